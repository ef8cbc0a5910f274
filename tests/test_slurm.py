"""hwdoctor on a real Slurm cluster (tests/slurm.py): a 2-task `srun` gives one grouped
report, and a job array's evidence files give a fleet report that names a planted odd
node. Skipped, with the reason, where slurm-wlm and munge are not installed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import slurm
from tests.conftest import ROOT, base_env, run_hwdoctor

pytestmark = pytest.mark.slow
ODD_DRIVER = "550.54.15"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[slurm.Cluster]:
    reason = slurm.missing()
    if reason:
        pytest.skip(reason)
    directory = tmp_path_factory.mktemp("slurm")
    with slurm.cluster(directory, base_env()) as running:
        yield running


def test_srun_two_tasks_give_one_grouped_report(cluster: slurm.Cluster) -> None:
    port = f"MASTER_PORT={slurm.free_port()}"
    ran = cluster.run("srun", "-n", "2", f"--export=ALL,{port}", sys.executable, "-m",
                      "hwdoctor", "detect", "--json")  # fmt: skip
    assert ran.returncode == 0, (ran.stdout[-2000:], ran.stderr[-3000:])
    document = json.loads(ran.stdout)  # one document: rank 0's
    data = document["data"]
    assert data["world_size"] == 2 and data["missing_ranks"] == []
    assert [(r["rank"], r["local_rank"], r["host"]) for r in data["ranks"]] == [
        (0, 0, cluster.node), (1, 1, cluster.node),
    ]  # fmt: skip
    assert all(r["all_reduce"]["ok"] and r["backend"] == "gloo" for r in data["ranks"])

    port = f"MASTER_PORT={slurm.free_port()}"
    human = cluster.run("srun", "-n", "2", f"--export=ALL,{port},COLUMNS=100", sys.executable,
                        "-m", "hwdoctor", "detect")  # fmt: skip
    assert human.returncode == 0, human.stderr[-3000:]
    assert human.stdout.startswith("Distributed 2 of 2 ranks reported")
    rows = [line for line in human.stdout.splitlines() if line.startswith("0-1 ")]
    assert len(rows) == 1 and f" {cluster.node} " in rows[0], human.stdout


def test_a_job_array_writes_a_fleet_that_names_the_odd_node(
    cluster: slurm.Cluster, tmp_path: Path
) -> None:
    evidence = tmp_path / "evidence"
    # Every task of the array runs on the one node: the task id keeps the files apart.
    command = (f"{sys.executable} -m hwdoctor detect --save-evidence "
               f"'{evidence}/{{host}}-'$SLURM_ARRAY_TASK_ID.json")  # fmt: skip
    ran = cluster.run("sbatch", "--wait", "--array=0-3", f"--output={tmp_path}/task-%a.out",
                      "--wrap", command)  # fmt: skip
    assert ran.returncode == 0, (ran.stdout, ran.stderr, _outputs(tmp_path))
    files = sorted(path.name for path in evidence.iterdir())
    assert files == [f"{cluster.node}-{task}.json" for task in range(4)], _outputs(tmp_path)

    plant(evidence / f"{cluster.node}-2.json")
    report = run_hwdoctor("detect", "--from", str(evidence), "--json")
    assert report.returncode == 0, report  # a node that differs is a warning
    fleet = json.loads(report.stdout)["data"]["fleet"]
    assert fleet["odd_hosts"] == [f"{cluster.node}-2"]
    odd = fleet["groups"][1]
    assert odd["hosts"] == [f"{cluster.node}-2"] and fleet["groups"][0]["nodes"] == 3
    differs = {item["what"]: item["here"] for item in odd["differs_from_largest"]}
    assert differs["driver"] == f"NVIDIA {ODD_DRIVER}"
    assert differs["cpu"].endswith(" 1 cores")
    assert [f["code"] for f in fleet["findings"]] == ["fleet.nodes_differ"]
    strict = run_hwdoctor("detect", "--from", str(evidence), "--strict")
    assert strict.returncode == 1 and f"{cluster.node}-2" in strict.stdout


def plant(path: Path) -> None:
    """Make one node odd: another driver, and one CPU fewer (this machine has no GPU to
    take one of)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    document["host"]["nvidia"] = {"kernel_module": ODD_DRIVER, "module_loaded": True}
    document["host"]["cpu_count"] = max(1, int(document["host"]["cpu_count"] or 2) - 1)
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")


def _outputs(directory: Path) -> str:
    return "\n".join(p.read_text(errors="replace")[-1500:] for p in directory.glob("task-*.out"))


def test_the_prolog_drains_a_node_that_fails_its_preflight(
    cluster: slurm.Cluster, tmp_path: Path
) -> None:
    """deploy/slurm/hwdoctor-preflight.sh, run as slurmd runs a Prolog or HealthCheckProgram
    (SLURMD_NODENAME set): a node that meets the requirements stays up and writes its
    evidence; one that does not (no CUDA here) is drained with hwdoctor's reason."""
    script = str(ROOT / "deploy" / "slurm" / "hwdoctor-preflight.sh")
    env = {**cluster.env, "SLURMD_NODENAME": cluster.node,
           "HWDOCTOR": str(Path(sys.executable).parent / "hwdoctor"),
           "HWDOCTOR_PYTHON": sys.executable,
           "HWDOCTOR_EVIDENCE_DIR": str(tmp_path / "ev")}  # fmt: skip
    passed = subprocess.run([script], env={**env, "HWDOCTOR_REQUIRE": "cpu torch>=2"},
                            capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert passed.returncode == 0, passed
    assert [p.name for p in (tmp_path / "ev").iterdir()] == [f"{cluster.node}.json"]
    assert "idle" in cluster.run("sinfo", "-h", "-o", "%t").stdout
    failed = subprocess.run([script], env={**env, "HWDOCTOR_REQUIRE": "cuda>=8"},
                            capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    try:
        assert failed.returncode == 1, failed
        node = cluster.run("scontrol", "show", "node", cluster.node).stdout
        assert "DRAIN" in node, node
        assert "Reason=hwdoctor: cuda>=8: 0 usable cuda device(s)" in node, node
    finally:
        cluster.run("scontrol", "update", f"NodeName={cluster.node}", "State=RESUME")
