"""Device strings as users type them: `cuda`, `npu:1`, and device_map strategies.

Validation is hwdoctor's own (torch is never imported here) and at least as strict as
`torch.device()`: lowercase type, optional non-negative index without leading zeros.
"""

from __future__ import annotations

import re
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
    text: str
    type: str  # a registry device string, or a strategy
    index: int | None = None

    @property
    def is_strategy(self) -> bool:
        return self.type in STRATEGIES

    def __str__(self) -> str:
        return self.text


def parse(text: str, *, strategies: bool = False) -> DeviceRequest:
    """Parse a device string, or raise UsageError with a one-line reason and a suggestion."""
    shown = quoted(text)
    if strategies and text in STRATEGIES:
        return DeviceRequest(text, text)
    match = _DEVICE.match(text)
    if not match:
        raise UsageError(
            f"invalid device string {shown}",
            hint=_known_hint(strategies),
        )
    device_type, index_text = match.group("type"), match.group("index")
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
        return DeviceRequest(text, device_type)
    if not _INDEX.match(index_text):
        raise UsageError(
            f"invalid device index in {shown}: expected a non-negative integer without "
            f"leading zeros, as in '{device_type}:0'"
        )
    return DeviceRequest(text, device_type, int(index_text))


def known_types() -> tuple[str, ...]:
    return registry.DEVICE_STRINGS


def _known_hint(strategies: bool) -> str:
    known = ", ".join(registry.DEVICE_STRINGS)
    extra = f"; or a device_map strategy: {', '.join(STRATEGIES)}" if strategies else ""
    return f"device strings: {known}, optionally with an index (cuda:1){extra}"
