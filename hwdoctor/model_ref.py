"""What a model argument names: a local directory or a Hugging Face Hub repository id, read
by one grammar for every command that takes one (`load MODEL`, `explain --model`).

The id grammar is huggingface_hub's `validate_repo_id` (huggingface_hub/utils/_validators.py,
2.4.0): "name" or "namespace/name", each part 1 to 96 ASCII letters, digits, "-", "_" or
".", neither starting nor ending with "-" or "." (its word boundaries), no "--" or ".."
anywhere, and not ending in ".git". The Hub refuses what it refuses; hwdoctor refuses the
same before it starts anything, so a typo is a usage error and not a download that fails.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

from hwdoctor.errors import UsageError
from hwdoctor.text import quoted

_PART: Final = r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?"
_REPO_ID: Final = re.compile(rf"(?:{_PART}/)?{_PART}", re.ASCII)
EXAMPLE: Final = "Qwen/Qwen3-0.6B"


def is_repo_id(text: str) -> bool:
    """`text` reads as a Hub repository id, as huggingface_hub validates one."""
    return (
        _REPO_ID.fullmatch(text) is not None
        and "--" not in text
        and ".." not in text
        and not text.endswith(".git")
    )


def _local(text: str) -> Path | None:
    """The path `text` names, where it names one: it is written as a path (it starts with
    /, . or ~) or something of that name is here. None for a Hub id."""
    try:
        path = Path(text).expanduser()
        return path if text.startswith(("/", ".", "~")) or path.exists() else None
    except (OSError, ValueError, RuntimeError):  # too long, a NUL byte, ~unknown-user
        return Path(text) if text.startswith(("/", ".", "~")) else None


def model_argument(text: str, option: str, *, needs_config: bool = False) -> str:
    """A local model directory (made absolute) or a Hub id, unchanged; anything else is a
    usage error (exit 2) naming `option`. `needs_config`: a directory must hold the
    config.json that save_pretrained() writes (explain reads only that)."""
    path = _local(text)
    if path is None:
        if not is_repo_id(text):
            raise UsageError(
                f"{option} {quoted(text)}: neither a directory here nor a Hub model id",
                hint=f"pass a local model directory or a Hub id such as {EXAMPLE}",
            )
        return text
    try:
        is_dir = path.is_dir()
        has_config = is_dir and (path / "config.json").is_file()
        absolute = str(path.resolve()) if is_dir else ""
    except (OSError, ValueError, RuntimeError):
        is_dir = has_config = False
        absolute = ""
    if not is_dir:
        raise UsageError(
            f"{option} {quoted(text)}: no such directory",
            hint=f"pass a model directory (with a config.json) or a Hub id such as {EXAMPLE}",
        )
    if needs_config and not has_config:
        raise UsageError(
            f"{option} {quoted(text)}: the directory has no config.json",
            hint="pass the directory save_pretrained() wrote",
        )
    return absolute
