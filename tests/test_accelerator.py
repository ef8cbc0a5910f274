"""The generic accelerator API: torch.accelerator where a device module refuses to answer,
vendor packages without their hardware, and backends the registry does not know.

Real CLI, real probe, real torch against fake worlds (tests/fakeworld.py); the torch-tpu world
mirrors the real torch-tpu 0.2.0 wheel (`make tpu-check` runs against the real one).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import backend, base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World

REFUSAL = (
    "is_available is internal to TorchTPU and can only be called by the PyTorch framework "
    "(torch and torch_tpu). Use torch.accelerator.is_available instead."
)


def test_the_fake_torch_tpu_refuses_as_the_real_one_does(world: World) -> None:
    world.torch_tpu()
    code = (
        "import torch\n"
        "print(torch.accelerator.current_accelerator(), torch.accelerator.is_available())\n"
        "try:\n    torch.tpu.is_available()\nexcept RuntimeError as exc:\n    print(exc)\n"
    )
    result = world.run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["None False", REFUSAL]


def test_torch_tpu_without_a_tpu_is_a_warning(world: World, tmp_path: Path) -> None:
    world.torch_tpu()
    saved = tmp_path / "evidence.json"
    result = run_hwdoctor(
        "detect", "--json", "--save-evidence", str(saved), env=world.env(base_env())
    )
    assert result.returncode == 0, result
    tpu = backend(result.json(), "tpu")
    assert tpu["status"] == "warn" and tpu["installed"] and tpu["version"] == "0.2.0"
    assert not tpu["available"] and not tpu["hardware_present"]
    findings = result.json()["data"]["findings"]
    assert [f["code"] for f in findings] == ["backend.package_without_hardware"]
    assert "torch-tpu 0.2.0 is installed, but no Google TPU is present" in findings[0]["message"]
    assert "torch.accelerator.is_available() is False" in findings[0]["message"]
    facts = json.loads(saved.read_text())["backends"]["tpu"]
    assert facts["answered_by"] == "torch.accelerator"
    assert facts["refusal"]["message"] == REFUSAL
    assert facts["query_error"] is None


def test_requiring_the_tpu_fails(world: World) -> None:
    world.torch_tpu()
    result = run_hwdoctor("detect", "--json", "--require", "tpu", env=world.env(base_env()))
    assert result.returncode == 1, result
    (requirement,) = result.json()["data"]["requirements"]
    assert not requirement["met"]


def test_torch_tpu_with_tpus_answers_through_torch_accelerator(world: World) -> None:
    world.torch_tpu(tpus=2)
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result
    tpu = backend(result.json(), "tpu")
    assert tpu["status"] == "ok" and tpu["available"] and tpu["device_count"] == 2
    assert [d["name"] for d in tpu["devices"]] == ["TPU v5e", "TPU v5e"]
    assert tpu["note"] == "answered by torch.accelerator"
    assert result.json()["data"]["findings"] == []


def test_a_wedged_device_module_is_still_an_error(world: World) -> None:
    # torch.accelerator asks the same module; it raises again, and that is the finding.
    world.privateuse1("npu", availability_fault="raise")
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 1, result
    assert backend(result.json(), "npu")["status"] == "fail"
    assert "backend.query_failed" in result.codes()


def test_an_unregistered_privateuse1_backend_gets_its_own_row(world: World) -> None:
    world.privateuse1("supa", dist="torch-supa", version="1.2.0", devices=(FakeDevice("BR104"),))
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result
    supa = backend(result.json(), "supa")
    assert supa["device"] == "supa" and supa["package"] == "torch-supa"
    assert supa["version"] == "1.2.0" and supa["installed"]
    assert supa["status"] == "ok" and supa["device_count"] == 1
    assert [d["name"] for d in supa["devices"]] == ["BR104"]


def test_an_unregistered_backend_without_devices_warns(world: World) -> None:
    world.privateuse1("supa", dist="torch-supa", version="1.2.0", devices=())
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result
    assert backend(result.json(), "supa")["status"] == "warn"
    assert result.codes() == ["backend.package_without_hardware"]
