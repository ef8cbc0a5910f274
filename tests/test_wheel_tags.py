"""A wheel file pip refuses, read by its tags, and a package's own setup script refusing this
Python (issue 38, s15-wheeltag).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): pip's
"… .whl is not a supported wheel on this platform" for torch_xla's Colab wheels built for an
older Python than the notebook's, for a cp35 torch wheel under Python 3.6, a macOS x86_64
llama-cpp-python wheel on an M2 Mac, an x86_64 h2o4gpu wheel on a Jetson Nano (aarch64), a Linux
torch wheel on a Mac; and the setup scripts' own refusals: numba's "Cannot install on Python
version 3.12.0; only versions >=3.8,<3.12 are supported.", SeismicMesh's "Python 3.9.0 or
higher is not yet supported".
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "python.version_unsupported"
# file: (the finding's first words, a line it rests on, words of its advice, its remedy)
NAMED = {
    "xla5010-colab-tpu-python-3.10.11-torch-xla-2.0-cp39-wheel.md": (
        "the wheel asked for (torch-xla) is built for CPython 3.9 (cp39), and this is Python 3.10",
        22,
        "cp310-cp310-linux_x86_64",
        "uv venv --python 3.9",
    ),
    "hfnotebooks407-colab-python3.10-torch-xla-1.13-cp38-wheel.md": (
        "the wheel asked for (torch-xla) is built for CPython 3.8 (cp38), and this is Python 3.10",
        5,
        "cp310-cp310-linux_x86_64",
        "uv venv --python 3.8",
    ),
    "pt1096-macos-sierra-python3.6-torch-0.1.10-cp35-wheel.md": (
        "the wheel asked for (torch) is built for CPython 3.5 (cp35), and this is Python 3.6",
        1,
        "cp36-cp36m-macosx_10_6_x86_64",
        "uv venv --python 3.5",
    ),
    "gpt4allmedium2-m2-llama-cpp-macosx-x86-64-wheels.md": (
        "the wheel asked for (llama-cpp-python) is built for macOS on x86_64 "
        "(macosx_10_9_x86_64), and this is a Mac with Apple silicon (arm64)",
        10,
        "macosx_11_0_arm64",
        None,
    ),
    "h2o4gpu769-jetson-nano-aarch64-cp36-x86-64-wheel.md": (
        "the wheel asked for (h2o4gpu) is built for Linux on x86_64 (linux_x86_64), and this "
        "is Linux on Arm (aarch64)",
        20,
        "manylinux*_aarch64 or linux_aarch64",
        None,
    ),
    "fastaiv3-4-mac-torch-1.0.0-cp37-linux-wheel.md": (
        "the wheel asked for (torch) is built for Linux (linux_x86_64), and this is macOS",
        3,
        "macosx_* (arm64 for Apple silicon, x86_64 for Intel, or universal2)",
        None,
    ),
    "localaivtuber35-python3.12-numba-cannot-install-on-python-version.md": (
        "the package being built refuses Python 3.12.0 in its own setup script, which supports "
        "Python >=3.8,<3.12",
        5,
        "a new environment",
        "uv venv --python 3.11",
    ),
    "seismicmesh201-python3.9-setup-not-yet-supported.md": (
        "the package being built refuses Python 3.9.0 in its own setup script, which supports "
        "Python <3.9.0",
        19,
        "a new environment",
        "uv venv --python 3.8",
    ),
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_the_tag_or_bound_that_refuses_this_python_or_machine_is_named(name: str) -> None:
    words, line, advice, remedy = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert advice in found[0]["advice"], found[0]["advice"]
    assert found[0]["remedy"] == remedy
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert line not in [u["line"] for u in data["unread"]]
    assert "variant" not in found[0]
