"""CTranslate2 refusing a compute type the device runs no kernels for (issue 38, item 4).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):
CTranslate2's "ValueError: Requested float16 compute type, but the target device or backend do
not support efficient float16 computation.", raised from faster-whisper's WhisperModel (and
whisperX's load_model above it) on a CPU, a Mac and NVIDIA GPUs below compute capability 7.0
(a Tesla P40, a GTX 1050 Ti). Each is extension.arch_unsupported (compute_type), an error, with
the compute type that runs there and no install line. Quiet: CTranslate2's warning that it
converted a float16 model to float32 and went on.
"""

from __future__ import annotations

import pytest

from tests.conftest import run_hwdoctor
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "extension.arch_unsupported"
# file: (where the refusal is said, the line it rests on)
REFUSED = {
    "fasterwhisper14-cpu-compute-type-float16-refused.md": ("this device", 9),
    # the reporter's "tesla p40" in lower case, read since s20-gpuprose: the GPU is named
    "whisperdiarization216-tesla-p40-float16-compute-type.md": ("the Tesla P40 (Pascal", 12),
    "gptsovits526-zh-1050ti-faster-whisper-float16-compute-type.md": ("this device", 10),
    "whisperxmac1-mac-float16-compute-type-not-supported.md": ("this device", 3),
}


@pytest.mark.parametrize("name", sorted(REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_a_compute_type_the_device_lacks_is_named_with_one_it_runs(name: str) -> None:
    device, line = REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    message = found[0]["message"]
    assert message.startswith(f"CTranslate2 refuses the float16 compute type on {device}")
    assert "compute capability 7.0 or newer" in message
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # the type asked for is the remedy, not an install
    assert 'compute_type="int8"' in found[0]["advice"]
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert not data["unread"], data["unread"]


def test_the_warning_that_converts_and_goes_on_is_not_the_refusal() -> None:
    # Purfview/whisper-standalone-win#37: the maintainer, "just a message from ctranslate2, not
    # an error"; alone it is no report hwdoctor reads, and nothing is named
    result = run_hwdoctor(
        "detect",
        "--paste",
        str(ERRORS / "whisperstandalonewin37-ctranslate2-float16-inferred-warning.md"),
        "--json",
    )
    assert CODE not in result.stdout
    assert result.returncode in (0, 2), result.stderr
