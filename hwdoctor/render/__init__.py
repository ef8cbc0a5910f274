"""Rendering: human (Rich), JSON (versioned envelope), markdown, GitHub. Only this package
writes results. Secrets were masked field by field in the evidence; what leaves here
passes the redactor once more for tokens and credentials inside free text."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, NamedTuple, TextIO


class View(NamedTuple):
    """How much a person asked to see: every backend (--all), the reasons (--verbose).
    A NamedTuple: immutable, and cheaper to define than a dataclass on `list`'s path."""

    all: bool = False
    verbose: bool = False


class OutputFormat(str, Enum):
    HUMAN = "human"
    JSON = "json"
    MARKDOWN = "markdown"
    PROMETHEUS = "prometheus"  # detect only: node_exporter's textfile collector


class PlainFormat(str, Enum):
    """The formats of the commands that have no markdown report (list, load)."""

    HUMAN = "human"
    JSON = "json"


def emit(
    command: str,
    output: OutputFormat,
    exit_code: int,
    *,
    data: Callable[[], Mapping[str, Any]],
    human: Callable[[], Sequence[Any]] | None = None,
    text: Callable[[TextIO], str] | None = None,
    markdown: Callable[[], str] | None = None,
    no_redact: bool = False,
    stream: TextIO | None = None,
) -> None:
    """Render a command's result in the chosen format and write it to stdout, redacted.
    Human output is `human()`'s renderables through Rich, or `text(stream)` as it is."""
    from hwdoctor.redact import Redactor

    stream = stream or sys.stdout
    redactor = Redactor.from_environment(
        shareable=output is OutputFormat.MARKDOWN and not no_redact
    )
    if output is OutputFormat.JSON:
        from hwdoctor.redact import scrub
        from hwdoctor.render import envelope

        document = envelope.envelope(command, exit_code, scrub(data(), redactor))
        write(envelope.dumps(document) + "\n", stream)
        return
    elif output is OutputFormat.MARKDOWN and markdown is not None:
        rendered = markdown()
    elif text is not None:
        rendered = text(stream)
    else:
        from hwdoctor.render import human as human_render

        rendered = human_render.render(human() if human else (), stream)
    if not _encodes(stream, "✓→·"):
        from hwdoctor.render.human import ascii_marks

        rendered = ascii_marks(rendered)
    write(redactor(rendered), stream)


def _encodes(stream: TextIO, sample: str) -> bool:
    """Whether `stream` writes `sample` as it is (not an ASCII-only stream)."""
    import codecs

    try:
        codecs.encode(sample, getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def write(text: str, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    stream.write(text)
    stream.flush()


def report(
    command: str,
    output: OutputFormat,
    result: Any,
    *,
    no_redact: bool = False,
    ci: bool = False,
    view: View | None = None,
) -> int:
    """Write a report in the chosen format, its views chosen by the report's type (Rich
    loads only for human output); with `ci`, annotate unmet requirements and append the
    markdown report to GitHub's job summary. Returns the report's exit code."""
    from hwdoctor.model import reports

    kind = type(result)
    if kind is reports.PasteReport:
        from hwdoctor.render import markdown as reply
        from hwdoctor.render import paste

        code = int(result.exit_code)
        emit(command, output, code, data=result.to_json,
             text=lambda stream: paste.text(result, stream),
             markdown=lambda: reply.pasted(result), no_redact=no_redact)  # fmt: skip
        return code
    if kind is reports.PastedExplanation:
        from hwdoctor.render import markdown as reply
        from hwdoctor.render import paste

        verbose = bool(view and view.verbose)
        emit(command, output, 0, data=result.to_json,
             text=lambda stream: paste.explanation(result, stream, verbose),
             markdown=lambda: reply.pasted_explanation(result), no_redact=no_redact)  # fmt: skip
        return int(result.exit_code)
    shareable = kind in (
        reports.DetectReport,
        reports.DistributedReport,
        reports.ExplainReport,
        reports.FleetReport,
    )

    def renderables() -> list[Any]:
        from hwdoctor.render import human

        views: dict[type, Callable[[Any, View | None], Sequence[Any]]] = {
            reports.DetectReport: human.detect_renderables,
            reports.DistributedReport: human.distributed_renderables,
            reports.FleetReport: human.fleet_renderables,
            reports.ExplainReport: human.explain_renderables,
            reports.DeviceExplanation: human.device_renderables,
            reports.LoadReport: human.load_renderables,
        }
        return list(views[kind](result, view))

    def markdown() -> str:
        from hwdoctor.render import markdown

        views: dict[type, Callable[[Any], str]] = {
            reports.DetectReport: markdown.detect,
            reports.DistributedReport: markdown.distributed,
            reports.FleetReport: markdown.fleet,
            reports.ExplainReport: markdown.explain,
        }
        return views[kind](result)

    exit_code = int(result.exit_code)
    if output is OutputFormat.PROMETHEUS:
        from hwdoctor.render import prometheus

        local = getattr(result, "local", result)  # a distributed detect: this node's report
        if not isinstance(local, reports.DetectReport):
            from hwdoctor.errors import UsageError

            raise UsageError(
                "--format prometheus describes one machine: run detect on it, or pass "
                "--from an evidence file it saved",
                hint="a pasted report or a fleet directory has no metrics of its own",
            )
        emit(command, output, exit_code, data=result.to_json,
             text=lambda stream: prometheus.render(local))  # fmt: skip
        return exit_code
    emit(command, output, exit_code, data=result.to_json, human=renderables,
         markdown=markdown if shareable else None, no_redact=no_redact)  # fmt: skip
    if ci and shareable:
        from hwdoctor.render import github

        requirements = getattr(getattr(result, "local", result), "requirements", ())
        github.integrate(markdown, requirements, github.failing_findings(result), output,
                         no_redact)  # fmt: skip
    return exit_code
