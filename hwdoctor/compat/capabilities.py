"""What a device can do beyond running: dtypes, torch.compile, quantization libraries.

Each rule is the one the library itself applies, with its source:

- [PT-BF16] torch/cuda/__init__.py `is_bf16_supported()`: True on ROCm; on CUDA True for
  compute capability major >= 8; below that, from torch 2.3 (PR #115924), True when a
  bfloat16 tensor can be made, i.e. emulated (`including_emulation`, torch 2.4, PR #129288);
  torch 2.0-2.2: False below 8.0.
- [PT-IND-BF16] torch/_inductor/compile_fx.py `_check_triton_bf16_support` (torch 2.4+):
  "does not support bfloat16 compilation natively, skipping" below 8.0.
- [PT-TF32] torch/cuda/__init__.py `is_tf32_supported()`: CUDA `is_bf16_supported(
  including_emulation=False)` (major >= 8); ROCm "gfx94"/"gfx95" in gcnArchName.
- [PT-FP8] aten/src/ATen/native/cuda scaled_mm_arch_allowed: CUDA `major >= 9 || (major == 8
  && minor == 9)`; ROCm gfx942, gfx1200/gfx1201 with ROCm >= 6.3, gfx950 with ROCm >= 6.5
  ("torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or
  8.9, or ROCm MI300+").
- [PT-MPS-BF16] aten/src/ATen/mps/EmptyTensor.cpp: "MPS BFloat16 is only supported on MacOS
  14 or newer"; MPS has no float8 (OperationUtils.mm getMPSDataType) and no TF32.
- [PT-TRITON] torch/_inductor/exc.py `GPUTooOldForTriton` and torch/utils/_triton.py
  `has_triton` (`cuda_extra_check`: major >= 7): Triton needs compute capability 7.0.
- [PT-CPU-BF16] torch/cpu/__init__.py `_is_avx512_bf16_supported()`,
  `_is_amx_tile_supported()` (cpuinfo's answers); torch/_inductor/cpu_vec_isa.py vectorises
  bfloat16 with AVX512-BF16, and AMX tiles multiply it in hardware; without either the CPU
  converts bfloat16 to float32 and back.
- [PT-CXX] torch/_inductor/config.py `cpp.cxx`: `$CXX`, else g++ (clang++ on macOS); on
  Windows `$CXX`, else cl (cpp_builder.get_cpp_compiler); Inductor's CPU backend compiles
  every kernel with it and raises InvalidCxxCompiler when it is not there.
- [PT-DYNAMO] torch/_dynamo/eval_frame.py: Dynamo runs on Python 3.11 from torch 2.1, 3.12
  from 2.4, 3.13 from 2.6, 3.14 from 2.10; on Windows not before 2.3, Inductor not before 2.5.
- [PT-SDPA] aten/src/ATen/native/transformers/cuda/sdp_utils.cpp: the flash kernel runs on
  "gpu architectures in the range [sm80, sm121]" (check_flash_attention_hardware_support;
  [sm75, sm90] in torch 2.0), the memory-efficient one on [sm50, sm121], cuDNN's on
  [sm80, sm121]; the math kernel everywhere. On ROCm, AOTriton decides per gfx target.
- [KERNELS] transformers integrations/hub_kernels.py: with the `kernels` package,
  attn_implementation="kernels-community/…" loads a prebuilt kernel from the Hub.
- [FA2] Dao-AILab/flash-attention README: "FlashAttention-2 with CUDA currently supports:
  Ampere, Ada, or Hopper GPUs"; FlashAttention 1.x for Turing.
- [BNB] bitsandbytes docs/source/installation.mdx per release: NVIDIA official throughout
  ("LLM.int8() 7.5+", "NF4/FP4 quantization 6.0+" from 0.48, 5.0+ before); CPU, Intel XPU
  and Gaudi official from 0.48.0; AMD ROCm and Apple Silicon experimental in 0.48/0.49,
  official from 0.50.0; no Ascend backend in its tree.
- [TORCHAO] pytorch/ao docs/source/workflows: float8 "Requires CUDA >= 8.9, AMD MI300+, or
  Intel XPU"; int4 tinygemm "minimum compute capability is 8.0"; Apple MPS experimental,
  built from source only.
- [QUANTO] optimum-quanto README and extensions/__init__.py: CPU, CUDA, ROCm, MPS, and XPU
  with torch >= 2.7.
- [GPTQMODEL] ModelCloud/GPTQModel README, "Platform and HW Support": NVIDIA sm_75+, AMD
  ROCm 6.2+, Ascend 910B, Intel XPU, Intel/AMD CPU, Apple Silicon.
- [AWQ] casper-hansen/AutoAWQ README: officially deprecated; NVIDIA compute capability 7.5;
  ROCm through Triton; Intel CPU/GPU through IPEX; not Apple. transformers 5 loads AWQ
  checkpoints through gptqmodel (quantizers/quantizer_awq.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hwdoctor import registry, versions


class Level(str, Enum):
    YES = "yes"
    SLOW = "slow"  # works, emulated or without the fast kernels
    PREVIEW = "preview"  # the library calls it experimental
    NO = "no"
    UNKNOWN = "unknown"  # the evidence does not say


@dataclass(frozen=True)
class Ability:
    name: str  # "bfloat16", "torch.compile", "bitsandbytes"
    level: Level
    why: str  # the rule, with the numbers it was applied to
    source: str  # the key of the rule's source in this module's docstring
    # The command that closes the gap, written by the install chooser (diagnosis/remedies.py)
    # from `needs`: the package and the version specifier it needs ("torch", ">=2.6").
    remedy: str | None = None
    needs: tuple[str, str] | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"name": self.name, "level": self.level.value, "why": self.why,
                "source": self.source, "remedy": self.remedy}  # fmt: skip


@dataclass(frozen=True)
class Device:
    """What the rules read of the device training picks."""

    kind: str  # the registry key: "cuda" (NVIDIA), "rocm", "mps", "xpu", "npu", "cpu", ...
    capability: str | None = None  # "8.6"; the gfx target on ROCm
    torch_version: str | None = None
    hip_version: str | None = None  # torch.version.hip
    macos: str | None = None
    python: str | None = None  # "3.12.1"
    platform: str | None = None  # sys.platform
    packages: Mapping[str, str] | None = None  # distribution -> version, installed only
    bf16_answer: bool | None = None  # the extension's own is_bf16_supported(), where asked
    cpu_bf16: bool | None = None  # the CPU runs bfloat16 natively (torch's ISA checks)
    cxx: str | None = None  # the C++ compiler Inductor looks for ("g++")
    cxx_path: str | None = None  # where it is; None: not found (or not looked for)


# The rows the libraries' rules name, found by the torch build or vendor tool each needs.
_NVIDIA: Final = registry.key_of_build(registry.Build.CUDA)
_AMD: Final = registry.key_of_build(registry.Build.ROCM)
_INTEL: Final = registry.key_of_build(registry.Build.XPU)
_APPLE: Final = registry.key_of_build(registry.Build.MPS)
_CPU: Final = registry.key_of_build(registry.Build.CPU)
_GAUDI: Final = registry.key_of_tool("hl-smi")
_ASCEND: Final = registry.key_of_tool("npu-smi")
_CAP: Final = re.compile(r"^(\d+)\.(\d+)$")
_GFX: Final = re.compile(r"^(gfx[0-9a-f]+)")
QUANTIZERS: Final = ("bitsandbytes", "torchao", "optimum-quanto", "gptqmodel", "autoawq")
HUB_KERNELS: Final = "kernels"
TRITON_DISTS: Final = ("triton", "pytorch-triton", "pytorch-triton-rocm", "pytorch-triton-xpu",
                       "triton-windows")  # fmt: skip


def _cap(device: Device) -> tuple[int, int] | None:
    match = _CAP.match(device.capability or "")
    return (int(match[1]), int(match[2])) if match else None


def _gfx(device: Device) -> str | None:
    match = _GFX.match(device.capability or "")
    return match[1] if match else None


def _at_least(version: str | None, floor: str) -> bool | None:
    return versions.satisfies(version, f">={floor}") if version else None


def dtypes(device: Device) -> tuple[Ability, ...]:
    if device.kind == _NVIDIA:
        return _nvidia_dtypes(device)
    if device.kind == _AMD:
        return _rocm_dtypes(device)
    if device.kind == _APPLE:
        return _mps_dtypes(device)
    if device.kind == _CPU:
        native = {
            True: Ability("bfloat16", Level.YES, "native: the CPU has AVX512-BF16 or AMX",
                          "PT-CPU-BF16"),
            False: Ability("bfloat16", Level.SLOW, "converted: the CPU has neither "
                           "AVX512-BF16 nor AMX", "PT-CPU-BF16"),
            None: Ability("bfloat16", Level.UNKNOWN, "native only with AVX512-BF16 or AMX, "
                          "which the evidence does not say", "PT-CPU-BF16"),
        }[device.cpu_bf16]  # fmt: skip
        return (Ability("float16", Level.SLOW, "converted on most CPUs", "PT-BF16"), native)
    said = "" if device.bf16_answer is None else f": is_bf16_supported() = {device.bf16_answer}"
    bf16 = Level.UNKNOWN if device.bf16_answer is None else (
        Level.YES if device.bf16_answer else Level.NO)  # fmt: skip
    return (
        Ability(
            "bfloat16",
            bf16,
            f"the {device.kind} extension's own answer{said}"
            if said
            else f"ask torch.{device.kind}.is_bf16_supported()",
            "PT-BF16",
        ),
    )


def _nvidia_dtypes(device: Device) -> tuple[Ability, ...]:
    cap = _cap(device)
    if cap is None:
        return tuple(Ability(name, Level.UNKNOWN, "the GPU's compute capability is not known",
                             "PT-BF16") for name in ("bfloat16", "tf32", "float8"))  # fmt: skip
    shown = f"{cap[0]}.{cap[1]}"
    if cap >= (8, 0):
        bf16 = Ability("bfloat16", Level.YES, f"compute capability {shown} >= 8.0", "PT-BF16")
    elif _at_least(device.torch_version, "2.3") is False:
        bf16 = Ability("bfloat16", Level.NO, f"compute capability {shown} < 8.0 and torch "
                       f"{device.torch_version} < 2.3: use float16", "PT-BF16")  # fmt: skip
    else:
        bf16 = Ability("bfloat16", Level.SLOW, f"compute capability {shown} < 8.0: emulated, "
                       "and torch.compile skips bfloat16 graphs; float16 is native",
                       "PT-IND-BF16")  # fmt: skip
    tf32 = cap >= (8, 0)
    fp8 = cap == (8, 9) or cap[0] >= 9
    return (
        bf16,
        Ability("tf32", Level.YES if tf32 else Level.NO,
                f"compute capability {shown} {'>=' if tf32 else '<'} 8.0", "PT-TF32"),
        Ability("float8", Level.YES if fp8 else Level.NO,
                f"compute capability {shown}: torch._scaled_mm needs 8.9 or >= 9.0", "PT-FP8"),
    )  # fmt: skip


def _rocm_dtypes(device: Device) -> tuple[Ability, ...]:
    gfx = _gfx(device)
    bf16 = Ability("bfloat16", Level.YES, "torch.cuda.is_bf16_supported() is True on ROCm",
                   "PT-BF16")  # fmt: skip
    if gfx is None:
        return bf16, *(Ability(name, Level.UNKNOWN, "the GPU's gfx target is not known",
                               "PT-FP8") for name in ("tf32", "float8"))  # fmt: skip
    tf32 = gfx.startswith(("gfx94", "gfx95"))
    fp8_floor = {"gfx942": None, "gfx1200": "6.3", "gfx1201": "6.3", "gfx950": "6.5"}
    if gfx not in fp8_floor:
        fp8, why = Level.NO, f"{gfx}: torch._scaled_mm needs gfx942, gfx950 or gfx1200/1201"
    elif fp8_floor[gfx] is None or _at_least(device.hip_version, str(fp8_floor[gfx])):
        fp8, why = Level.YES, f"{gfx} has float8 GEMMs"
    else:
        fp8, why = Level.NO, f"{gfx} needs a ROCm {fp8_floor[gfx]} build of torch for float8"
    return (
        bf16,
        Ability("tf32", Level.YES if tf32 else Level.NO,
                f"{gfx}: TF32 (xf32) only on gfx94x/gfx95x", "PT-TF32"),
        Ability("float8", fp8, why, "PT-FP8"),
    )  # fmt: skip


def _mps_dtypes(device: Device) -> tuple[Ability, ...]:
    newer = _at_least(device.macos, "14")
    bf16 = (
        Ability("bfloat16", Level.UNKNOWN, "MPS bfloat16 needs macOS 14; the macOS version is "
                "not known", "PT-MPS-BF16") if newer is None
        else Ability("bfloat16", Level.YES if newer else Level.NO,
                     f"macOS {device.macos} {'>=' if newer else '<'} 14", "PT-MPS-BF16")
    )  # fmt: skip
    return (
        bf16,
        Ability("tf32", Level.NO, "MPS has no TF32", "PT-MPS-BF16"),
        Ability("float8", Level.NO, "MPS has no float8 dtypes", "PT-MPS-BF16"),
    )


def _installed(device: Device, names: tuple[str, ...]) -> tuple[str, str] | None:
    for name in names:
        version = (device.packages or {}).get(name)
        if version:
            return name, version
    return None


def compile_support(device: Device) -> Ability:
    """Whether torch.compile's default backend (Inductor) can run on this device."""
    torch_version = device.torch_version
    floors = (("3.14", "2.10"), ("3.13", "2.6"), ("3.12", "2.4"), ("3.11", "2.1"))
    for python, torch_floor in floors:
        if _at_least(device.python, python) and _at_least(torch_version, torch_floor) is False:
            return Ability("torch.compile", Level.NO, f"torch {torch_version} has no Dynamo "
                           f"for Python {python}: it needs torch >= {torch_floor}",
                           "PT-DYNAMO", needs=("torch", f">={torch_floor}"))  # fmt: skip
    if device.platform == "win32" and _at_least(torch_version, "2.5") is False:
        return Ability("torch.compile", Level.NO, f"torch {torch_version} on Windows: Inductor "
                       "needs torch >= 2.5", "PT-DYNAMO")  # fmt: skip
    triton = _installed(device, TRITON_DISTS)
    if device.kind in (_NVIDIA, _AMD, _INTEL):
        cap = _cap(device)
        if device.kind == _NVIDIA and cap is not None and cap < (7, 0):
            return Ability("torch.compile", Level.NO, f"compute capability {cap[0]}.{cap[1]} "
                           "< 7.0: Triton cannot compile for it", "PT-TRITON")  # fmt: skip
        if triton is None:
            return Ability("torch.compile", Level.NO, "Triton is not installed: Inductor "
                           "compiles GPU kernels with it", "PT-TRITON",
                           needs=("triton", "") if device.kind == _NVIDIA
                           else None)  # fmt: skip
        return Ability("torch.compile", Level.YES, f"{triton[0]} {triton[1]}"
                       + (f", compute capability {cap[0]}.{cap[1]} >= 7.0" if cap else ""),
                       "PT-TRITON")  # fmt: skip
    if device.kind == _CPU:
        if device.cxx and device.cxx_path:
            return Ability("torch.compile", Level.YES, f"Inductor's C++ compiler {device.cxx} "
                           f"is {device.cxx_path}", "PT-CXX")  # fmt: skip
        if device.cxx:
            why = f"Inductor compiles CPU kernels with {device.cxx}, not on PATH (or set CXX)"
            return Ability("torch.compile", Level.NO, why, "PT-CXX")
        return Ability("torch.compile", Level.UNKNOWN, "for the CPU it needs a C++ compiler: "
                       "g++ or clang++, MSVC on Windows", "PT-CXX")  # fmt: skip
    return Ability("torch.compile", Level.UNKNOWN, f"{device.kind}: its extension's own "
                   "compile backend decides", "PT-DYNAMO")  # fmt: skip


def sdpa(device: Device) -> Ability | None:
    """Which of torch's scaled_dot_product_attention kernels this GPU can run."""
    kernels = _installed(device, ("kernels",))
    hub = f"; {kernels[0]} {kernels[1]} can load Hub kernels" if kernels else ""
    if device.kind == _AMD:
        return Ability("SDPA", Level.UNKNOWN, f"AOTriton decides per gfx target{hub}", "PT-SDPA")
    cap = _cap(device)
    if device.kind != _NVIDIA or cap is None:
        return None
    floors = {
        "flash": (7, 5) if _at_least(device.torch_version, "2.1") is False else (8, 0),
        "memory-efficient": (5, 0),
        "cuDNN": (8, 0),
    }
    shown = f"{cap[0]}.{cap[1]}"
    here = [name for name, floor in floors.items() if cap >= floor]
    missing = [f"{name} needs {floors[name][0]}.{floors[name][1]}" for name in floors
               if name not in here]  # fmt: skip
    if not missing:
        return Ability("SDPA", Level.YES, f"flash, memory-efficient, cuDNN and math kernels on "
                       f"compute capability {shown}{hub}", "PT-SDPA")  # fmt: skip
    return Ability("SDPA", Level.SLOW, f"{', '.join([*here, 'math'])} only on compute "
                   f"capability {shown} ({'; '.join(missing)}){hub}", "PT-SDPA")  # fmt: skip


def flash_attention_2(device: Device) -> str | None:
    """Why flash-attn 2 cannot run on this GPU; None when the rule does not stop it."""
    cap = _cap(device)
    if device.kind == _NVIDIA and cap is not None and cap < (8, 0):
        return (f"flash-attn 2 needs an Ampere or newer GPU (compute capability 8.0); this one "
                f"is {cap[0]}.{cap[1]}")  # fmt: skip
    if device.kind in (_CPU, _APPLE):
        return f"flash-attn 2 runs on CUDA and ROCm GPUs, not on {device.kind}"
    return None


def quantization(device: Device) -> tuple[Ability, ...]:
    """Each quantization library installed, and whether it supports this device."""
    found = []
    for name in QUANTIZERS:
        version = (device.packages or {}).get(name)
        if version:
            level, why, source = _QUANT_RULES[name](device, version)
            newer = _BNB_OFFICIAL.get(device.kind) if name == "bitsandbytes" else None
            needs = (
                ("bitsandbytes", f">={newer}")
                if newer and level is not Level.YES and _at_least(version, newer) is False
                else None
            )
            found.append(Ability(name, level, f"{name} {version}: {why}", source, needs=needs))
    return tuple(found)


# The bitsandbytes release that made each backend official [BNB].
_BNB_OFFICIAL: Final = {_AMD: "0.50", _APPLE: "0.50", _CPU: "0.48", _INTEL: "0.48",
                        _GAUDI: "0.48"}  # fmt: skip


def _bnb(device: Device, version: str) -> tuple[Level, str, str]:
    official = _at_least(version, "0.48")
    newest = _at_least(version, "0.50")
    kind = device.kind
    if kind == _NVIDIA:
        cap = _cap(device)
        floor = (6, 0) if official else (5, 0)
        if cap is not None and cap < floor:
            return Level.NO, f"needs compute capability {floor[0]}.{floor[1]}", "BNB"
        if cap is not None and cap < (7, 5):
            return Level.SLOW, "4-bit yes; LLM.int8() needs compute capability 7.5", "BNB"
        return Level.YES, "NVIDIA GPUs", "BNB"
    if kind in (_AMD, _APPLE):
        if newest:
            return Level.YES, f"{kind} official from 0.50.0", "BNB"
        return (Level.PREVIEW if official else Level.NO), f"{kind} official from 0.50.0", "BNB"
    if kind in (_CPU, _INTEL, _GAUDI):
        return (Level.YES if official else Level.NO), f"{kind} official from 0.48.0", "BNB"
    return Level.NO, f"no {kind} backend", "BNB"


def _torchao(device: Device, version: str) -> tuple[Level, str, str]:
    cap = _cap(device)
    if device.kind == _NVIDIA and cap is not None:
        if cap < (8, 0):
            return Level.SLOW, "int8 yes; int4 needs 8.0 and float8 8.9", "TORCHAO"
        if cap < (8, 9):
            return Level.SLOW, "int8 and int4 yes; float8 needs compute capability 8.9", "TORCHAO"
        return Level.YES, "int8, int4 and float8", "TORCHAO"
    if device.kind in (_NVIDIA, _INTEL, _AMD, _CPU):
        return Level.YES, f"{device.kind} has kernels", "TORCHAO"
    if device.kind == _APPLE:
        return Level.PREVIEW, "Apple kernels are experimental, built from source", "TORCHAO"
    return Level.NO, f"no {device.kind} kernels", "TORCHAO"


def _quanto(device: Device, version: str) -> tuple[Level, str, str]:
    if device.kind == _INTEL and _at_least(device.torch_version, "2.7") is False:
        return Level.NO, "XPU needs torch >= 2.7", "QUANTO"
    if device.kind in (_NVIDIA, _AMD, _APPLE, _INTEL, _CPU):
        return Level.YES, f"{device.kind} supported", "QUANTO"
    return Level.NO, f"no {device.kind} support", "QUANTO"


def _gptqmodel(device: Device, version: str) -> tuple[Level, str, str]:
    cap = _cap(device)
    if device.kind == _NVIDIA and cap is not None and cap < (7, 5):
        return Level.SLOW, "its fast kernels need compute capability 7.5", "GPTQMODEL"
    if device.kind in (_NVIDIA, _AMD, _INTEL, _CPU, _APPLE, _ASCEND):
        return Level.YES, f"{device.kind} supported", "GPTQMODEL"
    return Level.NO, f"no {device.kind} support", "GPTQMODEL"


def _autoawq(device: Device, version: str) -> tuple[Level, str, str]:
    cap = _cap(device)
    said = "deprecated; transformers 5 loads AWQ through gptqmodel"
    if device.kind == _NVIDIA and (cap is None or cap >= (7, 5)):
        return Level.YES, said, "AWQ"
    if device.kind in (_AMD, _CPU, _INTEL):
        return Level.PREVIEW, said, "AWQ"
    return Level.NO, f"{said}; not on {device.kind}", "AWQ"


_QUANT_RULES: Final = {
    "bitsandbytes": _bnb,
    "torchao": _torchao,
    "optimum-quanto": _quanto,
    "gptqmodel": _gptqmodel,
    "autoawq": _autoawq,
}
