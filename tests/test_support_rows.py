"""The support table's rows added in s16-rows (issue 38): real reports of those libraries.

Real pastes from tests/data/reports/errors/ (sources in that directory's README): pip building
cuDF and cuML (their PyPI placeholders, or cudf-cu12's stub) on Windows and a Mac, faiss-gpu on
Windows (its source, or no release at all) and on an M2 Pro Mac, ColossalAI's setup.py on
Windows, and jax-cuda12-pjrt on an M2 Pro Mac: each library's own documentation leaves the
machine out (RAPIDS' platform support: Linux, Windows only under WSL; faiss's INSTALL.md:
faiss-gpu on Linux x86-64; ColossalAI's README: Linux; JAX's supported platforms: NVIDIA GPUs
on Linux). And questions whether Unsloth supports AMD GPUs (its README lists them), ColossalAI
ROCm and coremltools Windows (their documentation does not), answered from the rows.
"""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.versions import parse
from tests.test_mac_asked_cuda import ERRORS, detect

UNSUPPORTED = "backend.library_unsupported_machine"
LISTED, NOT_LISTED = "backend.library_support_listed", "backend.library_support_not_listed"
_MPS = registry.key_of_build(registry.Build.MPS)
_ROCM = registry.key_of_build(registry.Build.ROCM)
_CUDA = registry.key_of_build(registry.Build.CUDA)

# file: (the finding's first words, a line it rests on)
NAMED = {
    "cudf15711-windows-cudf-cu12-24.4.1-didnt-find-wheel.md": (
        "cuDF has no build for Windows",
        10,
    ),
    "cudf14510-macos-m2-cudf-0.6.1-placeholder-build-failed.md": (
        "cuDF has no build for a Mac",
        26,
    ),
    "cuml5483-windows-cuml-0.6.1-placeholder-build-failed.md": (
        "cuML has no build for Windows",
        12,
    ),
    "faiss4043-windows11-faiss-gpu-cu11-from-versions-none.md": (
        "faiss-gpu has no release for Windows",
        5,
    ),
    "faisswheels76-windows-faiss-gpu-1.6.4-egg-info-failed.md": (
        "faiss-gpu has no build for Windows",
        14,
    ),
    "autosurvey3-macbook-m2-pro-faiss-gpu-1.7.2-from-versions-none.md": (
        "faiss-gpu has no release for a Mac",
        7,
    ),
    "colossalai3110-windows-colossalai-0.2.7-windows-not-supported.md": (
        "ColossalAI has no build for Windows",
        20,
    ),
    "gemmacookbook238-macos-m2-pro-jax-cuda12-pjrt-no-distribution.md": (
        "JAX CUDA plugin has no release for a Mac",
        1,
    ),
}
# file: (code, the answer's first words, the commit it names, the line it rests on)
ANSWERED = {
    "unsloth37-amd-gpu-question-does-unsloth-support.md": (
        LISTED,
        "Unsloth's documentation lists AMD GPUs",
        "unslothai/unsloth@015bdef0",
        4,
    ),
    "colossalai5669-rocm-question-does-colossalai-support.md": (
        NOT_LISTED,
        "ColossalAI's documentation does not list AMD GPUs",
        "hpcaitech/ColossalAI@4f9953be",
        1,
    ),
    "coremltools1281-windows-question-coremltools-supported.md": (
        NOT_LISTED,
        "coremltools's documentation does not list Windows",
        "apple/coremltools@e0e2f42b",
        3,
    ),
}
_CUDA_WORDS = ("download.pytorch.org/whl/cu", "download.pytorch.org/whl/rocm", "cuda-toolkit")


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_new_rows_library_on_a_machine_its_documentation_leaves_out_is_named(name: str) -> None:
    words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == UNSUPPORTED]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no install line makes it run there
    said = " ".join(f"{f.get('remedy') or ''} {f.get('advice') or ''}" for f in data["findings"])
    assert not any(w in said for w in _CUDA_WORDS), said


@pytest.mark.parametrize("name", sorted(ANSWERED), ids=lambda n: n.split("-", 1)[0])
def test_a_question_about_a_new_rows_library_is_answered_from_its_row(name: str) -> None:
    code, words, at, line = ANSWERED[name]
    _, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, [f["code"] for f in data["findings"]]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert at in found[0]["message"], found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert UNSUPPORTED not in [f["code"] for f in data["findings"]]  # nothing failed


def test_forty_rows_more_each_cited_at_a_commit() -> None:
    # issue 38 (s16-rows): at least 40 rows beyond s15's 58, appended after them
    assert len(support.TABLE) >= 98
    keys = {b.key for b in registry.BACKENDS}
    names = [row.name for row in support.TABLE]
    assert len(names) == len(set(names))
    for row in support.TABLE[58:]:
        assert "@" in row.at, row.name
        assert row.source.startswith("https://"), row.name
        assert row.backends <= keys and row.unknown <= keys | set(support.SYSTEM_NAMES), row.name
        assert not row.unknown & (row.backends | row.systems), row.name


def test_the_new_rows_answer_by_their_sources_and_releases() -> None:
    listing = support.Listing
    torchcodec, pyg_lib = support.of_name("TorchCodec"), support.of_name("pyg-lib")
    nemo, megatron = support.of_name("NeMo"), support.of_name("Megatron-Core")
    jax_cuda, npu_lib = (
        support.of_name("JAX CUDA plugin"),
        support.of_dist("intel_npu_acceleration_library"),
    )
    assert torchcodec and pyg_lib and nemo and megatron and jax_cuda and npu_lib
    # meta-pytorch/torchcodec v0.8.0 is the first README to name Windows
    assert torchcodec.answer(None, support.WINDOWS, parse("0.7.0")).listing is listing.NOT_LISTED
    assert torchcodec.answer(None, support.WINDOWS).releases == "from 0.8.0"
    assert not pyg_lib.runs_on(None, support.WINDOWS, parse("0.4.0"))
    assert pyg_lib.runs_on(None, support.WINDOWS, parse("0.5.0"))
    # NeMo's support matrix: no Windows support yet; a Mac on its CPU path
    assert not nemo.runs_on(None, support.WINDOWS)
    assert nemo.runs_on(_MPS, support.MACOS)
    # Megatron-Core's install page names no system: silent, never a refusal
    assert megatron.answer(None, support.WINDOWS).listing is listing.UNKNOWN
    assert megatron.runs_on(None, support.MACOS)
    assert not jax_cuda.runs_on(_CUDA, support.WINDOWS)
    assert jax_cuda.answer(_ROCM, None, strict=True).listing is listing.NOT_LISTED
    # "MacOS is not yet supported" (its README)
    assert npu_lib.answer(_MPS, support.MACOS).listing is listing.NOT_LISTED
