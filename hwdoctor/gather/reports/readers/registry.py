"""Every paste format hwdoctor reads, in one ordered table: pure data.

Each row names the JSON `tool` value of the blocks a reader reads, the reader's module under
hwdoctor/gather/reports/readers/, and in a few words what it reads (for `--help`, the
list on docs/pasted-reports.md and `hwdoctor.diagnose`); nothing here imports a reader, so
`--help` names the formats without compiling a pattern. The order is precedence: on each line, the
modules' `Reader.starts` are asked in the order of their first row, and the first that
recognises the line opens its block (collect_env's "PyTorch version:" before the Hugging
Face commands' "- PyTorch version (GPU?):", which are theirs only once a block of theirs
is open). A module may read several rows' tools (the Hugging Face commands share a layout;
collect_env's block becomes vLLM's at its vLLM section); its first row is its default.

The line readers read every line, in or out of a block, in this order; their facts carry
the tool value `TEXT`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Registered:
    """A tool whose output hwdoctor reads, and the module that reads it."""

    tool: str  # the JSON `tool` value: "collect_env", "nvidia-smi", …
    module: str  # under hwdoctor/gather/reports/readers/
    shows: str  # what a reporter runs to print it, in Markdown: for --help and the docs


BLOCKS: Final = (
    Registered(
        "collect_env",
        "collect_env",
        "`python -m torch.utils.collect_env` (the 1.x and 2.x layouts)",
    ),
    Registered("vllm collect-env", "collect_env", "`vllm collect-env`"),
    Registered("transformers env", "hf_env", "`transformers env` / `transformers-cli env`"),
    Registered("accelerate env", "hf_env", "`accelerate env`"),
    Registered("diffusers env", "hf_env", "`diffusers-cli env`"),
    Registered(
        "llamafactory-cli env",
        "hf_env",
        "`llamafactory-cli env` (its GPU or NPU type, CANN version)",
    ),
    Registered("trl env", "hf_env", "`trl env` (the CUDA devices or accelerators it lists)"),
    Registered(
        "hf env", "hf_env", "`hf env` / `huggingface-cli env` (huggingface_hub; torch's version)"
    ),
    Registered(
        "optimum-cli env",
        "hf_env",
        "`optimum-cli env` (optimum-neuron's Neuron SDK, torch-neuronx and driver lines)",
    ),
    Registered(
        "nvidia-smi",
        "nvidia_smi",
        "`nvidia-smi` (the table, also the 610 drivers' `KMD Version` header)",
    ),
    Registered("nvidia-smi -q", "nvidia_smi_q", "`nvidia-smi -q`"),
    Registered("rocm-smi", "rocm_smi", "`rocm-smi`"),
    Registered("rocminfo", "rocminfo", "`rocminfo`"),
    Registered("amd-smi", "amd_smi", "`amd-smi`"),
    Registered(
        "lightning collect_env_details", "lightning_env", "Lightning's `collect_env_details`"
    ),
    Registered("pip list", "pip_list", "`pip list`"),
    Registered("conda list", "conda_list", "`conda list` (also `conda list | grep torch`)"),
    Registered("npu-smi info", "npu_smi", "`npu-smi info`"),
    Registered(
        "text-generation-launcher --env",
        "tgi_env",
        "`text-generation-launcher --env` (TGI's build lines and its indented nvidia-smi table)",
    ),
    Registered(
        "ds_report",
        "ds_report",
        "DeepSpeed's `ds_report` (the op table, torch / CUDA / nvcc versions, the accelerator)",
    ),
    Registered(
        "python -m bitsandbytes",
        "bitsandbytes",
        "`python -m bitsandbytes` and bitsandbytes' `CUDA SETUP` / `BUG REPORT` log (0.3x–0.43)",
    ),
    Registered("hl-smi", "hl_smi", "`hl-smi` (Intel Gaudi: devices, driver, SynapseAI, firmware)"),
    Registered("neuron-ls", "neuron_ls", "`neuron-ls` (AWS Inferentia / Trainium devices)"),
    Registered(
        "sglang check_env",
        "sglang_env",
        "`python -m sglang.check_env` (SGLang: its GPUs, their compute capability, the driver,"
        " nvcc, torch, sglang and flashinfer versions, `nvidia-smi topo -m`)",
    ),
    Registered("xpu-smi discovery", "xpu_smi", "`xpu-smi discovery` (Intel GPUs: their names)"),
    Registered("cnmon", "cnmon", "`cnmon` (Cambricon MLUs: their names, firmware, driver)"),
)

TEXT: Final = "error text"  # the tool value of what a line reader reads
LINES: Final = (
    Registered(
        TEXT,
        "messages",
        "the messages torch, HIP, rocBLAS, NVML, the NVIDIA kernel module and extensions "
        'print ("found version 11040", "Found no NVIDIA driver on your system", CUDA\'s '
        'error 35 "driver version is insufficient" and error 804 "forward compatibility was'
        ' attempted on non supported HW", docker\'s "could not select device driver", '
        "flash-attn's \"only supports Ampere GPUs or newer\", text-embeddings-inference's "
        '"Runtime compute cap 75 is not compatible with compile time compute cap 80", '
        "bitsandbytes' \"compiled without"
        ' GPU support", vLLM\'s "Failed to infer device type", "Not support device type: '
        'cpu" and "Bfloat16 is only supported on GPUs with compute capability of at least '
        '8.0", "sm_120 is not '
        'compatible", "Torch not compiled with CUDA enabled", an extension\'s "undefined '
        'symbol", nvidia-smi\'s "Failed to initialize NVML: Driver/library version '
        'mismatch", "NVRM: API mismatch", an operator "not currently implemented for the '
        'MPS device", the MPS allocator\'s "MPS backend out of memory" and "Invalid buffer '
        'size", glibc\'s "cannot enable executable stack", "Torch not compiled with XPU '
        'enabled", "XPU device count is zero", Gaudi\'s "Device acquire failed", "No module named '
        "'habana_frameworks'\", the Neuron runtime's \"Unable to determine Neuron Driver "
        'version", a source build\'s missing tool: "can\'t find Rust compiler" (and the older '
        '"Can not find Rust compiler"), '
        '"Microsoft Visual C++ 14.0 or greater is required", "No CMAKE_C_COMPILER could be '
        'found", "Python.h: No such file or directory"; torch-directml\'s "will fall back to '
        'run on the CPU" and "does not support Double (Float64) operations", MPS\'s "does not '
        'have support for that dtype", the Intel Graphics Compiler\'s "Double type is not '
        "supported on this platform\", Windows' \"Could not find module 'nvcuda.dll'\", "
        "torchaudio's "
        '"Backend "soundfile" is not one of available backends", "Couldn\'t find '
        'appropriate backend to handle uri", "FFmpeg libraries are not found" and "Failed to '
        'intialize FFmpeg extension"; the CUDA toolkit\'s "unsupported GNU version! gcc '
        'versions later than 12 are not supported!" (and its Visual Studio and clang '
        "refusals), NumPy's \"module compiled against API version 0xf but this version of "
        "numpy is 0xe\"; CUDA's libraries other loaders could not load: "
        'cuDNN\'s "Could not locate cublas64_10.dll" and "Could not load library '
        'cudnn_ops_infer64_8.dll", CTranslate2\'s "Library cublas64_12.dll is not found or '
        'cannot be loaded", TensorFlow\'s "Could not load dynamic library '
        "'cudart64_110.dll'\" (TensorRT's libnvinfer, TF-TRT's and optional, aside; cuDNN's "
        "line whose dlerror names another file is that file's), onnxruntime's \"Failed to "
        "load library "
        'libonnxruntime_providers_cuda.so" and "CUDA_PATH is set but CUDA wasn\'t able to be '
        'loaded"), Vulkan\'s "VK_ERROR_INCOMPATIBLE_DRIVER" and the loader\'s "Found no '
        'drivers!", the kernel\'s KFD skipping a GPU ("skipped device 1002:67df, PCI '
        'rejects atomics", also its words quoted in prose), clinfo\'s "clGetPlatformIDs(-1001)", '
        "torch_npu's \"is not currently "
        "supported on the NPU backend and "
        'will fall back to run on the CPU", CANN\'s "not implemented for DT_DOUBLE, should '
        "be in dtype support list\", lspci's GPU lines and ComfyUI's start-up log",
    ),
    Registered(
        TEXT,
        "prose",
        'the reporter\'s own words ("torch==2.1.2", "Driver 570.133.07", "GPU: '
        'NVIDIA GeForce RTX 5090", "macOS 14.5", "gfx1031", "ROCm 7.1.1" in a title), a '
        "Python session's answers and Ultralytics' banner",
    ),
    # issue 38 (s15-support): a question whether a library runs on a machine
    Registered(
        TEXT,
        "asked",
        'a question whether a library runs on a machine ("Does vllm support macos M1?", '
        '"does flashinfer support AMD GPU?", "DeepSpeed on Apple Silicon?"), answered from '
        "what the library's documentation lists",
    ),
    # issue 38 (s16-subject): the library a report is about
    Registered(
        TEXT,
        "subject",
        "the library a report is about, wherever the paste names one the support table lists "
        '(a traceback frame inside it, pip\'s build of it, pip asked to install it, "python -m X", '
        "\"import X\", its module in an error line, the issue's title, the reporter's words)",
    ),
    # issue 41: the kernel log's GPU faults, quoted from dmesg or journalctl
    Registered(
        TEXT,
        "kernel_log",
        "the NVIDIA driver's Xid and SXid lines of a `dmesg` or `journalctl -k` excerpt "
        '("NVRM: Xid (PCI:0000:3b:00): 79, … GPU has fallen off the bus")',
    ),
    # issue 38 item 5 (s13-unread): the run's errors no other reader names
    Registered(
        TEXT,
        "run_errors",
        "a run's errors: Windows refusing torch's DLLs (\"[WinError 126] … Error loading "
        '"…\\torch\\lib\\fbgemm.dll"", "DLL load failed while importing _C"), tensors on two '
        'devices ("Placeholder storage has not been allocated on MPS device!"), conda\'s '
        '"PackagesNotFoundError", and the host refusing memory (std::bad_alloc, MemoryError, '
        'NumPy\'s "Unable to allocate")',
    ),
)


def tools() -> tuple[str, ...]:
    """The tool values of the block readers, in the registry's order."""
    return tuple(row.tool for row in BLOCKS)


def modules() -> tuple[str, ...]:
    """The block readers' modules, in order of precedence (each once)."""
    return tuple(dict.fromkeys(row.module for row in BLOCKS))


def named(limit: int | None = None) -> str:
    """The formats as --help names them: "collect_env, vllm collect-env, …"."""
    shown = tools()
    if limit is not None and len(shown) > limit:
        return ", ".join(shown[:limit]) + f" and {len(shown) - limit} more"
    return ", ".join(shown)


def readme() -> str:
    """The documented list of what `--from` reads (docs/pasted-reports.md), one Markdown
    bullet per row."""
    return "".join(f"- {row.shows}\n" for row in (*BLOCKS, *LINES))
