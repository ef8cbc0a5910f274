"""`hwdoctor load --plan`: sizes from the checkpoint's headers, the KV cache, the fit.

The oracles are the real libraries: the checkpoint's bytes as safetensors reads them, the
KV cache as transformers fills it in a real forward pass over the same number of tokens,
and a Hub stand-in (tests/fakehub.py) that records what huggingface_hub asked for.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import fakehub
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World

CONTEXT, BATCH = 48, 3

# A bfloat16 Qwen3 in several shards, each larger than the first range huggingface_hub asks
# for (100,000 bytes); then what the real libraries say of it: each tensor's
# bytes as safetensors loads them, and the KV cache a forward pass over CONTEXT tokens x
# BATCH sequences leaves in transformers' DynamicCache.
BUILD = f"""
import glob, json, os, sys
import torch
from safetensors import safe_open
from transformers import DynamicCache, Qwen3Config, Qwen3ForCausalLM
folder = sys.argv[1]
torch.manual_seed(0)
config = Qwen3Config(vocab_size=1024, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, head_dim=64,
                     max_position_embeddings=64, tie_word_embeddings=False)
model = Qwen3ForCausalLM(config).to(torch.bfloat16)
model.save_pretrained(folder, max_shard_size="1MB")
shards = sorted(glob.glob(os.path.join(folder, "*.safetensors")))
stored = 0
for path in shards:
    with safe_open(path, framework="pt") as handle:
        for name in handle.keys():
            tensor = handle.get_tensor(name)
            stored += tensor.numel() * tensor.element_size()
cache = DynamicCache(config=config)
ids = torch.randint(0, 1024, ({BATCH}, {CONTEXT}))
with torch.no_grad():
    model(input_ids=ids, past_key_values=cache, use_cache=True)
kv = sum(t.numel() * t.element_size() for layer in cache.layers for t in (layer.keys, layer.values))
print(json.dumps({{"shards": len(shards), "stored": stored, "kv": kv}}))
"""


@pytest.fixture(scope="module")
def sharded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("models") / "tiny-qwen3-bf16"
    done = subprocess.run(
        [sys.executable, "-c", BUILD, str(folder)],
        check=True, capture_output=True, text=True, timeout=300, env=base_env(),
    )  # fmt: skip
    return folder, json.loads(done.stdout.strip().splitlines()[-1])


def _plan(*args: str, env: dict[str, str]) -> dict[str, Any]:
    result = run_hwdoctor("load", *args, "--plan", "--json", env=env)
    assert result.returncode == 0, result
    plan: dict[str, Any] = result.json()["data"]["plan"]
    return plan


@pytest.fixture(scope="module")
def cpu_sizes(
    sharded: tuple[Path, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """The sizes `load --plan -d cpu` gives the sharded checkpoint, for the budgets below."""
    folder, _ = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path_factory.mktemp("hf")), "HF_HUB_OFFLINE": "1"}
    fits: dict[str, Any] = _plan(str(folder), "-d", "cpu", env=env)["fits"]
    return fits


def test_a_local_checkpoint_is_sized_from_its_headers(
    sharded: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, real = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    plan = _plan(str(folder), "-d", "cpu", "--context", str(CONTEXT), "--batch", str(BATCH),
                 env=env)  # fmt: skip
    checkpoint = plan["checkpoint"]
    assert checkpoint["source"] == "local"
    assert real["shards"] > 1 and checkpoint["files"] == real["shards"]
    assert checkpoint["bytes"] == real["stored"]
    assert set(checkpoint["by_dtype"]) == {"BF16"}
    assert plan["dtype"] == "bfloat16"  # transformers 5's dtype="auto": the config's
    fits = plan["fits"]
    assert fits["weights"] == real["stored"]
    # The KV cache transformers really filled for CONTEXT tokens x BATCH sequences.
    assert fits["kv_cache"] == real["kv"]
    assert (fits["context"], fits["batch"]) == (CONTEXT, BATCH)
    assert fits["verdict"] == "fits" and fits["fits"] is True


def test_a_hub_checkpoint_is_read_by_range_requests_only(
    sharded: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """Online: config.json and the index are fetched, each shard only by its first bytes;
    then offline, with the same cache, nothing is asked and the sizes say why they are
    estimates."""
    folder, real = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_DISABLE_XET": "1"}
    env.pop("HF_HUB_OFFLINE", None)
    with fakehub.serving({"tiny-org/tiny-qwen3": folder}) as hub:
        env["HF_ENDPOINT"] = hub.endpoint
        plan = _plan("tiny-org/tiny-qwen3", "-d", "cpu", env=env)
        asked = list(hub.requests)
        offline = _plan("tiny-org/tiny-qwen3", "-d", "cpu", env={**env, "HF_HUB_OFFLINE": "1"})
        assert hub.requests == asked  # offline: the Hub was not asked again
    checkpoint = plan["checkpoint"]
    assert checkpoint["source"] == "hub"
    assert checkpoint["bytes"] == real["stored"] and checkpoint["files"] == real["shards"]
    shard_gets = [r for r in asked if r.method == "GET" and r.path.endswith(".safetensors")]
    assert len(shard_gets) == real["shards"]
    assert all(r.range and r.range.startswith("bytes=0-") for r in shard_gets), shard_gets
    sizes = {p.name: p.stat().st_size for p in folder.glob("*.safetensors")}
    for request in shard_gets:
        assert request.sent < sizes[request.path.rsplit("/", 1)[-1]]  # never the whole file
    assert offline["checkpoint"] == {
        "source": None, "problem": "not in the local cache and downloads are off"
    }  # fmt: skip
    assert offline["fits"]["weights"] == plan["parameters"] * 2  # bfloat16, from the count


def test_a_device_too_small_gets_a_verdict_and_a_smaller_dtype(
    sharded: tuple[Path, dict[str, Any]], cpu_sizes: dict[str, Any], tmp_path: Path
) -> None:
    folder, _ = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    full = cpu_sizes
    # Memory for the int8 weights (half of bfloat16's; the KV cache stays 16-bit) and the
    # rest, but not for bfloat16's.
    memory = full["total"] - full["weights"] // 2 + 64
    result = run_hwdoctor("load", str(folder), "--plan", "-d", "cpu", "--memory",
                          f"{memory}B", env=env)  # fmt: skip
    assert result.returncode == 0, result
    said = " ".join(result.stdout.split())  # as read, whatever the terminal's width
    assert "does not fit on cpu" in said and "; in int8 it would fit" in said
    plan = _plan(str(folder), "-d", "cpu", "--memory", f"{memory}B", env=env)
    assert plan["fits"]["verdict"] == "does_not_fit" and plan["fits"]["smaller"] == "int8"


def test_offloading_to_the_cpu_is_a_verdict_of_its_own(
    sharded: tuple[Path, dict[str, Any]], cpu_sizes: dict[str, Any], tmp_path: Path, world: World
) -> None:
    """An accelerator with room for the KV cache and the working memory but not for all the
    weights: Accelerate can keep the rest in host RAM."""
    folder, _ = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    sizes = cpu_sizes
    free = sizes["kv_cache"] + sizes["working"] + sizes["weights"] // 2
    world.privateuse1("npu", devices=(FakeDevice("Ascend910B3", 64 << 30, free),))
    (world.host / "proc").mkdir(parents=True, exist_ok=True)
    shutil.copy("/proc/meminfo", world.host / "proc" / "meminfo")  # this machine's host RAM
    plan = _plan(str(folder), "-d", "npu:0", env=world.env(env))
    assert plan["fits"]["free"] == free
    assert plan["fits"]["verdict"] == "fits_with_cpu_offload"
    assert plan["fits"]["fits"] is False


@pytest.mark.parametrize("option", ["--context", "--batch"])
def test_plan_options_without_plan_are_usage_errors(option: str, tmp_path: Path) -> None:
    result = run_hwdoctor("load", "--device", "cpu", option, "8", env=base_env())
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"hwdoctor: error: {option} goes with --plan (hwdoctor load MODEL --plan {option} 8)"
    )


def test_explain_model_sizes_the_model_for_the_training_device(
    sharded: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, real = sharded
    env = {**base_env(), "HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    result = run_hwdoctor("explain", "--model", str(folder), "--context", str(CONTEXT),
                          "--batch", str(BATCH), "--json", env=env)  # fmt: skip
    assert result.returncode == 0, result
    memory = result.json()["data"]["model"]["memory"]
    assert memory["device"] == "cpu" and memory["problem"] is None
    assert (memory["weights"], memory["kv_cache"]) == (real["stored"], real["kv"])
    assert memory["verdict"] == "fits"
    human = run_hwdoctor("explain", "--model", str(folder), env=env)
    assert "memory fits on cpu: needs" in " ".join(human.stdout.split()), human
