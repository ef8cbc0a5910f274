"""Shared fixtures: run the real hwdoctor CLI in a subprocess, inside fake worlds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# The helper modules that assert on a test's behalf: rewritten as the test modules are, so
# their assertions explain themselves and count (tests/assertions_plugin.py).
pytest.register_assert_rewrite("tests.actions", "tests.dist", "tests.evidence")

from tests.fakeworld import World  # noqa: E402

pytest_plugins = [  # tallies; under xdist they must reach the controller
    "tests.faults_plugin",
    "tests.catalogue_plugin",
    "tests.assertions_plugin",
    "tests.fastlane",
    "pytester",  # tests/test_pytest_plugin.py runs pytest sessions of its own
]
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/* from the current output; review the diff",
    )
    parser.addoption(
        "--fidelity",
        choices=("sample", "all", "record"),
        default="sample",
        help="live fidelity runs: a sample of the matrix (default), all of it checked "
        "against tests/data/fidelity (make fidelity), or all of it recorded there",
    )


@dataclass(frozen=True)
class Result:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def json(self) -> Any:
        return json.loads(self.stdout)

    def codes(self) -> list[str]:
        """The finding codes of a JSON report on stdout (none when it is not one)."""
        try:
            document = json.loads(self.stdout)
        except ValueError:
            return []
        return _report_codes(document.get("data") if isinstance(document, dict) else None)

    def __str__(self) -> str:  # shown by pytest when an assertion fails
        return (
            f"hwdoctor {' '.join(self.args)} -> {self.returncode} in {self.seconds:.1f}s\n"
            f"--- stdout\n{self.stdout}\n--- stderr\n{self.stderr}"
        )


def base_env() -> dict[str, str]:
    """The test process's environment, minus what would make output machine-dependent."""
    env = dict(os.environ)
    # GitHub Actions' own variables turn stderr lines into annotations and append to the
    # job summary: a test that wants them sets them (tests/test_action.py).
    for name in ("HWDOCTOR_DEBUG", "FORCE_COLOR", "HWDOCTOR_HOST_ROOT", "GITHUB_ACTIONS",
                 "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT"):  # fmt: skip
        env.pop(name, None)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "100"
    return env


def run_hwdoctor(
    *args: str,
    env: Mapping[str, str] | None = None,
    timeout: float = 180,
    cwd: Path | None = None,
    python: str = sys.executable,
    stdin: str | None = None,
) -> Result:
    """Run `python -m hwdoctor ARGS` for real and capture everything."""
    started = time.monotonic()
    completed = subprocess.run(
        [python, "-m", "hwdoctor", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=dict(env) if env is not None else base_env(),
        timeout=timeout,
        cwd=cwd or ROOT,
        check=False,
    )
    result = Result(
        tuple(args),
        completed.returncode,
        completed.stdout,
        completed.stderr,
        time.monotonic() - started,
    )
    from tests import catalogue_plugin  # registered as a plugin above: import it late

    catalogue_plugin.record(result.codes())
    _validate(result)
    return result


def _validate(result: Result) -> None:
    """Every JSON document any test gets from hwdoctor validates against the shipped schema."""
    if "--json" not in result.args and "json" not in result.args:
        return
    try:
        document = json.loads(result.stdout)
    except ValueError:
        return  # a test that expects no document (an empty stdout) says so itself

    errors = sorted(_VALIDATOR().iter_errors(document), key=str)
    assert not errors, f"{[f'{list(e.path)}: {e.message}' for e in errors][:5]}\n{result}"


_SCHEMA: list[Any] = []


def _VALIDATOR() -> Any:
    import jsonschema

    if not _SCHEMA:
        path = ROOT / "hwdoctor" / "schema" / "hwdoctor.schema.json"
        _SCHEMA.append(jsonschema.Draft202012Validator(json.loads(path.read_text())))
    return _SCHEMA[0]


def _report_codes(data: Any) -> list[str]:
    """Every finding code anywhere in a report's data (findings, load's problem, ranks)."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("findings", "distributed_findings") and isinstance(value, list):
                found.extend(str(f.get("code")) for f in value if isinstance(f, dict))
            elif key == "problem" and isinstance(value, dict) and value.get("code"):
                found.append(str(value["code"]))
            elif isinstance(value, (dict, list)):
                found.extend(_report_codes(value))
    elif isinstance(data, list):
        for item in data:
            found.extend(_report_codes(item))
    return found


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    yield World(tmp_path / "world")


@pytest.fixture(scope="session")
def here(tmp_path_factory: pytest.TempPathFactory) -> str:
    """This machine's evidence, gathered once per test process by a live `detect`.

    Tests of what a report says (requirements, formats, widths, colour) read it with
    `--from`: the report is a pure function of the evidence, and tests/test_evidence.py
    proves that `--from` prints what the live run printed. The live paths keep their own
    end-to-end tests.
    """
    path = tmp_path_factory.mktemp("here") / "evidence.json"
    result = run_hwdoctor("detect", "--save-evidence", str(path), "--json")
    assert result.returncode == 0 and path.is_file(), result
    return str(path)


def evidence_of(world_env: Mapping[str, str], path: Path) -> Result:
    """A live `detect --json --save-evidence PATH` in a world: its report, and its evidence
    for the `--from` runs of the same test."""
    result = run_hwdoctor("detect", "--json", "--save-evidence", str(path), env=world_env)
    assert path.is_file(), result
    return result


def everything_under(directory: Path) -> list[str]:
    return sorted(str(path.relative_to(directory)) for path in directory.rglob("*"))


@pytest.fixture
def sealed(tmp_path: Path) -> tuple[dict[str, str], list[Path]]:
    """An environment whose home, temporary and working directories start out empty, with
    every cache left at its default (so under that home) and the Hub offline; a test runs
    hwdoctor in it with `cwd=directories[2]` and checks `everything_under` each is still
    empty: a doctor leaves no trace."""
    home, tmp, cwd = (tmp_path / name for name in ("home", "tmp", "cwd"))
    for directory in (home, tmp, cwd):
        directory.mkdir()
    env = base_env()
    for name in ("HF_HOME", "HF_HUB_CACHE", "XDG_CACHE_HOME", "TORCH_HOME", "TRANSFORMERS_CACHE"):
        env.pop(name, None)
    env.update(HOME=str(home), TMPDIR=str(tmp), HF_HUB_OFFLINE="1")
    return env, [home, tmp, cwd]


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Any:
    """Compare text with tests/golden/NAME, or rewrite it with --update-golden."""

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if request.config.getoption("--update-golden"):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.exists(), f"no golden file {path}; run pytest --update-golden"
        assert text == path.read_text(encoding="utf-8"), f"output differs from {path}"

    return check


def backend(document: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    return next(b for b in document["data"]["backends"] if b["key"] == key)


def codes(document: Mapping[str, Any]) -> list[str]:
    from tests import catalogue_plugin

    found = [finding["code"] for finding in document["data"]["findings"]]
    catalogue_plugin.record(found)
    return found
