"""Write docs/cli.md, the command-line reference, from the Typer app itself.

    python docs/cli_reference.py            (or: make docs)

It walks the click command tree that Typer builds from `hwdoctor.cli.app` (typer.main's
get_command; Typer 0.28 builds it with the click it vendors, typer/_click/, so the tree is
read through its objects' own methods and `param_type_name`, not through `import click`)
and writes each command's usage, help and options as Markdown, with the help records click
prints for `--help` (`Parameter.get_help_record`), so the page says what the app says.
tests/test_docs.py fails when the committed page differs from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "cli.md"
HEADER = """\
# Command-line reference

<!-- Generated from the hwdoctor app by docs/cli_reference.py (`make docs`); do not edit. -->

Every command, its arguments and its options, as `hwdoctor COMMAND --help` gives them.
The pages on [detect](detect.md), [explain](explain.md), [load](load.md) and
[pasted reports](pasted-reports.md) say what the output means; exit codes and environment
variables are in [Output, exit codes and environment](output.md).
"""


def _escape(text: str) -> str:
    """Text for a Markdown table cell: one line, no column separators."""
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str) -> str:
    """A code span in a table cell. Python-Markdown's tables extension (which MkDocs uses)
    splits no cell at a `|` inside backticks and would show a backslash before one
    literally, so the pipes of `<human|json>` stay as they are."""
    return "`" + " ".join(text.split()) + "`"


def _command(name: str, command: Any, ctx: Any) -> list[str]:
    sub = command.context_class(command, info_name=name, parent=ctx, **command.context_settings)
    usage = " ".join(command.collect_usage_pieces(sub))
    lines = [f"## `{sub.command_path}`", "", "```text", f"{sub.command_path} {usage}", "```", ""]
    for paragraph in (command.help or "").split("\n\n"):
        if paragraph.strip():
            lines += [" ".join(paragraph.split()), ""]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if arguments:
        lines += ["| argument | meaning |", "| --- | --- |"]
        for argument in arguments:
            shown = argument.make_metavar(sub)
            helped = getattr(argument, "help", None) or ""
            lines.append(f"| {_code(shown)} | {_escape(helped)} |")
        lines.append("")
    records = [
        record
        for param in command.get_params(sub)
        if param.param_type_name == "option" and (record := param.get_help_record(sub)) is not None
    ]
    if records:
        lines += ["| option | meaning |", "| --- | --- |"]
        for opts, helped in records:
            lines.append(f"| {_code(opts)} | {_escape(helped)} |")
        lines.append("")
    return lines


def reference() -> str:
    """docs/cli.md as the app defines it now."""
    from hwdoctor.cli import app

    group = typer.main.get_command(app)
    lines = [HEADER, *_command("hwdoctor", group, None)]
    ctx = group.context_class(group, info_name="hwdoctor", **group.context_settings)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is not None and not command.hidden:
            lines += _command(name, command, ctx)
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    PAGE.write_text(reference(), encoding="utf-8")
    sys.stdout.write(f"wrote {PAGE.relative_to(ROOT)}\n")
