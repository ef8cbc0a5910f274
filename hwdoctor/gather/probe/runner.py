"""Run a probe payload in the target interpreter: spawn, stream its steps, enforce deadlines.

The payload reports on a channel file of its own, one JSON event per line. A step that
makes no progress for `timeout_s` seconds is asked for a Python stack (SIGUSR1, which the
payload routes to faulthandler) and then killed with its whole process group. Whatever the
payload reported before it hung or died is kept. Whoever is `observing()` is told of every
step as it begins and ends (the command line shows it as a status line).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import IO, Any

from hwdoctor import interrupts, processes
from hwdoctor.errors import UsageError
from hwdoctor.text import printable, valid_text

_POLL_S = 0.005
_STACK_DUMP_GRACE_S = 0.3
_TAIL_BYTES = 64 * 1024
_LIVE: set[Started] = set()  # started and not yet closed: what an interrupt must kill
StepObserver = Callable[[str, bool], None]  # (step name, True when it begins / False at its end)
_OBSERVERS: list[StepObserver] = []


class RunOutcome(str, Enum):
    COMPLETED = "completed"  # the payload reached its end
    TIMEOUT = "timeout"  # a step made no progress within the deadline; killed
    CRASHED = "crashed"  # the process died before the end (signal, abort, exit)


@dataclass(frozen=True, slots=True)
class StepResult:
    """One announced step of a probe run."""

    name: str
    ok: bool | None  # None: still open when the process hung or died
    seconds: float | None = None
    error: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ProbeRun:
    """Everything one payload process reported, and how it ended."""

    outcome: RunOutcome
    facts: Mapping[str, Any]
    steps: tuple[StepResult, ...]
    returncode: int | None
    seconds: float
    stdout_tail: str = ""
    stderr_tail: str = ""
    env_overrides: Mapping[str, str] = field(default_factory=dict)

    @property
    def culprit(self) -> StepResult | None:
        """The innermost step that was open when the process hung or died."""
        if self.outcome is RunOutcome.COMPLETED:
            return None
        open_steps = [step for step in self.steps if step.ok is None]
        return open_steps[-1] if open_steps else None

    @property
    def signal_name(self) -> str | None:
        if self.returncode is None or self.returncode >= 0:
            return None
        return processes.signal_name(-self.returncode)


def payload_source(name: str) -> str:
    """The payload's text, after the shared prelude (both stdlib-only, Python 3.8+)."""
    here = Path(__file__).parent
    common = (here / "payload_common.py").read_text("utf-8")
    return common + "\n\n" + (here / f"payload_{name}.py").read_text("utf-8")


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
        stderr_is_progress: bool = False,
        echo_stderr: IO[bytes] | None = None,
    ) -> None:
        """`stdin`: keep a pipe to the payload (for a go signal); `stderr_is_progress`:
        count what the payload writes to stderr as progress against the deadline (a
        download's progress bar is the only sign of life a long download gives);
        `echo_stderr`: also copy it there as it comes, raw.

        The payload's stdout and stderr are pipes, read as they come by a thread each that
        keeps only their last `_TAIL_BYTES`: an extension printing in a loop until it is
        killed costs neither memory nor disk (files would grow by hundreds of MB/s).
        """
        self.env_overrides = dict(env_overrides or {})
        self.last_output = time.monotonic()
        self.workdir = Path(tempfile.mkdtemp(prefix="hwdoctor-probe-"))
        channel_path = self.workdir / "channel.jsonl"
        channel_path.touch(mode=0o600)
        env = dict(os.environ)
        env.update(self.env_overrides)
        argv = [
            python,
            "-c",
            payload_source(payload),
            json.dumps({**job, "channel": str(channel_path)}),
        ]
        self.started = time.monotonic()
        self.stdout = _Tail()
        self.stderr = _Tail()
        self.channel = open(channel_path, "rb")  # noqa: SIM115 - closed in close()
        self._drains: list[threading.Thread] = []
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
                for pipe, tail, progress, echo in (
                    (self.process.stdout, self.stdout, False, None),
                    (self.process.stderr, self.stderr, stderr_is_progress, echo_stderr),
                ):
                    drain = threading.Thread(
                        target=self._drain, args=(pipe, tail, progress, echo), daemon=True
                    )
                    self._drains.append(drain)
                    drain.start()
        except BaseException:
            self.abandon()
            raise

    def _drain(
        self, pipe: IO[bytes] | None, tail: _Tail, progress: bool, echo: IO[bytes] | None
    ) -> None:
        """Read one output pipe of the payload to its end, keeping its tail (and counting it
        as progress, and echoing it, when asked)."""
        assert pipe is not None
        with contextlib.suppress(OSError, ValueError):  # the pipe closes under us on cleanup
            descriptor = pipe.fileno()
            for chunk in iter(lambda: os.read(descriptor, 65536), b""):
                tail.add(chunk)
                if progress:
                    self.last_output = time.monotonic()
                if echo is not None:
                    with contextlib.suppress(OSError, ValueError):
                        echo.write(chunk)
                        echo.flush()

    def _join_drains(self) -> None:
        for drain in self._drains:
            if drain.ident is not None:  # started
                drain.join(5)  # the pipes end with the process group; a daemon of its own may not

    def go(self, message: str = "") -> None:
        """Tell a payload waiting on stdin to proceed, with a last word (one line)."""
        self.last_output = time.monotonic()  # its deadline runs from here
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.write(f"go {message}".strip().encode() + b"\n")
                self.process.stdin.close()

    def finish(self, timeout_s: float) -> ProbeRun:
        """Follow the payload to its end, or until a step outlives `timeout_s`; clean up."""
        try:
            try:
                events, outcome = _follow(
                    self.process, self.channel, timeout_s, lambda: self.last_output
                )
            finally:
                processes.kill_group(self.process)
                self._join_drains()
            facts, steps = _fold(events)
            if outcome is RunOutcome.COMPLETED and not any(e.get("e") == "done" for e in events):
                outcome = RunOutcome.CRASHED
            return ProbeRun(
                outcome=outcome,
                facts=facts,
                steps=steps,
                returncode=self.process.returncode,
                seconds=time.monotonic() - self.started,
                stdout_tail=self.stdout.text(),
                stderr_tail=self.stderr.text(),
                env_overrides=self.env_overrides,
            )
        finally:
            self.close()

    def abandon(self) -> None:
        """Kill the payload and everything it started, and forget it."""
        if getattr(self, "process", None) is not None:
            processes.kill_group(self.process)
            self._join_drains()
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


def _follow(
    process: subprocess.Popen[bytes],
    channel: IO[bytes],
    timeout_s: float,
    last_output: Callable[[], float] | None = None,
) -> tuple[list[dict[str, Any]], RunOutcome]:
    events: list[dict[str, Any]] = []
    pending = b""
    # Progress is measured from what the payload last did, not from when hwdoctor started
    # watching: a payload that hung while hwdoctor was busy elsewhere is not given more time.
    last_progress = last_output() if last_output is not None else time.monotonic()
    while True:
        interrupts.check()
        chunk = channel.read()
        if chunk:
            pending += chunk
            *lines, pending = pending.split(b"\n")
            fresh = list(_parse(lines))
            events.extend(fresh)
            _tell_observers(fresh)
            # A chunk may hold no whole line yet (a long fact read while it is written).
            last_progress = max([last_progress, *(_monotonic(e) for e in fresh)])
        if process.poll() is not None:
            last = list(_parse([pending + channel.read()]))
            events.extend(last)
            _tell_observers(last)
            return events, RunOutcome.COMPLETED
        if last_output is not None:
            last_progress = max(last_progress, last_output())
        if time.monotonic() - last_progress > timeout_s:
            _request_stack_dump(process)
            return events, RunOutcome.TIMEOUT
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(_POLL_S)


def _monotonic(event: Mapping[str, Any]) -> float:
    """When an event happened, on this process's monotonic clock."""
    stamp = event.get("t")
    if not isinstance(stamp, (int, float)):
        return time.monotonic()
    return time.monotonic() - max(0.0, time.time() - stamp)


def _parse(lines: list[bytes]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue  # a torn last line from a killed process
        if isinstance(event, dict):
            yield valid_text(event)


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
        if kind == "fact":
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
