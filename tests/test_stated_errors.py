"""A paste that states an error never reads "no problem" (issue 38, item 5).

Each message here states an error in the words of the code that prints it, with or without
an exception's name before it; each case is a real paste of the corpus (its source in
`tests/data/reports/README.md`). Where no finding accounts for the line it is listed as
unread, counted in the headline, and the exit code is 1; a finding that does account for it
is named.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


def explained(report: PasteReport, words: str) -> bool:
    """Whether the line holding `words` is listed as unread, or a finding rests on it."""
    unread = any(words in q.text for q in report.unread)
    rests = any(words in q.text for quotes in report.rests_on for q in quotes)
    return unread or rests


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # torch's warning (c10/cuda/CUDAFunctions.cpp), no exception's name before it
        ("fastsurfer39-userwarning-found-no-nvidia-driver.md", "Found no NVIDIA driver"),
        # docker's "Error response from daemon: could not select device driver"
        ("tgi1312-docker-could-not-select-device-driver-gpu.md", "could not select device driver"),
        # bitsandbytes' warning (bitsandbytes/cextension.py)
        ("bnb719-windows-compiled-without-gpu-support-cpu-dll.md", "compiled without GPU support"),
    ],
)
def test_a_stated_error_is_named_or_listed_and_never_no_problem(name: str, words: str) -> None:
    report = diagnosed(name)
    assert explained(report, words), (report.findings, report.unread)
    assert "no problem" not in rendered.counts(report)
    if any(words in q.text for q in report.unread):
        assert report.exit_code == 1  # an error line no finding explains fails the run


@pytest.mark.parametrize(
    "line",
    [
        "AssertionError",
        "`AssertionError`",
        "> torch.cuda.OutOfMemoryError:",
        "`RuntimeError: CUDA error: forward compatibility was attempted on non supported HW`",
        "CUDA error: forward compatibility was attempted on non supported HW",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
        "FlashAttention only supports Ampere GPUs or newer.",
    ],
)
def test_error_forms_with_or_without_inline_code_are_error_lines(line: str) -> None:
    assert cleaning.error_like(cleaning.clean(line))


@pytest.mark.parametrize(
    "line",
    [
        "Observe KeyError:",  # an exception's name ending the reporter's sentence
        "I get RuntimeError when I run it",
        "### Error logs",
        "`Error`",
    ],
)
def test_an_exceptions_name_in_the_reporters_words_is_no_error_line(line: str) -> None:
    assert not cleaning.error_like(cleaning.clean(line))


@pytest.mark.parametrize(
    "name",
    [
        # the thread: a working NVIDIA driver is what torch needs
        "fastsurfer39-userwarning-found-no-nvidia-driver.md",
        # the thread: no GPU, the CPU does the work; a warning, never an error
        "ltp468-zh-userwarning-found-no-nvidia-driver-cpu-machine.md",
    ],
)
def test_torch_finding_no_nvidia_driver_is_its_own_warning(name: str) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "driver.not_found" and found.severity.value == "warning"
    assert "Found no NVIDIA driver" in found.message
    assert "CPU build of torch" in (found.advice or "")
    (quotes,) = report.rests_on
    assert any("Found no NVIDIA driver" in q.text for q in quotes)
    assert not report.unread  # the finding accounts for the line
    assert "no problem" not in rendered.counts(report)


def test_no_driver_beside_torchs_version_names_it() -> None:
    # FastSurfer#39's line after a version line, as a reporter would add it
    lines = (ERRORS / "fastsurfer39-userwarning-found-no-nvidia-driver.md").read_text("utf-8")
    report = pasted.diagnose(assemble.gathered(reports.read(("torch 1.7.0\n" + lines).encode())))
    (found,) = report.findings
    assert found.message.startswith("torch 1.7.0 found no NVIDIA driver")


@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        # torch's "Error 804: …" in a vLLM container's log (cudaErrorCompatNotSupportedOnDevice)
        (
            "vllm5283-docker-v0.4.3-error-804-forward-compatibility.md",
            "driver.forward_compat_unsupported",
            "Error 804",
        ),
        # docker's daemon with no device driver for the gpu capability
        (
            "tgi1312-docker-could-not-select-device-driver-gpu.md",
            "host.container_runtime_without_gpu",
            "could not select device driver",
        ),
        # flash-attention 2's own check on a Turing T1000
        (
            "fa1230-t1000-turing-flashattention-only-supports-ampere.md",
            "extension.arch_unsupported",
            "only supports Ampere",
        ),
        # bitsandbytes 0.3x on Windows, its CPU library loaded (bitsandbytes/cextension.py)
        (
            "bnb719-windows-compiled-without-gpu-support-cpu-dll.md",
            "extension.bitsandbytes_without_gpu",
            "compiled without GPU support",
        ),
        # vLLM's DeviceConfig with no platform found, in an issue's title
        (
            "vllm12847-title-failed-to-infer-device-type-v0.7.2.md",
            "backend.vllm_no_device",
            "Failed to infer device type",
        ),
        # vLLM's dtype check on a V100, in an issue's title
        (
            "vllm946-v100-bfloat16-needs-compute-capability-8.0.md",
            "device.bf16_unsupported",
            "Bfloat16 is only supported",
        ),
    ],
)
def test_a_message_that_states_its_cause_is_named(name: str, code: str, words: str) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == code and found.severity.value == "error"
    (quotes,) = report.rests_on
    assert any(words in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1


def test_a_message_read_as_a_fact_still_states_its_error() -> None:
    """bitsandbytes' "CUDA SETUP: Required library version not found" is read as a fact of
    its report (the binary it wanted), not by an error line's shape; it states an error, so
    a finding names it (the library it wanted, issue 38) and rests on its line, and the
    headline never says "no problem" (bitsandbytes-foundation/bitsandbytes#551, in
    tests/data/reports/bitsandbytes/)."""
    path = ROOT / "tests" / "data" / "reports" / "bitsandbytes"
    paste = reports.read((path / "bnb551-cuda122-library-not-found-cpu-fallback.txt").read_bytes())
    report = pasted.diagnose(assemble.gathered(paste))
    assert [f.code for f in report.findings] == ["extension.bitsandbytes_without_gpu"]
    assert "libbitsandbytes_cuda122.so" in report.findings[0].message
    (quotes,) = report.rests_on
    assert any("Required library version not found" in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1
    assert "no problem" not in rendered.counts(report)


# --- issue 38: "this GPU is too old / lacks the feature", in the neighbours' words ----------


@pytest.mark.parametrize(
    ("name", "code", "words", "gpu"),
    [
        # torch's GPUTooOldForTriton (torch/_inductor/exc.py), the GPU named in the message
        (
            "nanogpt157-gtx1080-cc6.1-triton-too-old.md",
            "extension.arch_unsupported",
            "triton GPU compiler",
            "NVIDIA GeForce GTX 1080 (compute capability 6.1)",
        ),
        (
            "nnunet2188-gtx1080ti-cc6.1-triton-too-old.md",
            "extension.arch_unsupported",
            "triton GPU compiler",
            "NVIDIA GeForce GTX 1080 Ti (compute capability 6.1)",
        ),
        (
            "chattts341-gtx1080ti-dynamo-warning-triton-too-old.md",
            "extension.arch_unsupported",
            "triton GPU compiler",
            "NVIDIA GeForce GTX 1080 Ti (compute capability 6.1)",
        ),
        # LLVM's NVPTX backend under Triton, the GPU in Unsloth's banner or in prose
        (
            "unsloth512-gtx1080-cc6.1-llvm-shfl-sync-banner.md",
            "extension.arch_unsupported",
            "shfl.sync",
            "NVIDIA GeForce GTX 1080 (compute capability 6.1)",
        ),
        (
            "llvm95646-gtx1070ti-unsloth-llvm-shfl-sync-aborted.md",
            "extension.arch_unsupported",
            "shfl.sync",
            "(compute capability 6.1)",
        ),
        # bitsandbytes' igemmlt without cuBLASLt, the GPU in nvidia-smi or in prose
        (
            "bnb97-2x-tesla-p40-int8-matmul-nvidia-smi.md",
            "extension.arch_unsupported",
            "Int8 Matmul",
            "Tesla P40 (compute capability 6.1)",
        ),
        (
            "bnb100-tesla-m40-int8-matmul-load-in-8bit.md",
            "extension.arch_unsupported",
            "Int8 Matmul",
            "Tesla M40 (compute capability 5.2)",
        ),
        # vLLM's setup.py: of an A100 and a P100, the P100 is the one it refuses
        (
            "vllm463-a100-and-p100-capability-less-than-7.0-nvidia-smi.md",
            "extension.arch_unsupported",
            "less than 7.0",
            "Tesla P100-PCIE-16GB (compute capability 6.0)",
        ),
        (
            "vllm1431-tesla-p4-title-capability-below-7.0.md",
            "extension.arch_unsupported",
            "below 7.0",
            "Tesla P4 (compute capability 6.1)",
        ),
        # text-generation-inference's flash-attention models, the capability in its words
        (
            "tgi533-tesla-v100-capability-7-0-not-supported-nvidia-smi.md",
            "extension.arch_unsupported",
            "capability 7 0",
            "Tesla V100-SXM2... (compute capability 7.0)",
        ),
        (
            "starcoder79-2x-tesla-v100-pcie-capability-7-0-docker.md",
            "extension.arch_unsupported",
            "capability 7 0",
            "Tesla V100-PCIE... (compute capability 7.0)",
        ),
        # transformers' TrainingArguments, both wordings
        (
            "fastchat1191-tesla-v100-dgxs-setup-doesnt-support-bf16.md",
            "device.bf16_unsupported",
            "support bf16/gpu",
            "Tesla V100 (compute capability 7.0)",
        ),
        (
            "lmflow88-2080ti-setup-doesnt-support-bf16.md",
            "device.bf16_unsupported",
            "support bf16/gpu",
            "RTX 2080 Ti (compute capability 7.5)",
        ),
        (
            "glmedge20-zh-ampere-plus-setup-doesnt-support-bf16.md",
            "device.bf16_unsupported",
            "Ampere+ GPU",
            "this GPU",
        ),
    ],
)
def test_a_library_refusing_the_gpu_names_it(name: str, code: str, words: str, gpu: str) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == code]
    assert found.severity.value == "error" and gpu in found.message, found.message
    quotes = report.rests_on[report.findings.index(found)]
    assert any(words in q.text for q in quotes)
    assert not any(words in q.text for q in report.unread)
    assert report.exit_code == 1
    assert "reinstall" not in (found.advice or "") + (found.remedy or "")


def test_triton_too_old_is_answered_with_torch_compile_off() -> None:
    (found,) = diagnosed("nanogpt157-gtx1080-cc6.1-triton-too-old.md").findings
    assert found.remedy and "export TORCHDYNAMO_DISABLE=1" in found.remedy.splitlines()
    assert found.params["gpu"].startswith("the NVIDIA GeForce GTX 1080")


def test_bitsandbytes_int8_error_on_a_gpu_that_has_int8_is_not_called_too_old() -> None:
    """bitsandbytes#187: the same words on an A100 (its row cut, so no GPU is known): the
    cause is not the GPU's age, so no arch finding; the line is unread and counted."""
    report = diagnosed("bnb187-a100-int8-matmul-0.37.0-nvidia-smi.md")
    assert not [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert any("Int8 Matmul" in q.text for q in report.unread)
    assert report.exit_code == 1 and "no problem" not in rendered.counts(report)


def test_an_int8_or_shuffle_error_beside_a_new_gpu_is_no_arch_finding() -> None:
    """The paste's GPU decides: bitsandbytes#97's P40 table with an RTX 4090 instead (8.9)
    gives no arch finding for the int8 error; the line stays an unread error."""
    text = (ERRORS / "bnb97-2x-tesla-p40-int8-matmul-nvidia-smi.md").read_text("utf-8")
    text = text.replace("Tesla P40          ", "NVIDIA GeForce RTX 4090")
    report = pasted.diagnose(assemble.gathered(reports.read(text.encode())))
    assert any("RTX 4090" in read.value for read in report.facts)  # the GPU was read
    assert not [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert any("Int8 Matmul" in q.text for q in report.unread)


@pytest.mark.parametrize(
    ("name", "variant_words", "advice_words"),
    [
        # torch before 2.3 (EmptyTensor.cpp), an Apple M1 in prose
        (
            "qwen587-zh-macbook-pro-m1-bfloat16-not-supported-on-mps.md",
            "BFloat16 is not supported on MPS",
            "torch 2.3 or newer",
        ),
        # an Intel Mac with a Radeon: its torch stops at 2.2
        (
            "pinokio927-intel-mac-radeon-pro-5300m-bfloat16-not-supported-on-mps.md",
            "BFloat16 is not supported on MPS",
            "Intel Mac",
        ),
        # torch 2.3+ below macOS 14
        (
            "torchchat616-mps-bfloat16-only-macos-14-traceback.md",
            "only supported on MacOS 14",
            "update macOS to 14",
        ),
    ],
)
def test_bfloat16_on_mps_is_an_mps_finding_with_a_macos_remedy(
    name: str, variant_words: str, advice_words: str
) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "mps.bf16_unsupported" and found.backend == "mps"
    assert variant_words in found.message and advice_words in (found.advice or "")
    assert "float16" in (found.advice or "")
    assert not found.remedy  # no install line: nothing of CUDA's or ROCm's on a Mac
    assert report.exit_code == 1 and not report.unread


@pytest.mark.parametrize(
    ("path", "gpu"),
    [
        # 2024's banner: "GPU: NVIDIA GeForce GTX 1080. Max memory: …" (unsloth#512)
        ("errors/unsloth512-gtx1080-cc6.1-llvm-shfl-sync-banner.md", "NVIDIA GeForce GTX 1080"),
        # 2025's: the name alone after "/|", then "Num GPUs = 1."
        (
            "issue_body/starmindmerge-unsloth2025.9.1-gtx1050ti-banner-num-gpus.md",
            "NVIDIA GeForce GTX 1050 Ti",
        ),
    ],
)
def test_unsloths_banner_names_the_gpu(path: str, gpu: str) -> None:
    paste = reports.read((ERRORS.parent / path).read_bytes())
    assert [f.value for f in paste.facts if f.key.value == "gpu"] == [gpu]


def test_mps_bfloat16_refused_under_rosetta_is_the_translated_pythons() -> None:
    """pytorch/pytorch#146236: an x86_64 Python under Rosetta on an M2 Pro with macOS 15.3 is
    told "MPS BFloat16 is only supported on MacOS 14 or newer" (it sees macOS 10.16): no
    advice to update macOS; the line rests on python.translated, not unread."""
    path = (
        ERRORS.parent
        / "issue_body"
        / "pt146236-rosetta-collect-env-macos15.3-x86_64-apple-m2-pro.md"
    )
    report = pasted.diagnose(assemble.gathered(reports.read(path.read_bytes())))
    assert [f.code for f in report.findings] == ["python.translated"]
    (quotes,) = report.rests_on
    assert any("MacOS 14 or newer" in q.text for q in quotes) and not report.unread


def test_every_finding_code_fits_the_shipped_schemas_pattern() -> None:
    """The JSON schema's pattern for a finding's code admits every code of the catalogue
    (device.bf16_unsupported and mps.bf16_unsupported carry digits)."""
    import json
    import re

    from hwdoctor.diagnosis.catalogue import Code
    from tests.conftest import ROOT as root

    schema = json.loads((root / "hwdoctor" / "schema" / "hwdoctor.schema.json").read_text())
    found: list[str] = []

    def patterns(node: object) -> None:
        if isinstance(node, dict):
            code = node.get("properties", {}).get("code") if "properties" in node else None
            if isinstance(code, dict) and "pattern" in code:
                found.append(code["pattern"])
            for value in node.values():
                patterns(value)
        elif isinstance(node, list):
            for value in node:
                patterns(value)

    patterns(schema)
    assert found
    for pattern in found:
        assert all(re.fullmatch(pattern, code.value) for code in Code), pattern
