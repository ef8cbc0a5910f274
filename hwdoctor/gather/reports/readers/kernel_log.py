"""The kernel log's Xid and SXid lines in a paste (a `dmesg` or `journalctl -k` excerpt).

NVIDIA's driver logs each GPU fault as "NVRM: Xid (PCI:0000:3b:00): 79, pid=…, GPU has
fallen off the bus." and each NVSwitch fault as "nvidia-nvswitch0: SXid (PCI:0000:05:00.0):
12028, Fatal, …" (https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html).
A paste quotes them anywhere: in a log block, after a time stamp or a host name, in the
reporter's prose. Each line is read by the live scan's own parser (gather/kernel_log.py
`line_event`), so a paste and this machine's log say the same of the same line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Final

from hwdoctor.gather import kernel_log
from hwdoctor.gather.kernel_log import SXID, XID
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.model.facts import XidKind
from hwdoctor.model.pasted import FactKey

# The shortest line an event can be read from: "SXid (0000:00:00): 0,", the shorter of the
# two patterns' shortest matches (tests/test_regex_cost.py holds it to them).
SHORTEST: Final = 21
__all__ = ("READER", "SHORTEST", "SXID", "XID")


class KernelLog(LineReader):
    """Each Xid or SXid line: its code, on the device it names."""

    shortest: ClassVar[int] = SHORTEST

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        if len(line.text) < self.shortest:
            return
        event = kernel_log.line_event(line.text)
        if event is None:
            return
        key = FactKey.KERNEL_XID
        if event.kind is XidKind.SXID:
            key = FactKey.KERNEL_SXID_FATAL if event.fatal else FactKey.KERNEL_SXID
        yield line.says(key, str(event.code), name=event.device)


READER: Final = KernelLog
