"""Decisions: what each library would pick, as traced steps, and what verify saw."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from hwdoctor.compat.capabilities import Ability


@dataclass(frozen=True, slots=True)
class StepTrace:
    """One check of a library's device decision, as evaluated against this machine."""

    name: str  # "xpu"
    check: str  # "is_torch_xpu_available()"
    observed: str  # "is_torch_xpu_available() = False"
    outcome: str  # "taken", "skip", "not reached"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "check": self.check,
            "observed": self.observed,
            "outcome": self.outcome,
        }


@dataclass(frozen=True, slots=True)
class Trace:
    title: str  # "TrainingArguments(...).device"
    library: str
    versions: str  # the library versions this order was read from
    steps: tuple[StepTrace, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "library": self.library,
            "versions": self.versions,
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class AccelerateDecision:
    device: str  # as str(PartialState().device) prints it: "npu", "cuda:1", "xla:0"
    distributed_type: str  # "NO", "MULTI_GPU", "XLA", ...
    backend: str | None  # collective backend under a launcher: nccl, hccl, gloo, ...
    cpu: bool  # PartialState(cpu=...) as asked
    trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "distributed_type": self.distributed_type,
            "backend": self.backend,
            "cpu": self.cpu,
            "steps": [step.to_json() for step in self.trace.steps],
        }


@dataclass(frozen=True, slots=True)
class TrainingDecision:
    device: str | None  # as str(TrainingArguments(...).device) prints it; None on error
    n_gpu: int | None
    parallel_mode: str | None  # transformers ParallelMode value: "not_parallel", "tpu", ...
    use_cpu: bool
    accelerate: AccelerateDecision  # the PartialState TrainingArguments builds
    trace: Trace
    error: str | None = None  # what TrainingArguments would raise instead

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "n_gpu": self.n_gpu,
            "parallel_mode": self.parallel_mode,
            "use_cpu": self.use_cpu,
            "error": self.error,
            "distributed_state": self.accelerate.to_json(),
            "steps": [step.to_json() for step in self.trace.steps],
        }


@dataclass(frozen=True, slots=True)
class DeviceMapPlan:
    """What device_map="auto" budgets memory on, in placement order."""

    devices: tuple[str, ...]  # "npu:0", "npu:1", "cpu" (then disk, always last)
    keys: tuple[str, ...]  # get_max_memory's keys as text: "0", "1", "cpu"
    budgets: tuple[tuple[str, int | None], ...]  # (device, bytes) as Accelerate would budget
    family: str  # the accelerator family get_max_memory enumerates
    fallback_to_cpu: bool  # an accelerator is usable here but gets no budget
    unused_accelerators: tuple[str, ...]  # usable device types "auto" leaves out
    family_trace: Trace
    host_trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "devices": list(self.devices),
            "keys": list(self.keys),
            "budgets": dict(self.budgets),
            "family": self.family,
            "fallback_to_cpu": self.fallback_to_cpu,
            "unused_accelerators": list(self.unused_accelerators),
            "steps": [step.to_json() for step in self.family_trace.steps]
            + [step.to_json() for step in self.host_trace.steps],
        }


@dataclass(frozen=True, slots=True)
class InferenceDecision:
    from_pretrained: str  # where from_pretrained() without device_map puts the weights
    device_map_auto: DeviceMapPlan
    pipeline: str  # pipeline(...) without device
    pipeline_trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "from_pretrained": self.from_pretrained,
            "device_map_auto": self.device_map_auto.to_json(),
            "pipeline": {
                "device": self.pipeline,
                "steps": [step.to_json() for step in self.pipeline_trace.steps],
            },
        }


@dataclass(frozen=True, slots=True)
class BudgetFit:
    """One of device_map="auto"'s budgets, judged alone (diagnosis/fit.py)."""

    device: str  # "cuda:0", "cpu", "disk"
    free: int
    verdict: str | None  # fit.Verdict's value; None: not judged
    smaller: str | None  # the smaller dtype or quantization that would fit whole

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device, "free": self.free, "verdict": self.verdict,
                "smaller": self.smaller}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Fit:
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

    def to_json(self) -> dict[str, Any]:
        return {
            "needed": self.needed,
            "free": self.free,
            "fits": None if self.verdict is None else self.verdict == "fits",
            "given": self.given,
            "device_here": self.device_here,
            "weights": self.weights,
            "kv_cache": self.kv_cache,
            "working": self.working,
            "total": self.total,
            "context": self.context,
            "batch": self.batch,
            "verdict": self.verdict,
            "smaller": self.smaller,
            "budgets": [budget.to_json() for budget in self.budgets],
        }


@dataclass(frozen=True, slots=True)
class ModelMemory:
    """explain --model: whether the model fits the device training picks."""

    device: str
    problem: str | None = None  # why it could not be judged
    fit: Fit | None = None

    def to_json(self) -> dict[str, Any]:
        if self.fit is None:
            return {"device": self.device, "problem": self.problem}
        return {"device": self.device, "problem": self.problem, **self.fit.to_json()}


@dataclass(frozen=True, slots=True)
class ModelDecision:
    """explain --model: what from_pretrained() sets on this model when not told."""

    model: str  # as given: a Hub id or a directory
    architecture: str | None  # the class from_pretrained builds: "LlamaForCausalLM"
    attention: str | None  # attn_implementation: "sdpa", "eager"; None when not known
    attention_trace: Trace
    dtype: str | None  # the dtype its weights load in: "bfloat16"
    dtype_trace: Trace
    flash_attention: str | None  # why flash_attention_2 would not run here, if asked
    error: str | None = None  # why the model could not be described
    # Whether it fits the device training picks, from its safetensors headers and config
    # (diagnosis.fit: weights, KV cache, working memory, verdict); None when not read.
    memory: ModelMemory | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "architecture": self.architecture,
            "attn_implementation": self.attention,
            "dtype": self.dtype,
            "flash_attention": self.flash_attention,
            "error": self.error,
            "memory": self.memory.to_json() if self.memory is not None else None,
            "steps": [step.to_json() for step in self.attention_trace.steps]
            + [step.to_json() for step in self.dtype_trace.steps],
        }


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What the device training picks can do (compat/capabilities.py's rules)."""

    device: str
    dtypes: tuple[Ability, ...]
    compile: Ability
    quantization: tuple[Ability, ...]  # each quantization library installed
    attention: Ability | None = None  # torch's SDPA kernels there; None: no rule for it

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "dtypes": [a.to_json() for a in self.dtypes],
            "attention": self.attention.to_json() if self.attention else None,
            "compile": self.compile.to_json(),
            "quantization": [a.to_json() for a in self.quantization],
        }


@dataclass(frozen=True, slots=True)
class Decisions:
    """Where training and inference would put things here, in one line each."""

    training: str | None  # TrainingArguments(...).device; None when it would raise
    n_gpu: int | None
    accelerate: str  # PartialState().device
    device_map_auto: tuple[str, ...]  # the tiers, in order
    pipeline: str
    from_pretrained: str  # from_pretrained() without device_map

    def to_json(self) -> dict[str, Any]:
        return {
            "training": self.training,
            "n_gpu": self.n_gpu,
            "accelerate": self.accelerate,
            "device_map_auto": list(self.device_map_auto),
            "pipeline": self.pipeline,
            "from_pretrained": self.from_pretrained,
        }


@dataclass(frozen=True, slots=True)
class VerifyItem:
    """One library answer compared with hwdoctor's prediction."""

    name: str  # "TrainingArguments.device"
    predicted: str  # "npu:0", or "raises ValueError" when the library is predicted to raise
    actual: str | None  # None: the call did not run (an earlier step hung)
    error: str | None = None  # the message, when the library raised

    @property
    def agree(self) -> bool:
        return self.actual == self.predicted

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "predicted": self.predicted,
            "actual": self.actual,
            "error": self.error,
            "agree": self.agree,
        }


@dataclass(frozen=True, slots=True)
class VerifyReport:
    ran: bool
    items: tuple[VerifyItem, ...]
    seconds: float = 0.0
    problem: str | None = None  # why the verification could not run or finish

    @property
    def agree(self) -> bool | None:
        """Whether every answer matched; None when nothing was verified."""
        if not self.ran:
            return None
        return self.problem is None and all(item.agree for item in self.items)

    def to_json(self) -> dict[str, Any]:
        return {
            "ran": self.ran,
            "agree": self.agree,
            "items": [item.to_json() for item in self.items],
            "mismatches": [item.to_json() for item in self.items if not item.agree],
            "problem": self.problem,
        }


class Standing(str, Enum):
    """How the decision tables stand to one installed release; the values are the JSON values."""

    COVERED = "covered"  # read, in the range the tables were verified for
    NEWER = "newer"  # newer than every release read: predicted with the newest rows
    OLDER = "older"  # older than every release read: observed, never predicted


@dataclass(frozen=True, slots=True)
class Coverage:
    """How the tables stand to one installed library's release."""

    library: str
    version: str
    standing: Standing | None  # None: the version is not PEP 440, so no table is chosen
    newest: str  # the newest release the tables were read from
    verified_on: str | None  # the date that release was verified

    @property
    def series(self) -> str:
        """The newest series read, whose rules a newer release is predicted with: "1.15"."""
        return ".".join(self.newest.split(".")[:2])

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "standing": self.standing.value if self.standing else None,
            "newest_read": self.newest,
            "verified_on": self.verified_on,
        }
