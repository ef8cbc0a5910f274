"""issue 38 (s18-dll): CUDA's runtime libraries as the libraries other than torch name them.

torch's CUDA wheels bring CUDA's libraries with them; CTranslate2 (faster-whisper, WhisperX),
onnxruntime-gpu, TensorFlow, PaddlePaddle and cuDNN itself load them by file name when they
run, and the file name carries the major release the loader was built for:

- Windows' DLLs: `cublas64_12.dll`, `cublasLt64_11.dll` (cuBLAS of CUDA 12, 11: CUDA 10.1 and
  10.2 ship `cublas64_10.dll`), `cudart64_110.dll` (CUDA 11.0's runtime: the major and minor
  run together, `cudart64_101.dll` is 10.1's, and from CUDA 12 the major alone,
  `cudart64_12.dll`), `cudnn64_8.dll` and its sub-libraries `cudnn_ops_infer64_8.dll` (cuDNN
  8; cuDNN 9's are `cudnn_ops64_9.dll`). Up to CUDA 10.0 every library of the toolkit was
  numbered by the toolkit's release, major and minor run together (`cublas64_100.dll`,
  `cufft64_100.dll` and `cudart64_100.dll` are CUDA 10.0's; `cudart64_90.dll` 9.0's,
  `cudart64_92.dll` 9.2's): the names TensorFlow's Windows builds for CUDA 10.0 and 9.x load
  (tensorflow.org/install/source_windows, "Tested build configurations": tensorflow_gpu-2.0.0
  and 1.13.1 with CUDA 10.0, 1.12.0 with CUDA 9; its dso_loader's warnings name
  `cudart64_100.dll` there, EdjeElectronics/TensorFlow-Object-Detection-API-Tutorial-Train-
  Multiple-Objects-Windows-10#503), and NVRTC's own DLLs by release (`nvrtc64_92.dll` for 9.2,
  `nvrtc64_100_0.dll` for 10.0, `nvrtc64_101_0.dll` for 10.1, as programs that load them list
  them). A two-digit number from 50 up (5.0 to 9.2) or a three-digit one (10.0, 11.0) is that
  release; a smaller two-digit one (10, 11, 12) is the library's own major;
- Linux sonames: `libcublas.so.12`, `libcublasLt.so.11`, `libcudart.so.11.0`,
  `libcudnn_ops_infer.so.8`, `libcudnn.so.9` (the same majors after `.so.`).

NVIDIA publishes each library of CUDA 11 and 12 as a pip wheel per CUDA major
(nvidia-cublas-cu12, nvidia-cuda-runtime-cu11, nvidia-cudnn-cu12: torch's own wheels depend
on them, compat/wheels.py); CUDA 10 and older come with the toolkit alone.

`ORT_BUILDS` is onnxruntime's own table of which CUDA and cuDNN majors each onnxruntime-gpu
release on PyPI was built with: the CUDA execution provider's requirements page
(https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements,
"Requirements": "ONNX Runtime built with cuDNN 8.x is not compatible with cuDNN 9.x, and vice
versa"; "starting with version 1.19, CUDA 12.x becomes the default version when distributing
ONNX Runtime GPU packages in PyPI"; its CUDA 11.x table: 1.15-1.18 CUDA 11.8, 1.13-1.14
11.6, 1.9-1.12 11.4, 1.7-1.8 11.0.3, all with cuDNN 8; 1.5-1.6 CUDA 10.2 with cuDNN 8.0.3;
1.2-1.4 CUDA 10.1 with cuDNN 7.6.5; 1.0-1.1 CUDA 10.0 with cuDNN 7.6.4).

`CTRANSLATE2_BUILDS` is faster-whisper's README on CTranslate2 ("GPU": "The latest versions of
ctranslate2 only support CUDA 12 and cuDNN 9. For CUDA 11 and cuDNN 8, the current workaround
is downgrading to the 3.24.0 version of ctranslate2, for CUDA 12 and cuDNN 8, downgrade to the
4.4.0 version of ctranslate2", SYSTRAN/faster-whisper README.md, v1.1.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hwdoctor import versions

# The families of CUDA's libraries whose file number is CUDA's own major (cuFFT, cuRAND,
# cuSPARSE and cuSOLVER number their own releases: their names give no CUDA major).
_CUBLAS: Final = {"cublas": "cuBLAS", "cublasLt": "cuBLASLt"}
# Own numbering: the library and its release, no CUDA major.
_OWN: Final = {
    "cufft": "cuFFT",
    "curand": "cuRAND",
    "cusparse": "cuSPARSE",
    "cusolver": "cuSOLVER",
    "nvinfer_plugin": "TensorRT's plugins",
    "nvinfer": "TensorRT",
}
# NVIDIA's pip wheels exist for these CUDA majors (pypi.org/project/nvidia-cublas-cu11, -cu12)
_WHEEL_MAJORS: Final = ("11", "12")


@dataclass(frozen=True, slots=True)
class Runtime:
    """What one library file named by a loader is."""

    library: str  # as the loader named it: "cublas64_12.dll", "libcudnn_ops_infer.so.8"
    what: str  # "CUDA 12's cuBLAS", "a library of cuDNN 8"
    cuda: str  # the CUDA release its name carries ("12", "11.0"), "" where it carries none
    cudnn: str  # cuDNN's major ("8"), "" for a library that is not cuDNN's
    package: str  # NVIDIA's pip wheel of that CUDA major ("nvidia-cublas-cu12"), or ""
    windows: bool  # a DLL: Windows' loader

    @property
    def cuda_major(self) -> str:
        return self.cuda.split(".", 1)[0]


def _split(library: str) -> tuple[str, str, bool] | None:
    """("cublas", "12", windows) from "cublas64_12.dll" or "libcublas.so.12"; None for a name
    of neither form."""
    name = library.strip()
    if name.lower().endswith(".dll"):
        base, sep, number = name[:-4].rpartition("64_")
        return (base, number, True) if sep and base else None
    stem, sep, tail = name.partition(".so")
    if not sep or not stem.startswith("lib"):
        return None
    return stem[3:], tail.lstrip("."), False


def _toolkit_release(number: str, windows: bool) -> str:
    """The CUDA toolkit's release a DLL's number names where it names one (see above): "100" →
    "10.0", "110" → "11.0", "90" → "9.0", "92" → "9.2"; "" for a library's own major ("12",
    "10") and for a soname's number."""
    if not windows or not number.isdigit():
        return ""
    if len(number) == 3:
        return f"{number[:2]}.{number[2]}"
    if len(number) == 2 and number[0] in "56789":
        return f"{number[0]}.{number[1]}"
    return ""


def _cudart_release(number: str, windows: bool) -> str:
    """CUDA's release from cudart's number: "110" → "11.0", "101" → "10.1", "90" → "9.0",
    "12" → "12" (a DLL's); "11.0" → "11.0" (a soname's)."""
    return _toolkit_release(number, windows) or number


def read(library: str) -> Runtime | None:
    """The library a loader names, by its file name; None for a file that is none of CUDA's,
    cuDNN's or TensorRT's libraries, or whose number is not read here."""
    split = _split(library)
    if split is None:
        return None
    base, number, windows = split
    major = number.split(".", 1)[0]
    if not major.isdigit():
        return None
    if base.startswith("cudnn"):
        what = f"cuDNN {major}" if base == "cudnn" else f"a library of cuDNN {major} ({base})"
        return Runtime(library, what, "", major, "", windows)
    toolkit = _toolkit_release(number, windows)  # CUDA 10.0 and older: the toolkit's release
    if base in _CUBLAS:
        package = f"nvidia-cublas-cu{major}" if major in _WHEEL_MAJORS and not toolkit else ""
        what = f"CUDA {toolkit or major}'s {_CUBLAS[base]}"
        return Runtime(library, what, toolkit or major, "", package, windows)
    if base == "cudart":
        release = _cudart_release(number, windows)
        cuda = release.split(".", 1)[0]
        package = f"nvidia-cuda-runtime-cu{cuda}" if cuda in _WHEEL_MAJORS else ""
        return Runtime(library, f"CUDA {release}'s runtime (cudart)", release, "", package, windows)
    if base in _OWN and toolkit and not base.startswith("nvinfer"):
        return Runtime(library, f"CUDA {toolkit}'s {_OWN[base]}", toolkit, "", "", windows)
    if base in _OWN:
        return Runtime(library, f"{_OWN[base]} {major}", "", "", "", windows)
    return None


def cudnn_package(cudnn: str, cuda_major: str) -> tuple[str, str]:
    """NVIDIA's cuDNN wheel of that cuDNN major for that CUDA major, and the version
    specifier that keeps it to that cuDNN major ("nvidia-cudnn-cu11", "<9"); ("", "") where
    no wheel is known (CUDA before 11, cuDNN before 8)."""
    if cuda_major not in _WHEEL_MAJORS or not cudnn.isdigit() or int(cudnn) < 8:
        return "", ""
    return f"nvidia-cudnn-cu{cuda_major}", f">={cudnn},<{int(cudnn) + 1}"


@dataclass(frozen=True, slots=True)
class Build:
    """The CUDA and cuDNN a library's releases from `first` on were built with."""

    first: str  # the first release of the row, a PEP 440 version
    cuda: str  # "12", "11.8", "10.2"
    cudnn: str  # "9", "8", "7"


# onnxruntime-gpu on PyPI, newest first (the requirements page cited above)
ORT_BUILDS: Final = (
    Build("1.19", "12", "9"),
    Build("1.15", "11.8", "8"),
    Build("1.13", "11.6", "8"),
    Build("1.9", "11.4", "8"),
    Build("1.7", "11.0", "8"),
    Build("1.5", "10.2", "8"),
    Build("1.2", "10.1", "7"),
    Build("1.0", "10.0", "7"),
)
# onnxruntime-gpu from onnxruntime's own CUDA 12 and CUDA 11 feeds (pip's --extra-index-url
# https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/
# simple/, and -cuda-11 for 1.19 and newer; the requirements page's "CUDA 12.x" table: 1.17.x
# and 1.18.0 CUDA 12 with cuDNN 8, 1.18.1 CUDA 12 with cuDNN 9; its "CUDA 11.x" table: 1.19.x
# CUDA 11.8 with cuDNN 8, "Not available in pypi"), by the feed's CUDA major
ORT_FEED_BUILDS: Final = {
    "12": (Build("1.18.1", "12", "9"), Build("1.17", "12", "8")),
    "11": (Build("1.19", "11.8", "8"), *ORT_BUILDS[1:]),
}
# ctranslate2 on PyPI, newest first (faster-whisper's README cited above: 4.5 and newer CUDA 12
# with cuDNN 9; 4.0 to 4.4 CUDA 12 with cuDNN 8; 3.24 and before CUDA 11 with cuDNN 8)
CTRANSLATE2_BUILDS: Final = (
    Build("4.5", "12", "9"),
    Build("4.0", "12", "8"),
    Build("3.0", "11", "8"),
)


def cuda_of_cudnn(table: tuple[Build, ...], cudnn: str) -> str:
    """The CUDA major every row of `table` built with cuDNN `cudnn` has ("12" for cuDNN 9 in
    both tables); "" where the rows with it have two, or none."""
    majors = {build.cuda.split(".", 1)[0] for build in table if build.cudnn == cudnn}
    return majors.pop() if len(majors) == 1 else ""


def build_of(table: tuple[Build, ...], release: str) -> Build | None:
    """The row of `table` for `release` ("1.17.0", "4.4.0"): the newest whose first release is
    not after it; None for a release before the table or no PEP 440 version."""
    shown = versions.parse(release.strip())
    if shown is None:
        return None
    for build in table:
        first = versions.parse(build.first)
        if first is not None and shown.release >= first.release:
            return build
    return None


# The Python package each of NVIDIA's CUDA wheels installs its libraries under (the wheels'
# files: nvidia/cublas/lib/libcublas.so.12 from nvidia-cublas-cu12, nvidia/cudnn/lib/ from
# nvidia-cudnn-cu12, nvidia/cuda_runtime/lib/ from nvidia-cuda-runtime-cu12), by the wheel's
# name without its CUDA major: faster-whisper's README builds LD_LIBRARY_PATH from them
# (SYSTRAN/faster-whisper@65882ee README.md, "GPU", "Install with pip (Linux only)": "Note
# that LD_LIBRARY_PATH must be set before launching Python", `export LD_LIBRARY_PATH=`python3
# -c 'import os; import nvidia.cublas.lib; import nvidia.cudnn.lib; print(os.path.dirname(
# nvidia.cublas.lib.__file__) + ":" + os.path.dirname(nvidia.cudnn.lib.__file__))'``)
_WHEEL_MODULES: Final = {
    "nvidia-cublas": "nvidia.cublas.lib",
    "nvidia-cudnn": "nvidia.cudnn.lib",
    "nvidia-cuda-runtime": "nvidia.cuda_runtime.lib",
}


def wheel_module(package: str) -> str:
    """The module whose directory holds the libraries of NVIDIA's wheel `package`
    ("nvidia-cublas-cu12" → "nvidia.cublas.lib"); "" for a package not in the table."""
    stem, sep, major = package.rpartition("-cu")
    return _WHEEL_MODULES.get(stem, "") if sep and major in _WHEEL_MAJORS else ""
