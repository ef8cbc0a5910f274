"""Every record of the model has one JSON form, made from its fields (model/serial.py): a
filled record reads back from what it writes, and a garbled value reads as a missing one.
The records are found in the model's modules, so a new record is tested without a line here.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Annotated, Any, Union

import pytest

import hwdoctor.model
from hwdoctor.model import serial
from hwdoctor.model.facts import Evidence
from hwdoctor.model.serial import Record

MODULES = [
    importlib.import_module(f"hwdoctor.model.{info.name}")
    for info in pkgutil.iter_modules(hwdoctor.model.__path__)
]
RECORDS = sorted(
    {
        value
        for module in MODULES
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Record) and value is not Record
    },
    key=lambda cls: cls.__qualname__,
)


def test_the_model_has_records() -> None:
    assert {"Evidence", "BackendFacts", "DetectReport", "ProbeRun", "Fit"} <= {
        cls.__name__ for cls in RECORDS
    }


def _optional(hint: Any) -> Any:
    if typing.get_origin(hint) in (Union, types.UnionType):
        args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return args[0] if len(args) == 1 else None
    return None


def filled(hint: Any, name: str = "x") -> Any:
    """A value of every field, none of them a default: strings name their field."""
    hint = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    inner = _optional(hint)
    if inner is not None:
        return filled(inner, name)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is str:
        return f"{name} value"
    if hint is bool:
        return True
    if hint is int:
        return 7
    if hint is float:
        return 1.5
    if hint is Any:
        return {"any": [1, "a", None]}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return list(hint)[-1]
    if origin is tuple and args[-1] is Ellipsis:
        return (filled(args[0], name),)
    if origin is tuple:
        return tuple(filled(arg, f"{name}{i}") for i, arg in enumerate(args))
    if origin in (Mapping, dict):
        value = filled(args[1], name)
        key = next((f.attribute for f in _fields(value) if f.spec.key), None)
        if key is not None:  # a record filed under its key
            return {"k": dataclasses.replace(value, **{key: "k"})}
        return {"k": value}
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        hints = typing.get_type_hints(hint, include_extras=True)
        values = {f.name: filled(hints[f.name], f.name) for f in dataclasses.fields(hint)}
        if issubclass(hint, Record):  # booleans that default to True are filled with False
            values.update({f.attribute: False for f in serial.fields(hint) if f.fallback() is True})
        return hint(**values)
    raise AssertionError(f"no filled value for {hint!r}")


def _fields(value: object) -> tuple[serial.Field, ...]:
    return serial.fields(type(value)) if isinstance(value, Record) else ()


def _without_written_only(hint: Any, data: Any) -> Any:
    """The data without the fields that are only written (a converter, and none back),
    in the record and in those it holds."""
    hint = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    hint = _optional(hint) or hint
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and issubclass(hint, Record) and isinstance(data, dict):
        hints = typing.get_type_hints(hint, include_extras=True)
        kept = dict(data)
        for field in serial.fields(hint):
            into = kept
            for part in field.path[:-1]:
                into[part] = dict(into.get(part, {}))
                into = into[part]
            if field.spec.write is not None and field.spec.read is None:
                into.pop(field.path[-1], None)
            elif field.path[-1] in into:
                into[field.path[-1]] = _without_written_only(
                    hints[field.attribute], into[field.path[-1]]
                )
        return kept
    if origin is tuple and args and args[-1] is Ellipsis and isinstance(data, list):
        return [_without_written_only(args[0], item) for item in data]
    if origin in (Mapping, dict) and isinstance(data, dict):
        return {key: _without_written_only(args[1], item) for key, item in data.items()}
    return data


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_a_filled_record_reads_back_from_what_it_writes(cls: type[Record]) -> None:
    record = filled(cls)
    full = json.loads(json.dumps(serial.write(record, full=True)))
    again = serial.read(cls, full)
    assert again is not None
    # Every value filled in (none is a default) is written again as it was read.
    written = json.loads(json.dumps(serial.write(again, full=True)))
    assert _without_written_only(cls, written) == _without_written_only(cls, full)
    # Each form, its class's own where it has one, is plain JSON.
    json.dumps([record.to_json(), record.record()], allow_nan=False)


def _garbled(hint: Any) -> Any:
    """A value of another type than `hint` (None for a string, which reads anything)."""
    hint = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    return None if hint in (str, Any) or _optional(hint) is str else "garbled"


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_a_garbled_record_reads_as_a_missing_one(cls: type[Record]) -> None:
    hints = typing.get_type_hints(cls, include_extras=True)
    garbled: dict[str, Any] = {}
    for field in serial.fields(cls):
        into = garbled
        for part in field.path[:-1]:
            into = into.setdefault(part, {})
        into[field.path[-1]] = _garbled(hints[field.attribute])
    missing = serial.read(cls, {})
    assert serial.read(cls, garbled) == missing
    for not_an_object in (None, "x", 5, [garbled]):
        assert serial.read(cls, not_an_object) is None
    # A list keeps the items that read; a string is no list of its letters.
    assert serial.read_all(cls, ["x", garbled, None]) == (() if missing is None else (missing,))
    assert serial.read_all(cls, "xy") == ()


def test_evidence_reads_its_own_file_and_refuses_others() -> None:
    evidence = filled(Evidence)
    document = json.loads(json.dumps(evidence.to_json()))
    assert document["kind"] == "hwdoctor.evidence" and "skipped" not in document
    again = Evidence.from_json(document)
    assert dataclasses.replace(again, source=evidence.source, skipped=evidence.skipped) == evidence
    assert again.source.live is False  # read from a file
    with pytest.raises(ValueError, match="not a hwdoctor evidence file"):
        Evidence.from_json({**document, "kind": "other"})


@dataclasses.dataclass(frozen=True, slots=True)
class _Named(Record):
    name: str
    version: str = "unknown"
    note: str | None = "none given"
    tags: tuple[str, ...] = ()


@pytest.mark.parametrize("value", [{"a": 1}, ["a"], 5, 1.5, True])
def test_a_string_reads_only_from_a_string(value: Any) -> None:
    """Neither `str()` of an object nor of a number is a text the file held: it reads as
    missing (the default; None where the field may be None), and a list keeps only its
    strings."""
    read = _Named.from_json({"name": value, "version": value, "note": value, "tags": ["x", value]})
    assert read == _Named(name="", version="unknown", note=None, tags=("x",))
    assert _Named.from_json({"name": "a", "version": "1"}) == _Named(name="a", version="1")


def test_a_type_without_a_json_form_fails_when_the_class_is_defined() -> None:
    with pytest.raises(TypeError, match=r"Either\.value: int \| str \| None has no JSON form"):

        @dataclasses.dataclass(frozen=True, slots=True)
        class Either(Record):
            value: int | str | None = None

    with pytest.raises(TypeError, match=r"Listed\.items: list\[str\]"):

        @dataclasses.dataclass(frozen=True)
        class Listed(Record):
            items: list[str]

    with pytest.raises(TypeError, match=r"Nested\.pairs"):

        @dataclasses.dataclass(frozen=True, slots=True)
        class Nested(Record):
            pairs: tuple[tuple[str, set[int]], ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class _Holder(Record):
    """A record naming one defined after it, a field with its own reader, a skipped one."""

    later: _Later | None = None
    either: Annotated[int | str | None, serial.Json(read=lambda value: value)] = None
    shown: Annotated[frozenset[str], serial.Json(skip=True)] = frozenset()


@dataclasses.dataclass(frozen=True, slots=True)
class _Later(Record):
    count: int = 0


def test_a_field_that_says_how_it_reads_or_is_never_read_is_defined() -> None:
    """A name defined further down is read when first used; a field with its own reader, or
    skipped, may have any type."""
    read = _Holder.from_json({"later": {"count": 3}, "either": "a", "shown": ["x"]})
    assert read == _Holder(later=_Later(3), either="a")


@dataclasses.dataclass(frozen=True, slots=True)
class _Judged(Record):
    verdict: str | None = None

    json_derived = ("fits",)

    @property
    def fits(self) -> bool | None:
        return None if self.verdict is None else self.verdict == "fits"


def test_a_derived_value_is_written_in_reports_and_never_read() -> None:
    judged = _Judged("fits")
    assert judged.to_json() == {"verdict": "fits", "fits": True}
    assert judged.record() == {"verdict": "fits"}  # an evidence file keeps what reads back
    assert _Judged.from_json({"verdict": "no", "fits": True}) == _Judged("no")
