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


# --- a file written whole, where others may write too --------------------------------------
#
# `--save-evidence` runs as root in a Slurm Prolog, writing into a directory every node (and
# maybe every user) can write. Whoever else writes there may plant a symbolic link, a FIFO or
# a directory at any name they can guess, and swap one in at any moment. So nothing is
# opened by a name someone else could have chosen: the temporary file gets a random name and
# is created, never opened (O_CREAT|O_EXCL|O_NOFOLLOW), mode 0600; the directories on the way
# are walked one at a time from descriptors (openat), a symbolic link among them followed only
# when root or this user owns it; the file goes into place by rename(2), which replaces a
# name and never writes through a link there; and what stands at the name afterwards is
# checked to be the very file written.

# Linux's limit on symbolic links followed in one lookup (path_resolution(7), MAXSYMLINKS).
_MAX_LINKS: Final = 40
# Attempts at a fresh random name (16 hex digits: another process only finds one by luck).
_NAME_ATTEMPTS: Final = 16
# A temporary name longer than NAME_MAX (255 bytes) could not be made: past this, a generic one.
_MAX_TEMPORARY_PREFIX: Final = 160
# A directory on the way is held by an O_PATH descriptor where there is one (Linux): that
# needs only the right to pass through it (x), as a lookup by path does, not to list it (r);
# a Slurm Prolog's working directory is 0711 above the home of the user hwdoctor runs as.
_DIRECTORY_FLAGS: Final = (
    (getattr(os, "O_PATH", 0) or os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    | getattr(os, "O_DIRECTORY", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
)
_SYNC_FLAGS: Final = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_CREATE_FLAGS: Final = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
# openat(2) and friends: everywhere but Windows, which gets the same steps by path.
_BY_DESCRIPTOR: Final = {os.open, os.mkdir, os.stat, os.unlink, os.readlink, os.rename} <= (
    os.supports_dir_fd
) and hasattr(os, "O_DIRECTORY")


def write_whole(path: str | Path, text: str) -> str | None:
    """Write `text` to `path` so that a reader sees the old file or the whole new one, never
    half of it (a fleet report may read a shared directory while nodes still write), and so
    that nobody else who may write in that directory can turn the write elsewhere.

    A temporary file under a random name beside it, mode 0600, written, synced and renamed
    over `path`; then the name is checked to hold that very file. Only a regular file at
    `path` is replaced: a directory, a symbolic link, a FIFO, a device or a socket there is
    refused and left as it was. Missing parent directories are made, mode 0700. A symbolic
    link on the way is followed only when root or this user owns it (a link someone else
    planted could lead anywhere, as the kernel's fs.protected_symlinks rule holds in sticky
    directories). Raises OSError.

    Returns what the caller should say about the file written, or None: in a directory
    anyone may write that is not sticky, anyone may replace or remove it the moment it is
    written (and could have written one of their own there anyway), so it proves nothing.
    Refusing would not stop that, only lose the real file; the write itself is as safe
    there as anywhere, nothing being followed or opened by a name someone else chose."""
    target = Path(path)
    shown = str(path)
    if target.name in ("", ".", ".."):  # "/", ".", "..": no file name to write
        raise IsADirectoryError(errno.EISDIR, "a directory, not a file", shown)
    data = text.encode("utf-8")
    if not _BY_DESCRIPTOR:
        _write_by_path(target, data, shown)
        return None
    directory = _open_directory(target.parent, shown)
    try:
        caveat = _shared_directory(os.fstat(directory))
        _refuse_unless_regular(target.name, directory, shown)
        temporary, descriptor = _create_temporary(target.name, directory)
        renamed = False
        try:
            _write_all(descriptor, data)
            os.fsync(descriptor)
            # Once more at the last moment; a link swapped in after this is replaced by the
            # rename itself (a name is replaced, nothing is written through it).
            _refuse_unless_regular(target.name, directory, shown)
            os.replace(temporary, target.name, src_dir_fd=directory, dst_dir_fd=directory)
            renamed = True
            _sync_directory(directory)
            _check_written(
                os.fstat(descriptor),
                os.stat(target.name, dir_fd=directory, follow_symlinks=False),
                shown,
            )
        except BaseException:
            if not renamed:
                with contextlib.suppress(OSError):
                    os.unlink(temporary, dir_fd=directory)
            raise
        finally:
            os.close(descriptor)
    finally:
        os.close(directory)
    return caveat


def _sync_directory(directory: int) -> None:
    """The rename made durable, where the directory can be opened to sync it (an O_PATH
    descriptor cannot be synced; some file systems sync no directory)."""
    with contextlib.suppress(OSError):
        readable = os.open(".", _SYNC_FLAGS, dir_fd=directory)
        try:
            os.fsync(readable)
        finally:
            os.close(readable)


def _open_directory(path: Path, shown: str) -> int:
    """A descriptor of the directory `path`, walked to one component at a time from `/` (or
    the working directory) with O_NOFOLLOW; a missing one is made, mode 0700; a symbolic
    link is followed only when root or this user owns it."""
    parts = list(path.parts)
    start = "/" if path.is_absolute() else "."
    if path.is_absolute():
        parts = parts[1:]
    current = os.open(start, _DIRECTORY_FLAGS)
    links = made = 0
    try:
        while parts:
            part = parts.pop(0)
            if part in ("", "."):
                continue
            try:
                following = os.open(part, _DIRECTORY_FLAGS, dir_fd=current)
            except FileNotFoundError:
                made += 1
                if made > _NAME_ATTEMPTS:  # made and removed again, over and over
                    raise
                with contextlib.suppress(FileExistsError):  # made meanwhile by another node
                    os.mkdir(part, 0o700, dir_fd=current)
                parts.insert(0, part)
                continue
            except OSError as exc:
                if exc.errno not in (errno.ENOTDIR, errno.ELOOP):
                    raise
                info = os.stat(part, dir_fd=current, follow_symlinks=False)
                if not stat.S_ISLNK(info.st_mode):
                    raise NotADirectoryError(
                        errno.ENOTDIR, f"{part} is not a directory", shown
                    ) from None
                _refuse_foreign_link(part, info, shown)
                links += 1
                if links > _MAX_LINKS:
                    raise OSError(errno.ELOOP, "too many symbolic links", shown) from None
                link = Path(os.readlink(part, dir_fd=current))
                if link.is_absolute():
                    os.close(current)
                    current = os.open("/", _DIRECTORY_FLAGS)
                    parts[:0] = link.parts[1:]
                else:
                    parts[:0] = link.parts
                continue
            os.close(current)
            current = following
            made = 0
    except BaseException:
        os.close(current)
        raise
    return current


def _refuse_foreign_link(part: str, info: os.stat_result, shown: str) -> None:
    """A symbolic link that neither root nor this user owns was planted by someone else."""
    owner = getattr(os, "geteuid", lambda: 0)()
    if info.st_uid not in (0, owner):
        raise PermissionError(
            errno.EPERM,
            f"{part} is a symbolic link of another user's (uid {info.st_uid}); hwdoctor follows "
            "only root's and its own",
            shown,
        )


def _shared_directory(info: os.stat_result) -> str | None:
    """What to say of a directory anyone may write without the sticky bit."""
    if info.st_mode & stat.S_IWOTH and not info.st_mode & stat.S_ISVTX:
        return (
            "its directory may be written by anyone and is not sticky: anyone can replace "
            "or remove the file"
        )
    return None


def _refuse_unless_regular(name: str, directory: int, shown: str) -> None:
    """Only a regular file is replaced: the rename would put a file where a device node
    (/dev/null, /dev/full), a FIFO, a socket or a symbolic link stood."""
    try:
        mode = os.stat(name, dir_fd=directory, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return
    _refuse_unless_regular_mode(mode, shown)


# What stands at a name, said in the refusal.
_KINDS: Final = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _refuse_unless_regular_mode(mode: int, shown: str) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "a directory, not a file", shown)
    if not stat.S_ISREG(mode):
        kind = next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
        raise FileExistsError(errno.EEXIST, f"{kind}; hwdoctor replaces regular files only", shown)


def _temporary_name(name: str) -> str:
    """A hidden name no one can guess (a fleet report skips hidden files)."""
    import secrets  # here: hashlib and random with it, which only a write needs

    prefix = f".{name}" if len(os.fsencode(name)) <= _MAX_TEMPORARY_PREFIX else ".hwdoctor"
    return f"{prefix}.{secrets.token_hex(8)}.tmp"


def _create_temporary(name: str, directory: int) -> tuple[str, int]:
    """A new file under a random name in `directory`, open for writing, mode 0600: created
    (O_EXCL), so nothing that stood at that name (a link, a FIFO) is ever opened."""
    for _ in range(_NAME_ATTEMPTS):
        temporary = _temporary_name(name)
        try:
            descriptor = os.open(temporary, _CREATE_FLAGS, 0o600, dir_fd=directory)
        except FileExistsError:
            continue
        with contextlib.suppress(OSError):  # exactly 0600 whatever the umask left
            os.fchmod(descriptor, 0o600)
        return temporary, descriptor
    raise FileExistsError(errno.EEXIST, "no free temporary name", name)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _check_written(written: os.stat_result, found: os.stat_result, shown: str) -> None:
    """What stands at the name after the rename is the file written, or the write failed."""
    if (found.st_dev, found.st_ino) != (written.st_dev, written.st_ino):
        raise FileExistsError(
            errno.EEXIST, "another process replaced the file as it was written", shown
        )


def _write_by_path(target: Path, data: bytes, shown: str) -> None:
    """The same steps by path, where there is no openat(2) (Windows)."""
    import tempfile

    parent = target.parent
    if parent != Path():
        parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        _refuse_unless_regular_mode(target.lstat().st_mode, shown)
    descriptor, temporary = tempfile.mkstemp(dir=parent, prefix=f".{target.name}.", suffix=".tmp")
    renamed = False
    try:
        _write_all(descriptor, data)
        os.fsync(descriptor)
        os.replace(temporary, target)
        renamed = True
        _check_written(os.fstat(descriptor), target.lstat(), shown)
    except BaseException:
        if not renamed:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    finally:
        os.close(descriptor)
