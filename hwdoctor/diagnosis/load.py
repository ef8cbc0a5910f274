"""`load`, judged: whether the asked device is usable, what the load payload's answer means.

Pure functions of the evidence and of what the payload reported; the use case in
`hwdoctor.doctor.load` runs the payload.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Final, Literal, TypedDict

from hwdoctor import devices, registry, rules
from hwdoctor.diagnosis import backends, fit
from hwdoctor.diagnosis.catalogue import Code, make_finding
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.answers import Failure, HubRoute, PlacementRow, Plan
from hwdoctor.model.decisions import BudgetFit, Fit
from hwdoctor.model.facts import Evidence
from hwdoctor.model.live_reports import CheckpointRead, LoadPlan
from hwdoctor.model.reports import Finding
from hwdoctor.shell import Shell, choices, command, comment
from hwdoctor.units import human_bytes

# What the load payload calls each failure it classifies (payload_load.py), and its code.
_LoadCode = Literal[
    Code.LOAD_NOT_FOUND,
    Code.LOAD_REVISION_NOT_FOUND,
    Code.LOAD_GATED,
    Code.LOAD_NOT_CACHED,
    Code.LOAD_NETWORK_UNREACHABLE,
    Code.LOAD_DNS_FAILED,
    Code.LOAD_PROXY_FAILED,
    Code.LOAD_HUB_TIMEOUT,
    Code.LOAD_UNAUTHORIZED,
    Code.LOAD_OUT_OF_MEMORY,
    Code.LOAD_REMOTE_CODE,
    Code.LOAD_MISSING_PACKAGE,
    Code.LOAD_NO_KERNEL,
    Code.LOAD_DEVICE_LOST,
    Code.LOAD_FAILED,
]
_KIND_CODES: Final[Mapping[str, _LoadCode]] = {
    "not_found": Code.LOAD_NOT_FOUND,
    "revision_not_found": Code.LOAD_REVISION_NOT_FOUND,
    "gated": Code.LOAD_GATED,
    "not_cached": Code.LOAD_NOT_CACHED,
    "network_unreachable": Code.LOAD_NETWORK_UNREACHABLE,
    "dns_failed": Code.LOAD_DNS_FAILED,
    "proxy_failed": Code.LOAD_PROXY_FAILED,
    "hub_timeout": Code.LOAD_HUB_TIMEOUT,
    "unauthorized": Code.LOAD_UNAUTHORIZED,
    "out_of_memory": Code.LOAD_OUT_OF_MEMORY,
    "remote_code": Code.LOAD_REMOTE_CODE,
    "missing_package": Code.LOAD_MISSING_PACKAGE,
    "no_kernel": Code.LOAD_NO_KERNEL,
    "device_lost": Code.LOAD_DEVICE_LOST,
}
_HOST_TIERS: Final = (registry.HOST, "disk")  # offload targets in accelerate's device maps


def default_device(evidence: Evidence) -> devices.DeviceRequest:
    """What TrainingArguments would train on here: the accelerator a job would use (by the
    newest tables where the installed transformers is outside them: a first try that the
    load then proves or refutes)."""
    chosen = rules.training(rules.as_newest(rules.inputs(evidence))).device or registry.HOST
    known = chosen.split(":")[0] in devices.known_types()
    return devices.parse(chosen if known else registry.HOST)


def torch_missing(found: Sequence[Finding]) -> Finding | None:
    """detect's finding that the interpreter has no torch, which no load gets past."""
    return next((f for f in found if f.code == Code.TORCH_MISSING), None)


def validate(device: devices.DeviceRequest, evidence: Evidence) -> Finding | None:
    """Whether `device` is usable here; if not, why, and what to do about it."""
    if _on_host(device):
        return None
    rows = backends.device_rows(device, evidence)
    if any(row.usable for row in rows):
        return None
    # The hardware first: without it no package helps. One short clause per cause: the
    # rows behind one device string (cuda: NVIDIA and AMD) share their hardware clause and
    # torch's build, rather than saying each twice.
    absent = [row.hardware for row in rows if not row.hardware_present]
    torch = evidence.torch
    wrong = [row for row in rows if row.wrong_build]
    reasons = [f"no {' or '.join(absent)} found"] if absent else []
    if wrong and torch is not None:
        reasons.append(f"torch {torch.version or ''} is a {registry.build_name(torch.build)} "
                       "build".replace("  ", " "))  # fmt: skip
    reasons += [
        reason
        for row in rows
        if not row.wrong_build
        for reason in row.missing
        if "hardware" not in reason
    ]
    reasons = reasons or ["no usable device"]
    report = backends.rows(evidence, ())  # what is usable here, findings aside
    usable = [row.device for row in report if row.available]
    there = Shell.joined(
        comment(f"on a machine with {row.hardware}: {row.hardware_remedy}")
        for row in rows
        if not row.hardware_present and row.hardware_remedy
    )
    advice = ([f"run this on a machine with {' or '.join(absent)}"] if absent else []) + [
        f"select devices with {', '.join(row.visibility_env)}"
        for row in rows
        if row.hardware_present and row.visibility_env
    ]
    # One torch per interpreter: where the device string has several rows (cuda: NVIDIA's
    # CUDA build and AMD's ROCm build), they are choices, the one whose hardware this machine
    # shows first (sorted() keeps the registry's order among equals).
    installs = choices(
        [
            (f"for {row.hardware}s", row.install_command)
            for row in sorted(rows, key=lambda row: not row.hardware_present)
            if (not row.installed or row.wrong_build) and row.install_command
        ]
    )
    return finding(
        Code.LOAD_DEVICE_UNUSABLE,
        step="validate",
        device=device.text,
        reasons="; ".join(dict.fromkeys(reasons)),
        usable=", ".join(dict.fromkeys(usable)) or "nothing",
        remedies="; ".join(dict.fromkeys(advice)),
        there=there,
        install=installs,
    )


def problem(
    failure: Failure | None,
    *,
    outcome: str,
    culprit: str | None,
    signal: str | None,
    output: str,
    model: str,
    timeout_s: float,
    device: str | None = None,
    hub: HubRoute | None = None,
) -> Finding | None:
    """Why the load did not work, from the failure the payload classified (and how it
    reached the Hub) and how it ended (on `device`, the device string the load asked for)."""
    if failure is not None:
        error = failure.error.info() if failure.error is not None else None
        detail = error.one_line() if error else "unknown error"
        code: _LoadCode = _KIND_CODES.get(failure.kind or "", Code.LOAD_FAILED)
        evidence = (error.traceback or detail) if error else ""
        if failure.hub_log:  # kept off the terminal by the payload: the retries, the URLs
            evidence = "\n".join([evidence, "huggingface_hub logged:", *failure.hub_log]).strip()
        # Every load code takes the same parameters (catalogue.LOAD_PARAMS); only the
        # remote-code one has words for a local model. hwdoctor passes a local model
        # directory as an absolute path (model_ref.py, model_argument); a Hub id never is one.
        params: _Load = {
            "step": failure.step,
            "error": detail,
            "model": model,
            "device": device,
            "detail": "",
            "command": load_command(model, "--trust-remote-code"),
            **_hub(hub, failure),
        }
        if code is Code.LOAD_REMOTE_CODE and os.path.isabs(model):
            return finding(code, evidence=evidence, variant="local", **params)
        return finding(code, evidence=evidence, **params)
    if outcome == "completed":
        return None
    step = culprit or "start-up"
    if outcome == "timeout":
        return finding(Code.LOAD_HANG, evidence=output, step=step, timeout=f"{timeout_s:g}")
    return finding(Code.LOAD_CRASH, evidence=output, step=step, signal=signal)


_ENDPOINT_ENV: Final = "HF_ENDPOINT"  # huggingface_hub's variable for a mirror


class _Hub(TypedDict):
    """The network findings' parameters (`_hub`), typed for `finding`."""

    endpoint: str
    endpoint_source: str
    route: str
    on: str
    host: str
    proxy: str
    proxy_env: str
    proxy_vars: str
    timeout: str
    mirror: str
    cause: str
    status: str


class _Load(_Hub):
    """A load finding's parameters (`problem`), typed for `finding`."""

    step: str
    error: str
    model: str
    device: str | None
    detail: str
    command: Shell


def _hub(hub: HubRoute | None, failure: Failure) -> _Hub:
    """Where the Hub is and what routes to it (the payload's `hub` fact), and what it or
    the OS said (the failure's innermost error and HTTP status): the network findings'
    parameters, empty when the payload did not ask the Hub."""
    hub = hub or HubRoute()
    endpoint = hub.endpoint or ""
    mirrored = bool(hub.settings.get(_ENDPOINT_ENV))
    source = "set by HF_ENDPOINT" if mirrored else "the default endpoint"
    proxies = [f"{name}={value}" for name, value in hub.settings.items() if name != _ENDPOINT_ENV]
    route = ", ".join([source, *proxies]) if proxies else f"{source}, no proxy set"
    return {
        "endpoint": endpoint,
        "endpoint_source": source if endpoint else "",
        "route": route if endpoint else "",
        "on": f" on {endpoint} ({route})" if endpoint else "",
        "host": hub.host or "",
        "proxy": hub.proxy or "",
        "proxy_env": ", ".join(hub.proxy_env),
        "proxy_vars": " ".join(hub.proxy_env),
        "timeout": str(hub.timeout or ""),
        "mirror": endpoint if mirrored else "",
        "cause": failure.cause or "",
        "status": str(failure.status or ""),
    }


def with_memory(found: Finding, device: devices.DeviceRequest, evidence: Evidence) -> Finding:
    """Out of memory: say what torch tried to allocate and what was free before loading."""
    if found.code != Code.LOAD_OUT_OF_MEMORY.value:
        return found
    on_host = _on_host(device)
    free = device_free(device, evidence) if not on_host else _host_free(evidence)
    tried = re.search(r"Tried to allocate ([\d.]+ [KMGT]?i?B)", found.evidence or "")
    parts = [
        f"needed {tried.group(1)} more" if tried else "",
        f"{human_bytes(free)} was free on {device.text} before loading" if free is not None else "",
    ]
    detail = "; ".join(part for part in parts if part)
    return make_finding(  # the finding again from its own parameters, its detail added
        Code.LOAD_OUT_OF_MEMORY,
        evidence=found.evidence,
        **{**found.params, "detail": f" ({detail})" if detail else ""},
    )


def with_fit(
    plan: Plan | None,
    device: devices.DeviceRequest,
    evidence: Evidence,
    memory: int | None = None,
    context: int | None = None,
    batch: int = 1,
) -> LoadPlan | None:
    """The plan the load payload reported, read, with whether the model fits the asked
    device (`fit_of`)."""
    if plan is None:
        return None
    # A strategy's budgets by the devices they stand for ("0" -> "cuda:0"), as each is judged.
    labelled = _budget_labels(plan) if device.is_strategy else list(plan.max_memory.items())
    checkpoint = plan.checkpoint
    placed: dict[str, int] = {}
    for where in plan.auto_device_map.values():
        placed[where] = placed.get(where, 0) + 1
    return LoadPlan(
        reported=plan,
        model_class=plan.model_class,
        parameters=plan.parameters,
        dtype=plan.dtype,
        config_dtype=plan.config_dtype,
        weights_by_dtype=tuple((name, int(size)) for name, size in plan.bytes_by_dtype.items()),
        checkpoint=CheckpointRead(
            source=checkpoint.source,
            problem=checkpoint.problem,
            files=checkpoint.files,
            bytes=checkpoint.bytes,
            by_dtype=tuple(
                (name, row.parameters) for name, row in (checkpoint.by_dtype or {}).items()
            ),
        ),
        budgets=tuple(labelled),
        placed=tuple(placed.items()),
        fit=fit_of(plan, device, evidence, memory, context, batch),
    )


def fit_of(
    plan: Plan,
    device: devices.DeviceRequest,
    evidence: Evidence,
    memory: int | None = None,
    context: int | None = None,
    batch: int = 1,
) -> Fit:
    """Whether the model fits the asked device: its weights, KV cache for `context` tokens x
    `batch` and working memory (diagnosis.fit), in `memory` when the user gave it, else in
    what is free there right now; unknown for a device that is not here. A device_map
    strategy is judged against every budget together, and each budget alone."""
    dtype = str(plan.dtype)
    needed = fit.need(plan, dtype, context, batch)
    free: int | None
    on_host = _on_host(device)
    here = on_host or device_free(device, evidence) is not None
    shared = any(b.shares_host_memory for b in registry.for_device(device.type))
    if memory is not None:
        free = memory
    elif device.is_strategy:
        free = sum(plan.max_memory.values()) or None
    elif on_host:
        free = _host_free(evidence)
    else:
        free = device_free(device, evidence)
    verdict = fit.judge(needed, free, _host_free(evidence), on_host or shared or memory is not None)
    return Fit(
        needed=int((plan.parameters or 0) * fit.BYTES.get(dtype, 4)),
        free=free,
        given=memory is not None,
        device_here=here,
        weights=needed.weights,
        kv_cache=needed.kv_cache,
        working=needed.working,
        total=needed.total,
        context=needed.context,
        batch=needed.batch,
        verdict=verdict.value if verdict else None,
        smaller=fit.smaller(plan, needed, free, context),
        budgets=tuple(
            _budget_row(plan, needed, label, value, evidence, context)
            for label, value in (_budget_labels(plan) if device.is_strategy else ())
        ),
    )


def _budget_labels(plan: Plan) -> list[tuple[str, int]]:
    """Accelerate's budget keys as device names: an index is a device of the family the
    auto placement used ("0" -> "cuda:0")."""
    placed = list(plan.auto_device_map.values())
    out = []
    for key, value in plan.max_memory.items():
        label = key
        if key.isdigit():
            label = next((p for p in placed if p.endswith(f":{key}")), f"device {key}")
        out.append((label, value))
    return out


def _budget_row(
    plan: Plan,
    needed: fit.Need,
    label: str,
    free: int,
    evidence: Evidence,
    context: int | None,
) -> BudgetFit:
    kind = label.partition(":")[0]
    on_host = label in _HOST_TIERS or any(b.shares_host_memory for b in registry.for_device(kind))
    verdict = fit.judge(needed, free, _host_free(evidence), on_host)
    return BudgetFit(
        device=label,
        free=free,
        verdict=verdict.value if verdict else None,
        smaller=fit.smaller(plan, needed, free, context),
    )


def _on_host(device: devices.DeviceRequest) -> bool:
    """A strategy or the CPU: budgets come from host RAM."""
    return device.is_strategy or any(
        b.query.kind is registry.QueryKind.CPU for b in registry.for_device(device.type)
    )


def _host_free(evidence: Evidence) -> int | None:
    return evidence.host.memory_available_bytes if evidence.host else None


def device_free(device: devices.DeviceRequest, evidence: Evidence) -> int | None:
    for key in registry.keys_for_device(device.type):
        facts = (evidence.backends or {}).get(key)
        for item in facts.devices if facts and facts.available else ():
            if item.index == (device.index or 0):
                return item.free_memory_bytes or item.total_memory_bytes
    return None


def load_command(model: str | None, *flags: str) -> Shell:
    """The `hwdoctor load` line that tries again with `flags`."""
    return command("hwdoctor", "load", *([model] if model else []), *flags)


def placement_findings(
    device: devices.DeviceRequest,
    placement: tuple[PlacementRow, ...],
    evidence: Evidence,
    model: str | None = None,
) -> list[Finding]:
    found = []
    given = rules.inputs(evidence)
    if device.is_strategy and placement and not rules.uncovered(given):
        plan = rules.device_map_auto(given)
        if plan.fallback_to_cpu and all(row.device in _HOST_TIERS for row in placement):
            first = plan.unused_accelerators[0]
            device_type = registry.BY_KEY[first].device
            found.append(
                finding(
                    Code.AUTO_FALLS_BACK,
                    backend=first,
                    variant="load",
                    strategy=device.text,
                    device=device_type,
                    command=load_command(model, "--device", device_type),
                )
            )
    disk = [row for row in placement if row.device == "disk"]
    if disk:
        found.append(finding(Code.OFFLOADED_TO_DISK, parameters=disk[0].parameters))
    return found


def malformed_findings(malformed: tuple[str, ...]) -> tuple[Finding, ...]:
    """What the load payload sent that did not fit its shape, as one finding."""
    if not malformed:
        return ()
    return (finding(Code.PROBE_MALFORMED, evidence="\n".join(malformed), what=malformed[0]),)
