"""The GitHub Action (action.yml), its steps run here as the runner runs them
(tests/actions.py): GITHUB_ACTIONS, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE and
RUNNER_TEMP set, hwdoctor installed from the action's checkout (a copy of this one) by the
action's own install step, once per session, from the hashes of constraints/action.txt, and
`detect` run against the test venv's Python in fake worlds with and without the device a job
requires. zizmor and jactionlint check the file itself (tests/test_workflows.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Final

import pytest
from packaging.requirements import Requirement

import hwdoctor
from tests.actions import StepRun, load, run_step, substitute
from tests.conftest import ROOT
from tests.dist import Artefacts, artefacts, clean_env, made_once
from tests.fakeworld import ASCEND, World

__all__ = ["artefacts"]  # the session fixture, used by name

ACTION: Final = load(ROOT / "action.yml")


def step(step_id: str) -> dict[str, Any]:
    (found,) = [s for s in ACTION["runs"]["steps"] if s.get("id") == step_id]
    return dict(found)


def runner_env(runner_temp: Path, action_path: Path) -> dict[str, str]:
    env = clean_env()
    env.update(GITHUB_ACTIONS="true", RUNNER_TEMP=str(runner_temp),
               GITHUB_ACTION_PATH=str(action_path))  # fmt: skip
    env["GITHUB_WORKSPACE"] = str(runner_temp.parent / "workspace")
    return env


@pytest.fixture(scope="session")
def installed(artefacts: Artefacts, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The install step, run once: the `hwdoctor` it installed from the action's checkout."""

    def make(directory: Path) -> dict[str, str]:
        (directory / "runner").mkdir()
        ran = run_step(step("install"), env=runner_env(directory / "runner", artefacts.clone),
                       contexts={}, cwd=directory)  # fmt: skip
        assert ran.returncode == 0, ran
        return ran.outputs

    outputs = made_once(tmp_path_factory, "action-install", make)
    assert Path(outputs["hwdoctor"]).is_file(), outputs
    return outputs["hwdoctor"]


@dataclass(frozen=True)
class ActionRun:
    step: StepRun
    outputs: dict[str, str]  # the action's own outputs, mapped from its steps' as GitHub does
    summary: str

    def errors(self) -> list[str]:
        """Workflow commands, which the runner reads from stdout and stderr alike."""
        lines = (self.step.stdout + self.step.stderr).splitlines()
        return [line for line in lines if line.startswith("::error")]

    def report(self) -> Any:
        return json.loads(Path(self.outputs["report"]).read_text(encoding="utf-8"))


def run_action(
    installed: str,
    tmp_path: Path,
    world: World | None = None,
    path_env: Mapping[str, str] | None = None,
    **inputs: str,
) -> ActionRun:
    """The detect step with these inputs (the others at their defaults; `python` defaults
    to this test venv's interpreter, the job's Python with torch), in `world`."""
    runner = tmp_path / "runner"
    runner.mkdir(parents=True, exist_ok=True)
    (tmp_path / "workspace").mkdir(exist_ok=True)
    summary = tmp_path / "summary.md"
    env = runner_env(runner, tmp_path / "unused-action-path")
    env["GITHUB_STEP_SUMMARY"] = str(summary)
    if world is not None:
        env = world.env(env)
    env |= path_env or {}
    values = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    values |= {"python": sys.executable, **inputs}
    contexts = {f"inputs.{name}": value for name, value in values.items()}
    contexts["steps.install.outputs.hwdoctor"] = installed
    ran = run_step(step("detect"), env=env, contexts=contexts, cwd=tmp_path / "workspace")
    mapped = {f"steps.detect.outputs.{name}": value for name, value in ran.outputs.items()}
    outputs = {name: substitute(spec["value"], mapped) for name, spec in ACTION["outputs"].items()}
    text = summary.read_text(encoding="utf-8") if summary.exists() else ""
    return ActionRun(ran, outputs, text)


def test_the_action_declares_its_inputs_and_outputs() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert set(ACTION["inputs"]) == {"requirements", "python", "strict", "args"}
    assert set(ACTION["outputs"]) == {"exit-code", "report"}
    assert all(s["shell"] == "bash" for s in ACTION["runs"]["steps"])
    assert all(not spec.get("required", False) for spec in ACTION["inputs"].values())


def test_installed_from_the_actions_checkout(installed: str) -> None:
    """The action installs the version its `uses:` ref names (its checkout's, not an index's)
    into a venv of its own under RUNNER_TEMP, so the job's environment gains nothing."""
    venv = Path(installed).parent.parent
    assert venv.name == "hwdoctor-venv" and venv.parent.name == "runner"
    said = subprocess.run([installed, "--version"], capture_output=True, text=True,
                          env=clean_env(), timeout=120, check=True)  # fmt: skip
    assert said.stdout == f"hwdoctor {hwdoctor.__version__}\n"
    located = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import hwdoctor; print(hwdoctor.__file__)"],
        capture_output=True, text=True, env=clean_env(), cwd=venv, timeout=120, check=True,
    )  # fmt: skip
    assert Path(located.stdout.strip()).is_relative_to(venv)


def test_without_the_required_device_the_step_fails(
    installed: str, tmp_path: Path, world: World
) -> None:
    ran = run_action(installed, tmp_path, world, requirements="cuda\ntorch>=2.6\n")
    assert ran.step.returncode == 1, ran.step
    assert ran.outputs["exit-code"] == "1"
    (error,) = ran.errors()
    assert error.startswith("::error title=hwdoctor::requirement cuda not met: "), error
    assert ran.step.stdout == ""  # the report went to its file
    requirements = {r["requirement"]: r["met"] for r in ran.report()["data"]["requirements"]}
    assert requirements == {"cuda": False, "torch>=2.6": True}
    assert ran.summary.startswith("## hwdoctor detect")
    assert "❌ `cuda`" in ran.summary and "✅ `torch>=2.6`" in ran.summary


def test_with_the_required_device_the_step_passes(
    installed: str, tmp_path: Path, world: World
) -> None:
    world.privateuse1("npu", devices=(ASCEND, ASCEND))  # each with 60 GiB free
    ran = run_action(installed, tmp_path, world, requirements="  npu>=2\n\nmemory>=40GiB  ")
    assert ran.step.returncode == 0, ran.step
    assert ran.outputs["exit-code"] == "0"
    assert ran.errors() == []
    report = ran.report()
    assert report["exit_code"] == 0
    assert [r["requirement"] for r in report["data"]["requirements"]] == [
        "npu>=2",
        "memory>=40GiB",
    ]
    assert "✅ `npu>=2`" in ran.summary and "✅ `memory>=40GiB`" in ran.summary


def test_an_error_finding_fails_the_step_with_its_code(
    installed: str, tmp_path: Path, world: World
) -> None:
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="raise")
    ran = run_action(installed, tmp_path, world)
    assert ran.step.returncode == 1, ran.step
    (error,) = ran.errors()
    assert error.startswith("::error title=hwdoctor extension.import_failed::torch-mlu 1.0 is")


def test_strict_and_extra_arguments(installed: str, tmp_path: Path, world: World) -> None:
    """A warning fails the step with strict; args reach detect, split at whitespace."""
    world.pci("0000:c1:00.0", "0x19e5", "0xd802", "0x120000")  # an Ascend NPU, no torch-npu
    relaxed = run_action(installed, tmp_path / "relaxed", world, args="--all\n--timeout  30")
    assert relaxed.step.returncode == 0, relaxed.step
    assert relaxed.errors() == []
    strict = run_action(installed, tmp_path / "strict", world, strict="true")
    assert strict.step.returncode == 1, strict.step
    assert any("title=hwdoctor hardware.package_missing::" in e for e in strict.errors())


@pytest.mark.parametrize(
    ("inputs", "error"),
    [
        ({"requirements": "cuda>=x"}, "::error title=hwdoctor::--require 'cuda>=x': a device "),
        ({"strict": "yes"}, "::error title=hwdoctor::the input strict is true or false"),
        ({"args": "--no-such-option"}, "::error title=hwdoctor::No such option: --no-such-"),
    ],
)
def test_bad_inputs_are_one_annotation_and_exit_2(
    installed: str, tmp_path: Path, inputs: Mapping[str, str], error: str
) -> None:
    ran = run_action(installed, tmp_path, **inputs)
    assert ran.step.returncode == 2, ran.step
    assert [line[: len(error)] for line in ran.errors()] == [error]


def pinned() -> dict[str, str]:
    """constraints/action.txt's pins: name -> version."""
    text = (ROOT / "constraints" / "action.txt").read_text(encoding="utf-8")
    return dict(re.findall(r"^([a-z0-9-]+)==(\S+) \\$", text, flags=re.M))


def test_installed_from_hashes_with_nothing_resolved(installed: str) -> None:
    """The venv holds hwdoctor and exactly the releases constraints/action.txt pins (by
    hash, wheels only): nothing was resolved at run time, and pip check found hwdoctor's
    dependencies met (the install step runs it)."""
    python = Path(installed).parent / "python"
    listed = subprocess.run(
        [str(python), "-m", "pip", "list", "--format", "json", "--disable-pip-version-check"],
        capture_output=True,
        text=True,
        env=clean_env(),
        check=True,
    )
    found = {p["name"].lower().replace("_", "-"): p["version"] for p in json.loads(listed.stdout)}
    found.pop("pip")
    assert found.pop("hwdoctor") == hwdoctor.__version__
    assert found == pinned()
    text = (ROOT / "constraints" / "action.txt").read_text(encoding="utf-8")
    assert text.count("--hash=sha256:") == len(pinned()) > 10


def test_the_pins_cover_hwdoctors_dependencies() -> None:
    """Every runtime dependency of hwdoctor (pyproject.toml, as installed here) is pinned, at
    a release it accepts."""
    versions = pinned()
    runtime = [r for r in metadata.requires("hwdoctor") or [] if "extra ==" not in r]
    assert len(runtime) >= 5, runtime
    for line in runtime:
        requirement = Requirement(line)
        name = requirement.name.lower().replace("_", "-")
        assert name in versions, name
        assert requirement.specifier.contains(versions[name], prereleases=True), line


def test_a_pass_logs_one_verdict_line(installed: str, tmp_path: Path, world: World) -> None:
    """The job's log says what was checked even when all is well: one line, hwdoctor's own
    first line, read again from the evidence the run saw."""
    world.privateuse1("npu", devices=(ASCEND, ASCEND))
    ran = run_action(installed, tmp_path, world, requirements="npu>=2")
    assert ran.step.returncode == 0, ran.step
    (line,) = ran.step.stdout.splitlines()
    (evidence,) = (tmp_path / "runner").glob("hwdoctor-*/evidence.json")
    human = subprocess.run(
        [installed, "detect", "--from", str(evidence), "--require", "npu>=2"],
        capture_output=True,
        text=True,
        env=clean_env(),
        check=True,
    )
    assert line == f"hwdoctor: {human.stdout.splitlines()[0]}"
    assert "npu (2)" in line and "Nothing to fix" in line


@pytest.mark.parametrize(
    "args", ["--save-evidence x.json", "--all --save-evidence=x.json", "--all\n--save-evidence"]
)
def test_args_never_write_evidence(installed: str, tmp_path: Path, args: str) -> None:
    ran = run_action(installed, tmp_path, args=args)
    assert ran.step.returncode == 2, ran.step
    assert ran.errors() == [
        "::error title=hwdoctor::args: --save-evidence is not taken here: the action writes "
        "no file of yours; run hwdoctor detect --save-evidence in a step of your own"
    ]
    assert ran.outputs == {"exit-code": "2", "report": ""}
    assert not (tmp_path / "workspace" / "x.json").exists()


@pytest.mark.parametrize(
    "args",
    ["--from /etc/hostname", "--from=../outside", "--paste /tmp", "--all --from link/to-etc"],
)
def test_args_read_nothing_outside_the_workspace(installed: str, tmp_path: Path, args: str) -> None:
    """`--from` and `--paste` read files: only the workspace's, a link out of it included."""
    (tmp_path / "workspace" / "link").mkdir(parents=True)
    (tmp_path / "workspace" / "link" / "to-etc").symlink_to("/etc")
    ran = run_action(installed, tmp_path, args=args)
    assert ran.step.returncode == 2, ran.step
    (error,) = ran.errors()
    assert error.startswith("::error title=hwdoctor::args: --"), error
    assert "is outside the workspace; give a path in " in error


def test_args_may_judge_evidence_in_the_workspace(installed: str, tmp_path: Path) -> None:
    """A fleet's evidence in the workspace is judged there, with the job's requirements, and
    no interpreter is probed (--python is not given with --from)."""
    shutil.copytree(ROOT / "tests" / "data" / "fleet", tmp_path / "workspace" / "fleet")
    ran = run_action(installed, tmp_path, args="--from fleet", requirements="cpu")
    assert ran.step.returncode == 0, ran.step
    report = ran.report()
    assert report["exit_code"] == 0 and len(report["data"]["hosts"]) == 4
    (line,) = ran.step.stdout.splitlines()
    assert line.startswith("hwdoctor: "), line


def test_the_default_python_is_python3_where_there_is_no_python(
    installed: str, tmp_path: Path
) -> None:
    """A runner with python3 and no python (no actions/setup-python): the default input
    diagnoses python3 instead of failing."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    system = [d for d in ("/usr/bin", "/bin") if Path(d).is_dir()]
    assert not any((Path(d) / "python").exists() for d in system)
    path = os.pathsep.join([str(bin_dir), *system])
    ran = run_action(installed, tmp_path, path_env={"PATH": path}, python="python")
    assert ran.outputs["exit-code"] in ("0", "1"), ran.step
    executable = ran.report()["data"]["python"]["executable"]
    assert Path(executable).name == "python3", executable
