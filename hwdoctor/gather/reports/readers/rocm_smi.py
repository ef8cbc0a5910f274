"""rocm-smi: its banner ("==== ROCm System Management Interface ====", or the concise
table's "==== Concise Info ===="), then a row per GPU and the targets and names of
`rocm-smi --showproductname` (rocm_smi_lib's rocm_smi.py; tests/data/reports/rocm_smi/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers import amd
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said

_START: Final = re.compile(r"ROCm System Management Interface|^=+\s*Concise Info\s*=+")


class RocmSmi(Reader):
    """A rocm-smi report, up to the next tool's block (its closing banner is its own)."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, RocmSmi) and _START.search(line) is not None

    def read(self, line: Line) -> Iterator[Said]:
        return amd.said(line, rows=True)


READER: Final = RocmSmi
