"""A library's failed lookup of this machine's own platform, device string or GPU target, read
as that library refusing the machine (issue 38, items 4 and 5; s14-lookup).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): cpm_kernels'
loader on a Mac ("RuntimeError: Unknown platform: darwin" under its frame, ChatGLM's
"Failed to load cpm_kernels:Unknown platform: darwin", and logging's "Arguments:
(RuntimeError('Unknown platform: darwin'),)" after "Message: 'Failed to load cpm_kernels:'"):
backend.os_unsupported, refused, for the Mac's backend, with the systems cpm_kernels' loader
knows. Quiet: the same words where no library is named (an ERROR log line, a title) and a
platform error without its key. The grammar's other forms (a device table's KeyError, an
unknown device or backend, Triton's AMD target table) are checked on the lines their sources
raise, and a lookup in the program's own code (PyTorch's benchmark script without 'xpu' in its
table, intel/torch-xpu-ops#2302) is a note on that code, no library's refusal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hwdoctor.compat import refusals
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (the message's first words, the line the finding rests on)
REFUSED = {
    "chatchat80-zh-macbook-m1-webui-cpm-kernels-unknown-platform-darwin.md": (
        "cpm_kernels does not run on macOS",
        8,
    ),
    "chatglm2-34-zh-m1-pro-int4-mps-failed-to-load-cpm-kernels.md": (
        "cpm_kernels does not run on macOS",
        18,
    ),
    "chatchat717-zh-mac-m1-pro-cpm-kernels-logging-arguments-unknown-platform.md": (
        "cpm_kernels does not run on macOS",
        6,
    ),
}
QUIET = (
    # the words with no library named: a log's ERROR line, an issue's title
    "chatchat417-zh-mac-load-model-error-log-unknown-platform-no-library.md",
    "chatglmwebui37-title-runtimeerror-unknown-platform-darwin-no-library.md",
    # "Unknown platform" without the key it failed on (the project's own code, not a library)
    "noise2noise7-mac-runtimeerror-unknown-platform-no-key.md",
)


@pytest.mark.parametrize("name", sorted(REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_a_library_without_this_platform_in_its_table_refuses_it(name: str) -> None:
    words, line = REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == "backend.os_unsupported"]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error"
    assert found[0]["backend"] == "mps"  # the key itself says macOS
    assert found[0]["message"].startswith(words)
    assert "Linux and Windows only" in found[0]["advice"]  # what its loader knows
    assert found[0]["remedy"] is None  # no install line makes it run on macOS
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not any(s in str(f) for f in data["findings"] for s in CUDA_OR_ROCM)


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_lookup_no_library_owns_is_no_refusal(name: str) -> None:
    _, data = detect(ERRORS / name)
    codes = {"backend.os_unsupported", "extension.arch_unsupported"}
    assert not [f for f in data["findings"] if f["code"] in codes], data["findings"]


def test_vllm_on_gfx906_keeps_its_own_finding_over_tritons_words() -> None:
    """Triton's "unsupported target: 'gfx906'" under vLLM: the vllm_rocm finding names it,
    and the generic reading makes no second one."""
    _, data = detect(
        ERRORS / "tritongcn5-4-vllm-triton-flash-attention-unsupported-target-gfx906.md"
    )
    found = [f for f in data["findings"] if f["code"] == "extension.arch_unsupported"]
    assert [f["message"].split(" ", 1)[0] for f in found] == ["vLLM"]


@pytest.mark.parametrize(
    ("line", "frame", "before", "library", "hardware", "stack"),
    [
        # cpm_kernels/library/base.py Lib.__init__ (OpenBMB/cpm_kernels@277a0edd)
        ("RuntimeError: Unknown platform: darwin", "cpm_kernels", "", "cpm_kernels", "macOS", "os"),
        ("Exception: Unsupported platform: win32", "somelib", "", "somelib", "Windows", "os"),
        # a device table without this machine's device string, raised in a library's frame
        ("KeyError: 'mps'", "dgl", "", "dgl", "device: mps", "mps"),
        ("KeyError: 'npu'", "somelib", "", "somelib", "device: npu", "npu"),
        ("ValueError: Invalid backend: xpu", "deepspeed", "", "DeepSpeed", "device: xpu", "xpu"),
        (
            "RuntimeError: Unrecognized device type: hpu",
            "somelib",
            "",
            "somelib",
            "device: hpu",
            "hpu",
        ),
        # Triton's AMD backend (third_party/amd/lib/TritonAMDGPUToLLVM/TritonGPUToLLVM.cpp)
        (
            'loc("/x/vllm/attention/ops/triton_flash_attention.py":309:0): error: unsupported '
            "target: 'gfx906'",
            "",
            "",
            "Triton",
            "gfx906",
            "rocm",
        ),
    ],
)
def test_the_lookups_sources_raise_are_read(
    line: str, frame: str, before: str, library: str, hardware: str, stack: str
) -> None:
    refused = refusals.read(line, frame, before)
    assert refused is not None
    assert (refused.library, refused.hardware, refused.stack) == (library, hardware, stack)


@pytest.mark.parametrize(
    ("line", "frame"),
    [
        ("KeyError: 'mps'", ""),  # no library named: the user's own table
        ("RuntimeError: Unknown platform: darwin", ""),
        ("KeyError: 'cuda'", "dgl"),  # cuda is NVIDIA's and AMD's: no machine refused
        ("KeyError: 'model.layers.30.self_attn.attn'", "vllm"),  # not a device's key
        ("Unknown platform: darwin", "cpm_kernels"),  # no error stated (a title's words)
        # LLVM's warning: the compile goes on (ignoring processor)
        ("'sm_120' is not a recognized processor for this target (ignoring processor)", "triton"),
        # torch's own: a device string this build does not know (the extension not imported)
        (
            "RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, "
            "hip, ve, fpga, ort, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device "
            "type at start of device string: npu",
            "torch",
        ),
    ],
)
def test_other_lookups_are_no_refusal(line: str, frame: str) -> None:
    assert refusals.read(line, frame) is None


def test_a_lookup_in_the_programs_own_file_is_a_note_not_a_refusal() -> None:
    """PyTorch's benchmark script (a checkout, no site-packages frame) without 'xpu' in its
    own table (intel/torch-xpu-ops#2302): a note on the program's table, no error."""
    _, data = detect(ERRORS / "torchxpuops2302-benchmark-own-table-keyerror-xpu.md")
    assert [(f["code"], f["severity"]) for f in data["findings"]] == [
        ("python.lookup_in_own_code", "info")
    ]
    note = data["findings"][0]
    assert note["message"].startswith("the program's own code has no entry for 'xpu'")
    assert "torchbench.py" in note["message"]
    assert [q["line"] for q in note["rests_on"]] == [21]
    assert note["remedy"] is None


def test_a_lookup_in_the_users_own_file_names_no_library(tmp_path: Path) -> None:
    """The frame that raised is the user's (outside site-packages), after a library's: the
    KeyError is the user's table, no library refuses the machine."""
    paste = tmp_path / "user-keyerror.md"
    paste.write_text(
        "Traceback (most recent call last):\n"
        '  File "/home/u/.venv/lib/python3.11/site-packages/dgl/core.py", line 5, in run\n'
        "    return f(x)\n"
        '  File "/home/u/train.py", line 12, in f\n'
        '    return TABLE["mps"]\n'
        "KeyError: 'mps'\n"
    )
    _, data = detect(paste)
    assert [f["code"] for f in data["findings"]] == ["python.lookup_in_own_code"]
    assert "train.py" in data["findings"][0]["message"]
    # the user's own line naming a library is still the user's table
    named = tmp_path / "user-keyerror-named.md"
    named.write_text(paste.read_text().replace('TABLE["mps"]', 'deepspeed_devices["mps"]'))
    _, data = detect(named)
    assert [f["code"] for f in data["findings"]] == ["python.lookup_in_own_code"]
    library = tmp_path / "library-keyerror.md"
    library.write_text(
        paste.read_text().replace(
            "/home/u/train.py", "/home/u/.venv/lib/python3.11/site-packages/dgl/table.py"
        )
    )
    _, data = detect(library)
    found = [f for f in data["findings"] if f["code"] == "extension.arch_unsupported"]
    assert found and found[0]["message"].startswith("dgl does not run on this Mac's GPU")
    assert found[0]["backend"] == "mps"


TORCHSTUDIO = "torchstudio8-macos-empty-training-device-device-string-must-not-be-empty.md"


def test_a_standard_library_frame_is_neither_the_program_s_nor_a_package_s() -> None:
    """The final read: a lookup raised through the standard library (enum.py, runpy.py) or
    a frozen module was blamed on "the program's own file" by that file's name. Real frame
    lines: agibot109's frozen importlib, torchstudio8's runpy.py under lib/python3.9; the
    same recordings' own and package frames are not read so."""
    from hwdoctor.gather.reports.readers.messages import _THROUGH_FRAME

    errors = Path(__file__).parent / "data" / "reports" / "errors"
    for name, through in (
        ("agibot109-go1-conda-no-module-flash-attn-2-cuda.md", '"<frozen importlib._bootstrap>"'),
        (TORCHSTUDIO, '/lib/python3.9/runpy.py"'),
    ):
        frames = [x for x in (errors / name).read_text().splitlines() if 'File "' in x]
        assert [x for x in frames if through in x and _THROUGH_FRAME.search(x)], name
    # the program's own file beside runpy's stays the program's
    own = 'File "/Users/robin/TorchStudio/torchstudio/modeltrain.py", line 64, in <module>'
    assert own.strip() in (errors / TORCHSTUDIO).read_text()
    assert not _THROUGH_FRAME.search(own)
