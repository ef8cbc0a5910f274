"""A package no installer finds a file of for this machine (issue 38, item 4; s10-platform).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): poetry's
"Unable to find installation candidates for triton (2.2.0)" and pip's "(from versions: none)"
for triton on a Mac (Triton's PyPI files are Linux wheels), poetry 2's count of the wheels this
environment's tags refused, pip's "… .whl is not a supported wheel on this platform" for a
cp310 wheel under Python 3.12, uv's hint "The wheel is compatible with Linux (…), but you're on
Windows (…)", uv's "has no wheels with a matching platform tag" and "You're on macOS (…), but
`torch` (v2.8.0) only has wheels for …" on Intel Macs. Quiet (no python.version_unsupported)
where nothing shown contradicts the file's tags, and on poetry's or uv's "can't be installed"
words alone (a stale lock file, a project's source without a platform marker, a uv bug give
them too): those lines stay unread, never "no problem".
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "python.version_unsupported"
# file: (the finding's first words, a line it rests on)
NAMED = {
    "triton4228-mac-poetry-add-triton-no-candidates.md": (
        "triton==2.2.0 has no build for macOS",
        15,
    ),
    "whisper1887-mac-m2-poetry-triton-no-candidates.md": (
        "triton==2.1.0 has no build for macOS",
        18,
    ),
    "kolors130-zh-mac-m2-pip-triton-from-versions-none.md": ("triton has no build for macOS", 8),
    "triton2371-macos-ventura-pip-triton-from-versions-none.md": (
        "triton has no build for macOS",
        5,
    ),
    "streamlitagent59-poetry2-triton-abi-tags-skipped.md": ("poetry finds no triton==2.1.0", 11),
    "pylingual129-m3-poetry2-torch-abi-tags-skipped.md": ("poetry finds no torch==2.7.1", 7),
    "nanoaha3-flash-attn-cp310-wheel-on-python312.md": (
        "the wheel asked for (flash-attn) is built for CPython 3.10 (cp310), and this is "
        "Python 3.12",
        6,
    ),
    # since s13-wheels, PyPI's own file list of torch says it (compat/builds_table.txt)
    "uv8746-intel-imac-uv-torch-260-no-platform-tag.md": (
        "torch==2.6.0 has no file on PyPI that installs on macOS (x86_64)",
        7,
    ),
    "langflow9824-intel-mac-uv-torch-280-only-has-wheels.md": (
        "torch==2.8.0 has no file on PyPI that installs on macOS (x86_64)",
        10,
    ),
    "trellis2-77-uv-flash-attn-linux-wheel-on-windows.md": (
        "the wheel asked for is built for Linux (linux_x86_64), and this is Windows",
        8,
    ),
}
REMEDY = {"nanoaha3-flash-attn-cp310-wheel-on-python312.md": "uv venv --python 3.10"}
# the words appear, and nothing shown says this machine cannot have the package: the thread
# found another cause (a wheel misnamed by hand, a local Python, a release not published) or
# none shown
QUIET = {
    "flashattn1242-windows-self-built-wheel-misnamed.md": 6,
    "flashattnwin2-windows-cp310-wheel-python-unshown.md": 4,
    "ragassistant8-osx-poetry-torch-231-no-candidates.md": 14,
    "simpletuner470-linux-poetry-triton-library-rc3.md": 10,
    "agentjudge11-poetry-tensorflow-torch-works-elsewhere.md": 11,
    "uv5182-mac-arm-uv-add-torch-cpu-index-uv-bug.md": 19,
    "llamacpp29176-mac-uv-sync-torch-cpu-index-unconditional.md": 25,
    "triton3708-linux-conda-cannot-find-working-triton.md": None,
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_no_file_for_this_machine_is_named_in_each_installers_words(name: str) -> None:
    words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    # no install line: nothing installs here; a wheel of another Python gets an environment
    # with the Python it was built for (s15-wheeltag)
    assert found[0]["remedy"] == REMEDY.get(name)
    assert line in [q["line"] for q in found[0]["rests_on"]]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert line not in [u["line"] for u in data["unread"]]


def test_a_linux_only_package_off_linux_says_where_it_runs() -> None:
    _, data = detect(ERRORS / "triton4228-mac-poetry-add-triton-no-candidates.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "built for Linux only" in found["message"]
    assert "triton-lang/triton#1465" in found["message"]
    assert found["advice"].startswith("run it on a Linux machine")
    _, data = detect(ERRORS / "trellis2-77-uv-flash-attn-linux-wheel-on-windows.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "install the wheel built for Windows" in found["advice"]


@pytest.mark.parametrize("name", sorted(QUIET), ids=lambda n: n.split("-", 1)[0])
def test_the_words_without_a_machine_that_refuses_stay_unread(name: str) -> None:
    line = QUIET[name]
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]
    assert "backend.os_unsupported" not in [f["code"] for f in data["findings"]]
    if line is not None:  # the installer's words are an error no finding explains
        assert line in [u["line"] for u in data["unread"]]
