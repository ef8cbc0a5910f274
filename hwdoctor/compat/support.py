"""What each torch-ecosystem library's own documentation says it runs on, by backend and system.

issue 38 (s14-supported): most reports of "X does not run on this machine" show X's error as a
downstream symptom (a build that fails, an AttributeError deep in X, "No CUDA device found")
on a Mac, an AMD GPU, Windows or another accelerator, never X's own refusal. This table is
what answers them: one row per library, the registry rows (backends) its documentation names,
the systems (`sys.platform` values, as registry.Backend.platforms) it builds or ships for, and
where the row was read, with the date. A library with a CPU path ("cpu" among its backends)
runs on any machine of its systems; one without needs one of its accelerators there.

Rows were read 2026-12-07 from each library's README "Requirements" / "Installation" section
or its documentation's hardware page (where those name no system: its build files, setup.py,
or its changelog), at the place cited beside the row. Where the documentation
is silent on a system (a build from source that may or may not work), the system is left out
only where the documentation or the build files exclude it (a setup.py that needs nvcc or
hipcc, a wheel index with no file for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hwdoctor import registry
from hwdoctor.versions import canonical_name, parse

if TYPE_CHECKING:  # packaging is imported only where a version is read (hwdoctor/versions.py)
    from packaging.version import Version

# The registry rows the table names, by what each row is (never a literal key).
_CPU: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.CPU)
_CUDA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)
_ROCM: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)
_XPU: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.XPU)
_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
_NPU: Final = registry.key_of_tool("npu-smi")
_HPU: Final = registry.key_of_tool("hl-smi")
# The systems, as registry.Backend.platforms spells them (sys.platform's values).
LINUX: Final = "linux"
WINDOWS: Final = "win32"
MACOS: Final = "darwin"
SYSTEM_NAMES: Final = {LINUX: "Linux", WINDOWS: "Windows", MACOS: "macOS"}


@dataclass(frozen=True, slots=True)
class Supported:
    """One library's documented platforms: its name as findings say it, its distributions
    and import packages (a traceback frame's package), the backends and systems its
    documentation names, those words as a finding quotes them, what the documentation
    names instead where it does (empty: nothing named), and where and when it was read."""

    name: str
    dists: tuple[str, ...]
    modules: tuple[str, ...]
    backends: frozenset[str]
    systems: frozenset[str]
    documented: str
    instead: str
    source: str
    read: str = "2026-12-07"
    # The first release whose documentation lists a backend or a system, where that came later
    # than the library (bitsandbytes: Windows in 0.43.0, CPUs and Intel GPUs later); a release
    # the paste does not show is taken to have it (what is not shown is no refusal).
    since: tuple[tuple[str, str], ...] = ()

    def runs_on(
        self, backend: str | None, system: str | None, release: Version | None = None
    ) -> bool:
        """Whether the documentation says it runs on a machine of this backend (None: not
        shown) under this system (None: not shown), in this release (None: not shown): what
        is not shown is no refusal."""

        def listed(what: str) -> bool:
            first = dict(self.since).get(what)
            floor = parse(first) if first else None
            return floor is None or release is None or release >= floor

        if system is not None and (system not in self.systems or not listed(system)):
            return False
        if backend is None or (_CPU in self.backends and listed(_CPU)):
            return True
        return backend in self.backends and listed(backend)


def _row(
    name: str,
    dists: tuple[str, ...],
    modules: tuple[str, ...],
    backends: tuple[str, ...],
    systems: tuple[str, ...],
    documented: str,
    source: str,
    instead: str = "",
    since: tuple[tuple[str, str], ...] = (),
) -> Supported:
    return Supported(
        name,
        dists,
        modules,
        frozenset(backends),
        frozenset(systems),
        documented,
        instead,
        source,
        since=since,
    )


_GPU: Final = (_CUDA, _ROCM)
_NV_AMD_LINUX: Final = (LINUX,)
_LINUX_WINDOWS: Final = (LINUX, WINDOWS)
_EVERY: Final = (LINUX, WINDOWS, MACOS)
_SDPA: Final = (
    'PyTorch\'s own attention (attn_implementation="sdpa" in transformers), which runs on '
    "every backend"
)

TABLE: Final = (
    # Dao-AILab/flash-attention@0251105 README.md "Installation and features": "CUDA toolkit or
    # ROCm toolkit"; "Linux. Might work for Windows starting v2.3.2"; "NVIDIA CUDA Support":
    # Ampere, Ada, Hopper GPUs; "AMD ROCm Support": MI200x, MI250x, MI300x, MI355x, RDNA 3/4.
    _row(
        "flash-attn",
        ("flash-attn", "flash_attn"),
        ("flash_attn", "flash_attn_2_cuda"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Ampere, Ada, Hopper) with CUDA, and AMD MI200/MI300/MI355 and RDNA 3/4 "
        "GPUs with ROCm, on Linux (Windows from v2.3.2 by its own build)",
        "https://github.com/Dao-AILab/flash-attention#installation-and-features",
        _SDPA,
    ),
    # facebookresearch/xformers@ca6d2aa README.md "Installing xFormers": wheels "[linux & win]"
    # for CUDA 12.6/12.8/13.0, "[linux only] (EXPERIMENTAL) rocm 7.1"; the source build it
    # documents names no system, and its setup.py builds a C++-only extension where neither
    # CUDA nor ROCm is found, so macOS is not excluded (its machine still needs a listed GPU).
    _row(
        "xformers",
        ("xformers",),
        ("xformers",),
        _GPU,
        _EVERY,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm, experimental) on Linux; "
        "other systems by a build from source",
        "https://github.com/facebookresearch/xformers#installing-xformers",
        _SDPA,
    ),
    # state-spaces/mamba@e9594ce README.md "Installation": "Core requirements: Linux";
    # "Additional requirements for CUDA selective_scan_cuda builds and GPU execution: NVIDIA
    # GPU, CUDA 11.6+"; "Additional Prerequisites for AMD cards": ROCm (a patch on 6.0).
    _row(
        "mamba-ssm",
        ("mamba-ssm", "mamba_ssm"),
        ("mamba_ssm", "selective_scan_cuda"),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (CUDA 11.6+) and AMD GPUs (ROCm) on Linux",
        "https://github.com/state-spaces/mamba#installation",
        "transformers' Mamba models, whose slow path runs without mamba-ssm's kernels",
    ),
    # Dao-AILab/causal-conv1d@0d2252d: README.md ("Causal depthwise conv1d in CUDA",
    # "Additional Prerequisites for AMD cards") names no system; setup.py builds only a
    # CUDAExtension, with nvcc (CUDA 11.6+) or hipcc (ROCm 6.0+), and names linux and win_amd64
    # wheels: no build on macOS, where there is neither.
    _row(
        "causal-conv1d",
        ("causal-conv1d", "causal_conv1d"),
        ("causal_conv1d",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA 11.6+) and AMD GPUs (ROCm 6.0+), built with nvcc or hipcc",
        "https://github.com/Dao-AILab/causal-conv1d/blob/main/setup.py",
        "transformers' Mamba models, whose slow path runs without causal-conv1d's kernels",
    ),
    # thu-ml/SageAttention@d1a57a5 README.md "Installation": python>=3.9, torch>=2.3.0,
    # triton>=3.0.0, CUDA >=12.0 for Ampere (12.3/12.4 fp8 on Hopper/Ada, 12.8 Blackwell);
    # SageAttention V1 (sageattention==1.0.6) is its Triton kernels. No system is named: its
    # setup.py raises "CUDA must be available to build the package" without CUDA_HOME, and
    # Triton's own README lists Linux only (no macOS build of either). AMD GPUs are not named
    # and not excluded for V1's Triton kernels: "in theory" where Triton runs, untested (its
    # maintainer, thu-ml/SageAttention#20).
    _row(
        "SageAttention",
        ("sageattention",),
        ("sageattention", "sageattn3"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Ampere, Ada, Hopper, Blackwell) with CUDA 12, and SageAttention 1's "
        "Triton kernels where Triton runs",
        "https://github.com/thu-ml/SageAttention#installation",
        _SDPA,
    ),
    # triton-lang/triton@0112e82 README.md "Compatibility": Supported Platforms: Linux;
    # Supported Hardware: NVIDIA GPUs (Compute Capability 8.0+), AMD GPUs (ROCm). On Windows
    # the `triton` module is the triton-windows project's (the next row), so a frame of it
    # there is no refusal of the system.
    _row(
        "Triton",
        ("triton", "pytorch-triton-rocm", "pytorch-triton"),
        ("triton",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm) on Linux; on Windows, the triton-windows "
        "project's build",
        "https://github.com/triton-lang/triton#compatibility",
    ),
    # woct0rdho/triton-windows@66361c0 README.md "What's supported": "Windows 10 and 11",
    # "Nvidia GPU is supported", AMD GPUs "beginning to add support" (so not excluded).
    _row(
        "triton-windows",
        ("triton-windows",),
        (),
        _GPU,
        (WINDOWS,),
        "NVIDIA GPUs on Windows 10 and 11 (AMD GPUs being added)",
        "https://github.com/woct0rdho/triton-windows#whats-supported",
    ),
    # vllm-project/vllm docs/getting_started/installation: README.md@010f1fc lists GPU (NVIDIA
    # CUDA, AMD ROCm, Intel XPU) and CPU (x86, AArch64, Apple silicon, IBM Z), other hardware
    # by plugins; gpu.md@0847a95 "Requirements": "OS: Linux", "vLLM does not support Windows
    # natively" (WSL); cpu.md: Apple silicon as a CPU build from source; gpu.apple.inc.md:
    # Apple GPUs by the vLLM-Metal plugin.
    _row(
        "vLLM",
        ("vllm",),
        ("vllm",),
        (_CUDA, _ROCM, _XPU, _MPS, _CPU),
        (LINUX, MACOS),
        "Linux with NVIDIA, AMD or Intel GPUs or CPUs (other accelerators by plugins); macOS "
        "on Apple silicon (a CPU build from source, its GPU by the vLLM-Metal plugin); "
        "not Windows natively",
        "https://docs.vllm.ai/en/latest/getting_started/installation/",
    ),
    # deepspeedai/DeepSpeed@edaa722 README.md "Requirements": nvcc or hipcc, NVIDIA Pascal to
    # Hopper, AMD MI100/MI200; "Contributed HW support": Ascend NPU (npu), Gaudi 2 (hpu), Xeon
    # (cpu), Data Center GPU Max (xpu); "Windows": many features (build_win.bat). No system is
    # named otherwise and none excluded (setup.py builds no op by default off Windows; the
    # package has an mps accelerator), so macOS stays in.
    _row(
        "DeepSpeed",
        ("deepspeed",),
        ("deepspeed",),
        (_CUDA, _ROCM, _XPU, _NPU, _HPU, _CPU),
        _EVERY,
        "NVIDIA or AMD GPUs, Intel Xeon CPUs and Data Center GPUs, Gaudi 2 and Ascend NPUs; "
        "many features on Windows",
        "https://github.com/deepspeedai/DeepSpeed#installation",
    ),
    # AutoGPTQ/AutoGPTQ@9f7d370 README.md "Installation": "AutoGPTQ is available on Linux and
    # Windows only"; wheels for CUDA 11.8/12.1 and ROCm 5.7; "On Intel Gaudi 2 systems": a
    # source build with BUILD_CUDA_EXT=0.
    _row(
        "AutoGPTQ",
        ("auto-gptq", "auto_gptq"),
        ("auto_gptq", "autogptq_cuda_64"),
        (_CUDA, _ROCM, _HPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm), Intel Gaudi 2 from source; Linux and Windows only",
        "https://github.com/AutoGPTQ/AutoGPTQ#installation",
        "GPTQModel, AutoGPTQ's successor, whose documentation lists CPUs and Apple silicon",
    ),
    # casper-hansen/AutoAWQ@88e4c76 README.md "Install" › "Prerequisites": NVIDIA compute
    # capability 7.5+ (CUDA 11.8+), AMD (ROCm compatible with Triton), Intel CPU and GPU;
    # setup.py "platforms": ["linux", "windows"]; its notice names MLX-LM for Macs.
    _row(
        "AutoAWQ",
        ("autoawq",),
        ("awq", "awq_ext"),
        (_CUDA, _ROCM, _XPU, _CPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (compute capability 7.5+), AMD GPUs, Intel CPUs and GPUs, on Linux and "
        "Windows",
        "https://github.com/casper-hansen/AutoAWQ#install",
        "llm-compressor (vLLM's, AutoAWQ's successor); on a Mac, MLX-LM, as AutoAWQ's README "
        "names them",
    ),
    # turboderp-org/exllamav2@da07fac README.md: a source install needs "the CUDA Toolkit and
    # either gcc on Linux or (Build Tools for) Visual Studio on Windows"; setup.py builds one
    # CUDAExtension (HIP flags where torch is a ROCm build): no build on macOS.
    _row(
        "ExLlamaV2",
        ("exllamav2",),
        ("exllamav2", "exllamav2_ext"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs with the CUDA Toolkit on Linux and Windows (its extension also builds "
        "for ROCm)",
        "https://github.com/turboderp-org/exllamav2#installation",
    ),
    # OpenNMT/CTranslate2@0d8bcd3 docs/installation.md: wheels for Linux (x86-64, AArch64),
    # macOS (x86-64, ARM64), Windows (x86-64), GPU execution in the Linux and Windows wheels
    # (CUDA 12); docs/hardware_support.md: x86-64 and AArch64 CPUs, NVIDIA GPUs; CHANGELOG.md
    # v4.7.0: "Introduce AMD GPU support with ROCm HIP (#1989)" (a WITH_HIP build).
    _row(
        "CTranslate2",
        ("ctranslate2",),
        ("ctranslate2",),
        (_CPU, _CUDA, _ROCM),
        _EVERY,
        "CPUs (x86-64, AArch64) on Linux, Windows and macOS, NVIDIA GPUs (CUDA 12) on Linux "
        "and Windows, and AMD GPUs (ROCm HIP) from 4.7.0",
        "https://opennmt.net/CTranslate2/installation.html",
        'device="cpu" (CTranslate2\'s CPU path) on a GPU it does not drive',
        since=((_ROCM, "4.7.0"),),
    ),
    # SYSTRAN/faster-whisper@65882ee README.md "Requirements": CPU, and "GPU execution requires"
    # NVIDIA's cuBLAS and cuDNN 9 for CUDA 12; no system excluded.
    _row(
        "faster-whisper",
        ("faster-whisper", "faster_whisper"),
        ("faster_whisper",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs, and NVIDIA GPUs through CTranslate2 (CUDA 12, cuDNN 9)",
        "https://github.com/SYSTRAN/faster-whisper#requirements",
        'device="cpu" on a GPU CTranslate2 does not drive',
    ),
    # NVIDIA/apex@6424da3 README.md "Installation": "Linux" and "[Experimental] Windows";
    # setup.py runs nvcc from CUDA_HOME for every build (no macOS build). AMD GPUs: ROCm's
    # variant, the same apex package (ROCm/apex@07e3807 README.md).
    _row(
        "apex",
        ("apex",),
        ("apex", "amp_C", "fused_layer_norm_cuda"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux, Windows experimental; AMD GPUs through ROCm's variant",
        "https://github.com/NVIDIA/apex#installation",
        "torch's own torch.amp and fused optimizers (torch.optim's fused=True)",
    ),
    # NVIDIA/TensorRT@a892d222 README.md "Build › Downloading TensorRT Build": the GA build
    # for Linux x86_64 and Windows x86_64 (CUDA 12.9/13.3), and Jetson (aarch64 Linux)
    # builds; no macOS. Torch-TensorRT (pytorch/TensorRT@00c66e6e README.md "Platform
    # Support"): Linux AMD64 and aarch64 GPU supported, Windows GPU "Official support coming
    # soon" at that commit; Windows is kept for both (TensorRT's own builds list it, and a
    # doubt stays quiet).
    _row(
        "TensorRT",
        ("tensorrt", "torch-tensorrt", "torch_tensorrt"),
        ("tensorrt", "torch_tensorrt"),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux and Windows",
        "https://github.com/NVIDIA/TensorRT#build",
    ),
    # microsoft/onnxruntime@009fd8d0 docs/install/index.md (onnxruntime.ai's page): the
    # "Inference install table" names onnxruntime-gpu as the GPU (CUDA/TensorRT) package,
    # DirectML, OpenVINO, ROCm (a source build) other packages or builds; "Requirements ›
    # CUDA and CuDNN" sets up CUDA and cuDNN on Linux and Windows only.
    _row(
        "onnxruntime-gpu",
        ("onnxruntime-gpu",),
        (),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows",
        "https://onnxruntime.ai/docs/install/",
        "the onnxruntime package (CPU) or the execution provider of this machine's accelerator",
    ),
    # cupy/cupy@6b6d9563 docs/source/install.rst: "Installing CuPy from PyPI" (wheels for
    # Linux and Windows), "Using CuPy on AMD GPU (experimental)" (ROCm, Linux); its source
    # build refuses any other system (install/cupy_builder/_preflight.py, preflight_check:
    # sys.platform not in ('linux', 'win32') → "macOS is no longer supported").
    _row(
        "CuPy",
        ("cupy", "cupy-cuda11x", "cupy-cuda12x", "cupy-cuda13x", "cupy-rocm-6-0"),
        ("cupy", "cupy_backends"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm, experimental) on Linux; "
        "not macOS",
        "https://docs.cupy.dev/en/stable/install.html",
    ),
    # cpm_kernels (the int4/int8 kernels of the ChatGLM family's quantized models) loads the
    # CUDA toolkit's libraries (nvrtc, cublas, cudart) through ctypes; its loader knows Linux
    # and Windows only (OpenBMB/cpm_kernels@277a0edd cpm_kernels/library/base.py, Lib.__init__:
    # else `raise RuntimeError("Unknown platform: %s" % sys.platform)`); its README: "CUDA
    # Kernels for cpm". ChatGLM-6B's README runs the unquantized model on a Mac's GPU and says
    # its quantized GPU kernels are CUDA's, unusable on macOS (THUDM/ChatGLM-6B@401bf3a8
    # README.md "Mac 部署"; zai-org/ChatGLM-6B#899).
    _row(
        "cpm_kernels",
        ("cpm-kernels", "cpm_kernels"),
        ("cpm_kernels",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows",
        "https://github.com/OpenBMB/cpm_kernels/blob/master/cpm_kernels/library/base.py",
        "the unquantized model (ChatGLM-6B's README runs it on a Mac's GPU with .to(\"mps\"))",
    ),
    # linkedin/Liger-Kernel@ead96b61 README.md "Installation › Dependencies": CUDA, ROCm and
    # Ascend NPU (torch_npu, triton-ascend); setup.py get_platform/get_default_dependencies
    # also installs for Intel XPU. Neither names a system: all three kept (a doubt stays
    # quiet); a machine with none of these accelerators is what the row refuses.
    _row(
        "Liger-Kernel",
        ("liger-kernel", "liger_kernel"),
        ("liger_kernel",),
        (_CUDA, _ROCM, _XPU, _NPU),
        _EVERY,
        "NVIDIA (CUDA) and AMD (ROCm) GPUs, Ascend NPUs, and Intel XPUs (its setup.py)",
        "https://github.com/linkedin/Liger-Kernel#installation",
    ),
    # flashinfer-ai/flashinfer@fb28d724 docs/installation.rst "Prerequisites": "OS: Linux
    # only", CUDA 12.9/13.0/13.4; README.md "GPU Support": SM 7.5 (Turing) to SM 12.x.
    _row(
        "FlashInfer",
        ("flashinfer-python", "flashinfer"),
        ("flashinfer",),
        (_CUDA,),
        _NV_AMD_LINUX,
        "NVIDIA GPUs (sm75 or newer) on Linux",
        "https://docs.flashinfer.ai/installation.html",
    ),
    # nunchaku-tech/nunchaku@3a3cc3d0 docs/source/installation/installation.rst: wheels and
    # builds for Linux and Windows (CUDA >= 12.2 on Linux, >= 12.6 on Windows; a Windows
    # setup guide), GPU architectures sm_75, sm_80, sm_86, sm_89, sm_120.
    _row(
        "nunchaku",
        ("nunchaku",),
        ("nunchaku",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Turing to Blackwell) on Linux and Windows",
        "https://nunchaku.tech/docs/nunchaku/installation/installation.html",
    ),
    # traveller59/spconv@263d6b47 README.md "Install": prebuilt CUDA binaries for Linux
    # (manylinux) and Windows 10/11, `pip install spconv` "for CPU only (Linux Only)"; source
    # builds for Linux and Windows. No macOS.
    _row(
        "spconv",
        ("spconv", "spconv-cu118", "spconv-cu120", "spconv-cu121", "spconv-cu124"),
        ("spconv", "cumm"),
        (_CUDA, _CPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux and Windows, CPUs on Linux",
        "https://github.com/traveller59/spconv#install",
    ),
    # NVIDIAGameWorks/kaolin@d52da9f8 docs/notes/installation.rst "Requirements": "Linux,
    # Windows, or macOS (CPU-only)"; full functionality needs an NVIDIA GPU with CUDA, a
    # CPU-only install has a fraction of the operations.
    _row(
        "Kaolin",
        ("kaolin",),
        ("kaolin",),
        (_CUDA, _CPU),
        _EVERY,
        "NVIDIA GPUs (CUDA) on Linux and Windows, and a CPU-only install (a fraction of its "
        "operations) on Linux, Windows or macOS",
        "https://kaolin.readthedocs.io/en/latest/notes/installation.html",
    ),
    # facebookresearch/pytorch3d@9381c401 INSTALL.md "Requirements › Core library": "Linux or
    # macOS or Windows"; CUDA implementations, a subset with CPU implementations.
    _row(
        "PyTorch3D",
        ("pytorch3d",),
        ("pytorch3d",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs and NVIDIA GPUs (CUDA) on Linux, macOS and Windows",
        "https://github.com/facebookresearch/pytorch3d/blob/main/INSTALL.md",
    ),
    # rusty1s/pytorch_scatter@648dda3c and rusty1s/pytorch_sparse@91feaa5e README.md
    # "Installation": wheels for `cpu` on Linux, Windows and macOS, `cuXXX` on Linux and
    # Windows.
    _row(
        "torch-scatter",
        ("torch-scatter", "torch_scatter", "torch-sparse", "torch_sparse"),
        ("torch_scatter", "torch_sparse"),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs and NVIDIA GPUs (CUDA) on Linux, Windows and macOS",
        "https://github.com/rusty1s/pytorch_scatter#installation",
    ),
    # dmlc/decord@d2e56190 README.md "Install via pip": Linux, Mac OS >= 10.12 and Windows,
    # "only CPU versions are provided with PYPI"; "Install from source › Linux": NVDEC
    # decoding with -DUSE_CUDA=ON.
    _row(
        "decord",
        ("decord",),
        ("decord",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, Windows and macOS, NVIDIA GPU decoding from source on Linux",
        "https://github.com/dmlc/decord#installation",
    ),
    # abetlen/llama-cpp-python@3691546f README.md "Installation" (compilers for Linux, Windows,
    # MacOS; a CPU wheel) and "Supported Backends": OpenBLAS (CPU), CUDA, Metal, HIP (ROCm),
    # Vulkan, SYCL.
    _row(
        "llama-cpp-python",
        ("llama-cpp-python", "llama_cpp_python"),
        ("llama_cpp",),
        (_CPU, _CUDA, _ROCM, _MPS, _XPU),
        _EVERY,
        "CPUs, NVIDIA (CUDA), AMD (hipBLAS), Apple (Metal) and Intel (SYCL) GPUs on Linux, "
        "Windows and macOS",
        "https://github.com/abetlen/llama-cpp-python#installation",
    ),
    # ModelCloud/GPTQModel@f4c327a1 README.md "Platform and HW Support": Linux (NVIDIA GPU,
    # AMD GPU, Huawei Ascend NPU, Intel XPU, Intel/AMD CPU), macOS (Apple silicon GPU/CPU),
    # Windows (NVIDIA GPU, CPU); Ascend from 7.0.0 (its news line for 7.0.0).
    _row(
        "GPTQModel",
        ("gptqmodel",),
        ("gptqmodel",),
        (_CPU, _CUDA, _ROCM, _XPU, _MPS, _NPU),
        _EVERY,
        "NVIDIA and AMD GPUs, Ascend NPUs, Intel GPUs and CPUs, Apple silicon",
        "https://github.com/ModelCloud/GPTQModel#platform-and-hw-support",
        since=((_NPU, "7.0.0"),),
    ),
    # pytorch/ao@36027d82 README.md "Installation" (CUDA, XPU and CPU-only indexes),
    # docs/source/workflows/index.md (NVIDIA CUDA, ROCm MI350x, Intel, edge), inference.md
    # (ARM CPU kernels, Apple silicon Macs) and contributing/contributor_guide.rst
    # (cpu/cuda/mps kernels); a subset of its workflows on each.
    _row(
        "torchao",
        ("torchao",),
        ("torchao",),
        (_CPU, _CUDA, _ROCM, _XPU, _MPS),
        _EVERY,
        "CPUs, NVIDIA, AMD and Intel GPUs, Apple silicon (a subset of its kernels on each)",
        "https://github.com/pytorch/ao#installation",
    ),
    # bitsandbytes by release, at bitsandbytes-foundation/bitsandbytes' tags: 0.42.0
    # (4870580f) README.md "only supported on Linux distributions. Windows is not supported";
    # 0.43.0 (48763245) docs/source/installation.mdx "only supported on CUDA GPUs", Linux and
    # Windows tabs, "MacOS support is still a work in progress"; 0.46.0 (1e54f912) README.md
    # "Accelerator support": CPU "Partial Support" on Linux and Windows, AMD, Intel GPU and
    # Gaudi "In Development", macOS "Future Roadmap"; 0.48.0 (406fb6aa) installation.mdx
    # "official support for NVIDIA GPUs, CPUs, Intel XPUs, and Intel Gaudi", "experimental
    # support … AMD ROCm"; 0.49.0 (26f0c7a9) installation.mdx "experimental support for … AMD
    # ROCm and Apple Silicon", README.md macOS CPU and Metal rows; 0.50.0 (c5d481be) "NVIDIA
    # GPUs, AMD GPUs, Intel XPUs, Apple Silicon, and Intel Gaudi". The multi-backend alpha
    # that 0.44.0-0.47.0's guides describe is a development branch's build (those guides:
    # "only supported on CUDA GPUs" / "primarily supports CUDA-based GPUs" for the release).
    # Its earlier releases' wrong-platform reports have findings of their own (bnb.* codes).
    _row(
        "bitsandbytes",
        ("bitsandbytes",),
        ("bitsandbytes",),
        (_CPU, _CUDA, _ROCM, _XPU, _HPU, _MPS),
        _EVERY,
        "NVIDIA GPUs on Linux, and on Windows from 0.43.0; CPUs (partially) from 0.46.0; "
        "Intel GPUs and Gaudi, and AMD GPUs (experimental), from 0.48.0; Apple silicon "
        "(experimental) from 0.49.0",
        "https://huggingface.co/docs/bitsandbytes/main/en/installation",
        since=(
            (WINDOWS, "0.43.0"),
            (MACOS, "0.49.0"),
            (_CPU, "0.46.0"),
            (_XPU, "0.48.0"),
            (_HPU, "0.48.0"),
            (_ROCM, "0.48.0"),
            (_MPS, "0.49.0"),
        ),
    ),
)

_BY_MODULE: Final = {m: row for row in TABLE for m in row.modules}
_BY_DIST: Final = {canonical_name(d): row for row in TABLE for d in row.dists}
_BY_NAME: Final = {row.name: row for row in TABLE}


def of_module(package: str) -> Supported | None:
    """The row of the library whose import package a traceback frame names."""
    return _BY_MODULE.get(package)


def of_dist(name: str) -> Supported | None:
    """The row of the library a distribution name (pip's, any spelling) is."""
    return _BY_DIST.get(canonical_name(name))


def of_name(name: str) -> Supported | None:
    """The row of the library findings call `name`."""
    return _BY_NAME.get(name)
