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
NOT_YET_RECORDED: Final[dict[str, str]] = {
    # issue 41: collect_env/vllm54945-… holds collect_env's start and its vLLM section
    # issue 38: pip list's three are in tests/data/reports/pip_list/
}
# A source as the corpus READMEs give it: a URL, or a repository's file at a commit.
_SOURCE: Final = re.compile(r"https?://\S+|\S+/\S+ \S+ @ [0-9a-f]{40}")


def _recordings(within: Path | None = None) -> Iterator[Path]:
    for corpus in [within] if within else sorted(DATA.glob("reports*")):
        for path in sorted(corpus.rglob("*")):
            if path.suffix in (".txt", ".md") and path.name != "README.md":
                yield path


@cache
def blocks_by_tool(within: Path | None = None) -> dict[str, list[Path]]:
    """The recordings of the corpus (or of one directory of it) in which a block of each
    tool is read."""
    found: dict[str, list[Path]] = {}
    for path in _recordings(within):
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
    block is read, by the format. Read at collection, by every xdist worker: only the
    corpus's own directory (some 500 files of 1,250), not the held-out sets."""
    return [(tool, path) for tool, paths in blocks_by_tool(REPORTS).items() for path in paths]


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


# --- the readers' facts as tuples, for the tests of layouts a facts file does not hold ---


def _facts(path: Path) -> list[tuple[str, str | None, int | None, str, str]]:
    """(key, name, index, value, tool) of each fact read, in the order of the paste."""
    paste = reports.read(path.read_bytes(), path.name)
    return [(f.key.value, f.name, f.index, f.value, f.tool) for f in paste.facts]


def _of(
    path: str, key: FactKey, tool: str | None = None
) -> list[tuple[str | None, int | None, str]]:
    return [
        (name, index, value)
        for k, name, index, value, by in _facts(REPORTS / path)
        if k == key.value and (tool is None or by == tool)
    ]


def _tools(path: str) -> list[str]:
    return [b.tool for b in reports.read((REPORTS / path).read_bytes()).blocks]


if __name__ == "__main__":
    sys.stdout.write(_printed(Path(sys.argv[1])))


def test_sglang_check_env_reads_its_gpus_versions_and_topology() -> None:
    """python/sglang/check_env.py: "GPU 0,1: name" and "GPU 0,1 Compute Capability" for each
    index, nvcc's release, the driver, torch, each package by its distribution, and a GPU's
    row of `nvidia-smi topo -m`."""
    tool = "sglang check_env"
    a40 = "sglang_check_env/sgl2805-0.4.0post2-a40-cc8.6-pydantic-warning.txt"
    paste = reports.read((REPORTS / a40).read_bytes())
    assert [(b.tool, b.first, b.version) for b in paste.blocks] == [(tool, 5, "0.4.0.post2")]
    assert _of(a40, FactKey.PYTHON_VERSION, tool) == [(None, None, "3.11.5")]
    assert _of(a40, FactKey.CUDA_AVAILABLE, tool) == [(None, None, "True")]
    assert _of(a40, FactKey.GPU, tool) == [(None, 0, "NVIDIA A40")]
    assert _of(a40, FactKey.GPU_CAPABILITY) == [(None, 0, "8.6")]
    assert _of(a40, FactKey.DRIVER, tool) == [(None, None, "535.104.12")]
    assert _of(a40, FactKey.NVCC) == [(None, None, "12.1")]
    assert _of(a40, FactKey.TORCH_VERSION, tool) == [(None, None, "2.4.0+cu121")]
    packages = _of(a40, FactKey.PACKAGE, tool)
    assert ("sglang", None, "0.4.0.post2") in packages
    assert ("flashinfer", None, "0.1.6+cu121torch2.4") in packages
    assert ("pyzmq", None, "26.2.0") in packages  # printed as its module, "zmq"
    assert _of(a40, FactKey.GPU_LINKS) == [
        (None, 0, "NIC0 NODE, NIC1 NODE, NIC2 PIX, NIC3 PIX, NIC4 SYS, NIC5 SYS")
    ]
    h100 = "sglang_check_env/sgl10216-0.5.2rc0-8x-h100-sgl-kernel-flashinfer-python.txt"
    assert _of(h100, FactKey.GPU, tool) == [(None, i, "NVIDIA H100 80GB HBM3") for i in range(8)]
    assert _of(h100, FactKey.GPU_CAPABILITY) == [(None, i, "9.0") for i in range(8)]
    packages = _of(h100, FactKey.PACKAGE, tool)
    assert ("sgl-kernel", None, "0.3.7.post1") in packages
    assert ("flashinfer-python", None, "0.3.0") in packages
    assert not [n for n, _, _ in packages if n == "vllm"]  # "Module Not Found"
    [(_, gpu0, links)] = _of(h100, FactKey.GPU_LINKS)
    assert gpu0 == 0 and links.startswith("GPU1 NV18, GPU2 NV18") and "NIC7 SYS" in links
    nvcc = "sglang_check_env/sgl5389-0.4.5-a100-nvcc11.7-torch-cu124-flashinfer-missing.txt"
    assert _of(nvcc, FactKey.NVCC) == [(None, None, "11.7")]
    assert _of(nvcc, FactKey.TORCH_VERSION, tool) == [(None, None, "2.5.1+cu124")]
    assert not [n for n, _, _ in _of(nvcc, FactKey.PACKAGE, tool) if n.startswith("flashinfer")]
    assert [i for _, i, _ in _of(nvcc, FactKey.GPU_LINKS)] == [0, 1, 2]  # topo lists eight
    t4 = "sglang_check_env/sgl931-0.2.10-tesla-t4-no-capability-line.txt"
    assert _tools(t4) == [tool]
    assert _of(t4, FactKey.GPU, tool) == [(None, 0, "Tesla T4")]
    assert not _of(t4, FactKey.GPU_CAPABILITY)  # before sglang#965
    assert ("flashinfer", None, "0.1.3") in _of(t4, FactKey.PACKAGE, tool)


# --- issue 38: three recordings of each format registered before the registry ---


def test_the_formats_before_the_registry_are_read_from_their_new_recordings() -> None:
    """amd-smi after a shell prompt and sudo, diffusers-cli env's "🤗 Diffusers version"
    layout with its Accelerator line, and vLLM's collect_env section pasted alone."""
    sudo = "amd_smi/rocmsystems3654-sudo-amd-smi-list-static-mi210-ainic-prompt.txt"
    assert _tools(sudo) == ["amd-smi"]
    assert [b.first for b in reports.read((REPORTS / sudo).read_bytes()).blocks] == [4]
    assert _of(sudo, FactKey.AMD_NAME) == [(None, None, "AMD Instinct MI210")]
    listed = "amd_smi/rocm5480-amd-smi-list-mi210-plus-rocm-smi-uniqueid.txt"
    assert _tools(listed) == ["amd-smi", "rocm-smi"]  # `torel@n016:~$ amd-smi list`
    colab = "diffusers_env/diffusers10513-0.32.1-colab-a100-accelerator-line.txt"
    paste = reports.read((REPORTS / colab).read_bytes())
    assert [(b.tool, b.version) for b in paste.blocks] == [("diffusers env", "0.32.1")]
    assert _of(colab, FactKey.GPU) == [(None, None, "NVIDIA A100-SXM4-40GB")]
    assert _of(colab, FactKey.TORCH_VERSION) == [(None, None, "2.5.1+cu121")]
    assert ("diffusers", None, "0.32.1") in _of(colab, FactKey.PACKAGE)
    windows = "diffusers_env/diffusers3584-0.17.0dev0-windows-torch-nightly-cu118.txt"
    assert _tools(windows) == ["diffusers env"]
    assert not _of(windows, FactKey.GPU)  # no Accelerator line before 0.28
    section = "vllm_collect_env/vllm19607-0.8.5-vllm-section-gpu-topology.txt"
    paste = reports.read((REPORTS / section).read_bytes())
    assert [(b.tool, b.version) for b in paste.blocks] == [("vllm collect-env", "0.8.5.post1")]
    listing = "pip_list/pt143288-pip-list-nvidia-cu12-wheels-openfl.txt"
    assert ("nvidia-cudnn-cu12", None, "9.1.0.70") in _of(listing, FactKey.PACKAGE)
    for rocminfo in sorted((REPORTS / "rocminfo").glob("*.txt")):
        assert _tools(f"rocminfo/{rocminfo.name}") == ["rocminfo"]
    for smi_q in sorted((REPORTS / "nvidia_smi_q").glob("*.txt")):
        assert _tools(f"nvidia_smi_q/{smi_q.name}") == ["nvidia-smi -q"]


def test_what_the_unsloth_banner_ipex_collect_env_and_container_errors_give() -> None:
    """Issue 38's formats without a block of their own: the Unsloth banner's GPU (with its
    compute capability), torch and transformers by the prose reader; IPEX's collect_env as
    collect_env, its `[i] _DeviceProperties(name=…)` devices as the XPU's; docker's refusal
    named, and nvidia-container-cli's failure to load the host driver's NVML."""
    from hwdoctor.diagnosis import pasted
    from hwdoctor.gather.reports import assemble

    xpu = registry_key("xpu-smi")
    banner = "unsloth_banner/unslothpr2039-2025.3.14-rtx4090-cc8.9-vllm0.7.3.txt"
    assert _tools(banner) == []
    assert _of(banner, FactKey.PROSE_GPU)[0][2] == "NVIDIA GeForce RTX 4090"
    packages = _of(banner, FactKey.PROSE_PACKAGE)
    assert {("vllm", None, "0.7.3"), ("triton", None, "3.1.0")} <= set(packages)
    arc = "ipex_collect_env/tritonxpu24-ipex2.0.110-xpu-true-arc-0x56c0.txt"
    assert _tools(arc) == ["collect_env"]
    assert _of(arc, FactKey.DEVICE) == [(xpu, 0, "Intel(R) Graphics [0x56c0]")]
    assert _of(arc, FactKey.XPU_AVAILABLE) == [(None, None, "True")]
    four = "ipex_collect_env/ipex362-ipex2.0.120-xpu-4x-max-1550-rocky.txt"
    assert _of(four, FactKey.DEVICE) == [
        (xpu, i, "Intel(R) Data Center GPU Max 1550") for i in range(4)
    ]
    none = "ipex_collect_env/ipex390-ipex2.0.110-xpu-false-i5-1135g7-no-gpu.txt"
    assert not _of(none, FactKey.DEVICE)
    assert _of(none, FactKey.XPU_AVAILABLE) == [(None, None, "False")]
    for name in sorted((REPORTS / "container_toolkit").glob("*.md")):
        paste = reports.read(name.read_bytes())
        report = pasted.diagnose(assemble.gathered(paste))
        codes = {f.code for f in report.findings}
        text = name.read_text(encoding="utf-8")
        if "could not select device driver" in text:
            assert "host.container_runtime_without_gpu" in codes, name.name
        else:  # NVIDIA/libnvidia-container src/driver.c: NVML not loaded on the host
            assert "host.container_toolkit_no_driver_library" in codes, name.name
            unread = " ".join(q.text for q in report.unread)
            assert "nvidia-container-cli: initialization error" not in unread, name.name


def registry_key(tool: str) -> str:
    from hwdoctor import registry as backends

    return backends.key_of_tool(tool)


def test_a_python_sessions_answers_are_read() -> None:
    """The prose reader's REPL answers (issue 38): another accelerator's is_available() on
    the next line, torch's version printed, a nightly's local label, and the shell's
    `CUDA_VISIBLE_DEVICES= python …` (empty, not "python")."""
    arc = "python_session/pt150260-arc-a770-xpu-is-available-false-then-true.md"
    assert _of(arc, FactKey.XPU_AVAILABLE) == [(None, None, "False"), (None, None, "True")]
    assert ("torch", None, "2.8.0.dev20250321+xpu") in _of(arc, FactKey.PROSE_PACKAGE)
    printed = "python_session/pt85332-print-version-1.8.1cu102-driver-450-nvcc-10.2.md"
    assert _of(printed, FactKey.TORCH_VERSION) == [(None, None, "1.8.1+cu102")]
    emptied = "python_session/pt52675-cvd-empty-driver-too-old-10010-print-false.md"
    assert _of(emptied, FactKey.ENV) == [("CUDA_VISIBLE_DEVICES", None, "")]
    assert _of(emptied, FactKey.MESSAGE_FOUND_VERSION) == [(None, None, "10010")]
    windows = "python_session/pt101147-windows-uhd630-get-device-name-exits-cu118.md"
    assert {v for _, _, v in _of(windows, FactKey.PROSE_PYTHON)} == {"3.10.11"}  # banner, note
