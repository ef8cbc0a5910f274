"""The gate between the probe's facts and hwdoctor's typed records: each fact the collector
reads is checked for shape, type, length and numeric range; what does not fit is left out
and described, never raised.

The channel reader (runner.py) already bounds each event's size and nesting and checks the
event itself; this checks what a fact's value holds. Anything in the target interpreter can
write to the channel (an extension imported by the probe, a daemon it starts), so a value
is trusted no more than a file from a stranger: a field of the wrong type is dropped as if
it were missing, a device with an impossible index is left out, and each is one line of
the `probe.malformed` finding. Unknown fields are kept, so older hwdoctors read newer
payloads.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from hwdoctor.text import clip

MAX_TEXT: Final = 16 * 1024  # a traceback tail is 4,000 characters; a device name, dozens
MAX_ITEMS: Final = 1024  # list items and mapping entries in one field
MAX_DEVICES: Final = 4096  # a device index or count beyond this is not a machine
MAX_BYTES: Final = 2**60  # an exbibyte of device memory
# A Requires-Dist line: long ones pass to hwdoctor.versions, which bounds what it parses
# and reports an over-long or unparsable line as an invalid requirement of the package (not
# as something wrong with the probe).
MAX_REQUIREMENT: Final = 64 * 1024


@dataclass(frozen=True, slots=True)
class Count:
    """A whole number (not a bool) within [0, high]."""

    high: int


@dataclass(frozen=True, slots=True)
class Number:
    """A finite int or float (not a bool) within [0, high]: seconds, rates."""

    high: float


@dataclass(frozen=True, slots=True)
class Text:
    """A string; a longer one is clipped to `limit`, or left out when `clip` is False."""

    limit: int = MAX_TEXT
    clip: bool = True


@dataclass(frozen=True, slots=True)
class Items:
    """A list, each item of the shape `item`; items that do not fit are left out."""

    item: Shape


@dataclass(frozen=True, slots=True)
class Named:
    """A mapping from names to values of the shape `value` (None allowed)."""

    value: Shape


# A shape is bool, a Text, a Count, Items, Named, or a dict of field shapes: a mapping
# whose listed fields must fit (or be missing or None).
Shape: TypeAlias = "type[bool] | Text | Count | Number | Items | Named | Mapping[str, Shape]"

TEXT: Final = Text()
REQUIREMENT: Final = Text(MAX_REQUIREMENT, clip=False)  # clipped, it would be another one
ERROR: Final[Mapping[str, Shape]] = {
    "type": TEXT,
    "message": TEXT,
    "traceback": TEXT,
    "cause": {"type": TEXT, "message": TEXT},
}
DEVICE: Final[Mapping[str, Shape]] = {
    "index": Count(MAX_DEVICES),
    "name": TEXT,
    "total_memory_bytes": Count(MAX_BYTES),
    "free_memory_bytes": Count(MAX_BYTES),
    "capability": TEXT,
    "arch": TEXT,
    "uuid": TEXT,
    "allocatable": bool,
    "allocate_error": TEXT,
    "pci_bus_id": TEXT,
    "integrated": bool,
    "accelerator_memory": bool,
}
ENTRY_POINT: Final[Mapping[str, Shape]] = {"name": TEXT, "value": TEXT, "dist": TEXT}
_QUERY: Final[Mapping[str, Shape]] = {
    "available": bool,
    "device_count": Count(MAX_DEVICES),
    "devices": Items(DEVICE),
    "reason": TEXT,
    "query_error": ERROR,
    "arch_list": Items(TEXT),
    "bf16": bool,
    "answered_by": TEXT,
    "refusal": ERROR,
}
BACKEND: Final[Mapping[str, Shape]] = {
    **_QUERY,
    "extension": {
        "imported": bool,
        "autoloaded": bool,
        "missing": bool,
        "skipped": bool,
        "error": ERROR,
    },
    "skipped": bool,
}
FACTS: Final[Mapping[str, Shape]] = {
    "python": {
        "executable": TEXT,
        "version": TEXT,
        "prefix": TEXT,
        "base_prefix": TEXT,
        "externally_managed": bool,
        "conda": bool,
    },
    "packages": Named(
        {
            "version": TEXT,
            "requires_torch": Items(REQUIREMENT),
            "home_page": TEXT,
            "summary": TEXT,
            "error": TEXT,
        }
    ),
    "entry_points": Items(ENTRY_POINT),
    "torch": {
        "version": TEXT,
        "build": TEXT,
        "cuda": TEXT,
        "hip": TEXT,
        "accelerator": TEXT,
        "distributed": Named(bool),
        "cpu_bf16": bool,
        "cxx": {"name": TEXT, "path": TEXT},
    },
    "unregistered_backend": {**_QUERY, "key": TEXT, "registered_by": ENTRY_POINT},
    "shadowing": Items({"module": TEXT, "path": TEXT}),
}
BACKEND_PREFIX: Final = "backend:"

# The load payload's facts (payload_load.py: placement, forward, generate, peak_memory,
# plan, failure), as doctor/load.py and diagnosis/load.py read them.
MAX_COUNT: Final = 10**15  # parameters, modules, tokens: more than any model has
MAX_SECONDS: Final = 1e9
LOAD_FACTS: Final[Mapping[str, Shape]] = {
    "placement": {
        "devices": Items(
            {
                "device": TEXT,
                "modules": Count(MAX_COUNT),
                "parameters": Count(MAX_COUNT),
                "bytes": Count(MAX_BYTES),
            }
        ),
        "class": TEXT,
        "dtype": TEXT,
        "parameters": Count(MAX_COUNT),
        "load_seconds": Number(MAX_SECONDS),
        "causal_lm": bool,
    },
    "forward": {"seconds": Number(MAX_SECONDS), "output_shape": Items(Count(MAX_COUNT)),
                "output_device": TEXT},
    "generate": {"tokens": Count(MAX_COUNT), "seconds": Number(MAX_SECONDS),
                 "tokens_per_second": Number(MAX_COUNT), "sample": Items(Count(MAX_COUNT))},
    "peak_memory": Named(Count(MAX_BYTES)),
    "plan": {
        "parameters": Count(MAX_COUNT), "dtype": TEXT, "max_memory": Named(Count(MAX_BYTES)),
        "checkpoint": {"source": TEXT, "problem": TEXT, "files": Count(MAX_COUNT),
                       "parameters": Count(MAX_COUNT), "bytes": Count(MAX_BYTES),
                       "by_dtype": Named({"parameters": Count(MAX_COUNT),
                                          "bytes": Count(MAX_BYTES)})},
        "shape": {"layers": Count(MAX_COUNT), "kv_heads": Count(MAX_COUNT),
                  "head_dim": Count(MAX_COUNT), "hidden_size": Count(MAX_COUNT),
                  "intermediate_size": Count(MAX_COUNT), "vocab_size": Count(MAX_COUNT),
                  "max_position": Count(MAX_COUNT), "sliding_window": Count(MAX_COUNT),
                  "quantization": TEXT},
    },
    "failure": {"kind": TEXT, "step": TEXT, "error": ERROR, "hub_log": Items(TEXT)},
}  # fmt: skip


def checked_facts(
    facts: Mapping[str, Any], table: Mapping[str, Shape] | None = None
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The facts with everything that does not fit its shape left out, and one line for
    each thing left out ("backend:cuda device_count: 'many' is not a whole number").
    `table`: the shapes of another payload's facts (LOAD_FACTS); the detect payload's
    by default."""
    checked: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in facts.items():
        if table is not None:
            shape = table.get(key)
        else:
            shape = FACTS.get(key) or (BACKEND if key.startswith(BACKEND_PREFIX) else None)
        if shape is None:
            checked[key] = value  # another payload's fact: its reader checks it
            continue
        fitted = _fit(value, shape, key, problems)
        if fitted is not _MISSING:
            checked[key] = fitted
    return checked, tuple(problems)


_MISSING: Final = object()


def _fit(value: Any, shape: Shape, where: str, problems: list[str]) -> Any:
    """`value` made to fit `shape`, or `_MISSING` (and a problem) when it cannot."""
    if isinstance(shape, Mapping):
        if not isinstance(value, Mapping):
            return _reject(value, "is not an object", where, problems)
        fitted: dict[str, Any] = {}
        for name, item in value.items():
            field_shape = shape.get(name)
            if field_shape is None or item is None:
                fitted[name] = item  # unknown fields pass; each reader treats None as unknown
                continue
            kept = _fit(item, field_shape, f"{where} {name}", problems)
            if kept is not _MISSING:
                fitted[name] = kept
        return fitted
    if isinstance(shape, Items):
        if not isinstance(value, list):
            return _reject(value, "is not a list", where, problems)
        if len(value) > MAX_ITEMS:
            problems.append(f"{where}: {len(value)} items, over {MAX_ITEMS}; the rest left out")
        kept_items = (_fit(item, shape.item, f"{where} item", problems) for item in value)
        return [item for item in kept_items if item is not _MISSING][:MAX_ITEMS]
    if isinstance(shape, Named):
        if not isinstance(value, Mapping):
            return _reject(value, "is not an object", where, problems)
        named: dict[str, Any] = {}
        for name, item in list(value.items())[:MAX_ITEMS]:
            kept = item if item is None else _fit(item, shape.value, f"{where} {name}", problems)
            if kept is not _MISSING:
                named[name] = kept
        return named
    if isinstance(shape, Count):
        whole = isinstance(value, int) and not isinstance(value, bool)
        if not whole or not 0 <= value <= shape.high:
            return _reject(value, f"is not a whole number from 0 to {shape.high}", where, problems)
        return value
    if isinstance(shape, Number):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or not math.isfinite(value) or not 0 <= value <= shape.high:
            return _reject(value, f"is not a number from 0 to {shape.high:g}", where, problems)
        return value
    if isinstance(shape, Text):
        if not isinstance(value, str):
            return _reject(value, "is not a text", where, problems)
        if len(value) > shape.limit and not shape.clip:
            return _reject(value, f"is longer than {shape.limit} characters", where, problems)
        return clip(value, shape.limit) if len(value) > shape.limit else value
    if shape is bool:
        if not isinstance(value, bool):
            return _reject(value, "is not true or false", where, problems)
        return value
    raise TypeError(f"no such shape: {shape!r}")  # a bug in the table above


def _reject(value: Any, what: str, where: str, problems: list[str]) -> object:
    problems.append(f"{where}: {_shown(value)} {what}")
    return _MISSING


def _shown(value: Any) -> str:
    """A short, safe picture of an unexpected value."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, int) and value.bit_length() > 64:  # repr of 5,000 digits raises
        return f"a number of {value.bit_length()} bits"
    if isinstance(value, (dict, list)):
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value)}"
    return clip(repr(value[:80] if isinstance(value, str) else value), 60)
