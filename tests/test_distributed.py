"""The distributed doctor with the real torchrun and the real gloo backend."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hwdoctor import launch as launcher
from hwdoctor.diagnosis import ranks as distributed
from hwdoctor.model.answers import AllReduceAnswer, ProbeError
from hwdoctor.model.live_reports import RankReport
from tests.conftest import ROOT, base_env, codes, everything_under, run_hwdoctor
from tests.fakeworld import FakeDevice, World


def torchrun(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "torch.distributed.run", "--standalone", *args],
        capture_output=True, text=True, env=env or base_env(), cwd=ROOT, timeout=300, check=False,
    )  # fmt: skip


def assert_two_cpu_ranks(document: dict) -> None:
    data = document["data"]
    assert data["world_size"] == 2 and data["missing_ranks"] == []
    assert [rank["rank"] for rank in data["ranks"]] == [0, 1]
    for rank in data["ranks"]:
        assert (rank["device"], rank["backend"]) == ("cpu", "gloo")
        assert rank["all_reduce"]["ok"] is True
        assert rank["all_reduce"]["value"] == rank["all_reduce"]["expected"] == 3.0
        assert rank["local_rank"] == rank["rank"]


@pytest.mark.slow
def test_torchrun_two_ranks_one_document() -> None:
    completed = torchrun("--nproc_per_node=2", "-m", "hwdoctor", "detect", "--json")
    assert completed.returncode == 0, completed.stderr[-3000:]
    document = json.loads(completed.stdout)  # exactly one JSON document: rank 0's
    assert document["exit_code"] == 0
    assert_two_cpu_ranks(document)


@pytest.mark.slow
def test_nproc_starts_torchrun_itself_and_leaves_no_trace(
    sealed: tuple[dict[str, str], list[Path]],
) -> None:
    env, directories = sealed
    result = run_hwdoctor("detect", "--nproc", "2", env=env, cwd=directories[2])
    assert result.returncode == 0, result
    assert result.stdout.startswith("Distributed 2 of 2 ranks reported")
    # one report, rank 0's, with both ranks, which agree: one line
    assert result.stdout.count("gloo") == 1, result.stdout
    assert re.search(r"^0-1 +\S+ +0-1 +cpu ", result.stdout, re.M), result.stdout
    for directory in directories:  # torchrun's and every rank's files went with them
        assert everything_under(directory) == [], (directory.name, result)


def test_nproc_without_torch_in_the_target_shows_torchruns_own_words(tmp_path: Path) -> None:
    """No report came out of the ranks: torchrun's own output is relayed (here Python's
    refusal to find torch.distributed.run) and the error says what to check."""
    venv = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    result = run_hwdoctor("detect", "--nproc", "2", "--python", str(venv / "bin" / "python"))
    assert result.returncode == 1, result
    assert result.stdout == "", result
    assert "No module named 'torch'" in result.stderr, result
    last = result.stderr.rstrip().splitlines()[-1]
    assert last.startswith("hwdoctor: error: torchrun with 2 ranks produced no report (exit 1)")


MIB = 1 << 20


@pytest.mark.slow
def test_bandwidth_on_gloo_reports_busbw_per_size() -> None:
    """`detect --nproc 2 --bandwidth` with the real torchrun and gloo on this machine's CPU.
    No assertion on speed: only that every size is there and the figures agree."""
    result = run_hwdoctor("detect", "--nproc", "2", "--bandwidth", "--json")
    assert result.returncode == 0, result
    document = result.json()
    assert_two_cpu_ranks(document)
    data = document["data"]
    measured = data["bandwidth"]
    assert (measured["backend"], measured["ranks"]) == ("gloo", 2)
    rows = {(row["operation"], row["size"]): row for row in measured["collectives"]}
    assert sorted(rows) == [(op, size) for op in ("all_gather", "all_reduce")
                            for size in (MIB, 8 * MIB, 64 * MIB)]  # fmt: skip
    for (operation, size), row in rows.items():
        assert row["seconds"] > 0 and row["algbw"] > 0 and row["busbw"] > 0
        assert row["algbw"] == pytest.approx(size / row["seconds"])
        factor = 2 * (2 - 1) / 2 if operation == "all_reduce" else (2 - 1) / 2  # nccl-tests
        assert row["busbw"] == pytest.approx(row["algbw"] * factor)
        assert row["slowest_rank"] in (0, 1)
        assert row["slowest_seconds"] >= row["seconds"]
    (pair,) = measured["pairs"]
    assert pair["ranks"] == [0, 1] and pair["devices"] == ["cpu", "cpu"]
    assert pair["bandwidth"] == pytest.approx(pair["size"] / pair["seconds"])
    assert pair["link"] is None and pair["expected"] is None and not pair["far_below"]
    assert measured["slowest_pair"] == [0, 1]
    assert not [f for f in data["distributed_findings"] if f["code"].startswith("bandwidth.")]
    for rank in data["ranks"]:  # the timings are reported once, not in each all_reduce
        assert "bandwidth" not in rank["all_reduce"]


@pytest.mark.slow
def test_bandwidth_human_output_is_a_table_per_size() -> None:
    result = run_hwdoctor("detect", "--nproc", "2", "--bandwidth")
    assert result.returncode == 0, result
    text = result.stdout
    assert "Bandwidth 2 ranks, gloo; busbw as nccl-tests computes it" in text
    for operation in ("all_reduce", "all_gather"):
        for size in ("1.0 MiB", "8.0 MiB", "64 MiB"):
            row = re.search(rf"^{operation} +{re.escape(size)} +[\d.]+ ms +[\d.]+ GB/s +"
                            rf"[\d.]+ GB/s +[01] on \S+", text, re.M)  # fmt: skip
            assert row, (operation, size, text)
    assert "Pairs: 8.0 MiB each way at once" in text
    assert re.search(r"^0-1 +cpu ↔ cpu +same host +[\d.]+ GB/s", text, re.M), text


def stall_rank_one(world: World) -> None:
    """A package whose torch autoload entry point hangs on rank 1 only."""
    package = world.site / "stall_rank_one"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        textwrap.dedent("""
        import os, time

        def _autoload():
            if os.environ.get("RANK") == "1":
                while True:
                    time.sleep(1)
    """)
    )
    info = world.site / "stall_rank_one-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: stall-rank-one\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[torch.backends]\nstall_rank_one = stall_rank_one:_autoload\n"
    )


@pytest.mark.slow
def test_a_rank_that_cannot_join_is_named(world: World) -> None:
    stall_rank_one(world)
    started = time.monotonic()
    result = run_hwdoctor(
        # 10 s: rank 0's own payload must gather within the deadline on a loaded machine.
        "detect",
        "--nproc",
        "2",
        "--timeout",
        "10",
        "--json",
        env=world.env(base_env()),
    )
    elapsed = time.monotonic() - started
    document = result.json()
    assert result.returncode == 1
    data = document["data"]
    assert data["missing_ranks"] == [1]
    assert [rank["rank"] for rank in data["ranks"]] == [0]
    missing = [f for f in data["distributed_findings"] if f["code"] == "ranks.missing"]
    assert missing and missing[0]["message"].startswith("rank 1 did not join within 10 s")
    # Reported for the record; the bound itself is measured in benchmarks/.
    print(f"a stalled rank with --timeout 10 ended the run in {elapsed:.1f} s")
    assert survivors(str(world.site)) == []  # the stalled rank's payloads went with it


def survivors(marker: str) -> list[int]:
    """Live processes whose environment mentions `marker` (a world's own directory)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
                if state != "Z":
                    found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_explain_nproc_shows_each_local_rank(world: World) -> None:
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3"),) * 2)
    data = run_hwdoctor("explain", "--nproc", "4", "--json", env=world.env(base_env())).json()
    ranks = data["data"]["ranks"]
    assert [r["accelerate_device"] for r in ranks] == ["npu:0", "npu:1", "npu:0", "npu:1"]
    assert {r["backend"] for r in ranks} == {"hccl"}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"RANK": "1", "WORLD_SIZE": "4", "LOCAL_RANK": "1", "MASTER_ADDR": "node0",
          "MASTER_PORT": "1234"}, (1, 4, 1, "node0", 1234)),
        ({"SLURM_PROCID": "3", "SLURM_NTASKS": "8", "SLURM_LOCALID": "3"},
         (3, 8, 3, "127.0.0.1", 29500)),
        ({"OMPI_COMM_WORLD_RANK": "2", "OMPI_COMM_WORLD_SIZE": "4",
          "OMPI_COMM_WORLD_LOCAL_RANK": "0"}, (2, 4, 0, "127.0.0.1", 29500)),
        ({"PMI_RANK": "1", "PMI_SIZE": "2"}, (1, 2, 1, "127.0.0.1", 29500)),
    ],
)  # fmt: skip
def test_launchers_are_recognised(env: dict[str, str], expected: tuple) -> None:
    launch = launcher.launch_of(env)
    assert launch is not None
    got = (launch.rank, launch.world_size, launch.local_rank, launch.master_addr,
           launch.master_port)  # fmt: skip
    assert got == expected


@pytest.mark.parametrize("env", [{}, {"WORLD_SIZE": "1", "RANK": "0"}, {"WORLD_SIZE": "x"}])
def test_a_single_process_is_not_distributed(env: dict[str, str]) -> None:
    assert launcher.launch_of(env) is None


def rank(number: int, **changes: object) -> RankReport:
    fields = {
        "rank": number, "host": "node0", "local_rank": number, "device": f"cuda:{number}",
        "device_name": "H100", "backend": "nccl", "versions": {"torch": "2.13.0"},
        "device_counts": {"cuda": 2}, "visibility": {}, "exit_code": 0,
        "all_reduce": AllReduceAnswer(ok=True, value=3.0, expected=3.0),
    }  # fmt: skip
    fields.update(changes)
    return RankReport(**fields)  # type: ignore[arg-type]


def test_consistency_findings() -> None:
    ranks = [
        rank(0),
        rank(1, versions={"torch": "2.12.0"}, device="cuda:0", device_counts={"cuda": 1},
             visibility={"CUDA_VISIBLE_DEVICES": "0"},
             all_reduce=AllReduceAnswer(error=ProbeError("DistBackendError", "NCCL"))),
    ]  # fmt: skip
    found = distributed.consistency(ranks, missing=[2], problem=None, timeout_s=30)
    assert codes({"data": {"findings": [f.to_json() for f in found]}}) == [
        "ranks.missing",
        "ranks.versions_differ",
        "ranks.counts_differ",
        "ranks.share_devices",
        "ranks.visibility_differs",
        "ranks.all_reduce_failed",
    ]
    assert "2.12.0, 2.13.0" in found[1].message
    assert "rank 0 → cuda:0, rank 1 → cuda:0" in found[3].message


def test_consistent_ranks_have_no_findings() -> None:
    assert distributed.consistency([rank(0), rank(1)], [], None, 30) == []


def test_ranks_that_agree_are_one_line_and_the_odd_rank_says_how() -> None:
    """Two nodes of eight ranks each: fifteen agree, rank 11 runs another torch."""
    from io import StringIO

    from hwdoctor import diagnosis
    from hwdoctor.render import human, markdown
    from tests.evidence import cpu_host

    ranks = [
        rank(number, host=f"node{number // 8}", local_rank=number % 8,
             device=f"cuda:{number % 8}", device_counts={"cuda": 8},
             versions={"torch": "2.12.0" if number == 11 else "2.13.0"},
             all_reduce=AllReduceAnswer(ok=True, value=136.0, expected=136.0, seconds=0.001))
        for number in range(16)
    ]  # fmt: skip
    groups = distributed.grouped(ranks)
    assert [len(g.ranks) for g in groups] == [15, 1]
    assert groups[1].ranks[0].rank == 11
    assert groups[1].differs == (("torch", "2.12.0", "2.13.0"),)
    local = diagnosis.detect(cpu_host())
    report = distributed.combine(16, local, None, None, 30)
    report = dataclasses.replace(report, ranks=tuple(ranks), groups=groups)
    text = human.render(human.distributed_renderables(report), StringIO())
    rows = [line for line in text.splitlines() if "H100" in line]
    assert len(rows) == 2, text
    assert rows[0].split()[:4] == ["0-10,12-15", "node[0-1]", "0-7", "cuda:[0-7]"]
    assert rows[1].split()[:4] == ["11", "node1", "3", "cuda:3"]
    assert "ranks 11: torch 2.12.0 (the others: 2.13.0)" in text
    shared = markdown.distributed(report)
    assert "| 0-10,12-15 | `node[0-1]` | 0-7 | `cuda:[0-7]` |" in shared
    assert json.loads(json.dumps(report.to_json()))["ranks"][11]["versions"]["torch"] == "2.12.0"
