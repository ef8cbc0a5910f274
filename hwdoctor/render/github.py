"""GitHub Actions: unmet requirements and the findings that fail the command as
workflow-command annotations, and the markdown report appended to the job summary.

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
    from hwdoctor.model.reports import Finding, RequirementResult
    from hwdoctor.render import OutputFormat


def integrate(
    markdown: Callable[[], str],
    results: Sequence[RequirementResult],
    failing: Sequence[Finding],
    output: OutputFormat,
    no_redact: bool,
) -> None:
    """In CI: unmet requirements as one stderr line each (GitHub annotations in Actions,
    where the findings that fail the command are annotated too), and the markdown report
    appended to the job summary when GitHub provides one."""
    from hwdoctor.render import OutputFormat

    redactor = Redactor.from_environment(shareable=not no_redact)
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    for result in results:
        if result.met:
            continue
        line = result.line()
        if in_actions:
            _error("hwdoctor", redactor(line))
        elif output is not OutputFormat.HUMAN:
            sys.stderr.write(f"hwdoctor: {one_line(redactor(line))}\n")
    if in_actions:
        for finding in failing:
            _error(f"hwdoctor {finding.code}", redactor(finding.message))
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(redactor(markdown()) + "\n")
        except OSError as exc:
            sys.stderr.write(f"hwdoctor: could not append to GITHUB_STEP_SUMMARY: {exc}\n")


def failing_findings(report: object) -> tuple[Finding, ...]:
    """The findings that make the command fail, as its exit code counts them: the report's
    own, and those of the detect report inside it (an explain's, a distributed job's)."""
    from hwdoctor.model.reports import failing

    found: list[Finding] = []
    for part in (getattr(report, "detect", None), getattr(report, "local", None), report):
        if part is not None:
            strict = bool(getattr(part, "strict", False))
            found += failing(getattr(part, "findings", ()), strict=strict)
    return tuple(found)


def _error(title: str, message: str) -> None:
    # GitHub reads workflow commands from stderr as well, and stdout is the result.
    sys.stderr.write(error_line(title, message) + "\n")


def error_line(title: str, message: str) -> str:
    """An `::error::` workflow command: an annotation on the run's page."""
    return f"::error title={command_property(title)}::{annotation(printable(message))}"


def annotation(text: str) -> str:
    """A workflow command's message, encoded as `escapeData` in command.ts does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def command_property(text: str) -> str:
    """A workflow command's property value (`title=...`), encoded as `escapeProperty` in
    command.ts does: a `:` would end the properties, a `,` start another."""
    return annotation(text).replace(":", "%3A").replace(",", "%2C")
