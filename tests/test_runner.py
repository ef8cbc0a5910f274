"""The probe runner against what a sick target can do to it: a channel full of junk, an
extension that chatters while it hangs, processes that leave the probe's group, an
interpreter that will not exit after it reported everything.

The payloads are real (`detect`, `load`) and run in this interpreter with fake extension
packages on PYTHONPATH, written the way the issue's `ext` helper writes them. Nothing is
timed: a process left behind is found by an environment marker in /proc.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwdoctor import processes
from hwdoctor.gather.probe import runner
from hwdoctor.gather.probe.job import probe_job
from hwdoctor.gather.probe.runner import ChannelReader
from hwdoctor.model.runs import RunOutcome
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.fastlane import examples
from tests.misbehaving import (
    BLOCKING_STDOUT_FLUSH,
    CHATTER_THEN_HANG_IN_MANUAL_SEED,
    JUNK_ON_THE_CHANNEL,
    SETPGRP_SLEEPER_THEN_HANG,
    SETSID_DAEMON,
    SLEEPER,
)
from tests.test_faults import MARKER_ENV, assert_no_orphans, marked_processes

LINUX = sys.platform.startswith("linux")


def ext(site: Path, module: str, dist: str, source: str, entry: str | None = None) -> None:
    """An extension package `module` of distribution `dist` (version 1.0) under `site`,
    with a `torch.backends` entry point `module:entry` when given."""
    (site / module).mkdir(parents=True, exist_ok=True)
    (site / module / "__init__.py").write_text(source)
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    if entry:
        (info / "entry_points.txt").write_text(f"[torch.backends]\nx = {module}:{entry}\n")


# --- the channel reader ------------------------------------------------------------------


def test_a_line_that_is_no_event_is_a_problem_not_a_crash() -> None:
    reader = ChannelReader()
    assert reader.feed(b"hi\n") == []
    assert reader.problems == ("the probe sent something malformed: a line that is not JSON: 'hi'",)


def test_an_oversized_line_is_skipped_and_the_next_event_kept() -> None:
    reader = ChannelReader()
    big = b'{"e": "fact", "key": "k", "value": "' + b"x" * (6 << 20) + b'"}\n'
    fresh = [
        e for piece in range(0, len(big), 65536) for e in reader.feed(big[piece : piece + 65536])
    ]
    fresh += reader.feed(b'{"e": "done"}\n')
    assert [e["e"] for e in fresh] == ["done"]
    assert "over the 4.0 MiB limit" in reader.problems[0]


def test_an_event_the_payload_found_too_large_is_reported_without_its_content() -> None:
    reader = ChannelReader()
    [event] = reader.feed(b'{"e": "fact", "key": "packages", "oversized": 52428800}\n')
    assert "value" not in event
    assert "fact 'packages' of 50.0 MiB" in reader.problems[0]
    facts, _ = runner._fold([event])
    assert facts == {}  # an unknown value, not None


def test_nesting_types_and_torn_lines_are_problems() -> None:
    reader = ChannelReader()
    reader.feed(b"[" * 100000 + b"\n")
    reader.feed(b'{"a": ' * 80 + b"1" + b"}" * 80 + b"\n")
    reader.feed(b'{"e": "end", "step": 7, "ok": "yes"}\n[1]\n{"e": "begin", "st')
    reader.close()
    said = "\n".join(reader.problems)
    assert reader.events == []
    for text in ("nested", "not a JSON object", "whose step is not a short text", "cut off"):
        assert text in said, said


def test_a_torn_last_line_of_a_killed_payload_is_no_news() -> None:
    reader = ChannelReader()
    reader.feed(b'{"e": "begin", "step": "import torch"}\n{"e": "fa')
    reader.close(torn_is_problem=False)
    assert reader.problems == ()
    assert [e["step"] for e in reader.events] == ["import torch"]


def test_problems_are_bounded() -> None:
    reader = ChannelReader()
    reader.feed(b"junk\n" * 1000)
    assert len(reader.problems) == 21 and reader.problems[-1] == "and 980 more malformed events"


_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=20)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)
_KINDS = st.sampled_from(["begin", "end", "fact", "done", "ready", "progress", "", "x"])
_EVENTS = st.fixed_dictionaries(
    {"e": _KINDS | _SCALARS},
    optional={
        "step": _VALUES,
        "key": _VALUES,
        "value": _VALUES,
        "ok": _VALUES,
        "seconds": _VALUES,
        "error": _VALUES,
        "t": _VALUES,
        "oversized": _VALUES,
    },
)


def _line(event: Any) -> bytes:
    return json.dumps(event).encode() + b"\n"


_ADVERSARIAL = st.sampled_from(
    [
        b"\n",
        b"hi\n",
        b"[" * 5000 + b"\n",
        b"{" * 3000 + b"\n",
        b'{"e": "fact", "key": "k", "value": ' + b"[" * 200 + b"]" * 200 + b"}\n",
        b'{"e": "fact", "key": "k", "value": 1e999}\n',
        b'{"e": "end", "step": "s", "ok": true, "seconds": NaN}\n',
        b'{"e": "begin", "step": "\xff\xfe"}\n',
        b'{"e": "begin", "step": "\\ud800\\u001b[2J"}\n',
        b"\x00\x01\x02",
        b'{"e": "done"',
        b'"just a string"\n',
        b"x" * 70000,
    ]
)
_PIECES = st.lists(
    st.one_of(_EVENTS.map(_line), _ADVERSARIAL, st.binary(max_size=200)), max_size=12
)


@settings(
    max_examples=examples(2000),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(pieces=_PIECES, cuts=st.lists(st.integers(min_value=0, max_value=1 << 20), max_size=6))
def test_channel_reader_fuzz(pieces: list[bytes], cuts: list[int]) -> None:
    """Random and adversarial streams, torn at random places: no exception escapes, and
    every event that comes out has the shape the rest of hwdoctor relies on."""
    stream = b"".join(pieces)
    bounds = sorted({0, len(stream), *(cut % (len(stream) + 1) for cut in cuts)})
    reader = ChannelReader()
    for start, end in itertools.pairwise(bounds):
        for event in reader.feed(stream[start:end]):
            assert runner._shape(event) is None
            assert runner._depth(event) <= runner._DEPTH_LIMIT
            json.dumps(event)  # carried on as JSON: no NaN
            runner._monotonic(event)
    reader.close()
    runner._fold(reader.events)
    assert len(reader.problems) <= runner._PROBLEM_LIMIT + 1


# --- payloads in this interpreter --------------------------------------------------------


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    return folder


def _detect(site: Path, marker: str, timeout_s: float = 5) -> runner.ProbeRun:
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    overrides = {"PYTHONPATH": path, MARKER_ENV: marker}
    job = {**probe_job(), "skip": [], "load_entry_points": False}
    return runner.run_payload(
        sys.executable, "detect", job, timeout_s=timeout_s, env_overrides=overrides
    )


def test_junk_on_the_channel_is_reported_and_the_probe_still_completes(site: Path) -> None:
    ext(site, "torch_mlu", "torch-mlu", JUNK_ON_THE_CHANNEL)
    run = _detect(site, uuid.uuid4().hex)
    assert run.outcome is RunOutcome.COMPLETED, run.stderr_tail
    assert "torch" in run.facts and run.culprit is None
    said = "\n".join(run.problems)
    for text in ("not JSON: 'hi'", "nested too deeply", "over the 4.0 MiB limit", "an end event"):
        assert text in said, said
    assert all(p.startswith("the probe sent something malformed: ") for p in run.problems)
    # The torn line swallowed none of the payload's own events that came after it.
    assert {s.name: s.ok for s in run.steps}["import torch_mlu"] is True


def test_junk_on_the_channel_reaches_the_report(site: Path) -> None:
    """End to end: what the reader could not read is a finding, once, without the reader's
    own prefix repeated; the rest of the report stands."""
    ext(site, "torch_mlu", "torch-mlu", JUNK_ON_THE_CHANNEL)
    env = {**base_env(), "PYTHONPATH": str(site)}
    result = run_hwdoctor("detect", "--json", env=env)
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    malformed = found["probe.malformed"]
    assert "a line that is not JSON: 'hi'" in malformed["message"], malformed
    assert malformed["message"].count("something malformed") == 1
    assert next(b for b in result.json()["data"]["backends"] if b["key"] == "cpu")["available"]


@pytest.mark.skipif(not LINUX, reason="a subreaper and /proc are Linux's")
def test_a_process_that_left_the_group_dies_with_the_probe(site: Path) -> None:
    marker = uuid.uuid4().hex
    ext(site, "torch_mlu", "torch-mlu", SETPGRP_SLEEPER_THEN_HANG)
    run = _detect(site, marker, timeout_s=10)
    assert run.outcome is RunOutcome.TIMEOUT
    assert run.culprit is not None and run.culprit.name == "import torch_mlu"
    assert [s for s in run.strays if s.startswith(" ".join(SLEEPER))], run.strays
    assert run.survivors == ()
    assert_no_orphans(marker)


@pytest.mark.skipif(not LINUX, reason="a subreaper and /proc are Linux's")
def test_a_daemon_holding_the_pipes_is_killed_when_the_probe_ends(site: Path) -> None:
    marker = uuid.uuid4().hex
    ext(site, "torch_mlu", "torch-mlu", SETSID_DAEMON)
    run = _detect(site, marker)
    assert run.outcome is RunOutcome.COMPLETED and run.culprit is None
    assert [s for s in run.strays if s.startswith(" ".join(SLEEPER))], run.strays
    assert_no_orphans(marker)


def test_a_stdout_that_blocks_at_exit_costs_no_fact(site: Path) -> None:
    ext(site, "torch_mlu", "torch-mlu", BLOCKING_STDOUT_FLUSH)
    run = _detect(site, uuid.uuid4().hex)
    assert run.outcome is RunOutcome.COMPLETED and run.culprit is None
    assert "torch" in run.facts and "backend:mlu" in run.facts
    [problem] = run.problems
    assert problem.startswith("the probe reported everything, then did not exit (blocked in")
    assert "in flush" in problem, problem


def test_tree_markers_find_descendants_that_cleared_their_environment() -> None:
    marker = processes.new_tree_marker()
    env = {**os.environ, processes.TREE_MARKER_ENV: marker}
    processes.become_subreaper()
    code = (
        "import subprocess,time;"
        "subprocess.Popen(['sleep','1003'], env={}, start_new_session=True); time.sleep(60)"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], env=env, **processes.own_session())
    try:
        deadline = time.monotonic() + 30
        found: dict[int, str] = {}
        # wait for the child to have exec'd sleep, not for two marked processes: between fork
        # and exec the child is a second "python -c …" (a busy machine caught it there)
        while (
            not any(name.startswith("sleep 1003") for name in found.values())
            and time.monotonic() < deadline
        ):
            time.sleep(0.05)
            found = processes.marked_tree(marker)
        if not LINUX:
            return
        assert any(name.startswith("sleep 1003") for name in found.values()), found
        ended = processes.end_tree(parent, marker)
        assert any(s.startswith("sleep 1003") for s in ended.strays) and not ended.survivors
        assert processes.marked_tree(marker) == {}
    finally:
        processes.kill_group(parent)


# --- load: stderr chatter is no progress -------------------------------------------------


def test_stderr_chatter_does_not_keep_a_hung_load_alive(tmp_path: Path, site: Path) -> None:
    """An auto-loaded extension prints "beat" to stderr twice a second and makes
    `torch.manual_seed` hang: `load --timeout 5` with HWDOCTOR_PROGRESS=1 (stderr echoed,
    as under a terminal) ends with the hung step named, and leaves nothing running."""
    marker = uuid.uuid4().hex
    ext(site, "torch_npu", "torch-npu", CHATTER_THEN_HANG_IN_MANUAL_SEED, entry="_autoload")
    env = base_env()
    env.update(
        PYTHONPATH=os.pathsep.join(p for p in (str(site), env.get("PYTHONPATH", "")) if p),
        HWDOCTOR_PROGRESS="1",
        HF_HUB_OFFLINE="1",
        **{MARKER_ENV: marker},
    )
    process = subprocess.run(
        [sys.executable, "-m", "hwdoctor", "load", "--timeout", "5", "--json"],
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=300,  # only against a hwdoctor that never returns
        check=False,
    )
    assert process.returncode == 1, process.stderr[-3000:]
    assert b"beat" in process.stderr  # echoed as it came
    document = json.loads(process.stdout)
    assert "build tiny Qwen3" in json.dumps(document), document
    assert_no_orphans(marker)
    assert not marked_processes(marker)


# A child that says it is about to work (or sleep) on stdout, then does it until killed.
_BUSY = "import sys\nprint('busy', flush=True)\nwhile True:\n    pass\n"
_ASLEEP = "import sys, time\nprint('asleep', flush=True)\nwhile True:\n    time.sleep(3600)\n"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_process_using_the_cpu_is_working_and_a_sleeping_one_is_not() -> None:
    """The deadline's second sign of progress: CPU time from /proc. A busy process is seen
    working (whatever the machine's load, it gets some CPU); a sleeping one never is. No
    clock decides: each child says on stdout when it has started, and the busy one is
    watched until its CPU time has grown."""
    busy = subprocess.Popen([sys.executable, "-c", _BUSY], stdout=subprocess.PIPE, text=True)
    asleep = subprocess.Popen([sys.executable, "-c", _ASLEEP], stdout=subprocess.PIPE, text=True)
    try:
        assert busy.stdout and busy.stdout.readline() == "busy\n"
        assert asleep.stdout and asleep.stdout.readline() == "asleep\n"
        working, resting = runner._Working(busy.pid), runner._Working(asleep.pid)
        began = resting.since(time.monotonic())
        start = working.since(time.monotonic())
        while working.since(time.monotonic()) == start:  # until the busy one used some CPU
            time.sleep(runner._CPU_CHECK_S)
        assert resting.since(time.monotonic() + runner._CPU_CHECK_S) == began
    finally:
        for child in (busy, asleep):
            child.kill()
            child.wait()
