"""Dtypes a device refuses beyond CUDA's: MPS, DirectML, Intel GPUs, CTranslate2 (issue 38,
s18-dtype).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):

- torch's MPS refusing a dtype it has no Metal type for, float64 and bfloat16 apart
  (OperationUtils.mm getMPSDataType: "Trying to convert Float8_e4m3fn to the MPS backend but
  it does not have support for that dtype."): mps.dtype_unsupported, a warning, with the
  dtype MPS has instead; the `weights` variant where the paste names fp8 weights (ComfyUI's
  fp8 checkpoints), not where the program casts to fp8 itself;
- MPS refusing a dtype below the macOS release the message names ("isin_Tensor_Tensor_out
  only works on floating types on MPS for pre MacOS_14_0. Received dtype: Long"):
  mps.macos_too_old's `op` variant (`op_unseen` where the paste shows no macOS release), that
  operation's release and a cast as the remedy;
- torch-directml's "The GPU device does not support Double (Float64) operations!":
  backend.directml_float64_unsupported, a warning without a backend (as
  backend.directml_operator_not_implemented);
- the Intel Graphics Compiler's "Double type is not supported on this platform." in a kernel
  torch built for an Intel GPU (IPEX's, Inductor's Triton kernels): xpu.float64_unsupported's
  `igc` variant; the same words from llama.cpp's OpenCL backend name nothing;
- CTranslate2's compute type refused with the NVIDIA GPU the paste shows: its generation below
  the type's floor, or (`compute_type_cpu`) a GPU that runs the type, where CTranslate2 ran on
  the CPU.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.model.reports import Finding, PasteReport
from tests.test_stated_errors import diagnosed

# file: (code, variant's words at the message's start, words in the advice, a line it rests on)
NAMED: Final = {
    "perftest62-mps-torch2.7.0-own-cast-float8-e4m3fn.md": (
        "mps.dtype_unsupported",
        "torch refused Float8_e4m3fn on the Mac's GPU (MPS), which has no such type",
        "float16",
        1,
    ),
    "diffgfdn3-mps-complexdouble-collate-cast-complex64.md": (
        "mps.dtype_unsupported",
        "torch refused ComplexDouble on the Mac's GPU (MPS), which has no such type",
        "complex64",
        4,
    ),
    "comfyui8881-title-float8-mps-flux-kontext-fp8-scaled.md": (
        "mps.dtype_unsupported",
        "torch refused Float8_e4m3fn on the Mac's GPU (MPS), which has no fp8 type",
        "load a checkpoint in a dtype MPS has",
        33,  # the fp8 checkpoint's name
    ),
    "comfyui5533-title-float8-mps-sd3-fp8-mac-m2.md": (
        "mps.dtype_unsupported",
        "torch refused Float8_e4m3fn on the Mac's GPU (MPS), which has no fp8 type",
        "load a checkpoint in a dtype MPS has",
        1,
    ),
    "soulxtts1-title-isin-int64-mps-pre-macos14-ventura-13.6.7.md": (
        "mps.macos_too_old",
        "Apple M2 runs macOS 13.6.7; torch's MPS runs this operation from macOS 14.0 "
        '(torch: "isin_Tensor_Tensor_out',
        "cast that operation's tensors",
        1,
    ),
    "flexeval145-hf-generate-isin-int64-mps-pre-macos14-no-version.md": (
        "mps.macos_too_old",
        "torch's MPS runs this operation from macOS 14.0 only, newer than this Mac's (torch: "
        '"isin_Tensor_Tensor_out',
        "cast that operation's tensors",
        16,
    ),
    "directml699-intel-uhd770-rsub-no-double-float64.md": (
        "backend.directml_float64_unsupported",
        "float64 was asked of the GPU through torch-directml",
        "convert to float32 before moving to the dml device",
        1,
    ),
    "directml438-title-bert-embeddings-no-double-float64.md": (
        "backend.directml_float64_unsupported",
        "float64 was asked of the GPU through torch-directml",
        "convert to float32 before moving to the dml device",
        1,
    ),
    "sdnext2011-directml-arc-a750-no-double-float64.md": (
        "backend.directml_float64_unsupported",
        "float64 was asked of the GPU through torch-directml",
        "convert to float32 before moving to the dml device",
        9,
    ),
    "ipex303-arc-a750-wsl-abs-kernel-double-type-not-supported.md": (
        "xpu.float64_unsupported",
        "a kernel torch built for this Intel GPU has double math",
        "IGC_EnableDPEmulation=1",
        7,  # IPEX's kernel: torch on the XPU
    ),
    "pt180664-arc-a770-windows-inductor-triton-double-type-not-supported.md": (
        "xpu.float64_unsupported",
        "a kernel torch built for this Intel GPU has double math",
        "IGC_EnableDPEmulation=1",
        25,  # the compiler's closing line
    ),
    "audiosplitter4-gtx1070-float16-compute-type-float32-works.md": (
        "extension.arch_unsupported",
        "CTranslate2 refuses the float16 compute type on the nvidia gtx 1070 (Pascal, compute "
        "capability 6.1)",
        'compute_type="int8"',
        13,  # "My gpu nvidia gtx 1070"
    ),
    "vocalis5-gtx1060-nvidia-smi-float16-compute-type-title.md": (
        "extension.arch_unsupported",
        "CTranslate2 refuses the float16 compute type on the Nvidia GTX 1060 (Pascal, compute "
        "capability 6.1)",
        'compute_type="int8"',
        1,
    ),
    "xttswebui7-rtx3060-faster-whisper-float16-compute-type-torch-cpu.md": (
        "extension.arch_unsupported",
        "CTranslate2 refused the float16 compute type, which the Nvidia RTX 3060 (compute "
        "capability 8.6) runs",
        'device="cuda"',
        4,  # "GPU: Nvidia RTX 3060 (12GB)."
    ),
}
# Pastes whose other error lines no finding here explains (a custom node's missing file)
OTHER_LINES: Final = frozenset({"comfyui5533-title-float8-mps-sd3-fp8-mac-m2.md"})
# file: the codes it must not get, and why
QUIET: Final = {
    # llama.cpp's OpenCL backend on an Iris Xe: the compiler's words, no torch in the paste
    "llamacpp11266-iris-xe-opencl-double-type-not-supported-not-torch.md": (
        "xpu.float64_unsupported",
    ),
    # the reporter's paraphrase of CTranslate2's refusal, and "Gefore RTX 4050": no message
    # read, no GPU named; the thread: a torch built with CUDA made it run on the GPU
    "whisperx1143-rtx4050-float16-compute-type-cpu-torch-without-cuda.md": (
        "extension.arch_unsupported",
    ),
}


def _found(report: PasteReport, code: str) -> list[tuple[Finding, tuple[int, ...]]]:
    return [
        (f, tuple(q.line for q in quotes))
        for f, quotes in zip(report.findings, report.rests_on, strict=True)
        if f.code == code
    ]


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_dtype_the_device_refuses_is_named(name: str) -> None:
    code, words, advice, line = NAMED[name]
    report = diagnosed(name)
    found = _found(report, code)
    assert len(found) == 1, report.findings
    finding, lines = found[0]
    assert finding.message.startswith(words), finding.message
    assert advice in (finding.advice or ""), finding.advice
    assert line in lines, lines
    assert finding.remedy is None or "pip install" not in finding.remedy  # no install line
    assert name in OTHER_LINES or not report.unread, report.unread


def test_a_programs_own_fp8_cast_is_not_called_the_weights() -> None:
    # the program's .to(torch.float8_e4m3fn): no checkpoint, so no weights to replace
    finding, _ = _found(diagnosed("perftest62-mps-torch2.7.0-own-cast-float8-e4m3fn.md"),
                        "mps.dtype_unsupported")[0]  # fmt: skip
    assert "weights" not in finding.message and "checkpoint" not in (finding.advice or "")


def test_bfloat16_in_the_same_words_stays_the_bf16_finding() -> None:
    # getMPSDataType says BFloat16 in these words too (before torch 2.3): mps.bf16_unsupported
    report = diagnosed("easydiffusion1746-title-bfloat16-mps-lora-stays-bf16.md")
    codes = {f.code for f in report.findings}
    assert "mps.bf16_unsupported" in codes and "mps.dtype_unsupported" not in codes, codes


@pytest.mark.parametrize("name", sorted(QUIET), ids=lambda n: n.split("-", 1)[0])
def test_look_alikes_name_nothing_of_it(name: str) -> None:
    codes = {f.code for f in diagnosed(name).findings}
    assert not codes & set(QUIET[name]), codes


def test_directml_float64_has_no_backend_and_asks_the_device() -> None:
    finding, _ = _found(diagnosed("directml699-intel-uhd770-rsub-no-double-float64.md"),
                        "backend.directml_float64_unsupported")[0]  # fmt: skip
    assert finding.backend is None and finding.severity.value == "warning"
    assert "torch_directml.has_float64_support()" in (finding.remedy or "")
