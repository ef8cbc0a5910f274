"""cnmon: Cambricon's MLU management tool, its default table.

The layout, as the tool prints it (tests/data/reports/cnmon/, each with its source:
PaddlePaddle/docs' MLU installation guides, CNMON v4.20.11, v5.10.10 and v5.10.13): a
banner "| CNMON v5.10.13      Driver v5.10.13 |" (the tool's version, and from the 5.x
driver the driver's version beside it; the 4.x banner names the tool alone, "| CNMON
v4.20.11   |"), the column heads ("| Card  VF  Name       Firmware | …"), then two rows per
card: "| 0     /   MLU370-X8    v1.1.6 |         0000:39:00.0 | 0%   N/A |" (its index, its
virtual function, "/" for the physical card, its model and its firmware; the 4.x driver
prints "| On          v4.20.11 |", whether it is initialised and the driver's version, where
5.x prints the Bus-Id) and its fan, temperature, power and memory. The "Processes" rows below
("|  Card  VF  PID    Command Line …") name no model.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = "CNMON"
_VERSION_RE: Final = r"(\d{1,3}(?:\.\d{1,4}){1,3})"
# "| CNMON v5.10.13      Driver v5.10.13 |" or "| CNMON v4.20.11     |"
_BANNER: Final = re.compile(r"^\|\s{0,4}CNMON v?" + _VERSION_RE)
_BANNER_DRIVER: Final = re.compile(r"Driver v" + _VERSION_RE + r"\s{0,4}\|$")
# "| 0     /   MLU370-X4    v1.1.6 | On          v4.20.11 | …" (4.x) or
# "| 0     /   MLU370-X8    v1.1.6 |         0000:39:00.0 | …" (5.x)
_ROW: Final = re.compile(
    r"^\|\s{0,4}(\d{1,3})\s{1,8}(?:/|\d{1,3})\s{1,8}(MLU[\w-]{1,20})\s{1,20}v?"
    + _VERSION_RE
    + r"\s{0,4}\|(?:\s{0,4}(?:On|Off)\s{1,20}v"
    + _VERSION_RE
    + r"\s{0,4}\|)?"
)
# Cambricon's backend, found by its vendor tool (hwdoctor/registry.py).
_MLU: Final = registry.key_of_tool("cnmon")


class Cnmon(Reader):
    """cnmon's table, from its banner to the next tool's block."""

    def __init__(self) -> None:
        self._firmware = False  # the firmware (and a 4.x driver) is said once, at card 0's row

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return _HEADER in line and _BANNER.match(line.strip()) is not None

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        if banner := _BANNER.match(text):
            self.version = banner.group(1)
            if driver := _BANNER_DRIVER.search(text):
                yield line.says(FactKey.DEVICE_DRIVER, driver.group(1), name=_MLU)
            return
        if row := _ROW.match(text):
            yield line.says(FactKey.DEVICE, row.group(2), index=int(row.group(1)), name=_MLU)
            if not self._firmware:
                self._firmware = True
                yield line.says(FactKey.DEVICE_FIRMWARE, row.group(3), name=_MLU)
                if row.group(4):
                    yield line.says(FactKey.DEVICE_DRIVER, row.group(4), name=_MLU)


READER: Final = Cnmon
