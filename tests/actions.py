"""GitHub Actions files read as the runner reads them, and their `run:` steps run here.

A step runs as the runner runs `shell: bash` (`bash --noprofile --norc -eo pipefail FILE`),
with its `env:` after the `${{ … }}` expressions in it are replaced from the contexts a test
gives, `GITHUB_OUTPUT` a fresh file that is read back as the step's outputs, and whatever
the test puts in the environment (`GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`, `RUNNER_TEMP`).
An expression the test did not provide fails the test: nothing is guessed.

`validator(name)` is one of the validators of the files hwdoctor ships for other systems
(zizmor, jactionlint, kubernetes-validate, checkov), from the venv `make validators` builds
(`make test` does) with the versions constraints/validators.txt pins.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pytest
import yaml

from tests.conftest import ROOT

EXPRESSION: Final = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
# `uses: owner/name@<40 hex> # vX.Y.Z`: a commit, and the release it is, for people
PINNED: Final = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")


VALIDATORS: Final = ROOT / ".venv-validators" / "bin"


def validator(name: str) -> list[str]:
    """The command that runs validator `name`, or a skip saying how to get it."""
    path = VALIDATORS / name
    if not path.is_file():
        venv = VALIDATORS.parent.name
        pytest.skip(f"{name} is not installed: `make validators` builds {venv} (make test does)")
    return [str(path)]


def validator_env() -> dict[str, str]:
    """The environment the validators run in: their venv's bin first on PATH (jactionlint
    finds shellcheck there), nothing of the network (checkov asks Prisma Cloud for its
    guidelines unless told not to; zizmor runs --offline)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env["PATH"] = f"{VALIDATORS}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = env.get("HOME", "/tmp")
    return env


def load(path: Path) -> dict[str, Any]:
    """A workflow or action file; YAML 1.1 reads the key `on` as True, put back here."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict), path
    if True in document:
        document["on"] = document.pop(True)
    return document


def files() -> list[Path]:
    """Every workflow and action file hwdoctor ships."""
    shipped = [ROOT / "action.yml", *sorted((ROOT / ".github" / "workflows").glob("*.yml"))]
    return [path for path in shipped if path.is_file()]


def steps(document: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(where, step) for every step of a workflow's jobs or of a composite action."""
    if "runs" in document:
        for index, step in enumerate(document["runs"].get("steps", [])):
            yield f"runs.steps[{index}]", step
    for name, job in (document.get("jobs") or {}).items():
        for index, step in enumerate(job.get("steps", [])):
            yield f"jobs.{name}.steps[{index}]", step


def uses_lines(path: Path) -> list[str]:
    """The `uses:` lines as written, comments included (YAML drops the comment that names
    the release a pinned commit is)."""
    return [
        line.strip().removeprefix("- ")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip().removeprefix("- ").startswith("uses:")
    ]


def substitute(text: str, contexts: Mapping[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        expression = match.group(1)
        assert expression in contexts, f"no value for ${{{{ {expression} }}}} in this test"
        return contexts[expression]

    return EXPRESSION.sub(value, text)


@dataclass(frozen=True)
class StepRun:
    returncode: int
    stdout: str
    stderr: str
    outputs: dict[str, str]

    def __str__(self) -> str:  # shown by pytest when an assertion fails
        return (
            f"step -> {self.returncode}; outputs {self.outputs}\n"
            f"--- stdout\n{self.stdout[-4000:]}\n--- stderr\n{self.stderr[-4000:]}"
        )


def read_outputs(text: str) -> dict[str, str]:
    """GITHUB_OUTPUT's two forms: `name=value`, and `name<<DELIMITER` … `DELIMITER`."""
    outputs: dict[str, str] = {}
    lines = iter(text.splitlines())
    for line in lines:
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            body = []
            for inner in lines:
                if inner == delimiter:
                    break
                body.append(inner)
            outputs[name] = "\n".join(body)
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
    return outputs


def run_step(
    step: Mapping[str, Any],
    *,
    env: Mapping[str, str],
    contexts: Mapping[str, str],
    cwd: Path,
    timeout: float = 900,
) -> StepRun:
    """One `run:` step of shell bash, as the runner runs it."""
    assert step.get("shell", "bash") == "bash", step
    assert "${{" not in step["run"], "an expression inside run: is shell code; use env:"
    full_env = dict(env)
    full_env.update({name: substitute(str(value), contexts)
                     for name, value in (step.get("env") or {}).items()})  # fmt: skip
    with tempfile.TemporaryDirectory() as scratch:
        script = Path(scratch) / "step.sh"
        script.write_text(step["run"], encoding="utf-8")
        output = Path(scratch) / "output"
        output.touch()
        full_env["GITHUB_OUTPUT"] = str(output)
        completed = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            capture_output=True, text=True, env=full_env, cwd=cwd, timeout=timeout,
            check=False,
        )  # fmt: skip
        outputs = read_outputs(output.read_text(encoding="utf-8"))
    return StepRun(completed.returncode, completed.stdout, completed.stderr, outputs)
