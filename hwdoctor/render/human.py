"""Human output with Rich: the only module that imports it.

Builders turn reports into renderables; `console()` makes the Console per invocation, so
NO_COLOR, FORCE_COLOR, COLUMNS and "is this a terminal" are read when output happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from hwdoctor.render.text import human_bytes

if TYPE_CHECKING:  # `list` renders without loading the report model
    from hwdoctor import registry
    from hwdoctor.model import BackendReport, DetectReport, Finding

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


def print_renderables(stream: TextIO, renderables: Iterable[RenderableType]) -> None:
    out = console(stream)
    for renderable in renderables:
        out.print(renderable)


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
        *(_findings(report.findings) if report.findings else []),
        Text(),
        _summary(report),
    ]


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
    return text
