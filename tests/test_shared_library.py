"""A shared library the loader cannot find, for any library (issue 38, items 2-5; s14-sharedlib).

Real pastes from tests/data/reports/errors/ (sources in that directory's README), in the three
loaders' words: glibc's "<soname>: cannot open shared object file" (OpenCV's libGL and
libgthread in slim containers, soundfile's libsndfile, MUSA's libmccl and libmupti, ROCm's
libMIOpen, torch's own libtorch_cuda), macOS dyld's "Library not loaded" (libiomp5,
libtorch_cpu, libmklml) and ctypes' "Could not find module … (or one of its dependencies)" on
Windows (torchaudio's .pyd), and CPython's "DLL load failed while importing cv2". Each is
named with the file, the package that needed it and who provides it (compat/sonames.py: a
vendor's runtime with its registry row, torch's own libraries, a Debian package from the
generated table); an apt-get line only where the paste shows Debian or Ubuntu, never a CUDA or
ROCm line where it shows another accelerator. Quiet: a JIT-built op asked by its path, and
torchvision's warning that it goes on without its image extension.
"""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.compat import sonames
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "host.shared_library_missing"
_MUSA = registry.key_of_tool("mthreads-gmi")
_ROCM = registry.key_of_build(registry.Build.ROCM)

# file: (the library, who needed it, the first words, the line the message is on, backend)
FOUND = {
    "friendobot68-docker-compose-opencv-libgl-libgthread-so.md": (
        "libGL.so.1",
        "the package that failed",
        "the loader could not find libGL.so.1",
        5,
        None,
    ),
    "fastdup3-docker-python3.8-dist-packages-cv2-libgl-so-1.md": (
        "libGL.so.1",
        "cv2",
        "the loader could not find libGL.so.1, which cv2 needs",
        22,
        None,
    ),
    "plantcv579-docker-ubuntu1804-conda-cv2-libgl-so-1.md": (
        "libGL.so.1",
        "cv2",
        "the loader could not find libGL.so.1, which cv2 needs",
        15,
        None,
    ),
    "hunyuanavatar21-cffi-libsndfile-so-sndfile-not-found.md": (
        "libsndfile.so",
        "soundfile",
        "the loader could not find libsndfile.so",
        1,
        None,
    ),
    "torchmusa102-import-torch-autoload-libmccl-so-2.md": (
        "libmccl.so.2",
        "torch_musa",
        "the loader could not find libmccl.so.2",
        6,
        _MUSA,
    ),
    "torchmusa56-zh-libmupti-so-0.2-musa-toolkits-rc2.md": (
        "libmupti.so.0.2",
        "the package that failed",
        "the loader could not find libmupti",
        3,
        _MUSA,
    ),
    "gfx1151fa1-therock-torch-libmiopen-so-1-ld-library-path.md": (
        "libMIOpen.so.1",
        "torch",
        "the loader could not find libMIOpen.so.1",
        23,
        _ROCM,
    ),
    "pt139410-rocm6.2-torch-ops-load-library-libtorch-cuda-so.md": (
        "libtorch_cuda.so",
        "torch",
        "the loader could not find libtorch_cuda.so",
        17,
        None,
    ),
    "pymrmr98-macos-dyld-libiomp5-dylib-not-loaded.md": (
        "libiomp5.dylib",
        "pymrmr",
        "macOS's loader (dyld) could not find libiomp5.dylib",
        18,
        None,
    ),
    "pt72172-macos-anaconda-dyld-libtorch-cpu-dylib.md": (
        "libtorch_cpu.dylib",
        "torch",
        "the loader could not find libtorch_cpu.dylib",
        12,
        None,
    ),
    "tchrs37-macos-libtorch-zip-dyld-libmklml-dylib.md": (
        "libmklml.dylib",
        "the package that failed",
        "macOS's loader (dyld) could not find libmklml",
        7,
        None,
    ),
    "audiocraftwebui7-windows-torchaudio-libtorchaudio-pyd-not-found.md": (
        "libtorchaudio.pyd",
        "torchaudio",
        "Windows could not load libtorchaudio.pyd",
        18,
        None,
    ),
    "bark239-zh-windows-libtorchaudio-pyd-not-found.md": (
        "libtorchaudio.pyd",
        "torchaudio",
        "Windows could not load libtorchaudio.pyd",
        3,
        None,
    ),
    "audiocraft30-windows-torchaudio-pyd-traceback.md": (
        "libtorchaudio.pyd",
        "torchaudio",
        "Windows could not load libtorchaudio.pyd",
        24,
        None,
    ),
    # CPython's words for an extension module Windows would not load (3.8 on, and before)
    "opencv18653-windows81-dll-load-failed-while-importing-cv2.md": (
        "cv2 (.pyd)",
        "cv2",
        "Windows could not load cv2 (.pyd)",
        1,
        None,
    ),
    "dfdnet19-windows-conda-cv2-dll-load-failed-py37.md": (
        "cv2 (.pyd)",
        "cv2",
        "Windows could not load cv2 (.pyd)",
        9,
        None,
    ),
    "opencv27222-dll-load-failed-while-importing-cv2-bare.md": (
        "cv2 (.pyd)",
        "cv2",
        "Windows could not load cv2 (.pyd)",
        4,
        None,
    ),
}
# the paste shows Debian or Ubuntu ("dist-packages", "OS: Ubuntu 18.04"): an apt-get line
APT = {
    "fastdup3-docker-python3.8-dist-packages-cv2-libgl-so-1.md": "libgl1",
    "plantcv579-docker-ubuntu1804-conda-cv2-libgl-so-1.md": "libgl1",
}
QUIET = (
    # a JIT-built op's file asked by its path: DeepSpeed's build, not a library to install
    "ds3356-torch-extensions-utils-so-path-cannot-open.md",
    # torchvision's warning: it goes on without its image extension (Linux, Windows)
    "minigpt45-torchvision-image-warning-libtorch-cuda-cu-cuda-fine.md",
    "easyocr717-windows-torchvision-image-pyd-warning.md",
    "ipexllm11525-ipex2.1.10xpu-torch2.1.0a0-not-linked-with-xpu.md",
    # TensorFlow's loader: a warning it says to ignore without a GPU
    "dreamtalk32-colab-tensorflow-dso-loader-libcudart-warning.md",
)


@pytest.mark.parametrize("name", sorted(FOUND), ids=lambda n: n.split("-", 1)[0])
def test_a_library_the_loader_cannot_find_is_named_with_who_needed_it(name: str) -> None:
    library, needed, words, line, backend = FOUND[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, data["findings"]
    first = found[0]
    assert first["severity"] == "error"
    assert first["message"].startswith(words)
    assert first["params"]["library"] == library
    assert first["params"]["needed"] == needed
    assert first["backend"] == backend
    assert line in [q["line"] for q in first["rests_on"]]
    # the loader's line is accounted for: never "no problem" beside it
    assert line not in [q["line"] for q in data["unread"]]
    remedy = "\n".join(f["remedy"] or "" for f in data["findings"])
    if name in APT:
        assert f"apt-get install -y --no-install-recommends {APT[name]}" in remedy
    else:
        assert "apt-get" not in remedy
    if backend is not None and backend != _ROCM:  # another accelerator: no CUDA or ROCm line
        assert not any(w in remedy for w in CUDA_OR_ROCM), remedy


def test_opencv_s_gui_libraries_name_the_headless_wheel() -> None:
    _, data = detect(ERRORS / "fastdup3-docker-python3.8-dist-packages-cv2-libgl-so-1.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "opencv-python-headless" in found["advice"]
    _, data = detect(ERRORS / "torchmusa102-import-torch-autoload-libmccl-so-2.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "opencv" not in (found["advice"] or "")
    assert "MUSA SDK" in found["message"]


def test_each_library_is_one_finding() -> None:
    _, data = detect(ERRORS / "friendobot68-docker-compose-opencv-libgl-libgthread-so.md")
    named = [f["params"]["library"] for f in data["findings"] if f["code"] == CODE]
    assert named == ["libGL.so.1", "libgthread-2.0.so.0"]
    packages = [f["params"]["packages"] for f in data["findings"] if f["code"] == CODE]
    assert packages == ["libgl1", "libglib2.0-0"]  # Debian's Contents index, the table


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_path_or_a_warning_is_no_missing_library(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]


def test_who_provides_a_library() -> None:
    """The table generated from Debian's index, the vendors' rows, torch's own libraries."""
    gl = sonames.provider("libGL.so.1")
    assert (gl.kind, gl.packages) == ("system", ("libgl1",))
    assert "bookworm" in gl.release
    # asked unversioned, as cffi's fallback does: the release's soname of it
    assert sonames.provider("libsndfile.so").packages == ("libsndfile1",)
    # a major release no package of the Debian release installs: another release's library
    old = sonames.provider("libavcodec.so.58")
    assert (old.kind, old.present) == ("other_release", "libavcodec.so.59")
    assert sonames.provider("libnrt.so.1").backend == registry.key_of_tool("neuron-ls")
    assert sonames.provider("libhl-thunk.so").backend == registry.key_of_tool("hl-smi")
    assert sonames.provider("libcnrt.so").backend == registry.key_of_tool("cnmon")
    assert sonames.provider("libamdhip64.so.6").backend == _ROCM
    assert sonames.provider("libdxcore.so").kind == "vendor"
    assert sonames.provider("libc10.dylib").kind == "torch"
    assert sonames.provider("libnothing-here.so.3").kind == "unknown"


@pytest.mark.parametrize(
    "name",
    [
        "pymrmr98-macos-dyld-libiomp5-dylib-not-loaded.md",
        "tchrs37-macos-libtorch-zip-dyld-libmklml-dylib.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_a_macos_library_gets_no_debian_package(name: str) -> None:
    """dyld's install names are no Debian soname: the final read found the Debian table
    answering "libomp.dylib" with Debian's libomp packages."""
    _, data = detect(ERRORS / name)
    found = next(f for f in data["findings"] if f["code"] == CODE)
    words = found["message"] + (found["advice"] or "") + (found["remedy"] or "")
    assert "Debian" not in words and "apt-" not in words
    assert "otool -L" in found["advice"]
    assert sonames.provider(found["params"]["library"]).kind == "macos"


def test_opencv_s_gui_libraries_are_keyed_as_sonames_are_read() -> None:
    """libgthread-2.0.so.0 (friendobot68's line) reads as sonames.stem reads it, so cv2's
    GLib libraries find the headless advice too (the final read: they never did)."""
    from hwdoctor.diagnosis.pasted import _OPENCV_GUI

    for library in ("libgthread-2.0.so.0", "libglib-2.0.so.0", "libGL.so.1", "libSM.so.6"):
        assert sonames.stem(library) in _OPENCV_GUI, library
