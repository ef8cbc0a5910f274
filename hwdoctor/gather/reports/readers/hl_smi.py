"""hl-smi: Intel Gaudi's (Habana Labs') management tool, its default table.

The layout, as the tool prints it (tests/data/reports/hl_smi/, each with its source): a
header "| HL-SMI Version:  hl-1.15.1-fw-49.0.0.0 |" (the SynapseAI release hl-smi belongs to,
then the firmware's version after "-fw-"; 1.4 printed "hl-1.4.1-rc-fw-35.0.2.0"), "| Driver
Version:  1.15.1-62f612b |", from 1.20 a "Nic Driver Version" line, then a row per device
("|   0  HL-225              N/A  | 0000:19:00.0     N/A | …"): its index ("AIP") and name,
HL-205 (Gaudi), HL-225 (Gaudi 2), HL-325 (Gaudi 3) and their variants. The "Compute
Processes" rows below ("|   0        N/A   N/A    N/A …") name no device.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = "HL-SMI Version:"
_VERSION: Final = re.compile(
    r"HL-SMI Version:\s{0,80}hl-(\d{1,3}(?:\.\d{1,4}){1,3})(?:-rc)?-fw-([\d.]{1,20})"
)
_DRIVER: Final = re.compile(r"^\|\s{0,4}Driver Version:\s{0,80}(\d[\w.-]{0,40})")
_ROW: Final = re.compile(r"^\|\s{1,6}(\d{1,3})\s{1,10}(HL-\w{1,10})\s{1,40}(?:N/A|On|Off)\s{0,5}\|")
# Gaudi's backend, found by its vendor tool (hwdoctor/registry.py).
_HPU: Final = registry.key_of_tool("hl-smi")


class HlSmi(Reader):
    """hl-smi's table, from its header to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return _HEADER in line

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        if _HEADER in text:
            version = _VERSION.search(text)
            if version:
                self.version = version.group(1)
                yield line.says(FactKey.DEVICE_SOFTWARE, version.group(1), name=_HPU)
                yield line.says(FactKey.DEVICE_FIRMWARE, version.group(2), name=_HPU)
            return
        if driver := _DRIVER.match(text):
            yield line.says(FactKey.DEVICE_DRIVER, driver.group(1), name=_HPU)
        elif row := _ROW.match(text):
            yield line.says(FactKey.DEVICE, row.group(2), index=int(row.group(1)), name=_HPU)


READER: Final = HlSmi
