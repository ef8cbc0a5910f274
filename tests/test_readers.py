"""The paste readers as registered objects (issue 38): a format is one module, its recordings
and one registry line, from which the help text, the README's list and the JSON `tool` values
derive. Each step of docs/extending.md's "A paste format" checklist is held by a test here
(or in tests/test_regex_cost.py and tests/test_reports.py), named after the step.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Final

import pytest

from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import reading
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


# --- issue 38's formats: the facts each recording gives, and an error planted in its block ---

REPORTS: Final = DATA / "reports"
# The formats registered since the registry, by tool: the directory of their recordings.
NEW_FORMATS: Final = {
    "text-generation-launcher --env": "tgi_env",
    "ds_report": "ds_report",
    "python -m bitsandbytes": "bitsandbytes",
    "llamafactory-cli env": "llamafactory_env",
    "trl env": "trl_env",
    "optimum-cli env": "optimum_env",
    "hl-smi": "hl_smi",
    "neuron-ls": "neuron_ls",
    "sglang check_env": "sglang_check_env",
}
_PLANTED: Final = "RuntimeError: an error line planted inside the block (tests/test_readers.py)"


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


def test_tgi_env_reads_its_build_lines_and_the_indented_nvidia_smi_table() -> None:
    """launcher/src/env_runtime.rs indents nvidia-smi's output three spaces: every GPU row
    was lost before; the launcher's own lines are its build."""
    tool = "text-generation-launcher --env"
    grid = "tgi_env/tgi1156-sha3af1a11-openshift-grid-a100d-20c.txt"
    assert _of(grid, FactKey.GPU) == [(None, 0, "GRID A100D-20C")]
    assert _of(grid, FactKey.DRIVER) == [(None, None, "535.104.05")]
    assert _of(grid, FactKey.DRIVER_CUDA) == [(None, None, "12.2")]
    assert _of(grid, FactKey.BUILD, tool) == [
        ("target", None, "x86_64-unknown-linux-gnu"),
        ("rustc", None, "1.70.0"),
        ("commit", None, "3af1a1140141245c20df20a787831ec71b124eae"),
        ("docker label", None, "sha-3af1a11"),
    ]
    two = "tgi_env/tgi574-sha31b36cc-2x-geforce-driver-520.txt"
    assert _of(two, FactKey.GPU) == [
        (None, 0, "NVIDIA GeForce ..."),
        (None, 1, "NVIDIA GeForce ..."),
    ]
    assert _of(two, FactKey.DRIVER_CUDA) == [(None, None, "11.8")]
    one = "tgi_env/tgi1402-sha630800e-geforce-24gb-in-container.txt"
    assert _of(one, FactKey.DRIVER) == [(None, None, "525.147.05")]
    assert _of(one, FactKey.GPU) == [(None, 0, "NVIDIA GeForce ...")]
    bare = "tgi_env/tgi1451-local-install-nvidia-smi-na.txt"
    assert ("nvidia-smi", None, "N/A") in _of(bare, FactKey.BUILD, tool)
    assert ("docker label", None, "N/A") in _of(bare, FactKey.BUILD, tool)
    assert not _of(bare, FactKey.GPU)
    paste = reports.read((REPORTS / grid).read_bytes())
    assert [(b.tool, b.version) for b in paste.blocks] == [
        (tool, "sha-3af1a11"),
        ("nvidia-smi", "535.104.05"),
    ]


def _new_recordings() -> list[tuple[str, Path]]:
    return [
        (tool, path)
        for tool, folder in NEW_FORMATS.items()
        for path in sorted((REPORTS / folder).glob("*"))
        if path.name != "README.md"
    ]


@pytest.mark.parametrize(
    ("tool", "path"), _new_recordings(), ids=[p.name for _, p in _new_recordings()]
)
def test_an_error_planted_in_a_new_formats_block_is_named_or_unread(tool: str, path: Path) -> None:
    """Never "no problem" over an error: a line stating one, planted just inside the
    format's block, is quoted by a finding or listed as unread."""
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


def test_ds_report_reads_its_op_table_versions_and_accelerator() -> None:
    """deepspeed/env_report.py's two parts, and real_accelerator.py's log line."""
    alltalk = "ds_report/alltalk4-0.12.5-torch2.1.2-cu121-nvcc12.3-sparse-attn-no.txt"
    assert _of(alltalk, FactKey.TORCH_VERSION) == [(None, None, "2.1.2+cu121")]
    assert _of(alltalk, FactKey.TORCH_CUDA) == [(None, None, "12.1")]
    assert _of(alltalk, FactKey.NVCC) == [(None, None, "12.3")]
    assert _of(alltalk, FactKey.PACKAGE) == [("deepspeed", None, "0.12.5")]
    assert ("sparse_attn", None, "NO, NO") in _of(alltalk, FactKey.EXTENSION_OP)
    assert ("deepspeed wheel", None, "torch 2.1, cuda 12.1") in _of(alltalk, FactKey.BUILD)
    # the wheel's "torch 2.1" is no installed torch (the prose reader leaves that line)
    assert not _of(alltalk, FactKey.PROSE_PACKAGE)
    sample = "ds_report/dspr6762-0.15.5-torch2.3.0-cu121-nvcc12.0-before-after.md"
    assert _of(sample, FactKey.NVCC) == [(None, None, "12.0")] * 2
    assert _of(sample, FactKey.PACKAGE) == [
        ("deepspeed", None, "0.15.5+unknown"),
        ("deepspeed", None, "0.15.5+46d7d0d1"),
    ]
    assert _of(sample, FactKey.INSTALL_PATH)[0] == (
        "torch",
        None,
        "/home/deepspeed/test/trans-venv/lib/python3.12/site-packages/torch",
    )
    dalle = "ds_report/dalle70-op-report-sparse-attn-cuda11-not-supported.md"
    assert [n for n, _, v in _of(dalle, FactKey.EXTENSION_OP) if v == "NO, NO"] == ["sparse_attn"]
    assert len(_of(dalle, FactKey.EXTENSION_OP)) == 7  # stochastic_transformer's one dot too
    dolly = "ds_report/dolly119-op-report-syslog-escaped-colours-fused-adam-yes.md"
    assert ("fused_adam", None, "YES, OKAY") in _of(dolly, FactKey.EXTENSION_OP)
    assert ("async_io", None, "NO, NO") in _of(dolly, FactKey.EXTENSION_OP)
    jit = "ds_report/dsexamples147-op-report-all-jit.txt"
    assert {v for _, _, v in _of(jit, FactKey.EXTENSION_OP)} == {"NO, OKAY"}
    databricks = "ds_report/dsissue5479-databricks-accelerator-line-async-io-warnings.md"
    assert _of(databricks, FactKey.ACCELERATOR, "ds_report") == [(None, None, "cuda")]


def test_bitsandbytes_reads_its_cuda_setup_and_the_library_it_loaded() -> None:
    """cuda_setup/main.py's "CUDA SETUP:" lines, the "bin" line, cextension.py's warning
    and __main__.py's "Torch says CUDA is not available"."""
    loaded = "bitsandbytes/bnb439-cuda115-cc7.0-nocublaslt-wsl-path.txt"
    assert _of(loaded, FactKey.BNB_CUDA) == [(None, None, "11.5")]
    assert _of(loaded, FactKey.BNB_CAPABILITY) == [(None, None, "7.0")]
    assert (
        _of(loaded, FactKey.BNB_LIBRARY)
        == [(None, None, "libbitsandbytes_cuda115_nocublaslt.so")] * 2
    )
    assert _of(loaded, FactKey.INSTALL_PATH) == [
        ("cudart", None, "/usr/local/cuda/lib64/libcudart.so.11.0")
    ]
    failed = "bitsandbytes/bnb185-cuda117-cc7.0-detection-failed-cpu-fallback.txt"
    assert _of(failed, FactKey.BNB_CUDA) == [(None, None, "11.7")]
    assert _of(failed, FactKey.BNB_LIBRARY_MISSING) == [
        (None, None, "libbitsandbytes_cuda117_nocublaslt.so")
    ]
    assert _of(failed, FactKey.BNB_LIBRARY) == [(None, None, "libbitsandbytes_cpu.so")]
    new_cuda = "bitsandbytes/bnb551-cuda122-library-not-found-cpu-fallback.txt"
    assert _of(new_cuda, FactKey.BNB_CUDA) == [(None, None, "12.2")]
    assert _of(new_cuda, FactKey.BNB_CAPABILITY) == [(None, None, "8.0")]
    assert _of(new_cuda, FactKey.BNB_LIBRARY_MISSING) == [
        (None, None, "libbitsandbytes_cuda122.so")
    ]
    nix = "bitsandbytes/bnb1635-compiled-without-gpu-support-cuda-specs-none-nix.md"
    assert _of(nix, FactKey.BNB_NO_GPU) == [(None, None, "compiled without GPU support")]
    assert _of(nix, FactKey.CUDA_AVAILABLE, "python -m bitsandbytes") == [(None, None, "False")]
    windows = "bitsandbytes/bnb287-windows-cpu-binary-compiled-without-gpu-support.txt"
    # the warning once, not again on its quoted source line (`warn("The installed …`)
    assert _of(windows, FactKey.BNB_NO_GPU) == [(None, None, "compiled without GPU support")]
    assert {v for _, _, v in _of(windows, FactKey.BNB_LIBRARY)} == {"libbitsandbytes_cpu.so"}


def _tools(path: str) -> list[str]:
    return [b.tool for b in reports.read((REPORTS / path).read_bytes()).blocks]


def test_llamafactory_env_keeps_its_tool_and_reads_its_device_lines() -> None:
    """llamafactory/extras/env.py: read as `transformers env` before, its device lines
    dropped."""
    tool = "llamafactory-cli env"
    a100 = "llamafactory_env/lf8164-0.9.3dev0-8x-a100-sxm4-80gb.md"
    assert _tools(a100) == [tool]
    assert _of(a100, FactKey.GPU) == [(None, None, "NVIDIA A100-SXM4-80GB")]
    assert _of(a100, FactKey.CUDA_AVAILABLE) == [(None, None, "true")]  # "(GPU)"
    assert ("llamafactory", None, "0.9.3.dev0") in _of(a100, FactKey.PACKAGE)
    logged = "llamafactory_env/lf6269-0.9.2dev0-a100-pcie-ds-accelerator-vllm.md"
    assert _tools(logged) == ["ds_report", tool]
    assert {("deepspeed", None, "0.15.4"), ("vllm", None, "0.6.1")} <= set(
        _of(logged, FactKey.PACKAGE)
    )
    ascend = "llamafactory_env/lf6309-0.9.2dev0-ascend910b4-cann8.0rc1-npu-smi.md"
    assert _tools(ascend) == [tool, "npu-smi info"]
    assert _of(ascend, FactKey.DEVICE) == [("npu", None, "Ascend910B4")]
    assert _of(ascend, FactKey.DEVICE_SOFTWARE) == [("npu", None, "8.0.RC1.alpha001")]
    assert _of(ascend, FactKey.NPU_AVAILABLE) == [(None, None, "true")]  # "(NPU)"
    assert not _of(ascend, FactKey.CUDA_AVAILABLE)
    bare = "llamafactory_env/lf6461-0.9.2dev0-aarch64-no-device-line-bitsandbytes.md"
    assert _of(bare, FactKey.TORCH_VERSION) == [(None, None, "2.1.0")]
    assert not _of(bare, FactKey.NPU_AVAILABLE) and not _of(bare, FactKey.CUDA_AVAILABLE)
    assert ("bitsandbytes", None, "0.42.0") in _of(bare, FactKey.PACKAGE)


def test_trl_env_keeps_its_tool_and_reads_its_devices() -> None:
    """trl/scripts/env.py's header, "CUDA device(s)" list and TRL version, in either order."""
    first = "trl_env/trlpr2104-0.12dev-h100-accelerate-config.md"
    assert _tools(first) == ["trl env"]
    assert _of(first, FactKey.GPU) == [(None, None, "NVIDIA H100 80GB HBM3")]
    assert _of(first, FactKey.ACCELERATE_USE_CPU) == [(None, None, "False")]
    assert ("trl", None, "0.12.0.dev0+acb4d70") in _of(first, FactKey.PACKAGE)
    logged = "trl_env/trlpr2946-0.16dev-ds-accelerator-h100-vllm-line.md"
    assert _tools(logged) == ["ds_report", "trl env"]
    assert _of(logged, FactKey.TORCH_VERSION) == [(None, None, "2.2.2")]
    four = "trl_env/finetuningllms5-0.15.2-4x-rtx2080ti-nixos-no-header.md"
    assert _tools(four) == ["trl env"]  # no header: its device line opens the block
    assert _of(four, FactKey.GPU) == [(None, i, "NVIDIA GeForce RTX 2080 Ti") for i in range(4)]
    paste = reports.read((REPORTS / four).read_bytes())
    assert [b.version for b in paste.blocks] == ["0.15.2"]


def test_optimum_cli_env_reads_the_neuron_sdk_and_driver() -> None:
    """optimum-neuron's optimum/commands/env.py: read as `transformers env` before (its
    backticked "`transformers` version" line), the Neuron lines dropped."""
    tool = "optimum-cli env"
    whole = "optimum_env/onpr463-0.0.19dev0-neuron-sdk-2.16.1-dkms-2.15.9.md"
    assert _tools(whole) == [tool]
    assert _of(whole, FactKey.DEVICE_SOFTWARE) == [("neuron", None, "2.16.1")]
    assert _of(whole, FactKey.DEVICE_DRIVER) == [("neuron", None, "2.15.9.0")]
    assert _of(whole, FactKey.TORCH_VERSION) == [(None, None, "1.13.1+cu117")]
    assert ("torch-neuronx", None, "1.13.1.1.13.0") in _of(whole, FactKey.PACKAGE)
    assert [b.version for b in reports.read((REPORTS / whole).read_bytes()).blocks] == [
        "0.0.19.dev0"  # optimum-neuron's own, not optimum's below it
    ]
    failed = "optimum_env/on492-0.0.19-neuron-sdk-2.17.0-driver-section-traceback.md"
    assert _tools(failed) == [tool]
    assert _of(failed, FactKey.DEVICE_SOFTWARE) == [("neuron", None, "2.17.0")]
    assert not _of(failed, FactKey.DEVICE_DRIVER)
    cut = "optimum_env/on947-0.3.1dev4-neuron-sdk-2.24.0-in-a-pod.md"
    assert _of(cut, FactKey.DEVICE_SOFTWARE) == [("neuron", None, "2.24.0")]
    assert ("optimum", None, "1.24.0") in _of(cut, FactKey.PACKAGE)


def test_hl_smi_reads_the_gaudi_devices_and_versions() -> None:
    """hl-smi's header (the SynapseAI release and firmware), driver line and device rows."""
    tool = "hl-smi"
    eight = "hl_smi/rmrunner-hl-smi-1.4.1-8x-hl205-gaudi1-dl1.txt"
    assert _tools(eight) == [tool]
    assert _of(eight, FactKey.DEVICE) == [("hpu", i, "HL-205") for i in range(8)]
    assert _of(eight, FactKey.DEVICE_DRIVER) == [("hpu", None, "1.4.0-d8f95f4")]
    assert _of(eight, FactKey.DEVICE_SOFTWARE) == [("hpu", None, "1.4.1")]
    assert _of(eight, FactKey.DEVICE_FIRMWARE) == [("hpu", None, "35.0.2.0")]
    gaudi2 = "hl_smi/instructlab-hl-smi-1.15.1-hl225-gaudi2.txt"
    assert _of(gaudi2, FactKey.DEVICE) == [("hpu", 0, "HL-225")]  # not its process row
    assert _of(gaudi2, FactKey.DEVICE_DRIVER) == [("hpu", None, "1.15.1-62f612b")]
    gaudi3 = "hl_smi/instructlab-hl-smi-1.18.0-hl325-gaudi3.txt"
    assert _of(gaudi3, FactKey.DEVICE) == [("hpu", 0, "HL-325")]
    assert _of(gaudi3, FactKey.DEVICE_FIRMWARE) == [("hpu", None, "53.1.1.1")]
    paste = reports.read((REPORTS / gaudi3).read_bytes())
    assert [(b.tool, b.version) for b in paste.blocks] == [(tool, "1.18.0")]


def test_neuron_ls_reads_each_neuron_device() -> None:
    """neuron-ls's rows (logical ID, NeuronCores, memory), not a process's continuation row."""
    inf1 = "neuron_ls/neuronsdk-neuron-ls-inf1.6xlarge-4-devices-with-processes.txt"
    assert _tools(inf1) == ["neuron-ls"]
    four = [("neuron", i, "NeuronDevice (4 NeuronCores, 8 GB)") for i in range(4)]
    assert _of(inf1, FactKey.DEVICE) == four
    assert _of("neuron_ls/dlami-neuron-ls-inf1.6xlarge-4-devices.md", FactKey.DEVICE) == four
    trn1 = "neuron_ls/neuronsdk-neuron-ls-topology-trn1.32xlarge-16-devices.txt"
    assert _of(trn1, FactKey.DEVICE) == [
        ("neuron", i, "NeuronDevice (2 NeuronCores, 32 GB)") for i in range(16)
    ]


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
