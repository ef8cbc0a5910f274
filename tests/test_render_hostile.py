"""Hostile text from the diagnosed machine, through every renderer: it is shown, never obeyed.

A device name, an extension's error, an environment value can hold anything: HTML, code
fences, GitHub workflow commands, terminal escape sequences. The Markdown report (stdout and
GitHub's job summary) holds no HTML element, link or image that came from them and no fence
they close early; no output has a line GitHub Actions would run as a workflow command; no
raw control character reaches a terminal. Once through the real CLI on a fake world, and as
a hypothesis fuzz test of the renderers on reports built from evidence fixtures.
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from hwdoctor import diagnosis
from hwdoctor.model.facts import Device, Evidence, HostFacts
from hwdoctor.render import github, human, markdown
from hwdoctor.text import TerminalEcho, inert_commands, md_code, md_fence, md_inline, printable
from tests import evidence as ev
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World
from tests.fastlane import examples

# Each a way in: line breaks, workflow commands (v2 with indentation and after \r, v1),
# fences of several lengths and kinds, HTML, links and images, escape sequences (OSC 52
# writes the clipboard; CSI clears the screen), NUL, bidi overrides, a very long string.
HOSTILE = (
    "line one\nline two",
    "::error title=pwned::x",
    "\n   ::stop-commands::hwdoctor-pwned\n::add-mask::x",
    "cr\r::warning::pwned",
    "##[error]v1 pwned",
    "```",
    "````sh\n::error::in a fence",
    "`` ` ``` `````",
    "~~~\n~~~~",
    "</details>",
    "<details open><summary>x</summary>",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "[click](https://evil.example) ![t](https://evil.example/t.png) <https://evil.example>",
    "| cell | split |",
    "\\<img src=y>",
    "\x1b]52;c;aGVsbG8=\x07",
    "\x1b[2J\x1b[31mred\x1b[0m",
    "\x9b2J c1",
    "nul\x00byte\x7f",
    "\u202eevil\u202c \u2066iso\u2069 zero\u200bwidth",
    "sep\u2028::error::u2028",
    "x" * 5000,
)
EVERYTHING = "\n".join(HOSTILE[:-1])
# Lines that start a workflow command once GitHub's runner trims them (\n, \r, \r\n end one).
_LINES = re.compile(r"\r\n|\r|\n")
# hwdoctor's own HTML in a Markdown report; anything else came from the strings.
OWN_HTML = re.compile(r"<details><summary>[a-z, ]+</summary>|</details>|<br>")


def assert_inert(text: str) -> None:
    """Nothing in `text` drives a terminal or GitHub Actions."""
    assert "\x1b" not in text and "\x00" not in text and "\x9b" not in text
    assert "\u202e" not in text and "\u2066" not in text and "\u2028" not in text
    for line in _LINES.split(text):
        assert not line.strip().startswith("::"), line
        assert "##[" not in line, line


def assert_safe_markdown(text: str) -> None:
    """No HTML but hwdoctor's, no link or image, and every heading hwdoctor wrote still a
    heading (a fence left open swallows the rest)."""
    assert_inert(text)
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    headings = [line for line in text.splitlines() if re.match(r"#{2,3} ", line)]
    assert sum(token.type == "heading_open" for token in tokens) == len(headings)
    for token in tokens:
        if token.type == "html_block":
            assert OWN_HTML.fullmatch(token.content.strip()), token.content
        if token.type == "fence":  # every fence closed: the line after it exists
            assert token.map is not None and token.markup.startswith("`")
        for child in token.children or ():
            assert child.type not in ("link_open", "image"), child
            if child.type == "html_inline":
                assert OWN_HTML.fullmatch(child.content), child.content


# --- the helpers --------------------------------------------------------------------------


@pytest.mark.parametrize("text", HOSTILE)
def test_each_helper_neutralises_each_string(text: str) -> None:
    for rendered in (md_inline(text), md_code(text)):
        assert_safe_markdown("## t\n\n- " + rendered + "\n\n### end\n")
    for indent in ("", "  "):
        fenced = "\n".join(md_fence(text, indent=indent))
        assert_safe_markdown(f"## t\n\n- item\n\n{fenced}\n\n### end\n")
    fence = md_fence(text)
    assert fence[0] == fence[-1] and all(fence[0] not in line for line in fence[1:-1])
    assert_inert(inert_commands(printable(text)))


def test_ordinary_text_is_left_as_it_is() -> None:
    for text in ("torch_npu 2.5.1", "0: NVIDIA H100 80GB HBM3, 80 GiB", "HF_HOME=/data/hf"):
        assert md_inline(text) == text and printable(text) == text
        assert inert_commands(text) == text
    assert md_code("cuda:0") == "`cuda:0`"
    assert md_code("a`b") == "``a`b``" and md_fence("has ``` inside")[0] == "````"


def test_workflow_command_values_are_encoded_as_the_runner_decodes_them() -> None:
    # https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
    assert github.annotation("100%\r\n::error::x") == "100%25%0D%0A::error::x"
    assert github.command_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_terminal_echo_keeps_progress_bars_and_shows_everything_else() -> None:
    target = io.BytesIO()
    echo = TerminalEcho(target)
    bar = "\r 50%|█████     | 5/10 [00:01<00:01]\x1b[K\x1b[1A\x1b[32mok\x1b[0m\n"
    for chunk in (bar.encode(), b"clip \x1b]5", b"2;c;aGk=\x07 done\n", b"  :", b":error::x\n"):
        echo.write(chunk)
    echo.write("\u202e\n".encode()[:2])  # a character cut in two
    echo.write("\u202e\n".encode()[2:] + b"##")
    echo.write(b"[error]v1\n")
    out = target.getvalue().decode()
    assert out.startswith(bar)  # \r, erase line, cursor up and colours pass
    assert "clip \\x1b]52;c;aGk=\\x07 done" in out
    assert "  \\::error::x" in out and "\\u202e" in out and "##\\[error]v1" in out
    assert_inert(out.replace(bar, ""))


# --- the real CLI on a fake world ---------------------------------------------------------


def _broken_extension(world: World, module: str, dist: str, message: str) -> None:
    """An installed extension whose import raises `message` (no autoload: torch imports)."""
    world._claim(module, dist)
    files = world._write_package(module, f"raise ImportError({message!r})\n")
    world._write_dist(dist, "1.0", files=files, top_level=[module])


@pytest.fixture
def hostile_world(world: World) -> World:
    names = (*HOSTILE[:-1], HOSTILE[-1], EVERYTHING)
    world.privateuse1("npu", devices=tuple(FakeDevice(name) for name in names))
    _broken_extension(world, "torch_mlu", "torch-mlu", EVERYTHING)
    return world.set_env(CUDA_VISIBLE_DEVICES=EVERYTHING.replace("\x00", ""))  # no NUL in env


def test_markdown_of_a_hostile_world(hostile_world: World) -> None:
    result = run_hwdoctor("detect", "--format", "markdown", env=hostile_world.env(base_env()))
    assert result.returncode in (0, 1), result
    assert "pwned" in result.stdout and "onerror" in result.stdout  # planted, and shown
    assert_safe_markdown(result.stdout)
    assert_inert(result.stderr)


def test_human_output_of_a_hostile_world(hostile_world: World) -> None:
    for args in (("detect", "--all"), ("explain", "--verbose")):
        result = run_hwdoctor(*args, env=hostile_world.env(base_env()))
        assert result.returncode in (0, 1), result
        assert "pwned" in result.stdout or args[0] == "explain"
        assert_inert(result.stdout + result.stderr)
    coloured = run_hwdoctor("detect", env=hostile_world.env({**base_env(), "FORCE_COLOR": "1"}))
    assert "\x1b[" in coloured.stdout  # Rich's colours stay; nothing else
    assert_inert(re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout))


def test_github_step_summary_and_annotations_of_a_hostile_world(
    hostile_world: World, tmp_path: Path
) -> None:
    summary = tmp_path / "summary.md"
    env = {**base_env(), "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    result = run_hwdoctor("detect", "--require", "cuda", env=hostile_world.env(env))
    assert result.returncode == 1, result
    assert "pwned" in summary.read_text()
    assert_safe_markdown(summary.read_text())
    assert_inert(result.stdout)
    own = [line for line in _LINES.split(result.stderr) if line.startswith("::")]
    # the unmet requirement, then each finding that fails the run, titled with its code
    assert own[0].startswith("::error title=hwdoctor::requirement cuda not met"), own
    assert all(re.match(r"::error title=hwdoctor( [a-z_.]+)?::", line) for line in own), own
    assert_inert("\n".join(line for line in _LINES.split(result.stderr) if line not in own))


def test_a_python_path_with_escapes_whose_probe_fails(tmp_path: Path) -> None:
    directory = tmp_path / "py\x1b]52;c;aGk=\x07\x1b[2J"
    directory.mkdir()
    python = directory / "python"
    python.write_text("#!/bin/sh\necho '::error::from the target' >&2\nexit 1\n")
    python.chmod(0o755)
    for fmt in ("human", "markdown"):
        result = run_hwdoctor("detect", "--python", str(python), "--format", fmt)
        assert result.returncode in (1, 2), result
        assert_inert(result.stdout + result.stderr)
        assert "x1b" in result.stdout + result.stderr  # shown, escaped


def test_a_load_model_directory_name_with_escapes(tmp_path: Path) -> None:
    model = tmp_path / "m\x1b]52;c;aGk=\x07\n::error::dir"
    model.mkdir()
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    result = run_hwdoctor("load", str(model), "-d", "cpu", env=env)
    assert result.returncode != 3, result
    assert_inert(result.stdout + result.stderr)


def test_the_payload_stderr_echoed_during_load(world: World, tmp_path: Path) -> None:
    noise = "import sys\nsys.stderr.write('\\x1b]52;c;aGk=\\x07\\n  ::error::echoed\\n')\n"
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3"),), extra_source=noise)
    env = world.env({**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1",
                     "HWDOCTOR_PROGRESS": "1"})  # fmt: skip
    result = run_hwdoctor("load", "-d", "cpu", env=env)
    assert "echoed" in result.stderr, result  # it was echoed
    assert_inert(result.stdout + result.stderr)


# --- fuzz: the renderers on reports built from evidence ------------------------------------

_PIECES = st.sampled_from(HOSTILE[:-1])
_TEXT = st.lists(st.one_of(_PIECES, st.text(max_size=40)), min_size=1, max_size=4).map("".join)


@st.composite
def hostile_evidence(draw: st.DrawFn) -> Evidence:
    evidence = ev.usable(ev.cpu_host(), "npu", 2)
    devices = tuple(
        Device(index, draw(_TEXT), uuid=draw(st.none() | _TEXT), total_memory_bytes=1 << 30)
        for index in range(draw(st.integers(1, 3)))
    )
    evidence = ev.with_backend(evidence, "npu", devices=devices, device_count=len(devices),
                               version=draw(_TEXT))  # fmt: skip
    evidence = ev.with_failure(evidence, "import:torch_mlu", error=("ImportError", draw(_TEXT)))
    evidence = ev.with_tool_problem(evidence, "npu", "npu-smi", draw(_TEXT))
    evidence = ev.with_env(evidence, ASCEND_RT_VISIBLE_DEVICES=draw(_TEXT))
    assert evidence.host is not None
    host: HostFacts = dataclasses.replace(evidence.host, hostname=draw(_TEXT),
                                          cpu_name=draw(_TEXT))  # fmt: skip
    return dataclasses.replace(evidence, host=host)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_evidence())
def test_fuzz_markdown_and_terminal_renderers(evidence: Evidence) -> None:
    report = diagnosis.detect(evidence)
    assert_safe_markdown(markdown.detect(report))
    explained = diagnosis.explain(evidence)
    assert_safe_markdown(markdown.explain(explained))
    for renderables in (human.detect_renderables(report), human.explain_renderables(explained)):
        assert_inert(human.render(renderables, io.StringIO()))
