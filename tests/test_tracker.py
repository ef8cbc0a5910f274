"""The repository a report was filed in reaches the diagnosis: `detect --paste F --repo
OWNER/NAME` (issue 38, s17-tracker).

Real opening posts from tests/data/reports/errors/ (sources in that directory's README, section
"the repository a report was filed in"): each names its project only as "it", "this" or "you",
or not at all, and was filed in a repository compat/support.py has a row read at (or at one of
its former names, support.py `RENAMED`), on a machine the row does not list. With `--repo` the
report is about the tracker's library: a question is answered from its row
(backend.library_support_not_listed, "asked in OWNER/NAME"), an error on such a machine is a
warning that names no cause (backend.library_unsupported_machine, "filed in OWNER/NAME").
Without `--repo` neither appears. Negatives: reports filed where the row lists the machine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hwdoctor.compat import support
from hwdoctor.errors import UsageError
from hwdoctor.gather.reports import tracker
from tests.conftest import ROOT, run_hwdoctor

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
NOT_LISTED = "backend.library_support_not_listed"
UNSUPPORTED = "backend.library_unsupported_machine"
# file: (the repository the thread's URL names, the finding, its library, the machine in words)
FOUND = {
    "cudf449-windows-question-does-it-work-in-windows.md": (
        "NVIDIA/cudf", NOT_LISTED, "cuDF", "Windows"),
    "cudf1906-windows-question-do-you-have-windows-support.md": (
        "NVIDIA/cudf", NOT_LISTED, "cuDF", "Windows"),
    "cuml2756-windows-question-will-it-work-on-windows.md": (
        "NVIDIA/cuml", NOT_LISTED, "cuML", "Windows"),
    "diffgaussian22-cpu-only-question-use-this-without-cuda.md": (
        "graphdeco-inria/diff-gaussian-rasterization", NOT_LISTED,
        "diff-gaussian-rasterization", "a CPU alone"),
    "flashattn412-mac-m1-m2-question-would-you-plan-to-support.md": (
        "Dao-AILab/flash-attention", NOT_LISTED, "flash-attn", "a Mac"),
    "ktransformers112-zh-mac-question-without-a-subject.md": (
        "kvcache-ai/ktransformers", NOT_LISTED, "KTransformers", "a Mac"),
    "cudf9957-macos-packages-not-available-how-to-install.md": (
        "NVIDIA/cudf", UNSUPPORTED, "cuDF", "a Mac"),
}  # fmt: skip
# file: the repository; filed where the library's row lists the machine: no warning
LISTED = {
    "apex1269-windows-error-compiling-objects-for-extension.md": "NVIDIA/apex",
    "apex23-windows-cuda-home-setup-py-nonetype-not-iterable.md": "NVIDIA/apex",
    "vllm1921-macos-m2-question-can-it-support-macos.md": "vllm-project/vllm",
    "nunchaku547-nvidia-30hx-40hx-question-does-this-project-support.md": "nunchux-ai/nunchaku",
}


def detect(name: str, *repo: str) -> tuple[int, dict[str, Any] | None, str]:
    """`detect --paste` on a recording, in a subprocess: exit code, the JSON's data, stderr."""
    args = ("--repo", *repo) if repo else ()
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), *args, "--json")
    return result.returncode, result.json()["data"], result.stderr


def _codes(data: dict[str, Any] | None) -> list[str]:
    return [f["code"] for f in data["findings"]] if data else []


@pytest.mark.parametrize("name", sorted(FOUND), ids=lambda n: n.split("-", 1)[0])
def test_a_report_that_names_no_library_is_about_the_trackers(name: str) -> None:
    repo, code, library, machine = FOUND[name]
    exit_code, data, stderr = detect(name, repo)
    assert stderr == "" and exit_code in (0, 1)
    assert data is not None
    (found,) = [f for f in data["findings"] if f["code"] == code]
    assert found["severity"] == "warning"
    assert "variant" not in found
    assert found["params"]["library"] == library and found["params"]["machine"] == machine
    lines = [q["line"] for q in found["rests_on"]]
    if code == NOT_LISTED:  # the question's line
        assert found["message"].startswith(f"asked in {repo}, whose library is {library}: ")
        assert lines and any(mark in found["rests_on"][0]["text"] for mark in "?？吗")
    else:  # the report is about it, filed there; never its error's cause
        assert found["message"].startswith(f"the report is about {library} on {machine} (filed")
        assert f"(filed in {repo}: " in found["message"]
        assert "so the error may have another cause" in found["message"]
        assert lines[0] == 1  # the first line: the title
    assert data["post"] is True
    # without the repository, the report names no library of the table
    exit_code, data, _ = detect(name)
    assert not {NOT_LISTED, UNSUPPORTED} & set(_codes(data))


@pytest.mark.parametrize("name", sorted(LISTED), ids=lambda n: n.split("-", 1)[0])
def test_filed_where_the_row_lists_the_machine_names_nothing(name: str) -> None:
    exit_code, data, stderr = detect(name, LISTED[name])
    assert stderr == "" and exit_code in (0, 1)
    assert not {NOT_LISTED, UNSUPPORTED} & set(_codes(data)), _codes(data)
    assert data is None or data["post"] is False


def test_a_question_filed_where_the_row_lists_the_machine_says_so_in_a_note() -> None:
    """vLLM's row lists macOS on Apple silicon: the answer is a note, asked of vLLM."""
    _, data, _ = detect("vllm1921-macos-m2-question-can-it-support-macos.md", "vllm-project/vllm")
    assert data is not None
    (found,) = data["findings"]
    assert found["code"] == "backend.library_support_listed"
    assert found["message"].startswith("asked in vllm-project/vllm, whose library is vLLM: ")


@pytest.mark.parametrize(
    "given",
    [
        "NVIDIA/cudf",
        "nvidia/CUDF",
        "github.com/NVIDIA/cudf",
        "https://github.com/NVIDIA/cudf",
        "https://github.com/NVIDIA/cudf/",
        "https://github.com/NVIDIA/cudf.git",
        "https://github.com/NVIDIA/cudf/issues/449",
        "rapidsai/cudf",  # the name cuDF's row was read at (support.RENAMED)
    ],
)
def test_the_repository_in_each_form_gh_and_a_thread_give(given: str) -> None:
    _, data, stderr = detect("cudf449-windows-question-does-it-work-in-windows.md", given)
    assert stderr == ""
    assert NOT_LISTED in _codes(data)


@pytest.mark.parametrize(
    "given",
    [
        "cudf",
        "NVIDIA/cudf/tree/main",
        "https://gitlab.com/NVIDIA/cudf",
        "-NVIDIA/cudf",
        "NVIDIA/..",
        "NVIDIA/cu df",
        "$(touch pwned)/x",
        "NVIDIA/cudf/issues/abc",
        "a" * 400 + "/b",
        "",
    ],
)
def test_a_value_that_names_no_repository_is_a_usage_error(given: str, tmp_path: Path) -> None:
    result = run_hwdoctor(
        "detect", "--paste", str(ERRORS / "cudf449-windows-question-does-it-work-in-windows.md"),
        "--repo", given, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "--repo" in line and "not a GitHub repository" in line and "OWNER/NAME" in line
    assert "Traceback" not in result.stderr and not (tmp_path / "pwned").exists()


def test_repo_goes_with_a_pasted_report_only(tmp_path: Path) -> None:
    """--repo names where a paste was filed: alone, or with an evidence file or a machine's
    probe, it is a usage error (exit 2, one line and a hint)."""
    alone = run_hwdoctor("detect", "--repo", "NVIDIA/cudf")
    assert alone.returncode == 2 and "--paste" in alone.stderr
    assert len(alone.stderr.splitlines()) == 1
    evidence = ROOT / "tests" / "data" / "evidence" / "cpu-host.json"
    result = run_hwdoctor("detect", "--from", str(evidence), "--repo", "NVIDIA/cudf")
    assert result.returncode == 2 and "evidence file" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    question = ERRORS / "cudf1906-windows-question-do-you-have-windows-support.md"
    pasted = run_hwdoctor("detect", "--from", str(question), "--repo", "NVIDIA/cudf", "--json")
    assert NOT_LISTED in _codes(pasted.json()["data"])  # --from of a paste


@pytest.mark.parametrize("repo", ["pytorch/pytorch", "microsoft/onnxruntime", "no-one/nothing"])
def test_a_repository_without_one_row_gives_nothing(repo: str) -> None:
    """No row (torch has none), or several (onnxruntime's three execution providers): the
    report is as without --repo, and no error."""
    name = "cudf9957-macos-packages-not-available-how-to-install.md"
    with_repo = detect(name, repo)
    without = detect(name)
    assert with_repo[0] == without[0] and with_repo[2] == ""
    assert _codes(with_repo[1]) == _codes(without[1])


def test_a_library_the_paste_names_wins_over_the_tracker() -> None:
    """The stronger ties (here the issue's title, "flash-attn") still name the subject where
    the paste has them: filed anywhere, the report is about flash-attn."""
    name = "seedvr564-mbp-m3-max-title-flash-attn-diffusers-traceback.md"
    _, data, _ = detect(name, "facebookresearch/xformers")
    assert data is not None
    (found,) = [f for f in data["findings"] if f["code"] == UNSUPPORTED]
    assert found["params"]["library"] == "flash-attn"
    assert "the issue's title" in found["message"] and "xformers" not in found["message"]


def test_each_rename_maps_to_its_rows_repository() -> None:
    """support.RENAMED: every name of a renamed repository finds the same row, and every group
    holds one repository some row was read at."""
    for group in support.RENAMED:
        rows = {support.of_repository(name) for name in group}
        assert len(rows) == 1 and None not in rows, group
    assert tracker.parse("https://github.com/openai/triton/issues/1640") == "openai/triton"
    with pytest.raises(UsageError):
        tracker.parse("openai/triton/pull/1")


def test_the_python_api_takes_the_repository_as_detect_does() -> None:
    """`hwdoctor.diagnose(text, repo=)` is `detect --paste F --repo R`: the same findings, the
    same forms of the repository, the same refusal of a value that names none."""
    import hwdoctor

    name = "cudf449-windows-question-does-it-work-in-windows.md"
    raw = (ERRORS / name).read_bytes()
    _, data, _ = detect(name, "NVIDIA/cudf")
    for form in ("NVIDIA/cudf", "https://github.com/NVIDIA/cudf/issues/449"):
        report = hwdoctor.diagnose(raw, repo=form)
        assert sorted(f.code for f in report.findings) == sorted(_codes(data))
    with pytest.raises(UsageError):  # a question alone, about no library: no report
        hwdoctor.diagnose(raw)
    for bad in ("not a repository", 449):
        with pytest.raises(UsageError):
            hwdoctor.diagnose(raw, repo=bad)  # type: ignore[arg-type]
