"""The use cases: `detect()`, `explain()`, `explain_device()` → typed reports.

Nothing here prints or imports torch: the host scan runs in this process, the probe in the
target interpreter, concurrently; findings and verdicts are derived from their facts.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor import devices, findings, host, redact, registry, requirements, rules, verification
from hwdoctor.model import (
    BackendFacts,
    BackendReport,
    Decisions,
    DetectReport,
    DeviceExplanation,
    DeviceRow,
    ExplainReport,
    Finding,
    Requirement,
    Severity,
    Status,
)
from hwdoctor.probe import collector
from hwdoctor.probe.runner import Started, valid_text

DEFAULT_TIMEOUT_S: Final = 60.0


@dataclass(frozen=True)
class Examination:
    """A detect run: the gathered evidence and the report made of it."""

    evidence: findings.Evidence
    report: DetectReport


def detect(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    started: Started | None = None,
) -> DetectReport:
    """Probe the target interpreter and this host; diagnose every backend of the registry.

    `require`: requirement expressions (see `hwdoctor.requirements`) the machine must meet;
    `strict`: warnings fail too. `started` is a probe already running for `python` (see
    `hwdoctor.probe.start`). A malformed requirement raises `UsageError` before probing.
    """
    parsed = tuple(r if isinstance(r, Requirement) else requirements.parse(r) for r in require)
    exam = examine(
        python or sys.executable, timeout_s, started, extra_dists=requirements.dists(parsed)
    )
    return detect_from(exam, require=parsed, strict=strict)


def detect_from(
    exam: Examination, *, require: Sequence[str | Requirement] = (), strict: bool = False
) -> DetectReport:
    """The detect report of an examination, with requirements checked against it."""
    parsed = tuple(r if isinstance(r, Requirement) else requirements.parse(r) for r in require)
    report = exam.report
    packages = {
        name: package.version if package else None
        for name, package in exam.evidence.packages.items()
    }
    training = report.decisions.training if report.decisions else None
    results = tuple(requirements.check(r, report, training, packages) for r in parsed)
    return dataclasses.replace(report, requirements=results, strict=strict)


def examine(
    target: str,
    timeout_s: float,
    started: Started | None = None,
    *,
    extra_dists: Sequence[str] = (),
) -> Examination:
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        scan = pool.submit(host.scan, registry.BACKENDS)
        result = collector.collect(target, timeout_s, started=started, extra_dists=extra_dists)
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
        env=_environment(),
        timeout_s=timeout_s,
    )
    found = findings.diagnose(evidence)
    report = DetectReport(
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
        decisions=_decisions(evidence),
        environment=redact.relevant_environment(evidence.env),
    )
    return Examination(evidence, report)


def _environment() -> dict[str, str]:
    """This process's variables as text a report can carry: a value with bytes that are not
    UTF-8 (garbage in CUDA_VISIBLE_DEVICES) shows them as escapes instead of breaking it."""
    cleaned: dict[str, str] = valid_text(dict(os.environ))
    return cleaned


def _decisions(evidence: findings.Evidence) -> Decisions | None:
    if not evidence.torch.importable:
        return None
    inputs = rule_inputs(evidence)
    training = rules.training(inputs)
    inference = rules.inference(inputs)
    return Decisions(
        training=training.device,
        n_gpu=training.n_gpu,
        accelerate=rules.accelerate_state(inputs).device,
        device_map_auto=inference.device_map_auto.devices,
        pipeline=inference.pipeline,
    )


def rule_inputs(evidence: findings.Evidence, use_cpu: bool = False) -> rules.Inputs:
    def version(name: str) -> str | None:
        package = evidence.packages.get(name)
        return package.version if package else None

    return rules.Inputs(
        backends=evidence.backends,
        env=evidence.env,
        torch_version=version("torch"),
        accelerate_version=version("accelerate"),
        transformers_version=version("transformers"),
        collectives=evidence.torch.collectives,
        accelerator=evidence.torch.accelerator,
        memory_available_bytes=evidence.host.memory_available_bytes,
        use_cpu=use_cpu,
    )


def explain(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    use_cpu: bool = False,
    verify: bool = False,
    nproc: int | None = None,
    started: Started | None = None,
) -> ExplainReport:
    """Which device training and inference pick here, why, and (with verify) proof.

    With `verify`, the real libraries run in a second subprocess of the target interpreter,
    concurrently with the probe, and their answers are compared with the prediction.
    """
    target = python or sys.executable
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        verifying = pool.submit(verification.run, target, timeout_s, use_cpu) if verify else None
        exam = examine(target, timeout_s, started)
        verify_run = verifying.result() if verifying else None
    inputs = rule_inputs(exam.evidence, use_cpu)
    training = rules.training(inputs)
    accelerate = rules.accelerate_state(inputs)
    inference = rules.inference(inputs)
    verify_report = (
        verification.compare(verify_run, training, accelerate, inference) if verify_run else None
    )
    explained = findings.diagnose_explain(
        findings.ExplainEvidence(
            exam.evidence, inputs, training, accelerate, inference, verify_report
        )
    )
    return ExplainReport(
        detect=exam.report,
        training=training,
        accelerate=accelerate,
        inference=inference,
        findings=explained,
        verify=verify_report,
        supported=rules.SUPPORTED,
        ranks=_ranks(inputs, nproc),
    )


def _ranks(inputs: rules.Inputs, nproc: int | None) -> tuple[Mapping[str, object], ...]:
    if not nproc:
        return ()
    from hwdoctor import distributed  # it builds on this module

    return distributed.explain_ranks(inputs, nproc)


def explain_device(
    request: devices.DeviceRequest,
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    started: Started | None = None,
) -> DeviceExplanation:
    """What it takes to use one device string on this machine."""
    exam = examine(python or sys.executable, timeout_s, started)
    evidence = exam.evidence
    inputs = rule_inputs(evidence)
    training = rules.training(inputs)
    rows = device_rows(request, evidence)
    auto, note = rules.training_auto(request.type)
    return DeviceExplanation(
        device=request.text,
        device_type=request.type,
        index=request.index,
        rows=rows,
        training_auto=auto,
        training_note=note,
        training_device=training.device,
        device_map_auto=all(
            backend.device_map_auto for backend in registry.for_device(request.type)
        ),
        pass_as=_pass_as(request),
        detect=exam.report,
    )


def device_rows(
    request: devices.DeviceRequest, evidence: findings.Evidence
) -> tuple[DeviceRow, ...]:
    """Every registry row behind a device string, as it stands on this machine."""
    return tuple(
        _device_row(backend, evidence, request) for backend in registry.for_device(request.type)
    )


def _device_row(
    backend: registry.Backend, evidence: findings.Evidence, request: devices.DeviceRequest
) -> DeviceRow:
    facts = evidence.backends[backend.key]
    present = evidence.hardware_present(backend)
    missing: list[str] = []
    if not _platform_fits(backend, evidence):
        missing.append(f"{backend.hardware}: {_note(backend, facts, evidence)}")
    else:
        if backend.module and not facts.installed and facts.importable is None:
            missing.append(f"{backend.package} is not installed")
        elif facts.importable is False:
            missing.append(f"{backend.package} is installed but fails to import")
        elif backend.query.build and facts.reason == "build":
            missing.append(
                f"torch is a {(evidence.torch.build or 'unknown').upper()} build, not a "
                f"{backend.query.build.value.upper()} one"
            )
        if not present and not facts.available and backend.query.kind is not registry.QueryKind.CPU:
            missing.append(f"no {backend.hardware} hardware found")
        elif present and not facts.available and not missing:
            missing.append(f"{backend.hardware} hardware is present but no device is usable")
    usable = facts.available and facts.device_count > 0
    if usable and request.index is not None and request.index >= facts.device_count:
        missing.append(
            f"there is no {request.type}:{request.index}: {facts.device_count} device(s) "
            f"visible"
            + (f" ({', '.join(backend.visibility_env)})" if backend.visibility_env else "")
        )
        usable = False
    return DeviceRow(
        key=backend.key,
        hardware=backend.hardware,
        package=backend.package,
        install=backend.install_hint,
        installed=facts.installed,
        version=facts.version if backend.module else evidence.torch.version,
        importable=facts.importable,
        hardware_present=present,
        hardware_detail=evidence.hardware_detail(backend),
        usable=usable,
        device_count=facts.device_count if facts.available else 0,
        missing=tuple(missing),
        visibility_env=backend.visibility_env,
        container_env=backend.container_env,
        hardware_remedy=backend.hardware_remedy,
    )


def _pass_as(request: devices.DeviceRequest) -> tuple[str, ...]:
    text = request.text
    return (
        f'AutoModelForCausalLM.from_pretrained(..., device_map="{text}")',
        f'pipeline(..., device="{text}")',
        f'model.to("{text}")',
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
