"""nvidia-smi: the table's header ("NVIDIA-SMI 550.40.07  Driver Version: 550.40.07  CUDA
Version: 12.4"; from the 610 drivers "KMD Version" and "CUDA UMD Version") and its GPU rows
("|   0  NVIDIA GeForce RTX 4070   Off |"), as real outputs print them
(tests/data/reports/nvidia_smi/, each with its source); also indented, as
`text-generation-launcher --env` prints the table three spaces in
(text-generation-inference launcher/src/env_runtime.rs: `nvidia_smi.replace('\\n', "\\n   ")`;
tests/data/reports/tgi_env/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

HEADER: Final = re.compile(
    r"NVIDIA-SMI\s+([\d.]+)\s+(?:Driver|KMD) Version:\s*([\d.]+)\s+(?:CUDA(?: UMD)? Version:\s*"
    r"([\d.]+|N/A))?"
)
_KMD: Final = re.compile(r"KMD Version:\s*([\d.]+)")
_UMD: Final = re.compile(r"CUDA UMD Version:\s*([\d.]+)")
# A GPU row's first cell (between the line's first two `|`): index, name, persistence mode.
_ROW: Final = re.compile(r"^\s*(\d{1,3})\s{2,}(\S.*\S)\s+(?:On|Off)$")


class NvidiaSmi(Reader):
    """nvidia-smi's table, from its header to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return HEADER.search(line) is not None or "KMD Version" in line

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text
        header = HEADER.search(text)
        if header:  # the block's first line: a header opens a block of its own
            self.version = header.group(1)
            yield line.says(FactKey.DRIVER, header.group(2))
            if header.group(3):
                yield line.says(FactKey.DRIVER_CUDA, header.group(3))
            if header.group(1) != header.group(2):
                yield line.says(FactKey.SMI_VERSION, header.group(1))
            return
        kmd = _KMD.search(text)
        if kmd:
            yield line.says(FactKey.DRIVER, kmd.group(1))
        umd = _UMD.search(text)
        if umd:
            yield line.says(FactKey.DRIVER_CUDA, umd.group(1))
        text = text.lstrip()  # TGI's --env indents the table
        row = _ROW.match(text.split("|", 2)[1].rstrip()) if text.startswith("|") else None
        if row and not row.group(2).startswith(("GPU", "Fan", "N/A")):
            yield line.says(FactKey.GPU, row.group(2), index=int(row.group(1)))


READER: Final = NvidiaSmi
