"""Rendering: human (Rich), JSON (versioned envelope), markdown. Only this package writes
results, and every byte passes the secrets redactor on its way out."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, TextIO


class OutputFormat(str, Enum):
    HUMAN = "human"
    JSON = "json"
    MARKDOWN = "markdown"


def emit(
    command: str,
    output: OutputFormat,
    exit_code: int,
    *,
    data: Callable[[], Mapping[str, Any]],
    human: Callable[[], Sequence[Any]],
    markdown: Callable[[], str] | None = None,
    no_redact: bool = False,
    stream: TextIO | None = None,
) -> None:
    """Render a command's result in the chosen format and write it to stdout, redacted."""
    from hwdoctor.redact import Redactor

    stream = stream or sys.stdout
    if output is OutputFormat.JSON:
        from hwdoctor.render import envelope

        text = envelope.dumps(envelope.envelope(command, exit_code, data())) + "\n"
    elif output is OutputFormat.MARKDOWN and markdown is not None:
        text = markdown()
    else:
        from hwdoctor.render import human as human_render

        text = human_render.render(human(), stream)
    shareable = output is OutputFormat.MARKDOWN and not no_redact
    write(Redactor.from_environment(shareable=shareable)(text), stream)


def write(text: str, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    stream.write(text)
    stream.flush()
