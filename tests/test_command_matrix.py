"""The printed command across machines: GPU × driver × installed torch × platform.

Each case is a machine hwdoctor diagnoses from its own facts, built from real recorded
outputs and the tables' sources: the GPU as the PCI bus shows it (its id, named and given
its compute capability by the PCI ID database, compat/pci_ids.txt), the NVIDIA kernel
module's version as real machines printed it (tests/data/real/nvidia/proc-version-*.txt),
a CPU-only torch of a release the wheel table lists, and the host's architecture. The
evidence is the recorded CPU host's (tests/data/evidence/cpu-host.json) with those facts
changed; the real checks and the real chooser run (issue 29, "Deliver").

Every case asserts the command printed against the tables, not against the chooser: the
pin is a release (and patch) the table lists for that index; the index's wheel carries
code the GPU runs (kernels' rule); NVIDIA's floors say the driver runs its CUDA and
still drives the GPU's generation; the installed release is kept whenever one of its
builds fits; and the comment after it says what the line does to torch. Where no command
is printed, a finding says why.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path
from typing import Final

import pytest

from hwdoctor import diagnosis
from hwdoctor.compat import drivers, kernels, pci, wheels
from hwdoctor.model.facts import Evidence, HardwareSignal, NvidiaDriver
from tests.evidence import cpu_host
from tests.test_install_lines import LINE, judge

REAL: Final = Path(__file__).resolve().parent / "data" / "real" / "nvidia"
_NVRM: Final = re.compile(r"Kernel Module(?: for \w+)?\s+(\d+\.\d+(?:\.\d+)?)")


def recorded_driver(name: str) -> str:
    """The kernel module's version as /proc/driver/nvidia/version printed it."""
    found = _NVRM.search((REAL / name).read_text(encoding="utf-8"))
    assert found, name
    return found.group(1)


# Real recorded NVRM lines, R470 (Kepler's last branch) to R580.
DRIVERS: Final = tuple(
    recorded_driver(name)
    for name in (
        "proc-version-470.86.txt",
        "proc-version-535.104.05.txt",
        "proc-version-open-550.54.15.txt",
        "proc-version-580.173.02.txt",
    )
)
# GPUs by PCI id, Kepler to Blackwell: K80, GTX 1080, V100, T4, A100, L4, RTX 4090,
# H100, RTX 5090 (the database names each; its product's capability is compat/gpus.py's).
GPUS: Final = ("102d", "1b80", "1db4", "1eb8", "20b0", "27b8", "2684", "2330", "2b85")
TORCHES: Final = ("2.13.0+cpu", "2.8.0+cpu", "2.5.1+cpu")
PLATFORMS: Final = ("x86_64", "aarch64")
CASES: Final = list(itertools.product(GPUS, DRIVERS, TORCHES, PLATFORMS))


def machine(device: str, driver: str, torch: str, arch: str) -> Evidence:
    evidence = cpu_host()
    assert evidence.host is not None and evidence.torch is not None
    signal = HardwareSignal(
        "cuda", "pci", f"10de:{device} at 0000:01:00.0", 1, pci_ids=(f"10de:{device}",)
    )
    host = dataclasses.replace(
        evidence.host,
        machine=arch,
        signals=(*evidence.host.signals, signal),
        nvidia=NvidiaDriver(kernel_module=driver, module_loaded=True),
    )
    return dataclasses.replace(
        evidence, host=host, torch=dataclasses.replace(evidence.torch, version=torch)
    )


def _fits(
    release: wheels.Release, variant: wheels.Variant, cap: str, driver: str, arch: str
) -> bool:
    """The index's wheel for this host carries code the GPU runs, and the driver runs its
    CUDA on the GPU's generation."""
    host = wheels.normalize_host(arch)
    archs = variant.archs_for(host) if host else None
    return (
        variant.cuda is not None
        and archs is not None
        and bool(kernels.kernels_for(cap, archs.arch_list))
        and drivers.runs(driver, variant.cuda, cap) is True
    )


def _unknown_here(variant: wheels.Variant, cap: str, driver: str, arch: str) -> bool:
    """The table does not know what this index's wheel carries on this host (no source
    read gives its list, as for most aarch64 builds): a line may name it only saying so,
    and only where the driver runs its CUDA."""
    host = wheels.normalize_host(arch)
    return (
        variant.cuda is not None
        and (host is None or variant.archs_for(host) is None)
        and drivers.runs(driver, variant.cuda, cap) is True
    )


def test_the_matrix_is_large_enough() -> None:
    assert len(CASES) >= 60


@pytest.mark.parametrize(("device", "driver", "torch", "arch"), CASES)
def test_the_printed_command_fits_the_machine(
    device: str, driver: str, torch: str, arch: str
) -> None:
    cap = pci.capability(device)
    assert cap is not None, device
    findings = diagnosis.detect(machine(device, driver, torch, arch)).findings
    codes = {f.code for f in findings}
    lines = [
        (line, [*remedy.splitlines(), ""][index + 1])
        for f in findings
        for remedy in (f.remedy or "",)
        for index, line in enumerate(remedy.splitlines())
        if LINE.search(line)
    ]
    installed = wheels.release_of(torch)
    assert installed is not None
    own_fits = any(_fits(installed, v, cap, driver, arch) for v in installed.variants)
    if drivers.outside(driver, cap) is not None:
        # the driver cannot drive this GPU at all: only the driver upgrade, no torch line
        assert "driver.gpu_unsupported" in codes, codes
        assert lines == []
        return
    assert "torch.cpu_only_build" in codes, codes
    if not lines:
        # no build of the table is shown to run here: said, not guessed
        (cpu_only,) = [f for f in findings if f.code == "torch.cpu_only_build"]
        assert not own_fits, (device, driver, torch, arch)
        assert cpu_only.advice, cpu_only
        return
    for line, after in lines:
        assert judge(line) is None, line
        match = LINE.search(line)
        assert match is not None
        release = wheels.release_of(match["version"].removesuffix(".*"))
        assert release is not None
        variant_name = match["url"].rstrip("/").rsplit("/", 1)[-1]
        variant = release.variant(variant_name)
        assert variant is not None, line
        if "not checked: which GPU code" in after:
            assert _unknown_here(variant, cap, driver, arch), (line, after)
            assert not own_fits or release is installed, (line, torch)
        else:
            assert _fits(release, variant, cap, driver, arch), (line, cap, driver, arch)
        if own_fits:
            assert release is installed, (line, torch)
        assert re.match(r"# (keeps|upgrades|downgrades) torch", after), after


# The acceptance cases, as issue 29 states them, to the letter.
def _command(evidence: Evidence) -> str:
    (found,) = [f for f in diagnosis.detect(evidence).findings if f.code == "torch.cpu_only_build"]
    return (found.remedy or "").splitlines()[0] if found.remedy else ""


def test_an_l4_with_driver_550_and_cpu_torch_2_13_gets_one_pinned_cu12x_line() -> None:
    evidence = machine("27b8", "550.127.05", "2.13.0+cpu", "x86_64")
    command = _command(evidence)
    assert re.search(
        r"-m pip install --force-reinstall torch==2\.13\.0 "
        r"--index-url https://download\.pytorch\.org/whl/cu12\d$",
        command,
    ), command


def test_an_rtx_4090_on_driver_470_gets_only_the_driver_upgrade() -> None:
    evidence = machine("2684", recorded_driver("proc-version-470.86.txt"), "2.5.1+cpu", "x86_64")
    found = diagnosis.detect(evidence).findings
    unsupported = [f for f in found if f.code == "driver.gpu_unsupported"]
    assert unsupported
    assert unsupported[0].advice == "upgrade the NVIDIA driver to branch R520 or newer"
    assert not [f for f in found if f.remedy and "torch==" in f.remedy]
