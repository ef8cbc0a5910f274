"""The first screen: what a person sees, reads and copies.

Commands run in a pseudo-terminal at 80 columns, as a person runs them: the first lines
answer the question, no line ends in padding, every remedy of the JSON report is a line
of the screen that bash accepts as it is, and no third-party progress bar shows. Golden
files pin the human output at 60, 80 and 120 columns and piped (no width given); the
detect and explain ones render recorded evidence (`--from`), so they are the same on
every machine. The load plan is made once, live, and rendered at each width by the
renderer `hwdoctor load` prints with. Regenerate with `pytest tests/test_first_screen.py
--update-golden`.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.evidence import DATA

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
CPU = str(DATA / "cpu-host.json")
SICK = str(DATA / "sick-host.json")
THIRD_PARTY_BARS = ("Writing model shards", "%|", "it/s]", "Loading checkpoint shards")


def on_a_terminal(*args: str, columns: int = 80, env: dict[str, str] | None = None) -> str:
    """What `hwdoctor ARGS` shows in a terminal `columns` wide: stdout and stderr as the
    screen has them, colour codes removed."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    environment = {**(env or base_env()), "TERM": "xterm-256color"}
    for name in ("COLUMNS", "NO_COLOR"):
        environment.pop(name, None)
    process = subprocess.Popen(
        [sys.executable, "-m", "hwdoctor", *args],
        stdin=follower, stdout=follower, stderr=follower, env=environment, cwd=ROOT,
        close_fds=True,
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 300)
        if not ready:
            process.kill()
            pytest.fail(f"hwdoctor {' '.join(args)} did not finish")
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait()
    os.close(leader)
    return screen_of(b"".join(chunks).decode("utf-8", "replace"))


CONTROL = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x07]*\x07|\r\n|[\r\n]|[^\x1b\r\n]+")


def screen_of(stream: str) -> str:
    """The lines a terminal shows after `stream`: a tiny emulator of what Rich writes
    (text, newlines, carriage returns, erase-line, cursor up, colours), enough to see
    what is left once a status line has erased itself."""
    lines = [""]
    row = column = 0
    for match in CONTROL.finditer(stream):
        token = match.group(0)
        if token in ("\r\n", "\n"):
            row, column = row + 1, 0
            if row == len(lines):
                lines.append("")
        elif token == "\r":
            column = 0
        elif match.group(2):  # a CSI sequence
            number = int(match.group(1) or "1") if match.group(1).isdigit() else 1
            if match.group(2) == "K":
                lines[row] = lines[row][:column]
            elif match.group(2) == "A":
                row = max(0, row - number)
            elif match.group(2) == "J":
                del lines[row + 1 :]
                lines[row] = lines[row][:column]
        elif not token.startswith("\x1b"):
            line = lines[row].ljust(column)
            lines[row] = line[:column] + token + line[column + len(token) :]
            column += len(token)
    return "\n".join(lines)


def remedy_lines(document: dict[str, object]) -> list[str]:
    data = document["data"]
    assert isinstance(data, dict)
    found = list(data.get("findings") or [])
    problem = data.get("problem")
    if isinstance(problem, dict):
        found.append({"remedy": problem.get("remedy")})
    return [line for f in found for line in (f.get("remedy") or "").splitlines()]


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (("detect", "--from", SICK), "Usable: cpu. 1 problem, 2 warnings."),
        (("explain", "--from", SICK), "Training will use cpu;"),
        (("explain", "npu", "--from", SICK), "npu is not usable here:"),
        (("detect",), "Usable: cpu."),
        (("list",), "Hardware"),
    ],
    ids=["detect sick", "explain sick", "explain npu", "detect here", "list"],
)
def test_on_a_terminal_the_answer_comes_first_and_remedies_paste(
    args: tuple[str, ...], first: str, here: str
) -> None:
    screen = on_a_terminal(*args)
    lines = screen.splitlines()
    if args == ("detect",):  # a live run says first which interpreter, and why that one
        assert lines[0].startswith(f"Diagnosing {sys.executable} (Python "), screen
        assert " ".join(lines[:2]).endswith(": the Python hwdoctor runs in."), screen
        lines = lines[2:]
    assert lines and lines[0].startswith(first), screen
    assert not [line for line in lines if line != line.rstrip()], screen
    assert not [bar for bar in THIRD_PARTY_BARS if bar in screen], screen
    if args == ("detect",):
        assert len(screen.rstrip("\n").splitlines()) <= 13, screen  # at 80 columns
        args = ("detect", "--from", here)  # the same report, without probing again
    document = run_hwdoctor(*args, "--json").json()
    shown = {line.strip() for line in lines}
    for line in remedy_lines(document):
        assert line in shown, f"{line!r} is not a line of the screen:\n{screen}"
    remedies = "\n".join(remedy_lines(document))
    if remedies and shutil.which("bash"):
        assert subprocess.run(["bash", "-n", "-c", remedies], check=False).returncode == 0


def test_load_on_a_device_that_is_not_here_says_so_first() -> None:
    screen = on_a_terminal("load", "Qwen/Qwen3-0.6B", "--device", "neuron")
    lines = screen.splitlines()
    assert lines[0].startswith(f"Diagnosing {sys.executable} (Python "), screen
    assert lines[2] == "Qwen/Qwen3-0.6B did not load on neuron.", screen
    said = " ".join(screen.split())
    assert "neuron is not usable here: no AWS Neuron found;" in said
    assert "usable here: cpu" in said
    assert said.index("run this on a machine with AWS Neuron") < said.index("pip install")
    document = run_hwdoctor("load", "Qwen/Qwen3-0.6B", "--device", "neuron", "--json").json()
    for line in remedy_lines(document):
        assert line in {line.strip() for line in lines}


def test_a_plan_prints_no_third_party_progress_bar() -> None:
    screen = on_a_terminal("load", "--plan", "--device", "cpu")
    assert "A plan loads no weights." in screen
    assert not [bar for bar in THIRD_PARTY_BARS if bar in screen], screen


# --- golden files at every width --------------------------------------------------------------

WIDTHS = {"60": "60", "80": "80", "120": "120", "piped": None}


def rendered(args: tuple[str, ...], width: str | None) -> str:
    env = base_env()
    env.pop("COLUMNS", None)
    if width:
        env["COLUMNS"] = width
    result = run_hwdoctor(*args, env=env)
    assert result.returncode in (0, 1), result
    return result.stdout


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("detect-cpu", ("detect", "--from", CPU)),
        ("detect-sick", ("detect", "--from", SICK)),
        ("explain-sick", ("explain", "--from", SICK)),
        ("explain-npu", ("explain", "npu", "--from", SICK)),
        ("list", ("list",)),
    ],
)
def test_golden_screens(name: str, args: tuple[str, ...], width: str, golden) -> None:
    text = rendered(args, WIDTHS[width])
    assert not [line for line in text.splitlines() if line != line.rstrip()]
    if WIDTHS[width]:
        too_wide = [
            line
            for line in text.splitlines()
            if len(line) > int(width) and not line.startswith(("  #", "  /", "  '"))
        ]
        assert not too_wide, text  # only commands run past the edge, whole
    golden(f"screen/{name}-{width}.txt", text)


@pytest.fixture(scope="module")
def load_plan() -> Any:
    """`hwdoctor load --plan --device cuda:0 --memory 24GiB`'s report: the probe and the
    payload run live in this interpreter, as the command runs them."""
    from hwdoctor import devices
    from hwdoctor.doctor import load as loading

    device = devices.parse("cuda:0", strategies=True)
    request = loading.LoadRequest(model=None, device=device, plan=True, memory=24 << 30)
    return loading.load(request, sys.executable, 60.0)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_golden_load_plan(
    width: str, golden, load_plan: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hwdoctor import render

    monkeypatch.delenv("COLUMNS", raising=False)
    if WIDTHS[width]:
        monkeypatch.setenv("COLUMNS", WIDTHS[width])
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert render.report("load", render.OutputFormat.HUMAN, load_plan) == 0
    text = sys.stdout.getvalue()
    # The cpu budget is this machine's free memory.
    text = re.sub(r"(cpu: )[\d.]+ [KMGT]iB", r"\1<free>", text)
    golden(f"screen/load-plan-{width}.txt", text)


def test_help_fits_80_columns_with_whole_summaries() -> None:
    env = {**base_env(), "COLUMNS": "80"}
    for args in (("--help",), ("detect", "--help"), ("explain", "--help"), ("load", "--help")):
        text = run_hwdoctor(*args, env=env).stdout
        assert not [line for line in text.splitlines() if len(line) > 80], text
    summaries = run_hwdoctor("--help", env=env).stdout.split("Commands:", 1)[1]
    assert "..." not in summaries and "…" not in summaries


@pytest.mark.parametrize("command", ["list", "load"])
def test_help_offers_only_formats_the_command_has(command: str) -> None:
    text = run_hwdoctor(command, "--help", env={**base_env(), "COLUMNS": "80"}).stdout
    assert "markdown" not in text
    assert run_hwdoctor(command, "--format", "markdown").returncode == 2


def test_every_data_file_is_valid_evidence() -> None:
    for path in Path(DATA).glob("*.json"):
        assert json.loads(path.read_text())["kind"] == "hwdoctor.evidence"


def test_readme_shows_what_you_will_see() -> None:
    """The screens of the README and of the documentation pages (docs/*.md) are hwdoctor's
    real output (`make readme` regenerates them all); those rendered from recorded evidence,
    and `list`, must match on every machine, byte for byte."""
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import screens  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    shown = {
        (page.relative_to(ROOT).as_posix(), args): body
        for page in screens.pages()
        for args, body in screens.blocks(page.read_text(encoding="utf-8")).items()
    }
    # from recorded evidence, or `list` (the registry's table: it probes nothing)
    recorded = {key: body for key, body in shown.items() if "--from" in key[1] or key[1] == "list"}
    # the README keeps a screen of detect and of explain; the pages hold every other one
    assert {"README.md", "docs/detect.md", "docs/explain.md"} <= {page for page, _ in recorded}
    assert len(recorded) >= 10
    outputs: dict[str, str] = {}
    for (page, args), body in recorded.items():
        if args not in outputs:
            outputs[args] = screens.screen(args)
        assert body == outputs[args], f"{page} block `{args}` is stale: make readme"
