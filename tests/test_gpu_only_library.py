"""A library that runs only on a GPU saying it found none, in any library's words (issue 38,
items 4-5; s13-gpuonly).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): transformers'
quantizers ("GPU is required to quantize or run quantize model.", "GPU is required to run AWQ
quantized model.", "No GPU found. A GPU is needed for quantization." off a Mac), a library's
"AWQ is only available on GPU" quoted in a sentence; on a CPU machine, a Hugging Face Space, a
container, and an Intel GPU that torch.xpu answers for. Each was unread before: the headline
said nothing it knew. compat/gpu_required.py reads the sentence; backend.gpu_library_without_gpu
judges it for the machine the paste shows, with no install line, and never a CUDA one where the
paste shows another accelerator. Quiet: the same words beside a finding that already says why
torch sees no NVIDIA GPU (a driver too old), and a CUDA kernel's check of its tensors where the
paste shows a GPU machine (the program left a tensor on the CPU).
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import gpu_required
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "backend.gpu_library_without_gpu"
# file: (the finding's first words, its backend, the line of the library's words)
NAMED = {
    "textgen6804-cpu-transformers-gptq-gpu-required.md": (
        "A library runs only on a GPU",
        "cuda",
        3,
    ),
    "textgen6662-windows-transformers-awq-gpu-required.md": (
        "AutoAWQ runs only on a GPU",
        "cuda",
        1,
    ),
    "amdshark918-llvm-cpu-transformers-awq-gpu-required.md": (
        "AutoAWQ runs only on a GPU",
        "cuda",
        20,
    ),
    "torchxpuops2032-xpu-env-transformers-gptq-gpu-required.md": (
        "transformers runs only on a GPU",
        "cuda",
        17,
    ),
    "whatsappclone3-title-no-gpu-found-quantization.md": (
        "transformers runs only on a GPU",
        "cuda",
        3,
    ),
    "autotrain765-hf-space-no-gpu-found-quantization.md": (
        "transformers runs only on a GPU",
        "cuda",
        5,
    ),
    "llamafactory4369-title-no-gpu-found-torch-wrong.md": (
        "transformers runs only on a GPU",
        "cuda",
        1,
    ),
    "xinference2468-docker-no-gpu-found-quantization.md": (
        "transformers runs only on a GPU",
        "cuda",
        5,
    ),
    "txtai687-imac-radeon-cu118-awq-only-on-gpu.md": ("AutoAWQ runs only on a GPU", "cuda", 19),
    # an Intel GPU the reporter's torch.xpu answers True for: judged for the XPU
    "ipexllm13263-xpu-available-transformers-gptq-gpu-required.md": (
        "A library runs only on an NVIDIA GPU",
        "xpu",
        6,
    ),
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_only_library_without_a_gpu_is_named(name: str) -> None:
    words, backend, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error: the machine (or its process) has no GPU for it
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert found[0]["backend"] == backend
    assert found[0]["remedy"] is None  # what is missing is a GPU, not a package
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not [u for u in data["unread"] if u["line"] in (1, line)]  # nor the title's


def test_on_an_intel_gpu_the_finding_rests_on_it_and_offers_no_cuda() -> None:
    _, data = detect(ERRORS / "ipexllm13263-xpu-available-transformers-gptq-gpu-required.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "torch.xpu.is_available() True" in found["message"]
    assert 4 in [q["line"] for q in found["rests_on"]]  # the sentence that shows the XPU
    assert "a CUDA torch is no remedy" in found["advice"]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]


def test_the_words_of_a_quotation_end_where_it_closes() -> None:
    _, data = detect(ERRORS / "txtai687-imac-radeon-cu118-awq-only-on-gpu.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert found["params"]["said"] == "AWQ is only available on GPU"


def test_beside_a_driver_too_old_the_words_rest_on_the_driver_finding() -> None:
    # zai-org/CogVLM2#177: torch's CUDA initialisation found the driver too old, then
    # transformers' quantizer found no GPU: the driver is the cause, named once
    _, data = detect(ERRORS / "cogvlm2177-driver-too-old-no-gpu-found-quantization.md")
    codes = [f["code"] for f in data["findings"]]
    assert CODE not in codes
    driver = next(f for f in data["findings"] if f["code"] == "driver.cuda_too_old")
    assert 1 in [q["line"] for q in driver["rests_on"]]  # the quantizer's words, in the title
    assert not data["unread"]


# mamba's selective_scan refusing a tensor off CUDA where the paste shows a GPU machine
# (MiM-ISTD#7: input and weights on different devices; VMamba#107: a CPU deployment the
# paste does not show as the machine): the program's doing, no finding of the machine
QUIET = (
    "mimistd7-zh-mamba-u-is-cuda-devices-apart.md",
    "vmamba107-cpu-deploy-mamba-u-is-cuda.md",
)


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_kernel_tensor_off_cuda_without_the_machine_shown_is_no_finding(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not [f for f in data["findings"] if f["severity"] == "error"], data["findings"]


# The grammar itself (compat/gpu_required.py), on the libraries' own words as their source
# raises them (each cited there), and on words that are not a machine without a GPU.
SAID = {
    "RuntimeError: GPU is required to run SpQR quantized model.": "",
    "NotImplementedError: HIGGS quantization is only supported on GPU. Please use a different"
    " quantizer.": "HIGGS",
    "RuntimeError: NVFP4 quantization requires a CUDA GPU.": "NVFP4",
    "ImportError: Using fbgemm fp8 quantization requires a GPU or XPU": "fbgemm",
    "OSError: Load pretrained model to do quantization requires CUDA available.": "",
    "AssertionError: Megatron requires CUDA.": "Megatron",
    "RuntimeError: No CUDA devices detected": "",
    "ValueError: EXL3 quantization requires CUDA/HIP.": "EXL3",
}
NOT_SAID = (
    # a particular GPU, refused or required: compat/refusals.py's, or not the machine
    "ValueError: FP8 quantized models is only supported on GPUs with compute capability >= 8.9",
    "RuntimeError: NVFP4 pseudoquantization requires a GPU with compute capability >= 9.0",
    "ERROR: this package requires CUDA 12.1",  # a CUDA release
    "UserWarning: CUDA is not available, falling back to CPU",  # goes on
    "Does HIGGS quantization require a GPU?",  # asked
    "This model requires a GPU to run fast.",  # no error stated
    "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",  # this GPU refused
)


@pytest.mark.parametrize("text", sorted(SAID))
def test_the_grammar_reads_each_library_s_words(text: str) -> None:
    found = gpu_required.read(text)
    assert found is not None and not found.tensor
    assert found.library == SAID[text]
    assert not found.said.startswith(("RuntimeError", "#"))


@pytest.mark.parametrize("text", NOT_SAID)
def test_the_grammar_leaves_other_words(text: str) -> None:
    assert gpu_required.read(text) is None


def test_a_kernel_tensor_check_is_told_apart_and_a_frame_names_the_library() -> None:
    found = gpu_required.read("RuntimeError: q must be on CUDA", "flash_attn")
    assert found is not None and found.tensor and found.library == "flash-attn"
    torch_words = "RuntimeError: Expected u.is_cuda() to be true, but got false.  (Could this"
    assert (found := gpu_required.read(torch_words, "mamba_ssm")) and found.tensor
