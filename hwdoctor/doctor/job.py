"""The distributed doctor: every rank's device under torchrun, accelerate launch, srun, mpirun.

hwdoctor builds no launcher and no transport of its own. Under a launcher each rank runs
`hwdoctor detect` as usual (its local probe, its own report), then a payload in the target
interpreter joins the job's store and process group through torch.distributed: every rank
leaves its summary there, rank 0 gathers them, names the ranks that never came, and the
ranks all_reduce a tensor on their devices. Rank 0 prints one combined report; the others
print nothing.

The job's store takes anyone who can reach it (torch's TCPStore has no authentication, and
its server listens on every interface: `TCPStore("127.0.0.1", ...)` is bound to `::`, as
tests/test_rank_store.py observes). So hwdoctor's keys sit under a prefix made from the
run's secret, each value is signed with it, rank 0's reading of the ranks passes the
evidence boundary (gather/rank_reports.py), and a value that does not is a finding about
its rank. `--nproc` makes the secret (secrets.token_hex) and gives it to the ranks in their
environment; under another launcher the user exports HWDOCTOR_RUN_SECRET to every rank, or
the prefix is the launcher's run id and nothing tells hwdoctor's values from a peer's.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any, Final

from hwdoctor import diagnosis, interrupts, processes, registry, rules
from hwdoctor.diagnosis import ranks
from hwdoctor.diagnosis.requirements import dists
from hwdoctor.doctor.detect import examine
from hwdoctor.errors import ProblemError
from hwdoctor.gather import rank_reports
from hwdoctor.gather.links import rank_links
from hwdoctor.gather.probe.runner import Started
from hwdoctor.launch import LOOPBACK_ENV, SECRET_ENV, Launch
from hwdoctor.model.facts import Evidence
from hwdoctor.model.live_reports import DistributedReport
from hwdoctor.model.reports import DetectReport
from hwdoctor.model.runs import AUTOLOAD_STEP_PREFIX, IMPORT_TORCH, RunOutcome, Torchrun


def detect(
    launch: Launch,
    python: str,
    timeout_s: float,
    *,
    require: Sequence[Any] = (),
    strict: bool = False,
    started: Started | None = None,
    save_to: str | None = None,
    bandwidth: bool = False,
) -> DistributedReport | None:
    """This rank's part of a distributed detect; the combined report on rank 0, else None.
    With `save_to`, every rank writes its evidence there first (`{host}`, `{rank}`); with
    `bandwidth`, the ranks also time all_reduce and all_gather at BANDWIDTH_SIZES and
    every pair of ranks, and each tells rank 0 what its device is linked by."""
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
        evidence = examine(python, timeout_s, started=started, extra_dists=dists(require),
                           save_to=save_to, rank=launch.rank)  # fmt: skip
        report = diagnosis.detect(evidence, require=require, strict=strict)
        summary = rank_summary(launch, evidence, report)
        if bandwidth:
            summary.update(_links(launch, evidence, summary["device"]))
    except BaseException:
        payload.abandon()
        raise
    if any(
        f.step == IMPORT_TORCH or f.step.startswith(AUTOLOAD_STEP_PREFIX) for f in report.failures
    ):
        # import torch itself hangs or fails here: this rank cannot join; rank 0 names it.
        payload.abandon()
        if launch.rank != 0:
            return None
        problem = "import torch fails on rank 0: see its own findings"
        return ranks.combine(launch.world_size, report, None, problem, timeout_s)
    # On standard input, never in the payload's command line (which any local user reads):
    # the secret, and the prefix made from it.
    go: dict[str, Any] = {
        "report": summary,
        "backend": summary["backend"],
        "device": summary["device"],
        **store_settings(launch),
    }
    if bandwidth:
        go["bandwidth"] = {
            "sizes": list(BANDWIDTH_SIZES),
            "pair_size": PAIR_SIZE,
            "pairs_up_to": PAIRS_UP_TO,
        }
    payload.go(json.dumps(go))
    # Each wait inside the payload (for the reports, for the results) is bounded by
    # timeout_s; a step making no progress for longer than that is hung.
    run = payload.finish(timeout_s + 5)
    if launch.rank != 0:
        return None
    gathered = rank_reports.read(launch.world_size, run.facts.get("ranks"))
    return ranks.combine(launch.world_size, report, gathered, _problem(run), timeout_s)


def store_settings(launch: Launch) -> dict[str, Any]:
    """Where in the job's store hwdoctor's ranks meet, and how they sign what they leave:
    with a secret, under `hwdoctor/<digest of the secret>/` (TCPStore's list_keys() shows
    every client every key, so the prefix must not be the secret itself); without one,
    under the launcher's run id, as before. `loopback`: every rank is on this machine
    (--nproc), so rank 0 keeps the store on 127.0.0.1."""
    if launch.secret:
        digest = hashlib.sha256(b"hwdoctor store prefix\0" + launch.secret.encode()).hexdigest()
        prefix = f"hwdoctor/{digest[:32]}/"
    else:
        prefix = f"hwdoctor/{launch.run_id}/"
    return {"prefix": prefix, "secret": launch.secret or "", "loopback": launch.loopback}


# --bandwidth's plan: nccl-tests-like sizes small enough for a CPU's gloo to finish in
# seconds; pairs (each pair of ranks in turn, a round per partner) only for up to 8 ranks,
# a node's worth, since the rounds grow with the ranks.
BANDWIDTH_SIZES: Final = (1 << 20, 8 << 20, 64 << 20)
PAIR_SIZE: Final = 8 << 20
PAIRS_UP_TO: Final = 8


def _links(launch: Launch, evidence: Evidence, device: str) -> dict[str, Any]:
    """What this rank's device is linked by (its PCIe link; on a node's local rank 0 also
    nvidia-smi's matrix), and its compute capability for NVLink's generation."""
    device_type, _, index = device.partition(":")
    wanted = int(index) if index.isascii() and index.isdigit() else 0
    facts = evidence.backends or {}
    found = next(
        (
            d
            for row in registry.for_device(device_type)
            if row.key in facts
            for d in facts[row.key].devices
            if d.index == wanted
        ),
        None,
    )
    bus_id = found.pci_bus_id if found else None
    return {
        "links": rank_links(bus_id, with_topology=launch.local_rank == 0 and bus_id is not None),
        "capability": found.capability if found else None,
    }


def rank_summary(launch: Launch, evidence: Evidence, report: DetectReport) -> dict[str, Any]:
    """What this rank tells rank 0: where it would train, with what, and its versions."""
    # Where this rank would train by hwdoctor's newest tables (its versions are reported
    # beside it, and `explain` on that machine observes a version outside the tables).
    state = rules.accelerate_state(rules.as_newest(rules.inputs(evidence)))
    device = state.device
    device_type = device.split(":", 1)[0]
    on_host = any(b.query.kind is registry.QueryKind.CPU for b in registry.for_device(device_type))
    backend = state.backend or (registry.collective(device_type) if on_host else None)
    host = evidence.host
    index = int(device.split(":", 1)[1]) if ":" in device else 0
    name = next(
        (
            d.name
            for b in report.backends
            if b.device == device_type and b.available
            for d in b.devices
            if d.index == index
        ),
        host.cpu_name if host and on_host else None,
    )
    extensions = {
        backend_row.package: backend_row.version
        for backend_row in report.backends
        if backend_row.installed and backend_row.version and registry.BY_KEY[backend_row.key].module
    }
    return {
        "host": (host.hostname if host else "") or platform.node(),
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
            name: env[name]
            for backend_row in registry.BACKENDS
            for name in backend_row.visibility_env
            if name in (env := evidence.env or {})
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


def run_locally(nproc: int, args: Sequence[str], python: str, timeout_s: float) -> Torchrun:
    """`detect --nproc N`: torchrun from the target interpreter, one hwdoctor per rank.
    Nothing is written here: render/torchrun.py does, once the command line's status line
    is gone."""
    # torchrun keeps per-rank logs in a new temporary directory unless told where: give it
    # one of hwdoctor's, removed afterwards.
    with tempfile.TemporaryDirectory(
        prefix="hwdoctor-torchrun-", ignore_cleanup_errors=True
    ) as log_dir:
        return _run_torchrun(nproc, args, python, timeout_s, log_dir)


def outcome(ran: Torchrun) -> int:
    """The exit code of `detect --nproc`: rank 0's, when a report came out; none coming out
    is a problem of its own (render/torchrun.py has shown torchrun's output by then)."""
    if not ran.reported:
        raise ProblemError(
            f"torchrun with {ran.nproc} ranks produced no report (exit {ran.returncode})",
            hint="its output is above; is torch installed in the target interpreter?",
        )
    return ran.returncode


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
                processes.kill_group(process, close_pipes=True)
                return None


def _run_torchrun(
    nproc: int, args: Sequence[str], python: str, timeout_s: float, log_dir: str
) -> Torchrun:
    argv = [
        python, "-m", "torch.distributed.run", "--standalone", f"--nproc_per_node={nproc}",
        f"--log_dir={log_dir}", "--no-python", sys.executable, "-m", "hwdoctor", *args,
        "--python", python,
    ]  # fmt: skip
    # torch 2.13 lets no option of torchrun bind its store to loopback: `--master-addr` "only
    # used for static rendezvous" (torch/distributed/run.py); under --standalone the agent's
    # store is TCPStore(host_name=--local-addr or socket.getfqdn())
    # (elastic/rendezvous/dynamic_rendezvous.py, _create_tcp_store_server; api.py,
    # RendezvousStoreInfo.build), and a TCPStore listens on `::` whatever its host_name
    # (tests/test_rank_store.py). So the ranks only find rank 0's own store through it, one
    # bound to 127.0.0.1 (master_listen_fd), and sign what they leave with a fresh secret,
    # given in their environment (launch.py), never on a command line.
    env = {
        **os.environ,
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1"),
        SECRET_ENV: secrets.token_hex(16),
        LOOPBACK_ENV: "1",
    }
    limit = 3 * timeout_s + 120
    process = None
    try:
        with interrupts.held():  # torchrun runs in a session of its own: record it first
            try:
                process = subprocess.Popen(
                    argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    **processes.own_session(),
                )  # fmt: skip
            except OSError as exc:
                raise ProblemError(f"could not start torchrun with {python}: {exc}") from exc
        output = _communicate(process, limit)
        if output is None:
            raise ProblemError(f"torchrun with {nproc} ranks did not finish within {limit:g} s")
        out, err = output
    finally:
        if process is not None and process.poll() is None:
            processes.kill_group(process, close_pipes=True)
    return Torchrun(
        nproc, process.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    )
