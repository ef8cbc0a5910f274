"""Human output with Rich: the only module that imports it.

Builders turn reports into renderables; `console()` makes the Console per invocation, so
NO_COLOR, FORCE_COLOR, COLUMNS and "is this a terminal" are read when output happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

from rich import box
from rich.console import Console, Group, RenderableType
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
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("Hardware", no_wrap=True, max_width=20)
    table.add_column("Device", style="bold", no_wrap=True)
    table.add_column("Package", overflow="fold", max_width=24)
    table.add_column("Devices", overflow="fold")
    table.add_column("Note", overflow="fold", ratio=1)
    for backend in backends:
        mark, style = STATUS_MARKS[backend.status.value]
        table.add_row(
            Text(mark, style=style),
            backend.hardware,
            backend.device,
            _package_cell(backend),
            _devices_cell(backend),
            Text(backend.note, style="dim" if backend.status.value == "absent" else ""),
        )
    return table


def _package_cell(backend: BackendReport) -> str:
    if backend.version and backend.installed:
        name = backend.package.split(" (")[0]
        return f"{name} {backend.version}"
    return backend.package


def _devices_cell(backend: BackendReport) -> str:
    if not backend.available:
        return "—"
    if not backend.devices:
        return str(backend.device_count)
    lines = []
    for device in backend.devices:
        memory = human_bytes(device.total_memory_bytes)
        suffix = f", {memory}" if memory else ""
        lines.append(f"{device.index}: {device.name or '?'}{suffix}")
    return "\n".join(lines)


def _findings(found: Sequence[Finding]) -> list[RenderableType]:
    items: list[RenderableType] = [Text("Findings", style="bold")]
    for item in found:
        mark, style = SEVERITY_MARKS[item.severity.value]
        line = Text("  ")
        line.append(f"{mark} ", style=style)
        line.append(item.message)
        line.append(f"  [{item.code}]", style="dim")
        parts: list[RenderableType] = [line]
        if item.remedy:
            parts.append(Text(f"    fix: {item.remedy}", style="cyan"))
        items.append(Group(*parts))
    return items


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
