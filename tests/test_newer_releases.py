"""A library release newer than hwdoctor's decision tables: predicted with the newest rows,
said so in one line, confirmed by the real libraries where explain runs live, and shown as
their answers (with a finding) where they disagree. Nothing is refused.

The dev venv has accelerate 1.16.0. A copy of hwdoctor whose provenance.json says its tables
were read up to accelerate 1.15.0 (or transformers 5.23.0) is hwdoctor the week before that
release: the installed release is newer than its tables, and the rows written for it wait.
Both run the real torch, accelerate and transformers against fake worlds.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from packaging.version import Version

from tests.conftest import ROOT, Result, base_env, run_hwdoctor
from tests.fakeworld import World
from tests.test_explain_model import models  # noqa: F401 - the tiny models fixture
from tests.test_fidelity import MPS, npu


def stale_copy(tmp_path: Path, library: str, newest: str) -> Path:
    """A checkout of hwdoctor whose tables were read up to `library` `newest` only."""
    root = tmp_path / "checkout"
    shutil.copytree(ROOT / "hwdoctor", root / "hwdoctor",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    data = root / "hwdoctor" / "rules" / "provenance.json"
    provenance = json.loads(data.read_text(encoding="utf-8"))
    entry = provenance["libraries"][library]
    entry["newest"] = newest
    entry["verified"] = [v for v in entry["verified"] if Version(v["release"]) <= Version(newest)]
    data.write_text(json.dumps(provenance), encoding="utf-8")
    return root


def run_in(copy: Path, world: World, *args: str) -> Result:
    return run_hwdoctor(*args, env=world.env(base_env()), cwd=copy)


@pytest.mark.slow
def test_a_newer_accelerate_is_predicted_and_confirmed_here(tmp_path: Path) -> None:
    copy = stale_copy(tmp_path, "accelerate", "1.15.0")
    world = World(tmp_path / "world")
    human = run_in(copy, world, "explain")
    assert human.returncode == 0, human
    assert (
        "Predicted with accelerate 1.15's rules (accelerate 1.16.0 is newer than hwdoctor's "
        "tables), and confirmed here by the real libraries."
    ) in " ".join(human.stdout.split())
    assert "Observed" not in human.stdout
    data = run_in(copy, world, "explain", "--verify", "--json").json()["data"]
    assert data["basis"] == "predicted" and data["confirmed"] is True
    assert data["tables"]["accelerate"]["standing"] == "newer"
    assert data["tables"]["transformers"]["standing"] == "covered"
    assert data["verify"]["ran"] is True and data["verify"]["agree"] is True
    assert [f["code"] for f in data["findings"] if f["code"].startswith("explain.")] == [
        "explain.tables_newer"
    ]
    # the steps behind each answer are the newest rows', not one observed step
    assert [s["name"] for s in data["accelerate"]["steps"]][:2] == ["ACCELERATE_TORCH_DEVICE",
                                                                    "xla"]  # fmt: skip


@pytest.mark.slow
def test_where_the_newer_release_changed_a_rule_its_answers_are_shown(tmp_path: Path) -> None:
    """accelerate 1.16 follows torch's current accelerator (a PrivateUse1 npu before mps);
    1.15's rules say mps. The real answer is shown, and the tables are named stale."""
    copy = stale_copy(tmp_path, "accelerate", "1.15.0")
    world = World(tmp_path / "world")
    MPS(world)
    npu()(world)
    result = run_in(copy, world, "explain", "--json")
    data = result.json()["data"]
    assert data["basis"] == "observed" and data["confirmed"] is False
    assert data["accelerate"]["device"] == "npu"  # what the real PartialState() returned
    (stale,) = [f for f in data["findings"] if f["code"] == "explain.tables_stale"]
    assert "PartialState().device predicted mps, returned npu" in stale["message"]
    assert stale["severity"] == "warning"
    # the current tables, read up to 1.16.0, predict it: the same world, no finding
    current = run_hwdoctor("explain", "--json", env=world.env(base_env())).json()["data"]
    assert current["basis"] == "predicted" and current["accelerate"]["device"] == "npu"
    assert not [f for f in current["findings"] if f["code"].startswith("explain.tables")]


@pytest.mark.slow
def test_saved_evidence_of_a_newer_release_replays_predicted_and_flagged(tmp_path: Path) -> None:
    copy = stale_copy(tmp_path, "accelerate", "1.15.0")
    world = World(tmp_path / "world")
    saved = tmp_path / "e.json"
    assert run_in(copy, world, "detect", "--save-evidence", str(saved)).returncode == 0
    replay = run_in(copy, World(tmp_path / "elsewhere"), "explain", "--from", str(saved))
    assert replay.returncode == 0, replay
    said = " ".join(replay.stdout.split())
    assert said.startswith("Training will use cpu")
    assert "(accelerate 1.16.0 is newer than hwdoctor's tables); not confirmed" in said
    assert "hwdoctor explain --verify --save-evidence hwdoctor-evidence.json" in said
    # explain's own evidence carries the real answers: it replays confirmed, where they ran
    answered = tmp_path / "answered.json"
    run_in(copy, world, "explain", "--save-evidence", str(answered))
    replay = run_in(copy, World(tmp_path / "third"), "explain", "--from", str(answered))
    assert "and confirmed on the machine the evidence came from" in " ".join(replay.stdout.split())


@pytest.mark.slow
def test_explain_device_of_a_newer_release_names_what_training_picks(tmp_path: Path) -> None:
    copy = stale_copy(tmp_path, "accelerate", "1.15.0")
    result = run_in(copy, World(tmp_path / "world"), "explain", "neuron")
    assert result.returncode == 0, result
    said = " ".join(result.stdout.split())
    assert "Training not here: TrainingArguments picks cpu on this machine" in said
    assert "raises" not in said


@pytest.mark.slow
def test_a_newer_transformers_predicts_a_models_attention_and_dtype(
    tmp_path: Path,
    models: Path,  # noqa: F811
) -> None:
    copy = stale_copy(tmp_path, "transformers", "5.23.0")
    world = World(tmp_path / "world")
    result = run_in(copy, world, "explain", "--model", str(models / "llama"), "--verify", "--json")
    data = result.json()["data"]
    assert data["tables"]["transformers"]["standing"] == "newer"
    assert data["basis"] == "predicted" and data["confirmed"] is True
    assert (data["model"]["attn_implementation"], data["model"]["dtype"]) == ("sdpa", "bfloat16")
    items = {item["name"]: item for item in data["verify"]["items"]}
    assert items["model attn_implementation"]["agree"] and items["model dtype"]["agree"]
