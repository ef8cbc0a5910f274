"""diagnosis.fit on small plans: pure, no subprocess. The sizes themselves are checked
against the real libraries in test_plan_fit.py."""

from __future__ import annotations

from typing import Any

from hwdoctor.diagnosis import fit
from hwdoctor.gather.probe import answers
from hwdoctor.model.answers import Plan

GiB = 1 << 30
# A 7B-class shape (Qwen2.5-7B's config.json: 28 layers, 4 key/value heads of 128).
SHAPE = {"layers": 28, "kv_heads": 4, "head_dim": 128, "hidden_size": 3584,
         "intermediate_size": 18944, "vocab_size": 152064, "max_position": 32768}  # fmt: skip
PLAN: dict[str, Any] = {
    "parameters": 7_615_616_512,
    "shape": SHAPE,
    "checkpoint": {"source": "hub", "files": 4, "parameters": 7_615_616_512,
                   "bytes": 15_231_233_024,
                   "by_dtype": {"BF16": {"parameters": 7_615_616_512, "bytes": 15_231_233_024}}},
}  # fmt: skip


def plan(data: dict[str, Any]) -> Plan:
    """A plan as the load payload sends it, read at the boundary as doctor/load.py reads it."""
    read = answers.load({"plan": data})[0].plan
    assert read is not None
    return read


def test_kv_cache_is_two_tensors_per_layer() -> None:
    needed = fit.need(plan(PLAN), "bfloat16", 32768, 1)
    assert needed.kv_cache == 2 * 28 * 4 * 128 * 32768 * 1 * 2  # 1.75 GiB
    assert fit.need(plan(PLAN), "bfloat16", 32768, 4).kv_cache == 4 * needed.kv_cache
    assert fit.need(plan(PLAN), "float32", 32768, 1).kv_cache == 2 * needed.kv_cache
    assert fit.need(plan(PLAN), "int4", 32768, 1).kv_cache == needed.kv_cache  # computes in 16 bits


def test_the_default_context_is_4096_or_the_models_limit() -> None:
    assert fit.need(plan(PLAN), "bfloat16", None, 1).context == 4096
    short = {**PLAN, "shape": {**SHAPE, "max_position": 512}}
    assert fit.need(plan(short), "bfloat16", None, 1).context == 512


def test_weights_follow_the_checkpoint_or_the_dtype() -> None:
    assert fit.need(plan(PLAN), "bfloat16", None, 1).weights == 15_231_233_024
    assert fit.need(plan(PLAN), "float32", None, 1).weights == 2 * 15_231_233_024
    assert fit.need(plan(PLAN), "int4", None, 1).weights == 7_615_616_512 // 2
    # A quantized checkpoint loads its packed tensors as stored, whatever dtype is asked.
    packed = {**PLAN, "shape": {**SHAPE, "quantization": "gptq"},
              "checkpoint": {"parameters": 1, "bytes": 5 * GiB,
                             "by_dtype": {"I32": {"parameters": 1, "bytes": 4 * GiB},
                                          "F16": {"parameters": 1, "bytes": GiB}}}}  # fmt: skip
    assert fit.need(plan(packed), "bfloat16", None, 1).weights == 5 * GiB
    # Without the checkpoint's headers: the parameter count.
    bare = {"parameters": 1000, "shape": SHAPE}
    assert fit.need(plan(bare), "float16", None, 1).weights == 2000


def test_verdicts() -> None:
    needed = fit.need(plan(PLAN), "bfloat16", 4096, 1)
    assert fit.judge(needed, 80 * GiB, 100 * GiB, False) is fit.Verdict.FITS
    assert fit.judge(needed, 8 * GiB, 100 * GiB, False) is fit.Verdict.OFFLOAD
    assert fit.judge(needed, 8 * GiB, 2 * GiB, False) is fit.Verdict.NO  # host too small
    assert fit.judge(needed, 8 * GiB, None, False) is None  # host RAM unknown
    assert fit.judge(needed, 8 * GiB, 100 * GiB, True) is fit.Verdict.NO  # the host itself
    assert fit.judge(needed, None, 100 * GiB, False) is None
    tiny = needed.on_device - 1
    assert fit.judge(needed, tiny, 100 * GiB, False) is fit.Verdict.NO  # KV cache must stay


def test_the_smaller_dtype_named_is_the_first_that_fits() -> None:
    needed = fit.need(plan(PLAN), "bfloat16", 4096, 1)
    assert fit.smaller(plan(PLAN), needed, 80 * GiB, 4096) is None  # it fits already
    assert fit.smaller(plan(PLAN), needed, 12 * GiB, 4096) == "int8"
    assert fit.smaller(plan(PLAN), needed, 7 * GiB, 4096) == "int4"
    assert fit.smaller(plan(PLAN), needed, 2 * GiB, 4096) is None  # nothing does
    as_float32 = fit.need(plan(PLAN), "float32", 4096, 1)
    assert fit.smaller(plan(PLAN), as_float32, 20 * GiB, 4096) == "bfloat16"


def test_a_config_without_the_attention_shape_leaves_the_kv_cache_unknown() -> None:
    needed = fit.need(plan({"parameters": 10, "shape": {"hidden_size": 8}}), "float32", 16, 1)
    assert needed.kv_cache is None
    assert needed.total == needed.weights + needed.working
