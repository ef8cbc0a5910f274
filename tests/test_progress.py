"""The status line: on a terminal, a spinner names the probe step under way on stderr and is
gone when the report prints; piped, or with --json, there is none. Real commands in real
pseudo-terminals of 80 columns, stdout and stderr on one or each on its own; what a person
would see is replayed from the bytes (`screen_of`)."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest

from hwdoctor.render import progress
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.test_first_screen import screen_of
from tests.test_load import offline_env, remote_code_model

COLUMNS = 80
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"  # Rich's "dots"
HIDE_CURSOR = "\x1b[?25l"
THIRD_PARTY_BARS = ("Writing model shards", "Loading weights", "it/s]")
_SGR = re.compile(r"\x1b\[[0-9;]*m")
_STATUS = re.compile(f"[{SPINNER}] ([^\r\n\x1b]*…)")


def terminal() -> tuple[int, int]:
    """A pseudo-terminal of 80 columns: (the side hwdoctor writes to, the side we read)."""
    reader, writer = pty.openpty()
    fcntl.ioctl(writer, termios.TIOCSWINSZ, struct.pack("HHHH", 24, COLUMNS, 0, 0))
    return writer, reader


@dataclass
class Run:
    returncode: int
    streams: dict[str, str]  # "stdout" / "stderr" / "terminal" (both on one) → what came


def run(*args: str, stdout: str, stderr: str, env: dict[str, str] | None = None) -> Run:
    """`python -m hwdoctor ARGS` with stdout and stderr each on a terminal of its own
    ("tty"), on the same terminal ("terminal") or on a pipe ("pipe"); reads to the end."""
    env = dict(env or base_env())
    env.pop("COLUMNS", None)  # the terminal's own width
    env.update(TERM="xterm-256color", HF_HUB_OFFLINE="1")
    ends: dict[str, int] = {}  # our side of each terminal, by name
    given: dict[str, int] = {}
    shared = None
    for name, kind in (("stdout", stdout), ("stderr", stderr)):
        if kind == "terminal":
            if shared is None:
                shared, ends["terminal"] = terminal()
            given[name] = shared
        elif kind == "tty":
            given[name], ends[name] = terminal()
        else:
            given[name] = subprocess.PIPE
    process = subprocess.Popen(
        [sys.executable, "-m", "hwdoctor", *args],
        stdin=subprocess.DEVNULL,
        stdout=given["stdout"],
        stderr=given["stderr"],
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    for descriptor in set(given.values()) - {subprocess.PIPE}:
        os.close(descriptor)
    pipes = {name: getattr(process, name) for name in given if given[name] == subprocess.PIPE}
    sources = {**ends, **{name: pipe.fileno() for name, pipe in pipes.items()}}
    received = dict.fromkeys(sources, b"")
    try:
        while sources:
            ready, _, _ = select.select(list(sources.values()), [], [], 180)
            assert ready, "hwdoctor wrote nothing for 3 minutes"
            for name, descriptor in list(sources.items()):
                if descriptor in ready:
                    try:
                        chunk = os.read(descriptor, 65536)
                    except OSError:  # a terminal whose other side is closed
                        chunk = b""
                    if chunk:
                        received[name] += chunk
                    else:
                        del sources[name]
        returncode = process.wait(180)
    finally:
        if process.poll() is None:
            process.kill()
        for descriptor in ends.values():
            os.close(descriptor)
        for pipe in pipes.values():
            pipe.close()
    return Run(
        returncode, {name: data.decode("utf-8", "replace") for name, data in received.items()}
    )


def statuses(stream: str) -> list[str]:
    """The words of every status line drawn in `stream`, in order."""
    return _STATUS.findall(_SGR.sub("", stream))


def torch_line() -> str:
    """What detect's report says of the dev venv's torch (asked when a test runs, so that
    collecting the tests needs no torch)."""
    return f"torch {metadata.version('torch')}"


COMMANDS = {
    # a command, and a text of its report that no status line contains (None: torch's line)
    "detect": (("detect",), None),
    "load --plan": (("load", "--plan", "--device", "cpu"), "Qwen3ForCausalLM"),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_status_line_names_the_steps_then_is_gone_when_the_report_prints(name: str) -> None:
    args, text = COMMANDS[name]
    report_text = text or torch_line()
    result = run(*args, stdout="terminal", stderr="terminal")
    assert result.returncode in (0, 1), result
    stream = result.streams["terminal"]
    shown = statuses(stream)
    assert "importing torch…" in shown, shown
    plain = _SGR.sub("", stream)
    before, after = plain.split(report_text, 1)
    assert statuses(before) == shown  # every frame came before the report
    assert not set(SPINNER) & set(after)
    final = screen_of(stream).splitlines()
    assert any(report_text in line for line in final), final
    assert not set(SPINNER) & set("".join(final)), final
    assert not [line for line in final for words in set(shown) if words in line], final
    assert not [bar for bar in THIRD_PARTY_BARS if bar in stream], stream


def test_the_status_line_is_on_stderr_and_never_on_stdout() -> None:
    result = run("detect", stdout="tty", stderr="tty")
    assert result.returncode in (0, 1), result
    assert torch_line() in result.streams["stdout"]
    assert statuses(result.streams["stdout"]) == []
    assert HIDE_CURSOR not in result.streams["stdout"]
    assert "importing torch…" in statuses(result.streams["stderr"])
    assert screen_of(result.streams["stderr"]).strip() == ""  # erased to the last dot


NOT_WATCHED = {
    "detect, stdout piped": (("detect",), "pipe"),
    "detect --json": (("detect", "--json"), "tty"),
    "detect --format markdown": (("detect", "--format", "markdown"), "tty"),
    "load, stdout piped": (("load", "--device", "cpu", "--max-new-tokens", "2"), "pipe"),
    "load --plan --json": (("load", "--plan", "--device", "cpu", "--json"), "tty"),
}


@pytest.mark.parametrize("name", list(NOT_WATCHED))
def test_no_progress_at_all_unless_a_person_watches_a_human_report(name: str) -> None:
    """Piped or machine-readable output gets no status line, and no third-party bar either
    (a load with stderr on a terminal used to show transformers' own)."""
    args, stdout = NOT_WATCHED[name]
    result = run(*args, stdout=stdout, stderr="tty")
    assert result.returncode in (0, 1), result
    stderr = result.streams["stderr"]
    assert statuses(stderr) == [] and HIDE_CURSOR not in stderr, stderr
    assert not set(SPINNER) & set(stderr), stderr
    assert not [bar for bar in THIRD_PARTY_BARS if bar in stderr], stderr
    if "--json" in args:
        json.loads(result.streams["stdout"])


def test_steps_from_two_payloads_at_once() -> None:
    """explain --verify follows the probe and the real libraries at once: the line names
    the latest step still open, and keeps the last words between steps."""
    status = progress.StepStatus()
    assert status.shown == "start"
    status.on_step("import torch", True)
    status.on_step("pipeline", True)
    assert status.shown == "pipeline"
    status.on_step("pipeline", False)
    assert status.shown == "import torch"
    status.on_step("import torch", False)
    assert status.shown == "import torch"
    status.on_step("query cuda", True)
    assert progress.words(status.shown) == "asking torch about cuda…"


def test_step_words() -> None:
    assert progress.words("import torch") == "importing torch…"
    assert progress.words("import torch_npu") == "importing torch_npu…"
    assert progress.words("allocate cuda:0") == "allocating a tensor on cuda:0…"
    assert progress.words("memory npu:1") == "reading the free memory of npu:1…"
    assert progress.words("load") == "loading the model…"
    assert progress.words("an unknown step") == "an unknown step…"
    # Step names come from the target (entry point names): they cannot drive the terminal.
    assert progress.words("autoload evil\x1b[2J") == "loading the torch extension evil\\x1b[2J…"


def payload_step_names() -> set[str]:
    """Every step name the payloads announce, with a sample for the parts they fill in."""
    names = set()
    for path in (ROOT / "hwdoctor" / "gather" / "probe").glob("payload_*.py"):
        text = path.read_text(encoding="utf-8")
        for literal, joined in re.findall(r'step\(\s*"([^"]+)"(\s*[+%])?', text):
            names.add(literal % ("cuda", 0) if "%" in joined else literal + "x" * bool(joined))
        calls = re.search(r"^CALLS = \((.*?)^\)", text, re.MULTILINE | re.DOTALL)  # verify's
        names.update(re.findall(r'\("(\w+)", \w+\)', calls.group(1)) if calls else ())
    return names


def test_every_step_a_payload_announces_is_worded() -> None:
    names = payload_step_names()
    assert {"import torch", "import x", "query x", "allocate cuda:0", "metadata", "load",
            "pipeline"} <= names  # fmt: skip
    unworded = sorted(name for name in names if progress.words(name) == name + "…")
    assert unworded == []


@pytest.mark.parametrize("args", [["list"], ["--help"], ["detect", "--help"], ["list", "--json"]])
def test_list_and_help_never_load_the_status_line(args: list[str]) -> None:
    code = (
        "import sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = [m for m in ('hwdoctor.render.progress', 'rich.live') if m in sys.modules]\n"
        "sys.stderr.write('LOADED=' + ','.join(loaded))\n"
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
    assert completed.stderr.rsplit("LOADED=", 1)[-1] == "", completed.stderr


def test_a_load_that_keeps_writing_progress_is_not_a_hang(tmp_path: Path) -> None:
    """A load whose bytes keep growing (weights read into memory, a download into the cache)
    is alive, longer than --timeout; what it writes to stderr is only shown, never counted
    (tests/test_runner.py: chatter does not keep a hung step alive)."""
    model = remote_code_model(
        tmp_path / "slow",
        "_kept = []; "
        '[(_kept.append(b"w" * (1 << 20)), os.write(2, b"fetching\\r"), time.sleep(0.15)) '
        "for _ in range(60)]; "
        'raise RuntimeError("hwdoctor-test: fetched")',
    )
    args = ("load", str(model), "-d", "cpu", "--trust-remote-code", "--timeout", "6", "--json")
    problem = run_hwdoctor(*args, env=offline_env(tmp_path)).json()["data"]["problem"]
    assert problem["kind"] != "hang" and problem["stage"] == "load", problem
    assert "hwdoctor-test: fetched" in json.dumps(problem)
