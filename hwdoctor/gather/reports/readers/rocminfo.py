"""rocminfo: "ROCk module version 6.8.5 is loaded" (or "ROCk module is loaded"), "HSA System
Attributes", then an agent per CPU and GPU with its "Name: gfx1031" and "Marketing Name:"
(ROCm/rocminfo rocminfo.cc; tests/data/reports/rocminfo/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers import amd
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said

# The module's version is one word ("6.16.6"): `.*` there ran to the line's end from each
# "ROCk module version " of a line of them (quadratic within a line; issue 38).
_START: Final = re.compile(r"ROCk module (?:version \S+ )?is loaded|HSA System Attributes")


class Rocminfo(Reader):
    """A rocminfo report, up to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, Rocminfo) and _START.search(line) is not None

    def read(self, line: Line) -> Iterator[Said]:
        return amd.said(line, rows=False)


READER: Final = Rocminfo
