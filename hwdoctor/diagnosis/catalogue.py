"""The findings catalogue: every code hwdoctor can report, as data.

A check returns a code, a backend and parameters; the sentence a person reads is made here
and only here, from the entry's message and remedy templates. `docs/findings.md` is
generated from this table (`make docs`),
and the test suite fails when a code has no entry or no test that makes it.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, TypeAlias

from hwdoctor.compat import ascend
from hwdoctor.compat.xid import Action
from hwdoctor.model.reports import Finding, Severity
from hwdoctor.shell import (
    LEFT_OUT_WINDOWS,
    Dialect,
    Shell,
    dialect,
    is_one_line,
    quote,
    windows_line,
)
from hwdoctor.text import one_line

AUTOLOAD_ESCAPE: Final = "TORCH_DEVICE_BACKEND_AUTOLOAD=0"

# What a finding's parameter may hold: text, a number, words (a tuple, joined by spaces in a
# sentence, each one quoted word in a command) or None (a line or advice that names it is
# left out). A parameter that is a whole command line (`"{install}"`) may also be a `Shell`.
Value: TypeAlias = str | int | float | tuple[str, ...] | None


class Code(str, Enum):
    """Stable finding codes; the values are what JSON reports carry."""

    TORCH_MISSING = "torch.missing"
    TORCH_BROKEN = "torch.broken"
    TORCH_IMPORT_HANGS = "torch.import_hangs"
    TORCH_IMPORT_CRASHES = "torch.import_crashes"
    AUTOLOAD_BROKEN = "torch.autoload_broken"
    CPU_ONLY_BUILD = "torch.cpu_only_build"
    BUILD_MISMATCH = "torch.build_mismatch"
    PACKAGE_MISSING = "hardware.package_missing"
    EXTENSION_IMPORT_FAILED = "extension.import_failed"
    EXTENSION_TORCH_MISMATCH = "extension.torch_mismatch"
    EXTENSION_REQUIREMENT_INVALID = "extension.requirement_invalid"
    EXTENSION_BUILT_FOR_OTHER_TORCH = "extension.built_for_other_torch"
    MPS_MACOS_TOO_OLD = "mps.macos_too_old"
    MPS_OPERATOR = "mps.operator_not_implemented"
    PYTHON_TRANSLATED = "python.translated"
    BACKEND_UNAVAILABLE = "backend.unavailable"
    QUERY_FAILED = "backend.query_failed"
    PACKAGE_WITHOUT_HARDWARE = "backend.package_without_hardware"
    DEVICES_HIDDEN = "devices.hidden"
    DEVICES_MASK_HIDES_ALL = "devices.mask_hides_all"
    ARCH_NOT_COMPILED = "device.arch_not_compiled"
    GFX_NOT_COMPILED = "device.gfx_not_compiled"
    KERNELS_BY_PTX_JIT = "device.kernels_by_ptx_jit"
    MEMORY_QUERY_FAILED = "device.memory_query_failed"
    DEVICE_OUT_OF_MEMORY = "device.out_of_memory"  # issue 38 (s9-memory)
    ALLOCATION_FAILED = "device.allocation_failed"
    PROBE_TIMEOUT = "probe.timeout"
    PROBE_CRASHED = "probe.crashed"
    PROBE_ERROR = "probe.error"
    PYTHON_UNUSABLE = "python.unusable"
    PROBE_MALFORMED = "probe.malformed"
    SHADOWED_MODULE = "python.shadowed_module"
    TOOL_FAILED = "host.tool_failed"
    DRIVER_TOO_OLD = "driver.too_old"
    DRIVER_CUDA_TOO_OLD = "driver.cuda_too_old"
    DRIVER_LIBRARY_MISMATCH = "driver.library_mismatch"
    DRIVER_NOUVEAU = "driver.nouveau"
    DRIVER_MISSING = "driver.missing"
    DRIVER_NOT_FOUND = "driver.not_found"
    DRIVER_FORWARD_COMPAT = "driver.forward_compat_unsupported"
    CONTAINER_RUNTIME_NO_GPU = "host.container_runtime_without_gpu"
    EXTENSION_ARCH_UNSUPPORTED = "extension.arch_unsupported"
    BNB_WITHOUT_GPU = "extension.bitsandbytes_without_gpu"
    VLLM_NO_DEVICE = "backend.vllm_no_device"
    BF16_UNSUPPORTED = "device.bf16_unsupported"
    DRIVER_GPU_UNSUPPORTED = "driver.gpu_unsupported"
    NODE_DENIED = "host.device_node_denied"
    CONTAINER_NO_DEVICE = "host.container_without_device"
    CONTAINER_HIDES = "host.container_hides_devices"
    SHM_SMALL = "host.shm_too_small"
    DEVICE_ORDER = "devices.order_differs"
    VERSION_UNSUPPORTED = "explain.version_unsupported"
    TABLES_NEWER = "explain.tables_newer"
    TABLES_STALE = "explain.tables_stale"
    MODEL_UNREADABLE = "explain.model_unreadable"
    FLASH_ATTENTION_UNUSABLE = "explain.flash_attention_unusable"
    LIBRARY_MISSING = "explain.library_missing"
    LIBRARIES_DISAGREE = "explain.libraries_disagree"
    AUTO_FALLS_BACK = "explain.auto_falls_back_to_cpu"
    AUTO_IGNORES = "explain.auto_ignores_devices"
    USE_CPU_ENV_HALF = "explain.accelerate_use_cpu_half_honoured"
    ACCELERATE_CONFIG_CPU = "accelerate.config_uses_cpu"
    XLA_OVERRIDES = "explain.xla_overrides"
    NOT_AUTOLOADED = "explain.extension_not_autoloaded"
    TRAINING_RAISES = "explain.training_raises"
    LAUNCHER = "explain.launcher"
    VERIFY_MISMATCH = "verify.mismatch"
    VERIFY_INCOMPLETE = "verify.incomplete"
    LOAD_DEVICE_UNUSABLE = "load.device_unusable"
    LOAD_NOT_FOUND = "load.not_found"
    LOAD_REVISION_NOT_FOUND = "load.revision_not_found"
    LOAD_GATED = "load.gated"
    LOAD_NOT_CACHED = "load.not_cached"
    LOAD_NETWORK_UNREACHABLE = "load.network_unreachable"
    LOAD_DNS_FAILED = "load.dns_failed"
    LOAD_PROXY_FAILED = "load.proxy_failed"
    LOAD_HUB_TIMEOUT = "load.hub_timeout"
    LOAD_UNAUTHORIZED = "load.unauthorized"
    LOAD_OUT_OF_MEMORY = "load.out_of_memory"
    LOAD_REMOTE_CODE = "load.remote_code"
    LOAD_MISSING_PACKAGE = "load.missing_package"
    LOAD_NO_KERNEL = "load.no_kernel"
    LOAD_DEVICE_LOST = "load.device_lost"
    LOAD_FAILED = "load.failed"
    LOAD_HANG = "load.hang"
    LOAD_CRASH = "load.crash"
    OFFLOADED_TO_DISK = "load.offloaded_to_disk"
    RANKS_MISSING = "ranks.missing"
    RANKS_CHECK_FAILED = "ranks.check_failed"
    RANKS_VERSIONS_DIFFER = "ranks.versions_differ"
    RANKS_DEVICES_DIFFER = "ranks.devices_differ"
    RANKS_COUNTS_DIFFER = "ranks.counts_differ"
    RANKS_SHARE_DEVICES = "ranks.share_devices"
    RANKS_VISIBILITY_DIFFERS = "ranks.visibility_differs"
    RANKS_ALL_REDUCE_FAILED = "ranks.all_reduce_failed"
    RANKS_REPORT_REJECTED = "ranks.report_rejected"
    BANDWIDTH_FAILED = "bandwidth.failed"
    BANDWIDTH_BELOW_PCIE = "bandwidth.below_pcie"
    BANDWIDTH_BELOW_NVLINK = "bandwidth.below_nvlink"
    FLEET_NODES_DIFFER = "fleet.nodes_differ"
    FLEET_NODES_FAILED = "fleet.nodes_failed"
    FLEET_UNREADABLE = "fleet.unreadable"
    LIBRARIES_MIXED_CUDA = "libraries.mixed_cuda_majors"
    LIBRARIES_DUPLICATE = "libraries.duplicate"
    LIBRARIES_SHADOWED = "libraries.shadowed"
    LIBRARIES_CONDA_AND_PIP = "libraries.conda_and_pip"
    LIBRARIES_CUDNN_OLDER = "libraries.cudnn_older_than_build"
    ROCM_WHEELS_MISSING = "rocm.wheels_missing"
    ROCM_WHEELS_MISMATCH = "rocm.wheels_mismatch"
    ROCM_DEVICE_EXTRA_MISSING = "rocm.device_extra_missing"
    GPU_XID_RECORDED = "gpu.xid_recorded"
    GPU_XID_RESTART_APP = "gpu.xid_restart_app"
    GPU_XID_RESET = "gpu.xid_reset_gpu"
    GPU_XID_REBOOT = "gpu.xid_reboot"
    GPU_XID_SERVICE = "gpu.xid_service"
    GPU_SXID_FATAL = "gpu.sxid_fatal"
    GPU_KERNEL_LOG_UNREAD = "gpu.kernel_log_not_checked"
    GPU_ECC_UNCORRECTED = "gpu.ecc_uncorrectable"
    GPU_REMAP_PENDING = "gpu.row_remap_pending"
    GPU_REMAP_FAILED = "gpu.row_remap_failed"
    GPU_RETIREMENT_PENDING = "gpu.page_retirement_pending"
    GPU_NVLINK_DOWN = "gpu.nvlink_down"
    GPU_THROTTLED = "gpu.clocks_throttled"
    FLEET_NOT_REPORTED = "fleet.not_reported"
    FLEET_TOO_LARGE = "fleet.too_large"
    FLEET_DRAIN_SERVICE = "fleet.drain_for_service"
    FLEET_DRAIN_REBOOT = "fleet.drain_to_reboot"
    FLEET_DRAIN_RESET = "fleet.drain_to_reset"
    # issue 38: Huawei Ascend
    NPU_ASKED_FOR_CUDA = "backend.npu_asked_for_cuda"
    CANN_PYTHON_MISSING = "backend.cann_python_missing"
    # issue 42: gpu_ids
    ACCELERATE_GPU_IDS_NONE = "accelerate.gpu_ids_name_no_gpu"
    NVCC_MAJOR_MISMATCH = "extension.nvcc_major_mismatch"
    MPS_BF16_UNSUPPORTED = "mps.bf16_unsupported"  # issue 38: bf16 on MPS, by torch or macOS
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    DS_CUDA_MISMATCH = "extension.deepspeed_cuda_mismatch"
    BNB_ON_MAC = "extension.bitsandbytes_on_mac"
    WSL_NO_LIBCUDA = "host.wsl_libcuda_not_found"
    SHARED_LIBRARY_MISSING = "host.shared_library_missing"  # issue 38 (s14-sharedlib)
    CUDA_LIBRARY_MISSING = "extension.cuda_library_missing"
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    MPS_OUT_OF_MEMORY = "mps.out_of_memory"
    MPS_BUFFER_TOO_LARGE = "mps.buffer_too_large"
    LIBRARY_EXECSTACK = "host.library_needs_executable_stack"
    XPU_NOT_BUILT = "torch.not_built_for_xpu"
    XPU_IGPU_UNSUPPORTED = "xpu.igpu_not_supported"
    HPU_VERSIONS_APART = "hpu.driver_container_apart"
    HPU_ACQUIRE_FAILED = "hpu.device_acquire_failed"
    HPU_BRIDGE_MISSING = "hpu.bridge_missing"
    NEURON_DRIVER_UNUSABLE = "neuron.driver_unusable"
    VLLM_ASCEND_TORCH = "backend.vllm_ascend_torch"  # issue 38: vLLM Ascend's torch pair
    CUDA_ONLY_PACKAGE = "backend.cuda_only_package"  # issue 38: a CUDA-only package elsewhere
    XPU_IPEX_NOT_IMPORTED = "xpu.ipex_not_imported"  # issue 38: IPEX before native XPU
    NEURON_OPTIMUM_APART = "neuron.optimum_neuron_pins_apart"  # issue 38: optimum-neuron pins
    # issue 38: bitsandbytes' and MPS's other wordings
    MPS_BUFFER_SHORT = "mps.buffer_not_large_enough"
    # issue 38: an XPU error whose paste shows neither torch's build nor IPEX's
    XPU_NOT_LINKED_UNSHOWN = "xpu.not_linked_build_unshown"
    # issue 43 (the newcomer's finding): a launch-blocking debug variable left set
    LAUNCH_BLOCKING = "host.launch_blocking"
    # issue 38: Ascend NPU memory and CANN's libraries
    NPU_OUT_OF_MEMORY = "npu.out_of_memory"
    CANN_LIBRARY_MISSING = "npu.cann_library_not_found"
    NPU_DRIVER_NOT_VISIBLE = "npu.driver_not_visible"
    TORCH_NPU_CANN_APART = "npu.torch_npu_cann_apart"
    NUMPY_ABI = "python.numpy_abi"  # issue 38: NumPy 2 under a module built against NumPy 1
    IMAGE_PLATFORM = "host.image_not_for_platform"  # issue 38: an image without this platform
    NO_CUDA_TOOLKIT = "extension.cuda_toolkit_missing"  # issue 38: no nvcc for a CUDA build
    MPS_FP16_REFUSED = "mps.fp16_amp_refused"  # issue 38: fp16 AMP refused on the Mac's GPU
    # issue 38: docker / NVIDIA Container Toolkit recordings
    CONTAINER_NO_NVML = "host.container_toolkit_no_driver_library"
    IPEX_TORCH_MISMATCH = "extension.ipex_torch_mismatch"  # issue 38: IPEX beside another torch
    # issue 38: Ascend's other wordings
    VLLM_ASCEND_DEVICE = "backend.vllm_ascend_device_unsupported"
    # issue 38: bitsandbytes' multi-backend preview on an AMD GPU
    BNB_ROCM_PREVIEW = "extension.bitsandbytes_rocm_preview"
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU
    DEEPSPEED_NO_DEVICE = "backend.deepspeed_no_device"
    # issue 38 (s9-kernels): a GPU-only library that asked torch for a GPU and found none
    GPU_LIBRARY_NO_GPU = "backend.gpu_library_without_gpu"
    # issue 38: a library's version pin refused, and a Python no release is built for
    PIN_REFUSED = "python.package_version_refused"
    PYTHON_VERSION_UNSUPPORTED = "python.version_unsupported"
    # issue 38 (s18-npfine): pip finding no package of a name one letter from a known one
    PACKAGE_NAME_MISSPELT = "python.package_name_misspelt"
    # issue 38: fp16 on the CPU, float64 on MPS (archlib)
    HALF_ON_CPU = "torch.half_on_cpu"
    MPS_FLOAT64 = "mps.float64_unsupported"
    XPU_FLOAT64 = "xpu.float64_unsupported"  # issue 38 (s9-precision): Arc and Xe-LP GPUs
    XPU_OPERATOR = "xpu.operator_not_implemented"  # issue 38 (s9-precision)
    # issue 38: vLLM Ascend's compiled part missing from a source install
    VLLM_ASCEND_KERNELS = "backend.vllm_ascend_kernels_not_built"
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    XPU_ONEAPI_LIBRARY = "xpu.oneapi_runtime_not_found"
    XPU_IPEX_DLL = "xpu.ipex_windows_dll_not_loaded"
    # issue 38: serving limits stated by vLLM and TGI (configuration, not the environment)
    VLLM_KV_CACHE_SHORT = "serving.vllm_kv_cache_below_max_model_len"
    TGI_TOKEN_LIMITS = "serving.tgi_token_limits"
    # issue 38: Neuron software without a Neuron device, and the runtime against the driver
    NEURON_NO_DEVICE = "neuron.no_device"
    NEURON_RUNTIME_DRIVER = "neuron.runtime_driver_mismatch"
    # issue 38: a library importing a transformers module its transformers is too old to have
    TRANSFORMERS_TOO_OLD = "python.transformers_module_missing"
    # issue 38: Gaudi software of one release on another (optimum-habana's own check)
    HPU_SOFTWARE_RELEASE = "hpu.software_release_apart"
    # issue 38 (s6-macintel): an Intel GPU the XPU build has no AOT kernels for
    XPU_JIT_FIRST_USE = "xpu.kernels_compiled_at_first_use"
    # issue 38: Google TPU / torch_xla
    TPU_NODE_UNSUPPORTED = "tpu.node_unsupported"
    XLA_TORCH_APART = "tpu.torch_xla_torch_apart"
    PJRT_DEVICE_UNSET = "tpu.pjrt_device_unset"
    TPU_IN_USE = "tpu.in_use_by_another_process"
    LIBTPU_APART = "tpu.libtpu_apart"
    # issue 38: CANN's operator kernels missing, or built for another SoC
    CANN_KERNELS_MISSING = "npu.cann_kernels_missing"
    # issue 38: a conda environment's libstdc++ older than a library loaded into it needs
    CONDA_LIBSTDCXX = "python.conda_libstdcxx_too_old"
    # issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph
    MPS_BACKEND_ASSERTION = "mps.backend_assertion"
    # issue 38: torch-neuron / torch-neuronx pinning one torch, beside another
    NEURON_TORCH_APART = "neuron.torch_pinned_apart"
    NEURON_CORES_IN_USE = "neuron.cores_in_use"  # issue 38: NeuronCores held by another process
    # issue 38: a model type (config.json's model_type) the installed transformers predates
    TRANSFORMERS_MODEL_TYPE = "python.transformers_model_type_unknown"
    # issue 38 (s16-models): a model named beside a transformers older than its model type
    TRANSFORMERS_OLDER_THAN_MODEL = "python.transformers_older_than_model"
    # issue 38: a SentenceTransformer argument the installed sentence-transformers predates
    SENTENCE_TRANSFORMERS_TOO_OLD = "python.sentence_transformers_too_old"
    # issue 38: a program asking torch for CUDA on a Mac
    MPS_ASKED_FOR_CUDA = "backend.mps_asked_for_cuda"
    # issue 38 (s11-cudapath): a program asking torch for CUDA on an Intel GPU machine
    XPU_ASKED_FOR_CUDA = "backend.xpu_asked_for_cuda"
    # issue 38 (s8-serving): a build refusing the CUDA toolkit under CUDA_HOME below its floor
    NVCC_BELOW_FLOOR = "extension.nvcc_below_floor"
    # issue 38 (s8-serving): text-generation-inference without the checkpoint's model type
    TGI_MODEL_TYPE_UNSUPPORTED = "serving.tgi_model_type_unsupported"
    # issue 38 (s8-pip): a published file whose metadata gives another version than its name
    WHEEL_VERSION_INCONSISTENT = "python.wheel_version_inconsistent"
    # issue 38: device: an AMD GPU the kernel driver gives no ROCm compute (KFD) support
    KFD_UNSUPPORTED = "device.amd_gpu_without_kfd"
    # issue 38 (s21-rocmgpus): an AMD GPU whose gfx target the ROCm release shown does not list
    ROCM_GPU_NOT_LISTED = "device.amd_gpu_not_listed"
    # issue 38 (s8-platform): a package with no build for the OS it was installed on
    OS_UNSUPPORTED = "backend.os_unsupported"
    # issue 38 (s14-supported): a library's error on a machine its documentation does not list
    LIBRARY_UNSUPPORTED_MACHINE = "backend.library_unsupported_machine"
    # issue 38 (s15-support): a question whether a library runs on a machine, answered from its
    # documentation: it lists the machine (a note), or it does not (a warning)
    LIBRARY_SUPPORT_LISTED = "backend.library_support_listed"
    LIBRARY_SUPPORT_NOT_LISTED = "backend.library_support_not_listed"
    SUPPORT_ASKED_NO_LIBRARY = "backend.support_asked_no_library"  # issue 38 (s20-template)
    # issue 38 (s9-cpucomp): a build that needs an instruction set the CPU lacks (AVX2, AVX-512)
    CPU_ISA_MISSING = "host.cpu_instruction_set_missing"
    # issue 38 (s9-cpucomp): the AWS Neuron compiler's own internal error
    NEURON_COMPILER_ERROR = "neuron.compiler_internal_error"
    # issue 38 (s11-hostmem): the host's memory (RAM, swap, a container's or WSL's limit) ran out
    HOST_MEMORY_EXHAUSTED = "host.memory_exhausted"
    # issue 38: an extension that goes on without its compiled kernels, built for another torch
    KERNELS_SKIPPED = "extension.kernels_skipped"
    # issue 38 (s9-cpucomp): ROCm under WSL on a configuration AMD's WSL matrix does not list
    ROCM_WSL_UNSUPPORTED = "rocm.wsl_configuration_unsupported"
    # issue 38 (s9-imports): a package the run imports is not installed, or is a release
    # without a name the code imports
    PACKAGE_NOT_INSTALLED = "python.package_missing"
    RELEASE_LACKS_NAME = "python.release_lacks_name"
    # issue 38 item 5 (s13-unread): Windows refusing one of torch's DLLs at import
    TORCH_WINDOWS_DLL = "torch.windows_dll_not_loaded"
    # issue 38 item 5 (s13-unread): an operation given tensors on two devices (the code's)
    TENSORS_APART = "torch.tensors_on_two_devices"
    # s14-lookup: a lookup of the machine's platform or device failed in the program's own code
    OWN_CODE_LOOKUP = "python.lookup_in_own_code"
    # issue 38 (s15-toolchain): a source build pip fell back to, and the build tool it lacks
    BUILD_TOOLCHAIN_MISSING = "python.build_toolchain_missing"
    # issue 38 (s15-nogpu): docker asked for a GPU on a machine that has no NVIDIA GPU
    CONTAINER_GPU_WITHOUT_GPU = "host.container_gpu_without_gpu"
    # issue 38 (s17-small): an operator torch-directml lacks; onnxruntime's CPU and GPU packages
    # in one environment; torchaudio without the audio backend it needs
    DML_OPERATOR = "backend.directml_operator_not_implemented"
    ORT_CPU_AND_GPU = "backend.onnxruntime_cpu_and_gpu"
    TORCHAUDIO_BACKEND = "backend.torchaudio_backend_missing"
    # issue 38 (s18-build): the CUDA toolkit refusing nvcc's host compiler (gcc, Visual Studio,
    # clang newer than it knows); NumPy older than the C-API a compiled module was built against
    HOST_COMPILER_UNSUPPORTED = "extension.host_compiler_unsupported"
    NUMPY_TOO_OLD = "python.numpy_too_old"
    # issue 38 (s18-dtype): a dtype MPS has no type for (fp8 weights, complex128); float64
    # refused by torch-directml on a GPU whose DirectML device has none
    MPS_DTYPE = "mps.dtype_unsupported"
    DML_FLOAT64 = "backend.directml_float64_unsupported"
    # issue 38 (s18-dll): one of CUDA's runtime libraries a library other than torch (cuDNN's
    # own loader, CTranslate2, TensorFlow, onnxruntime) could not load by its name
    CUDA_RUNTIME_NOT_LOADED = "libraries.cuda_runtime_not_loaded"
    # issue 38 (s18-launch): a Vulkan program under WSL 2, which has no Vulkan driver for the GPU
    WSL_VULKAN_NO_DRIVER = "host.wsl_vulkan_no_driver"
    # issue 38 (s19-atomics): AMD GPUs the kernel's KFD skipped, their PCIe path passing no
    # atomics; an operator torch_npu runs on the CPU by its fallback
    KFD_PCI_ATOMICS = "device.amd_pcie_atomics_missing"
    NPU_CPU_FALLBACK = "npu.operator_cpu_fallback"
    # issue 38 (s20-unnamed): float64 refused by an Ascend aclnn kernel (CANN's dtype check)
    NPU_FLOAT64 = "npu.float64_unsupported"


@dataclass(frozen=True, slots=True)
class Entry:
    """One code: how bad it is, what it means, and the sentences it is reported with.

    `message` is a `str.format` template over the parameters a check returns. The remedy
    is in two parts: `commands`, shell lines that paste and run as they are (a line that
    starts with `#` is a caveat, as a comment), and `advice`, words for what no command
    can do. A line or advice whose parameters are empty is left out rather than shown with
    a hole. `variants` and `variant_commands` are the sentences for the same diagnosis seen
    from another command (chosen by the `variant` parameter).
    """

    severity: Severity
    title: str
    meaning: str
    message: str
    commands: tuple[str, ...] = ()
    advice: str | None = None
    variants: Mapping[str, str] = field(default_factory=dict)
    variant_commands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    variant_advice: Mapping[str, str] = field(default_factory=dict)
    # A variant that says less than the code's sentence, at a lower severity (issue 38,
    # s16-mend-subject: a library the reporter's words name, which nothing ties to the error)
    variant_severity: Mapping[str, Severity] = field(default_factory=dict)
    # The step of the action ladder the finding asks for (compat/xid.py: restart the
    # application, reset the GPU, reboot, send for service); None: not a health finding.
    action: Action | None = None
    # Parameters a finding carries in its JSON (`params`) that no template names; with the
    # templates' placeholders, the keywords `finding` accepts for this code (findings.py).
    params: tuple[str, ...] = ()


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
# What every load finding carries (diagnosis/load.py, `problem`: the step, the error and
# where the Hub is and what routes to it), named by some of their templates and not others.
LOAD_PARAMS: Final = (
    *("step", "error", "model", "device", "detail", "command", "endpoint", "endpoint_source"),
    *("route", "on", "host", "proxy", "proxy_env", "proxy_vars", "timeout", "mirror", "cause"),
    "status",
)

# issue 38 (s21-atomics): what to do for a GFX8 GPU on a CPU ROCm's README lists without PCIe
# 3.0 atomics (ROCm/ROCm README.md "Supported CPUs", roc-1.5.0 to roc-3.10.x;
# compat/rocm_atomics.py)
_CPU_ATOMICS_ADVICE: Final = (
    "check the kernel's word (sudo dmesg | grep -i kfd): \"skipped device 1002:…, PCI rejects "
    'atomics" confirms it. ROCm will not run this GPU on this CPU and board: put it in a '
    "machine whose CPU the README lists with PCIe 3.0 atomics (Intel Core from the fourth "
    "generation, Haswell, and Xeon E3/E5/E7 v3 on; AMD Ryzen, Threadripper, EPYC), in a PCIe "
    "3.0 slot wired to the CPU; or use a GFX9 or newer GPU (Vega on), which the README says "
    "runs without PCIe atomics from ROCm 1.8. No ROCm or torch reinstall changes this"
)
# issue 38 (s21-rocmgpus): what to do for an AMD GPU the ROCm release shown does not list
_LISTED_FROM: Final = (
    "use ROCm {first} or newer, whose list has {gfx}, with software built for it (for torch, "
    "a ROCm wheel of that release or newer, whose gfx list carries {gfx})"
)
_LISTED_UNTIL: Final = (
    "{gfx} was last listed by ROCm {last}: use that release with software built for it (an "
    "older torch build for that ROCm), or a path that does not go through ROCm where the "
    "program has one (DirectML on Windows, Vulkan); AMD's lists for newer ROCm releases "
    "leave {gfx} out"
)
_SIBLING_OVERRIDE: Final = (
    "run on a GPU ROCm lists; or, as a workaround AMD does not support, "
    "HSA_OVERRIDE_GFX_VERSION={override} makes ROCm report {gfx} as {target}, the listed "
    "target of its family, so the code built for {target} loads on it (Linux only)"
)
_NEVER_LISTED: Final = (
    "no ROCm release's list up to the table's newest holds {gfx}: run on a GPU ROCm lists "
    "(https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/"
    "system-requirements.html), on the CPU, or through Vulkan or DirectML where the program "
    "has them"
)
# issue 38 (s21-container): Apple's GPU is reached on macOS itself, not through a container
# (Docker's "GPU support in Docker Desktop": NVIDIA GPUs with WSL 2 on Windows; PyTorch's MPS
# notes: macOS 12.3+); the container runs on its CPU
_CONTAINER_MAC_ADVICE: Final = (
    "for Apple's GPU, run natively on macOS, outside the container (the library's macOS "
    "install: pip's macOS wheels of torch for MPS, a build with Metal on the Mac itself); or "
    'keep the container and run it on the CPU (device "cpu", an image built without the '
    "Metal feature). No image or Docker setting passes Apple's GPU into a Linux container"
)
# issue 38 (s21-rocmadvice): the words of a target no release up to the table's newest lists
# with its libraries; {runtime} says where one lists it for the HIP runtime alone ([GPU-OS-5.5]
# in compat/rocm_gpus.py: ROCm 5.5.1's "RX 6600 | RDNA2 |HIP Runtime | gfx1031")
_SIBLING_SAID: Final = (
    "{hardware}: the {gpu} is {gfx}, which no ROCm release up to {newest} lists among its "
    "supported GPUs{runtime} (ROCm {release}); its sibling {target} is listed"
)
_NEVER_SAID: Final = (
    "{hardware}: the {gpu} is {gfx}, which no ROCm release up to {newest} lists among its "
    "supported GPUs{runtime} (ROCm {release}): ROCm's libraries ship no code for it"
)
_SIBLING_ASKED: Final = (
    "{hardware}: the paste asks about the {gpu}, {gfx}, which no ROCm release up to {newest} "
    "lists among its supported GPUs{runtime} (ROCm {release}); its sibling {target} is listed"
)
_NEVER_ASKED: Final = (
    "{hardware}: the paste asks about the {gpu}, {gfx}, which no ROCm release up to {newest} "
    "lists among its supported GPUs{runtime} (ROCm {release})"
)
# issue 38 (s21-rocmadvice): a ROCm wheel of torch bundles its own rocBLAS and MIOpen, built
# for its own gfx list (compat/wheels.py: gfx1150 and gfx1151 from torch 2.10, pytorch#167299;
# AMD's TheRock wheels for rocm7.14), so torch runs where AMD's list leaves the target out
_TORCH_WHEEL: Final = (
    "; for torch, a ROCm wheel whose gfx list carries {gfx} runs it with the libraries it "
    "bundles (compat/wheels.py): {wheel}"
)
_OVERRIDE_LINES: Final = (
    "# a workaround AMD does not support (Linux only; ROCm then takes the GPU for {target}):",
    "export HSA_OVERRIDE_GFX_VERSION={override}",
)
# issue 38 (s21-rocmadvice): rocBLAS's "Cannot read <dir>/TensileLibrary.dat … for GPU arch :
# gfx…" (ROCm/rocBLAS library/src/tensile_host.cpp) names the directory of the rocBLAS that
# failed: under /opt/rocm (or a distribution's /usr/lib) it is the system ROCm's, which a torch
# wheel (bundling its own rocBLAS under site-packages/torch/lib) does not replace
_SYSTEM_SAID: Final = (
    "{device} ({name}) is {gfx}, which the system ROCm's rocBLAS has no kernels for (the "
    "paste says: {compiled})"
)
_SYSTEM_ROCBLAS: Final = (
    "the rocBLAS that failed is the system ROCm's, not the one a torch wheel bundles, so "
    "installing torch does not change it: "
)

# issue 38: what vLLM Ascend on an Atlas 300I needs, for a build for the A2/A3 and for a paste
# that shows neither its release nor its build
_VLLM_ASCEND_310P_BUILD: Final = (
    "run vLLM Ascend's Atlas 300I build: its -310p image (from "
    "v" + ascend.VLLM_ASCEND_FIRST_310P + ', "Support Atlas 300I series container '
    'image"; its Atlas 300I tutorial runs ' + ascend.VLLM_ASCEND_310P_IMAGE + " with "
    "the float16 dtype and eager mode), with the NPU's devices passed as that "
    "tutorial shows; or build vLLM Ascend from source for this SoC (SOC_VERSION="
    + ascend.VLLM_ASCEND_310P_SOC
    + " on CANN's 310P toolkit and kernels, as its "
    "Dockerfile.310p does). Its other images and wheels carry kernels for the 910B "
    "only:"
)

# issue 38: the answer for vLLM Ascend named beside an Atlas 300I, its release and build not shown
_VLLM_ASCEND_310P_ANSWER: Final = (
    "vLLM Ascend runs on the paste's NPU, {chip} (an Atlas 300I, 310P), only in its -310p "
    "builds from v" + ascend.VLLM_ASCEND_FIRST_310P + " (experimental; its FAQ names "
    "v0.10.0rc1 the stable one for the 300I Duo): its other images and wheels, and every "
    "release before, carry kernels for the Atlas A2/A3 only (vLLM Ascend's FAQ, \"What "
    'devices are currently supported?")'
)

# issue 38: device: what the node permission findings of a paste add, in a container and of torch
_NODES_NOT_TORCH: Final = (
    "in a container the group that counts is the host's: start it with --group-add and the "
    "nodes' group id as `ls -ln` shows it on the host (not a group made inside the image); "
    "never run the application as root to get round it, and torch needs no reinstall for this"
)

# issue 38: the advice DeepSpeed's two variants share (its launcher where its devices are not)
_DEEPSPEED_WITHOUT_ITS_DEVICES: Final = (
    "DeepSpeed's launcher starts one process per device of its "
    "accelerator and stops where it counts none (deepspeed/launcher/runner.py); its "
    "accelerator setup guide (docs/_tutorials/accelerator-setup-guide.md) lists Intel "
    "CPU (with intel_extension_for_pytorch and oneccl_bind_pt), Intel XPU, Google TPU, "
    "Ascend NPU and Gaudi, no Apple silicon, and its maintainers say CPU-only training "
    "is not supported otherwise (deepspeedai/DeepSpeed#535). Run the script without "
    "the deepspeed launcher and without its DeepSpeed config (python, or accelerate "
    "launch on the CPU or MPS), or on a machine with an NVIDIA GPU; a CUDA torch is no "
    "remedy on this machine"
)

# issue 38 (s11-hostmem): how to load a model in less host memory (host.memory_exhausted)
_LOAD_LESS: Final = (
    "load the model in less host memory: half precision (dtype=torch.bfloat16; torch_dtype= in "
    'older transformers, which 5.x reads as deprecated), device_map="auto" so the weights go '
    "to the accelerator or to disk as they load instead of whole into RAM "
    "(low_cpu_mem_usage=True on transformers 4.x, which device_map implies; the transformers "
    "docs on loading big models), a quantized or smaller model, fewer DataLoader workers "
    "(num_workers) where the workers are what is killed; otherwise more swap or a machine "
    "with more RAM"
)

CATALOGUE: Final[Mapping[Code, Entry]] = {
    # --- torch itself -------------------------------------------------------------------
    Code.TORCH_MISSING: Entry(
        E, "torch is not installed in the target interpreter",
        "The interpreter hwdoctor diagnoses has no torch distribution at all.",
        "torch is not installed in {python}",
        commands=("{install}",),
        advice="if you train in another environment, point hwdoctor at it first (hwdoctor "
        "detect --python PATH); to use this one, install torch into it:",
        variant_commands={"own_tool_env": ()},
        variant_advice={
            "own_tool_env": "this is hwdoctor's own {tool} environment, not one you train in: "
            "point hwdoctor at the Python you train with (activate its venv or conda "
            "environment, or pass --python PATH); install torch there, not here",
        },
    ),
    Code.TORCH_BROKEN: Entry(
        E, "import torch fails even with extension autoload off",
        "torch is installed but `import torch` raises, and it still raises with every "
        "extension's autoload switched off: torch itself or its libraries are broken.",
        "import torch {version} fails: {error}{suffix}",
        commands=("{reinstall}",),
        advice="a shared library error (OSError) usually means a CUDA/ROCm runtime that does "
        "not match this torch build",
        params=("timeout",),
    ),
    Code.TORCH_IMPORT_HANGS: Entry(
        E, "import torch does not finish",
        "`import torch` made no progress within the deadline; the stack in the evidence "
        "shows where it waits.",
        "import torch {version} makes no progress for {timeout} s{suffix}",
        commands=(
            "# the stack in the evidence shows the module it waits on; without extensions:",
            f"export {AUTOLOAD_ESCAPE}",
            "{reinstall}",
        ),
    ),
    Code.TORCH_IMPORT_CRASHES: Entry(
        E, "import torch kills the interpreter",
        "`import torch` ended the process with a signal (a segfault or an abort in a "
        "native library).",
        "import torch {version} kills the interpreter ({signal})",
        commands=("{reinstall}",),
        advice="check that its CUDA/ROCm libraries match the driver",
        params=("timeout",),
    ),
    Code.AUTOLOAD_BROKEN: Entry(
        E, "an auto-loaded extension breaks import torch itself",
        "torch imports every package registered under the `torch.backends` entry points "
        "when it is imported; one of them raises, hangs or crashes, so `import torch` "
        "fails for every program in this environment.",
        "import torch fails because the auto-loaded extension {name} ({origin}) {how}",
        commands=(
            "# {fix}:",
            "{uninstall}",
            "# until then, stop torch from loading extensions at import (import the ones "
            "you need yourself):",
            f"export {AUTOLOAD_ESCAPE}",
        ),
        variants={
            "timeout": "import torch hangs in the auto-loaded extension {name} ({origin}): "
            "no progress for {timeout} s",
            "crashed": "import torch crashes in the auto-loaded extension {name} ({origin}): "
            "it kills the interpreter ({signal})",
        },
    ),
    Code.CPU_ONLY_BUILD: Entry(
        W, "CPU-only torch on a host with an accelerator",
        "The hardware is there, but the installed torch wheel was built without support "
        "for it.",
        "{hardware} hardware is present ({where}) but torch {torch} is a {build} build",
        commands=("{install}",),
        advice="{install_elsewhere}",
        variants={
            "asked": "torch {torch} is a {build} build, and the program asked it for CUDA "
            "(torch: \"Torch not compiled with CUDA enabled\")",
        },
        params=("said",),
    ),
    Code.BUILD_MISMATCH: Entry(
        W, "torch is built for another accelerator",
        "The hardware is there, but the installed torch wheel was built for a different "
        "accelerator (a CUDA wheel on an AMD GPU, for example). On Windows, PyTorch's own "
        "builds are CPU and CUDA ones (pytorch.org's \"Get Started\" selector offers ROCm "
        "for Linux alone), so an AMD GPU there is used only by AMD's Windows wheels, "
        "torch-directml or WSL2.",
        "{hardware} hardware is present ({where}) but torch {torch} is a {build} build",
        commands=("{install}",),
        advice="{install_elsewhere}",
        params=("said",),
        # issue 38 (s8-platform): an AMD GPU on Windows whose torch cannot use it, the build
        # not shown: PyTorch's Windows wheels are CPU or CUDA builds, neither for an AMD GPU
        variants={
            "windows": "{hardware} hardware is present ({where}) on Windows, and torch "
            "{torch} cannot use it ({said}): PyTorch's builds for Windows are CPU and CUDA "
            "ones, and its ROCm builds are for Linux only",
            # issue 38 (s18-launch): webui.sh's choice from lspci (diagnosis/pasted.py
            # `_webui_chose_rocm` cites its lines); TORCH_COMMAND and --reinstall-torch are
            # webui-user.sh's and modules/cmd_args.py's own
            "webui_rocm": "{hardware} hardware is present ({where}) beside an AMD CPU's "
            "integrated graphics ({amd}), and torch {torch} cannot use it ({said}): "
            "Stable Diffusion webui's webui.sh installs torch's ROCm build wherever `lspci | "
            "grep VGA` lists an AMD GPU, and the integrated graphics is one",
        },
        variant_commands={
            "webui_rocm": ("{install}", "./webui.sh --reinstall-torch"),
        },
        variant_advice={
            "webui_rocm": "set TORCH_COMMAND to torch's CUDA build in webui-user.sh (its "
            "\"install command for torch\"; webui.sh reads it before choosing one), then "
            "start webui.sh once with --reinstall-torch; webui.sh releases after #10722 "
            "(2023-05-25) choose ROCm only where lspci lists no NVIDIA GPU",
        },
    ),
    # --- packages and extensions --------------------------------------------------------
    Code.PACKAGE_MISSING: Entry(
        W, "hardware present, its package missing",
        "The host has the hardware, but the extension package torch needs to use it is "
        "not installed in the target interpreter.",
        "{hardware} hardware is present ({where}) but {package} is not installed",
        commands=("{install}",),
        advice="install {install_elsewhere}",
    ),
    Code.EXTENSION_IMPORT_FAILED: Entry(
        E, "an installed extension fails",
        "The extension package is installed, but importing it raises. issue 38 (s14-submodule): "
        "in a pasted error, Python's \"No module named 'X'\" for the module a package builds "
        "from C++/CUDA (compat/submodules.py COMPILED, from each package's setup.py: "
        "flash-attn's flash_attn_2_cuda, mmcv's mmcv._ext, xformers' xformers._C, apex's "
        "amp_C): the package imported, its compiled part is not there, because the install did "
        "not build it (a source install with its build skipped or failed, mmcv 1.x's lite "
        "package instead of mmcv-full) or holds a build for another platform.",
        "{package} {version} is installed but import {module} {how}",
        commands=("# reinstall the {package} release built for torch {torch}:", "{install}"),
        advice="reinstall {install_elsewhere}, in the release built for torch {torch}",
        variants={
            "not_built": "{package}{found} is installed without its compiled part {module} "
            "({said}): the install did not build it (a source install that skipped or failed "
            "its build, or a package without its compiled operators), or holds a build for "
            "another platform",
            # a top-level compiled module ("flash_attn_2_cuda") names no parent Python
            # imported first: the package may be absent as well (a program importing it itself)
            "not_built_alone": "{module}, the compiled part {package} builds, cannot be "
            "imported ({said}): {package}{found} is installed without it (a source install that "
            "skipped or failed its build, or a build for another platform), or is not installed "
            "in the environment the run uses",
            "cuda_only": "{package} is installed without its compiled part {module} ({said}), "
            "and it has no build for {accelerator}: its kernels are for NVIDIA's CUDA (and "
            "AMD's ROCm) alone",
        },
        variant_commands={"not_built": (), "not_built_alone": (), "cuda_only": ()},
        variant_advice={
            "not_built": "{build}",
            "not_built_alone": "{build}",
            "cuda_only": "run without {package} on {accelerator}: the importing library's "
            "option that does not use it (transformers' attn_implementation=\"sdpa\" or "
            "\"eager\" for flash-attn), or a machine with an NVIDIA GPU; no install here builds "
            "kernels that run",
        },
    ),
    Code.EXTENSION_TORCH_MISMATCH: Entry(
        E, "an extension requires another torch version",
        "The extension's metadata declares a torch requirement the installed torch does "
        "not satisfy; extensions are built against one torch release.",
        "{package} {version} requires torch{spec}, but torch {torch} is installed",
        commands=("{install}", "# or: the {package} release built for torch {torch}"),
        variants={"stated": "{package} says it was built for torch{spec}, but torch {torch} "
                  "is installed"},
        # Another finding's remedy keeps this torch (it explains the reported symptom, and
        # torch{spec} would remove what it is about): the companion moves instead.
        variant_commands={
            "keep_torch": ("# keep torch {torch}, {kept}; move {package} to its build:",
                           "{companion}"),
            "keep_nightly": (),
        },
        variant_advice={
            "keep_nightly": "keep torch {torch}, {kept}: install {package}'s nightly of the "
            "same day, {companion}, from PyTorch's nightly index, as a pre-release (the "
            "nightlies of one day are built together)",
        },
    ),
    Code.EXTENSION_BUILT_FOR_OTHER_TORCH: Entry(
        E, "an extension was built for another torch",
        "The extension's compiled module needs a symbol of torch's C++ library that the "
        "installed torch does not have: it was compiled against another torch release, and "
        "torch's C++ interface changes between releases.",
        "{package} was built for another torch: it needs `{symbol}`, which torch {torch} "
        "does not provide",
        commands=("# reinstall {package} in the build made for torch {torch}:", "{reinstall}"),
        advice="reinstall {package} in the release built for torch {torch} (a source build "
        "compiles against the torch installed when it builds)",
        variants={
            "unnamed": "a compiled extension was built for another torch: it needs "
            "`{symbol}`, which torch {torch} does not provide",
            # issue 38 (s17-wrongB): a part the package warns about and goes on without
            # (torchvision/io/image.py: "Failed to load image Python extension: …If you don't
            # plan on using image functionality from `torchvision.io`, you can ignore this
            # warning"): a warning, as the package's own is
            "optional": "{package}'s optional compiled part was built for another torch: it "
            "needs `{symbol}`, which torch {torch} does not provide; {package} warned and went "
            "on without that part",
        },
        variant_commands={
            "unnamed": (),
            "optional": (
                "# reinstall {package} in the build made for torch {torch}:",
                "{reinstall}",
            ),
        },
        variant_advice={
            "unnamed": "reinstall the package whose import raised this (the traceback's last "
            "import names it) in the release built for torch {torch}",
            "optional": "nothing, where the program does not use that part (torchvision's: "
            "reading and writing images with torchvision.io); where it does, reinstall "
            "{package} in the release built for torch {torch} (a source build compiles against "
            "the torch installed when it builds)",
        },
        variant_severity={"optional": W},
    ),
    Code.MPS_MACOS_TOO_OLD: Entry(
        W, "macOS is older than MPS needs",
        "torch's Metal (MPS) backend needs a minimum macOS release (12.3 up to torch 2.4, "
        "13.0 from 2.5, 14.0 from 2.10); below it torch.backends.mps.is_available() is "
        "False and everything runs on the CPU.",
        "{chip} runs macOS {version}; MPS in {torch} needs macOS {minimum} or newer",
        commands=("softwareupdate --list",),
        advice="update macOS to {minimum} or newer (System Settings → General → Software "
        "Update), or use a torch release whose MPS supports macOS {version}",
        variants={
            "unseen": "torch says this Mac's macOS is older than {minimum}, which MPS in "
            "{torch} needs",
            # issue 38 (s18-dtype): an operation (or a dtype of it) that needs a newer macOS
            # than MPS as a whole, named in the message itself (readers/messages.py
            # _MPS_OP_MACOS, _MPS_DTYPE_MACOS)
            "op": "{chip} runs macOS {version}; torch's MPS runs this operation from macOS "
            "{minimum} (torch: \"{said}\")",
            "op_unseen": "torch's MPS runs this operation from macOS {minimum} only, newer "
            "than this Mac's (torch: \"{said}\")",
            # issue 38 (s12-mps): one operation that needs a newer macOS than MPS as a whole:
            # a convolution with an output dimension past 65536 (Convolution.mm; sources in
            # readers/messages.py beside _MPS_CONV_CHANNELS)
            "conv_channels": "torch's MPS convolution refused an output dimension of more "
            "than 65536 (torch: \"Output channels > 65536 not supported at the MPS "
            "device\"): MPS computes it from macOS 15.1 with torch 2.6 and newer; {shown}",
            "conv_channels_macos": "torch's MPS convolution refused an output dimension of "
            "more than 65536 (torch: \"Output channels > 65536 not supported at the MPS "
            "device\"): torch {torch} computes it from macOS 15.1; {shown}",
            "conv_channels_torch": "torch's MPS convolution refused an output dimension of "
            "more than 65536 (torch: \"Output channels > 65536 not supported at the MPS "
            "device\"): on {shown} torch 2.6 and newer compute it; {torch} refuses it",
        },
        variant_commands={"conv_channels_torch": ()},
        variant_advice={
            "unseen": "update macOS to {minimum} or newer (System Settings → General → "
            "Software Update)",
            "op": "update macOS to {minimum} or newer (System Settings → General → Software "
            "Update); on this macOS, cast that operation's tensors to a dtype it runs here "
            "(the message names the one it refused: int64 to int32, or float32), or run that "
            "step on the CPU",
            "op_unseen": "update macOS to {minimum} or newer (System Settings → General → "
            "Software Update); on an older macOS, cast that operation's tensors to a dtype it "
            "runs there (the message names the one it refused: int64 to int32, or float32), "
            "or run that step on the CPU",
            "conv_channels": "update macOS to 15.1 or newer (System Settings → General → "
            "Software Update) and torch to 2.6 or newer (pytorch/pytorch#140726); until "
            "then run that model on the CPU (device=\"cpu\"). "
            "PYTORCH_ENABLE_MPS_FALLBACK=1 does not help: the convolution is already on MPS "
            "when it refuses (pytorch/pytorch#134416). The check looks at every output "
            "dimension, so a 1-D signal longer than 65536 samples meets it too "
            "(pytorch/pytorch#142515)",
            "conv_channels_macos": "update macOS to 15.1 or newer (System Settings → General "
            "→ Software Update), or run that model on the CPU (device=\"cpu\"); "
            "PYTORCH_ENABLE_MPS_FALLBACK=1 does not help (pytorch/pytorch#134416)",
            "conv_channels_torch": "install torch 2.6 or newer (pytorch/pytorch#140726 lifted "
            "the limit from macOS 15.1), or run that model on the CPU (device=\"cpu\"); "
            "PYTORCH_ENABLE_MPS_FALLBACK=1 does not help (pytorch/pytorch#134416)",
        },
    ),
    Code.MPS_OPERATOR: Entry(
        E, "an operator has no MPS kernel in this torch",
        "torch's Metal (MPS) backend does not implement every operator; calling one it lacks "
        "on an MPS tensor raises NotImplementedError (aten/src/ATen/mps/MPSFallback.mm). "
        "PYTORCH_ENABLE_MPS_FALLBACK=1, read when torch loads, runs such operators on the CPU "
        "instead (https://pytorch.org/docs/stable/mps_environment_variables.html): the inputs "
        "are copied to the CPU and the results back on every call, slower than on MPS.",
        "torch {torch} has no MPS kernel for {operator}: the call raises NotImplementedError "
        "on the Apple GPU",
        commands=(
            "# run it on the CPU instead: set before Python starts (torch reads it when it "
            "loads); each call copies its tensors to the CPU and back, slower than on MPS",
            "export PYTORCH_ENABLE_MPS_FALLBACK=1",
        ),
        advice="{newer}",
        variants={
            # a sparse tensor on the Apple GPU: the dispatcher's SparseMPS key, with no kernels
            # registered (pytorch/pytorch#87886) and outside the MPS fallback (MPSFallback.mm
            # registers it for the MPS key; pytorch/pytorch#143955)
            "sparse": "torch {torch} has no MPS kernel for {operator}: the tensor is sparse "
            "and on the Apple GPU, and PYTORCH_ENABLE_MPS_FALLBACK does not cover sparse tensors",
        },
        variant_commands={"sparse": ()},
        variant_advice={
            "sparse": "keep the sparse tensor on the CPU: make it dense (tensor.to_dense()) "
            "before moving it to \"mps\", or run the model that holds it with device=\"cpu\"",
        },
    ),
    Code.PYTHON_TRANSLATED: Entry(
        W, "an x86_64 Python under Rosetta",
        "On Apple silicon, an x86_64 interpreter runs translated by Rosetta and gets torch's "
        "x86_64 macOS wheel, which cannot use the GPU: MPS needs a native arm64 Python.",
        "this Python is an x86_64 build running under Rosetta on {chip}: torch cannot use "
        "MPS from it",
        variants={
            # issue 38 (s13-wheels): the installer's own tag says x86_64 on Apple silicon, and
            # PyPI's file list (compat/builds.py) has no macOS x86_64 file of the release
            "no_file": "this Python is an x86_64 build running under Rosetta on {chip} (the "
            "installer's tag is macOS x86_64): {package}{spec} has no macOS x86_64 file on PyPI, "
            "its macOS wheels are arm64 ones ({why})",
            # issue 38 (s13-wheels): pip finds no file at all of a package PyPI has macOS arm64
            # wheels of for the Python shown (ml-explore/mlx#200: "a non-native Python")
            "none_found": "pip finds no {package} file here, though PyPI has macOS arm64 wheels "
            "of it for {python} ({why}): this Python is likely an x86_64 build running under "
            "Rosetta on {chip}, or macOS is older than those wheels' tags",
            # issue 38 (s20-dyld): dyld's refusal names the library's architecture and the
            # process's (readers/messages.py _MACOS_ARCH): an x86_64 library in an arm64 Python
            # (a wheel or a build made under an x86_64 Python or conda, then reused), and an
            # arm64 one in an x86_64 Python (Rosetta)
            "dyld_library": "macOS's loader refused {library}: the library is an x86_64 build "
            "and this Python is a native {need} one ({said}); an x86_64 build is a wheel or a "
            "local build made under an x86_64 Python or conda (Rosetta) and reused, or a build "
            "that targeted x86_64",
            "dyld_python": "macOS's loader refused {library}: the library is an {have} build "
            "and this Python is an x86_64 one ({said}): on Apple silicon an x86_64 Python runs "
            "translated by Rosetta and loads only x86_64 libraries",
        },
        variant_commands={
            "dyld_library": (
                "# the Python that loads it prints arm64 here:",
                "python3 -c \"import platform; print(platform.machine())\"",
                "{install}",
            ),
            "dyld_python": (
                "# a native interpreter prints arm64 here:",
                "python3 -c \"import platform; print(platform.machine())\"",
                "{install}",
            ),
        },
        variant_advice={
            "no_file": "install a native arm64 Python (python.org's universal2 installer, "
            "Homebrew in /opt/homebrew, or Miniforge for arm64), then install {package} into it",
            "none_found": "install a native arm64 Python (python.org's universal2 installer, "
            "Homebrew in /opt/homebrew, or Miniforge for arm64), then install {package} into it; "
            "where it prints arm64 already, a macOS at least as new as the wheels' tags "
            "(macosx_14_0: macOS 14) installs them",
            # llama-cpp-python#724 (its maintainer): CMAKE_ARGS="-DCMAKE_OSX_ARCHITECTURES=arm64"
            # with --force-reinstall --no-cache-dir; CMake's CMAKE_OSX_ARCHITECTURES page; the
            # ARCHFLAGS setuptools reads on macOS (distutils' sysconfig, customize_compiler)
            "dyld_library": "in this arm64 Python, install {package} again without pip's cache "
            "(the line below: --force-reinstall --no-cache-dir), so that an arm64 build is "
            "installed, not the x86_64 wheel pip cached; a package built from source on the Mac "
            "is built for "
            "arm64 where asked: a CMake build such as llama-cpp-python's with "
            "CMAKE_ARGS=\"-DCMAKE_OSX_ARCHITECTURES=arm64\", a setuptools build with "
            "ARCHFLAGS=\"-arch arm64\"",
            "dyld_python": "install a native arm64 Python (python.org's universal2 installer, "
            "Homebrew in /opt/homebrew, or Miniforge for arm64), then install {package} into it "
            "without pip's cache (the line below, run with that Python's pip)",
        },
        commands=(
            "# a native interpreter prints arm64 here:",
            "python3 -c \"import platform; print(platform.machine())\"",
        ),
        advice="install a native arm64 Python (python.org's universal2 installer, Homebrew in "
        "/opt/homebrew, or Miniforge for arm64), then install torch into it",
    ),
    Code.EXTENSION_REQUIREMENT_INVALID: Entry(
        W, "an extension declares an invalid torch requirement",
        "A `Requires-Dist` line of the extension's metadata is not a valid PEP 508 "
        "requirement (`torch==2.*.*`, `torch~=2`), so which torch it was built for is "
        "unknown; pip refuses such metadata when it installs or checks the package.",
        "{package} {version} declares the invalid requirement `{requirement}` ({reason}); "
        "whether it fits torch {torch} is unknown",
        advice="install the {package} release built for torch {torch}, or ask its "
        "maintainers to fix its metadata",
    ),
    # --- devices -------------------------------------------------------------------------
    Code.BACKEND_UNAVAILABLE: Entry(
        E, "hardware and package present, no device",
        "The hardware is there and the package imports, yet torch reports no usable "
        "device: a driver, permission or visibility problem.",
        "{hardware} hardware is present ({where}) but {module}.is_available() is "
        "False{visibility}",
        advice="{hardware_remedy}",
        params=("install", "install_elsewhere"),
    ),
    Code.NODE_DENIED: Entry(
        E, "device nodes this user cannot open",
        "The device nodes are there, but the user hwdoctor runs as may not read and write "
        "them, so torch sees no device: a permission problem, not missing hardware.",
        "{hardware}: {nodes} exist but only members of {named_groups} may open them",
        commands=(
            'sudo usermod -aG {groups} "$USER"',
            "# then log out and back in (or start a shell with: newgrp {group})",
        ),
        advice="no command joins {unknown_groups}: not a group the {hardware} documentation "
        "names for its device nodes; ask whoever runs this machine",
        # Only a group the registry names for the backend goes into `usermod -aG` (an evidence
        # file's group could be `sudo`); the nodes to look at, only as /dev paths, quoted.
        variants={
            "no_group": "{hardware}: {nodes} exist but this user may not open them",
            # issue 38: rocminfo's or Ollama's "Permission denied" in a paste; ROCm's install
            # guide gives its nodes to the render and video groups
            # (https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/
            # prerequisites.html, "Setting permissions for groups")
            "pasted": "{hardware}: this user may not open {nodes} (Permission denied), so "
            "ROCm and torch see no GPU; ROCm's install guide gives them to members of "
            "{named_groups}",
            "pasted_member": "{hardware}: this user may not open {nodes} (Permission denied) "
            "though rocminfo finds it in the {group} group: a group joined after this login "
            "began applies only from the next login",
            # issue 38: device: another program's "<node>: Permission denied" (amd-smi, Python's
            # PermissionError, strace), or the reporter's "works only as root / with sudo"; the
            # groups are the registry's for the accelerator the paste shows (NVIDIA's nv-reg.h
            # DeviceFileGID as distributions set it, ROCm's and Intel's render group, CANN's
            # HwHiAiUser)
            "pasted_node": "{hardware}: this user may not open {nodes} (Permission denied), so "
            "torch sees no device though it is there; members of {named_groups} may open them",
            "pasted_node_no_group": "{hardware}: this user may not open {nodes} (Permission "
            "denied), so torch sees no device though it is there",
            "as_root": "{hardware}: the paste says it works as root and not as this user "
            "({said}): the device nodes let root open them, not this user; members of "
            "{named_groups} may open them",
            "as_root_no_group": "{hardware}: the paste says it works as root and not as this "
            "user ({said}): the device nodes let root open them, not this user",
        },
        variant_commands={
            "no_group": ("ls -l {listed}",),
            "unknown_group": ("ls -l {listed}",),
            "pasted_member": (
                "# log out and back in (or start a shell with: newgrp {group}), then check",
                "id -nG",
                "ls -l {listed}",
            ),
            # issue 38: device: the nodes' owner first, then the documented group
            "pasted_node": (
                "ls -l {listed}",
                'sudo usermod -aG {groups} "$USER"',
                "# then log out and back in (or start a shell with: newgrp {group})",
            ),
            "pasted_node_no_group": ("ls -l {listed}",),
            "as_root": (
                "ls -l {listed}",
                'sudo usermod -aG {groups} "$USER"',
                "# then log out and back in (or start a shell with: newgrp {group})",
            ),
            "as_root_no_group": ("ls -l {listed}",),
        },
        variant_advice={
            "no_group": "no group this user could join opens them: check their owner and mode "
            "and the driver's udev rules",
            "pasted": "in a container, start it with the groups instead (docker run … "
            "--device=/dev/kfd --device=/dev/dri --group-add video --group-add render, ROCm's "
            "Docker guide); torch needs no reinstall for this",
            "pasted_member": "in a container, start it with the groups (docker run … "
            "--group-add video --group-add render, ROCm's Docker guide)",
            # issue 38: device
            "pasted_node": _NODES_NOT_TORCH,
            "pasted_node_no_group": "no group the {hardware} documentation names opens them: "
            "check their owner and mode; " + _NODES_NOT_TORCH,
            "as_root": _NODES_NOT_TORCH,
            "as_root_no_group": "no group the {hardware} documentation names opens them: "
            "check their owner and mode; " + _NODES_NOT_TORCH,
        },
    ),
    Code.CONTAINER_NO_DEVICE: Entry(
        E, "the container was started without the device",
        "hwdoctor runs in a container; the hardware is on the host's PCI bus but its device "
        "nodes were not passed into the container.",
        "{hardware} present on the PCI bus ({where}), but this {container} container has "
        "none of its device nodes",
        advice="start the container with {flags}",
    ),
    Code.CONTAINER_HIDES: Entry(
        W, "the container runtime hides every device",
        "A container runtime variable is set to a value that passes no device in.",
        "{hardware} present ({where}), but {variable}={value} gives this container none",
        advice="{meaning}; run the container with {variable}=all, or the device indices it "
        "should see",
    ),
    Code.DEVICE_ORDER: Entry(
        W, "torch numbers the devices differently from the vendor tool",
        "With GPUs of different models and the device-order variable unset, torch numbers "
        "the fastest first, while the vendor tool lists them by PCI bus: index N is not "
        "the same GPU in both.",
        "{count} different {hardware} devices and {variable} unset: torch's order is not "
        "the PCI bus order {tool} shows ({mapping})",
        commands=("export {variable}={value}",),
    ),
    Code.SHM_SMALL: Entry(
        W, "/dev/shm is too small for several GPUs",
        "NCCL moves data between the GPUs of one machine through /dev/shm; a container's "
        "default (64 MB in Docker) makes multi-GPU jobs fail or hang.",
        "/dev/shm is {size} in this {container} container, with {count} {hardware} devices",
        advice="start the container with --shm-size=1g (or --ipc=host), as NCCL's "
        "troubleshooting guide recommends",
    ),
    Code.QUERY_FAILED: Entry(
        E, "asking torch about a device raised",
        "The availability or device-count query of a backend raised an exception.",
        "asking torch about {hardware} ({module}) {how}",
        advice="{hardware_remedy}",
    ),
    Code.PACKAGE_WITHOUT_HARDWARE: Entry(
        W, "a vendor package without its hardware",
        "An accelerator's extension package is installed and imports, but this machine has "
        "none of its devices. Harmless on a machine that is not meant to use it (an image "
        "built for several machines); `detect --require DEVICE` makes it fail.",
        "{package} {version} is installed, but no {hardware} is present ({answer})",
        commands=("# on a machine that is never meant to use it, to silence this:", "{uninstall}"),
        advice="if this machine should have one: {hardware_remedy}",
        variants={
            "refused": "{package} {version} is installed, but no {hardware} is present "
            "({answer}; {module} answers only through torch.accelerator)",
        },
    ),
    Code.DEVICES_HIDDEN: Entry(
        W, "a visibility variable hides devices",
        "The host has more devices than torch sees, and a visibility variable is set.",
        "{present} {hardware} device(s) present, {visible} visible to torch: {variables}",
        commands=(
            "unset {variable}",
            "# or list the devices this job should see, by index:",
            "export {variable}={indices}",
        ),
    ),
    Code.DEVICES_MASK_HIDES_ALL: Entry(
        W, "a visibility variable may hide every device",
        "torch sees no device while a visibility variable is set that lets none through on "
        "a machine with that few devices (CUDA_VISIBLE_DEVICES: an invalid index ends the "
        "list; ROCm: the indices count what is left after ROCR_VISIBLE_DEVICES), or the "
        "runtime refused the variable. Reported where the number of devices is not known.",
        "torch sees no {hardware} while {variable}={shown} is set, which lets none through "
        "on a machine with {up_to} or fewer such devices",
        commands=(
            "unset {variable}",
            "# or name only devices this machine has, counted from 0 ({lister} lists them):",
            "export {variable}=0",
        ),
        advice="a script that sets {variable} itself (os.environ in Python, a line of a "
        "launch script) overrides the shell: change it there",
        variants={
            "none": "torch sees no {hardware} while {variable}={shown} is set, which names no "
            "device: it hides every one",
            "refused": "torch sees no {hardware}: the runtime refused {variable}={shown} "
            "({said})",
            "after": "torch sees no {hardware} while {variable}={shown} is set after "
            "{first}={first_shown}, which leaves at most {left}: it hides every one",
        },
        variant_commands={
            "refused": (
                "unset {variable}",
                "# or list the same devices in ascending order:",
                "export {variable}={ascending}",
            ),
            "after": (
                "unset {variable}",
                "# {first} alone selects the devices; {variable} counts from 0 among them",
            ),
        },
    ),
    Code.ARCH_NOT_COMPILED: Entry(
        E, "torch has no kernels for this device",
        "No cubin and no PTX in the torch build runs on the GPU's compute capability (a "
        "cubin runs on the same major and an equal or newer minor, never between Jetson and "
        "desktop; PTX on any equal or newer capability): the first kernel fails with \"no "
        "kernel image is available for execution on the device\".",
        "{device} ({name}) has {arch}, which torch {torch} has no kernels for (compiled: "
        "{compiled})",
        commands=("{reinstall}",),
        variant_commands={"none": ()},
        advice="install a torch build with a newer CUDA whose compiled list serves {arch} "
        "(a cubin of its major with an equal or older minor, or PTX of an older capability)",
        variant_advice={
            "older": "{arch} is older than this build supports: torch's CUDA 12.6 builds "
            "(index cu126) still carry Maxwell, Pascal and Volta, or install an older torch "
            "release",
            "none": "torch's published wheels since 1.0 start at sm_20 (torch 1.0 for CUDA "
            "8.0); none has code for {arch}, so torch cannot use this GPU: run on the CPU",
            "tegra": "{arch} is a Jetson (Tegra) GPU, which runs only cubins built for Jetson "
            "or PTX: install a torch build compiled for {arch}",
        },
    ),
    Code.GFX_NOT_COMPILED: Entry(
        E, "torch has no code objects for this AMD GPU",
        "The ROCm build of torch was not compiled for the GPU's gfx target; torch does not "
        "check this, and the first kernel fails with \"HIP error: invalid device "
        "function\". Where rocBLAS's own line names the directory it failed in under "
        "/opt/rocm or /usr/lib (\"Cannot read /opt/rocm/lib/rocblas/library/"
        "TensileLibrary.dat: … for GPU arch : gfx1036\"), the rocBLAS is the system ROCm's, "
        "not the one a ROCm wheel of torch bundles (…/torch/lib/rocblas), so the remedy is "
        "that ROCm: a release whose list carries the target (compat/rocm_gpus.py), the "
        "HSA_OVERRIDE_GFX_VERSION of a listed sibling, or a build for it; never a torch wheel.",
        "{device} ({name}) is {gfx}, which torch {torch} has no code objects for (compiled: "
        "{compiled})",
        commands=(
            "{install}",
            "# or, as a workaround (Linux only; ROCm then takes the GPU for {target}):",
            "export HSA_OVERRIDE_GFX_VERSION={override}",
        ),
        advice="install a ROCm build of torch compiled for {gfx}",
        variant_advice={
            "override": "install a ROCm build of torch compiled for {gfx}; or, as a "
            "workaround and not a supported setup, HSA_OVERRIDE_GFX_VERSION={override} makes "
            "ROCm report {gfx} as {target}, the compiled target of its family, so torch's "
            "{target} code objects load on it (Linux only; a wrong family fails to load)",
            "none": "no ROCm wheel of torch (download.pytorch.org) whose gfx list is known "
            "carries {gfx}: it takes a torch build compiled for it (PYTORCH_ROCM_ARCH={gfx} "
            "in a source build)",
            "windows": "install a build of torch for Windows compiled for {gfx}: "
            "{install_elsewhere} (the HSA_OVERRIDE_GFX_VERSION workaround is for Linux only)",
            "none_override": "no ROCm wheel of torch (download.pytorch.org) whose gfx list is "
            "known carries {gfx}; as a workaround and not a supported setup, "
            "HSA_OVERRIDE_GFX_VERSION={override} makes ROCm report {gfx} as {target}, the "
            "compiled target of its family, so torch's {target} code objects load on it "
            "(Linux only)",
            "system": _SYSTEM_ROCBLAS + "install a ROCm release whose list carries {gfx} "
            "(ROCm {first} or newer, compat/rocm_gpus.py), with the program built for it",
            "system_override": _SYSTEM_ROCBLAS + "no ROCm release up to {newest} lists {gfx}; "
            "as a workaround AMD does not support, HSA_OVERRIDE_GFX_VERSION={override} makes "
            "ROCm report {gfx} as {target}, the listed target of its family, so that ROCm's "
            "{target} kernels load on it (Linux only)",
            "system_none": _SYSTEM_ROCBLAS + "no ROCm release up to {newest} lists {gfx}: "
            "build rocBLAS and the program for it (rocBLAS's AMDGPU_TARGETS={gfx}), or run on "
            "a GPU ROCm lists",
        },
        variants={
            "system": _SYSTEM_SAID,
            "system_override": _SYSTEM_SAID,
            "system_none": _SYSTEM_SAID,
        },
        variant_commands={
            "system": (),
            "system_override": _OVERRIDE_LINES,
            "system_none": (),
            "none_override": (
                "# a workaround, not a supported setup (Linux only; ROCm then takes the GPU "
                "for {target}):",
                "export HSA_OVERRIDE_GFX_VERSION={override}",
            ),
            "windows": (),
        },
    ),
    Code.KERNELS_BY_PTX_JIT: Entry(
        I, "kernels come from PTX compiled at first use",
        "The torch build has no cubin for the GPU, but PTX of an older capability, which the "
        "driver JIT-compiles when the program starts: slower first use, and it needs a "
        "driver at least as new as the CUDA that built the PTX.",
        "{device} ({name}, {arch}) runs torch {torch}'s kernels from PTX {ptx}, which the "
        "driver JIT-compiles at first use; that needs a driver that supports CUDA {cuda} or "
        "newer",
        advice="for kernels without the JIT step, install a torch build with a cubin for "
        "{arch}",
        params=("compiled",),
    ),
    Code.MEMORY_QUERY_FAILED: Entry(
        W, "free memory could not be read",
        "Reading a device's free memory raised or hung; budgets that need it are unknown. "
        "torch.xpu.mem_get_info raises where Intel's runtime does not report free memory "
        "(torch/csrc/xpu/Module.cpp: \"The device (…) doesn't support querying the available "
        "free memory\"): SYCL's ext_intel_free_memory aspect, which Level Zero gives only "
        "with ZES_ENABLE_SYSMAN=1 and not for integrated GPUs (intel/llvm's SYCL tests of "
        "free_memory), and which Sysman may give only to root or CAP_PERFMON "
        "(intel/intel-extension-for-pytorch#549, oneapi-src/level-zero#133). Code that "
        "budgets by free memory (vLLM's XPU worker, transformers' and accelerate's device_map "
        "budgets) then stops, though the device works.",
        "reading free memory ({step}) {how}",
        variants={
            # issue 38 (s9-memory): the same failure stated in a pasted report
            "intel_gpu": "torch.xpu.mem_get_info could not read the free memory of {device}: "
            "Intel's runtime does not report it for this device (SYCL's ext_intel_free_memory "
            "aspect is missing)",
            "sycl": "torch.xpu.mem_get_info is not available in this torch: it was built with "
            "a SYCL compiler older than 2025.0",
        },
        variant_advice={
            "intel_gpu": "on Linux with a discrete Intel GPU, set ZES_ENABLE_SYSMAN=1 before "
            "Python starts (Level Zero reports free memory through Sysman, which may need root or "
            "CAP_PERFMON); an integrated GPU does not report it: give the code that asks a "
            "memory budget of its own where it takes one (max_memory for device_map) or a "
            "release of it that does not ask",
            "sycl": "use a newer torch XPU build (PyTorch's XPU wheels built with oneAPI "
            "2025.0 or newer) or give the code that asks a memory budget of its own",
        },
    ),
    # issue 38 (s9-memory): a device's memory run out, on every backend but MPS and the Ascend
    # NPU, which have codes of their own (mps.out_of_memory, npu.out_of_memory). Level Zero's
    # limit on one allocation: the Unified Runtime adapter asks for more with
    # UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1, and the kernels need the >4GB build option
    # (intel/llvm sycl/test-e2e/Plugin/max_malloc.cpp runs with both, "env
    # UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1 SYCL_PROGRAM_COMPILE_OPTIONS=
    # -ze-intel-greater-than-4GB-buffer-required"; intel/compute-runtime level_zero/doc/
    # RELEASENOTES_CORE.md v1.1: "kernels need to be compiled with …-greater-than-4GB-buffer-
    # required"). Red team item 5: the name was UR_L0_USE_…, which nothing reads.
    Code.DEVICE_OUT_OF_MEMORY: Entry(
        E, "the device's memory ran out",
        "An allocation on the accelerator found no memory left: the model, batch, sequence or "
        "activations this process holds, with what other processes hold on the same device, "
        "are larger than the device's memory. Each backend says it in its own words: torch's "
        "CUDA, ROCm (HIP) and XPU caching allocators (c10/cuda/CUDACachingAllocator.cpp and "
        "its hipified copy, c10/xpu/XPUCachingAllocator.cpp: \"… out of memory. Tried to "
        "allocate …\"), the CUDA and HIP runtimes (cudaErrorMemoryAllocation, "
        "hipErrorOutOfMemory: \"out of memory\"; cuBLAS's CUBLAS_STATUS_ALLOC_FAILED), "
        "Intel's Unified Runtime and Level Zero (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY), "
        "Gaudi's PyTorch bridge (\"PT_DEVMEM Allocation failed\"), the Neuron runtime "
        "(\"Failed to alloc DEVICE memory\", nrt status 4 \"Allocation Failure\") and XLA "
        "on TPUs (RESOURCE_EXHAUSTED, openxla/xla docs/errors 0100, 0101, 1000). A larger "
        "device, a smaller piece of work or the work spread over more devices is the remedy; "
        "no reinstall is.",
        "torch's CUDA allocator ran out of the GPU's memory ({said})",
        advice="make the work smaller: a smaller batch, image or sequence, half precision "
        "(torch_dtype=torch.bfloat16 or float16), a quantized model, gradient checkpointing "
        "when training, device_map=\"auto\" with max_memory to spread the model over GPUs "
        "or offload part of it; nvidia-smi shows what other processes hold on the GPU. Where "
        "torch says much memory is reserved but unallocated, "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, set before Python starts, lessens "
        "fragmentation (torch's CUDA semantics notes, \"Optimizing memory usage with "
        "PYTORCH_CUDA_ALLOC_CONF\")",
        variants={
            "hip_allocator": "torch's ROCm (HIP) allocator ran out of the AMD GPU's memory "
            "({said})",
            "xpu_allocator": "torch's XPU allocator ran out of the Intel GPU's memory ({said})",
            # red team item 6: IPEX's check on one block, whatever memory is free (the paste
            # of intel/intel-extension-for-pytorch#629: "0 bytes already allocated; 15.56 GiB
            # total capacity"); its source is beside _INTEL_RUNTIME_OOM in readers/messages.py
            "xpu_block_limit": "IPEX's XPU allocator refuses any one allocation over 4 GB on "
            "this Intel GPU, however much memory is free ({said})",
            "cuda_runtime": "the CUDA runtime could not allocate GPU memory ({said})",
            "hip_runtime": "the HIP runtime could not allocate the AMD GPU's memory ({said})",
            "xpu_runtime": "Intel's GPU runtime could not allocate device memory ({said})",
            "gaudi": "Gaudi's PyTorch bridge could not allocate HPU memory ({said})",
            "neuron_runtime": "the Neuron runtime could not allocate device memory on the "
            "NeuronCore ({said})",
            "xla_runtime": "XLA ran out of the accelerator's memory ({said})",
        },
        variant_advice={
            "hip_allocator": "make the work smaller: a smaller batch, image or sequence, half "
            "precision (torch_dtype=torch.bfloat16 or float16), a quantized model, gradient "
            "checkpointing when training, device_map=\"auto\" with max_memory to spread or "
            "offload the model; "
            "amd-smi (rocm-smi) shows what other processes hold on the GPU. Where torch says "
            "much memory is reserved but unallocated, "
            "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True, set before Python starts, "
            "lessens fragmentation (torch names it in this message on ROCm)",
            "xpu_allocator": "make the work smaller: a smaller batch, image or sequence, half "
            "precision (torch_dtype=torch.bfloat16 or float16), a quantized model, "
            "device_map=\"auto\" with max_memory to spread or offload the model; "
            "torch.xpu.empty_cache() returns "
            "the memory torch holds cached but unused (torch's XPU message says so), and "
            "xpu-smi shows what other processes hold on the GPU. One allocation of 4 GiB or "
            "more can fail with memory free: Level Zero limits one allocation to 4 GB unless "
            "asked for more, which the Unified Runtime's Level Zero adapter does with "
            "UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1, and the kernels that use such a buffer "
            "must also be built with -ze-intel-greater-than-4GB-buffer-required "
            "(SYCL_PROGRAM_COMPILE_OPTIONS for kernels built at run time), so the variable "
            "alone may not be enough; smaller tensors avoid it",
            "xpu_block_limit": "keep every tensor under 4 GiB: a smaller batch, image or "
            "sequence, or the work split into chunks (a tiled VAE decode, sliced attention); "
            "IPEX makes this check itself on a GPU without 2D block arrays (Arc A-series, "
            "Flex) before it asks the driver for memory, so neither freeing memory nor a Level "
            "Zero setting lifts it",
            "cuda_runtime": "another process may hold the GPU's memory: nvidia-smi shows each "
            "process's share; end it or pick a free GPU with CUDA_VISIBLE_DEVICES. Otherwise "
            "make the work smaller: a smaller batch or sequence, half precision, a quantized "
            "model, the model spread over more GPUs",
            "hip_runtime": "another process may hold the GPU's memory: amd-smi (rocm-smi) "
            "shows each process's share; end it or pick a free GPU with HIP_VISIBLE_DEVICES. "
            "Otherwise make the work smaller: a smaller batch or sequence, half precision, a "
            "quantized model, the model spread over more GPUs",
            "xpu_runtime": "make the work smaller: a smaller batch, image or sequence, half "
            "precision, a quantized model, the model spread over more GPUs; xpu-smi shows "
            "what other processes hold on the GPU",
            "gaudi": "spread the model over more Gaudi cards (a larger tensor-parallel size, as "
            "HabanaAI's vLLM fork advises for this message) or make the work smaller: a "
            "smaller batch, max_model_len or sequence, bf16; hl-smi shows each card's memory "
            "in use",
            "neuron_runtime": "spread the model over more NeuronCores (a larger tp_degree or "
            "tensor_parallel_size) or make it smaller: a smaller batch, sequence length "
            "(n_positions), bf16; neuron-top shows what other processes hold on the device",
            "xla_runtime": "make the work smaller: a smaller batch or sequence, bf16, parameters "
            "sharded over the chips (FSDP or SPMD sharding); XLA's error reference "
            "(openxla/xla docs/errors, codes 0100, 0101 and 1000) explains each form",
        },
    ),
    Code.ALLOCATION_FAILED: Entry(
        E, "an available device cannot hold a tensor",
        "torch says the device is available, but creating a small tensor on it fails.",
        "{device} reports itself available but cannot hold a tensor: {error}",
        advice="{hardware_remedy}",
    ),
    # --- the probe -----------------------------------------------------------------------
    Code.PROBE_TIMEOUT: Entry(
        E, "a probe step hung",
        "A step of the probe made no progress within the deadline; hwdoctor skipped it and "
        "reports the rest.",
        "`{step}` {how}; hwdoctor skipped it and reports the rest",
        commands=("# {package} is the likely culprit; reinstall it:", "{install}"),
        params=("install_elsewhere",),
    ),
    Code.PROBE_CRASHED: Entry(
        E, "a probe step killed the interpreter",
        "A step of the probe ended the process; hwdoctor skipped it and reports the rest.",
        "`{step}` {how}; hwdoctor skipped it and reports the rest",
        commands=("# {package} is the likely culprit; reinstall it:", "{install}"),
        params=("install_elsewhere",),
    ),
    Code.PROBE_ERROR: Entry(
        E, "a probe step failed",
        "A step of the probe raised an exception that no more specific code covers.",
        "`{step}` {how}; hwdoctor skipped it and reports the rest",
        commands=("# {package} is the likely culprit; reinstall it:", "{install}"),
        params=("install_elsewhere",),
    ),
    Code.PROBE_MALFORMED: Entry(
        E, "the probe sent something malformed",
        "A fact the probe reported did not have the shape hwdoctor reads (a text where a "
        "number belongs, an impossible device index, a requirement thousands of characters "
        "long). Anything in the diagnosed environment can write to the probe's channel, "
        "the extensions it imports included; what did not fit was left out of the report.",
        "the probe sent something malformed: {what}; hwdoctor left it out and reports the "
        "rest",
        advice="an extension imported by the probe may be writing to hwdoctor's channel: "
        "see the evidence, and rerun with TORCH_DEVICE_BACKEND_AUTOLOAD=0 to compare",
    ),
    Code.SHADOWED_MODULE: Entry(
        W, "a module in the current directory shadows the standard library or an installed one",
        "Python puts the script's directory first on sys.path, so a json.py or torch.py "
        "next to a training script is imported instead of the real module, with errors "
        "that seem to come from torch. hwdoctor's probe leaves the current directory out "
        "of its own imports and reports what it found there. issue 38 (s14-submodule): in a "
        "pasted traceback, a package's __init__.py outside site-packages before \"No module "
        "named 'A.B'\" is A imported from a directory (a source checkout run from its root, an "
        "editable install whose build left its compiled part out, a folder beside the "
        "script), which lacks the module an installed build has.",
        "{modules} in the current directory would be imported instead of the real "
        "module{plural} by a script run from here",
        advice="rename or remove {paths}",
        variants={
            "pasted": "{package} is imported from {path}, a directory outside the "
            "environment's site-packages (a source checkout, an editable install, or a folder "
            "beside the script), which has no {module} ({said})",
        },
        variant_advice={
            "pasted": "where that directory is not meant to be used, run the program from "
            "another directory or rename it (Python puts the script's directory, or the "
            "current one, first on sys.path), so that the installed {package} is imported; "
            "where it is an editable install or a checkout meant to be used, build its "
            "compiled parts in place (pip's editable install of it, with -v) and read the "
            "build's log for why it left them out",
        },
    ),
    Code.PYTHON_UNUSABLE: Entry(
        E, "the target interpreter could not run the probe",
        "The interpreter did not start, or died before it reported anything.",
        "{python} did not run hwdoctor's probe ({how})",
        advice="check that --python names a working Python 3.8+ interpreter",
    ),
    # --- the NVIDIA driver (hwdoctor/compat/drivers.py holds the floors and their sources) --
    Code.DRIVER_TOO_OLD: Entry(
        E, "the NVIDIA driver is older than this torch build needs",
        "torch is built against a CUDA release, and NVIDIA documents the oldest driver each "
        "release runs on: the toolkit's own minimum, lowered by minor-version compatibility "
        "within a CUDA major, raised by the floor some GPU generations add.",
        "NVIDIA driver {driver} is too old for torch {torch}, built for CUDA {toolkit}{on_gpu}: "
        "it needs driver {floor} or newer ({rule})",
        commands=("# or keep this driver, with a torch build it runs:", "{reinstall}"),
        advice="upgrade the NVIDIA driver to branch R{branch} or newer",
    ),
    Code.DRIVER_GPU_UNSUPPORTED: Entry(
        E, "the NVIDIA driver cannot drive this GPU",
        "Each NVIDIA driver branch supports the GPU generations it has code for: a new "
        "generation needs a branch at least as new as its launch, and an old one is dropped "
        "after its last branch. Outside those bounds the kernel module refuses the GPU, so no "
        "torch build can use it.",
        "NVIDIA driver {driver} cannot drive {gpu}: {why}",
        advice="{remedy}",
    ),
    Code.DRIVER_CUDA_TOO_OLD: Entry(
        E, "the NVIDIA driver supports an older CUDA than torch's",
        "torch could not start CUDA: the driver reported (\"found version NNNNN\") the newest "
        "CUDA it supports, older than the CUDA this torch build needs.",
        "torch {torch} is built for CUDA {toolkit}, but the NVIDIA driver supports CUDA up to "
        "{supports} (torch: \"found version {number}\"); CUDA {toolkit} needs driver {floor} or "
        "newer ({rule})",
        commands=("# or keep this driver, with a torch build it runs:", "{reinstall}"),
        advice="upgrade the NVIDIA driver to branch R{branch} or newer",
        variants={
            "toolkit_unknown": "the NVIDIA driver supports CUDA up to {supports} (torch: "
            "\"found version {number}\"), older than the CUDA this torch build was made for",
            "said": "the NVIDIA driver is older than the CUDA this torch build was made for "
            "(torch: \"The NVIDIA driver on your system is too old\")",
            "runtime_said": "the NVIDIA driver is older than the CUDA runtime this torch build "
            "ships, or no driver answers (CUDA error 35: \"CUDA driver version is "
            "insufficient for CUDA runtime version\")",
            # issue 38: a serving image (TGI's, vLLM's) refused by the container toolkit
            "container": "the image needs CUDA {needs} or newer, and the host's NVIDIA driver"
            "{driver} supports an older CUDA (nvidia-container-cli: \"unsatisfied condition: "
            "cuda>={needs}\"): the container does not start",
            "ptx": "the NVIDIA driver{driver} is older than the CUDA that compiled this "
            "program's GPU code (CUDA error 222: \"the provided PTX was compiled with an "
            "unsupported toolchain\")",
        },
        variant_advice={
            "toolkit_unknown": "upgrade the NVIDIA driver to one that supports the CUDA of "
            "the installed torch, or install a torch built for CUDA {supports} or older",
            "said": "upgrade the NVIDIA driver to one that supports the CUDA of the installed "
            "torch (nvidia-smi shows the newest CUDA it supports)",
            "runtime_said": "install or upgrade the NVIDIA driver to one that supports the "
            "CUDA of the installed torch (nvidia-smi shows the driver and the newest CUDA it "
            "supports; if it fails, no driver is loaded)",
            "container": "upgrade the host's NVIDIA driver to {floor} or newer (CUDA {needs}'s "
            "minimum, NVIDIA's CUDA Toolkit release notes, Table 3), or run a tag of the image "
            "built for the CUDA this driver supports (nvidia-smi's \"CUDA Version\"); "
            "reinstalling the CUDA toolkit does not change the driver",
            "ptx": "upgrade the NVIDIA driver to one that supports the program's CUDA{needs}, "
            "or run a build made for the CUDA this driver supports (nvidia-smi's \"CUDA "
            "Version\"): minor-version compatibility does not cover compiling PTX",
        },
    ),
    Code.DRIVER_LIBRARY_MISMATCH: Entry(
        E, "the NVIDIA kernel module and libraries differ",
        "The loaded kernel module and the user-space driver libraries have different "
        "versions, usually because the driver was upgraded without a reboot; CUDA and NVML "
        "refuse to start (\"Driver/library version mismatch\", CUDA error 803)."
        # issue 38 (s8-serving): CUDA error 803 in the runtime's words, and its container form
        " CUDA's error 803 (cudaErrorSystemDriverMismatch, CUDA Runtime API: \"a mismatch "
        "between the versions of the display driver and the CUDA driver\") says the same of "
        "libcuda; it is also a libcuda of another release put in front of the host's (the "
        "CUDA forward-compatibility package, cuda-compat, of NVIDIA's CUDA Compatibility "
        "guide, in a container image or a conda environment, or driver libraries copied into "
        "an image).",
        "the loaded NVIDIA kernel module is {kernel} but the user-space driver is {library} "
        "({where}): the driver was upgraded without a reboot",
        advice="reboot, or unload and reload the nvidia kernel modules, so that the module of "
        "the installed driver is the one loaded",
        variants={
            "said": "the NVIDIA kernel module and the user-space driver differ in version "
            "({where}): the driver was upgraded without a reboot",
            "cuda_803": "CUDA refused to start (CUDA error 803: \"system has unsupported "
            "display driver / cuda driver combination\"): the NVIDIA kernel module and the "
            "CUDA driver library (libcuda) loaded are of different releases: a driver upgraded "
            "without a reboot, or a libcuda of another release loaded in front of the host's "
            "(a container image's or a conda environment's cuda-compat)",
        },
        variant_advice={
            "cuda_803": "reboot after a driver upgrade (or reinstall one NVIDIA driver, so "
            "that its kernel module and libraries are the same release: nvidia-smi then "
            "answers); otherwise load the host driver's own libcuda: no cuda-compat "
            "directory (an image's /usr/local/cuda/compat, a conda environment's cuda-compat "
            "package) or copied driver library on LD_LIBRARY_PATH, unless the GPU supports "
            "CUDA forward compatibility (data-centre GPUs) and the host's driver is older "
            "than it",
        },
    ),
    Code.DRIVER_NOUVEAU: Entry(
        E, "nouveau drives the NVIDIA GPU",
        "The kernel's own open-source nouveau driver is loaded instead of NVIDIA's; CUDA "
        "runs only on NVIDIA's driver.",
        "{hardware} is present ({where}) but the nouveau driver is loaded instead of nvidia, "
        "and CUDA cannot use nouveau",
        advice="install NVIDIA's driver{branch_hint}, blacklist nouveau, and reboot",
    ),
    Code.DRIVER_MISSING: Entry(
        E, "an NVIDIA GPU with no driver loaded",
        "An NVIDIA GPU is on the PCI bus, but neither NVIDIA's kernel module nor any other "
        "driver for it is loaded.",
        "{hardware} is present ({where}) but no NVIDIA kernel module is loaded",
        advice="install the NVIDIA driver{branch_hint} and reboot (or load it: sudo modprobe "
        "nvidia)",
    ),
    Code.DRIVER_NOT_FOUND: Entry(
        W, "torch found no NVIDIA driver",
        "torch's CUDA build asked the CUDA driver for the GPUs and no NVIDIA driver answered "
        "(cudaErrorInsufficientDriver with no driver version, pytorch/pytorch "
        "c10/cuda/CUDAFunctions.cpp): the machine has no NVIDIA GPU, or its driver is not "
        "installed, not loaded, or not passed into the container. torch then runs on the CPU.",
        "torch {torch} found no NVIDIA driver (torch: \"Found no NVIDIA driver on your "
        "system\"): CUDA is unavailable and torch runs on the CPU",
        advice="if the machine has an NVIDIA GPU, install NVIDIA's driver for it (nvidia-smi "
        "then lists the GPU; in a container, start it with the GPUs passed in, docker run "
        "--gpus all); on a machine without an NVIDIA GPU, a CPU build of torch does without "
        "CUDA and this warning (hwdoctor detect there writes its install line)",
        variants={
            "version_unknown": "torch found no NVIDIA driver (torch: \"Found no NVIDIA driver "
            "on your system\"): CUDA is unavailable and torch runs on the CPU",
            # issue 38 (s17-small): Windows' loader finding no nvcuda.dll, the driver's own DLL
            # (readers/messages.py _NVCUDA_MISSING cites it)
            "nvcuda": "Windows found no nvcuda.dll{needed}, the CUDA driver DLL that NVIDIA's "
            "display driver installs: no NVIDIA driver is installed on this machine",
            "nvcuda_no_gpu": "Windows found no nvcuda.dll{needed}, the CUDA driver DLL that "
            "NVIDIA's display driver installs, on a machine the paste shows running without an "
            "NVIDIA GPU ({shown}): no NVIDIA driver is there to give it",
        },
        variant_advice={
            "nvcuda": "if the machine has an NVIDIA GPU, install NVIDIA's driver for it (it "
            "puts nvcuda.dll into System32; nvidia-smi then lists the GPU); on a machine "
            "without one, the program's CPU path must not load a CUDA package at import",
            "nvcuda_no_gpu": "on a machine without an NVIDIA GPU nothing installs nvcuda.dll: "
            "use the program's CPU path that does not import the CUDA package (a model's "
            "non-quantized weights, or its CPU kernels), or run it on a machine with an NVIDIA "
            "GPU",
        },
    ),
    Code.DRIVER_FORWARD_COMPAT: Entry(
        E, "CUDA forward compatibility on a GPU without it",
        "CUDA error 804 (cudaErrorCompatNotSupportedOnDevice): the CUDA libraries loaded are "
        "the forward-compatibility package of a CUDA newer than the host's driver supports, "
        "as CUDA container images ship it, and NVIDIA supports forward compatibility on "
        "data-centre GPUs only (https://docs.nvidia.com/deploy/cuda-compatibility/).",
        "CUDA refused to start (CUDA error 804: \"forward compatibility was attempted on non "
        "supported HW\"): the CUDA of the software or image is newer than the host's NVIDIA "
        "driver supports, and this GPU does not support CUDA forward compatibility",
        advice="upgrade the host's NVIDIA driver to one that supports that CUDA (nvidia-smi "
        "shows the newest CUDA the driver supports), or use an image or torch build made for "
        "a CUDA the driver supports",
        # issue 38 (s8-serving): nvidia-smi reports the CUDA of the libcuda it loads: above its
        # driver's own, a forward-compatibility libcuda is loaded, on a GeForce it never covers
        variants={
            "smi": "CUDA cannot start here{said}: nvidia-smi reports CUDA {shown}, newer than "
            "driver {driver} supports by itself (CUDA {native}), so a CUDA forward-"
            "compatibility libcuda (an image's or an environment's cuda-compat) is loaded, and "
            "the {gpu} is not one forward compatibility covers (CUDA error 804)",
        },
        variant_advice={
            "smi": "upgrade the host's NVIDIA driver to {floor} or newer (CUDA {shown}'s "
            "minimum, NVIDIA's CUDA Toolkit release notes, Table 3), or run an image or "
            "environment made for CUDA {native} or older; forward compatibility works on "
            "data-centre GPUs only (https://docs.nvidia.com/deploy/cuda-compatibility/)",
        },
    ),
    Code.CONTAINER_RUNTIME_NO_GPU: Entry(
        E, "docker has no runtime for GPUs",
        "docker run --gpus asks the daemon for a device driver with the gpu capability and "
        "none is registered (moby/moby daemon/devices.go, \"could not select device driver\"): "
        "the NVIDIA Container Toolkit is not installed, or docker was not configured to use "
        "it and restarted (https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/"
        "latest/install-guide.html).",
        "docker could not give the container a GPU (docker: \"could not select device driver "
        "... with capabilities: [[gpu]]\"): the NVIDIA Container Toolkit is not installed or "
        "not configured for docker",
        commands=(
            "sudo nvidia-ctk runtime configure --runtime=docker",
            "sudo systemctl restart docker",
        ),
        advice="install the NVIDIA Container Toolkit on the host (NVIDIA's install guide for "
        "its distribution), then register its runtime with docker and restart the daemon:",
        # issue 38: Gaudi / Neuron / TPU: the vendor's runtime asked by name (--runtime=habana,
        # compose's `runtime: nvidia`) and not registered with docker (moby/moby
        # daemon/runtime_unix.go: "unknown or invalid runtime name: %s"; before Docker 23
        # "Unknown runtime specified %s"). The runtime is a program of its vendor's, named in
        # /etc/docker/daemon.json's "runtimes" and read when dockerd starts: Habana's Docker
        # Installation guide (https://docs.habana.ai/en/latest/Installation_Guide/
        # Additional_Installation/Docker_Installation.html, "Configure Container Runtime"),
        # NVIDIA's (nvidia-ctk runtime configure writes the "nvidia" entry).
        variants={
            "unknown_runtime": "docker does not know the container runtime asked for "
            "({runtime}: \"{said}\"): the NVIDIA Container Toolkit's runtime is not registered "
            "with docker",
            "habana": "docker does not know the container runtime asked for ({runtime}: "
            "\"{said}\"): Habana's container runtime for Gaudi is not registered with docker",
        },
        variant_commands={
            "unknown_runtime": (
                "sudo nvidia-ctk runtime configure --runtime=docker",
                "sudo systemctl restart docker",
                "docker info",
            ),
            "habana": (
                "# in /etc/docker/daemon.json, under \"runtimes\": \"habana\" with \"path\": "
                "\"/usr/bin/habana-container-runtime\" (Habana's Docker Installation guide)",
                "sudo systemctl restart docker",
                "docker info",
            ),
        },
        variant_advice={
            "unknown_runtime": "install the NVIDIA Container Toolkit on the host (NVIDIA's "
            "install guide for its distribution), register its runtime with docker and restart "
            "the daemon (a daemon.json edited without a restart still says this); then docker "
            "info lists nvidia on its Runtimes line:",
            "habana": "install Habana's container runtime on the Gaudi host (the "
            "habanalabs-container-runtime package, Habana's Docker Installation guide: "
            "https://docs.habana.ai/en/latest/Installation_Guide/Additional_Installation/"
            "Docker_Installation.html), register it with docker and restart the daemon; then "
            "docker info lists habana on its Runtimes line:",
        },
    ),
    # issue 38 (s15-nogpu): the same refusal on a machine without an NVIDIA GPU. Docker's
    # --gpus asks for NVIDIA GPUs through the NVIDIA Container Toolkit (docs.docker.com,
    # engine/containers/resource_constraints, "GPU": "install nvidia-container-toolkit");
    # the toolkit's install guide names "the NVIDIA GPU driver for your Linux distribution"
    # as its prerequisite (docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/
    # install-guide.html, "Prerequisites"); Docker Desktop passes a GPU only on Windows with
    # the WSL 2 backend (docs.docker.com/desktop/features/gpu/; docker/docs content/manuals/
    # desktop/features/gpu.md at 06acc914: "Currently GPU support in Docker Desktop is only
    # available on Windows with the WSL2 backend"), never on macOS.
    Code.CONTAINER_GPU_WITHOUT_GPU: Entry(
        W, "docker was asked for a GPU on a machine without an NVIDIA GPU",
        "docker run --gpus (or --runtime nvidia, or a compose file's deploy.resources."
        "reservations.devices with the gpu capability) asks the daemon for NVIDIA GPUs, "
        "which it gives through the NVIDIA Container Toolkit (docs.docker.com, \"GPU\" under "
        "resource constraints); the toolkit's install guide names the NVIDIA GPU driver as "
        "its prerequisite (https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/"
        "latest/install-guide.html), and Docker Desktop passes a GPU only on Windows with WSL "
        "2 (docs.docker.com/desktop/features/gpu/). On a Mac, or a machine whose paste says "
        "it has no NVIDIA GPU, docker's \"could not select device driver ... with "
        "capabilities: [[gpu]]\" means the run asked for something the machine does not "
        "have: nothing is broken, and the toolkit is no remedy there.",
        "docker was asked for a GPU (\"could not select device driver ... with capabilities: "
        "[[gpu]]\") on {machine} ({shown}) and no NVIDIA GPU: there is none for it to give "
        "the container, and the NVIDIA Container Toolkit is for machines with NVIDIA GPUs",
        advice="run the container without the GPU request: drop --gpus all (or --runtime "
        "nvidia; in a compose file, the deploy.resources.reservations.devices entry), and use "
        "the image's CPU variant or the program's CPU mode where it has one",
        variant_advice={
            "mac": "run the container without the GPU request: drop --gpus all (in a compose "
            "file, the deploy.resources.reservations.devices entry): Docker Desktop on macOS "
            "passes no GPU to containers (docs.docker.com/desktop/features/gpu/: Windows "
            "with WSL 2 only), so the image runs on the CPU there; for the Mac's GPU, run the "
            "program natively, outside docker, where it supports \"mps\"",
        },
    ),
    Code.EXTENSION_ARCH_UNSUPPORTED: Entry(
        E, "a kernel library does not run on this GPU",
        "A library's GPU kernels are built for newer GPUs than this one and it refuses it in "
        "its own words, or (issue 38, s16-arch) its build list carries no code for this GPU, "
        "older or newer than the generations it is built for (compat/support.py reads each "
        "list at the library's setup.py, CMake or wheel workflow by release): FlashAttention "
        "2 needs Ampere (compute capability 8.0) or newer (Dao-AILab/flash-attention "
        "csrc/flash_attn/flash_api.cpp; its README lists Turing support for FlashAttention "
        "1.x alone); torch.compile's Triton backend needs 7.0 "
        "(torch/_inductor/exc.py GPUTooOldForTriton); bitsandbytes before 0.37 ran int8 "
        "matmul on 7.5 and newer only (csrc/ops.cu, CHANGELOG 0.37.0); vLLM's kernels are "
        "built for 7.0 and newer (setup.py); text-generation-inference's flash-attention "
        "models need 7.5 (server/text_generation_server/utils/flash_attn.py). Unsloth's "
        "vLLM path refuses below 7.0, and below 8.0 for its float8 KV cache (unsloth_zoo/"
        "vllm_utils.py load_vllm); its banner's \"CUDA: X.Y\" is the GPU's capability. vLLM's "
        "ROCm requirements list no gfx906 (MI50, MI60, Radeon VII), whose ROCm Triton target "
        "is missing (vllm-project/vllm#33811).",
        "flash-attn refused this GPU (flash-attn: \"FlashAttention only supports Ampere GPUs "
        "or newer.\"): FlashAttention 2 needs a GPU of compute capability 8.0 or newer",
        advice="on this GPU, run without flash-attn (in transformers, "
        "attn_implementation=\"sdpa\"; elsewhere, the application's option that turns flash "
        "attention off), or on an Ampere or newer GPU",
        # issue 38: the other libraries' refusals of a GPU too old for their kernels
        variants={
            "triton": "torch.compile's Triton backend refused {gpu}: Triton needs a GPU of "
            "compute capability 7.0 or newer (torch: \"too old to be supported by the triton "
            "GPU compiler\")",
            "triton_llvm": "Triton could not compile its kernels for {gpu}: Triton's "
            "kernels, and Unsloth's made with it, need a GPU of compute capability 7.0 or "
            "newer (LLVM: \"Cannot select: intrinsic %llvm.nvvm.shfl.sync\")",
            "bitsandbytes": "bitsandbytes has no int8 matmul for {gpu}: before 0.37 its int8 "
            "matmul needs a GPU of compute capability 7.5 or newer (bitsandbytes: \"Your GPU "
            "does not support Int8 Matmul!\")",
            "tgi": "text-generation-inference's flash-attention models do not run on {gpu}: "
            "FlashAttention needs compute capability 7.5 (Turing) for its first version, 8.0 "
            "(Ampere) for FlashAttention 2 (TGI: \"GPU with CUDA capability … is not "
            "supported\")",
            "vllm": "vLLM does not build its kernels for {gpu}: vLLM needs a GPU of compute "
            "capability 7.0 or newer (vLLM: \"GPUs with compute capability below 7.0 are not "
            "supported\")",
            # issue 38: device: flash-attn's refusal with the GPU the paste names below its
            # floor, the reporter's words that it is not supported there, or flash-attn in use
            # on such a GPU beside an error (Dao-AILab/flash-attention csrc/flash_attn/
            # flash_api.cpp; its README: Turing for FlashAttention 1.x only)
            "flash_attn": "flash-attn refused {gpu} (flash-attn: \"FlashAttention only "
            "supports Ampere GPUs or newer.\"): FlashAttention 2 needs a GPU of compute "
            "capability 8.0 or newer",
            "flash_attn_said": "flash attention does not run on {gpu}, as the paste says: "
            "FlashAttention 2 needs a GPU of compute capability 8.0 (Ampere) or newer",
            # issue 38 (s18-gpuprose): the question, its GPU below the floor
            # (Dao-AILab/flash-attention@014c349e README.md, "FlashAttention-2 with CUDA
            # currently supports: Ampere, Ada, or Hopper GPUs"; Turing in FlashAttention 1.x)
            "flash_attn_asked": "the paste asks whether flash attention runs on {gpu}: "
            "FlashAttention 2 does not, it needs a GPU of compute capability 8.0 (Ampere, Ada "
            "or Hopper); FlashAttention 1.x ran on Turing (7.5), no release on Volta or older",
            # issue 38 (s20-gpuprose): pip's failed build of flash-attn where the paste names
            # a GPU below FlashAttention 2's floor: no build runs there (the same README)
            "flash_attn_build": "pip could not build flash-attn, and on {gpu} FlashAttention 2 "
            "would not run where it built: it needs a GPU of compute capability 8.0 (Ampere, "
            "Ada or Hopper); FlashAttention 1.x ran on Turing (7.5), no release on Volta or "
            "older",
            "flash_attn_wanted": "flash-attn is asked for on {gpu}, and FlashAttention 2 does "
            "not run there: it needs a GPU of compute capability 8.0 (Ampere, Ada or Hopper); "
            "FlashAttention 1.x ran on Turing (7.5), no release on Volta or older",
            # issue 38 (s20-gpuprose): TEI's CUDA image compiled for another compute capability
            # (backends/candle/src/lib.rs, compute_cap.rs at text-embeddings-inference@8a06f300)
            "tei_image": "text-embeddings-inference's image is compiled for compute capability "
            "{built} and the GPU is {gpu}: each of TEI's CUDA images runs only on the "
            "architecture it was compiled for (TEI: \"Runtime compute cap … is not compatible "
            "with compile time compute cap …\")",
            "tei_gpu": "text-embeddings-inference's image is compiled for compute capability "
            "{built} and the GPU is {gpu}: no CUDA image of TEI runs below compute capability "
            "7.5 (TEI: \"Runtime compute cap … is not compatible with compile time compute cap "
            "…\")",
            "flash_attn_used": "flash-attn is used on {gpu}, below every FlashAttention "
            "release's floor: FlashAttention 1.x needs compute capability 7.5 (Turing), "
            "FlashAttention 2 8.0 (Ampere), so its kernels fail there",
            "flash_attn2_used": "FlashAttention 2 is used on {gpu}: it needs a GPU of compute "
            "capability 8.0 (Ampere) or newer, so its kernels fail there",
            # issue 38: Unsloth's refusal of an old GPU (unsloth_zoo/vllm_utils.py load_vllm)
            "unsloth": "Unsloth's fast inference (vLLM) refused {gpu}: it needs a GPU of compute "
            "capability 7.0 or newer (Unsloth: \"Your GPU is too old!\")",
            "unsloth_float8": "Unsloth's float8 KV cache refused {gpu}: it needs a GPU of "
            "compute capability 8.0 or newer (Unsloth: \"Your GPU is too old for float8 KV "
            "cache!\")",
            # issue 38: vLLM on an AMD GPU its ROCm support leaves out
            "vllm_rocm": "vLLM does not support {gpu} on ROCm: vLLM's ROCm support lists "
            "gfx90a, gfx942, gfx950, gfx1100/1101, gfx1200/1201 and gfx1150/1151, and ROCm's "
            "Triton, which its attention needs, has no gfx906 target",
            # issue 38 (s9-kernels): vLLM's quantization floor (vllm/config.py
            # _verify_quantization; compressed_tensors.py _check_scheme_supported)
            "vllm_quant": "vLLM's {method} quantization does not run on {gpu}: vLLM runs it on "
            "a GPU of compute capability {floor} (vLLM: \"{said} …\")",
            # issue 38: CTranslate2's compute types by device (src/types.cc; its quantization
            # docs), under faster-whisper and whisperX
            "compute_type": "CTranslate2 refuses the {dtype} compute type on {device}: it runs "
            "{dtype} efficiently only on an NVIDIA GPU of compute capability {floor} or newer, "
            "and on no CPU (CTranslate2: \"{said} …\")",
            # issue 38 (s20-gpuprose): int8 on a GPU without CTranslate2's int8 kernels
            # (src/cuda/utils.cc gpu_supports_int8)
            "compute_type_int8": "CTranslate2 refuses the {dtype} compute type on {device}: on "
            "an NVIDIA GPU it runs int8 only at compute capability 6.1, or 7.0 and newer "
            "(CTranslate2: \"{said} …\")",
            # issue 38 (s18-dtype): a GPU shown that has the type: the refusal was the CPU's
            "compute_type_cpu": "CTranslate2 refused the {dtype} compute type, which {gpu} "
            "runs (compute capability {floor} or newer): CTranslate2 ran on the CPU, where it "
            "runs {dtype} not at all (CTranslate2: \"{said} …\")",
            # issue 38 (s9-kernels): SageAttention 2's kernels by architecture (thu-ml/
            # SageAttention sageattention/core.py sageattn)
            "sageattention": "SageAttention 2 has no kernels for {gpu} (SageAttention: "
            "\"Unsupported CUDA architecture\"): its kernels need a GPU of compute capability "
            "8.0 (Ampere) or newer",
            "sageattention_arch": "the installed SageAttention has no kernels for {gpu} "
            "(SageAttention: \"Unsupported CUDA architecture\"): SageAttention 2 chooses among "
            "sm80, sm86, sm89 and sm90 kernels, sm120 from v2.2.0 and sm121 after it",
            # issue 38 (archlib): flash-attn on a Mac, and its CUDA build path on a ROCm torch
            "flash_attn_mac": "flash-attn has no build for a Mac (flash-attn: \"nvcc was not "
            "found\"): it is built for NVIDIA GPUs (CUDA) and AMD GPUs (ROCm) on Linux and "
            "Windows only, so pip's build from source fails with or without a toolkit",
            "flash_attn_rocm": "flash-attn's build took its CUDA path on a ROCm build of torch "
            "(flash-attn: \"nvcc was not found\"): on AMD GPUs flash-attn is built by its own "
            "ROCm backends, not with nvcc",

            # issue 38 (s6-macintel): xformers' source build on a Mac (its PyPI files: wheels
            # for manylinux x86_64 and win_amd64 only, and the sdist)
            "xformers_mac": "xformers has no build for a Mac: its releases ship wheels for "
            "Linux and Windows only, so pip builds it from source here, and that build fails "
            "(pip: \"subprocess-exited-with-error\"; a build without torch in pip's isolated "
            "environment says \"No module named 'torch'\")",
            # issue 38 (s8-platform): xformers installed, refusing the Mac's device at run time
            # (xformers/ops/fmha/common.py not_supported_reasons; diffusers'
            # set_use_memory_efficient_attention_xformers)
            "xformers_mps": "xformers has no attention kernels for this Mac's {device} device "
            "({said}): its memory-efficient attention operators run on CUDA (and ROCm) GPUs",
            # issue 38 (s10-refusal): any library's refusal of the hardware in its own words,
            # read as one grammar (compat/refusals.py cites the libraries' raise sites)
            "refused": "{library} does not run on this {device}: it refuses it in its own "
            "words (\"{said}\"), naming {hardware}",
            # issue 38 (s16-arch): a kernel library's error on a GPU its builds carry no code
            # for, read from its build list (compat/support.py `built`), not its own words
            "built": "{library} has no GPU code for {gpu}: {release} is built for {built} "
            "({source}), and none of that code runs on this GPU, so its kernels fail there "
            "(\"{said}\"); this comes from the library's build list, not from its own words",
        },
        variant_commands={
            "triton": (
                "# run without torch.compile (eager), in the shell that starts the program:",
                "export TORCHDYNAMO_DISABLE=1",
            ),
        },
        # issue 38 (s19-quiet): the answer to a question is a warning, never an error
        variant_severity={"flash_attn_asked": W, "flash_attn_wanted": W},
        variant_advice={
            # issue 38 (archlib): flash-attention's README, "Installation and features"
            # (requirements: CUDA or ROCm toolkit, Linux; Windows from v2.3.2), no macOS wheel
            # issue 38 (s6-macintel): xformers' README, "Installing xFormers": "Recommended,
            # Windows & Linux" (its CUDA and ROCm kernels); torch's SDPA runs on MPS
            "xformers_mac": "on a Mac, leave xformers out of the requirements installed there: "
            "xformers' README installs it for Linux and Windows (CUDA or ROCm), and the "
            "programs that use it fall back to torch's scaled_dot_product_attention, which runs "
            "on the Mac's GPU (MPS) (in diffusers, do not call "
            "enable_xformers_memory_efficient_attention; elsewhere, the program's option that "
            "turns xformers off). A CUDA index or toolkit is no remedy on a Mac",
            # issue 38 (s8-platform): the option that asked for xformers, turned off
            "xformers_mps": "on a Mac, turn xformers off where the program asks for it: "
            "--xformers out of Stable Diffusion webui's and SD.Next's arguments (their SDP "
            "attention, --opt-sdp-attention, runs on MPS), no "
            "enable_xformers_memory_efficient_attention() or --enable_xformers_memory_efficient_"
            "attention in diffusers' scripts, or uninstall xformers where a node or library uses "
            "it whenever it imports (ComfyUI's nodes); torch's scaled_dot_product_attention "
            "runs on the Mac's GPU. A CUDA index or toolkit is no remedy on a Mac",
            "flash_attn_mac": "on a Mac, run without flash-attn: attention through torch's "
            "scaled_dot_product_attention, which runs on the Mac's GPU (MPS) "
            "(attn_implementation=\"sdpa\" in transformers, or the program's option that turns "
            "flash attention off), and leave flash-attn out of the requirements installed there",
            "flash_attn_rocm": "no CUDA toolkit: build flash-attn's ROCm backend (Dao-AILab/"
            "flash-attention README, \"AMD ROCm Support\", ROCm 6.0 or newer): its "
            "composable_kernel backend supports MI200 and MI300 (gfx90a, gfx942); its Triton "
            "backend, FLASH_ATTENTION_TRITON_AMD_ENABLE=\"TRUE\" "
            "set for the build and at run time (pip's --no-build-isolation, so the build sees "
            "the ROCm torch), also runs on RDNA GPUs (Radeon RX 7000/9000); or run without "
            "flash-attn (attn_implementation=\"sdpa\" in transformers)",
            # issue 38 (s10-refusal): no install makes a library's kernels run where it refuses
            "refused": "run without {library} on this {device}: turn off the program's option "
            "that asks for it (for an attention library, attn_implementation=\"sdpa\" in "
            "transformers, or the program's attention-backend flag), or uninstall it where "
            "the program uses it whenever it is installed; or run on hardware it supports "
            "({listed})",
            "triton": "on this GPU, turn torch.compile off: the program's own option (compile="
            "False) or TORCHDYNAMO_DISABLE=1, which makes torch run the model eagerly "
            "(torch/_dynamo/eval_frame.py); or use a GPU of compute capability 7.0 or newer",
            "triton_llvm": "upgrade triton: since May 2024 (triton-lang/triton@afaf1f0) it "
            "compiles this shuffle for Pascal, though it does not support GPUs below 7.0 "
            "officially (triton-lang/triton#161); otherwise use a GPU of compute capability 7.0 "
            "or newer (a T4, an RTX 20 series or newer), or run without Triton's kernels "
            "(without Unsloth, torch.compile off)",
            "bitsandbytes": "upgrade bitsandbytes to 0.37.0 or newer, which runs int8 on "
            "every GPU by casting to 16/32-bit below 7.5 (bitsandbytes CHANGELOG 0.37.0), or "
            "load the model in float16 without load_in_8bit",
            # issue 38 (s20-gpuprose): huggingface/text-embeddings-inference@e5cbf381
            # README.md, "Docker Images": CPU cpu-X.Y, Volta "NOT SUPPORTED", Turing turing-X.Y,
            # Ampere 80 X.Y, Ampere 86 86-X.Y, Ada Lovelace 89-X.Y, Hopper hopper-X.Y; its
            # "Cuda" section: "GPUs with Cuda compute capabilities < 7.5 are not supported";
            # its "Docker build": --build-arg CUDA_COMPUTE_CAP=<the GPU's capability>
            "tei_image": "run TEI's image for this GPU, {image}: TEI's README lists one image "
            "per architecture (turing-X.Y for 7.5, X.Y for 8.0, 86-X.Y for 8.6, 89-X.Y for 8.9, "
            "hopper-X.Y for 9.0; from 1.9 100-X.Y for 10.0 and 120-X.Y for 12.0), or build one "
            "for it with docker build . -f Dockerfile-cuda --build-arg CUDA_COMPUTE_CAP={cap}",
            "tei_gpu": "run TEI's CPU image, {image}, or TEI on a GPU of compute capability 7.5 "
            "or newer: its README lists Volta as not supported and no CUDA image for GPUs below "
            "7.5",
            "tgi": "TGI then serves the model without flash attention where it has such an "
            "implementation (slower, with padding: TGI's maintainers in huggingface/"
            "text-generation-inference#398); a model that needs flash attention needs a GPU of "
            "compute capability 7.5 or newer (8.0 for FlashAttention 2)",
            "vllm": "run vLLM on a GPU of compute capability 7.0 or newer (vLLM's installation "
            "guide: compute capability 7.0 or higher); where the machine has one, make it the "
            "only one vLLM sees (CUDA_VISIBLE_DEVICES); on this GPU, serve the model with a "
            "library that supports it (transformers, llama.cpp)",
            # issue 38: Unsloth's refusal of an old GPU (unsloth_zoo/vllm_utils.py load_vllm)
            "unsloth": "load the model without fast_inference=True (Unsloth then generates "
            "with transformers, not vLLM; unsloth_zoo checks the capability only on its vLLM "
            "path), or use a GPU of compute capability 7.0 or newer (a T4, an RTX 20 series or "
            "newer); Unsloth's Triton kernels need 7.0 as well, so training on this GPU may "
            "fail next (Triton's \"too old\")",
            "unsloth_float8": "load the model with float8_kv_cache=False, or use a GPU of "
            "compute capability 8.0 or newer (an A100, an RTX 30 series or newer)",
            # issue 38: CTranslate2's compute types (its quantization docs list each device's)
            "compute_type": "ask for a compute type this device runs: compute_type=\"int8\" "
            "(or \"float32\") in faster-whisper's WhisperModel(…) and whisperX's load_model(…), "
            "--compute_type int8 on whisperX's command line; \"default\" lets CTranslate2 "
            "choose",
            "compute_type_int8": "ask for float32 on this GPU: compute_type=\"float32\" in "
            "faster-whisper's WhisperModel(…) and whisperX's load_model(…), --compute_type "
            "float32 on whisperX's command line (CTranslate2's quantization docs: a GPU below "
            "6.1 runs every type as float32); or int8 on the CPU, device=\"cpu\"",
            "compute_type_cpu": "give CTranslate2 the GPU: device=\"cuda\" in faster-whisper's "
            "WhisperModel(…) and whisperX's load_model(…) (whisperX's command line picks "
            "\"cpu\" where torch sees no CUDA GPU: python -c \"import torch; print(torch.cuda."
            "is_available())\" must say True, with a CUDA build of torch); or, on the CPU, "
            "compute_type=\"int8\" (or \"float32\")",
            # issue 38 (s9-kernels): vLLM's quantization floor
            "vllm_quant": "serve a checkpoint in a quantization that vLLM runs on this GPU "
            "(vLLM's table of quantization methods by GPU generation: https://docs.vllm.ai/en/"
            "latest/features/quantization/supported_hardware.html), or the model unquantized in "
            "float16 (--dtype half) where it fits in the GPUs' memory; or run it on a GPU of "
            "compute capability {floor}. Floors move between vLLM releases (AWQ's was 8.0 in "
            "October 2023 and 7.5 weeks later, vllm-project/vllm#1282 and #1488): the message "
            "of the release installed is the one that counts",
            # issue 38 (s9-kernels): SageAttention below its floor; the answers in
            # lllyasviel/FramePack#384 and #394 (woct0rdho, who builds SageAttention's Windows
            # wheels: FlashAttention 2 and SageAttention 2 do not support GPUs below sm80, try
            # xformers, FlashAttention 1 or SageAttention 1; "Yes, that fixed it")
            "sageattention": "run without SageAttention 2 on this GPU: uninstall sageattention "
            "where the program uses it whenever it is installed (FramePack), or turn off the "
            "option that asks for it (ComfyUI's --use-sage-attention, a node's attention mode "
            "\"sageattn\"); the program then uses torch's scaled_dot_product_attention or "
            "xformers. On a GPU of compute capability 7.x, SageAttention 1 (its release "
            "1.0.6 in its README; Triton kernels) is the version offered for such "
            "GPUs in lllyasviel/FramePack#394",
            "sageattention_arch": "upgrade SageAttention to a release with kernels for this GPU: "
            "v2.2.0 added sm120 (RTX 50 series, RTX PRO Blackwell), built with CUDA 12.8 or "
            "newer (its setup.py: \"CUDA 12.8 or higher is required for compute capability "
            "12.0\"); where no release lists the GPU, turn SageAttention off (uninstall it, or "
            "the program's option that asks for it)",
            # issue 38 (s16-arch): the release whose builds carry this GPU's code, or the
            # program's way without the library (compat/support.py: the row's `built`)
            "built": "{way}",
            # issue 38: vLLM on an AMD GPU its ROCm support leaves out
            "vllm_rocm": "on this GPU, serve the model with llama.cpp's HIP build, which "
            "compiles for gfx906, or a community build of vLLM for gfx906 (nlzy/vllm-gfx906, "
            "not vLLM's own); vLLM itself needs a GPU its ROCm requirements list "
            "(https://docs.vllm.ai/en/latest/getting_started/installation/gpu/: MI200, MI300, "
            "MI350, Radeon RX 7900 or RX 9000)",
        },
    ),
    Code.BNB_WITHOUT_GPU: Entry(
        E, "bitsandbytes loaded without its CUDA library",
        "bitsandbytes before 0.43 loads a CUDA library of its own for the CUDA it finds and "
        "falls back to its CPU library when none loads (bitsandbytes/cextension.py): on "
        "Windows, where those releases shipped no CUDA library (0.43.0 was the first with "
        "Windows support, its release notes), or where CUDA or the GPU is not found.",
        "bitsandbytes runs without the GPU (bitsandbytes: \"compiled without GPU support\"): "
        "8-bit and 4-bit quantization and its 8-bit optimizers are unavailable",
        advice="upgrade bitsandbytes to 0.43 or newer, which ships CUDA libraries for Linux "
        "and Windows; then python -m bitsandbytes says whether it finds the GPU",
        # issue 38: which library it missed, Windows, and torch without CUDA
        variants={
            "missing": "bitsandbytes has no library for this CUDA (bitsandbytes: \"Required "
            "library version not found: {library}\") and runs without the GPU: 8-bit and "
            "4-bit quantization and its 8-bit optimizers are unavailable",
            "windows": "bitsandbytes runs without the GPU on Windows (bitsandbytes: "
            "\"compiled without GPU support\"): releases before 0.43.0 shipped no Windows "
            "CUDA library, so 8-bit and 4-bit quantization are unavailable",
            "no_gpu": "bitsandbytes found no GPU and loaded its CPU library (bitsandbytes: "
            "\"Required library version not found: {library}\"): 8-bit and 4-bit "
            "quantization and its 8-bit optimizers are unavailable",
            # issue 38: bitsandbytes' other wordings
            "cpu_library": "bitsandbytes loaded its CPU library, which has none of its GPU "
            "functions (bitsandbytes: \"libbitsandbytes_cpu…: undefined symbol\"): 8-bit and "
            "4-bit quantization and its 8-bit optimizers are unavailable",
            "setup_failed": "bitsandbytes loaded no CUDA library although torch sees the GPU "
            "(bitsandbytes: \"CUDA Setup failed despite GPU being available\"): its CUDA "
            "setup found no library for this CUDA",
            "windows_setup": "bitsandbytes loaded no CUDA library on Windows, where its "
            "releases before 0.43.0 shipped none: 8-bit and 4-bit quantization are "
            "unavailable",
            "detection_failed": "bitsandbytes' CUDA setup loaded no CUDA library of its "
            "own (bitsandbytes: \"CUDA detection failed!\"): 8-bit and 4-bit quantization "
            "and its 8-bit optimizers are unavailable",
            "no_cudart": "bitsandbytes found no CUDA runtime library (bitsandbytes: \"the "
            "main CUDA runtime library was not detected\"), so it loaded no CUDA library of "
            "its own",
            "torch_no_cuda": "bitsandbytes asked for its CPU library because torch sees no "
            "CUDA GPU (bitsandbytes: \"Required library version not found: "
            "libsbitsandbytes_cpu.so\", its cuda_setup/main.py's answer when "
            "torch.cuda.is_available() is False)",
        },
        variant_commands={"windows": ("{install}",), "windows_setup": ("{install}",)},
        variant_advice={
            "no_gpu": "bitsandbytes before 0.43 finds the GPU through the driver's libcuda "
            "(cuda_setup/main.py): make libcuda loadable where it runs (nvidia-smi there "
            "lists the GPU), then python -m bitsandbytes says whether it finds the GPU; "
            "0.43 and newer ask torch instead",
            "windows": "upgrade bitsandbytes to 0.43.0 or newer, the first release with "
            "Windows CUDA wheels (its 0.43.0 release notes: \"Windows should be officially "
            "supported in bitsandbytes\"):",
            "windows_setup": "upgrade bitsandbytes to 0.43.0 or newer, the first release "
            "with Windows CUDA wheels (its 0.43.0 release notes: \"Windows should be "
            "officially supported in bitsandbytes\"):",
            # issue 38: its own "Solution 1" (cuda_setup/main.py generate_instructions)
            "no_cudart": "put the directory holding libcudart.so on LD_LIBRARY_PATH (find / "
            "-name 'libcudart.so*' 2>/dev/null finds it; bitsandbytes' own solution), or "
            "install the CUDA toolkit there; or upgrade bitsandbytes to 0.43 or newer, which "
            "chooses its library from torch's CUDA",
            "torch_no_cuda": "make torch see the GPU first (torch.cuda.is_available() must "
            "say True: a CUDA build of torch and a working NVIDIA driver; hwdoctor detect on "
            "the machine says which is missing), then bitsandbytes loads its CUDA library",
        },
    ),
    Code.VLLM_NO_DEVICE: Entry(
        E, "vLLM found no device to run on",
        "vLLM picks its platform by the device it finds (vllm/platforms/__init__.py: CUDA "
        "through NVML, ROCm through amdsmi, TPU, XPU, CPU and others) and stops with \"Failed "
        "to infer device type\" when none is found (vllm/config.py DeviceConfig; later releases "
        "log \"No platform detected, vLLM is running on UnspecifiedPlatform\" and fail where a "
        "device is needed, torch refusing its empty device type: \"Device string must not be "
        "empty\"): no GPU is "
        "visible to the process (a container started without its GPUs, a driver that does not "
        "answer), or the vLLM build is not the one for this machine's device.",
        "vLLM found no device it runs on (vLLM: \"Failed to infer device type\")",
        advice="check that the GPU is visible where vLLM runs (nvidia-smi there; a container "
        "needs --gpus all, or the GPU reservation in its compose file), and that the vLLM "
        "build is the one for this device; VLLM_LOGGING_LEVEL=DEBUG makes vLLM log why each "
        "platform was not chosen (vLLM's troubleshooting guide); to run on the CPU, the "
        "CUDA build (pip's vllm, vllm/vllm-openai) does not: build vLLM's CPU backend "
        "(vLLM's installation guide, \"CPU\"), or generate with transformers itself "
        "(LLaMA-Factory: infer_backend: huggingface)",
        # issue 38: vLLM's other no-device wordings (readers/messages.py cites each)
        variants={
            "unspecified": "vLLM found no device it runs on (vLLM: \"No platform detected, "
            "vLLM is running on UnspecifiedPlatform\")",
            "empty_device": "vLLM found no device it runs on: its UnspecifiedPlatform has no "
            "device type, which torch refuses (torch: \"Device string must not be empty\")",
            "no_cuda_gpus": "vLLM's process sees no GPU (torch: \"No CUDA GPUs are "
            "available\")",

            # issue 38 (s19-quiet): vLLM's GPU worker given the CPU (readers/messages.py
            # _WORKER_DEVICE cites the raise; pasted.py _vllm_worker_cpu)
            "gpu_worker_cpu": "vLLM started its GPU worker with the CPU as the device (vLLM: "
            "\"Not support device type: cpu\"): that worker runs on a CUDA device only "
            "(vllm/v1/worker/gpu_worker.py Worker.init_device), so the CPU was asked of a "
            "path of this vLLM that starts no CPU worker (a CUDA build given --device cpu; a "
            "V1 engine of a release before vLLM's V1 CPU worker, vllm/v1/worker/"
            "cpu_worker.py; an executor that starts GPU workers)",
        },
        # issue 38 (s19-quiet): the CPU asked of vLLM's GPU path is the run's setting (its
        # --device, VLLM_USE_V1, the build installed), not the machine's fault: a warning
        variant_severity={"gpu_worker_cpu": W},
        variant_advice={
            "gpu_worker_cpu": "to run on the CPU, install vLLM's CPU build (vLLM's "
            "installation guide, \"CPU\": built from source, or its CPU image), whose CPU "
            "platform starts its CPU worker, rather than --device cpu with pip's CUDA build; "
            "on a release whose V1 engine has no CPU worker, run the V0 engine "
            "(VLLM_USE_V1=0); to run on the GPU, leave --device out (auto) where the GPU is "
            "visible",
            "no_cuda_gpus": "check that the GPU is visible to the process vLLM runs in: "
            "nvidia-smi inside the pod or container (Kubernetes needs the nvidia.com/gpu "
            "resource limit, docker --gpus all), CUDA_VISIBLE_DEVICES there not empty or "
            "pointing past the GPUs; under Ray, the actor or deployment that starts vLLM must "
            "be given GPUs (num_gpus, ray_actor_options), since Ray hides them from a task "
            "given none",
        },
    ),
    Code.BF16_UNSUPPORTED: Entry(
        E, "bfloat16 asked of a GPU without it",
        "vLLM runs bfloat16 only on GPUs of compute capability 8.0 (Ampere) or newer and "
        "refuses it on older ones (vllm/worker/worker.py _check_if_gpu_supports_dtype, later "
        "vllm/platforms/cuda.py); a model whose config says bfloat16 is loaded so by default.",
        "vLLM refused bfloat16 on this GPU (vLLM: \"Bfloat16 is only supported on GPUs with "
        "compute capability of at least 8.0\"): the GPU is older than Ampere",
        advice="load the model in float16, as vLLM's message says: --dtype half on the "
        "command line, or LLM(model=..., dtype=\"half\")",
        # issue 38: transformers' words for bf16 asked of a GPU without it
        variants={
            "transformers": "transformers found no bfloat16 on {gpu}: bf16 training needs an "
            "Ampere GPU (compute capability 8.0) or newer (transformers: \"Your setup doesn't "
            "support bf16/gpu\")",
            # issue 38 (s9-precision): accelerate's words for the same refusal
            "accelerate": "accelerate refused bf16 mixed precision on {gpu}: torch says the GPU "
            "has no bfloat16, which needs an Ampere GPU (compute capability 8.0) or newer "
            "(accelerate: \"bf16 mixed precision requires … a supported device\")",
            # red team item 7: where torch is 2.3 or newer, or neither torch nor a GPU's
            # capability is shown, the GPU is not said to be pre-Ampere (pasted.py
            # _bf16_amp_refused cites torch's is_bf16_supported)
            "accelerate_check": "accelerate refused bf16 mixed precision: torch {torch} said "
            "the CUDA GPU has no bfloat16 (accelerate: \"bf16 mixed precision requires … a "
            "supported device\")",
            "ptxas": "a kernel compiled for {gpu} asked for bfloat16, which NVIDIA's PTX "
            "assembler refuses below Ampere (ptxas: \"Feature '.bf16' requires .target sm_80 "
            "or higher\"): the GPU has no bfloat16 instructions",
            # issue 38 (s18-gpuprose): torch's autocast refusal; the reporter's own words
            "autocast": "torch's autocast found no bfloat16 on {gpu} (torch: \"Current CUDA "
            "Device does not support bfloat16\"): bfloat16 needs an Ampere GPU (compute "
            "capability 8.0) or newer",
            "said": "the paste says {gpu} has no bfloat16, and the GPU tables agree: it is "
            "older than Ampere (compute capability 8.0), where bfloat16 begins",
            # issue 38 (s19-quiet): the same words where the reporter says the work ran, and
            # where the words ask (pasted.py _bf16_lacking_said)
            "said_ran": "the paste says {gpu} has no bfloat16, and that the work ran: it has "
            "no native bfloat16 (compute capability 8.0, Ampere, is where that begins), and "
            "torch runs bfloat16 there by emulation for many operations, more slowly than "
            "float16; running is no refusal (torch.cuda.is_bf16_supported() answers True where "
            "a bfloat16 tensor can be made, is_bf16_supported(including_emulation=False) False "
            "below 8.0)",
            "said_asked": "the paste asks about bfloat16 on {gpu}: the GPU tables put it "
            "older than Ampere (compute capability 8.0), where native bfloat16 begins",
        },
        # issue 38 (s19-quiet): words that ran or that ask are no error
        variant_severity={"said_ran": I, "said_asked": W},
        variant_advice={
            "transformers": "train in float16 instead: fp16=True and bf16=False in "
            "TrainingArguments (--fp16 True --bf16 False on the command line, fp16 in a "
            "DeepSpeed config); transformers allows bf16 only where torch.cuda."
            "is_bf16_supported() (transformers/training_args.py)",
            "accelerate": "train in float16 or float32 instead: --mixed_precision fp16 (or no) "
            "for accelerate launch, mixed_precision: fp16 in the accelerate config, the "
            "program's own precision option (mixed_precision=\"fp16\", and save_precision "
            "too where a trainer has one); accelerate allows bf16 on a CUDA GPU only where "
            "torch.cuda.is_bf16_supported() (accelerate/utils/imports.py is_bf16_available)",
            "accelerate_check": "train in float16 or float32 instead: --mixed_precision fp16 "
            "(or no) for accelerate launch, mixed_precision: fp16 in the accelerate config, "
            "the program's own precision option (and save_precision too where a trainer has "
            "one). accelerate asks torch.cuda.is_bf16_supported(), which before torch 2.3 "
            "says False on any GPU older than Ampere (compute capability 8.0) and from 2.3 "
            "only where even a bfloat16 tensor cannot be made on the GPU (one too old to "
            "emulate it, or a CUDA error there); python -c \"import torch; print(torch."
            "__version__, torch.cuda.get_device_name(), torch.cuda.is_bf16_supported())\" "
            "shows which",
            "ptxas": "run the model in float16 or float32 instead of bfloat16 "
            "(torch_dtype=torch.float16, the program's dtype or precision option); the "
            "kernel is compiled (by Triton, most often) for the GPU it runs on, and bfloat16 "
            "there needs compute capability 8.0 (Ampere) or newer",
            "autocast": "autocast in float16 with loss scaling instead "
            "(torch.autocast(\"cuda\", dtype=torch.float16) with torch.cuda.amp.GradScaler, "
            "or the program's dtype option set to float16), or in float32; torch before 2.3 "
            "allows bfloat16 autocast only where torch.cuda.is_bf16_supported(), compute "
            "capability 8.0 or more (torch/amp/autocast_mode.py, torch/cuda/__init__.py)",
            "said": "use float16 with loss scaling (fp16=True in TrainingArguments, --fp16, "
            "torch_dtype=torch.float16, model.half(), the program's dtype option), or float32 "
            "where float16 overflows; bfloat16 runs natively from compute capability 8.0 "
            "(torch.cuda.is_bf16_supported(including_emulation=False) says so, "
            "torch/cuda/__init__.py), and older GPUs at best emulate it, slowly",
            "said_ran": "nothing is refused; for speed on this GPU, run in float16 "
            "(torch_dtype=torch.float16, fp16=True with loss scaling for training) or float32 "
            "where float16 overflows; python -c \"import torch; print(torch.cuda."
            "is_bf16_supported(including_emulation=False))\" shows whether the GPU has native "
            "bfloat16 (torch/cuda/__init__.py is_bf16_supported)",
            "said_asked": "use float16 with loss scaling (fp16=True in TrainingArguments, "
            "--fp16, torch_dtype=torch.float16, model.half(), the program's dtype option), or "
            "float32 where float16 overflows; bfloat16 runs natively from compute capability "
            "8.0 (torch.cuda.is_bf16_supported(including_emulation=False) says so, "
            "torch/cuda/__init__.py), and older GPUs at best emulate it, slowly",
        },
    ),
    Code.TOOL_FAILED: Entry(
        W, "a vendor tool did not answer",
        "A vendor tool (nvidia-smi, npu-smi, ...) is installed but failed or hung: often a "
        "missing or wedged driver.",
        "{tool} {problem}",
        advice="the {hardware} driver may be missing or wedged: {hardware_remedy}",
    ),
    # --- explain -------------------------------------------------------------------------
    Code.VERSION_UNSUPPORTED: Entry(
        I, "a library release older than the tables",
        "The decision tables were read from newer releases of this library, so hwdoctor does "
        "not predict its choices: explain asks the real libraries in the diagnosed "
        "environment and shows their answers, marked as observed.",
        "{library} {version} is outside the releases hwdoctor's decision tables were read "
        "from ({library}{spec}): the answers shown are the real libraries', observed here, "
        "not predicted",
        commands=(
            "# for the reasons behind each answer, a release the tables cover:",
            "{upgrade}",
        ),
        variants={
            "unanswered": "{library} {version} is outside the releases hwdoctor's decision "
            "tables were read from ({library}{spec}), and the real libraries could not be "
            "asked: {problem}",
        },
    ),
    Code.TABLES_NEWER: Entry(
        I, "a library release newer than the tables",
        "The installed release is newer than every release hwdoctor's decision tables were "
        "read from. Its choices are predicted with the newest rows; a live explain also asks "
        "the real libraries and says whether they agree.",
        "{libraries} is newer than the releases hwdoctor's tables were read from (up to "
        "{newest}): predicted with {rules_of}'s rules, not confirmed by the real libraries",
        commands=(
            "# on that machine, this asks the real libraries and keeps their answers:",
            "hwdoctor explain --verify --save-evidence hwdoctor-evidence.json",
        ),
        variants={
            "confirmed": "{libraries} is newer than the releases hwdoctor's tables were read "
            "from (up to {newest}): predicted with {rules_of}'s rules, and confirmed {where} "
            "by the real libraries",
        },
        variant_commands={"confirmed": ()},
    ),
    Code.TABLES_STALE: Entry(
        W, "the tables are stale for a newer release",
        "The installed release is newer than every release hwdoctor's decision tables were "
        "read from, and the real libraries answered otherwise than the newest rows predict: "
        "the library changed how it picks a device. The report shows the real answers.",
        "{libraries} is newer than hwdoctor's tables (read up to {newest}), and the real "
        "libraries answered otherwise than {rules_of}'s rules predict {where}: "
        "{disagreements}; the answers shown are the real libraries'",
        commands=(
            "# please report it to hwdoctor, with this file attached:",
            "hwdoctor explain --verify --save-evidence hwdoctor-evidence.json",
        ),
    ),
    Code.MODEL_UNREADABLE: Entry(
        E, "the model's config could not be read",
        "explain --model reads the model's config.json (and its class) with transformers in "
        "the diagnosed interpreter; that failed, so its attention and dtype are not known.",
        "{model} could not be read: {error}",
        advice="pass a local directory with a config.json, or a Hub id that is cached or "
        "reachable (HF_HUB_OFFLINE=1 allows the cache only)",
    ),
    Code.FLASH_ATTENTION_UNUSABLE: Entry(
        I, "flash_attention_2 would not run here",
        "transformers never picks flash_attention_2 by itself; asked for it "
        "(attn_implementation=\"flash_attention_2\"), it needs flash-attn importable, built "
        "for this torch, and a model class that supports it.",
        "{model} loads with {attention}; attn_implementation=\"flash_attention_2\" would "
        "fail here: {why}",
        advice="nothing to do for the default; for flash_attention_2, install the flash-attn "
        "release built for torch {torch}",
    ),
    Code.LIBRARY_MISSING: Entry(
        W, "transformers or accelerate missing",
        "A library whose decision explain predicts is not installed.",
        "{library} is not installed in {python}: the prediction shows what it would do "
        "once installed",
        commands=("{install}",),
    ),
    Code.LIBRARIES_DISAGREE: Entry(
        W, "TrainingArguments and Accelerate pick differently",
        "TrainingArguments and Accelerate's PartialState check backends in different "
        "orders and land on different devices here.",
        "TrainingArguments picks {training} but Accelerate's PartialState() alone picks "
        "{state}: the two check backends in different orders",
        commands=(
            "# code that builds its own Accelerator or PartialState next to the Trainer: "
            "name the device",
            "export ACCELERATE_TORCH_DEVICE={training}",
        ),
    ),
    Code.AUTO_FALLS_BACK: Entry(
        W, 'device_map="auto" ignores the accelerator here',
        'device_map="auto" budgets no memory on the usable accelerator, so the whole model '
        "lands on the CPU.",
        'device_map="auto" would put the whole model on cpu although {usable} is usable '
        "here: {why}",
        advice='pass the device explicitly: device_map="{device}"',
        variants={
            "load": 'device_map="{strategy}" put the whole model on cpu although {device} '
            "is usable here",
        },
        variant_commands={"load": ("{command}",)},
    ),
    Code.AUTO_IGNORES: Entry(
        I, 'device_map="auto" leaves devices out',
        'device_map="auto" budgets one accelerator family; other usable devices get nothing.',
        'device_map="auto" budgets only {family} devices; the {count} {hardware} device(s) '
        "({device}) get nothing",
        advice='to use them, pass device_map="{device}" or an explicit map',
    ),
    Code.USE_CPU_ENV_HALF: Entry(
        W, "ACCELERATE_USE_CPU does not move training",
        "ACCELERATE_USE_CPU makes Accelerate's state CPU-only, but TrainingArguments still "
        "puts the model on the accelerator.",
        "ACCELERATE_USE_CPU={raw} gives n_gpu={n_gpu} and a CPU PartialState, but "
        "TrainingArguments still puts the model on {device}",
        advice="pass use_cpu=True to TrainingArguments (or --use_cpu on the command line)",
    ),
    Code.ACCELERATE_CONFIG_CPU: Entry(
        W, "Accelerate's saved config runs every process on the CPU",
        "`accelerate config` saved `use_cpu: True`; `accelerate launch` reads it and exports "
        "ACCELERATE_USE_CPU=True to the processes it starts (accelerate/commands/launch.py "
        "_validate_launch_command, utils/launch.py prepare_simple_launcher_cmd_env), and "
        "Accelerate's state then puts them on the CPU (state.py AcceleratorState: "
        "parse_flag_from_env(\"ACCELERATE_USE_CPU\")) whatever torch sees.",
        "Accelerate's default config sets use_cpu: {value}, so `accelerate launch` runs every "
        "process on {device} although torch {torch} sees {seen}",
        commands=(
            "# run it again and answer no to running on CPU only "
            "(or set use_cpu: false in its default_config.yaml):",
            "accelerate config",
        ),
        advice="a plain `python script.py` does not read the config; `accelerate launch --cpu` "
        "is the way to ask for the CPU on one run",
    ),
    Code.XLA_OVERRIDES: Entry(
        W, "torch_xla takes training over",
        "TrainingArguments checks torch_xla first: when it imports, training runs on XLA "
        "whatever else is here.",
        "torch_xla imports, so TrainingArguments trains on {device} {reason}",
        commands=("# when this job should not use XLA:", "export USE_TORCH_XLA=0"),
    ),
    Code.NOT_AUTOLOADED: Entry(
        W, "training cannot see an extension torch did not load",
        "TrainingArguments only sees this backend once its extension has been imported, "
        "and torch did not auto-load it.",
        "{package} works once imported, but torch did not auto-load {module}, so "
        "TrainingArguments will not pick {device}",
        advice="add `import {module}` before creating TrainingArguments",
    ),
    Code.TRAINING_RAISES: Entry(
        E, "TrainingArguments would raise",
        "Creating TrainingArguments in this environment raises before any device is chosen.",
        "TrainingArguments(...) would raise {error}",
        commands=(
            "# ACCELERATE_USE_CPU takes y/yes/t/true/on/1 or n/no/f/false/off/0",
            "unset ACCELERATE_USE_CPU",
        ),
    ),
    Code.LAUNCHER: Entry(
        I, "a distributed launch is configured",
        "LOCAL_RANK or WORLD_SIZE is set: this process is one rank of a distributed job.",
        "LOCAL_RANK={local_rank}, WORLD_SIZE={world_size}: this process would run "
        "{distributed_type}{collective} on {device}",
    ),
    Code.VERIFY_MISMATCH: Entry(
        E, "a library disagrees with hwdoctor's prediction",
        "`explain --verify` ran the real library and it answered differently from the "
        "decision table: a bug in hwdoctor's tables.",
        "{name}: hwdoctor predicted {predicted}, the library {actual}",
        commands=(
            "# please report this, with this file attached:",
            "hwdoctor explain --verify --json > hwdoctor-verify.json",
        ),
    ),
    Code.VERIFY_INCOMPLETE: Entry(
        E, "the verification hung or crashed",
        "The real libraries could not be asked: their calls hung or crashed.",
        "{problem}",
    ),
    # --- load ----------------------------------------------------------------------------
    Code.LOAD_DEVICE_UNUSABLE: Entry(
        E, "the asked device is not usable here",
        "`load --device` named a device this machine cannot use now.",
        "{device} is not usable here: {reasons}; usable here: {usable}",
        commands=("{there}", "{install}"),
        advice="{remedies}",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_NOT_FOUND: Entry(
        E, "the model was not found",
        "The Hub has no such model, or it is private and no token is set.",
        "{step}: the model was not found{on}",
        commands=("# if the model is private, log in with an account that can see it:",
                  "hf auth login"),
        advice="check the model id",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_REVISION_NOT_FOUND: Entry(
        E, "the revision does not exist",
        "The model exists, but not the branch, tag or commit asked for.",
        "{step}: the revision does not exist",
        advice="check --revision",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_GATED: Entry(
        E, "the model is gated",
        "The model's page asks you to accept its conditions before downloading.",
        "{step}: the model is gated: its page asks you to accept its conditions",
        commands=("# after accepting them on the model page, with the same account:",
                  "hf auth login"),
        params=LOAD_PARAMS,
    ),
    Code.LOAD_NOT_CACHED: Entry(
        E, "the model is not in the local cache",
        "Downloads are off (offline mode) and the model is not in the local cache.",
        "{step}: the model is not in the local cache and downloads are off",
        commands=("# where there is network access, then load it with --offline:",
                  "hf download {model}"),
        params=LOAD_PARAMS,
    ),
    Code.LOAD_NETWORK_UNREACHABLE: Entry(
        E, "the Hub cannot be reached",
        "No connection to the Hugging Face Hub's endpoint could be made (no route to it, or "
        "the connection was refused), and the model is not in the local cache.",
        "{step}: cannot connect to {endpoint} ({route}): {cause}; {model} is not in the local "
        "cache",
        commands=("# test the route to the Hub from here:", "curl -sSI {endpoint}",
                  "# or download it where the Hub is reachable, copy the cache (HF_HOME) here "
                  "and load it with --offline:", "hf download {model}"),
        advice="connect this machine to the network, or set HTTPS_PROXY if it reaches the "
        "internet through a proxy",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_DNS_FAILED: Entry(
        E, "the Hub's name does not resolve",
        "The host name of the Hugging Face Hub's endpoint could not be resolved (DNS), and the "
        "model is not in the local cache.",
        "{step}: the name {host} of {endpoint} ({route}) does not resolve: {cause}; {model} is "
        "not in the local cache",
        commands=("# check that the name resolves here (no output: it does not):",
                  "getent hosts {host}"),
        advice="fix the resolver (/etc/resolv.conf, or the container's DNS settings), or set "
        "HTTPS_PROXY if this network reaches the internet through a proxy",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_PROXY_FAILED: Entry(
        E, "the proxy to the Hub does not work",
        "A proxy is set for the Hub's endpoint (HTTPS_PROXY, HTTP_PROXY or ALL_PROXY), and "
        "connecting through it failed; the model is not in the local cache.",
        "{step}: the proxy {proxy} ({proxy_env}) for {endpoint} ({endpoint_source}) does not "
        "work: {cause}; {model} is not in the local cache",
        commands=("# test the proxy:", "curl -sSI --proxy {proxy} {endpoint}",
                  "# or, if this machine reaches the Hub directly, do without it:",
                  "unset {proxy_vars}"),
        advice="point {proxy_env} at a working proxy",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_HUB_TIMEOUT: Entry(
        E, "the Hub did not answer in time",
        "The Hugging Face Hub's endpoint did not answer within the timeout, and the model is "
        "not in the local cache.",
        "{step}: {endpoint} ({route}) did not answer within {timeout} s: {cause}; {model} is "
        "not in the local cache",
        commands=("# time the route to the Hub:", "curl -sSI --max-time 60 {endpoint}",
                  "# on a slow link, let huggingface_hub wait longer:",
                  "export HF_HUB_ETAG_TIMEOUT=60"),
        params=LOAD_PARAMS,
    ),
    Code.LOAD_UNAUTHORIZED: Entry(
        E, "the Hub refused the request",
        "The Hub's endpoint answered 401 or 403: the token is missing, invalid or lacks "
        "permission for this model.",
        "{step}: {endpoint} ({route}) refused access to {model} (HTTP {status}): the token is "
        "missing, invalid or lacks permission",
        commands=("# log in with an account that can read the model (or set HF_TOKEN):",
                  "hf auth login"),
        advice="{mirror} is a mirror set by HF_ENDPOINT: it may need a token of its own",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_OUT_OF_MEMORY: Entry(
        E, "the device ran out of memory",
        "Loading or running the model needed more memory than the device had.",
        "{step}: the device ran out of memory{detail}",
        advice="use a smaller --dtype (bfloat16), device_map auto/balanced to spread the "
        "model, or a device with more memory",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_REMOTE_CODE: Entry(
        E, "the model needs its own code",
        "The model's architecture is defined by Python code shipped with the model, which "
        "hwdoctor runs only when asked.",
        "{step}: the model needs its own code from the Hub",
        commands=("# read the model's code on its page first; then, to let it run:", "{command}"),
        variants={"local": "{step}: the model needs its own code, shipped in {model}"},
        variant_commands={
            "local": (
                "# read the model's Python files in its directory first; then, to let them run:",
                "{command}",
            )
        },
        params=LOAD_PARAMS,
    ),
    Code.LOAD_MISSING_PACKAGE: Entry(
        E, "torch cannot use this device type",
        "torch does not know the device type: its extension is missing or torch is built "
        "for another accelerator.",
        "{step}: torch cannot use this device type: its extension is missing or torch is "
        "built for another accelerator",
        commands=("# what it takes to use it:", "hwdoctor explain {device}"),
        params=LOAD_PARAMS,
    ),
    Code.LOAD_NO_KERNEL: Entry(
        E, "no kernels for the device's architecture",
        "torch ran on the device but has no kernel compiled for its architecture.",
        "{step}: torch has no kernels for this device's architecture",
        commands=("# the device's architecture and the build's list:", "hwdoctor detect"),
        params=LOAD_PARAMS,
    ),
    Code.LOAD_DEVICE_LOST: Entry(
        E, "the device was lost",
        "The device fell off the bus or the driver reset it during the run.",
        "{step}: the device was lost during the run",
        advice="check the driver and the hardware (dmesg, the vendor's smi tool); rerun",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_FAILED: Entry(
        E, "a load step raised",
        "A step of loading or running the model raised an error no more specific code "
        "covers.",
        "{step} raised {error}",
        params=LOAD_PARAMS,
    ),
    Code.LOAD_HANG: Entry(
        E, "a load step hung",
        "A step of loading or running the model made no progress within the deadline.",
        "{step} made no progress for {timeout} s; hwdoctor stopped it",
        advice="raise --timeout for a very large model; otherwise the stack in the evidence "
        "shows where it waits",
    ),
    Code.LOAD_CRASH: Entry(
        E, "a load step killed the interpreter",
        "Loading or running the model ended the process.",
        "{step} killed the interpreter ({signal})",
        advice="the evidence holds what it printed; rerun with a smaller model to narrow it "
        "down",
    ),
    Code.OFFLOADED_TO_DISK: Entry(
        W, "part of the model lives on disk",
        "The placement put some weights on disk, which every forward pass reads back.",
        "{parameters} parameters were offloaded to disk: every forward pass reads them back",
        advice="use a smaller --dtype or a device with more memory",
    ),
    # --- distributed jobs ----------------------------------------------------------------
    Code.RANKS_MISSING: Entry(
        E, "a rank did not join the job",
        "Some ranks never reached the job's store within the deadline.",
        "{ranks} did not join within {timeout} s ({reported} of {total} reported)",
        commands=("# on that rank's host, alone (a hung probe or an unreachable "
                  "MASTER_ADDR:MASTER_PORT are the usual causes):", "hwdoctor detect"),
    ),
    Code.RANKS_CHECK_FAILED: Entry(
        E, "the distributed check itself failed",
        "hwdoctor's own distributed check did not finish on rank 0.",
        "{problem}",
    ),
    Code.RANKS_VERSIONS_DIFFER: Entry(
        E, "ranks run different versions",
        "The ranks of one job run different versions of a package.",
        "ranks run different {package} versions: {versions}",
        advice="install the same environment on every node",
    ),
    Code.RANKS_DEVICES_DIFFER: Entry(
        E, "ranks train on different device types",
        "One collective needs one backend; the ranks would use different device types.",
        "ranks train on different device types: {types}",
        advice="every rank needs the same backend for one collective",
    ),
    Code.RANKS_COUNTS_DIFFER: Entry(
        W, "ranks see different device counts",
        "The ranks see different numbers of devices.",
        "ranks see different device counts: {counts}",
        advice="check the visibility variables and the hardware of each node",
    ),
    Code.RANKS_SHARE_DEVICES: Entry(
        W, "more ranks on a node than devices",
        "Several ranks on one host would use the same device.",
        "{count} ranks on {host} share {devices} device(s): {mapping}",
        advice="start no more processes per node than it has devices (--nproc_per_node)",
    ),
    Code.RANKS_VISIBILITY_DIFFERS: Entry(
        W, "ranks on a node see different visibility variables",
        "Ranks on one host were started with different visibility variables.",
        "ranks on {host} see different visibility variables: {mapping}",
        advice="let the launcher set visibility per rank, or set it for all alike",
    ),
    Code.RANKS_ALL_REDUCE_FAILED: Entry(
        E, "the all_reduce smoke test failed",
        "A small all_reduce across the ranks raised or returned a wrong sum.",
        "all_reduce on rank {rank} ({device}, {collective}) failed: {detail}",
        advice="check the collective backend's installation (NCCL, HCCL, ...) and the "
        "network between nodes",
    ),
    Code.RANKS_REPORT_REJECTED: Entry(
        E, "a rank's report in the job's store could not be used",
        "What rank 0 read for a rank from the job's store (its summary, or its all_reduce "
        "result) is not what that rank's hwdoctor writes: not signed with the run's secret, "
        "too large, not JSON, or a field of the wrong kind. Anything that can reach the "
        "store (torch's TCPStore at MASTER_ADDR:MASTER_PORT, which takes any connection) "
        "can write there; hwdoctor reads nothing else of that rank.",
        "rank {rank}'s {what} in the job's store could not be used: {reason}",
        commands=("# that rank's own view, on its host alone:", "hwdoctor detect"),
        advice="another process wrote into the job's store, or that rank runs another "
        "hwdoctor; under a launcher, export HWDOCTOR_RUN_SECRET (a random value, the same "
        "for every rank) so that rank 0 knows its ranks' reports from anyone else's",
    ),
    # --- bus bandwidth (detect --bandwidth) ----------------------------------------------
    Code.BANDWIDTH_FAILED: Entry(
        W, "the bandwidth measurement failed",
        "The all_reduce smoke test passed, but measuring all_reduce and all_gather at larger "
        "sizes raised on a rank.",
        "measuring bandwidth on rank {rank} ({device}, {collective}) failed: {detail}",
        advice="larger messages than the smoke test's failed: check the device's free memory "
        "and the collective backend's logs (NCCL_DEBUG=INFO for NCCL)",
    ),
    Code.BANDWIDTH_BELOW_PCIE: Entry(
        W, "a GPU pair behind a PCIe switch runs far below its link",
        "Two GPUs that `nvidia-smi topo -m` shows behind PCIe switches (PIX, PXB) exchanged "
        "data at under a third of what their PCIe links carry. The classic cause is PCIe "
        "Access Control Services (ACS) on the switches, or an IOMMU (VT-d, AMD-Vi) that "
        "enables it, forcing peer-to-peer traffic up through the CPU's root complex (NCCL's "
        "troubleshooting guide, \"PCI Access Control Services (ACS)\").",
        "ranks {first} and {second} ({devices}, {link}) exchanged {measured} one way: under "
        "a third of the {expected} their link should carry ({basis})",
        commands=("# is ACS on along the path? 'SrcValid+' or 'ReqRedir+' on an ACSCtl line of:",
                  "sudo lspci -vvv",
                  "# is an IOMMU on? (look for intel_iommu= or amd_iommu= on the kernel line):",
                  "cat /proc/cmdline"),
        advice="disable ACS on the PCIe switches (or in the BIOS) and the IOMMU where the "
        "machine is not a virtualisation host, as "
        "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
        "#pci-access-control-services-acs describes; then run again",
    ),
    Code.BANDWIDTH_BELOW_NVLINK: Entry(
        W, "a GPU pair linked by NVLink runs far below it",
        "Two GPUs that `nvidia-smi topo -m` shows linked by NVLink exchanged data at under "
        "a third of what those links carry: the traffic took another path (PCIe or host "
        "memory), or links are down.",
        "ranks {first} and {second} ({devices}, {link}) exchanged {measured} one way: under "
        "a third of the {expected} their links should carry ({basis})",
        commands=("# are all links up?", "nvidia-smi nvlink --status",
                  "# is peer-to-peer switched off for the job?",
                  "printenv NCCL_P2P_DISABLE NCCL_P2P_LEVEL NCCL_SHM_DISABLE"),
        advice="NCCL_P2P_DISABLE=1 or NCCL_P2P_LEVEL in the environment, inactive links or a "
        "missing fabric manager on an NVSwitch system each send the traffic elsewhere",
    ),
    # --- what the process loaded (detect's probe reads its own /proc/self/maps) ---------
    Code.LIBRARIES_MIXED_CUDA: Entry(
        E, "two CUDA majors loaded in one process",
        "Libraries of two CUDA major versions (libcudart.so.12 and .so.13, say) are mapped "
        "into the same process: two package sets provide the CUDA stack (pip's nvidia-*-cu13 "
        "wheels beside a conda or system CUDA 12), and which copy a call reaches depends on "
        "load order. NVIDIA's cudnn-frontend collect_env (NVIDIA/cudnn-frontend#400) calls "
        "this mixed stack the most common root cause of unreproducible issues.",
        "CUDA {majors} libraries are loaded at once: {paths}",
        commands=("# which package installed each copy:", "{pip_list}"),
        advice="keep one CUDA major: remove the packages (pip or conda) or the "
        "LD_LIBRARY_PATH entries that provide the other; {owners}",
        # issue 41: a pasted report shows what is installed, not what one process loaded
        variants={"installed": "CUDA {majors} libraries are installed side by side: {paths}"},
        variant_commands={"installed": ()},
        variant_advice={"installed": "keep one CUDA major: uninstall the other major's "
                        "packages (pip uninstall; conda remove for conda's own), or the process "
                        "that loads both takes whichever copy the loader finds first; {owners}"},
    ),
    Code.LIBRARIES_DUPLICATE: Entry(
        W, "two copies of one library loaded",
        "The same library is mapped twice from two files: code linked against one copy "
        "and state kept in the other disagree (two OpenMP runtimes, two cuDNNs).",
        "two copies of {library} are loaded: {paths}",
        advice="remove the copy that does not belong to the installed packages ({owners})",
    ),
    Code.LIBRARIES_SHADOWED: Entry(
        W, "a library from elsewhere shadows the wheel's own",
        "An installed wheel ships this library (its RECORD lists it), but the dynamic "
        "linker loaded another copy first: LD_PRELOAD and LD_LIBRARY_PATH are searched "
        "before a library's own RUNPATH (ld.so(8)), and a copy already loaded is reused, so "
        "the wheel's copy, the one its build was tested with, is never used.",
        "{library} is loaded from {loaded} ({origin}), not from {dist}'s own {wheel}",
        commands=("# leave {via} out of {variable} for the programs that use {dist}:",
                  "export {variable}={kept}"),
        variant_commands={"unset": ("# {variable} holds only {via}:", "unset {variable}"),
                          "system": ()},
        variant_advice={"system": "something loaded {loaded} before {dist} did (an import "
                        "that links it, or the system's library path for a wheel without "
                        "its own RUNPATH); import torch first, or remove that copy"},
    ),
    Code.LIBRARIES_CONDA_AND_PIP: Entry(
        W, "conda and pip both provide torch's stack",
        "conda packages and pip wheels in one environment both provide torch or its CUDA "
        "libraries; each manager overwrites or shadows the other's files, and which copy "
        "loads depends on the order of installs (the mixed stack NVIDIA/cudnn-frontend#400 "
        "names first).",
        "conda provides {conda} and pip provides {pip} in one environment",
        commands=("# what pip installed:", "{pip_list}"),
        advice="install torch and its CUDA libraries with one of them: remove the other's "
        "copies (conda remove for conda's, pip uninstall for pip's)",
    ),
    Code.LIBRARIES_CUDNN_OLDER: Entry(
        E, "the loaded cuDNN is older than torch was built with",
        "torch compares the cuDNN it loaded with the one it was compiled against and "
        "refuses a different major or, from cuDNN 7, an older minor (torch/backends/cudnn/"
        "__init__.py, _init: \"cuDNN version incompatibility\").",
        "torch {torch} was built with cuDNN {compiled} but loads cuDNN {runtime} from {path}",
        commands=("# leave {via} out of LD_LIBRARY_PATH:", "export LD_LIBRARY_PATH={kept}"),
        advice="remove the older cuDNN from the library path, or install cuDNN {compiled} "
        "(torch's own words: \"Please either remove it from the path or install cudnn\")",
    ),
    # --- ROCm as pip installs it (TheRock's rocm and rocm-sdk-* wheels) ---------------------
    Code.ROCM_WHEELS_MISSING: Entry(
        E, "torch's ROCm wheels are not installed",
        "From ROCm 7.14 torch's ROCm wheels carry no ROCm libraries of their own: they "
        "require TheRock's `rocm` wheels (rocm-sdk-core, rocm-sdk-libraries-<family>) and "
        "find them through RUNPATH in site-packages (pytorch/pytorch#191688).",
        "torch {torch} requires {requirement}, but {missing} is not installed",
        commands=("# reinstall torch with the ROCm wheels it names:", "{reinstall}"),
    ),
    Code.ROCM_WHEELS_MISMATCH: Entry(
        E, "the ROCm wheels are another release than torch's",
        "torch's ROCm build names the ROCm release it was built against in its version "
        "(`+rocm7.14`) and pins TheRock's wheels to it; another release of rocm-sdk-core "
        "is not the library torch was linked with.",
        "torch {torch} is built for ROCm {wanted}, but {dist} {installed} is installed",
        commands=("# reinstall torch with the ROCm wheels it names:", "{reinstall}"),
    ),
    Code.ROCM_DEVICE_EXTRA_MISSING: Entry(
        E, "no ROCm device libraries for this GPU",
        "ROCm's per-architecture wheels carry the kernels of one gfx target each; torch "
        "installs them through extras (`torch[device-gfx942]`). Without the one for this "
        "GPU, torch.cuda.is_available() is True but every kernel fails with "
        "hipErrorInvalidImage (astral-sh/uv#21683).",
        "this machine's {gfx} has no ROCm device wheel installed (installed: {installed})",
        commands=("{install}",),
        advice="install torch's extra for {gfx} from the index torch came from",
    ),
    # --- the kernel log's Xid events and NVML's health counters (compat/xid.py) -------------
    Code.GPU_XID_RECORDED: Entry(
        I, "the kernel log has an Xid that needs no action",
        "NVIDIA's Xid catalogue files this event under IGNORE or as a summary of another "
        "Xid: it is recorded for information.",
        "GPU {device} logged Xid {xid} ({meaning}) {times}",
        action=Action.NONE,
        params=("bus_id", "catalogue"),
    ),
    Code.GPU_XID_RESTART_APP: Entry(
        W, "the kernel log has an Xid: restart the application",
        "NVIDIA's Xid catalogue's immediate action for this event is RESTART_APP (or its "
        "Xid 45 workflow): the application that hit it must restart; the GPU itself stays "
        "usable.",
        "GPU {device} logged Xid {xid} ({meaning}) {times}",
        advice="restart the application that used GPU {device}; if it recurs, run it "
        "under compute-sanitizer (NVIDIA's investigation for Xid 13 and 31): {catalogue}",
        action=Action.RESTART_APP,
        params=("bus_id",),
    ),
    Code.GPU_XID_RESET: Entry(
        E, "the kernel log has an Xid: reset the GPU",
        "NVIDIA's Xid catalogue's immediate action for this event is RESET_GPU (or the Xid "
        "48 and NVLink workflows, which a GPU reset or a reboot clears).",
        "GPU {device} logged Xid {xid} ({meaning}) {times}",
        commands=("# drain the GPU first: stop every process nvidia-smi shows on it, then:",
                  "sudo nvidia-smi --gpu-reset -i {bus_id}"),
        advice="reset GPU {device} (or reboot the node); if it recurs, drain the node for "
        "service: {catalogue}",
        action=Action.RESET_GPU,
    ),
    Code.GPU_XID_REBOOT: Entry(
        E, "the kernel log has an Xid: reboot the node",
        "NVIDIA's Xid catalogue's immediate action for this event is RESTART_BM (or "
        "RESTART_VM): the GPU cannot be reached until the machine restarts.",
        "GPU {device} logged Xid {xid} ({meaning}) {times}",
        commands=("# drain the node first: its jobs end with it", "sudo reboot"),
        advice="reboot the node; a GPU that falls off the bus again needs service (reseat "
        "it, check its power and riser): {catalogue}",
        action=Action.REBOOT,
        params=("bus_id",),
    ),
    Code.GPU_XID_SERVICE: Entry(
        E, "the kernel log has an Xid: drain the node for service",
        "NVIDIA's Xid catalogue says to report this event to NVIDIA or the hardware vendor "
        "(UNEXPECTED_ERR_REPORT_ISSUE, CONTACT_SUPPORT, CHECK_MECHANICALS): drain the node "
        "and send the GPU for service.",
        "GPU {device} logged Xid {xid} ({meaning}) {times}",
        commands=("# the log NVIDIA support asks for:", "sudo nvidia-bug-report.sh"),
        advice="drain the node and send GPU {device} for service (RMA): {catalogue}",
        action=Action.SERVICE,
        params=("bus_id",),
    ),
    Code.GPU_SXID_FATAL: Entry(
        E, "an NVSwitch logged a fatal SXid",
        "A fatal NVSwitch error (SXid) breaks the NVLink fabric of every GPU behind it; "
        "NVIDIA's SXid mapping resets the fabric or the GPUs for these.",
        "NVSwitch {device} logged fatal SXid {xid} {times}",
        commands=("# drain the node first: its jobs end with it", "sudo reboot"),
        advice="reboot the node to reset the fabric; if the SXid recurs, drain it for "
        "service",
        action=Action.REBOOT,
    ),
    Code.GPU_KERNEL_LOG_UNREAD: Entry(
        I, "the kernel log could not be read: Xid events not checked",
        "hwdoctor reads the kernel log for NVIDIA's Xid events where this user may; here "
        "it may not, so GPU faults the driver logged were not checked (not: there were "
        "none).",
        "the kernel log could not be read ({problem}): Xid events were not checked",
        commands=("# as root; lines with NVRM: Xid or SXid are GPU faults:",
                  "sudo dmesg"),
        advice="run hwdoctor as a member of the systemd-journal group to have it read them",
    ),
    Code.GPU_ECC_UNCORRECTED: Entry(
        E, "a GPU reports uncorrectable ECC errors",
        "NVML counts uncorrectable (double-bit) memory errors since the driver loaded "
        "(volatile); data on that GPU may be corrupt until it is reset.",
        "GPU {device} ({name}) has {volatile} uncorrectable ECC error(s) since the driver "
        "loaded ({aggregate} in its lifetime)",
        commands=("# drain the GPU first, then:", "sudo nvidia-smi --gpu-reset -i {bus_id}"),
        advice="reset the GPU to retire or remap the failing memory; if errors return, send "
        "it for service",
        action=Action.RESET_GPU,
    ),
    Code.GPU_REMAP_PENDING: Entry(
        W, "a GPU has a row remapping pending",
        "The GPU marked a memory row for remapping after an uncorrectable error; the remap "
        "takes effect at the next GPU reset (NVML nvmlDeviceGetRemappedRows: isPending; "
        "Xid 63 \"reset gpu to activate\").",
        "GPU {device} ({name}) has a row remapping pending ({uncorrectable} row(s) remapped "
        "for uncorrectable errors)",
        commands=("# drain the GPU first, then:", "sudo nvidia-smi --gpu-reset -i {bus_id}"),
        action=Action.RESET_GPU,
    ),
    Code.GPU_REMAP_FAILED: Entry(
        E, "a GPU failed to remap a memory row",
        "Row remapping failed (NVML: failureOccurred; Xid 64): the memory could not be "
        "repaired, which NVIDIA's memory error management treats as a reason for RMA.",
        "GPU {device} ({name}) failed a row remapping",
        commands=("# the log NVIDIA support asks for:", "sudo nvidia-bug-report.sh"),
        advice="drain the node and send GPU {device} for service (RMA)",
        action=Action.SERVICE,
        params=("bus_id",),
    ),
    Code.GPU_RETIREMENT_PENDING: Entry(
        W, "a GPU has a page retirement pending",
        "Memory pages are marked for retirement after ECC errors; they are retired when the "
        "driver reloads (NVML nvmlDeviceGetRetiredPagesPendingStatus).",
        "GPU {device} ({name}) has page retirements pending",
        commands=("# drain the GPU first, then:", "sudo nvidia-smi --gpu-reset -i {bus_id}"),
        action=Action.RESET_GPU,
    ),
    Code.GPU_NVLINK_DOWN: Entry(
        W, "NVLink links are down",
        "Links the GPU supports report inactive (NVML nvmlDeviceGetNvLinkState): traffic "
        "between its GPUs takes PCIe instead, at a fraction of the bandwidth.",
        "GPU {device} ({name}) has NVLink link(s) {links} down ({up} up)",
        commands=("nvidia-smi nvlink --status",),
        advice="reset the GPUs or reboot; links that stay down need the fabric manager "
        "(NVSwitch systems) or service",
        action=Action.RESET_GPU,
        params=("bus_id",),
    ),
    Code.GPU_THROTTLED: Entry(
        W, "a GPU's clocks are slowed down",
        "NVML reports clock-event reasons that cost speed (nvml.h "
        "nvmlClocksEventReason*): hardware slowdown (thermal, power brake) or software "
        "thermal or power caps.",
        "GPU {device} ({name}) runs slowed down: {reasons}",
        commands=("nvidia-smi -q -d PERFORMANCE",),
        advice="check its cooling and power (a hardware slowdown or power brake is the "
        "board or its power supply asking for it)",
        params=("bus_id",),
    ),
    # --- fleets (detect --from DIR) ------------------------------------------------------
    Code.FLEET_NODES_DIFFER: Entry(
        W, "nodes differ from the rest of the fleet",
        "Some nodes' configuration (driver, torch, devices, packages, findings) is not the "
        "one most nodes share.",
        "{odd} of {total} nodes differ from the largest group ({largest} nodes): {hosts}",
        advice="bring the odd nodes to the common configuration, or drain them before the job",
        variants={"no_majority": "the {total} nodes fall into {configurations} configurations "
                  "and no one is shared by more nodes than another (the largest groups have "
                  "{largest} each)"},
        variant_advice={"no_majority": "choose the configuration the job needs and bring "
                        "every node to it; the groups below say what differs"},
    ),
    Code.FLEET_NODES_FAILED: Entry(
        E, "nodes fail their preflight",
        "Some nodes have an error finding or do not meet a --require (with --strict, a "
        "warning counts too).",
        "{count} of {total} nodes fail their preflight: {hosts}",
        advice="each node's findings are below; drain those nodes or fix them first",
    ),
    Code.FLEET_UNREADABLE: Entry(
        E, "files of the fleet could not be read",
        "Files in the fleet directory are not evidence files, so those nodes are not checked.",
        "{count} file(s) in {directory} could not be read as evidence: {files}",
        advice="each node writes its file with hwdoctor detect --save-evidence "
        "'DIR/{{host}}.json'; remove other .json files from DIR",
    ),
    Code.FLEET_NOT_REPORTED: Entry(
        E, "nodes wrote no evidence",
        "`--expect` names nodes for which the fleet directory holds no file (by file name, "
        "or by the host name inside a file whose name agrees with it): they did not run the "
        "preflight, or could not write their file, so nothing is known of them.",
        "no evidence from {hosts} ({count} of the {expected} expected nodes wrote no file "
        "to {directory})",
        # sinfo(1): --nodes takes "a node range expression (e.g. linux[00-17])"; --Node
        # --long prints one line per node with its state.
        commands=("# their state in Slurm (down, drained, not responding?):",
                  "sinfo --Node --long --nodes={nodelist}"),
        advice="run the preflight on those nodes, or leave them out of --expect",
    ),
    # The nodes whose GPU faults (the kernel log's Xid and SXid events, NVML's ECC and
    # remapping counters) ask for a step of the action ladder that takes the node out of
    # service first: one finding per step, each node under the worst step it needs
    # (compat/xid.py). scontrol(1): `update NodeName=<list> State=DRAIN Reason=<text>`, where
    # "Reason=" is required with DRAIN and the node list takes host-list ranges
    # (https://slurm.schedmd.com/scontrol.html).
    Code.FLEET_DRAIN_SERVICE: Entry(
        E, "nodes to drain and send for service",
        "A GPU fault on these nodes is one NVIDIA's Xid catalogue or memory error management "
        "sends for service (RMA, vendor support): drain them before anything else.",
        "drain for service: {hosts} ({count} of {total} nodes; {causes})",
        commands=("# Slurm (on Kubernetes: kubectl drain NODE --ignore-daemonsets):",
                  "scontrol update nodename={nodelist} state=drain reason={reason}"),
        advice="each node's findings are below, with the log NVIDIA support asks for",
        action=Action.SERVICE,
    ),
    Code.FLEET_DRAIN_REBOOT: Entry(
        E, "nodes to drain and reboot",
        "A GPU fault on these nodes leaves a GPU unreachable until the machine restarts "
        "(NVIDIA's Xid catalogue: RESTART_BM, RESTART_VM; a fatal SXid).",
        "drain and reboot: {hosts} ({count} of {total} nodes; {causes})",
        commands=("# Slurm (on Kubernetes: kubectl drain NODE --ignore-daemonsets):",
                  "scontrol update nodename={nodelist} state=drain reason={reason}"),
        advice="reboot each once its jobs have ended, then resume it (scontrol update "
        "nodename=NODE state=resume)",
        action=Action.REBOOT,
    ),
    Code.FLEET_DRAIN_RESET: Entry(
        E, "nodes to drain and reset a GPU",
        "A GPU fault on these nodes is cleared by resetting the GPU (NVIDIA's Xid "
        "catalogue: RESET_GPU; uncorrectable ECC errors, a pending row remap).",
        "drain and reset their GPUs: {hosts} ({count} of {total} nodes; {causes})",
        commands=("# Slurm (on Kubernetes: kubectl drain NODE --ignore-daemonsets):",
                  "scontrol update nodename={nodelist} state=drain reason={reason}"),
        advice="reset the GPU each node's findings name (nvidia-smi --gpu-reset), then "
        "resume the node",
        action=Action.RESET_GPU,
    ),
    Code.FLEET_TOO_LARGE: Entry(
        E, "the fleet's files are too large to read them all",
        "hwdoctor reads at most 2 GiB of one fleet directory in all (20 KiB for each of the "
        "100,000 files it takes; a node's evidence is about 10 KiB): the files past that "
        "are not read, so their nodes are not checked.",
        "{count} of {total} files in {directory} were not read: the fleet passed the {limit} "
        "hwdoctor reads of one, at {first} ({files})",
        advice="remove what is not a node's evidence from the directory (a file can be "
        "16 MiB at most), or split the nodes into directories and report on each",
    ),
    # issue 38: Huawei Ascend
    Code.NPU_ASKED_FOR_CUDA: Entry(
        # a warning: the code is what changes, nothing installed (as MPS_ASKED_FOR_CUDA)
        W, "code asked for CUDA on an Ascend NPU machine",
        "torch-npu runs on torch's CPU build (Ascend/pytorch README, \"Installation\"), which "
        "raises \"Torch not compiled with CUDA enabled\" on any call into torch.cuda "
        "(torch/cuda/__init__.py `_lazy_init`): the program, or a library too old to know the "
        "NPU, called .cuda(), torch.cuda.* or device=\"cuda\" on a machine whose accelerator "
        "is an Ascend NPU. A CUDA build of torch is no remedy: it cannot drive an NPU.",
        "the code asked torch for CUDA on an Ascend NPU machine (torch: \"Torch not compiled "
        "with CUDA enabled\"): the paste shows an Ascend NPU ({shown}), and torch-npu runs on "
        "torch's CPU build, so a call to .cuda() or torch.cuda fails",
        advice="run that code on the NPU: where it calls .cuda(), torch.cuda.* or "
        "device=\"cuda\", use \"npu\" (import torch_npu first), or add `import torch_npu` and "
        "`from torch_npu.contrib import transfer_to_npu` before it runs, which maps torch.cuda "
        "calls to torch.npu (Ascend's PyTorch migration guide); where a library makes the "
        "call, upgrade it to a release that supports Ascend NPUs; do not install a CUDA "
        "build of torch",
    ),
    Code.CANN_PYTHON_MISSING: Entry(
        E, "CANN's Python dependencies are missing",
        "CANN compiles and tunes operators with Python code of its own (te, tbe, the op "
        "tuning knowledge base) that needs Python packages the toolkit does not install: "
        "numpy, decorator, sympy, cffi, protobuf, attrs, cython, pyyaml, pathlib2, scipy, "
        "requests, psutil, absl-py (CANN installation guide, \"Runtime Dependencies\"). "
        "Without them torch_npu's first operator fails with CANN's \"EH9999 … [Init][Env]init "
        "env failed\" or a CANN log line quoting Python's \"No module named\".",
        "CANN could not start its operator compiler's Python side (CANN: \"init env "
        "failed\"): its Python dependencies are not all installed in this Python",
        commands=("{install}",),
        advice="install them into the Python that runs torch_npu, then source the toolkit's "
        "set_env.sh (source /usr/local/Ascend/ascend-toolkit/set_env.sh at the default path) "
        "in the shell that starts the job",
        variants={
            "module": "CANN could not import the Python module {module} (CANN's log: \"No "
            "module named '{module}'\"): a Python dependency of CANN is not installed in this "
            "Python",
            "toolkit": "CANN could not import its own Python module {module} (CANN's log: "
            "\"No module named '{module}'\"): the toolkit's Python packages are not on this "
            "Python's path, or its dependencies are missing",
            # issue 38: Ascend's other wordings (a traceback's, mindspore-lab/mindone#293)
            "python": "Python could not import {module}, a module the CANN toolkit ships "
            "(\"No module named '{module}'\"): the toolkit's Python packages are not on this "
            "Python's path (its set_env.sh not sourced in this shell), or CANN is not installed",
        },
        variant_advice={
            "toolkit": "source the toolkit's set_env.sh in the shell that starts the job "
            "(source /usr/local/Ascend/ascend-toolkit/set_env.sh at the default path), which "
            "puts CANN's Python packages on PYTHONPATH, and check that no other package named "
            "{top} shadows them; install CANN's Python dependencies too:",
            "python": "source the toolkit's set_env.sh in the shell that starts the job "
            "(source /usr/local/Ascend/ascend-toolkit/set_env.sh at the default path), which "
            "puts CANN's Python packages on PYTHONPATH; where there is none, install the CANN "
            "toolkit (it is not on PyPI); install CANN's Python dependencies too:",
        },
    ),
    # issue 42: gpu_ids
    Code.ACCELERATE_GPU_IDS_NONE: Entry(
        W, "Accelerate's saved gpu_ids lets no GPU through",
        "`accelerate config` saved a gpu_ids other than 'all'; `accelerate launch` exports it "
        "unchanged as CUDA_VISIBLE_DEVICES to every process it starts, since 0.13.0 "
        "(accelerate/commands/launch.py _validate_launch_command: args.gpu_ids = "
        "defaults.gpu_ids; utils/launch.py prepare_simple_launcher_cmd_env, "
        "prepare_multi_gpu_env, prepare_deepspeed_cmd_env: `if gpu_ids != \"all\"`; "
        "huggingface/accelerate#732). CUDA reads that list up to its first invalid index "
        "(CUDA C++ Programming Guide, \"CUDA Environment Variables\"), and a list whose first "
        "entry is not a device index (brackets, a name) lets no GPU through. `accelerate env` "
        "itself runs without it, so its torch still sees the GPUs.",
        "Accelerate's default config sets gpu_ids: {value}, which accelerate launch exports "
        "as CUDA_VISIBLE_DEVICES={value}: it names no GPU, so every process it starts sees "
        "none, although torch {torch} sees CUDA here",
        commands=(
            "# run it again and give the GPUs by index from 0 (nvidia-smi -L lists them), "
            "comma-separated, or all:",
            "accelerate config",
        ),
        advice="gpu_ids is a plain list such as 0,1 (no brackets or quotes), as accelerate "
        "launch --gpu_ids 0,1 takes it for one run",
    ),
    Code.NVCC_MAJOR_MISMATCH: Entry(
        W, "the CUDA toolkit's nvcc is another major release than torch's CUDA",
        "torch builds a CUDA extension from source (torch.utils.cpp_extension's "
        "BuildExtension: a package pip builds without a wheel, a setup.py build) with the nvcc "
        "under CUDA_HOME, and refuses when that toolkit's major release differs from the CUDA "
        "torch was built with; a different minor release only warns (torch/utils/"
        "cpp_extension.py, _check_cuda_version). torch itself, and prebuilt wheels, do not use "
        "the toolkit.",
        "nvcc (the CUDA toolkit under CUDA_HOME) is release {nvcc}, but torch {torch} is built "
        "with CUDA {cuda}: a CUDA extension built from source against this torch fails with "
        "torch's \"The detected CUDA version ({nvcc}) mismatches the version that was used to "
        "compile PyTorch ({cuda})\"",
        commands=("{install}", "{toolkit}"),
        advice="to build extensions here, use a torch built for CUDA {nvcc_major}.x (above), "
        "or install a CUDA {major}.x toolkit and point CUDA_HOME at it (the directory holding "
        "bin/nvcc) in the shell that builds them; running torch and prebuilt wheels need "
        "neither",
        # issue 38: torch's own refusal, read from its words (cpp_extension.py
        # CUDA_MISMATCH_MESSAGE), and an older release refusing a minor difference
        variants={
            "refused": "torch refused to build a CUDA extension: the CUDA toolkit's nvcc "
            "(under CUDA_HOME) is release {nvcc} and {built} was built with CUDA {cuda} "
            "(torch: \"The detected CUDA version ({nvcc}) mismatches the version that was "
            "used to compile PyTorch ({cuda})\")",
            "minor": "torch refused to build a CUDA extension: the CUDA toolkit's nvcc "
            "(under CUDA_HOME) is release {nvcc} and {built} was built with CUDA {cuda} "
            "(torch: \"The detected CUDA version ({nvcc}) mismatches the version that was "
            "used to compile PyTorch ({cuda})\"); older torch releases refuse a different "
            "minor release too",
        },
        variant_advice={
            "minor": "use a CUDA {cuda} toolkit (CUDA_HOME pointing at it) to build "
            "extensions for this torch, or a newer torch, which accepts another minor release "
            "of the same major ({major}.x) with a warning (cpp_extension.py "
            "_check_cuda_version)",
        },
    ),
    # issue 38: bfloat16 on MPS, refused by the torch release or by macOS
    Code.MPS_BF16_UNSUPPORTED: Entry(
        E, "bfloat16 asked of MPS where it has none",
        "torch's MPS backend runs bfloat16 from torch 2.3 (pytorch/pytorch#119641), and only "
        "under macOS 14 (Sonoma) or newer, where Metal has the type; older releases refuse it "
        "always (\"BFloat16 is not supported on MPS\", aten/src/ATen/mps/EmptyTensor.cpp). "
        "torch's wheels for Intel Macs end at 2.2, so there bfloat16 on MPS stays refused.",
        "torch {torch} has no bfloat16 on MPS (torch: \"BFloat16 is not supported on MPS\"): "
        "MPS runs bfloat16 from torch 2.3, under macOS 14 or newer",
        advice="load the model in float16 (torch_dtype=torch.float16; fp16 instead of bf16 "
        "when training) or float32; on Apple Silicon under macOS 14 or newer, torch 2.3 or "
        "newer runs bfloat16 on MPS (an Intel Mac has no torch wheel past 2.2)",
        variants={
            "macos": "MPS has no bfloat16 under {macos} (torch: \"MPS BFloat16 is only "
            "supported on MacOS 14 or newer\"): Metal has bfloat16 from macOS 14 (Sonoma)",
            # issue 38 (s9-precision): accelerate's refusal of bf16 AMP on MPS
            "accelerate": "accelerate refused bf16 mixed precision on this Mac's GPU (MPS) "
            "(accelerate: \"bf16 mixed precision requires … a supported device\"): accelerate "
            "0.30 to 1.10 run no bf16 AMP on MPS, and later releases only under macOS 14 or "
            "newer",
            "accelerate_torch": "accelerate refused bf16 mixed precision on this Mac's GPU "
            "(MPS) with torch {torch} (accelerate: \"bf16 mixed precision with MPS device "
            "requires a Pytorch >= 2.6.0\"): torch runs bf16 autocast on MPS from 2.6",
            # issue 38 (s20-zero): torch's refusal where the paste shows no torch release
            "unshown": "torch refused bfloat16 on MPS (torch: \"BFloat16 is not supported on "
            "MPS\"), and the paste does not show torch's release, which decides: torch before "
            "2.3 has no bfloat16 on MPS, torch 2.3 or newer runs it under macOS 14 or newer "
            "(and says \"MPS BFloat16 is only supported on MacOS 14 or newer\" below it)",
        },
        variant_severity={"unshown": W},
        variant_advice={
            "macos": "update macOS to 14 (Sonoma) or newer, or load the model in float16 "
            "(torch_dtype=torch.float16; fp16 instead of bf16 when training) or float32",
            "accelerate": "train without bf16 mixed precision (--mixed_precision no, "
            "mixed_precision: no in the accelerate config, the program's own precision option) "
            "in float32; on Apple Silicon under macOS 14 or newer, accelerate 1.11 or newer "
            "with torch 2.6 or newer runs bf16 AMP on MPS (huggingface/accelerate#3373)",
            "accelerate_torch": "upgrade torch to 2.6 or newer, the release accelerate asks "
            "for bf16 AMP on MPS, or train without bf16 mixed precision (--mixed_precision no: "
            "float32)",
            "unshown": "check torch's release and macOS's (python -c \"import torch, platform; "
            "print(torch.__version__, platform.mac_ver()[0], platform.machine())\"): on Apple "
            "Silicon under macOS 14 or newer, torch 2.3 or newer runs bfloat16 on MPS (an Intel "
            "Mac has no torch wheel past 2.2); or load the model in float16 "
            "(torch_dtype=torch.float16; fp16 instead of bf16 when training) or float32",
        },
    ),
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    Code.DS_CUDA_MISMATCH: Entry(
        E, "DeepSpeed's CUDA toolkit and torch's CUDA disagree",
        "DeepSpeed compiles its ops with the CUDA toolkit's nvcc and refuses when nvcc's "
        "release and the CUDA torch was built with differ, unless both are of one major "
        "release listed in its cuda_minor_mismatch_ok table (deepspeedai/DeepSpeed "
        "op_builder/builder.py assert_no_cuda_mismatch: 10.0-10.2, 11.0-11.8, 12.0-12.9 in "
        "current releases; older releases list fewer). A different major is always refused "
        "(its maintainers: the majors must match, deepspeedai/DeepSpeed-MII#277); "
        "DS_SKIP_CUDA_CHECK=1 skips the check at the risk of ops that do not load.",
        "DeepSpeed refused to build its ops: the CUDA toolkit (nvcc) is {installed} and torch "
        "was built with CUDA {torch} (DeepSpeed: \"Installed CUDA version {installed} does "
        "not match the version torch was compiled with {torch}\")",
        advice="install a CUDA toolkit {torch_major}.x, the major release torch was built "
        "with, and point CUDA_HOME at it (DeepSpeed accepts a toolkit of the same major "
        "release as torch's CUDA), or install a torch built for CUDA {installed_major} "
        "(hwdoctor detect on the machine writes that install line)",
        variant_advice={
            "same_major": "upgrade DeepSpeed: CUDA {installed} and {torch} are one major "
            "release, which current DeepSpeed accepts (its cuda_minor_mismatch_ok table); "
            "or set DS_SKIP_CUDA_CHECK=1 to skip the check",
        },
    ),
    Code.BNB_ON_MAC: Entry(
        E, "bitsandbytes on a Mac has no GPU library",
        "bitsandbytes' CUDA setup loads a CUDA library of its own or its CPU one "
        "(bitsandbytes/cextension.py, cuda_setup/main.py); it has no library for Apple's GPU "
        "(MPS): Apple silicon support is an open request (bitsandbytes-foundation/"
        "bitsandbytes#252, \"Support for Apple silicon\"), and its CPU library of those "
        "releases is not built for macOS arm64.",
        "bitsandbytes has no library for this Mac's GPU (bitsandbytes: \"compiled without "
        "GPU support\"): its 8-bit and 4-bit quantization run on CUDA GPUs, not on MPS",
        advice="on a Mac, load the model without bitsandbytes (drop load_in_8bit / "
        "load_in_4bit and the BitsAndBytesConfig; torch_dtype=torch.float16 on the mps "
        "device), or run the quantized model on a machine with an NVIDIA GPU; a CUDA or "
        "Windows upgrade of bitsandbytes does not help here",
        # issue 38: macOS's loader refusing the Linux library those releases ship
        variants={
            "macos_loader": "bitsandbytes has no library for macOS here: the one it loads, "
            "libbitsandbytes_cpu.so, is a Linux (ELF) file that macOS's loader refuses (dyld: "
            "\"not a mach-o file\"), so its 8-bit and 4-bit quantization are unavailable on "
            "this Mac",
            # issue 38 (s6-macintel): pip's or uv's resolver finding no release for a Mac
            # (bitsandbytes' PyPI files: 0.43.0-0.48.2 manylinux and win_amd64 wheels only)
            # issue 38 (s8-platform): transformers' / diffusers' quantizer refusing the Mac
            "quantizer": "transformers' bitsandbytes quantizer refused this Mac (\"No GPU "
            "found. A GPU is needed for quantization.\"): it asks torch for CUDA, which no "
            "torch for macOS has, so a BitsAndBytesConfig (load_in_4bit / load_in_8bit) does "
            "not load here",
            "no_wheel": "{tool} found no bitsandbytes release for this Mac ({requirement}): "
            "bitsandbytes 0.43.0 to 0.48.2 ship wheels for Linux and Windows only, and its "
            "first macOS wheels, for Apple silicon on macOS 14 or newer, are 0.49.0's",
        },
        # issue 38 (s6-macintel): the release with the first macOS wheels
        variant_commands={
            "no_wheel": ("# on Apple silicon with macOS 14 or newer:", "{install}"),
        },
        variant_advice={
            "macos_loader": "on a Mac, load the model without bitsandbytes (drop "
            "load_in_8bit / load_in_4bit and the BitsAndBytesConfig), or run the quantized "
            "model on a machine with an NVIDIA GPU; bitsandbytes' macOS wheels are for Apple "
            "silicon (arm64) only (its installation guide), so an Intel Mac has none, and a "
            "CUDA or Windows upgrade does not help here",
            # issue 38 (s8-platform): bitsandbytes' installation guide (0.49.0 on): Apple
            # silicon wheels, its MPS backend; the quantizers of transformers and diffusers
            # checked torch.cuda alone (diffusers#13361, #13915 added mps to diffusers' check)
            "quantizer": "on a Mac, load the model without the BitsAndBytesConfig (drop "
            "load_in_4bit / load_in_8bit; torch_dtype=torch.float16 on the mps device), or a "
            "model quantized for Apple silicon (MLX, GGUF); where a node or script loads it "
            "quantized, its option for unquantized loading. bitsandbytes' own Apple silicon "
            "wheels (0.49.0 on, its installation guide) do not help while the transformers or "
            "diffusers release that printed this checks for CUDA alone; a CUDA index is no "
            "remedy on a Mac",
            # issue 38 (s6-macintel): no wheel of the release asked for this Mac
            "no_wheel": "on Apple silicon with macOS 14 or newer, ask for bitsandbytes 0.49.0 "
            "or newer (the install line given): its first macOS wheels (macosx_14_0_arm64, "
            "PyPI's file list), with its Apple silicon backend (its installation guide); "
            "0.42.0, the last release pip finds for a Mac before it, installs a Linux library "
            "macOS cannot load. On an Intel Mac or an older macOS there is no build of it: "
            "leave bitsandbytes out of the requirements installed there and load the model "
            "without load_in_8bit / load_in_4bit. A CUDA index is no remedy on a Mac",
        },
    ),
    Code.WSL_NO_LIBCUDA: Entry(
        E, "WSL2 does not find the Windows driver's libcuda",
        "Under WSL2 the NVIDIA driver is the Windows one; WSL2 mounts its libcuda in "
        "/usr/lib/wsl/lib, and a Linux NVIDIA driver must not be installed inside WSL, as it "
        "would replace that library (NVIDIA's CUDA on WSL user guide, https://docs.nvidia."
        "com/cuda/wsl-user-guide/index.html). A program that opens libcuda by name finds it "
        "only when /usr/lib/wsl/lib is on the loader's path (ld.wsl.conf, or LD_LIBRARY_PATH; "
        "bitsandbytes' errors_and_solutions.md, \"GPU not detected on Windows WSL "
        "environment\").",
        "{library} could not be loaded under WSL2: the Windows NVIDIA driver's libcuda in "
        "/usr/lib/wsl/lib is not on the library path",
        commands=(
            "export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH",
            "ls -l /usr/lib/wsl/lib/libcuda*",
        ),
        advice="put WSL's driver directory on the loader's path (or run sudo ldconfig "
        "/usr/lib/wsl/lib once); if that directory holds no libcuda.so.1, update the NVIDIA "
        "driver on Windows. Do not install a Linux NVIDIA driver inside WSL:",
    ),
    # issue 38 (s14-sharedlib): any library the loader cannot find (compat/sonames.py says who
    # provides it; readers/messages.py `_SHARED_LIBRARY` has the loaders' words)
    Code.SHARED_LIBRARY_MISSING: Entry(
        E, "a shared library a package needs is not installed",
        "A compiled module asks the dynamic loader for each library it links by its file name "
        "(a soname such as libGL.so.1 on Linux, an install name on macOS, a DLL on Windows); "
        "where no directory the loader searches holds that file, the import fails (glibc: "
        "\"cannot open shared object file\"; dyld: \"Library not loaded\"; Windows: \"Could "
        "not find module … (or one of its dependencies)\"). Slim container images lack most "
        "system libraries; a vendor's runtime is found only where its directory is on the "
        "loader's path; a soname's number is the library's major release, so a module built "
        "against another release finds none. Who provides the file: Debian's Contents index "
        "for system libraries (hwdoctor/compat/sonames_table.txt, with the Debian release "
        "read), the vendors' documentation for their runtimes (hwdoctor/compat/sonames.py).",
        "the loader could not find {library}, which {needed} needs: on Debian and Ubuntu the "
        "package {packages} installs it ({release})",
        commands=("{install}",),
        advice="{alternative}",
        variants={
            "system_words": "the loader could not find {library}, which {needed} needs: on "
            "Debian and Ubuntu the package {packages} installs it ({release})",
            "other_release": "the loader could not find {library}, which {needed} needs: no "
            "package of {release} installs that release of it ({present} is this release's), "
            "so {needed} was built against another major release of the library",
            "vendor": "the loader could not find {library}, which {needed} needs: it is part "
            "of {provides}",
            "torch": "the loader could not find {library}, which {needed} needs: it is one of "
            "torch's own libraries (torch/lib), so either a package was built against a torch "
            "build that has it and this torch has not, or this torch's install is incomplete",
            "windows": "Windows could not load {library} or a DLL it needs ({needed}): a file "
            "the package ships, or a library it links, is missing or of another build",
            "unknown": "the loader could not find {library}, which {needed} needs; which "
            "package provides it is not in hwdoctor's tables",
            "macos": "macOS's loader (dyld) could not find {library}, which {needed} needs",
        },
        variant_commands={
            "system_words": (),
            "other_release": (),
            "vendor": (),
            "torch": (),
            "windows": (),
            "unknown": (),
            "macos": (),
        },
        variant_advice={
            "system_words": "install the system package that provides {library}: {packages} on "
            "Debian and Ubuntu, the package of the same library elsewhere; {alternative}",
            "other_release": "install the build of {needed} made for this system's release of "
            "the library, or the release of the library {needed} was built with ({library})",
            "vendor": "install {provides}, or put the directory that holds {library} on the "
            "loader's path (LD_LIBRARY_PATH, or the vendor's environment script) where the "
            "program runs; a container needs the runtime inside it or mounted into it",
            "torch": "the torch version and build (python -m torch.utils.collect_env) and the "
            "failing package's decide which: install the package's build made for the installed "
            "torch (its release and its CUDA, ROCm or CPU build), or the torch build it was made "
            "for; where torch itself fails, reinstall torch into a clean environment",
            "windows": "the message does not say which file is missing: the versions of torch "
            "and {needed} (pip list) show whether {needed} is a build for this torch; a build "
            "for another torch or Python, or the Microsoft Visual C++ Redistributable missing, "
            "are what leaves a DLL unloadable",
            "unknown": "the system the paste ran on and how {needed} was installed decide which "
            "package provides {library}: on Debian or Ubuntu `apt-file search {library}` names "
            "it; in a conda environment, conda-forge's package of that library",
            # the path dyld names is where the module was linked to find it: a Homebrew
            # prefix (/usr/local/opt, /opt/homebrew), a conda environment's lib, @rpath
            "macos": "the library comes from whatever built {needed}: the Homebrew formula of "
            "that library where the path dyld names is Homebrew's (/usr/local/opt, "
            "/opt/homebrew), conda-forge's package in a conda environment, or {needed}'s own "
            "wheel (then a build of {needed} for this Mac); `otool -L` on the module that "
            "fails lists each library it links and where it looks for it",
        },
    ),
    Code.CUDA_LIBRARY_MISSING: Entry(
        E, "a CUDA library an extension needs is not installed",
        "A compiled module links one of CUDA's libraries by its soname, which carries the "
        "major release it was built for (libcudart.so.11.0: CUDA 11's runtime); the loader "
        "finds no such file. torch's CUDA wheels bring theirs as NVIDIA's pip packages "
        "(nvidia-cuda-runtime-cu12, nvidia-cudnn-cu12, nvidia-cuda-nvrtc-cu12, "
        "nvidia-cublas-cu12: the wheel metadata compat/wheels.py reads), one major release "
        "each: a module built for another CUDA major finds none of torch's.",
        "{library} could not be opened (the loader: \"{library}: cannot open shared object "
        "file\"): {what}, which {package} provides",
        advice="install the build of the package that fails made for torch's CUDA (its "
        "wheel for that CUDA, or rebuilt against the installed torch), or install {package} "
        "into this environment",
        variants={
            "other_major": "{library} could not be opened (the loader: \"{library}: cannot "
            "open shared object file\"): {what}, and this torch is built with CUDA "
            "{torch_cuda}, whose libraries are another major release",
        },
        variant_advice={
            "other_major": "install the build of the package that fails made for CUDA "
            "{torch_major} (torch's CUDA {torch_cuda}), not {package}: a second CUDA major "
            "beside torch's is a second set of libraries to keep apart",
        },
    ),
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    Code.MPS_OUT_OF_MEMORY: Entry(
        E, "the Apple GPU's memory limit was reached",
        "torch's MPS allocator refuses an allocation that would take what it holds past its "
        "limit: PYTORCH_MPS_HIGH_WATERMARK_RATIO times the Metal device's "
        "recommendedMaxWorkingSetSize, 1.7 by default (aten/src/ATen/mps/MPSAllocator.mm; "
        "https://pytorch.org/docs/stable/mps_environment_variables.html). The Apple GPU "
        "shares the Mac's memory: the model, batch or image is larger than this Mac holds.",
        "torch's MPS allocator ran out of memory on the Apple GPU ({said})",
        advice="make the work smaller: a smaller batch, image or sequence, a smaller or "
        "half-precision model, fewer models loaded at once; torch.mps.empty_cache() returns "
        "the memory torch holds cached but unused. PYTORCH_MPS_HIGH_WATERMARK_RATIO moves "
        "the limit (torch's MPS environment variables: 1.0 is the device's recommended "
        "maximum, 0.0 removes the limit and \"may cause system failure\"): a last resort, "
        "set before Python starts",
    ),
    Code.MPS_BUFFER_TOO_LARGE: Entry(
        E, "one tensor larger than the Apple GPU's largest buffer",
        "torch's MPS allocator checks each buffer against the largest one the Metal device "
        "allows (its maxBufferLength) and raises \"Invalid buffer size\" above it "
        "(aten/src/ATen/mps/MPSAllocator.mm, alloc_buffer_block). The limit is for one "
        "buffer: PYTORCH_MPS_HIGH_WATERMARK_RATIO, the limit on all of them, does not move "
        "it.",
        "torch's MPS backend refused one buffer of {size}: larger than the largest buffer "
        "the Apple GPU allows",
        advice="make that one tensor smaller: a smaller batch, image, video or sequence, "
        "attention computed in slices or the VAE in tiles (diffusers: "
        "pipe.enable_attention_slicing(), pipe.vae.enable_tiling()), float16 instead of "
        "float32; or run that step on the CPU",
        # issue 38: Metal's own 4 GiB limit on one MPSNDArray (MPSCore MPSNDArray.mm)
        variants={
            "ndarray": "Metal Performance Shaders refused one array larger than it allows "
            "(Metal: \"{size}\"): an MPS operation built one array of more than 4 GiB",
            "dims": "torch's MPS backend refused a tensor with more than INT_MAX (2**31 - 1) "
            "elements along one dimension (\"{size}\"): MPSGraph cannot address it",
        },
        variant_advice={
            "ndarray": "make that array smaller: a smaller batch, image, video or sequence, "
            "attention in slices or the VAE in tiles (diffusers: "
            "pipe.enable_attention_slicing(), pipe.vae.enable_tiling()); or run that step on "
            "the CPU. Some MPS operations still build arrays past 4 GiB on newer macOS "
            "(pytorch/pytorch#149325 tracks them); on macOS 13 and older any tensor past 4 "
            "GiB asserts, which macOS 14 lifted (pytorch/pytorch#86279: \"fixed in MacOS "
            "14\"): update macOS there",
            # issue 38 (s12-mps): a dimension past INT_MAX, which MPSGraph cannot address
            "dims": "make that tensor smaller: a smaller batch, image, video or sequence, "
            "attention in slices or the VAE in tiles (diffusers: "
            "pipe.enable_attention_slicing(), pipe.vae.enable_tiling(); ComfyUI: VAE Decode "
            "(Tiled)); or run that step on the CPU. No macOS or torch release lifts it "
            "(pytorch/pytorch#164415 asks for large tensors on MPS)",
        },
    ),
    Code.LIBRARY_EXECSTACK: Entry(
        E, "glibc refused a library that asks for an executable stack",
        "Since glibc 2.41, dlopen no longer makes the stack executable for a shared library "
        "whose ELF header asks for one (often only because an assembly file lacked its "
        ".note.GNU-stack section): loading it fails with \"cannot enable executable stack as "
        "shared object requires: Invalid argument\" (glibc 2.41 NEWS, "
        "https://lists.gnu.org/archive/html/info-gnu/2025-01/msg00014.html; elf/dl-load.c). "
        "Distributions with glibc 2.41 or newer (Arch, Fedora 42, Ubuntu 25.04, Debian 13) "
        "meet it in wheels built before: IPEX's XPU wheels "
        "(intel/intel-extension-for-pytorch#794), ROCm's libamdhip64.so, conda-forge's "
        "libtorch_cpu.so (conda-forge/pytorch-cpu-feedstock#350).",
        "glibc would not load {library}: it asks for an executable stack, which glibc 2.41 "
        "and newer no longer grant a library loaded at run time",
        commands=(
            "# clear the flag in the file (patchelf 0.18 or newer; execstack -c does the "
            "same), as the threads that met this did",
            "patchelf --clear-execstack {path}",
        ),
        advice="or install a release of its package built with -z noexecstack (as "
        "conda-forge/pytorch-cpu-feedstock#355 rebuilt torch), or run it under a glibc "
        "older than 2.41 (a container of an older distribution)",
        variants={
            "unnamed": "glibc would not load a library that asks for an executable stack, "
            "which glibc 2.41 and newer no longer grant a library loaded at run time",
        },
        variant_commands={
            "name_only": (
                "# where the library is: the copy in the environment that failed is the one",
                "find / -xdev -name {library}",
                "# then clear the flag in that file (patchelf 0.18 or newer; execstack -c does "
                "the same), as the threads that met this did: patchelf --clear-execstack PATH",
            ),
            "unnamed": (),
        },
    ),
    Code.XPU_NOT_BUILT: Entry(
        E, "torch without XPU asked for the Intel GPU",
        "torch's CPU build (PyPI's default on Linux and Windows, and any +cpu wheel) has no "
        "XPU: asked for an xpu tensor it raises \"Torch not compiled with XPU enabled\" "
        "(torch/xpu/__init__.py _lazy_init), or, before torch 2.4 where the XPU came from "
        "IPEX's XPU build, \"PyTorch is not linked with support for xpu devices\" (c10/core/"
        "impl/DeviceGuardImplInterface.h) when that build was not loaded (IPEX's +cpu wheels "
        "have no GPU features: its CPU installation guide). From torch 2.5 torch's own xpu "
        "build drives Intel GPUs without IPEX (https://docs.pytorch.org/docs/stable/notes/"
        "get_start_xpu.html). Kunlun's XPytorch names its device xpu too and says the same.",
        "torch here has no XPU ({said}): the Intel GPU cannot be used by this build",
        commands=("{install}",),
        advice="install torch's xpu build, which needs no IPEX (torch 2.5 and newer); for "
        "IPEX, its xpu wheel and the torch it pairs with, from Intel's installation page "
        "(https://pytorch-extension.intel.com/installation?platform=gpu), never a +cpu one",
    ),
    Code.XPU_IGPU_UNSUPPORTED: Entry(
        E, "an Intel integrated GPU the XPU builds do not support",
        "IPEX's and torch's XPU builds list the Intel GPUs they support, and Iris Xe, UHD and "
        "HD integrated graphics are on neither list: IPEX's installation guide (Hardware "
        "Requirement: Data Center GPU Max and Flex Series, Arc A-Series, later Core Ultra "
        "with Arc Graphics; https://intel.github.io/intel-extension-for-pytorch/xpu/"
        "1.13.10+xpu/tutorials/installation.html and its later releases) and torch's "
        "(https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html: Arc A- and "
        "B-Series, Core Ultra with Arc Graphics, Data Center GPU Max). On such a machine "
        "the XPU runtime finds no device (\"XPU device count is zero\"); IPEX's maintainers "
        "answer so (intel/intel-extension-for-pytorch#292: \"iGPU is not on our support "
        "list\").",
        "the XPU runtime found no device ({said}) and the Intel GPU the paste names, {gpu}, is "
        "an integrated GPU IPEX's and torch's XPU support lists do not include",
        advice="run on the CPU (device \"cpu\"), or on a GPU on those lists (Intel Arc, "
        "Core Ultra with Arc Graphics, Data Center GPU Max / Flex)",
        # issue 38: torch's own warning (c10/xpu/XPUFunctions.cpp: "The detected GPU (…) is
        # not officially supported by PyTorch XPU. Running workloads on this device may
        # result in unexpected behavior.", pointing at get_start_xpu.rst's hardware
        # prerequisites); torch's XPU kernels are compiled ahead of time only for the
        # architectures of its build's TORCH_XPU_ARCH_LIST (intel/torch-xpu-ops
        # cmake/BuildFlags.cmake), so another GPU JIT-compiles them at first use, for minutes
        variants={
            "torch_warns": "torch says the Intel GPU it found, {gpu}, is {said}: its XPU "
            "kernels are not built for that GPU, so they are compiled at first use (minutes "
            "on the first .to(\"xpu\")) and may misbehave",
            # issue 38: Gen9 iGPUs (6th-10th generation Core) under SYCL kernels: ipex-llm's
            # and llama.cpp's SYCL lists start at 11th generation Core's Iris Xe (llama.cpp
            # docs/backend/SYCL.md, "Verified devices"; intel/ipex-llm README, "Intel GPU");
            # the maintainers answer so (intel/ipex-llm#12864: Iris Plus 655 "is not
            # supported"; ggml-org/llama.cpp#8859: UHD 620 "too old")
            "old_igpu": "the Intel GPU the paste names, {gpu}, is a Gen9 integrated GPU (6th "
            "to 10th generation Core), older than every Intel GPU support list (ipex-llm, "
            "IPEX, torch XPU, llama.cpp's SYCL backend), and the SYCL kernels failed on it "
            "({said})",
            "spirv_unnamed": "the Intel GPU's driver could not take the SYCL kernels ({said}): "
            "its compiler is older than they need, as on a Gen9 integrated GPU (6th to 10th "
            "generation Core) whose last driver is a legacy one",
        },
        variant_advice={
            "old_igpu": "run on the CPU (ipex-llm's and llama.cpp's CPU backends, device "
            "\"cpu\" in torch), or on a GPU on those lists (Iris Xe of 11th generation Core or "
            "newer, Core Ultra, Arc, Data Center GPU Max / Flex); no newer driver brings this "
            "GPU onto them",
            "spirv_unnamed": "update the Intel GPU driver; where it is already the newest for "
            "that GPU (a Gen9 iGPU: UHD 6xx, Iris Plus 6xx), the GPU is off ipex-llm's and "
            "llama.cpp's SYCL lists: run on the CPU",
        },
    ),
    Code.HPU_VERSIONS_APART: Entry(
        E, "the Gaudi host and its container are different releases",
        "An Intel Gaudi software release is the host's driver and firmware and the "
        "container's SynapseAI and PyTorch bridge together: Habana's support matrix lists "
        "one release for all of them (https://docs.habana.ai/en/latest/Support_Matrix/"
        "Support_Matrix.html), and the gaudi-docker images are published per release "
        "(vault.habana.ai/gaudi-docker/<release>/…). A container of another release than "
        "the host's driver fails to open the device: \"Device acquire failed\".",
        "Gaudi could not be opened ({said}): the host runs release {host} and the container "
        "image is release {image}",
        advice="run the container image of the host's release "
        "(vault.habana.ai/gaudi-docker/{host}/…), or update the host's driver and firmware "
        "to {image} (Habana's installation guide); then hl-smi inside the container shows "
        "the same release",
    ),
    Code.HPU_ACQUIRE_FAILED: Entry(
        E, "Gaudi could not be opened",
        "Intel Gaudi's PyTorch bridge could not acquire the device: another process holds "
        "it (synStatus 20, \"Device already acquired\"), the container was started without "
        "Habana's runtime or its devices (--runtime=habana, HABANA_VISIBLE_DEVICES), or the "
        "host's driver and the container are different releases (Habana's support matrix). "
        "hl-smi on the host lists the processes holding each device.",
        "Gaudi could not be opened ({said})",
        advice="see which process holds the devices (hl-smi on the host; its Compute "
        "Processes rows) and end it, or start the container with --runtime=habana -e "
        "HABANA_VISIBLE_DEVICES=all; check that hl-smi's release on the host is the "
        "container image's",
        variants={
            "already_acquired": "Gaudi could not be opened ({said}): another process holds "
            "the device",
        },
        variant_advice={
            "already_acquired": "end the process that holds it (hl-smi on the host lists "
            "them under Compute Processes), or give each job its own devices "
            "(HABANA_VISIBLE_DEVICES)",
        },
    ),
    Code.HPU_BRIDGE_MISSING: Entry(
        E, "a Gaudi-only package where Gaudi's software is not installed",
        "habana_frameworks, Intel Gaudi's PyTorch bridge, comes only with Gaudi's software: "
        "its installer on a Gaudi host or the gaudi-docker images "
        "(https://docs.habana.ai/en/latest/Installation_Guide/index.html); it is not on "
        "PyPI. optimum-habana imports it at once (optimum/habana/utils.py "
        "check_synapse_version), and pip, on a machine without a Gaudi device "
        "(Colab, a laptop) cannot provide it. A bridge of an older release than the package "
        "lacks its newer modules the same way.",
        "{module} cannot be imported: Gaudi's PyTorch bridge is not installed here, and only "
        "Intel Gaudi's software provides it",
        advice="on a Gaudi machine, run inside the gaudi-docker image of the host's release "
        "(vault.habana.ai/gaudi-docker/<release>/…), whose bridge the package's release "
        "pairs with; on a machine without a Gaudi device, uninstall what imports it or "
        "installed part of it (optimum-habana, habana-* packages) and run the plain "
        "transformers / optimum code, without --use_habana",
    ),
    Code.NEURON_DRIVER_UNUSABLE: Entry(
        E, "the Neuron runtime cannot use the Neuron driver",
        "The Neuron runtime (libnrt, loaded by torch-neuron / torch-neuronx) needs the "
        "Neuron kernel driver, the aws-neuronx-dkms package on the host (aws-neuron-dkms "
        "before it, no longer produced), at a version that supports the runtime's "
        "compatibility id; inside a container the devices must be passed in (--device "
        "/dev/neuron0). It says so at start (NRT:nrt_init; the Neuron runtime troubleshooting "
        "guide, https://awsdocs-neuron.readthedocs-hosted.com/en/latest/neuron-runtime/"
        "nrt-troubleshoot.html). No Neuron device at all is neuron.no_device, a runtime of "
        "another release than the driver neuron.runtime_driver_mismatch. An install of the "
        "old package that fails (dpkg's \"error processing package aws-neuron-dkms\", its DKMS "
        "build failing on a newer kernel) leaves no driver at all: AWS's answer is to remove "
        "it and install aws-neuronx-dkms (the Neuron driver release notes, release-notes/"
        "runtime/aws-neuronx-dkms/index.html; aws-neuron/aws-neuron-sdk#945).",
        "the Neuron runtime found no usable Neuron driver ({said})",
        advice="on the host, install or reinstall aws-neuronx-dkms from the Neuron "
        "repository and load it (sudo modprobe neuron); in a container, pass the devices "
        "(--device=/dev/neuron0, one per device); then neuron-ls lists them",
        variants={
            # issue 38: Gaudi / Neuron / TPU. docker's daemon with no /dev/neuron# on the host
            # to pass (moby oci/devices_linux.go)
            "no_device_file": "docker could not give the container a Neuron device ({said}): "
            "the host has no such device file",
            # issue 38: Neuron / TPU runtimes and packages. The old driver package, no longer
            # produced (the Neuron driver release notes; aws-neuron/aws-neuron-sdk#945)
            "old_package": "the Neuron driver did not install ({said}): aws-neuron-dkms is the "
            "old driver package, no longer produced, whose last releases do not build on newer "
            "kernels; aws-neuronx-dkms replaces it on every Neuron instance",
        },
        variant_advice={
            "no_device_file": "on the host, install and load the Neuron driver "
            "(aws-neuronx-dkms from the Neuron repository, then sudo modprobe neuron) on an "
            "instance with Neuron devices (Inf1, Inf2, Trn1, Trn2); ls /dev/neuron* and "
            "neuron-ls then list them, and the container's --device names one of those",
            # issue 38: the old driver package. Inf1 keeps driver 2.21 (Neuron 2.26's
            # announcement: drivers after 2.21 support non-Inf1 instances only,
            # general/announcements/neuron2.x/announce-eos-neuron-driver-support-inf1.html)
            "old_package": "on the host, not in a container image: remove the old package "
            "(sudo apt-get remove aws-neuron-dkms, or sudo yum remove aws-neuron-dkms), then "
            "install the new one from the Neuron repository with the running kernel's headers "
            "(sudo apt-get install linux-headers-$(uname -r) aws-neuronx-dkms=2.*, or sudo yum "
            "install kernel-devel-$(uname -r) aws-neuronx-dkms-2.*); on an Inf1 instance ask "
            "for aws-neuronx-dkms 2.21.*, the last driver that supports Inf1; sudo modprobe "
            "neuron, then neuron-ls lists the devices",
        },
    ),
    # issue 38: vLLM Ascend's torch pair
    Code.VLLM_ASCEND_TORCH: Entry(
        E, "vLLM Ascend beside a torch or torch-npu of another release than its own",
        "Each vLLM Ascend release is built and tested with one torch and the torch-npu built "
        "for it (vLLM Ascend's release compatibility matrix, docs/source/community/"
        "versioning_policy.md); vLLM itself pulls the newest torch, which torch-npu follows "
        "months later, so installing vllm after vllm-ascend (or a torch-npu of another "
        "release) leaves a torch vllm-ascend's torch_npu and custom ops were not built for: "
        "an undefined symbol at import, or vLLM falling back to the CPU.",
        "vllm-ascend {release} is built for torch {torch} with torch-npu {torch_npu} "
        "(vLLM Ascend's compatibility matrix{dev}), but the paste shows {shown}",
        commands=("{install}",),
        advice="install vllm {vllm} first, then vllm-ascend {release}, which brings its own "
        "torch back (vLLM Ascend's installation guide), or pin the pair above; a torch "
        "from a CUDA index is no remedy on an NPU",
    ),
    # issue 38: a CUDA-only package on a machine whose accelerator is another
    Code.CUDA_ONLY_PACKAGE: Entry(
        E, "a package built for NVIDIA's CUDA on a machine with another accelerator",
        "bitsandbytes' releases before its multi-backend ones load only a CUDA library of "
        "their own and fall back to a CPU library without the GPU kernels (bitsandbytes/"
        "cextension.py: \"compiled without GPU support\"; its installation guide lists the "
        "other devices it runs on, Ascend NPU not among them in v0.50); vLLM's PyPI wheel is "
        "its CUDA build, and on an Ascend NPU vLLM runs only as its empty build with the "
        "vllm-ascend plugin (vLLM Ascend's installation guide). A program that imports such "
        "a package because it is installed (LLaMA-Factory imports vllm and bitsandbytes when "
        "they are) fails on this machine whatever it asks of it. DeepSpeed picks its "
        "accelerator from what torch shows (deepspeed/accelerator/real_accelerator.py), on a "
        "Mac its MPS one, which releases left without methods its base class requires "
        "(deepspeedai/DeepSpeed#4372, #5132); its accelerator setup guide lists no Apple "
        "silicon.",
        "{package} failed here ({said}), and the paste shows {accelerator} ({shown}) and no "
        "NVIDIA GPU: the installed {package} is built for NVIDIA's CUDA",
        commands=("{uninstall}",),
        advice="uninstall it where the program does not need it; where it does, install "
        "the build of it for this accelerator, if its vendor has one",
        variant_advice={
            "bitsandbytes_npu": "uninstall it: bitsandbytes' installation guide (v0.50) lists "
            "NVIDIA, AMD, Intel XPU and Gaudi, Apple Silicon and CPU builds, no Ascend NPU "
            "one, so quantize with a method the NPU runs or load the model unquantized",
            "bitsandbytes": "uninstall it, or upgrade to a release whose installation guide "
            "lists this accelerator (bitsandbytes v0.50: Intel XPU and Gaudi, Apple Silicon)",
            # issue 38: bitsandbytes' installation guide at 0.49.0 (docs/source/
            # installation.mdx, "AMD ROCm": PyPI wheels for Linux x86-64, ROCm 6.2-7.x)
            "bitsandbytes_rocm": "replace it with bitsandbytes 0.49.0 or newer, whose PyPI "
            "wheels carry ROCm libraries for Linux x86-64 (its installation guide, \"AMD "
            "ROCm\"); then python -m bitsandbytes says whether it loads",
            "vllm_npu": "uninstall it where the program does not need vLLM (LLaMA-Factory's "
            "maintainer: pip uninstall vllm); to run vLLM on the NPU, install vLLM's empty "
            "build (VLLM_TARGET_DEVICE=empty) and then vllm-ascend, as vLLM Ascend's "
            "installation guide does",
            # issue 38 (s15-realrec): a CUDA library a package links, on an AMD GPU's machine
            "cuda_library": "do not install NVIDIA's CUDA libraries here (the "
            "nvidia-cuda-runtime and nvidia-cublas wheels drive NVIDIA GPUs alone): uninstall "
            "the package where the program does not need it; where it does, install its ROCm "
            "build where its project publishes one (on AMD GPUs torch's ROCm build answers "
            "torch.cuda), or run it on a machine with an NVIDIA GPU",
            # issue 38 (s11-cudapath): no toolkit to install where the GPU is not NVIDIA's
            "cuda_build": "do not install a CUDA toolkit or set CUDA_HOME here: use the "
            "program's option that runs without that package, the package's build for this "
            "accelerator where its project documents one (a Mac's \"mps\", an Intel GPU's "
            "\"xpu\", an Ascend NPU's \"npu\"), or run it on a machine with an NVIDIA GPU",
            # issue 38 (s15-cudahome): vLLM's setup.py (0.3.x: "if _is_hip(): … if _is_cuda()
            # and CUDA_HOME is None: raise RuntimeError(…)") builds its ROCm path only under
            # torch's ROCm build, for the gfx targets of its ROCM_SUPPORTED_ARCHS; its CPU
            # build: docs.vllm.ai, getting_started/installation/cpu
            "cuda_build_amd": "do not install NVIDIA's CUDA toolkit or set CUDA_HOME here (it "
            "drives NVIDIA GPUs alone): a package whose setup.py also builds for ROCm (vLLM's "
            "asks torch.version.hip before CUDA_HOME) does so only under torch's ROCm build and "
            "for the AMD GPUs its documentation lists, so install torch's ROCm build first "
            "where it lists this GPU; else use the package's CPU build where it has one "
            "(vLLM's: docs.vllm.ai, getting_started/installation/cpu), or run it on a machine "
            "with an NVIDIA GPU",
            # issue 38: DeepSpeed without an NVIDIA GPU
            "deepspeed_mps": "DeepSpeed's accelerator setup guide (docs/_tutorials/"
            "accelerator-setup-guide.md) lists Intel CPU, Intel XPU, Google TPU, Ascend NPU "
            "and Gaudi, no Apple silicon: uninstall it where the program does not need it "
            "(transformers' Trainer imports deepspeed whenever it is installed); where it does, "
            "run it on a machine with one of those accelerators or an NVIDIA GPU; a CUDA "
            "torch is no remedy on this machine",
            # issue 38: GPU-only packages on a machine with no NVIDIA GPU
            "deepspeed_no_gpu": _DEEPSPEED_WITHOUT_ITS_DEVICES,
            "deepspeed_cuda_on_mac": _DEEPSPEED_WITHOUT_ITS_DEVICES,
            "vllm_no_gpu": "the vllm wheel pip installs is vLLM's CUDA build; on a machine "
            "without an NVIDIA GPU, vLLM runs only as its CPU build (docs.vllm.ai, "
            "getting_started/installation/cpu: Linux on x86 with AVX2/AVX-512, Arm or s390x, "
            "and macOS on Apple silicon; the +cpu wheel of vLLM's GitHub release beside "
            "torch's CPU wheels since 0.17.0, before it a build from source with "
            "VLLM_TARGET_DEVICE=cpu); on Windows, vLLM runs only in "
            "WSL2. Or generate with transformers itself (LLaMA-Factory: infer_backend: "
            "huggingface), or run it on a machine with an NVIDIA GPU; a CUDA torch is no "
            "remedy here",
            "vllm_platform_no_cuda": "vLLM runs a model or quantization on this platform only "
            "where its code has a path for it: its CPU installation page (docs.vllm.ai, "
            "getting_started/installation/cpu) says what the CPU build runs, and its "
            "quantization table (features/quantization/supported_hardware) lists x86 CPU for "
            "AWQ, GPTQ and INT8 W8A8, Google TPU for INT8 W8A8; even a listed one fails where a "
            "release's code for it, or for a feature beside it (speculative decoding), asks for "
            "CUDA. Serve the model unquantized or without that feature, try the release before, "
            "or run it on an NVIDIA GPU; a CUDA torch is no remedy on this platform",
        },
        variants={
            # issue 38: DeepSpeed without an NVIDIA GPU
            "deepspeed_mps": "{package} failed here ({said}): the paste shows {accelerator} "
            "({shown}) and no NVIDIA GPU, and the installed {package} picked its own Apple "
            "accelerator, which its release left unfinished (deepspeedai/DeepSpeed#4372, #5132)",
            # issue 38: GPU-only packages on a machine with no NVIDIA GPU
            "deepspeed_no_gpu": "DeepSpeed's launcher found no GPU to run on ({said}): the "
            "paste shows {accelerator} ({shown}) and no NVIDIA GPU, which DeepSpeed's CUDA "
            "accelerator needs",
            "deepspeed_cuda_on_mac": "DeepSpeed chose its CUDA accelerator ({said}) on "
            "{accelerator} ({shown}), which has no NVIDIA GPU: its launcher and its ops count "
            "no device there",
            "vllm_no_gpu": "vLLM found no NVIDIA GPU here ({said}): the paste shows "
            "{accelerator} ({shown}), where vLLM runs only as its CPU build, not the CUDA "
            "build pip installs",
            "vllm_platform_no_cuda": "vLLM on its {accelerator} platform reached code that "
            "runs only on CUDA (torch: \"{said}\"): the paste shows {shown}; this model or "
            "feature has no {accelerator} path in vLLM, and its torch has no CUDA by design",
            # issue 38 (s11-cudapath): a CUDA extension's build on a machine without CUDA
            "cuda_build": "{package} stopped for want of nvcc ({said}), and the paste shows "
            "{accelerator} ({shown}) and no NVIDIA GPU: what it builds is CUDA code, which "
            "needs an NVIDIA GPU to run, so no CUDA toolkit makes it work on this machine",
            # issue 38 (s15-cudahome): a setup.py's CUDA path on an AMD GPU's machine
            "cuda_build_amd": "{package} refused to build without CUDA ({said}), and the "
            "paste shows {accelerator} ({shown}) and no NVIDIA GPU: the build took its CUDA "
            "path, which needs NVIDIA's toolkit and an NVIDIA GPU, so no CUDA toolkit makes it "
            "work on this machine",
            # issue 38: a bitsandbytes release built for CUDA only, under torch's ROCm build
            "bitsandbytes_rocm": "{package} failed here ({said}), and the paste shows an "
            "{accelerator} with torch's ROCm build ({shown}), where torch.version.cuda is None: "
            "the installed {package} is a release built for NVIDIA's CUDA only, whose "
            "CUDA-version probe fails on it",
        },
        variant_commands={
            # issue 38: no command runs DeepSpeed's launcher without a device it counts
            "deepspeed_no_gpu": (),
            "deepspeed_cuda_on_mac": (),
            "vllm_platform_no_cuda": (),  # no command gives a model a path in vLLM
            "bitsandbytes_rocm": ("{uninstall}", "{install}"),  # issue 38
            "cuda_build": (),  # issue 38 (s11-cudapath): nothing installed, nothing to install
            "cuda_build_amd": (),  # issue 38 (s15-cudahome): the same, on an AMD GPU
        },
    ),
    # issue 38: IPEX before torch's native XPU
    Code.XPU_IPEX_NOT_IMPORTED: Entry(
        E, "the Intel GPU asked for before IPEX was imported",
        "Before torch 2.5 torch had no Intel GPU support of its own: the xpu device came from "
        "Intel Extension for PyTorch's XPU build (a +xpu release, with IPEX's own torch from "
        "Intel's index: 1.13.0a0+git6c9b55e, 2.0.1a0+cxx11.abi, 2.1.0a0+cxx11.abi, "
        "2.1.0.post3+cxx11.abi, 2.3.1+cxx11.abi), and only once the program imports it: "
        "IPEX's getting-started guide imports intel_extension_for_pytorch after torch before "
        "any xpu tensor (https://intel.github.io/intel-extension-for-pytorch/xpu/2.1.10+xpu/"
        "tutorials/getting_started.html). Until then torch says \"PyTorch is not linked with "
        "support for xpu devices\" (c10/core/impl/DeviceGuardImplInterface.h) or \"Torch not "
        "compiled with XPU enabled\"; IPEX's maintainers answer \"pls import ipex first\" "
        "(intel/intel-extension-for-pytorch#392), ipex-llm's the same (intel/ipex-llm#9768). "
        "Installing another torch is no remedy there: torch's own XPU build begins with 2.5 "
        "(https://pytorch.org/blog/pytorch2-5/, \"Intel GPU support\") and does not pair "
        "with that IPEX.",
        "torch said {said} while the paste shows IPEX {ipex} with IPEX's own torch {torch}: "
        "the code asked for xpu before importing intel_extension_for_pytorch",
        commands=(
            "# whether IPEX, once imported, gives this torch its xpu device",
            "python -c \"import torch, intel_extension_for_pytorch; "
            "print(torch.xpu.is_available())\"",
        ),
        advice="where that prints True, import intel_extension_for_pytorch right after torch "
        "in the program that failed, before its first xpu tensor or .to(\"xpu\"); where the "
        "import fails, reinstall the torch IPEX {ipex} pairs with from Intel's index "
        "(https://pytorch-extension.intel.com/installation?platform=gpu), never torch from PyPI",
        variants={
            "torch_not_shown": "torch said {said} while the paste shows IPEX {ipex}, whose "
            "XPU build gives torch the xpu device only once imported: the code asked for xpu "
            "before importing intel_extension_for_pytorch, or torch was replaced by one "
            "without IPEX's build",
        },
    ),
    # issue 38: optimum-neuron and the Neuron packages its release pins
    Code.NEURON_OPTIMUM_APART: Entry(
        W, "optimum-neuron beside Neuron packages its release does not pin",
        "Each optimum-neuron release pins the AWS Neuron SDK packages it was built and tested "
        "with, in its neuronx extra (neuronx-cc, torch-neuronx, transformers-neuronx, torch) and "
        "its requirements (transformers): the release's setup.py or pyproject.toml "
        "(huggingface/optimum-neuron; compat/optimum_neuron.py lists them per release with "
        "each tag's commit). Another compiler or runtime release beside it is untested "
        "and fails in ways that name neither: optimum-neuron#492's export failed with "
        "transformers-neuronx 0.8.268 beside 0.0.19 and worked with its pinned 0.9.474; its "
        "maintainers answer SDK mismatches with the pinned packages (#389).",
        "optimum-neuron {release} pins {pinned}; the paste shows {shown}",
        commands=("{install}",),
        advice="that reinstalls the pinned packages beside this release; to keep the "
        "installed ones instead, install the optimum-neuron release that pins them (its "
        "release notes name the Neuron SDK release each one supports)",
    ),
    # issue 38: bitsandbytes' and MPS's other wordings
    Code.MPS_BUFFER_SHORT: Entry(
        E, "torch's MPS backend gave Metal a buffer smaller than its array",
        "Metal Performance Shaders asserts when an array is laid over a buffer smaller than "
        "it (MPSCore MPSNDArray.mm: \"buffer is not large enough\"), and torch checks the "
        "same before (aten/src/ATen/native/mps/OperationUtils.mm: \"Placeholder buffer size "
        "… is not large enough\"). Both were bugs of torch's MPS views and copies in its "
        "first MPS releases (pytorch/pytorch#77851, #77886, #87351; fixed by #78496 and "
        "later), not the Mac's memory: a smaller batch does not help.",
        "torch's MPS backend laid an array over a buffer smaller than it ({said}): a bug "
        "of torch's MPS views, not the Mac's memory",
        advice="upgrade torch to its newest release, whose MPS views and copies were fixed "
        "(pytorch/pytorch#78496 and later); where it persists, run that operation on the CPU "
        "and report it to pytorch/pytorch with the operation that failed",
    ),
    # issue 38: an XPU error whose paste shows neither torch's build nor IPEX's
    Code.XPU_NOT_LINKED_UNSHOWN: Entry(
        W, "torch had no xpu device, and the paste shows neither torch's build nor IPEX's",
        "c10 says \"PyTorch is not linked with support for xpu devices\" whenever a tensor "
        "goes to a device type no device guard is registered for (c10/core/impl/"
        "DeviceGuardImplInterface.h getDeviceGuardImpl). Before torch 2.5 the xpu guard came "
        "from Intel Extension for PyTorch's XPU build once the program imported it, so the "
        "same words mean the import came too late (IPEX's maintainers: \"pls import ipex "
        "first\", intel/intel-extension-for-pytorch#392; ipex-llm's the same, "
        "intel/ipex-llm#9768) as much as a torch or IPEX built without XPU (IPEX 1.11's CPU "
        "release, #244). Only the versions tell them apart: torch's own words for a build "
        "without XPU are \"Torch not compiled with XPU enabled\" (torch/xpu/__init__.py "
        "_lazy_init). Without them hwdoctor names no build to reinstall.",
        "torch said {said}, and the paste shows neither torch's version nor IPEX's: either "
        "the program used xpu before importing intel_extension_for_pytorch, or this torch "
        "has no XPU",
        commands=(
            "# which torch and which IPEX (if any) this is: their versions tell the two apart",
            "python -m pip show torch intel-extension-for-pytorch",
        ),
        advice="where pip lists IPEX's +xpu build, import intel_extension_for_pytorch right "
        "after torch, before the first xpu tensor; where torch is a +cpu or PyPI build and no "
        "IPEX +xpu is listed, install torch's xpu build (torch 2.5 and newer, "
        "https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html)",
    ),
    # issue 43 (the newcomer's finding): a launch-blocking debug variable left set
    Code.LAUNCH_BLOCKING: Entry(
        W, "a launch-blocking debug variable is set",
        "CUDA_LAUNCH_BLOCKING=1 (NVIDIA) and ASCEND_LAUNCH_BLOCKING=1 (Ascend) make every "
        "kernel launch wait for the kernel to finish, so that an error is reported where it "
        "happened; the vendors document them for debugging only, as they slow every step. "
        "torch's CUDA errors suggest the first, and it is often left set afterwards.",
        "{variable}={value} is set: every {hardware} kernel launch waits for the kernel to "
        "finish, a debugging mode that slows training and inference",
        commands=("unset {variable}",),
        advice="set it only for the run that reproduces an error, to see where it happened",
    ),
    # issue 38: Ascend NPU memory and CANN's libraries
    Code.NPU_OUT_OF_MEMORY: Entry(
        E, "the Ascend NPU's memory ran out",
        "torch-npu's caching allocator found no block for an allocation after returning "
        "its cached memory to CANN (Ascend/pytorch torch_npu/csrc/core/npu/"
        "NPUCachingAllocator.cpp: \"NPU out of memory. Tried to allocate …\"): the model, "
        "batch, sequence or KV cache this process holds is larger than the NPU's memory, or "
        "another process on the same NPU holds the rest. A CUDA build of torch is no remedy.",
        "torch-npu's allocator ran out of the NPU's memory (it tried to allocate {size})",
        variants={
            "exabyte": "torch-npu's allocator refused an allocation of more than 1 EB (\"NPU "
            "out of memory. Tried to allocate more than 1EB memory\"): no NPU has that "
            "memory, so the size itself is wrong, a shape computed from corrupted or "
            "uninitialised values, not memory to free",
            # issue 38: Ascend's other wordings. CANN's error code EL0004
            # (Memory_Allocation_Failure, "Failed to allocate memory requested by %s module.",
            # possible cause "Available memory is insufficient": CANN error code reference,
            # https://www.hiascend.com/document/detail/en/CANNCommunityEdition/900/maintenref/troubleshooting/atlaserrorcode_15_0267.html)
            "cann": "CANN's runtime could not allocate the NPU memory asked of it (CANN error "
            "EL0004, Memory_Allocation_Failure: \"Failed to allocate memory\"; CANN's possible "
            "cause: available memory is insufficient)",
            # issue 38: Ascend NPU memory in all its wordings. The ACL runtime's codes for
            # device memory it could not give (Ascend/pytorch torch_npu/csrc/core/npu/
            # NPUErrorCodes.h: 207001 "Failed to apply for memory", 207018 "The memory on the
            # device is exhausted"), as torch-npu prints them after a failed call.
            "acl": "CANN's runtime could not allocate the NPU memory asked of it ({acl}, "
            "torch-npu's error code table)",
        },
        variant_advice={
            "exabyte": "find the tensor whose size is wrong: print the shapes the failing "
            "line allocates from (a length read from a tensor, a labels or positions "
            "tensor); values that change after a step point at a kernel writing out of "
            "bounds (run the same step with the framework's own implementation instead of "
            "a custom or fused kernel to confirm); a smaller batch does not help",
        },
        advice="make the work smaller: a smaller batch or sequence, gradient checkpointing, "
        "a half-precision or quantized model; spread it over more NPUs (DeepSpeed ZeRO-3, "
        "its CPU offload, tensor parallelism); for vLLM Ascend a lower "
        "--gpu-memory-utilization or --max-model-len; check with npu-smi info that no other "
        "process holds the NPU. Where torch-npu's reserved memory is far above what it "
        "allocated, set PYTORCH_NPU_ALLOC_CONF=expandable_segments:True before Python starts "
        "(torch-npu's environment variable reference, PYTORCH_NPU_ALLOC_CONF; Ascend HDK "
        "23.0.0 or later)",
    ),
    Code.CANN_LIBRARY_MISSING: Entry(
        E, "a CANN library is not on the loader's path",
        "torch_npu (and Paddle's, MindIE's NPU plugins) link CANN's libraries: the toolkit's "
        "(libhccl.so, libascendcl.so, libopapi.so) and NNAL's ATB (libatb.so, which torch-npu "
        "builds for vLLM Ascend need; its requirements: \"NNAL … Required for libatb.so\"). "
        "They are found through the LD_LIBRARY_PATH each package's set_env.sh sets "
        "(Ascend/pytorch README, \"Getting Started\"; vLLM Ascend's installation guide): a "
        "shell that did not source it, or a machine without that package, cannot load them.",
        "the loader could not open CANN's {library} (\"cannot open shared object file\"): "
        "the CANN toolkit's environment is not set in this shell, or the toolkit is not "
        "installed",
        commands=("source " + ascend.TOOLKIT_ENV,),
        advice="source it in the shell that starts the job (at the path CANN is installed "
        "in, /usr/local/Ascend/ascend-toolkit by default); where there is no set_env.sh, "
        "install the CANN toolkit of torch-npu's release",
        variants={
            "nnal": "the loader could not open {library} (\"cannot open shared object file\"): "
            "it is NNAL's ATB library, a separate package from the CANN toolkit, and NNAL's "
            "environment is not set in this shell, or NNAL is not installed",
        },
        variant_commands={"nnal": ("source " + ascend.NNAL_ENV,)},
        variant_advice={
            "nnal": "source NNAL's set_env.sh in the shell that starts the job, after the "
            "toolkit's; where /usr/local/Ascend/nnal/atb is missing, install the NNAL package "
            "of the toolkit's CANN release (Ascend-cann-nnal; vLLM Ascend's installation "
            "guide), or use a CANN image, which includes it",
        },
    ),
    Code.NPU_DRIVER_NOT_VISIBLE: Entry(
        E, "the Ascend driver's libraries are not visible here",
        "The Ascend driver's user-space libraries (libascend_hal.so, the DSMI libraries "
        "npu-smi uses) live in /usr/local/Ascend/driver/lib64 on the host. A container has "
        "them only when it is started with the host's driver mounted and the NPU devices "
        "passed (vLLM Ascend's installation guide: --device /dev/davinciN --device "
        "/dev/davinci_manager --device /dev/devmm_svm --device /dev/hisi_hdc, -v "
        "/usr/local/Ascend/driver/lib64/:/usr/local/Ascend/driver/lib64/, -v "
        "/usr/local/Ascend/driver/version.info:…, -v /usr/local/dcmi:/usr/local/dcmi, -v "
        "/usr/local/bin/npu-smi:/usr/local/bin/npu-smi); a docker build step has none. "
        "Installing CANN or torch-npu in the image does not bring them: they come with the "
        "host's driver.",
        "the loader could not open the Ascend driver's {library}: the driver's libraries are "
        "not in this container or machine (a container started without the host's "
        "/usr/local/Ascend/driver mounted, or a host without the driver)",
        advice="in a container, start it with the host's driver mounted and the NPUs "
        "passed: docker run --device /dev/davinci0 --device /dev/davinci_manager --device "
        "/dev/devmm_svm --device /dev/hisi_hdc -v /usr/local/dcmi:/usr/local/dcmi -v "
        "/usr/local/bin/npu-smi:/usr/local/bin/npu-smi -v "
        "/usr/local/Ascend/driver/lib64/:/usr/local/Ascend/driver/lib64/ -v "
        "/usr/local/Ascend/driver/version.info:/usr/local/Ascend/driver/version.info -v "
        "/etc/ascend_install.info:/etc/ascend_install.info … (vLLM Ascend's installation "
        "guide), or the Ascend Docker Runtime; on the host, install the Ascend driver "
        "(Ascend HDK) and check npu-smi info there",
        variants={
            "npu_smi": "npu-smi could not start: the loader could not open {library}, one of "
            "the Ascend driver's libraries (/usr/local/Ascend/driver/lib64): npu-smi is there "
            "without the driver's libraries (a container given npu-smi but not the host's "
            "/usr/local/Ascend/driver)",
        },
    ),
    Code.TORCH_NPU_CANN_APART: Entry(
        W, "torch-npu beside a CANN of another release than its own",
        "Each torch-npu package version is released for one CANN release (Ascend/pytorch "
        "COMPATIBILITY.md, \"TorchNPU version mapping table\"): it is built against that "
        "release's libraries, and beside another one an import can fail on an undefined "
        "symbol or an operator can fail at run time (triton-ascend#326: torch-npu 2.7.1, made "
        "for CANN 8.3.RC1, fails to import beside CANN 9.0.0 with \"undefined symbol: "
        "MsprofSysCycleTime\").",
        "torch-npu {torch_npu} is released for CANN {paired} (torch-npu's version mapping "
        "table), but the paste shows CANN {cann}",
        commands=("{install}",),
        advice="install the torch-npu the table releases for the installed CANN and this "
        "torch (the command, where it lists one), or install CANN {paired}; a CUDA build of "
        "torch is no remedy",
    ),
    # issue 38: NumPy 2 under a module built against NumPy 1
    Code.NUMPY_ABI: Entry(
        E, "NumPy 2 loaded under a module built against NumPy 1",
        "A compiled module built against NumPy 1's C API cannot run under NumPy 2; NumPy 2 "
        "refuses it when it asks for the API tables (numpy/core/_multiarray_umath.py: \"A "
        "module that was compiled using NumPy 1.x cannot be run in NumPy 2.x\", then "
        "\"_ARRAY_API not found\"). torch's wheels are built against NumPy 2 from torch 2.3 "
        "(pytorch/pytorch#107302), its Windows wheels from 2.4.1 (pytorch/pytorch#131668); "
        "older torch, and extensions built before their NumPy 2 releases, need NumPy 1.",
        "a module built against NumPy 1 was imported under NumPy {numpy}{torch_words} "
        "(NumPy: \"A module that was compiled using NumPy 1.x cannot be run in NumPy 2\")",
        commands=("{install}",),
        advice="install NumPy 1 into this environment, as NumPy's message says, or upgrade "
        "the module that was built against NumPy 1 (torch 2.3 or newer, 2.4.1 or newer on "
        "Windows, is built against NumPy 2):",
        variants={
            # issue 38 (s18-build): NumPy's ABI check alone (numpy/core/code_generators/
            # generate_numpy_api.py @ v1.26.4, in a module built with NumPy 1's header)
            "abi": "a module built against NumPy 1 was imported under NumPy {numpy}{torch_words} "
            "(its ABI check: \"module compiled against ABI version 0x1000009 but this version of "
            "numpy is 0x2000000\", NumPy 1's ABI under NumPy 2's)",
        },
        variant_advice={
            "abi": "install NumPy 1 into this environment, or upgrade the module to a release "
            "built against NumPy 2 (torch 2.3 or newer, 2.4.1 or newer on Windows, is):",
        },
    ),
    # issue 38: a container image without a build for this machine's platform
    Code.IMAGE_PLATFORM: Entry(
        E, "the container image has no build for this machine's platform",
        "A container engine pulls the image built for its own platform from the image's "
        "manifest list and refuses when there is none (docker, moby distribution/"
        "pull_v2.go: \"no matching manifest for linux/arm64/v8 in the manifest list "
        "entries\"; podman, containers/image oci_index.go: \"no image found in image index "
        "for architecture\"). The CUDA images of TGI and vLLM are published for linux/amd64 "
        "(TGI's maintainers in huggingface/text-generation-inference#972; vLLM's Docker Hub "
        "tags, vllm-project/vllm#22206); Docker Desktop on a Mac runs arm64 Linux and gives "
        "no container an NVIDIA GPU.",
        "the image has no build for {platform}, the platform this machine's container engine "
        "asked for ({said}){mac}",
        advice="run it on a machine of the image's platform (a Linux host with an NVIDIA "
        "GPU, for a CUDA image), install the program natively for this machine, or run the "
        "amd64 image emulated with --platform linux/amd64 (docker run --platform linux/amd64 "
        "…; slow, and with no GPU)",
        variant_advice={
            "other": "run it on a machine of a platform the image is published for (docker "
            "manifest inspect IMAGE lists them), or install the program natively",
        },
    ),
    # issue 38: no CUDA toolkit (nvcc) for a build that compiles CUDA code
    Code.NO_CUDA_TOOLKIT: Entry(
        E, "no CUDA toolkit (nvcc) for a build that compiles CUDA code",
        "torch's CUDA wheels carry the CUDA runtime libraries, not the compiler: a package "
        "that compiles CUDA code finds nvcc under CUDA_HOME (or CUDA_PATH, or on PATH) and "
        "stops when there is none. torch's cpp_extension (_join_cuda_home: \"CUDA_HOME "
        "environment variable is not set\"), DeepSpeed's op builder, which compiles its ops "
        "on first use and checks the toolkit at import (op_builder/builder.py: "
        "\"CUDA_HOME does not exist, unable to compile CUDA op(s)\"), the setup.py of "
        "flash-attn, mamba-ssm, causal-conv1d and apex (\"flash_attn was requested, but nvcc "
        "was not found\", the package's name or apex's build option first). The toolkit must "
        "be the major release torch is built with (extension.nvcc_major_mismatch).",
        "{builder} needs the CUDA toolkit's compiler, nvcc, and found none ({said}): no "
        "toolkit is installed, or {pointer}{torch_words}",
        commands=("{toolkit}",),
        advice="install NVIDIA's CUDA toolkit {release} (https://developer.nvidia.com/"
        "cuda-toolkit-archive; conda's cuda-nvcc in a conda environment) and set CUDA_HOME "
        "to the directory holding its bin/nvcc in the shell that builds",
        variant_advice={
            # issue 38 (s15-realrec): flash-attn, mamba-ssm, causal-conv1d (diagnosis/pasted.py
            # _RELEASE_WHEELS cites their setup.py's wheel downloads)
            "prebuilt": "install a prebuilt {package} wheel for this torch, CUDA and Python "
            "({package}'s GitHub releases list them), which needs no nvcc; to build it, "
            "install NVIDIA's CUDA toolkit {release} (https://developer.nvidia.com/"
            "cuda-toolkit-archive; conda's cuda-nvcc in a conda environment) and set "
            "CUDA_HOME to the directory holding its bin/nvcc",
            "deepspeed": "install NVIDIA's CUDA toolkit {release} (https://developer.nvidia."
            "com/cuda-toolkit-archive; conda's cuda-nvcc in a conda environment) and set "
            "CUDA_HOME to the directory holding its bin/nvcc in the shell that runs "
            "DeepSpeed, which compiles its ops with it",
            # CMake looks for the CUDA compiler in CMAKE_CUDA_COMPILER, then the CUDACXX
            # environment variable, then PATH (CMake's CMAKE_<LANG>_COMPILER and CUDACXX
            # documentation; its own message names CUDACXX), not in CUDA_HOME
            "cmake": "install NVIDIA's CUDA toolkit {release} (https://developer.nvidia.com/"
            "cuda-toolkit-archive; conda's cuda-nvcc in a conda environment) and set CUDACXX "
            "to its bin/nvcc, or put that bin directory on PATH, in the shell that runs the "
            "build",
        },
    ),
    # issue 38: fp16 AMP refused on the Mac's GPU (MPS)
    Code.MPS_FP16_REFUSED: Entry(
        E, "fp16 mixed precision refused on the Mac's GPU (MPS)",
        "transformers' TrainingArguments refused --fp16 on every device but CUDA's (later "
        "NPU, XPU and MLU too; never MPS) until it left the check to accelerate "
        "(training_args.py __post_init__; huggingface/transformers#28109), and accelerate "
        "refused fp16 AMP on MPS (accelerator.py: \"fp16 mixed precision requires a GPU "
        "(not …)\", naming the Mac's device) until huggingface/accelerate#3373 (2025), "
        "which allows it with torch 2.5 or newer. The training never started: this is the "
        "library's rule for the device, not a fault of the Mac.",
        "fp16 mixed precision was refused on this Mac's GPU (MPS) by {who} ({said}): the "
        "installed release runs fp16 AMP only on other devices",
        advice="train without fp16 (fp16=False, --fp16 False: float32), or upgrade "
        "transformers and accelerate to releases that run fp16 AMP on MPS "
        "(huggingface/accelerate#3373) with torch 2.5 or newer",
        variant_advice={
            "torch": "upgrade torch to 2.5 or newer, the release accelerate asks for fp16 AMP "
            "on MPS, or train without fp16 (fp16=False, --fp16 False: float32)",
        },
    ),
    # issue 38: docker / NVIDIA Container Toolkit recordings
    Code.CONTAINER_NO_NVML: Entry(
        E, "the NVIDIA Container Toolkit cannot load the host's driver library",
        "The toolkit's hook (nvidia-container-cli) opens the host driver's NVML library, "
        "libnvidia-ml.so.1, before it gives a container a GPU (NVIDIA/libnvidia-container "
        "src/driver.c, driver_init_1_svc); \"load library failed\" means the loader found no "
        "such library on the host: the NVIDIA driver is not installed there, or its libraries "
        "are outside the loader's path (a driver from a runfile or a container, docker "
        "installed as a snap; NVIDIA's container toolkit troubleshooting guide, "
        "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/"
        "troubleshooting.html).",
        "the NVIDIA Container Toolkit could not load the host driver's libnvidia-ml.so.1 "
        "(\"nvidia-container-cli: initialization error: load library failed\"): the host's "
        "NVIDIA driver is missing or outside the loader's path",
        # the toolkit's own debug command, as NVIDIA's issue template asks it
        commands=("nvidia-smi", "nvidia-container-cli -k -d /dev/tty info"),
        advice="on the host, check that the NVIDIA driver is installed (nvidia-smi) and that "
        "the toolkit finds its libraries (its debug log names each one it loads); install "
        "the driver, or run ldconfig where it was installed by hand, then restart docker:",
    ),
    # issue 38: Intel Extension for PyTorch beside a torch of another x.y
    Code.IPEX_TORCH_MISMATCH: Entry(
        E, "Intel Extension for PyTorch installed beside a torch it was not built for",
        "Intel Extension for PyTorch X.Y.* is built for torch X.Y.* and nothing else: at "
        "import it compares the x.y of its version and torch's and exits when they differ "
        "(intel/intel-extension-for-pytorch intel_extension_for_pytorch/__init__.py: "
        "\"ERROR! Intel® Extension for PyTorch* needs to work with PyTorch X.Y.*, but PyTorch "
        "A.B.C is found. Please switch to the matching version and run again.\", exit code "
        "127). Its installation guide pins the torch of each release (\"v2.1.10+xpu has to "
        "work with PyTorch v2.1.*\"; https://pytorch-extension.intel.com/installation). A torch "
        "upgraded by another package's requirement (vLLM's CPU build, vllm-project/vllm#17225) "
        "is the usual way there.",
        "Intel Extension for PyTorch {ipex} needs torch {ipex_xy}.*, and torch {torch} is "
        "installed: IPEX refuses it at import",
        commands=("{install}",),
        advice="install the torch IPEX was built for, or the IPEX release built for this "
        "torch (IPEX A.B.* for torch A.B.*):",
        variant_advice={
            "intel_gpu": "install IPEX's XPU wheel and the torch it pairs with from Intel's "
            "installation page (https://pytorch-extension.intel.com/installation?platform=gpu, "
            "the release's own index), or the IPEX release built for this torch; never a "
            "CUDA or +cpu torch",
            # issue 38: the loader's refusal of IPEX's library for a torch symbol
            "symbol_unshown": "compare the two versions, then install the torch whose x.y is "
            "IPEX's (or the IPEX release built for this torch; the pairs are on "
            "https://pytorch-extension.intel.com/installation); a package that requires "
            "another torch replaces it on install (intel/intel-extension-for-pytorch#811), so "
            "pin torch beside it:",
        },
        # issue 38: the loader's refusal of IPEX's compiled library for a torch symbol
        # (intel_extension_for_pytorch/lib/libintel-ext-pt-cpu.so, -gpu.so): the same pair
        # apart where IPEX's own check did not run first
        variants={
            "symbol": "Intel Extension for PyTorch {ipex}'s compiled library ({library}) needs "
            "a torch symbol that torch {torch} lacks (the loader: \"undefined symbol: "
            "{symbol}\"): IPEX {ipex_xy}.* is built for torch {ipex_xy}.* only",
            "symbol_unshown": "Intel Extension for PyTorch's compiled library ({library}) "
            "needs a torch symbol that the installed torch lacks (the loader: \"undefined "
            "symbol: {symbol}\"): each IPEX x.y is built for torch x.y.* only, and this torch "
            "is another",
        },
        variant_commands={"symbol_unshown": ("{show}",)},
    ),
    # issue 38: Ascend's other wordings
    Code.VLLM_ASCEND_DEVICE: Entry(
        E, "vLLM Ascend does not support this Ascend NPU",
        "vLLM Ascend runs on the Atlas A2 and A3 series and, in its -310p builds, Atlas 300I "
        "(vllm-project/vllm-ascend docs/source/installation.md, \"Supported images\"); the "
        "first Ascend 910 generation (npu-smi's 910A, 910B, 910ProA, 910ProB, 910PremiumA) "
        "is not supported (its FAQ, \"What devices are currently supported?\": \"Ascend 910, "
        "Ascend 910 Pro B (Ascend-cann-kernels-910) unplanned yet\"). Its operators call "
        "aclnn kernels that CANN builds for the newer chips only, so the first one fails "
        "(\"call aclnnSwiGlu failed … please check if the opp_kernel package is installed\").",
        "vLLM Ascend does not support the paste's NPU, {chip} (a first-generation Ascend "
        "910): it supports " + ascend.VLLM_ASCEND_DEVICES + " (vLLM Ascend's FAQ and "
        "installation guide)",
        advice="run vLLM Ascend on one of those NPUs; on this one, serve the model another "
        "way that runs on torch-npu (transformers with torch_npu), not vLLM Ascend; "
        "reinstalling CANN's kernels does not add the missing ones",
        # issue 38: an Atlas 300I (310P) with vLLM Ascend's build for the A2/A3: its 310P
        # support came in v0.9.1rc1, in the -310p images only (compat/ascend.py
        # VLLM_ASCEND_FIRST_310P: its release notes, its Dockerfile.310p building the custom
        # kernels with SOC_VERSION ascend310p1; the other builds compile them for ascend910b1,
        # which CANN's runtime refuses on a 310P, vllm-project/vllm-ascend#2725, #5599)
        variants={
            "build_310p": "this vLLM Ascend is a build for the Atlas A2/A3, not for the "
            "paste's NPU, {chip} (an Atlas 300I, 310P): {why}",
            # issue 38: vLLM Ascend named beside an Atlas 300I without its release or build
            "asked_310p": _VLLM_ASCEND_310P_ANSWER,
            # issue 38 (s19-quiet): the same answer to a question, where no error is shown
            "question_310p": _VLLM_ASCEND_310P_ANSWER,
            # issue 38: device: vLLM Ascend's own refusal of the SoC (vllm_ascend/
            # ascend_forward_context.py select_moe_comm_method, vllm_ascend/utils.py
            # check_ascend_device_type)
            "soc": "this vLLM Ascend has no path for the NPU's SoC{chip_said} (vLLM Ascend: "
            "\"{said}\"): vLLM Ascend supports " + ascend.VLLM_ASCEND_DEVICES + ", each "
            "release and build its own of them (the Atlas 300I in its -310p builds only), and "
            "not the first-generation Ascend 910 or the 310B",
        },
        variant_commands={
            "build_310p": ("docker pull {image}",),
            "asked_310p": ("docker pull {image}",),
            "question_310p": ("docker pull {image}",),
        },
        variant_severity={"question_310p": W},  # issue 38 (s19-quiet): a question's answer
        variant_advice={
            "build_310p": _VLLM_ASCEND_310P_BUILD,
            "asked_310p": _VLLM_ASCEND_310P_BUILD,
            "question_310p": _VLLM_ASCEND_310P_BUILD,
            # issue 38: device: vLLM Ascend's own refusal of the SoC
            "soc": "run the vLLM Ascend release and build made for this NPU (its installation "
            "guide's images: the -310p builds for an Atlas 300I, a release that lists the chip "
            "for a newer one); on a first-generation Ascend 910 or a 310B, serve the model "
            "another way that runs on torch-npu (transformers with torch_npu), not vLLM Ascend",
        },
    ),
    # issue 38: bitsandbytes' multi-backend preview on an AMD GPU
    Code.BNB_ROCM_PREVIEW: Entry(
        E, "bitsandbytes' ROCm preview build does not load",
        "bitsandbytes' support for AMD GPUs came first as a preview: the multi-backend-refactor "
        "branch and its continuous-release wheels (0.44-0.45 \"alpha\", bitsandbytes' "
        "installation guide, \"Multi-Backend Preview\"). Their ROCm libraries were built for a "
        "few ROCm versions and GPUs only, and some shipped broken (\"This wheel isn't ready "
        "yet\", bitsandbytes-foundation/bitsandbytes#1508; the kOptimizer32bit1State symbol, "
        "#1519). From 0.49.0 PyPI's bitsandbytes wheels carry ROCm libraries for Linux "
        "x86-64 (the installation guide's \"AMD ROCm\" table: ROCm 6.2-7.x, CDNA and RDNA "
        "targets).",
        "bitsandbytes' ROCm library from its multi-backend preview does not load (the loader: "
        "\"libbitsandbytes_rocm…so: undefined symbol\"): the preview build is broken, so 8-bit "
        "and 4-bit quantization are unavailable on this AMD GPU",
        commands=("{uninstall}", "{install}"),
        advice="replace the preview with the released wheel, which ships ROCm libraries "
        "(bitsandbytes 0.49.0 and newer); then python -m bitsandbytes says whether it loads:",
        variants={
            "missing": "bitsandbytes' multi-backend preview has no ROCm library for this "
            "torch's ROCm (bitsandbytes: \"Could not find the bitsandbytes … binary at "
            "…libbitsandbytes_rocm…\" or \"…_hip…\"), so 8-bit and 4-bit quantization are "
            "unavailable on this AMD GPU",
        },
    ),
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU
    Code.DEEPSPEED_NO_DEVICE: Entry(
        E, "DeepSpeed's launcher counted no device to run on",
        "Where no hostfile names the machines, DeepSpeed's launcher runs one process per "
        "device of its accelerator and stops when it counts none (deepspeed/launcher/"
        "runner.py: get_accelerator().device_count(), torch.cuda.device_count() before 0.9; "
        "\"Unable to proceed, no GPU resources available\"): torch does not see the GPU in "
        "that process (torch's CPU build, no NVIDIA driver, a container started without its "
        "GPUs, CUDA_VISIBLE_DEVICES naming none), or the machine has no GPU DeepSpeed runs on "
        "(a Mac, a CPU-only box, a notebook runtime without a GPU).",
        "DeepSpeed's launcher counted no device to run on (DeepSpeed: \"Unable to proceed, "
        "no GPU resources available\")",
        advice="where deepspeed runs, python -c \"import torch; "
        "print(torch.cuda.device_count())\" must print the GPUs (hwdoctor detect there says "
        "why torch sees none: its build, the driver, the container, a visibility variable); "
        "on a machine without an NVIDIA GPU DeepSpeed's launcher does not run (its accelerator "
        "setup guide lists Intel CPU and XPU, Google TPU, Ascend NPU and Gaudi besides CUDA): "
        "run the script there without the launcher, or on a machine with a GPU",
    ),
    # issue 38 (s9-kernels): Unsloth's and Triton's own check for a GPU (readers/messages.py
    # cites each library's code)
    Code.GPU_LIBRARY_NO_GPU: Entry(
        E, "a GPU-only library found no GPU in its process",
        "Unsloth and Triton run only on a GPU and ask torch for one. Unsloth tries "
        "torch.cuda (NVIDIA, and AMD through HIP), torch.xpu and torch.accelerator and stops "
        "with none (unsloth/device_type.py get_device_type: \"Unsloth cannot find any torch "
        "accelerator? You need a GPU.\"; earlier releases \"Unsloth: No NVIDIA GPU found? "
        "Unsloth currently only supports GPUs!\" and \"Unsloth currently only works on "
        "NVIDIA …\"). Triton takes the one GPU driver that is active, its NVIDIA driver where "
        "torch.cuda.is_available() on a CUDA build, its AMD driver on a ROCm build (python/"
        "triton/runtime/driver.py _create_driver: \"0 active drivers ([]). There should only "
        "be one.\"). Either way torch in that process sees no GPU: torch's CPU build, a torch "
        "built for another CUDA or platform than the machine's (DGX Spark's GB10, "
        "unslothai/unsloth#3553), no working driver, a container, Ray task or docker build "
        "without the GPUs, or a runtime that has none (a TPU or CPU notebook runtime). issue "
        "38 (s13-gpuonly): every other library that runs only on a GPU says the same in its "
        "own words (compat/gpu_required.py cites each): transformers' quantizers (\"GPU is "
        "required to quantize or run quantize model.\", \"HIGGS quantization is only "
        "supported on GPU\", \"NVFP4 quantization requires a CUDA GPU.\", \"No GPU found. A "
        "GPU is needed for quantization.\"), AutoGPTQ (\"Load pretrained model to do "
        "quantization requires CUDA available.\"), GPTQModel (\"No CUDA devices detected\"), "
        "accelerate's Megatron-LM (\"Megatron requires CUDA.\"), and CUDA kernels' checks of "
        "their tensors (flash-attention's \"q must be on CUDA\", mamba's \"All tensors must be "
        "on CUDA\") where the machine has no NVIDIA GPU. A Mac has none and no torch for macOS "
        "has CUDA; an Intel GPU, an Ascend NPU or Gaudi is not the GPU these libraries' kernels "
        "are built for.",
        "Unsloth found no GPU in its process (Unsloth: \"{said}\"): torch there sees none"
        "{shown}",
        advice="make torch see the GPU where Unsloth runs: python -c \"import torch; "
        "print(torch.__version__, torch.cuda.is_available())\" there must show a CUDA (or "
        "ROCm, XPU) build of torch and True; pip's default index has torch's CPU build for "
        "Windows (PyTorch's install selector takes its CUDA builds from download.pytorch.org), "
        "and hwdoctor detect there says whether the build, the driver or the container is "
        "what is missing. On a runtime without a GPU (a TPU or CPU-only notebook runtime) "
        "Unsloth does not train: its maintainers' answer for a TPU in unslothai/unsloth#5226",
        variants={
            "triton": "Triton found no GPU driver in its process (Triton: \"{said}\"): torch "
            "there sees no GPU{shown}",
            "triton_other": "Triton found no GPU driver in its process (Triton: \"{said}\")"
            "{shown}: the installed Triton's backends are NVIDIA's and AMD's GPUs, and this "
            "accelerator is neither",
            "other": "Unsloth found no GPU in its process (Unsloth: \"{said}\"){shown}: "
            "Unsloth runs on NVIDIA, AMD and Intel GPUs (unsloth/device_type.py), and this "
            "accelerator is none of them",
            # issue 38 (s13-gpuonly): any GPU-only library, by the machine the paste shows
            "library": "{library} runs only on a GPU and found none in its process "
            "(\"{said}\"){shown}",
            "library_mac": "{library} runs only on an NVIDIA GPU (\"{said}\"){shown}: no Mac "
            "has one, and no torch for macOS has CUDA",
            "library_other": "{library} runs only on an NVIDIA GPU (\"{said}\"){shown}: its "
            "CUDA path has no device here",
            # issue 38 (s20-template): MLC-LLM's own detection, through TVM's runtime, not torch
            # (compat/gpu_required.py `_MLC_NONE`, mlc-ai/mlc-llm auto_device.py at v0.18.1)
            "mlc": "{library} found no device to run on (\"{said}\"){shown}: its automatic "
            "detection tries CUDA, ROCm, Metal, Vulkan and OpenCL through TVM's runtime, and "
            "releases before 0.19.0 do not try the CPU",
        },
        variant_advice={
            # issue 38 (s13-gpuonly)
            "library": "make torch see the GPU in the process that runs it: python -c "
            "\"import torch; print(torch.__version__, torch.cuda.is_available())\" there must "
            "show a GPU build of torch (CUDA's, or ROCm's on an AMD GPU the library supports) "
            "and True, and hwdoctor detect there says whether the "
            "build, the driver or the container is what is missing. On a machine or runtime "
            "without an NVIDIA GPU, use the program's path that runs without this library "
            "(for a quantized model: the unquantized model, or a quantization whose "
            "documentation lists the CPU), or run it on a machine with an NVIDIA GPU",
            "library_mac": "use the program's path for Apple silicon (the \"mps\" device) or "
            "the CPU where its documentation gives one (for a quantized model: the unquantized "
            "model, or a quantization whose documentation lists Apple silicon), or run it on a "
            "machine with an NVIDIA GPU; a CUDA torch is no remedy on a Mac",
            "mlc": "python -m mlc_llm.cli.check_device cuda (and vulkan, rocm, metal, opencl) "
            "in the same environment prints the devices MLC-LLM's runtime finds "
            "(\"check_device:\" and their indexes); none means its mlc-ai wheel has no runtime "
            "for the machine's GPU or the GPU's driver (Vulkan's loader, CUDA's driver) is not "
            "reachable: install the mlc-ai and mlc-llm wheels built for it "
            "(https://llm.mlc.ai/docs/install/mlc_llm.html), or pass --device with the device; "
            "on a machine without a GPU, MLC-LLM 0.19.0 and later run on the CPU",
            "library_other": "use the program's path for this accelerator where its "
            "documentation gives one (for a quantized model: a quantization library whose "
            "documentation lists this accelerator, or the unquantized model), or run it on a "
            "machine with an NVIDIA GPU; a CUDA torch is no remedy here",
            "triton_other": "on this accelerator Triton's kernels need its vendor's Triton "
            "build in place of the triton package (Ascend's triton-ascend beside torch-npu; "
            "Intel's XPU backend, intel/intel-xpu-backend-for-triton, which torch's XPU wheels "
            "bring as pytorch-triton-xpu), or the program's path that does not use Triton's "
            "kernels (torch.compile off); a CUDA torch is no remedy here",
            "other": "train on this accelerator without Unsloth (transformers' Trainer or "
            "TRL with peft run on it through torch's device for it), or run Unsloth on a "
            "machine with an NVIDIA, AMD or Intel GPU; a CUDA torch is no remedy here",
            "triton": "run the step that compiles or launches Triton's kernels where torch "
            "sees the GPU (torch.cuda.is_available() True in that process): not in a docker "
            "build, which runs without the host's GPUs, nor in a Ray task or actor given no "
            "GPU (num_gpus), which Ray starts with CUDA_VISIBLE_DEVICES empty; hwdoctor detect "
            "in that process says what hides it. Where torch does see the GPU there, Triton's "
            "own install is what fails: reinstall the triton release the installed torch pins "
            "(huggingface/sentence-transformers#3557). Where the machine has no NVIDIA or AMD "
            "GPU, run without Triton's kernels (torch.compile off, the library's path that does "
            "not use them)",
        },
    ),
    # issue 38: a library's version pin refused, and a Python no release is built for
    Code.PIN_REFUSED: Entry(
        E, "an installed package outside a library's version pin",
        "A library checks the versions of the packages it needs and refuses an installed one "
        "outside its range: transformers' require_version (transformers/utils/versions.py: "
        "\"X>=a,<=b is required for a normal functioning of this module, but found X==c\"), "
        "which transformers, LLaMA-Factory (extras/misc.py check_version), trl, peft and "
        "diffusers call at import; pip's resolver says the same of an install it left "
        "inconsistent (pip/_internal/commands/install.py: \"Y 1.0 requires X<2, but you have "
        "X 2.1 which is incompatible.\"). A model that needs a newer release than the "
        "library's pin allows meets the same refusal. issue 38: pip's resolver refusing an "
        "install whose requirements disagree (resolvelib/factory.py get_installation_error: "
        "\"Cannot install A and B because these package versions have conflicting "
        "dependencies\", \"The conflict is caused by: A 1.0 depends on X==2.1.0; B 2.0 "
        "depends on X==2.1.0+cpu\", \"ResolutionImpossible\"): a release that satisfies both "
        "that the indexes pip asked do not hold (torch-npu's +cpu torch, on PyTorch's CPU "
        "index), or none.",
        "{package} {found} is installed, but {owner} requires {package}{spec} ({who})",
        commands=("{install}", "{skip}"),
        advice="install a {package} release inside that range ({package}{spec}), or a "
        "release of {owner} whose range holds {package} {found}:",
        variants={
            "resolver": "{package} {found} is installed, but {owner} requires "
            "{package}{spec} (pip's dependency resolver: \"… which is incompatible\")",
            # issue 38 (s8-pip): pip's resolver refusing the install itself
            # (resolvelib/factory.py: "The conflict is caused by:", "ResolutionImpossible")
            "fits": "pip refused the install: {owner} requires {package}{spec} and {other} "
            "requires {package}{other_spec}; {package} {found} satisfies both, and pip did not "
            "find it on the indexes it asked",
            "apart": "pip refused the install: {owner} requires {package}{spec} and {other} "
            "requires {package}{other_spec}, and no {package} release satisfies both",
            "asked": "pip refused the install: it was asked for {package}{spec} and {other} "
            "requires {package}{other_spec}, and no {package} release satisfies both",
        },
        variant_commands={"fits": ("{install}",), "apart": (), "asked": ()},
        variant_advice={
            "fits": "install {package} {found} from the index that publishes it, then the "
            "packages that require it:",
            "apart": "no release of {owner} installs beside {other}: choose releases of the two "
            "whose {package} requirements meet (each one's Requires-Dist, pip show), or leave "
            "one out",
            "asked": "ask for a {package} release {other} admits ({package}{other_spec}), or "
            "install a release of {other} whose requirement admits {package}{spec}",
        },
    ),
    Code.PACKAGE_NAME_MISSPELT: Entry(
        W, "a package name no index holds, one letter from a package hwdoctor knows",
        "pip lists the releases it found of the name asked, \"(from versions: none)\" where "
        "the indexes it asked hold none (pip/_internal/resolution/resolvelib/factory.py "
        "_report_single_requirement_conflict: \"Could not find a version that satisfies the "
        "requirement %s (from versions: %s)\"; older pips printed \"(from versions: )\"). "
        "It says the same of a name no index holds at all as of a package with no file for "
        "this Python: the words do not tell a misspelt name from a machine. issue 38 "
        "(s18-npfine): where the name is none hwdoctor's tables know (compat/names.py: the "
        "libraries of compat/support.py, torch and its companions, the packages of "
        "compat/builds_table.txt and compat/exported_names.py, the backends' distributions), "
        "compared as PEP 503 normalises names, and one edit (a character inserted, deleted, "
        "replaced, or two adjacent ones swapped; F. J. Damerau, Communications of the ACM "
        "7(3), 1964: most misspellings are one of these) from exactly one name they know, "
        "the name is what is wrong, not the environment (chenyuntc/pytorch-book#16: a "
        "requirements file's \"torchvison\", pip's \"(from versions: )\"). "
        "A warning: nothing of the machine is at fault, and the package the name probably "
        "means is named with its install line. A name far from every known one, or close to "
        "two, stays python.version_unsupported.",
        "pip finds no package named {package} on the indexes it asked (\"from versions: "
        "none\"), and {meant} is one letter away: the command probably misspells {meant}",
        commands=("{install}",),
        advice="install the package the name probably means:",
    ),
    Code.PYTHON_VERSION_UNSUPPORTED: Entry(
        E, "no release of a package pip can install here (this Python, platform, index)",
        "A package's releases declare the Pythons they run on (Requires-Python, PEP 345) and "
        "wheels are built for those Pythons only; pip skips the others (pip/_internal/"
        "resolution/legacy/resolver.py: \"Package 'X' requires a different Python: 3.7.12 "
        "not in '>=3.8'\"; resolvelib/factory.py: \"Could not find a version that satisfies "
        "the requirement X\", \"No matching distribution found for X\"). torch's wheels for "
        "each release cover the Pythons of its release compatibility matrix "
        "(pytorch/pytorch RELEASE.md, \"Release Compatibility Matrix\"). issue 38: pip lists "
        "the releases of the indexes it asked whose wheels install on this Python and platform "
        "(\"(from versions: 2.1.0, 2.2.0)\", \"(from versions: none)\": resolvelib/factory.py "
        "_report_single_requirement_conflict); a release asked that is not among them, or none "
        "at all, is one pip cannot install here. The accelerators' own packages are published "
        "beside PyPI: torch-npu's dev and post builds on Huawei's Ascend mirror (vllm-ascend's "
        "installation guide), torch_xla's TPU builds with libtpu from Google's index (pytorch/"
        "xla README), the Neuron packages on AWS's Neuron repository, IPEX's XPU builds and the "
        "torch they pin on Intel's index (its installation guide), Gaudi's PyTorch with the "
        "Intel Gaudi software, not on PyPI. issue 38 (s10-platform): the other installers say "
        "the same in their words: poetry's \"Unable to find installation candidates for X "
        "(1.0)\" (python-poetry/poetry src/poetry/installation/chooser.py), uv's \"X==1.0 has "
        "no wheels with a matching platform tag\" (or Python ABI / version / implementation "
        "tag; astral-sh/uv crates/uv-distribution-types/src/prioritized_distribution.rs) and "
        "its hint \"The wheel is compatible with Linux (`linux_x86_64`), but you're on "
        "Windows (`win_amd64`)\" (crates/uv-installer/src/plan.rs), pip's \"X.whl is not a "
        "supported wheel on this platform\" for a wheel file named to it (pip/_internal/"
        "resolution/resolvelib/factory.py). Some packages are built for some systems only "
        "(compat/imports.py BUILT_FOR, each with its source: Triton's, vLLM's, flash-attn's "
        "PyPI files are Linux wheels): on another system no release of them installs, and what "
        "runs them is a machine of that system (on Windows, WSL2). issue 38 (s13-wheels): for "
        "the ecosystem's compiled packages, PyPI's own file lists (compat/builds_table.txt, "
        "generated with the date read by tools/wheel_builds.py from https://pypi.org/pypi/"
        "<name>/json) say which CPython versions, systems and CPU architectures each release "
        "has wheels for (the tags in each wheel's name, PEP 425) and whether a source "
        "distribution exists: where none of its files fits the Python, system or CPU the paste "
        "shows, that is the cause; where it has wheels for other machines and a source "
        "distribution, pip builds that here, and a build that fails is its consequence. issue "
        "38 (s15-wheeltag): a wheel file pip refuses is read by its name's tags (PEP 427: "
        "name-version(-build)-python-abi-platform.whl; PEP 425 and packaging.tags: cp310 is "
        "CPython 3.10 alone, cp38-abi3 3.8 and later, the platform tag names the system and "
        "the CPU architecture, macOS's universal2 both of its CPUs) against the Python, system "
        "and CPU the paste shows (a Colab or Kaggle notebook's Python named in words too), and "
        "the tags a fitting file carries are named. A package's own setup script may refuse "
        "the Python before pip reads any Requires-Python, in its own words (coqui-ai/TTS "
        "setup.py: \"TTS requires python >= 3.9 and < 3.12 but your Python version is …\"; "
        "numba's and llvmlite's setup.py _guard_py_ver: \"Cannot install on Python version "
        "3.12.0; only versions >=3.8,<3.12 are supported.\"; SeismicMesh's \"Python 3.9.0 or "
        "higher is not yet supported\").",
        "{package}{spec} has no release for {python}: {why}",
        commands=("{venv}", "# or a {package} release built for {python}:", "{install}"),
        advice="use a Python {package}{spec} supports (a new environment), or install a "
        "{package} release built for {python}:",
        variants={
            "requires_python": "{package}{spec} refuses {python}: {why}",
            # issue 38 (s15-wheeltag): the package's own setup script refuses this Python
            "guard": "{package} refuses {python} in its own setup script, which supports "
            "Python {spec} only (\"{said}\")",
            # issue 38: no release pip lists here is the one asked
            "index": "pip finds no {package}{spec} it can install here: {why}",
            # issue 38 (s10-platform): a package with no build for the system shown
            "platform": "{package}{spec} has no build for {system} ({said}): {why}",
            # issue 38 (s10-platform): a wheel file built for another Python or system
            "wheel": "the wheel asked for{package} is built for {built}, and this is {here} "
            "({said})",
            # issue 38 (s15-wheeltag): pip's refusal of a wheel file, its Python tag against the
            # Python the paste shows (a Colab or Kaggle notebook's named too), its platform tag's
            # system and CPU architecture against the machine's (PEP 425 tags, packaging.tags)
            "wheel_python": "the wheel asked for{package} is built for {built}, and this is "
            "{here} ({said})",
            "wheel_platform": "the wheel asked for{package} is built for {built}, and this is "
            "{here} ({said})",
            # issue 38 (s10-platform): poetry's or uv's words where the system is not shown
            "installer": "{tool} finds no {package}{spec} file it can install here ({said}): "
            "{why}",
            # issue 38 item 5 (s13-unread): conda's PackagesNotFoundError (conda/conda
            # conda/exceptions.py), the platform its channel lines name
            "conda": "conda finds no build of {package} in the channels it searched ({said}): "
            "{why}",
            # issue 38 (s13-wheels): PyPI's file lists show no file for the machine shown
            "builds": "{package}{spec} has no file on PyPI that installs on {machine}: {why}",
            # issue 38 (s13-wheels): no wheel for the machine shown, so a source build ran
            "source_build": "{package}{spec} has no wheel on PyPI for {machine}, so the installer "
            "built it from source, and the build failed: {why}",
            # issue 38 (s17-wrongB): a build with a local version label that another package
            # requires, which no public index holds (PEP 440; pypi/warehouse refuses them)
            "local": "{requirer} requires {package}{spec}, a build with a local version label "
            "(\"+{label}\"), which only the index of whoever built it holds, not PyPI: {why}",
        },
        variant_commands={
            "requires_python": ("{venv}",),
            "guard": ("{venv}",),
            "index": ("{install}",),
            "platform": (),
            "wheel": (),
            "wheel_python": ("{venv}",),
            "wheel_platform": (),
            "installer": (),
            "conda": (),
            "builds": ("{venv}", "{install}"),
            "source_build": ("{venv}", "{install}"),
            "local": ("{install}",),
        },
        variant_advice={
            "requires_python": "use a Python {package}{spec} supports (a new environment), or "
            "a {package} release whose Requires-Python admits {python}:",
            "guard": "use a Python inside that range ({spec}: a new environment), or a release "
            "of the package whose setup admits {python}:",
            "index": "{where}",
            "platform": "{where}",
            "wheel": "install the wheel built for {here} (a release lists one file "
            "per Python and system: the tags in the file's name, cp312 for CPython 3.12, "
            "win_amd64, manylinux/linux_x86_64, macosx for macOS), or run it where it was built "
            "for",
            "wheel_python": "install the same release's file for {here}, named with the tags "
            "{tags}, where the release publishes one (its download page or index lists the "
            "files); or install this file in an environment with {python}, the Python it was "
            "built for:",
            "wheel_platform": "install the same release's file for {here}, whose name carries "
            "the platform tag {tags}, where the release publishes one (its download page or "
            "index lists the files; none there: build it from source here, or run it on the "
            "system it was built for)",
            "installer": "{where}",
            "conda": "{where}",
            "builds": "{where}",
            "source_build": "{where}",
            "local": "{where}",
        },
        # issue 38 (s17-mend-pip): "local" stays an error: the install asked an index that
        # cannot hold the build, and nothing was installed (DESIGN's exit code 1)
    ),
    # issue 38: fp16 on the CPU, float64 on MPS (archlib)
    Code.HALF_ON_CPU: Entry(
        W, "a half-precision (fp16) model ran on the CPU",
        "torch's CPU kernels were long built without half precision: matrix products "
        "(addmm_impl_cpu_, aten/src/ATen/native/LinearAlgebra.cpp), convolutions "
        "(slow_conv2d_cpu, native/ConvolutionMM2d.cpp), LayerNorm (LayerNormKernelImpl, "
        "native/cpu/layer_norm_kernel.cpp) say \"not implemented for 'Half'\" "
        "(aten/src/ATen/Dispatch.h). The model was loaded in float16 and runs on the CPU: "
        "no GPU was asked for, or torch sees none (a CPU-only build of torch on a machine "
        "with an NVIDIA GPU runs everything on the CPU without a word).",
        "a float16 model ran on the CPU, whose kernel {kernel} has no half precision "
        "(torch: \"{kernel}\" not implemented for 'Half')",
        advice="on the CPU, load the model in float32 (torch_dtype=torch.float32, "
        "model.float(), the program's fp16/half option off); to run it on a GPU, check that "
        "torch sees one (python -c \"import torch; print(torch.__version__, "
        "torch.cuda.is_available())\"): a \"+cpu\" build or False on a machine with a GPU "
        "needs torch's build for that GPU",
    ),
    Code.MPS_FLOAT64: Entry(
        W, "float64 asked of the Mac's GPU (MPS)",
        "Metal Performance Shaders has no float64 type (Apple's MPSDataType reference lists "
        "float32, float16 and bfloat16), so torch refuses to put a float64 tensor on MPS "
        "(\"Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support "
        "float64\"; aten/src/ATen/native/mps/OperationUtils.mm getMPSDataType; closed as "
        "expected behaviour in pytorch/pytorch#122602). The environment is fine: the program "
        "or a library it calls made a float64 tensor (NumPy's default dtype, torch.float64 "
        "written in) and moved it to the Mac's GPU.",
        "float64 was asked of the Mac's GPU (MPS), which has no float64 (torch: \"Cannot "
        "convert a MPS Tensor to float64 dtype\"): the program or a library must use float32 "
        "there",
        advice="convert to float32 before moving to MPS (tensor.float(), "
        "torch.from_numpy(a).float(), dtype=torch.float32 where the code says float64); where "
        "a library does it, upgrade the library (such fixes are usually made there) or run "
        "that step on the CPU",
    ),
    # issue 38 (s18-dtype): the dtypes MPS refuses besides float64 and bfloat16
    Code.MPS_DTYPE: Entry(
        W, "a dtype the Mac's GPU (MPS) has no type for",
        "torch maps each dtype to a Metal Performance Shaders type and refuses the ones MPS "
        "has none for (aten/src/ATen/native/mps/OperationUtils.mm getMPSDataType, as torch "
        "2.7.0 ships it: \"Trying to convert … to the MPS backend but it does not have "
        "support for that dtype\"): MPS has float32, float16, bfloat16 (macOS 14 or newer), "
        "the signed integers, uint8, bool and complex64 (macOS 14 or newer), and no fp8 "
        "(Float8_e4m3fn, Float8_e5m2), complex128 or wider unsigned integers. float64 and "
        "bfloat16 have findings of their own (mps.float64_unsupported, mps.bf16_unsupported). "
        "fp8 comes from a checkpoint saved in fp8 (the \"fp8\" models of ComfyUI and the Hub, "
        "a loader's weight dtype fp8_e4m3fn), complex128 from Python's complex numbers and "
        "NumPy's defaults. The machine is fine.",
        "torch refused {dtype} on the Mac's GPU (MPS), which has no such type (torch: \"Trying "
        "to convert {dtype} to the MPS backend\"): the program must use {instead} there",
        advice="convert to {instead} before moving to MPS (tensor.to(dtype), dtype= where "
        "the code makes it), or run that step on the CPU (device=\"cpu\")",
        variants={
            "weights": "torch refused {dtype} on the Mac's GPU (MPS), which has no fp8 type "
            "(torch: \"Trying to convert {dtype} to the MPS backend\"): the model's weights are "
            "fp8 (the paste names \"{weights}\"), and MPS must run them in {instead}",
        },
        variant_advice={
            "weights": "load a checkpoint in a dtype MPS has: the model's float16, bfloat16 or "
            "GGUF release instead of its fp8 one, or a loader's weight dtype \"default\" where "
            "the file is fp16 (ComfyUI's Load Diffusion Model); or convert the fp8 file to "
            "float16 once on the CPU; or run the model on the CPU (ComfyUI: --cpu), slowly",
        },
    ),
    # issue 38 (s9-precision): float64 on an Intel GPU without it
    Code.XPU_FLOAT64: Entry(
        W, "float64 asked of an Intel GPU without it",
        "Intel's Arc (Xe-HPG) GPUs and the Xe-LP integrated GPUs have no double precision in "
        "hardware (intel/intel-xpu-backend-for-triton#7522; the maintainers in "
        "intel/intel-extension-for-pytorch#257), and the SYCL runtime refuses to launch a "
        "kernel that uses it there (intel/llvm program_manager.cpp: \"Required aspect fp64 "
        "is not supported on the device\"). The float64 is the program's (a float64 tensor, "
        "NumPy's default dtype, moved to the GPU) or a torch XPU kernel's own fp64 path "
        "(torch 2.4's copy and cross-entropy kernels, intel/torch-xpu-ops#628, fixed in later "
        "releases by intel/torch-xpu-ops#511). The machine is fine.",
        "a kernel asked this Intel GPU for float64, which it has no hardware for (SYCL: "
        "\"Required aspect fp64 is not supported on the device\"), with torch {torch}: the "
        "program or the torch release's XPU kernel must stay in float32 there",
        variants={
            "ipex": "a kernel asked this Intel GPU for float64, which it has no hardware for "
            "(intel-extension-for-pytorch through Level Zero: invalid_kernel(\"uses-fp64-"
            "math\")), with torch {torch}: the program or IPEX's kernel must stay in float32 "
            "there",
            # issue 38 (s18-dtype): the Intel Graphics Compiler's words, building the kernel
            "igc": "a kernel torch built for this Intel GPU has double math, which the GPU has "
            "no hardware for (the Intel Graphics Compiler: \"Double type is not supported on "
            "this platform\"), with torch {torch}: the program, IPEX's kernel or the kernel "
            "torch.compile made must stay in float32 there",
        },
        variant_advice={
            "igc": "keep tensors on the XPU in float32 (tensor.float(), dtype=torch.float32 "
            "where the code says float64; a float64 constant in the model is enough for "
            "torch.compile's kernels), or run that step on the CPU; Intel's driver emulates "
            "float64 where asked to (export OverrideDefaultFP64Settings=1 and "
            "IGC_EnableDPEmulation=1, Intel's answer in intel/intel-extension-for-pytorch#257), "
            "slowly, for the kernels built after they are set",
        },
        advice="keep tensors on the XPU in float32 (tensor.float(), torch.from_numpy(a)."
        "float(), dtype=torch.float32 where the code says float64); where the program asks "
        "for no float64, upgrade torch's XPU build (its kernels with an fp64 path were fixed "
        "after 2.4), or run that step on the CPU",
    ),
    Code.XPU_OPERATOR: Entry(
        W, "an operator has no XPU kernel in this torch",
        "torch's XPU backend (intel/torch-xpu-ops, and intel-extension-for-pytorch before it) "
        "does not implement every operator; calling one it lacks on an XPU tensor raises "
        "NotImplementedError in the dispatcher's words (c10/core/dispatch/OperatorEntry.cpp: "
        "\"Could not run '…' with arguments from the 'XPU' backend\"). Each release adds "
        "operators; torch's own XPU builds run the missing ones on the CPU where "
        "PYTORCH_ENABLE_XPU_FALLBACK=1 is set (intel/torch-xpu-ops "
        "src/ATen/native/xpu/XPUFallback.template), copying tensors there and back. The "
        "machine is fine.",
        "torch {torch} has no XPU kernel for {operator}: the call raises NotImplementedError "
        "on the Intel GPU",
        advice="upgrade torch's XPU build (or IPEX) to a release that implements the operator; "
        "with torch's own XPU build, PYTORCH_ENABLE_XPU_FALLBACK=1, set before Python starts, "
        "runs it on the CPU (slower: each call copies its tensors); or move that step to the "
        "CPU in the program (tensor.cpu())",
        # red team item 8: an operator of another library's namespace (torchvision::nms,
        # intel/intel-extension-for-pytorch#167) is that library's, not torch's; its XPU kernel
        # comes from whatever registers one for that namespace: the library's XPU build, or
        # torch's XPU operators for a few of torchvision's (intel/torch-xpu-ops
        # src/ATen/native/xpu/NMS.cpp: TORCH_LIBRARY_IMPL(torchvision, XPU, m), nms), or IPEX.
        # torch-xpu-ops' fallback is registered for every namespace (XPUFallback.template:
        # TORCH_LIBRARY_IMPL(_, XPU, m)), so PYTORCH_ENABLE_XPU_FALLBACK=1 covers it too.
        variants={
            "library": "{operator} is {library}'s operator, not torch's, and nothing loaded "
            "gives it an XPU kernel (torch {torch}): the call raises NotImplementedError on "
            "the Intel GPU",
        },
        variant_advice={
            "library": "an XPU kernel for {library}'s operator comes from {library}'s own XPU "
            "build or from the XPU extension that registers one (torch's XPU builds register "
            "some of torchvision's, such as torchvision::nms; IPEX others): install the "
            "{library} built for this torch's XPU release (from the same index as torch), or "
            "a newer torch XPU build (or IPEX) that registers it; with torch's own XPU build, "
            "PYTORCH_ENABLE_XPU_FALLBACK=1, set before Python starts, runs it on the CPU "
            "(slower: each call copies its tensors); or move that step to the CPU in the "
            "program (tensor.cpu())",
        },
    ),
    # issue 38: vLLM Ascend's compiled part missing from a source install
    Code.VLLM_ASCEND_KERNELS: Entry(
        E, "vLLM Ascend installed without its compiled operators",
        "vLLM Ascend is Python and a C++ extension, vllm_ascend/vllm_ascend_C (its custom "
        "operators in torch's \"_C_ascend\" namespace and its sleep-mode allocator), linked "
        "against the Ascend C kernels of libvllm_ascend_kernels.so. Its wheels and images "
        "carry both; a source install (its installation guide, \"Build from source code\": "
        "git submodule update --init --recursive, then an editable install, with "
        "--no-build-isolation to build against the torch and torch-npu installed) compiles "
        "them only when COMPILE_CUSTOM_KERNELS is on (vllm_ascend/envs.py, default 1: \"should "
        "only be set to False when running UT scenarios in an environment without an NPU\"), "
        "with CANN's toolkit sourced and gcc/g++ newer than 8; a failed compile still "
        "installs (vllm-project/vllm-ascend#3342), and a build against another torch does "
        "not load (the loader's \"undefined symbol\").",
        "vLLM Ascend's compiled operators are missing from this install ({shown}): the "
        "source install did not build vllm_ascend_C and its kernels, so its custom operators "
        "(and sleep mode) are unavailable",
        commands=("{rebuild}",),
        advice="in vLLM Ascend's checkout, with CANN's toolkit sourced (set_env.sh), "
        "COMPILE_CUSTOM_KERNELS unset or 1, gcc/g++ newer than 8 and the submodules updated "
        "(git submodule update --init --recursive), rebuild it in place and read the build "
        "log for the kernels' compile (SOC_VERSION set where npu-smi is absent, as its "
        "installation guide says); or install its released wheel or image, which carry them:",
        variants={
            "kernels": "vLLM Ascend's compiled extension cannot load its kernels ({shown}): "
            "libvllm_ascend_kernels.so was not built or not installed beside vllm_ascend_C, "
            "so its custom operators (and sleep mode) are unavailable",
            "symbol": "vLLM Ascend's compiled extension was built against another torch "
            "({shown}): the torch installed now lacks a symbol vllm_ascend_C needs, so its "
            "custom operators are unavailable",
        },
        variant_advice={
            "symbol": "rebuild it in vLLM Ascend's checkout against the torch and torch-npu "
            "installed now (without build isolation, which would build against another torch "
            "from PyPI), with CANN's toolkit sourced; or install the vLLM Ascend release made "
            "for this torch and torch-npu:",
        },
    ),
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    Code.XPU_ONEAPI_LIBRARY: Entry(
        E, "the oneAPI runtime an Intel GPU build was linked against is not found",
        "IPEX's XPU wheels and torch's and Triton's XPU builds are linked against the oneAPI "
        "runtime of the release they were built with (the DPC++/SYCL runtime libsycl.so.N, "
        "oneMKL's SYCL libraries libmkl_sycl*.so.N, the Unified Runtime libur_loader.so.N), and "
        "each oneAPI release bumps those sonames: libsycl.so.6 is oneAPI 2023's, .so.7 "
        "2024's, .so.8 2025's; libmkl_sycl.so.2 oneMKL 2022's, .so.3 2023's, libmkl_sycl_blas"
        ".so.4 2024's, .so.5 2025's. IPEX's installation guide names the one oneAPI Base "
        "Toolkit each release needs and has it activated (\"You need to activate oneAPI "
        "environment when using Intel® Extension for PyTorch* on Intel GPU\", by oneAPI's "
        "setvars.sh: https://intel.github.io/intel-extension-for-pytorch/xpu/"
        "1.10.200+gpu/tutorials/installation.html, 2022.3; 1.13.10+xpu's, 2023.0; "
        "v2.1.20+xpu's release notes, 2024.1). A soname the loader cannot open is a oneAPI "
        "release not installed or not activated (intel/intel-xpu-backend-for-triton#3095: "
        "libsycl.so.7 missing where oneAPI 2025 gives libsycl.so.8).",
        "{library} cannot be opened: it is the oneAPI {release} runtime the Intel GPU build "
        "here was linked against, and that release is not installed or not activated",
        advice="install the oneAPI {release} runtime (the Base Toolkit release IPEX's "
        "installation guide names for this IPEX, or pip's dpcpp-cpp-rt and mkl-dpcpp of "
        "that release, as ipex-llm's guide installs them) and activate it before Python "
        "starts (source /opt/intel/oneapi/setvars.sh); or install the IPEX / torch XPU build "
        "made for the oneAPI release installed",
        variants={
            "release_unknown": "{library} cannot be opened: it is a oneAPI runtime library the "
            "Intel GPU build here was linked against, and that oneAPI release is not "
            "installed or not activated",
            "older_first": "the loader found another oneAPI release's {library} first: "
            "{required}, the oneAPI {release} runtime the Intel GPU build here uses, needs "
            "its symbol version {version}, which that {library} lacks",
            "older_first_unknown": "the loader found another oneAPI release's {library} "
            "first: {required}, the runtime the Intel GPU build here uses, needs its symbol "
            "version {version}, which that {library} lacks",

            # issue 38 (s6-macintel): oneMKL 2024.1 removed the JIT-profiling API torch's CPU
            # library links (pytorch/pytorch#123097)
            "mkl_ijit": "torch's {library} cannot load: it needs {version}, which oneMKL "
            "{release} and earlier export and oneMKL 2024.1 removed, so the oneMKL the loader "
            "found first is a newer oneAPI release than the one this torch (and ipex-llm or "
            "IPEX beside it) was built with",
        },
        variant_advice={
            "release_unknown": "install the oneAPI Base Toolkit release IPEX's installation "
            "guide names for this IPEX (or pip's dpcpp-cpp-rt and mkl-dpcpp of that release) "
            "and activate it before Python starts (source /opt/intel/oneapi/setvars.sh)",
            "older_first": "start Python without the other oneAPI activated (its setvars.sh "
            "puts that release's lib folders first on LD_LIBRARY_PATH, ahead of the runtime "
            "torch's XPU wheel installed with pip), or activate a oneAPI {release} release at "
            "least as new as that runtime",
            # issue 38 (s6-macintel): ipex-llm's Linux GPU quickstart installs oneAPI 2024.0
            # (docs/mddocs/Quickstart/install_linux_gpu.md, "Install oneAPI"); its maintainers
            # name 2024.2 unsupported (intel/ipex-llm#12141)
            "mkl_ijit": "start Python without the newer oneAPI activated, or install and "
            "activate the oneAPI release the build names: ipex-llm's Linux GPU quickstart "
            "installs oneAPI {release} (its maintainers: oneAPI 2024.2 is not supported, "
            "intel/ipex-llm#12141); in a conda environment whose mkl is 2024.1 or newer, put "
            "its mkl package back to {release} (pytorch/pytorch#123097)",
            "older_first_unknown": "start Python without the other oneAPI activated (its "
            "setvars.sh puts that release's lib folders first on LD_LIBRARY_PATH, ahead of "
            "the runtime torch's XPU wheel installed with pip), or activate the release "
            "{required} comes from",
        },
    ),
    # issue 38 (s6-macintel): an Intel GPU whose XPU build carries no AOT kernels for it
    Code.XPU_JIT_FIRST_USE: Entry(
        W, "an Intel GPU the XPU build compiles its kernels for at first use",
        "IPEX's and torch's XPU wheels carry kernels compiled ahead of time (AOT) for the GPU "
        "targets of their build (IPEX: USE_AOT_DEVLIST, docs/tutorials/AOT.md; torch: "
        "TORCH_XPU_ARCH_LIST, intel/torch-xpu-ops cmake/BuildFlags.cmake); on another GPU the "
        "driver compiles each kernel from SPIR-V at its first use (JIT), for minutes, and the "
        "same work is fast afterwards. IPEX's maintainers say so (intel/intel-extension-for-"
        "pytorch#399: \"The first kernel run without AOT compilation is expected to take a "
        "little longer\"; #721, solved by a build with USE_AOT_DEVLIST for that GPU); "
        "ipex-llm's FAQ: the first run on a Core Ultra (Meteor Lake) iGPU takes 5-10 minutes "
        "(intel/ipex-llm#11577). IPEX publishes wheels per GPU platform (its installation "
        "page: the MTL index for Core Ultra iGPUs, others for Arc A / B-series, Lunar Lake), "
        "each release's notes naming its AOT targets. DPC++ keeps the kernels it compiled "
        "between runs where SYCL_CACHE_PERSISTENT=1 (intel/llvm sycl/doc/"
        "EnvironmentVariables.md).",
        "the first XPU work here takes minutes (the reporter: \"{said}\"): the IPEX or torch "
        "XPU build carries "
        "no ahead-of-time (AOT) kernels for this Intel GPU, so each kernel is compiled at its "
        "first use (JIT)",
        advice="install the build whose AOT targets include this GPU (IPEX's installation "
        "page has a wheel index per GPU platform, the MTL one for Core Ultra iGPUs; the "
        "release notes list each release's AOT targets), or build IPEX with USE_AOT_DEVLIST "
        "(torch with TORCH_XPU_ARCH_LIST) naming it; and set SYCL_CACHE_PERSISTENT=1 before "
        "Python starts, so the kernels compiled once are kept for the next runs",
    ),
    Code.XPU_IPEX_DLL: Entry(
        E, "IPEX's Windows XPU library refused by Windows' loader",
        "IPEX's Windows XPU wheel loads each DLL of its bin folder at import "
        "(intel_extension_for_pytorch/__init__.py: ctypes.WinDLL, re-raised as 'Error loading "
        "\"<dll>\" or one of its dependencies.'). Its DLLs need the oneAPI runtime of their "
        "release and the Microsoft Visual C++ Redistributable (IPEX's Windows installation "
        "guide, https://intel.github.io/intel-extension-for-pytorch/index.html#installation?"
        "platform=gpu&os=windows: install the GPU driver, the MSVC redistributable, then "
        "oneAPI's runtime packages, in that order). WinError 126 is a DLL those need not "
        "found, WinError 127 a procedure missing from another release's DLL, WinError 193 a "
        "DLL not built for this machine (a wheel for another Python or architecture); "
        "IPEX's maintainers answer so (intel/intel-extension-for-pytorch#485: oneAPI not "
        "installed or not activated, the MSVC redistribution files missing).",
        "Windows refused IPEX's {dll} (WinError {winerror}): {why}",
        variants={
            "dll_unnamed": "Windows refused one of IPEX's DLLs (WinError {winerror}): {why}",
        },
        advice="install the Microsoft Visual C++ Redistributable and the oneAPI runtime of "
        "this IPEX's release (IPEX's Windows installation guide, in its order), activate "
        "oneAPI in the prompt that starts Python, and use the IPEX wheel for this Python and "
        "this torch",
    ),
    # issue 38: serving limits. Warnings: the settings ask more than the GPU's memory or the
    # server's limits hold; the environment is fine (as mps.float64_unsupported).
    Code.VLLM_KV_CACHE_SHORT: Entry(
        W, "vLLM's KV cache holds less than the model's context",
        "vLLM reserves a share of each GPU's memory (--gpu-memory-utilization, 0.9 by "
        "default), loads the weights into it and gives the rest to the KV cache; it refuses to "
        "start when that cache cannot hold one sequence of max_model_len tokens (the model's "
        "context length unless --max-model-len says less): vllm/worker/worker.py "
        "raise_if_cache_size_invalid, \"The model's max seq len (N) is larger than the "
        "maximum number of tokens that can be stored in KV cache (M)\", and in the V1 engine "
        "vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory, \"To serve at least one "
        "request with the models's max seq len (N), (X GiB KV cache is needed, which is larger "
        "than the available KV cache memory (Y GiB)\". A setting, not a broken environment.",
        "vLLM's KV cache holds {capacity}, less than the model's context of {length} tokens "
        "(max_model_len): the GPU memory left after the weights is too small for one sequence "
        "that long",
        advice="start vLLM with a shorter context, --max-model-len {fit} (max_model_len= in "
        "LLM(...), or your launcher's vLLM setting), or give the cache more memory: a higher "
        "--gpu-memory-utilization where no other process uses the GPU, or more GPUs with "
        "--tensor-parallel-size N",
        variants={
            # issue 38 (s9-memory): no memory left for one block, vLLM's OOM at start-up
            "none": "vLLM found no GPU memory left for its KV cache (\"No available memory for "
            "the cache blocks\"): the weights and the profiled activations take all of "
            "--gpu-memory-utilization's share",
        },
        variant_advice={
            "none": "give vLLM's share room for the cache: a higher --gpu-memory-utilization "
            "where no other process uses the device, a smaller or "
            "quantized model, fewer --max-num-seqs or --max-num-batched-tokens (the profiled "
            "activations), or more GPUs with --tensor-parallel-size N",
            "fit_unknown": "start vLLM with a shorter context, --max-model-len below {length} "
            "(max_model_len= in LLM(...), or your launcher's vLLM setting), or give the cache "
            "more memory: a higher --gpu-memory-utilization where no other process uses the "
            "GPU, or more GPUs with --tensor-parallel-size N",
        },
    ),
    Code.TGI_TOKEN_LIMITS: Entry(
        W, "a request or a setting over TGI's token limits",
        "text-generation-inference bounds every request by the limits its launcher was "
        "started with: --max-input-tokens (--max-input-length before 2.0) for the prompt and "
        "--max-total-tokens for the prompt plus max_new_tokens; its router refuses a request "
        "over them (router/src/validation.rs ValidationError: \"`inputs` tokens + "
        "`max_new_tokens` must be <= N\", \"`max_new_tokens` must be <= N\", \"`inputs` "
        "must have less than N tokens\") and its launcher refuses limits that contradict each "
        "other (launcher/src/main.rs ArgumentValidation: \"`max_input_tokens` must be < "
        "`max_total_tokens`\", \"`max_batch_prefill_tokens` must be >= "
        "`max_input_tokens`\"). A setting, not a broken environment.",
        "TGI refused the request: {said}, the server's token limits (--max-total-tokens, "
        "--max-input-tokens)",
        advice="send a shorter prompt or a smaller max_new_tokens, or start "
        "text-generation-launcher with larger --max-input-tokens and --max-total-tokens (up "
        "to the model's context, as GPU memory allows; --max-batch-prefill-tokens at least "
        "--max-input-tokens)",
        variants={
            "launcher": "TGI's launcher refused its own token limits: {said}",
        },
        variant_advice={
            "launcher": "start text-generation-launcher with --max-input-tokens below "
            "--max-total-tokens and --max-batch-prefill-tokens at least --max-input-tokens "
            "(an Inference Endpoint or container sets them as MAX_INPUT_TOKENS, "
            "MAX_TOTAL_TOKENS and MAX_BATCH_PREFILL_TOKENS; MAX_INPUT_LENGTH before TGI 2.0)",
        },
    ),
    # issue 38: Neuron software without a Neuron device, and the runtime against the driver
    Code.NEURON_NO_DEVICE: Entry(
        E, "Neuron software run where no Neuron device is given to it",
        "torch-neuron, torch-neuronx, transformers-neuronx and optimum-neuron run a model on "
        "NeuronCores, which only Inf1, Inf2, Trn1 and Trn2 instances have; a container sees "
        "them only when started with them (--device=/dev/neuron0, one per device: AWS's "
        "container troubleshooting guide, https://awsdocs-neuron.readthedocs-hosted.com/en/"
        "latest/containers/troubleshooting.html, \"Neuron Device Not found\"). Compiling is "
        "not running: \"Model compilation can be executed on a non-inf1 instance for later "
        "deployment\" (the Neuron developer flows, https://awsdocs-neuron.readthedocs-hosted."
        "com/en/latest/containers/ec2-then-ec2-devflow.html). The runtime says so when it "
        "starts: TDRV's \"No neuron device "
        "available\", NRT:nrt_init's \"This instance has no neuron devices\", neuron-ls's "
        "\"Failed to discover neuron devices\", torch-neuronx 2.x's PJRT client's \"Init: "
        "error condition !(num_devices > 0)\". A driver that is there but unusable is "
        "neuron.driver_unusable.",
        "no Neuron device here for the Neuron software ({said}): this machine, or this "
        "container, has none given to it",
        advice="run it on an instance with Neuron devices (Inf1 for torch-neuron, Inf2 / Trn1 / "
        "Trn2 for torch-neuronx), or start the container on such a host with its devices "
        "(--device=/dev/neuron0, one per device; neuron-ls on the host lists them, and no "
        "other process may hold them: neuron-top); to compile only, torch-neuron's trace and "
        "neuron-cc run on any instance",
    ),
    Code.NEURON_RUNTIME_DRIVER: Entry(
        E, "the Neuron runtime of one Neuron release against a driver of another",
        "The Neuron runtime (libnrt: aws-neuronx-runtime-lib, aws-neuron-runtime before it) "
        "and the kernel driver (aws-neuronx-dkms, aws-neuron-dkms before it, no longer "
        "produced) are released together in each Neuron SDK release, and each runtime "
        "carries a compatibility id the driver must support; the runtime checks it at start "
        "(NRT:nrt_init: \"This Neuron Runtime (compatibility id: 6) is not compatible with the "
        "installed aws-neuron-dkms package.\", \"Installed aws-neuron-dkms supports Runtime "
        "compatibility id range: 2 - 4.\"; the Neuron runtime troubleshooting guide, "
        "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/neuron-runtime/"
        "nrt-troubleshoot.html). The release notes list the package versions of each release "
        "(https://awsdocs-neuron.readthedocs-hosted.com/en/latest/release-notes/"
        "releasecontent.html); a runtime of a release that does not know the device the "
        "driver shows stops in its driver layer (TDRV:arch_init \"Architecture not found\": "
        "aws-neuron/aws-neuron-sdk#1071, SDK 2.21's runtime under inf1's framework of 2.20.2).",
        "the installed Neuron driver is too old for this Neuron runtime ({said})",
        advice="upgrade the host's driver to the aws-neuronx-dkms of the runtime's Neuron SDK "
        "release (aws-neuron-dkms is no longer produced: remove it first; sudo modprobe -r "
        "neuron && sudo modprobe neuron, or reboot), or install the runtime "
        "(aws-neuronx-runtime-lib) of the driver's release; the release notes' package list "
        "gives the versions of one release",
        variants={
            "release": "this Neuron runtime does not know the Neuron device its driver shows "
            "({said}): the runtime is of another Neuron SDK release than the driver and "
            "framework beside it",
            # issue 38: the Neuron runtime in a container apart from the host's (Neuron
            # Runtime 1.x: 1.1.1402.0 brought the kernel driver, aws-neuron-dkms, which
            # aws-neuron-runtime-base depends on; the Neuron runtime release notes)
            "nrtd": "{rtd} was given no Neuron device ({said}): the runtime in the container "
            "and the host's aws-neuron-runtime-base and driver are of two Neuron Runtime "
            "releases",
            "oci_hook": "the Neuron OCI hook of aws-neuron-runtime-base 1.0 could not mount a "
            "Neuron device into the container ({said}): the host's runtime-base and driver are "
            "of two Neuron Runtime releases",
        },
        variant_advice={
            # issue 38: the Neuron runtime in a container apart from the host's
            "nrtd": "on the host, install aws-neuron-dkms and aws-neuron-runtime-base of the "
            "container's runtime release (1.1 and later need the kernel driver), then start "
            "the container with its devices (--device=/dev/neuron0, one per device) instead "
            "of 1.0's AWS_NEURON_VISIBLE_DEVICES; better, move to Neuron Runtime 2.x (libnrt in "
            "the framework's process, no neuron-rtd)",
            "oci_hook": "install the host's aws-neuron-runtime-base and aws-neuron-dkms of one "
            "release (the newest of both from the Neuron repository), and the neuron-rtd "
            "image of that release; from 1.1 the container is given its devices with "
            "--device=/dev/neuron0, without the 1.0 hook",
            "release": "install the runtime (aws-neuronx-runtime-lib), driver "
            "(aws-neuronx-dkms) and framework of one Neuron SDK release, as its release notes' "
            "package list gives them; on Inf1, a release whose framework and runtime still "
            "support Inf1 (aws-neuron/aws-neuron-sdk#1071: SDK 2.20.2's, not 2.21's runtime)",
        },
    ),
    # issue 38: a library importing a transformers module its transformers is too old to have
    Code.TRANSFORMERS_TOO_OLD: Entry(
        E, "a library imports a transformers module the installed transformers is too old for",
        "Libraries built on transformers import its modules by name, and each module exists "
        "from one transformers release on: transformers.integrations.deepspeed from 4.33.0 "
        "(4.32's integrations was one module, hence Python's \"'transformers.integrations' is "
        "not a package\"), transformers.cache_utils from 4.36.0 (the wheels on PyPI; "
        "intel/ipex-llm#10835). The importing library's release pins the transformers it "
        "needs in its setup.py (optimum-habana 1.8's \"transformers >= 4.33\"), but a "
        "transformers already installed (a Gaudi or NGC image's) satisfies an older pin or "
        "is kept by --no-deps.",
        "the installed transformers{found} has no {module}: that module is in transformers "
        "{first} and later",
        commands=("{install}",),
        advice="install a transformers release from {first} on, the one the importing "
        "library's release pins (its setup.py), then run it again:",
    ),
    # issue 38: Gaudi software of one release on another (optimum-habana's own check)
    Code.HPU_SOFTWARE_RELEASE: Entry(
        W, "Gaudi software made for one Intel Gaudi release runs on another",
        "Each Intel Gaudi software release is the host's driver and firmware, the PyTorch "
        "bridge (habana-torch-plugin) and the libraries built on it together (Intel Gaudi's "
        "support matrix, https://docs.habana.ai/en/latest/Support_Matrix/Support_Matrix.html); "
        "optimum-habana, vllm-fork and tgi-gaudi each make one release per Gaudi release "
        "(optimum-habana's README: \"The current version has been validated for SynapseAI "
        "1.x\"; vllm-fork's v<vllm>+Gaudi-<release> tags). optimum-habana checks it at import "
        "against habana-torch-plugin and hl-smi's driver (optimum/habana/utils.py "
        "check_synapse_version: \"… has been validated for SynapseAI v1.19.0 but "
        "habana-frameworks v1.20.0.543 was found, this could lead to undefined behavior!\").",
        "software made for Intel Gaudi {validated} runs where {what} is {found} (optimum-habana's "
        "release check)",
        advice="install the optimum-habana release validated for {found_release} (its "
        "README's table; vllm-fork's v…+Gaudi-{found_release} tag for vLLM), or run on Intel "
        "Gaudi software {validated} (the vault.habana.ai/gaudi-docker/{validated}/… image, "
        "on a host whose hl-smi driver is {validated})",
    ),
    # issue 38: Google TPU / torch_xla
    Code.TPU_NODE_UNSUPPORTED: Entry(
        E, "torch_xla of a release that does not run on a TPU Node",
        "torch_xla 2.1 and later run only the PJRT runtime, whose TPU client (libtpu) runs "
        "on a TPU VM, the TPU attached to the machine: it reads the VM's \"tpu-env\" "
        "metadata (torch_xla/_internal/tpu.py) and opens the chips it finds. XRT, the "
        "runtime that reached a TPU on another machine (a TPU Node: Colab's old TPU "
        "runtime, GCE's TPU Node setups), was removed after 2.0 (pytorch/xla "
        "docs/pjrt.md; the 2.1 release notes). On a TPU Node the metadata server answers "
        "404 for tpu-env and libtpu finds no chip. Colab's TPU runtime was a TPU Node "
        "until it moved to TPU VMs with torch_xla preinstalled; its maintainers: the "
        "torch_xla 2.0 Colab wheel \"was specifically for the 'TPU Node' architecture, "
        "which we no longer support\" (googlecolab/colabtools#4769, #4481).",
        "{xla} found no TPU VM here ({said}): this machine reaches its TPU as a TPU Node, "
        "which torch_xla 2.1 and later do not run on",
        advice="on a TPU Node, use torch and torch_xla 2.0, the last releases with the XRT "
        "runtime, with XRT_TPU_CONFIG set; for a newer torch_xla, run on a TPU VM (gcloud "
        "compute tpus tpu-vm create) or Colab's current TPU runtime (a TPU VM with "
        "torch_xla preinstalled: remove the notebook's own torch_xla install lines)",
        variants={
            "colab": "{xla}'s TPU client did not start on Colab ({said}): Colab's TPU "
            "runtime of that time was a TPU Node, which torch_xla 2.1 and later do not run on",
        },
    ),
    Code.XLA_TORCH_APART: Entry(
        E, "torch_xla beside a torch of another release",
        "torch_xla's compiled module, _XLAC, is built against one torch release's C++ "
        "library, and torch's C++ interface changes between releases: torch_xla X.Y "
        "imports only beside torch X.Y (the pytorch/xla README's install table pairs "
        "them). The loader's \"_XLAC…so: undefined symbol\" at `import torch_xla` is "
        "the symptom; pytorch/xla's maintainers answer it with the torch of torch_xla's "
        "release (pytorch/xla#2815: torch 1.8.0 for torch_xla 1.8). A torch installed "
        "after torch_xla (a notebook's later cell, a requirement that upgrades torch) "
        "is the common way in.",
        "torch_xla's compiled module (_XLAC) needs `{symbol}`, which the installed torch "
        "does not have: {shown}",
        advice="install torch and torch_xla of one release together, in one install after "
        "any other that touches torch (torch_xla X.Y with torch X.Y, the pytorch/xla "
        "README's table); a torch_xla built from source must be rebuilt against the torch "
        "installed",
    ),
    Code.PJRT_DEVICE_UNSET: Entry(
        W, "torch_xla chose its runtime device itself",
        "torch_xla reads PJRT_DEVICE (TPU, CPU, CUDA) to choose its runtime's device; "
        "unset, it picks one itself and warns (torch_xla/runtime.py "
        "_maybe_select_default_device: \"PJRT is now the default runtime\", then "
        "TPU where libtpu and a chip are found, else CPU). From 2.1 there is no XRT "
        "runtime: XRT_TPU_CONFIG and the other XRT variables are not read (docs/pjrt.md; "
        "pytorch/xla#6331). A configuration warning: the run goes on, on the device chosen.",
        "PJRT_DEVICE is not set, so torch_xla chose its device itself ({said})",
        advice="set PJRT_DEVICE=TPU (or CPU) in the environment that starts Python, so the "
        "device is the one meant and the warning goes",
        variants={
            "xrt": "XRT_TPU_CONFIG is set, but torch_xla 2.1 and later have no XRT runtime "
            "and do not read it: torch_xla chose PJRT and its device itself ({said})",
        },
        variant_advice={
            "xrt": "set PJRT_DEVICE=TPU instead of XRT_TPU_CONFIG; to keep XRT, use "
            "torch_xla 2.0, or 2.1's +xrt wheel (the pytorch/xla README's Python "
            "packages), the last with it",
        },
    ),
    Code.LIBTPU_APART: Entry(
        E, "the TPU runtime (libtpu) of another release than the framework's",
        "torch_xla and JAX talk to the TPU through libtpu's PJRT C API, and XLA's loader "
        "refuses a plugin whose API structs or version differ from the framework's own "
        "(xla/pjrt/c/pjrt_c_api_helpers.cc, xla/pjrt/pjrt_api.cc). Each torch_xla release "
        "pins its libtpu (setup.py's _libtpu_version, installed with torch_xla[tpu]); a "
        "libtpu installed for JAX (jax[tpu]) or TensorFlow in the same environment replaces "
        "it, and one libtpu seldom suits both (Kaggle/docker-python#1499; pytorch/xla#5625's "
        "maintainer: \"each framework requires a different libtpu\"). TensorFlow's TPU build "
        "loads libtpu itself when it is imported, unless TPU_LOAD_LIBRARY=0, and aborts on "
        "a function the loaded libtpu lacks (\"TpuEmbeddingEngine_… not available in this "
        "library\", tensorflow/core/tpu/tpu_library_init_fns.inc): in a torch_xla process "
        "that is torch_xla's libtpu (wandb/wandb#3694, huggingface/transformers#28609).",
        "the framework's PJRT and the libtpu it loaded are of different releases ({said})",
        advice="install the libtpu your torch_xla release pins (torch_xla[tpu] of that "
        "release brings it), and keep JAX's or TensorFlow's TPU packages in another "
        "environment, or choose releases of both that pin one libtpu; TPU_LIBRARY_PATH must "
        "not point at another libtpu",
        # issue 38: Neuron / TPU runtimes and packages. TensorFlow imported where torch_xla
        # uses the TPU loads libtpu itself (tensorflow/core/tpu/tpu_initializer_helper.cc)
        # and aborts on a function that libtpu lacks (tpu_library_init_fns.inc); a libtpu
        # refusing torch_xla 2.2's LIBTPU_INIT_ARGS flag is of another release than its own
        variants={
            "tensorflow": "TensorFlow's TPU code loaded a libtpu of another release than its "
            "own ({said}): TensorFlow imported where torch_xla uses the TPU (tensorboard, "
            "wandb, a tf.data pipeline, transformers) loads the TPU library torch_xla "
            "installed, or torch_xla 1.x's own TensorFlow code a libtpu not of its release",
            "flag": "the libtpu loaded does not know the flag torch_xla gives it ({said}): it "
            "is of another release than the libtpu that torch_xla release pins",
        },
        variant_advice={
            "tensorflow": "keep TensorFlow from loading the TPU library: set "
            "TPU_LOAD_LIBRARY=0 before anything imports it (tensorboard, wandb and tf.data "
            "need no TPU), or replace tensorflow with tensorflow-cpu, or uninstall it from "
            "this environment; with torch_xla 1.x alone, use the libtpu its release pins, "
            "not one mounted from the host or named by TPU_LIBRARY_PATH",
            "flag": "install torch_xla[tpu] of one release with the libtpu it pins (the "
            "next torch_xla release with its own libtpu where the pair is broken), and keep "
            "TensorFlow's TPU build out of this environment (tensorflow-cpu, or "
            "TPU_LOAD_LIBRARY=0 before it is imported)",
        },
    ),
    Code.TPU_IN_USE: Entry(
        W, "another process holds the TPU",
        "Only one process may open a TPU VM's chips: libtpu takes a lock on them when it "
        "loads and, finding them held, does not load in the next process "
        "(tensorflow/core/tpu/tpu_initializer_helper.cc: \"The TPU is already in use by "
        "process with pid …\"). torch_xla, JAX and TensorFlow each bring a libtpu, so a "
        "notebook that imported another of them first, a run left behind, or another user's "
        "job holds the TPU; the process that loses runs on the CPU or stops.",
        "libtpu did not load in this process: another process holds the TPU{pid}",
        advice="find the holder (sudo lsof -w /dev/accel* on TPU v2-v4, /dev/vfio/* on v5 "
        "and later) and stop it, or restart the notebook's kernel; import only one of "
        "torch_xla, JAX and TensorFlow in a process (TPU_LOAD_LIBRARY=0 keeps TensorFlow "
        "from loading its libtpu); with torch_xla's multiprocessing, open the device only "
        "in the spawned processes",
    ),
    # issue 38: CANN's operator kernels missing, or built for another SoC
    Code.CANN_KERNELS_MISSING: Entry(
        E, "CANN's operator kernels are missing for this NPU",
        "CANN ships its operators' compiled binaries apart from its toolkit, in a package per "
        "SoC family: Ascend-cann-kernels-<soc>_<release>_linux*.run (the CANN installation "
        "guide, \"Installing the Kernels operator package\", after the toolkit, with its "
        "set_env.sh sourced, Ascend/docs#69; 910b for the Atlas A2's 910B1-910B4, 310p for the "
        "Atlas 300I, 910 for the first-generation 910A/910ProB; later CANN releases call it "
        "the ops package). Without the package for this SoC and this toolkit's release, the "
        "first operator fails: CANN's runtime \"EZ9999: ... Op Equal does not has any "
        "binary.\", its opbase \"Get path and read binary_info_config.json failed, please "
        "check if the opp_kernel package is installed!\" (NnopbaseCollecterWork), MindSpore's "
        "\"Ascend opp_kernels is not installed\" (Ascend/MindSpeed-LLM#2). A binary package "
        "built for another SoC family is refused by CANN's Ascend C runtime: \"the socversion "
        "Ascend910B1 of bin package does not match the current device socverison "
        "Ascend310P3\" (ascendc_runtime.cpp, AscendCheckSoCVersion).",
        "CANN has no compiled binary for an operator ({shown}){on}: the kernels package for "
        "this NPU's SoC, which CANN ships apart from its toolkit, is not installed{version}, "
        "or this SoC's package has no binary for that operator",
        commands=("./Ascend-cann-kernels-{package}_{release}_linux*.run --install",),
        advice="install CANN's kernels package for this NPU's SoC and of the installed "
        "toolkit's own release, from Huawei's Ascend software downloads (npu-smi info names the "
        "SoC: 910B1-910B4 take Ascend-cann-kernels-910b, 310P3 Ascend-cann-kernels-310p, "
        "910A/910B/910ProB Ascend-cann-kernels-910), and run it as its installation guide "
        "does, in a shell where the toolkit's set_env.sh (/usr/local/Ascend/ascend-toolkit/"
        "set_env.sh) is sourced; or use an image built for this NPU, which carries it",
        variants={
            "wrong_soc": "CANN refused an operator binary built for another SoC: the package "
            "that carries it is for {built}, this NPU is {device}{version} (\"the socversion "
            "{built} of bin package does not match the current device socverison {device}\")",
        },
        variant_advice={
            "wrong_soc": "install that package for this NPU's SoC ({device}): CANN's kernels "
            "package for it, of the toolkit's own release, or the program's own operators "
            "rebuilt with this SoC (its SOC_VERSION); a package for another SoC family does "
            "not run here",
        },
    ),
    # issue 38: a conda environment's libstdc++ older than a library loaded into it needs
    Code.CONDA_LIBSTDCXX: Entry(
        E, "the conda environment's libstdc++ is older than a library needs",
        "A conda environment ships its own libstdc++.so.6, and glibc's loader finds it before "
        "the system's (the environment's RPATH and LD_LIBRARY_PATH come first). A library "
        "built with a newer GCC, the system's Level Zero loader under torch's XPU build, "
        "Mesa's drivers, an extension compiled on the machine, needs a symbol version that "
        "older copy lacks: \"version `GLIBCXX_3.4.32' not found (required by …)\" (glibc "
        "elf/dl-version.c). Each GLIBCXX_3.4.N first ships with one GCC release (the "
        "libstdc++ manual's ABI policy, https://gcc.gnu.org/onlinedocs/libstdc++/manual/"
        "abi.html: 3.4.30 GCC 12.1, 3.4.31 GCC 13.1, 3.4.32 GCC 13.2, 3.4.33 GCC 14.1); "
        "conda-forge's libstdcxx-ng is that GCC's libstdc++ (https://anaconda.org/conda-forge/"
        "libstdcxx-ng). torch's XPU maintainers answer so (pytorch/pytorch#147226: \"an "
        "incompatibility with libstdc++.so.6 in your Conda environment\", resolved by "
        "updating it).",
        "the conda environment's libstdc++.so.6 lacks {symbol} (GCC {gcc} and newer), which "
        "{library} needs: the loader took the environment's older copy before the system's",
        commands=(
            "# a libstdc++ of GCC {gcc} or newer into that environment, from conda-forge",
            "{install}",
        ),
        advice="or, where the system's libstdc++ is new enough (strings "
        "/usr/lib/x86_64-linux-gnu/libstdc++.so.6 | grep {symbol}), load it first: "
        "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6 before the command",
        variants={
            "environment_unnamed": "an environment's libstdc++.so.6 (found through a relative "
            "path, torch's RPATH into its conda environment) lacks {symbol} (GCC {gcc} and "
            "newer), which {library} needs: the loader took that older copy before the "
            "system's",
        },
        variant_commands={
            "environment_unnamed": (
                "# with that environment activated: a libstdc++ of GCC {gcc} or newer into "
                "it, from conda-forge",
                "{install}",
            ),
        },
        params=("needed_by", "prefix"),
    ),
    # issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph
    Code.MPS_BACKEND_ASSERTION: Entry(
        E, "a bug of torch's MPS backend: Metal or MPSGraph asserted",
        "torch runs most MPS operations as MPSGraph graphs and Metal kernels it builds; where "
        "it builds one wrong, Apple's frameworks stop the process instead of raising a Python "
        "error: MPSGraph's MLIR verifier (\"loc(\"mps_add\"(\"(mpsFileLoc): …\")): error: input "
        "types … are not broadcast compatible\", \"error: 'mps.matmul' op incompatible "
        "dimensions\", then \"LLVM ERROR: Failed to infer result type(s).\", llvm-project "
        "mlir/lib/Interfaces/InferTypeOpInterface.cpp), an assertion in Metal Performance "
        "Shaders' sources (\"MPSNDArray.mm:78: failed assertion\", pytorch/pytorch#101251) or "
        "torch's own \"Unaligned blit request\" (aten/src/ATen/native/mps/operations/Copy.mm "
        "copy_from_mps_, pytorch/pytorch#189967), or a command buffer Metal aborted "
        "(\"Error: command buffer exited with error status\", pytorch/pytorch#123171). "
        "These are bugs or gaps of torch's MPS kernels at that release (pytorch/pytorch "
        "issues labelled \"module: mps\"; mixed dtypes in binary ops: #78879, fixed), not "
        "the Mac's setup. "
        "PYTORCH_ENABLE_MPS_FALLBACK does not help: it moves only operators torch has no MPS "
        "kernel for to the CPU.",
        "torch's MPS backend built an operation Metal refused ({said}): a bug of torch's MPS "
        "kernels at this release, not the Mac's setup",
        advice="upgrade torch to its newest release (or a nightly), where many MPS kernels "
        "were fixed; where it persists, run that operation or model on the CPU and report it "
        "to pytorch/pytorch with the operation and its shapes and dtypes",
        variants={
            "mixed": "torch's MPS backend gave MPSGraph float16 and float32 operands it "
            "cannot combine ({said}; \"input types … are not broadcast compatible\"): a bug "
            "of torch's MPS kernels at this release, not the Mac's setup",
            "command_buffer": "Metal aborted a command buffer of torch's MPS backend "
            "({said}): one of its MPS kernels faulted or timed out, a bug of torch's MPS "
            "backend at this release, not the Mac's setup",
        },
        variant_advice={
            "mixed": "run the model in float32 on MPS (the app's --no-half / --force-fp32, "
            "torch_dtype=torch.float32), or upgrade torch to its newest release, whose MPS "
            "kernels cast mixed operands (pytorch/pytorch#78879); where it persists, run it on "
            "the CPU and report it to pytorch/pytorch",
            "command_buffer": "upgrade torch to its newest release (or a nightly); its "
            "results after that line may be incomplete, so where it persists run that step on "
            "the CPU and report it to pytorch/pytorch with the model and torch's version",
        },
    ),
    # issue 38: torch-neuron / torch-neuronx pinning one torch, beside another
    Code.NEURON_TORCH_APART: Entry(
        E, "torch-neuron or torch-neuronx beside a torch of another release",
        "The AWS Neuron frameworks are built against one torch release and numbered by it, "
        "then by their own release: torch-neuronx 2.1.2.2.1.0 is torch 2.1.2's, torch-neuron "
        "1.13.1.2.9.6.0 is torch 1.13.1's (the PyTorch Neuron release notes, aws-neuron/"
        "aws-neuron-sdk). torch-neuronx's package pins its torch series (Requires-Dist "
        "torch==2.1.*: aws-neuron/aws-neuron-samples#47's pip log, \"torch==1.13.* (from "
        "torch-neuronx==1.13.1.1.10.0)\"), so pip's resolver reports another torch (\"torch-"
        "neuronx … requires torch==2.1.*, but you have torch 2.3.0 which is incompatible\"); "
        "torch-neuron checks at import that its version starts with torch's and refuses "
        "another (torch_neuron/__init__.py: \"Invalid dependency version torch==… Expected "
        "torch==…\", as the release notes quote it). A torch installed after the Neuron "
        "packages (a requirement that upgrades torch: pytorch/serve#3177, torch pinned to "
        "1.13 beside a torch-neuronx that requires 2.1) is the common way in; the Neuron "
        "setup guide installs the framework, which brings its torch, from PyPI and Neuron's "
        "pip repository together (pip.repos.neuron.amazonaws.com as the extra index).",
        "{framework} is built for torch {wanted}, but torch {found} is installed ({said})",
        commands=("{install}",),
        advice="install torch and {framework} of one release together, in one install after "
        "any other that touches torch (or move {framework} to its release for the installed "
        "torch, where the Neuron SDK has one: torch-neuronx is released for torch 1.13, 2.1, "
        "2.5 and later series, torch-neuron for 1.13 and older)",
    ),
    # issue 38: NeuronCores held by another process
    Code.NEURON_CORES_IN_USE: Entry(
        E, "the NeuronCores are held by another process",
        "The Neuron runtime reserves every NeuronCore of the machine for the process that "
        "starts it, unless NEURON_RT_VISIBLE_CORES (which cores) or NEURON_RT_NUM_CORES (how "
        "many) says fewer, and a reserved core cannot be used by another process until the "
        "one holding it ends (the Neuron Runtime configuration guide, \"NeuronCore "
        "allocation\"). A second process (another notebook kernel, a server's second worker, a "
        "process left over from a run that did not end) is refused: NRT's "
        "nrt_allocate_neuron_cores error, \"NeuronCore(s) not available - Requested:1 "
        "Available:0\" (the torch-neuronx training troubleshooting guide), torch-neuronx's "
        "\"cannot determine the number of available NeuronCores\" (aws-neuron/"
        "aws-neuron-samples#44: ending the other notebook processes fixed it).",
        "the NeuronCores are held by another process ({said})",
        advice="end the process that holds them (neuron-top or neuron-ls lists each core's "
        "process; a notebook kernel that ran a model holds its cores until it is restarted), "
        "or give each process its own cores: NEURON_RT_VISIBLE_CORES=0-1 for one, 2-3 for the "
        "next (or NEURON_RT_NUM_CORES=1), set before the process starts",
    ),
    # issue 38: a model type (config.json's model_type) the installed transformers predates
    Code.TRANSFORMERS_MODEL_TYPE: Entry(
        E, "the model's type is newer than the installed transformers",
        "transformers reads a checkpoint's config.json and looks its model_type up in "
        "AutoConfig's table (transformers/models/auto/configuration_auto.py); a release "
        "older than the model type raises KeyError and then \"The checkpoint you are trying "
        "to load has model type `X` but Transformers does not recognize this "
        "architecture\". The release that added each type is read from every transformers "
        "release's wheel since 4.0.0 (CONFIG_MAPPING_NAMES, generated into "
        "compat/model_types_table.txt by tools/model_types.py; Qwen2: 4.37.0, Qwen2-VL: "
        "4.45.0, Gemma 3: 4.50.0, Qwen3: 4.51.0, Qwen3-VL: 4.57.0, as the models' cards "
        "say). Llama 3.1's config.json has rope_scaling of rope_type llama3, which LlamaConfig "
        "before 4.43.0 refuses (\"`rope_scaling` must be a dictionary with two fields, `type` "
        "and `factor`\", models/llama/configuration_llama.py _rope_scaling_validation at "
        "4.42.4). A library that loads models with transformers (LLaMA-Factory, Xinference, "
        "IPEX's examples, vLLM's config reader, text-generation-webui) fails the same way "
        "under an older transformers.",
        "the installed transformers{found} does not know the {kind} {model_type}: "
        "transformers {first} and later do",
        commands=("{install}",),
        advice="install transformers {first} or newer in the environment that loads the "
        "model (a container's or a server's own, then restart it), and check that the "
        "library around it allows that release (its requirements):",
    ),
    # issue 38 (s16-models): a model named beside a transformers older than its model type
    Code.TRANSFORMERS_OLDER_THAN_MODEL: Entry(
        W, "the model named is newer than the transformers shown",
        "The paste names a model (a title, prose, a hub id) and shows one transformers release "
        "(collect_env, `transformers env`, `llamafactory-cli env`, pip list) older than the "
        "release that added the model's type (compat/model_types_table.txt, read from every "
        "release's CONFIG_MAPPING_NAMES) or, for Llama 3.1, that takes its rope_scaling. The "
        "name is tied to its type only by transformers' own documentation page of the model "
        "(huggingface.co/docs/transformers/model_doc/<type>; compat/transformers_modules.py "
        "MODEL_NAMES): Qwen2-VL, Qwen2.5-VL, Qwen2.5-Omni, Qwen3, Qwen3-VL, Gemma 2, Gemma 3, "
        "Llama 3.1. That release cannot load the model: AutoConfig raises KeyError, then "
        "\"does not recognize this architecture\".",
        "the paste names model {model}; its {kind} {model_type} is in transformers from "
        "{first}; the paste shows {found}",
        commands=("{install}",),
        advice="install transformers {first} or newer in the environment that loads the "
        "model, and check that the library around it allows that release (its requirements):",
    ),
    # issue 38: a SentenceTransformer argument the installed sentence-transformers predates
    Code.SENTENCE_TRANSFORMERS_TOO_OLD: Entry(
        E, "a library passes SentenceTransformer an argument the installed release predates",
        "Embedding servers and frameworks (LangChain, infinity, tabbyAPI, RAG servers) build "
        "sentence_transformers.SentenceTransformer with keyword arguments, each taken from "
        "one sentence-transformers release on: trust_remote_code, revision and token from "
        "2.3.0, truncate_dim from 2.7.0, model_kwargs, tokenizer_kwargs and config_kwargs "
        "from 3.0.0 (the signature in each release's wheel on PyPI). Under an older release "
        "Python refuses the call: \"SentenceTransformer.__init__() got an unexpected keyword "
        "argument\".",
        "the installed sentence-transformers{found} takes no {argument}: "
        "sentence-transformers {first} and later do",
        commands=("{install}",),
        advice="install sentence-transformers {first} or newer where the library runs, and "
        "check the library's own requirement for it (its requirements or extras):",
    ),
    # issue 38: a program asking torch for CUDA on a Mac
    Code.MPS_ASKED_FOR_CUDA: Entry(
        # a warning: the code is what changes, nothing installed (the environment is fine)
        W, "code asked for CUDA on a Mac",
        "PyTorch's macOS builds have no CUDA (pytorch.org \"Get Started\": \"MacOS Binaries "
        "dont support CUDA\"); the GPU of an Apple silicon Mac is torch's \"mps\" device "
        "(torch.backends.mps, PyTorch's MPS backend notes). torch raises \"Torch not compiled "
        "with CUDA enabled\" on any call into torch.cuda (torch/cuda/__init__.py "
        "`_lazy_init`): the program, a ComfyUI node or a library that knows no other GPU "
        "called .cuda(), torch.cuda.* or device=\"cuda\" on a Mac. No torch build for "
        "macOS has CUDA, so no reinstall is a remedy.",
        "the code asked torch for CUDA on a Mac (torch: \"Torch not compiled with CUDA "
        "enabled\"): the paste shows {shown}, and torch for macOS has no CUDA, so a call to "
        ".cuda() or torch.cuda fails",
        advice="run that code on the Mac's GPU or CPU: where it calls .cuda(), torch.cuda.* "
        "or device=\"cuda\", use \"mps\" (torch.backends.mps.is_available()) or \"cpu\"; "
        "where a node or library makes the call, use its Mac or CPU option, or a release "
        "that supports Apple silicon; do not install a CUDA build of torch, which macOS "
        "has none of",
        # issue 38: CTranslate2's macOS wheels are CPU builds (its installation guide: GPU
        # execution in the Linux and Windows wheels, on NVIDIA GPUs); faster-whisper's and
        # whisperX's models take its device argument ("cpu", "cuda", "auto")
        variants={
            "library": "the code asked {library} for CUDA on a Mac ({library}: \"This "
            "{library} package was not compiled with CUDA support\"): the paste shows "
            "{shown}, and {library}'s build for macOS has no CUDA",
        },
        variant_advice={
            "library": "pass device=\"cpu\" where the code asks {library} for \"cuda\" "
            "(faster-whisper's WhisperModel, whisperX's load_model), with a compute type the "
            "CPU runs (compute_type=\"int8\" or \"float32\", not \"float16\"); no build of "
            "{library} for macOS runs on the GPU, and no CUDA install is a remedy on a Mac",
        },
    ),
    # issue 38 (s11-cudapath): a program asking torch for CUDA on an Intel GPU machine
    Code.XPU_ASKED_FOR_CUDA: Entry(
        # a warning: the code is what changes, nothing installed (as MPS_ASKED_FOR_CUDA)
        W, "code asked for CUDA on an Intel GPU machine",
        "torch drives Intel GPUs as its \"xpu\" device (torch.xpu; PyTorch's \"Getting "
        "Started on Intel GPU\" notes, torch 2.5 and later, or intel-extension-for-pytorch "
        "before it), in builds that have no CUDA: torch raises \"Torch not compiled with CUDA "
        "enabled\" on any call into torch.cuda there (torch/cuda/__init__.py `_lazy_init`). "
        "The program, a ComfyUI node or a library that knows no other GPU called .cuda(), "
        "torch.cuda.* or device=\"cuda\" on a machine whose accelerator is an Intel GPU. A "
        "CUDA build of torch is no remedy: it cannot drive an Intel GPU.",
        "the code asked torch for CUDA on an Intel GPU machine (torch: \"Torch not compiled "
        "with CUDA enabled\"): the paste shows an Intel GPU ({shown}), which torch drives as "
        "\"xpu\", so a call to .cuda() or torch.cuda fails",
        advice="run that code on the Intel GPU: where it calls .cuda(), torch.cuda.* or "
        "device=\"cuda\", use \"xpu\" (torch.xpu.is_available(), in torch's XPU build) or "
        "\"cpu\"; where a node or library makes the call, use its XPU option or a release "
        "that supports Intel GPUs; do not install a CUDA build of torch",
    ),
    # issue 38 (s8-serving): a build refusing the CUDA toolkit under CUDA_HOME below its floor
    Code.NVCC_BELOW_FLOOR: Entry(
        E, "the CUDA toolkit that builds is older than the package's floor",
        "flash-attn's setup.py (Dao-AILab/flash-attention setup.py) runs CUDA_HOME's "
        "bin/nvcc -V before it builds and refuses a release below its floor: \"FlashAttention "
        "is only supported on CUDA 11.7 and above. Note: make sure nvcc has a supported "
        "version by running nvcc -V.\" (11.6, 11.4 and 11 in earlier releases; 12.3 for "
        "FlashAttention-3's hopper/setup.py). It checks the toolkit, not torch: torch's CUDA "
        "wheels carry no nvcc, so a torch built for CUDA 11.8 beside an older toolkit (or an "
        "old /usr/bin/nvcc found first) is refused. The toolkit should be torch's CUDA "
        "release (extension.nvcc_major_mismatch); a prebuilt flash-attn wheel needs none.",
        "{builder} refused to build: the CUDA toolkit's nvcc under CUDA_HOME{nvcc} is older "
        "than CUDA {floor}, the oldest it builds with ({who}: \"is only supported on CUDA "
        "{floor} and above\"); it checks nvcc's release, not torch's CUDA",
        commands=("{toolkit}",),
        advice="install NVIDIA's CUDA toolkit of torch's CUDA release (CUDA {floor} or newer; "
        "https://developer.nvidia.com/cuda-toolkit-archive) and set CUDA_HOME to the "
        "directory holding its bin/nvcc in the shell that builds (nvcc -V must then say that "
        "release){wheel}",
        variants={
            "apart": "{builder} refused to build: the CUDA toolkit's nvcc under CUDA_HOME{nvcc} "
            "is older than CUDA {floor} ({who}: \"is only supported on CUDA {floor} and "
            "above\"), while {torch} is built with CUDA {cuda}: the toolkit that builds is "
            "another, older one than torch's",
            "torch_below": "{builder} refused to build: the CUDA toolkit's nvcc under "
            "CUDA_HOME{nvcc} is older than CUDA {floor} ({who}: \"is only supported on CUDA "
            "{floor} and above\"), and {torch} is built with CUDA {cuda}, below it too",
        },
        variant_advice={
            "apart": "install NVIDIA's CUDA toolkit {cuda}, torch's (https://developer.nvidia."
            "com/cuda-toolkit-archive; conda's cuda-nvcc in a conda environment), and set "
            "CUDA_HOME to the directory holding its bin/nvcc in the shell that builds (nvcc -V "
            "must then say release {cuda}){wheel}",
            "torch_below": "install a torch built for CUDA {floor} or newer and NVIDIA's CUDA "
            "toolkit of the same release (https://developer.nvidia.com/cuda-toolkit-archive), "
            "with CUDA_HOME set to the directory holding its bin/nvcc in the shell that builds",
        },
    ),
    # issue 38 (s8-serving): text-generation-inference without the checkpoint's model type
    Code.TGI_MODEL_TYPE_UNSUPPORTED: Entry(
        E, "text-generation-inference has no implementation of the model's type",
        "TGI loads a checkpoint by its config.json model_type, each type it implements by "
        "name (get_model in server/text_generation_server/models/__init__.py); a type it does "
        "not implement falls back to transformers' causal-LM or seq2seq class on the CUDA "
        "server, and where there is none (an encoder such as xlm-roberta, a sharded run) it "
        "raises \"Unsupported model type X\". TGI's Gaudi backend and the earlier tgi-gaudi "
        "have no such fallback: only the model types on their supported-models list load "
        "(backends/gaudi/server/text_generation_server/models/__init__.py; "
        "docs/source/backends/gaudi.mdx).",
        "text-generation-inference has no implementation of model type {model_type} (TGI: "
        "\"Unsupported model type {model_type}\"), and no transformers fallback took it",
        advice="serve a model of a type TGI lists (its supported models), or this model with a "
        "server of its kind: TGI serves generative models, an encoder (bert, xlm-roberta) "
        "needs text-embeddings-inference; a sharded run has no transformers fallback, one "
        "shard has",
        variants={
            "gaudi": "text-generation-inference for Gaudi has no implementation of model type "
            "{model_type} (TGI: \"Unsupported model type {model_type}\"): its Gaudi backend "
            "loads only the model types it implements, with no transformers fallback",
        },
        variant_advice={
            "gaudi": "serve a model of a type on TGI's Gaudi supported-models list (docs/source/"
            "backends/gaudi.mdx; tgi-gaudi's docs/source/supported_models.md), or run this "
            "model on Gaudi through optimum-habana (its text-generation example and "
            "GaudiTextGenerationPipeline), which loads transformers' models; a newer TGI Gaudi "
            "release may add the type",
        },
    ),
    # issue 38 (s8-pip): a published file whose metadata gives another version than its name
    Code.WHEEL_VERSION_INCONSISTENT: Entry(
        E, "a package file whose metadata disagrees with its name (upstream packaging)",
        "pip checks that the version a file's name gives is the one its metadata gives, and "
        "discards a file where they differ (pip/_internal/resolution/resolvelib/candidates.py "
        "_check_metadata_consistency, raising MetadataInconsistent: \"Requested X from URL "
        "has inconsistent version: expected '2.4.0+nightly', but metadata has "
        "'2.4.0+default'\"; before pip 22, \"filename has …\"), then reports the release "
        "as not found. The fault is the publisher's: a wheel built with one version and "
        "renamed or uploaded as another (libtpu's nightly wheels named \"+nightly\" with "
        "\"+default\" metadata, pytorch/xla#7785). Nothing on this machine is wrong.",
        "pip discarded {package}'s file: its name says {named} but its metadata says "
        "{metadata} (pip: \"has inconsistent version\"), a fault of the file as published",
        advice="ask for another release of {package}, one whose file pip accepts (an earlier "
        "one, or the one its project has republished), and report the file to its "
        "publisher; no reinstall on this machine changes the file",
    ),
    # issue 38: device: an AMD GPU the kernel driver gives no ROCm compute (KFD) support
    Code.KFD_UNSUPPORTED: Entry(
        E, "the kernel driver gives this AMD GPU no ROCm compute",
        "ROCm reaches a GPU through KFD, the amdgpu kernel driver's compute interface; where "
        "the driver's KFD does not support the GPU it says so at boot (\"<ASIC> not supported "
        "in kfd\", drivers/gpu/drm/amd/amdkfd/kfd_device.c; \"kfd not supported on this "
        "ASIC\" in 4.x kernels), and rocminfo, ROCm and torch find no GPU (rocminfo's \"hsa "
        "api call failure\"). GCN 1 (Southern Islands: Tahiti, Pitcairn, Cape Verde, Oland, "
        "Hainan) has never had KFD support, nor have Bonaire, Kabini, Mullins, Stoney and "
        "Topaz (Iceland, gfx802 like Tonga, which KFD takes) (kfd_device.c kgd2kfd_probe at "
        "torvalds/linux@002c6ca7 takes none of them; LLVM's AMDGPUUsage processor table "
        "lists no rocm-amdhsa for gfx600 to gfx602, gfx703 and gfx704): a paste about ROCm "
        "that names such a GPU (a title, lspci's \"Oland PRO [Radeon R7 240/340 / Radeon "
        "520]\", rocm-smi's empty table) is this cause without the driver's words, the GPU's "
        "target read from compat/gpus.py (the amdgpu driver's chip of each PCI id, LLVM's "
        "processors), except where the paste shows a GPU ROCm runs: rocminfo listing a GPU "
        "agent, or a gfx target KFD takes (the GPU named is then one given up or another "
        "machine's, as is one the reporter calls old, previous or other). A GPU ROCm lists (https://rocm.docs.amd.com/"
        "projects/install-on-linux/en/latest/reference/system-requirements.html) needs a "
        "kernel driver that knows it.",
        "{hardware}: the amdgpu kernel driver gives this GPU{asic} no ROCm compute (KFD: "
        "\"{said}\"), so rocminfo, ROCm and torch find no GPU",
        advice="check the GPU against ROCm's supported GPUs (https://rocm.docs.amd.com/"
        "projects/install-on-linux/en/latest/reference/system-requirements.html): a listed GPU "
        "needs the kernel driver of a ROCm release that supports it (AMD's amdgpu-dkms for that "
        "release, or a newer kernel); an unlisted one has no ROCm, and no torch build or "
        "HSA_OVERRIDE_GFX_VERSION changes that",
        variants={
            "gcn1": "{hardware}: the amdgpu kernel driver gives the {asic_name} (GCN 1, "
            "Southern Islands) no ROCm compute (KFD: \"{said}\"): ROCm has never supported "
            "that generation, so rocminfo, ROCm and torch find no GPU",
            # issue 38 (s16-amdnames): the GPU named, its chip one KFD never takes
            # (kfd_device.c kgd2kfd_probe; compat/gpus.py ROCM_NEVER, KFD_NEVER_CHIPS, their
            # sources). Never where rocminfo lists a GPU agent (diagnosis/pasted.py
            # _rocm_never, s16-mend-amd), so "rocminfo … find no GPU" holds where it is said
            "named": "{hardware}: the {gpu} is {gfx} ({generation}), a GPU no ROCm release "
            "supports: the amdgpu kernel driver's KFD, ROCm's compute interface, never takes "
            "its chip, so rocm-smi, rocminfo, ROCm and torch find no GPU",

            # issue 38 (s19-quiet): the same GPU named in a question, no error shown: the answer
            "named_asked": "{hardware}: the paste asks about the {gpu}, {gfx} ({generation}), a "
            "GPU no ROCm release supports: the amdgpu kernel driver's KFD, ROCm's compute "
            "interface, never takes its chip",
        },
        variant_severity={"named_asked": W},  # issue 38 (s19-quiet): a question's answer
        variant_advice={
            "gcn1": "no ROCm release, torch build or HSA_OVERRIDE_GFX_VERSION runs on this GPU: "
            "run on the CPU, on a GPU ROCm lists (https://rocm.docs.amd.com/projects/"
            "install-on-linux/en/latest/reference/system-requirements.html), or with a "
            "runtime that uses the GPU through Vulkan (llama.cpp's Vulkan backend)",
            "named": "no ROCm release, torch build or HSA_OVERRIDE_GFX_VERSION runs on this "
            "GPU: run on the CPU, on a GPU ROCm lists (https://rocm.docs.amd.com/projects/"
            "install-on-linux/en/latest/reference/system-requirements.html), or with a "
            "runtime that uses the GPU through Vulkan (llama.cpp's Vulkan backend)",

            "named_asked": "no ROCm release, torch build or HSA_OVERRIDE_GFX_VERSION runs on "
            "this GPU: run on the CPU, on a GPU ROCm lists (https://rocm.docs.amd.com/projects/"
            "install-on-linux/en/latest/reference/system-requirements.html), or with a "
            "runtime that uses the GPU through Vulkan (llama.cpp's Vulkan backend)",
        },
    ),
    # issue 38 (s21-rocmgpus): an AMD GPU whose target the ROCm release shown does not list
    # (compat/rocm_gpus.py, its sources); diagnosis/pasted.py _rocm_unlisted
    Code.ROCM_GPU_NOT_LISTED: Entry(
        E, "an AMD GPU the ROCm release does not list",
        "AMD's ROCm documentation lists, release by release, the GPUs ROCm supports on Linux "
        "by gfx target (the ROCm README's \"Supported GPUs\" to 4.5.2, then \"GPU and OS "
        "Support (Linux)\" and \"System requirements (Linux)\"; compat/rocm_gpus.py holds "
        "each release's list with its source): ROCm's libraries (rocBLAS's Tensile kernels, "
        "MIOpen) ship code objects for the listed targets, so on another one the first kernel "
        "fails (\"invalid device function\", "
        "\"hipErrorNoBinaryForGpu\", rocBLAS without a TensileLibrary for the target) or the "
        "GPU is not found. RDNA 1 (gfx1010 to gfx1012), the RDNA 2 and 3 siblings of a listed "
        "target (gfx1031 to gfx1036, gfx1101 to gfx1103) and the APUs (gfx902, gfx90c) are on "
        "no full list up to 6.3 (5.5.1's incomplete Radeon table gives the RX 6600 as gfx1031 "
        "for the HIP runtime only); Polaris and Fiji (gfx803) left it after 4.5.2, Vega 10 "
        "(gfx900) by 5.6; RDNA 2's gfx1030 joined in 5.0, RDNA 4 (gfx1200, gfx1201) in 6.4.1. "
        "A ROCm wheel of torch bundles its own libraries for its own gfx list "
        "(device.gfx_not_compiled judges it), so a paste that shows one is not judged here. A "
        "paste about ROCm (ROCm named, rocminfo or rocm-smi, HIP's errors) on "
        "Linux that names such a GPU, with the release it runs or "
        "none (then no release up to 6.3 lists the target), is this cause: an error where a "
        "failure of that kind is shown or stated (no code object for the target, rocminfo "
        "failing, the GPU refused in words, an error the reporter states), a warning where it "
        "is asked. Silent where the paste also names a listed target, sets "
        "HSA_OVERRIDE_GFX_VERSION on any line, is on Windows (the HIP SDK) or WSL (lists of "
        "their own), shows a newer release than the table's or releases that differ in what "
        "they list, where another error already names the cause, and where "
        "it shows no such failure and asks nothing. A target on no AMD list may be on a ROCm "
        "wheel's of torch (compat/wheels.py: gfx1150 and gfx1151 from torch 2.10), which "
        "bundles libraries built for it: where the paste names torch, that build is named "
        "too; a target ROCm 5.5.1 lists for the HIP runtime only (gfx1031) is said so.",
        "{hardware}: the {gpu} is {gfx}, which {release} does not list among its supported "
        "GPUs",
        variants={
            "later": "{hardware}: the {gpu} is {gfx}, which ROCm {release} does not list among "
            "its supported GPUs: AMD's list has {gfx} from ROCm {first}",
            "dropped": "{hardware}: the {gpu} is {gfx}, which ROCm {release} no longer lists "
            "among its supported GPUs: AMD's list had it until ROCm {last} ({status})",
            "sibling": _SIBLING_SAID,
            "never": _NEVER_SAID,
            "sibling_wheel": _SIBLING_SAID,
            "never_wheel": _NEVER_SAID,
            "later_asked": "{hardware}: the paste asks about the {gpu}, {gfx}, which ROCm "
            "{release} does not list among its supported GPUs: AMD's list has {gfx} from ROCm "
            "{first}",
            "dropped_asked": "{hardware}: the paste asks about the {gpu}, {gfx}, which ROCm "
            "{release} no longer lists among its supported GPUs: AMD's list had it until ROCm "
            "{last} ({status})",
            "sibling_asked": _SIBLING_ASKED,
            "never_asked": _NEVER_ASKED,
            "sibling_wheel_asked": _SIBLING_ASKED,
            "never_wheel_asked": _NEVER_ASKED,
        },
        variant_severity={
            "later_asked": W,
            "dropped_asked": W,
            "sibling_asked": W,
            "never_asked": W,
            "sibling_wheel_asked": W,
            "never_wheel_asked": W,
        },
        advice="check the GPU against ROCm's supported GPUs (https://rocm.docs.amd.com/"
        "projects/install-on-linux/en/latest/reference/system-requirements.html)",
        variant_advice={
            "later": _LISTED_FROM,
            "later_asked": _LISTED_FROM,
            "dropped": _LISTED_UNTIL,
            "dropped_asked": _LISTED_UNTIL,
            "sibling": _SIBLING_OVERRIDE,
            "sibling_asked": _SIBLING_OVERRIDE,
            "never": _NEVER_LISTED,
            "never_asked": _NEVER_LISTED,
            "sibling_wheel": _SIBLING_OVERRIDE + _TORCH_WHEEL,
            "sibling_wheel_asked": _SIBLING_OVERRIDE + _TORCH_WHEEL,
            "never_wheel": _NEVER_LISTED + _TORCH_WHEEL,
            "never_wheel_asked": _NEVER_LISTED + _TORCH_WHEEL,
        },
        variant_commands={
            "sibling": _OVERRIDE_LINES,
            "sibling_asked": _OVERRIDE_LINES,
            "sibling_wheel": ("{install}", *_OVERRIDE_LINES),
            "sibling_wheel_asked": ("{install}", *_OVERRIDE_LINES),
            "never_wheel": ("{install}",),
            "never_wheel_asked": ("{install}",),
        },
    ),
    # issue 38 (s8-platform): a package with no build for the OS it was installed on
    Code.OS_UNSUPPORTED: Entry(
        E, "a package with no build for this operating system",
        "vLLM runs on Linux only: its installation guide (docs/getting_started/installation/"
        "gpu.md) says \"OS: Linux\" and \"vLLM does not support Windows natively\", to use "
        "WSL or a community fork, and its PyPI wheels are manylinux ones, so a Windows venv "
        "holds vLLM's Python files without its compiled ops (\"No module named "
        "'vllm._C'\"). Triton's PyPI wheels are manylinux ones as well, and torch.compile's "
        "inductor backend needs Triton for GPU kernels (torch/_inductor/exc.py: \"Cannot find "
        "a working triton installation\"). Apple's GPU has no Linux at all (issue 38, "
        "s21-container): Docker Desktop on macOS runs containers in a Linux VM, and its GPU "
        "support is NVIDIA's GPUs on Windows (WSL 2) and Linux (https://docs.docker.com/desktop/"
        "features/gpu/), while Metal and torch's MPS backend need macOS 12.3+ on the machine "
        "itself (https://docs.pytorch.org/docs/stable/notes/mps.html): a paste that names a "
        "container and a Mac and wants Metal or MPS in it (a Rust build's `--features metal` "
        "failing on gcc's \"cannot execute 'cc1obj'\", \"mps\" not available or not linked) is "
        "that, an error where it failed and a warning where it is asked; silent where the "
        "paste shows an NVIDIA or AMD GPU, or another error explains it.",
        "vLLM has no build for Windows (\"No module named 'vllm._C'\"): its installation "
        "guide supports Linux only, so pip on Windows leaves vLLM without its compiled ops",
        advice="run vLLM under WSL2 (a Linux distribution with the NVIDIA driver's WSL "
        "support) or in vLLM's Docker image (vllm/vllm-openai) with Docker Desktop's GPU "
        "support; a native Windows environment has no vLLM build (vLLM's installation guide "
        "names community forks for Windows, which vLLM does not maintain)",
        variants={
            "triton": "Triton has no build for Windows (torch.compile: \"Cannot find a "
            "working triton installation\", or \"No module named 'triton'\"): its PyPI "
            "wheels are for Linux, and torch.compile's inductor backend needs it for GPU "
            "kernels",
            # issue 38 (s10-refusal): a library refusing the OS or CPU architecture in its words
            "refused": "{library} does not run on {platform}: it refuses it in its own words "
            "(\"{said}\")",
            # torch's macOS and Windows wheels have no NCCL (torch/distributed/
            # distributed_c10d.py: "Distributed package doesn't have NCCL built in")
            # issue 38 (s14-submodule): a package's compiled part missing where it has no
            # build for the OS (compat/imports.py BUILT_FOR, compat/submodules.py COMPILED)
            "compiled": "{package} has no build for {platform} ({said}): its releases are "
            "built for {platforms} only, so an install here holds its Python files without its "
            "compiled part {module}",
            "nccl": "torch has no NCCL on {platform} (torch.distributed: \"Distributed "
            "package doesn't have NCCL built in\"): NCCL is NVIDIA's library for Linux, and "
            "torch's {platform} wheels are built without it, so a process group asked for "
            "backend=\"nccl\" cannot start",
            # issue 38 (s21-container): Apple's GPU wanted in a Linux container on a Mac
            "container": "{wanted} is not reachable in a Linux container on a Mac (\"{said}\"):"
            " Docker Desktop runs containers in a Linux VM, where Apple's GPU is not passed "
            "through (Docker's GPU support is NVIDIA's GPUs on Linux and Windows) and Metal and "
            "torch's MPS backend exist on macOS alone",
            "container_asked": "{wanted} is not reachable in a Linux container on a Mac "
            "(\"{said}\"): Docker Desktop runs containers in a Linux VM, where Apple's GPU is "
            "not passed through (Docker's GPU support is NVIDIA's GPUs on Linux and Windows) "
            "and Metal and torch's MPS backend exist on macOS alone",
        },
        variant_severity={"container_asked": W},
        variant_advice={
            "compiled": "run {package} on {platforms} (on Windows, under WSL2: a Linux "
            "distribution with the GPU driver's WSL support), or run without it: the importing "
            "library's option that does not use it; no install line makes it run on {platform}",
            "triton": "on Windows, run without torch.compile (eager: the program's option, or "
            "TORCHDYNAMO_DISABLE=1 set in the shell that starts it), or run under WSL2, where "
            "Triton's Linux wheels install; community Windows builds of Triton are not "
            "Triton's own",
            "refused": "run without {library} here (the program's option that asks for it, "
            "or uninstall it where the program uses it whenever it is installed), or run it "
            "on a system it supports ({listed}): on Windows, under WSL2 (a Linux distribution "
            "with the GPU driver's WSL support); on an ARM machine, on x86_64 where its wheels are "
            "built. No install line makes it run on {platform}",
            # PyTorch's distributed docs (https://docs.pytorch.org/docs/stable/distributed.html,
            # "Backends"): gloo is built into every torch, NCCL only into Linux CUDA builds
            "container": _CONTAINER_MAC_ADVICE,
            "container_asked": _CONTAINER_MAC_ADVICE,
            "nccl": "start the process group with the gloo backend, which every torch has: "
            "init_process_group(backend=\"gloo\") where the program names \"nccl\" (or its "
            "option for the distributed backend); with one process, run without "
            "torch.distributed (torchrun still starts a process group). On Windows, NCCL is "
            "there under WSL2 with a CUDA build of torch; a Mac has no NCCL at all",
        },
    ),
    # issue 38 (s14-supported): compat/support.py's table of each library's documented platforms
    Code.LIBRARY_UNSUPPORTED_MACHINE: Entry(
        E, "a library's error on a machine its documentation does not list",
        "Most libraries of the torch ecosystem run on the machines their documentation lists "
        "and nowhere else: flash-attn, xformers, mamba-ssm, causal-conv1d, Triton, AutoGPTQ, "
        "ExLlamaV2, apex, CuPy, FlashInfer, nunchaku and SageAttention are built for NVIDIA's "
        "CUDA (some for AMD's ROCm too) and not for a Mac, an Intel GPU or an NPU; several "
        "(Triton, mamba-ssm, causal-conv1d, FlashInfer, SageAttention) for Linux alone. On "
        "another machine the library seldom says so: pip's build of it from source fails "
        "(its setup.py needs nvcc or hipcc), or its import or first call fails deep inside it "
        "with an error that names a symptom (an AttributeError, \"PassManager::run failed\", "
        "no CUDA device). compat/support.py holds each library's documented backends and "
        "systems, with the page each row was read from and the date; an error that comes from "
        "the library (raised in its own frame, or its build failing) on a machine its row "
        "leaves out is that library not running there. Where no frame or build ties the error "
        "to a library, the library the report is about does (issue 38, s16-subject): the one "
        "the command run or an error line's module names, the stronger tie first, where the "
        "paste states an error and shows the machine; a row that lists the machine, or is "
        "silent on it, names nothing. A library that only the issue's title or the reporter's "
        "words name is a warning: the report is about it on a machine its documentation does "
        "not list, but nothing in the paste says the error is its own (s16-mend-subject); "
        "so is the library of the repository the issue was filed in, where the paste names "
        "none (`detect --repo`, s17-tracker): the report is about it, filed there, and "
        "nothing says its error is the library's. Some rows list a machine only from a "
        "release on (flash-attn's Windows from 2.3.2, AutoAWQ's AMD GPUs from 0.2.0, each "
        "read at the release's own README or changelog): a paste that shows an earlier "
        "release gets the error, one that shows none a warning with that release, the line "
        "that shows the installed one and the upgrade (issue 38, s18-since); that warning "
        "also comes of an issue's title that names the library and the machine over a post "
        "that says in words it failed there, no error line shown (\"xformers used even on "
        "AMD GPUs\" over \"an xformers call fails\"; s21-words), never of a title alone.",
        "{library} does not run on {machine} ({library}'s documentation: {documented}): the "
        "error the paste shows (\"{said}\") is {library} failing there",
        advice="run {library} on a machine its documentation lists ({source}), or run the "
        "program without it: {instead}",
        variants={
            "build": "{library} has no build for {machine} ({library}'s documentation: "
            "{documented}): pip's build of it from source fails there (\"{said}\")",
            # issue 38 (s15-support): pip finds no release of it for the machine
            "release": "{library} has no release for {machine} ({library}'s documentation: "
            "{documented}): pip finds none to install there (\"{said}\")",
            # issue 38 (s16-subject): the library the report is about, tied to it by its
            # title, the command run, an error line's module or the reporter's words
            "subject": "the report is about {library} on {machine} ({how}: \"{tie}\"), and "
            "{library}'s documentation does not list {machine}: it lists {documented} "
            "({source}); the error the paste shows (\"{said}\") is {library} not running "
            "there",
            # issue 38 (s16-mend-subject): only the title or the reporter's words name it; no
            # frame, build, command or error line ties the error to it
            "subject_words": "the report is about {library} on {machine} ({how}: \"{tie}\"), "
            "and {library}'s documentation does not list {machine}: it lists {documented} "
            "({source}); no frame, build, command or error line of the paste ties its error to "
            "{library}, so the error may have another cause",
            # issue 38 (s18-since): a machine the documentation lists only from a release on,
            # and the paste shows no release of the library
            "since": "{library} runs on {machine} only from {release} on ({library}'s "
            "documentation: {documented}), and the paste does not show which {library} "
            "release this is: where it is older, the error the paste shows (\"{said}\") is "
            "{library} not running there",
        },
        variant_severity={"subject_words": W, "since": W},
        variant_commands={"since": ("{show}", "{install}")},
        variant_advice={
            "build": "leave {library} out of the install on this machine (an environment "
            "marker on the requirement that names it, or the program's option that runs "
            "without it: {instead}), or install and run it on a machine its documentation "
            "lists ({source}); no install line builds it here",
            "release": "leave {library} out of the install on this machine (an environment "
            "marker on the requirement that names it, or what runs here instead: {instead}), "
            "or install and run it on a machine its documentation lists ({source}); no other "
            "Python or index has it for this machine",
            "subject_words": "where the program runs {library}, run it on a machine its "
            "documentation lists ({source}), or run the program without it: {instead}; where "
            "it does not, the error has another cause",
            "since": "see which {library} release is installed; where it is older than "
            "{release}, upgrade it (its installation page: {source}):",
        },
    ),
    # issue 38 (s15-support): the question form of compat/support.py's table
    Code.LIBRARY_SUPPORT_LISTED: Entry(
        I, "a library asked about lists the machine in its documentation",
        "Reporters ask whether a library runs on their machine before (or instead of) "
        "showing an error: \"Does vllm support macos M1 or M2 chip?\", \"DeepSpeed on Apple "
        "Silicon?\". compat/support.py holds what each library's own documentation lists (its "
        "README, installation page or setup.py, read at a named commit), by backend and "
        "system and, where they came later, by release; a question that names a library of "
        "the table and a machine (or a paste that shows one) is answered from its row. This "
        "note is the answer where the documentation lists the machine; nothing failed. A "
        "question about a machine the documentation is silent on gets no answer. A question "
        "that names no library (\"does it work in windows?\") is asked about the library of "
        "the repository the issue was filed in, where `detect --repo` names one the table was "
        "read at (issue 38, s17-tracker). Where the documentation lists the machine only from a "
        "release on and the paste shows no release, the note says which release, with its date "
        "where the table holds one, and that earlier releases do not list it (s19-asked).",
        "{library}'s documentation lists {machine}{releases}: {documented} (read at {at})",
        advice="its installation page: {source}",
        variants={
            # issue 38 (s17-tracker): the question names no library; the tracker's is asked
            "tracker": "asked in {tracker}, whose library is {library}: {library}'s "
            "documentation lists {machine}{releases}: {documented} (read at {at})",
            # issue 38 (s20-gpuprose): a question whether a GPU runs bitsandbytes' 4-bit
            # quantization, answered from the compute capability its installation page lists
            "four_bit": "the paste asks about 4-bit quantization on {machine}: {library}'s "
            "documentation lists it there: {documented} (read at {at})",
        },
    ),
    Code.LIBRARY_SUPPORT_NOT_LISTED: Entry(
        W, "a library asked about does not list the machine in its documentation",
        "The same question as backend.library_support_listed (compat/support.py's table, "
        "each row read at a named commit), answered where the library's documentation does "
        "not list the machine asked about: an AMD GPU for a CUDA-only library (\"does "
        "flashinfer support AMD GPU?\"), Windows for a Linux-only one. Nothing failed yet; "
        "what the documentation lists is what its builds and tests cover, and the reporter's "
        "next step is a machine it lists or a library that runs here. A machine the "
        "documentation is silent on (neither named nor excluded) gets no answer. A question "
        "that names no library is asked about the library of the repository the issue was "
        "filed in (`detect --repo`, issue 38 s17-tracker), and says so.",
        "{library}'s documentation does not list {machine}{releases}: it lists {documented} "
        "(read at {at})",
        variants={
            # issue 38 (s17-tracker): the question names no library; the tracker's is asked
            "tracker": "asked in {tracker}, whose library is {library}: {library}'s "
            "documentation does not list {machine}{releases}: it lists {documented} (read at "
            "{at})",
        },
        advice="run {library} on a machine its documentation lists ({source}), or without it "
        "here: {instead}",
    ),
    # issue 38 (s20-template): the question form, where no library is known to answer it
    Code.SUPPORT_ASKED_NO_LIBRARY: Entry(
        I, "a question whether a machine is supported names no library",
        "Short posts ask whether something runs on a machine and name no library: \"Does this "
        "support being run on AMD GPU or perhaps Metal?\", a title \"ROCm Support\", "
        "\"多卡训练支持Windows吗\" (does "
        "multi-card training support Windows?). What runs on a machine is each library's own "
        "documentation's to say (compat/support.py holds it for the libraries of its table, "
        "read at a named commit), so the answer needs the library: one the question or the "
        "issue's title names, or the one of the repository the issue was filed in "
        "(`detect --repo OWNER/NAME`, issue 38 s17-tracker). Where none is known (no --repo, "
        "a repository the table has no row for, a question about something else than the "
        "project) the post is still read: this note says which machine it asks about and "
        "what would answer it. Nothing failed; it is said only where the paste shows and "
        "states no error.",
        "the reporter asks about {machine} (\"{asked}\") and names no library hwdoctor's "
        "support table lists: which machines a library runs on is its own documentation's "
        "to say",
        advice="name the library, or give the repository the issue was filed in (hwdoctor "
        "detect --paste FILE --repo OWNER/NAME), to have the question answered from that "
        "library's documentation; python -m torch.utils.collect_env on the machine shows what "
        "it is and what torch sees there",
        variants={
            # filed in a repository (`--repo`) the table has no row for
            "tracker": "asked in {tracker}, which hwdoctor's support table has no row for: the "
            "reporter asks about {machine} (\"{asked}\"), and which machines a library runs on "
            "is its own documentation's to say",
            # issue 38 (s20-mendB): filed in a repository with a row, of a paste about another
            # library: the question does not say which of them it asks about
            "subject": "asked in {tracker}, whose library is {library}, of a paste about "
            "{subject}: the reporter asks about {machine} (\"{asked}\") without saying which of "
            "them, and which machines a library runs on is its own documentation's to say",
        },
        variant_advice={
            "tracker": "name the library in the question to have it answered from that "
            "library's documentation where the table lists it; python -m "
            "torch.utils.collect_env on the machine shows what it is and what torch sees there",
            "subject": "name the library in the question to have it answered from that "
            "library's documentation where the table lists it; python -m "
            "torch.utils.collect_env on the machine shows what it is and what torch sees there",
        },
    ),
    # issue 38 (s9-cpucomp): a build that needs an instruction set the CPU lacks
    Code.CPU_ISA_MISSING: Entry(
        E, "the CPU lacks an instruction set the build needs",
        "A binary compiled for an instruction set (AVX, AVX2, AVX-512, AMX) stops on the first "
        "such instruction on a CPU without it: the kernel sends SIGILL and the shell prints "
        "\"Illegal instruction (core dumped)\" (zsh: \"illegal hardware instruction\"). Some "
        "libraries check first and say so: vLLM's CPU build at configure time "
        "(cmake/cpu_extension.cmake: \"vLLM CPU backend requires AVX512 ISA support\" up to "
        "v0.5.0; AVX2 is built for from v0.5.1, vllm-project/vllm#5452), IPEX at import "
        "(intel_extension_for_pytorch/cpu/_cpu_isa.py: \"only works on machines with "
        "instruction sets equal or newer than AVX2\"; 1.10-1.11: \"The extension binary is "
        "AVX512 while current machine does not support AVX512\"), TensorFlow at import "
        "(tensorflow/core/platform/cpu_feature_guard.cc: \"The TensorFlow library was compiled "
        "to use AVX instructions, but these aren't available on your machine\"), llamafile "
        "(\"the cpu feature AVX was required at build time but isn't available on this "
        "system\"), jaxlib at import (jaxlib/cpu_feature_guard.c: \"This version of jaxlib was "
        "built using AVX instructions, which your CPU and/or operating system do not "
        "support\"). The CPU is the one the process sees: a virtual machine shows the guest its "
        "CPU model's features, and QEMU's generic models leave AVX out (QEMU's \"CPU model "
        "configuration\": host passthrough exposes the host's features). Most programs do not "
        "check: a paste that names the CPU (\"Celeron(R) N4505\", \"Xeon(R) CPU X3480\") and a "
        "prebuilt binary that needs a set its family lacks (TensorFlow's wheels use AVX from "
        "1.6, tensorflow.org/install/pip \"Hardware requirements\"; jaxlib's, AVX; ollama's "
        "builds before 0.1.22, AVX2, and its GPU runners after, AVX) shows the cause where the "
        "library says nothing: the families' sets are GCC's -march= list (\"x86 Options\") and "
        "Intel's ARK for the Pentium and Celeron parts that leave AVX out "
        "(hwdoctor/compat/cpus.py). torch is not among them: its CPU kernels are chosen at run "
        "time (aten/src/ATen/native/DispatchStub.cpp), though one release's aarch64 wheels "
        "were built for more than Armv8.0-A: torch 2.4.0's from PyPI use Armv8.1-A's atomic "
        "instructions (LSE) and die at import on a Raspberry Pi 3 or 4, a Cortex-A53 or A72 "
        "board and Graviton1, which lack them (pytorch/pytorch#132032; 2.4.1's run again).",
        "{library} needs {isa}, which this CPU does not have (\"{said}\")",
        commands=(
            # one command, no pipe: -m 1 stops at the first CPU's flags line, -o prints each
            # flag found on it (GNU grep's manual, "--max-count" and "--only-matching")
            "grep -m 1 -o -w -E 'avx|avx2|avx512f|avx512_bf16|amx_tile|fma' /proc/cpuinfo",
        ),
        advice="run on a CPU with {isa} (the line above, or lscpu's Flags, lists what this "
        "one has); in a virtual machine, give the guest the host CPU's features (QEMU / "
        "libvirt: the host-passthrough CPU model), which a generic CPU model hides; or use a "
        "build of {library} made for this CPU (built from source on this machine)",
        variants={
            "vllm_avx512": "this vLLM release's CPU backend builds only for AVX-512, which "
            "this CPU does not have (\"{said}\")",
            "crash": "the process died on an illegal instruction (\"{crash}\") and the paste "
            "says the CPU has no {isa}: code{library_said} built for {isa} ran on a CPU "
            "without it",
            "family": "the process died on an illegal instruction (\"{crash}\") and {library} "
            "needs {isa} ({source}), which the {cpu} does not have ({family}: {has}); "
            "{library} does not say so, the CPU's family does",
            # issue 38 (s18-stated): no CPU named; the binary's need is what the paste shows
            "binary": "the process died on an illegal instruction (\"{crash}\") in {library}, "
            "whose builds need {isa} ({source}); the paste does not name the CPU, and one "
            "without {isa} dies so",
            "binary_windows": "the process died on an illegal instruction (\"{crash}\": "
            "Windows' STATUS_ILLEGAL_INSTRUCTION) in {library}, whose builds need {isa} "
            "({source}); the paste does not name the CPU, and one without {isa} dies so",
            # issue 38 (s21-pi): a torch release's aarch64 wheel (compat/cpus.py TORCH_ARM_WHEELS)
            "torch_arm": "the process died on an illegal instruction (\"{crash}\") with torch "
            "{torch}, whose aarch64 wheels need {isa} ({source}); the paste shows an Armv8.0-A "
            "machine ({cpu}), which does not have them",
            "torch_arm_unnamed": "the process died on an illegal instruction (\"{crash}\") "
            "with torch {torch} on an Arm machine ({cpu}): its aarch64 wheels need {isa} "
            "({source}), which an Armv8.0-A CPU (a Raspberry Pi 3 or 4, a Cortex-A53 or A72, "
            "Graviton1) does not have; the paste does not show which CPU this is",
        },
        variant_commands={
            # s21-pi: the install of the release whose aarch64 wheels run again (lscpu's Flags
            # list "atomics" on a CPU with LSE: arch/arm64/kernel/cpuinfo.c)
            "torch_arm": ("{install}",),
            "torch_arm_unnamed": ("lscpu", "{install}"),
            # Windows: the CPU's name, from WMI's Win32_Processor class (its Name property;
            # Microsoft's "Win32_Processor class" and "Get-CimInstance" pages), in a shell
            # cmd.exe and PowerShell both run
            "binary_windows": (
                'powershell -NoProfile -Command "(Get-CimInstance Win32_Processor).Name"',
            ),
        },
        variant_severity={"binary": W, "binary_windows": W, "torch_arm_unnamed": W},
        variant_advice={
            "vllm_avx512": "vLLM's CPU backend builds for AVX2 from v0.5.1 "
            "(vllm-project/vllm#5452): where the line above lists avx2, build that release or "
            "a newer one; otherwise run on a CPU with AVX-512, and in a virtual machine give "
            "the guest the host CPU's features (QEMU / libvirt: host-passthrough), which a "
            "generic CPU model hides",
            "crash": "check the CPU's flags with the line above; on a CPU without {isa}, run "
            "on one that has it, give a virtual machine's guest the host CPU's features (QEMU "
            "/ libvirt: host-passthrough), or install a build made for this CPU (built from "
            "source on this machine, which targets the CPU it is built on)",
            "family": "use {instead}; or run on a CPU with {isa} (the line above lists what "
            "this one has); in a virtual machine, give the guest the host CPU's features "
            "(QEMU / libvirt: host-passthrough)",
            "binary": "where the line above lists no {isa} flag, use {instead}, or run "
            "on a CPU with {isa}; in a virtual machine, give the guest the host CPU's features "
            "(QEMU / libvirt: host-passthrough)",
            "binary_windows": "the line above names the CPU: its maker's page lists its "
            "instruction set extensions (Intel's ark.intel.com, AMD's product pages); on one "
            "without {isa}, use {instead}, or run on a CPU with {isa}",
            "torch_arm": "install torch {fixed} (the line above), whose aarch64 wheels run on "
            "Armv8.0-A again, or go back to {earlier}",
            "torch_arm_unnamed": "where lscpu's Flags list no \"atomics\" (Armv8.0-A), install "
            "torch {fixed} (the line above), whose aarch64 wheels run there again, or go back "
            "to {earlier}",
        },
        params=("library_said",),
    ),
    # issue 38: torchao's check at import (gather/reports/readers/messages.py `_TORCHAO_SKIPPED`
    # cites it; compat/companions.py TORCHAO, its table)
    Code.KERNELS_SKIPPED: Entry(
        W, "an extension runs without its compiled kernels",
        "The extension checks at import whether its compiled C++/CUDA kernels were built for "
        "the torch it runs with, and where they were not it skips them and goes on: its "
        "Python API works, what needs the kernels does not (torchao/__init__.py; pytorch/ao"
        "#2919 keeps the table of which torchao release is built for which torch). Not an "
        "error unless the work needs those kernels.",
        "{package} {version} runs without its C++ kernels: they are built for torch{spec}, "
        "and torch {torch} is installed",
        commands=("# the {package} release built for torch {torch}:", "{install}"),
        advice="or install torch{spec} where the rest of the environment allows it",
        variants={
            "stated": "{package} runs without its C++ kernels: it says it needs torch{spec}, "
            "and torch {torch} is installed",
        },
    ),
    # issue 38 (s11-hostmem): the host's memory ran out, on any backend, in each form it is
    # stated (gather/reports/readers/messages.py `_HOST_OOM`, `_KILLED` cite each source)
    Code.HOST_MEMORY_EXHAUSTED: Entry(
        E, "the host's memory ran out",
        "The machine's own memory (RAM and swap, or the limit a container, a Slurm job, WSL2 "
        "or a Colab runtime is given) ran out while the process loaded, converted or merged "
        "weights, compiled, or fed data; the accelerator's memory is another matter "
        "(device.out_of_memory). Linux ends the largest process with SIGKILL (the OOM killer, "
        "mm/oom_kill.c: \"Out of memory: Killed process N (python)\" in the kernel log), which "
        "the shell reports as a bare \"Killed\" and launchers as exit code 137 or -9; torch's "
        "CPU allocator says \"DefaultCPUAllocator: can't allocate memory\" (c10/core/impl/"
        "alloc_cpu.cpp; \"not enough memory\" on Windows, where the page file is the limit); "
        "Docker and Kubernetes mark the container OOMKilled and Slurm counts oom_kill events. "
        "Loading a checkpoint can need the model's size in RAM at least once (more where it is "
        "read in float32), and each parallel nvcc or neuronx-cc job several GB. WSL2 gives its "
        "Linux VM half of Windows' memory by default (Microsoft's WSL docs, .wslconfig "
        "memory=). A smaller load, fewer parallel jobs or more memory is the remedy; no "
        "reinstall is. issue 38 item 5 (s13-unread): a program's own words for an allocation "
        "the host refused (libstdc++'s \"terminate called after throwing an instance of "
        "'std::bad_alloc'\", Python's MemoryError, NumPy's \"Unable to allocate 7.28 GiB for an "
        "array with shape …\", numpy/_core/_exceptions.py) say the same where the paste shows "
        "the host's RAM (and, for NumPy, an array smaller than it): without the RAM, or with "
        "an array larger than all of it, a size computed wrong is as likely, and the line is "
        "counted, not named.",
        "torch's CPU allocator could not get host memory ({said}){ram}{wsl}",
        advice=_LOAD_LESS,
        variants={
            "oom_killer": "the kernel's OOM killer ended a process: the host's memory ran out "
            "({said}){ram}{wsl}",
            "container": "the container or job was killed for its memory limit ({said}){ram}",
            "colab": "the Colab runtime ran out of RAM ({said})",
            "enomem": "the operating system refused memory ({said}){ram}{wsl}",
            "killed": "the process was killed by SIGKILL ({said}){step}, the way the kernel's "
            "OOM killer ends a process when the host's memory runs out{ram}{wsl}",
            "build": "the compiler ({said}) was killed while compiling: the parallel compile "
            "jobs ran the host out of memory{ram}{wsl}",
            "neuron_compiler": "the Neuron compiler was killed ({said}), the way the kernel's "
            "OOM killer ends it when compiling the graph needs more host memory than the "
            "instance has{ram}",
            # issue 38 item 5 (s13-unread): a program's words for an allocation refused
            "python": "the program could not get host memory ({said}){ram}{wsl}: the host's "
            "memory ran out",
            "numpy": "NumPy could not allocate {said} for an array{ram}{wsl}: the host's "
            "memory ran out",
        },
        variant_advice={
            "oom_killer": _LOAD_LESS,
            "container": "give the container or job more memory (docker run --memory, the "
            "pod's resources.limits.memory, Slurm's --mem) or make the work smaller: half "
            "precision, device_map=\"auto\" loading, fewer DataLoader workers",
            "colab": "use a runtime with more RAM (Runtime > Change runtime type: High-RAM, "
            "Colab's FAQ on memory limits), or load in less: half precision "
            "(dtype=torch.bfloat16), device_map=\"auto\", a smaller or quantized model",
            "enomem": "free or add memory: more swap, fewer worker processes (DataLoader "
            "num_workers, tokenizer or dataset map workers) or a machine with more RAM; under "
            "a container, a higher memory limit",
            "killed": "confirm it in the kernel's log (dmesg -T | grep -i 'killed process' "
            "shows \"Out of memory: Killed process …\" for the OOM killer), then "
            + _LOAD_LESS,
            "build": "limit the parallel compile jobs: MAX_JOBS=4 (fewer on a small machine) "
            "before installing the package, which torch.utils.cpp_extension's ninja build reads "
            "(flash-attention's README asks it on machines with less than 96 GB of RAM); or "
            "install a prebuilt wheel of the package",
            "python": "make the work smaller (a smaller model, batch or dataset, the data in "
            "chunks), or give it more memory: more swap, a machine with more RAM; on a server, "
            "what else holds its memory (free -h, top)",
            "numpy": "make the array smaller: a smaller dtype (float32 for float64), the data "
            "in chunks, or a memory-mapped array (numpy.memmap); check that its shape is the "
            "one meant; otherwise more swap or a machine with more RAM",
            "neuron_compiler": "compile on an instance with more host memory (AWS's Neuron team on "
            "aws-neuron/aws-neuron-sdk#431: the OOM killer ends neuronx-cc; compile on an "
            "instance with more RAM, then run the compiled model where you like), or compile "
            "a smaller graph: a smaller batch or sequence length, fewer layers per graph",
        },
    ),
    # issue 38 (s9-cpucomp): the AWS Neuron compiler's own internal error
    Code.NEURON_COMPILER_ERROR: Entry(
        W, "the Neuron compiler failed on this graph (its own internal error)",
        "torch-neuronx and optimum-neuron compile each graph with neuronx-cc (neuron-cc on "
        "Inf1). An internal error is the compiler's own failure, not the machine's: "
        "neuronx-cc prints a code and \"Internal tensorizer error\" ([TEN404], "
        "[NCC_ITEN404]) or \"Unhandled exception with message\" ([NLA001]), then \"Please "
        "open a support ticket at https://github.com/aws-neuron/aws-neuron-sdk/issues/new\" and "
        "names XLA_IR_DEBUG and XLA_HLO_DEBUG for more information; neuron-cc prints \"An "
        "Internal Compiler Error has occurred\". torch-neuronx caches a failed compilation and "
        "skips it on the next run (\"Got a cached failed neff … please set "
        "--retry_failed_compilation\").",
        "the Neuron compiler{version} failed on this graph with its own internal error "
        "(\"{said}\"): a compiler bug, not a fault of the machine",
        advice="try the newest Neuron SDK release (its release notes list the compiler's "
        "fixes), with --retry_failed_compilation in NEURON_CC_FLAGS so that a cached failure "
        "is compiled again; if it persists, report it at "
        "https://github.com/aws-neuron/aws-neuron-sdk/issues with the compiler's version and the "
        "graph (run with XLA_IR_DEBUG=1 XLA_HLO_DEBUG=1, as its message says); changing the "
        "model's shapes or operators around the failing one is the workaround until a fix",
    ),
    # issue 38 (s9-cpucomp): ROCm under WSL on a configuration AMD's WSL matrix does not list
    Code.ROCM_WSL_UNSUPPORTED: Entry(
        E, "ROCm under WSL finds no GPU on this configuration",
        "Under WSL 2, ROCm reaches the GPU through the Windows driver (not the amdgpu kernel "
        "driver's KFD), with a runtime built for WSL, and only on the configurations AMD's WSL "
        "compatibility matrix lists (https://rocm.docs.amd.com/projects/radeon/en/latest/docs/"
        "compatibility/wsl/wsl_compatibility.html): certain ROCm releases, Ubuntu releases, "
        "Adrenalin drivers and Radeon GPUs. Outside it rocminfo says \"WSL environment "
        "detected.\" and fails at its start (\"hsa api call failure\", \"Call returned "
        "HSA_STATUS_ERROR_OUT_OF_RESOURCES\"), after \"ROCR: unsupported GPU\" where the "
        "runtime does not support the GPU (ROCm/legacy-rocm-build#4068, #4435, #6323).",
        "rocminfo fails under WSL (\"{said}\"): ROCm in WSL runs only on the configurations "
        "AMD's WSL compatibility matrix lists (a ROCm release with WSL support, its Ubuntu "
        "release, its Adrenalin driver, a listed Radeon GPU), and this one is outside it",
        advice="check each part against AMD's WSL compatibility matrix (https://rocm.docs.amd."
        "com/projects/radeon/en/latest/docs/compatibility/wsl/wsl_compatibility.html) and "
        "install by AMD's WSL guide (https://rocm.docs.amd.com/projects/radeon/en/latest/docs/"
        "install/wsl/install-radeon.html): not every ROCm release supports WSL, nor every "
        "distribution, and the Windows driver must be the Adrenalin release the matrix names; "
        "a GPU the matrix does not list has no ROCm under WSL (native Linux, on ROCm's Linux "
        "list, or the GPU from Windows itself)",
        variants={
            "unsupported_gpu": "ROCm's WSL runtime does not support this GPU (\"ROCR: "
            "unsupported GPU\"), so rocminfo fails (\"{said}\"): ROCm in WSL runs only on the "
            "Radeon GPUs AMD's WSL compatibility matrix lists, with the ROCm release and "
            "Adrenalin driver it names",
        },
        variant_advice={
            "unsupported_gpu": "find the GPU in AMD's WSL compatibility matrix (https://rocm."
            "docs.amd.com/projects/radeon/en/latest/docs/compatibility/wsl/"
            "wsl_compatibility.html): where a ROCm release lists it, install that release and "
            "the Adrenalin driver it names by AMD's WSL guide; where none does, ROCm has no "
            "support for it under WSL: run on native Linux (ROCm's Linux list is wider) or use "
            "the GPU from Windows itself",
        },
    ),
    # issue 38 (s9-imports): a package the run imports is not installed
    Code.PACKAGE_NOT_INSTALLED: Entry(
        E, "a package the run imports is not installed",
        "Python names the module it could not import, not the package that installs it: "
        "\"ModuleNotFoundError: No module named 'X'\" (CPython Lib/importlib/_bootstrap.py), "
        "and the run stops there. Libraries that load another only where it is asked for say "
        "so in their own words: transformers' and diffusers' \"requires the X library but it "
        "was not found in your environment\" (transformers/utils/import_utils.py, diffusers/"
        "utils/import_utils.py), from_pretrained's \"Using `low_cpu_mem_usage=True` or a "
        "`device_map` requires Accelerate\" (transformers' modeling_utils.py, which also "
        "refuses an Accelerate older than its floor). An accelerator's extension (torch_npu, "
        "torch_xla, torch_neuronx, intel_extension_for_pytorch) is a package of its own, "
        "installed from its vendor's index; a program's own module, or an optional one whose "
        "absence the library only warns about, is not this finding. issue 38 (s19-placeholder): "
        "under the names of AWS's Neuron packages (torch-neuronx, torch-neuron, "
        "tensorflow-neuronx, libneuronxla, transformers-neuronx, neuronx-cc …) PyPI holds a "
        "placeholder each, one release (1.0, 0.1, 1.0.post1) whose __init__.py is `raise "
        "ImportError(\"WRONG PACKAGE. Please install the package from Neuron Repository - "
        "pip.repos.neuron.amazonaws.com\")` (the wheels on PyPI; \"a stub that ensures that "
        "malicious packages are not uploaded\", aws-neuron/transformers-neuronx README.md, "
        "Troubleshooting): pip without AWS's repository as its extra index installs that, and "
        "the package itself is not installed (compat/placeholders.py). Told by those words, or "
        "by the placeholder's release where the paste shows the version installed.",
        "{package} is not installed where the run imports it ({said})",
        commands=("{install}",),
        advice="install {package} in the environment the run uses (the same python that runs "
        "the program: python -m pip, not another pip on the PATH):",
        variants={
            "vendor": "{package} is not installed where the run imports it ({said}); {where}",
            "floor": "{package} is not installed where the run imports it, or is older than "
            "{floor} ({said})",
            "older": "{package} {found} is installed, older than {floor}, the release the "
            "library that asks for it requires ({said})",
            "cuda_only": "{package} is not installed where the run imports it ({said}), and "
            "it has no build for {accelerator}: its kernels are for NVIDIA's CUDA (and AMD's "
            "ROCm) alone",
            # red team item 1: a package built for some systems only (compat/imports.py
            # BUILT_FOR, each row's source there)
            "no_build": "{package} is not installed where the run imports it ({said}), and "
            "it has no build for {system}: its releases are built for {platforms} only",
            "os_unshown": "{package} is not installed where the run imports it ({said}); its "
            "releases are built for {platforms} only, and the paste does not show which "
            "operating system this is",
            # issue 38: the paste lists it, the run cannot import it (another environment)
            "elsewhere": "{package} is not installed where the run imports it ({said}), though "
            "the paste shows {package} {found}: the run's Python is another environment than "
            "the one listed, or that install is broken",
            # issue 38 (s19-placeholder): AWS's placeholder on PyPI under a Neuron package's
            # name (compat/placeholders.py, the wheels read there)
            "placeholder": "{package}{found} installed here is PyPI's placeholder, not AWS's "
            "package ({said}): under that name PyPI holds only a stub whose import raises, and "
            "{package} itself is published on AWS's Neuron repository",
            "placeholder_unnamed": "a Neuron package installed here is PyPI's placeholder, not "
            "AWS's package ({said}): under the Neuron packages' names PyPI holds only stubs "
            "whose import raises, and the packages themselves are published on AWS's Neuron "
            "repository",
        },
        variant_commands={
            "cuda_only": (),
            "no_build": (),
            "os_unshown": (),
            "elsewhere": (),
            "placeholder_unnamed": (),
        },
        variant_advice={
            "floor": "install {package} {floor} or newer in the environment the run uses:",
            "older": "install {package} {floor} or newer in the environment the run uses:",
            "cuda_only": "run without {package} on {accelerator}: the library's option that "
            "does not use it (transformers' attn_implementation=\"sdpa\" or \"eager\" for "
            "flash-attn), or a machine with an NVIDIA GPU; installing it here builds nothing "
            "that runs",
            "no_build": "run without {package} on {system}: the importing library's option or "
            "release that does not use it, or a {platforms} machine; a library that imports it "
            "on {system} all the same has a bug of its own (its issue tracker), and no install "
            "here mends it",
            "elsewhere": "find the Python the run uses (python -c \"import sys; "
            "print(sys.executable)\" run the way the program is run: the same launcher, "
            "container or notebook kernel) and install {package} {found} with that python's "
            "-m pip; a Ray job's workers install what its runtime_env's \"pip\" list names "
            "(Ray's docs, \"Environment dependencies\"), not what the submitting shell has",
            "os_unshown": "on {platforms}, install {package} in the environment the run uses "
            "(the same python that runs the program, with python -m pip); on another system, "
            "run without it: the importing library's option or release that does not use it",
            "placeholder": "install {package} again with AWS's Neuron repository as pip's extra "
            "index, a release after the placeholder's (AWS's setup guides set it once for every "
            "install: python -m pip config set global.extra-index-url "
            "https://pip.repos.neuron.amazonaws.com); where pip then finds no release, the "
            "repository has no build of {package} for this Python:",
            "placeholder_unnamed": "find the Neuron package at its placeholder's release "
            "(python -m pip list: torch-neuronx, torch-neuron or tensorflow-neuronx at 1.0, "
            "transformers-neuronx at 0.1) and install it again with AWS's Neuron repository as "
            "pip's extra index (python -m pip config set global.extra-index-url "
            "https://pip.repos.neuron.amazonaws.com, AWS's setup guides)",
        },
    ),
    # issue 38 (s9-imports): a release without a name the code imports
    Code.RELEASE_LACKS_NAME: Entry(
        # a warning: which release the code was written for is the code's to say
        W, "the installed release of a library lacks a name the code imports",
        "Python refuses a name a module does not define: \"ImportError: cannot import name "
        "'X' from 'Y'\" (CPython Python/ceval.c import_from) or \"AttributeError: module 'Y' "
        "has no attribute 'X'\" (Objects/moduleobject.c). Where Y is a library whose version "
        "the paste shows, the installed release does not have X: the code (a program, or "
        "another library) uses an API of a newer release, or of its main branch not released "
        "yet, or one a later release removed. Which release has X is in the library's "
        "release notes; the importing code's requirements name the release it was written for. "
        "issue 38 (s14-submodule): \"No module named 'Y.X'\" is the same for a module: Python "
        "imports Y first (CPython Lib/importlib/_bootstrap.py _find_and_load_unlocked), so Y "
        "is installed and its release has no Y.X. Where a module's first or last release is "
        "known (compat/submodules.py MOVED: numpy._typing from 1.23.0, numpy._core from 2.0.0, "
        "torch._six before 2.0.0, flash_attn.flash_attention before flash-attn 2.0.0) the "
        "finding names it and the release to install. issue 38 (s17-names): for "
        "huggingface_hub, transformers, diffusers, peft, accelerate, trl, sentence-transformers "
        "and vllm the first release with each top-level name and each module, and the first "
        "without it again, are read from every release's wheel on PyPI "
        "(compat/exported_names_table.txt, written by tools/exported_names.py: "
        "huggingface_hub's _SUBMOD_ATTRS, transformers' and diffusers' _import_structure, "
        "plain imports, the wheel's file list), so the finding names the release that added or "
        "removed X without the installed version shown (huggingface_hub 0.26.0 removed "
        "cached_download; transformers 4.45.0 added Qwen2VLForConditionalGeneration; vllm "
        "0.4.0 removed vllm.model_executor.input_metadata), and checks the version where the "
        "paste shows it: a release that has X is another cause, not named here.",
        "{package} {found}, the release installed, has no {name} ({said}): the code importing "
        "it was written for another {package} release",
        # red team item 4: no command, the direction is not in the paste (THUDM/GLM#86:
        # transformers 4.26.0 lacked torch_required, which 4.24 removed; the fix was older)
        advice="install the {package} release the importing code names (its requirements or "
        "setup.py): an older {package} where a release after the code's removed {name}, a "
        "newer one (or {package}'s main branch, where the API is not released yet) where the "
        "code uses an API newer than {found}; {package}'s release notes say which",
        variants={
            # issue 38 (s14-submodule): "No module named 'Y.X'" with Y installed
            "newer": "{package}{found} has no {module} ({said}): {module} is in {package} "
            "{first} and later",
            "older": "{package}{found} has no {module} ({said}): {package} {gone} removed it, so "
            "the code importing it was written for an older {package}",
            "module": "{package}{found} has no module {module} ({said}): the code importing it "
            "was written for another {package} release",
            # issue 38 (s17-names): the releases of compat/exported_names_table.txt, read from
            # the package's wheels by tools/exported_names.py
            "added": "{package}{found} has no {what} ({said}): {package} {first} added it "
            "(its wheels on PyPI: {prior} has none), and {importer} is written for {package} "
            "{first} or newer",
            "removed": "{package}{found} has no {what} ({said}): {package} {gone} removed it "
            "(its wheels on PyPI: {first} to {last} have it), so {importer} was written for an "
            "older {package}",
        },
        variant_commands={
            "newer": ("{install}",),
            "older": ("{install}",),
            "added": ("{install}",),
            "removed": ("{install}",),
        },
        variant_advice={
            "newer": "install {package} {first} or newer in the environment the run uses (a "
            "file written under a newer {package}, such as a pickle, needs it too), then run "
            "it again:",
            "older": "change the code's import of {module} to {instead} (the importing "
            "library's newer release may already have), or run it with a {package} release "
            "before {gone}",
            "module": "install the {package} release the importing code names (its "
            "requirements or setup.py); {package}'s release notes say which releases have "
            "{module}",
            "added": "install {package} {first} or newer in the environment the run uses, then "
            "run it again:",
            "removed": "install a {package} release before {gone}, or a release of {importer} "
            "written for {package} {gone} or newer (one that no longer imports {what}):",
        },
    ),
    # issue 38 item 5 (s13-unread): Windows refusing one of torch's DLLs at `import torch`
    Code.TORCH_WINDOWS_DLL: Entry(
        E, "Windows could not load one of torch's DLLs",
        "On Windows, `import torch` loads each DLL of torch\\lib (torch/__init__.py "
        "_load_dll_libraries: LoadLibraryExW, the failure raised as 'OSError: [WinError 126] "
        "… Error loading \"<dll>\" or one of its dependencies.'); CPython says \"ImportError: "
        "DLL load failed while importing _C\" when torch's extension module is the one refused "
        "(Python/dynload_win.c). WinError 126 is a DLL it needs that Windows does not find. "
        "torch's wheels leave the Microsoft Visual C++ Redistributable out, and torch checks "
        "for it before loading (torch/__init__.py, torch 2.13: \"Microsoft Visual C++ "
        "Redistributable is not installed, this may lead to the DLL load failure. It can be "
        "downloaded at https://aka.ms/vs/17/release/vc_redist.x64.exe\"); torch's Windows FAQ "
        "names the same for `from torch._C import *` (docs/source/notes/windows.rst, \"Import "
        "error\": the VC redistributable and MKL's libraries not installed, or a CUDA build on "
        "a machine without an NVIDIA GPU). torch 2.4.0's Windows wheels shipped fbgemm.dll "
        "without the libomp140.x86_64.dll it needs, fixed in 2.4.1 (pytorch/pytorch#131662, "
        "the fix pytorch/pytorch#130697 in the 2.4.1 release candidate).",
        "Windows could not load torch's {dll} (WinError {winerror}: a DLL it needs was not "
        "found): the Microsoft Visual C++ Redistributable, which torch's wheels leave out, is "
        "the usual one missing",
        advice="install the latest Microsoft Visual C++ Redistributable for x64 "
        "(https://aka.ms/vs/17/release/vc_redist.x64.exe, the link torch's own check prints), "
        "then start a new terminal and import torch again",
        variants={
            "fbgemm": "Windows could not load torch's fbgemm.dll (WinError {winerror}){release}: "
            "torch 2.4.0's Windows wheels ship it without the libomp140.x86_64.dll it needs "
            "(pytorch/pytorch#131662, fixed in torch 2.4.1)",
            "cuda_build": "Windows could not load torch's {dll} (WinError {winerror}), a library "
            "of torch's CUDA build: it needs the NVIDIA driver's DLLs, which a machine without an "
            "NVIDIA GPU (or without its driver) does not have",
            "import_c": "Windows refused torch's extension module, torch._C (Python: \"DLL load "
            "failed\"): a DLL it needs was not found; torch's Windows FAQ names the Microsoft "
            "Visual C++ Redistributable (and, for its old releases, MKL's libraries)",
        },
        variant_advice={
            "fbgemm": "install torch 2.4.1 or newer, the same build (CPU or CUDA) as now: the "
            "fix ships from 2.4.1",
            "cuda_build": "on a machine with an NVIDIA GPU, install or update its driver; without "
            "one, install torch's CPU build (torch's Windows FAQ: \"Please replace your GPU "
            "package with the CPU one\")",
            "import_c": "install the latest Microsoft Visual C++ Redistributable for x64 "
            "(https://aka.ms/vs/17/release/vc_redist.x64.exe), start a new terminal and import "
            "torch again; a CUDA build of torch on a machine without an NVIDIA GPU fails the "
            "same way (the FAQ: install the CPU build there)",
        },
    ),
    # issue 38 item 5 (s13-unread): tensors on two devices: the program's or a library's
    # device handling, never the machine's (a warning: the environment is fine)
    Code.TENSORS_APART: Entry(
        W, "an operation got tensors on two devices (the code's placement, not the machine)",
        "torch runs an operator on one device and refuses tensors that are elsewhere: \"Expected "
        "all tensors to be on the same device, but found at least two devices, cuda:0 and "
        "cpu!\" (c10's common-device check and TensorIterator's, libtorch); torch's MPS backend "
        "says \"Placeholder storage has not been allocated on MPS device!\" for a tensor that "
        "is not on MPS (aten/src/ATen/native/mps/OperationUtils.mm, Placeholder: "
        "TORCH_CHECK(src.is_mps(), …)). A model moved to the accelerator with its inputs left "
        "on the CPU (a tokenizer's output, a tensor the code builds), or a library that moves "
        "some tensors and not others, is the cause (the check is on the tensor's device, "
        "nothing of the machine's); maintainers answer so (EleutherAI/lm-evaluation-harness"
        "#1131: a variable not placed on the mps device). The machine and its installation "
        "are fine.",
        "an operation got tensors on two devices (torch: \"{said}\"): the code or a library "
        "left one tensor on another device; the environment is not the cause",
        advice="put the inputs on the model's device before the call (inputs = {{k: "
        "v.to(model.device) for k, v in inputs.items()}}, tensor.to(device)), and the model "
        "and every tensor it builds on one device; where a library's own code mixes them, "
        "its device option (or a release that fixes it) is the way, and running on the CPU "
        "the workaround",
        variants={
            "placeholder": "an operation on MPS got a tensor that is not on MPS (torch: "
            "\"{said}\"): the code or a library left an input on the CPU; the Mac's GPU and "
            "torch are not the cause",
        },
    ),
    # s14-lookup: the other side of compat/refusals.py's failed lookups
    Code.OWN_CODE_LOOKUP: Entry(
        I, "the program's own table has no entry for this platform or device",
        "A KeyError on a device string or a platform name (\"KeyError: 'xpu'\"), or an "
        "\"Unknown platform: darwin\", raised from the program's own file (a traceback frame "
        "outside site-packages) is a lookup in the program's code: a dict or a switch keyed "
        "by device type or by sys.platform without this machine's key. No library refuses "
        "the machine there (a library's own lookup is read as that library refusing it: "
        "backend.os_unsupported and extension.arch_unsupported, \"refused\"); the program's "
        "table is what lacks the key, as intel/torch-xpu-ops#2302 added 'xpu' to a "
        "benchmark's table of skipped models.",
        "the program's own code has no entry for '{key}' (\"{said}\", raised in {file}): a "
        "lookup in its table, not a library refusing this machine",
        advice="add '{key}' where {file} lists the devices or platforms it knows (or run it "
        "with one it lists); nothing to install",
    ),
    # issue 38 (s15-toolchain): a source build pip fell back to, and the build tool it lacks
    Code.BUILD_TOOLCHAIN_MISSING: Entry(
        E, "a source build pip fell back to, stopped by a build tool that is not installed",
        "pip installs a wheel where one of a release's wheels has a tag this interpreter "
        "supports, and builds the release's source distribution where none does (pip/_internal/"
        "models/wheel.py Wheel.supported, packaging.tags.sys_tags; pip's \"Downloading "
        "X-1.2.3.tar.gz\", \"Building wheel for X (pyproject.toml)\"): a Python newer than "
        "the package's wheels, another system or CPU (Windows, Linux on Arm, an Intel Mac), a "
        "package that publishes no wheels. The build then needs the tools its source is "
        "written for, and says which it lacks in its own words (readers/messages.py cites "
        "each): setuptools-rust's \"can't find Rust compiler\" and maturin's \"Cargo, the Rust "
        "package manager, is not installed\" (tokenizers, safetensors), setuptools' \"Microsoft "
        "Visual C++ 14.0 or greater is required\", CMake's \"No CMAKE_C_COMPILER could be "
        "found\" and \"CMAKE_C_COMPILER not set, after EnableLanguage\" (llama-cpp-python, "
        "sentencepiece), setuptools' \"command 'gcc' failed: No such file or directory\", "
        "GCC's \"Python.h: No such file or directory\" (a distribution's Python without its "
        "-dev package), a shell's \"cmake: command not found\". Where hwdoctor's table of "
        "PyPI's file lists (compat/builds_table.txt) has the package, it says what has a wheel "
        "for this machine, the first remedy: a Python the package publishes wheels for (a "
        "new environment), or a release with one; otherwise, and as the other way, the tool, "
        "installed as its own documentation says (compat/toolchains.py). The CUDA toolkit a "
        "CUDA extension's build lacks is extension.cuda_toolkit_missing.",
        "pip took the source of {package}{spec} because none of its wheels fits {machine}, "
        "and building it needs {tool}, which is not installed there ({said}): {why}",
        commands=("{remedy}",),
        advice="{where}; or, to build it here, {get}",
        variants={
            # the table's row, with no wheel path for this machine: the build is the way
            "table_build": "pip took the source of {package}{spec} because none of its wheels "
            "fits {machine}, and building it needs {tool}, which is not installed there "
            "({said}): {why}",
            "no_wheels": "pip took the source of {package}{spec} because it publishes no wheels "
            "on PyPI ({why}), and building it needs {tool}, which is not installed on "
            "{machine} ({said})",
            # a wheel the table lists for this machine: published after, or one this pip
            # did not take
            "wheel_now": "pip took the source of {package}{spec} because no wheel of it fitted "
            "{machine} when it ran, and building it needs {tool}, which is not installed there "
            "({said}); one is published now: {why}",
            "unlisted": "pip took the source of {package}{spec} because no wheel of it fitted "
            "{machine}, and building it needs {tool}, which is not installed there ({said}); "
            "{package} is not in hwdoctor's table of PyPI's file lists, so which release or "
            "Python has a wheel here is not known",
            "unknown": "pip took the source of {package}{spec} because no wheel of it fitted "
            "{machine}, and building it needs {tool}, which is not installed there ({said}); "
            "which release or Python has a wheel here is not known (the release pip took is "
            "not shown, or not in hwdoctor's table of PyPI's file lists)",
            "unnamed": "a package pip built from source needs {tool}, which is not installed "
            "on {machine} ({said}); the paste does not name the package, so which release or "
            "Python has a wheel here is not known",
        },
        variant_advice={
            "table_build": "{get}",
            "no_wheels": "{get}",
            "wheel_now": "run the install again with an up-to-date pip, which takes the wheel; "
            "or, to build it here, {get}",
            "unlisted": "{get}",
            "unknown": "{get}",
            "unnamed": "{get}",
        },
    ),
    # issue 38 (s17-small): DirectML has no row of its own in hwdoctor/registry.py (it drives
    # NVIDIA's, AMD's and Intel's GPUs, each its own row), so its code is the backend area's.
    Code.DML_OPERATOR: Entry(
        W, "an operator has no DirectML kernel in torch-directml",
        "torch-directml (Microsoft's DirectML device for torch, \"dml\", microsoft/DirectML "
        "PyTorch/README.md) implements a part of torch's operators (its operator roadmap: "
        "https://github.com/microsoft/DirectML/wiki/PyTorch-DirectML-Operator-Roadmap). An "
        "operator it lacks runs on the CPU by itself: its CPU fallback (torch_directml/csrc/"
        "dml/dml_cpu_fallback.cpp) warns once per operator \"The operator '…' is not currently "
        "supported on the DML backend and will fall back to run on the CPU\", and each call "
        "copies its tensors to the CPU and back, which slows the run; MPS asks for the same "
        "with PYTORCH_ENABLE_MPS_FALLBACK=1 and XPU with PYTORCH_ENABLE_XPU_FALLBACK=1. An "
        "operator the fallback does not run is refused by torch's dispatcher on the DirectML "
        "tensor (c10/core/dispatch/OperatorEntry.cpp: \"Could not run '…' with arguments from "
        "the 'PrivateUse1' backend\"; pytorch-directml 1.8 named the key "
        "'UNKNOWN_TENSOR_TYPE_ID' or 'DML'). Microsoft has put DirectML in maintenance mode "
        "(microsoft/DirectML#665), so a missing operator may stay missing. The machine is fine.",
        "torch-directml has no DirectML kernel for {operator}: the call raises "
        "NotImplementedError on the DirectML device",
        advice="move that step to the CPU in the program (tensor.cpu(), and the result back "
        "with .to(dml)); a newer torch-directml implements more operators (the operator "
        "roadmap lists them); or use the GPU vendor's own torch build where the machine has "
        "one (CUDA's for an NVIDIA GPU, AMD's ROCm wheels for the Radeon GPUs AMD lists)",
        variants={
            "fallback": "torch-directml has no DirectML kernel for {operator} and runs it on "
            "the CPU (torch-directml: \"will fall back to run on the CPU\"): each call copies "
            "its tensors to the CPU and back, which slows the run",
        },
        variant_advice={
            "fallback": "nothing is broken, the run goes on; where it is slow, the operator "
            "roadmap (https://github.com/microsoft/DirectML/wiki/PyTorch-DirectML-Operator-"
            "Roadmap) says whether a torch-directml release implements the operator, or move "
            "that step to the CPU in the program so that its tensors are copied once",
        },
    ),
    # issue 38 (s18-dtype): DirectML has no row of its own (as DML_OPERATOR): the backend area
    Code.DML_FLOAT64: Entry(
        W, "float64 asked of a GPU through DirectML, which has none there",
        "torch-directml refuses float64 on a GPU whose DirectML device reports no double "
        "precision (torch-directml 0.2.5.dev240914, its native module: \"The GPU device does "
        "not support Double (Float64) operations!\"; torch_directml.has_float64_support() "
        "answers for the device). DirectML itself runs float64 only in casts and data "
        "movement, no math (a DirectML developer, microsoft/DirectML#309), and Intel's Arc "
        "and integrated GPUs report none (microsoft/DirectML#438, #699). The float64 is "
        "the program's (a float64 tensor, NumPy's default dtype, moved to the dml device), or "
        "torch-directml's own when it prints a DirectML tensor (microsoft/DirectML#438: copy "
        "it to the CPU first). Unlike an operator it lacks "
        "(backend.directml_operator_not_implemented), no CPU fallback runs it. The machine is "
        "fine.",
        "float64 was asked of the GPU through torch-directml, whose DirectML device has no "
        "double precision (torch-directml: \"The GPU device does not support Double (Float64) "
        "operations!\"): the program must stay in float32 on the dml device",
        commands=(
            "# whether the DirectML device has float64: True or False",
            "python -c \"import torch_directml; print(torch_directml.has_float64_support())\"",
        ),
        advice="convert to float32 before moving to the dml device (tensor.float(), "
        "torch.from_numpy(a).float(), dtype=torch.float32 where the code says float64), print "
        "a DirectML tensor after .cpu(), or run that step on the CPU",
    ),
    Code.ORT_CPU_AND_GPU: Entry(
        W, "onnxruntime and onnxruntime-gpu are both installed",
        "onnxruntime (the CPU package) and onnxruntime-gpu install the same Python module, "
        "onnxruntime, and onnxruntime's documentation says to install one of them: \"Only one "
        "of these packages should be installed at a time in any one environment. The GPU "
        "package encompasses most of the CPU functionality.\" (https://onnxruntime.ai/docs/"
        "get-started/with-python.html#install-onnx-runtime). With both, the files of the one "
        "installed last lie over the other's, and where that is the CPU package, "
        "onnxruntime.get_available_providers() has no CUDAExecutionProvider (a maintainer in "
        "microsoft/onnxruntime#6183: uninstall the CPU package). A package that depends on "
        "onnxruntime (rembg, insightface, …) brings the CPU package back beside the GPU one.",
        "onnxruntime and onnxruntime-gpu are both installed here ({shown}): the CPU package's "
        "files shadow the GPU package's, and onnxruntime offers no CUDAExecutionProvider",
        commands=("{uninstall}", "{install}"),
        advice="uninstall both and install onnxruntime-gpu alone (it runs on the CPU too); a "
        "package that requires onnxruntime brings the CPU package back each time it is "
        "installed or upgraded:",
    ),
    Code.TORCHAUDIO_BACKEND: Entry(
        E, "torchaudio has no audio backend installed",
        "torchaudio reads and writes audio files through optional backends whose packages it "
        "does not install: SoundFile for \"soundfile\", libsox for \"sox_io\", FFmpeg's "
        "libraries for \"ffmpeg\" (torchaudio docs, installation.rst \"Optional "
        "Dependencies\" and backend.rst \"Availability\": \"\"soundfile\" backend requires "
        "SoundFile\"). Before 2.1, set_audio_backend refuses a backend "
        "whose package is missing (torchaudio/backend/utils.py: \"Backend … is not one of "
        "available backends\"); from 2.1, load finds no backend that handles the file "
        "(torchaudio/_backend/utils.py dispatcher: \"Couldn't find appropriate backend to "
        "handle uri …\"), which on Windows, where no libsox is, and without FFmpeg's "
        "libraries, is SoundFile missing. Its FFmpeg integration (torchaudio.io, "
        "backend=\"ffmpeg\") loads FFmpeg's shared libraries of the majors its release was "
        "built for (installation.rst \"Optional Dependencies\": FFmpeg 4.1 to 4.4 to 2.0; "
        "\"Starting version 2.1 … FFmpeg version 6, 5 and 4. (>=4.4, <7)\"); none loading is "
        "\"FFmpeg libraries are not found. Please install FFmpeg.\" before 2.1 "
        "(torchaudio/_extension.py _init_ffmpeg, v0.13.1) and \"Failed to intialize FFmpeg "
        "extension. Tried versions: ['6', '5', '4', '']\" from 2.1 (torchaudio/_extension/"
        "utils.py, v2.1.0; src/torio/_extension/utils.py from 2.2).",
        "torchaudio was asked for its \"soundfile\" backend and the SoundFile package it needs "
        "is not installed (torchaudio: \"Backend \"soundfile\" is not one of available "
        "backends\")",
        commands=("{install}",),
        advice="install SoundFile (PyPI's soundfile, formerly PySoundFile) into this "
        "environment:",
        variants={
            "none": "torchaudio found no audio backend that handles the file (torchaudio: "
            "\"Couldn't find appropriate backend to handle uri\"): none of its optional "
            "backends' packages that reads it is installed",
            # issue 38 (s18-audiopy): its FFmpeg integration without FFmpeg's libraries
            "ffmpeg": "torchaudio's FFmpeg integration loaded no FFmpeg libraries "
            "(\"{said}\"): {majors}, from the system's library search path, and none of "
            "those is installed where it looks",
        },
        variant_commands={"ffmpeg": ("{install}",)},
        variant_advice={
            "none": "install SoundFile (PyPI's soundfile), the backend for WAV and FLAC on "
            "every system, into this environment; for MP3 and other formats, FFmpeg's "
            "shared libraries (version 4 to 6 for torchaudio 2.1 and newer) as its docs say:",
            "ffmpeg": "install FFmpeg's shared libraries of those majors ({spec}): in a conda "
            "environment conda-forge's ffmpeg (torchaudio's installation docs name conda-forge's "
            "ffmpeg below 7 for 2.1 and newer), elsewhere the system's FFmpeg "
            "package of that major (its libavutil, libavformat, …), or on Windows a shared "
            "build whose DLLs (avutil-<VERSION>.dll) are on the DLL search path; torchaudio "
            "looks for the libraries by their versioned names (libavutil.so.<VERSION>, "
            "libavutil.<VERSION>.dylib, avutil-<VERSION>.dll), and an FFmpeg of another major, "
            "or a static build's ffmpeg program alone, is not found:",
        },
    ),
    # issue 38 (s18-build): the CUDA toolkit refusing nvcc's host compiler. Its own code, not a
    # variant of extension.nvcc_below_floor: that one is a package refusing the toolkit (too old
    # for it); here the toolkit refuses the compiler (too new for it), and the remedy is another
    # compiler, pointed at by the variable the build honours
    Code.HOST_COMPILER_UNSUPPORTED: Entry(
        E, "the CUDA toolkit does not support this host compiler",
        "nvcc compiles a .cu file's host code with the system's C++ compiler, and each CUDA "
        "release supports the compilers it was qualified with: NVIDIA's CUDA Installation "
        "Guide lists them per release (for Linux, its System Requirements table's GCC column, "
        "https://docs.nvidia.com/cuda/archive/12.5.1/cuda-installation-guide-linux/index.html: "
        "\"The CUDA development environment relies on tight integration with the host "
        "development environment, including the host compiler …\"; for Windows, its Visual "
        "Studio table). The toolkit's include/crt/host_config.h enforces the bound before "
        "anything compiles (CUDA 12.6's: `#if __GNUC__ > 13` \"#error -- unsupported GNU "
        "version! gcc versions later than 13 are not supported!\", clang 19 and newer, "
        "`_MSC_VER` 1950 and newer or below 1910 \"unsupported Microsoft Visual Studio "
        "version!\"). A newer distribution's default gcc, or a Visual Studio update newer than "
        "the toolkit, is refused: the Visual Studio check compares _MSC_VER, which cl.exe's "
        "banner gives (\"Compiler Version 19.40\" is 1940, MSVC's \"Predefined macros\" "
        "page), so CUDA 12.1's \"between 2017 and 2022\" refuses Visual Studio 2022 17.10 "
        "(pytorch/vision#8492). nvcc's -ccbin (--compiler-bindir, NVIDIA's nvcc documentation) "
        "names another compiler; torch's cpp_extension passes $CC to nvcc as -ccbin "
        "(torch/utils/cpp_extension.py, BuildExtension's unix_cuda_flags and the JIT build's, "
        "torch 2.13.0); CMake takes CUDAHOSTCXX or CMAKE_CUDA_HOST_COMPILER (CMake's "
        "CMAKE_CUDA_HOST_COMPILER page, 3.20). A newer CUDA toolkit accepts newer compilers. "
        "nvcc's -allow-unsupported-compiler skips the check, which its message offers at the "
        "user's own risk. On Windows, a program that compiles a CPU kernel with gcc at load "
        "time (ChatGLM's int4 quantization kernel, `gcc -pthread -fopenmp`) needs a MinGW with "
        "pthreads: MinGW.org's 32-bit MinGW has none (its linker: \"cannot find -lpthread\"), "
        "and ChatGLM's README asks for TDM-GCC with openmp (variant mingw_pthread).",
        "the CUDA toolkit{cuda} refused the host compiler: its host_config.h accepts gcc {bound} "
        "and older as nvcc's host compiler, and the gcc this build runs is newer ({said})",
        advice="build with a gcc no newer than {bound} (installed beside this one) and point "
        "the build at it: torch's cpp_extension (a setup.py with BuildExtension, or load()) "
        "hands $CC to nvcc as -ccbin, so set CC and CXX to that gcc and g++ in the shell that "
        "builds; a CMake build takes CUDAHOSTCXX (or -DCMAKE_CUDA_HOST_COMPILER=…); nvcc by "
        "hand takes -ccbin. Or install a newer CUDA toolkit, whose supported compilers NVIDIA's "
        "CUDA Installation Guide lists, and build with it{torch}. The "
        "-allow-unsupported-compiler flag the message names skips the check, at your own risk "
        "as it says",
        variants={
            # s18-mend-misc: the header compares _MSC_VER, not the release's year: a VS 2022
            # 17.10 (cl.exe 19.40) is refused by CUDA 12.1's "2017 and 2022" (pytorch/vision
            # #8492), so the sentence never says the cl.exe is not of a release it names
            "msvc": "the CUDA toolkit{cuda} refused the host compiler{compiler}: its "
            "host_config.h accepts Visual Studio {bound} as nvcc's host compiler on Windows by "
            "the compiler's _MSC_VER, up to the updates this toolkit knows, and refused this "
            "cl.exe by its _MSC_VER: an update of Visual Studio newer than this toolkit knows "
            "is refused, even of a release it names ({said})",
            "clang": "the CUDA toolkit{cuda} refused the host compiler: its host_config.h "
            "accepts clang older than {bound} as nvcc's host compiler, and the clang this "
            "build runs is not ({said})",
            # issue 38 (s20-dyld): no CUDA here: gcc on Windows compiling a CPU kernel at load
            # time (ChatGLM's int4 kernel: `gcc -O3 -fPIC -pthread -fopenmp`), whose MinGW has
            # no pthread library to link (readers/messages.py _MINGW_PTHREAD)
            "mingw_pthread": "the gcc that ran is {toolchain} ({said}): its linker finds no "
            "pthread library, so `gcc -pthread` cannot link and the library it compiles (a "
            "model's CPU kernel, an extension) is not built{bits}",
        },
        variant_advice={
            "msvc": "build from the Developer Command Prompt of a Visual Studio {bound} "
            "release the toolkit accepts (the header checks _MSC_VER, so an update of Visual "
            "Studio newer than the toolkit is refused too, even of a release it names; "
            "NVIDIA's CUDA Installation Guide for Windows lists each release's), or point "
            "nvcc at that release's cl.exe with "
            "-ccbin; or install a newer CUDA toolkit and build with it{torch}. The "
            "-allow-unsupported-compiler flag the message names skips the check, at your own "
            "risk as it says",
            "clang": "build with a clang older than {bound}, or a gcc the toolkit supports, "
            "pointed at as the host compiler (torch's cpp_extension: $CC, handed to nvcc as "
            "-ccbin; CMake: CUDAHOSTCXX; nvcc: -ccbin); or install a newer CUDA toolkit and "
            "build with it{torch}. The -allow-unsupported-compiler flag the message names "
            "skips the check, at your own risk as it says",
            # THUDM/ChatGLM2-6B README.md, CPU 部署: on Windows, TDM-GCC with openmp checked
            # (tested with TDM-GCC 10.3.0); MinGW-w64's gcc -v prints its target and thread model
            "mingw_pthread": "install a 64-bit MinGW-w64 gcc with POSIX threads and OpenMP "
            "(TDM-GCC's 64-bit installer with openmp checked, as ChatGLM's README asks on "
            "Windows; or MSYS2's mingw-w64-x86_64-gcc), put its bin directory before this "
            "MinGW's on PATH, and start the program again from a new shell: gcc -v there prints "
            "Target: x86_64-w64-mingw32 and Thread model: posix",
        },
        variant_commands={
            "mingw_pthread": (
                "# the gcc that runs first, and its target and thread model:",
                "where.exe gcc",
                "gcc -v",
            ),
        },
    ),
    # issue 38 (s18-build): NumPy older than the C-API a compiled module was built against. A
    # sibling of python.numpy_abi, not a variant: that one is NumPy too new for a module (NumPy
    # 2 under a module built for NumPy 1, remedy numpy<2); this is NumPy too old for one
    Code.NUMPY_TOO_OLD: Entry(
        E, "NumPy is older than the one a compiled module was built against",
        "A compiled module that uses NumPy's C API checks, when it imports, that the running "
        "NumPy has at least the C-API version it was built against (_import_array, generated "
        "by numpy's code_generators/generate_numpy_api.py: \"module compiled against API "
        "version 0xf but this version of numpy is 0xe\", in NumPy 2 \"module was compiled "
        "against NumPy C-API version …\"), then fails with \"numpy.core.multiarray failed to "
        "import\". The running NumPy is older than the one the module was built with (a wheel "
        "built against a newer NumPy, a NumPy pinned or downgraded after it). Which releases "
        "have which C-API version is numpy's cversions.txt (compat/numpy_capi.py): 0xe is "
        "1.20–1.21, 0xf 1.22, 0x10 1.23–1.24. The remedy is a NumPy at least as new as the "
        "first release of the module's version; below 2 where the module is built against "
        "NumPy 1 (NumPy 2 refuses those, python.numpy_abi). NumPy 2's words print the release "
        "the module was built for (\"(NumPy 1.23)\", NPY_FEATURE_VERSION_STRING, "
        "numpy/numpy#25948) and come only from a module built with NumPy 2, which NumPy 2 "
        "runs: that release is the floor, with no cap.",
        "a module was built against NumPy's C-API version {wanted} (NumPy {first} or newer), "
        "and the NumPy running here has {running} (NumPy {running_releases}{shown}): NumPy is "
        "too old for it ({said})",
        commands=("{install}",),
        advice="upgrade NumPy to {first} or newer{below}, as the module needs; or rebuild the "
        "module against the NumPy installed:",
        variants={
            "unknown": "a module was built against NumPy's C-API version {wanted} and the NumPy "
            "running here has {running}{shown}: NumPy is older than the one the module was "
            "built against ({said}); numpy's cversions.txt names no release of {wanted}",
        },
        variant_advice={
            "unknown": "upgrade NumPy to a newer release than the one installed, or rebuild "
            "the module against it",
        },
    ),
    # issue 38 (s18-dll): the sources of each loader's words are beside its pattern in
    # readers/messages.py; the file names and the release tables are compat/cuda_runtime.py's
    # issue 38 (s18-launch): Vulkan under WSL 2 (diagnosis/pasted.py `_vulkan_under_wsl`)
    Code.WSL_VULKAN_NO_DRIVER: Entry(
        E, "Vulkan finds no driver under WSL 2",
        "WSL 2 gives Linux the GPU through /dev/dxg and the Windows driver's libraries in "
        "/usr/lib/wsl/lib, for CUDA and DirectML (Microsoft, \"GPU accelerated ML training "
        "in WSL\", https://learn.microsoft.com/windows/wsl/tutorials/gpu-compute) and for "
        "Mesa's D3D12 drivers, OpenGL and OpenCL on Direct3D 12 (Microsoft's DirectX blog, "
        "\"DirectX heart Linux\", https://devblogs.microsoft.com/directx/directx-heart-linux/; "
        "Mesa's docs/drivers/d3d12.rst). No GPU vendor ships a Vulkan driver for WSL: the one "
        "Vulkan driver there is Mesa's dozen (Vulkan on Direct3D 12, built with "
        "-Dvulkan-drivers=microsoft-experimental, \"dzn is not a conformant Vulkan "
        "implementation, testing use only\"), which distributions seldom build or select. "
        "So the Vulkan loader finds no driver it can use and vkCreateInstance returns "
        "VK_ERROR_INCOMPATIBLE_DRIVER (the Vulkan specification's vkCreateInstance; "
        "KhronosGroup/Vulkan-Loader loader/trampoline.c: \"vkCreateInstance: Found no "
        "drivers!\"); a Vulkan maintainer calls it the lack of a capable driver for WSL 2 "
        "(KhronosGroup/Vulkan-Loader#1455). Outside WSL the same words are not read as a "
        "cause: they mean no Vulkan driver for the GPU, or one that refuses the Vulkan "
        "version asked, which a paste seldom tells apart.",
        "Vulkan finds no driver it can use under WSL 2 (\"{said}\"): WSL gives Linux the GPU "
        "for CUDA, DirectML and Mesa's D3D12 OpenGL and OpenCL drivers, and no GPU vendor's "
        "Vulkan driver (only Mesa's experimental dozen)",
        advice="run the program's Windows build on Windows itself, where the GPU vendor's "
        "Vulkan driver is; or, under WSL, its CUDA backend on an NVIDIA GPU (llama.cpp built "
        "with -DGGML_CUDA=ON, MLC-LLM's CUDA package) instead of Vulkan",
    ),
    # issue 38 (s19-atomics): KFD skipping a GPU for PCIe atomics (diagnosis/pasted.py
    # `_kfd_atomics`; readers/messages.py _KFD_ATOMICS cites the kernel's line)
    Code.KFD_PCI_ATOMICS: Entry(
        E, "the kernel's KFD skipped an AMD GPU: its PCIe path passes no atomics",
        "ROCm's queues and signals are PCIe 3.0 atomic operations between the GPU and the CPU "
        "(AMD, \"How ROCm uses PCIe atomics\", https://rocm.docs.amd.com/en/docs-6.2.2/"
        "conceptual/More-about-how-ROCm-uses-PCIe-Atomics.html), and KFD, the amdgpu kernel "
        "driver's compute interface, leaves out a GPU that needs them where the PCIe path to "
        "it does not pass them: \"kfd kfd: skipped device 1002:67df, PCI rejects atomics\" "
        "(torvalds/linux@002c6ca7 drivers/gpu/drm/amd/amdkfd/kfd_device.c "
        "kgd2kfd_device_init; kernels from 2021 add the MEC firmware's version and the one "
        "that runs without, \"730<0\", and amdgpu's \"amdgpu: \" before it). The chips that "
        "need them are KFD's (kfd_device_info_init's needs_pci_atomics): every chip before "
        "Vega but Hawaii, that is Kaveri, Carrizo, Tonga, Fiji, Polaris 10/11/12 (the Radeon "
        "RX 460-590, Pro WX 4100-7100) and Vega M, and Navi 1x and 2x (GFX 10.1 to 10.3) "
        "unless their MEC firmware is at least 145 and 92; Vega (gfx9) and GFX 11 do not. "
        "The atomics must pass every bridge between the GPU and the CPU's root port: a slot "
        "on the chipset (southbridge), a PCIe switch or riser, or an "
        "older CPU (before Intel's Haswell and Xeon E5 v2) may not route or complete them "
        "(AMD's ROCm engineers, RadeonOpenCompute/ROCR-Runtime#23, RadeonOpenCompute/ROCm#237; "
        "ROCm/legacy-rocm-build#589: GPUs behind a PCIe switch on a Z270 board). rocminfo "
        "then lists no such GPU (or fails with 4104 where it was the only one), and torch "
        "sees none. Where the paste shows no kernel line but names the CPU, ROCm's README "
        "(ROCm/ROCm README.md, \"Supported CPUs\", roc-1.5.0 to roc-3.10.x) decides: it "
        "lists the CPUs with PCIe 3.0 atomics (Intel's Core and Xeon E3/E5/E7 from Haswell, "
        "v3, on; AMD's Ryzen, Threadripper and EPYC) and names the PCIe 2.0 ones (Opteron, "
        "Phenom, Athlon, older Xeon, Core and Pentium), and does not support a GFX8 GPU "
        "(Fiji, Polaris) on a CPU without them; AMD's FX and Intel's Core before Haswell are "
        "not on its list (compat/rocm_atomics.py). GFX9 GPUs need no atomics from ROCm 1.8, "
        "and Hawaii (GFX7) none.",
        "{hardware}: the kernel's KFD skipped {skipped} (\"{said}\"): the PCIe path to {it} "
        "does not pass PCIe atomics, which {needs}, so ROCm, rocminfo and torch do not see "
        "{it}{taken}",
        advice="plug the GPU into a PCIe 3.0 (or newer) slot wired to the CPU's own lanes, not "
        "the chipset's, and without a PCIe switch or riser between "
        "them (`sudo lspci -tv` shows which bridge each GPU hangs off, `sudo lspci -vvv` each "
        "bridge's AtomicOpsCap); where the board's manual names that slot's PCIe generation, "
        "set it to Gen3 or above in the BIOS, not Gen2; or use a GPU whose chip KFD runs "
        "without atomics (Vega, RDNA 3). No ROCm or torch reinstall changes this",
        variants={
            # issue 38 (s20-mendB): the kernel's words in the reporter's prose, no kernel line
            # with the GPU's ids: a warning, until the kernel's own line shows the skip
            "prose": "{hardware}: the reporter quotes the kernel's KFD skipping {skipped} "
            "(\"{said}\"), without the kernel's line: where KFD printed it, the PCIe path to "
            "{it} does not pass PCIe atomics, which {needs}, so ROCm, rocminfo and torch do not "
            "see {it}{taken}",
            # issue 38 (s21-atomics): no kernel line; a GFX8 GPU, ROCm failing, and a CPU ROCm's
            # README lists without PCIe 3.0 atomics (diagnosis/pasted.py `_cpu_atomics`)
            "named_cpu": "{hardware}: ROCm fails on {gpu}, a GFX8 GPU (Fiji, Polaris), which ROCm "
            "runs only where the CPU completes PCIe 3.0 atomics, and the paste names the CPU "
            "{cpu}: {readme}. KFD then skips the GPU (\"PCI rejects atomics\"), so ROCm finds "
            "none: \"{failure}\"",
            "named_cpu_stated": "{hardware}: the reporter says ROCm fails on {gpu}, a GFX8 GPU "
            "(Fiji, Polaris), which ROCm runs only where the CPU completes PCIe 3.0 atomics, and "
            "the paste names the CPU {cpu}: {readme}. KFD then skips the GPU (\"PCI rejects "
            "atomics\"), so ROCm finds none",
        },
        variant_severity={"prose": W, "named_cpu_stated": W},
        variant_advice={
            "named_cpu": _CPU_ATOMICS_ADVICE,
            "named_cpu_stated": _CPU_ATOMICS_ADVICE,
            "prose": "paste the kernel's own lines (sudo dmesg | grep -i kfd): a line \"kfd "
            "kfd: skipped device 1002:…, PCI rejects atomics\" confirms it; then plug the GPU "
            "into a PCIe 3.0 (or newer) slot wired to the CPU's own lanes, not the chipset's, "
            "and without a PCIe switch or riser between them (`sudo lspci -tv` shows which "
            "bridge each GPU hangs off, `sudo lspci -vvv` each bridge's AtomicOpsCap), or use a "
            "GPU whose chip KFD runs without atomics (Vega, RDNA 3)",
        },
    ),
    # issue 38 (s19-atomics): torch_npu's CPU fallback, as torch-directml's (DML_OPERATOR's
    # fallback variant); Huawei Ascend's own area, the npu codes
    Code.NPU_CPU_FALLBACK: Entry(
        W, "an operator has no NPU kernel in torch_npu and runs on the CPU",
        "torch_npu (Huawei Ascend's torch extension, the \"npu\" device) registers a CPU "
        "fallback for every operator it has no NPU kernel for (Ascend/pytorch@5af0eb0a "
        "torch_npu/csrc/aten/VariableFallbackKernel.cpp npu_cpu_fallback, on its "
        "PrivateUse1 key): the first call of such an operator warns \"CAUTION: The operator "
        "'…' is not currently supported on the NPU backend and will fall back to run on the "
        "CPU. This may have performance implications.\", and each call copies its tensors "
        "to the CPU and back, which slows the run; the result is the CPU's and the run goes "
        "on (torch-directml's fallback is the same, backend.directml_operator_not_implemented). "
        "An operator of another library's namespace (torchvision::nms) has an NPU kernel only "
        "where something loaded registers one. The machine is fine.",
        "torch_npu has no NPU kernel for {operator} and runs it on the CPU (torch_npu: \"will "
        "fall back to run on the CPU\"): each call copies its tensors to the CPU and back, "
        "which slows the run",
        advice="nothing is broken and nothing needs reinstalling: the run goes on. Where it is "
        "slow, a newer torch_npu release may implement the operator, or move that step to the "
        "CPU in the program so that its tensors are copied once",
    ),
    Code.NPU_FLOAT64: Entry(
        W, "float64 asked of an Ascend NPU kernel without it",
        "Ascend's aclnn kernels, which torch_npu calls for the \"npu\" device, check each "
        "tensor's dtype against the list the kernel is built for before anything runs (CANN's "
        "OP_CHECK_DTYPE_NOT_SUPPORT, hicann/ops-math@ee839ce2 common/inc/external/aclnn_kernels/"
        "common/op_error_check.h: \"Tensor self not implemented for DT_DOUBLE, should be in "
        "dtype support list [...]\", error EZ1001); most kernels list no DT_DOUBLE. torch_npu "
        "says so itself: its transfer_to_npu replaces torch.cuda.DoubleTensor with "
        "torch.npu.FloatTensor \"cause the double type is not supported now\" "
        "(Ascend/pytorch@69ada4ef torch_npu/contrib/transfer_to_npu.py). The float64 is the "
        "program's or a library's (NumPy's default dtype, diffusers' rotary embeddings in "
        "float64, fixed for the NPU by huggingface/diffusers#10123 and #10820). The machine is "
        "fine.",
        "{kernel} refused a float64 (double) tensor on the Ascend NPU (CANN: \"not implemented "
        "for DT_DOUBLE\"): the program or the library that made the tensor must give it "
        "float32 there",
        advice="keep tensors on the NPU in float32 (tensor.float(), dtype=torch.float32 where "
        "the code says float64 or torch.double), or compute that step on the CPU and move the "
        "float32 result to the NPU; where a library makes the float64 tensor, a newer release "
        "may keep it in float32 on the NPU (diffusers' rotary embeddings do since "
        "huggingface/diffusers#10123 and #10820)",
    ),
    Code.CUDA_RUNTIME_NOT_LOADED: Entry(
        E, "a CUDA library another library loads by name is not installed",
        "torch's CUDA wheels bring CUDA's libraries with them; other libraries load CUDA's "
        "and cuDNN's libraries by file name when they run, and the name carries the major "
        "release they were built for: cublas64_12.dll and libcublas.so.12 are CUDA 12's "
        "cuBLAS, cudart64_110.dll CUDA 11.0's runtime, cudnn_ops_infer64_8.dll and "
        "libcudnn_ops_infer.so.8 a library of cuDNN 8. cuDNN 8 loads its own sub-libraries "
        "and cuBLAS so (\"Could not locate …\", \"Could not load library …\"); CTranslate2, "
        "under faster-whisper and WhisperX, loads cuBLAS so (src/cuda/cublas_stub.cc: "
        "\"Library … is not found or cannot be loaded\"), and its release decides the majors "
        "(faster-whisper's README: ctranslate2 4.5 and newer CUDA 12 with cuDNN 9, 4.0 to 4.4 "
        "CUDA 12 with cuDNN 8, 3.24 and before CUDA 11 with cuDNN 8); onnxruntime's CUDA "
        "execution provider links them, and each onnxruntime-gpu release on PyPI is built for "
        "one CUDA and one cuDNN major (its requirements page: 1.19 and newer CUDA 12 with "
        "cuDNN 9, 1.15 to 1.18 CUDA 11.8 with cuDNN 8); TensorFlow loads them and, without "
        "them, warns, and registers no GPU (dso_loader.cc; gpu_device.cc: \"Cannot dlopen "
        "some GPU libraries … Skipping registering GPU devices\"; TensorRT's libnvinfer is "
        "TF-TRT's, optional, and not read here). cuDNN 8's loader names only its own file "
        "not found where dlerror's words say that file \"cannot open shared object file\"; "
        "another file there (libcuda.so, libnvrtc.so) is that file's own finding, and an "
        "undefined symbol is none of this one's. NVIDIA publishes each library of CUDA 11 "
        "and 12 as a pip wheel per major (nvidia-cublas-cu12, nvidia-cudnn-cu11, "
        "nvidia-cuda-runtime-cu12), whose files a loader that opens them by name finds only "
        "on LD_LIBRARY_PATH set before the program starts (faster-whisper's README; "
        "onnxruntime-gpu 1.21 and newer load them itself when asked, onnxruntime."
        "preload_dlls()); the toolkit of that major installs them too. Up to CUDA 10.0 a "
        "Windows DLL's number is the toolkit's release (cublas64_100.dll is CUDA 10.0's, "
        "cudart64_92.dll 9.2's). A library of another major than the loader's is no "
        "substitute.",
        "{loader} could not load {library}{by}: {what}, which {provides}",
        commands=("{install}",),
        advice="install that major's library where the loader finds it: the wheel into the "
        "environment the program runs in, its directory on LD_LIBRARY_PATH before the "
        "program starts (the line after the install), or the toolkit, its lib directory on "
        "LD_LIBRARY_PATH; {builds}",
        variants={
            "windows": "{loader} could not load {library}{by}: {what}, which {provides}",
            # issue 38 (s18-mend-loader): the CPU only where TensorFlow says it registered no
            # GPU (gpu_device.cc), never where it created one
            "tensorflow": "TensorFlow could not load {library}, {what}, and runs on the CPU: "
            "it registered no GPU (TensorFlow: \"Cannot dlopen some GPU libraries … Skipping "
            "registering GPU devices\")",
            "tensorflow_unseen": "TensorFlow could not load {library}, {what}; without it "
            "TensorFlow registers no GPU, and the paste does not show whether it went on to "
            "(\"Created device … GPU\") or not (\"Skipping registering GPU devices\")",
            "tensorflow_gpu": "TensorFlow could not load {library}, {what}, at first, and "
            "then created its GPU device (TensorFlow: \"Created device … GPU\"): the warning "
            "did not keep it off the GPU",
            "onnxruntime": "onnxruntime's CUDA execution provider did not load: {library}, "
            "{what}, is not found{by}, and onnxruntime runs on the CPU{build}",
            "onnxruntime_path": "onnxruntime could not load its CUDA execution provider "
            "(onnxruntime: \"CUDA_PATH is set but CUDA wasn't able to be loaded\"): a CUDA or "
            "cuDNN DLL of the majors this onnxruntime-gpu was built for is not found on the "
            "DLL search path{build}",
        },
        variant_commands={
            "windows": (),
            "tensorflow": (),
            "tensorflow_unseen": (),
            "tensorflow_gpu": (),
            "onnxruntime_path": (),
        },
        variant_advice={
            "windows": "install that major's library and put the directory that holds it on "
            "PATH for the program (the CUDA toolkit's bin directory, or the DLLs beside the "
            "program); {builds}",
            "tensorflow": "nothing is wrong where TensorFlow need not use a GPU; to run it on "
            "an NVIDIA GPU, install the CUDA and cuDNN releases TensorFlow's tested build "
            "configurations list for its release ({library} is {what}), their directories on "
            "the loader's path (TensorFlow 2.10 was the last release with GPU support on "
            "native Windows, tensorflow.org/install/pip: use WSL2 there)",
            "tensorflow_unseen": "to run TensorFlow on an NVIDIA GPU, install the CUDA and "
            "cuDNN releases TensorFlow's tested build configurations list for its release "
            "({library} is {what}), their directories on the loader's path (TensorFlow 2.10 "
            "was the last release with GPU support on native Windows, tensorflow.org/install/"
            "pip: use WSL2 there); where TensorFlow need not use a GPU, nothing is wrong",
            "tensorflow_gpu": "nothing to do for this warning: TensorFlow found what its GPU "
            "device needs",
            "onnxruntime": "install the CUDA and cuDNN majors this onnxruntime-gpu was built "
            "for, or the onnxruntime-gpu built for the CUDA this machine has (the requirements "
            "page: 1.19 and newer from PyPI for CUDA 12 with cuDNN 9, 1.15 to 1.18 for CUDA "
            "11.8 with cuDNN 8); NVIDIA's wheels are found on LD_LIBRARY_PATH set before "
            "Python starts (the line after the install), or, with onnxruntime-gpu 1.21 and "
            "newer, by onnxruntime.preload_dlls() before the session is made (its CUDA "
            "execution provider page, \"Preload DLLs\")",
            "onnxruntime_path": "install the CUDA and cuDNN majors the requirements page "
            "(onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements) "
            "lists for the installed onnxruntime-gpu (1.19 and newer: CUDA 12 with cuDNN 9; "
            "1.15 to 1.18: CUDA 11.8 with cuDNN 8), with their bin directories on PATH, and the "
            "latest Microsoft Visual C++ Redistributable; `pip show onnxruntime-gpu` shows the "
            "release",
        },
        variant_severity={"tensorflow": W, "tensorflow_unseen": W, "tensorflow_gpu": I},
    ),
}  # fmt: skip


# What each check (diagnosis/checks/, explain_checks.py) looks at, in words: the one place
# a check's name becomes something a person reads ("not checked: ...", "the paste does not
# show X, needed for ..."). tests/test_first_words.py keeps every registered check here.
CHECK_WORDS: Final[Mapping[str, str]] = {
    "torch_installed": "whether torch is installed",
    "probe_failures": "whether torch imports",
    "torch_requirements": "whether the packages fit this torch",
    "extension_abi": "whether the extensions were built for this torch",
    "build_for_hardware": "whether torch's build fits the hardware",
    "hardware_without_backend": "hardware that torch cannot use",
    "apple_silicon": "the Mac's macOS and Python",
    "mps_refused": "why MPS is unavailable",
    "package_without_hardware": "packages for hardware that is not there",
    "hidden_devices": "devices hidden by a visibility variable",
    "visibility_mask": "the visibility variables",
    "arch_compiled": "whether torch has kernels for the GPU",
    "torch_said_no_code": "which GPU torch has no kernels for",
    "gfx_on_host": "the AMD GPU's gfx target",
    "nvidia_driver": "whether the NVIDIA driver runs this torch",
    "driver_libraries": "the driver's libraries",
    "device_order": "the order of the devices",
    "device_access": "device permissions",
    "container": "the container's devices",
    "shared_memory": "shared memory (/dev/shm)",
    "tools": "the vendor tools",
    "loaded_libraries": "the libraries torch loaded",
    "package_managers": "who installed torch's libraries",
    "cudnn_version": "the cuDNN version",
    "rocm_wheels": "ROCm's pip wheels",
    "kernel_log": "the kernel log's GPU errors",
    "gpu_health": "the GPUs' health counters",
    "launch_blocking": "the launch-blocking debug variables",  # s4-newbie
    # explain's (diagnosis/explain_checks.py)
    "supported_versions": "whether the libraries are within hwdoctor's tables",
    "newer_than_tables": "libraries newer than hwdoctor's tables",
    "training_error": "why TrainingArguments raises",
    "libraries_disagree": "where the real libraries disagree with the tables",
    "device_map_auto": 'devices device_map="auto" leaves out',
    "accelerate_use_cpu": "Accelerate's use_cpu",
    "xla_override": "whether XLA takes over the device",
    "not_autoloaded": "extensions torch does not load by itself",
    "launcher": "the launcher's variables",
    "model": "the model",
    "verify": "the real libraries' answers",
}


def words_for(check: str) -> str:
    """A check's name ("hidden_devices", or as a label "hidden devices") in words."""
    key = check.replace(" ", "_")
    return CHECK_WORDS.get(key, check.replace("_", " "))


def make_finding(
    code: Code,
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: str | None = None,
    **params: Value | Shell,
) -> Finding:
    """The finding for `code`, its sentences made from the catalogue's templates.

    Checks call `hwdoctor.diagnosis.findings.finding`, this with one typed signature per
    code (generated by `signatures()`), so that mypy holds each call to its code's
    parameters; this one takes any code, for what iterates over the catalogue.

    A command template is built, not formatted: a parameter that is a `Shell` (lines a
    remedy built) stands for the whole line; any other value in a command is one quoted
    word (a tuple, several), and in a `#` line one line of text; so no value can add a
    command to a remedy, whatever it holds."""
    entry = CATALOGUE[code]
    values = {name: _text(value) for name, value in params.items()}
    message, message_values = _sentence(entry.variants.get(variant or "", entry.message), values)
    lines: list[str] = []
    for template in entry.variant_commands.get(variant or "", entry.commands):
        if all(values.get(name) for name in _fields(template)):
            lines.extend(_command(template, params))
    if lines and all(line.startswith("#") for line in lines):
        lines = []  # a caveat without its command says nothing
    if dialect() is Dialect.WINDOWS:  # issue 38 (s19-mend-windows): `windows_line`
        lines = [windows_line(line) for line in lines]
    advice: str | None = None
    advice_values: tuple[tuple[int, int], ...] = ()
    advice_template = entry.variant_advice.get(variant or "", entry.advice)
    if advice_template is not None and all(values.get(n) for n in _fields(advice_template)):
        advice, advice_values = _sentence(advice_template, values)
    shown = {name: values[name] for name in sorted(values)}
    severity = entry.variant_severity.get(variant or "", entry.severity)
    return Finding(
        code.value, severity, backend, message, "\n".join(lines) or None,
        evidence or None, shown, advice, entry.action.value if entry.action else None,
        message_values, advice_values,
    )  # fmt: skip


def _sentence(template: str, values: Mapping[str, str]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """`template` with `values` in it, and where each value stands ((start, end))."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    length = 0
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(literal)
        length += len(literal)
        if name:
            value = values[name]
            out.append(value)
            if value:
                spans.append((length, length + len(value)))
            length += len(value)
    return "".join(out), tuple(spans)


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return " ".join(str(item) for item in value)
    return str(value)


def _command(template: str, params: Mapping[str, Value | Shell]) -> list[str]:
    """A command template's lines with `params` in it (see `finding`)."""
    names = _fields(template)
    if len(names) == 1 and template == f"{{{names[0]}}}":
        value = params.get(names[0])
        if isinstance(value, Shell):
            return list(value.lines)
    if template.startswith("#"):
        words = {name: one_line(_text(params.get(name))) for name in names}
        return [template.format_map(words)]
    quoted = {}
    for name in names:
        value = params.get(name)
        items = [_text(item) for item in (value if isinstance(value, tuple) else (value,))]
        if not all(is_one_line(item) for item in items):
            return [f"# a command is left out here: its {name.replace('_', ' ')} is not one "
                    "line of text"]  # fmt: skip
        said = [quote(item) for item in items]
        if any(word is None for word in said):  # issue 38 (s19-windows): shell.quote
            return [f"# {LEFT_OUT_WINDOWS}"]
        quoted[name] = " ".join(word for word in said if word is not None)
    return [template.format_map(quoted)]


def _fields(template: str) -> tuple[str, ...]:
    return tuple(name for _, name, _, _ in string.Formatter().parse(template) if name)


def signatures() -> str:
    """hwdoctor/diagnosis/findings.py: `finding` with one overload per code and variant,
    whose keywords are the placeholders of the code's templates and its `params`.

    A placeholder of the templates the call reaches (the message, commands and advice of
    its variant, or the entry's own without one) is required (None is a value: it leaves a
    line out); the code's other placeholders and its `params` may be passed. A placeholder
    that is a whole command line (`"{install}"`) may be a `Shell`."""
    out = [
        '"""`finding(Code.X, ...)`, typed per code: generated from the catalogue',
        "(`hwdoctor/diagnosis/catalogue.py`, `signatures()`) by `make docs`; do not edit.",
        "",
        "Each overload names the keywords its code's templates need, so mypy refuses a call",
        'with a parameter missing or misspelt. There is no catch-all signature."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Literal, overload",
        "",
        "from hwdoctor.diagnosis.catalogue import Code, Value, make_finding",
        "from hwdoctor.model.reports import Finding",
        "from hwdoctor.shell import Shell",
    ]
    for code, entry in CATALOGUE.items():
        templates = _templates_of(entry)
        every = {name for template in templates for name in _fields(template)}
        commands = _commands_of(entry)
        lines = {name for name in every if f"{{{name}}}" in commands}  # a whole command line
        lines |= set(entry.params)  # data, a Shell shown as its lines
        accepted = every | set(entry.params)
        for variant in [None, *variants_of(code)]:
            needed = set(needs(code, variant))
            kind = "None = None" if variant is None else f'Literal["{variant}"]'
            out += [
                "",
                "",
                "@overload",
                "def finding(",
                f"    code: Literal[Code.{code.name}],",
                "    *,",
                "    backend: str | None = None,",
                "    evidence: str | None = None,",
                f"    variant: {kind},",
            ]
            for name in sorted(needed):
                out.append(f"    {name}: {'Value | Shell' if name in lines else 'Value'},")
            for name in sorted(accepted - needed):
                out.append(f"    {name}: {'Value | Shell' if name in lines else 'Value'} = None,")
            out.append(") -> Finding: ...")
    out += [
        "",
        "",
        "def finding(",
        "    code: Code,",
        "    *,",
        "    backend: str | None = None,",
        "    evidence: str | None = None,",
        "    variant: str | None = None,",
        "    **params: Value | Shell,",
        ") -> Finding:",
        '    """The finding for `code` (catalogue.make_finding), checked by mypy above."""',
        "    return make_finding("
        "code, backend=backend, evidence=evidence, variant=variant, **params)",
    ]
    return "\n".join(out) + "\n"


def needs(code: Code, variant: str | None = None) -> tuple[str, ...]:
    """The placeholders a finding of `code` in `variant` fills: those of its message,
    commands and advice (a variant's own where it has them), sorted."""
    reached = _reached(CATALOGUE[code], variant)
    return tuple(sorted({name for template in reached for name in _fields(template)}))


def variants_of(code: Code) -> tuple[str, ...]:
    """The variants `code` has sentences for, sorted."""
    entry = CATALOGUE[code]
    return tuple(sorted({*entry.variants, *entry.variant_commands, *entry.variant_advice}))


def _reached(entry: Entry, variant: str | None) -> tuple[str, ...]:
    """The templates a finding of `entry` in `variant` is made from."""
    key = variant or ""
    advice = entry.variant_advice.get(key, entry.advice)
    return (
        entry.variants.get(key, entry.message),
        *entry.variant_commands.get(key, entry.commands),
        *(() if advice is None else (advice,)),
    )


def _commands_of(entry: Entry) -> tuple[str, ...]:
    return (*entry.commands, *(line for lines in entry.variant_commands.values() for line in lines))


def _templates_of(entry: Entry) -> tuple[str, ...]:
    """Every template of `entry`, its variants' included."""
    return (
        entry.message,
        *entry.variants.values(),
        *_commands_of(entry),
        *((entry.advice,) if entry.advice is not None else ()),
        *entry.variant_advice.values(),
    )


def how(kind: str, *, signal: str | None, error: str | None, timeout_s: float) -> str:
    """What a step did, as a phrase: "hangs (no progress for 60 s)", "raises ValueError: …"."""
    if kind == "timeout":
        return f"hangs (no progress for {timeout_s:g} s)"
    if kind == "crashed":
        return f"kills the interpreter ({signal})"
    return f"raises {error}" if error else "fails"


def reference() -> str:
    """docs/findings.md: every code, its severity, what it means and what to do."""
    lines = [
        "# Findings",
        "",
        "Every finding hwdoctor reports, by code. Codes are stable; JSON reports carry them",
        "in `findings[].code`. Generated from `hwdoctor/diagnosis/catalogue.py` by",
        "`make docs`; do not edit by hand.",
        "",
        "| Code | Severity | Meaning | What to do |",
        "| --- | --- | --- | --- |",
    ]
    for code, entry in CATALOGUE.items():
        commands = "<br>".join(f"`{line}`" for line in entry.commands if not line.startswith("#"))
        words = " ".join(part for part in (entry.advice, commands) if part)
        remedy = _cell(words or "nothing to do: it is information")
        meaning = _cell(entry.meaning)
        # a variant at another severity: both, the code's first
        severity = " or ".join(
            dict.fromkeys(s.value for s in (entry.severity, *entry.variant_severity.values()))
        )
        lines.append(f"| `{code.value}` | {severity} | **{entry.title}**. {meaning} | {remedy} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """A table cell: pipes escaped, template fields shown as <name>."""
    return text.replace("|", "\\|").replace("{", "<").replace("}", ">")
