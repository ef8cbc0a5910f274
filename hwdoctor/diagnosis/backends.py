"""Each registry row as it stands in the evidence: status, note, and what stands in the way.

The one place a backend's verdict is worked out: `detect`'s rows, `explain DEVICE`'s rows
and `load`'s device check all read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from hwdoctor import devices, registry
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks import Known
from hwdoctor.model.facts import BackendFacts, Evidence, Section
from hwdoctor.model.reports import BackendReport, DeviceRow, Finding, Severity, Status

_PROBE_CODES: Final = frozenset(
    code.value for code in (Code.PROBE_TIMEOUT, Code.PROBE_CRASHED, Code.PROBE_ERROR)
)
_ROW_SECTIONS: Final = frozenset({Section.TORCH, Section.BACKENDS, Section.HOST})
_PLATFORM_NAMES: Final = {"darwin": "macOS", "linux": "Linux", "win32": "Windows"}


def rows(evidence: Evidence, found: Sequence[Finding]) -> tuple[BackendReport, ...]:
    """The registry's rows, then one for each backend the probe met that the registry lacks."""
    everything = registry.BACKENDS
    if evidence.backends is not None:
        everything = Known(evidence).all_backends()
    return tuple(row(backend, evidence, found) for backend in everything)


def row(backend: registry.Backend, evidence: Evidence, found: Sequence[Finding]) -> BackendReport:
    if _ROW_SECTIONS & evidence.unknown() or backend.key not in (evidence.backends or {}):
        return _unknown_row(backend)
    known = Known(evidence)
    facts = known.backends[backend.key]
    own = [f for f in found if f.backend == backend.key]
    return BackendReport(
        key=backend.key,
        hardware=backend.hardware,
        device=backend.device,
        package=backend.package,
        status=_status(facts, own, known),
        installed=facts.installed,
        version=facts.version if backend.module else (known.torch.version or None),
        importable=facts.importable,
        available=facts.available,
        device_count=facts.device_count if facts.available else 0,
        devices=facts.devices,
        note=note(backend, facts, known),
        hardware_present=known.hardware_present(backend),
    )


def _unknown_row(backend: registry.Backend) -> BackendReport:
    return BackendReport(
        key=backend.key,
        hardware=backend.hardware,
        device=backend.device,
        package=backend.package,
        status=Status.UNKNOWN,
        installed=False,
        version=None,
        importable=None,
        available=False,
        device_count=0,
        devices=(),
        note="not in the evidence",
        hardware_present=False,
    )


def _status(facts: BackendFacts, own: list[Finding], known: Known) -> Status:
    if any(f.code in _PROBE_CODES for f in own) or (not facts.probed and known.torch.importable):
        return Status.ERROR
    if any(f.severity is Severity.ERROR for f in own):
        return Status.FAIL
    if any(f.severity is Severity.WARNING for f in own):
        return Status.WARN
    return Status.OK if facts.available else Status.ABSENT


def platform_fits(backend: registry.Backend, known: Known) -> bool:
    host = known.host
    return (host.platform or "linux") in backend.platforms and (
        backend.machine is None or host.machine == backend.machine
    )


def note(backend: registry.Backend, facts: BackendFacts, known: Known) -> str:
    """One short reason for the row: what works, or what is missing."""
    if facts.available:
        if backend.query.kind is registry.QueryKind.CPU:
            name = known.host.cpu_name or known.host.machine
            return f"{name}, {known.host.cpu_count or '?'} cores"
        if facts.answered_by:
            return f"answered by {facts.answered_by}"
        return "auto-loaded by torch" if facts.autoloaded else ""
    if not platform_fits(backend, known):
        where = "/".join(_PLATFORM_NAMES.get(p, p) for p in backend.platforms)
        return f"{where} {backend.machine} only" if backend.machine else f"{where} only"
    parts = [_package_part(backend, facts, known), _hardware_part(backend, known)]
    return "; ".join(part for part in parts if part)


def _platforms(backend: registry.Backend) -> str:
    """Where a backend can be at all, in words: "macOS on arm64"."""
    where = " or ".join(_PLATFORM_NAMES.get(p, p) for p in backend.platforms)
    return f"{where} on {backend.machine}" if backend.machine else where


def _package_part(backend: registry.Backend, facts: BackendFacts, known: Known) -> str:
    torch = known.torch
    if not torch.importable:
        return "torch does not import" if torch.version else "torch not installed"
    if not facts.probed:
        return "not probed: a step hung or crashed"
    if backend.query.build and facts.reason == "build":
        return f"{registry.build_name(torch.build)} build"
    if backend.module and not facts.installed and facts.importable is None:
        return "not installed"
    if facts.importable is False:
        return "import fails"
    if facts.query_error:
        return f"is_available() raised {facts.query_error.type}"
    if facts.answered_by:
        return f"installed; no device ({facts.answered_by})"
    reasons: Mapping[str | None, str] = {
        "no_module": f"torch has no {backend.query.module}",
        "disabled": "disabled by USE_TORCH_XLA",
        "not_imported": "not imported",
    }
    return reasons.get(facts.reason, "no device")


def _hardware_part(backend: registry.Backend, known: Known) -> str:
    if backend.query.kind is registry.QueryKind.CPU:
        return ""
    if known.hardware_present(backend):
        return f"hardware: {known.hardware_detail(backend)}"
    if not backend.pci and not backend.device_nodes and not backend.tools:
        return ""
    return "no hardware"


def device_rows(request: devices.DeviceRequest, evidence: Evidence) -> tuple[DeviceRow, ...]:
    """Every registry row behind a device string, as it stands in the evidence."""
    known = Known(evidence)
    return tuple(_device_row(b, known, request) for b in registry.for_device(request.type))


def _device_row(
    backend: registry.Backend, known: Known, request: devices.DeviceRequest
) -> DeviceRow:
    facts = known.backends[backend.key]
    present = known.hardware_present(backend)
    wrong_build = bool(backend.query.build) and facts.reason == "build"
    missing: list[str] = []
    hardware: list[str] = []
    if not platform_fits(backend, known):
        missing.append(f"{backend.hardware} needs {_platforms(backend)}")
    else:
        if backend.module and not facts.installed and facts.importable is None:
            missing.append(f"{backend.package} is not installed")
        elif facts.importable is False:
            missing.append(f"{backend.package} is installed but fails to import")
        elif backend.query.build and facts.reason == "build":
            missing.append(
                f"torch is a {registry.build_name(known.torch.build)} build, not a "
                f"{backend.query.build.label} one"
            )
        if not present and not facts.available and backend.query.kind is not registry.QueryKind.CPU:
            hardware.append(f"no {backend.hardware} hardware found")
        elif present and not facts.available and not missing:
            hardware.append(f"{backend.hardware} hardware is present but no device is usable")
        missing += hardware
    usable = facts.available and facts.device_count > 0
    if usable and request.index is not None and request.index >= facts.device_count:
        missing.append(
            f"there is no {request.type}:{request.index}: {facts.device_count} device(s) "
            "visible"
            + (f" ({', '.join(backend.visibility_env)})" if backend.visibility_env else "")
        )
        usable = False
    return DeviceRow(
        key=backend.key,
        hardware=backend.hardware,
        package=backend.package,
        install=str(known.install_line(backend)) or known.elsewhere(backend),
        install_command=known.install_line(backend, replace=wrong_build),
        wrong_build=wrong_build,
        installed=facts.installed,
        version=facts.version if backend.module else known.torch.version,
        importable=facts.importable,
        hardware_present=present,
        hardware_detail=known.hardware_detail(backend),
        usable=usable,
        device_count=facts.device_count if facts.available else 0,
        missing=tuple(missing),
        missing_hardware=tuple(hardware),
        wrong_platform=not platform_fits(backend, known),
        visibility_env=backend.visibility_env,
        container_env=backend.container_env,
        hardware_remedy=backend.hardware_remedy,
    )
