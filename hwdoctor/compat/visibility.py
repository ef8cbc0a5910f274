"""Which devices a visibility variable lets a runtime see, by the runtimes' own rules.

- CUDA_VISIBLE_DEVICES: a comma-separated list of device indices (or UUIDs); "If one of the
  indices is invalid, only the devices whose index precedes the invalid index are visible
  to CUDA applications" (NVIDIA, CUDA C++ Programming Guide, "CUDA Environment Variables").
- ROCm: ROCR_VISIBLE_DEVICES selects first, then HIP_VISIBLE_DEVICES (or, where that is not
  set, CUDA_VISIBLE_DEVICES) indexes what is left (ROCm documentation, "GPU isolation
  techniques"). An invalid index there is not documented to cut the list, so a list that
  mixes valid and invalid indices is left undecided.

The other backends' variables (core ranges, sub-device masks) are not read by this rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from hwdoctor import registry

# The variables this rule reads, in the order the runtimes apply them.
_ORDER: Final = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")
# Where an invalid index ends the list (the CUDA runtime's rule above).
_TRUNCATING: Final = frozenset({registry.Build.CUDA.value})


@dataclass(frozen=True)
class Mask:
    """What one variable, read alone, says without knowing how many devices there are."""

    variable: str
    value: str
    # The number of devices at or below which none passes; 0 where none ever passes.
    hides_up_to: int
    # The variable applied before, whose selection this one indexes past ("ROCR_VISIBLE_
    # DEVICES", its value, how many it leaves at most); None where it alone decides.
    after: tuple[str, str, int] | None = None


def _applied(backend: registry.Backend, env: Mapping[str, str]) -> list[str]:
    """The variables set for `backend`, in the order the runtime applies them."""
    order: list[str] = [n for n in _ORDER if n in backend.visibility_env and n in env]
    if "HIP_VISIBLE_DEVICES" in order and "CUDA_VISIBLE_DEVICES" in order:
        order.remove("CUDA_VISIBLE_DEVICES")  # HIP reads it only where its own is unset
    return order


def _entries(value: str) -> list[int] | None:
    """The indices of a list (-1 for an entry that names no device, as "RR" does), or None
    where an entry is a UUID or MIG name (which device that is, the value alone does not
    say)."""
    entries = [entry.strip() for entry in value.strip().strip("\"'").split(",")]
    if entries == [""]:
        return []
    if any(_NAMED.match(entry) for entry in entries):
        return None
    return [int(entry) if re.fullmatch(r"-?\d+", entry) else -1 for entry in entries]


# A device named by its UUID ("GPU-8932f937-…", "MIG-…", or its first characters).
_NAMED: Final = re.compile(r"(?i)^(?:GPU|MIG)-")


def visible(backend: registry.Backend, env: Mapping[str, str], present: int) -> int | None:
    """How many of `present` devices the variables pass; None where no variable of this
    rule is set or the rule cannot tell (UUIDs, partly invalid HIP lists)."""
    order = _applied(backend, env)
    if not order:
        return None
    truncate = backend.query.build in _TRUNCATING
    count = present
    for name in order:
        entries = _entries(env[name])
        if entries is None:
            return None
        valid: list[int] = []
        for position, index in enumerate(entries):
            if 0 <= index < count:
                if index not in valid:
                    valid.append(index)
                continue
            if truncate:
                break
            if any(0 <= e < count for e in entries[position:]) or valid:
                return None
        count = len(valid)
    return count


def hiding(backend: registry.Backend, env: Mapping[str, str]) -> Mask | None:
    """The first variable that lets no device through on a machine with few enough devices,
    read without the count: a list of no index (empty, negative) hides every device; a list
    whose indices are all 1 or more hides them all on a machine with that few (for CUDA the
    first entry decides, for ROCm the lowest)."""
    truncate = backend.query.build in _TRUNCATING
    applied = _applied(backend, env)
    lists = [_entries(env[name]) for name in applied]
    # ROCm: the second variable indexes what the first left, at most as many devices as
    # the first lists: an index at or past that count names none of them, on any machine.
    for position in range(1, len(applied)):
        first, left = applied[position - 1], lists[position - 1]
        name, entries = applied[position], lists[position]
        if left and entries and min(entries) >= len(set(left)) and min(left) >= 0:
            return Mask(name, env[name], 0, (first, env[first], len(set(left))))
    for name, entries in zip(applied, lists, strict=True):
        if entries is None:
            return None
        real = [index for index in entries if index >= 0]
        if not real or (truncate and entries[0] < 0):
            return Mask(name, env[name], 0)
        lowest = entries[0] if truncate else min(real)
        if lowest >= 1 and (truncate or len(real) == len(entries)):
            return Mask(name, env[name], lowest)
    return None
