"""issue 38 (s15-toolchain): the build tools a package's source build stops without, as the
messages readers/messages.py reads (`_TOOLCHAIN_MISSING`, each cited there) name them, and how
each system gets one, from the tool's own install documentation. The install commands are the
chooser's (diagnosis/remedies.py `toolchain`); here are the words.

- Rust: rustup, the installer rust-lang.org names and setuptools-rust and maturin point to
  ("rustup (available at https://rustup.rs)"): on Linux, macOS and WSL its script
  (rust-lang/www.rust-lang.org templates/components/tools/rustup.html.hbs: `curl --proto
  '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`), on Windows rustup-init.exe, whose MSVC
  toolchain needs Microsoft's C++ build tools too (rustup's own check at install: "Rust
  requires the Microsoft C++ build tools for Visual Studio 2013 or later").
- MSVC: Microsoft's C++ Build Tools, the link setuptools prints
  (https://visualstudio.microsoft.com/visual-cpp-build-tools/), with the workload "Desktop
  development with C++" (Microsoft.VisualStudio.Workload.VCTools: Visual Studio Build Tools'
  workload and component IDs, https://learn.microsoft.com/en-us/visualstudio/install/
  workload-component-id-vs-build-tools).
- A C and C++ compiler with make: Debian's and Ubuntu's build-essential (gcc, g++, make and the C
  library's headers: https://packages.debian.org/stable/build-essential); Fedora's gcc, gcc-c++
  and make; on macOS Apple's Command Line Tools for Xcode (`xcode-select --install`:
  https://developer.apple.com/documentation/xcode/installing-the-command-line-tools/); on
  Windows MSVC, as above (CMake's default generator there, NMake or Visual Studio, is MSVC's).
- Python's headers: Debian's and Ubuntu's python3.X-dev ("Header files and a static library
  for Python (v3.X)"; python3-dev is the distribution's default Python's:
  https://packages.debian.org/stable/python3-dev), Fedora's python3-devel. A python.org,
  conda or uv Python carries its own.
- CMake: Debian's and Ubuntu's cmake package; elsewhere CMake's own downloads
  (https://cmake.org/download/) or the distribution of it on PyPI (scikit-build/
  cmake-python-distributions, "pip install cmake"), into the environment that builds.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Tool(str, Enum):
    """A build tool a source build found missing; the values are the names the reader gives
    its facts (readers/messages.py `_TOOLCHAIN_MISSING`)."""

    RUST = "rust"
    MSVC = "msvc"
    COMPILER = "compiler"
    PYTHON_HEADERS = "python_headers"
    CMAKE = "cmake"


# platform.system()'s words, as compat/builds.py's Machine keeps them
WINDOWS: Final = "Windows"
MACOS: Final = "Darwin"
LINUX: Final = "Linux"

_BUILD_TOOLS: Final = "https://visualstudio.microsoft.com/visual-cpp-build-tools/"
_MSVC_WORDS: Final = "Microsoft's C++ compiler (MSVC, from Visual Studio's C++ Build Tools)"
_MSVC_GET: Final = (
    f"install Microsoft's C++ Build Tools ({_BUILD_TOOLS}) with the \"Desktop development "
    'with C++" workload, then run the install again in a new terminal'
)


def tool_of(name: str | None) -> Tool | None:
    """The tool a fact names; None for a name that is none of them."""
    try:
        return Tool(name or "")
    except ValueError:
        return None


def needs_windows(tool: Tool, system: str | None) -> bool:
    """Whether the tool is MSVC on this system: setuptools' MSVC compiler looks for Visual C++
    on Windows alone, and a C or C++ compiler there is MSVC's."""
    return tool is Tool.MSVC or (tool is Tool.COMPILER and system == WINDOWS)


def words(tool: Tool, system: str | None) -> str:
    """The tool as a sentence names it."""
    if needs_windows(tool, system):
        return _MSVC_WORDS
    return {
        Tool.RUST: "Rust (its compiler rustc and its package manager cargo)",
        Tool.COMPILER: "a C and C++ compiler (and make)",
        Tool.PYTHON_HEADERS: "the development headers of the Python that builds (Python.h)",
        Tool.CMAKE: "CMake",
    }.get(tool, tool.value)


def how(tool: Tool, system: str | None, debian: bool, python: str = "") -> str:
    """How the system the paste shows gets the tool, in words (the commands are
    remedies.toolchain's); where it shows no system, each system's way. `python`: the Python
    x.y the paste shows ("3.10"), for its headers' package."""
    if needs_windows(tool, system):
        return _MSVC_GET
    dev = f"python{python}-dev" if python else "python3-dev"
    if tool is Tool.RUST:
        if system == WINDOWS:
            return (
                "install Rust with rustup-init.exe from https://rustup.rs (its MSVC toolchain "
                "needs Microsoft's C++ Build Tools too, which it offers to install), then run "
                "the install again in a new terminal"
            )
        unix = "install Rust with rustup, as https://rustup.rs says, then run the install again"
        return unix + (
            " in a shell where cargo is on PATH"
            if system in (LINUX, MACOS)
            else " (on Windows, its rustup-init.exe)"
        )
    if tool is Tool.COMPILER:
        if system == MACOS:
            return "install Apple's Command Line Tools for Xcode (clang and make)"
        if debian:
            return "install Debian's and Ubuntu's build-essential (gcc, g++ and make)"
        return (
            "install a C and C++ compiler and make with the system's package manager (Debian "
            "and Ubuntu: build-essential; Fedora: gcc, gcc-c++ and make; macOS: "
            "xcode-select --install; Windows: Microsoft's C++ Build Tools)"
        )
    if tool is Tool.PYTHON_HEADERS:
        if debian:
            return f"install the headers of the distribution's Python ({dev})"
        return (
            f"install the headers of the Python that builds (Debian and Ubuntu: {dev}; "
            "Fedora: python3-devel), or build with a Python that carries them (python.org's, "
            "conda's, uv's)"
        )
    if debian:
        return "install CMake (Debian's and Ubuntu's cmake)"
    return (
        "install CMake into the environment that builds (PyPI's cmake, on PATH where that "
        "environment is activated) or from https://cmake.org/download/"
    )
