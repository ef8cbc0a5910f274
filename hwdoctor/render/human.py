"""Human output with Rich: the only module that imports it.

Builders turn reports into renderables; `console()` makes the Console per invocation, so
NO_COLOR, FORCE_COLOR, COLUMNS and "is this a terminal" are read when output happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from hwdoctor.units import human_bytes

if TYPE_CHECKING:  # `list` renders without loading the report model
    from hwdoctor import registry
    from hwdoctor.model.decisions import (
        Decisions,
        InferenceDecision,
        StepTrace,
        VerifyReport,
    )
    from hwdoctor.model.reports import (
        BackendReport,
        DetectReport,
        DeviceExplanation,
        DistributedReport,
        ExplainReport,
        Finding,
        LoadReport,
        RequirementResult,
    )

# Keyed by the Status and Severity values (their JSON spelling).
STATUS_MARKS: dict[str, tuple[str, str]] = {
    "ok": ("✓", "green"),
    "warn": ("!", "yellow"),
    "fail": ("✗", "red"),
    "absent": ("·", "dim"),
    "error": ("?", "magenta"),
}
SEVERITY_MARKS: dict[str, tuple[str, str]] = {
    "error": ("✗", "red"),
    "warning": ("!", "yellow"),
    "info": ("i", "cyan"),
}


def console(stream: TextIO, width: int | None = None) -> Console:
    # hwdoctor builds Text itself: no markup or emoji parsing of package names and errors.
    return Console(
        file=stream, width=width, highlight=False, soft_wrap=False, markup=False, emoji=False
    )


def render(renderables: Iterable[RenderableType], stream: TextIO) -> str:
    """The text (with colour codes when `stream` is a colour terminal) that printing the
    renderables to `stream` would produce; the caller redacts it and writes it."""
    out = console(stream)
    with out.capture() as captured:
        for renderable in renderables:
            out.print(renderable)
    return captured.get()


def list_table(backends: Sequence[registry.Backend]) -> Text:
    """The registry as aligned columns.

    Plain aligned Text rather than a rich Table: a Table's layout pass alone costs more
    than `list` may spend beyond importing Typer and Rich.
    """
    header = ("Hardware", "Device", "Package", "Training", 'device_map="auto"')
    rows = [
        (
            Text(backend.hardware),
            Text(backend.device, style="bold"),
            Text(backend.package),
            _yes_no(backend.training_auto),
            _yes_no(backend.device_map_auto),
        )
        for backend in backends
    ]
    return columns(header, rows)


def columns(header: Sequence[str], rows: Sequence[Sequence[Text]], gap: int = 3) -> Text:
    """Left-aligned columns under a bold header and a rule, as one Text."""
    widths = [max([len(title), *(len(row[i]) for row in rows)]) for i, title in enumerate(header)]
    out = Text()
    for i, title in enumerate(header):
        out.append(title.ljust(widths[i] + gap * (i < len(header) - 1)), style="bold")
    out.append("\n" + "─" * (sum(widths) + gap * (len(widths) - 1)) + "\n", style="dim")
    for row in rows:
        for i, cell in enumerate(row):
            out.append_text(cell)
            if i < len(row) - 1:
                out.append(" " * (widths[i] - len(cell) + gap))
        out.append("\n")
    out.rstrip()
    return out


def _yes_no(value: bool) -> Text:
    return Text("yes", style="green") if value else Text("no", style="yellow")


def detect_renderables(report: DetectReport) -> list[RenderableType]:
    return [
        _header(report),
        _backends_table(report.backends),
        *([Text(), _decisions(report.decisions)] if report.decisions else []),
        *(_findings(report.findings) if report.findings else []),
        *_requirements(report.requirements),
        Text(),
        _summary(report),
    ]


def _decisions(decisions: Decisions) -> Text:
    text = Text("Training ", style="bold")
    text.append(f"→ {decisions.training or 'raises'}")
    text.append("  ·  ", style="dim")
    text.append("Inference ", style="bold")
    auto = ", ".join(decisions.device_map_auto)
    text.append(
        f'from_pretrained → cpu, device_map="auto" → {auto}, pipeline → {decisions.pipeline}'
    )
    text.append("  (hwdoctor explain says why)", style="dim")
    return text


def _requirements(results: Sequence[RequirementResult]) -> list[RenderableType]:
    if not results:
        return []
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for result in results:
        mark = Text("✓", style="green") if result.met else Text("✗", style="red")
        line = Text(result.requirement.text, style="bold")
        line.append(f": {result.found}", style="" if result.met else "red")
        grid.add_row(mark, line)
    return [Text(), Text("Requirements", style="bold"), grid]


def _header(report: DetectReport) -> Text:
    torch = report.torch
    if torch.version is None:
        torch_part = "torch not installed"
    else:
        build = (torch.build or "unknown").upper()
        state = f"{build} build" if torch.importable else "does not import"
        torch_part = f"torch {torch.version} ({state})"
    text = Text()
    text.append("Python ", style="bold")
    text.append(f"{report.python.version} ({report.python.executable})")
    text.append(" · ")
    text.append(torch_part, style="bold")
    if report.autoload_disabled:
        text.append(" · extension autoload off", style="yellow")
    return text


def _backends_table(backends: Sequence[BackendReport]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("", no_wrap=True)
    table.add_column("Device", style="bold", no_wrap=True)
    table.add_column("Hardware", overflow="fold", min_width=8)
    table.add_column("Package", overflow="fold", min_width=9)
    table.add_column("Devices / note", overflow="fold", min_width=24)
    for backend in backends:
        mark, style = STATUS_MARKS[backend.status.value]
        table.add_row(
            Text(mark, style=style),
            Text(backend.device),
            Text(backend.hardware),
            Text(_package_cell(backend)),
            _details_cell(backend),
        )
    return table


def _package_cell(backend: BackendReport) -> str:
    """The extension and its version; in-tree backends just say torch (its version heads
    the report)."""
    if (
        backend.key != "cpu"
        and backend.version
        and backend.installed
        and backend.importable is not None
    ):
        return f"{backend.package} {backend.version}"
    return backend.package


def _details_cell(backend: BackendReport) -> Text:
    if not backend.available:
        return Text(backend.note, style="dim" if backend.status.value == "absent" else "")
    lines = []
    for device in backend.devices:
        memory = human_bytes(device.total_memory_bytes)
        lines.append(f"{device.index}: {device.name or '?'}" + (f", {memory}" if memory else ""))
    if not lines and not backend.note:
        lines.append(f"{backend.device_count} device{'s' * (backend.device_count != 1)}")
    if backend.note:
        lines.append(backend.note)
    return Text("\n".join(lines))


def _findings(found: Sequence[Finding]) -> list[RenderableType]:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for item in found:
        mark, style = SEVERITY_MARKS[item.severity.value]
        body = Text(item.message)
        body.append(f"  [{item.code}]", style="dim")
        if item.remedy:
            body.append("\nfix: ", style="bold cyan")
            body.append(item.remedy, style="cyan")
        grid.add_row(Text(mark, style=style), body)
    return [Text(), Text("Findings", style="bold"), grid]


def _summary(report: DetectReport) -> Text:
    usable = [b.device for b in report.backends if b.available]
    errors = sum(1 for f in report.findings if f.severity.value == "error")
    warnings = sum(1 for f in report.findings if f.severity.value == "warning")
    text = Text()
    text.append("Usable: ", style="bold")
    text.append(", ".join(dict.fromkeys(usable)) or "none")
    text.append(f" · {errors} error{'s' * (errors != 1)}", style="red" if errors else "")
    text.append(f" · {warnings} warning{'s' * (warnings != 1)}", style="yellow" if warnings else "")
    unmet = sum(1 for result in report.requirements if not result.met)
    if report.requirements:
        text.append(f" · {unmet} of {len(report.requirements)} requirements not met",
                    style="red" if unmet else "green")  # fmt: skip
    if report.strict:
        text.append(" · --strict: warnings fail", style="dim")
    return text


# --- explain -------------------------------------------------------------------------------


def explain_renderables(report: ExplainReport) -> list[RenderableType]:
    training, state, inference = report.training, report.accelerate, report.inference
    out: list[RenderableType] = [_explain_header(report), Text()]
    title = Text("Training", style="bold")
    title.append("  TrainingArguments(...).device → ")
    title.append(training.device or "raises", style="bold green" if training.device else "red")
    if training.error:
        title.append(f"  {training.error}", style="red")
    else:
        title.append(f"  n_gpu={training.n_gpu}, {training.parallel_mode}", style="dim")
    out += [title, _chain(training.trace.steps, training.device)]
    title = Text("Accelerate", style="bold")
    title.append("  PartialState().device → ")
    title.append(state.device, style="bold green")
    if state.backend:
        title.append(f"  {state.distributed_type} over {state.backend}", style="dim")
    out += [Text(), title, _chain(state.trace.steps, state.device)]
    out += [Text(), Text("Inference", style="bold"), _inference(inference)]
    if report.ranks:
        out += [Text(), _ranks_plan(report.ranks)]
    if report.verify is not None:
        out += [Text(), _verify(report.verify)]
    found = (*report.detect.findings, *report.findings)
    if found:
        out += _findings(found)
    return out


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
    text = Text()
    text.append("Python ", style="bold")
    text.append(f"{report.detect.python.version} ({report.detect.python.executable})")
    for name in ("torch", "transformers", "accelerate"):
        version = report.detect.packages.get(name)
        text.append(f" · {name} {version or 'not installed'}")
    return text


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


def _inference(inference: InferenceDecision) -> Table:
    plan = inference.device_map_auto
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(
        Text("from_pretrained(...)", style="bold"),
        Text(f"→ {inference.from_pretrained}: without device_map, weights load on the CPU "
             "(unless torch.set_default_device or a `with torch.device(...)` block says "
             "otherwise)"),
    )  # fmt: skip
    tiers = ", ".join(
        f"{device} ({human_bytes(size)})" if size else device for device, size in plan.budgets
    )
    auto = Text(f"→ {tiers}, then disk")
    auto.append(
        f"  (family: {plan.family}"
        + (f"; left out: {', '.join(plan.unused_accelerators)}" if plan.unused_accelerators else "")
        + ")",
        style="dim",
    )
    grid.add_row(Text('device_map="auto"', style="bold"), auto)
    pipeline = Text(f"→ {inference.pipeline}")
    taken = [step for step in inference.pipeline_trace.steps if step.outcome == "taken"]
    if taken and taken[0].name != "cpu":
        pipeline.append(f"  ({taken[0].observed}; device=None means device 0)", style="dim")
    grid.add_row(Text("pipeline(...)", style="bold"), pipeline)
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


def device_renderables(report: DeviceExplanation) -> list[RenderableType]:
    out: list[RenderableType] = []
    head = Text(report.device, style="bold")
    head.append(f"  {'usable here' if report.usable else 'not usable here'}",
                style="green" if report.usable else "yellow")  # fmt: skip
    out.append(head)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(overflow="fold")
    for row in report.rows:
        package = f"{row.package} {row.version}" if row.installed and row.version else row.package
        state = "installed" if row.installed else "not installed"
        if row.importable is False:
            state = "installed, fails to import"
        grid.add_row(Text(row.hardware), Text(f"{package}: {state}"))
        grid.add_row(Text(""), Text("hardware: " + (row.hardware_detail if row.hardware_present
                                                     else "none found")))  # fmt: skip
        if row.usable:
            grid.add_row(Text(""), Text(f"{row.device_count} device(s) usable now", style="green"))
        for item in row.missing:
            grid.add_row(Text(""), Text(f"missing: {item}", style="yellow"))
        if not row.installed and row.install:
            grid.add_row(Text(""), Text(f"install: {row.install}", style="cyan"))
        if row.visibility_env:
            grid.add_row(Text(""), Text("select devices with " + ", ".join(row.visibility_env)
                                        + (f" (containers: {', '.join(row.container_env)})"
                                           if row.container_env else "")))  # fmt: skip
    out += [grid, Text()]
    facts = Table.grid(padding=(0, 2))
    facts.add_column(no_wrap=True, style="bold")
    facts.add_column(overflow="fold")
    now = report.training_device or "nothing (it raises)"
    picks_now = now.split(":", 1)[0] == report.device_type
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
    auto = (
        'yes: device_map="auto" budgets memory on it'
        if report.device_map_auto
        else f'no: device_map="auto" never budgets {report.device_type} devices; pass the '
        "device string instead"
    )
    facts.add_row('device_map="auto"', Text(auto))
    how = "Pass it as" if report.usable else "Once usable, pass"
    facts.add_row(how, Text("\n".join(report.pass_as)))
    out.append(facts)
    return out


# --- load ------------------------------------------------------------------------------------


def load_renderables(report: LoadReport) -> list[RenderableType]:
    out: list[RenderableType] = []
    head = Text()
    if report.problem is not None and not report.placement:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold")
        body = Text(f"{report.model} on {report.device}: ", style="bold")
        body.append(report.problem.message, style="")
        if report.problem.remedy:
            body.append("\nfix: ", style="bold cyan")
            body.append(report.problem.remedy, style="cyan")
        grid.add_row(Text("✗", style="red"), body)
        return [grid]
    if report.plan is not None:
        return out + _plan(report)
    head.append("✓ " if report.ok else "! ", style="green" if report.ok else "yellow")
    head.append(f"{report.model}", style="bold")
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
            human_bytes(peak) + (" (process RSS)" if row.device == "cpu" and peak else ""),
        )
    out.append(table)
    smoke = Table.grid(padding=(0, 1))
    smoke.add_column(no_wrap=True)
    smoke.add_column(no_wrap=True, style="bold")
    smoke.add_column(overflow="fold")
    if report.forward:
        shape = "×".join(str(n) for n in report.forward.get("output_shape", []))
        where = report.forward["output_device"]
        smoke.add_row(
            Text("✓", style="green"),
            "forward",
            f"{report.forward['seconds']:.3f} s, output {shape} on {where}",
        )
    if report.generate:
        rate = report.generate.get("tokens_per_second")
        smoke.add_row(
            Text("✓", style="green"),
            "generate",
            f"{report.generate['tokens']} tokens in {report.generate['seconds']:.3f} s"
            + (f", {rate:.1f} tokens/s" if rate else ""),
        )
    if report.problem is not None:
        smoke.add_row(
            Text("✗", style="red"),
            report.problem.params.get("step", ""),
            Text(report.problem.message),
        )
        if report.problem.remedy:
            smoke.add_row("", "fix", Text(report.problem.remedy, style="cyan"))
    out.append(smoke)
    if report.findings:
        out += _findings(report.findings)
    return out


def _plan(report: LoadReport) -> list[RenderableType]:
    plan = report.plan or {}
    head = Text("Plan ", style="bold")
    head.append(
        f"{report.model}: {plan.get('class')}, {_count(plan.get('parameters'), 'parameters')}"
    )
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(overflow="fold")
    sizes = plan.get("bytes_by_dtype", {})
    grid.add_row(
        "size", ", ".join(f"{name} {human_bytes(int(size))}" for name, size in sizes.items())
    )
    grid.add_row(
        "dtype", f"{plan.get('dtype')} (checkpoint: {plan.get('config_dtype') or 'unknown'})"
    )
    fits = plan.get("fits")
    if fits is not None:
        grid.add_row(
            f"fits on {report.device}",
            Text(
                f"{'yes' if fits['fits'] else 'no'}: needs {human_bytes(fits['needed'])}, "
                f"{human_bytes(fits['free']) if fits['free'] is not None else 'unknown'} free",
                style="green" if fits["fits"] else "yellow",
            ),
        )
    budgets = plan.get("max_memory", {})
    grid.add_row("auto budgets", ", ".join(f"{k}: {human_bytes(v)}" for k, v in budgets.items()))
    counts: dict[str, int] = {}
    for device in (plan.get("auto_device_map") or {}).values():
        counts[device] = counts.get(device, 0) + 1
    grid.add_row(
        'device_map="auto"',
        ", ".join(f"{device}: {n} module(s)" for device, n in counts.items()) or "—",
    )
    return [head, grid]


def _count(number: int | None, noun: str) -> str:
    if number is None:
        return ""
    for size, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "K")):
        if number >= size:
            return f"{number / size:.1f}{suffix} {noun}".strip()
    return f"{number} {noun}".strip()


# --- distributed -----------------------------------------------------------------------------


def distributed_renderables(report: DistributedReport) -> list[RenderableType]:
    head = Text("Distributed ", style="bold")
    head.append(f"{len(report.ranks)} of {report.world_size} ranks reported")
    if report.missing:
        head.append(f"  missing: {', '.join(map(str, report.missing))}", style="red")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for title in ("Rank", "Host", "Local", "Device", "Name", "Backend", "all_reduce"):
        table.add_column(title, overflow="fold")
    for rank in report.ranks:
        result = rank.all_reduce
        if result is None:
            reduce_cell = Text("not run", style="dim")
        elif result.get("ok"):
            reduce_cell = Text(f"✓ {result['value']:g} in {result['seconds'] * 1000:.1f} ms",
                               style="green")  # fmt: skip
        else:
            reduce_cell = Text("✗ failed", style="red")
        table.add_row(
            str(rank.rank), rank.host, str(rank.local_rank), Text(rank.device, style="bold"),
            rank.device_name or "?", rank.backend or "?", reduce_cell,
        )  # fmt: skip
    out: list[RenderableType] = [head, table]
    found = (*report.findings, *report.local.findings)
    if found:
        out += _findings(found)
    return [*out, Text(), Text("Rank 0 here:", style="bold"), *detect_renderables(report.local)]
