"""`detect --require`: what a CI job needs from this machine, checked against the report.

    cuda            a usable backend
    cuda>=8         a device count
    memory>=40GiB   free memory on every device training would use (host RAM on cpu)
    training=npu    the device type TrainingArguments picks
    torch>=2.6      a package version; a bare name: the package is installed

Parsing happens before anything is probed: a malformed expression is a usage error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.errors import UsageError
from hwdoctor.model.reports import DetectReport, Requirement, RequirementResult
from hwdoctor.units import human_bytes

# Matched against the stripped text: a lazy value followed by `\s*$` split a run of spaces
# before a line break every way there is (8,000 spaces took 2 s).
_EXPRESSION: Final = re.compile(
    r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:(?P<op>>=|<=|==|!=|~=|>|<|=)\s*(?P<value>\S.*))?"
)
# Numbers are ASCII digits only. Python's `\d`, `str.isdigit()` and `str.isdecimal()` accept
# other scripts' digits, and `int()`/`float()` read some of them: `'١٢'.isdecimal()` is True
# and int('١٢') is 12, so `cuda>=١٢` read as 12 while the line shows no number a reader
# of the configuration would recognise; `'²'.isdigit()` is True but float('²') raises, which
# made `cuda>=²` an internal error. A requirement is written by a person at a keyboard in a
# CI file or a Prolog's configuration: [0-9] is what the examples and every scheduler use.
# Bounded, so that a count or a size is a number a machine can have, never a float overflow.
_COUNT: Final = re.compile(r"[0-9]{1,9}")
_SIZE: Final = re.compile(
    r"^(?P<number>[0-9]{1,15}(?:\.[0-9]{1,9})?)\s*(?P<unit>[KMGT]?i?B?)$", re.IGNORECASE
)
_UNITS: Final = {
    "": 1, "b": 1,
    "k": 1000, "kb": 1000, "kib": 1 << 10, "ki": 1 << 10,
    "m": 1000**2, "mb": 1000**2, "mib": 1 << 20, "mi": 1 << 20,
    "g": 1000**3, "gb": 1000**3, "gib": 1 << 30, "gi": 1 << 30,
    "t": 1000**4, "tb": 1000**4, "tib": 1 << 40, "ti": 1 << 40,
}  # fmt: skip
_COMPARE: Final[Mapping[str, Callable[[float, float], bool]]] = {
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}
MEMORY: Final = "memory"
TRAINING: Final = "training"


def parse(text: str) -> Requirement:
    """One `--require` expression, or UsageError with what is wrong and an example."""
    match = _EXPRESSION.fullmatch(text.strip())
    if not match:
        raise UsageError(
            f"--require {text!r}: not a requirement",
            hint="examples: cuda, cuda>=8, memory>=40GiB, training=npu, torch>=2.6",
        )
    name, op, value = match.group("name"), match.group("op"), match.group("value")
    if (op is None) != (value is None):
        raise UsageError(f"--require {text!r}: an operator needs a value")
    if name == TRAINING:
        if op not in ("=", "==") or value not in registry.DEVICE_STRINGS:
            raise UsageError(
                f"--require {text!r}: expected training=DEVICE with a device string",
                hint="for example training=cuda or training=npu",
            )
        return Requirement(text, "training", name, "==", value)
    if name == MEMORY:
        size = parse_size(value or "")
        if op not in _COMPARE or size is None:
            raise UsageError(
                f"--require {text!r}: expected memory>=SIZE, e.g. memory>=40GiB",
            )
        return Requirement(text, "memory", name, op, str(size))
    mistaken = _not_a_device_string(name)
    if mistaken is not None:
        raise UsageError(f"--require {text!r}: {mistaken}", hint=_DEVICE_HINT)
    if name in registry.DEVICE_STRINGS:
        if op is None:
            return Requirement(text, "backend", name)
        if op not in _COMPARE or _COUNT.fullmatch(value or "") is None:
            raise UsageError(
                f"--require {text!r}: a device count must be a whole number in ASCII digits "
                f"(0-9), as in {name}>=1"
            )
        return Requirement(text, "count", name, op, value)
    if op is None:
        return Requirement(text, "package", name)
    spec = f"{'==' if op == '=' else op}{value}"
    if versions.parse_specifiers(spec) is None:
        raise UsageError(f"--require {text!r}: {value!r} is not a version", hint="e.g. torch>=2.6")
    return Requirement(text, "package", name, "==" if op == "=" else op, value)


_DEVICE_HINT: Final = "a backend is named by its device string: " + ", ".join(
    registry.DEVICE_STRINGS
)


def _not_a_device_string(name: str) -> str | None:
    """What is wrong with a name that stands for a device but is not its device string: a
    word for the hardware (the registry's aliases: `gpu`, `nvidia`, `gaudi`), a device string
    in capitals, or one misspelt by a slip of the keyboard (`cdua`, `nueron`, `cudaa`,
    `xpus`). Read as a package name, each would be "not installed" on every machine, so
    that a test marked with it is skipped forever, even on the hardware it meant. Only these
    slips are caught: a name one letter away otherwise may be a real package (cudf is
    RAPIDS', one letter from cuda), and stays a package requirement."""
    if name in registry.DEVICE_STRINGS:
        return None
    lowered = name.lower()
    rows = registry.for_alias(lowered)
    if rows:
        devices = tuple(dict.fromkeys(row.device for row in rows))
        if len(devices) == 1:
            return (
                f"{name!r} is a word for the hardware, not a device string: "
                f"write {devices[0]!r}, as in {devices[0]}>=1"
            )
        listed = ", ".join(devices[:-1]) + f" or {devices[-1]}"
        return f"{name!r} names several device strings ({listed}): write the one you need"
    if lowered in registry.DEVICE_STRINGS:
        return f"device strings are lower case: {lowered!r}"
    slipped = next((d for d in registry.DEVICE_STRINGS if _slip_of(lowered, d)), None)
    if slipped is not None:
        return f"{name!r} is not a device string (did you mean {slipped!r}?)"
    return None


def _slip_of(word: str, device: str) -> bool:
    """Whether `word` is `device` with two neighbouring letters swapped, one letter doubled,
    or a plural s."""
    if word == device + "s":
        return True
    if len(word) == len(device) + 1:
        return any(
            word[i] == word[i + 1] and word[:i] + word[i + 1 :] == device
            for i in range(len(word) - 1)
        )
    if len(word) != len(device):
        return False
    differ = [i for i in range(len(word)) if word[i] != device[i]]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and word[differ[0]] == device[differ[1]]
        and word[differ[1]] == device[differ[0]]
    )


def parse_size(text: str) -> int | None:
    """`40GiB`, `80 GB`, `512MiB` as bytes; None when it is not a size."""
    match = _SIZE.match(text.strip())
    if not match:
        return None
    unit = match.group("unit").lower()
    if unit not in _UNITS:
        return None
    return int(float(match.group("number")) * _UNITS[unit])


def dists(requirements: Sequence[Requirement]) -> tuple[str, ...]:
    """Distributions the probe must read for these requirements."""
    return tuple(r.name for r in requirements if r.kind == "package")


def check(
    requirement: Requirement,
    report: DetectReport,
    training_device: str | None,
    packages: Mapping[str, str | None],
) -> RequirementResult:
    return _CHECKS[requirement.kind](requirement, report, training_device, packages)


def _usable(report: DetectReport, device_type: str) -> list[str]:
    return [
        f"{device_type}:{device.index}"
        for backend in report.backends
        if backend.device == device_type and backend.available
        for device in backend.devices
    ] or ([registry.HOST] if device_type == registry.HOST else [])


def _why_not(report: DetectReport, device_type: str) -> str:
    notes = [
        f"{b.hardware}: {b.note}" for b in report.backends if b.device == device_type and b.note
    ]
    return "; ".join(notes) or "not found"


def _backend(
    req: Requirement, report: DetectReport, training: str | None, packages: Mapping[str, str | None]
) -> RequirementResult:
    usable = _usable(report, req.name)
    if usable:
        return RequirementResult(req, True, f"{len(usable)} usable {req.name} device(s)")
    return RequirementResult(
        req, False, f"no usable {req.name} device ({_why_not(report, req.name)})"
    )


def _count(
    req: Requirement, report: DetectReport, training: str | None, packages: Mapping[str, str | None]
) -> RequirementResult:
    usable = _usable(report, req.name)
    met = _COMPARE[req.op or ">="](len(usable), float(req.value or 0))
    found = f"{len(usable)} usable {req.name} device(s)"
    if not usable:
        found += f" ({_why_not(report, req.name)})"
    return RequirementResult(req, met, found)


def _memory(
    req: Requirement, report: DetectReport, training: str | None, packages: Mapping[str, str | None]
) -> RequirementResult:
    wanted = int(req.value or 0)
    device_type = (training or registry.HOST).split(":", 1)[0]
    frees: list[tuple[str, int | None]] = [
        (f"{device_type}:{device.index}", device.free_memory_bytes)
        for backend in report.backends
        if backend.device == device_type and backend.available
        for device in backend.devices
    ]
    if device_type == registry.HOST or not frees:
        frees = [(f"{registry.HOST} (host RAM)", report.host.memory_available_bytes)]
    short = [
        (name, free)
        for name, free in frees
        if free is None or not _COMPARE[req.op or ">="](free, wanted)
    ]
    found = ", ".join(f"{name}: {human_bytes(free) or 'unknown'} free" for name, free in frees)
    return RequirementResult(req, not short, found)


def _training(
    req: Requirement, report: DetectReport, training: str | None, packages: Mapping[str, str | None]
) -> RequirementResult:
    picked = (training or "none").split(":", 1)[0]
    return RequirementResult(req, picked == req.value, f"TrainingArguments picks {training}")


def _package(
    req: Requirement, report: DetectReport, training: str | None, packages: Mapping[str, str | None]
) -> RequirementResult:
    version = packages.get(req.name)
    if version is None:
        # A name that is not installed and reads like a device string is most likely one
        # mistyped (`--require nueron`), as `--device` says of an unknown device type; the
        # bar is higher than there, for a package may merely look like one (cupy, cuda).
        device = registry.suggest(req.name, cutoff=0.75) if req.op is None else None
        hint = f" (did you mean the device '{device}'?)" if device else ""
        return RequirementResult(req, False, f"{req.name} is not installed{hint}")
    if req.op is None:
        return RequirementResult(req, True, f"{req.name} {version}")
    met = versions.satisfies(version, f"{req.op}{req.value}")
    return RequirementResult(req, bool(met), f"{req.name} {version}")


_CHECKS: Final = {
    "backend": _backend,
    "count": _count,
    "memory": _memory,
    "training": _training,
    "package": _package,
}
