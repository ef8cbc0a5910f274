"""A doctor leaves no trace: no files in the home directory, the working directory or the
temporary directory, whatever it ran, and no code from a model without being asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import base_env, run_hwdoctor
from tests.test_load import remote_code_model


def everything_under(directory: Path) -> list[str]:
    return sorted(str(path.relative_to(directory)) for path in directory.rglob("*"))


@pytest.fixture
def sealed(tmp_path: Path) -> tuple[dict[str, str], list[Path]]:
    """An environment whose home, temporary and working directories start out empty, with
    every cache left at its default (so under that home) and no network."""
    home, tmp, cwd = (tmp_path / name for name in ("home", "tmp", "cwd"))
    for directory in (home, tmp, cwd):
        directory.mkdir()
    env = base_env()
    for name in ("HF_HOME", "HF_HUB_CACHE", "XDG_CACHE_HOME", "TORCH_HOME", "TRANSFORMERS_CACHE"):
        env.pop(name, None)
    env.update(HOME=str(home), TMPDIR=str(tmp), HF_HUB_OFFLINE="1")
    return env, [home, tmp, cwd]


COMMANDS = {
    "detect": ("detect", "--json"),
    "explain --verify": ("explain", "--verify", "--json"),
    "load (tiny model)": ("load", "--device", "cpu", "--max-new-tokens", "2", "--json"),
    "load --plan": ("load", "--plan", "--json"),
    "detect --nproc 2": ("detect", "--nproc", "2", "--json"),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_leaves_no_files_behind(name: str, sealed: tuple[dict[str, str], list[Path]]) -> None:
    env, directories = sealed
    result = run_hwdoctor(*COMMANDS[name], env=env, cwd=directories[2])
    assert result.returncode in (0, 1), result
    assert result.json()["data"] is not None
    for directory in directories:
        assert everything_under(directory) == [], (directory.name, result)


def test_remote_code_and_a_killed_load_leave_no_files_behind(
    sealed: tuple[dict[str, str], list[Path]], tmp_path: Path
) -> None:
    """A model's own code runs only with --trust-remote-code, its copy stays out of the
    user's cache, and a step killed for outliving --timeout takes its files with it."""
    env, directories = sealed
    model = remote_code_model(tmp_path / "hang", "time.sleep(10**6)")
    args = ("load", str(model), "--device", "cpu", "--timeout", "5", "--json")

    refused = run_hwdoctor(*args, env=env, cwd=directories[2])
    assert refused.json()["data"]["problem"]["kind"] == "remote_code", refused
    killed = run_hwdoctor(*args, "--trust-remote-code", env=env, cwd=directories[2])
    assert killed.json()["data"]["problem"]["kind"] == "hang", killed
    for directory in directories:
        assert everything_under(directory) == [], (directory.name, killed)
