"""Causes on serving stacks and builds that earlier blind draws left unnamed (issue 38).

Each case is a real paste of the corpus (its source in `tests/data/reports/README.md`), read
as `hwdoctor detect --paste` reads it.
"""

from __future__ import annotations

import pytest

import hwdoctor
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT
from tests.test_stated_errors import diagnosed, explained

DATA = ROOT / "tests" / "data" / "reports"


# flash-attn's setup.py refusing CUDA_HOME's nvcc below its floor (Dao-AILab/flash-attention
# setup.py: "FlashAttention is only supported on CUDA 11.7 and above"), in the forms real
# pastes give it: a title beside torch's version in prose, pip's indented build output, a
# bilingual template with nvidia-smi's header, a Chinese title cut short, flash-attn 1.x's
# words quoted in a sentence.
@pytest.mark.parametrize(
    ("name", "floor", "torch"),
    [
        ("flashattn825-title-torch-2.2.0-cu118-only-supported-on-cuda-11.6.md", "11.6", "11.8"),
        ("flashattn1282-pip-egg-info-cuda-11.6-and-above-torch-2.5.0-cu118.md", "11.6", "11.8"),
        ("glm4-235-zh-nvidia-smi-flash-attn-cuda-11.6-and-above-torch-cu121.md", "11.6", "12.1"),
        ("piip1-zh-title-cut-flash-attn-cuda-11.6-torch-1.12.0-cuda-11.3.md", "11.6", ""),
        ("fastchat1070-a10-quoted-flash-attn-cuda-11-and-above.md", "11", ""),
        # FlashAttention-3's hopper/setup.py, which has its own floor
        ("flashattn1477-fa3-title-cuda-12.3-and-above-torch-2.5.0-cu124.md", "12.3", "12.4"),
    ],
)
def test_flash_attn_refusing_nvcc_below_its_floor_is_named(
    name: str, floor: str, torch: str
) -> None:
    """extension.nvcc_below_floor: the toolkit under CUDA_HOME is older than flash-attn's
    floor; where torch's CUDA is shown at or above it, the toolkit is named as apart from
    torch's and the remedy is torch's release of the toolkit, never a torch reinstall."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "extension.nvcc_below_floor"]
    assert f"older than CUDA {floor}" in found.message and found.backend == "cuda"
    remedy, advice = found.remedy or "", found.advice or ""
    if torch:
        assert f"is built with CUDA {torch}" in found.message
        assert f"CUDA toolkit {torch}, torch's" in advice
    assert "pip install" not in remedy and "/whl/" not in remedy + advice
    assert "extension.nvcc_major_mismatch" not in {f.code for f in report.findings}
    assert explained(report, "is only supported on CUDA")
    assert not report.unread, report.unread
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


# CUDA error 803, cudaErrorSystemDriverMismatch ("system has unsupported display driver / cuda
# driver combination"), as torch's warning, torch's RuntimeError in a sentence, Caffe's check
# and ggml's title print it.
@pytest.mark.parametrize(
    "name",
    [
        "easydiffusion379-torch-userwarning-error-803-display-driver-cuda-driver.md",
        "sd438-title-runtimeerror-error-803-display-driver-combination.md",
        "nvdocker1256-caffe-check-failed-803-vs-0-display-driver.md",
        "llamacpp17542-title-ggml-cuda-init-display-driver-combination.md",
    ],
)
def test_cuda_error_803_is_the_driver_and_libcuda_apart(name: str) -> None:
    """driver.library_mismatch (cuda_803): the kernel module and the libcuda loaded are of
    different releases; the remedy is the driver's (a reboot, one driver, the host's own
    libcuda), never a torch reinstall; every line that says it rests on the finding."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "driver.library_mismatch"]
    assert "CUDA error 803" in found.message and "different releases" in found.message
    assert "reboot" in (found.advice or "") and "pip install" not in (found.remedy or "")
    assert explained(report, "display driver")
    assert not report.unread, report.unread
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


# nvidia-smi reporting a CUDA above its own driver's: a forward-compatibility libcuda loaded
# (an image's cuda-compat) on a GPU NVIDIA's forward compatibility never covers, as TGI's
# `--env` in a Runpod container, a shell inside a pytorch image, and nvidia-smi's header line
# beside CUDA's own error 804 show it.
@pytest.mark.parametrize(
    ("name", "shown", "native", "said"),
    [
        (
            "tgi620-runpod-2x3090-tgi-env-smi-cuda-11.8-driver-515-importerror-cuda-not-available.md",
            "11.8",
            "11.7",
            'text-generation-inference: "CUDA is not available"',
        ),
        ("mambair37-container-smi-cuda-11.7-driver-470-geforce.md", "11.7", "11.4", ""),
        ("fasterwhisper653-804-smi-line-470-cuda-12.1-2080ti.md", "12.1", "11.4", "CUDA:"),
    ],
)
def test_forward_compat_libraries_on_a_geforce_are_named(
    name: str, shown: str, native: str, said: str
) -> None:
    """driver.forward_compat_unsupported (smi): the CUDA nvidia-smi reports above the driver's
    own is a forward-compatibility libcuda, never covered on a GeForce; the remedy is the
    driver of that CUDA's minimum or an image of the driver's own CUDA, never torch."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "driver.forward_compat_unsupported"]
    assert f"nvidia-smi reports CUDA {shown}" in found.message
    assert f"(CUDA {native})" in found.message and said in found.message
    assert f"made for CUDA {native} or older" in (found.advice or "")
    assert "pip install" not in (found.remedy or "")
    assert not report.unread, report.unread
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


@pytest.mark.parametrize(
    "name",
    [
        # the host's nvidia-smi: driver 535's own CUDA 12.2 beside a GeForce RTX 3090
        "forgedocker1-host-smi-535-cuda-12.2-rtx3090-torch-not-able-to-use-gpu.md",
        # TGI run on the CPU by choice: its "CUDA is not available" is expected there
        "tgi1368-cpu-docker-run-no-gpus-could-not-import-flash-cuda-not-available.md",
    ],
)
def test_no_forward_compat_finding_where_the_driver_reports_its_own_cuda(name: str) -> None:
    """Quiet where nvidia-smi's CUDA is its driver's own, or no nvidia-smi shows any: no
    driver finding; the paste's error line is listed as unread, never under "no problem"."""
    report = diagnosed(name)
    assert not [f for f in report.findings if f.code.startswith("driver.")], report.findings
    assert report.unread and "no problem" not in rendered.counts(report)


# text-generation-inference's "Unsupported model type X" (get_model), on Gaudi and on CUDA:
# a title with the docker run of tgi-gaudi, a maintainer's sentence, a title without the
# exception's name beside rich's traceback.
@pytest.mark.parametrize(
    ("name", "model_type", "backend"),
    [
        ("tgigaudi172-2.0.0-image-bold-valueerror-unsupported-model-type-t5.md", "t5", "hpu"),
        ("hfblog2752-review-tgi-gaudi-unsupported-model-type-gpt-refact.md", "gpt_refact", "hpu"),
        (
            "tgi3020-title-unsupported-model-type-xlm-roberta-rich-traceback.md",
            "xlm-roberta",
            "cuda",
        ),
    ],
)
def test_tgi_without_the_model_type_is_named(name: str, model_type: str, backend: str) -> None:
    """serving.tgi_model_type_unsupported: the model type, for the accelerator the paste shows
    (Gaudi's backend has no transformers fallback: its list and optimum-habana), never a
    CUDA index or a torch reinstall."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "serving.tgi_model_type_unsupported"]
    assert f'"Unsupported model type {model_type}"' in found.message
    assert found.backend == backend
    if backend == "hpu":
        assert "Gaudi" in found.message and "optimum-habana" in (found.advice or "")
    assert "/whl/" not in (found.remedy or "") and "pip install" not in (found.remedy or "")
    assert not report.unread, report.unread
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


def test_tgi_finding_no_cuda_is_never_no_problem() -> None:
    """TGI's own "Could not import Flash Attention enabled models: CUDA is not available" (a
    warning in its log, the failure the reporter asks about) with no driver shown: no finding
    can name why, so the line is listed as an unread error, never under "no problem"."""
    report = diagnosed("tgi1377-title-could-not-import-flash-cuda-not-available-tgi-1.3-2x3090.md")
    assert explained(report, "CUDA is not available")
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


def test_a_branch_s_early_driver_reporting_its_own_cuda_is_not_forward_compat() -> None:
    """nvidia-smi on a desktop (Frogging-Family/nvidia-all#212): the R550 beta 550.40.07 says
    CUDA 12.4, below Table 3's 550.54.14 for 12.4 but of its branch; it is the driver's own
    CUDA, no forward-compatibility library, and the paste has no problem in it."""
    report = hwdoctor.diagnose((DATA / "nvidia_smi" / "nvidiaall212-550-rtx4070.txt").read_bytes())
    assert report is not None
    assert not [f for f in report.findings if f.code.startswith("driver.")], report.findings
    assert "no problem" in rendered.counts(report)
