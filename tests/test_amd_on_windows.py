"""An AMD GPU on Windows whose torch cannot use it (issue 38, item 4; s8-platform).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): Stable
Diffusion webui's "Torch is not able to use GPU" (its start-up assert of
torch.cuda.is_available()) and torch's "Torch not compiled with CUDA enabled", with Windows
shown in a path, in a title ("Windows10 + AMD6500XT"), in prose ("windows 11", "OS: win10")
and a Radeon named in the reporter's words. PyTorch's ROCm wheels are Linux only
(pytorch.org's Get Started selector), so the remedy is never a download.pytorch.org ROCm
index line: AMD's Windows wheels, torch-directml or WSL2.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

# file: (the code, the GPU named, a line the finding rests on)
WINDOWS_AMD = {
    "sdamd416-title-windows10-amd6500xt-torch-not-able-to-use-gpu.md": (
        "torch.build_mismatch",
        "Radeon RX 6500 XT",
        5,
    ),
    "sdamd571-prose-windows-11-6600xt-torch-not-able-to-use-gpu.md": (
        "torch.build_mismatch",
        "Radeon RX 6600 XT",
        1,
    ),
    "chatglm2-426-zh-win10-amd-6600xt-torch-not-compiled-with-cuda.md": (
        "torch.cpu_only_build",
        "Radeon RX 6600 XT",
        1,
    ),
    "forgeclassic324-7900xt-windows-torch-not-compiled-with-cuda.md": (
        "torch.cpu_only_build",
        "Radeon RX 7900 XT",
        1,
    ),
}
LINUX_AMD = ERRORS / "sd8808-xubuntu-amd-6800-torch-not-able-to-use-gpu.md"


@pytest.mark.parametrize("name", sorted(WINDOWS_AMD), ids=lambda n: n.split("-", 1)[0])
def test_an_amd_gpu_on_windows_is_named_with_the_windows_routes(name: str) -> None:
    code, gpu, line = WINDOWS_AMD[name]
    _, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["backend"] == "rocm"
    assert gpu in found[0]["message"]
    assert not data["unread"]  # the stated error is the finding's, not left unread
    text = (found[0].get("remedy") or "") + (found[0].get("advice") or "")
    assert "download.pytorch.org/whl/rocm" not in (found[0].get("remedy") or "")
    assert "install-pytorch.html" in text and "torch-directml" in text and "WSL2" in text
    assert line in [q["line"] for q in found[0]["rests_on"]]


def test_the_build_unshown_says_windows_has_no_build_for_the_gpu() -> None:
    _, data = detect(ERRORS / "sdamd416-title-windows10-amd6500xt-torch-not-able-to-use-gpu.md")
    message = data["findings"][0]["message"]
    assert "on Windows" in message and "Torch is not able to use GPU" in message
    assert "is a CPU build" not in message  # the build is not shown: not claimed


def test_the_same_words_on_linux_are_no_windows_finding() -> None:
    _, data = detect(LINUX_AMD)
    assert not [f for f in data["findings"] if "on Windows" in f["message"]]
