"""Which regular expressions can take more than linear time, read from their parse trees.

Python's `re` backtracks: a pattern in which two unbounded quantifiers can share the same
characters, with nothing between them that only one of them can match, tries every way of
splitting a run of those characters between them when what follows fails. Three kinds were
found in the paste readers (issue 27):

- adjacent: `(.+?)\\s*:` on a run of spaces without a colon (`_BULLET`: cubic with three);
- nested: a quantified group whose body ends where the next pass can begin, `(a+)+`;
- searched: an unanchored pattern that starts with a quantifier, tried at every position of
  a long run and failing at its end (`=+\\s*NVSMI LOG` on a line of `=`, `[A-Za-z_]\\w*\\.so`
  on a long word): quadratic under `search()`/`finditer()`;
- repeated: an unanchored pattern whose fixed start is made of characters a later unbounded
  quantifier takes, with something after that quantifier that can fail (`rocBLAS error:
  .*?GPU arch`, `</?(?:p|b)\\b[^>]*>`): on its start repeated along a line, each start scans
  to the line's end and fails there, quadratic under `search()`/`finditer()` (issue 38).

`ambiguities(pattern)` names each place; the tests require none in the readers. The same
analysis gives each quantifier's characters, from which `attacks(pattern)` builds the long
lines that would find such a place (the bench times every pattern on them). A well-kept
ReDoS linter for Python would do the first; regexploit (1.0.0, 2021) reports cubic and worse
only and does not model the search loop, so the second and third kinds pass it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from hwdoctor.lazy_re import LazyPattern

if sys.version_info >= (3, 11):
    from re import _constants as sre  # type: ignore[attr-defined]
    from re import _parser as parser  # type: ignore[attr-defined]
else:  # pragma: no cover - Python 3.10
    import sre_constants as sre
    import sre_parse as parser

# The characters sets are judged on: ASCII, and a few others that text from the world holds
# (a no-break space, an ideographic space and colon, a letter with an accent, CJK).
ALPHABET = frozenset(map(chr, range(128))) | frozenset("\u00a0\u3000：é中™")
# A repeat bounded by this many (`{1,80}`) costs at most that factor: not counted.
BOUND = 256

CharSet = frozenset[str]


@dataclass
class Report:
    """What the analysis found: one line per ambiguous place."""

    found: list[str] = field(default_factory=list)

    def add(self, kind: str, shared: CharSet) -> None:
        sample = "".join(sorted(shared))[:12]
        self.found.append(f"{kind}: two quantifiers share {sample!r}")


def ambiguities(pattern: re.Pattern[str]) -> list[str]:
    """Each place `pattern` can backtrack more than linearly, in words; empty when none."""
    items = list(parser.parse(pattern.pattern, pattern.flags))
    report = Report()
    prefix = _search_prefix(items, pattern.flags)
    _sequence(items, {("searched", prefix)} if prefix else set(), pattern.flags, report)
    if prefix:
        for lead, chars in _repeated_starts(items, prefix, pattern.flags):
            report.found.append(f"repeated: {lead!r} repeated, each scanned by a quantifier "
                                f"of {''.join(sorted(chars))[:12]!r}")  # fmt: skip
    return report.found


def _repeated_starts(
    items: list[Any], prefix: CharSet, flags: int
) -> Iterator[tuple[str, CharSet]]:
    """For each unbounded quantifier after a non-empty start made of characters it takes
    (with something after it that can fail), where a character it takes may come before a
    start (`prefix`, what search() may have skipped: a lookbehind or `\\b` narrows it): that
    start, and the quantifier's characters."""
    for before, (op, av), after in _quantifier_paths(items, [], []):
        chars = _chars(list(av[2]), flags)
        lead = _within(before, chars, flags)
        if lead and chars & prefix and not _to_the_end(op, chars, after) and _can_fail(after):
            yield lead, chars


Path = tuple[list[Any], Any, list[Any]]


def _quantifier_paths(items: list[Any], before: list[Any], after: list[Any]) -> Iterator[Path]:
    """Each unbounded quantifier with what comes before it (each alternative of a branch on
    the way taken in turn) and after it."""
    for index, (op, av) in enumerate(items):
        ahead, rest = before + items[:index], items[index + 1 :] + after
        if op is sre.SUBPATTERN:
            yield from _quantifier_paths(list(av[3]), ahead, rest)
        elif op is sre.BRANCH:
            for alternative in av[1][:16]:
                yield from _quantifier_paths(list(alternative), ahead, rest)
        elif op in _REPEATS or op is _POSSESSIVE:
            if _unbounded(av) and op in _REPEATS:
                yield ahead, (op, av), rest
            yield from _quantifier_paths(list(av[2]), ahead, rest)


def _within(items: Sequence[Any], allowed: CharSet, flags: int) -> str | None:
    """The shortest text the items match using only `allowed` characters; None when none."""
    out: list[str] = []
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            chars = _chars([(op, av)], flags) & allowed
            if not chars:
                return None
            out.append(next((c for c in _PREFERRED if c in chars), min(chars)))
        elif op is sre.SUBPATTERN:
            inner = _within(list(av[3]), allowed, flags)
            if inner is None:
                return None
            out.append(inner)
        elif op is sre.BRANCH:
            found = [w for alt in av[1] if (w := _within(list(alt), allowed, flags)) is not None]
            if not found:
                return None
            out.append(min(found, key=len))
        elif op in _REPEATS or op is _POSSESSIVE:
            if av[0]:
                inner = _within(list(av[2]), allowed, flags)
                if inner is None:
                    return None
                out.append(inner * av[0])
        elif _ATOMIC is not None and op is _ATOMIC:
            inner = _within(list(av), allowed, flags)
            if inner is None:
                return None
            out.append(inner)
        # anchors and lookarounds take no characters
    return "".join(out)


def _can_fail(items: Sequence[Any]) -> bool:
    """Whether what follows a quantifier can fail once it has taken what it can: anything
    but optional parts (an anchor or a lookaround can)."""
    for op, av in items:
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) or op is _POSSESSIVE:
            if av[0] and _can_fail(list(av[2])):
                return True
        elif op is sre.SUBPATTERN:
            if _can_fail(list(av[3])):
                return True
        elif op is sre.BRANCH:
            if all(_can_fail(list(alt)) for alt in av[1]):
                return True
        else:
            return True
    return False


# A quantifier still open at a point of the pattern: how it got there ("adjacent": a
# quantifier of the pattern; "searched": what search() skipped before a start), its chars.
Open = tuple[str, CharSet]


def _search_prefix(items: list[Any], flags: int) -> CharSet:
    """What `search()` may have skipped before a start: any character, unless the pattern is
    anchored at the start (`^`, `\\A`) or guarded by a lookbehind or `\\b` that keeps a start
    out of the middle of a run."""
    for op, av in items:
        if op is sre.AT and av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING):
            return frozenset()
        if op is sre.AT and av is sre.AT_BOUNDARY:
            return ALPHABET - _category(sre.CATEGORY_WORD)
        if op is sre.ASSERT_NOT and av[0] == -1:  # (?<![...]): not after those
            return ALPHABET - _chars(list(av[1]), flags)
        if op is sre.AT or op in (sre.ASSERT, sre.ASSERT_NOT):
            continue
        if op is sre.SUBPATTERN and list(av[3]):
            return _search_prefix(list(av[3]), flags)
        if op is sre.BRANCH:
            return frozenset().union(*(_search_prefix(list(alt), flags) for alt in av[1]))
        return ALPHABET
    return ALPHABET


def _unbounded(av: Any) -> bool:
    return bool(av[1] is sre.MAXREPEAT or av[1] > BOUND)


_REPEATS = tuple(op for op in (sre.MAX_REPEAT, sre.MIN_REPEAT) if op is not None)
_POSSESSIVE = getattr(sre, "POSSESSIVE_REPEAT", None)
_ATOMIC = getattr(sre, "ATOMIC_GROUP", None)


def _sequence(
    items: Sequence[Any], open_sets: set[Open], flags: int, report: Report,
    after: Sequence[Any] = (),
) -> set[Open]:  # fmt: skip
    """Walk a sequence with the quantifiers still open (everything since them could be empty
    or eaten by them too: nothing settles where one ends and the next begins); return those
    open after it. `after`: what follows the sequence in the pattern."""
    for index, (op, av) in enumerate(items):
        rest = [*items[index + 1 :], *after]
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            chars = _chars([(op, av)], flags)
            # A character between two quantifiers settles where one ends. What search()
            # skipped stays open as the characters each start needs: a start inside a run
            # is possible only where the run is made of them (`[A-Za-z_]\w*`).
            open_sets = {
                (kind, other & chars)
                for kind, other in open_sets
                if kind == "searched" and other & chars
            }
        elif op is sre.SUBPATTERN:
            open_sets = _sequence(list(av[3]), open_sets, flags, report, rest)
        elif _ATOMIC is not None and op is _ATOMIC:
            _sequence(list(av), set(), flags, report)
            open_sets = set()  # an atomic group never gives back
        elif op is sre.BRANCH:
            after_branch: set[Open] = set()
            for alternative in av[1]:
                after_branch |= _sequence(list(alternative), set(open_sets), flags, report, rest)
            open_sets = after_branch
        elif _POSSESSIVE is not None and op is _POSSESSIVE:
            _sequence(list(av[2]), set(), flags, report)
            open_sets = set()
        elif op in _REPEATS:
            low, _, body = av
            body_items = list(body)
            chars = _chars(body_items, flags)
            if _unbounded(av):
                starts = _first(body_items, flags)  # what a pass can begin with
                # What follows it cannot fail (nothing, or optional parts only; `[;, ]+` as
                # `re.split` uses it): the first way of matching is taken, nothing is retried.
                final = not _can_fail(rest)
                for kind, other in open_sets:
                    if other & starts and not _to_the_end(op, chars, rest) and not final:
                        report.add(kind, other & starts)
                # One pass after another: does a pass end where the next can begin?
                first = _sequence(body_items, set(), flags, Report())
                nested = Report()
                _sequence(body_items, first, flags, nested, rest)
                report.found += [f"nested: {line}" for line in nested.found[:1]]
                kept = open_sets if low == 0 else {o for o in open_sets if o[1] & chars}
                open_sets = kept | {("adjacent", chars)}
            elif low == 0:
                inner = _sequence(body_items, set(open_sets), flags, report, rest)
                open_sets = open_sets | inner
            else:
                open_sets = _sequence(body_items, open_sets, flags, report, rest)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            _sequence(list(av[1]), set(), flags, report)
            if av[0] == -1:  # a lookbehind: what may (not) come just before a start
                behind = _chars(list(av[1]), flags)
                allowed = behind if op is sre.ASSERT else ALPHABET - behind
                open_sets = {
                    (k, o & allowed) for k, o in open_sets if k != "searched" or o & allowed
                }
        elif op is sre.AT and av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING):
            open_sets = {o for o in open_sets if o[0] != "searched"}  # no start but the first
        # Other anchors (\\b, $) and GROUPREF consume nothing a quantifier competes for.
    return open_sets


def _first(items: Sequence[Any], flags: int) -> CharSet:
    """The characters a match of the items can begin with."""
    found: set[str] = set()
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            return frozenset(found | _chars([(op, av)], flags))
        if op is sre.SUBPATTERN:
            found |= _first(list(av[3]), flags)
            if not _nullable(list(av[3])):
                return frozenset(found)
        elif op is sre.BRANCH:
            found |= frozenset().union(*(_first(list(alt), flags) for alt in av[1]))
            if not any(_nullable(list(alt)) for alt in av[1]):
                return frozenset(found)
        elif op in _REPEATS or op is _POSSESSIVE:
            found |= _first(list(av[2]), flags)
            if av[0] > 0 and not _nullable(list(av[2])):
                return frozenset(found)
        elif _ATOMIC is not None and op is _ATOMIC:
            found |= _first(list(av), flags)
            if not _nullable(list(av)):
                return frozenset(found)
    return frozenset(found)


def _nullable(items: Sequence[Any]) -> bool:
    """Whether the items can match the empty string."""
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            return False
        if op is sre.SUBPATTERN and not _nullable(list(av[3])):
            return False
        if op is sre.BRANCH and not any(_nullable(list(alt)) for alt in av[1]):
            return False
        if (op in _REPEATS or op is _POSSESSIVE) and av[0] > 0 and not _nullable(list(av[2])):
            return False
    return True


def _to_the_end(op: Any, chars: CharSet, rest: Sequence[Any]) -> bool:
    """A quantifier of every character but a newline, with nothing after it but the end and
    what may be empty, reaches the end of the line (greedy, on its first try; lazy, one
    character at a time) and never fails there (`:\\s*(.*)$`, `(.*?)$`): whatever came
    before it, the match cannot fail there."""
    if op not in _REPEATS or not chars >= ALPHABET - {"\n"}:
        return False
    return all(
        (kind is sre.AT and value in (sre.AT_END, sre.AT_END_STRING))
        or (kind in _REPEATS and value[0] == 0)
        or (kind is sre.SUBPATTERN and not list(value[3]))
        for kind, value in rest
    )


def _category(category: Any) -> CharSet:
    probe = {
        sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D",
        sre.CATEGORY_SPACE: r"\s", sre.CATEGORY_NOT_SPACE: r"\S",
        sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W",
    }[category]  # fmt: skip
    compiled = re.compile(probe)
    return frozenset(c for c in ALPHABET if compiled.fullmatch(c))


def _chars(items: Sequence[Any], flags: int) -> CharSet:
    """Every character the items can consume, at any position."""
    found: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            found |= _cased(chr(av), flags)
        elif op is sre.NOT_LITERAL:
            found |= ALPHABET - _cased(chr(av), flags)
        elif op is sre.ANY:
            found |= ALPHABET if flags & re.DOTALL else ALPHABET - {"\n"}
        elif op is sre.IN:
            found |= _class(list(av), flags)
        elif op is sre.SUBPATTERN:
            found |= _chars(list(av[3]), flags)
        elif op is sre.BRANCH:
            for alternative in av[1]:
                found |= _chars(list(alternative), flags)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", None)):
            found |= _chars(list(av[2]), flags)
        elif op is getattr(sre, "ATOMIC_GROUP", None):
            found |= _chars(list(av), flags)
    return frozenset(found)


def _cased(char: str, flags: int) -> CharSet:
    return (
        frozenset({char, char.lower(), char.upper()}) if flags & re.IGNORECASE else frozenset(char)
    )


def _class(items: list[Any], flags: int) -> CharSet:
    negate = bool(items) and items[0][0] is sre.NEGATE
    found: set[str] = set()
    for op, av in items[1:] if negate else items:
        if op is sre.LITERAL:
            found |= _cased(chr(av), flags)
        elif op is sre.RANGE:
            low, high = av
            found |= {c for c in ALPHABET if low <= ord(c) <= high}
            if flags & re.IGNORECASE:
                found |= {c.swapcase() for c in found}
        elif op is sre.CATEGORY:
            found |= _category(av)
    chars = frozenset(found) & ALPHABET
    return ALPHABET - chars if negate else chars


# --- the lines that would find an ambiguity ---------------------------------------------------


def attacks(pattern: re.Pattern[str], size: int = 64 * 1024) -> Iterator[str]:
    """Long lines built to make `pattern` backtrack: for each place before an unbounded
    quantifier, the shortest text that reaches it, then a run of one of the quantifier's
    characters (alone, and after a letter it also takes), ended by a character that makes
    the match fail; and the same runs with nothing before them, for `search()`."""
    items = _flat(list(parser.parse(pattern.pattern, pattern.flags)))
    flags = pattern.flags
    quantified = list(dict.fromkeys(_quantified(items, flags)))
    reaching = [""] + [
        _witness(items[:index], flags)
        for index, (op, av) in enumerate(items)
        if op in _REPEATS and _unbounded(av)
    ]
    seen: set[str] = set()
    for lead in dict.fromkeys(reaching):
        for chars in quantified:
            for char in _preferred(chars):
                for start in (lead, f"{lead}a"):
                    line = (start + char * size)[:size] + "\x01"
                    if line not in seen:
                        seen.add(line)
                        yield line
    # A start repeated along the line, each followed by one of the quantifier's characters
    # (and without one): "rocBLAS error: rocBLAS error: …".
    tree = list(parser.parse(pattern.pattern, flags))
    prefix = _search_prefix(tree, flags)
    for lead, chars in _repeated_starts(tree, prefix, flags) if prefix else ():
        for joint in ("", *_preferred(chars & prefix)):
            line = ((lead + joint) * (size // max(1, len(lead + joint)) + 1))[:size] + "\x01"
            if line not in seen:
                seen.add(line)
                yield line


def _preferred(chars: CharSet) -> list[str]:
    return sorted(chars & frozenset(" \t=_-.:/aZ09x"))[:3] or sorted(chars)[:2]


def _flat(items: list[Any]) -> list[Any]:
    """The top-level sequence with groups opened up (the first alternative of a branch)."""
    out: list[Any] = []
    for op, av in items:
        if op is sre.SUBPATTERN:
            out += _flat(list(av[3]))
        elif op is sre.BRANCH:
            out += _flat(list(av[1][0]))
        else:
            out.append((op, av))
    return out


_PREFERRED = "aA0_ -.:=x/"


def _witness(items: list[Any], flags: int) -> str:
    """The shortest text the items match (the first alternative of each branch)."""
    out: list[str] = []
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            chars = _chars([(op, av)], flags)
            out.append(next((c for c in _PREFERRED if c in chars), min(chars, default="")))
        elif op in _REPEATS or op is _POSSESSIVE:
            out.append(_witness(list(av[2]), flags) * av[0])
        elif op is sre.SUBPATTERN:
            out.append(_witness(list(av[3]), flags))
        elif op is sre.BRANCH:
            out.append(_witness(list(av[1][0]), flags))
    return "".join(out)


def _quantified(items: list[Any], flags: int) -> Iterator[CharSet]:
    for op, av in items:
        if op in _REPEATS:
            yield _chars(list(av[2]), flags)
            yield from _quantified(list(av[2]), flags)
        elif op is sre.SUBPATTERN:
            yield from _quantified(list(av[3]), flags)
        elif op is sre.BRANCH:
            for alternative in av[1]:
                yield from _quantified(list(alternative), flags)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            yield from _quantified(list(av[1]), flags)


def patterns_of(*modules: Any) -> dict[str, re.Pattern[str]]:
    """Every compiled pattern the modules hold at their top level or in a class they define,
    by qualified name; one compiled on first use (lazy_re.py) compiled now."""
    found: dict[str, re.Pattern[str]] = {}
    for module in modules:
        for name, value in vars(module).items():
            if (pattern := _compiled(value)) is not None:
                found[f"{module.__name__}.{name}"] = pattern
            elif isinstance(value, type) and value.__module__ == module.__name__:
                for attribute, held in vars(value).items():
                    if (pattern := _compiled(held)) is not None:
                        found[f"{module.__name__}.{name}.{attribute}"] = pattern
    return found


def _compiled(value: Any) -> re.Pattern[str] | None:
    """`value` as a compiled str pattern, if it is one or compiles on first use into one."""
    if isinstance(value, LazyPattern):
        value = value.compiled
    return value if isinstance(value, re.Pattern) and isinstance(value.pattern, str) else None
