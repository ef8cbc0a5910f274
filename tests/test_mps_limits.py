"""What MPS cannot do on this Mac, in torch's own words (issue 38, items 3 and 5; s12-mps).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):

- torch's MPS convolution refusing an output dimension past 65536 (Convolution.mm): from torch
  2.6 MPS computes it on macOS 15.1 and newer (pytorch/pytorch#140726), so the finding asks for
  that macOS (and that torch where the paste shows an older one), or the CPU; never the
  PYTORCH_ENABLE_MPS_FALLBACK its first wording offered, which cannot reach the check
  (pytorch/pytorch#134416);
- MPSGraph refusing a tensor dimension past INT_MAX ("MPSGaph", torch's spelling): one tensor
  too large for the Mac's GPU, as mps.buffer_too_large says of Metal's other limits.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (code, the message's first words, the line of torch's words)
REFUSED = {
    "mineru2793-macos-pipeline-mfd-output-channels-65536-mps.md": (
        "mps.macos_too_old", "torch's MPS convolution refused an output dimension", 1,
    ),
    "versatileaudiosr69-mac-m2-output-channels-65536-fallback-fails.md": (
        "mps.macos_too_old", "torch's MPS convolution refused an output dimension", 5,
    ),
    "rvc2393-zh-macos15-sequoia-output-channels-65536-mps.md": (
        "mps.macos_too_old", "torch's MPS convolution refused an output dimension", 1,
    ),
    "pt144445-xtts-torch27dev-output-channels-65536-mps.md": (
        "mps.macos_too_old", "torch's MPS convolution refused an output dimension", 1,
    ),
    "krita2211-m2-max-macos15-sd15-mpsgaph-int-max.md": (
        "mps.buffer_too_large", "torch's MPS backend refused a tensor with more than INT_MAX", 1,
    ),
    "kleinrefgrid2-mac-comfyui-mpsgaph-int-max.md": (
        "mps.buffer_too_large", "torch's MPS backend refused a tensor with more than INT_MAX", 1,
    ),
    "comfyui11932-apple-metal-mpsgaph-int-max.md": (
        "mps.buffer_too_large", "torch's MPS backend refused a tensor with more than INT_MAX", 1,
    ),
}  # fmt: skip


def _remedies(data: dict[str, object]) -> str:
    found = data["findings"]
    assert isinstance(found, list)
    return "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in found)


@pytest.mark.parametrize("name", sorted(REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_what_mps_cannot_do_here_is_named_with_the_macs_remedy(name: str) -> None:
    code, words, line = REFUSED[name]
    _, data = detect(ERRORS / name)
    found = [f for f in data["findings"] if f["code"] == code]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words)
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert 'device="cpu"' in found[0]["advice"] or "on the CPU" in found[0]["advice"]
    assert not [s for s in CUDA_OR_ROCM if s in _remedies(data)]
    assert not data["unread"]


@pytest.mark.parametrize(
    "name", [n for n in sorted(REFUSED) if "65536" in n], ids=lambda n: n.split("-", 1)[0]
)
def test_the_convolution_limit_asks_for_macos_15_1_not_the_fallback(name: str) -> None:
    _, data = detect(ERRORS / name)
    found = next(f for f in data["findings"] if f["code"] == "mps.macos_too_old")
    assert "macOS 15.1" in found["advice"] or "macOS to 15.1" in found["advice"]
    assert "does not help" in found["advice"]  # the fallback cannot reach Convolution.mm's check
    assert found["severity"] == "warning"  # nothing installed is broken


def test_a_torch_that_computes_it_is_not_asked_to_move() -> None:
    # torch 2.7.0.dev in the reporter's words: macOS 15.1 alone is the remedy
    _, data = detect(ERRORS / "pt144445-xtts-torch27dev-output-channels-65536-mps.md")
    found = next(f for f in data["findings"] if f["code"] == "mps.macos_too_old")
    assert "torch 2.7.0.dev computes it from macOS 15.1" in found["message"]
    assert "torch to 2.6" not in found["advice"]


def test_the_recordings_are_listed_with_their_sources() -> None:
    readme = (ERRORS.parent / "README.md").read_text(encoding="utf-8")
    for name in REFUSED:
        assert f"errors/{name}" in readme, name
        assert Path(ERRORS / name).is_file()


# torch's MPS fallback warning, the run going on (pytorch/pytorch#80278: the op's coverage is
# tracked, nothing to change; mrdbourke/pytorch-deep-learning#356: a helper, move that step to
# the CPU if it matters): no MPS limit, no finding, no unread line
QUIET = (
    "pt80278-m1-mps-bitwise-and-fallback-warning.md",
    "ptdl356-m2-max-mps-nonzero-fallback-warning.md",
)


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_the_fallback_warning_that_goes_on_is_no_limit(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0
    assert not [f for f in data["findings"] if f["code"].startswith("mps.")], data["findings"]
    assert not data["unread"]
