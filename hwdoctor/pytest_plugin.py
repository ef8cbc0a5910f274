"""pytest plugin: a test session or a test that needs hardware says so, and hwdoctor decides.

pytest loads it wherever hwdoctor is installed (the `pytest11` entry point); until asked it
only declares its option and marker: no probe, no file, none of the rest of hwdoctor.

- `pytest --hw-require 'cuda>=2'` (repeatable): before collection, the session stops with
  hwdoctor's reasons when this machine does not meet it (exit code 1, as
  `hwdoctor detect --require` exits).
- `@pytest.mark.hardware("cuda>=2", "memory>=40GiB")`: the test is skipped with the reason
  of each requirement not met.

The requirements are `detect --require`'s, judged by the same code. The machine is probed
once per session, as hwdoctor always probes: `python -m hwdoctor detect --save-evidence` in
a subprocess of the interpreter running pytest, so pytest's process never imports torch;
each set of requirements is then checked against that evidence (a pure function of it).
Under pytest-xdist the controller hands every worker one directory: the first process that
needs the evidence probes while the others wait on a lock, then they all read the same file.
A marker naming a package the evidence did not read (`numpy>=2`) is the one case that probes
again, once, with every package the collected markers name.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

import pytest

if TYPE_CHECKING:
    from hwdoctor.model.reports import RequirementResult

MARKER: Final = "hardware"
# The directory the controller hands each xdist worker (`workerinput` carries plain data).
_WORKER_INPUT: Final = "hwdoctor_directory"
# A backstop only: hwdoctor bounds each probe step itself (`--timeout`, from the last sign
# of progress), so this is never what ends a probe that is alive.
_PROBE_BACKSTOP_S: Final = 3600
# What the probe must not inherit: in GitHub Actions hwdoctor would annotate the run and
# append its report to the job summary, which are the test session's to write.
_NOT_FOR_THE_PROBE: Final = ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT")


class ProbeFailed(Exception):
    """hwdoctor could not gather this machine's evidence: its one-line error."""


class SessionProbe:
    """One test session's evidence of this machine, shared by all of its processes."""

    def __init__(self, directory: Path | None) -> None:
        self._directory = directory  # None: this process owns the session; made on demand
        self.owner = directory is None
        self._token = os.urandom(16).hex()  # names the directory: nobody can guess it
        self._results: dict[tuple[str, ...], tuple[RequirementResult, ...]] = {}
        self._read: dict[Path, set[str]] = {}
        self.marker_dists: set[str] = set()  # packages the collected markers name
        self.session_results: tuple[RequirementResult, ...] = ()

    @property
    def directory(self) -> Path:
        if self._directory is None:
            import tempfile

            self._directory = Path(tempfile.gettempdir()) / f"hwdoctor-pytest-{self._token}"
        return self._directory

    def check(self, texts: Sequence[str]) -> tuple[RequirementResult, ...]:
        """hwdoctor's verdict on each requirement for this machine (probed at most once)."""
        import hwdoctor
        from hwdoctor.diagnosis import requirements

        key = tuple(texts)
        if key not in self._results:
            wanted = requirements.dists([requirements.parse(text) for text in texts])
            evidence = self.evidence([*wanted, *self.marker_dists])
            report = hwdoctor.detect(from_file=str(evidence), require=list(texts))
            self._results[key] = report.requirements
        return self._results[key]

    def evidence(self, dists: Iterable[str]) -> Path:
        """An evidence file that read every package in `dists`: the session's, or a new
        probe's when none did."""
        from hwdoctor.files import exclusive

        wanted = set(dists)
        directory = self._made()
        with exclusive(directory / "lock"):
            failed = directory / "failed.txt"
            if failed.is_file():
                raise ProbeFailed(failed.read_text(encoding="utf-8"))
            found = sorted(directory.glob("evidence-*.json"))
            for path in found:
                if wanted <= self._packages_read(path):
                    return path
            path = directory / f"evidence-{len(found)}.json"
            try:
                _probe(path, sorted(wanted))
            except ProbeFailed as exc:
                failed.write_text(str(exc), encoding="utf-8")
                raise
            return path

    def remove(self) -> None:
        if self.owner and self._directory is not None:
            import shutil

            shutil.rmtree(self._directory, ignore_errors=True)

    def _made(self) -> Path:
        """The directory, created private to this user, or refused if someone else's."""
        directory = self.directory
        try:
            with contextlib.suppress(FileExistsError):
                directory.mkdir(mode=0o700)
            info = os.lstat(directory)
        except OSError as exc:
            raise ProbeFailed(f"cannot make {directory}: {exc.strerror or exc}") from None
        getuid = getattr(os, "getuid", None)
        if not stat.S_ISDIR(info.st_mode) or (getuid is not None and info.st_uid != getuid()):
            raise ProbeFailed(f"{directory} is not a directory of this user's")
        return directory

    def _packages_read(self, path: Path) -> set[str]:
        if path not in self._read:
            import json

            packages = json.loads(path.read_text(encoding="utf-8")).get("packages") or {}
            self._read[path] = set(packages)
        return self._read[path]


def _probe(path: Path, dists: Sequence[str]) -> None:
    """`python -m hwdoctor detect --save-evidence PATH` with this interpreter, in this
    environment; `--require NAME` makes the probe read those packages' metadata too."""
    import subprocess

    env = {name: value for name, value in os.environ.items() if name not in _NOT_FOR_THE_PROBE}
    args = [sys.executable, "-m", "hwdoctor", "detect", "--json", "--save-evidence", str(path)]
    args += [arg for name in dists for arg in ("--require", name)]
    try:
        completed = subprocess.run(
            args, capture_output=True, text=True, errors="replace", env=env,
            timeout=_PROBE_BACKSTOP_S, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ProbeFailed(f"hwdoctor could not probe this machine: {exc}") from None
    if completed.returncode not in (0, 1) or not path.is_file():
        said = [line for line in completed.stderr.splitlines() if line.strip()]
        raise ProbeFailed(said[-1] if said else f"hwdoctor exited {completed.returncode}")


def reasons(results: Iterable[RequirementResult]) -> list[str]:
    """One line per requirement not met: what it needs, and what hwdoctor found instead."""
    return [f"needs {r.requirement.text}: {r.found}" for r in results if not r.met]


def _usage(message: str) -> str:
    """hwdoctor's sentence about an expression, naming where it was written here."""
    return message.removeprefix("--require ")


# --- hooks -------------------------------------------------------------------------------

_KEY: Final = pytest.StashKey[SessionProbe]()
_ERROR: Final = pytest.StashKey[str]()  # why a test's marker could not be checked
_STOPPED: Final = pytest.StashKey[bool]()  # --hw-require ended the session before it ran


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hwdoctor", "hardware requirements (hwdoctor)")
    group.addoption(
        "--hw-require",
        action="append",
        default=[],
        metavar="REQ",
        dest="hw_require",
        help="stop the session before collection unless this machine meets REQ, as "
        "`hwdoctor detect --require` judges it: a backend (cuda), a device count (cuda>=2), "
        "free memory per device (memory>=40GiB), the training device (training=npu), a "
        "package version (torch>=2.6). Repeatable.",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(*requirements): skip the test unless this machine meets each hwdoctor "
        "requirement, e.g. hardware('cuda>=2', 'memory>=40GiB')",
    )
    worker = getattr(config, "workerinput", None)
    directory = worker.get(_WORKER_INPUT) if worker else None
    config.stash[_KEY] = SessionProbe(Path(directory) if directory else None)
    if config.option.hw_require:
        from hwdoctor.diagnosis import requirements
        from hwdoctor.errors import UsageError

        try:
            for text in config.option.hw_require:
                requirements.parse(text)
        except UsageError as exc:
            raise pytest.UsageError(f"--hw-require {_usage(exc.message)}") from None


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """pytest-xdist, in the controller: each worker is told the session's directory."""
    config = getattr(node, "config", None)
    workerinput = getattr(node, "workerinput", None)
    if config is not None and isinstance(workerinput, dict):
        workerinput[_WORKER_INPUT] = str(config.stash[_KEY].directory)


def pytest_sessionstart(session: pytest.Session) -> None:
    """--hw-require, checked once by the process that owns the session, before collection
    (and before pytest-xdist starts its workers)."""
    config = session.config
    probe = config.stash[_KEY]
    if not config.option.hw_require or not probe.owner:
        return
    try:
        probe.session_results = probe.check(config.option.hw_require)
    except ProbeFailed as exc:
        _stop(config, f"hwdoctor could not check --hw-require: {exc}", 3)
    unmet = reasons(probe.session_results)
    if unmet:
        lines = "\n".join(f"  {line}" for line in unmet)
        _stop(config, f"hwdoctor: this machine does not meet --hw-require:\n{lines}", 1)


def _stop(config: pytest.Config, reason: str, code: int) -> NoReturn:
    """End the session before collection with `reason`, said once. pytest says an exit
    raised this early twice: as "Exit: reason" (_pytest/main.py wrap_session, before the
    session started) and again as "! _pytest.outcomes.Exit: reason !" when the terminal
    reporter unconfigures (_pytest/terminal.py, the memo its pytest_keyboard_interrupt
    keeps); the second is dropped in pytest_unconfigure below."""
    config.stash[_STOPPED] = True
    pytest.exit(reason, returncode=code)


def pytest_report_header(config: pytest.Config) -> list[str]:
    results = config.stash[_KEY].session_results
    return [f"hwdoctor: {r.requirement.text} met: {r.found}" for r in results]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """After selection (-k, -m), mark each test whose `hardware` requirements this machine
    does not meet as skipped, with hwdoctor's reasons; a marker that cannot be checked fails
    its test when it runs. One probe reads every package the markers name."""
    marked = [(item, texts) for item in items if (texts := _requirements_of(item)) is not None]
    if not marked or config.option.collectonly:
        return
    from hwdoctor.diagnosis import requirements
    from hwdoctor.errors import UsageError

    probe = config.stash[_KEY]
    for _, texts in marked:
        for text in texts:
            with contextlib.suppress(UsageError):
                probe.marker_dists.update(requirements.dists([requirements.parse(text)]))
    for item, texts in marked:
        try:
            unmet = reasons(probe.check(texts))
        except UsageError as exc:
            item.stash[_ERROR] = f"hwdoctor: {MARKER}: {_usage(exc.message)}"
            continue
        except ProbeFailed as exc:
            item.stash[_ERROR] = f"hwdoctor could not check {MARKER}{tuple(texts)!r}: {exc}"
            continue
        if unmet:
            item.add_marker(pytest.mark.skip(reason="hwdoctor: " + "; ".join(unmet)))


def _requirements_of(item: pytest.Item) -> list[str] | None:
    """The requirement strings of a test's `hardware` markers (its class's and module's
    too); None without one. Anything else in a marker fails the test when it runs."""
    markers = list(item.iter_markers(MARKER))
    if not markers:
        return None
    texts = [text for marker in markers for text in marker.args]
    if not texts or any(m.kwargs for m in markers) or not all(isinstance(t, str) for t in texts):
        item.stash[_ERROR] = (
            f"hwdoctor: @pytest.mark.{MARKER} takes requirement strings, as in "
            f"{MARKER}('cuda>=2', 'memory>=40GiB')"
        )
        return None
    return texts


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A `hardware` marker that could not be checked fails its test, before its fixtures."""
    error = item.stash.get(_ERROR, None)
    if error is not None:
        pytest.fail(error, pytrace=False)


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    if config.stash.get(_STOPPED, False):  # said once already by pytest's own "Exit: ..."
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and hasattr(reporter, "_keyboardinterrupt_memo"):
            reporter._keyboardinterrupt_memo = None
    probe = config.stash.get(_KEY, None)
    if probe is not None:
        probe.remove()
