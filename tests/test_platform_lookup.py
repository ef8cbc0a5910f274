"""A library's failed lookup of this machine's own platform, device string or GPU target, read
as that library refusing the machine (issue 38, items 4 and 5; s14-lookup).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): cpm_kernels'
loader on a Mac ("RuntimeError: Unknown platform: darwin" under its frame, ChatGLM's
"Failed to load cpm_kernels:Unknown platform: darwin", and logging's "Arguments:
(RuntimeError('Unknown platform: darwin'),)" after "Message: 'Failed to load cpm_kernels:'"):
backend.os_unsupported, refused, for the Mac's backend, with the systems cpm_kernels' loader
knows. Quiet: the same words where no library is named (an ERROR log line, a title) and a
platform error without its key. A device table's KeyError raised in the program's own file
(PyTorch's benchmark script without 'xpu' in its table, intel/torch-xpu-ops#2302; its linalg
test's `drivers` table, #2784, the test harness's reproduction lines run on after the key) is
a note on that code, no library's refusal; the same KeyError with no frame (#2783) is neither.
Triton's AMD target table ("unsupported target: 'gfx906'") refuses the GPU it names, and a
target none of the paste's AMD GPUs is (gfx803 beside a Radeon RX 6900 XT) is no refusal of
this machine's GPU. Every line tested is a line of a recording (s15-realrec: the tracebacks a
helper wrote are gone).
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


# s15-realrec: the lines the sources raise, as recordings show them (file, line, the package of
# the frame that raised it as the messages reader passes it; what is read)
SOURCE_LINES = [
    # cpm_kernels/library/base.py Lib.__init__ (OpenBMB/cpm_kernels@277a0edd), under its frame
    (
        "chatchat80-zh-macbook-m1-webui-cpm-kernels-unknown-platform-darwin.md",
        8,
        "cpm_kernels",
        ("cpm_kernels", "macOS", "os"),
    ),
    # ChatGLM's quantization code logging it, the library in the line's words
    (
        "chatglm2-34-zh-m1-pro-int4-mps-failed-to-load-cpm-kernels.md",
        18,
        "",
        ("cpm_kernels", "macOS", "os"),
    ),
    # Triton's AMD backend (third_party/amd/lib/TritonAMDGPUToLLVM/TritonGPUToLLVM.cpp), a title
    (
        "tritongcn5-4-vllm-triton-flash-attention-unsupported-target-gfx906.md",
        1,
        "",
        ("Triton", "gfx906", "rocm"),
    ),
    # and its words in ComfyUI-Zluda's Triton test
    (
        "sdwebuiamdgpu659-zluda-rx6900xt-triton-unsupported-target-gfx803.md",
        15,
        "",
        ("Triton", "gfx803", "rocm"),
    ),
]


def _line(name: str, number: int) -> str:
    return (ERRORS / name).read_text().splitlines()[number - 1]


@pytest.mark.parametrize(
    ("name", "number", "frame", "read"), SOURCE_LINES, ids=lambda v: str(v).split("-", 1)[0]
)
def test_the_lookups_sources_raise_are_read(
    name: str, number: int, frame: str, read: tuple[str, str, str]
) -> None:
    refused = refusals.read(_line(name, number), frame)
    assert refused is not None
    assert (refused.library, refused.hardware, refused.stack) == read


# Lines of recordings that are no library's refusal (file, line, frame)
NOT_REFUSED = [
    # a device table's KeyError in the program's own test file (no library's frame: the
    # messages reader passes none), the test harness's reproduction lines after the key
    ("torchxpuops2784-test-linalg-own-drivers-table-keyerror-xpu-repro.md", 18, ""),
    # the same KeyError with no frame at all
    ("torchxpuops2783-keyerror-xpu-repro-no-frame-collect-env.md", 13, ""),
    # the platform's words with no library named (a title)
    ("chatglmwebui37-title-runtimeerror-unknown-platform-darwin-no-library.md", 1, ""),
    # torch's own: a device string this build does not know (torch_npu not imported; a
    # maintainer: "没装torch npu插件"): no library refuses the machine
    ("mineru2665-zh-910b-device-mode-npu-expected-one-of-device-string-npu.md", 13, "torch"),
]


@pytest.mark.parametrize(("name", "number", "frame"), NOT_REFUSED, ids=lambda v: str(v)[:18])
def test_other_lookups_are_no_refusal(name: str, number: int, frame: str) -> None:
    assert refusals.read(_line(name, number), frame) is None


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


# s15-realrec: the frame that raised a lookup decides whose table it is, on real tracebacks
# (file: the finding's code, the file or library it names, the line it rests on). The user-
# and library-frame cases a helper had written are these recordings now.
FRAMES = {
    # the program's own test file (a checkout, no site-packages frame), PyTorch's test
    # harness's reproduction lines after the key (torch/testing/_internal/common_utils.py)
    "torchxpuops2784-test-linalg-own-drivers-table-keyerror-xpu-repro.md": (
        "python.lookup_in_own_code",
        "test_linalg.py",
        18,
    ),
    # the library's own frame in site-packages (cpm_kernels/library/base.py)
    "chatchat80-zh-macbook-m1-webui-cpm-kernels-unknown-platform-darwin.md": (
        "backend.os_unsupported",
        "cpm_kernels",
        8,
    ),
}


@pytest.mark.parametrize("name", sorted(FRAMES), ids=lambda n: n.split("-", 1)[0])
def test_the_frame_that_raised_a_lookup_decides_whose_table_it_is(name: str) -> None:
    code, named, line = FRAMES[name]
    _, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == code]
    assert len(found) == 1, data["findings"]
    assert named in found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    other = {"python.lookup_in_own_code", "backend.os_unsupported", "extension.arch_unsupported"}
    assert [f for f in data["findings"] if f["code"] in other - {code}] == []


def test_a_device_keyerror_with_no_frame_is_neither_a_note_nor_a_refusal() -> None:
    """intel/torch-xpu-ops#2783: the KeyError as a CI log's "Error Message" block shows it,
    with no traceback frame: whose table it is, the paste does not show; the line stays
    counted."""
    code, data = detect(ERRORS / "torchxpuops2783-keyerror-xpu-repro-no-frame-collect-env.md")
    codes = {"python.lookup_in_own_code", "backend.os_unsupported", "extension.arch_unsupported"}
    assert not [f for f in data["findings"] if f["code"] in codes], data["findings"]
    assert 13 in [q["line"] for q in data["unread"]]
    assert code == 1


def test_a_triton_target_none_of_the_pastes_gpus_is_no_refusal_of_this_gpu() -> None:
    """stable-diffusion-webui-amdgpu#659: ComfyUI-Zluda's Triton test compiled for gfx803 on a
    machine whose GPU the paste names, a Radeon RX 6900 XT (gfx1030, which Triton's AMD
    backend targets): "Triton does not run on this GPU" would be false; the lines stay
    counted, no finding claims the GPU."""
    name = "sdwebuiamdgpu659-zluda-rx6900xt-triton-unsupported-target-gfx803.md"
    code, data = detect(ERRORS / name)
    assert not [f for f in data["findings"] if f["code"] == "extension.arch_unsupported"]
    assert {1, 15, 30} <= {q["line"] for q in data["unread"]}
    assert code == 1


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
