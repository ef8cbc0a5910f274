"""`hwdoctor explain` and `hwdoctor explain DEVICE`, on this machine and in fake worlds."""

from __future__ import annotations

from pathlib import Path

import pytest

from hwdoctor import devices
from hwdoctor.errors import UsageError
from hwdoctor.rules import provenance
from tests.conftest import base_env, codes, evidence_of, run_hwdoctor
from tests.fakeworld import FakeDevice, World

ASCEND = FakeDevice("Ascend910B3", 64 << 30, 60 << 30)


def test_json_contract_on_this_machine() -> None:
    result = run_hwdoctor("explain", "--json")
    assert result.returncode == 0, result
    data = result.json()["data"]
    training = data["training"]
    assert (training["device"], training["n_gpu"], training["parallel_mode"]) == (
        "cpu",
        0,
        "not_parallel",
    )
    assert {"check", "observed", "outcome"} <= set(training["steps"][0])
    taken = [step for step in training["steps"] if step["outcome"] == "taken"]
    assert [step["name"] for step in taken] == ["fallback"]
    assert data["accelerate"]["device"] == "cpu"
    inference = data["inference"]
    assert inference["from_pretrained"] == "cpu"
    assert inference["device_map_auto"]["devices"] == ["cpu"]
    assert inference["device_map_auto"]["fallback_to_cpu"] is False
    assert inference["pipeline"]["device"] == "cpu"
    assert data["verify"] == {
        "ran": False,
        "agree": None,
        "items": [],
        "mismatches": [],
        "problem": None,
    }
    # The ranges run from the oldest minor read to the minor after the newest one read, as
    # provenance.json records them (make refresh moves the upper end).
    read = provenance.libraries()
    upper = {name: read[name].newest.split(".") for name in ("transformers", "accelerate")}
    assert data["supported"] == {
        name: f">={'.'.join(read[name].oldest.split('.')[:2])},<{major}.{int(minor) + 1}"
        for name, (major, minor, *_) in upper.items()
    }
    assert data["basis"] == "predicted"


def test_human_output_answers_first_and_shows_the_chain_with_verbose(
    world: World, tmp_path: Path
) -> None:
    world.privateuse1("npu", devices=(ASCEND, ASCEND))
    evidence = str(tmp_path / "e.json")
    result = run_hwdoctor("explain", "--save-evidence", evidence, env=world.env(base_env()))
    assert result.returncode == 0, result
    first, answer = result.stdout.split("\n", 1)  # which interpreter, and why; the answer
    assert first.startswith("Diagnosing ") and first.endswith(": the Python hwdoctor runs in.")
    assert answer.startswith("Training will use npu:0; inference loads on cpu unless you ")
    assert "is_torch_npu_available()" not in result.stdout  # the checks only with --verbose
    assert 'device_map="auto"  npu:0 (60 GiB), npu:1 (60 GiB)' in result.stdout
    result = run_hwdoctor("explain", "--verbose", "--from", evidence)
    out = result.stdout
    assert "TrainingArguments(...).device → npu:0" in out
    assert "is_torch_npu_available() = True (2 devices) → npu:0" in out
    assert "PartialState().device → npu" in out
    assert "is_torch_mps_available(), is_torch_xpu_available()" in out  # folded skips
    assert "pipeline(...) without device" in out


def test_verify_agrees_on_this_machine() -> None:
    document = run_hwdoctor("explain", "--verify", "--json").json()
    verify = document["data"]["verify"]
    assert verify["ran"] and verify["agree"] and verify["mismatches"] == []
    assert len(verify["items"]) == 6
    assert document["exit_code"] == 0


def test_explain_neuron_on_this_machine(here: str) -> None:
    result = run_hwdoctor("explain", "neuron")
    assert result.returncode == 0, result
    out = " ".join(result.stdout.split())  # unwrap the terminal layout
    out = out.split("the Python hwdoctor runs in. ", 1)[1]  # after which interpreter, and why
    assert out.startswith(
        "neuron is not usable here: no AWS Neuron hardware found; torch-neuronx is not "
        "installed. Usable here: cpu."
    )
    assert "1. AWS Neuron hardware: none found here." in out
    assert "2. torch-neuronx, in this interpreter:" in out
    assert "not here: TrainingArguments picks cpu on this machine" in out
    # accelerate 1.16 budgets torch's current accelerator, Neuron included
    assert 'yes: device_map="auto" budgets memory on it with accelerate 1.16.0' in out
    assert 'Once usable, pass AutoModelForCausalLM.from_pretrained(..., device_map="neuron")' in out
    data = run_hwdoctor("explain", "neuron", "--json", "--from", here).json()["data"]
    (row,) = data["rows"]
    assert (row["installed"], row["hardware_present"], row["usable"]) == (False, False, False)
    assert data["device_map_auto"] is True
    assert data["training"]["device_now"] == "cpu"
    assert "NEURON_RT_VISIBLE_CORES" in row["visibility_env"]


def test_explain_cuda_covers_nvidia_and_amd(here: str) -> None:
    data = run_hwdoctor("explain", "cuda", "--json", "--from", here).json()["data"]
    assert [row["key"] for row in data["rows"]] == ["cuda", "rocm"]
    missing = [row["missing"] for row in data["rows"]]
    assert missing == [
        ["torch is a CPU build, not a CUDA one", "no NVIDIA GPU hardware found"],
        ["torch is a CPU build, not a ROCm one", "no AMD GPU hardware found"],
    ]


def test_explain_npu_index_beyond_the_devices(world: World, tmp_path: Path) -> None:
    world.privateuse1("npu", devices=(ASCEND, ASCEND))
    evidence_of(world.env(base_env()), tmp_path / "e.json")
    data = run_hwdoctor("explain", "npu:3", "--json", "--from", str(tmp_path / "e.json")).json()[
        "data"
    ]
    assert data["usable"] is False
    assert "there is no npu:3: 2 device(s) visible" in data["rows"][0]["missing"][0]
    data = run_hwdoctor("explain", "npu:1", "--json", "--from", str(tmp_path / "e.json")).json()[
        "data"
    ]
    assert data["usable"] is True and data["training"]["device_now"] == "npu:0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cdua", "did you mean 'cuda'?"),
        ("nueron", "did you mean 'neuron'?"),
        ("cuda:-1", "invalid device index"),
        ("cuda:01", "invalid device index"),
        ("cuda:x", "invalid device index"),
        ("CUDA", "invalid device string"),
        ("cuda:1;rm -rf /", "invalid device index"),
        ("", "invalid device string"),
    ],
)
def test_bad_device_strings(text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        devices.parse(text)
    assert message in caught.value.message


def test_explain_unknown_device_exits_2() -> None:
    result = run_hwdoctor("explain", "cdua")
    assert result.returncode == 2
    assert result.stderr.startswith("hwdoctor: error: unknown device type 'cdua'")
    assert "did you mean 'cuda'?" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_device_strings_parse() -> None:
    assert devices.parse("npu:1") == devices.DeviceRequest("npu:1", "npu", 1)
    assert devices.parse("auto", strategies=True).is_strategy
    with pytest.raises(UsageError):
        devices.parse("auto")


# --- findings that only explain makes ----------------------------------------------------


def explain_codes(world: World, *args: str) -> list[str]:
    return codes(run_hwdoctor("explain", "--json", *args, env=world.env(base_env())).json())


def test_probe_facts_reach_the_explain_checks(world: World) -> None:
    """What only a live run shows: the autoload flag, the environment and the library
    versions the probe reads reach the explain checks (their logic is unit-tested in
    tests/test_checks.py, their predictions against the real libraries in test_fidelity)."""
    world.patch_cuda().set_env(ACCELERATE_USE_CPU="1")
    world.privateuse1("neuron", module="torch_neuronx", dist="torch-neuronx", autoload=False)
    found = explain_codes(world)
    assert "explain.accelerate_use_cpu_half_honoured" in found
    assert "explain.extension_not_autoloaded" in found


def test_invalid_accelerate_use_cpu_makes_training_raise(world: World) -> None:
    world.set_env(ACCELERATE_USE_CPU="maybe")
    document = run_hwdoctor("explain", "--verify", "--json", env=world.env(base_env())).json()
    assert "explain.training_raises" in codes(document)
    assert document["data"]["training"]["device"] is None
    assert document["data"]["verify"]["agree"] is True  # the real one raises too
    assert document["exit_code"] == 1


def test_golden_explain(world: World, golden) -> None:
    from tests.test_golden import normalise

    world.privateuse1("npu", devices=(ASCEND, ASCEND)).patch_cuda()
    result = run_hwdoctor("explain", env=world.env(base_env()))
    golden("explain-npu-cuda.txt", normalise(result.stdout))
