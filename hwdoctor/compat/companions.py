"""Which torchvision and torchaudio release goes with which torch release.

Their wheels are built against one torch release and pin it (`Requires-Dist:
torch==2.5.1`), so they move with torch: a torch reinstalled to another release, or from
another index, needs the companions of that release from the same index.

Sources: the compatibility table of pytorch/vision README.md ("Installation": torch 1.0
to 2.3 with torchvision 0.2 to 0.18), continued to torchvision 0.24 / torch 2.9 by each
torchvision release's own `torch==X.Y.Z` requirement; pytorch/audio's documentation
("Compatibility Matrix", torchaudio 0.5 to 0.13 for torch 1.5 to 1.13), and from torch
2.0 on torchaudio X.Y goes with torch X.Y (the same documentation). A torch release past
these tables has no companion named here: the chooser says so rather than guess.
"""

from __future__ import annotations

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
# The newest torch series torchaudio's own numbering is known to follow.
_TORCHAUDIO_SAME_UNTIL: Final = (2, 9)

NAMES: Final = ("torchvision", "torchaudio")


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
        return TORCHVISION.get(series)
    if name == "torchaudio":
        if series in TORCHAUDIO:
            return TORCHAUDIO[series]
        parsed = versions.parse(version)
        if parsed is not None and parsed.release[0] >= 2:
            return series  # from 2.0, torchaudio X.Y goes with torch X.Y
    return None


def series_for_torch(name: str, torch: str) -> str | None:
    """The companion series built for a torch release: ("torchvision", "2.5.1") → "0.20";
    None where the tables do not name one."""
    series = _series(torch)
    if series is None:
        return None
    table = TORCHVISION if name == "torchvision" else TORCHAUDIO if name == "torchaudio" else {}
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
