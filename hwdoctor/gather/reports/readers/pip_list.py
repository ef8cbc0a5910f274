"""pip list: "Package  Version" over a row of dashes, then "name  version" rows; the block
ends at the first line that is no row (pip's own `pip list` columns)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import versions
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"^\s*Package\s+Version(?:\s+\S+)*$")
_ROW: Final = re.compile(r"^\s*([A-Za-z0-9][\w.\-]*)\s+(\d[\w.+!\-]*)(?:\s+\S.*)?$")


def _row(text: str) -> re.Match[str] | None:
    return None if text.lstrip().startswith("-") else _ROW.match(text)


class PipList(Reader):
    """`pip list`'s table."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return _HEADER.match(line.rstrip()) is not None

    def ends(self, line: Line) -> bool:
        text = line.text
        return _row(text) is None and bool(text.strip()) and not text.lstrip().startswith("-")

    def read(self, line: Line) -> Iterator[Said]:
        row = _row(line.text)  # none on the header
        if row:
            name = versions.canonical_name(row.group(1))
            yield line.says(FactKey.PACKAGE, row.group(2), name=name)


READER: Final = PipList
