"""hwdoctor installed as a tool (pipx, uv tool) diagnoses the environment the user is in.

The wheel `make dist` builds (tests/dist.py) is installed with the real pipx and uv, each
into temporary homes (PIPX_HOME, PIPX_BIN_DIR, UV_TOOL_DIR, UV_TOOL_BIN_DIR), from the
package index pip uses and no other. Then its `hwdoctor` runs `detect`, `explain` and
`load` the way a shell runs it:

- with a torch venv activated: VIRTUAL_ENV and PATH as `bin/activate` sets them (the test
  venv, which holds torch, accelerate and transformers);
- with a conda environment active: CONDA_PREFIX and PATH as `conda activate` sets them.
  No conda is installed here: the prefix is a venv with conda's `conda-meta/` directory and
  the test venv's packages on its path. hwdoctor reads only CONDA_PREFIX and that prefix's
  bin/python, which is what a real conda environment gives it;
- with neither: the first python3 on PATH that is not the tool's own, with the tool's own
  bin directory on PATH before it;
- with nothing else to diagnose: hwdoctor's own environment, said as such; `load` there
  says torch is missing, with what to do, never the payload's bare ModuleNotFoundError.

Each asserts which interpreter was diagnosed (JSON `data.python`) and that the first line of
the human report names it and says why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from tests.dist import INSTALLERS, Artefacts, artefacts, clean_env, run

__all__ = ["artefacts"]  # the session fixture, used by name

TOOLS: Final = ("pipx", "uv tool")
# What each installer writes in the root of the environment it makes for an app
# (hwdoctor/gather/interpreter.py cites their sources): hwdoctor knows its own environment by it.
RECEIPTS: Final = {"pipx": "pipx_metadata.json", "uv tool": "uv-receipt.toml"}
SYSTEM_PATH: Final = ("/usr/bin", "/bin")
TORCH_VENV: Final = Path(sys.prefix)  # the test venv: torch, accelerate, transformers


@dataclass(frozen=True)
class Installed:
    tool: str
    home: Path
    command: str  # the `hwdoctor` on PIPX_BIN_DIR / UV_TOOL_BIN_DIR, as a shell finds it
    bin_dir: Path  # the tool's environment's bin/
    env: dict[str, str]  # the installer's variables, HOME in the temporary home


@pytest.fixture(scope="module", params=TOOLS)
def installed(
    request: pytest.FixtureRequest, artefacts: Artefacts, tmp_path_factory: pytest.TempPathFactory
) -> Installed:
    tool = str(request.param)
    home = tmp_path_factory.mktemp(tool.replace(" ", "-"))
    env = clean_env()
    env.pop("CONDA_PREFIX", None)
    env["HOME"] = str(home)
    bin_dir = INSTALLERS[tool](artefacts.wheel, home, env)
    return Installed(tool, home, str(home / "bin" / "hwdoctor"), bin_dir, env)


def test_the_tool_environment_holds_the_installers_receipt(installed: Installed) -> None:
    """What hwdoctor reads to know its own environment is what the installer wrote."""
    assert (installed.bin_dir.parent / RECEIPTS[installed.tool]).is_file()
    found = run([str(installed.bin_dir / "python"), "-c",
                 "import importlib.util; print(importlib.util.find_spec('torch'))"],
                installed.env, installed.home)  # fmt: skip
    assert found.stdout.strip() == "None"  # and no torch: nobody trains there


def shell(installed: Installed, path: list[str], **variables: str) -> dict[str, str]:
    """The environment of a shell: PATH in this order, the installer's bin directory (where
    `hwdoctor` is) after the user's, and only the activation variables given."""
    env = {k: v for k, v in installed.env.items() if k not in ("VIRTUAL_ENV", "CONDA_PREFIX")}
    env.update(variables)
    env["PATH"] = os.pathsep.join([*path, str(installed.home / "bin"), *SYSTEM_PATH])
    env["COLUMNS"] = "300"  # the first line on one line, whatever the paths' length
    env["NO_COLOR"] = "1"
    return env


def hwdoctor(
    installed: Installed, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [installed.command, *args], capture_output=True, text=True, env=env,
        cwd=installed.home, timeout=900, check=False,
    )  # fmt: skip


def diagnosed(installed: Installed, env: dict[str, str]) -> dict[str, object]:
    """`detect --json`'s data.python."""
    ran = hwdoctor(installed, env, "detect", "--json")
    python = json.loads(ran.stdout)["data"]["python"]
    assert isinstance(python, dict), ran
    return python


def first_lines(installed: Installed, env: dict[str, str]) -> dict[str, str]:
    """The first line of each command's human report; load's report must say why it did not
    load in words, never as a bare ModuleNotFoundError."""
    lines = {}
    for args in (("detect",), ("explain",), ("load",)):
        ran = hwdoctor(installed, env, *args)
        assert ran.returncode in (0, 1), ran
        assert "Traceback" not in ran.stdout + ran.stderr, ran
        lines[args[0]] = ran.stdout.splitlines()[0]
    return lines


def conda_prefix(root: Path) -> Path:
    """A prefix as a conda environment lays it out for hwdoctor: bin/python and conda-meta/,
    with the test venv's packages (torch) importable through a .pth file."""
    prefix = root / "envs" / "train"
    if not prefix.exists():
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True,
                       timeout=300)  # fmt: skip
        (prefix / "conda-meta").mkdir()
        (prefix / "conda-meta" / "history").write_text("", encoding="utf-8")
        site = next((prefix / "lib").glob("python*/site-packages"))
        packages = next(TORCH_VENV.glob("lib/python*/site-packages"))
        (site / "train.pth").write_text(f"{packages}\n", encoding="utf-8")
    return prefix


def test_an_activated_torch_venv_is_the_one_diagnosed(installed: Installed) -> None:
    env = shell(installed, [str(TORCH_VENV / "bin")], VIRTUAL_ENV=str(TORCH_VENV))
    python = diagnosed(installed, env)
    assert python["executable"] == str(TORCH_VENV / "bin" / "python")
    assert python["chosen_because"] == "virtual_env"
    assert python["chosen_from"] == str(TORCH_VENV)
    assert python["hwdoctor_env"] == installed.tool
    said = f"Diagnosing {TORCH_VENV}/bin/python (Python "
    for command, line in first_lines(installed, env).items():
        assert line.startswith(said), (command, line)
        assert line.endswith(f"): the active venv {TORCH_VENV}."), (command, line)


def test_an_active_conda_environment_is_the_one_diagnosed(
    installed: Installed, tmp_path: Path
) -> None:
    prefix = conda_prefix(tmp_path)
    env = shell(installed, [str(prefix / "bin")], CONDA_PREFIX=str(prefix),
                CONDA_DEFAULT_ENV="train")  # fmt: skip
    python = diagnosed(installed, env)
    assert python["executable"] == str(prefix / "bin" / "python")
    assert (python["chosen_because"], python["conda"]) == ("conda_prefix", True)
    assert python["tool"] is None  # the user's environment is no tool's
    for command, line in first_lines(installed, env).items():
        assert line.startswith(f"Diagnosing {prefix}/bin/python (Python "), (command, line)
        assert line.endswith(f"): the active conda environment {prefix}."), (command, line)


def test_with_neither_the_first_python3_on_path_that_is_not_its_own(
    installed: Installed,
) -> None:
    """The tool's own bin directory (with its python3) comes first on PATH: skipped."""
    env = shell(installed, [str(installed.bin_dir), str(TORCH_VENV / "bin")])
    assert (installed.bin_dir / "python3").exists()
    python = diagnosed(installed, env)
    assert python["executable"] == str(TORCH_VENV / "bin" / "python3")
    assert (python["chosen_because"], python["chosen_from"]) == ("path", "python3")
    for command, line in first_lines(installed, env).items():
        assert line.startswith(f"Diagnosing {TORCH_VENV}/bin/python3 (Python "), (command, line)
        assert line.endswith("): the first python3 on PATH; no venv or conda environment is "
                             "active."), (command, line)  # fmt: skip


def test_with_nothing_else_its_own_environment_said_as_such(installed: Installed) -> None:
    """No venv, no conda, no other Python on PATH: hwdoctor's own environment, which holds
    no torch. Every report says so first; load says torch is missing there and where it
    belongs instead, not a ModuleNotFoundError."""
    env = shell(installed, [])
    env["PATH"] = str(installed.home / "bin")  # no python3 anywhere
    python = diagnosed(installed, env)
    own = installed.bin_dir / "python"
    assert python["executable"] == str(own)
    assert (python["chosen_because"], python["tool"]) == ("own", installed.tool)
    short = "~/" + str(own.relative_to(installed.home))
    for command, line in first_lines(installed, env).items():
        assert line == (f"Diagnosing {short} (Python {python['version']}): hwdoctor's own "
                        f"{installed.tool} environment: no venv or conda environment is active "
                        "and no other Python is on PATH."), (command, line)  # fmt: skip
    load = hwdoctor(installed, env, "load")
    assert load.returncode == 1, load
    assert "ModuleNotFoundError" not in load.stdout + load.stderr, load
    assert f"torch is not installed in {own}" in load.stdout, load
    assert f"this is hwdoctor's own {installed.tool} environment" in " ".join(load.stdout.split())
    document = json.loads(hwdoctor(installed, env, "load", "--json").stdout)
    assert document["data"]["problem"]["code"] == "torch.missing"
