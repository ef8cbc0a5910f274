"""What each torch-ecosystem library's own documentation says it runs on, by backend and system.

issue 38 (s14-supported): most reports of "X does not run on this machine" show X's error as a
downstream symptom (a build that fails, an AttributeError deep in X, "No CUDA device found")
on a Mac, an AMD GPU, Windows or another accelerator, never X's own refusal. This table is
what answers them: one row per library, the registry rows (backends) its documentation names,
the systems (`sys.platform` values, as registry.Backend.platforms) it builds or ships for, and
where the row was read, with the date. A library with a CPU path ("cpu" among its backends)
runs on any machine of its systems; one without needs one of its accelerators there.

Rows were read 2026-12-07 from each library's README "Requirements" / "Installation" section
or its documentation's hardware page, at the address beside the row. Where the documentation
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
    # README "Installation and features": CUDA toolkit, NVIDIA Ampere/Ada/Hopper GPUs, Linux
    # ("Might work for Windows starting v2.3.2"); ROCm: MI200/MI300 and RDNA 3/4 GPUs.
    _row(
        "flash-attn",
        ("flash-attn", "flash_attn"),
        ("flash_attn", "flash_attn_2_cuda"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Ampere or newer) with CUDA, and AMD MI200/MI300 and RDNA 3/4 GPUs with "
        "ROCm, on Linux (Windows from v2.3.2 by its own build)",
        "https://github.com/Dao-AILab/flash-attention#installation-and-features",
        _SDPA,
    ),
    # README "Installing xFormers": wheels for CUDA on Linux and Windows, ROCm on Linux.
    _row(
        "xformers",
        ("xformers",),
        ("xformers",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm) on Linux",
        "https://github.com/facebookresearch/xformers#installing-xformers",
        _SDPA,
    ),
    # README "System Requirements": Linux, NVIDIA GPU, PyTorch 1.12+, CUDA 11.6+; "AMD cards":
    # ROCm 6.0+ on MI200/MI300.
    _row(
        "mamba-ssm",
        ("mamba-ssm", "mamba_ssm"),
        ("mamba_ssm", "selective_scan_cuda"),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (CUDA 11.6+) and AMD MI200/MI300 GPUs (ROCm 6.0+) on Linux",
        "https://github.com/state-spaces/mamba#installation",
        "transformers' Mamba models, whose slow path runs without mamba-ssm's kernels",
    ),
    # README: "Linux, NVIDIA GPU" (the same requirements as mamba-ssm; ROCm 6.0+ builds).
    _row(
        "causal-conv1d",
        ("causal-conv1d", "causal_conv1d"),
        ("causal_conv1d",),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm) on Linux",
        "https://github.com/Dao-AILab/causal-conv1d#readme",
        "transformers' Mamba models, whose slow path runs without causal-conv1d's kernels",
    ),
    # README "Installation": Linux, Python >= 3.9, torch >= 2.3, CUDA >= 12.0 (sm80+) for
    # SageAttention 2's CUDA kernels; SageAttention 1's kernels are Triton's and run where
    # Triton runs, AMD GPUs too (thu-ml/SageAttention#20, #234, the maintainers' answers);
    # Windows through community wheels (woct0rdho/SageAttention), which the threads name.
    _row(
        "SageAttention",
        ("sageattention",),
        ("sageattention", "sageattn3"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Ampere, Ada, Hopper; Blackwell for SageAttention 3) with CUDA 12, and "
        "SageAttention 1's Triton kernels on AMD GPUs",
        "https://github.com/thu-ml/SageAttention#installation",
        _SDPA,
    ),
    # README "Installation": Triton's wheels are for Linux (NVIDIA GPUs compute capability
    # 8.0+, AMD GPUs ROCm 6.2+); on Windows the `triton` module is the separate triton-windows
    # project's (the next row), so a frame of it there is no refusal of the system.
    _row(
        "Triton",
        ("triton", "pytorch-triton-rocm", "pytorch-triton"),
        ("triton",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm) on Linux; on Windows, the triton-windows "
        "project's build",
        "https://github.com/triton-lang/triton#quick-installation",
    ),
    # README: "Triton for Windows", NVIDIA GPUs, its wheels are win_amd64 only.
    _row(
        "triton-windows",
        ("triton-windows",),
        (),
        (_CUDA,),
        (WINDOWS,),
        "NVIDIA GPUs on Windows (win_amd64 wheels)",
        "https://github.com/woct0rdho/triton-windows#readme",
    ),
    # docs.vllm.ai getting_started/installation: GPU (CUDA, ROCm, XPU), CPU, TPU, and plugins
    # (vllm-ascend, vllm-gaudi); OS: Linux (macOS: CPU build from source).
    _row(
        "vLLM",
        ("vllm",),
        ("vllm",),
        (_CUDA, _ROCM, _XPU, _CPU),
        (LINUX, MACOS),
        "Linux with NVIDIA, AMD or Intel GPUs, TPUs or CPUs (Ascend and Gaudi by plugins); "
        "macOS as a CPU build from source",
        "https://docs.vllm.ai/en/latest/getting_started/installation/",
    ),
    # README "Installation": Linux; Windows "partially supported" (inference; build with
    # build_win.bat); accelerators: CUDA, ROCm, XPU, NPU, HPU, CPU. Its mps accelerator
    # (deepspeedai/DeepSpeed#3907) is no supported platform: "We do not support the M1/M2
    # chips with DeepSpeed currently" (its maintainer, deepspeedai/DeepSpeedExamples#516) and
    # "We do not have support for the M3 hardware" (deepspeedai/DeepSpeed-MII#441).
    _row(
        "DeepSpeed",
        ("deepspeed",),
        ("deepspeed",),
        (_CUDA, _ROCM, _XPU, _NPU, _HPU, _CPU),
        _LINUX_WINDOWS,
        "Linux (Windows partially) with NVIDIA or AMD GPUs, Intel GPUs or "
        "CPUs, Ascend NPUs and Gaudi",
        "https://github.com/deepspeedai/DeepSpeed#installation",
    ),
    # README "Quick Installation": Linux and Windows, NVIDIA CUDA 11.8/12.1 and AMD ROCm 5.7
    # (Linux) wheels; no macOS build.
    _row(
        "AutoGPTQ",
        ("auto-gptq", "auto_gptq"),
        ("auto_gptq", "autogptq_cuda_64"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm) on Linux",
        "https://github.com/AutoGPTQ/AutoGPTQ#quick-installation",
        "GPTQModel, AutoGPTQ's successor, whose documentation lists CPUs and Apple silicon",
    ),
    # README "Install": NVIDIA GPUs of compute capability 7.5+, AMD GPUs (ExLlamaV2 kernels),
    # Intel CPUs and GPUs through IPEX; Linux and Windows.
    _row(
        "AutoAWQ",
        ("autoawq",),
        ("awq", "awq_ext"),
        (_CUDA, _ROCM, _XPU, _CPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (compute capability 7.5+), AMD GPUs, Intel CPUs and GPUs, on Linux and "
        "Windows",
        "https://github.com/casper-hansen/AutoAWQ#install",
    ),
    # README "Installation": CUDA and ROCm (Linux), Windows wheels for CUDA.
    _row(
        "ExLlamaV2",
        ("exllamav2",),
        ("exllamav2", "exllamav2_ext"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm) on Linux",
        "https://github.com/turboderp-org/exllamav2#installation",
    ),
    # docs "Installation": x86-64 and AArch64 CPUs on Linux, Windows and macOS; GPU: NVIDIA
    # CUDA on Linux and Windows. AMD GPUs through HIP from 4.7.1 (OpenNMT/CTranslate2#1989, its
    # wheels named in SYSTRAN/faster-whisper#1370, 2026-02); before, "The backend library
    # CTranslate2 only supports NVIDIA GPUs" (its maintainer, SYSTRAN/faster-whisper#162).
    _row(
        "CTranslate2",
        ("ctranslate2",),
        ("ctranslate2",),
        (_CPU, _CUDA, _ROCM),
        _EVERY,
        "CPUs (x86-64, AArch64) on Linux, Windows and macOS, NVIDIA GPUs (CUDA) on Linux "
        "and Windows, and AMD GPUs (HIP) from 4.7.1",
        "https://opennmt.net/CTranslate2/installation.html",
        'device="cpu" (CTranslate2\'s CPU path) on a GPU it does not drive',
        since=((_ROCM, "4.7.1"),),
    ),
    # README "Requirements": runs on CTranslate2 (CPU, or NVIDIA GPU with cuBLAS and cuDNN).
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
    # README: NVIDIA, AMD and Intel GPUs; Linux and Windows (WSL or native); no Apple silicon.
    _row(
        "Unsloth",
        ("unsloth", "unsloth-zoo", "unsloth_zoo"),
        ("unsloth", "unsloth_zoo"),
        (_CUDA, _ROCM, _XPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA capability 7.0+), AMD and Intel GPUs, on Linux and Windows",
        "https://github.com/unslothai/unsloth#-install-unsloth",
    ),
    # README "Installation": "Linux", CUDA and cuDNN (ROCm: the ROCm/apex fork).
    _row(
        "apex",
        ("apex",),
        ("apex", "amp_C", "fused_layer_norm_cuda"),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (CUDA) on Linux, AMD GPUs through ROCm's fork",
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
