"""A CUDA-only path taken on a machine whose accelerator is another (issue 38, items 3-5).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): code calling
torch.cuda on a Mac named only in prose or by its paths, and on an Intel GPU machine; a CUDA
extension's build looking for nvcc on a Mac. Each finding names the machine from the paste's
own line and never offers a CUDA or ROCm install; pastes on NVIDIA machines or with no machine
shown stay out of the family.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (code, first words of the message, a line the finding rests on)
CASES = {
    "pytorch50401-macos-bigsur-torch-not-compiled-with-cuda.md": (
        "backend.mps_asked_for_cuda", "the code asked torch for CUDA on a Mac", 23),
    "presumm159-osx-torch-not-compiled-with-cuda.md": (
        "backend.mps_asked_for_cuda", "the code asked torch for CUDA on a Mac", 1),
    "blink66-mac-os-torch-not-compiled-with-cuda.md": (
        "backend.mps_asked_for_cuda", "the code asked torch for CUDA on a Mac", 1),
    "smplicit18-macbook-pro-2019-torch-not-compiled-with-cuda.md": (
        "backend.mps_asked_for_cuda", "the code asked torch for CUDA on a Mac", 3),
    "comfyui5242-users-path-xflux-torch-not-compiled-with-cuda.md": (
        "backend.mps_asked_for_cuda", "the code asked torch for CUDA on a Mac", 5),
    "ruyi31-arc-a770-comfyui-node-torch-not-compiled-with-cuda.md": (
        "backend.xpu_asked_for_cuda", "the code asked torch for CUDA on an Intel GPU", 1),
    "krita2572-intel-arc-graphics-xpu-torch-not-compiled-with-cuda.md": (
        "backend.xpu_asked_for_cuda", "the code asked torch for CUDA on an Intel GPU", 1),
    "torchxpuops2024-max1100-collect-env-torch-not-compiled-with-cuda.md": (
        "backend.xpu_asked_for_cuda", "the code asked torch for CUDA on an Intel GPU", 18),
    "catvton23-macos-silicon-detectron2-cuda-home-not-set.md": (
        "backend.cuda_only_package", "torch's cpp_extension", 3),
    "textgen3760-apple-silicon-exllamav2-cuda-home-not-set.md": (
        "backend.cuda_only_package", "torch's cpp_extension", 6),
    "mask2former219-apple-silicon-cuda-home-is-none.md": (
        "backend.cuda_only_package", "a CUDA extension's setup.py", 4),
}  # fmt: skip
FAMILY = {"backend.mps_asked_for_cuda", "backend.xpu_asked_for_cuda", "backend.cuda_only_package"}
# NVIDIA machines or no machine shown: the family's codes stay away
QUIET = (
    "hunyuan3d26-windows-cuda-home-cuda-installed.md",
    "storm14-cuda-home-not-set-no-hardware.md",
    "yolov5-1891-docker-cpu-found-no-nvidia-driver-warning.md",
    "internlm430-zh-torch-not-compiled-with-cuda-2080ti.md",
)


@pytest.mark.parametrize("name", sorted(CASES), ids=lambda n: n.split("-", 1)[0])
def test_a_cuda_path_on_another_machine_is_named_for_that_machine(name: str) -> None:
    code, words, line = CASES[name]
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert code in codes, codes
    assert "torch.cpu_only_build" not in codes  # no CUDA reinstall where there is no CUDA
    assert "extension.cuda_toolkit_missing" not in codes  # no toolkit where the GPU is not NVIDIA's
    found = next(f for f in data["findings"] if f["code"] == code)
    assert found["message"].startswith(words), found["message"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert found["remedy"] is None  # the code or the package changes, nothing to install
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert "developer.nvidia.com/cuda" not in text


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_cuda_words_on_an_nvidia_machine_or_none_shown_stay_out_of_the_family(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not FAMILY & {f["code"] for f in data["findings"]}
