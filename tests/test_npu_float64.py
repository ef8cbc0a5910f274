"""Issue 38 (s20-unnamed): an Ascend aclnn kernel refusing float64, read from real recordings.

CANN's dtype check ("… not implemented for DT_DOUBLE, should be in dtype support list […]",
after torch_npu's "call aclnn… failed"): a warning naming the kernel, float32 as the advice,
nothing to reinstall (npu.float64_unsupported). The same check refusing float16 or bfloat16 is
another matter and makes no float64 finding, DT_DOUBLE in its list or not.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

FLOAT64 = "npu.float64_unsupported"

# file: (the kernel the finding names, the lines it rests on, whether another error stays unread)
REFUSED = {
    "diffusers10820-npu-repeat-interleave-dt-double-rotary-embed.md": (
        "aclnnRepeatInterleaveIntWithDim",
        {6},
        False,
    ),
    # torch_npu's "ERR00100 PTA call acl api failed." between the call and CANN's words is the
    # same failure's; the PR's Error 1 (a view of a non-contiguous tensor) is not
    "sglang29011-npu-expm1-dt-double-helios.md": ("aclnnExpm1", {12, 13, 14}, True),
}

# another dtype refused by the same check: no float64 finding
OTHER_DTYPES = (
    "vllmascend6636-npu-quant-matmul-scale-dt-float16-refused.md",
    "llamafactory4165-zh-npu-glm4-aclnncast-dt-bfloat16-refused.md",
)


@pytest.mark.parametrize("name", sorted(REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_float64_refused_by_an_aclnn_kernel_is_named(name: str) -> None:
    kernel, lines, unread = REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    # a warning: the program's dtype, the machine is fine; an unread error line exits 1
    assert exit_code == (1 if unread else 0)
    found = [f for f in data["findings"] if f["code"] == FLOAT64]
    assert len(found) == 1, data["findings"]
    finding = found[0]
    assert finding["severity"] == "warning"
    assert finding["message"].startswith(f"{kernel} refused a float64 (double) tensor on the ")
    assert lines <= {q["line"] for q in finding["rests_on"]}, finding["rests_on"]
    assert finding["remedy"] is None  # nothing to reinstall
    assert "float32" in finding["advice"]
    assert "variant" not in finding
    assert bool(data["unread"]) is unread, data["unread"]
    text = "\n".join((f.get("remedy") or "") for f in data["findings"])
    assert "download.pytorch.org" not in text  # no CUDA or ROCm torch on an NPU machine


@pytest.mark.parametrize("name", OTHER_DTYPES, ids=lambda n: n.split("-", 1)[0])
def test_another_dtype_refused_makes_no_float64_finding(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert FLOAT64 not in {f["code"] for f in data["findings"]}
    assert data["unread"]  # CANN's refusal stays an error no finding explains
