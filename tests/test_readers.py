"""The paste readers as registered objects (issue 38): a format is one module, its recordings
and one registry line, from which the help text, the README's list and the JSON `tool` values
derive. Each step of docs/extending.md's "A paste format" checklist is held by a test here
(or in tests/test_regex_cost.py and tests/test_reports.py), named after the step.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.diagnosis.pasted import accelerators_shown
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, reading
from hwdoctor.gather.reports.readers import protocol, registry
from hwdoctor.model.pasted import FactKey
from tests.conftest import ROOT, run_hwdoctor

DATA: Final = ROOT / "tests" / "data"
READERS_DIR: Final = ROOT / "hwdoctor" / "gather" / "reports" / "readers"
# The formats registered before issue 38 made a reader a module: their recordings were
# gathered as the corpus grew, some formats by one sample only. Every format registered
# after them has at least three, each named with its source in its directory's README.
BEFORE_THE_REGISTRY: Final = frozenset(
    {
        "collect_env",
        "vllm collect-env",
        "transformers env",
        "accelerate env",
        "diffusers env",
        "nvidia-smi",
        "nvidia-smi -q",
        "rocm-smi",
        "rocminfo",
        "amd-smi",
        "lightning collect_env_details",
        "pip list",
        "npu-smi info",
    }
)
# Registered formats no stored recording reaches yet, each with why; a recording that reaches
# one makes the test below fail until the format leaves this list.
NOT_YET_RECORDED: Final = {
    # issue 41: collect_env/vllm54945-… holds collect_env's start and its vLLM section
    # The stored listings (tt-forge#890's) come without `pip list`'s "Package  Version"
    # header; issue 38's pip list / pip freeze / conda list reader brings three.
    "pip list": "no stored paste holds pip list's header",
}
# A source as the corpus READMEs give it: a URL, or a repository's file at a commit.
_SOURCE: Final = re.compile(r"https?://\S+|\S+/\S+ \S+ @ [0-9a-f]{40}")


def _recordings() -> Iterator[Path]:
    for corpus in sorted(DATA.glob("reports*")):
        for path in sorted(corpus.rglob("*")):
            if path.suffix in (".txt", ".md") and path.name != "README.md":
                yield path


@cache
def blocks_by_tool() -> dict[str, list[Path]]:
    """The recordings of the corpus in which a block of each tool is read."""
    found: dict[str, list[Path]] = {}
    for path in _recordings():
        try:
            paste = reports.read(path.read_bytes(), path.name)
        except UsageError:
            continue
        for tool in dict.fromkeys(block.tool for block in paste.blocks):
            found.setdefault(tool, []).append(path)
    return found


def test_the_registry_lists_each_tool_once() -> None:
    tools = registry.tools()
    assert len(tools) == len(set(tools)), tools
    assert registry.TEXT not in tools  # the line readers' value is no block's
    for row in (*registry.BLOCKS, *registry.LINES):
        assert (READERS_DIR / f"{row.module}.py").is_file(), row
        assert row.shows and "\n" not in row.shows, row


def test_every_registered_module_has_its_reader() -> None:
    forms = reading.formats()
    assert [f.reader.__module__.rsplit(".", 1)[-1] for f in forms] == list(registry.modules())
    for form in forms:
        assert issubclass(form.reader, protocol.Reader) and form.tools
    assert all(issubclass(r, protocol.LineReader) for r in reading.line_readers())


def test_every_module_under_readers_is_registered_or_used_by_one() -> None:
    """No reader sits in the package unregistered: a module is registered, the protocol
    or the registry, or imported by a registered module (a helper: `amd`)."""
    registered = {row.module for row in (*registry.BLOCKS, *registry.LINES)}
    used: set[str] = set()
    for name in registered:
        tree = ast.parse((READERS_DIR / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "hwdoctor.gather.reports.readers"
            ):
                used |= {alias.name for alias in node.names}
    package = importlib.import_module("hwdoctor.gather.reports.readers")
    present = {info.name for info in pkgutil.iter_modules(package.__path__)}
    assert present - registered - used - {"protocol", "registry"} == set()


def test_each_registered_format_has_its_recordings() -> None:
    """Real recordings, read: every registered tool's block is read from the corpus; a
    format registered since the registry from at least three, each named in the README of
    its directory with its source."""
    found = blocks_by_tool()
    for tool in registry.tools():
        paths = found.get(tool, [])
        if tool in NOT_YET_RECORDED:
            assert not paths, f"{tool!r} has recordings now: take it off NOT_YET_RECORDED"
            continue
        assert paths, f"no recording in tests/data/reports*/ gives a {tool!r} block"
        if tool in BEFORE_THE_REGISTRY:
            continue
        # a held-out set's reports are measured, never a format's recordings: its README
        # names its sources in a layout of its own
        paths = [p for p in paths if not p.parent.name.startswith("reports_heldout")]
        assert len(paths) >= 3, (tool, [p.name for p in paths])
        for path in paths:
            # the format's directory names its sources, or the corpus's own README does
            # (tests/data/reports/README.md, one row per file of its directories)
            named = [d / "README.md" for d in (path.parent, path.parent.parent)]
            readme = next((r for r in named if r.is_file()), named[0])
            assert readme.is_file(), f"{path.parent} has no README.md naming its sources"
            rows = [line for line in readme.read_text("utf-8").splitlines() if path.name in line]
            assert rows and _SOURCE.search(rows[0]), f"{readme}: no source for {path.name}"


def test_the_readme_lists_the_registry() -> None:
    """The documented list of formats (docs/pasted-reports.md, moved there from the README)
    is the registry's."""
    page = (ROOT / "docs" / "pasted-reports.md").read_text(encoding="utf-8")
    listed = re.search(r"<!-- formats: [^\n]*-->\n(.*?)<!-- /formats -->", page, re.S)
    assert listed, "docs/pasted-reports.md has no <!-- formats --> block"
    assert listed.group(1) == registry.readme(), "run `make readme`"


def test_help_names_every_registered_format() -> None:
    for command in ("detect", "explain"):
        # the help's columns wrap a name after its hyphen ("amd-" then "smi")
        shown = re.sub(r"-\s+", "-", " ".join(run_hwdoctor(command, "--help").stdout.split()))
        for tool in registry.tools():
            assert tool in shown, (command, tool)
    import hwdoctor

    documented = " ".join((hwdoctor.diagnose.__doc__ or "").split())
    assert "readers.registry" in documented  # named there, not listed by hand
    assert not [tool for tool in registry.tools() if f"{tool}," in documented]


def test_help_imports_the_registry_and_no_reader() -> None:
    """The registry is data: `--help` names the formats without importing a reader module
    (each compiles its patterns on import), nor the model records."""
    code = (
        "import sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        "    main(['detect', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('hwdoctor.gather', "
        "'hwdoctor.model.')))\n"
        "sys.stderr.write('LOADED=' + ','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    loaded = set(done.stderr.rsplit("LOADED=", 1)[1].split(","))
    assert loaded == {
        "hwdoctor.gather",
        "hwdoctor.gather.reports",
        "hwdoctor.gather.reports.readers",
        "hwdoctor.gather.reports.readers.registry",
    }, done.stderr[-2000:]


def test_a_block_of_a_tool_the_registry_does_not_list_is_a_bug() -> None:
    """A reader may label its block only with its module's registered tools (collect_env's
    becomes vLLM's): anything else is hwdoctor's own bug, said as such."""

    class Stray(protocol.Reader):
        tool = "not registered"

    opened = reading._Open(reading.Format(Stray, ("collect_env",)), 1)
    with pytest.raises(ValueError, match="not in the registry"):
        _ = opened.tool


def test_fact_keys_keep_their_json_values() -> None:
    """The keys are an enum whose values are the strings they were (the JSON forms and the
    corpus's labels know them), and read as those strings in a sentence."""
    assert FactKey("torch.version") is FactKey.TORCH_VERSION
    assert f"{FactKey.MESSAGE_FOUND_VERSION}" == "message.found_version"
    assert len({key.value for key in FactKey}) == len(FactKey)


# --- each format's recordings: the facts each gives, and an error planted in its block ---

REPORTS: Final = DATA / "reports"
# A format's facts file: tests/data/reports/<dir>/facts.json, the format's `tool` and, for each
# recording in the directory, its corpus label, the blocks read from it (tool, first line,
# version; all of them, in order), the facts it must give, each on the line it rests on (`tool`
# where another tool's block reads it: the format's own otherwise), the keys whose facts are
# all listed (`only`; a key listed with no fact: none is read) and facts it must never give.
FACTS_FILE: Final = "facts.json"
_RECORDING_FIELDS: Final = frozenset({"label", "note", "blocks", "facts", "only", "never"})
_FIELDS: Final = ("line", "key", "name", "index", "value", "tool")  # a `Given`'s, in order
_FACT_FIELDS: Final = frozenset(_FIELDS)
# The formats registered before facts files: their facts are held by tests written by hand
# (tests/test_reports.py's test_collect_env_2x_layout, test_nvidia_smi_layouts and kin), over
# recordings gathered for the corpus's causes rather than per format.
WITHOUT_FACTS_FILE: Final = BEFORE_THE_REGISTRY
_PLANTED: Final = "RuntimeError: an error line planted inside the block (tests/test_readers.py)"
Given = tuple[int, str, str | None, int | None, str, str]  # line, key, name, index, value, tool


@cache
def facts_files() -> dict[str, tuple[Path, dict[str, Any]]]:
    """Each facts file by its format's tool: its directory and what it says."""
    found: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(REPORTS.glob(f"*/{FACTS_FILE}")):
        told = json.loads(path.read_text(encoding="utf-8"))
        assert told["tool"] not in found, f"two facts files for {told['tool']!r}"
        found[told["tool"]] = (path.parent, told)
    return found


def given(path: Path) -> list[Given]:
    """What a recording gives: each fact read, with its line and the tool that read it."""
    paste = reports.read(path.read_bytes(), path.name)
    return [(f.line, f.key.value, f.name, f.index, f.value, f.tool) for f in paste.facts]


def _told(row: dict[str, Any], tool: str) -> Given:
    assert set(row) <= _FACT_FIELDS and {"line", "key", "value"} <= set(row), row
    key = FactKey(row["key"]).value  # a key no FactKey has is refused here
    name, index, by = row.get("name"), row.get("index"), row.get("tool", tool)
    return (row["line"], key, name, index, row["value"], by)


def _facts_cases() -> list[tuple[str, str]]:
    files = facts_files()
    return [(tool, name) for tool, (_, told) in files.items() for name in told["recordings"]]


def test_each_format_has_its_facts_file() -> None:
    """Every registered format since the registry has a facts file, naming each recording of
    its directory (at least three) and nothing else; a facts file names a registered tool."""
    files = facts_files()
    assert set(files) <= set(registry.tools()), set(files) - set(registry.tools())
    for tool in registry.tools():
        if tool in WITHOUT_FACTS_FILE:
            continue
        assert tool in files, f"no tests/data/reports/*/{FACTS_FILE} names {tool!r}"
    for tool, (folder, told) in files.items():
        stored = {p.name for p in folder.iterdir() if p.name not in ("README.md", FACTS_FILE)}
        assert set(told["recordings"]) == stored, (tool, set(told["recordings"]) ^ stored)
        assert len(stored) >= 3, (tool, stored)


@pytest.mark.parametrize(("tool", "name"), _facts_cases(), ids=[n for _, n in _facts_cases()])
def test_each_recording_gives_its_facts(tool: str, name: str) -> None:
    """A recording's blocks are read as its facts file says, each fact it lists is read on
    its line, a key in `only` gives no fact the file does not list, a `never` fact is not
    read."""
    folder, told = facts_files()[tool]
    want = told["recordings"][name]
    assert set(want) <= _RECORDING_FIELDS and {"label", "blocks", "facts"} <= set(want), want
    path = folder / name
    paste = reports.read(path.read_bytes(), path.name)
    blocks = [{"tool": b.tool, "first": b.first, "version": b.version} for b in paste.blocks]
    assert blocks == want["blocks"]
    assert any(b["tool"] == tool for b in blocks), f"{name} gives no {tool!r} block"
    read = given(path)
    listed = [_told(row, tool) for row in want["facts"]]
    missing = Counter(listed) - Counter(read)
    assert not missing, [
        (fact, "read on that line:", [r for r in read if r[0] == fact[0]]) for fact in missing
    ]
    for key in want.get("only", ()):
        key = FactKey(key).value
        assert sorted(r for r in read if r[1] == key) == sorted(f for f in listed if f[1] == key), (
            f"{key}: read facts the file does not list, or listed ones twice"
        )
    for row in want.get("never", ()):
        pattern = {"tool": tool, **row}
        assert set(pattern) <= _FACT_FIELDS, row
        hits = [r for r in read if all(r[_FIELDS.index(k)] == v for k, v in pattern.items())]
        assert not hits, (row, hits)


def _planted_cases() -> list[tuple[str, Path]]:
    """Every recording of the corpus (not the held-out sets) in which a registered format's
    block is read, by the format."""
    return [
        (tool, path)
        for tool, paths in blocks_by_tool().items()
        for path in paths
        if path.is_relative_to(REPORTS)
    ]


@pytest.mark.parametrize(
    ("tool", "path"),
    _planted_cases(),
    ids=[f"{t}:{p.relative_to(REPORTS).as_posix()}" for t, p in _planted_cases()],
)
def test_an_error_planted_in_a_formats_block_is_named_or_unread(tool: str, path: Path) -> None:
    """Never "no problem" over an error: a line stating one, planted just inside the first
    block of each registered format in each recording, is quoted by a finding or listed as
    unread."""
    from hwdoctor.diagnosis import pasted
    from hwdoctor.gather.reports import assemble

    lines = path.read_text(encoding="utf-8").splitlines()
    block = next(b for b in reports.read(path.read_bytes()).blocks if b.tool == tool)
    lines.insert(block.first, _PLANTED)  # the line after the block's first
    paste = reports.read("\n".join(lines).encode())
    assert any(b.tool == tool for b in paste.blocks), "the planted line broke the block"
    report = pasted.diagnose(assemble.gathered(paste))
    quoted = {q.text for q in report.unread} | {q.text for qs in report.rests_on for q in qs}
    assert _PLANTED in quoted, (report.unread, [f.code for f in report.findings])
    assert report.unread_count >= 1 or report.findings


def test_every_registered_format_has_an_error_planted() -> None:
    """The planted-error test reaches every registered format with a recording."""
    reached = {tool for tool, _ in _planted_cases()}
    assert reached == set(registry.tools()) - set(NOT_YET_RECORDED)


def _printed(path: Path) -> str:
    """A recording's blocks and every fact read from it, in a facts file's layout (one row a
    line), for `python -m tests.test_readers FILE`: keep the facts the recording must give."""
    paste = reports.read(path.read_bytes(), path.name)
    blocks = [{"tool": b.tool, "first": b.first, "version": b.version} for b in paste.blocks]
    rows = []
    for line, key, name, index, value, tool in given(path):
        row = {"line": line, "key": key, "name": name, "index": index, "value": value}
        rows.append({k: v for k, v in row.items() if v is not None} | {"tool": tool})
    listed = {
        field: ",\n".join(f"    {json.dumps(x, ensure_ascii=False)}" for x in items)
        for field, items in (("blocks", blocks), ("facts", rows))
    }
    return f'  "blocks": [\n{listed["blocks"]}\n  ],\n  "facts": [\n{listed["facts"]}\n  ]\n'


def test_the_printed_facts_are_a_recordings_entry() -> None:
    """What `python -m tests.test_readers FILE` prints is the blocks and facts of a facts
    file's entry for the recording, which the recording gives."""
    tool, (folder, told) = next(iter(facts_files().items()))
    name = next(iter(told["recordings"]))
    printed = json.loads("{" + _printed(folder / name) + "}")
    assert printed["blocks"] == told["recordings"][name]["blocks"]
    assert Counter(_told(row, tool) for row in printed["facts"]) == Counter(given(folder / name))


def test_an_xpu_smi_listing_shows_an_intel_gpu_named_by_the_registry() -> None:
    """The devices xpu-smi discovery lists (facts.json holds each) make the paste one that
    shows an Intel GPU, listed as "Intel GPU 0" among what the paste shows."""
    aurora = "xpu_smi/6x-max-1550-aurora.txt"
    paste = assemble.gathered(reports.read((REPORTS / aurora).read_bytes(), aurora))
    assert set(accelerators_shown(paste)) == {"xpu"}
    shown = [(f.what, f.value) for f in pasted.diagnose(paste).facts]
    assert ("Intel GPU 0", "Intel(R) Data Center GPU Max 1550") in shown


def test_conda_list_reads_the_cuda_a_pytorch_channel_build_targets() -> None:
    """pytorch's build string from the pytorch channel: "py3.8_cuda11.3_cudnn8.2.0_0" is
    CUDA 11.3 (the CPU build's "py3.8_cpu_0" is in conda_list/facts.json)."""
    row = "pytorch                   1.11.0          py3.8_cuda11.3_cudnn8.2.0_0    pytorch"
    said = reports.read(f"$ conda list | grep pytorch\n{row}\n".encode(), "conda")
    assert [(f.key, f.value) for f in said.facts if f.key is FactKey.TORCH_CUDA] == [
        (FactKey.TORCH_CUDA, "11.3")
    ]


if __name__ == "__main__":
    sys.stdout.write(_printed(Path(sys.argv[1])))
