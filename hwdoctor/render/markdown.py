"""Markdown reports to paste into a GitHub issue: every backend, device, finding and the
training/inference decision, in one block. The caller redacts (secrets always; GPU UUIDs
and the hostname too, unless --no-redact)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from hwdoctor import __version__
from hwdoctor.units import human_bytes

if TYPE_CHECKING:
    from hwdoctor.model.decisions import Trace
    from hwdoctor.model.reports import (
        BackendReport,
        DetectReport,
        DistributedReport,
        ExplainReport,
        Finding,
        RequirementResult,
    )

_MARKS = {"ok": "✅", "warn": "⚠️", "fail": "❌", "absent": "·", "error": "❓"}
_SEVERITY = {"error": "❌", "warning": "⚠️", "info": "ℹ️"}


def detect(report: DetectReport) -> str:
    lines = [*_heading("hwdoctor detect", report), *_requirements(report.requirements)]
    lines += _backends(report.backends)
    if report.decisions:
        decisions = report.decisions
        lines += [
            "### Where things would run",
            "",
            f"- `TrainingArguments(...).device`: `{decisions.training}` (n_gpu={decisions.n_gpu})",
            f"- `PartialState().device`: `{decisions.accelerate}`",
            "- `from_pretrained()` without `device_map`: `cpu`",
            f'- `device_map="auto"`: {", ".join(f"`{d}`" for d in decisions.device_map_auto)}',
            f"- `pipeline()` without `device`: `{decisions.pipeline}`",
            "",
        ]
    lines += _findings(report.findings)
    lines += _environment(report)
    lines += _evidence(report)
    return "\n".join(lines).rstrip() + "\n"


def distributed(report: DistributedReport) -> str:
    lines = [*_heading("hwdoctor detect (distributed)", report.local)]
    lines += [f"### Ranks ({len(report.ranks)} of {report.world_size} reported)", "",
              "| rank | host | local | device | name | backend | all_reduce |",
              "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for rank in report.ranks:
        result = rank.all_reduce
        reduced = (
            "not run" if result is None
            else (f"✅ {result.get('value')}" if result.get("ok") else "❌ failed")
        )  # fmt: skip
        lines.append(
            f"| {rank.rank} | `{rank.host}` | {rank.local_rank} | `{rank.device}` | "
            f"{_cell(rank.device_name or '?')} | {rank.backend or '?'} | {reduced} |"
        )
    if report.missing:
        lines.append(f"\nMissing ranks: {', '.join(map(str, report.missing))}")
    lines.append("")
    lines += _findings((*report.findings, *report.local.findings))
    lines += _backends(report.local.backends)
    return "\n".join(lines).rstrip() + "\n"


def explain(report: ExplainReport) -> str:
    detect_report = report.detect
    lines = [*_heading("hwdoctor explain", detect_report)]
    training = report.training
    lines += [
        "### Training",
        "",
        f"`TrainingArguments(...).device` → `{training.device}` "
        f"(n_gpu={training.n_gpu}, {training.parallel_mode})"
        + (f" — raises {training.error}" if training.error else ""),
        "",
        *_trace(training.trace),
        f"`PartialState().device` → `{report.accelerate.device}`",
        "",
        *_trace(report.accelerate.trace),
        "### Inference",
        "",
        f"- `from_pretrained()` without `device_map` → `{report.inference.from_pretrained}`",
        '- `device_map="auto"` → '
        + ", ".join(
            f"`{device}` ({human_bytes(size) or '?'})"
            for device, size in report.inference.device_map_auto.budgets
        )
        + ", then disk",
        f"- `pipeline()` without `device` → `{report.inference.pipeline}`",
        "",
    ]
    if report.verify is not None:
        verify = report.verify
        lines += ["### Verified against the libraries", "", "| item | predicted | actual |",
                  "| --- | --- | --- |"]  # fmt: skip
        lines += [
            f"| {'✅' if item.agree else '❌'} {item.name} | `{item.predicted}` | `{item.actual}` |"
            for item in verify.items
        ]
        lines.append("")
    lines += _backends(detect_report.backends)
    lines += _findings((*detect_report.findings, *report.findings))
    lines += _environment(detect_report)
    return "\n".join(lines).rstrip() + "\n"


def _heading(title: str, report: DetectReport) -> list[str]:
    torch = report.torch
    build = f" ({(torch.build or '?').upper()} build)" if torch.version else ""
    packages = " · ".join(
        f"{name} {report.packages.get(name) or 'not installed'}"
        + (build if name == "torch" else "")
        for name in ("torch", "transformers", "accelerate")
    )
    return [
        f"## {title}",
        "",
        f"- hwdoctor {__version__} · Python {report.python.version} · "
        f"{report.host.system} {report.host.machine} · host `{report.host.hostname}`",
        f"- {packages}",
        f"- CPU: {report.host.cpu_name or '?'}, {report.host.cpu_count or '?'} cores, "
        f"{human_bytes(report.host.memory_total_bytes) or '?'} RAM",
        "",
    ]


def _requirements(results: Sequence[RequirementResult]) -> list[str]:
    if not results:
        return []
    lines = ["### Requirements", ""]
    lines += [f"- {'✅' if r.met else '❌'} `{r.requirement.text}`: {r.found}" for r in results]
    return [*lines, ""]


def _backends(backends: Iterable[BackendReport]) -> list[str]:
    lines = ["### Backends", "", "| | device | hardware | package | devices / note |",
             "| --- | --- | --- | --- | --- |"]  # fmt: skip
    for backend in backends:
        package = (
            f"{backend.package} {backend.version}"
            if backend.installed and backend.version
            else backend.package
        )
        devices = "<br>".join(
            f"{d.index}: {d.name or '?'}"
            + (f", {human_bytes(d.total_memory_bytes)}" if d.total_memory_bytes else "")
            + (f" ({d.uuid})" if d.uuid else "")
            for d in backend.devices
        )
        detail = "<br>".join(part for part in (devices, backend.note) if part)
        lines.append(
            f"| {_MARKS[backend.status.value]} | `{backend.device}` | {backend.hardware} | "
            f"{_cell(package)} | {_cell(detail)} |"
        )
    return [*lines, ""]


def _findings(found: Sequence[Finding]) -> list[str]:
    if not found:
        return ["### Findings", "", "None.", ""]
    lines = ["### Findings", ""]
    for item in found:
        lines.append(f"- {_SEVERITY[item.severity.value]} {item.message} (`{item.code}`)")
        if item.advice:
            lines.append(f"  - {item.advice}")
        if item.remedy:
            lines += ["", "  ```sh", *(f"  {line}" for line in item.remedy.splitlines()),
                      "  ```", ""]  # fmt: skip
    return [*lines, ""]


def _trace(trace: Trace) -> list[str]:
    lines = ["<details><summary>checks, in order</summary>", ""]
    marks = {"taken": "✅", "skip": "✗", "noted": "·"}
    lines += [
        f"- {marks.get(step.outcome, '·')} {step.observed or step.check}"
        for step in trace.steps
        if step.outcome != "not reached"
    ]
    return [*lines, "", "</details>", ""]


def _environment(report: DetectReport) -> list[str]:
    if not report.environment:
        return []
    lines = ["<details><summary>environment</summary>", "", "```"]
    lines += [f"{name}={value}" for name, value in report.environment.items()]
    return [*lines, "```", "", "</details>", ""]


def _evidence(report: DetectReport) -> list[str]:
    evidence = [f for f in report.findings if f.evidence]
    if not evidence:
        return []
    lines = ["<details><summary>evidence</summary>", ""]
    for item in evidence:
        text = (item.evidence or "")[-3000:]
        lines += [f"`{item.code}`", "", "```", text, "```", ""]
    return [*lines, "</details>", ""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", "<br>")
