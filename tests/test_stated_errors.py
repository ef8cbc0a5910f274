"""A paste that states an error never reads "no problem" (issue 38, item 5).

Each message here states an error in the words of the code that prints it, with or without
an exception's name before it; each case is a real paste of the corpus (its source in
`tests/data/reports/README.md`). Where no finding accounts for the line it is listed as
unread, counted in the headline, and the exit code is 1; a finding that does account for it
is named.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


def explained(report: PasteReport, words: str) -> bool:
    """Whether the line holding `words` is listed as unread, or a finding rests on it."""
    unread = any(words in q.text for q in report.unread)
    rests = any(words in q.text for quotes in report.rests_on for q in quotes)
    return unread or rests


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # torch's warning (c10/cuda/CUDAFunctions.cpp), no exception's name before it
        ("fastsurfer39-userwarning-found-no-nvidia-driver.md", "Found no NVIDIA driver"),
        # docker's "Error response from daemon: could not select device driver"
        ("tgi1312-docker-could-not-select-device-driver-gpu.md", "could not select device driver"),
        # bitsandbytes' warning (bitsandbytes/cextension.py)
        ("bnb719-windows-compiled-without-gpu-support-cpu-dll.md", "compiled without GPU support"),
    ],
)
def test_a_stated_error_is_named_or_listed_and_never_no_problem(name: str, words: str) -> None:
    report = diagnosed(name)
    assert explained(report, words), (report.findings, report.unread)
    assert "no problem" not in rendered.counts(report)
    if any(words in q.text for q in report.unread):
        assert report.exit_code == 1  # an error line no finding explains fails the run


@pytest.mark.parametrize(
    "line",
    [
        "AssertionError",
        "`AssertionError`",
        "> torch.cuda.OutOfMemoryError:",
        "`RuntimeError: CUDA error: forward compatibility was attempted on non supported HW`",
        "CUDA error: forward compatibility was attempted on non supported HW",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
        "FlashAttention only supports Ampere GPUs or newer.",
    ],
)
def test_error_forms_with_or_without_inline_code_are_error_lines(line: str) -> None:
    assert cleaning.error_like(cleaning.clean(line))


@pytest.mark.parametrize(
    "line",
    [
        "Observe KeyError:",  # an exception's name ending the reporter's sentence
        "I get RuntimeError when I run it",
        "### Error logs",
        "`Error`",
    ],
)
def test_an_exceptions_name_in_the_reporters_words_is_no_error_line(line: str) -> None:
    assert not cleaning.error_like(cleaning.clean(line))


@pytest.mark.parametrize(
    "name",
    [
        # the thread: a working NVIDIA driver is what torch needs
        "fastsurfer39-userwarning-found-no-nvidia-driver.md",
        # the thread: no GPU, the CPU does the work; a warning, never an error
        "ltp468-zh-userwarning-found-no-nvidia-driver-cpu-machine.md",
    ],
)
def test_torch_finding_no_nvidia_driver_is_its_own_warning(name: str) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "driver.not_found" and found.severity.value == "warning"
    assert "Found no NVIDIA driver" in found.message
    assert "CPU build of torch" in (found.advice or "")
    (quotes,) = report.rests_on
    assert any("Found no NVIDIA driver" in q.text for q in quotes)
    assert not report.unread  # the finding accounts for the line
    assert "no problem" not in rendered.counts(report)


def test_no_driver_beside_torchs_version_names_it() -> None:
    # FastSurfer#39's line after a version line, as a reporter would add it
    lines = (ERRORS / "fastsurfer39-userwarning-found-no-nvidia-driver.md").read_text("utf-8")
    report = pasted.diagnose(assemble.gathered(reports.read(("torch 1.7.0\n" + lines).encode())))
    (found,) = report.findings
    assert found.message.startswith("torch 1.7.0 found no NVIDIA driver")


@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        # torch's "Error 804: …" in a vLLM container's log (cudaErrorCompatNotSupportedOnDevice)
        (
            "vllm5283-docker-v0.4.3-error-804-forward-compatibility.md",
            "driver.forward_compat_unsupported",
            "Error 804",
        ),
        # docker's daemon with no device driver for the gpu capability
        (
            "tgi1312-docker-could-not-select-device-driver-gpu.md",
            "host.container_runtime_without_gpu",
            "could not select device driver",
        ),
        # flash-attention 2's own check on a Turing T1000
        (
            "fa1230-t1000-turing-flashattention-only-supports-ampere.md",
            "extension.arch_unsupported",
            "only supports Ampere",
        ),
        # bitsandbytes 0.3x on Windows, its CPU library loaded (bitsandbytes/cextension.py)
        (
            "bnb719-windows-compiled-without-gpu-support-cpu-dll.md",
            "extension.bitsandbytes_without_gpu",
            "compiled without GPU support",
        ),
        # vLLM's DeviceConfig with no platform found, in an issue's title
        (
            "vllm12847-title-failed-to-infer-device-type-v0.7.2.md",
            "backend.vllm_no_device",
            "Failed to infer device type",
        ),
        # vLLM's dtype check on a V100, in an issue's title
        (
            "vllm946-v100-bfloat16-needs-compute-capability-8.0.md",
            "device.bf16_unsupported",
            "Bfloat16 is only supported",
        ),
    ],
)
def test_a_message_that_states_its_cause_is_named(name: str, code: str, words: str) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == code and found.severity.value == "error"
    (quotes,) = report.rests_on
    assert any(words in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1


def test_a_message_read_as_a_fact_still_states_its_error() -> None:
    """bitsandbytes' "CUDA SETUP: Required library version not found" is read as a fact of
    its report (the binary it wanted), not by an error line's shape; it states an error, so
    a finding names it (the library it wanted, issue 38) and rests on its line, and the
    headline never says "no problem" (bitsandbytes-foundation/bitsandbytes#551, in
    tests/data/reports/bitsandbytes/)."""
    path = ROOT / "tests" / "data" / "reports" / "bitsandbytes"
    paste = reports.read((path / "bnb551-cuda122-library-not-found-cpu-fallback.txt").read_bytes())
    report = pasted.diagnose(assemble.gathered(paste))
    assert [f.code for f in report.findings] == ["extension.bitsandbytes_without_gpu"]
    assert "libbitsandbytes_cuda122.so" in report.findings[0].message
    (quotes,) = report.rests_on
    assert any("Required library version not found" in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1
    assert "no problem" not in rendered.counts(report)
