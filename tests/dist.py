"""The artefacts users install: the sdist and the wheel PyPA build makes of this checkout,
built once per test session and shared by the xdist workers (the first to need them builds,
the others wait on a lock and reuse them).

They are built from a copy of the checkout, as `make dist` builds from a clone: setuptools
writes its egg-info into the tree it builds, and the test venv's editable install reads
metadata from this one. The copy also serves as the GitHub Action's checkout
(`github.action_path`) in tests/test_action.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from hwdoctor.files import exclusive
from tests.conftest import ROOT, base_env

# What a clone holds that is not part of it: local venvs, build output, caches.
NOT_IN_A_CLONE: Final = shutil.ignore_patterns(
    ".git", ".venv*", ".bench-venv", "build", "dist", "*.egg-info", "__pycache__",
    ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
)  # fmt: skip


@dataclass(frozen=True)
class Artefacts:
    clone: Path  # a copy of the checkout, as a user's clone or the action's checkout is
    sdist: Path
    wheel: Path

    def wheel_names(self) -> list[str]:
        with zipfile.ZipFile(self.wheel) as archive:
            return archive.namelist()

    def wheel_text(self, name: str) -> str:
        with zipfile.ZipFile(self.wheel) as archive:
            return archive.read(name).decode("utf-8")


def shared_directory(factory: pytest.TempPathFactory) -> Path:
    """A directory every process of this test session sees: xdist gives each worker a
    basetemp inside the controller's."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def clean_env() -> dict[str, str]:
    """The environment of a program installed from the artefacts: nothing on PYTHONPATH
    that could put this checkout's sources in front of what was installed."""
    env = base_env()
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    return env


def build(directory: Path) -> Artefacts:
    """Copy the checkout to `directory`/clone and build its sdist, then the wheel from the
    sdist, as `make dist` does."""
    clone = directory / "clone"
    out = directory / "dist"
    shutil.rmtree(clone, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT, clone, ignore=NOT_IN_A_CLONE)
    completed = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(clone)],
        capture_output=True, text=True, env=clean_env(), timeout=900, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-4000:]
    (sdist,) = out.glob("hwdoctor-*.tar.gz")
    (wheel,) = out.glob("hwdoctor-*.whl")
    return Artefacts(clone=clone, sdist=sdist, wheel=wheel)


def made_once(
    factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict[str, str]]
) -> dict[str, str]:
    """What `make(directory)` returns (paths, as text), made by the first process of this
    session that asks, while the others wait on a lock, then read back by them."""
    directory = shared_directory(factory) / name
    directory.mkdir(exist_ok=True)
    record = directory / "made.json"
    with exclusive(directory / "lock"):
        if not record.is_file():
            made = make(directory)
            record.write_text(json.dumps(made), encoding="utf-8")
        found: dict[str, str] = json.loads(record.read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> Artefacts:
    def make(directory: Path) -> dict[str, str]:
        built = build(directory)
        return {"clone": str(built.clone), "sdist": str(built.sdist), "wheel": str(built.wheel)}

    paths = made_once(tmp_path_factory, "artefacts", make)
    return Artefacts(**{name: Path(path) for name, path in paths.items()})


# -- installed as users install it ----------------------------------------------------------


def tool(name: str) -> str | None:
    """A command from the test venv (pipx and uv are test dependencies) or else PATH."""
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(
        args, capture_output=True, text=True, env=env, cwd=cwd, timeout=900, check=False
    )
    assert completed.returncode == 0, (
        f"{args}\n{completed.stdout[-3000:]}\n{completed.stderr[-3000:]}"
    )
    return completed


# pip's own default index (pip's `--index-url` help: "Defaults to https://pypi.org/simple").
PIP_DEFAULT_INDEX: Final = "https://pypi.org/simple"


def pip_index_url(env: dict[str, str]) -> str:
    """The index pip installs from here: its configured `index-url` (PIP_INDEX_URL, or the
    global, user or site configuration file, as `pip config list` shows them), else pip's
    default. uv reads no pip configuration, so it is told this one: a test installs from
    the same index as pip, and from nowhere else."""
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True,
        env=env, timeout=300, check=False,
    ).stdout  # fmt: skip
    for line in listed.splitlines():
        key, _, value = line.partition("=")
        if key.rsplit(".", 1)[-1] == "index-url" and value.strip("'\""):
            return value.strip("'\"")
    return PIP_DEFAULT_INDEX


def with_pip(wheel: Path, home: Path, env: dict[str, str]) -> Path:
    venv = home / "venv"
    run([sys.executable, "-m", "venv", str(venv)], env, home)
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], env, home)
    return venv / "bin"


def with_pipx(wheel: Path, home: Path, env: dict[str, str]) -> Path:
    pipx = tool("pipx")
    if pipx is None:
        pytest.skip("pipx is not installed (pip install pipx)")
    env.update(PIPX_HOME=str(home / "pipx"), PIPX_BIN_DIR=str(home / "bin"),
               PIPX_MAN_DIR=str(home / "man"))  # fmt: skip
    run([pipx, "install", "--python", sys.executable, str(wheel)], env, home)
    return home / "pipx" / "venvs" / "hwdoctor" / "bin"


def with_uv(wheel: Path, home: Path, env: dict[str, str]) -> Path:
    uv = tool("uv")
    if uv is None:
        pytest.skip("uv is not installed (pip install uv)")
    env.update(UV_TOOL_DIR=str(home / "tools"), UV_TOOL_BIN_DIR=str(home / "bin"),
               UV_CACHE_DIR=str(home / "cache"), UV_PYTHON_DOWNLOADS="never",
               UV_NO_PROGRESS="1", UV_DEFAULT_INDEX=pip_index_url(env))  # fmt: skip
    run([uv, "tool", "install", "--python", sys.executable, str(wheel)], env, home)
    return home / "tools" / "hwdoctor" / "bin"


INSTALLERS: Final[dict[str, Callable[[Path, Path, dict[str, str]], Path]]] = {
    "pip": with_pip,
    "pipx": with_pipx,
    "uv tool": with_uv,
}
