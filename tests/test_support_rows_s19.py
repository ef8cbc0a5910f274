"""The support table's rows added in s19-rows (issue 38): the libraries reporters file about.

Real pastes from tests/data/reports/errors/ (sources in that directory's README): questions
whether Keras runs on Windows (Keras 3's README: Linux and macOS, WSL2 for Windows), LLaVA on
an M1 Mac, FastChat on an M1/M2 MacBook (filed in lm-sys/FastChat), PyG on an M2 Mac and
LLaMA-Factory on Ascend 910, each answered from its row; LLaMA-Factory on macOS, which its
README is silent on (no answer). And a traceback through diffusers' import machinery on a Mac
whose title names flash-attn: diffusers, silent on the machine, is no subject there.
"""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.gather.reports.readers.asked import library_row
from hwdoctor.versions import parse
from tests.test_tracker import detect

UNSUPPORTED = "backend.library_unsupported_machine"
LISTED, NOT_LISTED = "backend.library_support_listed", "backend.library_support_not_listed"
_MPS = registry.key_of_build(registry.Build.MPS)
_ROCM = registry.key_of_build(registry.Build.ROCM)
_CUDA = registry.key_of_build(registry.Build.CUDA)
_NPU = registry.key_of_tool("npu-smi")

# the rows s19-rows appended, each read at a commit (the brief: at least 25)
NEW_ROWS = (
    "TRL",
    "PEFT",
    "diffusers",
    "sentence-transformers",
    "Optimum",
    "optimum-amd",
    "LLaMA-Factory",
    "axolotl",
    "ms-swift",
    "OpenRLHF",
    "FastChat",
    "LLaVA",
    "InternVL",
    "ModelScope",
    "qwen-vl-utils",
    "torchtune",
    "torchchat",
    "PyTorch Lightning",
    "openai-whisper",
    "CosyVoice",
    "icefall",
    "torch-geometric",
    "Keras",
    "kohya_ss",
    "OneTrainer",
    "JAX",
)
# file: (the repository it was filed in, or "", code, the answer's first words, the commit it
# names, the line it rests on)
ANSWERED = {
    "textgen1533-mac-m1-question-llava-mps-not-supported.md": (
        "",
        LISTED,
        "LLaVA's documentation lists Apple Silicon under macOS",
        "haotian-liu/LLaVA@c121f043",
        1,
    ),
    "fastchat230-m1-m2-macbook-question-run.md": (
        "lm-sys/FastChat",
        LISTED,
        "asked in lm-sys/FastChat, whose library is FastChat: FastChat's documentation lists a Mac",
        "lm-sys/FastChat@0e6d3e4b",
        1,
    ),
    "pyg9726-macos-m2-question-pyg-library-still-not-working.md": (
        "",
        LISTED,
        "torch-geometric's documentation lists a Mac",
        "pyg-team/pytorch_geometric@5c6461b2",
        1,
    ),
    "llamafactory5434-zh-ascend-910b-question-eval-support.md": (
        "",
        LISTED,
        "LLaMA-Factory's documentation lists Huawei Ascend NPUs",
        "hiyouga/LLaMA-Factory@ff6d4d12",
        1,
    ),
}
# a question about a machine the row's documentation is silent on: no answer, no refusal
SILENT = ("llamafactory6064-macos-question-llamafactory-support.md",)
SEEDVR = "seedvr564-mbp-m3-max-title-flash-attn-diffusers-traceback.md"


def test_twenty_five_rows_more_each_cited_at_a_commit() -> None:
    keys = {b.key for b in registry.BACKENDS}
    names = [row.name for row in support.TABLE]
    assert len(names) == len(set(names))
    assert names[-len(NEW_ROWS) :] == list(NEW_ROWS)  # appended, one block each
    for name in NEW_ROWS:
        row = support.of_name(name)
        assert row is not None, name
        assert "@" in row.at and support.repositories_read(row), name
        assert row.source.startswith("https://"), name
        assert row.documented, name
        assert row.backends <= keys and row.unknown <= keys | set(support.SYSTEM_NAMES), name
        assert not row.unknown & (row.backends | row.systems), name
        assert row.systems <= set(support.SYSTEM_NAMES), name
        # every release a row bounds has its date (s18-since)
        bounded = {release for _, release in (*row.since, *row.until)}
        assert bounded <= set(dict(row.released)), name
        for release in bounded:
            assert parse(release) is not None, (name, release)


@pytest.mark.parametrize("name", NEW_ROWS)
def test_each_new_rows_names_find_it(name: str) -> None:
    """Its name, distributions, import packages and aliases resolve to the row, as a traceback
    frame (`of_module`), pip (`of_dist`) and a reporter's words (readers/asked.py) name it."""
    row = support.of_name(name)
    assert row is not None
    for dist in row.dists:
        assert support.of_dist(dist) is row, dist
    for module in row.modules:
        assert support.of_module(module) is row, module
    for alias in (row.name, *row.aliases):
        assert library_row(alias) is row, alias


def test_the_new_rows_answer_by_their_sources() -> None:
    listing = support.Listing
    axolotl, keras = support.of_name("axolotl"), support.of_name("Keras")
    jax, torchchat, trl = (
        support.of_name("JAX"),
        support.of_name("torchchat"),
        support.of_name("TRL"),
    )
    assert axolotl and keras and jax and torchchat and trl
    # axolotl's README: "NVIDIA GPU … or AMD GPU"; AMD from v0.6.0's README
    assert not axolotl.runs_on(_MPS, support.MACOS)
    assert axolotl.answer(_MPS, support.MACOS).listing is listing.NOT_LISTED
    assert axolotl.answer(_ROCM, None, parse("0.5.3"), strict=True).listing is listing.NOT_LISTED
    # with the release's date where the table holds one (s19-asked's answer)
    assert axolotl.answer(_ROCM, None, strict=True).releases == "from 0.6.0, released 2024-12-09"
    # Keras 3: Linux and macOS, WSL2 recommended for Windows (no exclusion, and Keras 1 and 2 ran
    # there: keras2459's thread), so Windows is unknown and a question about it gets no answer;
    # torchchat: Linux (x86) and Mac OS
    assert keras.answer(None, support.WINDOWS).listing is listing.UNKNOWN
    assert keras.answer(None, support.LINUX).listing is listing.LISTED
    assert torchchat.answer(None, support.WINDOWS).listing is listing.NOT_LISTED
    # JAX's NVIDIA GPUs are its plugin's row (Linux only): no "listed" under Windows here
    assert jax.answer(_CUDA, support.WINDOWS, strict=True).listing is listing.UNKNOWN
    assert jax.answer(None, support.WINDOWS).listing is listing.LISTED
    # TRL's documentation names no hardware: silent, never a refusal
    assert trl.runs_on(_ROCM, support.LINUX) and trl.runs_on(_NPU, None)
    assert trl.answer(_ROCM, None, strict=True).listing is listing.UNKNOWN


@pytest.mark.parametrize("name", sorted(ANSWERED), ids=lambda n: n.split("-", 1)[0])
def test_a_question_about_a_new_rows_library_is_answered_from_its_row(name: str) -> None:
    repo, code, words, at, line = ANSWERED[name]
    _, data, _ = detect(name, *([repo] if repo else []))
    assert data is not None
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert at in found[0]["message"], found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert UNSUPPORTED not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize("name", SILENT, ids=lambda n: n.split("-", 1)[0])
def test_a_question_its_row_is_silent_on_gets_no_answer(name: str) -> None:
    _, data, _ = detect(name)
    assert data is not None
    codes = [f["code"] for f in data["findings"]]
    assert not {LISTED, NOT_LISTED, UNSUPPORTED} & set(codes), codes


def test_a_frame_of_a_library_that_runs_there_leaves_the_subject_to_the_title() -> None:
    """seedvr564: "Error with flash_attn on Apple MacOS", a traceback through diffusers'
    import machinery. diffusers' row (Apple silicon listed, the rest silent) runs on a Mac:
    its frames explain nothing, and the title's flash-attn is the report's subject."""
    _, data, _ = detect(SEEDVR)
    assert data is not None
    found = [f for f in data["findings"] if f["code"] == UNSUPPORTED]
    assert [f["params"]["library"] for f in found] == ["flash-attn"]
    assert "the issue's title" in found[0]["message"]
