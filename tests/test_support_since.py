"""Knowledge has a date: machines a library's documentation lists only from a release on
(issue 38, s18-since).

compat/support.py's rows carry `since` (the first release whose README, changelog or
installation page lists a backend or a system) and `until`; each entry is cited in the comment
above its row. Real pastes from tests/data/reports/errors/ (sources in that directory's
README), each filed before the release that lists its machine: flash-attn's build on a ROCm
torch (Dao-AILab/flash-attention#749, 2024-01-03; AMD GPUs from 2.6.2, 2024-07-23) and on
Windows (Dao-AILab/flash-attention#553, 2023-09-18; Windows from 2.3.2, 2023-10-08), neither
showing flash-attn's release: a warning with that release, the line that shows the installed
one and the upgrade; flash-attn 0.2.2 on Windows (junjie18/CMT#22, 2023-04-01), the release
its install command names: the finding that it does not run there. Quiet where the release
shown is later (Unsloth 2025.3.19 on Windows, unslothai/unsloth#2318; Windows from
2024.10.5); unchanged for a row without `since` (mamba-ssm on Windows). s21-words: an issue's
title that names the library and the machine ties it to a failure the post says in words
(xformers on AMD GPUs, AUTOMATIC1111/stable-diffusion-webui#5091); the reporter's other words
alone still ask for no release (YuE#34).
"""

from __future__ import annotations

import ast
import datetime
import io
import re
import tokenize
from typing import Any, Final

import pytest

from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.pasted import FactKey
from hwdoctor.versions import parse
from tests.test_mac_asked_cuda import ERRORS, ROOT, detect

CODE: Final = "backend.library_unsupported_machine"
SUBJECT_MACHINE: Final = FactKey.SUBJECT_MACHINE
SUPPORT: Final = ROOT / "hwdoctor" / "compat" / "support.py"
_ROCM: Final = registry.key_of_build(registry.Build.ROCM)
_XPU: Final = registry.key_of_build(registry.Build.XPU)
_MPS: Final = registry.key_of_build(registry.Build.MPS)
# a citation: a repository at a commit or tag ("Dao-AILab/flash-attention@0251105", "at
# unslothai/unsloth's tags"), or a page's address
_CITED: Final = re.compile(r"[\w.-]+/[\w.-]+(?:@|'s? tags| CHANGELOG| README)|https://")

# file: (the release the warning names, the upgrade line's flags and requirement; None: no
# upgrade line)
SINCE: Final = {
    # s18-mend-misc: torch 2.1.2+rocm5.6, below flash-attn's "ROCm 6.0+" (its README at
    # v2.6.2): no upgrade of flash-attn, which would not build there; ROCm first
    "flashattn749-rocm5.6-torch-pip-build-before-2.6.2.md": (
        "only from 2.6.2 (2024-07-23) on",
        None,
    ),
    # s18-mend-misc: its README's install line, with --no-build-isolation (its setup.py
    # imports torch, and it has no pyproject.toml)
    "flashattn553-windows-pip-build-urlretrieve-before-2.3.2.md": (
        "only from 2.3.2 (2023-10-08) on",
        '--no-build-isolation "flash-attn>=2.3.2"',  # Windows' quotes (s19-windows)
    ),
}


def _findings(name: str) -> tuple[int, list[dict[str, Any]]]:
    exit_code, data = detect(ERRORS / name)
    return exit_code, [f for f in data["findings"] if f["code"] == CODE]


@pytest.mark.parametrize("name", sorted(SINCE), ids=lambda n: n.split("-", 1)[0])
def test_a_machine_listed_from_a_later_release_than_any_shown_is_a_warning(name: str) -> None:
    words, requirement = SINCE[name]
    _, found = _findings(name)
    assert len(found) == 1, found
    assert found[0]["severity"] == "warning"
    assert words in found[0]["message"], found[0]["message"]
    assert "does not show which flash-attn release" in found[0]["message"]
    assert "variant" not in found[0]
    remedy = found[0]["remedy"] or ""
    assert "pip show flash-attn" in remedy, remedy
    if requirement is None:
        assert "pip install" not in remedy, remedy
        assert "needs ROCm 6.0 or newer" in remedy and "built with ROCm 5.6" in remedy, remedy
    else:
        assert re.search(r"pip install --upgrade " + re.escape(requirement), remedy), remedy


def test_an_earlier_release_shown_is_the_library_not_running_there() -> None:
    # `pip install flash-attn==0.2.2` (junjie18/CMT#22): 0.2.2 is older than 2.3.2
    _, found = _findings("cmt22-windows-flash-attn-0.2.2-dll-load-failed.md")
    assert len(found) == 1, found
    assert "does not list Windows" in found[0]["message"], found[0]["message"]
    assert "only from" not in found[0]["message"]


def test_the_reporters_words_alone_ask_for_no_release() -> None:
    # "I commented out the flash_attn lines in infer.py because my RDNA2 GPU 6900 XT gfx1030
    # does not have support" (multimodal-art-projection/YuE#34): the error is the script's own
    _, found = _findings("yue34-rdna2-6900xt-flash-attn-commented-out-raw-output.md")
    assert found == []


# s21-words: an issue's title that names the library and the machine ("[Bug]: xformers used
# even on AMD GPUs", AUTOMATIC1111/stable-diffusion-webui#5091, 2022-11-26: Linux, a Vega56,
# torch from the rocm5.2 index), over a post that says in words it failed there ("an xformers
# call fails with the attached error message", the error itself in an attached file): the
# title ties xformers to the words, and xformers lists AMD GPUs only from 0.0.28
XFORMERS_ON_AMD: Final = "sdwebui5091-linux-vega56-rocm5.2-xformers-used-on-amd-call-fails.md"


def test_a_title_naming_the_library_and_the_machine_ties_the_failure_said_below() -> None:
    _, found = _findings(XFORMERS_ON_AMD)
    assert len(found) == 1, found
    assert found[0]["severity"] == "warning"
    message = found[0]["message"]
    assert "only from 0.0.28 (2024-09-12) on" in message, message
    assert "does not show which xformers release" in message, message
    assert "an xformers call fails with the attached error message" in message, message
    assert "pip show xformers" in (found[0]["remedy"] or "")
    lines = [q["line"] for q in found[0]["rests_on"]]
    assert 1 in lines and 17 in lines, lines  # the title, and the words that it failed


def test_the_title_names_the_machine_as_a_fact_of_its_own() -> None:
    # readers/subject.py: the title's machine beside its library, a registry backend key
    paste = assemble.gathered(reports.read((ERRORS / XFORMERS_ON_AMD).read_bytes()))
    named = [(f.value, f.name, f.quote.line) for f in paste.facts if f.key is SUBJECT_MACHINE]
    assert named == [(_ROCM, "xformers", 1)], named


def test_a_later_release_shown_is_quiet() -> None:
    # "- unsloth  2025.3.19" (unslothai/unsloth#2318): Windows from 2024.10.5
    _, found = _findings("unsloth2318-windows-unsloth-2025.3.19-circular-import-quiet.md")
    assert found == []


@pytest.mark.parametrize(
    "name",
    [
        "mamba665-windows-conda-mamba-ssm-nvcc-not-found.md",
        "mambavision84-windows-mamba-ssm-2.2.4-bare-metal-version.md",
    ],
)
def test_a_row_without_since_is_unchanged(name: str) -> None:
    assert support.of_name("mamba-ssm") is not None
    assert not support.of_name("mamba-ssm").since  # type: ignore[union-attr]
    exit_code, found = _findings(name)
    assert exit_code == 1
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith("mamba-ssm has no build for Windows")


def test_a_question_answers_from_the_new_release() -> None:
    # "Does xformers work on AMD?" with `xformers==0.0.21` in the reporter's install line
    _, data = detect(ERRORS / "easydiffusion1603-rx6700xt-xformers-built-for-2.0.1-cu118-"
                     "torch-2.0.1-rocm5.4.2.md")  # fmt: skip
    asked = [f for f in data["findings"] if f["code"] == "backend.library_support_not_listed"]
    assert len(asked) == 1, [f["code"] for f in data["findings"]]
    # (s19-asked) with the release's date the table holds
    assert "does not list AMD GPUs (from 0.0.28, released 2024-09-12)" in asked[0]["message"]


def test_the_first_release_a_machine_is_listed_from() -> None:
    flash = support.of_name("flash-attn")
    unsloth = support.of_name("Unsloth")
    mamba = support.of_name("mamba-ssm")
    assert flash is not None and unsloth is not None and mamba is not None
    assert flash.first_release(_ROCM, support.LINUX) == "2.6.2"
    assert flash.first_release(None, support.WINDOWS) == "2.3.2"
    assert flash.first_release(None, support.LINUX) is None  # listed in every release
    assert unsloth.first_release(_XPU, support.WINDOWS) == "2025.10.1"
    assert mamba.first_release(None, support.WINDOWS) is None  # in none
    # DeepSpeed's CPUs (Xeon) from 0.12.4 run it on any machine by the table's CPU path, but
    # say nothing of a Mac's release: no warning there; its ROCm entry is its own
    deepspeed = support.of_name("DeepSpeed")
    assert deepspeed is not None
    assert deepspeed.first_release(_MPS, support.MACOS) is None
    assert deepspeed.first_release(_ROCM, support.LINUX) == "0.6.1"
    assert flash.runs_on(_ROCM, support.LINUX, parse("2.6.2"))
    assert not flash.runs_on(_ROCM, support.LINUX, parse("2.6.1"))
    assert flash.dated("2.6.2") == "2.6.2 (2024-07-23)"


def _row_comments() -> dict[str, str]:
    """Each row's name, to the comments between the row before it and its own end."""
    source = SUPPORT.read_text(encoding="utf-8")
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string
    calls = sorted(
        (node.lineno, node.end_lineno or node.lineno, node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_row"
    )
    rows: dict[str, str] = {}
    before = 0
    for start, end, call in calls:
        assert start > before
        name = call.args[0]
        assert isinstance(name, ast.Constant) and isinstance(name.value, str)
        rows[name.value] = " ".join(c for n, c in comments.items() if before < n <= end)
        before = end
    return rows


def test_every_since_and_until_entry_parses_and_is_cited() -> None:
    comments = _row_comments()
    dated = 0
    for row in support.TABLE:
        entries = (*row.since, *row.until)
        for what, release in entries:
            assert what in row.backends | row.systems, (row.name, what)
            assert parse(release) is not None, (row.name, release)
            assert release in comments[row.name], (row.name, release)
        if entries:
            assert _CITED.search(comments[row.name]), row.name
        for release, date in row.released:
            assert release in {r for _, r in entries}, (row.name, release)
            assert datetime.date.fromisoformat(date) <= datetime.date(2026, 12, 7), date
            dated += 1
    assert sum(bool(r.since) for r in support.TABLE) >= 18
    assert dated >= 25


# s21-mendB (the red team's defect 8 of s21-words): the red team's paste, the recording's title
# over words that the library was removed ("I uninstalled xformers", "now with xformers gone");
# a reading test, not a recording (no real thread of the shape was found): the title ties
# nothing, and no upgrade reinstalls what the reporter removed. The recording's own post (the
# library in use) keeps its warning (above).
PUT_ASIDE_BELOW: Final = (
    "# [Bug]: xformers used even on AMD GPUs\n\n### What happened?\n\n"
    "On my Linux installation that uses AMD via ROCm (a Vega56), I uninstalled xformers and the"
    " webui no longer loads it, which is fine.\n\n"
    "I still get this error when the VAE decodes, now with xformers gone, so it comes from the"
    " new VAE code.\n"
)


def test_a_title_over_a_library_the_post_removed_ties_nothing(tmp_path: Any) -> None:
    paste = tmp_path / "put-aside.md"
    paste.write_text(PUT_ASIDE_BELOW, "utf-8")
    _, data = detect(paste)
    assert [f for f in data["findings"] if f["code"] == CODE] == []
