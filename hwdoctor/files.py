"""Files in hwdoctor's own process: those named by the environment, read as regular files
only, whole and small, without ever blocking (the token file, HF_TOKEN_PATH); a lock that
processes sharing one result take turns on (the pytest plugin's probe); and files written
whole or not at all, under a name each node of a cluster expands for itself
(`--save-evidence 'evidence/{host}.json'`)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import string
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

from hwdoctor.errors import UsageError

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


# What a file name may hold of a host name: the characters of RFC 952/1123 host names and
# dots; anything else (a "/" from a hostile evidence file, a space) becomes "_".
_NAME_UNSAFE: Final = re.compile(r"[^A-Za-z0-9._-]")
_MAX_NAME_PART: Final = 128
# The placeholders `--save-evidence` expands: one file per node ({host}) and per rank ({rank})
# in a directory the nodes share.
PLACEHOLDERS: Final = ("host", "rank")


def check_template(template: str, option: str = "--save-evidence") -> None:
    """A usage error unless `template` holds only the known placeholders (`{host}`,
    `{rank}`; `{{` and `}}` for a literal brace), before anything is probed."""
    if not template.strip():
        raise UsageError(f"{option} needs a file name", hint="e.g. evidence/{host}.json")
    try:
        fields = [(name, spec, conversion)
                  for _, name, spec, conversion in string.Formatter().parse(template)
                  if name is not None]  # fmt: skip
    except ValueError as exc:  # a lone brace
        raise UsageError(
            f"{option} {template!r}: {exc}", hint="write {{ and }} for a literal brace"
        ) from None
    unknown = [
        "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        for name, spec, conversion in fields
        if name not in PLACEHOLDERS or spec or conversion
    ]
    if unknown:
        shown = ", ".join(unknown)
        raise UsageError(
            f"{option} {template!r}: no placeholder {shown}",
            hint="the placeholders are {host} and {rank}, e.g. evidence/{host}.json",
        )


def name_part(text: str) -> str:
    """`text` (a host name) as one safe part of a file name: no separator, no `..`."""
    cleaned = _NAME_UNSAFE.sub("_", text)[:_MAX_NAME_PART].strip(".")
    return cleaned or "unknown"


def expand(template: str, values: Mapping[str, object]) -> str:
    """`template` with each placeholder replaced by its value, made safe for a file name."""
    check_template(template)
    return template.format_map({key: name_part(str(values[key])) for key in PLACEHOLDERS})


def write_whole(path: str | Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old file or the whole new one, never
    half of it (a fleet report may read a shared directory while nodes still write): a
    temporary file beside it, then a rename. Missing parent directories are made. Raises
    OSError."""
    target = Path(path)
    if target.name in ("", ".", ".."):  # "/", ".", "..": no file name to write
        raise IsADirectoryError(errno.EISDIR, "a directory, not a file", str(path))
    with contextlib.suppress(FileNotFoundError):
        # Only a regular file is replaced: the rename would put a file where a device node
        # (/dev/null, /dev/full), a FIFO, a socket or a symbolic link stood.
        mode = target.lstat().st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "a directory, not a file", str(path))
        if not stat.S_ISREG(mode):
            kind = "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file"
            raise FileExistsError(errno.EEXIST, f"{kind}; hwdoctor replaces regular files only",
                                  str(path))  # fmt: skip
    if target.parent != Path():
        target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
