"""issue 38 (s14-sharedlib): which Debian package installs each shared library the loader is
often asked for and cannot find: `make refresh` runs it beside tools/refresh.py.

For each soname of SONAMES it asks Debian's Contents index, through apt-file (`apt-file search
-x` with the file's full path in the architecture's library directories, /usr/lib/<triplet>/
and /lib/<triplet>/, where Debian's multiarch policy puts a library package's files:
https://wiki.debian.org/Multiarch/Implementation), which binary package ships that file, and
writes the generated table hwdoctor/compat/sonames_table.txt: one row per soname, its
packages (most sonames have one; libGL.so.1 has one, libavcodec.so.59 has two, the "extra"
build beside the plain one), with the Debian release the index was read from and the date.

Only the sonames listed below: those the recordings under tests/data/reports/errors/ show
the loader refusing, and those the compiled packages of the torch ecosystem link from the
system (opencv-python's libGL and GLib, soundfile's libsndfile, DeepSpeed's libaio, torch's
libgomp and libnuma, mpi4py's and Horovod's MPI, torchaudio's sox and FFmpeg).

    apt-get install apt-file && apt-file update   # Debian's Contents index, from its mirrors
    python tools/sonames.py

This tool runs apt-file (which reads the local copy of the index) and nothing else.
"""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
TABLE: Final = ROOT / "hwdoctor" / "compat" / "sonames_table.txt"
TRIPLET: Final = "x86_64-linux-gnu"

# soname: why a torch user meets it (the package whose import or load needs it)
SONAMES: Final = {
    # opencv-python's wheels link the X11/OpenGL and GLib libraries of the system (its README:
    # "opencv-python-headless … no GUI library dependencies"); slim images lack them
    "libGL.so.1": "opencv-python (cv2)",
    "libEGL.so.1": "opencv-python, pyrender, Open3D",
    "libgthread-2.0.so.0": "opencv-python (cv2)",
    "libglib-2.0.so.0": "opencv-python (cv2)",
    "libSM.so.6": "opencv-python (cv2)",
    "libICE.so.6": "opencv-python (cv2)",
    "libXext.so.6": "opencv-python (cv2)",
    "libXrender.so.1": "opencv-python (cv2)",
    "libX11.so.6": "opencv-python, matplotlib backends",
    "libxcb.so.1": "opencv-python, Qt",
    # audio: soundfile, torchaudio's sox backend, sounddevice, phonemizers
    "libsndfile.so.1": "soundfile (librosa, torchaudio)",
    "libsox.so.3": "torchaudio's sox backend",
    "libportaudio.so.2": "sounddevice, PyAudio",
    "libespeak-ng.so.1": "phonemizer, TTS front-ends",
    # FFmpeg, for torchaudio / torchvision / decord / av built against the system's
    "libavformat.so.58": "torchaudio, torchvision, decord (FFmpeg 4)",
    "libavformat.so.59": "torchaudio, torchvision, decord (FFmpeg 5)",
    "libavcodec.so.58": "torchaudio, torchvision, decord (FFmpeg 4)",
    "libavcodec.so.59": "torchaudio, torchvision, decord (FFmpeg 5)",
    "libavutil.so.56": "torchaudio, torchvision (FFmpeg 4)",
    "libavutil.so.57": "torchaudio, torchvision (FFmpeg 5)",
    "libswscale.so.6": "torchvision, decord (FFmpeg 5)",
    # training: DeepSpeed's async_io op, torch's CPU threading and NUMA, MPI and RDMA
    "libaio.so.1": "DeepSpeed (async_io, ZeRO-Infinity NVMe offload)",
    "libnuma.so.1": "torch (CPU affinity), vLLM, SGLang",
    "libgomp.so.1": "torch, scikit-learn, xgboost (GNU OpenMP)",
    "libomp.so.5": "LLVM OpenMP (llama-cpp-python, some torch builds)",
    "libmpi.so.40": "mpi4py, Horovod, DeepSpeed's MPI launcher (Open MPI)",
    "libmpi_cxx.so.40": "builds of torch or Horovod against Open MPI's C++ bindings",
    "libmpi.so.12": "mpi4py, Horovod (MPICH)",
    "libibverbs.so.1": "NCCL's and Gloo's InfiniBand transport",
    "librdmacm.so.1": "RDMA transports (UCX, NCCL plugins)",
    "libtcmalloc.so.4": "preloaded allocators (stable-diffusion-webui)",
    "libjemalloc.so.2": "preloaded allocators",
    # compilers' and the system's runtimes
    "libgfortran.so.5": "SciPy, NumPy builds linked to a system BLAS",
    "libopenblas.so.0": "NumPy or SciPy built against the system's OpenBLAS",
    "libstdc++.so.6": "every C++ extension (GCC's C++ runtime)",
    "libffi.so.8": "cffi, ctypes (Python's own _ctypes)",
    "libssl.so.3": "Python's ssl, grpcio, some wheels (OpenSSL 3)",
    "libcrypto.so.3": "Python's hashlib, some wheels (OpenSSL 3)",
    "libz.so.1": "zlib, for most compiled packages",
    "libjpeg.so.62": "Pillow and torchvision built against the system's libjpeg",
    "libpng16.so.16": "torchvision built against the system's libpng",
    "libvulkan.so.1": "Vulkan compute (llama.cpp, ncnn)",
    "libOpenCL.so.1": "OpenCL ICD loader (pyopencl, clblast)",
    "libcairo.so.2": "cairosvg, pycairo",
    "libasound.so.2": "ALSA, for audio packages",
}


def packages_of(soname: str) -> list[str]:
    """The binary packages whose file is the soname in the architecture's library directories."""
    where = re.escape(soname)
    pattern = rf"^/(usr/)?lib/{re.escape(TRIPLET)}/{where}$"
    done = subprocess.run(
        ["apt-file", "search", "--regexp", pattern],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = []
    for line in done.stdout.splitlines():
        package, _, _path = line.partition(": ")
        # a debug or cross-build package is not what installs the library
        if package and not package.endswith(("-dbg", "-cross")) and package not in found:
            found.append(package)
    return sorted(found)


def release() -> str:
    """The Debian release whose index apt-file read: this machine's, from os-release."""
    fields = {}
    for line in Path("/etc/os-release").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        fields[key] = value.strip('"')
    name, version = fields.get("ID", "?"), fields.get("VERSION_ID", "?")
    return f"{name} {version} ({fields.get('VERSION_CODENAME', '?')})"


def main(argv: list[str]) -> int:
    if argv:
        print("usage: python tools/sonames.py", file=sys.stderr)
        return 2
    if shutil.which("apt-file") is None:
        print("apt-file is not installed: apt-get install apt-file && apt-file update",
              file=sys.stderr)  # fmt: skip
        return 1
    read = release()
    today = datetime.date.today().isoformat()
    rows, known = [], 0
    for soname in SONAMES:
        found = packages_of(soname)
        known += bool(found)
        rows.append(f"{soname}\t{','.join(found) or '-'}")
        print(f"  {soname}: {', '.join(found) or 'in no package'}")
    if not known:  # an empty or unreadable index answers "no package" for every soname
        print("apt-file found no soname at all: run `apt-file update`, then this again; the "
              f"table {TABLE.relative_to(ROOT)} is left as it was", file=sys.stderr)  # fmt: skip
        return 1
    header = [
        "# GENERATED by tools/sonames.py from Debian's Contents index (apt-file), do not edit:",
        "# run `make refresh` (or `python tools/sonames.py`). Each row: a soname, then the Debian",
        f"# binary packages that install it in /usr/lib/{TRIPLET}/ or /lib/{TRIPLET}/ ('-':",
        "# none). The release and the date the index was read:",
        f"read {today} {read}",
    ]
    TABLE.write_text("\n".join([*header, *rows]) + "\n", encoding="utf-8")
    print(f"{TABLE.relative_to(ROOT)}: {len(rows)} sonames ({read}, {today})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
