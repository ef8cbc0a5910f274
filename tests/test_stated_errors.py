"""A paste that states an error never reads "no problem" (issue 38, item 5).

Each message here states an error in the words of the code that prints it, with or without
an exception's name before it; each case is a real paste of the corpus (its source in
`tests/data/reports/README.md`). Where no finding accounts for the line it is listed as
unread, counted in the headline, and the exit code is 1; a finding that does account for it
is named.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

import pytest

from hwdoctor.compat import transformers_modules
from hwdoctor.diagnosis import pasted
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.pasted import FactKey
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT, run_hwdoctor

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
        # Python's AttributeError for a module (Objects/moduleobject.c), a title without its
        # exception's name (torch.nn.RMSNorm is torch 2.4's)
        ("msswift1870-title-module-torch-nn-no-attribute-rmsnorm.md", "has no attribute 'RMSNorm'"),
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
        # an Intel Mac with a Radeon: its torch stops at 2.2 (an Apple M1 in prose with torch's
        # release not shown is a warning since s20-zero: test_mps_bfloat16_without_torchs_…)
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


# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports.
@pytest.mark.parametrize(
    ("name", "code", "words", "said"),
    [
        # torch's MPS allocator past its high watermark (aten/src/ATen/mps/MPSAllocator.mm),
        # in an issue's title and again whole in its question
        (
            "comfyui7372-mps-oom-sd35-17.68gb-of-18.13gb.md",
            "mps.out_of_memory",
            "MPS backend out of memory",
            "1024.00 MB asked with 17.68 GB allocated (other allocations 3.95 MB) of 18.13 GB",
        ),
        # the same with RuntimeError before it and Fooocus' next line
        (
            "fooocus1139-m2-mps-oom-8.89gb-of-9.07gb.md",
            "mps.out_of_memory",
            "MPS backend out of memory",
            "6.25 MB asked with 8.89 GB allocated",
        ),
        # GiB, as torch 2.x's format_size writes them
        (
            "comfyui8984-mps-oom-tried-5.81gib-of-18.13gib.md",
            "mps.out_of_memory",
            "MPS backend out of memory",
            "5.81 GiB asked with 15.72 GiB allocated",
        ),
        # a size in bytes, on the shared pool, with the Mac named in prose
        (
            "pinokio941-m1-16gb-sonoma-mps-oom-256-bytes-shared-pool.md",
            "mps.out_of_memory",
            "MPS backend out of memory",
            "256 bytes asked with 16.00 GB allocated",
        ),
        # the allocator's check of one buffer against Metal's largest
        (
            "diffusers5894-m1pro-16gb-animatediff-invalid-buffer-size-11.25gb.md",
            "mps.buffer_too_large",
            "Invalid buffer size",
            "one buffer of 11.25 GB",
        ),
        (
            "boltz14-m1-matmul-invalid-buffer-size-9.02gb.md",
            "mps.buffer_too_large",
            "Invalid buffer size",
            "one buffer of 9.02 GB",
        ),
        (
            "pt141909-torch2.6.0-bmm-invalid-buffer-size-19.45gb.md",
            "mps.buffer_too_large",
            "Invalid buffer size",
            "one buffer of 19.45 GB",
        ),
        # glibc 2.41's loader refusing a library that asks for an executable stack
        (
            "condaforge-pytorchcpu350-libtorch-cpu-execstack-glibc2.41.md",
            "host.library_needs_executable_stack",
            "cannot enable executable stack",
            "would not load libtorch_cpu.so",
        ),
        (
            "easydiffusion1921-rocm5.2-libamdhip64-execstack.md",
            "host.library_needs_executable_stack",
            "cannot enable executable stack",
            "would not load libamdhip64.so",
        ),
        (
            "onnxruntime24911-openvino-pybind-execstack-full-path.md",
            "host.library_needs_executable_stack",
            "ImportError: /home/cyril/",  # the quote is clipped before glibc's words
            "would not load onnxruntime_pybind11_state.cpython-313-x86_64-linux-gnu.so",
        ),
        # torch's CPU build asked for an xpu tensor (torch/xpu/__init__.py _lazy_init)
        (
            "xputriton2014-torch-not-compiled-with-xpu-lazy-init.md",
            "torch.not_built_for_xpu",
            "Torch not compiled with XPU enabled",
            "torch here has no XPU",
        ),
        (
            "sdnext3547-windows-arc-a770-torch-not-compiled-with-xpu.md",
            "torch.not_built_for_xpu",
            "Torch not compiled with XPU enabled",
            "torch here has no XPU",
        ),
        # torch 1.11 with IPEX 1.11, a CPU-only release, asked for xpu (c10's device guard)
        (
            "ipex244-ipex1.11-pytorch-not-linked-with-xpu-adl-gt1.md",
            "torch.not_built_for_xpu",
            "PyTorch is not linked with support for xpu devices",
            "(PyTorch is not linked with support for xpu devices)",
        ),
        # an Iris Xe the XPU support lists leave out, the runtime finding no device
        (
            "ipex712-iris-xe-i5-1135g7-wsl2-no-xpu-devices-found.md",
            "xpu.igpu_not_supported",
            "No XPU devices found",
            "names, Iris Xe Graphics, is an integrated GPU",
        ),
        # Gaudi's acquire failure with the host's release and the container's apart
        (
            "optimumhabana288-synapseai1.4.0-host-gaudi-docker-1.10.0-device-acquire-failed.md",
            "hpu.driver_container_apart",
            "Device acquire failed",
            "the host runs release 1.4.0 and the container image is release 1.10.0",
        ),
        # the same release on both (hl-smi's header lines, the image): the failure named
        (
            "optimumhabana1611-driver1.18.0-gaudi-docker-1.18.0-synstatus26.md",
            "hpu.device_acquire_failed",
            "Device acquire failed",
            "(synStatus=26 [Generic failure])",
        ),
        (
            "tgigaudi93-synstatus20-device-already-acquired.md",
            "hpu.device_acquire_failed",
            "Device acquire failed",
            "another process holds the device",
        ),
        # Gaudi's PyTorch bridge imported where Gaudi's software is not installed
        (
            "lightningtransformers282-pip-ubuntu-no-module-habana-frameworks-torch.md",
            "hpu.bridge_missing",
            "No module named 'habana_frameworks.torch'",
            "habana_frameworks.torch cannot be imported",
        ),
        (
            "transformers39256-cpu-neural-compressor-no-module-habana-frameworks-torch.md",
            "hpu.bridge_missing",
            "No module named 'habana_frameworks.torch'",
            "only Intel Gaudi's software provides it",
        ),
        # the Neuron runtime's start without a usable driver (NRT:nrt_init)
        (
            "neuronsdk415-eks-nrt-init-unable-to-read-driver-version.md",
            "neuron.driver_unusable",
            "NRT:nrt_init",  # the quote is clipped at the end of NRT's words
            "found no usable Neuron driver",
        ),
        # issue 38: Neuron runtime against driver, its own finding
        (
            "neuronsdk655-inf1-runtime-compat-6-dkms-supports-2-4.md",
            "neuron.runtime_driver_mismatch",
            "is not compatible with the installed aws-neuron-dkms",
            "the installed Neuron driver is too old for this Neuron runtime",
        ),
    ],
)
def test_an_accelerators_stated_error_is_named_with_its_words(
    name: str, code: str, words: str, said: str
) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == code and found.severity.value == "error"
    assert said in found.message
    (quotes,) = report.rests_on
    assert any(words in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1


def test_an_mps_memory_finding_offers_no_cuda_remedy() -> None:
    """torch's MPS words are answered for MPS: its watermark variable as torch documents it,
    never CUDA's allocator settings or a CUDA build."""
    for name in (
        "comfyui7372-mps-oom-sd35-17.68gb-of-18.13gb.md",
        "boltz14-m1-matmul-invalid-buffer-size-9.02gb.md",
    ):
        (found,) = diagnosed(name).findings
        assert found.backend == "mps"
        said = " ".join((found.message, found.remedy or "", found.advice or ""))
        assert "CUDA" not in said and "cuda" not in said
    (oom,) = diagnosed("fooocus1139-m2-mps-oom-8.89gb-of-9.07gb.md").findings
    assert "PYTORCH_MPS_HIGH_WATERMARK_RATIO" in (oom.advice or "")


def test_the_execstack_remedy_clears_the_flag_of_the_file_the_line_names() -> None:
    """A full path is the file to clear; a bare name is looked for in the environment."""
    (whole,) = diagnosed("onnxruntime24911-openvino-pybind-execstack-full-path.md").findings
    assert (whole.remedy or "").splitlines()[-1] == (
        "patchelf --clear-execstack /home/cyril/.local/share/siril/venv/lib/python3.13/"
        "site-packages/onnxruntime/capi/onnxruntime_pybind11_state.cpython-313-x86_64-linux-gnu.so"
    )
    (bare,) = diagnosed("condaforge-pytorchcpu350-libtorch-cpu-execstack-glibc2.41.md").findings
    assert "find / -xdev -name libtorch_cpu.so" in (bare.remedy or "").splitlines()


def test_an_execstack_line_without_a_library_still_states_its_error() -> None:
    line = b"ImportError: cannot enable executable stack as shared object requires: Invalid arg"
    report = pasted.diagnose(assemble.gathered(reports.read(line)))
    (found,) = report.findings
    assert found.code == "host.library_needs_executable_stack" and not found.remedy
    assert found.message.startswith("glibc would not load a library")


def test_torch_without_xpu_is_answered_with_the_xpu_build_never_a_cuda_one() -> None:
    for name in (
        "xputriton2014-torch-not-compiled-with-xpu-lazy-init.md",
        "ipex244-ipex1.11-pytorch-not-linked-with-xpu-adl-gt1.md",
    ):
        (found,) = diagnosed(name).findings
        first = (found.remedy or "").splitlines()[0]
        assert first.endswith("--index-url https://download.pytorch.org/whl/xpu"), first
        assert "/whl/cu" not in (found.remedy or "") and "+cu" not in (found.remedy or "")


def test_an_intel_igpu_without_a_device_is_named_and_an_arc_beside_one_is_not() -> None:
    """IPEX 1.13's "Number of dpcpp devices should be greater than zero!" on a Tiger Lake
    iGPU is the iGPU (the thread: "iGPU is not on our support list"); torch's "XPU device
    count is zero!" on a machine with an Arc A770 and a UHD 770 is not: the A770 is on the
    lists, so the line stays unread for another cause (intel/intel-extension-for-pytorch#702:
    an installation fault)."""
    tiger = diagnosed("ipex292-tigerlake-lp-gt2-dpcpp-devices-greater-than-zero.md")
    (found,) = tiger.findings
    assert found.code == "xpu.igpu_not_supported" and "TigerLake-LP GT2" in found.message
    assert [q.line for q in tiger.unread] == [5]  # torchvision's image warning, not this
    arc = diagnosed("ipex702-arc-a770-beside-uhd770-xpu-device-count-zero.md")
    assert not [f for f in arc.findings if f.code == "xpu.igpu_not_supported"]
    assert any("XPU device count is zero" in q.text for q in arc.unread)
    assert arc.exit_code == 1


HL_SMI: Final = ROOT / "tests" / "data" / "reports" / "hl_smi"
_ACQUIRE: Final = "RuntimeError: synStatus=26 [Generic failure] Device acquire failed."


@pytest.mark.parametrize("name", sorted(p.name for p in HL_SMI.glob("*.txt")))
def test_gaudi_acquire_failure_below_a_real_hl_smi_table_is_named(name: str) -> None:
    """optimum-habana#1611's line after each recorded hl-smi table: the failure is named;
    with a container image of another release than hl-smi's driver, the release gap is."""
    table = (HL_SMI / name).read_text("utf-8")
    report = pasted.diagnose(assemble.gathered(reports.read(f"{table}\n{_ACQUIRE}\n".encode())))
    (found,) = report.findings
    assert found.code == "hpu.device_acquire_failed" and not report.unread
    if "gaudi-docker/" in table:  # rm-runner's own 1.4.1 image on its 1.4.0 driver: one release
        return
    image = "docker run --runtime=habana vault.habana.ai/gaudi-docker/1.99.0/ubuntu22.04/x"
    text = f"{table}\n{image}\n{_ACQUIRE}\n".encode()
    (apart,) = pasted.diagnose(assemble.gathered(reports.read(text))).findings
    assert apart.code == "hpu.driver_container_apart"
    assert "the container image is release 1.99.0" in apart.message


def test_neuron_runtime_without_a_driver_is_named_and_the_traceback_after_it_stays_listed() -> None:
    """guidance-for-machine-learning-inference-on-aws#2: NRT's own line names the cause; the
    TorchScript RuntimeError after it says nothing of its own and stays listed as unread."""
    report = diagnosed("mlinferenceguidance2-nrt-init-unable-to-determine-neuron-driver.md")
    (found,) = report.findings
    assert found.code == "neuron.driver_unusable" and found.backend == "neuron"
    assert "aws-neuronx-dkms" in (found.advice or "")
    assert [q.line for q in report.unread] == [12]


NEURON_LS: Final = ROOT / "tests" / "data" / "reports" / "neuron_ls"
_NRT: Final = (
    "2022-Mar-29 07:07:29.0082    11:11    ERROR   NRT:nrt_init                                "
    "Unable to determine Neuron Driver version. Please check aws-neuron-dkms package is "
    "installed."
)


@pytest.mark.parametrize(
    "name", sorted(p.name for p in NEURON_LS.glob("*") if p.name != "README.md")
)
def test_the_neuron_runtimes_driver_line_below_a_real_neuron_ls_is_named(name: str) -> None:
    """guidance-for-machine-learning-inference-on-aws#2's NRT line after each recorded
    neuron-ls: the driver finding rests on it, for Neuron, never a CUDA remedy."""
    listing = (NEURON_LS / name).read_text("utf-8")
    report = pasted.diagnose(assemble.gathered(reports.read(f"{listing}\n{_NRT}\n".encode())))
    named = [f for f in report.findings if f.code == "neuron.driver_unusable"]
    assert named and named[0].backend == "neuron"
    assert any("NRT:nrt_init" in q.text for qs in report.rests_on for q in qs)
    assert not any("/whl/cu" in (f.remedy or "") for f in report.findings)


def test_detect_paste_names_them_from_the_command_line() -> None:
    """The CLI, run for real on two of the recordings: the finding's code in the JSON, exit
    code 1 (an error finding), and no CUDA install line on a paste of another accelerator."""
    for name, code in (
        ("comfyui8984-mps-oom-tried-5.81gib-of-18.13gib.md", "mps.out_of_memory"),
        (
            "optimumhabana288-synapseai1.4.0-host-gaudi-docker-1.10.0-device-acquire-failed.md",
            "hpu.driver_container_apart",
        ),
        # issue 38: torch's MPS views over a shorter buffer
        (
            "pt77851-matmul-mpsndarray-buffer-not-large-enough-1024-bytes.md",
            "mps.buffer_not_large_enough",
        ),
    ):
        result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
        assert result.returncode == 1, result.stderr
        findings = result.json()["data"]["findings"]
        assert [f["code"] for f in findings] == [code]
        assert "/whl/cu" not in result.stdout


# issue 38: IPEX before torch's native XPU
def test_ipex_xpu_with_its_own_torch_is_told_to_import_ipex_never_to_reinstall_torch() -> None:
    """ipex-llm's env-check shows IPEX 2.1.10+xpu and IPEX's torch 2.1.0a0+cxx11.abi: torch's
    "not linked with support for xpu devices" there is the program using xpu before importing
    IPEX (intel/intel-extension-for-pytorch#392: "pls import ipex first"), and torch's own
    xpu build (2.5 on) would not pair with IPEX 2.1. The same paste with PyPI's torch in its
    torch line (ipex-llm#11278's env-check printed "torch=2.2.0+cpu") keeps torch's xpu build
    as the answer; without a torch line the import is still the first thing to try."""
    name = "ipexllm11525-ipex2.1.10xpu-torch2.1.0a0-not-linked-with-xpu.md"
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.ipex_not_imported" and report.exit_code == 1
    assert "IPEX 2.1.10+xpu with IPEX's own torch 2.1.0a0+cxx11.abi" in found.message
    assert [q.line for q in report.unread] == [20]  # torchvision's image warning, not this
    assert "import torch, intel_extension_for_pytorch" in (found.remedy or "")
    assert "--index-url" not in (found.remedy or "") and "pip install" not in (found.remedy or "")
    assert {q.text for quotes in report.rests_on for q in quotes} >= {
        "torch=2.1.0a0+cxx11.abi",
        "ipex=2.1.10+xpu",
    }
    recorded = (ERRORS / name).read_bytes()
    pypi = recorded.replace(b"torch=2.1.0a0+cxx11.abi", b"torch=2.2.0+cpu")
    findings = pasted.diagnose(assemble.gathered(reports.read(pypi))).findings
    (other,) = [f for f in findings if f.code == "torch.not_built_for_xpu"]
    # issue 38: IPEX 2.1 beside torch 2.2 is also the pair IPEX refuses at import
    assert [f.code for f in findings if f is not other] == ["extension.ipex_torch_mismatch"]
    assert "download.pytorch.org/whl/xpu" in (other.remedy or "")
    unshown = recorded.replace(b"torch=2.1.0a0+cxx11.abi\n", b"")
    (bare,) = pasted.diagnose(assemble.gathered(reports.read(unshown))).findings
    assert bare.code == "xpu.ipex_not_imported" and "or torch was replaced" in bare.message


# issue 38: optimum-neuron and the Neuron packages its release pins
def test_optimum_neuron_beside_packages_its_release_does_not_pin_is_named_with_its_pins() -> None:
    """optimum-neuron 0.0.19's setup.py pins neuronx-cc 2.12.68.0, torch-neuronx
    1.13.1.1.13.1 and transformers-neuronx 0.9.474; optimum-neuron#492's `optimum-cli env`
    shows 2.11.0.34, 1.13.1.1.12.0 and 0.8.268 (the thread: upgrading transformers_neuronx
    to 0.9.474 fixed it). #617's 0.0.22 with every package it pins (a local label such as
    "+6dfecc895" and torch's "+cu121" meet an `==` pin) says nothing of them."""
    report = pasted.diagnose(
        assemble.gathered(
            reports.read(
                (
                    ERRORS.parent
                    / "optimum_env/on492-0.0.19-neuron-sdk-2.17.0-driver-section-traceback.md"
                ).read_bytes()
            )
        )
    )
    (found,) = [f for f in report.findings if f.code == "neuron.optimum_neuron_pins_apart"]
    assert found.severity.value == "warning"
    assert "transformers-neuronx ==0.9.474" in found.message
    assert "transformers-neuronx 0.8.268" in found.message
    assert "neuronx-cc 2.11.0.34+c5231f848" in found.message
    assert "torch 1.13.1" not in found.message and "transformers 4.36.2" not in found.message
    first = (found.remedy or "").splitlines()[0]
    assert "'optimum-neuron[neuronx]==0.0.19'" in first
    assert first.endswith("--extra-index-url https://pip.repos.neuron.amazonaws.com")
    (quotes,) = report.rests_on
    assert {q.line for q in quotes} == {14, 22, 25, 27}
    # The same report with every pin of 0.0.19 met (the table's own versions set into its
    # lines): nothing to say about the versions.
    from hwdoctor.compat import optimum_neuron

    pins = dict(optimum_neuron.requires("0.0.19") or ())
    recorded = (
        ERRORS.parent / "optimum_env/on492-0.0.19-neuron-sdk-2.17.0-driver-section-traceback.md"
    ).read_text(encoding="utf-8")
    for shown, name in (
        ("2.11.0.34+c5231f848", "neuronx-cc"),
        ("1.13.1.1.12.0", "torch-neuronx"),
        ("0.8.268", "transformers-neuronx"),
    ):
        assert shown in recorded
        recorded = recorded.replace(shown, pins[name].removeprefix("=="))
    met = pasted.diagnose(assemble.gathered(reports.read(recorded.encode())))
    assert "neuron.optimum_neuron_pins_apart" not in [f.code for f in met.findings]


def test_the_optimum_neuron_table_is_read_from_each_release_and_skips_dev_builds() -> None:
    """compat/optimum_neuron.py against its source's own words: 0.0.22 moved to torch 2.1.2
    (torch-neuronx 2.1.2.2.1.0), 0.1.0 to torch 2.5.1, 0.3.0 read from pyproject.toml; a dev
    build (0.0.19.dev0, onpr463's) and a release before the exact pins are outside it."""
    from hwdoctor.compat import optimum_neuron

    assert dict(optimum_neuron.requires("0.0.22") or ())["torch-neuronx"] == "==2.1.2.2.1.0"
    assert dict(optimum_neuron.requires("0.1.0") or ())["torch"] == "==2.5.1.*"
    assert optimum_neuron.RELEASES[-1].source == "pyproject.toml"
    assert optimum_neuron.requires("0.0.19.dev0") is None
    assert optimum_neuron.requires("0.0.11") is None
    versions = [r.version for r in optimum_neuron.RELEASES]
    assert len(versions) == len(set(versions)) == 28


# issue 38: MPS's memory messages in every torch era, and Metal's own 4 GiB array limit
@pytest.mark.parametrize(
    ("name", "code", "said"),
    [
        ("a1111-9133-zh-torch1.12.1-mps-oom-1024mb.md", "mps.out_of_memory", "1024.00 MB asked"),
        ("microsam380-macos14-ci-pytest-e-mps-oom-256-bytes.md", "mps.out_of_memory", "256 bytes"),
        ("autogluon4544-macos-ci-pytest-e-mps-oom-528mb.md", "mps.out_of_memory", "MPS backend"),
        (
            "glm4-159-m3max-macos14.5-ndarray-total-bytes-2-32.md",
            "mps.buffer_too_large",
            "total bytes of NDArray > 2**32",
        ),
        (
            "esrgan134-macos-ventura-ndarray-total-bytes-2-32.md",
            "mps.buffer_too_large",
            "total bytes of NDArray > 2**32",
        ),
        (
            "impactpack376-macos-ndarray-total-bytes-2-32-ksampler.md",
            "mps.buffer_too_large",
            "total bytes of NDArray > 2**32",
        ),
    ],
)
def test_mps_memory_words_of_every_era_are_named(name: str, code: str, said: str) -> None:
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == code and found.backend == "mps" and said in found.message
    assert "/whl/" not in (found.remedy or "") and "cuda" not in (found.advice or "").lower()
    assert not report.unread and report.exit_code == 1


@pytest.mark.parametrize(
    "name",
    [
        "pt79181-m1-torch1.13dev-ppo-mpsndarray-buffer-not-large-enough.md",
        "pt87351-whisper-torch1.14dev-mpsndarray-buffer-not-large-enough.md",
        "pt77851-matmul-mpsndarray-buffer-not-large-enough-1024-bytes.md",
        "pt77886-gptj-placeholder-buffer-size-14336.md",
        "pt78042-title-placeholder-buffer-size-not-large-enough.md",
    ],
)
def test_an_mps_array_over_a_shorter_buffer_is_torchs_bug_not_memory(name: str) -> None:
    """Metal's "buffer is not large enough" and torch's "Placeholder buffer size … is not
    large enough": torch's MPS views (pytorch/pytorch#78496), answered with a newer torch,
    never a smaller batch or a CUDA wheel."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "mps.buffer_not_large_enough" and found.backend == "mps"
    assert "not large enough" in found.message and "not the Mac's memory" in found.message
    assert "upgrade torch" in (found.advice or "") and "/whl/" not in (found.remedy or "")
    assert not report.unread and report.exit_code == 1


def test_metals_4gib_array_is_told_the_macos_that_lifted_it() -> None:
    (found,) = diagnosed("esrgan134-macos-ventura-ndarray-total-bytes-2-32.md").findings
    assert "macOS 14" in (found.advice or "") and "pytorch/pytorch#86279" in (found.advice or "")


def _line(name: str, words: str) -> str:
    """The real line of a recording that holds `words`."""
    text = (ERRORS / name).read_text("utf-8")
    return next(line for line in text.splitlines() if words in line).strip()


# A real message line as issues and logs wrap it: an exception's name before it, pytest's
# "E   " margin, inline code, a Markdown quote and a quote of a quote.
_WRAPPINGS: Final = ("RuntimeError: {}", "E       {}", "`{}`", "> {}", "> > {}")
_MPS_BUFFER: Final = "mps.buffer_too_large"


@pytest.mark.parametrize("wrapping", _WRAPPINGS)
@pytest.mark.parametrize(
    ("name", "words", "code"),
    [
        (
            "bnb779-sagemaker-cpu-so-undefined-symbol-cadam32bit.md",
            "undefined symbol: cadam32bit",
            "extension.bitsandbytes_without_gpu",
        ),
        (
            "lorascripts242-ubuntu-cuda-setup-failed-despite-gpu.md",
            "CUDA Setup failed despite",
            "extension.bitsandbytes_without_gpu",
        ),
        (
            "bnb590-windows-could-not-find-module-cuda122-dll.md",
            "Could not find module",
            "extension.bitsandbytes_without_gpu",
        ),
        ("a1111-9133-zh-torch1.12.1-mps-oom-1024mb.md", "MPS backend out", "mps.out_of_memory"),
        ("boltz14-m1-matmul-invalid-buffer-size-9.02gb.md", "Invalid buffer", _MPS_BUFFER),
        ("esrgan134-macos-ventura-ndarray-total-bytes-2-32.md", "NDArray >", _MPS_BUFFER),
        (
            "pt77851-matmul-mpsndarray-buffer-not-large-enough-1024-bytes.md",
            "buffer is not large",
            "mps.buffer_not_large_enough",
        ),
    ],
)
def test_a_wrapped_or_quoted_message_is_still_named(
    wrapping: str, name: str, words: str, code: str
) -> None:
    line = _line(name, words).removeprefix("RuntimeError: ")
    report = pasted.diagnose(assemble.gathered(reports.read(wrapping.format(line).encode())))
    assert [f.code for f in report.findings] == [code]
    assert not report.unread and report.exit_code == 1


# issue 38: an XPU error whose paste shows neither torch's build nor IPEX's
@pytest.mark.parametrize(
    "name",
    [
        # IPEX's maintainers: "pls import ipex first" (the environment was fine)
        "ipex392-embedding-to-xpu-not-linked-no-versions.md",
        # the app's device set to xpu on a CUDA machine; "resolved" by setting it to cuda
        "lcm71-windows-to-xpu-not-linked-no-versions.md",
    ],
)
def test_not_linked_for_xpu_without_torch_or_ipex_versions_asserts_no_build(name: str) -> None:
    """c10's "not linked with support for xpu devices" is what torch before 2.5 says for
    IPEX not yet imported as much as for a torch without XPU: with neither version in the
    paste, no error finding claims torch was not built for XPU and no torch is reinstalled;
    the warning names both causes and the command that tells them apart. The same line
    beside torch's version without +xpu (IPEX 1.11's CPU release, #244) or beside torch's
    own "Torch not compiled with XPU enabled" keeps torch.not_built_for_xpu."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.not_linked_build_unshown" and found.severity.value == "warning"
    assert "before importing intel_extension_for_pytorch" in found.message
    assert "pip install" not in (found.remedy or "") and "--index-url" not in (found.remedy or "")
    assert "python -m pip show torch intel-extension-for-pytorch" in (found.remedy or "")
    assert not report.unread and report.exit_code == 0
    assert "no problem" not in rendered.counts(report)
    recorded = (ERRORS / name).read_bytes()
    shown = recorded + b"\n```\ntorch 2.1.0+cpu\n```\n"
    (built,) = pasted.diagnose(assemble.gathered(reports.read(shown))).findings
    assert built.code == "torch.not_built_for_xpu"
    # torch's own words for a build without XPU, anywhere in the paste, say the build
    words = recorded + b"\nAssertionError: Torch not compiled with XPU enabled\n"
    assert [f.code for f in pasted.diagnose(assemble.gathered(reports.read(words))).findings] == [
        "torch.not_built_for_xpu"
    ]
    ipex = recorded + b"\n```\nIPEX version: 2.1.10+xpu\n```\n"
    (imported,) = pasted.diagnose(assemble.gathered(reports.read(ipex))).findings
    assert imported.code == "xpu.ipex_not_imported"
    for positive in (
        "ipex244-ipex1.11-pytorch-not-linked-with-xpu-adl-gt1.md",
        "xputriton2014-torch-not-compiled-with-xpu-lazy-init.md",
        "sdnext3547-windows-arc-a770-torch-not-compiled-with-xpu.md",
    ):
        assert [f.code for f in diagnosed(positive).findings] == ["torch.not_built_for_xpu"]


# issue 38: Unsloth's refusal of an old GPU, and its banner's compute capability
_TOO_OLD_1998: Final = "unsloth1998-gtx1070-banner-cuda-6.1-your-gpu-is-too-old.md"


@pytest.mark.parametrize(
    ("path", "capability"),
    [
        # 2025's layout: "CUDA: 6.1. CUDA Toolkit: 12.4."
        (f"errors/{_TOO_OLD_1998}", "6.1"),
        ("issue_body/unsloth2299-a100-banner-cuda-8.0-fast-inference.md", "8.0"),
        ("issue_body/starmindmerge-unsloth2025.9.1-gtx1050ti-banner-num-gpus.md", "6.1"),
        # before 2025.2: "CUDA = 6.1. CUDA Toolkit = 12.1." (the list's "- CUDA: 6.1" is not
        # the banner: no Toolkit beside it)
        ("issue_body/unsloth813-tesla-p40-banner-cuda-equals-6.1-env-list.md", "6.1"),
    ],
)
def test_unsloths_banner_cuda_field_is_the_gpus_capability(path: str, capability: str) -> None:
    """unsloth/device_type.py prints `CUDA: {gpu_stats.major}.{gpu_stats.minor}` from
    torch.cuda.get_device_properties(0): the capability, read as one and never as a CUDA
    version (no fact about CUDA's or the driver's version comes from that line)."""
    paste = reports.read((ERRORS.parent / path).read_bytes())
    said = [f for f in paste.facts if f.key.value == "unsloth.capability"]
    assert [f.value for f in said] == [capability]
    line = said[0].quote.line
    assert not [f for f in paste.facts if f.quote.line == line and "cuda" in f.key.value]


def test_unsloths_gpu_too_old_is_named_with_the_banners_gpu_and_capability() -> None:
    """unsloth_zoo's load_vllm raises "Unsloth: Your GPU is too old!" below compute capability
    7.0 (unsloth#1998, a GTX 1070): named with the banner's GPU and its capability, no CUDA
    install line. Without the banner's name line its capability still says which GPU; with
    the float8 KV cache's words on a T4 (7.5) the floor is 8.0."""
    report = diagnosed(_TOO_OLD_1998)
    (found,) = report.findings
    assert found.code == "extension.arch_unsupported" and report.exit_code == 1
    assert "refused the NVIDIA GeForce GTX 1070 (compute capability 6.1)" in found.message
    assert "fast_inference=True" in (found.advice or "") and not found.remedy
    assert {q.line for quotes in report.rests_on for q in quotes} == {1, 12, 13}
    recorded = (ERRORS / _TOO_OLD_1998).read_bytes()
    # Unsloth's own name where torch gives none ("NVIDIA GPU Device. ", unsloth/device_type.py),
    # which no name table knows: the banner's capability says it
    device = recorded.replace(b"NVIDIA GeForce GTX 1070.", b"NVIDIA GPU Device.")
    (named,) = pasted.diagnose(assemble.gathered(reports.read(device))).findings
    assert "the NVIDIA GPU Device (compute capability 6.1)" in named.message
    lines = recorded.split(b"\n")
    clipped = b"\n".join(line for line in lines if b"Num GPUs" not in line)
    (banner,) = pasted.diagnose(assemble.gathered(reports.read(clipped))).findings
    assert "the GPU of Unsloth's banner (compute capability 6.1)" in banner.message
    float8 = recorded.replace(
        b"Your GPU is too old!", b"Your GPU is too old for float8 KV cache! Set it to False."
    )
    t4 = float8.replace(b"NVIDIA GeForce GTX 1070", b"Tesla T4").replace(b"CUDA: 6.1", b"CUDA: 7.5")
    (kv,) = pasted.diagnose(assemble.gathered(reports.read(t4))).findings
    assert "float8 KV cache refused the Tesla T4 (compute capability 7.5)" in kv.message
    assert "float8_kv_cache=False" in (kv.advice or "")


@pytest.mark.parametrize(
    "path",
    [
        "issue_body/unsloth2299-a100-banner-cuda-8.0-fast-inference.md",  # a pickling bug
        "issue_body/starmindmerge-unsloth2025.9.1-gtx1050ti-banner-num-gpus.md",  # working
    ],
)
def test_unsloths_banner_alone_is_no_gpu_finding(path: str) -> None:
    """The banner of a working setup (a GTX 1050 Ti's, 6.1) or of another error (an A100's
    "CUDA: 8.0") names no GPU or CUDA problem: the capability alone is no refusal. The
    refusal's words beside the A100's banner name no GPU either (8.0 reaches 7.0): the line
    stays unread, counted."""
    recorded = (ERRORS.parent / path).read_bytes()
    report = pasted.diagnose(assemble.gathered(reports.read(recorded)))
    assert not report.findings and report.exit_code == 0
    if b"A100" in recorded:
        said = recorded + b"\nNotImplementedError: Unsloth: Your GPU is too old!\n"
        refused = pasted.diagnose(assemble.gathered(reports.read(said)))
        assert not refused.findings and refused.exit_code == 1
        assert [q.text for q in refused.unread][-1].endswith("Your GPU is too old!")


# issue 38: vLLM on an AMD GPU its ROCm support leaves out
@pytest.mark.parametrize(
    ("name", "gpu", "vllm_line"),
    [
        # vLLM's collect_env: its ROCm warning, the GPU line carrying gfx906
        (
            "vllm9713-2x-mi60-gfx906-vllm0.6.6-rocm-collect-env.md",
            "the AMD Radeon Graphics (gfx906:sramecc+:xnack-)",
            "VLLM: vllm==0.6.6.dev45+g29c74893.d20241222.rocm624",
        ),
        # Triton's error compiling vLLM's attention: the path and the target on one line
        (
            "tritongcn5-4-vllm-triton-flash-attention-unsupported-target-gfx906.md",
            "a gfx906 GPU",
            "unsupported target: 'gfx906'",
        ),
    ],
)
def test_vllm_on_gfx906_is_named_as_a_gpu_vllms_rocm_support_leaves_out(
    name: str, gpu: str, vllm_line: str
) -> None:
    """vLLM's ROCm requirements list no gfx906 and ROCm Triton has no gfx906 target
    (vllm-project/vllm#33811): vLLM shown (a pin, its log, its package path) beside a gfx906
    target is extension.arch_unsupported for ROCm, with no install line."""
    report = diagnosed(name)
    found = [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert len(found) == 1 and report.exit_code == 1
    assert found[0].message.startswith(f"vLLM does not support {gpu} on ROCm")
    assert found[0].backend == "rocm" and not found[0].remedy
    assert "llama.cpp" in (found[0].advice or "")
    assert any(vllm_line in q.text for quotes in report.rests_on for q in quotes)


def test_a_gfx906_community_build_or_no_vllm_is_no_vllm_finding() -> None:
    """The nlzy/vllm-gfx906 image runs vLLM on gfx906 (nlzy/vllm-gfx906#30): with that build
    named, vLLM's own lines beside the GPU name no unsupported GPU; without the title that
    names it, the same paste with vLLM's platform log is named. A gfx906 collect_env with no
    vLLM line names nothing of vLLM either."""
    path = ERRORS.parent / "issue_body" / "nlzy-vllmgfx906-30-fork-docker-gfx906-collect-env.md"
    recorded = path.read_bytes()
    said = (
        recorded
        + b"\nINFO 08-25 10:00:00 [__init__.py:244] Automatically detected platform rocm.\n"
    )
    assert not pasted.diagnose(assemble.gathered(reports.read(said))).findings
    assert not pasted.diagnose(assemble.gathered(reports.read(recorded))).findings
    untitled = said.split(b"\n", 1)[1]
    (found,) = pasted.diagnose(assemble.gathered(reports.read(untitled))).findings
    assert found.code == "extension.arch_unsupported" and "gfx906" in found.message


# issue 38: DeepSpeed on a machine with no NVIDIA GPU (its Apple accelerator refused by Python)
@pytest.mark.parametrize(
    ("name", "line"),
    [
        # deepspeedai/DeepSpeed#5132: DeepSpeed 0.13.2 on macOS 14.2.1, a traceback under /Users
        (
            "ds5132-macos-deepspeed-cant-instantiate-abstract-class-mps-accelerator.md",
            "with abstract methods handles_memory_backpressure",
        ),
        # huggingface/transformers#23340 (a comment): transformers.trainer's import on a Mac
        (
            "tf23340-macos-trainer-import-deepspeed-mps-accelerator-supported-dtypes.md",
            "with abstract methods supported_dtypes",
        ),
    ],
)
def test_deepspeed_on_a_mac_is_named_without_a_cuda_torch(name: str, line: str) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = [f for f in data["findings"] if f["code"] == "backend.cuda_only_package"]
    assert "deepspeed" in found["message"] and "no NVIDIA GPU" in found["message"]
    assert "accelerator-setup-guide" in found["advice"]
    # "python -m pip" where the paste shows its Python (a traceback's path: issue 38, s13-prose)
    assert found["remedy"].removeprefix("python -m ") == "pip uninstall -y deepspeed"
    assert any(line in q["text"] for q in found["rests_on"]), found["rests_on"]
    assert "/Users/" in found["rests_on"][1]["text"]  # the Mac, by a path only macOS has
    assert "/whl/cu" not in result.stdout


def test_deepspeeds_words_beside_an_nvidia_gpu_are_not_named_as_no_gpu(tmp_path: Path) -> None:
    """The same refusal pasted with an nvidia-smi table (two real recordings, one after the
    other): the paste shows an NVIDIA GPU, so "no NVIDIA GPU" would be false; nothing names it."""
    smi = ROOT / "tests" / "data" / "reports" / "nvidia_smi" / "nvidiaall212-550-rtx4070.txt"
    name = "ds5132-macos-deepspeed-cant-instantiate-abstract-class-mps-accelerator.md"
    both = tmp_path / "both.md"
    both.write_bytes((ERRORS / name).read_bytes() + b"\n" + smi.read_bytes())
    report = pasted.diagnose(assemble.gathered(reports.read(both.read_bytes())))
    assert "backend.cuda_only_package" not in [f.code for f in report.findings]
    alone = diagnosed(name)
    assert "backend.cuda_only_package" in [f.code for f in alone.findings]


# issue 38: Intel Extension for PyTorch beside a torch of another x.y
@pytest.mark.parametrize(
    ("name", "ipex", "torch", "index"),
    [
        # vLLM's CPU build: IPEX 2.6 left behind when torch moved to 2.7.0+cpu (the fix,
        # vllm-project/vllm#18542, moved IPEX to 2.7.0)
        (
            "vllm17225-ipex2.6-torch2.7.0cpu-collect-env-needs-to-work-with.md",
            "2.6",
            "2.7.0+cpu",
            "cpu",
        ),
        # intel-extension-for-transformers: IPEX 2.2 beside torch 2.1.0+cu121
        ("itrex1278-ipex2.2-torch2.1.0cu121-needs-to-work-with.md", "2.2", "2.1.0+cu121", "cu121"),
    ],
)
def test_ipex_refusing_a_torch_of_another_x_y_is_named_with_the_matching_torch(
    name: str, ipex: str, torch: str, index: str
) -> None:
    """IPEX's import-time check (intel_extension_for_pytorch/__init__.py, "needs to work with
    PyTorch X.Y.*, but PyTorch A.B.C is found") is named with both versions, and the line
    installs torch X.Y.* from the index of the installed torch's kind; the message is no
    longer an unexplained error line."""
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    data = json.loads(done.stdout)["data"]
    assert done.returncode == 1
    assert [f["code"] for f in data["findings"]] == ["extension.ipex_torch_mismatch"]
    (found,) = data["findings"]
    assert f"{ipex}.*" in found["message"] and torch in found["message"]
    assert f"'torch=={ipex}.*'" in found["remedy"]
    assert f"download.pytorch.org/whl/{index}" in found["remedy"]
    assert not data["unread"]


def test_ipex_xpu_listed_beside_another_torch_gets_no_cuda_or_cpu_index() -> None:
    """ipex-llm's env-check with IPEX 2.1.10+xpu beside PyPI's torch 2.2.0+cpu (the torch
    line ipex-llm#11278 printed): the two versions do not pair by IPEX's own x.y check, and
    on an Intel GPU the remedy is Intel's installation page, never a CUDA or CPU index. The
    same recording with IPEX's own torch 2.1.0a0+cxx11.abi pairs and says nothing of it."""
    name = "ipexllm11525-ipex2.1.10xpu-torch2.1.0a0-not-linked-with-xpu.md"
    recorded = (ERRORS / name).read_bytes()
    assert "extension.ipex_torch_mismatch" not in [f.code for f in diagnosed(name).findings]
    pypi = recorded.replace(b"torch=2.1.0a0+cxx11.abi", b"torch=2.2.0+cpu")
    report = pasted.diagnose(assemble.gathered(reports.read(pypi)))
    (found,) = [f for f in report.findings if f.code == "extension.ipex_torch_mismatch"]
    assert "Intel Extension for PyTorch 2.1.10+xpu needs torch 2.1.*" in found.message
    assert "2.2.0+cpu" in found.message and found.remedy is None
    assert "pytorch-extension.intel.com/installation?platform=gpu" in (found.advice or "")
    quoted = {q.text for quotes in report.rests_on for q in quotes}
    assert {"ipex=2.1.10+xpu", "torch=2.2.0+cpu"} <= quoted


# issue 38 item 5: a paste cut inside its traceback states an error it does not show
def test_a_paste_cut_inside_its_traceback_is_never_no_problem() -> None:
    """pytorch/vision#9174's description ends in the import's traceback, before the
    exception's line (the excerpt the README notes). The traceback's header is then the
    error line no finding explains: the answer counts it, exits 1, never "no problem"."""
    cut = (
        ERRORS.parent
        / "issue_body"
        / "vision9174-torch2.6-imported-torchvision0.23-nms-does-not-exist.md"
    )
    result = run_hwdoctor("detect", "--paste", str(cut))
    assert result.returncode == 1, result.stderr
    headline = result.stdout.splitlines()[0]
    assert "no problem" not in headline and "1 error line no finding explains" in headline
    assert "line 29: Traceback (most recent call last):" in result.stdout
    # The same traceback with its exception's line present: the header is not counted, the
    # exception line is (bnb#17's traceback, ending in bitsandbytes' own OSError).
    whole = (ERRORS / "bnb17-wsl-libcuda-so-cannot-open-conda-cudatoolkit.md").read_bytes()
    report = pasted.diagnose(assemble.gathered(reports.read(whole)))
    assert report.unread_count or report.findings
    assert not [q for q in report.unread if "Traceback (most recent" in q.text]


# issue 38 item 3: never a CUDA torch on a paste that shows another GPU platform
@pytest.mark.parametrize(
    "name",
    [
        "xformers1070-rx7900gre-xformers-built-for-2.3.1-cu121-torch-2.3.1-rocm6.0.md",
        "easydiffusion1603-rx6700xt-xformers-built-for-2.0.1-cu118-torch-2.0.1-rocm5.4.2.md",
    ],
)
def test_an_extension_built_for_cuda_beside_a_rocm_torch_keeps_the_rocm_torch(name: str) -> None:
    """xformers' warning on two AMD machines (xformers#1070, easydiffusion#1603): its wheel
    was built for a `+cuXY` torch, the installed torch is `+rocmX`. Installing the CUDA torch
    it asks for would take the GPU away (the reporter of #1603 says it did): the remedy
    keeps torch and moves xformers."""
    report = pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))
    (found,) = [f for f in report.findings if f.code == "extension.torch_mismatch"]
    remedy = found.remedy or ""
    assert "+rocm" in found.params["torch"] and "+cu1" in found.params["spec"]
    commands = [line for line in remedy.splitlines() if not line.startswith("#")]
    assert commands and not [c for c in commands if "torch" in c or "whl/" in c], remedy
    assert "another GPU platform" in remedy and remedy.splitlines()[1].endswith(
        "uninstall xformers"
    )


# issue 38: bitsandbytes' multi-backend preview on an AMD GPU
@pytest.mark.parametrize(
    ("name", "variant_words"),
    [
        # the multi-backend-refactor branch built for ROCm 6.3
        (
            "bnb1519-comment-rx7900xtx-multi-backend-branch-rocm63-undefined-symbol.md",
            "undefined symbol",
        ),
        # ROCm's fork built for ROCm 6.4, the error in the title and one sentence
        ("rocmbnb67-title-rocm64-undefined-symbol-koptimizer32bit1state.md", "undefined symbol"),
        # no library for torch's ROCm in the build
        ("rocmbnb82-rocm63-binary-not-found-rocm-setup-failed.md", "no ROCm library"),
        # ROCm's fork, its HIP library missing, in words that say "CUDA"
        ("rocmbnb30-hip-nohipblaslt-binary-not-found-cuda-setup-failed.md", "no ROCm library"),
    ],
)
def test_bitsandbytes_rocm_preview_is_named_with_the_released_wheel(
    name: str, variant_words: str
) -> None:
    """bitsandbytes' ROCm preview that does not load (its cextension.py's words, in
    readers/messages.py) is its own finding for the AMD GPU: the preview uninstalled, the
    release that ships ROCm libraries installed; never a CUDA index, never the CUDA
    bitsandbytes finding."""
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)["data"]
    codes = [f["code"] for f in data["findings"]]
    assert codes[0] == "extension.bitsandbytes_rocm_preview", codes
    assert "extension.bitsandbytes_without_gpu" not in codes
    found = data["findings"][0]
    assert variant_words in found["message"] and "AMD GPU" in found["message"]
    uninstall, install = found["remedy"].splitlines()[-2:]
    assert uninstall.endswith("pip uninstall -y bitsandbytes"), found["remedy"]
    assert install.endswith("pip install 'bitsandbytes>=0.49.0'"), found["remedy"]
    quoted = " ".join(q["text"] for q in found["rests_on"])
    assert "libbitsandbytes_rocm" in quoted or "libbitsandbytes_hip" in quoted
    assert "/whl/cu" not in done.stdout and "cuda" not in found["remedy"]


def test_a_cuda_bitsandbytes_library_is_not_called_a_rocm_preview() -> None:
    """The CPU library's undefined symbol (a released 0.3x-0.4x on a CUDA machine) stays the
    CUDA finding: the ROCm preview's words are its own library's and its own log's."""
    report = diagnosed("bnb1208-title-cpu-so-undefined-symbol-cdequantize-blockwise.md")
    codes = [f.code for f in report.findings]
    assert "extension.bitsandbytes_rocm_preview" not in codes
    assert "extension.bitsandbytes_without_gpu" in codes


# issue 38 (widened): bitsandbytes on a Mac, by macOS's loader and macOS-only paths
@pytest.mark.parametrize(
    "name",
    [
        "chatglmtuning247-zh-macos-cpu-so-not-a-mach-o-file.md",
        "bnb246-macos-python-framework-cpu-so-not-a-mach-o-file.md",
    ],
)
def test_bitsandbytes_refused_by_macos_loader_is_the_mac_finding(name: str) -> None:
    """bitsandbytes 0.3x's "libsbitsandbytes_cpu.so" request on a Mac read torch-without-CUDA
    before; dyld's "not a mach-o file" says the machine is a Mac, whose loader refuses the
    Linux library: the Mac finding, with no CUDA remedy."""
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)["data"]
    codes = [f["code"] for f in data["findings"]]
    assert codes == ["extension.bitsandbytes_on_mac"], codes
    (found,) = data["findings"]
    assert "not a mach-o file" in found["message"] and "Intel Mac" in found["advice"]
    assert any("not a mach-o file" in q["text"] for q in found["rests_on"])
    assert "/whl/cu" not in done.stdout and "torch.cuda.is_available" not in done.stdout


def test_macos_loader_words_and_darwin_platform_are_read() -> None:
    """dyld's other refusals and Python 3.7's "Darwin-…-x86_64" platform string are read as
    a Mac's (the sources are beside the patterns in readers/messages.py)."""
    from hwdoctor.gather.reports.readers import messages

    assert messages._MACOS_LOADER.search(
        "'/x/libbitsandbytes_cpu.so' (mach-o file, but is an incompatible architecture "
        "(have 'x86_64', need 'arm64'))"
    )
    assert messages._MACOS_LOADER.search("slice is not valid mach-o file")
    assert not messages._MACOS_LOADER.search("libbitsandbytes_cpu.so: invalid ELF header")
    found = messages._MAC_PLATFORM.search("Platform: Darwin-19.6.0-x86_64-i386-64bit")
    assert found and found.group(1).startswith("Darwin-19.6.0-x86_64")


# issue 38 (widened): IPEX's compiled library refused for a torch symbol
@pytest.mark.parametrize(
    ("name", "library"),
    [
        ("ipex313-ipexrun-libintel-ext-pt-cpu-undefined-symbol-tensortype.md", "cpu"),
        ("ipex436-comment-pytorch2.1-libintel-ext-pt-cpu-undefined-symbol.md", "cpu"),
        ("ipex811-libintel-ext-pt-cpu-undefined-symbol-node-name.md", "cpu"),
        # Markdown bold around the loader's words
        ("oneapisamples1596-gpu-max-libintel-ext-pt-gpu-undefined-symbol.md", "gpu"),
    ],
)
def test_ipex_library_missing_a_torch_symbol_is_the_ipex_pair_finding(
    name: str, library: str
) -> None:
    """The loader's refusal of intel_extension_for_pytorch/lib/libintel-ext-pt-*.so for a
    torch symbol is IPEX beside another torch x.y, named once (not also as a generic
    extension to reinstall), with the command that shows the two versions."""
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)["data"]
    codes = [f["code"] for f in data["findings"]]
    assert codes == ["extension.ipex_torch_mismatch"], codes
    (found,) = data["findings"]
    assert f"libintel-ext-pt-{library}.so" in found["message"]
    assert "built for torch x.y.* only" in found["message"]
    assert found["remedy"].endswith("pip show torch intel-extension-for-pytorch")
    assert any("undefined symbol" in q["text"] for q in found["rests_on"])


def test_ipex_library_symbol_with_both_versions_pins_torch_to_ipex() -> None:
    """The same refusal beside IPEX's collect_env lines (IPEX 2.0.110, torch 2.1.0+cpu): the
    versions pin torch to IPEX's x.y from the CPU index."""
    name = "ipex811-libintel-ext-pt-cpu-undefined-symbol-node-name.md"
    recorded = (ERRORS / name).read_bytes()
    both = recorded + b"\nPyTorch version: 2.1.0+cpu\nIPEX version: 2.0.110+cpu\n"
    report = pasted.diagnose(assemble.gathered(reports.read(both)))
    (found,) = [f for f in report.findings if f.code == "extension.ipex_torch_mismatch"]
    assert "IPEX 2.0.* is built for torch 2.0.* only" in found.message
    assert "2.1.0+cpu" in found.message
    assert "'torch==2.0.*'" in (found.remedy or "")
    codes = [f.code for f in report.findings]
    assert "extension.built_for_other_torch" not in codes


@pytest.mark.parametrize(
    "line",
    [
        # IPEX 2.x's message, its string continued by a backslash (the next line's indent
        # inside the literal)
        "ERROR! Intel® Extension for PyTorch* needs to work with PyTorch       2.1.*, but "
        "PyTorch 2.2.0+cpu is found. Please switch to the matching version           and "
        "run again.",
        # accelerate's (and transformers') own check, which leaves IPEX unused
        "UserWarning: Intel Extension for PyTorch 2.1 needs to work with PyTorch 2.1.*, but "
        "PyTorch 2.2.0+cpu is found. Please switch to the matching version and run again.",
    ],
)
def test_ipex_pair_wordings_are_named(tmp_path: Path, line: str) -> None:
    paste = tmp_path / "ipex.txt"
    paste.write_text(line + "\n", encoding="utf-8")
    report = pasted.diagnose(assemble.gathered(reports.read(paste.read_bytes())))
    (found,) = [f for f in report.findings if f.code == "extension.ipex_torch_mismatch"]
    assert "needs torch 2.1.*" in found.message and "2.2.0+cpu" in found.message
    assert "'torch==2.1.*'" in (found.remedy or "")


def test_a_released_bitsandbytes_missing_its_rocm_library_is_not_called_a_preview() -> None:
    """bitsandbytes 0.49.2 (a release, which ships ROCm libraries) looking for a library its
    own version parsing made up ("Configured ROCm binary not found at …rocm84.so", the words
    of its cextension.py since 0.47): the preview's remedy, the release, would change
    nothing, so the preview finding stays quiet and the lines are listed as unread."""
    report = diagnosed("bnb2014-mi350p-0.49.2-configured-rocm84-binary-not-found.md")
    codes = [f.code for f in report.findings]
    assert "extension.bitsandbytes_rocm_preview" not in codes
    assert "extension.bitsandbytes_without_gpu" not in codes
    assert any("Configured ROCm binary not found" in q.text for q in report.unread), report


# issue 38: GPU-only packages (DeepSpeed's launcher, vLLM's CUDA build) on a machine whose paste
# shows no NVIDIA GPU
@pytest.mark.parametrize(
    ("name", "said", "machine", "package"),
    [
        # OptimalScale/LMFlow#195: an Intel Mac (AMD Radeon Pro 5500M), the launcher's refusal
        (
            "lmflow195-intel-mac-radeon-deepspeed-launcher-no-gpu-resources.md",
            "Unable to proceed, no GPU resources available",
            "/Users/",
            "deepspeed",
        ),
        # zai-org/ChatGLM2-6B#181: Apple silicon, DeepSpeed chose its CUDA accelerator
        (
            "chatglm2-181-apple-silicon-deepspeed-launcher-ds-accelerator-cuda.md",
            "Setting ds_accelerator to cuda",
            "/opt/homebrew/",
            "deepspeed",
        ),
        # vllm-project/vllm#8863: Windows, torch 2.4.0+cpu, no platform found
        (
            "vllm8863-windows-torch2.4.0cpu-failed-to-infer-device-type.md",
            "Failed to infer device type",
            "2.4.0+cpu",
            "vllm",
        ),
        # vllm-project/vllm#8693: pip's vLLM on a CPU machine, its extension without libcuda.so.1
        (
            "vllm8693-ubuntu-no-gpu-vllm-c-libcuda-so-1-torch2.4.0cu121.md",
            "libcuda.so.1",
            "Is CUDA available: False",
            "vllm",
        ),
    ],
)
def test_a_gpu_only_package_on_a_machine_without_an_nvidia_gpu_is_named(
    name: str, said: str, machine: str, package: str
) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["backend.cuda_only_package"]
    (found,) = data["findings"]
    assert "no NVIDIA GPU" in found["message"] and found["params"]["package"] == package
    texts = [q["text"] for q in found["rests_on"]]
    assert any(said in t for t in texts) and any(machine in t for t in texts), texts
    if package == "vllm":  # vLLM's CPU build, never its CUDA wheel nor a CUDA torch
        assert found["remedy"] == "python -m pip uninstall -y vllm"
        assert "installation/cpu" in found["advice"] and "VLLM_TARGET_DEVICE=cpu" in found["advice"]
    else:  # no command runs DeepSpeed's launcher where it counts no device
        assert not found["remedy"] and "accelerator-setup-guide" in found["advice"]
    assert "/whl/cu" not in result.stdout
    assert not [u for u in data["unread"] if said in u["text"]]


@pytest.mark.parametrize(
    ("name", "codes"),
    [
        # thu-coai/EVA#11: the launcher's refusal with nvidia-smi's V100 row in the same paste:
        # the machine has an NVIDIA GPU, so nothing says it has none
        (
            "eva11-v100-nvidia-smi-deepspeed-launcher-no-gpu-resources.md",
            ["backend.deepspeed_no_device"],
        ),
        # OptimalScale/LMFlow#304: a Colab runtime; the paste shows no machine at all (the
        # maintainer: the machine has no GPU)
        (
            "lmflow304-zh-colab-deepspeed-launcher-no-gpu-resources.md",
            ["backend.deepspeed_no_device"],
        ),
        # deepspeedai/DeepSpeed#4190: a Colab runtime "using only CPU", DeepSpeed's CUDA accelerator
        (
            "ds4190-colab-cpu-inference-deepspeed-launcher-no-gpu-resources.md",
            ["backend.deepspeed_no_device"],
        ),
        # TsinghuaAI/CPM-2-Finetune#33: in docker, torch's "Found no NVIDIA driver" before it
        (
            "cpm2finetune33-zh-docker-found-no-nvidia-driver-deepspeed-launcher.md",
            ["driver.not_found", "backend.deepspeed_no_device"],
        ),
    ],
)
def test_deepspeeds_launcher_without_a_machine_shown_without_a_gpu_names_its_own_cause(
    name: str, codes: list[str]
) -> None:
    """DeepSpeed's launcher counting no device where the paste does not show a machine without
    an NVIDIA GPU: its own finding (torch sees no GPU in that process), never "no NVIDIA GPU",
    and its lines are accounted for."""
    report = diagnosed(name)
    assert [f.code for f in report.findings] == codes
    assert not [q for q in report.unread if "no GPU resources available" in q.text]
    assert report.exit_code == 1 and "no problem" not in rendered.counts(report)
    found = report.findings[codes.index("backend.deepspeed_no_device")]
    assert not found.remedy and "device_count()" in (found.advice or "")


def test_vllms_generic_no_device_finding_stays_where_no_machine_is_shown() -> None:
    """vllm-project/vllm#12847's title alone shows no machine: the generic finding, not the
    no-NVIDIA-GPU one (its thread's machines had GPUs)."""
    report = diagnosed("vllm12847-title-failed-to-infer-device-type-v0.7.2.md")
    assert [f.code for f in report.findings] == ["backend.vllm_no_device"]


# issue 38: vLLM on its own CPU (or TPU) platform reaching code that runs only on CUDA
@pytest.mark.parametrize(
    ("name", "platform", "shown"),
    [
        # vllm-project/vllm#18198: --device cpu, AWQ and a speculative model, vLLM 0.8.5.post1
        ("vllm18198-device-cpu-awq-title-torch-not-compiled-with-cuda.md", "CPU", '"cpu"'),
        # vllm-project/vllm#12936: vLLM's log "Automatically detected platform tpu.", DeepSeek-R1
        (
            "vllm12936-tpu-deepseek-r1-torch-not-compiled-with-cuda-rotary-embedding.md",
            "Google TPU",
            "detected platform tpu",
        ),
    ],
)
def test_vllms_own_platform_asking_cuda_is_named_without_a_cuda_torch(
    name: str, platform: str, shown: str
) -> None:
    """torch's "Torch not compiled with CUDA enabled" under vLLM's CPU or TPU platform: the
    model or feature has no path there in vLLM; never torch.cpu_only_build's CUDA torch."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["backend.cuda_only_package"]
    (found,) = data["findings"]
    assert found["message"].startswith(f"vLLM on its {platform} platform reached code")
    assert not found["remedy"] and "supported_hardware" in found["advice"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any("ot compiled with CUDA enabled" in t for t in texts)
    assert any(shown in t for t in texts), texts
    assert "/whl/cu" not in result.stdout and "torch.cpu_only_build" not in result.stdout


def test_torch_not_compiled_with_cuda_without_vllm_stays_a_cpu_only_torch(tmp_path: Path) -> None:
    """The same words with `--device cpu` but no line of vLLM's (vllm-project/vllm#18198's
    argument lines without the line naming vLLM's server): a `--device cpu` is any program's
    flag, so the CPU-only torch finding keeps the paste."""
    recorded = (
        ERRORS / "vllm18198-device-cpu-awq-title-torch-not-compiled-with-cuda.md"
    ).read_text()
    kept = "\n".join(line for line in recorded.splitlines() if "vLLM API server" not in line)
    report = pasted.diagnose(assemble.gathered(reports.read(kept.encode())))
    assert [f.code for f in report.findings] == ["torch.cpu_only_build"]


# issue 38: Gaudi / Neuron / TPU: docker without the vendor's container runtime
@pytest.mark.parametrize(
    ("name", "variant", "command", "backend"),
    [
        # HabanaAI/Model-References#7: docker before 23's "Unknown runtime specified habana."
        ("modelrefs7-docker-unknown-runtime-specified-habana.md", "habana", "habana", "hpu"),
        # gpustack/gpustack#3654: `--runtime nvidia` on a DGX Spark (GB10)
        (
            "gpustack3654-gb10-docker-unknown-or-invalid-runtime-nvidia.md",
            "unknown_runtime",
            "nvidia-ctk runtime configure",
            "cuda",
        ),
        # Leon-Sander/Local-Multimodal-AI-Chat#31: compose's `runtime: nvidia`, daemon not
        # restarted after daemon.json was edited
        (
            "localmultimodal31-wsl2-compose-invalid-runtime-nvidia-daemon-json.md",
            "unknown_runtime",
            "nvidia-ctk runtime configure",
            "cuda",
        ),
    ],
)
def test_docker_without_the_vendors_runtime_is_named_for_that_vendor(
    name: str, variant: str, command: str, backend: str
) -> None:
    """moby's "unknown or invalid runtime name: X" (daemon/runtime_unix.go) is the vendor's
    container runtime not registered with docker: its own runtime's remedy, never the other
    vendor's, and the line never left at "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "host.container_runtime_without_gpu"
    assert found["backend"] == backend and found["params"]["runtime"] in found["message"]
    assert found["message"].startswith("docker does not know the container runtime asked for")
    assert any("runtime" in q["text"] for q in found["rests_on"])
    remedy = found["remedy"] + (found["advice"] or "")
    assert command in remedy and "systemctl restart docker" in remedy
    other = "nvidia-ctk" if variant == "habana" else "habana-container-runtime"
    assert other not in remedy
    assert not data["unread"]


@pytest.mark.parametrize(
    "line",
    [
        "docker: Error response from daemon: unknown or invalid runtime name: habana",
        "Error response from daemon: Unknown runtime specified nvidia",
        "docker: Error response from daemon: pull access denied for foo",
    ],
)
def test_dockers_daemon_errors_are_error_lines(line: str) -> None:
    """docker's client prefix (moby/moby client/request.go) states an error by itself."""
    assert cleaning.error_like(cleaning.clean(line))


def test_a_runtime_of_no_accelerator_is_no_vendor_finding_and_stays_unread() -> None:
    """A sandbox runtime (gVisor's runsc) unknown to docker is no accelerator's: no finding
    names a vendor for it, and its line is an unread error, never "no problem"."""
    line = "docker: Error response from daemon: unknown or invalid runtime name: runsc"
    report = pasted.diagnose(assemble.gathered(reports.read(line.encode())))
    assert not report.findings
    assert any("runsc" in q.text for q in report.unread)
    assert "no problem" not in rendered.counts(report)


@pytest.mark.parametrize(
    ("name", "code", "starts", "advice"),
    [
        # aws-neuron-sdk#633: AWS's DLC on an inf1, the runtime and neuron-ls find no device
        (
            "neuronsdk633-inf1-dlc-no-neuron-device-available.md",
            "neuron.no_device",
            "no Neuron device here for the Neuron software (No neuron device available)",
            "--device=/dev/neuron0",
        ),
        # aws-neuron-sdk#482: docker's daemon, no /dev/neuron0 on the inf1 host
        (
            "neuronsdk482-inf1-docker-device-dev-neuron0-no-such-file.md",
            "neuron.driver_unusable",
            "docker could not give the container a Neuron device",
            "modprobe neuron",
        ),
        # issue 38: Neuron without a Neuron device. aws-neuron-sdk#902: torch-neuronx 2.x's
        # trace, its PJRT client counts no device
        (
            "neuronsdk902-torch-neuronx-2.1-trace-pjrt-num-devices-0.md",
            "neuron.no_device",
            "no Neuron device here for the Neuron software (Init: error condition",
            "Inf2 / Trn1 / Trn2 for torch-neuronx",
        ),
        # issue 38: Neuron runtime against driver. aws-neuron-sdk#1071: SDK 2.21's runtime
        # under inf1's framework of 2.20.2, its driver layer knows no such device
        (
            "neuronsdk1071-inf1-tensorflow-neuron-2.20.2-runtime-2.21-arch-not-found.md",
            "neuron.runtime_driver_mismatch",
            "this Neuron runtime does not know the Neuron device its driver shows "
            "(TDRV:arch_init Architecture not found)",
            "of one Neuron SDK release",
        ),
    ],
)
def test_neuron_without_a_device_is_named_with_the_neuron_remedy(
    name: str, code: str, starts: str, advice: str
) -> None:
    """No Neuron device to open, and a runtime of another release than the driver, are named
    by their own findings (a driver there but unusable stays the driver's), on the lines
    that say it, with the Neuron remedy: never a CUDA index, never "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == code and found["backend"] == "neuron"
    assert found["message"].startswith(starts)
    assert advice in (found["advice"] or "")
    assert not data["unread"]
    remedy = (found["remedy"] or "") + (found["advice"] or "")
    assert "/whl/cu" not in remedy and "nvidia" not in remedy.lower()


# issue 38: Neuron without a Neuron device: compiling alone is no such error
def test_compiling_for_neuron_on_a_machine_without_one_is_no_device_finding() -> None:
    """aws-neuron-sdk#944: torch-neuron and neuron-cc on a local machine, ResNet50 compiled
    with torch.neuron.trace. The Neuron developer flows compile on any instance ("Model
    compilation can be executed on a non-inf1 instance"): no Neuron finding, no error."""
    name = "neuronsdk944-local-torch-neuron-trace-resnet50-compile-only.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    data = result.json()["data"] or {}
    codes = [f["code"] for f in data.get("findings", [])]
    assert not [c for c in codes if c.startswith("neuron.")], codes
    assert result.returncode != 1, result.stdout


# issue 38: a library importing a transformers module its transformers is too old to have
@pytest.mark.parametrize(
    ("name", "says", "install"),
    [
        # huggingface/trl#852: trl's main under an older transformers, no version shown
        (
            "trl852-sfttrainer-no-module-transformers-integrations-deepspeed.md",
            "the installed transformers has no transformers.integrations.deepspeed: that "
            "module is in transformers 4.33.0 and later",
            "'transformers>=4.33.0'",
        ),
        # luka-group/mDPO#11: the reporter's "transformer==4.32.1"
        (
            "mdpo11-transformers-4.32.1-no-module-transformers-cache-utils.md",
            "the installed transformers 4.32.1 has no transformers.cache_utils: that module "
            "is in transformers 4.36.0 and later",
            "'transformers>=4.36.0'",
        ),
    ],
)
def test_a_transformers_module_newer_than_the_installed_transformers_is_named(
    name: str, says: str, install: str
) -> None:
    """Python's "No module named 'transformers.X'" for a module of a later transformers
    release: its own finding, the install of a release that has it, on the error line."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    (found,) = result.json()["data"]["findings"]
    assert found["code"] == "python.transformers_module_missing"
    assert found["message"] == says
    assert install in (found["remedy"] or "")


def test_a_transformers_module_the_shown_release_has_is_no_too_old_finding() -> None:
    """The table's rule (compat/transformers_modules.py, from the wheels' file lists): a
    release at or past the module's first has it, so its import error is another cause."""
    assert transformers_modules.too_old("transformers.cache_utils", "4.35.2") == "4.36.0"
    assert transformers_modules.too_old("transformers.cache_utils", "4.36.0") is None
    assert transformers_modules.too_old("transformers.integrations.deepspeed", "4.33.1") is None
    assert transformers_modules.too_old("transformers.integrations.deepspeed", None) == "4.33.0"
    assert transformers_modules.too_old("transformers.models.opt", "4.10.0") is None


# issue 38: Gaudi software made for one Intel Gaudi release on another
@pytest.mark.parametrize(
    ("name", "says", "advice"),
    [
        # Ray's Gaudi tutorial (2024): optimum-habana 1.11 for 1.14.0 on a 1.15.0 driver
        (
            "ray-gaudi-doc-2024-optimum-habana-1.11-validated-1.14-driver-1.15.txt",
            "software made for Intel Gaudi 1.14.0 runs where the host's driver (hl-smi) is 1.15.0",
            "optimum-habana release validated for 1.15.0",
        ),
        # the same tutorial (2025): optimum-habana 1.15 for 1.19.0 beside the 1.20 bridge
        (
            "ray-gaudi-doc-2025-optimum-habana-1.15-validated-1.19-habana-frameworks-1.20.txt",
            "software made for Intel Gaudi 1.19.0 runs where the PyTorch bridge "
            "(habana-torch-plugin) is 1.20.0.543",
            "vault.habana.ai/gaudi-docker/1.19.0/",
        ),
    ],
)
def test_gaudi_software_of_another_release_is_a_gaudi_warning(
    name: str, says: str, advice: str
) -> None:
    """optimum-habana's own release check (optimum/habana/utils.py check_synapse_version):
    a warning for Gaudi, the release's software or the release's image as remedy, never a
    CUDA index; the deployments ran, so no error."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "hpu.software_release_apart" and found["severity"] == "warning"
    assert found["backend"] == "hpu"
    assert found["message"].startswith(says)
    assert advice in (found["advice"] or "")
    assert "/whl/cu" not in (found["remedy"] or "") + (found["advice"] or "")


# issue 38: a library with no build for this machine (archlib): fp16 on the CPU, float64 on MPS
@pytest.mark.parametrize(
    ("name", "kernel"),
    [
        # pytorch/pytorch#48245: a .half() network on an aarch64 machine without CUDA
        ("torch48245-threshold-cpu-half-cuda-none-aarch64.md", "threshold_cpu"),
        # SCIR-HI/Huatuo-Llama-Med-Chinese#43: the bare line, nothing else shown
        ("huatuo43-addmm-impl-cpu-half-conda-cpu-torch.md", "addmm_impl_cpu_"),
    ],
)
def test_a_cpu_kernel_refusing_half_is_fp16_on_the_cpu(name: str, kernel: str) -> None:
    """torch's CPU kernel without half precision where the paste shows no CPU-only torch on a
    GPU machine: a float16 model ran on the CPU, said as a warning with no install line."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["torch.half_on_cpu"]
    (found,) = data["findings"]
    assert found["severity"] == "warning" and kernel in found["message"]
    assert any("not implemented for 'Half'" in q["text"] for q in found["rests_on"])
    assert not found["remedy"] and "/whl/" not in result.stdout


def test_a_cpu_torch_on_an_nvidia_gpu_explains_the_half_line() -> None:
    """vladmandic/sdnext#436: Torch 2.0.0+cpu and "GPU is Nvidia A100": the Half line is the
    CPU-only build's (the model ran on the CPU because torch has no CUDA), not fp16 on CPU."""
    result = run_hwdoctor(
        "detect",
        "--paste",
        str(ERRORS / "sdnext436-torch-2.0.0-cpu-a100-layernorm-half.md"),
        "--json",
    )
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["torch.cpu_only_build"]
    (found,) = data["findings"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any("LayerNormKernelImpl" in t for t in texts)
    assert any("A100" in t for t in texts) and any("2.0.0+cpu" in t for t in texts)


def test_a_cuda_kernel_refusing_half_is_not_fp16_on_the_cpu() -> None:
    """zhanghang1989/PyTorch-Encoding#363: an extension's CUDA kernel without fp16
    ("ScaledL2_Forward_CUDA"): not the CPU's, so no fp16-on-CPU finding."""
    report = diagnosed("encoding363-scaledl2-forward-cuda-half-fp16-extension.md")
    assert "torch.half_on_cpu" not in {f.code for f in report.findings}


@pytest.mark.parametrize(
    "name",
    [
        # thu-ml/tianshou#1237: a Python session on darwin, torch 2.1.1
        "tianshou1237-mps-float64-torch-2.1.1-darwin-session.md",
        # pytorch/pytorch#79019: AI-Feynman's float64 array moved to MPS
        "pytorch79019-mps-float64-aifeynman-factors-to-mps.md",
        # chemprop/chemprop#711: the message inside a notebook's error JSON
        "chemprop711-mps-float64-lightning-trainer-fit.md",
    ],
)
def test_float64_on_mps_is_the_macs_limit_as_a_warning(name: str) -> None:
    """torch's "Cannot convert a MPS Tensor to float64 dtype": MPS has no float64; the program
    or library must use float32. A warning (exit 0): the environment is fine."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["mps.float64_unsupported"]
    (found,) = data["findings"]
    assert found["severity"] == "warning" and "float32" in found["message"]
    assert any("float64" in q["text"] for q in found["rests_on"])
    assert not found["remedy"] and "/whl/" not in result.stdout


def test_flash_attns_cuda_build_on_a_rocm_torch_is_named_without_a_cuda_toolkit() -> None:
    """Dao-AILab/flash-attention#1635: flash-attn's setup.py on torch 2.7.0+rocm6.3 looked for
    nvcc. Its ROCm support is its own build (README "AMD ROCm Support"): the finding says so,
    and no CUDA toolkit or CUDA index is offered on this ROCm paste."""
    result = run_hwdoctor(
        "detect",
        "--paste",
        str(ERRORS / "flashattn1635-rocm6.3-torch-nvcc-not-found-uv-build.md"),
        "--json",
    )
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    codes = [f["code"] for f in data["findings"]]
    assert codes == ["extension.arch_unsupported"], codes
    (found,) = data["findings"]
    assert "ROCm" in found["message"] and "FLASH_ATTENTION_TRITON_AMD_ENABLE" in found["advice"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any("+rocm6.3" in t for t in texts) and any("nvcc was not found" in t for t in texts)
    assert "cuda-toolkit" not in result.stdout and "/whl/cu" not in result.stdout


@pytest.mark.parametrize(
    "name",
    [
        # Vaibhavs10/insanely-fast-whisper#118: Apple Silicon, pip's temp dir under /private/var
        "insanelyfastwhisper118-apple-silicon-flash-attn-nvcc-not-found.md",
        # haotian-liu/LLaVA#698: an M1 Max MacBook Pro
        "llava698-m1-max-flash-attn-nvcc-not-found.md",
        # kadirnar/whisper-plus#112: an M2 MacBook Pro, Homebrew's anaconda
        "whisperplus112-macbook-m2-flash-attn-homebrew-nvcc-not-found.md",
    ],
)
def test_flash_attn_built_on_a_mac_is_named_as_no_build_for_this_machine(name: str) -> None:
    """flash-attn's setup.py looking for nvcc on a Mac: flash-attn has no macOS build, so the
    finding says so and points to torch's SDPA on MPS; never the CUDA toolkit."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["extension.arch_unsupported"]
    (found,) = data["findings"]
    assert "no build for a Mac" in found["message"] and "sdpa" in found["advice"]
    assert any("flash_attn was requested" in q["text"] for q in found["rests_on"])
    assert "cuda-toolkit" not in result.stdout and "/whl/cu" not in result.stdout


# issue 38: Intel GPUs: the oneAPI runtime of another release, IPEX's Windows DLLs
@pytest.mark.parametrize(
    ("name", "library", "release"),
    [
        # oneMKL 2023's SYCL library, under IPEX's import (a rich traceback)
        ("ipex417-libmkl-sycl.so.3-import-ipex.md", "libmkl_sycl.so.3", "2023"),
        # oneMKL 2024's split SYCL BLAS library, quoted before the Level Zero loader
        (
            "ipex651-libmkl-sycl-blas.so.4-libze-loader-import-ipex.md",
            "libmkl_sycl_blas.so.4",
            "2024",
        ),
        # DPC++ 2024's runtime, wanted by Triton's Intel driver under a torch built from main
        ("xputriton3095-torch-upstream-libsycl.so.7-triton-xpu-driver.md", "libsycl.so.7", "2024"),
    ],
)
def test_a_oneapi_runtime_library_not_found_names_its_release(
    name: str, library: str, release: str
) -> None:
    """The loader's refusal of a oneAPI runtime library is that release's runtime missing
    (or not activated): the finding names the soname and the release, and its remedy is the
    oneAPI runtime, never a CUDA or ROCm build."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.oneapi_runtime_not_found" and found.severity.value == "error"
    assert found.message.startswith(f"{library} cannot be opened") and f"oneAPI {release}" in (
        found.message
    )
    said = " ".join((found.message, found.remedy or "", found.advice or ""))
    assert "setvars.sh" in said and "/whl/cu" not in said and "/whl/rocm" not in said
    (quotes,) = report.rests_on
    assert any(library in q.text for q in quotes)
    assert not report.unread and report.exit_code == 1


def test_a_soname_of_no_known_release_is_named_without_a_release() -> None:
    """A oneAPI soname the release table does not hold (the Unified Runtime's loader) is
    still the oneAPI runtime missing, its release left unsaid."""
    line = b"ImportError: libur_loader.so.0: cannot open shared object file: No such file\n"
    report = pasted.diagnose(assemble.gathered(reports.read(line)))
    (found,) = report.findings
    assert found.code == "xpu.oneapi_runtime_not_found"
    assert "oneAPI release" in found.message and "oneAPI  " not in found.message


@pytest.mark.parametrize(
    ("name", "dll"),
    [
        # IPEX 2.0.110 on an i7-1185G7; the title's cut copy is read as the same refusal
        (
            "ipex429-windows-i7-1185g7-oneapi2023.2-winerror126-intel-ext-pt-gpu.md",
            "intel-ext-pt-gpu.dll",
        ),
        (
            "ipex819-windows-ipex2.7.10xpu-winerror126-gpu-bitsandbytes-dll.md",
            "intel-ext-pt-gpu-bitsandbytes.dll",
        ),
    ],
)
def test_ipexs_windows_dll_refused_is_named_with_its_winerror(name: str, dll: str) -> None:
    """IPEX's re-raised WinError on a DLL of its bin folder is its Windows runtime missing:
    named with the DLL and the error's number, answered with the MSVC redistributable and
    the oneAPI runtime, never a CUDA build."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.ipex_windows_dll_not_loaded" and found.severity.value == "error"
    assert found.message.startswith(f"Windows refused IPEX's {dll} (WinError 126)")
    said = " ".join((found.message, found.remedy or "", found.advice or ""))
    assert "Visual C++ Redistributable" in said and "oneAPI" in said and "/whl/cu" not in said
    assert not report.unread and report.exit_code == 1


def test_ipexs_dll_refused_beside_torchvisions_warning_leaves_the_warning_unread() -> None:
    """intel/intel-extension-for-pytorch#632: IPEX's DLL is named; torchvision's own image
    warning above it is another matter and stays listed."""
    report = diagnosed("ipex632-windows-anaconda-winerror126-intel-ext-pt-gpu-after-guide.md")
    assert [f.code for f in report.findings] == ["xpu.ipex_windows_dll_not_loaded"]
    assert [q.line for q in report.unread] == [9]
    assert "image.py" in report.unread[0].text


def test_a_winerror_without_ipexs_dll_path_is_named_as_one_of_its_dlls() -> None:
    """A title that cuts the DLL's path after IPEX's name: one of IPEX's DLLs, unnamed."""
    line = b'ipex-xpu "OSError: [WinError 193] %1 is not a valid Win32 application."\n'
    report = pasted.diagnose(assemble.gathered(reports.read(line)))
    (found,) = report.findings
    assert found.code == "xpu.ipex_windows_dll_not_loaded"
    assert found.message.startswith("Windows refused one of IPEX's DLLs (WinError 193)")


def test_torchs_kernel_override_warning_under_ipex_is_no_error() -> None:
    """torch's "Overriding a previously registered kernel for the same operator and the same
    dispatch key" (c10 OperatorEntry.cpp, a TORCH_WARN) when IPEX registers its XPU kernels:
    harmless, so no error finding and no unread error line. The reporter also says "In the
    installation of the second line I got an error message" and does not show it: the
    headline says so (issue 38 item 5), no finding is made of it, exit 0."""
    report = diagnosed("ipex812-windows-ipex2.6.10xpu-operatorentry-override-warning.md")
    assert not [f for f in report.findings if f.severity.value == "error"]
    assert not report.unread and report.unread_count == 0 and report.exit_code == 0
    assert rendered.counts(report).startswith(
        "the paste states an error it does not show (line 10)"
    )


@pytest.mark.parametrize(
    "name",
    [
        "pt149953-torch2.6xpu-oneapi2025.1-activated-libur-loader-version-not-found.md",
        "pufferlib213-torch-xpu-oneapi2025.1-libur-loader-version-not-found.md",
    ],
)
def test_an_older_oneapi_library_found_first_is_named_with_the_symbol_it_lacks(name: str) -> None:
    """glibc's "version `LIBUR_LOADER_0.10' not found (required by …/libsycl.so.8)" under an
    activated oneAPI 2025.1: that release's UR loader sits ahead of the one torch's XPU wheel
    installed with pip; the advice is to leave it unactivated, never a CUDA build."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.oneapi_runtime_not_found" and found.severity.value == "error"
    assert found.message.startswith(
        "the loader found another oneAPI release's libur_loader.so.0 first: libsycl.so.8"
    )
    assert "LIBUR_LOADER_0.10" in found.message and "oneAPI 2025" in found.message
    said = " ".join((found.message, found.remedy or "", found.advice or ""))
    assert "without the other oneAPI activated" in said and "/whl/cu" not in said
    assert report.exit_code == 1
    # pytorch/pytorch#149953's "UR error" is another matter the thread has not settled
    assert all("UR error" in q.text for q in report.unread)


@pytest.mark.parametrize(
    ("name", "gpu"),
    [
        (
            "xputriton5616-a770-ci-uhd770-not-officially-supported-by-pytorch-xpu.md",
            "Intel(R) UHD Graphics 770",
        ),
        (
            "getiinstantlearn640-windows-iris-xe-not-officially-supported-minutes.md",
            "Intel(R) Iris(R) Xe Graphics",
        ),
    ],
)
def test_torchs_own_unsupported_gpu_warning_names_the_igpu(name: str, gpu: str) -> None:
    """torch's "The detected GPU (…) is not officially supported by PyTorch XPU" (a
    UserWarning, c10/xpu/XPUFunctions.cpp) names the iGPU its XPU kernels were not built
    for: the iGPU finding, with the GPU's own name, parentheses and all."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.igpu_not_supported" and found.backend == "xpu"
    assert found.message.startswith(f"torch says the Intel GPU it found, {gpu}, is not")
    said = " ".join((found.message, found.remedy or "", found.advice or ""))
    assert "/whl/cu" not in said and "/whl/rocm" not in said
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


def test_an_extension_built_for_cuda_beside_a_cpu_torch_gets_the_machines_gpu_build() -> None:
    """The ROCm rule above is about a GPU platform torch already has: the same xformers#1070
    report with a CPU torch (`+cpu` set into its line) keeps the remedy it had, a GPU build of
    the same release chosen for the machine, which here shows an RX 7900 GRE: the ROCm build,
    never the CUDA one xformers names."""
    recorded = (
        ERRORS / "xformers1070-rx7900gre-xformers-built-for-2.3.1-cu121-torch-2.3.1-rocm6.0.md"
    ).read_text(encoding="utf-8")
    assert "(you have 2.3.1+rocm6.0)" in recorded
    cpu = recorded.replace("(you have 2.3.1+rocm6.0)", "(you have 2.3.1+cpu)")
    report = pasted.diagnose(assemble.gathered(reports.read(cpu.encode())))
    (found,) = [f for f in report.findings if f.code == "extension.torch_mismatch"]
    remedy = found.remedy or ""
    assert "torch==2.3.1" in remedy and "/whl/rocm" in remedy and "/whl/cu" not in remedy
    assert "changes its build from cpu to rocm" in remedy and "uninstall" not in remedy


# issue 38 item 5: an error the reporter says happened and the paste does not show
@pytest.mark.parametrize(
    ("name", "line"),
    [
        # something678/TodKat#2: "I am facing this error." and a WhatsApp photo of it
        ("todkat2-cuda-issue-facing-this-error-whatsapp-screenshot.md", 3),
        # hiyouga/LlamaFactory#6072: the title's "训练多卡报错", the error a screenshot
        ("llamafactory6072-zh-910b-multi-npu-baocuo-screenshot.md", 1),
        # vllm-project/vllm#15529: "4卡4090启动报错", the error an image in the env block
        ("vllm15529-zh-4x4090-qwen2.5-vl-qidong-baocuo-screenshot.md", 1),
        # hiyouga/LlamaFactory#6461: llamafactory-cli env, then "报错截图如下："
        (
            "../issue_body/llamafactory6461-zh-llamafactory-env-torch2.1.0-aarch64-910b-eval-on-cpu.md",
            35,
        ),
        # pkhungurn/talking-head-anime-demo#44: "got error as this issue's title", no subject
        # before "got" (was "no problem")
        ("talkinghead44-m1-macbook-air-mps-device-error-title-only.md", 4),
    ],
)
def test_an_error_stated_and_not_shown_is_said_and_asked_for(name: str, line: int) -> None:
    """The reporter says an error happened and no line of the paste shows it (a screenshot):
    the headline says the paste states an error it does not show, never "no problem"; a
    question asks for the failing command's whole output; no finding is made of it and the
    exit code stays 0 (before: exit 2 "no report", or "no problem")."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    assert f"the error line {line} says happened" in data["not_checked"][0]["unknown"]
    assert not [f for f in data["findings"] if f["severity"] == "error"]
    assert data["not_checked"][0]["command"] == pasted.STATED_COMMAND
    text = run_hwdoctor("detect", "--paste", str(ERRORS / name)).stdout
    headline = text.split("\n\n", 1)[0]
    assert "states an error it does not show" in headline and "no problem" not in headline


@pytest.mark.parametrize(
    ("line", "states"),
    [
        # huggingface/accelerate#2340's root cause, its log cut: a link's "https:" is no colon
        # before the error's own words
        (
            "The error log above say that oneCCL could not get local rank from environment "
            "variables and [here](https://github.com/oneapi-src/oneCCL/blob/8d18c7b5cc1669a1ae4"
            "cc51eeaedbfbada8c1f46/src/common/global/global.cpp#L200) is the oneCCL source code.",
            True,
        ),
        # the error quoted after a colon is shown on the line, not only stated
        ("I get this error: RuntimeError: CUDA error: invalid device ordinal", False),
        ("I get this error: ![image](https://github.com/user-attachments/assets/x)", True),
    ],
)
def test_a_links_colon_is_not_the_error_quoted(line: str, states: bool) -> None:
    assert cleaning.states_error(line) is states


def test_an_error_only_supposed_is_no_error_stated() -> None:
    """Tele-AI/Telechat#61: a maintainer's "如果安装了flash-attn的话，应该不会报这个错误" (if
    flash-attn is installed, this error should not be reported) states no error: a paste of
    it alone has nothing to read, exit 2 in one line."""
    name = "telechat61-zh-comment-supposes-error-flash-attn.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name))
    assert result.returncode == 2 and name in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_words_stating_an_error_do_not_count_beside_its_lines() -> None:
    """A paste that shows the error itself (triton-ascend#328: "torch-npu==2.7.1导入时报错
    undefined symbol: MsprofSysCycleTime", the error quoted on the reporter's line; an
    ignorable torch-npu error line, Ascend/pytorch#108) keeps its headline: the reporter's
    words are about lines the paste holds."""
    for name in (
        "tritonascend328-zh-torch-npu-2.7.1-cann-9.0.0-undefined-symbol.md",
        "ascendpytorch108-zh-torch-npu-2.7.1-get-a-block-failed-can-be-ignored.md",
    ):
        report = diagnosed(name)
        assert report.stated is None, name
        assert "states an error" not in rendered.counts(report)


def test_an_issue_title_that_is_an_error_counts_as_a_line_of_the_paste() -> None:
    """Ascend/pytorch#90: the title is torch-npu's RuntimeError, the body only its image: the
    title's line (`# RuntimeError: …`) is an error line, listed as unread, exit 1."""
    name = "ascendpytorch90-title-runtimeerror-aclnninplacecopy-561103-screenshot.md"
    report = diagnosed(name)
    assert [q.line for q in report.unread] == [1] and report.exit_code == 1
    assert report.stated is None


# issue 38: serving limits that vLLM and TGI state: warnings, the environment is fine
@pytest.mark.parametrize(
    ("name", "line", "fit"),
    [
        # hiyouga/LlamaFactory#6472: vLLM's message is the issue's title (cut), no error word
        ("llamafactory6472-title-vllm-max-seq-len-4096-kv-cache-1216.md", 1, "1216"),
        # sherdencooper/GPTFuzz#27: the message without its ValueError
        ("gptfuzz27-vllm-max-seq-len-4096-kv-cache-1792-no-error-word.md", 4, "1792"),
        # BatsResearch/bonito#7: ValueError on one A10G, fixed by max_model_len=10000
        ("bonito7-a10g-vllm-max-seq-len-32768-kv-cache-16816.md", 6, "16816"),
    ],
)
def test_vllms_kv_cache_below_max_model_len_is_named(name: str, line: int, fit: str) -> None:
    """vLLM's "The model's max seq len (N) is larger than the maximum number of tokens that
    can be stored in KV cache (M)": a warning naming the cause, the --max-model-len that fits
    and the other remedies; exit 0, the line it rests on quoted (before: exit 2, "no
    problem" under the title, or an unread line)."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "serving.vllm_kv_cache_below_max_model_len"
    assert found["severity"] == "warning" and f"--max-model-len {fit}" in found["advice"]
    assert (
        "--gpu-memory-utilization" in found["advice"]
        and "--tensor-parallel-size" in found["advice"]
    )
    assert [q["line"] for q in found["rests_on"]] == [line] and not data["unread"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # huggingface/llm-vscode#94: the router's total-tokens refusal
        ("llmvscode94-tgi-inputs-plus-max-new-tokens-must-be-le-2048.md", "at most 2048"),
        # huggingface/text-generation-inference#628: the same in the title and the body
        ("tgi628-title-inputs-plus-max-new-tokens-must-be-le-2048-mpt-30b.md", "at most 2048"),
        # bytedance/UI-TARS#153: the launcher's ArgumentValidation, no error word in the title
        ("uitars153-tgi-argumentvalidation-max-input-tokens-65537-max-total-65536.md", "launcher"),
    ],
)
def test_tgis_token_limits_are_named(name: str, words: str) -> None:
    """TGI's router and launcher refusals (router/src/validation.rs, launcher/src/main.rs):
    a warning on TGI's token limits, every line of the message accounted for; a paste of the
    message alone with no report format is read, "messages only" (before: exit 2 for
    UI-TARS#153)."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "serving.tgi_token_limits" and found["severity"] == "warning"
    assert words in found["message"] and "--max-total-tokens" in (found["advice"] or "")
    assert not data["unread"] and not data["blocks"]


# issue 38 (s6-macintel): CUDA-only packages on a Mac, oneMKL's JIT-profiling symbol
@pytest.mark.parametrize(
    ("name", "tool"),
    [
        # huggingface/smol-course#286: uv's own hint names macosx_26_0_arm64
        ("smolcourse286-uv-macos-arm64-bitsandbytes-0.45.0-no-wheel.md", "uv"),
        # sciknoworg/OntoAligner#64: pip's list ending at 0.42.0 on a "Macbook Silicon M4"
        ("ontoaligner64-macbook-m4-bitsandbytes-0.45-no-matching-distribution.md", "pip"),
        # huggingface/open-r1#108: pip under /Users and /private/var/folders
        ("openr1-108-macos-users-bitsandbytes-0.43-no-matching-distribution.md", "pip"),
    ],
)
def test_bitsandbytes_without_a_release_for_the_mac_is_named_with_the_macs_remedy(
    name: str, tool: str
) -> None:
    """pip or uv finding no bitsandbytes release on a Mac: 0.43.0-0.48.2 ship no macOS wheel
    (PyPI's file list), so the finding names the Mac and 0.49.0's first macOS arm64 wheels,
    never a CUDA index."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["extension.bitsandbytes_on_mac"]
    (found,) = data["findings"]
    assert found["message"].startswith(f"{tool} found no bitsandbytes release for this Mac")
    assert "bitsandbytes>=0.49.0" in result.stdout and "Intel Mac" in found["advice"]
    assert any("bitsandbytes" in q["text"] for q in found["rests_on"])
    assert "/whl/cu" not in result.stdout and not data["unread"]


@pytest.mark.parametrize(
    "name",
    [
        # EnVision-Research/DA-2#4: macosx_11_0_arm64 wheels, xformers 0.0.28.post2's sdist
        "da2-4-macbook-arm64-xformers-0.0.28.post2-sdist-build-fails.md",
        # facebookresearch/xformers#753: xformers 0.0.16's sdist under /Users/…/.pyenv
        "xformers753-macos-pyenv-xformers-0.0.16-sdist-build-fails.md",
    ],
)
def test_xformers_built_from_source_on_a_mac_is_named_as_no_build_for_this_machine(
    name: str,
) -> None:
    """pip building xformers from its sdist on a Mac: xformers ships wheels for Linux and
    Windows only, so the finding says so and points to torch's SDPA on MPS; never CUDA."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    assert [f["code"] for f in data["findings"]] == ["extension.arch_unsupported"]
    (found,) = data["findings"]
    assert found["message"].startswith("xformers has no build for a Mac")
    assert "scaled_dot_product_attention" in found["advice"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any("xformers-0.0." in t for t in texts) and any("subprocess-exited" in t for t in texts)
    assert "/whl/cu" not in result.stdout and "cuda-toolkit" not in result.stdout


def test_bitsandbytes_refused_on_linux_is_not_named_a_mac() -> None:
    """cocktailpeanut/fluxgym#285: the same pip refusal of bitsandbytes==0.44.0 on CentOS
    (/home, a manylinux wheel): no Mac shown, so no Mac finding; the line stays unread."""
    report = diagnosed("fluxgym285-centos-bitsandbytes-0.44.0-no-matching-distribution.md")
    assert "extension.bitsandbytes_on_mac" not in [f.code for f in report.findings]
    assert explained(report, "bitsandbytes==0.44.0")


@pytest.mark.parametrize(
    "name",
    [
        # intel/ipex-llm#12141: the maintainer: oneAPI 2024.2 is not supported, use 2024.0
        "ipexllm12141-libtorch-cpu-undefined-symbol-ijit-notifyevent-oneapi2024.2.md",
        # intel/ipex-llm#10550: ipex_llm's import of torch
        "ipexllm10550-ipex-llm-import-undefined-symbol-ijit-notifyevent.md",
    ],
)
def test_ijit_notifyevent_undefined_is_a_newer_onemkl_found_first(name: str) -> None:
    """torch's libtorch_cpu.so wanting iJIT_NotifyEvent: oneMKL 2024.1 removed the
    JIT-profiling API, so a newer oneAPI/MKL was found first; the remedy is oneAPI 2024.0
    (ipex-llm's quickstart) or mkl 2024.0, never a CUDA index."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "xpu.oneapi_runtime_not_found" and found.severity.value == "error"
    assert "iJIT_NotifyEvent" in found.message and "oneMKL 2024.1 removed" in found.message
    advice = found.advice or ""
    assert "mkl package back to 2024.0" in advice and "/whl/cu" not in advice
    assert not report.unread and report.exit_code == 1


def test_a_geforce_named_by_vendor_and_number_shows_the_gpu_a_cpu_torch_cannot_use() -> None:
    """AUTOMATIC1111/stable-diffusion-webui#7316: "I have NVIDIA 1060" and torch 1.12.1+cpu
    on Windows: the GPU is read from the reporter's words, so the CPU build is named and the
    Half error on the CPU rests on it (no separate half-precision finding)."""
    report = diagnosed("a1111-7316-windows-nvidia-1060-torch-1.12.1-cpu-layernorm-half.md")
    assert [f.code for f in report.findings] == ["torch.cpu_only_build"]
    (found,) = report.findings
    assert "GeForce GTX 1060" in found.message and "1.12.1+cpu" in found.message
    assert explained(report, "I have NVIDIA 1060") and explained(report, "LayerNormKernelImpl")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # intel/intel-extension-for-pytorch#721: 327 s before the first .to("xpu") returns
        ("ipex721-wsl2-gpu-hangs-minutes-first-to-xpu-ipex2.3.110.md", "hangs"),
        # intel/intel-extension-for-pytorch#725: Windows 11, IPEX 2.3.110+xpu from pip, an iGPU
        ("ipex725-windows11-ipex2.3.110-slow-first-xpu-operations.md", "a long time"),
        # intel/intel-extension-for-pytorch#767: an Arc B580 without AOT kernels in IPEX
        ("ipex767-arc-b580-ipex-no-aot-kernels-5-10-minutes-first-time.md", "extremely slow"),
    ],
)
def test_the_first_xpu_work_taking_minutes_is_kernels_compiled_at_first_use(
    name: str, words: str
) -> None:
    """A reporter's words that the first XPU work hangs or takes minutes: the build has no
    ahead-of-time kernels for this Intel GPU; the remedy is the build that has them, or
    DPC++'s persistent cache, never a CUDA index (a warning: the environment works)."""
    report = diagnosed(name)
    assert [f.code for f in report.findings] == ["xpu.kernels_compiled_at_first_use"]
    (found,) = report.findings
    assert found.severity.value == "warning" and words in found.message
    advice = found.advice or ""
    assert "USE_AOT_DEVLIST" in advice and "SYCL_CACHE_PERSISTENT=1" in advice
    assert "/whl/cu" not in advice and explained(report, words)


# issue 38: Google TPU / torch_xla
@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("xla4847-tpu-env-404-no-ba16c7433-device-found.md", "tpu-env 404"),
        (
            "lightning19274-colab-torch-xla-2.1-tpu-status-check-failed.md",
            "Check failed: tpu_status.ok()",
        ),
    ],
)
def test_torch_xla_on_a_tpu_node_is_named(name: str, said: str) -> None:
    """torch_xla's PJRT client where no TPU VM is (the tpu-env metadata's 404 and no chip,
    or its TPU client refused on Colab's TPU Node runtime with torch_xla 2.1) is named as
    a TPU Node torch_xla 2.1+ does not run on, with torch_xla 2.0 or a TPU VM as the way
    out: no CUDA index, and every 404 retry line accounted for."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "tpu.node_unsupported" and found.backend == "xla"
    assert f"({said})" in found.message and "TPU Node" in found.message
    advice = found.advice or ""
    assert "torch_xla 2.0" in advice and "TPU VM" in advice
    said_all = " ".join((found.message, found.remedy or "", advice))
    assert "/whl/cu" not in said_all and "/whl/rocm" not in said_all
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1
    assert not report.unread


@pytest.mark.parametrize(
    "name",
    [
        "xla3215-colab-xlac-undefined-symbol-foreach-erf.md",
        "xla2815-colab-xlac-undefined-symbol-issubtypeofext.md",
        "objectron18-xlac-undefined-symbol-slow-conv-dilated3d.md",
    ],
)
def test_xlac_undefined_symbol_is_torch_xla_beside_another_torch(name: str) -> None:
    """The loader refusing torch_xla's _XLAC for a torch symbol is torch_xla and torch of
    different releases (the pytorch/xla README's table pairs X.Y with X.Y), named as that
    instead of the generic extension finding, the pair as the remedy."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "tpu.torch_xla_torch_apart" and found.backend == "xla"
    assert found.message.startswith("torch_xla's compiled module (_XLAC) needs `_Z")
    assert "torch_xla X.Y with torch X.Y" in (found.advice or "")
    assert report.exit_code == 1 and not report.unread


def test_torch_xla_choosing_pjrt_beside_xrt_tpu_config_is_a_warning() -> None:
    """torch_xla 2.1's "PJRT is now the default runtime" where the reporter set
    XRT_TPU_CONFIG (pytorch/xla#6331, a run that works): a configuration warning that
    XRT is gone and PJRT_DEVICE is the setting, never an error."""
    report = diagnosed("xla6331-xrt-tpu-config-set-pjrt-default-2.1.md")
    (found,) = report.findings
    assert found.code == "tpu.pjrt_device_unset" and found.severity == "warning"
    assert found.message.startswith("XRT_TPU_CONFIG is set, but torch_xla 2.1")
    assert "PJRT_DEVICE=TPU" in (found.advice or "")
    assert report.exit_code == 0


@pytest.mark.parametrize(
    ("name", "pid"),
    [
        ("xla3214-v3-8-libtpu-already-in-use-by-another-process.md", ""),
        ("jax22070-tpu-vm-tpu-already-in-use-by-pid.md", " (process 176028)"),
    ],
)
def test_libtpu_held_by_another_process_is_named(name: str, pid: str) -> None:
    """libtpu's "already in use by another process" (torch_xla's, JAX's): one process may
    open the TPU, so this one runs without it; a warning that says who holds it where the
    pid is given and how to find and free it, never "no problem"."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "tpu.in_use_by_another_process" and found.severity == "warning"
    assert found.message.endswith(f"another process holds the TPU{pid}")
    assert "lsof" in (found.advice or "")
    assert "no problem" not in rendered.counts(report)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("xla5625-kaggle-unexpected-pjrt-api-size-libtpu.md", "Unexpected PJRT_Api size"),
        ("xla6949-mismatched-pjrt-plugin-api-version.md", "Mismatched PJRT plugin PJRT API"),
    ],
)
def test_libtpu_of_another_release_is_named(name: str, said: str) -> None:
    """XLA's PJRT loader refusing libtpu (its API struct sizes or version apart from the
    framework's) is a libtpu of another release than torch_xla pins, often JAX's or
    TensorFlow's in the same environment: an error heading the report, never "no problem"
    (pytorch/xla#5625 was), and no CUDA index."""
    report = diagnosed(name)
    found = report.findings[0]
    assert found.code == "tpu.libtpu_apart" and found.severity == "error"
    assert f"({said}" in found.message
    assert "torch_xla[tpu]" in (found.advice or "") and "/whl/cu" not in (found.advice or "")
    assert report.exit_code == 1 and "no problem" not in rendered.counts(report)


# --- issue 38: ROCm device nodes denied, a conda libstdc++ too old, Gen9 Intel iGPUs ---------


@pytest.mark.parametrize(
    ("name", "also"),
    [
        # ROCm/ROCm-docker#116: rocminfo in rocm/rocm-terminal, the user in video only
        (
            "rocmdocker116-rocm-terminal-kfd-permission-denied-no-user-name.md",
            "Failed to get user name",
        ),
        # ollama/ollama#6685 (a comment): rocminfo in Ollama's ROCm container
        (
            "ollama6685-docker-rocminfo-kfd-permission-denied-not-member-of-video.md",
            'is not member of "video" group',
        ),
    ],
)
def test_rocminfo_denied_the_kfd_node_names_the_render_and_video_groups(
    name: str, also: str
) -> None:
    """rocminfo's "Unable to open /dev/kfd read-write: Permission denied" is the node's
    owner and mode: the ROCm finding a live machine gets, with ROCm's install guide's groups
    and a new login (and the container's --group-add), never a torch reinstall."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "host.device_node_denied" and found["backend"] == "rocm"
    assert found["message"].startswith("AMD GPU: this user may not open /dev/kfd (Permission")
    assert found["remedy"].splitlines() == [
        'sudo usermod -aG render,video "$USER"',
        "# then log out and back in (or start a shell with: newgrp render)",
    ]
    assert "--group-add render" in found["advice"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any("read-write: Permission denied" in t for t in texts)
    assert any(also in t for t in texts), texts
    said = " ".join((found["message"], found["remedy"], found["advice"]))
    assert "pip" not in said and "/whl/" not in result.stdout
    assert not data["unread"]


def test_rocminfo_finding_the_user_in_the_group_asks_for_a_new_login() -> None:
    """rocminfo reads membership from the group database: "<user> is member of render group"
    beside Permission denied is a group joined after the session began; the remedy is a new
    login, not joining again (the ollama#6685 recording with rocminfo's other line)."""
    recorded = (
        ERRORS / "ollama6685-docker-rocminfo-kfd-permission-denied-not-member-of-video.md"
    ).read_text(encoding="utf-8")
    line = next(t for t in recorded.splitlines() if "is not member of" in t)
    member = recorded.replace(line, "root is member of render group")
    report = pasted.diagnose(assemble.gathered(reports.read(member.encode())))
    (found,) = report.findings
    assert found.code == "host.device_node_denied"
    assert "though rocminfo finds it in the render group" in found.message
    assert "usermod" not in (found.remedy or "") and "id -nG" in (found.remedy or "")


def test_rocminfo_failing_for_another_reason_is_no_permission_finding() -> None:
    """ROCm/legacy-rocm-build#4043: the same open failing with Invalid argument (the
    driver's), the user in render and video: no group advice, and the line is still an error
    line no finding explains, never "no problem"."""
    report = diagnosed("rocm4043-mi300x-container-kfd-invalid-argument-not-permission.md")
    assert not report.findings
    assert explained(report, "Unable to open /dev/kfd read-write: Invalid argument")
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


@pytest.mark.parametrize(
    ("name", "symbol", "library", "install"),
    [
        (
            "trex182-fedora36-conda-env-libstdcxx-glibcxx-3.4.30-radeonsi.md",
            "GLIBCXX_3.4.30",
            "radeonsi_dri.so",
            "conda install --prefix /home/paul/.conda/envs/trex -c conda-forge "
            "'libstdcxx-ng>=12.1'",
        ),
        (
            "ktransformers439-anaconda-env-libstdcxx-glibcxx-3.4.32-extension.md",
            "GLIBCXX_3.4.32",
            "KTransformersOps.cpython-311-x86_64-linux-gnu.so",
            "conda install --prefix /home/ubuntu/anaconda3/envs/ktransformers-0.3 -c conda-forge "
            "'libstdcxx-ng>=13.2'",
        ),
        (
            "pt147226-xpu-conda-libstdcxx-glibcxx-3.4.32-libze-loader.md",
            "GLIBCXX_3.4.32",
            "libze_loader.so.1",
            "conda install --prefix \"$CONDA_PREFIX\" -c conda-forge 'libstdcxx-ng>=13.2'",
        ),
    ],
)
def test_a_conda_libstdcxx_older_than_a_library_needs_is_named_with_its_gcc(
    name: str, symbol: str, library: str, install: str
) -> None:
    """glibc's "<env>/lib/libstdc++.so.6: version `GLIBCXX_3.4.N' not found (required by …)":
    the environment's libstdc++ is older than the library; the remedy installs conda-forge's
    libstdcxx-ng of the GCC release that first ships that symbol version (the libstdc++
    manual's ABI table) into that environment."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "python.conda_libstdcxx_too_old" and found.severity.value == "error"
    assert symbol in found.message and library in found.message
    assert install in (found.remedy or "").splitlines()
    assert "LD_PRELOAD=" in (found.advice or "")
    assert report.exit_code == 1 and not report.unread


def test_the_systems_libstdcxx_too_old_is_not_named_as_the_conda_one() -> None:
    """pytorch/pytorch#87279: /usr/lib's libstdc++ lacks what conda-forge's torch needs, the
    other way round: no conda finding, and the line stays an error line no finding explains."""
    report = diagnosed("pt87279-conda-forge-torch-system-libstdcxx-glibcxx-3.4.30.md")
    assert "python.conda_libstdcxx_too_old" not in [f.code for f in report.findings]
    assert explained(report, "/usr/lib/x86_64-linux-gnu/libstdc++.so.6: version")
    assert "no problem" not in rendered.counts(report)


@pytest.mark.parametrize(
    ("name", "gpu", "said"),
    [
        (
            "ipexllm13055-uhd620-ollama-sycl-ls-context-crash.md",
            "Intel UHD Graphics 620",
            "a SYCL kernel's assertion failed",
        ),
        (
            "ipexllm12864-iris-plus-655-ollama-unsupported-spirv-version.md",
            "Intel(R) Iris(R) Plus Graphics 655",
            "its compiler refused SPIR-V 1.4",
        ),
    ],
)
def test_sycl_kernels_failing_on_a_gen9_igpu_name_the_igpu(name: str, gpu: str, said: str) -> None:
    """ipex-llm's Ollama log or an issue's words alone (no environment report) are read: a
    Gen9 iGPU (UHD 620, Iris Plus 655) under SYCL kernels that failed is the iGPU finding,
    with the CPU as the remedy, never a CUDA or ROCm build."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    (found,) = result.json()["data"]["findings"]
    assert found["code"] == "xpu.igpu_not_supported" and found["backend"] == "xpu"
    assert found["message"].startswith(f"the Intel GPU the paste names, {gpu}, is a Gen9")
    assert said in found["message"] and "run on the CPU" in found["advice"]
    assert "/whl/" not in result.stdout


def test_a_gen9_igpu_beside_an_arc_gpu_is_not_blamed() -> None:
    """The same UHD 620 log with an Arc A770 in the device table: the failure has another
    cause (the Arc is on every list), and the iGPU is not named."""
    recorded = (ERRORS / "ipexllm13055-uhd620-ollama-sycl-ls-context-crash.md").read_text(
        encoding="utf-8"
    )
    row = next(t for t in recorded.splitlines() if "Intel UHD Graphics 620|" in t)
    arc = recorded.replace(
        row, row + "\n" + row.replace("UHD Graphics 620", "Arc(TM) A770 Graphics")
    )
    report = pasted.diagnose(assemble.gathered(reports.read(arc.encode())))
    assert "xpu.igpu_not_supported" not in [f.code for f in report.findings]


def test_a_sycl_build_failure_on_an_igpu_on_the_lists_is_not_blamed_on_the_gpu() -> None:
    """intel/ipex-llm#12597: the same PI_ERROR_BUILD_PROGRAM_FAILURE on a 12th-generation
    Core's UHD (Xe-LP, on ipex-llm's list; the maintainers fixed their build the next day):
    no iGPU finding, and the lines stay error lines, never "no problem"."""
    report = diagnosed("ipexllm12597-12450h-uhd-ollama-build-program-failure-fixed.md")
    assert "xpu.igpu_not_supported" not in [f.code for f in report.findings]
    assert explained(report, "Build program log for 'Intel(R) UHD Graphics':")
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


# issue 38: Python's and the loader's bare messages (cleaning._BARE_MESSAGE): an error line
# where nothing else explains the paste, the symptom of a finding where one does.
def test_a_title_that_is_pythons_bare_message_is_an_error_line_not_an_unreadable_paste() -> None:
    """opendp/smartnoise-sdk#446: the title is CPython's TypeError message without its name,
    the body quotes it again; nothing else. Before: "no report hwdoctor reads" (exit 2)."""
    report = diagnosed(
        "smartnoise446-title-init-got-an-unexpected-keyword-argument-field-transformers.md"
    )
    assert not report.findings
    assert [q.line for q in report.unread] == [1, 3]
    assert "no problem" not in rendered.counts(report)


def test_a_loader_symptom_a_finding_explains_is_not_listed_as_unexplained() -> None:
    """bitsandbytes#1208's title is the loader's "undefined symbol: cdequantize_blockwise_fp32"
    of bitsandbytes' CPU library, which its finding explains: no line left unexplained."""
    report = diagnosed("bnb1208-title-cpu-so-undefined-symbol-cdequantize-blockwise.md")
    assert report.findings and not report.unread
    assert "error line" not in rendered.counts(report)


# issue 38: a bug of torch's MPS backend stated by Metal / MPSGraph, not a Python error
@pytest.mark.parametrize(
    ("name", "said", "mixed"),
    [
        # pytorch/pytorch#78879: float32 times bool / int64 on mps (torch's MPS type promotion)
        ("pt78879-mps-multiply-f32-i1-llvm-infer-result-types.md", "mps_multiply", False),
        # vladmandic/sdnext#413: mps_add over float32 and float16 operands, after a progress bar
        ("sdnext413-m1-mps-add-f32-f16-llvm-infer-result-types.md", "mps_add", True),
        # zai-org/ChatGLM-6B#951: a layer norm's varianceEps in float16 beside float32
        ("chatglm951-m1-varianceeps-f16-f32-conda-info.md", "varianceEps", True),
        # hutaiHang/Faster-Diffusion#13: the same with the error on the line after its loc
        ("fasterdiffusion13-m1-fp16-varianceeps-error-on-next-line.md", "varianceEps", True),
        # pytorch/pytorch#101251: an MPSNDArray.mm assertion in the title alone
        ("pt101251-title-mps-slicedimension-failed-assertion.md", "failed assertion", False),
    ],
)
def test_metals_assertion_names_a_bug_of_torchs_mps_backend(
    name: str, said: str, mixed: bool
) -> None:
    """MPSGraph's MLIR error on an "mps" op, MLIR's "LLVM ERROR: Failed to infer result
    type(s)." after it, or an assertion in Metal Performance Shaders' sources: a bug of torch's
    MPS kernels (pytorch/pytorch's module: mps issues), answered with a newer torch or the CPU,
    float32 where MPSGraph was given float16 beside float32; never a CUDA wheel, and every such
    line accounted for (before: 'no problem' or an unread line)."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "mps.backend_assertion" and found["backend"] == "mps"
    assert said in found["message"] and "not the Mac's setup" in found["message"]
    advice = found["advice"] or ""
    assert "upgrade torch" in advice and "/whl/" not in json.dumps(found)
    assert ("float32" in advice) is mixed
    quoted = " ".join(q["text"] for q in data["unread"])
    assert "LLVM ERROR" not in quoted and "mpsFileLoc" not in quoted and "assertion" not in quoted


def test_mlirs_words_alone_from_jax_metal_are_no_torch_mps_bug() -> None:
    """jax-ml/jax#25302: JAX's Metal plugin on an M1 Pro prints MLIR's "LLVM ERROR: Failed to
    infer result type(s)." too; with no MPSGraph line beside it, no MPS finding claims it, and
    the line stays an error no finding explains (never "no problem")."""
    report = diagnosed("jax25302-jax-metal-llvm-infer-result-types-not-torch.md")
    assert not [f for f in report.findings if f.code.startswith("mps.")]
    assert explained(report, "LLVM ERROR: Failed to infer result type(s)")
    assert any("LLVM ERROR" in q.text for q in report.unread)


def test_metal_aborting_torchs_command_buffer_is_named_where_torch_is_shown() -> None:
    """pytorch/pytorch#123171: under torch 2.3.0 on an M2 Max, Metal's "Error: command buffer
    exited with error status" (Internal Error 0000000e) is torch's MPS backend's command
    buffer aborted: named, with torch's version beside it, never a CUDA wheel."""
    report = diagnosed("pt123171-torch2.3.0-m2-max-command-buffer-exited-with-error.md")
    (found,) = report.findings
    assert found.code == "mps.backend_assertion" and found.backend == "mps"
    assert "command buffer" in found.message and "not the Mac's setup" in found.message
    assert "upgrade torch" in (found.advice or "") and "/whl/" not in (found.remedy or "")
    assert not report.unread


def test_metals_command_buffer_words_under_tensorflow_are_no_torch_bug() -> None:
    """tensorflow/tensorflow#57058: TensorFlow's Metal plugin prints the same words on an M1
    Max; with no torch in the paste, no MPS finding claims them and the line stays an error
    no finding explains."""
    report = diagnosed("tf57058-tensorflow-metal-m1-max-command-buffer-not-torch.md")
    assert not [f for f in report.findings if f.code.startswith("mps.")]
    assert any("command buffer exited" in q.text for q in report.unread)


# issue 38: a CUDA extension built with nvcc of another CUDA major than torch's
@pytest.mark.parametrize(
    ("name", "nvcc", "cuda", "index"),
    [
        # the pip build quoted with "> ", the message wrapped before "PyTorch (11.8)", and
        # torch's release in the setup list: the installed release's cu121 build
        (
            "flashattn1759-torch2.2.0-cu118-nvcc12.9-quoted-pip-build-detected-cuda-mismatch.md",
            "12.9",
            "11.8",
            "torch==2.2.0 --index-url https://download.pytorch.org/whl/cu121",
        ),
        # pip's indented build output, the message wrapped: torch's release not shown
        ("vgen29-pip-indented-flash-attn-detected-cuda-12.2-torch-11.3.md", "12.2", "11.3", "cu12"),
        # the message on one line, in bold
        ("flashattn219-bold-one-line-detected-cuda-12.1-torch-11.7.md", "12.1", "11.7", "cu12"),
        # torch 2.10's RuntimeError with the template and its arguments as a tuple
        ("flashattn2783-torch2.10-tuple-detected-cuda-12.6-torch-13.0.md", "12.6", "13.0", "cu12"),
    ],
)
def test_torchs_refusal_of_nvcc_of_another_major_is_named(
    name: str, nvcc: str, cuda: str, index: str
) -> None:
    """torch's cpp_extension refusing a CUDA extension's build ("The detected CUDA version
    (X) mismatches the version that was used to compile PyTorch (Y)", however the paste
    wraps, quotes or indents it): extension.nvcc_major_mismatch with both releases, the
    remedy a torch of nvcc's major from the wheel table, and pip's build lines explained."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "extension.nvcc_major_mismatch"]
    assert f"is release {nvcc} and torch" in found.message
    assert f"was built with CUDA {cuda}" in found.message
    assert index in (found.remedy or "") and "/whl/rocm" not in (found.remedy or "")
    assert not report.unread, report.unread
    assert "no problem" not in rendered.counts(report)
    assert explained(report, "The detected CUDA version")


def test_a_minor_cuda_mismatch_warning_is_no_refusal() -> None:
    """torch's warning for a toolkit of the same major ("has a minor version mismatch …
    Most likely this shouldn't be a problem", cpp_extension.py CUDA_MISMATCH_WARN, in
    flash-attention#269's build output) is not the refusal: no finding from it."""
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        diagnosed("flashattn269-pip-build-minor-cuda-mismatch-warning-11.0-11.6.md")


# issue 38: a bitsandbytes release built for CUDA only, under torch's ROCm build
@pytest.mark.parametrize(
    ("name", "shown"),
    [
        # python -m bitsandbytes on a gfx1030 (0.43-0.45's cuda_specs.py)
        ("bnb1513-gfx1030-rocm6.3-cuda-specs-nonetype-split.md", "(gfx1030)"),
        # 0.38-0.41's cuda_setup under a ROCm wheel named in prose
        (
            "textgen3339-torch2.0.1-rocm5.4.2-bitsandbytes-cuda-setup-nonetype-split.md",
            "(torch 2.0.1+rocm5.4.2)",
        ),
    ],
)
def test_a_cuda_only_bitsandbytes_under_rocm_torch_is_named(name: str, shown: str) -> None:
    """bitsandbytes' CUDA-version probe (`torch.version.cuda.split(".")`) failing where
    torch's ROCm build has torch.version.cuda None: backend.cuda_only_package for the AMD
    GPU, the remedy the release whose wheels carry ROCm libraries, never a CUDA index."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "backend.cuda_only_package"]
    assert found.backend == "rocm" and shown in found.message
    assert "built for NVIDIA's CUDA only" in found.message
    remedy = found.remedy or ""
    assert "uninstall -y bitsandbytes" in remedy and "'bitsandbytes>=0.49.0'" in remedy
    assert "/whl/cu" not in remedy
    assert "extension.bitsandbytes_without_gpu" not in {f.code for f in report.findings}
    assert explained(report, "'NoneType' object has no attribute 'split'")
    assert "no problem" not in rendered.counts(report) and report.exit_code == 1


def test_a_cuda_torch_on_an_amd_gpu_in_prose_is_the_build_not_the_driver() -> None:
    """YanWenKun/ComfyUI-Docker#187: a ROCm image that shipped torch 2.12.0+cu130 on a
    Radeon 890M, all in sentences (the version in backticks, a ROCm build of another image on
    the same line). torch.build_mismatch names the CUDA build and installs the ROCm wheel the
    table has for that release; torch's "Found no NVIDIA driver" is that build looking for
    NVIDIA's driver, not a driver to install."""
    report = diagnosed("comfyuidocker187-rocm7-image-ships-torch-2.12.0-cu130-radeon-890m.md")
    codes = [f.code for f in report.findings]
    assert "driver.not_found" not in codes
    (found,) = [f for f in report.findings if f.code == "torch.build_mismatch"]
    assert "Radeon 890M" in found.message and "2.12.0+cu130" in found.message
    remedy = found.remedy or ""
    assert "torch==2.12.0" in remedy and "/whl/rocm" in remedy and "/whl/cu" not in remedy
    assert explained(report, "Found no NVIDIA driver")
    assert "no problem" not in rendered.counts(report)


# issue 38: text-generation-inference and vLLM on NVIDIA: TGI's flash-attention models on a
# GPU below their compute capability, in the launcher's log layouts (a timestamped title,
# the launcher's --env with its indented nvidia-smi table)
@pytest.mark.parametrize(
    ("name", "gpu"),
    [
        # huggingface/text-generation-inference#983: 2x V100S, --env's indented table
        (
            "tgi983-2x-tesla-v100s-launcher-nvidia-smi-capability-7-0.md",
            "Tesla V100S-PCI... (compute capability 7.0)",
        ),
        # huggingface/text-generation-inference#1161: a T4, FlashAttention V2's wording in a
        # timestamped WARN line (the issue's title)
        (
            "tgi1161-tesla-t4-title-flash-attention-v2-capability-7-5.md",
            "Tesla T4 (compute capability 7.5)",
        ),
    ],
)
def test_tgis_flash_attention_capability_is_named_in_its_log_layouts(name: str, gpu: str) -> None:
    """TGI's "GPU with CUDA capability M m is not supported" (server/text_generation_server/
    utils/flash_attn.py): extension.arch_unsupported names the GPU; the remedy is what runs
    on it (TGI's models without flash attention, or a GPU of 7.5/8.0+), never a toolkit."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "extension.arch_unsupported" and gpu in found["message"]
    assert "without flash attention" in found["advice"]
    assert "toolkit" not in found["advice"] and "pip install" not in found["advice"]
    assert found["rests_on"][0]["line"] == 1 and not data["unread"]


# issue 38: TGI's or vLLM's CUDA image on a host driver older than the image's CUDA
@pytest.mark.parametrize(
    ("name", "needs", "floor"),
    [
        # vllm-project/vllm#5635: vLLM 0.5.0's image on driver 530, the toolkit's refusal
        (
            "vllm5635-docker-0.5.0-unsatisfied-condition-cuda-12.4-driver-530.md",
            "12.4",
            "550.54.14",
        ),
        # vllm-project/vllm#18813: vLLM 0.9.0's image, the same refusal for CUDA 12.8
        ("vllm18813-zh-container-0.9.0-unsatisfied-condition-cuda-12.8.md", "12.8", "570.26"),
    ],
)
def test_a_serving_image_above_the_host_driver_is_named(name: str, needs: str, floor: str) -> None:
    """nvidia-container-cli's "requirement error: unsatisfied condition: cuda>=X" (NVIDIA/
    libnvidia-container): driver.cuda_too_old, the driver CUDA X needs (NVIDIA's Table 3) or
    an image for an older CUDA; before: "nothing it knows" over two unread error lines."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "driver.cuda_too_old" and f"CUDA {needs} or newer" in found["message"]
    assert f"{floor} or newer" in found["advice"] and "tag of the image" in found["advice"]
    assert "pip install" not in found["advice"]
    # docker's wrapper line (runc's prestart hook) rests with it: nothing unread
    assert len(found["rests_on"]) == 2 and not data["unread"]


def test_tgi_on_a_driver_below_its_cuda_says_the_driver_tgi_needs() -> None:
    """huggingface/text-generation-inference#1026: TGI from source on driver 450.80.02 (CUDA
    11.0), CUDA error 222 ("the provided PTX was compiled with an unsupported toolchain"):
    driver.cuda_too_old with TGI's CUDA 11.8 and its driver; before: "nothing it knows"."""
    name = "tgi1026-a100-driver-450-cuda-11.0-ptx-unsupported-toolchain.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert (
        found["code"] == "driver.cuda_too_old" and "450.80.02, CUDA up to 11.0" in found["message"]
    )
    assert "CUDA 11.8 or newer: 520.61.05" in found["advice"]
    assert [q["line"] for q in found["rests_on"]][:2] == [1, 23] and not data["unread"]


def test_a_vllm_image_whose_torch_is_above_the_driver_is_named() -> None:
    """guqiong96/Lvllmds4#46: a vLLM-based image tagged cuda-12.8.1 on driver 570.195.03
    (CUDA 12.8) logs torch's "found version 12080": driver.cuda_too_old, the CUDA the
    driver supports named (the image's torch is built for a newer one)."""
    name = "lvllmds46-zh-vllm-image-cuda-12.8.1-driver-570-found-12080.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    (found,) = result.json()["data"]["findings"]
    assert found["code"] == "driver.cuda_too_old" and "12.8" in found["message"]


# issue 38: torch-neuron / torch-neuronx pinning one torch, beside another
def test_a_torch_apart_from_torch_neuronx_is_named_with_the_neuron_install() -> None:
    """pytorch/serve#3177: "`torch-neuronx` requires torch `2.1.2` and torch was pinned to
    `1.13`", in a sentence: the Neuron framework's own finding on that line, its install
    with torch of its series from PyPI and Neuron's repository, never a CUDA index."""
    name = "serve3177-inf2-torch-neuronx-requires-2.1.2-torch-pinned-1.13.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "neuron.torch_pinned_apart" and found["backend"] == "neuron"
    assert found["message"].startswith(
        "torch-neuronx is built for torch 2.1.*, but torch 1.13 is installed"
    )
    remedy = found["remedy"] or ""
    assert remedy.startswith("pip install 'torch-neuronx==2.1.*'")
    assert "# replaces torch 1.13 with torch==2.1.*" in remedy
    assert "--extra-index-url https://pip.repos.neuron.amazonaws.com" in remedy
    assert "/whl/cu" not in remedy and "nvidia" not in remedy.lower()
    assert any("requires torch `2.1.2`" in q["text"] for q in found["rests_on"])
    assert not data["unread"]


@pytest.mark.parametrize(
    "name",
    [
        # aws-neuron/aws-neuron-samples#47: pip says torch 1.13.1 satisfies torch==1.13.*
        "neuronsamples47-inf2-torch-neuronx-1.13.1.1.10.0-torch-1.13.1-satisfied.md",
        # aws-neuron/aws-neuron-sdk#902: torch_neuronx '2.1.2.2.1.0' beside torch
        # '2.1.2+cu121' (PyPI's build, as the Neuron images have it)
        "neuronsdk902-torch-neuronx-2.1-trace-pjrt-num-devices-0.md",
    ],
)
def test_torch_neuronx_beside_its_own_torch_is_no_torch_finding(name: str) -> None:
    """A torch of the framework's series (a local build label aside) is no mismatch."""
    report = pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))
    assert "neuron.torch_pinned_apart" not in {f.code for f in report.findings}
    assert "python.package_version_refused" not in {f.code for f in report.findings}


# issue 38: the Neuron runtime in a container apart from the host's (neuron-rtd 1.x)
@pytest.mark.parametrize(
    ("name", "code", "starts", "advice"),
    [
        # cortexlabs/cortex#1491: neuron-rtd 1.1.1402.0's image, "No devices specified"
        (
            "cortex1491-neuron-rtd-1.1.1402.0-image-no-devices-specified.md",
            "neuron.runtime_driver_mismatch",
            "neuron-rtd 1.1.1402.0 was given no Neuron device",
            "aws-neuron-dkms and aws-neuron-runtime-base of the container's runtime release",
        ),
        # aws-neuron/aws-neuron-sdk#188: runtime-base 1.0's OCI hook over the 1.1 driver
        (
            "neuronsdk188-runtime-base-1.0.8126.0-oci-prestart-hook-mounting-neuron0.md",
            "neuron.runtime_driver_mismatch",
            "the Neuron OCI hook of aws-neuron-runtime-base 1.0 could not mount a Neuron device",
            "aws-neuron-runtime-base and aws-neuron-dkms of one release",
        ),
        # aws-neuron/aws-neuron-sdk#89: the device passed, nrtd cannot open it
        (
            "neuronsdk89-neuron-rtd-1.1.1402.0-device-neuron0-could-not-open-device-index-0.md",
            "neuron.driver_unusable",
            "the Neuron runtime found no usable Neuron driver ([TDRV:tdrv_init_mla_phase1] "
            "Could not open the device index:0)",
            "sudo modprobe neuron",
        ),
    ],
)
def test_neuron_rtd_without_its_devices_is_named_with_the_neuron_remedy(
    name: str, code: str, starts: str, advice: str
) -> None:
    """neuron-rtd (Neuron Runtime 1.x) given no device, or 1.0 runtime-base's OCI hook
    failing, is the runtime apart from the host's runtime-base and driver; a device passed
    but not opened is the driver's. Each on the runtime's lines (nrtd's failed start used
    too), with the Neuron remedy, never a CUDA index, never "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == code and found["backend"] == "neuron"
    assert found["message"].startswith(starts)
    assert advice in (found["advice"] or "")
    assert not [q for q in data["unread"] if "nrtd" in q["text"] or "hook" in q["text"]]
    remedy = (found["remedy"] or "") + (found["advice"] or "")
    assert "/whl/cu" not in remedy and "nvidia" not in remedy.lower()


# issue 38: Gaudi with a torch of another accelerator (vllm-fork's collect_env)
def test_a_cuda_torch_on_a_gaudi_host_is_the_hpu_build_mismatch() -> None:
    """HabanaAI/vllm-fork#666: torch 2.5.1+cu124 beside "HPU devices: 8x HL-325L" and the
    Gaudi driver, vLLM finding no platform: torch built for another accelerator, remedied
    with Intel Gaudi's own PyTorch (its installer), never a CUDA wheel; never "no problem"."""
    name = "vllmfork666-gaudi3-hl325l-driver-1.20.1-torch-2.5.1-cu124-no-platform.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "torch.build_mismatch" and found["backend"] == "hpu"
    assert found["message"].startswith(
        "Intel Gaudi hardware is present (8x HL-325L, driver 1.20.1) but torch 2.5.1+cu124"
    )
    remedy = (found["remedy"] or "") + (found["advice"] or "")
    assert "habanalabs-installer.sh" in remedy
    assert "/whl/cu" not in remedy and "nvidia" not in remedy.lower()
    assert any("HPU devices: 8x HL-325L" in q["text"] for q in found["rests_on"])


def test_gaudis_own_torch_build_is_no_build_mismatch() -> None:
    """HabanaAI/vllm-fork#710: Intel Gaudi's torch (2.5.1a0+git6fc067b), platform hpu."""
    name = "vllmfork710-gaudi2-collect-env-torch-2.5.1a0-habana-build.md"
    report = pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))
    assert "torch.build_mismatch" not in {f.code for f in report.findings}


# issue 38: NeuronCores held by another process
@pytest.mark.parametrize(
    ("name", "said"),
    [
        # aws-neuron/aws-neuron-samples#44: torch-neuronx's DataParallel, title and prose
        (
            "neuronsamples44-inf2-sd2-dataparallel-cannot-determine-available-neuroncores.md",
            "cannot determine the number of available NeuronCores",
        ),
        # aws-neuron/aws-neuron-sagemaker-samples#9: NRT's function named in the title
        (
            "neuronsagemaker9-inf2-endpoint-error-nrt-allocate-neuron-cores.md",
            "error NRT:nrt_allocate_neuron_cores",
        ),
    ],
)
def test_neuroncores_held_by_another_process_are_named(name: str, said: str) -> None:
    """The runtime reserves every NeuronCore for the process that starts it: a second one is
    refused. Named with ending the holder or NEURON_RT_VISIBLE_CORES, never "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    (found,) = result.json()["data"]["findings"]
    assert found["code"] == "neuron.cores_in_use" and found["backend"] == "neuron"
    assert found["message"] == f"the NeuronCores are held by another process ({said})"
    assert "NEURON_RT_VISIBLE_CORES" in (found["advice"] or "")


def test_the_neuron_runtimes_info_start_is_no_cores_finding() -> None:
    """aws-neuron/aws-neuron-sdk#1018: "INFO NRT:nrt_allocate_neuron_cores Instance info::"
    is the runtime's start, not a refusal: nothing read as one."""
    name = "neuronsdk1018-trn-nrt-init-info-allocate-neuron-cores-instance-info.md"
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        reports.read((ERRORS / name).read_bytes())


# issue 38: TGI below its flash-attention floor in the forms real pastes take: the GPU only in
# a title or a template's bare "V100" beside TGI's "requires Flash Attention enabled models",
# its capability message as a title or with a full-width "！"
@pytest.mark.parametrize(
    ("name", "words", "gpu"),
    [
        (
            "tgi686-title-tesla-v100-sharded-llama-requires-flash-attention.md",
            "requires Flash Attention enabled models",
            "the Tesla V100 (compute capability 7.0)",
        ),
        (
            "tgi897-v100-alone-1.0.1-sharded-llama-requires-flash-attention.md",
            "requires Flash Attention enabled models",
            "the V100 (compute capability 7.0)",
        ),
        (
            "podman22137-title-capability-7-0-not-supported-for-flash-attention-v2.md",
            "capability 7 0",
            "compute capability 7.0",
        ),
        ("flashattn524-v100-capability-7-0-fullwidth-bang.md", "capability 7 0", "7.0"),
    ],
)
def test_tgi_below_its_flash_attention_floor_in_other_forms(
    name: str, words: str, gpu: str
) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert "text-generation-inference's flash-attention" in found.message
    assert gpu in found.message, found.message
    quotes = report.rests_on[report.findings.index(found)]
    assert any(words in q.text for q in quotes)
    assert report.exit_code == 1


def test_tgis_flash_attention_words_beside_an_h100_name_no_old_gpu() -> None:
    """huggingface/text-generation-inference#714: the same refusal on two H100s is a build
    without its flash kernels, not a GPU below the floor."""
    report = diagnosed("tgi714-h100-0.9.3-sharded-llama-requires-flash-attention.md")
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}
    assert "no problem" not in rendered.counts(report)


# issue 38: Intel GPUs in the forms real pastes take: IGC's SPIR-V refusal as a title without
# its number, an iGPU named in the sentence that says the first run never ends
@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        (
            "ipexllm12168-title-unsupported-spirv-version-iris-xe-driver-30.0.101.3111.md",
            "xpu.igpu_not_supported",
            "Unsupported SPIR-V version",
        ),
        (
            "spirvtools5834-title-spirv-66560-ipex-llm-windows-guide.md",
            "xpu.igpu_not_supported",
            "66560",
        ),
        (
            "ipex645-windows-igpu-ipex-2.1.30-xpu-still-pending-after-an-hour.md",
            "xpu.kernels_compiled_at_first_use",
            "still pending",
        ),
        (
            "ipex399-windows-a770le-first-pass-takes-forever.md",
            "xpu.kernels_compiled_at_first_use",
            "takes forever to run the first pass",
        ),
    ],
)
def test_intel_gpu_causes_in_the_forms_pastes_take(name: str, code: str, words: str) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == code]
    quotes = report.rests_on[report.findings.index(found)]
    assert any(words in q.text for q in quotes)
    assert "no problem" not in rendered.counts(report)
    assert not any("/whl/cu" in (f.remedy or "") for f in report.findings)


# issue 38: xformers on a Mac in the forms pastes take: the Mac named in words ("Mac / M1",
# "macos M1", "on Mac"), xformers named only in the title, pip's build line or its note
@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("unsloth414-apple-m1-pro-xformers-0.0.25.post1-sdist-wheel-fails.md", "xformers"),
        ("openllmwebui8-title-mac-m1-building-wheel-for-xformers-error.md", "Mac / M1"),
        ("chatchat3771-zh-title-macos-m1-xformers-get-requires-users-path.md", "xformers"),
        ("kohya3281-title-on-mac-xformers-no-module-named-torch-subprocess-note.md", "on Mac"),
    ],
)
def test_xformers_built_on_a_mac_in_the_forms_pastes_take(name: str, words: str) -> None:
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "extension.arch_unsupported"]
    assert "xformers has no build for a Mac" in found.message
    quotes = report.rests_on[report.findings.index(found)]
    assert any(words in q.text for q in quotes)
    assert not any("/whl/cu" in (f.remedy or "") for f in report.findings)


def test_xformers_build_failing_with_no_mac_shown_is_not_the_macs() -> None:
    """mlfoundations/open_lm#267: the same sdist build failing, no Mac in the paste."""
    report = diagnosed("openlm267-python-3.12-xformers-sdist-no-module-torch-no-mac.md")
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}


# issue 38 (s7-build): the wrong torch build for the GPU the paste names, in the forms real
# pastes take: torch's words in a title or retold in a sentence, the GPU in prose, in
# nvidia-smi, or as an AMD target alone
@pytest.mark.parametrize(
    ("name", "code", "backend", "index"),
    [
        # the title's words and "on RTX2060" in a sentence, on Windows 10
        (
            "riffusion145-windows-rtx2060-prose-torch-not-compiled-with-cuda-title.md",
            "torch.cpu_only_build",
            "cuda",
            "/whl/cu",
        ),
        # the title's words and a comment's nvidia-smi (Windows' TCC/WDDM header)
        (
            "fooocusapi84-nvidia-smi-wddm-rtx2060-torch-not-compiled-with-cuda-title.md",
            "torch.cpu_only_build",
            "cuda",
            "/whl/cu",
        ),
        # an installer's PyPI torch on an RX 7900 XTX, torch's words retold
        (
            "comfyinstaller15-rx7900xtx-installer-pypi-torch-no-nvidia-drivers-found-retold.md",
            "torch.build_mismatch",
            "rocm",
            "/whl/rocm",
        ),
        # "I have an AMD gpu" and torch's words retold, nothing else
        (
            "deforum55-amd-gpu-in-prose-no-nvidia-driver-found-retold.md",
            "torch.build_mismatch",
            "rocm",
            "/whl/rocm",
        ),
        # a CPU-only torch asked for CUDA where the reporter has an AMD GPU
        (
            "fooocusapi336-amd-gpu-in-prose-torch-not-compiled-with-cuda.md",
            "torch.cpu_only_build",
            "rocm",
            "/whl/rocm",
        ),
        # the title only: a Radeon 6700XT and torch's "Found no NVIDIA driver"
        (
            "comfy653-title-radeon-6700xt-found-no-nvidia-driver.md",
            "torch.build_mismatch",
            "rocm",
            "/whl/rocm",
        ),
        # Windows paths and gfx1151 alone: AMD's Windows wheels, no index of PyTorch's
        (
            "comfyuirocm131-windows-gfx1151-torch-not-compiled-with-cuda.md",
            "torch.cpu_only_build",
            "rocm",
            "rocm.docs.amd.com",
        ),
    ],
)
def test_the_wrong_torch_build_for_the_gpu_named_is_named(
    name: str, code: str, backend: str, index: str
) -> None:
    """A CPU-only or CUDA torch where the paste names an NVIDIA or AMD GPU, however it names
    it: the build finding for that GPU's backend alone, its remedy that backend's build, never
    a CUDA index on a paste that shows an AMD GPU, and no NVIDIA driver to install there."""
    report = diagnosed(name)
    builds = [f for f in report.findings if f.code.startswith("torch.")]
    assert [(f.code, f.backend) for f in builds] == [(code, backend)]
    remedy = (builds[0].remedy or "") + (builds[0].advice or "")
    assert index in remedy
    if backend == "rocm":
        assert "/whl/cu" not in remedy
        assert "driver.not_found" not in {f.code for f in report.findings}
    assert "no problem" not in rendered.counts(report)


def test_a_cpu_torch_asked_for_cuda_beside_an_amd_gpu_is_the_amd_gpus_finding() -> None:
    """torch's "Torch not compiled with CUDA enabled" where the paste shows an AMD GPU and no
    NVIDIA one: the program's torch.cuda call asks the build the AMD GPU needs (ROCm answers
    torch.cuda), so the one finding is the AMD GPU's, not a second one asking for CUDA."""
    report = diagnosed("fooocusapi336-amd-gpu-in-prose-torch-not-compiled-with-cuda.md")
    (found,) = [f for f in report.findings if f.code == "torch.cpu_only_build"]
    assert found.backend == "rocm" and '"I have an AMD GPU"' in found.message
    assert explained(report, "Torch not compiled with CUDA enabled")


# issue 38 (s7-build): bitsandbytes' CUDA-only releases under torch's ROCm build, in the forms
# real pastes take: its own "despite CUDA being available" beside the probe's failure, the
# traceback without indentation, and the library's later 'NoneType' … 'cquantize…' in a title
@pytest.mark.parametrize(
    ("name", "symptom"),
    [
        (
            "rocmdocker149-invokeai-bnb-cuda-setup-failed-despite-cuda-available-nonetype-split.md",
            "CUDA Setup failed despite CUDA being available",
        ),
        (
            "comfy5163-bnb-nf4-lib-none-cquantize-nonetype-split-cuda-available-warning.md",
            "'cquantize_blockwise_fp16_nf4'",
        ),
        (
            "bnb1404-invokeai-unindented-cuda-specs-nonetype-split-title-cuda-available.md",
            "torch.version.cuda.split",
        ),
    ],
)
def test_bitsandbytes_cuda_setup_despite_cuda_available_on_rocm_is_named(
    name: str, symptom: str
) -> None:
    """bitsandbytes 0.43-0.45 prints "CUDA Setup failed despite CUDA being available" only
    where torch.cuda.is_available() (cextension.py); beside its probe failing on
    torch.version.cuda None, that is torch's ROCm build: backend.cuda_only_package for the AMD
    GPU, the ROCm-carrying release as remedy, every bitsandbytes line explained."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == "backend.cuda_only_package"]
    assert found.backend == "rocm" and "built for NVIDIA's CUDA only" in found.message
    remedy = found.remedy or ""
    assert "'bitsandbytes>=0.49.0'" in remedy and "/whl/cu" not in remedy
    assert explained(report, symptom)
    assert not report.unread, report.unread
    assert report.exit_code == 1


def test_bitsandbytes_cuda_available_words_without_the_probe_failure_name_no_rocm() -> None:
    """The same warning without the probe's failure on torch.version.cuda None (ROCm/
    ROCm-docker#149's comment, its bitsandbytes lines taken out) does not show torch's ROCm
    build: no bitsandbytes_rocm finding is made of "despite CUDA being available" alone."""
    recorded = (
        ERRORS
        / "rocmdocker149-invokeai-bnb-cuda-setup-failed-despite-cuda-available-nonetype-split.md"
    ).read_text()
    kept = "\n".join(line for line in recorded.splitlines() if "NoneType" not in line)
    report = pasted.diagnose(assemble.gathered(reports.read(kept.encode())))
    assert "backend.cuda_only_package" not in {f.code for f in report.findings}


# issue 38 item 5 (s7-build): the reporter's words for an error, as non-native reporters write
# them (no article, "face", "it's get"): the error stated and not shown is said, never
# "no problem", and no finding is made of it
@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("cvlib6-getting-error-at-model-train-no-article.md", 3),
        ("differnet31-face-an-error-when-run-main-screenshot.md", 5),
        ("hierarchical3dgs53-why-its-get-error-at-cuda-screenshot.md", 6),
    ],
)
def test_an_error_stated_in_non_native_words_is_said(name: str, line: int) -> None:
    """tanay-bits/cvlib#6 ("I'm getting error at self.model.train"), marco-rudolph/
    differnet#31 ("I face an error when I run"), graphdeco-inria/hierarchical-3d-gaussians#53
    ("why it's get error at .cuda() ?"): before, each was refused as "no report"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    assert f"the error line {line} says happened" in data["not_checked"][0]["unknown"]
    assert not [f for f in data["findings"] if f["severity"] == "error"]


@pytest.mark.parametrize(
    ("line", "stated"),
    [
        # the recordings' own sentences, and the same words supposed or denied
        ("I'm getting error at self.model.train", True),
        ("I face an error when I run `python main.py`", True),
        ("but why it's get error at .cuda() ?", True),
        ("if I'm getting error at self.model.train", False),
        ("I never face an error when I run `python main.py`", False),
    ],
)
def test_non_native_error_words_and_their_denials(line: str, stated: bool) -> None:
    """The widened words state an error; a supposition ("if") or a denial ("never") in the
    same sentence does not (cleaning._NOT_STATED)."""
    assert cleaning.states_error(line) is stated


# GNU ld's unresolved symbols (binutils ld/ldmain.c undefined_symbol) have no error word
@pytest.mark.parametrize(
    ("name", "line", "count"),
    [
        # eleven "undefined reference to `…'" lines, no collect2 line, under make's title
        ("pt42791-ld-undefined-reference-lapack-libtorch-cuda-only.md", 4, 12),
        # the title and two ld lines before collect2's, then make's two "*** [...] Error N"
        ("pt17148-ld-undefined-reference-cudapushcallconfiguration-collect2.md", 7, 6),
        # "… more undefined references to `…' follow" on one long line, then gmake's three
        ("tinycudann243-ld-more-undefined-references-follow-collect2.md", 4, 6),
    ],
)
def test_the_linkers_undefined_references_are_error_lines(name: str, line: int, count: int) -> None:
    """ld's "undefined reference to `sym'" and "more undefined references to `sym' follow"
    are error lines: counted and listed as unexplained, never "no problem" (before: only the
    title or collect2's line counted)."""
    report = diagnosed(name)
    assert line in {q.line for q in report.unread}, report.unread
    assert report.unread_count == count
    assert "no problem" not in rendered.counts(report)


# issue 38: vLLM without a device in its other wordings: its log that it found no platform,
# and torch refusing the empty device type of vLLM's UnspecifiedPlatform. Before: "nothing it
# knows" with the error line unread, or "no problem" over the log line.
@pytest.mark.parametrize(
    ("name", "said"),
    [
        # vllm-project/vllm#27807: "using CPU", the log line and the title's torch error
        (
            "vllm27807-cpu-no-platform-detected-device-string-must-not-be-empty.md",
            "Device string must not be empty",
        ),
        # xorbitsai/inference#3784: an AMD iGPU, vLLM named only in the Chinese title
        (
            "xinference3784-zh-amd-8060s-vllm-device-string-must-not-be-empty.md",
            "Device string must not be empty",
        ),
        # vllm-project/vllm#16407: a Granite Rapids Xeon, the log line quoted in prose too
        (
            "vllm16407-granite-rapids-xeon-no-platform-detected-unspecifiedplatform.md",
            "No platform detected, vLLM is running on UnspecifiedPlatform",
        ),
        # data-infra/cube-studio#38: the log line alone
        (
            "cubestudio38-vllm0.8.5-no-platform-detected-unspecifiedplatform-log.md",
            "No platform detected, vLLM is running on UnspecifiedPlatform",
        ),
        # vllm-project/vllm#16724: the log line above collect_env's three A10s, CUDA False
        (
            "vllm16724-a10-cuda-false-driver525-cu124-no-platform-detected.md",
            "No platform detected, vLLM is running on UnspecifiedPlatform",
        ),
        # vllm-project/vllm#3019: a Kubernetes pod, torch's words in the title, vLLM by a URL
        (
            "vllm3019-kubernetes-nvidia-cuda-image-no-cuda-gpus-are-available.md",
            "No CUDA GPUs are available",
        ),
        # vllm-project/vllm#26774: vLLM's collect_env in its image, in a pod
        (
            "vllm26774-pod-vllm-workspace-collect-env-no-cuda-gpus-are-available.md",
            "No CUDA GPUs are available",
        ),
        # ray-project/ray#51193: Ray Serve starting vLLM, the error quoted in prose
        ("ray51193-ray-serve-vllm-no-cuda-gpus-are-available.md", "No CUDA GPUs are available"),
    ],
)
def test_vllm_finding_no_platform_is_named_in_its_other_wordings(name: str, said: str) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "backend.vllm_no_device" and said in found["message"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any(said in t for t in texts), texts
    assert not data["unread"] and "/whl/" not in result.stdout
    if "No CUDA GPUs" in said:  # the process sees no GPU: where it runs, never a CPU build
        assert "nvidia.com/gpu" in found["advice"] and "num_gpus" in found["advice"]
    else:
        assert "CPU backend" in found["advice"]


@pytest.mark.parametrize(
    ("name", "unread"),
    [
        # vllm-project/vllm-ascend#167: vLLM Ascend's plugin activated after the log line
        ("vllmascend167-zh-910b-no-platform-detected-then-plugin-ascend-activated.md", 1),
        # sgl-project/sglang#8004: SGLang on an Ascend NPU imports vLLM, which logs it
        ("sglang8004-ascend-npu-vllm-imported-no-platform-detected-torch-npu.md", 3),
        # TorchStudio/torchstudio#8: torch's empty device string with no vLLM anywhere
        ("torchstudio8-macos-empty-training-device-device-string-must-not-be-empty.md", 2),
    ],
)
def test_no_platform_words_without_vllm_failing_are_no_vllm_finding(name: str, unread: int) -> None:
    """A platform plugin activated after vLLM's log line, vLLM imported by another server on
    an NPU, torch's empty device string in a program that is not vLLM: no vLLM finding (the
    error lines stay listed as unread, never "no problem")."""
    report = diagnosed(name)
    assert "backend.vllm_no_device" not in {f.code for f in report.findings}
    assert len(report.unread) == unread and "no problem" not in rendered.counts(report)


# issue 38: a model type the installed transformers predates (transformers' AutoConfig, its
# KeyError or its "does not recognize this architecture"), in a title, a traceback, prose
@pytest.mark.parametrize(
    ("name", "model_type", "first", "found"),
    [
        # hiyouga/LlamaFactory#8139: the [rank0] traceback's KeyError alone
        (
            "llamafactory8139-zh-qwen3-4b-keyerror-qwen3-configuration-auto.md",
            "qwen3",
            "4.51.0",
            "",
        ),
        # snicolast/ComfyUI-IndexTTS2#21: the title alone
        ("comfyuiindextts2-21-title-model-type-qwen3-not-recognized.md", "qwen3", "4.51.0", ""),
        # xorbitsai/inference#3401: Xinference's image, qwen3_moe
        ("xinference3401-zh-docker-v1.5.1-qwen3-moe-not-recognized.md", "qwen3_moe", "4.51.0", ""),
        # 1038lab/ComfyUI-QwenVL#30: transformers 4.49.0 said in the title
        (
            "comfyuiqwenvl30-qwen3-vl-fp8-transformers-4.49.0-not-recognized.md",
            "qwen3_vl",
            "4.57.0",
            "4.49.0",
        ),
        # intel/intel-extension-for-pytorch#827: the KeyError, then the ValueError
        ("ipex827-qwen3-keyerror-then-not-recognized-ipex2.6.md", "qwen3", "4.51.0", ""),
        # issue 38 (s16-models): any model type of the generated table (compat/
        # model_types_table.txt). hiyouga/LlamaFactory#10219: KeyError: 'qwen3_5' through
        # configuration_auto.py, a type 5.2.0 added (the Chinese prose's 5.0.0 is not read)
        (
            "llamafactory10219-zh-qwen3.5-transformers-5.0.0-keyerror-qwen3-5.md",
            "qwen3_5",
            "5.2.0",
            "",
        ),
        # huggingface/transformers#34161: the title's KeyError, `transformers env` 4.44.2
        (
            "transformers34161-qwen2-vl-keyerror-title-transformers-env-4.44.2.md",
            "qwen2_vl",
            "4.45.0",
            "4.44.2",
        ),
        # oobabooga/textgen#6789: the KeyError through configuration_auto.py's CONFIG_MAPPING
        ("textgen6789-gemma3-keyerror-configuration-auto-webui.md", "gemma3", "4.50.0", ""),
        # unslothai/unsloth#2054: unsloth's RuntimeError carrying transformers' words
        ("unsloth2054-gemma-3-12b-it-model-type-gemma3-not-recognized.md", "gemma3", "4.50.0", ""),
        # xorbitsai/inference#1808: the title, and "Transformer 4.34.1" in prose
        (
            "xinference1808-gemma2-not-recognized-transformer-4.34.1.md",
            "gemma2",
            "4.42.0",
            "4.34.1",
        ),
        # hiyouga/LlamaFactory#6784: "4.48 and 4.48.1" (two releases: none shown)
        (
            "llamafactory6784-qwen2.5-vl-transformers-4.48.1-not-recognized.md",
            "qwen2_5_vl",
            "4.49.0",
            "",
        ),
    ],
)
def test_a_model_type_newer_than_transformers_names_the_release_that_added_it(
    name: str, model_type: str, first: str, found: str
) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (finding,) = data["findings"]
    assert finding["code"] == "python.transformers_model_type_unknown"
    assert f"model type {model_type}:" in finding["message"] and first in finding["message"]
    # "python -m pip" where the paste shows its Python (a traceback's path: issue 38, s13-prose)
    assert finding["remedy"].removeprefix("python -m ") == f"pip install 'transformers>={first}'"
    assert (found in finding["message"]) if found else "transformers does not" in finding["message"]
    assert any(model_type in q["text"] for q in finding["rests_on"])
    assert not [u for u in data["unread"] if model_type in u["text"]]


def test_the_model_type_table_is_read_from_every_release() -> None:
    """compat/model_types_table.txt (tools/model_types.py, from every release's wheel): every
    minor release from 4.0 to the newest read, yanked ones among them, and each first release
    the one the model's own card names (Qwen1.5's: "transformers>=4.37.0"; Qwen3's:
    "transformers<4.51.0 … KeyError: 'qwen3'"; QwenLM/Qwen3-VL's README: ">= 4.57.0", the
    release PyPI has since yanked; Gemma 3: EuroEval/EuroEval#858, ">=4.50.0, which includes
    Gemma3 support")."""
    table = transformers_modules.model_types()
    minors = {tuple(release.split(".")[:2]) for release in table.releases}
    assert {("4", str(minor)) for minor in range(0, 58)} <= minors
    assert set(table.yanked) <= set(table.releases) and "4.57.0" in table.yanked
    assert len(table.first) > 800
    for model_type, release in (("qwen2", "4.37.0"), ("qwen3", "4.51.0"),
                                ("qwen3_moe", "4.51.0"), ("qwen3_vl", "4.57.0"),
                                ("gemma3", "4.50.0")):  # fmt: skip
        assert transformers_modules.model_type_first(model_type) == release
    assert all(first in table.releases for first, _ in table.first.values())
    assert transformers_modules.model_type_too_old("gemma3", "4.49.0") == "4.50.0"
    assert transformers_modules.model_type_too_old("gemma3", "4.50.0") is None
    assert transformers_modules.model_type_first("model_state_dict") is None


# issue 38 (s16-models): a transformers before 4.43 refusing Llama 3.1's rope_scaling
@pytest.mark.parametrize(
    ("name", "found"),
    [
        # foundation-model-stack/foundation-model-stack#384: LlamaConfig's traceback
        ("fms384-llama3.1-70b-rope-scaling-rope-type-llama3-refused.md", ""),
        # StartHua/Comfyui_CXH_joy_caption#35: 4.31-4.36's words, "with with two fields"
        ("cxhjoycaption35-title-rope-scaling-with-with-two-fields-llama3.md", ""),
        # tonychenxyz/selfie#10: the dict wrapped onto the next line, transformers==4.34.0
        ("selfie10-llama-3.1-8b-rope-scaling-with-with-transformers-4.34.0.md", " 4.34.0"),
    ],
)
def test_llama_3_1_rope_scaling_refused_names_transformers_4_43(name: str, found: str) -> None:
    report = diagnosed(name)
    (finding,) = report.findings
    assert finding.code == "python.transformers_model_type_unknown"
    assert finding.message == (
        f"the installed transformers{found} does not know the rope_scaling type llama3: "
        "transformers 4.43.0 and later do"
    )
    assert explained(report, "'original_max_position_embeddings': 8192")
    assert not report.unread


# issue 38 (s16-models): a model named beside a transformers older than its model type
@pytest.mark.parametrize(
    ("name", "message"),
    [
        # iLearn-Lab/ACL25-AdaReTaKe#7: the title's question, "transformers==4.45.2? 能支持
        # Qwen2.5-vl？"; the maintainer: "Definitely not"
        (
            "adaretake7-zh-title-transformers-4.45.2-qwen2.5-vl.md",
            "the paste names model Qwen2.5-VL; its model type qwen2_5_vl is in transformers "
            "from 4.49.0; the paste shows 4.45.2",
        ),
        # Tencent/SelfEvolvingAgent#14: "transformers version==4.37.2, which only contains
        # qwen2vl, not qwen2.5vl"
        (
            "selfevolvingagent14-qwen2.5vl-toml-transformers-4.37.2.md",
            "the paste names model Qwen2.5-VL; its model type qwen2_5_vl is in transformers "
            "from 4.49.0; the paste shows 4.37.2",
        ),
    ],
)
def test_a_model_named_beside_an_older_transformers(name: str, message: str) -> None:
    report = diagnosed(name)
    (finding,) = report.findings
    assert finding.code == "python.transformers_older_than_model"
    assert finding.message == message
    assert finding.remedy == "pip install 'transformers>=4.49.0'"


@pytest.mark.parametrize(
    "name",
    [
        # hiyouga/LlamaFactory#7182: llamafactory-cli env's Transformers 4.49.0 and
        # Qwen/Qwen2.5-VL-7B-Instruct: vLLM 0.7.2 failed to inspect it, fixed in vLLM 0.7.3
        "llamafactory7182-qwen2.5-vl-transformers-4.49.0-vllm-0.7.2-inspect-failed.md",
        # open-compass/VLMEvalKit#813: Qwen2.5-VL-7B-Instruct's score under transformers==4.49.0
        "vlmevalkit813-qwen2.5-vl-7b-transformers-4.49.0-score-lower.md",
        # yolain/ComfyUI-Easy-IndexTTS2#14: "qwen3版本太高" beside pip show's transformers 4.57.0
        "easyindextts2-14-zh-qwen3-pip-show-transformers-4.57.0.md",
    ],
)
def test_a_model_named_beside_a_transformers_that_has_it_says_nothing(name: str) -> None:
    report = diagnosed(name)
    assert not [f for f in report.findings if f.code.startswith("python.transformers_")]


def models_read(name: str) -> list[tuple[int, str]]:
    """The models the reader read from a recording: (line, words)."""
    read = reports.read((ERRORS / name).read_bytes())
    return [(f.quote.line, f.value) for f in read.facts if f.key is FactKey.MODEL_NAMED]


# issue 38 (s16-mend-models): a model counts only where the paste loads it or fails on it: the
# red team's "I want to try Qwen2.5-VL later" beside transformers 4.36.2 named Qwen2.5-VL's
# release as the cure. RicardoLuL/VaLiD_LVLMs_hallucinations#2 shows it in a real thread: the
# maintainer's transformers==4.31.0 for Qwen-VL-7B, the reporter's "any plans to adapt your
# algorithm to the Qwen2.5vl model?", then a LLaVA traceback: no model of the table is loaded.
def test_a_model_wished_for_beside_an_older_transformers_says_nothing() -> None:
    report = diagnosed(
        "validlvlm2-zh-qwen-vl-transformers-4.31.0-plans-for-qwen2.5vl-llava-image-mean.md"
    )
    assert not [f for f in report.findings if f.code.startswith("python.transformers_")]
    assert explained(report, "AttributeError: 'NoneType' object has no attribute 'image_mean'")


# The reader's side of it, in more real recordings: prose naming a model, read as one before.
@pytest.mark.parametrize(
    ("name", "line"),
    [
        # pytorch/xla#9524: a setup step's aside, "(You can download the
        # Llama 3.1 8B Instruct to the local …)"
        ("xla9524-tpu-compile-permanent-error-vmem.md", 14),
        # hiyouga/LlamaFactory#6784: a link to the model's page, and its model card's prose
        ("llamafactory6784-qwen2.5-vl-transformers-4.48.1-not-recognized.md", 28),
        ("llamafactory6784-qwen2.5-vl-transformers-4.48.1-not-recognized.md", 30),
        # xorbitsai/inference#1808: the maintainer's advice, "… transformers version support
        # 'gemma2' (version: 4.42.3 supported)"
        ("xinference1808-gemma2-not-recognized-transformer-4.34.1.md", 6),
        # the reporter's wish (RicardoLuL/VaLiD_LVLMs_hallucinations#2)
        ("validlvlm2-zh-qwen-vl-transformers-4.31.0-plans-for-qwen2.5vl-llava-image-mean.md", 11),
        # flashserve/flash-linear-attention-npu#149: an image's tag on its first line, no
        # title ("…-py3.11-qwen3-5" is Qwen3.5)
        ("flanpu149-zh-npu-oom-more-than-1eb-kernel-overwrite.md", 1),
    ],
)
def test_a_model_in_prose_is_not_a_model_loaded(name: str, line: int) -> None:
    assert line not in [number for number, _ in models_read(name)]


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        # the title (iLearn-Lab/ACL25-AdaReTaKe#7, Tencent/SelfEvolvingAgent#14)
        ("adaretake7-zh-title-transformers-4.45.2-qwen2.5-vl.md", [1]),
        ("selfevolvingagent14-qwen2.5vl-toml-transformers-4.37.2.md", [1]),
        # from_pretrained("Qwen/Qwen2-VL-7B-Instruct") (huggingface/transformers#34161), not
        # the link to its page on line 37
        ("transformers34161-qwen2-vl-keyerror-title-transformers-env-4.44.2.md", [1, 45, 46]),
        # a link's hub id, "[Llama 3.1 70B](meta-llama/Llama-3.1-70B-Instruct)", beside "I am
        # seeing the following Error" (foundation-model-stack/foundation-model-stack#384)
        ("fms384-llama3.1-70b-rope-scaling-rope-type-llama3-refused.md", [1, 3, 17]),
        # `vllm serve "Qwen/Qwen2.5-VL-7B-Instruct"` (vllm-project/vllm#15286)
        ("vllm15286-prose-windows-conda-no-module-vllm-c.md", [9]),
    ],
)
def test_a_model_loaded_is_read_once_a_line(name: str, lines: list[int]) -> None:
    """The title, a hub id, an argument, an error line: each line's model once (unsloth's
    title names gemma3 three times, unslothai/unsloth#2054)."""
    assert [number for number, _ in models_read(name)] == lines


def test_a_line_naming_a_model_thrice_is_one_fact() -> None:
    read = models_read("unsloth2054-gemma-3-12b-it-model-type-gemma3-not-recognized.md")
    assert [number for number, _ in read].count(1) == 1


# issue 38: a library passing SentenceTransformer an argument its release predates
@pytest.mark.parametrize(
    ("name", "argument", "first"),
    [
        # michaelfeil/infinity#85: the embedder's traceback
        (
            "infinity85-sentencetransformer-unexpected-keyword-trust-remote-code.md",
            "trust_remote_code",
            "2.3.0",
        ),
        # xusenlinzy/api-for-open-llm#264: a RAG server's traceback, a Chinese template
        (
            "apiforopenllm264-zh-rag-embedding-sentencetransformer-trust-remote-code.md",
            "trust_remote_code",
            "2.3.0",
        ),
        # theroyallab/tabbyAPI#168: the title alone
        (
            "tabbyapi168-title-sentencetransformer-unexpected-keyword-model-kwargs.md",
            "model_kwargs",
            "3.0.0",
        ),
    ],
)
def test_a_sentence_transformer_argument_names_the_release_that_added_it(
    name: str, argument: str, first: str
) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "python.sentence_transformers_too_old"
    assert f"takes no {argument}:" in found["message"] and f" {first} and later" in found["message"]
    assert found["remedy"].endswith(f"install 'sentence-transformers>={first}'")
    assert any(argument in q["text"] for q in found["rests_on"]) and not data["unread"]


def test_another_class_refusing_an_argument_is_no_sentence_transformers_finding() -> None:
    """Leon-Sander/Local-Multimodal-AI-Chat#26: INSTRUCTOR's _load_sbert_model refusing
    'token' (a sentence-transformers too new for InstructorEmbedding): no finding says the
    release is too old; the error lines stay unread."""
    report = diagnosed("localmultimodal26-instructor-load-sbert-model-unexpected-keyword-token.md")
    assert not report.findings and len(report.unread) == 2
    assert "no problem" not in rendered.counts(report)


# issue 38 item 5: the reporter's words that something failed, with no error word, read where
# no line shows an error; a program's own log line and a question are not
@pytest.mark.parametrize(
    ("path", "line", "stated"),
    [
        # huggingface/accelerate#1260: "… the GPUs are not found."
        ("accelerate_env/acc1260-0.17.1-no-distributed-gpu-ids-brackets-3-4-5.md", 42, True),
        # aws-neuron-sdk#944: "… are not available to convert them into neuronx model"
        ("errors/neuronsdk944-local-torch-neuron-trace-resnet50-compile-only.md", 3, True),
        # pytorch#43058: "So it know that my two GPUs exist but says CUDA is not available."
        ("issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md", 33, True),
        # vllm-ascend#7587: "… and vLLM crashes on startup (…)"
        (
            "errors/vllmascend7587-vllm-ascend-0.11.0rc1.dev-torch-2.8.0-torch-npu-2.8.0.md",
            16,
            True,
        ),
        # ds_report's own "[WARNING] async_io requires … were not found" on a healthy machine
        ("ds_report/dsissue5479-databricks-accelerator-line-async-io-warnings.md", 7, False),
        ("ds_report/dolly119-op-report-syslog-escaped-colours-fused-adam-yes.md", 15, False),
        # vLLM's "WARNING … `fork` method is not supported by ROCm": its log, not the reporter
        ("vllm_collect_env/vllm9713-rocm6.2-gfx906.txt", 2, False),
    ],
)
def test_failure_words_state_an_error_and_log_lines_do_not(
    path: str, line: int, stated: bool
) -> None:
    text = (ERRORS.parent / path).read_text(encoding="utf-8").splitlines()[line - 1]
    assert cleaning.states_error(cleaning.clean(text)) is stated, text


@pytest.mark.parametrize(
    ("line", "stated"),
    [
        ("Is the 310P not supported?", False),  # asked
        ("if it does not work, reinstall the driver", False),  # supposed
        ("vLLM Ascend 不支持 310P", True),
        ("It crashes when I load the model", True),
    ],
)
def test_failure_words_asked_or_supposed_state_nothing(line: str, stated: bool) -> None:
    assert cleaning.states_error(line) is stated


def test_a_failure_stated_and_not_shown_is_said_not_no_problem() -> None:
    """huggingface/accelerate#1260's report shows no error line and says the GPUs are not
    found: before, "no problem in what the paste shows"."""
    path = (
        ERRORS.parent / "accelerate_env" / "acc1260-0.17.1-no-distributed-gpu-ids-brackets-3-4-5.md"
    )
    headline = run_hwdoctor("detect", "--paste", str(path)).stdout.split("\n\n", 1)[0]
    assert "states an error it does not show (line 42)" in headline
    assert "no problem" not in headline


# --- issue 38: device: nodes denied to this user by other programs, "works only as root" ------


@pytest.mark.parametrize(
    ("name", "backend", "hardware", "group", "resting"),
    [
        # MrForExample/ComfyUI-3D-Pack#227: the title's "only works if run with root user" and
        # nvidia-smi's NVML refusal in the image
        (
            "comfyui3dpack227-docker-non-root-nvml-insufficient-permissions.md",
            "cuda",
            "NVIDIA GPU",
            "video",
            "only works if run with root user",
        ),
        # dusty-nv/jetson-containers#1136: "No GPU access while non root user", is_available()
        # false for any non root user
        (
            "jetsoncontainers1136-orin-nx-non-root-cuda-error-801.md",
            "cuda",
            "NVIDIA GPU",
            "video",
            "For any non root user",
        ),
        # intel/llm-scaler#370 (a comment): xpu-smi "still only works with `sudo`"
        (
            "llmscaler370-xpu-smi-only-works-with-sudo-dri-permissions.md",
            "xpu",
            "Intel GPU",
            "render",
            "only works with `sudo`",
        ),
    ],
)
def test_works_only_as_root_in_the_reporters_words_is_the_nodes_permission(
    name: str, backend: str, hardware: str, group: str, resting: str
) -> None:
    """The reporter's "only as root / with sudo / not for a non root user" is the device
    nodes' owner and mode (registry access_groups: NVIDIA's nv-reg.h DeviceFileGID as
    distributions set it, Intel's render group): the permission finding for the accelerator
    the paste names, with its group, never a torch reinstall and never "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "host.device_node_denied" and found["backend"] == backend
    assert found["message"].startswith(f"{hardware}: the paste says it works as root")
    assert f'sudo usermod -aG {group} "$USER"' in found["remedy"]
    assert "--group-add" in found["advice"]
    texts = [q["text"] for q in found["rests_on"]]
    assert any(resting in t for t in texts), texts
    said = " ".join((found["message"], found["remedy"], found["advice"]))
    assert "pip" not in said and "/whl/" not in result.stdout


def test_amd_smi_denied_the_drm_nodes_names_rocms_groups() -> None:
    """ROCm/amdsmi#184: amd-smi's "/dev/dri/card0: Permission denied; owner=root(0):video(39);"
    for eight cards and its "User is missing the following required groups: render, video":
    the ROCm nodes finding with ROCm's groups, resting on both, no line left unread."""
    report = diagnosed("amdsmi184-mi250x-dri-card-permission-denied-render-video.md")
    (found,) = report.findings
    assert found.code == "host.device_node_denied" and found.backend == "rocm"
    assert "this user may not open /dev/dri/card0, /dev/dri/card1" in found.message
    assert 'sudo usermod -aG render,video "$USER"' in (found.remedy or "")
    assert (found.remedy or "").startswith("ls -l /dev/dri/card0 ")
    assert explained(report, "User is missing the following required groups")
    assert explained(report, "/dev/dri/card7: Permission denied")
    assert not report.unread and report.exit_code == 1


@pytest.mark.parametrize(
    ("line", "backend", "node"),
    [
        # Python's OSError str, as a script opening the node itself prints it
        ("PermissionError: [Errno 13] Permission denied: '/dev/nvidia0'", "cuda", "/dev/nvidia0"),
        # strace of an NVIDIA VA-API driver (igo95862/bubblejail#126, a comment)
        (
            'openat(AT_FDCWD, "/dev/nvidiactl", O_RDWR|O_CLOEXEC) = -1 EACCES (Permission denied)',
            "cuda",
            "/dev/nvidiactl",
        ),
    ],
)
def test_a_node_denied_in_other_words_names_its_vendor(line: str, backend: str, node: str) -> None:
    """The node's path says whose it is (NVIDIA's /dev/nvidia*): the nodes finding for that
    accelerator, with its documented group, planted in a real recording's place of the
    amd-smi lines (the amdsmi#184 paste with its lines replaced)."""
    recorded = (ERRORS / "amdsmi184-mi250x-dri-card-permission-denied-render-video.md").read_text(
        encoding="utf-8"
    )
    planted = "\n".join(
        line if "Permission denied" in t else t
        for t in recorded.splitlines()
        if "required groups" not in t and "amd-smi" not in t
    )
    report = pasted.diagnose(assemble.gathered(reports.read(planted.encode())))
    (found,) = report.findings
    assert found.code == "host.device_node_denied" and found.backend == backend
    assert node in found.message and 'usermod -aG video "$USER"' in (found.remedy or "")


@pytest.mark.parametrize(
    "path",
    [
        # ROCm/rocm-systems#3654: `sudo amd-smi list` at a shell prompt, nothing denied
        "amd_smi/rocmsystems3654-sudo-amd-smi-list-static-mi210-ainic-prompt.txt",
        # intel/ipex-llm#11605: xpu-smi discovery of a Meteor Lake iGPU, "sudo" in the thread
        "xpu_smi/ipexllm11605-meteor-lake-arc-graphics-discovery-d0.txt",
    ],
)
def test_sudo_in_a_paste_is_no_permission_finding(path: str) -> None:
    """A paste that runs a tool with sudo, or names root, without saying the device works only
    so: no device-node finding (the reporter's words must contrast root and this user)."""
    report = pasted.diagnose(assemble.gathered(reports.read((ERRORS.parent / path).read_bytes())))
    assert "host.device_node_denied" not in {f.code for f in report.findings}


# --- issue 38: device: flash-attn on a GPU below its floor, wherever the paste says it -------


@pytest.mark.parametrize(
    ("name", "words", "resting"),
    [
        # QwenLM/Qwen#438: flash-attn's own words, the GPU in the template's prose
        (
            "qwen438-2080ti-flashattention-only-supports-ampere.md",
            "flash-attn refused the GeForce RTX 2080 Ti (compute capability 7.5)",
            "Nvidia 2080ti",
        ),
        # instructlab/training#420: the title's "not supported on P100/V100 GPUs"
        (
            "instructlab420-flash-attention-not-supported-p100-v100.md",
            "the P100 (compute capability 6.0) and the V100 (compute capability 7.0)",
            "not supported on P100/V100",
        ),
        # junjie18/CMT#121: the title alone
        (
            "cmt121-flashattention-not-supported-on-v100.md",
            "flash attention does not run on the V100 (compute capability 7.0)",
            "not supported on V100",
        ),
        # Dao-AILab/flash-attention#292: a Tesla P100 and flash_attn's files in a traceback
        # cut before its last line
        (
            "flashattn292-tesla-p100-benchmark-flash-attn-error.md",
            "flash-attn is used on the Tesla P100-PCIE-16GB (compute capability 6.0)",
            "Tesla P100-PCIE-16GB",
        ),
    ],
)
def test_flash_attn_below_its_floor_names_the_gpu(name: str, words: str, resting: str) -> None:
    """FlashAttention 2 needs compute capability 8.0, 1.x 7.5 (flash_api.cpp, its README): its
    refusal, the reporter's "not supported on V100", or flash-attn in use on a P100 beside an
    error name the GPU below the floor and say to run without flash-attn, never a reinstall."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "extension.arch_unsupported" and words in found.message
    assert 'attn_implementation="sdpa"' in (found.advice or "")
    (quotes,) = report.rests_on
    assert any(resting in q.text for q in quotes), quotes
    assert report.exit_code == 1 and "no problem" not in rendered.counts(report)


def test_flash_attn_in_use_on_a_gpu_it_supports_is_no_arch_finding() -> None:
    """Dao-AILab/flash-attention#950: flash_attn_2_cuda's undefined symbol (a wheel built for
    another torch), no GPU below the floor named: flash-attn in use is no GPU finding."""
    report = diagnosed("fa950-flash-attn-2.5.8-torch2.1.2-undefined-symbol-cow-deleter.md")
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}


# --- issue 38: device: an AMD GPU the kernel driver gives no ROCm compute (KFD) -------------


@pytest.mark.parametrize(
    ("name", "words", "advice"),
    [
        # ROCm/legacy-rocm-build#2232: "PITCAIRN  not supported in kfd", rocminfo's
        # HSA_STATUS_ERROR_OUT_OF_RESOURCES
        (
            "rocm2232-pitcairn-r9-270-not-supported-in-kfd-hsa-out-of-resources.md",
            "gives the Pitcairn (GCN 1, Southern Islands) no ROCm compute",
            "no ROCm release, torch build or HSA_OVERRIDE_GFX_VERSION",
        ),
        # ROCm/legacy-rocm-build#538: a 4.15 kernel's "kfd not supported on this ASIC", 4104
        (
            "rocm538-r9-270x-curacao-kfd-not-supported-on-this-asic-4104.md",
            "gives this GPU no ROCm compute",
            "check the GPU against ROCm's supported GPUs",
        ),
        # ROCm/legacy-rocm-build#572: the same words for a Vega Frontier Edition
        (
            "rocm572-vega-frontier-kfd-not-supported-on-this-asic-rhel75.md",
            "gives this GPU no ROCm compute",
            "check the GPU against ROCm's supported GPUs",
        ),
    ],
)
def test_a_gpu_without_kfd_is_named_with_rocminfos_failure(
    name: str, words: str, advice: str
) -> None:
    """The amdgpu driver's "… not supported in kfd" (amdkfd kfd_device.c) is why rocminfo
    fails at its start: the finding names it, rests on rocminfo's lines too, and never
    prescribes a torch build; GCN 1 has no ROCm at all."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "device.amd_gpu_without_kfd" and found.backend == "rocm"
    assert words in found.message and advice in (found.advice or "")
    assert explained(report, "hsa api call failure")
    assert not report.unread and report.exit_code == 1
    assert "pip" not in (found.remedy or "") + (found.advice or "")


# --- issue 38: device: vLLM Ascend's own refusal of the NPU's SoC ----------------------------


@pytest.mark.parametrize(
    ("name", "chip", "said"),
    [
        # vllm-project/vllm-ascend#2795: the title's ValueError on a 300I Duo's -310p build
        (
            "vllmascend2795-300i-duo-310p-unsupported-soc-version-undefined.md",
            "300I duo (a 310P)",
            "Unsupported soc_version: AscendSocVersion.UNDEFINED",
        ),
        # vllm-project/vllm-ascend#6796: check_ascend_device_type refusing torch_npu's 104
        (
            "vllmascend6796-can-not-support-soc-version-104-first-gen-910.md",
            "a first-generation Ascend 910",
            "Can not support soc_version: 104",
        ),
    ],
)
def test_vllm_ascend_refusing_the_soc_names_the_npu(name: str, chip: str, said: str) -> None:
    """vLLM Ascend's "Unsupported soc_version" (ascend_forward_context.py) and "Can not
    support soc_version" (utils.py) are its own refusal of the NPU: the vLLM Ascend device
    finding with the chip the paste or torch_npu's number names, never a CUDA remedy."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "backend.vllm_ascend_device_unsupported" and found.backend == "npu"
    assert chip in found.message and said in found.message
    assert "torch_npu" in (found.advice or "") and "cu12" not in (found.advice or "")
    assert explained(report, said) and report.exit_code == 1


# --- issue 38 (s20-zero): never "no problem" over an error; no error finding where the paste
# does not show what decides --------------------------------------------------------------------


def test_kfd_skipping_in_the_reporters_words_names_the_atomics_finding() -> None:
    """xuhuisheng/rocm-gfx803#20: "when i run dmesg i get "PCI rejects atomics 700<0"", the
    kernel's own words (kfd_device.c) quoted in prose without the "skipped device" ids: the
    same skip, of the RX 550 the paste names, resting on the words. s20-mendB: a warning, not
    an error, until the kernel's own line shows it (its advice asks for that line first)."""
    report = diagnosed("rocmgfx803-20-rx550-arch-dmesg-pci-rejects-atomics-in-words.md")
    (found,) = report.findings
    assert found.code == "device.amd_pcie_atomics_missing" and found.backend == "rocm"
    assert found.severity.value == "warning"
    assert "the Radeon RX 550 (its PCI ids not shown)" in found.message
    assert found.message.startswith("AMD GPU: the reporter quotes the kernel's KFD skipping")
    assert (found.advice or "").startswith("paste the kernel's own lines (sudo dmesg | grep")
    assert explained(report, "PCI rejects atomics 700<0")
    assert "no problem" not in rendered.counts(report)


def test_kfd_words_denied_in_prose_are_no_skip() -> None:
    """ROCm/legacy-rocm-build#2429: "However, I don't get the infamous `kfd: PCI rejects
    atomics`" (an RX 7900 whose HIP runtime says hostcall needs atomics): no KFD skip."""
    report = diagnosed("rocm2429-rx7900-pcie-atomics-not-enabled-hostcall-no-kfd-skip.md")
    assert "device.amd_pcie_atomics_missing" not in {f.code for f in report.findings}
    assert not any("rejects atomics" in q.text for q in report.unread)


def test_optimums_provider_refusal_is_an_error_line_without_its_exceptions_name() -> None:
    """Optimum's ImportError (optimum/onnxruntime/utils.py validate_provider_availability),
    as aitalents/model-compression-2023#20 quotes it: the message alone, as reporters paste it
    into prose without "ImportError: ", looks like an error; the whole line is listed unread
    (the message says "likely": no finding claims the conflicting install)."""
    report = diagnosed("aitalents20-optimum-ort-gpu-installed-gpu-dependencies-not-loaded.md")
    line = next(q.text for q in report.unread if "GPU dependencies are not loaded" in q.text)
    message = line.split("ImportError: ", 1)[1]  # Optimum's own words, as its source has them
    assert cleaning.error_like(cleaning.clean(message))
    assert report.exit_code == 1 and not report.findings


@pytest.mark.parametrize(
    "name",
    [
        "comfyuiexamples32-m1-max-samplercustomadvanced-bfloat16-not-supported-on-mps.md",
        "comfyui5224-mac-studio-m2-error-report-bfloat16-not-supported-on-mps.md",
        "qwen587-zh-macbook-pro-m1-bfloat16-not-supported-on-mps.md",
    ],
)
def test_mps_bfloat16_without_torchs_release_is_a_warning_naming_what_decides(name: str) -> None:
    """torch's "BFloat16 is not supported on MPS" on an Apple Silicon Mac whose paste shows no
    torch release: torch 2.3 or newer runs bfloat16 there under macOS 14, so the release
    decides; a warning that says which releases would, never an error the paste does not
    show (an Intel Mac, whose torch ends at 2.2, stays the error: the test above)."""
    report = diagnosed(name)
    (found,) = report.findings
    assert found.code == "mps.bf16_unsupported" and found.severity == "warning"
    assert "does not show torch's release" in found.message
    assert "torch before 2.3" in found.message and "macOS 14" in found.message
    assert "torch 2.3 or newer" in (found.advice or "") and not found.remedy
    assert not report.unread and "no problem" not in rendered.counts(report)


def test_a_run_of_another_script_is_not_the_run_said() -> None:
    """modelscope/ms-swift#1788's "用minicpm 自己的finetune脚本跑，没有问题" (another script ran
    fine) is no word that this run went: s20-gpuprose's flash-attn rule and the bf16 note read
    PROSE_RAN as the reporter's own run; device.bf16_unsupported stays as the words say it."""
    report = diagnosed("msswift1788-zh-v100-no-bf16-auto-fp16-other-script-runs-fine.md")
    assert not [f for f in report.facts if f.key is FactKey.PROSE_RAN]
    (found,) = report.findings
    assert found.code == "device.bf16_unsupported" and report.stated is None


def test_a_card_without_bf16_that_runs_in_fp16_states_no_error() -> None:
    """zai-org/CogVLM#154: "此显卡不支持 bfloat16 数据格式，直接将数据类型转换为 float16 可以运行"
    (the card lacks bfloat16; converted to float16 it runs): the card's trait and a run that
    went, no error stated and none found (the thread: another inference script's output)."""
    report = diagnosed("cogvlm154-zh-gtx1080ti-no-bf16-fp16-runs-results-differ.md")
    assert report.stated is None and not report.unread
    assert not [f for f in report.findings if f.severity == "error"]
    assert "states an error" not in rendered.counts(report)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # the card's trait, then the run that went (msswift1788's description and comment)
        ("msswift1788-zh-v100-no-bf16-auto-fp16-other-script-runs-fine.md", "V100不支持bf16"),
        ("cogvlm154-zh-gtx1080ti-no-bf16-fp16-runs-results-differ.md", "可以运行"),
        # the trait in a question (LlamaFactory#462): no failure either
        ("llamafactory462-zh-v100-no-bf16-finetuned-model-question.md", "V100是不支持bf16的吧"),
    ],
)
def test_a_gpus_bf16_trait_states_no_failure(name: str, words: str) -> None:
    """s20-zero: "V100不支持bf16" tells what the card lacks, not that the run failed (the
    diagnosis weighs it with the GPU, pasted.py _bf16_lacking_said)."""
    text = (ERRORS / name).read_text("utf-8")
    (line,) = [line for line in text.splitlines() if words in line]
    assert not cleaning.states_error(cleaning.clean(line))
