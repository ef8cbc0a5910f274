"""Host names in a list as Slurm writes them (`gpu[001-042,044]`), and such a list read back
(`detect --from DIR --expect HOSTLIST`), so a report about a thousand nodes names each
without a thousand lines.

The names come from evidence files and their file names, anyone's. A host name is what RFC
1123 §2.1 (after RFC 952) allows: ASCII letters, digits and hyphens, dots between labels.
Such a name is shown as it is; any other is shown quoted, each other character escaped
(`'gpu\\u0661\\u0662'`), and never folded into a plain one: Arabic-Indic digits are not 12,
`²` is not 2, whatever `str.isdigit()`, `int()` and `re`'s Unicode `\\d` think. Only a run of
ASCII digits at the end of a name is a number to compress, order or expand.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import Final

# A name shown longer than this is cut, with "…" (RFC 1035 allows 253 characters in all).
MAX_HOST_CHARS: Final = 64
# --expect names at most this many nodes (Slurm's own ceiling is 64K hosts per range,
# MAX_RANGE in src/common/hostlist.h, and 256K ranges per bracket); and its text this long.
MAX_EXPECTED: Final = 100_000
MAX_EXPRESSION_CHARS: Final = 64 * 1024
# RFC 1123's characters, ASCII only: nothing else is shown unescaped.
_PLAIN_CHARS: Final = frozenset(string.ascii_letters + string.digits + "-.")
_PLAIN: Final = re.compile(r"\A[A-Za-z0-9.-]+\Z", re.ASCII)
# A label ending in ASCII digits: its prefix and its number (Slurm's hostlist reads the last
# run). The prefix may hold what a device string has (`cuda:`), never a quote, a backslash,
# a bracket, a comma or a space, so a compressed list reads back as the labels it came from.
_NUMBERED: Final = re.compile(r"\A([A-Za-z0-9._:/-]*?)([0-9]{1,18})\Z", re.ASCII)
_DIGIT_RUNS: Final = re.compile(r"([0-9]{1,18})", re.ASCII)
# Inside --expect's brackets: a number or a range of them, ASCII digits.
_RANGE: Final = re.compile(r"([0-9]{1,18})(?:-([0-9]{1,18}))?", re.ASCII)


class HostListError(ValueError):
    """A host-list expression that does not read as Slurm's syntax, or names too many."""


def is_plain(name: str) -> bool:
    """Whether `name` is of RFC 1123's characters only (and not empty)."""
    return _PLAIN.fullmatch(name) is not None


def shown(name: str) -> str:
    """One host (or file) name as a report shows it, at most MAX_HOST_CHARS characters: as
    it is when plain; else quoted, every character but RFC 1123's escaped (`\\xb2`,
    `\\u0661`, `\\U0001f600`), so it can neither pass for another name nor carry a control
    character, a bidi override or a list separator."""
    if is_plain(name):
        return name if len(name) <= MAX_HOST_CHARS else name[: MAX_HOST_CHARS - 1] + "…"
    out = ["'"]
    length = 2  # the quotes
    for char in name:
        piece = char if char in _PLAIN_CHARS else _escape(char)
        if length + len(piece) > MAX_HOST_CHARS - 1:  # room for "…"
            out.append("…")
            break
        out.append(piece)
        length += len(piece)
    out.append("'")
    return "".join(out)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def sort_key(label: str) -> tuple[object, ...]:
    """gpu2 before gpu10: runs of ASCII digits compare as numbers, nothing else does. The
    parts alternate text and number, so two keys always compare."""
    return tuple(
        int(part) if index % 2 else part for index, part in enumerate(_DIGIT_RUNS.split(label))
    )


def compress(labels: Iterable[str], limit: int | None = None) -> str:
    """Labels (names already `shown`, device strings) as a Slurm-style list,
    `gpu[001-003,005],login1`: labels that differ only in their last run of ASCII digits (of
    the same width) share one bracket; each distinct label once; any other label as it is.
    With `limit`, at most that many ranges are written, then how many labels are left out."""
    numbered: dict[tuple[str, int], set[int]] = {}
    plain: set[str] = set()
    for label in set(labels):
        match = _NUMBERED.fullmatch(label)
        if match:
            numbered.setdefault((match.group(1), len(match.group(2))), set()).add(
                int(match.group(2))
            )
        else:
            plain.add(label)
    # (prefix, -width: the wider numbers first where two widths share a prefix, names
    # covered, ranges): an order of their own, not the sets' (hash-seeded) order
    entries: list[tuple[str, int, int, list[str]]] = []
    for (prefix, width), numbers in numbered.items():
        runs = _runs(sorted(numbers))
        parts = [f"{a:0{width}d}" if a == b else f"{a:0{width}d}-{b:0{width}d}" for a, b in runs]
        entries.append((prefix, -width, len(numbers), [f"{prefix}{part}" for part in parts]
                        if len(numbers) == 1 else [f"{prefix}[{','.join(parts)}]"]))  # fmt: skip
    entries += [(label, 0, 1, [label]) for label in plain]
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


def expand(expression: str, limit: int = MAX_EXPECTED) -> tuple[str, ...]:
    """The host names a Slurm host-list expression names, each once, in its order.

    The syntax is slurm.conf(5)'s (NodeName; SchedMD/slurm doc/man/man5/slurm.conf.5 at
    284c3b95): names separated by commas (or whitespace, as Slurm::Hostlist(3pm) says),
    each with one or more pairs of square brackets holding comma-separated numbers and
    ranges `a-b` (`linux[0-64,128]`, `rack[0-63]_blade[0-41]` is every pair); a range's
    first number gives the width, so leading zeros make fixed-width numbers
    (`linux[0000-1023]`). As src/common/hostlist.c's `_parse_single_range` does, a range
    whose first number is above its last, an empty bracket or one never closed is an error.
    Names outside the brackets are RFC 1123's characters. More than `limit` names, or an
    expression over MAX_EXPRESSION_CHARS, is refused before any is made."""
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise HostListError(f"longer than {MAX_EXPRESSION_CHARS:,} characters")
    names: dict[str, None] = {}
    for item in _items(expression):
        pieces = _pieces(item)
        count = 1
        for piece in pieces:
            if not isinstance(piece, str):
                count *= len(piece)
        if len(names) + count > limit:
            raise HostListError(f"names more than {limit:,} hosts")
        combined = [""]
        for piece in pieces:
            options = (piece,) if isinstance(piece, str) else piece
            combined = [head + option for head in combined for option in options]
        names.update(dict.fromkeys(combined))
    if not names:
        raise HostListError("names no host")
    return tuple(names)


def _items(expression: str) -> list[str]:
    """The expression's names, split at commas and whitespace outside brackets."""
    items: list[str] = []
    current: list[str] = []
    depth = 0
    for char in expression:
        if char == "[":
            if depth:
                raise HostListError("a bracket inside a bracket")
            depth = 1
        elif char == "]":
            if not depth:
                raise HostListError("a ']' without its '['")
            depth = 0
        elif not depth and (char == "," or char in " \t\n"):
            items.append("".join(current))
            current = []
            continue
        current.append(char)
    if depth:
        raise HostListError("a '[' never closed")
    items.append("".join(current))
    return [item for item in items if item]


class _Numbers(tuple[str, ...]):
    """The numbers one bracket stands for, formatted."""


def _pieces(item: str) -> list[str | _Numbers]:
    """A name as text and the numbers of each bracket."""
    pieces: list[str | _Numbers] = []
    for index, part in enumerate(re.split(r"\[([^\]]*)\]", item)):
        if index % 2 == 0:
            bad = next((char for char in part if char not in _PLAIN_CHARS), None)
            if bad is not None:
                raise HostListError(
                    f"{shown(bad)} is not a host name's character (RFC 1123: "
                    "ASCII letters, digits, '-' and '.')"
                )
            if part:
                pieces.append(part)
        else:
            pieces.append(_bracket(part))
    return pieces


def _bracket(text: str) -> _Numbers:
    if not text:
        raise HostListError("an empty bracket []")
    numbers: dict[str, None] = {}
    for part in text.split(","):
        match = _RANGE.fullmatch(part)
        if match is None:
            raise HostListError(
                f"{shown(part)} in a bracket is not a number or a range of "
                "ASCII digits, such as 01-16"
            )
        first, last = match.group(1), match.group(2) or match.group(1)
        low, high = int(first), int(last)
        if low > high:
            raise HostListError(f"the range {part} runs backwards")
        if len(numbers) + high - low + 1 > MAX_EXPECTED:
            raise HostListError(f"a bracket names more than {MAX_EXPECTED:,} hosts")
        width = len(first)
        numbers.update(dict.fromkeys(f"{n:0{width}d}" for n in range(low, high + 1)))
    return _Numbers(numbers)


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
