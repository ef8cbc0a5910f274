"""What the training device can do: compat/capabilities.py's rules on real GPUs, named as
torch.cuda.get_device_name() prints them and given their capability by NVIDIA's and AMD's
tables (compat/gpus.py); then end to end, against the real torch's own answers in fake
worlds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hwdoctor.compat import capabilities, gpus
from hwdoctor.compat.capabilities import Device, Level
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World

TRITON = {"triton": "3.5.0"}


def nvidia(name: str, torch: str = "2.13.0", **kwargs: object) -> Device:
    capability = gpus.nvidia_capability(name)
    assert capability, name
    return Device("cuda", capability, torch, python="3.11.7", platform="linux", **kwargs)  # type: ignore[arg-type]


def rocm(name: str, hip: str = "6.4.43482") -> Device:
    target = gpus.amd_gfx(name)
    assert target, name
    return Device("rocm", target, "2.13.0", hip_version=hip, python="3.11.7", platform="linux")


def levels(device: Device) -> dict[str, str]:
    return {a.name: a.level.value for a in capabilities.dtypes(device)}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Tesla P100-PCIE-16GB", {"bfloat16": "slow", "tf32": "no", "float8": "no"}),  # 6.0
        ("Tesla T4", {"bfloat16": "slow", "tf32": "no", "float8": "no"}),  # 7.5
        ("NVIDIA A100-SXM4-80GB", {"bfloat16": "yes", "tf32": "yes", "float8": "no"}),  # 8.0
        ("NVIDIA GeForce RTX 3090", {"bfloat16": "yes", "tf32": "yes", "float8": "no"}),  # 8.6
        ("NVIDIA L4", {"bfloat16": "yes", "tf32": "yes", "float8": "yes"}),  # 8.9
        ("NVIDIA H100 80GB HBM3", {"bfloat16": "yes", "tf32": "yes", "float8": "yes"}),  # 9.0
    ],
)
def test_nvidia_dtypes(name: str, expected: dict[str, str]) -> None:
    assert levels(nvidia(name)) == expected


def test_bfloat16_before_ampere_depends_on_the_torch_release() -> None:
    assert levels(nvidia("Tesla T4", torch="2.2.2"))["bfloat16"] == "no"  # no emulation yet
    assert levels(nvidia("Tesla T4", torch="2.3.0"))["bfloat16"] == "slow"
    assert levels(Device("cuda", None, "2.13.0"))["bfloat16"] == "unknown"


@pytest.mark.parametrize(
    ("name", "hip", "expected"),
    [
        ("AMD Instinct MI300X", "6.4.43482", {"tf32": "yes", "float8": "yes"}),
        ("AMD Instinct MI250X", "6.4.43482", {"tf32": "no", "float8": "no"}),
        ("AMD Radeon RX 7900 XTX", "6.4.43482", {"tf32": "no", "float8": "no"}),
        ("AMD Radeon RX 9070 XT", "6.2.41133", {"tf32": "no", "float8": "no"}),  # needs 6.3
        ("AMD Radeon RX 9070 XT", "6.4.43482", {"tf32": "no", "float8": "yes"}),
    ],
)
def test_rocm_dtypes(name: str, hip: str, expected: dict[str, str]) -> None:
    found = levels(rocm(name, hip))
    assert found.pop("bfloat16") == "yes"
    assert found == expected


def test_mps_bfloat16_needs_macos_14() -> None:
    assert levels(Device("mps", macos="13.6.1"))["bfloat16"] == "no"
    assert levels(Device("mps", macos="14.5"))["bfloat16"] == "yes"
    assert levels(Device("mps"))["bfloat16"] == "unknown"
    assert levels(Device("mps", macos="15.1"))["float8"] == "no"


def test_another_extension_answers_for_itself() -> None:
    assert levels(Device("npu", bf16_answer=False)) == {"bfloat16": "no"}
    assert levels(Device("npu", bf16_answer=True)) == {"bfloat16": "yes"}
    assert levels(Device("npu")) == {"bfloat16": "unknown"}


def test_torch_compile() -> None:
    def level(device: Device) -> Level:
        return capabilities.compile_support(device).level

    assert level(nvidia("NVIDIA L4", packages=TRITON)) is Level.YES
    assert level(nvidia("NVIDIA L4")) is Level.NO  # no Triton
    assert level(nvidia("Tesla P100-PCIE-16GB", packages=TRITON)) is Level.NO  # 6.0 < 7.0
    assert level(nvidia("Tesla V100-SXM2-16GB", packages=TRITON)) is Level.YES  # 7.0
    old = Device("cuda", "8.9", "2.3.1", python="3.12.4", platform="linux", packages=TRITON)
    assert level(old) is Level.NO  # Dynamo on Python 3.12 from torch 2.4
    windows = Device("cuda", "8.9", "2.4.1", python="3.11.9", platform="win32", packages=TRITON)
    assert level(windows) is Level.NO  # Inductor on Windows from torch 2.5


def test_flash_attention_2_needs_ampere() -> None:
    assert capabilities.flash_attention_2(nvidia("Tesla T4")) is not None
    assert capabilities.flash_attention_2(nvidia("NVIDIA A100-SXM4-80GB")) is None
    assert capabilities.flash_attention_2(Device("cpu")) is not None


def test_quantization_libraries_on_their_devices() -> None:
    def quant(device: Device) -> dict[str, str]:
        return {a.name: a.level.value for a in capabilities.quantization(device)}

    installed = {"bitsandbytes": "0.48.1", "torchao": "0.15.0", "autoawq": "0.2.9"}
    assert quant(nvidia("Tesla P100-PCIE-16GB", packages=installed)) == {
        "bitsandbytes": "slow", "torchao": "slow", "autoawq": "no"}  # fmt: skip
    assert quant(nvidia("NVIDIA H100 80GB HBM3", packages=installed)) == {
        "bitsandbytes": "yes", "torchao": "yes", "autoawq": "yes"}  # fmt: skip
    assert quant(Device("mps", packages={"bitsandbytes": "0.49.2"})) == {"bitsandbytes": "preview"}
    assert quant(Device("mps", packages={"bitsandbytes": "0.50.1"})) == {"bitsandbytes": "yes"}
    assert quant(Device("npu", packages={"bitsandbytes": "0.50.1"})) == {"bitsandbytes": "no"}
    assert quant(Device("cpu", packages={})) == {}


# In the fake world, what the real torch says of the same device. (Its emulated bfloat16
# answer makes a tensor on the device, which the CPU wheel's patched CUDA cannot hold.)
ASK = """
import json, torch
print(json.dumps({
    "bf16_native": torch.cuda.is_bf16_supported(including_emulation=False),
    "tf32": torch.cuda.is_tf32_supported(),
}))
"""


@pytest.mark.parametrize(
    ("gpu", "capability"),
    [("Tesla T4", (7, 5)), ("NVIDIA A100-SXM4-80GB", (8, 0)), ("NVIDIA H100 80GB HBM3", (9, 0))],
)
def test_explain_says_what_torch_says(
    gpu: str, capability: tuple[int, int], tmp_path: Path
) -> None:
    world = World(tmp_path / "world")
    world.patch_cuda(devices=(FakeDevice(gpu, 80 << 30, 79 << 30, capability=capability),))
    asked = world.run(ASK)
    assert asked.returncode == 0, asked.stderr
    real = json.loads(asked.stdout.strip().splitlines()[-1])
    result = run_hwdoctor("explain", "--json", env=world.env(base_env()))
    found = result.json()["data"]["capabilities"]
    assert found["device"] == "cuda:0"
    said = {a["name"]: a["level"] for a in found["dtypes"]}
    assert (said["bfloat16"] == "yes") == real["bf16_native"]
    assert (said["tf32"] == "yes") == real["tf32"]


def test_what_is_installed_is_judged_for_the_gpu(tmp_path: Path) -> None:
    """A T4 with Triton, bitsandbytes and flash-attn installed (importable): torch.compile
    works, bitsandbytes does, flash-attn 2 cannot (Turing), and explain --model says so."""
    world = World(tmp_path / "world")
    world.patch_cuda(devices=(FakeDevice("Tesla T4", 15 << 30, 14 << 30, capability=(7, 5)),))
    world.package("triton", "triton", "3.5.0", importable=False)  # metadata is what is read
    world.package("bitsandbytes", "bitsandbytes", "0.48.1")
    world.package("flash_attn", "flash-attn", "2.8.3")
    model = tmp_path / "model"
    model.mkdir()
    config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "vocab_size": 32,
              "hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 1,
              "num_attention_heads": 2, "num_key_value_heads": 2}  # fmt: skip
    (model / "config.json").write_text(json.dumps(config))
    evidence = str(tmp_path / "e.json")
    result = run_hwdoctor("explain", "--model", str(model), "--json", "--save-evidence", evidence,
                          env=world.env(base_env()))  # fmt: skip
    data = result.json()["data"]
    found = data["capabilities"]
    assert found["compile"]["level"] == "yes" and "triton 3.5.0" in found["compile"]["why"]
    assert [(a["name"], a["level"]) for a in found["quantization"]] == [("bitsandbytes", "yes")]
    (flash,) = [f for f in data["findings"] if f["code"] == "explain.flash_attention_unusable"]
    assert "Ampere" in flash["message"] and "7.5" in flash["message"]
    human = run_hwdoctor("explain", "--from", evidence)  # the same machine, read again
    said = " ".join(human.stdout.split())
    assert "dtypes on cuda:0 bfloat16 slow (compute capability 7.5 < 8.0" in said, human
    assert "torch.compile yes (triton 3.5.0, compute capability 7.5 >= 7.0)" in said
    assert "SDPA kernels slow (memory-efficient, math only on compute capability 7.5" in said
    assert "quantization yes (bitsandbytes 0.48.1: NVIDIA GPUs)" in said


def test_sdpa_kernels_by_compute_capability() -> None:
    t4 = capabilities.sdpa(nvidia("Tesla T4"))
    assert t4 is not None and t4.level is Level.SLOW
    assert t4.why.startswith("memory-efficient, math only on compute capability 7.5")
    old = capabilities.sdpa(nvidia("Tesla T4", torch="2.0.1"))  # flash from sm75 in 2.0
    assert old is not None and old.why.startswith("flash, memory-efficient, math only")
    a100 = capabilities.sdpa(nvidia("NVIDIA A100-SXM4-80GB", packages={"kernels": "0.10.0"}))
    assert a100 is not None and a100.level is Level.YES and "kernels 0.10.0" in a100.why
    assert capabilities.sdpa(Device("cpu")) is None  # no rule carried: nothing said


def test_remedies_are_commands_for_the_interpreter() -> None:
    # the rules name what closes the gap; the install chooser writes the line
    assert capabilities.compile_support(nvidia("NVIDIA L4")).needs == ("triton", "")
    old = Device("cuda", "8.9", "2.3.1", python="3.12.4", platform="linux", packages=TRITON)
    assert capabilities.compile_support(old).needs == ("torch", ">=2.4")
    (bnb,) = capabilities.quantization(Device("mps", packages={"bitsandbytes": "0.49.2"}))
    assert bnb.needs == ("bitsandbytes", ">=0.50")
    (fine,) = capabilities.quantization(Device("mps", packages={"bitsandbytes": "0.50.1"}))
    assert fine.needs is None and fine.remedy is None


def test_a_hostile_version_string_reaches_no_terminal(tmp_path: Path) -> None:
    """A distribution's version is another party's text: an OSC 52 sequence in it (which
    would set the clipboard) is shown escaped, never sent."""
    world = World(tmp_path / "world")
    world.patch_cuda(devices=(FakeDevice("Tesla T4", 15 << 30, 14 << 30, capability=(7, 5)),))
    world.package("bitsandbytes", "bitsandbytes", "0.48.1\x1b]52;c;ZXZpbA==\x07")
    result = run_hwdoctor("explain", env={**world.env(base_env()), "FORCE_COLOR": "1"})
    assert result.returncode in (0, 1), result
    assert "quantization" in result.stdout
    assert "\x1b]52" not in result.stdout and "\x07" not in result.stdout
    assert "bitsandbytes 0.48.1\\x1b]52;c;ZXZpbA==\\x07" in result.stdout  # shown, escaped


def test_this_machines_cpu_and_compiler_are_read_not_guessed(tmp_path: Path) -> None:
    """The CPU's bfloat16 and torch.compile's C++ compiler come from the target: torch's own
    ISA checks agree with /proc/cpuinfo's flags on this machine, and the compiler is the one
    Inductor would call ($CXX, else g++), found on PATH or named as missing."""
    flags = set()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("flags"):
                flags |= set(line.split(":", 1)[1].split())
    world = World(tmp_path / "world")
    data = run_hwdoctor("explain", "--json", env=world.env(base_env())).json()["data"]
    found = {a["name"]: a for a in data["capabilities"]["dtypes"]}
    if flags:
        native = bool(flags & {"avx512_bf16", "amx_tile"})
        assert found["bfloat16"]["level"] == ("yes" if native else "slow"), found
    compiler = data["capabilities"]["compile"]
    import shutil

    expected = shutil.which("g++")
    assert compiler["level"] == ("yes" if expected else "no"), compiler
    no_compiler = {**world.env(base_env()), "CXX": "no-such-c++"}
    missing = run_hwdoctor("explain", "--json", env=no_compiler).json()["data"]
    compiler = missing["capabilities"]["compile"]
    assert compiler["level"] == "no" and "no-such-c++, not on PATH" in compiler["why"]


@pytest.mark.parametrize(
    ("native", "level"), [(True, Level.YES), (False, Level.SLOW), (None, Level.UNKNOWN)]
)
def test_cpu_bfloat16_follows_torchs_isa_check(native: bool | None, level: Level) -> None:
    (_, bf16) = capabilities.dtypes(Device("cpu", cpu_bf16=native))
    assert bf16.level is level and bf16.source == "PT-CPU-BF16"
