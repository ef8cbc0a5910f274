"""The NVIDIA driver read without torch, through the real host scan, and its findings.

Real recorded texts (tests/data/real/nvidia, README there) in a fake root
(HWDOCTOR_HOST_ROOT), a fake nvidia-smi on PATH, and a fake libnvidia-ml.so.1 built with
gcc and found through LD_LIBRARY_PATH by NVIDIA's own binding, nvidia-ml-py.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hwdoctor import diagnosis
from hwdoctor.compat import drivers
from hwdoctor.model.facts import HostFacts, NvidiaDriver, TorchInfo
from tests.conftest import base_env, run_hwdoctor
from tests.evidence import codes, cpu_host, one, with_backend
from tests.fakeworld import World

REAL = Path(__file__).resolve().parent / "data" / "real" / "nvidia"
NVIDIA_GPU = ("0x10de", "0x2204", "0x030000")  # vendor, device, class of a display GPU


@pytest.fixture(scope="module")
def fake_nvml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the fake libnvidia-ml.so.1")
    directory = tmp_path_factory.mktemp("nvml")
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-o", str(directory / "libnvidia-ml.so.1"),
         str(REAL / "fake_nvml.c")],
        check=True,
    )  # fmt: skip
    return directory


def _root(tmp_path: Path, *, proc: str | None = None, gpu: bool = True) -> Path:
    root = tmp_path / "root"
    if gpu:
        device = root / "sys" / "bus" / "pci" / "devices" / "0000:01:00.0"
        device.mkdir(parents=True)
        for name, value in zip(("vendor", "device", "class"), NVIDIA_GPU, strict=True):
            (device / name).write_text(value + "\n")
    (root / "proc").mkdir(parents=True, exist_ok=True)
    if proc is not None:
        (root / "proc" / "driver" / "nvidia").mkdir(parents=True)
        shutil.copy(REAL / proc, root / "proc" / "driver" / "nvidia" / "version")
    return root


def _scan(root: Path, env: dict[str, str], timeout_s: float = 5.0) -> HostFacts:
    """The real host scan, in a subprocess of its own with the given environment."""
    code = (
        "import json; from pathlib import Path; from hwdoctor.gather import host; "
        f"facts, _ = host.scan(tool_timeout_s={timeout_s}); print(json.dumps(facts.record()))"
    )
    base = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_NVML")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**base, "HWDOCTOR_HOST_ROOT": str(root), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return HostFacts.from_json(json.loads(result.stdout))


def _tool(directory: Path, name: str, output: Path, status: int = 0) -> str:
    directory.mkdir(exist_ok=True)
    tool = directory / name
    tool.write_text(f"#!/bin/sh\ncat '{output}'\nexit {status}\n")
    tool.chmod(0o755)
    return f"{directory}{os.pathsep}{os.environ.get('PATH', '')}"


def test_driver_470_through_nvml(tmp_path: Path, fake_nvml: Path) -> None:
    root = _root(tmp_path, proc="proc-version-470.86.txt")
    (root / "proc" / "modules").write_text("nvidia 35282944 0 - Live 0x0000000000000000 (POE)\n")
    env = {"LD_LIBRARY_PATH": str(fake_nvml), "FAKE_NVML_DRIVER": "470.86",
           "FAKE_NVML_CUDA": "11040", "FAKE_NVML_CAPABILITY": "8.6"}  # fmt: skip
    driver = _scan(root, env).nvidia
    assert driver is not None
    assert (driver.kernel_module, driver.open_module, driver.module_loaded) == (
        "470.86", False, True
    )  # fmt: skip
    assert (driver.nvml_driver, driver.nvml_cuda, driver.capabilities) == (
        "470.86",
        "11.4",
        ("8.6",),
    )


def test_open_module_and_sys_module_version(tmp_path: Path) -> None:
    root = _root(tmp_path, proc="proc-version-open-550.54.15.txt")
    driver = _scan(root, {"LD_LIBRARY_PATH": str(tmp_path)}).nvidia
    assert driver is not None and (driver.kernel_module, driver.open_module) == ("550.54.15", True)
    other = _root(tmp_path / "b", gpu=False)
    module = other / "sys" / "module" / "nvidia"
    module.mkdir(parents=True)
    shutil.copy(REAL / "sys-module-version-470.103.01.txt", module / "version")
    found = _scan(other, {"LD_LIBRARY_PATH": str(tmp_path)}).nvidia
    assert found is not None and found.kernel_module == "470.103.01"


def test_upgraded_without_a_reboot_through_nvidia_smi(tmp_path: Path) -> None:
    root = _root(tmp_path, proc="proc-version-580.173.02.txt")
    path = _tool(tmp_path / "bin", "nvidia-smi", REAL / "nvidia-smi-mismatch-580.178.txt", 18)
    # No libnvidia-ml here: NVML cannot start, nvidia-smi is the fallback.
    host = _scan(root, {"PATH": path, "LD_LIBRARY_PATH": str(tmp_path)})
    assert host.nvidia is not None and host.nvidia.smi_error is not None
    assert "version mismatch" in host.nvidia.smi_error
    found = diagnosis.detect(dataclasses.replace(cpu_host(), host=host)).findings
    mismatch = one(found, "driver.library_mismatch")
    assert "580.173.02" in mismatch.message and "580.178" in mismatch.message


def test_nvidia_smi_text_when_nvml_is_missing(tmp_path: Path) -> None:
    root = _root(tmp_path, proc="proc-version-470.86.txt")
    path = _tool(tmp_path / "bin", "nvidia-smi", REAL / "nvidia-smi-470.86.txt")
    driver = _scan(root, {"PATH": path, "LD_LIBRARY_PATH": str(tmp_path)}).nvidia
    assert driver is not None and (driver.smi_driver, driver.smi_cuda) == ("470.86", "11.4")
    assert driver.nvml_error is not None  # no libnvidia-ml.so.1: said, not raised


def test_a_wedged_nvml_is_cut_off(tmp_path: Path, fake_nvml: Path) -> None:
    root = _root(tmp_path, proc="proc-version-535.104.05.txt")
    env = {"LD_LIBRARY_PATH": str(fake_nvml), "FAKE_NVML_HANG": "1"}
    driver = _scan(root, env, timeout_s=1.0).nvidia
    assert driver is not None and driver.kernel_module == "535.104.05"
    assert driver.nvml_driver is None and "did not answer" in (driver.nvml_error or "")


def test_nouveau_instead_of_nvidia(tmp_path: Path) -> None:
    root = _root(tmp_path)
    state = root / "sys" / "module" / "nouveau"
    state.mkdir(parents=True)
    (state / "initstate").write_text("live\n")
    host = _scan(root, {"LD_LIBRARY_PATH": str(tmp_path)})
    assert host.nvidia is not None and host.nvidia.nouveau_loaded
    found = diagnosis.detect(dataclasses.replace(cpu_host(), host=host)).findings
    assert "nouveau" in one(found, "driver.nouveau").message


def test_gpu_without_any_driver(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "proc" / "modules").write_text(
        "multipath 20480 0 - Live 0x0000000000000000\nlinear 20480 0 - Live 0x0000000000000000\n"
    )
    host = _scan(root, {"LD_LIBRARY_PATH": str(tmp_path)})
    assert host.nvidia is not None and host.nvidia.module_loaded is False
    found = diagnosis.detect(dataclasses.replace(cpu_host(), host=host)).findings
    assert "no NVIDIA kernel module" in one(found, "driver.missing").message


def test_a_machine_without_nvidia_says_nothing(tmp_path: Path) -> None:
    root = _root(tmp_path, gpu=False)
    (root / "proc" / "modules").write_text("linear 20480 0 - Live 0x0000000000000000\n")
    assert _scan(root, {}).nvidia is None


def _cuda_build(host: HostFacts, torch: str, toolkit: str, *, count: int = 1):  # type: ignore[no-untyped-def]
    evidence = dataclasses.replace(
        cpu_host(),
        host=host,
        torch=TorchInfo(version=torch, importable=True, build="cuda", cuda=toolkit),
    )
    return with_backend(evidence, "cuda", available=False, device_count=0, reason=None)


def test_driver_470_with_a_cuda_121_build(tmp_path: Path, fake_nvml: Path) -> None:
    """Acceptance: driver 470 (real /proc text), torch 2.5.1+cu121: one error naming the
    driver and the floor it misses, with two fixes."""
    root = _root(tmp_path, proc="proc-version-470.86.txt")
    env = {"LD_LIBRARY_PATH": str(fake_nvml), "FAKE_NVML_DRIVER": "470.86",
           "FAKE_NVML_CUDA": "11040", "FAKE_NVML_CAPABILITY": "8.6"}  # fmt: skip
    host = _scan(root, env)
    host = dataclasses.replace(
        host,
        signals=(*host.signals, *cpu_host().host.signals),  # type: ignore[union-attr]
    )
    report = diagnosis.detect(_cuda_build(host, "2.5.1+cu121", "12.1"))
    errors = [f for f in report.findings if f.severity.value == "error"]
    assert codes(errors) == ["driver.too_old"]
    error = errors[0]
    assert "470.86" in error.message and "525" in error.message and "12.1" in error.message
    assert error.advice == "upgrade the NVIDIA driver to branch R525 or newer"
    # 2.5.1's cu118 build runs on 470 (CUDA 11.x minor-version compatibility, >= 450.80.02).
    assert error.remedy is not None
    assert "install --force-reinstall torch==2.5.1 --index-url" in error.remedy
    command, said = error.remedy.splitlines()[-2:]
    assert command.endswith("https://download.pytorch.org/whl/cu118")
    assert said.startswith("# keeps torch 2.5.1 and changes its build from cu121 to cu118")


def test_torch_found_version_when_no_driver_version_is_known() -> None:
    message = (
        "The NVIDIA driver on your system is too old (found version 11040). Please update your "
        "GPU driver by downloading and installing a new version from the URL: "
        "http://www.nvidia.com/Download/index.aspx"
    )
    evidence = _cuda_build(cpu_host().host, "2.5.1+cu121", "12.1")  # type: ignore[arg-type]
    # As the probe reads torch's warning (gather/probe/collector.py).
    said = drivers.driver_said(message)
    evidence = with_backend(evidence, "cuda", init_warning=message, driver_said=said)
    finding = one(diagnosis.detect(evidence).findings, "driver.cuda_too_old")
    assert "supports CUDA up to 11.4" in finding.message and "525" in finding.message


@pytest.mark.parametrize(
    ("driver", "torch", "toolkit", "capability", "too_old"),
    [
        ("535.104.05", "2.6.0+cu126", "12.6", "8.9", False),
        ("550.54.14", "2.9.0+cu130", "13.0", "8.9", True),
        ("550.54.14", "2.7.0+cu128", "12.8", "12.0", True),  # Blackwell needs R570
        ("570.86.10", "2.7.0+cu128", "12.0", "12.0", False),
        ("470.86", "2.5.1+cu118", "11.8", "8.6", False),
        ("470.86", "2.5.1+cu121", "12.1", "8.6", True),
        ("580.173.02", "2.9.0+cu130", "13.0", "9.0", False),
    ],
)
def test_driver_matrix_through_diagnosis(
    driver: str, torch: str, toolkit: str, capability: str, too_old: bool
) -> None:
    host = dataclasses.replace(
        cpu_host().host,  # type: ignore[arg-type]
        nvidia=NvidiaDriver(kernel_module=driver, module_loaded=True, capabilities=(capability,)),
    )
    found = codes(diagnosis.detect(_cuda_build(host, torch, toolkit)).findings)
    assert ("driver.too_old" in found) is too_old


def test_torch_s_own_warning_is_read_by_the_real_probe(tmp_path: Path) -> None:
    """End to end: a CUDA 12.1 build of torch on a driver that supports CUDA 11.4 only says
    so in a warning from is_available(); the probe keeps it and the finding decodes it."""
    world = World(tmp_path / "world").pci("0000:01:00.0", 0x10DE, 0x2204, 0x030000)
    world.cuda_driver_too_old(found=11040, cuda_version="12.1")
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    too_old = found["driver.cuda_too_old"]
    assert "supports CUDA up to 11.4" in too_old["message"], too_old
    assert "backend.unavailable" not in found
