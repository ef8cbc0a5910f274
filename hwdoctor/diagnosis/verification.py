"""`explain --verify`: the real libraries' answers next to hwdoctor's prediction.

The verify payload runs in the target interpreter (`hwdoctor.doctor.explain` starts it);
`compare()` lines its answers up with the decisions of `hwdoctor.rules`. A library that
raises is an answer too ("raises ValueError"), compared like any other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from hwdoctor import registry
from hwdoctor.model.answers import (
    GET_MAX_MEMORY,
    MODEL_LOAD,
    PARTIAL_STATE,
    PIPELINE,
    TRAINING_ARGUMENTS,
    VerifyRun,
)
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
from hwdoctor.model.runs import RunOutcome
from hwdoctor.text import clip

_ANSWER_LIMIT = 200  # characters of one answer
T = TypeVar("T")


def compare(
    run: VerifyRun,
    training: TrainingDecision,
    accelerate: AccelerateDecision,
    inference: InferenceDecision,
) -> VerifyReport:
    answers = run.answers
    raises = f"raises {training.error.split(':', 1)[0]}" if training.error else None
    items = (
        _item(run, "TrainingArguments.device", raises or training.device, TRAINING_ARGUMENTS,
              answers.training, lambda answer: answer.device),
        _item(run, "TrainingArguments.n_gpu", raises or str(training.n_gpu), TRAINING_ARGUMENTS,
              answers.training, lambda answer: answer.n_gpu),
        _item(run, "TrainingArguments.parallel_mode", raises or str(training.parallel_mode),
              TRAINING_ARGUMENTS, answers.training, lambda answer: answer.parallel_mode),
        _item(run, "PartialState().device", accelerate.device, PARTIAL_STATE, answers.state,
              lambda answer: answer.device),
        _item(run, "get_max_memory() keys", ",".join(inference.device_map_auto.keys),
              GET_MAX_MEMORY, answers.max_memory, lambda answer: answer.keys),
        _item(run, "pipeline().device", inference.pipeline, PIPELINE, answers.pipeline,
              lambda answer: answer.device),
    )  # fmt: skip
    problem = problem_of(run)
    return VerifyReport(ran=True, items=items, seconds=run.seconds, problem=problem)


def with_model(report: VerifyReport, run: VerifyRun, model: ModelDecision) -> VerifyReport:
    """explain --model --verify: what from_pretrained() set on the loaded model, next to the
    prediction."""
    loaded = run.answers.model_load
    items = (
        _item(run, "model attn_implementation", model.attention, MODEL_LOAD, loaded,
              lambda answer: answer.attn_implementation),
        _item(run, "model dtype", model.dtype, MODEL_LOAD, loaded, lambda answer: answer.dtype),
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


def problem_of(run: VerifyRun) -> str | None:
    """Why the payload did not answer every call: it hung or died in one."""
    if run.outcome is RunOutcome.COMPLETED:
        return None
    culprit = run.culprit or "start-up"
    how = "hung" if run.outcome is RunOutcome.TIMEOUT else f"died ({run.signal})"
    return f"the verification {how} in {culprit}"


def observed(
    run: VerifyRun, use_cpu: bool, outside: tuple[tuple[str, str], ...]
) -> tuple[TrainingDecision, AccelerateDecision, InferenceDecision]:
    """The real libraries' answers as the decisions of a report, for versions outside every
    table: each a single observed step, nothing predicted. A call that raised or never ran
    leaves its answer unknown ("unknown"), said by the explain checks."""
    answers = run.answers
    read_from = "observed: " + ", ".join(f"{name} {version}" for name, version in outside)

    def value(call: str, answer: T | None, field: Callable[[T], object]) -> str | None:
        if call in run.errors or answer is None:
            return None
        found = field(answer)
        return None if found is None else _shown(found)

    def trace(title: str, library: str, call: str, shown: str | None) -> Trace:
        error = run.errors.get(call)
        seen = f"raises {error.one_line()}" if error else (shown or "did not answer")
        step = StepTrace("observed", f"the real {title} in this environment", seen, "taken")
        return Trace(title, library, read_from, (step,))

    state = answers.state
    state_device = value(PARTIAL_STATE, state, lambda answer: answer.device)
    backend = value(PARTIAL_STATE, state, lambda answer: answer.backend)
    accelerate = AccelerateDecision(
        state_device or "unknown",
        value(PARTIAL_STATE, state, lambda answer: answer.distributed_type) or "unknown",
        backend if backend != "None" else None,
        False,
        trace("PartialState().device", "accelerate", PARTIAL_STATE, state_device),
    )
    trained = answers.training
    device = value(TRAINING_ARGUMENTS, trained, lambda answer: answer.device)
    n_gpu = value(TRAINING_ARGUMENTS, trained, lambda answer: answer.n_gpu)
    error = run.errors.get(TRAINING_ARGUMENTS)
    training = TrainingDecision(
        device,
        int(n_gpu) if n_gpu and n_gpu.isdigit() else None,
        value(TRAINING_ARGUMENTS, trained, lambda answer: answer.parallel_mode),
        use_cpu,
        accelerate,
        trace("TrainingArguments(...).device", "transformers", TRAINING_ARGUMENTS, device),
        error=error.one_line() if error else None,
    )
    listed = value(GET_MAX_MEMORY, answers.max_memory, lambda answer: answer.keys)
    keys = tuple(listed.split(",")) if listed else ()
    budgets = trace('device_map="auto" budgets (get_max_memory)', "accelerate",
                    GET_MAX_MEMORY, ",".join(keys) or None)  # fmt: skip
    plan = DeviceMapPlan(
        devices=keys, keys=keys, budgets=tuple((key, None) for key in keys), family="observed",
        fallback_to_cpu=False, unused_accelerators=(), family_trace=budgets,
        host_trace=Trace(budgets.title, budgets.library, read_from, ()),
    )  # fmt: skip
    pipeline = value(PIPELINE, answers.pipeline, lambda answer: answer.device)
    inference = InferenceDecision(
        from_pretrained=registry.HOST,  # weights are created on the host, in every release
        device_map_auto=plan,
        pipeline=pipeline or "unknown",
        pipeline_trace=trace("pipeline(...) device", "transformers", PIPELINE, pipeline),
    )
    return training, accelerate, inference


def _shown(value: object) -> str:
    """An answer as text: a list of keys joined by commas."""
    return ",".join(str(item) for item in value) if isinstance(value, tuple) else str(value)


def _item(
    run: VerifyRun,
    name: str,
    predicted: str | None,
    call: str,
    answer: T | None,
    field: Callable[[T], object],
) -> VerifyItem:
    """One answer next to its prediction: what `call` answered (its `field`), or raised."""
    predicted_text = "None" if predicted is None else predicted
    error = run.errors.get(call)
    if error is not None:
        return VerifyItem(name, predicted_text, f"raises {error.type}", error.one_line())
    if answer is None:
        return VerifyItem(name, predicted_text, None, "the call did not run")
    # The target's (or an evidence file's) text: a device string is short; anything
    # longer is cut, whatever format shows it.
    return VerifyItem(name, predicted_text, clip(_shown(field(answer)), _ANSWER_LIMIT))
