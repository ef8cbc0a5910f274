"""The detect checks: each a pure function from evidence to findings, declaring what it reads.

One module per area of the machine; `@check` registers a check in `CHECKS`, and each area
module's `ORDER` is the order a report lists its findings in within a severity, the areas in
the order of `AREAS` below (`REPORT_ORDER`). A check iterates the registry and never
branches on a backend's name; it returns codes and parameters (`findings.finding`, typed per
code from the catalogue), never sentences.
When a section a check reads is unknown (a pasted report that shows no host scan, say),
the check does not run and is listed as not checked, with the section it lacked. A check
sees the evidence through `Known`, which shows only the sections it declared (its
`optional` ones where known): reading another raises `Undeclared`, so the declaration is
the whole of what a check depends on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Final

from hwdoctor.diagnosis.checks import (
    devices,
    driver,
    hardware,
    health,
    host,
    libraries,
    packages,
    probe,
)
from hwdoctor.diagnosis.checks.core import (
    CHECKS,
    Check,
    Checks,
    IfKnown,
    Known,
    Undeclared,
    Unknown,
    check,
    diagnose,
    run,
)
from hwdoctor.diagnosis.checks.devices import models
from hwdoctor.diagnosis.checks.host import is_device_path
from hwdoctor.diagnosis.checks.libraries import cudnn_compatible
from hwdoctor.diagnosis.checks.packages import COMPANIONS

# The areas, in the order their findings are listed in within a severity: the probe first
# (nothing else holds when torch does not import), then what is installed, what the hardware
# needs of it, the devices, the driver, where hwdoctor runs, what the process loaded, the GPUs'
# health. Each area module lists its own checks' order in its `ORDER`, so a check added to an
# area is placed there and nowhere else; a new area module is imported above and named here.
AREAS: Final = (probe, packages, hardware, devices, driver, host, libraries, health)


def report_order(
    areas: Sequence[ModuleType], registered: Iterable[Check[Known]]
) -> tuple[str, ...]:
    """The areas' orders one after the other. An area's `ORDER` names its own checks, every
    one of them once; a check it leaves out, or another module's, is refused here, at import
    (a check left out of the order would never run), as `CHECKS.order` refuses a check that
    no area lists."""
    names: list[str] = []
    for area in areas:
        own = [c.name for c in registered if c.run.__module__ == area.__name__]
        listed = [c.name for c in area.ORDER]
        if sorted(listed) != sorted(own):
            missing = sorted(set(own) - set(listed))
            stray = sorted(set(listed) - set(own))
            raise ValueError(
                f"{area.__name__}.ORDER leaves out {missing} and names {stray} (or one twice)"
            )
        names.extend(listed)
    return tuple(names)


REPORT_ORDER: Final = report_order(AREAS, CHECKS)
CHECKS.order(REPORT_ORDER)

__all__ = [
    "AREAS",
    "CHECKS",
    "COMPANIONS",
    "REPORT_ORDER",
    "Check",
    "Checks",
    "IfKnown",
    "Known",
    "Undeclared",
    "Unknown",
    "check",
    "cudnn_compatible",
    "diagnose",
    "is_device_path",
    "models",
    "report_order",
    "run",
]
