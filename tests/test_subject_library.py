"""The library a report is about, on a machine its documentation does not list (issue 38;
s16-subject).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): reports
whose error is tied to a library of compat/support.py by the issue's title, the command run
(a traceback's `from auto_gptq import …`), an error line's module ("No module named
'triton'") or the reporter's words, with no frame the library raised and no build of it, on
a Mac, an Intel Gaudi, an Ascend NPU, an AMD GPU under Windows, and Windows for a release
that predates its Windows build. Quiet where the library's row lists the machine (TGI,
flash-attn and vLLM on AMD GPUs with ROCm), and where the library is named only as what the
reporter does not use ("without flash-attn").
"""

from __future__ import annotations

import pytest

from hwdoctor.gather.reports import read
from hwdoctor.model.pasted import FactKey, SubjectTie
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "backend.library_unsupported_machine"
# file: (the finding's first words, the line that ties the library, how it ties it)
NAMED = {
    # the traceback's source line imports it: the command run, stronger than the error line
    "textgen4302-m1-max-mac-studio-autogptq-loader-no-module-auto-gptq.md": (
        "the report is about AutoGPTQ on a Mac",
        27,
        "the command run",
    ),
    "textgen2855-macbook-pro-m2-title-no-module-auto-gptq.md": (
        "the report is about AutoGPTQ on a Mac",
        15,
        "the command run",
    ),
    "seedvr564-mbp-m3-max-title-flash-attn-diffusers-traceback.md": (
        "the report is about flash-attn on a Mac",
        1,
        "the issue's title",
    ),
    "fastchat2587-gaudi-habana-pip-list-no-module-flash-attn.md": (
        "the report is about flash-attn on Intel Gaudi",
        1,
        "the error line",
    ),
    "vllmascend6555-910b3-npu-smi-title-flash-attn-not-a-package.md": (
        "the report is about flash-attn on Huawei Ascend NPU",
        1,
        "the error line",
    ),
    "optimum2388-windows-rx7600xt-hip-sdk-onnxruntime-gpu-cannot-detect.md": (
        "the report is about onnxruntime-gpu on AMD GPU under Windows",
        1,
        "the issue's title",
    ),
    "onetrainer1182-macos-title-triton-module-not-found.md": (
        "the report is about Triton on a Mac",
        1,
        "the issue's title",
    ),
    "sam3-179-macos-m1pro-no-module-triton.md": (
        "the report is about Triton on a Mac",
        1,
        "the error line",
    ),
    # the error is stated in words, its output in a screenshot
    "deepresearch56-m3-mac-triton-missing-install-error.md": (
        "the report is about Triton on a Mac",
        1,
        "the issue's title",
    ),
    "moss240-zh-macos-triton-from-source-no-module-triton.md": (
        "the report is about Triton on a Mac",
        14,
        "the error line",
    ),
    # the error line's "pip install … bitsandbytes" is transformers' advice, not a command run;
    # bitsandbytes lists Windows from 0.43.0, and the paste shows 0.41.1
    "transformers26165-windows10-bitsandbytes-0.41.1-load-in-4bit-requires-accelerate.md": (
        "the report is about bitsandbytes on Windows",
        43,
        "the error line",
    ),
}
# a table library named in the title on a machine its row lists; the error something else
LISTED = (
    "tgi1746-amd-mi250-rocm-tgi-2.0.0-shard-traceback.md",
    "yue34-rdna2-6900xt-flash-attn-commented-out-raw-output.md",
    "vllm9319-amd-mi60-gfx906-rocm6.2-collect-env.md",
    # a TPU library on PyTorch/XLA, whose device the paste does not show (s16, support.py
    # Supported._silent): the wheel for TPU VMs pulling libtpu
    "xla3191-tpuvm-torch-xla-1.10-libtpu-nightly-file-not-found.md",
)


def _ties(name: str) -> list[tuple[int, str | None, str]]:
    paste = read((ERRORS / name).read_bytes())
    return [(f.line, f.name, f.value) for f in paste.facts if f.key is FactKey.SUBJECT_LIBRARY]


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_the_library_a_report_is_about_on_a_machine_its_documentation_leaves_out(
    name: str,
) -> None:
    words, line, how = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, [f["code"] for f in data["findings"]]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert f"({how}: " in found[0]["message"], found[0]["message"]
    assert "documentation does not list" in found[0]["message"]
    assert "https://" in found[0]["message"]  # where the row was read
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no install line makes it run there
    assert "variant" not in found[0]
    # the same error is not a package to install as well
    assert "python.package_missing" not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize("name", LISTED, ids=lambda n: n.split("-", 1)[0])
def test_a_library_whose_row_lists_the_machine_is_no_such_finding(name: str) -> None:
    assert _ties(name), name  # the title names it
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]


def test_each_tie_is_read_with_its_line_and_how_the_paste_names_it() -> None:
    ties = _ties("textgen4302-m1-max-mac-studio-autogptq-loader-no-module-auto-gptq.md")
    assert (27, "AutoGPTQ", SubjectTie.COMMAND.value) in ties  # from auto_gptq import …
    assert (29, "AutoGPTQ", SubjectTie.ERROR.value) in ties  # No module named 'auto_gptq'
    ties = _ties("tgi1746-amd-mi250-rocm-tgi-2.0.0-shard-traceback.md")
    assert (1, "text-generation-inference", SubjectTie.TITLE.value) in ties
    assert (31, "text-generation-inference", SubjectTie.FRAME.value) in ties  # site-packages/…
    ties = _ties("deepresearch56-m3-mac-triton-missing-install-error.md")
    assert (5, "Triton", SubjectTie.PROSE.value) in ties


def test_a_library_named_as_not_used_is_no_subject() -> None:
    # "Running without flash-attn", "run LLaVA **without** flash-attn", "run without
    # flash-attention by replacing train_mem.py"
    assert _ties("llava275-v100-running-without-flash-attn.md") == []


def test_the_subject_reader_is_registered_and_its_facts_are_no_report_alone() -> None:
    from hwdoctor.gather.reports.readers import registry
    from hwdoctor.model.pasted import CONTEXT_ONLY

    assert "subject" in [row.module for row in registry.LINES]
    assert FactKey.SUBJECT_LIBRARY in CONTEXT_ONLY
