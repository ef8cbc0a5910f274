"""Files in hwdoctor's own process: those named by the environment, read as regular files
only, whole and small, without ever blocking (the token file, HF_TOKEN_PATH); and a lock
that processes sharing one result take turns on (the pytest plugin's probe)."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
)


def read_small(path: str | Path, limit: int) -> str | None:
    """The whole of a regular file of at most `limit` bytes, as text; None for anything
    else: missing, unreadable, a directory, a FIFO (whose open blocks until a writer comes,
    and whose read then lasts as long as the writer likes), a device such as /dev/zero
    (endless), or larger than `limit`."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # never even opened: opening some devices does something
        descriptor = os.open(path, _FLAGS)
    except (OSError, ValueError):  # ValueError: a NUL byte in the path
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:  # swapped since the stat
            return None
        data = os.read(descriptor, limit + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # grew since the fstat
        return None
    return data.decode("utf-8", "replace")


@contextlib.contextmanager
def exclusive(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `path` (created if missing), across processes:
    the others wait in the kernel until it is released, and it is released when its holder
    ends, however it ends, so nobody waits for a process that died. Where there are no such
    locks (Windows), nothing is held: callers must still write their results atomically."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # closing the last descriptor releases the lock
