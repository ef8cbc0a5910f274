"""A probe run as the rest of hwdoctor sees it: how it ended, its steps, what it answered.

The runner (gather/probe/runner.py) makes these records from a payload process; an
evidence file carries them (`record`, `from_json`: what was answered and how the run ended;
the output tails stay out, as diagnostics of this run, not answers; what a file lacks or
garbles reads as a run that answered nothing); the diagnosis reads them. The step
names are the payloads' own words for what they do (payload_detect.py announces them),
named here once so the checks can tell one kind of step from another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Any, Final

from hwdoctor import processes
from hwdoctor.model.serial import Json, Record, milliseconds

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


NOT_SAVED: Final = Json(skip=True)


class RunOutcome(str, Enum):
    COMPLETED = "completed"  # the payload reached its end
    TIMEOUT = "timeout"  # a step made no progress within the deadline; killed
    CRASHED = "crashed"  # the process died before the end (signal, abort, exit)


@dataclass(frozen=True, slots=True)
class StepResult(Record):
    """One announced step of a probe run."""

    name: str
    ok: bool | None  # None: still open when the process hung or died
    seconds: float | None = None
    error: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ProbeRun(Record):
    """Everything one payload process reported, and how it ended."""

    outcome: Annotated[RunOutcome, Json(missing=RunOutcome.CRASHED)]
    facts: Mapping[str, Any]
    steps: tuple[StepResult, ...]
    returncode: int | None
    seconds: Annotated[float, Json(write=milliseconds)]
    # The rest describes this run, not its answers: not in an evidence file.
    stdout_tail: Annotated[str, NOT_SAVED] = ""
    stderr_tail: Annotated[str, NOT_SAVED] = ""
    env_overrides: Annotated[Mapping[str, str], NOT_SAVED] = field(default_factory=dict)
    # What went wrong on the channel or on the way out, as sentences for the report: a
    # malformed or oversized event, an interpreter that would not exit after `done`.
    problems: Annotated[tuple[str, ...], NOT_SAVED] = ()
    # Processes the payload started that were still running when it ended (killed), and
    # those that could not be killed, each as "command (pid N)".
    strays: Annotated[tuple[str, ...], NOT_SAVED] = ()
    survivors: Annotated[tuple[str, ...], NOT_SAVED] = ()

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


@dataclass(frozen=True, slots=True)
class Torchrun:
    """How `torchrun` with N ranks of hwdoctor ended (`detect --nproc`), and what it wrote."""

    nproc: int
    returncode: int
    report: str  # stdout: rank 0's report
    log: str  # stderr: every rank's and torchrun's own

    @property
    def reported(self) -> bool:
        """Whether rank 0 wrote a report and ended as a report ends (0 or 1): torchrun's
        own traceback after a rank's exit 1 is then noise, not news."""
        return bool(self.report.strip()) and self.returncode in (0, 1)
