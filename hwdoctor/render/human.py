"""Human output with Rich: the only module that imports it.

Builders turn reports into renderables; `console()` makes the Console per invocation, so
NO_COLOR, FORCE_COLOR, COLUMNS and "is this a terminal" are read when output happens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from hwdoctor import registry
from hwdoctor.render import View
from hwdoctor.text import one_line, printable, shown_safely
from hwdoctor.units import human_bytes

if TYPE_CHECKING:  # `list` renders without loading the report model
    from hwdoctor import registry
    from hwdoctor.compat.capabilities import Ability
    from hwdoctor.model.decisions import (
        AccelerateDecision,
        Capabilities,
        Decisions,
        Fit,
        InferenceDecision,
        ModelDecision,
        ModelMemory,
        StepTrace,
        VerifyReport,
    )
    from hwdoctor.model.live_reports import (
        BandwidthReport,
        CheckpointRead,
        DistributedReport,
        LoadReport,
    )
    from hwdoctor.model.reports import (
        BackendReport,
        DetectReport,
        DeviceExplanation,
        DeviceRow,
        ExplainReport,
        Finding,
        FleetGroup,
        FleetReport,
        RequirementResult,
    )

# Keyed by the Status and Severity values (their JSON spelling).
STATUS_MARKS: dict[str, tuple[str, str]] = {
    "ok": ("✓", "green"),
    "warn": ("!", "yellow"),
    "fail": ("✗", "red"),
    "absent": ("·", "dim"),
    "error": ("?", "magenta"),
    "unknown": ("?", "dim"),  # the evidence does not show it
}
SEVERITY_MARKS: dict[str, tuple[str, str]] = {
    "error": ("✗", "red"),
    "warning": ("!", "yellow"),
    "info": ("i", "cyan"),
}


# What each character hwdoctor writes becomes on a stream that cannot encode it
# (PYTHONIOENCODING=ascii, a legacy code page): a mark of its own, never "?", which is
# hwdoctor's own "could not tell" mark (STATUS_MARKS "error" and "unknown"). Every mark
# above, the chains', the pasted reports' and the Markdown reply's has one;
# tests/test_output.py checks that none is lost or taken twice.
ASCII_MARKS: Final[Mapping[str, str]] = {
    "✓": "+", "✗": "x", "·": "-", "→": "->", "↔": "<->", "×": "x", "…": "...",
    "—": "-", "–": "-", "≥": ">=", "─": "-",
    "✅": "+", "❌": "x", "⚠️": "!", "⚠": "!", "❓": "?", "❔": "?", "ℹ️": "i", "ℹ": "i",
}  # fmt: skip
_ASCII_TABLE: Final = {ord(k): v for k, v in ASCII_MARKS.items() if len(k) == 1}


def ascii_marks(text: str) -> str:
    """`text` with hwdoctor's marks and arrows written in ASCII (see ASCII_MARKS)."""
    return text.replace("\ufe0f", "").translate(_ASCII_TABLE)


def console(stream: TextIO, width: int | None = None) -> Console:
    # hwdoctor builds Text itself: no markup or emoji parsing of package names and errors.
    return Console(
        file=stream, width=width, highlight=False, soft_wrap=False, markup=False, emoji=False
    )


def render(renderables: Iterable[RenderableType], stream: TextIO) -> str:
    """The text (with colour codes when `stream` is a colour terminal) that printing the
    renderables to `stream` would produce; the caller writes it. No line ends in padding:
    Rich pads to the console's width, which a pipe or a copy-paste should never see. No
    control character but Rich's colour codes, and no line GitHub Actions would run as a
    workflow command, whatever a field held."""
    out = console(stream)
    with out.capture() as captured:
        for renderable in renderables:
            # A command is never wrapped or cropped: it pastes and runs as it is.
            verbatim = isinstance(renderable, Text) and renderable.no_wrap
            out.print(renderable, crop=False, soft_wrap=verbatim)
    text = captured.get()
    while True:  # padding can sit on both sides of a line's closing colour code
        stripped = _TRAILING.sub("", text)
        if stripped == text:
            return shown_safely(text, colours=out.color_system is not None)
        text = stripped


# Spaces at a line's end, before any colour codes that close it.
_TRAILING: Final = re.compile(r"[ \t]+(?=(?:\x1b\[[0-9;]*m)*$)", re.MULTILINE)


def detect_renderables(report: DetectReport, view: View | None = None) -> list[RenderableType]:
    """The answer first (what is usable, what needs fixing), then the findings with their
    fixes, the rows that matter, and the context; absent backends on one line."""
    view = view or View()
    shown = [b for b in report.backends if view.all or b.status.value != "absent"]
    absent = [b for b in report.backends if not view.all and b.status.value == "absent"]
    out: list[RenderableType] = [*_chosen(report), _answer(report)]
    if report.findings:
        out += [Text(), *_findings(report.findings)]
    out += [*_requirements(report.requirements), Text(), _backend_rows(shown)]
    if absent:
        torch = report.torch
        out.append(_absent_line(absent, no_torch=torch.version is None and not torch.importable))
    if report.decisions:
        out += [Text(), _decisions(report.decisions)]
    out += [Text(), _context(report), *_skipped(report.skipped)]
    return out


def _chosen(report: DetectReport | LoadReport) -> list[RenderableType]:
    """A live run's first line: the interpreter diagnosed, and why that one."""
    if report.chosen is None:
        return []
    return [Text(printable(report.chosen.said(report.python.version)), style="dim")]


def _answer(report: DetectReport) -> Text:
    """One line that answers `detect`: what is usable, and whether anything needs fixing."""
    usable = [
        f"{b.device} ({b.device_count})" if b.device_count > 1 else b.device
        for b in report.backends
        if b.available
    ]
    errors = [f for f in report.findings if f.severity.value == "error"]
    warnings = [f for f in report.findings if f.severity.value == "warning"]
    unmet = [r for r in report.requirements if not r.met]
    text = Text("Usable: ", style="bold")
    text.append(
        ", ".join(dict.fromkeys(usable)) or "nothing", style="bold green" if usable else "bold red"
    )
    text.append(". ")
    parts = []
    if errors:
        parts.append(_plural(len(errors), "problem"))
    if warnings:
        parts.append(_plural(len(warnings), "warning"))
    if unmet:
        parts.append(f"{_plural(len(unmet), 'requirement')} not met")
    if parts:
        style = "red" if errors or unmet else "yellow"
        text.append(", ".join(parts) + (" (--strict: warnings fail)" if report.strict else "")
                    + ".", style=style)  # fmt: skip
    elif any(r.status.value == "unknown" for r in report.backends):
        text.append("Nothing to fix in what the evidence shows.", style="green")
    else:
        text.append("Nothing to fix.", style="green")
    return text


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


# Below this many columns left for a row's note, each note goes on lines of its own under
# its row, as `list` stacks its columns (render/ansi.py, `columns`), rather than a word a line.
_NOTE_MIN: Final = 24


class _BackendRows:
    """The rows that matter: mark, device, hardware, package, and the note, whose wrapped
    lines stay in its column; on a narrow terminal, the note under its row instead."""

    def __init__(self, backends: Sequence[BackendReport]) -> None:
        self.backends = backends

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cells = [
            (*STATUS_MARKS[b.status.value], b.device, b.hardware, _package_cell(b), b)
            for b in self.backends
        ]
        texts = [(c[0], c[2], c[3], c[4]) for c in cells]
        used = sum(max((len(t[i]) for t in texts), default=0) for i in range(4)) + 2 * 4
        stacked = options.max_width - used < _NOTE_MIN
        grid = Table.grid(padding=(0, 2))
        for _ in range(4):
            grid.add_column(no_wrap=True)
        if not stacked:
            grid.add_column(overflow="fold")
            for mark, style, device, hardware, package, backend in cells:
                grid.add_row(
                    Text(mark, style=style), Text(device, style="bold"), Text(hardware),
                    Text(package), _details_cell(backend),
                )  # fmt: skip
            yield grid
            return
        wide = [max((len(t[i]) for t in texts), default=0) for i in (1, 2)]
        for mark, style, device, hardware, package, backend in cells:
            row = Text(mark, style=style)
            row.append(f"  {device.ljust(wide[0])}", style="bold")
            row.append(f"  {hardware.ljust(wide[1])}  {package}")
            row.no_wrap, row.overflow = True, "ellipsis"
            yield row
            yield Padding(_details_cell(backend), (0, 0, 0, 3))


def _backend_rows(backends: Sequence[BackendReport]) -> _BackendRows:
    return _BackendRows(backends)


def _absent_line(absent: Sequence[BackendReport], *, no_torch: bool = False) -> Table:
    if no_torch:  # the CPU is here; without torch nothing can use it or anything else
        return _hanging("·", Text("no backend is usable until torch is installed (--all for "
                                  "each, hwdoctor list for every backend)", style="dim"),
                        mark_style="dim")  # fmt: skip
    names: dict[str, list[str]] = {}
    for backend in absent:
        names.setdefault(backend.device, []).append(backend.hardware.split()[0])
    shared = {device for device in names if len(registry_rows(device)) > 1}
    listed = ", ".join(
        f"{device} ({', '.join(makers)})" if device in shared else device
        for device, makers in names.items()
    )
    return _hanging("·", Text(f"not present: {listed} (--all for each, hwdoctor list for "
                             "every backend)", style="dim"), mark_style="dim")  # fmt: skip


def registry_rows(device: str) -> tuple[registry.Backend, ...]:
    from hwdoctor import registry

    return registry.for_device(device)


def _hanging(mark: str, body: Text, mark_style: str = "") -> Table:
    """`mark body`, the body's wrapped lines indented under its first word."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(Text(mark, style=mark_style), body)
    return grid


def _decisions(decisions: Decisions) -> Text:
    text = Text("Training", style="bold")
    text.append(f" → {decisions.training or 'raises'}  ")
    text.append("Inference", style="bold")
    auto = ", ".join(decisions.device_map_auto)
    text.append(
        f' → {decisions.from_pretrained}; device_map="auto" → {auto}; pipeline → '
        f"{decisions.pipeline}"
    )
    text.append("  (hwdoctor explain says why)", style="dim")
    return text


def _requirements(results: Sequence[RequirementResult]) -> list[RenderableType]:
    if not results:
        return []
    out: list[RenderableType] = [Text()]
    for result in results:
        line = Text("✓ " if result.met else "✗ ", style="green" if result.met else "red")
        line.append(f"requires {result.requirement.text}", style="bold")
        line.append(f": {result.found}", style="" if result.met else "red")
        out.append(line)
    return out


def _context(report: DetectReport) -> Text:
    """Which interpreter and libraries this is about: context, after the answer. The
    interpreter's path has a line of its own, so where the versions wrap never depends
    on how long the path is."""
    torch = report.torch
    if torch.version is None:
        versions = ["torch not installed"]
    else:
        from hwdoctor.registry import build_name

        build = build_name(torch.build)
        state = f"{build} build" if torch.importable else "does not import"
        versions = [f"torch {torch.version} ({state})"]
    versions += [
        f"{name} {report.packages.get(name) or 'not installed'}"
        for name in ("transformers", "accelerate")
    ]
    text = Text(" · ".join(versions), style="dim")
    if report.autoload_disabled:
        text.append(" · extension autoload off", style="yellow")
    python = report.python
    if report.chosen is None:  # a live run says it first (_chosen)
        text.append(f"\nPython {python.version} at {printable(python.executable)}", style="dim")
    # One line per missing part of the evidence, naming the checks it kept from running.
    waiting: dict[str, list[str]] = {}
    for item in report.not_checked:
        waiting.setdefault(", ".join(item.missing), []).append(
            item.about or item.check.replace("_", " ")
        )
    for missing, checks in waiting.items():
        text.append(f"\nnot checked (the evidence has no {missing}): {'; '.join(checks)}",
                    style="yellow")  # fmt: skip
    return text


def _skipped(items: Sequence[str]) -> list[RenderableType]:
    """What an evidence file held that could not be read, each read as unknown."""
    if not items:
        return []
    head = Text("Skipped (read as unknown):", style="yellow")
    return [head, *(_hanging("-", Text(one_line(item), style="yellow")) for item in items)]


def _package_cell(backend: BackendReport) -> str:
    """The extension and its version; torch's own backends show torch's version."""
    if backend.installed and backend.version and backend.importable is not None:
        return f"{backend.package} {backend.version}"
    if backend.available and backend.version:
        return f"torch {backend.version}"
    return backend.package


def _details_cell(backend: BackendReport) -> Text:
    if not backend.available:
        return Text(backend.note, style="dim" if backend.status.value == "absent" else "")
    parts = []
    for device in backend.devices:
        memory = human_bytes(device.total_memory_bytes)
        parts.append(f"{device.index}: {device.name or '?'}" + (f", {memory}" if memory else ""))
    if not parts and not backend.note:
        parts.append(_plural(backend.device_count, "device"))
    if backend.note:
        parts.append(backend.note)
    # One device a line: "0: Ascend910B3, 64 GiB" never breaks between a size and its unit.
    return Text("\n".join(parts))


def _findings(found: Sequence[Finding]) -> list[RenderableType]:
    """Each finding: its message, then what to do in words, then each remedy command on a
    line of its own, never wrapped, so that it pastes and runs as it is."""
    out: list[RenderableType] = []
    for item in found:
        mark, style = SEVERITY_MARKS[item.severity.value]
        head = Text(printable(item.message))
        head.append(f"  [{item.code}]", style="dim")
        out.append(_hanging(mark, head, mark_style=style))
        if item.advice:
            out.append(Padding(Text(printable(item.advice), style="cyan"), (0, 0, 0, 2)))
        out += _command_lines(printable(item.remedy or ""))
    return out


def _command_lines(lines: str) -> list[RenderableType]:
    """Shell lines, each on a line of its own and never wrapped: they paste as they are."""
    out: list[RenderableType] = []
    for line in lines.splitlines():
        command = Text("  " + line, style="dim" if line.startswith("#") else "bold cyan")
        command.no_wrap = True
        command.overflow = "ignore"
        out.append(command)
    return out


# --- explain -------------------------------------------------------------------------------


def explain_renderables(report: ExplainReport, view: View | None = None) -> list[RenderableType]:
    """The answer first, in words; each library's decision on a line; the checks behind
    each decision with --verbose."""
    view = view or View()
    training, state, inference = report.training, report.accelerate, report.inference
    out: list[RenderableType] = [*_chosen(report.detect), _explain_answer(report), Text()]
    lines = Table.grid(padding=(0, 2))
    lines.add_column(no_wrap=True, style="bold")
    lines.add_column(overflow="fold")
    lines.add_row("TrainingArguments", _training_line(report))
    lines.add_row("PartialState", Text(_state_line(state)))
    lines.add_row(
        "from_pretrained", Text(f"{inference.from_pretrained}, unless you pass device_map")
    )
    lines.add_row('device_map="auto"', _auto_line(inference))
    lines.add_row("pipeline", Text(f"{inference.pipeline}, unless you pass device"))
    if report.capabilities is not None:
        for title, text in _ability_rows(report.capabilities):
            lines.add_row(title, text)
    if report.model is not None:
        for title, text in _model_rows(report.model):
            lines.add_row(title, text)
    out.append(lines)
    if view.verbose:
        out += [Text(), Text("Why: the checks each library makes, in its order", style="bold")]
        picked = training.device or "raises"
        out += [Text(), Text(f"TrainingArguments(...).device → {picked}", style="bold"),
                _chain(training.trace.steps, training.device)]  # fmt: skip
        out += [Text(), Text(f"PartialState().device → {state.device}", style="bold"),
                _chain(state.trace.steps, state.device)]  # fmt: skip
        out += [Text(), Text("pipeline(...) without device", style="bold"),
                _chain(inference.pipeline_trace.steps, inference.pipeline)]  # fmt: skip
        model = report.model
        if model is not None and not model.error:
            out += [Text(), Text(f"from_pretrained({model.model}) attn_implementation",
                                 style="bold"),
                    _chain(model.attention_trace.steps, model.attention),
                    Text(), Text(f"from_pretrained({model.model}) dtype", style="bold"),
                    _chain(model.dtype_trace.steps, model.dtype)]  # fmt: skip
    if report.ranks:
        out += [Text(), _ranks_plan(report.ranks)]
    if report.verify is not None:
        out += [Text(), _verify(report.verify)]
    found = (*report.detect.findings, *report.findings)
    if found:
        out += [Text(), *_findings(found)]
    out += [Text(), _explain_header(report), *_skipped(report.detect.skipped)]
    if not view.verbose:
        out.append(Text("hwdoctor explain --verbose shows the checks behind each answer",
                        style="dim"))  # fmt: skip
    return out


def _explain_answer(report: ExplainReport) -> Text:
    training, inference = report.training, report.inference
    text = Text()
    note = report.basis_note()
    if report.observed:
        # A release no table was read from: the real libraries answered, here and now.
        text.append("Observed, not predicted: ", style="bold yellow")
        if training.device:
            text.append("training uses ")
            text.append(training.device, style="bold green")
        else:
            text.append("TrainingArguments raises", style="bold red")
    elif training.device:
        text.append("Training will use ")
        text.append(training.device, style="bold green")
    else:
        text.append("TrainingArguments will raise", style="bold red")
    text.append("; inference loads on ")
    text.append(inference.from_pretrained, style="bold")
    text.append(" unless you pass device_map; pipeline() uses ")
    text.append(inference.pipeline, style="bold")
    text.append(".")
    if note:
        text.append("\n" + note, style="yellow" if report.confirmed is False else "dim")
    return text


_LEVEL_STYLE: Final = {"yes": "green", "slow": "yellow", "preview": "yellow", "no": "red"}


def _ability_rows(found: Capabilities) -> list[tuple[str, Text]]:
    """What the training device can do: a dtype that works is named; the others say why."""
    dtypes = Text()
    for ability in found.dtypes:  # each with its verdict, "yes" too: never a bare name
        if dtypes:
            dtypes.append("; ")
        dtypes.append(ability.name, style=_LEVEL_STYLE.get(ability.level.value, ""))
        dtypes.append(f" {ability.level.value}", style=_LEVEL_STYLE.get(ability.level.value, ""))
        if ability.why:
            dtypes.append(f" ({printable(ability.why)})", style="dim")
    rows = [(f"dtypes on {printable(found.device)}", dtypes)]
    if found.attention is not None:
        rows.append(("SDPA kernels", _ability(found.attention)))
    rows.append(("torch.compile", _ability(found.compile)))
    if found.quantization:
        text = Text()
        for ability in found.quantization:
            text.append("; " if text else "")
            text.append_text(_ability(ability))
        rows.append(("quantization", text))
    every = (*found.dtypes, found.attention, found.compile, *found.quantization)
    rows.extend(
        ("", Text(printable(line), style="cyan"))
        for a in every
        if a is not None and a.remedy
        for line in a.remedy.splitlines()
    )
    return rows


def _ability(ability: Ability) -> Text:
    text = Text(ability.level.value, style=_LEVEL_STYLE.get(ability.level.value, ""))
    text.append(f" ({printable(ability.why)})", style="dim")
    return text


def _model_rows(model: ModelDecision) -> list[tuple[str, Text]]:
    """explain --model: the class, then what from_pretrained() sets when not told, each
    with the step that decided it."""
    if model.error:
        # why is said once, in the finding below (explain.model_unreadable)
        return [("model", Text(f"{model.model}: not read (see below)", style="red"))]
    rows = [("model", Text(f"{model.architecture} from {model.model}"))]
    for title, value, trace in (
        ("attn_implementation", model.attention, model.attention_trace),
        ("dtype", model.dtype, model.dtype_trace),
    ):
        text = Text(value or "unknown")
        taken = [step for step in trace.steps if step.outcome == "taken"]
        if taken and taken[0].observed:
            text.append(f" ({taken[0].observed})", style="dim")
        rows.append((title, text))
    if model.memory is not None:
        rows.append(("memory", _memory_line(model.memory)))
    return rows


def _memory_line(memory: ModelMemory) -> Text:
    """explain --model: whether the model fits the device training picks."""
    device = printable(memory.device)
    if memory.fit is None:
        problem = memory.problem or "not judged"
        return Text(f"unknown on {device}: {printable(problem)}", style="yellow")
    fitted = memory.fit
    verdict = fitted.verdict
    text = Text(f"{_VERDICT_WORDS.get(verdict, 'not judged')} on {device}" if verdict
                else f"on {device}", style="green" if verdict == "fits" else "yellow")  # fmt: skip
    text.append(f": needs {_needs(fitted)}, {_size(fitted.free)} free")
    if fitted.smaller:
        text.append(f"; in {fitted.smaller} it would fit", style="yellow")
    return text


def _needs(fitted: Fit) -> str:
    kv = fitted.kv_cache
    return (
        f"{_size(fitted.total)} (weights {_size(fitted.weights)}, KV cache "
        + (f"{_size(kv)} for {fitted.context:,} tokens x {fitted.batch}" if kv is not None
           else "unknown") + ")"
    )  # fmt: skip


def _training_line(report: ExplainReport) -> Text:
    training = report.training
    if training.device is None:
        return Text(f"raises {training.error}", style="red")
    text = Text(training.device)
    gpus = training.n_gpu or 0
    if gpus > 1:
        text.append(f", all {gpus} GPUs through DataParallel", style="dim")
    if training.accelerate.backend and training.accelerate.distributed_type not in ("NO",):
        text.append(f", one process of a distributed job over {training.accelerate.backend}",
                    style="dim")  # fmt: skip
    return text


def _state_line(state: AccelerateDecision) -> str:
    if state.backend:
        return f"{state.device}, over {state.backend}"
    return state.device


def _auto_line(inference: InferenceDecision) -> Text:
    plan = inference.device_map_auto
    tiers = ", ".join(
        f"{device} ({human_bytes(size)})" if size else device for device, size in plan.budgets
    )
    text = Text(f"{tiers}, then disk")
    if plan.unused_accelerators:
        text.append(f"; leaves out {', '.join(plan.unused_accelerators)}", style="yellow")
    return text


def _ranks_plan(ranks: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(
        box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True,
        title=f"Under a launcher with {len(ranks)} local ranks", title_justify="left",
    )  # fmt: skip
    for title in ("Local rank", "Accelerate device", "TrainingArguments", "Backend"):
        table.add_column(title)
    for rank in ranks:
        table.add_row(str(rank["local_rank"]), str(rank["accelerate_device"]),
                      str(rank["training_device"]), str(rank["backend"]))  # fmt: skip
    return table


def _explain_header(report: ExplainReport) -> Text:
    return _context(report.detect)


_OUTCOME_MARKS = {"taken": ("✓", "green"), "skip": ("✗", "dim"), "noted": ("·", "dim")}


def _chain(steps: Sequence[StepTrace], result: str | None) -> Table:
    """The checks in order; plain "= False" skips are folded into one line."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    folded: list[str] = []

    def flush() -> None:
        if folded:
            grid.add_row(Text("✗", style="dim"), Text(f"{', '.join(folded)}: False", style="dim"))
            folded.clear()

    for step in steps:
        if step.outcome == "not reached":
            continue
        if step.outcome == "skip" and step.observed.endswith("= False"):
            folded.append(step.check)
            continue
        flush()
        mark, style = _OUTCOME_MARKS.get(step.outcome, ("?", ""))
        line = Text(step.observed or step.check, style="" if step.outcome == "taken" else "dim")
        if step.outcome == "taken" and result:
            line.append(f" → {result}", style="bold")
        grid.add_row(Text(mark, style=style), line)
    flush()
    return grid


def _verify(report: VerifyReport) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    agreed = sum(item.agree for item in report.items)
    title = Text(f"Verified against the real libraries: {agreed}/{len(report.items)} agree",
                 style="bold green" if report.agree else "bold red")  # fmt: skip
    grid.add_row(Text("✓" if report.agree else "✗", style="green" if report.agree else "red"),
                 title, Text(f"({report.seconds:.1f} s)", style="dim"))  # fmt: skip
    for item in report.items:
        mark = Text("✓", style="green") if item.agree else Text("✗", style="red")
        detail = item.actual if item.agree else f"predicted {item.predicted}, got {item.actual}"
        grid.add_row(mark, Text(item.name), Text(detail or "", style="" if item.agree else "red"))
    return grid


def device_renderables(report: DeviceExplanation, view: View | None = None) -> list[RenderableType]:
    """The answer (usable here or not, and what is), then what it would take: the
    hardware first, then the package, then how libraries treat the device."""
    usable_here = [b.device for b in report.detect.backends if b.available]
    head = Text(report.device, style="bold")
    if report.usable:
        head.append(" is usable here", style="green")
        counts = [
            f"{row.device_count} {row.hardware} device(s)" for row in report.rows if row.usable
        ]
        head.append(f": {', '.join(counts)}.")
    else:
        head.append(" is not usable here", style="yellow")
        head.append(f": {'; '.join(report.reasons)}." if report.reasons else ".")
        head.append(f" Usable here: {', '.join(dict.fromkeys(usable_here)) or 'nothing'}.")
    out: list[RenderableType] = [*_chosen(report.detect), head]
    for row in report.rows:
        steps = [] if row.usable else _what_it_takes(row)
        if steps:
            out += [Text(), Text(f"What {row.hardware} ({report.device_type}) takes here:",
                                 style="bold"), *steps]  # fmt: skip
    out.append(Text())
    facts = Table.grid(padding=(0, 2))
    facts.add_column(no_wrap=True, style="bold")
    facts.add_column(overflow="fold")
    now = report.training_device
    picks_now = now is not None and now.split(":", 1)[0] == report.device_type
    if now is None and report.training_unknown:
        training = Text(f"unknown here: {report.training_unknown}", style="yellow")
    elif now is None:
        training = Text(f"not here: TrainingArguments raises {report.training_error}",
                        style="red")  # fmt: skip
    else:
        training = Text(
            f"yes: TrainingArguments picks {now} here"
            if picks_now
            else f"not here: TrainingArguments picks {now} on this machine",
            style="green" if picks_now else "yellow",
        )
    training.append(
        f"\n{'in general: ' if report.training_auto else 'never by itself: '}"
        f"{report.training_note}",
        style="dim",
    )
    facts.add_row("Training", training)
    accelerate = report.detect.packages.get("accelerate")
    by = f" with accelerate {accelerate}" if accelerate else ""
    auto = (
        f'yes: device_map="auto" budgets memory on it{by}'
        if report.device_map_auto
        else f'no: device_map="auto" never budgets {report.device_type} devices{by}; pass the '
        "device string instead"
    )
    facts.add_row('device_map="auto"', Text(auto))
    how = "Pass it as" if report.usable else "Once usable, pass"
    facts.add_row(how, Text("\n".join(report.pass_as)))
    out.append(facts)
    return out


def _what_it_takes(row: DeviceRow) -> list[RenderableType]:
    """For one registry row: the hardware, then the package, then visibility."""
    steps: list[RenderableType] = []
    if not row.hardware_present:
        remedy = f"; then {row.hardware_remedy}" if row.hardware_remedy else ""
        steps.append(_hanging("1.", Text(f"{row.hardware} hardware: none found here. Run on a "
                                         f"machine that has it{remedy}")))  # fmt: skip
    if row.wrong_platform:  # no package brings it to this platform
        remedy = f"; then {row.hardware_remedy}" if row.hardware_remedy else ""
        return [_hanging("1.", Text(f"{'; '.join(row.missing)}: run there{remedy}"))]
    if not row.installed or row.importable is False or row.wrong_build:
        number = f"{len(steps) + 1}."
        package = f"{row.package}, in this interpreter:"
        if row.importable is False:
            package = f"{row.package} is installed but fails to import; reinstall it:"
        elif row.wrong_build:
            package = f"{row.package}: torch {row.version} is another build; install this one:"
        if row.install_command:
            steps.append(_hanging(number, Text(package)))
            steps += _command_lines(str(row.install_command))
        else:
            steps.append(_hanging(number, Text(f"{row.package}: {row.install}")))
    elif row.version:
        steps.append(_hanging("·", Text(f"{row.package} {row.version} is installed"),
                              mark_style="dim"))  # fmt: skip
    if row.visibility_env and steps:
        containers = f" (containers: {', '.join(row.container_env)})" if row.container_env else ""
        steps.append(_hanging("·", Text(f"devices are selected with "
                                        f"{', '.join(row.visibility_env)}{containers}"),
                              mark_style="dim"))  # fmt: skip
    return steps


# --- load ------------------------------------------------------------------------------------


def load_renderables(report: LoadReport, view: View | None = None) -> list[RenderableType]:
    out: list[RenderableType] = _chosen(report)
    head = Text()
    if report.problem is not None and not report.placement:
        failed = Text(f"{printable(report.model)} did not load on {report.device}.",
                      style="bold red")  # fmt: skip
        return [*out, failed, *_findings([report.problem])]
    if report.plan is not None:
        return out + _plan(report)
    head.append("✓ " if report.ok else "! ", style="green" if report.ok else "yellow")
    head.append(printable(report.model), style="bold")
    head.append(f" on {report.device}")
    details = [report.model_class, report.dtype, _count(report.parameters, "parameters")]
    if report.load_seconds is not None:
        details.append(f"loaded in {report.load_seconds:.2f} s")
    head.append("  " + " · ".join(d for d in details if d), style="dim")
    out.append(head)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for title in ("Device", "Modules", "Parameters", "Size", "Peak memory"):
        table.add_column(title, justify="left" if title == "Device" else "right")
    peaks = report.peak_memory or {}
    for row in report.placement:
        peak = peaks.get(row.device)
        table.add_row(
            Text(row.device, style="bold"),
            str(row.modules),
            _count(row.parameters, ""),
            human_bytes(row.bytes),
            human_bytes(peak) + (" (process RSS)" if row.device == registry.HOST and peak else ""),
        )
    out.append(table)
    smoke = Table.grid(padding=(0, 1))
    smoke.add_column(no_wrap=True)
    smoke.add_column(no_wrap=True, style="bold")
    smoke.add_column(overflow="fold")
    if report.forward:
        forward = report.forward
        shape = "×".join(str(n) for n in forward.output_shape)
        smoke.add_row(
            Text("✓", style="green"),
            "forward",
            f"{_seconds(forward.seconds)}, output {shape} on {forward.output_device or 'unknown'}",
        )
    if report.generate:
        made = report.generate
        rate = made.tokens_per_second
        tokens = "unknown" if made.tokens is None else made.tokens
        smoke.add_row(
            Text("✓", style="green"),
            "generate",
            f"{tokens} tokens in {_seconds(made.seconds)}"
            + (f", {rate:.1f} tokens/s" if rate else ""),
        )
    if report.problem is not None:
        smoke.add_row(
            Text("✗", style="red"),
            report.problem.params.get("step", ""),
            Text(printable(report.problem.message)),
        )
        if report.problem.remedy:
            smoke.add_row("", "fix", Text(report.problem.remedy, style="cyan"))
    out.append(smoke)
    if report.findings:
        out += _findings(report.findings)
    return out


def _seconds(value: float | None) -> str:
    """A step's time as load shows it; unknown where the payload's number did not read."""
    return "unknown time" if value is None else f"{value:.3f} s"


_VERDICT_WORDS: Final = {
    "fits": "fits",
    "fits_with_cpu_offload": "fits only with CPU offload (slower)",
    "does_not_fit": "does not fit",
}


def _plan(report: LoadReport) -> list[RenderableType]:
    assert report.plan is not None
    plan = report.plan
    fitted = plan.fit
    model = printable(report.model)
    head = Text()
    verdict = fitted.verdict
    needs = (
        f"needs {_size(fitted.total)} (weights {_size(fitted.weights)}, KV cache "
        f"{_size(fitted.kv_cache)}, working memory {_size(fitted.working)})"
    )
    if verdict is None:
        head.append(f"{model}: {needs}", style="bold")
        if not fitted.device_here:
            head.append(f"; {report.device} is not on this machine: pass --memory SIZE to plan "
                        "for its memory", style="yellow")  # fmt: skip
    else:
        where = f"in {_size(fitted.free)}" + (" (--memory)" if fitted.given else " free")
        head.append(f"{model} {_VERDICT_WORDS.get(verdict, verdict)} on {report.device}: "
                    f"{needs}, {where}",
                    style="bold green" if verdict == "fits" else "bold yellow")  # fmt: skip
    if fitted.smaller:
        head.append(f"; in {fitted.smaller} it would fit", style="yellow")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(overflow="fold")
    grid.add_row("model", f"{plan.model_class}, {_count(plan.parameters, 'parameters')}")
    grid.add_row("checkpoint", _checkpoint(plan.checkpoint))
    for number, (name, size) in enumerate(plan.weights_by_dtype):
        grid.add_row("" if number else "weights", f"{_size(size)} in {printable(name)}")
    grid.add_row("dtype", f"{plan.dtype} (checkpoint: {plan.config_dtype or 'unknown'})")
    kv = fitted.kv_cache
    grid.add_row("KV cache", (
        f"{_size(kv)} for {fitted.context:,} tokens x batch {fitted.batch} "
        "(--context, --batch)" if kv is not None else "unknown: the config does not give "
        "the attention's shape"))  # fmt: skip
    grid.add_row("working memory", f"about {_size(fitted.working)} (an estimate)")
    judged = {budget.device: budget for budget in fitted.budgets}
    for number, (device, value) in enumerate(plan.budgets):
        said = f"{printable(device)}: {_size(value)}"
        budget = judged.get(device)
        if budget is not None and budget.verdict:
            said += f", {_VERDICT_WORDS.get(budget.verdict, budget.verdict)}"
            if budget.smaller:
                said += f" (in {budget.smaller} it would fit)"
        grid.add_row("" if number else "auto budgets", said)
    grid.add_row(
        'device_map="auto"',
        ", ".join(f"{printable(device)}: {n} module(s)" for device, n in plan.placed) or "—",
    )
    return [head, grid, Text("A plan loads no weights.", style="dim")]


_CHECKPOINT_SOURCES: Final = {
    "local": "from the local files' headers",
    "cache": "from the Hugging Face cache's headers",
    "hub": "from the Hub by range requests (headers only)",
}


def _checkpoint(checkpoint: CheckpointRead) -> str:
    if not checkpoint.source:
        problem = checkpoint.problem or "not read"
        return f"unknown ({printable(problem)}): sizes from the parameter count"
    kinds = ", ".join(
        f"{printable(name)} {_count(parameters, '')}".rstrip()
        for name, parameters in checkpoint.by_dtype
    )
    files = checkpoint.files
    return (
        f"{_size(checkpoint.bytes)} in {files} safetensors file{'s' if files != 1 else ''}"
        f" ({kinds}), {_CHECKPOINT_SOURCES.get(checkpoint.source, 'read')}"
    )


def _size(count: int | None) -> str:
    return human_bytes(count) if count is not None else "unknown"


def _count(number: int | None, noun: str) -> str:
    if number is None:
        return ""
    for size, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "K")):
        if number >= size:
            return f"{number / size:.1f}{suffix} {noun}".strip()
    return f"{number} {noun}".strip()


# --- distributed -----------------------------------------------------------------------------


def distributed_renderables(
    report: DistributedReport, view: View | None = None
) -> list[RenderableType]:
    head = Text("Distributed ", style="bold")
    head.append(f"{len(report.ranks)} of {report.world_size} ranks reported")
    if report.missing:
        head.append(f"  missing: {', '.join(map(str, report.missing))}", style="red")
    from hwdoctor.hosts import compress, numbers

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for title in ("Ranks", "Hosts", "Local", "Devices", "Name", "Backend", "all_reduce"):
        table.add_column(title, overflow="fold")
    for group in report.groups:
        ranks = group.ranks
        results = [r.all_reduce for r in ranks if r.all_reduce is not None]
        if not results:
            reduce_cell = Text("not run", style="dim")
        elif all(result.ok for result in results):
            slowest = max(float(result.seconds or 0) for result in results)
            value = results[0].value
            reduce_cell = Text(f"✓ sum {value:g}, slowest {slowest * 1000:.1f} ms", style="green")
        else:
            reduce_cell = Text("✗ failed", style="red")
        table.add_row(
            numbers(r.rank for r in ranks), compress(r.host for r in ranks),
            numbers(r.local_rank for r in ranks),
            Text(compress(r.device for r in ranks), style="bold"),
            ranks[0].device_name or "?", ranks[0].backend or "?", reduce_cell,
        )  # fmt: skip
    out: list[RenderableType] = [head, table]
    for group in report.groups[1:]:
        line = Text(f"ranks {numbers(r.rank for r in group.ranks)}: ", style="bold")
        differs = [
            f"{what} {here} (the others: {largest})" for what, here, largest in group.differs
        ]
        line.append("; ".join(differs), style="yellow")
        out.append(line)
    if report.bandwidth is not None:
        out += _bandwidth(report.bandwidth)
    found = (*report.findings, *report.local.findings)
    if found:
        out += _findings(found)
    local = detect_renderables(report.local, view)
    return [*out, Text(), Text("Rank 0 here:", style="bold"), *local]


def _gbps(value: float | None) -> str:
    return "" if value is None else f"{value / 1e9:.2f} GB/s"


def _bandwidth(report: BandwidthReport) -> list[RenderableType]:
    """Each collective at each size as nccl-tests prints it, then each pair of ranks."""
    head = Text("Bandwidth ", style="bold")
    head.append(f"{report.ranks} ranks, {report.backend or '?'}; busbw as nccl-tests computes it")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for title in ("Operation", "Size", "Time", "algbw", "busbw", "Slowest rank"):
        table.add_column(title, justify="left" if title in ("Operation", "Slowest rank") else
                         "right")  # fmt: skip
    for row in report.collectives:
        table.add_row(
            row.operation, human_bytes(row.size), f"{row.seconds * 1000:.2f} ms",
            _gbps(row.algbw), Text(_gbps(row.busbw), style="bold"),
            f"{row.slowest_rank} on {row.slowest_host} ({row.slowest_seconds * 1000:.2f} ms)",
        )  # fmt: skip
    out: list[RenderableType] = [Text(), head, table]
    if report.pairs:
        size = human_bytes(report.pairs[0].size)
        out.append(Text(f"Pairs: {size} each way at once, one-way bandwidth", style="bold"))
        known = any(pair.expected for pair in report.pairs)
        pairs = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
        for title in ("Pair", "Devices", "Link", "One way", *(("Link carries",) if known else ())):
            pairs.add_column(title, justify="right" if title == "One way" else "left")
        slowest = report.slowest_pair
        for pair in report.pairs:
            style = "red" if pair.far_below else ("yellow" if pair is slowest else "")
            pairs.add_row(
                f"{pair.ranks[0]}-{pair.ranks[1]}", " ↔ ".join(pair.devices),
                pair.link or ("network" if pair.hosts[0] != pair.hosts[1] else "same host"),
                Text(_gbps(pair.bandwidth), style=style),
                *((f"{_gbps(pair.expected)} ({pair.basis})" if pair.expected else "",)
                  if known else ()),
            )  # fmt: skip
        out.append(pairs)
        if slowest is not None and len(report.pairs) > 1:
            line = Text("Slowest pair: ", style="bold")
            line.append(f"ranks {slowest.ranks[0]} and {slowest.ranks[1]} "
                        f"({' and '.join(dict.fromkeys(slowest.hosts))}), "
                        f"{_gbps(slowest.bandwidth)} one way")  # fmt: skip
            out.append(line)
    return out


# --- fleet (detect --from DIR) ---------------------------------------------------------------

# Host ranges a table cell names before "and N more" (the JSON names every host).
_HOST_RANGES: Final = 4
_HOSTS_CELL: Final = 20


def fleet_renderables(report: FleetReport, view: View | None = None) -> list[RenderableType]:
    """The answer (how many nodes, which are odd), the fleet's findings, one row per
    configuration (the largest first), then each group's differences and findings, the odd
    groups first."""
    from hwdoctor.hosts import compress

    head = Text("Fleet ", style="bold")
    head.append(f"{len(report.nodes):,} node{'s' * (len(report.nodes) != 1)} in ")
    head.append(printable(one_line(report.directory)), style="bold")
    head.append(f", {len(report.groups)} configuration{'s' * (len(report.groups) != 1)}")
    out: list[RenderableType] = [head]
    odd = report.odd
    if odd:
        line = Text("Odd nodes: ", style="bold")
        line.append(compress([n.label for n in odd], _HOST_RANGES * 4), style="yellow")
        out.append(line)
    if report.not_reported:
        from hwdoctor.hosts import shown

        line = Text("No evidence from: ", style="bold")
        line.append(compress(map(shown, report.not_reported), _HOST_RANGES * 4), style="red")
        line.append(f" ({len(report.not_reported):,} of {report.expected or 0:,} expected)")
        out.append(line)
    if report.findings:
        out += [Text(), *_findings(report.findings)]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for title in ("Group", "Nodes", "Hosts", "Driver", "torch", "Devices", "Preflight"):
        table.add_column(title, overflow="fold", no_wrap=title in ("Hosts", "Preflight"),
                         justify="right" if title == "Nodes" else "left")  # fmt: skip
    for group in report.groups:
        config = group.configuration
        failing = sum(1 for n in report.nodes if n.group == group.number and n.exit_code)
        table.add_row(
            str(group.number), f"{len(group.hosts):,}", _hosts_cell(_labels(report, group)),
            config.driver or "none", config.torch or "not installed",
            ", ".join(config.devices) or "no accelerator",
            Text(f"✗ {failing:,}", style="red") if failing else Text("✓", style="green"),
        )  # fmt: skip
    out += [Text(), table]
    for group in (*report.groups[1:], *report.groups[:1]):
        out += _fleet_group(report, group)
    return out


def _fleet_group(report: FleetReport, group: FleetGroup) -> list[RenderableType]:
    from hwdoctor.hosts import compress

    title = Text(f"Group {group.number}", style="bold")
    title.append(f", {len(group.hosts):,} node{'s' * (len(group.hosts) != 1)}: ")
    title.append(compress(_labels(report, group), _HOST_RANGES * 4))
    out: list[RenderableType] = [Text(), title]
    for what, here, largest in group.differs:
        line = Text(f"{what}: ")
        line.append(here, style="yellow")
        line.append(f"  (group 1: {largest})", style="dim")
        out.append(Padding(line, (0, 0, 0, 2)))
    first = next(n for n in report.nodes if n.group == group.number)
    out += _findings(group.findings)
    out += _requirements(first.requirements)[1:]
    if not group.findings and not first.requirements:
        out.append(Text("✓ no findings", style="green"))
    return out


def _labels(report: FleetReport, group: FleetGroup) -> list[str]:
    """The group's nodes as lists name them: `gpu07 (claims gpu12)` where a file's name
    and the host name inside differ."""
    return [node.label for node in report.nodes if node.group == group.number]


def _hosts_cell(names: Sequence[str]) -> str:
    """A group's hosts in a table cell: the list, cut at a range when it is long."""
    from hwdoctor.hosts import compress

    text = compress(names, _HOST_RANGES)
    if len(text) <= _HOSTS_CELL:
        return text
    cut = text.rfind(",", 0, _HOSTS_CELL)
    return text[:cut] + ",…" if cut > 0 else text[:_HOSTS_CELL] + "…"
