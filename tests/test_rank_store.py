"""The job's store is anyone's who can reach it: what another process writes there ends in a
finding about that rank, never in a crash, and `--nproc`'s store listens on 127.0.0.1 only.

The end-to-end cases run `detect --nproc 2` with the real torchrun and gloo; a peer
(tests/store_peer.py), started on rank 1's machine, writes into the run's stores while it
runs. The rest reads what rank 0 passes on (gather/rank_reports.py) at the boundary.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwdoctor import diagnosis
from hwdoctor.diagnosis import ranks
from hwdoctor.doctor import job
from hwdoctor.gather import rank_reports
from hwdoctor.launch import launch_of
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.evidence import cpu_host
from tests.fakeworld import World
from tests.fastlane import examples

PEER = ROOT / "tests" / "store_peer.py"

HOOK = """
import os, subprocess, sys, time

def _autoload():
    # rank 1's distributed payload only (its job names the store), and not the peer itself
    job = sys.argv[1] if len(sys.argv) > 1 else ""
    if os.environ.get("RANK") != "1" or os.environ.get("STORE_PEER") or '"master_addr"' not in job:
        return
    record, done = {record!r}, {done!r}
    subprocess.Popen([sys.executable, {peer!r}, {mode!r}, record, done],
                     env={{**os.environ, "STORE_PEER": "1"}})
    started = time.monotonic()
    while not os.path.exists(done) and time.monotonic() - started < 150:
        time.sleep(0.05)
"""


def with_peer(world: World, mode: str) -> tuple[Path, Path]:
    """A package whose autoload entry point, in rank 1's payload, starts the peer and
    waits until it is done; where the peer writes its record."""
    record, done = world.root / "peer.json", world.root / "peer.done"
    package = world.site / "store_peer_hook"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        textwrap.dedent(HOOK).format(record=str(record), done=str(done), peer=str(PEER), mode=mode)
    )
    info = world.site / "store_peer_hook-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: store-peer-hook\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[torch.backends]\nstore_peer_hook = store_peer_hook:_autoload\n"
    )
    return record, done


def attacked(world: World, mode: str) -> tuple[Any, dict[str, Any]]:
    record, _ = with_peer(world, mode)
    result = run_hwdoctor(
        "detect",
        "--nproc",
        "2",
        "--timeout",
        "60",
        "--json",
        env=world.env(base_env()),
        timeout=600,
    )
    assert result.returncode in (0, 1), result  # never 3
    assert "Traceback" not in result.stderr, result
    peer = json.loads(record.read_text(encoding="utf-8"))
    assert "error" not in peer, peer
    return result, peer


@pytest.mark.slow
def test_a_report_under_the_old_guessable_key_is_never_read(world: World) -> None:
    """What a peer leaves where hwdoctor used to keep rank 1's report (the run id, which
    every process of the job sees) changes nothing: the report is rank 1's own."""
    result, peer = attacked(world, "old")
    assert peer["wrote"].startswith("hwdoctor/") and peer["wrote"].endswith("/report/1")
    assert result.returncode == 0, result
    data = result.json()["data"]
    assert [rank["rank"] for rank in data["ranks"]] == [0, 1]
    assert {rank["host"] for rank in data["ranks"]} != {"old-prefix"}
    assert "old-prefix" not in result.stdout
    assert data["distributed_findings"] == []


@pytest.mark.slow
def test_a_forged_report_without_the_secret_is_a_finding_about_rank_1(world: World) -> None:
    """A peer that lists the keys (any TCPStore client can) and writes rank 1's report
    there, well-formed but not signed with the run's secret: rank 0 uses nothing of it and
    says so; the forged host and GPU appear nowhere. The peer also saw where the stores
    listen: torchrun's on every interface, --nproc's own on 127.0.0.1 only."""
    result, peer = attacked(world, "listed")
    assert peer["decided"] == "collective"
    assert result.returncode == 1, result
    data = result.json()["data"]
    assert [rank["rank"] for rank in data["ranks"]] == [0]
    (refused,) = [f for f in data["distributed_findings"] if f["code"] == "ranks.report_rejected"]
    assert refused["message"] == (
        "rank 1's summary in the job's store could not be used: not signed with this run's "
        "secret: another process wrote it"
    )
    assert "gpu12" not in result.stdout and "cuda:7" not in result.stdout
    assert data["missing_ranks"] == []
    # hwdoctor's store: 127.0.0.1 only (0100007F in /proc/net/tcp), and nobody answers on
    # the machine's other address; torchrun's: every interface (:: in /proc/net/tcp6)
    assert peer["loopback_store_listens"] == ["tcp:0100007F"], peer
    if peer["other_address"]:
        assert peer["answers_on_other_address"] is False, peer
    assert peer["launcher_store_listens"] == ["tcp6:" + "0" * 32], peer


@pytest.mark.slow
def test_a_malformed_report_signed_with_the_secret_is_a_finding_not_exit_3(world: World) -> None:
    """A peer that knows the run's secret (it can sign) writes a report of the wrong kinds
    (`²` as the local rank, a number as the device): a finding about rank 1, exit 1."""
    result, peer = attacked(world, "signed")
    assert peer["decided"] == "collective"
    assert result.returncode == 1, result
    data = result.json()["data"]
    assert [rank["rank"] for rank in data["ranks"]] == [0]
    (refused,) = [f for f in data["distributed_findings"] if f["code"] == "ranks.report_rejected"]
    assert refused["message"].startswith("rank 1's summary in the job's store could not be used: ")
    assert "local_rank: '²' is not a whole number" in refused["message"], refused
    human = result.stdout
    assert "gpu²" not in human


def listens(code: str) -> list[str]:
    """Where a TCPStore server made by `code` (in a subprocess with the real torch)
    listens, as /proc/net/tcp{,6} show it."""
    program = "\n".join(
        (
            f"import socket, sys; sys.path.insert(0, {str(ROOT)!r})",
            "import torch.distributed as dist",
            "from tests.store_peer import listening",
            textwrap.dedent(code).strip(),
            "print(','.join(listening(store.port)))",
        )
    )
    completed = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False, timeout=120
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    return completed.stdout.strip().split(",")


def test_torch_binds_a_tcpstore_to_every_interface_whatever_its_host_name() -> None:
    """What the payload relies on, in torch 2.13: `TCPStore(host_name="127.0.0.1")` still
    listens on `::` (every interface, IPv4 too); only a socket passed as master_listen_fd
    keeps it on 127.0.0.1 (the docstring: "the underlying TCPServer will listen on this
    file descriptor, which must be a socket already bound to port")."""
    named = listens(
        "store = dist.TCPStore('127.0.0.1', 0, 1, is_master=True, wait_for_workers=False)"
    )
    assert named == ["tcp6:" + "0" * 32]
    bound = listens("""
        listener = socket.socket(); listener.bind(("127.0.0.1", 0)); listener.listen(8)
        store = dist.TCPStore("127.0.0.1", listener.getsockname()[1], 1, is_master=True,
                              wait_for_workers=False, master_listen_fd=listener.fileno())
        listener.detach()
    """)
    assert bound == ["tcp:0100007F"]


# --- what rank 0 passes on, read at the boundary --------------------------------------------

GOOD = {
    "host": "vm",
    "rank": 1,
    "local_rank": 1,
    "local_world_size": 2,
    "device": "cpu",
    "device_name": "AMD EPYC",
    "backend": "gloo",
    "distributed_type": "MULTI_CPU",
    "versions": {"torch": "2.13.0+cpu", "accelerate": "1.16.0"},
    "device_counts": {"cpu": 1},
    "visibility": {},
    "exit_code": 0,
}
RESULT = {
    "ok": True,
    "value": 3.0,
    "expected": 3.0,
    "seconds": 0.006,
    "init_seconds": 0.003,
    "backend": "gloo",
    "device": "cpu",
}


def gathered(summary: object, result: object = RESULT, **refused: dict[str, str]) -> Any:
    as_text = summary if isinstance(summary, str) else json.dumps(summary)
    return {
        "reports": {"0": json.dumps({**GOOD, "rank": 0, "local_rank": 0}), "1": as_text},
        "results": {
            "0": json.dumps(RESULT),
            "1": result if isinstance(result, str) else json.dumps(result),
        },
        "refused": {"report": refused.get("report", {}), "result": refused.get("result", {})},
        "missing": [],
    }


def combined(fact: Any) -> Any:
    from tests import catalogue_plugin

    read = rank_reports.read(2, fact)
    report = ranks.combine(2, diagnosis.detect(cpu_host()), read, None, 30)
    catalogue_plugin.record(f.code for f in report.findings)
    return report


def test_a_real_report_passes_whole() -> None:
    report = combined(gathered(GOOD))
    assert [r.rank for r in report.ranks] == [0, 1]
    assert report.ranks[1].versions == GOOD["versions"]
    assert report.ranks[1].all_reduce is not None
    assert report.ranks[1].all_reduce.to_json() == RESULT
    assert report.findings == ()


# A rank whose all_reduce raised, as payload_distributed leaves it: {"ok": False, "error":
# payload_common.describe(exc)}. The error is gloo's, a peer gone mid-collective, as two
# reports recorded it (torch 1.11/1.12): https://github.com/pytorch/pytorch/issues/75512
# (the message) and https://github.com/pytorch/pytorch/issues/78514 (the traceback's frame).
GLOO_CLOSED = (
    "[../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer "
    "[18.25.6.30]:28048"
)
FAILED = {
    "ok": False,
    "error": {
        "type": "RuntimeError",
        "message": GLOO_CLOSED,
        "traceback": 'Traceback (most recent call last):\n  File "/home/haokang/miniconda3/envs/'
        '3.8/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py", line 1002, in '
        f"recv\n    pg.recv([tensor], src, tag).wait()\nRuntimeError: {GLOO_CLOSED}\n",
    },
}


def test_a_failed_all_reduce_reads_whole_and_is_a_finding() -> None:
    """The failed result reads into its record, is written back as the rank wrote it (no
    field it did not write), and is the rank's all_reduce finding, naming gloo's error."""
    report = combined(gathered(GOOD, FAILED))
    failed = report.ranks[1].all_reduce
    assert failed is not None and not failed.ok
    assert failed.to_json() == FAILED
    found = [f for f in report.findings if f.code == "ranks.all_reduce_failed"]
    assert [f.params["rank"] for f in found] == ["1"]
    assert found[0].params["detail"] == f"RuntimeError: {GLOO_CLOSED}"


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("{{{", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "more than the 65,536"),
        ("[" * 30_000 + "]" * 30_000, "JSON nested too deeply"),
        ("[1, 2]", "not a JSON object"),
        ({**GOOD, "local_rank": "²"}, "local_rank: '²' is not a whole number"),
        ({**GOOD, "local_rank": True}, "local_rank: True is not a whole number"),
        ({**GOOD, "device": 5}, "device: 5 is not a text"),
        ({**GOOD, "exit_code": 10**400}, "exit_code: a number of 1329 bits"),
        ({**GOOD, "rank": 0}, "it says it is rank 0"),
        ({k: v for k, v in GOOD.items() if k != "host"}, "no host"),
        ({**GOOD, "versions": {"torch; rm -rf /": "1"}}, "is not a package name"),
        ({**GOOD, "links": {"topology": {"links": {"0-1": ["NV18"]}}}}, "is not a text"),
        ({**GOOD, "extra": {"a": [1] * 10}}, "an unknown field 'extra'"),
    ],
)
def test_a_bad_report_is_a_finding_about_its_rank(value: object, reason: str) -> None:
    report = combined(gathered(value))
    assert [r.rank for r in report.ranks] == [0]
    (found,) = report.findings
    assert found.code == "ranks.report_rejected"
    assert found.message.startswith("rank 1's summary in the job's store could not be used: ")
    assert reason in found.message, found.message
    assert report.exit_code == 1
    assert report.missing == ()


@pytest.mark.parametrize(
    "value",
    [
        {**RESULT, "value": "3"},
        {**RESULT, "ok": "yes"},
        {**RESULT, "bandwidth": {"operations": [{"op": "all_reduce", "bytes": "²", "seconds": 1}]}},
        {**RESULT, "bandwidth": {"pairs": [{"peer": -1, "bytes": 8, "seconds": 1}]}},
        "null",
    ],
)
def test_a_bad_result_is_a_finding_and_its_timings_are_not_read(value: object) -> None:
    report = combined(gathered(GOOD, value))
    assert [r.rank for r in report.ranks] == [0, 1]
    assert report.ranks[1].all_reduce is None
    assert [f.code for f in report.findings] == ["ranks.report_rejected"]
    assert "rank 1's all_reduce result" in report.findings[0].message
    assert report.bandwidth is None


def test_what_the_payload_refused_is_said_per_rank_and_ranks_outside_the_job_are_not() -> None:
    fact = gathered(
        GOOD, report={"1": "not signed with this run's secret: another process wrote it"}
    )
    del fact["reports"]["1"]
    fact["reports"]["7"] = json.dumps({**GOOD, "rank": 7})  # no rank 7 in a job of 2
    fact["reports"]["01"] = "{"
    fact["reports"]["1\u0661"] = "{"
    report = combined(fact)
    assert [r.rank for r in report.ranks] == [0]
    assert [f.message for f in report.findings] == [
        "rank 1's summary in the job's store could not be used: not signed with this run's "
        "secret: another process wrote it"
    ]


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_json_at_all_is_read_or_refused_never_raised(value: object) -> None:
    for report_value in (value, {**GOOD, "device": value}, {**GOOD, "versions": value}):
        fact = gathered(report_value, {**RESULT, "bandwidth": value})
        report = combined(fact)
        json.dumps(report.to_json())
        assert report.exit_code in (0, 1)


def test_nproc_gives_the_ranks_a_secret_of_their_own_and_the_store_a_prefix_from_it() -> None:
    """The secret is in the ranks' environment (launch.py), the prefix a digest of it: the
    keys any client can list do not give the secret away."""
    env = {
        "RANK": "1",
        "WORLD_SIZE": "2",
        "TORCHELASTIC_RUN_ID": "run",
        "HWDOCTOR_RUN_SECRET": "ab" * 16,
        "HWDOCTOR_STORE_LOOPBACK": "1",
    }
    launch = launch_of(env)
    assert launch is not None and launch.secret == "ab" * 16 and launch.loopback
    settings_ = job.store_settings(launch)
    assert settings_["secret"] == "ab" * 16 and settings_["loopback"] is True
    assert settings_["prefix"].startswith("hwdoctor/") and "ab" * 16 not in settings_["prefix"]
    assert (
        settings_["prefix"]
        != job.store_settings(
            launch_of({**env, "HWDOCTOR_RUN_SECRET": "cd" * 16})  # type: ignore[arg-type]
        )["prefix"]
    )
    plain = launch_of({"RANK": "1", "WORLD_SIZE": "2", "TORCHELASTIC_RUN_ID": "run"})
    assert plain is not None
    assert job.store_settings(plain) == {"prefix": "hwdoctor/run/", "secret": "", "loopback": False}
    refused = run_hwdoctor(
        "detect",
        env={**base_env(), "RANK": "0", "WORLD_SIZE": "2", "HWDOCTOR_RUN_SECRET": "\u00b2\n"},
    )
    assert refused.returncode == 2 and "HWDOCTOR_RUN_SECRET" in refused.stderr
    assert "\u00b2" not in refused.stderr


def test_a_topology_key_of_unicode_digits_is_no_gpu_pair() -> None:
    """A rank's nvidia-smi matrix as it arrives (keys `A-B`, GPU indices): `²-1` passes the
    boundary as text, and is then no pair of GPUs (str.isdigit says yes to `²`, int() no)."""

    def timings(peer: int) -> dict[str, Any]:
        return {
            "device": f"cuda:{1 - peer}",
            "pairs": [{"peer": peer, "bytes": 8 << 20, "seconds": 0.01}],
            "operations": [
                {"op": "all_reduce", "bytes": 1 << 20, "iterations": 3, "seconds": 0.001}
            ],
        }

    links = {
        "pci_bus_id": "0000:18:00.0",
        "topology": {
            "links": {"\u00b2-1": "NV18", "0-1": "NV18"},
            "bus_ids": {"0000:18:00.0": 0, "0000:28:00.0": 1},
        },
    }
    fact = gathered(
        {**GOOD, "device": "cuda:1", "links": {**links, "pci_bus_id": "0000:28:00.0"}},
        {**RESULT, "bandwidth": timings(0)},
    )
    fact["reports"]["0"] = json.dumps(
        {**GOOD, "rank": 0, "local_rank": 0, "device": "cuda:0", "links": links}
    )
    fact["results"]["0"] = json.dumps({**RESULT, "bandwidth": timings(1)})
    report = combined(fact)
    assert report.bandwidth is not None
    (pair,) = report.bandwidth.pairs
    assert pair.link == "NV18"
