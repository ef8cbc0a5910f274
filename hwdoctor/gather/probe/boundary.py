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
from enum import Enum
from typing import Any, Final, TypeAlias

from hwdoctor import registry, versions
from hwdoctor.compat.drivers import DriverWords
from hwdoctor.shell import is_one_line
from hwdoctor.text import clip

MAX_TEXT: Final = 16 * 1024  # a traceback tail is 4,000 characters; a device name, dozens
MAX_ITEMS: Final = 1024  # list items and mapping entries in one field
MAX_DEVICES: Final = 4096  # a device index or count beyond this is not a machine
MAX_BYTES: Final = 2**60  # an exbibyte of device memory
MAX_NAME: Final = 256  # a package's name, a version, an environment variable's name
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


class Grammar(str, Enum):
    """What a string that may reach a shell line must read as; one that does not is left
    out (unknown), never shown to a command."""

    NAME = "a package name (PEP 508)"
    VERSION = "a version (PEP 440)"
    PATH = "a path on one line"  # no control character: a newline would start a command
    LINE = "one line of text"


def fits_grammar(text: str, grammar: Grammar) -> bool:
    if grammar is Grammar.NAME:
        return versions.is_name(text)
    if grammar is Grammar.VERSION:
        return versions.is_version(text)
    return is_one_line(text)  # PATH, LINE


@dataclass(frozen=True, slots=True)
class Text:
    """A string; a longer one is clipped to `limit`, or left out when `clip` is False (a
    clipped name is another name); one that does not read as its `grammar` is left out."""

    limit: int = MAX_TEXT
    clip: bool = True
    grammar: Grammar | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """A string that is one of `values` (the JSON schema's enum for it)."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Items:
    """A list, each item of the shape `item`; items that do not fit are left out."""

    item: Shape


@dataclass(frozen=True, slots=True)
class Named:
    """A mapping from names to values of the shape `value` (None allowed); with `key`, a
    name that does not read as that grammar is left out with its value."""

    value: Shape
    key: Grammar | None = None


@dataclass(frozen=True, slots=True)
class Whole:
    """A mapping of the field shapes `fields` that counts only whole: when any field does
    not fit, the mapping is `instead` (a sum over the others would be wrong; a torch
    without its version would read as not installed), None for unknown."""

    fields: Mapping[str, Shape]
    instead: Mapping[str, Any] | None
    required: tuple[str, ...] = ()  # fields that must be there, not None


# A shape is bool, a Text, a Count, Items, Named, Whole, or a dict of field shapes: a mapping
# whose listed fields must fit (or be missing or None).
Shape: TypeAlias = (
    "type[bool] | Text | Count | Number | Choice | Items | Named | Whole | Mapping[str, Shape]"
)

TEXT: Final = Text()
# The field of the payloads' `torch` fact that holds torch.version.cuda (payload_detect.py)
TORCH_CUDA: Final = "cuda"
MAX_LINES: Final = 10**9  # lines of a file read (the probe's own bounds are far lower)
ORIGIN: Final = Choice(("pip", "conda", "ld_preload", "ld_library_path", "system"))
MANAGER: Final = Choice(("pip", "conda"))
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
        "uv": bool,
        "pip": bool,
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
        TORCH_CUDA: TEXT,
        "hip": TEXT,
        "accelerator": TEXT,
        "distributed": Named(bool),
        "cpu_bf16": bool,
        "cxx": {"name": TEXT, "path": TEXT},
    },
    "unregistered_backend": {**_QUERY, "key": TEXT, "registered_by": ENTRY_POINT},
    "shadowing": Items({"module": TEXT, "path": TEXT}),
    "libraries": {
        "maps_read": bool, "maps_lines": Count(MAX_LINES), "truncated": bool,
        "after_devices": bool,
        "loaded": Items(Whole({"family": TEXT, "path": TEXT, "origin": ORIGIN,
                               "owner": TEXT, "owner_version": TEXT, "via": TEXT},
                              None, required=("family", "path"))),
        "wheel_copies": Items(Whole({"family": TEXT, "path": TEXT, "dist": TEXT,
                                     "version": TEXT}, None, required=("family", "path", "dist"))),
        "managed": Items(Whole({"name": TEXT, "version": TEXT, "manager": MANAGER}, None,
                               required=("name", "manager"))),
        "ld_preload": Items(TEXT), "ld_library_path": Items(TEXT),
        "cudnn_compiled": TEXT, "cudnn_runtime": TEXT,
    },
    "rocm_wheels": {
        "dists": Items(Whole({"name": TEXT, "version": TEXT}, None, required=("name",))),
        "torch_extras": Items(TEXT), "torch_requires": Items(REQUIREMENT),
    },
}  # fmt: skip
BACKEND_PREFIX: Final = "backend:"

# The load payload's facts (payload_load.py: placement, forward, generate, peak_memory,
# plan, failure), as doctor/load.py and diagnosis/load.py read them.
MAX_COUNT: Final = 10**15  # parameters, modules, tokens: more than any model has
MAX_SECONDS: Final = 1e9
# A checkpoint's safetensors headers and a config's shape (payload_common.py), as load --plan
# and explain --model read them: a header is the model's, anyone's on the Hub.
CHECKPOINT: Final = Whole(
    {"source": TEXT, "problem": TEXT, "files": Count(MAX_COUNT),
     "parameters": Count(MAX_COUNT), "bytes": Count(MAX_BYTES),
     "by_dtype": Named({"parameters": Count(MAX_COUNT), "bytes": Count(MAX_BYTES)})},
    {"source": None, "problem": "its headers declare sizes no model has"},
)  # fmt: skip
MODEL_SHAPE: Final[Mapping[str, Shape]] = {
    name: Count(MAX_COUNT)
    for name in ("layers", "kv_heads", "head_dim", "hidden_size", "intermediate_size",
                 "vocab_size", "max_position", "sliding_window")
} | {"quantization": TEXT}  # fmt: skip
# How the Hub was reached and a classified failure (payload_hub.py), sent by load and verify.
HUB: Final[Mapping[str, Shape]] = {
    **dict.fromkeys(("endpoint", "host", "proxy"), TEXT),
    "proxy_env": Items(Text(MAX_NAME)),
    "settings": Named(TEXT),
    "timeout": Count(MAX_COUNT),
}
FAILURE: Final[Mapping[str, Shape]] = {
    **dict.fromkeys(("kind", "step", "cause"), TEXT),
    "error": ERROR,
    "hub_log": Items(TEXT),
    "status": Count(999),  # HTTP's three digits
}
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
        "device_map": Named(TEXT),
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
        "checkpoint": CHECKPOINT, "shape": MODEL_SHAPE, "config_dtype": TEXT, "class": TEXT,
        "bytes_by_dtype": Named(Number(MAX_BYTES)), "auto_device_map": Named(TEXT),
    },
    "failure": FAILURE,
    "hub": HUB,
}  # fmt: skip


# The verify payload's facts (payload_verify.py): the real libraries' answers, and with
# --model what they read of the model; live, or an evidence file's `answers`.
VERIFY_FACTS: Final[Mapping[str, Shape]] = {
    "TrainingArguments": {
        "device": TEXT, "n_gpu": Count(MAX_DEVICES),
        # transformers' ParallelMode values, as the JSON schema lists them
        "parallel_mode": Choice(("not_parallel", "not_distributed", "distributed", "tpu")),
    },
    "PartialState": {"device": TEXT, "distributed_type": TEXT, "backend": TEXT},
    "get_max_memory": {"keys": Items(TEXT)},
    "pipeline": {"device": TEXT, "moved_to": Items(TEXT)},
    "model": {"architecture": TEXT, "model_type": TEXT, "supports_sdpa": bool,
              "supports_flash_attn": bool, "config_dtype": TEXT, "checkpoint_dtype": TEXT,
              "checkpoint": CHECKPOINT, "shape": MODEL_SHAPE,
              "flash_attn": {"version": TEXT, "imports": bool, "error": TEXT}},
    "model_load": {"attn_implementation": TEXT, "dtype": TEXT},
    "failure": FAILURE,
    "hub": HUB,
}  # fmt: skip


# --- an evidence file (--from), as `Evidence.to_json` writes it ------------------------------
# A file is anyone's: an issue body can be one. Every field is checked as the probe's facts
# are, and what reaches a command (a package's name, torch's version, the interpreter's
# path) must read as its grammar. Numbers are bounded by what a machine can have: a count
# of 10^30 devices would be iterated, an integer of 400 digits overflows a float.
MAX_CPUS: Final = 1 << 20
MAX_OUTPUT: Final = 256 * 1024  # a probe step's output tail is 64 KiB
PATH: Final = Text(4096, clip=False, grammar=Grammar.PATH)
NAME: Final = Text(MAX_NAME, clip=False, grammar=Grammar.NAME)
VERSION: Final = Text(MAX_NAME, clip=False, grammar=Grammar.VERSION)
LINE: Final = Text(1024, grammar=Grammar.LINE)
EVIDENCE_ERROR: Final[Mapping[str, Shape]] = {**ERROR, "cause": TEXT}  # "Type: message"
EVIDENCE_ENTRY_POINT: Final[Mapping[str, Shape]] = {"name": LINE, "value": LINE, "dist": NAME}
# cudaDriverGetVersion()'s number is 1000·major + 10·minor: CUDA 99.9 is 99090.
MAX_DRIVER_NUMBER: Final = 99_999
EVIDENCE_BACKEND: Final[Mapping[str, Shape]] = {
    **_QUERY,
    "installed": bool,
    "version": LINE,
    "importable": bool,
    "autoloaded": bool,
    "import_error": EVIDENCE_ERROR,
    "query_error": EVIDENCE_ERROR,
    "refusal": EVIDENCE_ERROR,
    "probed": bool,
    "init_warning": TEXT,
    "runtime_device": LINE,
    "driver_said": {
        "words": Choice(tuple(w.value for w in DriverWords)),
        "number": Count(MAX_DRIVER_NUMBER),
    },
    "asked": TEXT,
    "no_code": {"quote": TEXT, "older": bool},
    "mask_refused": TEXT,
    "macos_needed": {"quote": TEXT, "release": LINE, "exact": bool},
    "detail": Named(TEXT),  # evidence format 1.3 and older: the words above, untyped
    "registered_by": EVIDENCE_ENTRY_POINT,
}
MAX_XID: Final = 100_000  # Xid codes are under 200 and SXid codes five digits
MAX_EVENTS: Final = 10**12
GPU_HEALTH: Final[Mapping[str, Shape]] = {
    "index": Count(MAX_DEVICES), "pci_bus_id": LINE, "name": LINE,
    **dict.fromkeys(("ecc_volatile_uncorrected", "ecc_aggregate_uncorrected",
                     "retired_pages_sbe", "retired_pages_dbe", "remapped_correctable",
                     "remapped_uncorrectable", "nvlinks_up"), Count(MAX_EVENTS)),
    "retired_pages_pending": bool, "remap_pending": bool, "remap_failed": bool,
    "nvlinks_down": Items(Count(MAX_DEVICES)), "throttle": Items(LINE),
}  # fmt: skip
_DRIVER_TEXTS: Final = ("kernel_module", "nvml_driver", "nvml_cuda", "smi_driver", "smi_cuda")
EVIDENCE: Final[Mapping[str, Shape]] = {
    "source": {"tool": LINE, "version": LINE},
    # Without its path, or torch without its version, the section is unknown as a whole.
    "python": Whole({"executable": PATH, "version": LINE, "prefix": PATH, "is_venv": bool,
                     "externally_managed": bool, "conda": bool, "uv": bool, "pip": bool},
                    None),
    "packages": Named({"version": LINE, "requires_torch": Items(REQUIREMENT),
                       "home_page": TEXT}, key=Grammar.NAME),
    "torch": Whole({"version": VERSION, "importable": bool,
                    "build": Choice(tuple(b.value for b in registry.Build)), TORCH_CUDA: LINE,
                    "hip": LINE, "accelerator": LINE, "error": EVIDENCE_ERROR,
                    "collectives": Items(LINE)}, None),
    "backends": Named(EVIDENCE_BACKEND, key=Grammar.LINE),
    "host": {
        "system": LINE, "machine": LINE, "translated": bool, "cpu_name": LINE,
        "memory_total_bytes": Count(MAX_BYTES), "memory_available_bytes": Count(MAX_BYTES),
        "cpu_count": Count(MAX_CPUS), "hostname": LINE,
        "signals": Items(Whole({"backend": LINE, "detail": TEXT, "count": Count(MAX_DEVICES),
                                "kind": Choice(("pci", "device_node", "tool", "platform"))},
                               None, required=("backend", "kind"))),
        "platform": LINE,
        "placement": {"container": LINE, "wsl": bool, "shm_bytes": Count(MAX_BYTES),
                      "nodes": Items({"backend": LINE, "path": PATH, "openable": bool,
                                      "group": LINE, "group_can": bool}),
                      "groups": Items(LINE), "nvidia_visible_devices": LINE},
        "nvidia": {**dict.fromkeys(_DRIVER_TEXTS, LINE), "open_module": bool,
                   "module_loaded": bool, "nouveau_loaded": bool, "libraries": Items(PATH),
                   "nvml_error": TEXT, "capabilities": Items(LINE), "smi_error": TEXT,
                   "health": Items(Whole(GPU_HEALTH, None, required=("index",))),
                   "health_source": LINE},
        "gfx_targets": Items(LINE), "rocm_version": LINE, "os_version": LINE,
        "kernel_log": {"source": LINE, "problem": TEXT, "lines": Count(MAX_LINES),
                       "truncated": bool,
                       "events": Items(Whole({"kind": Choice(("xid", "sxid")),
                                              "code": Count(MAX_XID), "device": LINE,
                                              "count": Count(MAX_LINES), "line": LINE,
                                              "fatal": bool},
                                             None, required=("kind", "code", "line")))},
    },
    "tool_problems": Items({"backend": LINE, "tool": LINE, "message": TEXT}),
    # A failure, a signal or an entry point that lacks a field it is read by is left out whole.
    "failures": Items(Whole({"step": LINE, "error": EVIDENCE_ERROR, "signal": LINE,
                             "kind": Choice(("error", "timeout", "crashed", "malformed",
                                             "shadowed")),
                             "output": Text(MAX_OUTPUT), "autoload": bool}, None,
                            required=("step", "kind"))),
    "entry_points": Items(EVIDENCE_ENTRY_POINT),
    "env": Named(TEXT, key=Grammar.LINE),
    "libraries": {
        "maps_read": bool, "maps_lines": Count(MAX_LINES), "truncated": bool,
        "after_devices": bool,
        "loaded": Items(Whole({"family": LINE, "path": PATH, "origin": ORIGIN, "owner": NAME,
                               "owner_version": LINE, "via": PATH}, None,
                              required=("family", "path"))),
        "wheel_copies": Items(Whole({"family": LINE, "path": PATH, "dist": NAME,
                                     "version": LINE}, None, required=("family", "path", "dist"))),
        "managed": Items(Whole({"name": NAME, "version": LINE, "manager": MANAGER}, None,
                               required=("name", "manager"))),
        "ld_preload": Items(PATH), "ld_library_path": Items(PATH),
        "cudnn_compiled": LINE, "cudnn_runtime": LINE,
        "rocm_wheels": Items(Whole({"name": NAME, "version": LINE, "manager": MANAGER}, None,
                                   required=("name",))),
        "torch_extras": Items(LINE), "torch_rocm_requires": Items(REQUIREMENT),
    },
    "timeout_s": Number(MAX_SECONDS),
    "autoload_disabled": bool,
    "probe_seconds": Number(MAX_SECONDS),
    "answers": {"outcome": LINE, "facts": VERIFY_FACTS, "seconds": Number(MAX_SECONDS),
                "steps": Items({"name": LINE, "ok": bool, "seconds": Number(MAX_SECONDS),
                                "error": ERROR})},
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
        if shape is None or value is None:
            checked[key] = value  # another payload's fact (its reader checks it), or unknown
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
    if isinstance(shape, Whole):
        inside: list[str] = []
        fitted_whole = _fit(value, shape.fields, where, inside)
        if isinstance(fitted_whole, Mapping):
            inside += [f"{where}: no {name}" for name in shape.required
                       if fitted_whole.get(name) is None]  # fmt: skip
        problems.extend(inside)
        if not inside:
            return fitted_whole
        return None if shape.instead is None else dict(shape.instead)
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
        if len(value) > MAX_ITEMS:
            problems.append(f"{where}: {len(value)} entries, over {MAX_ITEMS}; the rest left out")
        for name, item in list(value.items())[:MAX_ITEMS]:
            if shape.key is not None and not (
                len(name) <= MAX_NAME and fits_grammar(name, shape.key)
            ):
                problems.append(f"{where}: {_shown(name)} is not {shape.key.value}")
                continue
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
        # An int compares with any bound exactly; math.isfinite() would turn it into a float,
        # which overflows at 400 digits.
        finite = number and (not isinstance(value, float) or math.isfinite(value))
        if not finite or not 0 <= value <= shape.high:
            return _reject(value, f"is not a number from 0 to {shape.high:g}", where, problems)
        return value
    if isinstance(shape, Text):
        if not isinstance(value, str):
            return _reject(value, "is not a text", where, problems)
        if len(value) > shape.limit and not shape.clip:
            return _reject(value, f"is longer than {shape.limit} characters", where, problems)
        if shape.grammar is not None and not fits_grammar(value, shape.grammar):
            return _reject(value, f"is not {shape.grammar.value}", where, problems)
        return clip(value, shape.limit) if len(value) > shape.limit else value
    if isinstance(shape, Choice):
        if not isinstance(value, str) or value not in shape.values:
            return _reject(value, f"is not one of {', '.join(shape.values)}", where, problems)
        return value
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
