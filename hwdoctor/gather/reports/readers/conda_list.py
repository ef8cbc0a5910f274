"""conda list: "# packages in environment at PATH:", "#", "# Name  Version  Build  Channel",
then a "name  version  build  [channel]" row a package (conda's `conda list`, its columns as
conda/cli/main_list.py prints them; tests/data/reports/conda_list/, each with its source).

Each row is the package's version, as collect_env's `[conda]` lines are read: torch's conda
package is `pytorch` (its build string says its CUDA: "py3.8_cuda11.3_cudnn8.2.0_0"), its CUDA
runtime `pytorch-cuda` (from 2.0) or `cudatoolkit` (before), NVIDIA's own `cuda-*` packages.
The block ends at the first line that is neither a row nor one of conda's "#" lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import versions
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"^#\s{0,4}Name\s{1,40}Version\s{1,40}Build(?:\s{1,10}Channel)?\s*$")
# A package's row: its name, a version that starts with a digit, the build and the channel
# where the paste gives them (a row cut at the excerpt's end has neither).
_ROW: Final = re.compile(
    r"^([A-Za-z0-9_][\w.\-]{0,100})\s{1,60}(\d[\w.+!\-]{0,40})(?:\s{1,60}\S.*)?$"
)


class CondaList(Reader):
    """`conda list`'s table, from its column header."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, CondaList) and _HEADER.match(line.strip()) is not None

    def ends(self, line: Line) -> bool:
        text = line.text.strip()
        return bool(text) and not text.startswith("#") and _ROW.match(text) is None

    def read(self, line: Line) -> Iterator[Said]:
        row = _ROW.match(line.text.strip())
        if row:
            name = versions.canonical_name(row.group(1))
            yield line.says(FactKey.PACKAGE, row.group(2), name=name)


READER: Final = CondaList
