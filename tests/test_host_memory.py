"""The host's memory run out, in every form it is stated (issue 38, items 3-5; s11-hostmem).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): torch's CPU
allocator ("DefaultCPUAllocator: not enough memory" on Windows, "can't allocate memory" on
Linux), the kernel's OOM killer in dmesg ("Out of memory: Killed process N (python)",
"oom-kill:"), a bare "Killed" ending a run (after "Loading checkpoint shards"), an exit code
137, the Neuron compiler killed (torch-neuron's "Compile command returned: -9", torch-neuronx's
"neuronx-cc failed with -9"), gcc's "Killed signal terminated program cc1plus", and Colab's
"Your session crashed after using all available RAM". Each is host.memory_exhausted, an error,
resting on the line that says it, with the host's RAM where the paste states it and no install
line. Quiet: tcmalloc's large-allocation warnings on runs that went on, a training run stopped
with Ctrl-C, and an accelerator's own out-of-memory (CUDA, MPS, Ascend NPU), which is not the
host's.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "host.memory_exhausted"
# file: (the message's first words, the line it rests on, the RAM it quotes or None)
STATED = {
    "stt2-zh-defaultcpuallocator-not-enough-memory-32g.md": ("torch's CPU allocator", 1, "32g"),
    "prottrans15-windows-defaultcpuallocator-buy-new-ram.md": ("torch's CPU allocator", 6, None),
    "chinesellamaalpaca18-zh-merge-lora-defaultcpuallocator-cant-allocate.md": (
        "torch's CPU allocator",
        1,
        None,
    ),
    "rwkvrunner97-windows-rtx3060-16gb-defaultcpuallocator.md": (
        "torch's CPU allocator",
        1,
        "16gb",
    ),
    "qaconv19-dmesg-out-of-memory-killed-process-python.md": ("the kernel's OOM killer", 6, None),
    "tranx41-dmesg-oom-kill-python3-31gb-rss.md": ("the kernel's OOM killer", 6, None),
    "textgen440-killed-loading-wsl-dmesg-oom-kill.md": ("the kernel's OOM killer", 29, None),
    "chatglm6b193-zh-loading-checkpoint-shards-killed.md": ("the process was killed", 12, None),
    "langchainchatchat35-zh-chatglm-loading-shards-38-killed.md": (
        "the process was killed by SIGKILL (Killed) while loading checkpoint shards",
        8,
        None,
    ),
    "interntutorial1239-zh-streamlit-load-model-begin-killed.md": (
        "the process was killed",
        12,
        None,
    ),
    "hedwig70-word2vec-vectors-loaded-then-killed.md": ("the process was killed", 12, None),
    "alphastar10-rl-training-exit-code-137-ram-over-100.md": ("the process was killed", 1, None),
    # the command's --timeout flag is no sign the run was stopped on purpose
    "logicllm10-timeout-flag-exit-code-137-memory-leak.md": ("the process was killed", 10, None),
    "selfmask11-exit-code-137-batch-1-workers-0.md": ("the process was killed", 1, None),
    "neuronsdk431-inf1-bart-compile-command-returned-9.md": ("the Neuron compiler", 8, None),
    "neuronsamples10-inf2-xlarge-sd21-neuronx-cc-failed-with-9.md": (
        "the Neuron compiler",
        26,
        None,
    ),
    "xmrig1825-nanopi-neo2-1gb-cc1plus-killed-signal.md": (
        "the compiler (cc1plus)",
        4,
        "1009396 KiB",
    ),
    "meshtransformerjax120-colab-tpu-session-crashed-all-ram.md": ("the Colab runtime", 1, None),
    "ftcp8-colab-gpu-session-crashed-all-ram-48322-compounds.md": ("the Colab runtime", 1, None),
    "colabtools2332-session-crashed-to-categorical.md": ("the Colab runtime", 7, None),
}
NEURON = (
    "neuronsdk431-inf1-bart-compile-command-returned-9.md",
    "neuronsamples10-inf2-xlarge-sd21-neuronx-cc-failed-with-9.md",
)
QUIET = (
    # tcmalloc's warning of one large allocation, the run going on (the threads: ignore it)
    "mmdet6672-colab-pro-tcmalloc-large-alloc-training-continues.md",
    "nnunet107-colab-tcmalloc-preprocessing-works.md",
    # a run stopped with Ctrl-C (the maintainer: the keys were pressed)
    "yolov5-4685-colab-training-stopped-ctrl-c.md",
    # an accelerator's own memory, not the host's
    "pt59778-cuda-oom-2.26gib-of-6gib-3.03gib-free.md",
    "comfyui7372-mps-oom-sd35-17.68gb-of-18.13gb.md",
    "lf5491-zh-910b-8npu-npu-oom-386mib-loading-shards.txt",
)


@pytest.mark.parametrize("name", sorted(STATED), ids=lambda n: n.split("-", 1)[0])
def test_the_host_running_out_of_memory_is_named_in_each_form(name: str) -> None:
    words, line, ram = STATED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, data["findings"]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no reinstall makes memory
    assert found[0]["advice"]
    if ram is not None:
        assert f"on a host with {ram} of RAM" in found[0]["message"]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert [f["code"] for f in data["findings"]].count(CODE) == 1  # named once


@pytest.mark.parametrize("name", NEURON, ids=lambda n: n.split("-", 1)[0])
def test_the_neuron_compiler_killed_is_the_neuron_machines_host_memory(name: str) -> None:
    _, data = detect(ERRORS / name)
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert found["backend"] == "neuron"
    assert "more host memory" in found["advice"]


def test_extension_builds_are_told_max_jobs() -> None:
    _, data = detect(ERRORS / "xmrig1825-nanopi-neo2-1gb-cc1plus-killed-signal.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "MAX_JOBS=4" in found["advice"]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_warnings_a_stopped_run_and_an_accelerators_memory_are_not_the_hosts(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]
