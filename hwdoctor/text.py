"""Text that came from elsewhere, made safe to carry and to show: one set of helpers.

Everything the diagnosed machine hands over (error messages, tool output, package names,
paths) passes through `valid_text` on its way in; user input quoted in an error line
passes through `quoted`.
"""

from __future__ import annotations

import re
from typing import Any, Final

# Control characters other than newline and tab: escape sequences, carriage returns, NUL.
_CONTROL: Final = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# What strtobool-style parsers in hwdoctor accept as "on" (HWDOCTOR_PROGRESS, HF_HUB_OFFLINE):
# huggingface_hub's and transformers' ENV_VARS_TRUE_VALUES.
TRUE_VALUES: Final = frozenset({"1", "ON", "YES", "TRUE"})


def is_true(value: str | None) -> bool:
    """An environment flag as huggingface_hub and transformers read it."""
    return value is not None and value.strip().upper() in TRUE_VALUES


def printable(text: str) -> str:
    """Control characters become `\\x1b`-style escapes, so text from the target cannot
    drive the user's terminal; newlines and tabs stay."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


def valid_text(value: Any) -> Any:
    """`value` with every string printable and encodable as UTF-8, recursively.

    An error message naming a file in a non-UTF-8 directory arrives with lone surrogates
    (Python's surrogateescape), which no UTF-8 output can carry; the bytes they stand for
    become escapes (`\\xff`).
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            try:
                raw = value.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # a surrogate that stands for no byte
                value = value.encode("utf-8", "backslashreplace").decode("utf-8")
            else:
                value = raw.decode("utf-8", "backslashreplace")
        return printable(value)
    if isinstance(value, dict):
        return {valid_text(key): valid_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [valid_text(item) for item in value]
    return value


def one_line(text: str) -> str:
    """Printable and on one line: every control character, newline included, escaped."""
    return printable(valid_text(text).replace("\n", "\\n").replace("\t", " "))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def quoted(text: str, limit: int = 60) -> str:
    """User input quoted for an error line: one printable line, bounded length."""
    return "'" + clip(one_line(text), limit + 1) + "'"
