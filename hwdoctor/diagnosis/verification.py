"""`explain --verify`: the real libraries' answers next to hwdoctor's prediction.

The verify payload runs in the target interpreter (`hwdoctor.doctor.explain` starts it);
`compare()` lines its answers up with the decisions of `hwdoctor.rules`. A library that
raises is an answer too ("raises ValueError"), compared like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hwdoctor.gather.probe.runner import ProbeRun, RunOutcome
from hwdoctor.model.decisions import (
    AccelerateDecision,
    InferenceDecision,
    TrainingDecision,
    VerifyItem,
    VerifyReport,
)
from hwdoctor.model.facts import ErrorInfo


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
    problem = None
    if run.outcome is not RunOutcome.COMPLETED:
        culprit = run.culprit.name if run.culprit else "start-up"
        how = "hung" if run.outcome is RunOutcome.TIMEOUT else f"died ({run.signal_name})"
        problem = f"the verification {how} in {culprit}"
    return VerifyReport(ran=True, items=items, seconds=run.seconds, problem=problem)


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
        return VerifyItem(name, predicted_text, actual)
