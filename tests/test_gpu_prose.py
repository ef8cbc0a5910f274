"""GPUs named in the reporter's words against what a dtype needs (issue 38, s18-gpuprose).

bfloat16 needs compute capability 8.0 (torch.cuda.is_bf16_supported at v2.1.0; torch's
autocast refuses it below, torch/amp/autocast_mode.py at v2.1.0). Each case is a real paste
of the corpus, its source in `tests/data/reports/README.md`.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


@pytest.mark.parametrize(
    ("name", "words", "gpu", "said"),
    [
        # (LLaMA-Factory#462, the same words in a question, is answered as a warning since
        # s19-quiet: tests/test_quiet_questions.py)
        # a title, the GPU in lower case
        (
            "stablecascade91-v100-cannot-calculate-bf16.md",
            "v100 cannot calculate bf16",
            "v100 (compute capability 7.0)",
            "the paste says",
        ),
        # a reply under a Colab question whose error is in screenshots
        (
            "kohyatrainer169-colab-training-config-bf16-t4-has-none.md",
            "T4 doesn't have BF16",
            "T4 (compute capability 7.5)",
            "the paste says",
        ),
        # torch's autocast refusal, the GPU named in the comments or in the words
        (
            "nanogpt277-autocast-current-cuda-device-no-bfloat16-v100.md",
            "Current CUDA Device does not support bfloat16",
            "V100 (compute capability 7.0)",
            "torch's autocast",
        ),
        (
            "onetrainer186-rtx2080ti-autocast-current-cuda-device-no-bfloat16.md",
            "Current CUDA Device does not support bfloat16",
            "RTX2080ti (compute capability 7.5)",
            "torch's autocast",
        ),
        (
            "metavoice27-colab-t4-autocast-no-bfloat16-dist-packages-python3.10.md",
            "Current CUDA Device does not support bfloat16",
            "T4 (compute capability 7.5)",
            "torch's autocast",
        ),
    ],
)
def test_bf16_on_a_gpu_named_without_it(name: str, words: str, gpu: str, said: str) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "device.bf16_unsupported"]
    assert found.severity.value == "error" and found.backend == "cuda"
    assert gpu in found.message and found.message.startswith(said), found.message
    assert "float16" in (found.advice or "") and "loss scaling" in (found.advice or "")
    quotes = report.rests_on[report.findings.index(found)]
    assert any(words in q.text for q in quotes)
    assert not any(words in q.text for q in report.unread)
    assert report.exit_code == 1


def test_a_librarys_own_words_that_the_device_has_no_bf16_are_not_the_reporters() -> None:
    """lmdeploy's "Device does not support bf16." under a title naming a V100: lmdeploy goes
    on in float16, and the paste's error is CUDA's out of memory; no bf16 finding."""
    report = diagnosed("internvl260-zh-v100-lmdeploy-device-no-bf16-then-oom.md")
    assert "device.bf16_unsupported" not in {f.code for f in report.findings}
    assert any("out of memory" in q.text for q in report.unread)


def test_a_question_whether_flash_attn_runs_on_a_gpu_below_its_floor_is_answered() -> None:
    """FlashAttention 2 runs on Ampere, Ada and Hopper (Dao-AILab/flash-attention@014c349e
    README.md); a question naming a V100 is answered with the floor and sdpa."""
    report = diagnosed("llamafactory2099-zh-flashattention2-v100-support-question.md")
    (found,) = report.findings
    assert found.code == "extension.arch_unsupported" and found.backend == "cuda"
    assert "V100 (compute capability 7.0)" in found.message and "8.0" in found.message
    assert 'attn_implementation="sdpa"' in (found.advice or "")
    (quotes,) = report.rests_on
    assert any("是不支持V100" in q.text for q in quotes)
