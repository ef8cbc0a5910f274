"""The accelerator libraries whose loaded copies the probe names, as data.

Each family is one library a framework loads by its soname (`libcudnn.so.9`) or a versioned
file (`libcudnn.so.9.1.0`): a pattern on the file's base name, whether its soname major is
the CUDA major (libcudart.so.12 is CUDA 12's runtime, libcudnn.so.9 is cuDNN 9), and the
distributions that ship it as a wheel (NVIDIA's `nvidia-*` wheels, torch's own `torch/lib`,
TheRock's `rocm-sdk-*`). The probe receives the table in its job (it imports nothing of
hwdoctor) and reads `/proc/self/maps` against it.

Sources: the sonames are the libraries' own (`readelf -d` of torch 2.13.0+cpu here lists
`NEEDED libgomp.so.1` beside `RUNPATH $ORIGIN`, and torch's RECORD ships
`torch/lib/libgomp.so.1`); NVIDIA's wheels install under `site-packages/nvidia/<lib>/lib`
(cudnn-frontend's collect_env reads the same maps, NVIDIA/cudnn-frontend#400); TheRock's
public library table (ROCm/TheRock build_tools/packaging/python/templates/rocm/src/rocm_sdk/
_dist_info.py at 021840b3: `libamdhip64.so*`, `libhipblaslt.so*`, `librccl.so*`,
`libMIOpen.so*`, packages `rocm-sdk-core` and `rocm-sdk-libraries-{target_family}`); the
oneAPI Level Zero loader `libze_loader.so.1` (compat.md §6 [L0-LIB]); the Neuron runtime
`libnrt.so`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from hwdoctor import versions


@dataclass(frozen=True, slots=True)
class Family:
    name: str  # "cudnn": what findings call it
    pattern: str  # a regular expression on the file's base name, whole
    stack: str  # "cuda", "rocm", "oneapi", "neuron", "openmp"
    cuda_major: bool = False  # the soname's major is the CUDA major (12, 13)


# `(?:-[0-9a-f]{8})?`: auditwheel's hash suffix on a vendored copy (libgomp-a34b3233.so.1).
_V: Final = r"(?:-[0-9a-f]{8})?\.so(?:\.[0-9]+)*"

FAMILIES: Final = (
    Family("cudart", rf"libcudart{_V}", "cuda", cuda_major=True),
    Family("cublas", rf"libcublas{_V}", "cuda", cuda_major=True),
    Family("cublaslt", rf"libcublasLt{_V}", "cuda", cuda_major=True),
    Family("cudnn", rf"libcudnn(?:_[a-z_]+)?{_V}", "cuda"),
    Family("nccl", rf"libnccl{_V}", "cuda"),
    Family("cusparselt", rf"libcusparseLt{_V}", "cuda"),
    Family("cusparse", rf"libcusparse{_V}", "cuda", cuda_major=True),
    Family("cufft", rf"libcufft{_V}", "cuda"),
    Family("curand", rf"libcurand{_V}", "cuda"),
    Family("cusolver", rf"libcusolver{_V}", "cuda"),
    Family("nvrtc", rf"libnvrtc{_V}", "cuda", cuda_major=True),
    Family("nvjitlink", rf"libnvJitLink{_V}", "cuda", cuda_major=True),
    Family("cupti", rf"libcupti{_V}", "cuda", cuda_major=True),
    Family("amdhip64", rf"libamdhip64{_V}", "rocm"),
    Family("hsa-runtime64", rf"libhsa-runtime64{_V}", "rocm"),
    Family("rocblas", rf"librocblas{_V}", "rocm"),
    Family("hipblaslt", rf"libhipblaslt{_V}", "rocm"),
    Family("miopen", rf"libMIOpen{_V}", "rocm"),
    Family("rccl", rf"librccl{_V}", "rocm"),
    Family("ze_loader", rf"libze_loader{_V}", "oneapi"),
    Family("sycl", rf"libsycl{_V}", "oneapi"),
    Family("nrt", rf"libnrt{_V}", "neuron"),
    Family("gomp", rf"libgomp{_V}", "openmp"),
)
BY_NAME: Final = {family.name: family for family in FAMILIES}

# Distributions whose RECORD may list a copy of a family (normalised name prefixes):
# NVIDIA's CUDA wheels, torch itself (torch/lib), TheRock's ROCm wheels, Intel's runtime
# wheels, Neuron's.
WHEEL_PREFIXES: Final = ("nvidia", "torch", "rocm", "intel", "neuron", "aws_neuron")

# conda packages that provide torch or its CUDA libraries (conda-forge and the pytorch and
# nvidia channels): a conda-meta record of one of these beside pip's torch or nvidia-*
# wheels is two package managers providing the same stack.
CONDA_NAMES: Final = frozenset(
    {
        "pytorch", "pytorch-cuda", "pytorch-gpu", "libtorch", "cudnn", "nccl", "cuda-cudart",
        "cuda-runtime", "cuda-nvrtc", "libcublas", "libcusparse", "libcufft", "libcurand",
        "libcusolver", "libnvjitlink", "cuda-cupti", "cusparselt", "libcusparselt",
    }
)  # fmt: skip

# What the probe reads at most: /proc/self/maps of a process with torch and CUDA holds a
# few thousand lines (about 300 KiB); a RECORD file, torch's being the largest (14,621
# lines, 1.4 MiB in 2.13.0+cpu).
MAPS_MAX_BYTES: Final = 16 << 20
MAPS_MAX_LINES: Final = 200_000
RECORD_MAX_BYTES: Final = 8 << 20
RECORDS_MAX_BYTES: Final = 64 << 20
CONDA_MAX_FILES: Final = 4096
MAX_LIBRARIES: Final = 256


def wire() -> dict[str, Any]:
    """The table as the probe's job carries it."""
    return {
        "families": [[f.name, f.pattern] for f in FAMILIES],
        "wheel_prefixes": list(WHEEL_PREFIXES),
        "conda_names": sorted(CONDA_NAMES),
        "limits": {
            "maps_bytes": MAPS_MAX_BYTES,
            "maps_lines": MAPS_MAX_LINES,
            "record_bytes": RECORD_MAX_BYTES,
            "records_bytes": RECORDS_MAX_BYTES,
            "conda_files": CONDA_MAX_FILES,
            "libraries": MAX_LIBRARIES,
        },
    }


_VERSION: Final = re.compile(r"\.so\.([0-9]+(?:\.[0-9]+)*)$")


def version_of(path: str) -> str | None:
    """The version a library's file name carries: libcudnn.so.9.1.0 → "9.1.0",
    libcudart.so.12 → "12"; None for a bare `.so`."""
    match = _VERSION.search(path.rsplit("/", 1)[-1])
    return match.group(1) if match else None


def major_of(path: str) -> int | None:
    version = version_of(path)
    return int(version.split(".")[0]) if version else None


# --- issue 41: the CUDA major of an installed package, for pastes ------------------------
# NVIDIA's CUDA library wheels name the CUDA major they are built for: `nvidia-cublas-cu12`,
# `nvidia-cudnn-cu13` (torch's Requires-Dist: 2.5.1+cu118 asks for nvidia-cuda-runtime-cu11,
# nvidia-cudnn-cu11 …, 2.13.0+cu130 for nvidia-cudnn-cu13, nvidia-nccl-cu13 …). From CUDA
# 13 the toolkit's own wheels drop the suffix (`nvidia-cuda-runtime==13.0.96`,
# `nvidia-cublas==13.1.1.3`): of those, the runtime, NVRTC, CUPTI, nvJitLink and cuBLAS
# carry the CUDA release as their version (13.0.96, 13.0.88, 13.0.85, 13.3.33, 13.1.1.3 in
# the collect_env recordings of tests/data/reports/collect_env/), while cuFFT (12.0.0.61)
# and cuSPARSE (12.6.3.3) do not, so they say nothing. Only the CUDA toolkit's libraries
# count: NVIDIA ships other wheels for both majors on purpose (nvidia-cutlass-dsl-libs-cu12
# beside -cu13 in one vLLM environment).
CUDA_WHEELS: Final = frozenset(
    {
        "cublas",
        "cuda-runtime",
        "cuda-nvrtc",
        "cuda-cupti",
        "cuda-cccl",
        "cudnn",
        "cufft",
        "curand",
        "cusolver",
        "cusparse",
        "cusparselt",
        "cufile",
        "nccl",
        "nvjitlink",
        "nvtx",
        "nvshmem",
    }
)
CUDA_RELEASE_WHEELS: Final = frozenset(
    {"cublas", "cuda-runtime", "cuda-nvrtc", "cuda-cupti", "nvjitlink"}
)
_CUDA_WHEEL: Final = re.compile(r"nvidia-([a-z][a-z-]{1,20}?)(?:-cu([0-9]{2}))?")
_RELEASE: Final = re.compile(r"([0-9]{1,3})\.")


# conda's CUDA packages, whose version is the CUDA release: the pytorch channel's
# `pytorch-cuda` (`conda install pytorch pytorch-cuda=12.1 -c pytorch -c nvidia`, the
# install line pytorch.org gave up to 2.5; a collect_env of tests/data/reports lists
# `[conda] cudatoolkit 10.2.89` beside torch 1.7.0+cu101), the older `cudatoolkit`, and the
# nvidia channel's `cuda-runtime`, `cuda-cudart` and `cuda-version` metapackage.
CONDA_CUDA: Final = frozenset(
    {"pytorch-cuda", "cudatoolkit", "cuda-runtime", "cuda-cudart", "cuda-version"}
)


# collect_env's two package lists are of two environments at times: `[pip3]` is
# `sys.executable -m pip list`, the interpreter's own packages, `[conda]` a bare `conda list`,
# the *activated* conda environment's (torch/utils/collect_env.py get_pip_packages,
# get_conda_packages; vLLM's copy does the same). A venv run inside conda's base lists base's
# packages: pytorch/pytorch#196996 ran torch 2.15.0.dev+cu130 while `[conda]` named base's
# torch 2.5.1+cu124 and its CUDA 12 wheels, which the reporter says were not used.
def conda_lists_another_environment(ran: str | None, conda_torch: Sequence[str]) -> bool:
    """`[conda]` names a torch, and none of the release that ran ("2.15.0.dev20260914+cu130"
    beside conda's "2.5.1+cu124"): its packages are no copy the process can load."""
    running = versions.parse(ran.strip()) if ran else None
    listed = [v.public for v in map(versions.parse, conda_torch) if v is not None]
    return running is not None and bool(listed) and running.public not in listed


def cuda_major_of(name: str, version: str) -> int | None:
    """The CUDA major an installed NVIDIA CUDA library package is for ("nvidia-cublas-cu12"
    → 12, "nvidia-cuda-runtime" 13.0.96 → 13, conda's "pytorch-cuda" 12.1 → 12); None for
    any other package."""
    normal = name.strip().lower().replace("_", "-")
    if normal in CONDA_CUDA:
        release = _RELEASE.match(version.strip())
        return int(release.group(1)) if release else None
    match = _CUDA_WHEEL.fullmatch(normal)
    if match is None or match.group(1) not in CUDA_WHEELS:
        return None
    if match.group(2):
        return int(match.group(2))
    release = _RELEASE.match(version.strip())
    if match.group(1) in CUDA_RELEASE_WHEELS and release:
        return int(release.group(1))
    return None
