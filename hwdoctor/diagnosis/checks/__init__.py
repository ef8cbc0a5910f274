"""The detect checks: each a pure function from evidence to findings, declaring what it reads.

One module per area of the machine; `@check` registers a check in `CHECKS`, and
`REPORT_ORDER` below is the order a report lists their findings in within a severity. A check
iterates the registry and never branches on a backend's name; it returns codes and
parameters (`findings.finding`, typed per code from the catalogue), never sentences.
When a section a check reads is unknown (a pasted report that shows no host scan, say),
the check does not run and is listed as not checked, with the section it lacked. A check
sees the evidence through `Known`, which shows only the sections it declared (its
`optional` ones where known): reading another raises `Undeclared`, so the declaration is
the whole of what a check depends on.
"""

from __future__ import annotations

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

# The areas, in the order their checks are listed below.
AREAS: Final = (probe, packages, hardware, devices, driver, host, libraries, health)
# The order a report lists findings in within a severity: the probe first (nothing else holds
# when torch does not import), then what is installed, what the hardware needs of it, the
# devices, the driver, where hwdoctor runs, what the process loaded, the GPUs' health.
REPORT_ORDER: Final = (
    # probe
    "torch_installed",
    "probe_failures",
    # packages
    "torch_requirements",
    "extension_abi",
    # hardware
    "build_for_hardware",
    "hardware_without_backend",
    "apple_silicon",
    "mps_refused",
    # devices
    "package_without_hardware",
    "hidden_devices",
    "visibility_mask",
    "arch_compiled",
    "torch_said_no_code",
    "gfx_on_host",
    # driver
    "nvidia_driver",
    "driver_libraries",
    # host
    "device_order",
    "device_access",
    "container",
    "shared_memory",
    "tools",
    # libraries
    "loaded_libraries",
    "package_managers",
    "cudnn_version",
    "rocm_wheels",
    # health
    "kernel_log",
    "gpu_health",
)
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
    "run",
]
