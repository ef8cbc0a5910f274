"""Which torchvision and torchaudio release goes with which torch release.

Their wheels are built against one torch release and pin it (`Requires-Dist:
torch==2.5.1`), so they move with torch: a torch reinstalled to another release, or from
another index, needs the companions of that release from the same index.

Sources: the compatibility table of pytorch/vision README.md ("Installation": torch 1.0
to 2.3 with torchvision 0.2 to 0.18), continued to torchvision 0.24 / torch 2.9 by each
torchvision release's own `torch==X.Y.Z` requirement; pytorch/audio's documentation
("Compatibility Matrix", torchaudio 0.5 to 0.13 for torch 1.5 to 1.13), and from torch
2.0 on torchaudio X.Y goes with torch X.Y (the same documentation). issue 38 (s19-companions):
the series after these rows (torchvision 0.25 on, torchaudio 2.10 on) are read from the
package index by `make refresh` (tools/companions.py: each series' first release's
`Requires-Dist: torch (==X.Y.Z)`) into companions_table.txt. A torch release past all of
them has no companion named here: the chooser says so rather than guess.

torchao's C++ extensions are built against one torch release too, though its wheels do not
pin it: torchao/__init__.py (pytorch/ao, read at each tag v0.13.0 to v0.18.0) loads them only
beside that release and otherwise warns and goes on without them; pytorch/ao#2919 keeps the
same table in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from hwdoctor import versions

# torchvision series → the torch series it is built for.
TORCHVISION: Final = {
    "0.2": "1.0", "0.3": "1.1", "0.4": "1.2", "0.5": "1.4", "0.6": "1.5", "0.7": "1.6",
    "0.8": "1.7", "0.9": "1.8", "0.10": "1.9", "0.11": "1.10", "0.12": "1.11",
    "0.13": "1.12", "0.14": "1.13", "0.15": "2.0", "0.16": "2.1", "0.17": "2.2",
    "0.18": "2.3", "0.19": "2.4", "0.20": "2.5", "0.21": "2.6", "0.22": "2.7",
    "0.23": "2.8", "0.24": "2.9",
}  # fmt: skip
# torchaudio series → torch series, before torchaudio took torch's numbers (2.0).
TORCHAUDIO: Final = {
    "0.5": "1.5", "0.6": "1.6", "0.7": "1.7", "0.8": "1.8", "0.9": "1.9", "0.10": "1.10",
    "0.11": "1.11", "0.12": "1.12", "0.13": "1.13",
}  # fmt: skip
# torchao release → the torch release its C++ extensions are built for (torchao/__init__.py's
# list at v0.14.1 to v0.16.0: 0.14.0's own release accepted 2.8.0 with 0.13.0 only, a slip its
# 0.14.1 list mends). From 0.17.0 the extensions need torch >= 2.11.0, which torchao's warning
# states itself. Verified against torchao 0.13.0 to 0.18.0.
TORCHAO: Final = {
    "0.13.0": "2.8.0", "0.14.0": "2.8.0", "0.14.1": "2.9.0", "0.15.0": "2.9.1",
    "0.16.0": "2.10.0",
}  # fmt: skip
# torch release → the torchao release built for it, the table read the other way, with
# pytorch/ao#2919's row for 0.12.0 (built for 2.7.1, 2.6.0 and 2.5.0, before torchao checked)
# and 0.13.0 for 2.8.0 (0.14.0 warns beside it). From torch 2.11.0 on, any torchao from 0.17.0.
_TORCHAO_FOR_TORCH: Final = {
    "2.5.0": "0.12.0", "2.6.0": "0.12.0", "2.7.1": "0.12.0", "2.8.0": "0.13.0",
    "2.9.0": "0.14.1", "2.9.1": "0.15.0", "2.10.0": "0.16.0",
}  # fmt: skip
# The newest torch series torchaudio's own numbering is known to follow.
_TORCHAUDIO_SAME_UNTIL: Final = (2, 9)
# The newest series of each hand-read table (torchaudio's: the last its documentation's
# same-number rule was read for); tools/companions.py reads the series after them.
TORCHVISION_READ: Final = max(TORCHVISION, key=lambda s: tuple(int(n) for n in s.split(".")))
TORCHAUDIO_READ: Final = ".".join(str(n) for n in _TORCHAUDIO_SAME_UNTIL)

NAMES: Final = ("torchvision", "torchaudio")
TABLE_FILE: Final = Path(__file__).with_name("companions_table.txt")
# the line written for a release whose metadata has no torch requirement at all
NO_REQUIREMENT: Final = "(no torch requirement)"


@dataclass(frozen=True, slots=True)
class GeneratedRow:
    """One series read from the index (companions_table.txt): the torch series its first
    release pins ("-": none pinned), that release, and the requirement line as read."""

    name: str
    series: str
    torch: str
    release: str
    line: str


def table_rows(text: str) -> tuple[GeneratedRow, ...]:
    """companions_table.txt's text, parsed (tools/companions.py writes it)."""
    rows: list[GeneratedRow] = []
    for line in text.splitlines():
        parts = line.split(" ", 4)
        if line.startswith("#") or len(parts) < 4 or parts[0] not in NAMES:
            continue
        name, series, torch, release = parts[:4]
        rows.append(GeneratedRow(name, series, torch, release, parts[4] if len(parts) > 4 else ""))
    return tuple(rows)


@cache
def generated_rows() -> tuple[GeneratedRow, ...]:
    return table_rows(TABLE_FILE.read_text(encoding="utf-8")) if TABLE_FILE.exists() else ()


def _generated(name: str) -> dict[str, str]:
    """The series the index pins to one torch series: {"0.25": "2.10", ...}."""
    return {r.series: r.torch for r in generated_rows() if r.name == name and r.torch != "-"}


def _series(version: str) -> str | None:
    parsed = versions.parse(version)
    if parsed is None or len(parsed.release) < 2:
        return None
    return f"{parsed.release[0]}.{parsed.release[1]}"


def torch_series_for(name: str, version: str) -> str | None:
    """The torch series a companion release is built for: torchvision 0.20.1 → "2.5"."""
    series = _series(version)
    if series is None:
        return None
    if name == "torchvision":
        return TORCHVISION.get(series) or _generated(name).get(series)
    if name == "torchaudio":
        if series in TORCHAUDIO:
            return TORCHAUDIO[series]
        if series in (read := _generated(name)):
            return read[series]
        parsed = versions.parse(version)
        # from 2.0, torchaudio X.Y goes with torch X.Y (its documentation), also where the
        # index's metadata pins nothing: torchaudio 2.11.0's wheel is compiled (cp311) and names
        # no torch, so its extension's own build, not its metadata, decides; a paste's
        # torchaudio still says which torch it was built for
        if parsed is not None and parsed.release[0] >= 2:
            return series
    return None


def series_for_torch(name: str, torch: str) -> str | None:
    """The companion series built for a torch release: ("torchvision", "2.5.1") → "0.20";
    None where the tables do not name one."""
    series = _series(torch)
    if series is None:
        return None
    table = TORCHVISION if name == "torchvision" else TORCHAUDIO if name == "torchaudio" else {}
    if name in NAMES:
        table = {**table, **_generated(name)}
    found = [own for own, for_torch in table.items() if for_torch == series]
    if found:
        return found[0]
    parsed = versions.parse(torch)
    if (
        name == "torchaudio"
        and parsed is not None
        and parsed.release[0] == 2
        and tuple(parsed.release[:2]) <= _TORCHAUDIO_SAME_UNTIL
    ):
        return series
    return None


def torch_for_torchao(version: str) -> str | None:
    """The torch release a torchao release's C++ extensions are built for: "0.15.0" → "2.9.1";
    None for a release the table does not name (a local build, a nightly, a newer release)."""
    parsed = versions.parse(version)
    if parsed is None or parsed.local is not None or parsed.is_prerelease or parsed.is_devrelease:
        return None
    return TORCHAO.get(".".join(str(n) for n in (*parsed.release, 0, 0)[:3]))


def torchao_for_torch(torch: str) -> str | None:
    """The torchao release whose C++ kernels are built for a torch release: "2.9.1" →
    "0.15.0"; None where the table names none (torch 2.11 on take any torchao from 0.17.0,
    which a pin would not say)."""
    return _TORCHAO_FOR_TORCH.get(torch)
