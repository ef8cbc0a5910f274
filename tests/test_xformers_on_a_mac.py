"""xformers refusing a Mac's device at run time (issue 38, item 4; s8-platform).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): xformers'
dispatcher's "No operator found for `memory_efficient_attention_forward`" with each operator's
"device=mps (supported: {'cuda'})" (xformers/ops/fmha/common.py not_supported_reasons) in a
log, unindented, with device=cpu on a Mac named in a title, and diffusers' "xformers' memory
efficient attention is only available for GPU" on an m1 Mac. The finding names xformers'
refusal and says to turn its option off, never a CUDA index; beside no Mac, a device=cpu
refusal is no Mac finding.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (the device named, the line of xformers' or diffusers' words)
MACS = {
    "sdnext1225-m1-chip-xformers-no-operator-device-mps.md": ("mps", 13),
    "genmodels376-mac-pro-m1-xformers-no-operator-device-cpu.md": ("cpu", 15),
    "pulidflux54-mac-xformers-no-operator-unindented-device-mps.md": ("mps", 11),
    "comfysupir84-mps-m2-xformers-no-operator-device-mps.md": ("mps", 18),
    "ladivton42-m1-mac-diffusers-xformers-only-available-for-gpu.md": ("mps", 6),
}
NOT_A_MAC = ERRORS / "kohyasd412-a100-xformers-no-operator-device-cpu.md"


@pytest.mark.parametrize("name", sorted(MACS), ids=lambda n: n.split("-", 1)[0])
def test_xformers_refusing_a_macs_device_is_named(name: str) -> None:
    device, line = MACS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = data["findings"][0]
    assert found["code"] == "extension.arch_unsupported", data["findings"]
    assert found["backend"] == "mps"
    assert f"this Mac's {device} device" in found["message"]
    assert "turn xformers off" in found["advice"]
    assert found["remedy"] is None
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert line in [q["line"] for q in found["rests_on"]]
    assert not [u for u in data["unread"] if "xformers" in u["text"] or "operator" in u["text"]]


def test_xformers_refusing_the_cpu_beside_no_mac_is_no_mac_finding() -> None:
    _, data = detect(NOT_A_MAC)
    assert not [f for f in data["findings"] if f["backend"] == "mps"]
    assert data["unread"]  # the stated error is still not "no problem"
