"""The JSON envelope every command prints with --json, also on errors."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from hwdoctor.model import SCHEMA_VERSION
from hwdoctor.project import __version__


def envelope(
    command: str | None,
    exit_code: int,
    data: Mapping[str, Any] | None,
    errors: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "hwdoctor_version": __version__,
        "command": command,
        "exit_code": exit_code,
        "data": data,
        "errors": list(errors),
    }


def dumps(document: Mapping[str, Any]) -> str:
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False)
