"""A paste of a machine with another accelerator is judged for that accelerator (issue 38,
item 3): `detect --paste` writes no CUDA or ROCm command there, and `explain --from` names the
accelerator as the condition of its answers, "npu, if torch.npu.is_available()", with the
lines that show it, never "= False" and never cuda:0. Real pastes from tests/data/reports/
(each with its source in that directory's README), run through the real command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hwdoctor import registry
from tests.conftest import ROOT, run_hwdoctor

REPORTS = ROOT / "tests" / "data" / "reports"
# pytorch#164943: collect_env of an M2 Max under macOS 13.7.4 (arm64); no MPS line
MACOS_ARM64 = REPORTS / "collect_env" / "pt164943-torch2.10dev-macos13.7.4-arm64-m2-max.txt"
# pytorch#157775: collect_env of torch 2.7.1+xpu on Windows, a CUDA 11.8 toolkit beside it
XPU_WHEEL = (
    REPORTS / "collect_env" / "pt157775-torch2.7.1xpu-windows-cuda11.8-toolkit-no-xpu-line.txt"
)
# LlamaFactory#4159: torch_npu 2.1.0.post3, 8 Ascend 910b and CANN named in prose
TORCH_NPU = (
    REPORTS
    / "issue_body"
    / "llamafactory4159-zh-torch-npu-2.1.0.post3-8x-ascend-910b-cann8.0rc1-prose.md"
)
# LlamaFactory#6461: llamafactory-cli env on aarch64, "昇腾910B" in the question
ASCEND_ENV = (
    REPORTS
    / "issue_body"
    / "llamafactory6461-zh-llamafactory-env-torch2.1.0-aarch64-910b-eval-on-cpu.md"
)
# optimum-habana#1014: SynapseAI 1.15.1 and Habana's Gaudi docker image, no torch line
GAUDI = (
    REPORTS / "issue_body" / "optimumhabana1014-synapseai-1.15.1-gaudi-docker-protein-folding.md"
)
# issue 38: the hardware named in the reporter's own words, no package or tool line of it:
# vladmandic/sdnext#3547 ("on Intel Arc A770"), intel/intel-extension-for-pytorch#767
# ("Hardware: ARC B580"), aws-neuron/aws-neuron-sdk#302 ("inf1.2xlarge"), wandb/wandb#3694
# ("the new TPU VM paradigm"), pkhungurn/talking-head-anime-demo#44 ("I use M1 MacBook Air")
ERRORS = REPORTS / "errors"
ARC_A770 = ERRORS / "sdnext3547-windows-arc-a770-torch-not-compiled-with-xpu.md"
ARC_B580 = ERRORS / "ipex767-arc-b580-ipex-no-aot-kernels-5-10-minutes-first-time.md"
INF1 = ERRORS / "neuronsdk302-inf1-bert-large-failed-to-alloc-device-memory.md"
TPU_VM = ERRORS / "wandb3694-tpu-vm-pt-1.11-import-tensorflow-tpucompiler-not-available.md"
M1_MACBOOK = ERRORS / "talkinghead44-m1-macbook-air-mps-device-error-title-only.md"

# Each paste, the registry row it shows, and the lines that show it.
CASES = (
    (MACOS_ARM64, "mps", {7, 14, 27}),  # OS macOS (arm64), the platform line, Apple M2 Max
    (XPU_WHEEL, "xpu", {1}),  # PyTorch version: 2.7.1+xpu
    (TORCH_NPU, "npu", {10, 15}),  # torch_npu == 2.1.0.post3, 8卡 Ascend 910b
    (ASCEND_ENV, "npu", {21}),  # 请问昇腾910B …
    (GAUDI, "hpu", {6}),  # SynapseAI version: 1.15.1
    (ARC_A770, "xpu", {1}),  # the title: … on Intel Arc A770
    (ARC_B580, "xpu", {5}),  # Hardware: ARC B580
    (INF1, "neuron", {1}),  # … on inf1.2xlarge successfully …
    (TPU_VM, "tpu", {5}),  # When using the new TPU VM paradigm …
    (M1_MACBOOK, "mps", {5}),  # I use M1 MacBook Air …
)
IDS = [path.name.split("-", 1)[0] for path, _, _ in CASES]
# the pastes that show torch (the others have nothing for torch to pick with)
WITH_TORCH = (MACOS_ARM64, XPU_WHEEL, TORCH_NPU, ASCEND_ENV)
# The install lines of a CUDA or ROCm torch: download.pytorch.org's CUDA and ROCm indexes and
# pins to their local versions (compat/wheels.py writes them so).
CUDA_OR_ROCM = (
    "download.pytorch.org/whl/cu",
    "download.pytorch.org/whl/rocm",
    "download.pytorch.org/whl/nightly/cu",
    "download.pytorch.org/whl/nightly/rocm",
    "+cu1",
    "+rocm",
)


def run_json(*args: str) -> dict[str, Any]:
    result = run_hwdoctor(*args, "--json")
    assert result.returncode in (0, 1), result
    assert result.stderr == ""
    data: dict[str, Any] = result.json()["data"]
    return data


def strings(value: Any) -> list[str]:
    """Every string in a JSON value: each remedy, command and caveat line."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


@pytest.mark.parametrize(("path", "key", "shown_on"), CASES, ids=IDS)
def test_detect_writes_no_cuda_or_rocm_command(path: Path, key: str, shown_on: set[int]) -> None:
    data = run_json("detect", "--paste", str(path))
    lines = [
        line
        for text in strings(data["findings"]) + strings(data["not_checked"])
        for line in text.splitlines()
    ]
    assert not [line for line in lines if any(s in line for s in CUDA_OR_ROCM)]
    # no finding about torch.cuda's builds, and no question whether it has an NVIDIA GPU
    assert not [f for f in data["findings"] if f["backend"] in ("cuda", "rocm")]
    assert "nvidia-smi || rocm-smi" not in [q["command"] for q in data["not_checked"]]
    # the accelerator, named where the paste names it in prose, is among what it shows
    if key in ("npu", "hpu"):
        assert registry.BY_KEY[key].hardware in [f["value"] for f in data["facts"]]


@pytest.mark.parametrize(("path", "key", "shown_on"), CASES, ids=IDS)
def test_explain_names_the_accelerator_as_the_condition(
    path: Path, key: str, shown_on: set[int]
) -> None:
    backend = registry.BY_KEY[key]
    data = run_json("explain", "--from", str(path))
    condition = f"{backend.device}.available"
    said = next(n for n in data["not_shown"] if n["key"] == condition)
    # "whether torch sees the Apple Silicon it shows: mps, if torch.backends.mps.is_available()"
    assert backend.hardware in said["what"]
    assert f"{backend.device}, if {backend.query.module}.is_available()" in said["what"]
    assert said["command"].endswith(f'print({backend.query.module}.is_available())"')
    training = next(d for d in data["decisions"] if d["name"] == "TrainingArguments")
    assert condition in training["missing"]
    assert shown_on <= {q["line"] for q in training["rests_on"]}
    for decision in data["decisions"]:
        # absence is not False: the accelerator's check is never "= False" in a step
        for step in decision["steps"]:
            if step["name"] == backend.device:
                assert not step["observed"].endswith("= False"), step
        # no NVIDIA or AMD GPU shown: torch.cuda has nothing to pick
        assert not [p for p in decision["possible"] if p.startswith("cuda")]
        assert not (decision["answer"] or "").startswith("cuda")
    if path in WITH_TORCH:  # a paste with torch: the accelerator is one of the answers
        assert (
            f"{backend.device}:0" in training["possible"] or backend.device in training["possible"]
        )


def test_explain_says_the_possibility_in_words() -> None:
    """The terminal names the device and its condition, not a False."""
    result = run_hwdoctor("explain", "--from", str(MACOS_ARM64), "--verbose")
    assert result.returncode == 0, result
    out = " ".join(result.stdout.split())
    assert "unknown (cpu or mps)" in out
    assert "mps, if torch.backends.mps.is_available()" in out
    assert "is_torch_mps_available() = False" not in out
    assert "is_torch_mps_available(): not shown by the paste" in out
    assert "cuda:0" not in out


def test_an_available_false_line_is_not_an_accelerator_shown() -> None:
    """accelerate env's "PyTorch XPU available: False" beside an RTX 4070 shows no XPU: the
    paste is judged for CUDA as before."""
    path = REPORTS / "accelerate_env" / "acc2564-0.28.0-windows-rtx4070.txt"
    data = run_json("explain", "--from", str(path))
    assert not [
        n
        for n in data["not_shown"]
        if n["key"].endswith(".available") and n["key"] != "cuda.available"
    ]


@pytest.mark.parametrize(
    ("path", "line"),
    [
        # intel/torch-xpu-ops#5046: collect_env of torch 2.14.0+xpu on a Lunar Lake laptop
        (ERRORS / "xpuops5046-lnl-windows-collect-env-xpu-oom-16gib.md", 31),
        # intel/intel-xpu-backend-for-triton#24: IPEX's collect_env, an Arc (0x56c0)
        (REPORTS / "ipex_collect_env" / "tritonxpu24-ipex2.0.110-xpu-true-arc-0x56c0.txt", 20),
    ],
    ids=["xpuops5046", "tritonxpu24"],
)
def test_the_summary_names_the_accelerator_torch_sees(path: Path, line: int) -> None:
    """ "Is XPU available: True" is among what the paste shows, with its line, and on the
    summary line beside CUDA's answer (it was read and listed nowhere)."""
    data = run_json("detect", "--paste", str(path))
    said = [f for f in data["facts"] if f["what"] == "XPU available"]
    assert [f["quote"]["line"] for f in said] == [line]
    out = " ".join(run_hwdoctor("detect", "--paste", str(path)).stdout.split())
    shows = out.split("It shows: ", 1)[1].split(" Not checked", 1)[0]
    assert "XPU available True" in shows


def test_a_device_torch_does_not_see_stays_off_the_summary() -> None:
    """accelerate env's "PyTorch XPU available: False" beside an RTX 4070 is listed, never on
    the summary line: the machine is not an XPU one."""
    path = REPORTS / "accelerate_env" / "acc2564-0.28.0-windows-rtx4070.txt"
    out = run_hwdoctor("detect", "--paste", str(path)).stdout
    shows = " ".join(out.split("It shows: ", 1)[1].split("\n\n", 1)[0].split())
    assert "XPU available" not in shows and "NPU available" not in shows
