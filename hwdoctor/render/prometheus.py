"""`detect --format prometheus`: the report as Prometheus text exposition for node_exporter.

node_exporter's textfile collector reads every `*.prom` file of its directory
(`--collector.textfile.directory`) on each scrape; a file must be written whole, so write
to a temporary name in that directory and rename it (docs/output.md, "Monitoring"). The format is
Prometheus's text exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/
exposition_formats/): `# HELP` and `# TYPE` lines, then one sample a line; a label value
escapes backslash, double quote and line feed as `\\`, `\"` and `\n`; HELP text escapes
backslash and line feed. No timestamps: the collector stamps samples at scrape time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from hwdoctor.compat import xid
from hwdoctor.model.facts import GpuHealth, XidKind
from hwdoctor.model.reports import DetectReport, Severity
from hwdoctor.project import __version__

PREFIX: Final = "hwdoctor_"


def escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _escape_help(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


class _Metrics:
    """Samples grouped by metric, in the order metrics are first declared."""

    def __init__(self) -> None:
        self._families: dict[str, tuple[str, str, list[str]]] = {}

    def add(self, name: str, kind: str, text: str, value: float,
            labels: Mapping[str, object] | None = None) -> None:  # fmt: skip
        family = self._families.setdefault(PREFIX + name, (kind, text, []))
        shown = ",".join(
            f'{key}="{escape_label(str(item))}"' for key, item in (labels or {}).items()
        )
        number = repr(float(value)) if isinstance(value, float) else str(int(value))
        family[2].append(f"{PREFIX}{name}{{{shown}}} {number}" if shown else
                         f"{PREFIX}{name} {number}")  # fmt: skip

    def text(self) -> str:
        lines: list[str] = []
        for name, (kind, text, samples) in self._families.items():
            lines += [f"# HELP {name} {_escape_help(text)}", f"# TYPE {name} {kind}", *samples]
        return "\n".join(lines) + "\n"


def render(report: DetectReport) -> str:
    """The report's verdict, findings and health counters as exposition text."""
    metrics = _Metrics()
    metrics.add("up", "gauge", "1: hwdoctor detect ran to its report.", 1)
    metrics.add("exit_code", "gauge", "detect's exit code: 0 nothing to fix, 1 a problem "
                "found or a requirement not met.", report.exit_code)  # fmt: skip
    metrics.add("info", "gauge", "hwdoctor's version and the torch it diagnosed.", 1,
                {"version": __version__, "torch": report.torch.version or "",
                 "build": report.torch.build or ""})  # fmt: skip
    metrics.add("probe_seconds", "gauge", "Seconds the probe of the target interpreter took.",
                float(report.probe_seconds))  # fmt: skip
    for severity in Severity:
        count = sum(1 for f in report.findings if f.severity is severity)
        metrics.add("findings", "gauge", "Findings of each severity.", count,
                    {"severity": severity.value})  # fmt: skip
    for found in report.findings:
        metrics.add("finding", "gauge", "A finding that stands: its code, severity, backend "
                    "and device (docs/findings.md lists the codes).", 1,
                    {"code": found.code, "severity": found.severity.value,
                     "backend": found.backend or "",
                     "device": found.params.get("device", "")})  # fmt: skip
    actions = [xid.Action(f.action) for f in report.findings if f.action is not None]
    worst = xid.worst(actions)
    for action in xid.Action:
        metrics.add("action_needed", "gauge", "1 for the most disruptive step of the action "
                    "ladder the findings ask for (none, restart_app, reset_gpu, reboot, "
                    "service), 0 for the others.", int(action is worst),
                    {"action": action.value})  # fmt: skip
    for backend in report.backends:
        metrics.add("backend_status", "gauge", "A backend's verdict on this machine (1).", 1,
                    {"backend": backend.key, "status": backend.status.value})  # fmt: skip
        metrics.add(
            "backend_devices",
            "gauge",
            "Devices a backend makes usable.",
            backend.device_count if backend.available else 0,
            {"backend": backend.key},
        )
        for device in backend.devices if backend.available else ():
            metrics.add("device_info", "gauge", "A usable device and its name (1).", 1,
                        {"backend": backend.key, "device": f"{backend.device}:{device.index}",
                         "name": device.name or ""})  # fmt: skip
    _kernel_log(metrics, report)
    driver = report.host.nvidia
    for gpu in driver.health if driver is not None else ():
        _health(metrics, gpu)
    return metrics.text()


def _kernel_log(metrics: _Metrics, report: DetectReport) -> None:
    log = report.host.kernel_log
    if log is None:
        return
    metrics.add("kernel_log_checked", "gauge", "1: the kernel log was read for Xid events; "
                "0: it could not be (its events are unknown, not absent).",
                int(log.read))  # fmt: skip
    for event in log.events:
        kind = "xid" if event.kind is XidKind.XID else "sxid"
        metrics.add(f"gpu_{kind}_events", "gauge", f"Kernel-log lines of each {kind.upper()} "
                    "code per device since the log began (this boot).", event.count,
                    {"device": event.device, kind: event.code})  # fmt: skip


def _health(metrics: _Metrics, gpu: GpuHealth) -> None:
    labels = {"device": gpu.pci_bus_id or str(gpu.index), "name": gpu.name or ""}
    pairs: Iterable[tuple[str, str, dict[str, str], int | bool | None]] = (
        ("gpu_ecc_uncorrected_errors", "Uncorrectable ECC errors (NVML).",
         {"scope": "volatile"}, gpu.ecc_volatile_uncorrected),
        ("gpu_ecc_uncorrected_errors", "Uncorrectable ECC errors (NVML).",
         {"scope": "aggregate"}, gpu.ecc_aggregate_uncorrected),
        ("gpu_retired_pages", "Pages retired for ECC errors.", {"cause": "sbe"},
         gpu.retired_pages_sbe),
        ("gpu_retired_pages", "Pages retired for ECC errors.", {"cause": "dbe"},
         gpu.retired_pages_dbe),
        ("gpu_retired_pages_pending", "1: a page retirement waits for the next reset.", {},
         gpu.retired_pages_pending),
        ("gpu_remapped_rows", "Memory rows remapped.", {"kind": "correctable"},
         gpu.remapped_correctable),
        ("gpu_remapped_rows", "Memory rows remapped.", {"kind": "uncorrectable"},
         gpu.remapped_uncorrectable),
        ("gpu_row_remap_pending", "1: a row remapping waits for the next GPU reset.", {},
         gpu.remap_pending),
        ("gpu_row_remap_failed", "1: a row remapping failed (a reason for RMA).", {},
         gpu.remap_failed),
        ("gpu_nvlinks_down", "NVLink links supported but inactive.", {},
         len(gpu.nvlinks_down) if gpu.nvlinks_up is not None or gpu.nvlinks_down else None),
    )  # fmt: skip
    for name, text, extra, value in pairs:
        if value is not None:
            metrics.add(name, "gauge", text, int(value), {**labels, **extra})
    for reason in gpu.throttle:
        metrics.add("gpu_clocks_event_active", "gauge", "1 for each clock-event (throttle) "
                    "reason that costs speed now.", 1, {**labels, "reason": reason})  # fmt: skip
