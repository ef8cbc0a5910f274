"""A package with no build for the machine's OS or CPU architecture (issue 38; s12-osbuild).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):

- pip finding no decord for a Mac or for Linux on Arm ("from versions: none"): decord's PyPI
  files are x86_64 wheels only (Linux, Windows, and macOS for CPython 3.6-3.8), so a Mac with
  Apple silicon, a Mac with a newer Python, a Jetson or a linux/arm64 machine gets none. The
  finding names decord, the machine the paste shows and the line that shows it, and says to
  build from source (decord's README), never a CUDA or ROCm line. Where the paste shows no
  machine, or shows Windows (which has decord's wheels), the generic reading stays.
- vLLM's Linux-only words said for the system the paste shows: Windows (a C:\\ path,
  "Building on win32" in its newer setup.py's words), as the Mac's was.
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import refusals
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (the machine named in the finding's first words, a line the finding rests on); issue
# 38 (s13-wheels): decord's row is read from PyPI's file list (compat/builds.py), which names
# the Python and CPU where the paste shows them
NO_BUILD = {
    "decord290-macbook-m2-pip-from-versions-none.md": ("macOS (Arm64)", 3),
    "minicpmv412-m1-mac-sonoma-decord-no-matching-distribution.md": (
        "Python 3.10 on macOS (Arm64)",
        1,
    ),
    "decord213-intel-mac-montery-python3.9-from-versions-none.md": ("Python 3.9 on macOS", 1),
    "decord107-title-macos-pip-from-versions-none.md": ("macOS", 1),
    "decord297-linux-arm64-aarch64-from-versions-none.md": ("Linux (Arm64)", 1),
}
# Quiet: decord without a machine shown (pip's generic reading stays), decord on Windows,
# which has its wheels (a newer Python fixed it), an aarch64 machine with no x86-only package,
# decord named beside another cause (pip broken), vLLM's community Windows build, and the
# words of a missing Triton on Linux (tests/test_os_unsupported.py's negatives)
GENERIC = (
    "decord240-no-platform-shown-from-versions-none.md",
    "decord125-windows-could-not-find-version-newer-python-fixed.md",
)
QUIET = (
    *GENERIC,
    "deadsnakes223-ubuntu-jammy-aarch64-python3.11-no-ensurepip.md",
    "decord255-pip-broken-after-decord-0.6.0-update.md",
    "vllmwindows8-community-fork-vllm-c-missing.md",
    "triton3708-linux-conda-cannot-find-working-triton.md",
)


@pytest.mark.parametrize("name", sorted(NO_BUILD), ids=lambda n: n.split("-", 1)[0])
def test_decord_without_a_build_for_the_machine_is_named(name: str) -> None:
    system, line = NO_BUILD[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "python.version_unsupported"]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(f"decord has no file on PyPI that installs on {system}:")
    assert "x86_64" in found[0]["message"]
    assert "from source" in found[0]["advice"]
    # no pip line installs what PyPI does not hold; where the CPU may be an Intel one, the
    # Python its Intel macOS wheels are built for (CPython 3.6-3.8)
    assert found[0]["remedy"] is None or "uv venv --python 3.8" in found[0]["remedy"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not any(s in str(f) for f in data["findings"] for s in CUDA_OR_ROCM)
    assert not data["unread"]


@pytest.mark.parametrize("name", GENERIC, ids=lambda n: n.split("-", 1)[0])
def test_decord_without_a_machine_shown_names_no_system(name: str) -> None:
    _, data = detect(ERRORS / name)
    messages = [f["message"] for f in data["findings"]]
    assert not [m for m in messages if "has no build for" in m], messages


# vLLM's Linux-only words on a paste that shows Windows: (the finding's first words, a line
# it rests on: the Windows path, vLLM's words, pip's failed build)
WINDOWS = {
    "vllm13518-win32-pip-build-only-supports-linux-and-macos.md": (
        "vLLM does not run on Windows",
        (3, 6, 13),
    ),
}


@pytest.mark.parametrize("name", sorted(WINDOWS), ids=lambda n: n.split("-", 1)[0])
def test_linux_only_words_on_windows_name_windows(name: str) -> None:
    words, lines = WINDOWS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "backend.os_unsupported"]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words)
    assert "WSL2" in found[0]["advice"]
    assert found[0]["remedy"] is None
    assert set(lines) <= {q["line"] for q in found[0]["rests_on"]}
    assert not any(s in str(f) for f in data["findings"] for s in CUDA_OR_ROCM)
    assert "mps" not in {f["backend"] for f in data["findings"]}  # the Mac vLLM names is not here


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_no_system_is_named_where_none_lacks_a_build(name: str) -> None:
    _, data = detect(ERRORS / name)
    named = [
        f
        for f in data["findings"]
        if f["code"] == "backend.os_unsupported" or "has no build for" in f["message"]
    ]
    assert not named, named


@pytest.mark.parametrize(
    ("line", "hardware"),
    [
        # vLLM's setup.py since its macOS CPU build: a warning that names sys.platform
        (
            "      vLLM only supports Linux platform (including WSL) and MacOS.Building on "
            "win32, so vLLM may not be able to run correctly",
            "Windows",
        ),
        (
            "vLLM only supports Linux platform (including WSL) and MacOS.",
            "systems other than Linux and macOS",
        ),
        ("AssertionError: vLLM only supports Linux platform (including WSL).", refusals.LINUX_ONLY),
    ],
)
def test_the_linux_only_words_name_the_system_they_refuse(line: str, hardware: str) -> None:
    refused = refusals.read(line)
    assert refused is not None
    assert (refused.library, refused.hardware, refused.stack) == ("vLLM", hardware, refusals.OS)
