"""xpu-smi discovery: Intel's XPU Manager listing of its GPUs (issue 38).

The layout, as intel/xpumanager's user guide (doc/smi_user_guide.md) and the pastes of its
users print it (tests/data/reports/xpu_smi/, each with its source): a "| Device ID | Device
Information |" header between "+---+---+" rules, then a device per "| 0 | … |" row and its
continuation rows with a blank first cell; the device's name is on its "Device Name:" row,
the first row (`xpu-smi discovery`) or after "Device Type: GPU" (`xpu-smi discovery -d 0`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"^\|\s?Device ID\s{1,12}\|\s?Device Information\s{0,100}\|")
_DEVICE: Final = re.compile(r"^\|\s?(\d{1,3})\s{1,12}\|")
_NAME: Final = re.compile(r"\|\s?Device Name: (\S[^|]{0,119})\|")
# Intel's XPU backend, found by its vendor tool (hwdoctor/registry.py).
_XPU: Final = registry.key_of_tool("xpu-smi")


class XpuSmi(Reader):
    """xpu-smi discovery's table, from its header to the next tool's block or the first line
    that is neither a row nor a rule."""

    def __init__(self) -> None:
        self.index: int | None = None  # the device whose rows are being read

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, XpuSmi) and _HEADER.match(line.strip()) is not None

    def ends(self, line: Line) -> bool:
        text = line.text.strip()
        return bool(text) and not text.startswith(("|", "+"))

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        if device := _DEVICE.match(text):
            self.index = int(device.group(1))
        if (name := _NAME.search(text)) and self.index is not None:
            yield line.says(FactKey.DEVICE, name.group(1).strip(), index=self.index, name=_XPU)


READER: Final = XpuSmi
