"""Device strings as users type them: `cuda`, `npu:1`, and device_map strategies.

Validation is hwdoctor's own (torch is never imported here) and at least as strict as
`torch.device()`: lowercase type, optional non-negative index without leading zeros.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor import registry
from hwdoctor.errors import UsageError
from hwdoctor.text import quoted

# device_map strategies transformers accepts as strings (exact, case-sensitive).
STRATEGIES: Final = ("auto", "balanced", "balanced_low_0", "sequential")
_DEVICE: Final = re.compile(r"^(?P<type>[a-z][a-z0-9_]*)(?::(?P<index>.*))?$")
_INDEX: Final = re.compile(r"^(0|[1-9][0-9]{0,5})$")


@dataclass(frozen=True, slots=True)
class DeviceRequest:
    text: str  # the device string: "npu:1" (for an alias, the string it stands for)
    type: str  # a registry device string, or a strategy
    index: int | None = None
    alias: str | None = None  # the word typed instead of the device string: "gaudi", "amd:1"

    @property
    def resolved(self) -> str | None:
        """How an alias was read, for the user: "gaudi → hpu"; None when none was typed."""
        return f"{self.alias} → {self.text}" if self.alias else None

    @property
    def is_strategy(self) -> bool:
        return self.type in STRATEGIES

    def __str__(self) -> str:
        return self.text


def parse(
    text: str,
    *,
    strategies: bool = False,
    hardware_here: Callable[[], Sequence[str]] | None = None,
) -> DeviceRequest:
    """Parse a device string, or a word for the hardware (registry aliases: "gaudi" is hpu),
    or raise UsageError with a one-line reason and a suggestion. `hardware_here`: the
    registry keys whose hardware this host shows, asked only to suggest a device for a word
    several devices share ("gpu")."""
    shown = quoted(text)
    if strategies and text in STRATEGIES:
        return DeviceRequest(text, text)
    match = _DEVICE.match(text.lower() if text.lower() in _ALIASES_TYPED else text)
    if not match:
        raise UsageError(
            f"invalid device string {shown}",
            hint=_known_hint(strategies),
        )
    device_type, index_text = match.group("type"), match.group("index")
    alias = None
    if device_type not in registry.DEVICE_STRINGS and registry.for_alias(device_type):
        alias, device_type = text.lower(), _aliased(device_type, hardware_here, strategies)
    if device_type not in registry.DEVICE_STRINGS:
        choices = registry.DEVICE_STRINGS + (STRATEGIES if strategies else ())
        suggestion = registry.suggest(device_type, choices)
        # A backend's key that is not its device string ("rocm": AMD GPUs run under torch's
        # CUDA API, device "cuda") is named for what it is.
        row = registry.BY_KEY.get(device_type.lower())
        said = (
            f" ({row.hardware}s use the device string '{row.device}')"
            if row is not None and row.device != row.key
            else f" (did you mean '{suggestion}'?)"
            if suggestion
            else ""
        )
        raise UsageError(
            f"unknown device type {quoted(device_type)}{said}",
            hint=_known_hint(strategies),
        )
    if index_text is None:
        return DeviceRequest(device_type if alias else text, device_type, alias=alias)
    if not _INDEX.match(index_text):
        raise UsageError(
            f"invalid device index in {shown}: expected a non-negative integer without "
            f"leading zeros, as in '{device_type}:0'"
        )
    written = f"{device_type}:{index_text}" if alias else text
    return DeviceRequest(written, device_type, int(index_text), alias)


# An alias is a word for the hardware, typed in any case ("Gaudi", "NVIDIA").
_ALIASES_TYPED: Final = frozenset(registry.ALIASES)


def _aliased(word: str, hardware_here: Callable[[], Sequence[str]] | None, strategies: bool) -> str:
    """The device string an alias stands for; a word several device strings share is a
    usage error naming them, and the one whose hardware this host shows, if only one is.

    It is suggested, never taken: the same command line then means the same on every
    machine (a script's `--device gpu` would load on cuda here and on xpu there), and
    hardware on the bus is not a usable device (a CPU build of torch on an NVIDIA machine):
    `hwdoctor explain DEVICE` says what that device needs."""
    rows = registry.for_alias(word)
    by_device: dict[str, list[str]] = {}
    for row in rows:
        by_device.setdefault(row.device, []).append(row.hardware)
    if len(by_device) == 1:
        return rows[0].device
    choices = [f"{device} ({' or '.join(names)})" for device, names in by_device.items()]
    listed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
    present = [row for row in rows if hardware_here is not None and row.key in hardware_here()]
    here = {row.device for row in present}
    hint = (
        f"this machine shows {' and '.join(row.hardware for row in present)} hardware: "
        f"use {present[0].device}"
        if len(here) == 1
        else "pick one; hwdoctor list shows every backend"
    )
    raise UsageError(f"{quoted(word)} could be {listed}", hint=hint)


def known_types() -> tuple[str, ...]:
    return registry.DEVICE_STRINGS


def _known_hint(strategies: bool) -> str:
    known = ", ".join(registry.DEVICE_STRINGS)
    extra = f"; or a device_map strategy: {', '.join(STRATEGIES)}" if strategies else ""
    return f"device strings: {known}, optionally with an index (cuda:1){extra}"
