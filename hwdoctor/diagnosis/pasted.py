"""A pasted report's diagnosis: the detect checks on the evidence the paste supports.

The checks are the live ones (`checks.CHECKS`); a check whose evidence the paste lacks does
not run and becomes a question with the command that would settle it. Where a check ran
on part of what it needs (GPUs named but not their architecture, a CUDA build without the
driver), that gap becomes a question too, so silence is never read as health.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal, TypeVar, cast, get_args

from hwdoctor import registry, rules, shell, versions
from hwdoctor.compat import (
    ascend,
    builds,
    companions,
    cpus,
    cuda_runtime,
    drivers,
    exported_names,
    gpus,
    imports,
    kernels,
    libraries,
    names,
    numpy_capi,
    optimum_neuron,
    pci,
    pci_db,
    placeholders,
    refusals,
    rocm_atomics,
    rocm_gpus,
    sonames,
    submodules,
    support,
    toolchains,
    transformers_modules,
    visibility,
    wheels,
)
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import Code, words_for
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import BackendFacts, Evidence, Section
from hwdoctor.model.pasted import (
    MPS_WANTED,
    SPARSE_MPS,
    STATED_ERRORS,
    FactKey,
    Pasted,
    PastedFact,
    QuotedLine,
    SubjectTie,
    by_line,
    makes_report,
)
from hwdoctor.model.reports import (
    Finding,
    NotChecked,
    PasteReport,
    Question,
    ReadFact,
    Severity,
)
from hwdoctor.project import __version__
from hwdoctor.rules.engine import Inputs, strtobool
from hwdoctor.shell import Shell, choices, comment
from hwdoctor.text import ERROR_DOING, one_line, printable

if TYPE_CHECKING:  # packaging is imported where a version is read (hwdoctor/versions.py)
    from packaging.version import Version

T = TypeVar("T")

# The reporter may not have hwdoctor: the line installs it into the interpreter it diagnoses
# (the install chooser writes it), then runs it; one line to paste, joined by `&&` so the
# second runs only when the install did.
SAVE_EVIDENCE: Final = " && ".join(
    remedies.hwdoctor_then(
        __version__, ("detect", "--save-evidence", "hwdoctor-evidence.json")
    ).lines
)
COLLECT_ENV: Final = "python -m torch.utils.collect_env"
ENV_VISIBILITY: Final = "env | grep -E 'VISIBLE|PJRT_DEVICE|ZE_AFFINITY_MASK'"
# issue 38 (s19-windows): the same on Windows, where neither `env` nor `grep` exists: cmd.exe's
# `set` lists the variables (run through cmd.exe, so PowerShell, whose `set` is Set-Variable,
# runs it too) and findstr keeps the lines holding any of its space-separated strings
# (Microsoft's findstr reference: "Use spaces to separate multiple search strings")
ENV_VISIBILITY_WINDOWS: Final = 'cmd /c set | findstr "VISIBLE PJRT_DEVICE ZE_AFFINITY_MASK"'

_ON_THE_MACHINE: Final = (
    "what only hwdoctor on that machine sees: imports that fail, extensions torch loads by "
    "itself, the vendor tools, the container and device permissions"
)

# What a missing section means to the reporter, and the command that shows it; in the order
# a question is chosen when a check lacks several.
QUESTIONS: Final[tuple[tuple[Section, str, str], ...]] = (
    (Section.TORCH, "torch's version and build", COLLECT_ENV),
    (Section.BACKENDS, "what torch sees of each accelerator", COLLECT_ENV),
    (Section.HOST, "the machine's GPUs, driver and operating system", COLLECT_ENV),
    (Section.PYTHON, "the Python version", COLLECT_ENV),
    (Section.PACKAGES, "the installed packages and their versions", "python -m pip list"),
    (Section.ENV, "whether a device visibility variable is set", ENV_VISIBILITY),
    (Section.FAILURES, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.ENTRY_POINTS, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.TOOLS, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.PLACEMENT, _ON_THE_MACHINE, SAVE_EVIDENCE),
)

# The parts of the evidence (`_RESTS_ON`'s names) the answer to a section's question shows:
# what a reply asks for when a finding rests on such a part and the paste lacks it.
_SHOWS: Final = {
    Section.TORCH: ("torch", "mps.operator"),
    Section.BACKENDS: ("gpus", "gpu_count"),
    Section.HOST: ("gpus", "gpu_count", "driver", "driver.library", "host"),
    Section.PYTHON: ("host",),
    Section.PACKAGES: ("packages", "accelerate"),
    Section.ENV: ("env",),
    Section.FAILURES: ("failures",),
    Section.ENTRY_POINTS: ("failures",),
    Section.TOOLS: ("failures",),
    Section.PLACEMENT: ("failures",),
}

# The parts of the evidence each finding rests on (`Pasted.used` keys), by code
# prefix; the first prefix that matches applies.
_RESTS_ON: Final = (
    ("host.container_gpu_without_gpu", ("stated", "accelerator")),  # issue 38 (s15-nogpu)
    ("host.container_runtime", ("stated",)),
    ("serving.", ("stated",)),  # issue 38: vLLM's KV cache, TGI's token limits
    # issue 41: an Xid or SXid finding rests on the kernel-log lines of its event
    ("gpu.xid_", ("kernel_log",)),
    ("gpu.sxid_", ("kernel_log",)),
    # issue 41: the package lines of each CUDA major, and torch's build
    ("libraries.mixed_cuda_majors", ("libraries",)),
    ("driver.forward_compat", ("stated", "driver", "gpus")),
    ("extension.arch_unsupported", ("stated", "gpus")),
    ("extension.bitsandbytes_without_gpu", ("bitsandbytes", "host")),
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    ("extension.bitsandbytes_on_mac", ("bitsandbytes", "host")),
    ("extension.deepspeed_cuda_mismatch", ("deepspeed",)),
    ("extension.cuda_library_missing", ("libraries", "torch")),
    ("host.wsl_libcuda_not_found", ("wsl",)),
    ("host.shared_library_missing", ("shared_library",)),  # issue 38 (s14-sharedlib)
    ("backend.vllm_no_device", ("stated",)),
    ("device.bf16_unsupported", ("stated", "gpus")),
    ("device.amd_gpu_without_kfd", ("stated",)),  # issue 38: device: no ROCm compute (KFD)
    # issue 38 (s19-atomics); (s21-atomics) and the CPU and GPU named beside ROCm's failure
    ("device.amd_pcie_atomics_missing", ("stated", "gpus")),
    ("npu.operator_cpu_fallback", ("stated",)),  # issue 38 (s19-atomics)
    ("npu.float64_unsupported", ("stated",)),  # issue 38 (s20-unnamed)
    ("device.out_of_memory", ("stated",)),  # issue 38 (s9-memory): a device's memory run out
    ("device.memory_query_failed", ("stated",)),
    ("driver.library_mismatch", ("driver.library",)),
    ("accelerate.", ("accelerate", "torch")),
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    ("mps.out_of_memory", ("stated",)),
    ("mps.buffer_too_large", ("stated",)),
    ("mps.buffer_not_large_enough", ("stated",)),  # issue 38: MPS's other wordings
    ("host.library_needs_executable_stack", ("stated",)),
    ("torch.not_built_for_xpu", ("stated", "torch")),
    ("xpu.igpu_not_supported", ("stated",)),
    ("hpu.", ("stated",)),
    # issue 38: optimum-neuron pins, before "neuron."
    ("neuron.optimum_neuron_pins_apart", ("optimum_neuron",)),
    ("neuron.torch_pinned_apart", ("stated", "pin")),  # issue 38: torch-neuron(x)'s torch
    ("neuron.cores_in_use", ("stated",)),  # issue 38: NeuronCores held by another process
    ("neuron.", ("stated",)),
    ("xpu.ipex_not_imported", ("stated", "torch")),  # issue 38: IPEX before native XPU
    ("mps.operator", ("mps.operator", "torch")),
    ("mps.bf16_unsupported", ("stated", "host", "torch")),  # issue 38: before "mps."
    ("mps.fp16_amp_refused", ("fp16", "host")),  # issue 38: before "mps."
    ("torch.half_on_cpu", ("stated",)),  # issue 38: fp16 on the CPU, float64 on MPS
    ("mps.float64_unsupported", ("stated",)),
    ("mps.dtype_unsupported", ("stated", "weights")),  # issue 38 (s18-dtype)
    ("xpu.float64_unsupported", ("stated", "torch")),  # issue 38 (s9-precision, s18-dtype)
    ("xpu.operator_not_implemented", ("stated",)),
    # issue 38 (s17-small): DirectML's operator gaps, onnxruntime twice, torchaudio's backends
    ("backend.directml_operator_not_implemented", ("stated",)),
    ("backend.directml_float64_unsupported", ("stated",)),  # issue 38 (s18-dtype)
    ("backend.onnxruntime_cpu_and_gpu", ("stated",)),
    ("backend.torchaudio_backend_missing", ("stated",)),
    # issue 38 (s18-dll): CUDA's libraries another loader than torch's could not load
    ("libraries.cuda_runtime_not_loaded", ("cuda_runtime",)),  # s18-mend-loader: its own lines
    ("mps.backend_assertion", ("stated", "host", "torch")),  # issue 38: torch's MPS bugs
    ("torch.cpu_only_build", ("torch", "gpus")),
    ("torch.build_mismatch", ("torch", "gpus")),
    ("driver.", ("driver", "torch", "gpus")),
    ("device.", ("gpus", "torch")),
    ("devices.", ("env", "gpus", "gpu_count", "torch")),
    ("extension.nvcc_major_mismatch", ("nvcc", "torch")),
    ("extension.cuda_toolkit_missing", ("toolkit", "torch")),  # issue 38: no nvcc
    ("extension.nvcc_below_floor", ("nvcc", "torch")),  # issue 38 (s8-serving)
    # issue 38 (s18-build): the toolkit's host_config.h refusing nvcc's host compiler
    ("extension.host_compiler_unsupported", ("stated", "toolkit", "torch")),
    # issue 38: IPEX beside another torch x.y (before "extension.")
    ("extension.ipex_torch_mismatch", ("stated", "ipex", "torch")),
    # issue 38: bitsandbytes' ROCm preview (before "extension.")
    ("extension.bitsandbytes_rocm_preview", ("bitsandbytes",)),
    # issue 38 (s14-submodule): a package's compiled part missing, as a paste states it
    ("extension.import_failed", ("failures", "packages", "torch", "stated", "accelerator", "pin")),
    # issue 38 (s17-wrongB): an optional part's symbol, in the package's own warning
    ("extension.built_for_other_torch", ("failures", "stated", "packages", "torch")),
    ("extension.", ("failures", "packages", "torch")),
    ("mps.", ("host", "torch")),
    ("python.translated", ("host",)),
    # issue 38: Huawei Ascend
    ("backend.npu_asked_for_cuda", ("stated", "accelerator")),
    ("backend.mps_asked_for_cuda", ("stated", "accelerator")),  # issue 38: a Mac
    ("backend.xpu_asked_for_cuda", ("stated", "accelerator")),  # issue 38 (s11-cudapath)
    ("backend.cann_python_missing", ("stated",)),
    ("backend.vllm_ascend_torch", ("vllm_ascend",)),  # issue 38: vLLM Ascend's torch pair
    ("backend.cuda_only_package", ("stated", "accelerator")),  # issue 38
    ("xpu.not_linked_build_unshown", ("stated", "torch")),  # issue 38: ambiguous XPU cause
    ("npu.out_of_memory", ("stated",)),  # issue 38: Ascend NPU memory and CANN's libraries
    ("npu.cann_library_not_found", ("stated",)),
    ("npu.driver_not_visible", ("stated",)),
    ("npu.torch_npu_cann_apart", ("torch_npu_cann",)),
    ("npu.cann_kernels_missing", ("stated", "accelerator")),  # issue 38: CANN's kernels
    ("python.numpy_abi", ("numpy", "torch")),  # issue 38: NumPy 2 ABI
    ("python.numpy_too_old", ("stated", "numpy")),  # issue 38 (s18-build): its C-API
    ("host.image_not_for_platform", ("image", "host")),  # issue 38: an image's platforms
    ("host.container_toolkit", ("stated",)),  # issue 38: container toolkit recordings
    ("backend.vllm_ascend_device", ("stated", "accelerator")),  # issue 38: Ascend's wordings
    ("backend.deepspeed_no_device", ("stated",)),  # issue 38: no NVIDIA GPU
    ("backend.gpu_library_without_gpu", ("stated", "accelerator")),  # issue 38 (s9-kernels)
    ("python.package_version_refused", ("pin",)),  # issue 38: a version pin refused
    ("python.version_unsupported", ("python_pin", "host")),
    ("python.package_name_misspelt", ("python_pin",)),  # issue 38 (s18-npfine)
    # issue 38 (s15-toolchain): the build's words, pip's lines of the source, the machine
    ("python.build_toolchain_missing", ("stated", "python_pin", "host")),
    ("backend.vllm_ascend_kernels", ("stated",)),  # issue 38: vLLM Ascend's compiled part
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    ("xpu.oneapi_runtime_not_found", ("stated",)),
    ("xpu.ipex_windows_dll_not_loaded", ("stated",)),
    ("python.transformers_module_missing", ("stated", "pin")),  # issue 38: too old a module
    ("hpu.software_release_apart", ("stated",)),  # issue 38: Gaudi releases apart
    ("xpu.kernels_compiled_at_first_use", ("stated",)),  # issue 38 (s6-macintel)
    ("tpu.", ("stated", "torch_xla")),  # issue 38: Google TPU / torch_xla
    # issue 38: ROCm device nodes denied, a conda libstdc++ too old
    ("host.device_node_denied", ("stated",)),
    ("python.conda_libstdcxx_too_old", ("stated",)),
    # issue 38: a model type the installed transformers does not know
    ("python.transformers_model_type_unknown", ("stated", "pin")),
    ("python.transformers_older_than_model", ("named", "pin")),  # issue 38 (s16-models)
    ("python.sentence_transformers_too_old", ("stated", "pin")),
    ("python.wheel_version_inconsistent", ("pin",)),  # issue 38 (s8-pip): a file pip discarded
    ("backend.os_unsupported", ("stated", "host")),  # issue 38 (s8-platform)
    ("backend.library_unsupported_machine", ("stated", "host")),  # issue 38 (s14-supported)
    # issue 38 (s15-support): a question whether a library runs on a machine, answered
    ("backend.library_support_", ("stated", "host")),
    ("backend.support_asked_no_library", ("stated",)),  # issue 38 (s20-template)
    # issue 38 (s9-cpucomp); s16-avx: the CPU named and the binary that needs the set ("host")
    ("host.cpu_instruction_set_missing", ("stated", "host")),
    ("host.memory_exhausted", ("stated", "ram", "wsl")),  # issue 38 (s11-hostmem)
    ("host.wsl_vulkan_no_driver", ("stated", "wsl")),  # issue 38 (s18-launch)
    ("rocm.wsl_configuration_unsupported", ("stated", "wsl")),  # issue 38 (s9-cpucomp)
    # issue 38 (s9-imports): a package missing, a release without a name the code imports
    ("python.package_missing", ("stated", "accelerator", "pin")),
    ("python.release_lacks_name", ("stated", "pin")),
    ("python.shadowed_module", ("stated",)),  # issue 38 (s14-submodule): a traceback's frame
    # issue 38 item 5 (s13-unread): Windows refusing torch's DLLs, tensors on two devices
    ("torch.windows_dll_not_loaded", ("stated", "torch")),
    ("torch.tensors_on_two_devices", ("stated",)),
    ("python.lookup_in_own_code", ("stated",)),  # s14-lookup: the program's own table
    ("", ("torch", "gpus", "driver", "env")),
)

# How the shell tells that a process was stopped: "Aborted (core dumped)", "Segmentation fault
# (core dumped)" (bash's list of signal descriptions, siglist.c), zsh's "abort (core dumped)".
_PROCESS_END: Final = re.compile(
    r"^(?:\[\d+\]\s+\d+\s+)?(?:Aborted|abort|Segmentation fault|Illegal instruction)"
    r"(?: \(core dumped\))?(?:\s+\S.{0,200})?$"
)

# What torch was built with and whether it sees CUDA: facts a rule about MPS, a companion
# package's pin, Rosetta or Accelerate's config does not read, so its finding does not rest
# on them (an M1's "ROCM used to build PyTorch: N/A" explains no MPS finding).
_BUILD_KEYS: Final = frozenset({FactKey.TORCH_CUDA, FactKey.TORCH_HIP, FactKey.CUDA_AVAILABLE})
_BUILD_UNUSED: Final = ("mps.", "extension.torch_mismatch", "python.translated")

_WHAT: Final = {
    FactKey.TORCH_VERSION: "torch",
    FactKey.TORCH_CUDA: "torch built with CUDA",
    FactKey.TORCH_HIP: "torch built with ROCm",
    FactKey.CUDA_AVAILABLE: "CUDA available",
    FactKey.ACCELERATOR: "torch's accelerator",
    FactKey.DRIVER: "NVIDIA driver",
    FactKey.DRIVER_CUDA: "the driver's CUDA",
    FactKey.OS: "OS",
    FactKey.PROSE_WINDOWS_PATH: "OS",
    FactKey.PYTHON_PLATFORM: "platform",
    FactKey.PYTHON_VERSION: "Python",
    FactKey.PROCESSOR: "CPU",
    FactKey.MESSAGE_FOUND_VERSION: "torch says (driver)",
    FactKey.MESSAGE_ARCH_LIST: "torch's compiled list",
    FactKey.MESSAGE_CAPABILITY: "GPU capability",
    FactKey.MESSAGE_CODE_CC: "torch's compiled list",
    FactKey.MESSAGE_NOT_COMPILED_CUDA: "torch says",
    FactKey.MESSAGE_LIBRARY_NO_CUDA: "a library says",
    FactKey.MESSAGE_UNDEFINED_SYMBOL: "import error",
    FactKey.MESSAGE_DRIVER_TOO_OLD: "torch says (driver)",
    FactKey.MESSAGE_NO_DRIVER: "torch says (driver)",
    FactKey.MESSAGE_FORWARD_COMPAT: "CUDA says",
    FactKey.MESSAGE_CONTAINER_NO_GPU: "docker says",
    FactKey.MESSAGE_FLASH_ATTN_ARCH: "flash-attn says",
    FactKey.MESSAGE_BNB_NO_GPU: "bitsandbytes says",
    FactKey.MESSAGE_VLLM_NO_DEVICE: "vLLM says",
    FactKey.MESSAGE_WORKER_DEVICE: "vLLM's worker says",  # issue 38 (s19-quiet)
    FactKey.MESSAGE_BF16_UNSUPPORTED: "vLLM says",
    FactKey.MESSAGE_GFX_LIST: "gfx targets",
    FactKey.MESSAGE_INVALID_DEVICE_FUNCTION: "HIP says",
    FactKey.MESSAGE_MIN_CAPABILITY: "torch's minimum",
    FactKey.MESSAGE_MPS_MACOS: "torch says (MPS)",
    FactKey.MESSAGE_MPS_NOT_BUILT: "torch says (MPS)",
    FactKey.MESSAGE_MPS_OP_MACOS: "torch says (MPS)",
    FactKey.MESSAGE_MPS_OPERATOR: "no MPS kernel for",
    FactKey.MESSAGE_NO_GPUS: "torch says",
    FactKey.MESSAGE_NVML_FAILED: "nvidia-smi says",
    FactKey.NVRM_CLIENT: "user-space NVIDIA driver",
    FactKey.NVRM_KERNEL: "loaded NVIDIA kernel module",
    FactKey.MESSAGE_NO_HIP_GPUS: "torch says",
    FactKey.MESSAGE_NO_KERNEL_IMAGE: "CUDA says",
    FactKey.MESSAGE_NPU_COUNT: "CANN says",
    FactKey.MESSAGE_MASK_REFUSED: "CANN says",
    FactKey.MESSAGE_TOO_OLD: "torch says",
    FactKey.MESSAGE_XFORMERS_BUILT_FOR: "xformers says",
    FactKey.PROSE_MACOS: "macOS",
    FactKey.PROSE_DRIVER: "NVIDIA driver",
    FactKey.PROSE_PYTHON: "Python",
    FactKey.PROSE_GPU_COUNT: "GPUs (the reporter's count)",
    FactKey.PROSE_PLATFORM: "platform",
    FactKey.PROSE_CHIP: "chip",
    FactKey.PROSE_GFX: "gfx target",
    FactKey.PROSE_ACCELERATOR: "accelerator",
    # issue 38: Huawei Ascend
    FactKey.NPU_AVAILABLE: "NPU available",
    FactKey.XPU_AVAILABLE: "XPU available",
    FactKey.MLU_AVAILABLE: "MLU available",
    FactKey.MUSA_AVAILABLE: "MUSA available",
    FactKey.SDAA_AVAILABLE: "SDAA available",
    FactKey.HPU_AVAILABLE: "HPU available",
    FactKey.MPS_AVAILABLE: "MPS available",
    FactKey.MESSAGE_CANN_INIT_ENV: "CANN says",
    FactKey.MESSAGE_CANN_NO_MODULE: "CANN cannot import",
    # issue 38: a library refuses the GPU
    FactKey.MESSAGE_TRITON_TOO_OLD: "torch says (Triton)",
    FactKey.MESSAGE_LLVM_SHFL_SYNC: "LLVM says (Triton)",
    FactKey.MESSAGE_BNB_INT8: "bitsandbytes says",
    FactKey.MESSAGE_VLLM_BELOW_70: "vLLM says",
    FactKey.MESSAGE_HF_BF16: "transformers says",
    FactKey.MESSAGE_MPS_BF16: "torch says (MPS)",
    FactKey.MESSAGE_TGI_CAPABILITY: "TGI says (capability)",
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    FactKey.MESSAGE_DS_CUDA_MISMATCH: "DeepSpeed says (CUDA toolkit)",
    FactKey.MESSAGE_DS_TORCH_CUDA: "DeepSpeed says (torch's CUDA)",
    FactKey.MESSAGE_LIBRARY_NOT_FOUND: "the loader could not open",
    FactKey.PROSE_WSL: "WSL",
    FactKey.MESSAGE_SHARED_LIBRARY: "the loader could not find",  # issue 38 (s14-sharedlib)
    FactKey.PROSE_DEBIAN: "Debian or Ubuntu",
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    FactKey.MESSAGE_MPS_OOM: "torch says (MPS)",
    FactKey.MESSAGE_MPS_BUFFER: "torch says (MPS)",
    FactKey.MESSAGE_EXECSTACK: "glibc says",
    FactKey.MESSAGE_XPU_NOT_BUILT: "torch says (XPU)",
    FactKey.MESSAGE_XPU_NO_DEVICE: "XPU runtime says",
    FactKey.MESSAGE_INTEL_IGPU: "Intel integrated GPU",
    FactKey.MESSAGE_INTEL_XPU_GPU: "Intel GPU",
    FactKey.MESSAGE_HPU_ACQUIRE: "Gaudi says",
    FactKey.HABANA_HOST: "Gaudi host release",
    FactKey.HABANA_IMAGE: "Gaudi container release",
    FactKey.MESSAGE_HABANA_MISSING: "Python says (Gaudi)",
    FactKey.MESSAGE_NEURON_DRIVER: "Neuron runtime says",
    # issue 38: bitsandbytes' and MPS's other wordings
    FactKey.MESSAGE_BNB_SETUP: "bitsandbytes says",
    FactKey.MESSAGE_MPS_NDARRAY: "Metal (MPS) says",
    FactKey.MESSAGE_MPS_BUFFER_SHORT: "Metal (MPS) says",
    FactKey.MESSAGE_MPS_CONV_CHANNELS: "torch says (MPS)",  # issue 38 (s12-mps)
    FactKey.MESSAGE_MPS_INT_MAX: "torch says (MPS)",
    # issue 38: Unsloth's refusal of an old GPU, and its banner's compute capability
    FactKey.MESSAGE_UNSLOTH_TOO_OLD: "Unsloth says",
    FactKey.MESSAGE_VLLM_QUANT_CAPABILITY: "vLLM says (quantization)",  # issue 38 (s9-kernels)
    FactKey.MESSAGE_SAGE_ARCH: "SageAttention says",  # issue 38 (s9-kernels)
    FactKey.MESSAGE_HW_REFUSED: "a library refuses the hardware",  # issue 38 (s10-refusal)
    FactKey.MESSAGE_USER_LOOKUP: "the program's own code raised",  # s14-lookup
    FactKey.MESSAGE_LIBRARY_RAISED: "a library raises",  # issue 38 (s14-supported)
    FactKey.MESSAGE_LIBRARY_NAMED: "the error names a library",  # issue 38 (s16-arch)
    FactKey.PIP_BUILD_RAISED: "a failed build raises",  # issue 38 (s14-supported)
    FactKey.BUILD_REQUESTED: "a build of",  # issue 38 (s14-supported)
    FactKey.SUBJECT_LIBRARY: "the report is about",  # issue 38 (s16-subject)
    FactKey.SUBJECT_MACHINE: "the title names the machine",  # issue 38 (s21-words)
    FactKey.TRACKER: "filed in",  # issue 38 (s17-tracker)
    FactKey.TRACKER_ASKED: "asked in",
    FactKey.MESSAGE_GPU_REQUIRED: "a GPU-only library says",  # issue 38 (s13-gpuonly)
    FactKey.MESSAGE_CUDA_TENSOR: "a CUDA kernel says",
    FactKey.MESSAGE_NCCL_NOT_BUILT: "torch.distributed says",
    FactKey.UNSLOTH_CAPABILITY: "GPU capability (Unsloth's banner)",
    FactKey.VLLM_SAID: "vLLM",  # issue 38: vLLM on an AMD GPU its ROCm support leaves out
    # issue 38: Ascend NPU memory and CANN's libraries
    FactKey.MESSAGE_NPU_OOM: "torch-npu says",
    FactKey.MESSAGE_ASCEND_LIBRARY: "the loader could not open",
    FactKey.PROSE_CANN: "CANN",
    # issue 38: NumPy 2 under a module built against NumPy 1
    FactKey.MESSAGE_NUMPY_ABI: "NumPy says",
    FactKey.NUMPY_RUNNING: "NumPy loaded",
    # issue 38: a library's version pin refused
    FactKey.MESSAGE_PIN_REFUSED: "a library's version check says",
    FactKey.MESSAGE_PIP_CONFLICT: "pip's resolver says",
    FactKey.MESSAGE_PYTHON_REFUSED: "pip says (Requires-Python)",
    FactKey.MESSAGE_PYTHON_GUARD: "its setup script says",  # issue 38 (s15-wheeltag)
    FactKey.MESSAGE_NO_DISTRIBUTION: "pip found no release for",
    FactKey.MESSAGE_IMAGE_PLATFORM: "container engine says",  # issue 38: an image's platforms
    FactKey.MESSAGE_NO_TOOLKIT: "the build says (CUDA toolkit)",  # issue 38: no nvcc
    FactKey.MESSAGE_FP16_REFUSED: "the trainer says (fp16)",  # issue 38: fp16 AMP on MPS
    FactKey.MACOS_PATH: "a macOS path",  # issue 38: fp16 AMP on MPS
    FactKey.HIP_COMPILER: "HIP's compiler",  # issue 38: CMake without nvcc in a HIP build
    # issue 38 (s6-macintel): CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol
    FactKey.MACOS_WHEEL: "a macOS wheel",
    FactKey.PIP_SDIST: "pip builds from source",
    FactKey.MESSAGE_NO_PLATFORM_WHEEL: "uv found no wheel for",
    # issue 38 (s10-platform): poetry's and uv's words for no file here, pip's wheel refused
    FactKey.MESSAGE_NO_CANDIDATES: "poetry found no file for",
    FactKey.MESSAGE_NO_TAGGED_WHEEL: "uv found no wheel for",
    # issue 38 (s13-wheels): a failed build's packages; a site-packages path's Python
    FactKey.MESSAGE_BUILD_FAILED_FOR: "the build failed for",
    FactKey.PYTHON_LIB_PATH: "a site-packages path of Python",
    FactKey.PYTHON_BUILD_DIR: "a build directory of",
    FactKey.PROSE_INTEL_MAC: "an Intel Mac",
    FactKey.PIP_SDIST_RELEASE: "pip fetched the source of",
    FactKey.PIP_INSTALLED: "pip installed",  # issue 38 (s18-since)
    FactKey.PIP_REQUESTED: "an install command names",
    FactKey.MESSAGE_WHEEL_REFUSED: "pip refused the wheel",
    FactKey.MESSAGE_WHEEL_APART: "uv says (the wheel's platform)",
    FactKey.MESSAGE_MKL_IJIT: "the loader says",
    FactKey.MESSAGE_XPU_SLOW_FIRST: "the reporter says",
    FactKey.MESSAGE_DS_MPS: "DeepSpeed's accelerator",  # issue 38: DeepSpeed, no NVIDIA GPU
    FactKey.MESSAGE_ACLNN_FAILED: "torch-npu says (kernel)",  # issue 38: Ascend's wordings
    FactKey.MACOS_LOADER: "macOS's loader says",  # issue 38: bitsandbytes on a Mac
    FactKey.MESSAGE_MACOS_ARCH: "macOS's loader says",  # issue 38 (s20-dyld)
    FactKey.MESSAGE_MINGW_PTHREAD: "MinGW's linker says",  # issue 38 (s20-dyld)
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU
    FactKey.MESSAGE_DS_NO_GPU: "DeepSpeed's launcher says",
    FactKey.MESSAGE_VLLM_NO_LIBCUDA: "vLLM says (its CUDA extension)",
    # issue 38: fp16 on the CPU, float64 on MPS (archlib)
    FactKey.MESSAGE_HALF_ON_CPU: "torch says (CPU kernel)",
    FactKey.MESSAGE_MPS_FLOAT64: "torch says (MPS)",
    FactKey.MESSAGE_BF16_AMP_REFUSED: "accelerate says (bf16)",  # issue 38 (s9-precision)
    FactKey.MESSAGE_XPU_FLOAT64: "SYCL says (XPU)",
    FactKey.MESSAGE_PTX_BF16: "ptxas says (bf16)",
    FactKey.MESSAGE_AUTOCAST_BF16: "torch says (autocast, bf16)",  # issue 38 (s18-gpuprose)
    FactKey.PROSE_BF16_LACKING: "the reporter says (bf16)",
    FactKey.PROSE_RAN: "the reporter says it ran",  # issue 38 (s19-quiet)
    FactKey.MESSAGE_XPU_OPERATOR: "no XPU kernel for",
    # issue 38 (s17-small)
    FactKey.MESSAGE_DML_FALLBACK: "torch-directml runs on the CPU",
    # issue 38 (s19-atomics)
    FactKey.MESSAGE_KFD_ATOMICS: "KFD skipped (PCI rejects atomics)",
    FactKey.KFD_DEVICE_ADDED: "KFD added",
    FactKey.MESSAGE_NPU_FALLBACK: "torch_npu runs on the CPU",
    FactKey.MESSAGE_NPU_DTYPE: "CANN says (aclnn dtype)",  # issue 38 (s20-unnamed)
    FactKey.TORCH_NPU_ERROR_CODE: "torch_npu's error code",
    FactKey.MESSAGE_DML_OPERATOR: "no DirectML kernel for",
    FactKey.DIRECTML_NAMED: "torch-directml named",
    FactKey.MESSAGE_NVCUDA_MISSING: "Windows cannot load",
    FactKey.PROSE_CPU_ONLY: "the reporter runs on the CPU",
    FactKey.MESSAGE_ORT_BOTH: "onnxruntime twice",
    FactKey.MESSAGE_TORCHAUDIO_BACKEND: "torchaudio says (backend)",
    FactKey.TORCHAUDIO_FFMPEG_LOAD: "torchaudio says (FFmpeg major)",  # issue 38 (s18-audiopy)
    # issue 38 (s18-dtype)
    FactKey.MESSAGE_MPS_DTYPE: "torch says (MPS dtype)",
    FactKey.FP8_WEIGHTS_NAMED: "fp8 weights named",
    FactKey.MESSAGE_DML_FLOAT64: "torch-directml says (float64)",
    FactKey.XPU_TORCH_NAMED: "torch on the XPU named",
    FactKey.IGC_BUILD_FAILED: "the Intel Graphics Compiler says",
    # issue 38 (s18-dll)
    FactKey.MESSAGE_CUDA_RUNTIME: "the loader says (CUDA library)",
    FactKey.MESSAGE_CUDA_RUNTIME_CALLER: "the frame that loaded it",
    FactKey.MESSAGE_ORT_PROVIDER_LOG: "onnxruntime says (CUDA provider)",
    FactKey.MESSAGE_TF_GPU_DEVICES: "TensorFlow says (its GPUs)",
    FactKey.MESSAGE_CUDNN_DLERROR: "cuDNN's loader says (another file)",
    FactKey.ORT_CUDA_FEED: "onnxruntime's CUDA feed",
    FactKey.MESSAGE_VLLM_ASCEND_C: "vLLM Ascend says",  # issue 38: its compiled part
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    FactKey.MESSAGE_ONEAPI_LIBRARY: "the loader says (oneAPI runtime)",
    FactKey.MESSAGE_IPEX_DLL: "Windows' loader says (IPEX)",
    FactKey.MESSAGE_ONEAPI_APART: "the loader says (oneAPI release)",
    FactKey.MESSAGE_XPU_GPU_UNSUPPORTED: "torch says (XPU support list)",
    FactKey.MESSAGE_VLLM_KV_CACHE: "vLLM says (KV cache)",  # issue 38: serving limits
    FactKey.MESSAGE_TGI_LIMIT: "TGI says (token limits)",
    FactKey.MESSAGE_TRANSFORMERS_MODULE: "Python says (transformers module)",  # issue 38
    FactKey.MESSAGE_HABANA_VALIDATED: "optimum-habana says",  # issue 38: Gaudi releases
    # issue 38: Google TPU / torch_xla
    FactKey.MESSAGE_TPU_NODE: "the TPU runtime says",
    FactKey.MESSAGE_TPU_STATUS: "torch_xla says (PJRT TPU client)",
    FactKey.MESSAGE_COLAB: "Colab named",
    FactKey.MESSAGE_XLAC_SYMBOL: "the loader says (torch_xla's _XLAC)",
    FactKey.MESSAGE_PJRT_DEFAULT: "torch_xla says (runtime)",
    FactKey.MESSAGE_XRT_VARIABLE: "an XRT variable",
    FactKey.MESSAGE_TPU_BUSY: "libtpu says",
    FactKey.MESSAGE_LIBTPU_APART: "the PJRT loader says (libtpu)",
    # issue 38: ROCm device nodes denied, a conda libstdc++ too old, Gen9 Intel iGPUs
    FactKey.MESSAGE_ROCM_NODE_DENIED: "ROCm says (device node)",
    FactKey.MESSAGE_ROCM_MEMBER: "rocminfo says (group)",
    FactKey.MESSAGE_GLIBCXX_MISSING: "the loader says (libstdc++)",
    FactKey.MESSAGE_INTEL_GEN9: "Intel GPU",
    FactKey.MESSAGE_SPIRV_UNSUPPORTED: "the GPU compiler says (SPIR-V)",
    FactKey.MESSAGE_SYCL_BUILD_FAILED: "SYCL says",
    FactKey.MESSAGE_MPS_ASSERTION: "Metal (MPS) says",  # issue 38: torch's MPS backend's bugs
    FactKey.MESSAGE_CONTAINER_CUDA: "nvidia-container-cli says (image's CUDA)",  # issue 38
    FactKey.MESSAGE_PTX_TOOLCHAIN: "CUDA says (PTX)",
    FactKey.MESSAGE_NEURON_TORCH: "torch-neuron says",  # issue 38: its torch refused
    FactKey.MESSAGE_NEURON_CORES: "the Neuron runtime says (cores)",  # issue 38
    # issue 38: a library on hardware it does not support (vLLM Ascend on an Atlas 300I)
    FactKey.PROSE_ASCEND_310P: "Ascend NPU (in words)",
    FactKey.VLLM_ASCEND_NAMED: "vLLM Ascend",
    FactKey.VLLM_ASCEND_310P_BUILD: "vLLM Ascend's image",
    FactKey.MESSAGE_TGI_FLASH_REQUIRED: "TGI says (flash attention)",
    FactKey.XFORMERS_BUILD: "pip builds (xformers)",
    FactKey.PROSE_MAC: "Mac (in words)",
    FactKey.PROSE_ARM_LINUX: "Linux on Arm (in words)",
    FactKey.PROSE_ARM32_LINUX: "Linux on 32-bit Arm (in words)",  # issue 38 (s18-mend-misc)
    FactKey.PROSE_AMD_GPU: "GPU (the reporter's words)",  # issue 38 (s7-build)
    FactKey.PROSE_ROCM: "AMD GPU (in words)",  # issue 38 (s15-realrec)
    # issue 38: serving stacks without a device
    FactKey.MESSAGE_VLLM_UNSPECIFIED: "vLLM says (platform)",
    FactKey.MESSAGE_EMPTY_DEVICE: "torch says (device)",
    FactKey.VLLM_NAMED: "vLLM named",
    FactKey.MESSAGE_MODEL_TYPE: "transformers says (model type)",  # issue 38
    # issue 38 (s16-models)
    FactKey.MESSAGE_MODEL_TYPE_KEY: "transformers says (model type)",
    FactKey.MESSAGE_CONFIG_MAPPING: "transformers' AutoConfig (traceback)",
    FactKey.MESSAGE_ROPE_TYPE: "transformers says (rope_scaling)",
    FactKey.MODEL_NAMED: "model named",
    FactKey.MESSAGE_ST_ARGUMENT: "Python says (SentenceTransformer)",  # issue 38
    # issue 38: Neuron / TPU runtimes and packages
    FactKey.MESSAGE_NEURON_OLD_DKMS: "the package manager says (aws-neuron-dkms)",
    FactKey.DKMS_FAILED: "DKMS says",
    FactKey.MESSAGE_TF_LIBTPU: "TensorFlow says (libtpu)",
    FactKey.MESSAGE_LIBTPU_FLAG: "libtpu says (flag)",
    FactKey.MESSAGE_NVCC_FLOOR: "the build says (nvcc)",  # issue 38 (s8-serving)
    FactKey.MESSAGE_DISPLAY_DRIVER_MISMATCH: "CUDA says (error 803)",  # issue 38
    FactKey.MESSAGE_TGI_NO_CUDA: "text-generation-inference says",  # issue 38
    FactKey.MESSAGE_TGI_MODEL_TYPE: "text-generation-inference says (model type)",  # issue 38
    FactKey.TGI_NAMED: "text-generation-inference named",  # issue 38
    # issue 38: pip's resolver refusing an install (s8-pip)
    FactKey.MESSAGE_PIP_DEPENDS: "pip's resolver says (a requirement)",
    FactKey.MESSAGE_PIP_IMPOSSIBLE: "pip's resolver says",
    FactKey.MESSAGE_INCONSISTENT_VERSION: "pip says (a file's version)",
    # issue 38 (s8-platform): Windows in words, webui's torch.cuda.is_available() check
    FactKey.PROSE_WINDOWS: "OS",
    FactKey.PROSE_LINUX: "OS",  # issue 38 (s21-forms): an issue form's answer
    FactKey.MESSAGE_WEBUI_NO_GPU: "Stable Diffusion webui says",
    FactKey.MESSAGE_XFORMERS_REFUSED: "xformers says",
    FactKey.MESSAGE_XFORMERS_DEVICE: "xformers says (device)",
    FactKey.MESSAGE_BNB_QUANTIZER: "transformers says (bitsandbytes)",
    FactKey.MESSAGE_NO_OS_BUILD: "Python says (no build for the OS)",
    # issue 38 (s9-memory): a device's memory run out, free memory not reported
    FactKey.MESSAGE_DEVICE_OOM: "the allocator says",
    FactKey.MESSAGE_FREE_MEMORY_UNREAD: "torch says (free memory)",
    # issue 38 (s9-cpucomp): the CPU's instruction sets, the Neuron compiler
    FactKey.MESSAGE_CPU_ISA: "a library says (the CPU's instruction set)",
    FactKey.MESSAGE_CPU_ISA_SAID: "a library says",
    FactKey.MESSAGE_ILLEGAL_INSTRUCTION: "the process ended (illegal instruction)",
    FactKey.PROSE_CPU_LACKS: "the CPU has no",
    FactKey.MESSAGE_NEURON_COMPILER: "the Neuron compiler says",
    FactKey.NEURON_COMPILER_VERSION: "neuronx-cc",
    FactKey.NEURON_COMPILE_FAILED: "torch-neuronx's compiler wrapper says",
    FactKey.CPU_FLAGS_LACK: "the CPU's flags lack",
    FactKey.MESSAGE_ROCM_WSL: "rocminfo says (WSL)",
    FactKey.MESSAGE_VULKAN_NO_DRIVER: "Vulkan says",  # issue 38 (s18-launch)
    FactKey.PROSE_AMD_IGPU: "an AMD CPU's graphics (the reporter's words)",
    FactKey.MESSAGE_ROCR_UNSUPPORTED_GPU: "ROCm's WSL runtime says",
    FactKey.MESSAGE_HSA_STATUS: "HSA's status",
    FactKey.MESSAGE_MODULE_MISSING: "Python says (a module missing)",  # issue 38 (s9-imports)
    FactKey.MESSAGE_NAME_MISSING: "Python says (a name missing)",
    FactKey.MESSAGE_LIBRARY_REQUIRED: "transformers says (a library missing)",
    FactKey.GETATTR_SOURCE: "a traceback's source line (getattr)",
    # issue 38 (s14-submodule): a module inside a package, and where the traceback imported it
    FactKey.MESSAGE_SUBMODULE_MISSING: "Python says (a module of a package missing)",
    FactKey.TRACEBACK_LOCAL_PACKAGE: "a traceback's frame (a package outside site-packages)",
    FactKey.TRACEBACK_FRAME: "a traceback's frame",  # issue 38 (s17-names)
    # issue 38 (s11-hostmem): the host's memory run out, a SIGKILL, the host's RAM
    FactKey.MESSAGE_HOST_OOM: "the host says (memory)",
    FactKey.MESSAGE_PROCESS_KILLED: "the process ended (SIGKILL)",
    FactKey.HOST_RAM: "host RAM",
    # issue 38 item 5 (s13-unread): a run's errors no other reader names
    FactKey.MESSAGE_TORCH_DLL: "Windows says (torch's DLLs)",
    FactKey.MESSAGE_DLL_LOAD_FAILED: "Python says (a DLL)",
    FactKey.MESSAGE_WINERROR: "Windows says",
    FactKey.MESSAGE_DEVICES_APART: "torch says (devices)",
    FactKey.MESSAGE_CONDA_NOT_FOUND: "conda says",
    FactKey.CONDA_PACKAGE_MISSING: "conda found no",
    FactKey.CONDA_PLATFORM: "conda's platform",
    FactKey.CONDA_SOLVE_FAILED: "conda says",
    FactKey.MESSAGE_HOST_ALLOC: "the host says (memory)",
    # issue 38 (s15-toolchain): a build tool a source build lacks, a build command that failed
    FactKey.MESSAGE_TOOLCHAIN_MISSING: "the build says (a tool missing)",
    FactKey.BUILD_COMMAND_FAILED: "a build command failed",
    FactKey.CMAKE_ERROR_AT: "CMake says",
    FactKey.DOCKER_RUN_FAILED: "docker build says",
    # issue 38 (s15-support): a question whether a library runs on a machine
    FactKey.PROSE_SUPPORT_ASKED: "the reporter asks",
    FactKey.PROSE_ASKED_HARDWARE: "the reporter asks (hardware)",
    FactKey.PROSE_ASKED_SYSTEM: "the reporter asks (system)",
    FactKey.PROSE_ASKED_UNLISTED: "the reporter asks (hardware)",
}


def diagnose(paste: Pasted, *, strict: bool = False) -> PasteReport:
    facts = _Read(paste)
    # issue 38 (s19-windows): the remedies are lines for the shell of the machine the paste
    # shows (hwdoctor/shell.py): Windows' take double quotes, not single ones
    dialect = shell.Dialect.WINDOWS if _windows_shell(paste, facts) else shell.Dialect.POSIX
    with shell.written_for(dialect):
        return _diagnosed(paste, facts, strict=strict)


def _windows_shell(paste: Pasted, facts: _Read) -> bool:
    """issue 38 (s19-mend-windows): whether the lines to paste are for a Windows shell: the
    host's system where the paste shows it (collect_env's OS line), else a Windows path in the
    paste (a traceback's C:\\…) with nothing of WSL or a Mac. A reporter's word "Windows"
    alone chooses no shell (a Linux server's report that mentions a Windows laptop), and a
    paste from WSL runs its lines in Linux's shell (pytorch/pytorch#194487: "WSL2(Ubuntu
    26.04)", a `$ ` prompt)."""
    if facts.all(FactKey.PROSE_WSL) or facts.all(FactKey.MESSAGE_ROCM_WSL):
        return False  # before the host: a WSL report's "Windows 11" reads as its host's system
    host = paste.evidence.host
    if host is not None and host.system in imports.SYSTEM_WORDS:
        return host.system == "Windows"
    return bool(facts.all(FactKey.PROSE_WINDOWS_PATH)) and not _mac_lines(paste, facts)


def _device_path(path: str) -> bool:
    """Whether a path is a device node's (the live check's test, diagnosis/checks/host.py)."""
    from hwdoctor.diagnosis.checks.host import is_device_path

    return is_device_path(path)


def _diagnosed(paste: Pasted, facts: _Read, *, strict: bool) -> PasteReport:
    # the live checks, imported here: `explain --from` reads this module's facts and not them
    # (issue 38, s20-speed: ~14 ms of its start)
    from hwdoctor.diagnosis import checks

    evidence = paste.evidence
    found, not_checked = checks.diagnose(evidence)
    found = (*found, *_settings(evidence, facts), *_mps_operators(evidence, facts))
    found = (*found, *_gpu_ids(evidence, facts))  # issue 42: gpu_ids
    found = (*found, *_no_driver(evidence, facts, found), *_stated(facts))
    if elsewhere := _container_gpu_elsewhere(paste, facts):  # issue 38 (s15-nogpu)
        found = (*(f for f in found if f.code != Code.CONTAINER_RUNTIME_NO_GPU.value), *elsewhere)
    found = (*found, *_ascend(paste, facts))  # issue 38: Huawei Ascend
    # issue 38: a Mac. No torch for macOS has CUDA, so where the checks read its build as
    # CPU-only (macOS named only in prose), that finding's reinstall is no remedy: it steps aside
    if mac := _mac_asked_cuda(paste, facts):
        found = (*(f for f in found if f.code != Code.CPU_ONLY_BUILD.value), *mac)
    found = (*found, *_xpu_asked_cuda(paste, facts))  # issue 38 (s11-cudapath): an Intel GPU
    found = (*found, *_vllm_ascend(paste, facts))  # issue 38: vLLM Ascend's torch pair
    found = (*found, *_cuda_only(paste, facts))  # issue 38: a CUDA-only package elsewhere
    found = (*found, *_mixed_cuda(evidence, facts))  # issue 41
    found = (*found, *_nvcc(paste, facts))
    found = (*found, *_refused(evidence, facts, found))  # issue 38: a library refuses the GPU
    found = (*found, *_gpu_floors(paste, facts, found))  # issue 38 (s20-gpuprose)
    found = (*found, *_cuda_libraries(paste, facts))  # issue 38
    found = (*found, *_stated_with_words(evidence, facts))
    found = (*found, *_optimum_neuron(evidence, facts))  # issue 38: optimum-neuron pins
    found = (*found, *_ascend_stated(facts))  # issue 38: Ascend NPU memory, CANN's libraries
    found = (*found, *_device_memory(evidence, facts))  # issue 38 (s9-memory)
    found = (*found, *_torch_npu_cann(paste, facts))  # issue 38: torch-npu and CANN
    found = (*found, *_numpy_abi(paste, facts))  # issue 38: NumPy 2 ABI
    found = (*found, *_numpy_too_old(paste, facts))  # issue 38 (s18-build): its C-API
    found = (*found, *_image_platform(paste, facts))  # issue 38: an image for another platform
    found = (*found, *_ipex_torch(paste, facts))  # issue 38: IPEX beside another torch x.y
    found = _without_ipex_abi(found)  # issue 38: IPEX's library refused, named once
    found = (*found, *_no_toolkit(paste, facts))  # issue 38: no nvcc for a CUDA build
    found = (*found, *_fp16_on_mps(paste, facts))  # issue 38: fp16 AMP refused on MPS
    found = (*found, *_deepspeed_mps(paste, facts))  # issue 38: DeepSpeed, no NVIDIA GPU
    found = (*found, *_vllm_ascend_device(paste, facts))  # issue 38: Ascend's other wordings
    found = (*found, *_vllm_ascend_soc(facts, found))  # issue 38: device: its own refusal
    found = (*found, *_cann_kernels(paste, facts, found))  # issue 38: CANN's operator kernels
    found = (*found, *_vllm_no_platform(facts, found))  # issue 38: vLLM's other wordings
    found = (*found, *_vllm_worker_cpu(facts))  # issue 38 (s19-quiet): its GPU worker, the CPU
    found = (*found, *_model_type_unknown(paste, facts))  # issue 38: a model type too new
    found = (*found, *_sentence_transformers(paste, facts))  # issue 38: its arguments
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU (the vLLM finding says more
    # than "no device": the generic one steps aside)
    if nogpu := _no_gpu_packages(paste, facts):
        found = (*(f for f in found if f.code != Code.VLLM_NO_DEVICE.value), *nogpu)
    found = (*found, *_deepspeed_no_device(facts, found))  # issue 38: the launcher's words
    found = (*found, *_gpu_library_no_gpu(paste, facts))  # issue 38 (s9-kernels)
    # issue 38: vLLM's CPU (or TPU) platform reaching CUDA-only code: no CPU-only torch to replace
    if platform := _vllm_platform_no_cuda(paste, facts):
        found = (*(f for f in found if f.code != Code.CPU_ONLY_BUILD.value), *platform)
    found = (*found, *_pins(paste, facts))  # issue 38: a library's version pin refused
    found = (*found, *_resolution(paste, facts))  # issue 38 (s8-pip): pip's resolver refusing
    found = (*found, *_transformers_module(paste, facts))  # issue 38: too old a transformers
    found = (*found, *_python_unsupported(paste, facts))  # issue 38: no wheel for this Python
    found = (*found, *_half_on_cpu(facts, found), *_mps_float64(facts))  # issue 38: archlib
    found = (*found, *_mps_dtype(facts), *_dml_float64(facts))  # issue 38 (s18-dtype)
    found = (*found, *_mps_conv_channels(paste, facts))  # issue 38 (s12-mps)
    # issue 38 (s9-precision): bf16 AMP refused by accelerate, float64 on an Intel GPU
    found = (*found, *_bf16_amp_refused(paste, facts, found), *_xpu_float64(paste, facts))
    found = (*found, *_ptx_bf16(paste, facts, found), *_xpu_operator(facts))
    found = (*found, *_autocast_bf16(paste, facts, found))  # issue 38 (s18-gpuprose)
    found = (*found, *_bf16_lacking_said(paste, facts, found))  # issue 38 (s18-gpuprose)
    # issue 38 (s17-small): DirectML's operator gaps, nvcuda.dll, onnxruntime twice, torchaudio
    found = (*found, *_dml_operator(facts), *_nvcuda(paste, facts, found))
    found = (*found, *_npu_fallback(facts))  # issue 38 (s19-atomics): torch_npu's CPU fallback
    found = (*found, *_npu_float64(facts))  # issue 38 (s20-unnamed): aclnn refusing float64
    found = (*found, *_onnxruntime_both(paste, facts), *_torchaudio_backend(paste, facts))
    found = (*found, *_cuda_runtime_not_loaded(paste, facts))  # issue 38 (s18-dll)
    found = (*found, *_cuda_only_on_a_mac(paste, facts))  # issue 38 (s6-macintel)
    found = (*found, *_xpu_jit(paste, facts))  # issue 38 (s6-macintel): no AOT kernels
    # issue 38: vLLM Ascend's compiled part missing (its own finding, not a "vllm" extension's)
    if kernels := _vllm_ascend_kernels(paste, facts):
        built = Code.EXTENSION_BUILT_FOR_OTHER_TORCH.value
        found = (*(f for f in found if f.code != built), *kernels)
    found = (*found, *_serving_limits(facts))  # issue 38: vLLM's KV cache, TGI's limits
    found = (*found, *_optional_part(paste, facts))  # issue 38 (s17-wrongB): warned, went on
    # issue 38 (s8-serving): flash-attn refusing nvcc below its floor (the toolkit's release
    # against torch's named there: nvcc_major_mismatch's comparison of the same nvcc steps aside)
    if floor := _nvcc_floor(paste, facts):
        found = (*(f for f in found if f.code != Code.NVCC_MAJOR_MISMATCH.value), *floor)
    found = (*found, *_host_compiler(paste, facts))  # issue 38 (s18-build): nvcc's compiler
    found = (*found, *_mingw_pthread(paste, facts))  # issue 38 (s20-dyld): MinGW, no pthread
    found = (*found, *_macos_arch(paste, facts))  # issue 38 (s20-dyld): dyld's architectures
    found = (*found, *_display_driver_mismatch(paste, facts, found))  # issue 38: CUDA error 803
    found = (*found, *_tgi_model_type(paste, facts))  # issue 38: TGI without the model type
    # issue 38 (s8-serving): forward-compatibility libraries loaded on a GeForce (nvidia-smi's
    # CUDA above its driver's own); the message's generic finding steps aside
    if compat := _forward_compat_loaded(facts, found):
        found = (*(f for f in found if f.code != Code.DRIVER_FORWARD_COMPAT.value), *compat)
    # issue 38: Google TPU / torch_xla (its _XLAC finding says more than the generic one)
    if tpu := _torch_xla(facts):
        apart = any(f.code == Code.XLA_TORCH_APART.value for f in tpu)
        built = Code.EXTENSION_BUILT_FOR_OTHER_TORCH.value
        found = (*(f for f in found if not (apart and f.code == built)), *tpu)
    found = (*found, *_mps_backend_assertion(facts, found))  # issue 38: torch's MPS bugs
    found = (*found, *_container_cuda(facts))  # issue 38: an image's CUDA above the driver's
    found = (*found, *_ptx_toolchain(facts))  # issue 38: PTX newer than the driver's JIT
    found = (*found, *_hpu_foreign_torch(paste, facts, found))  # issue 38: Gaudi, CUDA torch
    # issue 38: torch-neuron / torch-neuronx pinning one torch (its own finding, not pip's)
    if neuron := _neuron_torch(paste, facts):
        pinned = Code.PIN_REFUSED.value
        owners = {f.params.get("owner", "").split(" ", 1)[0] for f in found if f.code == pinned}
        found = (
            *(f for f in found if not (f.code == pinned and owners & _NEURON_FRAMEWORKS)),
            *neuron,
        )
    found = (*found, *_inconsistent(facts))  # issue 38 (s8-pip): a file pip discarded
    found = (*found, *_no_build_here(paste, facts))  # issue 38 (s10-platform): other installers
    found = (*found, *_no_release(paste, facts))  # issue 38: pip finds no release to install
    found = (*found, *_nodes_denied(paste, facts, found))  # issue 38: device: root only
    found = (*found, *_kfd_unsupported(paste, facts))  # issue 38: device: no ROCm compute
    found = (*found, *_rocm_unlisted(paste, facts, found))  # issue 38 (s21-rocmgpus)
    found = (*found, *_kfd_atomics(facts))  # issue 38 (s19-atomics): GPUs KFD skipped
    found = (*found, *_cpu_atomics(paste, facts, found))  # issue 38 (s21-atomics): by the CPU
    found = (*found, *_amd_on_windows(paste, facts, found))  # issue 38 (s8-platform)
    found = (*found, *_webui_chose_rocm(paste, facts, found))  # issue 38 (s18-launch)
    found = (*found, *_xformers_on_a_mac(paste, facts))  # issue 38 (s8-platform)
    found = (*found, *_bnb_quantizer_on_a_mac(paste, facts, found))  # issue 38 (s8-platform)
    found = (*found, *_gpu_required(paste, facts, found))  # issue 38 (s13-gpuonly)
    found = (*found, *_os_unsupported(paste, facts, found))  # issue 38 (s8-platform)
    found = (*found, *_apple_gpu_in_container(paste, facts, found))  # issue 38 (s21-container)
    found = (*found, *_cpu_isa(paste, facts))  # issue 38 (s9-cpucomp): the CPU's ISA
    found = (*found, *_neuron_compiler(facts))  # issue 38 (s9-cpucomp): neuronx-cc's own error
    found = (*found, *_rocm_wsl(facts, found))  # issue 38 (s9-cpucomp): ROCm under WSL
    found = (*found, *_vulkan_under_wsl(facts))  # issue 38 (s18-launch): Vulkan under WSL
    found = (*found, *_host_memory(facts, found))  # issue 38 (s11-hostmem): host RAM ran out
    # issue 38 item 5 (s13-unread): a run's errors no other reader names
    found = (*found, *_host_allocation(facts, found), *_torch_dll(facts))
    found = (*found, *_devices_apart(facts), *_conda_not_found(facts))
    found = (*found, *_torchao_skipped(paste, facts))  # issue 38: torchao's kernels, skipped
    found = (*found, *_compute_type(paste, facts))  # issue 38: CTranslate2's compute types
    found = (*found, *_hardware_refused(paste, facts, found))  # issue 38 (s10-refusal): any
    found = (*found, *_nccl_not_built(paste, facts))  # library's words; torch without NCCL
    found = (*found, *_own_code_lookup(facts, found))  # s14-lookup: the program's own table
    found = (*found, *_toolchain_missing(paste, facts))  # issue 38 (s15-toolchain)
    found = (*found, *_no_wheel_built(paste, facts))  # issue 38 (s13-wheels): no wheel here
    found = (*found, *_submodule_missing(paste, facts))  # issue 38 (s14-submodule)
    found = (*found, *_shared_library(facts))  # issue 38 (s14-sharedlib): any library
    found = (*found, *_library_unsupported(paste, facts, found))  # issue 38 (s14-supported)
    # issue 38 (s16-arch): a library's kernels failing on a GPU its build list leaves out; the
    # guess that torch has no code for it (its list not shown), read from that line, steps aside
    if no_code := _built_for(paste, facts, found):
        found = (*(f for f in found if not _torch_guessed_no_code(f)), *no_code)
    found = (*found, *_library_asked(paste, facts, found))  # issue 38 (s15-support)
    found = (*found, *_neuron_placeholder(paste, facts))  # s19-placeholder: PyPI's stub
    found = (*found, *_package_missing(paste, facts))  # issue 38 (s9-imports): last: what
    found = (*found, *_release_lacks_name(paste, facts))  # no finding above took
    found = (*found, *_listed_later(paste, facts, found))  # issue 38 (s18-since)
    found = (*found, *_asked_of_no_library(paste, facts, found))  # issue 38 (s20-template)
    found = _reconciled(_by_symptom(found, facts), paste)
    found = _for_the_accelerator_shown(found, paste)
    other = bool(accelerators_shown(paste))
    asked, gaps = _questions(not_checked), _gaps(evidence, found, other)
    # the error the reporter says happened is asked for only where no error finding explains
    # the paste (an error it names is the one the words are about: "says CUDA is not
    # available" beside a driver too old for torch's CUDA)
    errors = any(f.severity is Severity.ERROR for f in found)
    resting = [_resting(finding, facts) for finding in found]
    explained = any(f.severity in _POSTED for f in found)
    unread = _unread(paste, [fact for chosen in resting for fact in chosen], explained)
    # issue 38 item 5 (s13-unread): the error line no finding explains whose message the
    # paste does not hold: said in the headline, and its whole output asked for
    cut = paste.cut if paste.cut is not None and paste.cut in unread else None
    told = (() if errors else _stated_not_shown(paste)) + _cut_not_shown(cut)
    questions = _one_per_command(told + asked + gaps)
    posted = [f for f, on in zip(found, resting, strict=True) if f.severity in _POSTED and on]
    settles = _settling(posted, asked, gaps, facts)
    shown = read_facts(paste)
    if not (shown or found or unread or paste.blocks or paste.stated or paste.error_count):
        shown = read_facts(paste, every=True)
    return PasteReport(
        blocks=paste.blocks,
        facts=shown,
        findings=found,
        rests_on=tuple(_quoted(chosen) for chosen in resting),
        questions=questions,
        skipped=paste.skipped,
        lines=paste.lines,
        strict=strict,
        unread=unread,
        unread_count=len(unread) + max(0, paste.error_count - len(paste.errors)),
        stated=paste.stated,
        settling=tuple(q for q in questions if q.command in settles),
        cut=cut,
    )


# issue 38 item 5: what to run for an error the reporter says happened and the paste does not
# show: the failing command again, its whole output kept as text (a screenshot, or the
# traceback's last line alone, names no cause). hwdoctor cannot know that command, so what it
# prints is one that runs as it stands: script(1) records a shell session, everything run in
# it and everything printed, to error.log (util-linux's `script [options] [file]`, -q quiet;
# BSD and macOS's `script [-q] [file]` the same), until `exit`.
STATED_COMMAND: Final = "script -q error.log"
# issue 38 (s19-mend-windows): the question commands as Windows' default shell, PowerShell,
# runs them: `script` (util-linux) has no Windows build, and PowerShell's transcript records
# the session (Start-Transcript, Microsoft.PowerShell.Host); `&&` is no statement separator
# before PowerShell 7 (about_Pipeline_Chain_Operators: "Beginning in PowerShell 7"), `;` is
STATED_COMMAND_WINDOWS: Final = "Start-Transcript -Path error.log"
SAVE_EVIDENCE_WINDOWS: Final = SAVE_EVIDENCE.replace(" && ", " ; ")
# the GPUs a machine has: the vendors' tools on Linux; on Windows, where AMD's driver ships no
# rocm-smi, the video controllers Windows itself lists (CIM's Win32_VideoController class)
GPUS_COMMAND: Final = "nvidia-smi || rocm-smi"
GPUS_COMMAND_WINDOWS: Final = "Get-CimInstance Win32_VideoController | Select-Object Name"
_WINDOWS_FORMS: Final = {
    ENV_VISIBILITY: ENV_VISIBILITY_WINDOWS,
    STATED_COMMAND: STATED_COMMAND_WINDOWS,
    SAVE_EVIDENCE: SAVE_EVIDENCE_WINDOWS,
    GPUS_COMMAND: GPUS_COMMAND_WINDOWS,
}


def _for_shell(command: str) -> str:
    """A question's command as the current dialect's shell runs it (`_WINDOWS_FORMS`)."""
    if shell.dialect() is shell.Dialect.WINDOWS:
        return _WINDOWS_FORMS.get(command, command)
    return command


def _stated_not_shown(paste: Pasted) -> tuple[Question, ...]:
    """The error the reporter says happened (reading.py: only where no line of the paste
    shows one), asked for: its traceback or log."""
    if paste.stated is None:
        return ()
    return (
        Question(
            f"the error line {paste.stated.line} says happened: its whole output, from "
            "running the command that failed again inside this recorded shell (then exit, "
            "and paste error.log)",
            ("what the error is",),
            _for_shell(STATED_COMMAND),
        ),
    )


# The install lines of a CUDA or ROCm torch build: download.pytorch.org's index of a CUDA or
# ROCm variant ("/whl/cu128", "/whl/rocm6.3", their nightly twins) or a pin to one
# ("torch==2.5.1+cu121"), as compat/wheels.py writes them.
_CUDA_INSTALL: Final = (
    "/whl/cu",
    "/whl/rocm",
    "/whl/nightly/cu",
    "/whl/nightly/rocm",
    "+cu1",
    "+cu9",
    "+rocm",
)
# The facts that place a host (an OS, a platform line, a CPU): what shows Apple Silicon.
_HOST_KEYS: Final = frozenset(
    {
        FactKey.OS,
        FactKey.PYTHON_PLATFORM,
        FactKey.PROCESSOR,
        FactKey.PROSE_MACOS,
        FactKey.PROSE_CHIP,
        FactKey.PROSE_PLATFORM,
        FactKey.LIGHTNING_PROCESSOR,
        FactKey.LIGHTNING_KERNEL,
    }
)


# The facts gathering reads another accelerator's hardware from (assemble.py `_signals`).
_SIGNAL_KEYS: Final = frozenset({FactKey.ASCEND_CHIP, FactKey.MESSAGE_NPU_COUNT})


# The last paste's answer: a paste's diagnosis asks it once per rule that minds another
# accelerator (about twenty), and each answer walks every fact the paste has.
_last_shown: tuple[Pasted, Mapping[str, tuple[PastedFact, ...]]] | None = None


def accelerators_shown(paste: Pasted) -> Mapping[str, tuple[PastedFact, ...]]:
    """`_accelerators_shown(paste)`, worked out once for the paste asked about last (the
    same object: a paste is a frozen record)."""
    global _last_shown
    last = _last_shown
    if last is not None and last[0] is paste:
        return last[1]
    shown = MappingProxyType(_accelerators_shown(paste))
    _last_shown = (paste, shown)
    return shown


def _accelerators_shown(paste: Pasted) -> dict[str, tuple[PastedFact, ...]]:
    """The accelerators other than torch.cuda's that the paste shows the machine has, by
    registry row, with the lines that show each: the row's extension package listed or named
    ("torch-npu==2.1.0.post3"), torch's own wheel of its kind ("2.7.1+xpu"), a device its
    vendor tool or torch lists, an "… available" line of it, or Apple Silicon under macOS
    (arm64, an Apple M chip: MPS's machine, registry row `machine`). Whether torch sees it
    is another matter: `<device>.available` says, where the paste shows it."""
    evidence = paste.evidence
    shown: dict[str, list[PastedFact]] = {}
    by_dist = {
        versions.canonical_name(d): b.key
        for b in registry.BACKENDS
        if b.module is not None
        for d in b.dists
    }
    own = {
        b.query.build.value: b.key
        for b in registry.BACKENDS
        if b.query.build is not None
        and b.key not in _TORCH_CUDA
        and b.query.build is not registry.Build.CPU
    }
    for fact in paste.facts:
        key: str | None = None
        if fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
            name = versions.canonical_name(fact.name or "")
            key = by_dist.get(name)
            if key is None and name in ("torch", "pytorch") and "+" in fact.value:
                key = own.get(fact.value.rsplit("+", 1)[-1].strip().lower())
        elif fact.key is FactKey.TORCH_VERSION and "+" in fact.value:
            key = own.get(fact.value.rsplit("+", 1)[-1].strip().lower())
        elif fact.key in (
            FactKey.DEVICE,
            FactKey.DEVICE_SOFTWARE,
            FactKey.DEVICE_DRIVER,
            FactKey.PROSE_ACCELERATOR,
        ):
            key = fact.name
        elif fact.key is FactKey.HPU_DEVICES:  # issue 38: vllm-fork's "HPU devices: 8x HL-325L"
            key = _HPU
        elif (
            fact.key.value.endswith(".available")
            and fact.key is not FactKey.CUDA_AVAILABLE
            and strtobool(fact.value)  # "… available: False" shows it is not there
        ):
            device = fact.key.value.rsplit(".", 1)[0]
            key = next((b.key for b in registry.BACKENDS if b.device == device), None)
        if key in registry.BY_KEY and key not in _TORCH_CUDA:
            shown.setdefault(key, []).append(fact)
    host = evidence.host
    # what gathering read as the hardware's own signal (an Ascend chip npu-smi lists, CANN's
    # device count, an Apple M chip): the lines it was read from
    for signal in host.signals if host is not None else ():
        if signal.backend in registry.BY_KEY and signal.backend not in _TORCH_CUDA:
            read = paste.used.get("host" if signal.kind == "platform" else "gpus", ())
            shown.setdefault(signal.backend, []).extend(
                f for f in read if f.key in _HOST_KEYS or f.key in _SIGNAL_KEYS
            )
    for backend in registry.BACKENDS:
        if (
            backend.machine
            and host is not None
            and host.machine == backend.machine
            and (host.platform in backend.platforms)
        ):
            placed = [f for f in paste.used.get("host", ()) if f.key in _HOST_KEYS]
            shown.setdefault(backend.key, []).extend(placed)
    # the first line of each thing said: a name repeated down a log is one fact
    firsts = {
        key: {(f.key, f.name, f.value.strip().lower()): f for f in reversed(by_line(found))}
        for key, found in shown.items()
    }
    return {k: tuple(by_line(v.values())) for k, v in firsts.items()}


def gpu_of_cuda_shown(paste: Pasted) -> bool:
    """Whether the paste shows an NVIDIA or AMD GPU (a GPU line, rocm-smi's rows, an NVIDIA
    driver): the machine torch.cuda's remedies are for. An AMD GPU in a Mac is not: ROCm has
    no macOS build (ROCm's system requirements list Linux and Windows alone) and no torch for
    macOS has CUDA or ROCm (pytorch.org "Get Started"); torch drives a Mac's AMD GPU as "mps"
    (torch.backends.mps: "Mac computers with Apple silicon or AMD GPUs")."""
    host = paste.evidence.host
    shown = {s.backend for s in host.signals if s.backend in _TORCH_CUDA} if host else set()
    if shown == {_ROCM} and any(f.key in _MACOS_FACTS for f in paste.facts):
        return False
    return bool(shown)


# the facts that show macOS whatever the chip, in the order `_mac_lines` quotes them: a macOS
# wheel tag pip or uv names, a path only macOS has, macOS named (in a report's OS line or in
# words), a Mac named (issue 38: "macos M1", "on Mac" in a title)
_MACOS_FACTS: Final = (
    FactKey.MACOS_WHEEL,
    FactKey.MACOS_PATH,
    FactKey.PROSE_MACOS,
    FactKey.PROSE_MAC,
)


def _for_the_accelerator_shown(found: Sequence[Finding], paste: Pasted) -> tuple[Finding, ...]:
    """A paste that shows another accelerator and no NVIDIA or AMD GPU is judged for that
    accelerator: no finding about torch.cuda's builds, and no line that installs a CUDA or
    ROCm build of torch. torch-npu runs on torch's CPU wheel (https://github.com/Ascend/pytorch,
    README "Installation": `pip3 install torch==2.1.0` before torch-npu), Gaudi's plugin on
    Intel's own torch, an XPU or macOS wheel has no CUDA: a CUDA build there is no remedy."""
    if not accelerators_shown(paste) or gpu_of_cuda_shown(paste):
        return tuple(found)
    kept: list[Finding] = []
    for item in found:
        if item.backend in _TORCH_CUDA:
            continue
        if item.remedy and any(s in item.remedy for s in _CUDA_INSTALL):
            lines = [
                line
                for line in item.remedy.splitlines()
                if not any(s in line for s in _CUDA_INSTALL)
            ]
            item = dataclasses.replace(item, remedy="\n".join(lines) or None)
        kept.append(item)
    return tuple(kept)


# The findings a reply is posted for (PasteReport.post: one of these resting on the paste).
_POSTED: Final = frozenset({Severity.ERROR, Severity.WARNING})
# At most this many questions in a posted reply (issue 42: "the one or two inputs that would
# settle its finding"); the JSON's not_checked and the terminal keep every one.
_ASKED: Final = 2


# The findings a check that ran on part of its evidence (`_gaps`) would change, by code
# prefix: the architecture torch was built for settles a kernel finding, not a hidden device.
_GAP_FINDINGS: Final = {
    "arch compiled": ("device.",),
    "torch said no code": ("device.",),
    "nvidia driver": ("driver.",),
    "build for hardware": ("torch.",),
    "apple silicon": ("mps.",),
}


def _gap_for(gap: Question, finding: Finding) -> bool:
    prefixes = [p for check in gap.checks for p in _GAP_FINDINGS.get(check, ("",))]
    return finding.code.startswith(tuple(prefixes))


def _parts(finding: Finding) -> tuple[str, ...]:
    return next(parts for prefix, parts in _RESTS_ON if finding.code.startswith(prefix))


def _settling(
    posted: Sequence[Finding],
    asked: Sequence[Question],
    gaps: Sequence[Question],
    facts: _Read,
) -> tuple[str, ...]:
    """The commands whose output would settle the findings a reply is posted for, the first
    finding's first, at most two: a question about a part of the evidence a finding rests on
    that the paste does not show (a driver finding on a paste without the driver's version),
    or a check that ran on part of it (a GPU named, its architecture not). The install of
    hwdoctor only where nothing else shows that part (what a probe saw fail: an extension
    finding on pins alone); a reply that could settle its finding without it does not ask
    for it."""
    chosen: list[str] = []
    for item in posted:
        parts = set(_parts(item))
        lacking = {part for part in parts if not facts.used.get(part)}
        wanted = [q.command for q in gaps if parts & set(q.shows) and _gap_for(q, item)] + [
            q.command for q in asked if lacking & set(q.shows)
        ]
        others = [c for c in wanted if c not in (SAVE_EVIDENCE, SAVE_EVIDENCE_WINDOWS)]
        for command in others or wanted:
            if command not in chosen:
                chosen.append(command)
    return tuple(chosen[:_ASKED])


class _Read:
    """The paste's facts by key, and the parts of the evidence each was used for: those
    gathering made the evidence from, and those the findings made here rest on."""

    def __init__(self, paste: Pasted) -> None:
        self.used: dict[str, list[PastedFact]] = {k: list(v) for k, v in paste.used.items()}
        self.errors = paste.error_count  # issue 38: device: the paste's error lines, counted
        self._by_key: dict[FactKey, list[PastedFact]] = {}  # indexed once: a paste can hold many
        for fact in paste.facts:
            self._by_key.setdefault(fact.key, []).append(fact)

    def all(self, key: FactKey) -> list[PastedFact]:
        return list(self._by_key.get(key, ()))

    def one(self, key: FactKey) -> PastedFact | None:
        """The value of a scalar fact; None when absent, unknown, or stated differently
        (gathering lists the difference under Skipped)."""
        found = [f for f in self.all(key) if f.known]
        if len({f.value.strip().lower() for f in found}) != 1:
            return None
        return found[0]

    def use(self, part: str, *facts: PastedFact | None) -> None:
        self.used.setdefault(part, []).extend(f for f in facts if f is not None)


def _settings(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """What a setting the paste shows makes the libraries do there, by the live explain's
    rules: accelerate env's saved `use_cpu: True` is ACCELERATE_USE_CPU=True in every process
    `accelerate launch` starts (the config's field since huggingface/accelerate#263, 2022;
    accelerate/utils/launch.py prepare_simple_launcher_cmd_env), which the rules turn into
    PartialState(cpu=True)."""
    said = facts.one(FactKey.ACCELERATE_USE_CPU)
    if said is None or not strtobool(said.value) or evidence.torch is None:
        return ()
    given = rules.inputs(evidence)
    launched = dataclasses.replace(given, env={**given.env, "ACCELERATE_USE_CPU": said.value})
    state = _predicted(rules.training, launched).accelerate
    # What torch said it sees: its answer is the paste's, however many devices (often unshown).
    seen = [
        registry.BY_KEY[key].device
        for key, backend in (evidence.backends or {}).items()
        if backend.available
        and key in registry.BY_KEY
        and registry.BY_KEY[key].query.kind is not registry.QueryKind.CPU
    ]
    said_seen = facts.one(FactKey.CUDA_AVAILABLE) or facts.one(FactKey.ACCELERATOR)
    if state.device.split(":", 1)[0] != registry.HOST or not seen or said_seen is None:
        return ()
    facts.use("accelerate", said)
    return (
        finding(Code.ACCELERATE_CONFIG_CPU, value=said.value, device=state.device,
                torch=evidence.torch.version or "(version not shown)", seen=seen[0]),
    )  # fmt: skip


# issue 42: gpu_ids. The first release whose `accelerate launch` exports the config's gpu_ids
# (huggingface/accelerate#732), and the one release whose multi-GPU launcher does not on a CUDA
# machine (0.21: `if not is_xpu_available(): ZE_AFFINITY_MASK`, huggingface/accelerate#1848,
# fixed in 0.22.0 by #1850), with the distributed types that launcher starts
# (commands/launch.py launch_command: use_fsdp, use_megatron_lm, multi_gpu).
_GPU_IDS_SINCE: Final = "0.13.0"
_GPU_IDS_IGNORED: Final = (">=0.21.0.dev0,<0.22.0", frozenset({"MULTI_GPU", "FSDP", "MEGATRON_LM"}))
_CUDA_VISIBLE: Final = "CUDA_VISIBLE_DEVICES"


def _gpu_ids(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """The config's gpu_ids as `accelerate launch` applies it: exported as
    CUDA_VISIBLE_DEVICES unless it is "all" (an unset gpu_ids is "all"), read by CUDA's rule
    (compat/visibility.py). Said only where the list lets no GPU through on any machine, and
    the paste shows torch seeing CUDA, a config that keeps the GPU and a release that applies
    gpu_ids."""
    said = facts.one(FactKey.ACCELERATE_GPU_IDS)
    if said is None or said.value.strip().lower() == "all" or evidence.torch is None:
        return ()
    cpu = facts.one(FactKey.ACCELERATE_USE_CPU)
    if cpu is not None and strtobool(cpu.value):
        return ()  # ACCELERATE_USE_CPU: the processes run on the CPU whatever they see
    releases = {f.value for f in facts.all(FactKey.PACKAGE) if f.name == "accelerate"}
    if len(releases) != 1:
        return ()
    (release,) = releases
    kind = facts.one(FactKey.ACCELERATE_DISTRIBUTED_TYPE)
    ignored, launched_by = _GPU_IDS_IGNORED
    if not versions.satisfies(release, f">={_GPU_IDS_SINCE}") or (
        versions.satisfies(release, ignored) and kind and kind.value.upper() in launched_by
    ):
        return ()
    backend = registry.BY_KEY[_CUDA]
    seen = facts.one(FactKey.CUDA_AVAILABLE) or facts.one(FactKey.ACCELERATOR)
    if seen is None or seen.value.strip().lower() not in ("true", backend.device):
        return ()
    mask = visibility.hiding(backend, {_CUDA_VISIBLE: said.value})
    if mask is None or mask.hides_up_to != 0:
        return ()
    facts.use("accelerate", said, seen)
    torch = evidence.torch.version or "(version not shown)"
    return (finding(Code.ACCELERATE_GPU_IDS_NONE, backend=_CUDA, value=said.value, torch=torch),)


_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
# The backends torch.cuda answers for (CUDA's and ROCm's builds).
_TORCH_CUDA: Final = tuple(
    b.key for b in registry.BACKENDS if b.query.build in (registry.Build.CUDA, registry.Build.ROCM)
)


# Operators a source says a torch release implements on MPS, for a paste of an older one:
# operator → (release, source).
MPS_OPERATOR_SINCE: Final = {
    "aten::_index_put_impl_": (
        "1.13",
        "pytorch/pytorch#77764, a maintainer's comment of 2022-09-30: the 1.13 nightly "
        "implements it",
    ),
}


def _symptoms(facts: _Read) -> set[str]:
    """The backends the paste shows failing: torch answered False for them, or raised about
    them."""
    failing: set[str] = set()
    if any(f.value == "false" for f in facts.all(FactKey.MPS_AVAILABLE)) or any(
        facts.all(key) for key in (FactKey.MESSAGE_MPS_MACOS, FactKey.MESSAGE_MPS_OP_MACOS,
                                   FactKey.MESSAGE_MPS_OPERATOR, FactKey.MESSAGE_MPS_NOT_BUILT)
    ):  # fmt: skip
        failing.add(_MPS)
    said = facts.one(FactKey.CUDA_AVAILABLE)
    if (said and said.value.strip().lower() in ("false", "no")) or facts.all(
        FactKey.MESSAGE_NO_GPUS
    ):
        failing.update(_TORCH_CUDA)
    return failing


def _by_symptom(found: Sequence[Finding], facts: _Read) -> tuple[Finding, ...]:
    """The findings about what the paste shows failing first (an M1's "MPS is not available"
    is answered by the MPS finding before the companions' pins), in their order otherwise."""
    failing = _symptoms(facts)
    return tuple(sorted(found, key=lambda f: 0 if f.backend in failing else 1))


_COMPANIONS: Final = ("torchvision", "torchaudio")


def _reconciled(found: tuple[Finding, ...], paste: Pasted) -> tuple[Finding, ...]:
    """No remedy undoes another's: where a finding about a backend the paste shows failing
    keeps the installed torch, and a companion's pin would move torch to a release without
    that backend (torchvision 0.12's torch 1.11 has no MPS), the companion moves to the
    installed torch instead."""
    evidence = paste.evidence
    torch = evidence.torch.version if evidence.torch else None
    kept = [
        f
        for f in found
        if f.backend in registry.BY_KEY
        and registry.BY_KEY[f.backend].torch_since
        and not f.code.startswith("extension.")
    ]
    if torch is None or not kept:
        return found
    backend = registry.BY_KEY[kept[0].backend or ""]
    out: list[Finding] = []
    for item in found:
        spec, package = item.params.get("spec", ""), item.params.get("package", "")
        target = spec.lstrip("=<>~!").rstrip(".*")
        companion = remedies.companion_pin(package, torch) if package in _COMPANIONS else None
        if (
            item.code != Code.EXTENSION_TORCH_MISMATCH.value
            or companion is None
            or not target
            or not versions.satisfies(target, f"<{backend.torch_since}")
        ):
            out.append(item)
            continue
        why = f"which {kept[0].code} keeps (torch{spec} has no {backend.hardware} backend)"
        # A nightly's companion is on PyTorch's nightly index, which the wheel table does not
        # list: said in words, never written as an index line.
        nightly = ".dev" in companion
        line = companion if nightly else remedies.pip(remedies.installer(evidence.python),
                                                      "install", companion)  # fmt: skip
        out.append(finding(Code.EXTENSION_TORCH_MISMATCH, backend=item.backend,
                           variant="keep_nightly" if nightly else "keep_torch",
                           package=package, version=item.params.get("version", ""), spec=spec,
                           torch=torch, kept=why, companion=line))  # fmt: skip
    return tuple(out)


def _mps_operators(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """torch's NotImplementedError for an operator without an MPS kernel: the operator, the
    torch version, the fallback and its cost, and a newer torch where a source says one has
    it."""
    found: list[Finding] = []
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    for said in {f.value: f for f in facts.all(FactKey.MESSAGE_MPS_OPERATOR)}.values():
        facts.use("mps.operator", *[f for f in facts.all(FactKey.MESSAGE_MPS_OPERATOR)
                                     if f.value == said.value])  # fmt: skip
        if said.value.endswith(SPARSE_MPS):  # a sparse tensor: no fallback covers it
            found.append(finding(Code.MPS_OPERATOR, backend=_MPS, operator=said.value,
                                 torch=torch or "(version not shown)", newer="",
                                 variant="sparse"))  # fmt: skip
            continue
        since = MPS_OPERATOR_SINCE.get(said.value.rstrip("."))
        newer = ""
        if since and (torch is None or versions.satisfies(torch, f"<{since[0]}")):
            newer = f"torch {since[0]} and newer implement it on MPS ({since[1]})"
        found.append(finding(Code.MPS_OPERATOR, backend=_MPS, operator=said.value,
                             torch=torch or "(version not shown)", newer=newer))  # fmt: skip
    return tuple(found)


_CUDA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)
# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
_XPU: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.XPU)
# the backend whose Python module is torch-neuronx's, by its query (registry.py)
_NEURON: Final = next(b.key for b in registry.BACKENDS if b.query.module == "torch.neuron")
_HPU: Final = registry.key_of_tool("hl-smi")


def _no_driver(evidence: Evidence, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """torch's "Found no NVIDIA driver on your system": its CUDA build asked the CUDA driver
    for the GPUs and no driver answered (c10/cuda/CUDAFunctions.cpp, device_count_impl:
    cudaErrorInsufficientDriver with cudaDriverGetVersion() giving 0). A warning, not an
    error: on a machine without an NVIDIA GPU torch runs on the CPU as it should. Where
    another driver finding already speaks (nvidia-smi's own refusal, a GPU on the bus with
    no module loaded), that one says it."""
    said = facts.all(FactKey.MESSAGE_NO_DRIVER)
    if not said or any(f.code.startswith("driver.") for f in found):
        return ()
    if any(f.code == Code.BUILD_MISMATCH.value and f.backend == _ROCM for f in found):
        # issue 38: a CUDA build of torch on a machine whose paste shows an AMD GPU finds no
        # NVIDIA driver because it looks for one: torch.build_mismatch (the ROCm build) says
        # why, and no NVIDIA driver is the remedy
        facts.use("torch", *said)
        return ()
    facts.use("driver", said[0])
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    variant: Literal["version_unknown"] | None = None if torch else "version_unknown"
    return (finding(Code.DRIVER_NOT_FOUND, backend=_CUDA, torch=torch or "", variant=variant),)


# Messages that name their cause by themselves, each read by the messages reader (which cites
# the code that prints it), and the finding that says it: CUDA error 804, docker without a
# GPU runtime, flash-attn on a GPU older than Ampere, bitsandbytes without its CUDA library,
# vLLM with no device, bf16 asked of a GPU without it.
_STATED: Final[
    Mapping[
        FactKey,
        Literal[
            Code.DRIVER_FORWARD_COMPAT,
            Code.CONTAINER_RUNTIME_NO_GPU,
            Code.EXTENSION_ARCH_UNSUPPORTED,
            Code.VLLM_NO_DEVICE,
            Code.BF16_UNSUPPORTED,
            Code.CONTAINER_NO_NVML,
        ],
    ]
] = {
    FactKey.MESSAGE_FORWARD_COMPAT: Code.DRIVER_FORWARD_COMPAT,
    FactKey.MESSAGE_CONTAINER_NO_GPU: Code.CONTAINER_RUNTIME_NO_GPU,
    FactKey.MESSAGE_VLLM_NO_DEVICE: Code.VLLM_NO_DEVICE,
    FactKey.MESSAGE_BF16_UNSUPPORTED: Code.BF16_UNSUPPORTED,
    FactKey.MESSAGE_CONTAINER_NO_NVML: Code.CONTAINER_NO_NVML,  # issue 38: container toolkit
}


def _stated(facts: _Read) -> tuple[Finding, ...]:
    """A finding for each message that states its cause, resting on its first line."""
    found: list[Finding] = []
    for key in _STATED:
        said = facts.all(key)
        if said:
            code = _STATED[key]
            facts.use("stated", said[0])
            found.append(finding(code, backend=_CUDA))
    return tuple(found)


def _container_gpu_elsewhere(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s15-nogpu): docker's "could not select device driver ... with capabilities:
    [[gpu]]" where the paste shows no NVIDIA GPU and shows the machine has none: a Mac (by
    `_mac_lines`), another accelerator (`accelerators_shown`: an AMD or Intel GPU), or the
    reporter's words ("on a CPU-only machine", "GPU/VRAM: none"). The run asked for a GPU
    the machine does not have (docker's --gpus gives NVIDIA GPUs through the NVIDIA
    Container Toolkit, whose install guide names the NVIDIA driver as its prerequisite;
    the catalogue cites both): a warning to drop the request, never the toolkit's install."""
    said = facts.all(FactKey.MESSAGE_CONTAINER_NO_GPU)
    if not said or gpu_of_cuda_shown(paste):
        return ()
    others = {k: v for k, v in accelerators_shown(paste).items() if k != _CUDA}
    mac = _mac_lines(paste, facts)
    words = facts.all(FactKey.PROSE_NO_GPU)
    # s16-nogpu2: an Intel integrated GPU the only GPU named ("Graphics: Mesa Intel(R) Xe
    # Graphics"): docker's --gpus reaches NVIDIA GPUs alone, through the toolkit
    igpu = facts.all(FactKey.MESSAGE_INTEL_IGPU)
    if mac:
        backend: str | None = _MPS
        machine, line = "a Mac", mac[0]
    elif others:
        backend, lines = next(iter(others.items()))
        machine, line = registry.BY_KEY[backend].hardware, lines[0]
    elif words:
        backend, machine, line = None, "a machine said to have no GPU", words[0]
    elif igpu:
        backend, line = None, igpu[0]
        machine = "a machine whose only GPU named is Intel's integrated"
    else:
        return ()
    facts.use("stated", said[0])
    facts.use("accelerator", line)
    return (
        finding(
            Code.CONTAINER_GPU_WITHOUT_GPU,
            backend=backend,
            variant="mac" if mac else None,
            machine=machine,
            shown=printable(one_line(line.value.strip()))[:60],
        ),
    )


# issue 38: Huawei Ascend. The Ascend row, found by its vendor tool (hwdoctor/registry.py).
_NPU: Final = registry.key_of_tool("npu-smi")
# The Ascend lines' own names: llamafactory-cli env's "NPU type", "CANN version".
_ASCEND_WHAT: Final = {FactKey.DEVICE: "NPU type", FactKey.DEVICE_SOFTWARE: "CANN"}
# Another accelerator's vendor-tool lines, named by its registry row's hardware ("Intel GPU
# 0", "Intel Gaudi driver").
_VENDOR_WHAT: Final = {
    FactKey.DEVICE: "{hardware} {index}",
    FactKey.DEVICE_DRIVER: "{hardware} driver",
    FactKey.DEVICE_FIRMWARE: "{hardware} firmware",
    FactKey.DEVICE_SOFTWARE: "{hardware} software",
}


def _mac_asked_cuda(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38: "Torch not compiled with CUDA enabled" where the paste shows Apple silicon
    under macOS (MPS's machine, `accelerators_shown`) and no NVIDIA or AMD GPU: the code
    asked torch.cuda on a Mac, whose torch builds have no CUDA."""
    asked = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    library = facts.all(FactKey.MESSAGE_LIBRARY_NO_CUDA)  # CTranslate2's own words
    if not (asked or library) or gpu_of_cuda_shown(paste):
        return ()
    # s11-cudapath: or macOS shown another way (named in prose, "MacBook Pro 16\" 2019", a
    # path only macOS has): no torch for macOS has CUDA (pytorch.org "Get Started"), Intel
    # Macs' included, so the same call fails there for the same reason
    shown = _mac_lines(paste, facts)
    if not shown:
        return ()
    facts.use("stated", *(asked or library)[:1])
    facts.use("accelerator", shown[0])
    named = printable(one_line(shown[0].value.strip()))[:60]
    if asked:
        return (finding(Code.MPS_ASKED_FOR_CUDA, backend=_MPS, shown=f"a Mac ({named})"),)
    return (
        finding(
            Code.MPS_ASKED_FOR_CUDA,
            backend=_MPS,
            variant="library",
            shown=f"a Mac ({named})",
            library=printable(library[0].value)[:30],
        ),
    )


def _xpu_asked_cuda(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s11-cudapath): "Torch not compiled with CUDA enabled" where the paste shows an
    Intel GPU (torch's "xpu" row in `accelerators_shown`: a +xpu torch, IPEX, an Intel GPU
    listed or named) and no NVIDIA or AMD GPU: the code asked torch.cuda on a machine torch
    drives as "xpu", whose builds have no CUDA."""
    shown = accelerators_shown(paste).get(_XPU, ())
    asked = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    if not (asked and shown) or gpu_of_cuda_shown(paste):
        return ()
    facts.use("stated", asked[0])
    facts.use("accelerator", shown[0])
    named = printable(one_line(shown[0].value.strip()))[:60]
    return (finding(Code.XPU_ASKED_FOR_CUDA, backend=_XPU, shown=named),)


def _amd_on_windows(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s8-platform): an AMD GPU on Windows and torch.cuda.is_available() False, said
    by Stable Diffusion webui's start-up check ("Torch is not able to use GPU") or by the
    reporter, the build of torch not shown: PyTorch's Windows wheels are CPU and CUDA builds
    (pytorch.org "Get Started": ROCm for Linux alone; the registry's install_windows says
    where an AMD GPU's torch comes from on Windows). Where torch's own words gave the build
    ("Torch not compiled with CUDA enabled", "Found no NVIDIA driver"), the build's own
    finding says it, with the same Windows remedy."""
    if not remedies.on_windows(paste.evidence):
        return ()
    if any(f.code in _BUILD_CODES and f.backend == _ROCM for f in found):
        return ()
    said = facts.all(FactKey.MESSAGE_WEBUI_NO_GPU) or [
        f for f in facts.all(FactKey.CUDA_AVAILABLE) if f.value.strip().lower() == "false"
    ]
    amd = _amd_gpu_named(paste)
    if not said or amd is None:
        return ()
    torch = paste.evidence.torch.version if paste.evidence.torch else None
    if torch and "+rocm" in torch.lower():
        return ()  # a ROCm build after all: another cause (its GPU, its driver)
    # its parts (_RESTS_ON "torch.build_mismatch"): torch's answer and the OS it runs on, the GPU
    windows = facts.all(FactKey.PROSE_WINDOWS) or facts.all(FactKey.PROSE_WINDOWS_PATH)
    facts.use("torch", said[0], *windows[:1])
    facts.use("gpus", amd)
    backend = registry.BY_KEY[_ROCM]
    words = (
        "torch.cuda.is_available() is False"
        if said[0].key is FactKey.CUDA_AVAILABLE
        else 'Stable Diffusion webui: "Torch is not able to use GPU"'
    )
    return (
        finding(
            Code.BUILD_MISMATCH,
            backend=_ROCM,
            variant="windows",
            hardware=backend.hardware,
            where=printable(amd.value.strip())[:60],
            torch=torch or "(version not shown)",
            build="CPU or CUDA",
            said=words,
            install=remedies.install(
                backend, remedies.installer(paste.evidence.python), evidence=paste.evidence
            ),
            install_elsewhere=remedies.elsewhere(backend, paste.evidence),
        ),
    )


# issue 38 (s18-launch): AUTOMATIC1111/stable-diffusion-webui's webui.sh chose torch's build
# from lspci (webui.sh @ 80adb6979d46, lines 106-123: `gpu_info=$(lspci 2>/dev/null | grep
# VGA)`, then `if echo "$gpu_info" | grep -q "AMD" && [[ -z "${TORCH_COMMAND}" ]]` exports the
# ROCm build's TORCH_COMMAND, torch==1.13.1+rocm5.2). An AMD CPU's integrated graphics is a
# VGA controller lspci lists as AMD's, so beside an NVIDIA GPU webui.sh installed the ROCm
# build and launch.py's own check failed (prepare_environment: `assert
# torch.cuda.is_available()`, "Torch is not able to use GPU"). Its fix, #10722 (merged
# 2023-05-25), chooses ROCm only where lspci lists no NVIDIA GPU; webui-user.sh documents
# TORCH_COMMAND ("# install command for torch"), which webui.sh reads before its own choice.
# Windows' webui.bat chooses nothing from lspci: the words alone name no cause there.
_AMD_LISTED: Final = re.compile(r"(?:AMD|Advanced Micro Devices|\[AMD/ATI\]|ATI|Radeon)\b")
_NVIDIA_WORD: Final = re.compile(r"\b(?i:nvidia|nvidea)\b")


def _webui_chose_rocm(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s18-launch): Stable Diffusion webui's "Torch is not able to use GPU" on a
    Linux machine the paste shows with an NVIDIA GPU (named, or an NVIDIA word on the line of
    the next) and an AMD CPU's integrated graphics (lspci's or neofetch's AMD line, or the
    reporter's words): webui.sh installed the ROCm build (see `_AMD_LISTED`). Not where a
    torch the paste shows is no ROCm build, nor where another build finding says it."""
    said = facts.all(FactKey.MESSAGE_WEBUI_NO_GPU)
    if not said or any(f.code in _BUILD_CODES for f in found):
        return ()
    if remedies.on_windows(paste.evidence) or any(f.key in _MACOS_FACTS for f in paste.facts):
        return ()
    host = paste.evidence.host
    linux = facts.all(FactKey.PROSE_DEBIAN) or [
        f for f in facts.all(FactKey.PYTHON_LIB_PATH) if "/lib/python" in f.quote.text
    ]
    if not linux and not (host is not None and host.system == "Linux"):
        return ()
    torch = paste.evidence.torch.version if paste.evidence.torch else None
    if torch and "+rocm" not in torch.lower():
        return ()  # the build shown is not ROCm's: webui.sh did not choose it
    named = [*facts.all(FactKey.GPU), *facts.all(FactKey.PROSE_GPU)]
    amd = [f for f in facts.all(FactKey.GPU) if _AMD_LISTED.match(f.value.strip())]
    amd += facts.all(FactKey.PROSE_AMD_IGPU)
    nvidia = [f for f in named if gpus.nvidia_capability(f.value)]
    nvidia += [f for f in amd if _NVIDIA_WORD.search(f.quote.text)]
    if not (amd and nvidia):
        return ()
    facts.use("torch", *said, *linux[:1])
    facts.use("gpus", nvidia[0], amd[0])
    backend = registry.BY_KEY[_CUDA]
    where = nvidia[0].value if nvidia[0] not in amd else "in the reporter's words"
    return (
        finding(
            Code.BUILD_MISMATCH,
            backend=_CUDA,
            variant="webui_rocm",
            hardware=backend.hardware,
            where=printable(one_line(where.strip()))[:60],
            amd=printable(one_line(amd[0].value.strip()))[:60],
            torch=torch or "(version not shown)",
            said='Stable Diffusion webui: "Torch is not able to use GPU"',
            install=remedies.webui_torch_command(backend, paste.evidence),
        ),
    )


def _nvidia_gpu_shown(paste: Pasted) -> bool:
    """Whether the paste shows an NVIDIA GPU (a host signal of NVIDIA's backend)."""
    host = paste.evidence.host
    return host is not None and any(s.backend == _CUDA for s in host.signals)


def _amd_machine(paste: Pasted) -> bool:
    """issue 38 (s15-realrec): whether the paste shows an AMD GPU's machine and no NVIDIA GPU:
    a host signal of the ROCm backend (an AMD GPU's name, rocm-smi's rows, a gfx target,
    ROCm or HIP named in the reporter's words, a title's too: gather/reports/assemble.py), not
    a Mac's AMD GPU (`gpu_of_cuda_shown`: torch drives it as "mps")."""
    host = paste.evidence.host
    shown = {s.backend for s in host.signals} if host is not None else set()
    return _ROCM in shown and _CUDA not in shown and gpu_of_cuda_shown(paste)


def _amd_gpu_named(paste: Pasted) -> PastedFact | None:
    """The line that names an AMD GPU (a name the gfx table knows, a Radeon or Instinct, "I
    have an AMD gpu"), where the paste shows no NVIDIA GPU; None elsewhere."""
    if _nvidia_gpu_shown(paste):
        return None
    for fact in paste.facts:
        if fact.key is FactKey.PROSE_AMD_GPU or (
            fact.key in (FactKey.GPU, FactKey.AMD_NAME)
            and (gpus.amd_gfx(fact.value) or _AMD_NAMED.search(fact.value))
        ):
            return fact
    return None


# The findings that say torch's build is not the hardware's.
_BUILD_CODES: Final = frozenset({Code.CPU_ONLY_BUILD.value, Code.BUILD_MISMATCH.value})


def _ascend(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """What an Ascend paste's own messages settle: "Torch not compiled with CUDA enabled"
    where the paste shows an NPU and no NVIDIA or AMD GPU (the code asked torch.cuda on a
    machine torch-npu drives), and CANN's "init env failed" or its log's "No module named"
    (CANN's Python dependencies, compat/ascend.py)."""
    found: list[Finding] = []
    shown = accelerators_shown(paste).get(_NPU, ())
    asked = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    if asked and shown and not gpu_of_cuda_shown(paste):
        facts.use("stated", asked[0])
        named = _npu_named(shown)
        facts.use("accelerator", named)
        found.append(finding(Code.NPU_ASKED_FOR_CUDA, backend=_NPU, shown=_npu_words(named)))
    modules = facts.all(FactKey.MESSAGE_CANN_NO_MODULE)
    init = facts.all(FactKey.MESSAGE_CANN_INIT_ENV)
    if modules or init:
        said = modules[0] if modules else init[0]
        facts.use("stated", said, *(init[:1] if modules else ()))
        module = modules[0].value if modules else ""
        own = bool(module) and ascend.toolkit_module(module)
        dist = ascend.distribution_of(module) if module else None
        # issue 38: Ascend's other wordings. Python's own traceback, not CANN's log line
        # ("[ERROR] TUNE(…)…"), where te or tbe is the module: the import was the caller's.
        logged = modules[0].quote.text.lstrip().startswith("[ERROR]") if modules else True
        variant: Literal["toolkit", "module", "python"] | None = (
            ("toolkit" if logged else "python") if own else "module" if dist else None
        )
        way = remedies.installer(paste.evidence.python)
        install = remedies.pip(way, "install", *ascend.CANN_PYTHON)
        found.append(
            finding(
                Code.CANN_PYTHON_MISSING,
                backend=_NPU,
                variant=variant,
                module=module,
                top=module.split(".", 1)[0],
                install=install,
            )
        )
    return tuple(found)


# issue 38: vLLM Ascend's torch pair. The lines that name a package's version.
_VERSION_KEYS: Final = (FactKey.PACKAGE, FactKey.PROSE_PACKAGE)


def _version_of(facts: _Read, name: str) -> PastedFact | None:
    """The one version the paste gives a package (pip's lines, prose, collect_env's
    PyTorch line for torch); None where it gives none or two."""
    said = [f for k in _VERSION_KEYS for f in facts.all(k) if f.name == name and f.known]
    if name == "torch":
        said += [f for f in facts.all(FactKey.TORCH_VERSION) if f.known]
    public = {f.value.strip().split("+", 1)[0].lower() for f in said}
    return said[0] if len(public) == 1 else None


def _vllm_ascend(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """vLLM Ascend beside a torch, or a torch-npu built for a torch, of another release
    than the one its release compatibility matrix names (compat/ascend.py VLLM_ASCEND,
    vllm-project/vllm-ascend docs/source/community/versioning_policy.md). torch-npu is
    judged by the torch release it is built for (its first three numbers, Ascend/pytorch
    README), so a dev or post build of the same torch is not called a mismatch. The
    install line is the chooser's, as for torch-npu's own pair: torch's CPU build (its CPU
    index on x86_64), never a CUDA index."""
    named = _version_of(facts, "vllm-ascend")
    found = ascend.vllm_ascend_row(named.value) if named is not None else None
    if named is None or found is None:
        return ()
    row = found.row
    torch, npu = _version_of(facts, "torch"), _version_of(facts, "torch-npu")
    torch_said = versions.parse(torch.value.strip()) if torch is not None else None
    apart: list[str] = []
    if torch is not None and torch_said is not None and torch_said.public != row.torch:
        apart.append(f"torch {torch.value.strip()}")
    npu_torch = ascend.torch_of_npu(npu.value.strip()) if npu is not None else None
    if npu is not None and npu_torch not in (row.torch, None):
        apart.append(f"torch-npu {npu.value.strip()} (built for torch {npu_torch})")
    if not apart:
        return ()
    facts.use("vllm_ascend", named, *(f for f in (torch, npu) if f is not None))
    way = remedies.installer(paste.evidence.python)
    owner = f"vllm-ascend {found.release}"
    install = remedies.torch_required(
        way, f"=={row.torch}", paste.evidence, owner, from_pypi=True, cpu_index=True
    ) + remedies.install_pinned(way, "torch-npu", row.torch_npu)
    return (
        finding(
            Code.VLLM_ASCEND_TORCH,
            backend=_NPU,
            release=printable(one_line(named.value.strip()))[:40],
            torch=row.torch,
            torch_npu=row.torch_npu,
            vllm=row.vllm,
            dev=f"; a development build before {found.release}, whose row and the one "
            f"before it both name torch {row.torch}"
            if found.dev
            else "",
            shown=printable(" and ".join(apart))[:160],
            install=install,
        ),
    )


# issue 38: a CUDA-only package failing on a machine whose accelerator is another: the lines
# that say it failed (bitsandbytes' CPU fallback, in its message or its report's line; an
# import of vllm that failed), with the package they name.
_CUDA_ONLY_SAID: Final = (
    (FactKey.MESSAGE_BNB_NO_GPU, "bitsandbytes"),
    (FactKey.BNB_NO_GPU, "bitsandbytes"),
    (FactKey.MESSAGE_VLLM_IMPORT, "vllm"),
)

# The advice each package's failure gets, on an Ascend NPU (True) or another accelerator.
_CUDA_ONLY_VARIANT: Final = {
    ("bitsandbytes", True): "bitsandbytes_npu",
    ("bitsandbytes", False): "bitsandbytes",
    ("vllm", True): "vllm_npu",
    ("vllm", False): None,
}


def _cuda_only(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A CUDA-only package (bitsandbytes before its multi-backend releases, vLLM's CUDA
    wheel) that failed on a machine whose paste shows another accelerator and no NVIDIA or
    AMD GPU: named with that accelerator, and an uninstall line, never a CUDA install (the
    sources are in the catalogue's entry and beside the patterns in readers/messages.py)."""
    shown = accelerators_shown(paste)
    if not shown or gpu_of_cuda_shown(paste):
        return ()
    key = next(iter(shown))
    found: list[Finding] = []
    for package in dict.fromkeys(p for _, p in _CUDA_ONLY_SAID):
        said = [f for k, p in _CUDA_ONLY_SAID if p == package for f in facts.all(k)]
        if not said:
            continue
        first = min(said, key=lambda f: f.quote.line)
        named = _npu_named(shown[key])
        facts.use("stated", first)
        facts.use("accelerator", named)
        words = (
            'bitsandbytes: "compiled without GPU support"'
            if package == "bitsandbytes"
            else f"cannot import name {first.value!r} from 'vllm'"
        )
        way = remedies.installer(paste.evidence.python)
        found.append(
            finding(
                Code.CUDA_ONLY_PACKAGE,
                backend=key,
                variant=_CUDA_ONLY_VARIANT[package, key == _NPU],
                package=package,
                said=printable(words)[:120],
                accelerator=registry.BY_KEY[key].hardware,
                shown=_npu_words(named),
                uninstall=remedies.pip(way, "uninstall", "-y", package),
            )
        )
    return tuple(found)


# issue 38: a library's refusal of a GPU too old for its kernels, each message with the
# variant of extension.arch_unsupported that says it and the lowest compute capability the
# library runs on (the sources are cited beside the patterns in readers/messages.py).
_TOO_OLD_SAID: Final[
    tuple[
        tuple[FactKey, Literal["triton", "triton_llvm", "bitsandbytes", "vllm"], tuple[int, int]],
        ...,
    ]
] = (
    (FactKey.MESSAGE_TRITON_TOO_OLD, "triton", (7, 0)),
    (FactKey.MESSAGE_LLVM_SHFL_SYNC, "triton_llvm", (7, 0)),
    (FactKey.MESSAGE_BNB_INT8, "bitsandbytes", (7, 5)),
    (FactKey.MESSAGE_VLLM_BELOW_70, "vllm", (7, 0)),
)
# bfloat16 in CUDA's words needs compute capability 8.0 (torch.cuda.is_bf16_supported()).
_BF16_FLOOR: Final = (8, 0)
# The messages whose cause is the GPU only where the paste shows a GPU below the floor: LLVM's
# shuffle error is also a Triton built for another CUDA on a new GPU (woct0rdho/SageAttention#64,
# an RTX 5090 laptop), bitsandbytes' int8 error also its CUDA setup misreading an A100
# (bitsandbytes-foundation/bitsandbytes#187).
_NEEDS_GPU: Final = frozenset({FactKey.MESSAGE_LLVM_SHFL_SYNC, FactKey.MESSAGE_BNB_INT8})
_GPU_KEYS: Final = (FactKey.GPU, FactKey.PROSE_GPU, FactKey.MESSAGE_UNSUPPORTED_GPU)


def _capability(value: str | None) -> tuple[int, int] | None:
    major, _, minor = (value or "").partition(".")
    return (int(major), int(minor[:1] or 0)) if major.isdigit() and minor[:1].isdigit() else None


_Named = dict[str, tuple[tuple[int, int] | None, list[PastedFact]]]


def _named_gpus(evidence: Evidence, facts: _Read) -> _Named:
    """Each NVIDIA GPU the paste names, with its compute capability (as the paste's devices
    hold it, or from the GPU tables, compat/gpus.py, by its name; None where neither knows)
    and the lines that name it."""
    named: _Named = {}
    for backend in (evidence.backends or {}).values():
        for device in backend.devices:
            if device.name:
                named[device.name.strip()] = (_capability(device.capability), [])
    for key in _GPU_KEYS:
        for fact in facts.all(key):
            name = fact.value.strip()
            if not fact.known or not name:
                continue
            capability, lines = named.setdefault(name, (None, []))
            lines.append(fact)
            if capability is None:
                named[name] = (_capability(gpus.nvidia_capability(name)), lines)
    for fact in facts.all(FactKey.MESSAGE_TRITON_TOO_OLD):
        if fact.name:
            said = _capability(fact.value) or _capability(gpus.nvidia_capability(fact.name))
            named[fact.name.strip()] = (said, [fact])
    # issue 38 (s20-gpuprose): a cloud instance type in prose stands for its GPU ("the T4 of
    # ml.g4dn.xlarge"), where no other line names that GPU (readers/prose.py cites AWS's pages)
    for fact in facts.all(FactKey.PROSE_CLOUD_GPU):
        if fact.known and not any(name.endswith(fact.value) for name in named):
            capability = _capability(gpus.nvidia_capability(fact.value))
            named[f"{fact.value} of {fact.name}"] = (capability, [fact])
    _unsloth_banner(named, facts)  # issue 38: Unsloth's banner says the capability itself
    return named


# issue 38: TGI's flash-attention models need compute capability 7.5 (FlashAttention 1's
# sm75/sm8x/sm90, server/text_generation_server/utils/flash_attn.py; 8.0 for version 2).
_TGI_FLASH_FLOOR: Final = (7, 5)


def _tgi_flash_required(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """TGI refusing a model it serves only with flash attention ("Sharded Llama requires
    Flash Attention enabled models") where the paste names a GPU below FlashAttention's
    floor (a title's "Tesla V100", a template's bare "V100"): its flash models did not import
    on that GPU. The same words beside a newer GPU (a build without its kernels) are not
    this, and stay an error line no finding explains."""
    said = facts.all(FactKey.MESSAGE_TGI_FLASH_REQUIRED)
    if not said or facts.all(FactKey.MESSAGE_TGI_CAPABILITY):  # TGI said the capability
        return ()
    gpu, lines = _below(named, _TGI_FLASH_FLOOR)
    if not gpu:
        return ()
    facts.use("stated", said[0])
    facts.use("gpus", *lines)
    return (finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA, variant="tgi", gpu=gpu),)


# issue 38: Unsloth's refusal of an old GPU, and its banner's compute capability
_BANNER_GPU: Final = "GPU of Unsloth's banner"


def _unsloth_banner(named: _Named, facts: _Read) -> None:
    """Unsloth's banner gives the GPU's compute capability in its "CUDA" field (unsloth/
    device_type.py get_device_stats, read in readers/messages.py), the line after the one
    that names the GPU: that capability is the GPU's, over the name table's, and where the
    name line is not in the paste it stands for the banner's GPU unnamed."""
    for said in facts.all(FactKey.UNSLOTH_CAPABILITY):
        capability = _capability(said.value)
        names = [f for f in facts.all(FactKey.GPU) if f.quote.line == said.quote.line - 1]
        name = names[0].value.strip() if names else _BANNER_GPU
        _, lines = named.get(name, (None, []))
        named[name] = (capability, [*lines, said])


# issue 38: vLLM on an AMD GPU its ROCm support leaves out. vLLM's ROCm requirements list
# MI200s (gfx90a), MI300 (gfx942), MI350 (gfx950), Radeon RX 7900 (gfx1100/1101), RX 9000
# (gfx1200/1201) and Ryzen AI MAX / AI 300 (gfx1151/1150) (docs/getting_started/installation/
# gpu.rocm.inc.md; gfx90a, gfx942 and gfx1100 since 0.4); gfx906 (MI50, MI60, Radeon VII) is
# on none of them, and ROCm's Triton, which vLLM's ROCm attention needs, has no gfx906 target
# (vllm-project/vllm#33811: "these older GPUs cannot actually run vLLM because ROCm Triton
# does not support the Vega 20 architecture"; its custom kernels' v_dot2c_f32_f16 is "not
# supported on this GPU", #6565). The target is this rule's alone: others off the list
# (gfx908, gfx1030) build from source.
_ROCM: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)
_VLLM_NO_GFX: Final = "gfx906"
_AMD_GPU_KEYS: Final = (FactKey.GPU, FactKey.PROSE_GPU, FactKey.AMD_NAME, FactKey.PROSE_GFX)


def _vllm_rocm_arch(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """vLLM (its version, its log lines, its package path or pin) on a gfx906 GPU (the
    targets the paste shows: collect_env's GPU line, rocminfo, an error naming the target),
    unless the paste names a community build for gfx906."""
    targets = evidence.host.gfx_targets if evidence.host and evidence.host.gfx_targets else ()
    if _VLLM_NO_GFX not in targets or facts.all(FactKey.VLLM_GFX906_FORK):
        return ()
    listed = [f for k in _VERSION_KEYS for f in facts.all(k) if f.name == "vllm" and f.known]
    vllm = facts.all(FactKey.VLLM_VERSION) + listed + facts.all(FactKey.VLLM_SAID)
    if not vllm:
        return ()
    shown = [
        f
        for key in _AMD_GPU_KEYS
        for f in facts.all(key)
        if f.value.strip().lower() == _VLLM_NO_GFX or gpus.amd_gfx(f.value) == _VLLM_NO_GFX
    ]
    name = next((f.value.strip() for f in shown if f.key is not FactKey.PROSE_GFX), "")
    gpu = (name if _VLLM_NO_GFX in name else f"{name} ({_VLLM_NO_GFX})") if name else ""
    facts.use("stated", vllm[0])
    facts.use("gpus", *shown[:1])
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_ROCM,
            variant="vllm_rocm",
            gpu=f"the {gpu}" if gpu else f"a {_VLLM_NO_GFX} GPU",
        ),
    )


def _unsloth_too_old(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """Unsloth's own refusal (unsloth_zoo/vllm_utils.py load_vllm: compute capability below
    7.0, or below 8.0 for its float8 KV cache), named with the GPU below that floor where the
    paste shows one (its banner's capability first). The message is Unsloth's reading of
    torch.cuda.get_device_capability(), so it names a GPU below the floor even where the
    paste shows none; where every GPU the paste shows reaches it, it names nothing."""
    said = facts.all(FactKey.MESSAGE_UNSLOTH_TOO_OLD)
    if not said:
        return ()
    floor = _capability(said[0].value) or (7, 0)
    gpu, lines = _below(named, floor)
    if gpu is None:
        return ()
    facts.use("stated", said[0])
    banner = facts.all(FactKey.UNSLOTH_CAPABILITY)
    facts.use("gpus", *lines, *(f for f in banner if (_capability(f.value) or floor) < floor))
    variant: Literal["unsloth_float8", "unsloth"] = (
        "unsloth_float8" if floor >= (8, 0) else "unsloth"
    )
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA, variant=variant, gpu=gpu or "this GPU"
        ),
    )


def _from_integer(value: str) -> tuple[int, int] | None:
    """A compute capability in the integer form vLLM and SageAttention print ("75", "sm120")
    as (major, minor): the last digit is the minor."""
    digits = value.removeprefix("sm")
    return (int(digits[:-1]), int(digits[-1])) if digits.isdigit() and len(digits) >= 2 else None


def _at(named: _Named, capability: tuple[int, int], arch: str = "") -> tuple[str, list[PastedFact]]:
    """The GPUs the paste names at this compute capability, in words ("the Tesla V100 (compute
    capability 7.0)"), with a line that names each; where it names none at it, the capability
    the library's message gives ("a GPU of compute capability 7.0")."""
    at: list[tuple[str, list[PastedFact]]] = []
    for name, (cc, lines) in named.items():
        # one GPU named twice in prose ("RTX 2060 super 8gb", "RTX 2060 super") is one
        if cc == capability and not any(name.startswith(n) or n.startswith(name) for n, _ in at):
            at.append((name, lines))
    words = f"compute capability {capability[0]}.{capability[1]}"
    if not at:
        return f"a GPU of {words}{f' ({arch})' if arch else ''}", []
    words += f", {arch}" if arch else ""
    lines = [f for _, said in at for f in said[:1]]
    return " and ".join(f"the {name} ({words})" for name, _ in at), lines


# issue 38 (s9-kernels): the words of vLLM's two quantization checks (readers/messages.py
# cites each), by the method the reader gives: compressed-tensors' scheme check, or the method's.
_VLLM_QUANT_SAID: Final = {
    "scheme": "Quantization scheme is not supported for the current GPU",
}


def _vllm_quant_floor(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """vLLM's refusal of a quantization on this GPU (vllm/config.py _verify_quantization,
    compressed_tensors.py _check_scheme_supported): the message carries the method's floor and
    the GPU's capability itself, so it names the cause with or without a GPU in the paste; the
    GPU is named where the paste shows one at that capability."""
    said = facts.all(FactKey.MESSAGE_VLLM_QUANT_CAPABILITY)
    if not said:
        return ()
    method, floor_text, have_text, *exact = (*said[0].value.split(), "", "", "")
    floor, have = _from_integer(floor_text), _from_integer(have_text)
    if floor is None or have is None or (have >= floor and exact[0] != "exact"):
        return ()
    gpu, lines = _at(named, have)
    facts.use("stated", *(f for f in said if f.value == said[0].value))
    facts.use("gpus", *lines)
    words = _VLLM_QUANT_SAID.get(
        method, f"The quantization method {printable(method)[:40]} is not supported"
    )
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_CUDA,
            variant="vllm_quant",
            gpu=gpu,
            method="compressed-tensors" if method == "scheme" else printable(method)[:40],
            floor=f"{floor[0]}.{floor[1]}{'' if exact[0] == 'exact' else ' or newer'}",
            said=words,
        ),
    )


# issue 38: the compute capability from which CTranslate2 runs each type efficiently on an
# NVIDIA GPU (opennmt.net/CTranslate2/quantization.html, "Implicit type conversion on load":
# float16 and int8_float16 from 7.0, bfloat16 and int8_bfloat16 from 8.0).
_COMPUTE_TYPE_FLOOR: Final = {
    "float16": "7.0", "int8_float16": "7.0", "bfloat16": "8.0", "int8_bfloat16": "8.0",
}  # fmt: skip
# issue 38 (s20-gpuprose): int8 on an NVIDIA GPU needs compute capability 6.1 or 7.0 and newer
# (OpenNMT/CTranslate2 src/cuda/utils.cc gpu_supports_int8: "major > 6 || (major == 6 && minor
# == 1)"; its quantization docs: int8 on "NVIDIA GPU with Compute Capability >= 7.0 or Compute
# Capability 6.1"); CPUs run it, so only a GPU the paste shows below that is this refusal's.
_INT8_TYPES: Final = frozenset({"int8", "int8_float32"})


def _no_int8(capability: tuple[int, int]) -> bool:
    return capability < (6, 1) or capability == (6, 2)


def _compute_type_int8(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """CTranslate2 refusing int8 where the paste shows NVIDIA GPUs without its int8 kernels
    (a Maxwell GTX 970, compute capability 5.2); nothing where no such GPU is shown (a CPU
    runs int8, so the refusal is then another device's)."""
    said = [f for f in facts.all(FactKey.MESSAGE_COMPUTE_TYPE_REFUSED) if f.value in _INT8_TYPES]
    named = _named_gpus(paste.evidence, facts) if said else {}
    low = {n: (cc, lines) for n, (cc, lines) in named.items() if cc is not None and _no_int8(cc)}
    if not low:
        return ()
    facts.use("stated", *said)
    facts.use("gpus", *(lines[0] for _, lines in low.values() if lines))
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_CUDA,
            variant="compute_type_int8",
            dtype=said[0].value,
            device=" and ".join(_gpu_generation(n, cc) for n, (cc, _) in low.items()),
            said=f"Requested {said[0].value} compute type, but the target device or backend do "
            "not support efficient",
        ),
    )


def _compute_type(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """CTranslate2 refusing a compute type on this device (readers/messages.py cites it), for
    the device the paste shows: a Mac's CPU (CTranslate2 runs on no Apple GPU), another CPU, or
    an NVIDIA GPU below the type's floor. No install: the type asked for is the remedy."""
    said = [f for f in facts.all(FactKey.MESSAGE_COMPUTE_TYPE_REFUSED) if f.value in
            _COMPUTE_TYPE_FLOOR]  # fmt: skip
    if not said:
        return _compute_type_int8(paste, facts)  # issue 38 (s20-gpuprose)
    facts.use("stated", *said)
    dtype = said[0].value
    host = paste.evidence.host
    mac = (host is not None and host.system == "Darwin") or _MPS in accelerators_shown(paste)
    device = "this Mac (CTranslate2 runs on its CPU)" if mac else "this device"
    words = f"Requested {dtype} compute type, but the target device or backend do not support "
    floor = _COMPUTE_TYPE_FLOOR[dtype]
    # issue 38 (s18-dtype): the NVIDIA GPU the paste shows, by its generation: below the
    # type's floor it is the GPU that lacks it; at or above, CTranslate2 ran on the CPU
    named = {} if mac else _named_gpus(paste.evidence, facts)
    known = {n: (cc, lines) for n, (cc, lines) in named.items() if cc is not None}
    # one GPU named twice ("GPU: Nvidia RTX 3060", "the RTX 3060"): the fuller name
    known = {
        n: said for n, said in known.items()
        if not any(o != n and o.lower().endswith(" " + n.lower()) for o in known)
    }  # fmt: skip
    bound = _capability(floor) or (0, 0)
    low = {n: (cc, lines) for n, (cc, lines) in known.items() if cc < bound}
    if low:
        facts.use("gpus", *(lines[0] for _, lines in low.values() if lines))
        device = " and ".join(_gpu_generation(n, cc) for n, (cc, _) in low.items())
    elif known:
        facts.use("gpus", *(lines[0] for _, lines in known.values() if lines))
        return (
            finding(
                Code.EXTENSION_ARCH_UNSUPPORTED, variant="compute_type_cpu", dtype=dtype,
                gpu=" and ".join(_gpu_generation(n, cc) for n, (cc, _) in known.items()),
                floor=floor, said=words + "efficient",
            ),
        )  # fmt: skip
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            variant="compute_type",
            dtype=dtype,
            device=device,
            floor=floor,
            said=words + "efficient",
        ),
    )


def _gpu_generation(name: str, capability: tuple[int, int]) -> str:
    """A GPU in words with its generation where compat/drivers.py names it: "the GeForce GTX
    1070 (Pascal, compute capability 6.1)"."""
    said = f"{capability[0]}.{capability[1]}"
    generation = drivers.generation_of(said)
    named = f"{generation.name}, " if generation is not None else ""
    return f"the {printable(name)[:80]} ({named}compute capability {said})"


# SageAttention 2's architectures below which none of its kernels run (thu-ml/SageAttention
# sageattention/core.py sageattn: sm80 is its lowest; its README: "Optmized kernels for
# Ampere, Ada and Hopper GPUs").
_SAGE_FLOOR: Final = (8, 0)


def _sageattention_arch(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """SageAttention 2's "Unsupported CUDA architecture: smXY" (sageattention/core.py): a GPU
    below its floor (Turing, Volta, Pascal), or one its installed release has no kernels for
    (sm120 before v2.2.0), named with the GPU the paste shows at that architecture."""
    said = facts.all(FactKey.MESSAGE_SAGE_ARCH)
    # each architecture the paste's messages name (a thread's title and its comment may differ)
    arches = {f.value: cc for f in said if (cc := _from_integer(f.value)) is not None}
    if not arches:
        return ()
    named_at = [_at(named, cc, arch) for arch, cc in arches.items()]
    facts.use("stated", *said)
    facts.use("gpus", *(f for _, lines in named_at for f in lines))
    variant: Literal["sageattention", "sageattention_arch"] = (
        "sageattention" if min(arches.values()) < _SAGE_FLOOR else "sageattention_arch"
    )
    gpu = " and ".join(words for words, _ in named_at)
    return (finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA, variant=variant, gpu=gpu),)


def _below(named: _Named, floor: tuple[int, int]) -> tuple[str | None, list[PastedFact]]:
    """The GPUs named below `floor`, in words ("the Tesla P40 (compute capability 6.1)"), and
    a line that names each; "" when no GPU's capability is known; None when every known one
    reaches the floor."""
    known = {name: (cc, lines) for name, (cc, lines) in named.items() if cc is not None}
    low = [(name, cc, lines) for name, (cc, lines) in known.items() if cc < floor]
    words = [f"the {name} (compute capability {cc[0]}.{cc[1]})" for name, cc, _ in low]
    lines = [fact for _, _, said in low for fact in said[:1]]
    if words:
        return " and ".join(words), lines
    return (None if known else ""), []


def _refused(evidence: Evidence, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """A library's own refusal of this GPU, named with the GPU where the paste names it: too
    old for its kernels (Triton, bitsandbytes' int8 matmul, vLLM), or bfloat16 asked of a GPU
    without it (transformers) or of MPS. A message whose cause depends on the GPU
    (`_NEEDS_GPU`) is a finding only where the paste shows a GPU below the floor. MPS's
    macOS refusal under Rosetta is the translated Python's: an x86_64 Python sees macOS as
    10.16 (pytorch/pytorch#146236's paste), so the line rests on that finding instead."""
    found: list[Finding] = []
    named = _named_gpus(evidence, facts)
    for key, variant, floor in _TOO_OLD_SAID:
        said = facts.all(key)
        gpu, lines = _below(named, floor)
        if not said or gpu is None or (key in _NEEDS_GPU and not gpu):
            continue
        facts.use("stated", said[0])
        facts.use("gpus", *lines)
        found.append(
            finding(
                Code.EXTENSION_ARCH_UNSUPPORTED,
                backend=_CUDA,
                variant=variant,
                gpu=gpu or "this GPU",
            )
        )
    found.extend(_unsloth_too_old(named, facts))  # issue 38: Unsloth's refusal
    found.extend(_vllm_rocm_arch(evidence, facts))  # issue 38: vLLM on gfx906
    if said := facts.all(FactKey.MESSAGE_TGI_CAPABILITY):
        # TGI names the capability it refused: the GPUs named with it, or the capability alone
        refused = _capability(said[0].value)
        gpu, lines = _below(named, (99, 0))
        picked = [f for f in lines if named.get(f.value.strip(), (None,))[0] == refused]
        words = [f"the {f.value.strip()} (compute capability {said[0].value})" for f in picked]
        facts.use("stated", said[0])
        facts.use("gpus", *picked)
        found.append(
            finding(
                Code.EXTENSION_ARCH_UNSUPPORTED,
                backend=_CUDA,
                variant="tgi",
                gpu=" and ".join(dict.fromkeys(words))
                or f"a GPU of compute capability {said[0].value}",
            )
        )
    found.extend(_tgi_flash_required(named, facts))  # issue 38: TGI on a V100
    found.extend(_flash_attn_gpu(named, facts))  # issue 38: device: flash-attn's floor
    found.extend(_vllm_quant_floor(named, facts))  # issue 38 (s9-kernels)
    found.extend(_sageattention_arch(named, facts))  # issue 38 (s9-kernels)
    said = facts.all(FactKey.MESSAGE_HF_BF16)
    gpu, lines = _below(named, _BF16_FLOOR)
    if said and gpu is not None and not _no_cuda(facts):
        facts.use("stated", said[0])
        facts.use("gpus", *lines)
        found.append(
            finding(
                Code.BF16_UNSUPPORTED, backend=_CUDA, variant="transformers", gpu=gpu or "this GPU"
            )
        )
    translated = any(f.code == Code.PYTHON_TRANSLATED.value for f in before)
    if (said := facts.all(FactKey.MESSAGE_MPS_BF16)) and translated:
        facts.use("host", said[0])  # the line python.translated explains
    elif said:
        facts.use("stated", said[0])
        torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
        host = evidence.host
        macos = host.os_version if host is not None and host.system == "Darwin" else None
        # an Intel Mac: the host's, one named, or an AMD GPU beside MPS's refusal (Apple
        # silicon Macs have no AMD GPU and take no eGPU: Apple's support article "Use an
        # external graphics processor with your Mac" requires a Mac with an Intel processor)
        intel = (
            (host is not None and host.system == "Darwin" and host.machine == "x86_64")
            or bool(facts.all(FactKey.PROSE_INTEL_MAC))
            or any("radeon" in f.value.casefold() for f in facts.all(FactKey.GPU))
        )
        # issue 38 (s20-zero): torch's refusal decides nothing by itself where the paste shows
        # neither torch's release nor an Intel Mac (whose wheels end at 2.2): torch 2.3 or
        # newer runs bfloat16 on MPS under macOS 14, so the release decides, and a warning
        # says which releases would
        mps_variant: Literal["macos", "unshown"] | None = None
        if said[0].value == "macos":
            mps_variant = "macos"
        elif torch is None and not intel:
            mps_variant = "unshown"
        found.append(
            finding(
                Code.MPS_BF16_UNSUPPORTED,
                backend=_MPS,
                variant=mps_variant,
                torch=torch or "(version not shown)",
                macos=f"macOS {macos}" if macos else "this macOS",
            )
        )
    return tuple(found)


# issue 38: CUDA libraries the neighbours cannot find or that disagree.
# CUDA's libraries by soname stem: what each is, and NVIDIA's pip package of it for a CUDA
# major ("{major}"), as torch's CUDA wheels require them (their metadata, compat/wheels.py:
# nvidia-cuda-runtime-cu12 …). cuDNN's soname carries cuDNN's major, not CUDA's.
_CUDA_LIBRARIES: Final = {
    "libcudart": ("CUDA {major}'s runtime", "nvidia-cuda-runtime-cu{major}"),
    "libnvrtc": ("CUDA {major}'s runtime compiler (NVRTC)", "nvidia-cuda-nvrtc-cu{major}"),
    "libcublas": ("CUDA {major}'s cuBLAS", "nvidia-cublas-cu{major}"),
    "libcublasLt": ("CUDA {major}'s cuBLASLt", "nvidia-cublas-cu{major}"),
    "libcufft": ("CUDA {major}'s cuFFT", "nvidia-cufft-cu{major}"),
    "libcurand": ("CUDA {major}'s cuRAND", "nvidia-curand-cu{major}"),
    "libcusparse": ("CUDA {major}'s cuSPARSE", "nvidia-cusparse-cu{major}"),
    "libcusolver": ("CUDA {major}'s cuSOLVER", "nvidia-cusolver-cu{major}"),
    "libnvJitLink": ("CUDA {major}'s nvJitLink", "nvidia-nvjitlink-cu{major}"),
    "libcudnn": ("cuDNN {cudnn}", "nvidia-cudnn-cu{major}"),
}
# The CUDA major of a library's soname, where the soname says it: libcudart.so.11.0 → 11
# (cuDNN's number is its own release; libcufft's and libcusparse's their own: only these).
_SONAME_IS_CUDA: Final = frozenset(
    {"libcudart", "libnvrtc", "libcublas", "libcublasLt", "libnvJitLink"}
)


def _bf16_amp_refused(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """accelerate refusing bf16 mixed precision (the sources are beside the pattern in
    readers/messages.py): on a Mac (the paste shows Apple Silicon or a path only macOS has, or
    accelerate names MPS) the Mac's GPU has no bf16 AMP in that release; elsewhere torch
    said the CUDA GPU has no bf16 (is_bf16_available() is True on the CPU and on an NPU), so
    the GPU is older than Ampere, named where the paste names it. Not named where a GPU the
    paste names has bf16, where another finding already names bf16, or where the paste shows
    another accelerator (an XPU, an NPU) and no Mac."""
    said = facts.all(FactKey.MESSAGE_BF16_AMP_REFUSED)
    done = (Code.BF16_UNSUPPORTED.value, Code.MPS_BF16_UNSUPPORTED.value)
    if not said or any(f.code in done for f in found):
        return ()
    evidence = paste.evidence
    shown = accelerators_shown(paste)
    mac = _mac_lines(paste, facts)
    torch_release = [f for f in said if f.value == "accelerate torch"]
    if torch_release or (mac and not gpu_of_cuda_shown(paste)):
        first = (torch_release or said)[0]
        facts.use("stated", first)
        facts.use("host", *mac[:1])
        torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
        return (
            finding(
                Code.MPS_BF16_UNSUPPORTED,
                backend=_MPS,
                variant="accelerate_torch" if torch_release else "accelerate",
                torch=torch or "(version not shown)",
                macos="this macOS",
            ),
        )
    gpu, lines = _below(_named_gpus(evidence, facts), _BF16_FLOOR)
    others = [key for key in shown if key != _MPS]
    if gpu is None or _no_cuda(facts) or (others and not gpu_of_cuda_shown(paste)):
        return ()
    facts.use("stated", said[0])
    facts.use("gpus", *lines)
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    # red team item 7: torch.cuda.is_bf16_supported() says False below Ampere only before torch
    # 2.3; from 2.3 (pytorch/pytorch#115924) its including_emulation=True default makes a
    # bfloat16 tensor and says True where that works (torch/cuda/__init__.py
    # is_bf16_supported, _check_bf16_tensor_supported), and accelerate returns that answer
    # (accelerate/utils/imports.py is_bf16_available: device_module.is_bf16_supported()). So
    # the GPU is named older than Ampere only where torch before 2.3 is shown, or torch is not
    # shown and a GPU below 8.0 is.
    before_emulation = torch is not None and _release_tuple(torch.split("+", 1)[0])[:2] < (2, 3)
    if before_emulation or (torch is None and gpu):
        return (
            finding(
                Code.BF16_UNSUPPORTED, backend=_CUDA, variant="accelerate", gpu=gpu or "the GPU"
            ),
        )
    return (
        finding(
            Code.BF16_UNSUPPORTED,
            backend=_CUDA,
            variant="accelerate_check",
            torch=torch or "(version not shown)",
        ),
    )


def _ptx_bf16(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """NVIDIA's PTX assembler refusing a bf16 instruction below sm_80 (the source is beside
    the pattern in readers/messages.py): a kernel compiled for this GPU, Triton's most often,
    asked for bfloat16, which needs an Ampere GPU."""
    return _bf16_refused(paste, facts, found, FactKey.MESSAGE_PTX_BF16, "ptxas")


def _autocast_bf16(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """torch's autocast refusing bfloat16 on the CUDA device (the source is beside the pattern
    in readers/messages.py): torch before 2.3 found no bfloat16 on the GPU, which needs an
    Ampere GPU (compute capability 8.0) or newer."""
    return _bf16_refused(paste, facts, found, FactKey.MESSAGE_AUTOCAST_BF16, "autocast")


def _bf16_refused(
    paste: Pasted,
    facts: _Read,
    found: Sequence[Finding],
    key: FactKey,
    variant: Literal["ptxas", "autocast"],
) -> tuple[Finding, ...]:
    """A refusal of bfloat16 on a CUDA GPU (`key`'s words), named with the GPU where the paste
    names one, and not where every GPU it names has bf16 or another finding already names
    bf16."""
    said = facts.all(key)
    done = (Code.BF16_UNSUPPORTED.value, Code.MPS_BF16_UNSUPPORTED.value)
    if not said or any(f.code in done for f in found):
        return ()
    gpu, lines = _below(_named_gpus(paste.evidence, facts), _BF16_FLOOR)
    if gpu is None:
        return ()
    facts.use("stated", said[0])
    facts.use("gpus", *lines)
    return (finding(Code.BF16_UNSUPPORTED, backend=_CUDA, variant=variant, gpu=gpu or "this GPU"),)


# issue 38 (s18-gpuprose): a GPU's name among the reporter's words ("v100", "T4", "32G v100"):
# runs of letters and digits holding a digit, looked up in the GPU tables as they stand and
# as NVIDIA's data-centre names ("Tesla V100"), compat/gpus.py.
_WORD_RUN: Final = re.compile(r"[A-Za-z0-9]{2,12}")


def _gpus_in_words(words: str) -> _Named:
    named: _Named = {}
    for run in _WORD_RUN.findall(words):
        if not any(c.isdigit() for c in run) or not any(c.isalpha() for c in run):
            continue
        said = gpus.nvidia_capability(run) or gpus.nvidia_capability(f"Tesla {run.upper()}")
        if (capability := _capability(said)) is not None:
            named.setdefault(run, (capability, []))
    return named


def _bf16_lacking_said(
    paste: Pasted, facts: _Read, found: Sequence[Finding]
) -> tuple[Finding, ...]:
    """The reporter's words that a GPU has no bfloat16, with the GPU named in those words
    below compute capability 8.0: bf16 needs an Ampere GPU or newer (torch.cuda.
    is_bf16_supported at v2.1.0: capability 8.0 with CUDA 11; NVIDIA's PTX ISA, bf16
    instructions need sm_80). Words without a GPU of the tables ("Device does not support
    bf16"), or naming an Ampere one, are not this; nor where another finding names bf16.

    issue 38 (s19-quiet): where the paste shows and states no error and the reporter says the
    work ran ("Training launches", "run successfully"), the words are no refusal: torch makes
    and computes bfloat16 tensors on such a GPU by emulation for many operations
    (torch/cuda/__init__.py is_bf16_supported(including_emulation=True), the default, answers
    whether a bfloat16 tensor can be made there; including_emulation=False whether the GPU
    has it natively, capability 8.0), so the finding is a note. Where the words ask whether
    (a question, no error shown), the answer is a warning, never an error."""
    done = (Code.BF16_UNSUPPORTED.value, Code.MPS_BF16_UNSUPPORTED.value)
    if any(f.code in done for f in found):
        return ()
    for said in facts.all(FactKey.PROSE_BF16_LACKING):
        gpu, _ = _below(_gpus_in_words(said.value), _BF16_FLOOR)
        if gpu:
            ran = facts.all(FactKey.PROSE_RAN) if _no_error_shown(paste) else []
            facts.use("stated", said, *ran[:1])
            variant: Literal["said", "said_ran", "said_asked"] = "said"
            if ran:
                variant = "said_ran"
            elif _a_question(paste, said):
                variant = "said_asked"
            return (finding(Code.BF16_UNSUPPORTED, backend=_CUDA, variant=variant, gpu=gpu),)
    return ()


# issue 38 (s19-quiet): a question's own marks, at the end of the words or inside them ("…支持
# 310P的NPU吗？", "是否支持vllm-ascend", "does ROCm supprot R9 280X?")
_ASKING: Final = ("?", "？", "吗", "嘛", "是否")  # s20-zero: "嘛", the rhetorical question


def _no_error_shown(paste: Pasted) -> bool:
    """Whether the paste shows no error (no line that looks like one, no message a library
    prints that states one) and states none in the reporter's words (`Pasted.stated`)."""
    return (
        not paste.error_count
        and paste.stated is None
        and not any(f.key in STATED_ERRORS for f in paste.facts)
    )


def _a_question(paste: Pasted, *said: PastedFact) -> bool:
    """issue 38 (s19-quiet): whether a finding resting on `said` answers a question: the paste
    shows and states no error, and the reporter asks (a question whether a library runs
    there, read as `PROSE_SUPPORT_ASKED`, or the line of the words is a question). An asked
    question gets the answer's severity, never an error's."""
    if not _no_error_shown(paste):
        return False
    if any(f.key is FactKey.PROSE_SUPPORT_ASKED for f in paste.facts):
        return True
    return any(mark in f.quote.text for f in said for mark in _ASKING)


def _cuda_libraries(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """The neighbours' words about CUDA's libraries: DeepSpeed's toolkit that is not torch's
    CUDA (its message, or ds_report's nvcc and torch CUDA rows), bitsandbytes without its
    CUDA library (on Windows, on a Mac, with torch seeing no CUDA), libcuda not found under
    WSL2, and a CUDA library an extension links that the loader cannot open."""
    return (
        *_deepspeed_cuda(facts),
        *_libraries_not_found(paste, facts),  # WSL's libcuda first: it explains bitsandbytes'
        *_bitsandbytes(paste, facts),
    )


def _major(version: str) -> str:
    return version.strip().split(".", 1)[0]


def _deepspeed_cuda(facts: _Read) -> tuple[Finding, ...]:
    """DeepSpeed's refusal to build its ops, in its words (op_builder/builder.py
    assert_no_cuda_mismatch): across CUDA majors every release refuses (its maintainers,
    deepspeedai/DeepSpeedExamples#370 and DeepSpeed-MII#277: the majors must match); within
    one major only releases whose cuda_minor_mismatch_ok table lacks the pair do. ds_report's
    "nvcc version" and "torch cuda version" rows alone are no finding: the release's table
    decides, and no recording shows a refused pair there."""
    said = facts.all(FactKey.MESSAGE_DS_CUDA_MISMATCH)
    torch_said = facts.all(FactKey.MESSAGE_DS_TORCH_CUDA)
    if not said or not torch_said:
        return ()
    installed, torch = said[0].value, torch_said[0].value
    facts.use("deepspeed", said[0], torch_said[0])
    same = _major(installed) == _major(torch)
    return (
        finding(
            Code.DS_CUDA_MISMATCH,
            backend=_CUDA,
            variant="same_major" if same else None,
            installed=installed,
            torch=torch,
            installed_major=_major(installed),
            torch_major=_major(torch),
        ),
    )


# Where only macOS puts a Python environment: users' homes under /Users (Linux's are under
# /home), and Homebrew's prefix on Apple silicon, /opt/homebrew (https://docs.brew.sh/
# Installation: "/opt/homebrew for Apple Silicon").
_MAC_PATHS: Final = (" /Users/", " /opt/homebrew/")


def _bitsandbytes(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """bitsandbytes before 0.43 without its CUDA library (bitsandbytes/cextension.py,
    cuda_setup/main.py): on a Mac it has none to load (a finding of its own, never a CUDA or
    Windows upgrade); on Windows its releases before 0.43.0 shipped none; asked for
    "libsbitsandbytes_cpu.so" it saw torch without CUDA; else the library it missed."""
    said = facts.all(FactKey.MESSAGE_BNB_NO_GPU) or facts.all(FactKey.BNB_NO_GPU)
    missing = facts.all(FactKey.BNB_LIBRARY_MISSING)
    # issue 38: its other wordings (messages reader): the CPU library's missing GPU symbol,
    # "CUDA Setup failed despite GPU being available", libcudart not found, and on Windows
    # the WindowsPath ctypes refused or its CUDA DLL that would not load
    setup = facts.all(FactKey.MESSAGE_BNB_SETUP)
    # issue 38: a CUDA-only release's CUDA-version probe failing on torch.version.cuda None,
    # named where the paste shows torch's ROCm build; elsewhere (a CPU torch) not read here
    if probes := [f for f in setup if f.value in _BNB_CUDA_NONE]:
        # issue 38 (s7-build): an AMD GPU shown by name or in words, or bitsandbytes' own
        # "despite CUDA being available" beside the probe's failure (torch.cuda available
        # with torch.version.cuda None: the ROCm build)
        amd = (
            _rocm_torch_shown(paste, facts)
            or _amd_gpu_shown(paste)
            or next((f for f in probes if f.value == "cuda_available"), None)
        )
        if amd is not None and any(f.value == "cuda_none" for f in probes):
            return _bitsandbytes_cuda_only_rocm(paste, facts, setup, amd)
        setup = [f for f in setup if f.value not in _BNB_CUDA_NONE]
    if not said and not missing and not setup:
        return ()
    evidence = paste.evidence
    first = (said or missing or setup)[0]
    facts.use("bitsandbytes", first, *setup)
    if not facts.all(FactKey.PROSE_WSL):
        # its own "libcuda.so not found!" (cuda_setup/main.py) is the same failure, where no
        # WSL finding takes it
        facts.use(
            "bitsandbytes",
            *[
                f
                for f in facts.all(FactKey.MESSAGE_LIBRARY_NOT_FOUND)
                if f.value == "libcuda.so" and "CUDA SETUP" in f.quote.text
            ],
        )
    libraries = [f.value for f in facts.all(FactKey.BNB_LIBRARY)]
    paths = [f.quote.text for f in facts.all(FactKey.BNB_LIBRARY)]
    if rocm := [f for f in setup if f.value.startswith("rocm_")]:  # issue 38: ROCm preview
        return _bitsandbytes_rocm(paste, facts, rocm)
    # issue 38 (widened): macOS's loader refusing its Linux library, a path only macOS has
    loader = facts.all(FactKey.MACOS_LOADER)
    mac_paths = facts.all(FactKey.MACOS_PATH)
    mac = (
        _MPS in accelerators_shown(paste)
        or remedies._on_macos(evidence)
        or any(any(home in path for home in _MAC_PATHS) for path in paths)
        or bool(loader or mac_paths)
    )
    if mac:
        facts.use("host", *(loader or mac_paths)[:1])
        if loader:
            return (finding(Code.BNB_ON_MAC, backend=_MPS, variant="macos_loader"),)
        return (finding(Code.BNB_ON_MAC, backend=_MPS),)
    windows = (
        remedies.on_windows(evidence)
        or bool(facts.all(FactKey.PROSE_WINDOWS_PATH))
        or any(name.endswith(".dll") for name in libraries)
        or any(f.value in ("windows_path", "dll_not_found") for f in setup)
        or any("function 'cadam32bit_grad_fp32'" in f.quote.text for f in setup)
    )
    if any(f.value.startswith("libsbitsandbytes") for f in missing):
        # torch sees no CUDA: first to mend, on Windows too (its WindowsPath error beside it,
        # bitsandbytes#228)
        facts.use("bitsandbytes", *missing)
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="torch_no_cuda"),)
    if windows:
        way = remedies.installer(evidence.python)
        install = remedies.requirement(way, "bitsandbytes", ">=0.43.0", upgrade=True)
        if not said:  # issue 38: its "compiled without GPU support" quoted only where said
            return (
                finding(
                    Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="windows_setup", install=install
                ),
            )
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="windows", install=install),)
    if missing:
        facts.use("bitsandbytes", *missing)
        library = missing[0].value
        if library.startswith("libsbitsandbytes"):
            return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="torch_no_cuda"),)
        if "_cpu." in library:  # it saw no GPU and wanted its CPU library: no CUDA named
            return (
                finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="no_gpu", library=library),
            )
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="missing", library=library),)
    # issue 38: on Linux, the cause its words name: libcudart not found, its setup failing
    # where torch sees the GPU, or its CPU library's missing symbol alone
    kinds = {f.value for f in setup}
    if "no_cudart" in kinds:
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="no_cudart"),)
    if "setup_failed" in kinds:
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="setup_failed"),)
    if "detection_failed" in kinds:
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="detection_failed"),)
    if not said:
        return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA, variant="cpu_library"),)
    return (finding(Code.BNB_WITHOUT_GPU, backend=_CUDA),)


# issue 38: the first bitsandbytes release whose PyPI wheels carry ROCm libraries (its
# installation guide at 0.49.0, docs/source/installation.mdx: "AMD ROCm … Installation from
# PyPI … Linux x86-64", ROCm 6.2.4-7.1.0; before it ROCm came only in preview wheels and
# source builds of the multi-backend-refactor branch).
_BNB_ROCM_RELEASE: Final = ">=0.49.0"


def _bitsandbytes_rocm(paste: Pasted, facts: _Read, said: list[PastedFact]) -> tuple[Finding, ...]:
    """bitsandbytes' multi-backend preview on an AMD GPU (the words and their source are in
    readers/messages.py): its ROCm library broken ("undefined symbol"), or none for this
    ROCm. The remedy is the released wheel, which ships ROCm libraries since 0.49.0; the
    preview is uninstalled first, as its version ("1.0.0", "0.45.3.dev271") may already
    satisfy the requirement."""
    facts.use(
        "bitsandbytes",
        *said,
        *[f for f in facts.all(FactKey.MESSAGE_UNDEFINED_SYMBOL) if f.name == "bitsandbytes"],
        *facts.all(FactKey.BNB_LIBRARY_MISSING),  # its CPU fallback, absent from the preview
    )
    way = remedies.installer(paste.evidence.python)
    variant: Literal["missing"] | None = (
        None if any(f.value == "rocm_symbol" for f in said) else "missing"
    )
    return (
        finding(
            Code.BNB_ROCM_PREVIEW,
            backend=_ROCM,
            variant=variant,
            uninstall=remedies.pip(way, "uninstall", "-y", "bitsandbytes"),
            install=remedies.requirement(way, "bitsandbytes", _BNB_ROCM_RELEASE),
        ),
    )


# issue 38: bitsandbytes' CUDA-version probe on torch.version.cuda None (readers/messages.py
# _BNB_CUDA_NONE): its source line or log line, and the bare AttributeError beside them.
_BNB_CUDA_NONE: Final = frozenset({"cuda_none", "none_split", "cuda_available", "lib_none"})


def _rocm_torch_shown(paste: Pasted, facts: _Read) -> PastedFact | None:
    """The line that shows torch's ROCm build or an AMD GPU's target: a torch version with
    a `+rocm` label (collect_env, pip list, a wheel's name, a session's answer), the ROCm
    torch was built with, or a gfx target; None where the paste shows none."""
    for fact in paste.facts:
        torch_named = fact.key is FactKey.TORCH_VERSION or (
            fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE)
            and versions.canonical_name(fact.name or "") in ("torch", "pytorch")
        )
        if torch_named and "+rocm" in fact.value.lower():
            return fact
    return facts.one(FactKey.TORCH_HIP) or facts.one(FactKey.GFX) or facts.one(FactKey.PROSE_GFX)


def _amd_gpu_shown(paste: Pasted) -> PastedFact | None:
    """issue 38 (s7-build): the line that names an AMD GPU (a name the gfx table knows, a
    Radeon or Instinct, "I have an AMD gpu"), where the paste names no NVIDIA GPU; None
    elsewhere."""
    if gpu_of_cuda_shown(paste) or _cpu_torch_said(paste):
        return None
    for fact in paste.facts:
        if fact.key is FactKey.PROSE_AMD_GPU or (
            fact.key in (FactKey.GPU, FactKey.AMD_NAME)
            and (gpus.amd_gfx(fact.value) or _AMD_NAMED.search(fact.value))
        ):
            return fact
    return None


def _cpu_torch_said(paste: Pasted) -> bool:
    """Whether the paste shows torch's CPU build (a "+cpu" version, or torch's "Torch not
    compiled with CUDA enabled"), whose torch.version.cuda is None on any machine."""
    for fact in paste.facts:
        if fact.key is FactKey.MESSAGE_NOT_COMPILED_CUDA:
            return True
        torch_named = fact.key is FactKey.TORCH_VERSION or (
            fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE)
            and versions.canonical_name(fact.name or "") in ("torch", "pytorch")
        )
        if torch_named and fact.value.strip().lower().endswith("+cpu"):
            return True
    return False


# An AMD GPU's own words in a GPU's name ("AMD Radeon Pro W6800", "AMD Instinct MI210").
_AMD_NAMED: Final = re.compile(r"\b(?:Radeon|Instinct)\b")


def _bitsandbytes_cuda_only_rocm(
    paste: Pasted, facts: _Read, setup: list[PastedFact], rocm: PastedFact
) -> tuple[Finding, ...]:
    """A bitsandbytes release built for CUDA only (0.38-0.45: cuda_setup/main.py, then
    cuda_specs.py, `torch.version.cuda.split(".")`) imported under torch's ROCm build, whose
    torch.version.cuda is None: its probe fails before it loads a library. The remedy is the
    release whose PyPI wheels carry ROCm libraries (0.49.0, `_BNB_ROCM_RELEASE`), the old
    one uninstalled first."""
    facts.use("stated", *setup)
    facts.use("accelerator", rocm)
    way = remedies.installer(paste.evidence.python)
    shown = f"torch {rocm.value}" if "+rocm" in rocm.value.lower() else rocm.value
    if rocm.key is FactKey.MESSAGE_BNB_SETUP:  # issue 38 (s7-build): bitsandbytes' own words
        shown = 'torch.cuda available, torch.version.cuda None: "despite CUDA being available"'
    return (
        finding(
            Code.CUDA_ONLY_PACKAGE,
            backend=_ROCM,
            variant="bitsandbytes_rocm",
            package="bitsandbytes",
            said="'NoneType' object has no attribute 'split', at torch.version.cuda.split",
            accelerator=registry.BY_KEY[_ROCM].hardware,
            shown=printable(one_line(shown))[:80],
            uninstall=remedies.pip(way, "uninstall", "-y", "bitsandbytes"),
            install=remedies.requirement(way, "bitsandbytes", _BNB_ROCM_RELEASE),
        ),
    )


def _libraries_not_found(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """The loader's "<soname>: cannot open shared object file" for one of CUDA's libraries:
    libcuda under WSL2 (NVIDIA's CUDA on WSL user guide: the driver's libcuda is in
    /usr/lib/wsl/lib), or a toolkit library, with the pip package that provides it and,
    where the paste shows torch's CUDA, whether the soname's major is torch's."""
    found: list[Finding] = []
    seen: set[str] = set()
    wsl = facts.all(FactKey.PROSE_WSL)
    built = facts.one(FactKey.TORCH_CUDA)
    torch = paste.evidence.torch
    # torch's CUDA as gathering made it (a "+cu118" wheel named in prose), where no report
    # line states it
    torch_cuda = built.value if built else (torch.cuda if torch and torch.cuda else "")
    amd = _amd_machine_line(paste, facts)  # issue 38 (s15-realrec)
    on_amd: set[str] = set()  # a package's finding on an AMD machine, said once
    # issue 38 (s18-dll): a file another loader's words name is that loader's finding
    runtime = {f.value for f in facts.all(FactKey.MESSAGE_CUDA_RUNTIME)}
    for said in facts.all(FactKey.MESSAGE_LIBRARY_NOT_FOUND):
        library = said.value
        stem = library.split(".so", 1)[0]
        if library in seen or library in runtime:
            continue
        if stem == "libcuda":
            if wsl:
                seen.add(library)
                facts.use("wsl", wsl[0], said)
                found.append(finding(Code.WSL_NO_LIBCUDA, backend=_CUDA, library=library))
            continue
        base = "libcudnn" if stem.startswith("libcudnn") else stem
        if base not in _CUDA_LIBRARIES:
            continue
        seen.add(library)
        if amd is not None:
            for one in _cuda_library_on_amd(paste, facts, said, amd):
                # two of CUDA's libraries one package could not open: one finding for it
                if (key := one.params.get("package", "")) not in on_amd:
                    on_amd.add(key)
                    found.append(one)
            continue
        numbers = library.split(".so", 1)[1].lstrip(".").split(".")
        number = numbers[0] if numbers and numbers[0] else ""
        torch_major = _major(torch_cuda) if torch_cuda else ""
        major = number if base in _SONAME_IS_CUDA else torch_major
        what, package = _CUDA_LIBRARIES[base]
        what = what.format(major=major or "?", cudnn=number or "")
        # the CUDA major unknown (a cuDNN soname, torch's CUDA not shown): both packages
        package = (
            package.format(major=major)
            if major
            else f"{package.format(major='12')} or {package.format(major='11')} (the one of "
            "torch's CUDA major)"
        )
        facts.use("libraries", said)
        other = bool(torch_major and number and base in _SONAME_IS_CUDA and number != torch_major)
        if built:
            facts.use("torch", built)
        found.append(
            finding(
                Code.CUDA_LIBRARY_MISSING,
                backend=_CUDA,
                variant="other_major" if other else None,
                library=library,
                what=what,
                package=package,
                torch_cuda=torch_cuda,
                torch_major=torch_major,
            )
        )
    return tuple(found)


def _amd_machine_line(paste: Pasted, facts: _Read) -> PastedFact | None:
    """issue 38 (s15-realrec): the line that shows the machine is AMD's and no NVIDIA GPU is
    shown: torch's ROCm build, or what gathering read an AMD GPU from (its name, rocm-smi's
    rows, a gfx target, ROCm named in the reporter's words or a title: `_amd_machine`); None
    elsewhere."""
    if _nvidia_gpu_shown(paste):
        return None
    if rocm := _rocm_torch(facts):
        return rocm
    if not _amd_machine(paste):
        return None
    return next(iter(paste.used.get("gpus", ())), None)


def _cuda_library_on_amd(
    paste: Pasted, facts: _Read, said: PastedFact, amd: PastedFact
) -> tuple[Finding, ...]:
    """issue 38 (s15-realrec): one of CUDA's libraries the loader cannot open for a package,
    on a machine the paste shows AMD's (a ROCm torch, ROCm named in its title or prose, an
    AMD GPU): the installed package is its CUDA build, and NVIDIA's CUDA runtime wheels are
    no remedy there (they drive NVIDIA GPUs alone; torch's ROCm build answers torch.cuda on
    AMD GPUs through HIP, pytorch.org "Get Started"). A package compat/support.py lists
    without AMD GPUs is left to `_library_unsupported`, which names its documentation."""
    library = said.value
    same = [f for f in facts.all(FactKey.MESSAGE_LIBRARY_NOT_FOUND) if f.value == library]
    package = next((f.name for f in same if f.name), "")
    row = support.of_module(package) if package else None
    if row is not None and not row.runs_on(_ROCM, None):
        return ()  # its documentation leaves AMD GPUs out: _library_unsupported says so
    facts.use("stated", *same)
    facts.use("accelerator", amd)
    way = remedies.installer(paste.evidence.python)
    name = row.name if row is not None else package
    return (
        finding(
            Code.CUDA_ONLY_PACKAGE,
            backend=_ROCM,
            variant="cuda_library",
            package=name or "the package that failed",
            said=f'the loader: "{library}: cannot open shared object file"',
            accelerator=f"an {registry.BY_KEY[_ROCM].hardware}",  # "an AMD GPU"
            shown=printable(one_line(amd.value))[:80],
            uninstall=remedies.pip(way, "uninstall", "-y", *row.dists[:1]) if row else None,
        ),
    )


# issue 38 (s14-sharedlib): the system libraries opencv-python's wheels link (its README:
# the "headless" packages are for server environments such as Docker and have "no GUI library
# dependencies", https://github.com/opencv/opencv-python#installation-and-usage): where cv2
# needs one, opencv-python-headless is the documented alternative to installing it.
_OPENCV_GUI: Final = frozenset(
    sonames.stem(f"{name}.so")  # as sonames.stem reads a soname ("libgthread-2.0.so.0")
    for name in ("libGL", "libEGL", "libgthread-2.0", "libglib-2.0", "libSM", "libICE",
                 "libXext", "libXrender", "libX11", "libxcb")
)  # fmt: skip
_OPENCV: Final = ("cv2", "opencv")


def _shared_library(facts: _Read) -> tuple[Finding, ...]:
    """A library the loader could not find (glibc's, dyld's or Windows' words) that no finding
    above names (CUDA's, Ascend's, oneAPI's own say more): the file, the package that needed
    it, and who provides it (compat/sonames.py): a vendor's runtime with its backend, torch's
    own libraries, a Debian package (an apt-get line where the paste shows Debian or Ubuntu),
    another major release than the system's, or unknown, with the facts that would decide.
    One finding per library file."""
    said = facts.all(FactKey.MESSAGE_SHARED_LIBRARY)
    if not said:
        return ()
    # the lines another finding's error message rests on (bitsandbytes' library, a CUDA
    # library's): that finding says more
    taken = {
        f.line
        for part in facts.used.values()
        for f in part
        if f.key in STATED_ERRORS and f.key is not FactKey.MESSAGE_SHARED_LIBRARY
    }
    debian = facts.all(FactKey.PROSE_DEBIAN)
    # issue 38 (s17-wrongB): a file the paste's own error lines show asked for by its path (a
    # package's own library, "…/site-packages/bitsandbytes/libbitsandbytes_cpu.so"), named
    # alone elsewhere (an issue's title quoting the message without its path): the reader's
    # rule for a path (readers/messages.py _SHARED_LIBRARY: not a library to install) holds
    by_path = {f.value for f in facts.all(FactKey.MESSAGE_FILE_BY_PATH_MISSING)}
    # issue 38 (s18-audiopy): FFmpeg's libraries torchaudio's FFmpeg integration missed: its
    # finding names them
    ffmpeg = {id(f) for f in facts.used.get("torchaudio_ffmpeg", ())}
    found: list[Finding] = []
    seen: set[str] = set()
    for fact in said:
        library = fact.value
        if fact.line in taken or library in seen or library in by_path or id(fact) in ffmpeg:
            continue
        seen.add(library)
        named = [f for f in said if f.value == library]
        needed = next((f.name for f in named if f.name), "") or "the package that failed"
        facts.use("shared_library", *named)
        source = sonames.provider(library)
        kind = source.kind
        windows = library.endswith((".dll", ".pyd", "(.pyd)"))
        cv2 = any(needed.startswith(o) for o in _OPENCV) and sonames.stem(library) in _OPENCV_GUI
        alternative = (
            "or install opencv-python-headless in place of opencv-python (its README: the "
            "headless build has no GUI library dependencies, for servers and containers)"
            if cv2
            else ""
        )
        common = {"library": library, "needed": needed, "alternative": alternative}
        if windows:
            # CPython's "DLL load failed" elsewhere in the paste (a title's, a link's words)
            # is the same refusal, where it is not torch's own (torch.windows_dll's)
            again = facts.all(FactKey.MESSAGE_DLL_LOAD_FAILED)
            facts.use("shared_library", *(f for f in again if f.name != "torch"))
            found.append(finding(Code.SHARED_LIBRARY_MISSING, variant="windows", **common))
        elif kind == "vendor":
            found.append(
                finding(
                    Code.SHARED_LIBRARY_MISSING,
                    backend=source.backend,
                    variant="vendor",
                    provides=source.provides,
                    **common,
                )
            )
        elif kind == "torch":
            found.append(finding(Code.SHARED_LIBRARY_MISSING, variant="torch", **common))
        elif kind == "other_release":
            found.append(
                finding(
                    Code.SHARED_LIBRARY_MISSING,
                    variant="other_release",
                    release=source.release.split(",", 1)[0],
                    present=source.present,
                    **common,
                )
            )
        elif kind == "system":
            one = len(source.packages) == 1
            if debian and one:
                facts.use("shared_library", debian[0])
            packages = source.provides if one else f"one of {source.provides}"
            found.append(
                finding(
                    Code.SHARED_LIBRARY_MISSING,
                    variant=None if debian and one else "system_words",
                    packages=packages,
                    release=source.release,
                    install=remedies.apt_install(source.packages) if debian and one else None,
                    **common,
                )
            )
        elif kind == "macos":
            found.append(finding(Code.SHARED_LIBRARY_MISSING, variant="macos", **common))
        else:
            found.append(finding(Code.SHARED_LIBRARY_MISSING, variant="unknown", **common))
    return tuple(found)


def _nvcc(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """nvcc's release (sglang.check_env's "NVCC:", ds_report's "nvcc version", nvcc -V's
    "release 12.1") of another major release than the CUDA torch was built with: torch/utils/
    cpp_extension.py `_check_cuda_version` (pytorch/pytorch @
    cf30153c4c131c8164ee7798e5022d810682e2cb, torch 2.13.0; older releases refused any
    difference) reads `release X.Y` from CUDA_HOME's nvcc and raises CUDA_MISMATCH_MESSAGE
    where its major differs from torch.version.cuda's, only warning on a minor difference,
    whenever BuildExtension builds a CUDA extension (flash-attn, xformers, apex, DeepSpeed's
    ops).
    issue 38: torch's refusal itself names both releases, whatever else the paste shows
    (`refused`); older releases refused a minor difference too (`minor`). The remedy:
    a torch build of nvcc's major (the wheel table's, through remedies), or a toolkit of
    torch's."""
    evidence = paste.evidence
    torch = evidence.torch
    way = remedies.installer(evidence.python)
    refused = facts.all(FactKey.MESSAGE_TORCH_CUDA_MISMATCH)
    built = facts.all(FactKey.MESSAGE_TORCH_BUILT_CUDA)
    if refused and built:
        nvcc, cuda = refused[0].value, built[0].value
        facts.use("nvcc", *refused, *built, *facts.all(FactKey.PIP_BUILD_FAILED))
        nvcc_major, cuda_major = _major(nvcc), _major(cuda)
        variant: Literal["refused", "minor"] = "refused" if nvcc_major != cuda_major else "minor"
        # the installed torch's version, where the paste shows no other CUDA for it
        version = (
            torch.version if torch and torch.version and torch.cuda in (None, "", cuda) else ""
        )
        if version:
            facts.use("nvcc", facts.one(FactKey.TORCH_VERSION))
        return (
            finding(
                Code.NVCC_MAJOR_MISMATCH,
                backend=_CUDA,
                variant=variant,
                nvcc=nvcc,
                torch=version,
                built=f"torch {version}" if version else "torch",
                cuda=cuda,
                major=cuda_major,
                nvcc_major=nvcc_major,
                install=remedies.torch_for_toolkit(way, evidence, nvcc),
                toolkit=_toolkit_line(way, cuda_major),
            ),
        )
    said = facts.one(FactKey.NVCC)
    if said is None or torch is None or not torch.version or not torch.cuda:
        return ()
    nvcc_major, cuda_major = _major(said.value), _major(torch.cuda)
    if nvcc_major == cuda_major:
        return ()
    facts.use("nvcc", said)
    return (
        finding(
            Code.NVCC_MAJOR_MISMATCH,
            backend=_CUDA,
            nvcc=said.value,
            torch=torch.version,
            cuda=torch.cuda,
            major=cuda_major,
            nvcc_major=nvcc_major,
            install=remedies.torch_for_toolkit(way, evidence, said.value),
            toolkit=_toolkit_line(way, cuda_major),
        ),
    )


def _toolkit_line(way: remedies.Installer, major: str) -> Shell:
    """conda's CUDA compiler of torch's major, introduced, where the paste shows a conda
    environment to put it in (remedies.cuda_toolkit); nothing elsewhere."""
    line = remedies.cuda_toolkit(way, major)
    return (
        comment(f"or, in this conda environment, a CUDA {major}.x compiler:") + line
        if line
        else line
    )


def _npu_named(shown: Sequence[PastedFact]) -> PastedFact:
    """The line that shows the NPU best: torch-npu listed, else a device or CANN's version,
    else the first line that names it."""
    for keys in (
        (FactKey.PACKAGE, FactKey.PROSE_PACKAGE),
        (FactKey.DEVICE, FactKey.ASCEND_CHIP, FactKey.DEVICE_SOFTWARE),
    ):
        for fact in shown:
            if fact.key in keys:
                return fact
    return shown[0]


def _npu_words(fact: PastedFact) -> str:
    """What the paste shows of the NPU, in a few words: "torch-npu 2.5.1", "910B3"."""
    if fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
        said = f"{fact.name} {fact.value}"
    elif fact.key is FactKey.DEVICE_SOFTWARE:
        said = f"CANN {fact.value}"
    elif fact.key in (FactKey.DEVICE, FactKey.ASCEND_CHIP):
        said = fact.value
    elif fact.key.value.endswith(".available"):  # issue 38 (s13-gpuonly): torch's own answer
        device = fact.key.value.rsplit(".", 1)[0]
        module = f"backends.{device}" if device == _MPS else device  # torch.backends.mps
        said = f"torch.{module}.is_available() {fact.value}"
    else:
        said = f"the words {fact.value!r}"
    return printable(one_line(said))[:80]


# issue 41: the packages of each CUDA major a mixed-stack finding names (and rests on).
_SHOWN_PER_MAJOR: Final = 3


def _mixed_cuda(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """The live loaded-library check's two CUDA majors (checks/libraries.py), from
    what a paste shows installed: NVIDIA's CUDA library packages that `[pip3]`/`[conda]`
    (or pip list) name, each of a CUDA major (compat/libraries.py `cuda_major_of`), and the
    CUDA torch was built with. Two majors: a process that loads torch's libraries and
    another package's takes whichever copy the loader finds first."""
    majors: dict[int, dict[str, PastedFact]] = {}
    elsewhere = _conda_lists_another_environment(evidence, facts)
    for fact in facts.all(FactKey.PACKAGE):
        if elsewhere and fact.quote.text.lstrip().startswith("[conda]"):
            continue
        major = libraries.cuda_major_of(fact.name or "", fact.value)
        if major is not None:
            majors.setdefault(major, {}).setdefault(versions.canonical_name(fact.name or ""), fact)
    torch = evidence.torch
    built = torch.cuda if torch is not None and torch.cuda else None
    torch_fact = facts.one(FactKey.TORCH_CUDA) or facts.one(FactKey.TORCH_VERSION)
    torch_major = int(built.split(".")[0]) if built and built.split(".")[0].isdigit() else None
    both = set(majors) | ({torch_major} if torch_major is not None else set())
    if len(both) < 2 or not majors:
        return ()
    shown: list[str] = []
    for major in sorted(both):
        named = list(majors.get(major, {}).values())
        said = [f"{f.name}=={f.value}" for f in named[:_SHOWN_PER_MAJOR]]
        if len(named) > _SHOWN_PER_MAJOR:
            said.append(f"{len(named) - _SHOWN_PER_MAJOR} more")
        if major == torch_major:
            said.insert(0, f"torch built with CUDA {built}")
        shown.append(f"CUDA {major}: {', '.join(said)}")
        facts.use("libraries", *named[:_SHOWN_PER_MAJOR])
    if torch_major is not None:
        facts.use("libraries", torch_fact)
    owners = (
        f"torch {torch.version or ''} is built for CUDA {built}".replace("  ", " ")
        if torch is not None and built
        else "the paste does not show torch's CUDA build"
    )
    return (
        finding(
            Code.LIBRARIES_MIXED_CUDA,
            backend=_CUDA,
            variant="installed",
            majors=" and ".join(str(m) for m in sorted(both)),
            paths="; ".join(shown),
            owners=owners,
        ),
    )


def _conda_lists_another_environment(evidence: Evidence, facts: _Read) -> bool:
    """`[conda]` lists another environment than the interpreter's (compat/libraries.py
    `conda_lists_another_environment`): its CUDA packages are not installed beside torch."""
    torch = evidence.torch.version if evidence.torch is not None else None
    conda_torch = [
        f.value
        for f in facts.all(FactKey.PACKAGE)
        if versions.canonical_name(f.name or "") in ("torch", "pytorch")
        and f.quote.text.lstrip().startswith("[conda]")
    ]
    return libraries.conda_lists_another_environment(torch, conda_torch)


def _no_cuda(facts: _Read) -> bool:
    """The paste shows torch without CUDA: transformers' words then mean no GPU at all."""
    said = facts.one(FactKey.CUDA_AVAILABLE)
    return bool(facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)) or (
        said is not None and said.value.strip().lower() in ("false", "no")
    )


# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
def _stated_with_words(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """Messages that name their cause and what it was about, each read by the messages
    reader (which cites the code that prints it): torch's MPS allocator past its limit or
    asked for a buffer larger than Metal allows, glibc refusing a library that asks for an
    executable stack. The finding is for the accelerator the message is of (MPS), or for
    none (a library of any backend); it rests on the first line that says it and the first
    that says it whole (an issue's title, then the log's line with the sizes)."""
    found: list[Finding] = []
    if said := facts.all(FactKey.MESSAGE_MPS_OOM):
        sized = next((f for f in said if f.value != "MPS backend out of memory"), said[0])
        facts.use("stated", said[0], *([sized] if sized is not said[0] else []))
        found.append(finding(Code.MPS_OUT_OF_MEMORY, backend=_MPS, said=sized.value))
    if said := facts.all(FactKey.MESSAGE_MPS_BUFFER):
        facts.use("stated", said[0])
        found.append(finding(Code.MPS_BUFFER_TOO_LARGE, backend=_MPS, size=said[0].value))
    if said := facts.all(FactKey.MESSAGE_MPS_NDARRAY):  # issue 38: MPS's 4 GiB array
        facts.use("stated", *said)
        # Metal's assertion, not torch's: one MPSNDArray past 4 GiB (macOS 13 and older for
        # any tensor, pytorch/pytorch#86279; some ops still on newer, #149325)
        found.append(
            finding(Code.MPS_BUFFER_TOO_LARGE, backend=_MPS, variant="ndarray", size=said[0].value)
        )
    if said := facts.all(FactKey.MESSAGE_MPS_INT_MAX):  # issue 38 (s12-mps): MPSGraph's limit
        facts.use("stated", *said)
        found.append(
            finding(Code.MPS_BUFFER_TOO_LARGE, backend=_MPS, variant="dims", size=said[0].value)
        )
    if said := facts.all(FactKey.MESSAGE_MPS_BUFFER_SHORT):  # issue 38: torch's MPS views
        facts.use("stated", *said)  # its words in prose, then Metal's assertion
        value = said[0].value  # Metal's words without its selector, or torch's
        words = "buffer is not large enough" if "Error: buffer" in value else value
        found.append(finding(Code.MPS_BUFFER_SHORT, backend=_MPS, said=words))
    if said := facts.all(FactKey.MESSAGE_EXECSTACK):
        named = next((f for f in said if f.name), said[0])
        facts.use("stated", said[0], *([named] if named is not said[0] else []))
        library, path = named.name or "", named.value
        variant: Literal["name_only", "unnamed"] | None = (
            None if path.startswith("/") else "name_only" if library else "unnamed"
        )
        found.append(finding(Code.LIBRARY_EXECSTACK, library=library, path=path, variant=variant))
    if said := facts.all(FactKey.MESSAGE_XPU_NOT_BUILT):
        found.append(_xpu_not_built(evidence, facts, said[0]))
    found.extend(_intel_igpu(facts))
    found.extend(_intel_runtime(facts))  # issue 38: the oneAPI runtime, IPEX's Windows DLLs
    found.extend(_hpu_acquire(facts))
    if said := facts.all(FactKey.MESSAGE_HABANA_MISSING):
        facts.use("stated", said[0])
        found.append(finding(Code.HPU_BRIDGE_MISSING, backend=_HPU, module=said[0].value))
    if old_dkms := facts.all(FactKey.MESSAGE_NEURON_OLD_DKMS):
        # issue 38: Neuron / TPU runtimes and packages. The old driver package failing to
        # install: the cause of any runtime line after it that finds no driver
        facts.use("stated", *old_dkms, *facts.all(FactKey.DKMS_FAILED))
        facts.use("stated", *facts.all(FactKey.MESSAGE_NEURON_DRIVER))
        # the package manager's failure, or a title's, before the pointer to DKMS's log
        named_dkms = next((f for f in old_dkms if "make.log" not in f.value), old_dkms[0])
        said_dkms = " ".join(named_dkms.value.split())
        found.append(
            finding(
                Code.NEURON_DRIVER_UNUSABLE, backend=_NEURON, said=said_dkms, variant="old_package"
            )
        )
    elif cores := facts.all(FactKey.MESSAGE_NEURON_CORES):  # issue 38: cores held elsewhere
        facts.use("stated", *cores)
        # the runtime's "No neuron device available" beside it is the same refusal
        facts.use("stated", *facts.all(FactKey.MESSAGE_NEURON_DRIVER))
        said_cores = " ".join(cores[0].value.split())
        found.append(finding(Code.NEURON_CORES_IN_USE, backend=_NEURON, said=said_cores))
    elif said := facts.all(FactKey.MESSAGE_NEURON_DRIVER):
        facts.use("stated", *said)  # issue 38: the runtime's, neuron-ls's and docker's lines
        # issue 38: neuron-rtd's version and its failed start's other lines (Neuron Runtime 1.x)
        facts.use("stated", *facts.all(FactKey.NEURON_RTD_VERSION)[:1])
        facts.use("stated", *facts.all(FactKey.NEURON_RTD_FAILED))
        # issue 38: the line that names the cause, before the lines that follow from it
        named = next((f for f in said if _NEURON_NAMING.search(f.value)), said[0])
        rtd = facts.all(FactKey.NEURON_RTD_VERSION)
        found.append(_neuron_driver(" ".join(named.value.split()), rtd[0].value if rtd else ""))
    found.extend(_container_runtime(facts))  # issue 38: Gaudi / Neuron / TPU
    found.extend(_habana_validated(facts))  # issue 38: Gaudi software of another release
    found.extend(_rocm_nodes_denied(facts))  # issue 38: ROCm device nodes, a conda libstdc++
    found.extend(_conda_libstdcxx(facts))
    return tuple(found)


_HABANA_WHAT: Final = {
    "driver": "the host's driver (hl-smi)",
    "habana-frameworks": "the PyTorch bridge (habana-torch-plugin)",
}


def _habana_validated(facts: _Read) -> tuple[Finding, ...]:
    """issue 38: optimum-habana's own release check: the Intel Gaudi release it was
    validated for against the bridge's or the driver's, one finding on the first that says
    so (the driver's first: the host is the harder to change), every such line used."""
    said = facts.all(FactKey.MESSAGE_HABANA_VALIDATED)
    if not said:
        return ()
    facts.use("stated", *said)
    first = next((f for f in said if f.value.endswith(" driver")), said[0])
    validated, found, what = first.value.split(" ", 2)
    release = ".".join(found.split(".")[:3])
    return (
        finding(
            Code.HPU_SOFTWARE_RELEASE,
            backend=_HPU,
            validated=validated,
            found=found,
            found_release=release,
            what=_HABANA_WHAT.get(what, what),
        ),
    )


# issue 38: ROCm device nodes denied. The groups ROCm's install guide has a user join to open
# /dev/kfd and /dev/dri/renderD* (https://rocm.docs.amd.com/projects/install-on-linux/en/
# latest/install/prerequisites.html, "Setting permissions for groups": `sudo usermod -a -G
# render,video $LOGNAME`, then log out and back in), the registry's access groups for the
# backend.
_ROCM_BACKEND: Final = registry.BY_KEY[_ROCM]


def _rocm_nodes_denied(facts: _Read) -> tuple[Finding, ...]:
    """rocminfo or Ollama could not open ROCm's device nodes, Permission denied: the
    render and video groups open them. Where rocminfo says the login is a member of one of
    them already, the group came after this session began (a group applies from the next
    login); otherwise the user is to join them. Other errors of the same open (EINVAL,
    ENOENT, ENOMEM) are the driver's and are not read here."""
    denied = facts.all(FactKey.MESSAGE_ROCM_NODE_DENIED)
    if not denied:
        return ()
    said = facts.all(FactKey.MESSAGE_ROCM_MEMBER)
    facts.use("stated", *denied, *said)
    nodes = tuple(dict.fromkeys(f.value for f in denied))[:4]
    groups = _ROCM_BACKEND.access_groups
    member = [f.value for f in said if f.value in groups]
    variant: Literal["pasted", "pasted_member"] = (
        "pasted_member"
        if member and not any(f.value.startswith("not ") for f in said)
        else "pasted"
    )
    return (
        finding(
            Code.NODE_DENIED,
            backend=_ROCM,
            variant=variant,
            hardware=_ROCM_BACKEND.hardware,
            nodes=", ".join(nodes),
            named_groups=" and ".join(groups),
            groups=",".join(groups),
            group=member[0] if member else groups[0],
            unknown_groups="",
            listed=tuple(n for n in nodes if _device_path(n)),
        ),
    )


# issue 38: a conda environment's libstdc++ older than a library loaded into it. The GCC
# release that first ships each symbol version of libstdc++.so.6, from the libstdc++ manual's
# ABI policy (https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html, "Symbol versioning":
# GCC 9.3.0 GLIBCXX_3.4.28, 11.1.0 3.4.29, 12.1.0 3.4.30, 13.1.0 3.4.31, 13.2.0 3.4.32, 14.1.0
# 3.4.33, 15.1.0 3.4.34); conda-forge's libstdcxx-ng is versioned by that GCC release
# (https://anaconda.org/conda-forge/libstdcxx-ng).
_GLIBCXX_GCC: Final = {
    20: "4.9", 21: "5.1", 22: "6.1", 23: "7.1", 24: "7.2", 25: "8.1", 26: "9.1", 27: "9.2",
    28: "9.3", 29: "11.1", 30: "12.1", 31: "13.1", 32: "13.2", 33: "14.1", 34: "15.1",
}  # fmt: skip
# A libstdc++ of a conda environment: its prefix's lib (envs/<name>/lib, miniconda3/lib,
# ~/.conda/envs, miniforge3, mambaforge, micromamba), or torch's RPATH into its environment's
# lib ("torch/lib/../../../../libstdc++.so.6", which a maintainer's quote shortens to
# "../../../../").
_CONDA_WORDS: Final = ("conda", "miniforge", "mambaforge", "micromamba", "/envs/")


def _conda_libstdcxx(facts: _Read) -> tuple[Finding, ...]:
    """glibc's loader found the conda environment's libstdc++.so.6 first (the environment's
    RPATH and LD_LIBRARY_PATH come before the system's) and it lacks the symbol version a
    library needs (the Level Zero loader, Mesa's drivers, an extension built with a newer
    GCC): the environment's libstdc++ is too old. A system path's libstdc++ is another
    matter (the distribution's GCC), left to the error lines."""
    for said in facts.all(FactKey.MESSAGE_GLIBCXX_MISSING):
        where = said.name or ""
        relative = where.startswith("../")
        if not relative and not any(word in where for word in _CONDA_WORDS):
            continue
        symbol, _, needed_by = said.value.partition(" ")
        gcc = _GLIBCXX_GCC.get(int(symbol.rsplit(".", 1)[1]), "")
        prefix = where.split("/bin/../lib/")[0] if "/bin/../lib/" in where else where
        prefix = prefix.removesuffix("/").removesuffix("/lib")
        facts.use("stated", said)
        variant: Literal["environment_unnamed"] | None = (
            "environment_unnamed" if relative or not prefix.startswith(("/", "~")) else None
        )
        return (
            finding(
                Code.CONDA_LIBSTDCXX,
                variant=variant,
                symbol=symbol,
                library=needed_by.rsplit("/", 1)[-1],
                needed_by=needed_by,
                gcc=gcc,
                install=remedies.conda_libstdcxx(None if variant else prefix, gcc),
                prefix=prefix,
            ),
        )
    return ()


def _xpu_not_built(evidence: Evidence, facts: _Read, said: PastedFact) -> Finding:
    """torch without XPU asked for the Intel GPU: its xpu build is the remedy, except where
    the paste shows IPEX's XPU build from before torch 2.5 (a +xpu release below 2.5) and
    either IPEX's own torch or no torch version at all. There the device comes from IPEX once
    imported (IPEX's getting-started guide; "pls import ipex first",
    intel/intel-extension-for-pytorch#392), and a newer torch would not pair with that IPEX.
    A torch from PyPI beside it (no IPEX local label) keeps the xpu-build answer."""
    ipex = _ipex_xpu(facts)
    torch, torch_fact = _shown_torch(evidence, facts)
    if ipex is not None and (torch is None or _ipex_own_torch(torch)):
        facts.use("stated", said, ipex, torch_fact)
        variant: Literal["torch_not_shown"] | None = None if torch else "torch_not_shown"
        return finding(
            Code.XPU_IPEX_NOT_IMPORTED,
            backend=_XPU,
            said=said.value,
            ipex=ipex.value,
            torch=torch or "",
            variant=variant,
        )
    compiled = any(_XPU_NOT_COMPILED in f.value for f in facts.all(FactKey.MESSAGE_XPU_NOT_BUILT))
    if torch is None and not _ipex_listed(facts) and not compiled:
        # issue 38: ambiguous cause, no assertion. c10's "not linked" is what torch before
        # 2.5 says whenever no XPU device guard is registered: IPEX's XPU build not yet
        # imported (intel/intel-extension-for-pytorch#392) as much as a torch without XPU.
        # With neither torch's version nor IPEX's in the paste it names no build.
        facts.use("stated", said)
        return finding(Code.XPU_NOT_LINKED_UNSHOWN, backend=_XPU, said=said.value)
    facts.use("stated", said)
    way = remedies.installer(evidence.python)
    install = remedies.install(registry.BY_KEY[_XPU], way, replace=True, evidence=evidence)
    return finding(Code.XPU_NOT_BUILT, backend=_XPU, said=said.value, install=install)


# issue 38: ambiguous cause, no assertion. torch's own words for a build without XPU
# (torch/xpu/__init__.py _lazy_init: `if not _is_compiled(): raise AssertionError("Torch
# not compiled with XPU enabled")`, _is_compiled being whether torch._C has the XPU
# bindings), which say the build by themselves, unlike c10's device-guard message.
_XPU_NOT_COMPILED: Final = "Torch not compiled with XPU enabled"


def _ipex_listed(facts: _Read) -> bool:
    """Whether the paste shows IPEX's version at all (IPEX's collect_env, ipex-llm's
    env-check, a package line), of any build."""
    listed = (
        f
        for key in _VERSION_KEYS
        for f in facts.all(key)
        if versions.canonical_name(f.name or "") in _IPEX_DISTS
    )
    return bool(facts.all(FactKey.IPEX_VERSION)) or any(True for _ in listed)


# IPEX's distribution names (pip list, pip freeze, collect_env's [pip3] lines).
_IPEX_DISTS: Final = frozenset({"intel-extension-for-pytorch"})


def _ipex_xpu(facts: _Read) -> PastedFact | None:
    """IPEX's XPU build from before torch 2.5, where the paste shows it: IPEX's collect_env
    or ipex-llm's env-check line, or a package listing; its release's x.y is the torch it
    pairs with (IPEX's installation guide: "v2.1.10+xpu has to work with PyTorch v2.1.*")."""
    listed = [
        f
        for key in _VERSION_KEYS
        for f in facts.all(key)
        if versions.canonical_name(f.name or "") in _IPEX_DISTS
    ]
    for fact in facts.all(FactKey.IPEX_VERSION) + listed:
        public, _, local = fact.value.partition("+")
        # IPEX's XPU wheels carry the device's name as their local label ("2.1.10+xpu")
        if local.strip().lower() == registry.BY_KEY[_XPU].device and versions.satisfies(
            public, "<2.5"
        ):
            return fact
    return None


def _shown_torch(evidence: Evidence, facts: _Read) -> tuple[str | None, PastedFact | None]:
    """torch's version where the paste shows it, with the line of ipex-llm's env-check that
    says it where that is where it shows."""
    if evidence.torch and evidence.torch.version:
        return evidence.torch.version, None
    said = facts.one(FactKey.ENV_CHECK_TORCH)
    return (said.value, said) if said else (None, None)


def _ipex_own_torch(torch: str) -> bool:
    """IPEX's own torch builds before 2.5, by the local labels of Intel's index (the versions
    it offers: 2.0.1a0+cxx11.abi … 2.3.1+cxx11.abi, as pip lists them in
    intel/intel-extension-for-pytorch#752; 1.13.0a0+git6c9b55e, as its maintainers link
    them in #340). PyPI's and download.pytorch.org's builds carry no such label."""
    public, _, local = torch.partition("+")
    own = local.startswith("cxx11") or (local.startswith("git") and "a0" in public)
    return own and bool(versions.satisfies(public, "<2.5"))


# issue 38: optimum-neuron and the Neuron packages its release pins
_OPTIMUM_NEURON_PINNED: Final = frozenset(
    {"neuronx-cc", "torch-neuronx", "torch", "transformers", "transformers-neuronx"}
)


def _optimum_neuron(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """An optimum-neuron release beside Neuron packages its release does not pin, where the
    paste lists them (`optimum-cli env`'s "- `name` version:" lines, pip list / freeze): the
    release's pins from its own setup.py / pyproject.toml (compat/optimum_neuron.py), the
    line that installs the release with them. A dev build or a release outside the table
    says nothing."""
    listed: dict[str, PastedFact] = {}
    for fact in facts.all(FactKey.PACKAGE):
        name = versions.canonical_name(fact.name or "")
        listed.setdefault(name, fact)
    release = listed.get("optimum-neuron")
    if release is None or optimum_neuron.requires(release.value) is None:
        return ()
    installed = {n: f.value for n, f in listed.items() if n in _OPTIMUM_NEURON_PINNED}
    apart = optimum_neuron.apart(release.value, installed)
    if not apart:
        return ()
    facts.use("optimum_neuron", release, *(listed[dist] for dist, _, _ in apart))
    way = remedies.installer(evidence.python)
    return (
        finding(
            Code.NEURON_OPTIMUM_APART,
            backend=_NEURON,
            release=release.value,
            pinned=", ".join(f"{dist} {spec}" for dist, _, spec in apart),
            shown=", ".join(f"{dist} {version}" for dist, version, _ in apart),
            install=remedies.optimum_neuron(way, release.value),
        ),
    )


def _hpu_acquire(facts: _Read) -> tuple[Finding, ...]:
    """Gaudi's "Device acquire failed": with the host's release (hl-smi's driver, the
    reporter's SynapseAI) and the container image's both shown and apart, that is the
    cause; otherwise the failure, with what it can be (another process holds the device
    where the status says so)."""
    said = facts.all(FactKey.MESSAGE_HPU_ACQUIRE)
    if not said:
        return ()
    first = next((f for f in said if f.value.startswith("synStatus")), said[0])
    hosts = {f.value: f for f in facts.all(FactKey.HABANA_HOST)}
    images = {f.value: f for f in facts.all(FactKey.HABANA_IMAGE)}
    apart = [
        (host, image)
        for host in hosts.values()
        for image in images.values()
        if host.value.split(".")[:2] != image.value.split(".")[:2]
    ]
    if len(hosts) == 1 and len(images) == 1 and apart:
        host, image = apart[0]
        facts.use("stated", first, host, image)
        status, host_release, image_release = first.value, host.value, image.value
        return (
            finding(
                Code.HPU_VERSIONS_APART,
                backend=_HPU,
                said=status,
                host=host_release,
                image=image_release,
            ),
        )
    facts.use("stated", said[0], first)
    variant: Literal["already_acquired"] | None = (
        "already_acquired" if first.value.startswith("synStatus=20 ") else None
    )
    return (finding(Code.HPU_ACQUIRE_FAILED, backend=_HPU, said=first.value, variant=variant),)


# issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs. The oneAPI
# release whose runtime gives each soname (the catalogue's explanation cites them): DPC++'s
# libsycl.so.N, oneMKL's libmkl_sycl.so.N (2022-2023) and its split SYCL domain libraries
# libmkl_sycl_<domain>.so.N (2024 on).
_ONEAPI_RELEASES: Final = {
    ("libsycl", "6"): "2023",
    ("libsycl", "7"): "2024",
    ("libsycl", "8"): "2025",
    ("libmkl_sycl", "2"): "2022",
    ("libmkl_sycl", "3"): "2023",
    ("libmkl_sycl_", "4"): "2024",
    ("libmkl_sycl_", "5"): "2025",
}
# Windows' loader errors as IPEX's re-raise gives them, in words.
_WINERROR_WHY: Final = {
    "126": "a DLL it needs was not found (the oneAPI runtime not installed or not activated, "
    "or the Visual C++ Redistributable missing)",
    "127": "a procedure it needs is missing from the DLL found (another oneAPI release's)",
    "193": "a DLL it loads is not built for this machine (a wheel for another Python or "
    "architecture)",
}


def _oneapi_release(library: str) -> str | None:
    """The oneAPI release whose runtime gives this soname ("libsycl.so.7": "2024")."""
    stem, _, tail = library.partition(".so.")
    major = tail.split(".", 1)[0]
    if stem.startswith("libmkl_sycl_"):
        stem = "libmkl_sycl_"
    return _ONEAPI_RELEASES.get((stem, major))


def _intel_runtime(facts: _Read) -> tuple[Finding, ...]:
    """A oneAPI runtime library the loader cannot open, and IPEX's Windows DLLs refused by
    Windows' loader: each names the runtime the Intel GPU build needs."""
    found: list[Finding] = []
    if said := facts.all(FactKey.MESSAGE_ONEAPI_LIBRARY):
        facts.use("stated", said[0])
        release = _oneapi_release(said[0].value)
        variant: Literal["release_unknown"] | None = None if release else "release_unknown"
        found.append(
            finding(
                Code.XPU_ONEAPI_LIBRARY,
                backend=_XPU,
                library=said[0].value,
                release=release or "",
                version="",
                required="",
                variant=variant,
            )
        )
    elif said := facts.all(FactKey.MESSAGE_ONEAPI_APART):
        # an older release's library found ahead of the one the build needs
        facts.use("stated", said[0])
        library, version, required = said[0].value.split(" ", 2)
        needed = _oneapi_release(required)
        found.append(
            finding(
                Code.XPU_ONEAPI_LIBRARY,
                backend=_XPU,
                library=library,
                release=needed or "",
                version=version,
                required=required,
                variant="older_first" if needed else "older_first_unknown",
            )
        )
    if (said := facts.all(FactKey.MESSAGE_MKL_IJIT)) and not found:
        # issue 38 (s6-macintel): torch's CPU library wanting oneMKL 2024.0's JIT-profiling
        # symbol from a newer oneMKL found first (the source is beside _MKL_IJIT in
        # readers/messages.py)
        facts.use("stated", said[0])
        found.append(
            finding(
                Code.XPU_ONEAPI_LIBRARY,
                backend=_XPU,
                library="libtorch_cpu.so",
                release="2024.0",
                version=said[0].value,
                required="",
                variant="mkl_ijit",
            )
        )
    if said := facts.all(FactKey.MESSAGE_IPEX_DLL):
        # every line of the refusal is read (a title's cut copy too); the first that names
        # its DLL is told
        facts.use("stated", *said)
        named = [f for f in said if not f.value.startswith("? ")]
        dll, _, winerror = (named or said)[0].value.rpartition(" ")
        why = _WINERROR_WHY.get(winerror, _WINERROR_WHY["126"])
        cut: Literal["dll_unnamed"] | None = None if named else "dll_unnamed"
        found.append(
            finding(
                Code.XPU_IPEX_DLL,
                backend=_XPU,
                dll=dll,
                winerror=winerror,
                why=why,
                variant=cut,
            )
        )
    return tuple(found)


def _intel_igpu(facts: _Read) -> tuple[Finding, ...]:
    """The XPU runtime found no device, and the only Intel GPU the paste names is an
    integrated one the XPU support lists leave out (Iris Xe, UHD): that GPU is why. Where
    the paste names a GPU on the lists too (an Arc A770 beside a UHD 770), the empty count
    has another cause (the driver, the render group) and this says nothing."""
    if warned := facts.all(FactKey.MESSAGE_XPU_GPU_UNSUPPORTED):
        # issue 38: torch itself names the GPU its XPU build does not support
        facts.use("stated", warned[0])
        return (
            finding(
                Code.XPU_IGPU_UNSUPPORTED,
                backend=_XPU,
                said="not officially supported by PyTorch XPU",
                gpu=warned[0].value,
                variant="torch_warns",
            ),
        )
    if facts.all(FactKey.MESSAGE_INTEL_XPU_GPU):
        return ()  # a GPU on the lists is there too: the failure has another cause
    if old := _gen9_igpu(facts):  # issue 38: Gen9 iGPUs under SYCL kernels
        return old
    said = facts.all(FactKey.MESSAGE_XPU_NO_DEVICE)
    igpu = facts.all(FactKey.MESSAGE_INTEL_IGPU)
    if not said or not igpu:
        return ()
    facts.use("stated", said[0], igpu[0])
    gpu = igpu[0].value
    return (finding(Code.XPU_IGPU_UNSUPPORTED, backend=_XPU, said=said[0].value, gpu=gpu),)


def _gen9_igpu(facts: _Read) -> tuple[Finding, ...]:
    """issue 38: a SYCL program (ipex-llm, Ollama or llama.cpp's SYCL backend, IPEX) whose
    kernels failed on a Gen9 Intel iGPU (UHD 6xx, Iris Plus 6xx: 6th to 10th generation
    Core), older than every Intel GPU support list, or whose GPU compiler refused their
    SPIR-V as too new (the legacy driver such GPUs stop at). With no GPU named, the SPIR-V
    refusal alone is told as the driver's, the GPU's age a possibility."""
    gen9 = facts.all(FactKey.MESSAGE_INTEL_GEN9)
    spirv = facts.all(FactKey.MESSAGE_SPIRV_UNSUPPORTED)
    failed = facts.all(FactKey.MESSAGE_SYCL_BUILD_FAILED)
    if not spirv and not (gen9 and failed):
        return ()
    if spirv and not spirv[0].value:  # issue 38: the words without their number (a title)
        said = "its compiler refused the kernels' SPIR-V version, newer than it reads"
    elif spirv:
        number = int(spirv[0].value)
        version = f"{number >> 16}.{(number >> 8) & 0xFF}"  # SPIR-V's word: 0x00010400 is 1.4
        said = f"its compiler refused SPIR-V {version}, newer than it reads"
    elif failed[0].value == "assertion":
        said = "a SYCL kernel's assertion failed"
    elif failed[0].value == "build log":
        said = "the kernels would not build for it"
    else:
        said = failed[0].value
    facts.use("stated", *(spirv or failed)[:1], *gen9[:1])
    if not gen9:
        return (
            finding(Code.XPU_IGPU_UNSUPPORTED, backend=_XPU, variant="spirv_unnamed", said=said),
        )
    return (
        finding(
            Code.XPU_IGPU_UNSUPPORTED,
            backend=_XPU,
            variant="old_igpu",
            said=said,
            gpu=gen9[0].value,
        ),
    )


def _cut_not_shown(cut: QuotedLine | None) -> tuple[Question, ...]:
    """issue 38 item 5 (s13-unread): the error line whose message the paste does not hold
    ("ValueError:" as its last line), asked for as `_stated_not_shown` asks: the command's
    whole output."""
    if cut is None:
        return ()
    return (
        Question(
            f"the message of the error on line {cut.line}, which the paste cuts: the whole "
            "output, from running the command that failed again inside this recorded shell "
            "(then exit, and paste error.log)",
            ("what the error is",),
            STATED_COMMAND,
        ),
    )


def _predicted(decide: Callable[[Inputs], T], given: Inputs) -> T:
    """A decision by the tables of the paste's release; a release older than every table
    (accelerate 0.16 in a 2023 paste) by the newest ones, for the steps this module asks
    about (PartialState(cpu=True), an available accelerator) read the same in every table."""
    try:
        return decide(given)
    except rules.OutsideTables:
        return decide(rules.as_newest(given))


_BARE_EXCEPTION: Final = re.compile(r"[A-Z][A-Za-z]{0,60}(?:Error|Exception)")


def _unread(
    paste: Pasted, resting: Sequence[PastedFact], explained: bool
) -> tuple[QuotedLine, ...]:
    """The lines that look like an error and that no finding accounts for: a finding rests on
    the line, or on what the line says (the same message repeated: "found version 11040"
    twice). A line read as a fact that no finding uses is listed too: hwdoctor has no
    explanation for it, and silence would read as health. A line that is only Python's or
    the loader's bare message (`Pasted.symptoms`: "undefined symbol: …") is the symptom
    of what a finding says, where the paste has one (`explained`)."""
    said = {(f.key, f.name, f.value) for f in resting}
    on_line: dict[int, list[PastedFact]] = {}
    for fact in paste.facts:
        on_line.setdefault(fact.line, []).append(fact)
    accounted = {f.line for f in resting} | {
        line
        for line, facts in on_line.items()
        if any((f.key, f.name, f.value) in said for f in facts)
    }
    # An error line by its shape, or by a message that states an error wherever it stands.
    stated = {f.line: f.quote for f in paste.facts if f.key in STATED_ERRORS}
    candidates = {**stated, **{q.line: q for q in paste.errors}}
    unread: list[QuotedLine] = []
    for quote in sorted(candidates.values(), key=lambda q: -q.line):  # last first: "A:" then B
        text = quote.text.strip().strip("`'\"")
        # An exception's name whose message is the next line ("AssertionError:" then torch's
        # words, as 1.x printed it), or how the process ended right after an error accounted
        # for ("Aborted (core dumped)"): the same error.
        if (
            quote.line in accounted
            or (explained and quote.line in paste.symptoms and quote.line not in stated)
            # (s18-npfine) ComfyUI's "Error occurred when executing X:" has a blank line
            # before its message
            or (text.endswith(":") and {quote.line + 1, quote.line + 2} & accounted)
            or (_PROCESS_END.match(text) and {quote.line - 1, quote.line - 2} & accounted)
            # issue 38 (s10-platform): an exception's bare name above its message, a blank
            # line between, as poetry's console (cleo's ExceptionTrace, python-poetry/cleo
            # src/cleo/ui/exception_trace/component.py) prints "RuntimeError" then its words
            or (_BARE_EXCEPTION.fullmatch(text) and {quote.line + 1, quote.line + 2} & accounted)
            # issue 38 (s18-npfine): an issue's title that only says an error happened ("#
            # Error loading … after following the instructions"), where a finding explains the
            # paste: the failure it explains, not another
            or (explained and quote.line == 1 and _title_says_error_only(text))
        ):
            accounted.add(quote.line)
            continue
        unread.append(quote)
    return tuple(sorted(unread, key=lambda q: q.line))


def _title_says_error_only(text: str) -> bool:
    """Whether an issue's title ("# …") is an error line by "Error <doing>" words alone
    (hwdoctor.text.ERROR_DOING), no exception's name or message of its own."""
    return (
        text.startswith("# ")
        and ERROR_DOING.search(text) is not None
        and _BARE_EXCEPTION.search(text) is None
    )


def _questions(not_checked: Sequence[NotChecked]) -> tuple[Question, ...]:
    """One question per command: what it would show, and the checks waiting for it."""
    unknowns: dict[str, list[str]] = {}
    waiting: dict[str, list[str]] = {}
    shows: dict[str, dict[str, None]] = {}
    for item in not_checked:
        for section, unknown, asked in QUESTIONS:
            command = _for_shell(asked)
            if section.value in item.missing:
                said = unknowns.setdefault(command, [])
                if unknown not in said:
                    said.append(unknown)
                waiting.setdefault(command, []).append(label(item.check))
                shows.setdefault(command, {}).update(dict.fromkeys(_SHOWS[section]))
                break
    return tuple(
        Question("; ".join(unknowns[command]), tuple(names), command, shows=tuple(shows[command]))
        for command, names in waiting.items()
    )


def label(check: str) -> str:
    """A check's name as the JSON writes it: "hidden_devices" → "hidden devices"."""
    return check.replace("_", " ")


def _one_per_command(questions: Sequence[Question]) -> tuple[Question, ...]:
    """One question per command, in the order first asked: two things the same command
    shows (the Python version, the torch version: collect_env) are asked for once. Each
    says in words what it is needed for (the catalogue's words for its checks)."""
    merged: dict[str, Question] = {}
    for question in questions:
        before = merged.get(question.command)
        if before is not None:
            unknown = before.unknown if question.unknown in before.unknown.split("; ") else (
                f"{before.unknown}; {question.unknown}")  # fmt: skip
            question = dataclasses.replace(
                before, unknown=unknown, subjects=(*before.subjects, *question.subjects),
                checks=tuple(dict.fromkeys((*before.checks, *question.checks))),
                shows=tuple(dict.fromkeys((*before.shows, *question.shows))),
            )  # fmt: skip
        merged[question.command] = question
    return tuple(
        dataclasses.replace(q, needed_for=tuple(dict.fromkeys(words_for(c) for c in q.checks)))
        for q in merged.values()
    )


def _gaps(evidence: Evidence, found: Sequence[Finding], other: bool) -> tuple[Question, ...]:
    """Checks that ran on part of what they need: what they could not judge, and how to
    find out; `other`: the paste shows an accelerator beyond torch.cuda's, whose machine is
    not asked whether it has an NVIDIA or AMD GPU."""
    gaps: list[Question] = []
    backends = evidence.backends or {}
    torch = evidence.torch
    host = evidence.host
    codes = {f.code for f in found}
    gpu_backends = [
        (b, _ARCH_COMMANDS[b.query.build])
        for b in registry.BACKENDS
        if b.query.build in _ARCH_COMMANDS
    ]
    for backend, command in gpu_backends:
        facts = backends.get(backend.key)
        if facts is None or torch is None or torch.build != backend.query.build:
            continue
        gaps += _kernel_gaps(facts, command)
        nvidia = backend.query.build is registry.Build.CUDA
        driver_known = host is not None and host.nvidia is not None and host.nvidia.driver
        # torch's own word on the driver or on the GPU's code: the driver's version is then
        # not what the reply waits for.
        said = facts.driver_said is not None or facts.no_code is not None
        if (
            nvidia
            and not driver_known
            and not said
            and not any(c.startswith("driver.") for c in codes)
        ):
            gaps.append(Question("the NVIDIA driver's version", ("nvidia driver",), "nvidia-smi",
                                 shows=("driver",)))  # fmt: skip
    if torch is not None and torch.version is None and torch.build:
        gaps.append(Question("the torch version", ("torch requirements",), COLLECT_ENV,
                             shows=("torch",)))  # fmt: skip
    signals = {s.backend for s in host.signals} if host else set()
    gpu_keys = {b.key for b, _ in gpu_backends}
    if (
        torch is not None
        and torch.build == registry.Build.CPU.value
        and not (signals & gpu_keys)
        and not other
        and "torch.cpu_only_build" not in codes
    ):
        gaps.append(
            Question(
                "whether the machine has an NVIDIA or AMD GPU",
                ("build for hardware",),
                _for_shell(GPUS_COMMAND),
                shows=("gpus",),
            )
        )
    for backend, command in gpu_backends:
        facts = backends.get(backend.key)
        no_code = facts.no_code if facts else None
        architecture = facts is not None and any(d.capability for d in facts.devices)
        if facts is not None and no_code and not architecture and not (host and host.gfx_targets):
            gaps.append(
                Question(
                    "which GPU torch found no code for, and its architecture",
                    ("torch said no code",),
                    command,
                    shows=("gpus",),
                )
            )
    if (
        host is not None
        and host.system == "Darwin"
        and host.os_version
        and (torch is None or torch.version is None)
        and "mps.macos_too_old" not in codes
    ):
        gaps.append(
            Question(
                "the torch version: MPS needs macOS 12.3 up to torch 2.4, 13.0 from 2.5 and "
                "14.0 from 2.10",
                ("apple silicon",),
                COLLECT_ENV,
                shows=("torch",),
            )
        )
    return tuple(gaps)


# How a reporter shows a GPU's architecture, by the torch build that would run on it.
_ARCH_COMMANDS: Final = {
    registry.Build.CUDA: "nvidia-smi --query-gpu=name,compute_cap --format=csv",
    registry.Build.ROCM: "rocminfo | grep -E 'Marketing Name|gfx'",
}


def _kernel_gaps(facts: BackendFacts, command: str) -> list[Question]:
    gaps: list[Question] = []
    unknown = tuple(dict.fromkeys(d.name or f"GPU {d.index}" for d in facts.devices
                                  if not d.capability))  # fmt: skip
    if unknown:
        gaps.append(Question(f"the architecture of {', '.join(unknown)}", ("arch compiled",),
                             command, subjects=unknown, shows=("gpus",)))  # fmt: skip
    if facts.devices and not facts.arch_list:
        gaps.append(
            Question(
                "which GPU architectures the installed torch was built for",
                ("arch compiled",),
                'python -c "import torch; print(torch.cuda.get_arch_list())"',
                shows=("torch",),
            )
        )
    return gaps


def _resting(finding: Finding, facts: _Read) -> list[PastedFact]:
    """The facts a finding rests on; of facts that say the same thing (a GPU listed a
    thousand times), the first: the reply stays as long as what it says."""
    parts = next(parts for prefix, parts in _RESTS_ON if finding.code.startswith(prefix))
    chosen: dict[tuple[str, str | None, str], PastedFact] = {}
    for part in parts:
        used = facts.used.get(part, [])
        if part == "packages":
            wanted = {finding.params.get("package", ""), "torch"}
            used = [f for f in used if f.name in wanted]
        if finding.code == "mps.operator_not_implemented":  # one finding per operator
            operator = finding.params.get("operator")
            used = [
                f for f in used if f.key is not FactKey.MESSAGE_MPS_OPERATOR or f.value == operator
            ]
        if part == "kernel_log":  # issue 41: the lines of its own code on its own device
            used = [
                f
                for f in used
                if (f.value, f.name) == (finding.params.get("xid"), finding.params.get("device"))
            ]
        if part == "cuda_runtime":  # issue 38 (s18-mend-loader): its own loader lines
            used = [f for f in used if _runtime_own(f, finding)]
        if part == "shared_library":  # issue 38 (s14-sharedlib): its own library's lines
            library = finding.params.get("library")
            again = (FactKey.PROSE_DEBIAN, FactKey.MESSAGE_DLL_LOAD_FAILED)
            used = [f for f in used if f.value == library or f.key in again]
        if finding.code.startswith(_BUILD_UNUSED):
            used = [f for f in used if f.key not in _BUILD_KEYS]
        for fact in used:
            chosen.setdefault((fact.key, fact.name, fact.value), fact)
    return list(chosen.values())


# the facts of a loader's line that name one library: a finding rests on its library's only
_RUNTIME_NAMED: Final = frozenset(
    {
        FactKey.MESSAGE_CUDA_RUNTIME,
        FactKey.MESSAGE_CUDA_RUNTIME_CALLER,
        FactKey.MESSAGE_LIBRARY_NOT_FOUND,
        FactKey.MESSAGE_SHARED_LIBRARY,
    }
)


def _runtime_own(fact: PastedFact, finding: Finding) -> bool:
    """Whether a fact libraries.cuda_runtime_not_loaded used is this finding's: a loader's
    line of its own library (CUDA_PATH for onnxruntime's Windows words), or a fact of the
    loader's release, feed or log lines, which name no library."""
    library = finding.params.get("library") or "CUDA_PATH"
    if fact.key not in _RUNTIME_NAMED:
        return True
    return (fact.name if fact.key is FactKey.MESSAGE_CUDA_RUNTIME_CALLER else fact.value) == (
        library
    )


def _quoted(resting: Sequence[PastedFact]) -> tuple[QuotedLine, ...]:
    """The lines facts rest on, one per line, in the order of the paste."""
    return tuple(f.quote for f in by_line(resting))


# issue 41: a kernel-log line's event as the facts read name it: (what, value).
_KERNEL_EVENTS: Final = {
    FactKey.KERNEL_XID: ("kernel log, GPU {device}", "Xid {code}"),
    FactKey.KERNEL_SXID: ("kernel log, NVSwitch {device}", "SXid {code}"),  # no "Fatal"
    FactKey.KERNEL_SXID_FATAL: ("kernel log, NVSwitch {device}", "SXid {code} (fatal)"),
}


def read_facts(paste: Pasted, *, every: bool = False) -> tuple[ReadFact, ...]:
    """Every fact a section was made from, once, in the order of the paste; with `every`,
    where no section took one, the facts the paste was read as a report for."""
    evidence = paste.evidence
    used = [fact for part in paste.used.values() for fact in part]
    if every and not used:
        # issue 38 (s17; test_fuzz_random_bytes found it): no section took a fact and nothing
        # else is said ("I run this on an L4" alone): the facts the paste was read as a
        # report for (gather/reports `read`: any fact but context), so that what it shows is
        # never an empty all-clear
        reported = [f for f in paste.facts if makes_report(f)]
        labelled = [f for f in reported if f.key in _WHAT or f.key in _GPU_KEYS]
        used = labelled or reported
    seen: set[tuple[str, str | None, int | None, str]] = set()
    shown: set[tuple[str, str | None, int | None, str, int]] = set()
    read: list[ReadFact] = []
    devices = {d.name: d.capability for b in (evidence.backends or {}).values() for d in b.devices}
    run: tuple[int, int, str] | None = None  # GPUs alike in a row: first index, last, value
    for fact in sorted(used, key=lambda f: f.line):
        key = (fact.key, fact.name, fact.index, fact.value)
        if fact.key is FactKey.PROSE_ACCELERATOR:  # one entry an accelerator, however named
            key = (fact.key, fact.name, None, "")
        if key in seen or not fact.known:
            continue
        seen.add(key)
        what = _WHAT.get(fact.key) or fact.name or fact.key.value
        if fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
            what = f"package {fact.name}"
        elif fact.key == FactKey.AMD_GPU:
            what, value = f"AMD GPU {fact.index}", "listed"
        elif fact.key == FactKey.ASCEND_CHIP:
            what = f"NPU {fact.index}"
        elif fact.key in _ASCEND_WHAT and fact.name == _NPU:  # issue 38: Huawei Ascend
            what = _ASCEND_WHAT[fact.key]
        elif fact.key in _VENDOR_WHAT and fact.name in registry.BY_KEY:
            hardware = registry.BY_KEY[fact.name].hardware
            index = "" if fact.index is None else fact.index
            what = _VENDOR_WHAT[fact.key].format(hardware=hardware, index=index).strip()
        value = fact.shown
        if fact.key in _KERNEL_EVENTS:  # issue 41: "kernel log, GPU 0000:3b:00: Xid 79"
            what, value = _KERNEL_EVENTS[fact.key]
            what, value = what.format(device=fact.name), value.format(code=fact.value)
        if fact.key is FactKey.PROSE_ACCELERATOR and fact.name in registry.BY_KEY:
            value = registry.BY_KEY[fact.name].hardware
        # one line can say one thing twice (`[pip3] torch==2.5.1` is a listing and reads
        # as prose too): one entry a thing said on a line
        said = (what, fact.name, fact.index, value.strip(), fact.line)
        if said in shown:
            continue
        shown.add(said)
        if fact.key == FactKey.PROSE_WINDOWS_PATH:
            value = f"Windows (a path: {value})"
        if fact.key in (FactKey.GPU, FactKey.MESSAGE_UNSUPPORTED_GPU, FactKey.PROSE_GPU):
            what = "GPU" if fact.index is None else f"GPU {fact.index}"
            capability = devices.get(value.strip())
            if capability and capability.startswith("gfx"):
                value = f"{value} ({capability})"
            elif capability:
                value = f"{value} (compute capability {capability})"
            if fact.index is not None and run and run[2] == value and fact.index == run[1] + 1:
                # One entry for a row of alike GPUs: "GPU 0–7", however many are listed.
                run = (run[0], fact.index, value)
                read[-1] = ReadFact(f"GPU {run[0]}–{run[1]}", value, read[-1].quote)
                continue
            run = (fact.index, fact.index, value) if fact.index is not None else None
        else:
            run = None
        read.append(ReadFact(what, value, fact.quote))
    return tuple(read)


# issue 38 (s9-memory): a device's memory run out, on every backend, in its own words. The
# words each backend's allocator or runtime begins with (readers/messages.py cites them), the
# variant of device.out_of_memory they are, and the backend that variant is of. _XLA: torch_xla's
# registry row (it runs on the TPU), which the TPU's own causes below use too.
_XLA: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.XLA)
_OOM_WORDS: Final = (
    ("CUDA out of memory", None, _CUDA),
    ("HIP out of memory", "hip_allocator", _ROCM),
    ("XPU out of memory", "xpu_allocator", _XPU),
    ("HIP error", "hip_runtime", _ROCM),
    ("CUDA", "cuda_runtime", _CUDA),  # CUDA error: / CUDA_ERROR_OUT_OF_MEMORY
    ("CUBLAS", "cuda_runtime", _CUDA),
    ("UR_RESULT", "xpu_runtime", _XPU),
    ("ZE_RESULT", "xpu_runtime", _XPU),
    # IPEX's limit on one block, not memory run out (red team item 6)
    ("Current platform", "xpu_block_limit", _XPU),
    ("PT_DEVMEM", "gaudi", _HPU),
    ("SYNHELPER", "gaudi", _HPU),
    ("Failed to alloc", "neuron_runtime", _NEURON),
    ("nrt_", "neuron_runtime", _NEURON),
    ("RESOURCE_EXHAUSTED", "xla_runtime", _XLA),
    ("Attempting to", "xla_runtime", _XLA),
)
# torch's ROCm builds printed the CUDA allocator's words before they were hipified (torch 1.x):
# on a "+rocm" torch they are the AMD GPU's
_ON_ROCM: Final = {None: "hip_allocator", "cuda_runtime": "hip_runtime"}
_OomVariant = Literal[
    "hip_allocator",
    "xpu_allocator",
    "xpu_block_limit",
    "cuda_runtime",
    "hip_runtime",
    "xpu_runtime",
    "gaudi",
    "neuron_runtime",
    "xla_runtime",
]


def _oom_said(fact: PastedFact) -> str:
    """The allocator's words without the exception's name a title may quote them with
    ("RuntimeError: CUDA out of memory" → "CUDA out of memory")."""
    name, _, words = fact.value.partition(": ")
    return words if name in ("RuntimeError", "OutOfMemoryError") else fact.value


def _device_memory(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """A device's memory run out, stated by its allocator or runtime (readers/messages.py
    `_TORCH_OOM` and the patterns after it): one finding for each backend whose words the
    paste shows, for that backend and with its remedies, resting on the first line that says
    it and the first that gives the size. And torch.xpu.mem_get_info refused (the device's
    free memory not reported): device.memory_query_failed, a warning."""
    found: list[Finding] = []
    torch = evidence.torch.version if evidence.torch is not None else None
    rocm = bool(torch and "+rocm" in torch.lower())
    by_variant: dict[str | None, list[PastedFact]] = {}
    backends: dict[str | None, str] = {}
    for fact in facts.all(FactKey.MESSAGE_DEVICE_OOM):
        words = next((w for w in _OOM_WORDS if _oom_said(fact).startswith(w[0])), None)
        if words is None:
            continue
        variant = _ON_ROCM.get(words[1], words[1]) if rocm and words[2] == _CUDA else words[1]
        by_variant.setdefault(variant, []).append(fact)
        backends[variant] = _ROCM if variant in ("hip_allocator", "hip_runtime") else words[2]
    for variant, said in by_variant.items():
        sized = next(
            (f for f in said if "Tried to allocate" in f.value),
            next((f for f in said if any(c.isdigit() for c in f.value)), said[0]),
        )
        facts.use("stated", said[0], *([sized] if sized is not said[0] else []), *said)
        value = _oom_said(sized).rstrip(". ")
        if variant is None:
            found.append(finding(Code.DEVICE_OUT_OF_MEMORY, backend=backends[variant], said=value))
        else:
            known: _OomVariant = variant  # type: ignore[assignment]
            found.append(
                finding(
                    Code.DEVICE_OUT_OF_MEMORY,
                    backend=backends[variant],
                    variant=known,
                    said=value,
                )
            )
    if unread := facts.all(FactKey.MESSAGE_FREE_MEMORY_UNREAD):
        facts.use("stated", unread[0])
        if unread[0].value == "sycl":
            found.append(finding(Code.MEMORY_QUERY_FAILED, backend=_XPU, variant="sycl"))
        else:
            device = "this device" if unread[0].value == "aspect" else unread[0].value
            found.append(
                finding(Code.MEMORY_QUERY_FAILED, backend=_XPU, variant="intel_gpu", device=device)
            )
    return tuple(found)


# issue 38: Ascend NPU memory and CANN's libraries
def _ascend_stated(facts: _Read) -> tuple[Finding, ...]:
    """What torch-npu's own messages settle, each read by the messages reader (which cites
    the code that prints it): its allocator out of the NPU's memory. The finding is the
    NPU's whatever else the paste shows: only torch-npu prints these words. And the loader
    unable to open one of Ascend's own libraries, named for the part of Ascend's software it
    belongs to (compat/ascend.py `library_part`): the driver's, not visible in this container
    or machine; the CANN toolkit's or NNAL's, whose set_env.sh was not sourced. One finding
    for each part, on the first line that names it."""
    found: list[Finding] = []
    if said := facts.all(FactKey.MESSAGE_NPU_OOM):
        # torch-npu's sized message first; CANN's EL0004 (issue 38: Ascend's other wordings)
        # where it is the only one, then the ACL runtime's codes and their words (issue 38:
        # Ascend NPU memory in all its wordings); the lines of each the finding's too.
        acl_words = set(ascend.ACL_NO_MEMORY.values())
        codes = [f for f in said if f.value in ascend.ACL_NO_MEMORY]
        words = [f for f in said if f.value in acl_words]
        cann = [f for f in said if f.value == ascend.CANN_EL0004]
        sized = [f for f in said if f not in codes and f not in words and f not in cann]
        facts.use("stated", *(sized[:1] + cann[:1] + codes[:1] + words[:1]))
        size = sized[0].value if sized else ""
        huge: Literal["exabyte", "cann", "acl"] | None = (
            "exabyte"
            if size.startswith("more than")
            else None
            if sized
            else "cann"
            if cann
            else "acl"
        )
        acl = (
            f'ACL error {codes[0].value}, "{ascend.ACL_NO_MEMORY[codes[0].value]}"'
            if codes
            else f'"{words[0].value}"'
            if words
            else ""
        )
        found.append(
            finding(Code.NPU_OUT_OF_MEMORY, backend=_NPU, variant=huge, size=size, acl=acl)
        )
    parts: dict[str, PastedFact] = {}
    for fact in facts.all(FactKey.MESSAGE_ASCEND_LIBRARY):
        smi, _, library = fact.value.rpartition(" ")
        part = "driver" if smi else ascend.library_part(library)
        if part is not None and part not in parts:
            parts[part] = fact
    if "driver" in parts:
        fact = parts["driver"]
        facts.use("stated", fact)
        smi, _, library = fact.value.rpartition(" ")
        by_smi: Literal["npu_smi"] | None = "npu_smi" if smi else None
        found.append(
            finding(Code.NPU_DRIVER_NOT_VISIBLE, backend=_NPU, variant=by_smi, library=library)
        )
    for part in ("toolkit", "nnal"):
        if part in parts:
            facts.use("stated", parts[part])
            nnal: Literal["nnal"] | None = "nnal" if part == "nnal" else None
            found.append(
                finding(
                    Code.CANN_LIBRARY_MISSING,
                    backend=_NPU,
                    variant=nnal,
                    library=parts[part].value,
                )
            )
    return tuple(found)


# issue 38: torch-npu and CANN
def _torch_npu_cann(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torch-npu beside a CANN of another release than the one its version mapping table
    releases it for (compat/ascend.py TORCH_NPU_CANN, Ascend/pytorch COMPATIBILITY.md). Only
    where the paste gives one torch-npu version the table lists and one CANN release; the
    install line is the torch-npu the table releases for that CANN and the same torch."""
    npu = _version_of(facts, "torch-npu")
    paired = ascend.cann_of_torch_npu(npu.value) if npu is not None else None
    said = [
        f
        for f in (*facts.all(FactKey.DEVICE_SOFTWARE), *facts.all(FactKey.PROSE_CANN))
        if f.key is FactKey.PROSE_CANN or f.name == _NPU
    ]
    releases = {ascend.cann_release(f.value) for f in said} - {""}
    if npu is None or paired is None or len(releases) != 1:
        return ()
    cann = releases.pop()
    if ascend.within_release(cann, paired):
        return ()
    # issue 38: vLLM Ascend's compatibility matrix pairs some torch-npu builds with a later CANN
    # than torch-npu's own table (0.11.0rc2: torch-npu 2.7.1 on CANN 8.3.RC2): where the paste's
    # vLLM Ascend release names this CANN and this torch-npu, the pair is a released one.
    named = _version_of(facts, "vllm-ascend")
    row = ascend.vllm_ascend(named.value) if named is not None else None
    if (
        row is not None
        and ascend.within_release(cann, row.cann)
        and row.torch_npu == npu.value.strip().split("+", 1)[0].lower()
    ):
        return ()
    facts.use("torch_npu_cann", npu, said[0])
    torch = ascend.torch_of_npu(npu.value.strip())
    other = ascend.torch_npu_for(cann, torch) if torch is not None else None
    way = remedies.installer(paste.evidence.python)
    install = remedies.install_pinned(way, "torch-npu", other) if other else ""
    return (
        finding(
            Code.TORCH_NPU_CANN_APART,
            backend=_NPU,
            torch_npu=npu.value.strip(),
            paired=paired,
            cann=cann,
            install=install,
        ),
    )


# issue 38: NumPy 2 under a module built against NumPy 1. The first torch release whose wheels
# are built against NumPy 2 (and so run under NumPy 1 and 2): 2.3 (pytorch/pytorch#107302,
# "binaries should be supporting rc1"), on Windows 2.4.1 (pytorch/pytorch#131668).
_TORCH_NUMPY2: Final = (2, 3, 0)
_TORCH_NUMPY2_WINDOWS: Final = (2, 4, 1)


def _numpy_abi(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """NumPy's refusal of a module built against NumPy 1 (its message, or the import's
    "_ARRAY_API not found"; the source is beside the patterns in readers/messages.py), with
    the NumPy it names and torch where the paste gives a release built against NumPy 1."""
    said = facts.all(FactKey.MESSAGE_NUMPY_ABI)
    if not said:
        return ()
    running = facts.one(FactKey.NUMPY_RUNNING)
    facts.use("numpy", *said, running)
    torch = _version_of(facts, "torch")
    release = versions.parse(torch.value.strip().split("+", 1)[0]) if torch else None
    windows = remedies.on_windows(paste.evidence)
    floor = _TORCH_NUMPY2_WINDOWS if windows else _TORCH_NUMPY2
    torch_words = ""
    if torch is not None and release is not None and release.release[:3] < floor:
        facts.use("torch", torch)
        first = ".".join(map(str, floor))
        on = " on Windows" if windows else ""
        torch_words = (
            f", and torch {printable(torch.value.strip())[:40]} is such a module (torch's "
            f"wheels{on} are built against NumPy 2 from {first})"
        )
    way = remedies.installer(paste.evidence.python)
    # issue 38 (s18-build): only the ABI check's own line ("module compiled against ABI version
    # 0x1000009 but this version of numpy is 0x2000000"), none of NumPy 2's longer message
    abi: Literal["abi"] | None = "abi" if all("ABI version" in f.value for f in said) else None
    return (
        finding(
            Code.NUMPY_ABI,
            variant=abi,
            numpy=printable(running.value)[:20] if running else "2",
            torch_words=torch_words,
            install=remedies.requirement(way, "numpy", "<2"),
        ),
    )


# issue 38 (s18-build): the words of NumPy's C-API refusal, as quoted (readers/messages.py
# _NUMPY_CAPI: either release's form)
_NUMPY_CAPI_WORDS: Final = re.compile(
    r"module (?:was )?compiled against [^\n]{1,80}? (?:numpy is|C-API version) "
    r"(?:0x)?[0-9a-fA-F]{1,8}"
)


def _numpy_too_old(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s18-build): NumPy's C-API check refusing a module built against a newer NumPy
    than the one running ("module compiled against API version 0xf but this version of numpy
    is 0xe"; the sources are beside the pattern in readers/messages.py): NumPy is too old for
    the module, the opposite direction of python.numpy_abi. The first release of the module's
    C-API version is numpy's cversions.txt (compat/numpy_capi.py); the install line keeps a
    module built against NumPy 1 below NumPy 2, which refuses such modules. (s18-mend-misc)
    NumPy 2's words ("module was compiled against NumPy C-API version 0x10 (NumPy 1.23)") come
    only from a module built with NumPy 2 for an older floor: the release they print is the
    floor, and no cap."""
    said = facts.all(FactKey.MESSAGE_NUMPY_CAPI)
    versions_said = [tuple(int(v, 16) for v in f.value.split()[:2]) for f in said]
    refusals = [(f, v) for f, v in zip(said, versions_said, strict=True) if v[0] > v[1]]
    if not refusals:
        return ()
    first, (wanted, running) = refusals[0]
    # s18-mend-misc: NumPy 2's words print the release the module was built for ("(NumPy
    # 1.23)"): only NumPy 2's header writes them, so the module was built with NumPy 2, which
    # NumPy 2 runs: that release is the floor, with no cap
    printed = first.value.split()[2:]
    facts.use("stated", *(f for f, _ in refusals), *facts.all(FactKey.NUMPY_IMPORT_FAILED))
    numpy = _version_of(facts, "numpy")
    shown = ""
    if numpy is not None:
        facts.use("numpy", numpy)
        shown = f", {printable(numpy.value.strip())[:20]} as the paste shows"
    row, now = numpy_capi.of(wanted), numpy_capi.of(running)
    quoted = _NUMPY_CAPI_WORDS.search(first.quote.text)
    words = f"\u201c{printable(quoted[0] if quoted else first.value)[:160]}\u201d"
    hexes = (f"0x{wanted:x}", f"0x{running:x}")
    if row is None or now is None:
        return (
            finding(
                Code.NUMPY_TOO_OLD,
                variant="unknown",
                wanted=hexes[0],
                running=hexes[1],
                shown=shown,
                said=words,
                install=Shell(),  # no release to name: no install line
            ),
        )
    # built against NumPy 1 (its words are NumPy 1's, its C-API older than 2's): stay below 2
    below = wanted < numpy_capi.NUMPY2 and not printed
    floor = printed[0] if printed and versions.parse(printed[0]) is not None else row.first
    way = remedies.installer(paste.evidence.python)
    spec = f">={floor}" + (",<2" if below else "")
    return (
        finding(
            Code.NUMPY_TOO_OLD,
            first=floor,
            running_releases=now.releases(),
            shown=shown,
            said=words,
            below=" and below 2 (it is built against NumPy 1, which NumPy 2 refuses)"
            if below
            else " (its words are NumPy 2's: it was built with NumPy 2 for that release and "
            "newer, so NumPy 2 runs it too)"
            if printed
            else "",
            install=remedies.requirement(way, "numpy", spec, upgrade=True),
            wanted=hexes[0],
            running=hexes[1],
        ),
    )


# issue 38 (s18-build): the compilers of crt/host_config.h's refusals, as a sentence names them
_HOST_COMPILER_VARIANT: Final[Mapping[str, Literal["msvc", "clang"] | None]] = {
    "gnu": None,
    "msvc": "msvc",
    "clang": "clang",
}


# the words of each refusal the pattern matched (readers/messages.py _HOST_COMPILER), as quoted
_HOST_COMPILER_SAID: Final[Mapping[str, str]] = {
    "gnu": "\u201cunsupported GNU version! gcc versions later than {bound} are not "
    "supported!\u201d",
    "msvc": "\u201cunsupported Microsoft Visual Studio version!\u201d",
    "clang": "\u201cunsupported clang version! clang version must be less than {bound}\u201d",
}


def _host_compiler(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s18-build): the CUDA toolkit's include/crt/host_config.h refusing nvcc's host
    compiler as newer than the toolkit supports (gcc, clang) or not one of its Visual Studio
    releases (the sources are beside the patterns in readers/messages.py): the bound from the
    line itself, the toolkit's release where the header's path or nvcc -V shows it, and torch's
    CUDA where the paste shows it (a newer toolkit for the build is one of torch's CUDA major).
    The build's own failure lines after it (setuptools' "command '…nvcc' failed", pip's) are
    its consequence."""
    said = facts.all(FactKey.MESSAGE_HOST_COMPILER)
    if not said:
        return ()
    first = said[0]
    compiler = first.name or "gnu"
    if compiler not in _HOST_COMPILER_VARIANT:
        return ()
    ran = [f for f in facts.all(FactKey.BUILD_COMMAND_FAILED) if "nvcc" in f.value.lower()]
    facts.use("stated", *said, *ran, *facts.all(FactKey.PIP_BUILD_FAILED))
    releases = {f.value for f in facts.all(FactKey.HOST_CONFIG_CUDA)}
    cuda = ""
    if len(releases) == 1:
        path = facts.all(FactKey.HOST_CONFIG_CUDA)
        facts.use("toolkit", *path)
        cuda = f" {releases.pop()} (its path)"
    elif (nvcc := facts.one(FactKey.NVCC)) is not None:
        facts.use("toolkit", nvcc)
        cuda = f" {printable(nvcc.value.strip())[:12]} (nvcc -V)"
    # a toolkit for a torch extension's build is of torch's CUDA major (nvcc_major_mismatch)
    torch = " (of the CUDA major torch is built with, for a torch extension)"
    if (built := _torch_cuda_shown(facts)) is not None:
        facts.use("torch", built[1])
        who = built[1].value.strip() if built[1].key is not FactKey.TORCH_CUDA else ""
        name = f"torch {printable(who)[:40]}" if who else "torch"
        torch = f" (of torch's CUDA major: {name} is built with CUDA {built[0]})"
    bound = printable(first.value)[:12]
    # s18-mend-misc: cl.exe's banner gives the _MSC_VER the header refused ("19.40": 1940)
    shown = ""
    if compiler == "msvc" and (cl := facts.one(FactKey.MSVC_VERSION)) is not None:
        facts.use("stated", cl)
        major, _, minor = cl.value.partition(".")
        shown = f" (cl.exe {cl.value}, _MSC_VER {major}{minor})"
    return (
        finding(
            Code.HOST_COMPILER_UNSUPPORTED,
            backend=_CUDA,
            variant=_HOST_COMPILER_VARIANT[compiler],
            cuda=cuda,
            bound=bound,
            compiler=shown,
            said=_HOST_COMPILER_SAID[compiler].format(bound=bound),
            torch=torch,
        ),
    )


# issue 38 (s20-dyld): the toolchain a MinGW linker's directory names, as the finding says it
_MINGW_TARGET: Final[Mapping[str, tuple[str, str]]] = {
    "mingw32": (
        "MinGW.org's 32-bit MinGW (target mingw32), which has no pthread library unless its "
        "pthreads package is installed",
        "; it is a 32-bit compiler too, and a 32-bit library does not load into a 64-bit Python",
    ),
    "i686-w64-mingw32": (
        "a 32-bit MinGW-w64 gcc (target i686-w64-mingw32) without its winpthreads library",
        "; it is a 32-bit compiler too, and a 32-bit library does not load into a 64-bit Python",
    ),
    "x86_64-w64-mingw32": (
        "a MinGW-w64 gcc (target x86_64-w64-mingw32) without its winpthreads library",
        "",
    ),
}


def _mingw_pthread(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s20-dyld): MinGW's linker on Windows finding no pthread library while gcc
    links a library with -pthread (ChatGLM's int4 CPU kernel, compiled at load time): the gcc
    first on PATH is a MinGW without pthreads, MinGW.org's 32-bit one in the recorded threads
    (zai-org/ChatGLM-6B#229, #676, #683). ChatGLM's README asks for TDM-GCC with openmp on
    Windows; the finding names the toolchain from the linker's own directory."""
    said = facts.all(FactKey.MESSAGE_MINGW_PTHREAD)
    if not said:
        return ()
    facts.use("stated", *said)
    toolchain, bits = _MINGW_TARGET.get(said[0].value, _MINGW_TARGET["x86_64-w64-mingw32"])
    return (
        finding(
            Code.HOST_COMPILER_UNSUPPORTED,
            variant="mingw_pthread",
            toolchain=toolchain,
            bits=bits,
            said="\u201cld.exe: cannot find -lpthread\u201d",
        ),
    )


# issue 38 (s20-dyld): the library dyld names, in "dlopen(<path>, 0x…)" or "tried: '<path>'"
_DLOPEN_PATH: Final = re.compile(r"(?:dlopen\(|tried: ')(/[^,'()]{1,400})")


def _macos_arch(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s20-dyld): macOS's loader refusing a library built for the other architecture
    (readers/messages.py _MACOS_ARCH): "have 'x86_64', need 'arm64'" is an x86_64 library in a
    native arm64 Python (llama-cpp-python#724: a CMake build for the wrong architecture, or a
    wheel made under an x86_64 Python and cached); "have 'arm64', need 'x86_64'" is an x86_64
    Python, translated by Rosetta on Apple silicon (ml-explore/mlx#621). dyld asks for
    x86_64h, the Haswell slice (mach/machine.h CPU_SUBTYPE_X86_64_H), of an Intel CPU's own
    process, so that form and an Intel Mac named are no Rosetta's (carson-katri/dream-textures
    #346: an Intel MacBook Pro, a package for Apple silicon only): no finding there."""
    said = facts.all(FactKey.MESSAGE_MACOS_ARCH)
    if not said:
        return ()
    first = said[0]
    have, _, need = first.value.partition(" ")
    if have[:3] == need[:3] or need == "x86_64h":
        return ()  # the same family (arm64 in arm64e), or an Intel CPU's own slice
    if need == "x86_64" and facts.all(FactKey.PROSE_INTEL_MAC):
        return ()
    path = next((m[1] for f in said if (m := _DLOPEN_PATH.search(f.quote.text))), "")
    library = printable(path.rsplit("/", 1)[-1])[:80] or "a library"
    _, site, rest = path.partition("/site-packages/")
    package = printable(rest.split("/", 1)[0])[:60] if site and "/" in rest else ""
    facts.use("host", first)
    quoted = f"\u201chave '{have}', need '{need}'\u201d"
    # the distribution that installs the module (compat/imports.py, compat/support.py's rows),
    # installed again without pip's cache; a comment where neither table names it
    row = support.of_module(package) if package else None
    dist = imports.distribution(package) or (row.dists[0] if row else "")
    x86_library = have.startswith("x86_64")
    way = remedies.installer(paste.evidence.python)  # "python": the new one, where it is x86_64
    flags = ("--force-reinstall", "--no-cache-dir") if x86_library else ("--no-cache-dir",)
    install = (
        remedies.requirement(way, dist, "", flags=flags)
        if dist
        else comment("install that package again with pip's " + " ".join(flags))
    )
    if x86_library:
        return (
            finding(
                Code.PYTHON_TRANSLATED,
                backend=_MPS,
                variant="dyld_library",
                install=install,
                library=library,
                need=need,
                said=quoted,
                package=package or "the package that installed it",
            ),
        )
    return (
        finding(
            Code.PYTHON_TRANSLATED,
            backend=_MPS,
            variant="dyld_python",
            install=install,
            library=library,
            have=have,
            said=quoted,
            package=package or "the package that installed it",
        ),
    )


def _image_platform(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A container image without a build for the platform the engine asked for (docker's
    "no matching manifest for linux/arm64/v8 …", podman's "no image found in image index
    …"; the sources are beside the pattern in readers/messages.py), with Apple Silicon named
    where the paste shows it: its containers are arm64 Linux, without a GPU."""
    said = facts.all(FactKey.MESSAGE_IMAGE_PLATFORM)
    if not said:
        return ()
    facts.use("image", said[0])
    platform = said[0].value
    mac = ""
    shown = accelerators_shown(paste).get(_MPS, ())
    if shown and "arm64" in platform:
        facts.use("host", *shown)
        mac = (
            ": this is an Apple Silicon Mac, whose Docker runs arm64 Linux containers, and "
            "no container on macOS sees a GPU"
        )
    docker = "no matching manifest" in said[0].quote.text
    words = (
        f'docker: "no matching manifest for {platform}"'
        if docker
        else f'podman: "no image found in image index for {platform}"'
    )
    return (
        finding(
            Code.IMAGE_PLATFORM,
            backend=_MPS if mac else None,
            variant=None if "arm64" in platform else "other",
            platform=printable(platform)[:40],
            said=printable(words)[:80],
            mac=mac,
        ),
    )


# issue 38: who needs nvcc, by the message that says it is missing (readers/messages.py).
# "requested" is the setup.py of flash-attention, mamba, causal-conv1d or apex, whose package
# `_toolkit_package` reads apart (issue 38, s15-realrec: it was called flash-attn's whatever
# the paste built).
_TOOLKIT_BUILDER: Final = {
    "deepspeed": "DeepSpeed (its CUDA ops)",
    "torch": "torch's cpp_extension (a CUDA extension's build)",
    "requested": "a CUDA extension's setup.py",
    "nvcc": "a CUDA build",
    "cmake": "a CMake build that compiles CUDA code",
    "ops-setup": "a CUDA extension's setup.py (MultiScaleDeformableAttention's ops)",
    "cuda-home": "a package's setup.py that builds only with CUDA",  # s15-cudahome
    "ops-cuda": "a CUDA extension's setup.py (MultiScaleDeformableAttention's ops)",
}
_TOOLKIT_SAID: Final = {
    "deepspeed": 'DeepSpeed: "CUDA_HOME does not exist, unable to compile CUDA op(s)"',
    "torch": 'torch: "CUDA_HOME environment variable is not set"',
    "requested": 'setup.py: "nvcc was not found"',
    "nvcc": 'no such file: ".../bin/nvcc"',
    "cmake": 'CMake: "No CMAKE_CUDA_COMPILER could be found"',
    "ops-setup": 'setup.py: "CUDA_HOME is None"',
    "cuda-home": 'setup.py: "Cannot find CUDA_HOME. CUDA must be available to build the package"',
    "ops-cuda": 'setup.py: "Cuda is not availabel"',
}
# issue 38 (s15-realrec): the packages whose setup.py downloads a prebuilt wheel from the
# project's GitHub releases, named by torch's CUDA, torch's and Python's versions and the C++
# ABI, before it builds anything (CachedWheelsCommand and BASE_WHEEL_URL: Dao-AILab/
# flash-attention setup.py @0251105a; state-spaces/mamba setup.py @014340f4; Dao-AILab/
# causal-conv1d setup.py @00f80e76): a wheel from those releases needs no nvcc. apex is not
# among them: its README (NVIDIA/apex@6424da3, "Installation") builds it from its setup.py.
_RELEASE_WHEELS: Final = frozenset({"flash-attn", "mamba-ssm", "causal-conv1d"})
_FLASH_ATTN: Final = "flash-attn"


def _toolkit_package(facts: _Read, said: PastedFact) -> tuple[str, tuple[PastedFact, ...]]:
    """issue 38 (s15-realrec): the package a setup.py's "X was requested, but nvcc was not
    found" is the build of, as the paste shows it, and the lines that show it: the setup.py's
    own name for it (flash-attention's, mamba's and causal-conv1d's PACKAGE_NAME, or pip's
    build directory on the same line), else the package pip or uv says it failed to build,
    else the source distribution pip fetched last before the message (apex passes its
    option, "--cuda_ext", which names no package). ("", ()) where the paste shows none."""
    line = said.quote.line
    named = [f for f in facts.all(FactKey.BUILD_REQUESTED) if f.quote.line == line]
    named = named or facts.all(FactKey.BUILD_REQUESTED)
    failed = facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR)
    fetched = [f for f in facts.all(FactKey.PIP_SDIST_RELEASE) if f.quote.line < line]
    for shown, value in (
        *((f, f.value) for f in named[:1]),
        *((f, f.value.split()[0]) for f in failed[:1] if f.value.split()),
        *((f, f.value.split()[0]) for f in fetched[-1:] if f.value.split()),
    ):
        row = support.of_module(value) or support.of_dist(value)
        package = row.name if row is not None else versions.canonical_name(value)
        same = [f for f in failed if package in _canonical_names(f.value)]
        return package, (shown, *[f for f in same if f is not shown])
    return "", ()


def _canonical_names(value: str) -> tuple[str, ...]:
    """The packages a "names joined by spaces" fact gives, as findings name them."""
    names = []
    for name in value.split():
        row = support.of_dist(name)
        names.append(row.name if row is not None else versions.canonical_name(name))
    return tuple(names)


def _no_toolkit(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A build that compiles CUDA code and found no nvcc (DeepSpeed's ops, torch's
    cpp_extension, flash-attn's setup.py; the sources are beside the patterns in
    readers/messages.py), with torch's CUDA major release where the paste shows it, the
    toolkit to install. Not on a machine whose paste shows another accelerator and no NVIDIA
    GPU: there the package is the wrong one, not its toolkit."""
    said = facts.all(FactKey.MESSAGE_NO_TOOLKIT)
    if said and (mac := _flash_attn_on_a_mac(paste, facts, said)):  # issue 38: archlib
        return mac
    # issue 38 (s14-supported): the build of a library whose documentation leaves this machine
    # out (mamba-ssm on Windows, causal-conv1d on a Mac): no toolkit makes it build here; the
    # library's own documentation says more than the build's CUDA code (s15-realrec: the
    # setup.py that names another package than flash-attn, whose own findings are above and
    # below, is asked first)
    named = [f for f in said if f.value == "requested"]
    other = any(_toolkit_package(facts, f)[0] != _FLASH_ATTN for f in named)
    if other and (unsupported := _library_unsupported(paste, facts, ())):
        return unsupported
    if said and (elsewhere := _cuda_build_elsewhere(paste, facts, said)):  # s11-cudapath
        return elsewhere
    # issue 38 (s18-since): flash-attn's CUDA path on a ROCm torch is its own finding below, even
    # where the release shown predates its ROCm backends (compat/support.py: AMD GPUs from
    # 2.6.2), which that finding's remedy builds
    flash_rocm = (
        bool(said)
        and bool(_rocm_torch(facts))
        and any(_toolkit_package(facts, f)[0] == _FLASH_ATTN for f in named)
    )
    if said and not flash_rocm and (unsupported := _library_unsupported(paste, facts, ())):
        return unsupported
    if not said or (accelerators_shown(paste) and not gpu_of_cuda_shown(paste)):
        return ()
    first = next((f for f in said if f.value != "nvcc"), said[0])
    if first.value == "cmake" and facts.all(FactKey.HIP_COMPILER) and not _nvidia_gpu_shown(paste):
        # hipcc as the compiler and no NVIDIA GPU shown: a HIP project that took HIP's NVIDIA
        # platform (its CMake's HIP_COMPILER "nvcc", hipCUB's cmake/VerifyCompiler.cmake), on an
        # AMD machine; NVIDIA's toolkit is no remedy there, and the error stays counted
        return ()
    package, shown = _toolkit_package(facts, first) if first.value == "requested" else ("", ())
    rocm = _rocm_torch(facts)
    if package == _FLASH_ATTN and rocm:  # issue 38: archlib
        facts.use("stated", first)
        facts.use("gpus", rocm)
        return (finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_ROCM, variant="flash_attn_rocm"),)
    if rocm or _amd_machine(paste):
        # issue 38 (s15-realrec): another package's CUDA path on a ROCm build of torch, or on
        # a machine the paste names AMD's and no NVIDIA GPU: NVIDIA's toolkit drives no GPU
        # there (mamba's and causal-conv1d's setup.py take hipcc on a ROCm torch), and the
        # error stays counted
        return ()
    facts.use("toolkit", *said, *shown, *facts.all(FactKey.PIP_BUILD_FAILED))
    major: str | None = None
    if built := _torch_cuda_shown(facts):
        major = built[0].split(".")[0]
        facts.use("torch", built[1])
    torch_words = f"; torch is built with CUDA {major}, the toolkit to install" if major else ""
    way = remedies.installer(paste.evidence.python)
    variant: Literal["prebuilt", "deepspeed", "cmake"] | None = None
    if package in _RELEASE_WHEELS:
        variant = "prebuilt"
    elif first.value == "deepspeed":
        variant = "deepspeed"
    elif first.value == "cmake":
        variant = "cmake"
    return (
        finding(
            Code.NO_CUDA_TOOLKIT,
            backend=_CUDA,
            variant=variant,
            builder=f"{package}'s build" if package else _TOOLKIT_BUILDER[first.value],
            said=f'{package}: "nvcc was not found"' if package else _TOOLKIT_SAID[first.value],
            package=package,
            pointer=(
                "neither CUDACXX nor PATH leads CMake to it"
                if variant == "cmake"
                else "CUDA_HOME does not point at it"
            ),
            torch_words=torch_words,
            release=f"{major}.x" if major else "of torch's CUDA major release",
            toolkit=remedies.cuda_toolkit(way, major),
        ),
    )


# issue 38 (s15-cudahome): the words of a package's own setup.py refusing to build without
# CUDA_HOME (vLLM's, SageAttention's; Deformable-DETR's ops): readers/messages.py `_NO_TOOLKIT`
_OWN_REFUSALS: Final = frozenset({"cuda-home", "ops-cuda"})


def _cuda_build_elsewhere(
    paste: Pasted, facts: _Read, said: Sequence[PastedFact]
) -> tuple[Finding, ...]:
    """issue 38 (s11-cudapath): a build that compiles CUDA code finding no nvcc on a machine
    whose paste shows another accelerator (a Mac, by `_mac_lines` too; an Intel GPU, an
    Ascend NPU) and no NVIDIA or AMD GPU: the package is the wrong one for this machine, not
    its toolkit (torch for macOS has no CUDA, pytorch.org "Get Started"; a CUDA toolkit
    drives NVIDIA GPUs alone), so the finding names the build and the accelerator and never
    a toolkit to install. Not a HIP project that took HIP's NVIDIA platform (`_no_toolkit`).
    issue 38 (s15-cudahome): on a machine the paste names an AMD GPU's, only a setup.py's own
    refusal without CUDA_HOME (`_OWN_REFUSALS`) under a torch not shown as ROCm's build."""
    if facts.all(FactKey.HIP_COMPILER):
        return ()
    first = next((f for f in said if f.value != "nvcc"), said[0])
    variant: Literal["cuda_build", "cuda_build_amd"] = "cuda_build"
    if gpu_of_cuda_shown(paste):
        # issue 38 (s15-cudahome): a setup.py refusing without CUDA_HOME on a machine the
        # paste names an AMD GPU's and no NVIDIA one: its CUDA path, taken because torch is
        # not ROCm's build (vLLM's setup.py asks torch.version.hip before CUDA_HOME, above the
        # patterns in readers/messages.py); NVIDIA's toolkit drives no AMD GPU
        amd = _amd_gpu_named(paste)
        if first.value not in _OWN_REFUSALS or amd is None or _rocm_torch(facts):
            return ()
        key, variant = _ROCM, "cuda_build_amd"
        lines: tuple[PastedFact, ...] = (amd,)
    else:
        shown = {k: v for k, v in accelerators_shown(paste).items() if k != _ROCM}
        key, lines = next(iter(shown.items()), (_MPS, tuple(_mac_lines(paste, facts))))
    if not lines:
        return ()
    named = _npu_named(lines)
    package, built = _toolkit_package(facts, first) if first.value == "requested" else ("", ())
    facts.use("stated", first, *built, *facts.all(FactKey.PIP_BUILD_FAILED))
    facts.use("accelerator", named)
    return (
        finding(
            Code.CUDA_ONLY_PACKAGE,
            backend=key,
            variant=variant,
            package=f"{package}'s build" if package else _TOOLKIT_BUILDER[first.value],
            said=f'{package}: "nvcc was not found"' if package else _TOOLKIT_SAID[first.value],
            # a Mac may be an Intel one (MPS's hardware row names Apple Silicon): "a Mac"
            accelerator="a Mac" if key == _MPS else _hardware_words(key, variant),
            shown=_npu_words(named),
            uninstall=None,  # nothing installed to remove: the build never finished
        ),
    )


def _hardware_words(key: str, variant: str) -> str:
    """A backend's hardware as the cuda_build findings' sentences name it: "an AMD GPU" where
    the sentence needs an article (s15-cudahome), the registry's name elsewhere."""
    hardware = registry.BY_KEY[key].hardware
    return f"an {hardware}" if variant == "cuda_build_amd" else hardware


def _torch_cuda_shown(facts: _Read) -> tuple[str, PastedFact] | None:
    """The CUDA release torch is built with, as the paste shows it ("11.8"), and the line:
    collect_env's "CUDA used to build PyTorch", else the local label of the one torch version
    the paste gives ("2.0.1+cu117" → "11.7"); None where it shows neither."""
    cuda = facts.one(FactKey.TORCH_CUDA)
    if cuda is not None and cuda.value.strip().split(".")[0].isdigit():
        return cuda.value.strip(), cuda
    torch = _version_of(facts, "torch")
    if (
        torch is not None
        and (local := wheels.local_of(torch.value.strip()))
        and (built := wheels.Variant(local).cuda)
    ):
        return built, torch
    return None


# issue 38 (s8-serving): who refuses nvcc below its floor (readers/messages.py _NVCC_FLOOR).
_FLOOR_BUILDER: Final = {
    "FlashAttention": "flash-attn",
    "FlashAttention-3": "flash-attn 3 (FlashAttention-3)",
    "Flash Sparse Attention": "flash-sparse-attn",
}


def _release_tuple(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split(".") if part.isdigit())


def _nvcc_floor(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """flash-attn's setup.py refusing the CUDA toolkit under CUDA_HOME before it builds
    anything: it runs CUDA_HOME's bin/nvcc -V and raises "FlashAttention is only supported on
    CUDA 11.7 and above" where nvcc's release is below its floor (Dao-AILab/flash-attention
    setup.py, cited beside readers/messages.py _NVCC_FLOOR). It checks nvcc, not torch: with a
    torch built for a CUDA at or above the floor ("2.2.0+cu118"), the toolkit that builds is
    another, older one than torch's (`apart`); with torch's own CUDA below the floor too,
    torch must change as well (`torch_below`); with torch's CUDA not shown, only the floor is
    known. nvcc -V's release is named where the paste shows it. Not on a paste that shows
    another accelerator and no NVIDIA GPU (flash-attn's ROCm build skips this check)."""
    said = facts.all(FactKey.MESSAGE_NVCC_FLOOR)
    if not said or (accelerators_shown(paste) and not gpu_of_cuda_shown(paste)):
        return ()
    floor, who = said[0].value.split(" ", 1)
    facts.use("nvcc", *said, *facts.all(FactKey.PIP_BUILD_FAILED))
    nvcc = facts.one(FactKey.NVCC)
    nvcc_words = ""
    if nvcc is not None and _release_tuple(nvcc.value) < _release_tuple(floor):
        nvcc_words = f" (release {nvcc.value}, as nvcc -V says)"
        facts.use("nvcc", nvcc)
    built = _torch_cuda_shown(facts)
    variant: Literal["apart", "torch_below"] | None = None
    cuda = torch = ""
    if built is not None:
        cuda = built[0]
        facts.use("torch", built[1])
        torch = built[1].value.strip() if built[1].key is not FactKey.TORCH_CUDA else ""
        variant = "apart" if _release_tuple(cuda) >= _release_tuple(floor) else "torch_below"
    major = _major(cuda) if variant == "apart" else None
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.NVCC_BELOW_FLOOR,
            backend=_CUDA,
            variant=variant,
            builder=_FLOOR_BUILDER.get(who, who),
            who=who,
            floor=floor,
            nvcc=nvcc_words,
            torch=f"torch {torch}" if torch else "torch",
            cuda=cuda,
            toolkit=_toolkit_line(way, major) if major else Shell(),
            # flash-attn 2 publishes wheels per torch, CUDA and Python (its GitHub releases);
            # FlashAttention-3 (hopper/) is built from source
            wheel=(
                f", or install a prebuilt {_FLOOR_BUILDER['FlashAttention']} wheel for this "
                "torch, CUDA and Python (its GitHub releases list them), which needs no nvcc"
                if who == "FlashAttention"
                else f"; {who} builds from flash-attention's hopper/ sources with that toolkit"
            ),
        ),
    )


def _display_driver_mismatch(
    paste: Pasted, facts: _Read, found: Sequence[Finding]
) -> tuple[Finding, ...]:
    """CUDA error 803 (cudaErrorSystemDriverMismatch: "system has unsupported display driver /
    cuda driver combination", readers/messages.py _DISPLAY_DRIVER): the kernel module and the
    libcuda loaded are of different releases, NVIDIA's own words for the mismatch
    driver.library_mismatch names from the module's and the libraries' versions. Where a
    driver finding already speaks (the versions shown), that one says it; not on a paste that
    shows another accelerator and no NVIDIA GPU (a vendor's CUDA look-alike is not NVIDIA's
    driver)."""
    said = facts.all(FactKey.MESSAGE_DISPLAY_DRIVER_MISMATCH)
    if not said or any(f.code == Code.DRIVER_LIBRARY_MISMATCH.value for f in found):
        return ()
    if accelerators_shown(paste) and not gpu_of_cuda_shown(paste):
        return ()
    facts.use("driver.library", *said)
    return (finding(Code.DRIVER_LIBRARY_MISMATCH, backend=_CUDA, variant="cuda_803"),)


# issue 38 (s8-serving): a GPU NVIDIA's CUDA forward compatibility never covers: its
# Forward Compatibility guide (https://docs.nvidia.com/deploy/cuda-compatibility/
# forward-compatibility.html) lists data-centre GPUs, select NGC Server Ready RTX SKUs and
# Jetson only, so a GeForce (or TITAN) never; a GeForce by its series number too ("RTX 3090",
# "GTX 1080" as nvidia-smi and reporters name them).
_NO_FORWARD_COMPAT_GPU: Final = re.compile(
    r"\b(?:GeForce|TITAN)\b|\bRTX ?[2-5]0[5-9]0\b|\bGTX ?1[0-6][5-8]0\b", re.I
)
# The lines that say CUDA did not start, in the words of who says it.
_CUDA_DID_NOT_START: Final = {
    FactKey.MESSAGE_FORWARD_COMPAT: 'CUDA: "forward compatibility was attempted on non '
    'supported HW"',
    FactKey.MESSAGE_TGI_NO_CUDA: 'text-generation-inference: "CUDA is not available"',
    FactKey.MESSAGE_NO_GPUS: 'torch: "No CUDA GPUs are available"',
}


def _forward_compat_loaded(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """nvidia-smi reporting a CUDA newer than its own driver supports: nvidia-smi reports the
    CUDA of the libcuda it loads, so a CUDA above the driver's own (NVIDIA's Table 3 minimum
    for that CUDA above the driver, compat/drivers.py) is a forward-compatibility libcuda
    (cuda-compat, which CUDA container images carry and NVIDIA's Forward Compatibility guide
    describes) loaded in front of the driver's, on a GeForce that forward compatibility does
    not cover: CUDA refuses to start (CUDA error 804, cudaErrorCompatNotSupportedOnDevice).
    A CUDA no toolkit release has (nvidia-smi's "12.7") has no minimum and is left alone, and
    so is a driver of the minimum's own branch below it: a branch's beta and early releases
    report that CUDA themselves (tests/data/reports/nvidia_smi/nvidiaall212: 550.40.07, a
    desktop's driver, says CUDA 12.4, whose Table 3 minimum is 550.54.14)."""
    driver, shown = facts.one(FactKey.DRIVER), facts.one(FactKey.DRIVER_CUDA)
    if driver is None or shown is None:
        return ()
    native = drivers.newest_cuda(driver.value)
    floor = drivers.table3_minimum(shown.value)
    running, needed = drivers.driver_tuple(driver.value), floor and drivers.driver_tuple(floor)
    if native is None or not running or not needed or running[0] >= needed[0]:
        return ()
    gpus = (*facts.all(FactKey.GPU), *facts.all(FactKey.PROSE_GPU))
    gpu = next((g for g in gpus if _NO_FORWARD_COMPAT_GPU.search(g.value)), None)
    said = [f for key in _CUDA_DID_NOT_START for f in facts.all(key)]
    # CUDA's own error 804 says the GPU is not covered; elsewhere the GPU's name must say it
    refused = bool(facts.all(FactKey.MESSAGE_FORWARD_COMPAT))
    if gpu is None and not refused:
        return ()
    facts.use("driver", driver, shown)
    if gpu is not None:
        facts.use("gpus", gpu)
    facts.use("stated", *said)
    return (
        finding(
            Code.DRIVER_FORWARD_COMPAT,
            backend=_CUDA,
            variant="smi",
            driver=driver.value,
            shown=shown.value,
            native=native,
            gpu=gpu.value.replace(" ...", "").strip() if gpu else "GPU",
            floor=floor or "",
            said=f" ({_CUDA_DID_NOT_START[said[0].key]})" if said else "",
        ),
    )


def _tgi_model_type(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """text-generation-inference's "Unsupported model type X" (readers/messages.py
    _TGI_MODEL_TYPE cites get_model) where the paste names TGI (its image, launcher, server
    package, tgi-gaudi): the serving stack has no implementation of the checkpoint's type;
    on a paste that shows Gaudi (tgi-gaudi, --runtime=habana, an HPU), its Gaudi backend,
    which has no transformers fallback (`gaudi`)."""
    said = facts.all(FactKey.MESSAGE_TGI_MODEL_TYPE)
    named = facts.all(FactKey.TGI_NAMED)
    if not said or not named:
        return ()
    facts.use("stated", *said, named[0])
    gaudi = _HPU in accelerators_shown(paste)
    return (
        finding(
            Code.TGI_MODEL_TYPE_UNSUPPORTED,
            backend=_HPU if gaudi else _CUDA,
            variant="gaudi" if gaudi else None,
            model_type=said[0].value.rstrip("."),
        ),
    )


# issue 38: fp16 AMP refused on the Mac's GPU, by who refused it (readers/messages.py).
_FP16_SAID: Final = {
    "transformers": ("transformers' TrainingArguments", '"--fp16 … can only be used on CUDA"'),
    "accelerate": ("accelerate", '"fp16 mixed precision requires a GPU"'),
    "accelerate mps": (
        "accelerate",
        f"\"fp16 mixed precision requires a GPU (not '{registry.BY_KEY[_MPS].device}')\"",
    ),
    "accelerate torch": (
        "accelerate",
        '"fp16 mixed precision with MPS device requires a Pytorch >= 2.5.0"',
    ),
    "accelerate autocast": (  # issue 38 (s9-precision): accelerate 1.16's words
        "accelerate",
        f"\"fp16 mixed precision is not supported on '{registry.BY_KEY[_MPS].device}'\"",
    ),
}


def _fp16_on_mps(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """fp16 AMP refused by transformers or accelerate (the sources are beside the patterns in
    readers/messages.py) on a Mac: the paste shows Apple Silicon, a path only macOS has, or
    accelerate names the Mac's device itself. Elsewhere (a Windows CUDA torch that sees no GPU) the
    same words have another cause, which this does not name."""
    said = facts.all(FactKey.MESSAGE_FP16_REFUSED)
    if not said or gpu_of_cuda_shown(paste):
        return ()
    shown = accelerators_shown(paste).get(_MPS, ())
    paths = facts.all(FactKey.MACOS_PATH)
    named = [
        f for f in said if f.value in ("accelerate mps", "accelerate torch", "accelerate autocast")
    ]
    if not (shown or paths or named):
        return ()
    first = named[0] if named else said[0]
    facts.use("fp16", *said)
    facts.use("host", *(shown or paths[:1]))
    who, words = _FP16_SAID[first.value]
    return (
        finding(
            Code.MPS_FP16_REFUSED,
            backend=_MPS,
            variant="torch" if first.value in ("accelerate torch", "accelerate autocast") else None,
            who=who,
            said=words,
        ),
    )


def _deepspeed_mps(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """DeepSpeed refused on a machine with no NVIDIA GPU: Python would not build DeepSpeed's
    Apple accelerator (the sources are beside the pattern in readers/messages.py), which
    DeepSpeed picks only where torch's MPS is available. Where the paste shows an NVIDIA GPU the
    words are not this machine's, and nothing is named."""
    said = facts.all(FactKey.MESSAGE_DS_MPS)
    if not said or gpu_of_cuda_shown(paste):
        return ()
    shown = accelerators_shown(paste).get(_MPS, ())
    paths = facts.all(FactKey.MACOS_PATH)
    facts.use("stated", *said)
    machine = registry.BY_KEY[_MPS].hardware
    if shown:
        facts.use("accelerator", shown[0])
        where = _npu_words(shown[0])
    elif paths:  # an Intel Mac's GPU runs MPS too: a path shows a Mac, not which one
        facts.use("accelerator", paths[0])
        machine, where = "a Mac", "paths only macOS has"
    else:
        machine, where = "a Mac", "DeepSpeed's own choice of its MPS accelerator"
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.CUDA_ONLY_PACKAGE,
            backend=_MPS,
            variant="deepspeed_mps",
            package="deepspeed",
            said="Can't instantiate abstract class MPS_Accelerator",
            accelerator=machine,
            shown=where,
            uninstall=remedies.pip(way, "uninstall", "-y", "deepspeed"),
        ),
    )


def _ipex_torch(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """Intel Extension for PyTorch beside a torch of another x.y: IPEX X.Y.* is built for
    torch X.Y.* and refuses any other at import (intel_extension_for_pytorch/__init__.py;
    the pattern of its message and its source are in readers/messages.py). From its message,
    else from the two versions the paste lists (IPEX's collect_env or ipex-llm's env-check
    line, a package listing; torch from collect_env or the same listings), compared as IPEX
    compares them: the x.y of each; else (issue 38, widened) from the loader's refusal of
    IPEX's compiled library for a torch symbol it lacks (intel_extension_for_pytorch/lib/
    libintel-ext-pt-cpu.so: "undefined symbol: _ZNK5torch8autograd4Node4nameEv"), the same
    pair apart seen where IPEX's own check did not run first. The install line gives torch
    X.Y.* from the index of the installed torch's kind; on an Intel GPU (an +xpu IPEX, or an
    XPU the paste shows) no line, for IPEX's XPU wheels pair with the torch builds Intel's
    installation page lists."""
    said = facts.one(FactKey.MESSAGE_IPEX_TORCH)
    ipex_fact: PastedFact | None = None
    symbol = next(
        (
            f
            for f in facts.all(FactKey.MESSAGE_UNDEFINED_SYMBOL)
            if f.name in _IPEX_DISTS and _IPEX_LIBRARY in f.quote.text
        ),
        None,
    )
    listed = [
        f
        for key in _VERSION_KEYS
        for f in facts.all(key)
        if versions.canonical_name(f.name or "") in _IPEX_DISTS
    ]
    ipex_fact = next(iter(facts.all(FactKey.IPEX_VERSION) + listed), None)
    shown, torch_fact = _shown_torch(paste.evidence, facts)
    if said is not None:
        ipex_xy, _, torch = said.value.partition(" ")
        facts.use("stated", said)
        ipex = f"{ipex_xy}.*"
    elif symbol is not None:
        facts.use("stated", symbol)
        ipex = ipex_fact.value.strip() if ipex_fact is not None else ""
        ipex_xy, torch = _x_y(ipex), (shown or "").strip()
        facts.use("ipex", ipex_fact)
        if torch_fact is not None:
            facts.use("torch", torch_fact)
    else:
        if ipex_fact is None or shown is None:
            return ()
        ipex, torch = ipex_fact.value.strip(), shown.strip()
        ipex_xy = _x_y(ipex)
        if not ipex_xy or not _x_y(torch) or ipex_xy == _x_y(torch):
            return ()
        facts.use("ipex", ipex_fact)
        if torch_fact is not None:
            facts.use("torch", torch_fact)
    xpu = registry.BY_KEY[_XPU].device
    on_xpu = bool(accelerators_shown(paste).get(_XPU)) or any(
        v.partition("+")[2].strip().lower() == xpu for v in (ipex, torch)
    )
    way = remedies.installer(paste.evidence.python)
    install = (
        Shell()
        if on_xpu or not ipex_xy
        else remedies.torch_required(
            way,
            f"=={ipex_xy}.*",
            paste.evidence,
            "intel-extension-for-pytorch",
            cpu_index="+cpu" in torch,
        )
    )
    backend = _XPU if on_xpu else None
    if symbol is not None and said is None:
        text = symbol.quote.text
        at = text.find(_IPEX_LIBRARY)
        end = text.find(".so", at)
        library = printable(text[at : end + 3])[:40] if at >= 0 and end > at else _IPEX_LIBRARY
        named = printable(symbol.value)[:80]
        if not ipex_xy:
            return (
                finding(
                    Code.IPEX_TORCH_MISMATCH,
                    backend=backend,
                    variant="symbol_unshown",
                    library=library,
                    symbol=named,
                    show=remedies.pip(way, "show", "torch", "intel-extension-for-pytorch"),
                ),
            )
        return (
            finding(
                Code.IPEX_TORCH_MISMATCH,
                backend=backend,
                variant="symbol",
                ipex=printable(ipex)[:40],
                ipex_xy=printable(ipex_xy)[:12],
                torch=printable(torch)[:48] or "(version not shown)",
                library=library,
                symbol=named,
                install=install,
            ),
        )
    variant: Literal["intel_gpu"] | None = "intel_gpu" if on_xpu else None
    return (
        finding(
            Code.IPEX_TORCH_MISMATCH,
            backend=backend,
            variant=variant,
            ipex=printable(ipex)[:40],
            ipex_xy=printable(ipex_xy)[:12],
            torch=printable(torch)[:48],
            install=install,
        ),
    )


# IPEX's compiled libraries: intel_extension_for_pytorch/lib/libintel-ext-pt-cpu.so and
# libintel-ext-pt-gpu.so (IPEX's CMake targets, loaded by intel_extension_for_pytorch._C).
_IPEX_LIBRARY: Final = "libintel-ext-pt-"


def _without_ipex_abi(found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The general "built for another torch" finding (checks/packages.py) of IPEX's library,
    where the IPEX finding names the pair apart: one finding, with IPEX's pairing rule and
    the torch it wants, not a reinstall of IPEX that keeps the same pair."""
    if not any(f.code == Code.IPEX_TORCH_MISMATCH.value for f in found):
        return found
    return tuple(
        f
        for f in found
        if not (
            f.code == Code.EXTENSION_BUILT_FOR_OTHER_TORCH.value
            and f.params.get("package") in _IPEX_DISTS
        )
    )


def _x_y(version: str) -> str:
    """A version's x.y as IPEX's check takes it (its re.match of digits, a dot, digits):
    "2.6" of "2.6.0+cpu", "2.1" of "2.1.10+xpu"; empty for anything else."""
    major, _, rest = version.strip().partition(".")
    minor = ""
    for char in rest[:4]:
        if not char.isdigit():
            break
        minor += char
    return f"{major}.{minor}" if major.isdigit() and len(major) <= 3 and minor else ""


# issue 38: Ascend's other wordings. vLLM on a first-generation Ascend 910.
def _vllm_ascend_device(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """vLLM (its version, its log lines, its package path or pin, vLLM Ascend listed) on an
    NPU that npu-smi names as a first-generation Ascend 910 (compat/ascend.py
    `vllm_ascend_unsupported`): only vLLM Ascend runs vLLM on an NPU, and it does not support
    that chip."""
    chips = [f for f in facts.all(FactKey.ASCEND_CHIP) if ascend.vllm_ascend_unsupported(f.value)]
    listed = [
        f
        for k in _VERSION_KEYS
        for f in facts.all(k)
        if versions.canonical_name(f.name or "") in ("vllm", "vllm-ascend")
    ]
    vllm = facts.all(FactKey.VLLM_VERSION) + listed + facts.all(FactKey.VLLM_SAID)
    vllm += facts.all(FactKey.VLLM_ASCEND_NAMED)  # issue 38: vLLM Ascend named in words
    if not vllm:
        return ()
    if not chips:  # issue 38: an Atlas 300I (310P) with a vLLM Ascend build for the A2/A3
        return _vllm_ascend_on_310p(paste, facts, vllm, listed)
    # the kernel call that failed on it ("call aclnnSwiGlu failed"), where the paste shows one
    facts.use("stated", vllm[0], *facts.all(FactKey.MESSAGE_ACLNN_FAILED)[:1])
    facts.use("accelerator", chips[0])
    chip = printable(one_line(chips[0].value))[:40]
    return (finding(Code.VLLM_ASCEND_DEVICE, backend=_NPU, chip=chip),)


def _vllm_ascend_on_310p(
    paste: Pasted, facts: _Read, vllm: list[PastedFact], listed: list[PastedFact]
) -> tuple[Finding, ...]:
    """vLLM Ascend on an Atlas 300I (npu-smi's 310P3, or the device CANN names) where its
    build is not the 310P one (compat/ascend.py VLLM_ASCEND_FIRST_310P): CANN's runtime
    refusing its kernels built for another SoC ("the socversion Ascend910B1 of bin package
    does not match the current device socverison Ascend310P3"), or a vLLM Ascend release
    older than its first 310P support."""
    said = facts.all(FactKey.MESSAGE_CANN_SOC)
    built, device = said[0].value.split(" ", 1) if said else ("", "")
    chips = [f for f in facts.all(FactKey.ASCEND_CHIP) if ascend.is_310p(f.value)]
    if not ascend.is_310p(device):
        # issue 38: or the card or chip named in words ("300I Duo", "310p"), after npu-smi's
        # and CANN's names of it
        chips += facts.all(FactKey.PROSE_ASCEND_310P)
    if not (chips or ascend.is_310p(device)):
        return ()
    chip = printable(one_line(chips[0].value if chips else device.removeprefix("Ascend")))[:40]
    named = [f for f in listed if versions.canonical_name(f.name or "") == "vllm-ascend"]
    # issue 38: vLLM Ascend's releases carry vLLM's number (v0.7.3 is vLLM 0.7.3's plugin; its
    # versioning policy, docs/source/community/versioning_policy.md), so vLLM's release stands
    # for it where the paste names vLLM Ascend and gives vLLM's version only
    if not named and facts.all(FactKey.VLLM_ASCEND_NAMED):
        named = [
            f
            for f in (*facts.all(FactKey.VLLM_VERSION), *listed)
            if f.key is FactKey.VLLM_VERSION or versions.canonical_name(f.name or "") == "vllm"
        ]
    release = named[0] if named else None
    parsed = versions.parse(release.value.strip().removeprefix("v")) if release else None
    first = versions.parse(ascend.VLLM_ASCEND_FIRST_310P)
    older = parsed is not None and first is not None and parsed < first
    asked = (
        release is None
        and not said
        and not facts.all(FactKey.VLLM_ASCEND_310P_BUILD)
        and bool(facts.all(FactKey.VLLM_ASCEND_NAMED))
    )
    if asked:
        # issue 38: vLLM Ascend named on an Atlas 300I without its release or its -310p build
        # (a question, a failure with neither shown): the paste is answered with the releases
        # and builds that support the NPU
        named_at = facts.all(FactKey.VLLM_ASCEND_NAMED)[0]
        facts.use("stated", named_at, chips[0])
        # issue 38 (s19-quiet): a question ("请问现在VLLM-ASCEND支持310P的NPU吗？") with no error
        # shown is answered at a warning's severity, never an error's
        variant: Literal["asked_310p", "question_310p"] = (
            "question_310p" if _a_question(paste, named_at, chips[0]) else "asked_310p"
        )
        return (
            finding(
                Code.VLLM_ASCEND_DEVICE,
                backend=_NPU,
                variant=variant,
                chip=chip,
                why="",
                image=ascend.VLLM_ASCEND_310P_IMAGE,
            ),
        )
    if said and ascend.kernels_package(built) != "310p":
        why = (
            f"its kernels were built for {printable(built)[:40]} and CANN refuses them here "
            f'("the socversion {printable(built)[:40]} of bin package does not match the '
            f'current device socverison {printable(device)[:40]}")'
        )
        facts.use("stated", said[0], vllm[0])
    elif older and release is not None:
        why = (
            f"vLLM Ascend {printable(release.value)[:40]} came before its first Atlas 300I "
            f"support (v{ascend.VLLM_ASCEND_FIRST_310P}, in its -310p builds)"
        )
        facts.use("stated", release)
    else:
        return ()
    if chips:
        facts.use("accelerator", chips[0])
    image = ascend.VLLM_ASCEND_310P_IMAGE
    if release is not None and not older:
        image = image.rsplit(":", 1)[0] + ":v" + release.value.strip().removeprefix("v") + "-310p"
    return (
        finding(
            Code.VLLM_ASCEND_DEVICE,
            backend=_NPU,
            variant="build_310p",
            chip=chip,
            why=why,
            image=image,
        ),
    )


# issue 38: CANN's operator kernels missing, or built for another SoC
def _cann_kernels(paste: Pasted, facts: _Read, found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """CANN's operators without their compiled binaries: its kernels package for this NPU's
    SoC not installed ("Op Equal does not has any binary", "please check if the opp_kernel
    package is installed"), or a binary package built for another SoC ("the socversion
    Ascend910B1 of bin package does not match the current device socverison Ascend310P3";
    compat/ascend.py `kernels_package`). Where vLLM Ascend's device finding has said why
    (a first-generation 910, a 310P with the A2 build), it stands alone."""
    if any(f.code == Code.VLLM_ASCEND_DEVICE.value for f in found):
        return ()
    missing = facts.all(FactKey.MESSAGE_CANN_KERNELS)
    wrong = facts.all(FactKey.MESSAGE_CANN_SOC)
    if not (missing or wrong):
        return ()
    chips = facts.all(FactKey.ASCEND_CHIP)
    said = [
        f
        for f in (*facts.all(FactKey.DEVICE_SOFTWARE), *facts.all(FactKey.PROSE_CANN))
        if f.key is FactKey.PROSE_CANN or f.name == _NPU
    ]
    releases = sorted({ascend.cann_release(f.value) for f in said} - {""})
    release = releases[0] if len(releases) == 1 else ""
    if said and release:
        facts.use("stated", said[0])
    if chips:
        facts.use("accelerator", chips[0])
    version = f" (the toolkit here: CANN {printable(release)[:20]})" if release else ""
    if wrong:
        built, device = wrong[0].value.split(" ", 1)
        facts.use("stated", wrong[0])
        package = ascend.kernels_package(device)
        return (
            finding(
                Code.CANN_KERNELS_MISSING,
                backend=_NPU,
                variant="wrong_soc",
                built=printable(built)[:40],
                device=printable(device)[:40],
                version=version,
                package=package or None,
                release=release or None,
            ),
        )
    facts.use("stated", missing[0])
    text = missing[0].value
    words = f"Op {text} does not has any binary" if " " not in text else text
    shown = f'"{printable(one_line(words))[:120]}"'
    chip = printable(one_line(chips[0].value))[:40] if chips else ""
    package = ascend.kernels_package(chip) if chip else ""
    return (
        finding(
            Code.CANN_KERNELS_MISSING,
            backend=_NPU,
            shown=shown,
            on=f" on the paste's NPU, {chip}" if chip else "",
            version=version,
            package=package or None,
            release=release or None,
        ),
    )


# issue 38: GPU-only packages on a machine with no NVIDIA GPU. The CPU row of the registry.
_CPU: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.CPU)
# The words a torch built without CUDA is shown with (collect_env's "CUDA used to build
# PyTorch: None", torch's own "+cpu" local label).
_NO_CUDA_BUILD: Final = ("none", "could not collect")


def _no_nvidia_gpu(paste: Pasted, facts: _Read) -> tuple[PastedFact, str, str, str] | None:
    """What shows that the machine runs without an NVIDIA GPU, as (line, backend, machine,
    words): Apple silicon or a path only macOS has (a Mac: no NVIDIA GPU since macOS 10.14),
    torch's CPU build ("+cpu", "CUDA used to build PyTorch: None"), or torch's CUDA build that
    sees no GPU where the paste shows no NVIDIA driver. None where the paste shows an NVIDIA or
    AMD GPU, or another accelerator (whose own findings speak)."""
    if gpu_of_cuda_shown(paste):
        return None
    shown = accelerators_shown(paste)
    if set(shown) - {_MPS}:
        return None
    if mps := shown.get(_MPS):
        return mps[0], _MPS, registry.BY_KEY[_MPS].hardware, _npu_words(mps[0])
    if paths := facts.all(FactKey.MACOS_PATH):
        return paths[0], _MPS, "a Mac", "paths only macOS has"
    version = facts.one(FactKey.TORCH_VERSION)
    if version is not None and version.value.strip().lower().endswith("+cpu"):
        return version, _CPU, "torch's CPU build", f"torch {printable(version.value)[:40]}"
    built = facts.one(FactKey.TORCH_CUDA)
    if built is not None and built.value.strip().lower() in _NO_CUDA_BUILD:
        return built, _CPU, "torch's CPU build", "torch built without CUDA"
    said = facts.one(FactKey.CUDA_AVAILABLE)
    if (
        said is not None
        and said.value.strip().lower() in ("false", "no")
        and not any(  # collect_env's "Nvidia driver version: No CUDA" shows none
            any(c.isdigit() for c in f.value)
            for f in (*facts.all(FactKey.DRIVER), *facts.all(FactKey.PROSE_DRIVER))
        )
    ):
        return said, _CPU, "no NVIDIA GPU or driver", "CUDA unavailable, no NVIDIA driver shown"
    return None


# The DeepSpeed accelerator line ds_report and every DeepSpeed import print ("Setting
# ds_accelerator to cuda (auto detect)", deepspeed/accelerator/real_accelerator.py): on a Mac,
# DeepSpeed's CUDA accelerator, which counts no device there.
_DS_ACCELERATOR_LINE: Final = "ds_accelerator"


def _no_gpu_packages(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A package that runs only on a GPU, failing on a machine whose paste shows no NVIDIA GPU
    (`_no_nvidia_gpu`): DeepSpeed's launcher counting no device (deepspeed/launcher/runner.py,
    its pattern in readers/messages.py), or DeepSpeed's CUDA accelerator chosen on a Mac; vLLM's
    CUDA build finding no device ("Failed to infer device type", vllm/config.py DeviceConfig) or
    its extension without the driver's libcuda.so.1. Named with the machine the paste shows, and
    vLLM's CPU backend or a GPU machine as the way out, never a CUDA torch."""
    machine = _no_nvidia_gpu(paste, facts)
    if machine is None:
        return ()
    line, backend, hardware, words = machine
    way = remedies.installer(paste.evidence.python)
    found: list[Finding] = []
    launcher = facts.all(FactKey.MESSAGE_DS_NO_GPU)
    chosen = [
        f
        for f in facts.all(FactKey.ACCELERATOR)
        if _DS_ACCELERATOR_LINE in f.quote.text and f.value.strip().lower() == _CUDA
    ]
    ds = launcher or (chosen if backend == _MPS else [])
    if ds:
        facts.use("stated", ds[0])
        facts.use("accelerator", line)
        said = (
            "Unable to proceed, no GPU resources available"
            if launcher
            else "Setting ds_accelerator to cuda"
        )
        found.append(
            finding(
                Code.CUDA_ONLY_PACKAGE,
                backend=backend,
                variant="deepspeed_no_gpu" if launcher else "deepspeed_cuda_on_mac",
                package="deepspeed",
                said=said,
                accelerator=hardware,
                shown=words,
                uninstall=remedies.pip(way, "uninstall", "-y", "deepspeed"),
            )
        )
    vllm = (
        facts.all(FactKey.MESSAGE_VLLM_NO_DEVICE)
        or facts.all(FactKey.MESSAGE_VLLM_NO_LIBCUDA)
        or list(_vllm_unplaced(facts))  # issue 38: vLLM's other no-device wordings
    )
    if vllm:
        facts.use("stated", vllm[0])
        facts.use("accelerator", line)
        said = _VLLM_NO_DEVICE_SAID.get(vllm[0].key, "vllm._C cannot load libcuda.so.1")
        found.append(
            finding(
                Code.CUDA_ONLY_PACKAGE,
                backend=backend,
                variant="vllm_no_gpu",
                package="vllm",
                said=said,
                accelerator=hardware,
                shown=words,
                uninstall=remedies.pip(way, "uninstall", "-y", "vllm"),
            )
        )
    return tuple(found)


# The registry rows a platform's torch shows besides its own (torch_xla runs on the TPU).
_RUNS_ON_IT: Final = {
    b.key: tuple(x.key for x in registry.BACKENDS if b.key in x.runs_on) for b in registry.BACKENDS
}


def _vllm_platform_no_cuda(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torch's "Torch not compiled with CUDA enabled" where the paste shows vLLM running on a
    platform of its own that is not CUDA's (its CPU build, or TPU): vLLM's code for this model
    or feature asked torch.cuda, which that platform's torch lacks by design. The model's
    layers (or its quantization) have no path for that platform in vLLM (docs.vllm.ai,
    getting_started/installation/cpu and features/quantization/supported_hardware); a CUDA
    torch is no remedy. A `--device cpu` counts only where the paste shows vLLM otherwise."""
    asked = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    platforms = facts.all(FactKey.VLLM_PLATFORM)
    if not asked or not platforms or gpu_of_cuda_shown(paste):
        return ()
    vllm = bool(facts.all(FactKey.VLLM_SAID)) or any(
        versions.canonical_name(f.name or "") == "vllm"
        for f in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE))
    )
    strong = [f for f in platforms if "--device" not in f.quote.text]
    chosen = strong[0] if strong else platforms[0] if vllm else None
    backend = next((b.key for b in registry.BACKENDS if chosen and b.device == chosen.value), None)
    if chosen is None or backend is None:
        return ()
    # another accelerator's paste (vLLM Ascend's torch-npu): its own findings speak; the
    # platform's own (torch_xla under vLLM's TPU platform) does not count
    if set(accelerators_shown(paste)) - {_MPS, _CPU, backend, *_RUNS_ON_IT.get(backend, ())}:
        return ()
    facts.use("stated", asked[0])
    facts.use("accelerator", chosen)
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.CUDA_ONLY_PACKAGE,
            backend=backend,
            variant="vllm_platform_no_cuda",
            package="vllm",
            said="Torch not compiled with CUDA enabled",
            accelerator=registry.BY_KEY[backend].hardware,
            shown=_platform_words(chosen),
            uninstall=remedies.pip(way, "uninstall", "-y", "vllm"),
        ),
    )


def _platform_words(fact: PastedFact) -> str:
    """How the paste shows vLLM's platform, in a few words."""
    text, value = fact.quote.text, printable(fact.value)[:12]
    if "detected platform" in text:
        return f"vLLM's log: detected platform {value}"
    if "--device" in text:
        return f"vLLM asked for --device {value}"
    if "VLLM_TARGET_DEVICE" in text:
        return f"VLLM_TARGET_DEVICE={value}"
    return f"vLLM's {value} build (+{value})"


def _deepspeed_no_device(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """DeepSpeed's launcher counting no device (deepspeed/launcher/runner.py, its pattern in
    readers/messages.py) where the paste does not show a machine without an NVIDIA GPU (that
    one `_no_gpu_packages` names): the launcher's own cause, resting on its first line."""
    said = facts.all(FactKey.MESSAGE_DS_NO_GPU)
    if not said or any(
        f.code == Code.CUDA_ONLY_PACKAGE.value and f.params.get("package") == "deepspeed"
        for f in found
    ):
        return ()
    facts.use("stated", said[0])
    return (finding(Code.DEEPSPEED_NO_DEVICE, backend=_CUDA),)


def _gpu_library_no_gpu(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """Unsloth's or Triton's own words that torch showed them no GPU (readers/messages.py
    cites each library's check): the library's cause, with what the paste shows of the
    machine where it shows one without an NVIDIA GPU (`_no_nvidia_gpu`: a Mac, torch's CPU
    build, no driver). No install line: the machine's GPU, torch build and driver are what
    the paste leaves open."""
    said = facts.all(FactKey.MESSAGE_LIBRARY_NO_GPU)
    shown_available = facts.one(FactKey.CUDA_AVAILABLE)
    if not said or (shown_available and shown_available.value.strip().lower() in ("true", "yes")):
        return ()  # torch saw the GPU: the library's own fault, not the machine's
    if facts.all(FactKey.TRITON_FORKED_PROBE) and any("active drivers" in f.value for f in said):
        return ()  # Triton 3.7's own probe in a forked worker (readers/messages.py): unread
    # the line that raised, before the traceback's line of source that holds the same words
    said = sorted(said, key=lambda f: "raise " in f.quote.text)
    facts.use("stated", *said)
    shown, backend, other = "", _CUDA, False
    accelerators = accelerators_shown(paste)
    if others := [key for key in accelerators if key not in (_MPS, _CPU)]:
        # another accelerator (an Ascend NPU, an Intel GPU, Gaudi): the library has no backend
        # for it in this install; judged for that accelerator, never a CUDA remedy
        backend, other = others[0], True
        line = accelerators[backend][0]
        facts.use("accelerator", line)
        shown = f"; the paste shows {registry.BY_KEY[backend].hardware} ({_npu_words(line)})"
    elif (machine := _no_nvidia_gpu(paste, facts)) is not None:
        line, backend, hardware, words = machine
        facts.use("accelerator", line)
        shown = f"; the paste shows {hardware} ({words})"
    words = printable(said[0].value)[:60]
    triton = "active drivers" in words
    variant: Literal["triton", "triton_other", "other"] | None = (
        ("triton_other" if other else "triton") if triton else "other" if other else None
    )
    said_words = "0 active drivers ([]). There should only be one." if triton else words
    return (
        finding(
            Code.GPU_LIBRARY_NO_GPU, backend=backend, variant=variant, said=said_words, shown=shown
        ),
    )


# issue 38 (s13-gpuonly): the findings that already say why torch sees no NVIDIA GPU on a
# machine that has one (its CPU build, the driver, the container runtime), by the part of
# each (`_RESTS_ON`) a GPU-only library's words rest on.
_NO_GPU_EXPLAINED: Final = {
    Code.CPU_ONLY_BUILD.value: "torch",
    Code.BUILD_MISMATCH.value: "torch",  # a CUDA torch on an AMD GPU, a ROCm one on NVIDIA's
    Code.CONTAINER_RUNTIME_NO_GPU.value: "stated",
}


def _no_gpu_part(code: str) -> str | None:
    """The part of the finding `code` that a GPU-only library's words rest on, where that
    finding says why torch sees no NVIDIA GPU; None for any other."""
    if code.startswith("driver.") and code != Code.DRIVER_LIBRARY_MISMATCH.value:
        return "driver"
    return _NO_GPU_EXPLAINED.get(code)


# issue 38 (s20-template): MLC-LLM's row (compat/support.py), whose device detection is its own
_MLC_ROW: Final = support.of_module("mlc_llm")
_MLC: Final = _MLC_ROW.name if _MLC_ROW is not None else ""
# What fails on the None that MLC-LLM's detect_device returns when it finds no device: the
# ChatModule's `device_type = self.device.device_type` (mlc-ai/mlc-llm python/mlc_llm/
# chat_module.py, until #2440 removed it in 2024-05) and convert_weight's
# `device.device_type` (python/mlc_llm/interface/convert_weight.py at v0.18.1), in Python's
# words for an attribute of None (Objects/object.c: "'NoneType' object has no attribute …").
_MLC_NONE: Final = "'NoneType' object has no attribute 'device_type'"


def _mlc_symptom(quote: QuotedLine, tool: str) -> PastedFact:
    """The line where a program failed on MLC-LLM's None device, as the fact it shows."""
    return PastedFact(FactKey.MESSAGE_GPU_REQUIRED, _MLC_NONE, tool, quote, name=_MLC)


def _gpu_required(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """Any GPU-only library's words that it found no GPU (compat/gpu_required.py's grammar;
    transformers' bitsandbytes/EETQ quantizers' "No GPU found. A GPU is needed for
    quantization." where no Mac finding took it), judged for the machine the paste shows: a
    Mac (no NVIDIA GPU, no CUDA torch), another accelerator (the library has no path for it),
    torch's CPU build or no driver with no NVIDIA GPU shown, or nothing shown (the library's
    own words). A kernel's check of its tensors counts only where the paste shows no NVIDIA
    GPU. Quiet where torch saw the GPU (the cause is elsewhere); where the paste shows an
    NVIDIA GPU that a finding already says torch cannot use (its CPU build), the words rest on
    that finding. No install line: what the machine lacks is a GPU or the path for its own."""
    said = [*facts.all(FactKey.MESSAGE_GPU_REQUIRED)]
    quantizer = facts.all(FactKey.MESSAGE_BNB_QUANTIZER)
    if not any(f.code == Code.BNB_ON_MAC.value for f in found) and not facts.all(
        FactKey.MESSAGE_BNB_NO_GPU
    ):
        said.extend(quantizer)
    tensor = facts.all(FactKey.MESSAGE_CUDA_TENSOR)
    if not (said or tensor) or any(f.code == Code.GPU_LIBRARY_NO_GPU.value for f in found):
        return ()
    shown_available = facts.one(FactKey.CUDA_AVAILABLE)
    if shown_available and shown_available.value.strip().lower() in ("true", "yes"):
        return ()  # torch saw the GPU: the library's own fault or the program's, not the machine
    if part := next((p for f in found if (p := _no_gpu_part(f.code))), None):
        facts.use(part, *said)
        return ()
    accelerators = accelerators_shown(paste)
    others = [key for key in accelerators if key not in (_MPS, _CPU)]
    machine = None if others else _no_nvidia_gpu(paste, facts)
    if others:
        backend, line = others[0], accelerators[others[0]][0]
        hardware, words = registry.BY_KEY[backend].hardware, _npu_words(line)
    elif machine is not None:
        line, backend, hardware, words = machine
    elif said and not gpu_of_cuda_shown(paste):
        line, backend, hardware, words = None, _CUDA, "", ""
    else:
        return ()  # a kernel's tensors off CUDA, or an NVIDIA GPU shown: not the machine
    # the message's own line before a title that retells it, or the source line that raises it
    said = sorted(
        said or tensor,
        key=lambda f: ("raise " in f.quote.text, f.quote.text.lstrip().startswith("#")),
    )
    facts.use("stated", *said)
    facts.use("accelerator", line)
    library = next((f.name for f in said if f.name), "") or (
        "transformers" if said[0].key is FactKey.MESSAGE_BNB_QUANTIZER else "A library"
    )
    words_said = printable(said[0].value)[:120]
    if (end := words_said.find(". ")) > 0:  # its first sentence ("… Please use another")
        words_said = words_said[: end + 1]
    if said[0].key is FactKey.MESSAGE_BNB_QUANTIZER:
        words_said = "No GPU found. A GPU is needed for quantization."
    variant: Literal["library", "library_mac", "library_other", "mlc"] = (
        "library_other" if others else "library_mac" if backend == _MPS else "library"
    )
    if library == _MLC and variant == "library":
        variant = "mlc"  # s20-template: its own detection, by TVM's runtime: not torch's
        # what then fails on the None device is this finding's symptom, not another error
        tool = said[0].tool  # the detection line's reader: the same reads the symptom's line
        facts.use("stated", *(_mlc_symptom(q, tool) for q in paste.errors if _MLC_NONE in q.text))
    shown = f"; the paste shows {hardware} ({words})" if hardware else ""
    return (
        finding(
            Code.GPU_LIBRARY_NO_GPU,
            backend=backend,
            variant=variant,
            library=printable(library)[:40],
            said=words_said,
            shown=shown,
        ),
    )


# issue 38: a library's version pin refused. A pip resolver conflict is judged where it is
# about a package of the stack hwdoctor diagnoses (either side of it): pip prints one for every
# unmet pin of the environment, most of them about packages no training run imports.
_PIN_STACK: Final = frozenset(
    {
        "torch", "torchvision", "torchaudio", "transformers", "tokenizers", "accelerate",
        "peft", "trl", "diffusers", "huggingface-hub", "safetensors", "datasets",
        "bitsandbytes", "deepspeed", "vllm", "xformers", "flash-attn", "triton",
        "llamafactory", "unsloth", "unsloth-zoo", "sentence-transformers", "optimum",
        "auto-gptq", "autoawq", "torch-npu", "intel-extension-for-pytorch", "axolotl",
    }
)  # fmt: skip


def _pins(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A library's version check refusing an installed package (transformers'
    require_version, as LLaMA-Factory, trl, peft, diffusers call it) and pip's resolver
    conflicts about the stack's packages (the sources beside the patterns in
    readers/messages.py): the package, the range, the version installed, and the install of
    a release inside the range."""
    way = remedies.installer(paste.evidence.python)
    made: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    skip = facts.all(FactKey.PIN_SKIP)
    for said in facts.all(FactKey.MESSAGE_PIN_REFUSED):
        spec, _, version = said.value.partition(" ")
        package = versions.canonical_name(said.name or "")
        if not package or (package, spec) in seen:
            continue
        seen.add((package, spec))
        same = [f for f in facts.all(FactKey.MESSAGE_PIN_REFUSED) if f.name == said.name]
        core = facts.all(FactKey.PIN_CORE)
        facts.use("pin", *same, *skip, *core)
        # who checks, by its hint: LLaMA-Factory's check_version, transformers' own
        owner = (
            "LLaMA-Factory" if skip else "transformers" if core else "the library that checks it"
        )
        made.append(
            finding(
                Code.PIN_REFUSED,
                package=printable(package)[:80],
                found=printable(version)[:40],
                spec=printable(spec)[:120],
                owner=owner,
                who='its version check: "is required for a normal functioning of this module"',
                install=_pin_install(way, paste, package, spec, owner),
                skip=(
                    comment(
                        "or keep it (a model that needs it) and skip LLaMA-Factory's check: "
                        "DISABLE_VERSION_CHECK=1 before the command"
                    )
                    if skip
                    else Shell()
                ),
            )
        )
    for said in facts.all(FactKey.MESSAGE_PIP_CONFLICT):
        parts = said.value.split()
        if len(parts) != 4:
            continue
        spec, version, owner, owner_version = parts
        package = versions.canonical_name(said.name or "")
        # one finding per requirer: torchvision and torchaudio pinning one torch each move
        key = (package, f"{spec} {versions.canonical_name(owner)}")
        if not ({package, versions.canonical_name(owner)} & _PIN_STACK) or key in seen:
            continue
        seen.add(key)
        facts.use("pin", said, *facts.all(FactKey.PIP_CONFLICTS)[:1])
        owner_words = f"{printable(owner)[:80]} {printable(owner_version)[:40]}"
        made.append(
            finding(
                Code.PIN_REFUSED,
                variant="resolver",
                package=printable(package)[:80],
                found=printable(version)[:40],
                spec=printable(spec)[:120],
                owner=owner_words,
                who="pip's resolver",
                install=_pin_install(way, paste, package, spec, owner_words, version),
                skip=Shell(),
            )
        )
    return tuple(made)


# issue 38 (s8-pip): pip's resolver refusing an install whose requirements of one package
# disagree (resolvelib/factory.py get_installation_error, the source beside _DEPENDS_WORDS in
# readers/messages.py). The stack's packages and the accelerators' own, either side.
_RESOLVED_STACK: Final = _PIN_STACK | frozenset(
    {
        "torch-neuronx",
        "torch-neuron",
        "neuronx-cc",
        "neuron-cc",
        "optimum-neuron",
        "torch-xla",
        "optimum-habana",
        "habana-torch-plugin",
        "vllm-ascend",
        "oneccl-bind-pt",
        "torch-npu",
        "protobuf",
    }
)


def _meeting(specs: Sequence[str]) -> str | None:
    """A version every specifier of `specs` admits, tried among the versions they name (and
    each one's next patch, for a range open at a bound): the most specific first (a local
    label: "2.3.1+cpu"); None when none is."""
    named = [t.split("==", 1)[-1].lstrip("<>=!~") for s in specs for t in s.split(",") if t.strip()]
    tried = [*named, *(f"{v}.1" for v in named)]
    tried.sort(key=lambda v: ("+" not in v, -len(v)))
    for version in tried:
        if "*" in version or not versions.is_version(version):
            continue
        if all(versions.satisfies(version, spec) is True for spec in specs):
            return version
    return None


def _resolution(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """pip's "The conflict is caused by:" list (or a reporter's list of the same lines) where
    two requirers ask for one package in ways that disagree: the release that satisfies both
    where one does (pip did not find it on the indexes it asked: torch-npu's "+cpu" torch is
    on PyTorch's CPU index), with one install of it and of both; else that no release of the
    one installs beside the other."""
    impossible = facts.all(FactKey.MESSAGE_PIP_IMPOSSIBLE)
    by_package: dict[str, list[PastedFact]] = {}
    for said in facts.all(FactKey.MESSAGE_PIP_DEPENDS):
        by_package.setdefault(versions.canonical_name(said.name or ""), []).append(said)
    way = remedies.installer(paste.evidence.python)
    made: list[Finding] = []
    for package, lines in by_package.items():
        asks: dict[str, tuple[str, str, PastedFact]] = {}  # by requirer: (spec, its version)
        for said in lines:
            spec, owner, version = [*said.value.split(), "", ""][:3]
            if spec and versions.parse_specifiers(spec) is not None:
                asks.setdefault(versions.canonical_name(owner), (spec, version, said))
        if len(asks) < 2 or not ({package, *asks} & _RESOLVED_STACK):
            continue
        specs = [spec for spec, _, _ in asks.values()]
        fits = _meeting(specs)
        # the two requirers to name: the one asking the most specific, and one it differs from
        ordered = sorted(asks.items(), key=lambda a: ("+" not in a[1][0], -len(a[1][0])))
        first = ordered[0]
        second = next((a for a in ordered[1:] if a[1][0] != first[1][0]), None)
        # a release that fits all is the cause only where its local label is one a requirer
        # asks for (the index that publishes "+cpu" builds not asked); else pip refused for
        # what the paste does not show (a line not read, this Python)
        if fits is not None and ("+" not in fits or not impossible):
            continue
        if second is None:
            continue
        if fits is None:  # the two that disagree
            pair = next(
                (
                    (a, b)
                    for i, a in enumerate(ordered)
                    for b in ordered[i + 1 :]
                    if _meeting([a[1][0], b[1][0]]) is None
                ),
                None,
            )
            if pair is None:
                continue
            first, second = sorted(pair, key=lambda a: a[0] != "user")  # the command's first
        facts.use("pin", *(said for _, _, said in asks.values()), *impossible[:2])

        def words(ask: tuple[str, tuple[str, str, PastedFact]]) -> str:
            name, (_, version, _) = ask
            if name == "user":
                return "the install command"
            return f"{printable(name)[:80]} {printable(version)[:40]}"

        owners = [
            f"{name}=={version}"
            for name, (_, version, _) in asks.items()
            if name != "user" and versions.is_name(name) and versions.is_version(version)
        ]
        if fits is not None:
            if package == "torch":
                # a torch the conflict names is not installed, whatever the prose took it for
                torch = paste.evidence.torch
                named = {fits, *(spec.lstrip("=") for spec in specs)}
                evidence = (
                    dataclasses.replace(paste.evidence, torch=None)
                    if torch is not None and torch.version in named
                    else paste.evidence
                )
                install = remedies.torch_required(
                    way, f"=={fits}", evidence, words(first), cpu_index="+cpu" in fits
                )
            else:
                install = remedies.requirement(way, package, f"=={fits}")
            if owners:
                install += remedies.pip(way, "install", *owners)
        variant: Literal["fits", "apart", "asked"] = (
            "fits" if fits is not None else "asked" if first[0] == "user" else "apart"
        )
        made.append(
            finding(
                Code.PIN_REFUSED,
                variant=variant,
                package=printable(package)[:80],
                found=printable(fits or "")[:60],
                spec=printable(first[1][0])[:120],
                owner=words(first),
                other=words(second),
                other_spec=printable(second[1][0])[:120],
                who="pip's resolver",
                install=install if fits is not None else Shell(),
                skip=Shell(),
            )
        )
    return tuple(made)


# issue 38: a library importing a transformers module its transformers is too old to have
def _transformers_module(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """Python's "No module named 'transformers.X'" for a module of the table
    (compat/transformers_modules.py) where the paste shows a transformers older than the
    module's first release (a package list's or the reporter's "transformers==4.32.1"), or
    none: the install of a release that has it. A transformers
    shown at or past that release (another cause: a broken install, a shadowing file) says
    nothing here."""
    shown = _version_of(facts, "transformers")
    for said in facts.all(FactKey.MESSAGE_TRANSFORMERS_MODULE):
        first = transformers_modules.too_old(said.value, shown.value if shown else None)
        if first is None:
            continue
        facts.use("stated", said)
        if shown is not None:
            facts.use("pin", shown)
        way = remedies.installer(paste.evidence.python)
        return (
            finding(
                Code.TRANSFORMERS_TOO_OLD,
                module=said.value,
                first=first,
                found=f" {printable(shown.value)[:40]}" if shown else "",
                install=remedies.requirement(way, "transformers", f">={first}"),
            ),
        )
    return ()


def _pin_install(
    way: remedies.Installer, paste: Pasted, package: str, spec: str, owner: str, found: str = ""
) -> Shell:
    """The install of a release inside the range: torch's through the wheel table (the
    index of the build this machine runs), any other package's as pip reads the range. Where
    torchvision or torchaudio pins torch, their release built for the torch installed
    instead (the compat tables), which keeps torch."""
    companion = owner.split(" ", 1)[0]
    if package == "torch" and companion in _COMPANIONS and found:
        pin = remedies.companion_pin(companion, found)
        if pin is not None and ".dev" not in pin:
            return remedies.pip(way, "install", pin) + comment(
                f"{companion} built for torch {found}: keeps torch"
            )
    if package == "torch":
        return remedies.torch_required(way, spec, paste.evidence, owner)
    return remedies.requirement(way, package, spec)


# issue 38: the Pythons torch's wheels are built for, by release series: pytorch/pytorch
# RELEASE.md, "Release Compatibility Matrix" (https://github.com/pytorch/pytorch/blob/main/
# RELEASE.md#release-compatibility-matrix), its experimental Python counted (wheels exist for
# it: 3.12 from 2.2, 3.13 from 2.5).
_TORCH_PYTHONS: Final = {
    "1.8": ("3.6", "3.9"), "1.9": ("3.6", "3.9"), "1.10": ("3.6", "3.9"),
    "1.11": ("3.7", "3.10"), "1.12": ("3.7", "3.10"), "1.13": ("3.7", "3.10"),
    "2.0": ("3.8", "3.11"), "2.1": ("3.8", "3.11"), "2.2": ("3.8", "3.12"),
    "2.3": ("3.8", "3.12"), "2.4": ("3.8", "3.12"), "2.5": ("3.9", "3.13"),
    "2.6": ("3.9", "3.13"), "2.7": ("3.9", "3.13"), "2.8": ("3.9", "3.13"),
    "2.9": ("3.10", "3.14"), "2.10": ("3.10", "3.14"),
}  # fmt: skip


def _series(version: str) -> tuple[int, int] | None:
    """A version's (major, minor): "3.11.4" is (3, 11)."""
    parsed = versions.parse(version.split("+", 1)[0])
    if parsed is None or len(parsed.release) < 2:
        return None
    return parsed.release[0], parsed.release[1]


def _python_guard(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s15-wheeltag): a package's own setup script refusing this Python before pip
    reads any Requires-Python (readers/messages.py _GUARD_BOUNDS, _GUARD_ONLY, _GUARD_NOT_YET:
    coqui-ai/TTS's, numba's and llvmlite's, SeismicMesh's words): the bound it states and the
    Python its words, or else the paste, show; an environment with a Python inside the bound."""
    for said in facts.all(FactKey.MESSAGE_PYTHON_GUARD):
        spec, _, python = said.value.partition(" ")
        if not python and paste.evidence.python and paste.evidence.python.version != "unknown":
            python = paste.evidence.python.version
            facts.use("host", *_python_facts(facts))
        facts.use("python_pin", said, *facts.all(FactKey.PIP_BUILD_FAILED))
        package = printable(said.name)[:80] if said.name else "the package being built"
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="guard",
                package=package,
                spec=printable(spec)[:60],
                python=f"Python {printable(python)[:20]}" if python else "this Python",
                said=printable(one_line(said.quote.text.strip()))[:120],
                venv=remedies.python_env(_fitting(spec)),
            ),
        )
    return ()


def _python_unsupported(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """pip refusing a package for this Python: its Requires-Python refusal ("Package 'X'
    requires a different Python: 3.7.12 not in '>=3.8'"), or no release found for a torch
    pin whose release has no wheels for the Python the paste shows (`_TORCH_PYTHONS`)."""
    way = remedies.installer(paste.evidence.python)
    for said in facts.all(FactKey.MESSAGE_PYTHON_REFUSED):
        spec, _, python = said.value.partition(" ")
        package = versions.canonical_name(said.name or "")
        facts.use("python_pin", said)
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="requires_python",
                package=printable(package)[:80],
                spec="",
                python=f"Python {printable(python)[:20]}",
                why=f"it requires Python {printable(spec)[:60]} (its Requires-Python; pip: "
                f'"requires a different Python")',
                install=Shell(),
                venv=remedies.python_env(_fitting(spec)),
            ),
        )
    if found := _python_guard(paste, facts):
        return found
    if found := _ignored(paste, facts):
        return found
    python = paste.evidence.python.version if paste.evidence.python else ""
    have = _series(python) if python and python != "unknown" else None
    if have is None:
        return ()
    for said in facts.all(FactKey.MESSAGE_NO_DISTRIBUTION):
        requirement, *listed = said.value.split()
        name, op, wanted = requirement.partition("==")
        if versions.canonical_name(name) != "torch" or not op:
            continue
        series = _series(wanted)
        if series is None:
            continue
        pythons = _TORCH_PYTHONS.get(f"{series[0]}.{series[1]}")
        if pythons is None or f"{series[0]}.{series[1]}" in listed:
            continue  # pip lists the series here: wheels for this Python, not the release asked
        low, high = (_series(p) for p in pythons)
        assert low is not None and high is not None
        if low <= have <= high:
            continue
        facts.use("python_pin", said, *facts.all(FactKey.MESSAGE_NO_DISTRIBUTION))
        facts.use("host", *_python_facts(facts))
        fits = [
            s
            for s, (a, b) in _TORCH_PYTHONS.items()
            if (_series(a) or (9, 9)) <= have <= (_series(b) or (0, 0))
        ]
        # The version pip could not find is not installed, whatever the prose took it for.
        torch = paste.evidence.torch
        evidence = (
            dataclasses.replace(paste.evidence, torch=None)
            if torch is not None and (torch.version or "").split("+")[0] == wanted.split("+")[0]
            else paste.evidence
        )
        install = (
            remedies.torch_required(
                way,
                f"=={fits[0]}.*" if have > high else f"=={fits[-1]}.*",
                evidence,
                f"Python {have[0]}.{have[1]}",
            )
            if fits
            else comment("no torch release in hwdoctor's table is built for it")
        )
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                package="torch",
                spec=f"=={printable(wanted)[:40]}",
                python=f"Python {have[0]}.{have[1]}",
                why=f"torch {series[0]}.{series[1]}'s wheels are built for Python {pythons[0]} "
                f"to {pythons[1]} (pytorch/pytorch RELEASE.md)",
                install=install,
                venv=remedies.python_env(pythons[1] if have > high else pythons[0]),
            ),
        )
    return ()


# issue 38: pip finding no release of a requirement it can install here, whatever the cause
# the findings above do not name (this Python's wheels, a Mac's bitsandbytes). pip lists the
# versions of the indexes it asked whose files install on this interpreter and platform
# (pip/_internal/resolution/resolvelib/factory.py _report_single_requirement_conflict:
# "Could not find a version that satisfies the requirement %s (from versions: %s)", "none"
# where no file fits; pip/_internal/index/package_finder.py skips a wheel "none of the
# wheel's tags … are compatible" and a file whose Requires-Python excludes this Python): the
# release asked is not among them, or none is. Where an accelerator's vendor publishes the
# package beside PyPI, the remedy is its index (remedies.vendor_release, its sources there).
def _inconsistent(facts: _Read) -> tuple[Finding, ...]:
    """pip discarding a package's file whose metadata gives another version than its name
    (the source beside _INCONSISTENT_WORDS in readers/messages.py), once per package; pip's
    "no matching distribution" for that package is its consequence, and is taken with it."""
    made: list[Finding] = []
    seen: set[str] = set()
    for said in facts.all(FactKey.MESSAGE_INCONSISTENT_VERSION):
        package = versions.canonical_name(said.name or "")
        named, _, metadata = said.value.partition(" ")
        if not package or package in seen or not metadata:
            continue
        seen.add(package)
        same = [
            f
            for f in (
                *facts.all(FactKey.MESSAGE_INCONSISTENT_VERSION),
                *facts.all(FactKey.MESSAGE_NO_DISTRIBUTION),
            )
            if (f.name and versions.canonical_name(f.name) == package)
            or ((n := _REQUIRED_NAME.match(f.value)) and versions.canonical_name(n[0]) == package)
        ]
        facts.use("pin", said, *same)
        made.append(
            finding(
                Code.WHEEL_VERSION_INCONSISTENT,
                package=printable(package)[:80],
                named=printable(named)[:60],
                metadata=printable(metadata)[:60],
            )
        )
    return tuple(made)


_LISTED_ADVICE: Final = (
    "install a release pip lists here, or use a Python and platform the release asked has "
    "wheels for:"
)


def _no_release(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """One finding per package pip found no release of that no other finding took: what
    pip listed (the newest it saw, or none at all), and the install that fits: from the
    vendor's index for an accelerator's package, else a release pip lists, else pip's
    verbose run, whose skipped-file lines say why."""
    taken = {id(f) for chosen in facts.used.values() for f in chosen}
    said = [f for f in facts.all(FactKey.MESSAGE_NO_DISTRIBUTION) if id(f) not in taken]
    by_name: dict[str, list[PastedFact]] = {}
    for fact in said:
        if named := _REQUIRED_NAME.match(fact.value):
            by_name.setdefault(versions.canonical_name(named[0]), []).append(fact)
    way = remedies.installer(paste.evidence.python)
    shown = frozenset(accelerators_shown(paste))
    made: list[Finding] = []
    for name, lines in by_name.items():
        first = max(lines, key=lambda f: len(f.value.split()))  # the line that lists the most
        requirement, *told = first.value.split()
        requirer = next((t.removeprefix("from=") for t in told if t.startswith("from=")), "")
        listed = [t for t in told if not t.startswith("from=") and t != "listed_local"]
        asked = requirement[len(_REQUIRED_NAME.match(requirement)[0]) :]  # type: ignore[index]
        extras, _, spec = asked.rpartition("]") if asked.startswith("[") else ("", "", asked)
        extras = f"{extras}]" if extras else ""
        extras = extras if versions.is_extras(extras) else ""  # a pasted value: its grammar
        newest = next((t.removeprefix("newest=") for t in listed if t.startswith("newest=")), "")
        if listed == ["none"] and not requirer and (meant := names.misspelt(name)):
            facts.use("python_pin", *lines)  # issue 38 (s18-npfine): the name, not the machine
            made.append(_misspelt(way, paste, name, meant, spec))
            continue
        if listed == ["none"] and (
            translated := _no_file_on_apple_silicon(paste, facts, name, spec)
        ):
            facts.use("host", *lines)  # issue 38 (s13-wheels): the interpreter, not the index
            made.append(translated)
            continue
        if listed in (["none"], []) and (unlisted := _no_release_here(paste, facts, name, lines)):
            made.append(unlisted)  # issue 38 (s15-support): its documentation's machines
            continue
        facts.use("python_pin", *lines)
        shown_spec = f"{printable(extras)[:40]}{printable(spec)[:60]}"
        if local := _local_build(spec, listed, told, requirer):
            made.append(
                _local_build_finding(way, paste, name, shown_spec, newest, requirer, local, shown)
            )
            continue
        if listed == ["none"]:
            why = (
                'pip lists no release of it at all ("from versions: none"): the indexes it asked '
                "hold no file of it for this Python and platform"
            )
        elif newest:
            wanted = spec.removeprefix("==") if spec.startswith("==") else ""
            later = wanted and versions.parse(wanted) and versions.parse(newest)
            why = (
                f"the releases pip lists (the indexes it asked, for this Python and platform) "
                f"stop at {printable(newest)[:60]}"
                if later and versions.parse(wanted) > versions.parse(newest)  # type: ignore[operator]
                else f"none of the releases pip lists here fits (the newest: "
                f"{printable(newest)[:60]})"
            )
        else:
            why = "pip's words; the paste does not show the releases pip saw"
        vendor = remedies.vendor_release(way, name, extras, spec, shown)
        if vendor is not None:
            where, install = vendor
            where = f"{where}:"
        elif newest and name == "torch" and not requirer:
            where = _LISTED_ADVICE
            # the version pip could not find is not installed, whatever the prose took it for
            torch = paste.evidence.torch
            evidence = (
                dataclasses.replace(paste.evidence, torch=None)
                if torch is not None and f"=={torch.version}" == spec
                else paste.evidence
            )
            # from the indexes pip asked, which listed it (no other build chosen for it)
            install = remedies.torch_required(
                way, f"=={newest}", evidence, "pip's list", from_pypi=True
            )
        elif newest and not requirer:
            # issue 38 (s17-wrongB): a release pip lists is a remedy for a requirement the
            # command asked; one another package states ("(from torch==2.0.0)") stays its pin,
            # and pip's verbose run says why each file of the release asked was skipped
            where = _LISTED_ADVICE
            install = remedies.requirement(way, name, f"=={newest}")
        else:
            where = (
                "pip's verbose run names each file it skipped and why (\"Skipping link: none "
                "of the wheel's tags … are compatible\", a Requires-Python refused):"
            )
            install = remedies.pip(way, "install", "-v", f"{name}{extras}{spec}")
            if versions.canonical_name(name) == "torch":
                # torch's builds are on their own indexes: `pip install -v torch` alone would
                # ask PyPI (a CUDA build on Linux) whatever index the paste's command named
                where = f"run the paste's own pip command again with -v (its same indexes): {where}"
                where = where.removesuffix(":")
                install = Shell()
        made.append(
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="index",
                package=printable(name)[:80],
                spec=shown_spec,
                why=why,
                where=where,
                install=install,
            )
        )
    return tuple(made)


def _misspelt(way: remedies.Installer, paste: Pasted, name: str, meant: str, spec: str) -> Finding:
    """python.package_name_misspelt: pip found no package at all of a name the command asked
    for ("from versions: none", no other package requiring it), which is no distribution
    hwdoctor knows and one edit from exactly one it does (compat/names.py misspelt): the
    install of that one, with the version the command asked (torch's by the chooser that
    picks its build)."""
    install = (
        remedies.torch_required(way, spec, paste.evidence, "the install asked")
        if meant == "torch"
        else remedies.requirement(way, meant, spec)
    )
    return finding(
        Code.PACKAGE_NAME_MISSPELT,
        package=printable(name)[:80],
        meant=meant,
        install=install,
    )


def _local_build(spec: str, listed: list[str], told: list[str], requirer: str) -> str:
    """issue 38 (s17-wrongB): the local version label ("rocm7.2.0.gita272dfa8") of a build
    another package requires (pip: "(from torch)"), where pip lists releases and none of them
    carries a local label; "" otherwise. PEP 440 ("Local version identifiers SHOULD NOT be used
    when publishing upstream projects to a public index server") and PyPI, which refuses them
    (pypi/warehouse forklift/legacy.py: "Can't use PEP 440 local versions."): such a build is
    on the index of whoever built it (torch's ROCm, XPU and nightly builds pin their Triton
    build so, on download.pytorch.org or the vendor's), so the install asked an index that
    cannot hold it; the machine is not what pip refused."""
    if not requirer or not spec.startswith("==") or "+" not in spec or "listed_local" in told:
        return ""
    if listed in (["none"], []):
        return ""
    return spec.rpartition("+")[2]


def _local_build_finding(
    way: remedies.Installer,
    paste: Pasted,
    name: str,
    spec: str,
    newest: str,
    requirer: str,
    label: str,
    shown: frozenset[str],
) -> Finding:
    """python.version_unsupported (local): an error, for nothing was installed. The install
    from the index that holds the build where hwdoctor knows it: the vendor's
    (remedies.vendor_release), or, for a torch build the wheel table lists ("+cu118",
    "+rocm6.2", "+cpu"), download.pytorch.org's index of that build (remedies.torch_required,
    issue 38 s17-mend-pip); else whose index it is in words, and no line guessed."""
    vendor = remedies.vendor_release(way, name, "", spec, shown)
    if vendor is not None:
        where, install = f"{vendor[0]}:", vendor[1]
    elif name == "torch" and _listed_torch_build(spec.removeprefix("==")):
        where = (
            f"install torch{spec} first, from the index of its build (the wheel table's); "
            f"{printable(requirer)[:80]}'s install then finds it installed:"
        )
        # the version pip could not find is not installed, whatever the paste took it for
        torch = paste.evidence.torch
        evidence = (
            dataclasses.replace(paste.evidence, torch=None)
            if torch is not None and f"=={torch.version}" == spec
            else paste.evidence
        )
        install = remedies.torch_required(way, spec, evidence, printable(requirer)[:80])
    else:
        where = (
            f"install {printable(requirer)[:80]} with the index its build came from beside "
            f"PyPI (the index, or the page of files, it was installed from), where "
            f"{printable(name)[:80]}{spec} is published; for a wheel file installed by its "
            f"path, the index of the page it was downloaded from{_whose_build(name, label)}"
        )
        install = Shell()
    listed = f"the newest {printable(newest)[:60]}" if newest else "none with a local label"
    return finding(
        Code.PYTHON_VERSION_UNSUPPORTED,
        variant="local",
        package=printable(name)[:80],
        spec=spec,
        requirer=printable(requirer)[:80],
        label=printable(label)[:60],
        why=f"pip lists only the public releases of the indexes it asked ({listed})",
        where=where,
        install=install,
    )


def _listed_torch_build(version: str) -> bool:
    """issue 38 (s17-mend-pip): a torch release and build ("2.1.0+cu118") the wheel table
    lists on download.pytorch.org, so that the chooser writes its install."""
    release = wheels.release_of(version)
    label = wheels.local_of(version)
    return release is not None and label is not None and release.variant(label) is not None


def _whose_build(name: str, label: str) -> str:
    """issue 38 (s17-mend-pip): whose index holds a torch build the wheel table does not
    list, where its label says: a ROCm build ("+rocm7.2.0") that PyTorch's own ROCm indexes
    do not carry is AMD's (AMD's PyTorch install page installs its wheels from its own
    repository, repo.radeon.com: rocm.docs.amd.com/projects/install-on-linux/en/docs-6.2.0/
    how-to/3rd-party/pytorch-install.html, the page registry.py's ROCm row cites); "" for any
    other."""
    if name != "torch" or not label.lower().startswith(registry.BY_KEY[_ROCM].wheel or "-"):
        return ""
    return (
        f" (a ROCm build, +{printable(label)[:60]}, that download.pytorch.org's ROCm indexes "
        "do not list: AMD publishes its own on its repository, repo.radeon.com)"
    )


# issue 38 (s10-platform): the system a wheel tag is for (PEP 425 platform tags: packaging.tags
# mac_platforms "macosx_*", "win32" / "win_amd64" / "win_arm64", manylinux / musllinux /
# linux_*), and the words a sentence gives a system.
_TAG_SYSTEMS: Final = (("macosx", "Darwin"), ("win", "Windows"), ("manylinux", "Linux"),
                       ("musllinux", "Linux"), ("linux", "Linux"))  # fmt: skip
_CPYTHON_TAG: Final = re.compile(r"cp(\d)(\d{1,2})")


def _tag_system(tag: str) -> str | None:
    """The system (platform.system()'s word) a wheel's platform tag is for, None for "any"."""
    return next((system for prefix, system in _TAG_SYSTEMS if tag.startswith(prefix)), None)


def _system_shown(paste: Pasted, facts: _Read) -> tuple[str, list[PastedFact]] | None:
    """The system the paste shows (platform.system()'s word) and the lines that show it: the
    host's, a Mac's lines (_mac_lines), Windows named or a Windows path; None where none."""
    host = paste.evidence.host
    if host is not None and host.system in imports.SYSTEM_WORDS:
        return host.system, []
    if mac := _mac_lines(paste, facts):
        return "Darwin", mac[:1]
    if windows := facts.all(FactKey.PROSE_WINDOWS) or facts.all(FactKey.PROSE_WINDOWS_PATH):
        return "Windows", windows[:1]
    return None


def _elsewhere(package: str, system: str, platforms: tuple[str, ...]) -> str:
    """Where a package built for `platforms` runs, said to someone on `system`."""
    machine = " or ".join(imports.SYSTEM_WORDS.get(p, p) for p in platforms)
    wsl = (
        ", or under WSL2 on this Windows machine (a Linux distribution; the GPU driver's WSL "
        "support gives it the GPU)"
        if system == "Windows" and "Linux" in platforms
        else ""
    )
    return (
        f"run it on a {machine} machine{wsl}; or leave {package} out on "
        f"{imports.SYSTEM_WORDS.get(system, system)} where the program runs without it (an "
        "environment marker on the requirement that names it, such as sys_platform == "
        '"linux")'
    )


def _tag_words(tag: str) -> str:
    """A wheel tag in words: "cp310" is CPython 3.10, "linux_x86_64" Linux (linux_x86_64)."""
    if cpython := _CPYTHON_TAG.fullmatch(tag):
        return f"CPython {cpython[1]}.{cpython[2]} ({tag})"
    system = _tag_system(tag)
    return f"{imports.SYSTEM_WORDS[system]} ({tag})" if system else tag


def _arm_shown(
    paste: Pasted, facts: _Read, system: str | None
) -> tuple[str, list[PastedFact]] | None:
    """issue 38 (s12-osbuild): a machine no x86_64-only wheel installs on, in words and the
    lines that show it: a Mac (its Apple silicon has none; its Intel wheels of
    imports.X86_ONLY stop at old Pythons), or Linux on an Arm CPU (the host's machine, or
    named: PROSE_ARM_LINUX). None elsewhere, and where the system shown is Windows."""
    if system == "Darwin":
        return "macOS", _mac_lines(paste, facts)[:1]
    if system not in (None, "Linux"):
        return None
    host = paste.evidence.host
    arm = facts.all(FactKey.PROSE_ARM_LINUX)
    if arm or (host is not None and host.system == "Linux" and host.machine == "aarch64"):
        return "Linux on Arm (aarch64)", arm[:1]
    return None


def _wheel_apart(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A wheel file built for another system or Python than the one it was installed into:
    uv's hint names both tags; pip's refusal names the file, whose platform tag is set against
    the system the paste shows and whose CPython tag against the Python it shows. Quiet where
    nothing shown contradicts the file's tags (a file named wrongly, a tag of another
    architecture: pip's words stay an unread error line)."""
    for said in facts.all(FactKey.MESSAGE_WHEEL_APART):
        built, here = said.value.split()
        facts.use("python_pin", said)
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="wheel",
                package="",
                built=_tag_words(built),
                here=_tag_words(here),
                said=f'uv: "The wheel is compatible with … but you\'re on {printable(here)[:40]}"',
            ),
        )
    shown = _system_shown(paste, facts)
    python = paste.evidence.python.version if paste.evidence.python else ""
    have = _series(python) if python and python != "unknown" else None
    for said in facts.all(FactKey.MESSAGE_WHEEL_REFUSED):
        name, python_tag, abi_tag, platform_tag = said.value.split()
        systems = {_tag_system(t) for t in platform_tag.split(".")}
        system = next(iter(systems)) if len(systems) == 1 else None
        arches = {builds.tag_arch(t) for t in platform_tag.split(".")}
        cpython = _CPYTHON_TAG.fullmatch(python_tag.split(".")[0])
        machine = _wheel_machine(paste, facts, system) if system is not None else None
        package = f" ({printable(versions.canonical_name(name))[:80]})"
        said_words = 'pip: "… is not a supported wheel on this platform"'
        if system is not None and shown is not None and system != shown[0]:
            facts.use("host", *shown[1])
            here_system = shown[0]
            built, here = _tag_words(platform_tag), imports.SYSTEM_WORDS[here_system]
            mine = _wheel_machine(paste, facts, here_system)
            arch = mine[0] if mine is not None else None
        elif (
            system is not None
            and machine is not None
            and None not in arches
            and machine[0] not in arches
        ):
            # issue 38 (s15-wheeltag): the system fits, the CPU architecture does not
            facts.use("host", *machine[2])
            here_system, arch = system, machine[0]
            words = imports.SYSTEM_WORDS[system]
            built = f"{words} on {next(iter(arches))} ({platform_tag})"
            here = machine[1]
        elif cpython and have is not None and _python_tag_refuses(cpython, abi_tag, have):
            built, here = _tag_words(python_tag), f"Python {have[0]}.{have[1]}"
            facts.use("host", *_python_facts(facts))
            facts.use("python_pin", said)
            minor = f"{cpython[1]}.{cpython[2]}"
            tag = f"cp{have[0]}{have[1]}"
            abi = "abi3" if abi_tag == "abi3" else f"{tag}m" if have < (3, 8) else tag
            return (
                finding(
                    Code.PYTHON_VERSION_UNSUPPORTED,
                    variant="wheel_python",
                    package=package,
                    built=built,
                    here=here,
                    said=said_words,
                    tags=f"{tag}-{abi}-{platform_tag}",
                    python=f"Python {minor}",
                    venv=remedies.python_env(minor),
                ),
            )
        else:
            continue
        facts.use("python_pin", said)
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="wheel_platform",
                package=package,
                built=built,
                here=here,
                said=said_words,
                tags=_PLATFORM_TAGS.get((here_system, arch))
                or _PLATFORM_TAGS.get((here_system, None), "the tags of this machine"),
            ),
        )
    return ()


# the tags a file for a machine carries (packaging.tags: platform_tags() on each system; macOS
# on Apple silicon takes arm64 and universal2 files, mac_platforms())
_PLATFORM_TAGS: Final = {
    ("Darwin", "arm64"): "macosx_11_0_arm64 (or another macosx_*_arm64) or macosx_*_universal2",
    ("Darwin", "x86_64"): "macosx_*_x86_64 or macosx_*_universal2",
    ("Darwin", None): "macosx_* (arm64 for Apple silicon, x86_64 for Intel, or universal2)",
    ("Linux", "arm64"): "manylinux*_aarch64 or linux_aarch64",
    ("Linux", "x86_64"): "manylinux*_x86_64 or linux_x86_64",
    ("Linux", None): "manylinux*_x86_64 or manylinux*_aarch64 (the machine's CPU)",
    ("Windows", "arm64"): "win_arm64",
    ("Windows", "x86_64"): "win_amd64",
    ("Windows", None): "win_amd64 (win_arm64 on an Arm CPU)",
}
# Apple's M chips named ("M2 Chip", "MacBook Pro M1 Max"): Apple silicon, arm64
_M_CHIP: Final = re.compile(r"\bM[1-9](?:\s?(?:Pro|Max|Ultra))?\b")


def _python_tag_refuses(cpython: re.Match[str], abi: str, have: tuple[int, int]) -> bool:
    """Whether a CPython tag refuses this Python: cpXY is XY alone, cpXY-abi3 XY and later
    (PEP 384; packaging.tags cpython_tags)."""
    built = (int(cpython[1]), int(cpython[2]))
    return have < built if abi == "abi3" else have != built


def _wheel_machine(
    paste: Pasted, facts: _Read, system: str
) -> tuple[str, str, list[PastedFact]] | None:
    """issue 38 (s15-wheeltag): the CPU architecture (compat/builds.py's word) of a machine of
    `system` the paste shows, in words, and the lines that show it: the host's machine, a
    Mac's M chip (Apple silicon is arm64), Linux on Arm named (PROSE_ARM_LINUX). Unlike
    `_machine_shown`, never a line that names a wheel file: the file pip refused carries the
    wheel's tags, not the machine's. None where nothing shows it."""
    host = paste.evidence.host
    if host is not None and host.system == system and host.machine not in ("", "unknown"):
        arch = builds.arch_word(host.machine)
        if arch is not None:
            return arch, builds.Machine(system=system, arch=arch).words(), []
    lines: list[PastedFact] = []
    if system == "Darwin":
        shown = (*accelerators_shown(paste).get(_MPS, ()), *facts.all(FactKey.PROSE_MAC))
        lines = [f for f in shown if ".whl" not in f.quote.text and _M_CHIP.search(f.value)]
    elif system == "Linux":
        lines = [f for f in facts.all(FactKey.PROSE_ARM_LINUX) if ".whl" not in f.quote.text]
    if not lines:
        return None
    words = "a Mac with Apple silicon (arm64)" if system == "Darwin" else "Linux on Arm (aarch64)"
    return "arm64", words, lines[:1]


def _no_build_here(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s10-platform): a package no installer finds a file of for this machine, in
    poetry's, uv's or pip's words: where the package is built for some systems only
    (imports.BUILT_FOR) and the system shown (or the tag uv names) is another, that is the
    cause, with where it runs; poetry's and uv's words elsewhere say what they found, with
    their own way to see why. pip's "from versions: none" for another package stays
    _no_release's. A wheel file of another system or Python is _wheel_apart's."""
    made: list[Finding] = list(_wheel_apart(paste, facts))
    shown = _system_shown(paste, facts)
    taken = {id(f) for chosen in facts.used.values() for f in chosen}
    seen: set[str] = set()
    said_all = sorted(
        (
            *facts.all(FactKey.MESSAGE_NO_CANDIDATES),
            *facts.all(FactKey.MESSAGE_NO_TAGGED_WHEEL),
            *facts.all(FactKey.MESSAGE_NO_PLATFORM_WHEEL),
            *facts.all(FactKey.MESSAGE_NO_DISTRIBUTION),
        ),
        key=lambda f: f.quote.line,
    )
    for said in said_all:
        if id(said) in taken:
            continue
        named = _REQUIRED_NAME.match(said.value)
        if named is None:
            continue
        package = versions.canonical_name(named[0])
        tail = said.value[len(named[0]) :]
        rest = tail.split()
        spec = tail.split(" ", 1)[0] if tail[:1] in ("=", "<", ">", "!", "~") else ""
        kind, tag = "", ""
        if said.key is FactKey.MESSAGE_NO_TAGGED_WHEEL:
            kind, tag = [*rest[1 if spec else 0 :], "", ""][:2]
        system = _tag_system(tag) if kind == "platform" else None
        if system is None and shown is not None:
            system = shown[0]
        built_for = imports.built_for(package)
        tool = {
            FactKey.MESSAGE_NO_CANDIDATES: "poetry",
            FactKey.MESSAGE_NO_TAGGED_WHEEL: "uv",
            FactKey.MESSAGE_NO_PLATFORM_WHEEL: "uv",
        }.get(said.key, "pip")
        words = printable(one_line(said.quote.text.strip()))[:120]
        same = [
            f
            for f in said_all
            if (n := _REQUIRED_NAME.match(f.value)) and versions.canonical_name(n[0]) == package
        ]
        if package in seen or any(id(f) in taken for f in same):
            continue  # said again, or another finding names this refusal (bitsandbytes on a Mac)
        same += [f for f in facts.all(FactKey.POETRY_INSTALL_FAILED) if f.value == package]
        # (the system in words, why its build is missing, where it runs, the lines that show
        # the system) where the package has no build for the system shown
        platform: tuple[str, str, str, Sequence[PastedFact]] | None = None
        arm = _arm_shown(paste, facts, system)
        if package in imports.X86_ONLY and arm is not None and not builds.known(package):
            # issue 38 (s12-osbuild): built for x86_64 alone, on a Mac or on Linux on Arm
            why, where = imports.X86_ONLY[package]
            platform = (arm[0], why, where, arm[1])
        elif built_for is not None and system is not None and system not in built_for:
            why = (
                f"{package} is built for {' and '.join(built_for)} only "
                f"({imports.BUILT_FOR_SOURCE[package]})"
            )
            where = _elsewhere(package, system, built_for)
            platform = (imports.SYSTEM_WORDS[system], why, where, shown[1] if shown else ())
        if (
            platform is None
            and not _OTHER_INDEX.search(said.quote.text)
            and (table := _table_no_build(paste, facts, package, spec, kind, tag))
        ):
            # issue 38 (s13-wheels): PyPI's file lists (compat/builds.py) have no file of it
            # for the Python, system or CPU the paste shows
            seen.add(package)
            made.append(table[0])
            translated = table[0].code == Code.PYTHON_TRANSLATED.value  # rests on "host"
            facts.use("host" if translated else "python_pin", said, *same)
            if table[1]:
                facts.use("host", *table[1])
            continue
        if platform is not None:
            named_system, why, where, host = platform
            seen.add(package)
            facts.use("python_pin", said, *same)
            if host:
                facts.use("host", *host)
            made.append(
                finding(
                    Code.PYTHON_VERSION_UNSUPPORTED,
                    variant="platform",
                    package=package,
                    spec=printable(spec)[:60],
                    system=named_system,
                    said=f"{tool}: \u201c{words}\u201d",
                    why=why,
                    where=where,
                )
            )
            continue
        skipped = facts.all(FactKey.POETRY_TAGS_SKIPPED)
        if (
            tool == "pip"
            or (tool == "poetry" and not skipped)
            or said.key is FactKey.MESSAGE_NO_PLATFORM_WHEEL
        ):
            # pip's own words are _no_release's; poetry's alone may be a stale lock file or a
            # source it cannot read (its own words: "This is likely not a Poetry issue" only
            # where it counts the wheels this environment's tags refused), uv's "can't be
            # installed" alone a source the project asks for on every platform or a uv bug
            # (astral-sh/uv#5182): left unread, unless uv's hint names the tags
            continue
        seen.add(package)
        facts.use("python_pin", said, *same, *(skipped if tool == "poetry" else ()))
        if kind == "platform" and system is not None:
            system_words = imports.SYSTEM_WORDS[system]
            why = f"no wheel of it is tagged for {system_words} (`{printable(tag)[:40]}`)"
            where = (
                "use a release with a wheel for this system (the release's file list on PyPI "
                "names the systems it has wheels for), or a machine of a system it has wheels "
                "for; or leave it out where the program runs without it"
            )
        elif kind in ("abi", "version", "implementation"):
            why = "no wheel of it is built for this Python" + (
                f" (`{printable(tag)[:20]}`)" if tag else ""
            )
            where = (
                "use a Python the release has wheels for (its file list on PyPI names them: "
                "cp311 for CPython 3.11), in a new environment, or a release with wheels for "
                "this Python"
            )
        elif tool == "poetry":
            why = (
                "none of that release's wheels has tags this environment supports (poetry: "
                "\"wheel(s) were skipped as your project's environment does not support the "
                'identified abi tags"): it has no build for this Python, system or architecture'
            )
            where = (
                "poetry debug tags lists the tags this environment supports, and the release's "
                "file list on PyPI the Pythons and systems it has wheels for: use a Python (poetry "
                "env use) or a machine it has wheels for, or a release with a wheel for this one"
            )
        else:
            why = "uv found no file of it for this Python and system"
            where = (
                "uv's hint below its error names the platforms the release has wheels for; "
                "use one of those, or a release with a wheel for this one"
            )
        made.append(
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="installer",
                tool=tool,
                package=package,
                spec=printable(spec)[:60],
                said=f"\u201c{words}\u201d",
                why=why,
                where=where,
            )
        )
    return tuple(made)


# issue 38 (s13-wheels): a requirement from an index other than PyPI, whose files PyPI's file
# list does not show: uv's "@ registry+https://download.pytorch.org/whl/cpu" (the index it
# resolved from), a local version label of PyTorch's own indexes ("+cpu", "+cu121",
# "+rocm6.2", "+xpu"; https://download.pytorch.org/whl/).
_OTHER_INDEX: Final = re.compile(
    r"@ registry\+(?!https://pypi\.org/)|\+(?:cpu|cu\d{2,3}|rocm\d{1,2}(?:\.\d{1,2})?|xpu)\b"
)


def _machine_shown(
    paste: Pasted, facts: _Read, kind: str = "", tag: str = ""
) -> tuple[builds.Machine, list[PastedFact]]:
    """issue 38 (s13-wheels): the Python, system and CPU the paste shows, and the lines that
    show them: the tag uv names for this machine, the host's facts, Python's version (a tool's
    line, the reporter's words, a site-packages path), a Mac's or Windows' lines, a macOS wheel
    tag's CPU, Apple silicon (arm64), Linux on Arm. What it does not show stays None."""
    lines: list[PastedFact] = []
    python: tuple[int, int] | None = None
    if kind in ("abi", "version") and (cpython := _CPYTHON_TAG.match(tag)):
        python = (int(cpython[1]), int(cpython[2]))
    elif paste.evidence.python and paste.evidence.python.version not in ("", "unknown"):
        python = _series(paste.evidence.python.version)
        lines += _python_facts(facts)[:1]
    elif paths := facts.all(FactKey.PYTHON_LIB_PATH) or facts.all(FactKey.PYTHON_BUILD_DIR):
        python = _series(paths[0].value.split()[0])
        lines.append(paths[0])
    system: str | None = None
    arch: str | None = None
    built = facts.all(FactKey.PYTHON_BUILD_DIR)
    if kind == "platform" and (system := _tag_system(tag)) is not None:
        arch = builds.tag_arch(tag)
    elif shown := _system_shown(paste, facts):
        system = shown[0]
        lines += shown[1]
    elif built and (system := _tag_system(built[0].value.split()[-1])) is not None:
        lines.append(built[0])  # the interpreter's platform, as setuptools names its build
    if built and arch is None and system == _tag_system(built[0].value.split()[-1]):
        arch = builds.tag_arch(built[0].value.split()[-1].replace("-", "_"))
    host = paste.evidence.host
    if arch is None and host is not None and host.machine not in ("", "unknown"):
        arch = builds.arch_word(host.machine)
    intel = facts.all(FactKey.PROSE_INTEL_MAC)
    if arch is None and system in (None, "Darwin") and intel:
        system, arch = "Darwin", "x86_64"  # an Intel Mac named
        lines.append(intel[0])
    if arch is None and system == "Darwin":
        tags = [f for f in facts.all(FactKey.MACOS_WHEEL) if not f.value.endswith("universal2")]
        if tags:
            arch = builds.tag_arch(tags[0].value)
            lines.append(tags[0])
        elif apple := accelerators_shown(paste).get(_MPS, ()):
            arch = "arm64"  # Apple silicon: torch's MPS runs on it alone
            lines.append(apple[0])
    if arch is None and system in (None, "Linux") and (arm := facts.all(FactKey.PROSE_ARM_LINUX)):
        system, arch = "Linux", "arm64"
        lines.append(arm[0])
    return builds.Machine(python=python, system=system, arch=arch), lines


def _table_advice(
    way: remedies.Installer,
    verdict: builds.Verdict,
    machine: builds.Machine,
    spec: str,
    *,
    built: bool = False,
) -> tuple[str, Shell, Shell]:
    """What to do on the machine a table verdict is about: what its maintainers name for this
    system instead (imports.INSTEAD); a Python the package has wheels for on this system and
    CPU (a new environment, and the install into it); the newest release with a file for the
    machine; its source build (`built`: the build that failed); another machine."""
    package = verdict.package
    place = builds.Machine(system=machine.system, arch=machine.arch).words()
    hand = imports.X86_ONLY.get(package)  # where its maintainers say a build comes from
    instead = imports.INSTEAD.get((package, machine.system or ""))
    if instead is not None:
        name, source, words = instead
        install = (
            remedies.requirement(way, name, "")
            if source == "pypi"
            else remedies.conda_channel_install(name, source)
        )
        return (f"use {words}:", Shell(), install)
    if verdict.python_here and machine.python != _series(verdict.python_here):
        other_cpu = f"; on another CPU, {hand[1]}" if hand and machine.arch is None else ""
        return (
            f"make an environment with Python {verdict.python_here}, which {package} has "
            f"wheels for on {verdict.python_place}, and install it there (or a release of "
            f"{package} with a wheel for {machine.words()}){other_cpu}:",
            remedies.python_env(verdict.python_here),
            remedies.env_requirement(package, spec),
        )
    other = f"; or {hand[1]}" if hand else ""
    if verdict.fitting:
        return (
            f"the newest {package} release with a wheel for {machine.words()} is "
            f"{verdict.fitting}: a requirement that admits it installs without a build "
            f"({package}=={verdict.fitting}, where the program runs with it); or run it on a "
            f"machine the release asked has wheels for{other}",
            Shell(),
            Shell(),
        )
    if verdict.sdist and built:
        return (
            f"a build from source needs a compiler and {package}'s build requirements on this "
            f"machine (its install documentation says which, and whether it builds on {place}); "
            f"or run it on a machine {package} has wheels for{other}",
            Shell(),
            Shell(),
        )
    return (
        f"no file of {package} installs on {place}: run it on a machine it has wheels for, or "
        f"use a package that does the same there{other}",
        Shell(),
        Shell(),
    )


def _chip_words(fact: PastedFact) -> str:
    """The Apple chip a line names ("Apple M3"), as a sentence names it; "Apple silicon" where
    the line names none."""
    value = printable(fact.value)[:40]
    return value if value.lower().startswith("apple m") else "Apple silicon"


def _no_file_on_apple_silicon(
    paste: Pasted, facts: _Read, package: str, spec: str
) -> Finding | None:
    """issue 38 (s13-wheels): pip finding no file at all ("from versions: none") of a package
    PyPI has macOS arm64 wheels of for the Python shown (every Python in common use where none
    is shown), on a Mac whose Apple chip the paste shows: the interpreter is not a native arm64
    one (ml-explore/mlx#200, its maintainer: "you are probably using a non-native Python"), or
    macOS is older than the wheels' tags. None elsewhere."""
    apple = accelerators_shown(paste).get(_MPS, ())
    if not apple or not builds.known(package) or facts.all(FactKey.PROSE_INTEL_MAC):
        return None
    machine, shown = _machine_shown(paste, facts)
    if machine.system not in (None, "Darwin") or machine.arch not in (None, "arm64"):
        return None
    native = builds.Machine(python=machine.python, system="Darwin", arch="arm64")
    if builds.no_build(package, spec, native, sdist_counts=True, found_none=True) is not None:
        return None  # no arm64 wheel for it either: the table's own finding says so
    read, newest, _ = builds.table()[package]
    facts.use("host", *shown, apple[0])
    python = (
        f"Python {machine.python[0]}.{machine.python[1]}"
        if machine.python
        else "the Pythons in common use"
    )
    return finding(
        Code.PYTHON_TRANSLATED,
        backend=_MPS,
        variant="none_found",
        chip=_chip_words(apple[0]),
        package=package,
        python=python,
        why=f"PyPI's file list of {package}, read {read} (newest {newest})",
    )


def _table_no_build(
    paste: Pasted, facts: _Read, package: str, spec: str, kind: str = "", tag: str = ""
) -> tuple[Finding, list[PastedFact]] | None:
    """issue 38 (s13-wheels): an installer finding no file of a package that PyPI's file lists
    (compat/builds.py) show has none for the Python, system or CPU the paste shows: the
    finding, and the lines that show the machine. None where a file fits, where the package
    has a source distribution pip would build (another cause stops it), or the paste shows
    nothing of the machine."""
    if not builds.known(package):
        return None
    machine, lines = _machine_shown(paste, facts, kind, tag)
    verdict = builds.no_build(package, spec, machine, sdist_counts=True, found_none=True)
    if verdict is None:
        return None
    way = remedies.installer(paste.evidence.python)
    where, venv, install = _table_advice(way, verdict, machine, spec)
    apple = accelerators_shown(paste).get(_MPS, ())
    why = f"{verdict.source()}: {verdict.releases} {verdict.has}"
    intel = facts.all(FactKey.PROSE_INTEL_MAC)  # an Intel Mac named: its x86_64 is its own
    if machine.system == "Darwin" and machine.arch == "x86_64" and apple and not intel:
        # an x86_64 Python on Apple silicon (Rosetta 2): the tag is the interpreter's, and the
        # Mac's own arm64 wheels are what a native Python installs (ml-explore/mlx#200, "you
        # are probably using a non-native Python"; astral-sh/uv#13512)
        return (
            finding(
                Code.PYTHON_TRANSLATED,
                backend=_MPS,
                variant="no_file",
                chip=_chip_words(apple[0]),
                package=package,
                spec=printable(spec)[:60],
                why=why,
            ),
            [*lines, apple[0]],
        )
    return (
        finding(
            Code.PYTHON_VERSION_UNSUPPORTED,
            variant="builds",
            package=package,
            spec=printable(spec)[:60],
            machine=machine.words(),
            why=why,
            where=where,
            venv=venv,
            install=install,
        ),
        lines,
    )


# issue 38 (s15-toolchain): CMake's "CMAKE_C_COMPILER not set, after EnableLanguage", as the
# reader names it (readers/messages.py _TOOLCHAIN_MISSING)
_COMPILER_UNSET: Final = "compiler_unset"
# issue 38 (s15-toolchain): the variants of python.build_toolchain_missing, by what hwdoctor's
# table of PyPI's file lists says of the package on the machine the paste shows
_ToolchainVariant = Literal[
    None, "table_build", "no_wheels", "wheel_now", "unlisted", "unknown", "unnamed"
]


def _built_package(facts: _Read, at: int) -> tuple[str, PastedFact | None, PastedFact | None]:
    """The package a failed source build is of, as pip's lines name it for the build whose
    output holds line `at` (its "Building wheel for X …" above it, else its "Failed building
    wheel for X" below), else the source pip fetched last before it, else pip's build
    directory: its canonical name, the line naming it, and the line that fetched its source
    (its release). ("", None, None) where the paste names none."""
    named = facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR)
    before = [f for f in named if f.quote.line <= at]
    fetched = facts.all(FactKey.PIP_SDIST_RELEASE)
    in_order = (
        before[-1:],
        [f for f in named if f.quote.line > at][:1],
        [f for f in fetched if f.quote.line <= at][-1:],
        fetched[-1:],
        facts.all(FactKey.BUILD_REQUESTED)[:1],
    )
    said = next((found[0] for found in in_order if found), None)
    if said is None:
        return "", None, None
    package = versions.canonical_name(said.value.split()[0])
    source = [f for f in fetched if f.value.split()[0] == package]
    return package, said, (source[-1] if source else None)


def _toolchain_missing(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s15-toolchain): pip building a package from its source because no wheel of
    the release fits this machine, and the build stopping on a build tool that is not installed,
    in the words of what looked for it (readers/messages.py `_TOOLCHAIN_MISSING`: Rust,
    MSVC, a C compiler, Python's headers, CMake). One finding: the package and release pip
    took the source of, the machine the paste shows, the tool; what hwdoctor's table of PyPI's
    file lists says has a wheel here (compat/builds.py), the first remedy where there is one,
    and the tool's install for this system (compat/toolchains.py, remedies.toolchain). Steps
    aside where another finding named the build's failure (the CUDA toolkit's, a library on
    a machine its documentation does not list), and where the line comes from no build pip
    ran (a compiler's or CMake's words need pip's or setuptools' lines beside them)."""
    taken = {id(f) for chosen in facts.used.values() for f in chosen}
    told = [f for f in facts.all(FactKey.MESSAGE_TOOLCHAIN_MISSING) if id(f) not in taken]
    failed = facts.all(FactKey.PIP_BUILD_FAILED)
    if not told or any(id(f) in taken for f in failed):
        return ()
    machine, lines = _machine_shown(paste, facts)
    said = [f for f in told if toolchains.tool_of(f.name) is not None]
    if machine.system == toolchains.WINDOWS:
        # CMake's compiler left unset is MSVC missing on Windows, where CMake falls back to
        # NMake Makefiles when it finds no Visual Studio (readers/messages.py)
        said += [f for f in told if f.name == _COMPILER_UNSET]
    if not said:
        return ()
    first = min(said, key=lambda f: f.quote.line)
    tool = toolchains.tool_of(first.name) or toolchains.Tool.COMPILER
    ran = facts.all(FactKey.BUILD_COMMAND_FAILED)
    built = [
        *failed,
        *facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR),
        *facts.all(FactKey.PIP_SDIST_RELEASE),
        *facts.all(FactKey.PYTHON_BUILD_DIR),
        *facts.all(FactKey.BUILD_REQUESTED),
        *ran,
    ]
    # setuptools-rust, maturin and setuptools' MSVC compiler speak only inside a Python build
    if tool not in (toolchains.Tool.RUST, toolchains.Tool.MSVC) and not built:
        return ()
    package, named, fetched = _built_package(facts, first.quote.line)
    debian = facts.all(FactKey.PROSE_DEBIAN)
    if machine.system is None and tool is toolchains.Tool.MSVC:
        # setuptools' MSVC compiler looks for Visual C++ on Windows alone
        machine = dataclasses.replace(machine, system=toolchains.WINDOWS)
    elif machine.system is None and debian:
        machine = dataclasses.replace(machine, system=toolchains.LINUX)  # Debian, Ubuntu
        lines.append(debian[0])
    if package and (row := support.of_dist(package)) is not None:
        shown = _support_machine(paste, facts)
        if shown is not None and not row.runs_on(shown[0], shown[1], _release(facts, row)):
            return ()  # a library on a machine its documentation does not list: that finding
    spec = f"=={fetched.value.split()[-1]}" if fetched is not None else ""
    system = machine.system
    python = f"{machine.python[0]}.{machine.python[1]}" if machine.python else ""
    way = remedies.installer(paste.evidence.python)
    get = toolchains.how(tool, system, bool(debian), python)
    build = remedies.toolchain(way, tool, system, debian=bool(debian), python=python)
    if debian and build and debian[0] not in lines:
        lines.append(debian[0])
    # the same failure's other lines: CMake's header over its compiler check, a docker
    # build's RUN of pip; CMake's compiler left unset beside its compiler not found
    compiler = tool in (toolchains.Tool.COMPILER, toolchains.Tool.MSVC)
    around = [*facts.all(FactKey.DOCKER_RUN_FAILED)]
    if compiler:
        around += facts.all(FactKey.CMAKE_ERROR_AT)
    stated = told if compiler else said
    facts.use(
        "stated", *stated, *failed, *facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR), *ran, *around
    )
    facts.use("python_pin", *(f for f in (named, fetched) if f is not None))
    facts.use("host", *lines)
    variant, why, where, remedy = _toolchain_remedy(way, package, spec, machine, build)
    return (
        finding(
            Code.BUILD_TOOLCHAIN_MISSING,
            variant=variant,
            package=package,
            spec=printable(spec)[:60],
            machine=machine.words(),
            tool=toolchains.words(tool, system),
            said=f"\u201c{printable(first.value)[:120]}\u201d",
            why=why,
            where=where,
            get=get,
            remedy=remedy,
        ),
    )


def _toolchain_remedy(
    way: remedies.Installer, package: str, spec: str, machine: builds.Machine, build: Shell
) -> tuple[_ToolchainVariant, str, str, Shell]:
    """issue 38 (s15-toolchain): what hwdoctor's table of PyPI's file lists says of a package
    pip built from source on the machine the paste shows, and so what to do first: the
    finding's variant, its `why` (the table's words), its `where` (a Python or a release with
    a wheel, _table_advice's) and the remedy (that way first where the table has one, the
    tool's install after it as the other choice; the tool's install alone elsewhere)."""
    if not package:
        return "unnamed", "", "", build
    verdict = builds.no_build(package, spec, machine, sdist_counts=False)
    if verdict is not None:
        why = f"{verdict.source()}: {verdict.releases} {verdict.has}"
        if not verdict.wheels:
            return "no_wheels", why, "", build
        here = verdict.python_here and machine.python != _series(verdict.python_here)
        instead = (package, machine.system or "") in imports.INSTEAD  # its maintainers' way
        if not (here or verdict.fitting or instead):
            return "table_build", why, "", build
        where, venv, install = _table_advice(way, verdict, machine, spec, built=True)
        wheel = (f"to install {package} without building it", venv + install)
        return None, why, where.rstrip(":"), choices([wheel, (f"to build {package} here", build)])
    whole = None not in (machine.python, machine.system, machine.arch)
    if not builds.known(package):
        return "unlisted", "", "", build
    if not (whole and builds.wheel_fits(package, spec, machine)):
        return "unknown", "", "", build
    # a wheel the table lists for this machine now: published after this install, or one the
    # pip that ran did not take (setuptools-rust's own message: "If you are using an outdated
    # pip version, it is possible a prebuilt wheel is available")
    release = spec[2:] if spec else builds.newest_fitting(package, machine)
    why = f"{builds.source(package)}: {package} {release} has a wheel for {machine.words()}"
    if way.pip == ("pip",):
        # pip upgrades itself only as `python -m pip`: on Windows a bare `pip` refuses to
        # modify pip ("To modify pip, please run the following command: …python.exe -m pip
        # install --upgrade pip", pip/_internal/utils/misc.py
        # protect_pip_from_modification_on_windows); the package after it the same way
        way = dataclasses.replace(way, pip=("python", "-m", "pip"))
    again = remedies.requirement(way, "pip", "", upgrade=True) + remedies.requirement(
        way, package, spec
    )
    wheel = (f"to take a wheel of {package}, with an up-to-date pip", again)
    return "wheel_now", why, "", choices([wheel, (f"to build {package} here", build)])


def _no_wheel_built(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s13-wheels): a package whose build failed ("Failed building wheel for X")
    where PyPI's file lists (compat/builds.py) show it has wheels, none of them for the Python,
    system or CPU the paste shows: the installer fell back to its source distribution because
    no wheel fits. Quiet where another finding names the build's failure, where a wheel fits,
    and where the paste shows nothing of the machine."""
    taken = {id(f) for chosen in facts.used.values() for f in chosen}
    failed = facts.all(FactKey.PIP_BUILD_FAILED)
    if any(id(f) in taken for f in failed):
        # another finding names why the build failed: the lines that name the failed build
        # are its too (the sections that took pip's build lines take them)
        ids = {id(f) for f in failed}
        for section in [s for s, chosen in facts.used.items() if any(id(f) in ids for f in chosen)]:
            facts.use(section, *facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR))
        return ()
    made: list[Finding] = []
    seen: set[str] = set()
    named = [(f.value.split(), f) for f in facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR)]
    metadata = [f for f in failed if f.value == "metadata-generation-failed"]
    if metadata and not named:
        # pip's metadata step names no package: the source it fetched last before it failed
        before = [
            f for f in facts.all(FactKey.PIP_SDIST_RELEASE) if f.quote.line < metadata[0].quote.line
        ]
        named = [(before[-1].value.split()[:1], before[-1])] if before else []
    for packages, said in named:
        if id(said) in taken:
            continue
        for package in packages:
            if package in seen or not builds.known(package):
                continue
            machine, lines = _machine_shown(paste, facts)
            fetched = [
                f for f in facts.all(FactKey.PIP_SDIST_RELEASE) if f.value.split()[0] == package
            ]
            spec = f"=={fetched[-1].value.split()[-1]}" if fetched else ""
            verdict = builds.no_build(package, spec, machine, sdist_counts=False)
            if verdict is None or not verdict.wheels:
                continue
            seen.add(package)
            facts.use("python_pin", said, *failed, *fetched[-1:])
            facts.use("host", *lines)
            where, venv, install = _table_advice(
                remedies.installer(paste.evidence.python), verdict, machine, spec, built=True
            )
            made.append(
                finding(
                    Code.PYTHON_VERSION_UNSUPPORTED,
                    variant="source_build",
                    package=package,
                    spec=printable(spec)[:60],
                    machine=machine.words(),
                    why=f"{verdict.source()}: {verdict.releases} {verdict.has}",
                    where=where,
                    venv=venv,
                    install=install,
                )
            )
    return tuple(made)


def _python_facts(facts: _Read) -> list[PastedFact]:
    """The lines the paste gives Python's version on."""
    return [*facts.all(FactKey.PYTHON_VERSION), *facts.all(FactKey.PROSE_PYTHON)][:2]


# The Pythons an environment is suggested with: the first a Requires-Python admits (3.12
# first: torch has wheels for it from 2.2, pytorch/pytorch RELEASE.md).
_PYTHONS: Final = ("3.12", "3.11", "3.10", "3.13", "3.9", "3.8", "3.7", "3.14")


def _fitting(spec: str) -> str:
    """A Python x.y a Requires-Python admits (">=3.7,<3.11" is 3.10, ">=3.8" is 3.12)."""
    for series in _PYTHONS:
        if versions.satisfies(f"{series}.0", spec) or versions.satisfies(f"{series}.99", spec):
            return series
    return "3.12"


def _ignored(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """pip found no release of a pinned package and said, in its list of the releases it
    skipped for their Requires-Python, that the pinned one is among them ("Ignored the
    following versions that require a different python version: 1.21.3 Requires-Python
    >=3.7,<3.11", then "No matching distribution found for numpy==1.21.3"): the source is
    beside the patterns in readers/messages.py."""
    skipped: dict[str, tuple[str, PastedFact]] = {}
    for said in facts.all(FactKey.PYTHON_IGNORED):
        for pair in said.value.split(";"):
            version, _, spec = pair.partition("=")
            skipped.setdefault(version, (spec, said))
    python = paste.evidence.python.version if paste.evidence.python else ""
    shown = f"Python {printable(python)[:20]}" if python and python != "unknown" else "this Python"
    for said in facts.all(FactKey.MESSAGE_NO_DISTRIBUTION):
        requirement = said.value.split()[0]
        name, op, wanted = requirement.partition("==")
        if not op or wanted not in skipped:
            continue
        spec, ignored = skipped[wanted]
        facts.use("python_pin", said, ignored, *facts.all(FactKey.MESSAGE_NO_DISTRIBUTION))
        facts.use("host", *_python_facts(facts))
        package = versions.canonical_name(name)
        return (
            finding(
                Code.PYTHON_VERSION_UNSUPPORTED,
                variant="requires_python",
                package=printable(package)[:80],
                spec=f"=={printable(wanted)[:40]}",
                python=shown,
                why=f"{package} {printable(wanted)[:40]} requires Python {printable(spec)[:60]} "
                '(pip: "Ignored the following versions that require a different python '
                'version")',
                install=Shell(),
                venv=remedies.python_env(_fitting(spec)),
            ),
        )
    return ()


# issue 38: Gaudi / Neuron / TPU. The container runtimes docker is asked for by name, by the
# registry row whose container flags name it (Gaudi's "--runtime=habana"), and NVIDIA's:
# the NVIDIA Container Toolkit registers its runtime as "nvidia" (nvidia-ctk runtime
# configure --runtime=docker), the name `docker run --runtime nvidia` and compose's
# `runtime: nvidia` ask for.
_NVIDIA_RUNTIME: Final = "nvidia"
_RUNTIME_FLAG: Final = re.compile(r"--runtime=([\w-]{1,40})")


def _runtime_backends() -> dict[str, str]:
    """The vendor container runtimes, by name, to the registry row they give devices of."""
    named = {_NVIDIA_RUNTIME: _CUDA}
    for backend in registry.BACKENDS:
        if flag := _RUNTIME_FLAG.search(backend.container_devices):
            named[flag.group(1)] = backend.key
    return named


def _container_runtime(facts: _Read) -> tuple[Finding, ...]:
    """docker asked for a vendor's container runtime that it does not know (moby's "unknown
    or invalid runtime name: habana"): that runtime is not installed or not registered in
    docker's daemon.json, and the remedy is that vendor's runtime, for the accelerator it
    serves. A runtime of no accelerator (runsc, kata) says nothing here; its line stays an
    unread error."""
    for said in facts.all(FactKey.MESSAGE_CONTAINER_RUNTIME):
        runtime = said.value.rsplit(" ", 1)[-1].lower()
        backend = _runtime_backends().get(runtime)
        variant: Literal["unknown_runtime", "habana"] | None = (
            "unknown_runtime" if backend == _CUDA else "habana" if backend == _HPU else None
        )
        if variant is None:
            continue
        facts.use("stated", said)
        return (
            finding(
                Code.CONTAINER_RUNTIME_NO_GPU,
                backend=backend,
                variant=variant,
                runtime=runtime,
                said=said.value,
            ),
        )
    return ()


# issue 38: the Neuron lines that name their cause (the runtime against the driver), before
# the lines that follow from it (the driver's range, the device count's assertion)
_NEURON_NAMING: Final = re.compile(
    r"not compatible|Architecture not found"
    # issue 38: the Neuron runtime in a container apart from the host's (neuron-rtd 1.x)
    r"|No devices specified|Mounting device="
)


def _neuron_driver(said: str, rtd: str = "") -> Finding:
    """The Neuron runtime's words at start, by what they say: a driver too old for the
    runtime or a runtime of another release (its own finding), no device to open (in a
    container not given one, on an instance without one: its own finding), docker with no
    Neuron device file on the host to pass, or no driver at all."""
    words = said.lower()
    # issue 38: Neuron runtime against driver, or the driver's range of runtimes
    if "not compatible" in words or "compatibility id range" in words:
        return finding(Code.NEURON_RUNTIME_DRIVER, backend=_NEURON, said=said)
    # issue 38: the Neuron runtime in a container apart from the host's. neuron-rtd given no
    # device, or 1.0 runtime-base's OCI hook failing to mount one: runtime, runtime-base and
    # driver of two Neuron Runtime 1.x releases (1.1.1402.0 brought aws-neuron-dkms)
    if "no devices specified" in words or "mounting device=" in words:
        variant: Literal["nrtd", "oci_hook"] = "nrtd" if "no devices" in words else "oci_hook"
        return finding(
            Code.NEURON_RUNTIME_DRIVER,
            backend=_NEURON,
            said=said,
            variant=variant,
            rtd=f"neuron-rtd {rtd}" if rtd else "neuron-rtd",
        )
    if "architecture not found" in words:  # issue 38: a runtime of another Neuron release
        return finding(Code.NEURON_RUNTIME_DRIVER, backend=_NEURON, said=said, variant="release")
    if "custom device" in words:  # issue 38: docker's daemon, no /dev/neuron# on the host
        return finding(
            Code.NEURON_DRIVER_UNUSABLE, backend=_NEURON, said=said, variant="no_device_file"
        )
    # issue 38: Neuron without a Neuron device: the runtime, neuron-ls, torch-neuronx's PJRT
    if any(w in words for w in ("no neuron device", "discover neuron devices", "num_devices")):
        return finding(Code.NEURON_NO_DEVICE, backend=_NEURON, said=said)
    return finding(Code.NEURON_DRIVER_UNUSABLE, backend=_NEURON, said=said)


# issue 38: a library with no build for this machine (archlib). torch's CPU kernels without
# half precision, and MPS without float64 (the sources are cited beside the patterns in
# readers/messages.py and in the catalogue's entries).
def _half_on_cpu(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """A CPU kernel refusing half precision: where the paste shows a CPU-only torch on a
    machine with an NVIDIA GPU (torch.cpu_only_build), the line is that finding's (the model
    ran on the CPU because torch has no CUDA); elsewhere a float16 model ran on the CPU."""
    said = facts.all(FactKey.MESSAGE_HALF_ON_CPU)
    if not said:
        return ()
    if any(f.code == Code.CPU_ONLY_BUILD.value for f in found):
        facts.use("torch", *said[:1])
        return ()
    facts.use("stated", said[0])
    return (finding(Code.HALF_ON_CPU, kernel=printable(said[0].value)[:60]),)


def _optional_part(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s17-wrongB): a compiled part built for another torch, in the warning of a
    package that goes on without it (readers/messages.py _loader: torchvision's image
    extension). The same finding as an extension whose import failed, at the package's own
    severity: a warning, for a part the program may never use."""
    torch = paste.evidence.torch
    shown = torch.version if torch is not None and torch.version else "(version not shown)"
    way = remedies.installer(paste.evidence.python)
    made: list[Finding] = []
    seen: set[str] = set()
    for said in facts.all(FactKey.MESSAGE_OPTIONAL_PART_SYMBOL):
        package = said.name or ""
        if not package or package in seen:
            continue
        seen.add(package)
        facts.use("stated", said)
        made.append(
            finding(
                Code.EXTENSION_BUILT_FOR_OTHER_TORCH,
                variant="optional",
                package=printable(package)[:80],
                symbol=printable(said.value)[:100],
                torch=shown,
                # issue 38 (s17-mend-pip): the release built for the torch installed, on its
                # build's index; none where torch's version is not shown (the advice alone)
                reinstall=remedies.companion_again(way, package, torch.version if torch else None),
            )
        )
    return tuple(made)


def _mps_float64(facts: _Read) -> tuple[Finding, ...]:
    """torch refusing float64 on MPS: the Mac's GPU has no float64; the program or a library
    asked for it (a warning: the environment is fine)."""
    said = facts.all(FactKey.MESSAGE_MPS_FLOAT64)
    if not said:
        return ()
    facts.use("stated", said[0])
    return (finding(Code.MPS_FLOAT64, backend=_MPS),)


# issue 38 (s18-dtype): what each dtype MPS refuses is in a dtype MPS has (OperationUtils.mm
# getMPSDataType: float32, float16, bfloat16 under macOS 14, complex64 under macOS 14, the
# integers but the unsigned wider than 8 bits), as torch names it in the message
_MPS_DTYPE_INSTEAD: Final = {
    "Float8_e4m3fn": "float16 (bfloat16 under macOS 14 or newer) or float32",
    "Float8_e5m2": "float16 (bfloat16 under macOS 14 or newer) or float32",
    "Float8_e4m3fnuz": "float16 (bfloat16 under macOS 14 or newer) or float32",
    "Float8_e5m2fnuz": "float16 (bfloat16 under macOS 14 or newer) or float32",
    "ComplexDouble": "complex64 (torch.cfloat, under macOS 14 or newer)",
    "ComplexFloat": "complex64 under macOS 14 or newer with torch 2.1 or newer, else float32 "
    "pairs (torch.view_as_real)",
    "UInt16": "int32",
    "UInt32": "int64",
    "UInt64": "int64",
}


def _mps_dtype(facts: _Read) -> tuple[Finding, ...]:
    """torch refusing a dtype MPS has no type for, float64 and bfloat16 apart (sources beside
    _MPS_DTYPE in readers/messages.py): a warning like mps.float64_unsupported, the machine is
    fine. Where the dtype is fp8 and the paste names fp8 weights (a checkpoint, a loader's
    weight dtype, ComfyUI's "model weight dtype"), the weights are what asked for it."""
    said = facts.all(FactKey.MESSAGE_MPS_DTYPE)
    if not said:
        return ()
    facts.use("stated", *said)
    dtype = said[0].value
    instead = _MPS_DTYPE_INSTEAD.get(dtype, "float32")
    weights = facts.all(FactKey.FP8_WEIGHTS_NAMED) if dtype.startswith("Float8_") else []
    if weights:
        facts.use("weights", weights[0])
        return (
            finding(
                Code.MPS_DTYPE, backend=_MPS, variant="weights", dtype=printable(dtype)[:30],
                instead=instead, weights=printable(weights[0].value)[:60],
            ),
        )  # fmt: skip
    return (finding(Code.MPS_DTYPE, backend=_MPS, dtype=printable(dtype)[:30], instead=instead),)


def _dml_float64(facts: _Read) -> tuple[Finding, ...]:
    """torch-directml refusing float64 on a GPU whose DirectML device has none (the source is
    beside _DML_FLOAT64 in readers/messages.py): a warning, the machine is fine; the program
    (or torch-directml's own printing of a tensor) asked for float64 there. No backend: as
    backend.directml_operator_not_implemented, DirectML drives every vendor's GPU."""
    said = facts.all(FactKey.MESSAGE_DML_FLOAT64)
    if not said:
        return ()
    facts.use("stated", *said)
    return (finding(Code.DML_FLOAT64),)


# issue 38 (s12-mps): the macOS and torch from which MPS convolves past 65536 outputs
# (pytorch/pytorch#140726; readers/messages.py beside _MPS_CONV_CHANNELS)
_MPS_CONV_MACOS: Final = (15, 1)
_MPS_CONV_TORCH: Final = "2.6"


def _mps_conv_channels(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torch's MPS convolution refusing an output dimension past 65536: an operation this
    macOS (below 15.1) or this torch (before 2.6) cannot run on the Mac's GPU, a warning
    like mps.macos_too_old's other forms. Where the paste shows macOS 15.1 or newer, the
    torch is what refuses."""
    said = facts.all(FactKey.MESSAGE_MPS_CONV_CHANNELS)
    if not said:
        return ()
    facts.use("host", *said)  # mps.macos_too_old rests on the host's and torch's lines
    evidence = paste.evidence
    host = evidence.host
    macos = versions.parse(host.os_version or "") if host and host.system == "Darwin" else None
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    newer_torch = torch is not None and versions.satisfies(torch, f">={_MPS_CONV_TORCH}")
    # a release with its minor ("15.1"): "macOS 15" alone does not say which side of 15.1
    minor = bool(macos and host and len(macos.release) > 1)
    if minor and macos and host and macos.release[:2] >= _MPS_CONV_MACOS and not newer_torch:
        return (
            finding(
                Code.MPS_MACOS_TOO_OLD,
                backend=_MPS,
                variant="conv_channels_torch",
                shown=f"macOS {host.os_version}",
                torch=f"torch {torch}" if torch else "this torch",
            ),
        )
    if minor and host:
        shown = f"this Mac runs macOS {host.os_version}"
    else:
        shown = "the paste does not show which macOS this Mac runs"
    if newer_torch and torch:  # this torch computes it where macOS is 15.1 or newer
        return (finding(Code.MPS_MACOS_TOO_OLD, backend=_MPS, variant="conv_channels_macos",
                        shown=shown, torch=torch),)  # fmt: skip
    return (finding(Code.MPS_MACOS_TOO_OLD, backend=_MPS, variant="conv_channels", shown=shown,
                    torch=torch or ""),)  # fmt: skip


def _xpu_float64(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """The SYCL runtime refusing a float64 kernel on an Intel GPU without fp64 (the sources
    are beside the pattern in readers/messages.py): the program or a torch XPU kernel asked
    for double precision; a warning, the machine is fine. Where the paste shows an NVIDIA or
    AMD GPU and no Intel one, the words are another machine's, and nothing is named."""
    # issue 38 (s18-dtype): the Intel Graphics Compiler's words are any OpenCL or SYCL
    # program's on such a GPU: they count where the paste shows torch on the XPU
    named = facts.all(FactKey.XPU_TORCH_NAMED)
    said = [f for f in facts.all(FactKey.MESSAGE_XPU_FLOAT64) if f.value != "igc" or named]
    if not said or (gpu_of_cuda_shown(paste) and not accelerators_shown(paste).get(_XPU)):
        return ()
    facts.use("stated", *said)
    if all(f.value == "igc" for f in said):
        facts.use("torch", named[0])
        # the compiler's closing line ("error: backend compiler failed build.") is the same
        # refusal's
        built = facts.all(FactKey.IGC_BUILD_FAILED)
        if built:
            facts.use("stated", *built)
    torch = _version_of(facts, "torch")
    variant: Literal["ipex", "igc"] | None = None
    if all(f.value == "ipex" for f in said):
        variant = "ipex"
    elif all(f.value == "igc" for f in said):
        variant = "igc"
    return (
        finding(
            Code.XPU_FLOAT64,
            backend=_XPU,
            variant=variant,
            torch=torch.value.strip() if torch is not None else "(version not shown)",
        ),
    )


# The operator namespaces torch itself defines (aten/src/ATen/native/native_functions.yaml is
# aten::; torch/csrc/jit's prim::, torch/_prims' prims::, aten/src/ATen/native/quantized's
# quantized:: and _quantized::, torch/csrc/distributed's c10d:: and _c10d_functional::): an
# operator in any other namespace is another library's (torchvision::nms is torchvision's,
# registered by torchvision/csrc/ops), whose XPU kernel torch's release alone may not give.
_TORCH_OPERATOR_NAMESPACES: Final = frozenset(
    {"aten", "prim", "prims", "quantized", "_quantized", "c10d", "_c10d_functional"}
)


def _dml_operator(facts: _Read) -> tuple[Finding, ...]:
    """An operator torch-directml has no DirectML kernel for (readers/messages.py cites its
    CPU fallback and the dispatcher's words): run on the CPU with a warning (the fallback
    variant), or refused. The dispatcher's words count only where the paste names
    torch-directml: the key they name (PrivateUse1) is any out-of-tree backend's. One finding
    per operator."""
    named = facts.all(FactKey.DIRECTML_NAMED)
    refused = facts.all(FactKey.MESSAGE_DML_OPERATOR) if named else []
    fallback = facts.all(FactKey.MESSAGE_DML_FALLBACK)
    found: list[Finding] = []
    for said in {f.value: f for f in refused}.values():
        facts.use("stated", *[f for f in refused if f.value == said.value], named[0])
        found.append(finding(Code.DML_OPERATOR, operator=printable(said.value)[:120]))
    seen = {f.value for f in refused}
    for said in {f.value: f for f in fallback}.values():
        facts.use("stated", *[f for f in fallback if f.value == said.value])
        if said.value in seen:
            continue
        found.append(
            finding(Code.DML_OPERATOR, variant="fallback", operator=printable(said.value)[:120])
        )
    return tuple(found)


def _npu_fallback(facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s19-atomics): an operator torch_npu has no NPU kernel for, run on the CPU by
    its fallback (readers/messages.py _NPU_FALLBACK cites it), as torch-directml's: a
    warning, one finding per operator. The words are torch_npu's own: the NPU is the
    machine's."""
    fallback = facts.all(FactKey.MESSAGE_NPU_FALLBACK)
    found: list[Finding] = []
    for said in {f.value: f for f in fallback}.values():
        facts.use("stated", *[f for f in fallback if f.value == said.value])
        found.append(
            finding(Code.NPU_CPU_FALLBACK, backend=_NPU, operator=printable(said.value)[:120])
        )
    return tuple(found)


# How far before CANN's dtype refusal torch_npu's "call aclnn… failed" may stand and still be
# the same failure's: its own line, or the "[ERROR] … PTA call acl api failed." line between
_ACLNN_REACH: Final = 3


def _npu_float64(facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s20-unnamed): an Ascend aclnn kernel refusing a float64 tensor at its dtype
    check (readers/messages.py _ACLNN_DTYPE cites CANN's words): the program or a library
    asked the NPU for double precision; a warning, the machine is fine, as on an Intel GPU
    (xpu.float64_unsupported). The kernel is torch_npu's "call aclnn… failed" on the line or
    just before it. Other dtypes refused (float16 or bfloat16 for a kernel built without them)
    are another matter, and stay unread. The words are CANN's own: the NPU is the machine's."""
    said = [f for f in facts.all(FactKey.MESSAGE_NPU_DTYPE) if f.value == "DT_DOUBLE"]
    if not said:
        return ()
    calls = facts.all(FactKey.MESSAGE_ACLNN_FAILED)
    codes = facts.all(FactKey.TORCH_NPU_ERROR_CODE)
    kernels: list[str] = []
    for refusal in said:
        near = [c for c in calls if 0 <= refusal.line - c.line <= _ACLNN_REACH]
        between = [c for c in codes if near and near[-1].line < c.line < refusal.line]
        facts.use("stated", refusal, *near[-1:], *between)
        if near and near[-1].value not in kernels:
            kernels.append(near[-1].value)
    kernel = ", ".join(printable(k)[:80] for k in kernels) if kernels else "an aclnn kernel"
    return (finding(Code.NPU_FLOAT64, backend=_NPU, kernel=kernel),)


def _nvcuda(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """Windows' loader finding no nvcuda.dll (readers/messages.py _NVCUDA_MISSING): the NVIDIA
    driver's own DLL, so no NVIDIA driver is installed; driver.not_found in the loader's
    words, naming the package whose frame loads it where the paste shows one. Where the
    reporter runs on the CPU (`.float()`, "使用CPU", is_available() False) or the paste shows
    no NVIDIA GPU otherwise (`_no_nvidia_gpu`), the machine has none: no driver will come, and
    the CPU path is the remedy. Where another driver finding speaks, that one says it."""
    said = facts.all(FactKey.MESSAGE_NVCUDA_MISSING)
    if not said:
        return ()
    facts.use("driver", *said)
    if any(f.code.startswith("driver.") for f in found):
        return ()
    library = next((f.name for f in said if f.name), "")
    needed = f" ({printable(library)[:40]} loads it)" if library else ""
    words = facts.all(FactKey.PROSE_CPU_ONLY)
    machine = _no_nvidia_gpu(paste, facts)
    if words and not gpu_of_cuda_shown(paste):
        facts.use("driver", *words)
        shown = "; ".join(dict.fromkeys(printable(f.value)[:60] for f in words))
    elif machine is not None and machine[1] == _CPU:
        facts.use("driver", machine[0])
        shown = f"{machine[2]}: {machine[3]}"
    else:
        return (finding(Code.DRIVER_NOT_FOUND, backend=_CUDA, variant="nvcuda", needed=needed),)
    return (
        finding(
            Code.DRIVER_NOT_FOUND,
            backend=_CUDA,
            variant="nvcuda_no_gpu",
            needed=needed,
            shown=shown,
        ),
    )


_ORT_PACKAGES: Final = ("onnxruntime", "onnxruntime-gpu")


def _onnxruntime_both(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """onnxruntime and onnxruntime-gpu in one environment (readers/messages.py cites
    onnxruntime's docs): a package list (pip list, pip show, conda list) that shows both, pip
    asked to install both, or the reporter's words. Not on a Mac, where there is no
    onnxruntime-gpu to keep. The remedy is the chooser's: both out, onnxruntime-gpu alone."""
    listed: dict[str, PastedFact] = {}
    for fact in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE)):
        name = versions.canonical_name((fact.name or "").strip())
        if name in _ORT_PACKAGES:
            listed.setdefault(name, fact)
    said = facts.all(FactKey.MESSAGE_ORT_BOTH)
    if not said and len(listed) < len(_ORT_PACKAGES):
        return ()
    machine = _no_nvidia_gpu(paste, facts)
    if machine is not None and machine[1] == _MPS:
        return ()
    if said:
        facts.use("stated", *said)
        pip = "pip" in said[0].value
        shown = "pip was asked to install both" if pip else "the reporter installed both"
    else:
        facts.use("stated", *listed.values())
        shown = "the package list shows " + " and ".join(
            f"{name} {printable(listed[name].value)[:20].strip()}" for name in _ORT_PACKAGES
        )
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.ORT_CPU_AND_GPU,
            shown=shown,
            uninstall=remedies.pip(way, "uninstall", "-y", *_ORT_PACKAGES),
            install=remedies.requirement(way, "onnxruntime-gpu", ""),
        ),
    )


# issue 38 (s18-dll): each loader as a finding names it
_RUNTIME_LOADERS: Final = {
    "cudnn": "cuDNN's loader",
    "ctranslate2": "CTranslate2",
    "tensorflow": "TensorFlow",
    "onnxruntime": "onnxruntime",
}
# the package of each loader whose release decides the CUDA and cuDNN it loads, and its table
# (compat/cuda_runtime.py cites both)
_RUNTIME_BUILDS: Final = {
    "ctranslate2": ("ctranslate2", cuda_runtime.CTRANSLATE2_BUILDS),
    "onnxruntime": ("onnxruntime-gpu", cuda_runtime.ORT_BUILDS),
}


def _cuda_runtime_not_loaded(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s18-dll): one of CUDA's libraries that a library other than torch loads by
    its name and could not load (readers/messages.py cites each loader's words): the library,
    its CUDA or cuDNN major from the file name (compat/cuda_runtime.py), the package whose
    frame loaded it where the paste shows one, and what installs that major: NVIDIA's wheel of
    it through the chooser where the loader is Linux's, then the line that puts the wheel's
    directory on LD_LIBRARY_PATH (s18-mend-loader: a loader that opens it by name finds
    nothing in site-packages), the toolkit otherwise. TensorFlow's is a warning, and says the
    CPU only beside TensorFlow's own "Skipping registering GPU devices" (s18-mend-loader).
    onnxruntime's, with the CUDA and cuDNN its release was built for where the paste shows the
    release: from the feed the paste installs from (onnxruntime's CUDA 12 feed) before PyPI's
    table, and the file's own major before either. One finding per loader and library, each
    resting on its own lines; where a loader's lines are of installs the reporter tried in
    turn (two majors, or two releases shown), only the last one's finding has an install
    line (s18-mend-loader)."""
    said = facts.all(FactKey.MESSAGE_CUDA_RUNTIME)
    if not said:
        return ()
    callers = facts.all(FactKey.MESSAGE_CUDA_RUNTIME_CALLER)
    # the same file named by the loader's words alone elsewhere (an issue's title that quotes
    # glibc's part of the message): this finding's, not a torch extension's
    named = {f.value for f in said}
    alone = [
        f
        for key in (FactKey.MESSAGE_LIBRARY_NOT_FOUND, FactKey.MESSAGE_SHARED_LIBRARY)
        for f in facts.all(key)
        if f.value in named
    ]
    way = remedies.installer(paste.evidence.python)
    # the CUDA major of the cuBLAS cuDNN's own loader asks for beside its own libraries (cuDNN
    # loads the cuBLAS of its CUDA major; cuDNN's wheel is per CUDA major): another loader's
    # lines may be of two installs the reporter tried in turn
    majors = {
        f.name: runtime.cuda_major
        for f in said
        if f.name == "cudnn"
        and (runtime := cuda_runtime.read(f.value)) is not None
        and runtime.cuda
    }
    tensorflow = _tensorflow_gpus(facts)
    # cuDNN's files whose dlerror names another file or error (readers/messages.py
    # _DLERROR_MISSING): a line of the same file with no dlerror (an issue's title) is that
    # error's too
    elsewhere = {f.name: f.value for f in facts.all(FactKey.MESSAGE_CUDNN_DLERROR)}
    last = _last_install(facts, said)
    found: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for fact in said:
        loader, library = fact.name or "", fact.value
        if (loader, library) in seen or loader not in _RUNTIME_LOADERS:
            continue
        seen.add((loader, library))
        same = [f for f in said if f.name == loader and f.value == library]
        if loader == "cudnn" and library in elsewhere and not _dlerror_shown(same):
            _beside_its_file(facts, same, elsewhere[library])
            continue
        caller = next((f for f in callers if f.name == library), None)
        again = [f for f in alone if f.value == library]
        facts.use("cuda_runtime", *same, *again, *(caller,) if caller else ())
        if loader == "onnxruntime":
            facts.use("cuda_runtime", *facts.all(FactKey.MESSAGE_ORT_PROVIDER_LOG))
        runtime = cuda_runtime.read(library)
        release, build = _runtime_release(facts, loader, runtime)
        built = (
            f"; {release} is built for CUDA {build.cuda} with cuDNN {build.cudnn}"
            if build is not None
            else ""
        )
        if library == "CUDA_PATH":
            found.append(
                finding(Code.CUDA_RUNTIME_NOT_LOADED, variant="onnxruntime_path", build=built)
            )
            continue
        if runtime is None:
            continue
        by = f" for {printable(caller.value)[:40]}" if caller else ""
        table = _RUNTIME_BUILDS[loader][1] if loader in _RUNTIME_BUILDS else ()
        # the file's own major, then the release's build, then the feed's (every build of
        # onnxruntime's CUDA 12 feed is CUDA 12's), then the table's one major of that cuDNN
        feed = _ort_feed(facts, runtime) if loader == "onnxruntime" else ""
        major = (
            runtime.cuda_major
            or majors.get(loader, "")
            or (build.cuda if build else "")
            or feed
            or cuda_runtime.cuda_of_cudnn(table, runtime.cudnn)
        )
        if feed and not build:
            built = (
                f"; onnxruntime-gpu from onnxruntime's CUDA {feed} feed is built for CUDA {feed}"
            )
        package, spec = _runtime_wheel(runtime, major.split(".", 1)[0])
        common = {"library": printable(library)[:60], "what": runtime.what}
        if loader == "tensorflow":
            if tensorflow is not None:
                facts.use("cuda_runtime", tensorflow)
            variant: Literal["tensorflow", "tensorflow_unseen", "tensorflow_gpu"] = (
                "tensorflow_unseen"
                if tensorflow is None
                else "tensorflow"
                if tensorflow.value == "skipped"
                else "tensorflow_gpu"
            )
            found.append(finding(Code.CUDA_RUNTIME_NOT_LOADED, variant=variant, **common))
            continue
        # an earlier install's library: the last one's line is the one to act on
        earlier = last is not None and (loader, library) != last
        install = (
            _wheel_install(way, package, spec)
            if package and not runtime.windows and not earlier
            else None
        )
        if loader == "onnxruntime":
            found.append(
                finding(
                    Code.CUDA_RUNTIME_NOT_LOADED,
                    variant="onnxruntime",
                    by=by,
                    build=built,
                    install=install,
                    **common,
                )
            )
            continue
        provides = _runtime_provides(runtime, package, major)
        builds = _runtime_builds(loader, release, build)
        found.append(
            finding(
                Code.CUDA_RUNTIME_NOT_LOADED,
                variant="windows" if runtime.windows else None,
                loader=_RUNTIME_LOADERS[loader],
                by=by,
                provides=provides,
                builds=builds,
                install=install,
                **common,
            )
        )
    return tuple(found)


def _dlerror_shown(said: Sequence[PastedFact]) -> bool:
    """Whether one of cuDNN's loader lines shows dlerror's words ("… Error: …")."""
    return any("Error:" in f.quote.text for f in said)


def _beside_its_file(facts: _Read, said: Sequence[PastedFact], other: str) -> None:
    """issue 38 (s18-mend-loader): cuDNN's loader lines without dlerror's words (a title)
    whose file another line shows failing on `other` ("libcuda.so"): the finding that names
    `other` rests on them too, where one does."""
    for part, used in facts.used.items():
        if any(f.key is FactKey.MESSAGE_LIBRARY_NOT_FOUND and f.value == other for f in used):
            facts.use(part, *said)
            return


def _tensorflow_gpus(facts: _Read) -> PastedFact | None:
    """TensorFlow's word on its GPUs (readers/messages.py `_TF_GPU_SKIPPED`, `_TF_GPU_CREATED`):
    the last one the paste shows ("created" after a retry wins), None where it shows none."""
    said = facts.all(FactKey.MESSAGE_TF_GPU_DEVICES)
    return by_line(said)[-1] if said else None


def _last_install(facts: _Read, said: Sequence[PastedFact]) -> tuple[str, str] | None:
    """issue 38 (s18-mend-loader): where one loader's lines are of installs the reporter tried
    in turn, the (loader, library) of the last line: its lines name libraries of two CUDA (or
    two cuDNN) majors (CUDA 11's cuBLASLt under onnxruntime-gpu 1.16, then cuDNN 9 under
    1.18.1, Gourieff/sd-webui-reactor#503), or the paste shows two releases of the loader's
    package. None where the lines are of one install."""
    for loader in dict.fromkeys(f.name or "" for f in said):
        lines = [f for f in said if f.name == loader]
        tables = _RUNTIME_BUILDS.get(loader)
        cuda: set[str] = set()
        for fact in lines:
            runtime = cuda_runtime.read(fact.value)
            if runtime is None:
                continue
            of = runtime.cuda_major or (
                cuda_runtime.cuda_of_cudnn(tables[1], runtime.cudnn) if tables else ""
            )
            if of:
                cuda.add(of)
        releases = {
            f.value.strip()
            for f in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE))
            if tables and versions.canonical_name((f.name or "").strip()) == tables[0]
        }
        if len({f.value for f in lines}) > 1 and (len(cuda) > 1 or len(releases) > 1):
            final = by_line(lines)[-1]
            return loader, final.value
    return None


def _ort_feed(facts: _Read, runtime: cuda_runtime.Runtime | None) -> str:
    """The CUDA major of onnxruntime's own feed the paste installs from ("12"), "" where it
    shows none or two, or where the file's own name says another install's (libcublasLt.so.11
    under an onnxruntime-gpu the CUDA 12 feed did not hold, and pip took from PyPI:
    infiniflow/ragflow#905)."""
    feeds = {f.value for f in facts.all(FactKey.ORT_CUDA_FEED)}
    if len(feeds) != 1:
        return ""
    feed = feeds.pop()
    rows = cuda_runtime.ORT_FEED_BUILDS.get(feed, ())
    if runtime is not None and (
        (runtime.cuda_major and runtime.cuda_major != feed)
        or (runtime.cudnn and all(row.cudnn != runtime.cudnn for row in rows))
    ):
        return ""
    facts.use("cuda_runtime", *facts.all(FactKey.ORT_CUDA_FEED))
    return feed


def _wheel_install(way: remedies.Installer, package: str, spec: str) -> Shell:
    """NVIDIA's wheel through the chooser, then the line that puts its directory on
    LD_LIBRARY_PATH for the loader (remedies.wheel_library_path)."""
    module = cuda_runtime.wheel_module(package)
    return remedies.requirement(way, package, spec) + remedies.wheel_library_path(
        way, (module,) if module else ()
    )


def _runtime_release(
    facts: _Read, loader: str, runtime: cuda_runtime.Runtime | None
) -> tuple[str, cuda_runtime.Build | None]:
    """The release of the loader's package the paste shows ("onnxruntime-gpu 1.17.0 from
    PyPI"), the last one where it shows several, with its row of the loader's table: the row
    of onnxruntime's own CUDA feed where the paste installs from one (`ORT_FEED_BUILDS`), of
    PyPI's otherwise. A row the file's own name contradicts (libcudnn.so.9 beside a release
    PyPI built with cuDNN 8, libcublasLt.so.11 beside a CUDA 12 build) is another install's:
    none. ("", None) where the paste shows no release or no table is kept."""
    if loader not in _RUNTIME_BUILDS:
        return "", None
    dist, table = _RUNTIME_BUILDS[loader]
    where = "from PyPI" if loader == "onnxruntime" else ""
    if loader == "onnxruntime" and (feed := _ort_feed(facts, runtime)):
        table = cuda_runtime.ORT_FEED_BUILDS.get(feed, table)
        where = f"from onnxruntime's CUDA {feed} feed"
    shown = [
        fact
        for fact in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE))
        if versions.canonical_name((fact.name or "").strip()) == dist
    ]
    for fact in reversed(by_line(shown)):
        build = cuda_runtime.build_of(table, fact.value)
        if build is None:
            continue
        if runtime is not None and (
            (runtime.cudnn and runtime.cudnn != build.cudnn)
            or (runtime.cuda_major and runtime.cuda_major != build.cuda.split(".", 1)[0])
        ):
            return "", None
        facts.use("cuda_runtime", fact)
        said = f"{dist} {printable(fact.value)[:20].strip()}"
        return f"{said} {where}".strip(), build
    return "", None


def _runtime_wheel(runtime: cuda_runtime.Runtime, major: str) -> tuple[str, str]:
    """NVIDIA's pip wheel of the library and a specifier, ("", "") where none is known."""
    if runtime.cudnn:
        return cuda_runtime.cudnn_package(runtime.cudnn, major)
    return runtime.package, ""


def _runtime_provides(runtime: cuda_runtime.Runtime, package: str, major: str) -> str:
    """Who installs the library, in words: NVIDIA's wheel of its major and the toolkit."""
    if runtime.cudnn:
        if package:
            return f"NVIDIA's cuDNN {runtime.cudnn} installs (its wheel {package} for CUDA {major})"
        return (
            f"NVIDIA's cuDNN {runtime.cudnn} installs (its wheel nvidia-cudnn-cu11 or "
            "nvidia-cudnn-cu12, the one of the loader's CUDA major)"
        )
    if not runtime.cuda:
        return "NVIDIA's release of that library installs"
    if package:
        return f"NVIDIA's wheel {package} or the CUDA {runtime.cuda} toolkit installs"
    return f"the CUDA {runtime.cuda} toolkit installs (NVIDIA publishes no pip wheel of it)"


def _runtime_builds(loader: str, release: str, build: cuda_runtime.Build | None) -> str:
    """What decides the major the loader asks for: its release's row where the paste shows
    the release, the table in words otherwise."""
    if build is not None:
        return f"{release} is built for CUDA {build.cuda} with cuDNN {build.cudnn}"
    if loader == "ctranslate2":
        return (
            "or the ctranslate2 release made for the CUDA this machine has (faster-whisper's "
            "README: ctranslate2 4.5 and newer load CUDA 12 and cuDNN 9, 4.0 to 4.4 CUDA 12 and "
            "cuDNN 8, 3.24 and before CUDA 11 and cuDNN 8)"
        )
    return "the library that loads cuDNN (CTranslate2, onnxruntime, PaddlePaddle) decides its major"


def _torchaudio_backend(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torchaudio without the audio backend it needs (readers/messages.py cites
    set_audio_backend's and the 2.x dispatcher's words and its docs): SoundFile, the optional
    package torchaudio does not install, through the chooser; FFmpeg's libraries for its FFmpeg
    integration (issue 38, s18-audiopy: `_torchaudio_ffmpeg`)."""
    said = [
        f
        for f in facts.all(FactKey.MESSAGE_TORCHAUDIO_BACKEND)
        if f.value not in ("ffmpeg", "ffmpeg_libraries")
    ]
    if not said:
        return _torchaudio_ffmpeg(paste, facts)
    facts.use("stated", *said)
    way = remedies.installer(paste.evidence.python)
    install = remedies.requirement(way, "soundfile", "")
    if any(f.value == "soundfile" for f in said):
        return (finding(Code.TORCHAUDIO_BACKEND, install=install),)
    return (finding(Code.TORCHAUDIO_BACKEND, variant="none", install=install),)


# issue 38 (s18-audiopy): the FFmpeg majors torchaudio's official binaries load, by release
# (torchaudio docs, installation.rst "Optional Dependencies", FFmpeg:
# https://docs.pytorch.org/audio/2.0.1/_sources/installation.rst.txt: "TorchAudio official
# binary distributions are compatible with FFmpeg 4.1 to 4.4"; https://docs.pytorch.org/audio/
# 2.1/_sources/installation.rst.txt: "Starting version 2.1, TorchAudio official binary
# distributions are compatible with FFmpeg version 6, 5 and 4. (>=4.4, <7)", "conda install -c
# conda-forge 'ffmpeg<7' will install compatible FFmpeg libraries"; read to the 2.6 docs).
# The FFmpeg integration came with 0.12 (its prototype StreamReader). The conda-forge spec of
# each row; FFmpeg 4.4 is in both, the spec where the paste shows no release.
_TORCHAUDIO_FFMPEG_ROWS: Final = (
    ("2.1", "6, 5 or 4 (4.4 and newer, below 7)", "ffmpeg>=4.4,<7"),
    ("0.12", "4 (4.1 to 4.4)", "ffmpeg>=4.1,<4.5"),
)
_TORCHAUDIO_FFMPEG_ANY: Final = "ffmpeg>=4.4,<5"
# FFmpeg's shared libraries as the loaders name them: libavutil.so.58, libavformat.60.dylib,
# avutil-58.dll; and torchaudio's (torio's) extension linked against them.
_FFMPEG_LIBRARY: Final = re.compile(
    r"(?:lib)?(?:avutil|avcodec|avformat|avdevice|avfilter|swresample|swscale)"
    r"(?:[.-]\d|\.so\.\d)"
    r"|lib(?:torio|torchaudio)_ffmpeg"
)


def _torchaudio_ffmpeg(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torchaudio's FFmpeg integration finding no FFmpeg libraries it loads (readers/messages.py
    cites its words at 0.13.1, 2.1.0 and torio): 2.1's "Failed to intialize FFmpeg extension",
    0.x's "FFmpeg libraries are not found" beside a torchaudio frame (PaddleSpeech prints the
    same words), or the loader missing FFmpeg's library (or torio's extension linked against it)
    where torchaudio logged a major failing and none loading. The majors of the torchaudio the
    paste shows, or the table's rows, and conda-forge's FFmpeg of them where the environment is
    a conda one; in words elsewhere."""
    stated = facts.all(FactKey.MESSAGE_TORCHAUDIO_BACKEND)
    framed = any(f.value == "torchaudio" for f in facts.all(FactKey.TRACEBACK_FRAME))
    said = [f for f in stated if f.value == "ffmpeg" or (f.value == "ffmpeg_libraries" and framed)]
    logged = facts.all(FactKey.TORCHAUDIO_FFMPEG_LOAD)
    loaded = any(f.value == "loaded" for f in logged)
    missing = [
        f
        for f in facts.all(FactKey.MESSAGE_SHARED_LIBRARY)
        if _FFMPEG_LIBRARY.match(f.value) and (f.name in ("torio", "torchaudio") or logged)
    ]
    if not said and (loaded or not missing or not logged):
        return ()
    shown = _version_of(facts, "torchaudio")
    release = versions.parse(shown.value.strip().split("+", 1)[0]) if shown else None
    rows = [
        (first, majors, spec)
        for first, majors, spec in _TORCHAUDIO_FFMPEG_ROWS
        if (since := versions.parse(first)) is not None and (release is None or release >= since)
    ]
    if shown is not None and release is not None:
        if not rows:
            return ()  # a release before the FFmpeg integration: another cause
        majors = f"torchaudio {printable(shown.value)[:40]} loads FFmpeg {rows[0][1]}"
        spec = rows[0][2]
    else:
        majors = "; ".join(
            f"torchaudio {first} and newer load FFmpeg {loads}"
            if newest
            else f"{first} to 2.0 load FFmpeg {loads}"
            for newest, (first, loads, _) in zip((True, False), rows, strict=False)
        )
        spec = _TORCHAUDIO_FFMPEG_ANY
    facts.use("stated", *said, *missing, *logged, shown)
    facts.use("torchaudio_ffmpeg", *missing)
    way = remedies.installer(paste.evidence.python)
    # torchaudio's words before the loader's, the error line itself before an issue's title
    # that quotes it or the source line that raises it
    lines = sorted(
        (*said, *missing),
        key=lambda f: (
            f not in said,
            f.quote.text.startswith("#"),
            "raise " in f.quote.text,
            f.line,
        ),
    )
    words = printable(lines[0].quote.text).strip().removeprefix("# ") if lines else ""
    return (
        finding(
            Code.TORCHAUDIO_BACKEND,
            variant="ffmpeg",
            said=one_line(words)[:160],
            majors=majors,
            spec=spec,
            install=remedies.conda_forge(way, spec),
        ),
    )


def _xpu_operator(facts: _Read) -> tuple[Finding, ...]:
    """An operator torch has no XPU kernel for (the source is beside the pattern in
    readers/messages.py): torch's XPU operator coverage grows each release, so a newer torch
    (or IPEX) runs it, or the step runs on the CPU. A tensor factory (aten::empty…) without an
    XPU kernel is no missing operator: torch has no XPU backend loaded at all (an IPEX not
    imported, a torch without XPU), another cause, which this does not name."""
    said = [f for f in facts.all(FactKey.MESSAGE_XPU_OPERATOR) if "::empty" not in f.value]
    if not said:
        return ()
    facts.use("stated", said[0])
    torch = _version_of(facts, "torch")
    shown = torch.value.strip() if torch is not None else "(version not shown)"
    operator = printable(said[0].value)[:120]
    namespace, colons, _ = operator.partition("::")
    if colons and namespace not in _TORCH_OPERATOR_NAMESPACES:  # another library's operator
        return (
            finding(
                Code.XPU_OPERATOR,
                backend=_XPU,
                variant="library",
                operator=operator,
                library=namespace,
                torch=shown,
            ),
        )
    return (finding(Code.XPU_OPERATOR, backend=_XPU, operator=operator, torch=shown),)


def _torchao_skipped(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torchao skipping its C++ kernels for the torch it runs with (the source is beside the
    pattern in readers/messages.py): the torch they are built for is torchao's table's
    (compat/companions.py TORCHAO) or the floor it states. Where the torch shown is that
    release (torchao 0.14.0 warned beside the 2.8.0 it was built for, mended in 0.14.1), the
    warning is torchao's slip, and nothing is wrong."""
    said = facts.all(FactKey.MESSAGE_TORCHAO_SKIPPED)
    if not said:
        return ()
    facts.use("stated", said[0])
    torch = paste.evidence.torch.version if paste.evidence.torch else None
    stated = said[0].value.startswith(">=")
    version = None if stated else said[0].value
    built = None if version is None else companions.torch_for_torchao(version)
    spec = said[0].value if stated else f"=={built}" if built else None
    if spec is None:
        return ()  # a release the table does not name: which torch it wants is not known
    public = torch.split("+", 1)[0] if torch else None
    if public is not None and versions.satisfies(public, spec):
        return ()
    fits = companions.torchao_for_torch(public) if public else None
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.KERNELS_SKIPPED,
            variant="stated" if stated else None,
            package="torchao",
            version=version,
            spec=spec,
            torch=torch or "(version not shown)",
            install=remedies.install_pinned(way, "torchao", fits) if fits else None,
        ),
    )


def _rocm_torch(facts: _Read) -> PastedFact | None:
    """The line that shows torch is a ROCm build: its version's "+rocm6.3" (flash-attn's
    setup.py prints it, collect_env's version line), or collect_env's "ROCM used to build
    PyTorch" with a version."""
    torch = _version_of(facts, "torch")
    local = wheels.local_of(torch.value.strip()) if torch is not None else None
    if torch is not None and local and wheels.Variant(local).rocm:
        return torch
    hip = facts.one(FactKey.TORCH_HIP)
    if hip is not None and hip.value.strip()[:1].isdigit():
        return hip
    return None


def _flash_attn_on_a_mac(
    paste: Pasted, facts: _Read, said: Sequence[PastedFact]
) -> tuple[Finding, ...]:
    """flash-attn's setup.py looking for nvcc on a Mac (the paste shows Apple Silicon or a
    path only macOS has, and no NVIDIA GPU): flash-attn is built for CUDA and ROCm on Linux
    and Windows alone, so there is no build for this machine, with or without a toolkit."""
    flash = [
        f
        for f in said
        if f.value == "requested" and _toolkit_package(facts, f)[0] == _FLASH_ATTN  # s15-realrec
    ]
    if not flash or gpu_of_cuda_shown(paste):
        return ()
    shown = accelerators_shown(paste).get(_MPS, ())
    paths = facts.all(FactKey.MACOS_PATH)
    if not (shown or paths):
        return ()
    facts.use("stated", flash[0], *facts.all(FactKey.PIP_BUILD_FAILED))
    facts.use("gpus", *(shown[:1] or paths[:1]))
    return (finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_MPS, variant="flash_attn_mac"),)


# issue 38: vLLM Ascend's compiled part missing from a source install. What each reading of
# its messages (readers/messages.py _VLLM_ASCEND_C_*) shows, in the finding's words.
_VLLM_ASCEND_C_SHOWN: Final = {
    "symbol": 'vllm_ascend_C: "undefined symbol"',
    "kernels": '"libvllm_ascend_kernels.so: cannot open shared object file"',
    "op": "torch: \"'_C_ascend' object has no attribute\"",
    "camem": '"camem allocator is not available"',
    "not_built": "\"No module named 'vllm_ascend.vllm_ascend_C'\"",
}


def _vllm_ascend_kernels(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """vLLM Ascend running without its compiled extension: an operator of "_C_ascend"
    missing, the sleep-mode allocator refused, the extension's kernel library absent, or the
    extension built against another torch. Its import failing alone ("No module named
    'vllm_ascend.vllm_ascend_C'") is no finding: the 0.7.x images log it while they serve
    (vllm-project/vllm-ascend#703, its log level lowered in #937), as they were built without
    the custom kernels."""
    said = facts.all(FactKey.MESSAGE_VLLM_ASCEND_C)
    kinds = [k for k in _VLLM_ASCEND_C_SHOWN if any(f.value == k for f in said)]
    if not kinds or kinds == ["not_built"]:
        return ()
    variant: Literal["symbol", "kernels"] | None = (
        "symbol" if "symbol" in kinds else "kernels" if "kernels" in kinds else None
    )
    facts.use("stated", *[next(f for f in said if f.value == k) for k in kinds[:2]])
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.VLLM_ASCEND_KERNELS,
            backend=_NPU,
            variant=variant,
            shown="; ".join(_VLLM_ASCEND_C_SHOWN[k] for k in kinds[:2]),
            rebuild=remedies.pip(way, "install", "--no-build-isolation", "-e", "."),
        ),
    )


# issue 38: serving limits stated by vLLM and TGI: settings over what the GPU or the server holds.
def _serving_limits(facts: _Read) -> tuple[Finding, ...]:
    """vLLM's KV cache shorter than max_model_len (its V0 message gives the tokens the cache
    holds, the longest --max-model-len that fits; V1's gives GiB), and a request or launcher
    setting over TGI's token limits: warnings, the environment is fine."""
    found: list[Finding] = []
    # issue 38 (s9-memory): vLLM's "No available memory for the cache blocks" ("none") where
    # it is the only one of vLLM's KV-cache messages
    kv = facts.all(FactKey.MESSAGE_VLLM_KV_CACHE)
    kv = [f for f in kv if f.value != "none"] or kv
    if kv:
        facts.use("stated", kv[0])
        parts = kv[0].value.split()
        if parts == ["none"]:
            found.append(
                finding(Code.VLLM_KV_CACHE_SHORT, variant="none", capacity=None, length=None)
            )
        elif len(parts) == 2:
            found.append(
                finding(
                    Code.VLLM_KV_CACHE_SHORT,
                    length=parts[0],
                    capacity=f"{parts[1]} tokens",
                    fit=parts[1],
                )
            )
        else:
            capacity = f"{parts[2]} GiB where {parts[1]} GiB are needed"
            found.append(
                finding(
                    Code.VLLM_KV_CACHE_SHORT,
                    length=parts[0],
                    capacity=capacity,
                    fit=None,
                    variant="fit_unknown",
                )
            )
    if tgi := facts.all(FactKey.MESSAGE_TGI_LIMIT):
        facts.use("stated", tgi[0])
        kind, _, rest = tgi[0].value.partition(" ")
        if kind == "launcher":
            found.append(finding(Code.TGI_TOKEN_LIMITS, said=rest, variant="launcher"))
        else:
            which, _, limit = rest.partition(" ")
            said = {
                "total": f"its prompt plus max_new_tokens must be at most {limit} tokens",
                "new": f"max_new_tokens must be at most {limit}",
                "input": f"its prompt must be under {limit} tokens",
            }.get(which, "over the server's limits")
            found.append(finding(Code.TGI_TOKEN_LIMITS, said=said))
    return tuple(found)


# issue 38 (s6-macintel): a package built for CUDA alone that pip cannot install on a Mac.
# bitsandbytes' PyPI files (the registry's file list): 0.42.0 a py3-none-any wheel whose
# libraries are Linux ones, 0.43.0 to 0.48.2 manylinux and win_amd64 wheels only, and from
# 0.49.0 a macosx_14_0_arm64 wheel (its installation guide: Apple Silicon, macOS 14+).
_BNB_MAC_RELEASE: Final = ">=0.49.0"
_BNB: Final = "bitsandbytes"
_REQUIRED_NAME: Final = re.compile(r"[A-Za-z0-9][\w.-]{0,80}?(?=[=<>!~\[ ]|$)")


def _mac_lines(paste: Pasted, facts: _Read) -> list[PastedFact]:
    """The lines that show the machine is a Mac: Apple silicon shown (accelerators_shown),
    a macOS wheel tag pip or uv names, a path only macOS has, macOS named."""
    return [
        *accelerators_shown(paste).get(_MPS, ()),
        *(fact for key in _MACOS_FACTS for fact in facts.all(key)),
    ]


def _cuda_only_on_a_mac(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """pip or uv finding no bitsandbytes release for a Mac, and pip's source build of
    xformers failing on one: neither is built for macOS in those releases, so the finding
    says so, with the Mac's remedy (bitsandbytes' first macOS wheels, or no xformers), never
    a CUDA index. Silent where the paste shows an NVIDIA GPU."""
    mac = _mac_lines(paste, facts)
    if not mac or gpu_of_cuda_shown(paste):
        return ()
    found: list[Finding] = []
    refused = [
        f
        for f in facts.all(FactKey.MESSAGE_NO_DISTRIBUTION)
        if (name := _REQUIRED_NAME.match(f.value)) and versions.canonical_name(name[0]) == _BNB
    ]
    refused += [f for f in facts.all(FactKey.MESSAGE_NO_PLATFORM_WHEEL) if f.value == _BNB]
    if refused and not facts.all(FactKey.BNB_NO_GPU) and not facts.all(FactKey.MESSAGE_BNB_NO_GPU):
        first = min(refused, key=lambda f: f.quote.line)
        facts.use("bitsandbytes", *refused)
        facts.use("host", mac[0])
        uv = first.key is FactKey.MESSAGE_NO_PLATFORM_WHEEL
        requirement = first.value.split(" ", 1)[0]
        if uv:  # uv's line names the release in its own quoting: the version read from it
            shown = _version_of(facts, _BNB)
            requirement = f"{_BNB}=={shown.value}" if shown is not None else _BNB
        way = remedies.installer(paste.evidence.python)
        found.append(
            finding(
                Code.BNB_ON_MAC,
                backend=_MPS,
                variant="no_wheel",
                tool="uv" if uv else "pip",
                requirement=printable(requirement)[:80],
                install=remedies.requirement(way, _BNB, _BNB_MAC_RELEASE),
            )
        )
    # pip fetching its source; else its build or a reporter's words naming it (issue 38)
    sdist = facts.all(FactKey.PIP_SDIST) or facts.all(FactKey.XFORMERS_BUILD)
    failed = facts.all(FactKey.PIP_BUILD_FAILED)
    if sdist and failed:
        facts.use("stated", sdist[0], *failed)
        facts.use("gpus", mac[0])
        found.append(finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_MPS, variant="xformers_mac"))
    return tuple(found)


def _xformers_on_a_mac(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s8-platform): xformers refusing the Mac's device: its dispatcher's "No
    operator found for `memory_efficient_attention_forward`" with each operator's
    "device=mps (supported: {'cuda'})" (torch's mps device exists on macOS alone), or the
    same with device=cpu, or diffusers' "only available for GPU", where the paste shows a
    Mac. xformers' kernels are CUDA (and ROCm) ones: the program's xformers option is what to
    turn off. Silent where the paste shows an NVIDIA or AMD GPU."""
    if gpu_of_cuda_shown(paste):
        return ()
    refused = facts.all(FactKey.MESSAGE_XFORMERS_REFUSED)
    devices = facts.all(FactKey.MESSAGE_XFORMERS_DEVICE)
    mac_device = registry.BY_KEY[_MPS].device  # torch's device string for the Mac's GPU
    mps = [f for f in devices if f.value == mac_device]
    mac = _mac_lines(paste, facts)
    if not (mps or (mac and (refused or devices))):
        return ()
    said = (mps or devices or refused)[0]
    facts.use("stated", *refused[:1], said)
    facts.use("gpus", *mac[:1])
    device = said.value if said.key is FactKey.MESSAGE_XFORMERS_DEVICE else mac_device
    words = (
        f"xformers: \"device={device} (supported: {{'cuda'}})\""
        if said.key is FactKey.MESSAGE_XFORMERS_DEVICE
        else 'diffusers: "xformers\' memory efficient attention is only available for GPU"'
        if said.value == "diffusers"
        else f'xformers: "No operator found for `{printable(said.value)[:60]}`"'
    )
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_MPS,
            variant="xformers_mps",
            device=device,
            said=words,
        ),
    )


def _bnb_quantizer_on_a_mac(
    paste: Pasted, facts: _Read, found: Sequence[Finding]
) -> tuple[Finding, ...]:
    """issue 38 (s8-platform): transformers' (or diffusers') bitsandbytes quantizer refusing a
    Mac: "No GPU found. A GPU is needed for quantization." is its check of
    torch.cuda.is_available(), which no torch for macOS answers True, where the paste shows a
    Mac (Apple silicon named, a path only macOS has, macOS named). Where bitsandbytes' own
    words already named the cause (its "compiled without GPU support" on the Mac), the
    quantizer's line rests on that finding. Silent where the paste shows an NVIDIA or AMD
    GPU."""
    said = facts.all(FactKey.MESSAGE_BNB_QUANTIZER)
    mac = _mac_lines(paste, facts)
    if not said or not mac or gpu_of_cuda_shown(paste):
        return ()
    named = [f for f in found if f.code in _BNB_NAMED or "bitsandbytes" in (f.message or "")]
    if named:
        part = "bitsandbytes" if named[0].code != Code.CUDA_ONLY_PACKAGE.value else "stated"
        facts.use(part, said[0])
        return ()
    facts.use("bitsandbytes", said[0])
    facts.use("host", mac[0])
    return (finding(Code.BNB_ON_MAC, backend=_MPS, variant="quantizer"),)


def _os_unsupported(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s8-platform): a package's compiled part missing on Windows, where the package
    has no build: vLLM's ("No module named 'vllm._C'"; its installation guide, docs/
    getting_started/installation/gpu.md: "OS: Linux … vLLM does not support Windows
    natively", WSL or a community fork), and Triton's under torch.compile (its PyPI wheels
    are manylinux ones; torch/_inductor's "Cannot find a working triton installation").
    Silent where the paste names a community Windows build of vLLM (SystemPanic/
    vllm-windows, whose own wheel is another matter)."""
    if not remedies.on_windows(paste.evidence):
        return ()
    said = facts.all(FactKey.MESSAGE_NO_OS_BUILD)
    if not said:
        return ()
    package = said[0].value
    if package == "vllm" and any(_FORK.search(f.quote.text) for f in paste.facts):
        return ()
    if package == "vllm" and any(
        f.code == Code.CUDA_ONLY_PACKAGE.value and "vLLM" in (f.message or "") for f in found
    ):
        # vLLM's own words on a machine without an NVIDIA GPU already name it, with WSL2 for
        # Windows in their advice: the missing vllm._C rests on that finding
        facts.use("stated", said[0])
        return ()
    windows = facts.all(FactKey.PROSE_WINDOWS) or facts.all(FactKey.PROSE_WINDOWS_PATH)
    facts.use("stated", said[0])
    facts.use("host", *windows[:1])
    variant: Literal["triton"] | None = "triton" if package == "triton" else None
    return (finding(Code.OS_UNSUPPORTED, backend=_CUDA, variant=variant),)


# issue 38 (s21-container): the words of Metal's Objective-C bindings failing to build on Linux
# (gcc's Objective-C compiler, cc1obj, missing; the objc_exception crate metal-rs builds on)
_OBJC_BUILD: Final = frozenset({"cc1obj", "objc_exception"})


def _apple_gpu_in_container(
    paste: Pasted, facts: _Read, found: Sequence[Finding]
) -> tuple[Finding, ...]:
    """issue 38 (s21-container): Apple's GPU wanted or failing in a Linux container on a Mac.
    Docker Desktop on macOS runs containers in a Linux VM, which has no Metal: its GPU support
    is NVIDIA GPUs on Windows with WSL 2 and on Linux (Docker's docs, "GPU support in Docker
    Desktop", https://docs.docker.com/desktop/features/gpu/, and "Resource constraints: GPU",
    https://docs.docker.com/engine/containers/resource_constraints/#gpu), and torch's MPS
    backend needs macOS 12.3+ on the machine itself (https://docs.pytorch.org/docs/stable/notes/
    mps.html; torch/backends/mps/__init__.py is_available() is False in a Linux build). A
    paste that names a container (Docker, a Dockerfile, `docker run`, Docker Desktop's linuxkit
    kernel), shows a Mac and wants Metal or MPS (a Rust build's `--features metal`, which
    fails on Linux compiling Metal's Objective-C bindings: gcc's "cannot execute 'cc1obj'";
    the "mps" device; torch's "not linked with support for mps devices") gets
    backend.os_unsupported's container variant: an error where the paste shows or states one,
    else a warning (asked). Silent where the paste shows an NVIDIA or AMD GPU (a container on
    a Linux or Windows host, whose GPU Docker passes through), where an error finding made
    before explains the paste (the words are then that error's context), and where docker
    refuses a GPU request (`--gpus`: host.container_gpu_without_gpu says more)."""
    if gpu_of_cuda_shown(paste) or any(f.severity is Severity.ERROR for f in found):
        return ()
    if facts.all(FactKey.MESSAGE_CONTAINER_NO_GPU):
        # docker's own refusal of a GPU request on the Mac: host.container_gpu_without_gpu
        # names it, and the native run for the Mac's GPU
        return ()
    # the host is a Mac in the reporter's words (a macOS wheel tag or path would show the code
    # running on macOS itself, outside any container)
    # ("on MPS" names the Mac by its GPU: the wanted words, not the host)
    mac_device = registry.BY_KEY[_MPS].device
    mac = [
        *(f for f in facts.all(FactKey.PROSE_MAC) if mac_device not in f.value.casefold()),
        *facts.all(FactKey.PROSE_MACOS),
    ]
    named = facts.all(FactKey.PROSE_CONTAINER)
    if not (mac and named):
        return ()
    # "docker" alone (a template's list of installers names it) counts on a line that names
    # Metal, MPS or the Mac too ("mps not available inside docker on my M1"); a container
    # named as one (`docker run`, a Dockerfile, linuxkit) counts anywhere
    macs = {f.quote.line for f in mac}
    naming = {f.quote.line for f in facts.all(FactKey.PROSE_APPLE_GPU)} | macs
    container = [f for f in named if f.value != "docker" or f.quote.line in naming]
    # Metal or MPS wanted where the paste says so: on the title, an error line, or a line that
    # names the container or the Mac too (not a word of a list of wheels or options)
    tied = {e.line for e in paste.errors} | {f.quote.line for f in container} | macs | {1}
    wanted = [
        f
        for f in facts.all(FactKey.PROSE_APPLE_GPU)
        if f.quote.line in tied or f.value in _OBJC_BUILD
    ]
    if not (container and wanted):
        return ()
    # the error lines that name it (gcc's cc1obj, the objc_exception crate's build) rest on
    # the finding with the first line that names it
    errors = {e.line for e in paste.errors}
    facts.use("stated", wanted[0], *(f for f in wanted[1:] if f.quote.line in errors))
    facts.use("stated", container[0])
    facts.use("host", mac[0])
    apple = "MPS (torch's Apple GPU backend)" if wanted[0].value == MPS_WANTED else "Metal"
    failed = bool(paste.error_count or paste.stated)
    words = " ".join(container[0].quote.text.split())
    said = words if len(words) <= 80 else words[:80].rsplit(" ", 1)[0] + " …"
    variant: Literal["container", "container_asked"] = "container" if failed else "container_asked"
    return (
        finding(
            Code.OS_UNSUPPORTED,
            backend=_MPS,
            variant=variant,
            wanted=apple,
            said=printable(said),
        ),
    )


# issue 38 (s10-refusal): the registry row of each stack compat/refusals.py names
# (a stack is the row's key, or refusals.OS)
_STACK_DEVICES: Final = {_NPU: "NPU", _XPU: "Intel GPU", _MPS: "Mac's GPU"}


# The codes that already say a library or torch refuses this hardware or platform (the
# generic reading steps aside where one of them names the paste's cause).
_REFUSAL_CODES: Final = frozenset(
    c.value
    for c in (
        Code.EXTENSION_ARCH_UNSUPPORTED,
        Code.ARCH_NOT_COMPILED,
        Code.GFX_NOT_COMPILED,
        Code.XPU_IGPU_UNSUPPORTED,
        Code.VLLM_ASCEND_DEVICE,
        Code.OS_UNSUPPORTED,
        Code.BF16_UNSUPPORTED,
        Code.CUDA_ONLY_PACKAGE,
        Code.NPU_ASKED_FOR_CUDA,
        Code.MPS_ASKED_FOR_CUDA,
        Code.XPU_ASKED_FOR_CUDA,
    )
)


def _hardware_refused(
    paste: Pasted, facts: _Read, before: Sequence[Finding]
) -> tuple[Finding, ...]:
    """issue 38 (s10-refusal): a library refusing the hardware or platform in its own words,
    in any library's (compat/refusals.py's grammar): a GPU architecture, device or SoC
    refused (extension.arch_unsupported, for the stack the words name or the accelerator the
    paste shows), an OS or CPU architecture refused (backend.os_unsupported). One finding for
    the paste's first refusal that no finding made before rests on; a refusal two lines or
    less from a line one rests on (the traceback's source line of the same raise) rests there
    too. Where a finding made before already names such a refusal (`_REFUSAL_CODES`: a
    library's own variant, torch without kernels for the GPU), or any error or warning
    explains the paste, the lines are its symptoms and no second finding is made. No install
    line: none makes a library's kernels run where it refuses."""
    said = [f for f in facts.all(FactKey.MESSAGE_HW_REFUSED) if f.known]
    # a fallback reading: where another finding already explains the paste (an error or a
    # warning), its words are that cause's, not a second one
    if not said or any(f.code in _REFUSAL_CODES or f.severity in _POSTED for f in before):
        return ()
    gathered = {part: len(used) for part, used in paste.used.items()}  # not a finding's
    taken = {
        f.quote.line for part, used in facts.used.items() for f in used[gathered.get(part, 0) :]
    }
    fresh = [f for f in said if f.quote.line not in taken]
    beside = [f for f in fresh if any(abs(f.quote.line - line) <= 2 for line in taken)]
    facts.use("stated", *beside)
    fresh = [f for f in fresh if f not in beside]
    # the library a failed lookup's line does not name is the fact's (its frame's, s14-lookup)
    refused = refusals.read(fresh[0].quote.text, fresh[0].name or "") if fresh else None
    if refused is None:
        return ()
    first = fresh[0]
    library = refused.library or next((f.name for f in fresh if f.name), "")
    same = [f for f in fresh if f.name in {library, ""}]
    facts.use("stated", *same)
    said_words = printable(one_line(refused.said).lstrip("#>*` "))[:160]
    name = library or "the library that raised it"
    if refused.stack == refusals.OS:
        shown = accelerators_shown(paste)
        mac_lines = _mac_lines(paste, facts)
        platform = first.value
        # a Mac named: MPS's machine, macOS refused; or macOS is what the library refused by
        # its own key (sys.platform's "darwin", s14-lookup)
        mac = bool(mac_lines) or platform == "macOS"
        # issue 38 (s12-osbuild): the system every other one than Linux stands for is the one
        # the paste shows, with the line that shows it: a Mac, or Windows (a C:\ path, win32,
        # Windows named or its collect_env); "systems other than Linux and macOS" is Windows
        # on a paste that shows it, and no Mac's
        windows = facts.all(FactKey.PROSE_WINDOWS) or facts.all(FactKey.PROSE_WINDOWS_PATH)
        on_windows = remedies.on_windows(paste.evidence) or bool(windows)
        if platform == refusals.LINUX_ONLY and mac:
            platform = "macOS"
            facts.use("host", mac_lines[0])
        elif platform in (refusals.LINUX_ONLY, refusals.LINUX_MAC_ONLY) and on_windows:
            platform = "Windows"
        if platform == "Windows":
            facts.use("host", *windows[:1])
            # the build pip ran of it here failed for that ("subprocess-exited-with-error")
            facts.use("stated", *facts.all(FactKey.PIP_BUILD_FAILED))
        return (
            finding(
                Code.OS_UNSUPPORTED,
                backend=next(iter(shown), _MPS if mac else None),
                variant="refused",
                library=name,
                platform=printable(platform)[:40],
                said=said_words,
                # s14-lookup: the systems its own source or documentation lists, where read
                listed=refusals.LISTED.get(library) or "the systems its documentation lists",
            ),
        )
    # s15-realrec: a GPU target none of the AMD GPUs the paste names is (Triton asked to compile
    # for gfx803 where the paste's GPU is a Radeon RX 6900 XT, gfx1030, which its AMD backend
    # targets: lshqqytiger/stable-diffusion-webui-amdgpu#659) is no refusal of this machine's
    # GPU: the target came from elsewhere; the error stays counted
    named = _amd_targets_named(facts) if refused.stack == _ROCM else set()
    if named and refused.hardware.startswith("gfx") and refused.hardware not in named:
        return ()
    backend = refused.stack if refused.stack in registry.BY_KEY else None
    if backend is None:  # a bare "GPU" or "device": the accelerator the paste shows
        shown = accelerators_shown(paste)
        backend = next(iter(shown), None) if shown and not gpu_of_cuda_shown(paste) else _CUDA
    device = _STACK_DEVICES.get(refused.stack, "GPU" if backend in {_CUDA, _ROCM} else "device")
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=backend,
            variant="refused",
            library=name,
            device=device,
            hardware=printable(refused.hardware)[:60],
            said=said_words,
            listed=refusals.listed(library, backend or ""),
        ),
    )


def _amd_targets_named(facts: _Read) -> set[str]:
    """issue 38 (s15-realrec): the gfx targets of the AMD GPUs the paste names: a target a tool
    or the words give ("gfx1030", "gfx90a:sramecc+:xnack-"), and a GPU's name the gfx table
    knows ("AMD Radeon RX 6900 XT" → gfx1030). Not a target a refusal's own words name (a
    title repeating "error: unsupported target: 'gfx803'"): that is the error, not the GPU."""
    words = [f for f in facts.all(FactKey.PROSE_GFX) if refusals.read(f.quote.text) is None]
    targets = {f.value.strip().split(":", 1)[0] for f in (*facts.all(FactKey.GFX), *words)}
    for fact in (*facts.all(FactKey.GPU), *facts.all(FactKey.AMD_NAME)):
        if target := gpus.amd_gfx(fact.value):
            targets.add(target)
    return targets


def _own_code_lookup(facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """s14-lookup: a failed lookup of a platform or device string raised in the program's own
    file (readers/messages.py, compat/refusals.py user_lookup): a note that the program's
    table lacks the key, no library's refusal; silent beside an error or a warning, which
    explains the paste."""
    said = facts.all(FactKey.MESSAGE_USER_LOOKUP)
    if not said or any(f.severity in _POSTED for f in before):
        return ()
    first = said[0]
    facts.use("stated", first)
    return (
        finding(
            Code.OWN_CODE_LOOKUP,
            key=printable(first.value)[:20],
            file=printable(first.name or "the program's file")[:80],
            said=printable(one_line(first.quote.text).lstrip("#>*` "))[:160],
        ),
    )


# Windows, or an Apple chip, named in a line's words (group 1: Windows).
_PLATFORM_TOLD: Final = re.compile(
    r"(?i)(?<![\w/\\])(?:(windows|win1[01])|mac ?os|macbook|m[1-5] (?:pro|max|ultra))(?![\w])"
)


# issue 38 (s14-supported): the system words _system_shown gives, as compat/support.py's
# systems (sys.platform's values)
_SUPPORT_SYSTEMS: Final = {
    "Darwin": support.MACOS,
    "Windows": support.WINDOWS,
    "Linux": support.LINUX,
}


def _support_machine(
    paste: Pasted, facts: _Read
) -> tuple[str | None, str | None, str, list[PastedFact]] | None:
    """The machine the paste shows, as compat/support.py's rows are keyed: (backend, system,
    its words, the lines that show it). The backend is the accelerator other than NVIDIA's
    the paste shows (a Mac's, an Intel GPU's, an NPU's …, or an AMD GPU by a ROCm torch), None
    where it shows none (or an NVIDIA GPU: every row with a GPU path has it); the system, what
    the paste shows of it. None where the paste shows neither."""
    shown = accelerators_shown(paste)
    others = [key for key in shown if key != _CPU]
    system = _system_shown(paste, facts)
    # torch's ROCm build, an AMD GPU named, AMD's machine in words (s15-realrec: ROCm in a title)
    rocm = _rocm_torch(facts) or _amd_gpu_shown(paste) or _amd_machine_line(paste, facts)
    host = paste.evidence.host
    nvidia = host is not None and any(s.backend == _CUDA for s in host.signals)
    lines: list[PastedFact] = []
    backend: str | None = None
    if nvidia:
        pass  # an NVIDIA GPU (accelerators_shown leaves it out): every GPU row runs there
    elif others:
        backend = others[0]
        lines.append(shown[backend][0])
    elif rocm is not None:
        backend = _ROCM
        lines.append(rocm)
    on = _SUPPORT_SYSTEMS.get(system[0]) if system else None
    if system and not lines:
        lines += system[1]
    if on is None and (debian := facts.all(FactKey.PROSE_DEBIAN)):
        # issue 38 (s15-support): Debian or Ubuntu named, or Debian's dist-packages: Linux
        on = support.LINUX
        if not lines:
            lines.append(debian[0])
    if backend is None and on is None:
        return None
    words = (
        registry.BY_KEY[backend].hardware
        if backend is not None and backend != _MPS
        else "a Mac"
        if on == support.MACOS or backend == _MPS
        else support.SYSTEM_NAMES.get(on or "", "")
    )
    if backend is not None and backend != _MPS and on is not None and on != support.LINUX:
        words = f"{words} under {support.SYSTEM_NAMES[on]}"
    return backend, on, words, lines


def _release(facts: _Read, row: support.Supported) -> Version | None:
    """The release of a compat/support.py library the paste shows (pip's lines, prose), for a
    row whose platforms came (or went) in particular releases; None where it shows none."""
    if not (row.since or row.until):
        return None
    names = list(dict.fromkeys(versions.canonical_name(dist) for dist in row.dists))
    for name in names:
        if (said := _version_of(facts, name)) is not None:
            return versions.parse(said.value.strip().split("+", 1)[0])
    # issue 38 (s18-since): pip's "Successfully installed …", else the source it fetched to
    # build (the release a failed build is of), else the release an install command names
    # (a pin, a wheel's file name), the last that names the library
    for key in (FactKey.PIP_INSTALLED, FactKey.PIP_SDIST_RELEASE, FactKey.PIP_REQUESTED):
        releases: list[str] = []
        for fact in facts.all(key):
            words = fact.value.split()  # "name version" pairs
            releases += [v for n, v in zip(words[::2], words[1::2], strict=False) if n in names]
        if releases:
            return versions.parse(releases[-1].split("+", 1)[0])
    return None


def _library_unsupported(
    paste: Pasted, facts: _Read, before: Sequence[Finding]
) -> tuple[Finding, ...]:
    """issue 38 (s14-supported): an error that comes from a library compat/support.py lists
    (an exception its own frame raised; pip's build of it failing) on a machine its
    documentation does not list (a Mac, an AMD or Intel GPU, an NPU, Windows for a Linux-only
    library), where the error's words are some downstream symptom and not the library's own
    refusal. One finding, for the first such library. Steps aside where a finding made before
    already explains the paste (an error or warning: a library's own refusal, no wheel for
    this Python, the GPU-only findings), and where the paste does not show the machine."""
    if any(f.severity in _POSTED for f in before):
        return ()
    machine = _support_machine(paste, facts)
    if machine is None:
        return ()
    backend, system, words, shown = machine
    candidates, sources = _library_ties(facts)
    failed = facts.all(FactKey.PIP_BUILD_FAILED)
    refused = [c for c in candidates if not c[0].runs_on(backend, system, _release(facts, c[0]))]
    if not refused:  # issue 38 (s16-subject): the library the report is about, if any
        return _subject_unsupported(paste, facts, machine)
    row, said, variant = min(refused, key=lambda c: c[1].quote.line)
    same = [c[1] for c in refused if c[0] is row]
    raised = facts.all(FactKey.PIP_BUILD_RAISED) if variant else []
    facts.use("stated", *same, *(failed if variant else ()), *raised, *sources)
    facts.use("host", *shown[:1])
    # the build's own exception says more than pip's line over it
    text = (raised or [said])[-1].quote.text
    if said.key is FactKey.BUILD_REQUESTED and not raised:  # the setup.py's words, or pip's dir
        at = text.find(f"{said.value} was requested")
        text = text[at if at >= 0 else max(0, text.find(f"{said.value}_")) :]
    return (_unsupported_machine(row, backend, "build" if variant else None, words, text),)


# issue 38 (s16-arch): the symptoms of a kernel with no code for the GPU, by the backend whose
# runtime says them: CUDA's "no kernel image is available for execution on the device"
# (cudaErrorNoKernelImageForDevice), HIP's "invalid device function" and
# "hipErrorNoBinaryForGpu" (readers/messages.py cites each)
_NO_CODE_SAID: Final = (
    (FactKey.MESSAGE_NO_KERNEL_IMAGE, _CUDA),
    (FactKey.MESSAGE_INVALID_DEVICE_FUNCTION, _ROCM),
)
# the runtime's words, quoted where the symptom's line is a reporter's prose around them
_NO_CODE_WORDS: Final = {
    FactKey.MESSAGE_NO_KERNEL_IMAGE: "no kernel image is available for execution on the device",
    FactKey.MESSAGE_INVALID_DEVICE_FUNCTION: "HIP error: invalid device function",
}
_NO_CODE_WAY: Final = (
    "run without {library} on this GPU: {instead}, or the program's option that turns "
    "{library} off (uninstall it where the program uses it whenever it is installed); or run "
    "on a GPU its builds list"
)


def _torch_guessed_no_code(found: Finding) -> bool:
    """torch's "no code for this GPU" where its compiled list is not shown (checks/devices.py
    check_torch_said_no_code): a guess from the symptom's line alone."""
    codes = (Code.ARCH_NOT_COMPILED.value, Code.GFX_NOT_COMPILED.value)
    return found.code in codes and found.params.get("compiled", "").startswith("not shown")


def _built_for(paste: Pasted, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s16-arch): a kernel library's error ("no kernel image is available", HIP's
    "invalid device function") on a GPU its builds carry no code for: the error is tied to a
    library compat/support.py lists (the exception its own frame raised on the symptom's
    line, or the symptom's line naming its module: "…/xformers/third_party/…"), the paste
    shows the GPU (a name compat/gpus.py maps, a capability, a gfx target), and no build of
    the release the paste shows (every release's where it shows none) has code that runs on
    it (compat/kernels.py: a cubin of its major, PTX at or below it, its gfx target). Quiet
    where any GPU the paste shows is served, where the table holds no list for that release,
    and where a finding made before already names the library's own refusal."""
    if any(f.code == Code.EXTENSION_ARCH_UNSUPPORTED.value for f in before):
        return ()
    for key, backend in _NO_CODE_SAID:
        for said in facts.all(key):
            for row in _tied_rows(facts, said):
                found = _outside_builds(paste, facts, row, backend, said)
                if found is not None:
                    return (found,)
    return ()


def _tied_rows(facts: _Read, said: PastedFact) -> list[support.Supported]:
    """The compat/support.py libraries a symptom line is tied to: the one whose frame raised
    the exception on that line, then those the line names (readers/asked.py
    libraries_named)."""
    return list(
        dict.fromkeys(
            row
            for key in (FactKey.MESSAGE_LIBRARY_RAISED, FactKey.MESSAGE_LIBRARY_NAMED)
            for tie in facts.all(key)
            if tie.quote.line == said.quote.line
            and (row := support.of_name(tie.name or "")) is not None
        )
    )


def _outside_builds(
    paste: Pasted, facts: _Read, row: support.Supported, backend: str, said: PastedFact
) -> Finding | None:
    """The finding for one library and symptom, where every GPU the paste shows is outside
    the builds of the release it shows; None otherwise."""
    release, shown = None, None
    for dist in row.dists:
        if (shown := _version_of(facts, versions.canonical_name(dist))) is not None:
            release = versions.parse(shown.value.strip().split("+", 1)[0])
            break
    torch = paste.evidence.torch
    cuda = torch.cuda if torch is not None else None
    builds = row.builds(backend, release, cuda)
    gpus_shown = _nvidia_shown(paste, facts) if backend == _CUDA else _amd_shown(paste, facts)
    if not builds or not gpus_shown:
        return None
    outside = [
        (words, lines)
        for words, arch, lines in gpus_shown
        if all(kernels.verdict(arch, b.arches).route is kernels.Route.NONE for b in builds)
    ]
    if len(outside) < len(gpus_shown):
        return None
    facts.use("stated", said, *([shown] if shown is not None else []))
    facts.use("gpus", *(fact for _, lines in outside for fact in lines[:1]))
    arches = sorted(dict.fromkeys(a for b in builds for a in b.arches), key=_arch_order)
    return finding(
        Code.EXTENSION_ARCH_UNSUPPORTED,
        backend=backend,
        variant="built",
        library=row.name,
        gpu=" and ".join(words for words, _ in outside),
        release=f"{row.name} {shown.value.strip()}" if shown is not None else
        f"every {row.name} release the table reads",
        built=", ".join(arches),
        source=_sources(builds),
        said=_symptom_words(said),
        way=_built_way(row, backend, release, cuda, [arch for _, arch, _ in gpus_shown]),
    )  # fmt: skip


def _symptom_words(said: PastedFact) -> str:
    """The symptom as the paste says it: its line where that line is the error alone, the
    runtime's words where the line is a reporter's prose around them."""
    line = printable(one_line(said.quote.text).strip(" >`*#"))
    cut = "\u2026" in line or len(line) > 160  # the quote's window, cut inside a longer line
    return _NO_CODE_WORDS.get(said.key, said.value) if cut else line


def _arch_order(arch: str) -> tuple[int, str]:
    """sm_53 before sm_100, compute_90 beside sm_90, gfx targets by their number."""
    digits = "".join(c for c in arch.split("_")[-1].removeprefix("gfx") if c.isdigit())
    return (int(digits or 0), arch)


def _sources(builds: Sequence[support.Built]) -> str:
    """Where the lists were read, one file once: "state-spaces/mamba setup.py (cc_flag) at
    v1.0.0 (33dc96c), v1.2.1 (7efe513)"."""
    files: dict[str, list[str]] = {}
    for built in builds:
        where, _, release = built.at.partition(" at ")
        files.setdefault(where, []).append(release)
    return "; ".join(
        f"{where} at {', '.join(dict.fromkeys(r for r in releases if r))}".removesuffix(" at ")
        for where, releases in files.items()
    )


def _built_way(
    row: support.Supported,
    backend: str,
    release: Version | None,
    cuda: str | None,
    arches: Sequence[str],
) -> str:
    """What to do: the first release after the one shown whose builds (of the same CUDA
    binary) serve every GPU shown, else an earlier range that did, else the library's way
    round (its row's `instead`)."""
    entries = sorted(row.builds(backend, None, cuda), key=lambda b: b.first)

    def serves(built: support.Built) -> bool:
        return all(kernels.verdict(a, built.arches).route is not kernels.Route.NONE for a in arches)

    if release is not None:
        for built in entries:
            if built.first > release and serves(built):
                return (
                    f"upgrade {row.name} to {built.since} or newer, whose builds carry code "
                    f"for this GPU ({built.at}); or run without it (the program's option that "
                    f"turns {row.name} off)"
                )
        for built, after in zip(entries, [*entries[1:], None], strict=True):
            if built.first <= release and serves(built) and after is not None:
                return (
                    f"install a {row.name} release from {built.since} and before "
                    f"{after.since}, whose builds carry code for this GPU ({built.at}); or run "
                    f"without it (the program's option that turns {row.name} off)"
                )
    instead = row.instead or "the program's option that runs without it"
    return _NO_CODE_WAY.format(library=row.name, instead=instead)


def _nvidia_shown(paste: Pasted, facts: _Read) -> list[tuple[str, str, list[PastedFact]]]:
    """The NVIDIA GPUs the paste names with a known compute capability: words, capability,
    lines."""
    return [
        (f"the {name} (compute capability {cc[0]}.{cc[1]})", f"{cc[0]}.{cc[1]}", lines)
        for name, (cc, lines) in _named_gpus(paste.evidence, facts).items()
        if cc is not None
    ]


def _amd_shown(paste: Pasted, facts: _Read) -> list[tuple[str, str, list[PastedFact]]]:
    """The AMD GPUs the paste shows by gfx target (rocminfo's, a name compat/gpus.py maps,
    a target named in prose): words, target, lines."""
    shown: dict[str, tuple[str, list[PastedFact]]] = {}
    for key in _AMD_GPU_KEYS:
        for fact in facts.all(key):
            value = fact.value.strip()
            gfx = value.lower() if kernels.gfx_version(value.lower()) else gpus.amd_gfx(value)
            if gfx is None:
                continue
            words, lines = shown.get(gfx, ("", []))
            named = words or (f"the {value} ({gfx})" if value.lower() != gfx else f"a {gfx} GPU")
            shown[gfx] = (named, [*lines, fact])
    host = paste.evidence.host
    for gfx in host.gfx_targets or () if host is not None else ():
        shown.setdefault(gfx, (f"a {gfx} GPU", []))
    return [(words, gfx, lines) for gfx, (words, lines) in shown.items()]


# issue 38 (s16-subject): how each tie names the library, in the finding's words
_TIE_WORDS: Final = {
    SubjectTie.FRAME: "a traceback frame inside it",
    SubjectTie.BUILD: "pip's build of it",
    SubjectTie.COMMAND: "the command run",
    SubjectTie.ERROR: "the error line",
    SubjectTie.TITLE: "the issue's title",
    SubjectTie.PROSE: "the reporter's words",
    SubjectTie.TRACKER: "filed in {tracker}",  # issue 38 (s17-tracker): `--repo`
}
_TIES: Final = tuple(SubjectTie)  # strongest first
# issue 38 (s16-mend-subject): the ties that name what a report is about, not what raised its
# error: a finding on them alone is a warning that names no cause; (s17-tracker) so is the
# repository the issue was filed in
_WORDS_ONLY: Final = frozenset(
    {SubjectTie.TITLE.value, SubjectTie.PROSE.value, SubjectTie.TRACKER.value}
)
_TIE_VALUES: Final = frozenset(t.value for t in SubjectTie)


def _tracker(facts: _Read, row: support.Supported) -> str:
    """issue 38 (s17-tracker): the repository (OWNER/NAME) the issue was filed in, where it is
    `row`'s (gather/reports/tracker.py), else ""."""
    return next((f.value for f in facts.all(FactKey.TRACKER) if f.name == row.name), "")


def _subject(
    facts: _Read, runs: Callable[[support.Supported], bool] | None = None
) -> tuple[support.Supported, PastedFact] | None:
    """issue 38 (s16-subject): the library the report is about (readers/subject.py) and the
    line that ties it: the strongest tie (frame > build > command > error line > title >
    prose), its first line. Where the strongest tie names two libraries: a traceback's, the
    library of its last frame (the one that raised); another's, the one a command or an error
    line names too, else none (two libraries in a title or in words name no single
    subject). issue 38 (s19-rows): `runs`, where given, leaves out the traceback frames of a
    library that runs on the machine (its row lists the machine or is silent on it): a frame of
    diffusers' import machinery explains nothing there, and the title's flash-attn is asked
    (seedvr564: "Error with flash_attn on Apple MacOS"). Only frames: a title or an error line
    that names two libraries still names no single one (gptqmodel2273: "No module named
    'triton' on macos with GPTQModel", GPTQModel's own bug)."""
    said = [
        f
        for f in facts.all(FactKey.SUBJECT_LIBRARY)
        if runs is None
        or f.value != SubjectTie.FRAME.value
        or (row := support.of_name(f.name or "")) is None
        or not runs(row)
    ]
    ranked = [(_TIES.index(SubjectTie(f.value)), f) for f in said if f.value in _TIE_VALUES]
    if not ranked:
        return None
    strongest = min(rank for rank, _ in ranked)
    ties = [f for rank, f in ranked if rank == strongest]
    names = list(dict.fromkeys(f.name for f in ties))
    if len(names) > 1:
        if _TIES[strongest] is SubjectTie.FRAME:
            names = [ties[-1].name]
        else:
            acted = {SubjectTie.COMMAND.value, SubjectTie.ERROR.value}
            names = [n for n in names if any(f.name == n and f.value in acted for f in said)]
    if len(names) != 1 or (row := support.of_name(names[0] or "")) is None:
        return None
    return row, next(f for f in ties if f.name == names[0])


# issue 38 (s16-subject): the libraries an accelerator's own torch package is built on, which
# run there whatever their own documentation lists: AWS Neuron's torch-neuronx is a PyTorch/XLA
# device ("PyTorch NeuronX … uses PyTorch/XLA", awsdocs-neuron frameworks/torch/torch-neuronx/
# programming-guide/training/pytorch-neuron-programming-guide.html; its wheels require torch-xla)
_STACK_OF: Final = {registry.key_of_tool("neuron-ls"): frozenset({"torch-xla"})}


def _built_for_it(
    paste: Pasted,
    row: support.Supported,
    machine: tuple[str | None, str | None, str, list[PastedFact]],
) -> bool:
    """Whether the library runs on the machine by another way than its own documentation: the
    accelerator's own torch package is built on it (`_STACK_OF`), or the paste names a
    community build of it for Windows ("SystemPanic/vllm-windows", "flashinfer-windows"; vLLM's
    installation guide names the fork), the same rule as `_os_unsupported`'s."""
    backend, system = machine[0], machine[1]
    if backend is not None and _STACK_OF.get(backend, frozenset()) & set(row.dists):
        return True
    if system != support.WINDOWS:
        return False
    forks = [f"{name.lower()}-windows" for name in (row.name, *row.dists)]
    return any(fork in f.quote.text.lower() for f in paste.facts for fork in forks)


def _subject_unsupported(
    paste: Pasted,
    facts: _Read,
    machine: tuple[str | None, str | None, str, list[PastedFact]],
) -> tuple[Finding, ...]:
    """issue 38 (s16-subject): a paste that states an error (a line that looks like one, or
    the reporter's words that one happened) about a library compat/support.py lists, tied to
    it by the command run, an error line's module, the issue's title or the reporter's words
    (`_subject`), on a machine its row does not list. Silent where the row lists the machine or
    is silent on it (`Supported.runs_on`: what the documentation neither names nor excludes is
    no refusal), and where the paste states no error. torch, transformers and accelerate have
    no row: a report about them names no library here."""
    if not paste.errors and paste.stated is None:
        return ()
    backend, system, words, shown = machine

    def runs(row: support.Supported) -> bool:
        return row.runs_on(backend, system, _release(facts, row)) or _built_for_it(
            paste, row, machine
        )

    subject = _subject(facts, runs)
    if subject is None or runs(subject[0]):
        return ()
    row, tie = subject
    instead = row.instead or "the program's option that runs without it, where it has one"
    tied = printable(one_line(tie.quote.text).strip(" >`*#"))[:160]
    how = _TIE_WORDS[SubjectTie(tie.value)].format(tracker=_tracker(facts, row))
    if tie.value in _WORDS_ONLY:
        # issue 38 (s16-mend-subject): a title or the reporter's words name the library, and
        # nothing ties the error to it ("a Windows client's ConnectionRefusedError to a vLLM
        # server", "this worked on my Linux box with xformers"): what the report is about, as
        # a warning, and not the error's cause; (s17-tracker) so is the repository the issue
        # was filed in, quoting the paste's first line ("filed in NVIDIA/cudf: \"…\"")
        facts.use("stated", tie)
        facts.use("host", *shown[:1])
        return (
            finding(
                Code.LIBRARY_UNSUPPORTED_MACHINE,
                backend=backend,
                variant="subject_words",
                library=row.name,
                machine=words,
                documented=row.documented,
                how=how,
                tie=tied,
                source=row.source,
                instead=instead,
            ),
        )
    # the error line: the one that ties the library where it is one, else the paste's last
    # error line (a traceback's outcome), else the reporter's words that one happened
    error: QuotedLine | None = tie.quote if tie.value == SubjectTie.ERROR.value else None
    if error is None:
        error = paste.errors[-1] if paste.errors else paste.stated
    assert error is not None
    on_error = [f for f in paste.facts if f.quote.line == error.line and f is not tie]
    # every error line that names the library is its failing there ("No module named 'triton'"
    # in the title and again in the traceback): the finding rests on each
    again = [
        f
        for f in facts.all(FactKey.SUBJECT_LIBRARY)
        if f.name == row.name and f.value == SubjectTie.ERROR.value and f is not tie
    ]
    facts.use("stated", tie, *again, *on_error[:1])
    facts.use("host", *shown[:1])
    return (
        finding(
            Code.LIBRARY_UNSUPPORTED_MACHINE,
            backend=backend,
            variant="subject",
            library=row.name,
            machine=words,
            documented=row.documented,
            how=how,
            tie=tied,
            said=printable(one_line(error.text).strip(" >`*#"))[:160],
            source=row.source,
            instead=instead,
        ),
    )


def _library_ties(
    facts: _Read,
) -> tuple[list[tuple[support.Supported, PastedFact, str]], list[PastedFact]]:
    """The compat/support.py libraries an error comes from, each with the fact that ties it
    ("" for an exception its own frame raised, "build" for its build failing), and the
    source pip fetched of a build that names no package (the tie's source, if any)."""
    candidates: list[tuple[support.Supported, PastedFact, str]] = []
    sources: list[PastedFact] = []
    candidates.extend(
        (row, raised, "")
        for raised in facts.all(FactKey.MESSAGE_LIBRARY_RAISED)
        if (row := support.of_name(raised.name or "")) is not None
    )
    failed = facts.all(FactKey.PIP_BUILD_FAILED)
    candidates.extend(
        (row, said, "build")
        for said in facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR)
        for name in said.value.split()
        if (row := support.of_dist(name)) is not None
    )
    candidates.extend(
        (row, said, "build")
        for said in facts.all(FactKey.BUILD_REQUESTED)
        if (row := support.of_module(said.value) or support.of_dist(said.value)) is not None
    )
    if failed and not facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR):
        # pip's build names no package: the source it fetched last before it failed
        fetched = [
            f for f in facts.all(FactKey.PIP_SDIST_RELEASE) if f.quote.line < failed[0].quote.line
        ]
        if fetched and (row := support.of_dist(fetched[-1].value.split()[0])) is not None:
            candidates.append((row, failed[0], "build"))
            sources.append(fetched[-1])
    return candidates, sources


def _listed_later(paste: Pasted, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s18-since): an error from a library (its frame, its build, else the library
    the report is about: `_subject`) on a machine its compat/support.py row lists only from a
    release on (flash-attn's Windows from 2.3.2), where the paste shows no release of it (the
    subject by a command or an error line, never by the title or the reporter's words alone): a
    warning with that release, the line that shows the installed one and the upgrade. A
    paste that shows an earlier release gets backend.library_unsupported_machine's error
    (`Supported.runs_on` with the release), one that shows a later one nothing. Last, and
    only where no finding before is an error or a warning (a narrower cause comes first: the
    toolkit a build lacks, a package missing) or answers a question about the library."""
    if any(f.severity in _POSTED for f in before):
        return ()
    machine = _support_machine(paste, facts)
    if machine is None:
        return ()
    asked = {
        f.params.get("library")
        for f in before
        if f.code in (Code.LIBRARY_SUPPORT_LISTED.value, Code.LIBRARY_SUPPORT_NOT_LISTED.value)
    }
    candidates, _ = _library_ties(facts)
    unshown = [
        (row, said, first)
        for row, said, _ in candidates
        if row.name not in asked and (first := _first_unshown(paste, facts, row, machine))
    ]
    if unshown:
        row, said, first = min(unshown, key=lambda c: c[1].quote.line)
        return (_listed_from(paste, facts, row, machine, first, said, said.quote),)
    subject = _subject(facts) if paste.errors or paste.stated is not None else None
    # the report's title or the reporter's words alone tie nothing to the error (s16-mend-
    # subject): no release to ask for ("I commented out the flash_attn lines", YuE#34); but a
    # title that names the library and the machine, over a failure said in words, does
    # (s21-words, `_title_ties`)
    if subject is None or subject[0].name in asked:
        return ()
    if subject[1].value in _WORDS_ONLY and not _title_ties(paste, facts, subject[1], machine):
        return ()
    row, tie = subject
    first = _first_unshown(paste, facts, row, machine)
    if first is None:
        return ()
    error = tie.quote if tie.value == SubjectTie.ERROR.value else None
    error = error or (paste.errors[-1] if paste.errors else paste.stated)
    assert error is not None
    return (_listed_from(paste, facts, row, machine, first, tie, error),)


def _title_ties(
    paste: Pasted,
    facts: _Read,
    tie: PastedFact,
    machine: tuple[str | None, str | None, str, list[PastedFact]],
) -> bool:
    """issue 38 (s21-words): whether an issue's title ties its library to a failure the
    reporter says in words: the title names the library and the paste's machine (its backend
    or its system: a SUBJECT_MACHINE fact on the title's line, readers/subject.py: "Unsloth On
    Mac", "xformers used even on AMD GPUs"), and the post under it says, in words and below the
    title, that it failed there (`Pasted.stated`: "an xformers call fails with the attached
    error message"), with no error line. The title names the subject, the post tells what
    happened on it: the report is that library failing on that machine, and nothing else in the
    paste is there to explain. A title that says it all (its own words are the failure: "…
    fails to install on …") is the reporter's one-line summary, read as before (s16-mend-
    subject: what the report is about, not a tie); so are its cases: a title that puts the
    library aside ("Disabling Flash attention 2 for RDNA2 GPU", readers/subject.py
    `_NOT_USED_BEFORE`) ties nothing; a paste with an error line (a Windows client's
    ConnectionRefusedError to a vLLM server) has that line to explain; the reporter's other
    words ("this worked on my Linux box with xformers") are no title."""
    stated = paste.stated
    if tie.value != SubjectTie.TITLE.value or paste.errors or stated is None:
        return False
    if stated.line == tie.quote.line:
        return False
    if _put_aside_below(paste, tie):
        return False
    backend, system = machine[0], machine[1]
    return any(
        f.quote.line == tie.quote.line and f.name == tie.name and f.value in (backend, system)
        for f in facts.all(FactKey.SUBJECT_MACHINE)
    )


# s21-mendB (the red team's defect 8 of s21-words): the reporter's words that the library is
# out of the run, on a line below the title that names it: "I uninstalled xformers", "now with
# xformers gone", "without xformers", "xformers is not the cause", "removed", "disabled" (as
# readers/subject.py `_NOT_USED` reads them before a name). The title then names what the
# reporter has ruled out, and the failure said below is not that library's: its release
# warning would reinstall what the reporter removed. Each alternative opens with its word.
_PUT_ASIDE: Final = re.compile(
    r"(?i:\buninstall(?:ed|ing)?\b|\bremov(?:e|ed|ing)\b|\bdelet(?:e|ed|ing)\b|\bgone\b"
    r"|\bwithout\b|\bdisabl(?:e|ed|ing)\b|\bnot the (?:cause|culprit|problem|issue)\b)"
)


def _put_aside_below(paste: Pasted, tie: PastedFact) -> bool:
    """s21-mendB: whether a line below the title that names the title's library (the words
    that it failed, or a line a fact rests on) says the library is out of the run
    (`_PUT_ASIDE`)."""
    name = (tie.name or "").casefold()
    if not name:
        return False
    below = [f.quote for f in paste.facts if f.quote.line > tie.quote.line]
    if paste.stated is not None:
        below.append(paste.stated)
    return any(name in q.text.casefold() and _PUT_ASIDE.search(q.text) is not None for q in below)


def _first_unshown(
    paste: Pasted,
    facts: _Read,
    row: support.Supported,
    machine: tuple[str | None, str | None, str, list[PastedFact]],
) -> str | None:
    """issue 38 (s18-since): the release from which `row` lists the paste's machine, where it
    lists it only from a release on (compat/support.py `since`: vLLM's ROCm from 0.2.4,
    flash-attn's Windows from 2.3.2) and the paste shows no release of the library; None
    otherwise, and where the library runs there by another way (`_built_for_it`). Only for
    a Python package (its row names an import package): pip shows and upgrades it, never a
    program such as text-embeddings-inference's router."""
    backend, system = machine[0], machine[1]
    if not row.modules or _release(facts, row) is not None or _built_for_it(paste, row, machine):
        return None
    return row.first_release(backend, system)


def _listed_from(
    paste: Pasted,
    facts: _Read,
    row: support.Supported,
    machine: tuple[str | None, str | None, str, list[PastedFact]],
    first: str,
    tie: PastedFact,
    error: QuotedLine,
) -> Finding:
    """issue 38 (s18-since): backend.library_unsupported_machine's warning that the library
    runs on the machine only from `first` on and the paste does not show which release is
    installed: the line that shows the release, and the upgrade line the chooser builds."""
    backend, _, words, shown = machine
    on_error = [f for f in paste.facts if f.quote.line == error.line and f is not tie]
    facts.use("stated", tie, *on_error[:1])
    facts.use("host", *shown[:1])
    way = remedies.installer(paste.evidence.python)
    dist = row.dists[0]
    # s18-mend-misc: the row's own pip flags (flash-attn's --no-build-isolation); on a stack
    # below the row's floor (flash-attn's ROCm 6.0+), no upgrade of the library: it would not
    # build there, and the stack comes first
    install = remedies.requirement(way, dist, f">={first}", upgrade=True, flags=row.pip_flags)
    floor = dict(row.floors).get(backend or "", "")
    stack = _rocm_release(facts) if backend == _ROCM else None
    low, have = versions.parse(floor), versions.parse(stack[0]) if stack else None
    if stack is not None and low is not None and have is not None and have < low:
        facts.use("torch", stack[1])
        install = comment(
            f"no {row.name} line: its ROCm build needs ROCm {floor} or newer ({row.source}), "
            f"and this torch is built with ROCm {stack[0]}: first a torch built with ROCm "
            f"{floor} or newer (pytorch.org/get-started/locally), then {row.name}"
        )
    return finding(
        Code.LIBRARY_UNSUPPORTED_MACHINE,
        backend=backend,
        variant="since",
        library=row.name,
        machine=words,
        release=row.dated(first),
        documented=row.documented,
        said=printable(one_line(error.text).strip(" >`*#"))[:160],
        source=row.source,
        show=remedies.pip_of(way, ("show",), dist),
        install=install,
    )


def _rocm_release(facts: _Read) -> tuple[str, PastedFact] | None:
    """issue 38 (s18-mend-misc): the ROCm release (X.Y) torch is built with, as the paste shows
    it (`_rocm_torch`: a "+rocm5.7" label, collect_env's "ROCM used to build PyTorch:
    5.7.31921"), and its line; None where it shows none."""
    shown = _rocm_torch(facts)
    if shown is None:
        return None
    if shown.key is FactKey.TORCH_HIP:
        release = ".".join(shown.value.strip().split(".")[:2])
    else:
        local = wheels.local_of(shown.value.strip()) or ""
        release = wheels.Variant(local).rocm or ""
    return (release, shown) if versions.parse(release) is not None else None


def _unsupported_machine(
    row: support.Supported,
    backend: str | None,
    variant: Literal["build", "release"] | None,
    machine: str,
    text: str,
) -> Finding:
    """backend.library_unsupported_machine for one row of compat/support.py: its documented
    machines against `machine`, quoting the line `text` it rests on."""
    return finding(
        Code.LIBRARY_UNSUPPORTED_MACHINE,
        backend=backend,
        variant=variant,
        library=row.name,
        machine=machine,
        documented=row.documented,
        said=printable(one_line(text).strip(" >`*#"))[:160],
        source=row.source,
        instead=row.instead or "the program's option that runs without it, where it has one",
    )


def _no_release_here(
    paste: Pasted, facts: _Read, name: str, lines: Sequence[PastedFact]
) -> Finding | None:
    """issue 38 (s15-support): pip finding no release of a library compat/support.py lists
    ("from versions: none", or no list shown) on a machine its documentation leaves out
    (onnxruntime-directml on Linux): its machines, not this Python. None where the row lists
    the machine, is silent on it, or the paste shows none."""
    row = support.of_dist(name)
    machine = _support_machine(paste, facts) if row is not None else None
    if row is None or machine is None:
        return None
    backend, system, words, shown = machine
    # pip's files are chosen by the system (and the Python, the CPU), never by the accelerator
    if system is None or row.runs_on(None, system, _release(facts, row)):
        return None
    words = support.SYSTEM_NAMES[system] if system != support.MACOS else "a Mac"
    facts.use("stated", *lines)
    facts.use("host", *shown[:1])
    return _unsupported_machine(row, backend, "release", words, lines[0].quote.text)


def _asked_machine(
    facts: _Read, question: PastedFact
) -> tuple[str | None, str | None, bool, str, list[PastedFact]] | None:
    """The machine a question names, from its line's facts: (backend, system, whether the
    hardware itself was asked, the machine in words, the facts). A Mac asked about is Apple
    silicon under macOS, on whose CPU a library with a CPU path runs. None where it names
    none."""

    def on_its_line(key: FactKey) -> PastedFact | None:
        return next(
            (
                f
                for f in facts.all(key)
                if f.quote.line == question.quote.line and f.name == question.name
            ),
            None,
        )

    hardware, system, unlisted = (
        on_its_line(FactKey.PROSE_ASKED_HARDWARE),
        on_its_line(FactKey.PROSE_ASKED_SYSTEM),
        on_its_line(FactKey.PROSE_ASKED_UNLISTED),
    )
    if hardware is None and system is None and unlisted is None:
        return None
    named = [f for f in (hardware, unlisted, system) if f is not None]
    if unlisted is not None:
        # issue 38 (s21-names): an accelerator no registry row is ("the Coral Edge TPU", a
        # Sophgo "BM1684 TPU"): no backend, the hardware itself asked, in the reporter's words
        words = unlisted.value
        if system is not None:
            words = f"{words} under {support.SYSTEM_NAMES[system.value]}"
        return None, system.value if system else None, True, words, named
    if hardware is not None:
        backend: str | None = hardware.value
        kind = registry.BY_KEY[hardware.value].hardware
        # the hardware as a kind, not one device: "AMD GPUs", "Huawei Ascend NPUs"
        words = "a CPU alone" if backend == _CPU else kind + ("s" if kind[-3:].isupper() else "")
        if system is not None:
            words = f"{words} under {support.SYSTEM_NAMES[system.value]}"
        return backend, system.value if system else None, True, words, named
    assert system is not None
    if system.value == support.MACOS:  # a Mac: its Apple silicon, under macOS
        return _MPS, support.MACOS, False, "a Mac", named
    return None, system.value, False, support.SYSTEM_NAMES[system.value], named


def _library_asked(paste: Pasted, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s15-support): a reporter's question whether a library compat/support.py lists
    runs on a machine ("Does vllm support macos M1?", "does flashinfer support AMD GPU?"),
    answered from its row: what its documentation lists, from which release, with where it
    was read; a note where it lists the machine, a warning where it does not (nothing failed:
    the reporter asked). The machine is the question's own, else the one the paste shows.
    Silent where the row is silent on the machine (its documentation neither names nor
    excludes it), where the paste shows no machine, and where the library's error on that
    machine was named already (backend.library_unsupported_machine says more). One finding,
    for the first question answered."""
    said = {
        f.params.get("library") for f in before if f.code == Code.LIBRARY_UNSUPPORTED_MACHINE.value
    }
    # a paste whose failure a finding explains gets that explanation, not a note beside it
    explained = any(f.severity in _POSTED for f in before)
    for question in facts.all(FactKey.PROSE_SUPPORT_ASKED):
        row = support.of_name(question.name or "")
        if row is None or row.name in said:
            continue
        asked = _asked_machine(facts, question)
        if asked is not None:
            backend, system, strict, words, named = asked
            shown: list[PastedFact] = []
        else:
            machine = _support_machine(paste, facts)
            if machine is None:
                continue
            backend, system, words, shown = machine
            strict, named = False, []
        unlisted = any(f.key is FactKey.PROSE_ASKED_UNLISTED for f in named)
        answer = row.answer(backend, system, _release(facts, row), strict=strict, unlisted=unlisted)
        if answer.listing is support.Listing.UNKNOWN or (
            explained and answer.listing is support.Listing.LISTED
        ):
            continue
        # issue 38 (s17-tracker): a question that names no library is asked about the library
        # of the repository it was filed in (gather/reports/tracker.py), and says so
        tracker = next(
            (
                f.value
                for f in facts.all(FactKey.TRACKER_ASKED)
                if f.quote.line == question.quote.line and f.name == row.name
            ),
            "",
        )
        variant: Literal["tracker"] | None = "tracker" if tracker else None
        facts.use("stated", question, *named)
        facts.use("host", *shown[:1])
        # issue 38 (s19-asked): a machine listed only from a release on, asked by a paste that
        # shows no release: the answer says from which one, and that the releases before it do
        # not list it (its own release decides which the reporter has)
        earlier = (
            "; earlier releases do not list it"
            if answer.later
            and answer.listing is support.Listing.LISTED
            and _release(facts, row) is None
            else ""
        )
        releases = f" ({answer.releases}{earlier})" if answer.releases else ""
        if answer.listing is support.Listing.LISTED:
            return (
                finding(
                    Code.LIBRARY_SUPPORT_LISTED,
                    backend=backend,
                    variant=variant,
                    tracker=tracker or None,
                    library=row.name,
                    machine=words,
                    documented=row.documented,
                    releases=releases,
                    at=row.at,
                    source=row.source,
                ),
            )
        return (
            finding(
                Code.LIBRARY_SUPPORT_NOT_LISTED,
                backend=backend,
                variant=variant,
                tracker=tracker or None,
                library=row.name,
                machine=words,
                documented=row.documented,
                releases=releases,
                at=row.at,
                source=row.source,
                instead=row.instead or "a library whose documentation lists this machine",
            ),
        )
    return ()


def _asked_of_no_library(
    paste: Pasted, facts: _Read, before: Sequence[Finding]
) -> tuple[Finding, ...]:
    """issue 38 (s20-template): a question whether a machine is supported that no library
    answers (readers/asked.py's facts with no `name`: a question naming no library, pointing at
    the tracker where `--repo` gives none with a row, or at nothing): a note that says which
    machine it asks about and what would answer it. Only where the paste shows and states no
    error, and no finding was made: a post that shows more is answered by what it shows."""
    if before or not _no_error_shown(paste):
        return ()
    for question in facts.all(FactKey.PROSE_SUPPORT_ASKED):
        if question.name is not None:
            continue
        asked = _asked_machine(facts, question)
        if asked is None:
            continue
        backend, _, _, words, named = asked
        facts.use("stated", question, *named)
        # filed in a repository the table has no row for (gather/reports/tracker.py)
        tracker = next(
            (
                f.value
                for f in facts.all(FactKey.TRACKER_ASKED)
                if f.quote.line == question.quote.line and f.name is None
            ),
            "",
        )
        asked_words = printable(question.value.lstrip("# "))[:120]
        # s20-mendB: filed in a repository that has a row, of a paste whose own subject is
        # another library (gather/reports/tracker.py): which of them "this" is, is not said
        row = support.of_repository(tracker) if tracker else None
        own = [
            f
            for f in facts.all(FactKey.SUBJECT_LIBRARY)
            if f.name and f.value != SubjectTie.TRACKER.value
        ]
        subjects = [f.name for f in own if f.name]
        if row is not None and subjects:
            facts.use("stated", *own[:1])
            return (
                finding(
                    Code.SUPPORT_ASKED_NO_LIBRARY,
                    backend=backend,
                    variant="subject",
                    tracker=tracker,
                    library=row.name,
                    subject=" and ".join(dict.fromkeys(subjects)),
                    machine=words,
                    asked=asked_words,
                ),
            )
        if tracker:
            return (
                finding(
                    Code.SUPPORT_ASKED_NO_LIBRARY,
                    backend=backend,
                    variant="tracker",
                    tracker=tracker,
                    machine=words,
                    asked=asked_words,
                ),
            )
        return (
            finding(
                Code.SUPPORT_ASKED_NO_LIBRARY, backend=backend, machine=words, asked=asked_words
            ),
        )
    return ()


def _nccl_not_built(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s10-refusal): torch.distributed asked for NCCL where torch has none
    ("Distributed package doesn't have NCCL built in"), on a Mac or on Windows, whose torch
    wheels are built without NCCL: the gloo backend, not another torch. On Linux the same
    words are a torch build without CUDA, which other findings read: silent here."""
    said = facts.all(FactKey.MESSAGE_NCCL_NOT_BUILT)
    if not said:
        return ()
    # the platform in the words of the message's own lines or the paste's error lines ("On
    # m1 pro - …" as a title, "Runtime error on Windows:")
    told = [q for q in (*(f.quote for f in said), *paste.errors) if _PLATFORM_TOLD.search(q.text)]
    mac = _mac_lines(paste, facts) or [
        f for f in said if (m := _PLATFORM_TOLD.search(f.quote.text)) and not m.group(1)
    ]
    host = (facts.all(FactKey.PROSE_WINDOWS) or facts.all(FactKey.PROSE_WINDOWS_PATH))[:1]
    windows = (
        remedies.on_windows(paste.evidence)
        or bool(host)
        or any((m := _PLATFORM_TOLD.search(q.text)) and m.group(1) for q in told)
    )
    if not (mac or windows) or (gpu_of_cuda_shown(paste) and not windows):
        return ()
    facts.use("stated", *said)
    facts.use("host", *(mac[:1] if mac else host))
    return (
        finding(
            Code.OS_UNSUPPORTED,
            backend=_MPS if mac else None,
            variant="nccl",
            platform="macOS" if mac else "Windows",
        ),
    )


# issue 38 (s9-imports): a line that says the run only warned (an optional module a library
# tries and goes on without: "WARNING: … No module named 'triton'"), not that it stopped.
_WARNED: Final = re.compile(r"(?i)\bwarn(?:ing)?\b")


def _line_taken(facts: _Read, said: PastedFact) -> bool:
    """Whether a finding made before rests on the line `said` is on."""
    return any(f.quote.line == said.quote.line for part in facts.used.values() for f in part)


def _neuron_placeholder(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s19-placeholder): a placeholder AWS keeps on PyPI under a Neuron package's
    name, installed by pip without AWS's repository (compat/placeholders.py: the wheels read
    there): its import's own words ("ImportError: WRONG PACKAGE. Please install the package
    from Neuron Repository", the package from the traceback's frame in its __init__.py), or
    the version a paste shows installed being the placeholder's one release on PyPI
    (transformers-neuronx 0.1, torch-neuronx 1.0). A Neuron release of those packages (Neuron's
    repository numbers them otherwise) is not this finding."""
    way = remedies.installer(paste.evidence.python)
    shown = [
        (f, found)
        for key in _VERSION_KEYS
        for f in facts.all(key)
        if f.name is not None and (found := placeholders.placeholder_release(f.name, f.value))
    ]
    stated = facts.all(FactKey.MESSAGE_NEURON_PLACEHOLDER)
    made: list[Finding] = []
    named: set[str] = set()
    if stated:
        frames = [f for f in facts.all(FactKey.NEURON_PLACEHOLDER_FILE) if f.line <= stated[0].line]
        frame = frames[-1] if frames else None
        # the dist its words name (transformers-neuronx's), else the file raising them
        told = next((f.value for f in stated if f.value), "")
        placeholder = (
            placeholders.BY_DIST.get(told)
            if told
            else placeholders.of_module(frame.value)
            if frame is not None
            else None
        )
        words = "ImportError: WRONG PACKAGE. Please install the package from Neuron Repository"
        facts.use("stated", *stated, frame)
        if placeholder is None:
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    backend=_NEURON,
                    variant="placeholder_unnamed",
                    said=words,
                )
            )
        else:
            pin = next((f for f, p in shown if p == placeholder), None)
            facts.use("pin", pin)
            named.add(placeholder.dist)
            made.append(_placeholder_found(way, placeholder, pin is not None, words))
    for said, placeholder in shown:
        if placeholder.dist in named:
            continue
        named.add(placeholder.dist)
        facts.use("pin", said)
        release = f"{placeholder.dist} {placeholder.release} is the one release PyPI has"
        made.append(_placeholder_found(way, placeholder, True, release))
    return tuple(made)


def _placeholder_found(
    way: remedies.Installer, placeholder: placeholders.Placeholder, pinned: bool, said: str
) -> Finding:
    """`_neuron_placeholder`'s finding for one placeholder: its release where the paste shows
    it installed (`pinned`), the words it rests on, the reinstall from Neuron's repository."""
    return finding(
        Code.PACKAGE_NOT_INSTALLED,
        backend=_NEURON,
        variant="placeholder",
        package=placeholder.dist,
        found=f" {placeholder.release}" if pinned else "",
        said=said,
        install=remedies.neuron_beside_placeholder(
            way, placeholder.dist, placeholder.release, below=placeholder.below
        ),
    )


def _package_missing(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s9-imports): a package the run imports and the environment lacks: Python's
    "No module named 'X'" for a library's or an accelerator's top-level module
    (compat/imports.py, registry.py's extension modules), transformers' "requires the X
    library but it was not found". The install is the chooser's for the package and the
    accelerator the paste shows (the registry's row, Intel's or AWS's index); a CUDA-only
    kernel package on a paste that shows another accelerator and no NVIDIA or AMD GPU gets no
    install, nor does a package built for some systems only (imports.BUILT_FOR) on another
    system or where the paste shows none; a listed release is called older only where it is
    below the message's floor (or imports.UNNAMED_FLOORS). Quiet where the line only warns,
    where the module is the program's own (not in the tables), where the paste lists the
    package as installed (another interpreter, a broken install: not this cause), and on a
    line another finding explains."""
    shown = accelerators_shown(paste)
    key = next(iter(shown), None) if not gpu_of_cuda_shown(paste) else None
    way = remedies.installer(paste.evidence.python)
    made: list[Finding] = []
    seen: set[str] = set()
    said_all = [
        *facts.all(FactKey.MESSAGE_MODULE_MISSING),
        *facts.all(FactKey.MESSAGE_LIBRARY_REQUIRED),
    ]
    for said in sorted(said_all, key=lambda f: f.quote.line):
        if _line_taken(facts, said) or _WARNED.search(said.quote.text):
            continue
        word, _, floor = said.value.partition(" ")
        if said.key is FactKey.MESSAGE_LIBRARY_REQUIRED:
            module, dist = "", imports.LIBRARY_WORDS.get(word.lower())
        elif word in imports.ELSEWHERE:
            continue
        else:
            module, dist = word, imports.distribution(word)
        backend = registry.for_module(module) if module else None
        if backend is not None and backend.module is not None:
            if backend.key not in shown:
                # an accelerator's extension where the paste shows no such accelerator: the
                # code or a saved config asks for hardware the machine may not have
                # (huggingface/transformers#5634: a config's xla_device on a GPU machine)
                continue
            dist = backend.dists[0] if backend.dists else backend.package
        installed = _version_of(facts, dist) if dist is not None else None
        if dist is None and said.key is FactKey.MESSAGE_MODULE_MISSING:
            # a module outside the table that the paste lists all the same, by its own name
            # (torch) or pip's spelling of it: not importable where it is installed
            names = dict.fromkeys((word, word.replace("_", "-")))
            dist, installed = next(
                ((n, v) for n in names if (v := _version_of(facts, n)) is not None), (None, None)
            )
        if dist is None:
            continue
        if dist in seen:  # the same package said again (a title, then the traceback)
            facts.use("stated", said)
            continue
        if installed is not None and said.key is FactKey.MESSAGE_MODULE_MISSING:
            if facts.all(FactKey.PIP_BUILD_FAILED):
                continue  # pip's isolated build environment, which has no packages: not this
            # listed as installed, not importable by the run: another interpreter (a Ray job's
            # runtime, a notebook kernel, another venv), or a broken install
            seen.add(dist)
            facts.use("stated", said)
            facts.use("pin", installed)
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    variant="elsewhere",
                    package=dist,
                    said=f"No module named {module!r}",
                    found=printable(installed.value)[:40],
                )
            )
            continue
        # the library's floor refused the release installed, where that release is below the
        # floor the message names, or the one its release checks where it names none (red
        # team item 2: Accelerate 0.31.0 meets transformers 4.41's 0.21.0,
        # huggingface/transformers#31583); quiet where it meets it or cannot be compared
        least = floor or imports.UNNAMED_FLOORS.get(dist, "")
        if installed is not None and (
            not least or versions.satisfies(installed.value, f">={least}") is not False
        ):
            continue
        seen.add(dist)
        if installed is not None:
            facts.use("stated", said)
            facts.use("pin", installed)
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    variant="older",
                    package=dist,
                    found=printable(installed.value)[:40],
                    floor=least,
                    said=printable(one_line(said.quote.text.strip()))[:120],
                    install=remedies.requirement(way, dist, f">={least}"),
                )
            )
            continue
        facts.use("stated", said)
        words = (
            f"No module named {module!r}"
            if module
            else printable(one_line(said.quote.text.strip()))[:120]
        )
        if dist in imports.CUDA_ONLY and key is not None:
            facts.use("accelerator", _npu_named(shown[key]))
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    backend=key,
                    variant="cuda_only",
                    package=dist,
                    said=words,
                    accelerator=registry.BY_KEY[key].hardware,
                )
            )
            continue
        built_for = imports.built_for(dist)
        system = paste.evidence.host.system if paste.evidence.host is not None else "unknown"
        if built_for is not None and system not in built_for:
            # red team item 1: no install line where the package has no build for the system
            # shown, nor where no system is shown (ModelCloud/GPTQModel#2273: a Mac)
            named = imports.SYSTEM_WORDS.get(system)
            platforms = " and ".join(built_for)
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    variant="no_build",
                    package=dist,
                    said=words,
                    system=named,
                    platforms=platforms,
                )
                if named is not None
                else finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    variant="os_unshown",
                    package=dist,
                    said=words,
                    platforms=platforms,
                )
            )
            continue
        where, install = "", Shell()
        if backend is not None:
            install = remedies.install(backend, way, evidence=paste.evidence)
            where = (
                "" if install else f"it comes from {remedies.elsewhere(backend, paste.evidence)}"
            )
        elif (vendor := remedies.vendor_release(way, dist, "", "", frozenset(shown))) is not None:
            where, install = vendor
        elif dist in ("torchvision", "torchaudio"):
            torch = _version_of(facts, "torch")
            pin = remedies.companion_pin(dist, torch.value) if torch is not None else None
            install = (
                remedies.pip(way, "install", pin) + comment(f"{dist} built for torch {torch.value}")
                if pin is not None and torch is not None
                else remedies.requirement(way, dist, "")
            )
        else:
            install = remedies.requirement(way, dist, f">={floor}" if floor else "")
        on = backend.key if backend is not None else None
        if where:
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    backend=on,
                    variant="vendor",
                    package=dist,
                    said=words,
                    where=where,
                    install=install,
                )
            )
        elif floor:
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    backend=on,
                    variant="floor",
                    package=dist,
                    said=words,
                    floor=floor,
                    install=install,
                )
            )
        else:
            made.append(
                finding(
                    Code.PACKAGE_NOT_INSTALLED,
                    backend=on,
                    package=dist,
                    said=words,
                    install=install,
                )
            )
    return tuple(made[:3])


# issue 38 (s14-submodule): the packages whose missing modules other findings name: vLLM's
# vllm._C (backend.os_unsupported), vLLM Ascend's vllm_ascend_C, Gaudi's habana_frameworks,
# transformers' modules (python.transformers_module_missing), CANN's te / tbe.
_SUBMODULE_ELSEWHERE: Final = frozenset(
    {"vllm", "vllm_ascend", "habana_frameworks", "transformers", "te", "tbe"}
)


def _submodule_missing(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s14-submodule): Python's "No module named 'A.B'", where A imported (Python
    imports the parents first), or "No module named 'X'" for a module a package builds
    (compat/submodules.py COMPILED). In order: a traceback frame in A's __init__.py outside
    site-packages (a directory named A imported in the package's place); a compiled part
    (on a system the package has no build for, backend.os_unsupported; where the paste
    shows another accelerator and the package is CUDA-only, that; else an install without
    its build); a module of the MOVED table (the release that added or removed it, and the
    install of a release that has it: never torch's, which is the wheel chooser's); else,
    where the paste shows A's version, the release installed lacks it. Quiet for the
    packages other findings read, for torch and the accelerators' extensions outside the
    table, for a module whose package's release the paste does not show (the program's own),
    on a line that only warns, and on a line another finding explains."""
    said_all = facts.all(FactKey.MESSAGE_SUBMODULE_MISSING)
    local = facts.all(FactKey.TRACEBACK_LOCAL_PACKAGE)
    for said in sorted(said_all, key=lambda f: f.quote.line):
        module = said.value
        top = module.split(".", 1)[0]
        known_range = exported_names.module_range(module)
        ranged = known_range if known_range is not None and _telling(known_range) else None
        # s17-names: vLLM's modules the table knows are this finding's (its compiled vllm._C
        # is private, and backend.os_unsupported's); transformers' stay the other finding's
        elsewhere = top in _SUBMODULE_ELSEWHERE and (ranged is None or top == "transformers")
        if elsewhere or _WARNED.search(said.quote.text):
            continue
        if any(f.quote.line == said.quote.line for f in _found_on(facts, paste)):
            continue  # a finding above rests on the line
        same = [f for f in said_all if f.value == module]
        words = f"No module named {module!r}"
        built = submodules.compiled(module)
        package = built.package if built is not None else top
        known = built is not None or imports.distribution(top) or submodules.moved(module)
        shadow = next((d for f in local if (d := _package_dir(f.value, package))), "")
        shadow = shadow if known or _version_of(facts, versions.canonical_name(top)) else ""
        frame = next((f for f in local if _package_dir(f.value, package) == shadow), None)
        if shadow and frame is not None:
            facts.use("stated", *same, frame)
            return (
                finding(
                    Code.SHADOWED_MODULE,
                    variant="pasted",
                    package=package,
                    path=printable(shadow)[:160],
                    module=module,
                    said=words,
                ),
            )
        if built is not None:
            facts.use("stated", *same)
            return (_not_built(paste, facts, built, module, words),)
        way = remedies.installer(paste.evidence.python)
        if (moved := submodules.moved(module)) is not None:
            row = moved[1]
            shown = _version_of(facts, row.dist)
            side = submodules.lacking(row, shown.value.strip() if shown is not None else None)
            if not side:
                continue  # the release shown has it: another cause (a broken install)
            if side == "unknown":
                side = "older" if row.gone is not None else "newer"
            facts.use("stated", *same)
            facts.use("pin", shown)
            found = f" {printable(shown.value.strip())[:40]}" if shown is not None else ""
            # torch's releases are the wheel chooser's, and its companions' follow torch's
            chooser = row.dist in ("torch", "torchvision", "torchaudio")
            if side == "newer" and row.first is not None:
                install = remedies.requirement(way, row.dist, f">={row.first}")
                if chooser:
                    # torchvision's and torchaudio's release is the one built for the torch
                    # shown (the compat tables), torch's the wheel chooser's: none here
                    torch = _version_of(facts, "torch") if row.dist != "torch" else None
                    pin = remedies.companion_pin(row.dist, torch.value) if torch else None
                    install = (
                        remedies.pip(way, "install", pin)
                        + comment(f"{row.dist} built for torch {torch.value}")
                        if pin is not None and torch is not None
                        else Shell()
                    )
                    facts.use("pin", torch if pin is not None else None)
                return (
                    finding(
                        Code.RELEASE_LACKS_NAME,
                        variant="newer",
                        package=row.dist,
                        found=found,
                        module=module,
                        said=words,
                        first=row.first,
                        install=install,
                    ),
                )
            return (
                finding(
                    Code.RELEASE_LACKS_NAME,
                    variant="older",
                    package=row.dist,
                    found=found,
                    module=module,
                    said=words,
                    gone=row.gone,
                    instead=row.instead,
                    install=Shell()
                    if chooser
                    else remedies.requirement(way, row.dist, f"<{row.gone}"),
                ),
            )
        if known_range is not None:  # s17-names: a release shown that has the module
            shown = _version_of(facts, known_range.dist)
            if shown is not None and not exported_names.side(known_range, shown.value.strip()):
                continue  # another cause (a broken install, a directory in its place)
            # the releases read from the package's wheels, where they tell one apart
            if (
                ranged is not None
                and (made := _from_table(paste, facts, ranged, same, shown, words)) is not None
            ):
                return (made,)
        if top == "torch" or registry.for_module(top) is not None:
            continue  # torch's and its extensions' releases pair: the wheel chooser's
        dist = imports.distribution(top) or versions.canonical_name(top)
        shown = _version_of(facts, dist)
        if shown is None:
            continue  # its release not shown: the program's own package, or a guess
        facts.use("stated", *same)
        facts.use("pin", shown)
        return (
            finding(
                Code.RELEASE_LACKS_NAME,
                variant="module",
                package=dist,
                found=f" {printable(shown.value.strip())[:40]}" if shown is not None else "",
                module=module,
                said=words,
            ),
        )
    return ()


def _found_on(facts: _Read, paste: Pasted) -> list[PastedFact]:
    """The facts the findings made so far rest on, not those gathering read into the
    evidence (a title's "torchvision 0.17" is a package listed, not a finding's line)."""
    return [
        f
        for part, said in facts.used.items()
        for f in said
        if not any(f is g for g in paste.used.get(part, ()))
    ]


def _package_dir(path: str, package: str) -> str:
    """The directory named `package` that a frame's file is in ("/home/u/mmcv/mmcv/ops/
    __init__.py", "mmcv" -> "/home/u/mmcv/mmcv": the innermost), or "" where none is."""
    parts = path.replace("\\", "/").split("/")[:-1]
    at = max((i for i, part in enumerate(parts) if part == package), default=-1)
    return "/".join(parts[: at + 1]) if at >= 0 else ""


def _not_built(
    paste: Pasted, facts: _Read, built: submodules.Compiled, module: str, words: str
) -> Finding:
    """A package installed without the module it builds (compat/submodules.py COMPILED): on a
    system its releases are not built for (compat/imports.py BUILT_FOR), that; where the paste
    shows another accelerator and no NVIDIA GPU, and the package is CUDA-only, that; else an
    install that did not build it, with the package's own way to a build that has it."""
    system = paste.evidence.host.system if paste.evidence.host is not None else "unknown"
    named = imports.SYSTEM_WORDS.get(system)
    systems = imports.built_for(built.dist)
    if named is not None and systems is not None and system not in systems:
        return finding(
            Code.OS_UNSUPPORTED,
            variant="compiled",
            package=built.dist,
            platform=named,
            platforms=" and ".join(systems),
            module=module,
            said=words,
        )
    shown = accelerators_shown(paste)
    key = next(iter(shown), None) if not gpu_of_cuda_shown(paste) else None
    if built.dist in imports.CUDA_ONLY and key is not None:
        facts.use("accelerator", _npu_named(shown[key]))
        return finding(
            Code.EXTENSION_IMPORT_FAILED,
            backend=key,
            variant="cuda_only",
            package=built.dist,
            module=module,
            said=words,
            accelerator=registry.BY_KEY[key].hardware,
        )
    shown_as = [v for name in built.listed() if (v := _version_of(facts, name)) is not None]
    listed = shown_as[0] if len(shown_as) == 1 else None  # two names shown: which is unknown
    facts.use("pin", listed)
    package = listed.name if listed is not None and listed.name else built.dist
    return finding(
        Code.EXTENSION_IMPORT_FAILED,
        variant="not_built" if "." in module else "not_built_alone",
        package=package,
        found=f" {printable(listed.value.strip())[:40]}" if listed is not None else "",
        module=module,
        said=words,
        build=built.build,
    )


def _release_lacks_name(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s9-imports): "cannot import name 'X' from 'Y'" or "module 'Y' has no
    attribute 'X'" where the paste shows the installed version of the library Y: that
    release has no X. Quiet for a module whose version the paste does not show (the
    program's own, or a release hwdoctor would be guessing), for a private name ("_X": a
    compiled part built for another release, which other findings name), for torch and its
    accelerators' extensions (torch.npu comes from torch_npu, and their releases pair: the
    wheel chooser's), for a name the traceback's source line looks up by a value
    (`getattr(transformers, name)`), and on a line another finding explains."""
    looked_up = {f.line for f in facts.all(FactKey.GETATTR_SOURCE)}
    for said in facts.all(FactKey.MESSAGE_NAME_MISSING):
        module, _, name = said.value.partition(" ")
        top = module.split(".", 1)[0]
        if name.startswith("_") or top == "torch" or registry.for_module(top) is not None:
            continue  # torch's and its extensions' releases pair: the wheel chooser's
        if said.line - 1 in looked_up:
            continue  # a name looked up by a value (getattr), not an API the code imports
        if _WARNED.search(said.quote.text):
            continue
        dist = imports.distribution(top) or versions.canonical_name(top)
        shown = _version_of(facts, dist)
        row = exported_names.name_range(top, name) if module == top else None
        # s17-names: a finding above resting on the line takes it (the Python a path shows
        # on it does not)
        taken = any(f.quote.line == said.quote.line for f in _found_on(facts, paste))
        if row is not None and "cannot import" in said.quote.text and not taken:
            if shown is not None and not exported_names.side(row, shown.value.strip()):
                continue  # the release shown has the name: another cause (a broken install)
            if _telling(row):
                words = f"cannot import name {name!r} from {module!r}"
                same = [f for f in facts.all(FactKey.MESSAGE_NAME_MISSING) if f.value == said.value]
                if (made := _from_table(paste, facts, row, same, shown, words)) is not None:
                    return (made,)
        if shown is None or _line_taken(facts, said):
            continue
        facts.use("stated", said)
        facts.use("pin", shown)
        found = printable(shown.value)[:40]
        return (
            finding(
                Code.RELEASE_LACKS_NAME,
                package=dist,
                found=found,
                name=f"{module}.{name}",
                said=f"cannot import name {name!r} from {module!r}"
                if "cannot import" in said.quote.text
                else f"module {module!r} has no attribute {name!r}",
            ),
        )
    return ()


def _telling(row: exported_names.Range) -> bool:
    """issue 38 (s17-names): whether the table's range says something: a release dropped the
    name or module, or it came after the first release read (one every release read has
    tells no release apart); never a private one (a leading underscore: a compiled part or
    an internal, which other findings name)."""
    private = any(part.startswith("_") for part in row.item.split("."))
    return not private and (row.gone is not None or row.first != row.oldest)


def _importer(facts: _Read, same: Sequence[PastedFact], package: str) -> str:
    """issue 38 (s17-names): the package of the traceback's frame nearest above the error
    (the one whose import failed; of the error's lines, the first with a frame above), where
    it is another package under site-packages; else the program's own code."""
    frames = facts.all(FactKey.TRACEBACK_FRAME)
    for said in same:
        frame = max((f for f in frames if f.line < said.line), key=lambda f: f.line, default=None)
        if frame is not None:
            if frame.value and frame.value != package:
                return imports.distribution(frame.value) or versions.canonical_name(frame.value)
            break
    return "the code importing it"


def _from_table(
    paste: Pasted,
    facts: _Read,
    row: exported_names.Range,
    same: Sequence[PastedFact],
    shown: PastedFact | None,
    words: str,
) -> Finding | None:
    """issue 38 (s17-names): a name or module compat/exported_names_table.txt knows: the
    release that added it (the one installed is older: install that or newer) or removed it
    (the importing code was written for an older release: install one before, or a release
    of the importing package written for the newer one). The version shown, where there is
    one, is checked against the range: a release that has it is another cause (None)."""
    installed = shown.value.strip() if shown is not None else None
    lacks = exported_names.side(row, installed)
    if not lacks:
        return None
    if lacks == "newer" and installed is None and not exported_names.added_unshown(row):
        return None  # s19-placeholder: added before ADDED_TOLD_AFTER, and no version shown
    facts.use("stated", *same)
    facts.use("pin", shown)
    package = row.dist
    found = f" {printable(installed)[:40]}" if installed is not None else ""
    importer = _importer(facts, same, row.item.split(".", 1)[0])
    way = remedies.installer(paste.evidence.python)
    if lacks == "newer":
        return finding(
            Code.RELEASE_LACKS_NAME,
            variant="added",
            package=package,
            found=found,
            what=row.item,
            said=words,
            first=row.first,
            prior=row.prior,
            importer=importer,
            install=remedies.requirement(way, package, f">={row.first}"),
        )
    return finding(
        Code.RELEASE_LACKS_NAME,
        variant="removed",
        package=package,
        found=found,
        what=row.item,
        said=words,
        first=row.first,
        gone=row.gone,
        last=row.last,
        importer=importer,
        install=remedies.requirement(way, package, f"<{row.gone}"),
    )


# A community build of vLLM for Windows named (vLLM's installation guide names the fork).
_FORK: Final = re.compile(r"(?i)vllm-windows")


# The findings that already name bitsandbytes on a machine without its GPU library.
_BNB_NAMED: Final = frozenset({Code.BNB_ON_MAC.value, Code.BNB_WITHOUT_GPU.value})


# issue 38 (s6-macintel): the words that tie a slow line to the XPU stack, and to first use.
# issue 38: or a line that names the integrated GPU itself (ipex-llm's FAQ: "The first time to
# run model on MTL's iGPU … will takes 5-10 minutes"): every run until the cache holds its
# kernels is a first one.
_FIRST: Final = re.compile(r"(?i)\b(?:first|1st|iGPU|Meteor Lake|Core Ultra)\b")


def _xpu_jit(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A reporter's words that the first XPU work takes minutes (a line that names XPU or
    IPEX, says "first" and says it hangs or takes minutes): the build has no AOT kernels for
    this Intel GPU, and the driver compiles them at first use (the sources are in the
    catalogue's entry). Silent where the paste shows an NVIDIA GPU."""
    if gpu_of_cuda_shown(paste):
        return ()
    said = [f for f in facts.all(FactKey.MESSAGE_XPU_SLOW_FIRST) if _FIRST.search(f.quote.text)]
    if not said:
        return ()
    facts.use("stated", said[0])
    return (finding(Code.XPU_JIT_FIRST_USE, backend=_XPU, said=printable(said[0].value)[:60]),)


# issue 38: Google TPU / torch_xla. torch_xla's registry row (it runs on the TPU): _XLA, defined
# above with the device-memory words (issue 38, s9-memory), which need it first.


def _xla_series(version: str) -> str:
    """A release's X.Y ("2.1.0+cu121" → "2.1"), or the version as given."""
    parts = version.strip().split("+", 1)[0].split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 else version.strip()


def _torch_xla(facts: _Read) -> tuple[Finding, ...]:
    """torch_xla's own lines: PJRT on a TPU Node (the tpu-env metadata's 404, libtpu with no
    chip, or the TPU client refused on Colab), _XLAC refused beside another torch release,
    and the runtime device chosen for want of PJRT_DEVICE (a warning)."""
    found: list[Finding] = []
    xla = _version_of(facts, "torch-xla")
    named = f"torch_xla {xla.value}" if xla is not None else "torch_xla"
    node = facts.all(FactKey.MESSAGE_TPU_NODE)
    status = facts.all(FactKey.MESSAGE_TPU_STATUS)
    colab = facts.all(FactKey.MESSAGE_COLAB)
    # 2.1 and later: PJRT only (a 1.x or 2.0 torch_xla still has XRT)
    series = _xla_series(xla.value) if xla is not None else ""
    newer = bool(series) and series != "2.0" and not series.startswith(("0.", "1."))
    if node:
        facts.use("stated", *node)  # the retries too: each is the same metadata's 404
        said = next((f.value for f in node if f.value != "metadata 404"), node[0].value)
        found.append(finding(Code.TPU_NODE_UNSUPPORTED, backend=_XLA, xla=named, said=said))
    elif status and colab and newer:
        facts.use("stated", status[0], colab[0], *([xla] if xla is not None else []))
        found.append(
            finding(
                Code.TPU_NODE_UNSUPPORTED,
                backend=_XLA,
                xla=named,
                said=status[0].value,
                variant="colab",
            )
        )
    if symbol := facts.all(FactKey.MESSAGE_XLAC_SYMBOL):
        torch = _version_of(facts, "torch")
        facts.use("stated", symbol[0])
        if xla is not None and torch is not None:
            facts.use("torch_xla", xla, torch)
            shown = f"torch_xla {xla.value} beside torch {torch.value}"
        else:
            shown = "torch_xla and torch are of different releases"
        found.append(
            finding(Code.XLA_TORCH_APART, backend=_XLA, symbol=symbol[0].value[:100], shown=shown)
        )
    if apart := facts.all(FactKey.MESSAGE_LIBTPU_APART):
        facts.use("stated", apart[0])
        found.append(finding(Code.LIBTPU_APART, backend=_XLA, said=apart[0].value))
    # issue 38: Neuron / TPU runtimes and packages. TensorFlow's TPU code, or a libtpu
    # refusing torch_xla's flag: a libtpu of another release than the code that loaded it
    elif tf_said := facts.all(FactKey.MESSAGE_TF_LIBTPU):
        facts.use("stated", tf_said[0])
        said_tf = f"{tf_said[0].value} not available in this library"
        found.append(finding(Code.LIBTPU_APART, backend=_XLA, said=said_tf, variant="tensorflow"))
    elif flag := facts.all(FactKey.MESSAGE_LIBTPU_FLAG):
        facts.use("stated", flag[0])
        said_flag = f"Unknown command line flag '{flag[0].value}'"
        found.append(finding(Code.LIBTPU_APART, backend=_XLA, said=said_flag, variant="flag"))
    if busy := facts.all(FactKey.MESSAGE_TPU_BUSY):
        facts.use("stated", busy[0])
        pid = next((f.value for f in busy if f.value), "")
        held = f" (process {pid})" if pid else ""
        found.append(finding(Code.TPU_IN_USE, backend=_XLA, pid=held))
    if chose := facts.all(FactKey.MESSAGE_PJRT_DEFAULT):
        xrt = facts.all(FactKey.MESSAGE_XRT_VARIABLE)
        facts.use("stated", chose[0], *xrt[:1])
        variant: Literal["xrt"] | None = (
            "xrt" if xrt and chose[0].value.startswith("PJRT is now") else None
        )
        found.append(
            finding(Code.PJRT_DEVICE_UNSET, backend=_XLA, said=chose[0].value, variant=variant)
        )
    return tuple(found)


# issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph
_MPS_SIZED: Final = (Code.MPS_BUFFER_SHORT.value, Code.MPS_BUFFER_TOO_LARGE.value)


def _mps_backend_assertion(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """Metal's or MPSGraph's assertion, an MLIR error of an "mps." op, or torch's "Unaligned
    blit request" (the reader cites each): a bug of torch's MPS backend at that release. An
    assertion of the sizes another finding names (MPSNDArray's "buffer is not large enough",
    its 4 GiB) is that finding's. MLIR's "LLVM ERROR: Failed to infer result type(s)" alone
    is any MLIR compiler's (JAX's Metal plugin, Mojo): named only beside an MPS line. Mixed
    float16 / float32 operands ("input types 'tensor<…xf16>' and 'tensor<…xf32>' are not
    broadcast compatible") are the variant whose way round is float32."""
    said = facts.all(FactKey.MESSAGE_MPS_ASSERTION)
    if not said:
        return ()
    if any(f.code in _MPS_SIZED for f in found):
        facts.use("stated", *said)
        return ()
    own = [f for f in said if f.value not in ("llvm", "command buffer")]
    aborted = [f for f in said if f.value == "command buffer"]
    if aborted and not own and _version_of(facts, "torch") is not None:
        # Metal aborted a command buffer: torch's only where the paste shows torch
        facts.use("stated", aborted[0])
        return (
            finding(
                Code.MPS_BACKEND_ASSERTION,
                backend=_MPS,
                said="command buffer exited with error status",
                variant="command_buffer",
            ),
        )
    if not own:  # MLIR's words alone: JAX's Metal plugin and Mojo print them too
        return ()
    facts.use("stated", *said)
    types = [f.value.split() for f in own if f.value.count(" ") == 1 and "MPSGraph" not in f.value]
    mixed = any({"f16", "f32"} <= set(pair) for pair in types)
    ops = [f.value.removeprefix("MPSGraph ") for f in own if f.value.startswith("MPSGraph ")]
    words = (
        f"MPSGraph op {ops[0]}"
        if ops
        else "Unaligned blit request"
        if any(f.value == "Unaligned blit request" for f in own)
        else "a failed assertion"
    )
    if mixed:
        return (finding(Code.MPS_BACKEND_ASSERTION, backend=_MPS, said=words, variant="mixed"),)
    return (finding(Code.MPS_BACKEND_ASSERTION, backend=_MPS, said=words),)


def _container_cuda(facts: _Read) -> tuple[Finding, ...]:
    """issue 38: a serving image (TGI's, vLLM's vllm/vllm-openai) the NVIDIA Container
    Toolkit refuses because the host driver supports an older CUDA than the image's
    NVIDIA_REQUIRE_CUDA (NVIDIA/libnvidia-container src/cli/common.c); the driver's own
    minimum for that CUDA from NVIDIA's Table 3 (hwdoctor/compat/drivers.py)."""
    said = facts.all(FactKey.MESSAGE_CONTAINER_CUDA)
    needs = next((f.value for f in said if f.value != "hook"), None)
    if needs is None:  # docker's wrapper alone names no CUDA
        return ()
    facts.use("driver", *said)  # the "driver." findings rest on the "driver" part
    driver = facts.all(FactKey.DRIVER)
    if driver:
        facts.use("driver", driver[0])
    floor = drivers.table3_minimum(needs) or f"the minimum of CUDA {needs}"
    return (
        finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=_CUDA,
            variant="container",
            needs=needs,
            driver=f" ({driver[0].value})" if driver else "",
            floor=floor,
            reinstall=None,  # an image's torch: no wheel for this host to name
        ),
    )


# issue 38: text-generation-inference's README and its quicktour (docs/source/quicktour.md):
# "We also recommend using NVIDIA drivers with CUDA version 11.8 or higher." The floor its
# images ask of the host; a newer image may ask more (its base image's CUDA).
_TGI_CUDA: Final = "11.8"


def _ptx_toolchain(facts: _Read) -> tuple[Finding, ...]:
    """CUDA error 222 (CUDA Runtime API, cudaErrorUnsupportedPtxVersion: "the PTX was
    generated by a compiler newer than what is supported by the CUDA driver and PTX JIT
    compiler"): the driver is older than the CUDA that built the program's kernels; minor-
    version compatibility does not cover PTX JIT (NVIDIA's CUDA Compatibility guide,
    "Minor Version Compatibility" limitations). Where the paste shows TGI's launcher
    (`text-generation-launcher --env`), the CUDA it needs is TGI's."""
    said = facts.all(FactKey.MESSAGE_PTX_TOOLCHAIN)
    if not said:
        return ()
    facts.use("driver", said[0])
    driver = facts.all(FactKey.DRIVER)
    supports = facts.all(FactKey.DRIVER_CUDA)
    for fact in (*driver[:1], *supports[:1]):
        facts.use("driver", fact)
    tgi = any(f.name == "rustc" for f in facts.all(FactKey.BUILD))
    minimum = drivers.table3_minimum(_TGI_CUDA)
    needs = (
        f" (text-generation-inference asks for a driver of CUDA {_TGI_CUDA} or newer: {minimum}"
        " or newer)"
        if tgi
        else ""
    )
    shown = ""
    if driver:
        shown = f" ({driver[0].value}" + (f", CUDA up to {supports[0].value})" if supports else ")")
    return (
        finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=_CUDA,
            variant="ptx",
            driver=shown,
            needs=needs,
            reinstall=None,
        ),
    )


# issue 38: torch-neuron / torch-neuronx pinning one torch. The Neuron frameworks are numbered
# by the torch they are built for (the PyTorch Neuron release notes): torch-neuron's first
# three parts must be torch's (its import check, torch_neuron/__init__.py), torch-neuronx's
# first two torch's series (its Requires-Dist torch==X.Y.*, as pip's log in
# aws-neuron/aws-neuron-samples#47 shows it).
_NEURON_FRAMEWORKS: Final = frozenset({"torch-neuron", "torch-neuronx"})


def _neuron_wanted(framework: str, release: str) -> str | None:
    """The torch `framework` at `release` is built for, as a specifier; None for a release
    that is not one of the framework's numbers (four parts or more)."""
    parts = release.split("+", 1)[0].split(".")
    if len(parts) < 4 or not all(p.isdigit() for p in parts):
        return None
    if framework == "torch-neuronx":
        return f"=={parts[0]}.{parts[1]}.*"
    return f"=={'.'.join(parts[:3])}"


def _neuron_fits(wanted: str, torch: str) -> bool:
    """Whether torch's version `torch` is the one `wanted` names (its release, a local build
    label aside: PyPI's x86_64 torch is "+cu121" in the Neuron images)."""
    release = torch.split("+", 1)[0].split(".")
    asked = wanted.removeprefix("==").removesuffix(".*").split(".")
    return release[: len(asked)] == asked


def _asked_versions(facts: _Read) -> set[str]:
    """The torch versions the Neuron frameworks' requirements name (not installed ones)."""
    return {f.value.partition(" ")[2] for f in facts.all(FactKey.NEURON_TORCH_REQUIRED)}


def _neuron_torch(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """torch-neuron or torch-neuronx beside a torch of another release, wherever the paste
    says so: torch-neuron's own import check, pip's resolver about the framework's torch
    pin, or the two versions listed (a package list, a reporter's "torch_neuronx :
    '2.1.2.2.1.0'" and "torch : '2.3.0'"). One finding, with the install of the framework and
    its torch from PyPI and Neuron's repository."""
    way = remedies.installer(paste.evidence.python)

    def made(framework: str, release: str, wanted: str, found: str, said: str) -> Finding:
        return finding(
            Code.NEURON_TORCH_APART,
            backend=_NEURON,
            framework=framework,
            wanted=wanted.removeprefix("=="),
            found=printable(found)[:40],
            said=said,
            install=remedies.neuron_framework(way, framework, release, wanted, found),
        )

    listed = [
        f
        for f in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE))
        if versions.canonical_name(f.name or "") in _NEURON_FRAMEWORKS
    ]
    for check in facts.all(FactKey.MESSAGE_NEURON_TORCH):
        found, _, expected = check.value.partition(" ")
        named = next((f for f in listed if f.name == "torch-neuron"), None)
        facts.use("stated", check, *([named] if named else []))
        return (
            made(
                "torch-neuron",
                named.value if named else "",
                f"=={expected}",
                found,
                "torch-neuron's import check",
            ),
        )
    for conflict in facts.all(FactKey.MESSAGE_PIP_CONFLICT):
        parts = conflict.value.split()
        if len(parts) != 4 or versions.canonical_name(conflict.name or "") != "torch":
            continue
        spec, installed, owner, owner_release = parts
        framework = versions.canonical_name(owner)
        if framework not in _NEURON_FRAMEWORKS or versions.parse_specifiers(spec) is None:
            continue
        facts.use("stated", conflict, *facts.all(FactKey.PIP_CONFLICTS)[:1])
        return (made(framework, owner_release, spec, installed, "pip's resolver"),)
    # a requirement's torch is not the one installed: no torch read from its line
    asked = {f.quote.line for f in facts.all(FactKey.NEURON_TORCH_REQUIRED) if f.quote}
    torches = [
        *(
            f
            for f in (*facts.all(FactKey.PACKAGE), *facts.all(FactKey.PROSE_PACKAGE))
            if versions.canonical_name(f.name or "") == "torch"
            and versions.parse(f.value)
            and not (f.quote and f.quote.line in asked and f.value in _asked_versions(facts))
        ),
        *facts.all(FactKey.NEURON_TORCH_PINNED),
    ]
    if len({f.value for f in torches}) != 1:
        return ()  # no torch shown, or several: which one runs is not known
    torch = torches[0]
    for required in facts.all(FactKey.NEURON_TORCH_REQUIRED):
        framework, _, version = required.value.partition(" ")
        # torch-neuronx pins its torch's series, torch-neuron its release (above)
        series = ".".join(version.split(".")[:2]) + ".*"
        wanted = f"=={series}" if framework == "torch-neuronx" else f"=={version}"
        if framework not in _NEURON_FRAMEWORKS or _neuron_fits(wanted, torch.value):
            continue
        shown = next((f.value for f in listed if f.name == framework), "")
        facts.use("pin", required, torch)
        return (made(framework, shown, wanted, torch.value, "the requirement stated"),)
    for listing in listed:
        framework = versions.canonical_name(listing.name or "")
        built = _neuron_wanted(framework, listing.value)
        if built is None or _neuron_fits(built, torch.value):
            continue
        facts.use("pin", listing, torch)
        return (made(framework, listing.value, built, torch.value, "the versions listed"),)
    return ()


# issue 38: Gaudi with a torch of another accelerator. Intel Gaudi's PyTorch is Intel's own
# build, installed by the Intel Gaudi software (its installer, habanalabs-installer.sh install
# --type pytorch, or the vault.habana.ai gaudi-docker images: the registry row's
# install_elsewhere), versioned "2.5.1a0+git6fc067b" or "2.6.0+hpu_1.21.3"; a "+cuNNN" or
# "+rocm" torch from PyPI or PyTorch's index on a Gaudi host (a requirements file that pulls
# torch, HabanaAI/vllm-fork#666: torch 2.5.1+cu124 beside 8x HL-325L, vLLM "No platform
# detected") has no HPU device, and vLLM finds no platform.
_FOREIGN_BUILDS: Final = ("cu", registry.Build.ROCM.value)  # "+cu124", "+rocm6.2"


def _hpu_foreign_torch(
    paste: Pasted, facts: _Read, found: Sequence[Finding]
) -> tuple[Finding, ...]:
    """A Gaudi machine (its devices listed, hl-smi's driver, Gaudi named) whose torch is a
    CUDA or ROCm build: torch built for another accelerator, with Gaudi's own install."""
    if any(f.code == Code.BUILD_MISMATCH.value for f in found):
        return ()
    devices = facts.all(FactKey.HPU_DEVICES)
    shown = accelerators_shown(paste).get(_HPU, ())
    if not devices and not shown:
        return ()
    torch = facts.one(FactKey.TORCH_VERSION)
    if torch is None or "+" not in torch.value:
        return ()
    label = torch.value.rsplit("+", 1)[1].strip().lower()
    if not label.startswith(_FOREIGN_BUILDS):
        return ()
    rocm = registry.Build.ROCM.value
    build = rocm if label.startswith(rocm) else registry.Build.CUDA.value
    backend = registry.BY_KEY[_HPU]
    host = facts.all(FactKey.HABANA_HOST)[:1]
    facts.use("torch", torch, *devices[:1], *host)
    where = ", ".join(
        [*(printable(d.value)[:40] for d in devices[:1]), *(f"driver {h.value}" for h in host)]
    )
    way = remedies.installer(paste.evidence.python)
    return (
        finding(
            Code.BUILD_MISMATCH,
            backend=_HPU,
            hardware=backend.hardware,
            where=where or "named in the paste",
            torch=printable(torch.value)[:40],
            build=registry.build_name(build),
            said="",
            install=remedies.install(backend, way, replace=True, evidence=paste.evidence),
            install_elsewhere=remedies.elsewhere(backend, paste.evidence),
        ),
    )


# issue 38: serving stacks without a device. vLLM's ways of saying it found no device besides
# "Failed to infer device type" (each read by readers/messages.py, which cites the code that
# prints it), in the words a finding quotes.
_VLLM_NO_DEVICE_SAID: Final = {
    FactKey.MESSAGE_VLLM_NO_DEVICE: "Failed to infer device type",
    FactKey.MESSAGE_EMPTY_DEVICE: "Device string must not be empty",
    FactKey.MESSAGE_VLLM_UNSPECIFIED: (
        "No platform detected, vLLM is running on UnspecifiedPlatform"
    ),
    FactKey.MESSAGE_NO_GPUS: "No CUDA GPUs are available",
}

# The findings that already say why torch sees no GPU (a driver, a visibility mask, a
# container runtime): torch's "No CUDA GPUs are available" in a vLLM paste is theirs.
_NO_GPUS_EXPLAINED: Final = ("driver.", "devices.", "host.container", "accelerate.gpu_ids")


def _vllm_unplaced(facts: _Read, found: Sequence[Finding] = ()) -> tuple[PastedFact, ...]:
    """The lines that show vLLM without a device, the most telling first, where no "Failed to
    infer device type" says it (that message's own finding speaks): torch refusing the empty
    device type of vLLM's UnspecifiedPlatform (vllm/platforms/interface.py) where the paste
    shows vLLM; vLLM's log that it found no platform, unless a platform plugin was activated
    after it (vLLM Ascend's, vllm/platforms/__init__.py); torch's "No CUDA GPUs are
    available" (c10/cuda/CUDAFunctions.cpp, cudaErrorNoDevice) where the paste shows vLLM and
    no other finding says why torch sees no GPU: vLLM's process sees none (a pod or container
    without its GPUs, a Ray actor given none)."""
    if facts.all(FactKey.MESSAGE_VLLM_NO_DEVICE) or facts.all(FactKey.VLLM_PLUGIN):
        return ()
    unspecified = facts.all(FactKey.MESSAGE_VLLM_UNSPECIFIED)
    empty = facts.all(FactKey.MESSAGE_EMPTY_DEVICE)
    vllm = unspecified or facts.all(FactKey.VLLM_SAID) or facts.all(FactKey.VLLM_NAMED)
    if empty and vllm:
        return (empty[0], vllm[0])
    if unspecified:
        return (unspecified[0],)
    none = facts.all(FactKey.MESSAGE_NO_GPUS)
    if none and vllm and not any(f.code.startswith(_NO_GPUS_EXPLAINED) for f in found):
        return (none[0], vllm[0])
    return ()


def _vllm_no_platform(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """vLLM without a device in its other wordings (`_vllm_unplaced`): the no-device finding,
    with the words the paste shows."""
    lines = _vllm_unplaced(facts, found)
    if not lines:
        return ()
    facts.use("stated", *lines)
    variant: Literal["empty_device", "unspecified", "no_cuda_gpus"] = (
        "empty_device"
        if lines[0].key is FactKey.MESSAGE_EMPTY_DEVICE
        else "no_cuda_gpus"
        if lines[0].key is FactKey.MESSAGE_NO_GPUS
        else "unspecified"
    )
    return (finding(Code.VLLM_NO_DEVICE, backend=_CUDA, variant=variant),)


def _vllm_worker_cpu(facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s19-quiet): vLLM's GPU worker given the CPU ("Not support device type: cpu",
    readers/messages.py cites the raise): its init_device runs on a CUDA device only
    (vllm/v1/worker/gpu_worker.py Worker.init_device at 0012cf691b7e), so the CPU was asked
    of a vLLM whose path starts its GPU worker (the CUDA build given --device cpu; the V1
    engine before its CPU worker, vllm/v1/worker/cpu_worker.py, where vLLM then ran on the CPU
    with the V0 engine only: vllm-project/vllm#16056). Only where the paste names vLLM: forks
    print the same words for their own workers."""
    said = [f for f in facts.all(FactKey.MESSAGE_WORKER_DEVICE) if f.value.lower() == _CPU]
    vllm = facts.all(FactKey.VLLM_SAID) + facts.all(FactKey.VLLM_NAMED)
    vllm += facts.all(FactKey.VLLM_VERSION)
    if not said or not vllm:
        return ()
    named = next((f for f in vllm if f.line == said[0].line), vllm[0])
    facts.use("stated", said[0], named)
    return (finding(Code.VLLM_NO_DEVICE, backend=_CPU, variant="gpu_worker_cpu"),)


def _model_type_unknown(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """transformers' "has model type `X` but Transformers does not recognize this
    architecture", the KeyError before it, or (issue 38, s16-models) Llama 3.1's rope_scaling
    refused, for a type of the tables (compat/transformers_modules.py) where the paste shows a
    transformers older than the release that added it, or none: the install of a release that
    knows it. A transformers shown at or past that release (another environment loads the
    model, a stale server) says nothing here. The KeyError alone counts beside the traceback
    through AutoConfig's table or a transformers shown older than the type (a KeyError of a
    model type's word is also any dict's). Else a model named in the paste (`_model_named`)."""
    shown = _version_of(facts, "transformers")
    installed = shown.value if shown else None
    through = facts.all(FactKey.MESSAGE_CONFIG_MAPPING)
    model_type = transformers_modules.Needs.MODEL_TYPE
    rope_type = transformers_modules.Needs.ROPE_TYPE
    # (the fact, what it needs, the type it names, the first release with it)
    said: list[tuple[PastedFact, transformers_modules.Needs, str, str | None]] = []
    for fact in facts.all(FactKey.MESSAGE_MODEL_TYPE):
        first = transformers_modules.model_type_too_old(fact.value, installed)
        said.append((fact, model_type, fact.value, first))
    keys = facts.all(FactKey.MESSAGE_MODEL_TYPE_KEY)
    for fact in keys:
        first = transformers_modules.model_type_too_old(fact.value, installed)
        if through or installed is not None:
            said.append((fact, model_type, fact.value, first))
    ropes = facts.all(FactKey.ROPE_TYPE_SHOWN)
    shown_rope = {f.value for f in ropes}
    for fact in facts.all(FactKey.MESSAGE_ROPE_TYPE):
        # the refusal's own dict, else the one rope type the paste shows (a wrapped line)
        rope = fact.value or (next(iter(shown_rope)) if len(shown_rope) == 1 else "")
        first = transformers_modules.rope_type_too_old(rope, installed) if rope else None
        said.append((fact, rope_type, rope, first))
    for _fact, needs, named, first in said:
        if first is None:
            continue
        facts.use("stated", *[f for f, n, k, _ in said if n is needs and k == named])
        if needs is model_type:  # its KeyError, its traceback
            facts.use("stated", *[f for f in keys if f.value == named], *through)
        else:  # the rope_scaling dict it refused, on its line or the next
            facts.use("stated", *[f for f in ropes if f.value == named])
        if shown is not None:
            facts.use("pin", shown)
        way = remedies.installer(paste.evidence.python)
        return (
            finding(
                Code.TRANSFORMERS_MODEL_TYPE,
                kind=needs.value,
                model_type=named,
                first=first,
                found=f" {printable(shown.value)[:40]}" if shown else "",
                install=remedies.requirement(way, "transformers", f">={first}"),
            ),
        )
    if said:  # an error the tables answer otherwise (a release that has the type)
        return ()
    return _model_named(paste, facts, shown)


def _model_named(paste: Pasted, facts: _Read, shown: PastedFact | None) -> tuple[Finding, ...]:
    """A model named in the paste (compat/transformers_modules.py MODEL_NAMES: "Qwen2.5-VL",
    "gemma-3", a hub id) beside the one transformers release the paste shows, older than the
    release that added the model's type (or takes its rope_scaling): "the paste names model
    X; its model type Y is in transformers from Z; the paste shows W". Without a release
    shown, nothing: a name alone says nothing of the environment. The reader keeps a name
    only where the paste loads the model or fails on it (messages.py `_MODEL_KEY`); each model
    is judged once, however many lines name it (s16-mend-models: a 0.9 MB paste of names)."""
    if shown is None:
        return ()
    judged: dict[str, str | None] = {}  # a model's row key -> the first release, if newer
    for fact in facts.all(FactKey.MODEL_NAMED):
        row = transformers_modules.model_name(fact.value)
        if row is None:
            continue
        if row.key not in judged:
            judged[row.key] = transformers_modules.name_too_old(row, shown.value)
        first = judged[row.key]
        if first is None:
            continue
        facts.use("named", fact)
        facts.use("pin", shown)
        way = remedies.installer(paste.evidence.python)
        return (
            finding(
                Code.TRANSFORMERS_OLDER_THAN_MODEL,
                model=row.name,
                kind=row.kind.value,
                model_type=row.key,
                first=first,
                found=printable(shown.value)[:40],
                install=remedies.requirement(way, "transformers", f">={first}"),
            ),
        )
    return ()


def _sentence_transformers(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """Python's "SentenceTransformer.__init__() got an unexpected keyword argument 'X'" for an
    argument of the table (compat/transformers_modules.py) where the paste shows a
    sentence-transformers older than the release that added it, or none: the install of a
    release that takes it."""
    shown = _version_of(facts, "sentence-transformers")
    said = facts.all(FactKey.MESSAGE_ST_ARGUMENT)
    for fact in said:
        first = transformers_modules.sentence_transformers_too_old(
            fact.value, shown.value if shown else None
        )
        if first is None:
            continue
        facts.use("stated", *[f for f in said if f.value == fact.value])
        if shown is not None:
            facts.use("pin", shown)
        way = remedies.installer(paste.evidence.python)
        return (
            finding(
                Code.SENTENCE_TRANSFORMERS_TOO_OLD,
                argument=fact.value,
                first=first,
                found=f" {printable(shown.value)[:40]}" if shown else "",
                install=remedies.requirement(way, "sentence-transformers", f">={first}"),
            ),
        )
    return ()


# --- issue 38: device: an accelerator's nodes denied to this user, or "it works only as root" ---

# The accelerator a denied node belongs to, by its path: NVIDIA's nodes (kernel-open/nvidia
# nv.c), Ascend's davinci nodes, Gaudi's hl nodes; /dev/kfd is AMD's (ROCm's HSA driver); a DRM
# node (/dev/dri/card*, renderD*) and /dev/accel/accel* are any vendor's: the accelerator the
# paste shows decides.
_NODE_OWNERS: Final = (
    ("/dev/nvidia", _CUDA),
    ("/dev/davinci", _NPU),
    ("/dev/hl", _HPU),
    ("/dev/kfd", _ROCM),
)
_SHARED_NODES: Final = ("/dev/dri/", "/dev/accel/")
# The tools whose block shows an AMD GPU or an Intel GPU (their readers' registered names).
_AMD_TOOLS: Final = frozenset({"amd-smi", "rocminfo", "rocm-smi"})
_INTEL_TOOLS: Final = frozenset({"xpu-smi"})
# A paste's words for an accelerator's stack on a line a fact rests on (the reporter's "only as
# root" line first): Intel's GPU tools and names, ROCm's, Ascend's, NVIDIA's.
_VENDOR_WORDS: Final = (
    (re.compile(r"(?i)\b(?:xpu(?:-smi)?|ipex|intel arc|level.zero)\b"), _XPU),
    (re.compile(r"(?i)\b(?:rocm|rocminfo|amd-smi|rocm-smi|radeon|hip)\b"), _ROCM),
    (re.compile(r"(?i)\b(?:npu-smi|torch_npu|torch-npu|ascend|cann)\b"), _NPU),
    (re.compile(r"(?i)\b(?:cuda|nvidia(?:-smi)?|nvml|geforce|jetson|tesla)\b"), _CUDA),
)


def _shown_vendor(paste: Pasted, shared: bool) -> str | None:
    """The accelerator the paste shows for a node any vendor's may be (a DRM node), or for the
    reporter's "only as root": one that is not torch.cuda's, an AMD or Intel tool's block, or
    (not for a shared node) CUDA named on a line a fact rests on."""
    shown = accelerators_shown(paste)
    tools = {block.tool for block in paste.blocks}
    for key in (_ROCM, _XPU, _NPU, _HPU, _NEURON):
        if key in shown:
            return key
    if tools & _AMD_TOOLS:
        return _ROCM
    if tools & _INTEL_TOOLS:
        return _XPU
    if shared:
        return None
    if "nvidia-smi" in tools:
        return _CUDA
    said = sorted(paste.facts, key=lambda f: f.key is not FactKey.PROSE_ONLY_AS_ROOT)
    for fact in said:
        for words, key in _VENDOR_WORDS:
            if words.search(fact.quote.text):
                return key
    return None


def _plain_nodes(backend: registry.Backend) -> tuple[str, ...]:
    """The accelerator's nodes to list with `ls -l`, those the registry names without a glob
    (WSL's /dev/dxg aside); a backend whose nodes are all numbered gives its access nodes'
    directory (/dev/dri for Intel's render nodes) or none."""
    plain = tuple(
        f"/dev/{n}"
        for n in (*backend.device_nodes, *backend.access_nodes)
        if not any(c in n for c in "*?[") and n != "dxg"
    )
    if plain:
        return plain
    return ("/dev/dri",) if backend.key == _XPU else ()


def _nodes_denied(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """An accelerator's device nodes this user may not open, said by a program other than
    rocminfo ("/dev/dri/card0: Permission denied", "PermissionError: … '/dev/nvidia0'"), or the
    reporter's words that it works as root or with sudo and not as this user: the nodes' owner
    and mode, the live scan's host.device_node_denied. The groups are the registry's for the
    accelerator (registry.py access_groups, each cited there); where it names none, the nodes'
    owner is to be looked at. A node no accelerator the paste shows can be given to is left
    to the error lines."""
    if any(f.code == Code.NODE_DENIED.value for f in found):
        facts.use("stated", *facts.all(FactKey.MESSAGE_DEVICE_NODE_DENIED))
        return ()
    denied = facts.all(FactKey.MESSAGE_DEVICE_NODE_DENIED)
    said = facts.all(FactKey.PROSE_ONLY_AS_ROOT)
    key: str | None = None
    for fact in denied:
        key = next((k for prefix, k in _NODE_OWNERS if fact.value.startswith(prefix)), None)
        if key is None and fact.value.startswith(_SHARED_NODES):
            key = _shown_vendor(paste, shared=True)
        if key is not None:
            break
    if key is None and said:
        key = _shown_vendor(paste, shared=False)
    if key is None:
        return ()
    backend = registry.BY_KEY[key]
    groups = backend.access_groups
    mine = [
        f
        for f in denied
        if f.value.startswith(_SHARED_NODES)
        or any(f.value.startswith(p) and k == key for p, k in _NODE_OWNERS)
    ]
    if mine:
        nodes = tuple(dict.fromkeys(f.value for f in mine))
        member = facts.all(FactKey.MESSAGE_ROCM_MEMBER) if key == _ROCM else []
        facts.use("stated", *mine, *said, *member)
        variant: Literal["pasted_node", "pasted_node_no_group", "as_root", "as_root_no_group"] = (
            "pasted_node" if groups else "pasted_node_no_group"
        )
        listed = tuple(n for n in nodes[:4] if _device_path(n))
        shown_nodes = ", ".join(nodes[:4]) + (" …" if len(nodes) > 4 else "")
        words = ""
    else:
        facts.use("stated", *said, *facts.all(FactKey.MESSAGE_NVML_FAILED)[:1])
        variant = "as_root" if groups else "as_root_no_group"
        listed = tuple(n for n in _plain_nodes(backend) if _device_path(n))
        shown_nodes = ""
        words = f"\u201c{said[0].value[:80]}\u201d"
    return (
        finding(
            Code.NODE_DENIED,
            backend=key,
            variant=variant,
            hardware=backend.hardware,
            nodes=shown_nodes,
            named_groups=" and ".join(groups),
            groups=",".join(groups),
            group=groups[0] if groups else "",
            unknown_groups="",
            said=words,
            listed=listed,
        ),
    )


# --- issue 38: device: flash-attn on a GPU below its floor -----------------------------------

# FlashAttention 2 runs on compute capability 8.0 and newer (Dao-AILab/flash-attention
# csrc/flash_attn/flash_api.cpp: TORCH_CHECK(is_sm8x || is_sm90, "FlashAttention only supports
# Ampere GPUs or newer.")); FlashAttention 1.x on Turing (7.5) too (its README, "FlashAttention
# … Turing GPUs … for FlashAttention 1.x"). Without a sign of version 2 a GPU below 7.5 is below
# every release's floor.
_FA2_FLOOR: Final = (8, 0)
_FA1_FLOOR: Final = (7, 5)
# The architectures reporters name instead of a model, and their compute capability (the CUDA
# C++ Programming Guide's compute capabilities table).
_ARCH_WORDS: Final = {"pascal": (6, 0), "volta": (7, 0), "turing": (7, 5)}
_GPU_WORDS_SPLIT: Final = re.compile(r"/|,| or | and ")


def _said_gpus(words: str) -> _Named:
    """The GPUs a reporter names after "not supported on" ("P100/V100 GPUs", "V100", "Pascal
    or Volta GPUs"), each with its capability from the GPU tables (compat/gpus.py)."""
    named: _Named = {}
    for token in _GPU_WORDS_SPLIT.split(words):
        name = re.sub(r"(?i)\b(?:the|an?|gpus?|cards?|e\.g\.)\b", " ", token).strip(" .")
        if not name or len(name) > 30:
            continue
        arch = _ARCH_WORDS.get(name.lower())
        capability = arch or _capability(gpus.nvidia_capability(name))
        if capability is None and not name.lower().startswith("tesla"):
            capability = _capability(gpus.nvidia_capability(f"Tesla {name}"))
        if capability is not None:
            named[f"{name} GPUs" if arch else name] = (capability, [])
    return named


def _flash_attn_gpu(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """flash-attn and a GPU below its floor: its own refusal ("FlashAttention only supports
    Ampere GPUs or newer"), named with the GPU where the paste names one below 8.0; the
    reporter's words that it is not supported on a GPU below that; or flash-attn in use (a
    config's flash_attention: true, attn_implementation="flash_attention_2", its files in a
    traceback) on a GPU below every release's floor (7.5; 8.0 where version 2 shows) beside an
    error line, its refusal cut or in an image."""
    said = facts.all(FactKey.MESSAGE_FLASH_ATTN_ARCH)
    prose = facts.all(FactKey.PROSE_FLASH_ATTN_UNSUPPORTED)
    used = facts.all(FactKey.FLASH_ATTN_USED)
    if said:
        gpu, lines = _below(named, _FA2_FLOOR)
        facts.use("stated", said[0])
        if not gpu:
            return (finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA),)
        facts.use("gpus", *lines)
        return (
            finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA, variant="flash_attn", gpu=gpu),
        )
    if prose:
        words = {**named, **{k: v for f in prose for k, v in _said_gpus(f.value).items()}}
        gpu, lines = _below(words, _FA2_FLOOR)
        if gpu:
            facts.use("stated", prose[0])
            facts.use("gpus", *lines)
            return (
                finding(
                    Code.EXTENSION_ARCH_UNSUPPORTED,
                    backend=_CUDA,
                    variant="flash_attn_said",
                    gpu=gpu,
                ),
            )
    # issue 38 (s18-gpuprose): a question whether flash-attn runs on a GPU the question names
    # ("FlashAttention-2 是不支持V100吗？") below FlashAttention 2's floor; where the paste
    # states the refusal itself (TGI's capability, named above), the question adds nothing
    stated = facts.all(FactKey.MESSAGE_TGI_CAPABILITY)
    for question in facts.all(FactKey.PROSE_SUPPORT_ASKED):
        if question.name != _FLASH_ATTN or stated:
            continue
        gpu, _ = _below(_gpus_in_words(question.value), _FA2_FLOOR)
        if gpu:
            facts.use("stated", question)
            return (
                finding(
                    Code.EXTENSION_ARCH_UNSUPPORTED,
                    backend=_CUDA,
                    variant="flash_attn_asked",
                    gpu=gpu,
                ),
            )
    if used:
        floor = _FA2_FLOOR if any(f.value == "2" for f in used) else _FA1_FLOOR
        gpu, lines = _below(named, floor)
        if gpu and facts.errors:
            facts.use("stated", used[0])
            facts.use("gpus", *lines)
            variant: Literal["flash_attn_used", "flash_attn2_used"] = (
                "flash_attn2_used" if floor == _FA2_FLOOR else "flash_attn_used"
            )
            return (
                finding(Code.EXTENSION_ARCH_UNSUPPORTED, backend=_CUDA, variant=variant, gpu=gpu),
            )
    return ()


# --- issue 38 (s20-gpuprose): a GPU named, and a feature it cannot run -------------------------

# text-embeddings-inference's CUDA images by the compute capability of the GPU they run on
# (huggingface/text-embeddings-inference@e5cbf381 README.md, "Docker Images": Turing
# turing-X.Y, Ampere 80 X.Y, Ampere 86 86-X.Y, Ada Lovelace 89-X.Y, Hopper hopper-X.Y; its
# backends/candle/src/compute_cap.rs compute_cap_matching at @8a06f300 runs the 80 image on
# 8.0-8.9 and the 86 image on 8.6-8.9): the tag's prefix before the release, from the lowest
# capability each image is for. The README lists no image below 7.5 ("NOT SUPPORTED" for Volta,
# "GPUs with Cuda compute capabilities < 7.5 are not supported"). 8.7 (Jetson Orin) has no
# image of its own and the README's images are x86_64: the build for it.
_TEI_IMAGES: Final = (((9, 0), "hopper-"), ((8, 9), "89-"), ((8, 6), "86-"), ((8, 0), ""),
                      ((7, 5), "turing-"))  # fmt: skip
# issue 38 (s20-mendA): Blackwell's images, listed from v1.9.0 (README.md at @0d124dc9 and at
# v1.9.0, "Docker Images": "Blackwell 10.0 (B200, GB200, ...) | 100-1.9", "Blackwell 12.0
# (GeForce RTX 50X0, ...) | 120-1.9"; compute_cap_matching at @0d124dc9: (100, 100),
# (120..=121, 120)): by the exact capability, with the release that first lists them where the
# paste shows an older one or none.
_TEI_BLACKWELL: Final = {(10, 0): "100-", (12, 0): "120-", (12, 1): "120-"}
_TEI_BLACKWELL_SINCE: Final = (1, 9)
_TEI_FLOOR: Final = (7, 5)
_TEI_REPOSITORY: Final = "ghcr.io/huggingface/text-embeddings-inference"


def _gpu_floors(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """A GPU the paste names (a tool's line, the reporter's words, a cloud instance type)
    against a feature that needs a newer one, where the paste fails on or asks for it: TEI's
    image compiled for another capability, and flash-attn built or asked for below
    FlashAttention 2's floor. Not where another finding names the GPU's refusal already."""
    if any(f.code == Code.EXTENSION_ARCH_UNSUPPORTED.value for f in found):
        return ()
    # issue 38 (s20-mendA): a paste that shows another accelerator (deepseek-ai/Janus#89: a
    # Colab TPU's failed flash-attn install, "works successfully on a T4 GPU" beside it) is
    # about that machine, and no NVIDIA GPU a tool shows is there: a GPU in words is not it
    if accelerators_shown(paste) and not gpu_of_cuda_shown(paste):
        return ()
    named = _not_worked_on(_named_gpus(paste.evidence, facts))
    return (
        _tei_image(named, facts)
        or _flash_attn_wanted(paste, named, facts)
        or _four_bit_asked(paste, facts, found)
    )


# issue 38 (s20-mendA): the reporter's words that the work ran on the GPU named after them in
# the same sentence ("works successfully on a T4 GPU", "Worked for me when I ran the
# installation on T4 runtime", deepseek-ai/Janus#89): that GPU is where it worked, not the one
# the paste fails on. Each alternative opens with its fixed word; a denial before it ("not",
# "n't") is not the words.
_WORKED_ON: Final = re.compile(
    r"(?i)(?<!not )(?<!n't )\b(?:works|worked|working|runs|ran) (?:successfully|fine|well"
    r"|for me|perfectly|normally)\b"
)
_SENTENCE_END: Final = (". ", "! ", "? ", "。", "！", "？")


def _not_worked_on(named: _Named) -> _Named:
    """The GPUs named, less those every line of which names it as where the work ran: the
    words before the GPU's name in its sentence say it worked (`_WORKED_ON`). A GPU a tool
    shows (no line of prose, or a device of the evidence) is kept."""
    kept: _Named = {}
    for name, (capability, lines) in named.items():
        if lines and all(f.key is FactKey.PROSE_GPU and _worked_on(f) for f in lines):
            continue
        kept[name] = (capability, lines)
    return kept


def _worked_on(fact: PastedFact) -> bool:
    text = fact.quote.text
    at = text.lower().find(fact.value.strip().lower())
    if at < 0:
        return False
    before = text[max(0, at - 120) : at]
    start = max(before.rfind(end) for end in _SENTENCE_END)
    return _WORKED_ON.search(before[start + 1 :]) is not None


# bitsandbytes' 4-bit quantization (NF4, FP4) on NVIDIA GPUs: compute capability 6.0 or newer
# from 0.48.0, 5.0 or newer before (huggingface.co/docs/bitsandbytes/v0.48.1/installation,
# "NVIDIA CUDA": "NF4/FP4 quantization | 6.0+ | Pascal …", "Maxwell support is not included in
# PyPI distributions from v0.48.0 on and must be built from source"; v0.46.0/installation:
# "5.0+ | Maxwell (GTX 900 series, TITAN X, M40)"). 6.0 where the paste shows 0.48 or later or
# no release (pip installs the newest); 5.0 where it shows an older release. The words that
# make a 4-bit question bitsandbytes' (transformers' load_in_4bit, its NF4, QLoRA, which is
# bitsandbytes' NF4) and those of other libraries' int4 kernels.
_BNB_FOUR_BIT_FLOOR: Final = (6, 0)
_BNB_FOUR_BIT_MAXWELL: Final = (5, 0)
_BNB_NO_MAXWELL: Final = (0, 48)
# (ASCII boundaries: Chinese prose runs into the words, "实现QLoRA微调")
_BNB_FOUR_BIT: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(?:load_in_4bit|nf4|qlora|bitsandbytes)(?![A-Za-z0-9])"
)
_OTHER_INT4: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(?:gptq|awq|marlin|exllama|vllm|lmdeploy|turbomind|tensorrt|gguf"
    r"|llama\.cpp)"
)


def _four_bit_asked(paste: Pasted, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """A question whether a GPU it names runs 4-bit quantization ("V100 32G can not supprt
    load_in_4bit and fp16?"), where the paste is about bitsandbytes' 4-bit (load_in_4bit, NF4,
    QLoRA named) and shows no error: bitsandbytes' documentation lists NVIDIA GPUs of compute
    capability 6.0 for it (5.0 where the paste shows a release before 0.48, and the answer says
    so), so a GPU at or above that is answered with a note.
    Not another library's int4 (GPTQ, AWQ, vLLM's), nor where a question is answered already."""
    asked = facts.all(FactKey.PROSE_FOUR_BIT)
    answered = (Code.LIBRARY_SUPPORT_LISTED.value, Code.LIBRARY_SUPPORT_NOT_LISTED.value)
    if not any(_BNB_FOUR_BIT.search(f.value) for f in asked) or any(
        f.code in answered for f in found
    ):
        return ()
    release = _version_of(facts, "bitsandbytes")
    said = versions.parse(release.value.strip()) if release is not None else None
    if said is None or said.release[:2] >= _BNB_NO_MAXWELL:
        release = None
    floor = _BNB_FOUR_BIT_FLOOR if release is None else _BNB_FOUR_BIT_MAXWELL
    documented = (
        "NF4/FP4 quantization on NVIDIA GPUs of compute capability 6.0 or newer (from 0.48.0; "
        "5.0 or newer before)"
    )
    for fact in asked:
        if _OTHER_INT4.search(fact.value) or not _a_question(paste, fact):
            continue
        known = [(n, cc) for n, (cc, _) in _gpus_in_words(fact.value).items() if cc]
        if not known or known[0][1] < floor:
            continue
        name, capability = known[0]
        facts.use("stated", fact)
        if capability < _BNB_FOUR_BIT_FLOOR and release is not None:  # Maxwell, before 0.48
            facts.use("bitsandbytes", release)
            documented = (
                "NF4/FP4 quantization on NVIDIA GPUs of compute capability 5.0 or newer in "
                f"releases before 0.48.0, as the bitsandbytes {release.value.strip()} the paste "
                "shows; from 0.48.0 its PyPI wheels leave Maxwell out (6.0 or newer)"
            )
        return (
            finding(
                Code.LIBRARY_SUPPORT_LISTED,
                backend=_CUDA,
                variant="four_bit",
                library="bitsandbytes",
                machine=f"the {name} (compute capability {capability[0]}.{capability[1]})",
                documented=documented,
                at="huggingface.co/docs/bitsandbytes v0.48.1 and v0.46.0, installation",
                source="https://huggingface.co/docs/bitsandbytes/main/en/installation",
            ),
        )
    return ()


def _tei_image(named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """TEI's "Runtime compute cap X is not compatible with compile time compute cap Y"
    (readers/messages.py cites it): the image was compiled for another GPU; the image for
    this one, at the release the paste names (else "latest"), or TEI's CPU image below 7.5.
    The same capability twice (TEI#652's "120 … 120", a candle bug) is not this."""
    said = facts.all(FactKey.MESSAGE_TEI_COMPUTE_CAP)
    # every such line is read: one of the same capability twice comes first in a paste that
    # also shows the refusal itself (s20-mendA)
    pairs = [f.value.partition("/") for f in said]
    apart = [(runtime, built) for runtime, _, built in pairs if runtime != built]
    if not apart:
        return ()
    runtime, built = apart[0]
    cap = (int(runtime[:-1]), int(runtime[-1]))
    picked = [(n, lines) for n, (cc, lines) in named.items() if cc == cap]
    words = f"{cap[0]}.{cap[1]}"
    gpu = " and ".join(f"the {printable(n)[:80]} (compute capability {words})" for n, _ in picked)
    facts.use("stated", *said, *facts.all(FactKey.TEI_NO_BACKEND))
    facts.use("gpus", *(lines[0] for _, lines in picked if lines))
    release = next((f.value for f in facts.all(FactKey.TEI_IMAGE)), "latest")
    compiled = f"{built[:-1]}.{built[-1]}"
    if cap < _TEI_FLOOR:
        return (
            finding(
                Code.EXTENSION_ARCH_UNSUPPORTED,
                backend=_CUDA,
                variant="tei_gpu",
                gpu=gpu or f"of compute capability {words}",
                built=compiled,
                image=f"{_TEI_REPOSITORY}:cpu-{release}",
            ),
        )
    prefix = next((p for floor, p in _TEI_IMAGES if cap >= floor), "")
    image = f"{_TEI_REPOSITORY}:{prefix}{release}"
    if cap in _TEI_BLACKWELL:
        shown = versions.parse(release) if release != "latest" else None
        since = ".".join(map(str, _TEI_BLACKWELL_SINCE))
        if shown is None or shown.release[:2] < _TEI_BLACKWELL_SINCE:
            release = since
        image = f"{_TEI_REPOSITORY}:{_TEI_BLACKWELL[cap]}{release} (listed from {since})"
    elif cap >= (10, 0) or cap == (8, 7):  # no image of its own in the README: the build
        image = f"an image built for compute capability {words}"
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_CUDA,
            variant="tei_image",
            gpu=gpu or f"of compute capability {words}",
            built=compiled,
            image=image,
            cap=runtime,
        ),
    )


def _all_below(named: _Named, floor: tuple[int, int]) -> bool:
    """Whether every GPU of known capability the paste names is below `floor` (and one is)."""
    known = [cc for cc, _ in named.values() if cc is not None]
    return bool(known) and all(cc < floor for cc in known)


def _flash_attn_1_asked(facts: _Read) -> bool:
    """Whether pip was asked for a flash-attn release below 2 ("flash-attn==1.0.5")."""
    for fact in facts.all(FactKey.PIP_REQUESTED):
        words = fact.value.split()
        asked = words[1] if words[:1] == [_FLASH_ATTN] and len(words) > 1 else ">"
        release = versions.parse(asked.lstrip("=<>~!"))
        if release is None or asked.startswith((">", "!")):
            continue
        if release.major < 2 or (asked.startswith("<") and release.release[:2] <= (2, 0)):
            return True
    return False


def _flash_attn_wanted(paste: Pasted, named: _Named, facts: _Read) -> tuple[Finding, ...]:
    """flash-attn built or asked for where the paste names a GPU below FlashAttention 2's
    floor (compute capability 8.0; its README at Dao-AILab/flash-attention@014c349e):
    pip's failed build of it is an error whose remedy is not a rebuild; an install or use of
    it that the reporter says failed, or asks about, with no error line shown, is answered as
    a warning. A paste whose reporter says it ran or works now (Dao-AILab/flash-attention#224:
    FlashAttention 1.x on a T4, "it works"), or that names flash-attn and the GPU in passing
    (no failure, no question), gets nothing."""
    gpu, lines = _below(named, _FA2_FLOOR)
    if not gpu or facts.all(FactKey.PROSE_RAN):  # the reporter says it ran, or now works
        return ()
    failed = [
        f for f in facts.all(FactKey.MESSAGE_BUILD_FAILED_FOR) if _FLASH_ATTN in f.value.split()
    ]
    # issue 38 (s20-mendA): the build is the GPU's only where every GPU of known capability
    # the paste names is below the floor (a build on the A100 beside a V100, the words of
    # Dao-AILab/flash-attention#420, is not), and never of a 1.x release pip was asked for
    # (FlashAttention 1.x's README: "FlashAttention currently supports: Turing or Ampere GPUs
    # (e.g., A100, RTX 3090, T4, RTX 2080)"; #1132 builds 1.0.2 on a TITAN RTX)
    if failed:
        if not _all_below(named, _FA2_FLOOR) or _flash_attn_1_asked(facts):
            return ()
        facts.use("stated", failed[0])
        facts.use("gpus", *lines)
        return (
            finding(
                Code.EXTENSION_ARCH_UNSUPPORTED,
                backend=_CUDA,
                variant="flash_attn_build",
                gpu=gpu,
            ),
        )
    wanted = [
        *(f for f in facts.all(FactKey.PIP_REQUESTED) if f.value.split()[:1] == [_FLASH_ATTN]),
        *(f for f in facts.all(FactKey.SUBJECT_LIBRARY) if f.name == _FLASH_ATTN),
    ]
    shown = paste.error_count or any(f.key in STATED_ERRORS for f in paste.facts)
    if not wanted or shown:
        return ()
    if paste.stated is None and not _a_question(paste, *wanted):
        return ()
    facts.use("stated", wanted[0])
    facts.use("gpus", *lines)
    return (
        finding(
            Code.EXTENSION_ARCH_UNSUPPORTED,
            backend=_CUDA,
            variant="flash_attn_wanted",
            gpu=gpu,
        ),
    )


# --- issue 38: device: an AMD GPU the kernel driver gives no ROCm compute (KFD) ---------------

# GCN 1's ASICs as the amdgpu driver names them (amdgpu_asic_name: "TAHITI", "PITCAIRN",
# "VERDE", "OLAND", "HAINAN"), which KFD has never supported (kfd_device.c has no device
# info for CHIP_TAHITI … CHIP_HAINAN), with their families' names.
_GCN1: Final = {
    "TAHITI": "Tahiti",
    "PITCAIRN": "Pitcairn",
    "VERDE": "Cape Verde",
    "OLAND": "Oland",
    "HAINAN": "Hainan",
}


def _kfd_unsupported(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """The kernel driver's word that KFD does not support the GPU, with rocminfo's failure
    beside it (the same cause: no KFD device to open): GCN 1 by its ASIC's name, which ROCm
    never supported; any other (an older kernel not knowing a newer GPU, an unlisted one)
    with ROCm's list to check. Without the driver's words, a GPU named whose chip KFD never
    takes (s16-amdnames)."""
    said = facts.all(FactKey.MESSAGE_KFD_UNSUPPORTED)
    if not said:
        return _rocm_never(paste, facts)
    facts.use("stated", *said, *facts.all(FactKey.MESSAGE_ROCMINFO_FAILED))
    asic = next((f.value for f in said if f.value), "")
    words = f"{asic} not supported in kfd" if asic else "kfd not supported on this ASIC"
    backend = registry.BY_KEY[_ROCM]
    if asic in _GCN1:
        return (
            finding(
                Code.KFD_UNSUPPORTED,
                backend=_ROCM,
                variant="gcn1",
                hardware=backend.hardware,
                asic=f" ({asic})",
                asic_name=_GCN1[asic],
                said=words,
            ),
        )
    return (
        finding(
            Code.KFD_UNSUPPORTED,
            backend=_ROCM,
            hardware=backend.hardware,
            asic=f" ({asic})" if asic else "",
            asic_name=asic,
            said=words,
        ),
    )


def _rocm_never(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s16-amdnames): an AMD GPU named by a paste about ROCm (ROCm named, rocm-smi's
    or rocminfo's output, a ROCm torch) whose every chip is one the kernel's KFD never takes
    (compat/gpus.py ROCM_NEVER: GCN 1, Bonaire, Kabini, Mullins, Stoney): ROCm has no GPU
    there in any release, so rocm-smi's empty table, rocminfo's CPU-only agents and torch's
    no GPU are that. Silent where the paste also names an AMD GPU ROCm may run on (the one
    it is about is then unknown) or an NVIDIA GPU; a name that stands for such a GPU or
    another (the title's "Radeon R7 M265": an Oland or a Topaz) beside lspci's chip is the
    same GPU. Silent too where the paste shows a GPU ROCm runs (s16-mend-amd): rocminfo
    listing a GPU agent (its "Name: gfx…", ROCm/rocminfo rocminfo.cc: KFD took that GPU), or
    a gfx target outside ROCM_NEVER (a tool's, the reporter's, the host's): the GPU named is
    then another machine's or one given up ("My old R9 280X never worked with ROCm, so I
    moved to this APU" above rocminfo's gfx902)."""
    # silent beside an NVIDIA GPU whatever the names are: asked first, as the names' targets
    # are read from the PCI ID database's AMD devices (~10 ms a paste; s20-speed)
    if _nvidia_gpu_shown(paste):
        return ()
    named = [*facts.all(FactKey.GPU), *facts.all(FactKey.AMD_NAME)]
    targets = [(fact, gpus.amd_targets(fact.value)) for fact in named]
    shown = [*facts.all(FactKey.GFX), *facts.all(FactKey.PROSE_GFX)]
    host = paste.evidence.host
    targets_shown = {f.value.strip().lower() for f in shown}
    targets_shown.update(host.gfx_targets or () if host is not None else ())
    # the host's targets of the names themselves are judged with the names, below
    targets_shown -= {g for _, t in targets for g in t} - {f.value.strip().lower() for f in shown}
    if any(f.tool == "rocminfo" for f in shown) or targets_shown - gpus.ROCM_NEVER.keys():
        return ()
    # the generation of each target a name stands for, where KFD takes none of its chips: by
    # the target (ROCM_NEVER), or, for a target KFD takes on another chip (gfx802: Tonga), by
    # the chip of every device the name is (KFD_NEVER_CHIPS: Topaz)
    never: list[tuple[PastedFact, dict[str, str]]] = []
    for fact, gfx in targets:
        if gfx and all(g in gpus.ROCM_NEVER for g in gfx):
            never.append((fact, {g: gpus.ROCM_NEVER[g] for g in gfx}))
        elif len(gfx) == 1 and (chip := gpus.kfd_never_chip(fact.value)):
            never.append((fact, dict.fromkeys(gfx, gpus.KFD_NEVER_CHIPS[chip])))
    if not never:
        return ()
    judged = {id(fact) for fact, _ in never}
    if any(
        t and not any(g in gpus.ROCM_NEVER for g in t) for f, t in targets if id(f) not in judged
    ):
        return ()  # an AMD GPU ROCm may run on is named too ("R7 M265" may be either)
    rocm = [
        *facts.all(FactKey.PROSE_ROCM),
        *facts.all(FactKey.MESSAGE_ROCMINFO_FAILED),
        *([found] if (found := _rocm_torch(facts)) else []),
    ]
    tools = {b.tool for b in paste.blocks} & {"rocm-smi", "rocminfo", "amd-smi"}
    if not (rocm or tools):
        return ()
    fact, generations = never[0]
    stands_for = sorted(generations)
    facts.use("stated", *(f for f, _ in never), *rocm[:1])
    # issue 38 (s19-quiet): asked ("does ROCm supprot R9 280X?"), no error shown: the answer
    asked = _a_question(paste, *(f for f, _ in never))
    return (
        finding(
            Code.KFD_UNSUPPORTED,
            backend=_ROCM,
            variant="named_asked" if asked else "named",
            hardware=registry.BY_KEY[_ROCM].hardware,
            gpu=printable(one_line(fact.value))[:80],
            gfx=" or ".join(stands_for),
            generation=generations[stands_for[0]],
        ),
    )


# --- issue 38 (s21-rocmgpus): device: an AMD GPU the ROCm release shown does not list ------

# The codes that already name why ROCm runs no code on the GPU: torch's compiled list, the
# kernel driver's KFD, a build list of the library that raised
_ROCM_TARGET_NAMED: Final = frozenset(
    c.value
    for c in (
        Code.GFX_NOT_COMPILED,
        Code.KFD_UNSUPPORTED,
        Code.KFD_PCI_ATOMICS,
        Code.EXTENSION_ARCH_UNSUPPORTED,
        Code.ROCM_WSL_UNSUPPORTED,
    )
)
_NotListedVariant = Literal[
    "later", "later_asked", "dropped", "dropped_asked",
    "sibling", "sibling_asked", "never", "never_asked",
    "sibling_wheel", "sibling_wheel_asked", "never_wheel", "never_wheel_asked",
]  # fmt: skip
_TARGET_FAILURES: Final = (
    FactKey.MESSAGE_INVALID_DEVICE_FUNCTION,
    FactKey.MESSAGE_ROCMINFO_FAILED,
    FactKey.MESSAGE_HW_REFUSED,
)
_TORCH_WORD: Final = re.compile(r"\b(?:pytorch|torch)\b", re.IGNORECASE)


def _rocm_releases_shown(facts: _Read) -> list[tuple[PastedFact, rocm_gpus.Release]]:
    """The lines that show a ROCm release and the release each shows: "ROCm 4.1" in the
    reporter's words ("On ROCm 5.4 it did not work at all; now on ROCm 6.1 …": both)."""
    found: list[tuple[PastedFact, rocm_gpus.Release]] = []
    for fact in facts.all(FactKey.PROSE_ROCM):
        if (first := rocm_gpus.release(fact.value)) is not None:
            others = rocm_gpus.releases_named(fact.quote.text)
            found.extend((fact, release) for release in dict.fromkeys((first, *others)))
    return found


def _nearest(
    releases: Sequence[tuple[PastedFact, rocm_gpus.Release]], failure: int | None
) -> tuple[PastedFact, rocm_gpus.Release]:
    """The release named on or nearest the failure's line, else the last one named (the
    one the reporter is on now: "now on ROCm 6.1")."""
    if failure is None:
        return releases[-1]
    return min(releases, key=lambda shown: (abs(shown[0].line - failure), -shown[0].line))


def _rocm_unlisted(paste: Pasted, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s21-rocmgpus): a failure or a question about ROCm on an AMD GPU whose gfx
    target the ROCm release shown does not list (compat/rocm_gpus.py, AMD's lists release by
    release), or that no release up to the table's newest lists where the paste shows none:
    what the list says, from which release, and what to do (a release that lists it, the
    HSA_OVERRIDE_GFX_VERSION of a listed sibling, the last release that listed a dropped
    target). The paste is about ROCm: ROCm named, rocm-smi's, rocminfo's or amd-smi's output,
    or HIP's "invalid device function" (an issue filed in ROCm's tracker that
    never says "ROCm" is not read as one: gather/reports/tracker.py gives ROCm's repositories
    no TRACKER fact, compat/support.py having no row for them).
    Silent on Windows (the HIP SDK too) and under WSL (lists of their own), where a finding
    made before names the cause (torch's compiled list, KFD, any error), where the paste shows
    a ROCm torch (its own gfx list decides: s21-mendA), where
    the paste also names an NVIDIA GPU or an AMD target the release lists or may list, where
    it sets HSA_OVERRIDE_GFX_VERSION on any line (the GPU then runs as another target), where
    a release is newer than the table's or the releases it names differ in what they list,
    and where it shows no failure and asks nothing (a GPU running under ROCm). The release
    judged is the one named nearest the failure's line. A target on no list up to the table's
    newest that a ROCm wheel of torch carries (compat/wheels.py) gets that build, through the
    chooser, where the paste names torch (s21-rocmadvice)."""
    if any(f.code in _ROCM_TARGET_NAMED or f.severity is Severity.ERROR for f in before):
        return ()  # a cause named before: this GPU's list is not what failed
    if _nvidia_gpu_shown(paste) or remedies.on_windows(paste.evidence):
        return ()  # Windows' HIP SDK has lists of its own (install-on-windows)
    # s21-mendA: AMD ships the HIP SDK for Windows alone (its Linux stack is "ROCm"):
    # brknsoul/ROCmLibs#1, "This repo is for libs for Windows HIP SDK 5.7 only, HS_O_G_V
    # variable only works in Linux"; ROCm/legacy-rocm-build#2770, "for Windows the latest
    # (and only) installer of ROCm for it is version 5.5.1". The Linux list does not judge it
    if any(f.value.upper().startswith("HIP SDK") for f in facts.all(FactKey.PROSE_ROCM)):
        return ()
    if facts.all(FactKey.PROSE_WSL) or facts.all(FactKey.MESSAGE_ROCM_WSL):
        return ()  # WSL's own list and finding (rocm.wsl_configuration_unsupported)
    # s21-mendA: a ROCm wheel of torch bundles its own rocBLAS and MIOpen, built for its own
    # gfx list (compat/wheels.py; daimonionnn/amd-vega-rocm-vulkan-llm-toolkit#1: "torch
    # 2.7.0+rocm6.3 sees it as gfx900:xnack- … the wheel bundles its own rocBLAS, rocRAND and
    # MIOpen with gfx900 code"): where the paste shows one, that list decides, not AMD's. A
    # list that carries the target (kernels.gfx_verdict) runs it; one that does not is
    # device.gfx_not_compiled's (checks/devices.py), a list not known is not judged here
    if _rocm_torch(facts) is not None:
        return ()
    shown_gpus = list(_amd_shown(paste, facts))
    if facts.all(FactKey.ENV_HSA_OVERRIDE):
        return ()  # the override set on any line (a command's, an `export`): another target
    if not shown_gpus:
        return ()
    releases = _rocm_releases_shown(facts)
    if any(not rocm_gpus.judged(release) for _, release in releases):
        return ()
    rocm = [
        *facts.all(FactKey.PROSE_ROCM),
        *facts.all(FactKey.MESSAGE_INVALID_DEVICE_FUNCTION),
        *facts.all(FactKey.MESSAGE_ROCMINFO_FAILED),
    ]
    tools = {b.tool for b in paste.blocks} & {"rocm-smi", "rocminfo", "amd-smi"}
    if not (rocm or tools):
        return ()
    verdicts = []
    for words, gfx, lines in shown_gpus:
        if rocm_gpus.never_ran(gfx):
            return ()  # no ROCm at all there: device.amd_gpu_without_kfd's
        said_of = {rocm_gpus.listed_in(gfx, release) for _, release in releases}
        # s21-mendA: releases named that differ in what they list ("On ROCm 5.4 it did not
        # work at all; now on ROCm 6.1 …"): which one failed is not known
        if len(said_of) > 1:
            return ()
        listed = said_of.pop() if said_of else rocm_gpus.ever_listed(gfx)
        if listed is not False:
            return ()  # listed, or the table does not say: the GPU may run
        verdicts.append((words, gfx, lines))
    words, gfx, lines = verdicts[0]
    # a failure of the kind an unlisted target has, shown or stated: no code object for it
    # (HIP's "invalid device function", "hipErrorNoBinaryForGpu", rocBLAS without its Tensile
    # library), rocminfo failing, a refusal in words ("Navi10 is not supported with ROCm
    # 4.1", readers/messages.py MESSAGE_HW_REFUSED), or an error the reporter states without
    # showing it; another error shown (an import, a device string) is not this GPU's list
    failed = paste.stated is not None or any(facts.all(key) for key in _TARGET_FAILURES)
    asked = not failed and _a_question(paste, *(f for _, _, ls in verdicts for f in ls), *rocm)
    if not (failed or asked):
        return ()
    failures = [f.line for key in _TARGET_FAILURES for f in facts.all(key)]
    at = paste.stated.line if paste.stated is not None else min(failures, default=None)
    said, shown = _nearest(releases, at) if releases else (None, None)
    facts.use("stated", *([said] if said is not None else []), *rocm[:1])
    facts.use("gpus", *lines[:1])
    release = f"{shown[0]}.{shown[1]}" if shown else "release not shown"
    first = rocm_gpus.first_after(gfx, shown) if shown else None
    dropped = rocm_gpus.last_before(gfx, shown) if shown else None
    sibling = rocm_gpus.override(gfx)
    last = status = target = value = ""
    variant: _NotListedVariant
    if first is not None:
        variant = "later_asked" if asked else "later"
    elif dropped is not None:
        variant = "dropped_asked" if asked else "dropped"
        last, status = dropped.last_name, f"{dropped.listed[gfx].value}; {dropped.source}"
    elif sibling is not None:
        variant = "sibling_asked" if asked else "sibling"
        target, value = sibling.override_target or "", sibling.override_value or ""
    else:
        variant = "never_asked" if asked else "never"
    # s21-rocmadvice: a target on no list up to the table's newest may be on a ROCm wheel's
    # of torch (compat/wheels.py: gfx1150 and gfx1151 from torch 2.10, TheRock's rocm7.14),
    # which bundles its own libraries built for it: the chooser's build, where one carries it
    # for torch: a paste that names it (a torch wheel does not change what another program
    # loads, rocminfo's or llama.cpp's ROCm)
    install, wheel = Shell(), ""
    uses_torch = any(_TORCH_WORD.search(f.quote.text) for f in paste.facts)
    if uses_torch and variant in {"sibling", "sibling_asked", "never", "never_asked"}:
        picked, none_carries = wheels.for_gfx(None, (gfx,))
        if picked is not None and not none_carries:
            way = remedies.installer(paste.evidence.python)
            install = remedies.torch_line(way, picked, paste.evidence, why=picked.reason)
            wheel = f"torch {picked.torch}" + (f" ({picked.variant})" if picked.variant else "")
            variant = cast(_NotListedVariant, variant.replace("_asked", "") + "_wheel"
                           + ("_asked" if asked else ""))  # fmt: skip
    runtime = rocm_gpus.runtime_only(gfx)
    named = words.removeprefix("the ").rsplit(" (", 1)[0] if words.startswith("the ") else words
    return (
        finding(
            Code.ROCM_GPU_NOT_LISTED,
            backend=_ROCM,
            variant=variant,
            hardware=registry.BY_KEY[_ROCM].hardware,
            gpu=printable(one_line(named))[:80],
            gfx=gfx,
            release=release,
            newest=rocm_gpus.NEWEST.last_name,
            first=first or "",
            last=last,
            status=status,
            target=target,
            override=value,
            runtime=f" with its libraries ({runtime}'s for the HIP runtime only)"
            if runtime
            else "",
            wheel=wheel,
            install=install,
        ),
    )


# --- issue 38 (s19-atomics): device: a GPU KFD skipped, its PCIe path passing no atomics ------

# The chips KFD runs only over PCIe atomics, by the amdgpu driver's name of each PCI id
# (compat/pci_db.py amd_chips): torvalds/linux@002c6ca7 drivers/gpu/drm/amd/amdkfd/kfd_device.c
# kfd_device_info_init sets needs_pci_atomics for every chip before SOC15 but Hawaii (and a VF):
# of those kgd2kfd_probe takes, Kaveri, Carrizo, Tonga, Fiji, Polaris 10/11/12 and Vega M.
_ATOMICS_CHIPS: Final = MappingProxyType(
    {
        "KAVERI": "Kaveri",
        "CARRIZO": "Carrizo",
        "TONGA": "Tonga",
        "FIJI": "Fiji",
        "POLARIS10": "Polaris 10",
        "POLARIS11": "Polaris 11",
        "POLARIS12": "Polaris 12",
        "VEGAM": "Vega M",
    }
)
# and for GFX 10.1.1 to 10.3.x (Navi 1x and 2x), unless the GPU's MEC firmware is at least
# no_atomic_fw_version (145 on Navi 1x, 92 on Navi 2x), by the gfx target of the PCI id
_ATOMICS_UNLESS_FIRMWARE: Final = ("gfx101", "gfx103")


def _kfd_atomics(facts: _Read) -> tuple[Finding, ...]:
    """The kernel's KFD skipping GPUs whose PCIe path passes no atomics (readers/messages.py
    _KFD_ATOMICS cites the line): ROCm and torch see none of them. Each GPU by its PCI ids,
    named as the PCI database names them, with the chip that needs atomics (_ATOMICS_CHIPS).
    A skip the paste later shows KFD adding the same ids as often as it skipped them (the
    module loaded again, after a move of the GPU or a BIOS change) is no skip; GPUs KFD added
    beside the skipped ones are said to be ROCm's."""
    said = facts.all(FactKey.MESSAGE_KFD_ATOMICS)
    if not said:
        return ()
    added = facts.all(FactKey.KFD_DEVICE_ADDED)
    skipped: dict[str, list[PastedFact]] = {}
    for fact in said:
        skipped.setdefault(fact.value, []).append(fact)
    first = {ids: facts_[0].line for ids, facts_ in skipped.items()}
    later = {ids: [a for a in added if a.value == ids and a.line > first[ids]] for ids in skipped}
    still = {ids: lines for ids, lines in skipped.items() if len(later[ids]) < len(lines)}
    if not still:
        return ()
    count = sum(len(lines) for lines in still.values())
    named = []
    chips: list[str] = []
    unless = False
    for ids, lines in still.items():
        vendor, colon, device = ids.partition(":")
        if not colon:  # s20-zero: the kernel's words in prose, the GPUs' ids not shown
            gpus_ = _gpus_said_skipped(facts)
            named.append(f"{gpus_ or 'an AMD GPU'} (its PCI ids not shown)")
            continue
        full = pci.name(vendor, device)
        times = f"{len(lines)} GPUs " if len(lines) > 1 else ""
        named.append(f"{times}{ids}" + (f" ({full})" if full else ""))
        chip = _ATOMICS_CHIPS.get(pci_db.amd_chips().get(device, ""))
        if chip and chip not in chips:
            chips.append(chip)
        unless = unless or (pci.gfx(device) or "").startswith(_ATOMICS_UNLESS_FIRMWARE)
    facts.use("stated", *(f for lines in still.values() for f in lines))
    facts.use("stated", *added, *facts.all(FactKey.MESSAGE_ROCMINFO_FAILED))
    took = len(added)
    taken = (
        f"; KFD added {took} other GPU{'s' if took > 1 else ''} "
        f"({', '.join(dict.fromkeys(a.value for a in added))}), which ROCm does see"
        if took
        else ""
    )
    if chips:
        needs = f"{' and '.join(chips)}, {'their' if count > 1 else 'its'} chip, needs for KFD"
    elif unless:
        needs = "KFD needs on this chip (Navi 1x and 2x) until its MEC firmware runs without"
    else:
        needs = "KFD needs for this GPU"
    # s20-mendB: only the reporter's words, no kernel line with ids: a warning
    prose = all(":" not in ids for ids in still)
    return (
        finding(
            Code.KFD_PCI_ATOMICS,
            backend=_ROCM,
            variant="prose" if prose else None,
            hardware=registry.BY_KEY[_ROCM].hardware,
            skipped=" and ".join(named)
            if count > 1 or len(named) > 1 or ":" not in said[0].value
            else f"the GPU {named[0]}",
            it="them" if count > 1 else "it",
            needs=needs,
            taken=taken,
            said=printable(
                f"skipped device {said[0].value}, PCI rejects atomics"
                if ":" in said[0].value
                else said[0].value
            ),
        ),
    )


# --- issue 38 (s21-atomics): device: a GFX8 GPU on a CPU ROCm's README lists without atomics ---

# The gfx target of the GPUs ROCm's README says need PCIe 3.0 atomics: "Our GFX8 GPU's (Fiji &
# Polaris Family) use PCIe Gen 3 and PCIe Atomics" (ROCm/ROCm README.md at roc-1.5.0 on; GFX9
# needs none from ROCm 1.8, GFX7's Hawaii none: compat/rocm_atomics.py)
_ATOMICS_GFX: Final = "gfx803"
# the failures ROCm gives on such a GPU, shown: rocminfo failing at its start, an HSA status,
# clinfo finding no platform, a library finding no GPU
_ROCM_NO_GPU: Final = (
    FactKey.MESSAGE_ROCMINFO_FAILED,
    FactKey.MESSAGE_HSA_STATUS,
    FactKey.MESSAGE_OPENCL_NO_PLATFORM,
    FactKey.MESSAGE_NO_GPUS,
)


def _cpu_atomics(paste: Pasted, facts: _Read, before: Sequence[Finding]) -> tuple[Finding, ...]:
    """issue 38 (s21-atomics): ROCm failing, or said to fail, on a GFX8 GPU (Fiji, Polaris)
    where the paste names a CPU that ROCm's README lists without the PCIe 3.0 atomics GFX8
    needs (compat/rocm_atomics.py: AMD's FX, Phenom and Athlon, Intel's Core before Haswell,
    …) and no kernel line: the CPU, what the README says of it, and what to do. An error
    where the failure shows (rocminfo, an HSA status, clinfo's -1001, a library finding no
    GPU), a warning where the reporter only states it. A CPU the README lists with atomics
    named beside it (the reporter's other machine) does not clear the one without.
    Silent where a finding before names a cause (KFD's own line, the release's GPU list, any
    error), where no GFX8 GPU is shown by name (a Vega, GFX9, runs without atomics from ROCm
    1.8; Hawaii never needed them), where KFD took a GPU or rocminfo lists a GFX8 agent (the GPU
    runs), on Windows and under WSL, and where the paste is not about ROCm."""
    if any(f.code in _ROCM_TARGET_NAMED or f.severity is Severity.ERROR for f in before):
        return ()
    if any(f.code == Code.ROCM_GPU_NOT_LISTED.value for f in before):
        return ()
    if _nvidia_gpu_shown(paste) or remedies.on_windows(paste.evidence):
        return ()
    if facts.all(FactKey.PROSE_WSL) or facts.all(FactKey.MESSAGE_ROCM_WSL):
        return ()
    if facts.all(FactKey.KFD_DEVICE_ADDED):
        return ()  # KFD took a GPU: its atomics passed
    gfx8 = [(words, lines) for words, gfx, lines in _amd_shown(paste, facts) if gfx == _ATOMICS_GFX]
    if any(f.tool == "rocminfo" for _, lines in gfx8 for f in lines):
        return ()  # rocminfo lists the GPU as an agent: ROCm runs it
    gfx8 = [(words, lines) for words, lines in gfx8 if lines]  # named, not only a host target
    if not gfx8:
        return ()
    lacking = [
        (fact, said)
        for fact in facts.all(FactKey.CPU_NAMED)
        if (said := rocm_atomics.verdict(fact.value)) is not None
        and said.atomics is rocm_atomics.Atomics.LACKING
    ]
    if not lacking:
        return ()
    rocm = [
        *facts.all(FactKey.PROSE_ROCM),
        *([found] if (found := _rocm_torch(facts)) else []),
    ]
    tools = {b.tool for b in paste.blocks} & {"rocm-smi", "rocminfo", "amd-smi"}
    shown = sorted((f for key in _ROCM_NO_GPU for f in facts.all(key)), key=lambda f: f.line)
    if not (rocm or tools or facts.all(FactKey.MESSAGE_ROCMINFO_FAILED)):
        return ()
    if not shown and paste.stated is None:
        return ()
    cpu, said = lacking[0]
    words, lines = gfx8[0]
    facts.use("stated", *shown, *rocm[:1])
    facts.use("gpus", cpu, *lines[:1])
    named = words.removeprefix("the ").rsplit(" (", 1)[0] if words.startswith("the ") else words
    failure = printable(one_line(shown[0].quote.text))[:120] if shown else ""
    return (
        finding(
            Code.KFD_PCI_ATOMICS,
            backend=_ROCM,
            variant="named_cpu" if shown else "named_cpu_stated",
            hardware=registry.BY_KEY[_ROCM].hardware,
            gpu=printable(one_line(named))[:80],
            cpu=printable(one_line(cpu.value))[:80],
            readme=said.said,
            failure=failure,
        ),
    )


def _gpus_said_skipped(facts: _Read) -> str:
    """issue 38 (s20-zero): the AMD GPUs the paste names (a tool's or the reporter's words),
    for KFD's words quoted in prose without their ids: "the Radeon RX 580", or "" where it
    names none or several."""
    names = {
        f.value.strip()
        for f in (*facts.all(FactKey.GPU), *facts.all(FactKey.PROSE_GPU))
        if "radeon" in f.value.casefold()
    }
    return f"the {names.pop()}" if len(names) == 1 else ""


# --- issue 38: device: vLLM Ascend's own refusal of the NPU's SoC ------------------------------

# torch_npu's SoC numbers (torch_npu/csrc/core/npu/NpuVariables.h, enum class SocVersion:
# Ascend910PremiumA = 100 … Ascend910B = 104, Ascend310P1 = 200 …, Ascend910B1 = 220 …,
# Ascend310B1 = 240 …, Ascend910_9391 (A3) = 250 …), as vLLM Ascend's check prints them, by
# the first number of each range.
_SOC_NUMBERS: Final = (
    (100, 105, "a first-generation Ascend 910"),
    (200, 206, "an Atlas 300I's 310P"),
    (220, 225, "an Atlas A2's 910B"),
    (240, 244, "a 310B"),
    (250, 256, "an Atlas A3's 910C"),
)


def _vllm_ascend_soc(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """vLLM Ascend's "Unsupported soc_version: AscendSocVersion.UNDEFINED" or "Can not support
    soc_version: 104.": it has no path for this NPU's SoC. The chip, where npu-smi or the
    reporter names it (an Atlas 300I's "300I duo"), or torch_npu's number says it."""
    said = facts.all(FactKey.MESSAGE_VLLM_ASCEND_SOC)
    if not said or any(f.code == Code.VLLM_ASCEND_DEVICE.value for f in found):
        facts.use("stated", *said)
        return ()
    soc = said[0].value.rsplit(" ", 1)[-1].rstrip(".")
    named = [*facts.all(FactKey.ASCEND_CHIP), *facts.all(FactKey.PROSE_ASCEND_310P)]
    chip = ""
    if named:
        chip = printable(one_line(named[0].value))[:40]
        chip = f"{chip} (a 310P)" if named[0].key is FactKey.PROSE_ASCEND_310P else chip
    elif soc.isdigit():
        number = int(soc)
        chip = next((w for low, high, w in _SOC_NUMBERS if low <= number < high), "")
    facts.use("stated", *said, *named[:1])
    words = said[0].value
    return (
        finding(
            Code.VLLM_ASCEND_DEVICE,
            backend=_NPU,
            variant="soc",
            chip=chip,
            chip_said=f", {chip}" if chip else "",
            said=words,
        ),
    )


# --- issue 38 (s9-cpucomp): the CPU's instruction set, the Neuron compiler -----------------------


def _cpu_isa(paste: Pasted, facts: _Read) -> tuple[Finding, ...]:
    """A library's own words that the CPU lacks the instruction set its build needs (vLLM's CPU
    build, IPEX, TensorFlow, llamafile), or a process killed by SIGILL where the reporter says
    the CPU has no AVX2 / AVX-512 (the sources are in the catalogue's entry). Silent on a Mac
    (x86 code there runs under emulation: another cause) and on a crash the paste ties to no
    missing instruction set."""
    if _mac_lines(paste, facts):  # s16-avx: every way a Mac is shown, a macOS wheel's tag too
        return ()  # on Apple silicon, x86 code runs under Rosetta 2: another cause
    crash = facts.all(FactKey.MESSAGE_ILLEGAL_INSTRUCTION)
    if said := facts.all(FactKey.MESSAGE_CPU_ISA):
        first = said[0]
        facts.use("stated", *said, *crash)
        library = first.name or "the library"
        words = next(
            (f.value for f in facts.all(FactKey.MESSAGE_CPU_ISA_SAID) if f.line == first.line),
            first.value,
        )
        facts.use("stated", *facts.all(FactKey.MESSAGE_CPU_ISA_SAID))
        words = printable(words)[:100]
        if library == "vLLM" and first.value == "AVX512":
            return (
                finding(
                    Code.CPU_ISA_MISSING,
                    backend=_CPU,
                    variant="vllm_avx512",
                    library=library,
                    isa="AVX-512",
                    said=words,
                ),
            )
        return (
            finding(
                Code.CPU_ISA_MISSING, backend=_CPU, library=library, isa=first.value, said=words
            ),
        )
    flags = facts.all(FactKey.CPU_FLAGS_LACK)
    if not crash:
        return ()
    if wheel := _torch_arm_wheel(paste, facts, crash):
        return wheel  # s21-pi: a torch release's aarch64 wheel on an Armv8.0-A CPU
    # the CPU's own flags first: they show what it lacks, or refute the reporter's AVX / AVX2;
    # s16-avx: but a CPU named whose family has the set overrules a flags line that lacks it
    # (lscpu wraps its Flags at the terminal's width: the first line is a part of the list)
    families = [f for n in facts.all(FactKey.CPU_NAMED) if (f := cpus.family_of(n.value))]
    lacking = [f for f in flags if f.value and not any(m.has(f.value) for m in families)]
    if flags and not lacking:
        lacks = [f for f in facts.all(FactKey.PROSE_CPU_LACKS) if "512" in f.value]
    elif not flags and (family := _cpu_family(facts, crash)):
        return family  # s16-avx: the CPU named and the binary say more than the words
    else:
        lacks = lacking or facts.all(FactKey.PROSE_CPU_LACKS)
    if not lacks:
        return () if flags else _cpu_binary(paste, facts, crash)
    facts.use("stated", *crash, lacks[0])  # a title's words and the log's line alike
    return (
        finding(
            Code.CPU_ISA_MISSING,
            backend=_CPU,
            variant="crash",
            isa=lacks[0].value,
            crash=crash[0].value,
            library_said="",
        ),
    )


def _cpu_binary(paste: Pasted, facts: _Read, crash: Sequence[PastedFact]) -> tuple[Finding, ...]:
    """issue 38 (s18-stated): a process killed by SIGILL (or Windows' STATUS_ILLEGAL_INSTRUCTION)
    where the paste names a prebuilt binary that needs an instruction set (compat/cpus.py
    BINARIES) and names no CPU at all: the binary's need, and the command that shows what this
    CPU has; a warning, since the CPU is not shown. Silent where any CPU is named (the family
    table decides, `_cpu_family`, and a name it does not know is no evidence either way),
    where the paste shows a later build of the program that runs without the set, and
    (s18-mend-misc) where it shows a machine of another architecture than the one whose
    builds need the set (an Arm board's: `_cpu_arch_shown`)."""
    if facts.all(FactKey.CPU_NAMED):
        return ()
    programs = facts.all(FactKey.ISA_PROGRAM)
    undone = {cpus.BINARIES[p.value].replaces for p in programs}
    arch = _cpu_arch_shown(paste, facts)
    for program in programs:
        binary = cpus.BINARIES[program.value]
        # s18-mend-misc: an Arm machine's builds need no x86 set (lhelontra/tensorflow-on-arm
        # #106: TensorFlow's aarch64 wheel on an Odroid C2 dies on SIGILL)
        if binary.key in undone or (arch is not None and arch[0] != binary.arch):
            continue
        system = _system_shown(paste, facts)
        windows = system is not None and system[0] == "Windows"
        facts.use("stated", *crash)
        facts.use("host", program, *(system[1][:1] if system else ()))
        return (
            finding(
                Code.CPU_ISA_MISSING,
                backend=_CPU,
                variant="binary_windows" if windows else "binary",
                library=binary.name,
                isa=binary.needs,
                crash=crash[0].value,
                source=binary.source,
                instead=binary.instead,
            ),
        )
    return ()


def _torch_arm_wheel(
    paste: Pasted, facts: _Read, crash: Sequence[PastedFact]
) -> tuple[Finding, ...]:
    """issue 38 (s21-pi): a process killed by SIGILL where the paste shows a torch release
    whose aarch64 wheels need more than Armv8.0-A (compat/cpus.py TORCH_ARM_WHEELS: 2.4.0,
    pytorch/pytorch#132032) on an Arm machine: an error where it shows an Armv8.0-A one (a
    Raspberry Pi 3 or 4, a Cortex-A53 or A72, Graviton1, a features line without "atomics"),
    a warning where it shows only aarch64. The remedy: the release whose wheels run again.
    Silent on other releases, on a machine it shows as x86 or 32-bit Arm (no aarch64 wheel
    there), and where it shows a later core (a Raspberry Pi 5, Neoverse, Graviton2-4, Apple's,
    a features line with "atomics")."""
    said: list[tuple[PastedFact, str]] = [
        (f, f.value)
        for k in (*_VERSION_KEYS, FactKey.TORCH_VERSION)
        for f in facts.all(k)
        if f.known and (k is FactKey.TORCH_VERSION or f.name == "torch")
    ]
    for f in facts.all(FactKey.PIP_INSTALLED):  # pip's "Successfully installed … torch-2.4.0"
        words = f.value.split()
        said += [(f, v) for n, v in zip(words[::2], words[1::2], strict=False) if n == "torch"]
    found = [(f, v, row) for f, v in said if (row := cpus.arm_wheel(v)) is not None]
    classes = facts.all(FactKey.ARM_CPU)
    if not found or any(c.name == "v8.1+" for c in classes):
        return ()
    host = paste.evidence.host
    machine = host.machine.lower() if host is not None else ""
    if facts.all(FactKey.PROSE_ARM32_LINUX) or machine in _X86_MACHINES | {"armv7l", "armv6l"}:
        return ()
    old = [c for c in classes if c.name == "v8.0"]
    arch = _cpu_arch_shown(paste, facts)
    if not old and arch is None:
        return ()  # no Arm machine shown: an x86 one's SIGILL is another cause
    fact, version, row = found[0]
    cpu = old[0].value if old else arch[1][0].value if arch and arch[1] else machine
    way = remedies.installer(paste.evidence.python)
    # PyPI's aarch64 Linux wheel is torch's CPU build (pytorch.org's "Get Started" selector
    # gives plain `pip3 install torch` for Linux on aarch64), so the pin needs no index
    install = remedies.install_pinned(way, "torch", row.fixed) + comment(
        f"replaces torch {one_line(version)[:40]} with {row.fixed}, from PyPI: its aarch64 "
        f"wheel runs on Armv8.0-A ({row.source.split(',', 1)[0]})"
    )
    facts.use("stated", *crash, fact)
    facts.use("host", *(old[:1] or (arch[1][:1] if arch else ())))
    return (
        finding(
            Code.CPU_ISA_MISSING,
            backend=_CPU,
            variant="torch_arm" if old else "torch_arm_unnamed",
            library="torch",
            isa=row.needs,
            crash=crash[0].value,
            source=row.source,
            torch=printable(version.strip())[:40],
            cpu=printable(one_line(cpu))[:80],
            fixed=row.fixed,
            earlier=row.earlier,
            install=install,
        ),
    )


# s21-pi: the machines uname -m and platform.machine() name for x86
_X86_MACHINES: Final = frozenset({"x86_64", "amd64", "i386", "i686"})


# s18-mend-misc: the machines uname -m and platform.machine() name that are not x86
_NOT_X86: Final = frozenset({"aarch64", "arm64", "armv7l", "armv6l", "ppc64le", "s390x"})


def _cpu_arch_shown(paste: Pasted, facts: _Read) -> tuple[str, list[PastedFact]] | None:
    """issue 38 (s18-mend-misc): the CPU architecture of the machine the paste shows where it is
    not x86 ("arm", with the lines that show it: aarch64 or armv7l in uname, a platform line or
    a wheel's tag, a Raspberry Pi, a Jetson; the host's machine of a report's platform line);
    None where the paste shows no such machine (absence is no x86 either, and the binary's
    need still applies)."""
    arm = [*facts.all(FactKey.PROSE_ARM_LINUX), *facts.all(FactKey.PROSE_ARM32_LINUX)]
    if arm:
        return "arm", arm[:1]
    host = paste.evidence.host
    if host is not None and host.machine.lower() in _NOT_X86:
        return host.machine.lower(), []
    return None


def _cpu_family(facts: _Read, crash: Sequence[PastedFact]) -> tuple[Finding, ...]:
    """issue 38 (s16-avx): a process killed by SIGILL where the paste names a prebuilt binary
    that needs an instruction set (compat/cpus.py BINARIES: TensorFlow, jaxlib, ollama) and a
    CPU whose family lacks it (compat/cpus.py's family table: "Celeron(R) N4505", "Xeon(R) CPU
    X3480"), though no library says so. Silent where the paste names no such binary, where no
    CPU it names is known to lack the set, and where any CPU it names has it (s16-mend-cpu: a
    paste naming two CPUs does not say which one died, "my old Celeron N3060 netbook died the
    same way" beside "My desktop (Ryzen 9 7950X) runs it fine")."""
    programs = facts.all(FactKey.ISA_PROGRAM)
    undone = {cpus.BINARIES[p.value].replaces for p in programs}  # a later build shown
    named = [(n, f) for n in facts.all(FactKey.CPU_NAMED) if (f := cpus.family_of(n.value))]
    for program in programs:
        binary = cpus.BINARIES[program.value]
        if not named or binary.key in undone or any(f.has(binary.needs) for _, f in named):
            continue
        cpu, family = named[0]
        facts.use("stated", *crash)
        facts.use("host", cpu, program)
        return (
            finding(
                Code.CPU_ISA_MISSING,
                backend=_CPU,
                variant="family",
                library=binary.name,
                isa=binary.needs,
                cpu=cpu.value,
                family=family.name,
                has=family.lacks_words(),
                crash=crash[0].value,
                source=binary.source,
                instead=binary.instead,
            ),
        )
    return ()


def _neuron_compiler(facts: _Read) -> tuple[Finding, ...]:
    """The Neuron compiler's own internal error (neuronx-cc's "[TEN404] Internal tensorizer
    error", "[NLA001] Unhandled exception", neuron-cc's "An Internal Compiler Error has
    occurred"): a compiler bug, named with the compiler's version where the paste shows it;
    torch-neuronx's wrapper lines about the same compilation rest on it."""
    said = facts.all(FactKey.MESSAGE_NEURON_COMPILER)
    if not said:
        return ()
    version = facts.all(FactKey.NEURON_COMPILER_VERSION)
    facts.use("stated", *said, *version[:1], *facts.all(FactKey.NEURON_COMPILE_FAILED))
    shown = f" (neuronx-cc {version[0].value})" if version else ""
    return (
        finding(Code.NEURON_COMPILER_ERROR, backend=_NEURON, version=shown, said=said[0].value),
    )


def _rocm_wsl(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """rocminfo failing at its start under WSL (its own "WSL environment detected.", or WSL
    shown elsewhere: a WSL kernel, the reporter's words): ROCm's WSL support covers only the
    configurations AMD's WSL matrix lists; "ROCR: unsupported GPU" says the GPU is the part
    outside it. Silent where the kernel driver's KFD refusal names another cause."""
    failed = facts.all(FactKey.MESSAGE_ROCMINFO_FAILED)
    unsupported = facts.all(FactKey.MESSAGE_ROCR_UNSUPPORTED_GPU)
    detected = facts.all(FactKey.MESSAGE_ROCM_WSL)
    kfd = (Code.KFD_UNSUPPORTED.value, Code.KFD_PCI_ATOMICS.value)  # s19-atomics: KFD's words
    if not (failed or unsupported) or any(f.code in kfd for f in found):
        return ()
    wsl = detected or facts.all(FactKey.PROSE_WSL)
    if not wsl:
        return ()
    facts.use("stated", *failed, *unsupported, *detected, *facts.all(FactKey.MESSAGE_HSA_STATUS))
    facts.use("wsl", *wsl[:1])
    status = next((f.value for f in failed if f.value.startswith("HSA_STATUS")), "")
    said = status or (failed[0].value if failed else unsupported[0].value)
    variant: Literal["unsupported_gpu"] | None = "unsupported_gpu" if unsupported else None
    return (finding(Code.ROCM_WSL_UNSUPPORTED, backend=_ROCM, variant=variant, said=said),)


def _vulkan_under_wsl(facts: _Read) -> tuple[Finding, ...]:
    """issue 38 (s18-launch): Vulkan finding no driver it can use ("VK_ERROR_INCOMPATIBLE_
    DRIVER", vulkaninfo's "failed with ERROR_INCOMPATIBLE_DRIVER", the loader's "Found no
    drivers!") where the paste shows WSL: WSL 2 gives Linux the GPU for CUDA, DirectML and
    Mesa's D3D12 drivers, and for Vulkan only through Mesa's dozen (the catalogue's entry
    cites them). Outside WSL the words are not read as a cause: the specification's
    VK_ERROR_INCOMPATIBLE_DRIVER is no driver at all, or a driver refusing the Vulkan version
    asked, and what the remedy is depends on which, which the paste seldom says."""
    said = facts.all(FactKey.MESSAGE_VULKAN_NO_DRIVER)
    wsl = facts.all(FactKey.PROSE_WSL)
    if not (said and wsl):
        return ()
    facts.use("stated", *said)
    facts.use("wsl", wsl[0])
    named = next((f for f in said if "INCOMPATIBLE" in f.value), said[0])
    return (finding(Code.WSL_VULKAN_NO_DRIVER, said=printable(named.value)[:80]),)


# --- issue 38 (s11-hostmem): the host's memory ran out ----------------------------------------

# The codes of an accelerator's own memory running out: a SIGKILL beside one of them is not
# read as the host's (the device's finding names what ran out).
_DEVICE_OOM_CODES: Final = frozenset(
    {
        Code.DEVICE_OUT_OF_MEMORY.value,
        Code.MPS_OUT_OF_MEMORY.value,
        Code.NPU_OUT_OF_MEMORY.value,
        Code.LOAD_OUT_OF_MEMORY.value,
    }
)
_HostVariant = Literal[
    "oom_killer", "container", "colab", "enomem", "killed", "build", "neuron_compiler"
]
# The forms readers/messages.py names (the fact's "form:" prefix), each its finding's variant
_HOST_VARIANTS: Final[Mapping[str, _HostVariant]] = {v: v for v in get_args(_HostVariant)}
# What the line a bare "Killed" ends says was being done (a tqdm bar's title on that line)
_STEPS: Final = (
    ("Loading checkpoint shards", " while loading checkpoint shards"),
    ("Loading checkpoint", " while loading a checkpoint"),
    ("Loading weights", " while loading weights"),
    ("DataLoader worker", " in a DataLoader worker"),
)


def _host_memory(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """The host's memory run out (readers/messages.py `_HOST_OOM`, which cites each form's
    source): host.memory_exhausted in that form's words, with the host's RAM and WSL where the
    paste shows them. A process ended by SIGKILL (`_KILLED`: a bare "Killed", exit code 137 or
    -9, a compiler killed) is read as the OOM killer's work only where nothing else explains
    it: not beside a run stopped on purpose (Ctrl-C, a timeout, kill -9) and not beside an
    accelerator's own out-of-memory finding."""
    stated = facts.all(FactKey.MESSAGE_HOST_OOM)
    killed = facts.all(FactKey.MESSAGE_PROCESS_KILLED)
    if not stated and not killed:
        return ()
    if stated:
        # the kernel's own "Out of memory: Killed process N (name)" before its other lines
        first = next((f for f in stated if "Kill" in f.value), stated[0])
        facts.use("stated", *stated, *killed)
    else:
        if any(f.code in _DEVICE_OOM_CODES for f in found) or facts.all(FactKey.PROSE_STOPPED):
            return ()
        first = next((f for f in killed if not f.value.startswith("killed:")), killed[0])
        facts.use("stated", first)
    form, _, words = first.value.partition(":")
    ram = facts.all(FactKey.HOST_RAM)
    facts.use("ram", *ram[:1])
    wsl = facts.all(FactKey.PROSE_WSL)
    facts.use("wsl", *wsl[:1])
    shown = f", on a host with {ram[0].value} of RAM" if ram else ""
    under = (
        "; under WSL2 the Linux VM has only the memory .wslconfig gives it (half of Windows' "
        "by default)"
        if wsl
        else ""
    )
    said = printable(words)[:100]
    if form == "allocator":
        return (finding(Code.HOST_MEMORY_EXHAUSTED, said=said, ram=shown, wsl=under),)
    step = next((s for w, s in _STEPS if w in first.quote.text), "") if form == "killed" else ""
    backend = _NEURON if form == "neuron_compiler" else None
    return (
        finding(
            Code.HOST_MEMORY_EXHAUSTED,
            backend=backend,
            variant=_HOST_VARIANTS.get(form),
            said=said,
            ram=shown,
            wsl=under,
            step=step,
        ),
    )


# --- issue 38 item 5 (s13-unread): a run's errors no other reader names ---------------------

# torch's DLLs of its CUDA build (torch\lib of a +cuXXX wheel): c10_cuda.dll, torch_cuda.dll,
# caffe2_nvrtc.dll and the CUDA libraries the wheel bundles (cudnn, cublas, cufft, cusparse,
# curand, cusolver, nvrtc, cudart, nvJitLink, nvToolsExt): loaded at `import torch`, and
# needing the NVIDIA driver's nvcuda.dll.
_CUDA_DLL: Final = re.compile(
    r"(?i)^(?:c10_cuda|torch_cuda(?:_cu|_cpp)?|caffe2_nvrtc|cudnn\w{0,30}|cublas\w{0,20}"
    r"|cufft\w{0,10}|cusparse\w{0,10}|curand\w{0,10}|cusolver\w{0,10}|nvrtc\w{0,20}"
    r"|cudart\w{0,10}|nvjitlink\w{0,10}|nvtoolsext\w{0,10})\.dll$"
)


def _torch_dll(facts: _Read) -> tuple[Finding, ...]:
    """Windows refusing one of torch's DLLs at `import torch` (readers/run_errors.py cites
    the words): fbgemm.dll of torch 2.4.0 (or a torch the paste does not name) is that
    release's missing libomp140 (pytorch/pytorch#131662, fixed in 2.4.1); a DLL of torch's CUDA
    build needs the NVIDIA driver; any other, and "DLL load failed while importing _C" after
    torch's own import, the Microsoft Visual C++ Redistributable torch's check names. Another
    module's "DLL load failed" is host.shared_library_missing's (`_shared_library`)."""
    refused = facts.all(FactKey.MESSAGE_TORCH_DLL)
    failed = [f for f in facts.all(FactKey.MESSAGE_DLL_LOAD_FAILED) if f.name == "torch"]
    if refused:
        first = refused[0]
        dll, _, number = first.value.partition(" ")
        # the same refusal restated without the DLL's name (a title's "[WinError 126] …")
        again = [f for f in facts.all(FactKey.MESSAGE_WINERROR) if f.value == number]
        facts.use("stated", *[f for f in refused if f.value == first.value], *again)
        torch = _version_of(facts, "torch")
        release = torch.value.split("+", 1)[0] if torch is not None else ""
        if dll.lower() == "fbgemm.dll" and release in ("", "2.4.0"):
            facts.use("torch", torch)
            shown = f" in torch {release}" if release else ""
            return (
                finding(Code.TORCH_WINDOWS_DLL, variant="fbgemm", winerror=number, release=shown),
            )
        if _CUDA_DLL.match(dll):
            return (
                finding(Code.TORCH_WINDOWS_DLL, variant="cuda_build", dll=dll, winerror=number),
            )
        return (finding(Code.TORCH_WINDOWS_DLL, dll=printable(dll)[:60], winerror=number),)
    if failed:
        # the same words on a title or a summary line, away from torch's import
        again = facts.all(FactKey.MESSAGE_DLL_LOAD_FAILED)
        facts.use("stated", *[f for f in again if f.value == failed[0].value])
        return (finding(Code.TORCH_WINDOWS_DLL, variant="import_c"),)
    return ()


def _devices_apart(facts: _Read) -> tuple[Finding, ...]:
    """An operation given tensors on two devices (readers/run_errors.py): the code's or a
    library's placement, a warning, never the machine's; on MPS its own words."""
    said = facts.all(FactKey.MESSAGE_DEVICES_APART)
    if not said:
        return ()
    first = said[0]
    facts.use("stated", first)
    if first.value == "placeholder":
        words = "Placeholder storage has not been allocated on MPS device!"
        return (finding(Code.TENSORS_APART, backend=_MPS, variant="placeholder", said=words),)
    devices = printable(first.value)[:40]
    words = f"Expected all tensors to be on the same device, … {devices}"
    return (finding(Code.TENSORS_APART, said=words),)


# conda's platform subdirectories that no CUDA package has builds for (NVIDIA's CUDA toolkit
# supports Linux and Windows only: its installation guides; conda's nvidia channel and
# conda-forge's cudatoolkit have no osx builds), and PyTorch's 32-bit Windows (its Windows FAQ:
# "PyTorch doesn't work on 32-bit system").
_CONDA_CUDA: Final = re.compile(r"(?i)^(?:cudatoolkit|pytorch-cuda|cuda[\w-]{0,20}|cudnn)\b")


def _conda_not_found(facts: _Read) -> tuple[Finding, ...]:
    """conda's PackagesNotFoundError (readers/run_errors.py): no build of the packages it lists
    in the channels it asked, for the platform they are for; python.version_unsupported's
    installer form, with the platform where conda's channel lines name it."""
    said = facts.all(FactKey.MESSAGE_CONDA_NOT_FOUND)
    listed = facts.all(FactKey.CONDA_PACKAGE_MISSING)
    if not said or not listed:
        return ()
    platforms = facts.all(FactKey.CONDA_PLATFORM)
    platform = platforms[0].value if platforms else ""
    facts.use("python_pin", *said, *listed[:4], *facts.all(FactKey.CONDA_SOLVE_FAILED))
    facts.use("host", *platforms[:1])
    every = list(dict.fromkeys(printable(f.value)[:60] for f in listed))
    names = every[:4]
    package = ", ".join(names) + (f" and {len(every) - 4} more" if len(every) > 4 else "")
    where = f"for {platform}" if platform else "for this platform"
    them = "them" if len(every) > 1 else "it"
    why = f"the channels it searched hold no build of {them} {where}, or none of that version"
    if platform.startswith("osx") and any(_CONDA_CUDA.match(n) for n in names):
        why += "; CUDA packages have no macOS builds (a Mac has no CUDA)"
    elif platform == "win-32" and any(n.split("=")[0] in ("pytorch", "torch") for n in names):
        why += "; PyTorch has no 32-bit build (its Windows FAQ)"
    return (
        finding(
            Code.PYTHON_VERSION_UNSUPPORTED,
            variant="conda",
            package=package,
            said="\u201cPackagesNotFoundError: The following packages are not available from "
            "current channels\u201d",
            why=why,
            where="conda search lists what a channel holds for this platform (conda search "
            "-c <channel> <name>); ask a channel that has a build of it for this platform "
            "(anaconda.org's search, as conda's message says), a version that has one, or "
            "pip where the project publishes wheels",
        ),
    )


# The binary units NumPy and the reporter give sizes in ("7.28 GiB", "16gb", "128686.2 MiB").
# NumPy prints them with "%#.3g", so 100 to 1023 units keep a bare point ("139. MiB").
_SIZE: Final = re.compile(r"(?i)^\s{0,4}(\d{1,12}(?:[.,]\d{0,4})?)\s{0,2}(bytes|[kmgtpe])?")
_POWERS: Final = {"bytes": 0, "k": 1, "m": 2, "g": 3, "t": 4, "p": 5, "e": 6}


def _bytes(words: str) -> float | None:
    """A size in bytes from its words; None where they give none."""
    found = _SIZE.match(words)
    if found is None:
        return None
    unit = (found[2] or "").lower()
    if not unit and not words.strip().isdigit():
        return None
    return float(found[1].replace(",", ".")) * float(1024 ** _POWERS.get(unit, 0))


def _host_allocation(facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """The host refusing an allocation in a program's words (std::bad_alloc, MemoryError,
    NumPy's "Unable to allocate"; readers/run_errors.py): host.memory_exhausted only where the
    paste shows the host's RAM, and for NumPy an array smaller than it (one larger than the
    whole RAM is a shape computed wrong as often as a small machine: counted, not named)."""
    said = facts.all(FactKey.MESSAGE_HOST_ALLOC)
    ram = facts.all(FactKey.HOST_RAM)
    if not said or not ram or any(f.code == Code.HOST_MEMORY_EXHAUSTED.value for f in found):
        return ()
    first = next((f for f in said if not f.value.endswith(":")), said[0])
    form, _, words = first.value.partition(":")
    if form == "numpy":
        size, total = _bytes(words), _bytes(ram[0].value)
        if size is None or total is None or size >= total:
            return ()
    facts.use("stated", *[f for f in said if f.value.partition(":")[0] == form])
    facts.use("ram", ram[0])
    variant: Literal["numpy", "python"] = "numpy" if form == "numpy" else "python"
    return (
        finding(
            Code.HOST_MEMORY_EXHAUSTED,
            variant=variant,
            said=printable(words)[:80],
            ram=f", on a host with {ram[0].value} of RAM",
            wsl="",
        ),
    )
