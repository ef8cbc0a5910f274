"""A question whether a library runs on a machine, answered from compat/support.py (issue 38;
s15-support), and pip finding no release of a listed library on a system its documentation
leaves out.

Real pastes from tests/data/reports/errors/ (sources in that directory's README): reporters
asking whether flashinfer supports AMD GPUs, vLLM an M1 Mac, mamba-ssm Windows, MLX Windows (in
Chinese), answered with what the library's documentation lists, from which release and where it
was read; the questions the table leaves unanswered (DeepSpeed on Apple silicon and SGLang on
Windows, whose rows are silent there; a library named only after the question; no library
named). And pip's "from versions: none" for onnxruntime-directml on Linux and torch-directml on a
Mac, whose documentation lists Windows: their machines, not the Python.
"""

from __future__ import annotations

import json

import pytest

from hwdoctor.compat import support
from hwdoctor.gather.reports.readers.asked import Asked
from hwdoctor.gather.reports.readers.protocol import Line
from hwdoctor.model.pasted import FactKey
from tests.test_mac_asked_cuda import ERRORS, detect

LISTED, NOT_LISTED = "backend.library_support_listed", "backend.library_support_not_listed"
UNSUPPORTED = "backend.library_unsupported_machine"

# file: (code, the answer's first words, the words of the row it must quote, the line it rests on)
ANSWERED = {
    "flashinfer400-amd-gpu-question-does-flashinfer-support.md": (
        NOT_LISTED,
        "FlashInfer's documentation does not list AMD GPUs",
        "flashinfer-ai/flashinfer@fb28d724",
        1,
    ),
    "vllm1397-macos-m1-question-does-vllm-support.md": (
        LISTED,
        "vLLM's documentation lists a Mac",
        "vllm-project/vllm@010f1fc",
        1,
    ),
    "vim35-windows-question-mamba-ssm-run-on-windows.md": (
        NOT_LISTED,
        "mamba-ssm's documentation does not list Windows",
        "state-spaces/mamba@e9594ce",
        3,
    ),
    # the release a listing came in: MLX's Windows wheels from 0.32.0
    "bilibot3-windows-question-mlx-no-windows-version.md": (
        LISTED,
        # (s19-asked) the release's listing asked with no release shown: the earlier ones not
        "MLX's documentation lists Windows (from 0.32.0; earlier releases do not list it)",
        "ml-explore/mlx@846d1762",
        3,
    ),
}
# Asked, and no answer: the row is silent on the machine (DeepSpeed on a Mac, SGLang on Windows),
# the library named comes after the question ("Does it support Windows? Triton only …"), or no
# library of the table is named.
UNANSWERED = (
    "tortoise566-apple-silicon-question-deepspeed-quiet.md",
    "sglang7766-windows-question-sgl-kernel-quiet.md",
    "turbodiffusion28-windows-question-triton-named-after-quiet.md",
)
# pip's "from versions: none" (or its "No matching distribution" alone) for a library on a system
# its documentation does not list: file: (the finding's first words, a line it rests on)
NO_RELEASE = {
    "onnxruntime16442-ubuntu-onnxruntime-directml-from-versions-none.md": (
        "onnxruntime-directml has no release for Linux",
        9,
    ),
    "setiastro24-ubuntu-onnxruntime-directml-no-distribution-title.md": (
        "onnxruntime-directml has no release for Linux",
        1,
    ),
    # Pop!_OS, built on Ubuntu (neofetch's OS line), with an AMD GPU DirectML drives on Windows
    "rvc1109-pop-os-rx6700xt-onnxruntime-directml-from-versions-none.md": (
        "onnxruntime-directml has no release for Linux",
        12,
    ),
    "rwkvrunner219-macbook-air-m2-docker-torch-directml-from-versions-none.md": (
        "torch-directml has no release for a Mac",
        24,
    ),
}
# pip finding none where the row lists the system or is silent on it (torch-directml under WSL's
# Linux), or where PyPI's own file list says more (mlx 0.0.3 on Windows): not this finding.
OTHER_RELEASE = (
    "windowsaidocs118-wsl-torch-directml-from-versions-none-quiet.md",
    "miniseconds6-windows-mlx-from-versions-none.md",
)


@pytest.mark.parametrize("name", sorted(ANSWERED), ids=lambda n: n.split("-", 1)[0])
def test_a_question_is_answered_with_what_the_documentation_lists(name: str) -> None:
    code, words, at, line = ANSWERED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # nothing failed: the reporter asked
    found = [f for f in data["findings"] if f["code"] in (LISTED, NOT_LISTED)]
    assert [f["code"] for f in found] == [code], [f["code"] for f in data["findings"]]
    assert found[0]["severity"] == ("info" if code == LISTED else "warning")
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert at in found[0]["message"]  # where the row was read, repository and commit
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert "variant" not in found[0]
    # the answer is data: the row's page to read, never an install line
    assert found[0]["remedy"] is None
    assert "https://" in (found[0]["advice"] or "")


@pytest.mark.parametrize("name", UNANSWERED, ids=lambda n: n.split("-", 1)[0])
def test_a_question_the_table_cannot_answer_gets_no_answer(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not {LISTED, NOT_LISTED} & {f["code"] for f in data["findings"]}


def test_a_question_naming_no_library_of_the_table_gets_no_answer_from_a_row() -> None:
    """s20-template: it is read (it was exit 2), and says what it names: a note, no answer."""
    from tests.conftest import run_hwdoctor

    name = "megatron200-macos-m1-question-no-library-named-quiet.md"
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0
    codes = [f["code"] for f in json.loads(result.stdout)["data"]["findings"]]
    assert codes == ["backend.support_asked_no_library"], codes


@pytest.mark.parametrize("name", sorted(NO_RELEASE), ids=lambda n: n.split("-", 1)[0])
def test_no_release_of_a_library_on_a_system_its_documentation_leaves_out(name: str) -> None:
    words, line = NO_RELEASE[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == UNSUPPORTED]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    # its machines, not this Python: the generic "pip finds no …" finding steps aside
    assert "python.version_unsupported" not in [f["code"] for f in data["findings"]]
    assert found[0]["remedy"] is None


@pytest.mark.parametrize("name", OTHER_RELEASE, ids=lambda n: n.split("-", 1)[0])
def test_no_release_where_the_row_lists_the_system_or_is_silent_is_not_this(name: str) -> None:
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert UNSUPPORTED not in codes
    assert "python.version_unsupported" in codes


def _asked(text: str) -> list[tuple[FactKey, str, str | None]]:
    return [(s.key, s.value, s.name) for s in Asked().read(Line(1, text), False)]


def test_the_question_reader_reads_a_question_not_a_url_nor_a_how_to() -> None:
    # the question's machine, from the question alone (Linux in the sentence before is not it)
    said = _asked(
        "I have see mamba-ssm's offical page: Other requirements: **Linux**.  so could I run it "
        "on **Windows**？ "
    )
    assert (FactKey.PROSE_ASKED_SYSTEM, support.WINDOWS, "mamba-ssm") in said
    assert not any(v == support.LINUX for _, v, _ in said)
    # a URL's query is no question (tests/data/reports/errors/ipex420-…, line 17)
    line = (ERRORS / "ipex420-title-ipex1.13.100-cpu-not-listed-python3.9.md").read_text()
    assert [_asked(text) for text in line.splitlines()] == [[]] * len(line.splitlines())
    # a machine word inside the library's name is no machine ("vllm-ascend"); (s19-asked) the
    # Atlas the question names is
    from hwdoctor.gather.reports.readers import asked

    words = "请问300I Duo以及Atlas 200I A2是否支持vllm-ascend"
    assert [m[0] for m in asked._MACHINE.finditer(words)] == ["Atlas 200I"]
    said = _asked(words)
    assert said == [
        (FactKey.PROSE_SUPPORT_ASKED, said[0][1], "vLLM Ascend"),
        (FactKey.PROSE_ASKED_HARDWARE, "npu", "vLLM Ascend"),
    ]


@pytest.mark.parametrize(
    "words",
    [
        # ROCm's documentation, "Frequently asked questions": "Can I install PyTorch directly on
        # bare metal?" (a host without a hypervisor, not Apple's Metal)
        "Can I install PyTorch directly on bare metal?",
        # vLLM's and flash-attn's "sliding window" attention (a model's windows, not Windows)
        "Does flash-attn support sliding windows?",
        # DeepSpeed's ZeRO-Offload moves optimizer state to the host: "CPU offload" is a feature
        "Does DeepSpeed support CPU offload?",
        # a network adapter's MAC address (not a Mac)
        "Does vllm support binding to a MAC address?",
    ],
)
def test_words_that_name_no_machine(words: str) -> None:
    """The final read of the fifteenth sitting: each of these was read as a machine (Apple's
    GPU, Windows, a CPU alone, a Mac) and answered from the support table."""
    from hwdoctor.gather.reports.readers import asked

    assert [m.group(0) for m in asked._MACHINE.finditer(words)] == []
