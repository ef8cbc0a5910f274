"""Run a probe payload in the target interpreter: spawn, stream its steps, enforce deadlines.

The payload reports on a channel file of its own, one JSON event per line. A step that
sends no event for `timeout_s` seconds is asked for a Python stack (SIGUSR1, which the
payload routes to faulthandler) and then killed with everything it started (see
`processes.end_tree`). Whatever the payload reported before it hung or died is kept.
Whoever is `observing()` is told of every step as it begins and ends (the command line
shows it as a status line).

The channel is written by code hwdoctor does not control (an extension can open it too):
every line is bounded in size and checked for its shape, and what is not an event becomes
a problem of the run, never an exception.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from hwdoctor import interrupts, processes
from hwdoctor.errors import UsageError
from hwdoctor.model.runs import ProbeRun, RunOutcome, StepResult
from hwdoctor.text import printable, valid_text

_POLL_S = 0.005
_STACK_DUMP_GRACE_S = 0.3
_TAIL_BYTES = 64 * 1024
_EVENT_LIMIT: Final = 4 << 20  # bytes in one channel line (payload_common.EVENT_LIMIT)
_READ_BYTES: Final = 1 << 20  # read the channel in pieces: memory stays bounded
_DEPTH_LIMIT: Final = 64  # nesting of one event's value
_NAME_LIMIT: Final = 500  # characters of a step's name or a fact's key
_PROBLEM_LIMIT: Final = 20  # problems kept per run; more are counted
_EXIT_GRACE_S: Final = 1.0  # after `done`, the interpreter only has to flush and leave
# A step that uses the CPU is working, not hung: `import torch` on a busy machine can go
# longer than the deadline without an event. The payload's CPU time (Linux: /proc) counts
# as progress when it grows by this much; but CPU alone extends a step no further than this
# many deadlines without an event, so a step that spins for ever is still reported.
_CPU_PROGRESS_S: Final = 0.05
_CPU_CHECK_S: Final = 0.25
_CPU_ONLY_DEADLINES: Final = 4
_EVENT_KINDS: Final = frozenset({"begin", "end", "fact", "done", "ready", "progress"})
_LIVE: set[Started] = set()  # started and not yet closed: what an interrupt must kill
StepObserver = Callable[[str, bool], None]  # (step name, True when it begins / False at its end)
_OBSERVERS: list[StepObserver] = []

# Payloads that ask the Hub for a model get its one-shot check first (payload_hub.py).
_WITH_HUB: Final = ("load", "verify")


def payload_source(name: str) -> str:
    """The payload's text, after the shared prelude (all stdlib-only, Python 3.8+)."""
    here = Path(__file__).parent
    parts = ["payload_common.py", *(("payload_hub.py",) if name in _WITH_HUB else ())]
    parts += ["payload_loaded.py"] if name == "detect" else []  # what the process loaded
    parts.append(f"payload_{name}.py")
    return "\n\n".join((here / part).read_text("utf-8") for part in parts)


class Started:
    """A payload process that is running: its files, its channel, when it started.

    Starting is cheap and needs nothing but this module, so the CLI starts the probe before
    it imports the rest of hwdoctor; `finish()` then follows it to the end.
    """

    def __init__(
        self,
        python: str,
        payload: str,
        job: Mapping[str, Any],
        env_overrides: Mapping[str, str] | None = None,
        *,
        stdin: bool = False,
        echo_stderr: IO[bytes] | None = None,
    ) -> None:
        """`stdin`: keep a pipe to the payload (for a go signal); `echo_stderr`: copy what
        the payload writes to stderr there as it comes, raw. Output is never progress: only
        the payload's events on the channel give a step more time (a thread of an
        extension printing every second must not keep a hung step alive).

        The payload's stdout and stderr are pipes, read as they come by a thread each that
        keeps only their last `_TAIL_BYTES`: an extension printing in a loop until it is
        killed costs neither memory nor disk (files would grow by hundreds of MB/s).
        """
        self.env_overrides = dict(env_overrides or {})
        self.deadline_from = time.monotonic()
        # Everything the payload starts inherits the marker; with hwdoctor a subreaper,
        # what leaves the payload's process group is still found and killed at the end.
        self.marker = processes.new_tree_marker()
        processes.become_subreaper()
        self.workdir = Path(tempfile.mkdtemp(prefix="hwdoctor-probe-"))
        channel_path = self.workdir / "channel.jsonl"
        channel_path.touch(mode=0o600)
        env = dict(os.environ)
        env.update(self.env_overrides)
        env[processes.TREE_MARKER_ENV] = self.marker
        argv = [
            python,
            "-c",
            payload_source(payload),
            json.dumps({**job, "channel": str(channel_path), "parent": os.getpid()}),
        ]
        self.started = time.monotonic()
        self.stdout = _Tail()
        self.stderr = _Tail()
        self.channel = open(channel_path, "rb")  # noqa: SIM115 - closed in close()
        self._drains: list[threading.Thread] = []
        self._stop_draining = threading.Event()
        self._ended: processes.TreeEnd | None = None
        try:
            # Ctrl-C between Popen and the bookkeeping would leave a payload no one kills or
            # a drain no one joins: hold it until the process is recorded as ours.
            with interrupts.held():
                try:
                    self.process = subprocess.Popen(
                        argv,
                        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        env=env,
                        **processes.own_session(),
                    )
                except OSError as exc:  # not executable, not a program, a broken #! line
                    raise _not_runnable(python, exc) from None
                _LIVE.add(self)
                for pipe, tail, echo in (
                    (self.process.stdout, self.stdout, None),
                    (self.process.stderr, self.stderr, echo_stderr),
                ):
                    drain = threading.Thread(
                        target=self._drain, args=(pipe, tail, echo), daemon=True
                    )
                    self._drains.append(drain)
                    drain.start()
        except BaseException:
            self.abandon()
            raise

    def _drain(self, pipe: IO[bytes] | None, tail: _Tail, echo: IO[bytes] | None) -> None:
        """Read one output pipe of the payload until its end, or until the payload is gone
        (a daemon it started may hold the pipe open for ever), keeping its tail (and
        echoing it, when asked)."""
        assert pipe is not None
        with contextlib.suppress(OSError, ValueError):  # the pipe closes under us on cleanup
            descriptor = pipe.fileno()
            while True:
                if _POLLABLE:
                    ready, _, _ = select.select([descriptor], [], [], 0.05)
                    if not ready:
                        if self._stop_draining.is_set():
                            return  # all that was written before the end is read
                        continue
                chunk = os.read(descriptor, 65536)
                if not chunk:
                    return
                tail.add(chunk)
                if echo is not None:
                    with contextlib.suppress(OSError, ValueError):
                        echo.write(chunk)
                        echo.flush()

    def _end(self) -> processes.TreeEnd:
        """Kill the payload and everything it started; stop reading its pipes. Once."""
        if self._ended is None:
            self._ended = processes.end_tree(self.process, self.marker)
            self._stop_draining.set()
            for drain in self._drains:
                if drain.ident is not None:  # started
                    # Without select (Windows) a reader waits for EOF, which a stray
                    # process holding the pipe can withhold: wait a bounded while.
                    drain.join(None if _POLLABLE else 5)
        return self._ended

    def go(self, message: str = "") -> None:
        """Tell a payload waiting on stdin to proceed, with a last word (one line)."""
        self.deadline_from = time.monotonic()  # its deadline runs from here
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.write(f"go {message}".strip().encode() + b"\n")
                self.process.stdin.close()

    def finish(self, timeout_s: float) -> ProbeRun:
        """Follow the payload to its end, or until a step outlives `timeout_s`; clean up."""
        try:
            try:
                followed = _follow(
                    self.process, self.channel, timeout_s, lambda: self.deadline_from
                )
            finally:
                ended = self._end()
            events, outcome = followed.events, followed.outcome
            facts, steps = _fold(events)
            done = any(e.get("e") == "done" for e in events)
            if outcome is RunOutcome.COMPLETED and not done:
                outcome = RunOutcome.CRASHED
            problems = list(followed.problems)
            if followed.lingered:
                problems.append(_lingered(self.stderr.text()))
            if ended.survivors:
                problems.append(
                    "could not kill what the probe started: " + ", ".join(ended.survivors)
                )
            return ProbeRun(
                outcome=outcome,
                facts=facts,
                steps=steps,
                returncode=self.process.returncode,
                seconds=time.monotonic() - self.started,
                stdout_tail=self.stdout.text(),
                stderr_tail=self.stderr.text(),
                env_overrides=self.env_overrides,
                problems=tuple(problems),
                strays=ended.strays,
                survivors=ended.survivors,
            )
        finally:
            self.close()

    def abandon(self) -> None:
        """Kill the payload and everything it started, and forget it."""
        if getattr(self, "process", None) is not None:
            self._end()
        self.close()

    def close(self) -> None:
        _LIVE.discard(self)
        process = getattr(self, "process", None)
        pipes = (process.stdin, process.stdout, process.stderr) if process is not None else ()
        for stream in (*pipes, self.channel):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        shutil.rmtree(self.workdir, ignore_errors=True)


@contextlib.contextmanager
def observing(on_step: StepObserver) -> Iterator[None]:
    """Meanwhile, call `on_step(name, began)` for every step any payload begins or ends,
    as hwdoctor reads it from the channel (in the thread that follows that payload)."""
    _OBSERVERS.append(on_step)
    try:
        yield
    finally:
        _OBSERVERS.remove(on_step)


def _tell_observers(events: list[dict[str, Any]]) -> None:
    for event in events:
        kind = event.get("e")
        if kind in ("begin", "end"):
            for on_step in tuple(_OBSERVERS):
                on_step(str(event.get("step")), kind == "begin")


def _not_runnable(python: str, exc: OSError) -> UsageError:
    """The interpreter could not even be started: the path names no program this system can
    run (exit 2, like a path that does not exist)."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT and os.path.exists(python):
        reason = "its #! line names an interpreter that does not exist"
    return UsageError(
        f"cannot run {python}: {reason}",
        hint="pass the path of a Python interpreter or of a venv directory with --python",
    )


def abandon_all() -> None:
    """Kill every payload still running: the last thing hwdoctor does when interrupted."""
    for started in list(_LIVE):
        started.abandon()


def run_payload(
    python: str,
    payload: str,
    job: Mapping[str, Any],
    *,
    timeout_s: float,
    env_overrides: Mapping[str, str] | None = None,
) -> ProbeRun:
    """Run one payload to its end, or until a step outlives `timeout_s`.

    The payload inherits the user's environment, working directory and sys.path exactly as
    their own code would see them; `env_overrides` is only used for deliberate variations
    such as a second probe with extension autoloading switched off.
    """
    return Started(python, payload, job, env_overrides).finish(timeout_s)


@dataclass
class _Followed:
    events: list[dict[str, Any]]
    outcome: RunOutcome
    problems: tuple[str, ...] = ()
    lingered: bool = False  # everything arrived, then the interpreter would not exit


def _follow(
    process: subprocess.Popen[bytes],
    channel: IO[bytes],
    timeout_s: float,
    deadline_from: Callable[[], float] | None = None,
) -> _Followed:
    reader = ChannelReader()
    # Progress is measured from what the payload last did, not from when hwdoctor started
    # watching: a payload that hung while hwdoctor was busy elsewhere is not given more time.
    last_progress = deadline_from() if deadline_from is not None else time.monotonic()
    working = _Working(process.pid)
    done_at: float | None = None
    while True:
        interrupts.check()
        chunk = channel.read(_READ_BYTES)
        if chunk:
            fresh = reader.feed(chunk)
            _tell_observers(fresh)
            # A chunk may hold no whole line yet (a long fact read while it is written).
            last_progress = max([last_progress, *(_monotonic(e) for e in fresh)])
            if done_at is None and any(e["e"] == "done" for e in fresh):
                done_at = time.monotonic()
            if len(chunk) == _READ_BYTES:
                continue  # more may be waiting: read it before judging the deadline
        if process.poll() is not None:
            while chunk := channel.read(_READ_BYTES):
                _tell_observers(reader.feed(chunk))
            reader.close(torn_is_problem=done_at is not None)
            return _Followed(reader.events, RunOutcome.COMPLETED, reader.problems)
        if done_at is not None and time.monotonic() - done_at > min(_EXIT_GRACE_S, timeout_s):
            # Everything arrived; the interpreter hangs on its way out (a stdout whose flush
            # blocks): the facts stand, and the stack says what blocked.
            _request_stack_dump(process)
            return _Followed(reader.events, RunOutcome.COMPLETED, reader.problems, True)
        if deadline_from is not None:
            last_progress = max(last_progress, deadline_from())
        now = time.monotonic()
        silent = now - last_progress  # since the payload last said anything
        idle = min(silent, now - working.since(now))  # ... or last used the CPU
        if done_at is None and (idle > timeout_s or silent > _CPU_ONLY_DEADLINES * timeout_s):
            _request_stack_dump(process)
            return _Followed(reader.events, RunOutcome.TIMEOUT, reader.problems)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(_POLL_S)


class _Working:
    """When a process last used the CPU, from its user and system time in /proc/PID/stat
    (proc(5): fields 14 and 15, in clock ticks); never, where there is no /proc."""

    def __init__(self, pid: int) -> None:
        self._path = f"/proc/{pid}/stat"
        self._cpu = self._read()
        self._last = time.monotonic()
        self._checked = self._last

    def _read(self) -> float | None:
        try:
            with open(self._path, "rb") as stat:
                data = stat.read()
        except OSError:
            return None
        fields = data[data.rfind(b")") + 2 :].split()  # the name may hold spaces and parens
        try:
            return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS
        except (IndexError, ValueError):
            return None

    def since(self, now: float) -> float:
        """The last time the process was seen to use `_CPU_PROGRESS_S` of CPU or more."""
        if self._cpu is None:
            return float("-inf")
        if now - self._checked >= _CPU_CHECK_S:
            self._checked = now
            cpu = self._read()
            if cpu is not None and cpu - self._cpu >= _CPU_PROGRESS_S:
                self._cpu, self._last = cpu, now
        return self._last


_CLOCK_TICKS: Final = float(os.sysconf("SC_CLK_TCK")) if hasattr(os, "sysconf") else 100.0


def _monotonic(event: Mapping[str, Any]) -> float:
    """When an event happened, on this process's monotonic clock."""
    stamp = event.get("t")
    if not isinstance(stamp, (int, float)) or not math.isfinite(stamp):
        return time.monotonic()
    return time.monotonic() - max(0.0, time.time() - stamp)


class ChannelReader:
    """Turns what arrives on the channel, in pieces of any size, into events.

    Lines are bounded (`_EVENT_LIMIT`); each must be one JSON object of a known kind with
    fields of the right types and bounded nesting. Anything else is dropped and described
    in `problems` ("the probe sent something malformed: …"); nothing raises.
    """

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self._problems: list[str] = []
        self._dropped = 0
        self._pending = bytearray()
        self._skipping = 0  # > 0: inside an oversized line, this many bytes so far

    @property
    def problems(self) -> tuple[str, ...]:
        more = (f"and {self._dropped} more malformed events",) if self._dropped else ()
        return (*self._problems, *more)

    def feed(self, chunk: bytes) -> list[dict[str, Any]]:
        """The events completed by `chunk`, in order (also appended to `events`)."""
        fresh: list[dict[str, Any]] = []
        start = 0
        while start < len(chunk):
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            start = len(chunk) if end < 0 else end + 1
            if self._skipping:
                self._skipping += len(piece)
            elif len(self._pending) + len(piece) > _EVENT_LIMIT:
                self._skipping = len(self._pending) + len(piece)
                self._pending.clear()
            else:
                self._pending += piece
            if end >= 0:
                self._line_ended(fresh)
        self.events.extend(fresh)
        return fresh

    def close(self, *, torn_is_problem: bool = True) -> None:
        """The end of the channel: a last line without its newline is torn (a killed
        payload leaves one, which is no news; a payload that finished should not)."""
        if self._skipping or (torn_is_problem and self._pending.strip()):
            size = self._skipping or len(self._pending)
            self._problem(f"a last line cut off after {_size(size)}")
        self._pending.clear()
        self._skipping = 0

    def _line_ended(self, fresh: list[dict[str, Any]]) -> None:
        if self._skipping:
            size = _size(self._skipping)
            self._problem(f"a line of {size}, over the {_size(_EVENT_LIMIT)} limit")
            self._skipping = 0
            return
        line = bytes(self._pending)
        self._pending.clear()
        if line.strip():
            event = self._parse(line)
            if event is not None:
                fresh.append(event)

    def _parse(self, line: bytes) -> dict[str, Any] | None:
        try:
            event = json.loads(line)
        except RecursionError:
            self._problem(f"JSON nested too deeply ({_size(len(line))})")
            return None
        except ValueError:  # not UTF-8 (UnicodeDecodeError is one), not JSON
            self._problem(f"a line that is not JSON: {_excerpt(line)}")
            return None
        if not isinstance(event, dict):
            self._problem(f"a line that is not a JSON object: {_excerpt(line)}")
            return None
        if _depth(event) > _DEPTH_LIMIT:
            self._problem(f"an event nested over {_DEPTH_LIMIT} levels deep")
            return None
        event = dict(valid_text(event))
        complaint = _shape(event)
        if complaint:
            self._problem(f"{complaint}: {_excerpt(line)}")
            return None
        if "oversized" in event:
            named = event.get("key") or event.get("step") or ""
            self._problem(
                f"{event['e']} {named!r} of {_size(event['oversized'])}, over the "
                f"{_size(_EVENT_LIMIT)} limit: its content was dropped"
            )
            event.pop("value", None)
            event.pop("error", None)
        return event

    def _problem(self, what: str) -> None:
        if len(self._problems) < _PROBLEM_LIMIT:
            self._problems.append("the probe sent something malformed: " + what)
        else:
            self._dropped += 1


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _shape(event: Mapping[str, Any]) -> str | None:
    """What is wrong with an event's fields, or None."""
    kind = event.get("e")
    if not isinstance(kind, str) or kind not in _EVENT_KINDS:
        return "an event of no known kind"
    if event.get("t") is not None and not _is_number(event["t"]):
        return "an event whose time is not a number"
    oversized = event.get("oversized", 0)
    if isinstance(oversized, bool) or not isinstance(oversized, int) or oversized < 0:
        return "an event whose size is not a whole number"
    for name in ("step", "key"):
        text = event.get(name)
        if name in event and (not isinstance(text, str) or not 0 < len(text) <= _NAME_LIMIT):
            return f"{_article(kind)} {kind} event whose {name} is not a short text"
    if kind in ("begin", "end") and "step" not in event:
        return f"{_article(kind)} {kind} event without a step"
    if kind == "fact" and "key" not in event:
        return "a fact without a key"
    if kind == "end":
        if not isinstance(event.get("ok"), bool):
            return "an end event whose ok is not true or false"
        if event.get("seconds") is not None and not _is_number(event["seconds"]):
            return "an end event whose seconds is not a number"
        if event.get("error") is not None and not isinstance(event["error"], dict):
            return "an end event whose error is not an object"
    return None


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            if level > _DEPTH_LIMIT:
                return level
            stack.extend((child, level + 1) for child in item)
    return deepest


def _excerpt(line: bytes) -> str:
    text = printable(line[:80].decode("utf-8", "backslashreplace"))
    return repr(text + ("…" if len(line) > 80 else ""))


def _size(count: int) -> str:
    if count >= 1 << 20:
        return f"{count / (1 << 20):.1f} MiB"
    return f"{count} bytes"


def _lingered(stderr: str) -> str:
    """What the payload was doing when it would not exit, from its stack dump."""
    frames: list[str] = []
    current = False
    for line in stderr.splitlines():
        if line.startswith(("Current thread", "Thread ")):
            current = line.startswith("Current thread")
            frames = [] if current else frames
        elif current and line.strip().startswith("File "):
            frames.append(line.strip())
    where = f" (blocked in {frames[0]})" if frames else ""
    return (
        "the probe reported everything, then did not exit"
        f"{where}; hwdoctor stopped it after {_EXIT_GRACE_S:g} s"
    )


def _request_stack_dump(process: subprocess.Popen[bytes]) -> None:
    """Ask the hung payload for its Python stack (faulthandler) before it is killed."""
    if not hasattr(signal, "SIGUSR1") or process.poll() is not None:
        return
    with contextlib.suppress(OSError):
        process.send_signal(signal.SIGUSR1)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(_STACK_DUMP_GRACE_S)


def _fold(events: list[dict[str, Any]]) -> tuple[dict[str, Any], tuple[StepResult, ...]]:
    facts: dict[str, Any] = {}
    steps: dict[str, StepResult] = {}
    for event in events:
        kind = event.get("e")
        if kind == "fact" and "value" in event:
            facts[str(event.get("key"))] = event.get("value")
        elif kind == "begin":
            name = str(event.get("step"))
            steps[name] = StepResult(name, None)
        elif kind == "end":
            name = str(event.get("step"))
            steps[name] = StepResult(
                name, bool(event.get("ok")), event.get("seconds"), event.get("error")
            )
    return facts, tuple(steps.values())


# select() works on pipes on POSIX; Windows drains block until EOF instead.
_POLLABLE: Final = os.name == "posix"


class _Tail:
    """The last `_TAIL_BYTES` of an output stream, and how much came in all."""

    def __init__(self) -> None:
        self._data = bytearray()
        self._lock = threading.Lock()
        self.total = 0

    def add(self, chunk: bytes) -> None:
        with self._lock:
            self._data += chunk
            self.total += len(chunk)
            if len(self._data) > 2 * _TAIL_BYTES:  # trim in bulk: amortised O(1) a byte
                del self._data[:-_TAIL_BYTES]

    def text(self) -> str:
        with self._lock:
            data = bytes(self._data[-_TAIL_BYTES:])
        text = printable(data.decode("utf-8", "replace"))
        return text if self.total <= _TAIL_BYTES else "…" + text
