"""The recognisers: each tool's report layout, line by line, to facts.

Every pattern below is the layout a tool prints, read from its code or from real outputs
(`tests/data/reports/`, each with its source):

- collect_env: torch/utils/collect_env.py, `env_info_fmt` ("Key: value" lines, "GPU n:"
  lines, `[pip3]`/`[pip]`/`[conda]` package lines); the 1.x layouts print "Yes"/"No", the
  2.x ones "True"/"False". `vllm collect-env` prints the same keys (vllm/collect_env.py),
  plus "vLLM Version" and the environment variables it deems relevant.
- transformers env: transformers/commands/env.py (4.x) and transformers/cli/system.py (5.x):
  "- Key: value" bullets, "PyTorch version (GPU?): 2.4.1+cu121 (True)" in 4.x and
  "PyTorch version (accelerator?): 2.9.0+cu128 (CUDA)" in 5.x; `diffusers-cli env` is the
  same layout.
- accelerate env: accelerate/commands/env.py: "PyTorch version (GPU?): … (True)" before
  1.1, then "PyTorch version: …" with "PyTorch accelerator: CUDA", "PyTorch XPU available:"
  lines in between, and the default config as indented "- key: value" lines.
- nvidia-smi: the table's header ("NVIDIA-SMI 550.40.07  Driver Version: 550.40.07  CUDA
  Version: 12.4"; from the 610 drivers "KMD Version" / "CUDA UMD Version") and its GPU rows
  ("|   0  NVIDIA GeForce RTX 4070   Off |"); `nvidia-smi -q`'s "Key : value" lines.
- rocm-smi / amd-smi / rocminfo: "GFX Version: gfx1030", "TARGET_GRAPHICS_VERSION: gfx950",
  "MARKET_NAME:", rocminfo's "Name: gfx1031" and "Marketing Name:".
- npu-smi info: its header ("npu-smi 24.1.rc3.7   Version: 24.1.rc3.7") and chip rows.
- Messages torch and extensions print, quoted from their code where they come from:
  "found version NNNNN" (c10/cuda/CUDAFunctions.cpp), the sm_XY warning and the "too old"
  warning (torch/cuda/__init__.py `_check_cubins` / `_check_capability`), "Torch not
  compiled with CUDA enabled" (torch/cuda/__init__.py `_lazy_init`), "HIP error: invalid
  device function" (HIP's hipErrorInvalidDeviceFunction: no code object for the GPU), and
  the dynamic loader's "undefined symbol" in an extension's compiled module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.compat import drivers, gpus
from hwdoctor.gather.reports import MAX_LINE_CHARS, Block, Fact, Quote, Tool, quote

# Markdown around a report: `> ` quoting (nested too), HTML tags GitHub's templates use.
_QUOTING: Final = re.compile(r"^(?:[ \t]*>)+[ \t]?")
_TAGS: Final = re.compile(r"</?(?:details|summary|br|p|pre|code|b|strong)\b[^>]*>", re.I)
_FENCE: Final = re.compile(r"^\s*(?:`{3,}|~{3,})\s*(?:[\w+-]+\s*)?$")
_FENCE_OPEN: Final = re.compile(r"^\s*(?:`{3,}|~{3,})")  # a fence with text after it

# --- collect_env (and vllm collect-env) --------------------------------------------------
_CE_START: Final = re.compile(r"^\s*Collecting environment information")
_CE_KEYS: Final = {
    "PyTorch version": "torch.version",
    "CUDA used to build PyTorch": "torch.cuda",
    "ROCM used to build PyTorch": "torch.hip",
    "OS": "os",
    "Python version": "python.version",
    "Python platform": "python.platform",
    "Is CUDA available": "cuda.available",
    "Nvidia driver version": "driver",
    "HIP runtime version": "hip.runtime",
    "Is XPU available": "xpu.available",
    "vLLM Version": "vllm.version",
}
_CE_LINE: Final = re.compile(
    r"^\s*(PyTorch version|CUDA used to build PyTorch|ROCM used to build PyTorch|OS|"
    r"Python version|Python platform|Is CUDA available|Nvidia driver version|"
    r"HIP runtime version|Is XPU available|vLLM Version)\s*[:：]\s*(.*)$"
)
_CE_RETYPED: Final = re.compile(r"^\s*PyTorch version\s+(\d[\w.+]*)\s*$")  # typed without ":"
# A GPU's name on a line of its own (what torch.cuda.get_device_name printed), read only
# when the name table knows it.
_BARE_GPU: Final = re.compile(
    r"^\s*((?:NVIDIA |AMD )?(?:GeForce|Tesla|Quadro|TITAN|RTX|Radeon|Instinct"
    r"|A\d{2,3}\b|H\d{3}\b|L\d{1,2}\b)[\w ()-]{0,50}?)\s*$"
)
# "GPU: NVIDIA GB10", "- GPU: AMD Radeon RX 580 Series" in a reporter's own list, its key
# also in Markdown bold as issue templates write it ("- **GPU**: NVIDIA GeForce RTX 5090",
# "- **GPU:** NVIDIA GeForce RTX 3050").
_VENDOR_WORDS: Final = r"(?:NVIDIA|AMD|GeForce|Radeon|Tesla|Quadro|TITAN|Instinct)\b"
_GPU_PROSE: Final = re.compile(
    r"^\s*(?:[-*]\s*)?(?:\*\*|__)?(?:GPU|Graphics card|显卡)(?:\s*\d)?(?:\*\*|__)?\s*[:：]"
    rf"(?:\*\*|__)?\s*({_VENDOR_WORDS}[^(\n]{{1,50}}?)\s*(?:\(|$)"
)
# An NVIDIA GeForce name anywhere in the prose ("a laptop GeForce RTX 3070"), or a workstation
# RTX of the A series ("a Nvidia RTX A6000"): read only where torch says it has no code for
# the GPU and nothing else names it (assemble._gpus).
_NVIDIA_PROSE: Final = re.compile(
    r"\b((?:NVIDIA\s+)?(?:GeForce\s+)?(?:RTX\s?A?|GTX\s?)\d{3,4}(?:\s?Ti|\s?SUPER)?"
    r"(?:\s+Laptop(?:\s+GPU)?)?)\b",
    re.I,
)
# A GeForce named by its number and "Ti" alone ("my platform: 5070ti", "显卡3070ti"): only
# NVIDIA's products carry "Ti" (AMD's say XT), and the series number gives the prefix:
# GTX for the 10 and 16 series, RTX from the 20 series on.
_TI_PROSE: Final = re.compile(r"(?<![\d.])((?:10|16|20|30|40|50)[5-9]0)\s?Ti\b", re.I)
# Issue templates (ROCm's, vLLM's) put the GPU under a heading of its own: "### GPU".
_HEADING: Final = re.compile(r"^\s{0,3}#{2,4}\s+(.+)$")
_TEMPLATE_GPU: Final = re.compile(
    rf"^\s*(?:\d+\s*x\s*)?({_VENDOR_WORDS}[^(\n]{{1,60}}?)\s*(?:\(|$)"
)
_MACOS_PROSE: Final = re.compile(
    r"\bmac ?OS(?:\s+(?:version|Ventura|Monterey|Sonoma|Sequoia|Big Sur|Catalina))?(?:\s+is)?"
    r"[\s`]+(\d{2}(?:\.\d+){1,2})\b(?!\+)",
    re.I,
)
_APPLE_CHIP_PROSE: Final = re.compile(
    r"(?:^|Apple\s+|MacBook(?: Pro| Air)?\s+)(M[1-5](?:\s+(?:Pro|Max|Ultra))?)\b"
)
# An AMD GPU named in the reporter's words ("RX 5700XT", "Radeon RX580", "Vega 56"): read only
# when the name table knows it once spaced as AMD spells it ("Radeon RX 5700 XT").
_AMD_PROSE: Final = re.compile(
    r"\b(?:AMD\s+)?(?:Radeon\s+)?(?:(RX)\s*(\d{3,4})\s*(XTX|XT|GRE)?|(Vega)\s*(\d{2}))\b"
    r"|\bRadeon\s+(\d{3,4}[MS])\b"  # an APU's graphics: "Radeon 780M", "Radeon 8060S"
    r"|\b([5-9]\d\d0)\s?(XTX|XT)\b",  # "a 6700xt", "my 9070 XT": the XT says it is a Radeon
    re.I,
)
# torch's answer said on the same line: "(torch.cuda.is_available() == False)", "... returns
# False", as issue bodies tell it; the call alone ("and is_available() returns False") is
# CUDA's too, as another backend's is written with its module ("torch.backends.mps.…").
_SAID_AVAILABLE: Final = re.compile(
    r"(?:torch\.cuda\.|(?<![\w.]))is_\s?available\(\)"
    r"\s*(?:==|returns?|returned|gives|->|is|:)\s*(true|false)\b",
    re.I,
)
# Issue templates ask what the reporter expected ("### Expected behavior", "**Expected
# behaviour**"): "torch.cuda.is_available() return True" there is a wish, not an answer.
_EXPECTED: Final = re.compile(
    r"^\s{0,3}(?:#{1,4}|\*\*|__)?\s*expected\s+(?:behaviou?r|result)", re.I
)
# A line of bold text alone ("**Environment**") starts another section, as a heading does.
_BOLD_LINE: Final = re.compile(r"^\s*(?:\*\*|__)[^*_]{1,60}(?:\*\*|__)\s*(?::\s*)?$")
# Ultralytics' start-up banner (ultralytics/utils/torch_utils.py select_device): "Ultralytics
# YOLOv8.0.54 Python-3.10.6 torch-2.0.0+cpu CPU", or "... torch-1.8.1+cu111 CUDA:0 (NVIDIA
# GeForce RTX 3070, 8192MiB)"; YOLOv5's reads "YOLOv5 🚀 v7.0-72 Python-3.10.9 torch-...",
# and before mid-2022 "YOLOv5 🚀 2022-4-22 torch 1.11.0+cpu CPU" (utils/torch_utils.py).
_YOLO_BANNER: Final = re.compile(
    r"(?:Ultralytics|YOLOv\d)\b[^\n]*?(?:\bPython-[\d.]+\s+torch-|\storch )"
    r"(\d+\.\d+\.\d+(?:[^\d\s]\S*)?)"
    r"(?:\s+(?:CPU\b|CUDA:\d+ \(([^,()]{3,80}), \d+MiB\))|\s*$)"
)
# The REPL answering torch.cuda.is_available() on the next line.
_REPL_AVAILABLE: Final = re.compile(r"torch\.cuda\.is_available\(\)\)?\s*$")
# And MPS's, the call alone or printed in a sentence: ">>> print(f"Is MPS available?
# {torch.backends.mps.is_available()}")" then "Is MPS available? False" (pytorch#78343).
_REPL_MPS_AVAILABLE: Final = re.compile(r"torch\.backends\.mps\.is_available\(\)")
_CE_GPUS: Final = re.compile(r"^\s*GPU models and configuration\s*:\s*(.*)$")
_GPU_LINE: Final = re.compile(r"^\s*GPU\s*(\d{1,3})\s*[:：]\s*(.+)$")
_PIP_LINE: Final = re.compile(
    r"^\s*\[(?:pip3?|conda)\]\s+([A-Za-z0-9][\w.\-]*)(?:==|\s+)([\w.+!\-]+)"
)
_CPU_MODEL: Final = re.compile(r"^\s*(?:Model name|CPU)\s*:\s*(.+)$")
_APPLE_CHIP: Final = re.compile(r"^\s*(Apple M\d[\w ]*)$")

# --- transformers env, accelerate env, diffusers env ------------------------------------
# The key runs to the first colon and starts with neither a space nor a colon, so no two
# quantifiers can share a run of spaces (as `(.+?)\s*:` did: cubic on a line of spaces).
_BULLET: Final = re.compile(r"^\s*(?:[-*]\s+)?([^:\s][^:]*):\s*(.*)$")
_HF_START: Final = re.compile(
    r"^\s*(?:[-*]\s+)?`?(transformers|accelerate|diffusers)`?\s+version\s*:", re.I
)
_HF_TOOLS: Final = {
    "transformers": Tool.TRANSFORMERS_ENV,
    "accelerate": Tool.ACCELERATE_ENV,
    "diffusers": Tool.DIFFUSERS_ENV,
}
_HF_PACKAGES: Final = {
    "transformers version": "transformers",
    "accelerate version": "accelerate",
    "diffusers version": "diffusers",
    "huggingface_hub version": "huggingface-hub",
    "safetensors version": "safetensors",
    "deepspeed version": "deepspeed",
    "numpy version": "numpy",
    "tensorflow version (gpu?)": "tensorflow",
    "flax version (cpu?/gpu?/tpu?)": "flax",
    "jax version": "jax",
    "peft version": "peft",
    "bitsandbytes version": "bitsandbytes",
    "xformers version": "xformers",
}
_HF_TORCH: Final = re.compile(r"^([0-9][\w.+]*)\s*(?:\((\w+)\))?")
_HF_ACCELERATOR: Final = re.compile(r"^PyTorch (XPU|NPU|MLU|MUSA|SDAA|HPU) available$", re.I)

# --- Lightning's collect_env_details.py -------------------------------------------------------
# "cuda:" / "* CUDA:" sections of tab-indented "key: value" (or "- key: value") lines, then
# packages and "system:" (OS, processor, python, and the kernel's version string).
_LIGHTNING_START: Final = re.compile(r"^\s*(?:\*\s*)?(?:cuda|CUDA):\s*$")
_LIGHTNING_SECTION: Final = re.compile(
    r"^\s*(?:\*\s*)?(cuda|packages|lightning|system)\s*:\s*$", re.I
)
_LIGHTNING_LINE: Final = re.compile(r"^\s+(?:-\s*)?([\w.-]+)\s*:\s*(.*)$")

# --- NVIDIA --------------------------------------------------------------------------------
_SMI_HEADER: Final = re.compile(
    r"NVIDIA-SMI\s+([\d.]+)\s+(?:Driver|KMD) Version:\s*([\d.]+)\s+(?:CUDA(?: UMD)? Version:\s*"
    r"([\d.]+|N/A))?"
)
# A GPU row's first cell (between the line's first two `|`): index, name, persistence mode.
_SMI_ROW: Final = re.compile(r"^\s*(\d{1,3})\s{2,}(\S.*\S)\s+(?:On|Off)$")
# nvidia-smi's words when NVML would not start (the NVML API reference, nvmlInit_v2's return
# codes: NVML_ERROR_LIB_RM_VERSION_MISMATCH is "Driver/library version mismatch").
_SMI_FAILED: Final = re.compile(
    r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver|"
    r"Failed to initialize NVML: ([^\n]{1,120})|Driver/library version mismatch"
)
# The kernel module's own log when a user-space driver of another version opens it
# (NVIDIA/open-gpu-kernel-modules src/nvidia/arch/nvalloc/unix/src/osapi.c, the version check
# of RmPerformVersionCheck), as dmesg shows it: "NVRM: API mismatch: the client has the
# version 535.104.05, but" then "NVRM: this kernel module has the version 535.86.10.  Please";
# also retold on one line, "NVRM: API mismatch: client version 570.133.07, kernel module
# version 570.124.06".
_NVRM_CLIENT: Final = re.compile(
    r"NVRM: API mismatch: (?:the )?client (?:has the )?version (\d+(?:\.\d+)+)"
)
_NVRM_KERNEL: Final = re.compile(
    r"(?:NVRM: this |, )kernel module (?:has the )?version (\d+(?:\.\d+)+)"
)
# From the start of a run of "=" only: tried from each "=" of a long line, it was quadratic.
_SMIQ_START: Final = re.compile(r"(?<!=)=+\s*NVSMI LOG\s*=+")
_SMIQ_LINE: Final = re.compile(
    r"^\s*(Driver Version|CUDA Version|Product Name|Attached GPUs)\s+:\s*(.+)$"
)

# --- AMD -----------------------------------------------------------------------------------
_ROCM_SMI_START: Final = re.compile(r"ROCm System Management Interface|^=+\s*Concise Info\s*=+")
_GFX: Final = re.compile(r"\b(gfx[0-9]{3,4}[a-f]?)\b")
_GFX_LINE: Final = re.compile(
    r"(?:GFX Version|TARGET_GRAPHICS_VERSION|gcnArchName|^\s*Name)\s*:\s*(gfx[0-9]{3,4}[a-f]?)\b"
)
_AMD_NAME: Final = re.compile(r"(?:Marketing Name|MARKET_NAME|Card [Ss]eries)\s*:\s*(.+)$")
_ROCMINFO_START: Final = re.compile(r"ROCk module (?:version .* )?is loaded|HSA System Attributes")
_AMD_SMI_START: Final = re.compile(r"^\s*(?:\$\s*)?amd-smi\b|^\s*ASIC:\s*$")

# ComfyUI's start-up log (comfy/model_management.py): "AMD arch: gfx1151" and "Device: cuda:0
# NVIDIA GeForce RTX 4090 : cudaMallocAsync" name the GPU torch uses.
_COMFY_ARCH: Final = re.compile(r"^\s*AMD arch:\s*(gfx[0-9a-f]{3,4})\b")
_COMFY_DEVICE: Final = re.compile(
    r"^\s*Device: cuda:(\d+) (.+?) : (?:cudaMallocAsync|hipMallocAsync|native|cudaMalloc)\s*$"
)
# rocBLAS (shipped inside torch's ROCm wheel) has no kernels for the GPU: "rocBLAS error: Cannot
# read …/TensileLibrary.dat: <strerror> for GPU arch : gfx900" (ROCm/rocBLAS
# library/src/tensile_host.cpp). Its " for GPU arch : " is read without the prefix too: a
# paste that lost the line's start ("ocBLAS error: …") or wrapped it after the path.
_ROCBLAS: Final = re.compile(
    r"rocBLAS error: .*?GPU arch\s*:\s*(gfx[0-9a-f]{3,4})|\bfor GPU arch : (gfx[0-9a-f]{3,4})"
)

# lspci's line for a GPU: the PCI ID database's names, "[AMD/ATI] Navi 22 [Radeon RX 6700/6700 XT
# /6750 XT / 6800M/6850M XT]" or "NVIDIA Corporation GA102 [GeForce RTX 3090]".
_LSPCI: Final = re.compile(
    r"(?:VGA compatible controller|3D controller|Display controller): "
    r"(Advanced Micro Devices, Inc\. \[AMD/ATI\]|NVIDIA Corporation) [^\[]*\[([^\]]+)\]"
)
_MARKS: Final = re.compile(r"(?<!\s)\s*\((?:TM|R)\)|[™®]", re.I)  # "AMD Radeon (TM) Pro WX 5100"

# --- Ascend --------------------------------------------------------------------------------
_NPU_HEADER: Final = re.compile(r"npu-smi\s+(\S+)\s+Version:\s*(\S+)")
_NPU_ROW: Final = re.compile(
    r"^\|\s*(\d{1,3})\s+([A-Za-z]*\d{3}\w*)\s+\|\s*(?:OK|Warning|Alarm|Critical)"
)
# A GPU of rocm-smi's concise table ("0    51.0c  4.0W …"), of `rocm-smi --show…`
# ("GPU[0]  : …") and of `amd-smi list` ("GPU: 0").
_AMD_GPU_ROW: Final = re.compile(
    r"^\s*(\d{1,3})\s+\d+(?:\.\d+)?c\s|^\s*GPU\[(\d{1,3})\]|^\s*GPU: (\d{1,3})\s*$"
)

# --- messages ------------------------------------------------------------------------------
# torch's word that the driver is too old, in the forms compat/drivers.py names (DriverWords).
_FOUND_VERSION: Final = drivers.FOUND_VERSION
_DRIVER_TOO_OLD: Final = drivers.TOO_OLD
_INSUFFICIENT_DRIVER: Final = drivers.INSUFFICIENT
# xformers' own check: "xFormers was built for:\n PyTorch 2.0.1+cu118 with CUDA 1108 (you
# have 2.0.1)" (xformers/_cpp_lib.py).
_XFORMERS_BUILT: Final = re.compile(
    r"^\s*PyTorch ([0-9][\w.+]*)(?: with CUDA \S+)? \(you have ([0-9][\w.+]*)\)"
)
# Its second line alone, its header cut off by the paste: the CUDA number in CUDA's own
# encoding (1208) and "you have" make the shape xformers' and no one else's.
_XFORMERS_LINE: Final = re.compile(
    r"^\s*PyTorch ([0-9][\w.+]*) with CUDA \d{4,5} \(you have ([0-9][\w.+]*)\)"
)
# Read with string operations around its fixed words, not one regex: a lazy name before them
# would be tried from every position of a long line (quadratic).
_SM_WORDS: Final = " with CUDA capability sm_"
# The GPU's name at the end of the text before those words ("…显示「NVIDIA GeForce RTX 5090").
_NAME_TAIL: Final = re.compile(r"(?:NVIDIA|GeForce|Tesla|Quadro|TITAN|Orin|Jetson)[\w ()-]*$")
_SM_TAIL: Final = re.compile(r"(\d{2,3}) is not compatible with the current PyTorch")
# The warning's last line names the GPU again: "If you want to use the NVIDIA GeForce RTX 3060
# Laptop GPU GPU with PyTorch, please check …" (torch/cuda/__init__.py, incompatible_device_warn).
_WANT_WORDS: Final = ("If you want to use the ", " GPU with PyTorch")
_SM_SUPPORTS: Final = re.compile(
    r"current PyTorch install supports CUDA capabilities ((?:sm_\w+\s*)+)"
)
_TOO_OLD: Final = re.compile(
    r"Found GPU\s?(\d+) (\S.*?) which is of (?:cuda|compute) capability (?:\(CC\) )?(\d+)\.(\d+)"
)
# Its next words, on the same line or the next ones: "Minimum and Maximum cuda capability
# supported by this version of PyTorch is" then "(8.0) - (12.0)" (torch 2.7 to 2.10,
# torch/cuda/__init__.py `_check_capability`, from its CUDA_ARCHES_SUPPORTED table).
_CAPABILITY_RANGE: Final = re.compile(r"\((\d{1,2})\.(\d)\)\s?-\s?\((\d{1,2})\.(\d)\)\s*$")
_MIN_CAPABILITY: Final = re.compile(
    r"minimum cuda capability supported by this library is (\d+\.\d+)"
)
_CC_ROW: Final = re.compile(r"^\s*-\s*(\d+)\.(\d+) which supports hardware CC")
# torch's words (torch/cuda/__init__.py `_lazy_init`), also as reporters retype them in
# lower case ("torch not compiled with cuda enabled").
_NOT_COMPILED: Final = re.compile(r"Torch not compiled with CUDA enabled", re.I)
_INVALID_FUNCTION: Final = re.compile(
    r"HIP error: invalid device function|hipErrorInvalidDeviceFunction|hipErrorNoBinaryForGpu",
    re.I,
)
_NO_KERNEL: Final = re.compile(r"no kernel image is available for execution on the device")
# The loader's "<path>.so: undefined symbol: <symbol>", likewise read around its words.
_UNDEFINED_WORDS: Final = "undefined symbol:"
_DYLD_WORDS: Final = "Symbol not found:"
_SYMBOL_WORDS: Final = " symbol: "
# Mangled names of torch's C++ library: c10::, at::, torch::, its Python bindings (THP…).
# torch's C shim for compiled extensions (aoti_torch_*, torch/csrc/inductor/aoti_torch/c/shim.h)
# is torch's too. A class's virtual table and type info are its symbols as well, mangled with
# the Itanium C++ ABI's special names (§5.1.4.1: TV virtual table, TT VTT, TI typeinfo, TS
# typeinfo name): _ZTVN5torch3jit6MethodE is torch::jit::Method's vtable.
_TORCH_CXX: Final = re.compile(
    r"^_Z(?:T[VTIS])?N?K?\d*(?:3c10|2at|5torch)|^THP|^aoti_torch_|c10::|at::|torch::"
)
# A name starts where no word character precedes it: tried from inside a long word, it was
# quadratic.
_MODULE_FILE: Final = re.compile(r"(?<!\w)([A-Za-z_]\w*)(?:\.cpython[\w-]*|\.abi3)?\.(?:so|pyd)\b")
# torchvision's and torchaudio's own checks that they were built for another torch
# (torchvision/extension.py `_check_cuda_version`, torchaudio/_extension): a missing operator,
# or "Detected that PyTorch and TorchAudio were compiled with different CUDA versions". torch's
# op lookup says the missing operator as "No such operator torchvision::nms"
# (torch/csrc/jit/python/init.cpp `_jit_get_operation`).
_COMPANION_SAID: Final = re.compile(
    r"operator (torchvision)::\w+ does not exist|No such operator (torchvision)::\w+"
    r"|PyTorch and (torchvision|torchaudio) were compiled with different CUDA (?:major )?versions",
    re.I,
)
# SD.Next's installer (installer.py check_torch): "nVidia CUDA toolkit detected: nvidia-smi
# present", logged when nvidia-smi is on the PATH (or in System32 on Windows); its later
# "CUDA: nVidia toolkit detected" (installer.py install_cuda) and kohya_ss's copy of that check
# (bmaltais/kohya_ss setup/validate_requirements.py check_torch: "nVidia toolkit detected")
# say the same. The capital V is that code's own spelling.
_NVIDIA_SMI_PRESENT: Final = re.compile(r"\bnVidia (?:CUDA )?toolkit detected\b")
_NO_GPUS: Final = re.compile(r"No CUDA GPUs are available|no CUDA-capable device is detected")
_NO_HIP_GPUS: Final = re.compile(r"No HIP GPUs are available")
_TOO_OLD_WORDS: Final = re.compile(r"PyTorch no longer supports this GPU because it is too old")
_MPS_MACOS: Final = re.compile(r"The MPS backend is supported on MacOS (\d+(?:\.\d+)?)\+")
# An MPS operator that needs a newer macOS says so (aten/src/ATen/native/mps): "MPS support
# binary op with uint8 natively starting from macOS 13.0".
_MPS_OP_MACOS: Final = re.compile(
    r"MPS\b.{0,80}?(?:starting from|Support has been added in) macOS (\d+(?:\.\d+)?)"
)
# An operator torch has no MPS kernel for, in its two wordings: the MPS fallback's error
# (aten/src/ATen/mps/MPSFallback.mm mps_error_fallback: "The operator 'aten::…' is not
# currently implemented for the MPS device", "not current implemented" in 1.12), and the
# dispatcher's for a key with no kernel at all ("Could not run 'aten::…' with arguments from the
# 'MPS' backend … 'aten::…' is only available for these backends: [CPU, …]",
# c10/core/dispatch/OperatorEntry.cpp reportError). SparseMPS and other keys are not MPS's.
_MPS_OPERATOR: Final = re.compile(
    r"The operator '([\w.:]{1,120})' is not current(?:ly)? implemented for the MPS device"
    r"|Could not run '([\w.:]{1,120})' with arguments from the 'MPS' backend"
)
_ONLY_AVAILABLE: Final = re.compile(r"'([\w.:]{1,120})' is only available for these backends: \[")
# Words before a macOS version that make it a floor or a wish, not the machine's release:
# "starting from macOS 13.2", "upgrade my macOS to 13.2", "requires macOS 14".
_MACOS_NOT_HERE: Final = re.compile(r"(?:\bfrom|\bto|\bthan|\bneeds?|\brequires?|>=?)[\s`]*$", re.I)
_MACOS_FLOOR_AFTER: Final = re.compile(r"^[\s`]*(?:or (?:newer|later|above|higher)|\+)", re.I)
_SW_VERS: Final = re.compile(r"^\s*ProductVersion:\s*(\d+(?:\.\d+)+)\s*$")
_MAC_PLATFORM: Final = re.compile(r"\b(macOS-\d+(?:\.\d+)*-(?:arm64|x86_64)[\w.-]*)")
# /proc/driver/nvidia/version's first line, as `cat` or dmesg shows it.
_NVRM: Final = re.compile(r"NVRM version: NVIDIA UNIX \w+ Kernel Module\s+(\d+\.\d+(?:\.\d+)?)")
# The ISA name ROCm prints (rocminfo "Name:", HIP errors): amdgcn-amd-amdhsa--gfx1032.
_ISA: Final = re.compile(r"amdgcn-amd-amdhsa--(gfx[0-9]{3,4}[a-f]?)\b")
# A list of gfx targets on a line of its own: `rocm-sdk targets`, PYTORCH_ROCM_ARCH.
_GFX_LIST: Final = re.compile(
    r"^\s*(?:PYTORCH_ROCM_ARCH=)?[\"']?(gfx[0-9a-f]{3,4}(?:[;, ]+gfx[0-9a-f]{3,4})+)"
)
# CANN's own words when ASCEND_RT_VISIBLE_DEVICES names no device of the machine.
_ASCEND_RANGE: Final = re.compile(
    r"set (ASCEND_RT_VISIBLE_DEVICES):(\S+) error, input data rang\[0-(\d+)\)"
)
# CANN refusing the variable's order: "set ASCEND_RT_VISIBLE_DEVICES:0,2,1 error, it must be
# configured in ascending order" (then no NPU is visible at all).
_ASCEND_ORDER: Final = re.compile(
    r"set (ASCEND_RT_VISIBLE_DEVICES):(\S+) error, (it must be configured in ascending order)"
)
# Versions written in prose ("torch: 2.3.0", "torch==2.1.2", "torch版本是2.0.1") and by
# `pip freeze`; read only for these names, and never from an install command (which names
# what the reporter means to install, not what is there).
_PROSE_NAMES: Final = (
    "torch", "pytorch", "torchvision", "torchaudio", "torchtext", "flash-attn", "flash_attn",
    "bitsandbytes", "torch-npu", "torch_npu", "xformers",
)  # fmt: skip
_PROSE_VERSION: Final = re.compile(
    r"(?<![A-Za-z0-9_./-])(" + "|".join(map(re.escape, _PROSE_NAMES)) + r")(?![A-Za-z0-9_-])\s*"
    r"(?:version\s*|版本\s*)?(?:(?:==|[:=：]|\bis\b|是|\bv)\s*)?v?"
    r"(\d+\.\d+(?:\.\d+)?(?:\+\w+(?:\.\w+)*|\.post\d+|\.dev\w*|rc\d+)?)(?![A-Za-z0-9_]|\.\d)",
    re.I,
)
# Facts a reporter states in a sentence, read as carefully as a tool's line: "Driver
# 570.133.07", "Python 3.11", "transformers 4.51.3", "I have 2 GPUs". Each needs its word
# and its number with only "version", ":", "=" or "is" between; a path ("python3.11/site-
# packages") or a package's longer name ("sentence-transformers 2.2.2") is not one.
_PROSE_DRIVER: Final = re.compile(
    r"(?<![\w-])driver(?: version)?(?:[ \t]?[:：=][ \t]{0,3}|[ \t]{1,3}(?:is[ \t])?)v?"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
    r"(?![\w.])",
    re.I,
)
_PROSE_PYTHON: Final = re.compile(
    r"(?<![\w./\\-])python(?: version)?(?:[ \t]?[:：=][ \t]{0,3}|[ \t]{1,3}(?:is[ \t])?)"
    r"(3\.\d{1,2}(?:\.\d{1,2})?)"
    r"(?![\w.])",
    re.I,
)
_PROSE_LIBRARY: Final = re.compile(
    r"(?<![\w./-])(transformers|accelerate|diffusers)(?![\w-])\s?(?:version\s?)?"
    r"(?:(?:==|[:=]|\bis\b)\s?)?v?(\d+\.\d+(?:\.\d+)?(?:\.dev\d+|rc\d+)?)(?![\w]|\.\d)",
    re.I,
)
# "I have 2 GPUs", "4x GPUs", "GPU: 2× RTX 5090": a count before "GPUs" or before a GPU's name.
_PROSE_GPU_COUNT: Final = re.compile(
    r"(?<![\w.])(\d{1,2}) ?(?:(?:x ?)?(?:NVIDIA )?GPUs\b|[x×] ?(?=(?:NVIDIA |GeForce )?"
    r"(?:RTX|GTX|Tesla|Quadro|TITAN|[AHLB]\d{2,3}\b)))",
    re.I,
)
# A template's answer under its own heading ("### Python version" then "3.12", "### Pytorch
# version" then "2.7.0+cu128", as exllamav2's and other bug templates ask them).
_BARE_VERSION: Final = re.compile(r"^\s*v?(\d+\.\d+(?:\.\d+)?(?:\+[\w.]+)?)\s*$")
_HEADING_VERSIONS: Final = {
    "python version": "prose.python", "pytorch version": "prose.package",
    "torch version": "prose.package",
}  # fmt: skip
# A build's version told in other words ('my pytorch version changes to "1.12.0+cpu"'): the
# "+cpu" local label is how PyTorch's own index names its builds without CUDA, so such a
# version is torch's when the last package named before it on the line is torch.
_CPU_LABELLED: Final = re.compile(r"(?<![\w.])(\d+\.\d+(?:\.\d+)?\+cpu)\b", re.I)
_TORCH_FAMILY: Final = re.compile(r"\b(?:py)?torch(vision|audio|text)?\b", re.I)
# A path with a drive letter and backslashes (C:\Program Files\AMD\ROCm\6.2\bin\): only
# Windows writes them.
_WINDOWS_PATH: Final = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]:\\(?:[^\\\n:*?\"<>|]{1,80}\\)+")
_COMMAND: Final = re.compile(
    r"\b(?:pip3?|conda|mamba|uv pip|poetry)\s+(?:install|add|create)\b"
    r"|^\s*(?:[$!#>]+\s*)?(?:pip3?|conda)\b"
)
_PIP_LIST_HEADER: Final = re.compile(r"^\s*Package\s+Version(?:\s+\S+)*$")
_PIP_LIST_ROW: Final = re.compile(r"^\s*([A-Za-z0-9][\w.\-]*)\s+(\d[\w.+!\-]*)(?:\s+\S.*)?$")
_MPS_NOT_BUILT: Final = re.compile(
    r"MPS not available because the current PyTorch install was not built"
)

# Compiled modules of extensions, by their file's stem, to the distribution that ships it.
_MODULE_DISTS: Final = {
    "flash_attn_2_cuda": "flash-attn",
    "flash_attn_cuda": "flash-attn",
    "_C": None,  # resolved by the path: torchvision/_C.so, torchaudio/lib/…
    "libbitsandbytes_cuda": "bitsandbytes",
    "libbitsandbytes_cpu": "bitsandbytes",
    "_torchaudio": "torchaudio",
    "_torch_sox": "torchaudio",
    "libtorchaudio": "torchaudio",
    "_C_flashattention": "xformers",
    "_ext": None,
    "amp_C": "apex",
    "fused_layer_norm_cuda": "apex",
    "torch_npu": "torch-npu",
    "_C_npu": "torch-npu",
    "libtorch_npu": "torch-npu",
    "vllm_flash_attn_c": "vllm-flash-attn",
    "_moe_C": "vllm",
}
_PATH_DISTS: Final = (
    ("torchvision", "torchvision"),
    ("torchaudio", "torchaudio"),
    ("torchtext", "torchtext"),
    ("torch_npu", "torch-npu"),
    ("flash_attn", "flash-attn"),
    ("bitsandbytes", "bitsandbytes"),
    ("xformers", "xformers"),
    ("mmcv", "mmcv"),
    ("detectron2", "detectron2"),
    ("apex", "apex"),
    ("vllm", "vllm"),
    ("deepspeed", "deepspeed"),
)


def _visibility_names() -> tuple[str, ...]:
    names = {n for b in registry.BACKENDS for n in b.visibility_env}
    return tuple(sorted(names, key=len, reverse=True))


_VISIBILITY: Final = re.compile(
    r"(?<![\w$])(" + "|".join(map(re.escape, _visibility_names())) + r")\b[\"'\]]*\s*[:=]\s*"
    r"(\"[^\"\n]{0,64}\"|'[^'\n]{0,64}'|[^\s;&|,)]{0,64}(?:,[^\s;&|)]{1,16})*)"
)


# A line that looks like an error, whoever printed it: a Python exception ("RuntimeError: …",
# "torch.cuda.OutOfMemoryError: …", "AssertionError:" whose message follows on the next
# line), "error:"/"error=" with something after it in any case ("CUDA error: …", pip's
# "ERROR: …", THCudaCheck's "error=38"; not a variable's name, HYDRA_FULL_ERROR=1, nor the
# reporter's "I get this error:"), "failed"/"FAIL", "FATAL", a CUDA, HIP, NCCL, cuDNN, cuBLAS
# or HSA error code ("CUDA_ERROR_NO_DEVICE", "cudaErrorNoKernelImageForDevice",
# "hipErrorNoBinaryForGpu", "ncclUnhandledCudaError", "CUDNN_STATUS_NOT_INITIALIZED",
# "HSA_STATUS_ERROR_OUT_OF_RESOURCES"), "NCCL error in: …", and the shell's words for a process
# the kernel stopped ("Segmentation fault (core dumped)", "Illegal instruction"). Each
# alternative starts with a fixed word or at a word boundary: tried from every position of a
# long line, none backtracks over a run.
_ERROR_LIKE: Final = re.compile(
    r"(?<!_)(?i:error ?[:=] ?[^\s:=]|exception ?: ?\S|\bfailed\b|segmentation fault"
    r"|core dumped|illegal instruction)"
    r"|[a-z](?:Error|Exception):?$|\bFAIL\b|\bFATAL\b"
    r"|\b(?:CUDA|HIP|NCCL|cuDNN|CUDNN|cuBLAS) error\b"
    r"|\b(?:CUDA_ERROR|CUDNN_STATUS|CUBLAS_STATUS|HSA_STATUS_ERROR)_[A-Z]"
    r"|\b(?:cuda|hip)Error[A-Z]|\bnccl(?:Unhandled|Internal|System|Remote|Invalid)\w{0,30}Error"
)
# A heading that names a section for errors ("### Error logs", "**Error:**") is no error line.
_ERROR_HEADING: Final = re.compile(r"^[\s#*_>`-]*(?:error|errors|error logs?|error message)"
                                   r"[\s:*_`]*$", re.I)  # fmt: skip
# The shortest line a message (`_long_messages`) or any name or answer (`_messages`) can be
# read from: a shorter one skips their patterns, so a paste of 500,000 short or blank lines is
# read in a second or two instead of twenty. tests/test_regex_cost.py checks both against
# each pattern's shortest match.
_SHORTEST_MESSAGE: Final = 5  # "C:\\a\\", a Windows path
_SHORTEST_SAID: Final = 2  # "M1", "L4"
# Error-like lines kept (each quoted); the rest are counted. A paste is anyone's text.
MAX_ERROR_LINES: Final = 200


@dataclass(frozen=True, slots=True)
class _Recogniser:
    """A message read by one pattern into one fact: the fact's key and its value, the words
    of a group of the match (`group`) or fixed words (`words`), or made from the match
    (`made`). `at_start`: the pattern is matched at the line's start; `every`: each match
    on the line is a fact."""

    pattern: re.Pattern[str]
    key: str
    group: int = 1
    words: str | None = None
    made: Callable[[re.Match[str]], str] | None = None
    at_start: bool = False
    every: bool = False

    def find(self, line: str) -> Iterable[re.Match[str]]:
        if self.every:
            return self.pattern.finditer(line)
        found = self.pattern.match(line) if self.at_start else self.pattern.search(line)
        return (found,) if found else ()

    def said(self, found: re.Match[str]) -> str:
        """The fact's value."""
        if self.words is not None:
            return self.words
        if self.made is not None:
            return self.made(found)
        return found.group(self.group)


# The messages each read by one pattern (the others need the state of the lines before, or
# more than one fact: _messages reads them).
_RECOGNISERS: Final = (
    _Recogniser(_FOUND_VERSION, "message.found_version"),
    _Recogniser(_SM_SUPPORTS, "message.arch_list", made=lambda m: " ".join(m.group(1).split())),
    _Recogniser(_MIN_CAPABILITY, "message.min_capability"),
    _Recogniser(_CC_ROW, "message.code_cc", made=lambda m: f"{m.group(1)}.{m.group(2)}",
                at_start=True),
    _Recogniser(_NOT_COMPILED, "message.not_compiled_cuda",
                words="Torch not compiled with CUDA enabled"),
    _Recogniser(_INVALID_FUNCTION, "message.invalid_device_function",
                words="HIP error: invalid device function"),
    _Recogniser(_NO_KERNEL, "message.no_kernel_image", words="no kernel image is available"),
    _Recogniser(_DRIVER_TOO_OLD, "message.driver_too_old",
                words="The NVIDIA driver on your system is too old"),
    _Recogniser(_INSUFFICIENT_DRIVER, "message.driver_insufficient", group=0),
    _Recogniser(_COMFY_ARCH, "gfx", at_start=True),
    _Recogniser(_NO_GPUS, "message.no_gpus", words="No CUDA GPUs are available"),
    _Recogniser(_NVIDIA_SMI_PRESENT, "message.nvidia_smi_present", words="nvidia-smi present"),
    _Recogniser(_NO_HIP_GPUS, "message.no_hip_gpus", words="No HIP GPUs are available"),
    _Recogniser(_TOO_OLD_WORDS, "message.too_old",
                words="PyTorch no longer supports this GPU because it is too old"),
    _Recogniser(_MPS_MACOS, "message.mps_macos"),
    _Recogniser(_MPS_OP_MACOS, "message.mps_op_macos"),
    _Recogniser(_MAC_PLATFORM, "prose.platform"),
    _Recogniser(_NVRM, "driver"),
    _Recogniser(_SMI_FAILED, "message.nvml_failed",
                made=lambda m: (m.group(1) or m.group(0)).strip()),
    _Recogniser(_NVRM_CLIENT, "nvrm.client"),
    _Recogniser(_ISA, "gfx", every=True),
    _Recogniser(_SW_VERS, "prose.macos", at_start=True),
    _Recogniser(_WINDOWS_PATH, "prose.windows_path", group=0),
    _Recogniser(_MPS_NOT_BUILT, "message.mps_not_built", words="MPS not built"),
)  # fmt: skip


@dataclass
class _State:
    """The parse so far: the facts, the blocks, and the block being read."""

    facts: list[Fact] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    tool: Tool | None = None
    first: int = 0
    version: str | None = None
    keys: set[str] = field(default_factory=set)  # scalar keys this block has said
    gpu_list: bool = False  # inside collect_env's "GPU models and configuration" list
    cpu_next: bool = False  # the line after collect_env's "CPU:" (macOS prints the chip)
    smi_q_gpus: int = 0  # nvidia-smi -q: Product Name lines seen
    hf_config: bool = False  # inside accelerate env's default config
    repl_available: bool = False  # the last line asked torch.cuda.is_available()
    repl_mps: bool = False  # the last line asked torch.backends.mps.is_available()
    xformers_built: bool = False  # the last line was xformers' "was built for:"
    heading: str = ""  # the last Markdown heading ("GPU" in ROCm's issue template)
    section: str = ""  # the section of Lightning's report being read
    expected: bool = False  # under an issue template's "Expected behavior" heading
    mps_operator: str = ""  # the last operator torch said has no MPS kernel
    error_lines: list[Quote] = field(default_factory=list)  # lines that look like an error
    error_count: int = 0  # all of them, past MAX_ERROR_LINES too

    def start(self, tool: Tool, number: int, version: str | None = None) -> None:
        self.close(number - 1)
        self.tool, self.first, self.version = tool, number, version
        self.keys = set()
        self.gpu_list = self.cpu_next = self.hf_config = False
        self.smi_q_gpus = 0

    def close(self, last: int) -> None:
        if self.tool is not None and last >= self.first:
            self.blocks.append(Block(self.tool, self.first, last, self.version))
        self.tool = None

    def add(self, key: str, value: str, number: int, line: str, *, index: int | None = None,
            name: str | None = None, tool: Tool | None = None) -> None:  # fmt: skip
        said_by = tool or self.tool or Tool.MESSAGE
        shown = quote(number, line, value.strip()[:40] or None)
        self.facts.append(Fact(key, value.strip(), said_by, shown, index, name))


def clean(line: str) -> str:
    """A line with the Markdown around it taken off: quoting, HTML tags, a cut length."""
    line = line[:MAX_LINE_CHARS].rstrip("\r\n")
    line = _QUOTING.sub("", line)
    line = _TAGS.sub("", line)
    return line.replace("\u3000", " ").rstrip()


def error_like(line: str) -> bool:
    """Whether a line looks like an error (`_ERROR_LIKE`), a heading for errors aside."""
    return _ERROR_LIKE.search(line) is not None and not _ERROR_HEADING.match(line)


def read_lines(lines: Sequence[str]) -> _State:
    """Every fact the lines say, with the blocks (which tool wrote which lines), and the lines
    that look like an error."""
    state = _State()
    skip = 0
    for number, raw in enumerate(lines, start=1):
        cleaned = clean(raw)
        if error_like(cleaned):  # every line, the wrapped rest of another one too
            state.error_count += 1
            if len(state.error_lines) < MAX_ERROR_LINES:
                state.error_lines.append(quote(number, cleaned))
        if skip:  # the wrapped rest of a loader message, read with the line it belongs to
            skip -= 1
            continue
        line, skip = _unwrapped_loader(lines, number, cleaned)
        if _FENCE.match(line):
            state.gpu_list = state.cpu_next = False
            continue
        line = _FENCE_OPEN.sub("", line)  # "```NVIDIA GeForce …": the text after the fence
        _read_line(state, number, line)
    state.close(len(lines))
    return state


def _unwrapped_loader(lines: Sequence[str], number: int, line: str) -> tuple[str, int]:
    """A loader message wrapped by the terminal or the reporter, read as the one line it was,
    with how many of the lines after it that took: "<path>.so: undefined" + "symbol: <name>",
    "<path>.so:" + "undefined symbol: <name>", "... undefined symbol:" + "<name>"."""
    stripped = line.rstrip()
    if not stripped.endswith(("undefined", ".so:", ".pyd:", _UNDEFINED_WORDS)):
        return line, 0  # the common case: nothing ahead is read
    ahead = [clean(lines[i]).strip().strip("`") for i in range(number, min(number + 2, len(lines)))]
    used = 0
    following = ahead[0] if ahead else ""
    if (stripped.endswith((": undefined", " undefined")) and following.startswith("symbol:")) or (
        stripped.endswith((".so:", ".pyd:")) and following.startswith(_UNDEFINED_WORDS)
    ):
        stripped, used = f"{stripped} {ahead[0]}", 1
    if stripped.endswith(_UNDEFINED_WORDS) and len(ahead) > used and ahead[used]:
        stripped, used = f"{stripped} {ahead[used].split()[0]}", used + 1
    return (stripped, used) if used else (line, 0)


def _read_line(state: _State, number: int, line: str) -> None:
    _messages(state, number, line)
    if _starts_block(state, number, line):
        return
    if state.tool in (Tool.COLLECT_ENV, Tool.VLLM):
        _collect_env(state, number, line)
    elif state.tool in (Tool.TRANSFORMERS_ENV, Tool.ACCELERATE_ENV, Tool.DIFFUSERS_ENV):
        _hf_env(state, number, line)
    elif state.tool is Tool.NVIDIA_SMI:
        _nvidia_smi(state, number, line)
    elif state.tool is Tool.NVIDIA_SMI_Q:
        _nvidia_smi_q(state, number, line)
    elif state.tool is Tool.NPU_SMI:
        _npu_smi(state, number, line)
    elif state.tool is Tool.LIGHTNING_ENV:
        _lightning(state, number, line)
    elif state.tool is Tool.PIP_LIST:
        row = _PIP_LIST_ROW.match(line)
        if row and not line.lstrip().startswith("-"):
            state.add(
                "package", row.group(2), number, line, name=versions.canonical_name(row.group(1))
            )
        elif line.strip() and not line.lstrip().startswith("-"):
            state.close(number - 1)
    if state.tool in (Tool.ROCM_SMI, Tool.AMD_SMI, Tool.ROCMINFO, Tool.COLLECT_ENV, Tool.VLLM):
        _amd(state, number, line)


def _starts_block(state: _State, number: int, line: str) -> bool:
    """Whether `line` opens a tool's report (and was read as its first line)."""
    if len(line) < _SHORTEST_SAID:
        return False
    if _CE_START.match(line):
        state.start(Tool.COLLECT_ENV, number)
        return True
    retyped = _CE_RETYPED.match(line)
    if retyped:
        state.start(Tool.COLLECT_ENV, number)
        _scalar(state, "torch.version", retyped.group(1), number, line)
        return True
    match = _CE_LINE.match(line)
    if match and match.group(1) == "PyTorch version":
        in_collect_env = state.tool in (Tool.COLLECT_ENV, Tool.VLLM)
        if not in_collect_env or "torch.version" in state.keys:
            state.start(Tool.COLLECT_ENV, number)
        return False  # read as a collect_env line below
    hf = _HF_START.match(line)
    if hf:
        tool = _HF_TOOLS[hf.group(1).lower()]
        inside = state.tool in (Tool.TRANSFORMERS_ENV, Tool.DIFFUSERS_ENV)
        if not (inside and tool is Tool.ACCELERATE_ENV and "`" not in line):
            state.start(tool, number)
        return False
    header = _SMI_HEADER.search(line)
    if header or "KMD Version" in line:
        state.start(Tool.NVIDIA_SMI, number, header.group(1) if header else None)
        return False
    if _SMIQ_START.search(line):
        state.start(Tool.NVIDIA_SMI_Q, number)
        return True
    if _ROCM_SMI_START.search(line) and state.tool is not Tool.ROCM_SMI:
        state.start(Tool.ROCM_SMI, number)
        return True
    if _ROCMINFO_START.search(line) and state.tool is not Tool.ROCMINFO:
        state.start(Tool.ROCMINFO, number)
        return True
    if _AMD_SMI_START.search(line) and state.tool is not Tool.AMD_SMI:
        state.start(Tool.AMD_SMI, number)
        return False
    if _LIGHTNING_START.match(line) and state.tool is not Tool.LIGHTNING_ENV:
        state.start(Tool.LIGHTNING_ENV, number)
        state.section = "cuda"
        return True
    if _PIP_LIST_HEADER.match(line.rstrip()):
        state.start(Tool.PIP_LIST, number)
        return True
    npu = _NPU_HEADER.search(line)
    if npu:
        state.start(Tool.NPU_SMI, number, npu.group(2))
        return True
    if state.tool is None and _SMIQ_LINE.match(line) and line.lstrip().startswith("Driver Version"):
        state.start(Tool.NVIDIA_SMI_Q, number)
    return False


def _scalar(state: _State, key: str, value: str, number: int, line: str) -> None:
    state.keys.add(key)
    state.add(key, value, number, line)


def _collect_env(state: _State, number: int, line: str) -> None:
    match = _CE_LINE.match(line)
    if match:
        state.gpu_list = state.cpu_next = False
        key = _CE_KEYS[match.group(1)]
        if key == "vllm.version":
            state.tool = Tool.VLLM
            state.version = match.group(2).strip()
        _scalar(state, key, match.group(2), number, line)
        return
    gpus = _CE_GPUS.match(line)
    if gpus:
        state.gpu_list = True
        value = gpus.group(1).strip()
        single = _GPU_LINE.match(value)
        if single:
            state.add("gpu", single.group(2), number, line, index=int(single.group(1)))
        elif value and not _not_collected(value):
            state.add("gpu", value, number, line, index=0)
        return
    if state.gpu_list:
        gpu = _GPU_LINE.match(line)
        if gpu:
            state.add("gpu", gpu.group(2), number, line, index=int(gpu.group(1)))
            return
        if line.strip():
            state.gpu_list = False
    if line.strip() == "CPU:":
        state.cpu_next = True
        return
    if state.cpu_next:
        state.cpu_next = False
        chip = _APPLE_CHIP.match(line)
        if chip:
            _scalar(state, "processor", chip.group(1).strip(), number, line)
            return
    cpu = _CPU_MODEL.match(line)
    if cpu and "processor" not in state.keys:
        _scalar(state, "processor", cpu.group(1), number, line)
        return
    package = _PIP_LINE.match(line)
    if package:
        state.add(
            "package",
            package.group(2),
            number,
            line,
            name=versions.canonical_name(package.group(1)),
        )


def _hf_env(state: _State, number: int, line: str) -> None:
    match = _BULLET.match(line.replace("`", ""))
    if not match:
        if state.hf_config and line.strip().lower() == "not found":  # accelerate env's
            state.add("accelerate.config", "absent", number, line)
        return
    raw_key, value = match.group(1).strip(), match.group(2).strip()
    key = raw_key.lower()
    indented = line.startswith(("\t", "    ", "  -"))
    if key in ("accelerate default config", "accelerate config"):
        state.hf_config = True
        if value.lower() == "not found":  # no default_config.yaml: use_cpu is False
            state.add("accelerate.config", "absent", number, line)
        return
    if state.hf_config and indented:
        if key == "use_cpu":
            state.add("accelerate.use_cpu", value, number, line)
        return
    state.hf_config = False
    if key in _HF_PACKAGES:
        version = value.split()[0] if value.split() else ""
        if version and version[0].isdigit():
            state.add("package", version, number, line, name=_HF_PACKAGES[key])
        if key == "transformers version" or (
            key.endswith("version") and _HF_TOOLS.get(key.split()[0]) is state.tool
        ):
            state.version = version or state.version
        return
    if key.startswith("pytorch version"):
        torch = _HF_TORCH.match(value)
        if torch:
            _scalar(state, "torch.version", torch.group(1), number, line)
            said = (torch.group(2) or "").lower()
            if said in ("true", "false"):
                _scalar(state, "cuda.available", said, number, line)
            elif said in ("cuda", "na", "n/a"):
                _scalar(state, "accelerator", said, number, line)
        return
    if key == "pytorch accelerator":
        _scalar(state, "accelerator", value.lower(), number, line)
    elif key == "platform":
        _scalar(state, "python.platform", value, number, line)
    elif key == "python version":
        _scalar(state, "python.version", value, number, line)
    elif key in ("gpu type", "mps type"):
        state.add("gpu" if key == "gpu type" else "processor", value, number, line, index=None)
    elif _HF_ACCELERATOR.match(raw_key):
        backend = _HF_ACCELERATOR.match(raw_key)
        assert backend is not None
        _scalar(state, f"{backend.group(1).lower()}.available", value, number, line)


def _lightning(state: _State, number: int, line: str) -> None:
    section = _LIGHTNING_SECTION.match(line)
    if section:
        state.section = section.group(1).lower()
        return
    if line.strip() and not line[:1].isspace():
        state.close(number - 1)  # the report ended: a line that is not one of its sections
        return
    match = _LIGHTNING_LINE.match(line)
    if match is None:
        if state.section == "cuda" and state.keys >= {"lightning.gpu"} and line.strip():
            state.add("gpu", line.strip(), number, line)  # a GPU name under "GPU:"
        return
    key, value = match.group(1), match.group(2).strip()
    if state.section == "cuda":
        if key == "GPU":
            state.keys.add("lightning.gpu")
            if value and value.lower() != "none":
                state.add("gpu", value, number, line)
        elif key == "available":
            _scalar(state, "cuda.available", value, number, line)
        elif key == "version":
            _scalar(state, "torch.cuda", value, number, line)
        return
    state.keys.discard("lightning.gpu")
    if state.section == "system":
        names = {"OS": "os", "processor": "lightning.processor", "python": "python.version",
                 "version": "lightning.kernel"}  # fmt: skip
        if key in names and value:
            _scalar(state, names[key], value, number, line)
    elif key in ("torch", "pyTorch_version") and value:
        _scalar(state, "torch.version", value, number, line)
    elif value and value[0].isdigit():
        state.add("package", value, number, line, name=versions.canonical_name(key))


def _nvidia_smi(state: _State, number: int, line: str) -> None:
    header = _SMI_HEADER.search(line)
    if header:
        _scalar(state, "driver", header.group(2), number, line)
        if header.group(3):
            _scalar(state, "driver.cuda", header.group(3), number, line)
        if header.group(1) != header.group(2):
            state.add("smi.version", header.group(1), number, line)
        return
    kmd = re.search(r"KMD Version:\s*([\d.]+)", line)
    if kmd:
        _scalar(state, "driver", kmd.group(1), number, line)
    umd = re.search(r"CUDA UMD Version:\s*([\d.]+)", line)
    if umd:
        _scalar(state, "driver.cuda", umd.group(1), number, line)
    row = _SMI_ROW.match(line.split("|", 2)[1].rstrip()) if line.startswith("|") else None
    if row and not row.group(2).startswith(("GPU", "Fan", "N/A")):
        state.add("gpu", row.group(2), number, line, index=int(row.group(1)))


def _nvidia_smi_q(state: _State, number: int, line: str) -> None:
    match = _SMIQ_LINE.match(line)
    if not match:
        return
    key, value = match.group(1), match.group(2).strip()
    if key == "Driver Version":
        _scalar(state, "driver", value, number, line)
    elif key == "CUDA Version":
        _scalar(state, "driver.cuda", value, number, line)
    elif key == "Product Name":
        state.add("gpu", value, number, line, index=state.smi_q_gpus)
        state.smi_q_gpus += 1


def _amd(state: _State, number: int, line: str) -> None:
    if len(line) < _SHORTEST_MESSAGE:
        return
    if state.tool in (Tool.ROCM_SMI, Tool.AMD_SMI) and (row := _AMD_GPU_ROW.match(line)):
        index = next(group for group in row.groups() if group is not None)
        state.add("amd.gpu", index, number, line, index=int(index))
    gfx = _GFX_LINE.search(line)
    if gfx:
        state.add("gfx", gfx.group(1), number, line, tool=state.tool)
        return
    name = _AMD_NAME.search(line)
    if name and re.search(r"Radeon|Instinct|\bMI\d{2,3}|FirePro|Vega|Navi", name.group(1)):
        state.add("amd.name", name.group(1), number, line)


def _npu_smi(state: _State, number: int, line: str) -> None:
    row = _NPU_ROW.match(line)
    if row:
        state.add("ascend.chip", row.group(2), number, line, index=int(row.group(1)))


def _messages(state: _State, number: int, line: str) -> None:
    """torch's and extensions' own messages, wherever they appear in the paste."""

    def add(key: str, value: str, *, index: int | None = None, name: str | None = None) -> None:
        state.add(key, value, number, line, index=index, name=name, tool=Tool.MESSAGE)

    if len(line) < _SHORTEST_SAID:  # a blank line or one character: it only ends what the
        # line before began (a REPL's question, a heading waiting for its answer)
        state.xformers_built = state.repl_available = state.repl_mps = False
        if line:
            state.heading = ""
        return
    if len(line) >= _SHORTEST_MESSAGE:  # no message is shorter
        _long_messages(state, line, add)
    state.xformers_built = "xFormers was built for" in line
    if not (
        _COMMAND.search(line)
        or _CE_LINE.match(line)
        or _HF_START.match(line)
        or _XFORMERS_BUILT.match(line)
        or "used to build" in line
        or "(GPU?)" in line
        or "(accelerator?)" in line
    ):
        for prose in _PROSE_VERSION.finditer(line.replace("`", "").replace("*", "")):
            name = versions.canonical_name(prose.group(1))
            add("prose.package", prose.group(2), name="torch" if name == "pytorch" else name)
        for labelled in _CPU_LABELLED.finditer(line):
            torch_named = list(_TORCH_FAMILY.finditer(line, 0, labelled.start()))
            if torch_named and not torch_named[-1].group(1):
                add("prose.package", labelled.group(1), name="torch")
        _prose_facts(add, line)  # in a tool's block too: a reporter writes between them
    marks_off = _MARKS.sub("", line)
    if state.tool is None and (named := _GPU_PROSE.match(marks_off)):
        add("gpu", named.group(1).strip())
    elif state.tool is None:
        for nvidia in _NVIDIA_PROSE.finditer(marks_off):
            add("prose.gpu", nvidia.group(1).strip())
        for ti in _TI_PROSE.finditer(marks_off):
            if not _NVIDIA_PROSE.search(marks_off, max(0, ti.start() - 12), ti.end()):
                series = "GTX" if ti.group(1)[:2] in ("10", "16") else "RTX"
                add("prose.gpu", f"GeForce {series} {ti.group(1)} Ti")
    if _EXPECTED.match(line):
        state.expected = True
    elif _HEADING.match(line) or _BOLD_LINE.match(line):
        state.expected = False
    heading = _HEADING.match(line)
    if heading:
        state.heading = heading.group(1).strip().lower()
    elif state.heading and line.strip():
        if state.heading == "gpu" and (gpu := _TEMPLATE_GPU.match(marks_off)):
            add("gpu", gpu.group(1).strip())
        answer = _HEADING_VERSIONS.get(state.heading)
        if answer and (bare_version := _BARE_VERSION.match(line)):
            add(answer, bare_version.group(1), name="torch" if answer == "prose.package" else None)
        state.heading = ""
    for mac_prose in _MACOS_PROSE.finditer(line) if state.tool is None else ():
        ahead = line[max(0, mac_prose.start() - 24) : mac_prose.start()]
        behind = line[mac_prose.end() : mac_prose.end() + 16]
        if not _MACOS_NOT_HERE.search(ahead) and not _MACOS_FLOOR_AFTER.match(behind):
            add("prose.macos", mac_prose.group(1))
            break
    if state.tool is None and (chip_prose := _APPLE_CHIP_PROSE.search(line.strip())):
        add("prose.chip", f"Apple {chip_prose.group(1)}")
    if state.tool is None and "OVERRIDE" not in line:
        for target in _GFX.finditer(line):
            add("prose.gfx", target.group(1))
    if state.tool is None and "OVERRIDE" not in line:
        for amd in _AMD_PROSE.finditer(marks_off):
            spelled = _amd_spelling(amd)
            if gpus.amd_gfx(spelled):
                add("gpu", spelled)
    bare = _BARE_GPU.match(line) if state.tool is None else None
    if bare and (gpus.nvidia_capability(bare.group(1)) or gpus.amd_gfx(bare.group(1))):
        add("gpu", bare.group(1))
    if state.tool is None and not state.expected and (said := _SAID_AVAILABLE.search(line)):
        add("cuda.available", said.group(1).lower())
    if banner := _YOLO_BANNER.search(line):
        add("torch.version", banner.group(1))
        if banner.group(2):
            add("gpu", banner.group(2).strip())
    if state.repl_available and line.strip() in ("True", "False"):
        add("cuda.available", line.strip().lower())
    state.repl_available = bool(_REPL_AVAILABLE.search(line))
    answer = line.rstrip().rsplit(" ", 1)[-1]
    if state.repl_mps and answer in ("True", "False") and "is_available(" not in line:
        add("mps.available", answer.lower())
    state.repl_mps = bool(_REPL_MPS_AVAILABLE.search(line))
    for variable in _VISIBILITY.finditer(line):
        value = variable.group(2).strip("\"'")
        add("env", value, name=variable.group(1))


def _long_messages(state: _State, line: str, add: Callable[..., None]) -> None:
    """The messages torch and the extensions print, each at least `_SHORTEST_MESSAGE` long
    (tests/test_regex_cost.py checks it against every pattern read here)."""
    for rule in _RECOGNISERS:
        for match in rule.find(line):
            add(rule.key, rule.said(match))
    if (at := line.find(_SM_WORDS)) > 0 and (tail := _SM_TAIL.match(line, at + len(_SM_WORDS))):
        named = _NAME_TAIL.search(line[max(0, at - 120) : at])
        name = named.group(0).strip() if named else line[:at].rsplit(": ", 1)[-1].strip()
        if name:
            add("message.unsupported_gpu", name)
            add("message.capability", f"{int(tail.group(1)) // 10}.{int(tail.group(1)) % 10}")
    if (want := line.find(_WANT_WORDS[0])) >= 0:
        start = want + len(_WANT_WORDS[0])
        end = line.find(_WANT_WORDS[1], start, start + 120)
        if end > start:
            add("message.unsupported_gpu", line[start:end].strip())
    if old := _TOO_OLD.search(line):
        add("message.unsupported_gpu", old.group(2), index=int(old.group(1)))
        add("message.capability", f"{old.group(3)}.{old.group(4)}", index=int(old.group(1)))
    if span := _CAPABILITY_RANGE.search(line):
        low, high = f"{span.group(1)}.{span.group(2)}", f"{span.group(3)}.{span.group(4)}"
        add("message.capability_range", f"{low}-{high}")
    loader, words = line, _UNDEFINED_WORDS
    if _UNDEFINED_WORDS not in line and _DYLD_WORDS in line:
        # macOS: "dlopen(<path>.so, 2): Symbol not found: __ZN3c10…" (one more leading "_")
        ahead, _, rest = line.partition(_DYLD_WORDS)
        ahead = ahead.replace("dlopen(", " ").replace(", 2)", " ")
        loader, words = ahead + _DYLD_WORDS + rest.replace(" __Z", " _Z", 1), _DYLD_WORDS
    elif _UNDEFINED_WORDS not in line:
        # The loader's words cut or mistyped before "symbol:" ("# Ubuntu 22.04 , ufined
        # symbol: _ZN3c105ErrorC2…" as an issue title): only a torch C++ symbol after it is
        # read, as one a module wanted from torch.
        words = _SYMBOL_WORDS
    if (at := loader.find(words)) >= 0:
        before = loader[:at].split() if words != _SYMBOL_WORDS else []
        symbol = loader[at + len(words) :].split()
        path = before[-1].rstrip(":") if before else ""
        module = _MODULE_FILE.search(path.replace("\\", "/").rsplit("/", 1)[-1])
        dist = _extension_of(path.rsplit("/", 1)[0] + "/", module.group(1)) if module else None
        if dist and symbol:
            add("message.undefined_symbol", symbol[0][:120], name=dist)
        elif symbol and _TORCH_CXX.search(symbol[0]):
            # a torch C++ symbol, the module that wanted it not named: still another torch's
            add("message.undefined_symbol", symbol[0][:120], name="")
    if companion := _COMPANION_SAID.search(line):
        name = next(group for group in companion.groups() if group).lower()
        add("message.undefined_symbol", f"{name}: built for another torch", name=name)
    said_at = line.find("xFormers was built for")
    built = None
    if said_at >= 0:  # the whole message on one line, as an issue title carries it
        rest = line[said_at + len("xFormers was built for") :].lstrip(":")
        built = _XFORMERS_BUILT.match(rest)
    if (
        built
        or (state.xformers_built and (built := _XFORMERS_BUILT.match(line)))
        or (built := _XFORMERS_LINE.match(line))
    ):
        add("message.xformers_built_for", built.group(1), name="xformers")
        add("message.torch_seen", built.group(2), name="torch")
    if pci := _LSPCI.search(line):
        family = _lspci_name(pci.group(1).startswith("NVIDIA"), pci.group(2))
        if family:
            add("gpu", family)
    if comfy := _COMFY_DEVICE.match(line):
        add("gpu", comfy.group(2), index=int(comfy.group(1)))
    if rocblas := _ROCBLAS.search(line):
        target = rocblas.group(1) or rocblas.group(2)
        add("message.invalid_device_function", f"rocBLAS has no kernels for {target}")
        add("gfx", target)
    if operator := _MPS_OPERATOR.search(line):
        state.mps_operator = operator.group(1) or operator.group(2)
        add("message.mps_operator", state.mps_operator)
    elif (only := _ONLY_AVAILABLE.search(line)) and only.group(1) == state.mps_operator:
        add("message.mps_operator", state.mps_operator)  # the same message, wrapped
    if "NVRM:" in line and (kernel := _NVRM_KERNEL.search(line)):
        add("nvrm.kernel", kernel.group(1))
    if listed := _GFX_LIST.match(line):
        add("message.gfx_list", " ".join(re.split(r"[;, ]+", listed.group(1))))
    if ascend := _ASCEND_RANGE.search(line):
        add("env", ascend.group(2), name=ascend.group(1))
        add("message.npu_count", ascend.group(3))
    if order := _ASCEND_ORDER.search(line):
        add("env", order.group(2), name=order.group(1))
        add("message.mask_refused", order.group(3), name=order.group(1))


def _prose_facts(add: Callable[..., None], line: str) -> None:
    """A reporter's sentence: the driver, Python, transformers/accelerate/diffusers, the GPU
    count, as facts with the line they rest on (no tool's line: the caller keeps those out)."""
    if "|" in line or "NVIDIA-SMI" in line:  # nvidia-smi's header is its own reader's
        return
    text = line.replace("`", "").replace("*", "")
    if driver := _PROSE_DRIVER.search(text):
        add("prose.driver", driver.group(1))
    if python := _PROSE_PYTHON.search(text):
        add("prose.python", python.group(1))
    for library in _PROSE_LIBRARY.finditer(text):
        add("prose.package", library.group(2), name=library.group(1).lower())
    if count := _PROSE_GPU_COUNT.search(text):
        add("prose.gpu_count", count.group(1))


def _lspci_name(nvidia: bool, listed: str) -> str | None:
    """The one GPU name lspci's bracket stands for: itself for NVIDIA; for AMD, a name of its
    "/"-separated family ("Radeon RX 6700/6700 XT/6750 XT") when every member the name table
    knows has the same gfx target (None when they differ or none is known)."""
    if nvidia:
        return listed.strip()
    members = [m.strip() for m in listed.split("/") if m.strip()]
    prefix = re.match(r"(Radeon (?:RX |Pro )?)", members[0]) if members else None
    spelled = [m if m.startswith("Radeon") or not prefix else prefix.group(1) + m for m in members]
    known = [(name, gpus.amd_gfx(name)) for name in spelled]
    targets = {gfx for _, gfx in known if gfx}
    if len(targets) != 1:
        return None
    return next(name for name, gfx in known if gfx)


def _amd_spelling(match: re.Match[str]) -> str:
    """A GPU name as AMD spells it: "RX5700XT" → "Radeon RX 5700 XT", "vega56" → "Radeon RX
    Vega 56"."""
    if match.group(1):
        suffix = f" {match.group(3).upper()}" if match.group(3) else ""
        return f"Radeon RX {match.group(2)}{suffix}"
    if match.group(6):
        return f"Radeon {match.group(6).upper()}"
    if match.group(7):
        return f"Radeon RX {match.group(7)} {match.group(8).upper()}"
    return f"Radeon RX Vega {match.group(5)}"


def _extension_of(path: str, stem: str) -> str | None:
    """The distribution whose compiled module failed to load, by the file's path."""
    lowered = path.replace("\\", "/").lower()
    for part, dist in _PATH_DISTS:
        if f"/{part}/" in f"/{lowered}" or stem.startswith(part):
            return dist
    return _MODULE_DISTS.get(stem)


def _not_collected(value: str) -> bool:
    return value.lower() in ("could not collect", "n/a", "none", "")
