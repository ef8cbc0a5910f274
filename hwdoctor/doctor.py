"""The use cases: `detect()` (and, as they land, `explain()` and `load()`) → typed reports.

Nothing here prints or imports torch: the host scan runs in this process, the probe in the
target interpreter, concurrently; findings and verdicts are derived from their facts.
"""

from __future__ import annotations

import concurrent.futures
import os
import sys
from collections.abc import Mapping
from typing import Final

from hwdoctor import findings, host, probe, registry
from hwdoctor.model import (
    BackendFacts,
    BackendReport,
    DetectReport,
    Finding,
    Severity,
    Status,
)

DEFAULT_TIMEOUT_S: Final = 60.0


def detect(python: str | None = None, timeout_s: float = DEFAULT_TIMEOUT_S) -> DetectReport:
    """Probe the target interpreter and this host; diagnose every backend of the registry."""
    target = python or sys.executable
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        scan = pool.submit(host.scan, registry.BACKENDS)
        result = probe.collect(target, timeout_s)
        host_facts, tool_problems = scan.result()
    evidence = findings.Evidence(
        python=result.python_info(),
        torch=result.torch_info(),
        packages=result.packages(),
        backends={b.key: result.backend_facts(b) for b in registry.BACKENDS},
        host=host_facts,
        tool_problems=tool_problems,
        failures=result.failures(),
        entry_points=result.entry_points(),
        env=dict(os.environ),
        timeout_s=timeout_s,
    )
    found = findings.diagnose(evidence)
    return DetectReport(
        python=evidence.python,
        packages={
            name: (package.version if package else None)
            for name, package in evidence.packages.items()
            if name in ("torch", "accelerate", "transformers")
        },
        torch=evidence.torch,
        autoload_disabled=result.autoload_disabled,
        host=host_facts,
        backends=tuple(backend_report(backend, evidence, found) for backend in registry.BACKENDS),
        findings=found,
        failures=evidence.failures,
        probe_seconds=result.seconds,
    )


def backend_report(
    backend: registry.Backend, evidence: findings.Evidence, found: tuple[Finding, ...]
) -> BackendReport:
    facts = evidence.backends[backend.key]
    own = [f for f in found if f.backend == backend.key]
    return BackendReport(
        key=backend.key,
        hardware=backend.hardware,
        device=backend.device,
        package=backend.package,
        status=_status(facts, own, evidence),
        installed=facts.installed,
        version=facts.version if backend.module else (evidence.torch.version or None),
        importable=facts.importable,
        available=facts.available,
        device_count=facts.device_count if facts.available else 0,
        devices=facts.devices,
        note=_note(backend, facts, evidence),
        hardware_present=evidence.hardware_present(backend),
    )


def _status(facts: BackendFacts, own: list[Finding], evidence: findings.Evidence) -> Status:
    if any(f.code in _PROBE_CODES for f in own) or (not facts.probed and evidence.torch.importable):
        return Status.ERROR
    if any(f.severity is Severity.ERROR for f in own):
        return Status.FAIL
    if any(f.severity is Severity.WARNING for f in own):
        return Status.WARN
    return Status.OK if facts.available else Status.ABSENT


_PROBE_CODES: Final = frozenset(
    code.code for code in (findings.PROBE_TIMEOUT, findings.PROBE_CRASHED, findings.PROBE_ERROR)
)


def _note(backend: registry.Backend, facts: BackendFacts, evidence: findings.Evidence) -> str:
    """One short reason for the row: what works, or what is missing."""
    if facts.available:
        return _available_note(backend, facts, evidence)
    if not _platform_fits(backend, evidence):
        names = {"darwin": "macOS", "linux": "Linux", "win32": "Windows"}
        where = "/".join(names.get(p, p) for p in backend.platforms)
        return f"{where} {backend.machine} only" if backend.machine else f"{where} only"
    parts = [_package_part(backend, facts, evidence), _hardware_part(backend, evidence)]
    return "; ".join(part for part in parts if part)


def _platform_fits(backend: registry.Backend, evidence: findings.Evidence) -> bool:
    return sys.platform in backend.platforms and (
        backend.machine is None or evidence.host.machine == backend.machine
    )


def _available_note(
    backend: registry.Backend, facts: BackendFacts, evidence: findings.Evidence
) -> str:
    if backend.query.kind is registry.QueryKind.CPU:
        name = evidence.host.cpu_name or evidence.host.machine
        return f"{name}, {evidence.host.cpu_count or '?'} cores"
    return "auto-loaded by torch" if facts.autoloaded else ""


def _package_part(
    backend: registry.Backend, facts: BackendFacts, evidence: findings.Evidence
) -> str:
    if not evidence.torch.importable:
        return "torch does not import" if evidence.torch.version else "torch not installed"
    if not facts.probed:
        return "not probed: a step hung or crashed"
    if backend.query.build and facts.reason == "build":
        return f"{(evidence.torch.build or 'unknown').upper()} build"
    if backend.module and not facts.installed and facts.importable is None:
        return "not installed"
    if facts.importable is False:
        return "import fails"
    if facts.query_error:
        return f"is_available() raised {facts.query_error.type}"
    reasons: Mapping[str | None, str] = {
        "no_module": f"torch has no {backend.query.module}",
        "disabled": "disabled by USE_TORCH_XLA",
        "not_imported": "not imported",
    }
    return reasons.get(facts.reason, "no device")


def _hardware_part(backend: registry.Backend, evidence: findings.Evidence) -> str:
    if backend.query.kind is registry.QueryKind.CPU:
        return ""
    if evidence.hardware_present(backend):
        return f"hardware: {evidence.hardware_detail(backend)}"
    if not backend.pci and not backend.device_nodes and not backend.tools:
        return ""
    return "no hardware"
