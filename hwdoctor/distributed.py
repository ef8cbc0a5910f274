"""The distributed doctor: every rank's device under torchrun, accelerate launch, srun, mpirun.

hwdoctor builds no launcher and no transport of its own. Under a launcher each rank runs
`hwdoctor detect` as usual (its local probe, its own report), then a payload in the target
interpreter joins the job's store and process group through torch.distributed: every rank
leaves its summary there, rank 0 gathers them, names the ranks that never came, and the
ranks all_reduce a tensor on their devices. Rank 0 prints one combined report; the others
print nothing.
"""

from __future__ import annotations

import dataclasses
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hwdoctor import doctor, findings, interrupts, registry, rules
from hwdoctor.errors import ProblemError, UsageError
from hwdoctor.model import DetectReport, DistributedReport, Finding, RankReport
from hwdoctor.probe.runner import RunOutcome, Started

# Where launchers put a process's place in the job: Accelerate's lists, plus SLURM's.
_RANK: Final = ("RANK", "PMI_RANK", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK", "SLURM_PROCID")
_WORLD: Final = (
    "WORLD_SIZE", "PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "MV2_COMM_WORLD_SIZE", "SLURM_NTASKS",
)  # fmt: skip
_LOCAL_RANK: Final = (
    "LOCAL_RANK", "MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK",
    "SLURM_LOCALID",
)  # fmt: skip
_LOCAL_WORLD: Final = (
    "LOCAL_WORLD_SIZE", "MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE",
    "MV2_COMM_WORLD_LOCAL_SIZE", "SLURM_NTASKS_PER_NODE",
)  # fmt: skip
DEFAULT_MASTER_PORT: Final = 29500  # Accelerate's default too


@dataclass(frozen=True)
class Launch:
    """This process's place in a distributed job, as its launcher describes it."""

    rank: int
    world_size: int
    local_rank: int
    local_world_size: int | None
    master_addr: str
    master_port: int
    agent_store: bool  # torchrun's agent hosts the store: every rank is a client
    run_id: str


def _first_int(env: Mapping[str, str], names: Sequence[str]) -> int | None:
    for name in names:
        try:
            value = int(env.get(name, ""))
        except ValueError:
            continue
        if value >= 0:
            return value
    return None


def launch_of(env: Mapping[str, str] | None = None) -> Launch | None:
    """The job this process belongs to, or None when it runs alone (world size 1)."""
    env = os.environ if env is None else env
    world = _first_int(env, _WORLD)
    rank = _first_int(env, _RANK)
    if world is None or world < 2 or rank is None:
        return None
    if rank >= world:
        raise UsageError(f"rank {rank} is not below the world size {world}: check the launcher")
    local_rank = _first_int(env, _LOCAL_RANK)
    port = _first_int(env, ("MASTER_PORT",))
    return Launch(
        rank=rank,
        world_size=world,
        local_rank=rank if local_rank is None else local_rank,
        local_world_size=_first_int(env, _LOCAL_WORLD),
        master_addr=env.get("MASTER_ADDR") or "127.0.0.1",
        master_port=DEFAULT_MASTER_PORT if port is None else port,
        agent_store=env.get("TORCHELASTIC_USE_AGENT_STORE") == "True",
        run_id=env.get("TORCHELASTIC_RUN_ID") or env.get("SLURM_JOB_ID") or "hwdoctor",
    )


def detect(
    launch: Launch,
    python: str,
    timeout_s: float,
    *,
    require: Sequence[Any] = (),
    strict: bool = False,
    started: Started | None = None,
) -> DistributedReport | None:
    """This rank's part of a distributed detect; the combined report on rank 0, else None."""
    job = {
        "rank": launch.rank,
        "world_size": launch.world_size,
        "local_rank": launch.local_rank,
        "master_addr": launch.master_addr,
        "master_port": launch.master_port,
        "agent_store": launch.agent_store,
        "run_id": launch.run_id,
        "timeout": timeout_s,
    }
    payload = Started(python, "distributed", job, stdin=True)
    try:
        exam = doctor.examine(python, timeout_s, started)
        report = doctor.detect_from(exam, require=require, strict=strict)
        summary = rank_summary(launch, exam, report)
    except BaseException:
        payload.abandon()
        raise
    if any(f.step == "import torch" or f.step.startswith("autoload ") for f in report.failures):
        # import torch itself hangs or fails here: this rank cannot join; rank 0 names it.
        payload.abandon()
        if launch.rank != 0:
            return None
        problem = "import torch fails on rank 0: see its own findings"
        return combine(launch, report, {}, problem, timeout_s)
    payload.go(
        json.dumps({"report": summary, "backend": summary["backend"], "device": summary["device"]})
    )
    # Each wait inside the payload (for the reports, for the results) is bounded by
    # timeout_s; a step making no progress for longer than that is hung.
    run = payload.finish(timeout_s + 5)
    if launch.rank != 0:
        return None
    return combine(launch, report, run.facts.get("ranks") or {}, _problem(run), timeout_s)


def rank_summary(launch: Launch, exam: doctor.Examination, report: DetectReport) -> dict[str, Any]:
    """What this rank tells rank 0: where it would train, with what, and its versions."""
    inputs = doctor.rule_inputs(exam.evidence)
    state = rules.accelerate_state(inputs)
    device = state.device if ":" in state.device else f"{state.device}"
    device_type = device.split(":", 1)[0]
    backend = state.backend or ("gloo" if device_type == "cpu" else None)
    index = int(device.split(":", 1)[1]) if ":" in device else 0
    name = next(
        (
            d.name
            for b in report.backends
            if b.device == device_type and b.available
            for d in b.devices
            if d.index == index
        ),
        exam.evidence.host.cpu_name if device_type == "cpu" else None,
    )
    extensions = {
        backend_row.package: backend_row.version
        for backend_row in report.backends
        if backend_row.installed and backend_row.version and backend_row.key != "cpu"
    }
    return {
        "host": exam.evidence.host.hostname or platform.node(),
        "rank": launch.rank,
        "local_rank": launch.local_rank,
        "local_world_size": launch.local_world_size,
        "device": device,
        "device_name": name,
        "backend": backend,
        "distributed_type": state.distributed_type,
        "versions": {**dict(report.packages), **extensions},
        "device_counts": {b.key: b.device_count for b in report.backends if b.available},
        "visibility": {
            name: exam.evidence.env[name]
            for backend_row in registry.BACKENDS
            for name in backend_row.visibility_env
            if name in exam.evidence.env
        },
        "exit_code": report.exit_code,
    }


def _problem(run: Any) -> str | None:
    if run.outcome is RunOutcome.COMPLETED:
        failed = [s for s in run.steps if s.ok is False]
        if failed:
            error = failed[0].error or {}
            return f"{failed[0].name} failed: {error.get('type')}: {error.get('message', '')}"[:400]
        return None
    step = run.culprit.name if run.culprit else "start-up"
    how = "hung" if run.outcome is RunOutcome.TIMEOUT else f"died ({run.signal_name})"
    return f"rank 0's distributed check {how} in {step}"


def combine(
    launch: Launch,
    local: DetectReport,
    gathered: Mapping[str, Any],
    problem: str | None,
    timeout_s: float,
) -> DistributedReport:
    reports = {int(rank): data for rank, data in (gathered.get("reports") or {}).items()}
    results = {int(rank): data for rank, data in (gathered.get("results") or {}).items()}
    ranks = tuple(
        RankReport(
            rank=rank,
            host=data.get("host", "?"),
            local_rank=int(data.get("local_rank", rank)),
            device=data.get("device", "?"),
            device_name=data.get("device_name"),
            backend=data.get("backend"),
            versions=data.get("versions", {}),
            device_counts=data.get("device_counts", {}),
            visibility=data.get("visibility", {}),
            exit_code=int(data.get("exit_code", 0)),
            all_reduce=results.get(rank),
        )
        for rank, data in sorted(reports.items())
    )
    missing = (
        tuple(int(r) for r in gathered.get("missing", ()))
        if gathered
        else tuple(r for r in range(launch.world_size) if r not in reports)
    )
    found = tuple(consistency(ranks, missing, problem, timeout_s))
    return DistributedReport(
        world_size=launch.world_size, ranks=ranks, missing=missing, local=local, findings=found
    )


def consistency(
    ranks: Sequence[RankReport], missing: Sequence[int], problem: str | None, timeout_s: float
) -> list[Finding]:
    """What disagrees across ranks, and what did not happen."""
    out: list[Finding] = []
    if missing:
        out.append(findings.finding(
            findings.RANKS_MISSING,
            f"rank{'s' * (len(missing) > 1)} {', '.join(map(str, missing))} did not join within "
            f"{timeout_s:g} s ({len(ranks)} of {len(ranks) + len(missing)} reported)",
            remedy="run `hwdoctor detect` on that rank's host alone; a hung probe or an "
            "unreachable MASTER_ADDR:MASTER_PORT are the usual causes",
        ))  # fmt: skip
    if problem and not missing:
        out.append(findings.finding(findings.RANKS_CHECK_FAILED, problem))
    versions: dict[str, set[str]] = {}
    for rank in ranks:
        for package, version in rank.versions.items():
            versions.setdefault(package, set()).add(str(version))
    for package, seen in sorted(versions.items()):
        if len(seen) > 1:
            out.append(findings.finding(
                findings.RANKS_VERSIONS_DIFFER,
                f"ranks run different {package} versions: {', '.join(sorted(seen))}",
                remedy="install the same environment on every node",
            ))  # fmt: skip
    types = {rank.device.split(":", 1)[0] for rank in ranks}
    if len(types) > 1:
        out.append(findings.finding(
            findings.RANKS_DEVICES_DIFFER,
            f"ranks train on different device types: {', '.join(sorted(types))}",
            remedy="every rank needs the same backend for one collective",
        ))  # fmt: skip
    counts = {json.dumps(rank.device_counts, sort_keys=True) for rank in ranks}
    if len(counts) > 1:
        out.append(findings.finding(
            findings.RANKS_COUNTS_DIFFER,
            "ranks see different device counts: "
            + "; ".join(f"rank {r.rank}: {dict(r.device_counts)}" for r in ranks),
            remedy="check the visibility variables and the hardware of each node",
        ))  # fmt: skip
    by_host: dict[str, list[RankReport]] = {}
    for rank in ranks:
        by_host.setdefault(rank.host, []).append(rank)
    for host, on_host in sorted(by_host.items()):
        devices = [r.device for r in on_host if not r.device.startswith("cpu")]
        shared = len(devices) - len(set(devices))
        if shared > 0:
            out.append(findings.finding(
                findings.RANKS_SHARE_DEVICES,
                f"{len(on_host)} ranks on {host} share {len(set(devices))} device(s): "
                + ", ".join(f"rank {r.rank} → {r.device}" for r in on_host),
                remedy="start no more processes per node than it has devices "
                "(--nproc_per_node)",
            ))  # fmt: skip
        seen_visibility = {json.dumps(r.visibility, sort_keys=True) for r in on_host}
        if len(seen_visibility) > 1:
            out.append(findings.finding(
                findings.RANKS_VISIBILITY_DIFFERS,
                f"ranks on {host} see different visibility variables: "
                + "; ".join(f"rank {r.rank}: {dict(r.visibility) or 'none'}" for r in on_host),
                remedy="let the launcher set visibility per rank, or set it for all alike",
            ))  # fmt: skip
    for rank in ranks:
        result = rank.all_reduce
        if result is not None and not result.get("ok"):
            error = result.get("error") or {}
            detail = (
                f"{error.get('type')}: {str(error.get('message', ''))[:200]}"
                if error
                else f"got {result.get('value')}, expected {result.get('expected')}"
            )
            out.append(findings.finding(
                findings.RANKS_ALL_REDUCE_FAILED,
                f"all_reduce on rank {rank.rank} ({rank.device}, {rank.backend}) failed: {detail}",
                remedy="check the collective backend's installation (NCCL, HCCL, ...) and the "
                "network between nodes",
            ))  # fmt: skip
    return out


def run_locally(nproc: int, args: Sequence[str], python: str, timeout_s: float) -> int:
    """`detect --nproc N`: torchrun from the target interpreter, one hwdoctor per rank.

    Rank 0's report is the output. torchrun's own logging, and the traceback it prints when
    a rank exits 1 (which rank 0 does when it found a problem), are shown only when no
    report came out; hwdoctor's own stderr lines always are.
    """
    # torchrun keeps per-rank logs in a new temporary directory unless told where: give it
    # one of hwdoctor's, removed afterwards.
    with tempfile.TemporaryDirectory(
        prefix="hwdoctor-torchrun-", ignore_cleanup_errors=True
    ) as log_dir:
        return _run_torchrun(nproc, args, python, timeout_s, log_dir)


def _communicate(process: subprocess.Popen[bytes], limit_s: float) -> tuple[bytes, bytes] | None:
    """Collect torchrun's output until it ends, an interrupt arrives, or `limit_s` passes
    (then kill it and return None)."""
    deadline = time.monotonic() + limit_s
    while True:
        interrupts.check()
        try:
            return process.communicate(timeout=max(0.0, min(0.5, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            if time.monotonic() >= deadline:
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()
                return None


def _run_torchrun(
    nproc: int, args: Sequence[str], python: str, timeout_s: float, log_dir: str
) -> int:
    argv = [
        python, "-m", "torch.distributed.run", "--standalone", f"--nproc_per_node={nproc}",
        f"--log_dir={log_dir}", "--no-python", sys.executable, "-m", "hwdoctor", *args,
        "--python", python,
    ]  # fmt: skip
    env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")}
    limit = 3 * timeout_s + 120
    process = None
    try:
        with interrupts.held():  # torchrun runs in a session of its own: record it first
            try:
                process = subprocess.Popen(
                    argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    start_new_session=True,
                )  # fmt: skip
            except OSError as exc:
                raise ProblemError(f"could not start torchrun with {python}: {exc}") from exc
        output = _communicate(process, limit)
        if output is None:
            raise ProblemError(f"torchrun with {nproc} ranks did not finish within {limit:g} s")
        out, err = output
    finally:
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    report = out.decode("utf-8", "replace")
    log = err.decode("utf-8", "replace")
    sys.stdout.write(report)
    sys.stdout.flush()
    reported = bool(report.strip()) and process.returncode in (0, 1)
    shown = [line for line in log.splitlines(keepends=True) if line.startswith(("hwdoctor:", "::"))]
    sys.stderr.write("".join(shown) if reported else log)
    if not reported:
        raise ProblemError(
            f"torchrun with {nproc} ranks produced no report (exit {process.returncode})",
            hint="its output is above; is torch installed in the target interpreter?",
        )
    return process.returncode


def explain_ranks(inputs: rules.Inputs, nproc: int) -> tuple[dict[str, Any], ...]:
    """For `explain --nproc N`: the device and backend each local rank would get here."""
    out = []
    for local_rank in range(nproc):
        env = {
            **inputs.env,
            "LOCAL_RANK": str(local_rank),
            "RANK": str(local_rank),
            "WORLD_SIZE": str(nproc),
            "LOCAL_WORLD_SIZE": str(nproc),
        }
        state = rules.accelerate_state(dataclasses.replace(inputs, env=env))
        training = rules.training(dataclasses.replace(inputs, env=env))
        out.append({
            "local_rank": local_rank,
            "accelerate_device": state.device,
            "training_device": training.device,
            "backend": state.backend or ("gloo" if state.device.startswith("cpu") else None),
            "distributed_type": state.distributed_type,
        })  # fmt: skip
    return tuple(out)
