"""A device's memory run out, and free memory a device does not report (issue 38, items 4-5;
s9-memory).

Real pastes from tests/data/reports/errors/ (sources in that directory's README), one family in
every backend's words: torch's CUDA, ROCm (HIP) and XPU caching allocators ("… out of memory.
Tried to allocate …"), the CUDA runtime ("CUDA error: out of memory"), Intel's Unified Runtime
(UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY) and IPEX's 4 GB block, Gaudi's bridge (PT_DEVMEM,
SYNHELPER), the Neuron runtime ("Failed to alloc DEVICE memory", nrt status 4), XLA's
RESOURCE_EXHAUSTED on TPUs; vLLM's "No available memory for the cache blocks"; and
torch.xpu.mem_get_info refused on an Intel GPU. Each is named for the backend whose words it is,
with that backend's remedy and never an NVIDIA tool or a CUDA install line elsewhere. Quiet: the
host's RAM (torch's CPU allocator), MPS's and the Ascend NPU's own codes, a banner's "Max memory".
"""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

OOM = "device.out_of_memory"
# file: (the finding's backend, its first words, the line the library's words stand on)
OUT_OF_MEMORY = {
    "pt59778-cuda-oom-2.26gib-of-6gib-3.03gib-free.md": ("cuda", "torch's CUDA allocator", 3),
    "neurolens2-cuda-oom-55.57gib-of-12gib-grid-sampler.md": ("cuda", "torch's CUDA allocator", 1),
    "mgfn35-cuda-oom-1.70gib-of-6gib-0-bytes-free.md": ("cuda", "torch's CUDA allocator", 3),
    "iim28-cuda-error-out-of-memory-launch-blocking.md": ("cuda", "the CUDA runtime", 1),
    "wanvideo565-4090-cuda-error-out-of-memory.md": ("cuda", "the CUDA runtime", 3),
    "booru112-windows-blip2-cuda-error-out-of-memory.md": ("cuda", "the CUDA runtime", 1),
    "therock1054-gfx1151-hip-oom-16gib-of-15.24gib.md": ("rocm", "torch's ROCm (HIP)", 5),
    "comfyui13112-9070xt-windows-hip-oom-26mib.md": ("rocm", "torch's ROCm (HIP)", 30),
    "rocmbuild4358-invokeai-hip-oom-4.50gib-conv2d.md": ("rocm", "torch's ROCm (HIP)", 7),
    "ipex846-a770-xpu-oom-8gib-and-4gib-of-15.11gib.md": ("xpu", "torch's XPU allocator", 20),
    "xpuops5046-lnl-windows-collect-env-xpu-oom-16gib.md": ("xpu", "torch's XPU allocator", 7),
    "pais440-title-level-zero-ur-out-of-device-memory-training.md": (
        "xpu",
        "Intel's GPU runtime",
        1,
    ),
    "llamacpp25286-b70-sycl-ur-out-of-device-memory-torch2.9-xpu.md": (
        "xpu",
        "Intel's GPU runtime",
        33,
    ),
    "computeruntime944-b70-level-zero-ur-out-of-device-memory.md": (
        "xpu",
        "Intel's GPU runtime",
        11,
    ),
    "milabench301-hpu-reformer-pt-devmem-256mb.md": ("hpu", "Gaudi's PyTorch bridge", 8),
    "ohabana2214-gpt-oss-rank7-pt-devmem-2025mb.md": ("hpu", "Gaudi's PyTorch bridge", 12),
    "ohabana1469-title-hl205-pt-devmem-224mb-llama3.1-8b.md": ("hpu", "Gaudi's PyTorch bridge", 1),
    "modelrefs13-gaudi-iresnet-synhelper-workspace-allocation-failed.md": (
        "hpu",
        "Gaudi's PyTorch bridge",
        6,
    ),
    "neuronsdk1014-llava-trace-failed-to-alloc-device-memory.md": (
        "neuron",
        "the Neuron runtime",
        3,
    ),
    "neuronsdk302-inf1-bert-large-failed-to-alloc-device-memory.md": (
        "neuron",
        "the Neuron runtime",
        13,
    ),
    "vllm12443-title-neuron-nrt-tensor-allocate-status-4.md": ("neuron", "the Neuron runtime", 1),
    "xla3470-resnet50-tpu-oom-reserve-6.48g-after-epochs.md": ("xla", "XLA ran out", 2),
    "tf22328-xla-fsdp-tpu-v3-8-reserve-10.51g.md": ("xla", "XLA ran out", 2),
    "xla1735-colab-tpu-resource-exhausted-reserve-3.95g.md": ("xla", "XLA ran out", 6),
    "xla9524-tpu-compile-permanent-error-vmem.md": ("xla", "XLA ran out", 1),
}
# vLLM with no memory left for its KV cache: file, the line of vLLM's words
VLLM_NO_CACHE = {
    "llmrelated29-zh-vllm-no-available-memory-cache-blocks.md": 1,
    "vllm10439-qwen0.5b-docker-no-available-memory-cache-blocks.md": 3,
    "rlswarm118-4060ti-no-available-memory-cache-blocks.md": 2,
}
# torch.xpu.mem_get_info refused: file, (the device torch names, the line)
FREE_MEMORY = {
    "pt164429-xpu-arc-graphics-mem-get-info-unsupported.md": ("Intel(R) Arc(TM) Graphics", 6),
    "comfyui9128-arc-graphics-mem-get-info-unsupported.md": ("Intel(R) Arc(TM) Graphics", 11),
    "pt194487-wsl2-panther-lake-2.13-xpu-mem-get-info-unsupported.md": (
        "Intel(R) Graphics [0xb080]",
        20,
    ),
}
QUIET = (
    ERRORS / "vrt49-quiet-cpu-allocator-16gb-ram.md",  # the host's RAM: torch's CPU allocator
    ERRORS / "comfyui8984-mps-oom-tried-5.81gib-of-18.13gib.md",  # MPS: mps.out_of_memory
    ERRORS / "touchnet100-npu-oom-5.03gib-npu3-qwen2-audio.md",  # Ascend: npu.out_of_memory
    # Unsloth's banner: "Max memory: 79.151 GB"
    ROOT / "tests/data/reports/issue_body/unsloth2299-a100-banner-cuda-8.0-fast-inference.md",
)
NVIDIA_WORDS = ("nvidia-smi", "CUDA_VISIBLE_DEVICES", "PYTORCH_CUDA_ALLOC_CONF")


@pytest.mark.parametrize("name", sorted(OUT_OF_MEMORY), ids=lambda n: n.split("-", 1)[0])
def test_a_device_out_of_memory_is_named_for_its_backend(name: str) -> None:
    backend, words, line = OUT_OF_MEMORY[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error: the work is larger than the device
    found = [f for f in data["findings"] if f["code"] == OOM]
    assert len(found) == 1, data["findings"]
    assert found[0]["backend"] == backend
    assert found[0]["message"].startswith(words)
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no install line makes memory
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    if backend != "cuda":  # another accelerator's remedy, never NVIDIA's tools
        assert not [s for s in NVIDIA_WORDS if s in found[0]["advice"]]


@pytest.mark.parametrize("name", sorted(VLLM_NO_CACHE), ids=lambda n: n.split("-", 1)[0])
def test_vllm_without_memory_for_its_cache_is_its_kv_cache_finding(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: vLLM's settings, the environment is fine
    found = [
        f for f in data["findings"] if f["code"] == "serving.vllm_kv_cache_below_max_model_len"
    ]
    assert found, data["findings"]
    assert found[0]["message"].startswith("vLLM found no GPU memory left for its KV cache")
    assert "--gpu-memory-utilization" in found[0]["advice"]
    assert VLLM_NO_CACHE[name] in [q["line"] for q in found[0]["rests_on"]]
    assert OOM not in [f["code"] for f in data["findings"]]
    assert not data["unread"]


@pytest.mark.parametrize("name", sorted(FREE_MEMORY), ids=lambda n: n.split("-", 1)[0])
def test_free_memory_an_intel_gpu_does_not_report_is_a_memory_query_warning(name: str) -> None:
    device, line = FREE_MEMORY[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the device works, its free memory is unknown
    found = [f for f in data["findings"] if f["code"] == "device.memory_query_failed"]
    assert found, data["findings"]
    assert found[0]["backend"] == "xpu"
    assert found[0]["message"].startswith(
        f"torch.xpu.mem_get_info could not read the free memory of {device}"
    )
    assert "ZES_ENABLE_SYSMAN=1" in found[0]["advice"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]


@pytest.mark.parametrize("path", QUIET, ids=lambda p: p.name.split("-", 1)[0])
def test_host_memory_and_other_codes_are_no_device_out_of_memory(path: object) -> None:
    _, data = detect(path)  # type: ignore[arg-type]
    assert OOM not in [f["code"] for f in data["findings"]]


def test_the_level_zero_allocation_limit_is_named_as_the_adapter_reads_it() -> None:
    """Red team item 5: the Unified Runtime's Level Zero adapter reads
    UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS (intel/llvm sycl/test-e2e/Plugin/max_malloc.cpp), and
    the kernels need -ze-intel-greater-than-4GB-buffer-required besides; UR_L0_USE_… is read by
    nothing."""
    _, data = detect(ERRORS / "ipex846-a770-xpu-oom-8gib-and-4gib-of-15.11gib.md")
    advice = next(f["advice"] for f in data["findings"] if f["code"] == OOM)
    assert "UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1" in advice
    assert "-ze-intel-greater-than-4GB-buffer-required" in advice
    assert "UR_L0_USE_RELAXED" not in advice


def test_ipexs_4gb_block_refusal_is_its_own_variant_not_memory_run_out() -> None:
    """Red team item 6: IPEX refuses one block over 4 GB before it asks for memory (its
    CachingDeviceAllocator::malloc, kStatefulLimit), here with "0 bytes already allocated" of
    15.56 GiB: the finding says one allocation is over the limit, not that memory ran out, and
    the same paste's own "XPU out of memory" stays the allocator's finding."""
    exit_code, data = detect(ERRORS / "ipex629-xpu-oom-1.71gib-beside-4gb-block-refusal.md")
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == OOM]
    assert [f["message"].split(" (", 1)[0] for f in found] == [
        "IPEX's XPU allocator refuses any one allocation over 4 GB on this Intel GPU, however "
        "much memory is free",
        "torch's XPU allocator ran out of the Intel GPU's memory",
    ]
    assert "Tried to allocate 6.85 GiB" in found[0]["message"]
    assert "keep every tensor under 4 GiB" in found[0]["advice"]
    assert "empty_cache" not in found[0]["advice"]  # freeing memory does not lift the limit
    assert all(f["backend"] == "xpu" and f["remedy"] is None for f in found)
    assert 6 in [q["line"] for q in found[0]["rests_on"]]
