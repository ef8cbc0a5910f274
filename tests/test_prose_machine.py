"""The machine a reporter states in words, read as the report readers read their lines (issue 38,
item 2; s13-prose).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): a GPU named
in a sentence ("8 V100 GPUs", "gpu是tsla T4", "V100s等非Ampere架构的GPU") decides the GPU
findings and is quoted as the line they rest on; a Moore Threads GPU named in words ("MTT
S4000", "MTT S80", torch_musa) is shown as that accelerator, and no CUDA or ROCm line is
offered there; the Python a path or the words show ("lib/python3.9/site-packages",
"Python: v3.10") is read with its line. A GPU list quoted from documentation ("e.g., A100,
RTX 3090, …") is no machine's, nor is one asked about or someone else's; a tool's line wins
over the words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hwdoctor
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from tests.conftest import run_hwdoctor
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (code, the GPU the finding names, the line the GPU is named on)
GPU_IN_WORDS = {
    "dolly11-8-v100-gpus-bf16-unsupported-python3.9-path.md": (
        "device.bf16_unsupported",
        "the V100 (compute capability 7.0)",
        3,
    ),
    "lmflow251-zh-colab-tsla-t4-bf16-unsupported.md": (
        "device.bf16_unsupported",
        "the T4 (compute capability 7.5)",
        3,
    ),
    "sparsedrive44-zh-title-v100s-flash-attn-ampere.md": (
        "extension.arch_unsupported",
        # "V100s" read as the Tesla V100S since s20-gpuprose (the plural and the product have
        # one capability, 7.0)
        "the V100S (compute capability 7.0)",
        1,
    ),
}
# file: the line a Moore Threads GPU (or its torch_musa) is named on
MOORE_THREADS = {
    "torchmusa50-mtt-s4000-musa-no-cuda-capable-device.md": 3,
    # torch_musa named first in a link to its README
    "torchmusa44-s80-torch-musa-path-no-cuda-capable-device.md": 3,
    "torchmusa75-zh-mtt-s80-musa-unknown-error.md": 6,
}
# file: (Python's release, the line it is read from)
PYTHON = {
    "dolly11-8-v100-gpus-bf16-unsupported-python3.9-path.md": ("3.9", 6),
    "metavoice27-colab-t4-autocast-no-bfloat16-dist-packages-python3.10.md": ("3.10", 12),
    "torchmusa50-mtt-s4000-musa-no-cuda-capable-device.md": ("3.10", 19),
    "torchmusa44-s80-torch-musa-path-no-cuda-capable-device.md": ("3.10", 8),
}


@pytest.mark.parametrize("name", sorted(GPU_IN_WORDS), ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_named_in_words_decides_the_gpu_finding(name: str) -> None:
    code, gpu, line = GPU_IN_WORDS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, data["findings"]
    assert gpu in found[0]["message"], found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]


@pytest.mark.parametrize("name", sorted(MOORE_THREADS), ids=lambda n: n.split("-", 1)[0])
def test_a_moore_threads_gpu_named_in_words_is_that_accelerator(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    shown = [f for f in data["facts"] if f["what"] == "accelerator"]
    assert [f["value"] for f in shown] == ["Moore Threads GPU"], data["facts"]
    assert shown[0]["quote"]["line"] == MOORE_THREADS[name]
    lines = [f.get("remedy") or "" for f in data["findings"]]
    assert not any(w in line for line in lines for w in CUDA_OR_ROCM), lines
    assert exit_code == 1 and data["unread"]  # its MUSA errors are unread, never "no problem"


@pytest.mark.parametrize("name", sorted(PYTHON), ids=lambda n: n.split("-", 1)[0])
def test_the_python_a_path_or_the_words_show_is_read_with_its_line(name: str) -> None:
    release, line = PYTHON[name]
    _, data = detect(ERRORS / name)
    python = [f for f in data["facts"] if f["what"] == "Python"]
    assert [(f["value"], f["quote"]["line"]) for f in python] == [(release, line)], data["facts"]


def test_a_gpu_list_quoted_from_documentation_is_no_machine() -> None:
    """flash-attention's README quoted in a comment ("e.g., A100, RTX 3090, RTX 4090, H100",
    "Turing GPUs (T4, RTX 2080)"): the finding is about "this GPU", resting on no README line."""
    _, data = detect(ERRORS / "tf28188-kaggle-flash-attn-readme-gpu-list-quoted.md")
    (found,) = [f for f in data["findings"] if f["code"] == "extension.arch_unsupported"]
    assert "this GPU" in found["message"]
    for named in ("A100", "H100", "T4", "RTX 2080"):
        assert named not in found["message"]
    assert 15 not in [q["line"] for q in found["rests_on"]]


# The forms of issue 38's brief, each read as its fact: (the words, the fact's key, its value)
FORMS = [
    ("I'm on python3.12 and it fails", "prose.python", "3.12"),
    ("my env is py311", "prose.python", "3.11"),
    ("CPython 3.13t free-threaded", "prose.python", "3.13"),
    ("Python: v3.10 in Conda", "prose.python", "3.10"),
    (
        '  File "/home/u/.venv/lib/python3.10/site-packages/torch/__init__.py", line 1',
        "prose.python",
        "3.10",
    ),
    (
        r"C:\Users\me\AppData\Local\Programs\Python\Python311\Lib\site-packages\torch\x.py",
        "prose.python",
        "3.11",
    ),
    (
        "  Downloading torch-2.5.1-cp311-cp311-manylinux1_x86_64.whl (906.4 MB)",
        "prose.python",
        "3.11",
    ),
    ("Running on 8x 910B3", "prose.accelerator", "910B"),
    ("Machine: Atlas 800T A2", "prose.accelerator", "Atlas 800T"),
    ("MLU370-X8 card", "prose.accelerator", "MLU370"),
    ("GPU: MTT S80", "prose.accelerator", "MTT S80"),
    ("I have 8×A100 here", "prose.gpu", "A100"),
    ("2x 3090 in one box", "prose.gpu", "GeForce RTX 3090"),
    ("running on an L4", "prose.gpu", "L4"),
    ("I am on an Intel Mac", "prose.mac", "Intel Mac"),
    ("python runs under Rosetta", "prose.mac", "under Rosetta"),
    ("AWS Graviton3 instance", "prose.arm_linux", "Graviton3"),
    ("NVIDIA Grace Hopper node", "prose.arm_linux", "NVIDIA Grace Hopper"),
    ("on a Raspberry Pi 4", "prose.arm_linux", "Raspberry Pi 4"),
    ("Ubuntu 22.04 arm64", "prose.arm_linux", "Ubuntu 22.04 arm64"),
    ("IPEX 2.3.110+xpu", "prose.package", "2.3.110+xpu"),
    ("a TPU v5litepod-8 slice", "prose.accelerator", "TPU v5litepod"),
    ("on the Colab TPU runtime", "prose.accelerator", "Colab TPU"),
]


def _facts(text: str) -> list[tuple[str, str]]:
    """What `text` says, an error line after it (a Python a path shows is no report alone)."""
    read = reports.read(f"{text}\nRuntimeError: boom\n".encode()).facts
    return [(f.key.value, f.value) for f in read]


def test_a_python_only_a_path_shows_is_no_report() -> None:
    """A pip build's output with its paths and no error (flash-attention#269's) is refused as
    before: never read as "no problem"."""
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        reports.read(b'  File "/x/lib/python3.8/site-packages/t.py", line 1\n')


@pytest.mark.parametrize(("text", "key", "value"), FORMS, ids=[f[0][:24] for f in FORMS])
def test_each_form_is_read_as_its_fact(text: str, key: str, value: str) -> None:
    assert (key, value) in _facts(text)


# Words that name a machine that is not the reporter's, and the reporter's own beside them.
NOT_THE_MACHINE = [
    "Does it work on an M2 Max?",
    "I plan to buy a MacBook Pro M3, will it work?",
    "Is Ascend 910B supported?",
    "Can I run this on Gaudi2?",
    "My colleague has an RTX 4090 and it works there.",
    "The docs say Python 3.12 is required.",
    "Ampere, Ada, or Hopper GPUs (e.g., A100, RTX 3090, RTX 4090, H100).",
]
OWN = [
    "Why does my M2 Max crash?",
    "Is my M2 Max not supported?",
    "I have a GTX 1070ti, but it ran on a friend's computer who has an RTX 2070",
]


@pytest.mark.parametrize("text", NOT_THE_MACHINE, ids=[t[:24] for t in NOT_THE_MACHINE])
def test_a_question_a_wish_or_someone_elses_machine_names_none_of_the_reporters(
    text: str,
) -> None:
    assert cleaning.not_the_machine(text)
    machine = {"prose.chip", "prose.mac", "prose.accelerator", "prose.gpu", "gpu", "prose.python"}
    read = _facts(text)
    assert not [k for k, _ in read if k in machine], read


@pytest.mark.parametrize("text", OWN, ids=[t[:24] for t in OWN])
def test_the_reporters_own_machine_beside_a_question_is_read(text: str) -> None:
    assert not cleaning.not_the_machine(text)
    assert _facts(text)


def test_a_tools_line_wins_over_the_words_and_the_words_over_a_path() -> None:
    """collect_env's "Python version" over "python 3.11" in a sentence; the words over a
    traceback's path; a path's where nothing else says."""
    tool = (
        "PyTorch version: 2.1.0+cu121\nIs debug build: False\n"
        "Python version: 3.10.12 (main) [GCC 11.4.0] (64-bit runtime)\n\nI use python 3.11 here\n"
    )
    evidence, _ = assemble.evidence_of(reports.read(tool.encode()))
    assert evidence.python is not None and evidence.python.version == "3.10.12"
    words = 'I use python 3.11.4\n  File "/x/lib/python3.9/site-packages/t.py", line 1\n'
    evidence, _ = assemble.evidence_of(reports.read(words.encode()))
    assert evidence.python is not None and evidence.python.version == "3.11.4"
    path = '  File "/x/lib/python3.9/site-packages/t.py", line 1\nRuntimeError: boom\n'
    evidence, _ = assemble.evidence_of(reports.read(path.encode()))
    assert evidence.python is not None and evidence.python.version == "3.9"


@pytest.mark.parametrize(
    ("machine", "code"),
    [
        ("Running on 8x 910B3.", "backend.npu_asked_for_cuda"),
        ("Machine: Atlas 800T A2, torch 2.1.0", "backend.npu_asked_for_cuda"),
        ("I am on an Intel Mac (MacBook Pro 2019).", "backend.mps_asked_for_cuda"),
    ],
)
def test_cuda_asked_on_a_machine_named_in_words_gets_no_cuda_torch(machine: str, code: str) -> None:
    report = hwdoctor.diagnose(
        f"{machine}\n\nAssertionError: Torch not compiled with CUDA enabled\n"
    )
    assert code in [f.code for f in report.findings]
    for finding in report.findings:
        assert not any(w in (finding.remedy or "") for w in CUDA_OR_ROCM), finding.remedy


def test_explain_answers_with_the_accelerator_named_in_words(tmp_path: Path) -> None:
    """An Ascend named by its chip alone ("8x 910B3"): each library's device is npu where
    torch sees it, a stated possibility, never cuda."""
    paste = tmp_path / "paste.md"
    paste.write_text("Running on 8x 910B3, torch 2.1.0.\n\nRuntimeError: boom\n", encoding="utf-8")
    result = run_hwdoctor("explain", "--from", str(paste))
    assert "npu, if torch.npu.is_available()" in result.stdout
    assert "cuda" not in result.stdout


# issue 38 (s15-realrec): AMD's GPU stack named in a title or a sentence, on lines of real
# recordings (file: the line, the words read)
ROCM_IN_WORDS = {
    "comfyuinunchaku717-title-rocm7.1.1-nunchaku-libcudart-so-13.md": (1, "ROCm 7.1.1"),
    "rocmbuild442-rocm-installed-tensorflow-gpu-libcublas-so-9.0.md": (7, "ROCm"),
}


@pytest.mark.parametrize("name", sorted(ROCM_IN_WORDS), ids=lambda n: n.split("-", 1)[0])
def test_rocm_named_in_a_title_or_a_sentence_is_an_amd_gpus_machine(name: str) -> None:
    line, words = ROCM_IN_WORDS[name]
    read = reports.read((ERRORS / name).read_bytes())
    said = [(f.quote.line, f.value) for f in read.facts if f.key.value == "prose.rocm"]
    assert said == [(line, words)]
    evidence, _ = assemble.evidence_of(read)
    assert evidence.host is not None
    assert [(s.backend, s.detail) for s in evidence.host.signals] == [("rocm", f'"{words}"')]


def test_collect_envs_rocm_line_quoted_in_a_list_names_no_machine() -> None:
    """pytorch#48245's environment list quotes collect_env's "- ROCM used to build PyTorch:
    N/A" (line 41) on an aarch64 machine without CUDA: no AMD GPU there."""
    name = "torch48245-threshold-cpu-half-cuda-none-aarch64.md"
    read = reports.read((ERRORS / name).read_bytes())
    assert not [f for f in read.facts if f.key.value == "prose.rocm"]
    evidence, _ = assemble.evidence_of(read)
    assert not [s for s in (evidence.host.signals if evidence.host else ()) if s.backend == "rocm"]


@pytest.mark.parametrize("start", [60, 61, 62])
def test_rocm_named_absent_names_no_machine(start: int) -> None:
    """The final read of the fifteenth sitting: vLLM's collect_env section of vllm#36099 (an
    aarch64 machine with a CPU torch), pasted from its "vLLM Info" heading on, as a reporter
    pastes a part: "ROCM Version : Could not collect" and "ROCm: Disabled" are the tools'
    words that ROCm is absent, not the machine's accelerator. (Before the mend: "It shows: AMD
    GPU (in words) ROCM".)"""
    lines = (
        (ERRORS.parent / "collect_env" / "vllm36099-torch2.9.1cpu-aarch64-pip-cu12-and-cu13.md")
        .read_text(encoding="utf-8")
        .splitlines()
    )
    cut = "\n".join(lines[start - 1 :]) + "\n"
    read = reports.read(cut.encode())
    assert not [f for f in read.facts if f.key.value == "prose.rocm"]
    evidence, _ = assemble.evidence_of(read)
    assert not [s for s in (evidence.host.signals if evidence.host else ()) if s.backend == "rocm"]
