"""Kernel libraries refusing this GPU, or finding no GPU at all (issue 38, items 4 and 5;
s9-kernels).

The messages each library raises for "this GPU/device is not supported", "no GPU found",
"compiled without GPU support" and "no binary for this CUDA or platform", harvested from the
libraries' source (snapshots of each repository fetched on 2026-12-06; the release named is
`git describe` of that snapshot or the tag that first holds the words), with what hwdoctor
reads for each. "read" means a pattern in hwdoctor/gather/reports/readers/messages.py and a
finding; "new" is this module's.

flash-attention (Dao-AILab/flash-attention, 0251105a, 2026-08):
  csrc/flash_attn/flash_api.cpp, hopper/flash_api.cpp: "FlashAttention only supports Ampere
    GPUs or newer." -- read (extension.arch_unsupported, flash_attn)
  setup.py: "FlashAttention is only supported on CUDA 11.7 and above" (11.6 in older
    releases) -- read (the toolkit family: flashattn825, flashattn1282)
  hopper/setup.py: "FlashAttention-3 is only supported on CUDA 12.3 and above" -- read
    (flashattn1477)
  flash_attn/cute/interface.py: "Unsupported compute capability. Supported: 8.x, 9.x, 10.x,
    11.x, 12.x" (FA4, an assert) -- not read: no real paste found
xformers (facebookresearch/xformers, v0.0.35-7, and v0.0.26.post1-24 for fmha/common.py):
  ops/fmha/dispatch.py: "No operator found for `memory_efficient_attention_forward` with
    inputs:" -- read on a Mac (xformers_mps); on Linux its reasons decide
  ops/fmha/common.py not_supported_reasons: "device=cpu (supported: {'cuda'})" -- read;
    "requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)",
    "xFormers wasn't build with CUDA support", "bf16 is only supported on A100+ GPUs" -- not
    read: every operator lists its own reasons, and flash's "too old" stands beside a cutlass
    operator that runs, so the words alone do not name the cause
  _cpp_lib.py: "xFormers was built for: PyTorch X with CUDA Y (you have Z)" -- read
bitsandbytes (bitsandbytes-foundation/bitsandbytes, 95f9af30, 2026-08):
  cextension.py (before 0.43): "compiled without GPU support", "CUDA Setup failed despite GPU
    being available", "Required library version not found" -- read
    (extension.bitsandbytes_without_gpu); multi-backend "Could not find the bitsandbytes ROCm
    binary", "Configured ROCm binary not found" -- read
  csrc/ops.cu (before 0.37): "Your GPU does not support Int8 Matmul!" -- read
  transformers' quantizer_bnb_4bit.py: "No GPU found. A GPU is needed for quantization." --
    read on a Mac
vLLM (vllm-project/vllm; the snapshot exceeds the fetch limit, read through the code index):
  config.py DeviceConfig: "Failed to infer device type" -- read (backend.vllm_no_device)
  platforms/cuda.py, worker.py: "Bfloat16 is only supported on GPUs with compute capability of
    at least 8.0" -- read (device.bf16_unsupported)
  setup.py: "GPUs with compute capability below 7.0 are not supported." -- read
  config.py _verify_quantization, config/vllm.py: "The quantization method {q} is not
    supported for the current GPU. Minimum capability: {m}. Current capability: {c}." -- new
    (extension.arch_unsupported, vllm_quant)
  quantization/compressed_tensors/compressed_tensors.py _check_scheme_supported:
    ('Quantization scheme is not supported for ', 'the current GPU. Min capability: 80. ',
    'Current capability: 75.'), and "Required capability:" for an exact-generation scheme --
    new (vllm_quant)
  ROCm: gfx906 missing from its ROCm support -- read (vllm_rocm)
DeepSpeed (deepspeedai/DeepSpeed):
  launcher/runner.py: "Unable to proceed, no GPU resources available" -- read
    (backend.deepspeed_no_device, backend.cuda_only_package)
  accelerator/real_accelerator.py on a Mac: "Can't instantiate abstract class MPS_Accelerator"
    -- read; op_builder/builder.py's CUDA mismatch -- read (extension.deepspeed_cuda_mismatch)
triton (triton-lang/triton):
  python/triton/runtime/driver.py _create_driver: "0 active drivers ([]). There should only be
    one." (each backend's driver.is_active(): torch.cuda.is_available() on a CUDA build) --
    new (backend.gpu_library_without_gpu, triton / triton_other); quiet where the paste shows
    Triton 3.7's cuInit(0) probe failing in a forked worker (pytorch/pytorch#184643)
  torch/_inductor: "Found ... which is too old to be supported by the triton GPU compiler" --
    read (extension.arch_unsupported, triton); LLVM's "Cannot select: intrinsic
    %llvm.nvvm.shfl.sync" -- read (triton_llvm)
SageAttention (thu-ml/SageAttention, v2.2.0-38):
  sageattention/core.py sageattn: "Unsupported CUDA architecture: {arch}" (sm80, sm86, sm89,
    sm90 in v2.0.1; sm120 from v2.2.0; sm121 after it) -- new (extension.arch_unsupported,
    sageattention / sageattention_arch)
  sageattention/core.py: "SM80 kernel is not available. make sure you GPUs with compute
    capability 8.0 or higher." (an assert) -- not read: no real paste found
  sageattention3_blackwell/api.cu: "only supports Blackwell GPUs or newer." -- not read
Unsloth (unslothai/unsloth, v0.1.801-beta-29):
  unsloth/device_type.py get_device_type: "Unsloth cannot find any torch accelerator? You
    need a GPU." (from a6cf91d, 2025-10), "Unsloth currently only works on NVIDIA, AMD and
    Intel GPUs.", earlier "Unsloth currently only works on NVIDIA GPUs and Intel GPUs." and
    "Unsloth: No NVIDIA GPU found? Unsloth currently only supports GPUs!" -- new
    (backend.gpu_library_without_gpu)
  unsloth_zoo/vllm_utils.py: "Unsloth: Your GPU is too old!" -- read (unsloth)
AutoGPTQ (AutoGPTQ/AutoGPTQ, v0.4.2-173):
  qlinear_marlin.py, _base.py: "Can not use Marlin int4*fp16 kernel with a device of compute
    capability (7, 5), the minimum compute capability is 8.0 for Marlin kernel" -- not read:
    no real paste found; "CUDA extension not installed." (a warning, not a cause)
text-generation-inference: "GPU with CUDA capability 7 5 is not supported" -- read (tgi)
mamba-ssm / causal-conv1d (state-spaces/mamba v2.3.2.post1-9, Dao-AILab/causal-conv1d
  v1.6.1.post4-2): their refusals are shapes ("only supports state dimension <= 256") and the
  toolkit floor of their setup.py; their GPU failures reach the user through Triton's words
  (Zyphra/Zonos#251), read above.
Liger-Kernel (linkedin/Liger-Kernel v0.8.2-7): "CuTe DSL FLCE requires a Hopper (compute
  capability 9.0) GPU" -- not read: no real paste found. AutoAWQ (v0.2.9) and exllamav2
  (v0.2.7-4) raise no GPU check of their own; their kernels fail with CUDA's "no kernel image"
  (device.arch_not_compiled).

Each new form is tested below on real pastes (tests/data/reports/errors/, sources in that
directory's README), through the real CLI.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (the variant's first words, the line the finding rests on, words the message names)
VLLM_QUANT = {
    "vllm1488-v100-awq-minimum-capability-75-current-70.md": (7, "compute capability 7.0"),
    "vllm1282-title-awq-minimum-capability-80-current-75.md": (1, "compute capability 7.5"),
    "vllm4202-title-awq-minimum-75-current-70-api-server.md": (1, "compute capability 7.0"),
    "vllm4327-title-fp8-minimum-90-current-86-rtx-a6000.md": (1, "the NVIDIA RTX A6000"),
    "vllm25022-compressed-tensors-scheme-min-80-current-75.md": (8, "compressed-tensors"),
    "vllm14040-title-compressed-tensors-scheme-min-80-current-75.md": (1, "compressed-tensors"),
}
SAGEATTENTION = {
    "framepack394-rtx2060-super-sageattention-unsupported-sm75.md": (
        "SageAttention 2 has no kernels",
        1,
        "RTX 2060 super",
    ),
    "framepack613-title-tesla-v100-sageattention-unsupported-sm70.md": (
        "SageAttention 2 has no kernels",
        1,
        # the title's lower-case "tesla v100", read as the GPU since s20-gpuprose
        "the Tesla V100 (compute capability 7.0, sm70)",
    ),
    "framepack146-comment-gtx1070-laptop-sageattention-unsupported-sm61.md": (
        "SageAttention 2 has no kernels",
        4,
        "sm61",
    ),
    "framepack384-title-rtx6000-sageattention-unsupported-sm75-uninstalled.md": (
        "SageAttention 2 has no kernels",
        1,
        "sm75",
    ),
    "comfyui7494-wanvideo-sageattention-2.0.0-unsupported-sm120.md": (
        "the installed SageAttention has no kernels",
        1,
        "sm120",
    ),
}
NO_GPU = {
    "unsloth5226-colab-tpu-cannot-find-any-torch-accelerator.md": ("Unsloth found no GPU", 1),
    "unsloth3553-comment-dgx-spark-only-works-on-nvidia-and-intel.md": ("Unsloth found no", 27),
    "unsloth3116-windows-rtx5090-only-works-on-nvidia-amd-intel.md": ("Unsloth found no", 27),
    "deepseekr1-493-zh-no-gpu-torchrun-triton-0-active-drivers.md": ("Triton found no GPU", 1),
    "easyr1-211-ray-actor-triton-0-active-drivers.md": ("Triton found no GPU", 1),
    "st3557-megablocks-triton-0-active-drivers-reinstall-torch-triton.md": ("Triton found", 1),
}
# Ascend 910B with torch_npu: Triton's PyPI build has no backend for it
ON_AN_NPU = "msswift3279-zh-title-910b-sft-triton-0-active-drivers.md"
# Triton 3.7's cuInit(0) probe in Inductor's forked workers: the GPU works, Triton's probe
# does not (pytorch/pytorch#184643, fixed in Triton): no finding blames the machine
TRITON_OWN_FAULT = "pt184643-inductor-fork-workers-triton-3.7-cuinit-0-active-drivers.md"


def _only(data: dict[str, object], code: str) -> dict[str, object]:
    found = [f for f in data["findings"] if f["code"] == code]  # type: ignore[attr-defined]
    assert len(found) == 1, data["findings"]
    return found[0]  # type: ignore[no-any-return]


def _lines(finding: dict[str, object]) -> list[int]:
    return [q["line"] for q in finding["rests_on"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(VLLM_QUANT), ids=lambda n: n.split("-", 1)[0])
def test_vllm_refusing_a_quantization_below_its_floor_is_named(name: str) -> None:
    line, words = VLLM_QUANT[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = _only(data, "extension.arch_unsupported")
    message = str(found["message"])
    assert message.startswith("vLLM's ")
    assert "quantization does not run on" in message
    assert words in message
    assert line in _lines(found)
    assert "supported_hardware" in str(found["advice"])
    assert found["remedy"] is None  # no install line changes a GPU's capability
    assert not data["unread"]


def test_the_floor_and_the_capability_come_from_the_message() -> None:
    _, data = detect(ERRORS / "vllm4327-title-fp8-minimum-90-current-86-rtx-a6000.md")
    message = str(_only(data, "extension.arch_unsupported")["message"])
    assert "(compute capability 8.6)" in message
    assert "compute capability 9.0 or newer" in message
    assert "fp8" in message


@pytest.mark.parametrize("name", sorted(SAGEATTENTION), ids=lambda n: n.split("-", 1)[0])
def test_sageattention_refusing_the_architecture_is_named(name: str) -> None:
    first, line, words = SAGEATTENTION[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = _only(data, "extension.arch_unsupported")
    assert str(found["message"]).startswith(first)
    assert words in str(found["message"])
    assert line in _lines(found)
    assert found["remedy"] is None
    assert not data["unread"]


def test_below_sm80_is_run_without_it_and_sm120_is_an_upgrade() -> None:
    old_gpu = "framepack384-title-rtx6000-sageattention-unsupported-sm75-uninstalled.md"
    _, old = detect(ERRORS / old_gpu)
    assert "uninstall sageattention" in str(_only(old, "extension.arch_unsupported")["advice"])
    _, new = detect(ERRORS / "comfyui7494-wanvideo-sageattention-2.0.0-unsupported-sm120.md")
    advice = str(_only(new, "extension.arch_unsupported")["advice"])
    assert advice.startswith("upgrade SageAttention")
    assert "v2.2.0" in advice


@pytest.mark.parametrize("name", sorted(NO_GPU), ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_only_library_finding_no_gpu_is_named(name: str) -> None:
    first, line = NO_GPU[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = _only(data, "backend.gpu_library_without_gpu")
    assert found["severity"] == "error"
    assert str(found["message"]).startswith(first)
    assert line in _lines(found)
    assert found["remedy"] is None  # the paste does not show which part is missing
    assert not data["unread"]


def test_the_megablocks_thread_gets_its_maintainers_reinstall() -> None:
    _, data = detect(ERRORS / "st3557-megablocks-triton-0-active-drivers-reinstall-torch-triton.md")
    advice = str(_only(data, "backend.gpu_library_without_gpu")["advice"])
    assert "reinstall the triton release the installed torch pins" in advice


def test_triton_on_an_ascend_npu_is_judged_for_the_npu() -> None:
    exit_code, data = detect(ERRORS / ON_AN_NPU)
    assert exit_code == 1
    found = _only(data, "backend.gpu_library_without_gpu")
    assert found["backend"] == "npu"
    assert "Huawei Ascend NPU" in str(found["message"])
    assert "triton-ascend" in str(found["advice"])
    shown = " ".join(f"{f.get('remedy') or ''} {f.get('advice') or ''}" for f in data["findings"])
    assert not any(word in shown for word in CUDA_OR_ROCM)
    assert 1 in _lines(found)


def test_tritons_own_probe_in_a_forked_worker_blames_no_machine() -> None:
    exit_code, data = detect(ERRORS / TRITON_OWN_FAULT)
    assert "backend.gpu_library_without_gpu" not in [f["code"] for f in data["findings"]]
    # the error stays in sight: unread and counted, never "no problem"
    assert data["unread_count"] == 1
    assert exit_code == 1
