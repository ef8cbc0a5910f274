"""A library (or torch) refusing the hardware or platform in its own words, read as one grammar
(issue 38, items 4 and 5; s10-refusal).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): flash-attn's
ROCm builds refusing a gfx target ("gfx1100 is invalid or not supported by Flash-Attention",
"AssertionError: One of GPU archs of ['gfx908'] is invalid …", "FlashAttention only supports AMD
MI200 GPUs or newer."), FlashAttention 3 and 4 refusing a Blackwell GPU in vLLM's and a
maintainer's words; torch.distributed without NCCL on a Mac and on Windows. Each is an error
finding with no install line, for the backend the words name (ROCm for a gfx target, never a
CUDA line there). Quiet: a fallback that goes on, a dtype refused, a model type "not supported
for all configurations", torch's own kernel bug, the NCCL words on Linux.
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import refusals
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (code, backend, the message's first words, the line the finding rests on)
REFUSED = {
    "rocmfa37-gfx908-mi100-setup-archs-assertion.md": (
        "extension.arch_unsupported",
        "rocm",
        "flash-attn does not run on this GPU",
        16,
    ),
    "rocmfa24-mi100-torch-check-only-supports-mi200-or-newer.md": (
        "extension.arch_unsupported",
        "rocm",
        "flash-attn does not run on this GPU",
        10,
    ),
    "embeddedllm21-rx6800-docker-flash-only-supports-mi200.md": (
        "extension.arch_unsupported",
        "rocm",
        "flash-attn does not run on this GPU",
        3,
    ),
    "fa1853-rtx-pro-4500-blackwell-fa3-only-supported-on-devices.md": (
        "extension.arch_unsupported",
        "cuda",
        "flash-attn does not run on this GPU",
        4,
    ),
    "sglang23985-fa4-fp8-only-supported-on-sm100-rtx5090.md": (
        "extension.arch_unsupported",
        "cuda",
        "flash-attn does not run on this GPU",
        8,
    ),
    "llama112-macos-monterey-torchrun-nccl-not-built.md": (
        "backend.os_unsupported",
        "mps",
        "torch has no NCCL on macOS",
        1,
    ),
    "llama3-37-title-m1-pro-nccl-not-built.md": (
        "backend.os_unsupported",
        "mps",
        "torch has no NCCL on macOS",
        1,
    ),
    "gpt4all33-users-path-accelerate-nccl-not-built-m1.md": (
        "backend.os_unsupported",
        "mps",
        "torch has no NCCL on macOS",
        8,
    ),
    # vLLM's setup.py refusing every system but Linux, on a Mac (vllm-project/vllm#3438)
    "flashrag5-apple-silicon-mac-vllm-only-supports-linux.md": (
        "backend.os_unsupported",
        "mps",
        "vLLM does not run on macOS",
        5,
    ),
    # CTranslate2's device argument refusing "mps" (src/devices.cc str_to_device)
    "ctranslate2-1562-whisper-unsupported-device-mps.md": (
        "extension.arch_unsupported",
        "mps",
        "the library that raised it does not run on this Mac's GPU",
        1,
    ),
    "vits202-windows-spawn-init-process-group-nccl-not-built.md": (
        "backend.os_unsupported",
        None,
        "torch has no NCCL on Windows",
        18,
    ),
}
QUIET = (
    "gfx1151fa3-comfyui-gfx1103-flash-failed-using-default-sdpa.md",  # a fallback that goes on
    "pt188113-ck-sdpa-gfx1201-arch-whitelist-torch-bug.md",  # torch's own kernel guard (a bug)
    "vtimellm18-model-type-not-supported-for-all-configurations-normal.md",  # "it is normal"
    "llama50-ubuntu-3090-torch1.12.1-nccl-not-built.md",  # NCCL's words on Linux
    # SAM 2's warning that it turns flash attention off ("you can ignore this warning")
    "sam2-136-windows-userwarning-flash-disabled-requires-ampere.md",  # a warning, then sdpa
    "sam2-191-p100-userwarning-flash-disabled-expected.md",
    # vLLM's FA2 refusal logged at ERROR on a T4, then another attention backend (opendatalab/
    # MinerU#3705: "vllm should switch to flex attention by itself", a maintainer)
    "mineru3705-zh-t4-vllm-fa2-unsupported-falls-back.md",
)
CODES = ("extension.arch_unsupported", "backend.os_unsupported")


@pytest.mark.parametrize("name", sorted(REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_a_library_refusing_the_hardware_is_named_for_its_backend(name: str) -> None:
    code, backend, words, line = REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == code]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error"
    assert found[0]["backend"] == backend
    assert found[0]["message"].startswith(words)
    assert found[0]["remedy"] is None  # no install makes a library run where it refuses
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not any(s in str(f) for f in data["findings"] for s in CUDA_OR_ROCM)


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_not_supported_of_something_else_is_no_refusal(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not [f for f in data["findings"] if f["code"] in CODES], data["findings"]


@pytest.mark.parametrize(
    "line",
    [
        "FlashAttention only support fp16 and bf16 data type",  # flash-attn: a dtype
        "NotImplementedError: skip_zeros is not supported on XPU yet",  # bitsandbytes: a feature
        "GPU does not support FP8, using Marlin FP8 kernel",  # TGI: a fallback
        " ## Warning: Flash Attention is installed but unsupported GPUs were detected.",
        "nvcc fatal   : Unsupported gpu architecture 'compute_120a'",  # the toolkit's own
        "Is gfx1030 not supported?",  # a question
        "ValueError: Unsupported device: cpu",
        "ValueError: unsupported device cuda",  # NVIDIA's or AMD's: no hardware refused here
        "bf16 is not supported on Tesla T4",  # device.bf16_unsupported's, not this reading's
        "RuntimeError: Paged attention doesn't support softcapping",  # TGI: a feature
        "No information to user in case of unsupported hardware",  # prose
        "I know the installer requires Linux",  # names no library that refuses
        # vLLM logs it at ERROR, then picks another attention backend (fa_utils.py)
        "(EngineCore_DP0 pid=2780936) ERROR 10-13 11:36:41 [fa_utils.py:57] Cannot use FA "
        "version 2 is not supported due to FA2 is only supported on devices with compute "
        "capability >= 8",
    ],
)
def test_the_grammar_leaves_other_subjects_alone(line: str) -> None:
    assert refusals.read(line) is None


@pytest.mark.parametrize(
    ("line", "library", "stack"),
    [
        ("gfx1100  is invalid or not supported by Flash-Attention", "flash-attn", "rocm"),
        (
            "RuntimeError: FlashAttention only supports AMD MI200 GPUs or newer.",
            "flash-attn",
            "rocm",
        ),
        ("Flash attention doesn't support any GPU lower than ampere.", "flash-attn", "cuda"),
        ("GPU with CUDA is capability 7 0 is not supported", "", "cuda"),
        ('raise ValueError(f"Unsupported soc_version: {soc_version}")', "", "npu"),
        ("RuntimeError: only supports Blackwell GPUs or newer.", "", "cuda"),  # SageAttention 3
        ("AssertionError: Unsupported compute capability. Supported: 8.x, 9.x", "", "cuda"),
        ("torch.compile is not supported on Windows", "torch.compile", "os"),
        ("AssertionError: vLLM only supports Linux platform (including WSL).", "vLLM", "os"),
        ("ValueError: unsupported device mps", "", "mps"),  # CTranslate2's device argument
    ],
)
def test_the_grammar_reads_each_librarys_form(line: str, library: str, stack: str) -> None:
    refused = refusals.read(line)
    assert refused is not None
    assert (refused.library, refused.stack) == (library, stack)
