"""The contract: frozen records for facts, findings and reports, and their JSON form.

Enums are strings whose values are the JSON values. Every record writes its own JSON in
`to_json()`, so renaming a Python field can never silently change the public schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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

    def one_line(self) -> str:
        text = f"{self.type}: {self.message}".strip().rstrip(":")
        first = text.splitlines()[0] if text else self.type
        if self.cause:
            first += f" (caused by {self.cause.splitlines()[0]})"
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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Device:
        return cls(
            index=int(data.get("index", 0)),
            name=_str_or_none(data.get("name")),
            total_memory_bytes=_int_or_none(data.get("total_memory_bytes")),
            free_memory_bytes=_int_or_none(data.get("free_memory_bytes")),
            capability=_str_or_none(data.get("capability") or data.get("arch")),
            uuid=_str_or_none(data.get("uuid")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "total_memory_bytes": self.total_memory_bytes,
            "free_memory_bytes": self.free_memory_bytes,
            "capability": self.capability,
            "uuid": self.uuid,
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

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "importable": self.importable,
            "build": self.build,
            "cuda": self.cuda,
            "hip": self.hip,
            "accelerator": self.accelerator,
            "error": self.error.to_json() if self.error else None,
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

    @property
    def exit_code(self) -> int:
        return 1 if any(f.severity is Severity.ERROR for f in self.findings) else 0

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
        }


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
