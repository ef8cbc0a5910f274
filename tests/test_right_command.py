"""The command hwdoctor prints is the one that fixes this machine: pinned to the installed
release, on an index the wheel table lists for it, that carries the GPU's code and that the
driver runs, with the facts it rests on read from the machine (sysfs, /proc, the PCI ID
database), never guessed.

Machines are faked as the other tests fake them: PCI functions under a fake sysfs, a real
recorded /proc/driver/nvidia/version, device nodes; the real probe, torch and chooser run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hwdoctor.compat import pci
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import World

REAL = Path(__file__).resolve().parent / "data" / "real" / "nvidia"


def nvidia_host(world: World, device: str, proc: str) -> World:
    """An NVIDIA GPU on the PCI bus (a 3D controller), its device nodes, and the kernel
    module's version line as recorded from a real machine."""
    world.pci("0000:01:00.0", "0x10de", f"0x{device}", "0x030200")
    world.device_node("nvidia0", "nvidiactl")
    driver = world.host / "proc" / "driver" / "nvidia"
    driver.mkdir(parents=True)
    shutil.copy(REAL / proc, driver / "version")
    return world


def test_a_cpu_torch_on_an_l4_with_driver_550_gets_one_pinned_cu12_line(tmp_path: Path) -> None:
    """The most common case: a CPU-only torch where an L4 (10de:27b8, no driver that torch
    could ask) sits beside NVIDIA's 550 kernel module. The PCI ID database names the L4, its
    capability (8.9) picks the builds whose code runs on it, the driver rules out CUDA 13,
    and the installed release stays: cu126, with the reason."""
    world = nvidia_host(World(tmp_path / "world"), "27b8", "proc-version-open-550.54.15.txt")
    data = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()["data"]
    (found,) = [f for f in data["findings"] if f["code"] == "torch.cpu_only_build"]
    command, reason = found["remedy"].splitlines()
    assert command.endswith(
        "-m pip install --force-reinstall torch==2.13.0 "
        "--index-url https://download.pytorch.org/whl/cu126"
    ), found["remedy"]
    assert "carries sm_86, which runs on sm_89" in reason
    assert "driver 550.54.15 runs CUDA 12.6" in reason and "needs a newer driver" in reason
    (signal,) = [s for s in data["host"]["signals"] if s["kind"] == "pci"]
    assert signal["pci_ids"] == ["10de:27b8"] and "(L4)" in signal["detail"]


@pytest.mark.parametrize(
    ("vendor", "device", "expected"),
    [
        # (the database's name, what NVIDIA's and AMD's tables give its product)
        ("10de", "27b8", ("AD104GL [L4]", "8.9")),
        ("10de", "2330", ("GH100 [H100 SXM5 80GB]", "9.0")),
        ("10de", "2b85", ("GB202 [GeForce RTX 5090]", "12.0")),
        ("10de", "1b80", ("GP104 [GeForce GTX 1080]", "6.1")),
        ("1002", "744c", ("Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", "gfx1100")),
        ("1002", "74a1", ("Aqua Vanjaram [Instinct MI300X]", "gfx942")),
    ],
)
def test_a_gpu_known_only_by_its_pci_id_is_named_and_judged(
    vendor: str, device: str, expected: tuple[str, str]
) -> None:
    name, value = expected
    assert pci.name(vendor, device) == name
    judged = pci.capability(device) if vendor == pci.NVIDIA else pci.gfx(device)
    assert judged == value


def test_the_pci_id_database_says_its_version_and_unknown_ids_stay_unknown() -> None:
    assert pci.version() >= "2026.10.24"
    assert pci.name("10de", "ffff") is None and pci.capability("ffff") is None
    assert pci.name("10de", "not an id") is None
    # a product no table knows keeps its capability unknown, never guessed
    assert pci.name("10de", "2324") == "GH100 [H800]" and pci.capability("2324") is None


def test_a_driver_that_cannot_drive_the_gpu_gets_only_the_driver_upgrade(tmp_path: Path) -> None:
    """An RTX 4090 (10de:2684, Ada) beside NVIDIA's 470.86 kernel module (a real recorded
    /proc line): R470 has no Ada support at all (Ada starts at R520), so no torch build runs
    there and none is offered to keep the driver; the one remedy is the driver."""
    world = nvidia_host(World(tmp_path / "world"), "2684", "proc-version-470.86.txt")
    data = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()["data"]
    (dropped,) = [f for f in data["findings"] if f["code"] == "driver.gpu_unsupported"]
    assert dropped["message"] == (
        "NVIDIA driver 470.86 cannot drive the Ada Lovelace GPU (compute capability 8.9): "
        "Ada Lovelace GPUs need branch R520 or newer"
    )
    assert dropped["advice"] == "upgrade the NVIDIA driver to branch R520 or newer"
    (cpu_only,) = [f for f in data["findings"] if f["code"] == "torch.cpu_only_build"]
    assert cpu_only["remedy"] is None  # no torch build runs on this driver: nothing to paste
    remedies = "\n".join(f["remedy"] or "" for f in data["findings"])
    assert "keep this driver" not in remedies and "--index-url" not in remedies
