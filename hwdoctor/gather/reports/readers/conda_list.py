"""conda list: a conda environment's packages, one row a package.

The layout, as conda prints it (tests/data/reports/conda_list/, each with its source; conda's
`conda/cli/main_list.py` writes "# packages in environment at {prefix}:", "#", then the
header "# Name  Version  Build  Channel" and a row per package: name, version, build string
and, when it is not the default one, the channel). `conda list | grep pytorch` leaves only
rows, so a block also opens on the command as a prompt shows it ("$ conda list", "❯ conda
list | grep pytorch"). Each row is a package's version, as collect_env's `[conda]` lines are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import versions
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_PREFIX: Final = "# packages in environment at "
_HEADER: Final = re.compile(r"^#\s{0,4}Name\s{1,40}Version\s{1,40}Build\b")
# The command after a prompt: "$ conda list", "❯ conda list | grep torch", "conda list -n x".
_COMMAND: Final = re.compile(r"(?:^|[$❯>] )conda list(?:$| [|-])")
_ROW: Final = re.compile(r"^([A-Za-z0-9_][\w.\-]{0,100})\s{1,80}(\d[\w.+!\-]{0,60})(?:\s|$)")
# The pytorch channel's build string of pytorch itself says what it was built for, as the
# recordings print it: "py3.8_cuda11.3_cudnn8.2.0_0", "py3.7_cuda10.1.243_cudnn7.6.3_0"
# (pytorch/pytorch#35646), "py3.8_cpu_0" (meta-pytorch/data#315).
_BUILD: Final = re.compile(
    r"\s(py\d{1,2}\.?\d{0,3}_(?:cuda(\d{1,2}\.\d{1,2})[\d.]{0,12}|(cpu))_\w{1,20})"
)


class CondaList(Reader):
    """conda list's table, from its first line to the first line that is not a row."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        text = line.strip()
        if isinstance(open, CondaList):
            return False
        if text.startswith(_PREFIX) or _HEADER.match(text):
            return True
        return "conda list" in text and _COMMAND.search(text) is not None

    def ends(self, line: Line) -> bool:
        text = line.text.strip()
        return bool(text) and not text.startswith("#") and _ROW.match(text) is None

    def read(self, line: Line) -> Iterator[Said]:
        row = _ROW.match(line.text.strip())
        if row:
            name = versions.canonical_name(row.group(1))
            yield line.says(FactKey.PACKAGE, row.group(2), name=name)
            build = _BUILD.search(line.text) if name == "pytorch" else None
            if build:  # collect_env's "CUDA used to build PyTorch", "None" for the CPU build
                yield line.says(FactKey.TORCH_CUDA, build.group(2) or "None")


READER: Final = CondaList
