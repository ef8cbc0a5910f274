"""Every line that tells someone to install hwdoctor is one of the forms the README's
Install section documents, so each works today for the person reading it: from a clone,
from a built wheel, from the repository; never the PyPI name before a release is there.

The lines are collected where people read them: the fenced code blocks of every Markdown
file of the project, the `run:` scripts of the action and the workflows, the text of
hwdoctor's own modules, and what hwdoctor prints (the questions of a pasted report's
reply, the remedies of the recorded evidence files). Installs of other packages (torch,
torch-npu, a requirements file) are not hwdoctor's and are left to tests/test_install_lines.py.
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest
from packaging.version import Version

import hwdoctor
from hwdoctor import project
from hwdoctor.diagnosis import remedies
from tests.actions import files as action_files
from tests.actions import load, steps
from tests.conftest import ROOT

# An install command, from its program (pip, also after `python -m`, pipx, uv) to the end of
# the shell command it is in.
COMMAND: Final = re.compile(r"\b(?:pip3?|pipx|uv\s+tool|uv\s+pip)\s+install\b[^;&|#\n]*")
# Options that take a value, which is then no target.
VALUED: Final = {"-r", "--requirement", "-c", "--constraint", "-i", "--index-url",
                 "--extra-index-url", "-f", "--find-links", "--python", "--config-settings",
                 "-t", "--target", "--prefix", "--root", "--index"}  # fmt: skip
FENCE: Final = re.compile(r"^\s*(```+|~~~+)")


def markdown_files() -> list[Path]:
    skip = ("tests/data", ".venv", "build", "dist", ".pytest_cache")
    return [
        path
        for path in sorted(ROOT.rglob("*.md"))
        if not str(path.relative_to(ROOT)).startswith(skip) and ".venv" not in path.parts
    ]


def fenced_lines(path: Path) -> Iterator[tuple[int, str]]:
    inside = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
        elif inside:
            yield number, line


def section_lines(path: Path, heading: str) -> Iterator[tuple[int, str]]:
    """The fenced lines under one `## heading` of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))  # fmt: skip
    for number, line in fenced_lines(path):
        if start < number - 1 < end:
            yield number, line


def normal_form(command: str) -> str | None:
    """An install command as `<installer> install <targets>`, when it installs hwdoctor;
    None for an install of anything else."""
    try:
        words = shlex.split(command)
    except ValueError:  # a quote the command's end cut off: prose, not a shell line
        words = command.split()
    if words[0] == "uv":
        verb, rest = f"uv {words[1]}", iter(words[3:])
    else:
        verb, rest = words[0].replace("pip3", "pip"), iter(words[2:])
    targets: list[str] = []
    for word in rest:
        if word in VALUED:
            next(rest, None)
        elif word in ("-e", "--editable"):
            targets.append(next(rest, ""))
        elif not word.startswith("-"):
            targets.append(word)
    if not any(_is_hwdoctor(target) for target in targets):
        return None
    return " ".join([verb, "install", *(_target(target) for target in targets)])


def _is_hwdoctor(target: str) -> bool:
    return (
        target.startswith((".", "/", "~", "$", "git+"))
        or "hwdoctor" in target
        or target.endswith((".whl", ".tar.gz"))
    )


def _target(target: str) -> str:
    if target == "$GITHUB_ACTION_PATH":
        return "."  # the action's checkout: a clone, at the ref `uses:` names
    if re.fullmatch(r"(\S*/)?hwdoctor-\S*\.whl", target):
        return "dist/hwdoctor-*.whl"
    return target


def install_commands(text: str) -> Iterator[str]:
    for match in COMMAND.finditer(text):
        form = normal_form(match.group(0))
        if form is not None:
            yield form


FORMS: Final = {
    form
    for _, line in section_lines(ROOT / "README.md", "## Install")
    for form in install_commands(line)
}


def shipped() -> Iterator[tuple[str, str]]:
    """(where, install command) of every hwdoctor install anywhere people read one."""
    for path in markdown_files():
        for number, line in fenced_lines(path):
            for form in install_commands(line):
                yield f"{path.relative_to(ROOT)}:{number}", form
    for path in action_files():
        for where, step in steps(load(path)):
            for form in install_commands(step.get("run", "")):
                yield f"{path.relative_to(ROOT)} {where}", form
    for path in sorted((ROOT / "hwdoctor").rglob("*.py")):
        for node in text_constants(ast.parse(path.read_text(encoding="utf-8"))):
            for form in install_commands(node.value):
                yield f"{path.relative_to(ROOT)}:{node.lineno}", form
    for where, text in printed():
        for form in install_commands(text):
            yield where, form


def text_constants(tree: ast.AST) -> Iterator[ast.Constant]:
    """The string constants of a module that can reach a person as they are: not the pieces
    of an f-string (its output is checked in `printed`), not docstrings (about the code)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inside.update(id(part) for part in ast.walk(node))
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            inside.add(id(body[0].value))  # a docstring
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in inside
        ):
            yield node


def printed() -> Iterator[tuple[str, str]]:
    """What hwdoctor prints: the reply to a pasted report that lacks what only hwdoctor on
    the machine sees, and the remedies of every recorded evidence file."""
    body = ROOT / "tests/data/reports/issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md"
    report = hwdoctor.diagnose(body.read_bytes())
    for question in report.questions:
        yield "reply question", question.command
    for path in sorted((ROOT / "tests/data/evidence").glob("*.json")):
        for finding in hwdoctor.detect(from_file=str(path)).findings:
            yield f"{path.name} {finding.code}", finding.remedy or ""


def test_the_install_section_documents_the_forms() -> None:
    assert {
        "pipx install .",
        "uv tool install .",
        "pip install .",
        "pip install .[ml]",
        "pipx install dist/hwdoctor-*.whl",
        "uv tool install dist/hwdoctor-*.whl",
        "pip install dist/hwdoctor-*.whl",
        f"pip install git+{project.REPOSITORY}",
    } == FORMS


def test_no_pypi_install_before_a_release() -> None:
    """A development version is not on PyPI: nothing may send people there for it."""
    if Version(hwdoctor.__version__).is_devrelease:
        named = [form for form in FORMS if re.search(r" hwdoctor(\W|$)", form)]
        assert named == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "There is no release on PyPI yet" in readme


def test_every_install_line_is_a_documented_form() -> None:
    found = list(shipped())
    wrong = [f"{where}: {form}" for where, form in found if form not in FORMS]
    assert wrong == []
    # the collection reaches each kind of place (a test that finds nothing proves nothing)
    places = {where.split(":")[0].split(" ")[0] for where, _ in found}
    assert {"README.md", "action.yml", ".github/workflows/release.yml", "reply"} <= places


@pytest.mark.parametrize(
    ("version", "line"),
    [
        ("0.1.0.dev0", f"python -m pip install git+{project.REPOSITORY}"),
        ("0.1.0", "python -m pip install hwdoctor==0.1.0"),
        ("1.2.3rc1", "python -m pip install hwdoctor==1.2.3rc1"),
    ],
)
def test_hwdoctors_own_install_line_follows_the_version(version: str, line: str) -> None:
    """A release is on PyPI from its tag on (the release workflow); a development version
    only in the repository."""
    assert str(remedies.hwdoctor_install(version)) == line


def test_the_repository_is_named_once() -> None:
    """pyproject.toml's Source URL is project.REPOSITORY; every GitHub address or `uses:` of
    hwdoctor in what the project ships names it."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'Source = "{project.REPOSITORY}"' in pyproject
    owner_name = project.REPOSITORY.removeprefix("https://github.com/")
    texts = [path.read_text(encoding="utf-8") for path in markdown_files()]
    texts += [path.read_text(encoding="utf-8") for path in action_files()]
    texts.append((ROOT / "hwdoctor/schema/hwdoctor.schema.json").read_text(encoding="utf-8"))
    named = {m for text in texts for m in re.findall(r"github\.com/([\w.-]+/hwdoctor)\b", text)}
    used = {m for text in texts for m in re.findall(r"uses: ([\w.-]+/hwdoctor)@", text)}
    assert named == used == {owner_name}
