"""Issue 38 (s21-atomics): PCIe atomics told by the CPU a report names, on real recordings.

ROCm's early releases run a GFX8 GPU (Fiji, Polaris) only where the CPU completes PCIe 3.0
atomics, and ROCm's README lists which CPUs do (compat/rocm_atomics.py). A post that shows no
kernel line, only the machine (an RX 580 on an FX8300, clinfo's clGetPlatformIDs(-1001),
rocminfo's 4104), names the cause: device.amd_pcie_atomics_missing, an error where ROCm's failure
shows, a warning where the reporter only states it. A GFX9 GPU on the same CPU (the README: no
atomics needed from ROCm 1.8), a Hawaii GPU (none ever), and a CPU the README lists with atomics
say nothing of it.
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import cpus, rocm_atomics
from hwdoctor.compat.rocm_atomics import Atomics
from tests.test_mac_asked_cuda import ERRORS, detect

ATOMICS = "device.amd_pcie_atomics_missing"

# file: (severity, the GPU, the CPU, the line the CPU is named on, the failure quoted or None)
NAMED = {
    "rocm902-fx8300-rx580-clinfo-1001-rocminfo-4104.md": (
        "error",
        "Radeon RX 580",
        "FX8300",
        5,
        "ERROR: clGetPlatformIDs(-1001)",
    ),
    "rocm312-fedora-fx8120-rx480-rx580-vega64-rocm-not-seeing.md": (
        "warning",
        "Radeon RX 480",
        "AMD FX 8120",
        13,
        None,
    ),
}

# a GFX9 GPU on an FX (ROCm 1.8 on: no atomics needed); a CPU the README lists with atomics
# (Broadwell); Hawaii (GFX7) on an FX, nothing failing
QUIET = (
    "rocm501-fx8320-990fx-two-vega56-luxmark-pcie2.md",
    "rocm1373-i5-5350u-rx580-thunderbolt-rocminfo-one-agent.md",
    "justxi72-gentoo-fx8350-r9-390-hawaii-rocm-runs.md",
)


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_gfx8_gpu_on_a_cpu_the_readme_lists_without_atomics_is_named(name: str) -> None:
    severity, gpu, cpu, line, failure = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == ATOMICS]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == severity
    assert exit_code == (1 if severity == "error" else 0)
    message = found[0]["message"]
    assert f"ROCm fails on {gpu}, a GFX8 GPU" in message, message
    assert f"the paste names the CPU {cpu}: ROCm's README" in message, message
    assert "does not list AMD's FX among the CPUs with PCIe 3.0 atomics" in message
    assert line in [q["line"] for q in found[0]["rests_on"]]
    if failure:
        assert message.endswith(f'so ROCm finds none: "{failure}"'), message
    else:
        assert message.startswith("AMD GPU: the reporter says ROCm fails")
    assert "a GFX9 or newer GPU" in found[0]["advice"]
    assert "PCI rejects atomics" in found[0]["advice"]
    assert "variant" not in found[0]


def test_rocms_failures_beside_the_cpu_are_read_not_left_unread() -> None:
    # clinfo's -1001 and rocminfo's 4104 are the GPU ROCm could not take: the finding's
    _, data = detect(ERRORS / "rocm902-fx8300-rx580-clinfo-1001-rocminfo-4104.md")
    unread = [q["line"] for q in data["unread"]]
    assert 12 not in unread and 14 not in unread, data["unread"]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_gfx9_hawaii_and_a_cpu_with_atomics_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert ATOMICS not in {f["code"] for f in data["findings"]}


# the CPUs as the recordings write them, and what ROCm's README says of each
CPUS = {
    "FX8300": Atomics.LACKING,  # rocm902
    "AMD FX 8120": Atomics.LACKING,  # rocm312
    "AMD FX 8320": Atomics.LACKING,  # rocm501
    "AMD FX(tm)-8350": Atomics.LACKING,  # justxi72
    "Ryzen 2500U": Atomics.LISTED,  # rocm902's notebook
    "Intel(R) Core(TM) i5-5350U": Atomics.LISTED,  # rocm1373
}


@pytest.mark.parametrize("name", sorted(CPUS))
def test_the_readme_table_reads_the_recorded_cpus(name: str) -> None:
    said = rocm_atomics.verdict(name)
    assert said is not None and said.atomics is CPUS[name]


def test_every_row_of_the_table_is_a_family_compat_cpus_names() -> None:
    families = {family.name for _, family in cpus._FAMILIES}
    assert set(rocm_atomics._BY_FAMILY) <= families
    assert {name for name, _ in rocm_atomics._UNDECIDED} <= families
