"""amd-smi: the command line itself ("$ amd-smi static") or its "ASIC:" section, then "GPU:
0" rows and "MARKET_NAME:" / "TARGET_GRAPHICS_VERSION:" lines (ROCm/amdsmi's amdsmi_cli;
tests/data/reports/amd_smi/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers import amd
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said

# issue 38: the command after a shell prompt and sudo, as pasted ("user@host:~/dir$ sudo
# amd-smi list": tests/data/reports/amd_smi/rocmsystems3654-…, rocm5480-…).
_START: Final = re.compile(r"^\s*(?:[\w.@~:/\-]{0,200}\$\s*)?(?:sudo\s+)?amd-smi\b|^\s*ASIC:\s*$")


class AmdSmi(Reader):
    """An amd-smi report, up to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, AmdSmi) and _START.search(line) is not None

    def read(self, line: Line) -> Iterator[Said]:
        return amd.said(line, rows=True)


READER: Final = AmdSmi
