"""What a paste with no error says is not an error (issue 38, s19-quiet).

Words that a GPU below compute capability 8.0 has no bfloat16, beside words that the work ran,
are no refusal: torch emulates bfloat16 there for many operations (torch/cuda/__init__.py
is_bf16_supported(including_emulation=...)). A question whether a library or a stack runs on a
device gets the answer's severity, never an error's, where the paste shows no error. vLLM's GPU
worker given the CPU ("Not support device type: cpu", vllm/v1/worker/gpu_worker.py
Worker.init_device) is an error line and, where the paste names vLLM, its finding. Each case
is a real paste of the corpus, its source in `tests/data/reports/README.md`.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import Finding, PasteReport
from hwdoctor.render import paste as paste_render
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
VLLM_ASCEND: Final = "backend.vllm_ascend_device_unsupported"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


def only(report: PasteReport, code: str) -> Finding:
    (found,) = [f for f in report.findings if f.code == code]
    return found


# --- bf16 said lacking, and the work ran ---------------------------------------------------


def test_bf16_lacking_beside_words_that_training_ran_is_a_note() -> None:
    """facebookresearch/dinov3#74: torch inductor's "Tesla V100-SXM2-32GB does not support
    bfloat16 compilation natively" and "Training launches but the ETA …": the V100 emulates
    bfloat16, slowly; a note citing is_bf16_supported(including_emulation=False), no error."""
    report = diagnosed("dinov3-74-v100-inductor-no-native-bfloat16-training-launches-slow.md")
    found = only(report, "device.bf16_unsupported")
    assert found.severity.value == "info", found.severity
    assert "V100 (compute capability 7.0)" in found.message and "ran" in found.message
    assert "including_emulation=False" in found.message
    assert "including_emulation=False" in (found.advice or "")
    quotes = report.rests_on[report.findings.index(found)]
    assert any("Training launches" in q.text for q in quotes)
    assert not any(f.severity.value == "error" for f in report.findings)
    assert report.exit_code == 0 and "error" not in paste_render.counts(report)


@pytest.mark.parametrize(
    "name",
    [
        # a title saying the V100 cannot calculate bf16, no word that it ran
        "stablecascade91-v100-cannot-calculate-bf16.md",
        # "in error afterwards?" under screenshots, "T4 doesn't have BF16 anyway."
        "kohyatrainer169-colab-training-config-bf16-t4-has-none.md",
    ],
)
def test_bf16_lacking_without_words_that_it_ran_stays_an_error(name: str) -> None:
    found = only(diagnosed(name), "device.bf16_unsupported")
    assert found.severity.value == "error"


# --- a question gets the answer's severity ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        # vllm-project/vllm-ascend#4602: "请问现在VLLM-ASCEND支持310P的NPU吗？"
        (
            "vllmascend4602-zh-misc-title-310p-npu-support-question.md",
            "backend.vllm_ascend_device_unsupported",
            "only in its -310p builds from v",
        ),
        # vllm-ascend#226 and #3491: the same question in other words
        (
            "vllmascend226-zh-title-300i-duo-atlas-200i-a2-vllm-ascend-question.md",
            "backend.vllm_ascend_device_unsupported",
            "only in its -310p builds from v",
        ),
        (
            "vllmascend3491-zh-title-300i-duo-310p-which-release.md",
            "backend.vllm_ascend_device_unsupported",
            "only in its -310p builds from v",
        ),
        # LLaMA-Factory#2099: "请问FlashAttention-2 是不支持V100吗？"
        (
            "llamafactory2099-zh-flashattention2-v100-support-question.md",
            "extension.arch_unsupported",
            "V100 (compute capability 7.0)",
        ),
        # LLaMA-Factory#462: "V100是不支持bf16的吧，那bf16微调的模型能在V100上跑吗？"
        (
            "llamafactory462-zh-v100-no-bf16-finetuned-model-question.md",
            "device.bf16_unsupported",
            "V100 (compute capability 7.0)",
        ),
        # ROCm#374: "Is there any way to get ROCm working on my R9 280X card …?"
        (
            "rocm374-tahiti-r9-280x-gcn1-support-question.md",
            "device.amd_gpu_without_kfd",
            "gfx600",
        ),
    ],
)
def test_a_question_with_no_error_shown_is_answered_as_a_warning(
    name: str, code: str, words: str
) -> None:
    report = diagnosed(name)
    found = only(report, code)
    assert found.severity.value == "warning", (name, found.severity)
    assert words in found.message
    assert not any(f.severity.value == "error" for f in report.findings)
    assert report.post  # a warning resting on the paste's lines is still worth a reply


def test_the_310p_question_keeps_its_atlas_300i_build() -> None:
    found = only(
        diagnosed("vllmascend4602-zh-misc-title-310p-npu-support-question.md"),
        "backend.vllm_ascend_device_unsupported",
    )
    assert found.backend == "npu" and (found.remedy or "").startswith("docker pull ")
    assert "-310p" in (found.remedy or "") and "cu12" not in (found.advice or "")


@pytest.mark.parametrize(
    ("name", "code"),
    [
        # vllm-ascend#859: "i have found the 310p device is not supported": a failure stated
        ("vllmascend859-310p-device-not-supported-prose-vllm-ascend.md", VLLM_ASCEND),
        # vllm-ascend#1500: a bug after moving a 910B2 environment to a 310P, no question
        ("vllmascend1500-zh-title-910b2-to-310p-vllm-ascend-npuworker-traceback.md", VLLM_ASCEND),
        # ROCm#1310: lshw's Opal XT and rocminfo's CPU agents, no question
        (
            "rocm1310-opal-xt-r7-m265-lshw-rocm-3.9-rocminfo-cpu-only.md",
            "device.amd_gpu_without_kfd",
        ),
    ],
)
def test_a_failure_said_or_shown_stays_an_error(name: str, code: str) -> None:
    assert only(diagnosed(name), code).severity.value == "error"


# --- vLLM's GPU worker given the CPU ------------------------------------------------------


def test_vllms_gpu_worker_given_the_cpu_is_named() -> None:
    """intel/llm-on-ray#179: "the "RuntimeError: Not support device type: cpu" is from vllm
    cpu": vLLM's GPU worker refuses any device but CUDA; the finding names it, rests on the
    line, and the line is no longer listed unread."""
    report = diagnosed("llmonray179-vllm-cpu-runtimeerror-not-support-device-type-cpu.md")
    found = only(report, "backend.vllm_no_device")
    assert found.severity.value == "warning" and found.backend == "cpu"
    assert "Not support device type: cpu" in found.message
    assert "vllm/v1/worker/gpu_worker.py" in found.message
    assert "CPU build" in (found.advice or "") and "VLLM_USE_V1=0" in (found.advice or "")
    quotes = report.rests_on[report.findings.index(found)]
    assert any("Not support device type: cpu" in q.text for q in quotes)
    assert not any("Not support device type" in q.text for q in report.unread)
    assert report.post and "no problem" not in paste_render.counts(report)
