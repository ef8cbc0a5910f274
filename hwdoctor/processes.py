"""Child processes hwdoctor starts (probes, vendor tools, torchrun): one way to end them."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from typing import Any, Final

KILL_WAIT_S: Final = 5.0


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


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
