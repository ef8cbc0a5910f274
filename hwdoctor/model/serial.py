"""The JSON form of every record, made from its field definitions: written and read back.

A record is a frozen dataclass that inherits `Record`: `to_json()` is its form in a command's
JSON report, `record()` its form in an evidence file (with the fields marked
`Json(evidence_only=True)`), `from_json(data)` reads either back. Each field is written
under its own name as its type says: a record as its JSON form, a tuple as a list, a string
enum as its value. A field whose JSON form differs says how in its annotation, and only
there:

    has_pip: Annotated[bool | None, Json("pip")] = None

A value that follows from the fields (a verdict, the items that disagree) is a property the
class names in `json_derived`: written after the fields in `to_json()`, never read back (so
an evidence file, `record()`, has no use for it).

Reading never raises, since a file is anyone's: a value that is missing, garbled or of
another type (`{"a": 1}` where a string belongs) reads as the field's default, or as its
type's empty value (None, "", 0, False, (), {}) when it has none, and a list item or map
value that is not what the type says is dropped. Reading a class's form is worked out once
per class, on first use, so a command that writes no JSON (`--help`, `list`) pays nothing
for it; only whether each field's type has a JSON form at all is checked when the class is
defined, so a record with a type this module cannot read (`int | str | None`) fails at
import, never by reading as nothing.
"""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import sys
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any, ClassVar, Final, TypeVar, Union

T = TypeVar("T")

ABSENT: Final[Any] = object()  # a value that does not read as its type


@dataclasses.dataclass(frozen=True, slots=True)
class Json:
    """How a field's JSON form differs from the default (its name, its type's form)."""

    name: str | None = None  # the key, when not the field's name; "a.b": b inside object a
    evidence_only: bool = False  # in `record()` (evidence files), not in `to_json()` (reports)
    skip: bool = False  # never written, never read (it reads as `missing` or its default)
    omit_none: bool = False  # left out when None
    # What the field reads as when the data lacks it, garbles it, or (a string) leaves it
    # empty, when that is not the field's default.
    missing: Any = ABSENT
    key: bool = False  # the key a map of these records files it under; not in its own form
    write: Callable[[Any], Any] | None = None  # the value's JSON form, in place of the default
    # The field from the JSON value; returns ABSENT (or raises nothing) when it does not read.
    read: Callable[[Any], Any] | None = None
    needed: bool = False  # without a value of its type, the record as a whole is unknown


class Record:
    """A frozen dataclass with the JSON form its fields describe (see the module's doc)."""

    __slots__ = ()
    # Properties `to_json()` writes after the fields, each under its own name (a verdict, a
    # list the fields make): never read back, since they follow from the fields.
    json_derived: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        # A dataclass with slots is made anew from the class: its fields were checked then.
        if "__dataclass_fields__" not in cls.__dict__:
            check_hints(cls)

    def to_json(self) -> dict[str, Any]:
        """The form in a command's JSON report."""
        return write(self)

    def record(self) -> dict[str, Any]:
        """The form in an evidence file: with the fields only evidence keeps."""
        return write(self, full=True)

    @classmethod
    def from_json(cls: type[T], data: Any) -> T | None:
        """The record `to_json()` or `record()` wrote; None when `data` is no JSON object
        or lacks a field the record cannot be without (`Json(needed=True)`)."""
        return read(cls, data)

    @classmethod
    def json_input(cls, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """The data as this version writes it, from another form of it (an older evidence
        format, a probe payload's): what a class reads besides its own form."""
        return data


def milliseconds(seconds: float) -> float:
    """A duration as written: seconds, to the millisecond."""
    return round(seconds, 3)


def write(record: object, *, full: bool = False) -> dict[str, Any]:
    """A record's fields as plain JSON data; with `full`, those marked `evidence_only` too."""
    data: dict[str, Any] = {}
    for field in fields(type(record)):
        spec = field.spec
        if spec.skip or spec.key or (spec.evidence_only and not full):
            continue
        value = getattr(record, field.attribute)
        if value is None and spec.omit_none:
            continue
        into = data
        for part in field.path[:-1]:
            into = into.setdefault(part, {})
        into[field.path[-1]] = spec.write(value) if spec.write else _data(value, full)
    for name in () if full else getattr(type(record), "json_derived", ()):
        data[name] = _data(getattr(record, name), full)
    return data


def read(cls: type[T], data: Any, *, key: str | None = None) -> T | None:
    """The record `data` holds, or None when it is no JSON object or lacks a needed field.
    `key`: the key a map files it under, for its `Json(key=True)` field."""
    if not isinstance(data, Mapping):
        return None
    upgrade = getattr(cls, "json_input", None)
    if upgrade is not None:
        data = upgrade(data)
    values: dict[str, Any] = {}
    for field in fields(cls):
        if field.spec.key:
            value = key if key is not None else ABSENT
        elif field.spec.skip:
            value = ABSENT
        else:
            value = _dig(data, field.path)
            value = field.read(value) if value is not ABSENT else ABSENT
        if value is ABSENT and field.spec.needed:
            return None
        if value is ABSENT or (field.empty_is_missing and value == ""):
            value = field.fallback()
        values[field.attribute] = value
    return cls(**values)


def read_all(cls: type[T], items: Any) -> tuple[T, ...]:
    """The records of a JSON list; what is not one is dropped."""
    found = _reader(tuple[cls, ...])(items)  # type: ignore[valid-type]
    return () if found is ABSENT else typing.cast("tuple[T, ...]", found)


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """A field of a record as it is read and written: its `Json`, worked out."""

    attribute: str
    spec: Json
    path: tuple[str, ...]  # where its value is in the JSON object
    read: Callable[[Any], Any]  # the value from JSON data, or ABSENT
    fallback: Callable[[], Any]  # the value when the data has none that reads
    empty_is_missing: bool  # an empty string reads as the fallback


def fields(cls: Any) -> tuple[Field, ...]:
    """The fields of a record class, as they are read and written (worked out once)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _specs(cls)
    return found


_FIELDS: dict[type, tuple[Field, ...]] = {}


def _specs(cls: Any) -> tuple[Field, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    found = []
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        spec = Json()
        if typing.get_origin(hint) is typing.Annotated:
            hint, *extras = typing.get_args(hint)
            spec = next((extra for extra in extras if isinstance(extra, Json)), spec)
        found.append(
            Field(
                attribute=field.name,
                spec=spec,
                path=tuple((spec.name or field.name).split(".")),
                read=spec.read or (_never if spec.skip or spec.key else _reader(hint)),
                fallback=_fallback(field, spec, hint),
                empty_is_missing=spec.missing is not ABSENT and hint is str,
            )
        )
    return tuple(found)


def _never(value: Any) -> Any:
    """The reader of a field that is never read (`skip`, or a map's `key`)."""
    return ABSENT


def _fallback(field: dataclasses.Field[Any], spec: Json, hint: Any) -> Callable[[], Any]:
    """What a field reads as when its value is missing or does not read."""
    if spec.missing is not ABSENT:
        return lambda: spec.missing
    if field.default is not dataclasses.MISSING:
        return lambda: field.default
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory
    return lambda: _empty(hint)


def _empty(hint: Any) -> Any:
    """A type's empty value, for a field without a default."""
    origin = typing.get_origin(hint)
    if _optional(hint) is not None or hint is Any:
        return None
    if isinstance(hint, type) and issubclass(hint, Enum):
        return None
    if hint in (str, int, float, bool):
        return hint()
    if origin is tuple:
        return ()
    if origin in (Mapping, dict):
        return {}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return read(hint, {})
    return None


def _optional(hint: Any) -> Any:
    """X of `X | None`, else None."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if len(args) < len(typing.get_args(hint)):
            return args[0] if len(args) == 1 else Union[tuple(args)]  # noqa: UP007
    return None


@cache
def _reader(hint: Any) -> Callable[[Any], Any]:
    """How a JSON value reads as `hint`: the value, or ABSENT when it does not."""
    inner = _optional(hint)
    if inner is not None:
        read_inner = _reader(inner)

        def optional(value: Any) -> Any:
            if value is None:
                return None
            got = read_inner(value)
            return None if got is ABSENT else got

        return optional
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return lambda value: value
    if hint is str:  # only a string: str() of an object or a number is no value it held
        return lambda value: value if isinstance(value, str) else ABSENT
    if hint is bool:
        return lambda value: value if isinstance(value, bool) else ABSENT
    if hint is int:
        return lambda value: value if type(value) is int else ABSENT
    if hint is float:
        return lambda value: float(value) if type(value) in (int, float) else ABSENT
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum_reader(hint)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return lambda value: ABSENT if (got := read(hint, value)) is None else got
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        read_item = _reader(args[0])

        def items(value: Any) -> Any:
            if isinstance(value, Mapping) and _pairs(args[0]):
                value = list(value.items())  # pairs written as a JSON object
            if not isinstance(value, (list, tuple)):
                return ABSENT
            return tuple(got for item in value if (got := read_item(item)) is not ABSENT)

        return items
    if origin is tuple:
        readers = tuple(_reader(arg) for arg in args)

        def fixed(value: Any) -> Any:
            if not isinstance(value, (list, tuple)) or len(value) != len(readers):
                return ABSENT
            got = tuple(each(item) for each, item in zip(readers, value, strict=True))
            return ABSENT if ABSENT in got else got

        return fixed
    if origin in (Mapping, dict):
        return _mapping_reader(args[1] if args else Any)
    # No JSON form to read: a field of this type says how with Json(read=...), or skip=True.
    raise TypeError(f"no JSON form to read as {hint!r}")


def _pairs(hint: Any) -> bool:
    """`tuple[str, X]`: a pair a map can be written as (`Json(write=dict)`)."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is not Ellipsis


def _enum_reader(cls: type[Enum]) -> Callable[[Any], Any]:
    def member(value: Any) -> Any:
        try:
            return cls(value)
        except (ValueError, TypeError):
            return ABSENT

    return member


def _mapping_reader(hint: Any) -> Callable[[Any], Any]:
    """A JSON object as a map of `hint`; a record with a `Json(key=True)` field gets its key."""
    record = _optional(hint) or hint
    keyed = (
        isinstance(record, type)
        and dataclasses.is_dataclass(record)
        and any(field.spec.key for field in fields(record))
    )
    if keyed:
        cls = record
        optional = record is not hint

        def read_value(name: str, value: Any) -> Any:
            got = read(cls, value, key=name)
            return None if got is None and optional else ABSENT if got is None else got
    else:
        read_item = _reader(hint)

        def read_value(name: str, value: Any) -> Any:
            return read_item(value)

    def mapping(value: Any) -> Any:
        if not isinstance(value, Mapping):
            return ABSENT
        found = {str(name): read_value(str(name), item) for name, item in value.items()}
        return {name: item for name, item in found.items() if item is not ABSENT}

    return mapping


def _dig(data: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = data
    for part in path:
        if not isinstance(value, Mapping) or part not in value:
            return ABSENT
        value = value[part]
    return value


def _data(value: Any, full: bool) -> Any:
    """A value as plain JSON data: records as their form, tuples as lists, enums as values."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, Record):
        return value.record() if full else value.to_json()
    if hasattr(type(value), "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return write(value, full=full)
    if isinstance(value, Mapping):
        return {name: _data(item, full) for name, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_data(item, full) for item in value]
    return value


# --- at definition: whether each field's type has a JSON form ---------------------------------


class _Later:
    """Stands for a name a record's annotation uses before the module defines it (a record
    further down, a TYPE_CHECKING import): its type is checked when the class is first read."""


class _LaterNames(dict[str, Any]):
    """The names an annotation sees at its class's definition: the module's, the builtins,
    else a `_Later` class of that name."""

    def __init__(self, names: Mapping[str, Any]) -> None:
        super().__init__()
        self.names = names

    def __missing__(self, name: str) -> Any:
        if name in self.names:
            return self.names[name]
        if hasattr(builtins, name):
            return getattr(builtins, name)
        return type(name, (_Later,), {})


# The hints of most fields: each has a JSON form whatever module writes it.
_PLAIN: Final = frozenset(
    f"{name}{tail}" for name in ("str", "int", "float", "bool", "Any") for tail in ("", " | None")
) | {"tuple[str, ...]", "Mapping[str, str]", "Mapping[str, Any]", "Mapping[str, Any] | None"}


@cache
def _compiled(hint: str) -> types.CodeType:
    """An annotation's code, compiled once for every record that writes it the same way."""
    return compile(hint, "<annotation>", "eval")


def check_hints(cls: type) -> None:
    """Raise TypeError when a field of `cls` (its own annotations, as written) has a type
    that no JSON value reads as, unless its `Json` reads it itself or skips it."""
    names = _LaterNames(vars(sys.modules[cls.__module__]))
    for attribute, hint in inspect.get_annotations(cls).items():
        if not isinstance(hint, str):
            hint = repr(hint)  # written without `from __future__ import annotations`
        if hint in _PLAIN or hint.startswith(("ClassVar", "typing.ClassVar", "Final")):
            continue
        bare = hint.removesuffix(" | None")  # as readable as the type it may be None for
        try:
            # the class's own annotation, in its module's names
            value = names[bare] if bare.isidentifier() else eval(_compiled(hint), {}, names)
        except (AttributeError, TypeError):  # an attribute of a name defined later
            continue
        spec = Json()
        if typing.get_origin(value) is typing.Annotated:
            value, *extras = typing.get_args(value)
            spec = next((extra for extra in extras if isinstance(extra, Json)), spec)
        if spec.read is None and not spec.skip and not spec.key and not _readable(value):
            raise TypeError(
                f"{cls.__qualname__}.{attribute}: {hint} has no JSON form to read; "
                "give it one with Json(read=...), or Json(skip=True)"
            )


def _readable(hint: Any) -> bool:
    """Whether `_reader` reads `hint` (a `_Later` name: when it is first read)."""
    inner = _optional(hint)
    if inner is not None:
        return _readable(inner)
    if hint in (Any, object, str, bool, int, float):
        return True
    if isinstance(hint, type):
        return issubclass(hint, (Enum, _Later)) or dataclasses.is_dataclass(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        items = args[:1] if len(args) == 2 and args[1] is Ellipsis else args
        return all(_readable(arg) for arg in items)
    if origin in (Mapping, dict):
        return not args or _readable(args[1])
    return False
