"""Styled text for a terminal without Rich: what `list` prints.

`list` is a static table, and importing Rich's Console would cost more than everything else
`list` does. This module decides about styles by the rules Rich's Console applies (rich
15, `rich/console.py`: `Console.is_terminal`, `is_dumb_terminal`, `no_color`), so `list`
looks like every other command's output:

- TTY_COMPATIBLE=1 or 0 says whether the output is a terminal; otherwise a set FORCE_COLOR
  says so when not empty (https://force-color.org/); otherwise `isatty()` decides;
- a terminal whose TERM is `dumb` or `unknown` gets no styles at all;
- a non-empty NO_COLOR (https://no-color.org/) drops colours and keeps bold and dim;
- the width is COLUMNS when it is a number, else the size of the first of stdin, stdout
  and stderr that is a terminal, else 80 (80 also on a dumb terminal).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TextIO

if TYPE_CHECKING:
    from hwdoctor import registry

# SGR parameters of the styles hwdoctor uses here (ECMA-48, 8.3.117).
_SGR: Final = {"bold": "1", "dim": "2", "green": "32", "yellow": "33"}
_COLOURS: Final = frozenset({"green", "yellow"})


class Span(NamedTuple):
    """A piece of text and its style: space-separated names from `_SGR`, or ""."""

    text: str
    style: str = ""


def styles_for(stream: TextIO, environ: Mapping[str, str] | None = None) -> tuple[bool, bool]:
    """(styles, colours): whether `stream` gets bold and dim, and whether it gets colours."""
    environ = os.environ if environ is None else environ
    if not _terminal(stream, environ) or _dumb(environ):
        return False, False
    return True, environ.get("NO_COLOR", "") == ""


def width_for(stream: TextIO, environ: Mapping[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    columns = environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if _terminal(stream, environ) and _dumb(environ):
        return 80
    return _terminal_columns() or 80


def _terminal_columns() -> int:
    """The width of the first of stdin, stdout and stderr that is a terminal; 0 if none."""
    for fd in (0, 1, 2):
        if os.isatty(fd):
            try:
                return os.get_terminal_size(fd).columns
            except OSError:
                return 0
    return 0


def _terminal(stream: TextIO, environ: Mapping[str, str]) -> bool:
    compatible = environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    if "FORCE_COLOR" in environ:
        return environ["FORCE_COLOR"] != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _dumb(environ: Mapping[str, str]) -> bool:
    return environ.get("TERM", "").lower() in ("dumb", "unknown")


def paint(span: Span, styles: bool, colours: bool) -> str:
    names = [n for n in span.style.split() if styles and (colours or n not in _COLOURS)]
    if not names or not span.text:
        return span.text
    return f"\x1b[{';'.join(_SGR[n] for n in names)}m{span.text}\x1b[0m"


def columns(
    header: Sequence[str],
    rows: Sequence[Sequence[Span]],
    stream: TextIO,
    *,
    fold_after: int,
    gap: int = 3,
) -> str:
    """Left-aligned columns under a bold header and a dim rule; no line ends in spaces.

    When the table is wider than the terminal, the columns after `fold_after` move to an
    indented second line of each row, each value after its title, instead of every line
    breaking wherever the edge falls."""
    styles, colours = styles_for(stream)
    widths = _widths(header, rows)
    if sum(widths) + gap * (len(widths) - 1) > width_for(stream):
        kept = [row[:fold_after] for row in rows]
        lines = _table(header[:fold_after], kept, gap, styles, colours)
        out = lines[:2]
        for row, line in zip(rows, lines[2:], strict=True):
            rest = "   ".join(
                f"{title.lower()} {paint(cell, styles, colours)}"
                for title, cell in zip(header[fold_after:], row[fold_after:], strict=True)
            )
            out += [line, f"  {rest}"]
        return "\n".join(out) + "\n"
    return "\n".join(_table(header, rows, gap, styles, colours)) + "\n"


def _table(
    header: Sequence[str], rows: Sequence[Sequence[Span]], gap: int, styles: bool, colours: bool
) -> list[str]:
    widths = _widths(header, rows)
    rule = Span("─" * (sum(widths) + gap * (len(widths) - 1)), "dim")
    head = [Span(title, "bold") for title in header]
    return [
        _line(head, widths, gap, styles, colours),
        paint(rule, styles, colours),
        *(_line(row, widths, gap, styles, colours) for row in rows),
    ]


def _widths(header: Sequence[str], rows: Sequence[Sequence[Span]]) -> list[int]:
    return [max([len(t), *(len(row[i].text) for row in rows)]) for i, t in enumerate(header)]


def _line(
    cells: Sequence[Span], widths: Sequence[int], gap: int, styles: bool, colours: bool
) -> str:
    out = []
    for i, cell in enumerate(cells):
        out.append(paint(cell, styles, colours))
        if i < len(cells) - 1:
            out.append(" " * (widths[i] - len(cell.text) + gap))
    return "".join(out)


def backends_table(backends: Sequence[registry.Backend], stream: TextIO) -> str:
    """`hwdoctor list`: the registry, one backend a row."""
    header = ("Hardware", "Device", "Package", "Training", 'device_map="auto"')
    rows = [
        (
            Span(backend.hardware),
            Span(backend.device, "bold"),
            Span(backend.package),
            _yes_no(backend.training_auto),
            Span(backend.device_map_since, "green")
            if backend.device_map_since
            else _yes_no(backend.device_map_auto),
        )
        for backend in backends
    ]
    return columns(header, rows, stream, fold_after=3)


def _yes_no(value: bool) -> Span:
    return Span("yes", "green") if value else Span("no", "yellow")
