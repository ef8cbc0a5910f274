"""Decisions: what each library would pick, as traced steps, and what verify saw."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Final

from hwdoctor.compat.capabilities import Ability
from hwdoctor.model.serial import Json, Record


def _steps(trace: Trace) -> list[dict[str, Any]]:
    """A decision's steps, as its JSON lists them (the trace's title is the decision's)."""
    return [step.to_json() for step in trace.steps]


STEPS: Final = Json("steps", write=_steps)


@dataclass(frozen=True, slots=True)
class StepTrace(Record):
    """One check of a library's device decision, as evaluated against this machine."""

    name: str  # "xpu"
    check: str  # "is_torch_xpu_available()"
    observed: str  # "is_torch_xpu_available() = False"
    outcome: str  # "taken", "skip", "not reached"


@dataclass(frozen=True, slots=True)
class Trace(Record):
    title: str  # "TrainingArguments(...).device"
    library: str
    versions: str  # the library versions this order was read from
    steps: tuple[StepTrace, ...]


@dataclass(frozen=True, slots=True)
class AccelerateDecision(Record):
    device: str  # as str(PartialState().device) prints it: "npu", "cuda:1", "xla:0"
    distributed_type: str  # "NO", "MULTI_GPU", "XLA", ...
    backend: str | None  # collective backend under a launcher: nccl, hccl, gloo, ...
    cpu: bool  # PartialState(cpu=...) as asked
    trace: Annotated[Trace, STEPS]


@dataclass(frozen=True, slots=True)
class TrainingDecision(Record):
    device: str | None  # as str(TrainingArguments(...).device) prints it; None on error
    n_gpu: int | None
    parallel_mode: str | None  # transformers ParallelMode value: "not_parallel", "tpu", ...
    use_cpu: bool
    # the PartialState TrainingArguments builds
    accelerate: Annotated[AccelerateDecision, Json("distributed_state")]
    trace: Annotated[Trace, STEPS]
    error: str | None = None  # what TrainingArguments would raise instead


@dataclass(frozen=True, slots=True)
class DeviceMapPlan(Record):
    """What device_map="auto" budgets memory on, in placement order."""

    devices: tuple[str, ...]  # "npu:0", "npu:1", "cpu" (then disk, always last)
    keys: tuple[str, ...]  # get_max_memory's keys as text: "0", "1", "cpu"
    # (device, bytes) as Accelerate would budget
    budgets: Annotated[tuple[tuple[str, int | None], ...], Json(write=dict)]
    family: str  # the accelerator family get_max_memory enumerates
    fallback_to_cpu: bool  # an accelerator is usable here but gets no budget
    unused_accelerators: tuple[str, ...]  # usable device types "auto" leaves out
    family_trace: Annotated[Trace, Json(skip=True)]  # written with host_trace, as "steps"
    host_trace: Annotated[Trace, Json(skip=True)]

    json_derived = ("steps",)

    @property
    def steps(self) -> tuple[StepTrace, ...]:
        """Both traces' steps: how the family was chosen, then the host's tiers."""
        return self.family_trace.steps + self.host_trace.steps


@dataclass(frozen=True, slots=True)
class InferenceDecision(Record):
    from_pretrained: str  # where from_pretrained() without device_map puts the weights
    device_map_auto: DeviceMapPlan
    pipeline: Annotated[str, Json("pipeline.device")]  # pipeline(...) without device
    pipeline_trace: Annotated[Trace, Json("pipeline.steps", write=_steps)]


@dataclass(frozen=True, slots=True)
class BudgetFit(Record):
    """One of device_map="auto"'s budgets, judged alone (diagnosis/fit.py)."""

    device: str  # "cuda:0", "cpu", "disk"
    free: int
    verdict: str | None  # fit.Verdict's value; None: not judged
    smaller: str | None  # the smaller dtype or quantization that would fit whole


@dataclass(frozen=True, slots=True)
class Fit(Record):
    """Whether a model fits a device: its weights, KV cache and working memory against what
    is free there (diagnosis/fit.py)."""

    needed: int  # the parameters in the dtype, bytes
    free: int | None  # None: the device is not here and no --memory was given
    given: bool  # `free` is the --memory the user gave
    device_here: bool
    weights: int
    kv_cache: int | None  # None: the config does not give the attention's shape
    working: int
    total: int
    context: int
    batch: int
    verdict: str | None  # fit.Verdict's value; None: not judged
    smaller: str | None
    budgets: tuple[BudgetFit, ...] = ()  # each of a strategy's budgets alone

    json_derived = ("fits",)

    @property
    def fits(self) -> bool | None:
        """Whether it fits whole; None: not judged."""
        return None if self.verdict is None else self.verdict == "fits"


@dataclass(frozen=True, slots=True)
class ModelMemory(Record):
    """explain --model: whether the model fits the device training picks."""

    device: str
    problem: str | None = None  # why it could not be judged
    fit: Fit | None = None

    def to_json(self) -> dict[str, Any]:
        if self.fit is None:
            return {"device": self.device, "problem": self.problem}
        return {"device": self.device, "problem": self.problem, **self.fit.to_json()}


@dataclass(frozen=True, slots=True)
class ModelDecision(Record):
    """explain --model: what from_pretrained() sets on this model when not told."""

    model: str  # as given: a Hub id or a directory
    architecture: str | None  # the class from_pretrained builds: "LlamaForCausalLM"
    # attn_implementation: "sdpa", "eager"; None when not known
    attention: Annotated[str | None, Json("attn_implementation")]
    attention_trace: Annotated[Trace, Json(skip=True)]  # written with dtype_trace, as "steps"
    dtype: str | None  # the dtype its weights load in: "bfloat16"
    dtype_trace: Annotated[Trace, Json(skip=True)]
    flash_attention: str | None  # why flash_attention_2 would not run here, if asked
    error: str | None = None  # why the model could not be described
    # Whether it fits the device training picks, from its safetensors headers and config
    # (diagnosis.fit: weights, KV cache, working memory, verdict); None when not read.
    memory: ModelMemory | None = None

    json_derived = ("steps",)

    @property
    def steps(self) -> tuple[StepTrace, ...]:
        """Both decisions' steps: the attention implementation's, then the dtype's."""
        return self.attention_trace.steps + self.dtype_trace.steps


@dataclass(frozen=True, slots=True)
class Capabilities(Record):
    """What the device training picks can do (compat/capabilities.py's rules)."""

    device: str
    dtypes: tuple[Ability, ...]
    compile: Ability
    quantization: tuple[Ability, ...]  # each quantization library installed
    attention: Ability | None = None  # torch's SDPA kernels there; None: no rule for it


@dataclass(frozen=True, slots=True)
class Decisions(Record):
    """Where training and inference would put things here, in one line each."""

    training: str | None  # TrainingArguments(...).device; None when it would raise
    n_gpu: int | None
    accelerate: str  # PartialState().device
    device_map_auto: tuple[str, ...]  # the tiers, in order
    pipeline: str
    from_pretrained: str  # from_pretrained() without device_map


@dataclass(frozen=True, slots=True)
class VerifyItem(Record):
    """One library answer compared with hwdoctor's prediction."""

    name: str  # "TrainingArguments.device"
    predicted: str  # "npu:0", or "raises ValueError" when the library is predicted to raise
    actual: str | None  # None: the call did not run (an earlier step hung)
    error: str | None = None  # the message, when the library raised

    json_derived = ("agree",)

    @property
    def agree(self) -> bool:
        return self.actual == self.predicted


@dataclass(frozen=True, slots=True)
class VerifyReport(Record):
    ran: bool
    items: tuple[VerifyItem, ...]
    seconds: Annotated[float, Json(skip=True)] = 0.0  # for the human report only
    problem: str | None = None  # why the verification could not run or finish

    json_derived = ("agree", "mismatches")

    @property
    def agree(self) -> bool | None:
        """Whether every answer matched; None when nothing was verified."""
        if not self.ran:
            return None
        return self.problem is None and all(item.agree for item in self.items)

    @property
    def mismatches(self) -> tuple[VerifyItem, ...]:
        return tuple(item for item in self.items if not item.agree)


class Standing(str, Enum):
    """How the decision tables stand to one installed release; the values are the JSON values."""

    COVERED = "covered"  # read, in the range the tables were verified for
    NEWER = "newer"  # newer than every release read: predicted with the newest rows
    OLDER = "older"  # older than every release read: observed, never predicted


@dataclass(frozen=True, slots=True)
class Coverage(Record):
    """How the tables stand to one installed library's release."""

    library: Annotated[str, Json(skip=True)]  # the key it is filed under in explain's JSON
    version: str
    standing: Standing | None  # None: the version is not PEP 440, so no table is chosen
    newest: Annotated[str, Json("newest_read")]  # the newest release the tables were read from
    verified_on: str | None  # the date that release was verified

    @property
    def series(self) -> str:
        """The newest series read, whose rules a newer release is predicted with: "1.15"."""
        return ".".join(self.newest.split(".")[:2])
