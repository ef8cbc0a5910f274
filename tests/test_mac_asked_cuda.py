""" "Torch not compiled with CUDA enabled" on a Mac is code asking for CUDA (issue 38, item 3).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): ComfyUI nodes
calling torch.cuda on Apple silicon Macs, the Mac named in a title or a sentence in the forms
reporters write it ("Mac Pro M3", "mac M2", "Mac M4 Pro", "mac m1"). torch's macOS builds have
no CUDA, so the finding (a warning: nothing installed is wrong) asks for "mps" or "cpu" in the
code and never a CUDA torch; the same
message beside an NVIDIA GPU stays torch's CPU build, with its CUDA reinstall.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_hwdoctor

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
MACS = {
    "comfyui6783-mac-pro-m3-janus-torch-not-compiled-with-cuda.md": ("Apple M3", 1),
    "animateanyone2-mac-m2-torch-not-compiled-with-cuda.md": ("Apple M2", 3),
    "invsr9-mac-m4-pro-torch-not-compiled-with-cuda.md": ("Apple M4 Pro", 1),
    "comfyuiqwen3-zh-mac-m1-torch-not-compiled-with-cuda.md": ("Apple M1", 1),
    # the chip named alone with its tier, "my M3 pro" (ali-vilab/AnyDoor#58)
    "anydoor58-mac-m3-pro-torch-not-compiled-with-cuda.md": ("Apple M3 Pro", 3),
    # an Intel Mac with an AMD GPU, the Mac named in a title ("In MAC") and in Spanish ("Mi
    # MAC"): not ROCm's machine either (chenfei-wu/TaskMatrix#341)
    "taskmatrix341-intel-mac-radeon-pro-560x-torch-not-compiled-cuda.md": ("In MAC", 1),
}
# InternLM#430: the same message on an RTX 2080 Ti and torch 2.0.1: a CPU build of torch there
NVIDIA = ERRORS / "internlm430-zh-torch-not-compiled-with-cuda-2080ti.md"
CUDA_OR_ROCM = ("download.pytorch.org/whl/cu", "download.pytorch.org/whl/rocm", "+cu1", "+rocm")


def detect(path: Path) -> tuple[int, dict[str, Any]]:
    result = run_hwdoctor("detect", "--paste", str(path), "--json")
    assert result.stderr == ""
    data: dict[str, Any] = result.json()["data"]
    return result.returncode, data


@pytest.mark.parametrize("name", sorted(MACS), ids=lambda n: n.split("-", 1)[0])
def test_cuda_asked_on_a_mac_is_the_code_not_a_torch_to_reinstall(name: str) -> None:
    chip, line = MACS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the code changes, nothing installed
    codes = [f["code"] for f in data["findings"]]
    assert codes[0] == "backend.mps_asked_for_cuda", codes
    assert "torch.cpu_only_build" not in codes
    found = data["findings"][0]
    assert f"a Mac ({chip})" in found["message"]
    assert '"mps"' in found["advice"]
    assert found["remedy"] is None  # a change to the code: no install line
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert line in [q["line"] for q in found["rests_on"]]  # the line that names the Mac


def test_the_same_message_beside_an_nvidia_gpu_stays_a_cpu_build_of_torch() -> None:
    _, data = detect(NVIDIA)
    codes = [f["code"] for f in data["findings"]]
    assert "backend.mps_asked_for_cuda" not in codes
    assert "torch.cpu_only_build" in codes


# CTranslate2's CPU build for macOS asked for device="cuda" through faster-whisper or whisperX
# (file: the chip, the first line of CTranslate2's words: a title where it names the issue)
LIBRARY_MACS = {
    "whisperx575-m1-macbook-pro-ctranslate2-not-compiled-with-cuda.md": ("Apple M1", 1),
    "autocaption3-macbook-pro-m1-ctranslate2-not-compiled-with-cuda.md": ("Apple M1", 1),
    "ctrlfvideo1-mac-m2-faster-whisper-ctranslate2-not-compiled-with-cuda.md": ("Apple M2", 13),
}


@pytest.mark.parametrize("name", sorted(LIBRARY_MACS), ids=lambda n: n.split("-", 1)[0])
def test_a_library_asked_for_cuda_on_a_mac_is_named_with_its_cpu_device(name: str) -> None:
    chip, line = LIBRARY_MACS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0
    found = [f for f in data["findings"] if f["code"] == "backend.mps_asked_for_cuda"]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith("the code asked CTranslate2 for CUDA on a Mac")
    assert f"a Mac ({chip})" in found[0]["message"]
    assert 'device="cpu"' in found[0]["advice"] and found[0]["remedy"] is None
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
