"""The messages torch, its libraries and extensions print, wherever they appear in a paste.

Each is quoted from the code it comes from: "found version NNNNN" (c10/cuda/
CUDAFunctions.cpp), the sm_XY warning and the "too old" warning (torch/cuda/__init__.py
`_check_cubins` / `_check_capability`), "Torch not compiled with CUDA enabled"
(torch/cuda/__init__.py `_lazy_init`), "Found no NVIDIA driver on your system" (c10/cuda/
CUDAFunctions.cpp), "HIP error: invalid device function" (HIP's
hipErrorInvalidDeviceFunction: no code object for the GPU), rocBLAS's missing kernels, the
dynamic loader's "undefined symbol" in an extension's compiled module, NVML's and the
NVIDIA kernel module's refusals, CANN's, the MPS backend's; lspci's GPU lines and ComfyUI's
start-up log name the GPU torch uses.
"""

from __future__ import annotations

import bisect
import string
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Final

# compiled on first use: a paste tries few of these patterns (hwdoctor/lazy_re.py)
from hwdoctor import lazy_re as re
from hwdoctor import versions
from hwdoctor.compat import (
    ascend,
    cpus,
    drivers,
    gpu_required,
    gpus,
    placeholders,
    refusals,
    submodules,
    support,
    transformers_modules,
)
from hwdoctor.gather.reports import screen
from hwdoctor.gather.reports.cleaning import LOADER_WORDS, Elsewhere, error_like
from hwdoctor.gather.reports.readers import asked
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.gather.reports.readers.run_errors import DLL_LOAD_FAILED
from hwdoctor.gather.reports.screen import Screen
from hwdoctor.model.pasted import MPS_WANTED, SPARSE_MPS, FactKey

# torch's word that the driver is too old, in the forms compat/drivers.py names (DriverWords).
_FOUND_VERSION: Final = drivers.FOUND_VERSION
_DRIVER_TOO_OLD: Final = drivers.TOO_OLD
_INSUFFICIENT_DRIVER: Final = drivers.INSUFFICIENT
# torch's word that no NVIDIA driver answered: cudaGetDeviceCount failed with
# cudaErrorInsufficientDriver and cudaDriverGetVersion() gave 0 (pytorch/pytorch
# c10/cuda/CUDAFunctions.cpp, device_count_impl: "Found no NVIDIA driver on your system.
# Please check that you have an NVIDIA GPU and installed a driver from …"; a version above 0
# gives "found version NNNNN" instead), raised by torch.cuda's lazy init or warned as
# "CUDA initialization: …" by torch.cuda.is_available().
_NO_DRIVER: Final = re.compile(r"Found no NVIDIA driver on your system")
# issue 38 (s7-build): the same message as a reporter retells it in a title or a sentence,
# its words turned round ("gives me the \"No Nvidia drivers found on your system\" error",
# HAMM3REXTREME/ComfyUI-Installer#15; "an error … \"No NVIDIA driver found on your
# system.\"", XmYx/deforum-comfy-nodes#55): the CUDA build of torch found no driver.
_NO_DRIVER_RETOLD: Final = re.compile(
    r"\b(?i:no nvidia drivers? (?:was |were )?found on (?:your|this|the|my) (?:system|machine))"
)
# CUDA error 804, cudaErrorCompatNotSupportedOnDevice, in the runtime's words (the CUDA Runtime
# API reference, cudaError_t): the CUDA forward-compatibility libraries were loaded on a GPU
# that does not support them (https://docs.nvidia.com/deploy/cuda-compatibility/: data-centre
# GPUs only). torch says it as "Error 804: forward compatibility was attempted on non
# supported HW" (c10/cuda/CUDAFunctions.cpp).
_FORWARD_COMPAT: Final = re.compile(r"forward compatibility was attempted on non supported HW")
# docker's daemon, asked for --gpus with no device driver registered for the "gpu"
# capability (moby/moby daemon/devices.go: "could not select device driver %q with
# capabilities: %v"): the NVIDIA Container Toolkit is not installed or not configured.
_CONTAINER_NO_GPU: Final = re.compile(
    r"could not select device driver \"[\w-]{0,20}\" with capabilities: \[\[gpu\]\]"
)
# issue 38: DeepSpeed on a machine with no NVIDIA GPU: on a Mac whose torch has MPS, DeepSpeed
# picks its Apple accelerator (deepspeed/accelerator/real_accelerator.py get_accelerator:
# `ds_accelerator = MPS_Accelerator()`), which some releases left without methods its base
# class declares abstract (accelerator/abstract_accelerator.py; deepspeedai/DeepSpeed#4372,
# fixed by #4363; #5132, fixed by #5134), and Python refuses it (Objects/typeobject.c
# object_new: "Can't instantiate abstract class %s with abstract method%s %U"; 3.12: "…
# without an implementation for abstract method…").
_DS_MPS: Final = re.compile(r"Can't instantiate abstract class MPS_Accelerator\b")
# issue 38: GPU-only packages on a machine with no NVIDIA GPU. DeepSpeed's launcher counts the
# devices of its accelerator when no hostfile names any (deepspeed/launcher/runner.py main:
# `device_count = get_accelerator().device_count()`, torch.cuda.device_count() before 0.9;
# `if device_count == 0: raise RuntimeError("Unable to proceed, no GPU resources available")`).
_DS_NO_GPU: Final = re.compile(r"Unable to proceed, no GPU resources available")
# vLLM's CUDA build importing its extension where no NVIDIA driver is installed (vllm/
# _custom_ops.py: `logger.warning("Failed to import from vllm._C with %r", e)`; the CUDA
# build's vllm/_C.abi3.so links libcuda.so.1, which only the driver installs).
_VLLM_NO_LIBCUDA: Final = re.compile(
    r"Failed to import from vllm\._C with \w{1,40}\(.{0,4}libcuda\.so"
)
_VLLM_SERVER: Final = re.compile(r"vLLM API server version")
# The platform vLLM runs on, where it is not CUDA's: vLLM's own log line (vllm/platforms/
# __init__.py resolve_current_platform_cls_qualname: logger.info("Automatically detected platform
# %s.", …)), the device asked on its command line (`--device cpu`, the engine argument before
# vLLM 0.10), its CPU build's version label ("vllm-0.5.2+cpu", setup.py get_vllm_version adds
# "+cpu" when VLLM_TARGET_DEVICE=cpu) or that variable itself.
_VLLM_PLATFORM: Final = re.compile(
    r"Automatically detected platform (cpu|tpu|xpu|neuron|hpu)\b"
    r"|--device(?:=|\s{1,4}|\",\s{0,4}\")(cpu|tpu)\b"
    r"|\bvllm[-_ =]{1,3}v?\d{1,3}\.\d{1,3}[\w.]{0,24}\+(cpu)\b"
    r"|VLLM_TARGET_DEVICE=(cpu)\b",
    re.I,
)
# issue 38: the NVIDIA Container Toolkit's hook cannot open the host driver's NVML library
# (NVIDIA/libnvidia-container src/driver.c driver_init_1_svc: xdlopen(SONAME_LIBNVML,
# "libnvidia-ml.so.1"), reported by src/cli as "nvidia-container-cli: initialization error:
# load library failed: libnvidia-ml.so.1: cannot open shared object file …").
_CONTAINER_NO_NVML: Final = re.compile(
    r"nvidia-container-cli: initialization error: load library failed: libnvidia-ml\.so"
)
# issue 38 (s10-refusal): torch.distributed asked for NCCL by a torch built without it
# (torch/distributed/distributed_c10d.py _new_process_group_helper: `if not
# is_nccl_available(): raise RuntimeError("Distributed package doesn't have NCCL built in")`):
# torch's macOS and Windows wheels have none, nor its CPU wheels.
_NCCL_NOT_BUILT: Final = re.compile(r"Distributed package doesn't have NCCL built in")
# The words every refusal compat/refusals.py reads holds one of: the other lines skip it
# (s14-lookup: its failed lookups' words too).
_REFUSAL_WORDS: Final = (*refusals.WORDS, *refusals.LOOKUP_WORDS)
# Facts that only name a project the line mentions ("vLLM only supports Linux platform" names
# vLLM too): no message of its own, so a refusal of the system is still read beside them.
_NAMING: Final = frozenset(k for k in FactKey if k.value.endswith("named"))
# issue 38 (s12-osbuild): and a Mac named by the refusal's own words, the system it does run
# on (vLLM's "only supports Linux platform (including WSL) and MacOS.Building on win32")
_BESIDE_REFUSAL: Final = _NAMING | {FactKey.PROSE_MAC}
# issue 38 (s21-container): a container or Apple's GPU named on a line is its context, never a
# message of the line's own ("unsupported device mps" is still read as a refusal)
_CONTEXT_WORDS: Final = frozenset({FactKey.PROSE_CONTAINER, FactKey.PROSE_APPLE_GPU})
# issue 38 (s14-submodule): where a traceback's frame says a package was imported from: the
# line's context, not a message of its own, so a refusal or a GPU requirement on that line is
# read as on any other
# issue 38 (s19-quiet): and the reporter's words that the work ran ("it runs", "Training
# launches"): context of the line too, never a message that keeps a refusal from being read
_FRAME_KEYS: Final = frozenset(
    {FactKey.TRACEBACK_LOCAL_PACKAGE, FactKey.TRACEBACK_FRAME, FactKey.PROSE_RAN}
)
_NOT_MESSAGES: Final = _FRAME_KEYS | _CONTEXT_WORDS  # issue 38 (s21-container)


# issue 38 (s14-sharedlib): a loader's refusal is read as one of any library beside facts that
# are no message of their own: names, and the words of the system, paths, Python it ran on
def _beside_library(said: Iterable[Said]) -> bool:
    return all(s.key in _NAMING or not s.key.value.startswith("message.") for s in said)


# flash-attention 2's check of the GPU (Dao-AILab/flash-attention csrc/flash_attn/
# flash_api.cpp: TORCH_CHECK(is_sm8x || is_sm90, "FlashAttention only supports Ampere GPUs or
# newer.")).
_FLASH_ATTN_ARCH: Final = re.compile(r"FlashAttention only supports Ampere GPUs or newer")
# bitsandbytes before 0.43 when it could load no CUDA library of its own and fell back to
# libbitsandbytes_cpu (bitsandbytes/cextension.py: "The installed version of bitsandbytes was
# compiled without GPU support. 8-bit optimizers … are unavailable.").
_BNB_NO_GPU: Final = re.compile(r"bitsandbytes was compiled without GPU support")
# vLLM when none of its platforms (CUDA through NVML, ROCm through amdsmi, TPU, XPU, CPU,
# Neuron …) found its device (vllm/platforms/__init__.py resolve_current_platform_cls_qualname;
# vllm/config.py DeviceConfig: raise RuntimeError("Failed to infer device type")).
_VLLM_NO_DEVICE: Final = re.compile(r"Failed to infer device type")
# issue 38 (s19-quiet): vLLM's GPU worker given a device other than CUDA's. Its init_device
# sets up CUDA and raises for any other device type (vllm/v1/worker/gpu_worker.py
# Worker.init_device at 0012cf691b7e: raise RuntimeError(f"Not support device type:
# {self.device_config.device}"); V0's vllm/worker/worker.py the same). Forks and plugins copy
# the raise (vLLM Ascend's NPU worker, vLLM-Omni's, FastDeploy's): the words are an error line
# wherever they stand (a title, the reporter's sentence), and the value is the device type.
# vllm-project/vllm#36715 (March 2026) rewords it "Unsupported device type" in gpu_worker.py
# and xpu_worker.py: words other libraries use for other refusals, not read here.
_WORKER_DEVICE: Final = re.compile(r"\bNot support device type: ?(\w{1,20})")
# issue 38: Python's ImportError for a name vllm does not have (Python/import.c
# _PyErr_ImportFrom: "cannot import name %R from %R (unknown location)" where the package has
# no file, a directory left without vllm's code): the first import of vLLM failed, as
# LLaMA-Factory's `llamafactory-cli env` does on any machine where `vllm` is importable
# (src/llamafactory/chat/vllm_engine.py: `from vllm import AsyncEngineArgs, …`).
_VLLM_IMPORT: Final = re.compile(r"ImportError: cannot import name '(\w{1,80})' from 'vllm'")
# vLLM's check of the dtype against the GPU (vllm/worker/worker.py
# _check_if_gpu_supports_dtype, later vllm/platforms/cuda.py check_if_supports_dtype):
# "Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4
# GPU has compute capability 7.5. You can use float16 instead …".
_BF16_UNSUPPORTED: Final = re.compile(
    r"Bfloat16 is only supported on GPUs with compute capability of at least 8\.0"
)
# xformers' own check: "xFormers was built for:\n PyTorch 2.0.1+cu118 with CUDA 1108 (you
# have 2.0.1)" (xformers/_cpp_lib.py); the prose reader leaves its line to this one.
XFORMERS_BUILT: Final = re.compile(
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
# The GPU's name at the end of the text before those words ("…显示「NVIDIA GeForce RTX 5090"):
# from the first vendor word after the last character no name holds (`_name_tail`). As one
# pattern, `(?:NVIDIA|…)[\w ()-]*$`, each "NVIDIA " of a line of them ran to its end.
_NAME_VENDOR: Final = re.compile(r"NVIDIA|GeForce|Tesla|Quadro|TITAN|Orin|Jetson")
_NOT_IN_NAME: Final = re.compile(r"[^\w ()-]")
_SM_TAIL: Final = re.compile(r"(\d{2,3}) is not compatible with the current PyTorch")
# The warning's last line names the GPU again: "If you want to use the NVIDIA GeForce RTX 3060
# Laptop GPU GPU with PyTorch, please check …" (torch/cuda/__init__.py, incompatible_device_warn).
_WANT_WORDS: Final = ("If you want to use the ", " GPU with PyTorch")
_SM_SUPPORTS: Final = re.compile(
    r"current PyTorch install supports CUDA capabilities ((?:sm_\w+\s*)+)"
)
# torch's "Found GPU0 NVIDIA GeForce GT 730 which is of cuda capability 3.5." in two steps (the
# name is anything up to the first capability after it): as one pattern with a lazy name,
# each "Found GPU0 x" of a line of them ran to its end (quadratic within a line; issue 38).
_FOUND_GPU: Final = re.compile(r"Found GPU\s?(\d+) \S")
_OF_CAPABILITY: Final = re.compile(
    r" which is of (?:cuda|compute) capability (?:\(CC\) )?(\d+)\.(\d+)"
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
# issue 38: torchao's check that its C++ extensions were built for the torch it runs with
# (pytorch/ao torchao/__init__.py): 0.13.0 to 0.16.0 say "Skipping import of cpp extensions due
# to incompatible torch version 2.7.1+cu128 for torchao version 0.15.0" (0.14.0 on add "Please
# see GitHub issue #2919"); 0.17.0 and 0.18.0 say "Skipping import of cpp extensions due to
# incompatible torch version. Please upgrade to torch >= 2.11.0 (found 2.9.0)." torchao goes on
# without them (its Python API only). The fact's value: torchao's version, or the stated floor.
_TORCHAO_WORDS: Final = "Skipping import of cpp extensions due to incompatible torch version"
_TORCHAO_RELEASE: Final = re.compile(
    r" ([0-9][\w.+]{0,40}) for torchao version ([0-9][\w.+]{0,40})"
)
# the floor's line, after the words' "." or on the next line where the log broke it there
_TORCHAO_FLOOR: Final = re.compile(
    r"Please upgrade to torch >= ([0-9][0-9.]{0,20}[0-9]) \(found ([0-9][\w.+]{0,40})\)"
)
# issue 38: CTranslate2 refusing a compute type the device has no efficient kernels for
# (OpenNMT/CTranslate2 src/types.cc resolve_compute_type, the ValueError: "Requested float16
# compute type, but the target device or backend do not support efficient float16
# computation."; s18-dtype: the string is in CTranslate2 4.5.0's libctranslate2.so); its
# quantization docs (opennmt.net/CTranslate2/quantization.html): float16 runs on NVIDIA GPUs
# of compute capability 7.0 or newer, bfloat16 on 8.0, and on no CPU. faster-whisper and
# whisperX pass their compute_type to it. The warning "The compute type inferred from the
# saved model is float16, but …" converts and goes on: not this.
_COMPUTE_TYPE_REFUSED: Final = re.compile(
    r"\bRequested (\w{3,16}) compute type, but the target device or backend do not support "
    r"efficient"
)
# issue 38: CTranslate2's build without CUDA asked for device="cuda" (OpenNMT/CTranslate2
# python/cpp/module.cc and src/devices.cc: "This CTranslate2 package was not compiled with CUDA
# support"; its macOS wheels are CPU builds, its installation guide: GPU support in the Linux and
# Windows wheels); faster-whisper and whisperX raise it from WhisperModel(device="cuda")
_LIBRARY_NO_CUDA: Final = re.compile(
    r"\bThis (\w{2,30}) package was not compiled with CUDA support"
)
_INVALID_FUNCTION: Final = re.compile(
    r"HIP error: invalid device function|hipErrorInvalidDeviceFunction|hipErrorNoBinaryForGpu",
    re.I,
)
_NO_KERNEL: Final = re.compile(r"no kernel image is available for execution on the device")
# issue 38 (s16-arch): the symptoms of a kernel with no code for the GPU, CUDA's and HIP's
_NO_CODE_KEYS: Final = frozenset(
    {FactKey.MESSAGE_NO_KERNEL_IMAGE, FactKey.MESSAGE_INVALID_DEVICE_FUNCTION}
)
# The loader's "<path>.so: undefined symbol: <symbol>" (`LOADER_WORDS`), and macOS's, likewise
# read around their words.
_DYLD_WORDS: Final = "Symbol not found:"
_SYMBOL_WORDS: Final = " symbol: "
# issue 38 (s17-wrongB): a symbol's name is the characters a linker's name holds (the Itanium
# C++ ABI's mangled names are letters, digits and "_"; ELF adds "." and a version after "@",
# "$" in some): what follows is the message's (torchvision's warning glues its next sentence
# to the error it quotes, "…ERKSs'If you don't plan…", torchvision/io/image.py).
_SYMBOL_CHARS: Final = frozenset(string.ascii_letters + string.digits + "_$.@")
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
# c10/core/dispatch/OperatorEntry.cpp reportError). The third: the same dispatcher's words for
# the SparseMPS key (a sparse tensor on the Apple GPU), which has no kernels registered at all
# (a maintainer, pytorch/pytorch#87886) and which the MPS fallback, registered for the MPS key
# alone (aten/src/ATen/mps/MPSFallback.mm: TORCH_LIBRARY_IMPL(_, MPS, m)), does not cover
# (pytorch/pytorch#143955: the error stays with PYTORCH_ENABLE_MPS_FALLBACK=1). Either, with
# the typographic quotes a reporter's editor puts in (pytorch/pytorch#141711).
_MPS_OPERATOR: Final = re.compile(
    r"The operator '([\w.:]{1,120})' is not current(?:ly)? implemented for the MPS device"
    r"|Could not run ['‘]([\w.:]{1,120})['’] with arguments from the ['‘]MPS['’] backend"
    r"|Could not run ['‘]([\w.:]{1,120})['’] with arguments from the ['‘]SparseMPS['’] backend"
)

_ONLY_AVAILABLE: Final = re.compile(r"'([\w.:]{1,120})' is only available for these backends: \[")
_SW_VERS: Final = re.compile(r"^\s*ProductVersion:\s*(\d+(?:\.\d+)+)\s*$")
# issue 38 (widened): Python's platform.platform() on macOS before 3.8 said "Darwin-19.6.0-
# x86_64-i386-64bit" (Lib/platform.py), as Python 3.7's reports still print it.
_MAC_PLATFORM: Final = re.compile(r"\b((?:macOS|Darwin)-\d+(?:\.\d+)*-(?:arm64|x86_64)[\w.-]*)")
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
# ComfyUI's start-up log (comfy/model_management.py): "AMD arch: gfx1151" and "Device: cuda:0
# NVIDIA GeForce RTX 4090 : cudaMallocAsync" name the GPU torch uses.
_COMFY_ARCH: Final = re.compile(r"^\s*AMD arch:\s*(gfx[0-9a-f]{3,4})\b")
_COMFY_DEVICE: Final = re.compile(
    r"^\s*Device: cuda:(\d+) (.+?) : (?:cudaMallocAsync|hipMallocAsync|native|cudaMalloc)\s*$"
)
# rocBLAS (shipped inside torch's ROCm wheel) has no kernels for the GPU: "rocBLAS error: Cannot
# read …/TensileLibrary.dat: <strerror> for GPU arch : gfx900" (ROCm/rocBLAS
# library/src/tensile_host.cpp), read after its first "rocBLAS error: " (as one pattern with a
# lazy gap, each of a line of them ran to its end: quadratic within a line; issue 38). Its
# " for GPU arch : " is read without the prefix too: a paste that lost the line's start
# ("ocBLAS error: …") or wrapped it after the path.
_ROCBLAS_WORDS: Final = "rocBLAS error: "
_ROCBLAS_NO_LIBRARY: Final = "rocBLAS error: Cannot read "
_TENSILE_GFX: Final = re.compile(r"TensileLibrary(?:_lazy)?_(gfx[0-9a-f]{3,4})\b")
# issue 38: the same file said missing in the reporter's words, where rocBLAS's own line is not
# pasted ("There is no TensileLibrary_lazy_gfx1031.dat which causes an error when trying to use
# rocBLAS", ROCm/ROCm#2720): rocBLAS ships one such file per architecture it is built for and
# reads the GPU's at its first call (rocBLAS library/src/tensile_host.cpp), so a missing one
# is an architecture it has no kernels for
_TENSILE_MISSING: Final = re.compile(
    r"(?i:\bno|\bmissing|\bcannot find|\bcan't find|\bcould not find|\bcouldn't find)"
    r" (?:the |a |file )?TensileLibrary(?:_lazy)?_gfx"
    r"|TensileLibrary(?:_lazy)?_gfx[0-9a-f]{3,4}(?:\.dat)? (?i:is missing|not found|does not exist"
    r"|doesn't exist)"
)
_GPU_ARCH: Final = re.compile(r"GPU arch\s*:\s*(gfx[0-9a-f]{3,4})")
_FOR_GPU_ARCH: Final = re.compile(r"\bfor GPU arch : (gfx[0-9a-f]{3,4})")
# lspci's line for a GPU: the PCI ID database's names, "[AMD/ATI] Navi 22 [Radeon RX 6700/6700 XT
# /6750 XT / 6800M/6850M XT]" or "NVIDIA Corporation GA102 [GeForce RTX 3090]". The chip's
# name before the bracket holds no ":" and the bracket no "[": each "3D controller: NVIDIA
# Corporation " of a line of them ran to its end (quadratic within a line; issue 38). `lspci -nn`
# puts the class's id after its name ("Display controller [0380]: ", s16-amdnames).
_LSPCI: Final = re.compile(
    r"(?:VGA compatible controller|3D controller|Display controller)(?: \[03[0-9a-f]{2}\])?: "
    r"(Advanced Micro Devices, Inc\. \[AMD/ATI\]|NVIDIA Corporation) ([^\[:]*)\[([^\[\]]+)\]"
)
# lshw's "product:" line names a device as the PCI ID database does (`lshw -c video`: "product:
# Opal XT [Radeon R7 M265/M365X/M465]"); an AMD one compat/gpus.py knows is a GPU (issue 38,
# s16-amdnames).
_LSHW_PRODUCT: Final = re.compile(r"\bproduct: ([A-Z][^\[\]:]{0,60}\[[^\[\]]{1,200}\])")
# A path with a drive letter and backslashes (C:\Program Files\AMD\ROCm\6.2\bin\): only
# Windows writes them.
_WINDOWS_PATH: Final = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]:\\(?:[^\\\n:*?\"<>|]{1,80}\\)+")
_MPS_NOT_BUILT: Final = re.compile(
    r"MPS not available because the current PyTorch install was not built"
)
# issue 38: CUDA libraries the neighbours cannot find or that disagree.
# DeepSpeed's op builder refusing to compile its ops (deepspeedai/DeepSpeed
# op_builder/builder.py assert_no_cuda_mismatch: "Installed CUDA version {nvcc's major.minor}
# does not match the version torch was compiled with {torch.version.cuda}, unable to compile
# cuda/cpp extensions without a matching cuda version."); the same words end in "but since the
# APIs are compatible, accepting this combination" for a pair its cuda_minor_mismatch_ok table
# accepts, and in "Detected `DS_SKIP_CUDA_CHECK=1`: Allowing this combination" when the check is
# skipped: neither is a refusal (`_DS_ACCEPTED`).
_DS_CUDA_MISMATCH: Final = re.compile(
    r"Installed CUDA version (\d{1,2}\.\d{1,2}) does not match the version torch was compiled "
    r"with (\d{1,2}\.\d{1,2})"
)
_DS_ACCEPTED: Final = ("accepting this combination", "DS_SKIP_CUDA_CHECK")
# The dynamic loader's refusal of one of CUDA's own libraries (glibc dlerror: "<soname>: cannot
# open shared object file: No such file or directory"): the driver's libcuda, or a toolkit
# library whose soname carries its major release (libcudart.so.11.0, libcudnn.so.8,
# libnvrtc.so.12, libcublas.so.11).
_CUDA_LIBRARY_MISSING: Final = re.compile(
    r"\b(lib(?:cuda|cudart|cudnn(?:_\w{1,20})?|nvrtc|cublas(?:Lt)?|cufft|curand|cusparse"
    r"|cusolver|nvJitLink)\.so(?:\.\d{1,3}){0,3}): cannot open shared object file"
)
# TensorFlow's loader logs the same words as a warning it tells to ignore on a machine without
# a GPU ("Could not load dynamic library 'libcudart.so.11.0'; dlerror: …", tensorflow/
# stream_executor/platform/default/dso_loader.cc, then cudart_stub.cc: "Ignore above cudart
# dlerror if you do not have a GPU set up on your machine."): no torch extension's failure.
_TF_DSO_LOADER: Final = "Could not load dynamic library"
# issue 38 (s18-dll): CUDA's runtime libraries that libraries other than torch load by name, in
# each loader's own words (compat/cuda_runtime.py reads the file names). The file: a family of
# CUDA's, cuDNN's or TensorRT's libraries, its Windows DLL ("cublas64_12.dll") or its soname
# ("libcudnn_ops_infer.so.8").
_RUNTIME_FILE: Final = (
    r"(?:lib)?(?:cudnn|cublas|cudart|cufft|curand|cusparse|cusolver|nvinfer)\w{0,30}"
    r"(?:\.dll|\.so(?:\.\d{1,3}){0,3})"
)
# cuDNN 8's own loader of its sub-libraries and of the cuBLAS it uses (cuDNN 8 splits itself
# into sub-libraries it loads when first needed, NVIDIA cuDNN 8 Developer Guide "cuDNN Library
# Split"; the words are libcudnn's own, no public source holds them, and they read the same
# under every framework that loads cuDNN 8: "Could not locate cudnn_ops_infer64_8.dll. Please
# make sure it is in your library path!", "Could not load library cudnn_ops_infer64_8.dll.
# Error code 126", "Could not load library libcudnn_ops_infer.so.8. Error:
# libcudnn_ops_infer.so.8: cannot open shared object file"). NVIDIA's cuDNN 8 installation
# guide (docs.nvidia.com/deeplearning/cudnn/install-guide, "Installing cuDNN on Windows") has
# the cuDNN directory added to PATH for the loader to find it.
_CUDNN_LOADER: Final = re.compile(r"Could not (?:locate|load library) (" + _RUNTIME_FILE + ")")
# CTranslate2's loader of cuBLAS (OpenNMT/CTranslate2 src/cuda/cublas_stub.cc get_so_handle,
# the CUDA_DYNAMIC_LOADING build its wheels are: LoadLibraryA("cublas64_" CUBLAS_VER_MAJOR
# ".dll") on Windows, dlopen("libcublas.so." CUBLAS_VER_MAJOR) elsewhere, then
# `std::runtime_error("Library " + CUBLAS_LIBNAME + " is not found or cannot be loaded")`;
# read at Adi1231234/CTranslate2 @ 1d376fb814ba670b690d9d7e86987d6476cc60c4, a fork of it).
_CT2_NOT_FOUND: Final = re.compile(
    r"Library (" + _RUNTIME_FILE + ") is not found or cannot be loaded"
)
# TensorFlow's loader (tensorflow/stream_executor/platform/default/dso_loader.cc: LOG(WARNING)
# "Could not load dynamic library '<name>'; dlerror: …", then cudart_stub.cc's "Ignore above
# cudart dlerror if you do not have a GPU set up on your machine."): a warning, TensorFlow
# goes on on the CPU.
_TF_DYNAMIC: Final = re.compile(r"Could not load dynamic library '(" + _RUNTIME_FILE + ")'")
# onnxruntime's CUDA execution provider (onnxruntime/core/session/provider_bridge_ort.cc
# ProviderLibrary::Get: "Failed to load library " + the provider's file + " with error: " +
# dlerror's words), whose library links CUDA's; onnxruntime logs it at its ERROR level and
# goes on without the provider.
_ORT_PROVIDER: Final = re.compile(
    r"libonnxruntime_providers_cuda\.so with error: (lib\w{1,40}\.so(?:\.\d{1,3}){0,3}): "
    r"cannot open shared object file"
)
# onnxruntime's Python binding on Windows, where the provider's DLL did not load and CUDA_PATH
# is set (onnxruntime/python/onnxruntime_pybind_state.cc CreateExecutionProviderInstance:
# ORT_THROW("CUDA_PATH is set but CUDA wasn't able to be loaded. Please install the correct
# version of CUDA and cuDNN as mentioned in the GPU requirements page …"); read at
# microsoft/onnxruntime @ 06c980b3ea02ef3f7e8ae5b03c7271986210c25c; the 1.16-1.17 wheels
# print "wasnt" and "andcuDNN").
_ORT_CUDA_PATH: Final = re.compile(r"CUDA_PATH is set but CUDA wasn'?t able to be loaded")
# onnxruntime's log lines around that failure (the same provider_bridge_ort.cc's ERROR line,
# its head where a paste wraps it; onnxruntime_pybind_state.cc's WARNING "Failed to create " +
# type + ". Please reference …"): they name no library
_ORT_PROVIDER_LOG: Final = re.compile(
    r"TryGetProviderInfo_CUDA\]|CreateExecutionProviderInstance\] Failed to create"
)
# each loader's pattern and its name, the most specific words first
_RUNTIME_PATTERNS: Final = (
    (_ORT_PROVIDER, "onnxruntime"),
    (_TF_DYNAMIC, "tensorflow"),
    (_CT2_NOT_FOUND, "ctranslate2"),
    (_CUDNN_LOADER, "cudnn"),
)
# issue 38 (s18-mend-loader): cuDNN's loader goes on with dlerror's words ("Could not load
# library libcudnn_cnn_infer.so.8. Error: <dlerror>"), which may name another file than the
# one it loads: the library that sub-library needs ("libcuda.so: cannot open shared object
# file", the driver's; "libnvrtc.so: …", CUDA's runtime compiler, AUTOMATIC1111/stable-
# diffusion-webui#10230), or the same file's symbol ("…/libcudnn_cnn_infer.so.8: undefined
# symbol: …", two cuDNN installs mixed, pytorch/pytorch#104591). Only "<the same file>: cannot
# open shared object file" is the file not found; another file is read by the glibc readers
# below (the WSL and driver findings for libcuda, extension.cuda_library_missing for the
# toolkit's), and a symbol is no missing file.
_DLERROR_MISSING: Final = ": cannot open shared object file"
# TensorRT's libraries TensorFlow tries at import for TF-TRT, which is optional
# (tensorflow/compiler/tf2tensorrt/utils/py_utils.cc: "TF-TRT Warning: Cannot dlopen some
# TensorRT libraries. If you would like to use Nvidia GPU with TensorRT, please make sure the
# missing libraries mentioned above are installed properly."): no GPU of TensorFlow's needs them
_TF_OPTIONAL: Final = ("libnvinfer", "nvinfer")
# TensorFlow's word on its GPUs after the loader's warnings (core/common_runtime/gpu/
# gpu_device.cc): none registered, or one created
_TF_GPU_SKIPPED: Final = "Cannot dlopen some GPU libraries"
_TF_GPU_CREATED: Final = ("Created device ", "Created TensorFlow device ")
# onnxruntime's own CUDA feeds as pip's index URL names them (the install page,
# onnxruntime.ai/docs/install: "--extra-index-url https://aiinfra.pkgs.visualstudio.com/
# PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/")
_ORT_FEED: Final = re.compile(r"/onnxruntime-cuda-(1[12])/pypi/simple")
# issue 38 (s21-mendA): HSA_OVERRIDE_GFX_VERSION set, on a command line, an `export` or `set`
# line, a script's: ROCm/TheRock#1719, "On Linux, `export HSA_OVERRIDE_GFX_VERSION={MAJOR}.
# {MINOR}.{PATCH}` tricks ROCm into thinking the available card is of the architecture
# specified" (compat/kernels.py [I-THEROCK-1719]): the GPU then runs as that target
_HSA_OVERRIDE: Final = re.compile(
    r"HSA_OVERRIDE_GFX_VERSION[ \t]{0,2}=[ \t]{0,2}[\"']?(\d{1,2}\.\d\.\d)"
)
# Windows Subsystem for Linux, as pastes show it: its kernel's release string
# ("5.15.133.1-microsoft-standard-WSL2" in collect_env's platform line and uname -r), its
# name, the directory NVIDIA's CUDA on WSL user guide puts the Windows driver's libcuda in
# (https://docs.nvidia.com/cuda/wsl-user-guide/index.html: /usr/lib/wsl/lib), WSL's issue
# template ("- [X] WSL 2"), a reporter's "on WSL2" (after a space or bracket: a pattern needs
# the reader's shortest line, `SHORTEST`). issue 38 (s18-launch): `wsl --version`'s first line
# ("WSL version: 2.6.3.0"; nix-community/NixOS-WSL#963), and WSL named before its Ubuntu
# release, in any case ("wsl 22.04 in win11", mlc-ai/mlc-llm#68).
_WSL: Final = re.compile(
    r"microsoft-standard-WSL|Windows Subsystem for Linux|/usr/lib/wsl\b|[\s(\[]WSL ?2\b"
    r"|\b(?:on|in|from|under) WSL\b|\bWSL version: \d"
    r"|\b(?i:wsl)(?: Ubuntu)? \d{2}\.04\b"
)
# bitsandbytes 0.3x's own word that libcuda did not load (cuda_setup/main.py
# get_cuda_lib_handle: ctypes.CDLL("libcuda.so") raised OSError): "CUDA SETUP: WARNING!
# libcuda.so not found! Do you have a CUDA driver installed? …".
_BNB_NO_LIBCUDA: Final = re.compile(r"WARNING! (libcuda\.so) not found! Do you have a CUDA driver")
# issue 38 (s14-sharedlib): any library the loader cannot find, in the loaders' own words.
# glibc's dlerror for a library asked by its soname, a module's DT_NEEDED entry or a
# dlopen("libX.so.N") (glibc elf/dl-load.c _dl_map_object: _dl_signal_error(…, "cannot open
# shared object file"), strerror's "No such file or directory" after it; for a program, ld.so's
# "<program>: error while loading shared libraries: <soname>: …", elf/dl-error-skeleton.c).
# A name with a directory before it ("/root/.cache/torch_extensions/…/utils.so: cannot open")
# is a file a package asked for by its path, its own build's output, not a library to install:
# the soname stands alone (no "/" or "\" before it).
_SHARED_LIBRARY: Final = re.compile(
    r"(?<![\w./\\+-])(lib[\w.+-]{1,80}?\.so(?:\.\d{1,4}){0,4}): cannot open shared object file"
)
# issue 38 (s17-wrongB): the same words after a directory: the file a package asked for by its
# path (ctypes.CDLL(path), a module's own library), which a package's own install holds.
_SHARED_BY_PATH: Final = re.compile(
    r"(?<=[/\\])(lib[\w.+-]{1,80}?\.so(?:\.\d{1,4}){0,4}): cannot open shared object file"
)
# The program ld.so names ("npu-smi: error while loading shared libraries: …").
_LOADING_PROGRAM: Final = re.compile(r"([\w.+-]{1,60}): error while loading shared libraries: ")
# macOS dyld (dyld's "Library not loaded: <install name>", then "Referenced from: <image>" and
# "Reason: image not found" / "tried: … (no such file)"; Python's ImportError quotes it after
# "dlopen(<the module>, 2): "): the install name's file, "@rpath/libc++.1.dylib" → "libc++.1.dylib".
_DYLD_NOT_LOADED: Final = re.compile(r"Library not loaded: ([^\s']{1,300}\.dylib)\b")
_DLOPEN_OF: Final = re.compile(r"dlopen\(([^,\s)]{1,400})")
# Windows, through ctypes (CPython Modules/_ctypes/callproc.c load_library, 3.8 on: "Could not
# find module '%U' (or one of its dependencies). Try using the full path with constructor
# syntax."): the DLL or .pyd it names, or one it needs, is not found.
_WINDOWS_MODULE: Final = re.compile(
    r"Could not find module '([^'\n]{1,400})' \(or one of its dependencies\)"
)
# A traceback's source line that imports a module ("    import cv2", "    from .cv2 import *"
# is cv2's own), as Python's traceback prints it under its frame: the module named first.
_IMPORT_LINE: Final = re.compile(r"^\s{2,12}(?:import|from) ([A-Za-z_]\w{0,40})")
# torchvision's warning when its image extension does not load (torchvision/io/image.py:
# warn(f"Failed to load image Python extension: {e}")): it goes on without it.
_TORCHVISION_IMAGE: Final = "Failed to load image Python extension"
# python-soundfile when neither its bundled libsndfile nor the system's loads (soundfile.py:
# raise OSError('sndfile library not found'), later '… using ctypes.util.find_library').
_SOUNDFILE_WORDS: Final = "sndfile library not found"
# The package a file is of: the folder after site-packages (or Debian's dist-packages).
_PACKAGE_OF_PATH: Final = re.compile(r"[/\\](?:site|dist)-packages[/\\]{1,2}([A-Za-z_]\w{0,40})")
# Words that show Debian or Ubuntu (where an apt-get line runs): the OS line of collect_env or
# a reporter's words, and Debian's own Python layout, dist-packages (Debian Python Policy,
# https://www.debian.org/doc/packaging-manuals/python-policy/: third-party modules under
# /usr/lib/python3/dist-packages and /usr/local/lib/python3.X/dist-packages).
# issue 38 (s15-toolchain): and Ubuntu's official flavours by name (Kubuntu, Xubuntu,
# Lubuntu: https://ubuntu.com/desktop/flavours), Ubuntu's archive and apt-get underneath;
# (s15-support) System76's Pop!_OS, built on Ubuntu (its apt, its neofetch "OS: Pop!_OS 22.04").
_DEBIAN: Final = re.compile(r"\b(?:[KXL]?Ubuntu|Debian|Pop!_OS)\b|[/\\]dist-packages[/\\]", re.I)

# issue 38: Huawei Ascend. CANN's inner error when its operator compiler's environment does
# not start: "EH9999  [Init][Env]init env failed![FUNC:ReportInnerError][FILE:log_inner.cpp]"
# (torch_npu prints CANN's error with its code; the Ascend/pytorch#7 thread settles it as
# CANN's Python dependencies not installed). And a CANN log line quoting Python's import error,
# in CANN's log format "[LEVEL] MODULE(pid,process):time [file:line]…" (CANN Log Reference):
# `[ERROR] TUNE(2440326,python):… "ModuleNotFoundError: No module named 'tbe.common'`.
_CANN_INIT_ENV: Final = re.compile(r"\[Init\]\[Env\]init env failed")
_CANN_NO_MODULE: Final = re.compile(
    r"^\[ERROR\] [A-Z_]{2,20}\(\d{1,10},[^)]{0,40}\):[^']{0,300}No module named '([\w.]{1,80})'"
)
# issue 38: a library refuses the GPU, in its own words.
# torch's inductor before it compiles with Triton: "Found NVIDIA GeForce GTX 1070 which is too
# old to be supported by the triton GPU compiler, which is used as the backend. Triton only
# supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1"
# (torch/_inductor/exc.py GPUTooOldForTriton, raised by torch/_dynamo/device_interface.py
# CudaInterface.raise_if_triton_unavailable when get_device_properties().major < 7; torch 2.0
# to 2.5 raised the same words from torch/_inductor/scheduler.py create_backend). Read around
# its fixed words: the GPU's name after the last "Found " before them.
_TRITON_WORDS: Final = " which is too old to be supported by the triton GPU compiler"
_TRITON_CAPABILITY: Final = re.compile(r"your device is of CUDA capability (\d{1,2})\.(\d)")
# LLVM's NVPTX backend when Triton compiles a warp shuffle for a GPU below 7.0 without PTX 6.0
# ("LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.bfly.i32": llvm/llvm-project#90421,
# "on targets between SM30 and SM70"; Triton's fix for Pascal is triton-lang/triton@afaf1f0,
# after triton-lang/triton#3875), as Unsloth's Triton kernels hit it on Pascal GPUs.
_LLVM_SHFL: Final = re.compile(r"Cannot select: intrinsic %llvm\.nvvm\.shfl\.sync")
# bitsandbytes' int8 matmul in its library built without cuBLASLt (csrc/ops.cu igemmlt under
# NO_CUBLASLT: "ERROR: Your GPU does not support Int8 Matmul!" then assert(false)); its CUDA
# setup loads that library for a GPU below compute capability 7.5 (cuda_setup/main.py
# is_cublasLt_compatible). 0.37.0 runs int8 on every GPU, casting to 16/32-bit below 7.5
# (bitsandbytes CHANGELOG.md, 0.37.0 "Int8 Matmul + backward support for all GPUs").
_BNB_INT8: Final = re.compile(r"Your GPU does not support Int8 Matmul")
# vLLM's build from source, for each visible GPU (vllm-project/vllm setup.py: "if major < 7:
# raise RuntimeError("GPUs with compute capability below 7.0 are not supported.")"; "less
# than 7.0" in its 2023 releases).
_VLLM_BELOW_70: Final = re.compile(
    r"GPUs with compute capability (?:below|less than) 7\.0 are not supported"
)
# issue 38 (s9-kernels): vLLM's check of a quantization method against the GPU's compute
# capability, both in vLLM's integer form (75 for 7.5). The method's floor (vllm/config.py
# ModelConfig._verify_quantization, vllm/config/vllm.py in later releases: "The quantization
# method {method} is not supported for the current GPU. Minimum capability: {floor}. Current
# capability: {capability}." with each method's get_min_capability(), which moves between
# releases: AWQ's 80 in October 2023 and 75 weeks later, vllm-project/vllm#1282 and #1488;
# fp8's 90 in April 2024, #4327, lower since), and the compressed-tensors
# scheme's (vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors.py
# _check_scheme_supported: RuntimeError("Quantization scheme is not supported for ", f"the
# current GPU. Min capability: {floor}. ", f"Current capability: {capability}.") and, for a
# scheme built for one generation, "Required capability: "), which Python prints as a tuple:
# "('Quantization scheme is not supported for ', 'the current GPU. Min capability: 80. ', …".
# The value: "method floor capability", the method "scheme" for compressed-tensors'.
_VLLM_QUANT_CAPABILITY: Final = re.compile(
    r"The quantization method ([\w-]{1,40}) is not supported for the current GPU\. "
    r"Minimum capability: (\d{2,3})\. Current capability: (\d{2,3})"
    r"|Quantization scheme is not supported for ['\", ]{0,6}the current GPU\. "
    r"(?:Min|Required) capability: ['\", ]{0,6}(\d{2,3})\. ['\", ]{0,6}"
    r"Current capability: (\d{2,3})"
)
# issue 38 (s9-kernels): SageAttention 2's kernel choice by the GPU's architecture
# (thu-ml/SageAttention sageattention/core.py sageattn: `arch = get_cuda_arch_versions()
# [q.device.index]`, "sm80", "sm86", "sm89" and "sm90" in v2.0.1, "sm120" added in v2.2.0
# (commit 4b0824d, "sm120 early support"), "sm121" after it; any other: `raise ValueError(
# f"Unsupported CUDA architecture: {arch}")`). The value: the architecture, "sm75".
_SAGE_ARCH: Final = re.compile(r"Unsupported CUDA architecture: (sm_?\d{2,3})\b")
# issue 38 (s9-kernels): GPU-only libraries that ask torch for a GPU and find none. Unsloth's
# device check (unslothai/unsloth unsloth/__init__.py get_device_type, unsloth/device_type.py
# from late 2025; the same in unsloth_zoo/device_type.py): torch.cuda, HIP, torch.xpu, then
# torch.accelerator, and with none, NotImplementedError in the words of its release:
# "Unsloth: No NVIDIA GPU found? Unsloth currently only supports GPUs!" (2024 to early 2025),
# "Unsloth currently only works on NVIDIA GPUs and Intel GPUs.", "… on NVIDIA, AMD and Intel
# GPUs." and "Unsloth cannot find any torch accelerator? You need a GPU." (unslothai/unsloth@
# a6cf91d, October 2025). Triton's choice of its driver (triton-lang/triton python/triton/
# runtime/driver.py _create_driver: `raise RuntimeError(f"{len(actives)} active drivers
# ({actives}). There should only be one.")`, its NVIDIA driver active where
# torch.cuda.is_available() and torch.version.hip is None, third_party/nvidia/backend/
# driver.py CudaDriver.is_active): with none, "0 active drivers ([]). There should only be
# one.". The value: the words.
_LIBRARY_NO_GPU: Final = re.compile(
    r"Unsloth: No NVIDIA GPU found\?(?: Unsloth currently only supports GPUs!)?"
    r"|Unsloth currently only works on NVIDIA\b[\w ,]{0,30}"
    r"|Unsloth cannot find any torch accelerator(?:\? You need a GPU\.)?"
    # a title retells it without its end or its list ("0 active drivers. There should be …")
    r"|\b0 active drivers(?: \(\[\]\)|\. There should)"
)
# issue 38 (s13-gpuonly): the package of a traceback frame's file ('File "/…/site-packages/
# transformers/quantizers/quantizer_gptq.py", line 64'; Python's traceback module prints each
# frame so), the library a GPU requirement after it is raised by (compat/gpu_required.py).
_FRAME_PACKAGE: Final = re.compile(
    r'File "[^"\n]{0,300}?[/\\](?:site|dist)-packages[/\\]([A-Za-z_]\w{0,40})[/\\]'
)
# s14-lookup: the file name of a traceback frame ('File "/home/u/train.py", line 12'), the
# program's own where the path is not under site-packages
_FRAME_FILE: Final = re.compile(r'File "(?:[^"\n]{0,300}?[/\\])?([^"/\\\n]{1,80})", line \d')
# A frame neither a package's nor the program's: the standard library's (CPython installs it in
# lib/pythonX.Y on POSIX, Lib on Windows: the sysconfig "stdlib" path), a frozen module's
# ('File "<frozen importlib._bootstrap>"'), a single-file module in site-packages (six.py).
# A lookup raised there was made by the frame before it, which called through it.
_THROUGH_FRAME: Final = re.compile(
    r'File "(?:<frozen |[^"\n]{0,300}?[/\\](?:(?:site|dist)-packages|lib[/\\]python\d\.\d{1,2}'
    r'|Lib)[/\\][^"/\\\n]{1,80}")'
)
# A frame names the raiser of the message at most this many lines after it (its line of
# source, a caret line, then the exception's).
_FRAME_REACH: Final = 3
# issue 38 (s14-supported): where pip shows a failed build's own output, and where it ends
# (pip/_internal/exceptions.py InstallationSubprocessError: "╰─> [%d lines of output]", each
# line indented, then "[end of output]")
_PIP_OUTPUT_BEGINS: Final = re.compile(r"\[\d{1,6} lines of output\]")
_PIP_OUTPUT_ENDS: Final = "[end of output]"
# issue 38 (s14-supported): an exception's own line, as Python's traceback module ends a
# traceback ("RuntimeError: PassManager::run failed", "AttributeError: …", a dotted name
# "torch._dynamo.exc.BackendCompilerFailed: …"), in a log's quote or indent.
_EXCEPTION_LINE: Final = re.compile(
    r"^[\s>`]{0,12}(?:[A-Za-z_][\w]{0,40}\.){0,6}[A-Z]\w{0,48}(?:Error|Exception)(?::|$)"
    # the last frame's own source line, where a paste ends before the exception's line
    # ('raise RuntimeError("Unknown platform: %s" % sys.platform)', cpm_kernels/library/base.py)
    r"|^[\s>`]{0,12}raise [A-Z]\w{0,48}(?:Error|Exception)\("
)
# issue 38 (s9-kernels): Triton 3.7's own probe failing in a forked process, not the machine:
# its NVIDIA driver's is_active() became a cuInit(0) call (triton-lang/triton#9578), which in
# a process forked after CUDA was initialised returns CUDA_ERROR_NOT_INITIALIZED, so Inductor's
# compile workers saw "0 active drivers" beside a working GPU (pytorch/pytorch#184643; Triton
# went back to torch's check where torch is imported, triton-lang/triton#10614, #10935).
_TRITON_FORKED_PROBE: Final = re.compile(r"\bcuInit\(0\)|\bCUDA_ERROR_NOT_INITIALIZED\b")
# transformers' TrainingArguments with bf16 where torch says the GPU has none
# (transformers/training_args.py __post_init__: "Your setup doesn't support bf16/gpu." and,
# where CUDA is available, " You need Ampere+ GPU with cuda>=11.0."; before 4.3x always
# " You need torch>=1.10, using Ampere GPU with cuda>=11.0"). Without its Ampere clause the
# message says no CUDA GPU at all, another cause.
_HF_BF16: Final = re.compile(
    r"Your setup doesn't support bf16/gpu\. You need (?:Ampere\+ GPU|torch>=1\.10, using Ampere)"
)
# torch's MPS backend refusing bfloat16: before torch 2.3 always ("BFloat16 is not supported on
# MPS", aten/src/ATen/mps/EmptyTensor.cpp; "Trying to convert BFloat16 to the MPS backend but it
# does not have support for that dtype", aten/src/ATen/native/mps/OperationUtils.mm
# getMPSDataType), from 2.3 below macOS 14 ("MPS BFloat16 is only supported on MacOS 14 or
# newer", pytorch/pytorch#119641, "[MPS] Enable bfloat16 support on MacOS 14").
_MPS_BF16: Final = re.compile(
    r"(MPS BFloat16 is only supported on MacOS 14)|BFloat16 is not supported on MPS"
    r"|Trying to convert BFloat16 to the MPS backend"
)
# text-generation-inference's flash-attention models on a GPU without FlashAttention's kernels
# (server/text_generation_server/utils/flash_attn.py, earlier models/__init__.py: "GPU with CUDA
# capability {major} {minor} is not supported", FlashAttention 1 needing sm75/sm8x/sm90; "…
# is not supported for Flash Attention V2" below sm80). TGI logs it and falls back to its
# models without flash attention where the model has one.
# issue 38: as reporters copy it too, with the capability dotted ("7.0").
_TGI_CAPABILITY: Final = re.compile(r"GPU with CUDA capability (\d{1,2})[ .](\d) is not supported")
# issue 38 (s20-gpuprose): 4-bit quantization named on a line ("V100 32G can not supprt
# load_in_4bit and fp16?", "V100不是不支持int4加速训练么？", a title's "QLoRA"): whether the line
# asks, and which GPU it names, the diagnosis reads from the line and the words around the
# match (60 characters each side, the value).
# (a character after "int4" and "4bit", so that no pattern of the reader matches a line
# shorter than messages.SHORTEST)
_FOUR_BIT: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(?:load_in_4bit|qlora(?![A-Za-z0-9])|int4[^A-Za-z0-9]"
    r"|4-?bits?[^A-Za-z0-9])"
)
# issue 38 (s20-gpuprose): text-embeddings-inference's CUDA image started on a GPU it was not
# compiled for (backends/candle/src/lib.rs CandleBackend::new: "Runtime compute cap {} is not
# compatible with compile time compute cap {}", BackendError::Start; the router then says
# "Could not start backend"). Each image is compiled for one capability, and
# backends/candle/src/compute_cap.rs compute_cap_matching (text-embeddings-inference@8a06f300)
# runs it on that one (75, 89, 90) or, for the 80 and 86 images, on 80-89 and 86-89. The
# value: the GPU's capability ("75"); the name: the image's ("80").
_TEI_COMPUTE_CAP: Final = re.compile(
    r"Runtime compute cap (\d{2,3}) is not compatible with compile time compute cap (\d{2,3})"
)
# the router's line after it (router/src/main.rs: anyhow's "Error: Could not create backend",
# its cause under "Caused by:")
_TEI_NO_BACKEND: Final = re.compile(r"^Error: Could not create backend\s*$")
# the image's release, where the paste names the image ("docker run … ghcr.io/huggingface/
# text-embeddings-inference:1.2 …", "turing-latest"; the README's tags, an architecture's
# prefix then the release)
_TEI_IMAGE: Final = re.compile(
    r"text-embeddings-inference:(?:(?:turing|hopper|cuda|cpu|86|89|\d{3})-)?"
    r"(\d{1,2}\.\d{1,2}(?:\.\d{1,2})?|latest)\b"
)
# issue 38: TGI's refusal of a model it serves only with flash attention, where its flash models
# did not import (server/text_generation_server/models/__init__.py: FLASH_ATT_ERROR_MESSAGE =
# "{} requires Flash Attention enabled models.", raised as NotImplementedError for "Sharded
# Llama", "Sharded Santacoder", …). The value: the model TGI names.
_TGI_FLASH_REQUIRED: Final = re.compile(
    r"(\w[\w -]{0,40}?) requires Flash Attention enabled models"
)
# Unsloth's banner names the GPU torch uses (unsloth/models/llama.py from_pretrained:
# "   \\   /|    GPU: {gpu_stats.name}. Max memory: {max_memory} GB.", later "GPU: Tesla T4.
# Num GPUs = 1. Max memory: …", and in 2025 the name alone after the banner's "/|": "NVIDIA
# GeForce GTX 1050 Ti. Num GPUs = 1. Max memory: 3.937 GB.").
_UNSLOTH_GPU: Final = re.compile(
    r"(?:/\| {2,8}(?:GPU: )?|\bGPU: )(\S[^.\n]{2,79})\. (?:Num GPUs|Max memory)"
)


# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports.
# torch's MPS allocator when an allocation would pass its high-watermark limit
# (pytorch/pytorch aten/src/ATen/mps/MPSAllocator.mm, MPSHeapAllocatorImpl::alloc_buffer_block:
# "MPS backend out of memory (MPS allocated: 17.68 GB, other allocations: 3.95 MB, max allowed:
# 18.13 GB). Tried to allocate 1024.00 MB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO
# =0.0 …"); the sizes are read where the line keeps them (a wrapped paste may not).
_MPS_OOM: Final = re.compile(
    r"MPS backend out of memory(?: \(MPS allocated: ([\d.]{1,12} \w{1,5}), other allocations: "
    r"([\d.]{1,12} \w{1,5}), max allowed: ([\d.]{1,12} \w{1,5})\)\. Tried to allocate "
    r"([\d.]{1,12} \w{1,5}))?"
)
# The same function's check of one buffer against the largest the Metal device allows
# (TORCH_CHECK(size < m_max_buffer_size, "Invalid buffer size: ", format_size(size))).
_MPS_BUFFER: Final = re.compile(r"Invalid buffer size: ([\d.]{1,12} [KMGT]?i?B)\b")
# issue 38: bitsandbytes' and MPS's other wordings.
# bitsandbytes 0.35-0.42's cextension.py probes the library it loaded for a GPU function
# (`lib.cadam32bit_grad_fp32`) and prints the AttributeError when that was its CPU library:
# "<path>/libbitsandbytes_cpu.so: undefined symbol: cadam32bit_grad_fp32" (the loader's dlsym
# words) on Linux, "function 'cadam32bit_grad_fp32' not found" (CPython's Modules/_ctypes/
# _ctypes.c, on Windows) -- bitsandbytes-foundation/bitsandbytes#779, #711; any other of its
# C functions asked of the CPU library says the same (#1208: cdequantize_blockwise_fp32).
_BNB_CPU_SYMBOL: Final = re.compile(
    r"libbitsandbytes_cpu\.(?:so|dll|dylib): ?undefined symbol: c\w"
    r"|function 'cadam32bit_grad_fp32' not found"
)
# bitsandbytes 0.39-0.41's cextension.py when no library loaded although torch sees CUDA:
# raise RuntimeError("CUDA Setup failed despite GPU being available. Please run the following
# command to get more information: python -m bitsandbytes ...").
_BNB_SETUP_FAILED: Final = re.compile(r"CUDA Setup failed despite GPU being available")
# bitsandbytes 0.38-0.41's cuda_setup/main.py generate_instructions when libcudart was not
# found: "CUDA SETUP: Problem: The main issue seems to be that the main CUDA runtime library
# was not detected." ("main CUDA library" in its first wording); its 0.4x search for it:
# "ERROR: libcudart.so could not be read from path: None!" (cuda_setup/main.py
# get_cuda_version).
_BNB_NO_CUDART: Final = re.compile(
    r"The main issue seems to be that the main CUDA (?:runtime )?library was not detected"
    r"|libcudart\.so could not be read from path"
)
# bitsandbytes 0.35-0.38's cuda_setup/main.py when no library of its own loaded:
# "CUDA SETUP: CUDA detection failed! Possible reasons: 1. CUDA driver not installed …".
_BNB_DETECTION_FAILED: Final = re.compile(r"CUDA SETUP: CUDA detection failed!")
# bitsandbytes 0.35-0.37 on Windows passed a pathlib.WindowsPath to ctypes.cdll.LoadLibrary,
# whose Windows branch tests `'/' in name` (CPython Lib/ctypes/__init__.py CDLL.__init__):
# "TypeError: argument of type 'WindowsPath' is not iterable" (bitsandbytes#32; its later
# cextension.py passes str(binary_path)). Read only after a bitsandbytes line: the words are
# Python's, any library could raise them.
_WINDOWS_PATH_WORDS: Final = "argument of type 'WindowsPath' is not iterable"
# ctypes on Windows when the DLL bitsandbytes 0.3x-0.42 names does not load (its community
# Windows builds): "Could not find module '<path>\\libbitsandbytes_cuda121.dll' (or one of
# its dependencies)" (CPython Modules/_ctypes/callproc.c load_library; bitsandbytes#639, #590).
_DLL_WORDS: Final = "Could not find module '"
_BNB_CUDA_DLL: Final = re.compile(r"libbitsandbytes_cuda\w{2,20}\.dll")
# The Metal Performance Shaders framework's assertion when one MPSNDArray would pass 4 GiB
# (MPSCore/Types/MPSNDArray.mm: "[MPSNDArray initWithDevice:descriptor:] Error: total bytes of
# NDArray > 2**32"), or its temporary array's "product of dimension sizes > 2**31": torch's
# MPS ops meet it on macOS 13 and older for any such tensor (pytorch/pytorch#124635, "on
# MacOS 13 attempt to alloc 4Gb tensor fails with ..."; #86279, "fixed in MacOS 14"), and
# some ops still on newer macOS (the umbrella pytorch/pytorch#149325, "MPS support for large
# tensors").
_MPS_NDARRAY: Final = re.compile(
    r"total bytes of NDArray > 2\*\*32|product of dimension sizes > 2\*\*3[12]"
)
# An MPS array laid over a buffer smaller than it, a bug of torch's MPS views and copies,
# not the Mac's memory: Metal's assertion "[MPSNDArray, initWithBuffer:descriptor:] Error:
# buffer is not large enough. Must be 1024 bytes" (MPSCore/Types/MPSNDArray.mm;
# pytorch/pytorch#77851, #79181, #87351; "initWithBufferImpl:offset:descriptor:
# isForNNPackedTensor:" in later macOS), and torch's own check before it, "Placeholder buffer
# size (14336) is not large enough to contain the Tensor storage of size 114688"
# (aten/src/ATen/native/mps/OperationUtils.mm Placeholder; pytorch/pytorch#77886, #78042,
# fixed by pytorch/pytorch#78496, "MPS: Fix crashes in view tensors due to buffer size
# mismatch").
_MPS_BUFFER_SHORT: Final = re.compile(
    r"NDArray,? initWithBuffer[\w:]{0,80}\] Error: buffer is not large enough"
    r"|Error: buffer is not large enough\. Must be \d{1,20} bytes"
    r"|Placeholder buffer size(?: \(\d{1,20}\))? is not large enough to contain the Tensor"
)
# issue 38 (s12-mps): torch's MPS convolution refusing an output dimension past 2**16
# (aten/src/ATen/native/mps/operations/Convolution.mm, _mps_convolution_impl:
# TORCH_CHECK_NOT_IMPLEMENTED(elem <= (1 << 16), "Output channels > 65536 not supported at the
# MPS device. ")). pytorch/pytorch#129484 (2024-06) added the check on every macOS, where the
# kernel had given wrong results (#129207); #140726 (2024-11, torch 2.6) lifted it from macOS
# 15.1, where Metal's kernel computes them. The fallback its first wording offered never
# applies: the op is already dispatched to MPS when it refuses (#134416).
_MPS_CONV_CHANNELS: Final = re.compile(r"Output channels > 65536 not supported at the MPS device")
# issue 38 (s12-mps): a tensor with a dimension past INT_MAX (2**31 - 1) that MPSGraph cannot
# address: torch's check before it builds one (pytorch/pytorch#158824, "[MPS] Do not crash if
# tensor dim > INT_MAX"; torch spells it "MPSGaph", as pytorch/pytorch#164415 quotes), and the
# Metal assertion that check replaced ("[MPSNDArray initWithDevice:descriptor:isTextureBacked:]
# Error: NDArray dimension length > INT_MAX", MPSCore/Types/MPSNDArray.mm, quoted in #158824).
_MPS_INT_MAX: Final = re.compile(
    r"MPSGr?aph does not support tensor dims larger than INT_MAX"
    r"|NDArray dimension length > INT_MAX"
)
# issue 38: NumPy 2 loaded under a module compiled against NumPy 1. NumPy's own message,
# printed when such a module asks for the C API tables (numpy/core/_multiarray_umath.py
# __getattr__ for "_ARRAY_API" / "_UFUNC_API", NumPy 2.0 and later): "A module that was
# compiled using NumPy 1.x cannot be run in\nNumPy 2.1.0 as it may crash. …", then the
# import's own "AttributeError: _ARRAY_API not found" (or "_UFUNC_API"); and the same
# message's advice line, "downgrade to 'numpy<2' or try to upgrade the affected module."
# (numpy/core/_multiarray_umath.py), which a paste cut above it still holds.
_NUMPY_ABI: Final = re.compile(
    r"compiled using NumPy 1\.x cannot be run in|\b_(?:ARRAY|UFUNC)_API not found"
    r"|\bdowngrade to 'numpy<2' or try to upgrade the affected module"
    # issue 38 (s18-build): the ABI check before it, in a module built with NumPy 1's header
    # (generate_numpy_api.py @ v1.26.4: "module compiled against ABI version 0x%x but this
    # version of numpy is 0x%x", NPY_VERSION != the running one): NumPy 1's ABI 0x1000009 under
    # NumPy 2's 0x2000000, the same direction (NumPy 2's header checks `<`, so a module built
    # for NumPy 2 passes it under NumPy 1)
    r"|\bcompiled against ABI version 0x1000009 but this version of numpy is 0x2000000"
)
# The message's second line (or the same line, where a title joins them) names the NumPy
# that was loaded: "NumPy 2.1.0 as it may crash".
_NUMPY_RUNNING: Final = re.compile(
    r"NumPy (2\.\d{1,3}(?:\.\d{1,3})?(?:rc\d{1,3})?) as it may crash"
)
# issue 38 (s18-build): NumPy's C-API version check refusing a module built against a newer
# NumPy than the one running, in _import_array (generated into __multiarray_api.h by
# numpy/core/code_generators/generate_numpy_api.py @ v1.26.4, 9815c16f: "module compiled
# against API version 0x%x but this version of numpy is 0x%x . Check the section C-API
# incompatibility …"; the format is %x, so releases before the "0x" was written print bare hex,
# "API version 9 but this version of numpy is 7"; NumPy 2, numpy/_core/…/generate_numpy_api.py
# @ v2.5.2, 48fecee5: "module was compiled against NumPy C-API version 0x%x (NumPy X.Y) but
# the running NumPy has C-API version 0x%x"). The value: the module's version, then NumPy's;
# s18-mend-misc: for NumPy 2's words, then the X.Y they print. Those words exist only in NumPy
# 2's generated header (NPY_FEATURE_VERSION_STRING, numpy/numpy#25948, merged for 2.0): the
# module was built with NumPy 2 for NumPy X.Y and newer, so each form is read apart.
_NUMPY_CAPI: Final = re.compile(
    r"\bcompiled against (?:API version (?:0x)?([0-9a-fA-F]{1,8}) but this version of numpy is"
    r"|NumPy C-API version (?:0x)?([0-9a-fA-F]{1,8}) \(NumPy (\d{1,2}\.\d{1,2})\) but the "
    r"running NumPy has C-API version) (?:0x)?([0-9a-fA-F]{1,8})\b"
)
# issue 38 (s18-build): the ImportError import_array() raises after it (generate_numpy_api.py:
# "numpy.core.multiarray failed to import"; NumPy 2: "numpy._core.multiarray failed to import")
_NUMPY_IMPORT_FAILED: Final = re.compile(r"\bnumpy\._?core\.multiarray failed to import")
# issue 38: a container image with no build for the platform of this machine's engine, which
# asks for its own: docker's (moby distribution/pull_v2.go, pullManifestList: "no matching
# manifest for %s in the manifest list entries", the platform as "linux/arm64/v8") and
# podman's / buildah's (containers/image internal/manifest/oci_index.go and docker_list.go,
# chooseInstance: "no image found in image index for architecture %q, variant %q, OS %q";
# "in manifest list" in docker_list.go). The value is the platform, os/architecture[/variant].
_IMAGE_PLATFORM: Final = re.compile(
    r"no matching manifest for ([a-z0-9]{1,20}/[a-z0-9_]{1,20}(?:/[a-z0-9]{1,10})?) in the "
    r"manifest list entries"
    r"|no image found in (?:image index|manifest list) for architecture \"?([a-z0-9_]{1,20})"
    r"\"?, variant \"?([a-z0-9]{0,10})\"?, OS \"?([a-z0-9]{1,20})\"?"
)


def _image_platform(found: re.Match[str]) -> str:
    """The platform the engine asked for, as docker writes it: "linux/arm64/v8"."""
    if found.group(1):
        return found.group(1)
    variant = f"/{found.group(3)}" if found.group(3) else ""
    return f"{found.group(4)}/{found.group(2)}{variant}"


# issue 38: no CUDA toolkit (nvcc) where a build compiles CUDA code, each with who says it:
# DeepSpeed's op builder (deepspeed/ops/op_builder/builder.py installed_cuda_version: raise
# MissingCUDAException("CUDA_HOME does not exist, unable to compile CUDA op(s)"), an assert
# with the same words before 0.8); torch's BuildExtension / CUDAExtension
# (torch/utils/cpp_extension.py _join_cuda_home: "CUDA_HOME environment variable is not set.
# Please set it to your CUDA install root."); flash-attn's setup.py (check_if_cuda_home_none /
# raise_if_cuda_home_none: "flash_attn was requested, but nvcc was not found.", and its
# get_cuda_bare_metal_version running CUDA_HOME + "/bin/nvcc": "No such file or directory:
# '/usr/local/cuda/bin/nvcc'"); CMake enabling the CUDA language of a project (its
# project(... CUDA) or enable_language(CUDA)) and finding no compiler: "No
# CMAKE_CUDA_COMPILER could be found." then "Tell CMake where to find the compiler by setting
# either the environment variable "CUDACXX" …" (Kitware/CMake Source/cmGlobalGenerator.cxx
# EnableLanguage, "No " << compilerName << " could be found."; the same words in the cmake
# 3.25.1 binary Debian ships). issue 38 (s11-cudapath): the MultiScaleDeformableAttention ops'
# setup.py that Deformable-DETR's descendants copy (facebookresearch/Mask2Former
# mask2former/modeling/pixel_decoder/ops/setup.py @ 161be514, get_extensions: raise
# NotImplementedError("CUDA_HOME is None. Please set environment variable CUDA_HOME.")).
# issue 38 (s14-supported): the package the build is of, as those setup.py files name it
# (flash-attention's, mamba's and causal-conv1d's check_if_cuda_home_none(PACKAGE_NAME):
# f"{global_option} was requested, but nvcc was not found."; state-spaces/mamba setup.py
# @014340f4, PACKAGE_NAME = "mamba_ssm"; Dao-AILab/causal-conv1d setup.py @00f80e76,
# PACKAGE_NAME = "causal_conv1d"). issue 38 (s15-realrec): apex's setup.py passes its build
# option instead (NVIDIA/apex setup.py @007e4724 raise_if_home_none("--cuda_ext"), also
# "--distributed_adam", "--distributed_lamb", …): an option names no package, pip's lines do.
# issue 38 (s15-cudahome): a package's own setup.py refusing to build without CUDA_HOME, in its
# words: vLLM's (vllm-project/vllm setup.py of the 0.3 releases, the one with _is_neuron: "if
# _is_hip(): … if _is_cuda() and CUDA_HOME is None: raise RuntimeError("Cannot find CUDA_HOME.
# CUDA must be available to build the package.")"; SageAttention's setup.py raises the same,
# thu-ml/SageAttention#179's traceback, setup.py line 54);
# and the MultiScaleDeformableAttention ops' setup.py of Deformable-DETR, which DINO ships
# (fundamentalvision/Deformable-DETR models/ops/setup.py @ 11169a60, get_extensions: "if
# torch.cuda.is_available() and CUDA_HOME is not None: … else: raise NotImplementedError('Cuda
# is not availabel')", its own spelling).
_BUILD_REQUESTED: Final = re.compile(
    r"(?<!-)\b([a-z][a-z0-9_]{1,40}) was requested, but nvcc was not"
    # pip's own build directory, named after the requirement and a uuid's hex
    # (pip/_internal/req/req_install.py ensure_build_location: TempDirectory(kind="install"),
    # then the canonical name + "_" + uuid4().hex: "pip-install-dzppbsyx/mamba-ssm_f3be…/")
    r"|\bpip-install-\w{8}[/\\]([a-z0-9][a-z0-9._-]{0,60})_[0-9a-f]{32}[/\\]"
)
_NO_TOOLKIT: Final = (
    ("ops-setup", re.compile(r"\bCUDA_HOME is None\. Please set environment variable CUDA_HOME")),
    ("deepspeed", re.compile(r"CUDA_HOME does not exist, unable to compile CUDA op")),
    ("torch", re.compile(r"CUDA_HOME environment variable is not set")),
    # the setup.py of flash-attention, mamba, causal-conv1d and apex (above): the package it
    # builds is read apart (`_BUILD_REQUESTED`, pip's lines); a name may hold digits
    # ("causal_conv1d"), an option its dashes ("--cuda_ext")
    ("requested", re.compile(r"\b[a-z][a-z0-9_]{0,40} was requested, but nvcc was not found")),
    ("nvcc", re.compile(r"No such file or directory: '[^'\n]{0,200}/bin/nvcc'")),
    ("cmake", re.compile(r"\bNo CMAKE_CUDA_COMPILER could be found")),
    ("cuda-home", re.compile(r"\bCannot find CUDA_HOME\. CUDA must be available to build")),
    ("ops-cuda", re.compile(r"\bNotImplementedError: Cuda is not availabel")),
)
# pip's own lines around a package build that failed (pip/_internal/exceptions.py:
# InstallationSubprocessError "subprocess-exited-with-error", MetadataGenerationFailed
# "metadata-generation-failed"; pip/_internal/wheel_builder.py "Failed building wheel for"):
# the build's own message says why, and a finding that names it accounts for these too.
# issue 38: also pip's summary after the builds (pip/_internal/commands/install.py: "Failed
# to build %s", and "Could not build wheels for %s, which is required to install
# pyproject.toml-based projects" of pip 22-23), after a quote's ">" too.
_PIP_BUILD_FAILED: Final = re.compile(
    r"^[\s>]{0,8}(?:error: (subprocess-exited-with-error|metadata-generation-failed)"
    r"|ERROR: (Failed building wheel|Could not build wheels) for |(Failed to build) \S)"
)
# issue 38 (s15-toolchain): a source build stopping because a build tool is not installed, in
# the words of what looks for it (the value: those words; the name: the tool, compat/
# toolchains.py's Tool):
# - setuptools-rust's build_rust command finding no rustc (PyO3/setuptools-rust
#   setuptools_rust/command.py RustCommand.run @ a071606b (v1.13.0): PlatformError("can't find
#   Rust compiler\n\nIf you are using an outdated pip version, …"));
#   before v0.12.0, its get_rust_version raised "Can not find Rust compiler"
#   (setuptools_rust/utils.py @ 7b639fbe (v0.11.6): DistutilsPlatformError("Can not find Rust
#   compiler") where `rustc -V` cannot run; issue 38, s18-build);
# - maturin's build backend finding no cargo (PyO3/maturin maturin/__init__.py
#   prepare_metadata_for_build_wheel @ 6febbe20 (v1.14.1): "Cargo, the Rust package manager, is
#   not installed or is not on PATH.");
# - setuptools' MSVC compiler finding no Visual C++ (pypa/setuptools setuptools/_distutils/
#   compilers/C/msvc.py _get_vc_env @ 72e919a8 (v84.0.0): "Microsoft Visual C++ 14.0 or greater
#   is required. Get it with "Microsoft C++ Build Tools": …"; setuptools/msvc.py
#   _augment_exception before, "Microsoft Visual C++ 14.0 is required." in releases before 50);
# - CMake enabling C or C++ and finding no compiler (Kitware/CMake Source/cmGlobalGenerator.cxx
#   @ 622044ce (v3.31.9): EnableLanguage's "No " << compilerName << " could be found."); and
#   ResolveLanguageCompiler's "CMAKE_<LANG>_COMPILER not set, after EnableLanguage", which
#   follows any compiler check that did not finish (NMake without MSVC's environment on
#   Windows, where CMake falls back to NMake Makefiles when it finds no Visual Studio; make
#   absent; a compiler that runs but fails its check, abetlen/llama-cpp-python#1749 with gcc
#   and g++ installed): named "compiler_unset", a compiler missing on Windows alone;
# - setuptools running a C compiler that is not there (setuptools/_distutils/spawn.py
#   _translate_errors @ 72e919a8: an OSError is f"command {cmd[0]!r} failed: {exc.args[-1]}",
#   "command 'gcc' failed: No such file or directory"), as the compiler classes name it (gcc,
#   cc, clang, the Debian/Ubuntu triplet's x86_64-linux-gnu-gcc, a path under /usr/bin);
# - the C preprocessor finding no Python headers (GCC libcpp/files.cc open_file_failed:
#   "fatal error: Python.h: No such file or directory"; clang's err_pp_file_not_found:
#   "'Python.h' file not found"): a distribution's Python without its -dev package;
# - a shell finding no cmake where a build script runs it (bash's "cmake: command not found",
#   dash's "cmake: not found"; google/sentencepiece python/build_bundled.sh @ 20be455a runs
#   cmake when pkg-config finds no installed libsentencepiece).
_TOOLCHAIN_MISSING: Final = (
    ("rust", re.compile(r"\bcan't find Rust compiler")),
    ("rust", re.compile(r"\b[Cc]an not find Rust compiler")),  # setuptools-rust before 0.12
    ("rust", re.compile(r"\bCargo, the Rust package manager, is not installed")),
    ("msvc", re.compile(r"\bMicrosoft Visual C\+\+ 1\d\.\d (?:or greater )?is required")),
    ("compiler", re.compile(r"\bNo CMAKE_(?:C|CXX)_COMPILER could be found")),
    ("compiler_unset", re.compile(r"\bCMAKE_(?:C|CXX)_COMPILER not set, after EnableLanguage")),
    (
        "compiler",
        re.compile(
            r"\bcommand '(?:/usr/(?:local/)?bin/)?(?:x86_64-linux-gnu-|aarch64-linux-gnu-)?"
            r"(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+)' failed: No such file or directory"
        ),
    ),
    (
        "python_headers",
        re.compile(
            r"\b(?:Python|pyconfig)\.h: No such file or directory"
            r"|'(?:Python|pyconfig)\.h' file not found"
        ),
    ),
    ("cmake", re.compile(r"\bcmake: (?:command )?not found")),
)
# issue 38 (s15-toolchain): setuptools' line for a build command that ran and failed
# (setuptools/_distutils/spawn.py _translate_errors @ 72e919a8: f"command {cmd[0]!r} failed
# with exit code {err.returncode}"; distutils before it: "command %r failed with exit status
# %d"): a compiler that ran, whose own lines above say why. The value: the command as named.
_BUILD_COMMAND_FAILED: Final = re.compile(
    r"\berror: command '([^'\n]{1,300})' failed with exit (?:code|status) -?\d{1,4}"
)
# issue 38 (s15-toolchain): CMake's header over an error in a project's enable-language
# command, where it looks for the compilers (Kitware/CMake Source/cmMessenger.cxx @ 622044ce:
# "CMake Error" then " at " and the list file's "file:line (command)",
# cmListFileCache.cxx): the line above a compiler or generator CMake could not run. The value:
# the command.
_CMAKE_ERROR_AT: Final = re.compile(
    r"\bCMake Error at [^\n():]{1,200}:\d{1,6} \((project|enable_language|ENABLE_LANGUAGE)\):"
)
# issue 38 (s15-toolchain): a docker build's RUN of pip failing, the line after pip's own: the
# classic builder's "The command '/bin/sh -c pip install …' returned a non-zero code: 1",
# BuildKit's "executor failed running [/bin/sh -c pip install …]: exit code: 1" and later
# "process "/bin/sh -c pip install …" did not complete successfully: exit code: 1"
# (moby/buildkit, as _NEURON_OLD_DKMS reads it for apt-get). The value: "pip".
_DOCKER_PIP_FAILED: Final = re.compile(
    r"(?:The command '|executor failed running \[|process \")/bin/(?:ba)?sh -c "
    r"(?:python3? -m )?pip3? install\b"
)
# issue 38: torch's cpp_extension refusing a CUDA extension's build where CUDA_HOME's nvcc is
# of another CUDA release than torch's (torch/utils/cpp_extension.py CUDA_MISMATCH_MESSAGE,
# pytorch/pytorch @ cf30153c4c131c8164ee7798e5022d810682e2cb: "The detected CUDA version (%s)
# mismatches the version that was used to compile" "PyTorch (%s). Please make sure to use the
# same CUDA versions."; older releases wrote it across two lines, a newline after
# "compile", which pip's build output keeps; 2.13 joins the halves with no space). Only a
# difference of major release raises in current releases (_check_cuda_version; a minor one warns
# "has a minor version mismatch", which is no refusal); older releases raised on any.
# issue 38 (s18-build): the CUDA toolkit refusing nvcc's host compiler before it compiles
# anything: include/crt/host_config.h checks the compiler's version unless
# __NV_NO_HOST_COMPILER_CHECK is set (nvcc's -allow-unsupported-compiler sets it) and stops with
# an #error (CUDA 12.6's header, a copy at zspace/system.cuda-12.6 include/crt/host_config.h @
# b3d92c83: `#if __GNUC__ > 13` "#error -- unsupported GNU version! gcc versions later than 13
# are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this
# version check; …"; `#if (__clang_major__ >= 19) || …` "#error -- unsupported clang version!
# clang version must be less than 19 and greater than 3.2 ."; `#if _MSC_VER < 1910 || _MSC_VER
# >= 1950` "#error -- unsupported Microsoft Visual Studio version! Only the versions between
# 2017 and 2022 (inclusive) are supported!"; CUDA 9's "Only the versions 2012, 2013, 2015 and
# 2017 are supported!"; CUDA 8's "gcc versions later than 5.3"). GCC prints it as "error:
# #error -- …" with its source line under it, MSVC as "fatal error C1189: #error:  -- …". The
# name: the compiler; the value: the bound the line gives (the newest gcc it accepts, the
# Visual Studio releases, the clang major it must stay below).
_HOST_COMPILER: Final = (
    (
        "gnu",
        re.compile(
            r"\bunsupported GNU version! gcc versions later than (\d{1,2}(?:\.\d{1,2})?) are "
            r"not supported"
        ),
        "{0}",
    ),
    (
        "msvc",
        re.compile(
            r"\bunsupported Microsoft Visual Studio version! Only the versions "
            r"(?:between (\d{4}) and (\d{4})|(\d{4})(?:, \d{4}){1,4} and (\d{4}))"
        ),
        "{0}-{1}",
    ),
    (
        "clang",
        re.compile(r"\bunsupported clang version! clang version must be less than (\d{1,2})"),
        "{0}",
    ),
)
# issue 38 (s18-build): the toolkit's release in the path of that header, where the line gives
# it: /usr/local/cuda-9.0/include/crt/host_config.h (NVIDIA's runfile and packages install
# under cuda-X.Y), C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.8\include\crt/…
_HOST_CONFIG_CUDA: Final = re.compile(
    r"\bcuda-(\d{1,2}\.\d)/include/(?:crt/)?host_config\.h"
    r"|\bcuda\\v(\d{1,2}\.\d)\\include\\crt/host_config\.h",
    re.IGNORECASE,
)
# issue 38 (s18-mend-misc): cl.exe's banner (it prints it first unless /nologo is given: MSVC's
# "/nologo (Suppress Startup Banner)" page), "Microsoft (R) C/C++ Optimizing Compiler Version
# 19.40.33811 for x64": its major and minor are _MSC_VER's (MSVC's "Predefined macros" page:
# "the major number is the first element of the period-delimited version number and the minor
# number is the second element": 19.40 is 1940), which host_config.h compares
_MSVC_VERSION: Final = re.compile(r"\bC/C\+\+ Optimizing Compiler Version (19\.\d{2})\.\d{1,6}\b")
_TORCH_CUDA_MISMATCH: Final = re.compile(
    r"The detected CUDA version \((\d{1,2}\.\d{1,2})\) mismatches the version that was used to "
    r"compile ?(?:PyTorch \((\d{1,2}\.\d{1,2})\))?"
)
# Releases from 2.10 raise it as RuntimeError(CUDA_MISMATCH_MESSAGE, nvcc's, torch's) and
# Python prints the tuple: "('The detected CUDA version (%s) mismatches … compilePyTorch (%s).
# Please make sure to use the same CUDA versions.', '12.6', '13.0')".
_TORCH_CUDA_MISMATCH_ARGS: Final = re.compile(
    r"The detected CUDA version \(%s\) mismatches the version that was used to compile ?"
    r"PyTorch \(%s\)\. Please make sure to use the same CUDA versions\.', "
    r"'(\d{1,2}\.\d{1,2})', '(\d{1,2}\.\d{1,2})'"
)
# The wrapped half on the next line, after a quote's or indentation's prefix ("> ", "      ").
_TORCH_CUDA_MISMATCH_TAIL: Final = re.compile(r"^[\s>*`|]{0,16}PyTorch \((\d{1,2}\.\d{1,2})\)")
# nvcc's own `nvcc -V` / `nvcc --version` line (NVIDIA's CUDA compiler driver: "Cuda
# compilation tools, release 12.1, V12.1.105"), as apex's and flash-attn's setup.py print it
# ("Compiling cuda extensions with" then nvcc's output) and users paste it.
_NVCC_RELEASE: Final = re.compile(r"Cuda compilation tools, release (\d{1,2}\.\d{1,2})")
# flash-attn's setup.py prints torch's version after its error ("torch.__version__  =
# 2.0.1+cu117", setup.py's print in raise_if_cuda_home_none's caller).
_FLASH_ATTN_TORCH: Final = re.compile(r"^\s{0,8}torch\.__version__ {1,4}= {1,4}(\d[\w.+]{0,40})$")
# issue 38: fp16 mixed precision refused on a device other than CUDA's, each with who says
# it: transformers' TrainingArguments.__post_init__ (src/transformers/training_args.py:
# "Mixed precision training with AMP or APEX (`--fp16`) can only be used on CUDA devices."
# in 4.x before 4.2x, "FP16 Mixed precision training with AMP or APEX (`--fp16`) and FP16 half
# precision evaluation (`--fp16_full_eval`) can only be used on CUDA devices.", then "… on
# CUDA or NPU devices.", "… or certain XPU devices (with IPEX)." (huggingface/transformers
# #26135, 2023), "… CUDA or MLU devices or NPU devices …" (2024): MPS was never in its list,
# and huggingface/transformers#28109 asked to leave the check to accelerate); accelerate's
# Accelerator.__init__ (accelerate/accelerator.py: "fp16 mixed precision requires a GPU",
# later "… (not 'mps')", and since huggingface/accelerate#3373 "fp16 mixed precision with MPS
# device requires a Pytorch >= 2.5.0"). The value: who refused, and the device accelerate
# names.
_FP16_REFUSED: Final = (
    (
        "transformers",
        re.compile(
            r"Mixed precision training with AMP or APEX \(`--fp16`[^\n]{0,160}?can only "
            r"be used on CUDA"
        ),
    ),
    ("accelerate", re.compile(r"fp16 mixed precision requires a GPU(?! \(not)")),
    ("accelerate mps", re.compile(r"fp16 mixed precision requires a GPU \(not 'mps'\)")),
    ("accelerate torch", re.compile(r"fp16 mixed precision with MPS device requires a Pytorch")),
    # issue 38 (s9-precision): accelerate 1.16 (accelerator.py, Accelerator.__init__) asks
    # torch.amp.is_autocast_available(device) instead: "fp16 mixed precision is not supported
    # on 'mps'." where torch has no autocast for MPS (torch before 2.5, pytorch/pytorch#99272)
    ("accelerate autocast", re.compile(r"fp16 mixed precision is not supported on 'mps'")),
)
# issue 38 (s9-precision): bf16 mixed precision refused by accelerate's Accelerator.__init__
# (accelerate/accelerator.py) where utils/imports.py is_bf16_available() says False: "bf16
# mixed precision requires PyTorch >= 1.10 and a supported device." from v0.12 (built then
# by err.format(mode="bf16", …)) to 1.15, "bf16 mixed precision requires a supported
# device." in 1.16. is_bf16_available() is False where CUDA is available and
# torch.cuda.is_bf16_supported() is not (before torch 2.3 a GPU older than Ampere; from 2.3,
# pytorch/pytorch#115924, only a GPU where even a bfloat16 tensor cannot be made),
# on MPS always from v0.30 to 1.10 (`if is_mps_available(): return False`), from 1.11 below
# macOS 14 (torch.backends.mps.is_macos_or_newer(14, 0)), and on an XPU or MLU without bf16;
# elsewhere (the CPU, an NPU) it is True. From 1.11 (huggingface/accelerate#3373) MPS also
# needs torch 2.6: "bf16 mixed precision with MPS device requires a Pytorch >= 2.6.0". The
# value: who refused ("accelerate", or "accelerate torch" for torch's release on MPS).
_BF16_AMP_REFUSED: Final = (
    (
        "accelerate",
        re.compile(r"bf16 mixed precision requires (?:PyTorch >= 1\.10 and )?a supported device"),
    ),
    ("accelerate torch", re.compile(r"bf16 mixed precision with MPS device requires a Pytorch")),
)
# A path only macOS has, in a traceback or a command: a home under /Users (Linux has /home,
# Windows C:\Users with backslashes, WSL /mnt/c/Users), a volume under /Volumes, Homebrew's
# Apple Silicon prefix /opt/homebrew (https://docs.brew.sh/Installation).
# issue 38 (widened): the python.org installer's framework, /Library/Frameworks/Python.framework/
# (https://docs.python.org/3/using/mac.html), and the system volume dyld searches on macOS 13
# and later, /System/Volumes/Preboot/Cryptexes/OS/… (dyld's "tried:" list).
# issue 38 (archlib): macOS's per-user temporary directory, where pip builds a package
# (/private/var/folders/…/T/pip-install-…; `getconf DARWIN_USER_TEMP_DIR`, confstr(3) on macOS).
_MACOS_PATH: Final = re.compile(
    r"(?:^|[\s\"'(=])(/(?:Users|Volumes)/[^/\s\"']{1,64}/|/opt/homebrew/"
    r"|/Library/Frameworks/Python\.framework/|/System/Volumes/|/private/var/folders/)"
)
# issue 38: HIP's compiler driver named as a build's C++ compiler: a project built for AMD's
# GPUs runs CMake with CXX=hipcc (ROCm/hipCUB README, "Build and install": `CXX=hipcc cmake
# ../.`; ROCm installs it as /opt/rocm/bin/hipcc), or with CMAKE_CXX_COMPILER=hipcc. Such a
# build asking CMake for a CUDA compiler has taken HIP's NVIDIA platform, not lost nvcc.
_HIP_COMPILER: Final = re.compile(
    r"(?:\bCXX=|CMAKE_CXX_COMPILER(?::FILEPATH)?=|/opt/rocm[\w.-]{0,20}/bin/)hipcc\b"
)
# issue 38: macOS's loader (dyld) refusing a library that is not a Mach-O file, or not one for
# this CPU: "dlopen(<path>, 0x0006): tried: '<path>' (not a mach-o file)", "… (mach-o file,
# but is an incompatible architecture (have 'x86_64', need 'arm64'))", "slice is not valid
# mach-o file" (dyld's diagnostics, apple-oss-distributions/dyld dyld/Loader.cpp and
# MachOFile.cpp) -- what bitsandbytes 0.3x/0.4x's Linux-only libbitsandbytes_cpu.so meets on
# a Mac (bitsandbytes-foundation/bitsandbytes#246; mymusise/ChatGLM-Tuning#247).
_MACOS_LOADER: Final = re.compile(
    r"\((not a mach-o file|mach-o file, but is an incompatible architecture)"
    r"|(slice is not valid mach-o file)"
)
# issue 38 (s20-dyld): dyld's refusal names both architectures, the library's and the process's:
# "(mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64'))", "need
# 'arm64e' or 'arm64'" on newer macOS, and "(have (x86_64), need (arm64e))" in macOS 12's dyld
# (apple-oss-distributions/dyld, dyld/Loader.cpp / MachOFile.cpp: "have '%s', need '%s'"; the
# real forms in abetlen/llama-cpp-python#724, ml-explore/mlx#621, carson-katri/dream-textures
# #346). Value: "<have> <need>" (the first architecture it needs).
_MACOS_ARCH: Final = re.compile(
    r"incompatible architecture \(have \(?'?(x86_64h?|arm64e?)'?\)?, need \(?'?(x86_64h?|arm64e?)"
)
# issue 38 (s20-dyld): MinGW's linker finding no pthread library, under the path of the gcc that
# ran: "c:/mingw/bin/../lib/gcc/mingw32/6.3.0/../../../../mingw32/bin/ld.exe: cannot find
# -lpthread" (zai-org/ChatGLM-6B#229, #683: its int4 kernel compiled at load time with `gcc
# -pthread -fopenmp`). Value: the target the linker's directory names (mingw32: MinGW.org's
# 32-bit toolchain; i686-w64-mingw32 / x86_64-w64-mingw32: MinGW-w64's).
_MINGW_PTHREAD: Final = re.compile(
    r"\b(x86_64-w64-mingw32|i686-w64-mingw32|mingw32)[/\\]bin[/\\]ld\.exe: cannot find -lpthread"
)
# glibc's dynamic loader refusing a library whose ELF header asks for an executable stack
# (glibc elf/dl-load.c, _dl_map_object_from_fd: "cannot enable executable stack as shared
# object requires"); since glibc 2.41 dlopen no longer makes the stack executable for such a
# library, it fails instead (glibc 2.41 NEWS, https://lists.gnu.org/archive/html/info-gnu/
# 2025-01/msg00014.html). The library is the word before, read with string operations.
# torch without XPU, asked for an XPU tensor: torch's own check (torch/xpu/__init__.py
# _lazy_init: raise AssertionError("Torch not compiled with XPU enabled"), torch 2.4 on), and
# c10's when no device guard is registered for the type (c10/core/impl/
# DeviceGuardImplInterface.h getDeviceGuardImpl: "PyTorch is not linked with support for xpu
# devices"), as torch before 2.4 said it where IPEX's XPU build was not loaded.
_XPU_NOT_BUILT: Final = re.compile(
    r"Torch not compiled with XPU enabled|PyTorch is not linked with support for xpu devices"
)
# No Intel GPU found by the XPU runtime: torch's (c10/xpu/XPUFunctions.cpp
# initGlobalDevicePoolState: TORCH_WARN("XPU device count is zero!")), IPEX's before it
# ("XPU Device count is zero!", "DPCPP Device count is zero!", and "Number of dpcpp devices
# should be greater than zero!", csrc/gpu/runtime/Device.cpp), and the words "No XPU devices
# found" / "No XPU devices are available" an issue's title or torch's check gives.
_XPU_NO_DEVICE: Final = re.compile(
    r"(?:XPU|DPCPP) Device count is zero|Number of dpcpp devices should be greater than zero"
    r"|No XPU devices (?:found|are available)",
    re.I,
)
# Intel's integrated GPUs by the names their drivers and lspci give ("Intel(R) Iris(R) Xe
# Graphics", "UHD Graphics 770", "TigerLake-LP GT2 [Iris Xe Graphics]"), and the GPUs the XPU
# support lists name (Arc, Data Center GPU Max / Flex, Core Ultra with Arc graphics). OpenCL's
# platform name "Intel(R) OpenCL HD Graphics" is every Intel GPU's, so not an iGPU's. Mesa's
# name for Tiger Lake's GT2 too, as its renderer string and desktop "About" pages give it
# ("Mesa Intel(R) Xe Graphics (TGL GT2)": mesa include/pci_ids/iris_pci_ids.h, CHIPSET(0x9A49,
# tgl_gt2, "TGL GT2", "Intel(R) Xe Graphics")), with the ® sign a desktop prints for (R).
_INTEL_IGPU: Final = re.compile(
    r"\b(Iris(?:\(R\))? Xe(?: Graphics)?|(?<!OpenCL )U?HD Graphics(?: \d{3,4})?"
    r"|TigerLake-LP GT2|ADL GT1|Intel(?:\(R\)|®)? Xe Graphics)"
)
_INTEL_XPU_GPU: Final = re.compile(
    r"\b(Arc(?:\(TM\)|™)?(?: Pro)? [AB]\d{2,3}\w?|Arc(?:\(TM\)|™)? Graphics"
    r"|Data Center GPU (?:Max|Flex)(?: \d{3,4})?)"
)
# issue 38: IPEX before torch's native XPU. IPEX's version as IPEX's own collect_env prints it
# (intel/intel-extension-for-pytorch scripts/collect_env.py: "IPEX version: 2.1.40+xpu") and
# as ipex-llm's env-check script prints it beside torch's ("ipex=2.1.10+xpu",
# "torch=2.1.0a0+cxx11.abi": intel/ipex-llm python/llm/scripts/env-check.sh and .bat, pasted
# in intel/ipex-llm#11525), each a line of its own.
_IPEX_VERSION: Final = re.compile(
    r"\s{0,8}(?:IPEX version: ?|ipex=)(\d{1,2}\.\d{1,3}(?:\.\d{1,4})?(?:\+\w{1,12})?)\s*$"
)
_ENV_CHECK_TORCH: Final = re.compile(r"torch=(\d{1,2}\.\d{1,3}[\w.+]{0,40})\s*$")
# Intel Gaudi's PyTorch bridge when it cannot open the device (habana_frameworks/torch/hpu:
# "RuntimeError: synStatus=26 [Generic failure] Device acquire failed.", the synStatus and its
# name from SynapseAI's synStatus enumeration; 1.x said "Device acquire failed." alone).
_HPU_ACQUIRE: Final = re.compile(
    r"(?:synStatus=?\s?(\d{1,3}) \[([\w ]{1,40})\] )?Device acquire failed"
)
# The Gaudi host's release: hl-smi's "Driver Version: 1.18.0-ee698fb" (its git hash after the
# release tells it from nvidia-smi's line), a reporter's "SynapseAI : 1.4.0"; the container's:
# its image, vault.habana.ai/gaudi-docker/<release>/<os>/habanalabs/pytorch-installer-….
_HABANA_DRIVER: Final = re.compile(
    r"Driver Version:\s{0,80}(\d{1,2}\.\d{1,3}\.\d{1,3})-[0-9a-f]{6,10}\b"
    r"|\bSynapseAI\s{0,4}(?:version\s{0,4})?[:=]\s{0,4}(\d{1,2}\.\d{1,3}\.\d{1,3})\b"
    # issue 38: Gaudi with a torch of another accelerator. HabanaAI/vllm-fork's collect_env,
    # its HPU lines after torch's ("HPU devices: 8x HL-325L", "HPU driver version:
    # 1.20.1-366eb9c", as HabanaAI/vllm-fork#666 and #776 paste them)
    r"|HPU driver version:\s{0,8}(\d{1,2}\.\d{1,3}\.\d{1,3})-[0-9a-f]{6,10}\b"
)
# issue 38: Gaudi with a torch of another accelerator: the same collect_env's device line, the
# Gaudi devices by their product name (hl-smi's; HL-205 Gaudi, HL-225 Gaudi2, HL-325L Gaudi3).
_HPU_DEVICES: Final = re.compile(r"^\s{0,8}HPU devices:\s{0,8}(\d{1,3}x\s?HL-\d{3}\w{0,2})")
_HABANA_IMAGE: Final = re.compile(r"vault\.habana\.ai/gaudi-docker/(\d{1,2}\.\d{1,3}\.\d{1,3})/")
# Python's import error for Gaudi's PyTorch bridge, which only Intel Gaudi's software installs
# (its installer and the vault.habana.ai gaudi-docker images; not on PyPI): optimum-habana
# (optimum/habana/utils.py get_habana_frameworks_version) and neural-compressor's HPU path
# import it.
_HABANA_MISSING: Final = re.compile(r"No module named '(habana_frameworks(?:\.\w{1,40}){0,4})'")
# The Neuron runtime's start (NRT:nrt_init) when it cannot use the Neuron driver: none found
# ("Unable to determine Neuron Driver version. Please check aws-neuron-dkms package is
# installed.", "Unable to read compatible Driver version." then "Please check /dev/neuron# is
# accessible … --device /dev/neuron#"), or one too old for the runtime ("This Neuron Runtime
# (compatibility id: 6) is not compatible with the installed aws-neuron-dkms package."), as
# the Neuron runtime troubleshooting guide quotes them
# (https://awsdocs-neuron.readthedocs-hosted.com/en/latest/neuron-runtime/nrt-troubleshoot.html).
_NEURON_DRIVER: Final = re.compile(
    r"Unable to (?:determine Neuron Driver version|read compatible Driver version)"
    r"|(?:This Neuron Runtime \(compatibility id: \d{1,3}\) )?is not compatible with the "
    r"installed aws-neuronx?-dkms package"
    # issue 38: Neuron runtime against driver: the line after it, the driver's own range
    r"|Installed aws-neuronx?-dkms supports Runtime compatibility id range: \d{1,3} - \d{1,3}"
    # the line after "Unable to read compatible Driver version.", its advice
    r"|Please check /dev/neuron# is accessible"
)
# issue 38: Gaudi / Neuron / TPU. docker's daemon asked for a runtime (--runtime=habana,
# compose's `runtime: nvidia`) that its configuration does not register: "unknown or invalid
# runtime name: %s" (moby/moby daemon/runtime_unix.go getRuntime, since Docker 23), "Unknown
# runtime specified %s" before it (daemon/daemon_unix.go verifyPlatformContainerSettings).
# The vendor's container runtime is not installed, or not in /etc/docker/daemon.json, or
# docker was not restarted after it was added.
_CONTAINER_RUNTIME: Final = re.compile(
    r"(?:unknown or invalid runtime name|Unknown runtime specified):? ([A-Za-z][\w-]{0,40})",
    re.I,
)
# issue 38: Gaudi / Neuron / TPU. The Neuron runtime finding no device to open: its driver
# layer's "TDRV:tdrv_get_dev_info No neuron device available", which AWS's container guide
# reads as the devices not exposed to the container (https://awsdocs-neuron.readthedocs-
# hosted.com/en/latest/containers/troubleshooting.html, "Neuron Device Not found"), and
# NRT:nrt_init's "This instance has no neuron devices"; and docker's daemon asked to pass a
# device file the host does not have (moby/moby oci/devices_linux.go DevicesFromPath: "error
# gathering device information while adding custom device %q: %s"), a Neuron device there:
# the host's Neuron driver not loaded, or no Neuron device on the instance. neuron-ls's
# "Failed to discover neuron devices" is AWS's setup guide's "No Neuron devices found"
# (…/setup/troubleshooting.html: the wrong instance type, the driver not loaded).
_NEURON_NO_DEVICE: Final = re.compile(
    r"No neuron device available|This instance has no neuron devices"
    r"|Failed to discover neuron devices"
    r"|error gathering device information while adding custom device \"/dev/neuron\d{1,3}\""
    r": no such file or directory"
    # issue 38: Neuron without a Neuron device. torch-neuronx 2.x's PJRT client (libneuronxla,
    # the client PyTorch/XLA loads for Neuron) at start with no Neuron device to count:
    # "PJRT_Client_Create: … Init: error condition !(num_devices > 0)"; AWS's maintainers read
    # it as no Neuron device or driver (aws-neuron/aws-neuron-sdk#902: "looks like neuron
    # driver is not installed").
    r"|Init: error condition !\(num_devices > 0\)",
    re.I,
)
# issue 38: Neuron runtime against driver. The runtime's driver layer that does not know the
# Neuron device the driver shows it ("TDRV:arch_init Architecture not found 1", then
# tdrv_get_number_devices_on_instance's assertion "device_count != 0"): the runtime (libnrt)
# of one Neuron SDK release beside the driver and framework of another. AWS's own report,
# aws-neuron/aws-neuron-sdk#1071: inf1's tensorflow-neuron of SDK 2.20.2 under SDK 2.21's
# runtime, "use … with runtime from SDK 2.20.2 only".
_NEURON_RUNTIME_ARCH: Final = re.compile(
    r"TDRV:arch_init\s{1,40}Architecture not found"
    r"|tdrv_get_number_devices_on_instance: Assertion .device_count != 0. failed"
)
# issue 38: a library importing a transformers module its transformers is too old to have:
# Python's import error (importlib's "No module named %r", with "; 'transformers.integrations'
# is not a package" where transformers 4.32's integrations.py is a module). Which release
# added the module: compat/transformers_modules.py.
_TRANSFORMERS_MODULE: Final = re.compile(r"No module named '(transformers(?:\.\w{1,40}){1,4})'")
# issue 38: Gaudi software of one release on another. optimum-habana checks at import the
# Intel Gaudi software release it was validated for against habana-torch-plugin's version and
# hl-smi's driver, by major and minor (optimum/habana/utils.py check_synapse_version):
# "optimum-habana v1.15.0 has been validated for SynapseAI v1.19.0 but habana-frameworks
# v1.20.0.543 was found, this could lead to undefined behavior!", "… but the driver version is
# v1.15.0, …".
_HABANA_VALIDATED: Final = re.compile(
    r"optimum-habana v[\w.+-]{1,30} has been validated for SynapseAI v(\d{1,2}\.\d{1,3}\.\d{1,3})"
    r" but (?:(habana-frameworks) v(\d[\w.]{0,30}) was found|the (driver) version is "
    r"v(\d[\w.]{0,30}),)"
)


def _fp8_weights(found: re.Match[str]) -> str:
    """issue 38 (s18-dtype): the words naming fp8 weights: "fp8" as written, or ComfyUI's log."""
    return found[0] if found[0].startswith("model") else found[0][:3]


def _mps_dtype_macos(found: re.Match[str]) -> str:
    """issue 38 (s18-dtype): the macOS release of an MPS dtype refusal ("MacOS_14_0": "14.0")."""
    return found.group(3) or f"{found.group(1)}.{found.group(2)}"


def _habana_validated(found: re.Match[str]) -> str:
    """issue 38: "<validated> <found> <what>" of optimum-habana's release check."""
    what = found.group(2) or found.group(4)
    return f"{found.group(1)} {found.group(3) or found.group(5)} {what}"


_EXECSTACK_WORDS: Final = "cannot enable executable stack as shared object requires"
_LIBRARY_FILE: Final = re.compile(r"[\w.+-]{1,120}\.so(?:\.[\d.]{1,20})?")
_LIBRARY_PATH: Final = re.compile(r"[\w./+-]{1,320}")

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
    # issue 38: IPEX's compiled libraries (intel_extension_for_pytorch/lib/libintel-ext-pt-cpu.so,
    # -gpu.so), built against one torch x.y (intel_extension_for_pytorch/__init__.py)
    ("intel_extension_for_pytorch", "intel-extension-for-pytorch"),
)
_GFX_SEPARATORS: Final = re.compile(r"[;, ]+")
_RADEON_PREFIX: Final = re.compile(r"(Radeon (?:RX |Pro )?)")
# issue 38: Unsloth's refusal of an old GPU. unsloth_zoo's load_vllm (unsloth_zoo/
# vllm_utils.py, the fast_inference path: `major_version, minor_version =
# torch.cuda.get_device_capability(); if major_version < 7: raise NotImplementedError(
# "Unsloth: Your GPU is too old!")`, and below 8 with float8_kv_cache: "Unsloth: Your GPU is
# too old for float8 KV cache! Set it to False."), since unslothai/unsloth-zoo@83f5318 (Feb
# 2025). The value is the capability floor the message stands for.
_UNSLOTH_TOO_OLD: Final = re.compile(r"Unsloth: Your GPU is too old( for float8 KV cache)?!")
# Unsloth's banner: its "CUDA" field is the GPU's compute capability, not a CUDA version
# (unsloth/device_type.py get_device_stats: gpu_stats = torch.cuda.get_device_properties(0);
# f"CUDA: {gpu_stats.major}.{gpu_stats.minor}. CUDA Toolkit: {torch.version.cuda}."; its
# releases before 2025.2 printed "CUDA = {gpu_stats.major}.{gpu_stats.minor}. CUDA Toolkit =
# {torch.version.cuda}." in unsloth/models/llama.py). Read only beside "CUDA Toolkit", which
# is the CUDA version.
_UNSLOTH_CAPABILITY: Final = re.compile(r"\bCUDA(?: =|:) (\d{1,2}\.\d)\. CUDA Toolkit(?: =|:) ")
# issue 38: vLLM on an AMD GPU its ROCm support leaves out. Lines that show vLLM where no
# report says its version: its platform log (vllm/platforms/__init__.py: "Automatically
# detected platform %s."), its ROCm warning (vllm/platforms/rocm.py: "`fork` method is not
# supported by ROCm. VLLM_WORKER_MULTIPROC_METHOD is overridden to `spawn` instead."), a path
# into its package ("…/vllm/attention/ops/triton_flash_attention.py"), a pin "vllm==0.6.6".
_VLLM_SAID: Final = re.compile(
    r"Automatically detected platform \w{1,20}\.|VLLM_WORKER_MULTIPROC_METHOD|[/\\]vllm[/\\]"
    r"|\bvllm==\d"
)
# issue 38: vLLM's CLI ("vllm serve <model>", vllm/entrypoints/cli/serve.py) and vLLM Ascend's
# worker log (vllm_ascend/worker/model_runner_v1.py: "[model_runner_v1.py:2114] Loading model
# weights took …", vllm-project/vllm-ascend#2725, #5599): lines that show vLLM running.
_VLLM_RUN: Final = re.compile(r"\bvllm serve |\[model_runner_v1\.py:\d{1,6}\]")
# issue 38: vLLM Ascend on an Atlas 300I, named in words. The Atlas 300I cards (Duo, Pro) and
# the 300V / 300V Pro carry the Ascend 310P (vLLM Ascend's FAQ, "Atlas 300I Inference series
# (Atlas 300I Duo)", "Ascend-cann-kernels-310p"; its 310p tutorial names "Atlas 300I DUO"),
# which reporters name as the card ("300I Duo", "300i") or the chip ("310P", "310p3"); a
# package's or an image's "-310p" suffix is a build, not the machine (hence the look-behind).
# The value: the words.
_ASCEND_310P_PROSE: Final = re.compile(
    r"(?<![A-Za-z0-9_-])((?:(?:Atlas|Ascend)[ \t]?)?(?:300[IV][ \t]?(?:Duo|Pro)|310P\d)"
    r"|(?:Atlas|Ascend)[ \t]?(?:300[IV]|310P))(?![A-Za-z0-9_-])"
    # the bare "300I" / "310P" with a character beside it (a pattern needs SHORTEST's five)
    r"|(?<![A-Za-z0-9_-])(300[IV]|310P)[^A-Za-z0-9_-]"
    r"|[^A-Za-z0-9_-](300[IV]|310P)$",
    re.I,
)
# vLLM Ascend named: its package ("vllm-ascend", "vllm_ascend" in a path), its name in words
# ("vLLM Ascend", "VLLM- Ascend", "VLLM-ASCEND"), in Chinese prose too ("支持vllm-ascend": the
# boundaries are ASCII ones, as CJK characters are word characters to Python's regex).
_VLLM_ASCEND_NAMED: Final = re.compile(
    r"(?<![A-Za-z0-9_])vllm[ \t]?[-_]?[ \t]?ascend(?![A-Za-z0-9_])", re.I
)
# vLLM Ascend's Atlas 300I build: its images tagged "<release>-310p" (quay.io/ascend/vllm-ascend,
# built by its Dockerfile.310p; compat/ascend.py VLLM_ASCEND_FIRST_310P). The value: the tag.
_VLLM_ASCEND_310P_IMAGE: Final = re.compile(
    r"vllm-ascend:(v?\d{1,2}\.\d{1,3}[\w.]{0,20}-310p)", re.I
)
# The community builds that run vLLM on gfx906, which upstream vLLM does not support:
# nlzy/vllm-gfx906 (its docker image nalanzeyu/vllm-gfx906) and the Triton fork it needs,
# Said-Akbar/triton-gcn5 (vllm-project/vllm#33811 names ROCm Triton's missing gfx906 target).
_GFX906_FORK: Final = re.compile(r"vllm-gfx906|triton-gcn5", re.I)
# issue 38: serving stacks without a device. vLLM when none of its platforms found its device
# (vllm/platforms/__init__.py resolve_current_platform_cls_qualname: logger.info("No platform
# detected, vLLM is running on UnspecifiedPlatform")), or found one after all through a plugin
# ("Platform plugin %s is activated", the same function). UnspecifiedPlatform's device_type is
# "" (vllm/platforms/interface.py), and torch.device("") refuses it (c10/core/Device.cpp:
# TORCH_CHECK(!device_string.empty(), "Device string must not be empty")). vLLM named as a
# word (an issue's title "vllm 启动失败").
_VLLM_UNSPECIFIED: Final = re.compile(r"No platform detected, vLLM is running on Unspecified")
_VLLM_PLUGIN: Final = re.compile(r"Platform plugin (\w{1,40}) is activated")
_EMPTY_DEVICE: Final = re.compile(r"Device string must not be empty")
_VLLM_NAMED: Final = re.compile(r"[^\w-]vllm(?![\w-])|(?<![\w-])vllm[^\w-]", re.I)
# issue 38: a model type the installed transformers does not know (transformers/models/auto/
# configuration_auto.py AutoConfig.from_pretrained: CONFIG_MAPPING[config_dict["model_type"]]
# raises KeyError, then ValueError(f"The checkpoint you are trying to load has model type
# `{config_dict['model_type']}` but Transformers does not recognize this architecture. …")).
# The KeyError alone is read only for a model type of compat/model_types_table.txt (every type
# of every release's CONFIG_MAPPING_NAMES, tools/model_types.py): a KeyError of any other word
# is no model type. The traceback through AutoConfig's table is read beside it:
# configuration_auto.py's `config_class = CONFIG_MAPPING[config_dict["model_type"]]` (4.x and
# 5.x) and its file name in the traceback's lines.
_MODEL_TYPE_UNKNOWN: Final = re.compile(
    r"has model type [`'\"]?([\w.-]{1,60})[`'\"]? but Transformers does not recognize"
)
_MODEL_TYPE_KEY: Final = re.compile(r"KeyError: '([a-z][a-z0-9_-]{0,60})'")
_CONFIG_MAPPING: Final = re.compile(
    r"CONFIG_MAPPING\[config_dict\[|models[/\\]auto[/\\]configuration_auto\.py"
)
# issue 38 (s16-models): transformers before 4.43 refusing Llama 3.1's rope_scaling
# (models/llama/configuration_llama.py LlamaConfig._rope_scaling_validation at v4.42.4:
# "`rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {…}", "with
# with two fields" in 4.31-4.36), and the dict's "rope_type" where the line shows it. The value:
# the rope type, "" where the dict goes on on the next line (a wrapped paste): _ROPE_TYPE_SHOWN.
_ROPE_REFUSED: Final = re.compile(
    r"rope_scaling`? must be a dictionary with (?:with )?two fields, `(?:type|name)` and "
    r"`factor`, got \{(?:[^{}\n]{0,300}?'rope_type': '(\w{1,20})')?"
)
# a rope_scaling dict's "rope_type" (a config.json, a wrapped error's next line). The value: it.
_ROPE_TYPE_SHOWN: Final = re.compile(r"""rope_type['"]: ?['"](\w{1,20})['"]""")
# issue 38 (s16-models): a model named in a title, a command, a hub id or an error (where
# `_MODEL_KEY` says it counts), for the names of
# compat/transformers_modules.py's MODEL_NAMES (each tied to its model type by transformers'
# documentation page of the model): "Qwen2.5-VL", "Qwen/Qwen3-0.6B", "gemma-3-12b-it",
# "Llama-3.1-8B". Not a longer name of another model: "Qwen3-Next", "Qwen3-30B-A3B" (MoE),
# "Gemma 3n", "PaliGemma 2", "Llama 3.10". The boundaries are ASCII ones (a CJK character is a
# word character to Python's regex: "能支持Qwen2.5-vl"). The value: the words.
_MODEL_NAMED: Final = re.compile(
    r"(?<![A-Za-z0-9_.])((?:Qwen2\.5[-_ ]?(?:VL|Omni)|Qwen[23][-_ ]?VL)(?![A-Za-z])"
    r"|Qwen3(?![A-Za-z0-9_.]|-[A-Za-z]|-\d{1,3}B-A\d)|Gemma[-_ ]?[23](?![A-Za-z0-9_.])"
    r"|Llama[-_ ]?3\.1(?!\d))",
    re.I,
)
# issue 38 (s16-mend-models): a model named counts only where the paste loads it or fails on
# it, never in the reporter's prose beside it ("I want to try Qwen2.5-VL later"): the issue's
# title (a recording's first line, "# …"); the value of a command's or a config's model
# argument ("--model", "--model_name_or_path", "model_name_or_path: ", '"model": "',
# "model_id=", "model_type": a config.json's own) or of from_pretrained( (`_MODEL_KEY`, ending
# where the name's token starts: "the model Qwen3" in prose is none); a token that
# holds a hub id or a path ("Qwen/Qwen3-0.6B", "/models/gemma-3-12b-it"), a link aside (a
# GitHub repository "QwenLM/Qwen2.5-VL" in a URL is no load); an error or traceback line.
_MODEL_KEY_TAIL: Final = r"(?:name(?:[_-]or[_-]path)?|id|path|dir|type)"
_MODEL_KEY: Final = re.compile(
    r"(?:--model(?:[_-]" + _MODEL_KEY_TAIL + r")?[ =]"  # a command's argument
    r"|(?<![A-Za-z])model(?:[_-]" + _MODEL_KEY_TAIL + r")?="  # a keyword argument
    r"|['\"]model(?:[_-]" + _MODEL_KEY_TAIL + r")?['\"] ?: ?"  # a JSON or dict key
    r"|^[\s>*-]{0,12}model(?:[_-]" + _MODEL_KEY_TAIL + r")? ?[:=] ?"  # a YAML or TOML key
    r"|from_pretrained\( ?)['\"]?"
)
# a token of a line: a hub id, a path, an argument's value (quotes, brackets, "=" end it)
_TOKEN: Final = re.compile(r"[^\s\"'`(),\[\]<>=]+")
# the words of cleaning.error_like's lines a model fails on: an exception, "error:", "failed",
# "FATAL", a CUDA or NCCL error, "Segmentation fault", "Illegal instruction", "core dumped"
_ERROR_WORDS: Final = ("error", "exception", "fail", "fatal", "fault", "illegal", "dumped")


@dataclass(slots=True)
class _Loads:
    """A line read once for where a model name in it is the paste loading the model
    (`_MODEL_KEY`): in a token that holds a hub id or a path (a link's aside), or the value of
    a model argument; each token judged once, however many names it holds."""

    starts: list[int]  # where each token starts, in order
    ends: list[int]  # and where it ends
    keyed: set[int]  # where a model argument's value starts
    judged: dict[int, bool]  # a token's index -> whether it loads

    @classmethod
    def of(cls, text: str) -> _Loads:
        tokens = list(_TOKEN.finditer(text))
        keyed = {found.end() for found in _MODEL_KEY.finditer(text)}
        return cls([t.start() for t in tokens], [t.end() for t in tokens], keyed, {})

    def loaded(self, text: str, start: int) -> bool:
        """Whether the name at `start` is in a token that loads its model."""
        at = bisect.bisect_right(self.starts, start) - 1
        if at < 0 or self.ends[at] <= start:
            return False
        if at not in self.judged:
            token = text[self.starts[at] : self.ends[at]]
            path = ("/" in token or "\\" in token) and "://" not in token
            self.judged[at] = path or self.starts[at] in self.keyed
        return self.judged[at]


# issue 38: Python's TypeError for a keyword argument SentenceTransformer does not take
# (Python/getargs.c, Objects/call.c: "%U() got an unexpected keyword argument '%S'", the
# qualified name "SentenceTransformer.__init__" since Python 3.10); the argument's first
# release is compat/transformers_modules.py's.
_ST_ARGUMENT: Final = re.compile(
    r"SentenceTransformer\.__init__\(\) got an unexpected keyword argument '(\w{1,40})'"
)

# issue 38: device: an accelerator's device node this user may not open, said by a program other
# than rocminfo (whose own words _ROCM_NODE_DENIED reads): "<node>: Permission denied" (strerror
# after the path, as amd-smi prints it: "/dev/dri/card0: Permission denied; owner=root(0):
# video(39);", ROCm/amdsmi amdsmi_cli's permission check; Intel's NPU umd "Failed to open file
# '/dev/accel/accel0': Permission denied"), Python's "PermissionError: [Errno 13] Permission
# denied: '/dev/nvidia0'" (Objects/exceptions.c OSError's str, the filename quoted after), and
# strace's "openat(AT_FDCWD, "/dev/nvidiactl", O_RDWR|O_CLOEXEC) = -1 EACCES (Permission
# denied)". The nodes: NVIDIA's (kernel-open/nvidia nv.c: nvidia%d, nvidiactl, nvidia-uvm,
# nvidia-modeset), AMD's /dev/kfd and DRM's card/render nodes (any vendor's: the accelerator
# the paste shows decides), Ascend's davinci%d and davinci_manager, Gaudi's accel/accel%d and
# hl%d. The value: the node's path.
_NODE_PATH: Final = (
    r"/dev/(?:nvidia(?:\d{1,3}|ctl|-uvm(?:-tools)?|-modeset)|kfd|dri/(?:renderD|card)\d{1,4}"
    r"|davinci(?:\d{1,3}|_manager)|accel/accel\d{1,3}|hl\d{1,3})"
)
_NODE_DENIED: Final = re.compile(
    rf"({_NODE_PATH})(?:['\"]?:? |\", O_RDWR[^)\n]{{0,40}}\) = -1 EACCES \()[Pp]ermission denied"
    rf"|[Pp]ermission denied: '({_NODE_PATH})'"
)
# issue 38: device: the reporter's words that the accelerator works as root or with sudo and
# not as this user, the symptom of device nodes only root may open (NVIDIA's nv-reg.h
# DeviceFileGID/DeviceFileMode, ROCm's and Intel's render group, Ascend's HwHiAiUser; the
# registry's access_groups): "torch can only access the gpu when run with sudo", "not able to
# use GPU unless superuser", "As root, everything works fine", "it works with sudo", "For any
# non root user, I have torch.cuda.is_available() returning false", a title's "No GPU access
# while non root user" / "non-root GPU access", Chinese "root 下可以" / "非root用户 … 无法".
# "root" as a path ("/root/.cache") is not the user. The value: the words.
# issue 38: device: the reporter's words that flash attention does not run on a GPU, a title's
# "[CUDA] Flash attention not supported on P100/V100 GPUs" (instructlab/training#420),
# "FlashAttention is not supported on V100" (junjie18/CMT#121), "flash_attn doesn't support
# any GPU lower than ampere": FlashAttention 2's floor is compute capability 8.0
# (Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp, "FlashAttention only supports
# Ampere GPUs or newer."; its README: Turing for FlashAttention 1.x only). The value: the
# words after "on" (the GPUs), "" where none follow.
_FLASH_SAID_UNSUPPORTED: Final = re.compile(
    r"(?i)\bflash[ _-]?att(?:n|ention)(?:[ _-]?2)?\b[^\n]{0,20}?(?:\bis |\bare )?"
    r"(?:\bnot|n't|\bno longer) (?:be )?support(?:ed|s)?\b"
    r"(?: (?:on|for) ((?:the |a |an )?[\w /.,+-]{1,40}))?"
)
# issue 38: device: flash-attn in use where its refusal may not be shown (cut, an image, a later
# CUDA error): axolotl's config key "flash_attention: true" (axolotl docs/config.qmd),
# transformers' attn_implementation="flash_attention_2" (modeling_utils.py), flash_attn's own
# files in a traceback (".../flash_attn/flash_attn_interface.py", the compiled
# "flash_attn_2_cuda"). The value: "2" where FlashAttention 2 shows, "" otherwise.
_FLASH_ATTN_USED: Final = re.compile(
    r"\bflash_attention: ?(?:true|True)\b"
    r"|attn_implementation ?= ?[\"'](flash_attention_2)[\"']"
    r"|[/\\]flash_attn[/\\](?:flash_attn_interface|utils|modules|bert_padding)\b"
    r"|\b(flash_attn_2_cuda)\b"
    # issue 38 (s20-gpuprose): transformers asked for FlashAttention 2 where flash_attn does not
    # import (modeling_utils.py _check_and_enable_flash_attn_2 at v4.46.0: preface
    # "FlashAttention2 has been toggled on, but it cannot be used due to the following error:")
    r"|\b(FlashAttention2) has been toggled on\b"
)
# issue 38: device: the amdgpu kernel driver finding no KFD (ROCm's compute interface) support for
# the GPU: "<ASIC> not supported in kfd" (Linux drivers/gpu/drm/amd/amdkfd/kfd_device.c
# kgd2kfd_probe: dev_info(…, "%s %s not supported in kfd\n", amdgpu_asic_name[asic_type],
# vf ? "VF" : "")), and older kernels' "kfd not supported on this ASIC" (amdgpu_amdkfd.c,
# amdgpu_amdkfd_device_probe, 4.x). The value: the ASIC's name, "" where it names none.
_KFD_UNSUPPORTED: Final = re.compile(
    r"\b([A-Z][A-Z0-9_]{2,20}) {1,2}(?:VF )?not supported in kfd\b"
    r"|\bkfd not supported on this ASIC\b"
)
# issue 38: device: rocminfo failing at its start: "hsa api call failure at: …rocminfo.cc:1142"
# (ROCm/rocminfo rocminfo.cc RET_IF_HSA_ERR), "Call returned HSA_STATUS_ERROR_…" or, in ROCm
# 1.x, "… Call returned 4104" (hsa.h: 0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES), and its open
# of /dev/kfd failing otherwise than Permission denied (_ROCM_NODE_DENIED reads that). The
# value: the status or the open's strerror.
_ROCMINFO_FAILED: Final = re.compile(
    r"\bCall returned (HSA_STATUS_ERROR_[A-Z_]{2,40}|\d{4})\b"
    r"|Unable to open /dev/kfd read-write: (?!Permission denied)"
    r"([A-Z][a-z]{1,20}(?: [a-z]{1,12}){0,4})"
    r"|\b(hsa api call failure) at\b"
    # its first check, the amdgpu kernel module's initstate under /sys/module: "ROCk module is
    # NOT loaded, possibly no GPU devices" (rocminfo.cc CheckInitialState; as ROCm/rocm-systems
    # #1153 quotes it from a Linux host with no AMD GPU, and WSL2 hosts, whose GPU is reached
    # through /dev/dxg, print it before rocminfo had a WSL build: ROCm/legacy-rocm-build#1361)
    r"|\b(ROCk module is NOT loaded)\b"
)
# issue 38 (s21-atomics): device: clinfo finding no OpenCL platform, as ROCm's clinfo prints the
# status of clGetPlatformIDs: "ERROR: clGetPlatformIDs(-1001)" (ROCm/legacy-rocm-build#902, ROCm
# 2.2-2.5); -1001 is CL_PLATFORM_NOT_FOUND_KHR (KhronosGroup/OpenCL-Headers CL/cl_ext.h, the
# cl_khr_icd extension: the ICD loader found no vendor platform, ROCm's among them, that loads).
# The value: the status.
_OPENCL_NO_PLATFORM: Final = re.compile(r"\bclGetPlatformIDs\((-1001)\)")
# issue 38: device: vLLM Ascend with no path for the NPU's SoC: its MoE communication choice
# raising for a device type it does not handle (vllm_ascend/ascend_forward_context.py
# select_moe_comm_method: raise ValueError(f"Unsupported soc_version: {soc_version}"), the
# value an AscendSocVersion / AscendDeviceType member), and its device check refusing
# torch_npu's SoC number (vllm_ascend/utils.py check_ascend_device_type: raise
# RuntimeError(f"Can not support soc_version: {soc_version}.")). The value: the SoC.
_VLLM_ASCEND_SOC: Final = re.compile(
    r"Unsupported soc_version: ((?:AscendSocVersion|AscendDeviceType)\.\w{1,20})"
    r"|Can not support soc_version: (\w{1,30})"
)
# issue 38: device: amd-smi refusing a user outside ROCm's groups (ROCm/amdsmi amdsmi_cli
# check_required_groups: "WARNING: User is missing the following required groups: render,
# video. Please add user to these groups.", raised as a RuntimeError; ROCm/amdsmi#125 quotes
# the function). Read as rocminfo's membership line; the value: "not <groups>".
_AMDSMI_GROUPS: Final = re.compile(
    r"User is missing the following required groups: ((?:render|video)(?:, ?(?:render|video))?)"
)
_ROOTISH: Final = r"(?<![/\w.~-])(?:root|sudo|superuser)(?![/\w.-])"
_WORKS: Final = r"\b(?:works?|worked|working|fine|True|detected|finds|sees)\b"
_AS_ROOT: Final = re.compile(
    rf"(?i)\b(?:only|unless|except)\b[^\n]{{0,60}}?{_ROOTISH}"
    rf"|\b(?:with|as|using|under|via)\s+(?:the\s+)?{_ROOTISH}[^\n]{{0,30}}?{_WORKS}"
    rf"|{_WORKS}[^\n]{{0,30}}?\b(?:with|as|using|under|via)\s+(?:the\s+)?{_ROOTISH}"
    r"|\bnon[- ]?root\b[^\n]{0,80}?(?:\bfalse\b|\bfail|\bno (?:cuda |gpu|device|npu|xpu)"
    r"|\bnot (?:available|detected|found|work)|\bcan'?not\b)"
    r"|\bno (?:gpu|device|npu|xpu|cuda) access\b[^\n]{0,30}?\bnon[- ]?root"
    r"|\bnon[- ]?root (?:gpu|device|npu|xpu|cuda) access"
    r"|(?:root|sudo)\s?(?:用户|权限)?\s?下\s?(?:可以|能|正常|就可以)"
    r"|非\s?root\s?(?:用户)?[^\n]{0,30}?(?:不能|无法|失败|报错|不可以)"
)

# issue 38 (s8-platform): a library or a GPU vendor's stack that does not exist for this OS.
# Windows named in words: "Windows10 + AMD6500XT", "OS: win10", "Windows 11 Pro", "Win 11",
# a wheel's platform tag "win_amd64" (PEP 425's tag for 64-bit Windows), and the banner of
# python.org's Windows builds, "[MSC v.1932 64 bit (AMD64)]" (Python's sys.version: MSVC is
# the compiler of its Windows builds alone, PC/pyconfig.h). The value: "Windows" and what
# named it. issue 38 (s21-names): also Python's own name for the platform, "win-amd64"
# (sysconfig.get_platform() on 64-bit Windows, docs.python.org/3/library/sysconfig.html), which
# setuptools writes into its build directories ("build\bdist.win-amd64\wheel", "build\lib.win-
# amd64-cpython-311"), and Windows written as one window with its release ("window11",
# "window 10"; not a model's sliding, context, attention or rolling window, nor "a window", nor
# a window's length in tokens, pixels, steps or frames: "window 10 of", "window 11 tokens").
_WINDOWS_PROSE: Final = re.compile(
    r"\b(?i:windows|win)[ _-]?(1[01])\b|\b(win[_-]amd64)\b|\[(MSC) v\.\d{4} (?:64|32) bit"
    # "My operation system is Windows", "OS: Windows", "windows上运行报错" (on Windows)
    r"|(?i:(?:operating|operation) system is|\bOS\s?[:：])\s?(?i:(windows))\b"
    r"|\b(?i:(windows))(?=[上下])"
    # "Torch.compile not working with python 3.12 on windows" (a title's last words)
    r"|\b(?i:on (windows))\s*$"
    # issue 38 (s15-toolchain): the OS named as such ("I using x86 windows os")
    r"|\b(?i:(windows) os)\b"
    # issue 38 (s21-names): one window and the release, "window11", "Window 10"
    r"|\b(?<!sliding )(?<!context )(?<!attention )(?<!rolling )(?<!a )(?<!the )"
    r"(?i:window)[ _-]?(1[01])\b(?! ?(?i:of|tokens?|pixels?|px|steps?|frames?)\b)"
)
# Stable Diffusion webui's start-up check (AUTOMATIC1111/stable-diffusion-webui launch.py
# prepare_environment, modules/launch_utils.py since v1.3: `assert torch.cuda.is_available(),
# 'Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to
# disable this check'`, a RuntimeError of the same words from v1.6): torch.cuda.is_available()
# was False in the venv's torch. Its forks (Forge, lshqqytiger's amdgpu fork) keep the words.
_WEBUI_NO_GPU: Final = re.compile(r"Torch is not able to use GPU")
# issue 38 (s18-launch): Vulkan finding no driver it can use. The Vulkan loader's
# vkCreateInstance returns VK_ERROR_INCOMPATIBLE_DRIVER where no driver (ICD) loads, after
# logging "vkCreateInstance: Found no drivers!" (KhronosGroup/Vulkan-Loader loader/trampoline.c
# vkCreateInstance), and a driver returns it for a Vulkan version it does not support (the
# Vulkan specification, vkCreateInstance's return codes). Programs print the result's name:
# TVM's Vulkan runtime under MLC-LLM ("Vulkan Error, code=-9: VK_ERROR_INCOMPATIBLE_DRIVER"),
# vulkaninfo without the VK_ prefix ("vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER",
# KhronosGroup/Vulkan-Tools vulkaninfo/vulkaninfo.h). The value: the words.
_VULKAN_NO_DRIVER: Final = re.compile(
    r"\bVK_ERROR_INCOMPATIBLE_DRIVER\b|\bfailed with ERROR_INCOMPATIBLE_DRIVER\b"
    r"|\b(?:vkCreateInstance|terminator_CreateInstance): Found no drivers!"
)
# issue 38 (s19-atomics): the kernel's KFD, ROCm's compute interface, skipping a GPU whose chip
# needs PCIe atomics where the PCIe path to it does not pass them: "skipped device %x:%x, PCI
# rejects atomics %d<%d" (torvalds/linux@002c6ca7 drivers/gpu/drm/amd/amdkfd/kfd_device.c
# kgd2kfd_device_init: dev_info on kfd_device, with the MEC firmware's version and the one that
# runs without atomics; the two numbers came with linux fb932dfe, 2021, and kernels before it
# print none). dev_info prints "kfd kfd: " before it, and kernels whose amdgpu sets dev_fmt
# "amdgpu: " too ("kfd kfd: amdgpu: skipped device 1002:699f, PCI rejects atomics 730<0"). The
# value: the device's "vendor:device" ids.
_KFD_ATOMICS: Final = re.compile(
    r"\bskipped device ([0-9a-f]{4}):([0-9a-f]{4}), PCI rejects atomics\b"
    # issue 38 (s20-zero): the kernel's words quoted in prose, without the line's ids ("7 of my
    # 8 GPUs get \"PCI rejects atomics\"", "when i run dmesg i get \"PCI rejects atomics
    # 700<0\""): the same skip, of GPUs the words do not identify
    r"|\bPCI rejects atomics\b"
)
# A denial before the kernel's words in prose ("I don't get the infamous `kfd: PCI rejects
# atomics`", ROCm/legacy-rocm-build#2429): no skip said. (s20-mendB) Nor under another denial
# ("dmesg shows no … line", "there is none", "isn't there") or a condition, as advice words it
# ("If dmesg says PCI rejects atomics, …", "check whether …", "I checked for … and there is none"):
# what to look for, not what the kernel printed. The kernel's own line holds none of these words
# before its "skipped device" (dmesg's time, "kfd kfd: ", "amdgpu: ").
_KFD_ATOMICS_DENIED: Final = re.compile(
    r"(?i)\b(?:don't|do not|didn't|did not|doesn't|does not|no longer|not|never|without|no"
    r"|none|isn't|is not|aren't|wasn't|if|whether|check(?:ed|ing|s)? for|look(?:ed|ing)? for"
    r"|grep(?:ped)? for|search(?:ed)? for)\b"
)
# The same after the words, in their sentence: "… and there is none", "… is not there".
_KFD_ATOMICS_ABSENT: Final = re.compile(r"(?i)\b(?:none|not there|nothing)\b")


def _kfd_skipped(found: re.Match[str]) -> str:
    """The ids of the GPU KFD skipped ("1002:67df"), or the kernel's words alone where prose
    quotes them without the ids; nothing where the words before them deny it or make it a
    condition, or the words after them in their sentence deny it."""
    line = found.string
    if _KFD_ATOMICS_DENIED.search(line, 0, found.start()):
        return ""
    stop = line.find(". ", found.end())
    if _KFD_ATOMICS_ABSENT.search(line, found.end(), len(line) if stop < 0 else stop):
        return ""
    return f"{found[1]}:{found[2]}" if found[1] else found[0]


# KFD taking a GPU: "added device %x:%x" (kfd_device.c kgd2kfd_device_init, dev_info, its last
# step), on the same "kfd kfd: " device, with amdgpu's "amdgpu: " in later kernels.
_KFD_ADDED: Final = re.compile(
    r"\bkfd kfd: (?:amdgpu: )?added device ([0-9a-f]{4}):([0-9a-f]{4})\b"
)
# issue 38 (s19-atomics): torch_npu's CPU fallback, registered for every operator of its
# PrivateUse1 key, which warns once per operator and runs it on the CPU (Ascend/pytorch@5af0eb0a
# torch_npu/csrc/aten/VariableFallbackKernel.cpp npu_cpu_fallback: TORCH_NPU_WARN("CAUTION: The
# operator '…' is not currently supported on the NPU backend and will fall back to run on the
# CPU. This may have performance implications.")). Its sparse key's fallback raises in nearly
# the same words, "… is not currently supported on the NPU backend." with no fall back
# (npu_Sparse_fallback, TORCH_CHECK): the warning is told by its "and will fall back", or, where
# a terminal wrapped the line before those words, by the "Warning: CAUTION:" TORCH_NPU_WARN
# prints before it. The value: the operator.
_NPU_FALLBACK: Final = re.compile(
    r"The operator '([\w.:]{1,120})' is not currently supported on the NPU backend and will"
    r" fall back"
    r"|Warning: CAUTION: The operator '([\w.:]{1,120})' is not currently supported on the NPU\b"
)
# xformers' dispatcher finding no operator for the inputs (xformers/ops/fmha/dispatch.py
# _run_priority_list: "No operator found for `{name}` with inputs:", then for each operator
# "`{op.NAME}` is not supported because:" and its reasons, from AttentionOpBase.
# not_supported_reasons in xformers/ops/fmha/common.py: "device={device_type} (supported:
# {cls.SUPPORTED_DEVICES})"), and diffusers refusing to turn xformers on without CUDA
# (diffusers/models/attention_processor.py set_use_memory_efficient_attention_xformers:
# "torch.cuda.is_available() should be True but is False. xformers' memory efficient attention
# is only available for GPU"). The value: the operator, or "diffusers".
_XFORMERS_NO_OPERATOR: Final = re.compile(
    r"No operator found for `(\w{1,60})`"
    r"|xformers' memory efficient attention is only available for GPU()"
)
_XFORMERS_DEVICE: Final = re.compile(r"\bdevice=(mps|cpu) \(supported: \{'cuda'")
# transformers' bitsandbytes quantizers refusing a machine where torch sees no CUDA
# (transformers/quantizers/quantizer_bnb_4bit.py and quantizer_bnb_8bit.py validate_environment,
# 4.37 on: `if not torch.cuda.is_available(): raise RuntimeError("No GPU found. A GPU is needed
# for quantization.")`; modeling_utils.py from_pretrained before 4.37; diffusers/quantizers/
# bitsandbytes/bnb_quantizer.py the same words).
_BNB_QUANTIZER_NO_GPU: Final = re.compile(r"No GPU found\. A GPU is needed for quantization")
# A package's compiled part missing where it has no build for the OS (read with the OS the
# paste shows, diagnosis/pasted.py _os_unsupported): vLLM's compiled ops, vllm/_C (its
# __init__ imports them: "No module named 'vllm._C'"; a reporter's "Cannot find vllm_C"), and
# Triton, which torch.compile's inductor needs for GPU kernels (torch/_inductor/exc.py
# TritonMissing: "Cannot find a working triton installation"; Python's "No module named
# 'triton'"). The value: the package.
_NO_OS_BUILD: Final = re.compile(
    r"No module named ['\"](vllm)\._C['\"]|Cannot find (vllm)_C\b"
    r"|No module named ['\"](triton)['\"]|Cannot find a working (triton) installation"
)

# issue 38: a library with no build for this machine (archlib). torch's dispatch macros name
# the kernel that has no code for a dtype (aten/src/ATen/Dispatch.h: "\"" name "\" not
# implemented for '" toString(dtype) "'"), and the CPU kernels were long built without half
# precision: addmm_impl_cpu_ (aten/src/ATen/native/LinearAlgebra.cpp), slow_conv2d_cpu
# (native/ConvolutionMM2d.cpp), threshold_cpu (native/cpu/Activation.cpp), LayerNormKernelImpl
# (native/cpu/layer_norm_kernel.cpp; CUDA's kernel of that name has Half, so the message is
# the CPU's). A "…_cpu" or "…_cpu_" name is the CPU's kernel; the value is the kernel's name.
_HALF_ON_CPU: Final = re.compile(
    r"\"(\w{1,60}?_cpu_?|LayerNormKernelImpl)\"? not implemented for 'Half\b"
)
# torch refusing float64 on MPS: the Metal Performance Shaders framework has no float64 type
# (Apple's MPSDataType reference lists float32, float16 and bfloat16 alone; pytorch/pytorch
# #122602, closed by a maintainer as "expected behavior and known limitation"), and torch says
# so when a tensor is moved there or made there ("Cannot convert a MPS Tensor to float64 dtype
# as the MPS framework doesn't support float64. Please use float32 instead.", and getMPSDataType
# in aten/src/ATen/native/mps/OperationUtils.mm: "Cannot convert a float64 Tensor to MPS as the
# MPS framework doesn't support float64").
_MPS_FLOAT64: Final = re.compile(
    r"Cannot convert a (?:MPS Tensor to float64 dtype|float64 Tensor to MPS)\b"
)
# issue 38 (s18-dtype): torch refusing a dtype MPS has no type for, other than float64 (its
# own words above) and bfloat16 (_MPS_BF16): getMPSDataType and getMPSScalarType's default
# branch in aten/src/ATen/native/mps/OperationUtils.mm ("Trying to convert ", scalar_type, " to
# the MPS backend but it does not have support for that dtype."; the string is in torch
# 2.7.0's macOS arm64 wheel, libtorch_cpu.dylib). Its switch maps Float, Half, BFloat16,
# Int, Long, Short, Char, Byte, Bool (and ComplexFloat, ComplexHalf from torch 2.1 under
# macOS 14); every other ScalarType lands there: Float8_e4m3fn and Float8_e5m2 (fp8
# checkpoints), ComplexDouble (complex128, Python's complex scalars), UInt16/32/64, the
# quantized types. The value: torch's name of the dtype.
_MPS_DTYPE: Final = re.compile(
    r"Trying to convert (\w{1,30}) to the MPS backend but it does not have support"
)
# issue 38 (s18-dtype): the paste names fp8 weights: a checkpoint file or a loader's weight
# dtype in ComfyUI's and the Hub's spelling ("flux1-dev-fp8.safetensors", "sd3.5_large_fp8_
# scaled", "weight_dtype fp8_e4m3fn", "SD3.5 FP8 Mac" in a title: "fp8" and a word after it),
# or ComfyUI's log of the model's weights ("model weight dtype torch.float8_e4m3fn",
# comfy/model_base.py). A program's own torch.float8_e4m3fn cast is not it. The value: "fp8"
# as written, or ComfyUI's words.
_FP8_WEIGHTS: Final = re.compile(r"(?i)fp8[_ .-]\w|model weight dtype torch\.float8_e\w{1,8}")
# issue 38 (s18-dtype): MPS refusals of a dtype gated by the macOS release, which the message
# names in spellings _MPS_OP_MACOS does not read (torch 2.7.0's libtorch_cpu.dylib):
# TensorCompare.mm isin_Tensor_Tensor_out_mps ("isin_Tensor_Tensor_out only works on floating
# types on MPS for pre MacOS_14_0. Received dtype: Long"), and OperationUtils.mm
# checkSupportsComplex ("MPS complex types are only supported on MacOS 14.0 or newer."). The
# value: the macOS release ("14.0").
_MPS_DTYPE_MACOS: Final = re.compile(
    r"only works on floating types on MPS for pre MacOS_(\d{2})_(\d)"
    r"|MPS complex types are only supported on MacOS (\d{2}\.\d)"
)
# issue 38 (s9-precision): an Intel GPU without float64. The SYCL runtime refuses to launch
# a kernel that uses double precision on a device whose aspects lack fp64 (intel/llvm
# sycl/source/detail/program_manager/program_manager.cpp: "Required aspect fp64 is not
# supported on the device"): Arc (Xe-HPG) and the Xe-LP integrated GPUs have no fp64 in
# hardware (intel/intel-xpu-backend-for-triton#7522: "A770 … lacks fp64 hardware support";
# intel/compute-runtime#907), and Intel's maintainers: "the FP64 is not supported by this kind
# of HW" (intel/intel-extension-for-pytorch#257). The kernel's float64 is the program's (a
# float64 tensor moved there) or a torch XPU kernel's own fp64 path (torch 2.4's cross
# entropy and copy kernels, intel/torch-xpu-ops#628, fixed by intel/torch-xpu-ops#511).
# intel-extension-for-pytorch's XPU kernels before torch's own said it through the oneAPI
# Level Zero runtime: "Native API returns: -996 … invalid_kernel("uses-fp64-math")" for a
# kernel with double math on an Arc GPU (intel/intel-extension-for-pytorch#285).
_XPU_FLOAT64: Final = re.compile(
    r"Required aspect fp64 is not supported on the device|invalid_kernel\(\"uses-fp64-math\"\)"
)
# issue 38 (s18-dtype): the same refusal, said by the Intel Graphics Compiler when it builds
# a kernel with double math for a GPU without fp64 (intel/intel-graphics-compiler's
# "Double type is not supported on this platform.", printed in the build log as "error:
# Double type is not supported on this platform. … in kernel: '…' error: backend compiler
# failed build."): IPEX's XPU kernels (intel/intel-extension-for-pytorch#303, an Arc A750)
# and the Triton kernels torch.compile's Inductor makes for an XPU (pytorch/pytorch#180664,
# an Arc A770). Any OpenCL or SYCL program on such a GPU prints it (llama.cpp's OpenCL
# backend, dpnp), so it counts only where the paste shows torch's XPU (_XPU_TORCH_NAMED).
_IGC_DOUBLE: Final = re.compile(r"Double type is not supported on this platform")
# The compiler's closing line of that build log: counted with the words above alone.
_IGC_BUILD_FAILED: Final = re.compile(r"error: backend compiler failed build")
# torch on an Intel GPU: IPEX's kernel names (at::AtenIpexTypeXPU), its module, torch's XPU
# module or device, Inductor's Triton kernels (torch\_inductor, triton_poi_/triton_red_).
_XPU_TORCH_NAMED: Final = re.compile(
    r"AtenIpexTypeXPU|intel_extension_for_pytorch|torch[\\/]_inductor|triton_(?:poi|red|per)_"
    r"|torch\.xpu\.|device=['\"]xpu['\"]|\.to\(['\"]xpu['\"]\)"
)
# issue 38 (s9-precision): an operator torch has no XPU kernel for, in the dispatcher's words
# for a key with no kernel (c10/core/dispatch/OperatorEntry.cpp reportError: "Could not run
# 'aten::…' with arguments from the 'XPU' backend"); NestedTensorXPU, SparseXPU and the other
# keys are not the XPU key. The value: the operator.
_XPU_OPERATOR: Final = re.compile(
    r"Could not run '([\w.:]{1,120})' with arguments from the 'XPU' backend"
)
# issue 38 (s9-precision): bfloat16 compiled for a GPU older than Ampere. NVIDIA's PTX
# assembler refuses bf16 instructions below sm_80 (the PTX ISA, "cvt": ".bf16 … requires sm_80
# or higher", https://docs.nvidia.com/cuda/parallel-thread-execution/), as ptxas prints it
# when Triton compiles a kernel for the GPU it runs on ("ptxas /tmp/…, line 372; error   :
# Feature '.bf16' requires .target sm_80 or higher", "Feature 'cvt with .f32.bf16' …",
# "Feature 'cvt.bf16.f32' …"); reporters retype it ("'cvt with.f32.BF16 'requires.target").
_PTX_BF16: Final = re.compile(r"(?i)Feature '[^'\n]{0,40}bf16 ?' ?requires ?\.target sm_80\b")
# issue 38 (s18-gpuprose): torch's autocast refusing bfloat16 on the CUDA device. torch 2.0 to
# 2.2 raise it where torch.cuda.is_bf16_supported() is False (torch/amp/autocast_mode.py
# autocast.__init__ at v2.1.0: "Current CUDA Device does not support bfloat16. Please switch
# dtype to float16."), and is_bf16_supported() there is compute capability 8.0 or more with
# CUDA 11 (torch/cuda/__init__.py at v2.1.0); from 2.3 its emulation default makes a bf16
# tensor instead (pytorch/pytorch#115924), so the words mean a GPU older than Ampere.
_AUTOCAST_BF16: Final = re.compile(r"Current CUDA Device does not support bfloat16\b")
# issue 38 (s18-gpuprose): the reporter's words that a GPU has no bfloat16 ("V100是不支持bf16",
# "v100 cannot calculate bf16", "T4 doesn't have BF16 anyway", "bf16 is not supported on
# T4"). The GPU is read from the words around them by the diagnosis (the GPU tables,
# compat/gpus.py), so the value is the line's words before and after, 40 characters each. A
# library's "Device does not support bf16." (lmdeploy's warning before it falls back to fp16)
# is not the reporter's words, and torch's own refusal has a pattern of its own.
_BF16_LACKING: Final = re.compile(
    r"(?i)不支持 ?(?:bf16|bfloat16)(?![a-z0-9])"
    r"|(?<!Device )\b(?:does|do|can|could|did|will)(?:n't| ?not) "
    r"(?:support|have|calculate|run|use) (?:the )?(?:bf16|bfloat16)\b"
    r"|\b(?:bf16|bfloat16) (?:is |are )?not supported (?:on|by|in)\b"
)
# issue 38 (s19-quiet): the reporter's words that the work ran, beside words that the GPU has
# no bfloat16 ("Training launches but the ETA …", facebookresearch/dinov3#74; "I have test the
# code below on a V100 machine and run successfully", pytorch/pytorch#124996): torch emulates
# bfloat16 on a GPU below compute capability 8.0 for many operations, so running is no
# refusal (pasted.py _bf16_lacking_said). Each alternative opens with its fixed word; a denial
# before it ("did not run successfully", pip's failed build) is not the words.
_RAN: Final = re.compile(
    r"(?i)\b(?:training|inference|it|model|code) (?:still )?(?:launches|launched|starts"
    r"|started|runs|ran|works|worked)\b"
    r"|(?<!not )(?<!n't )\brun(?:s|ning)? (?:successfully|fine|normally|well)\b"
    r"|(?<!not )(?<!n't )\bran (?:successfully|fine|normally)\b"
    r"|\bstill (?:runs|ran|works|worked)\b"
    # issue 38 (s20-zero): the Chinese forms: runs normally ("可以正常推理", "能正常运行"), can
    # run ("还是可以跑", "也能跑通", "转换为 float16 可以运行", zai-org/CogVLM#154; not asked,
    # "能跑吗", nor denied, "不能运行"), and no error reported ("没有报错", "没报错"). Not "跑…
    # 没有问题" (ran with no problem), which reporters say of another machine or script ("在
    # A100上跑没有问题"). A line under five characters is read by no recogniser
    # (tests/test_regex_cost.py), so the short words are read with the characters before them
    # A sentence these words ask ("V100能运行flash-attn吗？", "可以正常推理吗") says nothing ran:
    # no question mark or particle may follow them before the sentence ends.
    r"|(?:(?:可以|能)正常(?:推理|运行|训练)|可以正常跑"
    r"|.{2}[^不没](?:可以|能)(?:跑(?:通|起来)?|运行)(?!不)"
    r"|.没有报错|.{2}没报错)(?![^。！？?!]{0,40}[吗么嘛？?])"
)

# issue 38 (s17-small): DirectML. torch-directml runs an operator it has no DirectML kernel
# for on the CPU, and says so once per operator (its CPU fallback, pytorch-directml-plugin
# torch_directml/csrc/dml/dml_cpu_fallback.cpp, as the warning's "Triggered internally at"
# names it: "UserWarning: The operator 'aten::…' is not currently supported on the DML
# backend and will fall back to run on the CPU. This may have performance implications.").
_DML_FALLBACK: Final = re.compile(
    r"The operator '([\w.:]{1,120})' is not currently supported on the DML backend"
    r" and will fall back"
)
# An operator the fallback does not cover is refused by torch's dispatcher on the DirectML
# tensor's key (c10/core/dispatch/OperatorEntry.cpp reportError: "Could not run 'aten::…'
# with arguments from the '<key>' backend"): pytorch-directml 1.8 printed its key as
# 'UNKNOWN_TENSOR_TYPE_ID' (microsoft/DirectML#242) or 'DML' (#337), torch-directml on
# torch 2.x registers PrivateUse1 ("privateuseone:0"). The key alone names no DirectML: a
# paste must name torch-directml too (_DIRECTML_NAMED).
_DML_OPERATOR: Final = re.compile(
    r"Could not run '([\w.:]{1,120})' with arguments from the"
    r" '(?:UNKNOWN_TENSOR_TYPE_ID|PrivateUse1|DML)' backend"
)
# issue 38 (s18-dtype): torch-directml refusing float64 on a GPU whose DirectML device has
# none (torch-directml 0.2.5.dev240914's torch_directml_native .pyd: "The GPU device does not
# support Double (Float64) operations!", beside its has_float64_support(), "Returns whether
# the GPU device has Double (Float64) support."). DirectML runs float64 in Cast and data
# movement only, no math (a DirectML developer, microsoft/DirectML#309), and Intel's Arc and
# integrated GPUs report none (microsoft/DirectML#438, #699). The words are
# torch-directml's own: no other library prints them.
_DML_FLOAT64: Final = re.compile(r"The GPU device does not support Double \(Float64\) operations")
# torch-directml by its distribution (torch-directml, the older pytorch-directml), its
# module, or the "dml" device string (microsoft/DirectML PyTorch/README.md).
_DIRECTML_NAMED: Final = re.compile(
    r"(?i)\b(?:torch|pytorch)[-_]directml\b|device=['\"]dml['\"]|\.to\(['\"]dml['\"]\)"
)
# issue 38 (s17-small): Windows' loader finding no nvcuda.dll, the NVIDIA display driver's
# own CUDA driver DLL (installed into System32 by the driver, never by a pip package: NVIDIA's
# CUDA installation guide for Windows, "Verify the installation": the driver provides
# nvcuda.dll). A package that loads it with ctypes at import (cpm_kernels' library/base.py,
# which ChatGLM's quantization kernels import) fails where no NVIDIA driver is installed, in
# CPython's words (Modules/_ctypes/callproc.c: "Could not find module '…' (or one of its
# dependencies)"); reporters retype the quotes in titles ("nvcuda.dll", “nvcuda.dll”).
_NVCUDA_MISSING: Final = re.compile(r"Could not find module ['\"“]nvcuda\.dll['\"”]")
# The reporter's words that the run is on the CPU: ChatGLM's README for a machine without a
# GPU (THUDM/ChatGLM-6B README.md, "CPU 部署": `AutoModel.from_pretrained(…).float()`), its
# issue template's `torch.cuda.is_available()` answered False, and the words "CPU部署",
# "使用CPU", "纯CPU环境" (a CPU deployment, using the CPU, a CPU-only environment).
_CPU_ONLY_SAID: Final = re.compile(
    r"from_pretrained\([^)\n]{1,200}\)\.float\(\)"
    r"|is_available\(\)\)[\"`')]{0,4} ?:? ?False\b"
    r"|CPU部署|使用CPU|纯CPU环境"
)
# issue 38 (s17-small): onnxruntime and onnxruntime-gpu in one environment. onnxruntime's
# docs: "There are two Python packages for ONNX Runtime. Only one of these packages should be
# installed at a time in any one environment" (https://onnxruntime.ai/docs/get-started/
# with-python.html#install-onnx-runtime); both install the same `onnxruntime` module, and the
# CPU package's files over the GPU one's leave get_available_providers() without
# CUDAExecutionProvider (a maintainer in microsoft/onnxruntime#6183: uninstall the CPU
# package). Read where pip is asked to install both on one line, or the reporter says both
# are installed.
_ORT_BOTH_PIP: Final = re.compile(
    r"pip3? install onnxruntime(?:-gpu onnxruntime(?![\w-])| onnxruntime-gpu\b)"
)
_ORT_BOTH_SAID: Final = re.compile(
    r"(?i)\bboth [`'\"]?onnxruntime[`'\"]? and [`'\"]?onnxruntime-gpu\b"
)
# issue 38 (s17-small): torchaudio's audio backends. Before 2.1, set_audio_backend refuses
# a backend whose package is not there (torchaudio/backend/utils.py: raise RuntimeError(
# f'Backend "{backend}" is not one of available backends: {list_audio_backends()}.'));
# "soundfile" needs the optional SoundFile package, which torchaudio does not install (its
# docs, backend.rst "Availability": ""soundfile" backend requires SoundFile"). From
# 2.1 the dispatcher finds no backend at all (torchaudio/_backend/utils.py dispatcher: "Couldn't
# find appropriate backend to handle uri {uri} and format {format}."): neither FFmpeg's
# libraries, SoundFile nor libsox is installed (installation.rst "Optional Dependencies").
_TORCHAUDIO_SOUNDFILE: Final = re.compile(r"Backend \"soundfile\" is not one of available backends")
_TORCHAUDIO_NO_BACKEND: Final = re.compile(
    r"Couldn't find appropriate backend to handle uri (?!\{uri\})"
)
# issue 38 (s18-audiopy): torchaudio's FFmpeg integration finding no FFmpeg libraries it can
# load. torchaudio 0.12 to 2.0 load one extension linked against FFmpeg 4 and say, when the
# loader refuses it, "FFmpeg libraries are not found. Please install FFmpeg." (torchaudio
# v0.13.1 torchaudio/_extension.py _init_ffmpeg: raise ImportError(…) from err; PaddleSpeech's
# paddleaudio copies the words, so they count only beside a torchaudio frame). From 2.1 one
# extension per FFmpeg major is tried, newest first, each failure logged at DEBUG ("Failed to
# load FFmpeg6 extension."), and none loading is "Failed to intialize FFmpeg extension. Tried
# versions: ['6', '5', '4', '']" (torchaudio v2.1.0 torchaudio/_extension/utils.py
# _find_ffmpeg_extension, v2.2.0 and later src/torio/_extension/utils.py: its misspelling is
# torchaudio's own); a major that loads is "Successfully loaded FFmpeg4".
_TORCHAUDIO_FFMPEG_LIBRARIES: Final = re.compile(
    r"FFmpeg libraries are not found\. Please install FFmpeg"
)
_TORCHAUDIO_FFMPEG_EXTENSION: Final = re.compile(r"Failed to intialize FFmpeg extension")
_TORCHAUDIO_FFMPEG_LOAD: Final = re.compile(
    r"(?:Failed to load|Successfully loaded) FFmpeg ?\d{0,2}(?: extension|\b)"
)


def _ffmpeg_load(found: re.Match[str]) -> str:
    """torchaudio's log of one FFmpeg major: "failed" or "loaded"."""
    return "loaded" if found.group(0).startswith("Successfully") else "failed"


# The shortest line a message can be read from (`Messages.shortest`): "C:\\a\\", a Windows
# path; tests/test_regex_cost.py checks it against every pattern read here.
SHORTEST: Final = 5

# issue 38: Ascend NPU memory and CANN's libraries.
# torch-npu's caching allocator when the NPU has no block left for an allocation (Ascend/pytorch
# torch_npu/csrc/core/npu/NPUCachingAllocator.cpp, DeviceCachingAllocator::malloc: AT_ERROR("NPU
# out of memory. Tried to allocate ", format_size(alloc_size), " (NPU ", device, "; ",
# format_size(device_total), " total capacity; …")); torch's format_size gives "22.00 MiB". And
# the allocator's guard before it, for a size of 1 EiB or more (torch's CUDACachingAllocator
# allocate(): TORCH_CHECK_WITH(OutOfMemoryError, size < one_exa_bytes, "CUDA out of memory. Tried
# to allocate more than 1EB memory."), which torch-npu's allocator copies with "NPU"): its value
# is "more than 1EB".
_NPU_OOM: Final = re.compile(
    r"NPU out of memory\. Tried to allocate ([\d.]{1,12} [KMGTPE]?i?B|more than 1EB)"
)
# The dynamic loader's refusal of one of Ascend's own libraries (glibc dlerror: "<soname>: cannot
# open shared object file"): the driver's, the CANN toolkit's, NNAL's ATB (compat/ascend.py
# `library_part` says which). And npu-smi's own start when the loader cannot find a library it
# needs (glibc's "npu-smi: error while loading shared libraries: libc_sec.so: cannot open …"):
# npu-smi is the driver's tool and its libraries are the driver's (/usr/local/Ascend/driver/lib64),
# whichever library it names. issue 38: the toolkit's profiling library too (libmsprofiler.so,
# which Paddle-Lite's NNAdapter loads with libascendcl.so: PaddlePaddle/FastDeploy#1824).
_ASCEND_LIBRARY: Final = re.compile(
    r"\b(lib(?:ascend_hal|drvdsmi_host|dcmi|hccl|ascendcl|opapi|msprofiler|atb)"
    r"\.so(?:\.\d{1,3}){0,3}): cannot open shared object file"
)
# CANN's release in a reporter's words or a versions table (beside CJK text too, which Python's
# \b counts as a word): "I installed CANN 8.0.RC3", "CANN |
# 8.5.2", "CANN                          8.1.RC1", "cann 8.0.0.alpha002", "CANN 9.0.0-beta.2"
# (CANN's own numbering: major.minor.RCn or major.minor.patch, compat/ascend.py cann_release).
# issue 38: the CANN lines as environment sections give them: "CANN: 8.1.rc1" (vllm-ascend#1188),
# a full-width colon, and the Chinese "CANN版本：8.0.RC3" / "cann版本是8.0.RC3" ("version is").
# issue 38: "CANN version 8.3.RC2" in a reporter's words (Ascend/MindSpeed-LLM#2).
_PROSE_CANN: Final = re.compile(
    r"(?<![A-Za-z])(?:CANN|cann|Cann)(?![A-Za-z])(?: ?版本| version)?[是为]?(?: ?[|:：])? {0,40}"
    r"(\d{1,2}\.\d{1,2}\.(?:RC\d{1,2}|rc\d{1,2}|\d{1,2})(?:[.-][A-Za-z0-9]{1,12}){0,2})"
)
# issue 38: the CANN release in the toolkit's install path, as its version directory names it
# ("/usr/local/Ascend/ascend-toolkit/8.0.RC3.alpha003/aarch64-linux/lib64/…",
# "path=/data/8.1/ascend-toolkit/8.1.RC1.alpha001/aarch64-linux" in ascend_toolkit_install.info,
# vllm-ascend#834): the toolkit installs each release under ascend-toolkit/<version>/ and links
# ascend-toolkit/latest to it (CANN installation guide; LlamaFactory#5189's `ls -l …/latest/`).
_TOOLKIT_PATH_CANN: Final = re.compile(
    r"\bascend-toolkit/"
    r"(\d{1,2}\.\d{1,2}\.(?:RC\d{1,2}|rc\d{1,2}|\d{1,2})(?:[.-][A-Za-z0-9]{1,12}){0,2})/"
)
_NPU_SMI_LIBRARY: Final = re.compile(
    r"npu-smi: error while loading shared libraries: (lib\w{1,40}\.so(?:\.\d{1,3}){0,3}): "
    r"cannot open"
)


# issue 38: CANN's own words for NPU memory it could not allocate. CANN's error code EL0004
# (CANN error code reference, "EL0004 Memory_Allocation_Failure", Driver Errors: "Failed to
# allocate memory requested by %s module.", possible cause "Available memory is insufficient",
# https://www.hiascend.com/document/detail/en/CANNCommunityEdition/900/maintenref/troubleshooting/atlaserrorcode_15_0267.html,
# verified 2026-12-05), as torch_npu and aclrt print it: "Memory_Allocation_Failure(EL0004):
# Failed to allocate memory." (vllm-ascend#4678, PTOAS#341), and the bare code of older
# releases ("EL0004: Failed to allocate memory"). A wrapped log may cut the line after
# "allocate", so the words stop there. CANN 8.x's error manager puts the process and the time
# between the code and its words ("EL0004: [PID: 316198] 2025-09-28-07:22:29.827.496 Failed to
# allocate memory.", as vllm-ascend#3141's and #1993's logs print it), so that prefix may stand
# there.
_CANN_EL0004: Final = re.compile(
    r"\bEL0004\)?: (?:\[PID: \d{1,10}\] [\d:.-]{10,40} )?Failed to allocate\b"
)
# issue 38: Ascend NPU memory in all its wordings. The ACL runtime's "no device memory" codes
# (compat/ascend.py ACL_NO_MEMORY, torch-npu's NPUErrorCodes.h) as torch-npu prints them after a
# failed call ("… NPU function error: call aclnnMoeDistributeDispatchV2 failed, error code is
# 207001", vllm-ascend#3141) and as CANN's runtime traceback gives them ("alloc device memory
# failed, runtime result = 207001", vllm-ascend#1993, #4678); and the words torch-npu's table
# prints for them on its "[Error]:" line ("[Error]: Failed to apply for memory.").
_ACL_NO_MEMORY: Final = re.compile(r"(?:\berror code is|\bruntime result =) (20700[15]|207018)\b")
_ACL_NO_MEMORY_WORDS: Final = re.compile(
    r"\[Error\]: (Failed to apply for memory|The memory on the device is exhausted)\."
)
# torch-npu when an operator's aclnn kernel call fails (its OpApi error: "call aclnnSwiGlu
# failed, detail:EZ1001: … Get path and read binary_info_config.json failed, please check if
# the opp_kernel package is installed!", vllm-ascend#573 and #237; Ascend/op-plugin
# op_plugin/utils/op_api_common.h EXEC_NPU_CMD: TORCH_CHECK(workspace_status == 0, "call "
# #aclnn_api " failed, detail:", aclGetRecentErrMsg())): the value is the kernel's name.
_ACLNN_FAILED: Final = re.compile(r"\bcall (aclnn\w{1,60}) failed\b")
# issue 38 (s20-unnamed): an aclnn kernel refusing a tensor's dtype at its parameter check, before
# anything runs: CANN's OP_CHECK_DTYPE_NOT_SUPPORT (hicann/ops-math@ee839ce2
# common/inc/external/aclnn_kernels/common/op_error_check.h: "Tensor %s not implemented for %s,
# should be in dtype support list %s.", logged as ACLNN_ERR_PARAM_INVALID, which CANN prints as
# "AclNN_Parameter_Error(EZ1001)"; older kernels' own checks say "self not implemented for …"),
# after torch_npu's "call aclnnExpm1 failed" (_ACLNN_FAILED) on the same line or the one before.
# Only Ascend's aclnn prints it. The value: the dtype refused ("DT_DOUBLE").
_ACLNN_DTYPE: Final = re.compile(
    r"\bnot implemented for (DT_[A-Z0-9_]{2,20}), should be in dtype support list"
)
# torch_npu's error-code line after any failed ACL call, the same failure's (Ascend/pytorch@d396f137
# torch_npu/csrc/core/npu/NPUException.cpp formatErrorCode: "[ERROR] <time> (PID:…, Device:…,
# RankID:…) ERR00100 PTA call acl api failed", its submodule PTA or OPS, ErrCode::ACL's words).
# The value: the code.
_TORCH_NPU_ERR_CODE: Final = re.compile(r"\b(ERR\d{5}) (?:PTA|OPS) call acl api failed")
# Python's own import error for one of the packages CANN's toolkit ships (te, tbe: compat/ascend.py
# TOOLKIT_MODULES), in a traceback or quoted: "ModuleNotFoundError: No module named 'te'"
# (mindspore-lab/mindone#293, mindspore-ai/mindspore#259: MindSpore's FlashAttention imports te).
# CANN's own log line quoting it is _CANN_NO_MODULE; both give the module's name.
_TOOLKIT_NO_MODULE: Final = re.compile(
    r"(?<![\w.])(?:ModuleNotFoundError|ImportError): "
    r"No module named '((?:te|tbe)(?:\.[\w.]{1,80})?)'"
)


def _bound_of(form: str) -> Callable[[re.Match[str]], str]:
    """issue 38 (s18-build): a host_config.h refusal's bound, its pattern's groups that matched
    put into `form` ("{0}-{1}": the Visual Studio releases)."""

    def bound(found: re.Match[str]) -> str:
        return form.format(*(group for group in found.groups() if group))

    return bound


@dataclass(frozen=True, slots=True)
class _Recogniser:
    """A message read by one pattern into one fact: the fact's key and its value, the words
    of a group of the match (`group`) or fixed words (`words`), or made from the match
    (`made`). `at_start`: the pattern is matched at the line's start; `every`: each match
    on the line is a fact."""

    pattern: re.Pattern[str]
    key: FactKey
    group: int = 1
    words: str | None = None
    made: Callable[[re.Match[str]], str] | None = None
    at_start: bool = False
    every: bool = False
    name: str | None = None  # the fact's name (which library says it), where the pattern tells
    # whether the value is one (a KeyError's word that is a model type), where not every is
    keep: Callable[[str], bool] | None = None

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


# issue 38: bitsandbytes' multi-backend preview for AMD GPUs (its multi-backend-refactor
# branch and the continuous-release_multi-backend-refactor wheels, 0.44-0.45 "alpha"; ROCm
# libraries reached PyPI's wheels only in 0.49.0, docs/source/installation.mdx at 0.49.0,
# "AMD ROCm … Installation from PyPI"). Its cextension.py (multi-backend-refactor) says
# "Could not find the bitsandbytes ROCm binary at <path>" when the wheel has no library for
# this ROCm, "Could not load bitsandbytes native library: <path>/libbitsandbytes_rocm62.so:
# undefined symbol: _Z36__device_stub__kOptimizer32bit1StateI12hip_bfloat16…" when the
# library it ships is broken (bitsandbytes-foundation/bitsandbytes#1519; #1508: "This wheel
# isn't ready yet"), then "ROCm Setup failed despite ROCm being available". The released
# cextension.py never says "ROCm" in these words (0.43-0.46 say "CUDA"; 0.47 on say
# "Configured ROCm binary not found at" / "No compatible ROCm binary found at").
_BNB_ROCM_SYMBOL: Final = re.compile(
    r"libbitsandbytes_(?:rocm\d{2,3}|hip)(?:_nohipblaslt)?\.so: ?undefined symbol"
)
# ROCm's own fork before it (ROCm/bitsandbytes, rocm_enabled) said "CUDA" for its HIP library:
# "Could not find the bitsandbytes CUDA binary at PosixPath('…/libbitsandbytes_hip_nohipblaslt
# .so')" (ROCm/bitsandbytes#30).
_BNB_ROCM_MISSING: Final = re.compile(
    r"Could not find the bitsandbytes (?:ROCm binary at|CUDA binary at \S{0,320}?"
    r"libbitsandbytes_(?:rocm|hip))"
)
_BNB_ROCM_SETUP: Final = re.compile(r"ROCm Setup failed despite ROCm being available")
# issue 38: a bitsandbytes release built for CUDA only, imported under torch's ROCm build,
# where torch.version.cuda is None: its CUDA-version probe fails on it. 0.38-0.42's
# cuda_setup/main.py and 0.43-0.45's cuda_specs.py get_cuda_version_tuple both run
# `major, minor = map(int, torch.version.cuda.split("."))` (the traceback's source line),
# raising "AttributeError: 'NoneType' object has no attribute 'split'", which 0.43's
# cextension.py logs as "Could not load bitsandbytes native library: {e}". The source line
# and the library's log line say it; the bare AttributeError only beside them.
_BNB_CUDA_NONE: Final = re.compile(
    r"torch\.version\.cuda\.split\(|Could not load bitsandbytes native library: 'NoneType' "
    r"object has no attribute 'split'"
)
_NONE_SPLIT: Final = re.compile(r"AttributeError: 'NoneType' object has no attribute 'split'")
# issue 38 (s7-build): 0.43-0.45's cextension.py after that failure, only where
# torch.cuda.is_available() (`if torch.cuda.is_available(): logger.warning("CUDA Setup failed
# despite CUDA being available. …")`; bitsandbytes-foundation/bitsandbytes @ 0.43.1): beside
# the probe's failure on torch.version.cuda None it says torch sees a GPU through torch.cuda
# with no CUDA version, which is torch's ROCm (HIP) build.
_BNB_CUDA_AVAILABLE: Final = re.compile(r"CUDA Setup failed despite CUDA being available")
# The same failure later: with no library loaded, cextension.py leaves `lib = None` and
# functional.py's first call of a C function on it raises ("'NoneType' object has no attribute
# 'cquantize_blockwise_fp16_nf4'", Comfy-Org/ComfyUI#5163; functional.py's
# lib.cquantize_blockwise_*, lib.cdequantize_blockwise_*, lib.cadam32bit_grad_*, lib.cgemm_4bit_*,
# lib.cigemm, lib.cget_col_row_stats).
_BNB_LIB_NONE: Final = re.compile(
    r"'NoneType' object has no attribute 'c(?:quantize|dequantize|adam|gemm|igemm|get_col_row)"
)
# A torch wheel's file name or pip's "torch-2.0.1+rocm5.4.2" for torch's ROCm build, in prose.
_TORCH_ROCM_WHEEL: Final = re.compile(
    r"(?<![\w.])torch-(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\+rocm\d{1,2}(?:\.\d{1,2}){0,2})(?![\w])"
)

# issue 38: Intel Extension for PyTorch beside a torch of another x.y. IPEX's own check at
# import compares the two x.y and exits (intel/intel-extension-for-pytorch
# intel_extension_for_pytorch/__init__.py: "ERROR! Intel® Extension for PyTorch* needs to work
# with PyTorch {ipex x.y}.*, but PyTorch {torch.__version__} is found. Please switch to the
# matching version and run again."; its C++ twin in csrc says "PyTorch/libtorch"). Matched
# from "Extension for" on, as the ® is often mangled ("IntelÂ®"). The value: "IPEX-x.y torch".
# issue 38 (widened): its Python message split by a backslash inside the string in IPEX 2.x
# (a backslash-newline continues the literal, so the indent of its next line stands between
# "PyTorch" and "{0}.*"), the star escaped by Markdown ("PyTorch\*"), and accelerate's and
# transformers' own wording of the same check, which then leaves IPEX unused
# (huggingface/accelerate src/accelerate/utils/imports.py is_ipex_available: "Intel Extension
# for PyTorch {x.y} needs to work with PyTorch {x.y}.*, but PyTorch {torch} is found. Please
# switch to the matching version and run again.").
_IPEX_TORCH: Final = re.compile(
    r"Extension for PyTorch(?:\\?\*| \d{1,2}\.\d{1,3}) {1,4}needs to work with PyTorch"
    r"(?:/libtorch)? {1,12}(\d{1,2}\.\d{1,3})\.\\?\*, {1,12}but PyTorch(?:/libtorch)? "
    r"(\d{1,2}\.\d{1,3}[\w.+]{0,40}) is found"
)

# issue 38: a library's version pin refused. transformers' require_version (transformers/utils/
# versions.py _compare_versions: raise ImportError(f"{requirement} is required for a normal
# functioning of this module, but found {pkg}=={got_ver}.{hint}")), which LLaMA-Factory
# (src/llamafactory/extras/misc.py check_version: hint "To fix: run `pip install …` or set
# `DISABLE_VERSION_CHECK=1` to skip this check."), trl, peft, diffusers and axolotl call; read
# around its fixed words (the requirement is the word before them, the package and version
# after "but found"), the two halves also across a wrapped line.
_PIN_WORDS: Final = " is required for a normal functioning of this module"
_PIN_FOUND: Final = re.compile(
    r"^\s{0,8},?\s{0,4}but found ([A-Za-z0-9][\w.-]{0,80})==([0-9][\w.+!-]{0,40})"
)
# A requirement as require_version takes it: a name, then comparisons joined by commas.
_REQUIREMENT: Final = re.compile(
    r"([A-Za-z0-9][\w.-]{0,80})((?:===?|!=|<=?|>=?|~=)[\w.*+!-]{1,40}"
    r"(?:,(?:===?|!=|<=?|>=?|~=)[\w.*+!-]{1,40}){0,8})"
)
# pip's resolver after an install that left an installed requirement unmet (pip/_internal/
# commands/install.py _warn_about_conflicts: "{name} {version} requires {requirement}, but you
# have {dep_name} {dep_version} which is incompatible."; "you'll have" from the legacy
# resolver; before pip 20.3, pip/_internal/commands/install.py "{name} {version} has
# requirement {requirement}, but you'll have …"), read around its fixed words.
_PACKAGE_NAME: Final = re.compile(r"[A-Za-z0-9][\w.-]{0,80}")
_PACKAGE_VERSION: Final = re.compile(r"[0-9][\w.+!-]{0,40}")
_CONFLICT_WORDS: Final = (", but you have ", ", but you'll have ")
_CONFLICT_TAIL: Final = re.compile(
    r"([A-Za-z0-9][\w.-]{0,80}) ([0-9][\w.+!-]{0,40}) which is incompatible"
)
# pip refusing a package whose Requires-Python excludes this Python (pip/_internal/resolution/
# legacy/resolver.py _check_dist_requires_python: UnsupportedPythonVersion(f"Package
# {dist.raw_name!r} requires a different Python: {version} not in {requires_python!r}")).
_PYTHON_REFUSED: Final = re.compile(
    r"Package '([A-Za-z0-9][\w.-]{0,80})' requires a different Python: "
    r"(\d\.\d{1,2}(?:\.\d{1,2})?) not in '([^'\n]{1,80})'"
)
# issue 38 (s15-wheeltag): a package's own setup script refusing this interpreter, which it
# runs when pip asks the build backend for its requirements (before, or without, any
# Requires-Python pip reads): coqui-ai/TTS setup.py's guard, RuntimeError("TTS requires python
# >= 3.9 and < 3.12 but your Python version is {sys.version}") (0.0.11's: ">= 3.6 and <3.9");
# numba's and llvmlite's setup.py _guard_py_ver, RuntimeError("Cannot install on Python
# version {}; only versions >={},<{} are supported."); SeismicMesh 3.4 setup.py's "Python
# 3.9.0 or higher is not yet supported, please use an older Python version.". The value:
# "spec python" (the Python empty where the words do not name it); the name: the package
# where the words name it (TTS's).
_PYTHON_VERSION: Final = r"(3\.\d{1,2}(?:\.\d{1,2})?)"
_GUARD_BOUNDS: Final = re.compile(
    rf"requires [Pp]ython >= ?{_PYTHON_VERSION} and < ?{_PYTHON_VERSION},? but your Python "
    rf"version is {_PYTHON_VERSION}"
)
_GUARD_ONLY: Final = re.compile(
    rf"Cannot install on Python version {_PYTHON_VERSION}; only versions "
    r"(>=3\.\d{1,2}(?:\.\d{1,2})?,<3\.\d{1,2}(?:\.\d{1,2})?) are supported"
)
_GUARD_NOT_YET: Final = re.compile(
    rf"Python {_PYTHON_VERSION} or (?:higher|newer|later) is not (?:yet )?supported"
)
# pip finding no release of a requirement for this interpreter and platform (pip/_internal/
# resolution/resolvelib/factory.py: "Could not find a version that satisfies the requirement %s
# (from versions: %s)", DistributionNotFound(f"No matching distribution found for {req_disp}")).
# The value: the requirement, then the x.y series of the versions pip listed ("torch==1.13.1
# 2.0 2.1 2.2"; "none" where it listed none), where the line lists them; issue 38: after the
# requirer pip names ("requirement torch-xla==2.1.2 (from torch-neuronx) (from versions: …)",
# pip/_internal/req/constructors.py: a requirement's comes_from shown after it). issue 38
# (s17-wrongB): and after the requirement's environment marker, which pip prints with a
# dependency's requirement ("triton==2.0.0; platform_system == "Linux" (from torch==2.0.0)":
# packaging's Requirement.__str__ joins "; {marker}"); the requirer's name is kept, "from=torch".
# issue 38 (s18-npfine): a requirements file's line as the requirer, "(from -r requirements.txt
# (line 3))", its line number in parentheses of its own (pip/_internal/req/req_file.py
# handle_requirement_line: "{} {} (line {})".format("-c" if line.constraint else "-r",
# line.filename, line.lineno)), before the versions pip lists.
_NO_DISTRIBUTION: Final = re.compile(
    r"(?:No matching distribution found for|Could not find a version that satisfies the "
    r"requirement) ([A-Za-z0-9][\w.\[\],-]{0,80}(?:(?:===?|!=|<=?|>=?|~=)[\w.*+!-]{1,40})?)"
    r"(?:; [^()\n]{0,199}[^()\n ])?"
    r"(?: \(from (?!versions:)([^()\n]{1,200}?(?: \(line \d{1,7}\))?)\))?"
    r"(?: \(from versions: ([^()\n]{0,20000})\))?"
)
_NAME_CHARS: Final = frozenset(string.ascii_letters + string.digits + "_.-")
_LISTED_SERIES: Final = re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,3})(?:\.\d|\b)")
# issue 38: a version as pip lists it (PEP 440, a local part after "+").
_NEWEST: Final = re.compile(r"\d[\w.+!-]{0,60}")


def _leading(text: str, allowed: frozenset[str]) -> str:
    """The start of `text` made of `allowed` characters alone."""
    end = next((i for i, c in enumerate(text) if c not in allowed), len(text))
    return text[:end]


def _no_distribution(found: re.Match[str]) -> str:
    """The requirement pip found no release for, the x.y series it listed instead, and
    (issue 38) the newest release it listed, "newest=2.2.2": pip lists the versions sorted
    (resolvelib/factory.py: `sorted({c.version for c in cands})`), so the last one; (issue
    38, s17-wrongB) the package that required it, "from=torch", where pip names one."""
    requirer = _leading((found.group(2) or "")[:80], _NAME_CHARS)
    by = [f"from={requirer}"] if requirer[:1].isalnum() else []
    if found.group(3) is None:
        return " ".join((found.group(1), *by))
    listed = found.group(3)
    series = dict.fromkeys(m.group(1) for m in _LISTED_SERIES.finditer(listed))
    last = listed.rsplit(",", 1)[-1].strip()
    newest = [f"newest={last}"] if series and _NEWEST.fullmatch(last) else []
    # whether pip lists a build with a local version label ("2.1.0+440fd1bf20", PEP 440), which
    # only an index other than PyPI holds
    local = ["listed_local"] if "+" in listed else []
    return " ".join((found.group(1), *(list(series)[:60] or ["none"]), *newest, *local, *by))


# pip's list of the releases it skipped for their Requires-Python (pip/_internal/resolution/
# resolvelib/factory.py: "Ignored the following versions that require a different python
# version: %s", each "{version} Requires-Python {specifier}" joined by "; "), read after its
# fixed words with string operations. The versions are any package's the install looked at.
_IGNORED_WORDS: Final = "Ignored the following versions that require a different python version: "
_IGNORED_ENTRY: Final = " Requires-Python "
# issue 38 (s8-pip): pip's resolver refusing an install it cannot satisfy (pip/_internal/
# resolution/resolvelib/factory.py get_installation_error: "Cannot install {A} and {B}
# because these package versions have conflicting dependencies.", then "The conflict is caused
# by:" and one line per requirement, "The user requested {req}" or "{parent.name}
# {parent.version} depends on {req}", the requirement's specifiers joined by " and " in newer
# pips, "(from URL)" after a direct one; pip/_internal/exceptions.py ResolutionImpossible),
# read around its fixed words; a reporter's "vllm==0.8.5 depends on torch==2.6.0" too.
_DEPENDS_WORDS: Final = " depends on "
_REQUESTED_WORDS: Final = "The user requested "
_REQUIRES_WORDS: Final = " requires "
_IMPOSSIBLE: Final = re.compile(
    r"ResolutionImpossible|because these package versions have conflicting dependencies"
)
_SPEC_JOIN: Final = re.compile(r" and (?=[=<>!~])")
# issue 38 (s8-pip): pip discarding a file whose metadata gives another version than its name
# (pip/_internal/exceptions.py MetadataInconsistent: "Requested {ireq} has inconsistent
# {field}: expected {f_val!r}, but metadata has {m_val!r}"; "filename has" before pip 22),
# read around its fixed words: the package after "Requested ".
_INCONSISTENT_WORDS: Final = " has inconsistent version: "
_INCONSISTENT: Final = re.compile(
    r"(?:expected|filename has) '([^'\n]{1,60})', but metadata has '([^'\n]{1,60})'"
)
# LLaMA-Factory's own switch in its hint (extras/misc.py check_version: "… or set
# `DISABLE_VERSION_CHECK=1` to skip this check.").
_PIN_SKIP: Final = re.compile(r"DISABLE_VERSION_CHECK=1`? to skip this check")
# transformers' own check of its dependencies at import (transformers/utils/versions.py
# require_version_core: hint "Try: `pip install transformers -U` or `pip install -e '.[dev]'`
# if you're working with git main"), read by its last words.
_PIN_CORE: Final = re.compile(r"` if you're working with git main")
# pip's line before its conflicts (the same function: "pip's dependency resolver does not
# currently take into account all the packages that are installed. …").
_PIP_CONFLICTS: Final = re.compile(
    r"pip's dependency resolver does not currently take into account"
)

# issue 38: vLLM Ascend's compiled part missing from a source install. vLLM Ascend's C++
# extension, vllm_ascend/vllm_ascend_C (its custom operators, "_C_ascend", and the sleep-mode
# allocator), with the Ascend C kernels it links, libvllm_ascend_kernels.so, built by its
# setup.py only when COMPILE_CUSTOM_KERNELS is on (vllm_ascend/envs.py: "should only be set to
# False when running UT scenarios in an environment without an NPU"; a failed compile still
# installs, vllm-project/vllm-ascend#3342). Its import failing, as vllm_ascend prints it
# (vllm_ascend/device_allocator/camem.py: logger "Failed to import vllm_ascend_C:%s"; the
# custom-ops registration's "Failed to import 'vllm_ascend.vllm_ascend_C': …", as
# vllm-project/vllm-ascend#1249's log gives it): the module absent, its kernel library absent,
# or built against another torch (the loader's "undefined symbol", a path without spaces
# before it). The registration's bare "Failed to register custom ops, all custom ops will be
# disabled" is not read: the 0.7.x images, built without the kernels, print it as they serve.
_VLLM_ASCEND_C_IMPORT: Final = re.compile(
    r"\bFailed to import '?(?:vllm_ascend\.)?vllm_ascend_C'?: ?"
    r"(?:(No module named)|(libvllm_ascend_kernels\.so): cannot open|\S{1,250}: (undefined symbol))"
)
# Python's own words for the module absent (a traceback's ModuleNotFoundError).
_VLLM_ASCEND_C_MODULE: Final = re.compile(r"No module named 'vllm_ascend\.vllm_ascend_C'")
# torch's error for an operator its namespace lacks (torch/_ops.py _OpNamespace.__getattr__:
# "'_OpNamespace' '_C_ascend' object has no attribute 'weak_ref_tensor'"): the namespace
# vllm_ascend_C registers (csrc/torch_binding.cpp, vllm-ascend#3342's check).
_VLLM_ASCEND_C_OP: Final = re.compile(r"'_C_ascend' object has no attribute '(\w{1,80})'")
# vllm_ascend/device_allocator/camem.py, CaMemAllocator.get_instance: assert camem_available,
# "camem allocator is not available" (sleep mode asked, vllm_ascend_C not imported).
_VLLM_ASCEND_CAMEM: Final = re.compile(r"camem allocator is not available")

# issue 38: CANN's operator kernels. CANN ships its operators' compiled binaries in a package
# of their own per SoC (Ascend-cann-kernels-<soc>_<release>_linux*.run, the CANN installation
# guide's "Installing the Kernels operator package"; its later "ops" packages). Without it, or
# with another SoC's, the first operator fails: CANN's operator runtime ("EZ9999: … Op Equal
# does not has any binary.", its inner error EZ9999; opbase's NnopbaseCollecterWork: "Get path
# and read binary_info_config.json failed, please check if the opp_kernel package is
# installed!"); MindSpore's words for it, "Ascend opp_kernels is not installed"
# (Ascend/MindSpeed-LLM#2). The value: the operator's name, or the words matched.
_CANN_KERNELS: Final = re.compile(
    r"\bOp (\w{1,80}) does not has any binary"
    r"|please check if the opp_kernel package is installed"
    r"|\bopp_kernels? (?:package )?is not installed"
)
# CANN's Ascend C runtime refusing a kernel binary built for another SoC (ascendc_runtime.cpp,
# AscendCheckSoCVersion: "the socversion " + the binary's SoC + " of bin package does not match
# the current device socverison " + aclrtGetSocName() + ". Please modify default socversion in
# run.sh or execute run.sh with socversion parameter."; the SoCs compared by family: 910B/A3,
# first-generation 910, 310P, 310B). The value: "<the binary's SoC> <the device's SoC>".
_CANN_SOC_MISMATCH: Final = re.compile(
    r"\bthe socversion (Ascend\w{1,40}) of bin package does not match the current device "
    r"socverison (Ascend\w{1,40})"
)


def _vllm_ascend_c(found: re.Match[str]) -> str:
    """What the import failure shows: "not_built", "kernels" or "symbol"."""
    return "not_built" if found[1] else "kernels" if found[2] else "symbol"


# issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs.
# The loader's refusal of one of oneAPI's runtime libraries (glibc dlerror: "<soname>: cannot
# open shared object file"): the DPC++/SYCL runtime (libsycl.so.N), oneMKL's SYCL libraries
# (libmkl_sycl.so.N; oneMKL 2024 on splits them: libmkl_sycl_blas.so.4), the Unified Runtime
# (libur_loader.so.N). IPEX's XPU wheels, torch's and Triton's XPU builds link the release they
# were built with (IPEX's installation guides name one oneAPI Base Toolkit per release: "Intel®
# oneAPI Base Toolkit 2022.3" for 1.10.200+gpu, 2023.0 for 1.13.10+xpu, 2023.1 for
# 1.13.120+xpu; v2.1.20+xpu's release notes "Intel® oneAPI Base Toolkit 2024.1
# compatibility"), and each release bumps the sonames (libsycl.so.7 is 2024's, .so.8 2025's:
# intel/intel-xpu-backend-for-triton#3095). The soname may sit in quotes before another
# ("Import Error: "libmkl_sycl_blas.so.4" and "libze_loader.so.1" cannot open …",
# intel/intel-extension-for-pytorch#651): a bounded gap reaches the words.
_ONEAPI_LIBRARY: Final = re.compile(
    r"(?<![\w.-])(lib(?:sycl|mkl_sycl(?:_[a-z]{1,12})?|ur_loader)\.so(?:\.\d{1,3}){1,3})\b"
    r"[^\n]{0,60}?cannot open shared object file"
)
# IPEX's Windows XPU wheel refused by Windows' loader (intel_extension_for_pytorch/__init__.py
# loads each DLL of its bin folder with ctypes.WinDLL and re-raises, adding 'Error loading
# "<dll>" or one of its dependencies.'): WinError 126, a DLL it needs not found (the oneAPI
# runtime not installed or not activated, the MSVC redistributable missing), WinError 193, a
# DLL of another architecture, WinError 127, a procedure missing from another release's DLL.
# The value: the DLL's file name and the error's number, "intel-ext-pt-gpu.dll 126".
_IPEX_DLL: Final = re.compile(
    r"\[WinError (12[67]|193)\][^\n]{0,120}?Error loading \"[^\n\"]{0,300}?"
    r"intel_extension_for_pytorch[\\/]{1,2}bin[\\/]{1,2}([\w.-]{1,60}\.dll)\""
)
# The loader finding a oneAPI library of an older release first (glibc: "<path>/libur_loader.so.0:
# version `LIBUR_LOADER_0.10' not found (required by …/libsycl.so.8)"): an activated oneAPI
# (setvars.sh prepends its lib folders to LD_LIBRARY_PATH) ahead of the runtime torch's XPU
# wheel installed with pip (pytorch/pytorch#149953, with oneAPI 2025.1 activated under torch
# 2.6.0+xpu). The value: "library version required", "libur_loader.so.0 LIBUR_LOADER_0.10
# libsycl.so.8". The requiring library's path is read without spaces (a repeated prefix of the
# line's own words then cannot be rescanned by it).
_ONEAPI_VERSION_APART: Final = re.compile(
    r"(?<![\w.-])(lib(?:ur_loader|sycl|mkl_sycl(?:_[a-z]{1,12})?)\.so(?:\.\d{1,3}){1,3}): "
    r"version `([\w.]{1,40})' not found \(required by (?:[^\s)]{0,300}[/\\])?"
    r"(lib(?:sycl|ur_loader|mkl_sycl(?:_[a-z]{1,12})?)\.so(?:\.\d{1,3}){1,3})\)"
)
# torch's own warning when the XPU device it initialises is not on its support list
# (c10/xpu/XPUFunctions.cpp, torch 2.9 on: "The detected GPU (Intel(R) UHD Graphics 770) is not
# officially supported by PyTorch XPU. Running workloads on this device may result in
# unexpected behavior."): the GPU's name, parentheses and all, up to the closing words.
_XPU_GPU_UNSUPPORTED: Final = re.compile(
    r"The detected GPU \(([^\n]{1,120}?)\) is not officially supported by PyTorch XPU"
)
# issue 38: vLLM's KV cache shorter than the model's context, which it refuses to start with.
# Its V0 worker (vllm/worker/worker.py raise_if_cache_size_invalid): "The model's max seq len
# ({max_model_len}) is larger than the maximum number of tokens that can be stored in KV cache
# ({max_seq_len}). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when
# initializing the engine."; its V1 engine (vllm/v1/core/kv_cache_utils.py
# check_enough_kv_cache_memory): "To serve at least one request with the models's max seq len
# ({max_model_len}), ({needed:.2f} GiB KV cache is needed, which is larger than the available
# KV cache memory ({available:.2f} GiB)." (GB before vLLM 0.8). The value: the model's length
# and the cache's tokens ("4096 1216"), or its length, the GiB needed and the GiB there.
_VLLM_KV_TOKENS: Final = re.compile(
    r"max seq len \((\d{1,9})\) is larger than the maximum number of tokens that can be "
    r"stored in KV cache \((\d{1,12})\)"
)
_VLLM_KV_MEMORY: Final = re.compile(
    r"max seq len \((\d{1,9})\), \((\d{1,6}(?:\.\d{1,3})?) Gi?B KV cache is needed, which is "
    r"larger than the available KV cache memory \((-?\d{1,6}(?:\.\d{1,3})?) Gi?B\)"
)
# issue 38: text-generation-inference's token limits. Its router refuses a request over them
# (router/src/validation.rs ValidationError: "`inputs` tokens + `max_new_tokens` must be <=
# {0}. Given: {1} `inputs` tokens and {2} `max_new_tokens`", "`max_new_tokens` must be <= {0}.
# Given: {1}", "`inputs` must have less than {0} tokens. Given: {1}"); its launcher refuses
# limits that contradict each other (launcher/src/main.rs LauncherError::ArgumentValidation:
# "`max_input_tokens` must be < `max_total_tokens`", "`max_input_length` must be <
# `max_total_tokens`" before 2.0, "`max_input_tokens`({n}) must be < `max_total_tokens`({m})",
# "`max_batch_prefill_tokens` must be >= `max_input_tokens`. Given: {a} and {b}").
_TGI_REQUEST: Final = re.compile(
    r"`inputs` tokens \+ `max_new_tokens` must be <= (\d{1,9})"
    r"|`max_new_tokens` must be <= (\d{1,9})|`inputs` must have less than (\d{1,9}) tokens"
)
_TGI_LAUNCHER: Final = re.compile(
    r"`max_input_(?:tokens|length)`(?:\(\d{1,9}\))? must be < `max_total_tokens`"
    r"|`max_batch_prefill_tokens` must be >= `max_input_(?:tokens|length)`"
)
# issue 38: a serving image (TGI's, vLLM's vllm/vllm-openai) built for a CUDA newer than the
# host driver supports: the NVIDIA Container Toolkit's prestart hook compares the image's
# NVIDIA_REQUIRE_CUDA ("cuda>=12.4") with the driver's CUDA and refuses to start it
# (NVIDIA/libnvidia-container src/cli/common.c: "requirement error: unsatisfied condition:
# %s, please update your driver to a newer version, or use an earlier cuda container"; the
# toolkit's docs, "Specialized Configurations with Docker": NVIDIA_REQUIRE_CUDA).
_CONTAINER_CUDA: Final = re.compile(r"unsatisfied condition: cuda ?>= ?(\d{1,2}\.\d{1,2})")
# docker's wrapper of the same refusal, on the line before: "OCI runtime create failed: …
# error running hook #0: error running hook: exit status 1" (runc's prestart hook, which
# runs nvidia-container-cli); read as "hook", it names nothing without the line above.
_CONTAINER_HOOK: Final = re.compile(
    r"OCI runtime create failed: .{0,200}?error running (?:prestart )?hook #\d"
)
# CUDA error 222, cudaErrorUnsupportedPtxVersion (CUDA Runtime API, "Data types": "the
# provided PTX was compiled with an unsupported toolchain. The most common reason for this,
# is the PTX was generated by a compiler newer than what is supported by the CUDA driver").
_PTX_TOOLCHAIN: Final = re.compile(r"the provided PTX was compiled with an unsupported toolchain")
# issue 38: the Neuron runtime in a container apart from the host's. neuron-rtd (nrtd, the
# daemon of Neuron Runtime 1.x) at start: its device manager given no device ("[NMGR:
# kmgr_init_mlas] No devices specified"), its driver layer unable to open one ("[TDRV:
# tdrv_init_mla_phase1] Could not open the device index:0"); and the OCI hook of 1.0's
# aws-neuron-runtime-base mounting a device for docker and failing ("running prestart hook 0
# caused … error running hook: exit status 255, stdout: Mounting device=neuron0,
# hostDevPath=/dev/neuron0"). Runtime 1.1.1402.0 (the Neuron runtime release notes, 10/22/2020)
# moved to the Neuron kernel driver, aws-neuron-dkms, "required for regular operation of
# Neuron Runtime" and a dependency of aws-neuron-runtime-base: nrtd, runtime-base and the
# driver of two releases (1.1's nrtd over 1.0's runtime-base, or the reverse) leave the
# runtime no device.
_NRTD_DEVICES: Final = re.compile(
    r"\[NMGR:kmgr_init_mlas\] No devices specified"
    r"|\[TDRV:tdrv_init_mla_phase1\] Could not open the device index:\d{1,3}"
    r"|stdout: Mounting device=neuron\d{1,3}, hostDevPath=/dev/neuron\d{1,3}"
)
# nrtd's version at start ("[NRTD:nrtd_main] nrtd build using:1.1.1402.0"), and the lines that
# follow a failed start (nrtd's "[NRTD:InitTongas] Failed to initialize devices, error:2", the
# driver layer's teardown), which name no cause of their own.
_NRTD_BUILD: Final = re.compile(r"nrtd build using:(\d{1,2}\.\d{1,3}\.\d{1,6}\.\d{1,6})")
_NRTD_FAILED: Final = re.compile(
    r"\[NRTD:(?:InitTongas|nrtd_main)\] Failed to initialize devices"
    r"|\[TDRV:tdrv_destroy(?:_one_mla)?\] (?:TDRV not initialized|close device failed)"
)
# issue 38: NeuronCores held by another process. The Neuron runtime reserves every NeuronCore
# of the machine for the process that starts it unless NEURON_RT_VISIBLE_CORES or
# NEURON_RT_NUM_CORES says fewer, and "once a NeuronCore is reserved for a process, it cannot be
# used by another process at all, until the process reserving that NeuronCore is terminated"
# (the Neuron Runtime configuration guide, "NeuronCore allocation",
# https://awsdocs-neuron.readthedocs-hosted.com/en/latest/neuron-runtime/guides/
# configuration-guide.html). What a second process is told: NRT's core allocation failing
# ("ERROR  NRT:nrt_allocate_neuron_cores  NeuronCore(s) not available - Requested:1
# Available:0", the torch-neuronx training troubleshooting guide's heading), torch-neuronx's
# DataParallel ("Neuron runtime cannot be initialized; cannot determine the number of available
# NeuronCores", aws-neuron/aws-neuron-samples#44, fixed by ending the notebook processes).
_NEURON_CORES: Final = re.compile(
    r"(?i:error)\s{1,40}NRT:nrt_allocate_neuron_cores"
    r"|NeuronCore\(s\) not available - Requested:\s?\d{1,3},?\s{0,4}Available:\s?\d{1,3}"
    r"|cannot determine the number of available NeuronCores"
)
# issue 38: torch-neuron / torch-neuronx pinning one torch. torch-neuron (Inf1) checks at
# import that its own version starts with torch's, its first three parts being the torch it
# was built against, and refuses another: torch_neuron/__init__.py line 29, f'Invalid
# dependency version torch=={torch.__version__}. ' then f'Expected torch=={version}', as the
# PyTorch Neuron release notes quote it (aws-neuron/aws-neuron-sdk, release-notes torch-neuron
# "Known Issues and Limitations"). The value: the torch found, then the one expected.
_NEURON_TORCH: Final = re.compile(
    r"Invalid dependency version torch==(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?:\+\w{1,20})?)\.?"
    r" {0,4}Expected torch==(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)"
)
# issue 38: the torch a Neuron framework requires, as pip's resolver writes it
# (pip/_internal/resolution/resolvelib/reporter.py and factory.py: "The conflict is caused by:"
# then "{name} {version} depends on {requirement}") and as a reporter writes it in a sentence
# ("The latest version of `torch-neuronx` requires torch `2.1.2`", pytorch/serve#3177); the
# version or series only (the value: the framework, then it).
_NEURON_REQUIRES: Final = re.compile(
    r"(?<![\w/.-])(torch[-_]neuronx?)`?(?: \d{1,2}(?:\.\d{1,6}){3,6})?\s{1,4}"
    r"(?:requires|depends on|needs)\s{1,4}`?torch`?\s{0,4}(?:==\s{0,2})?`?"
    r"(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)(?:\.\*)?(?![\w.])"
)
# issue 38: and torch held at a version by the reporter's own pin ("torch was pinned to `1.13`",
# pytorch/serve#3177), the torch installed beside it.
_TORCH_PINNED_TO: Final = re.compile(
    r"(?<![\w-])torch`?\s{1,4}(?:was|is)\s{1,4}(?:pinned|fixed|locked)\s{1,4}(?:to|at)\s{1,4}`?"
    r"(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)(?![\w.])"
)
# IPEX's DLL refusal (_IPEX_DLL) where the DLL's path is cut, as an issue's title gives it
# after IPEX's name ('ipex-xpu "OSError: [WinError 126] The specified module could not be
# found." on windows', intel/intel-extension-for-pytorch#429). The value: "? 126", no DLL named.
_IPEX_DLL_CUT: Final = re.compile(
    r"(?i:\bipex\b|intel_extension_for_pytorch)[^\n]{0,80}?\[WinError (12[67]|193)\]"
)
# issue 38 (s6-macintel): CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol.
# A macOS platform tag, in a wheel's file name pip fetches ("torch-2.5.0-cp312-none-macosx_11_0
# _arm64.whl", the tag PEP 425 / packaging.tags.mac_platforms gives macOS) or in uv's hint
# ("You're on macOS (`macosx_26_0_arm64`)"): the machine is a Mac. The value: the tag.
_MACOS_WHEEL: Final = re.compile(r"\b(macosx_\d{1,2}_\d{1,2}_(?:arm64|x86_64|universal2))\b")
# pip fetching the source of a package that ships wheels for Linux and Windows only and builds
# CUDA code from it: xformers (its PyPI files: manylinux x86_64 and win_amd64 wheels and the
# sdist; README "Installing xFormers": "Recommended, Windows & Linux"). pip's own lines
# (pip/_internal/operations/prepare.py: "Using cached %s", "Downloading %s"). The value: the
# package.
# issue 38: a library on hardware it does not support (xformers on a Mac): pip building it
# (pip/_internal/wheel_builder.py: "Building wheel for %s (%s)"), or a reporter's words that
# installing or building xformers fails ("安装不上xformers包", "can't install xformers"; the
# boundaries are ASCII ones, CJK characters being word characters to Python's regex).
_XFORMERS_BUILD: Final = re.compile(
    r"Building wheel for xformers \(|(?i:(?:install|build|安装)[^\n]{0,40}?"
    r"(?<![A-Za-z0-9_])xformers(?![A-Za-z0-9_]))|(?i:(?<![A-Za-z0-9_])xformers[^\n]{0,40}?"
    r"(?:install|build|安装))"
)
# pip's note under a failed build's output (pip/_internal/exceptions.py DiagnosticPipError's
# note_stmt: "This error originates from a subprocess, and is likely not a problem with pip.").
_PIP_SUBPROCESS_NOTE: Final = re.compile(r"This error originates from a subprocess")
# The Mac named in words: "macos M1", "on Mac", "Mac / M1", "MacBook Pro", "Mac mini".
_MAC_NAMED: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(mac ?os|macbook(?: pro| air)?|mac ?mini|mac studio|apple silicon"
    r"|on (?:a |my )?mac|mac ?/ ?m[1-4]"
    # "In MAC - …" as a title says it, "Mi MAC" (Spanish; chenfei-wu/TaskMatrix#341)
    r"|in (?:a |my )?mac|mi mac"
    # issue 38 (s21-container): "Apple Mac Silicon" (huggingface/text-embeddings-inference#131)
    r"|apple mac"
    # issue 38 (s13-wheels): "Mac osx", "macOS X" (Apple's name for it before macOS 10.12)
    r"|mac ?os ?x"
    # issue 38 (s8-platform): the chip before the word ("m1 mac", "m1 chip computer"), or MPS
    # before the chip ("on MPS M2")
    r"|m[1-5](?: pro| max| ultra)? (?:mac|chip)|mps m[1-5]"
    # issue 38 (s9-precision): the Mac's GPU named as where it ran ("unavailable on MPS"):
    # torch's MPS backend runs on macOS alone (https://pytorch.org/docs/stable/notes/mps.html)
    r"|on (?:the )?mps"
    # issue 38 (s13-prose): an Intel Mac ("Intel Mac", "Intel-based MacBook Pro", "Mac
    # (Intel)"), and Rosetta 2, Apple's x86_64 translation, which runs only on macOS
    # (support.apple.com/102527: "Rosetta 2 enables a Mac with Apple silicon to use apps
    # built for a Mac with an Intel processor")
    r"|intel(?:[- ]based)? mac(?:book(?: pro| air)?)?|mac ?\(intel\)"
    r"|(?:under|via|in|with|through|using) rosetta(?: ?2)?|rosetta ?2)(?![A-Za-z0-9_])"
)
# issue 38 (s21-container): a Linux container named: Docker (`docker run`, a Dockerfile,
# Docker Desktop, /.dockerenv, which Docker creates in every container), Podman, a dev
# container, a compose service's container, or "linuxkit" in the kernel's name (Docker
# Desktop's Linux VM on macOS and Windows runs a LinuxKit kernel: a collect_env's
# "Linux-5.15.49-linuxkit-aarch64").
_CONTAINER_NAMED: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(docker[ -](?:run|build|compose|container|image|desktop|exec)"
    r"|dockerfile|dockerenv|docker|podman|devcontainer|linuxkit"
    # docker compose's progress line for a service's container ("✔ Container reranker  Created")
    r"|container [^ ]+ +(?:created|started|recreated|running))(?![A-Za-z0-9_])"
)
# issue 38 (s21-container): Apple's GPU wanted or failing: Metal (a Rust build's `--features
# metal`, candle's Metal kernels; gcc's "cannot execute 'cc1obj'", its Objective-C compiler
# missing, as Metal's Objective-C bindings (the objc_exception crate) build on Linux) ...
_METAL_NAMED: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(metal|cc1obj|objc_exception)(?![A-Za-z0-9_])"
)
# ... or MPS, torch's backend for it, where the words make it the device: "MPS not available",
# "mps devices" (torch's "PyTorch is not linked with support for mps devices",
# c10/core/impl/DeviceGuardImplInterface.h getDeviceGuardImpl), "with mps", "on the MPS",
# torch.backends.mps, device="mps" or "device: mps" (never the word alone: NVIDIA's
# Multi-Process Service is MPS too, and a three-letter word is no message)
_MPS_WANTED: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(mps (?:not|devices?|backend|is|support|acceleration|gpu|mode)"
    r"|(?:on|to|with|for|using|use|via|in|inside) (?:the )?mps"
    r"|backends\.mps|device[=:] ?[\"']?mps|[\"']mps[\"'])(?![A-Za-z0-9_])"
)
# issue 38 (s12-osbuild): a Linux machine on an Arm CPU: "aarch64" (the Linux kernel's and
# platform.machine()'s name for 64-bit Arm; a wheel's manylinux_*_aarch64 tag, PEP 600),
# "linux/arm64" and "linux-arm64" (Docker's and conda's platform names), "Ubuntu on ARM", and
# the NVIDIA machines whose CPU is Arm: Jetson (Jetson Linux is an aarch64 L4T, NVIDIA's Jetson
# Linux Developer Guide) and DGX Spark (GB10: a 20-core Arm CPU, NVIDIA's DGX Spark page). Not
# "arm64" alone: macOS says it of Apple silicon, which PROSE_MAC and the Mac's lines read.
# issue 38 (s13-prose): and a Linux named with arm64 ("Ubuntu arm64", "arm64 Linux"), the
# Arm servers by name: AWS Graviton (aws.amazon.com/ec2/graviton: "processors … built using
# 64-bit Arm Neoverse cores"), NVIDIA Grace and the superchips built on it (GH200, GB200:
# NVIDIA's Grace CPU page, "72 Arm Neoverse V2 cores"), and the Raspberry Pi (an Arm board,
# raspberrypi.com/products).
_ARM_LINUX: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9])(aarch64|linux ?[/-] ?arm64|(?:ubuntu|linux) on arm\b"
    r"|jetson(?: (?:nano|xavier|orin|tx2|agx))?|dgx spark"
    r"|(?:ubuntu|debian|linux)(?: \d\d\.\d\d)? arm64|arm64 (?:linux|ubuntu|debian)"
    r"|graviton ?[2-4]?|(?:nvidia )?grace(?: hopper| blackwell| cpu)|g[hb]200"
    r"|raspberry ?pi(?: ?[3-5])?)"
    r"(?![A-Za-z0-9])"
)
# issue 38 (s18-mend-misc): a Linux machine on a 32-bit Arm CPU: "armv7l" and "armv6l" (the
# Linux kernel's uname -m, platform.machine(), and a wheel's linux_armv7l tag, PEP 425) and
# "armhf" (Debian's name for its 32-bit hard-float Arm port, wiki.debian.org/ArmHardFloatPort)
_ARM32_LINUX: Final = re.compile(r"(?<![A-Za-z0-9])(armv[67]l|armhf)(?![A-Za-z0-9])")
# issue 38 (s13-wheels): the packages a failed build was of, as the installers name them:
# pip's "ERROR: Failed building wheel for %s" (pip/_internal/wheel_builder.py), its summary
# "Failed to build %s" (pip/_internal/commands/install.py, the names joined by spaces) and from
# pip 24.1 "Failed to build installable wheels for some pyproject.toml based projects (%s)"
# (the same file, the names joined by ", "), uv's "Failed to build `%s`" (astral-sh/uv
# crates/uv-distribution, "Failed to build `flash-attn==2.7.4`"); and pip's lines over the
# build's output, "× Building wheel for %s (pyproject.toml) did not run successfully."
# (pip/_internal/exceptions.py InstallationSubprocessError: f"{command_description} did not run
# successfully.") and its spinner's "Building wheel for %s (pyproject.toml) ... error". The
# value: the names, canonical (PEP 503), joined by spaces.
_BUILD_FAILED_FOR: Final = re.compile(
    r"Building wheel for ([A-Za-z0-9][\w.-]{0,80}) \([\w. ]{1,20}\) (?:did not run successfully"
    r"|\.\.\. error)"
    # issue 38 (s15-realrec): pip's legacy `setup.py install` of a package it builds no wheel
    # for (--global-option then implied it; pip 23.1's changelog removes that path):
    # pip/_internal/operations/install/legacy.py install(), its spinner "Running setup.py
    # install for %s" ending "... error"
    r"|Running setup\.py install for ([A-Za-z0-9][\w.-]{0,80}) \.\.\. error"
    r"|Failed to build installable wheels for some pyproject\.toml based projects "
    r"\(([^()\n]{1,400})\)|Failed building wheel for ([A-Za-z0-9][\w.-]{0,80})"
    r"|Failed to build `([A-Za-z0-9][\w.-]{0,80})|Failed to build ([A-Za-z0-9][\w., -]{0,400})"
)
_BUILD_NAME: Final = re.compile(r"[A-Za-z0-9][\w.-]{0,80}")


def _build_failed_for(found: re.Match[str]) -> str:
    """The canonical names of the packages a failed build names, joined by spaces."""
    said = next(group for group in found.groups() if group is not None)
    names = [versions.canonical_name(n) for n in _BUILD_NAME.findall(said.replace(",", " "))]
    return " ".join(list(dict.fromkeys(names))[:20])


# issue 38 (s13-wheels): the Python x.y an environment's site-packages path is of, as a
# traceback prints it: CPython's sysconfig "posix_prefix" scheme puts purelib at
# {base}/lib/python{py_version_short}/site-packages (Debian's "dist-packages"), its "nt" scheme
# at {base}/Lib/site-packages with the version in the install directory's name (python.org's
# installer: "Python311"). The value: "3.11".
_PYTHON_LIB_PATH: Final = re.compile(
    r"[/\\]python(3\.\d{1,2})[/\\](?:site|dist)-packages\b"
    r"|[/\\]Python3(\d{1,2})[/\\]Lib[/\\]site-packages\b"
)


# issue 38 (s13-wheels): a Mac with an Intel CPU named in words ("Intel iMac", "an intel
# MacBook Pro", "MacOS intel chip", "Mac (Intel)"): an x86_64 machine, whose Apple-silicon
# words elsewhere in a thread are another machine's.
_INTEL_MAC: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:intel(?:-based| based)? (?:i?mac(?:book(?: pro| air)?)?s?|mac ?os)"
    r"|(?:i?mac(?:book(?: pro| air)?)?|mac ?os) \(?intel(?: chip)?\)?)(?![A-Za-z0-9])"
)


def _python_of_path(found: re.Match[str]) -> str:
    return found.group(1) or f"3.{found.group(2)}"


# issue 38 (s13-wheels): setuptools' build directories, named after the interpreter that builds
# ("build/lib.linux-x86_64-cpython-311", "build\\temp.win-amd64-cpython-312": setuptools/
# _distutils/command/build.py, f".{self.plat_name}-{sys.implementation.cache_tag}", the
# platform sysconfig.get_platform() names). The value: "3.11 linux-x86_64".
# issue 38 (s15-toolchain): and distutils' name before the cache tag, the platform and
# sys.version's x.y ("build/temp.linux-x86_64-3.10": distutils/command/build.py,
# ".%s-%d.%d" % (self.plat_name, *sys.version_info[:2]), as setuptools 61 and older wrote it).
_PYTHON_BUILD_DIR: Final = re.compile(
    r"[/\\](?:lib|temp)\.((?:linux|win|macosx)[\w.-]{0,40}?)-(?:cpython-3(\d{1,2})|3\.(\d{1,2}))"
    r"\b"
)
# issue 38 (s13-wheels): the source distribution pip fetches where no wheel fits (pip/_internal/
# operations/prepare.py: "Downloading %s", "Using cached %s"; "Processing %s" for a file), its
# name the sdist's "{name}-{version}.tar.gz" (PEP 625; older ones .zip). The value: "name
# version", the name canonical. issue 38 (s15-toolchain): also as a docker build prints pip's
# lines, each after BuildKit's step number and elapsed seconds ("#19 189.4   Downloading …":
# moby/buildkit util/progress/progressui/printer.go, textMux, "#%d %s" with the time in front).
_PIP_SDIST_RELEASE: Final = re.compile(
    r"^(?:#\d{1,4} \d{1,6}\.\d{1,3} )?[\s>]{0,8}(?:Using cached|Downloading|Processing) "
    r"(?:[^\s]{0,300}/)?"
    r"([A-Za-z0-9][\w.-]{0,80}?)-(\d[\w.+!]{0,40}?)\.(?:tar\.gz|zip)\b"
)


# issue 38 (s18-since): what pip installed, its last line (pip/_internal/commands/install.py,
# InstallCommand.run: write_output("Successfully installed %s", installed_desc), each item
# "{name}-{version}"). The value: "name version" pairs, each name canonical.
_PIP_INSTALLED: Final = re.compile(r"^[\s>]{0,8}Successfully installed ([^\n]{1,4000})")


def _pip_installed(match: re.Match[str]) -> str:
    pairs = []
    for item in match[1].split():
        name, _, version = item.rpartition("-")
        if name and version[:1].isdigit() and versions.is_name(name):
            pairs.append(f"{versions.canonical_name(name)} {version}")
    return " ".join(pairs)


# issue 38 (s18-since): the releases an install command names: a pin ("name==version", PEP
# 440's version matching) or a wheel's file name ("{name}-{version}(-{build})?-{python}-{abi}-
# {platform}.whl", PEP 427). The value: "name version" pairs, each name canonical.
_PIP_REQUESTED: Final = re.compile(r"\b(?:pip3?|uv pip) install ([^\n]{1,600})")


def _pip_requested(match: re.Match[str]) -> str:
    pairs = []
    for word in match[1].replace('"', " ").replace("'", " ").replace("`", " ").split():
        item = word.rstrip(".,;:)")  # a sentence's end after the command
        name, pinned, version = item.partition("==")
        if not pinned and item.endswith(".whl"):
            name, _, rest = item.rsplit("/", 1)[-1].partition("-")
            version = rest.split("-", 1)[0]
        name = name.split("[", 1)[0]
        if version[:1].isdigit() and versions.is_name(name):
            pairs.append(f"{versions.canonical_name(name)} {version}")
    return " ".join(pairs)


_PIP_SDIST: Final = re.compile(
    r"^\s{0,8}(?:Using cached|Downloading) (xformers)-\d[\w.+]{0,40}\.tar\.gz\b"
)
# uv refusing a release with no wheel for this platform (astral-sh/uv crates/uv-resolver
# resolution/…, "can't be installed because it doesn't have a source distribution or wheel
# for the current platform"; its hint "You're on macOS (`macosx_26_0_arm64`), but
# `bitsandbytes` (v0.45.0) only has wheels for the following platforms: …"). The value: the
# package.
_NO_PLATFORM_WHEEL: Final = re.compile(
    r"Distribution `([A-Za-z0-9][\w.-]{0,80})[=<>!~ ][^`\n]{0,120}` can't be installed because "
    r"it doesn't have a source distribution or wheel for the current platform"
)
# issue 38 (s10-platform): the other installers' words for a package with no file this machine
# can install. poetry: PoetryRuntimeError(reason=f"Unable to find installation candidates for
# {package}") (python-poetry/poetry src/poetry/installation/chooser.py, master 2026-06; 1.x
# raised RuntimeError in the same words), a Package printed as "name (version)". The value:
# "name==version".
_POETRY_NO_CANDIDATES: Final = re.compile(
    r"Unable to find installation candidates for ([A-Za-z0-9][\w.-]{0,80}) "
    r"\(([0-9][\w.+!-]{0,40})\)"
)
# poetry's line for the package it failed to install, above the error (python-poetry/poetry
# src/poetry/installation/executor.py, _execute_operation: "  - Installing triton (2.2.0):
# Failed"). The value: the package.
_POETRY_FAILED: Final = re.compile(
    r"^\s{0,12}[-•] (?:Installing|Updating|Downgrading) ([A-Za-z0-9][\w.-]{0,80}) "
    r"\([^)\n]{1,80}\): Failed\b"
)
# poetry 2's account of the files it skipped (src/poetry/installation/chooser.py,
# _no_links_found_error: "{n} wheel(s) were skipped as your project's environment does not
# support the identified abi tags"). The value: the count.
_POETRY_TAGS_SKIPPED: Final = re.compile(
    r"(\d{1,5}) wheel\(s\) were skipped as your project's environment does not support the "
    r"identified abi tags"
)
# uv: the reason its resolver gives for a release it cannot use (astral-sh/uv crates/
# uv-distribution-types/src/prioritized_distribution.rs, IncompatibleDist's Display, 2026-08:
# "no wheels with a matching platform tag", "… Python ABI tag", "… Python version tag", "…
# Python implementation tag"; its tag hint names this machine's tag, "(e.g., `cp312`)"), in
# its report "Because triton==3.0.0 has no wheels with a matching platform tag (e.g.,
# `macosx_14_0_arm64`) and …". The value: "name kind tag" (kind: platform, abi, version,
# implementation; tag "" where uv names none); issue 38 (s13-wheels): "name==1.0 kind tag"
# where uv names the release.
_UV_NO_TAG: Final = re.compile(
    r"\b([A-Za-z0-9][\w.-]{0,80})(==[\w.+!-]{1,40}|[=<>!~]=?[\w.*+!-]{1,40})? has no wheels "
    r"with a matching (platform|Python ABI|Python version|Python implementation) tag"
    r"(?: \(e\.g\., `([\w.]{1,60})`\))?"
)
# uv's hint where a locked release has no wheel for this platform (astral-sh/uv crates/
# uv-resolver/src/lock/mod.rs, 2026-08: "You're on {}, but {} only has wheels for the following
# platform{s}: {}", the first a name and this machine's tag, "macOS (`macosx_14_0_x86_64`)",
# the second "`torch` (v2.8.0)"). The value: "name==version platform tag", as _UV_NO_TAG's.
_UV_ONLY_WHEELS: Final = re.compile(
    r"You're on [\w. ]{1,40}? \(`([\w.]{1,60})`\), but `([A-Za-z0-9][\w.-]{0,80})` "
    r"\(v([\w.+!-]{1,40})\) only has wheels for the following platform"
)
# pip refusing a wheel file it is given (a path, a URL, a requirements line) whose tags this
# interpreter does not support (pypa/pip src/pip/_internal/resolution/resolvelib/factory.py,
# 2026-08: f"{link.filename} is not a supported wheel on this platform."; legacy/resolver.py the
# same). The file's name is PEP 427's {name}-{version}(-{build})?-{python}-{abi}-{platform}.whl.
# The value: "name python abi platform".
_WHEEL_REFUSED: Final = re.compile(
    r"\b([A-Za-z0-9][\w.]{0,80})-[0-9][\w.+!%]{0,60}(?:-\d\w{0,20})?-([\w.]{1,40})-([\w.]{1,40})"
    r"-([\w.]{1,80})\.whl is not a supported wheel on this platform"
)
# uv's hint for a wheel file (a URL or path requirement) of another platform or Python
# (astral-sh/uv crates/uv-installer/src/plan.rs, 2026-08: "The wheel is compatible with {},
# but you're on {}" / "… but you're using {}", each side a name and its tag: "Linux
# (`linux_x86_64`)", "CPython 3.12 (`cp312`)"). The value: "wheel's tag, this machine's tag".
_UV_WHEEL_APART: Final = re.compile(
    r"The (?:wheel|distribution) is compatible with [\w. ]{1,40}? \(`([\w.]{1,60})`\), "
    r"but you're (?:on|using) [\w. ]{1,40}? \(`([\w.]{1,60})`\)"
)
# torch's CPU library wanting the JIT-profiling API oneMKL 2024.0 and earlier export
# (iJIT_NotifyEvent, iJIT_IsProfilingActive, iJIT_GetNewMethodID; Intel's ittapi
# jitprofiling.h): oneMKL 2024.1 removed them (pytorch/pytorch#123097, "ImportError `undefined
# symbol: iJIT_NotifyEvent` encountered when MKL 2024.1 is installed"), so a newer oneMKL found
# first (an activated oneAPI 2024.1 or later, conda's mkl 2024.1) breaks import torch. The value:
# the symbol.
_MKL_IJIT: Final = re.compile(
    r"undefined symbol: (iJIT_(?:NotifyEvent|IsProfilingActive|GetNewMethodID))\b"
)
# A reporter's words that XPU work takes minutes or never ends ("GPU hangs for several minutes
# when first calling tensor.to(\"xpu\")", "ipex init … is extremely slow 5-10 minutes … for the
# first time"): read on a line that names XPU or IPEX within a bounded stretch; the XPU rule
# (diagnosis/pasted.py _xpu_jit) keeps only a line that also says "first". The value: the words.
# issue 38: and "still pending" after an hour (intel/intel-extension-for-pytorch#645, on a
# Windows iGPU), on a line that names the integrated GPU instead of XPU ("iGPU", "Meteor Lake",
# "Core Ultra": the integrated GPUs whose first run compiles, ipex-llm's FAQ).
_SLOW: Final = (
    r"(hangs?|stuck|takes? forever|(?:several|\d{1,3}(?:-\d{1,3})?) minutes"
    r"|(?:quite )?a long time|(?:extremely|very) slow|still pending)"
)
_XPU_WORDS: Final = r"(?:xpu|ipex|iGPU|Meteor Lake|Core Ultra)"
_SLOW_WORDS: Final = re.compile(
    rf"(?i)\b{_XPU_WORDS}\b[^\n]{{0,200}}?\b{_SLOW}\b"
    rf"|\b{_SLOW}\b[^\n]{{0,200}}?\b{_XPU_WORDS}\b"
)

# issue 38: ROCm device nodes this user cannot open. rocminfo's start (ROCm/rocminfo
# rocminfo.cc, CheckInitialState) opens /dev/kfd read-write and says why it could not,
# strerror's words after "Unable to open /dev/kfd read-write: "; only EACCES, "Permission
# denied", is the nodes' owner and mode (EINVAL, ENOENT, ENOMEM are the driver's matters).
# Ollama's AMD discovery says the same of /dev/kfd or a render node (ollama/ollama
# discover/amd_linux.go: "permissions not set up properly.  Either run ollama as root, or add
# you user account to the render group. open /dev/kfd: permission denied"). The value: the
# node's path.
_ROCM_NODE_DENIED: Final = re.compile(
    r"Unable to open (/dev/(?:kfd|dri/renderD\d{1,4})) read-write: Permission denied"
    r"|render group\. open (/dev/(?:kfd|dri/renderD\d{1,4})): permission denied"
)
# rocminfo's next lines (the same function): the login's membership as the group database
# gives it, "<user> is member of render group", or "<user> is not member of "video" group,
# the default DRM access group. Users must be a member of the "video" group or another DRM
# access group …", or that it could not tell ("Failed to get user name to check for video
# group membership", no login name: a container's user). The value: the group, "not <group>"
# for the second, "name" for the third.
_ROCM_MEMBER: Final = re.compile(
    r"\S is (not )?member of \"?(render|video)\"? group"
    r"|Failed to get user (name) to check for video group membership"
)
# issue 38: a conda environment's libstdc++ older than a library loaded into it needs: glibc's
# loader, "<path>/libstdc++.so.6: version `GLIBCXX_3.4.32' not found (required by
# /usr/lib/x86_64-linux-gnu/libze_loader.so.1)" (glibc elf/dl-version.c match_symbol). The
# path before is read with string operations (the word before the match). The value: the
# symbol version and the library that needs it, "GLIBCXX_3.4.32 …/libze_loader.so.1".
_GLIBCXX_MISSING: Final = re.compile(
    r"libstdc\+\+\.so\.6: version `(GLIBCXX_3\.4\.\d{1,2})' not found "
    r"\(required by ([^\s)]{1,300})\)"
)
# issue 38: Intel integrated GPUs older than the XPU and SYCL support lists: Gen9 and Gen9.5
# (Skylake to Comet Lake: HD Graphics 5xx/6xx, UHD Graphics 6xx, Iris Plus Graphics 6xx,
# Iris Pro Graphics 580), by the names their drivers and sycl-ls give.
_INTEL_GEN9: Final = re.compile(
    r"\b((?:Intel(?:\(R\))? )?(?:U?HD Graphics [56]\d{2}|Iris(?:\(R\))? Plus Graphics 6\d{2}"
    r"|Iris(?:\(R\))? Pro Graphics 580))\b"
)
# The Intel GPU compiler (IGC) refusing a kernel whose SPIR-V is newer than it reads:
# "Invalid SPIR-V module: unsupported SPIR-V version number 'unknown (66560)'. Range of
# supported/known SPIR-V versions is 1.0 (65536) - 1.3 (66304)" (KhronosGroup/SPIRV-LLVM-
# Translator lib/SPIRV/libSPIRV/SPIRVModule.cpp), the legacy drivers of Gen9 GPUs meeting
# ipex-llm's and llama.cpp's SYCL kernels. The value: the version number.
# issue 38: or in a title without its number ("Unsupported SPIR-V version", intel/ipex-llm#12168;
# the value is then empty).
_SPIRV_UNSUPPORTED: Final = re.compile(
    r"unsupported SPIR-V version(?: number '?(?:unknown \()?(\d{5,6}))?", re.I
)
# A SYCL kernel that would not build or run on the GPU, as llama.cpp's and ipex-llm's SYCL
# backends print it: the SYCL runtime's PI / UR error names ("-11 (PI_ERROR_BUILD_PROGRAM_
# FAILURE)", "PI_ERROR_INVALID_BINARY", intel/llvm sycl/include/sycl/detail/pi_error.def),
# and the program build log's heading ("Build program log for 'Intel(R) UHD Graphics 620':",
# intel/llvm sycl/source/detail/program_manager). The value: the error's name or "build log".
_SYCL_BUILD_FAILED: Final = re.compile(
    r"\b(PI_ERROR_(?:BUILD_PROGRAM_FAILURE|INVALID_BINARY)|UR_RESULT_ERROR_"
    r"(?:PROGRAM_BUILD_FAILURE|INVALID_BINARY))\b|(Build program log for ')"
)


def _python_guard(line: Line, text: str) -> Iterator[Said]:
    """A setup script's own refusal of this Python (_GUARD_BOUNDS, _GUARD_ONLY,
    _GUARD_NOT_YET), as "spec python" with the package where its words name it."""
    if bounds := _GUARD_BOUNDS.search(text):
        before = text[: bounds.start()].split()
        name = before[-1] if before and _PACKAGE_NAME.fullmatch(before[-1]) else None
        spec = f">={bounds.group(1)},<{bounds.group(2)}"
        yield line.says(FactKey.MESSAGE_PYTHON_GUARD, f"{spec} {bounds.group(3)}", name=name)
    elif only := _GUARD_ONLY.search(text):
        yield line.says(FactKey.MESSAGE_PYTHON_GUARD, f"{only.group(2)} {only.group(1)}")
    elif not_yet := _GUARD_NOT_YET.search(text):
        yield line.says(FactKey.MESSAGE_PYTHON_GUARD, f"<{not_yet.group(1)}")


def _python_refused(found: re.Match[str]) -> str:
    """pip's refusal as "spec python": ">=3.8 3.7.12"."""
    return f"{found.group(3).replace(' ', '')} {found.group(2)}"


# issue 38: a bug of torch's MPS backend that Metal or MPSGraph states (not a Python error,
# not the Mac's setup; pytorch/pytorch's "module: mps" issues, many fixed in later releases):
# - MPSGraph's MLIR verifier on an op torch built with operands it cannot take: its location
#   `loc("mps_add"("(mpsFileLoc): …/MPSGraphUtilities.mm":228:0)): error: input types
#   'tensor<2x1280xf32>' and 'tensor<1280xf16>' are not broadcast compatible`, or
#   "error: 'mps.matmul' op incompatible dimensions", then MLIR's abort "LLVM ERROR: Failed to
#   infer result type(s)." (llvm-project mlir/lib/Interfaces/InferTypeOpInterface.cpp;
#   pytorch/pytorch#78879, torch's MPS binary ops not promoting mixed dtypes, fixed in torch);
# - an assertion of the Metal Performance Shaders framework's sources ("…/MPSCore/Types/
#   MPSNDArray.mm:78: failed assertion `[MPSNDArrayDescriptor sliceDimension:withSubrange:]
#   error: dimension index (2) not within …'", pytorch/pytorch#101251) or of Metal's debug
#   layer ("-[MTLDebugComputeCommandEncoder …]:…: failed assertion");
# - torch's own check before a copy from MPS: TORCH_INTERNAL_ASSERT(destOffset % 4 == 0,
#   "Unaligned blit request") (aten/src/ATen/native/mps/operations/Copy.mm copy_from_mps_;
#   pytorch/pytorch#189967 routes such copies through its cast kernel).
# MLIR's "LLVM ERROR" line alone is any MLIR compiler's (Mojo, JAX's Metal plugin): its value
# is "llvm", and the finding asks for an MPS line or an MPS machine beside it.
_MPS_GRAPH_LOC: Final = re.compile(r"loc\(\"([\w./*-]{1,80})\"\(\"\(mpsFileLoc\)")
_MPS_GRAPH_OP: Final = re.compile(r"error: '(mps\.\w{1,60})' op\b")
_MPS_ASSERTION: Final = re.compile(
    r"\bMPS\w{1,60}\.mm:\d{1,6}: failed assertion"
    r"|-\[MTLDebug\w{1,60} [\w:]{1,120}\]:\d{1,6}: failed assertion"
    r"|Unaligned blit request"
)
_MPS_BROADCAST: Final = re.compile(
    r"input types 'tensor<[\dx*]{0,80}x?(\w{2,4})>' and 'tensor<[\dx*]{0,80}x?(\w{2,4})>' "
    r"are not broadcast compatible"
)
_MLIR_INFER: Final = re.compile(r"LLVM ERROR: Failed to infer result type\(s\)")
# Metal Performance Shaders' report of a command buffer the GPU aborted ("Error: command buffer
# exited with error status.\n\tThe Metal Performance Shaders operations encoded on it may not
# have completed.\n\t… Internal Error (0000000e:Internal Error)"): under torch a fault or
# timeout of one of its MPS kernels (pytorch/pytorch#123171, module: mps, "Placeholder tensor
# is empty!"; torch did not check the buffer's status, pytorch/pytorch#193571). TensorFlow's
# Metal plugin prints it too: named only where the paste shows torch.
_MPS_COMMAND_BUFFER: Final = re.compile(r"command buffer exited with error status")


def _mps_assertion(found: re.Match[str]) -> str:
    """Metal's or torch's words for an MPS assertion: the assertion's own words (its file and
    line number dropped), or torch's."""
    words = found.group(0)
    return "Unaligned blit request" if "blit" in words else "failed assertion"


# The messages each read by one pattern (the others need the lines before, or give more than
# one fact: `Messages` reads them).
def _tgi_request(found: re.Match[str]) -> str:
    """TGI's request refusal as its limit: "request total 2048", "request new 192"."""
    for kind, number in zip(("total", "new", "input"), found.groups(), strict=True):
        if number:
            return f"request {kind} {number}"
    return "request"


# issue 38: Google TPU / torch_xla. torch_xla 2.1 on runs only PJRT, whose TPU client is
# libtpu on a TPU VM (the TPU attached to the machine): it asks the VM's metadata server for
# its "tpu-env" attribute (torch_xla/_internal/tpu.py _get_metadata('tpu-env'): requests.get
# of http://metadata.google.internal/computeMetadata/v1/instance/attributes/tpu-env, then
# raise_for_status, "404 Client Error: Not Found for url: …"; libtpu's own fetch: "Failed to
# get 'tpu-env' from instance metadata: Failed to fetch URL (http status: 404)") and opens the
# chips it finds ("TPU initialization failed: No ba16c7433 device found" where there are
# none). A TPU Node (Colab's old TPU runtime, GCE's "TPU Node" setups: the TPU on another
# machine, reached over gRPC) has no such attribute and no chip: the PJRT migration notes
# (pytorch/xla docs/pjrt.md: XRT removed after 2.0, PJRT on TPU VMs) and Colab's maintainers
# (googlecolab/colabtools#4769: torch_xla 2.0's Colab wheel "was specifically for the 'TPU
# Node' architecture"). The value: what was said, the metadata or the chip.
_TPU_NODE: Final = re.compile(
    r"Failed to get 'tpu-env' from instance metadata[^\n]{0,80}?\b404\b"
    r"|\b404\b[^\n]{0,120}?/computeMetadata/v1/instance/attributes/tpu-env"
    r"|No ba16c7433 device found"
    # its retries before it, each its own line (common_lib.cc)
    r"|Failed to fetch URL on try \d{1,2} out of \d{1,2}: Failed to fetch URL \(http status: 404\)"
)
# PJRT's TPU client refusing to start (torch_xla/csrc/runtime/pjrt_computation_client.cc,
# XLA_CHECK_OK(tpu_status) on the TPU plugin's initialisation), which on a Colab TPU Node is
# the same cause; elsewhere it is read as an error line and left to the rest of the paste.
_TPU_STATUS: Final = re.compile(
    r"pjrt_computation_client\.cc:\d{1,5} ?: Check failed: tpu_status\.ok\(\)"
)
# Colab named: its name, its TPU runtime's variable (COLAB_TPU_ADDR, set on the TPU Node
# runtime), or a traceback copied from a Colab cell, whose frames link to localhost:8080.
# huggingface_hub's environment dump answers "No" on every machine that is not Colab
# (huggingface_hub 2.4.0 utils/_runtime.py dump_environment_info: info["Running in Google Colab
# ?"] = "Yes" if is_google_colab() else "No", and the same for "Colab Enterprise"): no Colab.
_COLAB: Final = re.compile(
    r"(?i:\bcolab\b)(?! (?:Enterprise )?\?: No\b)|\bCOLAB_TPU_ADDR\b"
    r"|\]\(https://localhost:8080/#\)"
)
# torch_xla's extension refused by the loader: _XLAC is built against one torch release's
# C++ symbols, so torch_xla X.Y imports only beside torch X.Y (the pytorch/xla README's
# install table pairs them; its maintainers' answer to the error is the torch of torch_xla's
# release, pytorch/xla#2815: torch 1.8.0 for torch_xla 1.8). The value: the symbol.
_XLAC_SYMBOL: Final = re.compile(r"_XLAC\.cpython-[\w-]{1,60}\.so: undefined symbol: ?(\w{1,300})")
# torch_xla choosing its runtime itself because PJRT_DEVICE is not set (torch_xla/runtime.py
# _maybe_select_default_device: "PJRT is now the default runtime. For more information, see
# …docs/pjrt.md", then "libtpu.so and TPU device found. Setting PJRT_DEVICE=TPU." or
# "Defaulting to PJRT_DEVICE=CPU"; torch_xla 2.0's computation_client.cc: "XRT configuration
# not detected. Defaulting to preview PJRT runtime."): a configuration warning, not an error.
_PJRT_DEFAULT: Final = re.compile(
    r"PJRT is now the default runtime"
    r"|XRT configuration not detected\. Defaulting to preview PJRT runtime"
    r"|Defaulting to PJRT_DEVICE=CPU"
)
# XRT's configuration variable, which torch_xla 2.1 on reads no more (docs/pjrt.md, "XRT is
# deprecated"; pytorch/xla#6331: XRT only in the 2.1 +xrt wheels).
_XRT_VARIABLE: Final = re.compile(r"\bXRT_TPU_CONFIG\b")
# The framework's PJRT C API and the plugin's (libtpu) of different releases: XLA's PJRT
# loader checks the plugin's struct sizes and API version against its own (xla/pjrt/c/
# pjrt_c_api_helpers.cc: "Unexpected PJRT_Api size: expected %d, got %d. Check installed
# software versions.", "Unexpected %s size: expected %d, got %d. The plugin is likely built
# with a later version than the framework."; xla/pjrt/pjrt_api.cc: "Mismatched PJRT plugin
# PJRT API version (%d.%d) and framework PJRT API version %d.%d)"). torch_xla pins the libtpu
# of its release (its setup.py _libtpu_version, installed by torch_xla[tpu]); a libtpu
# installed for JAX or TensorFlow in the same environment replaces it (Kaggle/docker-python
# #1499: "that libtpu version causes pjrt api errors for torch 2.8.0"). The value: its words.
_LIBTPU_APART: Final = re.compile(
    r"Unexpected PJRT_\w{1,40} size: expected \d{1,6}, got \d{1,6}"
    r"|Mismatched PJRT plugin PJRT API version \([\d.]{1,12}\) and framework PJRT API "
    r"version [\d.]{1,12}"
)
# libtpu refusing to open the TPU another process holds: only one process may open a TPU
# VM's chips, and libtpu takes a lock on them when it loads (tensorflow/core/tpu/
# tpu_initializer_helper.cc TryAcquireTpuLock: "The TPU is already in use by process with pid
# %d. Not attempting to load libtpu.so in this process."; its older words, "libtpu.so
# already in use by another process"; huggingface/community-events#157's TPU VM guide: "Only
# one process can access the TPU cores at a time"). torch_xla, JAX and TensorFlow each load a
# libtpu: a notebook that imported another first, or a run left behind, holds it. The value:
# the pid where it is given.
_TPU_BUSY: Final = re.compile(
    r"The TPU is already in use by process with pid (\d{1,10})"
    r"|libtpu\.so already in used? by another process()"
    r"|TPU in use by another process()"
)


# issue 38: Neuron / TPU runtimes and packages. The old Neuron driver package: aws-neuron-dkms
# (no "x") is no longer produced; aws-neuronx-dkms, Neuron 2.x's driver, replaces it for every
# Neuron instance type (the Neuron driver release notes, https://awsdocs-neuron.readthedocs-
# hosted.com/en/latest/release-notes/runtime/aws-neuronx-dkms/index.html; AWS in
# aws-neuron/aws-neuron-sdk#945: "The aws-neuron-dkms package has been deprecated in favor of
# the aws-neuronx-dkms package"), and its last releases no longer build on newer kernels. Read
# where the package manager says the old package failed: dpkg's "dpkg: error processing
# package aws-neuron-dkms (--configure):" (dpkg src/main/errors.c print_error_perpackage),
# DKMS's pointer to the failed build's log and the compiler's errors in it (the module's
# tree, /var/lib/dkms/aws-neuron/<version>/build/), a Dockerfile's install of it returning
# non-zero (docker build's "The command '/bin/sh -c apt-get install aws-neuron-dkms…'
# returned a non-zero code: 100"), and a title's or sentence's error before the package
# ("Error while installing aws-neuron-dkms 2.x", "Error 2 during apt install of
# aws-neuron-dkms 2.1.5.0"). NRT's own advice naming the package ("Please check
# aws-neuron-dkms package is installed") has no error word in reach and is _NEURON_DRIVER's.
_NEURON_OLD_DKMS: Final = re.compile(
    r"error processing package aws-neuron-dkms\b"
    r"|Consult /var/lib/dkms/aws-neuron/\d[\d.]{0,20}/build/make\.log"
    r"|/var/lib/dkms/aws-neuron/\d[\d.]{0,20}/build/[\w/.-]{1,200}:\d{1,6}:\d{1,4}: "
    r"(?:fatal )?error: "
    r"|install[^\n']{0,80}\baws-neuron-dkms\b[^\n']{0,80}' returned a non-zero code"
    # BuildKit's words for the same RUN line (moby/buildkit: "process %q did not complete
    # successfully: exit code: %d"), and yum's dependency failure naming the package
    r'|install[^\n"]{0,80}\baws-neuron-dkms\b[^\n"]{0,80}" did not complete successfully'
    r"|Error: Package: aws-neuron-dkms\b"
    r"|(?i:\berror|\bfail(?:ed|s|ure|ing)?)\b[ \w.]{0,60}?\baws-neuron-dkms\b"
)
# DKMS's own failure lines, which name no package (dkms's die(): "Error! " then its message:
# "Bad return status for module build on kernel: %s (%s)", "pre_install failed, aborting
# install."; dell/dkms dkms.in), and apport's refusal to file a crash report of the failed
# build a second time ("ERROR: Cannot create report: [Errno 17] File exists:
# '/var/crash/<package>.0.crash'", Ubuntu's apport-package hook that DKMS calls). The finding
# of the module that failed uses them; alone they stay lines no finding explains.
_DKMS_FAILED: Final = re.compile(
    r"Error! (?:Bad return status for module build on kernel: \S{1,80}"
    r"|pre_install failed, aborting install)"
    r"|Cannot create report: \[Errno 17\] File exists: '/var/crash/[\w.+-]{1,80}\.crash'"
)

# issue 38: Neuron / TPU runtimes and packages. TensorFlow in a process that uses the TPU
# through torch_xla: TensorFlow's TPU support loads libtpu when it is imported (tensorflow/core/
# tpu/tpu_initializer_helper.cc, unless TPU_LOAD_LIBRARY=0) and looks up each function it
# needs in it, aborting on the first that this libtpu lacks: "%s not available in this
# library." (tensorflow/core/tpu/tpu_library_init_fns.inc and tpu_executor_init_fns.inc,
# FUNC_NOT_FOUND's message). A libtpu of another release than TensorFlow's, on a TPU VM the one
# torch_xla installed (wandb/wandb#3694: `import tensorflow` on the tpu-vm-pt-1.11 image;
# huggingface/pytorch-image-models#1318: a tf.data input pipeline, where tensorflow-cpu was the
# way out; huggingface/transformers#28609's maintainer: TensorFlow's TPU build "will always try
# to load the libtpu first upon import", uninstall it). torch_xla 1.x's _XLAC, built on
# TensorFlow's TPU code, says the same of a libtpu not of its release (pytorch/xla#4103, the
# host's /lib/libtpu.so mounted into the r1.12 image). The value: the function.
_TF_LIBTPU: Final = re.compile(r"\b(Tpu[A-Za-z]{1,40}_\w{1,80}) not available in this library")
# issue 38: a libtpu that does not know the flag torch_xla 2.2 gives it in LIBTPU_INIT_ARGS
# (torch_xla/__init__.py, r2.2: "--xla_latency_hiding_scheduler_rerun=1"): absl's "ERROR:
# Unknown command line flag 'xla_latency_hiding_scheduler_rerun'" from a libtpu of another
# release than the one torch_xla 2.2 pins (pytorch/xla#6990: importing transformers' Trainer
# on Kaggle's and Colab's TPU, gone with torch_xla 2.3 and its libtpu). The value: the flag.
_LIBTPU_FLAG: Final = re.compile(
    r"Unknown command line flag '(xla_latency_hiding_scheduler_rerun)'"
)


# issue 38 (s8-serving): flash-attn's setup.py refusing the CUDA toolkit under CUDA_HOME
# below its floor, before it builds anything (Dao-AILab/flash-attention setup.py @
# ea6443c73202667d8dae67e7ba418f2e1ac5c647: `_, bare_metal_version =
# get_cuda_bare_metal_version(CUDA_HOME)`, which runs CUDA_HOME + "/bin/nvcc -V" and reads its
# "release X.Y", then `if bare_metal_version < Version("11.7"): raise RuntimeError(
# "FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a
# supported version by running nvcc -V.")`; earlier releases' floors were "11", "11.4" and
# "11.6"; hopper/setup.py's FlashAttention-3 says "FlashAttention-3 is only supported on CUDA
# 12.3 and above", and forks keep the words ("Flash Sparse Attention is only supported on
# CUDA 11.7 and above"). torch's own CUDA is not what it checks: nvcc's is.
_NVCC_FLOOR: Final = re.compile(
    r"\b(FlashAttention(?:-3)?|Flash Sparse Attention) is only supported on CUDA "
    r"(\d{1,2}(?:\.\d{1,2})?) and above"
)
# issue 38 (s8-serving): CUDA error 803, cudaErrorSystemDriverMismatch, in the runtime's words
# (CUDA Runtime API reference, cudaError_t: "This error indicates that there is a mismatch
# between the versions of the display driver and the CUDA driver. Refer to the compatibility
# documentation for supported versions."; cudaGetErrorString: "system has unsupported display
# driver / cuda driver combination"), as torch (c10/cuda/CUDAFunctions.cpp: "Error 803: …"),
# Caffe ("Check failed: e == cudaSuccess (803 vs. 0) : …") and ggml ("ggml_cuda_init: failed
# to initialize CUDA: …") print it; a title may close up the slash's spaces.
_DISPLAY_DRIVER: Final = re.compile(
    r"(?i:system has unsupported display driver ?/ ?cuda driver combination)"
)
# issue 38 (s8-serving): text-generation-inference's server importing its flash-attention
# models where torch has no CUDA (huggingface/text-generation-inference v1.0.0-v2.1.x
# server/text_generation_server/utils/flash_attn.py: `if not torch.cuda.is_available(): raise
# ImportError("CUDA is not available")`, which models/__init__.py logs as `logger.warning(f"Could
# not import Flash Attention enabled models: {e}")` and, per model, "Could not import Mistral
# model: CUDA is not available"; the ImportError itself where it is not caught).
_TGI_NO_CUDA: Final = re.compile(r"\b(?:ImportError|models?): CUDA is not available\b")
# issue 38 (s8-serving): text-generation-inference's get_model with no implementation of the
# checkpoint's model_type (huggingface/text-generation-inference @
# db931fcf42da018a3657580c64bf2720f167f9ab, server/text_generation_server/models/__init__.py and
# backends/gaudi/server/text_generation_server/models/__init__.py: `raise
# ValueError(f"Unsupported model type {model_type}")`; the CUDA server falls back to
# transformers' AutoModel first, the Gaudi backend and tgi-gaudi have no such fallback, so only
# the model types they implement load). TGI named: its image (ghcr.io/huggingface/
# text-generation-inference, tgi-gaudi), its launcher, router or server package.
_TGI_MODEL_TYPE: Final = re.compile(r"\bUnsupported model type ([A-Za-z][\w.-]{0,60})")
_TGI_NAMED: Final = re.compile(
    r"\btext[-_]generation[-_](?:inference|launcher|server|router)\b|\btgi-gaudi\b"
)
# issue 38 (s9-memory): a device's memory run out, in each backend's words. The finding is
# device.out_of_memory for the backend whose words these are (diagnosis/pasted.py
# `_device_out_of_memory`); MPS and Ascend NPU have their own (_MPS_OOM, _NPU_OOM).
# torch's caching allocators when no block is left for an allocation: CUDA (pytorch/pytorch
# c10/cuda/CUDACachingAllocator.cpp, DeviceCachingAllocator::malloc, TORCH_CHECK_WITH(
# OutOfMemoryError, false, "CUDA out of memory. Tried to allocate ", format_size(alloc_size),
# ". GPU ", device, " has a total capacity of …"; torch 1.x: "… (GPU 0; 6.00 GiB total
# capacity; …)"), the same file hipified for ROCm builds ("HIP out of memory. Tried to allocate
# …", its hint naming PYTORCH_HIP_ALLOC_CONF: ROCm/TheRock#1054), and XPU (c10/xpu/
# XPUCachingAllocator.cpp: "XPU out of memory. Tried to allocate …"; IPEX 2.1's copy "… (GPU 0;
# 15.56 GiB total capacity; …)"). accelerate 1.16.0 utils/memory.py should_reduce_batch_size
# reads the same " out of memory." for all three. The period after "memory" is the allocator's,
# as is the exception's name before it where a title or a sentence quotes it without the period
# ("RuntimeError: CUDA out of memory"): a sentence that only speaks of running out of memory is
# not read. A wrapped paste may put
# "Tried to allocate" on the next line; the size is read where the line keeps it.
_TORCH_OOM: Final = re.compile(
    r"\b(?:CUDA|HIP|XPU) out of memory\.(?: Tried to allocate (?:[\d.]{1,12} [KMGTPE]?i?B|more "
    r"than 1EB))?(?=[\s.(]|$)|\b(?:RuntimeError|OutOfMemoryError): (?:CUDA|HIP|XPU) out of memory\b"
)
# The CUDA and HIP runtimes' own words for an allocation they refused: cudaErrorMemoryAllocation
# (CUDA Runtime API reference, cudaError_t; cudaGetErrorString "out of memory") and
# hipErrorOutOfMemory (HIP's hip_runtime_api.h, hipGetErrorString "out of memory"), as torch's
# C10_CUDA_CHECK prints them ("CUDA error: out of memory", "HIP error: out of memory": c10/cuda/
# CUDAException.cpp); the driver API's CUDA_ERROR_OUT_OF_MEMORY (cuMemAlloc, as JAX, numba and
# TensorFlow print it); cuBLAS unable to allocate its handle's workspace (cuBLAS's
# cublasStatus_t CUBLAS_STATUS_ALLOC_FAILED, "Resource allocation failed inside the cuBLAS
# library", which torch prints "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling
# `cublasCreate(handle)`").
_RUNTIME_OOM: Final = re.compile(
    r"\b(?:CUDA|HIP) error: out of memory\b|\bCUDA_ERROR_OUT_OF_MEMORY\b"
    r"|\bCUBLAS_STATUS_ALLOC_FAILED\b"
)
# Intel's GPU runtimes: the Unified Runtime's and Level Zero's result for device memory they
# could not give (oneapi-src/unified-runtime include/ur_api.h UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
# oneapi-src/level-zero include/ze_api.h ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY), which torch's
# XPU backend and IPEX print inside "level_zero backend failed with error: …".
# IPEX's XPU allocator refusing one block of 4 GB or more ("RuntimeError: Current platform can NOT
# allocate memory block with size larger than 4GB! Tried to allocate 6.85 GiB (GPU  0; 15.56 GiB
# total capacity; …)": intel/intel-extension-for-pytorch#629): IPEX's own check on a GPU
# without 2D block arrays, made before any memory is asked for (intel-extension-for-pytorch
# csrc/gpu/runtime/CachingDeviceAllocator.cpp, CachingDeviceAllocator::malloc: `if
# (!has_2d_block_array(dev) && asize > kStatefulLimit)`, kStatefulLimit = 4294967296). The size
# asked is kept with it.
_INTEL_RUNTIME_OOM: Final = re.compile(
    r"\b(?:UR|ZE)_RESULT_ERROR_OUT_OF_DEVICE_MEMORY\b"
    r"|\bCurrent platform can NOT allocate memory block with size larger than 4GB\b"
    r"(?:! Tried to allocate [\d.]{1,12} [KMGTPE]?i?B)?"
)
# Gaudi's PyTorch bridge when HPU memory runs out ("RuntimeError: [Rank:0] FATAL ERROR ::
# MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB": HabanaAI/vllm-fork
# calibration docs, "the model does not fit on the cards of the run"; accelerate 1.16.0
# utils/memory.py reads "FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed" as the HPU's OOM).
# Its graph workspace too ("RuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of
# size ::14493741952 failed", at a batch size one step above one that ran: HabanaAI/Model-References
# #13).
_HPU_OOM: Final = re.compile(
    r"\bPT_DEVMEM Allocation failed(?: for size::?\d{1,20})?"
    r"|\bSYNHELPER workspace Allocation of size ::?\d{1,20} failed"
)
# The Neuron runtime's device-memory allocator ("ERROR TDRV:dmem_alloc_internal Failed to alloc
# DEVICE memory: 180355072", "TDRV:tensor_allocate Failed to allocate 180355072 bytes on DEVICE
# for tensor …", its memory log "TDRV:log_dev_mem Failed to allocate 172.000MB (usage: tensors)
# on ND 0:NC 0" and the staging of a model's weights "Failed to allocate aligned (0) buffer in
# MLA DRAM": aws-neuron/aws-neuron-sdk#1014, #302) and the status torch-neuronx and vLLM
# raise from it (nrt_tensor_allocate status=4, NRT_RESOURCE, message "Allocation Failure":
# the Neuron runtime's nrt_status.h; vllm-project/vllm#12443).
_NEURON_OOM: Final = re.compile(
    r"\bFailed to alloc DEVICE memory: \d{1,20}|\bFailed to allocate \d{1,20} bytes on DEVICE\b"
    r"|\bnrt_tensor_allocate status=4 message=\"Allocation Failure\""
    r"|\bFailed to allocate [\d.]{1,12}[KMGT]?B \(usage: \w{1,20}\) on ND \d{1,3}"
    r"|\bFailed to allocate aligned \(\d{1,3}\) buffer in MLA DRAM\b"
)
# XLA's TPU runtime and compiler when HBM (or VMEM) runs out, every form a RESOURCE_EXHAUSTED
# status (openxla/xla docs/errors: error_0100 "Error allocating device buffer: Attempting to
# allocate 8.00M. That was not possible. There are 6.43M free.", error_0101 "Attempting to
# reserve 29.49G at the bottom of memory. That was not possible.", error_1000 "XLA:TPU compile
# permanent error. Ran out of memory in memory space hbm."), and XLA's buffer assignment "Out of
# memory while trying to allocate N bytes." (JAX and torch_xla print it after RESOURCE_EXHAUSTED).
_XLA_OOM: Final = re.compile(
    r"\bRESOURCE_EXHAUSTED: (?:XLA:TPU compile permanent error\. )?(?:Ran out of memory in "
    r"memory space \w{1,8}|Out of memory while trying to allocate \d{1,20} bytes)"
    r"|\bAttempting to (?:reserve|allocate) [\d.]{1,12}[KMGT]?B?(?: at the bottom of memory)?\. "
    r"That was not possible\b"
)
_DEVICE_OOM: Final = (_TORCH_OOM, _RUNTIME_OOM, _INTEL_RUNTIME_OOM, _HPU_OOM, _NEURON_OOM, _XLA_OOM)
# vLLM with no memory left for one KV-cache block after the weights and the profiled
# activations (vllm/worker/worker.py raise_if_cache_size_invalid, and in the V1 engine
# vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory: "No available memory for the
# cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.").
_VLLM_NO_CACHE: Final = re.compile(r"\bNo available memory for the cache blocks\b")
# torch.xpu.mem_get_info on a device whose runtime does not report free memory (pytorch/pytorch
# torch/csrc/xpu/Module.cpp _xpu_getMemoryInfo, since pytorch/pytorch#146899: TORCH_CHECK(device.
# has(sycl::aspect::ext_intel_free_memory), "The device (", name, ") doesn't support querying
# the available free memory. …"); before that, SYCL's own words (intel/torch-xpu-ops#1384: "The
# device does not have the ext_intel_free_memory aspect"); and a torch built with a SYCL
# compiler older than 2025.0 ("torch.xpu.mem_get_info requires PyTorch to be built with SYCL
# compiler version 2025.0.0 or newer."). The value: the device's name, "aspect" or "sycl".
_XPU_FREE_MEMORY: Final = re.compile(
    r"\bThe device \(([^\n]{1,80}?)\) doesn't support querying the available free memory"
    r"|\bdoes not have the (ext_intel_free_memory) aspect"
    r"|\bmem_get_info requires PyTorch to be built with (SYCL) compiler"
)
# issue 38 (s9-cpucomp): a library's own words that the CPU lacks the instruction set its build
# needs. vLLM's CPU build at configure time (vllm-project/vllm cmake/cpu_extension.cmake:
# message(FATAL_ERROR "vLLM CPU backend requires AVX512 ISA support.") up to v0.5.0, "… requires
# AVX512 or AVX2 or Power9+ ISA support." from v0.5.1 (#5452), "… requires AVX512, AVX2, Power9+
# ISA, S390X ISA, ARMv8 or RISC-V support." later; CMake may wrap it before "support"); IPEX's
# import (intel_extension_for_pytorch/cpu/_cpu_isa.py check_minimal_isa_support: "ERROR! Intel®
# Extension for PyTorch* only works on machines with instruction sets equal or newer than AVX2,
# which are not detected on the current machine.", its source line's continuation spaces kept;
# 1.10-1.11: "The extension binary is AVX512 while current machine does not support AVX512.");
# TensorFlow's (tensorflow/core/platform/cpu_feature_guard.cc: "The TensorFlow library was
# compiled to use AVX instructions, but these aren't available on your machine."; its "wasn't
# compiled to use …, but these are available" is advice, not read); llamafile's (cosmopolitan's
# "the cpu feature AVX was required at build time but isn't available on this system"). The value:
# the instruction set as the library names it.
_CPU_ISA_VLLM: Final = re.compile(r"\bvLLM CPU backend requires ([A-Za-z0-9+ ,]{3,80})")
_CPU_ISA_IPEX: Final = re.compile(
    r"Extension for PyTorch\*? only works on machines with +instruction sets equal or newer"
    r" +than (AVX[0-9A-Z_]{0,12})"
    r"|\bThe extension binary is (AVX[0-9A-Z_]{0,12}) while current machine does not support"
)
_CPU_ISA_TF: Final = re.compile(
    r"\bThe TensorFlow library was compiled to use ([A-Z][A-Z0-9_.]{1,12}) instructions, but"
    r" these aren['’]t available"
)
_CPU_ISA_LLAMAFILE: Final = re.compile(
    r"\bthe cpu feature ([A-Z][A-Z0-9_]{1,12}) was required at build time but isn't available"
)
# issue 38 (s16-avx): jaxlib's check at import (jax jaxlib/cpu_feature_guard.c: "This version of
# jaxlib was built using AVX instructions, which your CPU and/or operating system do not
# support. You may be able work around this issue by building jaxlib from source.")
_CPU_ISA_JAXLIB: Final = re.compile(
    r"\bThis version of jaxlib was built using ([A-Z][A-Z0-9_.]{1,12}) instructions, which your"
    r" CPU and/or operating system do not support"
)
# issue 38 (s9-cpucomp): a process killed by SIGILL: bash's "Illegal instruction (core dumped)"
# (siglist.c), zsh's "illegal hardware instruction" (its signames), Python's faulthandler "Fatal
# Python error: Illegal instruction", a "SIGILL" named; the reporter's "illegal instruction". Not
# CUDA's "an illegal instruction was encountered" (cudaErrorIllegalInstruction: a GPU kernel's
# fault, whatever the CPU).
_ILLEGAL_INSTRUCTION: Final = re.compile(
    r"(?i)\b(illegal (?:hardware )?instruction)\b(?! was encountered)|\b(SIGILL)\b"
)
# issue 38 (s18-stated): the same death on Windows, by its status: NTSTATUS 0xC000001D,
# STATUS_ILLEGAL_INSTRUCTION ("{EXCEPTION} Illegal Instruction: An attempt was made to execute an
# illegal instruction", Microsoft's [MS-ERREF] 2.3.1 "NTSTATUS Values"), as Python's Windows
# loader words a DLL that dies in its initialisation (CPython's Python/dynload_win.c, "DLL load
# failed with error code %d" in older releases: -1073741795; "%u" in later ones: 3221225501,
# from 3.8 followed by "while importing …"), and as an IDE prints the process's exit status
# (PyCharm: "Process finished with exit code -1073741795 (0xC000001D)")
_ILLEGAL_INSTRUCTION_WINDOWS: Final = re.compile(
    r"\b(?:error|exit) code (?:-1073741795|3221225501)\b|\b0x[Cc]000001[Dd]\b"
    r"|\bSTATUS_ILLEGAL_INSTRUCTION\b"
)
# issue 38 (s9-cpucomp): the reporter's words that the CPU has no AVX / AVX2 / AVX-512 ("won't
# support avx2", "machines without AVX-512", "doesn't support AVX2", "no AVX512"): a word of
# absence right before the instruction set (the words "AVX2 is supported" are not read).
_CPU_LACKS: Final = re.compile(
    r"(?i)\b(?:without|no|lacks?|lacking|lack of|(?:does|do|is|are|wo|ca)n['’]?t (?:have|support)"
    r"|(?:does|do|is|are|can)(?: ?not) (?:have|support)|not support(?:ing)?)"
    r"(?: the| any)? (avx(?:-?512(?:[_ ]?bf16|f)?|2)?)\b"
)
# issue 38 (s16-avx): words that name a prebuilt binary compat/cpus.py's BINARIES lists: the
# import that loads it ("import tensorflow as tf", a title's "importing tensorflow"), pip's
# line installing it ("pip install --upgrade tensorflow", its "Successfully installed …
# tensorflow-2.1.0", a wheel's file name), a traceback's frame inside it
# (".../site-packages/jaxlib/…"), ollama's commands and its own log's words for its llama.cpp
# runner (llm/llama.go of 2023: "llama runner exited with error"; llm/server.go: "llama runner
# process has terminated"), the runner's own names (2023's "ollama-runner", 2024's
# "ollama_llama_server"); ollama's list of runners per CPU from 0.1.22 (its log's "Dynamic LLM
# libraries [cpu cpu_avx cpu_avx2 cuda_v11 …]") is "ollama_runners". The value: its key.
_ISA_PROGRAM: Final = re.compile(
    r"\b(?:(import(?:ing)? tensorflow|pip3? install (?:-U |--upgrade )?tensorflow"
    r"|conda[ ]install (?:-c conda-forge )?tensorflow|tensorflow-\d{1,2}\.\d"
    r"|site-packages[/\\]tensorflow[/\\])"
    r"|(import jax\b|site-packages[/\\]jaxlib[/\\])"
    r"|(ollama (?:run|serve|pull) |llama runner (?:exited with error|process has terminated)"
    r"|ollama-runner\b|ollama_llama_server\b)"
    r"|(Dynamic LLM libraries \[))"
)
# issue 38 (s9-cpucomp): the AWS Neuron compiler's own internal error: neuronx-cc's "[TEN404]
# Internal tensorizer error", "[NCC_ITEN404] …", "[NLA001]  Unhandled exception with message: …"
# (each ends "Please open a support ticket at https://github.com/aws-neuron/aws-neuron-sdk/
# issues/new"), and neuron-cc's (Inf1) banner "An Internal Compiler Error has occurred". The
# value: the compiler's code where it prints one, else its words.
_NEURON_COMPILER: Final = re.compile(
    r"\[((?:NCC_)?[A-Z]{3,5}\d{3})\] {1,2}(?:\(\S{1,200}\) )?"
    r"(Internal tensorizer error|Unhandled exception with message)"
    r"|\b(Internal tensorizer error|An Internal Compiler Error has occurred)\b"
)
# issue 38 (s9-cpucomp): torch-neuronx's compiler wrapper reporting the failed compilation the
# compiler's own line explains (torch_neuronx's NEURON_CC_WRAPPER: "Failed compilation with
# ['neuronx-cc', …]", "Got a cached failed neff at …"); read only beside that line.
_NEURON_COMPILE_FAILED: Final = re.compile(
    r"\|\|NEURON_CC_WRAPPER\|\|: (Got a cached failed neff|Failed compilation with)"
)
# issue 38 (s9-cpucomp): neuronx-cc's version: its compile cache's directory ("/var/tmp/neuron-
# compile-cache/neuronxcc-2.13.72.0+78a426937/…", torch-neuronx's NEURON_CC_WRAPPER), `neuronx-cc
# --version` ("NeuronX Compiler version 2.14.227.0+2d4f85be"), a reporter's "neuronx-cc: 2.14…".
_NEURON_COMPILER_VERSION: Final = re.compile(
    r"\bneuronxcc-(\d{1,3}\.\d{1,3}\.\d{1,6}(?:\.\d{1,6})?)\+"
    r"|\bNeuronX Compiler version (\d{1,3}\.\d{1,3}\.\d{1,6}(?:\.\d{1,6})?)"
    r"|^\s{0,4}neuronx-cc: ?(\d{1,3}\.\d{1,3}\.\d{1,6}(?:\.\d{1,6})?)"
)


# issue 38 (s9-cpucomp): the CPU's flags: lscpu's "Flags:" line (util-linux lscpu.c; collect_env
# prints lscpu in its CPU section) and /proc/cpuinfo's "flags\t\t:" (arch/x86/kernel/cpu/proc.c),
# both starting with "fpu" on x86. Read into what they lack of AVX and AVX2.
_CPU_FLAGS: Final = re.compile(r"^\s{0,4}[Ff]lags\s{0,20}: {0,30}fpu ")
# issue 38 (s9-cpucomp): ROCm under WSL. rocminfo's WSL build says "WSL environment detected."
# before it starts HSA, and the WSL runtime (ROCr on the Windows driver's /dev/dxg, not KFD)
# refuses a GPU it does not support with "ROCR: unsupported GPU" (both as ROCm/legacy-rocm-build
# #4068, #4435, #6323 quote them); any line naming an HSA status (a title's
# "HSA_STATUS_ERROR_OUT_OF_RESOURCES"; hsa.h's hsa_status_t names) is read beside them.
_ROCM_WSL: Final = re.compile(r"\bWSL environment detected\b")
_ROCR_UNSUPPORTED_GPU: Final = re.compile(r"\bROCR: unsupported GPU\b")
_HSA_STATUS: Final = re.compile(r"\b(HSA_STATUS_ERROR_[A-Z_]{2,40})")
# issue 38 (s11-hostmem): the host's memory (RAM, swap, a container's or WSL's limit) run out,
# each form in the words of what prints it (diagnosis/pasted.py `_host_memory` names them as
# host.memory_exhausted). The value is "form:words".
# allocator: torch's CPU allocator (pytorch/pytorch c10/core/impl/alloc_cpu.cpp alloc_cpu:
# "DefaultCPUAllocator: can't allocate memory: you tried to allocate ", nbytes, " bytes. Error
# code ", err, " (", strerror, ")" where posix_memalign fails; on Windows, where _aligned_malloc
# returns null, "DefaultCPUAllocator: not enough memory: you tried to allocate …"); accelerate
# 1.16.0 utils/memory.py should_reduce_batch_size reads "DefaultCPUAllocator: can't allocate
# memory" as the CPU's out of memory. A wrapped paste may put "you tried" on the next line.
# oom_killer: the Linux kernel's OOM killer (torvalds/linux mm/oom_kill.c __oom_kill_process:
# "%s: Killed process %d (%s) …" after "Out of memory" or "Memory cgroup out of memory";
# dump_oom_summary "oom-kill:constraint=…"; oom_reap_task_mm "oom_reaper: reaped process";
# out_of_memory's caller "… invoked oom-killer: gfp_mask=…"; before Linux 4.x "Out of memory:
# Kill process N (name) score …").
# container: Docker's `docker inspect` State.OOMKilled true (docs.docker.com, "Understand the
# risks of running out of memory"), Kubernetes' container status reason OOMKilled (kubernetes.io
# "Assign Memory Resources to Containers"), Slurm's cgroup plugin "Detected N oom_kill event(s)
# in StepId=…" (slurm src/plugins/task/cgroup, slurmstepd's error).
# colab: Google Colab's notice when a runtime's RAM runs out ("Your session crashed after using
# all available RAM.", research.google.com/colaboratory/faq.html on memory limits).
# enomem: the OS refusing memory: ENOMEM as Python prints it ("OSError: [Errno 12] Cannot
# allocate memory", from fork() or mmap(): POSIX fork(2), mmap(2)).
_HOST_OOM: Final = re.compile(
    r"\bDefaultCPUAllocator: (?:not enough memory|can't allocate memory)"
    r"(?:: you tried to allocate \d{1,20} bytes)?"
    r"|\b(?:Memory cgroup out of memory|Out of memory): Kill(?:ed)? process \d{1,10} "
    r"\([^)\n]{1,40}\)"
    r"|\boom-kill:constraint=|\boom_reaper: reaped process \d{1,10}|\binvoked oom-killer\b"
    r"|\bOOMKilled\b(?!\"?:? {0,3}false)|\bDetected \d{1,6} oom[_-]kill events?\b"
    r"|\bYour session crashed after using all available RAM\b"
    r"|\[Errno 12\] Cannot allocate memory\b"
)


def _host_oom(found: re.Match[str]) -> str:
    """The form of a `_HOST_OOM` match and its words, "form:words"."""
    words = found.group(0)
    if "DefaultCPUAllocator" in words:
        form = "allocator"
    elif "OOMKilled" in words or "oom_kill event" in words or "oom-kill event" in words:
        form = "container"
    elif "session crashed" in words:
        form = "colab"
    elif "Errno 12" in words:
        form = "enomem"
    else:
        form = "oom_killer"
    return f"{form}:{words}"


# issue 38 (s11-hostmem): a process ended by SIGKILL, which is how the kernel's OOM killer ends
# one, but also `kill -9`, a scheduler or a timeout: "Killed" alone ending a run (bash's report
# of a job killed by SIGKILL, its siglist.c "Killed"; after a tqdm bar on the same line), zsh's
# "zsh: killed", torch.distributed.elastic's "Signal 9 (SIGKILL) received by PID" and its
# "exitcode  : -9" (torch 2.13 torch/distributed/elastic/multiprocessing/errors/__init__.py;
# api.py "failed (exitcode: -9)"), a DataLoader worker's "is killed by signal: Killed." (torch's
# torch/csrc/DataLoader.cpp SIGCHLD handler, with strsignal's name of the signal),
# Python's subprocess "died with <Signals.SIGKILL: 9>", a shell's exit status 137 (128 + 9),
# gcc's "Killed signal terminated program cc1plus" (a compiler killed building an extension:
# flash-attention's README asks MAX_JOBS=4 on machines with less than 96 GB of RAM), and
# torch-neuron / torch-neuronx's compiler call returning -9 ("Compile command returned: -9",
# torch_neuronx xla_impl/trace.py hlo_compile "neuronx-cc failed with -9": AWS's maintainer on
# aws-neuron/aws-neuron-sdk#431: the OOM killer ended the compiler; compile on more RAM).
# Not the Vulkan loader's "Received return code -9 from call to vkCreateInstance in ICD …"
# (KhronosGroup/Vulkan-Loader loader/loader.c terminator_CreateInstance): a VkResult, -9 being
# VK_ERROR_INCOMPATIBLE_DRIVER, no signal (issue 38, s18-launch; nix-community/NixOS-WSL#963).
_KILLED: Final = re.compile(
    r"^\s{0,8}Killed\s{0,8}$|[\]|%]\s{0,4}Killed\s{0,8}$|\bzsh: killed\b"
    r"|\bSignal 9 \(SIGKILL\) received by PID\b|\bexitcode\s{0,4}: -9\b"
    r"|\bis killed by signal: Killed\b"
    r"|<Signals\.SIGKILL: 9>|\b(?:exit code|exit status|exited with code|return code|returncode)"
    r"[ :=]{1,3}(?:-9|137)\b(?! from call to vk)"
    r"|\bKilled signal terminated program (cc1plus|cc1|cicc|nvcc|ptxas)\b"
    r"|\b(neuronx?-cc) failed with -9\b|\bCompile command returned: -9\b"
)


def _killed(found: re.Match[str]) -> str:
    """The form of a `_KILLED` match and its words, "form:words"."""
    if found.group(1):
        return f"build:{found.group(1)}"
    if found.group(2) or "Compile command" in found.group(0):
        return f"neuron_compiler:{found.group(0).strip()}"
    return f"killed:{found.group(0).strip(' ]|%')}"


# issue 38 (s11-hostmem): the host's RAM: `free`'s "Mem:" row (its total, the first number,
# in KiB unless -h/-m/-g: procps free(1)), top's "MiB Mem : 128686.2 total" (procps top(1)),
# the reporter's "RAM: 16gb", "16G RAM", "32GB of RAM", "我使用的是32g内存" (their own
# machine's: "memory" alone, or 内存 after a need or a peak, is as often the GPU's or a need).
_HOST_RAM: Final = re.compile(
    r"^\s{0,4}Mem:\s{1,20}(\d{1,12}(?:[.,]\d{1,3})?[KMGT]?i?B?)\s"
    r"|\b([KMG]iB) Mem ?: {0,4}(\d{1,9}(?:\.\d{1,3})?) total\b"
    r"|(?i:\bRAM ?[:：] ?(\d{1,4} ?(?:GB|G|GiB)))\b"
    r"|(?i:\b(\d{1,4} ?(?:GB|G|GiB))(?: of)? (?:system |host |CPU )?RAM\b)"
    r"|(?:使用的是|我用的是|我的电脑|主机)(\d{1,4} ?[Gg][Bb]?)(?:运行)?内存"
)


def _host_ram(found: re.Match[str]) -> str:
    """The RAM a `_HOST_RAM` match states, in its words ("16gb", "128686.2 MiB")."""
    if found.group(3):
        return f"{found.group(3)} {found.group(2)}"
    if (total := found.group(1)) and total[-1].isdigit():  # free's default unit: KiB
        return f"{total} KiB"
    return next(g for g in found.groups() if g).strip()


# issue 38 (s11-hostmem): a run stopped on purpose: Python's KeyboardInterrupt, the reporter's
# Ctrl-C / timeout / kill -9, a job's time limit (Slurm's "DUE TO TIME LIMIT"); not a command's
# --timeout flag. (A terminal's bare "^C" is shorter than any line the reader reads.)
_STOPPED: Final = re.compile(
    r"\bKeyboardInterrupt\b|(?i:\bctrl[ +-]c\b|(?<![-_])\btime ?out\b(?![_=])|\btimed out\b"
    r"|\bkill -9\b"
    r"|\bkill -(?:s )?KILL\b|\bpkill\b)|\bDUE TO TIME LIMIT\b"
)


def _isa_words(said: str) -> str:
    """vLLM's list of instruction sets without its closing words ("AVX512 ISA support" ->
    "AVX512"; "AVX512 or AVX2 or Power9+ ISA support" -> "AVX512 or AVX2 or Power9+")."""
    words = said.strip().removesuffix("support").strip().removesuffix("ISA").strip(" ,")
    return words or said.strip()


def _flags_lack(line: str) -> str:
    """The first of AVX and AVX2 an x86 CPU's flags line lacks ("AVX": then AVX2 too), or ""."""
    flags = set(line.split(":", 1)[-1].split())
    if "avx2" in flags:
        return ""
    return "AVX2" if "avx" in flags else "AVX"


def _isa_name(said: str) -> str:
    """An instruction set as the reporter wrote it, in Intel's spelling ("avx-512" ->
    "AVX-512", "avx2" -> "AVX2", "avx512_bf16" -> "AVX512_BF16")."""
    return said.upper().replace(" ", "_")


# issue 38 (s9-imports): a package the run imports is not installed, or is a release
# without a name the code imports. Python's own words: importlib's ModuleNotFoundError
# (CPython Lib/importlib/_bootstrap.py: `_ERR_MSG_PREFIX = 'No module named '`, the name
# quoted by repr; Python 2's Python/import.c "No module named %.200s", unquoted, raised as
# ImportError). Only a top-level name: "No module named 'vllm._C'" is an installed package's
# compiled part, another cause (backend.os_unsupported, extension findings).
_MODULE_MISSING: Final = re.compile(
    r"(?<![A-Za-z])(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z_]\w{0,60})'?"
    r"(?![\w.])"
)
# issue 38 (s14-submodule): "No module named 'a.b'", a module inside a package. Python imports
# the parents first (CPython Lib/importlib/_bootstrap.py `_find_and_load_unlocked`: the parent
# is imported, then `ModuleNotFoundError(f"{_ERR_MSG_PREFIX}{name!r}", name=name)` is raised
# for the child), so the package `a` imported and has no `b`: a compiled part not built, a
# module of another release, or a directory named `a` that is not the package. Quoted by repr
# (read anywhere, a title's retelling too); Python 2's unquoted form after its exception's
# name. The value: the dotted name.
_SUBMODULE_MISSING: Final = re.compile(
    r"No module named '([A-Za-z_]\w{0,60}(?:\.\w{1,60}){1,6})'"
    r"|(?<![A-Za-z])(?:ModuleNotFoundError|ImportError): No module named "
    r"([A-Za-z_]\w{0,60}(?:\.\w{1,60}){1,6})(?![\w.'])"
)
# issue 38 (s14-submodule): a top-level module a package builds from C++/CUDA
# (compat/submodules.py COMPILED, each from its package's setup.py: flash-attn's
# "flash_attn_2_cuda"), quoted anywhere (a title, transformers' "Failed to import … because of
# the following error … No module named 'flash_attn_2_cuda'"). The value: the module.
_COMPILED_MISSING: Final = re.compile(
    r"No module named '("
    + "|".join(sorted((m for m in submodules.COMPILED if "." not in m), key=len, reverse=True))
    + r")'"
)
# issue 38 (s14-submodule): a traceback frame in a package's __init__.py (Python's traceback
# module: '  File "<path>", line <n>, in <name>', Lib/traceback.py FrameSummary's format)
# outside any site-packages or dist-packages: a package imported from a directory (a source
# checkout, an editable install, a folder beside the script), not from the environment's
# packages. The value: the file's path ("/home/u/flash-attention/flash_attn/__init__.py").
_LOCAL_PACKAGE_FRAME: Final = re.compile(
    r'File "(?![^"\n]{0,300}-packages[/\\])([^"\n]{1,300}[/\\]__init__\.py)"'
)
# issue 38 (s17-names): a traceback's frame (CPython Lib/traceback.py StackSummary.format:
# '  File "{filename}", line {lineno}, in {name}'), its file under site-packages or
# dist-packages or elsewhere: the package of the frame above "cannot import name" is the one
# that imports the name. The value: that package ("accelerate"), "" for a file elsewhere.
_FRAME_IN: Final = re.compile(r'File "([^"\n]{1,300})", line \d')
# issue 38 (s19-placeholder): the import of a placeholder AWS keeps on PyPI under a Neuron
# package's name: its wheel's __init__.py is `raise ImportError("WRONG PACKAGE. Please install
# the package from Neuron Repository - pip.repos.neuron.amazonaws.com")` (torch_neuronx-1.0,
# tensorflow_neuronx-1.0, torch_neuron-1.0 … on PyPI; transformers_neuronx-0.1's ends "-
# https://github.com/aws-neuron/transformers-neuronx#installation"; compat/placeholders.py),
# and the traceback's frame in that file (Python's 'File "…/site-packages/torch_neuron/
# __init__.py", line 1', IPython's "File ~/…/site-packages/tensorflow_neuronx/__init__.py:1").
# The words alone end a line where a title or a heading quotes them ("ImportError: WRONG
# PACKAGE", the transformers-neuronx README's Troubleshooting heading).
_NEURON_PLACEHOLDER: Final = re.compile(
    r"WRONG PACKAGE(?:\. Please install the package from Neuron Repository"
    r"(?: - https://github\.com/aws-neuron/(transformers-neuronx)#installation)?|\s{0,4}$)"
)
_NEURON_PLACEHOLDER_FILE: Final = re.compile(
    r"-packages[/\\](" + "|".join(placeholders.MODULES) + r")[/\\]__init__\.py\b"
)


_PACKAGES_DIRS: Final = ("site-packages", "dist-packages")


def _frame_package(found: re.Match[str]) -> str:
    """issue 38 (s17-names): the package directory a frame's file is in below site-packages
    or dist-packages ("/usr/lib/python3/dist-packages/accelerate/x.py" -> "accelerate")."""
    parts = found[1].replace("\\", "/").split("/")
    at = max((i for i, p in enumerate(parts) if p in _PACKAGES_DIRS), default=-1)
    return parts[at + 1] if 0 <= at < len(parts) - 2 and parts[at + 1].isidentifier() else ""


# CPython Python/ceval.c import_from (3.8-3.11; Python/ceval.c _PyEval_ImportFrom from 3.12):
# "cannot import name %R from %R (%S)", the module's file in the brackets; a circular import
# says "from partially initialized module %R" instead and is not read here. Objects/
# moduleobject.c module_getattro: "module %R has no attribute %R" (its circular-import twin
# "partially initialized module …" not read either). The value: "<module> <name>".
_NAME_MISSING: Final = re.compile(
    r"(?<![A-Za-z])ImportError: cannot import name '(\w{1,80})' from '([A-Za-z_][\w.]{0,80})'"
    r"|(?<![A-Za-z])AttributeError: module '([A-Za-z_][\w.]{0,80})' has no attribute '(\w{1,80})'"
)
# A traceback's source line that looks a name up by a value (`getattr(transformers, name)`):
# an AttributeError under it is a name the program or a config chose, not an API of the
# library's (microsoft/ANCE#17: a project's own model class looked up in transformers).
_GETATTR_SOURCE: Final = re.compile(r"\bgetattr\((\w{1,60}), ")
# transformers' availability messages (huggingface/transformers src/transformers/utils/
# import_utils.py @ 5.25.0, the *_IMPORT_ERROR templates requires_backends raises: "{0}
# requires the scipy library but it was not found in your environment.", "{0} requires the
# accelerate library >= {ACCELERATE_MIN_VERSION} it was not found in your environment.", "{0}
# requires the librosa library. But that was not found in your environment."; diffusers'
# src/diffusers/utils/import_utils.py has the same templates), and from_pretrained's refusal
# without Accelerate (transformers 4.20-4.57 modeling_utils.py: "Using `low_cpu_mem_usage=True`
# or a `device_map` requires Accelerate: `pip install 'accelerate>={ACCELERATE_MIN_VERSION}'`",
# "`pip install accelerate`" before 4.38; is_accelerate_available(min_version) is False for
# an older Accelerate too). The value: "<the library's word> <its floor, or nothing>".
_LIBRARY_REQUIRED: Final = re.compile(
    r"\brequires the (?:\U0001f917 )?([\w.-]{1,30}) library(?: >= ?(\d[\w.]{0,20}))?"
    r"(?:,? but it was|\. But that was| it was) not found in your environment"
    r"|Using `low_cpu_mem_usage=True` or a `device_map` requires (Accelerate)(?:: `[\w ]{0,20}"
    r"'?accelerate(?:>=(\d[\w.]{0,20}))?)?"
)


def _name_missing(found: re.Match[str]) -> str:
    """issue 38 (s9-imports): "<module> <name>" of an import or attribute error."""
    return f"{found[2] or found[3]} {found[1] or found[4]}"


def _library_required(found: re.Match[str]) -> str:
    """issue 38 (s9-imports): "<library> <floor>" of an availability message."""
    return f"{found[1] or found[3]} {found[2] or found[4] or ''}".strip()


RECOGNISERS: Final = (
    _Recogniser(_FOUND_VERSION, FactKey.MESSAGE_FOUND_VERSION),
    _Recogniser(
        _SM_SUPPORTS, FactKey.MESSAGE_ARCH_LIST, made=lambda m: " ".join(m.group(1).split())
    ),
    _Recogniser(_MIN_CAPABILITY, FactKey.MESSAGE_MIN_CAPABILITY),
    _Recogniser(
        _CC_ROW,
        FactKey.MESSAGE_CODE_CC,
        made=lambda m: f"{m.group(1)}.{m.group(2)}",
        at_start=True,
    ),
    _Recogniser(
        _NOT_COMPILED,
        FactKey.MESSAGE_NOT_COMPILED_CUDA,
        words="Torch not compiled with CUDA enabled",
    ),
    _Recogniser(_LIBRARY_NO_CUDA, FactKey.MESSAGE_LIBRARY_NO_CUDA),  # the value: the library
    _Recogniser(_COMPUTE_TYPE_REFUSED, FactKey.MESSAGE_COMPUTE_TYPE_REFUSED),  # the type
    _Recogniser(
        _INVALID_FUNCTION,
        FactKey.MESSAGE_INVALID_DEVICE_FUNCTION,
        words="HIP error: invalid device function",
    ),
    _Recogniser(_NO_KERNEL, FactKey.MESSAGE_NO_KERNEL_IMAGE, words="no kernel image is available"),
    _Recogniser(
        _DRIVER_TOO_OLD,
        FactKey.MESSAGE_DRIVER_TOO_OLD,
        words="The NVIDIA driver on your system is too old",
    ),
    _Recogniser(_INSUFFICIENT_DRIVER, FactKey.MESSAGE_DRIVER_INSUFFICIENT, group=0),
    _Recogniser(_NO_DRIVER, FactKey.MESSAGE_NO_DRIVER, group=0),
    _Recogniser(_FORWARD_COMPAT, FactKey.MESSAGE_FORWARD_COMPAT, group=0),
    _Recogniser(_CONTAINER_NO_GPU, FactKey.MESSAGE_CONTAINER_NO_GPU, group=0),
    _Recogniser(_FLASH_ATTN_ARCH, FactKey.MESSAGE_FLASH_ATTN_ARCH, group=0),
    _Recogniser(_BNB_NO_GPU, FactKey.MESSAGE_BNB_NO_GPU, group=0),
    _Recogniser(_VLLM_NO_DEVICE, FactKey.MESSAGE_VLLM_NO_DEVICE, group=0),
    _Recogniser(_WORKER_DEVICE, FactKey.MESSAGE_WORKER_DEVICE),  # issue 38 (s19-quiet)
    _Recogniser(_BF16_UNSUPPORTED, FactKey.MESSAGE_BF16_UNSUPPORTED, group=0),
    _Recogniser(_COMFY_ARCH, FactKey.GFX, at_start=True),
    _Recogniser(_NO_GPUS, FactKey.MESSAGE_NO_GPUS, words="No CUDA GPUs are available"),
    _Recogniser(
        _NVIDIA_SMI_PRESENT, FactKey.MESSAGE_NVIDIA_SMI_PRESENT, words="nvidia-smi present"
    ),
    _Recogniser(_NO_HIP_GPUS, FactKey.MESSAGE_NO_HIP_GPUS, words="No HIP GPUs are available"),
    _Recogniser(
        _TOO_OLD_WORDS,
        FactKey.MESSAGE_TOO_OLD,
        words="PyTorch no longer supports this GPU because it is too old",
    ),
    _Recogniser(_MPS_MACOS, FactKey.MESSAGE_MPS_MACOS),
    _Recogniser(_MPS_OP_MACOS, FactKey.MESSAGE_MPS_OP_MACOS),
    _Recogniser(_MAC_PLATFORM, FactKey.PROSE_PLATFORM),
    _Recogniser(_NVRM, FactKey.DRIVER),
    _Recogniser(
        _SMI_FAILED, FactKey.MESSAGE_NVML_FAILED, made=lambda m: (m.group(1) or m.group(0)).strip()
    ),
    _Recogniser(_NVRM_CLIENT, FactKey.NVRM_CLIENT),
    _Recogniser(_ISA, FactKey.GFX, every=True),
    _Recogniser(_SW_VERS, FactKey.PROSE_MACOS, at_start=True),
    _Recogniser(_WINDOWS_PATH, FactKey.PROSE_WINDOWS_PATH, group=0),
    _Recogniser(_MPS_NOT_BUILT, FactKey.MESSAGE_MPS_NOT_BUILT, words="MPS not built"),
    # issue 38: Huawei Ascend
    _Recogniser(_CANN_INIT_ENV, FactKey.MESSAGE_CANN_INIT_ENV, words="init env failed"),
    _Recogniser(_CANN_NO_MODULE, FactKey.MESSAGE_CANN_NO_MODULE, at_start=True),
    # issue 38: a library refuses the GPU
    _Recogniser(_LLVM_SHFL, FactKey.MESSAGE_LLVM_SHFL_SYNC, group=0),
    _Recogniser(_BNB_INT8, FactKey.MESSAGE_BNB_INT8, group=0),
    _Recogniser(_VLLM_BELOW_70, FactKey.MESSAGE_VLLM_BELOW_70, group=0),
    # issue 38 (s9-kernels): vLLM's quantization floor, SageAttention's architectures
    _Recogniser(
        _VLLM_QUANT_CAPABILITY,
        FactKey.MESSAGE_VLLM_QUANT_CAPABILITY,
        made=lambda m: " ".join(
            (m[1], m[2], m[3])
            if m[1]
            else ("scheme", m[4] or "", m[5] or "", "exact" if "Required" in m[0] else "")
        ).strip(),
    ),
    _Recogniser(_SAGE_ARCH, FactKey.MESSAGE_SAGE_ARCH, made=lambda m: m[1].replace("_", "")),
    _Recogniser(_LIBRARY_NO_GPU, FactKey.MESSAGE_LIBRARY_NO_GPU, group=0),  # no GPU at all
    _Recogniser(_TRITON_FORKED_PROBE, FactKey.TRITON_FORKED_PROBE, group=0),
    _Recogniser(_HF_BF16, FactKey.MESSAGE_HF_BF16, group=0),
    _Recogniser(
        _MPS_BF16, FactKey.MESSAGE_MPS_BF16, made=lambda m: "macos" if m.group(1) else "torch"
    ),
    _Recogniser(_UNSLOTH_GPU, FactKey.GPU),
    _Recogniser(
        _TGI_CAPABILITY,
        FactKey.MESSAGE_TGI_CAPABILITY,
        made=lambda m: f"{m.group(1)}.{m.group(2)}",
    ),
    # issue 38 (s20-gpuprose): TEI's image compiled for another GPU
    _Recogniser(_TEI_COMPUTE_CAP, FactKey.MESSAGE_TEI_COMPUTE_CAP, made=lambda m: f"{m[1]}/{m[2]}"),
    _Recogniser(_TEI_IMAGE, FactKey.TEI_IMAGE),
    _Recogniser(
        _FOUR_BIT,
        FactKey.PROSE_FOUR_BIT,
        made=lambda m: m.string[max(0, m.start() - 60) : m.end() + 60].strip(),
    ),
    _Recogniser(_TEI_NO_BACKEND, FactKey.TEI_NO_BACKEND, words="tei", at_start=True),
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    _Recogniser(_WSL, FactKey.PROSE_WSL, group=0),
    _Recogniser(_HSA_OVERRIDE, FactKey.ENV_HSA_OVERRIDE),  # issue 38 (s21-mendA)
    _Recogniser(_DEBIAN, FactKey.PROSE_DEBIAN, words="debian"),  # issue 38 (s14-sharedlib)
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    _Recogniser(_MPS_OOM, FactKey.MESSAGE_MPS_OOM, made=lambda m: _mps_sizes(m)),
    _Recogniser(_MPS_BUFFER, FactKey.MESSAGE_MPS_BUFFER),
    _Recogniser(_XPU_NOT_BUILT, FactKey.MESSAGE_XPU_NOT_BUILT, group=0),
    _Recogniser(_XPU_NO_DEVICE, FactKey.MESSAGE_XPU_NO_DEVICE, group=0),
    _Recogniser(_INTEL_IGPU, FactKey.MESSAGE_INTEL_IGPU),
    _Recogniser(_INTEL_XPU_GPU, FactKey.MESSAGE_INTEL_XPU_GPU),
    _Recogniser(_HPU_ACQUIRE, FactKey.MESSAGE_HPU_ACQUIRE, made=lambda m: _hpu_status(m)),
    _Recogniser(
        _HABANA_DRIVER, FactKey.HABANA_HOST, made=lambda m: m.group(1) or m.group(2) or m.group(3)
    ),
    _Recogniser(_HABANA_IMAGE, FactKey.HABANA_IMAGE),
    _Recogniser(_HABANA_MISSING, FactKey.MESSAGE_HABANA_MISSING),
    _Recogniser(_NEURON_DRIVER, FactKey.MESSAGE_NEURON_DRIVER, group=0),
    # issue 38: a CUDA-only package failing at import on another accelerator
    _Recogniser(_VLLM_IMPORT, FactKey.MESSAGE_VLLM_IMPORT),
    # issue 38: IPEX before torch's native XPU
    _Recogniser(_IPEX_VERSION, FactKey.IPEX_VERSION, at_start=True),
    _Recogniser(_ENV_CHECK_TORCH, FactKey.ENV_CHECK_TORCH, at_start=True),
    # issue 38: bitsandbytes' and MPS's other wordings
    _Recogniser(_BNB_CPU_SYMBOL, FactKey.MESSAGE_BNB_SETUP, words="cpu_library"),
    _Recogniser(_BNB_SETUP_FAILED, FactKey.MESSAGE_BNB_SETUP, words="setup_failed"),
    _Recogniser(_BNB_NO_CUDART, FactKey.MESSAGE_BNB_SETUP, words="no_cudart"),
    _Recogniser(_BNB_DETECTION_FAILED, FactKey.MESSAGE_BNB_SETUP, words="detection_failed"),
    _Recogniser(_MPS_NDARRAY, FactKey.MESSAGE_MPS_NDARRAY, group=0),
    _Recogniser(_MPS_BUFFER_SHORT, FactKey.MESSAGE_MPS_BUFFER_SHORT, group=0),
    # issue 38 (s12-mps): an MPS convolution past 65536 outputs, a dimension past INT_MAX
    _Recogniser(_MPS_CONV_CHANNELS, FactKey.MESSAGE_MPS_CONV_CHANNELS, group=0),
    _Recogniser(_MPS_INT_MAX, FactKey.MESSAGE_MPS_INT_MAX, group=0),
    # issue 38: Unsloth's refusal of an old GPU, and its banner's compute capability
    _Recogniser(_UNSLOTH_TOO_OLD, FactKey.MESSAGE_UNSLOTH_TOO_OLD, made=lambda m: _floor(m)),
    _Recogniser(_UNSLOTH_CAPABILITY, FactKey.UNSLOTH_CAPABILITY),
    # issue 38: vLLM on an AMD GPU its ROCm support leaves out
    _Recogniser(_VLLM_SAID, FactKey.VLLM_SAID, group=0),
    _Recogniser(_GFX906_FORK, FactKey.VLLM_GFX906_FORK, group=0),
    # issue 38: Ascend NPU memory and CANN's libraries
    _Recogniser(_NPU_OOM, FactKey.MESSAGE_NPU_OOM),
    _Recogniser(_ASCEND_LIBRARY, FactKey.MESSAGE_ASCEND_LIBRARY),
    _Recogniser(_PROSE_CANN, FactKey.PROSE_CANN),
    _Recogniser(_NPU_SMI_LIBRARY, FactKey.MESSAGE_ASCEND_LIBRARY, made=lambda m: f"npu-smi {m[1]}"),
    # issue 38: NumPy 2 under a module built against NumPy 1
    _Recogniser(_NUMPY_ABI, FactKey.MESSAGE_NUMPY_ABI, group=0),
    _Recogniser(_NUMPY_RUNNING, FactKey.NUMPY_RUNNING),
    # issue 38 (s18-build): NumPy older than the C-API a module was built against
    _Recogniser(
        _NUMPY_CAPI,
        FactKey.MESSAGE_NUMPY_CAPI,
        made=lambda m: f"{m[1] or m[2]} {m[4]}{f' {m[3]}' if m[3] else ''}".lower(),
    ),
    _Recogniser(_NUMPY_IMPORT_FAILED, FactKey.NUMPY_IMPORT_FAILED, group=0),
    # issue 38 (s18-build): the CUDA toolkit refusing nvcc's host compiler, its release
    *(
        _Recogniser(
            pattern,
            FactKey.MESSAGE_HOST_COMPILER,
            made=_bound_of(bound),
            name=compiler,
        )
        for compiler, pattern, bound in _HOST_COMPILER
    ),
    _Recogniser(_HOST_CONFIG_CUDA, FactKey.HOST_CONFIG_CUDA, made=lambda m: m[1] or m[2]),
    _Recogniser(_MSVC_VERSION, FactKey.MSVC_VERSION),  # issue 38 (s18-mend-misc)
    # issue 38: a container image without a build for this machine's platform
    _Recogniser(_IMAGE_PLATFORM, FactKey.MESSAGE_IMAGE_PLATFORM, made=_image_platform),
    # issue 38: no CUDA toolkit (nvcc) for a build that compiles CUDA code
    *(_Recogniser(pattern, FactKey.MESSAGE_NO_TOOLKIT, words=who) for who, pattern in _NO_TOOLKIT),
    # issue 38 (s14-supported): the package that setup.py builds, by its own words
    _Recogniser(_BUILD_REQUESTED, FactKey.BUILD_REQUESTED, made=lambda m: m[1] or m[2]),
    _Recogniser(
        _PIP_BUILD_FAILED,
        FactKey.PIP_BUILD_FAILED,
        made=lambda m: m.group(1) or m.group(2) or m.group(3),
    ),
    _Recogniser(_FLASH_ATTN_TORCH, FactKey.TORCH_VERSION),
    # issue 38 (s15-toolchain): a build tool a source build lacks, a build command that failed
    *(
        _Recogniser(pattern, FactKey.MESSAGE_TOOLCHAIN_MISSING, group=0, name=tool)
        for tool, pattern in _TOOLCHAIN_MISSING
    ),
    _Recogniser(_BUILD_COMMAND_FAILED, FactKey.BUILD_COMMAND_FAILED),
    _Recogniser(_CMAKE_ERROR_AT, FactKey.CMAKE_ERROR_AT, made=lambda m: m[1].lower()),
    _Recogniser(_DOCKER_PIP_FAILED, FactKey.DOCKER_RUN_FAILED, words="pip"),
    # issue 38: fp16 AMP refused on the Mac's GPU (MPS)
    *(
        _Recogniser(pattern, FactKey.MESSAGE_FP16_REFUSED, words=who)
        for who, pattern in _FP16_REFUSED
    ),
    _Recogniser(_MACOS_PATH, FactKey.MACOS_PATH),
    _Recogniser(_HIP_COMPILER, FactKey.HIP_COMPILER, words="hipcc"),
    # issue 38: docker / NVIDIA Container Toolkit recordings
    _Recogniser(_CONTAINER_NO_NVML, FactKey.MESSAGE_CONTAINER_NO_NVML, group=0),
    # issue 38: DeepSpeed without an NVIDIA GPU (its Apple accelerator refused)
    _Recogniser(_DS_MPS, FactKey.MESSAGE_DS_MPS, group=0),
    # issue 38: Intel Extension for PyTorch beside a torch of another x.y
    _Recogniser(_IPEX_TORCH, FactKey.MESSAGE_IPEX_TORCH, made=lambda m: f"{m[1]} {m[2]}"),
    # issue 38: Ascend's other wordings (CANN's EL0004)
    _Recogniser(_CANN_EL0004, FactKey.MESSAGE_NPU_OOM, words=ascend.CANN_EL0004),
    _Recogniser(_ACLNN_FAILED, FactKey.MESSAGE_ACLNN_FAILED),
    _Recogniser(_TOOLKIT_NO_MODULE, FactKey.MESSAGE_CANN_NO_MODULE),
    # issue 38: bitsandbytes on a Mac (macOS's loader) and its ROCm preview builds
    _Recogniser(_MACOS_LOADER, FactKey.MACOS_LOADER, made=lambda m: m.group(1) or m.group(2)),
    # issue 38 (s20-dyld): dyld's two architectures; MinGW's linker without pthreads
    _Recogniser(_MACOS_ARCH, FactKey.MESSAGE_MACOS_ARCH, made=lambda m: f"{m[1]} {m[2]}"),
    _Recogniser(_MINGW_PTHREAD, FactKey.MESSAGE_MINGW_PTHREAD),
    _Recogniser(_BNB_ROCM_SYMBOL, FactKey.MESSAGE_BNB_SETUP, words="rocm_symbol"),
    _Recogniser(_BNB_ROCM_MISSING, FactKey.MESSAGE_BNB_SETUP, words="rocm_missing"),
    _Recogniser(_BNB_ROCM_SETUP, FactKey.MESSAGE_BNB_SETUP, words="rocm_setup_failed"),
    # issue 38: a CUDA-only bitsandbytes release under torch's ROCm build
    _Recogniser(_BNB_CUDA_NONE, FactKey.MESSAGE_BNB_SETUP, words="cuda_none"),
    _Recogniser(_NONE_SPLIT, FactKey.MESSAGE_BNB_SETUP, words="none_split"),
    # issue 38: Ascend NPU memory in all its wordings (the ACL runtime's codes and words)
    _Recogniser(_ACL_NO_MEMORY, FactKey.MESSAGE_NPU_OOM),
    _Recogniser(_ACL_NO_MEMORY_WORDS, FactKey.MESSAGE_NPU_OOM),
    # issue 38: torch-npu and CANN (the release in the toolkit's install path)
    _Recogniser(_TOOLKIT_PATH_CANN, FactKey.PROSE_CANN),
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU
    _Recogniser(_DS_NO_GPU, FactKey.MESSAGE_DS_NO_GPU, group=0),
    _Recogniser(_VLLM_NO_LIBCUDA, FactKey.MESSAGE_VLLM_NO_LIBCUDA, words="libcuda.so.1"),
    # vLLM's server names itself (vllm/entrypoints/openai/api_server.py: "vLLM API server
    # version %s")
    _Recogniser(_VLLM_SERVER, FactKey.VLLM_SAID, group=0),
    _Recogniser(_VLLM_RUN, FactKey.VLLM_SAID, group=0),  # issue 38: vLLM Ascend on a 310P
    _Recogniser(
        _VLLM_PLATFORM,
        FactKey.VLLM_PLATFORM,
        made=lambda m: next(g for g in m.groups() if g).lower(),
    ),
    # issue 38: a library's version pin refused (pip's Requires-Python and its finder)
    _Recogniser(_NO_DISTRIBUTION, FactKey.MESSAGE_NO_DISTRIBUTION, made=_no_distribution),
    _Recogniser(_PIN_SKIP, FactKey.PIN_SKIP, words="DISABLE_VERSION_CHECK"),
    _Recogniser(_PIN_CORE, FactKey.PIN_CORE, words="transformers"),
    _Recogniser(_PIP_CONFLICTS, FactKey.PIP_CONFLICTS, words="pip's dependency conflicts"),
    # issue 38: Gaudi / Neuron / TPU (docker without the vendor's container runtime)
    _Recogniser(_CONTAINER_RUNTIME, FactKey.MESSAGE_CONTAINER_RUNTIME, group=0),
    _Recogniser(_NEURON_NO_DEVICE, FactKey.MESSAGE_NEURON_DRIVER, group=0),
    # issue 38: Neuron runtime against driver (a runtime of another Neuron SDK release)
    _Recogniser(_NEURON_RUNTIME_ARCH, FactKey.MESSAGE_NEURON_DRIVER, group=0),
    # issue 38: a library importing a transformers module its transformers is too old for
    _Recogniser(_TRANSFORMERS_MODULE, FactKey.MESSAGE_TRANSFORMERS_MODULE),
    # issue 38: Gaudi software of one release on another (optimum-habana's own check)
    _Recogniser(_HABANA_VALIDATED, FactKey.MESSAGE_HABANA_VALIDATED, made=_habana_validated),
    # issue 38: fp16 on the CPU, float64 on MPS (archlib)
    _Recogniser(_HALF_ON_CPU, FactKey.MESSAGE_HALF_ON_CPU),
    _Recogniser(_MPS_FLOAT64, FactKey.MESSAGE_MPS_FLOAT64, group=0),
    # issue 38 (s9-precision): bf16 AMP refused by accelerate, float64 on an Intel GPU
    *(
        _Recogniser(pattern, FactKey.MESSAGE_BF16_AMP_REFUSED, words=who)
        for who, pattern in _BF16_AMP_REFUSED
    ),
    _Recogniser(
        _XPU_FLOAT64,
        FactKey.MESSAGE_XPU_FLOAT64,
        made=lambda m: "ipex" if "uses" in m[0] else "sycl",
    ),
    _Recogniser(_PTX_BF16, FactKey.MESSAGE_PTX_BF16, words="ptxas"),
    # issue 38 (s18-gpuprose): torch's autocast refusing bfloat16, a reporter's words that a GPU
    # has none
    _Recogniser(_AUTOCAST_BF16, FactKey.MESSAGE_AUTOCAST_BF16, words="autocast"),
    _Recogniser(
        _BF16_LACKING,
        FactKey.PROSE_BF16_LACKING,
        made=lambda m: m.string[max(0, m.start() - 40) : m.end() + 40].strip(),
    ),
    _Recogniser(_RAN, FactKey.PROSE_RAN, group=0),  # issue 38 (s19-quiet)
    # issue 38 (s18-dtype): IGC's float64 refusal, where the paste shows torch on the XPU
    _Recogniser(_IGC_DOUBLE, FactKey.MESSAGE_XPU_FLOAT64, words="igc"),
    _Recogniser(_XPU_TORCH_NAMED, FactKey.XPU_TORCH_NAMED, group=0),
    _Recogniser(_IGC_BUILD_FAILED, FactKey.IGC_BUILD_FAILED, group=0),
    _Recogniser(_XPU_OPERATOR, FactKey.MESSAGE_XPU_OPERATOR),
    # issue 38 (s17-small): DirectML's operator gaps, nvcuda.dll, onnxruntime twice, torchaudio
    _Recogniser(_DML_FALLBACK, FactKey.MESSAGE_DML_FALLBACK),
    _Recogniser(_DML_OPERATOR, FactKey.MESSAGE_DML_OPERATOR),
    _Recogniser(_DIRECTML_NAMED, FactKey.DIRECTML_NAMED, group=0),
    # issue 38 (s18-dtype): torch-directml's float64 refusal; MPS's other dtypes, fp8 weights
    _Recogniser(_DML_FLOAT64, FactKey.MESSAGE_DML_FLOAT64, group=0),
    _Recogniser(_MPS_DTYPE, FactKey.MESSAGE_MPS_DTYPE, keep=lambda said: said != "BFloat16"),
    _Recogniser(_FP8_WEIGHTS, FactKey.FP8_WEIGHTS_NAMED, made=_fp8_weights),
    _Recogniser(_MPS_DTYPE_MACOS, FactKey.MESSAGE_MPS_OP_MACOS, made=_mps_dtype_macos),
    _Recogniser(_ORT_BOTH_PIP, FactKey.MESSAGE_ORT_BOTH, group=0),
    _Recogniser(_ORT_BOTH_SAID, FactKey.MESSAGE_ORT_BOTH, group=0),
    _Recogniser(_TORCHAUDIO_SOUNDFILE, FactKey.MESSAGE_TORCHAUDIO_BACKEND, words="soundfile"),
    _Recogniser(_TORCHAUDIO_NO_BACKEND, FactKey.MESSAGE_TORCHAUDIO_BACKEND, words="none"),
    # issue 38 (s18-audiopy): torchaudio's FFmpeg integration without FFmpeg's libraries
    _Recogniser(
        _TORCHAUDIO_FFMPEG_LIBRARIES, FactKey.MESSAGE_TORCHAUDIO_BACKEND, words="ffmpeg_libraries"
    ),
    _Recogniser(_TORCHAUDIO_FFMPEG_EXTENSION, FactKey.MESSAGE_TORCHAUDIO_BACKEND, words="ffmpeg"),
    _Recogniser(_TORCHAUDIO_FFMPEG_LOAD, FactKey.TORCHAUDIO_FFMPEG_LOAD, made=_ffmpeg_load),
    _Recogniser(_CPU_ONLY_SAID, FactKey.PROSE_CPU_ONLY, group=0),
    # issue 38: vLLM Ascend's compiled part missing from a source install
    _Recogniser(_VLLM_ASCEND_C_IMPORT, FactKey.MESSAGE_VLLM_ASCEND_C, made=_vllm_ascend_c),
    _Recogniser(_VLLM_ASCEND_C_MODULE, FactKey.MESSAGE_VLLM_ASCEND_C, words="not_built"),
    _Recogniser(_VLLM_ASCEND_C_OP, FactKey.MESSAGE_VLLM_ASCEND_C, words="op"),
    _Recogniser(_VLLM_ASCEND_CAMEM, FactKey.MESSAGE_VLLM_ASCEND_C, words="camem"),
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    _Recogniser(_ONEAPI_LIBRARY, FactKey.MESSAGE_ONEAPI_LIBRARY),
    _Recogniser(_IPEX_DLL, FactKey.MESSAGE_IPEX_DLL, made=lambda m: f"{m[2]} {m[1]}"),
    _Recogniser(_IPEX_DLL_CUT, FactKey.MESSAGE_IPEX_DLL, made=lambda m: f"? {m[1]}"),
    _Recogniser(_XPU_GPU_UNSUPPORTED, FactKey.MESSAGE_XPU_GPU_UNSUPPORTED),
    # issue 38: serving limits (vLLM's KV cache, TGI's token limits)
    _Recogniser(_VLLM_KV_TOKENS, FactKey.MESSAGE_VLLM_KV_CACHE, made=lambda m: f"{m[1]} {m[2]}"),
    _Recogniser(
        _VLLM_KV_MEMORY, FactKey.MESSAGE_VLLM_KV_CACHE, made=lambda m: f"{m[1]} {m[2]} {m[3]}"
    ),
    _Recogniser(_TGI_REQUEST, FactKey.MESSAGE_TGI_LIMIT, made=_tgi_request),
    _Recogniser(_TGI_LAUNCHER, FactKey.MESSAGE_TGI_LIMIT, made=lambda m: f"launcher {m[0]}"),
    # issue 38: an image's CUDA above the host driver's (nvidia-container-cli)
    _Recogniser(_CONTAINER_CUDA, FactKey.MESSAGE_CONTAINER_CUDA),
    _Recogniser(_CONTAINER_HOOK, FactKey.MESSAGE_CONTAINER_CUDA, words="hook"),
    _Recogniser(_PTX_TOOLCHAIN, FactKey.MESSAGE_PTX_TOOLCHAIN, group=0),
    _Recogniser(
        _ONEAPI_VERSION_APART,
        FactKey.MESSAGE_ONEAPI_APART,
        made=lambda m: f"{m[1]} {m[2]} {m[3]}",
    ),  # issue 38 (s6-macintel): CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol
    _Recogniser(_MACOS_WHEEL, FactKey.MACOS_WHEEL),
    # issue 38 (s13-wheels): a failed build's packages; the Python of a site-packages path
    _Recogniser(_BUILD_FAILED_FOR, FactKey.MESSAGE_BUILD_FAILED_FOR, made=_build_failed_for),
    _Recogniser(_PYTHON_LIB_PATH, FactKey.PYTHON_LIB_PATH, made=_python_of_path),
    _Recogniser(
        _PYTHON_BUILD_DIR, FactKey.PYTHON_BUILD_DIR, made=lambda m: f"3.{m[2] or m[3]} {m[1]}"
    ),
    _Recogniser(_INTEL_MAC, FactKey.PROSE_INTEL_MAC, group=0),
    _Recogniser(
        _PIP_SDIST_RELEASE,
        FactKey.PIP_SDIST_RELEASE,
        made=lambda m: f"{versions.canonical_name(m[1])} {m[2]}",
    ),
    _Recogniser(_PIP_SDIST, FactKey.PIP_SDIST),
    _Recogniser(_PIP_INSTALLED, FactKey.PIP_INSTALLED, made=_pip_installed, keep=bool),
    _Recogniser(_PIP_REQUESTED, FactKey.PIP_REQUESTED, made=_pip_requested, keep=bool),
    _Recogniser(_NO_PLATFORM_WHEEL, FactKey.MESSAGE_NO_PLATFORM_WHEEL),
    # issue 38 (s10-platform): poetry's and uv's words for no file here, pip's wheel refused
    _Recogniser(
        _POETRY_NO_CANDIDATES,
        FactKey.MESSAGE_NO_CANDIDATES,
        made=lambda m: f"{m[1]}=={m[2]}",
        name="poetry",
    ),
    _Recogniser(_POETRY_FAILED, FactKey.POETRY_INSTALL_FAILED, name="poetry"),
    _Recogniser(_POETRY_TAGS_SKIPPED, FactKey.POETRY_TAGS_SKIPPED, name="poetry"),
    _Recogniser(
        _UV_NO_TAG,
        FactKey.MESSAGE_NO_TAGGED_WHEEL,
        made=lambda m: (
            f"{m[1]}{m[2] if (m[2] or '').startswith('==') else ''} "
            f"{m[3].split()[-1].lower()} {m[4] or ''}"
        ).strip(),
        name="uv",
    ),
    _Recogniser(
        _UV_ONLY_WHEELS,
        FactKey.MESSAGE_NO_TAGGED_WHEEL,
        made=lambda m: f"{m[2]}=={m[3]} platform {m[1]}",
        name="uv",
    ),
    _Recogniser(
        _WHEEL_REFUSED,
        FactKey.MESSAGE_WHEEL_REFUSED,
        made=lambda m: f"{m[1]} {m[2]} {m[3]} {m[4]}",
        name="pip",
    ),
    _Recogniser(
        _UV_WHEEL_APART, FactKey.MESSAGE_WHEEL_APART, made=lambda m: f"{m[1]} {m[2]}", name="uv"
    ),
    _Recogniser(_MKL_IJIT, FactKey.MESSAGE_MKL_IJIT),
    _Recogniser(_SLOW_WORDS, FactKey.MESSAGE_XPU_SLOW_FIRST, made=lambda m: m[1] or m[2]),
    # issue 38: Google TPU / torch_xla
    _Recogniser(
        _TPU_NODE,
        FactKey.MESSAGE_TPU_NODE,
        made=lambda m: (
            "No ba16c7433 device found"
            if "ba16c7433" in m[0]
            else "tpu-env 404"
            if "tpu-env" in m[0]
            else "metadata 404"
        ),
    ),
    _Recogniser(_TPU_STATUS, FactKey.MESSAGE_TPU_STATUS, words="Check failed: tpu_status.ok()"),
    _Recogniser(_COLAB, FactKey.MESSAGE_COLAB, words="Colab"),
    _Recogniser(_XLAC_SYMBOL, FactKey.MESSAGE_XLAC_SYMBOL),
    _Recogniser(_PJRT_DEFAULT, FactKey.MESSAGE_PJRT_DEFAULT, group=0),
    _Recogniser(_XRT_VARIABLE, FactKey.MESSAGE_XRT_VARIABLE, words="XRT_TPU_CONFIG"),
    _Recogniser(_LIBTPU_APART, FactKey.MESSAGE_LIBTPU_APART, group=0),
    _Recogniser(_TPU_BUSY, FactKey.MESSAGE_TPU_BUSY, made=lambda m: m[1] or ""),
    # issue 38: CANN's operator kernels missing, or built for another SoC
    _Recogniser(_CANN_KERNELS, FactKey.MESSAGE_CANN_KERNELS, made=lambda m: m[1] or m[0]),
    _Recogniser(_CANN_SOC_MISMATCH, FactKey.MESSAGE_CANN_SOC, made=lambda m: f"{m[1]} {m[2]}"),
    # issue 38: ROCm device nodes denied, a conda libstdc++ too old, Gen9 Intel iGPUs
    _Recogniser(_ROCM_NODE_DENIED, FactKey.MESSAGE_ROCM_NODE_DENIED, made=lambda m: m[1] or m[2]),
    _Recogniser(
        _ROCM_MEMBER, FactKey.MESSAGE_ROCM_MEMBER, made=lambda m: m[3] or f"{m[1] or ''}{m[2]}"
    ),
    _Recogniser(_INTEL_GEN9, FactKey.MESSAGE_INTEL_GEN9),
    _Recogniser(_SPIRV_UNSUPPORTED, FactKey.MESSAGE_SPIRV_UNSUPPORTED, made=lambda m: m[1] or ""),
    _Recogniser(
        _SYCL_BUILD_FAILED, FactKey.MESSAGE_SYCL_BUILD_FAILED, made=lambda m: m[1] or "build log"
    ),
    # issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph
    _Recogniser(_MPS_GRAPH_LOC, FactKey.MESSAGE_MPS_ASSERTION, made=lambda m: f"MPSGraph {m[1]}"),
    _Recogniser(_MPS_GRAPH_OP, FactKey.MESSAGE_MPS_ASSERTION, made=lambda m: f"MPSGraph {m[1]}"),
    _Recogniser(_MPS_ASSERTION, FactKey.MESSAGE_MPS_ASSERTION, made=_mps_assertion),
    _Recogniser(_MPS_BROADCAST, FactKey.MESSAGE_MPS_ASSERTION, made=lambda m: f"{m[1]} {m[2]}"),
    _Recogniser(_MLIR_INFER, FactKey.MESSAGE_MPS_ASSERTION, words="llvm"),
    _Recogniser(_MPS_COMMAND_BUFFER, FactKey.MESSAGE_MPS_ASSERTION, words="command buffer"),
    # issue 38: the Neuron runtime in a container apart from the host's (neuron-rtd 1.x)
    _Recogniser(_NRTD_DEVICES, FactKey.MESSAGE_NEURON_DRIVER, group=0),
    _Recogniser(_NRTD_BUILD, FactKey.NEURON_RTD_VERSION),
    _Recogniser(_NRTD_FAILED, FactKey.NEURON_RTD_FAILED, group=0),
    # issue 38: Gaudi with a torch of another accelerator (HabanaAI/vllm-fork's collect_env)
    _Recogniser(_HPU_DEVICES, FactKey.HPU_DEVICES, at_start=True),
    # issue 38: NeuronCores held by another process
    _Recogniser(_NEURON_CORES, FactKey.MESSAGE_NEURON_CORES, group=0),
    # issue 38: torch-neuron / torch-neuronx pinning one torch (torch-neuron's import check)
    _Recogniser(_NEURON_TORCH, FactKey.MESSAGE_NEURON_TORCH, made=lambda m: f"{m[1]} {m[2]}"),
    _Recogniser(
        _NEURON_REQUIRES,
        FactKey.NEURON_TORCH_REQUIRED,
        made=lambda m: f"{m[1].lower().replace('_', '-')} {m[2]}",
    ),
    _Recogniser(_TORCH_PINNED_TO, FactKey.NEURON_TORCH_PINNED),
    # issue 38: a library on hardware it does not support (vLLM Ascend on an Atlas 300I)
    _Recogniser(_ASCEND_310P_PROSE, FactKey.PROSE_ASCEND_310P, made=lambda m: m[1] or m[2] or m[3]),
    _Recogniser(_VLLM_ASCEND_NAMED, FactKey.VLLM_ASCEND_NAMED, group=0),
    _Recogniser(_VLLM_ASCEND_310P_IMAGE, FactKey.VLLM_ASCEND_310P_BUILD),
    _Recogniser(_TGI_FLASH_REQUIRED, FactKey.MESSAGE_TGI_FLASH_REQUIRED),
    _Recogniser(_XFORMERS_BUILD, FactKey.XFORMERS_BUILD, words="xformers"),
    _Recogniser(_PIP_SUBPROCESS_NOTE, FactKey.PIP_BUILD_FAILED, words="subprocess"),
    _Recogniser(_MAC_NAMED, FactKey.PROSE_MAC),
    # issue 38 (s21-container): "docker" alone is only a word (a template's list of installers
    # names it); diagnosis/pasted.py counts it beside Metal, MPS or the Mac on its line
    _Recogniser(
        _CONTAINER_NAMED,
        FactKey.PROSE_CONTAINER,
        made=lambda m: "docker" if m[1].casefold() == "docker" else "container",
    ),
    _Recogniser(_METAL_NAMED, FactKey.PROSE_APPLE_GPU, made=lambda m: m[1].casefold()),
    _Recogniser(_MPS_WANTED, FactKey.PROSE_APPLE_GPU, words=MPS_WANTED),
    _Recogniser(_ARM_LINUX, FactKey.PROSE_ARM_LINUX),  # issue 38 (s12-osbuild)
    _Recogniser(_ARM32_LINUX, FactKey.PROSE_ARM32_LINUX),  # issue 38 (s18-mend-misc)
    # issue 38 (s9-memory): a device's memory run out, in each backend's words
    *(_Recogniser(pattern, FactKey.MESSAGE_DEVICE_OOM, group=0) for pattern in _DEVICE_OOM),
    _Recogniser(_VLLM_NO_CACHE, FactKey.MESSAGE_VLLM_KV_CACHE, words="none"),
    _Recogniser(
        _XPU_FREE_MEMORY,
        FactKey.MESSAGE_FREE_MEMORY_UNREAD,
        made=lambda m: m[1] or ("aspect" if m[2] else "sycl"),
    ),
    # issue 38 (s7-build): torch's "Found no NVIDIA driver" as reporters retell it
    _Recogniser(_NO_DRIVER_RETOLD, FactKey.MESSAGE_NO_DRIVER, group=0),
    # issue 38 (s7-build): bitsandbytes 0.43-0.45 failing although torch.cuda is available
    _Recogniser(_BNB_CUDA_AVAILABLE, FactKey.MESSAGE_BNB_SETUP, words="cuda_available"),
    _Recogniser(_BNB_LIB_NONE, FactKey.MESSAGE_BNB_SETUP, words="lib_none"),
    # issue 38: serving stacks without a device (vLLM's UnspecifiedPlatform)
    _Recogniser(_VLLM_UNSPECIFIED, FactKey.MESSAGE_VLLM_UNSPECIFIED, words="No platform detected"),
    _Recogniser(_VLLM_PLUGIN, FactKey.VLLM_PLUGIN),
    _Recogniser(_EMPTY_DEVICE, FactKey.MESSAGE_EMPTY_DEVICE, group=0),
    _Recogniser(_VLLM_NAMED, FactKey.VLLM_NAMED, words="vllm"),
    # issue 38: a model type the installed transformers does not know
    _Recogniser(_MODEL_TYPE_UNKNOWN, FactKey.MESSAGE_MODEL_TYPE),
    _Recogniser(
        _MODEL_TYPE_KEY,
        FactKey.MESSAGE_MODEL_TYPE_KEY,
        keep=lambda said: transformers_modules.model_type_first(said) is not None,
    ),
    _Recogniser(_CONFIG_MAPPING, FactKey.MESSAGE_CONFIG_MAPPING, words="configuration_auto"),
    # issue 38 (s16-models): Llama 3.1's rope_scaling refused, its rope type
    _Recogniser(_ROPE_REFUSED, FactKey.MESSAGE_ROPE_TYPE, made=lambda m: m[1] or ""),
    _Recogniser(_ROPE_TYPE_SHOWN, FactKey.ROPE_TYPE_SHOWN),
    # issue 38 (s16-models): a model named is read where it is loaded, Messages._models_named
    _Recogniser(_ST_ARGUMENT, FactKey.MESSAGE_ST_ARGUMENT),  # issue 38: sentence-transformers
    # issue 38: Neuron / TPU runtimes and packages: the old Neuron driver package
    _Recogniser(_NEURON_OLD_DKMS, FactKey.MESSAGE_NEURON_OLD_DKMS, group=0),
    _Recogniser(_DKMS_FAILED, FactKey.DKMS_FAILED, group=0),
    # issue 38: Neuron / TPU runtimes and packages: TensorFlow loading another libtpu
    _Recogniser(_TF_LIBTPU, FactKey.MESSAGE_TF_LIBTPU),
    _Recogniser(_LIBTPU_FLAG, FactKey.MESSAGE_LIBTPU_FLAG),
    # issue 38 (s8-serving): flash-attn's setup.py refusing CUDA_HOME's nvcc below its floor
    _Recogniser(_NVCC_FLOOR, FactKey.MESSAGE_NVCC_FLOOR, made=lambda m: f"{m[2]} {m[1]}"),
    _Recogniser(_DISPLAY_DRIVER, FactKey.MESSAGE_DISPLAY_DRIVER_MISMATCH, group=0),
    _Recogniser(_TGI_NO_CUDA, FactKey.MESSAGE_TGI_NO_CUDA, group=0),
    _Recogniser(_TGI_MODEL_TYPE, FactKey.MESSAGE_TGI_MODEL_TYPE),
    _Recogniser(_TGI_NAMED, FactKey.TGI_NAMED, group=0),
    # issue 38: device: a node denied to this user, the reporter's "only as root"
    _Recogniser(_NODE_DENIED, FactKey.MESSAGE_DEVICE_NODE_DENIED, made=lambda m: m[1] or m[2]),
    _Recogniser(_AS_ROOT, FactKey.PROSE_ONLY_AS_ROOT, made=lambda m: " ".join(m[0].split())),
    _Recogniser(_AMDSMI_GROUPS, FactKey.MESSAGE_ROCM_MEMBER, made=lambda m: f"not {m[1]}"),
    # issue 38: device: an AMD GPU without ROCm's KFD, rocminfo failing at its start
    _Recogniser(_KFD_UNSUPPORTED, FactKey.MESSAGE_KFD_UNSUPPORTED, made=lambda m: m[1] or ""),
    _Recogniser(
        _ROCMINFO_FAILED,
        FactKey.MESSAGE_ROCMINFO_FAILED,
        made=lambda m: m[1] or m[2] or m[3] or m[4],
    ),
    _Recogniser(_OPENCL_NO_PLATFORM, FactKey.MESSAGE_OPENCL_NO_PLATFORM),  # s21-atomics
    # issue 38: device: vLLM Ascend with no path for the NPU's SoC
    _Recogniser(_VLLM_ASCEND_SOC, FactKey.MESSAGE_VLLM_ASCEND_SOC, group=0),
    # issue 38: device: flash attention on a GPU below its floor
    _Recogniser(
        _FLASH_SAID_UNSUPPORTED,
        FactKey.PROSE_FLASH_ATTN_UNSUPPORTED,
        made=lambda m: (m[1] or "").strip(" .,"),
    ),
    _Recogniser(
        _FLASH_ATTN_USED,
        FactKey.FLASH_ATTN_USED,
        made=lambda m: "2" if m[1] or m[2] or m[3] else "",
    ),
    # issue 38 (s8-platform): Windows named in words; webui's torch.cuda.is_available() check
    _Recogniser(
        _WINDOWS_PROSE,
        FactKey.PROSE_WINDOWS,
        made=lambda m: (
            f"Windows {m[1] or m[8]}"
            if m[1] or m[8]
            else "Windows"
            if m[4] or m[5] or m[6] or m[7]
            else f"Windows ({m[2] or 'MSC'})"
        ),
    ),
    _Recogniser(_WEBUI_NO_GPU, FactKey.MESSAGE_WEBUI_NO_GPU, words="Torch is not able to use GPU"),
    # issue 38 (s18-launch): Vulkan finding no driver it can use
    _Recogniser(_VULKAN_NO_DRIVER, FactKey.MESSAGE_VULKAN_NO_DRIVER, group=0),
    # issue 38 (s19-atomics): KFD skipping a GPU for PCIe atomics, and taking one; torch_npu's
    # CPU fallback
    _Recogniser(_KFD_ATOMICS, FactKey.MESSAGE_KFD_ATOMICS, made=_kfd_skipped, keep=bool),
    _Recogniser(_KFD_ADDED, FactKey.KFD_DEVICE_ADDED, made=lambda m: f"{m[1]}:{m[2]}"),
    _Recogniser(_NPU_FALLBACK, FactKey.MESSAGE_NPU_FALLBACK, made=lambda m: m[1] or m[2]),
    # issue 38 (s20-unnamed): an aclnn kernel refusing a dtype (CANN's parameter check)
    _Recogniser(_ACLNN_DTYPE, FactKey.MESSAGE_NPU_DTYPE),
    _Recogniser(_TORCH_NPU_ERR_CODE, FactKey.TORCH_NPU_ERROR_CODE),
    # issue 38 (s8-platform): xformers refusing the device (its dispatcher, diffusers)
    _Recogniser(
        _XFORMERS_NO_OPERATOR,
        FactKey.MESSAGE_XFORMERS_REFUSED,
        made=lambda m: m[1] if m[1] is not None else "diffusers",
    ),
    _Recogniser(_XFORMERS_DEVICE, FactKey.MESSAGE_XFORMERS_DEVICE),
    _Recogniser(  # issue 38 (s8-platform): a compiled part missing, no build for the OS
        _NO_OS_BUILD, FactKey.MESSAGE_NO_OS_BUILD, made=lambda m: m[1] or m[2] or m[3] or m[4]
    ),
    _Recogniser(  # issue 38 (s8-platform): the bitsandbytes quantizer without CUDA
        _BNB_QUANTIZER_NO_GPU, FactKey.MESSAGE_BNB_QUANTIZER, words="No GPU found"
    ),
    # issue 38 (s9-cpucomp): the CPU without the instruction set a library's build needs
    _Recogniser(
        _CPU_ISA_VLLM, FactKey.MESSAGE_CPU_ISA, made=lambda m: _isa_words(m[1]), name="vLLM"
    ),
    _Recogniser(
        _CPU_ISA_IPEX,
        FactKey.MESSAGE_CPU_ISA,
        made=lambda m: m[1] or m[2],
        name="intel-extension-for-pytorch",
    ),
    _Recogniser(_CPU_ISA_TF, FactKey.MESSAGE_CPU_ISA, name="TensorFlow"),
    _Recogniser(_CPU_ISA_LLAMAFILE, FactKey.MESSAGE_CPU_ISA, name="llamafile"),
    _Recogniser(_CPU_ISA_JAXLIB, FactKey.MESSAGE_CPU_ISA, name="jaxlib"),  # s16-avx
    *(
        _Recogniser(pattern, FactKey.MESSAGE_CPU_ISA_SAID, made=lambda m: " ".join(m[0].split()))
        for pattern in (
            _CPU_ISA_VLLM,
            _CPU_ISA_IPEX,
            _CPU_ISA_TF,
            _CPU_ISA_LLAMAFILE,
            _CPU_ISA_JAXLIB,
        )
    ),
    _Recogniser(
        _ILLEGAL_INSTRUCTION, FactKey.MESSAGE_ILLEGAL_INSTRUCTION, made=lambda m: m[1] or m[2]
    ),
    _Recogniser(  # s18-stated
        _ILLEGAL_INSTRUCTION_WINDOWS, FactKey.MESSAGE_ILLEGAL_INSTRUCTION, made=lambda m: m[0]
    ),
    _Recogniser(_CPU_LACKS, FactKey.PROSE_CPU_LACKS, made=lambda m: _isa_name(m[1])),
    # issue 38 (s16-avx): a prebuilt binary that needs an instruction set, named
    _Recogniser(
        _ISA_PROGRAM,
        FactKey.ISA_PROGRAM,
        made=lambda m: (
            "tensorflow" if m[1] else "jaxlib" if m[2] else "ollama" if m[3] else "ollama_runners"
        ),
    ),
    # issue 38 (s9-cpucomp): the Neuron compiler's internal error, and its version
    _Recogniser(
        _NEURON_COMPILER,
        FactKey.MESSAGE_NEURON_COMPILER,
        made=lambda m: f"[{m[1]}] {m[2]}" if m[1] else m[3],
    ),
    _Recogniser(_NEURON_COMPILE_FAILED, FactKey.NEURON_COMPILE_FAILED),
    _Recogniser(_CPU_FLAGS, FactKey.CPU_FLAGS_LACK, made=lambda m: _flags_lack(m.string)),
    # issue 38 (s9-cpucomp): ROCm under WSL
    _Recogniser(_ROCM_WSL, FactKey.MESSAGE_ROCM_WSL, group=0),
    _Recogniser(_ROCR_UNSUPPORTED_GPU, FactKey.MESSAGE_ROCR_UNSUPPORTED_GPU, group=0),
    _Recogniser(_HSA_STATUS, FactKey.MESSAGE_HSA_STATUS),
    _Recogniser(
        _NEURON_COMPILER_VERSION,
        FactKey.NEURON_COMPILER_VERSION,
        made=lambda m: m[1] or m[2] or m[3],
    ),
    # issue 38 (s9-imports): a package missing, or a release without a name the code imports
    _Recogniser(_MODULE_MISSING, FactKey.MESSAGE_MODULE_MISSING),
    _Recogniser(_NAME_MISSING, FactKey.MESSAGE_NAME_MISSING, made=lambda m: _name_missing(m)),
    _Recogniser(_GETATTR_SOURCE, FactKey.GETATTR_SOURCE),
    # issue 38 (s14-submodule): a module inside a package, and where the traceback's frames
    # say the package was imported from
    _Recogniser(_SUBMODULE_MISSING, FactKey.MESSAGE_SUBMODULE_MISSING, made=lambda m: m[1] or m[2]),
    _Recogniser(_COMPILED_MISSING, FactKey.MESSAGE_SUBMODULE_MISSING),
    _Recogniser(_LOCAL_PACKAGE_FRAME, FactKey.TRACEBACK_LOCAL_PACKAGE),
    _Recogniser(_FRAME_IN, FactKey.TRACEBACK_FRAME, made=_frame_package),  # s17-names
    # issue 38 (s19-placeholder): PyPI's placeholder for a Neuron package, and the file raising
    _Recogniser(_NEURON_PLACEHOLDER, FactKey.MESSAGE_NEURON_PLACEHOLDER, made=lambda m: m[1] or ""),
    _Recogniser(_NEURON_PLACEHOLDER_FILE, FactKey.NEURON_PLACEHOLDER_FILE),
    _Recogniser(_LIBRARY_REQUIRED, FactKey.MESSAGE_LIBRARY_REQUIRED, made=_library_required),
    _Recogniser(_NCCL_NOT_BUILT, FactKey.MESSAGE_NCCL_NOT_BUILT, words="NCCL"),  # s10-refusal
    # issue 38 (s11-hostmem): the host's memory run out, a SIGKILL, the RAM, a run stopped
    _Recogniser(_HOST_OOM, FactKey.MESSAGE_HOST_OOM, made=_host_oom),
    _Recogniser(_KILLED, FactKey.MESSAGE_PROCESS_KILLED, made=_killed),
    _Recogniser(_HOST_RAM, FactKey.HOST_RAM, made=_host_ram),
    _Recogniser(_STOPPED, FactKey.PROSE_STOPPED, group=0),
)
# Which recognisers a line can match, by the words each pattern's matches contain (screen.py):
# the rest are not tried on it. The words are read at `make docs` into messages_screen.json
# (`screen_source`), not at each start (issue 38, s20-speed).
SCREEN_WORDS: Final = Path(__file__).with_name("messages_screen.json")
_SCREEN: Final = Screen.of([rule.pattern for rule in RECOGNISERS], screen.known(SCREEN_WORDS))


def screen_source() -> str:
    """messages_screen.json as `make docs` writes it: the words of each recogniser's pattern."""
    return screen.source([rule.pattern for rule in RECOGNISERS])


class Messages(LineReader):
    """torch's and the extensions' own messages, wherever they appear in the paste."""

    shortest: ClassVar[int] = SHORTEST

    def __init__(self) -> None:
        self.xformers_built = False  # the line before was xformers' "was built for:"
        self.torchao_split = False  # the line before was torchao's words, its floor not on it
        self.mps_operator = ""  # the last operator torch said has no MPS kernel
        self.bitsandbytes = False  # a line before named bitsandbytes (issue 38)
        self.windows_path: Line | None = None  # Python's WindowsPath error, bitsandbytes unnamed
        self.pin_wanted = ""  # issue 38: a requirement whose "but found" the next line holds
        self.pin_line: Line | None = None  # the line that requirement was on
        self.torch_cuda_nvcc = ""  # issue 38: torch's mismatch message, "PyTorch (…)" next
        self.torch_cuda_line: Line | None = None  # the line that message began on
        self.frame = ""  # issue 38 (s13-gpuonly): the package of the last traceback frame
        self.since_frame = _FRAME_REACH + 1  # lines read since that frame's
        self.frame_outside = False  # s14-lookup: the last frame is outside site-packages
        self.user_file = ""  # s14-lookup: the file of that frame (the program's own)
        self.since_user = _FRAME_REACH + 1  # lines read since that frame's
        self.before = ""  # s14-lookup: the line before this one
        self.imported = ""  # issue 38 (s14-sharedlib): the module a traceback's last line imports
        self.since_import = _FRAME_REACH + 1  # lines read since that import's
        self.pip_output = False  # issue 38 (s14-supported): inside a failed build's output

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        text = line.text
        if len(text) >= self.shortest:  # no message is shorter
            said = list(self._messages(line))
            messages = [s for s in said if s.key not in _NOT_MESSAGES]
            # issue 38 (s10-refusal): a library refusing the hardware, in any library's words,
            # on a line no message of its own reads (that message says more)
            refused = None
            if all(s.key in _BESIDE_REFUSAL for s in messages) and any(
                w in text for w in _REFUSAL_WORDS
            ):
                # s14-lookup: a failed lookup names its library by the frame that raised it or
                # the line before (its words), neither where the last frame is the user's file
                outside = self.frame_outside and self.since_user <= _FRAME_REACH
                near = self.since_frame <= _FRAME_REACH and not self.frame_outside
                frame, before = (self.frame if near else ""), ("" if outside else self.before)
                refused = refusals.read(text, frame, before)
                if messages and refused is not None and refused.stack != refusals.OS:
                    refused = None  # a named project's hardware words stay the reporter's
            if refused is not None:
                # issue 38 (s12-osbuild): the systems a refusal names as the ones it runs on
                # ("… Linux platform (including WSL) and MacOS.") are not the machine's
                said = [s for s in said if s.key is not FactKey.PROSE_MAC]
            yield from said
            if refused is not None:
                hardware, library = refused.hardware, refused.library
                yield line.says(FactKey.MESSAGE_HW_REFUSED, hardware, name=library)
            # issue 38 (s13-gpuonly): a GPU-only library saying it found no GPU, in any
            # library's words, on a line no message of its own nor a refusal reads
            elif all(s.key in _BESIDE_REFUSAL for s in messages):
                yield from self._gpu_required(line)
                # s14-lookup: a failed lookup the program's own file raised: a note
                user = self.frame_outside and self.since_user <= _FRAME_REACH
                if user and (key := refusals.user_lookup(text)) is not None:
                    yield line.says(FactKey.MESSAGE_USER_LOOKUP, key, name=self.user_file)
            # issue 38 (s14-sharedlib): any library the loader cannot find, on a line no
            # message of its own reads (CUDA's, Ascend's and oneAPI's say more)
            if _beside_library(said):
                yield from self._shared_library(line)
            # issue 38 (s16-arch): a kernel's no-code symptom on a line that names a listed
            # library (in words, or as a package directory of a path on the line)
            if any(s.key in _NO_CODE_KEYS for s in said):
                for named in asked.libraries_named(text):
                    yield line.says(FactKey.MESSAGE_LIBRARY_NAMED, named.name, name=named.name)
            # issue 38 (s14-supported): an exception a listed library's own frame raised
            if self.since_frame <= _FRAME_REACH and _EXCEPTION_LINE.match(text):
                row = support.of_module(self.frame)
                if row is not None:
                    yield line.says(FactKey.MESSAGE_LIBRARY_RAISED, text.strip(), name=row.name)
            if self.pip_output and _EXCEPTION_LINE.match(text):
                yield line.says(FactKey.PIP_BUILD_RAISED, text.strip())
        if _PIP_OUTPUT_ENDS in text:
            self.pip_output = False
        elif _PIP_OUTPUT_BEGINS.search(text):
            self.pip_output = True
        self.xformers_built = "xFormers was built for" in text
        self._follow_frames(text)
        self.before = text[:400]

    def _gpu_required(self, line: Line) -> Iterator[Said]:
        """compat/gpu_required.py's sentence, with the library of the frame before it."""
        frame = self.frame if self.since_frame <= _FRAME_REACH else ""
        if (required := gpu_required.read(line.text, frame)) is not None:
            key = FactKey.MESSAGE_CUDA_TENSOR if required.tensor else FactKey.MESSAGE_GPU_REQUIRED
            yield line.says(key, required.said, name=required.library)

    def _shared_library(self, line: Line) -> Iterator[Said]:
        """The library the loader could not find (glibc's, dyld's or Windows' words), named
        with the package that needed it: the module's own path where the message holds one,
        the program ld.so names, or the package of the traceback frame just before."""
        text = line.text
        # the module imported on the line before, else the package of the frame before it
        frame = (
            self.imported
            if self.since_import <= 1
            else self.frame
            if self.since_frame <= _FRAME_REACH
            else ""
        )
        if _TORCHVISION_IMAGE in text:
            return  # torchvision's warning: it goes on without its image extension
        if _NVCUDA_MISSING.search(text):
            # issue 38 (s17-small): the NVIDIA driver's own DLL, no package's file
            yield line.says(FactKey.MESSAGE_NVCUDA_MISSING, "nvcuda.dll", name=frame)
            return
        if by_path := _SHARED_BY_PATH.search(text):
            # issue 38 (s17-wrongB): kept so that the same file's name alone elsewhere (an
            # issue's title that quotes the message without its path) is read as this file
            package = _PACKAGE_OF_PATH.search(text, 0, by_path.start())
            name = package.group(1) if package else ""
            yield line.says(FactKey.MESSAGE_FILE_BY_PATH_MISSING, by_path.group(1), name=name)
        if (found := _SHARED_LIBRARY.search(text)) and _TF_DSO_LOADER not in text:
            program = _LOADING_PROGRAM.search(text, max(0, found.start() - 120), found.start())
            name = program.group(1) if program else frame
            yield line.says(FactKey.MESSAGE_SHARED_LIBRARY, found.group(1), name=name)
        elif found := _DYLD_NOT_LOADED.search(text):
            image = _DLOPEN_OF.search(text, 0, found.start())
            package = _PACKAGE_OF_PATH.search(image.group(1)) if image else None
            name = package.group(1) if package else frame
            library = found.group(1).rsplit("/", 1)[-1]  # the install name's file
            yield line.says(FactKey.MESSAGE_SHARED_LIBRARY, library, name=name)
        elif (found := _WINDOWS_MODULE.search(text)) and not _BNB_CUDA_DLL.search(found.group(1)):
            path = found.group(1)
            package = _PACKAGE_OF_PATH.search(path)
            name = package.group(1) if package else frame
            library = path.replace("\\", "/").rsplit("/", 1)[-1]
            if library:
                yield line.says(FactKey.MESSAGE_SHARED_LIBRARY, library, name=name)
        elif (failed := DLL_LOAD_FAILED.search(text)) and "%1" not in text:
            # CPython's words for an extension module Windows would not load (run_errors.py
            # cites them): another module's than torch's own _C, whose finding is
            # torch.windows_dll; "%1" is another cause (Anaconda's intel-openmp)
            module = failed.group(1) or frame
            if module and module.split(".", 1)[0] not in ("torch", "_C") and frame != "torch":
                needed = frame or module.split(".", 1)[0]
                yield line.says(FactKey.MESSAGE_SHARED_LIBRARY, f"{module} (.pyd)", name=needed)
        elif _SOUNDFILE_WORDS in text:
            yield line.says(FactKey.MESSAGE_SHARED_LIBRARY, "libsndfile.so", name="soundfile")

    def _follow_frames(self, text: str) -> None:
        """Keep the package of the last traceback frame read, and how far back it was; and
        the module a traceback's source line imports ("    import cv2"), the one whose load
        an ImportError right after it is about."""
        # each count stops one past _FRAME_REACH (no test asks more): the state of the lines after
        # a frame far back is one, and a line read again in it is read alike (reading.py's
        # `_Replaying`, issue 38 s21-speed)
        if imported := _IMPORT_LINE.match(text):
            self.imported, self.since_import = imported[1], 0
        elif self.since_import <= _FRAME_REACH:
            self.since_import += 1
        frame = _FRAME_PACKAGE.search(text) if 'File "' in text else None
        if frame is not None:
            self.frame, self.since_frame = frame[1], 0
        elif self.since_frame <= _FRAME_REACH:
            self.since_frame += 1
        if self.since_user <= _FRAME_REACH:
            self.since_user += 1
        if 'File "' in text:
            if frame is None and _THROUGH_FRAME.search(text):
                # the standard library or a one-file module: the frame before called it
                if self.frame_outside:
                    self.since_user = 0
                elif self.frame:
                    self.since_frame = 0
                return
            self.frame_outside = frame is None
            if frame is None and (user := _FRAME_FILE.search(text)):
                self.user_file, self.since_user = user[1], 0

    def _torchao(self, line: Line) -> Iterator[Said]:
        """torchao skipping its C++ extensions (`_TORCHAO_WORDS`): its release, or the torch
        floor it states, and the torch it found running."""
        text, split = line.text, self.torchao_split
        at = text.find(_TORCHAO_WORDS)
        tail = text[at + len(_TORCHAO_WORDS) :] if at >= 0 else None
        self.torchao_split = tail is not None and tail.strip() == "."
        if tail is not None and (release := _TORCHAO_RELEASE.match(tail)):
            yield line.says(FactKey.MESSAGE_TORCHAO_SKIPPED, release[2], name="torchao")
            yield line.says(FactKey.MESSAGE_TORCH_SEEN, release[1], name="torch")
        elif floor := (
            _TORCHAO_FLOOR.match(tail[1:].lstrip())
            if tail is not None and tail.startswith(".")
            else _TORCHAO_FLOOR.match(text.lstrip())
            if split
            else None
        ):
            yield line.says(FactKey.MESSAGE_TORCHAO_SKIPPED, f">={floor[1]}", name="torchao")
            yield line.says(FactKey.MESSAGE_TORCH_SEEN, floor[2], name="torch")

    def _models_named(self, line: Line) -> Iterator[Said]:
        """The models of compat/transformers_modules.py's MODEL_NAMES the line loads or fails
        on (`_MODEL_NAMED` where `_MODEL_KEY` says it counts), and not where the name's
        sentence puts it in another run (for later, another environment, someone else's:
        cleaning.Elsewhere); each model once: a line that names one a thousand times is one
        fact (the red team's 0.9 MB paste of names), and the line is read for the sentence's
        words once, where a name counts."""
        text = line.text
        folded = text.casefold()
        if "qwen" not in folded and "gemma" not in folded and "llama" not in folded:
            return
        # whether the whole line counts (a title, a traceback's line, a frame's source line
        # after its frame, an error's line: cleaning.error_like where an error word is on it,
        # so that prose naming models is not read for errors twice), else whether any token of
        # it may (a path or hub id, a model argument)
        whole = (
            (line.number == 1 and text.startswith("# "))
            or 'File "' in text
            or self.since_frame == 0
            or (any(word in folded for word in _ERROR_WORDS) and error_like(text))
        )
        if not whole and "/" not in text and "\\" not in text and "model" not in folded:
            return  # no argument, hub id or path: prose, whatever it names
        seen: set[str] = set()
        elsewhere: Elsewhere | None = None
        loads: _Loads | None = None
        for found in _MODEL_NAMED.finditer(text):
            if found[1] in seen:
                continue
            row = transformers_modules.model_name(found[1])
            if row is None or row.key in seen:
                continue
            if not whole:
                loads = loads or _Loads.of(text)
                if not loads.loaded(text, found.start()):
                    continue
            elsewhere = elsewhere or Elsewhere.of(text)
            if not elsewhere.said(found.start(), found.end()):
                seen.update((row.key, found[1]))  # the model, and the words that named it
                yield line.says(FactKey.MODEL_NAMED, found[1])

    def _messages(self, line: Line) -> Iterator[Said]:
        text = line.text
        for index in _SCREEN.candidates(text):  # the patterns whose words the line holds
            rule = RECOGNISERS[index]
            for match in rule.find(text):
                said = rule.said(match)
                if rule.keep is None or rule.keep(said):
                    yield line.says(rule.key, said, name=rule.name)
        yield from self._models_named(line)
        # issue 38 (s16-avx): a CPU whose family compat/cpus.py knows, named anywhere; every one
        # a line names (s16-mend-cpu: "his Celeron J3455 box … but mine is a Xeon Gold 6130")
        for cpu, _ in cpus.all_named(text):
            yield line.says(FactKey.CPU_NAMED, cpu)
        # issue 38 (s21-pi): an Arm machine's class (Armv8.0-A or later), where the line shows it
        if (arm := cpus.arm_class(text)) is not None:
            yield line.says(FactKey.ARM_CPU, arm[1], name="v8.0" if arm[0] else "v8.1+")
        if (at := text.find(_SM_WORDS)) > 0 and (tail := _SM_TAIL.match(text, at + len(_SM_WORDS))):
            named = _name_tail(text[max(0, at - 120) : at])
            name = named.strip() if named else text[:at].rsplit(": ", 1)[-1].strip()
            if name:
                sm = int(tail.group(1))
                yield line.says(FactKey.MESSAGE_UNSUPPORTED_GPU, name)
                yield line.says(FactKey.MESSAGE_CAPABILITY, f"{sm // 10}.{sm % 10}")
        if (want := text.find(_WANT_WORDS[0])) >= 0:
            start = want + len(_WANT_WORDS[0])
            end = text.find(_WANT_WORDS[1], start, start + 120)
            if end > start:
                yield line.says(FactKey.MESSAGE_UNSUPPORTED_GPU, text[start:end].strip())
        if (found := _FOUND_GPU.search(text)) and (of := _OF_CAPABILITY.search(text, found.end())):
            index = int(found.group(1))
            name = text[found.end() - 1 : of.start()]
            yield line.says(FactKey.MESSAGE_UNSUPPORTED_GPU, name, index=index)
            capability = f"{of.group(1)}.{of.group(2)}"
            yield line.says(FactKey.MESSAGE_CAPABILITY, capability, index=index)
        if span := _CAPABILITY_RANGE.search(text):
            low, high = f"{span.group(1)}.{span.group(2)}", f"{span.group(3)}.{span.group(4)}"
            yield line.says(FactKey.MESSAGE_CAPABILITY_RANGE, f"{low}-{high}")
        yield from _loader(line)
        if companion := _COMPANION_SAID.search(text):
            name = next(group for group in companion.groups() if group).lower()
            yield line.says(
                FactKey.MESSAGE_UNDEFINED_SYMBOL, f"{name}: built for another torch", name=name
            )
        yield from self._torchao(line)
        said_at = text.find("xFormers was built for")
        built = None
        if said_at >= 0:  # the whole message on one line, as an issue title carries it
            rest = text[said_at + len("xFormers was built for") :].lstrip(":")
            built = XFORMERS_BUILT.match(rest)
        if (
            built
            or (self.xformers_built and (built := XFORMERS_BUILT.match(text)))
            or (built := _XFORMERS_LINE.match(text))
        ):
            yield line.says(FactKey.MESSAGE_XFORMERS_BUILT_FOR, built.group(1), name="xformers")
            yield line.says(FactKey.MESSAGE_TORCH_SEEN, built.group(2), name="torch")
        if pci := _LSPCI.search(text):
            family = _lspci_name(pci.group(1).startswith("NVIDIA"), pci.group(2), pci.group(3))
            if family:
                yield line.says(FactKey.GPU, family)
        elif (product := _LSHW_PRODUCT.search(text)) and gpus.amd_targets(product.group(1)):
            yield line.says(FactKey.GPU, product.group(1))
        if comfy := _COMFY_DEVICE.match(text):
            yield line.says(FactKey.GPU, comfy.group(2), index=int(comfy.group(1)))
        if target := _rocblas(text):
            yield line.says(
                FactKey.MESSAGE_INVALID_DEVICE_FUNCTION, f"rocBLAS has no kernels for {target}"
            )
            yield line.says(FactKey.GFX, target)
        elif "TensileLibrary" in text and (
            _ROCBLAS_NO_LIBRARY in text or _TENSILE_MISSING.search(text)
        ):
            # issue 38: rocBLAS before ROCm 5.5 named no arch on the line ("rocBLAS error:
            # Cannot read …/TensileLibrary.dat: No such file or directory", tensile_host.cpp
            # of rocm-5.4); the GPU is the one the paste names elsewhere
            lazy = _TENSILE_GFX.search(text)  # "…/TensileLibrary_lazy_gfx1031.dat"
            said = (
                f"rocBLAS has no kernels for {lazy.group(1)}"
                if lazy
                else "rocBLAS cannot read its kernels (TensileLibrary.dat)"
            )
            yield line.says(FactKey.MESSAGE_INVALID_DEVICE_FUNCTION, said)
            if lazy:
                yield line.says(FactKey.GFX, lazy.group(1))
        if operator := _MPS_OPERATOR.search(text):
            sparse = operator.group(3)
            self.mps_operator = operator.group(1) or operator.group(2) or sparse + SPARSE_MPS
            yield line.says(FactKey.MESSAGE_MPS_OPERATOR, self.mps_operator)
        elif (only := _ONLY_AVAILABLE.search(text)) and only.group(1) == (
            self.mps_operator.removesuffix(SPARSE_MPS)
        ):
            yield line.says(FactKey.MESSAGE_MPS_OPERATOR, self.mps_operator)  # the same, wrapped
        if "NVRM:" in text and (kernel := _NVRM_KERNEL.search(text)):
            yield line.says(FactKey.NVRM_KERNEL, kernel.group(1))
        if listed := _GFX_LIST.match(text):
            yield line.says(
                FactKey.MESSAGE_GFX_LIST, " ".join(_GFX_SEPARATORS.split(listed.group(1)))
            )
        yield from _triton(line)  # issue 38
        if ascend := _ASCEND_RANGE.search(text):
            yield line.says(FactKey.ENV, ascend.group(2), name=ascend.group(1))
            yield line.says(FactKey.MESSAGE_NPU_COUNT, ascend.group(3))
        if (library := _execstack(text)) is not None:
            yield line.says(FactKey.MESSAGE_EXECSTACK, library[1], name=library[0])
        if glibcxx := _GLIBCXX_MISSING.search(text):  # issue 38: a conda libstdc++ too old
            before = text[max(0, glibcxx.start() - 300) : glibcxx.start()].split()
            where = before[-1].rsplit(":", 1)[-1] if before and before[-1][-1:] == "/" else ""
            value = f"{glibcxx[1]} {glibcxx[2]}"
            yield line.says(FactKey.MESSAGE_GLIBCXX_MISSING, value, name=where)
        if "ggml_sycl" in text and "Assertion" in text:  # issue 38: a SYCL kernel's assertion
            yield line.says(FactKey.MESSAGE_SYCL_BUILD_FAILED, "assertion")
        if order := _ASCEND_ORDER.search(text):
            yield line.says(FactKey.ENV, order.group(2), name=order.group(1))
            yield line.says(FactKey.MESSAGE_MASK_REFUSED, order.group(3), name=order.group(1))
        # issue 38: CUDA libraries the neighbours cannot find or that disagree
        runtime = list(self._cuda_runtime(line))  # issue 38 (s18-dll)
        yield from runtime
        if (
            _TF_DSO_LOADER not in text
            and not any(said.key is FactKey.MESSAGE_CUDA_RUNTIME for said in runtime)
            and (missing := _CUDA_LIBRARY_MISSING.search(text) or _BNB_NO_LIBCUDA.search(text))
        ):
            # issue 38 (s15-realrec): the package of the traceback frame just before, the one
            # whose module links the library ("nunchaku"), where the paste shows one
            near = self.since_frame <= _FRAME_REACH and not self.frame_outside
            frame = self.frame if near else ""
            yield line.says(FactKey.MESSAGE_LIBRARY_NOT_FOUND, missing.group(1), name=frame or None)
        if (ds := _DS_CUDA_MISMATCH.search(text)) and not any(w in text for w in _DS_ACCEPTED):
            yield line.says(FactKey.MESSAGE_DS_CUDA_MISMATCH, ds.group(1), name="deepspeed")
            yield line.says(FactKey.MESSAGE_DS_TORCH_CUDA, ds.group(2), name="torch")
        yield from self._torch_cuda_mismatch(line)  # issue 38
        if rocm_wheel := _TORCH_ROCM_WHEEL.search(text):  # issue 38
            yield line.says(FactKey.PROSE_PACKAGE, rocm_wheel.group(1), name="torch")
        yield from self._bitsandbytes_windows(line)  # issue 38
        yield from self._pins(line)  # issue 38: a library's version pin refused

    def _cuda_runtime(self, line: Line) -> Iterator[Said]:
        """issue 38 (s18-dll): one of CUDA's libraries a loader other than torch's could not
        load (cuDNN's, CTranslate2's, TensorFlow's, onnxruntime's words), and the package of
        the traceback frame just before it, where the paste shows one."""
        text = line.text
        if "Provider" in text and (log := _ORT_PROVIDER_LOG.search(text)):
            yield line.says(FactKey.MESSAGE_ORT_PROVIDER_LOG, log.group(0), name="onnxruntime")
        if "CUDA_PATH" in text and _ORT_CUDA_PATH.search(text):
            yield line.says(FactKey.MESSAGE_CUDA_RUNTIME, "CUDA_PATH", name="onnxruntime")
            return
        if "onnxruntime-cuda-" in text and (feed := _ORT_FEED.search(text)):
            yield line.says(FactKey.ORT_CUDA_FEED, feed.group(1), name="onnxruntime-gpu")
        if _TF_GPU_SKIPPED in text:
            yield line.says(FactKey.MESSAGE_TF_GPU_DEVICES, "skipped", name="tensorflow")
        elif "device:GPU:" in text and any(words in text for words in _TF_GPU_CREATED):
            yield line.says(FactKey.MESSAGE_TF_GPU_DEVICES, "created", name="tensorflow")
        if "Could not" not in text and "Library " not in text and "providers_cuda" not in text:
            return  # none of the loaders' words
        for pattern, loader in _RUNTIME_PATTERNS:
            if found := pattern.search(text):
                library = found.group(1)
                if loader == "tensorflow" and library.startswith(_TF_OPTIONAL):
                    return  # TF-TRT's, optional
                if loader == "cudnn" and (other := _dlerror_other(text[found.end() :], library)):
                    # another file's, or no missing file: the readers below
                    yield line.says(FactKey.MESSAGE_CUDNN_DLERROR, other[1], name=library)
                    return
                yield line.says(FactKey.MESSAGE_CUDA_RUNTIME, library, name=loader)
                near = self.since_frame <= _FRAME_REACH and not self.frame_outside
                if near and self.frame:
                    yield line.says(
                        FactKey.MESSAGE_CUDA_RUNTIME_CALLER, self.frame, name=found.group(1)
                    )
                return

    def _torch_cuda_mismatch(self, line: Line) -> Iterator[Said]:
        """torch's refusal of nvcc of another CUDA release, on one line or wrapped after
        "compile" (the torch release's own newline, or a paste's); nvcc's `-V` line."""
        text = line.text
        nvcc, self.torch_cuda_nvcc = self.torch_cuda_nvcc, ""
        if said := _TORCH_CUDA_MISMATCH.search(text) or _TORCH_CUDA_MISMATCH_ARGS.search(text):
            if said.group(2):
                yield line.says(FactKey.MESSAGE_TORCH_CUDA_MISMATCH, said.group(1), name="nvcc")
                yield line.says(FactKey.MESSAGE_TORCH_BUILT_CUDA, said.group(2), name="torch")
            else:
                self.torch_cuda_nvcc, self.torch_cuda_line = said.group(1), line
        elif nvcc and self.torch_cuda_line and (tail := _TORCH_CUDA_MISMATCH_TAIL.match(text)):
            for at in (self.torch_cuda_line, line):
                yield at.says(FactKey.MESSAGE_TORCH_CUDA_MISMATCH, nvcc, name="nvcc")
                yield at.says(FactKey.MESSAGE_TORCH_BUILT_CUDA, tail.group(1), name="torch")
        # sglang.check_env's "NVCC: Cuda compilation tools, …" is its reader's (sglang_env.py)
        if (release := _NVCC_RELEASE.search(text)) and not text.lstrip().startswith("NVCC:"):
            yield line.says(FactKey.NVCC, release.group(1))

    def _pins(self, line: Line) -> Iterator[Said]:
        """A version pin refused: require_version's words (the requirement, then the package
        and version found, on this line or the next), pip's resolver conflict, pip's
        Requires-Python refusal. Each fact's name is the package, its value "spec found"."""
        text = line.text
        wanted, self.pin_wanted = self.pin_wanted, ""
        if (at := text.find(_PIN_WORDS)) > 0:
            words = text[max(0, at - 400) : at].split()
            required = _REQUIREMENT.fullmatch(words[-1].strip("`'\"")) if words else None
            rest = text[at + len(_PIN_WORDS) :]
            found = _PIN_FOUND.match(rest)
            if required and found and _same(required.group(1), found.group(1)):
                spec, version = required.group(2), found.group(2).rstrip(".")
                yield line.says(FactKey.MESSAGE_PIN_REFUSED, f"{spec} {version}", name=found[1])
            elif required and not rest.strip(" ,."):
                self.pin_wanted = words[-1].strip("`'\"")  # "but found" on the next line
                self.pin_line = line
        elif wanted and self.pin_line and (found := _PIN_FOUND.match(text)):
            required = _REQUIREMENT.fullmatch(wanted)
            if required and _same(required.group(1), found.group(1)):
                spec, version = required.group(2), found.group(2).rstrip(".")
                value = f"{spec} {version}"
                yield self.pin_line.says(FactKey.MESSAGE_PIN_REFUSED, value, name=found[1])
                yield line.says(FactKey.MESSAGE_PIN_REFUSED, value, name=found[1])
        for conflict in _CONFLICT_WORDS:
            if (at := text.find(conflict)) > 0:
                yield from _conflict(line, at, conflict)
        if (at := text.find(_DEPENDS_WORDS)) > 0:  # issue 38 (s8-pip)
            yield from _depends(line, at, _DEPENDS_WORDS)
        elif (at := text.find(_REQUIRES_WORDS)) > 0 and not any(w in text for w in _CONFLICT_WORDS):
            yield from _depends(line, at, _REQUIRES_WORDS)  # a reporter's "A 1.0 requires X<2"
        if (at := text.find(_REQUESTED_WORDS)) >= 0:
            yield from _requested(line, at + len(_REQUESTED_WORDS))
        if _IMPOSSIBLE.search(text):
            yield line.says(FactKey.MESSAGE_PIP_IMPOSSIBLE, "ResolutionImpossible")
        if (at := text.find(_INCONSISTENT_WORDS)) > 0 and (
            versions_said := _INCONSISTENT.match(text, at + len(_INCONSISTENT_WORDS))
        ):
            asked = text.rfind("Requested ", max(0, at - 2000), at)
            name = _PACKAGE_NAME.match(text, asked + len("Requested ")) if asked >= 0 else None
            if name is not None:
                value = f"{versions_said.group(1)} {versions_said.group(2)}"
                yield line.says(FactKey.MESSAGE_INCONSISTENT_VERSION, value, name=name.group(0))
        if (at := text.find(_IGNORED_WORDS)) >= 0:
            pairs = []
            for entry in text[at + len(_IGNORED_WORDS) : at + 20000].split("; ")[:400]:
                version, _, spec = entry.partition(_IGNORED_ENTRY)
                spec = spec.strip().split()[0] if spec.strip() else ""
                if _PACKAGE_VERSION.fullmatch(version.strip()) and spec:
                    pairs.append(f"{version.strip()}={spec}")
            if pairs:
                yield line.says(FactKey.PYTHON_IGNORED, ";".join(pairs))
        if refused := _PYTHON_REFUSED.search(text):
            yield line.says(
                FactKey.MESSAGE_PYTHON_REFUSED, _python_refused(refused), name=refused.group(1)
            )
        if "ython" in text:  # issue 38 (s15-wheeltag)
            yield from _python_guard(line, text)

    def _bitsandbytes_windows(self, line: Line) -> Iterator[Said]:
        """bitsandbytes before 0.43 on Windows in Python's words: the WindowsPath its setup
        gave ctypes (after a line naming bitsandbytes), or its CUDA DLL that ctypes could not
        load (the DLL named, as the library it wanted)."""
        text = line.text
        if _WINDOWS_PATH_WORDS in text:
            if self.bitsandbytes:
                yield line.says(FactKey.MESSAGE_BNB_SETUP, "windows_path")
            else:  # said when a later line names bitsandbytes (an issue's error above its log)
                self.windows_path = line
        if (at := text.find(_DLL_WORDS)) >= 0:
            module = text[at + len(_DLL_WORDS) : at + len(_DLL_WORDS) + 400].split("'", 1)[0]
            if dll := _BNB_CUDA_DLL.search(module.replace("\\", "/").rsplit("/", 1)[-1]):
                yield line.says(FactKey.MESSAGE_BNB_SETUP, "dll_not_found", name=dll.group(0))
        if "bitsandbytes" in text:
            self.bitsandbytes = True
            if self.windows_path is not None:
                yield self.windows_path.says(FactKey.MESSAGE_BNB_SETUP, "windows_path")
                self.windows_path = None


def _loader(line: Line) -> Iterator[Said]:
    """The dynamic loader's refusal of an extension's compiled module: the symbol it lacked,
    and the extension, by the module's file."""
    text = line.text
    loader, words = text, LOADER_WORDS
    if LOADER_WORDS not in text and _DYLD_WORDS in text:
        # macOS: "dlopen(<path>.so, 2): Symbol not found: __ZN3c10…" (one more leading "_")
        ahead, _, rest = text.partition(_DYLD_WORDS)
        ahead = ahead.replace("dlopen(", " ").replace(", 2)", " ")
        loader, words = ahead + _DYLD_WORDS + rest.replace(" __Z", " _Z", 1), _DYLD_WORDS
    elif LOADER_WORDS not in text:
        # The loader's words cut or mistyped before "symbol:" ("# Ubuntu 22.04 , ufined
        # symbol: _ZN3c105ErrorC2…" as an issue title): only a torch C++ symbol after it is
        # read, as one a module wanted from torch.
        words = _SYMBOL_WORDS
    if (at := loader.find(words)) >= 0:
        # issue 38: Markdown's emphasis around the loader's words ("….so: **undefined
        # symbol: _ZNK5torch…Ev**", oneapi-src/oneAPI-samples#1596) is not the path's
        before = [t for t in loader[:at].split() if t.strip("*")] if words != _SYMBOL_WORDS else []
        said = [t for t in loader[at + len(words) :].split() if t.strip("*")]
        named = _leading(said[0].strip("*'\"`"), _SYMBOL_CHARS) if said else ""
        symbol = [named] if named else []
        path = before[-1].rstrip(":") if before else ""
        module = _MODULE_FILE.search(path.replace("\\", "/").rsplit("/", 1)[-1])
        dist = _extension_of(path.rsplit("/", 1)[0] + "/", module.group(1)) if module else None
        if dist and symbol and _TORCHVISION_IMAGE in text:
            # issue 38 (s17-wrongB): torchvision's warning, which it goes on after without its
            # image extension (torchvision/io/image.py: "If you don't plan on using image
            # functionality from `torchvision.io`, you can ignore this warning"): no import
            # failed
            yield line.says(FactKey.MESSAGE_OPTIONAL_PART_SYMBOL, symbol[0][:120], name=dist)
        elif dist and symbol:
            yield line.says(FactKey.MESSAGE_UNDEFINED_SYMBOL, symbol[0][:120], name=dist)
        elif symbol and _TORCH_CXX.search(symbol[0]):
            # a torch C++ symbol, the module that wanted it not named: still another torch's
            yield line.says(FactKey.MESSAGE_UNDEFINED_SYMBOL, symbol[0][:120], name="")


def _triton(line: Line) -> Iterator[Said]:
    """torch's refusal of a GPU below 7.0 for Triton: the GPU it names, and its capability
    ("below 7.0" where the line was cut before it, as an issue's title is)."""
    text = line.text
    at = text.find(_TRITON_WORDS)
    if at < 0:
        return
    found = text.rfind("Found ", max(0, at - 120), at)
    name = text[found + len("Found ") : at].strip() if found >= 0 else ""
    said = _TRITON_CAPABILITY.search(text, at)
    capability = f"{said.group(1)}.{said.group(2)}" if said else "below 7.0"
    yield line.says(FactKey.MESSAGE_TRITON_TOO_OLD, capability, name=name)


def _mps_sizes(found: re.Match[str]) -> str:
    """What torch's MPS allocator said of its memory, in a phrase ("1024.00 MB asked with
    17.68 GB allocated (other allocations 3.95 MB) of 18.13 GB allowed"); its words alone
    where the line lost the sizes."""
    if not found.group(4):
        return "MPS backend out of memory"
    allocated, other, allowed, asked = found.groups()
    return (
        f"{asked} asked with {allocated} allocated (other allocations {other}) of {allowed} allowed"
    )


def _floor(found: re.Match[str]) -> str:
    """issue 38: the compute capability Unsloth's "too old" message stands for: 8.0 for its
    float8 KV cache, 7.0 otherwise (unsloth_zoo/vllm_utils.py load_vllm)."""
    return "8.0" if found.group(1) else "7.0"


def _hpu_status(found: re.Match[str]) -> str:
    """Gaudi's acquire failure as it said it: "synStatus=26 [Generic failure]", or its words
    alone where the line has no status."""
    if found.group(1):
        return f"synStatus={found.group(1)} [{found.group(2)}]"
    return "Device acquire failed"


def _execstack(text: str) -> tuple[str, str] | None:
    """The library glibc would not load for its executable stack: (its file name, its path
    as the line gives it: the name alone where the line has no directory)."""
    at = text.find(_EXECSTACK_WORDS)
    if at < 0:
        return None
    before = text[max(0, at - 320) : at].rstrip().rstrip(":").split()
    word = before[-1].strip("'\"`") if before else ""
    name = word.rsplit("/", 1)[-1]
    if not (_LIBRARY_FILE.fullmatch(name) and _LIBRARY_PATH.fullmatch(word)):
        return ("", "cannot enable executable stack")  # the library not on the line
    return (name, word if word.startswith("/") else name)


def _name_tail(text: str) -> str | None:
    """The GPU's name that ends `text`: from the first vendor word after the last character
    no name holds (what `(?:NVIDIA|…)[\\w ()-]*$` searched for, in one pass)."""
    last = _NOT_IN_NAME.search(text[::-1])
    vendor = _NAME_VENDOR.search(text, len(text) - last.start() if last else 0)
    return text[vendor.start() :] if vendor else None


def _rocblas(text: str) -> str | None:
    """The gfx target rocBLAS has no kernels for, where the line says so: the first "GPU
    arch : gfx…" after its first "rocBLAS error: ", or a " for GPU arch : gfx…" before it."""
    at = text.find(_ROCBLAS_WORDS)
    after = _GPU_ARCH.search(text, at + len(_ROCBLAS_WORDS)) if at >= 0 else None
    bare = _FOR_GPU_ARCH.search(text)
    if after and not (bare and bare.start() < at):
        return after.group(1)
    return bare.group(1) if bare else None


def _lspci_name(nvidia: bool, chip: str, listed: str) -> str | None:
    """The one GPU name lspci's bracket stands for: itself for NVIDIA; for AMD, a name of its
    "/"-separated family ("Radeon RX 6700/6700 XT/6750 XT") when every member the name table
    knows has the same gfx target (None when they differ or none is known); else lspci's own
    "Opal XT [Radeon R7 M265/M365X/M465]" where the PCI ID database's device of that name has
    one (issue 38, s16-amdnames: the amdgpu driver's chip, an Oland)."""
    if nvidia:
        return listed.strip()
    whole = f"{chip.strip()} [{listed.strip()}]"
    members = [m.strip() for m in listed.split("/") if m.strip()]
    prefix = _RADEON_PREFIX.match(members[0]) if members else None
    spelled = [m if m.startswith("Radeon") or not prefix else prefix.group(1) + m for m in members]
    known = [(name, gpus.amd_gfx(name)) for name in spelled]
    targets = {gfx for _, gfx in known if gfx}
    if len(targets) != 1 or any(gpus.amd_targets(name) - targets for name, _ in known):
        return whole if chip.strip() and gpus.amd_targets(whole) else None
    return next(name for name, gfx in known if gfx)


def _extension_of(path: str, stem: str) -> str | None:
    """The distribution whose compiled module failed to load, by the file's path."""
    lowered = path.replace("\\", "/").lower()
    for part, dist in _PATH_DISTS:
        if f"/{part}/" in f"/{lowered}" or stem.startswith(part):
            return dist
    return _MODULE_DISTS.get(stem)


def _same(one: str, other: str) -> bool:
    """Two spellings of one package's name (PEP 503's normalisation)."""
    return versions.canonical_name(one) == versions.canonical_name(other)


def _conflict(line: Line, at: int, words: str) -> Iterator[Said]:
    """pip's resolver conflict around its ", but you have " (`at`): the requirer and its
    version before " requires ", the requirement, the package and version installed."""
    text = line.text
    tail = _CONFLICT_TAIL.match(text, at + len(words))
    verb = " requires "
    head_at = text.rfind(verb, max(0, at - 400), at)
    if head_at < 0:
        verb = " has requirement "
        head_at = text.rfind(verb, max(0, at - 400), at)
    if tail is None or head_at < 0:
        return
    requirement = text[head_at + len(verb) : at].split(";", 1)[0].strip()
    before = text[max(0, head_at - 160) : head_at].split()[-2:]
    required = _REQUIREMENT.fullmatch(requirement)
    if len(before) < 2 or required is None or not _same(required.group(1), tail.group(1)):
        return
    owner = before[0].lstrip("#").strip()
    if not (_PACKAGE_NAME.fullmatch(owner) and _PACKAGE_VERSION.fullmatch(before[1])):
        return
    value = f"{required.group(2)} {tail.group(2)} {owner} {before[1]}"
    yield line.says(FactKey.MESSAGE_PIP_CONFLICT, value, name=tail.group(1))


def _required(text: str) -> tuple[str, str] | None:
    """The package and specifier of a requirement as pip's resolver prints it at the start
    of `text` ("torch==2.3.1+cpu", "torch<3.0.0 and >=2.0.0", "torch[tpu]==2.6.0 (from
    …)"): None where no version is pinned or it is no requirement."""
    name = _PACKAGE_NAME.match(text)
    if name is None:
        return None
    rest = text[name.end() :]
    if rest.startswith("["):
        rest = rest[rest.find("]") + 1 :] if "]" in rest[:80] else ""
    # the first requirement of a reporter's list ("torch-npu==2.5.1, vllm==0.8.5")
    rest = rest.split(" (from ", 1)[0].split(";", 1)[0].split(", ", 1)[0]
    spec = _SPEC_JOIN.sub(",", rest.strip())
    spec = spec.rstrip(".,`'\"")
    if spec[:1].isdigit():  # a direct requirement's candidate: "torch 2.1.0+cpu (from URL)"
        spec = f"=={spec.lstrip()}"
    required = _REQUIREMENT.fullmatch(f"{name.group(0)}{spec}")
    if required is None:
        return None
    return name.group(0), required.group(2)


def _depends(line: Line, at: int, words: str) -> Iterator[Said]:
    """issue 38 (s8-pip): one requirement of pip's conflict list around its " depends on "
    (`at`; a reporter's " requires "): the requirer and its version before ("torch-npu
    2.3.1", a reporter's "vllm==0.8.5", an extra "optimum-neuron[neuron] 0.0.28"), the
    requirement after."""
    text = line.text
    before = text[max(0, at - 160) : at].split()
    if not before:
        return
    if "==" in before[-1]:  # a reporter's "vllm==0.8.5 depends on …"
        owner, _, version = before[-1].partition("==")
    else:
        owner, version = (before[-2] if len(before) > 1 else ""), before[-1]
    owner = owner.lstrip("-*#`").strip().split("[", 1)[0]
    version = version.strip("`")
    required = _required(text[at + len(words) : at + 400].lstrip("`"))
    if required is None or not _PACKAGE_NAME.fullmatch(owner):
        return
    if not _PACKAGE_VERSION.fullmatch(version):
        return
    value = f"{required[1]} {owner} {version}"
    yield line.says(FactKey.MESSAGE_PIP_DEPENDS, value, name=required[0])


def _requested(line: Line, at: int) -> Iterator[Said]:
    """issue 38 (s8-pip): pip's "The user requested X==v" ("(constraint) " before a
    constraint's), the requirement the command itself asked for."""
    rest = line.text[at : at + 400].removeprefix("(constraint) ")
    if (required := _required(rest)) is not None:
        yield line.says(FactKey.MESSAGE_PIP_DEPENDS, f"{required[1]} user -", name=required[0])


READER: Final = Messages


def _dlerror_other(after: str, library: str) -> tuple[bool, str] | None:
    """issue 38 (s18-mend-loader): the words after cuDNN's "Could not load library <file>"
    where they do not say that file is not found: (True, the other file dlerror names
    missing), or (True, "") for another error (an undefined symbol, of any file). None where
    they say the file is not found: no dlerror on the line (Windows' "Error code 126", "Could
    not locate …", a title that stops there), or dlerror's "<the same file, by any path>:
    cannot open shared object file" (`_DLERROR_MISSING` above)."""
    _, sep, dlerror = after.partition("Error:")
    if not sep:
        return None
    named, colon, rest = dlerror.strip().partition(":")
    file = named.rsplit("/", 1)[-1]
    missing = bool(colon) and (colon + rest).startswith(_DLERROR_MISSING)
    if missing and file == library:
        return None
    return True, file[:80] if missing else ""
