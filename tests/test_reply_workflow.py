"""The reply workflow hwdoctor's own tracker runs (.github/workflows/reply.yml), which the
README offers to other projects: its diagnose step, run as the runner runs it, over real
issue bodies (issue 42).

It posts where the paste shows an environment problem (a finding of severity error or
warning that rests on the body's lines: `post` in the JSON) and nowhere else. Measured on
tests/data/issues_sample_reply_bot/: 125 real issues of the transformers, accelerate,
diffusers, peft, trl and pytorch trackers, 120 drawn without regard to topic and 5 whose
thread settled an environment cause (how they were drawn, and each one's judgement made
before any measurement, are in that directory's README.md and expected.json).
"""

from __future__ import annotations

import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import pytest

from tests.actions import StepRun, load, run_step
from tests.conftest import ROOT, base_env

WORKFLOW: Final = ROOT / ".github" / "workflows" / "reply.yml"
SAMPLE: Final = ROOT / "tests" / "data" / "issues_sample_reply_bot"
EXPECTED: Final[dict[str, dict[str, Any]]] = json.loads(
    (SAMPLE / "expected.json").read_text(encoding="utf-8")
)
# Issue 42's bound: posts on at most 5% of the issues whose thread finds no environment cause.
MOST_POSTS_WITHOUT_A_CAUSE: Final = 0.05


def _job() -> dict[str, Any]:
    (job,) = load(WORKFLOW)["jobs"].values()
    assert isinstance(job, dict)
    return job


def _step(name: str) -> dict[str, Any]:
    (step,) = [s for s in _job()["steps"] if s.get("name", "").startswith(name)]
    assert isinstance(step, dict)
    return step


def _diagnose(body: str, where: Path) -> tuple[StepRun, Path]:
    """The diagnose step on `body`, as the runner runs it: the event's file, hwdoctor on PATH
    (the install step puts its venv's bin there), bash -eo pipefail."""
    where.mkdir(parents=True, exist_ok=True)
    event = where / "event.json"
    event.write_text(json.dumps({"issue": {"body": body, "number": 1}}), encoding="utf-8")
    env = {
        **base_env(),
        "GITHUB_EVENT_PATH": str(event),
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
    }
    ran = run_step(_step("Diagnose"), env=env, contexts={}, cwd=where, timeout=300)
    return ran, where / "reply.md"


def test_the_body_stays_out_of_the_shell_and_the_token_in_one_step() -> None:
    """Every issue author is an input: the body is read from the event's file (never
    `${{ }}` in shell code, the environment or an argument, which fail over 128 KiB), as a
    paste only; the token may write issues and is in the environment of the posting step
    alone, which runs only when the diagnose step says post=true; the job has a time limit;
    the actions are pinned by commit and hwdoctor installs from this checkout with hashed
    pins, wheels only."""
    document = load(WORKFLOW)
    assert document["permissions"] == {}
    job = _job()
    assert job["permissions"] == {"issues": "write"}
    assert 0 < job["timeout-minutes"] <= 10
    for step in job["steps"]:
        assert "github.event" not in step.get("run", ""), step
        assert "issue.body" not in str(step.get("env", {})), step
        if "uses" in step:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", step["uses"]), step["uses"]
    install = _step("Install")["run"]
    assert "--require-hashes --only-binary :all: --no-deps -r constraints/action.txt" in " ".join(
        install.split()
    )
    diagnose = _step("Diagnose")
    assert "GITHUB_EVENT_PATH" in diagnose["run"] and "env" not in diagnose
    assert "--paste body.md --json" in diagnose["run"]
    with_token = [s for s in job["steps"] if "GH_TOKEN" in s.get("env", {})]
    assert [s["run"].split()[:3] for s in with_token] == [["gh", "issue", "comment"]]
    assert with_token[0]["if"] == "steps.diagnose.outputs.post == 'true'"
    assert "--body-file reply.md" in with_token[0]["run"]


def test_a_hostile_body_runs_nothing_and_posts_its_finding(tmp_path: Path) -> None:
    """200 KiB (over what an environment variable holds), opening with JSON, carrying command
    substitutions, around a real report whose driver is too old for its torch: post=true,
    the reply names the finding and fits one comment, and nothing of the body ran."""
    body = (
        '{"kind": "hwdoctor.evidence"} was what I tried first\n\n'
        "$(touch pwned) `touch pwned` ; touch pwned\n"
        + (
            ROOT / "tests/data/reports/issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md"
        ).read_text(encoding="utf-8")
        + "padding\n" * 25_000
    )
    ran, reply = _diagnose(body, tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.outputs == {"post": "true"}
    text = reply.read_text(encoding="utf-8")
    assert "driver.too_old" in text and len(text) < 65_536
    assert not (tmp_path / "pwned").exists()


def test_no_report_in_the_body_posts_nothing(tmp_path: Path) -> None:
    """A feature request with no report (detect exits 2): post=false, no reply written."""
    body = (SAMPLE / "transformers-30757.md").read_text(encoding="utf-8")
    ran, reply = _diagnose(body, tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.outputs == {"post": "false"} and not reply.exists()


def test_the_sample_gets_posts_only_where_the_thread_found_an_environment_cause(
    tmp_path: Path,
) -> None:
    """Every body of the sample through the diagnose step: of the 120 issues whose thread
    finds no environment cause, at most 5% get a post; a post always has its reply."""
    names = sorted(EXPECTED)
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = dict(
            zip(
                names,
                pool.map(
                    lambda name: _diagnose(
                        (SAMPLE / name).read_text(encoding="utf-8"), tmp_path / name
                    ),
                    names,
                ),
                strict=True,
            )
        )
    for name, (ran, reply) in runs.items():
        assert ran.returncode == 0, (name, ran.stderr)
        assert ran.outputs["post"] in ("true", "false"), name
        assert reply.exists() == (ran.outputs["post"] == "true"), name
    without_cause = [n for n in names if EXPECTED[n]["environment_cause"] is None]
    posted = [n for n in without_cause if runs[n][0].outputs["post"] == "true"]
    assert len(without_cause) == 120
    assert len(posted) <= MOST_POSTS_WITHOUT_A_CAUSE * len(without_cause), posted


# The hardware issues of the sample whose paste shows the evidence; each gets a post
# (accelerate-2622, -2626 and -3225 since accelerate env's gpu_ids is read as `accelerate
# launch` applies it, issue 42).
HARDWARE: Final = sorted(
    n for n, e in EXPECTED.items() if e["stratum"] == "hardware" and e["paste_shows"]
)


@pytest.mark.parametrize("name", HARDWARE)
def test_a_hardware_issue_whose_paste_shows_the_cause_gets_a_post(
    name: str, tmp_path: Path
) -> None:
    ran, reply = _diagnose((SAMPLE / name).read_text(encoding="utf-8"), tmp_path)
    assert ran.outputs == {"post": "true"}, name
    assert reply.read_text(encoding="utf-8").strip()
