"""`--save-evidence` where others may write (issue 39), run as a root Slurm Prolog runs it.

The Prolog writes each node's evidence, as root, into a directory every node (and maybe
every user) can write. hwdoctor used to write `.{name}.{pid}.tmp` there with a plain open()
and rename it over the target: a user who planted a symbolic link at the next PIDs' names
had root write the evidence into a root-owned file (a shell start-up file, with the job's
`SLURM_JOB_COMMENT` in it: the submitter's `$(…)`), a FIFO there hung the Prolog, and a
directory at `{host}.json` failed the preflight (exit 2: the node drained).

Here `hwdoctor detect --save-evidence DIR/{host}.json` runs for real, as root, in a
directory where those things are planted before it starts, at the old temporary names and at
the final one. It runs in a PID namespace of its own (`unshare --pid`), where it is PID 1, so
the old code's temporary name was certain: `.{name}.1.tmp`. Nothing may be written outside
the target, no run may hang (each is waited on to its end; the guard is a backstop, never a
verdict), the exit code is detect's verdict whether or not the file was saved, the free text
of the job stays out of the file, and the file is 0600. A last test swaps a link in at the
target between hwdoctor's last check and its rename: the rename replaces the link.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from hwdoctor import files, redact
from tests.conftest import ROOT, Result, base_env, run_hwdoctor

# A backstop against a run that hangs (a FIFO opened for writing waits for a reader for
# ever): the tests wait for each run to end; none is judged by how long it took.
HANG_GUARD_S: Final = 900
NOBODY: Final = 65534
needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="the Prolog's case: root (and unshare) writing where users write",
)
# The recorded Slurm job environment of tests/data/fleet (a real sbatch task's SLURM_*).
RECORDED_JOB = ROOT / "tests" / "data" / "fleet" / "vm-0.json"


@dataclass(frozen=True)
class Job:
    """A job's environment as the submitter shapes it, and where an injection would land."""

    env: dict[str, str]
    pwned: Path  # the file the submitter's `$(…)` would create, if anything ran it


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> Job:
    pwned = tmp_path_factory.mktemp("job") / "pwned"
    recorded = json.loads(RECORDED_JOB.read_text(encoding="utf-8"))["env"]
    slurm = {name: value for name, value in recorded.items() if name.startswith("SLURM_")}
    # Not a distributed run: one task (srun would set these to its own place).
    for name in ("SLURM_PROCID", "SLURM_LOCALID", "SLURM_NODEID", "SLURM_GTIDS"):
        slurm.pop(name, None)
    free_text = {
        "SLURM_JOB_COMMENT": f"$(touch {pwned})",
        "SLURM_JOB_NAME": f"`touch {pwned}`",
        "SLURM_JOB_ACCOUNT": f"acct;touch {pwned}",
        "SLURM_JOB_CONSTRAINTS": f"a100&$(touch {pwned})",
        "SLURM_JOB_WORK_DIR": f"/home/x/$(touch {pwned})",
        "SLURM_JOB_STDOUT": f"/home/x/out-$(touch {pwned}).log",
        "SLURM_SUBMIT_DIR": f"/home/x/$(touch {pwned})",
    }
    return Job({**base_env(), **slurm, **free_text}, pwned)


@pytest.fixture(scope="module")
def verdicts(job: Job) -> dict[tuple[str, ...], int]:
    """detect's own verdict here, without --save-evidence: a healthy CPU machine (0) and one
    that does not meet `--require cuda` (1)."""
    found = {
        args: run_hwdoctor("detect", *args, env=job.env, timeout=HANG_GUARD_S).returncode
        for args in ((), ("--require", "cuda"))
    }
    assert sorted(found.values()) == [0, 1], found
    return found


def detect_as_pid_1(*args: str, env: dict[str, str]) -> Result:
    """`hwdoctor detect ARGS` as PID 1 of a new PID namespace: the old temporary name's
    `{pid}` is then 1, where the plants wait for it."""
    command = [
        "unshare",
        "--pid",
        "--fork",
        "--mount-proc",
        sys.executable,
        "-m",
        "hwdoctor",
        "detect",
        *args,
    ]
    completed = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=HANG_GUARD_S,
        check=False,
    )
    return Result(tuple(args), completed.returncode, completed.stdout, completed.stderr, 0.0)


@dataclass
class Shared:
    """A directory every user may write (mode 1777, as /tmp), a root-owned file outside it
    that a planted link points at, and what was planted, to check it afterwards."""

    directory: Path
    victim: Path
    name: str  # the file `{host}.json` names on this machine
    fifos: list[int]  # read ends held open: a write into a planted FIFO would land there

    @property
    def target(self) -> Path:
        return self.directory / self.name

    def plant(self, path: Path, kind: str) -> None:
        if kind == "symlink":
            path.symlink_to(self.victim)
        elif kind == "dangling":  # a link to a file that does not exist yet, in root's place
            path.symlink_to(self.victim.parent / "created-by-root")
        elif kind == "fifo":
            os.mkfifo(path)
            self.fifos.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        elif kind == "directory":
            path.mkdir()
        else:
            raise AssertionError(kind)

    def snapshot(self) -> dict[str, tuple[int, int, str]]:
        """Every entry of the directory and the victim's: inode, mode, link or content."""
        entries = {
            entry.name: (
                entry.inode(),
                entry.stat(follow_symlinks=False).st_mode,
                os.readlink(entry.path) if entry.is_symlink() else "",
            )
            for entry in os.scandir(self.directory)
        }
        info = self.victim.stat()
        entries["<victim>"] = (info.st_ino, info.st_mode, self.victim.read_text())
        return entries

    def nothing_written_outside(self, before: dict[str, tuple[int, int, str]]) -> None:
        after = self.snapshot()
        assert after["<victim>"] == before["<victim>"], "the root-owned file was written"
        assert not (self.victim.parent / "created-by-root").exists()
        for name, seen in before.items():
            assert after.get(name) == seen, f"{name} changed"
        for descriptor in self.fifos:
            assert os.read(descriptor, 1 << 16) == b"", "a planted FIFO was written"


@pytest.fixture
def shared(tmp_path: Path) -> Iterator[Shared]:
    directory = tmp_path / "shared"
    directory.mkdir()
    directory.chmod(0o1777)
    root_only = tmp_path / "root"
    root_only.mkdir(mode=0o700)
    victim = root_only / ".bashrc"
    victim.write_text("# root's shell start-up file\n")
    planted = Shared(directory, victim, f"{files.name_part(platform.node())}.json", [])
    yield planted
    for descriptor in planted.fifos:
        os.close(descriptor)


def plant_old_temporary_names(shared: Shared) -> None:
    """At `.{name}.{pid}.tmp` for the first PIDs of the namespace: a link to root's file at
    PID 1 (hwdoctor's), then a FIFO, a directory, a link, in turn."""
    kinds = ("symlink", "fifo", "directory", "dangling")
    for pid in range(1, 17):
        shared.plant(shared.directory / f".{shared.name}.{pid}.tmp", kinds[(pid - 1) % 4])


def evidence_text(path: Path) -> str:
    info = path.lstat()
    assert stat.S_ISREG(info.st_mode)
    assert stat.S_IMODE(info.st_mode) == 0o600, oct(info.st_mode)
    assert info.st_uid == os.geteuid()
    return path.read_text(encoding="utf-8")


@needs_root
def test_plants_at_the_temporary_names_are_never_opened(
    shared: Shared, job: Job, verdicts: dict[tuple[str, ...], int]
) -> None:
    """The file is written at the target, 0600, through none of the planted names; the
    job's free text is not in it, its identifiers are."""
    plant_old_temporary_names(shared)
    before = shared.snapshot()
    result = detect_as_pid_1("--save-evidence", str(shared.directory / "{host}.json"), env=job.env)
    assert result.returncode == verdicts[()], result
    assert "Traceback" not in result.stderr
    assert f"hwdoctor: evidence written to {shared.target} (secrets masked)" in result.stderr
    shared.nothing_written_outside(before)
    new = sorted(set(os.listdir(shared.directory)) - set(before))
    assert new == [shared.name], new  # and no temporary file left behind
    text = evidence_text(shared.target)
    document = json.loads(text)
    for name in (
        "SLURM_JOB_COMMENT",
        "SLURM_JOB_NAME",
        "SLURM_JOB_ACCOUNT",
        "SLURM_JOB_CONSTRAINTS",
        "SLURM_JOB_WORK_DIR",
        "SLURM_JOB_STDOUT",
        "SLURM_SUBMIT_DIR",
    ):
        assert name not in document["env"], name
    assert "touch" not in text and str(job.pwned) not in text
    assert document["env"]["SLURM_JOB_ID"] == job.env["SLURM_JOB_ID"]
    assert document["env"]["SLURM_JOB_NODELIST"] == job.env["SLURM_JOB_NODELIST"]
    assert not job.pwned.exists()


@needs_root
@pytest.mark.parametrize(
    ("kind", "args"),
    [
        ("symlink", ()),
        ("dangling", ("--require", "cuda")),
        ("fifo", ()),
        ("fifo", ("--require", "cuda")),
        ("directory", ()),
        ("directory", ("--require", "cuda")),
    ],
)
def test_a_plant_at_the_target_is_a_warning_and_the_verdict_stands(
    shared: Shared,
    job: Job,
    verdicts: dict[tuple[str, ...], int],
    kind: str,
    args: tuple[str, ...],
) -> None:
    """A link, a FIFO or a directory at `{host}.json` is left as it was and nothing is
    written; the run ends with detect's own exit code (0 or 1, never 2 or 3) and one
    warning line: which path, why, what to do."""
    plant_old_temporary_names(shared)
    shared.plant(shared.target, kind)
    before = shared.snapshot()
    result = detect_as_pid_1(
        *args, "--save-evidence", str(shared.directory / "{host}.json"), env=job.env
    )
    assert result.returncode == verdicts[args], result
    assert result.stdout.strip(), result  # the report is printed as ever
    warnings = [line for line in result.stderr.splitlines() if "evidence" in line]
    assert len(warnings) == 1, result.stderr
    what = {
        "symlink": "a symbolic link",
        "dangling": "a symbolic link",
        "fifo": "a FIFO",
        "directory": "a directory, not a file",
    }[kind]
    assert warnings[0] == (
        f"hwdoctor: warning: evidence not saved to {shared.target}: {what}"
        + ("; hwdoctor replaces regular files only" if kind != "directory" else "")
        + "; remove what stands there, or pass the path of a new file"
    ), warnings
    shared.nothing_written_outside(before)
    assert sorted(os.listdir(shared.directory)) == sorted(n for n in before if n != "<victim>")


@needs_root
def test_a_directory_anyone_may_write_without_the_sticky_bit_gets_a_warning(
    shared: Shared, job: Job, verdicts: dict[tuple[str, ...], int]
) -> None:
    """Mode 0777 without the sticky bit: anyone may rename or remove the file the moment it
    is written, or write their own under its name, so it proves nothing. Refusing would not
    stop that, only lose the real file: it is written, as safely as anywhere, and a warning
    says so; the verdict stands."""
    shared.directory.chmod(0o777)
    plant_old_temporary_names(shared)
    before = shared.snapshot()
    result = run_hwdoctor(
        "detect", "--save-evidence", str(shared.target), env=job.env, timeout=HANG_GUARD_S
    )
    assert result.returncode == verdicts[()], result
    assert result.stderr.splitlines()[-2:] == [
        f"hwdoctor: evidence written to {shared.target} (secrets masked)",
        f"hwdoctor: warning: {shared.target}: its directory may be written by anyone and is "
        "not sticky: anyone can replace or remove the file; save it in a directory only its "
        "owner can write, or a sticky one (1777)",
    ], result.stderr
    shared.nothing_written_outside(before)
    json.loads(evidence_text(shared.target))


# In hwdoctor's own process: when it is about to rename the temporary file over the target
# (after its last check), say so on one pipe and wait on another. Python raises the audit
# event "os.rename" (os.replace included) before the rename(2) it announces.
AT_THE_RENAME: Final = """
import os, runpy, sys
ready, go, name = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

def hook(event, args):
    if event == "os.rename" and args[1] == name:
        os.write(ready, b".")
        os.read(go, 1)

sys.addaudithook(hook)
sys.argv = ["hwdoctor", *sys.argv[4:]]
runpy.run_module("hwdoctor", run_name="__main__", alter_sys=True)
"""


AS_NOBODY: Final = ("setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups")
PLANT_A_LINK: Final = (
    "import os, sys; os.symlink(sys.argv[2], sys.argv[3], dir_fd=int(sys.argv[1]))"
)


@needs_root
def test_a_link_swapped_in_before_the_rename_is_replaced_not_followed(
    shared: Shared, job: Job, verdicts: dict[tuple[str, ...], int]
) -> None:
    """The race the checks cannot close: the target is absent at hwdoctor's last check,
    then an unprivileged user makes it a link to root's file. rename(2) replaces the name,
    the link itself: root's file is untouched, and the evidence stands at the target."""
    ready_read, ready_write = os.pipe()
    go_read, go_write = os.pipe()
    command = [
        sys.executable,
        "-c",
        AT_THE_RENAME,
        str(ready_write),
        str(go_read),
        shared.name,
        "detect",
        "--save-evidence",
        str(shared.target),
    ]
    with subprocess.Popen(
        command,
        env=job.env,
        cwd=ROOT,
        pass_fds=(ready_write, go_read),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as running:
        os.close(ready_write)
        os.close(go_read)
        try:
            at_rename = os.read(ready_read, 1)  # b"" if hwdoctor ended without renaming
            if at_rename:
                # The user reaches the directory by a descriptor (pytest's directories
                # above it are root's alone); what it may do there is what its mode allows.
                directory = os.open(shared.directory, os.O_RDONLY | os.O_DIRECTORY)
                try:
                    subprocess.run(
                        [
                            *AS_NOBODY,
                            sys.executable,
                            "-c",
                            PLANT_A_LINK,
                            str(directory),
                            str(shared.victim),
                            shared.name,
                        ],
                        pass_fds=(directory,),
                        check=True,
                        timeout=HANG_GUARD_S,
                    )
                finally:
                    os.close(directory)
                assert shared.target.is_symlink() and shared.target.lstat().st_uid == NOBODY
            before = shared.snapshot()
            os.write(go_write, b".")
        finally:
            os.close(go_write)
            os.close(ready_read)
        stdout, stderr = running.communicate(timeout=HANG_GUARD_S)
    assert at_rename, stderr
    assert running.returncode == verdicts[()], (stdout, stderr)
    assert f"hwdoctor: evidence written to {shared.target}" in stderr
    assert shared.snapshot()["<victim>"] == before["<victim>"]
    json.loads(evidence_text(shared.target))  # the link was replaced by the evidence
    assert os.listdir(shared.directory) == [shared.name]


# --- write_whole itself ---------------------------------------------------------------------


def test_the_file_is_0600_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        files.write_whole(tmp_path / "made" / "deeper" / "e.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "made" / "deeper" / "e.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "made").stat().st_mode) == 0o700  # a directory it made
    assert stat.S_IMODE((tmp_path / "made" / "deeper").stat().st_mode) == 0o700


def test_a_hard_link_at_the_target_is_replaced_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("kept")
    target = tmp_path / "e.json"
    os.link(victim, target)
    files.write_whole(target, "{}")
    assert victim.read_text() == "kept" and target.read_text() == "{}"


@needs_root
def test_a_link_of_another_users_on_the_way_is_not_followed(tmp_path: Path) -> None:
    """A symbolic link in the directory part is followed when root or this user owns it
    (an administrator's /scratch -> /data/scratch), never when someone else planted it."""
    real = tmp_path / "real"
    real.mkdir()
    mine = tmp_path / "mine"
    mine.symlink_to(real)
    files.write_whole(mine / "a.json", "{}")
    assert (real / "a.json").read_text() == "{}"
    planted = tmp_path / "planted"
    planted.symlink_to(real)
    os.lchown(planted, NOBODY, NOBODY)
    with pytest.raises(PermissionError, match="a symbolic link of another user's"):
        files.write_whole(planted / "b.json", "{}")
    with pytest.raises(PermissionError, match="a symbolic link of another user's"):
        files.write_whole(planted / "sub" / "c.json", "{}")
    assert sorted(os.listdir(real)) == ["a.json"]


WRITE_AS_NOBODY: Final = """
import sys
from hwdoctor import files
files.write_whole(sys.argv[1], "{}")
"""


@needs_root
def test_a_directory_the_user_may_only_pass_through_is_no_obstacle() -> None:
    """As the Slurm preflight runs hwdoctor: as `nobody`, writing by its absolute path into
    a home of its own under root's working directory in /tmp, mode 0711 (x, not r). A
    lookup by path needs only x on the way; so does the walk from descriptors."""
    import tempfile

    work = Path(tempfile.mkdtemp(prefix="hwdoctor-preflight."))  # as the script's mktemp -d
    try:
        work.chmod(0o711)
        home = work / "home"
        home.mkdir(mode=0o700)
        os.chown(home, NOBODY, NOBODY)
        target = home / "evidence.json"
        subprocess.run(
            [*AS_NOBODY, sys.executable, "-c", WRITE_AS_NOBODY, str(target)],
            cwd="/",
            env={**base_env(), "PYTHONPATH": str(ROOT)},
            check=True,
            timeout=HANG_GUARD_S,
        )
        info = target.stat()
        assert (info.st_uid, stat.S_IMODE(info.st_mode)) == (NOBODY, 0o600)
    finally:
        shutil.rmtree(work)


@pytest.mark.parametrize("kind", ["fifo", "file"])
def test_a_non_directory_on_the_way_is_refused_without_opening_it(
    tmp_path: Path, kind: str
) -> None:
    """A FIFO where a directory should be is never opened (that would wait for a writer)."""
    path = tmp_path / "not-a-directory"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("")
    with pytest.raises(NotADirectoryError, match="not-a-directory is not a directory"):
        files.write_whole(path / "e.json", "{}")


# --- the job's variables in evidence ----------------------------------------------------------


def test_a_recorded_slurm_task_keeps_its_identifiers_only() -> None:
    """The recorded environment of a real sbatch task (tests/data/fleet): the job's and the
    task's numbers and node lists stay; its name, partition, user, directories, cluster and
    anything else a submitter or an administrator writes freely do not."""
    recorded = json.loads(RECORDED_JOB.read_text(encoding="utf-8"))["env"]
    kept = redact.relevant_environment(recorded)
    assert sorted(kept) == [
        "SLURM_ARRAY_JOB_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_STEP",
        "SLURM_CPUS_ON_NODE",
        "SLURM_GTIDS",
        "SLURM_JOBID",
        "SLURM_JOB_CPUS_PER_NODE",
        "SLURM_JOB_ID",
        "SLURM_JOB_NODELIST",
        "SLURM_JOB_NUM_NODES",
        "SLURM_LOCALID",
        "SLURM_NNODES",
        "SLURM_NODEID",
        "SLURM_NODELIST",
        "SLURM_PROCID",
        "SLURM_TASKS_PER_NODE",
        "SLURM_TASK_PID",
    ]
    assert all(kept[name] == recorded[name] for name in kept)


@pytest.mark.parametrize(
    ("name", "value", "kept"),
    [
        ("SLURM_JOB_ID", "4242", True),
        ("SLURM_JOB_ID", "4242;id", False),
        ("SLURM_JOB_ID", "\u0664\u0662", False),
        ("SLURM_JOB_NODELIST", "gpu[001-004,007],login1", True),
        ("SLURM_JOB_NODELIST", "gpu$(id)", False),
        ("SLURM_TASKS_PER_NODE", "2(x3),1", True),
        ("SLURM_JOB_GPUS", "0,1,2,3", True),
        ("SLURM_JOB_GPUS", "0,1 `id`", False),
        ("SLURM_LAUNCH_NODE_IPADDR", "10.0.0.7", True),
        ("TORCHELASTIC_RUN_ID", "none", True),
        ("TORCHELASTIC_RUN_ID", "run $(id)", False),
        ("OMPI_COMM_WORLD_RANK", "3", True),
        ("SLURM_JOB_COMMENT", "ok", False),
        ("SLURM_JOB_NAME", "train", False),
        ("SLURM_JOB_ACCOUNT", "physics", False),
        ("SLURM_JOB_WORK_DIR", "/home/a", False),
        ("SLURM_SUBMIT_DIR", "/home/a", False),
        ("PBS_JOBNAME", "x", False),
        ("LSB_JOBNAME", "x", False),
        ("SLURM_NEW_VARIABLE", "1", False),
    ],
)
def test_a_job_variable_is_kept_by_name_and_grammar(name: str, value: str, kept: bool) -> None:
    assert (name in redact.relevant_environment({name: value})) is kept
