"""Which of many patterns can match a line, told by the words each pattern's matches contain.

A paste's every line is tried against a few hundred message patterns, and nearly every line
matches none of them. Most patterns hold a fixed word that any match contains ("Found no
NVIDIA driver", "bitsandbytes", "libtpu"): a line without it cannot match, and `word in line`
costs a fraction of a regex search. `Screen` reads each pattern's words from the pattern
itself, with the standard library's own regex parser, so no list of words is kept by hand
beside the patterns, and tries only the patterns whose words the line holds, in their order.

A pattern from which no word can be read (every alternative too short, or none fixed) is
tried on every line, as before. The words are read so that they never drop a match: a word
is taken from a literal run every match passes through (a group's, a branch's only where every
branch gives one, a repeat's only when it repeats at least once, a lookahead's or a
lookbehind's, which the line holds around the match); a pattern matched ignoring case keeps
its words casefolded and is screened on the casefolded line (with "İ" and "ı" as "i", as `re`
matches them: `folded`).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final


def _stdlib(name: str, before_311: str) -> Any:
    """The module `re` compiles with: its parser and its opcodes (named `sre_parse` and
    `sre_constants` before Python 3.11, deprecated under those names since)."""
    try:
        return importlib.import_module(name)
    except ImportError:  # pragma: no cover - Python 3.10
        return importlib.import_module(before_311)


_parser: Final = _stdlib("re._parser", "sre_parse")
_ops: Final = _stdlib("re._constants", "sre_constants")
_compiler: Final = _stdlib("re._compiler", "sre_compile")

# A shorter word is in too many lines to screen any out.
SHORTEST: Final = 3

# A word, and whether it is matched ignoring case (then casefolded).
Word = tuple[str, bool]

_REPEATS: Final = tuple(
    getattr(_ops, name)
    for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
    if hasattr(_ops, name)
)
_ATOMIC: Final = getattr(_ops, "ATOMIC_GROUP", None)


def _score(words: frozenset[Word] | None) -> int:
    """How much a set of words screens: its shortest word, 0 when one is too short."""
    if not words:
        return 0
    shortest = min(len(word) for word, _ in words)
    return shortest if shortest >= SHORTEST else 0


def _better(one: frozenset[Word] | None, other: frozenset[Word] | None) -> frozenset[Word] | None:
    """The set that screens more: the longer shortest word, then the fewer words."""
    if _score(other) > _score(one) or (
        _score(other) == _score(one) and other and one and len(other) < len(one)
    ):
        return other
    return one


def _required(items: Iterable[tuple[Any, Any]], fold: bool) -> frozenset[Word] | None:
    """Words of which every match of the parsed sequence `items` contains one."""
    best: frozenset[Word] | None = None
    run: list[str] = []

    def close() -> None:
        nonlocal best
        if run:
            best = _better(best, frozenset({("".join(run), fold)}))
            run.clear()

    for op, value in items:
        if op is _ops.LITERAL and (not fold or value < 128):
            run.append(chr(value).casefold() if fold else chr(value))
            continue
        close()
        if op is _ops.SUBPATTERN:
            _, added, removed, inner = value
            inner_fold = bool((fold or added & re.IGNORECASE) and not removed & re.IGNORECASE)
            best = _better(best, _required(inner, inner_fold))
        elif op is _ops.BRANCH:
            branches = [_required(branch, fold) for branch in value[1]]
            if all(_score(words) for words in branches):
                best = _better(best, frozenset().union(*(w for w in branches if w)))
        elif op in _REPEATS and value[0] >= 1:
            best = _better(best, _required(value[2], fold))
        elif op is _ops.ASSERT:  # the line holds a lookaround's words beside the match
            best = _better(best, _required(value[1], fold))
        elif _ATOMIC is not None and op is _ATOMIC:
            best = _better(best, _required(value, fold))
    close()
    return best if _score(best) else None


def words(pattern: re.Pattern[str]) -> frozenset[Word] | None:
    """Words of which every match of `pattern` contains (or has around it) at least one, each
    at least `SHORTEST` characters long; None when the pattern gives no such words."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, RecursionError):  # pragma: no cover - compiled already, so parses
        return None
    # the flags the pattern was given and those it sets itself, `(?i)`
    return _required(parsed, bool(parsed.state.flags & re.IGNORECASE))


@dataclass(frozen=True, slots=True)
class Known:
    """The words `words` reads of each of a sequence of patterns, with what they were read
    from (`read_from`): what `source` writes to a file, for `Screen.of` to take instead of
    reading them again."""

    patterns: tuple[tuple[int, str], ...]
    words: tuple[frozenset[Word] | None, ...]


def read_from(patterns: Sequence[re.Pattern[str]]) -> tuple[tuple[int, str], ...]:
    """What the words of `patterns` are read from: each one's flags and text, in order."""
    return tuple((pattern.flags, pattern.pattern) for pattern in patterns)


def source(patterns: Sequence[re.Pattern[str]]) -> str:
    """The words of each of `patterns` with its flags and text, as JSON lines of a list, for
    `known` to read back."""
    rows = []
    for pattern in patterns:
        found = words(pattern)
        shown = None if found is None else sorted([word, fold] for word, fold in found)
        rows.append(json.dumps([pattern.flags, pattern.pattern, shown], ensure_ascii=False))
    return "[\n" + ",\n".join(rows) + "\n]\n"


def known(path: Path) -> Known | None:
    """The words `source` wrote to `path`; None where it cannot be read."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return Known(
            tuple((int(flags), str(text)) for flags, text, _ in rows),
            tuple(
                None if found is None else frozenset((str(w), bool(f)) for w, f in found)
                for _, _, found in rows
            ),
        )
    except (OSError, ValueError, TypeError):
        return None


def by_first(alternatives: Iterable[str]) -> str:
    """An alternation of `alternatives` (patterns' texts, in the order they are to be tried),
    written as `re` tries it faster and matches the same: those that start with the same
    character in one group, each group at its first member's place, the members in their own
    order, an alternative met again dropped. `re` tries every alternative of an alternation at
    each place in a line, and one that starts with another character fails there at once; so
    two alternatives that start with different characters, neither of which a character of
    the line matches as well as the other, never both match at one place, and the first that
    matches is the same. Names of a few hundred libraries, tried at every place of every line
    (readers/asked.py `LIBRARY`), then cost one try per first character, not per name
    (issue 38, s20-speed).

    A group's character is one no character of a line matches as it matches another group's,
    even ignoring case: an ASCII lower-case letter or a digit (each ASCII letter's case
    partners, "K" U+212A and "ſ" U+017F among them, are no other ASCII letter's), or a
    character without case ("昇"). An alternative that starts otherwise (escaped, upper-case,
    a cased letter outside ASCII) leaves the alternation as it was given."""
    given = list(alternatives)
    groups: dict[str, list[str]] = {}
    for alternative in dict.fromkeys(given):  # a second copy can never be the first to match
        first = alternative[:1]
        grouped = (first.isascii() and (first.islower() or first.isdigit())) or (
            not first.isascii() and first.lower() == first.upper() == first and first.isalnum()
        )
        if not grouped:
            return "|".join(given)
        groups.setdefault(first, []).append(alternative[1:])
    return "|".join(
        first + (rests[0] if len(rests) == 1 else "(?:" + "|".join(rests) + ")")
        for first, rests in groups.items()
    )


@dataclass(frozen=True, slots=True)
class Searched:
    """Whether one pattern of many alternatives matches somewhere in a line, its words asked
    first (issue 38, s21-distinct). `re` tries every top-level alternative at every place of a
    line; one whose alternatives start with a lookbehind or `\\b` gives it no prefix to skip
    ahead by (`cleaning._ERROR_LIKE`'s 40 cost 21 µs a line). A match of the pattern is a match
    of one of its alternatives, which holds a word `words` reads of it (`_required`): a line
    without any of the words of the alternatives words are read from, where none of the others
    (`wordless`, compiled alone from their parsed form) matches either, matches nowhere; any
    other line is searched with the whole pattern, so the answer is the pattern's own."""

    pattern: re.Pattern[str]
    words: tuple[Word, ...]  # folded words first asked of the folded line, then the others
    wordless: tuple[re.Pattern[str], ...]

    @classmethod
    def of(cls, pattern: re.Pattern[str]) -> Searched:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
        fold = bool(parsed.state.flags & re.IGNORECASE)
        items = list(parsed)
        branches = items[0][1][1] if len(items) == 1 and items[0][0] is _ops.BRANCH else [parsed]
        found: set[Word] = set()
        wordless = []
        for branch in branches:
            words = _required(branch, fold)
            if words is None:
                wordless.append(_compiler.compile(branch, pattern.flags))
            else:
                found.update(words)
        return cls(pattern, tuple(sorted(found, key=lambda w: (not w[1], w[0]))), tuple(wordless))

    def found(self, text: str) -> bool:
        """Whether `pattern.search(text)` finds a match."""
        line = folded(text)
        if any(word in (line if fold else text) for word, fold in self.words) or any(
            other.search(text) is not None for other in self.wordless
        ):
            return self.pattern.search(text) is not None
        return False


@dataclass(frozen=True, slots=True)
class Screen:
    """The patterns a line can match, by their words: `candidates(line)` gives the indexes
    of the patterns to try, in their order. Words are looked up by their first three
    characters, casefolded, among the line's: a line is read once, whatever the number of
    words."""

    by_start: Mapping[str, tuple[tuple[str, bool, tuple[int, ...]], ...]]  # word, folded, users
    always: frozenset[int]  # patterns that give no words: tried on every line

    @classmethod
    def of(cls, patterns: Sequence[re.Pattern[str]], known: Known | None = None) -> Screen:
        """The screen of `patterns`; with `known`, the words read before (`source`) of the
        same patterns (each one's flags and text), else read again: reading them takes a
        tenth of a paste command's start (issue 38, s20-speed)."""
        same = known is not None and known.patterns == read_from(patterns)
        given = known.words if known is not None and same else None
        users: dict[Word, list[int]] = {}
        always: set[int] = set()
        for index, pattern in enumerate(patterns):
            found = given[index] if given is not None else words(pattern)
            if found is None:
                always.add(index)
            for needed in found or ():
                users.setdefault(needed, []).append(index)
        by_start: dict[str, list[tuple[str, bool, tuple[int, ...]]]] = {}
        for (word, fold), used in users.items():
            start = folded(word)[:SHORTEST]
            by_start.setdefault(start, []).append((word, fold, tuple(used)))
        return cls({start: tuple(rows) for start, rows in by_start.items()}, frozenset(always))

    def candidates(self, text: str) -> list[int]:
        hits = set(self.always)
        line = folded(text)
        starts = {line[at : at + SHORTEST] for at in range(len(line) - SHORTEST + 1)}
        for start in starts.intersection(self.by_start):
            for word, fold, used in self.by_start[start]:
                if word in (line if fold else text):
                    hits.update(used)
        return sorted(hits)


# issue 38 (s20-mendB): `re` ignoring case matches "i" with "İ" (U+0130, its simple lower case
# is "i") and with "ı" (U+0131, re._compiler's _equivalences pairs it with "i"), but "İ" casefolds
# to "i" and a combining dot above ("i̇") and "ı" to itself: a Turkish keyboard's "İntel" or
# "İllegal İnstruction" held a match the screen dropped. They are the only two characters outside
# ASCII that `re` ignoring case matches with an ASCII letter or digit where casefold does not give
# it (every other partner, "K" U+212A, "ſ" U+017F, casefolds to its ASCII letter).
_DOTTED: Final = "\u0130"
_DOTLESS: Final = "\u0131"


def folded(text: str) -> str:
    """`text` as the screen compares words with it: casefolded, "İ" and "ı" as "i" first (each
    character mapped on its own, so a word in a line is in the line folded)."""
    if _DOTTED in text or _DOTLESS in text:
        text = text.replace(_DOTTED, "i").replace(_DOTLESS, "i")
    return text.casefold()
