"""explain --model: the attention implementation and dtype from_pretrained() sets when not
told, predicted by the installed transformers' rule and proved with --verify on tiny models
built from configs (no download), at every version pair of the fidelity suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import World
from tests.test_fidelity import PAIRS, _python

# A real flash-attn import error of a build made for another torch (the message shape of
# Dao-AILab/flash-attention#1622 and fa1622-… in
# tests/data/reports_heldout_github_mixed_rtx50_flash_attn/).
FLASH_ERROR: Final = (
    "/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: "
    "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
)

# Tiny models of two classes: llama supports SDPA and flash attention (saved in bfloat16),
# GPT-Neo supports neither in any release the tables cover (saved in float16).
BUILD: Final = """
import sys, torch
from transformers import GPTNeoConfig, GPTNeoForCausalLM, LlamaConfig, LlamaForCausalLM
llama = LlamaConfig(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                    num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64)
LlamaForCausalLM(llama).to(torch.bfloat16).save_pretrained(sys.argv[1] + "/llama")
neo = GPTNeoConfig(vocab_size=32, hidden_size=16, num_layers=2, num_heads=2, window_size=8,
                   attention_types=[[["global", "local"], 1]], max_position_embeddings=64)
GPTNeoForCausalLM(neo).to(torch.float16).save_pretrained(sys.argv[1] + "/neo")
"""


@pytest.fixture(scope="session")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("models")
    subprocess.run([sys.executable, "-c", BUILD, str(root)], check=True, capture_output=True)
    return root


# model → (attention predicted, dtype from 5.0 on, the world's extra)
CASES: Final = {
    "llama": ("sdpa", "bfloat16"),
    "neo": ("eager", "float16"),
}


@pytest.mark.slow
@pytest.mark.parametrize("pair", list(PAIRS))
@pytest.mark.parametrize("name", list(CASES))
def test_attention_and_dtype_agree_with_the_loaded_model(
    name: str, pair: str, models: Path, tmp_path: Path
) -> None:
    world = World(tmp_path / "world")
    if name == "llama":  # flash-attn installed, but built for another torch
        world.broken_import("flash_attn", "flash-attn", "2.7.4.post1", FLASH_ERROR)
    result = run_hwdoctor("explain", "--model", str(models / name), "--verify", "--json",
                          *_python(pair), env=world.env(base_env()))  # fmt: skip
    data = result.json()["data"]
    verify = data["verify"]
    assert verify["problem"] is None and verify["mismatches"] == [], result
    actual = {item["name"]: item["actual"] for item in verify["items"]}
    attention, auto_dtype = CASES[name]
    # dtype="auto" by default from 5.0.0rc1
    chosen = PAIRS[pair]
    five = chosen is None or chosen.version("transformers").split(".")[0] >= "5"
    assert actual["model attn_implementation"] == data["model"]["attn_implementation"] == attention
    assert actual["model dtype"] == data["model"]["dtype"] == (auto_dtype if five else "float32")
    codes = [f["code"] for f in data["findings"]]
    if name == "llama":
        (flash,) = [f for f in data["findings"] if f["code"] == "explain.flash_attention_unusable"]
        assert "flash-attn 2.7.4.post1 is installed but does not import" in flash["message"]
        assert "undefined symbol" in flash["message"]
    else:
        assert "explain.flash_attention_unusable" not in codes


def test_a_model_that_cannot_be_read_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "config.json").write_text('{"model_type": "no-such-model"}')
    result = run_hwdoctor("explain", "--model", str(tmp_path / "bad"), "--json",
                          env=base_env())  # fmt: skip
    document = result.json()
    assert document["exit_code"] == 1
    (found,) = [f for f in document["data"]["findings"]
                if f["code"] == "explain.model_unreadable"]  # fmt: skip
    assert "no-such-model" in found["message"]
    missing = run_hwdoctor("explain", "--model", str(tmp_path / "nothing"), env=base_env())
    assert missing.returncode == 2 and "no such directory" in missing.stderr
