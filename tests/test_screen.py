"""The screen that tries a message pattern only on lines holding its words (screen.py).

A screen that drops a line a pattern matches loses a finding silently, so the proof is the
recorded pastes themselves: on every line of every stored report, each recogniser that
matches the line is among the screen's candidates for it. The words read from constructs
whose matches need not contain them (an optional group, a branch with a wordless
alternative) are checked on patterns written for the case.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hwdoctor.gather.reports.cleaning import clean
from hwdoctor.gather.reports.readers import messages
from hwdoctor.gather.reports.screen import Screen, words
from tests import fastlane

REPORTS = Path(__file__).parent / "data" / "reports"
PASTES = fastlane.sample(
    sorted(p for p in REPORTS.rglob("*") if p.suffix in (".md", ".txt", ".log") and p.is_file())
)
SCREEN = Screen.of([rule.pattern for rule in messages.RECOGNISERS])


@pytest.mark.parametrize("path", PASTES, ids=lambda p: str(p.relative_to(REPORTS)))
def test_every_message_a_stored_paste_holds_passes_the_screen(path: Path) -> None:
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        text = clean(raw)
        matched = [i for i, rule in enumerate(messages.RECOGNISERS) if any(rule.find(text))]
        kept = set(SCREEN.candidates(text))
        dropped = [messages.RECOGNISERS[i].key.value for i in matched if i not in kept]
        assert not dropped, f"{path.name}: the screen drops {dropped} on {text!r}"


def test_the_stored_pastes_hold_messages_the_screen_keeps() -> None:
    """The check above reads lines that match: the corpus is not empty of messages."""
    lines = [
        clean(raw)
        for path in PASTES
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ]
    matching = sum(1 for text in lines if any(any(r.find(text)) for r in messages.RECOGNISERS))
    # most lines are tried only against the patterns that give no words
    screened_out = sum(1 for text in lines if set(SCREEN.candidates(text)) == SCREEN.always)
    assert matching >= 100
    assert screened_out >= len(lines) // 2


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"Found no NVIDIA driver", {("Found no NVIDIA driver", False)}),
        # ignoring case: casefolded, screened on the casefolded line
        (r"(?i:Torch not compiled)", {("torch not compiled", True)}),
        (re.compile(r"torch not compiled", re.I), {("torch not compiled", True)}),
        # a branch gives its alternatives' words only when each has one
        (r"libtpu\.so in use|TPU in use", {("libtpu.so in use", False), ("TPU in use", False)}),
        (r"(?:ab|libtpu) busy", {(" busy", False)}),
        (r"(?:x|y)", None),
        # an optional group's words need not be in a match; a repeat's at least once are
        (r"(?:nvidia )?smi", {("smi", False)}),
        (r"(?:sm_\d+ ?)+", {("sm_", False)}),
        (r"(?:sm_\d+)*ok", None),
        # a lookbehind's words are on the line, beside the match
        (r"(?<=CUDA error: )\w+", {("CUDA error: ", False)}),
        (r"(?<!no )GPU", {("GPU", False)}),
        # too short to screen
        (r"\d+\.\d+", None),
    ],
)
def test_the_words_a_pattern_gives(pattern: str | re.Pattern[str], expected: set | None) -> None:
    compiled = re.compile(pattern) if isinstance(pattern, str) else pattern
    found = words(compiled)
    assert (set(found) if found is not None else None) == expected


def test_a_pattern_without_words_is_tried_on_every_line() -> None:
    screen = Screen.of([re.compile(r"\d+\.\d+"), re.compile(r"no kernel image")])
    assert screen.candidates("nothing here") == [0]
    assert screen.candidates("CUDA error: no kernel image is available") == [0, 1]
    assert screen.candidates("NO KERNEL IMAGE") == [0]  # matched with case, screened with case


def test_a_casefolded_word_is_found_in_any_case() -> None:
    screen = Screen.of([re.compile(r"torch not compiled with cuda", re.I)])
    assert screen.candidates("AssertionError: Torch not compiled with CUDA enabled") == [0]
    assert screen.candidates("torch compiled with CUDA 12.1") == []
