"""`explain --from` a pasted report: each library's device on the reporter's machine, or
"unknown" naming what the paste does not show, read from real pastes in tests/data/reports/
(each with its source in that directory's README) by the real command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, base_env, run_hwdoctor

REPORTS = ROOT / "tests" / "data" / "reports"
# accelerate#1048: a V100 torch sees, accelerate 0.16 whose default config says use_cpu: True
USE_CPU = REPORTS / "accelerate_env" / "acc1048-0.16.0-v100-use-cpu-true.txt"
# vllm#3482: collect_env of torch 2.1.2+cu121 with one L4 listed and CUDA available
ONE_L4 = REPORTS / "collect_env" / "vllm3482-torch2.1.2-cu121-l4-driver535.txt"
# transformers#35156: transformers env 4.48.0.dev0, accelerate 0.34.2, "GPU type" of an A100
A100 = REPORTS / "transformers_env" / "tf-pr35156-4.48.0dev-a100-gpu-type.txt"
# pytorch#49325: a +cpu wheel on Windows; the reporter asks why CUDA is not available
CPU_WHEEL = REPORTS / "collect_env" / "pt49325-torch1.7.1-cpu-windows.txt"
# pytorch#42887: collect_env where torch does not import (every field N/A)
NO_TORCH = REPORTS / "collect_env" / "pt42887-torch-not-installed-macos.txt"
# pytorch#33469: collect_env with 2 TITAN Xp listed and `Is CUDA available: No`
NOT_AVAILABLE = REPORTS / "collect_env" / "pt33469-torch1.4-cu100-titanxp-driver410.txt"


def explained(path: Path, *more: str) -> dict[str, Any]:
    result = run_hwdoctor("explain", "--from", str(path), "--json", *more)
    assert result.returncode == 0, result
    assert result.stderr == ""
    data: dict[str, Any] = result.json()["data"]
    return data


def decision(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in data["decisions"] if d["name"] == name)
    return found


def lines(found: dict[str, Any]) -> set[int]:
    return {quote["line"] for quote in found["rests_on"]}


def test_accelerate_config_use_cpu_is_the_answer_under_accelerate_launch() -> None:
    """accelerate#1048's "accelerate cannot find the gpu": torch sees the V100 (line 6), so a
    plain TrainingArguments picks cuda:0; under `accelerate launch` the config's use_cpu
    (line 11) makes Accelerate's device cpu."""
    data = explained(USE_CPU)
    launch = decision(data, "accelerate launch")
    assert launch["answer"] == "cpu" and launch["known"]
    assert {6, 11} <= lines(launch)
    training = decision(data, "TrainingArguments")
    assert training["answer"] == "cuda:0"
    assert training["reason"].startswith("torch.cuda.is_available() = True")
    assert 6 in lines(training)
    # accelerate env lists no packages: an extension it does not rule out is the condition
    assert "npu" in training["unless"]
    # accelerate 0.16 is older than the tables, and every table answers alike
    state = decision(data, "PartialState")
    assert state["answer"] == "cuda"
    accelerate = next(n for n in data["not_shown"] if n["key"] == "accelerate")
    assert accelerate["leaves_unknown"] == [] and "answers alike" in accelerate["note"]


def test_what_the_paste_lacks_is_unknown_and_named() -> None:
    """accelerate env shows no GPU count and no transformers: n_gpu and device_map="auto"
    are unknown for the count, pipeline() for the transformers release (4.46 put it on
    the CPU, later releases on the GPU)."""
    data = explained(USE_CPU)
    for name in ("n_gpu", 'device_map="auto"'):
        found = decision(data, name)
        assert found["answer"] is None and not found["known"]
        assert "gpu.count" in found["missing"]
    pipeline = decision(data, "pipeline")
    assert pipeline["answer"] is None and pipeline["missing"] == ["transformers"]
    assert set(pipeline["possible"]) == {"cpu", "cuda:0"}
    keys = {n["key"]: n for n in data["not_shown"]}
    assert keys["gpu.count"]["leaves_unknown"] == ["n_gpu", 'device_map="auto"']
    assert keys["transformers"]["leaves_unknown"] == ["pipeline"]
    assert keys["transformers"]["command"] == "transformers env"
    assert keys["environment"]["note"].startswith("taken as unset")


def test_collect_env_gives_the_count_and_leaves_the_libraries_unknown() -> None:
    """collect_env lists the L4 by index: n_gpu and device_map="auto" are known; it shows
    neither transformers nor Accelerate's config."""
    data = explained(ONE_L4)
    assert decision(data, "TrainingArguments")["answer"] == "cuda:0"
    assert decision(data, "n_gpu")["answer"] == "1"
    assert decision(data, 'device_map="auto"')["answer"] == "cuda:0, cpu, disk"
    assert decision(data, "PartialState")["answer"] == "cuda"
    assert decision(data, "pipeline")["missing"] == ["transformers"]
    launch = decision(data, "accelerate launch")
    assert launch["answer"] is None and launch["missing"] == ["accelerate.config"]
    assert set(launch["possible"]) == {"cuda", "cpu"}


def test_transformers_env_gives_pipeline_and_the_launch_without_a_config() -> None:
    """transformers env 4.48.0.dev0 says `Accelerate config: not found`: under `accelerate
    launch` nothing forces the CPU; pipeline() is read at that release."""
    data = explained(A100)
    assert decision(data, "pipeline")["answer"] == "cuda:0"
    launch = decision(data, "accelerate launch")
    assert launch["answer"] == "cuda"
    assert 9 in lines(launch)  # "- Accelerate config:    not found"
    assert decision(data, 'device_map="auto"')["missing"] == ["gpu.count"]  # "GPU type" names one
    assert "accelerate.config" not in {n["key"] for n in data["not_shown"]}


def test_cpu_wheel_answers_cpu_everywhere() -> None:
    """pytorch#49325: a +cpu wheel sees no GPU, whatever the releases; Windows rules the
    Linux-only extensions out, so no answer carries a condition."""
    data = explained(CPU_WHEEL)
    answers = {d["name"]: d["answer"] for d in data["decisions"]}
    assert answers["TrainingArguments"] == "cpu"
    assert answers['device_map="auto"'] == "cpu, disk"
    assert all(answer is not None for answer in answers.values())
    assert all(d["unless"] == [] for d in data["decisions"])


def test_cuda_not_available_is_read_from_the_paste() -> None:
    data = explained(NOT_AVAILABLE)
    training = decision(data, "TrainingArguments")
    assert training["answer"] == "cpu"
    assert any("Is CUDA available: No" in q["text"] for q in training["rests_on"])


def test_torch_that_does_not_import_leaves_everything_unknown() -> None:
    data = explained(NO_TORCH)
    assert all(d["answer"] is None and d["missing"] == ["torch"] for d in data["decisions"])
    assert [n["key"] for n in data["not_shown"]] == ["torch"]


def test_human_and_markdown_say_unknown_with_the_missing_input() -> None:
    result = run_hwdoctor("explain", "--from", str(USE_CPU))
    assert result.returncode == 0, result
    out = result.stdout
    assert "accelerate launch  cpu" in out
    assert "unknown: the paste does not show how many GPUs torch sees" in out
    assert "line 11: - use_cpu: True" in out
    assert "The paste does not show:" in out
    verbose = run_hwdoctor("explain", "--from", str(USE_CPU), "--verbose")
    assert "✓ torch.cuda.is_available() = True" in verbose.stdout
    reply = run_hwdoctor("explain", "--from", str(USE_CPU), "--format", "markdown")
    assert reply.returncode == 0, reply
    assert "| `PartialState().device` | `cuda` |" in reply.stdout
    assert "#### Could you also paste" in reply.stdout


def test_standard_input_and_options_that_need_an_evidence_file() -> None:
    text = USE_CPU.read_text(encoding="utf-8")
    result = run_hwdoctor("explain", "--from", "-", "--json", stdin=text)
    assert result.returncode == 0, result
    assert decision(result.json()["data"], "accelerate launch")["answer"] == "cpu"
    assert run_hwdoctor("explain", "--from", str(USE_CPU), "--nproc", "2").returncode == 2
    assert run_hwdoctor("explain", "cuda", "--from", str(USE_CPU)).returncode == 2


def test_use_cpu_asks_trainingarguments_use_cpu() -> None:
    data = explained(ONE_L4, "--use-cpu")
    assert data["use_cpu"] is True
    assert decision(data, "TrainingArguments")["answer"] == "cpu"


@pytest.mark.parametrize("path", [USE_CPU, ONE_L4, A100])
def test_explain_from_a_paste_imports_none_of_the_libraries(path: Path) -> None:
    """The doctor never imports the patient: not even to explain someone else's machine."""
    code = (
        "import sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        f"    main(['explain', '--from', {str(path)!r}, '--json'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('torch', 'transformers', 'accelerate'))\n"
        "sys.stderr.write('HEAVY=' + ','.join(heavy))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=base_env(), cwd=ROOT,
        timeout=60, check=False,
    )  # fmt: skip
    assert '"decisions"' in completed.stdout
    assert completed.stderr.rsplit("HEAVY=", 1)[1] == ""


def test_a_cuda_build_rules_out_the_backends_built_into_other_torch_wheels() -> None:
    """A reply that quotes only vllm#3482's torch lines (no OS line, so the platform is not
    known): torch 2.1.2+cu121 is a CUDA build, and MPS (built into torch's macOS wheels
    only) and XPU (torch's XPU wheels only) cannot be there, so no answer is said "unless"
    of them; a separate extension (torch-npu) still can be."""
    shown = ("PyTorch version", "Is CUDA available", "GPU models")
    quoted = [line for line in ONE_L4.read_text("utf-8").splitlines() if line.startswith(shown)]
    assert len(quoted) == 3
    result = run_hwdoctor("explain", "--from", "-", "--json", stdin="\n".join(quoted) + "\n")
    assert result.returncode == 0, result
    data = result.json()["data"]
    unless = {key for found in data["decisions"] for key in found["unless"]}
    assert not unless & {"mps", "xpu"}
    assert "npu" in unless


def test_a_gpu_count_the_paste_does_not_show_is_never_said() -> None:
    """accelerate#3446's accelerate env (three RTX A6000, the count in prose only): torch
    sees CUDA, so TrainingArguments picks cuda:0 whatever the count, and its reason does not
    say one count of the worlds it tried ("(1 device)"); n_gpu stays unknown for it."""
    data = explained(REPORTS / "accelerate_env" / "acc3446-0.34.2-rtx-a6000-3gpus.txt")
    training = decision(data, "TrainingArguments")
    assert training["answer"] == "cuda:0"
    assert training["reason"] == "torch.cuda.is_available() = True"
    assert decision(data, "n_gpu")["answer"] is None
