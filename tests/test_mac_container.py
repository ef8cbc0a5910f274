"""Apple's GPU wanted in a Linux container on a Mac (issue 38, s21-container).

Docker Desktop on macOS runs containers in a Linux VM: its GPU support is NVIDIA's GPUs on
Windows (WSL 2) and Linux (https://docs.docker.com/desktop/features/gpu/), and torch's MPS
backend needs macOS 12.3+ on the machine itself (https://docs.pytorch.org/docs/stable/notes/
mps.html), so Metal and MPS are not reachable in the container. Each case is a real recording
(`tests/data/reports/README.md` names its thread): a Metal build of text-embeddings-inference
in Docker failing on gcc's missing Objective-C compiler, torch's MPS unavailable in a Docker
Desktop container (linuxkit), a compose service started with device mps, and questions whether
an image or MLX reaches the GPU. Negatives: MPS asked for on Ubuntu (no container, no Mac),
NVIDIA's Multi-Process Service in a container on a Linux host, docker's own refusal of a GPU
request on a Mac (its finding says more), and a container on a Linux host with an NVIDIA GPU.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor import registry
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import PasteReport, Severity
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
_MPS: Final = registry.key_of_build(registry.Build.MPS)
_OS: Final = "backend.os_unsupported"
_TEI: Final = "huggingface/text-embeddings-inference"
_TEI_METAL: Final = "tei131-docker-metal-feature-mac-silicon-cc1obj.md"


def diagnosed(name: str, tracker: str | None = None) -> PasteReport:
    raw = (ERRORS / name).read_bytes()
    return pasted.diagnose(assemble.gathered(reports.read(raw, tracker=tracker)))


def line_of(name: str, words: str) -> int:
    lines = (ERRORS / name).read_text("utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if words in text)


# (recording, what is wanted, a line the finding rests on)
FAILED: Final = [
    (_TEI_METAL, "Metal", "To use it on Apple Mac Silicon"),
    ("pt96066-docker-container-mac-os-13-mps-not-available-linuxkit.md", "MPS",
     "Running a docker container on a mac"),
    ("reranker4-m2-container-device-mps-not-linked-with-support.md", "MPS",
     "Container reranker  Created"),
]  # fmt: skip

ASKED: Final = [
    ("mlx1945-docker-container-metal-apple-silicon-question.md", "Metal"),
    ("h2ogpt970-docker-image-mac-m1-gpu-mode-mps-question.md", "MPS"),
]


@pytest.mark.parametrize(("name", "wanted", "words"), FAILED)
def test_apple_gpu_failing_in_a_container_on_a_mac_is_named(
    name: str, wanted: str, words: str
) -> None:
    report = diagnosed(name)
    found = [f for f in report.findings if f.code == _OS]
    assert len(found) == 1, [f.code for f in report.findings]
    finding = found[0]
    assert finding.severity is Severity.ERROR
    assert finding.backend == _MPS
    assert finding.message.startswith(f"{wanted}")
    assert "Linux container on a Mac" in finding.message
    assert "Docker Desktop runs containers in a Linux VM" in finding.message
    # the remedy: run natively on macOS, or the container's CPU path
    assert finding.advice is not None
    assert "run natively on macOS" in finding.advice
    assert 'device "cpu"' in finding.advice
    rests = report.rests_on[report.findings.index(finding)]
    assert line_of(name, words) in {q.line for q in rests}, rests


@pytest.mark.parametrize(("name", "wanted"), ASKED)
def test_a_question_of_apple_gpu_in_a_container_is_a_warning(name: str, wanted: str) -> None:
    report = diagnosed(name)
    found = [f for f in report.findings if f.code == _OS]
    assert len(found) == 1, [f.code for f in report.findings]
    assert found[0].severity is Severity.WARNING
    assert found[0].message.startswith(wanted)
    assert found[0].backend == _MPS


def test_the_build_errors_of_metal_in_the_container_rest_on_the_finding() -> None:
    """gcc's cc1obj and the objc_exception crate's build are the finding's, not unread."""
    report = diagnosed(_TEI_METAL)
    unread = {line.line for line in report.unread}
    assert line_of(_TEI_METAL, "cannot execute 'cc1obj'") not in unread
    assert line_of(_TEI_METAL, "failed to run custom build command") not in unread


def test_tei_listing_metal_on_macos_is_no_answer_for_its_container() -> None:
    """TEI's row lists Metal for a local install on macOS (Homebrew): filed in TEI's tracker,
    the Docker build on a Mac gets the container finding, never a "listed" note."""
    codes = [f.code for f in diagnosed(_TEI_METAL, tracker=_TEI).findings]
    assert codes == [_OS]


NEGATIVES: Final = [
    # MPS asked for on Ubuntu 20.04: no container, no Mac
    ("pt96881-ubuntu-build-with-mps-not-linked-nvidia-mps.md", set()),
    # NVIDIA's Multi-Process Service in a container on an Ubuntu host with an RTX 2070
    ("nvidiadocker1396-ubuntu-rtx2070-docker-cuda-mps-segfault.md", set()),
    # docker refusing `--gpus` on a Mac: host.container_gpu_without_gpu, no second finding
    ("swarmui348-macosx-m1-docker-mps-could-not-select-device-driver.md",
     {"host.container_gpu_without_gpu"}),
    # a container on a Linux host whose nvidia-smi shows an RTX 3090
    ("forgedocker1-host-smi-535-cuda-12.2-rtx3090-torch-not-able-to-use-gpu.md", set()),
]  # fmt: skip


@pytest.mark.parametrize(("name", "codes"), NEGATIVES)
def test_no_container_finding_off_a_mac_or_where_another_says_more(
    name: str, codes: set[str]
) -> None:
    assert {f.code for f in diagnosed(name).findings} == codes


def test_a_refusal_of_the_mps_device_is_still_read_beside_the_words() -> None:
    """The word mps on a line is context, not a message of its own: CTranslate2's "unsupported
    device mps" is still its refusal (extension.arch_unsupported)."""
    name = "ctranslate2-1562-whisper-unsupported-device-mps.md"
    assert [f.code for f in diagnosed(name).findings] == ["extension.arch_unsupported"]
