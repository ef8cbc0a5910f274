"""Issue 38 (s19-atomics): two causes on machines that are not NVIDIA's, read from real recordings.

The kernel's KFD skipping an AMD GPU whose PCIe path passes no atomics ("kfd kfd: skipped device
1002:67df, PCI rejects atomics", and the 2021+ kernels' "amdgpu: … 730<0"): an error naming the
GPUs skipped by their PCI ids and names, the chip that needs atomics, and the GPUs KFD took
beside them (device.amd_pcie_atomics_missing); a dmesg in which KFD takes every GPU says
nothing of it. torch_npu's CPU fallback ("CAUTION: The operator '…' is not currently supported
on the NPU backend and will fall back to run on the CPU"), also wrapped mid-line by a terminal:
a warning per operator, nothing to reinstall (npu.operator_cpu_fallback); an NPU log without it,
and torch-directml's own fallback, say nothing of it.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

ATOMICS = "device.amd_pcie_atomics_missing"
FALLBACK = "npu.operator_cpu_fallback"

# file: (the message's first words, the line it rests on, the GPUs KFD took, unread lines)
SKIPPED = {
    "rocm587-six-rx580-two-added-one-skipped-pci-rejects-atomics.md": (
        "AMD GPU: the kernel's KFD skipped the GPU 1002:67df (Ellesmere [Radeon RX "
        "470/480/570/570X/580/580X/590])",
        31,
        "KFD added 2 other GPUs (1002:67df), which ROCm does see",
        False,
    ),
    "rocm589-z270-pcie-switch-one-added-five-skipped-67df.md": (
        "AMD GPU: the kernel's KFD skipped 5 GPUs 1002:67df (Ellesmere",
        9,
        "KFD added 1 other GPU (1002:67df)",
        False,
    ),
    "rocm804-centos7-two-wx7100-skipped-pci-rejects-atomics-4104.md": (
        "AMD GPU: the kernel's KFD skipped 2 GPUs 1002:67c4 (Ellesmere [Radeon Pro WX 7100])",
        8,
        None,
        False,
    ),
    "rocm827-lenovo-e580-rx550-amdgpu-skipped-699f-atomics-730.md": (
        "AMD GPU: the kernel's KFD skipped the GPU 1002:699f (Lexa PRO",
        9,
        None,
        True,  # the ACPI BIOS errors of the same boot: another cause, unread and counted
    ),
}

# file: {operator: the line its finding rests on}
FALLBACKS = {
    "mineru1695-zh-910b-torch-npu-cpu-fallback-nms-isin-warning.md": {
        "torchvision::nms": 5,
        "aten::isin.Tensor_Tensor_out": 6,
    },
    "mineru1941-zh-910b-docker-npu-cpu-fallback-wrapped-warning.md": {
        "torchvision::nms": 5,
        "aten::isin.Tensor_Tensor_out": 7,
    },
    "ascendpt51-torch-npu-transformer-encoder-layer-fwd-cpu-fallback.md": {
        "aten::_transformer_encoder_layer_fwd": 3,
    },
}

# recordings that must not make the code: KFD taking every GPU; an NPU log without the
# fallback (torch-npu's allocator out of memory); torch-directml's own fallback warning
QUIET = {
    "amdgpu66-raven-apu-and-fiji-nano-kfd-added-both.md": ATOMICS,
    "lf5491-zh-910b-8npu-npu-oom-386mib-loading-shards.txt": FALLBACK,
    "directml724-embedding-bag-dml-cpu-fallback-warning.md": FALLBACK,
}


@pytest.mark.parametrize("name", sorted(SKIPPED), ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_kfd_skipped_for_pcie_atomics_is_named(name: str) -> None:
    words, line, taken, unread = SKIPPED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == ATOMICS]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert "PCIe atomics" in found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    if taken:
        assert taken in found[0]["message"]
    else:
        assert "KFD added" not in found[0]["message"]
    assert bool(data["unread"]) is unread, data["unread"]
    assert "CPU's own lanes" in found[0]["advice"]
    assert "variant" not in found[0]


def test_the_chip_that_needs_atomics_is_named() -> None:
    _, data = detect(ERRORS / "rocm827-lenovo-e580-rx550-amdgpu-skipped-699f-atomics-730.md")
    found = next(f for f in data["findings"] if f["code"] == ATOMICS)
    assert "Polaris 12, its chip, needs for KFD" in found["message"]


def test_rocminfo_failing_beside_the_skip_is_that_skip() -> None:
    # rocminfo's 4104 is the GPUs KFD skipped: no unread line, no other ROCm finding
    _, data = detect(ERRORS / "rocm804-centos7-two-wx7100-skipped-pci-rejects-atomics-4104.md")
    assert [f["code"] for f in data["findings"] if f["severity"] == "error"] == [ATOMICS]
    found = next(f for f in data["findings"] if f["code"] == ATOMICS)
    assert 4 in [q["line"] for q in found["rests_on"]]


@pytest.mark.parametrize("name", sorted(FALLBACKS), ids=lambda n: n.split("-", 1)[0])
def test_torch_npu_cpu_fallback_is_a_warning_per_operator(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the run goes on
    found = {f["message"].split(" ")[6]: f for f in data["findings"] if f["code"] == FALLBACK}
    assert set(found) == set(FALLBACKS[name]), data["findings"]
    for operator, line in FALLBACKS[name].items():
        finding = found[operator]
        assert finding["severity"] == "warning"
        assert finding["message"].startswith(f"torch_npu has no NPU kernel for {operator} ")
        # the stated lines of the paste's fallbacks, among them one of this operator's
        assert [q for q in finding["rests_on"] if q["line"] == line or operator in q["text"]]
        assert finding["remedy"] is None  # nothing to reinstall
        assert "nothing needs reinstalling" in finding["advice"]
        assert "variant" not in finding
    assert not data["unread"]
    # the reporter's "无法在npu执行" is the fallback: no question asks for an error unshown
    assert not [q for q in data["not_checked"] if "the error line" in q["unknown"]]


@pytest.mark.parametrize("name", sorted(QUIET), ids=lambda n: n.split("-", 1)[0])
def test_its_look_alikes_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert QUIET[name] not in {f["code"] for f in data["findings"]}
