"""A GPU named in a paste against a feature that needs a newer one (issue 38, s20-gpuprose).

The GPU comes from a tool's line, the reporter's words or a cloud instance type; the feature
rules are the libraries' own: text-embeddings-inference's images by compute capability
(backends/candle/src/compute_cap.rs, its README's Docker Images), FlashAttention 2's floor
(8.0, its README), CTranslate2's int8 (src/cuda/utils.cc gpu_supports_int8). Each case is a
real paste of the corpus, its source in `tests/data/reports/README.md`.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, reading
from hwdoctor.model.pasted import FactKey
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


@pytest.mark.parametrize(
    ("name", "severity", "gpu", "said", "advice"),
    [
        # TEI's default image (8.0) on a Turing GPU the reporter names: the turing- image
        (
            "ragflow12090-wsl2-rtx2060-tei-gpu-runtime-compute-cap-75-compiled-80.md",
            "error",
            "RTX 2060 (compute capability 7.5)",
            "Runtime compute cap 75 is not compatible",
            "text-embeddings-inference:turing-latest",
        ),
        # TEI's 1.2 image on a V100 (nvidia-smi): no CUDA image runs there, its CPU image at 1.2
        (
            "tei268-v100-tei-1.2-image-runtime-compute-cap-70-compiled-80.md",
            "error",
            "Tesla V100-PCIE-16GB (compute capability 7.0)",
            "Runtime compute cap 70 is not compatible",
            "text-embeddings-inference:cpu-1.2",
        ),
        # TEI's 1.8 image (8.0) on a Blackwell 12.0 GPU: the 120- image, listed from 1.9, and
        # the capability said plainly where the GPU's name is not in the tables (s20-mendA)
        (
            "tei806-rtx-pro-6000-blackwell-tei-1.8-runtime-compute-cap-120-compiled-80.md",
            "error",
            "the GPU is of compute capability 12.0",
            "Could not start backend: Runtime compute ca",  # the quote is clipped there
            "text-embeddings-inference:120-1.9",
        ),
        # CTranslate2's int8 on a Maxwell GPU: float32 is what it runs there
        (
            "whisperx698-gtx970-ctranslate2-int8-compute-type-refused.md",
            "error",
            "GTX 970 (Maxwell, compute capability 5.2)",
            "Requested int8 compute type",
            'compute_type="float32"',
        ),
        # transformers asked for FlashAttention 2 on a V100 the reporter names in Chinese
        (
            "easyr1-430-zh-v100-flashattention2-toggled-on-not-installed.md",
            "error",
            "V100 (compute capability 7.0)",
            "FlashAttention2 has been toggled on",
            'attn_implementation="sdpa"',
        ),
        # flash-attn's install on a Colab T4 said not to work, asked whether it is the
        # hardware, no error line: the answer as a warning
        (
            "deepseekocr2-41-colab-t4-flash-attn-2.7.3-install-hardware-question.md",
            "warning",
            "T4 (compute capability 7.5)",
            "flash-attn==2.7.3",
            'attn_implementation="sdpa"',
        ),
    ],
)
def test_a_gpu_named_against_a_feature_it_cannot_run(
    name: str, severity: str, gpu: str, said: str, advice: str
) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert found.severity.value == severity and found.backend == "cuda"
    assert gpu in found.message, found.message
    assert advice in (found.advice or ""), found.advice
    quotes = report.rests_on[report.findings.index(found)]
    assert any(said in q.text for q in quotes), quotes
    assert not any(said in q.text for q in report.unread)
    assert report.exit_code == (1 if severity == "error" else 0)


def test_tei_names_the_router_line_with_its_cause() -> None:
    """TEI's router says "Error: Could not create backend" over its cause: one error, named."""
    report = diagnosed("tei268-v100-tei-1.2-image-runtime-compute-cap-70-compiled-80.md")
    assert not report.unread
    (quotes,) = report.rests_on
    assert any(q.text == "Error: Could not create backend" for q in quotes)


def test_an_instance_type_in_words_is_read_as_its_gpu_and_alone_is_no_report() -> None:
    """SageMaker's g4dn.xlarge is a T4 and a g5 an A10G (AWS's instance-type pages); words that
    name an instance and no error line give no report (exit 2, as before), never "no
    problem" over processes that die."""
    lines = (ERRORS / "tei429-sagemaker-g4dn-xlarge-processes-die-g5-fine.md").read_text()
    said = reading.read_lines(lines.splitlines())
    cloud = {(f.value, f.name) for f in said.facts if f.key is FactKey.PROSE_CLOUD_GPU}
    assert ("T4", "g4dn.xlarge") in cloud and ("A10G", "g5 instance") in cloud
    with pytest.raises(UsageError):
        reports.read(lines.encode())


def test_a_failed_flash_attn_build_on_an_ampere_gpu_is_not_the_gpu() -> None:
    """pip's failed build of flash-attn beside an A40 (8.6): the GPU is above FlashAttention
    2's floor, so its build failure is not named as the GPU's."""
    report = diagnosed("flashattn1503-a40-flash-attn-build-failed-urlretrieve.md")
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}
    assert report.unread


def test_gpus_named_in_lower_case_are_read_and_a_run_that_worked_is_quiet() -> None:
    """The GPUs "tesla m40/ tesla p40/ nvidia 1080ti" in lower case, and int8 that "worked as
    intended": the GPUs are read (the Tesla ones were lost before), and no finding is made of
    fp16 "issues" the paste shows no error of."""
    name = "whisperwebui40-tesla-m40-p40-1080ti-fp16-issues-int8-worked.md"
    said = reading.read_lines((ERRORS / name).read_text().splitlines())
    named = {f.value for f in said.facts if f.key is FactKey.PROSE_GPU}
    assert {"Tesla M40", "Tesla P40", "GeForce GTX 1080 Ti"} <= named
    report = diagnosed(name)
    assert not report.findings and report.exit_code == 0


@pytest.mark.parametrize(
    "name",
    [
        "qlora71-v100-32g-load-in-4bit-and-fp16-question.md",
        "firefly19-zh-v100-qlora-int4-training-question.md",
    ],
)
def test_a_question_about_4bit_on_a_gpu_that_runs_it_is_answered_with_a_note(name: str) -> None:
    """bitsandbytes' installation page (v0.50.0; v0.46.0 before 0.48): NF4/FP4 quantization
    from compute capability 6.0 (5.0). A question whether a V100 (7.0) runs it, in English or
    Chinese, gets the answer as a note, never an error."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "backend.library_support_listed" and found.severity.value == "info"
    assert "V100 (compute capability 7.0)" in found.message and "6.0" in found.message
    assert report.exit_code == 0


def test_another_librarys_int4_is_not_bitsandbytes_4bit() -> None:
    """ "v100 support int4 (gptq or awq)" asks about vLLM's kernels: no bitsandbytes answer."""
    report = diagnosed("vllm3141-title-v100-int4-gptq-awq-question.md")
    assert "backend.library_support_listed" not in {f.code for f in report.findings}


def test_a_failed_flash_attn_build_that_then_works_on_a_t4_is_not_the_gpu() -> None:
    """Pip's failed build of flash-attn in the title, then "it works" with FlashAttention 1.0.5
    "because I use T4 GPU" (1.x runs on Turing) and with a prebuilt wheel: the reporter says
    it ran, so the T4 below FlashAttention 2's floor is no error finding."""
    report = diagnosed("flashattn224-t4-flash-attn-1.0.5-build-then-it-works.md")
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}


JANUS89: Final = "janus89-colab-tpu-v2-flash-attn-install-error-worked-on-t4.md"
FA224: Final = "flashattn224-t4-flash-attn-1.0.5-build-then-it-works.md"


def test_a_failed_flash_attn_install_on_a_tpu_is_the_tpu_not_the_t4_it_worked_on() -> None:
    """deepseek-ai/Janus#89: `pip install flash-attn` failed on a Colab TPU, and a comment says
    the same install "works successfully on a T4 GPU". flash-attn's documentation lists no TPU:
    that is the error (exit 1), and nothing is said of the T4, where it worked (s20-mendA)."""
    report = diagnosed(JANUS89)
    codes = {f.code for f in report.findings}
    assert "backend.library_unsupported_machine" in codes and report.exit_code == 1
    assert "extension.arch_unsupported" not in codes


def test_a_gpu_named_where_the_work_ran_is_not_taken() -> None:
    """The words "works successfully on a T4 GPU" name the T4 as where it worked (Janus#89); "I
    use ver.1.0.5 because I use T4 GPU" (flash-attention#224) name the T4 as the reporter's GPU."""
    for name, worked in ((JANUS89, True), (FA224, False)):
        said = reading.read_lines((ERRORS / name).read_text().splitlines())
        (t4,) = [f for f in said.facts if f.key is FactKey.PROSE_GPU]
        assert pasted._worked_on(t4) is worked, name


def test_a_gpu_in_words_beside_another_accelerator_is_not_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Were the T4 of Janus#89 taken, the TPU the paste shows still makes the GPU floors
    silent: the paste is about the TPU, and no tool shows an NVIDIA GPU there."""
    monkeypatch.setattr(pasted, "_not_worked_on", lambda named: named)
    report = diagnosed(JANUS89)
    assert "backend.library_unsupported_machine" in {f.code for f in report.findings}
