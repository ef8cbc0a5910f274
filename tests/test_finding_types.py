"""A finding's parameters are typed per code: mypy refuses a call that misses or misspells one.

`hwdoctor/diagnosis/findings.py` is generated from the catalogue (`make docs`): one overload
of `finding` per code and variant, no catch-all. These tests hold the generated file to the
catalogue and show, by running the venv's mypy on snippets, that a broken call fails the type
check (`make typecheck`) rather than a user's run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from hwdoctor.diagnosis import catalogue, load
from hwdoctor.diagnosis.catalogue import CATALOGUE, Code
from hwdoctor.model.answers import Failure

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hwdoctor"


def test_the_findings_module_is_generated_from_the_catalogue() -> None:
    """hwdoctor/diagnosis/findings.py is `make docs`'s output; regenerate it when the
    catalogue changes."""
    shipped = (PACKAGE / "diagnosis" / "findings.py").read_text(encoding="utf-8")
    assert shipped == catalogue.signatures()
    overloads = shipped.count("@overload")
    assert overloads == sum(1 + len(catalogue.variants_of(code)) for code in Code)
    assert "code: Code," in shipped.split("@overload")[-1]  # only the implementation's


def test_only_the_generated_module_and_load_make_a_finding_of_any_code() -> None:
    """`catalogue.make_finding` takes any code and so escapes mypy's check: called only by
    findings.py and by load.py's `with_memory`, which makes an out-of-memory finding again
    from its own parameters with one changed."""
    callers = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if re.search(r"\bmake_finding\(", path.read_text(encoding="utf-8"))
    }
    assert callers == {"diagnosis/catalogue.py", "diagnosis/findings.py", "diagnosis/load.py"}


def test_a_load_finding_fills_every_placeholder_of_its_code() -> None:
    """load.problem makes the finding of any load code with one set of parameters: those
    the catalogue declares for each (catalogue.LOAD_PARAMS), no more; each load code's
    sentences, with or without the local-model variant, name only those."""
    failure = Failure(kind="gated", step="load")
    found = load.problem(
        failure,
        outcome="completed",
        culprit=None,
        signal=None,
        output="",
        model="m/x",
        timeout_s=60,
    )
    assert found is not None
    assert set(found.params) == set(catalogue.LOAD_PARAMS)
    codes = {*load._KIND_CODES.values(), Code.LOAD_FAILED}
    for code in codes:
        for variant in (None, "local"):
            assert set(catalogue.needs(code, variant)) <= set(catalogue.LOAD_PARAMS), code


def _example() -> tuple[Code, tuple[str, ...]]:
    """A code whose own sentences need two parameters or more, and those parameters."""
    for code in Code:
        needed = catalogue.needs(code)
        if len(needed) >= 2 and not CATALOGUE[code].params:
            return code, needed
    raise AssertionError("no code needs two parameters")


def test_mypy_refuses_a_finding_with_a_wrong_or_missing_parameter(tmp_path: Path) -> None:
    code, needed = _example()
    variant = next(c for c in Code if catalogue.variants_of(c))
    name = catalogue.variants_of(variant)[0]

    def call(code: Code, names: tuple[str, ...], extra: str = "") -> str:
        words = ", ".join(f'{n}="x"' for n in names)
        return f"finding(Code.{code.name}, {words}{extra})"

    head = (
        "from hwdoctor.diagnosis.catalogue import Code\n"
        "from hwdoctor.diagnosis.findings import finding\n\n"
    )
    snippets = {
        "right": [
            call(code, needed),
            call(code, needed, ', backend=None, evidence="log"'),
            call(variant, catalogue.needs(variant, name), f', variant="{name}"'),
        ],
        "misspelt": [call(code, (*needed[:-1], needed[-1] + "s"))],
        "missing": [call(code, needed[:-1])],
        "missing_in_variant": [
            call(variant, catalogue.needs(variant, name)[:-1], f', variant="{name}"')
        ],
        "no_such_variant": [call(code, needed, ', variant="no_such_variant"')],
        "not_a_value": [call(code, needed[:-1], f", {needed[-1]}=[1, 2]")],
        "not_a_code": [f'finding("{code.value}", {", ".join(f"{n}=1" for n in needed)})'],
    }
    for stem, lines in snippets.items():
        (tmp_path / f"{stem}.py").write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--follow-imports",
            "silent",
            *sorted(str(tmp_path / f"{stem}.py") for stem in snippets),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},
    )
    errors = {
        Path(line.split(":", 1)[0]).stem for line in done.stdout.splitlines() if ": error:" in line
    }
    assert done.returncode == 1, done.stdout + done.stderr
    assert errors == set(snippets) - {"right"}, done.stdout
    assert "right.py" not in done.stdout, done.stdout
