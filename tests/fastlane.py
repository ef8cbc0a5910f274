"""The fast lane (`make check`): every test that starts no subprocess, nothing else.

With `--no-subprocess`, starting a process (`subprocess.Popen`, which `run`,
`check_output` and hwdoctor's own runner go through, or `os.system`/`os.posix_spawn`/
`os.fork`) skips the test, or the fixture, that tried, with the reason, before the process
exists. Which tests are fast is therefore never a list kept by hand: a test is in the lane
while it starts nothing. `make test` runs them all.

Under pytest-xdist the controller starts its workers as processes: only the workers (and a
run without xdist) refuse.
"""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Sequence
from typing import Any, Final, TypeVar

import pytest

REASON: Final = "starts a subprocess (make test runs it; make check runs only in-process tests)"
_PLACES: Final = (
    (subprocess.Popen, "__init__"),
    (os, "system"),
    (os, "posix_spawn"),
    (os, "posix_spawnp"),
    (os, "fork"),
)


_FAST_ENV: Final = "HWDOCTOR_FAST_LANE"
T = TypeVar("T")


def active() -> bool:
    """Whether this run is the fast lane (set before collection, seen by xdist workers)."""
    return os.environ.get(_FAST_ENV) == "1"


def sample(items: Sequence[T], every: int = 4) -> Sequence[T]:
    """A corpus-wide check's inputs: one in `every` in the fast lane (the same ones each run,
    spread over the sorted corpus), all of them in `make test`."""
    return items[::every] if active() else items


def examples(count: int) -> int:
    """A fuzzer's example count: a tenth of it in the fast lane (set before collection,
    inherited by xdist workers), all of it in `make test`."""
    return max(count // 10, 10) if active() else count


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--no-subprocess",
        action="store_true",
        help="skip each test (or fixture) when it starts a subprocess: make check's fast lane",
    )


def _refuse(*_: Any, **__: Any) -> Any:
    pytest.skip(REASON, allow_module_level=True)


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--no-subprocess"):
        os.environ[_FAST_ENV] = "1"


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    config = session.config
    controller = config.getoption("numprocesses", None) and not hasattr(config, "workerinput")
    if not config.getoption("--no-subprocess") or controller:
        return
    platform.uname()  # asks `uname -p` once, in a subprocess; cached from here on
    for owner, name in _PLACES:
        if hasattr(owner, name):
            setattr(owner, name, _refuse)
