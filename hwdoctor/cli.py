"""Command line: argv → doctor → render, and exit codes. No probing here, no Rich import.

Everything heavy is imported inside the command that needs it, so `--help`, `list` and
shell completion cost no more than Typer itself.

No `from __future__ import annotations` here: Typer reads the commands' annotations, and
as strings it would evaluate every one of them at each start (2.5 ms, a tenth of `list`).
"""

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Annotated, Any, NoReturn, TextIO, cast

import typer

from hwdoctor import interrupts
from hwdoctor.errors import ExitCode, HwdoctorError, OutputError, UsageError
from hwdoctor.gather.reports.readers import registry as paste_formats
from hwdoctor.model import Dtype
from hwdoctor.project import __version__
from hwdoctor.render import OutputFormat, PlainFormat, View, emit, prepare

if TYPE_CHECKING:
    from hwdoctor.devices import DeviceRequest
    from hwdoctor.gather.evidence import NotSaved, Saved
    from hwdoctor.gather.probe.runner import Started
    from hwdoctor.launch import Launch
    from hwdoctor.model.reports import Chosen, Requirement

DEBUG_ENV = "HWDOCTOR_DEBUG"
# What to attach to a bug report: everything hwdoctor saw, secrets masked.
REPORT_HINT = "hwdoctor detect --save-evidence hwdoctor-evidence.json"

app = typer.Typer(
    name="hwdoctor",
    help="A hardware doctor for PyTorch and Hugging Face Transformers.\n\n"
    "Which backends exist, what works on this machine, which device your code will use, "
    "and proof that it runs.",
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the result as one JSON document (schema 1.x).")
]
FormatOpt = Annotated[
    OutputFormat | None,
    typer.Option(
        "--format",
        help="Output format (--json is short for --format json; markdown: a report to "
        "paste into an issue; prometheus, detect only: metrics for node_exporter's textfile "
        "collector).",
    ),
]
PlainFormatOpt = Annotated[
    PlainFormat | None,
    typer.Option("--format", help="Output format (--json is short for --format json)."),
]
NoRedactOpt = Annotated[
    bool,
    typer.Option(
        "--no-redact",
        help="Keep GPU UUIDs and the hostname in a markdown report (secrets stay hidden).",
    ),
]


# The KV cache's size: load --plan and explain --model, each help naming its own option.
def _context_option(applies: str) -> Any:
    return typer.Option(
        "--context",
        metavar="TOKENS",
        min=1,
        max=10_000_000,
        help=f"With {applies}: the tokens of prompt and output to size the KV cache for. "
        "Default: 4096, or the model's limit if lower.",
        show_default=False,
    )


def _batch_option(applies: str) -> Any:
    return typer.Option(
        "--batch",
        metavar="N",
        min=1,
        max=100_000,
        help=f"With {applies}: sequences at once, for the KV cache.  [default: 1]",
        show_default=False,
    )


ContextOpt = Annotated[int | None, _context_option("--plan")]
BatchOpt = Annotated[int | None, _batch_option("--plan")]
ExplainContextOpt = Annotated[int | None, _context_option("--model")]
ExplainBatchOpt = Annotated[int | None, _batch_option("--model")]


PythonOpt = Annotated[
    str | None,
    typer.Option(
        "--python",
        metavar="PATH",
        help="Diagnose this interpreter (a python executable or a venv directory) "
        "instead of the one hwdoctor runs in.",
    ),
]


ExplainFromOpt = Annotated[
    str | None,
    typer.Option(
        "--from",
        metavar="FILE",
        help="Explain another machine instead of probing this one: an evidence file written "
        f"by --save-evidence, or a pasted report ({paste_formats.named()}, or an issue body "
        "holding one), which gives each decision there or 'unknown' naming what the paste "
        "does not show; - reads standard input. With DEVICE, an evidence file only.",
        show_default=False,
    ),
]
DetectFromOpt = Annotated[
    str | None,
    typer.Option(
        "--from",
        metavar="FILE|DIR",
        help="Diagnose another machine instead of probing this one: an evidence file written "
        f"by --save-evidence, or a pasted report ({paste_formats.named()}, or a whole issue "
        "body); - reads standard input. A directory of evidence files (one per node of a cluster) "
        "gives a fleet report: the nodes grouped by configuration, the odd ones named first, "
        "--require judged on each node.",
        show_default=False,
    ),
]
PasteOpt = Annotated[
    str | None,
    typer.Option(
        "--paste",
        metavar="FILE",
        help=f"Diagnose a pasted report ({paste_formats.named()}, a whole issue body) and "
        "nothing else: unlike --from, FILE is never read as an evidence file, whatever it "
        "holds (for a bot that answers issues); - reads standard input.",
        show_default=False,
    ),
]
RepoOpt = Annotated[
    str | None,
    typer.Option(
        "--repo",
        "-R",
        metavar="OWNER/NAME",
        help="With --paste (or --from a paste): the GitHub repository the report was filed "
        "in: OWNER/NAME, github.com/OWNER/NAME, its address "
        "(https://github.com/OWNER/NAME, a trailing / or .git allowed) or an issue's "
        "(https://github.com/OWNER/NAME/issues/N); on github.com only (gh's HOST/OWNER/NAME "
        "with another host is refused). Where the library support table says the repository "
        'is one library\'s, a report that names no library ("does it work on Windows?") is '
        "about that library.",
        show_default=False,
    ),
]
SaveEvidenceOpt = Annotated[
    str | None,
    typer.Option(
        "--save-evidence",
        metavar="FILE",
        help="Also write the evidence (what was observed, secrets masked) to FILE, to attach "
        "to an issue or replay with --from. {host} and {rank} in FILE become this machine's "
        "name and the process's rank, so each node of a cluster writes its own file.",
        show_default=False,
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


def _complete_device(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion: the registry's device strings, with the hardware behind them."""
    from hwdoctor import registry

    hardware: dict[str, list[str]] = {}
    for backend in registry.BACKENDS:
        hardware.setdefault(backend.device, []).append(backend.hardware)
    # The words for the hardware too ("gaudi" → hpu), each with what it stands for.
    for alias in registry.ALIASES:
        rows = registry.for_alias(alias)
        means = dict.fromkeys(row.device for row in rows)
        hardware.setdefault(alias, []).append(
            f"→ {', '.join(means)} ({', '.join(dict.fromkeys(r.hardware for r in rows))})"
        )
    return [
        (device, ", ".join(names))
        for device, names in hardware.items()
        if device.startswith(incomplete)
    ]


def _complete_device_or_strategy(incomplete: str) -> list[tuple[str, str]]:
    from hwdoctor.devices import STRATEGIES

    strategies = [(name, "device_map strategy") for name in STRATEGIES]
    return _complete_device(incomplete) + [s for s in strategies if s[0].startswith(incomplete)]


def _complete_requirement(incomplete: str) -> list[tuple[str, str]]:
    examples = [
        ("memory>=", "free memory per device, e.g. memory>=40GiB"),
        ("training=", "the device TrainingArguments picks, e.g. training=cuda"),
        ("torch>=", "a package version"),
        ("transformers>=", "a package version"),
    ]
    return _complete_device(incomplete) + [e for e in examples if e[0].startswith(incomplete)]


def _nproc_option(help_text: str) -> Any:
    return typer.Option("--nproc", metavar="N", min=1, max=1024, help=help_text, show_default=False)


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


def _format(
    json_flag: bool,
    fmt: OutputFormat | PlainFormat | None,
    *,
    markdown: bool = False,
    prometheus: bool = False,
) -> OutputFormat:
    chosen = OutputFormat(fmt.value) if fmt is not None else None
    if json_flag and chosen not in (None, OutputFormat.JSON):
        raise UsageError("--json and --format are mutually exclusive")
    output = OutputFormat.JSON if json_flag else (chosen or OutputFormat.HUMAN)
    if output is OutputFormat.MARKDOWN and not markdown:
        raise UsageError("--format markdown is for `detect` and `explain`")
    if output is OutputFormat.PROMETHEUS and not prometheus:
        raise UsageError("--format prometheus is for `detect`")
    return output


@app.command("list", short_help="Every backend, its device string and package.")
def list_command(json_flag: JsonOpt = False, fmt: PlainFormatOpt = None) -> int:
    """Every backend hwdoctor knows: hardware, device string, package, and whether
    training and device_map="auto" pick it without being told. Probes nothing."""
    from hwdoctor import registry
    from hwdoctor.render import ansi

    def rows() -> dict[str, Any]:
        from hwdoctor.diagnosis import remedies  # the install chooser writes each line

        return {"backends": [b.to_json(remedies.listed_install(b)) for b in registry.BACKENDS]}

    emit(
        "list",
        _format(json_flag, fmt),
        ExitCode.OK,
        data=rows,
        text=lambda stream: ansi.backends_table(registry.BACKENDS, stream),
    )
    return ExitCode.OK


@app.command("detect", short_help="What is here, what works, and what to fix.")
def detect_command(
    require: Annotated[
        list[str] | None,
        typer.Option(
            "--require",
            metavar="REQ",
            help="Fail (exit 1) unless the machine meets it; repeatable. A backend (cuda), "
            "a device count (cuda>=8), free memory per device (memory>=40GiB), the training "
            "device (training=npu), a package version (torch>=2.6).",
            show_default=False,
            autocompletion=_complete_requirement,
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings fail too (exit 1).")] = False,
    nproc: Annotated[
        int | None,
        _nproc_option(
            "Check N processes on this node: start torchrun (from the target interpreter) "
            "with N ranks of hwdoctor and report every rank's device and an all_reduce."
        ),
    ] = None,
    bandwidth: Annotated[
        bool,
        typer.Option(
            "--bandwidth",
            help="With --nproc or under a launcher: also time all_reduce and all_gather at "
            "1, 8 and 64 MiB and every pair of ranks, and report algorithm and bus bandwidth "
            "(nccl-tests' formulas), compared with what each GPU pair's link should carry.",
        ),
    ] = False,
    python: PythonOpt = None,
    timeout: TimeoutOpt = 60.0,
    from_file: DetectFromOpt = None,
    expect: Annotated[
        str | None,
        typer.Option(
            "--expect",
            metavar="HOSTLIST",
            help="With --from DIR: the nodes that should have written a file, in Slurm's "
            "host-list syntax (gpu[01-16,20],login1; at most 100,000 names); those that "
            "wrote nothing are named (exit 1).",
            show_default=False,
        ),
    ] = None,
    paste: PasteOpt = None,
    repo: RepoOpt = None,
    save_evidence: SaveEvidenceOpt = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Show every backend, also those not present.")
    ] = False,
    json_flag: JsonOpt = False,
    fmt: FormatOpt = None,
    no_redact: NoRedactOpt = False,
) -> int:
    """What hardware is here, which packages are installed and import, which devices
    are usable, and what to do about every gap. Under torchrun, accelerate launch, srun or
    mpirun, rank 0 reports every rank."""
    output = _format(json_flag, fmt, markdown=True, prometheus=True)
    if output is OutputFormat.PROMETHEUS and paste is not None:
        raise UsageError("--format prometheus describes a machine, not a pasted report",
                         hint="drop --paste, or pick --format json")  # fmt: skip
    from hwdoctor import launch as launcher

    wanted = _requirements(require)
    _check_save_template(save_evidence)
    if from_file is not None and paste is not None:
        raise UsageError("--from and --paste are mutually exclusive",
                         hint="--paste for a pasted report only, --from for either")  # fmt: skip
    expected = _expected(expect, from_file)
    tracker = _tracker(repo, from_file, paste)
    if from_file is not None or paste is not None:
        _refuse_with_from(python=python, nproc=nproc, save_evidence=save_evidence,
                          bandwidth=bandwidth)  # fmt: skip
        from hwdoctor.doctor import detect as doctor

        source = from_file if from_file is not None else str(paste)
        report = doctor.detect_from(
            source,
            require=wanted,
            strict=strict,
            pasted_only=paste is not None,
            expected=expected,
            tracker=tracker,
        )
        return _emit_report("detect", output, report, no_redact=no_redact, view=View(show_all))
    chosen = choose_python(python)
    target = chosen.executable
    if nproc is not None:
        args = [
            "detect", "--timeout", str(timeout), "--format", output.value,
            *(arg for text in require or () for arg in ("--require", text)),
            *(["--strict"] if strict else []), *(["--no-redact"] if no_redact else []),
            *(["--all"] if show_all else []), *(["--bandwidth"] if bandwidth else []),
            *(["--save-evidence", save_evidence] if save_evidence is not None else []),
        ]  # fmt: skip
        from hwdoctor.doctor import job

        with _progress(output, "torchrun"):
            ran = job.run_locally(nproc, args, target, timeout)
        from hwdoctor.render import torchrun

        torchrun.relay(ran, sys.stdout, sys.stderr)
        return job.outcome(ran)
    launch = launcher.launch_of()
    if launch is not None:
        return _detect_rank(launch, target, timeout, wanted, strict, output, no_redact, show_all,
                            save_evidence, bandwidth)  # fmt: skip
    if bandwidth:
        raise UsageError("--bandwidth measures between ranks: add --nproc N, or run "
                         "hwdoctor under torchrun, srun or mpirun")  # fmt: skip
    written: list[Saved] = []
    unsaved: list[NotSaved] = []
    with _probe_started(target, _dists(wanted)) as started, _progress(output):
        from hwdoctor.doctor import detect as doctor

        prepare(output)  # the report's writer, imported while the probe imports torch
        report = doctor.detect(
            target, timeout_s=timeout, require=wanted, strict=strict, started=started,
            save_to=save_evidence, saved=written.append, unsaved=unsaved.append,
            chosen=chosen,
        )  # fmt: skip
    _said_saved(written, unsaved)
    return _emit_report("detect", output, report, no_redact=no_redact, view=View(show_all))


def _requirements(texts: Sequence[str] | None) -> "tuple[Requirement, ...]":
    """--require's expressions, parsed before anything is probed (a malformed one is a usage
    error). The diagnosis package that parses them is imported only when there are some:
    without them its import would only delay the start of the probe's `import torch`."""
    if not texts:
        return ()
    from hwdoctor.diagnosis import requirements

    return tuple(requirements.parse(text) for text in texts)


def _dists(wanted: "Sequence[Requirement]") -> tuple[str, ...]:
    """The distributions the probe reads for `wanted`, besides its own list."""
    if not wanted:
        return ()
    from hwdoctor.diagnosis import requirements

    return requirements.dists(wanted)


def _expected(expect: str | None, from_file: str | None) -> tuple[str, ...] | None:
    """--expect's host names, expanded; only a fleet report (--from DIR) has nodes to
    expect, and an expression Slurm would refuse is a usage error."""
    if expect is None:
        return None
    from hwdoctor import hosts
    from hwdoctor.text import quoted

    if from_file is None or from_file == "-" or not os.path.isdir(from_file):
        raise UsageError(
            "--expect names the nodes of a fleet: it goes with --from DIR",
            hint="pass the directory the nodes wrote their evidence to",
        )
    try:
        return hosts.expand(expect)
    except hosts.HostListError as exc:
        raise UsageError(
            f"--expect {quoted(expect)}: {exc}",
            hint="Slurm's host-list syntax: names separated by commas, numbers and ranges in "
            "brackets, e.g. gpu[01-16,20],login1",
        ) from None


def _tracker(repo: str | None, from_file: str | None, paste: str | None) -> str | None:
    """--repo's repository as OWNER/NAME (issue 38, s17-tracker): it names where a pasted
    report was filed, so it goes with --paste or --from; a value that is no GitHub repository
    is a usage error before anything is read."""
    if repo is None:
        return None
    if from_file is None and paste is None:
        raise UsageError(
            "--repo names the repository a pasted report was filed in: it goes with --paste",
            hint="hwdoctor detect --paste issue.md --repo OWNER/NAME",
        )
    from hwdoctor.gather.reports import tracker

    return tracker.parse(repo)


def _check_save_template(save_evidence: str | None) -> None:
    """--save-evidence's placeholders ({host}, {rank}) are checked before anything runs."""
    if save_evidence is not None:
        from hwdoctor.files import check_template

        check_template(save_evidence)


def _said_saved(saved: "Sequence[Saved]", unsaved: "Sequence[NotSaved]" = ()) -> None:
    """A file written is said on stderr, where hints go: stdout carries the result only. A
    file that could not be written, or proves less than it should, is a warning there, one
    line (what, why, what to do): the report and its exit code stand without it."""
    from hwdoctor.text import one_line

    with contextlib.suppress(AttributeError, OSError, ValueError):
        for written in saved:
            path = one_line(written.path)
            sys.stderr.write(f"hwdoctor: evidence written to {path} (secrets masked)\n")
            if written.caveat:
                sys.stderr.write(
                    f"hwdoctor: warning: {path}: {one_line(written.caveat)}; "
                    f"{one_line(written.hint or '')}\n"
                )
        for failed in unsaved:
            sys.stderr.write(
                f"hwdoctor: warning: evidence not saved to {one_line(failed.path)}: "
                f"{one_line(failed.why)}; {one_line(failed.hint or '')}\n"
            )
        sys.stderr.flush()


def _refuse_with_from(**given: object) -> None:
    """Options that only make sense on a live machine cannot go with --from."""
    used = [f"--{name.replace('_', '-')}" for name, value in given.items() if value]
    if used:
        raise UsageError(
            f"{', '.join(used)} cannot be combined with --from: the evidence is already gathered",
            hint="drop it, or run without --from on the machine itself",
        )


def _detect_rank(
    launch: "Launch",
    target: str,
    timeout: float,
    wanted: "Sequence[Requirement]",
    strict: bool,
    output: OutputFormat,
    no_redact: bool,
    show_all: bool = False,
    save_evidence: str | None = None,
    bandwidth: bool = False,
) -> int:
    """One rank of a distributed detect: rank 0 prints the job's report, the others nothing;
    with --save-evidence, each rank writes its own evidence file first."""
    from hwdoctor.diagnosis import requirements
    from hwdoctor.doctor import job

    with _probe_started(target, requirements.dists(wanted)) as started, _progress(output):
        report = job.detect(launch, target, timeout, require=wanted, strict=strict,
                            started=started, save_to=save_evidence,
                            bandwidth=bandwidth)  # fmt: skip
    if report is None:
        return ExitCode.OK
    return _emit_report("detect", output, report, no_redact=no_redact, view=View(show_all))


def _emit_report(
    command: str,
    output: OutputFormat,
    report: Any,
    *,
    no_redact: bool = False,
    view: View | None = None,
) -> int:
    """Write the report; in CI also annotate unmet requirements and fill the job summary."""
    from hwdoctor import render

    return render.report(command, output, report, no_redact=no_redact, ci=True, view=view)


@app.command("explain", short_help="Which device training and inference pick, and why.")
def explain_command(
    device: Annotated[
        str | None,
        typer.Argument(
            metavar="[DEVICE]",
            help="A device string (neuron, npu:1, cuda, ...): what it takes to use it here.",
            show_default=False,
            autocompletion=_complete_device,
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
    nproc: Annotated[
        int | None,
        _nproc_option(
            "Also show the device and collective backend each of N local ranks would get."
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            metavar="MODEL",
            help="A Hub model id or a local directory: also which attention implementation "
            "and dtype from_pretrained() gives it here (with --verify, proved by loading it).",
            show_default=False,
        ),
    ] = None,
    context: ExplainContextOpt = None,
    batch: ExplainBatchOpt = None,
    from_file: ExplainFromOpt = None,
    save_evidence: SaveEvidenceOpt = None,
    verbose: Annotated[
        bool,
        typer.Option("--verbose", "-v", help="Also show the checks behind each answer."),
    ] = False,
    json_flag: JsonOpt = False,
    fmt: FormatOpt = None,
    no_redact: NoRedactOpt = False,
) -> int:
    """Which device training and inference will pick here, and why, as the chain of checks
    each library evaluates; with DEVICE, what it takes to use that device string."""
    output = _format(json_flag, fmt, markdown=device is None)
    _check_save_template(save_evidence)
    request = None
    if device is not None:
        request = _device(device)
        if verify or use_cpu or nproc or model:
            raise UsageError(
                "--verify, --use-cpu, --nproc and --model apply to `hwdoctor explain` without "
                "DEVICE"
            )
    report: Any
    if from_file is not None:
        _refuse_with_from(python=python, verify=verify, save_evidence=save_evidence)
        if model is not None:
            raise UsageError("--model reads the model with the libraries here; it cannot apply "
                             "to --from",
                             hint="run hwdoctor explain --model MODEL on that machine")  # fmt: skip
    for option, value in (("--context", context), ("--batch", batch)):
        if value is not None and model is None:
            raise UsageError(f"{option} goes with --model",
                             hint=f"hwdoctor explain --model MODEL {option} {value}")  # fmt: skip
    if from_file is not None:
        from hwdoctor.doctor import detect as doctor

        if request is not None:
            report = doctor.explain_device(request, from_file=from_file)
        else:
            report = doctor.explain_from(from_file, use_cpu=use_cpu, nproc=nproc)
        return _emit_report(
            "explain", output, report, no_redact=no_redact, view=View(verbose=verbose)
        )
    if model is not None:
        from hwdoctor.model_ref import model_argument

        model_argument(model, "--model", needs_config=True)
    chosen = choose_python(python)
    target = chosen.executable
    written: list[Saved] = []
    unsaved: list[NotSaved] = []
    with _probe_started(target) as started, _progress(output):
        from hwdoctor.doctor import detect as doctor

        prepare(output)  # the report's writer, imported while the probe imports torch
        if request is not None:
            report = doctor.explain_device(request, target, timeout_s=timeout, started=started,
                                           chosen=chosen)  # fmt: skip
        else:
            report = doctor.explain(
                target, timeout_s=timeout, use_cpu=use_cpu, verify=verify, nproc=nproc,
                started=started, save_to=save_evidence, saved=written.append,
                unsaved=unsaved.append, model=model, context=context, batch=batch or 1,
                chosen=chosen,
            )  # fmt: skip
    _said_saved(written, unsaved)
    return _emit_report("explain", output, report, no_redact=no_redact, view=View(verbose=verbose))


def _device(text: str, *, strategies: bool = False) -> "DeviceRequest":
    """A device string as typed, or a word for the hardware ("gaudi"): how that word was read
    is said on stderr, where hints go ("hwdoctor: gaudi → hpu")."""
    from hwdoctor import devices

    def hardware_here() -> tuple[str, ...]:  # scanned only to answer "gpu"
        from hwdoctor.gather.host import hardware_keys

        return hardware_keys()

    request = devices.parse(text, strategies=strategies, hardware_here=hardware_here)
    if request.resolved:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stderr.write(f"hwdoctor: {request.resolved}\n")
            sys.stderr.flush()
    return request


PROGRESS_ENV = "HWDOCTOR_PROGRESS"


@app.command("load", short_help="Load a model on a device and prove that it runs.")
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
            autocompletion=_complete_device_or_strategy,
        ),
    ] = None,
    plan: Annotated[
        bool,
        typer.Option(
            "--plan",
            help="Do not load weights: read the config and the safetensors headers (range "
            "requests to the Hub, or the cache), report the size per dtype, the KV cache, "
            'whether it fits each budget, and the device_map="auto" placement.',
        ),
    ] = False,
    memory: Annotated[
        str | None,
        typer.Option(
            "--memory",
            metavar="SIZE",
            help="With --plan: plan for a device with this much memory (80GiB), for a device "
            "that is not here or not yet bought.",
            show_default=False,
        ),
    ] = None,
    context: ContextOpt = None,
    batch: BatchOpt = None,
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
    fmt: PlainFormatOpt = None,
) -> int:
    """Load a model on a device in the target interpreter and show where it landed and
    that it runs: placement per device, dtype, load time, peak memory, a forward pass and
    a short greedy generation."""
    output = _format(json_flag, fmt)
    from hwdoctor.doctor import load as loading
    from hwdoctor.model_ref import model_argument

    request = loading.LoadRequest(
        model=model_argument(model, "MODEL") if model is not None else None,
        device=_device(device, strategies=True) if device is not None else None,
        plan=plan,
        trust_remote_code=trust_remote_code,
        offline=offline,
        revision=revision,
        dtype=dtype,
        max_new_tokens=max_new_tokens,
        memory=_memory(memory, plan),
        context=_plan_only("--context", context, plan),
        batch=_plan_only("--batch", batch, plan) or 1,
    )
    chosen = choose_python(python)
    target = chosen.executable
    from hwdoctor.text import TerminalEcho, is_true

    # The target's own download and loading bars only when asked for; else the status line.
    # Filtered: the payload's stderr may hold any escape sequence (OSC 52 sets the clipboard).
    echo = (
        cast("IO[bytes]", TerminalEcho(sys.stderr.buffer))  # write() and flush() are all it needs
        if is_true(os.environ.get(PROGRESS_ENV))
        else None
    )
    progress = contextlib.nullcontext() if echo else _progress(output)
    with _probe_started(target) as started, progress:
        report = loading.load(request, target, timeout, started=started, echo_stderr=echo,
                              chosen=chosen)  # fmt: skip
    return _emit_report("load", output, report)


def _memory(text: str | None, plan: bool) -> int | None:
    """--memory as bytes; only a plan uses it."""
    if text is None:
        return None
    if not plan:
        raise UsageError(
            "--memory goes with --plan", hint="hwdoctor load MODEL --plan --memory 80GiB"
        )
    from hwdoctor.diagnosis.requirements import parse_size

    size = parse_size(text)
    if not size:
        raise UsageError(f"--memory {text!r}: not a size", hint="for example --memory 80GiB")
    return size


def _plan_only(option: str, value: int | None, plan: bool) -> int | None:
    if value is not None and not plan:
        hint = f"hwdoctor load MODEL --plan {option} {value}"
        raise UsageError(f"{option} goes with --plan", hint=hint)
    return value


@contextlib.contextmanager
def _probe_started(target: str, extra_dists: Sequence[str] = ()) -> "Iterator[Started]":
    """Start the probe before importing the rest of hwdoctor (doctor, model, Rich), so the
    target's `import torch` overlaps with them; if anything fails first, kill it."""
    from hwdoctor.gather import probe

    started = None
    try:
        started = probe.start(target, extra_dists)
        yield started
    except BaseException:
        if started is not None:
            started.abandon()
        raise


@contextlib.contextmanager
def _progress(output: OutputFormat, first_step: str = "start") -> "Iterator[None]":
    """Meanwhile, a status line on stderr names the probe step under way, for a person
    watching only: human output, stdout and stderr a terminal, not a secondary rank. It is
    erased when this ends, before the report is written."""
    watched = sys.stdout.isatty() and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
    if output is not OutputFormat.HUMAN or not watched or _secondary_rank():
        yield
        return
    from hwdoctor.gather.probe.runner import observing
    from hwdoctor.render.progress import StepStatus

    with StepStatus(first_step) as status, observing(status.on_step):
        yield


def choose_python(value: str | None) -> "Chosen":
    """The interpreter to probe and why that one (see hwdoctor.gather.interpreter), imported
    on use."""
    from hwdoctor.gather.interpreter import choose_python as choose

    return choose(value)


# --- entry point ---------------------------------------------------------------------------

_COMMANDS = ("list", "detect", "explain", "load")


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run hwdoctor and exit with a documented code; never show a traceback unless asked.
    Without `argv` (the `hwdoctor` command, `python -m hwdoctor`) the process is hwdoctor's
    alone: it leaves without the interpreter's teardown (`_leave`); called with `argv`, it
    raises SystemExit as ever."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    interrupts.install()
    _ignore_zero_width()
    code: int
    try:
        _guard_stdout(args)
        result: Any = app(args=args, prog_name="hwdoctor", standalone_mode=False)
        code = int(result) if isinstance(result, int) else ExitCode.OK
        if code == ExitCode.INTERRUPTED:  # Typer turned Ctrl-C into Exit(130) itself
            _report_error(args, code, "interrupted", None)
    except OutputError as exc:
        _silence_stdout()  # what is still buffered for it must not fail again at exit
        code = _report_error(args, exc.exit_code, exc.message, exc.hint)
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
            f"this is a bug in hwdoctor; rerun with {DEBUG_ENV}=1 for the traceback, and "
            f"attach the file `{REPORT_HINT}` writes to your report",
        )
    code = _after_interrupt(args, code)
    # PYTHONINSPECT (or -i) makes CPython print a SystemExit's traceback and wait for input
    # instead of exiting: leave the same way as after an interrupt.
    if code == ExitCode.INTERRUPTED or sys.flags.inspect:
        # CPython remembers a KeyboardInterrupt that went through exec() (dataclasses and
        # namedtuple build their methods that way) and, at exit, kills the process with
        # SIGINT instead of returning our code: leave without that last word.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError, HwdoctorError):
                stream.flush()
        os._exit(code)
    if argv is None and sys.gettrace() is None and sys.getprofile() is None:
        _leave(code)  # not under coverage or a profiler, whose results are written at exit
    sys.exit(code)


def _leave(code: int) -> NoReturn:
    """Exit with `code` once stdout and stderr are flushed, skipping the interpreter's
    teardown: freeing every module Typer, Rich and the diagnosis loaded took longer than
    anything after the probe (60 to 180 ms, `make bench`), and nothing of hwdoctor's runs
    at exit (no atexit handler, every thread and file joined or closed by then). Where a
    flush fails, the ordinary exit reports it as it always has."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError, AttributeError, HwdoctorError):
        sys.exit(code)
    os._exit(code)


def _after_interrupt(args: Sequence[str], code: int) -> int:
    """Kill any probe still running (each runs in a session of its own, so Ctrl-C and
    SIGTERM never reach it), and exit 130 for an interrupt even if its exception was lost."""
    with interrupts.quiet():
        runner = sys.modules.get("hwdoctor.gather.probe.runner")
        if runner is not None:
            runner.abandon_all()
        if interrupts.interrupted() and code != ExitCode.INTERRUPTED:
            code = _report_error(args, ExitCode.INTERRUPTED, "interrupted", None)
    return code


def _report_error(args: Sequence[str], code: int, message: str, hint: str | None) -> int:
    from hwdoctor.redact import Redactor
    from hwdoctor.text import valid_text

    redactor = Redactor.from_environment()
    # argv may carry bytes that are not UTF-8 (surrogate-escaped) or terminal escapes.
    first_line = redactor(valid_text(" ".join(message.strip().splitlines()[:1]) or "error"))
    hint = redactor(valid_text(" ".join(hint.split()))) if hint else None  # may quote a path
    if _wants_json(args) and not _secondary_rank() and code != ExitCode.OUTPUT:
        from hwdoctor.render import envelope, write

        error = {"code": ExitCode(code).name.lower(), "message": first_line, "hint": hint}
        document = envelope.envelope(_command_of(args), code, None, [error])
        write(redactor(envelope.dumps(document)) + "\n")
    line = f"{first_line} ({hint})" if hint else first_line
    if os.environ.get("GITHUB_ACTIONS") == "true":  # an annotation on the run's page as well
        from hwdoctor.render.github import error_line

        line = error_line("hwdoctor", line)
    else:
        line = f"hwdoctor: error: {line}"
    with contextlib.suppress(AttributeError, OSError, ValueError):  # stderr closed too
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    return code


def _secondary_rank() -> bool:
    """A rank other than 0 of a distributed job: its stdout stays empty, even on errors,
    so the job's output is rank 0's one document."""
    from hwdoctor import launch as launcher

    try:
        launch = launcher.launch_of()
    except HwdoctorError:
        return False
    return launch is not None and launch.rank != 0


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
    except (OSError, AttributeError, ValueError):  # no stdout at all: nothing to silence
        pass


def _ignore_zero_width() -> None:
    """COLUMNS=0 (some CI shells export it) would make Rich render every line empty: a width
    of zero is no width, so the terminal's or 80 applies."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) == 0:
        del os.environ["COLUMNS"]


def _guard_stdout(args: Sequence[str]) -> None:
    """Standard output must be there to write the result to, and whatever it cannot encode
    (PYTHONIOENCODING=ascii, LC_ALL=C) is replaced rather than fatal: a JSON document gets
    JSON escapes, so it stays the same document."""
    if sys.stdout is None:  # started with `>&-`
        raise OutputError(
            "standard output is closed; there is nowhere to write the result",
            hint="redirect it to a file or /dev/null instead of closing it",
        )
    import codecs

    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("_", "-")
    if not encoding.startswith("utf"):
        codecs.register_error(_JSON_ESCAPES, _json_escapes)
        handler = _JSON_ESCAPES if _wants_json(args) else "replace"
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(AttributeError, ValueError, LookupError):
                stream.reconfigure(  # type: ignore[union-attr]
                    errors=handler if stream is sys.stdout else "replace"
                )
    if not isinstance(sys.stdout, _GuardedStdout):
        sys.stdout = cast(TextIO, _GuardedStdout(sys.stdout))


_JSON_ESCAPES = "hwdoctor.json-escapes"


def _json_escapes(error: UnicodeError) -> tuple[str, int]:
    """An encoding error handler: what the stream cannot encode, as JSON's \\u escapes
    (JSON outside its strings is ASCII, so only strings ever hold such characters)."""
    import json

    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(json.dumps(char)[1:-1] for char in text), error.end


class _GuardedStdout:
    """sys.stdout, whose write failures (a full disk, /dev/full, a descriptor gone bad)
    become an OutputError; a reader that went away (`hwdoctor list | head`) stays a
    BrokenPipeError, which is no error at all."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _output_error(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _output_error(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _output_error(exc: OSError) -> OutputError:
    return OutputError(
        f"cannot write to standard output: {exc.strerror or exc}",
        hint="the result is lost; write it somewhere with room",
    )
