"""GitHub Actions: unmet requirements as workflow-command annotations, and the markdown
report appended to the job summary.

Values in a workflow command are encoded as the runner decodes them (`%`, `\r`, `\n`; in
properties also `:` and `,`), so text from the diagnosed machine can neither end the command
nor start another: https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hwdoctor.redact import Redactor
from hwdoctor.text import one_line, printable

if TYPE_CHECKING:
    from hwdoctor.model.reports import RequirementResult
    from hwdoctor.render import OutputFormat


def integrate(
    markdown: Callable[[], str],
    results: Sequence[RequirementResult],
    output: OutputFormat,
    no_redact: bool,
) -> None:
    """In CI: unmet requirements as one stderr line each (GitHub annotations in Actions),
    and the markdown report appended to the job summary when GitHub provides one."""
    from hwdoctor.render import OutputFormat

    redactor = Redactor.from_environment(shareable=not no_redact)
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    for result in results:
        if result.met:
            continue
        line = result.line()
        if in_actions:
            # GitHub reads workflow commands from stderr as well, and stdout is the result.
            title = command_property("hwdoctor")
            sys.stderr.write(f"::error title={title}::{annotation(printable(redactor(line)))}\n")
        elif output is not OutputFormat.HUMAN:
            sys.stderr.write(f"hwdoctor: {one_line(redactor(line))}\n")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(redactor(markdown()) + "\n")
        except OSError as exc:
            sys.stderr.write(f"hwdoctor: could not append to GITHUB_STEP_SUMMARY: {exc}\n")


def annotation(text: str) -> str:
    """A workflow command's message, encoded as `escapeData` in command.ts does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def command_property(text: str) -> str:
    """A workflow command's property value (`title=...`), encoded as `escapeProperty` in
    command.ts does: a `:` would end the properties, a `,` start another."""
    return annotation(text).replace(":", "%3A").replace(",", "%2C")
