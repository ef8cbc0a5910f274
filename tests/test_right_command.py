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


# --- the same facts give the same command, whatever the layout (issue 29, item 3) -----------

REPORTS = Path(__file__).resolve().parent / "data" / "reports" / "issue_body"
CU126 = "--index-url https://download.pytorch.org/whl/cu126"
# The facts of issue 29's item 3, as its reporter wrote them in prose.
IN_PROSE = (
    b"GTX 1080, torch 2.7.0+cu128, Driver 570.133.07, Python 3.11, transformers 4.51.3\n\n"
    b"RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
)
# The same facts in collect_env's layout (torch/utils/collect_env.py, env_info_fmt).
IN_COLLECT_ENV = b"""Collecting environment information...
PyTorch version: 2.7.0+cu128
Is debug build: False
CUDA used to build PyTorch: 12.8
ROCM used to build PyTorch: N/A

OS: Ubuntu 22.04.4 LTS (x86_64)
Python version: 3.11.9 (main, Apr 19 2024, 16:48:06) [GCC 11.2.0] (64-bit runtime)
Is CUDA available: True
CUDA runtime version: No CUDA
GPU models and configuration: GPU 0: NVIDIA GeForce GTX 1080
Nvidia driver version: 570.133.07

Versions of relevant libraries:
[pip3] torch==2.7.0+cu128
[pip3] transformers==4.51.3

RuntimeError: CUDA error: no kernel image is available for execution on the device
"""


def _commands(report: object) -> list[str]:
    findings = getattr(report, "findings")  # noqa: B009 - PasteReport
    return [
        line
        for found in findings
        for line in (found.remedy or "").splitlines()
        if line and not line.startswith("#")
    ]


def test_facts_in_prose_give_the_command_collect_env_gives() -> None:
    """issue 29, item 3: "GTX 1080, torch 2.7.0+cu128, Driver 570.133.07, Python 3.11" in
    a reporter's own words gets the pinned cu126 line its collect_env gets, and hwdoctor
    does not ask for the Python version it was told."""
    import hwdoctor

    prose, layout = hwdoctor.diagnose(IN_PROSE), hwdoctor.diagnose(IN_COLLECT_ENV)
    want = f"python -m pip install --force-reinstall torch==2.7.0 {CU126}"
    assert want in _commands(layout)
    assert _commands(prose) == _commands(layout)
    asked = " ".join(q.unknown for q in prose.questions)
    assert "Python" not in asked, asked
    shown = {(f.what, f.value) for f in prose.facts}
    assert ("NVIDIA driver", "570.133.07") in shown and ("Python", "3.11") in shown


@pytest.mark.parametrize(
    ("body", "command"),
    [
        # digitalsreeni-image-annotator#57: "- Driver: 550.163.01", "- PyTorch: 2.8.0+cu128"
        # in a list, and "PyTorch 2.8" again in the prose (the same version, said shorter).
        (
            "dsannotator57-gtx1050-driver550-torch2.8.0cu128-prose-no-kernel-image.md",
            f"pip install --force-reinstall torch==2.8.0 {CU126}",
        ),
        # exllamav2#786: the template's "### Python version" / "### Pytorch version"
        # headings; torch's own warnings show the driver ran its CUDA 12.8 build.
        (
            "exllamav2-786-gtx1080ti-template-headings-torch2.7.0cu128.md",
            f"python -m pip install --force-reinstall torch==2.7.0 {CU126}",
        ),
    ],
)
def test_real_issue_bodies_in_prose_get_the_pinned_cu126_line(body: str, command: str) -> None:
    import hwdoctor

    report = hwdoctor.diagnose((REPORTS / body).read_bytes())
    arch = [f for f in report.findings if f.code == "device.arch_not_compiled"]
    assert arch and all(command in (f.remedy or "").splitlines() for f in arch), [
        f.remedy for f in arch
    ]
