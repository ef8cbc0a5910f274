"""The PCI ID database's GPU rows (pci_ids.txt) and the amdgpu driver's chip of each AMD id.

A leaf that compat/pci.py (a GPU known only by its ids) and compat/gpus.py (a product's gfx
target by its chip) both read; the files and their sources are described in their headers
(tools/pci_ids.py and tools/amd_chips.py regenerate them).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Final

DATA: Final = Path(__file__).with_name("pci_ids.txt")
CHIPS: Final = Path(__file__).with_name("amd_chips.txt")
AMD: Final = "1002"


def _rows(path: Path) -> list[list[str]]:
    return [
        line.split("\t")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]


@functools.cache
def names() -> dict[tuple[str, str], str]:
    """(vendor, device) → the database's name ("Oland PRO [Radeon R7 240/340 / Radeon 520]")."""
    return {(vendor, device): name for vendor, device, name in _rows(DATA)}


@functools.cache
def amd_chips() -> dict[str, str]:
    """AMD device id → the amdgpu driver's chip ("6613" → "OLAND")."""
    return {row[0]: row[1] for row in _rows(CHIPS)}


def version() -> str:
    """The database's version, as its header says ("2026.10.24")."""
    for line in DATA.read_text(encoding="utf-8").splitlines()[:6]:
        match = re.search(r"Version: ([0-9.]+)", line)
        if match:
            return match[1]
    return "unknown"


def split(full: str) -> tuple[str, tuple[str, ...]]:
    """A database name as its codename and the products in its brackets, each named in
    full: "Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]" → ("Navi 31", ("Radeon RX
    7900 XT", "Radeon RX 7900 XTX", ...)); a name without brackets is its own product."""
    # issue 38 (s16-mend-amd): str methods, not a pattern: a name is read from a paste too
    # (gpus.amd_targets), and `\[([^\]]+)\]\s*$` searched from each "[" of a 64 KB line to
    # its end (9 s), `\s*/\s*` from each space of a run (4.7 s). The brackets are the last
    # "[" … "]" that ends the name with no "]" inside, from the first "[" after the one
    # before it, as that pattern read them.
    name = full.rstrip()
    inside = name.rfind("]", 0, len(name) - 1) + 1
    start = name.find("[", inside, len(name) - 1) if name.endswith("]") else -1
    if start < 0 or start + 1 == len(name) - 1:
        return full, (full,)
    codename = full[:start].strip()
    found: list[str] = []
    for slashed in name[start + 1 : -1].split("/"):
        part = slashed.strip()
        words = part.split()
        if not words:
            continue
        # a part that is a number alone ("7900 XTX" after "Radeon RX 7900 XT", "340" after
        # "Radeon R7 240", "M365X" after "Radeon R7 M265") is named by the product before
        # it: that product's words before its last word with a digit ("Radeon RX", "Radeon R7")
        bare = words[0][:1].isdigit() or (len(words) == 1 and any(c.isdigit() for c in part))
        if found and bare:
            before = found[-1].split()
            last = max((i for i, w in enumerate(before) if any(c.isdigit() for c in w)), default=0)
            part = " ".join([*before[:last], *words])
        found.append(part)
    return codename, tuple(found)
