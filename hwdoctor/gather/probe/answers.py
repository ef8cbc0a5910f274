"""The load and verify payloads' answers, read at the probe's boundary: checked against
their shapes (boundary.py: what does not fit is left out and described, never raised), then
read into the records of model/answers.py, so nothing past here reads a payload's facts by
name. (A rank's --bandwidth result reaches rank 0 inside the distributed payload's `ranks`
fact; diagnosis/bandwidth.py reads it into its records, BandwidthAnswer and RankLinks.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hwdoctor.gather.probe import boundary
from hwdoctor.model.answers import LoadAnswer, VerifyAnswer, VerifyRun
from hwdoctor.model.facts import ErrorInfo
from hwdoctor.model.runs import ProbeRun
from hwdoctor.model.serial import read

# Facts that say nothing when empty: a plan with no field read is no plan (a forged one whose
# every value was left out is not believed); a failure, even one whose every field was left
# out, still says that a step failed.
_EMPTY_IS_NONE: Final = frozenset({"placement", "forward", "generate", "peak_memory", "plan"})


def load(facts: Mapping[str, Any]) -> tuple[LoadAnswer, tuple[str, ...]]:
    """The load payload's facts as a record, and one line for each thing left out."""
    checked, malformed = boundary.checked_facts(facts, boundary.LOAD_FACTS)
    said = {key: value for key, value in checked.items() if value or key not in _EMPTY_IS_NONE}
    return read(LoadAnswer, said) or LoadAnswer(), malformed


def verify(run: ProbeRun) -> VerifyRun:
    """The verify payload's run (live, or an evidence file's `answers`) as a record: its
    answers, the calls that raised and how it ended."""
    checked, _ = boundary.checked_facts(run.facts, boundary.VERIFY_FACTS)
    return VerifyRun(
        answers=read(VerifyAnswer, checked) or VerifyAnswer(),
        errors={
            step.name: ErrorInfo.from_probe(step.error) for step in run.steps if step.ok is False
        },
        outcome=run.outcome,
        culprit=run.culprit.name if run.culprit else None,
        signal=run.signal_name,
        seconds=run.seconds,
    )
