"""Host names in a list as Slurm writes them (`gpu[001-042,044]`), so a report about a
thousand nodes names each without a thousand lines.

The names come from evidence files, anyone's: each is bounded before it is shown, and the
caller neutralises the result for where it goes (a terminal, Markdown).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from hwdoctor.text import clip, one_line

# A host name longer than this is shown clipped (RFC 1035 allows 253 characters in all).
MAX_HOST_CHARS: Final = 64
# A name ending in digits: its prefix and its number (Slurm's hostlist reads the last run).
_NUMBERED: Final = re.compile(r"(.*?)(\d{1,18})\Z", re.S)


def shown(name: str) -> str:
    """One host name as a report shows it: one printable line, at most MAX_HOST_CHARS."""
    return clip(one_line(name), MAX_HOST_CHARS) or "?"


def compress(names: Iterable[str], limit: int | None = None) -> str:
    """The names as a Slurm-style list, `gpu[001-003,005],login1`: names that differ only in
    their last number (of the same width) share one bracket; each distinct name once. With
    `limit`, at most that many ranges are written, then how many names are left out."""
    numbered: dict[tuple[str, int], set[int]] = {}
    plain: set[str] = set()
    for name in {shown(name) for name in names}:
        match = _NUMBERED.match(name)
        if match:
            numbered.setdefault((match.group(1), len(match.group(2))), set()).add(
                int(match.group(2))
            )
        else:
            plain.add(name)
    # (prefix, -width: the wider numbers first where two widths share a prefix, names
    # covered, ranges): an order of their own, not the sets' (hash-seeded) order
    entries: list[tuple[str, int, int, list[str]]] = []
    for (prefix, width), numbers in numbered.items():
        runs = _runs(sorted(numbers))
        parts = [f"{a:0{width}d}" if a == b else f"{a:0{width}d}-{b:0{width}d}" for a, b in runs]
        entries.append((prefix, -width, len(numbers), [f"{prefix}{part}" for part in parts]
                        if len(numbers) == 1 else [f"{prefix}[{','.join(parts)}]"]))  # fmt: skip
    entries += [(name, 0, 1, [name]) for name in plain]
    entries.sort(key=lambda entry: entry[:2])
    out: list[str] = []
    left = 0
    for _, _, count, parts in entries:
        if limit is not None and len(out) >= limit:
            left += count
            continue
        out.extend(parts)
    text = ",".join(out)
    return f"{text} and {left:,} more" if left else text


def numbers(values: Iterable[int]) -> str:
    """Whole numbers as ranges, `0-7,9` (ranks, local ranks)."""
    return ",".join(f"{a}" if a == b else f"{a}-{b}" for a, b in _runs(sorted(set(values))))


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs
