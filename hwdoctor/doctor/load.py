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
from dataclasses import dataclass
from typing import IO, Final

from hwdoctor import devices, diagnosis, shell
from hwdoctor.diagnosis import load as judged
from hwdoctor.diagnosis import machine
from hwdoctor.doctor.detect import examine
from hwdoctor.gather.probe import answers
from hwdoctor.gather.probe.runner import Started
from hwdoctor.model import Dtype
from hwdoctor.model.answers import Placed
from hwdoctor.model.facts import Evidence
from hwdoctor.model.live_reports import LoadReport
from hwdoctor.model.reports import Chosen
from hwdoctor.model.runs import ProbeRun
from hwdoctor.text import is_true

TINY_MODEL: Final = "tiny Qwen3 (embedded)"


@dataclass(frozen=True)
class LoadRequest:
    model: str | None  # None: the embedded tiny Qwen3
    device: devices.DeviceRequest | None  # None: the device training would pick here
    plan: bool = False
    trust_remote_code: bool = False
    offline: bool = False
    revision: str | None = None
    dtype: Dtype = Dtype.AUTO
    max_new_tokens: int = 8
    memory: int | None = None  # --plan: the memory to plan for, in bytes
    context: int | None = None  # --plan: tokens for the KV cache (None: fit.context_for)
    batch: int = 1  # --plan: sequences at once

    @property
    def label(self) -> str:
        return self.model or TINY_MODEL


def load(
    request: LoadRequest,
    python: str,
    timeout_s: float,
    *,
    started: Started | None = None,
    echo_stderr: IO[bytes] | None = None,
    chosen: Chosen | None = None,
) -> LoadReport:
    """Validate the device against the probe, then load, run and measure in the target.

    A download or a load keeps its deadline alive while the model's bytes grow (the payload
    reports that as progress); what it writes to stderr does not, and with `echo_stderr` it
    is copied there as it comes."""
    offline = request.offline or is_true(os.environ.get("HF_HUB_OFFLINE"))
    job = {
        "model": request.model,
        "plan": request.plan,
        "trust_remote_code": request.trust_remote_code,
        "offline": offline,
        "revision": request.revision,
        "dtype": request.dtype.value,
        "max_new_tokens": request.max_new_tokens,
    }
    payload = Started(
        python,
        "load",
        job,
        env_overrides={"HF_HUB_OFFLINE": "1"} if request.offline else None,
        stdin=True,
        echo_stderr=echo_stderr,
    )
    try:
        evidence = examine(python, timeout_s, started=started)
    except BaseException:
        payload.abandon()
        raise
    with shell.written_for(machine.dialect(evidence)):  # issue 38 (s19-mend-windows)
        return _judged(request, evidence, payload, timeout_s, chosen)


def _judged(
    request: LoadRequest,
    evidence: Evidence,
    payload: Started,
    timeout_s: float,
    chosen: Chosen | None,
) -> LoadReport:
    """The load judged for `evidence`, its remedies written for the machine's shell."""
    device = request.device or judged.default_device(evidence)
    report = diagnosis.detect(evidence)
    # Without torch nothing loads: said as detect says it, with the install for this
    # interpreter, never as the payload's ModuleNotFoundError. A plan loads no weights: it
    # is made for any device, here or not.
    problem = judged.torch_missing(report.findings) or (
        None if request.plan else judged.validate(device, evidence)
    )
    base = LoadReport(
        model=request.label,
        device=device.text,
        python=report.python,
        packages=report.packages,
        problem=problem,
        chosen=chosen,
    )
    if problem is not None:
        payload.abandon()
        return base
    payload.go(json.dumps({"device_map": device.text}))
    run = payload.finish(timeout_s)
    return _report(run, base, device, evidence, timeout_s, request)


def _report(
    run: ProbeRun,
    base: LoadReport,
    device: devices.DeviceRequest,
    evidence: Evidence,
    timeout_s: float,
    request: LoadRequest,
) -> LoadReport:
    # What the load payload sent, read at the probe's boundary: what does not fit its shape
    # is left out and reported, never read as it came.
    answer, malformed = answers.load(run.facts)
    where = answer.placement or Placed()
    output = "\n".join(part for part in (run.stdout_tail, run.stderr_tail) if part.strip())
    problem = judged.problem(
        answer.failure,
        hub=answer.hub,
        outcome=run.outcome.value,
        culprit=run.culprit.name if run.culprit else None,
        signal=run.signal_name or f"exit {run.returncode}",
        output=output,
        model=base.model,
        timeout_s=timeout_s,
        device=device.text,
    )
    if problem is not None:
        problem = judged.with_memory(problem, device, evidence)
    return dataclasses.replace(
        base,
        problem=problem,
        placement=where.devices,
        device_map=where.device_map or None,
        model_class=where.model_class,
        dtype=where.dtype,
        parameters=where.parameters,
        load_seconds=where.load_seconds,
        peak_memory=answer.peak_memory,
        forward=answer.forward,
        generate=answer.generate,
        plan=judged.with_fit(
            answer.plan, device, evidence, request.memory, request.context, request.batch
        ),
        findings=(
            *judged.placement_findings(device, where.devices, evidence, request.model),
            *judged.malformed_findings(malformed),
        ),
    )
