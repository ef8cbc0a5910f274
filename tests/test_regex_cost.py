"""The readers' regular expressions cost time linear in a line, whatever the line (issue 27).

A paste is anyone's text: a pattern that backtracks over a long run of spaces or of `=`
turns 64 KB into minutes. `tests/regexcost.py` reads each pattern's parse tree for the
kinds of ambiguity found (two quantifiers sharing a run with nothing between; a quantified
group whose passes can split a run; an unanchored pattern tried from inside a run); here
every pattern of the readers must have none, and the analysis must find each kind in the
patterns that had it. How long each takes on 64 KB lines built from the same analysis is a
row of `make bench` (`benchmarks/regex_lines.py`): timings belong there, not in tests.
"""

from __future__ import annotations

import re

import pytest

import hwdoctor.diagnosis.checks as checks
import hwdoctor.diagnosis.requirements as requirements
import hwdoctor.gather.reports as reports
import hwdoctor.gather.reports.assemble as assemble
import hwdoctor.gather.reports.parse as parse
import hwdoctor.redact as redact
import hwdoctor.text as text
from tests.regexcost import ambiguities, attacks, parser, patterns_of

# The readers of pastes, and what reads other text from outside: a requirement expression
# (a CI file, a marker, a Prolog's configuration), a node path from an evidence file.
READERS = patterns_of(reports, parse, assemble, redact, text, requirements, checks)

# The patterns as they were when the red team found them, and textbook cases of each kind.
FOUND = {
    "_BULLET": (r"^\s*(?:[-*]\s+)?(.+?)\s*:\s*(.*?)\s*$", "adjacent"),
    "_SMIQ_START": (r"=+\s*NVSMI LOG\s*=+", "searched"),
    "_MODULE_FILE": (r"([A-Za-z_]\w*)(?:\.cpython[\w-]*|\.abi3)?\.(?:so|pyd)\b", "searched"),
    "_CE_LINE": (r"^\s*(OS|Python version)\s*[:：]\s*(.*?)\s*$", "adjacent"),
    "nested": (r"^(a+)+$", "nested"),
    "nested words": (r"^(?:\w+\s?)+$", "nested"),
    "search from a run": (r"\s*\((?:TM|R)\)", "searched"),
}


def test_the_readers_have_patterns() -> None:
    assert len(READERS) > 100
    assert "hwdoctor.gather.reports.parse._BULLET" in READERS
    # issue 33: the reader of lines that look like an error, tried on every line of a paste
    assert "hwdoctor.gather.reports.parse._ERROR_LIKE" in READERS
    assert "hwdoctor.gather.reports.parse._ERROR_HEADING" in READERS


@pytest.mark.parametrize("name", sorted(READERS))
def test_no_reader_pattern_is_ambiguous(name: str) -> None:
    found = ambiguities(READERS[name])
    assert not found, f"{name} ({READERS[name].pattern!r}): {found}"


@pytest.mark.parametrize(("pattern", "kind"), FOUND.values(), ids=FOUND.keys())
def test_the_analysis_finds_each_kind(pattern: str, kind: str) -> None:
    found = ambiguities(re.compile(pattern))
    assert any(line.startswith(kind) for line in found), found


@pytest.mark.parametrize(
    "pattern",
    [
        r"^\s*(?:[-*]\s+)?([^:\s][^:]*):\s*(.*)$",  # _BULLET now
        r"(?<!=)=+\s*NVSMI LOG\s*=+",
        r"(?<!\w)([A-Za-z_]\w*)(?:\.cpython[\w-]*|\.abi3)?\.(?:so|pyd)\b",
        r"^\d+(?:\.\d+)+",
        r"^gfx[0-9a-f]{3,4}(?:[;, ]+gfx[0-9a-f]{3,4})+",
        r"^\s*Key\s*:\s*(.*)$",  # a greedy rest of the line cannot fail
    ],
)
def test_linear_patterns_pass(pattern: str) -> None:
    assert ambiguities(re.compile(pattern)) == []


def test_the_attack_lines_reach_past_the_literal_start() -> None:
    """The bench's lines for `_CE_LINE` as it was: its key and colon, a letter, then a run
    of spaces the two quantifiers would split."""
    lines = list(attacks(re.compile(FOUND["_CE_LINE"][0]), size=64))
    assert any(line.startswith("OS:a  ") or line.startswith("OS:   ") for line in lines), lines
    assert all(len(line) == 65 and line.endswith("\x01") for line in lines)


# --- a short line skips the patterns no shorter line can match ------------------------------

# Patterns tried on a piece a longer literal found first, or on a window around another
# pattern's match, never on the line alone: their own shortest match bounds nothing.
_ON_A_PIECE: dict[str, set[str]] = {
    "_long_messages": {"_NAME_TAIL", "_TORCH_CXX", "_MODULE_FILE"},
    "_messages": {"_MACOS_NOT_HERE", "_MACOS_FLOOR_AFTER", "_MARKS"},
}


@pytest.mark.parametrize(
    ("reader", "shortest"),
    [
        (parse._long_messages, parse._SHORTEST_MESSAGE),
        (parse._amd, parse._SHORTEST_MESSAGE),
        (parse._messages, parse._SHORTEST_SAID),
        (parse._prose_facts, parse._SHORTEST_SAID),
        (parse._starts_block, parse._SHORTEST_SAID),
    ],
)
def test_a_line_skipped_as_short_could_match_no_pattern(reader: object, shortest: int) -> None:
    """A line shorter than the bound skips the reader's patterns (a 1 MiB paste of short or
    blank lines took 10 to 24 s): each pattern the reader tries, and each recogniser's, needs
    at least that many characters to match."""
    code = reader.__code__  # type: ignore[attr-defined]
    names = set(code.co_names) - _ON_A_PIECE.get(code.co_name, set())
    tried = {n: getattr(parse, n) for n in names if isinstance(getattr(parse, n, None), re.Pattern)}
    if reader is parse._long_messages:
        tried |= {f"recogniser {r.key}": r.pattern for r in parse._RECOGNISERS}
    assert tried
    for name, pattern in tried.items():
        least = parser.parse(pattern.pattern, pattern.flags).getwidth()[0]
        assert least >= shortest, (name, least)
