"""A doctor leaves no trace: no files in the home directory, the working directory or the
temporary directory, whatever it ran, and no code from a model without being asked.

The same check runs where those commands already run end to end: `detect`, `explain
--verify` and `load` of the tiny model in tests/test_no_network.py, `detect --nproc 2` in
tests/test_distributed.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import everything_under, run_hwdoctor
from tests.test_load import remote_code_model

COMMANDS = {
    "load --plan": ("load", "--plan", "--json"),
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
