"""What the diagnosed machine hands hwdoctor is untrusted: probe facts, package metadata,
files named by the environment, the interpreter itself, and the streams hwdoctor writes to.
Each case runs the real CLI and checks the documented exit code, one line or a finding,
and no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import catalogue_plugin
from tests.conftest import ROOT, Result, base_env, run_hwdoctor
from tests.fakeworld import make_bare_venv

OUTPUT_EXIT = 4  # docs/output.md "Exit codes": standard output closed or unwritable


def _extension(root: Path, source: str, metadata: bytes | None = None) -> dict[str, str]:
    """A torch-mlu package whose import runs `source` in the probe; the environment that puts
    it on the probe's path."""
    package = root / "torch_mlu"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(source + "\n")
    info = root / "torch_mlu-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_bytes(
        metadata or b"Metadata-Version: 2.1\nName: torch-mlu\nVersion: 1.0\n"
    )
    return {**base_env(), "PYTHONPATH": str(root)}


def _writes_fact(root: Path, event: str) -> dict[str, str]:
    """An extension that writes `event` to the probe's channel when it is imported."""
    source = (
        f"import json, sys\nopen(json.loads(sys.argv[1])['channel'], 'a').write({event!r} + '\\n')"
    )
    return _extension(root, source)


def _no_traceback(result: Result) -> None:
    assert "Traceback" not in result.stderr, result
    assert result.returncode != 3, result


def _one_error_line(result: Result, expected: str) -> None:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result
    assert lines[0].startswith("hwdoctor: error: ") and expected in lines[0], result


# --- the probe's facts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ('{"e":"fact","key":"python","value":"x"}', "python: 'x' is not an object"),
        (
            '{"e":"fact","key":"backend:cuda","value":{"device_count":"many"}}',
            "device_count: 'many' is not a whole number",
        ),
        (
            '{"e":"fact","key":"backend:cuda","value":{"available":true,"device_count":1,'
            '"devices":[{"index":1e999}]}}',
            "index: inf is not a whole number",
        ),
    ],
)
def test_malformed_facts_are_a_finding(tmp_path: Path, event: str, expected: str) -> None:
    result = run_hwdoctor("detect", "--json", env=_writes_fact(tmp_path, event))
    _no_traceback(result)
    assert result.returncode == 1, result
    findings = {f["code"]: f for f in result.json()["data"]["findings"]}
    assert expected in findings["probe.malformed"]["message"], result
    # The malformed value is not believed: no cuda device came of it.
    assert '"cuda"' not in json.dumps(result.json()["data"].get("usable", [])), result


@pytest.mark.parametrize(
    ("nines", "code"),
    [
        (5000, "extension.requirement_invalid"),  # the package's own invalid requirement
        (100_000, "probe.malformed"),  # over the 64 KiB a requirement line may be
    ],
)
def test_an_absurd_requirement_costs_that_requirement(
    tmp_path: Path, nines: int, code: str
) -> None:
    metadata = (
        b"Metadata-Version: 2.1\nName: torch-mlu\nVersion: 1.0\n"
        b"Requires-Dist: torch>=1." + b"9" * nines + b"\n"
    )
    result = run_hwdoctor("detect", "--json", env=_extension(tmp_path, "", metadata))
    _no_traceback(result)
    assert code in result.codes(), result
    assert result.json()["data"]["python"] is not None  # the rest of the facts stand


def test_one_undecodable_metadata_costs_one_package(tmp_path: Path) -> None:
    """`Name: torch-mlu\\xff` once erased every package fact: torch 'not installed'."""
    metadata = b"Metadata-Version: 2.1\nName: torch-mlu\xff\nVersion: 1.0\n"
    evidence = str(tmp_path / "e.json")
    env = _extension(tmp_path, "", metadata)
    result = run_hwdoctor("explain", "--json", "--save-evidence", evidence, env=env)
    _no_traceback(result)
    assert "torch.missing" not in result.codes(), result
    assert "probe.error" not in result.codes(), result
    detect = run_hwdoctor("detect", "--json", "--from", evidence)
    assert "torch-mlu" in detect.stdout, detect


def test_a_module_in_the_current_directory_is_reported_not_imported(tmp_path: Path) -> None:
    """-P keeps the test's own `python -m hwdoctor` from importing them (the installed
    command never does); the probe's `python -c` puts the directory on sys.path as ever."""
    (tmp_path / "json.py").write_text("raise ImportError('the json.py of a project')\n")
    (tmp_path / "torch.py").write_text("x = 1\n")
    completed = subprocess.run(
        [sys.executable, "-P", "-m", "hwdoctor", "detect", "--json"],
        capture_output=True,
        text=True,
        env=base_env(),
        cwd=tmp_path,
        timeout=180,
        check=False,
    )
    result = Result(
        ("detect", "--json"), completed.returncode, completed.stdout, completed.stderr, 0
    )
    _no_traceback(result)
    codes = result.codes()
    catalogue_plugin.record(codes)  # run without run_hwdoctor, which records for the others
    assert "python.unusable" not in codes and "torch.missing" not in codes, result
    found = result.json()["data"]["findings"]
    shadowed = [f["message"] for f in found if f["code"] == "python.shadowed_module"]
    assert shadowed and "json" in shadowed[0] and "torch" in shadowed[0], result


def test_a_venv_without_torch_gets_one_finding(tmp_path: Path) -> None:
    python = make_bare_venv(tmp_path / "venv")
    result = run_hwdoctor("detect", "--json", "--python", str(python))
    _no_traceback(result)
    codes = result.codes()
    assert codes.count("torch.missing") == 1, result
    assert "torch.broken" not in codes and "probe.error" not in codes, result


# --- interpreters that cannot be started -----------------------------------------------------


def _not_executable_venv(tmp_path: Path) -> str:
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "python").write_text("#!/bin/sh\n")
    return str(tmp_path / "venv")


def _not_a_program(tmp_path: Path) -> str:
    path = tmp_path / "python"
    path.write_bytes(b"\x7fELF not really")
    path.chmod(0o755)
    return str(path)


def _bad_shebang(tmp_path: Path) -> str:
    path = tmp_path / "python"
    path.write_text("#!/nonexistent/python3\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (_not_executable_venv, "bin/python is not executable"),
        (_not_a_program, "Exec format error"),
        (_bad_shebang, "#! line names an interpreter that does not exist"),
    ],
)
def test_an_interpreter_that_cannot_start_is_a_usage_error(tmp_path: Path, make, expected) -> None:
    result = run_hwdoctor("detect", "--python", make(tmp_path))
    assert result.returncode == 2, result
    _one_error_line(result, expected)


def test_a_relative_python_is_not_looked_up_on_path(tmp_path: Path) -> None:
    _not_a_program(tmp_path)
    result = run_hwdoctor("detect", "--python", "python", cwd=tmp_path)
    assert result.returncode == 2, result
    _one_error_line(result, str(tmp_path / "python"))


# --- files named by the environment -----------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_token_fifo_does_not_hang_list(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "token")
    result = run_hwdoctor("list", env={**base_env(), "HF_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 0, result


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_token_path_is_not_read(tmp_path: Path) -> None:
    result = run_hwdoctor("list", env={**base_env(), "HF_TOKEN_PATH": "/dev/zero"}, timeout=120)
    assert result.returncode == 0, result


def test_the_saved_token_is_still_masked(tmp_path: Path) -> None:
    token = "hf_" + "Q" * 30
    (tmp_path / "token").write_text(token + "\n")
    env = {**base_env(), "HF_HOME": str(tmp_path), "HF_HUB_CACHE": str(tmp_path / token)}
    result = run_hwdoctor("list", "--json", env=env)
    assert token not in result.stdout


# --- the streams hwdoctor writes to ------------------------------------------------------------


def _run_shell(redirect: str, *args: str, env: dict[str, str] | None = None) -> Result:
    command = f'exec "$0" -m hwdoctor "$@" {redirect}'
    completed = subprocess.run(
        ["sh", "-c", command, sys.executable, *args],
        capture_output=redirect == "",
        stderr=subprocess.PIPE,
        text=True,
        env=env or base_env(),
        cwd=ROOT,
        timeout=180,
        check=False,
    )
    return Result(tuple(args), completed.returncode, completed.stdout or "", completed.stderr, 0)


def test_closed_stdout_has_its_own_exit_code(here: str) -> None:
    result = _run_shell(">&-", "detect", "--json", "--from", here)
    assert result.returncode == OUTPUT_EXIT, result
    _one_error_line(result, "standard output is closed")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [("detect", "--from"), ("list", "--json"), ("--help",)])
def test_full_stdout_has_its_own_exit_code(args: tuple[str, ...], here: str) -> None:
    result = _run_shell(">/dev/full", *args, *([here] if "--from" in args else []))
    assert result.returncode == OUTPUT_EXIT, result
    _one_error_line(result, "cannot write to standard output")


def test_ascii_stdout_list() -> None:
    result = run_hwdoctor("list", env={**base_env(), "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result
    assert "cpu" in result.stdout


def test_c_locale_detect_json_stays_json(here: str) -> None:
    env = {**base_env(), "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii"}
    human = run_hwdoctor("detect", "--from", here, env=env)  # the rendering; JSON below is live
    assert human.returncode == 0, human
    assert human.stdout.startswith("Usable:"), human
    result = run_hwdoctor("detect", "--json", env=env)
    assert result.returncode == 0, result
    assert result.json()["command"] == "detect"


def test_zero_columns_still_say_why(here: str) -> None:
    env = {**base_env(), "COLUMNS": "0"}
    result = run_hwdoctor("detect", "--from", here, "--require", "cuda", env=env)
    assert result.returncode == 1, result
    assert "requires cuda" in result.stdout, result


def test_python_inspect_exits_quietly() -> None:
    result = run_hwdoctor("list", env={**base_env(), "PYTHONINSPECT": "1"}, stdin="")
    assert result.returncode == 0, result
    assert result.stderr == "", result
