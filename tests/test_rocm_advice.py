"""The ROCm advice that fixes the machine it is given for (issue 38, s21-rocmadvice).

rocBLAS's "Cannot read <dir>/TensileLibrary.dat: … for GPU arch : gfx…" names the directory of
the rocBLAS that failed: the system ROCm's (/opt/rocm, a distribution's /usr/lib) is not the
one a ROCm wheel of torch bundles (…/site-packages/torch/lib/rocblas), so a torch wheel does
not change it; the remedy is a ROCm release whose list carries the target
(compat/rocm_gpus.py), the HSA_OVERRIDE_GFX_VERSION of a listed sibling, or a build for it.
A target on no AMD list up to the table's newest may be on a ROCm wheel's of torch
(compat/wheels.py: gfx1150 and gfx1151 from torch 2.10): that build is named, through the
chooser. A target ROCm 5.5.1 lists for the HIP runtime alone is not "on no list". Each paste
is a real recording (tests/data/reports/README.md gives its thread).
"""

from __future__ import annotations

from typing import Final

from hwdoctor.compat import rocm_gpus
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import Finding, PasteReport
from tests.conftest import ROOT

REPORTS: Final = ROOT / "tests" / "data" / "reports" / "errors"
GFX: Final = "device.gfx_not_compiled"
NOT_LISTED: Final = "device.amd_gpu_not_listed"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((REPORTS / name).read_bytes())))


def only(report: PasteReport, code: str) -> Finding:
    (found,) = [f for f in report.findings if f.code == code]
    return found


def test_a_system_rocblas_without_the_target_is_not_cured_by_a_torch_wheel() -> None:
    """ROCm/AMDMIGraphX#3517: /opt/rocm's rocBLAS has no TensileLibrary for gfx1201 (MIGraphX,
    not torch): the remedy is ROCm 6.4.1 or newer, whose list has gfx1201; no pip line."""
    found = only(diagnosed("migraphx3517-gfx1201-system-rocblas-no-tensile-library.md"), GFX)
    assert found.remedy is None
    assert "system ROCm's rocBLAS" in found.message
    assert found.advice is not None
    assert "ROCm 6.4.1 or newer" in found.advice
    assert "torch" not in (found.remedy or "")


def test_a_system_rocblas_on_a_sibling_target_gets_the_override_not_a_wheel() -> None:
    """ggml-org/llama.cpp#14421: /opt/rocm-6.4.1's rocBLAS has no kernels for gfx1036 (a
    llama.cpp server): no release up to the table's newest lists gfx1036; its sibling
    gfx1030 is the override's target, and no torch wheel is offered."""
    name = "llamacpp14421-gfx1036-system-rocm-6.4.1-rocblas-no-tensile-library.md"
    found = only(diagnosed(name), GFX)
    assert found.remedy is not None
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0" in found.remedy
    assert "pip" not in found.remedy
    assert found.params["first"] == ""
    assert found.params["newest"] == rocm_gpus.NEWEST.last_name


def test_a_target_on_no_amd_list_names_the_torch_build_that_carries_it() -> None:
    """ROCm/legacy-rocm-build#5108: a Radeon 890M (gfx1150) on Linux, asked about: no AMD
    list up to the table's newest holds it, but torch's ROCm wheels from 2.10 do: the
    chooser's build is named, with its pip line."""
    found = only(diagnosed("rocm5108-radeon-890m-gfx1150-linux-support-question.md"), NOT_LISTED)
    assert found.severity.value == "warning"
    assert found.remedy is not None and "pip install" in found.remedy
    assert "gfx1150" in found.remedy  # the chooser's reason: the build carries it
    assert found.advice is not None and found.params["wheel"] in found.advice


def test_a_target_listed_for_the_hip_runtime_alone_is_not_said_to_be_on_no_list() -> None:
    """ROCm 5.5.1's Radeon table lists the RX 6600 as gfx1031 for the HIP runtime only
    ([GPU-OS-5.5]): the words say so (ROCm/tensorflow-upstream#2629, an RX 6700 XT)."""
    assert rocm_gpus.runtime_only("gfx1031") == "5.5.1"
    assert rocm_gpus.runtime_only("gfx1030") is None
    found = only(diagnosed("tfrocm2629-rx6700xt-gfx1031-tensorflow-rocm-no-gpu.md"), NOT_LISTED)
    assert "5.5.1's for the HIP runtime only" in found.message
