"""What AMD's tools say of a GPU, for the readers of their blocks (and collect_env's).

rocm-smi, amd-smi and rocminfo print "GFX Version: gfx1030", "TARGET_GRAPHICS_VERSION:
gfx950", "gcnArchName: gfx90a", rocminfo's "Name: gfx1031", and the marketing name
("Marketing Name:", amd-smi's "MARKET_NAME:", rocm-smi's "Card series:"); rocm-smi's and
amd-smi's listings have a row per GPU. Read from real outputs (tests/data/reports/, each
with its source).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Said
from hwdoctor.model.pasted import FactKey

SHORTEST: Final = 5  # no line shorter holds a target, a name or a row

_GFX_LINE: Final = re.compile(
    r"(?:GFX Version|TARGET_GRAPHICS_VERSION|gcnArchName|^\s*Name)\s*:\s*(gfx[0-9]{3,4}[a-f]?)\b"
)
_AMD_NAME: Final = re.compile(r"(?:Marketing Name|MARKET_NAME|Card [Ss]eries)\s*:\s*(.+)$")
_AMD_WORDS: Final = re.compile(r"Radeon|Instinct|\bMI\d{2,3}|FirePro|Vega|Navi")
# A GPU of rocm-smi's concise table ("0    51.0c  4.0W …"), of `rocm-smi --show…`
# ("GPU[0]  : …") and of `amd-smi list` ("GPU: 0").
_AMD_GPU_ROW: Final = re.compile(
    r"^\s*(\d{1,3})\s+\d+(?:\.\d+)?c\s|^\s*GPU\[(\d{1,3})\]|^\s*GPU: (\d{1,3})\s*$"
)


def said(line: Line, *, rows: bool) -> Iterator[Said]:
    """A GPU's row (where `rows`: rocm-smi's and amd-smi's listings), its gfx target, or its
    name, as the line says them."""
    text = line.text
    if len(text) < SHORTEST:
        return
    if rows and (row := _AMD_GPU_ROW.match(text)):
        index = next(group for group in row.groups() if group is not None)
        yield line.says(FactKey.AMD_GPU, index, index=int(index))
    gfx = _GFX_LINE.search(text)
    if gfx:
        yield line.says(FactKey.GFX, gfx.group(1))
        return
    name = _AMD_NAME.search(text)
    if name and _AMD_WORDS.search(name.group(1)):
        yield line.says(FactKey.AMD_NAME, name.group(1))
