"""Whether a model fits a device, from its checkpoint's headers and its config alone.

- weights: the checkpoint's own bytes when it loads in the dtype it is stored in (or is
  quantized: its packed tensors are what lands on the device); else its parameters times
  the dtype's size.
- KV cache: transformers' caches keep a key and a value tensor of (batch, key/value heads,
  tokens, head_dim) per layer in the compute dtype (cache_utils.DynamicLayer), so
  2 x layers x kv heads x head_dim x tokens x batch x bytes. Sliding-window layers keep
  fewer tokens: for such models this is an upper bound.
- working memory, an estimate: the largest one decoder layer holds at once while reading
  the prompt with SDPA (the hidden states plus the MLP's gate and up projections,
  batch x tokens x (hidden + 2 x intermediate) in the compute dtype), plus the float32
  logits of the last token that generate() keeps (batch x vocabulary x 4).

A device fits the model when all three fit in its free memory; with CPU offload when the
KV cache and the working memory fit on it and the weights that do not fit fit in host RAM
(Accelerate's device_map="auto" moves whole modules to the CPU, which costs speed); else it
does not fit, and the smallest dtype or quantization that would fit is named.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from hwdoctor.model.answers import Plan

# Bytes per parameter. int8/int4 are the weight formats of bitsandbytes, torchao and the
# GPTQ/AWQ kernels; their compute dtype (and so the KV cache) stays 16-bit.
BYTES: Final[Mapping[str, float]] = {
    "float64": 8, "float32": 4, "bfloat16": 2, "float16": 2, "int8": 1, "int4": 0.5,
}  # fmt: skip
_QUANTIZED: Final = ("int8", "int4")
# safetensors dtype names of the floating tensors a dtype="..." load converts.
_FLOATING: Final[Mapping[str, str]] = {
    "F64": "float64", "F32": "float32", "BF16": "bfloat16", "F16": "float16",
}  # fmt: skip
DEFAULT_CONTEXT: Final = 4096
_LOGIT_BYTES: Final = 4


class Verdict(str, enum.Enum):
    FITS = "fits"
    OFFLOAD = "fits_with_cpu_offload"
    NO = "does_not_fit"


@dataclass(frozen=True)
class Need:
    dtype: str
    weights: int
    kv_cache: int | None  # None: the config does not give the attention's shape
    working: int
    context: int
    batch: int

    @property
    def total(self) -> int:
        return self.weights + (self.kv_cache or 0) + self.working

    @property
    def on_device(self) -> int:
        """What must stay on the computing device even with offloading."""
        return (self.kv_cache or 0) + self.working


def _positive(value: int | None) -> int | None:
    """A size the config or the headers give; 0 (or less) says they do not give it."""
    return value if value is not None and value > 0 else None


def context_for(plan: Plan, context: int | None) -> int:
    """The tokens to plan for: asked, else 4,096 or the model's limit if lower."""
    if context:
        return context
    limit = _positive(plan.shape.max_position)
    return min(DEFAULT_CONTEXT, limit) if limit else DEFAULT_CONTEXT


def _weights(plan: Plan, dtype: str) -> int:
    checkpoint = plan.checkpoint
    by_dtype = checkpoint.by_dtype or {}
    parameters = _positive(checkpoint.parameters) or _positive(plan.parameters) or 0
    if not by_dtype:
        return int(parameters * BYTES.get(dtype, 4))
    if plan.shape.quantization and dtype not in _QUANTIZED:
        return checkpoint.bytes or 0  # packed as stored, whatever dtype is asked
    total = 0.0
    for name, row in by_dtype.items():
        if name in _FLOATING or dtype in _QUANTIZED:
            total += (_positive(row.parameters) or 0) * BYTES.get(dtype, 4)
        else:  # integer tensors (buffers, packed weights) load as stored
            total += _positive(row.bytes) or 0
    return int(total)


def need(plan: Plan, dtype: str, context: int | None, batch: int) -> Need:
    shape = plan.shape
    compute = 2 if dtype in _QUANTIZED else BYTES.get(dtype, 4)
    tokens = context_for(plan, context)
    layers, kv_heads, head_dim = (
        _positive(shape.layers),
        _positive(shape.kv_heads),
        _positive(shape.head_dim),
    )
    kv = (
        int(2 * layers * kv_heads * head_dim * tokens * batch * compute)
        if layers and kv_heads and head_dim
        else None
    )
    hidden = _positive(shape.hidden_size) or 0
    intermediate = _positive(shape.intermediate_size) or 4 * hidden
    vocab = _positive(shape.vocab_size) or 0
    working = int(batch * tokens * (hidden + 2 * intermediate) * compute)
    working += batch * vocab * _LOGIT_BYTES
    return Need(dtype, _weights(plan, dtype), kv, working, tokens, batch)


def judge(needed: Need, free: int | None, host_free: int | None, on_host: bool) -> Verdict | None:
    if free is None:
        return None
    if needed.total <= free:
        return Verdict.FITS
    if on_host or needed.on_device > free:
        return Verdict.NO
    if host_free is None:
        return None  # offloading might do: host RAM is not known
    spill = needed.weights - (free - needed.on_device)
    return Verdict.OFFLOAD if spill <= host_free else Verdict.NO


def smaller(plan: Plan, needed: Need, free: int | None, context: int | None) -> str | None:
    """The first dtype or weight quantization, smaller than `needed`'s, that would fit whole."""
    if free is None or needed.total <= free:
        return None
    for dtype in ("bfloat16", *_QUANTIZED):
        if BYTES[dtype] >= BYTES.get(needed.dtype, 4):
            continue
        if need(plan, dtype, context, needed.batch).total <= free:
            return dtype
    return None
