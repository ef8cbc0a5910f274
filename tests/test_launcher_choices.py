"""An installer's choice and a runtime's missing driver, named from real pastes (issue 38,
s18-launch).

Stable Diffusion webui's webui.sh installs torch's ROCm build wherever `lspci | grep VGA`
lists an AMD GPU, which an AMD CPU's integrated graphics is; beside an NVIDIA GPU its own
check then says "Torch is not able to use GPU". Vulkan under WSL 2 has no GPU vendor's
driver, so a Vulkan program there gets VK_ERROR_INCOMPATIBLE_DRIVER. Each case is a real
paste of the corpus (its source in `tests/data/reports/README.md`).
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path
from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import PasteReport

ERRORS: Final = Path(__file__).parent / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


def webui_rocm(report: PasteReport) -> list[dict[str, str]]:
    return [
        dict(f.params)
        for f in report.findings
        if f.code == "torch.build_mismatch" and "amd" in f.params  # the webui_rocm variant
    ]


def rests_on(report: PasteReport, code: str) -> list[int]:
    at = [i for i, f in enumerate(report.findings) if f.code == code]
    return sorted(q.line for i in at for q in report.rests_on[i])


# (paste, the NVIDIA GPU shown, the AMD graphics shown, a line the finding rests on)
WEBUI_ROCM: Final = [
    # neofetch's two GPU lines (an RTX 3090 and the Ryzen 7950X's Raphael) and the traceback
    (
        "webui7605-arch-rtx3090-amd-raphael-igpu-torch-not-able-to-use-gpu.md",
        "NVIDIA GeForce RTX 3090",
        "AMD ATI 39:00.0 Raphael",
        18,
    ),
    # the reporter's words: "one iGPU (togather with an AMD CPU) and one RTX 3060"
    (
        "webui11389-ubuntu-rtx3060-amd-igpu-lshw-runtimeerror-not-able-to-use-gpu.md",
        "RTX 3060",
        "iGPU (togather with an AMD CPU",
        14,
    ),
    # "an AMD APU (Ryzen 4700g) and a Nvidea GPU (tesla P40)"
    (
        "webui15217-ubuntu-ryzen-apu-tesla-p40-runtimeerror-not-able-to-use-gpu.md",
        "P40",
        "AMD APU",
        15,
    ),
    # the title's words, and "an AMD CPU with onboard graphics, and a Nvidia GPU"
    (
        "webui759-ubuntu-amd-cpu-onboard-graphics-nvidia-rocm5.2-title.md",
        "in the reporter's words",
        "AMD CPU with onboard graphics",
        3,
    ),
]


@pytest.mark.parametrize(("name", "nvidia", "amd", "line"), WEBUI_ROCM)
def test_webui_sh_chose_rocm_beside_an_nvidia_gpu(
    name: str, nvidia: str, amd: str, line: int
) -> None:
    report = diagnosed(name)
    (params,) = webui_rocm(report)
    assert params["where"] == nvidia and params["amd"] == amd
    assert line in rests_on(report, "torch.build_mismatch")
    # the remedy: webui-user.sh's TORCH_COMMAND with a CUDA build and torchvision, then
    # webui.sh once with --reinstall-torch; every line valid shell, one command a line
    install = params["install"]
    export = next((x for x in install.splitlines() if x.startswith("export ")), None)
    if export is None:
        # the tables name no torchvision for the torch chosen: the pair in words, no line
        # (a reinstall of a companion always carries its pin: tests/test_install_lines.py)
        assert "set TORCH_COMMAND to install torch " in install, install
        assert all(x.startswith("#") for x in install.splitlines()), install
        return
    (assignment,) = shlex.split(export)[1:]
    command = shlex.split(assignment.removeprefix("TORCH_COMMAND="))
    assert assignment.startswith("TORCH_COMMAND=pip install --force-reinstall torch==")
    assert any(w.startswith("torchvision") for w in command)
    assert "--index-url" in command and "/whl/cu" in command[command.index("--index-url") + 1]
    shown = "\n".join((install, "./webui.sh --reinstall-torch"))
    assert subprocess.run(["bash", "-n"], input=shown, text=True, check=False).returncode == 0


# The assertion without the two vendors stays as it was: listed unread, no cause named.
WEBUI_NOT_ROCM: Final = [
    # an NVIDIA GPU beside Intel's HD Graphics 530: lspci lists no AMD GPU
    "webui4950-ubuntu-gtx960m-intel-hd530-not-able-to-use-gpu.md",
    # an RTX 3060m beside "AMD Radeon Graphics", on Windows: webui.bat reads no lspci
    "webui4703-windows-ryzen-rtx3060m-radeon-graphics-assertionerror.md",
]


@pytest.mark.parametrize("name", WEBUI_NOT_ROCM)
def test_the_assertion_without_both_vendors_on_linux_names_no_installer_choice(name: str) -> None:
    report = diagnosed(name)
    assert not webui_rocm(report)
    assert not report.findings
    assert any("Torch is not able to use GPU" in q.text for q in report.unread)


# (paste, the words the finding quotes, the line that shows WSL)
WSL_VULKAN: Final = [
    # TVM's Vulkan runtime under MLC-LLM: the title's error; "wsl 22.04 in win11"
    ("mlcllm68-wsl-win11-vulkan-error-code-9-incompatible-driver-title.md", 3),
    # vulkaninfo in WSL2 (the title), glxinfo showing Mesa's D3D12 on the same GPU
    ("wsl11649-wsl2-arch-vulkaninfo-error-incompatible-driver-glxinfo-d3d12.md", 1),
    # dozen's ICD alone refusing too; `wsl --version`'s "WSL version: 2.6.3.0"
    ("nixoswsl963-dzn-icd-vkcreateinstance-error-incompatible-driver-wsl-version.md", 25),
]


@pytest.mark.parametrize(("name", "wsl_line"), WSL_VULKAN)
def test_vulkan_without_a_driver_under_wsl_is_named(name: str, wsl_line: int) -> None:
    report = diagnosed(name)
    codes = [f.code for f in report.findings]
    assert codes == ["host.wsl_vulkan_no_driver"], codes
    (finding,) = report.findings
    assert "INCOMPATIBLE_DRIVER" in finding.params["said"]
    assert wsl_line in rests_on(report, "host.wsl_vulkan_no_driver")
    assert not report.unread, [q.text for q in report.unread]


def test_the_vulkan_loaders_return_code_is_no_sigkill() -> None:
    """The loader's "Received return code -9 from call to vkCreateInstance in ICD …" is a
    VkResult (VK_ERROR_INCOMPATIBLE_DRIVER), not a process killed by SIGKILL."""
    report = diagnosed(
        "nixoswsl963-dzn-icd-vkcreateinstance-error-incompatible-driver-wsl-version.md"
    )
    assert "host.memory_exhausted" not in {f.code for f in report.findings}


def test_vulkan_without_a_driver_outside_wsl_names_no_cause() -> None:
    """On Windows (vulkaninfo.exe, a GTX 1060) the words stay listed unread: no driver, or
    a driver refusing the Vulkan version asked, and the paste does not say which."""
    report = diagnosed("vkvl989-windows-gtx1060-vulkaninfo-vk-error-incompatible-driver.md")
    assert not report.findings
    assert any("VK_ERROR_INCOMPATIBLE_DRIVER" in q.text for q in report.unread)
