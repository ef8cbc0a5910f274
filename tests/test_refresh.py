"""`make refresh` (tools/refresh.py) on a checkout whose tables stop before today's releases:
it asks the package index what is newer, runs the fidelity worlds against the real release,
and widens the tables where every world agrees, or prints the disagreement and the source
diff of the functions the tables mirror where the release changed a rule.

These run against the package index (pip's own commands) and the dev venv's accelerate
1.16.0, as a maintainer's run does.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.version import Version

from tests.conftest import ROOT, base_env


def checkout(tmp_path: Path, library: str, newest: str) -> Path:
    """A copy of the checkout (hwdoctor, tools, the pins, the tests' modules and release
    lists) whose tables were read up to `library` `newest`."""
    root = tmp_path / "checkout"
    skip = shutil.ignore_patterns("__pycache__")
    for part in ("hwdoctor", "tools", "constraints"):
        shutil.copytree(ROOT / part, root / part, ignore=skip)
    (root / "tests").mkdir()
    for module in (ROOT / "tests").glob("*.py"):
        shutil.copy(module, root / "tests" / module.name)
    shutil.copytree(ROOT / "tests" / "data" / "releases", root / "tests" / "data" / "releases")
    data = root / "hwdoctor" / "rules" / "provenance.json"
    provenance = json.loads(data.read_text(encoding="utf-8"))
    entry = provenance["libraries"][library]
    entry["newest"] = newest
    entry["verified"] = [v for v in entry["verified"] if Version(v["release"]) <= Version(newest)]
    data.write_text(json.dumps(provenance, indent=2), encoding="utf-8")
    listed = root / "tests" / "data" / "releases" / f"{library}.txt"
    kept = [v for v in listed.read_text(encoding="utf-8").split() if Version(v) <= Version(newest)]
    listed.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return root


# accelerate 1.16.0, verified with the dev venv's interpreter (which has it) instead of a new venv
ONE_RELEASE = ("--library", "accelerate", "--release", "1.16.0", "--python",
               f"1.16.0={sys.executable}", "--no-torch")  # fmt: skip


def refresh(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(root / "tools" / "refresh.py"), *args],
                          cwd=root, env=base_env(), capture_output=True, text=True,
                          timeout=1800, check=False)  # fmt: skip


def provenance_of(root: Path) -> dict[str, object]:
    data = root / "hwdoctor" / "rules" / "provenance.json"
    return json.loads(data.read_text(encoding="utf-8"))["libraries"]["accelerate"]  # type: ignore[no-any-return]


@pytest.mark.slow
def test_refresh_finds_the_releases_newer_than_the_tables(tmp_path: Path) -> None:
    root = checkout(tmp_path, "accelerate", "1.11.0")
    done = refresh(root, "--library", "accelerate", "--list")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip().splitlines()[-1]
    head, found = line.split(": ", 2)[0], line.split("): ", 1)[1].split(", ")
    assert head == "accelerate" and "(read up to 1.11.0)" in line
    assert found[:2] == ["1.12.0", "1.13.0"] and "1.16.0" in found, line


@pytest.mark.slow
def test_refresh_verifies_a_newer_release_and_widens_the_tables(tmp_path: Path) -> None:
    root = checkout(tmp_path, "accelerate", "1.15.0")
    done = refresh(root, *ONE_RELEASE, "--worlds", "npu x2,mps + npu,tpu")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all 3 worlds agree" in done.stdout
    entry = provenance_of(root)
    assert entry["newest"] == "1.16.0"
    today = datetime.date.today().isoformat()
    assert entry["verified"][-1] == {"release": "1.16.0", "date": today, "worlds": 3}  # type: ignore[index]
    listed = (root / "tests" / "data" / "releases" / "accelerate.txt").read_text().split()
    assert listed[-2:] == ["1.15.0", "1.16.0"]


@pytest.mark.slow
def test_refresh_prints_a_changed_rule_instead_of_widening(tmp_path: Path) -> None:
    """The same checkout without the rows written for 1.16 (they start at 1.17 in it): 1.16.0
    is predicted with 1.15's rules, which a world contradicts, so nothing is widened."""
    root = checkout(tmp_path, "accelerate", "1.15.0")
    rules = root / "hwdoctor" / "rules" / "tables.py"
    text = rules.read_text(encoding="utf-8")
    assert text.count('">=1.16"') == 4
    rules.write_text(text.replace('">=1.16"', '">=1.17"').replace(',<1.16"', ',<1.17"'))
    done = refresh(root, *ONE_RELEASE, "--worlds", "mps + npu,npu x2")
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "  mps + npu: DISAGREES" in out and "  npu x2: agrees" in out
    assert "1 of 2 worlds disagree; the tables are not widened" in out
    assert "PartialState().device: predicted mps, returned npu" in out
    # the diff of what the tables mirror, read from the two releases' wheels
    assert "--- accelerate 1.15.0: accelerate/state.py: PartialState.default_device" in out
    assert (
        "+++ accelerate 1.16.0: accelerate/utils/imports.py: get_torch_accelerator_backend" in out
    )
    assert provenance_of(root)["newest"] == "1.15.0"
