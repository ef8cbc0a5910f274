"""Command line: argv → doctor → render, and exit codes. No probing here, no Rich import.

Everything heavy is imported inside the command that needs it, so `--help`, `list` and
shell completion cost no more than Typer itself.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import sys
from collections.abc import Iterator, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from hwdoctor import __version__
from hwdoctor.errors import ExitCode, HwdoctorError, UsageError

if TYPE_CHECKING:
    from hwdoctor.probe.runner import Started

DEBUG_ENV = "HWDOCTOR_DEBUG"
ISSUES_URL = "https://github.com/hwdoctor/hwdoctor/issues"

app = typer.Typer(
    name="hwdoctor",
    help="A hardware doctor for PyTorch and Hugging Face Transformers.\n\n"
    "Which backends exist, what works on this machine, which device your code will use, "
    "and proof that it runs.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class OutputFormat(str, Enum):
    HUMAN = "human"
    JSON = "json"


JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the result as one JSON document (schema v1).")
]
FormatOpt = Annotated[
    OutputFormat | None,
    typer.Option("--format", help="Output format (--json is short for --format json)."),
]
PythonOpt = Annotated[
    str | None,
    typer.Option(
        "--python",
        metavar="PATH",
        help="Diagnose this interpreter (a python executable or a venv directory) "
        "instead of the one hwdoctor runs in.",
    ),
]


def _positive_seconds(value: float) -> float:
    if not value > 0 or value != value or value == float("inf"):
        raise typer.BadParameter("must be a positive number of seconds")
    return value


TimeoutOpt = Annotated[
    float,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        callback=_positive_seconds,
        help="How long one probe step (import torch, an extension import, a device "
        "query) may go without progress before it is reported as hung.",
    ),
]


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"hwdoctor {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """A hardware doctor for PyTorch and Hugging Face Transformers."""


def _format(json_flag: bool, fmt: OutputFormat | None) -> OutputFormat:
    if json_flag and fmt not in (None, OutputFormat.JSON):
        raise UsageError("--json and --format are mutually exclusive")
    return OutputFormat.JSON if json_flag else (fmt or OutputFormat.HUMAN)


@app.command("list")
def list_command(json_flag: JsonOpt = False, fmt: FormatOpt = None) -> int:
    """Every backend hwdoctor knows: hardware, device string, package, and whether
    training and device_map="auto" pick it without being told. Probes nothing."""
    from hwdoctor import registry

    output = _format(json_flag, fmt)
    if output is OutputFormat.JSON:
        from hwdoctor.render import envelope

        data = {"backends": [backend.to_json() for backend in registry.BACKENDS]}
        _write(envelope.dumps(envelope.envelope("list", ExitCode.OK, data)))
        return ExitCode.OK
    from hwdoctor.render import human

    human.print_renderables(sys.stdout, [human.list_table(registry.BACKENDS)])
    return ExitCode.OK


@app.command("detect")
def detect_command(
    python: PythonOpt = None,
    timeout: TimeoutOpt = 60.0,
    json_flag: JsonOpt = False,
    fmt: FormatOpt = None,
) -> int:
    """What hardware is here, which packages are installed and import, which devices
    are usable, and what to do about every gap."""
    output = _format(json_flag, fmt)
    target = resolve_python(python)
    with _probe_started(target) as started:
        from hwdoctor import doctor

        report = doctor.detect(target, timeout_s=timeout, started=started)
    exit_code = ExitCode(report.exit_code)
    if output is OutputFormat.JSON:
        from hwdoctor.render import envelope

        _write(envelope.dumps(envelope.envelope("detect", exit_code, report.to_json())))
    else:
        from hwdoctor.render import human

        human.print_renderables(sys.stdout, human.detect_renderables(report))
    return exit_code


@app.command("explain")
def explain_command(
    device: Annotated[
        str | None,
        typer.Argument(
            metavar="[DEVICE]",
            help="A device string (neuron, npu:1, cuda, ...): what it takes to use it here.",
            show_default=False,
        ),
    ] = None,
    python: PythonOpt = None,
    timeout: TimeoutOpt = 60.0,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Also run the real TrainingArguments, PartialState, get_max_memory and "
            "pipeline in the target interpreter and compare their answers.",
        ),
    ] = False,
    use_cpu: Annotated[
        bool,
        typer.Option("--use-cpu", help="Explain TrainingArguments(use_cpu=True)."),
    ] = False,
    json_flag: JsonOpt = False,
    fmt: FormatOpt = None,
) -> int:
    """Which device training and inference will pick here, and why, as the chain of checks
    each library evaluates; with DEVICE, what it takes to use that device string."""
    output = _format(json_flag, fmt)
    request = None
    if device is not None:
        from hwdoctor import devices

        request = devices.parse(device)
        if verify or use_cpu:
            raise UsageError("--verify and --use-cpu apply to `hwdoctor explain` without DEVICE")
    target = resolve_python(python)
    report: Any
    with _probe_started(target) as started:
        from hwdoctor import doctor

        if request is not None:
            report = doctor.explain_device(request, target, timeout_s=timeout, started=started)
        else:
            report = doctor.explain(
                target, timeout_s=timeout, use_cpu=use_cpu, verify=verify, started=started
            )
    exit_code = ExitCode(report.exit_code)
    if output is OutputFormat.JSON:
        from hwdoctor.render import envelope

        _write(envelope.dumps(envelope.envelope("explain", exit_code, report.to_json())))
    else:
        from hwdoctor.render import human

        renderables = (
            human.device_renderables(report)
            if request is not None
            else human.explain_renderables(report)
        )
        human.print_renderables(sys.stdout, renderables)
    return exit_code


class Dtype(str, Enum):
    AUTO = "auto"
    FLOAT32 = "float32"
    BFLOAT16 = "bfloat16"
    FLOAT16 = "float16"


PROGRESS_ENV = "HWDOCTOR_PROGRESS"


@app.command("load")
def load_command(
    model: Annotated[
        str | None,
        typer.Argument(
            metavar="[MODEL]",
            help="A Hub model id or a local directory. Default: a tiny Qwen3 built from a "
            "config (random weights, no download, no tokenizer).",
            show_default=False,
        ),
    ] = None,
    device: Annotated[
        str | None,
        typer.Option(
            "--device",
            "-d",
            metavar="DEV",
            help="A device string (cpu, cuda, cuda:1, neuron, npu:0, mps, ...) or a "
            "device_map strategy (auto, balanced, balanced_low_0, sequential). Default: the "
            "device TrainingArguments would pick here.",
            show_default=False,
        ),
    ] = None,
    plan: Annotated[
        bool,
        typer.Option(
            "--plan",
            help="Do not load weights: read the config, build the model on the meta device, "
            'report its size per dtype, whether it fits, and the device_map="auto" placement.',
        ),
    ] = False,
    dtype: Annotated[Dtype, typer.Option("--dtype", help="Weights dtype.")] = Dtype.AUTO,
    revision: Annotated[
        str | None, typer.Option("--revision", metavar="REV", help="A Hub branch, tag or commit.")
    ] = None,
    trust_remote_code: Annotated[
        bool,
        typer.Option(
            "--trust-remote-code",
            help="Allow the model's own Python code from the Hub to run (off by default).",
        ),
    ] = False,
    offline: Annotated[
        bool,
        typer.Option(
            "--offline",
            help="Never touch the network (like HF_HUB_OFFLINE=1): use the local cache only.",
        ),
    ] = False,
    max_new_tokens: Annotated[
        int,
        typer.Option("--max-new-tokens", min=1, max=4096, help="Tokens to generate greedily."),
    ] = 8,
    python: PythonOpt = None,
    timeout: TimeoutOpt = 60.0,
    json_flag: JsonOpt = False,
    fmt: FormatOpt = None,
) -> int:
    """Load a model on a device in the target interpreter and show where it landed and
    that it runs: placement per device, dtype, load time, peak memory, a forward pass and
    a short greedy generation."""
    output = _format(json_flag, fmt)
    from hwdoctor import devices, loading

    request = loading.LoadRequest(
        model=loading.check_model(model),
        device=devices.parse(device, strategies=True) if device is not None else None,
        plan=plan,
        trust_remote_code=trust_remote_code,
        offline=offline,
        revision=revision,
        dtype=dtype.value,
        max_new_tokens=max_new_tokens,
    )
    target = resolve_python(python)
    progress = sys.stderr.buffer if sys.stderr.isatty() or os.environ.get(PROGRESS_ENV) else None
    with _probe_started(target) as started:
        report = loading.load(request, target, timeout, started=started, progress=progress)
    exit_code = ExitCode(report.exit_code)
    if output is OutputFormat.JSON:
        from hwdoctor.render import envelope

        _write(envelope.dumps(envelope.envelope("load", exit_code, report.to_json())))
    else:
        from hwdoctor.render import human

        human.print_renderables(sys.stdout, human.load_renderables(report))
    return exit_code


@contextlib.contextmanager
def _probe_started(target: str) -> Iterator[Started]:
    """Start the probe before importing the rest of hwdoctor (doctor, model, Rich), so the
    target's `import torch` overlaps with them; if anything fails first, kill it."""
    from hwdoctor import probe

    started = probe.start(target)
    try:
        yield started
    except BaseException:
        started.abandon()
        raise


def resolve_python(value: str | None) -> str:
    """The interpreter to probe: a path, a venv directory, or a command on PATH."""
    if value is None:
        return sys.executable
    if not value.strip():
        raise UsageError("--python is empty", hint="pass the path of a Python interpreter")
    candidate = Path(value).expanduser()
    if candidate.is_dir():
        for relative in ("bin/python", "Scripts/python.exe", "bin/python3"):
            if (candidate / relative).is_file():
                return str(candidate / relative)
        raise UsageError(
            f"--python {value}: a directory without bin/python",
            hint="pass a venv or conda environment directory, or a python executable",
        )
    if candidate.is_file():
        if not os.access(candidate, os.X_OK):
            raise UsageError(f"--python {value}: not executable")
        return str(candidate)
    if os.sep not in value and (found := shutil.which(value)):
        return found
    raise UsageError(
        f"--python {value}: no such file",
        hint="pass the path of a Python interpreter or of a venv directory",
    )


def _write(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


# --- entry point ---------------------------------------------------------------------------

_COMMANDS = ("list", "detect", "explain", "load")


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run hwdoctor and exit with a documented code; never show a traceback unless asked."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    code: int
    try:
        result: Any = app(args=args, prog_name="hwdoctor", standalone_mode=False)
        code = int(result) if isinstance(result, int) else ExitCode.OK
    except HwdoctorError as exc:
        code = _report_error(args, exc.exit_code, exc.message, exc.hint)
    except typer.TyperException as exc:
        # Typer's own usage errors: unknown option, bad value, missing argument.
        usage_code = int(getattr(exc, "exit_code", ExitCode.USAGE))
        code = _report_error(args, usage_code, exc.format_message(), _help_hint(args))
    except typer.Abort:
        code = _report_error(args, ExitCode.INTERRUPTED, "aborted", None)
    except KeyboardInterrupt:
        code = _report_error(args, ExitCode.INTERRUPTED, "interrupted", None)
    except BrokenPipeError:
        # The reader went away (`hwdoctor list | head`): not an error worth a message.
        _silence_stdout()
        code = ExitCode.OK
    except Exception as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        code = _report_error(
            args,
            ExitCode.INTERNAL,
            f"internal error: {type(exc).__name__}: {exc}",
            f"this is a bug in hwdoctor; rerun with {DEBUG_ENV}=1 for the traceback and "
            f"report it at {ISSUES_URL}",
        )
    sys.exit(code)


def _report_error(args: Sequence[str], code: int, message: str, hint: str | None) -> int:
    first_line = " ".join(message.strip().splitlines()[:1]) or "error"
    if _wants_json(args):
        from hwdoctor.render import envelope

        error = {"code": ExitCode(code).name.lower(), "message": first_line, "hint": hint}
        _write(envelope.dumps(envelope.envelope(_command_of(args), code, None, [error])))
    line = f"hwdoctor: error: {first_line}"
    if hint:
        line += f" ({hint})"
    sys.stderr.write(line + "\n")
    return code


def _help_hint(args: Sequence[str]) -> str:
    command = _command_of(args)
    return f"see 'hwdoctor {command} --help'" if command else "see 'hwdoctor --help'"


def _command_of(args: Sequence[str]) -> str | None:
    return next((arg for arg in args if arg in _COMMANDS), None)


def _wants_json(args: Sequence[str]) -> bool:
    return (
        "--json" in args
        or "--format=json" in args
        or any(a == "--format" and b == "json" for a, b in itertools.pairwise(args))
    )


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
