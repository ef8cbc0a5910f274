"""The fault builders the fault matrix relies on do what they say (tests/fakeworld.py): tests of
the test kit, not of hwdoctor, counted apart (test_fixture_*)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fakeworld import (
    AVAILABILITY_ERROR,
    GARBLED_PATH,
    SPAWNED_ARGV,
    World,
)


def test_behaviours_compose_in_order(world: World) -> None:
    world.faulty("noisy_then_broken", behaviour="nonutf8+raise")
    result = world.run("import noisy_then_broken")
    assert result.returncode == 1
    assert "fake output" in result.stdout  # printed first (kept as escapes by World.run)
    assert "ImportError: noisy_then_broken: the fake extension failed" in result.stderr


def test_unknown_part_of_a_composite_is_rejected(world: World) -> None:
    with pytest.raises(ValueError, match="unknown behaviour 'explode'"):
        world.faulty("x", behaviour="hang+explode")


def test_garbled_oserror_carries_undecodable_bytes_and_an_escape(world: World) -> None:
    world.faulty("garbled_error", behaviour="oserror-garbled")
    code = (
        "import os\n"
        "try:\n    import garbled_error\n"
        "except OSError as exc:\n"
        "    message = str(exc)\n"
        f"    assert os.fsencode(message).startswith({GARBLED_PATH!r}), message\n"
        "    assert '\\x1b[31m' in message\n"
        "    print('checked')\n"
    )
    result = world.run(code)
    assert result.stdout == "checked\n", result.stderr


def test_spawn_leaves_a_grandchild_running(world: World, tmp_path: Path) -> None:
    world.faulty("spawner", behaviour="spawn")
    pid_file = tmp_path / "pid"
    code = (
        "import pathlib, spawner\n"
        f"pathlib.Path({str(pid_file)!r}).write_text(str(spawner._SPAWNED.pid))\n"
    )
    result = world.run(code)
    assert result.returncode == 0, result.stderr
    pid = int(pid_file.read_text())
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:2]
        assert [part.decode() for part in cmdline] == list(SPAWNED_ARGV)
    finally:
        os.kill(pid, signal.SIGKILL)


def test_spew_prints_until_killed(world: World) -> None:
    world.faulty("spewer", behaviour="spew")
    process = subprocess.Popen(
        [sys.executable, "-c", "import spewer"],
        env=world.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.read(1 << 20)
        assert b"spewer: printing without end" in first
        time.sleep(0.2)
        assert process.poll() is None
    finally:
        process.kill()
        process.communicate(timeout=30)


@pytest.mark.parametrize("fault", ["raise", "hang"])
def test_availability_fault(world: World, fault: str) -> None:
    world.privateuse1("npu", availability_fault=fault)
    code = (
        "import torch, threading\n"
        "print(torch.npu.device_count())\n"
        "result = []\n"
        "def ask():\n"
        "    try:\n        result.append(torch.npu.is_available())\n"
        "    except RuntimeError as exc:\n        result.append(str(exc))\n"
        "thread = threading.Thread(target=ask, daemon=True)\n"
        "thread.start()\n"
        "thread.join(2)\n"
        "print(result[0] if result else 'still asking')\n"
    )
    result = world.run(code, timeout=120)
    assert result.returncode == 0, result.stderr
    count, answer = result.stdout.splitlines()
    assert count == "2"  # registered; only the availability query misbehaves
    assert answer == (AVAILABILITY_ERROR if fault == "raise" else "still asking")


def test_availability_fault_is_checked(world: World) -> None:
    with pytest.raises(ValueError, match="unknown availability_fault"):
        world.privateuse1("npu", availability_fault="explode")
