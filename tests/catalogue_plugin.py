"""Every finding code of the catalogue is made by some test: checked at the end of the run.

Tests record the codes they see (`record(codes)`): `run_hwdoctor` records the codes of
every JSON report it gets back, and the unit tests of diagnosis record theirs. With
`--catalogue-coverage` (what `make test` passes) the run fails when a catalogue code was
never made, or a code was made that the catalogue does not list. Under pytest-xdist each
worker writes into a directory the controller chose (like tests/faults_plugin.py).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

_DIR_ENV = "HWDOCTOR_TEST_CODES_DIR"
_DIR_KEY = "hwdoctor_codes_dir"
_OWNED = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--catalogue-coverage",
        action="store_true",
        help="fail unless the run makes every finding code of the catalogue",
    )


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and _DIR_KEY in workerinput:
        os.environ[_DIR_ENV] = workerinput[_DIR_KEY]
        config.stash[_OWNED] = False
    else:
        os.environ[_DIR_ENV] = tempfile.mkdtemp(prefix="hwdoctor-codes-")
        config.stash[_OWNED] = True


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    node.workerinput[_DIR_KEY] = os.environ[_DIR_ENV]


def record(codes: Iterable[str]) -> None:
    directory = os.environ.get(_DIR_ENV)
    found = [code for code in codes if code]
    if not directory or not found:
        return
    path = Path(directory) / f"{os.getpid()}-{uuid.uuid4().hex[:8]}.txt"
    path.write_text("\n".join(found) + "\n", encoding="utf-8")


def seen(directory: Path) -> set[str]:
    return {
        line.strip()
        for path in directory.glob("*.txt")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if not config.stash.get(_OWNED, False):
        return
    directory = Path(os.environ[_DIR_ENV])
    try:
        made = seen(directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    if not config.getoption("--catalogue-coverage"):
        return
    from hwdoctor.diagnosis.catalogue import CATALOGUE

    listed = {code.value for code in CATALOGUE}
    never = sorted(listed - made)
    unknown = sorted(made - listed)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    lines = []
    if never:
        lines.append(f"catalogue coverage: no test makes {', '.join(never)}")
    if unknown:
        lines.append(f"catalogue coverage: codes missing from the catalogue: {', '.join(unknown)}")
    if not lines:
        lines.append(f"catalogue coverage: all {len(listed)} finding codes made by a test")
    elif session.exitstatus == 0:
        session.exitstatus = 1
    if reporter is not None:
        for line in lines:
            reporter.write_line(line)
