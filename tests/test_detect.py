"""`hwdoctor detect` against this CPU-only machine and against fake worlds.

Every test runs the real CLI, the real probe and the real torch in subprocesses; the fake
worlds are packages on the probe's PYTHONPATH and a fake sysfs (tests/fakeworld.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import backend, base_env, codes, evidence_of, run_hwdoctor
from tests.fakeworld import FakeDevice, World, make_bare_venv

REGISTRY_KEYS = [
    "cpu",
    "cuda",
    "rocm",
    "neuron",
    "tpu",
    "xpu",
    "mps",
    "hpu",
    "npu",
    "mlu",
    "musa",
    "xla",
    "sdaa",
]


def test_this_machine_cpu_usable_everything_else_absent() -> None:
    result = run_hwdoctor("detect", "--json")
    assert result.returncode == 0, result
    document = result.json()
    assert document["command"] == "detect"
    assert document["exit_code"] == 0
    data = document["data"]
    assert data["python"]["executable"] == sys.executable
    assert data["packages"]["torch"].startswith("2.13.0")
    assert set(data["packages"]) == {"torch", "accelerate", "transformers"}
    assert [b["key"] for b in data["backends"]] == REGISTRY_KEYS
    cpu = backend(document, "cpu")
    assert cpu["status"] == "ok" and cpu["available"] and cpu["device_count"] == 1
    for entry in data["backends"]:
        assert set(entry) >= {
            "key", "device", "package", "installed", "version", "importable",
            "available", "device_count", "devices", "status",
        }  # fmt: skip
        if entry["key"] != "cpu":
            assert entry["status"] == "absent", entry
            assert entry["note"], entry  # the reason it is absent
            assert not entry["available"] and entry["device_count"] == 0
    assert data["findings"] == []


def test_human_output(here: str) -> None:
    result = run_hwdoctor("detect", "--from", here)
    assert result.returncode == 0, result
    assert "torch 2.13.0" in result.stdout
    assert "Usable: cpu" in result.stdout
    assert result.stderr == ""


def test_fake_npu_with_two_devices(world: World) -> None:
    world.privateuse1(
        "npu",
        devices=(FakeDevice("Ascend910B3", 64 << 30, 60 << 30),) * 2,
        requires=("torch==2.13.0",),
    )
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result
    npu = backend(result.json(), "npu")
    assert npu["status"] == "ok"
    assert npu["installed"] and npu["importable"] and npu["available"]
    assert npu["version"] == "2.13.0"
    assert npu["device_count"] == 2
    assert [d["name"] for d in npu["devices"]] == ["Ascend910B3", "Ascend910B3"]
    assert [d["total_memory_bytes"] for d in npu["devices"]] == [64 << 30, 64 << 30]
    assert [d["free_memory_bytes"] for d in npu["devices"]] == [60 << 30, 60 << 30]


def test_hung_extension_is_named_and_the_rest_reported(world: World) -> None:
    world.faulty("torch_npu", dist="torch-npu", behaviour="hang")
    result = run_hwdoctor("detect", "--json", "--timeout", "5", env=world.env(base_env()))
    # How long this takes is measured in benchmarks/, not asserted on a shared machine.
    document = result.json()
    assert document["exit_code"] == 1
    assert backend(document, "cpu")["status"] == "ok"
    assert document["data"]["packages"]["torch"].startswith("2.13.0")
    hung = [f for f in document["data"]["findings"] if f["code"] == "probe.timeout"]
    assert len(hung) == 1, document["data"]["findings"]
    assert "import torch_npu" in hung[0]["message"]
    assert "no progress for 5 s" in hung[0]["message"]
    assert hung[0]["backend"] == "npu"
    assert "time.sleep" in hung[0]["evidence"] or "sleep" in hung[0]["evidence"]
    assert backend(document, "npu")["status"] == "error"
    assert backend(document, "npu")["note"].startswith("not probed")


def test_python_of_another_venv(tmp_path: Path) -> None:
    other = make_bare_venv(tmp_path / "other")
    result = run_hwdoctor("detect", "--json", "--python", str(tmp_path / "other"))
    document = result.json()
    assert document["data"]["python"]["executable"] == str(other)
    assert document["data"]["packages"]["torch"] is None
    assert "torch.missing" in codes(document)
    assert document["exit_code"] == 1
    assert backend(document, "cpu")["status"] != "ok"


def test_extension_whose_autoload_raises_breaks_torch(world: World) -> None:
    world.faulty("torch_npu", dist="torch-npu", behaviour="raise", autoload=True)
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    document = result.json()
    assert document["exit_code"] == 1
    findings = [f for f in document["data"]["findings"] if f["code"] == "torch.autoload_broken"]
    assert len(findings) == 1, document["data"]["findings"]
    message, remedy = findings[0]["message"], findings[0]["remedy"]
    assert "torch_npu" in message and "ImportError" in message
    assert "TORCH_DEVICE_BACKEND_AUTOLOAD=0" in remedy
    # With autoload off, torch itself works: cpu is still reported usable.
    assert document["data"]["autoload_disabled"] is True
    assert backend(document, "cpu")["status"] == "ok"


@pytest.mark.parametrize(
    ("behaviour", "signal_name"), [("segfault", "SIGSEGV"), ("abort", "SIGABRT")]
)
def test_crashing_extension(world: World, behaviour: str, signal_name: str) -> None:
    world.faulty("torch_mlu", dist="torch-mlu", behaviour=behaviour)
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    document = result.json()
    crashed = [f for f in document["data"]["findings"] if f["code"] == "probe.crashed"]
    assert len(crashed) == 1, document["data"]["findings"]
    assert signal_name in crashed[0]["message"]
    assert "import torch_mlu" in crashed[0]["message"]
    assert backend(document, "mlu")["status"] == "error"
    assert backend(document, "cpu")["status"] == "ok"


def test_extension_flooding_stdout_cannot_corrupt_json(world: World) -> None:
    world.faulty("torch_musa", dist="torch-musa", behaviour="flood")
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    document = result.json()  # stdout is exactly one JSON document
    assert backend(document, "cpu")["status"] == "ok"
    assert len(result.stdout) < 200_000


def test_extension_raising_on_import(world: World) -> None:
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="raise")
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    document = result.json()
    assert document["exit_code"] == 1
    failed = [f for f in document["data"]["findings"] if f["code"] == "extension.import_failed"]
    assert failed and failed[0]["backend"] == "mlu"
    assert backend(document, "mlu")["status"] == "fail"
    assert backend(document, "mlu")["importable"] is False


def test_gathered_facts_reach_the_checks(world: World) -> None:
    """What only a live run shows: the host scan, the probe and the package metadata produce
    the facts each check needs. (Every check's logic is unit-tested on evidence fixtures in
    tests/test_checks.py; this run proves the gathering feeds them.)"""
    world.pci("0000:17:00.0", "0x10de", "0x2b85", "0x030200")  # two RTX 5090s on the bus
    world.pci("0000:18:00.0", "0x10de", "0x2b85", "0x030200")
    world.patch_cuda(
        devices=(FakeDevice("NVIDIA GeForce RTX 5090", capability=(12, 0)),),
        arch_list=("sm_80", "sm_90"),
    )
    world.set_env(CUDA_VISIBLE_DEVICES="1")
    world.pci("0000:3b:00.0", "0x19e5", "0xd802", "0x120000").device_node("davinci0", "davinci1")
    world.privateuse1("mlu", module="torch_mlu", dist="torch-mlu", version="1.2.0",
                      requires=("torch==2.10.0",))  # fmt: skip
    document = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()
    found = {f["code"]: f for f in document["data"]["findings"]}
    assert "2 NVIDIA GPU device(s) present, 1 visible" in found["devices.hidden"]["message"]
    assert "sm_120" in found["device.arch_not_compiled"]["message"]
    assert backend(document, "cuda")["status"] == "fail"
    assert found["hardware.package_missing"]["backend"] == "npu"
    assert "pip install torch-npu" in found["hardware.package_missing"]["remedy"]
    assert backend(document, "npu")["hardware_present"]
    mismatch = found["extension.torch_mismatch"]["message"]
    assert "torch==2.10.0" in mismatch and "2.13.0" in mismatch
    assert document["exit_code"] == 1


def test_cpu_only_torch_on_a_gpu_host(world: World) -> None:
    world.pci("0000:17:00.0", "0x10de", "0x2330", "0x030200").device_node("nvidia0", "nvidiactl")
    document = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()
    found = [f for f in document["data"]["findings"] if f["code"] == "torch.cpu_only_build"]
    assert len(found) == 1 and found[0]["backend"] == "cuda"
    assert "CPU build" in found[0]["message"]
    assert backend(document, "cuda")["status"] == "warn"
    assert document["exit_code"] == 0  # a warning, not a failure


# 5,000 nines: a version too long for any integer conversion; the probe carries the line and
# hwdoctor.versions reports it as invalid.
@pytest.mark.parametrize("requirement", ["torch==2.*.*", "torch~= 2", "torch>=1." + "9" * 5000])
def test_an_extension_with_an_invalid_torch_requirement(world: World, requirement: str) -> None:
    """Requires-Dist lines pip refuses are reported as invalid, not as another torch."""
    world.privateuse1("mlu", module="torch_mlu", dist="torch-mlu", version="1.2.0",
                      requires=(requirement,))  # fmt: skip
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result  # a warning: the extension itself works
    found = {f["code"]: f for f in result.json()["data"]["findings"]}
    assert "extension.torch_mismatch" not in found
    invalid = found["extension.requirement_invalid"]
    assert invalid["severity"] == "warning" and invalid["backend"] == "mlu"
    assert invalid["message"].startswith("torch-mlu 1.2.0 declares the invalid requirement")
    assert backend(result.json(), "mlu")["status"] == "warn"


def test_an_extension_requirement_behind_an_extra_is_not_a_mismatch(world: World) -> None:
    # As safetensors-0.8.0 writes its torch extra: `torch>=2.4 ; extra == 'torch'`.
    older_python = f'python_version < "{sys.version_info[0]}.0"'
    requires = ("torch>=9.0 ; extra == 'torch'", f"torch==2.10.0; {older_python}")
    world.privateuse1(
        "mlu", module="torch_mlu", dist="torch-mlu", version="1.2.0", requires=requires
    )
    result = run_hwdoctor("detect", "--json", env=world.env(base_env()))
    assert result.returncode == 0, result
    assert not {"extension.torch_mismatch", "extension.requirement_invalid"} & set(
        codes(result.json())
    )


def test_an_empty_metadata_has_an_unknown_version(world: World, tmp_path: Path) -> None:
    world.privateuse1("mlu", module="torch_mlu", dist="torch-mlu", version="1.2.0")
    (world.site / "torch_mlu-1.2.0.dist-info" / "METADATA").write_text("", encoding="utf-8")
    result = evidence_of(world.env(base_env()), tmp_path / "e.json")
    assert result.returncode == 0, result
    assert backend(result.json(), "mlu")["version"] == "unknown"
    assert "None" not in run_hwdoctor("detect", "--from", str(tmp_path / "e.json")).stdout
