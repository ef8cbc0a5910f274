"""Precision a backend refuses (issue 38, items 4 and 5; s9-precision).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):
accelerate's refusal of bf16 mixed precision ("bf16 mixed precision requires PyTorch >= 1.10
and a supported device.", accelerate/accelerator.py) on a CUDA GPU, where its
is_bf16_available() is False for a GPU older than Ampere before torch 2.3 (and from 2.3
only where the GPU cannot make a bfloat16 tensor), and on a Mac, where accelerate
0.30 to 1.10 run no bf16 AMP on MPS; and SYCL's refusal of a float64 kernel on an Intel GPU
without fp64 ("Required aspect fp64 is not supported on the device"), a warning: the machine
is fine, the program or torch's XPU kernel asked for float64; and NVIDIA's PTX assembler
refusing bf16 instructions below sm_80 ("Feature '.bf16' requires .target sm_80 or higher"),
as Triton's kernels meet it on a T4 or an RTX 20xx; and an operator without an XPU kernel
("Could not run 'aten::…' with arguments from the 'XPU' backend"), a warning. Quiet: a bf16
run whose error is the program's dtypes, DirectML's own float64 words, and a tensor factory
without an XPU kernel (no XPU backend loaded, not a missing operator).
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (code, the message's first words, the line the finding rests on)
NAMED = {
    "kohyatrainer246-save-precision-bf16-accelerate-supported-device.md": (
        "device.bf16_unsupported",
        "accelerate refused bf16 mixed precision: torch (version not shown) said the CUDA GPU",
        1,
    ),
    "kohyass523-windows-portable-accelerate-bf16-supported-device.md": (
        "device.bf16_unsupported",
        "accelerate refused bf16 mixed precision: torch (version not shown) said the CUDA GPU",
        15,
    ),
    "kohyass2080-colab-accelerate-bf16-supported-device.md": (
        "device.bf16_unsupported",
        "accelerate refused bf16 mixed precision: torch (version not shown) said the CUDA GPU",
        17,
    ),
    "accelerate3064-mps-bf16-accelerator-supported-device.md": (
        "mps.bf16_unsupported",
        "accelerate refused bf16 mixed precision on this Mac's GPU",
        23,
    ),
    "musubi790-macos-z-image-accelerate-bf16-supported-device.md": (
        "mps.bf16_unsupported",
        "accelerate refused bf16 mixed precision on this Mac's GPU",
        9,
    ),
    "lmdeploy1266-ptxas-bf16-requires-sm80.md": (
        "device.bf16_unsupported",
        "a kernel compiled for this GPU asked for bfloat16",
        3,
    ),
    "mamba269-ptxas-cvt-bf16-f32-requires-sm80.md": (
        "device.bf16_unsupported",
        "a kernel compiled for this GPU asked for bfloat16",
        3,
    ),
    "hunyuanwrapper465-windows-sm75-ptxas-cvt-bf16.md": (
        "device.bf16_unsupported",
        "a kernel compiled for this GPU asked for bfloat16",
        3,
    ),
    "zonos43-colab-t4-ptxas-bf16-cvt-sm80.md": (
        "device.bf16_unsupported",
        # the T4 from the reporter's words (s13-prose)
        "a kernel compiled for the T4 (compute capability 7.5) asked for bfloat16",
        4,
    ),
    "ipex285-a770-yolov7-native-api-996-uses-fp64-math.md": (
        "xpu.float64_unsupported",
        "a kernel asked this Intel GPU for float64, which it has no hardware for "
        "(intel-extension-for-pytorch",
        1,
    ),
    "ipex705-arc-comfyui-upsample-bicubic2d-aa-no-xpu-kernel.md": (
        "xpu.operator_not_implemented",
        "torch (version not shown) has no XPU kernel for aten::_upsample_bicubic2d_aa.out",
        1,
    ),
    "ipexllm11666-a770-minicpm-v2-upsample-bicubic2d-aa-no-xpu-kernel.md": (
        "xpu.operator_not_implemented",
        "torch (version not shown) has no XPU kernel for aten::_upsample_bicubic2d_aa.out",
        1,
    ),
    # red team item 8: torchvision's operator, not torch's (intel/intel-extension-for-pytorch#167)
    "ipex167-title-torchvision-nms-no-xpu-kernel-ipex-1.9.md": (
        "xpu.operator_not_implemented",
        "torchvision::nms is torchvision's operator, not torch's",
        1,
    ),
    "ipex699-arc-torch-2.4.1-cross-entropy-required-aspect-fp64.md": (
        "xpu.float64_unsupported",
        "a kernel asked this Intel GPU for float64",
        1,
    ),
    "xputriton1840-a770-torch-2.4-tests-required-aspect-fp64.md": (
        "xpu.float64_unsupported",
        "a kernel asked this Intel GPU for float64",
        1,
    ),
    "xpuops1742-arc-a770-torch-2.7.1-xpu-collect-env-required-aspect-fp64.md": (
        "xpu.float64_unsupported",
        "a kernel asked this Intel GPU for float64",
        1,
    ),
}
WARNINGS = ("xpu.float64_unsupported", "xpu.operator_not_implemented")
# Lines of other causes these pastes hold (IPEX's "Native API failed" before its fp64 words,
# torchvision's image extension warning): unread, and counted.
OTHER_LINES = (
    "ipex285-a770-yolov7-native-api-996-uses-fp64-math.md",
    "ipexllm11666-a770-minicpm-v2-upsample-bicubic2d-aa-no-xpu-kernel.md",
)
# Pastes on an accelerator other than torch.cuda's: no CUDA or ROCm line there.
OTHER_ACCELERATOR = tuple(
    name for name, (code, _, _) in NAMED.items() if code != "device.bf16_unsupported"
)
QUIET = {
    "simpletuner67-sdxl-bf16-cudnn-backward-type-mismatch.md": (
        "device.bf16_unsupported",
        "mps.bf16_unsupported",
    ),
    "sdnext2011-directml-arc-a750-no-double-float64.md": ("xpu.float64_unsupported",),
    "mineru675-zh-xpu-empty-strided-cpu-only-backends.md": ("xpu.operator_not_implemented",),
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_precision_the_backend_refuses_is_named(name: str) -> None:
    code, words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    # a warning alone is no problem found; an unread error line is one
    assert exit_code == (0 if code in WARNINGS and name not in OTHER_LINES else 1)
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, data["findings"]
    assert found[0]["message"].startswith(words)
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert name in OTHER_LINES or not data["unread"]


@pytest.mark.parametrize("name", OTHER_ACCELERATOR, ids=lambda n: n.split("-", 1)[0])
def test_no_cuda_line_on_a_mac_or_an_intel_gpu(name: str) -> None:
    _, data = detect(ERRORS / name)
    text = str(data["findings"])
    assert not any(marker in text for marker in CUDA_OR_ROCM)


def test_float64_on_an_intel_gpu_guides_and_does_not_condemn_the_machine() -> None:
    _, data = detect(ERRORS / "ipex699-arc-torch-2.4.1-cross-entropy-required-aspect-fp64.md")
    found = next(f for f in data["findings"] if f["code"] == "xpu.float64_unsupported")
    assert found["severity"] == "warning"
    assert "float32" in found["advice"]
    assert found["remedy"] is None  # nothing to install: the Intel GPU has no fp64


@pytest.mark.parametrize("name", sorted(QUIET), ids=lambda n: n.split("-", 1)[0])
def test_other_precision_errors_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert not set(codes) & set(QUIET[name])


def test_another_librarys_operator_without_an_xpu_kernel_is_not_blamed_on_torch() -> None:
    """Red team item 8: torchvision::nms is torchvision's operator; its XPU kernel comes from
    whatever registers one for that namespace, so the advice names torchvision's XPU build and
    never says torch lacks the kernel."""
    _, data = detect(ERRORS / "ipex167-title-torchvision-nms-no-xpu-kernel-ipex-1.9.md")
    found = next(f for f in data["findings"] if f["code"] == "xpu.operator_not_implemented")
    assert "has no XPU kernel for" not in found["message"]
    assert "torchvision built for this torch's XPU release" in found["advice"]


def test_accelerates_bf16_refusal_does_not_assert_a_pre_ampere_gpu_it_cannot_see() -> None:
    """Red team item 7: from torch 2.3 is_bf16_supported() is True on GPUs older than Ampere
    that can make a bfloat16 tensor (pytorch/pytorch#115924), so a refusal with neither torch's
    release nor the GPU shown names torch's check, not "a GPU older than Ampere"."""
    _, data = detect(ERRORS / "kohyass2080-colab-accelerate-bf16-supported-device.md")
    found = next(f for f in data["findings"] if f["code"] == "device.bf16_unsupported")
    assert "Ampere" not in found["message"]
    assert "this GPU" not in found["message"]
    assert "torch 2.3" in found["advice"]
