"""Child processes hwdoctor starts (probes, vendor tools, torchrun): one way to end them."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

KILL_WAIT_S: Final = 5.0
# Every process a probe starts inherits this variable from the probe, with a value of that
# probe's own: hwdoctor finds them by it in /proc/<pid>/environ, wherever they went.
TREE_MARKER_ENV: Final = "HWDOCTOR_PROBE_TREE"
_PROC: Final = Path("/proc")
_PR_SET_CHILD_SUBREAPER: Final = 36
_KILL_ROUNDS: Final = 50  # a fork bomb gets this many sweeps; each waits _SWEEP_S
_SWEEP_S: Final = 0.02
_NAME_LIMIT: Final = 120
_SUBREAPER: list[bool] = []  # asked once per process: [whether it worked]


def own_session() -> dict[str, Any]:
    """Popen arguments that start a child in a process group of its own, so it and
    everything it starts can be killed together, and the terminal's Ctrl-C reaches only
    hwdoctor (which then ends them)."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


def kill_group(process: subprocess.Popen[bytes], *, close_pipes: bool = False) -> None:
    """Kill `process` and its whole process group, then reap it within `KILL_WAIT_S`.

    `close_pipes`: close its output pipes first, for callers that never read them again
    (a grandchild holding them open must not make anyone wait).
    """
    if sys.platform == "win32":
        if process.poll() is None:
            process.kill()
    else:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    if close_pipes:
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(KILL_WAIT_S)


def new_tree_marker() -> str:
    """A value for `TREE_MARKER_ENV` that names one process tree."""
    return uuid.uuid4().hex


def become_subreaper() -> bool:
    """Make this process adopt its descendants' orphans (Linux `PR_SET_CHILD_SUBREAPER`).

    A process that leaves the probe's group (`setsid`, `os.setpgrp`) and whose parent dies
    would otherwise be re-parented to init, out of reach; adopted, it stays a descendant
    that `end_tree` finds. Elsewhere there is no such thing: the process group and the
    marker are all there is. True when this process is one.
    """
    if not _SUBREAPER:
        _SUBREAPER.append(_prctl_subreaper())
    return _SUBREAPER[0]


def _prctl_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


@dataclass(frozen=True, slots=True)
class TreeEnd:
    """How a process tree ended: what was still running besides its root, and what of it
    would not die (a process in uninterruptible sleep, or one that is no longer ours)."""

    strays: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()


def end_tree(process: subprocess.Popen[bytes], marker: str) -> TreeEnd:
    """Kill `process`, its process group and every process that carries `marker` in its
    environment or descends from one that does; reap what this process adopted.

    On Linux /proc shows them all, also those that left the group (with `become_subreaper`
    they stay our descendants even when their parent dies). Elsewhere only the process
    group is killed: what left it is out of reach.
    """
    if not _PROC.is_dir():
        kill_group(process)
        return TreeEnd()
    # Look before killing: while the payload lives, a descendant that cleared its
    # environment is still found by its ancestry.
    left = marked_tree(marker, exclude=(process.pid,))
    kill_group(process)
    strays: dict[int, str] = {}
    for _ in range(_KILL_ROUNDS):
        left = {**left, **marked_tree(marker, exclude=(process.pid,))}
        if not left:
            break
        for pid, name in left.items():
            strays.setdefault(pid, name)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _reap(left)
        time.sleep(_SWEEP_S)
        left = {pid: name for pid, name in left.items() if _alive(pid)}
    _reap(strays)
    return TreeEnd(strays=_names(strays), survivors=_names(left))


def marked_tree(marker: str, *, exclude: Iterable[int] = ()) -> dict[int, str]:
    """Live processes (no zombies) whose environment holds `TREE_MARKER_ENV=marker`, and
    their descendants, by pid: what each runs."""
    needle = f"{TREE_MARKER_ENV}={marker}".encode()
    parents: dict[int, int] = {}
    marked: set[int] = set()
    with contextlib.suppress(OSError):
        entries = [entry for entry in os.listdir(_PROC) if entry.isdigit()]
        for entry in entries:
            pid = int(entry)
            status = _stat(pid)
            if status is None or status[0] in "ZX":
                continue
            parents[pid] = status[1]
            try:
                environ = (_PROC / entry / "environ").read_bytes()
            except OSError:
                continue  # gone, or not ours to read
            if needle in environ.split(b"\0"):
                marked.add(pid)
    found = set(marked)
    grew = True
    while grew:  # descendants that cleared their environment still count
        fresh = {pid for pid, parent in parents.items() if parent in found} - found
        found |= fresh
        grew = bool(fresh)
    found -= {os.getpid(), *exclude}
    return {pid: _command(pid) for pid in sorted(found)}


def _alive(pid: int) -> bool:
    status = _stat(pid)
    return status is not None and status[0] not in "ZX"


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) from /proc/<pid>/stat, or None when it is gone."""
    try:
        text = (_PROC / str(pid) / "stat").read_text("utf-8", "replace")
        fields = text.rsplit(")", 1)[1].split()
        return fields[0], int(fields[1])
    except (OSError, IndexError, ValueError):
        return None


def _command(pid: int) -> str:
    """What a process runs, as `ps` shows it (its command line, else its name)."""
    try:
        argv = (_PROC / str(pid) / "cmdline").read_bytes().rstrip(b"\0").split(b"\0")
        text = " ".join(part.decode("utf-8", "replace") for part in argv).strip()
        if not text:
            text = "[" + (_PROC / str(pid) / "comm").read_text("utf-8", "replace").strip() + "]"
    except OSError:
        text = "?"
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= _NAME_LIMIT else text[: _NAME_LIMIT - 1] + "…"


def _reap(pids: Iterable[int]) -> None:
    """Collect the exit status of those that were adopted by this process (as a subreaper):
    only these pids, never `waitpid(-1)`, which would steal another Popen's child."""
    for pid in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


def _names(found: dict[int, str]) -> tuple[str, ...]:
    return tuple(f"{name} (pid {pid})" for pid, name in sorted(found.items()))


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
