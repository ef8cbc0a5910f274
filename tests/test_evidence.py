"""The evidence record: saved by a live run, replayed anywhere to the same report.

`detect --save-evidence FILE` writes what was observed, secrets masked field by field;
`detect --from FILE` and `explain --from FILE` diagnose it without probing and print what
the live run printed (timings aside).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hwdoctor import registry, rules
from hwdoctor.model.facts import EVIDENCE_VERSION, Evidence
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.evidence import CHOICE, DATA, without_choice
from tests.fakeworld import World

# Secret-named variables among those a report shows, with values that are also ordinary
# words and a path: masking them must neither leak them nor blank those words elsewhere.
PLANTED = {
    "CUDA_API_KEY": "true",
    "HF_SECRET_DEVICE": "cuda",
    "TORCH_TOKEN_PATH": "/tmp/hwdoctor-planted-secret-dir",
}


def _without_timings(document: dict[str, Any]) -> dict[str, Any]:
    data = without_choice(document["data"])
    if "probe" in data:
        data["probe"]["seconds"] = 0
    if "detect" in data and "probe" in data["detect"]:
        data["detect"]["probe"]["seconds"] = 0
    return document


@pytest.mark.parametrize("command", ["detect", "explain", "explain --verify"])
def test_saved_evidence_replays_to_the_same_report(
    command: str, world: World, tmp_path: Path
) -> None:
    """The live report equals its replay; with --verify the real libraries' answers travel
    in the file, so the replay shows the same comparison without asking them again."""
    world.patch_cuda(devices=())  # a world with more in it than this machine
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="raise")
    env = {**world.env(base_env()), **PLANTED}
    saved = tmp_path / "evidence.json"
    live = run_hwdoctor(*command.split(), "--json", "--save-evidence", str(saved), env=env)
    replay = run_hwdoctor(command.split()[0], "--from", str(saved), "--json", env=base_env())
    assert live.returncode == replay.returncode, (live, replay)
    replayed = replay.json()["data"]
    assert not set(CHOICE) & set(replayed.get("detect", replayed)["python"])
    assert _without_timings(live.json()) == _without_timings(replay.json())
    text = saved.read_text(encoding="utf-8")
    assert PLANTED["TORCH_TOKEN_PATH"] not in text
    document = json.loads(text)
    assert {document["env"][name] for name in PLANTED} == {"***"}
    assert document["evidence_version"] == EVIDENCE_VERSION
    codes = [f["code"] for f in live.json()["data"]["findings"]]
    assert "extension.import_failed" in codes
    if command.endswith("--verify"):
        verify = replay.json()["data"]["verify"]
        assert verify["ran"] and len(verify["items"]) == 6, replay  # the broken torch_mlu
        # breaks accelerate's import: the libraries raise, and the replay says so too
        assert "answers" in document
    else:
        assert "answers" not in document  # nothing was asked of the libraries


def test_replay_reads_standard_input_and_probes_nothing(tmp_path: Path) -> None:
    recorded = (DATA / "cpu-host.json").read_text()
    env = {**base_env(), "PATH": "/nonexistent"}  # no vendor tool, no torch to import
    result = run_hwdoctor("detect", "--from", "-", "--json", env=env, stdin=recorded)
    assert result.returncode == 0, result
    data = result.json()["data"]
    assert data["python"]["executable"] == "/work/main/.venv/bin/python"
    assert data["probe"]["seconds"] == json.loads(recorded)["probe_seconds"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("", "empty"),
        # JSON that is no evidence document is read as a paste (an issue body may open with
        # a JSON snippet), and says what a paste says
        ("{}", "no report hwdoctor reads"),
        ('{"kind": "hwdoctor.evidence", "evidence_version": "9.0"}', "evidence version 9.0"),
        ("{\x00\xff garbage", "binary data, not a report"),
        ("\x00\xff garbage", "binary data, not a report"),
        ("just some words\nand more", "no report hwdoctor reads"),
    ],
)
def test_a_file_that_is_not_evidence_is_a_usage_error(
    content: str, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    result = run_hwdoctor("detect", "--from", str(path))
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_live_only_options_do_not_go_with_from() -> None:
    path = str(DATA / "cpu-host.json")
    for args in (["detect", "--nproc", "2"], ["explain", "--verify"], ["detect", "--python", "x"]):
        result = run_hwdoctor(*args, "--from", path)
        assert result.returncode == 2, result
        assert "cannot be combined with --from" in result.stderr


def test_later_fields_and_unknown_sections_still_load() -> None:
    document = json.loads((DATA / "cpu-host.json").read_text())
    document["evidence_version"] = "1.7"  # a later minor version
    document["a_field_from_the_future"] = {"x": 1}
    document["backends"]["cpu"]["new_fact"] = True
    del document["host"]
    evidence = Evidence.from_json(document)
    assert evidence.host is None and evidence.backends is not None
    assert Evidence.from_json(evidence.to_json()) == evidence


def test_the_training_column_of_list_is_the_decision_table() -> None:
    for backend in registry.BACKENDS:
        assert backend.training_auto == rules.training_auto(backend.device)[0], backend.key


@pytest.mark.parametrize("output", [[], ["--json"], ["--format", "markdown"]])
def test_hostile_library_answers_in_a_file_are_data(output: list[str], tmp_path: Path) -> None:
    """An evidence file is another machine's text: answers of the wrong types, a terminal
    escape in a device name and a 100,000-character one replay as a report, never a
    traceback, and the escapes do not reach the output raw."""
    recorded = ROOT / "tests" / "data" / "fidelity" / "newest" / "npu-x2.json"
    document = json.loads(recorded.read_text(encoding="utf-8"))
    document["answers"] = {
        "facts": {
            "TrainingArguments": {"device": "\x1b]52;c;ZXZpbA==\x07npu:0", "n_gpu": [1, {}]},
            "PartialState": {"device": "a" * 100_000},
            "pipeline": "not a mapping",
        },
        "steps": [{"name": 5, "ok": False, "error": {"type": ["x"], "message": "\x1b[2J"}}],
        "outcome": "weird",
        "returncode": "1",
    }
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run_hwdoctor("explain", "--from", str(path), *output)
    assert result.returncode in (0, 1), result
    assert "Traceback" not in result.stderr
    assert "\x1b" not in result.stdout and "a" * 20_000 not in result.stdout
