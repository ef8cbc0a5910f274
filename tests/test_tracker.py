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
        "ghe.example.com/NVIDIA/cudf",  # gh's HOST/OWNER/REPO with another host: refused
        "https://ghe.example.com/NVIDIA/cudf",
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
    # s17-mend-tracker: the name nunchux-ai/nunchaku's README uses throughout
    assert support.of_repository("nunchaku-ai/nunchaku") == support.of_name("nunchaku")
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
    # s20-template: without the repository the question is still read (it was exit 2): a note
    # that it asks about Windows and names no library
    assert [f.code for f in hwdoctor.diagnose(raw).findings] == ["backend.support_asked_no_library"]
    for bad in ("not a repository", 449):
        with pytest.raises(UsageError):
            hwdoctor.diagnose(raw, repo=bad)  # type: ignore[arg-type]


# issue 38 (s17-mend-tracker): a repository answers for a row only where the row's library is
# its project (support.TRACKERS, each decision with its README's first lines). The red team's
# finding: facebookresearch/faiss answered with the faiss-gpu row (read at its INSTALL.md) for
# faiss#2522, a CPU segfault on an M1 Mac ("the report is about faiss-gpu on a Mac").
FAISS_M1 = "faiss2522-m1-mac-cpu-segfault-index-search-quiet-with-repo.md"
# the repositories whose tracker covers more than the row read there (or another library)
NOT_ONE_ROWS = (
    "facebookresearch/faiss",  # Faiss, CPU and GPU; the row is faiss-gpu
    "FunAudioLLM/CosyVoice",  # CosyVoice and ttsfrd, an optional dependency: two rows (s19)
    "PaddlePaddle/docs",  # all of PaddlePaddle's documentation; the row is paddlepaddle-gpu
    "microsoft/DirectML",  # DirectML; the row is torch-directml (its PyTorch/ samples)
    "pytorch/TensorRT",  # Torch-TensorRT; the row quotes NVIDIA TensorRT
    "NVIDIA/Megatron-LM",  # Megatron-LM and Megatron Core; the row is Megatron-Core
    "pytorch/FBGEMM",  # FBGEMM, FBGEMM_GPU and FBGEMM GenAI; the row is FBGEMM_GPU
    "microsoft/onnxruntime",  # three rows
    "jax-ml/jax",  # four rows (JAX itself from s19-rows)
    "QwenLM/Qwen2.5-VL",  # the Qwen2.5-VL models; the row is qwen-vl-utils (s19-rows)
)


def test_every_repository_a_row_was_read_at_has_a_decision() -> None:
    """The audit is complete: each repository a row's `at` names is in TRACKERS once for that
    row, with the README's words it rests on; a repository whose tracker covers more says what."""
    read = {(repo, row.name) for row in support.TABLE for repo in support.repositories_read(row)}
    decided = [(t.repository, t.library) for t in support.TRACKERS]
    assert len(decided) == len(set(decided)) and set(decided) == read
    assert all(t.readme.strip() for t in support.TRACKERS)
    excluded = {t.repository for t in support.TRACKERS if t.covers}
    assert excluded == set(NOT_ONE_ROWS)
    answering = {t.repository.lower() for t in support.TRACKERS if not t.covers}
    assert not answering & {r.lower() for r in excluded}  # no repository both ways


@pytest.mark.parametrize("repo", NOT_ONE_ROWS)
def test_a_repository_that_covers_more_than_its_row_names_no_library(repo: str) -> None:
    """The question "does it work in windows?" (cudf449, a real opening post) filed in a
    repository whose tracker is about more than the row read there is asked of nothing: the
    report is as without --repo (with NVIDIA/cudf it is answered for cuDF)."""
    assert support.of_repository(repo) is None
    name = "cudf449-windows-question-does-it-work-in-windows.md"
    with_repo, without = detect(name, repo), detect(name)
    assert with_repo[0] == without[0] and with_repo[2] == without[2]  # exit 2: no report
    assert _codes(with_repo[1]) == _codes(without[1])
    assert not {NOT_LISTED, UNSUPPORTED} & set(_codes(with_repo[1]))


def test_faiss_m1_cpu_segfault_is_quiet_filed_in_faiss() -> None:
    """faiss#2522: "Segfault during index.search on M1", faiss-cpu from pip on macOS: filed in
    facebookresearch/faiss it is not about faiss-gpu, and nothing is posted."""
    exit_code, data, stderr = detect(FAISS_M1, "facebookresearch/faiss")
    assert stderr == "" and exit_code in (0, 1)
    assert not {NOT_LISTED, UNSUPPORTED} & set(_codes(data))
    assert data is None or data["post"] is False
    assert _codes(data) == _codes(detect(FAISS_M1)[1])


def test_the_name_the_nunchaku_readme_uses_finds_its_row() -> None:
    """A bot in nunchux-ai/nunchaku is given the full_name its README uses throughout,
    nunchaku-ai/nunchaku: the question "Does this project support NVIDIA's 30HX…" is asked of
    nunchaku, whose row lists NVIDIA GPUs (a note, nothing posted)."""
    name = "nunchaku547-nvidia-30hx-40hx-question-does-this-project-support.md"
    _, data, stderr = detect(name, "nunchaku-ai/nunchaku")
    assert stderr == "" and data is not None
    (found,) = data["findings"]
    assert found["code"] == "backend.library_support_listed"
    assert found["message"].startswith("asked in nunchaku-ai/nunchaku, whose library is nunchaku")
    assert data["post"] is False


# issue 38 (s17-mend-tracker): a question's "it" is the tracker's library only where the paste
# has no subject of its own and "it" points back at nothing else. Real opening posts, each read
# as filed in NVIDIA/cudf (a tracker with a row that lists neither machine): no real thread
# filed in a row's own tracker showing the misreading was found, so these pastes stand in for
# one. Before the mend each was answered "asked in NVIDIA/cudf, whose library is cuDF".
NOT_THE_TRACKERS = {
    # "…I want to use TensorFlow on the GPU I have… or has it just not been tested…?": "it"
    # after another named thing
    "rocm374-tahiti-r9-280x-gcn1-support-question.md",
    # "Will this code be compatible with MI100 in practice?" after a quoted TORCH_CHECK naming
    # FlashAttention: the paste's own subject (flash-attn)
    "rocmfa24-mi100-torch-check-only-supports-mi200-or-newer.md",
    # "Can I run it with cpu?" in a thread naming ComfyUI's error and Detectron2
    "catvton23-macos-silicon-detectron2-cuda-home-not-set.md",
}


@pytest.mark.parametrize("name", sorted(NOT_THE_TRACKERS), ids=lambda n: n.split("-", 1)[0])
def test_a_question_about_another_thing_is_not_asked_of_the_tracker(name: str) -> None:
    exit_code, data, stderr = detect(name, "NVIDIA/cudf")
    assert stderr == "" and exit_code in (0, 1, 2)
    assert not {NOT_LISTED, UNSUPPORTED} & set(_codes(data)), _codes(data)
    assert not any("NVIDIA/cudf" in f["message"] for f in (data or {}).get("findings", []))
