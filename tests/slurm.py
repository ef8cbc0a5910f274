"""A real one-node Slurm cluster for the tests: munged, slurmctld and slurmd from Debian's
`munge` and `slurm-wlm` packages, each started here in the foreground with a state
directory, a munge socket and ports of its own, so it touches no system configuration and
ends with the test session. Where the packages or root are missing, the tests that need
it are skipped with that reason (`.ci/run` installs the packages)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd", "srun", "sbatch", "sinfo")
# How long the cluster may take to start, and a job to run, on a busy 2-core machine.
START_S = 90.0


@dataclass(frozen=True)
class Cluster:
    directory: Path
    env: dict[str, str]  # SLURM_CONF and the rest of the test's environment
    node: str

    def run(self, *argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            argv, env=self.env, cwd=self.directory, capture_output=True, text=True,
            timeout=timeout, check=False,
        )  # fmt: skip


def missing() -> str | None:
    """Why this machine cannot run the cluster, or None."""
    absent = [name for name in DAEMONS if shutil.which(name) is None]
    if absent:
        return (f"{', '.join(absent)} not installed: apt-get install slurm-wlm munge "
                "(.ci/run installs them)")  # fmt: skip
    if os.geteuid() != 0:
        return "slurmd runs jobs as their users: the test cluster needs root"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def config(directory: Path, node: str, munge_socket: Path) -> str:
    return "\n".join([
        "ClusterName=hwdoctor-tests", f"SlurmctldHost={node}",
        "AuthType=auth/munge", f"AuthInfo=socket={munge_socket}", "CredType=cred/munge",
        "SlurmUser=root", "SlurmdUser=root",
        f"SlurmctldPort={free_port()}", f"SlurmdPort={free_port()}",
        f"StateSaveLocation={directory / 'state'}", f"SlurmdSpoolDir={directory / 'spool'}",
        f"SlurmctldPidFile={directory / 'slurmctld.pid'}",
        f"SlurmdPidFile={directory / 'slurmd.pid'}",
        f"SlurmctldLogFile={directory / 'slurmctld.log'}",
        f"SlurmdLogFile={directory / 'slurmd.log'}",
        f"PlugStackConfig={directory / 'plugstack.conf'}",
        # No cgroups in a container: processes are tracked by their parents.
        "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none",
        "SchedulerType=sched/builtin", "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_CPU", "ReturnToService=2", "MpiDefault=none",
        "JobCompType=jobcomp/none", "AccountingStorageType=accounting_storage/none",
        "JobAcctGatherType=jobacct_gather/none",
        f"NodeName={node} CPUs=2 State=UNKNOWN",
        f"PartitionName=debug Nodes={node} Default=YES MaxTime=INFINITE State=UP "
        "OverSubscribe=YES",
        "",
    ])  # fmt: skip


@contextlib.contextmanager
def cluster(directory: Path, env: dict[str, str]) -> Iterator[Cluster]:
    """munged, slurmctld and slurmd running on this machine, one node of 2 CPUs."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    for name in ("munge", "state", "spool"):
        (directory / name).mkdir(mode=0o700, exist_ok=True)
    key = directory / "munge" / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    munge_socket = directory / "munge" / "munge.socket"
    (directory / "plugstack.conf").write_text("", encoding="utf-8")
    node = socket.gethostname().split(".", 1)[0]
    (directory / "slurm.conf").write_text(config(directory, node, munge_socket), encoding="utf-8")
    env = {**env, "SLURM_CONF": str(directory / "slurm.conf")}
    started: list[subprocess.Popen[bytes]] = []
    logs = directory / "daemons.log"
    try:
        with logs.open("ab") as log:
            started.append(subprocess.Popen(
                ["munged", "--foreground", "--force", f"--key-file={key}",
                 f"--socket={munge_socket}", f"--pid-file={directory / 'munge' / 'pid'}",
                 f"--log-file={directory / 'munge' / 'log'}",
                 f"--seed-file={directory / 'munge' / 'seed'}"],
                env=env, stdout=log, stderr=log,
            ))  # fmt: skip
            _wait(lambda: munge_socket.exists(), "munged", directory)
            started.append(subprocess.Popen(["slurmctld", "-D", "-i"], env=env, stdout=log,
                                            stderr=log))  # fmt: skip
            started.append(subprocess.Popen(["slurmd", "-D"], env=env, stdout=log, stderr=log))
        the_cluster = Cluster(directory, env, node)
        _wait(lambda: "idle" in the_cluster.run("sinfo", "-h", "-o", "%t", timeout=30).stdout,
              "slurmctld and slurmd", directory)  # fmt: skip
        yield the_cluster
    finally:
        for process in reversed(started):  # only the daemons started here, by their ids
            process.terminate()
        for process in reversed(started):
            _reap(process)


def _reap(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait(ready: object, what: str, directory: Path) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if ready():  # type: ignore[operator]
            return
        time.sleep(0.5)
    logs = "\n".join(
        path.read_text(errors="replace")[-2000:]
        for path in sorted(directory.glob("*.log"))
    )  # fmt: skip
    raise RuntimeError(f"{what} did not come up within {START_S:g} s:\n{logs}")
