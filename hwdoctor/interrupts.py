"""Ctrl-C and SIGTERM as a fact that cannot be lost, not only as an exception.

CPython turns SIGINT into a KeyboardInterrupt in the main thread at the next bytecode. Two
things can defeat that: the exception can surface inside a finaliser or a callback, where
CPython prints "Exception ignored" and carries on (and hwdoctor would then wait out a hung
probe), and it can surface between starting a probe and recording it, leaving a process no
one kills. So the handler also records the interrupt; every long wait calls `check()`, and
`held()` defers the exception over the few lines that must not be split.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

_interrupted = threading.Event()
_held = 0
_pending = False
_quiet = False


def install() -> None:
    """Route SIGINT and SIGTERM (a launcher stopping a rank, `kill`) through `_on_signal`.

    Only the main thread can install handlers; as a library in another thread, hwdoctor
    keeps Python's defaults.
    """
    _interrupted.clear()
    with contextlib.suppress(ValueError):
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, _on_signal)
    if not getattr(sys.unraisablehook, "_hwdoctor", False):
        sys.unraisablehook = _unraisable_hook(sys.unraisablehook)


def _unraisable_hook(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """An interrupt that surfaces in a finaliser is recorded already: do not print it as
    "Exception ignored" with a traceback; anything else goes to the previous hook."""

    def hook(unraisable: Any) -> object:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _interrupted.is_set():
            return None
        return previous(unraisable)

    hook._hwdoctor = True  # type: ignore[attr-defined]
    return hook


def _on_signal(signum: int, frame: FrameType | None) -> None:
    global _pending
    _interrupted.set()
    if _quiet:
        return
    if _held:
        _pending = True
        return
    raise KeyboardInterrupt


def interrupted() -> bool:
    """Whether Ctrl-C or SIGTERM arrived, even if its exception was swallowed somewhere."""
    return _interrupted.is_set()


def check() -> None:
    """Raise KeyboardInterrupt if an interrupt arrived: called by every loop that waits."""
    if _interrupted.is_set():
        raise KeyboardInterrupt


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Defer an interrupt until the block ends (main thread only; signals run there).

    With `install()`ed handlers the deferral is `_on_signal`'s; without them (hwdoctor as
    a library) SIGINT is also blocked for the block, so Python's default handler waits too.
    """
    global _held, _pending
    _held += 1
    try:
        with _sigint_blocked():
            yield
    finally:
        _held -= 1
        if not _held and _pending:
            _pending = False
            raise KeyboardInterrupt


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Record interrupts without raising: for the clean-up on the way out, which a second
    Ctrl-C must not cut short."""
    global _quiet
    _quiet = True
    try:
        yield
    finally:
        _quiet = False
