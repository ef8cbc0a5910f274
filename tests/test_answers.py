"""What a payload answers is as untrusted as any fact of the probe (gather/probe/boundary.py):
the load and verify payloads' answers, and a rank's --bandwidth timings, are read into
records at the boundary (gather/probe/answers.py, model/answers.py). Each value of a real
recorded answer (tests/data/answers/) is garbled in turn and run through the boundary, the
diagnosis and every renderer: a value that does not fit is a `probe.malformed` line or reads
as unknown, never a crash. Pure: no subprocess, except the last test, which forges facts on
a real load payload's channel.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any, Final

import pytest

from hwdoctor import devices, diagnosis
from hwdoctor.diagnosis import ranks
from hwdoctor.doctor import load as loading
from hwdoctor.gather import rank_reports
from hwdoctor.gather.probe import answers
from hwdoctor.model.live_reports import LoadReport
from hwdoctor.model.runs import ProbeRun, RunOutcome, StepResult
from hwdoctor.render import human, markdown
from tests import catalogue_plugin
from tests.conftest import run_hwdoctor
from tests.evidence import cpu_host, usable
from tests.test_bandwidth import GEN3_X16, summary, timings
from tests.test_load import offline_env

DATA: Final = Path(__file__).parent / "data" / "answers"
# Of another type than an answer's field holds, or out of its range: an object where a number
# or a text belongs (every value is garbled so), and in turn one of: a list, a negative count,
# NaN, a number of 40 digits, a bool, a text too long to show and one that would drive a
# terminal.
OBJECT: Final = {"a": 1}
GARBLED: Final = (
    [1, "a"],
    -1,
    float("nan"),
    10**40,
    True,
    "x" * 20_000,
    "\x1b]0;pwned\x07",
)


def recorded(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value that is not an object or a list, and of every object and
    list itself (each garbled whole, too)."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))


def garbled(facts: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(facts)
    into: Any = changed
    for part in path[:-1]:
        into = into[part]
    into[path[-1]] = value
    return changed


def cases(name: str, under: str = "facts") -> list[Any]:
    data = recorded(name)
    return [
        pytest.param(name, path, value, id=f"{'.'.join(map(str, path))}={type(value).__name__}")
        for number, path in enumerate(leaves(data[under]))
        for value in (OBJECT, GARBLED[number % len(GARBLED)])
    ]


def _shown(report: Any, human_view: Any) -> None:
    """Every form the report takes: JSON (strict: no NaN), the terminal's and Markdown's
    (where the command has one), none with a control character from the payload."""
    json.dumps(report.to_json(), allow_nan=False)
    text = human.render(human_view(report), StringIO())
    shared = getattr(markdown, type(report).__name__.removesuffix("Report").lower(), None)
    if shared is not None:
        text += shared(report)
    assert "\x1b" not in text


def _load_report(facts: dict[str, Any], steps: list[dict[str, Any]]) -> LoadReport:
    """doctor/load.py's report of a run that sent `facts`."""
    run = ProbeRun(
        outcome=RunOutcome.COMPLETED,
        facts=facts,
        steps=tuple(StepResult.from_json(step) or StepResult("?", None) for step in steps),
        returncode=0,
        seconds=1.0,
    )
    evidence = usable(cpu_host(), "cuda")
    base = LoadReport(
        model="Qwen/Qwen3-0.6B", device="cuda:0", python=diagnosis.UNKNOWN_PYTHON,
        packages={}, problem=None,
    )  # fmt: skip
    request = loading.LoadRequest(model="Qwen/Qwen3-0.6B", device=devices.parse("cuda:0"))
    return loading._report(run, base, devices.parse("cuda:0"), evidence, 60.0, request)


LOADS: Final = ("load-tiny-qwen3-cpu.json", "load-plan-tiny-qwen3.json", "load-hub-refused.json")


@pytest.mark.parametrize(
    ("name", "path", "value"), [case for name in LOADS for case in cases(name)]
)
def test_a_garbled_load_answer_is_a_finding_or_unknown(
    name: str, path: tuple[Any, ...], value: Any
) -> None:
    data = recorded(name)
    facts = garbled(data["facts"], path, value)
    report = _load_report(facts, data["steps"])
    catalogue_plugin.record(f.code for f in report.findings)
    _shown(report, human.load_renderables)
    malformed = [f for f in report.findings if f.code == "probe.malformed"]
    was: Any = data["facts"]
    for part in path:
        was = was[part]
    # An object where no object belongs is said (`job` is no answer: nothing reads it).
    if path[0] != "job" and isinstance(value, dict) and not isinstance(was, dict):
        assert malformed, (path, report.findings)


def test_the_recorded_load_answers_read_whole() -> None:
    """The records hold what the payload sent: the report is the one doctor/load.py made
    from the payload's dicts (its JSON form unchanged)."""
    ran = recorded("load-tiny-qwen3-cpu.json")
    report = _load_report(ran["facts"], ran["steps"])
    data = report.to_json()
    assert report.findings == () and report.problem is None
    assert data["forward"] == ran["facts"]["forward"]
    assert data["generate"] == ran["facts"]["generate"]
    assert data["placement"] == ran["facts"]["placement"]["devices"]
    assert (data["model_class"], data["dtype"]) == ("Qwen3ForCausalLM", "float32")
    planned = recorded("load-plan-tiny-qwen3.json")
    plan = _load_report(planned["facts"], planned["steps"]).to_json()["plan"]
    assert {k: v for k, v in plan.items() if k != "fits"} == planned["facts"]["plan"]
    refused = _load_report(*(recorded("load-hub-refused.json")[k] for k in ("facts", "steps")))
    assert refused.problem is not None
    assert refused.problem.code == "load.network_unreachable"
    assert refused.problem.params["endpoint"] == "http://127.0.0.1:9"
    assert refused.problem.params["cause"] == "[Errno 111] Connection refused"
    assert refused.problem.params["timeout"] == "5"


def _verify_run(answered: dict[str, Any]) -> ProbeRun:
    run = ProbeRun.from_json(answered)
    assert run is not None
    return run


@pytest.mark.parametrize(("name", "path", "value"), cases("verify-model-tiny-llama.json"))
def test_a_garbled_verify_answer_is_unknown(name: str, path: tuple[Any, ...], value: Any) -> None:
    answered = recorded(name)
    answered["facts"] = garbled(answered["facts"], path, value)
    run = answers.verify(_verify_run(answered))
    report = diagnosis.explain(cpu_host(), verify=run, model="tiny-llama", model_run=run)
    catalogue_plugin.record(f.code for f in report.findings)
    _shown(report, human.explain_renderables)


def test_the_recorded_verify_answer_reads_whole() -> None:
    run = answers.verify(_verify_run(recorded("verify-model-tiny-llama.json")))
    assert run.answers.training is not None and run.answers.training.device == "cpu"
    model = run.answers.model
    assert model is not None and model.checkpoint is not None
    assert (model.architecture, model.checkpoint.parameters) == ("LlamaForCausalLM", 3632)
    report = diagnosis.explain(cpu_host(), verify=run, model="tiny-llama", model_run=run)
    assert report.verify is not None and report.verify.agree
    assert report.model is not None and report.model.memory is not None
    assert report.model.memory.fit is not None


# --- detect --bandwidth: rank 0's gathered results, built from recorded nvidia-smi topo -m --


def _gathered() -> dict[str, Any]:
    """Two ranks on one NV18 H100 host (the ThunderKittens#167 matrix), as the distributed
    payload's `ranks` fact carries them: each rank's summary and its all_reduce result with
    its --bandwidth timings."""
    ids = {"0000:18:00.0": 0, "0000:2a:00.0": 1}
    said = {0: summary("0000:18:00.0", "topo-m-h100-nv18.txt", ids, **GEN3_X16),
            1: summary("0000:2a:00.0", None, ids, **GEN3_X16)}  # fmt: skip
    reports = {
        str(rank): {"host": "node0", "local_rank": rank, "device": f"cuda:{rank}",
                    "device_name": "H100", "backend": "nccl", "versions": {},
                    "device_counts": {"cuda": 2}, "visibility": {}, "exit_code": 0,
                    **said[rank]}
        for rank in (0, 1)
    }  # fmt: skip
    results = {
        str(rank): {"ok": True, "value": 3.0, "expected": 3.0, "seconds": 0.001,
                    "bandwidth": timings({1 - rank: 0.001})}
        for rank in (0, 1)
    }  # fmt: skip
    return {"reports": reports, "results": results, "missing": []}


def _stored(gathered: dict[str, Any]) -> dict[str, Any]:
    """The `ranks` fact as rank 0 writes it: each rank's summary and result as the JSON text
    it read from the store (gather/rank_reports.py reads them at the evidence boundary)."""
    return {
        "reports": {k: json.dumps({"rank": int(k), **v}) for k, v in gathered["reports"].items()},
        "results": {k: json.dumps(v) for k, v in gathered["results"].items()},
        "missing": gathered.get("missing", []),
    }


def _bandwidth_cases() -> list[Any]:
    gathered = _gathered()
    paths = [
        path
        for path in leaves(gathered)
        if (path[:1] == ("results",) and "bandwidth" in path)
        or (path[:1] == ("reports",) and path[2:3] in (("links",), ("capability",)))
    ]
    return [
        pytest.param(path, value, id=f"{'.'.join(map(str, path))}={type(value).__name__}")
        for number, path in enumerate(paths)
        for value in (OBJECT, GARBLED[number % len(GARBLED)])
    ]


@pytest.mark.parametrize(("path", "value"), _bandwidth_cases())
def test_garbled_bandwidth_timings_are_a_finding_or_unknown(
    path: tuple[Any, ...], value: Any
) -> None:
    local = diagnosis.detect(cpu_host())
    report = ranks.combine(
        2, local, rank_reports.read(2, _stored(garbled(_gathered(), path, value))), None, 30
    )
    catalogue_plugin.record(f.code for f in report.findings)
    _shown(report, human.distributed_renderables)


def test_the_bandwidth_timings_read_whole() -> None:
    local = diagnosis.detect(cpu_host())
    report = ranks.combine(2, local, rank_reports.read(2, _stored(_gathered())), None, 30)
    assert report.bandwidth is not None and report.bandwidth.pairs[0].link == "NV18"
    assert [f.code for f in report.findings] == ["bandwidth.below_nvlink"]


# --- end to end: facts forged on a real load payload's channel ------------------------------

# An auto-loaded extension that writes facts of its own onto the load payload's channel
# while torch is imported: the Hub's route with a number where its proxy variables belong
# (iterating it raised TypeError before these answers were records), and a failure whose
# kind and step are not text.
FORGED: Final = """
import json, sys


def _autoload():
    channel = json.loads(sys.argv[1])["channel"]
    facts = {"hub": {"endpoint": "http://127.0.0.1:9", "proxy_env": 3, "settings": [1]},
             "failure": {"kind": ["gated"], "step": 7, "error": "boom", "status": "x"}}
    with open(channel, "a") as stream:
        for key, value in facts.items():
            stream.write("\\n" + json.dumps({"e": "fact", "key": key, "value": value}) + "\\n")
"""


def test_forged_load_answers_are_a_finding_not_a_traceback(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "forger").mkdir(parents=True)  # no vendor's name: the libraries ignore it
    (site / "forger" / "__init__.py").write_text(FORGED)
    info = site / "forger-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: forger\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[torch.backends]\nx = forger:_autoload\n")
    env = {**offline_env(tmp_path), "PYTHONPATH": str(site)}
    result = run_hwdoctor("load", "--device", "cpu", "--json", env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result
    data = result.json()["data"]
    assert data["problem"]["code"] == "load.failed"  # a failure whose kind did not read
    malformed = next(f for f in data["findings"] if f["code"] == "probe.malformed")
    for line in ("hub proxy_env: 3 is not a list", "failure kind: a list of 1 is not a text",
                 "failure step: 7 is not a text"):  # fmt: skip
        assert line in malformed["evidence"], malformed
    shown = run_hwdoctor("load", "--device", "cpu", env=env)
    assert "Traceback" not in shown.stderr and "✗ 7" not in shown.stdout, shown
    assert "hub proxy_env: 3 is not a list" in shown.stdout, shown
