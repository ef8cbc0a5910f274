"""transformers' bitsandbytes quantizer refusing a Mac (issue 38, item 4; s8-platform).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): "No GPU
found. A GPU is needed for quantization." (transformers/quantizers/quantizer_bnb_4bit.py
validate_environment: its torch.cuda.is_available() check) quoted in prose on an "M2 MacOS",
in a title beside "m1 max", after ComfyUI's "!!! Exception during processing!!!" under
/Users. torch for macOS has no CUDA: the finding says to load the model unquantized (or a
model quantized for Apple silicon), never a CUDA index; where bitsandbytes' own words named
the cause first, the quantizer's line rests on that finding.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: the line of the quantizer's words
MACS = {
    "transformers23970-m2-macos-no-gpu-found-needed-for-quantization.md": 9,
    "comfyomost22-title-m1-max-no-gpu-found-quantization.md": 1,
    "comfyomost37-users-path-no-gpu-found-quantization-cut.md": 5,
}
NAMED_BY_BITSANDBYTES = ERRORS / "magicquill15-macbook-air-m3-bnb-cpu-library-no-gpu-found.md"


@pytest.mark.parametrize("name", sorted(MACS), ids=lambda n: n.split("-", 1)[0])
def test_the_bnb_quantizer_refusing_a_mac_is_named(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = data["findings"][0]
    assert found["code"] == "extension.bitsandbytes_on_mac", data["findings"]
    assert "quantizer refused this Mac" in found["message"]
    assert "without the BitsAndBytesConfig" in found["advice"]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert MACS[name] in [q["line"] for q in found["rests_on"]]
    assert not data["unread"]


def test_the_quantizer_line_rests_on_bitsandbytes_own_finding() -> None:
    _, data = detect(NAMED_BY_BITSANDBYTES)
    assert not [f for f in data["findings"] if "quantizer refused" in f["message"]]
    lines = {q["line"] for f in data["findings"] for q in f["rests_on"]}
    assert 1 in lines  # the title's "No GPU found": accounted, not unread
    assert not [u for u in data["unread"] if "No GPU found" in u["text"]]
