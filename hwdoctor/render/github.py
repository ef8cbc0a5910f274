"""GitHub Actions: unmet requirements as workflow-command annotations, and the markdown
report appended to the job summary."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hwdoctor.redact import Redactor

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
            sys.stderr.write(f"::error title=hwdoctor::{annotation(redactor(line))}\n")
        elif output is not OutputFormat.HUMAN:
            sys.stderr.write(f"hwdoctor: {redactor(line)}\n")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(redactor(markdown()) + "\n")
        except OSError as exc:
            sys.stderr.write(f"hwdoctor: could not append to GITHUB_STEP_SUMMARY: {exc}\n")


def annotation(text: str) -> str:
    """GitHub workflow-command escaping for a message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
