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

s16-mend-subject (the red team's read of s16-subject): a library that only the issue's title or
the reporter's words name is a warning that names no cause, never "the error is X not running
there"; words that put a library aside ("is not installed", "is disabled", "Disabling …",
"triton is not available") and a code block's comments tie nothing.
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
    "sam3-179-macos-m1pro-no-module-triton.md": (
        "the report is about Triton on a Mac",
        1,
        "the error line",
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
# s16-mend-subject: only the title or the reporter's words name the library, and no
# frame, build, command or error line ties the error to it: a warning, which names no cause
WORDS_ONLY = {
    "seedvr564-mbp-m3-max-title-flash-attn-diffusers-traceback.md": (
        "the report is about flash-attn on a Mac",
        1,
        "the issue's title",
    ),
    "optimum2388-windows-rx7600xt-hip-sdk-onnxruntime-gpu-cannot-detect.md": (
        "the report is about onnxruntime-gpu on AMD GPU under Windows",
        1,
        "the issue's title",
    ),
    # the traceback is cut before its last line
    "onetrainer1182-macos-title-triton-module-not-found.md": (
        "the report is about Triton on a Mac",
        1,
        "the issue's title",
    ),
    # the error is stated in words, its output in a screenshot
    "deepresearch56-m3-mac-triton-missing-install-error.md": (
        "the report is about Triton on a Mac",
        1,
        "the issue's title",
    ),
}
# a table library named in the title on a machine its row lists; the error something else
LISTED = (
    "tgi1746-amd-mi250-rocm-tgi-2.0.0-shard-traceback.md",
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
    assert "not running there" in found[0]["message"]
    assert f"({how}: " in found[0]["message"], found[0]["message"]
    assert "documentation does not list" in found[0]["message"]
    assert "https://" in found[0]["message"]  # where the row was read
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no install line makes it run there
    assert "variant" not in found[0]
    # the same error is not a package to install as well
    assert "python.package_missing" not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize("name", sorted(WORDS_ONLY), ids=lambda n: n.split("-", 1)[0])
def test_a_library_only_the_title_or_words_name_is_a_warning_that_names_no_cause(
    name: str,
) -> None:
    words, line, how = WORDS_ONLY[name]
    _, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, [f["code"] for f in data["findings"]]
    assert found[0]["severity"] == "warning"
    message = found[0]["message"]
    assert message.startswith(words) and f"({how}: " in message, message
    assert "documentation does not list" in message and "https://" in message
    # what the tie supports, and no more: the error is not called the library's
    assert "not running there" not in message, message
    assert "no frame, build, command or error line of the paste ties its error" in message
    assert line in [q["line"] for q in found[0]["rests_on"]]


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
    # flash-attention by replacing train_mem.py"; (s19-rows) LLaVA, which has a row now, is
    # what the reporter runs: the reporter's words tie it
    assert _ties("llava275-v100-running-without-flash-attn.md") == [(5, "LLaVA", "prose")]


# s16-mend-subject: words that put a library aside, before or after its name, outside an error
# line; each line tied the library before the mend: (file, line, library)
ASIDE = (
    # the title "Disabling Flash attention 2 for RDNA2 GPU" (no other line names it)
    ("yue34-rdna2-6900xt-flash-attn-commented-out-raw-output.md", 1, "flash-attn"),
    # FramePack's own lines: "Xformers is not installed!", "Flash Attn is not installed!"
    ("framepack470-rocm-7900xtx-sageattention-1.0.6-quiet.md", 18, "xformers"),
    ("framepack470-rocm-7900xtx-sageattention-1.0.6-quiet.md", 19, "flash-attn"),
    # SAM 2's UserWarning: "Flash Attention is disabled as it requires a GPU with Ampere …"
    ("sam2-136-windows-userwarning-flash-disabled-requires-ampere.md", 3, "flash-attn"),
    # jax's warning: "either a TPU-enabled jaxlib or libtpu is not installed"
    ("jax22070-tpu-vm-tpu-already-in-use-by-pid.md", 11, "libtpu"),
    # xformers' list of why an operator is not used: "triton is not available"
    ("sdnext1225-m1-chip-xformers-no-operator-device-mps.md", 22, "Triton"),
    # a code block's comments: "# in ipex container", "4 # imports the torch_xla package"
    ("ipex450-n305-qemu-container-ipex-needs-avx2.md", 5, "Intel Extension for PyTorch"),
    ("xla3215-colab-xlac-undefined-symbol-foreach-erf.md", 27, "PyTorch/XLA"),
)


@pytest.mark.parametrize(("name", "line", "library"), ASIDE, ids=lambda v: str(v).split("-")[0])
def test_words_that_put_a_library_aside_and_code_comments_tie_nothing(
    name: str, line: int, library: str
) -> None:
    assert [t for t in _ties(name) if t[:2] == (line, library)] == []


def test_an_error_line_that_names_a_library_ties_it_whatever_its_words() -> None:
    # transformers' "… seems to be not installed" and the like are the library failing: the
    # words that put a library aside are read outside error lines only ("Cannot find a working
    # triton installation. Either the package is not installed or it is too old")
    ties = _ties("pt136361-title-on-windows-torch-compile-no-triton.md")
    assert (5, "Triton", SubjectTie.ERROR.value) in ties
    # a line the next one continues is an error line as a whole ("…flash_attn_2_cuda….so:
    # undefined" / "symbol: …")
    ties = _ties("fa950-flash-attn-2.5.8-torch2.1.2-undefined-symbol-cow-deleter.md")
    assert (7, "flash-attn", SubjectTie.ERROR.value) in ties


def test_the_screen_before_the_names_lets_every_name_through() -> None:
    # readers/subject.py tries LIBRARY's alternation only on a line whose words start as a
    # name does: no name, in any of its spellings, may be screened out
    from hwdoctor.gather.reports.readers.asked import LIBRARY, NAMES
    from hwdoctor.gather.reports.readers.subject import names_one

    for name in NAMES:
        for text in (name, f"pip install {name}", f"({name.upper()})", name.replace("-", "_")):
            if LIBRARY.search(text):
                assert names_one(text), text
    assert not names_one("the batch size and the learning rate of my run")


def test_the_subject_reader_is_registered_and_its_facts_are_no_report_alone() -> None:
    from hwdoctor.gather.reports.readers import registry
    from hwdoctor.model.pasted import CONTEXT_ONLY

    assert "subject" in [row.module for row in registry.LINES]
    assert FactKey.SUBJECT_LIBRARY in CONTEXT_ONLY
