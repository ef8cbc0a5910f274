"""A tally of the fault matrix and the CLI fuzz, printed once at the end of the run.

Tests record one JSON line per outcome with `tally.record(kind, **fields)` (the `tally`
fixture); under pytest-xdist each worker writes into a directory the controller chose and
passed down (`workerinput`), and the controller prints the summary lines from
`pytest_terminal_summary`:

    fault matrix: 23/23 faults survived (46/46 runs of detect and explain; slowest 14.2 s)
    cli fuzz: 618 examples (48 as subprocesses, 570 in process) in 15.6 s: 47× exit 0, ...

Registered by tests/conftest.py (`pytest_plugins`): under xdist the controller collects no
test module, so a registration in the test module alone would never reach it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_DIR_KEY = "hwdoctor_tally_dir"
_OWNED = pytest.StashKey[bool]()
_DIR = pytest.StashKey[Path]()


class Tally:
    """Appends records to this process's own file in the shared tally directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.path = directory / f"{os.getpid()}-{uuid.uuid4().hex}.jsonl"

    def record(self, kind: str, **fields: Any) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps({"kind": kind, **fields}, sort_keys=True) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and _DIR_KEY in workerinput:
        config.stash[_DIR] = Path(workerinput[_DIR_KEY])
        config.stash[_OWNED] = False
    else:
        config.stash[_DIR] = Path(tempfile.mkdtemp(prefix="hwdoctor-tally-"))
        config.stash[_OWNED] = True


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: tell each worker where to write."""
    node.workerinput[_DIR_KEY] = str(node.config.stash[_DIR])


@pytest.fixture(scope="session")
def tally(pytestconfig: pytest.Config) -> Iterator[Tally]:
    yield Tally(pytestconfig.stash[_DIR])


def _records(directory: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for path in sorted(directory.glob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        found.extend(json.loads(line) for line in lines if line.strip())
    return found


def summary_lines(records: list[dict[str, Any]]) -> list[str]:
    lines = []
    runs = [r for r in records if r["kind"] == "fault"]
    if runs:
        by_fault: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for run in runs:
            by_fault[run["fault"]].append(run)
        survived = sum(all(r["survived"] for r in group) for group in by_fault.values())
        ok_runs = sum(bool(r["survived"]) for r in runs)
        commands = sorted({r["command"] for r in runs})
        slowest = max(runs, key=lambda r: r.get("seconds") or 0.0)
        line = (
            f"fault matrix: {survived}/{len(by_fault)} faults survived "
            f"({ok_runs}/{len(runs)} runs of {' and '.join(commands)}; slowest "
            f"{slowest.get('seconds') or 0.0:.1f} s, {slowest['fault']} {slowest['command']})"
        )
        failed = sorted({r["fault"] for r in runs if not r["survived"]})
        if failed:
            line += f"; not survived: {', '.join(failed)}"
        lines.append(line)
    fuzz = [r for r in records if r["kind"] == "fuzz"]
    if fuzz:
        total = sum(r["examples"] for r in fuzz)
        ways: dict[str, int] = defaultdict(int)
        for r in fuzz:
            ways[r["how"]] += r["examples"]
        seconds = sum(r["seconds"] for r in fuzz)
        codes: dict[str, int] = defaultdict(int)
        for r in fuzz:
            for code, count in r["exit_codes"].items():
                codes[code] += count
        known: dict[str, int] = defaultdict(int)
        for r in fuzz:
            for name, count in (r.get("known_bugs") or {}).items():
                known[name] += count
        shown = ", ".join(f"{count}× exit {code}" for code, count in sorted(codes.items()))
        split = ", ".join(f"{count} {how}" for how, count in sorted(ways.items()))
        line = f"cli fuzz: {total} examples ({split}) in {seconds:.1f} s: {shown}"
        if known:
            line += "; known bugs hit: " + "; ".join(f"{n} ({c}×)" for n, c in known.items())
        lines.append(line)
    return lines


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if not config.stash.get(_OWNED, False):
        return
    directory = config.stash[_DIR]
    try:
        lines = summary_lines(_records(directory)) if directory.exists() else []
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    for line in lines:
        terminalreporter.write_line(line)
