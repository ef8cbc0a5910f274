"""A probe run as the rest of hwdoctor sees it: how it ended, its steps, what it answered.

The runner (gather/probe/runner.py) makes these records from a payload process; an
evidence file carries them (`record`, `from_record`); the diagnosis reads them. The step
names are the payloads' own words for what they do (payload_detect.py announces them),
named here once so the checks can tell one kind of step from another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from hwdoctor import processes

IMPORT_TORCH: Final = "import torch"
AUTOLOAD_STEP_PREFIX: Final = "autoload "
IMPORT_STEP_PREFIX: Final = "import "  # then an extension module
QUERY_STEP_PREFIX: Final = "query "  # then a registry key
ALLOCATE_STEP_PREFIX: Final = "allocate "  # then a device: "allocate cuda:0"
MEMORY_STEP_PREFIX: Final = "memory "  # then a device
# torch.accelerator.get_memory_info(i) of the current accelerator's device: what Accelerate
# 1.16+ budgets a device by when it has no module of its own for the type. Its refusal is a
# fact of the device (`accelerator_memory`), not a failure; a hang or crash still is one.
ACCELERATOR_MEMORY_STEP_PREFIX: Final = "accelerator memory "  # then a device
START_STEP: Final = "start"  # not a payload step: the interpreter never reported anything
# Not a payload step either: facts that did not have the shape hwdoctor reads (boundary.py),
# reported as a failure of this kind.
MALFORMED_STEP: Final = "probe facts"
MALFORMED: Final = "malformed"
# A module in the current directory that shadows the standard library's or torch's: reported
# as a failure of this kind of the step that looks for one.
SHADOWING_STEP: Final = "current directory"
SHADOWED: Final = "shadowed"


class RunOutcome(str, Enum):
    COMPLETED = "completed"  # the payload reached its end
    TIMEOUT = "timeout"  # a step made no progress within the deadline; killed
    CRASHED = "crashed"  # the process died before the end (signal, abort, exit)


@dataclass(frozen=True, slots=True)
class StepResult:
    """One announced step of a probe run."""

    name: str
    ok: bool | None  # None: still open when the process hung or died
    seconds: float | None = None
    error: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ProbeRun:
    """Everything one payload process reported, and how it ended."""

    outcome: RunOutcome
    facts: Mapping[str, Any]
    steps: tuple[StepResult, ...]
    returncode: int | None
    seconds: float
    stdout_tail: str = ""
    stderr_tail: str = ""
    env_overrides: Mapping[str, str] = field(default_factory=dict)
    # What went wrong on the channel or on the way out, as sentences for the report: a
    # malformed or oversized event, an interpreter that would not exit after `done`.
    problems: tuple[str, ...] = ()
    # Processes the payload started that were still running when it ended (killed), and
    # those that could not be killed, each as "command (pid N)".
    strays: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()

    @property
    def culprit(self) -> StepResult | None:
        """The innermost step that was open when the process hung or died."""
        if self.outcome is RunOutcome.COMPLETED:
            return None
        open_steps = [step for step in self.steps if step.ok is None]
        return open_steps[-1] if open_steps else None

    @property
    def signal_name(self) -> str | None:
        if self.returncode is None or self.returncode >= 0:
            return None
        return processes.signal_name(-self.returncode)

    def record(self) -> dict[str, Any]:
        """The run as plain data for an evidence file: what was answered and how the run
        ended; the output tails stay out (they are diagnostics of this run, not answers)."""
        return {
            "outcome": self.outcome.value,
            "facts": dict(self.facts),
            "steps": [
                {"name": s.name, "ok": s.ok, "seconds": s.seconds, "error": s.error}
                for s in self.steps
            ],
            "returncode": self.returncode,
            "seconds": round(self.seconds, 3),
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> ProbeRun:
        """A run written by `record()` (an evidence file's `answers`); what a file lacks or
        garbles reads as a run that answered nothing."""
        try:
            outcome = RunOutcome(data.get("outcome"))
        except ValueError:
            outcome = RunOutcome.CRASHED
        facts = data.get("facts")
        steps = data.get("steps")
        returncode = data.get("returncode")
        seconds = data.get("seconds")
        return cls(
            outcome=outcome,
            facts=facts if isinstance(facts, Mapping) else {},
            steps=tuple(
                StepResult(
                    str(step.get("name")),
                    step.get("ok") if isinstance(step.get("ok"), bool) else None,
                    step.get("seconds") if isinstance(step.get("seconds"), (int, float)) else None,
                    step.get("error") if isinstance(step.get("error"), Mapping) else None,
                )
                for step in (steps if isinstance(steps, list) else ())
                if isinstance(step, Mapping)
            ),
            returncode=returncode if type(returncode) is int else None,
            seconds=float(seconds) if isinstance(seconds, (int, float)) else 0.0,
        )
