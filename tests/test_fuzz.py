"""CLI fuzzing: hypothesis builds argv for every command from the command's real options.

Options and their types are read from the Typer app itself, so a new option is fuzzed as
soon as it exists. Values are the awkward ones: device strings (valid, malformed, typos,
huge indices), paths (a venv without torch, a directory without python, a file that is not
python, nothing at all), unicode, very long values, empty strings and values that look like
options. Whatever the argv: no traceback, and the exit code is 0, 1 or 2; 3 would be an
internal error, which is a bug. With --json, stdout is exactly one JSON document.

Most examples call `hwdoctor.cli.main(argv)` in this process: parsing is what is fuzzed. An
argv that reaches a probe targets a venv without torch (`--python` is put first, so a fuzzed
`--python` still wins), which costs tens of milliseconds; PATH is empty, so no fuzzed word
names a real program. A smaller set runs `python -m hwdoctor` for real.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwdoctor import cli
from tests.conftest import ROOT, base_env
from tests.fakeworld import make_bare_venv
from tests.faults_plugin import Tally

TRACEBACK = "Traceback (most recent call last)"
OWN_SOURCES = f'File "{ROOT / "hwdoctor"}'
ALLOWED = (0, 1, 2)
PROBE_COMMANDS = ("detect", "explain", "load")
# Never fuzzed: it edits the user's shell start-up files.
SIDE_EFFECTS = ("--install-completion",)
HELPISH = ("-h", "--help", "--version", "--show-completion")


@dataclass(frozen=True)
class Places:
    """Paths the fuzz hands out as --python, models and other path-like values."""

    bare_python: Path
    bare_venv: Path
    not_python: Path
    not_executable: Path
    empty_dir: Path
    host_root: Path
    empty_path: Path
    workdir: Path  # the fuzzed CLI's working directory: where a relative output file lands

    def all(self) -> list[str]:
        return [
            str(self.bare_python),
            str(self.bare_venv),
            str(self.not_python),
            str(self.not_executable),
            str(self.empty_dir),
            str(self.empty_dir / "missing" / "python"),
            "/",
            "/etc",
            "/dev/null",
            "/proc/self/fd/0",
            "~",
            "~nobody/python",
            "~no-such-user-hwdoctor/python",  # expanduser() raises RuntimeError
            ".",
            "..",
            "python",
            "python3",
        ]


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Places:
    root = tmp_path_factory.mktemp("fuzz")
    bare_venv = root / "bare venv ü"
    bare_python = make_bare_venv(bare_venv)
    not_python = root / "not-python"
    not_python.write_text("#!/bin/sh\necho 'not python' >&2\nexit 0\n")
    not_python.chmod(0o755)
    not_executable = root / "python-without-x"
    not_executable.write_text("print('hi')\n")
    empty_dir = root / "empty"
    empty_dir.mkdir()
    host_root = root / "host"
    host_root.mkdir()
    empty_path = root / "no-programs"
    empty_path.mkdir()
    workdir = root / "workdir"
    workdir.mkdir()
    return Places(
        bare_python, bare_venv, not_python, not_executable, empty_dir, host_root, empty_path,
        workdir,
    )  # fmt: skip


# --- the real options of each command --------------------------------------------------------


@dataclass(frozen=True)
class Param:
    opts: tuple[str, ...]  # ("--device", "-d"); empty for a positional argument
    kind: str  # "flag", "float", "int", "choice", "text"
    choices: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class CommandSpec:
    name: str
    options: tuple[Param, ...]
    arguments: tuple[Param, ...]


def _param(param: Any) -> Param:
    type_name = type(param.type).__name__
    if getattr(param, "is_flag", False):
        kind = "flag"
    elif getattr(param.type, "choices", None):
        kind = "choice"
    elif "Float" in type_name:
        kind = "float"
    elif "Int" in type_name:
        kind = "int"
    else:
        kind = "text"
    opts = tuple(param.opts) if param.param_type_name == "option" else ()
    choices = tuple(str(c) for c in getattr(param.type, "choices", None) or ())
    return Param(opts, kind, choices, param.name or "")


def command_specs() -> dict[str, CommandSpec]:
    group = typer.main.get_command(cli.app)
    specs = {}
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        params = [_param(p) for p in command.params]
        specs[name] = CommandSpec(
            name,
            tuple(p for p in params if p.opts and not set(p.opts) & set(SIDE_EFFECTS)),
            tuple(p for p in params if not p.opts),
        )
    return specs


def root_options() -> list[str]:
    group = typer.main.get_command(cli.app)
    return [opt for param in group.params for opt in param.opts if opt not in SIDE_EFFECTS]


SPECS = command_specs()


def test_every_command_is_fuzzed() -> None:
    assert set(SPECS) >= {"list", "detect", "explain", "load"}
    assert any("--json" in p.opts for p in SPECS["detect"].options)


# --- values ------------------------------------------------------------------------------------

DEVICE_TYPES = ("cpu", "cuda", "rocm", "neuron", "tpu", "xpu", "mps", "hpu", "npu", "mlu")
TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
    max_size=40,
)
OPTION_LOOKING = st.sampled_from(
    ["--json", "-h", "--help", "--", "-", "-d", "--python", "--timeout", "--frobnicate",
     "--json=1", "--format=json", "-x", "---", "--=", "--timeout=5"]
)  # fmt: skip
AWKWARD = st.sampled_from(
    ["", " ", "\t", "\n", "ü", "🙂", "ﬁ", "\u202e", "\x1b[2J", "null", "None", "true", "0",
     "-1", "1e309", "nan", "%s%n", "{}", "'", '"', "\\", "$(reboot)", "`id`", "*", "?"]
)  # fmt: skip
LONG = st.builds(lambda s, n: (s or "x") * n, st.text(max_size=3), st.integers(1000, 20_000))


def device_strings() -> st.SearchStrategy[str]:
    typed = st.builds(
        lambda kind, index: f"{kind}:{index}",
        st.sampled_from(DEVICE_TYPES),
        st.one_of(st.integers(-5, 20), st.integers(), st.just(""), TEXT),
    )
    return st.one_of(
        st.sampled_from(DEVICE_TYPES),
        st.sampled_from(["auto", "balanced", "balanced_low_0", "sequential", "cdua", "CUDA",
                         "cuda:0:1", ":", "cuda:", ":0", "gpu", "meta", "disk", "npu:１"]),
        typed,
    )  # fmt: skip


def requirement_strings() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(
            ["cuda", "npu:2", "torch>=2.0", "torch<1", "transformers", "cpu", "gpu", ">=",
             "cuda>=2", "torch==", "nonexistent-package>=1", "cuda,npu", "npu >= 2"]
        ),
        device_strings(),
    )  # fmt: skip


def values_for(param: Param, places: Places) -> st.SearchStrategy[str]:
    common = st.one_of(TEXT, AWKWARD, OPTION_LOOKING, LONG)
    if param.kind == "float":
        numbers = st.floats(allow_nan=True, allow_infinity=True).map(repr)
        return st.one_of(
            numbers,
            st.sampled_from(["5", "0.05", "0", "-1", "1e-300", "1e300", "inf", "-inf", "nan",
                             "0x10", "1_0", "soon", "½"]),
            common,
        )  # fmt: skip
    if param.kind == "int":
        return st.one_of(st.integers().map(str), st.sampled_from(["1", "0", "4097"]), common)
    if param.kind == "choice":
        return st.one_of(st.sampled_from(param.choices), st.sampled_from(["XML", ""]), common)
    name = param.name
    if name == "python":
        return st.one_of(st.sampled_from(places.all()), common)
    if name == "device":
        return st.one_of(device_strings(), common)
    if name == "require":
        return st.one_of(requirement_strings(), common)
    if name == "model":
        return st.one_of(
            st.sampled_from(["Qwen/Qwen3-0.6B", "a/b/c", "../x", "org/--bad", "x" * 200,
                             str(places.empty_dir), str(places.bare_venv), "/", "~",
                             "~no-such-user-hwdoctor/model", "x" * 300 + "/y"]),
            common,
        )  # fmt: skip
    return common


# --- argv ----------------------------------------------------------------------------------------


@dataclass
class Argv:
    args: list[str]
    wants_json: bool  # --json (or --format json) parsed as such: stdout must be one document


@st.composite
def argv_for(draw: st.DrawFn, command: str, places: Places) -> Argv:
    spec = SPECS[command]
    units: list[tuple[str, list[str]]] = []  # (what, tokens)
    for _ in range(draw(st.integers(0, 6))):
        param = draw(st.sampled_from(spec.options))
        opt = draw(st.sampled_from(param.opts))
        if param.kind == "flag":
            units.append((opt, [opt]))
        elif draw(st.integers(0, 19)) == 0:
            units.append(("dangling", [opt]))  # an option without its value
        elif opt.startswith("--") and draw(st.booleans()):
            units.append((opt, [f"{opt}={draw(values_for(param, places))}"]))
        else:
            units.append((opt, [opt, draw(values_for(param, places))]))
    units += [
        ("argument", [draw(values_for(argument, places))])
        for argument in spec.arguments
        if draw(st.booleans())
    ]
    if draw(st.integers(0, 4)) == 0:
        units.append(("noise", [draw(st.one_of(OPTION_LOOKING, AWKWARD, TEXT))]))
    order = draw(st.permutations(range(len(units)))) if units else []
    shuffled = [units[i] for i in order]
    args = [command]
    if command in PROBE_COMMANDS:
        args += ["--python", str(places.bare_python)]  # a fuzzed --python comes later: it wins
    for _, tokens in shuffled:
        args += tokens
    return Argv(args, _wants_json(shuffled))


def _wants_json(units: list[tuple[str, list[str]]]) -> bool:
    """Whether --json (or --format json) is surely parsed as itself: no unit could swallow
    it as a value, and nothing stops the command before it prints."""
    tokens = [token for _, tokens in units for token in tokens]
    if any(token in HELPISH or token == "--" for token in tokens):
        return False
    if any(what in ("dangling", "noise") for what, _ in units):
        return False
    flagged = any(what == "--json" for what, _ in units)
    formats = [tokens[-1] for what, tokens in units if what == "--format"]
    return flagged or (bool(formats) and formats[-1] in ("json", "--format=json"))  # last wins


# --- running and judging -------------------------------------------------------------------------


@dataclass(frozen=True)
class KnownBug:
    """A bug in a file this suite's authors may not change, reported to its owner.

    An example that hits it is counted, not failed, so the fuzz goes on looking for others;
    the strict-xfail regression test named here keeps it visible, and starts failing once the
    bug is fixed: then this entry goes.
    """

    name: str
    regression_test: str
    matches: Callable[[Any, str, str], bool]  # (exit code, stdout, stderr)


KNOWN_BUGS: tuple[KnownBug, ...] = ()


@dataclass
class Stats:
    examples: int = 0
    seconds: float = 0.0
    exit_codes: Counter[int] = field(default_factory=Counter)
    known: Counter[str] = field(default_factory=Counter)

    def observe(
        self, argv: Sequence[str], code: Any, stdout: str, stderr: str, wants_json: bool
    ) -> None:
        self.examples += 1
        self.exit_codes[code if isinstance(code, int) else -1] += 1
        bug = next((b for b in KNOWN_BUGS if b.matches(code, stdout, stderr)), None)
        if bug is not None:
            self.known[bug.name] += 1
            return
        judge(argv, code, stdout, stderr, wants_json)

    def record(self, tally: Tally, how: str, command: str) -> None:
        tally.record(
            "fuzz",
            how=how,
            command=command,
            examples=self.examples,
            seconds=round(self.seconds, 2),
            exit_codes={str(code): count for code, count in self.exit_codes.items()},
            known_bugs=dict(self.known),
        )


def judge(argv: Sequence[str], code: Any, stdout: str, stderr: str, wants_json: bool) -> None:
    shown = f"argv={list(argv)!r}\n--- stdout\n{stdout[:3000]}\n--- stderr\n{stderr[:3000]}"
    assert isinstance(code, int), f"exit code {code!r}; {shown}"
    assert code in ALLOWED, f"exit code {code} (3 is an internal error: a bug); {shown}"
    assert TRACEBACK not in stderr, shown
    # stdout may show a traceback of the target as evidence, never one of hwdoctor's own code
    assert OWN_SOURCES not in stdout, shown
    if wants_json:
        document = json.loads(stdout)  # exactly one document: trailing data would raise
        assert document["exit_code"] == code, shown
        assert stdout.lstrip().startswith("{"), shown


@pytest.fixture
def fuzz_env(places: Places, monkeypatch: pytest.MonkeyPatch) -> Places:
    """This process as the fuzzed CLI sees it: no programs on PATH, an empty host root."""
    for name in ("HWDOCTOR_DEBUG", "FORCE_COLOR", "HWDOCTOR_PROGRESS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PATH", str(places.empty_path))
    monkeypatch.setenv("HWDOCTOR_HOST_ROOT", str(places.host_root))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.chdir(places.workdir)  # --save-evidence with a relative name writes here
    return places


def run_in_process(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[Any, str, str]:
    capsys.readouterr()
    try:
        cli.main(list(argv))
    except SystemExit as exc:
        code: Any = exc.code
    else:
        code = "returned without sys.exit"
    captured = capsys.readouterr()
    return code, captured.out, captured.err


IN_PROCESS_EXAMPLES = {"list": 100, "detect": 300, "explain": 300, "load": 300}


def fuzz_settings(max_examples: int) -> settings:
    """Reproducible in CI: the same examples every run, nothing remembered between runs."""
    return settings(
        deadline=None,
        derandomize=True,
        max_examples=max_examples,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.mark.parametrize("command", list(IN_PROCESS_EXAMPLES))
def test_fuzz_in_process(
    command: str, fuzz_env: Places, capsys: pytest.CaptureFixture[str], tally: Tally
) -> None:
    stats = Stats()

    @fuzz_settings(IN_PROCESS_EXAMPLES[command])
    @given(argv=argv_for(command, fuzz_env))
    def fuzz(argv: Argv) -> None:
        started = time.monotonic()
        code, stdout, stderr = run_in_process(argv.args, capsys)
        stats.seconds += time.monotonic() - started
        stats.observe(argv.args, code, stdout, stderr, argv.wants_json)

    try:
        fuzz()
    finally:
        stats.record(tally, "in process", command)
    assert stats.examples >= IN_PROCESS_EXAMPLES[command]


@st.composite
def root_argv(draw: st.DrawFn) -> list[str]:
    """No command, a global option, an unknown or misspelt command, or help somewhere."""
    head = draw(
        st.lists(st.one_of(st.sampled_from([*root_options(), "-h"]), OPTION_LOOKING), max_size=2)
    )
    command = draw(
        st.one_of(st.sampled_from([*SPECS, "lsit", "detetc", "", "LIST"]), TEXT, AWKWARD)
    )
    tail = draw(st.lists(st.one_of(st.sampled_from(["--help", "-h"]), OPTION_LOOKING), max_size=2))
    return [*head, command, *tail]


def test_fuzz_root(fuzz_env: Places, capsys: pytest.CaptureFixture[str], tally: Tally) -> None:
    stats = Stats()

    @fuzz_settings(100)
    @given(argv=root_argv())
    def fuzz(argv: list[str]) -> None:
        if any(token in PROBE_COMMANDS for token in argv):  # keep probes off the real python
            argv = [*argv, "--python", str(fuzz_env.bare_python)]
        started = time.monotonic()
        code, stdout, stderr = run_in_process(argv, capsys)
        stats.seconds += time.monotonic() - started
        stats.observe(argv, code, stdout, stderr, wants_json=False)

    try:
        fuzz()
    finally:
        stats.record(tally, "in process", "(root)")


SUBPROCESS_EXAMPLES = 12  # per command: each one is a real `python -m hwdoctor`


@pytest.mark.parametrize("command", list(IN_PROCESS_EXAMPLES))
def test_fuzz_subprocess(command: str, places: Places, tally: Tally) -> None:
    """The same argv through the real entry point: exit status, stdout and stderr as bytes
    (both must be UTF-8), in a process of its own."""
    stats = Stats()
    env = base_env()
    env.update(PATH=str(places.empty_path), HWDOCTOR_HOST_ROOT=str(places.host_root),
               HF_HUB_OFFLINE="1")  # fmt: skip

    @fuzz_settings(SUBPROCESS_EXAMPLES)
    @given(argv=argv_for(command, places))
    def fuzz(argv: Argv) -> None:
        started = time.monotonic()
        completed = subprocess.run(
            [sys.executable, "-m", "hwdoctor", *argv.args],
            capture_output=True,
            env=env,
            cwd=places.workdir,
            timeout=300,
            check=False,
        )
        stats.seconds += time.monotonic() - started
        stats.observe(
            argv.args,
            completed.returncode,
            completed.stdout.decode("utf-8"),
            completed.stderr.decode("utf-8"),
            argv.wants_json,
        )

    try:
        fuzz()
    finally:
        stats.record(tally, "as subprocesses", command)


# --- bugs the fuzz found in files outside this suite's reach (see KNOWN_BUGS) -------------------


def test_python_path_too_long_is_a_usage_error(
    fuzz_env: Places, capsys: pytest.CaptureFixture[str]
) -> None:
    code, stdout, stderr = run_in_process(["detect", "--python", "x" * 1000, "--json"], capsys)
    assert code == 2, stderr
    assert json.loads(stdout)["errors"][0]["code"] == "usage"


def test_python_under_an_unknown_home_is_a_usage_error(
    fuzz_env: Places, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["detect", "--python", "~no-such-user-hwdoctor/bin/python", "--json"]
    code, stdout, stderr = run_in_process(argv, capsys)
    assert code == 2, stderr
    assert json.loads(stdout)["errors"][0]["code"] == "usage"


@pytest.mark.parametrize("model", ["~no-such-user-hwdoctor/model", "x" * 1000, "a\x00b"])
def test_unusable_model_path_is_a_usage_error(
    model: str, fuzz_env: Places, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fixed in the model argument's reader (hwdoctor/model_ref.py): expanduser() of
    ~unknown-user raised."""
    argv = ["load", model, "--python", str(fuzz_env.bare_python), "--json"]
    code, stdout, stderr = run_in_process(argv, capsys)
    assert code == 2, stderr
    assert json.loads(stdout)["errors"][0]["code"] == "usage"


@pytest.mark.parametrize("encoding", ["", "utf-8:strict"])
def test_non_utf8_argv_is_a_clean_usage_error(encoding: str, places: Places) -> None:
    env = base_env()
    env.pop("PYTHONIOENCODING", None)
    if encoding:
        env["PYTHONIOENCODING"] = encoding
    completed = subprocess.run(
        [sys.executable.encode(), b"-m", b"hwdoctor", b"detect", b"--json", b"--python",
         str(places.empty_dir).encode() + b"/\xff\xfe-python"],
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )  # fmt: skip
    assert TRACEBACK.encode() not in completed.stderr, completed.stderr.decode(errors="replace")
    assert completed.returncode == 2
    document = json.loads(completed.stdout.decode("utf-8"))  # valid UTF-8, one document
    assert document["errors"][0]["code"] == "usage"
