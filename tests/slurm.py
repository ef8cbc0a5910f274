"""A real one-node Slurm cluster for the tests: munged, slurmctld and slurmd from Debian's
`munge` and `slurm-wlm` packages, each started here in the foreground with a state
directory, a munge socket and ports of its own, so it touches no system configuration and
ends with the test session. Where the packages or root are missing, the tests that need
it are skipped with that reason (`.ci/run` installs the packages).

The node has gres GPUs as a GPU node has them: `GresTypes=gpu`, `Gres=gpu:8` and a gres.conf
whose `Name=gpu File=` lines name character devices made here with NVIDIA's major number, so
slurmd hands a job's Prolog the job's share (CUDA_VISIBLE_DEVICES, SLURM_JOB_GPUS) exactly
as it does on a real node. Jobs are submitted by an ordinary user made for the session.

slurmd runs in a mount namespace of its own (`unshare --mount`) in which the cluster's
directories are laid over `/etc/default` and `/etc/slurm`: the shipped preflight script is
`/etc/slurm/hwdoctor-preflight.sh` and its configuration `/etc/default/hwdoctor`, the
paths deploy/slurm/slurm.conf and the script name, and nothing of the test's own
environment reaches a Prolog except through that file, as on a real node.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import socket
import stat
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd", "srun", "sbatch", "sinfo", "scontrol", "scancel")
TOOLS = ("unshare", "mount", "setpriv", "useradd", "userdel")
# How long the cluster may take to start, and a job or a node state to arrive, on a busy
# 2-core machine: a guard against a hang, never a verdict.
START_S = 90.0
SETTLE_S = 600.0
GPUS = 8
# /dev/nvidiaN are character devices of major 195, minor N (the kernel's device list,
# Documentation/admin-guide/devices.txt: "195 char Nvidia graphics devices").
NVIDIA_MAJOR = 195
SCRIPT = Path(__file__).resolve().parent.parent / "deploy" / "slurm" / "hwdoctor-preflight.sh"
SHIPPED_CONF = SCRIPT.parent / "slurm.conf"
# Where the shipped files live on a node (deploy/slurm/slurm.conf, the script's CONFIG).
INSTALLED_SCRIPT = "/etc/slurm/hwdoctor-preflight.sh"
INSTALLED_CONFIG = "/etc/default/hwdoctor"


@dataclass(frozen=True)
class Node:
    """`scontrol show node` as the tests read it."""

    state: str  # e.g. "IDLE", "IDLE+DRAIN", "MIXED"
    reason: str  # without Slurm's "[user@time]" suffix; "" when there is none
    text: str  # the whole output, for assertion messages

    @property
    def drained(self) -> bool:
        return "DRAIN" in self.state


FINISHED = frozenset(
    {
        "COMPLETED",
        "FAILED",
        "CANCELLED",
        "TIMEOUT",
        "NODE_FAIL",
        "BOOT_FAIL",
        "OUT_OF_MEMORY",
        "DEADLINE",
        "PREEMPTED",
    }
)


@dataclass(frozen=True)
class Job:
    """`scontrol show job` as the tests read it."""

    state: str  # JobState, e.g. "COMPLETED", "PENDING"
    reason: str  # e.g. "launch_failed_requeued_held" after a failed Prolog
    text: str

    @property
    def held(self) -> bool:
        """Requeued and held, as Slurm does with a job whose Prolog failed."""
        return self.state == "PENDING" and "held" in self.reason.lower()

    @property
    def settled(self) -> bool:
        return self.state in FINISHED or self.held


@dataclass(frozen=True)
class Cluster:
    directory: Path
    env: dict[str, str]  # SLURM_CONF and the rest of the test's environment
    node: str
    user: str  # an ordinary user that submits the jobs
    etc_default: Path  # /etc/default in slurmd's mount namespace

    def run(self, *argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            argv,
            env=self.env,
            cwd=self.directory,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def as_user(
        self, *argv: str, timeout: float = 600, input_text: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        """`argv` run by the cluster's ordinary user, as a user submits a job."""
        home = self.directory / "home"
        env = {
            "SLURM_CONF": self.env["SLURM_CONF"],
            "PATH": "/usr/bin:/bin",
            "HOME": str(home),
            "LANG": "C.UTF-8",
        }
        return subprocess.run(
            [
                "setpriv",
                f"--reuid={self.user}",
                f"--regid={self.user}",
                "--init-groups",
                "--",
                *argv,
            ],
            env=env,
            cwd=home,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            input=input_text,
        )

    def configure(self, text: str, *, mode: int = 0o644, owner: int = 0) -> Path:
        """Write /etc/default/hwdoctor as slurmd's Prolog will read it (whole, in one rename)."""
        target = self.etc_default / "hwdoctor"
        temporary = self.etc_default / ".hwdoctor.new"
        temporary.write_text(text, encoding="utf-8")
        os.chown(temporary, owner, owner and _gid(self.user))
        temporary.chmod(mode)
        temporary.replace(target)
        return target

    def show_node(self) -> Node:
        text = self.run("scontrol", "show", "node", self.node, timeout=60).stdout
        state = re.search(r"\bState=(\S+)", text)
        reason = re.search(r"^\s*Reason=(.*?)(?: \[[^\]]*\])?\s*$", text, re.MULTILINE)
        return Node(state.group(1) if state else "", reason.group(1) if reason else "", text)

    def job_state(self, job: str) -> str:
        shown = self.run("scontrol", "show", "job", job, timeout=60).stdout
        found = re.search(r"\bJobState=(\S+)", shown)
        return found.group(1) if found else ""

    def submit(self, *options: str, command: str = "true") -> str:
        """`sbatch OPTIONS --wrap COMMAND` by the ordinary user; the job's id. Its output is
        home/job-<id>.out."""
        ran = self.as_user(
            "sbatch",
            "--parsable",
            f"--output={self.directory}/home/job-%j.out",
            *options,
            "--wrap",
            command,
        )
        if ran.returncode != 0:
            raise AssertionError(f"sbatch failed: {ran.stderr}")
        return ran.stdout.strip().split(";", 1)[0]

    def show_job(self, job: str) -> Job:
        text = self.run("scontrol", "show", "job", job, timeout=60).stdout
        state = re.search(r"\bJobState=(\S+)", text)
        reason = re.search(r"\bReason=(\S+)", text)
        return Job(state.group(1) if state else "", reason.group(1) if reason else "", text)

    def settled(self, job: str) -> Job:
        """The job once it ran to its end, or was requeued and held (a failed Prolog)."""
        until(lambda: self.show_job(job).settled, f"end of job {job}", self)
        return self.show_job(job)

    def output(self, job: str) -> str:
        path = self.directory / "home" / f"job-{job}.out"
        return path.read_text(errors="replace") if path.exists() else ""

    def cancel(self, job: str) -> None:
        self.run("scancel", job, timeout=60)

    def resume(self) -> None:
        """Put the node back in service (a drained node, after a test that drained it)."""
        if self.show_node().drained:
            self.run("scontrol", "update", f"NodeName={self.node}", "State=RESUME", timeout=60)
        until(lambda: not self.show_node().drained, "the node to resume", self)

    def log(self) -> str:
        return "\n".join(
            f"--- {path.name}\n" + path.read_text(errors="replace")[-4000:]
            for path in sorted(self.directory.glob("*.log"))
        )


def missing() -> str | None:
    """Why this machine cannot run the cluster, or None."""
    absent = [name for name in (*DAEMONS, *TOOLS) if shutil.which(name) is None]
    if absent:
        return (
            f"{', '.join(absent)} not installed: apt-get install slurm-wlm munge "
            "(.ci/run installs them)"
        )
    if os.geteuid() != 0:
        return "slurmd runs jobs as their users: the test cluster needs root"
    if not (Path("/etc/slurm").is_dir() and Path("/etc/default").is_dir()):
        return "/etc/slurm and /etc/default are where slurmd's namespace lays the test files"
    probe = subprocess.run(["unshare", "--mount", "--", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        return "unshare --mount is refused here: slurmd needs a mount namespace of its own"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def shipped_settings() -> dict[str, str]:
    """The slurm.conf lines deploy/slurm/slurm.conf ships, key -> value."""
    return dict(
        line.split("=", 1)
        for line in SHIPPED_CONF.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    )


def config(directory: Path, node: str, munge_socket: Path, preflight: Sequence[str]) -> str:
    return "\n".join(
        [
            "ClusterName=hwdoctor-tests",
            f"SlurmctldHost={node}",
            "AuthType=auth/munge",
            f"AuthInfo=socket={munge_socket}",
            "CredType=cred/munge",
            "SlurmUser=root",
            "SlurmdUser=root",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            f"StateSaveLocation={directory / 'state'}",
            f"SlurmdSpoolDir={directory / 'spool'}",
            f"SlurmctldPidFile={directory / 'slurmctld.pid'}",
            f"SlurmdPidFile={directory / 'slurmd.pid'}",
            f"SlurmctldLogFile={directory / 'slurmctld.log'}",
            f"SlurmdLogFile={directory / 'slurmd.log'}",
            "SlurmdDebug=debug",
            f"PlugStackConfig={directory / 'plugstack.conf'}",
            # No cgroups in a container: processes are tracked by their parents.
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SchedulerType=sched/builtin",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "ReturnToService=2",
            "MpiDefault=none",
            "JobCompType=jobcomp/none",
            "AccountingStorageType=accounting_storage/none",
            "JobAcctGatherType=jobacct_gather/none",
            "GresTypes=gpu",
            *preflight,
            f"NodeName={node} CPUs=2 Gres=gpu:{GPUS} State=UNKNOWN",
            f"PartitionName=debug Nodes={node} Default=YES MaxTime=INFINITE State=UP "
            "OverSubscribe=YES",
            "",
        ]
    )


def gres(directory: Path) -> str:
    """deploy/slurm/gres.conf's line for NVIDIA GPUs, its /dev/nvidia0..7 made in
    `directory`/dev: character devices of NVIDIA's major number."""
    devices = directory / "dev"
    devices.mkdir(mode=0o755, exist_ok=True)
    for index in range(GPUS):
        path = devices / f"nvidia{index}"
        if not path.exists():
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(NVIDIA_MAJOR, index))
        path.chmod(0o666)
    shipped = [
        line
        for line in (SCRIPT.parent / "gres.conf").read_text(encoding="utf-8").splitlines()
        if line.startswith("Name=gpu File=/dev/nvidia")
    ]
    return shipped[0].replace("=/dev/", f"={devices}/") + "\n"


@contextlib.contextmanager
def user() -> Iterator[str]:
    """An ordinary user of this machine for the session (removed after it)."""
    name = "hwdt" + secrets.token_hex(4)
    subprocess.run(
        [
            "useradd",
            "--system",
            "--user-group",
            "--no-create-home",
            "--shell",
            "/usr/sbin/nologin",
            name,
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    try:
        yield name
    finally:
        subprocess.run(["userdel", name], check=False, capture_output=True, timeout=60)


def _gid(name: str) -> int:
    import grp

    return grp.getgrnam(name).gr_gid


@contextlib.contextmanager
def cluster(
    directory: Path,
    env: dict[str, str],
    *,
    prolog: bool = True,
    health_check_interval: int | None = None,
    slurmd_env: Mapping[str, str] | None = None,
    configuration: str = "",
) -> Iterator[Cluster]:
    """munged, slurmctld and slurmd running on this machine: one node of 2 CPUs and 8 gres
    GPUs. With `prolog`, the shipped preflight runs as the Prolog (deploy/slurm/slurm.conf's
    lines); with `health_check_interval`, as the HealthCheckProgram every so many seconds.
    `slurmd_env` is added to slurmd's own environment; `configuration` is the first
    /etc/default/hwdoctor. `directory` must be one that every user can traverse (jobs read
    slurm.conf)."""
    directory.mkdir(mode=0o755, parents=True, exist_ok=True)
    directory.chmod(0o755)
    for name in ("state", "spool", "keys"):
        (directory / name).mkdir(mode=0o700, exist_ok=True)
    for name in ("munge", "etc-default", "etc-slurm"):
        (directory / name).mkdir(mode=0o755, exist_ok=True)
    key = directory / "keys" / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    munge_socket = directory / "munge" / "munge.socket"
    (directory / "plugstack.conf").write_text("", encoding="utf-8")
    etc_slurm = directory / "etc-slurm"  # /etc/slurm in slurmd's namespace
    (etc_slurm / "hwdoctor-preflight.sh").touch()  # the bind mount's target
    node = socket.gethostname().split(".", 1)[0]
    shipped = shipped_settings()
    preflight = []
    if prolog:
        preflight += [
            f"Prolog={shipped['Prolog']}",
            f"PrologEpilogTimeout={shipped['PrologEpilogTimeout']}",
        ]
    if health_check_interval is not None:
        preflight += [
            f"HealthCheckProgram={shipped['HealthCheckProgram']}",
            f"HealthCheckInterval={health_check_interval}",
            f"HealthCheckNodeState={shipped['HealthCheckNodeState']}",
        ]
    # slurm.conf and gres.conf in /etc/slurm, where scontrol looks when a HealthCheckProgram
    # runs it (slurmd gives that no SLURM_CONF).
    (etc_slurm / "slurm.conf").write_text(
        config(directory, node, munge_socket, preflight), encoding="utf-8"
    )
    (etc_slurm / "gres.conf").write_text(gres(directory), encoding="utf-8")
    env = {**env, "SLURM_CONF": str(etc_slurm / "slurm.conf")}
    started: list[subprocess.Popen[bytes]] = []
    logs = directory / "daemons.log"
    with contextlib.ExitStack() as stack:
        name = stack.enter_context(user())
        home = directory / "home"
        home.mkdir(mode=0o700, exist_ok=True)
        os.chown(home, _uid(name), _gid(name))
        the_cluster = Cluster(directory, env, node, name, directory / "etc-default")
        the_cluster.configure(configuration)
        try:
            with logs.open("ab") as log:
                started.append(
                    subprocess.Popen(
                        [
                            "munged",
                            "--foreground",
                            "--force",
                            f"--key-file={key}",
                            f"--socket={munge_socket}",
                            f"--pid-file={directory / 'munge' / 'pid'}",
                            f"--log-file={directory / 'munge' / 'log'}",
                            f"--seed-file={directory / 'keys' / 'seed'}",
                        ],
                        env=env,
                        stdout=log,
                        stderr=log,
                    )
                )
                _wait(munge_socket.exists, "munged", directory)
                started.append(
                    subprocess.Popen(["slurmctld", "-D", "-i"], env=env, stdout=log, stderr=log)
                )
                # slurmd in a mount namespace of its own: the shipped script and its
                # configuration at the paths of a real node; `exec` keeps one process id.
                started.append(
                    subprocess.Popen(
                        [
                            "unshare",
                            "--mount",
                            "--propagation",
                            "private",
                            "--",
                            "sh",
                            "-c",
                            'mount --bind "$1" /etc/default && mount --bind "$2" /etc/slurm && '
                            'mount --bind "$3" "$4" && exec slurmd -D',
                            "sh",
                            str(directory / "etc-default"),
                            str(etc_slurm),
                            str(SCRIPT),
                            INSTALLED_SCRIPT,
                        ],
                        env={**env, **(slurmd_env or {})},
                        stdout=log,
                        stderr=log,
                    )
                )
            _wait(
                lambda: _registered(the_cluster.show_node().state),
                "slurmctld and slurmd",
                directory,
            )
            yield the_cluster
        finally:
            for process in reversed(started):  # only the daemons started here, by their ids
                process.terminate()
            for process in reversed(started):
                _reap(process)


def _registered(state: str) -> bool:
    """slurmd has registered: the node is neither UNKNOWN nor marked not responding (*)."""
    return bool(state) and not state.startswith("UNKNOWN") and "*" not in state


def _uid(name: str) -> int:
    import pwd

    return pwd.getpwnam(name).pw_uid


def until(ready: Callable[[], bool], what: str, the_cluster: Cluster) -> None:
    """Poll until `ready()`; SETTLE_S is a guard against a hang, not a verdict."""
    deadline = time.monotonic() + SETTLE_S
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {SETTLE_S:g} s\n{the_cluster.log()}")
        time.sleep(0.5)


def _reap(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait(ready: Callable[[], bool], what: str, directory: Path) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.5)
    logs = "\n".join(
        path.read_text(errors="replace")[-2000:] for path in sorted(directory.glob("*.log"))
    )
    raise RuntimeError(f"{what} did not come up within {START_S:g} s:\n{logs}")
