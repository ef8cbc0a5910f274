"""A source build pip fell back to because no wheel fits, and the build tool it lacks (issue 38;
s15-toolchain).

pip builds a release's source distribution where none of its wheels fits the interpreter
(a Python newer than the wheels, Windows, Linux on Arm, a package that publishes none), and
the build stops on a tool that is not installed, in the words of what looked for it:
setuptools-rust's "can't find Rust compiler", maturin's "Cargo, the Rust package manager, is
not installed", setuptools' "Microsoft Visual C++ 14.0 or greater is required", CMake's "No
CMAKE_C_COMPILER could be found" (and its unset compiler on Windows, after NMake without
MSVC), setuptools' "command 'gcc' failed: No such file or directory", GCC's "Python.h: No such
file or directory", a shell's "cmake: command not found". One finding,
python.build_toolchain_missing, says what pip took the source of, on which machine, and what the
build needs; first what hwdoctor's table of PyPI's file lists says has a wheel there (a Python,
a release), then the tool's install for the system the paste shows.

The pastes are real (sources in tests/data/reports/README.md, "a source build pip fell back to,
and the build tool it lacks").
"""

from __future__ import annotations

import json

import pytest

from hwdoctor.model.reports import PasteReport
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect
from tests.test_stated_errors import diagnosed

CODE = "python.build_toolchain_missing"
RUST_UNIX = "curl --proto =https --tlsv1.2 -sSf https://sh.rustup.rs -o rustup-init.sh"
BUILD_TOOLS = '"Desktop development with C++" workload'


def found(report: PasteReport) -> list[tuple[int, str, str, str, list[int]]]:
    """The toolchain findings: (index, message, remedy, advice, the lines each rests on)."""
    return [
        (i, f.message, f.remedy or "", f.advice or "", [q.line for q in report.rests_on[i]])
        for i, f in enumerate(report.findings)
        if f.code == CODE
    ]


# file: (the message's first words, the tool's words in it, the line of the build's words,
# the first remedy line, words of the advice)
NAMED = {
    # maturin finding no cargo on Windows with Python 3.12: tokenizers 0.15.0 and safetensors
    # 0.4.1 have Windows wheels up to 3.11, so a 3.11 environment comes first
    "tokenizers1393-windows-py3.12-tokenizers-0.15.0-maturin-no-cargo.md": (
        "pip took the source of tokenizers==0.15.0 because none of its wheels fits Python 3.12 "
        "on Windows",
        "Rust (its compiler rustc and its package manager cargo)",
        21,
        "uv venv --python 3.11",
        "rustup-init.exe",
    ),
    "safetensors430-win10-x64-py3.12-safetensors-0.4.1-maturin-no-cargo.md": (
        "pip took the source of safetensors==0.4.1 because none of its wheels fits Python 3.12 "
        "on Windows",
        "Rust",
        29,
        "uv venv --python 3.11",
        "rustup-init.exe",
    ),
    # CMake on Windows with no Visual Studio (NMake Makefiles, its compiler left unset):
    # sentencepiece 0.2.0 has Windows wheels up to 3.12
    "sentencepiece1082-windows-python313-sentencepiece-0.2.0-cmake-no-compiler.md": (
        "pip took the source of sentencepiece==0.2.0 because none of its wheels fits Python "
        "3.13 on Windows",
        "Microsoft's C++ compiler (MSVC",
        34,
        "uv venv --python 3.12",
        BUILD_TOOLS,
    ),
    # setuptools-rust on Linux aarch64 with Python 3.7: tokenizers 0.10.3 has no Linux Arm wheel;
    # the newest release with one comes first, rustup's lines after
    "aips48-docker-aarch64-py3.7-tokenizers-0.10.3-no-rust-compiler.md": (
        "pip took the source of tokenizers==0.10.3 because none of its wheels fits Python 3.7 "
        "on Linux (Arm64)",
        "Rust",
        1,
        RUST_UNIX,
        "the newest tokenizers release with a wheel for Python 3.7 on Linux (Arm64) is",
    ),
    # llama-cpp-python publishes no wheels on PyPI: every install builds it
    "privategpt1619-windows-llama-cpp-python-nmake-no-compiler.md": (
        "pip took the source of llama-cpp-python because it publishes no wheels on PyPI",
        "Microsoft's C++ compiler (MSVC",
        26,
        "",
        BUILD_TOOLS,
    ),
    # PyPI lists a wheel for the machine now: an up-to-date pip takes it, or the tool
    "quivr900-docker-aarch64-cp311-safetensors-no-rust-compiler.md": (
        "pip took the source of safetensors because no wheel of it fitted Python 3.11 on Linux "
        "(Arm64) when it ran",
        "Rust",
        1,  # the title's words, the same as the build's (line 22)
        "# to take a wheel of safetensors, with an up-to-date pip",
        "https://rustup.rs",
    ),
    "sadtalker566-macbook-pro-10.15-cp38-safetensors-no-rust-compiler.md": (
        "pip took the source of safetensors because no wheel of it fitted Python 3.8 on macOS "
        "(x86_64) when it ran",
        "Rust",
        26,
        "# to take a wheel of safetensors, with an up-to-date pip",
        "https://rustup.rs",
    ),
    "ttswebui149-windows-cp310-safetensors-no-rust-compiler.md": (
        "pip took the source of safetensors because no wheel of it fitted Python 3.10 on Windows "
        "(x86_64) when it ran",
        "Rust",
        25,
        "pip install --upgrade pip",
        "rustup-init.exe",
    ),
    "exo445-macos-15-arm64-cp313-sentencepiece-cmake-not-found.md": (
        "pip took the source of sentencepiece because no wheel of it fitted Python 3.13 on macOS "
        "(Arm64) when it ran",
        "CMake",
        21,
        "# to take a wheel of sentencepiece, with an up-to-date pip",
        "install CMake",
    ),
    # a package hwdoctor's table does not hold: said so, and the tool's install
    "pyodbc1286-python-3.12.0-pyodbc-msvc-14-required.md": (
        "pip took the source of pyodbc because no wheel of it fitted Windows",
        "Microsoft's C++ compiler (MSVC",
        3,  # the reporter's words, the same as setuptools' (line 15)
        "",
        BUILD_TOOLS,
    ),
    "nerannotator24-docker-slim-python3.10-regex-gcc-not-found.md": (
        "pip took the source of regex because no wheel of it fitted Python 3.10 on Linux (x86_64)",
        "a C and C++ compiler (and make)",
        6,
        "",
        "Debian and Ubuntu: build-essential",
    ),
    "nextcloudtests2-python3.8-slim-aarch64-backports-zoneinfo-gcc-not-found.md": (
        "pip took the source of backports-zoneinfo because no wheel of it fitted Python 3.8 on "
        "Linux (Arm64)",
        "a C and C++ compiler (and make)",
        6,
        "",
        "build-essential",
    ),
    # Kubuntu (an Ubuntu flavour): Debian's build-essential through apt-get
    "llamacpp40-kubuntu-llama-cpp-python-0.1.27-no-c-compiler.md": (
        "pip took the source of llama-cpp-python==0.1.27 because no wheel of it fitted Linux",
        "a C and C++ compiler (and make)",
        34,
        "apt-get update",
        "build-essential",
    ),
    # GCC missing Python.h on Ubuntu: the headers of that Python, python3.10-dev
    "backportsfromiso34-ubuntu-arm64-python3.10-python-h-missing.md": (
        "a package pip built from source needs the development headers of the Python that builds "
        "(Python.h), which is not installed on Python 3.10 on Linux (Arm64)",
        "Python.h",
        6,
        "apt-get update",
        "python3.10-dev",
    ),
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_the_build_pip_fell_back_to_and_the_tool_it_lacks_are_named(name: str) -> None:
    words, tool, line, first, advice = NAMED[name]
    report = diagnosed(name)
    made = found(report)
    assert len(made) == 1, [f.code for f in report.findings]
    _, message, remedy, said, rests_on = made[0]
    assert message.startswith(words), message
    assert tool in message
    assert line in rests_on
    assert remedy.startswith(first) if first else remedy == "", remedy
    assert advice in said, said
    # one finding for the build: the generic source-build reading steps aside
    assert "python.version_unsupported" not in [f.code for f in report.findings]


# The first remedy where the paste shows why no wheel fit: a Python the package publishes
# wheels for (the table), before the tool; on Windows the tool is an installer to download,
# named in words, with no shell line
@pytest.mark.parametrize(
    "name",
    [
        "tokenizers1393-windows-py3.12-tokenizers-0.15.0-maturin-no-cargo.md",
        "sentencepiece1082-windows-python313-sentencepiece-0.2.0-cmake-no-compiler.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_a_python_with_wheels_comes_before_the_toolchain(name: str) -> None:
    report = diagnosed(name)
    _, message, remedy, advice, _ = found(report)[0]
    assert "PyPI's file list of" in message
    assert remedy.splitlines()[1].startswith("uv pip install ")
    assert advice.index("make an environment with Python") < advice.index("to build it here")
    assert "curl" not in remedy and "apt-get" not in remedy


def test_the_unix_toolchain_is_the_other_choice_commented_out() -> None:
    report = diagnosed("quivr900-docker-aarch64-cp311-safetensors-no-rust-compiler.md")
    _, message, remedy, _, _ = found(report)[0]
    assert "; one is published now: PyPI's file list of safetensors" in message
    lines = remedy.splitlines()
    assert lines[1:3] == ["pip install --upgrade pip", "pip install safetensors"]
    assert "# or, to build safetensors here, instead:" in lines
    assert f"#   {RUST_UNIX}" in lines
    assert '#   . "$HOME/.cargo/env"' in lines


def test_an_apt_line_only_where_the_paste_shows_debian_or_ubuntu() -> None:
    # Ubuntu named: the headers' package of the Python shown
    ubuntu = diagnosed("backportsfromiso34-ubuntu-arm64-python3.10-python-h-missing.md")
    assert found(ubuntu)[0][2].splitlines()[-1].endswith("python3.10-dev")
    # a python slim image, no distribution named: words for each system, no command
    slim = diagnosed("nerannotator24-docker-slim-python3.10-regex-gcc-not-found.md")
    assert found(slim)[0][2] == ""


def test_the_failed_builds_lines_are_the_findings_not_unread() -> None:
    for name in NAMED:
        report = diagnosed(name)
        unread = [q.text for q in report.unread]
        if name.startswith("privategpt1619"):
            # CMake's "failed with:" (its nmake line's) and scikit-build-core's summary
            assert unread == ["failed with:", "*** CMake configuration failed"], unread
        else:
            assert unread == [], (name, unread)


def test_the_command_line_names_it_as_an_error_with_no_cuda_install() -> None:
    name = "tokenizers1393-windows-py3.12-tokenizers-0.15.0-maturin-no-cargo.md"
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    assert [f["code"] for f in data["findings"]] == [CODE]
    assert data["findings"][0]["severity"] == "error"
    assert "variant" not in data["findings"][0]["params"]
    assert not any(s in json.dumps(data["findings"]) for s in CUDA_OR_ROCM)


# Which words name a tool missing, and which do not, each beside its contrast:
# CMake's compiler left unset is MSVC missing on Windows (NMake without Visual Studio), and no
# compiler missing on Ubuntu where gcc and g++ answer (the title stays an unread error line,
# never "no problem")
def test_cmakes_unset_compiler_is_msvc_missing_on_windows_only() -> None:
    windows = diagnosed("privategpt1619-windows-llama-cpp-python-nmake-no-compiler.md")
    assert [line for line in found(windows)[0][4] if line in (26, 27)] == [26, 27]
    ubuntu = diagnosed("llamacpp1749-ubuntu2204-gcc-gxx-installed-cmake-cxx-compiler-not-set.md")
    assert not found(ubuntu)
    assert [q.line for q in ubuntu.unread] == [1]


# cmake not found is missing; cmake refused to run ("Permission denied") is there: the generic
# source-build reading stands for it
def test_cmake_not_found_is_missing_and_cmake_denied_is_not() -> None:
    missing = diagnosed("exo445-macos-15-arm64-cp313-sentencepiece-cmake-not-found.md")
    assert "CMake" in found(missing)[0][1]
    denied = diagnosed(
        "sentencepiece932-linux-cp312-sentencepiece-0.1.99-cmake-permission-denied.md"
    )
    assert not found(denied)
    assert "python.version_unsupported" in [f.code for f in denied.findings]


# setuptools finding no Visual C++ is MSVC missing; MSVC that ran and refused gcc's flags
# ("cl.exe' failed with exit code 2", pynini's builds) is there
def test_msvc_not_found_is_missing_and_msvc_that_ran_is_not() -> None:
    missing = diagnosed("pyodbc1286-python-3.12.0-pyodbc-msvc-14-required.md")
    assert "MSVC" in found(missing)[0][1]
    for name in (
        "cosyvoicewin39-win-cpython311-pynini-build-failed.md",
        "pynini93-windows-failed-building-wheel-pynini.md",
    ):
        report = diagnosed(name)
        assert not found(report), name
        assert "python.version_unsupported" in [f.code for f in report.findings]
