"""The kernel log's GPU events: Xid and SXid lines, read where this user may read them.

NVIDIA's driver logs each GPU fault it handles to the kernel log as "NVRM: Xid
(PCI:0000:3b:00): 79, pid=..., GPU has fallen off the bus." and each NVSwitch fault as
"nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Fatal, ..." (the Xid catalogue,
https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html; the line formats as
printed by open-gpu-kernel-modules' error-containment code and seen in the recordings under
tests/data/real/kernel-log/). Sources, first readable wins:

- `/dev/kmsg`, read non-blocking until it has nothing more (Documentation/ABI/testing/
  dev-kmsg: each read returns one record; EAGAIN at the end; EPIPE when the record was
  overwritten). A kernel with dmesg_restrict refuses it to ordinary users (EPERM).
- `journalctl -k -b -o cat`: this boot's kernel messages from the journal, which an
  ordinary user outside the systemd-journal and adm groups cannot see (journalctl then says
  so on stderr: "You are currently not seeing messages from other users and the system").
- `dmesg`: the ring buffer, refused the same way ("read kernel buffer failed").

Every source is bounded in bytes and time. Where none can be read the result says so and
why, never "no events": an unread log is not a healthy one.
"""

from __future__ import annotations

import errno
import os
import re
import selectors
import shutil
import subprocess
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from hwdoctor import processes
from hwdoctor.model.facts import KernelLog, XidEvent, XidKind
from hwdoctor.text import printable

MAX_BYTES: Final = 64 << 20  # the log read at most (a week of a busy journal's kernel part)
MAX_EVENTS: Final = 256  # distinct (kind, code, device) kept
_LINE_LIMIT: Final = 512  # characters of the line kept as the event's quote
_CHUNK: Final = 1 << 20

# The device is the PCI address without the function on GPUs ("0000:3b:00"), with it on
# NVSwitches; MIG adds " GPU-I:05" after it (open-gpu-kernel-modules' comment on Xid 94).
# Tried on one line at a time (`line_event`), by the live scan and by the paste reader
# (gather/reports/readers/kernel_log.py) alike: one parser for both.
XID: Final = re.compile(
    r"NVRM: Xid \((?:PCI:)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)"
    r"[^)\n]{0,40}\): ([0-9]{1,6}),"
)
SXID: Final = re.compile(
    r"SXid \((?:PCI:)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)\): "
    r"([0-9]{1,6}),(?: (Non-fatal|Fatal))?"
)
# What every Xid and SXid line holds: the bytes of a whole log are searched for it first.
CANDIDATE: Final = "Xid ("
_CANDIDATE: Final = re.compile(re.escape(CANDIDATE).encode())
_JOURNAL_REFUSED: Final = ("not seeing messages", "insufficient permissions", "No journal files")


@dataclass(frozen=True, slots=True)
class LineEvent:
    """What one kernel-log line says of a GPU (Xid) or an NVSwitch (SXid)."""

    kind: XidKind
    code: int
    device: str  # lower case: "0000:3b:00"
    fatal: bool  # an SXid's "Fatal"; False for an Xid (the catalogue judges those)
    text: str  # the message from the driver's own prefix on: no time stamp, no host name


def line_event(line: str) -> LineEvent | None:
    """The Xid or SXid event one line of a kernel log states; None for any other line."""
    if CANDIDATE not in line:
        return None
    match = XID.search(line)
    kind = XidKind.XID
    if match is None:
        match = SXID.search(line)
        kind = XidKind.SXID
    if match is None:
        return None
    begin = line.find("nvidia-nvswitch") if kind is XidKind.SXID else line.find("NVRM:")
    text = printable(line[max(begin, 0) :].strip())[:_LINE_LIMIT]
    fatal = kind is XidKind.SXID and match.group(3) == "Fatal"
    return LineEvent(kind, int(match.group(2)), match.group(1).lower(), fatal, text)


def parse(
    data: bytes, found: dict[tuple[str, int, str], list[object]] | None = None
) -> dict[tuple[str, int, str], list[object]]:
    """Count the Xid and SXid lines of `data` into `found`: (kind, code, device) → [count,
    first line, fatal]. Linear: one search for "Xid (" over the bytes, then each line
    that holds it."""
    found = {} if found is None else found
    position = 0
    while True:
        hit = _CANDIDATE.search(data, position)
        if hit is None:
            return found
        start = data.rfind(b"\n", 0, hit.start()) + 1
        end = data.find(b"\n", hit.end())
        end = len(data) if end < 0 else end
        position = end + 1
        event = line_event(data[start:end].decode("utf-8", "replace"))
        if event is None:
            continue
        key = (event.kind.value, event.code, event.device)
        entry = found.get(key)
        if entry is not None:
            entry[0] = int(str(entry[0])) + 1
            if event.fatal and not entry[2]:
                # the driver prints an SXid as several lines, "Severity 1 Engine …" or
                # "Data {…}" before or after the one with "Fatal": the event is fatal
                entry[1:] = [event.text, True]
            continue
        if len(found) >= MAX_EVENTS:
            continue
        found[key] = [1, event.text, event.fatal]


def events(found: Mapping[tuple[str, int, str], list[object]]) -> tuple[XidEvent, ...]:
    return tuple(
        XidEvent(XidKind(kind), code, device, int(str(entry[0])), str(entry[1]),
                 fatal=bool(entry[2]) if kind == XidKind.SXID.value else None)
        for (kind, code, device), entry in found.items()
    )  # fmt: skip


def _read_kmsg(path: Path, limit: int) -> tuple[bytes | None, str | None]:
    """What /dev/kmsg holds now, record by record, without waiting for more."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        return None, f"{path}: {exc.strerror or exc}"
    chunks: list[bytes] = []
    size = 0
    try:
        while size < limit:
            try:
                chunk = os.read(descriptor, 8192)
            except BlockingIOError:
                break  # nothing more now: a reader of /dev/kmsg never waits here
            except OSError as exc:
                if exc.errno == errno.EPIPE:
                    continue  # that record was overwritten while we read: the next one
                if not chunks:
                    return None, f"{path}: {exc.strerror or exc}"
                break
            if not chunk:
                break  # a regular file (a host root's copy): its end
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(descriptor)
    return b"".join(chunks)[:limit], None


def _run_bounded(argv: list[str], timeout_s: float, limit: int) -> tuple[bytes, bytes, int | None]:
    """stdout (at most `limit` bytes), stderr (64 KiB) and the exit status (None: cut off
    at the limit or the deadline) of a command, in a session of its own."""
    process = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **processes.own_session(),
    )
    assert process.stdout is not None and process.stderr is not None
    out: list[bytes] = []
    err: list[bytes] = []
    size = 0
    deadline = time.monotonic() + timeout_s
    cut = False
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ, out)
        selector.register(process.stderr, selectors.EVENT_READ, err)
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                cut = True
                break
            for key, _ in selector.select(left):
                chunk = os.read(key.fd, _CHUNK)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                if key.data is out:
                    out.append(chunk)
                    size += len(chunk)
                elif sum(map(len, err)) < 64 * 1024:
                    err.append(chunk)
            if size >= limit:
                cut = True
                break
    if cut:
        processes.kill_group(process, close_pipes=True)
        return b"".join(out)[:limit], b"".join(err), None
    process.stdout.close()
    process.stderr.close()
    try:
        status = process.wait(timeout=max(deadline - time.monotonic(), 0.1))
    except subprocess.TimeoutExpired:
        processes.kill_group(process, close_pipes=True)
        status = None
    return b"".join(out), b"".join(err), status


def _first_line(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    return printable(text.splitlines()[0][:200]) if text else ""


def _tool(name: str, args: Iterable[str], env: Mapping[str, str], timeout_s: float,
          limit: int) -> tuple[bytes | None, str | None, bool]:  # fmt: skip
    """A log tool's output, or why it could not be read, and whether it was cut off."""
    found = shutil.which(name, path=env.get("PATH", os.defpath))
    if found is None:
        return None, f"{name}: not installed", False
    try:
        out, err, status = _run_bounded([found, *args], timeout_s, limit)
    except OSError as exc:
        return None, f"{name}: {exc.strerror or exc}", False
    said = err.decode("utf-8", "replace")
    if any(word in said for word in _JOURNAL_REFUSED):
        return None, f"{name}: {_first_line(err)}", False
    if status not in (0, None):
        return (
            None,
            f"{name}: exited with status {status}"
            + (f": {_first_line(err or out)}" if (err or out).strip() else ""),
            False,
        )
    if status is None and len(out) < limit:
        return None, f"{name}: did not finish within {timeout_s:g} s", False
    return out, None, status is None


def read(
    root: Path, env: Mapping[str, str], timeout_s: float, *, limit: int = MAX_BYTES
) -> KernelLog:
    """The kernel log's Xid and SXid events from the first source this user can read."""
    problems: list[str] = []
    data, problem = _read_kmsg(root / "dev" / "kmsg", limit)
    source, truncated = "/dev/kmsg", False
    if data is None:
        problems.append(problem or "/dev/kmsg: unreadable")
        for name, args in (
            ("journalctl", ("-k", "-b", "-o", "cat", "--no-pager", "-q")),
            ("dmesg", ()),
        ):
            data, problem, truncated = _tool(name, args, env, timeout_s, limit)
            if data is not None:
                source = name
                break
            problems.append(problem or f"{name}: unreadable")
    if data is None:
        return KernelLog(source=None, problem="; ".join(problems))
    truncated = truncated or len(data) >= limit
    found = parse(data)
    return KernelLog(
        source=source, lines=data.count(b"\n"), truncated=truncated, events=events(found)
    )
