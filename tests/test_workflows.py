"""The workflows and the action hwdoctor ships, read as GitHub reads them: every action
pinned to a commit, no expression inside shell code, and the release workflow builds with
`make dist`, publishes with PyPI's trusted publishing from a job that alone may ask for an
OIDC token, and attaches the artefacts to a GitHub release. Its own shell steps run here.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import hwdoctor
from tests.actions import PINNED, files, load, run_step, steps, uses_lines
from tests.conftest import ROOT
from tests.dist import Artefacts, artefacts, clean_env

__all__ = ["artefacts"]  # the session fixture, used by name

RELEASE = ROOT / ".github" / "workflows" / "release.yml"


@pytest.mark.parametrize("path", files(), ids=lambda path: path.name)
def test_every_action_is_pinned_to_a_commit(path: Path) -> None:
    lines = uses_lines(path)
    for line in lines:
        target, _, comment = line.removeprefix("uses:").partition("#")
        assert PINNED.match(target.strip()), line
        assert comment.strip().startswith("v"), f"name the release of the commit: {line}"
    used = [step["uses"] for _, step in steps(load(path)) if "uses" in step]
    assert len(used) == len(lines), path


@pytest.mark.parametrize("path", files(), ids=lambda path: path.name)
def test_no_expression_inside_shell_code(path: Path) -> None:
    """`${{ … }}` in `run:` is pasted into the script before bash reads it: a value from an
    issue, a branch name or an input would be code. Values reach scripts through env:."""
    for where, step in steps(load(path)):
        assert "${{" not in step.get("run", ""), f"{path.name} {where}"


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
