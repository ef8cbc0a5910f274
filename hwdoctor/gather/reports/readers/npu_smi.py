"""npu-smi info: its header ("| npu-smi 24.1.rc3.7   Version: 24.1.rc3.7 |") and a row per
NPU chip ("| 0     910B3  | OK  | …"), as Ascend's tool prints them
(tests/data/reports/npu_smi/, each with its source)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"npu-smi\s+(\S+)\s+Version:\s*(\S+)")
_ROW: Final = re.compile(
    r"^\|\s*(\d{1,3})\s+([A-Za-z]*\d{3}\w*)\s+\|\s*(OK|Warning|Alarm|Critical)"
)
# issue 38: a chip's Health as npu-smi says it: OK, Warning (一般告警, a minor alarm), Alarm
# (重要告警, a major one), Critical (紧急告警), or UNKNOWN (npu-smi reference, "查询指定芯片健康
# 状态", https://www.hiascend.com/document/detail/zh/Atlas%20200I%20A2/2520/re/npu/npusmi_028.html).
# Alarm and Critical state a fault of the chip: an error line wherever no finding accounts
# for it.
_FAULTED: Final = frozenset({"Alarm", "Critical"})


class NpuSmi(Reader):
    """npu-smi's table, from its header to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return _HEADER.search(line) is not None

    def read(self, line: Line) -> Iterator[Said]:
        header = _HEADER.search(line.text)
        if header:  # the block's first line
            self.version = header.group(2)
            return
        row = _ROW.match(line.text)
        if row:
            yield line.says(FactKey.ASCEND_CHIP, row.group(2), index=int(row.group(1)))
            if row.group(3) in _FAULTED:
                yield line.says(FactKey.NPU_HEALTH_ALARM, row.group(3), index=int(row.group(1)))


READER: Final = NpuSmi
