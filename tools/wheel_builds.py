"""issue 38 (s13-wheels): which Pythons, systems and CPUs each ecosystem package has builds for,
read from the package index itself: `make refresh` runs it beside tools/refresh.py.

For each package of PACKAGES it reads PyPI's JSON API (https://pypi.org/pypi/<name>/json, the
"JSON API" of https://docs.pypi.org/api/json/: `releases` maps each version to its files, each
with its `filename`, `packagetype` and `yanked`), keeps a trimmed recording of it (the file names
of each release, yanked files left out) under tests/data/pypi/, and writes the generated table
hwdoctor/compat/builds_table.txt from the recordings: for each package, release ranges whose
files cover the same CPython versions, systems and CPU architectures, and whether a source
distribution exists. A wheel's tags are in its file name (PEP 427 "{distribution}-{version}
(-{build tag})?-{python tag}-{abi tag}-{platform tag}.whl"; PEP 425 for the tags; PEP 600 and
PEP 656 for manylinux and musllinux; compressed tag sets joined by "."). Pre-releases are left
out, as pip leaves them out unless asked (pip's `--pre`).

    python tools/wheel_builds.py                    # read PyPI, record, generate
    python tools/wheel_builds.py --from-recordings  # generate from tests/data/pypi/ alone
    python tools/wheel_builds.py --package decord   # read one package again

This tool talks to pypi.org over HTTPS (urllib), and to nothing else.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
import urllib.request
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's hwdoctor, before any installed one

from hwdoctor import versions

RECORDINGS: Final = ROOT / "tests" / "data" / "pypi"
TABLE: Final = ROOT / "hwdoctor" / "compat" / "builds_table.txt"
API: Final = "https://pypi.org/pypi/{name}/json"
# The newest releases kept per package: the table is for pastes of the last few years.
KEPT_RELEASES: Final = 60

# The packages, and why users of PyTorch and Transformers install them: each ships compiled
# parts or wheels for some platforms only, and each has come up in the trackers' install threads.
PACKAGES: Final = {
    # torch and its companions (their wheels follow torch's Python matrix, RELEASE.md)
    "torch": "PyTorch itself",
    "torchvision": "torch's companion for vision (versions follow torch's)",
    "torchaudio": "torch's companion for audio (versions follow torch's)",
    "torchao": "PyTorch's quantisation kernels (transformers' TorchAoConfig)",
    # attention and training kernels transformers and accelerate call into
    "flash-attn": "transformers' attn_implementation='flash_attention_2'",
    "xformers": "diffusers' enable_xformers_memory_efficient_attention",
    "triton": "torch.compile's GPU code generator; a dependency of many kernels",
    "triton-windows": "a Windows build of Triton its users install in its place",
    "sageattention": "an attention kernel ComfyUI and video models install",
    "liger-kernel": "Triton kernels for training (trl, LLaMA-Factory use_liger_kernel)",
    "mamba-ssm": "Mamba models in transformers (its CUDA kernels)",
    "causal-conv1d": "Mamba's convolution kernel",
    "deepspeed": "transformers' and accelerate's DeepSpeed integration",
    "bitsandbytes": "transformers' BitsAndBytesConfig (8-bit and 4-bit loading)",
    "unsloth": "fine-tuning with its own kernels (its install threads)",
    # quantised model formats transformers loads
    "auto-gptq": "transformers' GPTQConfig before gptqmodel",
    "gptqmodel": "transformers' GPTQConfig backend",
    "autoawq": "transformers' AwqConfig backend",
    "exllamav2": "ExLlamaV2 kernels (text-generation-webui, GPTQ/EXL2 models)",
    "nunchaku": "4-bit diffusion models' kernels",
    # serving
    "vllm": "vLLM",
    "sglang": "SGLang",
    "lmdeploy": "LMDeploy",
    "llama-cpp-python": "llama.cpp's Python binding (GGUF models)",
    "ctranslate2": "CTranslate2, faster-whisper's engine",
    "onnxruntime": "ONNX Runtime (optimum's onnxruntime export and runtime)",
    "onnxruntime-gpu": "ONNX Runtime's CUDA build",
    "tensorrt": "NVIDIA TensorRT's Python package",
    # accelerators' own torch packages that are on PyPI
    "intel-extension-for-pytorch": "Intel's extension for CPUs and Intel GPUs",
    "torch-npu": "Ascend NPUs' torch extension",
    "torch-xla": "TPUs (and Neuron) through XLA",
    "mlx": "Apple silicon's array framework (mlx-lm)",
    "jaxlib": "JAX's compiled part (transformers' Flax models)",
    "tensorflow": "transformers' TF models and the TF users beside torch",
    "cupy-cuda12x": "CuPy for CUDA 12 (a dependency of some kernels)",
    "faiss-cpu": "vector search beside sentence-transformers",
    "faiss-gpu-cu12": "Faiss's CUDA 12 build",
    "torch-scatter": "PyTorch Geometric's scatter kernels",
    "pytorch3d": "PyTorch3D",
    # media, speech and tokenisation packages with compiled parts
    "decord": "video reading for video-language models (decord.VideoReader)",
    "eva-decord": "a fork of decord published with Arm and newer-Python wheels",
    "av": "PyAV, torchvision's and transformers' video reader",
    "opencv-python": "OpenCV (cv2)",
    "insightface": "face analysis models (InstantID, IP-Adapter FaceID)",
    "dlib": "face landmarks (a source build everywhere)",
    "ttsfrd": "CosyVoice's text frontend",
    "pynini": "text normalisation for TTS (WeTextProcessing)",
    "sentencepiece": "tokenizers of Llama, T5 and many others",
    "tokenizers": "Hugging Face's fast tokenizers",
    "safetensors": "Hugging Face's weight format",
    "kaldifeat": "speech features (k2, icefall)",
}

# A wheel's file name (PEP 427): the python, abi and platform tags are its last three fields.
_WHEEL: Final = re.compile(r"-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<platform>[^-]+)\.whl$")
_CPYTHON: Final = re.compile(r"cp3(\d{1,2})")
_SDIST: Final = (".tar.gz", ".zip", ".tar.bz2", ".tgz")
# platform tag -> system (platform.system()'s word) by prefix (PEP 425; packaging.tags)
_SYSTEMS: Final = (("macosx", "Darwin"), ("win", "Windows"), ("manylinux", "Linux"),
                   ("musllinux", "Linux"), ("linux", "Linux"))  # fmt: skip
# platform tag's tail -> CPU architecture (one word for one CPU: aarch64 and arm64 are both
# 64-bit Arm; amd64 and x86_64 both x86-64; "universal2" and "intel" are Apple's fat binaries)
_ARCHES: Final = (
    ("x86_64", ("x86_64",)), ("amd64", ("x86_64",)), ("aarch64", ("arm64",)),
    ("arm64", ("arm64",)), ("universal2", ("x86_64", "arm64")), ("intel", ("x86_64",)),
    ("win32", ("x86",)), ("i686", ("x86",)), ("ppc64le", ("ppc64le",)), ("s390x", ("s390x",)),
    ("armv7l", ("armv7l",)),
)  # fmt: skip


def wheel_cover(filename: str) -> list[tuple[str, str, str]]:
    """The (system, arch, python) a wheel installs on: python "3.10", "3.8+" (abi3, that
    release and later), "any" (a pure-Python py3 wheel); system and arch "any" for a wheel of
    every platform. PyPy and free-threaded builds are left out."""
    tags = _WHEEL.search(filename)
    if tags is None:
        return []
    pythons: list[str] = []
    for python in tags["python"].split("."):
        cpython = _CPYTHON.fullmatch(python)
        if cpython and tags["abi"] == "abi3":
            pythons.append(f"3.{cpython[1]}+")
        elif cpython and not tags["abi"].endswith("t"):
            pythons.append(f"3.{cpython[1]}")
        elif python in ("py3", "py2.py3") or python.startswith("py3"):
            pythons.append("any")
    covers: list[tuple[str, str, str]] = []
    for platform in tags["platform"].split("."):
        if platform == "any":
            places: list[tuple[str, str]] = [("any", "any")]
        else:
            system = next((s for prefix, s in _SYSTEMS if platform.startswith(prefix)), None)
            arches = next((a for tail, a in _ARCHES if platform.endswith(tail)), None)
            if system is None or arches is None:
                continue
            places = [(system, arch) for arch in arches]
        covers += [(system, arch, python) for system, arch in places for python in pythons]
    return covers


Wheels = tuple[tuple[str, str, tuple[str, ...]], ...]


def release_cover(files: Iterable[str]) -> tuple[bool, Wheels]:
    """Whether a release has a source distribution, and its wheels' (system, arch, pythons)."""
    names = list(files)
    sdist = any(name.endswith(_SDIST) for name in names)
    places: dict[tuple[str, str], set[str]] = {}
    for name in names:
        for system, arch, python in wheel_cover(name):
            places.setdefault((system, arch), set()).add(python)
    return sdist, tuple(
        (system, arch, tuple(sorted(pythons, key=_python_key)))
        for (system, arch), pythons in sorted(places.items())
    )


def _python_key(python: str) -> tuple[int, str]:
    digits = python.removeprefix("3.").rstrip("+")
    return (int(digits) if digits.isdigit() else 999, python)


def read_index(name: str) -> dict[str, object]:
    """PyPI's JSON for `name`, trimmed to the file names of the releases the table keeps."""
    url = API.format(name=name)
    request = urllib.request.Request(url, headers={"User-Agent": "hwdoctor-wheel-builds"})
    with urllib.request.urlopen(request, timeout=60) as answer:  # a fixed https URL
        data = json.load(answer)
    releases = dict(
        kept(
            {
                version: sorted(f["filename"] for f in files if not f.get("yanked"))
                for version, files in data["releases"].items()
            }
        )
    )
    return {
        "source": url,
        "read": datetime.date.today().isoformat(),
        "name": data["info"]["name"],
        "newest": data["info"]["version"],
        "trimmed": f"the newest {KEPT_RELEASES} final releases' file names; yanked files left out",
        "releases": releases,
    }


def kept(releases: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """The newest final releases with files, oldest first, by PEP 440's order."""
    parsed = [
        (parsed, version, files)
        for version, files in releases.items()
        if files and (parsed := versions.parse(version)) is not None and not parsed.is_prerelease
    ]
    parsed.sort(key=lambda item: item[0])
    return [(version, files) for _, version, files in parsed[-KEPT_RELEASES:]]


Row = tuple[str, str, bool, Wheels]


def rows(releases: dict[str, list[str]]) -> list[Row]:
    """Consecutive releases whose files cover the same places, as (first, last, sdist, wheels)."""
    made: list[Row] = []
    for version, files in kept(releases):
        sdist, wheels = release_cover(files)
        if made and made[-1][2:] == (sdist, wheels):
            made[-1] = (made[-1][0], version, sdist, wheels)
        else:
            made.append((version, version, sdist, wheels))
    return made


def generate(recordings: dict[str, dict[str, object]]) -> str:
    """The text of builds_table.txt from the recordings (its format: compat/builds.py)."""
    read = max(str(r["read"]) for r in recordings.values())
    lines = [
        "# GENERATED by tools/wheel_builds.py from the JSON API of PyPI (tests/data/pypi/ holds",
        "# what it read); do not edit: run `make refresh` (or `python tools/wheel_builds.py`).",
        "# `@package date-read newest-release`, then one line per release range, oldest first:",
        "# `first last sdist|-` and the wheels, `system arch pythons` joined by ` | `; pythons",
        '# "3.8+" is an abi3 wheel for that CPython and later, "any" a pure-Python one; system and',
        '# arch "any" a wheel for every platform. Pre-releases and yanked files are left out.',
        f"read {read}",
    ]
    for name in sorted(recordings):
        recording = recordings[name]
        releases = recording["releases"]
        assert isinstance(releases, dict)
        lines.append(f"@{name} {recording['read']} {recording['newest']}")
        for first, last, sdist, wheels in rows(releases):
            places = " | ".join(f"{s} {a} {','.join(p)}" for s, a, p in wheels)
            lines.append(
                f"{first} {last} {'sdist' if sdist else '-'}" + (f" {places}" if places else "")
            )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from-recordings", action="store_true", help="do not read PyPI")
    parser.add_argument("--package", action="append", help="read these packages only")
    args = parser.parse_args(argv)
    RECORDINGS.mkdir(parents=True, exist_ok=True)
    if not args.from_recordings:
        for name in args.package or PACKAGES:
            try:
                recording = read_index(name)
            except OSError as error:  # kept as recorded before; said
                print(f"{name}: not read ({error})", file=sys.stderr)
                continue
            path = RECORDINGS / f"{name}.json"
            path.write_text(json.dumps(recording, indent=0, sort_keys=True) + "\n")
            print(f"{name}: {len(recording['releases'])} releases, newest {recording['newest']}")
    recordings = {
        path.stem: json.loads(path.read_text()) for path in sorted(RECORDINGS.glob("*.json"))
    }
    TABLE.write_text(generate(recordings))
    print(f"{TABLE.relative_to(ROOT)}: {len(recordings)} packages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
