"""Which AMD GPUs each ROCm release lists, and the pastes about a GPU it leaves out (issue 38,
s21-rocmgpus).

compat/rocm_gpus.py holds AMD's lists release by release (the ROCm README's "Supported GPUs" to
4.5.2, "GPU and OS Support (Linux)" for 5.6 and 5.7, "System requirements (Linux)" and the
compatibility matrix for 6.0 to 6.3). A failure or a question about ROCm on a GPU whose target
the release shown does not list (or no release lists) is device.amd_gpu_not_listed: an error
where a failure is shown or stated, a warning where it is asked. A GPU the release lists, an
NVIDIA paste, and a paste whose cause another finding names are not. Each paste is a real
recording (tests/data/reports/README.md gives its thread).
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.compat import rocm_gpus
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.pasted import FactKey
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT

REPORTS: Final = ROOT / "tests" / "data" / "reports"
NOT_LISTED: Final = "device.amd_gpu_not_listed"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((REPORTS / name).read_bytes())))


def rests_on(report: PasteReport, words: str) -> bool:
    return any(words in q.text for quotes in report.rests_on for q in quotes)


# --- the table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gfx", "release", "listed"),
    [
        ("gfx803", (3, 10), True),  # Fiji and Polaris 10, officially (README rocm-3.10.0)
        ("gfx803", (4, 1), True),  # Polaris 11 and 12, "enabled" (README rocm-4.x)
        ("gfx803", (5, 7), False),  # GPU and OS Support (Linux), 5.7: not there
        ("gfx803", (6, 1), False),
        ("gfx900", (4, 5), True),
        ("gfx900", (6, 0), False),  # MI25 ❌
        ("gfx1030", (4, 5), False),  # Navi 21: "not officially supported right now with 4.5"
        ("gfx1030", (5, 0), True),  # README rocm-5.0.0: V620 and W6800
        ("gfx1100", (6, 2), True),
        ("gfx1010", (4, 1), False),
        ("gfx1031", (6, 3), False),
        ("gfx1103", (6, 1), False),
        ("gfx1201", (6, 3), False),
        ("gfx90a", (4, 5), None),  # the 4.x README leaves out the MI200 its notes announce
        ("gfx906", (5, 3), None),  # 5.0 to 5.5: the sources do not say
        ("gfx1201", (6, 4), None),  # newer than the table
    ],
)
def test_each_release_lists_what_its_documentation_lists(
    gfx: str, release: tuple[int, int], listed: bool | None
) -> None:
    assert rocm_gpus.listed_in(gfx, release) is listed


def test_the_targets_no_release_lists_and_when_the_others_come_and_go() -> None:
    for never in ("gfx1010", "gfx1011", "gfx1012", "gfx1031", "gfx1032", "gfx1034", "gfx1035"):
        assert not rocm_gpus.ever_listed(never), never
    for never in ("gfx1036", "gfx1101", "gfx1102", "gfx1103", "gfx902", "gfx90c", "gfx1151"):
        assert not rocm_gpus.ever_listed(never), never
    assert rocm_gpus.first_after("gfx1030", (4, 5)) == "5.0"
    assert rocm_gpus.first_after("gfx1201", (6, 3)) == "6.4.1"
    assert rocm_gpus.first_after("gfx1010", (4, 1)) is None
    dropped = rocm_gpus.last_before("gfx803", (6, 1))
    assert dropped is not None and dropped.last_name == "4.5.2"
    assert dropped.listed["gfx803"] is rocm_gpus.Status.ENABLED
    assert all(span.source for span in rocm_gpus.SPANS)


@pytest.mark.parametrize(
    ("gfx", "target", "value"),
    [("gfx1031", "gfx1030", "10.3.0"), ("gfx1036", "gfx1030", "10.3.0"),
     ("gfx1102", "gfx1100", "11.0.0"), ("gfx1103", "gfx1100", "11.0.0")],
)  # fmt: skip
def test_a_sibling_of_a_listed_target_has_the_override(gfx: str, target: str, value: str) -> None:
    """compat/kernels.py's HSA_OVERRIDE_GFX_VERSION, for a target of the same major and
    minor as one the newest list holds; RDNA 1 (gfx1010) is no sibling of gfx1030."""
    found = rocm_gpus.override(gfx)
    assert found is not None and (found.override_target, found.override_value) == (target, value)
    assert rocm_gpus.override("gfx1010") is None and rocm_gpus.override("gfx90c") is None


# --- the pastes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "gfx", "variant", "resting"),
    [
        # ROCm/legacy-rocm-build#1447: ROCm 4.1.0 on an RX 5700 XT, AMD: "not supported"
        (
            "errors/rocm1447-rx5700xt-navi10-rocm-4.1-gpuowl-not-supported.md",
            "gfx1010",
            "never",
            "ROCm 4.1.0 and Navi 10",
        ),
        # ROCm/legacy-rocm-build#865: "ROCm 2.7 cannot find RX5700"
        ("errors/rocm865-rx5700-rocm-2.7-device-not-found.md", "gfx1010", "never", "ROCm 2.7"),
        # ROCm/legacy-rocm-build#1306: "What about the RX 5500 XT?"
        (
            "errors/rocm1306-rx5500xt-gfx1012-status-question.md",
            "gfx1012",
            "never_asked",
            "RX 5500 XT",
        ),
        # ROCm/legacy-rocm-build#1083: "Does now RX 5700 series support ROCm?"
        (
            "errors/rocm1083-rx5700-series-rocm-support-question.md",
            "gfx1010",
            "never_asked",
            "RX5700",
        ),
        # ROCm/legacy-rocm-build#2901: ROCm 6.0.0's rocminfo failing on an RX 7600 XT
        (
            "errors/rocm2901-rx7600xt-gfx1102-rocm-6.0-rocminfo-hsa-failure.md",
            "gfx1102",
            "sibling",
            "RX 7600 XT",
        ),
        # ROCm/tensorflow-upstream#2629: tensorflow-rocm finds no GPU on an RX 6700 XT
        (
            "errors/tfrocm2629-rx6700xt-gfx1031-tensorflow-rocm-no-gpu.md",
            "gfx1031",
            "sibling",
            "RX 6700 XT",
        ),
    ],
)
def test_a_gpu_the_rocm_release_does_not_list_is_named(
    name: str, gfx: str, variant: str, resting: str
) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == NOT_LISTED]
    assert found.backend == "rocm"
    message = found.message or ""
    assert gfx in message and "supported GPUs" in message, message
    # the route, by the words of its variant (JSON findings carry no variant)
    assert "no ROCm release up to 6.3.3 lists" in message
    assert ("its sibling" in message) is variant.startswith("sibling"), message
    asked = variant.endswith("_asked")
    assert ("the paste asks about" in message) is asked, message
    assert found.severity.value == ("warning" if asked else "error")
    advice = found.advice or ""
    if variant.startswith("sibling"):
        # the sibling's override, said as a workaround AMD does not support
        assert "HSA_OVERRIDE_GFX_VERSION=" in advice and "does not support" in advice
        assert "export HSA_OVERRIDE_GFX_VERSION=" in (found.remedy or "")
    else:
        assert "HSA_OVERRIDE_GFX_VERSION" not in advice + (found.remedy or "")
    assert "pip install" not in (found.remedy or "")
    assert rests_on(report, resting), report.rests_on
    # the generic refusal and the unanswered question step aside for the named cause
    codes = {f.code for f in report.findings}
    assert not codes & {"extension.arch_unsupported", "backend.support_asked_no_library"}


@pytest.mark.parametrize(
    "name",
    [
        # a 7900 XTX (gfx1100) on ROCm 6.3, which lists it: its own error is the cause
        "errors/bnb1519-comment-rx7900xtx-multi-backend-branch-rocm63-undefined-symbol.md",
        # a Radeon Pro V620 (gfx1030), on every list since 5.0
        "errors/rocm2995-navi21-v620-mxgpu-no-amd-gpus-specified-rock-not-loaded.md",
        # NVIDIA: no AMD GPU at all
        "collect_env/pt47304-torch1.7-cu101-quadro-rtx6000.txt",
        # gfx1103 whose rocBLAS failure torch's compiled list already names
        # (device.gfx_not_compiled): no second finding
        "issue_body/therock1184-gfx1103-780m-rocm-sdk-targets-rocminfo.md",
    ],
)
def test_a_listed_gpu_an_nvidia_paste_or_a_named_cause_is_not(name: str) -> None:
    report = diagnosed(name)
    assert NOT_LISTED not in {f.code for f in report.findings}


# --- s21-mendA: the red team's defects 1 to 5 ---------------------------------------------


@pytest.mark.parametrize(
    ("gfx", "release", "listed"),
    [
        # rocm-5.5.1 gpu_os_support.md: "RX 6600 | RDNA2 |HIP Runtime | gfx1031 | Supported"
        ("gfx1031", (5, 5), True),
        ("gfx1032", (5, 5), None),  # the RX 6600 is gfx1032: AMD's row may mean it
        ("gfx1012", (5, 5), None),  # "This table is incomplete."
        ("gfx803", (5, 5), False),  # "R9 Fury | Fiji |NA | gfx803 | Community"
        ("gfx1032", (5, 4), False),  # the 5.0 README's list: gfx1030 alone of RDNA
        ("gfx1100", (5, 6), False),
        ("gfx1100", (5, 7), None),  # ROCm/amdgpu#151: "In ROCm 5.7, the 7900XTX has official
        # support in Ubuntu 22.04" (AMD's Radeon documentation)
    ],
)
def test_the_5_5_and_5_7_lists_are_as_amd_documents_them(
    gfx: str, release: tuple[int, int], listed: bool | None
) -> None:
    assert rocm_gpus.listed_in(gfx, release) is listed
    # the HIP runtime alone is no listing of the libraries: 6.1 does not "no longer" list it
    assert rocm_gpus.last_before("gfx1031", (6, 1)) is None
    assert not rocm_gpus.ever_listed("gfx1031")


def test_a_gpu_amd_supports_from_the_release_named_is_not_called_unlisted() -> None:
    """ROCm/amdgpu#151: an RX 7900 XTX, ROCm 5.7 (gfx1100 supported there by AMD's Radeon
    documentation) and 6.0 named; the reporter's own kernel is what fails. Before s21-mendA
    the rule said ROCm 5.7 does not list gfx1100, from the first release the paste names."""
    report = diagnosed("errors/amdgpu151-rx7900xtx-rocm-5.7-listed-own-kernel-does-not-work.md")
    assert NOT_LISTED not in {f.code for f in report.findings}


def test_the_override_set_on_an_export_line_is_read() -> None:
    """ROCm/legacy-rocm-build#4380: `export HSA_OVERRIDE_GFX_VERSION=11.0.0` among the
    environment variables, a line no other reader takes: the variable is set (the rule then
    advises no override, pasted.py _rocm_unlisted)."""
    name = "errors/rocm4380-rx7600xt-rocm-6.2.1-export-hsa-override-segfault.md"
    pasted_report = assemble.gathered(reports.read((REPORTS / name).read_bytes()))
    said = [f for f in pasted_report.facts if f.key is FactKey.ENV_HSA_OVERRIDE]
    assert [f.value for f in said] == ["11.0.0"]
    assert said[0].quote.text.startswith("export HSA_OVERRIDE_GFX_VERSION=")
    assert NOT_LISTED not in {f.code for f in pasted.diagnose(pasted_report).findings}
