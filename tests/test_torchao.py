"""torchao going on without its C++ kernels, built for another torch (issue 38, item 4).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): torchao 0.13
to 0.16's "Skipping import of cpp extensions due to incompatible torch version X for torchao
version Y" and 0.17's "… Please upgrade to torch >= 2.11.0 (found X)", on one line and broken
over two. Each is extension.kernels_skipped, a warning (torchao's Python API still works), with
the torch its kernels are built for from torchao's own table and the torchao release built for
the torch installed. Quiet: torchao 0.14.0's warning beside torch 2.8.0, the release it was
built for (a slip of its check that 0.14.1 mends).
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import companions
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "extension.kernels_skipped"
# file: (the message's first words, the line it rests on, the torchao release to install or None)
STATED = {
    "acestep15-361-windows-torch-2-7-1-torchao-0-15-0-skipping-cpp.md": (
        "torchao 0.15.0 runs without its C++ kernels: they are built for torch==2.9.1",
        1,  # the title says it first
        "torchao==0.12.0",  # what the reporter moved to
    ),
    "axolotl3432-torch-2-9-1-cu130-torchao-0-16-0-skipping-cpp.md": (
        "torchao 0.16.0 runs without its C++ kernels: they are built for torch==2.10.0",
        1,
        "torchao==0.15.0",
    ),
    "lf10593-unsloth-torch-2-10-0-torchao-needs-2-11-skipping-cpp.md": (
        "torchao runs without its C++ kernels: it says it needs torch>=2.11.0",
        18,
        "torchao==0.16.0",
    ),
    "unsloth4851-wsl-rtx5090-torch-2-10-0-skipping-cpp-needs-2-11.md": (
        "torchao runs without its C++ kernels: it says it needs torch>=2.11.0",
        7,
        "torchao==0.16.0",
    ),
}
QUIET = ("comfyui10371-torch-2-8-0-torchao-0-14-0-skipping-cpp-slip.md",)


@pytest.mark.parametrize("name", sorted(STATED), ids=lambda n: n.split("-", 1)[0])
def test_torchao_skipping_its_kernels_is_named_with_the_release_to_install(name: str) -> None:
    words, line, pin = STATED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: torchao's Python API works
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "warning"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert pin in (found[0]["remedy"] or ""), found[0]["remedy"]


def test_the_floor_broken_over_two_lines_is_read(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the line break where a log wraps torchao 0.17's message after its first sentence, as a
    # bench note of sglang's run stores it (the two lines verbatim)
    paste = tmp_path / "split.txt"
    paste.write_text(
        "Skipping import of cpp extensions due to incompatible torch version.\n"
        "Please upgrade to torch >= 2.11.0 (found 2.9.1+cu128).\n",
        encoding="utf-8",
    )
    _, data = detect(paste)
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "torch>=2.11.0, and torch 2.9.1+cu128 is installed" in found["message"]
    assert [q["line"] for q in found["rests_on"]] == [2]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_the_warning_beside_the_torch_torchao_was_built_for_is_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]


def test_the_two_tables_agree() -> None:
    # every torchao release's torch is a torch whose torchao, read back, is built for it
    for torchao, torch in companions.TORCHAO.items():
        back = companions.torchao_for_torch(torch)
        assert back is not None and companions.torch_for_torchao(back) in (torch, None), torchao
