"""`explain --verify`: the real libraries' answers next to hwdoctor's prediction.

The verify payload runs in the target interpreter (`hwdoctor.doctor.explain` starts it);
`compare()` lines its answers up with the decisions of `hwdoctor.rules`. A library that
raises is an answer too ("raises ValueError"), compared like any other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from hwdoctor import registry
from hwdoctor.model.decisions import (
    AccelerateDecision,
    DeviceMapPlan,
    InferenceDecision,
    ModelDecision,
    StepTrace,
    Trace,
    TrainingDecision,
    VerifyItem,
    VerifyReport,
)
from hwdoctor.model.facts import ErrorInfo
from hwdoctor.model.runs import ProbeRun, RunOutcome
from hwdoctor.text import clip

_ANSWER_LIMIT = 200  # characters of one answer


def compare(
    run: ProbeRun,
    training: TrainingDecision,
    accelerate: AccelerateDecision,
    inference: InferenceDecision,
) -> VerifyReport:
    answers = Answers(run)
    raises = f"raises {training.error.split(':', 1)[0]}" if training.error else None
    items = (
        answers.item("TrainingArguments.device", raises or training.device, "TrainingArguments",
                     "device"),
        answers.item("TrainingArguments.n_gpu", raises or str(training.n_gpu), "TrainingArguments",
                     "n_gpu"),
        answers.item("TrainingArguments.parallel_mode", raises or str(training.parallel_mode),
                     "TrainingArguments", "parallel_mode"),
        answers.item("PartialState().device", accelerate.device, "PartialState", "device"),
        answers.item("get_max_memory() keys", ",".join(inference.device_map_auto.keys),
                     "get_max_memory", "keys"),
        answers.item("pipeline().device", inference.pipeline, "pipeline", "device"),
    )  # fmt: skip
    problem = problem_of(run)
    return VerifyReport(ran=True, items=items, seconds=run.seconds, problem=problem)


def with_model(report: VerifyReport, run: ProbeRun, model: ModelDecision) -> VerifyReport:
    """explain --model --verify: what from_pretrained() set on the loaded model, next to the
    prediction."""
    answers = Answers(run)
    items = (
        answers.item("model attn_implementation", model.attention, "model_load",
                     "attn_implementation"),
        answers.item("model dtype", model.dtype, "model_load", "dtype"),
    )  # fmt: skip
    return dataclasses.replace(report, items=(*report.items, *items))


def disagreements(report: VerifyReport) -> tuple[VerifyItem, ...]:
    """The items the real libraries answered otherwise than predicted (an item whose call
    never ran is not one: nothing contradicts the prediction)."""
    return tuple(item for item in report.items if item.actual is not None and not item.agree)


def confirms(report: VerifyReport) -> bool | None:
    """Whether the real libraries confirm the prediction: False where any answer differs,
    True where every one was given and matched, None where they could not all answer."""
    if disagreements(report):
        return False
    return True if report.agree else None


def problem_of(run: ProbeRun) -> str | None:
    """Why the payload did not answer every call: it hung or died in one."""
    if run.outcome is RunOutcome.COMPLETED:
        return None
    culprit = run.culprit.name if run.culprit else "start-up"
    how = "hung" if run.outcome is RunOutcome.TIMEOUT else f"died ({run.signal_name})"
    return f"the verification {how} in {culprit}"


def observed(
    run: ProbeRun, use_cpu: bool, outside: tuple[tuple[str, str], ...]
) -> tuple[TrainingDecision, AccelerateDecision, InferenceDecision]:
    """The real libraries' answers as the decisions of a report, for versions outside every
    table: each a single observed step, nothing predicted. A call that raised or never ran
    leaves its answer unknown ("unknown"), said by the explain checks."""
    answers = Answers(run)
    read_from = "observed: " + ", ".join(f"{name} {version}" for name, version in outside)

    def value(call: str, field: str) -> str | None:
        answer = answers.facts.get(call)
        if call in answers.errors or not isinstance(answer, Mapping) or field not in answer:
            return None
        found = answer[field]
        return ",".join(str(v) for v in found) if isinstance(found, list) else str(found)

    def trace(title: str, library: str, call: str, shown: str | None) -> Trace:
        error = answers.errors.get(call)
        seen = f"raises {error.one_line()}" if error else (shown or "did not answer")
        step = StepTrace("observed", f"the real {title} in this environment", seen, "taken")
        return Trace(title, library, read_from, (step,))

    state_device = value("PartialState", "device")
    backend = value("PartialState", "backend")
    accelerate = AccelerateDecision(
        state_device or "unknown",
        value("PartialState", "distributed_type") or "unknown",
        backend if backend != "None" else None,
        False,
        trace("PartialState().device", "accelerate", "PartialState", state_device),
    )
    device = value("TrainingArguments", "device")
    n_gpu = value("TrainingArguments", "n_gpu")
    error = answers.errors.get("TrainingArguments")
    training = TrainingDecision(
        device,
        int(n_gpu) if n_gpu and n_gpu.isdigit() else None,
        value("TrainingArguments", "parallel_mode"),
        use_cpu,
        accelerate,
        trace("TrainingArguments(...).device", "transformers", "TrainingArguments", device),
        error=error.one_line() if error else None,
    )
    listed = value("get_max_memory", "keys")
    keys = tuple(listed.split(",")) if listed else ()
    budgets = trace('device_map="auto" budgets (get_max_memory)', "accelerate",
                    "get_max_memory", ",".join(keys) or None)  # fmt: skip
    plan = DeviceMapPlan(
        devices=keys, keys=keys, budgets=tuple((key, None) for key in keys), family="observed",
        fallback_to_cpu=False, unused_accelerators=(), family_trace=budgets,
        host_trace=Trace(budgets.title, budgets.library, read_from, ()),
    )  # fmt: skip
    pipeline = value("pipeline", "device")
    inference = InferenceDecision(
        from_pretrained=registry.HOST,  # weights are created on the host, in every release
        device_map_auto=plan,
        pipeline=pipeline or "unknown",
        pipeline_trace=trace("pipeline(...) device", "transformers", "pipeline", pipeline),
    )
    return training, accelerate, inference


class Answers:
    """The payload's facts and step errors, looked up by call name."""

    def __init__(self, run: ProbeRun) -> None:
        self.facts: Mapping[str, Any] = run.facts
        self.errors = {
            step.name: ErrorInfo.from_probe(step.error) for step in run.steps if step.ok is False
        }

    def item(self, name: str, predicted: str | None, call: str, field: str) -> VerifyItem:
        predicted_text = "None" if predicted is None else predicted
        error = self.errors.get(call)
        if error is not None:
            return VerifyItem(name, predicted_text, f"raises {error.type}", error.one_line())
        answer = self.facts.get(call)
        if not isinstance(answer, Mapping):
            return VerifyItem(name, predicted_text, None, "the call did not run")
        value = answer.get(field)
        actual = ",".join(str(v) for v in value) if isinstance(value, list) else str(value)
        # The target's (or an evidence file's) text: a device string is short; anything
        # longer is cut, whatever format shows it.
        return VerifyItem(name, predicted_text, clip(actual, _ANSWER_LIMIT))
