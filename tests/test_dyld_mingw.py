"""issue 38 (s20-dyld): macOS's loader refusing a library of the other architecture, and MinGW's
linker without pthreads on Windows, read from real recorded pastes (tests/data/reports/README.md
names each thread)."""

from __future__ import annotations

import json
from typing import Any, Final

import pytest

from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def _findings(name: str) -> list[dict[str, Any]]:
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    findings: list[dict[str, Any]] = json.loads(done.stdout)["data"]["findings"]
    return findings


@pytest.mark.parametrize(
    ("name", "library"),
    [
        ("openinterpreter401-apple-silicon-llama-cpp-libllama-x86-64-need-arm64.md", "libllama"),
        ("rwkvcpp59-apple-silicon-librwkv-x86-64-need-arm64.md", "librwkv.dylib"),
    ],
)
def test_x86_64_library_in_an_arm64_python(name: str, library: str) -> None:
    """dyld's "have 'x86_64', need 'arm64'": the library is the x86_64 side, the Python a native
    arm64 one; the remedy reinstalls without the cache and builds for arm64 (CMake's
    CMAKE_OSX_ARCHITECTURES, llama-cpp-python#724)."""
    (found,) = _findings(name)
    assert found["code"] == "python.translated"
    assert "variant" not in found
    assert library in found["message"] and "the library is an x86_64 build" in found["message"]
    assert "native arm64" in found["message"]
    assert "--no-cache-dir" in found["advice"]
    assert "CMAKE_OSX_ARCHITECTURES=arm64" in found["advice"]
    assert "--force-reinstall --no-cache-dir" in found["remedy"]
    assert any("dlopen" in q["text"] for q in found["rests_on"])


def test_arm64_library_in_an_x86_64_python_is_rosetta() -> None:
    """dyld's "have 'arm64', need 'x86_64'": the process is an x86_64 Python (Rosetta); the
    remedy is a native arm64 Python, the package installed again into it."""
    (found,) = _findings("mlx621-python-framework-mlx-core-arm64-need-x86-64.md")
    assert found["code"] == "python.translated"
    assert "core.cpython-311-darwin.so" in found["message"]
    assert "this Python is an x86_64 one" in found["message"]
    assert "native arm64 Python" in found["advice"] and "mlx" in found["advice"]
    assert "pip install --no-cache-dir mlx" in found["remedy"]


def test_llama_cpp_reinstall_names_its_distribution() -> None:
    """The module dyld's path names (llama_cpp) is installed again by its distribution's name,
    the chooser's line (compat/support.py's row: llama-cpp-python)."""
    (found,) = _findings("openinterpreter401-apple-silicon-llama-cpp-libllama-x86-64-need-arm64.md")
    assert "install --force-reinstall --no-cache-dir llama-cpp-python" in found["remedy"]


def test_intel_macs_own_slice_is_no_rosetta() -> None:
    """dyld asking for x86_64h is an Intel CPU's own process (dream-textures#346: an Intel
    MacBook Pro): no Rosetta finding."""
    codes = [
        f["code"] for f in _findings("dreamtextures346-intel-mac-torch-deps-arm64-need-x86-64h.md")
    ]
    assert "python.translated" not in codes


@pytest.mark.parametrize(
    "name",
    [
        "chatglm229-windows-mingw32-gcc-6.3.0-cannot-find-lpthread.md",
        "chatglm683-windows-webui-mingw32-cannot-find-lpthread.md",
        "chatglm676-windows-gpu-int4-mingw32-cannot-find-lpthread.md",
    ],
)
def test_mingw_without_pthreads_is_named(name: str) -> None:
    """MinGW.org's 32-bit gcc (lib/gcc/mingw32/6.3.0) linking ChatGLM's kernel with -pthread:
    "ld.exe: cannot find -lpthread"; the remedy is a 64-bit MinGW-w64 with POSIX threads and
    OpenMP first on PATH, with Windows commands."""
    (found,) = _findings(name)
    assert found["code"] == "extension.host_compiler_unsupported"
    assert "MinGW.org's 32-bit MinGW" in found["message"]
    assert "CUDA" not in found["message"]
    assert "TDM-GCC" in found["advice"] and "PATH" in found["advice"]
    assert "where.exe gcc" in found["remedy"] and "gcc -v" in found["remedy"]
    assert any("cannot find -lpthread" in q["text"] for q in found["rests_on"])


def test_linux_linker_without_pthread_is_not_mingw() -> None:
    """The same words from Linux's /usr/bin/ld are no MinGW's (OpenWrt-Rpi#19)."""
    codes = [
        f["code"] for f in _findings("openwrtrpi19-zh-linux-usr-bin-ld-cannot-find-lpthread.md")
    ]
    assert "extension.host_compiler_unsupported" not in codes
