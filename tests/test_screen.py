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
from typing import Final

import pytest

from hwdoctor.gather.reports import cleaning, screen
from hwdoctor.gather.reports.cleaning import clean
from hwdoctor.gather.reports.readers import asked, messages
from hwdoctor.gather.reports.screen import Screen, by_first, words
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


def test_the_words_shipped_are_the_patterns_words() -> None:
    """messages_screen.json is `make docs`'s output (`messages.screen_source`): the words of
    each recogniser's pattern with its flags and text; regenerate it when a pattern changes.
    The screen made from it is the screen made from the patterns (issue 38, s20-speed)."""
    assert messages.SCREEN_WORDS.read_text(encoding="utf-8") == messages.screen_source()
    shipped = screen.known(messages.SCREEN_WORDS)
    assert shipped is not None
    patterns = [rule.pattern for rule in messages.RECOGNISERS]
    assert _rows(Screen.of(patterns, shipped)) == _rows(Screen.of(patterns)) == _rows(SCREEN)


def test_words_known_of_other_patterns_are_read_again(tmp_path: Path) -> None:
    """A pattern changed since the words were written (another text, other flags) makes the
    screen read every pattern's words again, never take the stale ones."""
    written = tmp_path / "words.json"
    written.write_text(screen.source([re.compile(r"no kernel image")]), encoding="utf-8")
    known = screen.known(written)
    assert known is not None
    assert Screen.of([re.compile(r"no kernel image")], known).candidates("x") == []
    for changed in (re.compile(r"CUDA error"), re.compile(r"no kernel image", re.I)):
        again = Screen.of([changed], known)
        assert again == Screen.of([changed])
        assert again.candidates("CUDA ERROR: NO KERNEL IMAGE") == (
            [0] if changed.flags & re.I else []
        )
    assert screen.known(tmp_path / "missing.json") is None


def _rows(
    made: Screen,
) -> tuple[dict[str, list[tuple[str, bool, tuple[int, ...]]]], frozenset[int]]:
    """A screen's words by start, in an order of their own (a set's order is the process's)."""
    return {start: sorted(rows) for start, rows in made.by_start.items()}, made.always


@pytest.mark.parametrize("fold", [False, True])
def test_alternatives_by_first_character_match_as_given(fold: bool) -> None:
    """screen.by_first writes an alternation grouped by first character (issue 38,
    s20-speed): every match of every line of the stored reports, and of lines written for the
    cases (a case partner of an ASCII letter, "ſ" U+017F and "K" U+212A; a name inside
    another; an uncased first character), is the flat alternation's."""
    names = sorted(asked.NAMES, key=len, reverse=True)
    alternatives = [asked._spelled(name) for name in names] + ["ascend", "昇腾", "as"]
    flags = re.I if fold else 0
    flat = re.compile(r"(?<![\w/.-])(" + "|".join(alternatives) + r")(?![\w-])", flags)
    grouped = re.compile(r"(?<![\w/.-])(" + by_first(alternatives) + r")(?![\w-])", flags)
    assert len(grouped.pattern) < len(flat.pattern)
    lines = [
        raw
        for path in PASTES
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ] + ["ſglang and vllm", "Kornia, VLLM, vllm-ascend, 昇腾 910B, as ascend"]
    seen = 0
    for line in lines:
        want = [(m.span(), m.groups()) for m in flat.finditer(line)]
        assert [(m.span(), m.groups()) for m in grouped.finditer(line)] == want, line
        seen += bool(want)
    assert seen > 100


def test_an_alternation_that_cannot_be_grouped_is_left_as_given() -> None:
    """An alternative that starts escaped or with a cased letter outside ASCII ("É"), or in
    upper case, which another group's letter may match ignoring case: the alternation is
    written as it was given."""
    for given in (["\\+x", "ab"], ["Éa", "eb"], ["Ab", "ac"]):
        assert by_first(given) == "|".join(given)
    assert by_first(["ab", "ac", "b", "ab"]) == "a(?:b|c)|b"


class _Counted:
    """A pattern whose searches and matches are counted, per line given."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.tried: list[str] = []

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        self.tried.append(text)
        return self.pattern.search(text, *args)

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        self.tried.append(text)
        return self.pattern.match(text, *args)


def test_the_prose_reader_asks_each_pattern_once_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 38 (s20-speed): a command, collect_env's own line and a heading were each
    searched twice on a line the prose reader read (the ROCm words and the "Expected behavior"
    heading asked again); on every line of a stored issue body, each is asked once at most."""
    from hwdoctor.gather.reports.readers import collect_env, prose
    from hwdoctor.gather.reports.readers.protocol import Line

    counted = {
        "_COMMAND": _Counted(prose._COMMAND),
        "_HEADING": _Counted(prose._HEADING),
    }
    for name, pattern in counted.items():
        monkeypatch.setattr(prose, name, pattern)
    line_pattern = _Counted(collect_env.LINE)
    monkeypatch.setattr(collect_env, "LINE", line_pattern)
    counted["collect_env.LINE"] = line_pattern
    body = REPORTS / "issue_body" / "pt43058-collect-env-plus-nvidia-smi-v100.md"
    reader = prose.READER()
    asked: dict[str, int] = dict.fromkeys(counted, 0)
    for number, raw in enumerate(body.read_text(encoding="utf-8").splitlines(), start=1):
        for pattern in counted.values():
            pattern.tried.clear()
        list(reader.read(Line(number, clean(raw)), False))
        for name, pattern in counted.items():
            assert len(pattern.tried) <= 1, (name, raw)
            asked[name] += len(pattern.tried)
    assert all(asked.values()), asked


# issue 38 (s20-mendB): real recordings' lines as a Turkish keyboard writes them ("İntel",
# "İllegal İnstruction"): `re` ignoring case matches "i" with "İ" and "ı", which casefold does not
TURKISH: Final = (
    "errors/jax6671-celeron-n3060-import-jax-illegal-instruction-jaxlib0.1.62.md",
    "errors/ipex235-ipex1.12-illegal-instruction-without-avx512.md",
)


@pytest.mark.parametrize("name", TURKISH, ids=lambda n: n.split("/")[1].split("-", 1)[0])
def test_a_dotted_or_dotless_i_keeps_what_re_matches(name: str) -> None:
    """Every line of the recording with its "I" as "İ" (U+0130), or its "i" as "ı" (U+0131):
    each recogniser `re` matches on it is among the screen's candidates (before, "İ".casefold()
    is "i̇" and "ı" stays "ı", and the screen dropped them)."""
    seen = 0
    for raw in (REPORTS / name).read_text(encoding="utf-8").splitlines():
        for text in (clean(raw).replace("I", "\u0130"), clean(raw).replace("i", "\u0131")):
            matched = [i for i, rule in enumerate(messages.RECOGNISERS) if any(rule.find(text))]
            kept = set(SCREEN.candidates(text))
            dropped = [messages.RECOGNISERS[i].key.value for i in matched if i not in kept]
            assert not dropped, f"the screen drops {dropped} on {text!r}"
            seen += bool(matched) and text != clean(raw)
    assert seen  # the recording holds a message with an "i" or "I" that `re` still matches


def test_the_screen_folds_as_re_ignores_case() -> None:
    """`screen.folded`: "İ" and "ı" as "i", then casefolded; a line's word stays in it."""
    assert screen.folded("\u0130ntel \u0131ntel INTEL") == "intel intel intel"
    assert screen.folded("Stra\u00dfe") == "strasse"
    flat = re.compile(r"illegal instruction", re.I)
    line = "\u0130llegal \u0130nstruction (core dumped)"
    assert flat.search(line) and Screen.of([flat]).candidates(line) == [0]


# issue 38 (s21-distinct): `cleaning._ERROR_LIKE`, searched on every distinct line of a paste,
# asks its alternatives' words first (`screen.Searched`). The recordings' every line, as read
# and with a Turkish keyboard's "İ" and "ı", gives the answer the whole pattern gives.
ERROR_LIKE: Final = cleaning._error_like_searched()


@pytest.mark.parametrize("path", PASTES, ids=lambda p: str(p.relative_to(REPORTS)))
def test_error_like_asked_by_its_words_answers_as_the_pattern(path: Path) -> None:
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        for text in (raw, clean(raw), raw.replace("I", "\u0130"), raw.replace("i", "\u0131")):
            expected = cleaning._ERROR_LIKE.search(text) is not None
            assert ERROR_LIKE.found(text) is expected, f"{path.name}: {text!r}"


def test_error_like_is_screened_by_the_words_of_all_but_cann_codes() -> None:
    """39 of its 40 alternatives give words; CANN's error code ("EZ9999:", E, a letter and four
    digits) gives none and is searched alone, so its lines are still found; most lines of the
    recordings hold none of the words and are not searched with the whole pattern."""
    assert len(ERROR_LIKE.wordless) == 1
    assert ("error", True) in ERROR_LIKE.words and ("failed", True) in ERROR_LIKE.words
    assert ERROR_LIKE.found("EZ9999: Inner Error!") and ERROR_LIKE.found("EE1001[PID: 3473945]")
    lines = [
        raw
        for path in PASTES
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ]
    folded = [(screen.folded(text), text) for text in lines]
    unasked = sum(
        1
        for line, text in folded
        if not any(word in (line if fold else text) for word, fold in ERROR_LIKE.words)
    )
    assert unasked >= len(lines) // 2
