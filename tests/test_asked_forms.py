"""A reporter who asks whether a library runs on their machine gets the answer (issue 38,
s19-asked).

Real opening posts from tests/data/reports/errors/ (sources in that directory's README): the
forms a question takes in the trackers of the neighbouring projects, in English and in Chinese,
with no error at all: "Does it support Ascend Atlas 300I Duo NPU devices?" (LMDeploy), "Is
there a plan to support Apple Silicon?" (KTransformers), a feature request's title "[Feature]:
support Atlas 300I DUO" (vLLM Ascend), a title "is cpu only support?" (vLLM), "Can it run on
M1？" (ComfyUI, filed under its new name Comfy-Org), "是否有支持mps设备的计划（MacBook）" and
"Atlas300I Duo96G这个NPU可以支持ktransformers了吗" (KTransformers), "Is there a way to install
sglang in rocm devices?" and "Can it support Huawei Ascend 910B backend?" (SGLang). Each is read
(no exit 2) and answered from compat/support.py's row with detect's usual "Not checked" lines;
a machine the row lists only from a release, asked with no release shown, is answered with
that release and that earlier ones do not list it. Negatives: a question about a machine the
row lists is a note, never a warning nor an error; a question of a project with no row
(nanotron) gets no answer from a row (s20-template: a note that it names no library); a
sentence that says what a library does not support, asking nothing, is no question.
"""

from __future__ import annotations

import json
from typing import Any, Final

import pytest

from hwdoctor.gather.reports.readers.asked import Asked
from hwdoctor.gather.reports.readers.protocol import Line
from hwdoctor.model.pasted import FactKey
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
LISTED, NOT_LISTED = "backend.library_support_listed", "backend.library_support_not_listed"

# file: (the repository its thread's URL names, the finding, its first words after the tracker's
# "asked in …, whose library is …: " where there is one, the line it rests on)
ANSWERED: Final = {
    # "Does it support Ascend Atlas 300I Duo NPU devices?": "Atlas" is the machine's, not another
    # named thing "it" points back at; Ascend NPUs from LMDeploy 0.6.0 (item 5: no release shown)
    "lmdeploy2471-atlas-300i-duo-question-does-it-support.md": (
        "InternLM/lmdeploy", LISTED,
        "LMDeploy's documentation lists Huawei Ascend NPUs (from 0.6.0; earlier releases do not "
        "list it)", 3),
    # "Is there a plan to support Apple Silicon?": a request of the project, no subject
    "ktransformers348-apple-silicon-question-plan-to-support.md": (
        "kvcache-ai/ktransformers", NOT_LISTED,
        "KTransformers's documentation does not list a Mac", 1),
    # "#suggest：是否有支持mps设备的计划（MacBook）": is there a plan to support MPS devices
    "ktransformers263-zh-mps-macbook-question-shifou-you-zhichi-jihua.md": (
        "kvcache-ai/ktransformers", NOT_LISTED,
        "KTransformers's documentation does not list Apple Silicon under macOS", 1),
    # a feature request's title, no question mark: "[Feature]: support Atlas 300I DUO"
    "vllmascend284-atlas-300i-duo-feature-title-support.md": (
        "vllm-project/vllm-ascend", LISTED,
        "vLLM Ascend's documentation lists Huawei Ascend NPUs", 1),
    # a title that is the machine and "support?": "is cpu only support?"
    "vllm412-cpu-only-question-title-support.md": (
        "vllm-project/vllm", LISTED, "vLLM's documentation lists a CPU alone", 1),
    # "Can it run on M1？" filed under ComfyUI's new name, Comfy-Org/ComfyUI
    "comfyui135-m1-question-can-it-run.md": (
        "Comfy-Org/ComfyUI", LISTED, "ComfyUI's documentation lists a Mac", 1),
    # the questions read before this sitting too: a machine the row lists, a note
    "ktransformers1775-zh-atlas300i-duo96g-question-keyi-zhichi.md": (
        "kvcache-ai/ktransformers", LISTED,
        "KTransformers's documentation lists Huawei Ascend NPUs", 1),
    "sglang750-rocm-question-install-sglang.md": (
        "sgl-project/sglang", LISTED, "SGLang's documentation lists AMD GPUs", 3),
    "sglang3609-huawei-ascend-910b-question-can-it-support.md": (
        "sgl-project/sglang", LISTED, "SGLang's documentation lists Huawei Ascend NPUs", 1),
}  # fmt: skip


def detect(name: str, *repo: str) -> tuple[int, dict[str, Any] | None]:
    args = ("--repo", *repo) if repo else ()
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), *args, "--json")
    return result.returncode, result.json()["data"]


@pytest.mark.parametrize("name", sorted(ANSWERED), ids=lambda n: n.split("-", 1)[0])
def test_a_question_in_each_form_is_read_and_answered(name: str) -> None:
    repo, code, words, line = ANSWERED[name]
    exit_code, data = detect(name, repo)
    assert exit_code == 0 and data is not None  # read (never exit 2); nothing failed
    codes = [f["code"] for f in data["findings"]]
    found = [f for f in data["findings"] if f["code"] in (LISTED, NOT_LISTED)]
    assert [f["code"] for f in found] == [code], codes
    # a question is no error: no error finding, and a note where the row lists the machine
    assert not [f for f in data["findings"] if f["severity"] == "error"], codes
    assert found[0]["severity"] == ("info" if code == LISTED else "warning")
    message = found[0]["message"]
    if message.startswith("asked in "):
        message = message.split(": ", 1)[1]
    assert message.startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert "variant" not in found[0]
    # detect's usual "Not checked" lines: what the paste does not show, and what to run
    commands = [q["command"] for q in data["not_checked"]]
    assert "python -m torch.utils.collect_env" in commands


def test_a_machine_listed_from_a_release_is_answered_with_it_where_no_release_is_shown() -> None:
    """Item 5: LMDeploy lists Ascend NPUs from 0.6.0 (support.py's row); a question that shows
    no release of it is told from which release, and that the earlier ones do not list it."""
    _, data = detect("lmdeploy2471-atlas-300i-duo-question-does-it-support.md", "InternLM/lmdeploy")
    assert data is not None
    found = next(f for f in data["findings"] if f["code"] == LISTED)
    assert found["params"]["releases"] == " (from 0.6.0; earlier releases do not list it)"


def test_a_question_of_a_project_with_no_row_gets_no_answer_from_a_row() -> None:
    """The question "Wondering is the training on AMD GPUs supported?" under "Support for AMD
    GPUs", filed in huggingface/nanotron: no row of the table, nothing answered from one; read
    all the same (s20-template: it was exit 2), a note that says where it was asked."""
    result = run_hwdoctor(
        "detect", "--paste", str(ERRORS / "nanotron240-amd-gpus-question-no-row-quiet.md"),
        "--repo", "huggingface/nanotron", "--json",
    )  # fmt: skip
    assert result.returncode == 0
    codes = [f["code"] for f in json.loads(result.stdout)["data"]["findings"]]
    assert codes == ["backend.support_asked_no_library"], codes


def _asked(text: str) -> list[tuple[FactKey, str, str | None]]:
    return [(s.key, s.value, s.name) for s in Asked().read(Line(2, text), False)]


def test_a_sentence_that_says_what_is_not_supported_asks_nothing() -> None:
    """sgl-project/sglang#3609's description: it says SGLang does not support a machine and
    asks nothing (its question is the title)."""
    lines = (ERRORS / "sglang3609-huawei-ascend-910b-question-can-it-support.md").read_text()
    statement = next(t for t in lines.splitlines() if t.startswith("It seems"))
    assert _asked(statement) == []


@pytest.mark.parametrize(
    ("name", "words", "key"),
    [
        # the machine as the question words it: an Atlas by its product, the chip by its name
        ("lmdeploy2471-atlas-300i-duo-question-does-it-support.md", "Atlas 300I", "npu"),
        ("ktransformers1775-zh-atlas300i-duo96g-question-keyi-zhichi.md", "Atlas300I", "npu"),
        ("sglang3609-huawei-ascend-910b-question-can-it-support.md", "Ascend", "npu"),
        ("ktransformers263-zh-mps-macbook-question-shifou-you-zhichi-jihua.md", "mps", "mps"),
    ],
)
def test_the_machine_asked_about_is_the_registry_row_the_table_is_keyed_by(
    name: str, words: str, key: str
) -> None:
    from hwdoctor.gather.reports.readers import asked

    text = (ERRORS / name).read_text()
    machines = [m for m in asked._MACHINE.finditer(text) if m[0] == words]
    assert machines and machines[0].lastgroup is not None
    assert asked._HARDWARE[machines[0].lastgroup] == key


def test_a_feature_for_a_model_is_no_question_of_a_machine() -> None:
    """s19-mend-words: "[Feature]: support lora for minimax m2.1" (vllm-project/vllm#32736)
    asks for LoRA on a model; "m2.1" is the model's version, not Apple's M2: no answer of
    vLLM's row."""
    name = "vllm32736-feature-title-support-lora-for-minimax-m2-1.md"
    _, data = detect(name, "vllm-project/vllm")
    assert data is not None
    codes = [f["code"] for f in data["findings"]]
    assert LISTED not in codes and NOT_LISTED not in codes, codes
    title = (ERRORS / name).read_text().splitlines()[0]
    assert _asked(title) == []


@pytest.mark.parametrize(
    "title",
    [
        # s19-mend-words: the red team's constructions, here only to show what is not asked: a
        # model's name ending in "M2", Meta's Atlas model, a title reporting a failure
        "# Minimax M2.1 support?",
        "# [Feature]: support Atlas retrieval-augmented model",
        "# Support for Windows broken after upgrading keras to 3.3",
        "# [Bug]: support for AMD GPUs",
        "# [Feature]: support lora for minimax m2.1 on vllm",
    ],
)
def test_a_title_that_asks_for_no_machine_is_no_question(title: str) -> None:
    assert _asked(title) == []


@pytest.mark.parametrize(
    ("title", "key"),
    [
        # the machine right after "support (for|on)", Apple's chip by a Mac's words
        ("# [Feature]: support Atlas 800T", "npu"),
        ("# Support for AMD GPUs", "rocm"),
        ("# M2 Max support?", None),
        ("# MacBook M3 support?", None),
    ],
)
def test_a_title_that_asks_for_a_machine_is_read(title: str, key: str | None) -> None:
    said = _asked(title)
    assert said and said[0][0] is FactKey.PROSE_SUPPORT_ASKED, said
    if key is not None:
        assert (FactKey.PROSE_ASKED_HARDWARE, key, said[0][2]) in said, said
    else:
        assert any(k is FactKey.PROSE_ASKED_SYSTEM for k, _, _ in said), said
