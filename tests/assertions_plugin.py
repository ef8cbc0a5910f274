"""How many assertions each test reached: a test that passes without reaching one proves
nothing, so with `--assertions` (what `make test` passes) such a passing test fails the run.

An assertion is an `assert` statement that held (pytest's `pytest_assertion_pass` hook,
which `enable_assertion_pass_hook` in pyproject.toml turns on, in every module pytest
rewrites: the test modules, conftest.py, the helper modules conftest registers and
pytester's), or a `pytest.raises` / `pytest.warns` block that saw what it expected.
hwdoctor's own `assert`s do not count, though pytest rewrites them too (`_of_a_test`).
Under pytest-xdist each worker writes its tallies into a directory the controller chose, as
catalogue_plugin does.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from _pytest.assertion import rewrite

_DIR_ENV: Final = "HWDOCTOR_TEST_ASSERTIONS_DIR"
_DIR_KEY: Final = "hwdoctor_assertions_dir"
_OWNED = pytest.StashKey[bool]()
FIXTURE_TESTS: Final = "tests/test_fixture_"
_HERE: Final = Path(__file__).parent
# Where a test's assertions are written: tests/ (as imported and as resolved), and the
# assertions pytester offers (`RunResult.assert_outcomes`; found, not imported: pytester
# imports it once marked for rewriting).
_PYTESTER = importlib.util.find_spec("_pytest.pytester_assertions")
_OF_TESTS: Final = (
    *{f"{_HERE}{os.sep}", f"{_HERE.resolve()}{os.sep}"},
    *((_PYTESTER.origin,) if _PYTESTER is not None and _PYTESTER.origin else ()),
)

_current: list[str] = []  # the node id of the test running now, in this process
_counts: dict[str, int] = {}
_ran: set[str] = set()  # the tests this process ran (under xdist the controller runs none)
_passed: set[str] = set()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--assertions",
        action="store_true",
        help="fail the run when a test passes without reaching an assertion",
    )


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and _DIR_KEY in workerinput:
        os.environ[_DIR_ENV] = workerinput[_DIR_KEY]
        config.stash[_OWNED] = False
    else:
        os.environ[_DIR_ENV] = tempfile.mkdtemp(prefix="hwdoctor-assertions-")
        config.stash[_OWNED] = True
    if config.getoption("--assertions"):
        config.pluginmanager.register(_Counting(), "hwdoctor-assertion-count")
        _explain_only_tests()
    _count_expectation_blocks()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    node.workerinput[_DIR_KEY] = os.environ[_DIR_ENV]


def _reached() -> None:
    if _current:
        _counts[_current[-1]] = _counts.get(_current[-1], 0) + 1


class _Counting:
    """The pass hook, registered only with --assertions: where any plugin implements it,
    pytest formats an explanation for every assertion that holds (_pytest/assertion, the
    runtest hook's `get_hookimpls()` check), which a Hypothesis test asserting thousands of
    times pays for in minutes."""

    @staticmethod
    def pytest_assertion_pass(item: pytest.Item, lineno: int, orig: str, expl: str) -> None:
        if _of_a_test():
            _reached()


def _explain_only_tests() -> None:
    """pytest formats the explanation of an assertion that held before it calls the pass
    hook, wherever the assert is written (the rewritten code asks rewrite's
    `_check_if_assertion_pass_impl()` first, at each assertion, by its module attribute):
    for hwdoctor's own asserts and Hypothesis's engine, rewritten too, that explanation was
    most of a run's time (a Hypothesis fuzz test 22 s without the hook, 518 s with it) and is
    never counted. The check answers yes only for an assert written in tests/, so nothing
    else is explained."""
    original = rewrite._check_if_assertion_pass_impl
    if getattr(original, "_hwdoctor", False):
        return

    def tests_only() -> bool:
        return original() and sys._getframe(1).f_code.co_filename.startswith(_OF_TESTS)

    tests_only._hwdoctor = True  # type: ignore[attr-defined]
    rewrite._check_if_assertion_pass_impl = tests_only


def _of_a_test() -> bool:
    """Whether the assertion that just held is a test's (`_OF_TESTS`). pytest also rewrites
    every package that owns a pytest11 entry point (_pytest/config/__init__.py,
    `_mark_plugins_for_rewrite`; for an editable install, pytest#11783): hwdoctor itself,
    for hwdoctor.pytest_plugin, and Hypothesis. So an `assert isinstance(...)` hwdoctor
    makes about its own data, or one inside Hypothesis's engine, reaches this hook too:
    code checking itself, which a test that asserts nothing must not borrow. The asserting
    frame is the caller of rewrite's `_call_assertion_pass`."""
    frame = sys._getframe(1)
    while frame.f_back is not None:
        caller = frame.f_back
        if frame.f_code.co_name == "_call_assertion_pass":
            return caller.f_code.co_filename.startswith(_OF_TESTS)
        frame = caller
    return False


def _count_expectation_blocks() -> None:
    """`with pytest.raises(...)` and `with pytest.warns(...)` assert too: their context
    managers' exits that accept what happened count as assertions reached."""
    from _pytest import recwarn

    classes: list[type] = [recwarn.WarningsChecker]
    try:
        from _pytest import raises as raises_module  # pytest 8.4 and newer

        classes.append(raises_module.RaisesExc)
    except (ImportError, AttributeError):
        from _pytest import python_api

        classes.append(python_api.RaisesContext)  # type: ignore[attr-defined]
    for cls in classes:
        exit_ = cls.__exit__
        if getattr(exit_, "_hwdoctor_counted", False):
            continue

        def counted(self: Any, *args: Any, _exit: Any = exit_) -> Any:
            result = _exit(self, *args)  # raises when the expectation failed
            _reached()
            return result

        counted._hwdoctor_counted = True  # type: ignore[attr-defined]
        cls.__exit__ = counted  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    _ran.add(item.nodeid)
    _current.append(item.nodeid)
    try:
        return (yield)
    finally:
        _current.pop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    # A fixture may assert what the test relies on; it counts for the test it serves.
    _current.append(item.nodeid)
    try:
        return (yield)
    finally:
        _current.pop()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # Under xdist the controller sees every worker's reports too: each process tallies only
    # the tests it ran.
    if report.when == "call" and report.passed and report.nodeid in _ran:
        _passed.add(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    directory = Path(os.environ[_DIR_ENV])
    if _passed:
        tally = {nodeid: _counts.get(nodeid, 0) for nodeid in _passed}
        path = directory / f"{os.getpid()}-{uuid.uuid4().hex[:8]}.json"
        path.write_text(json.dumps(tally), encoding="utf-8")
    config = session.config
    if not config.stash.get(_OWNED, False):
        return
    try:
        tallies: dict[str, int] = {}
        for path in directory.glob("*.json"):
            tallies.update(json.loads(path.read_text(encoding="utf-8")))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    if not config.getoption("--assertions"):
        return
    empty = sorted(nodeid for nodeid, count in tallies.items() if count == 0)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    total = sum(tallies.values())
    # tests/test_fixture_*.py check the test kit (the fake worlds), not hwdoctor: counted apart.
    kit = sum(1 for nodeid in tallies if nodeid.startswith(FIXTURE_TESTS))
    lines = [
        f"assertions: {total:,} reached by {len(tallies):,} passing tests "
        f"({len(tallies) - kit:,} of hwdoctor, {kit:,} of the test kit); "
        f"{len(empty)} passed without reaching one"
    ]
    lines += [f"  no assertion reached: {nodeid}" for nodeid in empty]
    if empty and session.exitstatus == 0:
        session.exitstatus = 1
    if reporter is not None:
        for line in lines:
            reporter.write_line(line)
