"""issue 38 item 5: an error the reporter states in words is never "no problem".

Two real forms: an exception's name in a title whose report was never pasted (ComfyUI#4697,
"RuntimeError in CheckpointLoaderSimple"), and huggingface_hub's environment dump, whose
"Running in Google Colab ?: No" (utils/_runtime.py dump_environment_info) names no Colab: read
as Colab named, it was a message of its own and hid every error the reporter stated beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hwdoctor.gather.reports.cleaning import states_error
from hwdoctor.gather.reports.reading import read_lines
from hwdoctor.model.pasted import FactKey
from tests.conftest import ROOT, run_hwdoctor

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
TITLE = ERRORS / "comfyui4697-title-runtimeerror-checkpointloader-report-not-pasted.md"
LOCAL = ERRORS / "hfhub1944-hf-env-0.20.1-jupyterlab-colab-no.md"
ON_COLAB = ERRORS / "hfhub1952-colab-hf-env-0.20.1-says-colab-no-after-patch.md"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_an_exception_named_in_a_title_is_an_error_stated_and_not_shown() -> None:
    result = run_hwdoctor("detect", "--paste", str(TITLE))
    assert result.stderr == ""
    headline = " ".join(result.stdout.split("\n", 2)[:2])
    assert "the paste states an error it does not show (line 1)" in headline, headline
    assert "no problem" not in headline


def test_the_title_line_states_an_error() -> None:
    assert states_error(_lines(TITLE)[0])


@pytest.mark.parametrize(
    "line",
    [
        "if a RuntimeError is raised the node retries",
        "it runs with no error, no RuntimeError at all",
    ],
)
def test_a_name_supposed_or_denied_states_none(line: str) -> None:
    assert not states_error(line)


def _colab_lines(path: Path) -> tuple[list[int], int]:
    """The lines read as naming Colab, and the dump's own "Colab ?: No" line."""
    lines = _lines(path)
    reading = read_lines(lines)
    colab = [f.line for f in reading.facts if f.key is FactKey.MESSAGE_COLAB]
    dump = next(n for n, text in enumerate(lines, 1) if "Running in Google Colab ?: No" in text)
    return colab, dump


@pytest.mark.parametrize("path", [LOCAL, ON_COLAB], ids=lambda p: p.name.split("-", 1)[0])
def test_the_dump_saying_no_colab_names_no_colab(path: Path) -> None:
    colab, dump = _colab_lines(path)
    assert dump not in colab


def test_colab_in_the_reporter_s_words_is_still_read() -> None:
    colab, _ = _colab_lines(ON_COLAB)
    assert colab == [1, 8, 19]  # the title, "hangs indefinitely on Google Colab.", the link
