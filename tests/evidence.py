"""Evidence fixtures for the unit tests of diagnosis: pure, no subprocess.

The base record is real: `tests/data/evidence/cpu-host.json` was written by
`hwdoctor detect --save-evidence` on a CPU-only test machine (torch 2.13.0+cpu,
transformers 5.24.0, accelerate 1.15.0). Each test changes only the facts it is about.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from hwdoctor.model.facts import (
    BackendFacts,
    Device,
    EntryPoint,
    ErrorInfo,
    Evidence,
    HardwareSignal,
    Package,
    StepFailure,
    ToolProblem,
)
from hwdoctor.model.reports import Finding

DATA = Path(__file__).resolve().parent / "data" / "evidence"


def cpu_host() -> Evidence:
    """The recorded evidence of the CPU-only machine."""
    return Evidence.from_json(json.loads((DATA / "cpu-host.json").read_text()))


def with_backend(evidence: Evidence, key: str, **changes: Any) -> Evidence:
    backends = dict(evidence.backends or {})
    backends[key] = dataclasses.replace(backends[key], **changes)
    return dataclasses.replace(evidence, backends=backends)


def with_signal(evidence: Evidence, backend: str, detail: str, count: int | None = 1) -> Evidence:
    assert evidence.host is not None
    signal = HardwareSignal(backend, "pci", detail, count)
    host = dataclasses.replace(evidence.host, signals=(*evidence.host.signals, signal))
    return dataclasses.replace(evidence, host=host)


def with_package(evidence: Evidence, name: str, version: str, *requires: str) -> Evidence:
    packages = dict(evidence.packages or {})
    packages[name] = Package(name, version, tuple(requires))
    return dataclasses.replace(evidence, packages=packages)


def with_failure(
    evidence: Evidence,
    step: str,
    kind: str = "error",
    error: tuple[str, str] | None = ("RuntimeError", "boom"),
    *,
    signal: str | None = None,
    autoload: bool = True,
) -> Evidence:
    info = ErrorInfo(*error) if error and kind == "error" else None
    failure = StepFailure(step, kind, info, signal, "output tail", autoload)
    return dataclasses.replace(evidence, failures=(*(evidence.failures or ()), failure))


def with_env(evidence: Evidence, **env: str) -> Evidence:
    return dataclasses.replace(evidence, env={**(evidence.env or {}), **env})


def with_entry_point(evidence: Evidence, name: str, value: str, dist: str) -> Evidence:
    points = (*(evidence.entry_points or ()), EntryPoint(name, value, dist))
    return dataclasses.replace(evidence, entry_points=points)


def with_tool_problem(evidence: Evidence, backend: str, tool: str, message: str) -> Evidence:
    problems = (*(evidence.tool_problems or ()), ToolProblem(backend, tool, message))
    return dataclasses.replace(evidence, tool_problems=problems)


def gpus(count: int, **device: Any) -> tuple[Device, ...]:
    return tuple(Device(index=i, name=device.get("name", "NVIDIA H100"), **{
        k: v for k, v in device.items() if k != "name"
    }) for i in range(count))  # fmt: skip


def usable(evidence: Evidence, key: str, count: int = 1, **changes: Any) -> Evidence:
    """`key`'s backend installed, imported and holding `count` devices."""
    facts: BackendFacts = (evidence.backends or {})[key]
    devices = gpus(count, allocatable=True, free_memory_bytes=80 << 30, total_memory_bytes=80 << 30)
    return with_backend(
        evidence, key, installed=True, version=facts.version or "1.0", importable=True
        if facts.importable is not None or changes.get("importable") else None,
        available=True, device_count=count, devices=devices, reason=None,
        **{k: v for k, v in changes.items() if k != "importable"},
    )  # fmt: skip


def codes(found: Iterable[Finding]) -> list[str]:
    """The codes of `found`, recorded for the catalogue's coverage check."""
    from tests import catalogue_plugin

    out = [finding.code for finding in found]
    catalogue_plugin.record(out)
    return out


def one(found: Iterable[Finding], code: str) -> Finding:
    matches = [f for f in found if f.code == code]
    assert len(matches) == 1, [f.code for f in found]
    from tests import catalogue_plugin

    catalogue_plugin.record([code])
    return matches[0]


def params(finding: Finding) -> Mapping[str, str]:
    return finding.params


# How a live run chose its interpreter (--python, the active venv, its own): a fact about that
# invocation, not about the machine, so the replay of its evidence does not claim it.
CHOICE: Final = ("chosen_because", "chosen_from", "hwdoctor_env")


def without_choice(data: dict[str, Any]) -> dict[str, Any]:
    """A report's data (detect's or explain's) with the live run's choice of interpreter
    taken out, to compare with its replay."""
    python = data["detect"]["python"] if "detect" in data else data["python"]
    for key in CHOICE:
        python.pop(key, None)
    return data
