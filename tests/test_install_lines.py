"""Every torch install line hwdoctor prints comes from the wheel table (compat/wheels.py):
an index URL names a variant the table lists for the release pinned, the pin is a release
(not a nightly), and no index URL is written anywhere else in hwdoctor.

The lines are gathered from what users see: the diagnosis of every real pasted report in
tests/data/reports*, the recorded evidence files, and the chooser over a GPU of every
generation and the driver minimum of every CUDA branch, for releases of each install style.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from typing import Final

import pytest

import hwdoctor
from hwdoctor.compat import wheels
from hwdoctor.diagnosis import remedies
from hwdoctor.errors import UsageError
from hwdoctor.model.reports import Finding
from tests import fastlane
from tests.conftest import ROOT

DATA: Final = ROOT / "tests" / "data"
# `torch==X` (quoted or not) then how pip is told where to look
# a requirement unquoted, in POSIX single quotes or in Windows' double quotes (s19-windows)
LINE: Final = re.compile(
    r"['\"]?torch==(?P<version>[^\s'\"]+)['\"]?"
    r"(?:\s+['\"]?(?:torchvision|torchaudio)==[^\s'\"]+['\"]?)*\s+"
    r"(?P<option>--index-url|--extra-index-url|-f)\s+(?P<url>\S+)"
)
INDEX: Final = re.compile(r"^https://download\.pytorch\.org/whl/(?P<variant>[a-z0-9.]+)$")


# The files beside the stored pastes that are no paste: the sets' labels and measurements.
NOT_PASTES: Final = ("README.md", "expected.json", "facts.json", "baseline.json", "after.json",
                     "judge.json", "judge_additions.json")  # fmt: skip


def corpus_findings() -> Iterator[tuple[str, Finding]]:
    """Every finding of every stored paste, with the paste's path under tests/data."""
    return iter(_corpus_findings())


@functools.cache
def _corpus_findings() -> tuple[tuple[str, Finding], ...]:
    """Diagnosed once per test process: three tests read every stored paste's remedies, and a
    pass over the corpus (some 1,200 files) is most of their time; `make check` reads one
    paste in four (tests/fastlane.py sample), `make test` every one."""
    found: list[tuple[str, Finding]] = []
    pastes = [p for p in sorted(DATA.glob("reports*/**/*")) if p.is_file()]
    for path in fastlane.sample([p for p in pastes if p.name not in NOT_PASTES]):
        try:
            report = hwdoctor.diagnose(path.read_bytes())
        except UsageError:
            continue  # no report in it (the corpus keeps a few such inputs on purpose)
        found += [(str(path.relative_to(DATA)), finding) for finding in report.findings]
    return tuple(found)


def pasted_lines() -> Iterator[tuple[str, str]]:
    for where, found in corpus_findings():
        for line in (found.remedy or "").splitlines():
            yield where, line


def evidence_lines() -> Iterator[tuple[str, str]]:
    for path in sorted((DATA / "evidence").glob("*.json")):
        report = hwdoctor.detect(from_file=str(path))
        for found in report.findings:
            for line in (found.remedy or "").splitlines():
                yield path.name, line


# One GPU of each generation, the driver minimum of each CUDA branch a wheel needs, and
# installed releases across the table's styles (find-links, extra-index-url, index-url).
CAPABILITIES: Final = ("3.5", "5.0", "6.1", "7.0", "7.5", "8.0", "8.6", "8.9", "9.0", "10.0",
                       "12.0", "12.1")  # fmt: skip
DRIVERS: Final = ("418.39", "470.42.01", "525.60.13", "535.54.03", "560.28.03", "570.26",
                  "580.65.06", "595.45.04")  # fmt: skip
INSTALLED: Final = (None, "1.7.1+cpu", "1.13.1+cpu", "2.0.1+cpu", "2.5.1+cpu", "2.8.0+cpu",
                    "2.11.0+cpu", "2.13.0+cpu", "2.14.1+cpu", "2.15.0+cpu")  # fmt: skip


def chooser_lines() -> Iterator[tuple[str, str]]:
    """The chooser's pick for those installed releases on each GPU and driver, on every
    ROCm target the wheel lists carry, and of each kind where the GPUs are not known."""
    gfx = sorted({t for r in wheels.RELEASES for v in r.variants if v.rocm
                  for _, archs in v.archs for t in archs.cubins})  # fmt: skip
    for torch in INSTALLED:
        for kind in wheels.Kind:
            pick = wheels.of_kind(torch, kind)
            if pick:
                yield f"of_kind {torch} {kind.value}", remedies.torch_args(pick) or ""
        for capability in CAPABILITIES:
            for driver in DRIVERS:
                machine = wheels.Machine(capabilities=(capability,), driver=driver)
                args = remedies.torch_args(wheels.choose(torch, machine))
                yield f"{torch} sm {capability} driver {driver}", args or ""
        for target in gfx:
            args = remedies.torch_args(wheels.choose(torch, wheels.Machine(gfx=(target,))))
            yield f"{torch} {target}", args or ""


def judge(line: str) -> str | None:
    """Why `line`'s torch install is not one the wheel table lists; None when it is."""
    match = LINE.search(line)
    if match is None:
        return "an index URL without a torch pin" if "download.pytorch.org" in line else None
    version, option, url = match["version"], match["option"], match["url"]
    if option == "--extra-index-url" and url in remedies.VENDOR_TORCH_INDEXES:
        return None  # issue 38: Intel's torch builds, on Intel's index (not the table's)
    release = wheels.release_of(version.removesuffix(".*"))
    if release is None:
        return f"torch {version} is not in the table"
    parsed = wheels.versions.parse(version.removesuffix(".*"))
    if parsed is None or parsed.is_prerelease or parsed.is_devrelease:
        return f"{version} is not a release"
    public = version.split("+")[0]
    if release.patches and not public.endswith(".*") and public not in release.patches:
        return f"{public} is not a patch the table lists for {release.series}"
    if option == "-f":
        variant_name = wheels.local_of(version)
        expected = {wheels.Style.FIND_LINKS: wheels.FIND_LINKS}
    else:
        index = INDEX.match(url)
        if index is None:
            return f"{url} is not a download.pytorch.org index"
        variant_name = index["variant"]
        expected = {wheels.Style.INDEX_URL: url, wheels.Style.EXTRA_INDEX_URL: url}
    variant = release.variant(variant_name or "")
    if variant is None:
        return f"torch {release.series} has no {variant_name} build in the table"
    style = release.style_of(variant)
    if expected.get(style) != url or option != _OPTION[style]:
        return f"torch {release.series} installs with {style.value}, not {option} {url}"
    if variant.patches and public not in variant.patches:
        return f"{variant.name} of {release.series} has only {', '.join(variant.patches)}"
    return None


_OPTION: Final = {
    wheels.Style.INDEX_URL: "--index-url",
    wheels.Style.EXTRA_INDEX_URL: "--extra-index-url",
    wheels.Style.FIND_LINKS: "-f",
}


@pytest.mark.parametrize("source", [pasted_lines, evidence_lines, chooser_lines])
def test_every_torch_index_printed_is_one_the_table_lists(source: object) -> None:
    lines = list(source())  # type: ignore[operator]
    judged = [(where, line) for where, line in lines if LINE.search(line)]
    assert judged, "no install line was printed at all"
    wrong = [(where, line, why) for where, line in lines if (why := judge(line))]
    assert not wrong, wrong[:10]


def test_the_judge_refuses_what_the_table_does_not_list() -> None:
    index = "https://download.pytorch.org/whl"
    assert judge(f"pip install torch==2.13.0 --index-url {index}/cu130") is None
    assert judge(f"pip install 'torch==2.11.*' --index-url {index}/rocm7.2") is None
    assert judge(f"pip install torch==1.7.1+cu110 -f {index}/torch_stable.html") is None
    # rocm6.4 last carried 2.9: a fixed ROCm line installs an older torch than asked
    assert judge(f"pip install torch==2.13.0 --index-url {index}/rocm6.4") == (
        "torch 2.13 has no rocm6.4 build in the table"
    )
    assert judge(f"pip install torch --index-url {index}/rocm6.4") == (
        "an index URL without a torch pin"
    )
    assert judge(f"pip install torch==2.0.0a0 --index-url {index}/cu118") == (
        "2.0.0a0 is not a release"
    )
    assert judge(f"pip install torch==2.3.7 --index-url {index}/cu121") == (
        "2.3.7 is not a patch the table lists for 2.3"
    )


# Where an install line, an index URL or a version pin may be written: the install chooser,
# and the tables it reads. Anywhere else one is a command formatted past the chooser.
CHOOSER: Final = "hwdoctor/diagnosis/remedies.py"
TABLES: Final = {
    "hwdoctor/compat/wheels.py": "the wheel table: the index's address, its variants' names",
    "hwdoctor/registry.py": "the backend table: each package's index and pip arguments, data",
    "hwdoctor/compat/ascend.py": "CANN's Python dependencies as its installation guide lists "
    "them (`protobuf==3.20.*`), data the chooser (remedies.pip) writes into the line",
}
# Text that names a pin but is no command, with why.
NOT_COMMANDS: Final = {
    "hwdoctor/gather/reports/assemble.py": "a companion's Requires-Dist as its wheel states it "
    "(`torch==2.5.*`): evidence a check judges, never a line to paste",
    "hwdoctor/diagnosis/catalogue.py": "a finding's meaning quotes an invalid requirement",
    "hwdoctor/gather/reports/readers/registry.py": "what the prose reader reads, for --help: "
    "a reporter's words quoted (`torch==2.1.2`), never a line to paste",
}
PIN: Final = re.compile(r"[A-Za-z][\w.-]*===?(?:\d|\{\})")
INSTALLS: Final = re.compile(
    r"\b(?:pip3?|uv pip|conda|mamba|pipx|uv tool)\s+install\b|--(?:extra-)?index-url\b"
    r"|download\.pytorch\.org/whl"
)


def written(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, text) of each string a module writes: its constants, and each f-string with
    `{}` for what it formats in; not docstrings (about the code)."""
    docstrings: set[int] = set()
    parts: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
        if isinstance(node, ast.JoinedStr):
            parts.update(id(part) for part in ast.walk(node) if part is not node)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in parts:
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            yield node.lineno, str(text)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and id(node) not in parts
        ):
            yield node.lineno, node.value


def test_install_lines_index_urls_and_pins_are_written_by_the_chooser_alone() -> None:
    """issue 29: one chooser for every install or upgrade line. No module but the chooser
    and its tables writes `pip install`, `uv pip install`, `conda install`, an index URL
    or a `name==version` pin into a string."""
    found = []
    for path in sorted((ROOT / "hwdoctor").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where == CHOOSER or where in TABLES or where in NOT_COMMANDS:
            continue
        for number, text in written(ast.parse(path.read_text(encoding="utf-8"))):
            if PIN.search(text) or INSTALLS.search(text):
                found.append(f"{where}:{number}: {text[:80]!r}")
    assert found == []
    # what the exceptions allow is what they say: no install line there either
    for where in NOT_COMMANDS:
        tree = ast.parse((ROOT / where).read_text(encoding="utf-8"))
        assert not [t for _, t in written(tree) if INSTALLS.search(t)], where


def test_the_scan_finds_what_it_looks_for() -> None:
    tree = ast.parse(
        'x = f"torch=={v} --index-url {u}"\n'
        'y = "python -m pip install --upgrade transformers"\n'
        'z = "https://download.pytorch.org/whl/cu126"\n'
        'ok = "python -m pip list"\n'
    )
    hits = [n for n, t in written(tree) if PIN.search(t) or INSTALLS.search(t)]
    assert hits == [1, 2, 3]


# --- every torch line says what it does to the installed torch (issue 29) -----------------

TORCH_INSTALL: Final = re.compile(r"\b(?:pip|uv pip)\s+install\b.*?(?:\s|')torch(?:$|[\s'=<>!~])")
SAYS: Final = re.compile(r"^# (?:keeps|upgrades|downgrades|installs|replaces) (?:the )?\S*\s?torch")


def remedies_printed() -> Iterator[tuple[str, str]]:
    for where, found in corpus_findings():
        yield f"{where} {found.code}", found.remedy or ""
    for path in sorted((DATA / "evidence").glob("*.json")):
        for found in hwdoctor.detect(from_file=str(path)).findings:
            yield f"{path.name} {found.code}", found.remedy or ""


def test_no_printed_command_changes_torch_without_saying_so() -> None:
    """issue 29: a line that installs torch is followed by a comment that says whether it
    keeps, upgrades or downgrades the installed torch (or installs one where none is)."""
    checked = 0
    silent = []
    for where, remedy in remedies_printed():
        lines = remedy.splitlines()
        for index, line in enumerate(lines):
            if line.startswith("#") or not TORCH_INSTALL.search(line):
                continue
            checked += 1
            after = lines[index + 1] if index + 1 < len(lines) else ""
            if not SAYS.match(after):
                silent.append(f"{where}: {line} / {after}")
    assert checked >= 30, checked
    assert silent == []


# --- a companion installed again is pinned to the torch installed (issue 38, s17-mend-pip) --

# torchvision's and torchaudio's wheels pin one torch release (compat/companions.py): one
# installed again unpinned is PyPI's newest, built for the newest torch, which breaks it
# against the torch installed (its compiled parts need that torch's symbols).
COMPANION_WORD: Final = re.compile(r"^(?P<name>torchvision|torchaudio)(?P<spec>[=<>!~].*)?$")
REINSTALL: Final = re.compile(
    r"\b(?:pip|uv pip)\s+install\b.*\s(?:--force-reinstall|--upgrade|-U)\b"
)
UNINSTALL: Final = re.compile(r"\b(?:pip|uv pip)\s+uninstall\b")


def unpinned_companions(remedy: str) -> list[str]:
    """The lines of `remedy` that install torchvision or torchaudio again (`--force-reinstall`,
    `--upgrade`, or after a line that uninstalls it) without an `==` pin."""
    wrong: list[str] = []
    removed: set[str] = set()
    for line in remedy.splitlines():
        if line.startswith("#"):
            continue
        words = [w.strip("'\"") for w in line.split()]
        named = {m["name"]: m["spec"] or "" for w in words if (m := COMPANION_WORD.match(w))}
        if UNINSTALL.search(line):
            removed |= named.keys()
            continue
        again = bool(REINSTALL.search(line))
        for name, spec in named.items():
            if (again or name in removed) and not spec.startswith("=="):
                wrong.append(line)
    return wrong


def test_every_reinstall_of_a_companion_carries_a_pin() -> None:
    checked = [(where, remedy) for where, remedy in remedies_printed() if remedy]
    wrong = [(where, line) for where, remedy in checked for line in unpinned_companions(remedy)]
    assert wrong == []


def test_the_companion_scan_finds_what_it_looks_for() -> None:
    assert unpinned_companions(
        "python -m pip install --force-reinstall --no-deps --no-cache-dir torchvision"
    )
    assert unpinned_companions(
        "python -m pip uninstall -y torchaudio\npython -m pip install torchaudio"
    )
    assert not unpinned_companions(
        "python -m pip uninstall -y torchvision\n"
        "python -m pip install torch==2.0.0 'torchvision==0.15.*' --index-url https://x"
    )
    assert not unpinned_companions("python -m pip install torchvision")  # a first install


IMAGE_WARNING: Final = (
    DATA / "reports" / "errors"
    / "masifcolab7-colab-torchvision-image-so-undefined-c10-gputrace-warning.md"
)  # fmt: skip


@pytest.mark.parametrize(
    "torch", [*INSTALLED[1:], "2.0.0+cu118", "2.0.0", "2.1.0.dev20230706+cu121"]
)
def test_a_companion_reinstalled_keeps_the_torch_installed(torch: str) -> None:
    """companion_again's line pins the companion built for the torch installed, beside that
    torch's own pin and its build's index (the wheel table's), or writes nothing."""
    remedy = str(remedies.companion_again(remedies.installer(None), "torchvision", torch))
    assert unpinned_companions(remedy) == []
    if not remedy:
        return
    public = torch.split("+")[0]
    pin = remedies.companion_pin("torchvision", public)
    assert pin is not None and f"'{pin}'" in remedy
    (install,) = [line for line in remedy.splitlines() if " install " in line]
    assert judge(install) is None, install
    assert f"torch=={public}" in install
    assert remedy.splitlines()[-1].startswith(f"# keeps torch {public}")
