"""nvidia-smi -q: "==============NVSMI LOG==============", then "Key : value" lines: "Driver
Version", "CUDA Version", "Attached GPUs" and a "Product Name" per GPU
(tests/data/reports/nvidia_smi/, each with its source)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

# From the start of a run of "=" only: tried from each "=" of a long line, it was quadratic.
_START: Final = re.compile(r"(?<!=)=+\s*NVSMI LOG\s*=+")
_LINE: Final = re.compile(
    r"^\s*(Driver Version|CUDA Version|Product Name|Attached GPUs)\s+:\s*(.+)$"
)


class NvidiaSmiQ(Reader):
    """nvidia-smi -q's report, from its banner (or, outside any block, its "Driver Version"
    line, where the paste starts there) to the next tool's block."""

    def __init__(self) -> None:
        self.gpus = 0  # "Product Name" lines read: the next GPU's index

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        if _START.search(line):
            return True
        return (
            open is None and line.lstrip().startswith("Driver Version") and bool(_LINE.match(line))
        )

    def read(self, line: Line) -> Iterator[Said]:
        match = _LINE.match(line.text)
        if not match:
            return
        key, value = match.group(1), match.group(2).strip()
        if key == "Driver Version":
            yield line.says(FactKey.DRIVER, value)
        elif key == "CUDA Version":
            yield line.says(FactKey.DRIVER_CUDA, value)
        elif key == "Product Name":
            yield line.says(FactKey.GPU, value, index=self.gpus)
            self.gpus += 1


READER: Final = NvidiaSmiQ
