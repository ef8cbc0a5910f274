"""Golden files for the human output at a pinned width (100 columns, no colour).

Regenerate on purpose with `pytest tests/test_golden.py --update-golden` and review the diff.
Volatile parts (interpreter path, versions, this machine's CPU) are normalised first.
"""

from __future__ import annotations

import os
import platform
import re
import sys

from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World


def unwrap_header(text: str) -> str:
    """Join the first line's soft-wrapped lines (the interpreter diagnosed, and why): where
    they wrap depends on the path's length."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("Diagnosing "):
        return text
    end = 1  # the sentence ends with its full stop
    while end < len(lines) and not lines[end - 1].rstrip().endswith("."):
        end += 1
    return "\n".join([" ".join(line.strip() for line in lines[:end]), *lines[end:]]) + (
        "\n" if text.endswith("\n") else ""
    )


def folded(literal: str) -> str:
    """A pattern for `literal` that also matches it folded across lines, as Rich folds a
    word longer than the width (a long interpreter path)."""
    return "(?: *\n)?".join(re.escape(char) for char in literal)


def normalise(text: str) -> str:
    text = re.sub(folded(sys.executable), "<python>", text)
    text = unwrap_header(text)
    text = text.replace(sys.executable, "<python>")
    text = text.replace(platform.python_version(), "<python-version>")
    text = re.sub(r"torch 2\.\d+\.\d+[\w.+]*", "torch <version>", text)
    text = re.sub(r"(?m)(cpu +CPU +torch +).*?(\s*)$", r"\1<cpu>", text)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def test_list(golden) -> None:
    result = run_hwdoctor("list")
    golden("list.txt", result.stdout)


def test_detect_world(world: World, golden) -> None:
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3", 64 << 30),) * 2)
    world.pci("0000:17:00.0", "0x10de", "0x2330", "0x030200").device_node("nvidia0")
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="raise")
    result = run_hwdoctor("detect", env=world.env(base_env()))
    assert result.returncode == 1
    assert os.environ.get("NO_COLOR") or "\x1b[" not in result.stdout
    golden("detect-world.txt", normalise(result.stdout))
