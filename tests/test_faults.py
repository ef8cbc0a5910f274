"""The fault matrix: every way a machine can be sick, run through `detect` and `explain`.

Each fault is built by the test as a real package, interpreter, tool or file tree (see
tests/fakeworld.py), and each runs end to end through `hwdoctor detect --json --timeout T
--save-evidence FILE`, then `hwdoctor explain --json --from FILE` on what that probe saw.
Whatever the fault, hwdoctor must finish, name the culprit with its evidence (the step,
what it printed, the signal), still report everything else, print exactly one JSON
document and no traceback of its own, leave no process behind, and exit with the
documented code (1 when a finding of severity error is present, else 0; never 3).
Durations are recorded for the tally (tests/faults_plugin.py), never asserted: the
machines that run this are shared and noisy.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, base_env
from tests.fakeworld import (
    AVAILABILITY_ERROR,
    H100,
    OSERROR_MESSAGE,
    SPAWNED_ARGV,
    World,
    make_bare_venv,
)
from tests.faults_plugin import Tally

TIMEOUT = "5"  # --timeout: a hung step costs about this much
OUTER_TIMEOUT_S = 300  # only against a hwdoctor that never returns; never a performance bound
MARKER_ENV = "HWDOCTOR_FAULT_MARKER"
AUTOLOAD_ESCAPE = "TORCH_DEVICE_BACKEND_AUTOLOAD=0"
COMMANDS = ("detect", "explain")
HWDOCTOR_SOURCES = str(ROOT / "hwdoctor")


# --- running hwdoctor and reading what it said ----------------------------------------------


@dataclass(frozen=True)
class Outcome:
    args: tuple[str, ...]
    returncode: int
    stdout: bytes
    stderr: bytes
    seconds: float

    def __str__(self) -> str:
        return (
            f"hwdoctor {' '.join(self.args)} -> {self.returncode} in {self.seconds:.1f}s\n"
            f"--- stdout\n{self.stdout.decode('utf-8', 'replace')[:20000]}\n"
            f"--- stderr\n{self.stderr.decode('utf-8', 'replace')[:5000]}"
        )


def run(args: Sequence[str], env: Mapping[str, str | bytes]) -> Outcome:
    """`python -m hwdoctor ARGS`, bytes in and out, in a session of its own.

    If it never returns, the whole session is killed and the test fails: a hwdoctor that
    hangs is the one outcome the fault matrix exists to rule out.
    """
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "hwdoctor", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,  # bytes values are fine on POSIX (os.fsencode)
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=OUTER_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(
            f"hwdoctor {' '.join(args)} did not finish within {OUTER_TIMEOUT_S} s\n"
            f"{stderr.decode('utf-8', 'replace')[-3000:]}"
        )
    return Outcome(tuple(args), process.returncode, stdout, stderr, time.monotonic() - started)


def run_watching(
    args: Sequence[str], env: Mapping[str, str], workdir: Path, watch: Callable[[], None]
) -> Outcome:
    """`run()`, calling `watch()` every 50 ms while hwdoctor runs. Output goes to files, so
    a large answer cannot fill a pipe that no one reads until the end."""
    started = time.monotonic()
    out, err = workdir / "hwdoctor.stdout", workdir / "hwdoctor.stderr"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "hwdoctor", *args],
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            env=env,
            cwd=ROOT,
            start_new_session=True,
        )
    try:
        while process.poll() is None:
            if time.monotonic() - started > OUTER_TIMEOUT_S:
                pytest.fail(f"hwdoctor {' '.join(args)} did not finish")
            watch()
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return Outcome(
        tuple(args), process.returncode, out.read_bytes(), err.read_bytes(),
        time.monotonic() - started,
    )  # fmt: skip


def findings_of(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(document["data"]["findings"])


def with_code(document: Mapping[str, Any], code: str) -> list[dict[str, Any]]:
    return [f for f in findings_of(document) if f["code"] == code]


def only(document: Mapping[str, Any], code: str) -> dict[str, Any]:
    found = with_code(document, code)
    assert len(found) == 1, json.dumps(findings_of(document), indent=1)[:4000]
    return found[0]


def row(document: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    """A backend row (detect only; explain has none)."""
    backends = document["data"].get("backends")
    if backends is None:
        return None
    found: dict[str, Any] = next(b for b in backends if b["key"] == key)
    return found


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def survived(outcome: Outcome, command: str) -> dict[str, Any]:
    """What every fault must leave intact; returns the JSON document."""
    assert outcome.returncode in (0, 1), outcome  # never 2 (usage), 3 (internal), or a signal
    assert b"Traceback (most recent call last)" not in outcome.stderr, outcome
    assert b"internal error" not in outcome.stderr, outcome
    text = outcome.stdout.decode("utf-8")  # valid UTF-8, whatever the target printed
    document: dict[str, Any] = json.loads(text)  # one JSON document: trailing data would raise
    assert text.startswith("{") and text.endswith("}\n"), outcome
    assert document["command"] == command
    assert document["errors"] == [], outcome
    from tests import catalogue_plugin

    catalogue_plugin.record(f["code"] for f in findings_of(document))
    errors = [f for f in findings_of(document) if f["severity"] == "error"]
    expected = 1 if errors else 0
    assert outcome.returncode == document["exit_code"] == expected, outcome
    for value in strings(document):
        # Text from the sick target is shown, but cannot drive a terminal or break encoding.
        assert "\x1b" not in value and "\x00" not in value, value[:300]
        # A traceback in evidence comes from the target, never from hwdoctor's own code.
        assert f'File "{HWDOCTOR_SOURCES}' not in value, value[:3000]
    return document


def assert_cpu_usable(document: Mapping[str, Any]) -> None:
    """Everything else still reported: torch works, so cpu is usable and training picks it."""
    data = document["data"]
    assert data["packages"]["torch"].startswith("2.13.0")
    cpu = row(document, "cpu")
    if cpu is not None:
        assert cpu["status"] == "ok" and cpu["available"], cpu
        assert len(data["backends"]) >= 13
    else:
        assert data["training"]["device"] == "cpu", data["training"]


# --- processes left behind -----------------------------------------------------------------


def marked_processes(marker: str) -> list[tuple[int, str]]:
    """Live processes whose environment carries `MARKER_ENV=marker` (all started for a test)."""
    needle = f"{MARKER_ENV}={marker}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # gone, or not ours to read
        if needle in environ.split(b"\0"):
            found.append((int(entry.name), cmdline.replace(b"\0", b" ").decode(errors="replace")))
    return found


def assert_no_orphans(marker: str) -> None:
    """SIGKILL is asynchronous: allow the kernel a moment to take them away."""
    deadline = time.monotonic() + 10
    left = marked_processes(marker)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = marked_processes(marker)
    for pid, _ in left:  # do not leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind: {left}"


# --- the faults --------------------------------------------------------------------------------


@dataclass
class Scene:
    """A fault made real: the environment and arguments hwdoctor runs with."""

    world: World
    env: dict[str, str | bytes] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    locked: list[Path] = field(default_factory=list)  # chmod-ed away; given back afterwards


Build = Callable[[Scene, Path], None]
Check = Callable[[dict[str, Any], str], None]


@dataclass(frozen=True)
class Fault:
    name: str
    build: Build
    check: Check
    torch_works: bool = True

    def __str__(self) -> str:
        return self.name


def _extension(module: str, dist: str, behaviour: str, autoload: bool = False) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        scene.world.faulty(module, dist=dist, behaviour=behaviour, autoload=autoload)

    return build


def _hung_import(module: str, key: str, function: str) -> Check:
    def check(document: dict[str, Any], command: str) -> None:
        hung = only(document, "probe.timeout")
        assert f"`import {module}` hangs (no progress for {TIMEOUT} s)" in hung["message"]
        assert hung["backend"] == key
        assert function in hung["evidence"]  # the Python stack of the hung step
        if (found := row(document, key)) is not None:
            assert found["status"] == "error" and found["note"].startswith("not probed")

    return check


def _crashed_import(module: str, key: str, signal_name: str, printed: str) -> Check:
    def check(document: dict[str, Any], command: str) -> None:
        crashed = only(document, "probe.crashed")
        assert f"`import {module}` kills the interpreter ({signal_name})" in crashed["message"]
        assert crashed["backend"] == key
        assert printed in crashed["evidence"]
        if (found := row(document, key)) is not None:
            assert found["status"] == "error"

    return check


def _failed_import(module: str, key: str, *said: str) -> Check:
    def check(document: dict[str, Any], command: str) -> None:
        failed = only(document, "extension.import_failed")
        assert failed["backend"] == key
        assert f"import {module} raises" in failed["message"]
        for text in said:
            assert text in failed["message"] + failed["evidence"], failed
        if (found := row(document, key)) is not None:
            assert found["status"] == "fail" and found["importable"] is False

    return check


def check_flood(document: dict[str, Any], command: str) -> None:
    # The extension imports fine: nothing to diagnose but the package installed without its
    # hardware (a warning), and none of its 10 MB got through.
    assert [f["code"] for f in findings_of(document)] == ["backend.package_without_hardware"]
    assert "flooding the console" not in json.dumps(document)
    if (musa := row(document, "musa")) is not None:
        assert musa["installed"] and musa["importable"] is True, musa


def check_flood_then_hang(document: dict[str, Any], command: str) -> None:
    hung = only(document, "probe.timeout")
    assert "`import torch_musa` hangs" in hung["message"]
    evidence = hung["evidence"]
    assert "torch_musa: flooding the console" in evidence  # what it printed before it hung
    assert "_sleep_forever" in evidence  # and where it hung
    assert len(evidence) < 200_000  # a tail of each stream, not 10 MB


def check_endless_output(document: dict[str, Any], command: str) -> None:
    hung = only(document, "probe.timeout")
    assert "`import torch_musa` hangs" in hung["message"]
    assert "torch_musa: printing without end" in hung["evidence"]
    assert len(hung["evidence"]) < 200_000  # the last 64 KiB of each stream


def check_garbled_error(document: dict[str, Any], command: str) -> None:
    failed = only(document, "extension.import_failed")
    message = failed["message"]
    assert "raises OSError: /opt/vendor-\\xff\\xfe/lib/libfake.so.1" in message
    assert "\\x1b[31mcannot open shared object file" in message  # shown, not obeyed


def check_nonutf8_then_abort(document: dict[str, Any], command: str) -> None:
    crashed = only(document, "probe.crashed")
    assert "`import torch_mlu` kills the interpreter (SIGABRT)" in crashed["message"]
    assert "fake output \ufffd\ufffd that is not UTF-8" in crashed["evidence"]


def check_autoload_hangs(document: dict[str, Any], command: str) -> None:
    broken = only(document, "torch.autoload_broken")
    assert broken["message"].startswith(
        "import torch hangs in the auto-loaded extension torch_npu "
        "(entry point torch_npu:_autoload, from torch-npu): no progress for"
    ), broken
    assert AUTOLOAD_ESCAPE in broken["remedy"]
    assert "_sleep_forever" in broken["evidence"]
    # Named once: the module behind the entry point is not imported again to hang again.
    assert with_code(document, "probe.timeout") == []
    assert broken["backend"] == "npu"
    if "autoload_disabled" in document["data"]:
        assert document["data"]["autoload_disabled"] is True


def check_autoload_segfault(document: dict[str, Any], command: str) -> None:
    broken = only(document, "torch.autoload_broken")
    assert "import torch crashes in the auto-loaded extension torch_npu" in broken["message"]
    assert "(SIGSEGV)" in broken["message"]
    assert "Segmentation fault" in broken["evidence"]
    assert AUTOLOAD_ESCAPE in broken["remedy"]
    assert with_code(document, "probe.crashed") == []


def check_autoload_oserror(document: dict[str, Any], command: str) -> None:
    broken = only(document, "torch.autoload_broken")
    assert f"raises OSError: {OSERROR_MESSAGE}" in broken["message"]
    assert AUTOLOAD_ESCAPE in broken["remedy"]
    assert with_code(document, "torch.broken") == []  # torch itself is fine


def build_bare_venv(scene: Scene, tmp_path: Path) -> None:
    python = make_bare_venv(tmp_path / "bare")
    scene.args += ["--python", str(python)]


def check_torch_missing(document: dict[str, Any], command: str) -> None:
    missing = only(document, "torch.missing")
    assert str(Path(document["data"]["python"]["executable"]).parent.parent.name) == "bare"
    assert "pip install torch" in missing["remedy"]
    assert document["data"]["packages"]["torch"] is None
    if (cpu := row(document, "cpu")) is not None:
        assert cpu["status"] != "ok" and cpu["note"] == "torch not installed"


SHADOW_MESSAGE = "libcudnn.so.9: cannot open shared object file: No such file or directory"


def build_broken_torch(scene: Scene, tmp_path: Path) -> None:
    """The installed torch, whose `import` dies loading a shared library (as torch's
    `_load_global_deps` does when a CUDA library is missing): a `torch` package ahead of it
    on PYTHONPATH. Its metadata is the real one, so the version is known."""
    shadow = tmp_path / "shadow" / "torch"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text(f"raise OSError({SHADOW_MESSAGE!r})\n")
    path = scene.env.get("PYTHONPATH", "")
    assert isinstance(path, str)
    scene.env["PYTHONPATH"] = os.pathsep.join(p for p in (str(shadow.parent), path) if p)


def check_broken_torch(document: dict[str, Any], command: str) -> None:
    broken = only(document, "torch.broken")  # once, from the run with autoload off
    assert f"fails: OSError: {SHADOW_MESSAGE}" in broken["message"]
    assert f"with {AUTOLOAD_ESCAPE} too: torch itself is broken" in broken["message"]
    assert "shadow/torch/__init__.py" in broken["evidence"]
    assert "pip install --force-reinstall torch==2.13.0" in broken["remedy"]
    assert with_code(document, "torch.autoload_broken") == []


def _availability(fault: str) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        scene.world.privateuse1("npu", availability_fault=fault)

    return build


def check_availability_raises(document: dict[str, Any], command: str) -> None:
    failed = only(document, "backend.query_failed")
    assert failed["backend"] == "npu"
    assert f"raises RuntimeError: {AVAILABILITY_ERROR}" in failed["message"]
    assert "_is_available_raises" in failed["evidence"]
    if (npu := row(document, "npu")) is not None:
        assert npu["status"] == "fail" and npu["importable"] is True


def check_availability_hangs(document: dict[str, Any], command: str) -> None:
    hung = only(document, "probe.timeout")
    assert f"`query npu` hangs (no progress for {TIMEOUT} s)" in hung["message"]
    assert hung["backend"] == "npu"
    assert "_is_available_hangs" in hung["evidence"]


def _tool(**options: Any) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        scene.world.tool("nvidia-smi", **options)

    return build


def _script_tool(body: str) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        script = scene.world.bin / "nvidia-smi"
        script.write_text("#!/bin/sh\n" + body)
        script.chmod(0o755)

    return build


def _tool_failed(*said: str) -> Check:
    def check(document: dict[str, Any], command: str) -> None:
        failed = only(document, "host.tool_failed")
        assert failed["backend"] == "cuda" and failed["severity"] == "warning"
        assert failed["message"].startswith("nvidia-smi -L ")
        for text in said:
            assert text in failed["message"], failed

    return check


def check_tool_garbage(document: dict[str, Any], command: str) -> None:
    assert findings_of(document) == []  # exit 0, nothing that looks like a GPU line
    if (cuda := row(document, "cuda")) is not None:
        assert cuda["hardware_present"] is False


def build_unreadable_sysfs(scene: Scene, tmp_path: Path) -> None:
    """A sysfs where everything but one GPU is unreadable in some way. Tests may run as root,
    where chmod stops no read: FIFOs (an open blocks forever), devices (endless), directories
    where files belong, dangling and looping symlinks and binary garbage stand in for it."""
    host = scene.world.host
    devices = host / "sys" / "bus" / "pci" / "devices"
    scene.world.pci("0000:17:00.0", "0x10de", "0x2330", "0x030200")  # the one good H100

    def function(address: str, **files: Callable[[Path], None] | str | bytes) -> Path:
        folder = devices / address
        folder.mkdir(parents=True)
        for name, content in files.items():
            if callable(content):
                content(folder / name)
            elif isinstance(content, bytes):
                (folder / name).write_bytes(content)
            else:
                (folder / name).write_text(content)
        return folder

    good = {"device": "0x2330\n", "class": "0x030200\n"}
    function("0000:01:00.0", vendor=lambda p: p.mkdir(), **good)  # a directory
    function("0000:02:00.0", vendor=lambda p: p.symlink_to(host / "nowhere"), **good)
    function("0000:03:00.0", vendor=lambda p: os.mkfifo(p), **good)  # blocks an open()
    function("0000:04:00.0", vendor=lambda p: p.symlink_to("/dev/zero"), **good)  # endless
    function("0000:05:00.0", vendor=b"\xff\xfe\x00\x1b[2J", device=os.urandom(64), **{
        "class": b"\x80" * 100_000})  # fmt: skip
    locked = function("0000:06:00.0", vendor="0x10de\n", **good) / "vendor"
    closed = function("0000:07:00.0", vendor="0x10de\n", **good)
    for path in (locked, closed):  # an unreadable file, an unlistable directory (unless root)
        path.chmod(0)
        scene.locked.append(path)
    (devices / "0000:08:00.0").symlink_to(devices / "0000:08:00.0")  # a loop
    (devices / "0000:09:00.0").write_text("not a directory\n")
    (host / "dev").mkdir(exist_ok=True)
    (host / "proc").mkdir()
    os.mkfifo(host / "proc" / "cpuinfo")
    (host / "proc" / "meminfo").write_bytes(b"MemAvailable: \xff\xfe kB\n\x00")


def check_unreadable_sysfs(document: dict[str, Any], command: str) -> None:
    # The readable GPU is still found; the rest is skipped. As root, the chmod-ed ones are
    # readable too (valid NVIDIA ids), so they may count.
    cpu_only = only(document, "torch.cpu_only_build")
    assert cpu_only["backend"] == "cuda"
    assert "PCI device(s) 10de:2330" in cpu_only["message"]
    count = int(cpu_only["message"].split("(", 1)[1].split(" PCI", 1)[0])
    assert count == (3 if os.geteuid() == 0 else 1), cpu_only["message"]
    if (cuda := row(document, "cuda")) is not None:
        assert cuda["hardware_present"] is True and cuda["status"] == "warn"


def build_garbled_visibility(value: str | bytes) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        scene.world.pci("0000:17:00.0", "0x10de", "0x2330", "0x030200")
        scene.world.pci("0000:18:00.0", "0x10de", "0x2330", "0x030200")
        scene.world.patch_cuda(devices=(H100, H100), visible_devices_env="CUDA_VISIBLE_DEVICES")
        scene.env["CUDA_VISIBLE_DEVICES"] = value

    return build


def _garbled_visibility(shown: str) -> Check:
    def check(document: dict[str, Any], command: str) -> None:
        hidden = only(document, "devices.hidden")
        assert "2 NVIDIA GPU device(s) present, 0 visible to torch" in hidden["message"]
        assert f"CUDA_VISIBLE_DEVICES={shown}" in hidden["message"], hidden
        # Said once: the hidden devices are why CUDA is unavailable, no second finding.
        assert not with_code(document, "backend.unavailable")
        environment = document["data"].get("environment")
        if environment is not None and "CUDA_VISIBLE_DEVICES" in environment:
            assert "GPU-zzz,-1,abc" in environment["CUDA_VISIBLE_DEVICES"]

    return check


def build_host_root_is_a_file(scene: Scene, tmp_path: Path) -> None:
    not_a_root = tmp_path / "not-a-root"
    not_a_root.write_bytes(b"\xff" * 10)
    scene.env["HWDOCTOR_HOST_ROOT"] = str(not_a_root)


def check_nothing_found(document: dict[str, Any], command: str) -> None:
    assert findings_of(document) == []


FAULTS = (
    # An extension's import (tried after `import torch`, one step per extension)
    Fault("import hangs", _extension("torch_npu", "torch-npu", "hang"),
          _hung_import("torch_npu", "npu", "_sleep_forever")),
    Fault("import sleeps 20 s", _extension("torch_npu", "torch-npu", "sleep:20"),
          _hung_import("torch_npu", "npu", "_sleep_then_succeed")),
    Fault("import segfaults", _extension("torch_mlu", "torch-mlu", "segfault"),
          _crashed_import("torch_mlu", "mlu", "SIGSEGV", "Segmentation fault")),
    Fault("import calls abort()", _extension("torch_mlu", "torch-mlu", "abort"),
          _crashed_import("torch_mlu", "mlu", "SIGABRT", "Aborted")),
    Fault("import calls sys.exit(0)", _extension("torch_mlu", "torch-mlu", "exit0"),
          _failed_import("torch_mlu", "mlu", "called sys.exit(0)")),
    Fault("import floods stdout and stderr", _extension("torch_musa", "torch-musa", "flood"),
          check_flood),
    Fault("import floods, then hangs", _extension("torch_musa", "torch-musa", "flood+hang"),
          check_flood_then_hang),
    Fault("import prints without end", _extension("torch_musa", "torch-musa", "spew"),
          check_endless_output),
    Fault("import raises", _extension("torch_mlu", "torch-mlu", "raise"),
          _failed_import("torch_mlu", "mlu", "ImportError", "torch_mlu/__init__.py")),
    Fault("import raises non-UTF-8 and escapes",
          _extension("torch_mlu", "torch-mlu", "oserror-garbled"), check_garbled_error),
    Fault("import prints non-UTF-8, then aborts",
          _extension("torch_mlu", "torch-mlu", "nonutf8+abort"), check_nonutf8_then_abort),
    Fault("import spawns a process, then hangs",
          _extension("torch_npu", "torch-npu", "spawn+hang"),
          _hung_import("torch_npu", "npu", "_sleep_forever")),
    Fault("import spawns a process, then segfaults",
          _extension("torch_mlu", "torch-mlu", "spawn+segfault"),
          _crashed_import("torch_mlu", "mlu", "SIGSEGV", "Segmentation fault")),
    # An auto-loaded extension: `import torch` itself
    Fault("autoload entry point hangs", _extension("torch_npu", "torch-npu", "hang", True),
          check_autoload_hangs),
    Fault("autoload entry point segfaults",
          _extension("torch_npu", "torch-npu", "segfault", True), check_autoload_segfault),
    Fault("autoload entry point raises OSError",
          _extension("torch_npu", "torch-npu", "oserror", True), check_autoload_oserror),
    # torch
    Fault("torch not installed", build_bare_venv, check_torch_missing, torch_works=False),
    Fault("import torch raises OSError", build_broken_torch, check_broken_torch,
          torch_works=False),
    # A backend's device query
    Fault("is_available() raises", _availability("raise"), check_availability_raises),
    Fault("is_available() hangs", _availability("hang"), check_availability_hangs),
    # The host
    Fault("vendor tool hangs", _tool(hang=True), _tool_failed("did not answer within 5 s")),
    Fault("vendor tool hangs in a child", _script_tool(f"{' '.join(SPAWNED_ARGV)}\n"),
          _tool_failed("did not answer within 5 s")),
    Fault("vendor tool prints garbage", _tool(stdout=os.urandom(200_000)), check_tool_garbage),
    Fault("vendor tool fails with garbage",
          _tool(stdout=os.urandom(1000), stderr=b"\x1b[2J\xff\xfe\x00 driver gone\n",
                exit_code=3),
          _tool_failed("exited with status 3: \\x1b[2J\ufffd\ufffd\\x00 driver gone")),
    Fault("vendor tool segfaults", _script_tool("echo 'GPU 0: half a line'\nkill -SEGV $$\n"),
          _tool_failed("was killed by SIGSEGV")),
    Fault("unreadable /sys entries", build_unreadable_sysfs, check_unreadable_sysfs),
    Fault("host root is a file", build_host_root_is_a_file, check_nothing_found),
    # The environment
    Fault("garbage in CUDA_VISIBLE_DEVICES", build_garbled_visibility("GPU-zzz,-1,abc"),
          _garbled_visibility("'GPU-zzz,-1,abc'")),
    Fault("non-UTF-8 bytes in CUDA_VISIBLE_DEVICES",
          build_garbled_visibility(b"GPU-zzz,-1,abc,\xff\xfe"),
          _garbled_visibility(repr("GPU-zzz,-1,abc,\\xff\\xfe"))),  # bytes shown as escapes
)  # fmt: skip


@pytest.fixture
def scene(tmp_path: Path) -> Iterator[Scene]:
    world = World(tmp_path / "world")
    made = Scene(world, {MARKER_ENV: uuid.uuid4().hex})
    yield made
    for path in made.locked:  # so that pytest can remove its temp dirs
        path.chmod(stat.S_IRWXU)


@pytest.mark.parametrize("fault", FAULTS, ids=lambda fault: fault.name.replace(" ", "-"))
def test_fault(fault: Fault, scene: Scene, tmp_path: Path, tally: Tally) -> None:
    """`detect` probes the sick machine live and saves its evidence; `explain` diagnoses
    that evidence (`--from`): the probe runs once, and both commands must survive it."""
    fault.build(scene, tmp_path)
    env: dict[str, str | bytes] = {**scene.world.env(base_env()), **scene.env}
    saved = tmp_path / "evidence.json"
    live = ["--json", "--timeout", TIMEOUT, *scene.args]
    runs = {
        "detect": lambda: run(["detect", *live, "--save-evidence", str(saved)], env),
        "explain": lambda: run(["explain", "--json", "--from", str(saved)], env),
    }
    for command in COMMANDS:
        seconds: float | None = None
        ok = skipped = False
        try:
            outcome = runs[command]()
            seconds = outcome.seconds
            document = survived(outcome, command)
            if fault.torch_works:
                assert_cpu_usable(document)
            fault.check(document, command)
            marker = scene.env[MARKER_ENV]
            assert isinstance(marker, str)
            assert_no_orphans(marker)
            ok = True
        except pytest.skip.Exception:
            skipped = True  # the fast lane (tests/fastlane.py): the run never started
            raise
        finally:
            if not skipped:
                tally.record("fault", fault=fault.name, command=command, survived=ok,
                             seconds=seconds)  # fmt: skip


# --- the acceptance case, as a user sees it -------------------------------------------------


def test_autoload_hang_acceptance(world: World, tally: Tally, tmp_path: Path) -> None:
    """An auto-loaded entry point that hangs: `hwdoctor detect --timeout 10` exits 1 and says
    that `import torch` hangs because of that entry point, and how to get around it."""
    world.faulty("torch_npu", dist="torch-npu", behaviour="hang", autoload=True)
    env = {**world.env(base_env()), "COLUMNS": "400"}
    saved = tmp_path / "evidence.json"
    outcome = run(["detect", "--timeout", "10", "--save-evidence", str(saved)], env)
    assert outcome.returncode == 1, outcome
    assert b"Traceback" not in outcome.stderr, outcome
    said = " ".join(outcome.stdout.decode("utf-8").split())
    assert (
        "import torch hangs in the auto-loaded extension torch_npu "
        "(entry point torch_npu:_autoload, from torch-npu): no progress for 10 s"
    ) in said, outcome
    assert "until then, stop torch from loading extensions at import" in said
    lines = [line.strip() for line in outcome.stdout.decode("utf-8").splitlines()]
    assert f"export {AUTOLOAD_ESCAPE}" in lines  # a line of its own: it pastes as it is

    outcome = run(["detect", "--json", "--from", str(saved)], env)  # the same probe's facts
    document = survived(outcome, "detect")
    assert document["exit_code"] == 1
    assert_cpu_usable(document)
    broken = only(document, "torch.autoload_broken")
    assert "no progress for 10 s" in broken["message"]
    assert AUTOLOAD_ESCAPE in broken["remedy"]


# --- no orphans -------------------------------------------------------------------------------


@pytest.mark.parametrize("behaviour", ["spawn+hang", "spawn+sleep:1+segfault"])
def test_no_process_outlives_a_killed_probe(world: World, behaviour: str, tmp_path: Path) -> None:
    """The extension starts a grandchild (`sleep 1000`) and then hangs or crashes (after a
    second, so that the test sees the grandchild alive): hwdoctor kills the probe's whole
    process group, so nothing it started is left running."""
    marker = uuid.uuid4().hex
    world.faulty("torch_npu", dist="torch-npu", behaviour=behaviour)
    env = {**world.env(base_env()), MARKER_ENV: marker}
    seen: set[int] = set()

    def watch() -> None:
        for pid, cmdline in marked_processes(marker):
            if cmdline.startswith(" ".join(SPAWNED_ARGV)):
                seen.add(pid)

    outcome = run_watching(["detect", "--json", "--timeout", TIMEOUT], env, tmp_path, watch)
    assert seen, "the fake never started its grandchild: the test proves nothing"
    document = survived(outcome, "detect")
    code = "probe.timeout" if behaviour.endswith("hang") else "probe.crashed"
    assert code in {f["code"] for f in findings_of(document)}
    assert_no_orphans(marker)
    assert not any(_alive(pid) for pid in seen)


def test_endless_output_costs_no_disk(world: World, tmp_path: Path) -> None:
    """An extension that prints hundreds of MB/s until it is killed: hwdoctor keeps the tail
    of what it printed, not all of it (in memory or in a temp file)."""
    world.faulty("torch_musa", dist="torch-musa", behaviour="spew")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**world.env(base_env()), "TMPDIR": str(temp)}
    largest = [0]

    def watch() -> None:
        largest[0] = max(largest[0], _size(temp))

    outcome = run_watching(["detect", "--json", "--timeout", TIMEOUT], env, tmp_path, watch)
    check_endless_output(survived(outcome, "detect"), "detect")
    assert largest[0] < 16 << 20, f"{largest[0] >> 20} MiB written under TMPDIR"


def _size(directory: Path) -> int:
    """Bytes under `directory` (files and directories may vanish while we look)."""
    return sum(
        _lsize(Path(folder) / name)
        for folder, _, names in os.walk(directory)  # os.walk ignores vanished directories
        for name in names
    )


def _lsize(path: Path) -> int:
    try:
        return path.lstat().st_size
    except OSError:
        return 0


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie is dead, only not yet reaped by whoever adopted it


# --- what an extension can do to the runner itself (see tests/test_runner.py) --------------


def _source(module: str, dist: str, source: str) -> Build:
    def build(scene: Scene, tmp_path: Path) -> None:
        from tests.test_runner import ext

        ext(scene.world.site, module, dist, source)

    return build


def check_survived_quietly(document: dict[str, Any], command: str) -> None:
    """Whatever it did to the runner, the probe's facts stand: no hang, no crash."""
    codes = {f["code"] for f in findings_of(document)}
    assert not codes & {"probe.timeout", "probe.crashed"}, codes


def _runner_faults() -> tuple[Fault, ...]:
    from tests import misbehaving as sources

    return (
        Fault("import writes junk to the channel",
              _source("torch_mlu", "torch-mlu", sources.JUNK_ON_THE_CHANNEL),
              check_survived_quietly),
        Fault("import starts a setpgrp sleeper, then hangs",
              _source("torch_mlu", "torch-mlu", sources.SETPGRP_SLEEPER_THEN_HANG),
              _hung_import("torch_mlu", "mlu", "_sleep_forever")),
        Fault("import leaves a daemon holding the pipes",
              _source("torch_mlu", "torch-mlu", sources.SETSID_DAEMON),
              check_survived_quietly),
        Fault("stdout flush blocks at exit",
              _source("torch_mlu", "torch-mlu", sources.BLOCKING_STDOUT_FLUSH),
              check_survived_quietly),
    )  # fmt: skip


@pytest.mark.parametrize("fault", _runner_faults(), ids=lambda fault: fault.name.replace(" ", "-"))
def test_runner_fault(fault: Fault, scene: Scene, tmp_path: Path, tally: Tally) -> None:
    test_fault(fault, scene, tmp_path, tally)
