"""A library (or torch) refusing this hardware or platform in its own words, as one grammar.

A refusal is a sentence whose SUBJECT is hardware or a platform (a GPU architecture, a device
or SoC name, an OS) and whose PREDICATE refuses it, in the forms the libraries raise (issue 38,
item 4; s10-refusal). The wordings it was checked against, each at the snapshot read:

- flash-attention (Dao-AILab/flash-attention@0251105a): csrc/flash_attn/flash_api.cpp
  `TORCH_CHECK(is_sm8x_min, "FlashAttention only supports Ampere GPUs or newer.")`; hopper/
  flash_api.cpp "Attention combine function only supports Ampere GPUs or newer."; flash_attn/
  cute/interface.py `f"Unsupported compute capability: {arch}. Supported: 8.x, …"`; its ROCm
  builds' setup.py `f"One of GPU archs of {archs} is invalid or not supported by
  Flash-Attention"` (validate_and_update_archs, allowed_archs gfx90a/gfx942/gfx950, RDNA 3 in
  some); ROCm/flash-attention csrc/flash_attn_rocm/flash_api.cpp `TORCH_CHECK(is_gfx90x ||
  is_gfx94x, "FlashAttention only supports AMD MI200 GPUs or newer.")`.
- SageAttention (thu-ml/SageAttention@d1a57a5): sageattention/core.py `f"Unsupported CUDA
  architecture: {arch}"`; sageattention3_blackwell/sageattn3/blackwell/api.cu "only supports
  Blackwell GPUs or newer."; its setup.py "Unsupported GPU".
- vllm-ascend (vllm-project/vllm-ascend@182b75ea84): ascend_forward_context.py
  `f"Unsupported soc_version: {soc_version}"`; device/hardware.py `f"Cannot support runtime
  soc_version: {soc_version}."`, earlier utils.py "Can not support soc_version".
- text-generation-inference (huggingface/text-generation-inference@db931fcf): layers/
  attention/cuda.py `ImportError("FlashAttention only supports Ampere GPUs or newer.")`; its
  utils/flash_attn.py "GPU with CUDA capability {major} {minor} is not supported".
- DeepSpeed (deepspeedai/DeepSpeed@edaa72212): inference/v2/modules/heuristics.py
  "WF6AF16 quantization is only supported on Ampere architectures", "… only supported on
  NVIDIA GPUs"; blocked_flash.cpp "FlashAttention only supports Ampere GPUs or newer.".
- torch: torch/distributed/distributed_c10d.py `raise RuntimeError("Distributed package
  doesn't have NCCL built in")` where `is_nccl_available()` is False (read by
  readers/messages.py, not here: its subject is NCCL, the platform is the paste's).
- Quiet by the same sources: "not supported" of a dtype, a layout, an argument or a feature
  ("FlashAttention only support fp16 and bf16 data type", "skip_zeros is not supported on XPU
  yet", "Paged attention doesn't support softcapping"); a warning that goes on
  ("GPU does not support FP8, using Marlin FP8 kernel", TGI layers/fp8.py; exllamav2 attn.py
  "Warning: Flash Attention is installed but unsupported GPUs were detected."); nvcc's own
  "Unsupported gpu architecture 'compute_120a'" (the toolkit, not a library, is too old).

A refusal is also a LOOKUP that failed (s14-lookup): a table keyed by platform, device string
or GPU target that has no entry for this machine's, the key being a token that names it
(`looked_up`). Read only where the line states an error and the raising library is named (its
words, the line before, or the package of the traceback frame that raised it); the forms:

- a platform switch: cpm_kernels (OpenBMB/cpm_kernels@277a0edd, 1.0.11) cpm_kernels/library/
  base.py `Lib.__init__`: `raise RuntimeError("Unknown platform: %s" % sys.platform)` where
  sys.platform starts with neither "win" nor "linux" (a Mac's "darwin"); the library's own
  loader opens NVIDIA's nvrtc, cuBLASLt and CUDA runtime. The keys are sys.platform's values
  (Python's documentation of sys.platform: "darwin", "win32", "cygwin", "linux").
- a device table: `KeyError: 'mps'` raised in a library's frame, a dict keyed by device type
  without this machine's (the keys are hwdoctor.registry's device strings, "cpu" and "cuda"
  aside), also with PyTorch's test harness's reproduction lines run on after the key
  (`_KEY_ERROR`); "Unknown/Unrecognized/Invalid device (type)/backend: npu" likewise.
  CTranslate2's "unsupported device mps" (src/devices.cc str_to_device) stays
  `_UNSUPPORTED_KIND`'s.
- a compiler's target table: Triton's AMD backend (triton-lang/triton
  third_party/amd/lib/TritonAMDGPUToLLVM/TritonGPUToLLVM.cpp@1d31ccfa, and its other passes)
  `mod.emitError("unsupported target: '") << arch << "'"` where TargetUtils.cpp@4d43bea9
  deduceISAFamily finds no family (CDNA1-3: gfx908, gfx90a, gfx940-942, gfx950; RDNA1-3:
  gfx1010-1013, gfx1030-1036, gfx1100-1201): GCN targets such as gfx803 and gfx906 have none.
- Not read: LLVM's "'sm_120' is not a recognized processor for this target (ignoring
  processor)", a warning whose compile goes on; torch's c10/core/Device.cpp "Expected one of
  cpu, cuda, … device type at start of device string: npu" (a device string this torch build
  does not know at all: the extension that registers it not imported, torch_npu for "npu";
  no library refuses this machine there); a lookup in the user's own code (a frame outside
  site-packages).

Each pattern is linear: fixed words around bounded runs, no nested repeats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# compiled on first use: most pastes hold no refusal's words (hwdoctor/lazy_re.py)
from hwdoctor import lazy_re as re
from hwdoctor import registry

# Hardware and platform words, each with the stack it belongs to. Case matters where a word is
# also common English ("Mac", "Arc", "Volta" are capitalised in every message read).
_ROCM_HW: Final = (
    r"gfx\d{3,4}[a-z]?\b|(?:AMD )?MI ?\d{2,3}[A-Z]?X?\b|(?:AMD )?(?:RDNA|CDNA) ?\d\b"
    r"|Navi ?\d{1,2}\b|Radeon(?: (?:RX|Pro|VII))?(?: ?\d{3,4}(?: ?XTX?)?)?"
)
_NPU_HW: Final = (
    r"soc_version|(?:Ascend|Atlas) ?\d{3}[A-Z]?\d?(?: ?[A-Z]\d)?|\b(?:910[ABC]\d?|310P\d?)\b"
)
_XPU_HW: Final = r"Intel(?:\(R\))? (?:Arc|Iris Xe|UHD Graphics|Data Center GPU)\b|\bArc [AB]\d{3}\b"
_MPS_HW: Final = r"Apple Silicon|Apple M\d\b|mac ?OS\b|MacOS\b|\bMac\b|\bDarwin\b|\bMPS\b"
_OS_HW: Final = r"\bWindows\b|\bwin32\b|\baarch64\b|\barm64\b"
_CUDA_HW: Final = (
    r"\b[Ss][Mm]_?\d{2,3}[a-z]?\b"
    r"|(?:CUDA|compute)(?: is)? capabilit(?:y|ies)(?: of| is| <| >=?){0,2} ?\d{1,2}(?:[ .]\d)?\b"
    r"|\b(?i:ampere|turing|volta|pascal|maxwell|kepler|hopper|blackwell)\b"
    r"|\bAda Lovelace\b|\b(?:GeForce )?[RG]TX ?\d{3,4}(?: ?Ti| SUPER)?\b|\bTesla ?[A-Z]?\d{1,3}\b"
    r"|\b(?:V100|P100|P40|T4|A100|A10G?|A40|H100|H200|K80|L40S?)\b|\bQuadro\b|\bTITAN\b"
)
_GENERIC_HW: Final = (
    r"\b(?:[Tt]his|[Yy]our|[Tt]he current|[Cc]urrent|[Tt]he|[Aa]n?|[Aa]ny) "
    r"(?:(?:AMD|NVIDIA|CUDA) )?(?:GPU|device|hardware|accelerator|GPU architecture|architecture"
    r"|arch)s?\b|\bGPUs?\b"
)
# The stack each kind of words names: the registry row of its hardware (the row's key), or OS
# for an operating system, which no row is.
_ROCM: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)
_CUDA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)
_XPU: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.XPU)
_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
_NPU: Final = registry.key_of_tool("npu-smi")
OS: Final = "os"
_KINDS: Final = (
    (_ROCM, _ROCM_HW),
    (_NPU, _NPU_HW),
    (_XPU, _XPU_HW),
    (_MPS, _MPS_HW),
    (OS, _OS_HW),
    (_CUDA, _CUDA_HW),
    ("", _GENERIC_HW),
)
_HW: Final = "|".join(f"(?P<{kind or 'generic'}>{words})" for kind, words in _KINDS)
_HARDWARE: Final = re.compile(_HW)

# The libraries a sentence names as the one refusing, by the spellings their messages and their
# users write; the value is the name findings use.
_LIBRARIES: Final = (
    (r"(?i:flash[-_ ]?att(?:n|ention)(?:[-_ ]?[234])?)|\bFA[234]\b", "flash-attn"),
    (r"vllm[-_ ]ascend", "vLLM Ascend"),
    (r"\bvLLM\b|\bvllm\b", "vLLM"),
    (r"SageAttention ?[123]?|\bsageattn3?\b|\bSage3\b", "SageAttention"),
    (r"\bxformers\b|\bxFormers\b", "xformers"),
    (r"\bbitsandbytes\b", "bitsandbytes"),
    (r"AutoAWQ|autoawq|\bAWQ\b", "AutoAWQ"),
    (r"Auto-?GPTQ|auto_gptq|\bGPTQ\b", "AutoGPTQ"),
    (r"\bexllama(?:v2)?\b|ExLlama(?:V2)?", "ExLlamaV2"),
    (r"\bDeepSpeed\b|\bdeepspeed\b", "DeepSpeed"),
    (r"\bTriton\b|\btriton\b", "Triton"),
    (r"\bIPEX\b|intel[-_]extension[-_]for[-_]pytorch", "intel-extension-for-pytorch"),
    (r"\bTGI\b|text-generation-inference", "text-generation-inference"),
    (r"\bFlashInfer\b|\bflashinfer\b", "FlashInfer"),
    (r"\bMarlin\b", "Marlin"),
    (r"\bUnsloth\b|\bunsloth\b", "Unsloth"),
    (r"\bSGLang\b|\bsglang\b", "SGLang"),
    (r"\bMamba\b|causal[-_]conv1d", "mamba-ssm"),
    (r"torch\.compile|\bInductor\b", "torch.compile"),
    (r"\bCTranslate2\b|\bctranslate2\b", "CTranslate2"),
    (r"\bfaster[-_]whisper\b", "faster-whisper"),
    (r"\bcpm[-_]kernels\b", "cpm_kernels"),  # s14-lookup
)
_LIBRARY: Final = re.compile("|".join(f"(?:{words})" for words, _ in _LIBRARIES))
_LIBRARY_NAMES: Final = tuple((re.compile(words), name) for words, name in _LIBRARIES)

# The refusing predicates. Subject first ("gfx1100 is invalid or not supported by
# Flash-Attention", "GPU with CUDA capability 7 0 is not supported"): the hardware, at most 40
# characters of its own words, then the refusal; what refuses may follow ("by X").
_NOT_SUPPORTED: Final = (
    r"(?:(?:is|are) (?:currently |still |yet |also )?(?:invalid or )?)?(?:not|no longer) "
    r"(?:yet |currently )?supported\b|(?:is|are) unsupported\b"
)
_SUBJECT_FIRST: Final = re.compile(
    rf"(?:{_HW})(?P<gap>[\w .()'\"\[\]-]{{0,40}}?) (?:{_NOT_SUPPORTED})"
    r"(?: (?:by|in|with|for) (?P<by>[\w][\w .+-]{0,40}))?"
)
# Hardware after the predicate ("FlashAttention only supports AMD MI200 GPUs or newer.",
# "Flash attention doesn't support any GPU lower than ampere", "X requires Ampere or newer",
# "X is only supported on Ampere architectures"): what refuses is the sentence's subject.
_OBJECT_AFTER: Final = re.compile(
    r"(?P<verb>\bonly supports?|\bonly runs? on|\bonly works? on|\b(?:is|are) only supported on"
    r"|\b(?:doesn't|does not|don't|do not|can't|cannot|can not|won't|will not) (?:yet )?"
    r"(?:support|run on|work on)|\b(?:is |are )?not (?:yet )?(?:supported|available) (?:on|for)"
    r"|\brequires?|\bneeds?) (?:an? |the |any |this |your )?(?:[\w-]{1,12} ){0,2}?"
    rf"(?:{_HW})"
)
# A library that runs on Linux only, refusing the system it is on by naming the one it needs:
# vLLM's setup.py before it builds anything, "vLLM only supports Linux platform (including
# WSL)." (vllm-project/vllm#3438: Windows and macOS installs had ended on an unrelated
# nvcc error). The refused system is every other one, the paste's.
_LINUX_ONLY: Final = re.compile(
    r"(?:\bonly supports?|\bonly runs? on|\bonly works? on|\b(?:is|are) only supported on"
    r"|\brequires?|\bneeds?) (?:the )?Linux\b"
)
LINUX_ONLY: Final = "systems other than Linux"
# issue 38 (s12-osbuild): vLLM's setup.py since macOS got its CPU build (vllm-project/vllm
# setup.py @ main, read 2026-12): on a system neither Linux nor macOS it logs "vLLM only
# supports Linux platform (including WSL) and MacOS.Building on %s, so vLLM may not be able
# to run correctly" with sys.platform, and builds its empty target (VLLM_TARGET_DEVICE =
# "empty": no compiled ops). The system it names is sys.platform's word: "win32" for Windows
# (Python's sys.platform documentation; "cygwin" and "msys" are Windows' too).
_AND_MACOS: Final = re.compile(r"(?i) platform(?: \([^)\n]{0,20}\))? and mac ?OS\b")
_BUILDING_ON: Final = re.compile(r"Building on (win32|cygwin|msys|[a-z]{1,12}\d{0,3})\b")
_SYS_PLATFORMS: Final = {"win32": "Windows", "cygwin": "Windows", "msys": "Windows"}
LINUX_MAC_ONLY: Final = "systems other than Linux and macOS"
# "Unsupported <what hardware is>: <value>" ("Unsupported soc_version: AscendSocVersion.A5",
# "Unsupported compute capability: 75", "Unsupported CUDA architecture: sm75", "Unsupported
# GPU"), where the message begins (a line's start, after "Error: " or a quote): the kind itself
# is hardware; nvcc's "Unsupported gpu architecture 'compute_XY'" is not, nor prose's "in case of
# unsupported hardware".
_UNSUPPORTED_KIND: Final = re.compile(
    r"(?:^|[:\"'(] ?)[Uu]nsupported (?P<kind>soc_version|SoC(?: version)?|compute capability"
    r"|CUDA architecture|GPU architecture|GPU arch|GPU|device|hardware|platform|architecture)"
    r"(?P<value>(?::| is|,)? ?['\"]?\w[\w.()-]{0,40})?"
)
# A refusal whose run goes on (a warning that falls back), a question, a soft word, a compiler's.
# vLLM's "Cannot use FA version 2 is not supported due to FA2 is only supported on devices with
# compute capability >= 8" goes on too, though logged at ERROR: get_flash_attn_version logs it,
# its assertion fails and returns None, and the attention selector takes another backend
# (vllm/attention/utils/fa_utils.py, v1/attention/backends/fa_utils.py; "Using TRITON_ATTN
# attention backend" follows it in a T4's log).
_GOES_ON: Final = re.compile(
    r"(?i)fall(?:ing|s)? ?back|\binstead\b|\bdisabl|\bskipp|\bwarn|\bofficially\b|\bnvcc\b"
    r"|\bCannot use FA version \d"
    r"|\bcompute_\d|\bwill use\b|\busing (?:the )?(?:\w+ ){0,3}(?:kernel|implementation|backend)"
)
# s17-wrongA: the device refused for one API, named after the predicate: torch's own
# torch.Generator refusing a device type it has no generator for (pytorch/pytorch
# torch/csrc/Generator.cpp THPGenerator_pynew, the last branch: AT_ERROR("Device type ",
# c10::DeviceTypeName(device.type()), " is not supported for torch.Generator() api."); later
# releases give MPS its branch, MPSGeneratorImpl, pytorch/pytorch#91348). One API refused on
# the device, not the device: a feature's refusal, as `_NOT_HARDWARE`'s words make one.
_FOR_API: Final = re.compile(
    r"(?:not supported|unsupported) for (?:the )?[\w.]{1,80}(?:\(\)| (?:api|API)\b)"
)
# Words that make the subject a dtype, an operator or a feature, not the hardware ("T4: bf16 is
# not supported", "sm80 kernel with head_dim 256 is not supported").
_NOT_HARDWARE: Final = re.compile(
    r"(?i)\b(?:b?f(?:loat)?16|fp8|fp4|fp32|int[48]|float\d{0,2}|half|dtype|data ?type|type|"
    r"operator|op|kernel|feature|flag|argument|mode|quantization|model|format|layout|tensor|"
    r"precision|head_?dim|softcap|window|dropout|batch|version of (?:torch|pytorch|python))\b"
)


_KIND_STACKS: Final = {
    "soc_version": _NPU,
    "SoC": _NPU,
    "SoC version": _NPU,
    "compute capability": _CUDA,
    "CUDA architecture": _CUDA,
}
_CAPABILITY: Final = re.compile(r"capabilit(?:y|ies)\D{0,8}(\d{1,2})(?:[ .](\d))?")
# An accelerator's device string a library's device argument refuses ("ValueError: unsupported
# device mps": CTranslate2's str_to_device, src/devices.cc, takes "cpu" and "cuda" only), by
# the registry row that owns it; "cuda" (NVIDIA's and AMD's) and "cpu" refuse no hardware here.
_DEVICE_STRINGS: Final = {
    b.device: b.key
    for b in registry.BACKENDS
    if b.device != registry.HOST and b.query.build not in (registry.Build.CUDA, registry.Build.ROCM)
}
_SPECIFIC: Final = re.compile("|".join(f"(?P<{k}>{w})" for k, w in _KINDS if k))

# The words every refusal `read` reads by its older grammars holds one of (the messages reader
# skips the other lines), and the words of a failed lookup (s14-lookup).
WORDS: Final = ("upport", "equire", "only ", " need")
LOOKUP_WORDS: Final = ("nknown", "KeyError", "nrecognized", "nvalid", "upported platform", "target")
# sys.platform's values (Python's documentation of sys.platform) and the system each is.
_SYS_PLATFORM_SYSTEMS: Final = {
    "darwin": "macOS",
    "win32": "Windows",
    "cygwin": "Windows",
    "msys": "Windows",
    "linux": "Linux",
}
_DEVICE_KEYS: Final = "|".join(sorted(_DEVICE_STRINGS, key=len, reverse=True))
# The line states an error: an exception's name, "error", a log's ERROR, a load that failed
# ("Failed to load cpm_kernels:Unknown platform: darwin", ChatGLM's quantization.py logging it).
_ERROR_SAID: Final = re.compile(
    r"\b[A-Z][A-Za-z]{0,40}(?:Error|Exception)\b|\b(?:Exception|error|ERROR|Error)\b"
    r"|\b[Ff]ailed to (?:load|import|initiali[sz]e)\b"
)
# "Unknown platform: darwin" (cpm_kernels' loader), "Unsupported platform: win32"
_PLATFORM_UNKNOWN: Final = re.compile(
    r"\b(?:[Uu]nknown|[Uu]nsupported|[Uu]nrecognized|[Ii]nvalid) (?:platform|OS|system)"
    r"(?::| is)? ?['\"]?(darwin|win32|cygwin|msys|linux)\b"
)
# "Unrecognized device type: mps", "Invalid backend: npu", "Unknown device 'xpu'"
_DEVICE_UNKNOWN: Final = re.compile(
    r"\b(?:[Uu]nknown|[Uu]nrecognized|[Ii]nvalid) (?:device[ _]type|device|backend|accelerator)"
    rf"(?::| is)? ?['\"]?({_DEVICE_KEYS})\b"
)
# a device table's or a platform table's KeyError; s15-realrec: also as PyTorch's test harness
# prints it, the reproduction instructions appended to the key (pytorch/pytorch torch/testing/
# _internal/common_utils.py TestCase, print_repro_on_failure: the exception's first argument
# becomes f"{key}\n{repro}", which KeyError prints by repr: "KeyError: 'xpu\\n\\nTo execute
# this test, …'", intel/torch-xpu-ops#2784)
_KEY_ERROR: Final = re.compile(
    rf"\bKeyError: ['\"]({_DEVICE_KEYS}|darwin|win32|cygwin|msys)(?:['\"]|\\n)"
)
# Triton's AMD backend without the GPU's target (module docstring)
_TARGET_UNKNOWN: Final = re.compile(r"\berror: unsupported target: '(gfx\d{3,4}[a-z]?)'")


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refusal: the library that refuses (its name, "" where the sentence names none),
    the hardware or platform in the sentence's words, its stack ("cuda", "rocm", "npu",
    "xpu", "mps", "os", or "" for a bare "GPU"/"device"), and the words themselves."""

    library: str
    hardware: str
    stack: str
    said: str


def _kind(found: re.Match[str], text: str = "") -> tuple[str, str]:
    """The stack and words of the hardware matched; a bare "GPU" or "device" gives way to
    the first specific word of `text` ("GPU with CUDA capability 7 0 is not supported")."""
    for kind, _ in _KINDS:
        words = found.group(kind) if kind else None
        if words and (capability := _CAPABILITY.search(words)):
            minor = capability.group(2) or "0"
            return kind, f"compute capability {capability.group(1)}.{minor}"
        if words:
            return kind, words.strip()
    if text and (specific := _SPECIFIC.search(text)):
        return _kind(specific)
    return "", (found.group("generic") or "").strip()


def stack(hardware: str) -> str:
    """The stack of hardware words `read` gave ("gfx1100" -> "rocm", "soc_version" -> "npu",
    "Windows" -> "os"), "" for a bare "GPU" or "device"."""
    if hardware in _KIND_STACKS:
        return _KIND_STACKS[hardware]
    found = _HARDWARE.match(hardware)
    return _kind(found)[0] if found else ""


def goes_on(text: str) -> bool:
    """Whether the sentence is a warning whose run goes on (`_GOES_ON`): no refusal, and no
    missing GPU either (compat/gpu_required.py reads that with the same words)."""
    return _GOES_ON.search(text) is not None


def library_named(text: str) -> str:
    """The library a text names (its findings' name), "" where it names none."""
    found = _LIBRARY.search(text)
    if found is None:
        return ""
    return next((name for words, name in _LIBRARY_NAMES if words.fullmatch(found.group(0))), "")


def looked_up(text: str, frame: str = "", before: str = "") -> Refusal | None:
    """The failed lookup `text` states (the module docstring), or None: the key must name a
    platform, device string or GPU target, the line must state an error, and the library
    that raised it must be named, by the line, the line `before` it, or `frame`, the package
    of the traceback frame that raised it (site-packages' directory name)."""
    if _ERROR_SAID.search(text) is None:
        return None
    if found := _TARGET_UNKNOWN.search(text):
        return Refusal("Triton", found.group(1), _ROCM, text.strip()[:200])
    library = library_named(text) or library_named(before) or library_named(frame) or frame
    if not library:
        return None  # no library named: the user's code, or a lookup no one owns
    if found := _PLATFORM_UNKNOWN.search(text):
        system = _SYS_PLATFORM_SYSTEMS[found.group(1)]
        return Refusal(library, system, OS, text.strip()[:200])
    if found := _DEVICE_UNKNOWN.search(text) or _KEY_ERROR.search(text):
        key = found.group(1)
        if key in _SYS_PLATFORM_SYSTEMS:
            return Refusal(library, _SYS_PLATFORM_SYSTEMS[key], OS, text.strip()[:200])
        return Refusal(library, f"device: {key}", _DEVICE_STRINGS[key], text.strip()[:200])
    return None


def user_lookup(text: str) -> str | None:
    """The key of a failed lookup `text` states as an error, whoever raised it ("mps" of
    "KeyError: 'mps'", "darwin" of "Unknown platform: darwin"), or None: the messages reader
    asks where the frame that raised it is the program's own file, not a library's."""
    if _ERROR_SAID.search(text) is None:
        return None
    found = _PLATFORM_UNKNOWN.search(text) or _DEVICE_UNKNOWN.search(text)
    found = found or _KEY_ERROR.search(text)
    return found.group(1) if found else None


def read(text: str, frame: str = "", before: str = "") -> Refusal | None:
    """The refusal `text` states, or None: a question, a warning that goes on, and a "not
    supported" whose subject is a dtype, an operator or a feature are none. A failed lookup
    (`looked_up`, with `frame` and `before`) is read first."""
    if len(text) > 4000 or text.rstrip().endswith("?") or goes_on(text):
        return None
    if (
        any(w in text for w in LOOKUP_WORDS)
        and (lookup := looked_up(text, frame, before)) is not None
    ):
        return lookup
    if not any(w in text for w in WORDS):
        return None
    if found := _UNSUPPORTED_KIND.search(text):
        value = (found.group("value") or "").lstrip(":, ").removeprefix("is ").strip("'\" ")
        kind = found.group("kind")
        if kind in {"device", "hardware", "platform", "architecture", "GPU"} and value:
            hw = _HARDWARE.match(value)
            if hw is not None:
                stack, _ = _kind(hw)
            elif kind == "device" and value.lower() in _DEVICE_STRINGS:
                stack = _DEVICE_STRINGS[value.lower()]  # "unsupported device mps"
            else:
                return None  # "Unsupported device: cpu", a platform named otherwise: not ours
        else:
            stack = _KIND_STACKS.get(kind, "")
        words = f"{kind}{': ' + value if value else ''}"
        return Refusal(library_named(text), words, stack, text.strip()[:200])
    if found := _LINUX_ONLY.search(text):
        library = library_named(text[: found.start()])
        if not library and not found.group(0).startswith("only"):
            return None  # "requires Linux": what refuses must be named
        rest = text[found.end() :]
        if building := _BUILDING_ON.search(rest):  # the system the build is on, named
            system = building.group(1)
            return Refusal(library, _SYS_PLATFORMS.get(system, system), OS, text.strip()[:200])
        if _AND_MACOS.match(rest):
            return Refusal(library, LINUX_MAC_ONLY, OS, text.strip()[:200])
        return Refusal(library, LINUX_ONLY, OS, text.strip()[:200])
    if found := _OBJECT_AFTER.search(text):
        stack, words = _kind(found, text)
        subject = text[max(0, found.start() - 60) : found.start()]
        library = library_named(subject) or library_named(text)
        verb = found.group("verb")
        # "requires a GPU", "needs the device": a machine without one, not this one refused
        if (verb.startswith(("require", "need")) and not stack) or _NOT_HARDWARE.search(
            subject.rsplit(":", 1)[-1]
        ):
            return None
        if not library and not verb.startswith("only"):
            return None  # "X is not supported on Tesla T4": what refuses must be named
        return Refusal(library, words, stack, text.strip()[:200])
    if found := _SUBJECT_FIRST.search(text):
        stack, words = _kind(found, text)
        if _NOT_HARDWARE.search(found.group("gap")) or _FOR_API.search(text, found.start()):
            return None
        library = library_named(found.group("by") or "") or library_named(text)
        return Refusal(library, words, stack, text.strip()[:200])
    return None


# The hardware each library's own documentation lists, where hwdoctor has read it (what a
# finding's advice points to); the others get `UNLISTED`.
LISTED: Final = {
    # Dao-AILab/flash-attention README.md@0251105a, "Installation and features": "Ampere, Ada,
    # or Hopper GPUs (e.g., A100, RTX 3090, RTX 4090, H100)" (Turing: the separate
    # flash-attention-turing repo); ROCm: "MI200x, MI250x, MI300x, MI355x, and RDNA 3/4 GPUs"
    "flash-attn": "flash-attn's README: NVIDIA Ampere, Ada or Hopper GPUs (A100, RTX 3090, "
    "RTX 4090, H100), and on ROCm MI200, MI250, MI300, MI355 and RDNA 3/4 GPUs",
    # thu-ml/SageAttention README.md@d1a57a5: "Optmized kernels for Ampere, Ada and Hopper
    # GPUs"; SageAttention 3 in sageattention3_blackwell/, Blackwell (sm120/sm121) only
    "SageAttention": "SageAttention's README: Ampere, Ada and Hopper GPUs for SageAttention 2, "
    "Blackwell GPUs for SageAttention 3",
    # vllm-project/vllm-ascend README.md@182b75ea84, "Prerequisites": "Atlas 800I A2 Inference
    # series, Atlas A2 Training series, Atlas 800I A3 Inference series, Atlas A3 Training
    # series, Atlas 300I Duo (Experimental)"; docs/source/installation.md: an Atlas 950DT image
    "vLLM Ascend": "vLLM Ascend's README: Atlas 800I A2 and A3 Inference, Atlas A2 and A3 "
    "Training, Atlas 300I Duo (experimental); the release installed must know the SoC",
    # casper-hansen/AutoAWQ README.md@88e4c76: "Your NVIDIA GPU(s) must be of Compute
    # Capability 7.5. Turing and later architectures are supported."
    "AutoAWQ": "AutoAWQ's README: NVIDIA GPUs of compute capability 7.5 (Turing) or newer, "
    "AMD GPUs through ExLlamaV2's kernels, Intel CPUs and GPUs through IPEX",
    # docs.vllm.ai, getting_started/installation/gpu: NVIDIA compute capability 7.0 or higher;
    # ROCm: MI200, MI300, MI350, Radeon RX 7900 and RX 9000 (the vllm_rocm variant cites it)
    "vLLM": "vLLM's installation guide: NVIDIA GPUs of compute capability 7.0 or newer, AMD "
    "MI200, MI300, MI350, Radeon RX 7900 and RX 9000, and its other platforms' pages",
    # s14-lookup: the libraries whose failed lookup `looked_up` reads
    # OpenBMB/cpm_kernels cpm_kernels/library/base.py@277a0edd (Lib.__init__: Windows and Linux
    # only), setup.py@277a0edd (1.0.11: "CPM CUDA kernels", NVIDIA CUDA 10.1-11.5 classifiers)
    "cpm_kernels": "cpm_kernels' library loader (cpm_kernels/library/base.py): Linux and "
    "Windows only, with NVIDIA's CUDA libraries (its PyPI classifiers: CUDA 10.1 to 11.5)",
    # triton-lang/triton third_party/amd/lib/TritonAMDGPUToLLVM/TargetUtils.cpp@4d43bea9 (for
    # the stack the refusal names: "library/stack", read by `listed`)
    f"Triton/{_ROCM}": "Triton's AMD backend (TargetUtils.cpp deduceISAFamily): CDNA GPUs "
    "(gfx908, gfx90a, gfx940-942, gfx950) and RDNA 1-3 GPUs (gfx1010-1013, gfx1030-1036, "
    "gfx1100-1201)",
}
UNLISTED: Final = "the hardware its documentation lists"


def listed(library: str, stack: str) -> str:
    """What `library` runs on, for the stack its refusal names where hwdoctor has read that
    apart (Triton's AMD backend), else as `LISTED` has it, else `UNLISTED`."""
    return LISTED.get(f"{library}/{stack}") or LISTED.get(library, UNLISTED)
