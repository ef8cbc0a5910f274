"""`hwdoctor load`: real transformers, tiny models built by the tests, never the network."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World

TINY_QWEN3 = """
import sys
from transformers import Qwen3Config, Qwen3ForCausalLM
config = Qwen3Config(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, head_dim=8,
                     max_position_embeddings=64)
Qwen3ForCausalLM(config).save_pretrained(sys.argv[1])
"""
TINY_BERT = """
import sys
from transformers import BertConfig, BertModel
BertModel(BertConfig(vocab_size=64, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=32)).save_pretrained(sys.argv[1])
"""


def build(script: str, directory: Path) -> Path:
    subprocess.run(
        [sys.executable, "-c", script, str(directory)], check=True, timeout=180, env=base_env()
    )
    return directory


@pytest.fixture(scope="session")
def tiny_qwen3(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TINY_QWEN3, tmp_path_factory.mktemp("models") / "tiny-qwen3")


def offline_env(tmp_path: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """No network and an empty Hugging Face cache, whatever this machine has."""
    env = dict(env or base_env())
    env.update(HF_HOME=str(tmp_path / "hf-home"), HF_HUB_OFFLINE="1")
    return env


def check_default_tiny_model_on_cpu(data: dict[str, Any]) -> None:
    """What `load --device cpu --json` says of the embedded tiny model; the run is
    tests/test_no_network.py's, where it also opens no socket and leaves no file."""
    assert data["ok"] and data["problem"] is None
    assert data["model"] == "tiny Qwen3 (embedded)"
    assert [row["device"] for row in data["placement"]] == ["cpu"]
    assert data["placement"][0]["parameters"] == data["parameters"] > 0
    assert data["model_class"] == "Qwen3ForCausalLM"
    assert data["generate"]["tokens"] == 8
    assert data["generate"]["tokens_per_second"] > 0
    assert data["forward"]["output_shape"] == [1, 8, 512]
    assert data["peak_memory"]["cpu"] > 0
    assert data["load_seconds"] >= 0


def test_default_tiny_model_human_output(tmp_path: Path) -> None:
    env = {**offline_env(tmp_path), "COLUMNS": "80"}
    result = run_hwdoctor("load", "--device", "cpu", "--max-new-tokens", "4", env=env)
    assert result.returncode == 0, result
    assert "tiny Qwen3 (embedded) on cpu" in result.stdout
    assert "generate 4 tokens in" in result.stdout and "tokens/s" in result.stdout
    assert "Loading weights" not in result.stdout  # progress never on stdout
    # Readable at 80 columns: only a command may run past the edge, whole.
    too_long = [
        line
        for line in result.stdout.splitlines()
        if len(line) > 80 and not line.lstrip().startswith(("/", "'", "#", "~"))
    ]
    assert not too_long, result


def test_local_directory_with_device_map_auto(tiny_qwen3: Path, tmp_path: Path) -> None:
    result = run_hwdoctor("load", str(tiny_qwen3), "--device", "auto", "--json",
                          env=offline_env(tmp_path))  # fmt: skip
    assert result.returncode == 0, result
    document = result.json()
    assert document["command"] == "load" and document["exit_code"] == 0
    data = document["data"]
    assert data["model"] == str(tiny_qwen3)
    assert data["device"] == "auto"
    assert [row["device"] for row in data["placement"]] == ["cpu"]
    assert data["generate"]["tokens"] == 8


def test_encoder_models_get_a_forward_pass_only(tmp_path: Path) -> None:
    bert = build(TINY_BERT, tmp_path / "bert")
    data = run_hwdoctor("load", str(bert), "-d", "cpu", "--json", env=offline_env(tmp_path)).json()
    assert data["data"]["ok"], data
    assert data["data"]["model_class"] == "BertModel"  # the checkpoint's own class
    assert data["data"]["forward"]["output_shape"] == [1, 8, 16]
    assert data["data"]["generate"] is None


def test_neuron_is_not_usable_here(tiny_qwen3: Path, tmp_path: Path) -> None:
    result = run_hwdoctor("load", str(tiny_qwen3), "--device", "neuron", env=offline_env(tmp_path))
    assert result.returncode == 1, result
    text = " ".join(result.stdout.split())
    assert "torch-neuronx is not installed" in text
    assert "no AWS Neuron found" in text
    assert "pip install --extra-index-url https://pip.repos.neuron.amazonaws.com" in text
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("device", "message"),
    [
        ("cdua", "did you mean 'cuda'?"),
        ("cuda:-1", "invalid device index"),
        ("cuda:1;rm -rf /", "invalid device index"),
        ("cuda:01", "invalid device index"),
        ("Auto", "invalid device string"),
    ],
)
def test_bad_device_strings_exit_2(device: str, message: str, tmp_path: Path) -> None:
    result = run_hwdoctor("load", "--device", device, env=offline_env(tmp_path))
    assert result.returncode == 2, result
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("model", "said"),
    [
        ("../no/such/dir", "no such directory"),  # written as a path: judged as one
        ("not a model id", "neither a directory here nor a Hub model id"),
        ("a/b/c/d", "neither a directory here nor a Hub model id"),
        ("x" * 300, "neither a directory here nor a Hub model id"),
    ],
)
def test_bad_model_arguments_exit_2(model: str, said: str, tmp_path: Path) -> None:
    result = run_hwdoctor("load", model, env=offline_env(tmp_path))
    assert result.returncode == 2, result
    assert said in result.stderr


def test_offline_and_not_cached(tmp_path: Path) -> None:
    env = offline_env(tmp_path)
    env.pop("HF_HUB_OFFLINE")
    result = run_hwdoctor("load", "Qwen/Qwen3-0.6B", "--offline", "--json", env=env)
    assert result.returncode == 1, result
    problem = result.json()["data"]["problem"]
    assert problem["kind"] == "not_cached"
    assert "not in the local cache" in problem["message"]
    assert "hf download Qwen/Qwen3-0.6B" in problem["remedy"]


def test_fake_npu_gets_the_model_and_runs_it(
    tiny_qwen3: Path, world: World, tmp_path: Path
) -> None:
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3", 64 << 30, 60 << 30),) * 2)
    env = offline_env(tmp_path, world.env(base_env()))
    data = run_hwdoctor("load", str(tiny_qwen3), "-d", "npu:1", "--json", env=env).json()["data"]
    assert data["ok"], data
    assert [row["device"] for row in data["placement"]] == ["npu:1"]
    assert data["forward"]["output_device"] == "npu:1"
    assert data["generate"]["tokens"] == 8
    # Without --device: the device training would pick.
    data = run_hwdoctor("load", str(tiny_qwen3), "--json", env=env).json()["data"]
    assert data["device"] == "npu:0"
    assert [row["device"] for row in data["placement"]] == ["npu:0"]
    # An index beyond the devices is not usable here: exit 1, nothing loaded.
    result = run_hwdoctor("load", str(tiny_qwen3), "-d", "npu:2", "--json", env=env)
    assert result.returncode == 1
    assert "there is no npu:2: 2 device(s) visible" in result.json()["data"]["problem"]["message"]


def test_auto_on_neuron_is_budgeted_from_accelerate_1_16(
    tiny_qwen3: Path, world: World, tmp_path: Path
) -> None:
    """accelerate 1.16 budgets torch's current accelerator, a Neuron one included: the model
    lands there; 1.15 never budgets Neuron devices and falls back to the CPU, which hwdoctor
    says, with the device string to pass instead."""
    from tests.test_fidelity import _python

    world.privateuse1("neuron", module="torch_neuronx", dist="torch-neuronx")
    env = offline_env(tmp_path, world.env(base_env()))
    data = run_hwdoctor("load", str(tiny_qwen3), "-d", "auto", "--json", env=env).json()["data"]
    assert [row["device"] for row in data["placement"]] == ["neuron:0", "neuron:1"]
    assert [finding["code"] for finding in data["findings"]] == []
    older = run_hwdoctor("load", str(tiny_qwen3), "-d", "auto", "--json",
                         *_python("tf5.24-acc1.15"), env=env).json()["data"]  # fmt: skip
    assert [row["device"] for row in older["placement"]] == ["cpu"]
    codes = [finding["code"] for finding in older["findings"]]
    assert codes == ["explain.auto_falls_back_to_cpu"]
    assert "--device neuron" in older["findings"][0]["remedy"]


def remote_code_model(directory: Path, body: str) -> Path:
    """A model whose own code (auto_map) runs `body` when the model is built."""
    directory.mkdir(parents=True)
    (directory / "config.json").write_text(json.dumps({
        "model_type": "hwdoctor-test", "architectures": ["Broken"],
        "auto_map": {"AutoConfig": "modeling_broken.BrokenConfig",
                     "AutoModelForCausalLM": "modeling_broken.Broken"},
    }))  # fmt: skip
    # An empty safetensors file: an 8-byte header length, then the header.
    header = b'{"__metadata__":{"format":"pt"}}'
    (directory / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header)
    (directory / "modeling_broken.py").write_text(
        textwrap.dedent(f"""
        import os, signal, time
        from transformers import PretrainedConfig, PreTrainedModel
        class BrokenConfig(PretrainedConfig):
            model_type = "hwdoctor-test"
        class Broken(PreTrainedModel):
            config_class = BrokenConfig
            def __init__(self, config):
                super().__init__(config)
                {body}
    """)
    )
    return directory


def test_remote_code_needs_the_flag(tmp_path: Path) -> None:
    model = remote_code_model(tmp_path / "custom", "pass")
    data = run_hwdoctor("load", str(model), "-d", "cpu", "--json", env=offline_env(tmp_path)).json()
    assert data["exit_code"] == 1
    assert data["data"]["problem"]["kind"] == "remote_code"
    assert "--trust-remote-code" in data["data"]["problem"]["remedy"]
    # A local directory ships its code itself: nothing comes "from the Hub".
    assert "from the Hub" not in data["data"]["problem"]["message"]
    assert f"shipped in {model}" in data["data"]["problem"]["message"], data["data"]["problem"]
    assert "in its directory" in data["data"]["problem"]["remedy"]


def test_a_crash_while_loading_is_reported(tmp_path: Path) -> None:
    model = remote_code_model(tmp_path / "crash", "os.kill(os.getpid(), signal.SIGSEGV)")
    args = ("load", str(model), "-d", "cpu", "--trust-remote-code", "--json")
    data = run_hwdoctor(*args, env=offline_env(tmp_path)).json()
    problem = data["data"]["problem"]
    assert problem["kind"] == "crash" and "SIGSEGV" in problem["message"]
    assert problem["stage"] == "load"


def test_a_hang_while_loading_is_reported(tmp_path: Path) -> None:
    model = remote_code_model(tmp_path / "hang", "time.sleep(10**6)")
    args = ("load", str(model), "-d", "cpu", "--trust-remote-code", "--timeout", "5", "--json")
    data = run_hwdoctor(*args, env=offline_env(tmp_path)).json()
    problem = data["data"]["problem"]
    assert problem["kind"] == "hang" and problem["stage"] == "load"
    assert "time.sleep" in problem["evidence"] or "modeling_broken" in problem["evidence"]


def test_plan(tiny_qwen3: Path, tmp_path: Path) -> None:
    data = run_hwdoctor("load", str(tiny_qwen3), "--plan", "-d", "cpu", "--json",
                        env=offline_env(tmp_path)).json()["data"]  # fmt: skip
    plan = data["plan"]
    assert data["placement"] == []  # no weights were loaded
    assert plan["parameters"] > 0
    assert plan["bytes_by_dtype"]["float32"] == 2 * plan["bytes_by_dtype"]["bfloat16"]
    assert plan["fits"]["fits"] is True
    assert set(plan["auto_device_map"].values()) == {"cpu"}


def test_plan_says_when_it_does_not_fit(tiny_qwen3: Path, world: World, tmp_path: Path) -> None:
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3", 64 << 30, 1024),))
    env = offline_env(tmp_path, world.env(base_env()))
    data = run_hwdoctor("load", str(tiny_qwen3), "--plan", "-d", "npu:0", "--json", env=env).json()
    fits = data["data"]["plan"]["fits"]
    assert {key: fits[key] for key in ("free", "fits", "given", "device_here", "verdict")} == {
        "free": 1024,
        "fits": False,
        "given": False,
        "device_here": True,
        "verdict": "does_not_fit",
    }
    assert fits["needed"] > 1024 and fits["total"] > fits["needed"]


# An auto-loaded extension that writes a fact of its own onto the probe's channel while
# torch is imported: a `plan` whose parameter count is a word (load does not plan, so the
# payload never sends one of its own).
FORGED_PLAN = """
import json, sys


def _autoload():
    channel = json.loads(sys.argv[1])["channel"]
    with open(channel, "a") as stream:
        stream.write("\\n" + json.dumps({"e": "fact", "key": "plan",
                                         "value": {"parameters": "lots"}}) + "\\n")
"""


def test_a_malformed_load_fact_is_left_out_and_reported(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "forger").mkdir(parents=True)  # no vendor's name: the libraries ignore it
    (site / "forger" / "__init__.py").write_text(FORGED_PLAN)
    info = site / "forger-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: forger\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[torch.backends]\nx = forger:_autoload\n")
    env = {**offline_env(tmp_path), "PYTHONPATH": str(site)}
    result = run_hwdoctor("load", "--device", "cpu", "--json", env=env)
    data = result.json()["data"]
    malformed = [f for f in data["findings"] if f["code"] == "probe.malformed"]
    assert malformed and "plan parameters: 'lots'" in malformed[0]["message"], data["findings"]
    assert data["plan"] is None  # not believed
    assert data["generate"]["tokens"] == 8  # the load itself still ran and was reported
