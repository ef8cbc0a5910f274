"""Rendering: human (Rich), JSON (versioned envelope), markdown, GitHub. Only this package
writes results. Secrets were masked field by field in the evidence; what leaves here
passes the redactor once more for tokens and credentials inside free text."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Final, NamedTuple, TextIO


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


# What `report()` imports to write a live report in each format, besides the GitHub module
# it consults for every shared view (report(ci=True)): Rich comes with the human view.
_WRITERS: Final = {
    OutputFormat.HUMAN: ("hwdoctor.render.human",),
    OutputFormat.JSON: ("hwdoctor.redact", "hwdoctor.render.envelope"),
    OutputFormat.MARKDOWN: ("hwdoctor.render.markdown",),
    OutputFormat.PROMETHEUS: ("hwdoctor.render.prometheus",),
}


def prepare(output: OutputFormat) -> None:
    """Import now what `report()` will import to write a report in `output`, for a command
    that waits on its probe meanwhile: the imports are paid while the probe's `import torch`
    runs, not after it. Writes nothing; what `report()` writes is the same either way."""
    import importlib

    for name in ("hwdoctor.render.github", *_WRITERS[output]):
        importlib.import_module(name)


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


class Views(NamedTuple):
    """How one record type is shown: its human view (Rich renderables, or text written as it
    is), its markdown report, and whether CI shares it (annotations and the job summary).
    Each is a function of the module that draws it, imported only when that format is asked
    for (Rich loads only for human output)."""

    human: Callable[[Any, View | None], Sequence[Any]] | None = None
    text: Callable[[Any, TextIO, View | None], str] | None = None
    markdown: Callable[[Any], str] | None = None
    shared: bool = False


def _views(kind: type) -> Views:
    """The views registered for a report type; one row per record type."""
    from hwdoctor.model import reports

    def human(name: str) -> Callable[[Any, View | None], Sequence[Any]]:
        def draw(result: Any, view: View | None) -> Sequence[Any]:
            from hwdoctor.render import human

            return getattr(human, name)(result, view)  # type: ignore[no-any-return]

        return draw

    def markdown(name: str) -> Callable[[Any], str]:
        def draw(result: Any) -> str:
            from hwdoctor.render import markdown

            return getattr(markdown, name)(result)  # type: ignore[no-any-return]

        return draw

    def pasted(result: Any, stream: TextIO, view: View | None) -> str:
        from hwdoctor.render import paste

        return paste.text(result, stream)

    def pasted_explanation(result: Any, stream: TextIO, view: View | None) -> str:
        from hwdoctor.render import paste

        return paste.explanation(result, stream, bool(view and view.verbose))

    registered: dict[type, Views] = {
        reports.DetectReport: Views(human("detect_renderables"), None, markdown("detect"), True),
        reports.FleetReport: Views(human("fleet_renderables"), None, markdown("fleet"), True),
        reports.ExplainReport: Views(human("explain_renderables"), None, markdown("explain"), True),
        reports.DeviceExplanation: Views(human("device_renderables")),
        reports.PasteReport: Views(None, pasted, markdown("pasted")),
        reports.PastedExplanation: Views(None, pasted_explanation, markdown("pasted_explanation")),
    }
    if kind not in registered:  # load's and a distributed detect's: imported for them only
        from hwdoctor.model import live_reports

        registered[live_reports.DistributedReport] = Views(
            human("distributed_renderables"), None, markdown("distributed"), True
        )
        registered[live_reports.LoadReport] = Views(human("load_renderables"))
    return registered[kind]


def report(
    command: str,
    output: OutputFormat,
    result: Any,
    *,
    no_redact: bool = False,
    ci: bool = False,
    view: View | None = None,
) -> int:
    """Write a report in the chosen format, its views those registered for the report's type
    (`_views`); with `ci`, annotate unmet requirements and append the markdown report to
    GitHub's job summary. Returns the report's exit code."""
    views = _views(type(result))
    exit_code = int(result.exit_code)
    if output is OutputFormat.PROMETHEUS:
        from hwdoctor.model import reports
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
    human, text, markdown = views.human, views.text, views.markdown
    emit(
        command,
        output,
        exit_code,
        data=result.to_json,
        human=(lambda: human(result, view)) if human else None,
        text=(lambda stream: text(result, stream, view)) if text else None,
        markdown=(lambda: markdown(result)) if markdown else None,
        no_redact=no_redact,
    )
    if ci and views.shared and markdown is not None:
        from hwdoctor.render import github

        requirements = getattr(getattr(result, "local", result), "requirements", ())
        failing = github.failing_findings(result)
        github.integrate(lambda: markdown(result), requirements, failing, output, no_redact)
    return exit_code
