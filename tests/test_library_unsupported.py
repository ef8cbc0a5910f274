"""A library's error on a machine its own documentation does not list (issue 38; s14-supported).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): pip's build
of causal-conv1d and AutoGPTQ on a Mac, of mamba-ssm on Windows (mamba's README lists Linux,
AutoGPTQ's Linux and Windows, causal-conv1d's setup.py builds only with nvcc or hipcc), and
ExLlamaV2's compiled extension missing on a Mac, raised in its own frame, and cpm_kernels'
loader raising on an M1 Mac (its last frame's own raise line). None of them holds the
library's refusal: the machine comes from the paste, what the library runs on from
compat/support.py. Quiet where the paste shows no machine (Linux in a temporary directory,
Colab), where the library lists the machine or does not exclude it (AutoGPTQ on Windows,
SageAttention 1's Triton kernels on an AMD GPU).
"""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.versions import parse
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "backend.library_unsupported_machine"
_MPS = registry.key_of_build(registry.Build.MPS)
_ROCM = registry.key_of_build(registry.Build.ROCM)
_NPU = registry.key_of_tool("npu-smi")
# file: (the finding's first words, a line it rests on)
NAMED = {
    "causalconv1d2-mac-pip-getting-requirements-failed.md": (
        "causal-conv1d has no build for a Mac",
        11,
    ),
    "mambachat37-mac-causal-conv1d-bare-metal-version.md": (
        "causal-conv1d has no build for a Mac",
        19,
    ),
    "autogptq299-macbook-pro-ventura-setup-py-attributeerror.md": (
        "AutoGPTQ has no build for a Mac",
        27,
    ),
    "spider2-120-apple-m4-auto-gptq-0.7.1-egg-info-failed.md": (
        "AutoGPTQ has no build for a Mac",
        15,
    ),
    "mamba665-windows-conda-mamba-ssm-nvcc-not-found.md": (
        "mamba-ssm has no build for Windows",
        10,
    ),
    "mambavision84-windows-mamba-ssm-2.2.4-bare-metal-version.md": (
        "mamba-ssm has no build for Windows",
        22,
    ),
    "textgen4821-mac-users-exllamav2-ext-module-not-found.md": (
        "ExLlamaV2 does not run on a Mac",
        22,
    ),
    "mamba55-windows-d-drive-mamba-ssm-ninja-build-failed.md": (
        "mamba-ssm has no build for Windows",
        15,
    ),
    "chatglm21-mac-m1-cpm-kernels-unknown-platform-darwin.md": (
        "cpm_kernels does not run on a Mac",
        13,
    ),
}
QUIET = (
    "colab4950-causal-conv1d-build-failed-quiet.md",
    "mamba497-linux-tmp-mamba-ssm-bare-metal-version-quiet.md",
    "localgpt366-windows-auto-gptq-build-quiet.md",
    "framepack470-rocm-7900xtx-sageattention-1.0.6-quiet.md",
)
# Lines that would install a CUDA or ROCm build (a wheel index, a toolkit)
_CUDA_WORDS = ("download.pytorch.org/whl/cu", "download.pytorch.org/whl/rocm", "cuda-toolkit")


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_library_on_a_machine_its_documentation_leaves_out_is_named(name: str) -> None:
    words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert "documentation" in found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no install line makes it run there
    # no toolkit or CUDA index is offered on a machine the library does not run on
    assert "extension.cuda_toolkit_missing" not in [f["code"] for f in data["findings"]]
    said = " ".join(f"{f.get('remedy') or ''} {f.get('advice') or ''}" for f in data["findings"])
    assert not any(w in said for w in _CUDA_WORDS), said


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_machine_not_shown_or_listed_is_no_such_finding(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]


def test_every_row_names_its_backends_by_the_registry_and_cites_a_dated_source() -> None:
    keys = {b.key for b in registry.BACKENDS}
    assert len(support.TABLE) >= 56  # issue 38 (s15-support): 25 rows and more beyond s14's 31
    for row in support.TABLE:
        assert row.backends <= keys, row.name
        assert row.systems <= set(support.SYSTEM_NAMES), row.name
        assert row.source.startswith("https://"), row.name
        assert row.read.startswith("2026-"), row.name


def test_what_the_paste_does_not_show_is_no_refusal() -> None:
    mamba = support.of_dist("mamba_ssm")
    assert mamba is not None
    assert mamba.runs_on(None, None)
    assert not mamba.runs_on(None, support.WINDOWS)
    mps = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
    assert not mamba.runs_on(mps, support.MACOS)
    ctranslate2 = support.of_module("ctranslate2")
    assert ctranslate2 is not None and ctranslate2.runs_on(mps, support.MACOS)  # its CPU path


def test_platforms_that_came_in_a_release_are_judged_by_the_release_shown() -> None:
    bnb = support.of_name("bitsandbytes")
    assert bnb is not None
    mps = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
    # huggingface.co/docs/bitsandbytes: 0.42.0 CUDA only, 0.50.0 lists Apple silicon
    assert not bnb.runs_on(mps, support.MACOS, parse("0.42.0"))
    assert bnb.runs_on(mps, support.MACOS, parse("0.50.0"))
    assert not bnb.runs_on(None, support.WINDOWS, parse("0.41.1"))  # Windows from 0.43.0
    assert bnb.runs_on(mps, support.MACOS, None)  # a release not shown is no refusal


# issue 38 (s15-support): the table's rows, read at their commits, and its answers
def test_every_row_is_cited_at_a_commit_and_names_what_it_lists_by_the_registry() -> None:
    keys = {b.key for b in registry.BACKENDS}
    # issue 38 (s15-support): at least 25 rows beyond the 31 of s14
    assert len(support.TABLE) >= 56
    for row in support.TABLE:
        assert "@" in row.at, row.name  # the repository and commit (or release) read
        assert row.source.startswith("https://"), row.name
        assert row.unknown <= keys | set(support.SYSTEM_NAMES), row.name
        assert not row.unknown & (row.backends | row.systems), row.name  # silent or named
        for what, release in (*row.since, *row.until):
            assert what in row.backends | row.systems, (row.name, what)
            assert parse(release) is not None, (row.name, release)


def test_the_answer_is_listed_not_listed_or_unknown_never_a_guess() -> None:
    listing = support.Listing
    flashinfer, deepspeed = support.of_name("FlashInfer"), support.of_name("DeepSpeed")
    vllm, mlx = support.of_name("vLLM"), support.of_name("MLX")
    trtllm = support.of_name("TensorRT-LLM")
    assert flashinfer and deepspeed and vllm and mlx and trtllm
    assert flashinfer.answer(_ROCM, None, strict=True).listing is listing.NOT_LISTED
    # a Mac asked about: macOS is a system DeepSpeed's README is silent on
    assert deepspeed.answer(_MPS, support.MACOS).listing is listing.UNKNOWN
    # the hardware asked about itself: DeepSpeed lists Ascend NPUs; its CPU path is no GPU
    assert deepspeed.answer(_NPU, None, strict=True).listing is listing.LISTED
    assert vllm.answer(_MPS, support.MACOS).listing is listing.LISTED
    # from a release, up to a release
    assert mlx.answer(None, support.WINDOWS).releases == "from 0.32.0"
    assert mlx.answer(None, support.WINDOWS, parse("0.0.3")).listing is listing.NOT_LISTED
    assert trtllm.answer(None, support.WINDOWS, parse("0.12.0")).listing is listing.LISTED
    assert trtllm.answer(None, support.WINDOWS, parse("1.0.0")).listing is listing.NOT_LISTED
    # what the paste does not show, or a system the documentation is silent on, is no refusal
    assert trtllm.runs_on(None, support.WINDOWS)
    assert deepspeed.runs_on(_MPS, support.MACOS)
