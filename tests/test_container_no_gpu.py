"""docker asked for a GPU on a machine without an NVIDIA GPU (issue 38, s15-nogpu).

docker's "could not select device driver ... with capabilities: [[gpu]]" on a Mac or on a
machine the reporter says has no GPU is a run that asked for a GPU the machine does not
have: a warning to drop the request, never the NVIDIA Container Toolkit's install. Each case
is a real paste, its source in `tests/data/reports/README.md`; each runs `hwdoctor detect
--paste` for real. The same message beside an NVIDIA GPU stays the toolkit's finding.
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from tests.conftest import ROOT, run_hwdoctor

REPORTS: Final = ROOT / "tests" / "data" / "reports"
CODE: Final = "host.container_gpu_without_gpu"


def detected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = run_hwdoctor("detect", "--paste", str(REPORTS / name), "--json").json()
    return data["data"]


@pytest.mark.parametrize(
    ("name", "machine"),
    [
        ("errors/melotts40-macos-m1-docker-gpus-all-could-not-select-device-driver.md", "a Mac"),
        (
            "errors/gptsovits598-apple-m2-pro-compose-nvidia-could-not-select-device-driver.md",
            "a Mac",
        ),
        (
            "errors/llamafactory3990-zh-mac-m3-docker-gpus-all-could-not-select-device-driver.md",
            "a Mac",
        ),
        (
            "errors/pidsmaker14-cpu-only-machine-compose-could-not-select-device-driver.md",
            "no GPU",
        ),
        # s16-nogpu2: the VM said in Chinese to have no GPU; an Intel iGPU the only GPU named
        (
            "errors/langchainchatchat2962-zh-vm-without-gpu-could-not-select-device-driver.md",
            "no GPU",
        ),
        (
            "errors/stablediffusiondocker82-intel-xe-graphics-could-not-select-device-driver.md",
            "Intel's integrated",
        ),
    ],
)
def test_a_gpu_asked_of_a_machine_without_one_is_a_warning_to_drop_the_request(
    name: str, machine: str
) -> None:
    data = detected(name)
    codes = [f["code"] for f in data["findings"]]
    assert CODE in codes, codes
    assert "host.container_runtime_without_gpu" not in codes
    chosen = next(f for f in data["findings"] if f["code"] == CODE)
    assert chosen["severity"] == "warning"
    assert machine in chosen["message"]
    said = f"{chosen.get('remedy') or ''}\n{chosen.get('advice') or ''}"
    assert "drop --gpus" in said
    assert "nvidia-ctk" not in said and "systemctl" not in said
    assert data["unread"] == []


@pytest.mark.parametrize(
    "name",
    [
        # an NVIDIA GPU shown (4x 4090 in prose, a Titan V's nvidia-smi -q): the toolkit's
        "container_toolkit/xagent273-zh-4x-4090-could-not-select-device-driver-toolkit-missing.md",
        "container_toolkit/nvdocker1352-windows-titan-v-could-not-select-device-driver-nvsmi-log.md",
        "errors/tgi1312-docker-could-not-select-device-driver-gpu.md",
    ],
)
def test_the_message_beside_an_nvidia_gpu_or_no_machine_stays_the_toolkits(name: str) -> None:
    codes = [f["code"] for f in detected(name)["findings"]]
    assert CODE not in codes, codes
