"""A library that runs only on a GPU (or on NVIDIA's CUDA) saying it found none, as one grammar.

The sentence states an error; its SUBJECT is the GPU, CUDA or an NVIDIA device and its
PREDICATE a requirement or an absence ("X requires a CUDA GPU", "GPU is required to …",
"X is only supported on GPU", "No CUDA devices detected", "X cannot run on CPU"). It is the
other half of compat/refusals.py's grammar, which reads a library refusing the hardware that
is there and leaves "requires a GPU" (a machine without one) to this module (issue 38, items
4-5; s13-gpuonly). The wordings it was checked against, each at the snapshot read:

- transformers 5.25.0 (transformers/quantizers/): quantizer_gptq.py `RuntimeError("GPU is
  required to quantize or run quantize model.")`; quantizer_spqr.py "GPU is required to run
  SpQR quantized model."; quantizer_vptq.py "GPU is required to run VTPQ quantized model.";
  quantizer_higgs.py `NotImplementedError("HIGGS quantization is only supported on GPU. Please
  use a different quantizer.")`; quantizer_fp_quant.py "FPQuant quantization is only supported
  on GPU or Intel XPU."; quantizer_nvfp4.py "NVFP4 quantization requires a CUDA GPU.";
  quantizer_fbgemm_fp8.py `ImportError("Using fbgemm fp8 quantization requires a GPU or
  XPU")`; integrations/sonicmoe.py "sonic-moe kernel requires CUDA on an NVIDIA GPU.";
  integrations/deepgemm.py "DeepGEMM kernel requires CUDA, but CUDA is not available.".
  Its 4.x releases: quantizers/quantizer_awq.py "GPU is required to run AWQ quantized model."
  (later with " You can use IPEX version AWQ if you have an Intel CPU"), and before the
  quantizers, utils/quantization_config.py AwqConfig.post_init `ValueError("AWQ is only
  available on GPU")`.
  (Its bitsandbytes and EETQ quantizers' "No GPU found. A GPU is needed for quantization." is
  read by readers/messages.py's own pattern, MESSAGE_BNB_QUANTIZER.)
- AutoGPTQ (AutoGPTQ/AutoGPTQ@9f7d370) auto_gptq/modeling/_base.py `EnvironmentError("Load
  pretrained model to do quantization requires CUDA available.")`.
- GPTQModel (ModelCloud/GPTQModel@f4c327a17): models/loader.py `RuntimeError("No CUDA devices
  detected")`, models/base.py "EXL3 quantization requires CUDA/HIP.", nn_modules/qlinear/
  paroquant_triton.py "ParoQuant Triton requires CUDA.", nn_modules/qlinear/__init__.py
  "pack_gpu requires CUDA availability but none was detected.", nn_modules/qlinear/gguf_cpp.py
  "GGML CUDA backend found no CUDA devices.".
- accelerate 1.16.0 accelerate/utils/megatron_lm.py `assert torch.cuda.is_available(),
  "Megatron requires CUDA."`.
- auto-round (intel/auto-round@b9f3d0079) export/svdquant_adapters/flux.py "… requests CUDA,
  but CUDA is not available".

A kernel's check that its tensors are on CUDA is read apart (`tensor_on_cuda`): it says the
machine has no GPU only where the paste shows that (a Mac, torch's CPU build), since a GPU
machine meets it too when the program left a tensor on the CPU:

- flash-attention (Dao-AILab/flash-attention@0251105a) csrc/flash_attn/flash_api.cpp
  `#define CHECK_DEVICE(x) TORCH_CHECK(x.is_cuda(), #x " must be on CUDA")` ("q must be on
  CUDA"); mamba (state-spaces/mamba@e9594ce) mamba_ssm/ops/triton/mamba3/mamba3_siso_bwd.py
  "All tensors must be on CUDA"; xformers (facebookresearch/xformers@ca6d2aa0) csrc/sparse24/
  "must be a CUDA tensor", "All tensors must be on GPU"; Liger-Kernel (linkedin/Liger-Kernel@
  ead96b61) ops/cutedsl "… must be a CUDA tensor."; nunchaku (nunchaku-tech/nunchaku@3a3cc3d)
  "int4 only supported on CUDA devices"; GPTQModel gguf_cpp.py "GGUFCudaKernel only supports
  CUDA input tensors."; AutoAWQ (casper-hansen/AutoAWQ@88e4c76) and AutoGPTQ's exllama
  kernels `assert self.qweight.device.type == "cuda"`; mamba's csrc/selective_scan/
  selective_scan.cpp `TORCH_CHECK(u.is_cuda())`, which torch words "Expected u.is_cuda() to
  be true, but got false." (c10/util/Exception.h, a check given no message of its own).

The library is the one the sentence names (compat/refusals.py's names), else the package of
the traceback's last frame (readers/messages.py keeps it). Quiet: a warning that goes on
(compat/refusals.py's `goes_on` words: "falling back", "instead", "using the CPU"), a question,
a requirement of a particular GPU ("requires a GPU with compute capability >= 9.0": that GPU
is there and refused, compat/refusals.py's), a CUDA release ("requires CUDA 12.1": a toolkit).
A generic sentence counts only on a line that states an error (an exception's name, a log's
ERROR, an assertion); a library's own fixed words count wherever they stand.

Each pattern is linear: fixed words around bounded runs, no nested repeats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from hwdoctor.compat import refusals, support

# Each library's own words, exactly (they count on any line): the quantizer's or kernel's name
# where the sentence holds it.
_OWN: Final = re.compile(
    r"\bGPU is required to (?:quantize|run)\b"
    r"|\b(?P<quantizer>\w{2,20}) quantization (?:is only supported on GPU\b|requires a CUDA GPU\b"
    r"|requires CUDA/HIP\b)"
    r"|\bUsing (?P<fp8>\w{2,20}) fp8 quantization requires a GPU\b"
    r"|\bLoad pretrained model to do quantization requires CUDA available\b"
    r"|\bAWQ is only available on GPU\b"
    r"|\b(?P<megatron>Megatron) requires CUDA\."
    r"|\b(?P<kernel>[\w-]{2,30}) kernel requires CUDA(?:,| on an NVIDIA GPU)"
    r"|\brequires CUDA availability but none was detected\b"
    r"|\bfound no CUDA devices\b|\bNo CUDA devices detected\b"
    # issue 38 (s20-template): MLC-LLM's device detection finding none (`_MLC_NONE`)
    r"|\b(?P<mlc>No available device detected)\b"
)
# issue 38 (s20-template): MLC-LLM's `--device auto` (mlc-ai/mlc-llm python/mlc_llm/support/
# auto_device.py, detect_device at v0.17.1 and v0.18.1) tries each device kind of
# AUTO_DETECT_DEVICES, ["cuda", "rocm", "metal", "vulkan", "opencl"], logging "Not found
# device: cuda:0" (_device_exists) for each it does not find, and where it finds none logs "Not
# found: No available device detected" and returns None (the chat module, weight conversion and
# engine then fail on that None: "'NoneType' object has no attribute 'device_type'"). Before
# v0.19.0 (2025-02-11; #3116 "Initial support of CPU backend", #3126 "Defer the CPU detection")
# no CPU was tried: the words say that no GPU runtime MLC-LLM runs on was found in its process.
# From v0.19.0 "cpu" is tried last, so the words are rarer there (no CPU runtime either).
_MLC_NONE: Final = "mlc_llm"  # the import package whose row (compat/support.py) says them
# The grammar, for any library's words on a line that states an error. A requirement whose
# object is a GPU of some kind, CUDA or an NVIDIA device, not a particular one ("with compute
# capability", "Ampere or newer", a CUDA release, a toolkit, memory).
_NOT_ANY_GPU: Final = (
    r"(?![\w ]{0,14}(?:\bwith\b|\bof at least\b|capabilit|Ampere|Hopper|Ada\b|Blackwell"
    r"|Turing|Volta|newer|later|[<>=]"
    r"|\bsm_?\d|memory|VRAM|RAM\b|toolkit|version|driver|_HOME|compiler|nvcc))"
)
_OBJECT: Final = (
    rf"(?:CUDA|NVIDIA|GPU|CUDA/HIP)(?:[- ]capable)?(?: ?GPU| device)?s?\b{_NOT_ANY_GPU}"
)
_GRAMMAR: Final = re.compile(
    rf"\b(?i:requires?|needs?) (?:an? |the )?{_OBJECT}(?! ?\d)"
    r"|\b(?:(?:An?|an?|The|the) )?(?:CUDA|NVIDIA|GPU|CUDA GPU|NVIDIA GPU) (?:is|are) "
    r"(?:required|needed|necessary)\b"
    rf"|\bonly (?:supported|available|works?|runs?) (?:on|for|with) (?:an? )?{_OBJECT}"
    rf"|\bonly supports? {_OBJECT}(?! ?(?:tensor|input))"
    r"|\b(?i:no) (?:CUDA |NVIDIA |CUDA-capable |compatible )?(?:GPU|device)s? (?:was |were |is "
    r"|are )?(?:found|detected|available)\b"
    r"|\bcan(?:not|'t| not) (?:be )?run (?:on|with) (?:the )?CPU\b|\bCPU is not supported\b"
    r"|\bCUDA is not available\b"
)
# A kernel's check that its tensors are on CUDA (the module's docstring).
_TENSOR: Final = re.compile(
    r"\b(?:must|should) be (?:on )?(?:an? )?(?:CUDA|GPU)\b(?: device| tensor)?"
    r"|\bExpected (?:a )?'cuda' device type\b|\bdevice must be cuda\b"
    r"|\bonly supports? CUDA (?:input )?tensors\b|\bonly supported on CUDA devices\b"
    r"|\bqweight\.device\.type == \"cuda\""
    # torch's own words for a TORCH_CHECK given no message (c10/util/Exception.h
    # TORCH_CHECK_MSG: "Expected " #cond " to be true, but got false."), as mamba's
    # selective_scan.cpp `TORCH_CHECK(u.is_cuda())` raises them
    r"|\bExpected \w{1,40}\.is_cuda\(\) to be true, but got false"
)
# A line that states an error: an exception's name before its words, a log's level, an
# assertion, Python's raise (a title that quotes the error holds its exception's name).
_STATES: Final = re.compile(
    r"(?:Error|Exception)\b|\b(?:ERROR|CRITICAL|FATAL)\b|\bassert(?:ion)?\b|\braise\b"
    r"|TORCH_CHECK"
)


@dataclass(frozen=True, slots=True)
class GpuRequired:
    """One such sentence: the library that says it ("" where the line names none), its words
    from where the requirement begins, and whether it is a kernel's check of its tensors."""

    library: str
    said: str
    tensor: bool


# A word every sentence above holds (in any case): a line with none is tried against none of
# the patterns, as every line no message of its own reads comes here.
_WORDS: Final = re.compile(r"gpu|cuda|cpu|device", re.I)


def read(text: str, frame: str = "") -> GpuRequired | None:
    """The GPU requirement `text` states, or None. `frame`: the package of the traceback's
    last frame before the line, the library where the sentence names none."""
    if len(text) > 4000 or not _WORDS.search(text):
        return None
    if text.rstrip().endswith("?") or refusals.goes_on(text):
        return None
    found = _OWN.search(text)
    if found is None and _STATES.search(text):
        found = _GRAMMAR.search(text)
    tensor = False
    if found is None and (found := _TENSOR.search(text)) is not None:
        tensor = True
    if found is None:
        return None
    library = refusals.library_named(text) or refusals.library_named(frame) or frame
    if found.re is _OWN and found["mlc"]:
        row = support.of_module(_MLC_NONE)
        library = row.name if row is not None else _MLC_NONE
    if not library and found.re is _OWN:
        library = next(
            (found[g] for g in ("quantizer", "fp8", "kernel", "megatron") if found[g]), ""
        )
    # the message begins after an exception's name or an opening quotation ('raise
    # RuntimeError("…")', 'my python3 says "valueError: …"'), and ends where that closes
    starts = [
        at + len(m) for m in (": ", '("', ' "') if (at := text.rfind(m, 0, found.start())) >= 0
    ]
    end = text.find('"', found.end())
    said = text[max(starts, default=0) : end if end > 0 else len(text)].strip().lstrip("#> ")
    return GpuRequired(library, said[:120], tensor)
