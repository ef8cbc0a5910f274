"""What a pasted report says, line by line, and the evidence it supports.

The one family of records for pasted lines: the readers (gather/reports/readers/) read a
paste into `PastedFact`s, each with the `QuotedLine` it rests on, and `ToolBlock`s (which
tool wrote which lines); gathering maps the facts onto an `Evidence` (gather/reports/
assemble.py `gathered`) and keeps them in `Pasted`, which the diagnosis of a paste reads,
quoting the lines its findings rest on, without reading the text again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hwdoctor.model.facts import Evidence
from hwdoctor.model.serial import Record

# how the messages reader marks an operator said for the SparseMPS key (a sparse tensor on
# the Apple GPU) in a MESSAGE_MPS_OPERATOR fact's value
SPARSE_MPS: Final = " (SparseMPS)"
# issue 38 (s21-container): the value of prose.apple_gpu where the words want torch's MPS (the
# other values are the Metal words as written: "metal", "cc1obj", "objc_exception")
MPS_WANTED: Final = "MPS"


class FactKey(str, Enum):
    """What a pasted fact says. The values are the keys the facts had as strings (the JSON
    forms and the tests know them); `PastedFact.name` says which package, variable or
    backend where the key needs one."""

    # A report tool's own lines: collect_env, the Hugging Face env commands, Lightning's.
    TORCH_VERSION = "torch.version"
    TORCH_CUDA = "torch.cuda"  # the CUDA torch was built with
    TORCH_HIP = "torch.hip"  # the ROCm torch was built with
    OS = "os"
    PYTHON_VERSION = "python.version"
    PYTHON_PLATFORM = "python.platform"
    PROCESSOR = "processor"
    CUDA_AVAILABLE = "cuda.available"  # "True", "No", "true" …: torch.cuda.is_available()
    XPU_AVAILABLE = "xpu.available"  # "Is XPU available", "PyTorch XPU available"
    NPU_AVAILABLE = "npu.available"  # accelerate env's "PyTorch NPU available" and its kin
    MLU_AVAILABLE = "mlu.available"
    MUSA_AVAILABLE = "musa.available"
    SDAA_AVAILABLE = "sdaa.available"
    HPU_AVAILABLE = "hpu.available"
    MPS_AVAILABLE = "mps.available"  # a REPL's answer to torch.backends.mps.is_available()
    ACCELERATOR = "accelerator"  # transformers 5.x / accelerate env: "CUDA", "NA"
    HIP_RUNTIME = "hip.runtime"
    VLLM_VERSION = "vllm.version"
    PACKAGE = "package"  # name: the distribution
    ENV = "env"  # name: the variable
    ACCELERATE_CONFIG = "accelerate.config"  # "absent": no default config
    ACCELERATE_USE_CPU = "accelerate.use_cpu"
    LIGHTNING_PROCESSOR = "lightning.processor"  # platform.processor(): "i386", "arm"
    LIGHTNING_KERNEL = "lightning.kernel"  # the kernel's version string
    # A tool's own build as it prints it; name: which line ("target", "rustc", "commit",
    # "docker label": text-generation-launcher --env's).
    BUILD = "build"
    NVCC = "nvcc"  # the CUDA toolkit's release nvcc reports ("11.8"): ds_report's
    INSTALL_PATH = "install.path"  # name: the package; the directory a report says it is in
    # name: a DeepSpeed op; value: its row of ds_report's table, "installed, compatible"
    # ("NO, OKAY": not built, can be JIT-compiled; "NO, NO": cannot be on this system).
    EXTENSION_OP = "extension.op"
    # bitsandbytes' CUDA setup (`python -m bitsandbytes`, its 0.3x/0.4x log).
    BNB_CUDA = "bnb.cuda"  # the CUDA version it detected, "11.5" (it prints "115")
    BNB_CAPABILITY = "bnb.capability"  # the highest compute capability it found: "7.0"
    BNB_LIBRARY = "bnb.library"  # the binary it loads: "libbitsandbytes_cuda115.so"
    BNB_LIBRARY_MISSING = "bnb.library_missing"  # the binary it wanted and has not
    BNB_NO_GPU = "bnb.no_gpu"  # "compiled without GPU support": the CPU library loaded
    # Vendor tools.
    DRIVER = "driver"  # the NVIDIA driver's version
    DRIVER_CUDA = "driver.cuda"  # the CUDA version the NVIDIA driver supports
    SMI_VERSION = "smi.version"  # nvidia-smi's own, where it differs from the driver's
    GPU = "gpu"  # a GPU's name; index: its index where the tool gives one
    # A GPU's compute capability as a report tool prints it ("8.6": sglang.check_env's
    # "GPU 0 Compute Capability"); index: the GPU's.
    GPU_CAPABILITY = "gpu.capability"
    # A GPU's row of `nvidia-smi topo -m`, its link to each other device ("GPU1 NV12, NIC0
    # PIX"; the device's column, then the matrix's cell); index: the GPU's.
    GPU_LINKS = "gpu.links"
    AMD_GPU = "amd.gpu"  # a GPU row of rocm-smi or amd-smi; value and index: its index
    AMD_NAME = "amd.name"  # an AMD GPU's marketing name
    GFX = "gfx"  # an AMD GPU's target: "gfx1030"
    ASCEND_CHIP = "ascend.chip"  # an Ascend NPU's chip: "910B3"
    NVRM_CLIENT = "nvrm.client"  # NVRM: the user-space driver's version
    NVRM_KERNEL = "nvrm.kernel"  # NVRM: the loaded kernel module's version
    # Any other accelerator's vendor tool (hl-smi, neuron-ls, xpu-smi …): name is the
    # backend's key in hwdoctor/registry.py, so a new tool's reader needs no key of its own.
    DEVICE = "device"  # a device it lists: its model name; index: its index
    DEVICE_DRIVER = "device.driver"  # the vendor driver's version
    DEVICE_FIRMWARE = "device.firmware"  # the device firmware's version
    DEVICE_SOFTWARE = "device.software"  # the vendor software's release (SynapseAI, CANN …)
    # The messages torch, its libraries and extensions print (each reader cites its source).
    MESSAGE_FOUND_VERSION = "message.found_version"  # "found version 11040": the driver's
    MESSAGE_DRIVER_TOO_OLD = "message.driver_too_old"
    MESSAGE_DRIVER_INSUFFICIENT = "message.driver_insufficient"
    MESSAGE_NO_DRIVER = "message.no_driver"  # torch's "Found no NVIDIA driver on your system"
    MESSAGE_FORWARD_COMPAT = "message.forward_compat"  # CUDA error 804, in its words
    MESSAGE_CONTAINER_NO_GPU = "message.container_no_gpu"  # docker: no driver for [[gpu]]
    MESSAGE_FLASH_ATTN_ARCH = "message.flash_attn_arch"  # flash-attn: "only supports Ampere"
    MESSAGE_BNB_NO_GPU = "message.bnb_no_gpu"  # bitsandbytes: "compiled without GPU support"
    MESSAGE_VLLM_NO_DEVICE = "message.vllm_no_device"  # vLLM: "Failed to infer device type"
    # issue 38 (s19-quiet): a GPU worker refusing the device it was given (vLLM's "Not support
    # device type: cpu", later "Unsupported device type: cpu"); the value: the device type
    MESSAGE_WORKER_DEVICE = "message.worker_device"
    MESSAGE_BF16_UNSUPPORTED = "message.bf16_unsupported"  # vLLM: bf16 needs capability 8.0
    MESSAGE_ARCH_LIST = "message.arch_list"  # "sm_50 sm_60 …" torch says it carries
    MESSAGE_CODE_CC = "message.code_cc"  # a row "- 8.0 which supports hardware CC …"
    MESSAGE_MIN_CAPABILITY = "message.min_capability"
    MESSAGE_CAPABILITY = "message.capability"  # a GPU's, "8.6", as torch says it
    MESSAGE_CAPABILITY_RANGE = "message.capability_range"  # "8.0-12.0"
    MESSAGE_UNSUPPORTED_GPU = "message.unsupported_gpu"  # the GPU torch has no code for
    MESSAGE_TOO_OLD = "message.too_old"
    MESSAGE_NOT_COMPILED_CUDA = "message.not_compiled_cuda"
    # issue 38: another library's build without CUDA refusing device="cuda" (the name: the
    # library, "CTranslate2")
    MESSAGE_LIBRARY_NO_CUDA = "message.library_no_cuda"
    MESSAGE_COMPUTE_TYPE_REFUSED = "message.compute_type_refused"  # CTranslate2's: "float16"
    MESSAGE_INVALID_DEVICE_FUNCTION = "message.invalid_device_function"
    MESSAGE_NO_KERNEL_IMAGE = "message.no_kernel_image"
    MESSAGE_NO_GPUS = "message.no_gpus"
    MESSAGE_NO_HIP_GPUS = "message.no_hip_gpus"
    MESSAGE_NVIDIA_SMI_PRESENT = "message.nvidia_smi_present"
    MESSAGE_NVML_FAILED = "message.nvml_failed"
    MESSAGE_UNDEFINED_SYMBOL = "message.undefined_symbol"  # name: the extension
    # issue 38 (s17-wrongB): the same, in the warning of a package that goes on without that
    # compiled part (torchvision's image extension): name the package, value the symbol
    MESSAGE_OPTIONAL_PART_SYMBOL = "message.optional_part_symbol"
    # issue 38 (s17-wrongB): a library file the loader was asked for by its path and did not
    # find ("…/site-packages/bitsandbytes/libbitsandbytes_cpu.so: cannot open shared object
    # file"): the value its file name, name the package of the path, where one shows
    MESSAGE_FILE_BY_PATH_MISSING = "message.file_by_path_missing"
    MESSAGE_XFORMERS_BUILT_FOR = "message.xformers_built_for"
    # torchao skipping its C++ extensions: its version, or the torch floor it states (">=2.11.0")
    MESSAGE_TORCHAO_SKIPPED = "message.torchao_skipped"
    MESSAGE_TORCH_SEEN = "message.torch_seen"  # the torch an extension saw running
    MESSAGE_MPS_MACOS = "message.mps_macos"
    MESSAGE_MPS_OP_MACOS = "message.mps_op_macos"
    MESSAGE_MPS_OPERATOR = "message.mps_operator"
    MESSAGE_MPS_NOT_BUILT = "message.mps_not_built"
    MESSAGE_GFX_LIST = "message.gfx_list"
    MESSAGE_NPU_COUNT = "message.npu_count"
    MESSAGE_MASK_REFUSED = "message.mask_refused"
    # The reporter's own words, read as carefully as a tool's line.
    PROSE_PACKAGE = "prose.package"  # name: the package
    PROSE_GPU = "prose.gpu"
    # issue 38 (s20-gpuprose): the GPU of a cloud instance type named in prose ("T4" for
    # "ml.g4dn.xlarge"); name: the instance type as the paste writes it
    PROSE_CLOUD_GPU = "prose.cloud_gpu"
    PROSE_GPU_COUNT = "prose.gpu_count"
    PROSE_DRIVER = "prose.driver"
    PROSE_PYTHON = "prose.python"
    PROSE_MACOS = "prose.macos"
    PROSE_CHIP = "prose.chip"
    PROSE_GFX = "prose.gfx"
    PROSE_PLATFORM = "prose.platform"
    PROSE_WINDOWS_PATH = "prose.windows_path"
    PROSE_ACCELERATOR = "prose.accelerator"  # name: the registry row its words name
    # issue 38: Huawei Ascend (CANN's own messages, readers/messages.py)
    MESSAGE_CANN_INIT_ENV = "message.cann_init_env"  # "EH9999 … [Init][Env]init env failed"
    MESSAGE_CANN_NO_MODULE = "message.cann_no_module"  # a CANN log line's "No module named 'X'"
    NPU_HEALTH_ALARM = "message.npu_health_alarm"  # npu-smi's Health "Alarm" or "Critical"
    # issue 42: gpu_ids. accelerate env's default config, as `accelerate launch` applies it.
    ACCELERATE_GPU_IDS = "accelerate.gpu_ids"  # "all", or the list it exports
    ACCELERATE_NUM_PROCESSES = "accelerate.num_processes"
    ACCELERATE_NUM_MACHINES = "accelerate.num_machines"
    ACCELERATE_DISTRIBUTED_TYPE = "accelerate.distributed_type"  # "MULTI_GPU", "NO" …
    # issue 41: the kernel log's Xid and SXid lines (gather/kernel_log.py's parser); value:
    # the code, name: the PCI address of the GPU or NVSwitch the line names.
    KERNEL_XID = "kernel.xid"
    KERNEL_SXID = "kernel.sxid"  # "Non-fatal" or no word: no finding, as in the live scan
    KERNEL_SXID_FATAL = "kernel.sxid_fatal"
    # issue 38: a library refuses the GPU (too old, no bf16), in its own words
    MESSAGE_TRITON_TOO_OLD = "message.triton_too_old"  # value: capability; name: the GPU
    MESSAGE_LLVM_SHFL_SYNC = "message.llvm_shfl_sync"  # Triton's LLVM on a GPU below 7.0
    MESSAGE_BNB_INT8 = "message.bnb_int8_matmul"  # "Your GPU does not support Int8 Matmul"
    MESSAGE_VLLM_BELOW_70 = "message.vllm_below_70"  # vLLM's build: capability below 7.0
    MESSAGE_HF_BF16 = "message.hf_bf16"  # transformers: "doesn't support bf16/gpu"
    MESSAGE_MPS_BF16 = "message.mps_bf16"  # value: "torch" (release) or "macos"
    MESSAGE_TGI_CAPABILITY = "message.tgi_capability"  # TGI: the capability it refused, "7.0"
    # issue 38 (s20-gpuprose): TEI's image compiled for another compute capability: "75/80",
    # the GPU's and the image's, as TEI writes them ("Runtime compute cap 75 is not …")
    MESSAGE_TEI_COMPUTE_CAP = "message.tei_compute_cap"
    # issue 38 (s20-gpuprose): the release of TEI's image a command or log names
    # ("ghcr.io/huggingface/text-embeddings-inference:1.2" → "1.2", "turing-latest" → "latest")
    TEI_IMAGE = "tei.image"
    # TEI's router after a backend that did not start: "Error: Could not create backend"
    TEI_NO_BACKEND = "tei.no_backend"
    # issue 38 (s20-gpuprose): 4-bit quantization named ("load_in_4bit", "int4", "QLoRA"): the
    # line's words around it, where a question and its GPU are read
    PROSE_FOUR_BIT = "prose.four_bit"
    # issue 38: CUDA libraries the neighbours cannot find or that disagree
    MESSAGE_DS_CUDA_MISMATCH = "message.ds_cuda_mismatch"  # DeepSpeed: the toolkit's CUDA
    MESSAGE_DS_TORCH_CUDA = "message.ds_torch_cuda"  # DeepSpeed: the CUDA torch was built with
    MESSAGE_LIBRARY_NOT_FOUND = "message.library_not_found"  # the loader: "libcudart.so.11.0"
    PROSE_WSL = "prose.wsl"  # words that show WSL: "microsoft-standard-WSL2", "WSL 2"
    # issue 38 (s14-sharedlib): any library the loader could not find (value: its file,
    # "libGL.so.1"; name: the package whose import or load needed it, where shown)
    MESSAGE_SHARED_LIBRARY = "message.shared_library_missing"
    PROSE_DEBIAN = "prose.debian"  # the paste shows Debian or Ubuntu: "Ubuntu 22.04"
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    MESSAGE_MPS_OOM = "message.mps_out_of_memory"  # torch's MPS allocator: past its limit
    MESSAGE_MPS_BUFFER = "message.mps_buffer_size"  # "Invalid buffer size: 19.45 GB"
    MESSAGE_EXECSTACK = "message.execstack"  # glibc: "cannot enable executable stack"; name
    MESSAGE_XPU_NOT_BUILT = "message.xpu_not_built"  # "Torch not compiled with XPU enabled"
    MESSAGE_XPU_NO_DEVICE = "message.xpu_no_device"  # "XPU device count is zero!"
    MESSAGE_INTEL_IGPU = "message.intel_igpu"  # an Intel integrated GPU named: "Iris Xe"
    MESSAGE_INTEL_XPU_GPU = "message.intel_xpu_gpu"  # one on the XPU lists: "Arc A770"
    MESSAGE_HPU_ACQUIRE = "message.hpu_acquire"  # Gaudi: "synStatus=26 [...] Device acquire failed"
    HABANA_HOST = "habana.host"  # the host's Gaudi driver / SynapseAI release: "1.18.0"
    HABANA_IMAGE = "habana.image"  # the container's: vault.habana.ai/gaudi-docker/1.10.0/…
    MESSAGE_HABANA_MISSING = "message.habana_missing"  # "No module named 'habana_frameworks'"
    MESSAGE_NEURON_DRIVER = "message.neuron_driver"  # NRT:nrt_init on the Neuron driver
    # issue 38: a CUDA-only package failing at import on another accelerator
    MESSAGE_VLLM_IMPORT = "message.vllm_import"  # "cannot import name 'X' from 'vllm'": X
    # issue 38: IPEX before torch's native XPU
    IPEX_VERSION = "ipex.version"  # IPEX's collect_env / ipex-llm's env-check: "2.1.10+xpu"
    ENV_CHECK_TORCH = "ipex.torch"  # ipex-llm's env-check: "torch=2.1.0a0+cxx11.abi"
    # issue 38: bitsandbytes' and MPS's other wordings
    MESSAGE_BNB_SETUP = "message.bnb_setup"  # bitsandbytes < 0.43 without its CUDA library: how
    MESSAGE_MPS_NDARRAY = "message.mps_ndarray"  # MPS: "total bytes of NDArray > 2**32"
    MESSAGE_MPS_BUFFER_SHORT = "message.mps_buffer_short"  # "buffer is not large enough"
    # issue 38 (s12-mps): what MPS cannot do on this macOS or at this size
    MESSAGE_MPS_CONV_CHANNELS = "message.mps_conv_channels"  # "Output channels > 65536 …"
    MESSAGE_MPS_INT_MAX = "message.mps_int_max"  # "… tensor dims larger than INT_MAX"
    # issue 38: Unsloth's refusal of an old GPU, and its banner's compute capability
    MESSAGE_UNSLOTH_TOO_OLD = "message.unsloth_too_old"  # value: the floor, "7.0" / "8.0"
    UNSLOTH_CAPABILITY = "unsloth.capability"  # the banner's "CUDA: 6.1": capability, not CUDA
    # issue 38 (s9-kernels): vLLM's quantization floor, SageAttention's architectures
    MESSAGE_VLLM_QUANT_CAPABILITY = "message.vllm_quant_capability"  # "awq 75 70"
    MESSAGE_SAGE_ARCH = "message.sageattention_arch"  # SageAttention 2: "sm75"
    MESSAGE_LIBRARY_NO_GPU = "message.library_no_gpu"  # Unsloth's or Triton's: no GPU found
    # issue 38 (s13-gpuonly): any GPU-only library's words that it found no GPU (compat/
    # gpu_required.py); value: its words, name: the library ("" unnamed)
    MESSAGE_GPU_REQUIRED = "message.gpu_required"
    MESSAGE_CUDA_TENSOR = "message.cuda_tensor"  # a kernel's check that its tensors are on CUDA
    # issue 38 (s10-refusal): a library refusing the hardware or platform in its own words
    # (compat/refusals.py's grammar); value: the hardware as said, name: the library ("" unnamed)
    MESSAGE_HW_REFUSED = "message.hardware_refused"
    # s14-lookup: a failed lookup of a platform or device raised in the program's own file;
    # value: the key, name: the file's name
    MESSAGE_USER_LOOKUP = "message.user_code_lookup"
    MESSAGE_NCCL_NOT_BUILT = "message.nccl_not_built"  # torch.distributed: no NCCL in this torch
    # issue 38 (s14-supported): an exception raised in a frame of a library compat/support.py
    # lists (the package of the traceback's last frame); value: the exception's line, name: the
    # library as the table names it
    MESSAGE_LIBRARY_RAISED = "message.library_raised"
    # issue 38 (s16-arch): a library compat/support.py lists that a kernel's no-code symptom's
    # line names ("… flash-attn error : no kernel image …", "CUDA error (/__w/xformers/xformers/
    # …): no kernel image …"); value and name: the library as the table names it
    MESSAGE_LIBRARY_NAMED = "message.library_named"
    # issue 38 (s15-support): a reporter's question whether a library compat/support.py lists
    # runs on a machine ("Does vllm support macos M1?", "DeepSpeed on Apple Silicon?"); value:
    # the question's words, name: the library as the table names it. The machine the question
    # names is told by the two keys after it, on the same line and with the same name.
    PROSE_SUPPORT_ASKED = "prose.support_asked"
    # the hardware the question names ("AMD GPU", "MPS", "CPU only"); value: the registry's key
    PROSE_ASKED_HARDWARE = "prose.support_asked.hardware"
    # the system the question names ("Windows", "an M1 Mac"); value: sys.platform's word
    PROSE_ASKED_SYSTEM = "prose.support_asked.system"
    # issue 38 (s21-names): an accelerator the question names that no registry row is (another
    # vendor's chip called a TPU: "Coral Edge TPU", "BM1684"); value: its words as written
    PROSE_ASKED_UNLISTED = "prose.support_asked.unlisted"
    # issue 38 (s14-supported): an exception inside the output pip shows of a failed build
    # ("╰─> [22 lines of output]" … "[end of output]"); value: the exception's line
    PIP_BUILD_RAISED = "message.pip_build_raised"
    # issue 38 (s14-supported): the package a setup.py of the flash-attention family says it
    # builds ("mamba_ssm was requested, but nvcc was not found"); value: its import name
    BUILD_REQUESTED = "message.build_requested"
    # issue 38 (s16-subject): a library compat/support.py lists, named where a paste says what
    # the report is about (a traceback frame in it, pip's build of it, the command run, an
    # error line's module, the title, the reporter's words); value: how it was named
    # (a `SubjectTie`), name: the library as the table names it
    SUBJECT_LIBRARY = "prose.subject_library"
    # issue 38 (s21-words): the machine an issue's title names beside a library it names
    # ("Unsloth On Mac", "xformers used even on AMD GPUs"; readers/asked.py `machines_named`);
    # value: a registry backend key or a compat/support.py system, name: the library
    SUBJECT_MACHINE = "prose.subject_machine"
    # issue 38 (s17-tracker): the repository the issue was filed in (`detect --paste FILE --repo
    # OWNER/NAME`), where compat/support.py has a row read there; value: OWNER/NAME, name: the
    # row's library; on the paste's first line with words (gather/reports/tracker.py)
    TRACKER = "issue.tracker"
    # issue 38 (s17-tracker): a question that named no library, asked about the tracker's (on
    # the question's line); value: OWNER/NAME, name: the row's library
    TRACKER_ASKED = "issue.tracker_asked"
    TRITON_FORKED_PROBE = "triton.forked_probe"  # Triton 3.7's cuInit(0) in a forked worker
    # issue 38: vLLM on an AMD GPU its ROCm support leaves out
    VLLM_SAID = "vllm.said"  # a line only vLLM prints or holds: its log, its path, its pin
    VLLM_GFX906_FORK = "vllm.gfx906_fork"  # a community build for gfx906 named in the paste
    # issue 38: Ascend NPU memory and CANN's libraries
    MESSAGE_NPU_OOM = "message.npu_out_of_memory"  # torch-npu's allocator: the size it asked
    MESSAGE_ASCEND_LIBRARY = "message.ascend_library"  # the loader: "libatb.so"; name: npu-smi
    PROSE_CANN = "prose.cann"  # issue 38: "CANN 8.0.RC3", "CANN | 8.5.2" in a report's words
    # issue 38: NumPy 2 under a module built against NumPy 1
    MESSAGE_NUMPY_ABI = "message.numpy_abi"  # "compiled using NumPy 1.x cannot be run in"
    NUMPY_RUNNING = "message.numpy_running"  # "NumPy 2.1.0 as it may crash": the NumPy loaded
    # issue 38: a container image without a build for this machine's platform
    MESSAGE_IMAGE_PLATFORM = "message.image_platform"  # "no matching manifest for linux/arm64/v8"
    # issue 38: no CUDA toolkit (nvcc) for a build that compiles CUDA code; the value: who said
    MESSAGE_NO_TOOLKIT = "message.no_cuda_toolkit"  # "CUDA_HOME does not exist, unable to …"
    PIP_BUILD_FAILED = "message.pip_build_failed"  # pip: "error: subprocess-exited-with-error"
    # issue 38: fp16 AMP refused on the Mac's GPU (MPS); the value: who refused
    MESSAGE_FP16_REFUSED = "message.fp16_refused"  # "--fp16 … can only be used on CUDA …"
    MACOS_PATH = "prose.macos_path"  # a path only macOS has: /Users/…/, /Volumes/…/, /opt/homebrew/
    HIP_COMPILER = "prose.hip_compiler"  # issue 38: hipcc as a build's compiler (CXX=…/hipcc)
    # issue 38: docker / NVIDIA Container Toolkit recordings
    MESSAGE_CONTAINER_NO_NVML = "message.container_no_nvml"  # nvidia-container-cli: no NVML
    # issue 38: DeepSpeed without an NVIDIA GPU
    MESSAGE_DS_MPS = "message.deepspeed_mps"  # "Can't instantiate abstract class MPS_Accelerator"

    # issue 38: Intel Extension for PyTorch beside a torch of another x.y
    MESSAGE_IPEX_TORCH = "message.ipex_torch"  # IPEX's check: "IPEX-x.y torch-version"
    # issue 38: Ascend's other wordings
    MESSAGE_ACLNN_FAILED = "message.aclnn_failed"  # torch-npu: "call aclnnSwiGlu failed"
    # issue 38: bitsandbytes on a Mac, and its ROCm preview builds
    MACOS_LOADER = "prose.macos_loader"  # dyld: "not a mach-o file"
    # issue 38 (s20-dyld): dyld's "incompatible architecture (have 'x86_64', need 'arm64')":
    # "<have> <need>"; MinGW's ld.exe "cannot find -lpthread": the target of its directory
    MESSAGE_MACOS_ARCH = "message.macos_arch"
    MESSAGE_MINGW_PTHREAD = "message.mingw_pthread"
    # issue 38: GPU-only packages on a machine with no NVIDIA GPU
    MESSAGE_DS_NO_GPU = "message.deepspeed_no_gpu"  # DeepSpeed's launcher: no GPU resources
    MESSAGE_VLLM_NO_LIBCUDA = "message.vllm_no_libcuda"  # vllm._C: "libcuda.so.1: cannot open"
    VLLM_PLATFORM = "vllm.platform"  # the platform vLLM runs on: "cpu" (detected, asked, built)
    # issue 38: a library's version pin refused; the name: the package, the value: "spec found"
    MESSAGE_PIN_REFUSED = "message.pin_refused"  # "X>=a,<=b is required for a normal ..."
    MESSAGE_PIP_CONFLICT = "message.pip_conflict"  # pip: "Y 1.0 requires X<2, but you have X 2.1"
    # pip refusing this Python: the name: the package, the value: "spec python"
    MESSAGE_PYTHON_REFUSED = "message.python_refused"  # "requires a different Python: 3.7 not in"
    # issue 38 (s15-wheeltag): a package's own setup script refusing this Python ("TTS requires
    # python >= 3.9 and < 3.12 but your Python version is 3.12.0"); the name: the package where
    # the words name it, the value: "spec python" (python empty where the words do not say it)
    MESSAGE_PYTHON_GUARD = "message.python_guard"
    MESSAGE_NO_DISTRIBUTION = "message.no_distribution"  # "No matching distribution found for"
    PIP_CONFLICTS = "message.pip_conflicts"  # pip: "dependency resolver does not currently …"
    # pip: "Ignored the following versions that require a different python version: 1.21.2
    # Requires-Python >=3.7,<3.11; …", the value: "version=spec" pairs joined by ";"
    PYTHON_IGNORED = "message.python_ignored"
    # issue 38: a library with no build for this machine (archlib): the value, the CPU kernel
    # that has no half precision ("addmm_impl_cpu_"); MPS refusing float64
    MESSAGE_HALF_ON_CPU = "message.half_on_cpu"  # "\"addmm_impl_cpu_\" not implemented for 'Half'"
    MESSAGE_MPS_FLOAT64 = "message.mps_float64"  # "Cannot convert a MPS Tensor to float64 dtype"
    # issue 38 (s9-precision): bf16 AMP refused by accelerate; the value: who refused
    MESSAGE_BF16_AMP_REFUSED = "message.bf16_amp_refused"  # "bf16 mixed precision requires …"
    # SYCL refusing a float64 kernel on an Intel GPU without fp64 (Arc, Xe-LP iGPUs)
    MESSAGE_XPU_FLOAT64 = "message.xpu_float64"  # "Required aspect fp64 is not supported …"
    # NVIDIA's PTX assembler refusing a bf16 instruction below sm_80 (a Triton kernel's)
    MESSAGE_PTX_BF16 = "message.ptx_bf16"  # "Feature '.bf16' requires .target sm_80 or higher"
    # issue 38 (s18-gpuprose): torch's autocast refusing bfloat16 on the CUDA device
    MESSAGE_AUTOCAST_BF16 = "message.autocast_bf16"  # "Current CUDA Device does not support …"
    # the reporter's words that a GPU has no bfloat16 ("V100是不支持bf16", "T4 doesn't have
    # BF16"); the value: the line's words around them, where the GPU is named
    PROSE_BF16_LACKING = "prose.bf16_lacking"
    # issue 38 (s19-quiet): the reporter's words that the work ran ("Training launches", "run
    # successfully", "still runs fine", "可以正常推理"); the value: the words
    PROSE_RAN = "prose.ran"
    MESSAGE_XPU_OPERATOR = "message.xpu_operator"  # the operator with no XPU kernel
    PIN_CORE = "message.pin_core"  # transformers' own hint: "… if you're working with git main"
    PIN_SKIP = "message.pin_skip"  # LLaMA-Factory's hint: "set `DISABLE_VERSION_CHECK=1` to skip"
    # issue 38: Gaudi / Neuron / TPU; the value: the runtime docker was asked for ("habana")
    MESSAGE_CONTAINER_RUNTIME = "message.container_runtime"  # "unknown or invalid runtime name"
    # issue 38: vLLM Ascend's compiled part (vllm_ascend_C) missing or unloadable; the value:
    # what shows it ("not_built", "kernels", "op", "camem", "symbol")
    MESSAGE_VLLM_ASCEND_C = "message.vllm_ascend_c"
    # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
    MESSAGE_ONEAPI_LIBRARY = "message.oneapi_library"  # "libsycl.so.7: cannot open shared …"
    MESSAGE_IPEX_DLL = "message.ipex_dll"  # IPEX's WinError: "intel-ext-pt-gpu.dll 126"
    # an older oneAPI library found first: "libur_loader.so.0 LIBUR_LOADER_0.10 libsycl.so.8"
    MESSAGE_ONEAPI_APART = "message.oneapi_apart"
    # torch: "The detected GPU (Intel(R) UHD Graphics 770) is not officially supported by …"
    MESSAGE_XPU_GPU_UNSUPPORTED = "message.xpu_gpu_unsupported"
    # issue 38: serving limits: vLLM's KV cache shorter than max_model_len ("4096 1216", or
    # "40960 5.62 4.50" in GiB), TGI's token limits ("request total 2048", "launcher")
    MESSAGE_VLLM_KV_CACHE = "message.vllm_kv_cache"
    MESSAGE_TGI_LIMIT = "message.tgi_limit"
    # issue 38: a library importing a transformers module its transformers is too old to have
    MESSAGE_TRANSFORMERS_MODULE = "message.transformers_module"  # "transformers.cache_utils"
    # issue 38: Gaudi software of one release on another: optimum-habana's own check, as
    # "<validated> <found> <what>": "1.19.0 1.20.0.543 habana-frameworks", "1.14.0 1.15.0 driver"
    MESSAGE_HABANA_VALIDATED = "message.habana_validated"
    # issue 38: CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol (s6-macintel)
    MACOS_WHEEL = "prose.macos_wheel"  # pip/uv naming a macOS platform tag: "macosx_11_0_arm64"
    PIP_SDIST = "message.pip_sdist"  # pip fetching a CUDA-only package's source: "xformers"
    # uv: "`bitsandbytes==0.45.0 …` can't be installed because it doesn't have a source
    # distribution or wheel for the current platform"; the name: the package
    MESSAGE_NO_PLATFORM_WHEEL = "message.no_platform_wheel"
    # issue 38 (s10-platform): the other installers' words for no file of a package here:
    # poetry's "Unable to find installation candidates for triton (2.2.0)" ("triton==2.2.0"),
    # uv's "triton==3.0.0 has no wheels with a matching platform tag (e.g., `win_amd64`)"
    # ("triton platform win_amd64"), pip's "flash_attn-2.6.3-cp310-cp310-linux_x86_64.whl is
    # not a supported wheel on this platform" ("flash_attn cp310 cp310 linux_x86_64"), uv's
    # hint "The wheel is compatible with Linux (`linux_x86_64`), but you're on Windows
    # (`win_amd64`)" ("linux_x86_64 win_amd64")
    MESSAGE_NO_CANDIDATES = "message.no_candidates"
    MESSAGE_NO_TAGGED_WHEEL = "message.no_tagged_wheel"
    # issue 38 (s13-wheels): the packages pip or uv names after a failed build ("flash-attn
    # xformers"), and the Python a site-packages path is of ("3.10")
    MESSAGE_BUILD_FAILED_FOR = "message.build_failed_for"
    PYTHON_LIB_PATH = "prose.python_lib_path"
    # issue 38 (s13-wheels): a build directory's Python and platform ("3.12 win-amd64"), and
    # the source distribution pip fetched ("tokenizers 0.13.1")
    PYTHON_BUILD_DIR = "prose.python_build_dir"
    PROSE_INTEL_MAC = "prose.intel_mac"  # "Intel iMac", "MacOS intel chip": a Mac on x86_64
    PIP_SDIST_RELEASE = "message.pip_sdist_release"
    # issue 38 (s18-since): the releases pip says it installed ("bitsandbytes 0.49.2 einops
    # 0.8.1", from "Successfully installed bitsandbytes-0.49.2 einops-0.8.1")
    PIP_INSTALLED = "install.pip_installed"
    # the releases an install command names ("flash-attn 0.2.2" from "pip install
    # flash-attn==0.2.2", a wheel's file name): the release the reporter installs
    PIP_REQUESTED = "install.pip_requested"
    MESSAGE_WHEEL_REFUSED = "message.wheel_refused"
    MESSAGE_WHEEL_APART = "message.wheel_apart"
    POETRY_INSTALL_FAILED = "message.poetry_install_failed"  # "- Installing triton (2.2.0): Failed"
    # poetry 2's count of the wheels this environment's tags refused: "8 wheel(s) were skipped as
    # your project's environment does not support the identified abi tags"
    POETRY_TAGS_SKIPPED = "message.poetry_tags_skipped"
    MESSAGE_MKL_IJIT = "message.mkl_ijit"  # "libtorch_cpu.so: undefined symbol: iJIT_NotifyEvent"
    # a reporter's words that the first XPU work takes minutes: "hangs for several minutes"
    MESSAGE_XPU_SLOW_FIRST = "message.xpu_slow_first"
    # issue 38: Google TPU / torch_xla. The TPU VM's metadata or chip missing ("tpu-env 404",
    # "No ba16c7433 device found"); PJRT's TPU client refusing ("Check failed:
    # tpu_status.ok()"); Colab named; _XLAC's undefined symbol (the symbol); torch_xla
    # choosing its runtime itself (its words); an XRT variable named ("XRT_TPU_CONFIG")
    MESSAGE_TPU_NODE = "message.tpu_node"
    MESSAGE_TPU_STATUS = "message.tpu_status"
    MESSAGE_COLAB = "message.colab"
    MESSAGE_XLAC_SYMBOL = "message.xlac_symbol"
    MESSAGE_PJRT_DEFAULT = "message.pjrt_default"
    MESSAGE_XRT_VARIABLE = "message.xrt_variable"
    MESSAGE_LIBTPU_APART = "message.libtpu_apart"  # PJRT's C API sizes/versions apart
    MESSAGE_TPU_BUSY = "message.tpu_busy"  # libtpu: the TPU held by another process ("pid 176028")
    # issue 38: CANN's operator kernels: missing ("Op Equal does not has any binary", "…
    # check if the opp_kernel package is installed"; the value: the operator or those words),
    # or built for another SoC (the value: "<the binary's SoC> <the device's SoC>")
    MESSAGE_CANN_KERNELS = "message.cann_kernels"
    MESSAGE_CANN_SOC = "message.cann_soc"
    # issue 38: ROCm device nodes denied, a conda libstdc++ too old, Gen9 Intel iGPUs
    MESSAGE_ROCM_NODE_DENIED = "message.rocm_node_denied"  # "/dev/kfd" (Permission denied)
    MESSAGE_ROCM_MEMBER = "message.rocm_member"  # rocminfo: "render", "not video"
    MESSAGE_GLIBCXX_MISSING = "message.glibcxx_missing"  # "GLIBCXX_3.4.32 …/libze_loader.so.1"
    MESSAGE_INTEL_GEN9 = "message.intel_gen9"  # "Intel UHD Graphics 620"
    MESSAGE_SPIRV_UNSUPPORTED = "message.spirv_unsupported"  # IGC: "66560" (SPIR-V 1.4)
    MESSAGE_SYCL_BUILD_FAILED = "message.sycl_build_failed"  # "PI_ERROR_INVALID_BINARY"
    # issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph (an assertion, an MLIR
    # error of an "mps." op, torch's "Unaligned blit request"); value: the words, or "llvm" for
    # MLIR's bare "LLVM ERROR: Failed to infer result type(s)."
    MESSAGE_MPS_ASSERTION = "message.mps_assertion"
    # issue 38: a CUDA extension built with nvcc of another release than torch's CUDA: torch's
    # cpp_extension refusing it ("The detected CUDA version (12.1) mismatches the version that
    # was used to compile PyTorch (11.8)"); the value: nvcc's release, then torch's CUDA
    MESSAGE_TORCH_CUDA_MISMATCH = "message.torch_cuda_mismatch"
    MESSAGE_TORCH_BUILT_CUDA = "message.torch_built_cuda"
    # issue 38: a serving image's CUDA above the host driver's: nvidia-container-cli's
    # "requirement error: unsatisfied condition: cuda>=12.4" (the CUDA the image requires)
    MESSAGE_CONTAINER_CUDA = "message.container_cuda"
    # CUDA error 222: "the provided PTX was compiled with an unsupported toolchain"
    MESSAGE_PTX_TOOLCHAIN = "message.ptx_toolchain"
    # issue 38: torch-neuron / torch-neuronx pinning one torch: torch-neuron's import check,
    # "Invalid dependency version torch==2.0.1+cu117. Expected torch==1.13.1" (value: the
    # torch found, then the one expected)
    MESSAGE_NEURON_TORCH = "message.neuron_torch"
    # issue 38: the torch a Neuron framework requires, in pip's words or a reporter's
    # ("torch-neuronx 2.1.2.2.1.0 depends on torch==2.1.*", "`torch-neuronx` requires torch
    # `2.1.2`"; value: the framework, then the torch version or series)
    NEURON_TORCH_REQUIRED = "neuron.torch_required"
    NEURON_TORCH_PINNED = "neuron.torch_pinned"  # issue 38: "torch was pinned to 1.13"
    # issue 38: the Neuron runtime in a container apart from the host's: neuron-rtd's version
    # ("nrtd build using:1.1.1402.0") and its lines after a failed start (no cause of their own)
    NEURON_RTD_VERSION = "neuron.rtd_version"
    NEURON_RTD_FAILED = "neuron.rtd_failed"
    # issue 38: Gaudi with a torch of another accelerator: vllm-fork's collect_env's "HPU
    # devices: 8x HL-325L" (value: the count and the product name)
    HPU_DEVICES = "hpu.devices"
    # issue 38: NeuronCores held by another process: NRT's "nrt_allocate_neuron_cores" error,
    # "NeuronCore(s) not available - Requested:1 Available:0", torch-neuronx's "cannot determine
    # the number of available NeuronCores"
    MESSAGE_NEURON_CORES = "message.neuron_cores"
    # issue 38: a library on hardware it does not support, named wherever the paste names it:
    # an Atlas 300I's Ascend 310P in words ("300I Duo", "310p"), vLLM Ascend named in words
    # ("vllm-ascend", "VLLM- Ascend"), and its -310p build named ("vllm-ascend:v0.10.0rc1-310p")
    PROSE_ASCEND_310P = "prose.ascend_310p"
    VLLM_ASCEND_NAMED = "vllm_ascend.named"
    VLLM_ASCEND_310P_BUILD = "vllm_ascend.build_310p"
    # TGI: "Sharded Llama requires Flash Attention enabled models" (the value: the model)
    MESSAGE_TGI_FLASH_REQUIRED = "message.tgi_flash_required"
    XFORMERS_BUILD = "pip.xformers_build"  # "Building wheel for xformers (", "安装不上xformers"
    PROSE_MAC = "prose.mac"  # the Mac named in words: "macos M1", "on Mac", "MacBook Pro"
    # issue 38 (s21-container): a Linux container named (Docker, a Dockerfile, `docker run`,
    # /.dockerenv, Docker Desktop's linuxkit kernel), and Apple's GPU wanted or failing in it
    # (Metal: `--features metal`, gcc's missing Objective-C compiler cc1obj; MPS: the "mps"
    # device, torch's "not linked with support for mps devices")
    PROSE_CONTAINER = "prose.container"
    PROSE_APPLE_GPU = "prose.apple_gpu"
    # issue 38 (s12-osbuild): a Linux machine on an Arm CPU named in words or a wheel tag
    # ("linux/arm64", "aarch64", "Jetson Nano", "DGX Spark", "…manylinux2014_aarch64.whl")
    PROSE_ARM_LINUX = "prose.arm_linux"
    # issue 38 (s18-mend-misc): a 32-bit Arm Linux machine ("armv7l" in uname or a platform
    # line, a wheel's linux_armv7l tag, Debian's "armhf"): not x86, and not aarch64 either
    PROSE_ARM32_LINUX = "prose.arm32_linux"
    # issue 38 (s7-build): an AMD GPU in the reporter's own words, no model named ("I have an
    # AMD gpu")
    PROSE_AMD_GPU = "prose.amd_gpu"
    # issue 38 (s15-realrec): AMD's GPU stack named in the reporter's words, a title's too
    # ("Ubuntu 24.04.4 ROCm 7.1.1", "I installed ROCm", "HIP SDK 6.2"); the value: the words
    PROSE_ROCM = "prose.rocm"
    # issue 38 (s21-mendA): HSA_OVERRIDE_GFX_VERSION set on any line, a command's or a
    # script's too ("HSA_OVERRIDE_GFX_VERSION=10.3.0 python main.py", "export …=10.3.0");
    # the value: the version set
    ENV_HSA_OVERRIDE = "env.hsa_override"
    # issue 38 (s15-nogpu): the machine said in the reporter's words to have no GPU ("on a
    # CPU-only machine", "GPU/VRAM: none", "I don't have an NVIDIA GPU"); the value: the words
    PROSE_NO_GPU = "prose.no_gpu"
    # issue 38: serving stacks without a device: vLLM's log that it found no platform, torch's
    # "Device string must not be empty" (UnspecifiedPlatform's empty device type), an
    # out-of-tree platform activated after all ("ascend"), and vLLM named anywhere (a title's
    # "vllm 启动失败")
    MESSAGE_VLLM_UNSPECIFIED = "message.vllm_unspecified"
    MESSAGE_EMPTY_DEVICE = "message.empty_device"
    VLLM_PLUGIN = "vllm.plugin"
    VLLM_NAMED = "prose.vllm_named"
    # issue 38: a model type the installed transformers does not know; the value: the type
    MESSAGE_MODEL_TYPE = "message.model_type_unknown"  # "model type `qwen3` but Transformers …"
    # issue 38 (s16-models): AutoConfig's KeyError for a model type of the generated table
    # (compat/model_types_table.txt), "KeyError: 'gemma3'"; the value: the type
    MESSAGE_MODEL_TYPE_KEY = "message.model_type_key"
    # a traceback through AutoConfig's table ("configuration_auto.py", "CONFIG_MAPPING[");
    # the value: "configuration_auto"
    MESSAGE_CONFIG_MAPPING = "message.config_mapping"
    # a transformers before 4.43 refusing Llama 3.1's rope_scaling; the value: its rope_type
    MESSAGE_ROPE_TYPE = "message.rope_type_refused"
    # a rope_scaling dict's "rope_type" wherever the paste shows it; the value: the type
    ROPE_TYPE_SHOWN = "message.rope_type_shown"
    # a model named in a title or prose ("Qwen2.5-VL", "gemma-3"); the value: the words
    MODEL_NAMED = "prose.model_named"
    # issue 38: SentenceTransformer refusing a keyword argument; the value: the argument
    MESSAGE_ST_ARGUMENT = "message.sentence_transformer_argument"  # "'trust_remote_code'"
    # issue 38: Neuron / TPU runtimes and packages. The old Neuron driver package,
    # aws-neuron-dkms (no "x"), failing to install or build: dpkg's "error processing package
    # aws-neuron-dkms", its DKMS build's make.log under /var/lib/dkms/aws-neuron/, a Dockerfile's
    # install of it returning non-zero, a title's "Error … installing aws-neuron-dkms"
    MESSAGE_NEURON_OLD_DKMS = "message.neuron_old_dkms"
    # DKMS's own failure lines ("Error! Bad return status for module build on kernel: …",
    # "Error! pre_install failed, aborting install.") and apport's report of them, which name
    # no package: the module's finding uses them
    DKMS_FAILED = "dkms.failed"
    # issue 38: Neuron / TPU runtimes and packages. TensorFlow's TPU code finding a function
    # missing from the libtpu it loaded ("TpuEmbeddingEngine_CollateMemory not available in this
    # library.", tensorflow/core/tpu/tpu_library_init_fns.inc; value: the function), and a
    # libtpu refusing the flag torch_xla gives it ("Unknown command line flag
    # 'xla_latency_hiding_scheduler_rerun'"; value: the flag)
    MESSAGE_TF_LIBTPU = "message.tensorflow_libtpu"
    MESSAGE_LIBTPU_FLAG = "message.libtpu_flag"
    # issue 38: serving stacks and builds (s8-serving): flash-attn's setup.py refusing
    # CUDA_HOME's nvcc below its floor ("FlashAttention is only supported on CUDA 11.6 and
    # above"; the value: the floor, then who says it)
    MESSAGE_NVCC_FLOOR = "message.nvcc_floor"
    # issue 38 (s8-serving): CUDA error 803, cudaErrorSystemDriverMismatch ("system has
    # unsupported display driver / cuda driver combination"): the kernel module and libcuda
    # loaded are of different releases
    MESSAGE_DISPLAY_DRIVER_MISMATCH = "message.display_driver_mismatch"
    # issue 38 (s8-serving): text-generation-inference's server finding torch without CUDA
    # ("ImportError: CUDA is not available", "Could not import Flash Attention enabled models:
    # CUDA is not available"): TGI logs it as a warning, but a GPU server without CUDA has failed
    MESSAGE_TGI_NO_CUDA = "message.tgi_no_cuda"
    # issue 38 (s8-serving): text-generation-inference's server without an implementation of the
    # checkpoint's model type ("Unsupported model type t5"; the value: the model type), and the
    # paste naming TGI at all (its image, its launcher or server, tgi-gaudi)
    MESSAGE_TGI_MODEL_TYPE = "message.tgi_model_type"
    TGI_NAMED = "tgi.named"
    # issue 38: pip's resolver refusing an install (s8-pip): each requirement of its "The
    # conflict is caused by:" list, the name: the package required, the value: "spec requirer
    # version" ("==2.3.1+cpu torch-npu 2.3.1"; the requirer "user" for "The user requested")
    MESSAGE_PIP_DEPENDS = "message.pip_depends"
    # "ERROR: ResolutionImpossible", "Cannot install A and B because these package versions
    # have conflicting dependencies."
    MESSAGE_PIP_IMPOSSIBLE = "message.pip_impossible"
    # pip: "Requested X from URL has inconsistent version: expected 'A', but metadata has
    # 'B'"; the name: the package, the value: "A B"
    MESSAGE_INCONSISTENT_VERSION = "message.inconsistent_version"
    # issue 38: device: an accelerator's device node denied to this user, said by a program
    # other than rocminfo (amd-smi, a Python PermissionError, strace, a driver's open); the
    # value: the node's path ("/dev/nvidia0", "/dev/dri/card0", "/dev/davinci0")
    MESSAGE_DEVICE_NODE_DENIED = "message.device_node_denied"
    # issue 38: device: the reporter's words that the accelerator works as root or with sudo
    # and not as this user ("only works with sudo", "non root user … returning false",
    # "root 下可以"); the value: the words
    PROSE_ONLY_AS_ROOT = "prose.only_as_root"
    # issue 38: device: the reporter's words that flash attention does not run on a GPU ("Flash
    # attention not supported on P100/V100 GPUs", "FlashAttention is not supported on V100");
    # the value: the GPU words after them ("P100/V100 GPUs"), "" where none follow
    PROSE_FLASH_ATTN_UNSUPPORTED = "prose.flash_attn_unsupported"
    # issue 38: device: flash-attn in use: a config's "flash_attention: true", transformers'
    # attn_implementation="flash_attention_2", flash_attn's own files in a traceback; the
    # value: "2" where FlashAttention 2 shows (its API, its module), "" otherwise
    FLASH_ATTN_USED = "flash_attn.used"
    # issue 38: device: the amdgpu kernel driver's word that KFD, ROCm's compute interface, does
    # not support the GPU; the value: the ASIC ("PITCAIRN"), "" where it names none
    MESSAGE_KFD_UNSUPPORTED = "message.kfd_unsupported"
    # issue 38: device: rocminfo failing at its start (HSA's status, /dev/kfd's open other than
    # Permission denied); the value: the words ("HSA_STATUS_ERROR_OUT_OF_RESOURCES", "4104")
    MESSAGE_ROCMINFO_FAILED = "message.rocminfo_failed"
    # issue 38 (s21-atomics): clinfo finding no OpenCL platform: "ERROR: clGetPlatformIDs(-1001)"
    # (ROCm's clinfo, ROCm/legacy-rocm-build#902); the value: the status, "-1001"
    MESSAGE_OPENCL_NO_PLATFORM = "message.opencl_no_platform"
    # issue 38: device: vLLM Ascend finding no path for the NPU's SoC; the value: its words,
    # the SoC last ("Unsupported soc_version: AscendSocVersion.UNDEFINED", "… soc_version: 104")
    MESSAGE_VLLM_ASCEND_SOC = "message.vllm_ascend_soc"
    # issue 38: s8-platform: Windows named in words ("Windows10 + AMD6500XT", "OS: win10",
    # "Windows 11", a wheel's "win_amd64"), and Stable Diffusion webui's start-up check of
    # torch.cuda.is_available() ("Torch is not able to use GPU; add --skip-torch-cuda-test")
    PROSE_WINDOWS = "prose.windows"
    # issue 38 (s21-forms): Linux as an issue form's answer to its OS question ("### OS" then
    # "Linux", "### Operating system" then "Ubuntu 22.04"): the machine's system; the value:
    # the answer
    PROSE_LINUX = "prose.linux"
    MESSAGE_WEBUI_NO_GPU = "message.webui_no_gpu"
    # issue 38 (s18-launch): an AMD CPU's integrated graphics in the reporter's words ("AMD CPU
    # with onboard graphics", "iGPU (togather with an AMD CPU)", "AMD APU", "AMD Radeon
    # Graphics"); the value: the words
    PROSE_AMD_IGPU = "prose.amd_igpu"
    # issue 38 (s18-launch): Vulkan finding no driver it can use ("VK_ERROR_INCOMPATIBLE_DRIVER",
    # vulkaninfo's "failed with ERROR_INCOMPATIBLE_DRIVER", the loader's "Found no drivers!");
    # the value: the words
    MESSAGE_VULKAN_NO_DRIVER = "message.vulkan_no_driver"
    # issue 38 (s8-platform): xformers refusing a device it has no kernels for: its dispatcher's
    # "No operator found for `memory_efficient_attention_forward`" (value: the operator) or
    # diffusers' "xformers' memory efficient attention is only available for GPU" (value:
    # "diffusers"), and each operator's reason "device=mps (supported: {'cuda'})" (value: the
    # device)
    MESSAGE_XFORMERS_REFUSED = "message.xformers_refused"
    MESSAGE_XFORMERS_DEVICE = "message.xformers_device"
    # issue 38 (s8-platform): transformers' and diffusers' bitsandbytes quantizer refusing a
    # machine without CUDA ("No GPU found. A GPU is needed for quantization.")
    MESSAGE_BNB_QUANTIZER = "message.bnb_quantizer_no_gpu"
    # issue 38 (s8-platform): a package's compiled part missing where it has no build for the
    # OS: "No module named 'vllm._C'", "Cannot find vllm_C" (value "vllm"), "No module named
    # 'triton'", torch's "Cannot find a working triton installation" (value "triton")
    MESSAGE_NO_OS_BUILD = "message.no_os_build"
    # issue 38 (s9-memory): a device's memory run out in its backend's words (CUDA, HIP, XPU,
    # Level Zero, Gaudi, Neuron, XLA), and free memory a device does not report
    MESSAGE_DEVICE_OOM = "message.device_out_of_memory"
    MESSAGE_FREE_MEMORY_UNREAD = "message.free_memory_unread"
    # issue 38 (s9-cpucomp): a library's own words that the CPU lacks the instruction set its
    # build needs (vLLM's CPU build, IPEX, TensorFlow, llamafile); the value: the instruction
    # set as the library names it ("AVX512", "AVX2"); name: the library
    MESSAGE_CPU_ISA = "message.cpu_isa_missing"
    # issue 38 (s9-cpucomp): the same sentence's words, spaces collapsed (what a finding quotes)
    MESSAGE_CPU_ISA_SAID = "message.cpu_isa_said"
    # issue 38 (s9-cpucomp): a process killed by SIGILL, as the shell or the reporter prints
    # it ("Illegal instruction (core dumped)", zsh's "illegal hardware instruction"); the
    # value: the words
    MESSAGE_ILLEGAL_INSTRUCTION = "message.illegal_instruction"
    # issue 38 (s9-cpucomp): the reporter's words that the CPU has no AVX2 / AVX-512 / AVX
    # ("won't support avx2", "machines without AVX512"); the value: the instruction set
    PROSE_CPU_LACKS = "prose.cpu_lacks_isa"
    # issue 38 (s9-cpucomp): the Neuron compiler's own internal error (neuronx-cc's "[TEN404]
    # Internal tensorizer error", "Unhandled exception", neuron-cc's "An Internal Compiler
    # Error has occurred"); the value: its code or words
    MESSAGE_NEURON_COMPILER = "message.neuron_compiler_error"
    # issue 38 (s9-cpucomp): neuronx-cc's version as the paste shows it (its compile cache's
    # "neuronxcc-2.13.72.0+…" directory, "NeuronX Compiler version 2.14.227.0")
    NEURON_COMPILER_VERSION = "neuron.compiler_version"
    # issue 38 (s9-cpucomp): torch-neuronx's wrapper saying a compilation failed (its
    # NEURON_CC_WRAPPER lines); the value: its words
    NEURON_COMPILE_FAILED = "neuron.compile_failed"
    # issue 38 (s9-cpucomp): ROCm under WSL: rocminfo's "WSL environment detected." (its WSL
    # build), the WSL runtime's "ROCR: unsupported GPU", and an HSA status named anywhere (a
    # title's "HSA_STATUS_ERROR_OUT_OF_RESOURCES"); the value: the words, the status
    # issue 38 (s9-cpucomp): the CPU's flags as lscpu ("Flags:", collect_env's CPU section) or
    # /proc/cpuinfo ("flags\t\t:") list them; the value: the first of AVX and AVX2 they lack
    # ("AVX": then AVX2 too), "" where AVX2 is there
    CPU_FLAGS_LACK = "cpu.flags_lack"
    # issue 38 (s16-avx): a CPU compat/cpus.py's family table knows, named anywhere (lscpu's
    # "Model name:", /proc/cpuinfo's "model name", lshw's "product:", a title, the reporter's
    # words); the value: the name as written
    CPU_NAMED = "cpu.named"
    # issue 38 (s21-pi): an Arm machine's class as compat/cpus.py arm_class reads a line (a core
    # or board named, lscpu's Flags or /proc/cpuinfo's Features with or without "atomics");
    # the value: the words; the name: "v8.0" (Armv8.0-A, no LSE) or "v8.1+" (LSE)
    ARM_CPU = "cpu.arm_class"
    # issue 38 (s16-avx): words that name a prebuilt binary compat/cpus.py's BINARIES lists
    # (an import of it, a pip install line, pip's "Successfully installed", its own log's
    # words); the value: its key there
    ISA_PROGRAM = "prose.isa_program"
    MESSAGE_ROCM_WSL = "message.rocm_wsl_detected"
    MESSAGE_ROCR_UNSUPPORTED_GPU = "message.rocr_unsupported_gpu"
    MESSAGE_HSA_STATUS = "message.hsa_status"
    # issue 38 (s9-imports): "No module named 'X'" (a top-level module: the value), "cannot
    # import name 'X' from 'Y'" / "module 'Y' has no attribute 'X'" (the value "Y X"), and
    # transformers' "requires the X library but it was not found" (the value "X <floor>")
    MESSAGE_MODULE_MISSING = "message.module_missing"
    MESSAGE_NAME_MISSING = "message.name_missing"
    MESSAGE_LIBRARY_REQUIRED = "message.library_required"
    GETATTR_SOURCE = "traceback.getattr"  # a source line `getattr(module, …)`: the module
    # issue 38 (s14-submodule): "No module named 'a.b'" (the value: the dotted name), and a
    # traceback frame in a package's __init__.py outside site-packages (the value: its path)
    MESSAGE_SUBMODULE_MISSING = "message.submodule_missing"
    TRACEBACK_LOCAL_PACKAGE = "traceback.local_package"
    # issue 38 (s17-names): a traceback's frame; the value: the package its file is in under
    # site-packages or dist-packages ("accelerate"), "" for a file elsewhere (the program's)
    TRACEBACK_FRAME = "traceback.frame"
    # issue 38 (s11-hostmem): the host's memory (RAM, swap, a container's or WSL's limit)
    # run out, in the words of what says so: torch's CPU allocator, the kernel's OOM killer,
    # Docker / Kubernetes / Slurm, Colab, the OS's ENOMEM; the value: the form ("allocator",
    # "oom_killer", "container", "colab", "enomem") and the words, "form:words"
    MESSAGE_HOST_OOM = "message.host_out_of_memory"
    # issue 38 (s11-hostmem): a process ended by SIGKILL (bash's "Killed", torchrun's "Signal
    # 9 (SIGKILL)", an exit code -9 / 137, gcc's "Killed signal terminated program cc1plus",
    # torch-neuronx's "neuronx-cc failed with -9"): the kernel's OOM killer's usual trace,
    # but not an error the words state by themselves; the value: "form:words" ("killed",
    # "build", "neuron")
    MESSAGE_PROCESS_KILLED = "message.process_killed"
    # issue 38 (s11-hostmem): the host's RAM as `free` ("Mem:  total …"), top ("MiB Mem :
    # 128686.2 total") or the reporter ("16G RAM", "32g内存") state it; the value: its words
    HOST_RAM = "host.ram"
    # issue 38 (s11-hostmem): words that the run was stopped on purpose: a KeyboardInterrupt,
    # Ctrl-C, a timeout, `kill -9`: a SIGKILL beside them is no sign of memory
    PROSE_STOPPED = "prose.stopped_on_purpose"
    # issue 38 item 5 (s13-unread): a run's errors no other reader names
    # (readers/run_errors.py): Windows refusing one of torch's DLLs, the value "<dll> <WinError
    # number>" ("fbgemm.dll 126"); Python's "DLL load failed while importing <module>", the
    # value the module, its name "torch" where the traceback shows torch's own import
    MESSAGE_TORCH_DLL = "message.torch_dll_refused"
    MESSAGE_DLL_LOAD_FAILED = "message.dll_load_failed"
    MESSAGE_WINERROR = "message.winerror"  # Windows' "[WinError 126]", no DLL named: "126"
    # tensors an operation got on two devices, the value "placeholder" (torch's MPS placeholder) or
    # the two devices torch names ("cuda:0 and cpu")
    MESSAGE_DEVICES_APART = "message.tensors_on_two_devices"
    # conda's PackagesNotFoundError (the value ""), each package it lists (the value the
    # package as asked, "pytorch-cuda=12.1") and the platform of its channels ("win-64")
    MESSAGE_CONDA_NOT_FOUND = "message.conda_packages_not_found"
    CONDA_PACKAGE_MISSING = "conda.package_not_found"
    CONDA_PLATFORM = "conda.channel_platform"
    CONDA_SOLVE_FAILED = "conda.solve_failed"  # "Solving environment: failed" before it
    # the host refusing an allocation in a program's words: libstdc++'s std::bad_alloc,
    # Python's MemoryError, NumPy's "Unable to allocate <size> for an array"; "form:words"
    MESSAGE_HOST_ALLOC = "message.host_allocation_refused"
    # issue 38 (s15-toolchain): a source build stopping on a build tool that is not installed;
    # value: the words that say so ("can't find Rust compiler"), name: the tool
    # (compat/toolchains.py Tool: "rust", "msvc", "compiler", "python_headers", "cmake"), or
    # "compiler_unset" for CMake's weaker "CMAKE_C_COMPILER not set, after EnableLanguage"
    MESSAGE_TOOLCHAIN_MISSING = "message.toolchain_missing"
    # issue 38 (s15-toolchain): setuptools' line for a build command that ran and failed
    # ("error: command '/usr/bin/gcc' failed with exit code 1"); value: the command as named
    BUILD_COMMAND_FAILED = "message.build_command_failed"
    # issue 38 (s15-toolchain): CMake's "CMake Error at CMakeLists.txt:3 (project):" over an
    # enable-language command's error; value: the command ("project", "enable_language")
    CMAKE_ERROR_AT = "message.cmake_error_at"
    # issue 38 (s15-toolchain): a docker build's RUN of `pip install` failing; value: "pip"
    DOCKER_RUN_FAILED = "message.docker_run_failed"
    # issue 38 (s17-small): torch-directml's CPU fallback warning ("UserWarning: The operator
    # 'aten::…' is not currently supported on the DML backend and will fall back to run on the
    # CPU"); value: the operator. A warning: the run goes on.
    MESSAGE_DML_FALLBACK = "message.dml_fallback"
    # issue 38 (s17-small): the dispatcher refusing an operator on a DirectML tensor ("Could
    # not run 'aten::…' with arguments from the 'UNKNOWN_TENSOR_TYPE_ID' / 'PrivateUse1' /
    # 'DML' backend"); value: the operator. Counted only beside DIRECTML_NAMED.
    MESSAGE_DML_OPERATOR = "message.dml_operator"
    # issue 38 (s17-small): torch-directml named (its import, its package, the "dml" device)
    DIRECTML_NAMED = "message.directml_named"
    # issue 38 (s17-small): Windows' loader finding no nvcuda.dll (the NVIDIA driver's own
    # DLL); name: the package whose traceback frame loads it, where the paste shows one
    MESSAGE_NVCUDA_MISSING = "message.nvcuda_missing"
    # issue 38 (s17-small): onnxruntime and onnxruntime-gpu installed together: pip asked to
    # install both ("pip install onnxruntime-gpu onnxruntime"), or the reporter's words ("install
    # both onnxruntime and onnxruntime-gpu"); value: the words
    MESSAGE_ORT_BOTH = "message.onnxruntime_both"
    # issue 38 (s17-small): torchaudio without the audio backend it was asked for: value
    # "soundfile" (set_audio_backend's "Backend "soundfile" is not one of available backends")
    # or "none" (2.x's dispatcher: "Couldn't find appropriate backend to handle uri"); issue 38
    # (s18-audiopy): "ffmpeg" (2.1+: "Failed to intialize FFmpeg extension") or
    # "ffmpeg_libraries" (0.12-2.0: "FFmpeg libraries are not found", torchaudio's frame needed)
    MESSAGE_TORCHAUDIO_BACKEND = "message.torchaudio_backend"
    # issue 38 (s18-audiopy): torchaudio's log of one FFmpeg major it tried (torchaudio 2.1+,
    # torio: "Failed to load FFmpeg6 extension.", "Successfully loaded FFmpeg4"); value:
    # "failed" or "loaded". A DEBUG line: it explains a missing FFmpeg library, shows no error
    TORCHAUDIO_FFMPEG_LOAD = "message.torchaudio_ffmpeg_load"
    # issue 38 (s17-small): the reporter running on the CPU: ChatGLM's CPU instruction
    # (`from_pretrained(…).float()`), "is_available()) :False", "使用CPU", "CPU部署"; the words
    PROSE_CPU_ONLY = "prose.cpu_only"
    # issue 38 (s18-build): the CUDA toolkit's crt/host_config.h refusing nvcc's host compiler
    # ("#error -- unsupported GNU version! gcc versions later than 8 are not supported!");
    # name: the compiler ("gnu", "msvc", "clang"), value: the bound its line gives ("8",
    # "2017-2022", "16": clang must be less than it)
    MESSAGE_HOST_COMPILER = "message.host_compiler_unsupported"
    # issue 38 (s18-build): the CUDA toolkit's release in the path of its host_config.h
    # ("/usr/local/cuda-9.0/include/crt/host_config.h", "CUDA\v11.8\include\crt/…"): "9.0"
    HOST_CONFIG_CUDA = "message.host_config_cuda"
    # issue 38 (s18-mend-misc): cl.exe's banner, "Microsoft (R) C/C++ Optimizing Compiler
    # Version 19.40.33811 for x64": the compiler's major and minor ("19.40")
    MSVC_VERSION = "message.msvc_version"
    # issue 38 (s18-build): NumPy's C-API version check refusing a module built against a newer
    # NumPy ("module compiled against API version 0xf but this version of numpy is 0xe"); the
    # value: the two versions as the line gives them in hex, the module's then NumPy's ("f e")
    MESSAGE_NUMPY_CAPI = "message.numpy_capi_too_old"
    # issue 38 (s18-build): the ImportError that follows a failed import_array()
    # ("numpy.core.multiarray failed to import"); the value: the words
    NUMPY_IMPORT_FAILED = "message.numpy_import_failed"
    # issue 38 (s18-dtype): torch refusing a dtype MPS has no type for, float64 and bfloat16
    # apart ("Trying to convert Float8_e4m3fn to the MPS backend but it does not have support
    # for that dtype."); value: torch's name of the dtype
    MESSAGE_MPS_DTYPE = "message.mps_dtype"
    # issue 38 (s18-dtype): fp8 weights named (a checkpoint "…fp8….safetensors", a loader's
    # weight dtype fp8_e4m3fn, ComfyUI's "model weight dtype torch.float8_e4m3fn"); the words
    FP8_WEIGHTS_NAMED = "message.fp8_weights_named"
    # issue 38 (s18-dtype): torch-directml refusing float64 ("The GPU device does not support
    # Double (Float64) operations!"); value: the words
    MESSAGE_DML_FLOAT64 = "message.dml_float64"
    # issue 38 (s18-dtype): torch on an Intel GPU named (IPEX's kernels or module, torch's XPU
    # device or wheel, Inductor's Triton kernels): IGC's float64 refusal counts beside it
    XPU_TORCH_NAMED = "message.xpu_torch_named"
    # issue 38 (s18-dtype): the Intel Graphics Compiler's closing line of a failed kernel build
    # ("error: backend compiler failed build."); the words. Only beside IGC's float64 words.
    IGC_BUILD_FAILED = "message.igc_build_failed"
    # issue 38 (s18-dll): one of CUDA's runtime libraries a library other than torch could not
    # load, in that loader's words (readers/messages.py cites each): value the library's file
    # ("cublas64_12.dll", "libcudnn_ops_infer.so.8"; "CUDA_PATH" for onnxruntime's Windows
    # words, which name none); name the loader: "cudnn", "ctranslate2", "tensorflow",
    # "onnxruntime"
    MESSAGE_CUDA_RUNTIME = "message.cuda_runtime_not_loaded"
    # issue 38 (s18-dll): the package of the traceback frame just before such a line (the one
    # whose call loaded it, "faster_whisper"); name the library's file
    MESSAGE_CUDA_RUNTIME_CALLER = "message.cuda_runtime_caller"
    # issue 38 (s18-dll): onnxruntime's own log lines around its provider's failure (its
    # ERROR line's head, "TryGetProviderInfo_CUDA]", and its WARNING "Failed to create
    # CUDAExecutionProvider"): they say which library only beside MESSAGE_CUDA_RUNTIME; value
    # the words
    MESSAGE_ORT_PROVIDER_LOG = "message.onnxruntime_provider_log"
    # issue 38 (s18-mend-loader): TensorFlow's word on its GPUs after its loader's warnings
    # (core/common_runtime/gpu/gpu_device.cc): value "skipped" ("Cannot dlopen some GPU
    # libraries. … Skipping registering GPU devices...") or "created" ("Created device
    # /job:localhost/replica:0/task:0/device:GPU:0 with …", 1.x's "Created TensorFlow device
    # (…/device:GPU:0 …)")
    MESSAGE_TF_GPU_DEVICES = "message.tensorflow_gpu_devices"
    # issue 38 (s18-mend-loader): cuDNN's loader line whose dlerror is not its own file missing
    # ("Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open …");
    # value the file dlerror names ("libcuda.so"), or "" for another error of the same file
    # (an undefined symbol); name cuDNN's file
    MESSAGE_CUDNN_DLERROR = "message.cudnn_dlerror"
    # issue 38 (s18-mend-loader): onnxruntime's own CUDA feed in an index URL ("…/_packaging/
    # onnxruntime-cuda-12/pypi/simple/"); value the feed's CUDA major
    ORT_CUDA_FEED = "install.onnxruntime_cuda_feed"
    # issue 38 (s19-atomics): the kernel's KFD skipping a GPU whose PCIe path passes no atomics
    # ("kfd kfd: skipped device 1002:67df, PCI rejects atomics"); value the device's
    # "vendor:device" ids. KFD_DEVICE_ADDED: KFD taking a GPU ("kfd kfd: added device
    # 1002:67df"), the same ids: the machine's context, no report
    MESSAGE_KFD_ATOMICS = "message.kfd_pci_atomics_skipped"
    KFD_DEVICE_ADDED = "kfd.device_added"
    # issue 38 (s19-atomics): torch_npu running an operator it has no NPU kernel for on the CPU
    # ("CAUTION: The operator 'aten::…' is not currently supported on the NPU backend and will
    # fall back to run on the CPU"); value the operator. A warning: the run goes on.
    MESSAGE_NPU_FALLBACK = "message.npu_cpu_fallback"
    # issue 38 (s19-placeholder): the import of a placeholder AWS keeps on PyPI under a Neuron
    # package's name (its __init__.py: raise ImportError("WRONG PACKAGE. Please install the
    # package from Neuron Repository - …"), compat/placeholders.py); value the distribution
    # where the words name it (transformers-neuronx's end "- https://github.com/aws-neuron/
    # transformers-neuronx#installation"), else ""
    MESSAGE_NEURON_PLACEHOLDER = "message.neuron_placeholder"
    # issue 38 (s19-placeholder): a traceback's frame in the __init__.py of a package such a
    # placeholder raises from (Python's 'File "…/site-packages/torch_neuron/__init__.py", line
    # 1', IPython's "File ~/…/site-packages/tensorflow_neuronx/__init__.py:1"); value the package
    NEURON_PLACEHOLDER_FILE = "traceback.neuron_placeholder_file"
    # issue 38 (s20-unnamed): an Ascend aclnn kernel refusing a tensor's dtype, CANN's
    # OP_CHECK_DTYPE_NOT_SUPPORT ("Tensor self not implemented for DT_DOUBLE, should be in dtype
    # support list [DT_FLOAT,…]", as torch_npu's "call aclnnExpm1 failed" prints it); value the
    # dtype refused ("DT_DOUBLE"), name the aclnn kernel where the line names it, else ""
    MESSAGE_NPU_DTYPE = "message.npu_dtype_unsupported"
    # issue 38 (s20-unnamed): torch_npu's error-code line after a failed ACL call ("[ERROR] …
    # ERR00100 PTA call acl api failed"); value the code. The context of the failure it follows
    TORCH_NPU_ERROR_CODE = "message.torch_npu_error_code"

    def __str__(self) -> str:  # its value in a sentence too, as 3.11's StrEnum
        return str(self.value)

    @classmethod
    def available(cls, device: str) -> FactKey | None:
        """The key of "<device> is available" ("PyTorch XPU available: True"), for a device
        string a report says it of; None for one it never says it of."""
        try:
            return cls(f"{device}.available")
        except ValueError:
            return None


# The values a report prints for "not known".
_UNKNOWN: Final = frozenset({"", "n/a", "na", "could not collect", "could not", "no cuda",
                             "unknown", "<fill in>", "not found"})  # fmt: skip
# The value may name Python again: "Python version: Python 3.6.9" (transformers env as a
# reporter types it).
_PYTHON: Final = re.compile(
    r"^(?:python[ \t]?)?(3\.\d{1,2}(?:\.\d{1,2})?|2\.7(?:\.\d{1,2})?)\b", re.I
)


def known_value(value: str) -> bool:
    """Whether a report's value says something ("N/A", "Could not collect" do not)."""
    return value.strip().lower() not in _UNKNOWN


def python_release(value: str) -> str | None:
    """Python's release in a report's value ("3.10.13 (main, …) [GCC 10.2.1] (64-bit
    runtime)" → "3.10.13"); None when it names none."""
    match = _PYTHON.match(value.strip())
    return match.group(1) if match else None


# issue 38 (s13-wheels): facts that only give a report's context (the Python a site-packages
# path or a build directory is of, the source pip fetched): a paste of them alone holds no
# report hwdoctor reads.
CONTEXT_ONLY: Final = frozenset(
    {
        FactKey.DIRECTML_NAMED,  # issue 38 (s17-small)
        FactKey.TORCHAUDIO_FFMPEG_LOAD,  # issue 38 (s18-audiopy): a DEBUG line
        FactKey.PROSE_CPU_ONLY,
        FactKey.PYTHON_LIB_PATH,
        FactKey.PYTHON_BUILD_DIR,
        FactKey.PIP_SDIST_RELEASE,
        FactKey.PIP_INSTALLED,  # issue 38 (s18-since): what pip installed: no report
        FactKey.PIP_REQUESTED,
        FactKey.TEI_IMAGE,  # issue 38 (s20-gpuprose): an image named, no report
        # an instance type names a machine, not what went wrong on it: with nothing else read
        # the paste stays no report (TEI#429's dying processes are no "no problem")
        FactKey.PROSE_CLOUD_GPU,
        FactKey.PROSE_FOUR_BIT,  # a word named, no report
        FactKey.TEI_NO_BACKEND,  # the router's last word, the backend's error is the report
        FactKey.PROSE_INTEL_MAC,
        FactKey.PROSE_DEBIAN,  # issue 38 (s14-sharedlib)
        FactKey.PROSE_LINUX,  # issue 38 (s21-forms): a form's OS answer: the machine, no report
        FactKey.BUILD_REQUESTED,  # issue 38 (s14-supported): the package a build is of
        # issue 38 (s15-realrec): AMD's GPU stack named: the machine a report is of, no report
        FactKey.PROSE_ROCM,
        FactKey.ENV_HSA_OVERRIDE,  # issue 38 (s21-mendA): a setting, no report
        FactKey.PROSE_NO_GPU,  # issue 38 (s15-nogpu): no GPU in words: the machine, no report
        FactKey.SUBJECT_LIBRARY,  # issue 38 (s16-subject): a library named: what it is about
        FactKey.SUBJECT_MACHINE,  # issue 38 (s21-words): and the machine its title names
        FactKey.TRACKER,  # issue 38 (s17-tracker): where it was filed: no report
        FactKey.TRACKER_ASKED,
        FactKey.TRACEBACK_FRAME,  # issue 38 (s17-names): where a frame's file is: no report
        # issue 38 (s18-dtype): fp8 weights, torch's XPU named: the context of a refusal
        FactKey.FP8_WEIGHTS_NAMED,
        FactKey.XPU_TORCH_NAMED,
        FactKey.KFD_DEVICE_ADDED,  # issue 38 (s19-atomics): a GPU KFD took: the machine
        FactKey.TORCH_NPU_ERROR_CODE,  # issue 38 (s20-unnamed): a failure's code, told with it
        FactKey.PROSE_RAN,  # issue 38 (s19-quiet): words that the work ran: no report
        # issue 38 (s21-container): a container, Metal or MPS named: the context, no report
        FactKey.PROSE_CONTAINER,
        FactKey.PROSE_APPLE_GPU,
    }
)

# issue 38 (s13-prose): the `name` of a Python read from a path or a wheel's tag rather than
# from words (readers/prose.py; assemble._python takes it only where no words name the Python).
PYTHON_FROM_PATH: Final = "path"


def makes_report(fact: PastedFact) -> bool:
    """Whether a fact alone makes a paste a report (gather/reports `read`): anything but
    context (`CONTEXT_ONLY`) and a Python only a path or a wheel's tag shows."""
    return fact.key not in CONTEXT_ONLY and not (
        fact.key is FactKey.PROSE_PYTHON and fact.name == PYTHON_FROM_PATH
    )


class SubjectTie(str, Enum):
    """issue 38 (s16-subject): how a paste ties a library to its report (a SUBJECT_LIBRARY
    fact's value), strongest first: a traceback frame inside the library, pip's build of it,
    the command the reporter ran (pip install, python -m, import, its launcher), an error
    line naming it or its module, the issue's title, the reporter's other words; (s17-tracker)
    last, the repository the issue was filed in (`--repo`), where the paste names none."""

    FRAME = "frame"
    BUILD = "build"
    COMMAND = "command"
    ERROR = "error"
    TITLE = "title"
    PROSE = "prose"
    TRACKER = "tracker"


# issue 38 (s17-tracker): the name readers/asked.py gives a question that names no library and
# points at the tracker's ("does it work in windows?"); gather/reports/tracker.py gives it the
# library of the repository the issue was filed in, or drops it where none is known.
TRACKER_LIBRARY: Final = "(the tracker's library)"


# issue 38 (s13-prose): the facts of the machine a reporter names in words (its GPU, chip,
# accelerator, OS, CPU family, Python): read from a line that names a machine not theirs (a
# question whether, a purchase planned, someone else's, the docs'), none is kept
# (gather/reports/cleaning.py not_the_machine). Versions of packages are not among them.
MACHINE_IN_WORDS: Final = frozenset(
    {
        FactKey.GPU,
        FactKey.PROSE_GPU,
        FactKey.PROSE_CLOUD_GPU,  # issue 38 (s20-gpuprose)
        FactKey.PROSE_GPU_COUNT,
        FactKey.PROSE_CHIP,
        FactKey.PROSE_MAC,
        FactKey.PROSE_MACOS,
        FactKey.PROSE_ACCELERATOR,
        FactKey.PROSE_ARM_LINUX,
        FactKey.PROSE_ARM32_LINUX,  # issue 38 (s18-mend-misc)
        FactKey.PROSE_WINDOWS,
        FactKey.PROSE_LINUX,  # issue 38 (s21-forms)
        FactKey.PROSE_ASCEND_310P,
        FactKey.PROSE_AMD_GPU,
        FactKey.PROSE_AMD_IGPU,  # issue 38 (s18-launch)
        FactKey.PROSE_ROCM,  # issue 38 (s15-realrec)
        FactKey.PROSE_NO_GPU,  # issue 38 (s15-nogpu)
        FactKey.PROSE_GFX,
        FactKey.PROSE_PYTHON,
        # issue 38 (s16-mend-cpu): a CPU named on a line about someone else's ("My colleague
        # said his Celeron J3455 box has the same problem") is not the machine at hand
        FactKey.CPU_NAMED,
    }
)


# s17-wrongA: the MESSAGE_* keys that record a thing the paste names, not a message a program
# printed: Colab (any line naming it, a template's "`Colab` or `Kaggle` or local / cloud"
# too), an Intel GPU's name, XRT's variable. The reporter's words that an error happened count
# beside them (reading.py: a message read shows the error in its own words; a name does not).
NAMED_ONLY: Final = frozenset(
    {
        FactKey.MESSAGE_COLAB,
        FactKey.MESSAGE_INTEL_IGPU,
        FactKey.MESSAGE_INTEL_XPU_GPU,
        FactKey.MESSAGE_XRT_VARIABLE,
        FactKey.DIRECTML_NAMED,  # issue 38 (s17-small): torch-directml named shows no error
        FactKey.FP8_WEIGHTS_NAMED,  # issue 38 (s18-dtype)
        FactKey.XPU_TORCH_NAMED,
        FactKey.IGC_BUILD_FAILED,
    }
)


# The messages that state an error by themselves, each read by readers/messages.py (or a
# tool's reader) from the code that prints it: a line saying one is an error line wherever it
# stands (inside a sentence, after a full-width colon, in another language's prose), so that
# where no finding accounts for it the headline cannot say "no problem" (issue 38, item 5).
STATED_ERRORS: Final = frozenset(
    {
        FactKey.MESSAGE_NEURON_PLACEHOLDER,  # issue 38 (s19-placeholder): PyPI's Neuron stub
        FactKey.MESSAGE_BUILD_FAILED_FOR,  # issue 38 (s13-wheels): pip's or uv's failed build
        FactKey.MESSAGE_DRIVER_TOO_OLD,
        FactKey.MESSAGE_DRIVER_INSUFFICIENT,
        FactKey.MESSAGE_NO_DRIVER,
        FactKey.MESSAGE_FORWARD_COMPAT,
        FactKey.MESSAGE_CONTAINER_NO_GPU,
        FactKey.MESSAGE_FLASH_ATTN_ARCH,
        FactKey.MESSAGE_BNB_NO_GPU,
        FactKey.MESSAGE_VLLM_NO_DEVICE,
        FactKey.MESSAGE_WORKER_DEVICE,  # issue 38 (s19-quiet)
        FactKey.MESSAGE_BF16_UNSUPPORTED,
        FactKey.MESSAGE_TOO_OLD,
        FactKey.MESSAGE_NOT_COMPILED_CUDA,
        FactKey.MESSAGE_LIBRARY_NO_CUDA,
        FactKey.MESSAGE_COMPUTE_TYPE_REFUSED,
        FactKey.MESSAGE_INVALID_DEVICE_FUNCTION,
        FactKey.MESSAGE_NO_KERNEL_IMAGE,
        FactKey.MESSAGE_NO_GPUS,
        FactKey.MESSAGE_NO_HIP_GPUS,
        FactKey.MESSAGE_NVML_FAILED,
        FactKey.MESSAGE_UNDEFINED_SYMBOL,
        FactKey.MESSAGE_MPS_OPERATOR,
        FactKey.MESSAGE_MPS_NOT_BUILT,
        FactKey.BNB_NO_GPU,
        FactKey.BNB_LIBRARY_MISSING,
        # issue 38: Huawei Ascend
        FactKey.MESSAGE_CANN_INIT_ENV,
        FactKey.MESSAGE_CANN_NO_MODULE,
        FactKey.NPU_HEALTH_ALARM,
        # issue 41: the NVIDIA driver's report of a GPU fault, a fatal NVSwitch error
        FactKey.KERNEL_XID,
        FactKey.KERNEL_SXID_FATAL,
        # issue 38: a library refuses the GPU
        FactKey.MESSAGE_TRITON_TOO_OLD,
        FactKey.MESSAGE_LLVM_SHFL_SYNC,
        FactKey.MESSAGE_BNB_INT8,
        FactKey.MESSAGE_VLLM_BELOW_70,
        FactKey.MESSAGE_HF_BF16,
        FactKey.MESSAGE_MPS_BF16,
        FactKey.MESSAGE_TGI_CAPABILITY,
        FactKey.MESSAGE_TEI_COMPUTE_CAP,  # issue 38 (s20-gpuprose)
        # issue 38: CUDA libraries the neighbours cannot find or that disagree
        FactKey.MESSAGE_DS_CUDA_MISMATCH,
        FactKey.MESSAGE_LIBRARY_NOT_FOUND,
        FactKey.MESSAGE_SHARED_LIBRARY,  # issue 38 (s14-sharedlib)
        # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
        FactKey.MESSAGE_MPS_OOM,
        FactKey.MESSAGE_MPS_BUFFER,
        FactKey.MESSAGE_EXECSTACK,
        FactKey.MESSAGE_XPU_NOT_BUILT,
        FactKey.MESSAGE_XPU_NO_DEVICE,
        FactKey.MESSAGE_HPU_ACQUIRE,
        FactKey.MESSAGE_HABANA_MISSING,
        FactKey.MESSAGE_NEURON_DRIVER,
        # issue 38: a CUDA-only package failing at import on another accelerator
        FactKey.MESSAGE_VLLM_IMPORT,
        # issue 38: bitsandbytes' and MPS's other wordings
        FactKey.MESSAGE_BNB_SETUP,
        FactKey.MESSAGE_MPS_NDARRAY,
        FactKey.MESSAGE_MPS_BUFFER_SHORT,
        FactKey.MESSAGE_MPS_CONV_CHANNELS,  # issue 38 (s12-mps)
        FactKey.MESSAGE_MPS_INT_MAX,
        # issue 38: Unsloth's refusal of an old GPU
        FactKey.MESSAGE_UNSLOTH_TOO_OLD,
        # issue 38 (s9-kernels): vLLM's quantization floor, SageAttention's architectures
        FactKey.MESSAGE_VLLM_QUANT_CAPABILITY,
        FactKey.MESSAGE_SAGE_ARCH,
        FactKey.MESSAGE_LIBRARY_NO_GPU,
        FactKey.MESSAGE_GPU_REQUIRED,  # issue 38 (s13-gpuonly)
        FactKey.MESSAGE_CUDA_TENSOR,
        FactKey.MESSAGE_NCCL_NOT_BUILT,  # issue 38 (s10-refusal)
        # issue 38: Ascend NPU memory and CANN's libraries
        FactKey.MESSAGE_NPU_OOM,
        FactKey.MESSAGE_ASCEND_LIBRARY,
        # issue 38: NumPy 2 under a module built against NumPy 1
        FactKey.MESSAGE_NUMPY_ABI,
        # issue 38: a container image without a build for this machine's platform
        FactKey.MESSAGE_IMAGE_PLATFORM,
        # issue 38: no CUDA toolkit (nvcc) for a build that compiles CUDA code
        FactKey.MESSAGE_NO_TOOLKIT,
        # issue 38: fp16 AMP refused on the Mac's GPU (MPS)
        FactKey.MESSAGE_FP16_REFUSED,
        # issue 38: DeepSpeed without an NVIDIA GPU
        FactKey.MESSAGE_DS_MPS,
        # issue 38: Intel Extension for PyTorch beside a torch of another x.y
        FactKey.MESSAGE_IPEX_TORCH,
        # issue 38: Ascend's other wordings
        FactKey.MESSAGE_ACLNN_FAILED,
        # issue 38: GPU-only packages on a machine with no NVIDIA GPU
        FactKey.MESSAGE_DS_NO_GPU,
        # issue 38: a library's version pin refused
        FactKey.MESSAGE_PIN_REFUSED,
        FactKey.MESSAGE_PIP_CONFLICT,
        FactKey.MESSAGE_PYTHON_REFUSED,
        FactKey.MESSAGE_PYTHON_GUARD,
        FactKey.MESSAGE_NO_DISTRIBUTION,
        # issue 38: Gaudi / Neuron / TPU
        FactKey.MESSAGE_CONTAINER_RUNTIME,
        # issue 38: fp16 on the CPU, float64 on MPS (archlib)
        FactKey.MESSAGE_HALF_ON_CPU,
        FactKey.MESSAGE_MPS_FLOAT64,
        # issue 38 (s9-precision): bf16 AMP refused, float64 on an Intel GPU without it
        FactKey.MESSAGE_BF16_AMP_REFUSED,
        FactKey.MESSAGE_XPU_FLOAT64,
        FactKey.MESSAGE_PTX_BF16,
        FactKey.MESSAGE_AUTOCAST_BF16,  # issue 38 (s18-gpuprose)
        FactKey.MESSAGE_XPU_OPERATOR,
        # issue 38: vLLM Ascend's compiled part missing from a source install
        FactKey.MESSAGE_VLLM_ASCEND_C,
        # issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
        FactKey.MESSAGE_ONEAPI_LIBRARY,
        FactKey.MESSAGE_IPEX_DLL,
        FactKey.MESSAGE_ONEAPI_APART,
        FactKey.MESSAGE_XPU_GPU_UNSUPPORTED,
        FactKey.MESSAGE_VLLM_KV_CACHE,  # issue 38: serving limits
        FactKey.MESSAGE_TGI_LIMIT,
        # issue 38: a library importing a transformers module its transformers is too old for
        FactKey.MESSAGE_TRANSFORMERS_MODULE,
        # issue 38: Gaudi software of one release on another (optimum-habana's warning)
        FactKey.MESSAGE_HABANA_VALIDATED,
        # issue 38: CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol (s6-macintel)
        FactKey.MESSAGE_NO_PLATFORM_WHEEL,
        # issue 38 (s10-platform): poetry's and uv's words for no file here, pip's wheel refused
        FactKey.MESSAGE_NO_CANDIDATES,
        FactKey.MESSAGE_NO_TAGGED_WHEEL,
        FactKey.MESSAGE_WHEEL_REFUSED,
        FactKey.MESSAGE_WHEEL_APART,
        FactKey.MESSAGE_MKL_IJIT,
        # issue 38: Google TPU / torch_xla
        FactKey.MESSAGE_TPU_NODE,
        FactKey.MESSAGE_TPU_STATUS,
        FactKey.MESSAGE_XLAC_SYMBOL,
        FactKey.MESSAGE_LIBTPU_APART,
        # issue 38: CANN's operator kernels missing, or built for another SoC
        FactKey.MESSAGE_CANN_KERNELS,
        FactKey.MESSAGE_CANN_SOC,
        # issue 38: ROCm device nodes denied, a conda libstdc++ too old, Gen9 Intel iGPUs
        FactKey.MESSAGE_ROCM_NODE_DENIED,
        FactKey.MESSAGE_GLIBCXX_MISSING,
        FactKey.MESSAGE_SPIRV_UNSUPPORTED,
        FactKey.MESSAGE_SYCL_BUILD_FAILED,
        FactKey.MESSAGE_MPS_ASSERTION,  # issue 38: torch's MPS backend, Metal's assertions
        # issue 38: torch's cpp_extension refusing nvcc of another CUDA release
        FactKey.MESSAGE_TORCH_CUDA_MISMATCH,
        FactKey.MESSAGE_CONTAINER_CUDA,  # issue 38: an image's CUDA above the host driver's
        FactKey.MESSAGE_PTX_TOOLCHAIN,
        FactKey.MESSAGE_NEURON_TORCH,  # issue 38: torch-neuron(x) pinning one torch
        FactKey.MESSAGE_NEURON_CORES,  # issue 38: NeuronCores held by another process
        # issue 38: serving stacks without a device (torch refusing an empty device string)
        FactKey.MESSAGE_EMPTY_DEVICE,
        FactKey.MESSAGE_MODEL_TYPE,  # issue 38: a model type transformers does not know
        FactKey.MESSAGE_MODEL_TYPE_KEY,  # issue 38 (s16-models): its KeyError
        FactKey.MESSAGE_ROPE_TYPE,  # issue 38 (s16-models): Llama 3.1's rope_scaling refused
        FactKey.MESSAGE_ST_ARGUMENT,  # issue 38: too old a sentence-transformers
        FactKey.MESSAGE_NEURON_OLD_DKMS,  # issue 38: the old Neuron driver package
        FactKey.MESSAGE_TF_LIBTPU,  # issue 38: TensorFlow loading another libtpu
        FactKey.MESSAGE_LIBTPU_FLAG,
        FactKey.MESSAGE_NVCC_FLOOR,  # issue 38: flash-attn refusing nvcc below its floor
        FactKey.MESSAGE_DISPLAY_DRIVER_MISMATCH,  # issue 38: CUDA error 803
        FactKey.MESSAGE_TGI_MODEL_TYPE,  # issue 38: TGI without the model type
        FactKey.MESSAGE_TGI_NO_CUDA,  # issue 38: TGI's server finding no CUDA
        # issue 38: pip's resolver refusing an install, a file of inconsistent version (s8-pip)
        FactKey.MESSAGE_PIP_IMPOSSIBLE,
        FactKey.MESSAGE_INCONSISTENT_VERSION,
        FactKey.MESSAGE_DEVICE_NODE_DENIED,  # issue 38: device: a node denied to this user
        FactKey.MESSAGE_KFD_UNSUPPORTED,  # issue 38: device: a GPU without ROCm's KFD
        FactKey.MESSAGE_VLLM_ASCEND_SOC,  # issue 38: device: vLLM Ascend refusing the SoC
        FactKey.MESSAGE_WEBUI_NO_GPU,  # issue 38 (s8-platform): webui's is_available() check
        FactKey.MESSAGE_XFORMERS_REFUSED,  # issue 38 (s8-platform): xformers refused the device
        FactKey.MESSAGE_BNB_QUANTIZER,  # issue 38 (s8-platform): the bnb quantizer, no CUDA
        FactKey.MESSAGE_NO_OS_BUILD,  # issue 38 (s8-platform): no build for this OS
        FactKey.MESSAGE_DEVICE_OOM,  # issue 38 (s9-memory): a device's memory run out
        FactKey.MESSAGE_FREE_MEMORY_UNREAD,  # issue 38 (s9-memory): free memory not reported
        FactKey.MESSAGE_CPU_ISA,  # issue 38 (s9-cpucomp): the CPU lacks the build's ISA
        FactKey.MESSAGE_NEURON_COMPILER,  # issue 38 (s9-cpucomp): the Neuron compiler failed
        FactKey.MESSAGE_ROCR_UNSUPPORTED_GPU,  # issue 38 (s9-cpucomp): ROCm's WSL runtime
        FactKey.MESSAGE_LIBRARY_REQUIRED,  # issue 38 (s9-imports): transformers' words
        FactKey.MESSAGE_HOST_OOM,  # issue 38 (s11-hostmem): the host's memory run out
        # issue 38 item 5 (s13-unread): a run's errors no other reader names
        FactKey.MESSAGE_TORCH_DLL,
        FactKey.MESSAGE_DLL_LOAD_FAILED,
        FactKey.MESSAGE_DEVICES_APART,
        FactKey.MESSAGE_CONDA_NOT_FOUND,
        FactKey.MESSAGE_HOST_ALLOC,
        FactKey.MESSAGE_TOOLCHAIN_MISSING,  # issue 38 (s15-toolchain): a build tool missing
        # issue 38 (s17-small): DirectML's refusal, nvcuda.dll missing, torchaudio's backend
        FactKey.MESSAGE_DML_OPERATOR,
        FactKey.MESSAGE_NVCUDA_MISSING,
        FactKey.MESSAGE_TORCHAUDIO_BACKEND,
        # issue 38 (s18-build): nvcc's host compiler refused; NumPy older than a module's C-API
        FactKey.MESSAGE_HOST_COMPILER,
        FactKey.MESSAGE_NUMPY_CAPI,
        # issue 38 (s18-dtype): torch-directml's float64 refusal, MPS's other dtypes
        FactKey.MESSAGE_DML_FLOAT64,
        FactKey.MESSAGE_MPS_DTYPE,
        FactKey.MESSAGE_CUDA_RUNTIME,  # issue 38 (s18-dll): CUDA's libraries, other loaders
        FactKey.MESSAGE_VULKAN_NO_DRIVER,  # issue 38 (s18-launch): Vulkan, no driver
        FactKey.MESSAGE_KFD_ATOMICS,  # issue 38 (s19-atomics): a GPU KFD skipped, no atomics
        FactKey.MESSAGE_NPU_DTYPE,  # issue 38 (s20-unnamed): an aclnn kernel refused a dtype
        FactKey.MESSAGE_MACOS_ARCH,  # issue 38 (s20-dyld): dyld's two architectures
        FactKey.MESSAGE_MINGW_PTHREAD,  # issue 38 (s20-dyld): MinGW without pthreads
    }
)


@dataclass(frozen=True, slots=True)
class QuotedLine(Record):
    """A line of a pasted report, as it stands there (clipped), and its number (1-based)."""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class ToolBlock(Record):
    """A stretch of the paste one tool wrote."""

    tool: str  # the reader's registered tool: "collect_env", "nvidia-smi", …
    first: int
    last: int
    version: str | None  # the tool's own version, where it prints one


@dataclass(frozen=True, slots=True)
class PastedFact(Record):
    """One thing the report says, and the line it says it on."""

    key: FactKey
    value: str  # as the report states it, stripped
    tool: str  # the registered tool whose reader read it ("error text": any line's)
    quote: QuotedLine
    index: int | None = None  # the GPU's (device's) index
    name: str | None = None  # which package, variable or backend (FactKey says which)

    @property
    def line(self) -> int:
        return self.quote.line

    @property
    def known(self) -> bool:
        """The value says something ("N/A", "Could not collect" do not)."""
        return known_value(self.value)

    @property
    def shown(self) -> str:
        """The value as a reader wants it: Python's version without its build string."""
        if self.key is FactKey.PYTHON_VERSION:
            return python_release(self.value) or self.value
        return self.value


@dataclass(frozen=True, slots=True)
class Pasted:
    """The evidence a paste supports, with the facts each part was made from."""

    evidence: Evidence
    used: Mapping[str, tuple[PastedFact, ...]]  # by part: "torch", "gpus", "driver" …
    blocks: tuple[ToolBlock, ...]
    skipped: tuple[str, ...]  # what was not read, and facts the paste states differently
    lines: int
    facts: tuple[PastedFact, ...] = ()  # every fact read, in the order of the paste
    errors: tuple[QuotedLine, ...] = ()  # lines that look like an error (the first ones)
    error_count: int = 0  # all of them
    stated: QuotedLine | None = None  # issue 38: an error said to happen, no line showing it
    # issue 38: the error lines that are only Python's or the loader's bare message ("…:
    # undefined symbol: x"), the symptom of what a finding about the packages says
    symptoms: tuple[int, ...] = ()
    # issue 38 item 5 (s13-unread): an exception's name alone ending its block or the paste
    # ("ValueError:" as the last line): the error line whose message the paste does not hold
    cut: QuotedLine | None = None


def by_line(facts: Iterable[PastedFact]) -> Sequence[PastedFact]:
    """Facts in the order of the lines they rest on, one per line."""
    seen: dict[int, PastedFact] = {}
    for fact in sorted(facts, key=lambda f: f.line):
        seen.setdefault(fact.line, fact)
    return list(seen.values())
