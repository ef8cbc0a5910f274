"""No build of a package for this Python, system or CPU, decided from PyPI's own file lists
(issue 38; s13-wheels).

`tools/wheel_builds.py` reads https://pypi.org/pypi/<name>/json for the ecosystem's compiled
packages; tests/data/pypi/ holds what it read (trimmed to the file names) and
hwdoctor/compat/builds_table.txt is generated from those recordings. The rules read it:

- pip's "from versions: none" and uv's "no wheels with a matching platform tag" for a package
  with no file for the machine the paste shows are python.version_unsupported (variant
  builds), naming what the package has builds for, dated, and what to do on that machine;
- a build that failed ("Failed building wheel for X", pip's build lines) where the package has
  wheels, none for the machine shown (the build directory's Python and platform, a Windows
  path), is the same code (variant source_build);
- on Apple silicon, the installer's macOS x86_64 tag, or pip finding nothing of a package PyPI
  has arm64 wheels of, is python.translated (an x86_64 Python under Rosetta);
- quiet where a file for the machine shown exists (the cause is elsewhere).

The pastes are real (sources in tests/data/reports/README.md, "builds from PyPI's file lists").
"""

from __future__ import annotations

import importlib.util
import json
from types import ModuleType
from typing import Any

import pytest

from hwdoctor.compat import builds
from tests.conftest import ROOT, run_hwdoctor
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

RECORDINGS = ROOT / "tests" / "data" / "pypi"


def wheel_builds() -> ModuleType:
    """tools/wheel_builds.py, imported from its file (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location(
        "wheel_builds", ROOT / "tools" / "wheel_builds.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "covers"),
    [
        # decord 0.6.0's files as PyPI lists them (tests/data/pypi/decord.json)
        ("decord-0.6.0-py3-none-manylinux2010_x86_64.whl", [("Linux", "x86_64", "any")]),
        ("decord-0.6.0-py3-none-win_amd64.whl", [("Windows", "x86_64", "any")]),
        # an abi3 wheel (vllm's) covers that CPython and later; a compressed tag set each tag
        (
            "vllm-0.10.0-cp38-abi3-manylinux1_x86_64.whl",
            [("Linux", "x86_64", "3.8+")],
        ),
        (
            "tokenizers-0.13.3-cp311-cp311-macosx_12_0_arm64.whl",
            [("Darwin", "arm64", "3.11")],
        ),
        (
            "x-1.0-cp312-cp312-manylinux_2_17_aarch64.manylinux2014_aarch64.whl",
            [("Linux", "arm64", "3.12"), ("Linux", "arm64", "3.12")],
        ),
        # Apple's fat binary is both CPUs; PyPy and free-threaded builds are left out
        (
            "x-1.0-cp310-cp310-macosx_10_9_universal2.whl",
            [("Darwin", "x86_64", "3.10"), ("Darwin", "arm64", "3.10")],
        ),
        ("x-1.0-pp310-pypy310_pp73-manylinux_2_17_x86_64.whl", []),
        ("x-1.0-cp313-cp313t-win_amd64.whl", []),
        ("x-1.0.tar.gz", []),
    ],
)
def test_a_wheel_name_says_where_it_installs(filename: str, covers: list[Any]) -> None:
    assert wheel_builds().wheel_cover(filename) == covers


def test_the_table_is_generated_from_the_recordings() -> None:
    """builds_table.txt is exactly what the tool makes of tests/data/pypi/: a hand edit, or a
    recording changed without the table, fails here."""
    tool = wheel_builds()
    recordings = {p.stem: json.loads(p.read_text()) for p in sorted(RECORDINGS.glob("*.json"))}
    assert len(recordings) >= 40
    for name, recording in recordings.items():
        assert recording["source"] == f"https://pypi.org/pypi/{name}/json"
        assert recording["read"] and recording["newest"]
    assert tool.generate(recordings) == builds.TABLE_FILE.read_text("utf-8")
    assert set(recordings) == set(builds.table())


def test_the_table_says_what_pypi_holds() -> None:
    # decord: x86_64 only, no source distribution; onnxruntime-gpu: no macOS file
    assert builds.no_build(
        "decord", "", builds.Machine(system="Linux", arch="arm64"), sdist_counts=True
    )
    assert (
        builds.no_build(
            "decord", "", builds.Machine(system="Linux", arch="x86_64"), sdist_counts=True
        )
        is None
    )
    mac = builds.Machine(python=(3, 11), system="Darwin", arch="arm64")
    verdict = builds.no_build("onnxruntime-gpu", "", mac, sdist_counts=True)
    assert verdict is not None and "macOS" not in verdict.has
    # a package with a source distribution pip would build is no "none" of the table's
    assert builds.no_build("flash-attn", "", mac, sdist_counts=True) is None
    # nothing of the machine shown: nothing said
    assert builds.no_build("decord", "", builds.Machine(), sdist_counts=True) is None


# --- the pastes ---------------------------------------------------------------------------

# file: (the finding's first words, a line it rests on, words of its advice)
NO_FILE = {
    "ort12252-title-macos-pip-onnxruntime-gpu-from-versions-none.md": (
        "onnxruntime-gpu has no file on PyPI that installs on macOS:",
        1,
        "onnxruntime",
    ),
    "instantid41-mac-osx-m1-onnxruntime-gpu-from-versions-none.md": (
        "onnxruntime-gpu has no file on PyPI that installs on macOS:",
        3,
        "CoreML",
    ),
    "ultrasinger97-macos-python3.10-onnxruntime-gpu-from-pyannote-none.md": (
        "onnxruntime-gpu>=1.16.0 has no file on PyPI that installs on Python 3.10 on macOS:",
        6,
        "CoreML",
    ),
    # the Python from pip's own wheel line ("Using cached numpy-1.23.5-cp310-…", s13-prose)
    "waldo15-m2-pro-onnxruntime-gpu-1.15.1-from-versions-none.md": (
        "onnxruntime-gpu==1.15.1 has no file on PyPI that installs on Python 3.10 on macOS "
        "(Arm64):",
        9,
        "CoreML",
    ),
    # the Python of a site-packages path, the Mac of a /Users path
    "openadapt38-macbook-air-site-packages-python3.10-decord-0.6.0-none.md": (
        "decord==0.6.0 has no file on PyPI that installs on Python 3.10 on macOS:",
        14,
        "Python 3.8",
    ),
    # uv's tag names the machine; an Intel iMac named in words keeps its x86_64
    "uv8746-intel-imac-uv-torch-260-no-platform-tag.md": (
        "torch==2.6.0 has no file on PyPI that installs on macOS (x86_64):",
        7,
        "2.2.2",
    ),
}


# the date the table was read (make refresh moves it): its "read" line
_READ = next(
    line.split()[1]
    for line in (ROOT / "hwdoctor" / "compat" / "builds_table.txt").read_text().splitlines()
    if line.startswith("read ")
)


@pytest.mark.parametrize("name", sorted(NO_FILE), ids=lambda n: n.split("-", 1)[0])
def test_no_file_for_the_machine_is_named_from_the_table(name: str) -> None:
    words, line, advice = NO_FILE[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "python.version_unsupported"]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert "PyPI's file list of" in found[0]["message"] and f"read {_READ}" in found[0]["message"]
    assert advice in found[0]["advice"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not any(s in json.dumps(f) for f in data["findings"] for s in CUDA_OR_ROCM)


def test_the_mac_gets_the_package_its_maintainers_name_not_the_cuda_one() -> None:
    _, data = detect(ERRORS / "instantid41-mac-osx-m1-onnxruntime-gpu-from-versions-none.md")
    found = next(f for f in data["findings"] if f["code"] == "python.version_unsupported")
    assert found["remedy"].endswith("install onnxruntime")


# file: (the finding's first words, a line it rests on)
SOURCE_BUILD = {
    "pynini93-windows-failed-building-wheel-pynini.md": (
        "pynini has no wheel on PyPI for Windows, so the installer built it from source",
        7,
    ),
    "cosyvoicewin39-win-cpython311-pynini-build-failed.md": (
        "pynini has no wheel on PyPI for Python 3.11 on Windows (x86_64), so the installer",
        9,
    ),
    "xinference2057-win-cpython311-pynini-setup-py-error.md": (
        "pynini has no wheel on PyPI for Python 3.11 on Windows (x86_64), so the installer",
        17,
    ),
    "tokenizers1026-macos-arm64-cp39-tokenizers-0.12.1-sdist-build.md": (
        "tokenizers==0.12.1 has no wheel on PyPI for Python 3.9 on macOS (Arm64), so the",
        6,
    ),
}


@pytest.mark.parametrize("name", sorted(SOURCE_BUILD), ids=lambda n: n.split("-", 1)[0])
def test_a_source_build_where_no_wheel_fits_is_named(name: str) -> None:
    words, line = SOURCE_BUILD[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "python.version_unsupported"]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not any(s in json.dumps(f) for f in data["findings"] for s in CUDA_OR_ROCM)


def test_a_source_build_names_the_newest_release_with_a_wheel_here() -> None:
    _, data = detect(ERRORS / "tokenizers1026-macos-arm64-cp39-tokenizers-0.12.1-sdist-build.md")
    found = next(f for f in data["findings"] if f["code"] == "python.version_unsupported")
    assert (
        "the newest tokenizers release with a wheel for Python 3.9 on macOS (Arm64)"
        in (found["advice"])
    )


# file: (the finding's first words, a line it rests on)
TRANSLATED = {
    "uv13512-m3-pro-uv-hint-macosx-x86_64-torch-2.6.0.md": (
        "this Python is an x86_64 build running under Rosetta on Apple M3",
        9,
    ),
    "mlx105-m2-pro-python3.11-mlx-from-versions-none-non-native.md": (
        "pip finds no mlx file here, though PyPI has macOS arm64 wheels of it for Python 3.11",
        8,
    ),
    "mlx212-m2-max-mlx-from-versions-none.md": (
        "pip finds no mlx file here, though PyPI has macOS arm64 wheels of it",
        6,
    ),
}


@pytest.mark.parametrize("name", sorted(TRANSLATED), ids=lambda n: n.split("-", 1)[0])
def test_an_x86_python_on_apple_silicon_is_named_not_a_missing_build(name: str) -> None:
    words, line = TRANSLATED[name]
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert codes == ["python.translated"], codes
    found = data["findings"][0]
    assert found["message"].startswith(words), found["message"]
    assert "native arm64 Python" in found["advice"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert not data["unread"]


# Quiet: a build on Linux x86_64 with CPython 3.10, for which pynini has wheels (the thread
# does not settle why it failed: the title stays an unread error line, never "no problem");
# flash-attention's build output with torch's minor-mismatch warning and no failure (a site-
# packages path and a build directory alone are no report)
def test_a_build_where_a_wheel_fits_is_no_missing_build() -> None:
    _, data = detect(ERRORS / "indextts502-linux-cp310-pynini-build-title-wheel-exists.md")
    assert "python.version_unsupported" not in [f["code"] for f in data["findings"]]
    assert [q["line"] for q in data["unread"]] == [1]


def test_context_alone_is_no_report() -> None:
    name = "flashattn269-pip-build-minor-cuda-mismatch-warning-11.0-11.6.md"
    assert run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json").returncode == 2


def test_windows_gets_the_build_pyninis_maintainers_name_through_the_chooser() -> None:
    _, data = detect(ERRORS / "pynini93-windows-failed-building-wheel-pynini.md")
    found = next(f for f in data["findings"] if f["code"] == "python.version_unsupported")
    assert found["remedy"] == "conda install -c conda-forge pynini"
    assert "WSL2" in found["advice"]
