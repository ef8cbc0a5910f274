"""Diagnosis: evidence in, report out. Pure functions: no I/O, no subprocess, no clock.

A machine's evidence (gathered live, or a saved file) is `machine`'s: `detect()`,
`explain()` and `explain_device()`, named here too. A pasted report is `pasted`'s and
`pasted_explain`'s. The names are bound on first use, so the paste path, which imports only
its own modules, does not pay for the live commands' (verification, load fits, the model
records): a command imports what it uses (DESIGN.md, lazy by construction).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# The names `machine` lends this package; any other is a submodule's, imported as ever.
__all__ = [
    "STACK",
    "UNKNOWN_HOST",
    "UNKNOWN_PYTHON",
    "UNKNOWN_TORCH",
    "detect",
    "explain",
    "explain_device",
    "judged",
]

if TYPE_CHECKING:
    from hwdoctor.diagnosis.machine import (
        STACK,
        UNKNOWN_HOST,
        UNKNOWN_PYTHON,
        UNKNOWN_TORCH,
        detect,
        explain,
        explain_device,
        judged,
    )
else:

    def __getattr__(name: str) -> Any:
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from hwdoctor.diagnosis import machine

        value = getattr(machine, name)
        globals()[name] = value  # looked up once
        return value
