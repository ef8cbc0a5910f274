"""issue 38: the packages a run imports by a module name of their own, as data: which
distribution installs each top-level module, and which are built for NVIDIA's CUDA alone.

Python names the module it could not import, never the distribution that installs it
(importlib/_bootstrap.py: `_ERR_MSG_PREFIX = 'No module named '`); the table below gives the
distribution each top-level module comes from, as each project's PyPI page and its
setup.py / pyproject.toml name it (its `name=` and its packages), so that an install line can
be built. An accelerator's extension module (torch_npu, torch_xla, torch_neuronx …) is the
registry's (registry.py `module`, `for_module`), with its own install; Gaudi's
habana_frameworks has its own finding (hpu.bridge_missing) and is left out here, as are
transformers' submodules (compat/transformers_modules.py) and compiled parts of an installed
package ("vllm._C"), which are another cause than the package being absent.
"""

from __future__ import annotations

from typing import Final

from hwdoctor.compat import builds

# top-level module -> the distribution that installs it (PyPI's name)
DISTRIBUTIONS: Final = {
    # Hugging Face's libraries (each repository's setup.py `name=`)
    "transformers": "transformers",
    "accelerate": "accelerate",
    "peft": "peft",
    "trl": "trl",
    "diffusers": "diffusers",
    "datasets": "datasets",
    "tokenizers": "tokenizers",
    "safetensors": "safetensors",
    "optimum": "optimum",
    "huggingface_hub": "huggingface-hub",
    "sentence_transformers": "sentence-transformers",
    "timm": "timm",
    # kernels and quantisation (Dao-AILab/flash-attention setup.py PACKAGE_NAME "flash_attn",
    # published as flash-attn; facebookresearch/xformers; bitsandbytes-foundation/bitsandbytes;
    # AutoGPTQ/AutoGPTQ setup.py name "auto_gptq"; casper-hansen/AutoAWQ setup.py "autoawq",
    # its module "awq"; linkedin/Liger-Kernel "liger-kernel"; state-spaces/mamba "mamba_ssm",
    # Dao-AILab/causal-conv1d "causal_conv1d")
    "bitsandbytes": "bitsandbytes",
    "flash_attn": "flash-attn",
    "xformers": "xformers",
    "triton": "triton",
    "auto_gptq": "auto-gptq",
    "awq": "autoawq",
    "liger_kernel": "liger-kernel",
    "mamba_ssm": "mamba-ssm",
    "causal_conv1d": "causal-conv1d",
    # training and serving (deepspeedai/DeepSpeed "deepspeed", vllm-project/vllm "vllm",
    # unslothai/unsloth "unsloth", sgl-project/sglang "sglang")
    "deepspeed": "deepspeed",
    "vllm": "vllm",
    "unsloth": "unsloth",
    "sglang": "sglang",
    # torch's companions (their versions follow torch's: remedies.companion_pin)
    "torchvision": "torchvision",
    "torchaudio": "torchaudio",
    # Intel's extension (intel/intel-extension-for-pytorch setup.py: the distribution
    # intel-extension-for-pytorch, the module intel_extension_for_pytorch)
    "intel_extension_for_pytorch": "intel-extension-for-pytorch",
    # AWS Neuron's compiler (its wheel neuronx-cc, module neuronx_cc; the Neuron setup guide)
    "neuronx_cc": "neuronx-cc",
}

# Distributions whose kernels are built for NVIDIA's CUDA (and AMD's ROCm) only, with no
# build for another accelerator: flash-attn's README ("Requirements: CUDA toolkit or ROCm
# toolkit", an NVIDIA GPU of Ampere or later, or an AMD MI200/MI300), Mamba's and
# causal-conv1d's (both need a CUDA or ROCm GPU, their READMEs' "Installation").
CUDA_ONLY: Final = frozenset({"flash-attn", "mamba-ssm", "causal-conv1d"})

# Distributions built for some operating systems only, to the systems (platform.system()) that
# have a build: an install line elsewhere finds nothing to install, or builds nothing that
# runs (red team, item 1: ModelCloud/GPTQModel#2273, a Mac told `pip install triton`).
# - triton: issue 38 (s13-wheels): its systems are its PyPI file list's, from the generated
#   table (builds_table.txt: manylinux wheels for x86_64 and aarch64, no source distribution);
#   its source row stays, for its maintainer's words (triton-lang/triton#1465, ptillet:
#   "Currently we only support Linux").
# - xformers: its PyPI file list holds manylinux and win_amd64 wheels, no macOS one; its
#   README's install "Recommended, Windows & Linux"; facebookresearch/xformers#740 (danthe3rd,
#   a maintainer): "xformers is not compatible with MacOS".
# - vllm: its installation guide (docs/getting_started/installation/gpu.md): "OS: Linux",
#   "vLLM does not support Windows natively".
# - flash-attn: its README's "Requirements: … Linux. Might work for Windows starting v2.3.2";
#   its release wheels are linux_x86_64 ones.
# - mamba-ssm, causal-conv1d: their release wheels are linux_x86_64 ones (README "Installation":
#   Linux, an NVIDIA or AMD GPU).
# - auto-gptq: AutoGPTQ's README (Installation): "AutoGPTQ is available on Linux and Windows only".
# - liger-kernel: its requirements name triton (its setup.py / pyproject.toml), which has
#   Linux wheels alone.
# deepspeed is left out: its PyPI release is a source package that installs on macOS too,
# building its kernels only when they are first loaded.
BUILT_FOR: Final = {
    "xformers": ("Linux", "Windows"),
    "vllm": ("Linux",),
    "flash-attn": ("Linux",),
    "mamba-ssm": ("Linux",),
    "causal-conv1d": ("Linux",),
    "auto-gptq": ("Linux", "Windows"),
    "liger-kernel": ("Linux",),
}

# issue 38 (s10-platform): each BUILT_FOR row's source, in the words a finding gives it.
BUILT_FOR_SOURCE: Final = {
    "triton": 'its PyPI files are manylinux wheels; its maintainers: "Currently we only support '
    'Linux" (triton-lang/triton#1465)',
    "xformers": "its PyPI files are manylinux and win_amd64 wheels (facebookresearch/xformers#740: "
    '"xformers is not compatible with MacOS")',
    "vllm": 'its installation guide: "OS: Linux", "vLLM does not support Windows natively"',
    "flash-attn": "its README's requirements name Linux; its release wheels are linux_x86_64 ones",
    "mamba-ssm": "its release wheels are linux_x86_64 ones (README, Installation)",
    "causal-conv1d": "its release wheels are linux_x86_64 ones (README, Installation)",
    "auto-gptq": 'AutoGPTQ\'s README: "available on Linux and Windows only"',
    "liger-kernel": "it requires triton, whose PyPI files are Linux wheels",
}

# issue 38 (s12-osbuild): distributions whose PyPI files are built for x86_64 CPUs only, to
# the source of that and where a build comes from for another machine: pip finds no release of
# them on a Mac with Apple silicon or on Linux on Arm ("from versions: none").
# - decord: PyPI's file list for every release to 0.6.0 (pypi.org/pypi/decord/json, read
#   2026-12): manylinux2010_x86_64 and win_amd64 wheels, and macosx_10_15_x86_64 ones for
#   CPython 3.6-3.8 alone; no arm64 or aarch64 file, no source distribution. Its README
#   (dmlc/decord@d2e5619, "Install from source") builds it on Linux and macOS; its maintainer
#   on a Jetson: "there's no prebuilt one, you can built from source" (dmlc/decord#110).
X86_ONLY: Final = {
    "decord": (
        "decord's PyPI files are Linux and Windows x86_64 wheels and macOS x86_64 wheels for "
        "CPython 3.6-3.8 only, no Arm one and no source to build",
        'build decord from source on this machine as its README\'s "Install from source" '
        "says (ffmpeg and cmake, then its python/ package), or use a video reader the program "
        "accepts instead of decord; forks published under other names are not decord's own",
    ),
}


def built_for(package: str) -> tuple[str, ...] | None:
    """The systems a package has builds for: its BUILT_FOR row; or, for a package whose
    source row (BUILT_FOR_SOURCE) leaves the systems to PyPI's file list (issue 38,
    s13-wheels), the systems its newest release has wheels for there (builds.wheel_systems:
    wheels and no source distribution). None for any other package."""
    if package in BUILT_FOR:
        return BUILT_FOR[package]
    return builds.wheel_systems(package) if package in BUILT_FOR_SOURCE else None


# issue 38 (s13-wheels): a package with no build for a system (PyPI's file list, compat/builds.py),
# to what its maintainers name for that system instead: the package to install, where from
# ("pypi", or a conda channel), and their words (the install line is the chooser's,
# diagnosis/remedies.py).
# - onnxruntime-gpu on macOS: its wheels are Linux and Windows ones (it is ONNX Runtime's CUDA
#   build); its maintainers: "CUDA on macOS is not a thing", "macOS users need to use coreml for
#   GPU acceleration" (microsoft/onnxruntime#12252), the CoreML provider of the onnxruntime
#   package (https://onnxruntime.ai/docs/execution-providers/CoreML-ExecutionProvider.html).
# - pynini on Windows: its wheels are Linux x86_64 ones; its maintainer: "We don't support
#   Windows. It works fine on WSL though." (kylebgorman/pynini#93), and its conda-forge build
#   "which is Windows compatible" (kylebgorman/pynini#60).
INSTEAD: Final = {
    ("onnxruntime-gpu", "Darwin"): (
        "onnxruntime",
        "pypi",
        "onnxruntime, whose macOS build has the CoreML provider for the Mac's GPU (ONNX "
        'Runtime\'s maintainers: "macOS users need to use coreml", microsoft/onnxruntime#12252)',
    ),
    ("pynini", "Windows"): (
        "pynini",
        "conda-forge",
        "pynini's conda-forge build, or WSL2 (its maintainer: \"We don't support Windows. It "
        'works fine on WSL though", kylebgorman/pynini#93)',
    ),
}

# platform.system()'s word, as a sentence names it
SYSTEM_WORDS: Final = {"Darwin": "macOS", "Windows": "Windows", "Linux": "Linux"}

# transformers' words for a library in its availability messages, to the distribution
# (transformers/utils/import_utils.py @ 5.25.0, the *_IMPORT_ERROR templates, each naming its
# `pip install` line: "{0} requires the protobuf library but it was not found in your
# environment"); only the libraries a run on an accelerator meets are here.
LIBRARY_WORDS: Final = {
    "accelerate": "accelerate",
    "peft": "peft",
    "diffusers": "diffusers",
    "datasets": "datasets",
    "tokenizers": "tokenizers",
    "sentencepiece": "sentencepiece",
    "protobuf": "protobuf",
    "torchvision": "torchvision",
    "torchaudio": "torchaudio",
    "timm": "timm",
    "scipy": "scipy",
    "bitsandbytes": "bitsandbytes",
}

# The floor a library's message enforces where it names none (red team item 2: "older" only
# where the installed release is below it, huggingface/transformers#31583). from_pretrained's
# "requires Accelerate: `pip install accelerate`" is the message of the releases before 4.38,
# whose is_accelerate_available(min_version=ACCELERATE_MIN_VERSION) checked at most "0.21.0"
# (transformers/utils/import_utils.py, ACCELERATE_MIN_VERSION = "0.21.0" through 4.41; from
# 4.38 the message names the floor itself, 'accelerate>=0.26.0' in later releases).
UNNAMED_FLOORS: Final = {"accelerate": "0.21.0"}

# Modules other findings name when they are missing (hpu.bridge_missing; transformers'
# submodules have python.transformers_module_missing).
ELSEWHERE: Final = frozenset({"habana_frameworks"})


def distribution(module: str) -> str | None:
    """The distribution that installs the top-level `module`; None for a module outside the
    table (the program's own, or one hwdoctor cannot name an install for)."""
    return DISTRIBUTIONS.get(module)
