"""What the payloads answer: `load`'s placement, runs and plan, the real libraries' answers
to `explain --verify` and `--model`, and each rank's `detect --bandwidth` timings, as records.

A payload runs in the target interpreter and sends plain JSON facts (payload_load.py,
payload_verify.py, payload_distributed.py); gather/probe/answers.py checks them against
their shapes (boundary.py) and reads them into these records, so the diagnosis reads typed
fields, never a payload's dict. Each field is named as the payload names it; what the
payload did not send, or sent garbled, reads as None or empty: unknown, never a guess.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Final

from hwdoctor.model.facts import ErrorInfo
from hwdoctor.model.runs import RunOutcome
from hwdoctor.model.serial import ABSENT, Json, Record, read

# --- shared: an exception, a model's checkpoint and shape, the Hub --------------------------


@dataclass(frozen=True, slots=True)
class Cause(Record):
    """The exception an error chains, as payload_common.describe() writes it."""

    type: str | None = None
    message: str | None = None


@dataclass(frozen=True, slots=True)
class ProbeError(Record):
    """An exception in the target interpreter, as payload_common.describe() writes it."""

    type: str | None = None
    message: str | None = None
    traceback: str | None = None
    cause: Cause | None = None

    def info(self) -> ErrorInfo:
        """As the rest of hwdoctor reports an error (`ErrorInfo.from_probe`'s reading)."""
        cause = self.cause
        return ErrorInfo(
            type=self.type or "Error",
            message=self.message or "",
            cause=f"{cause.type}: {cause.message}" if cause is not None else None,
            traceback=self.traceback,
        )


def _probe_error(value: Any) -> ProbeError | None:
    """An error object; an empty one, as none (what `ErrorInfo.from_probe` reads as none)."""
    return read(ProbeError, value) if value else None


PROBE_ERROR: Final = Json(read=_probe_error)


def _finite(value: Any) -> Any:
    """A number of seconds or bytes: finite and not negative (NaN and infinity, which
    Python's json writes, are no measurement)."""
    number = type(value) in (int, float) and math.isfinite(value) and value >= 0
    return float(value) if number else ABSENT


FINITE: Final = Json(read=_finite)


def _sizes(value: Any) -> Any:
    """Bytes per dtype, each as the payload wrote it: an int stays an int (JSON shows 4096,
    not 4096.0), int4's half a byte per parameter a float."""
    if not isinstance(value, Mapping):
        return ABSENT
    return {
        str(name): size
        for name, size in value.items()
        if type(size) in (int, float) and math.isfinite(size)
    }


@dataclass(frozen=True, slots=True)
class DtypeSize(Record):
    """A checkpoint's tensors of one stored dtype."""

    parameters: int | None = None
    bytes: int | None = None


# The fields a checkpoint that was not read leaves out (payload_common.checkpoint).
_READ_ONLY: Final = Json(omit_none=True)


@dataclass(frozen=True, slots=True)
class Checkpoint(Record):
    """What a safetensors checkpoint's headers hold (payload_common.checkpoint): `source`
    "local", "cache" or "hub", or None with the `problem` that kept it unread."""

    source: str | None = None
    problem: Annotated[str | None, _READ_ONLY] = None
    files: Annotated[int | None, _READ_ONLY] = None
    parameters: Annotated[int | None, _READ_ONLY] = None
    bytes: Annotated[int | None, _READ_ONLY] = None
    by_dtype: Annotated[Mapping[str, DtypeSize] | None, _READ_ONLY] = None  # safetensors names


@dataclass(frozen=True, slots=True)
class ModelShape(Record):
    """What a model's config says of its size (payload_common.shape): what the KV cache and
    the working memory grow by."""

    layers: int | None = None
    kv_heads: int | None = None
    head_dim: int | None = None
    hidden_size: int | None = None
    intermediate_size: int | None = None
    vocab_size: int | None = None
    max_position: int | None = None
    sliding_window: int | None = None
    quantization: str | None = None  # the config's quant_method: "gptq", "awq", …


@dataclass(frozen=True, slots=True)
class HubRoute(Record):
    """How the payload reached the Hub (payload_hub._route): the endpoint, the proxy that
    serves it, and the variables that chose them."""

    endpoint: str | None = None
    host: str | None = None
    proxy: str | None = None
    proxy_env: tuple[str, ...] = ()  # the proxy variables that are set
    settings: Mapping[str, str] = field(default_factory=dict)  # HF_ENDPOINT and the proxies
    timeout: int | None = None  # huggingface_hub's HF_HUB_ETAG_TIMEOUT, seconds


@dataclass(frozen=True, slots=True)
class Failure(Record):
    """A step the payload classified when it failed (payload_hub.classified_step)."""

    kind: str | None = None  # "not_found", "gated", "out_of_memory", … (diagnosis/load.py)
    step: str = "load"
    error: Annotated[ProbeError | None, PROBE_ERROR] = None
    hub_log: tuple[str, ...] = ()  # what huggingface_hub logged, kept off the terminal
    cause: str | None = None  # the innermost error, what the OS or the server said
    status: int | None = None  # its HTTP status


# --- load -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacementRow(Record):
    """The loaded model's tensors on one device (payload_load.placement)."""

    device: Annotated[str, Json(needed=True)]  # "npu:0", "cpu", "disk"
    modules: int  # modules owning tensors there
    parameters: int
    bytes: int


@dataclass(frozen=True, slots=True)
class Placed(Record):
    """Where the loaded model landed (payload_load.placement), and how long it took."""

    devices: tuple[PlacementRow, ...] = ()
    device_map: Mapping[str, str] = field(default_factory=dict)  # hf_device_map, as labels
    model_class: Annotated[str | None, Json("class")] = None
    dtype: str | None = None
    parameters: int | None = None
    load_seconds: Annotated[float | None, FINITE] = None
    causal_lm: bool | None = None


@dataclass(frozen=True, slots=True)
class Forward(Record):
    """One forward pass (payload_load.forward)."""

    seconds: Annotated[float | None, FINITE] = None
    output_shape: tuple[int, ...] = ()
    output_device: str | None = None


@dataclass(frozen=True, slots=True)
class Generation(Record):
    """A short greedy generation (payload_load.generate)."""

    tokens: int | None = None
    seconds: Annotated[float | None, FINITE] = None
    tokens_per_second: Annotated[float | None, FINITE] = None
    sample: tuple[int, ...] = ()  # the token ids generated


@dataclass(frozen=True, slots=True)
class Plan(Record):
    """load --plan (payload_load.plan): what from_pretrained would build, read by the
    target's own libraries without weights, and where device_map="auto" would put it."""

    parameters: int | None = None
    dtype: str | None = None  # the dtype it would load in
    config_dtype: str | None = None
    model_class: Annotated[str | None, Json("class")] = None
    bytes_by_dtype: Annotated[Mapping[str, float], Json(read=_sizes)] = field(default_factory=dict)
    max_memory: Mapping[str, int] = field(default_factory=dict)  # Accelerate's budgets
    auto_device_map: Mapping[str, str] = field(default_factory=dict)  # module → device
    checkpoint: Checkpoint = field(default_factory=Checkpoint)
    shape: ModelShape = field(default_factory=ModelShape)


@dataclass(frozen=True, slots=True)
class LoadAnswer(Record):
    """Everything the load payload answered; None: it did not get that far."""

    placement: Placed | None = None
    forward: Forward | None = None
    generate: Generation | None = None
    peak_memory: Mapping[str, int] | None = None  # device → peak bytes ("cpu": process RSS)
    plan: Plan | None = None
    failure: Failure | None = None
    hub: HubRoute | None = None


# --- verify -----------------------------------------------------------------------------------

# The verify payload's calls, each a step and a fact of that name (payload_verify.py).
TRAINING_ARGUMENTS: Final = "TrainingArguments"
PARTIAL_STATE: Final = "PartialState"
GET_MAX_MEMORY: Final = "get_max_memory"
PIPELINE: Final = "pipeline"
MODEL: Final = "model"
MODEL_LOAD: Final = "model_load"


@dataclass(frozen=True, slots=True)
class TrainingAnswer(Record):
    """TrainingArguments(output_dir=..., use_cpu=...), as the real transformers built it."""

    device: str | None = None
    n_gpu: int | None = None
    parallel_mode: str | None = None  # transformers' ParallelMode value


@dataclass(frozen=True, slots=True)
class StateAnswer(Record):
    """Accelerate's PartialState()."""

    device: str | None = None
    distributed_type: str | None = None
    backend: str | None = None


@dataclass(frozen=True, slots=True)
class BudgetKeys(Record):
    """get_max_memory()'s keys, as text: "0", "1", "cpu"."""

    keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PipelineAnswer(Record):
    """pipeline() without a device, on a tiny model: its device, where the model was moved."""

    device: str | None = None
    moved_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FlashAttn(Record):
    """flash-attn as the target has it: its version (None: not installed), whether it
    imports, and why not."""

    version: str | None = None
    imports: bool | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class ModelFacts(Record):
    """What the verify payload read of a model (payload_verify.model_facts): its class, its
    config and its checkpoint's headers, no weights."""

    architecture: str | None = None  # the class from_pretrained builds
    model_type: str | None = None
    supports_sdpa: bool | None = None
    supports_flash_attn: bool | None = None
    config_dtype: str | None = None
    checkpoint_dtype: str | None = None  # of its first floating tensor
    checkpoint: Checkpoint | None = None
    shape: ModelShape = field(default_factory=ModelShape)
    flash_attn: FlashAttn | None = None


@dataclass(frozen=True, slots=True)
class ModelLoad(Record):
    """What from_pretrained() set on the loaded model, when not told."""

    attn_implementation: str | None = None
    dtype: str | None = None


@dataclass(frozen=True, slots=True)
class VerifyAnswer(Record):
    """The verify payload's facts: each call's answer (None: it did not answer)."""

    training: Annotated[TrainingAnswer | None, Json(TRAINING_ARGUMENTS)] = None
    state: Annotated[StateAnswer | None, Json(PARTIAL_STATE)] = None
    max_memory: Annotated[BudgetKeys | None, Json(GET_MAX_MEMORY)] = None
    pipeline: Annotated[PipelineAnswer | None, Json(PIPELINE)] = None
    model: Annotated[ModelFacts | None, Json(MODEL)] = None
    model_load: Annotated[ModelLoad | None, Json(MODEL_LOAD)] = None
    failure: Failure | None = None  # the Hub asked once, as `load` asks it
    hub: HubRoute | None = None


@dataclass(frozen=True, slots=True)
class VerifyRun(Record):
    """A verify payload's run as the diagnosis reads it: its answers, the calls that raised,
    and how it ended."""

    answers: VerifyAnswer
    # The calls (steps) that raised, each with its error (None: it said nothing of it).
    errors: Mapping[str, ErrorInfo | None]
    outcome: RunOutcome
    culprit: str | None = None  # the step open when it hung or died
    signal: str | None = None  # the signal that ended it: "SIGKILL"
    seconds: float = 0.0


# --- detect --bandwidth ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Timing(Record):
    """One collective at one size on one rank (payload_distributed.collective)."""

    op: str | None = None  # "all_reduce", "all_gather"
    bytes: int = 0
    iterations: int | None = None
    seconds: Annotated[float, FINITE] = 0.0  # per iteration


@dataclass(frozen=True, slots=True)
class PairTiming(Record):
    """This rank exchanging a tensor both ways with one other (payload_distributed.pairs)."""

    peer: int = -1
    bytes: int = 0
    seconds: Annotated[float, FINITE] = 0.0


@dataclass(frozen=True, slots=True)
class BandwidthAnswer(Record):
    """One rank's --bandwidth result (payload_distributed.bandwidth), or the error it met;
    `operations` None: it has no timings to combine."""

    device: str | None = None
    operations: tuple[Timing, ...] | None = None
    pairs: tuple[PairTiming, ...] = ()
    error: Annotated[ProbeError | None, PROBE_ERROR] = None


@dataclass(frozen=True, slots=True)
class PcieFacts(Record):
    """A GPU's PCIe link as sysfs writes it (gather/links.py, pcie_of)."""

    max_speed: str | None = None  # "16.0 GT/s PCIe"
    upstream_max_speed: str | None = None
    width: str | None = None  # "16"


@dataclass(frozen=True, slots=True)
class TopologyFacts(Record):
    """`nvidia-smi topo -m` as a rank read it (gather/links.py, topology)."""

    links: Mapping[str, str] = field(default_factory=dict)  # "0-1" → "NV18"
    bus_ids: Mapping[str, int] = field(default_factory=dict)  # PCI bus id → GPU index


@dataclass(frozen=True, slots=True)
class LinkFacts(Record):
    """What a rank's device is linked by (gather/links.py, rank_links)."""

    pci_bus_id: str | None = None
    pcie: PcieFacts | None = None
    topology: TopologyFacts | None = None  # on a node's local rank 0 only


@dataclass(frozen=True, slots=True)
class RankLinks(Record):
    """The part of a rank's summary --bandwidth reads (doctor/job.py, _links)."""

    links: LinkFacts = field(default_factory=LinkFacts)
    capability: str | None = None  # the device's compute capability, for NVLink's generation


def _error_json(error: ProbeError) -> dict[str, Any]:
    """An error as the payload wrote it: only the parts it has (payload_common.describe)."""
    return {name: value for name, value in error.to_json().items() if value is not None}


_SAID: Final = Json(omit_none=True)  # a field the rank did not write is not written either


@dataclass(frozen=True, slots=True)
class AllReduceAnswer(Record):
    """One rank's all_reduce (payload_distributed.all_reduce), or the error it met; its
    --bandwidth timings are read apart (BandwidthAnswer)."""

    ok: bool = False
    value: Annotated[float | None, _SAID] = None
    expected: Annotated[float | None, _SAID] = None
    seconds: Annotated[float | None, _SAID] = None
    init_seconds: Annotated[float | None, _SAID] = None
    backend: Annotated[str | None, _SAID] = None
    device: Annotated[str | None, _SAID] = None
    error: Annotated[
        ProbeError | None, Json(read=_probe_error, omit_none=True, write=_error_json)
    ] = None
