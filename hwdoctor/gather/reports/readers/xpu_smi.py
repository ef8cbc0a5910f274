"""xpu-smi discovery: Intel's GPU management tool (XPU Manager), its device table.

The layout, as the tool prints it (tests/data/reports/xpu_smi/, each with its source; the
table is built by intel/xpumanager's `cli/src/comlet_discovery.cpp`): a box whose header row
is "| Device ID | Device Information |", then per device a group of rows, the first
carrying the device's index in the first cell ("| 0 | Device Name: Intel(R) Data Center GPU
Max 1550 |"), the rest with that cell blank ("| | Vendor Name: Intel(R) Corporation |").
Older releases print "Device Type: GPU" on the first row and the name below it, so the
index is carried from a group's first row to its "Device Name:" row. SGLang's check_env
prints the same table after an "XPU Discovery:" line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"^\|\s{0,4}Device ID\s{0,4}\|\s{0,4}Device Information\b")
# A row of the box: its first cell (a device's index, or blank), then "Key: value".
_ROW: Final = re.compile(
    r"^\|\s{0,4}(\d{1,3})?\s{0,12}\|\s{0,4}([A-Za-z][A-Za-z ]{0,40}):\s?(.{0,200})"
)
# Intel GPUs' backend, found by its vendor tool (hwdoctor/registry.py).
_XPU: Final = registry.key_of_tool("xpu-smi")


class XpuSmi(Reader):
    """xpu-smi discovery's box, from its header row to the next tool's block."""

    index: int | None = None

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, XpuSmi) and _HEADER.match(line.strip()) is not None

    def read(self, line: Line) -> Iterator[Said]:
        row = _ROW.match(line.text.strip())
        if row is None:
            return
        if row.group(1) is not None:
            self.index = int(row.group(1))
        value = row.group(3).rstrip(" |")
        if row.group(2) == "Device Name" and self.index is not None and value:
            yield line.says(FactKey.DEVICE, value, index=self.index, name=_XPU)
        elif row.group(2) == "Driver Version" and value:
            yield line.says(FactKey.DEVICE_DRIVER, value, name=_XPU)


READER: Final = XpuSmi
