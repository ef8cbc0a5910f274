"""`hwdoctor load`: load a model on a device in the target interpreter; show where it landed.

The load payload starts at once and imports torch and transformers while hwdoctor's own
probe runs next to it; hwdoctor validates the device against the probe's facts and only
then tells the payload to go. Loading, one forward pass and a short greedy generation
happen in that isolated, time-boxed subprocess, so a segfault or a hang is reported with
evidence instead of inherited.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from hwdoctor import devices, doctor, findings, registry, rules
from hwdoctor.errors import UsageError
from hwdoctor.model import (
    ErrorInfo,
    LoadProblem,
    LoadReport,
    PlacementRow,
)
from hwdoctor.probe.runner import ProbeRun, RunOutcome, Started
from hwdoctor.units import human_bytes

TINY_MODEL: Final = "tiny Qwen3 (embedded)"
DTYPES: Final = ("auto", "float32", "bfloat16", "float16")
# huggingface_hub's repo id rules: namespace/name, letters, digits, - _ . and no -- or ..
_REPO_ID: Final = re.compile(r"^(?:[A-Za-z0-9][\w.-]{0,95}/)?[A-Za-z0-9][\w.-]{0,95}$")
_TRUE: Final = frozenset({"1", "ON", "YES", "TRUE"})


@dataclass(frozen=True)
class LoadRequest:
    model: str | None  # None: the embedded tiny Qwen3
    device: devices.DeviceRequest | None  # None: the device training would pick here
    plan: bool = False
    trust_remote_code: bool = False
    offline: bool = False
    revision: str | None = None
    dtype: str = "auto"
    max_new_tokens: int = 8

    @property
    def label(self) -> str:
        return self.model or TINY_MODEL


def check_model(model: str | None) -> str | None:
    """A local directory or a Hub id; anything else is a usage error (exit 2)."""
    if model is None:
        return None
    try:
        path = Path(model).expanduser()
        if path.is_dir():
            return str(path.resolve())
    except (OSError, ValueError, RuntimeError):  # a name too long, a NUL byte, ~unknown-user
        pass
    looks_like_path = model.startswith((".", "/", "~")) or os.sep in model.strip("/").replace(
        "/", "", 1
    )
    if looks_like_path or not _REPO_ID.match(model) or "--" in model or ".." in model:
        raise UsageError(
            f"{devices.printable(model)} is neither a directory nor a Hub model id",
            hint="pass a local model directory or an id such as Qwen/Qwen3-0.6B",
        )
    return model


def load(
    request: LoadRequest,
    python: str,
    timeout_s: float,
    *,
    started: Started | None = None,
    progress: IO[bytes] | None = None,
) -> LoadReport:
    """Validate the device against the probe, then load, run and measure in the target."""
    offline = request.offline or os.environ.get("HF_HUB_OFFLINE", "").upper() in _TRUE
    job = {
        "model": request.model,
        "plan": request.plan,
        "trust_remote_code": request.trust_remote_code,
        "offline": offline,
        "revision": request.revision,
        "dtype": request.dtype,
        "max_new_tokens": request.max_new_tokens,
    }
    payload = Started(
        python,
        "load",
        job,
        env_overrides={"HF_HUB_OFFLINE": "1"} if request.offline else None,
        stdin=True,
        echo_stderr=progress,
    )
    try:
        exam = doctor.examine(python, timeout_s, started)
    except BaseException:
        payload.abandon()
        raise
    evidence = exam.evidence
    inputs = doctor.rule_inputs(evidence)
    device = request.device or _default_device(inputs)
    problem = validate(device, evidence)
    base = LoadReport(
        model=request.label,
        device=device.text,
        python=exam.report.python,
        packages=exam.report.packages,
        problem=problem,
    )
    if problem is not None:
        payload.abandon()
        return base
    payload.go(json.dumps({"device_map": device.text}))
    run = payload.finish(timeout_s)
    return _report(run, base, device, inputs, evidence, timeout_s)


def _default_device(inputs: rules.Inputs) -> devices.DeviceRequest:
    """What TrainingArguments would train on here: the accelerator a job would use."""
    chosen = rules.training(inputs).device or "cpu"
    return devices.parse(chosen if chosen.split(":")[0] in devices.known_types() else "cpu")


def validate(device: devices.DeviceRequest, evidence: findings.Evidence) -> LoadProblem | None:
    """Whether `device` is usable here; if not, why, and what to do about it."""
    if device.is_strategy or device.type == "cpu":
        return None
    rows = doctor.device_rows(device, evidence)
    if any(row.usable for row in rows):
        return None
    reasons = [reason for row in rows for reason in row.missing] or ["no usable device"]
    remedies = [
        hint
        for row in rows
        for hint in (
            row.install if not row.installed and row.install else "",
            row.hardware_remedy if not row.hardware_present and row.hardware_remedy else "",
            f"select devices with {', '.join(row.visibility_env)}" if row.visibility_env else "",
        )
        if hint
    ]
    return LoadProblem(
        kind="device_unusable",
        stage="validate",
        message="not usable here: " + "; ".join(dict.fromkeys(reasons)),
        remedy="; ".join(dict.fromkeys(remedies)) or None,
    )


# --- the payload's answer -------------------------------------------------------------------

_KIND_WORDING: Final[Mapping[str, tuple[str, str | None]]] = {
    "not_found": ("the model was not found", "check the model id, or log in (`hf auth login`) "
                  "if it is private"),
    "revision_not_found": ("the revision does not exist", "check --revision"),
    "gated": ("the model is gated: its page asks you to accept its conditions",
              "accept them on the model page, then `hf auth login` with an account that did"),
    "not_cached": ("the model is not in the local cache and downloads are off",
                   "run once with network access, or `hf download {model}` where there is "
                   "one; then use --offline"),
    "out_of_memory": ("the device ran out of memory", "use a smaller --dtype (bfloat16), "
                      "device_map auto/balanced to spread the model, or a device with more "
                      "memory"),
    "remote_code": ("the model needs its own code from the Hub",
                    "read that code first, then pass --trust-remote-code"),
    "missing_package": ("torch cannot use this device type: its extension is missing or "
                        "torch is built for another accelerator",
                        "see `hwdoctor explain DEVICE` for the package to install"),
    "no_kernel": ("torch has no kernels for this device's architecture",
                  "install a torch build that supports it (`hwdoctor detect` shows the arch)"),
    "device_lost": ("the device was lost during the run", "check the driver and the hardware "
                    "(dmesg, the vendor's smi tool); rerun"),
}  # fmt: skip


def _report(
    run: ProbeRun,
    base: LoadReport,
    device: devices.DeviceRequest,
    inputs: rules.Inputs,
    evidence: findings.Evidence,
    timeout_s: float,
) -> LoadReport:
    facts = run.facts
    where = facts.get("placement") or {}
    placement = tuple(
        PlacementRow(row["device"], row["modules"], row["parameters"], row["bytes"])
        for row in where.get("devices", ())
    )
    problem = _problem(run, facts, base.model, timeout_s)
    if problem is not None and problem.kind == "out_of_memory":
        problem = _with_memory(problem, device, evidence)
    return dataclasses.replace(
        base,
        problem=problem,
        placement=placement,
        device_map=where.get("device_map") or None,
        model_class=where.get("class"),
        dtype=where.get("dtype"),
        parameters=where.get("parameters"),
        load_seconds=where.get("load_seconds"),
        peak_memory=facts.get("peak_memory"),
        forward=facts.get("forward"),
        generate=facts.get("generate"),
        plan=_with_fit(facts.get("plan"), device, evidence),
        findings=tuple(_placement_findings(device, placement, inputs, evidence)),
    )


_DTYPE_BYTES: Final = {"float32": 4, "float64": 8, "bfloat16": 2, "float16": 2}


def _with_fit(
    plan: Mapping[str, Any] | None, device: devices.DeviceRequest, evidence: findings.Evidence
) -> Mapping[str, Any] | None:
    """Add whether the weights fit on the asked device with its memory free right now."""
    if not plan:
        return None
    needed = int(plan.get("parameters", 0) * _DTYPE_BYTES.get(str(plan.get("dtype")), 4))
    free: int | None
    if device.is_strategy:
        free = sum(int(v) for v in (plan.get("max_memory") or {}).values()) or None
    elif device.type == "cpu":
        free = evidence.host.memory_available_bytes
    else:
        free = _device_free(device, evidence)
    fits = {"needed": needed, "free": free, "fits": free is not None and needed <= free}
    return {**plan, "fits": fits}


def _device_free(device: devices.DeviceRequest, evidence: findings.Evidence) -> int | None:
    for backend in registry.for_device(device.type):
        facts = evidence.backends[backend.key]
        for item in facts.devices if facts.available else ():
            if item.index == (device.index or 0):
                return item.free_memory_bytes or item.total_memory_bytes
    return None


def _problem(
    run: ProbeRun, facts: Mapping[str, Any], model: str, timeout_s: float
) -> LoadProblem | None:
    failure = facts.get("failure")
    if failure:
        error = ErrorInfo.from_json(failure.get("error"))
        kind = failure.get("kind", "error")
        what, remedy = _KIND_WORDING.get(kind, ("", None))
        detail = error.one_line() if error else "unknown error"
        step_name = failure.get("step", "load")
        return LoadProblem(
            kind=kind,
            stage=step_name,
            message=f"{step_name}: {what}" if what else f"{step_name} raised {detail}",
            remedy=remedy.format(model=model) if remedy else None,
            evidence=(error.traceback or detail) if error else None,
        )
    if run.outcome is RunOutcome.COMPLETED:
        return None
    culprit = run.culprit.name if run.culprit else "start-up"
    evidence = "\n".join(part for part in (run.stdout_tail, run.stderr_tail) if part.strip())
    if run.outcome is RunOutcome.TIMEOUT:
        return LoadProblem(
            "hang",
            culprit,
            f"{culprit} made no progress for {timeout_s:g} s; hwdoctor stopped it",
            "raise --timeout for a very large model; otherwise the stack in the evidence "
            "shows where it waits",
            evidence,
        )
    return LoadProblem(
        "crash",
        culprit,
        f"{culprit} killed the interpreter ({run.signal_name or f'exit {run.returncode}'})",
        "the evidence holds what it printed; rerun with a smaller model to narrow it down",
        evidence,
    )


def _with_memory(
    problem: LoadProblem, device: devices.DeviceRequest, evidence: findings.Evidence
) -> LoadProblem:
    """Out of memory: say what torch tried to allocate and what was free before loading."""
    free = (
        evidence.host.memory_available_bytes
        if device.type == "cpu" or device.is_strategy
        else _device_free(device, evidence)
    )
    tried = re.search(r"Tried to allocate ([\d.]+ [KMGT]?i?B)", problem.evidence or "")
    parts = [f"needed {tried.group(1)} more" if tried else "", f"{human_bytes(free)} was free "
             f"on {device.text} before loading" if free is not None else ""]  # fmt: skip
    detail = "; ".join(part for part in parts if part)
    return dataclasses.replace(
        problem, message=f"{problem.message} ({detail})" if detail else problem.message
    )


def _placement_findings(
    device: devices.DeviceRequest,
    placement: tuple[PlacementRow, ...],
    inputs: rules.Inputs,
    evidence: findings.Evidence,
) -> list[Any]:
    found = []
    if device.is_strategy and placement:
        plan = rules.device_map_auto(inputs)
        if plan.fallback_to_cpu and all(row.device in ("cpu", "disk") for row in placement):
            first = plan.unused_accelerators[0]
            device_type = registry.BY_KEY[first].device
            found.append(
                findings.finding(
                    findings.AUTO_FALLS_BACK,
                    f'device_map="{device.text}" put the whole model on cpu although '
                    f"{device_type} is usable here",
                    backend=first,
                    remedy=f'load with --device {device_type} (device_map="{device_type}")',
                )
            )
    disk = [row for row in placement if row.device == "disk"]
    if disk:
        found.append(
            findings.finding(
                findings.OFFLOADED_TO_DISK,
                f"{disk[0].parameters} parameters were offloaded to disk: every forward pass "
                "reads them back",
                remedy="use a smaller --dtype or a device with more memory",
            )
        )
    return found
