"""hwdoctor/lazy_re.py: a pattern compiled on first use answers as `re.compile`'s would, and
the screen reads the same words from it without compiling it."""

from __future__ import annotations

import re

import pytest

from hwdoctor import lazy_re
from hwdoctor.gather.reports import screen
from hwdoctor.lazy_re import LazyPattern

LINES = (
    "RuntimeError: Found no NVIDIA driver on your system. Please check",
    "found NO nvidia driver ON YOUR SYSTEM",
    "nothing here",
    "",
)


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [
        (r"Found no NVIDIA driver on your (\w+)", 0),
        (r"found no nvidia driver on your (\w+)", re.I),
        (r"(?i)found no nvidia (driver) on your system", 0),
        (r"(?P<what>driver)|(?P<where>system)", 0),
    ],
)
def test_a_lazy_pattern_answers_as_the_compiled_one(pattern: str, flags: int) -> None:
    lazy, compiled = lazy_re.compile(pattern, flags), re.compile(pattern, flags)
    assert isinstance(lazy, LazyPattern)
    assert "compiled" not in vars(lazy)  # nothing compiled yet
    for line in LINES:
        for method in ("search", "match", "fullmatch"):
            one, other = getattr(lazy, method)(line), getattr(compiled, method)(line)
            assert (one and one.span(), one and one.groups()) == (
                other and other.span(),
                other and other.groups(),
            )
        assert [m.span() for m in lazy.finditer(line)] == [
            m.span() for m in compiled.finditer(line)
        ]
        assert lazy.findall(line) == compiled.findall(line)
        assert lazy.sub("-", line) == compiled.sub("-", line)
        assert lazy.split(line) == compiled.split(line)
    assert (lazy.groups, lazy.groupindex) == (compiled.groups, compiled.groupindex)
    assert lazy.compiled.flags == compiled.flags
    assert lazy.search == lazy.compiled.search  # bound to the compiled pattern's from now on


def test_the_screen_reads_a_lazy_pattern_without_compiling_it() -> None:
    """The words are the compiled pattern's, `(?i)` set inside the pattern included (its
    words are then casefolded), and reading them compiles nothing."""
    for source, flags in (
        (r"Found no NVIDIA driver on your system", 0),
        (r"Found no NVIDIA driver on your system", re.I),
        (r"(?i)Found no NVIDIA driver on your system", 0),
    ):
        lazy = LazyPattern(source, flags)
        assert screen.words(lazy) == screen.words(re.compile(source, flags))  # type: ignore[arg-type]
        assert "compiled" not in vars(lazy)
    folded = screen.words(LazyPattern(r"(?i)Found no NVIDIA driver"))  # type: ignore[arg-type]
    assert folded == frozenset({("found no nvidia driver", True)})


def test_the_readers_patterns_are_compiled_on_first_use() -> None:
    """The messages reader's and the refusals grammar's patterns wait for their first use:
    reading a paste compiles the few its lines reach (test_paste_imports.py counts them)."""
    from hwdoctor.compat import refusals
    from hwdoctor.gather.reports.readers import messages

    for module in (messages, refusals):
        held = [value for value in vars(module).values() if isinstance(value, LazyPattern)]
        assert len(held) >= 10, module.__name__
    assert all(isinstance(rule.pattern, (LazyPattern, re.Pattern)) for rule in messages.RECOGNISERS)
