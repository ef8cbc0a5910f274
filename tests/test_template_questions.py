"""An issue template's unchosen options, short questions of a machine, MLC-LLM finding no device
(issue 38, s20-template).

Real posts from tests/data/reports/errors/ (sources in that directory's README):

- GitHub's issue forms write each option of a checkbox question as a task-list item, ticked
  ("- [X] Linux") or not ("- [ ] macOS"): an axolotl bug form with Linux ticked. An unticked
  option is one the reporter did not choose: no fact is read from it; ticked ones stay.
- A few lines asking whether something runs on a machine, naming no library hwdoctor's support
  table lists and given no repository with a row ("多卡训练支持Windows吗", "Does this support
  being run on AMD GPU or perhaps Metal?", a request's title "ROCm Support", "增加AMD GPU ROCm
  支持", "MPS Support"): read as prose (never exit 2), with a note that says which machine it
  asks about and what would answer it; with `--repo` of a repository the table has no row for,
  the note names it.
- MLC-LLM's `--device auto` logging "Not found: No available device detected" (its
  python/mlc_llm/support/auto_device.py at v0.17.1/v0.18.1, where no CPU is tried): MLC-LLM
  found no device, with what shows which devices its runtime sees; a log where it found one
  is no such finding.
- Negatives: a README, a changelog, an unrelated game's issue are still no report (exit 2).
"""

from __future__ import annotations

from typing import Any, Final

import pytest

import hwdoctor
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.model.pasted import FactKey
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
NOTE: Final = "backend.support_asked_no_library"
NO_GPU: Final = "backend.gpu_library_without_gpu"


def detect(name: str, *repo: str) -> tuple[int, dict[str, Any]]:
    import json

    extra = ("--repo", *repo) if repo else ()
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), *extra, "--json")
    return result.returncode, json.loads(result.stdout)["data"]


# --- an unticked option is not the reporter's --------------------------------------------------


def test_an_unticked_option_of_an_issue_form_is_no_fact() -> None:
    """axolotl-ai-cloud/axolotl#1307: "Which Operating Systems are you using?" with "- [X]
    Linux", "- [ ] macOS", "- [ ] Windows": no Mac is read from the unticked option (before,
    "- [ ] macOS" gave the paste a Mac), no fact rests on any unticked line, and the ticked
    acknowledgement still names axolotl."""
    name = "axolotl1307-template-os-checkboxes-linux-ticked-macos-unticked-mlflow.md"
    lines = (ERRORS / name).read_text(encoding="utf-8").splitlines()
    unticked = {n for n, line in enumerate(lines, start=1) if line.startswith("- [ ] ")}
    assert unticked  # the form's unticked options are in the recording
    paste = reports.read((ERRORS / name).read_bytes())
    assert not [f for f in paste.facts if f.line in unticked], paste.facts
    assert not [f for f in paste.facts if f.key is FactKey.PROSE_MAC]
    ticked = [f for f in paste.facts if lines[f.line - 1].startswith("- [X] ")]
    assert [f.name for f in ticked] == ["axolotl"]  # "- [X] I am using the latest … axolotl."
    report = hwdoctor.diagnose((ERRORS / name).read_bytes())
    assert "Mac" not in " ".join(f.message for f in report.findings)


def test_an_unticked_item_that_carries_a_value_keeps_it() -> None:
    """s20-mendB: an unticked item shaped "label: value" is the reporter's answer written into a
    checklist left unticked (a filled "Summary checklist" whose boxes stay empty): its line stays
    and its facts are read. No public thread was found that shows it, so the shapes are checked
    on the cleaning alone; bare option labels, and the checklist items of sgl-project/sglang#7766
    and axolotl-ai-cloud/axolotl#1307 (a URL's "https:" is no label), are still blanked."""
    from hwdoctor.gather.reports.cleaning import without_unchosen

    kept = [
        "- [ ] Python version: 3.10.12",
        "- [ ] PyTorch installed and CUDA-functional: no, torch 2.5.0 says CUDA not available",
        "* [ ] CUDA version：12.6",
    ]
    blanked = ["- [ ] macOS", "- [ ] Python version:", "- [ ] Python version:   ", "- [ ] a: "]
    assert without_unchosen("\n".join(kept + blanked)) == "\n".join(kept + [""] * len(blanked))
    for name in (
        "sglang7766-windows-question-sgl-kernel-quiet.md",
        "axolotl1307-template-os-checkboxes-linux-ticked-macos-unticked-mlflow.md",
    ):
        raw = (ERRORS / name).read_text(encoding="utf-8")
        unticked = {n for n, line in enumerate(raw.splitlines(), start=1) if "- [ ] " in line}
        assert unticked
        lines = without_unchosen(raw).splitlines()
        assert all(not lines[n - 1] for n in unticked), name


# --- a short question of a machine is read ---------------------------------------------------

# file: (the machine the note names, the question's line)
ASKED: Final = {
    # "多卡训练支持Windows吗": does multi-card training support Windows? (no library, no pointer)
    "paddle37115-zh-multi-card-training-windows-question-no-library.md": ("Windows", 1),
    # "Does this support being run on AMD GPU or perhaps Metal?": "this", no --repo
    "auralis23-question-does-this-support-amd-gpu-or-metal.md": ("AMD GPUs", 3),
    # a request's title: the machine and "Support", no question mark
    "deepseekvl14-rocm-support-request-title.md": ("AMD GPUs", 1),
    # a Chinese request's title: "增加AMD GPU ROCm支持" (add AMD GPU ROCm support)
    "chitu37-zh-add-amd-gpu-rocm-support-request-title.md": ("AMD GPUs", 1),
    "comfyuidragnuwa20-mps-support-title-any-plans.md": ("Apple Silicon", 1),
    # the title "AMD support" and "Is AMD/ROCm support planned?"
    "omost19-amd-support-title-is-rocm-support-planned.md": ("AMD GPUs", 1),
    # a title alone: "AMD ROCm support ?"; a Chinese title alone: "请问能支持AMD的ROCM吗？"
    "lattice5-amd-rocm-support-title-only.md": ("AMD GPUs", 1),
    "stt111-zh-can-it-support-amd-rocm-title-only.md": ("AMD GPUs", 1),
    # "is that possible running on macOS M1?" (Megatron-LM's tracker): was exit 2
    "megatron200-macos-m1-question-no-library-named-quiet.md": ("a Mac", 1),
}


@pytest.mark.parametrize("name", sorted(ASKED), ids=lambda n: n.split("-", 1)[0])
def test_a_short_question_of_a_machine_is_read_and_says_what_it_names(name: str) -> None:
    machine, line = ASKED[name]
    exit_code, data = detect(name)
    assert exit_code == 0  # nothing failed: the reporter asked
    codes = [f["code"] for f in data["findings"]]
    assert codes == [NOTE], codes
    (found,) = data["findings"]
    assert found["severity"] == "info"
    assert found["message"].startswith(f"the reporter asks about {machine} ("), found["message"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert "--repo OWNER/NAME" in (found["advice"] or "")
    assert "variant" not in found
    assert data["post"] is False  # a note: the reply bot says nothing
    # detect's usual "Not checked" lines: what to run to show more
    assert "python -m torch.utils.collect_env" in [q["command"] for q in data["not_checked"]]


def test_a_question_filed_where_the_table_has_no_row_names_the_repository() -> None:
    """huggingface/nanotron#240 ("Wondering is the training on AMD GPUs supported?"): with
    `--repo huggingface/nanotron`, which has no row, the note says where it was asked (was
    exit 2)."""
    exit_code, data = detect("nanotron240-amd-gpus-question-no-row-quiet.md",
                             "huggingface/nanotron")  # fmt: skip
    assert exit_code == 0
    (found,) = data["findings"]
    assert found["code"] == NOTE
    assert found["message"].startswith(
        "asked in huggingface/nanotron, which hwdoctor's support table has no row for: the "
        "reporter asks about AMD GPUs"
    ), found["message"]
    assert "--repo" not in (found["advice"] or "")  # it was given


def test_a_question_with_a_repository_that_has_a_row_is_answered_by_the_row() -> None:
    """The same forms filed where the table has a row get the row's answer, not the note:
    "does it work in windows?" filed in NVIDIA/cudf (tests/test_tracker.py answers it) gets
    cuDF's, and without `--repo` the note (before: exit 2)."""
    raw = (ERRORS / "cudf449-windows-question-does-it-work-in-windows.md").read_bytes()
    answered = hwdoctor.diagnose(raw, repo="NVIDIA/cudf")
    assert NOTE not in [f.code for f in answered.findings]
    assert [f.code for f in hwdoctor.diagnose(raw).findings] == [NOTE]


# --- MLC-LLM found no device ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "mlc2627-convert-weight-auto-device-no-available-device-detected.md",
        "mlc2094-steamdeck-prebuilt-vulkan-not-detected-no-available-device.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_mlc_llm_finding_no_device_is_named_with_what_shows_its_devices(name: str) -> None:
    exit_code, data = detect(name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == NO_GPU]
    assert len(found) == 1, [f["code"] for f in data["findings"]]
    message = found[0]["message"]
    assert message.startswith('MLC-LLM found no device to run on ("No available device'), message
    assert "before 0.19.0 do not try the CPU" in message
    quoted = [q["text"] for q in found[0]["rests_on"]]
    assert any("Not found: No available device detected" in q for q in quoted), quoted
    # what then failed on the None device is its symptom: no error line left unexplained
    assert any("'NoneType' object has no attribute 'device_type'" in q for q in quoted), quoted
    assert not data["unread"], data["unread"]
    advice = found[0]["advice"] or ""
    assert "python -m mlc_llm.cli.check_device" in advice
    assert "torch.cuda.is_available" not in advice  # MLC-LLM's runtime is TVM's, not torch's
    assert "variant" not in found[0]


def test_mlc_llm_that_found_a_device_is_no_such_finding() -> None:
    """mlc-ai/mlc-llm#2977: "Found device: vulkan:0", "Using device: vulkan:0": no finding that
    it found none (its INFO lines alone are no report)."""
    raw = (ERRORS / "mlc2977-vulkan-found-using-device-vulkan0-jit-compile.md").read_bytes()
    with pytest.raises(UsageError):
        hwdoctor.diagnose(raw)


# --- negatives: still no report ------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "mlcllm-docs-readme-v0.18.1-negative.md",
        "bnb-changelog-0.38.1-0.39.0-negative.md",
        "dota2vulkan180-sli-multigpu-not-a-bug-negative.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_a_readme_a_changelog_and_an_unrelated_post_are_still_no_report(name: str) -> None:
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name))
    assert result.returncode == 2, result.stdout


# --- issue 38 (s20-mendB): a statement is no question; --repo is never asked for again ---------


def test_a_title_that_withdraws_support_asks_nothing() -> None:
    """isbg/isbg#51, the maintainer's "Drop Windows support" ("there are very good chances the
    Windows support will be dropped"): an announcement, no request for Windows support (it was
    read as one, the note asking which library). No report: exit 2, as before s20-template."""
    result = run_hwdoctor(
        "detect", "--paste", str(ERRORS / "isbg51-drop-windows-support-announcement-negative.md")
    )
    assert result.returncode == 2, result.stdout
    assert "no report hwdoctor reads" in result.stderr


def test_a_question_filed_where_the_row_is_not_the_pastes_subject_never_asks_for_repo() -> None:
    """mit-han-lab/nunchaku#547 ("[Feature] Does this project support NVIDIA's 30HX and 40HX
    GPU ？", its title naming nunchaku) given `--repo vllm-project/vllm`, a repository with a
    row whose library is not the paste's subject: the question is asked of no library (which
    of the two "this project" is, the paste does not settle), and the note says where it was
    asked and what the paste is about; never that it "names no library hwdoctor's support table
    lists", nor to pass the --repo it was given."""
    exit_code, data = detect(
        "nunchaku547-nvidia-30hx-40hx-question-does-this-project-support.md", "vllm-project/vllm"
    )
    assert exit_code == 0
    (found,) = data["findings"]
    assert found["code"] == NOTE
    assert found["message"].startswith(
        "asked in vllm-project/vllm, whose library is vLLM, of a paste about nunchaku: the "
        "reporter asks about NVIDIA GPUs"
    ), found["message"]
    assert "names no library" not in found["message"]
    assert "--repo" not in (found["advice"] or "")
    assert "variant" not in found
