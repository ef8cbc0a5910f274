"""Two CUDA majors in a pasted collect_env (issue 41, item 1, from pastes).

The live probe names two CUDA majors loaded in one process (`libraries.mixed_cuda_majors`,
checks.check_loaded_libraries); a paste shows what is installed: NVIDIA's CUDA library
packages that `[pip3]`/`[conda]` list, each of a CUDA major, and the CUDA torch was built
with. The recordings (tests/data/reports/collect_env/, sources in tests/data/reports/
README.md) are four real pastes with two majors in the interpreter's environment (three of
CUDA 12 and 13, one of 11 and 12), two whose CUDA 12 wheels are listed by `[conda]` from
another environment than the one that ran, and one with a single major whose CUTLASS DSL
wheels come in both (`nvidia-cutlass-dsl-libs-cu12` beside `-cu13`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from hwdoctor.compat import libraries
from hwdoctor.diagnosis import pasted
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import PasteReport

COLLECT_ENV: Final = Path(__file__).resolve().parent / "data" / "reports" / "collect_env"
MIXED: Final = {
    # file: (majors, torch's build or None, a line of each major the finding must rest on)
    "fastdeploy4044-torch2.5.1cu118-paddle-cu126-pip-cu11-and-cu12.txt": (
        "11 and 12",
        "torch built with CUDA 11.8",
        ("[pip3] nvidia-cublas-cu11==11.11.3.6", "[pip3] nvidia-cublas-cu12==12.6.4.1"),
    ),
    # torch 2.11.0+cu129's CUDA 12 wheels beside CUDA 13's suffix-less runtime and NVRTC
    "vllm44335-torch2.11.0cu129-pip-cu12-and-cu13-runtime.md": (
        "12 and 13",
        "torch built with CUDA 12.9",
        ("[pip3] nvidia-cublas-cu12==12.9.1.4", "[pip3] nvidia-cuda-runtime==13.3.29"),
    ),
    # torch 2.11.0+cu130 with one CUDA 12 NCCL beside its own CUDA 13 one
    "vllm44878-torch2.11.0cu130-pip-nccl-cu12-beside-cu13.md": (
        "12 and 13",
        "torch built with CUDA 13.0",
        ("[pip3] nvidia-nccl-cu12==2.30.4", "[pip3] nvidia-nccl-cu13==2.28.9"),
    ),
    # a CPU-only torch 2.9.1 on aarch64 beside CUDA 12 and CUDA 13 wheels: no torch build
    "vllm36099-torch2.9.1cpu-aarch64-pip-cu12-and-cu13.md": (
        "12 and 13",
        None,
        ("[pip3] nvidia-cusolver-cu12==11.7.3.90", "[pip3] nvidia-nvjitlink==13.0.88"),
    ),
}
# The same machine twice: pip's CUDA 13 wheels in the venv that ran, `[conda]` listing conda
# base's torch 2.5.1+cu124 and its CUDA 12 wheels (pytorch/pytorch#196996: "not used").
ANOTHER_ENVIRONMENT: Final = (
    "pt196996-torch2.15dev-cu130-pip-cu13-conda-cu12.md",
    "pt196968-torch2.13.0cu130-pip-cu13-conda-cu12.md",
)
CONSISTENT: Final = "vllm54945-torch2.13.0cu130-consistent-cu13-cutlass-libs-cu12.md"


def _report(name: str) -> PasteReport:
    path = COLLECT_ENV / name
    return pasted.diagnose(assemble.gathered(reports.read(path.read_bytes(), path.name)))


@pytest.mark.parametrize("name", sorted(MIXED))
def test_a_pasted_mixed_stack_is_the_live_finding_naming_its_lines(name: str) -> None:
    majors, build, lines = MIXED[name]
    report = _report(name)
    found = [
        (f, quotes)
        for f, quotes in zip(report.findings, report.rests_on, strict=True)
        if f.code == Code.LIBRARIES_MIXED_CUDA.value
    ]
    assert len(found) == 1, [f.code for f in report.findings]
    finding, quotes = found[0]
    assert finding.params["majors"] == majors
    assert finding.message.startswith(f"CUDA {majors} libraries are installed side by side")
    quoted = [q.text for q in quotes]
    for line in lines:
        assert any(text.startswith(line) for text in quoted), (line, quoted)
    if build is None:
        assert "torch built with" not in finding.message
        assert not any("CUDA used to build PyTorch" in text for text in quoted), quoted
    else:
        assert build in finding.message
        assert any("CUDA used to build PyTorch" in text for text in quoted), quoted
    assert finding.advice is not None and "keep one CUDA major" in finding.advice


@pytest.mark.parametrize("name", ANOTHER_ENVIRONMENT)
def test_conda_packages_of_another_environment_than_torch_s_are_not_installed_beside_it(
    name: str,
) -> None:
    """collect_env's `[conda]` is `conda list` of the activated environment, `[pip3]` the
    interpreter's: a `[conda]` torch of another release than the one that ran lists another
    environment, whose CUDA 12 wheels no process of this one loads."""
    text = (COLLECT_ENV / name).read_text(encoding="utf-8")
    assert "[conda] nvidia-cublas-cu12" in text and "[pip3] nvidia-cublas==13" in text
    assert "[conda] torch                     2.5.1+cu124" in text
    report = _report(name)
    found = {f.code for f in report.findings}
    assert Code.LIBRARIES_MIXED_CUDA.value not in found
    # nor is conda base's torchvision 0.20.1 a companion of the torch that ran
    assert Code.EXTENSION_TORCH_MISMATCH.value not in found, found


def test_which_conda_list_is_another_environment_s() -> None:
    """By the torch each list names, as the recordings show them."""
    elsewhere = libraries.conda_lists_another_environment
    assert elsewhere("2.15.0.dev20260914+cu130", ["2.5.1+cu124"])  # pt196996
    assert not elsewhere("2.5.1+cu118", ["2.5.1+cu118"])  # fastdeploy4044: one environment
    assert not elsewhere("1.6.0", ["1.6.0"])  # pt43058, `[conda] torch 1.6.0 <pip>`
    assert not elsewhere("1.7.0+cu101", ["1.7.0"])  # the same release, another local label
    assert not elsewhere("2.11.0+cu130", [])  # vllm44878: conda names no torch
    assert not elsewhere(None, ["2.5.1+cu124"])  # the torch that ran is not shown


def test_conda_s_cudatoolkit_of_torch_s_own_major_is_no_finding() -> None:
    """torch 1.7.0+cu101 beside conda's cudatoolkit 10.2.89: one CUDA major."""
    report = _report("pt47304-torch1.7-cu101-quadro-rtx6000.txt")
    assert Code.LIBRARIES_MIXED_CUDA.value not in {f.code for f in report.findings}


def test_one_major_throughout_is_no_finding() -> None:
    """torch 2.13.0+cu130 with CUDA 13 wheels only; CUTLASS's DSL ships libs for both
    majors, and is no CUDA library."""
    report = _report(CONSISTENT)
    assert Code.LIBRARIES_MIXED_CUDA.value not in {f.code for f in report.findings}


def test_the_cuda_major_of_each_recorded_package_name() -> None:
    """Names and versions as the recordings list them."""
    said = {
        ("nvidia-cublas-cu11", "11.11.3.6"): 11,
        ("nvidia-cuda-runtime-cu12", "12.4.127"): 12,
        ("nvidia-cudnn-cu13", "9.20.0.48"): 13,
        ("nvidia-cuda-runtime", "13.0.96"): 13,  # CUDA 13's own wheels drop the suffix
        ("nvidia-cublas", "13.1.1.3"): 13,
        ("nvidia-cufft", "12.0.0.61"): None,  # cuFFT's own version, not CUDA's
        ("nvidia-cusparse", "12.6.3.3"): None,
        ("nvidia-cutlass-dsl-libs-cu12", "4.6.2"): None,
        ("nvidia-cudnn-frontend", "1.27.0"): None,
        ("nvidia-ml-py", "13.610.43"): None,
        ("cudatoolkit", "10.2.89"): 10,  # conda's, as pt47304's collect_env lists it
        ("pytorch-cuda", "12.1"): 12,
    }
    assert {key: libraries.cuda_major_of(*key) for key in said} == said
