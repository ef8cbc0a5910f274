"""Bad input: one line on stderr, the documented exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_hwdoctor


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["detect", "--python", "/nonexistent"], "--python /nonexistent: no such file"),
        (["detect", "--timeout", "-1"], "--timeout"),
        (["detect", "--timeout", "0"], "positive number of seconds"),
        (["detect", "--timeout", "nan"], "positive number of seconds"),
        (["detect", "--timeout", "soon"], "--timeout"),
        (["detect", "--frobnicate"], "--frobnicate"),
        (["list", "--format", "xml"], "xml"),
        (["frobnicate"], "frobnicate"),
        (["detect", "--python", ""], "--python is empty"),
        (["detect", "--python", "/etc"], "a directory without bin/python"),
        (["detect", "--bandwidth"], "--bandwidth measures between ranks: add --nproc N"),
        (["detect", "--from", "x.json", "--bandwidth"], "--bandwidth cannot be combined"),
        # --model: a path too long for the file system, a name that is neither a directory
        # nor a Hub id, a directory that save_pretrained() did not write
        (["explain", "--model", "x" * 3000], "neither a directory here nor a Hub model id"),
        (["explain", "--model", "a b\x1b[31m"], "neither a directory here nor a Hub model id"),
        (["explain", "--model", "/etc"], "the directory has no config.json"),
        (["explain", "--model", "./no-such-model-dir"], "no such directory"),
        (["explain", "cuda", "--model", "Qwen/Qwen3-0.6B"], "apply to `hwdoctor explain` without"),
        # a paste or an evidence file: --context and --batch still go with --model only
        (["explain", "--from", "x.txt", "--context", "5"], "--context goes with --model"),
        (["explain", "--from", "x.txt", "--model", "m"], "run hwdoctor explain --model MODEL on"),
    ],
)
def test_usage_errors(args: list[str], expected: str) -> None:
    result = run_hwdoctor(*args)
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result
    assert lines[0].startswith("hwdoctor: error: ")
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


def test_usage_error_with_json_is_an_envelope() -> None:
    result = run_hwdoctor("detect", "--json", "--python", "/nonexistent")
    assert result.returncode == 2
    document = result.json()
    assert document["exit_code"] == 2
    assert document["command"] == "detect"
    assert document["data"] is None
    assert document["errors"][0]["code"] == "usage"
    assert "no such file" in document["errors"][0]["message"]


def test_json_and_another_format_conflict() -> None:
    result = run_hwdoctor("list", "--json", "--format", "human")
    assert result.returncode == 2
    assert "mutually exclusive" in result.stderr
    assert result.json()["errors"][0]["code"] == "usage"


def test_no_arguments_shows_help() -> None:
    result = run_hwdoctor()
    assert result.returncode == 0
    assert "detect" in result.stdout and "list" in result.stdout


def test_version() -> None:
    result = run_hwdoctor("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("hwdoctor ")


def test_internal_errors_are_one_line_with_exit_3(tmp_path) -> None:
    """A bug in hwdoctor (here: an interpreter that is not Python) never shows a traceback."""
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho not python\nexit 0\n")
    fake.chmod(0o755)
    result = run_hwdoctor("detect", "--python", str(fake), "--json")
    assert "Traceback" not in result.stderr
    assert result.returncode == 1, result
    assert "python.unusable" in result.stdout


@pytest.mark.parametrize(
    ("option", "given"), [("--verify", {"verify": True}), ("--model", {"model": "x/y"})]
)
def test_the_api_refuses_live_options_with_a_file_before_reading_it(
    option: str, given: dict[str, Any], tmp_path: Path
) -> None:
    """hwdoctor.explain(from_file=..., verify=True): the refusal names the option, whatever
    the file holds or whether it exists (the gate reads it only once the options allow)."""
    import hwdoctor
    from hwdoctor.errors import UsageError

    with pytest.raises(UsageError, match=f"^{option} runs the real libraries here"):
        hwdoctor.explain(from_file=str(tmp_path / "absent.json"), **given)
