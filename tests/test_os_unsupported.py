"""A package with no build for the OS it was installed on (issue 38, item 4; s8-platform).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): vLLM in a
native Windows environment ("No module named 'vllm._C'" in a title, in a traceback under
C:\\ or D:\\, "Cannot find vllm_C"; vLLM's installation guide: Linux only, "vLLM does not
support Windows natively") and torch.compile without Triton on Windows ("Cannot find a working
triton installation"; Triton's wheels are for Linux). Windows is shown by a path, by prose
("My operation system is Windows", "Windows 11 x64", "windows上", "on windows") or by
Python's win32 banner. Silent on Linux, and beside vLLM's community Windows build.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

# file: (the variant's first words, the line of the package's words)
WINDOWS = {
    "vllm15286-prose-windows-conda-no-module-vllm-c.md": ("vLLM has no build", 1),
    "fara28-windows-11-venv-vllm-serve-no-module-vllm-c.md": ("vLLM has no build", 1),
    "indextts6-zh-windows-no-module-vllm-c.md": ("vLLM has no build", 1),
    "vllm32738-win32-repl-unsloth-cannot-find-vllm-c.md": ("vLLM has no build", 1),
    "pt136361-title-on-windows-torch-compile-no-triton.md": ("Triton has no build", 5),
    "comfywan978-windows-portable-triton-missing.md": ("Triton has no build", 1),
}
QUIET = (
    "vllmwindows8-community-fork-vllm-c-missing.md",
    "triton3708-linux-conda-cannot-find-working-triton.md",
)


@pytest.mark.parametrize("name", sorted(WINDOWS), ids=lambda n: n.split("-", 1)[0])
def test_a_package_without_a_windows_build_is_named(name: str) -> None:
    words, line = WINDOWS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "backend.os_unsupported"]
    assert found, data["findings"]
    assert found[0]["message"].startswith(words)
    assert "WSL2" in found[0]["advice"]
    assert found[0]["remedy"] is None  # no install line makes it run on Windows
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_linux_and_the_community_windows_build_are_no_os_finding(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert "backend.os_unsupported" not in [f["code"] for f in data["findings"]]
