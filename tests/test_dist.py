"""What users install: the sdist and wheel hold what hwdoctor reads at run time, pass the
checks PyPI makes, and the wheel installed the three usual ways (pip into a fresh venv,
pipx, uv tool) runs: `--version` agrees with the wheel, and `list` and `detect --from` a
recorded evidence file print what this checkout prints.

The artefacts are built once per session (tests/dist.py); installing needs the package
index for hwdoctor's dependencies, as a user's install does.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
from email.parser import Parser
from pathlib import Path
from typing import Final

import pytest

import hwdoctor
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.dist import INSTALLERS, Artefacts, artefacts, clean_env, run

__all__ = ["artefacts"]  # the session fixture, used by name

PACKAGE: Final = ROOT / "hwdoctor"
EVIDENCE: Final = ROOT / "tests" / "data" / "evidence" / "cpu-host.json"
# Read at run time by the code, so they must ship: the JSON Schema of --json, the decision
# tables' provenance (rules/provenance.py), the marker that hwdoctor is typed (PEP 561), and
# the words of the messages reader's patterns (readers/messages.py `SCREEN_WORDS`).
DATA_FILES: Final = ("hwdoctor/py.typed", "hwdoctor/schema/hwdoctor.schema.json",
                     "hwdoctor/rules/provenance.json",
                     "hwdoctor/gather/reports/readers/messages_screen.json")  # fmt: skip


def sources() -> set[str]:
    """Every file of the package in this checkout, as a path inside the wheel."""
    return {
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def metadata(artefacts: Artefacts) -> dict[str, str]:
    name = f"hwdoctor-{hwdoctor.__version__}.dist-info/METADATA"
    message = Parser().parsestr(artefacts.wheel_text(name))
    return {key: str(value) for key, value in message.items()}


def test_wheel_holds_every_module_and_data_file(artefacts: Artefacts) -> None:
    names = set(artefacts.wheel_names())
    package = {name for name in names if not name.startswith("hwdoctor-")}
    assert package == sources()
    assert set(DATA_FILES) <= package
    assert {n for n in package if n.startswith("hwdoctor/schema/")} == {
        "hwdoctor/schema/hwdoctor.schema.json"
    }
    assert any(name.startswith("hwdoctor/gather/probe/payload_") for name in package)
    assert not any(name.startswith(("tests/", "completions/", "benchmarks/")) for name in names)


def test_one_version_everywhere(artefacts: Artefacts) -> None:
    """hwdoctor/__init__.py holds the version; the metadata, both file names and
    `hwdoctor --version` say the same."""
    version = hwdoctor.__version__
    assert metadata(artefacts)["Version"] == version
    assert artefacts.wheel.name == f"hwdoctor-{version}-py3-none-any.whl"
    assert artefacts.sdist.name == f"hwdoctor-{version}.tar.gz"
    assert run_hwdoctor("--version").stdout == f"hwdoctor {version}\n"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and not re.search(
        r"^version\s*=\s*\"", pyproject, re.M
    )


def test_wheel_metadata(artefacts: Artefacts) -> None:
    data = metadata(artefacts)
    assert data["Name"] == "hwdoctor"
    assert data["Requires-Python"] == ">=3.10"
    assert data["License-Expression"] == "Apache-2.0"
    assert data["Description-Content-Type"] == "text/markdown"
    entry_points = artefacts.wheel_text(
        f"hwdoctor-{hwdoctor.__version__}.dist-info/entry_points.txt"
    )
    assert "[console_scripts]\nhwdoctor = hwdoctor.cli:main" in entry_points
    assert "[pytest11]\nhwdoctor = hwdoctor.pytest_plugin" in entry_points


def test_sdist_holds_the_sources_the_changelog_and_the_completions(artefacts: Artefacts) -> None:
    with tarfile.open(artefacts.sdist) as archive:
        prefix = f"hwdoctor-{hwdoctor.__version__}/"
        names = {name.removeprefix(prefix) for name in archive.getnames()}
    assert sources() <= names
    assert {"pyproject.toml", "README.md", "CHANGELOG.md", "MANIFEST.in", "PKG-INFO",
            "docs/findings.md"} <= names  # fmt: skip
    shipped = {name for name in names if name.startswith("completions/")}
    assert shipped == {
        f"completions/{path.name}"
        for path in (ROOT / "completions").iterdir()
        if path.suffix in (".bash", ".zsh", ".fish", ".ps1")
    }
    assert not any(name.startswith("tests/") for name in names)


def test_twine_check(artefacts: Artefacts) -> None:
    """What PyPI checks on upload: the metadata, and the README rendering as the project
    page."""
    completed = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(artefacts.sdist),
         str(artefacts.wheel)],
        capture_output=True, text=True, env=clean_env(), timeout=300, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.count("PASSED") == 2, completed.stdout


# -- installed ------------------------------------------------------------------------------


@pytest.mark.parametrize("installer", list(INSTALLERS))
def test_the_installed_wheel_runs(artefacts: Artefacts, installer: str, tmp_path: Path) -> None:
    """Installed from the wheel alone, in a directory far from this checkout: the commands
    print what the checkout prints, from the installed copy."""
    env = clean_env()
    env["HOME"] = str(tmp_path)  # pipx and uv keep logs and caches under it
    bin_dir = INSTALLERS[installer](artefacts.wheel, tmp_path, env)
    hwdoctor_command = str(bin_dir / "hwdoctor")

    located = run([str(bin_dir / "python"), "-c", "import hwdoctor; print(hwdoctor.__file__)"],
                  env, tmp_path)  # fmt: skip
    assert Path(located.stdout.strip()).is_relative_to(bin_dir.parent), located.stdout

    version = run([hwdoctor_command, "--version"], env, tmp_path)
    assert version.stdout == f"hwdoctor {hwdoctor.__version__}\n"

    for args in (["list"], ["detect", "--from", str(EVIDENCE)]):
        installed = subprocess.run(
            [hwdoctor_command, *args], capture_output=True, text=True, env=env, cwd=tmp_path,
            timeout=300, check=False,
        )  # fmt: skip
        here = run_hwdoctor(*args, env=base_env())
        assert (installed.returncode, installed.stdout) == (here.returncode, here.stdout), args
        assert installed.stderr == here.stderr == "", args
    assert "Usable: cpu. Nothing to fix." in installed.stdout
