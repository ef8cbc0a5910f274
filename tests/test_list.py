"""`hwdoctor list`: the registry as a table or JSON, without importing anything heavy."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.test_registry import SEED_TABLE

HEAVY = ("torch", "transformers", "accelerate")
# Not heavy, but what only judging a version needs (hwdoctor/versions.py imports it lazily):
# `list` and `--help` judge none and should not pay for it.
NOT_ON_THE_LIST_PATH = (*HEAVY, "packaging")


def test_list_json_has_every_seed_device_string() -> None:
    result = run_hwdoctor("list", "--json")
    assert result.returncode == 0, result
    document = result.json()
    assert document["schema_version"] == "1.13"
    assert document["command"] == "list"
    assert document["exit_code"] == 0
    assert document["errors"] == []
    rows = {(b["hardware"], b["device"], b["package"]) for b in document["data"]["backends"]}
    for row in SEED_TABLE:
        assert row in rows
    assert result.stdout.index('"command"') < result.stdout.index('"data"')  # sorted keys


def test_list_human() -> None:
    result = run_hwdoctor("list")
    assert result.returncode == 0, result
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["Hardware", "Device", "Package"]
    neuron = next(line for line in lines if line.startswith("AWS Neuron"))
    assert neuron.split()[2:] == ["neuron", "torch-neuronx", "yes", "accelerate", "1.16"]
    assert all(len(line) <= 80 for line in lines)
    assert result.stderr == ""


@pytest.mark.parametrize("args", [["list"], ["--help"], ["detect", "--help"], ["list", "--json"]])
def test_no_heavy_import(args: list[str]) -> None:
    """`--help` and `list` never import the libraries hwdoctor diagnoses, nor packaging."""
    code = (
        "import sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = sorted(m for m in sys.modules if m.split('.')[0] in {NOT_ON_THE_LIST_PATH!r})\n"
        "sys.stderr.write('HEAVY=' + ','.join(heavy))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=base_env(),
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert "HEAVY=" in completed.stderr, completed.stderr
    assert completed.stderr.rsplit("HEAVY=", 1)[1] == ""


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


ENVIRONMENTS = [
    {},
    {"NO_COLOR": "1"},
    {"NO_COLOR": ""},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": ""},
    {"FORCE_COLOR": "1", "NO_COLOR": "1"},
    {"TERM": "dumb"},
    {"TERM": "unknown", "FORCE_COLOR": "1"},
    {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
    {"TTY_COMPATIBLE": "1"},
    {"TTY_COMPATIBLE": "2", "FORCE_COLOR": "0"},
    {"COLUMNS": "60"},
    {"COLUMNS": "abc"},
]


@pytest.mark.parametrize("tty", [True, False])
@pytest.mark.parametrize("environ", ENVIRONMENTS, ids=str)
def test_list_styles_as_rich_would(environ: dict[str, str], tty: bool) -> None:
    """`list` draws without Rich, by Rich's rules: Rich's own Console is the oracle."""
    from rich.console import Console

    from hwdoctor.render import ansi

    environ = {"TERM": "xterm-256color", **environ}
    stream = _Stream(tty)
    rich = Console(file=stream, _environ=environ, force_jupyter=False)
    styles, colours = ansi.styles_for(stream, environ)
    assert styles == (rich.color_system is not None)
    assert colours == (styles and not rich.no_color)
    if environ.get("COLUMNS", "").isdigit():
        assert ansi.width_for(stream, environ) == rich.size.width
