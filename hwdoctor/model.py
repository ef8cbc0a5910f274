"""The contract: frozen records for facts, findings and reports, and their JSON form.

Enums are strings whose values are the JSON values. Every record writes its own JSON in
`to_json()`, so renaming a Python field can never silently change the public schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

SCHEMA_VERSION: Final = "1"


class Status(str, Enum):
    """A backend's verdict on this machine."""

    OK = "ok"  # usable
    WARN = "warn"  # usable, or not needed, but something deserves attention
    FAIL = "fail"  # wanted here (hardware or package present) but not usable
    ABSENT = "absent"  # neither hardware nor package: nothing to do
    ERROR = "error"  # the probe could not tell: a step hung or crashed


class Severity(str, Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class ErrorInfo:
    """An exception observed in the target interpreter, as data."""

    type: str
    message: str
    cause: str | None = None  # "Type: message" of the chained exception
    traceback: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> ErrorInfo | None:
        if not data:
            return None
        cause = data.get("cause")
        return cls(
            type=str(data.get("type", "Error")),
            message=str(data.get("message", "")),
            cause=f"{cause.get('type')}: {cause.get('message')}" if cause else None,
            traceback=data.get("traceback"),
        )

    def one_line(self, limit: int = 240) -> str:
        """The error on one line, short enough to read; the full text stays in evidence."""
        text = f"{self.type}: {self.message}".strip().rstrip(":")
        first = _clip(text.splitlines()[0] if text else self.type, limit)
        if self.cause:
            first += f" (caused by {_clip(self.cause.splitlines()[0], limit // 2)})"
        return first

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message, "cause": self.cause}


@dataclass(frozen=True, slots=True)
class Device:
    index: int
    name: str | None
    total_memory_bytes: int | None = None
    free_memory_bytes: int | None = None
    capability: str | None = None  # "9.0" (CUDA), or the gfx arch on ROCm
    uuid: str | None = None
    allocatable: bool | None = None  # a tensor could be created on it (None: not tried)
    allocate_error: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Device:
        return cls(
            index=int(data.get("index", 0)),
            name=_str_or_none(data.get("name")),
            total_memory_bytes=_int_or_none(data.get("total_memory_bytes")),
            free_memory_bytes=_int_or_none(data.get("free_memory_bytes")),
            capability=_str_or_none(data.get("capability") or data.get("arch")),
            uuid=_str_or_none(data.get("uuid")),
            allocatable=data.get("allocatable")
            if isinstance(data.get("allocatable"), bool)
            else None,
            allocate_error=_str_or_none(data.get("allocate_error")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "total_memory_bytes": self.total_memory_bytes,
            "free_memory_bytes": self.free_memory_bytes,
            "capability": self.capability,
            "uuid": self.uuid,
            "allocatable": self.allocatable,
        }


@dataclass(frozen=True, slots=True)
class PythonInfo:
    executable: str
    version: str
    prefix: str
    is_venv: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "executable": self.executable,
            "version": self.version,
            "prefix": self.prefix,
            "is_venv": self.is_venv,
        }


@dataclass(frozen=True, slots=True)
class Package:
    """A distribution as its metadata describes it, read without importing it."""

    name: str
    version: str
    requires_torch: tuple[str, ...] = ()  # its Requires-Dist lines about torch
    home_page: str | None = None


@dataclass(frozen=True, slots=True)
class TorchInfo:
    version: str | None  # None: not installed
    importable: bool
    build: str | None = None  # registry.Build value
    cuda: str | None = None
    hip: str | None = None
    accelerator: str | None = None  # torch.accelerator.current_accelerator()
    error: ErrorInfo | None = None
    collectives: tuple[str, ...] = ()  # torch.distributed backends built in: gloo, nccl, ...

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "importable": self.importable,
            "build": self.build,
            "cuda": self.cuda,
            "hip": self.hip,
            "accelerator": self.accelerator,
            "error": self.error.to_json() if self.error else None,
            "collectives": list(self.collectives),
        }


@dataclass(frozen=True, slots=True)
class HardwareSignal:
    """Evidence, found without torch, that a backend's hardware is in this machine."""

    backend: str
    kind: str  # "pci", "device_node", "tool", "platform"
    detail: str  # "10de:2330 at 0000:3b:00.0", "/dev/nvidia0", "nvidia-smi: 8 devices"
    count: int | None = None  # devices this signal counts, where it counts them

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "kind": self.kind,
            "detail": self.detail,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class HostFacts:
    system: str  # platform.system()
    machine: str  # platform.machine()
    translated: bool  # an x86_64 process under Rosetta on Apple Silicon
    cpu_name: str | None
    memory_total_bytes: int | None
    memory_available_bytes: int | None
    cpu_count: int | None
    hostname: str
    signals: tuple[HardwareSignal, ...] = ()

    def signals_for(self, backend: str) -> tuple[HardwareSignal, ...]:
        return tuple(signal for signal in self.signals if signal.backend == backend)

    def device_count_for(self, backend: str) -> int | None:
        """How many devices the host scan counts for a backend, the best of its signals."""
        counts = [s.count for s in self.signals_for(backend) if s.count is not None]
        return max(counts) if counts else None

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "machine": self.machine,
            "translated": self.translated,
            "cpu_name": self.cpu_name,
            "memory_total_bytes": self.memory_total_bytes,
            "memory_available_bytes": self.memory_available_bytes,
            "cpu_count": self.cpu_count,
            "hostname": self.hostname,
            "signals": [signal.to_json() for signal in self.signals],
        }


@dataclass(frozen=True, slots=True)
class BackendFacts:
    """What the probe learned about one backend in the target interpreter."""

    key: str
    installed: bool
    version: str | None
    importable: bool | None  # None: nothing to import (in-tree) or not installed
    autoloaded: bool = False  # imported by torch's backend autoload, not by hwdoctor
    import_error: ErrorInfo | None = None
    available: bool = False
    device_count: int = 0
    devices: tuple[Device, ...] = ()
    reason: str | None = None  # why unavailable: "build", "no_module", "disabled", ...
    query_error: ErrorInfo | None = None
    probed: bool = True  # False: a step hung or crashed before it reported
    arch_list: tuple[str, ...] = ()
    detail: Mapping[str, Any] | None = None  # backend-specific extras (xla device_type)


@dataclass(frozen=True, slots=True)
class StepFailure:
    """A probe step that raised, hung or took the process down."""

    step: str  # "import torch_npu", "autoload torch_npu", "query cuda"
    kind: str  # "error", "timeout", "crashed"
    error: ErrorInfo | None
    signal: str | None
    output: str  # what the process printed (tail), or the traceback
    autoload: bool  # whether torch's extension autoload was on in that run

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "kind": self.kind,
            "error": self.error.to_json() if self.error else None,
            "signal": self.signal,
            "output": self.output,
            "autoload": self.autoload,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    code: str  # stable: "hardware.package_missing"
    severity: Severity
    backend: str | None
    message: str  # one line, no markup
    remedy: str | None = None
    evidence: str | None = None  # what was observed, for the curious and for bug reports

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "backend": self.backend,
            "message": self.message,
            "remedy": self.remedy,
            "evidence": self.evidence,
        }


@dataclass(frozen=True, slots=True)
class BackendReport:
    key: str
    hardware: str
    device: str
    package: str
    status: Status
    installed: bool
    version: str | None
    importable: bool | None
    available: bool
    device_count: int
    devices: tuple[Device, ...]
    note: str
    hardware_present: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "hardware": self.hardware,
            "device": self.device,
            "package": self.package,
            "status": self.status.value,
            "installed": self.installed,
            "version": self.version,
            "importable": self.importable,
            "available": self.available,
            "device_count": self.device_count,
            "devices": [device.to_json() for device in self.devices],
            "note": self.note,
            "hardware_present": self.hardware_present,
        }


@dataclass(frozen=True, slots=True)
class Decisions:
    """Where training and inference would put things here, in one line each."""

    training: str | None  # TrainingArguments(...).device; None when it would raise
    n_gpu: int | None
    accelerate: str  # PartialState().device
    device_map_auto: tuple[str, ...]  # the tiers, in order
    pipeline: str

    def to_json(self) -> dict[str, Any]:
        return {
            "training": self.training,
            "n_gpu": self.n_gpu,
            "accelerate": self.accelerate,
            "device_map_auto": list(self.device_map_auto),
            "pipeline": self.pipeline,
            "from_pretrained": "cpu",
        }


@dataclass(frozen=True, slots=True)
class DetectReport:
    python: PythonInfo
    packages: Mapping[str, str | None]
    torch: TorchInfo
    autoload_disabled: bool  # facts come from a probe run with TORCH_DEVICE_BACKEND_AUTOLOAD=0
    host: HostFacts
    backends: tuple[BackendReport, ...]
    findings: tuple[Finding, ...]
    failures: tuple[StepFailure, ...]
    probe_seconds: float
    decisions: Decisions | None = None
    environment: Mapping[str, str] = field(default_factory=dict)  # relevant, secrets masked
    requirements: tuple[RequirementResult, ...] = ()
    strict: bool = False  # warnings count as failures

    @property
    def exit_code(self) -> int:
        failing = {Severity.ERROR, Severity.WARNING} if self.strict else {Severity.ERROR}
        failed = any(f.severity in failing for f in self.findings)
        unmet = any(not result.met for result in self.requirements)
        return 1 if failed or unmet else 0

    def backend(self, key: str) -> BackendReport:
        return next(report for report in self.backends if report.key == key)

    def to_json(self) -> dict[str, Any]:
        return {
            "python": self.python.to_json(),
            "packages": dict(self.packages),
            "torch": self.torch.to_json(),
            "autoload_disabled": self.autoload_disabled,
            "host": self.host.to_json(),
            "backends": [backend.to_json() for backend in self.backends],
            "findings": [finding.to_json() for finding in self.findings],
            "probe": {
                "seconds": round(self.probe_seconds, 3),
                "failures": [failure.to_json() for failure in self.failures],
            },
            "decisions": self.decisions.to_json() if self.decisions else None,
            "environment": dict(self.environment),
            "requirements": [result.to_json() for result in self.requirements],
            "strict": self.strict,
        }


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# --- explain ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepTrace:
    """One check of a library's device decision, as evaluated against this machine."""

    name: str  # "xpu"
    check: str  # "is_torch_xpu_available()"
    observed: str  # "is_torch_xpu_available() = False"
    outcome: str  # "taken", "skip", "not reached"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "check": self.check,
            "observed": self.observed,
            "outcome": self.outcome,
        }


@dataclass(frozen=True, slots=True)
class Trace:
    title: str  # "TrainingArguments(...).device"
    library: str
    versions: str  # the library versions this order was read from
    steps: tuple[StepTrace, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "library": self.library,
            "versions": self.versions,
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class AccelerateDecision:
    device: str  # as str(PartialState().device) prints it: "npu", "cuda:1", "xla:0"
    distributed_type: str  # "NO", "MULTI_GPU", "XLA", ...
    backend: str | None  # collective backend under a launcher: nccl, hccl, gloo, ...
    cpu: bool  # PartialState(cpu=...) as asked
    trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "distributed_type": self.distributed_type,
            "backend": self.backend,
            "cpu": self.cpu,
            "steps": [step.to_json() for step in self.trace.steps],
        }


@dataclass(frozen=True, slots=True)
class TrainingDecision:
    device: str | None  # as str(TrainingArguments(...).device) prints it; None on error
    n_gpu: int | None
    parallel_mode: str | None  # transformers ParallelMode value: "not_parallel", "tpu", ...
    use_cpu: bool
    accelerate: AccelerateDecision  # the PartialState TrainingArguments builds
    trace: Trace
    error: str | None = None  # what TrainingArguments would raise instead

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "n_gpu": self.n_gpu,
            "parallel_mode": self.parallel_mode,
            "use_cpu": self.use_cpu,
            "error": self.error,
            "distributed_state": self.accelerate.to_json(),
            "steps": [step.to_json() for step in self.trace.steps],
        }


@dataclass(frozen=True, slots=True)
class DeviceMapPlan:
    """What device_map="auto" budgets memory on, in placement order."""

    devices: tuple[str, ...]  # "npu:0", "npu:1", "cpu" (then disk, always last)
    keys: tuple[str, ...]  # get_max_memory's keys as text: "0", "1", "cpu"
    budgets: tuple[tuple[str, int | None], ...]  # (device, bytes) as Accelerate would budget
    family: str  # the accelerator family get_max_memory enumerates
    fallback_to_cpu: bool  # an accelerator is usable here but gets no budget
    unused_accelerators: tuple[str, ...]  # usable device types "auto" leaves out
    family_trace: Trace
    host_trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "devices": list(self.devices),
            "keys": list(self.keys),
            "budgets": dict(self.budgets),
            "family": self.family,
            "fallback_to_cpu": self.fallback_to_cpu,
            "unused_accelerators": list(self.unused_accelerators),
            "steps": [step.to_json() for step in self.family_trace.steps]
            + [step.to_json() for step in self.host_trace.steps],
        }


@dataclass(frozen=True, slots=True)
class InferenceDecision:
    from_pretrained: str  # where from_pretrained() without device_map puts the weights
    device_map_auto: DeviceMapPlan
    pipeline: str  # pipeline(...) without device
    pipeline_trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "from_pretrained": self.from_pretrained,
            "device_map_auto": self.device_map_auto.to_json(),
            "pipeline": {
                "device": self.pipeline,
                "steps": [step.to_json() for step in self.pipeline_trace.steps],
            },
        }


@dataclass(frozen=True, slots=True)
class VerifyItem:
    """One library answer compared with hwdoctor's prediction."""

    name: str  # "TrainingArguments.device"
    predicted: str  # "npu:0", or "raises ValueError" when the library is predicted to raise
    actual: str | None  # None: the call did not run (an earlier step hung)
    error: str | None = None  # the message, when the library raised

    @property
    def agree(self) -> bool:
        return self.actual == self.predicted

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "predicted": self.predicted,
            "actual": self.actual,
            "error": self.error,
            "agree": self.agree,
        }


@dataclass(frozen=True, slots=True)
class VerifyReport:
    ran: bool
    items: tuple[VerifyItem, ...]
    seconds: float = 0.0
    problem: str | None = None  # why the verification could not run or finish

    @property
    def agree(self) -> bool | None:
        """Whether every answer matched; None when nothing was verified."""
        if not self.ran:
            return None
        return self.problem is None and all(item.agree for item in self.items)

    def to_json(self) -> dict[str, Any]:
        return {
            "ran": self.ran,
            "agree": self.agree,
            "items": [item.to_json() for item in self.items],
            "mismatches": [item.to_json() for item in self.items if not item.agree],
            "problem": self.problem,
        }


@dataclass(frozen=True, slots=True)
class ExplainReport:
    detect: DetectReport
    training: TrainingDecision
    accelerate: AccelerateDecision
    inference: InferenceDecision
    findings: tuple[Finding, ...]  # the explain-specific ones (detect's are in detect)
    verify: VerifyReport | None
    supported: Mapping[str, str]  # library → the version range the tables were read from
    ranks: tuple[Mapping[str, Any], ...] = ()  # with --nproc: each local rank's device

    @property
    def exit_code(self) -> int:
        failed = any(f.severity is Severity.ERROR for f in self.findings)
        return 1 if failed or self.detect.exit_code else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "python": self.detect.python.to_json(),
            "packages": dict(self.detect.packages),
            "supported": dict(self.supported),
            "training": self.training.to_json(),
            "accelerate": self.accelerate.to_json(),
            "inference": self.inference.to_json(),
            "verify": (self.verify or VerifyReport(ran=False, items=())).to_json(),
            "findings": [f.to_json() for f in (*self.detect.findings, *self.findings)],
            "environment": dict(self.detect.environment),
            "ranks": [dict(rank) for rank in self.ranks],
        }


@dataclass(frozen=True, slots=True)
class DeviceRow:
    """One registry row behind a device string, as it stands on this machine."""

    key: str
    hardware: str
    package: str
    install: str
    installed: bool
    version: str | None
    importable: bool | None
    hardware_present: bool
    hardware_detail: str
    usable: bool
    device_count: int
    missing: tuple[str, ...]  # what stands between this machine and a usable device
    visibility_env: tuple[str, ...]
    container_env: tuple[str, ...]
    hardware_remedy: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "hardware": self.hardware,
            "package": self.package,
            "install": self.install,
            "installed": self.installed,
            "version": self.version,
            "importable": self.importable,
            "hardware_present": self.hardware_present,
            "hardware_detail": self.hardware_detail,
            "usable": self.usable,
            "device_count": self.device_count,
            "missing": list(self.missing),
            "visibility_env": list(self.visibility_env),
            "container_env": list(self.container_env),
        }


@dataclass(frozen=True, slots=True)
class DeviceExplanation:
    """`hwdoctor explain DEVICE`: what it takes to use one device string here."""

    device: str  # as asked: "npu:1"
    device_type: str
    index: int | None
    rows: tuple[DeviceRow, ...]
    training_auto: bool  # TrainingArguments can pick this type without being told
    training_note: str  # the condition, e.g. "only once torch auto-loads torch_neuronx"
    training_device: str | None  # what TrainingArguments picks here, now
    device_map_auto: bool  # device_map="auto" budgets memory on this type
    pass_as: tuple[str, ...]  # how to ask for it explicitly
    detect: DetectReport

    @property
    def usable(self) -> bool:
        return any(row.usable for row in self.rows)

    @property
    def exit_code(self) -> int:
        return 0

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "device_type": self.device_type,
            "index": self.index,
            "usable": self.usable,
            "rows": [row.to_json() for row in self.rows],
            "training": {
                "auto_detected": self.training_auto,
                "note": self.training_note,
                "device_now": self.training_device,
            },
            "device_map_auto": self.device_map_auto,
            "pass_as": list(self.pass_as),
            "python": self.detect.python.to_json(),
            "packages": dict(self.detect.packages),
        }


# --- load ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacementRow:
    device: str  # "npu:0", "cpu", "disk"
    modules: int  # modules owning tensors there
    parameters: int
    bytes: int

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "modules": self.modules,
            "parameters": self.parameters,
            "bytes": self.bytes,
        }


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """Why a load did not happen or did not work, worded with its remedy."""

    kind: str  # "unknown_device", "device_unusable", "not_found", "gated", "not_cached", ...
    stage: str  # "validate", "cache", "load", "forward", "generate", ...
    message: str
    remedy: str | None = None
    evidence: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "stage": self.stage,
            "message": self.message,
            "remedy": self.remedy,
            "evidence": self.evidence,
        }


@dataclass(frozen=True, slots=True)
class LoadReport:
    model: str  # the Hub id or directory, or "tiny Qwen3 (embedded)"
    device: str  # as asked: "npu:0", "auto"
    python: PythonInfo
    packages: Mapping[str, str | None]
    problem: LoadProblem | None
    placement: tuple[PlacementRow, ...] = ()
    device_map: Mapping[str, str] | None = None  # hf_device_map, when Accelerate dispatched
    model_class: str | None = None
    dtype: str | None = None
    parameters: int | None = None
    load_seconds: float | None = None
    peak_memory: Mapping[str, int] | None = None  # device → peak bytes ("cpu": process RSS)
    forward: Mapping[str, Any] | None = None
    generate: Mapping[str, Any] | None = None
    plan: Mapping[str, Any] | None = None
    findings: tuple[Finding, ...] = ()

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def exit_code(self) -> int:
        return 0 if self.ok and not any(f.severity is Severity.ERROR for f in self.findings) else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "device": self.device,
            "ok": self.ok,
            "problem": self.problem.to_json() if self.problem else None,
            "python": self.python.to_json(),
            "packages": dict(self.packages),
            "placement": [row.to_json() for row in self.placement],
            "offloaded": {
                row.device: row.bytes for row in self.placement if row.device in ("cpu", "disk")
            }
            if len(self.placement) > 1
            else {},
            "device_map": dict(self.device_map) if self.device_map else None,
            "model_class": self.model_class,
            "dtype": self.dtype,
            "parameters": self.parameters,
            "load_seconds": self.load_seconds,
            "peak_memory": dict(self.peak_memory) if self.peak_memory else None,
            "forward": dict(self.forward) if self.forward else None,
            "generate": dict(self.generate) if self.generate else None,
            "plan": dict(self.plan) if self.plan else None,
            "findings": [finding.to_json() for finding in self.findings],
        }


# --- requirements ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Requirement:
    """One `--require` expression, parsed."""

    text: str  # as typed: "cuda>=8"
    kind: str  # "backend", "count", "memory", "training", "package"
    name: str  # "cuda", "memory", "training", "torch"
    op: str | None = None
    value: str | None = None  # memory: bytes as digits

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "name": self.name, "op": self.op,
                "value": self.value}  # fmt: skip


@dataclass(frozen=True, slots=True)
class RequirementResult:
    requirement: Requirement
    met: bool
    found: str  # what was found instead, or what satisfied it

    def line(self) -> str:
        verdict = "met" if self.met else "not met"
        return f"requirement {self.requirement.text} {verdict}: {self.found}"

    def to_json(self) -> dict[str, Any]:
        return {"requirement": self.requirement.text, "kind": self.requirement.kind,
                "met": self.met, "found": self.found}  # fmt: skip


# --- distributed -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankReport:
    """One rank of a distributed job, as it reported itself to rank 0."""

    rank: int
    host: str
    local_rank: int
    device: str  # the device Accelerate assigns it: "cuda:1", "cpu"
    device_name: str | None
    backend: str | None  # the collective it would use: nccl, hccl, gloo, ...
    versions: Mapping[str, str | None]
    device_counts: Mapping[str, int]
    visibility: Mapping[str, str]
    exit_code: int  # what its own detect found
    all_reduce: Mapping[str, Any] | None  # None: the collective did not run

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "host": self.host,
            "local_rank": self.local_rank,
            "device": self.device,
            "device_name": self.device_name,
            "backend": self.backend,
            "versions": dict(self.versions),
            "device_counts": dict(self.device_counts),
            "visibility": dict(self.visibility),
            "exit_code": self.exit_code,
            "all_reduce": dict(self.all_reduce) if self.all_reduce is not None else None,
        }


@dataclass(frozen=True, slots=True)
class DistributedReport:
    world_size: int
    ranks: tuple[RankReport, ...]
    missing: tuple[int, ...]  # ranks that never reported
    local: DetectReport  # rank 0's own detect
    findings: tuple[Finding, ...]

    @property
    def exit_code(self) -> int:
        failed = any(f.severity is Severity.ERROR for f in self.findings)
        others = any(rank.exit_code for rank in self.ranks)
        return 1 if failed or others or self.local.exit_code else 0

    def to_json(self) -> dict[str, Any]:
        return {
            **self.local.to_json(),
            "world_size": self.world_size,
            "ranks": [rank.to_json() for rank in self.ranks],
            "missing_ranks": list(self.missing),
            "distributed_findings": [finding.to_json() for finding in self.findings],
        }
