"""Files named by the environment, read in hwdoctor's own process: regular files only, whole
and small, without ever blocking (the token file, HF_TOKEN_PATH)."""

from __future__ import annotations

import os
import stat
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
