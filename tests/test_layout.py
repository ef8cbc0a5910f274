"""The layout shows the data flow, and the imports keep to it.

command line → use cases (doctor) → gathering (host scan ‖ probe) → evidence (model) →
diagnosis (checks, rules) → report → render. Each package imports only downward, there is
no import circle, and only the command line and the public API import the use cases.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from hwdoctor import registry
from hwdoctor.diagnosis import catalogue

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hwdoctor"

# What each part may import (besides the leaf helpers every part may use).
LEAVES = {
    "errors", "text", "units", "registry", "compat", "versions", "devices", "launch", "shell",
    "interrupts", "processes", "redact", "files", "project", "hosts", "model_ref", "lazy_re",
}  # fmt: skip
ALLOWED = {
    "model": {"model"},
    "rules": {"model", "rules"},
    "gather": {"model", "gather"},
    "diagnosis": {"model", "rules", "diagnosis"},
    "doctor": {"model", "rules", "diagnosis", "gather", "doctor"},
    "render": {"model", "render"},
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for path in PACKAGE.rglob("*.py")
        if not path.name.startswith("payload_")  # run in the target, never imported
    }


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every hwdoctor module `path` imports, at module level or inside a function: for
    `from hwdoctor.x import y`, the module `hwdoctor.x.y` where y is one, else `hwdoctor.x`
    itself (a name it defines), the root package included (`from hwdoctor import
    __version__` imports the package facade, and with it the use cases)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [
                f"{node.module}.{alias.name}"
                if f"{node.module}.{alias.name}" in modules
                else node.module
                for alias in node.names
            ]
        else:
            continue
        found.update(name for name in names if name in modules)
    return found


def _graph() -> dict[str, set[str]]:
    """Each module's imports of other modules. A submodule's import of names its own
    subpackage defines (`render/human.py` from `hwdoctor.render`) stays inside that part
    and is not an arrow; the root package is no such part: it is the API facade above
    every part, and an import from it is an arrow up like any other."""
    modules = _modules()
    return {
        name: {
            target
            for target in _imports(path, modules)
            if target != name and (target == "hwdoctor" or not name.startswith(target + "."))
        }
        for name, path in modules.items()
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle() -> None:
    assert _cycles(_graph()) == []


def test_the_layout_sees_the_root_package() -> None:
    """The package facade is a module like any other here: an import of a name it defines
    is an arrow to it, seen even from its own subpackages."""
    modules = _modules()
    assert "hwdoctor" in modules
    probe = ast.parse("from hwdoctor import __version__, files\nfrom hwdoctor.gather import host")
    names = {
        f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module
        for node in ast.walk(probe)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert names == {"hwdoctor", "hwdoctor.files", "hwdoctor.gather.host"}


def test_only_the_front_ends_import_the_package_facade() -> None:
    """hwdoctor/__init__.py is the public API: it imports the use cases, so a module that
    imports a name from it (its version, say) imports every part above itself. The pytest
    plugin is a front end, as the command line is: it calls the API as a user would."""
    importers = {name for name, targets in _graph().items() if "hwdoctor" in targets}
    assert importers == {"hwdoctor.pytest_plugin"}


def test_only_the_command_line_and_the_api_import_the_use_cases() -> None:
    importers = {
        name
        for name, targets in _graph().items()
        if any(t == "hwdoctor.doctor" or t.startswith("hwdoctor.doctor.") for t in targets)
        and not name.startswith("hwdoctor.doctor")
    }
    assert importers == {"hwdoctor", "hwdoctor.cli"}


def test_each_part_imports_only_downward() -> None:
    wrong = []
    for name, targets in _graph().items():
        part = name.split(".")[1] if name.count(".") >= 1 else None
        if part not in ALLOWED:
            continue
        for target in targets:
            other = target.split(".")[1] if target.count(".") >= 1 else "hwdoctor"
            if other not in ALLOWED[part] and other not in LEAVES:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


# Where a backend's name may stand as a literal outside the registry, one reason each.
NAMED_OUTSIDE_THE_REGISTRY = {
    # run inside the diagnosed interpreter, where nothing of hwdoctor imports: torch's own
    # attribute names (torch.xpu, torch.version.cuda); the rows reach them as Backend.wire()
    "payload_*.py",
    # download.pytorch.org's index names ("cpu", "xpu", "rocm6.2"), as the index spells them
    "compat/wheels.py",
    # a shared library's vendor stack ("cuda", "rocm", "neuron" beside "oneapi", "openmp")
    "compat/libraries.py",
    # the libraries' device decisions as data: each literal is the one their code writes
    "rules/tables.py",
    # the payloads' schema: their field names (torch.version.cuda's "cuda") and the values
    # the libraries answer with (transformers' ParallelMode.TPU, "tpu")
    "gather/probe/boundary.py",
}


def _literals(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string constant with its line, but docstrings: what a comment or a docstring
    quotes is prose about a device, not a value the code compares or hands on."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def _backend_names(tree: ast.AST) -> list[int]:
    """The lines of the string constants that are a backend's key or device string."""
    names = {n for b in registry.BACKENDS for n in (b.key, b.device)}
    return [line for line, value in _literals(tree) if value in names]


def test_no_backend_name_outside_the_registry() -> None:
    """Backends are named in the registry (and the few places above, where the name is
    another program's value); everything else iterates the rows or looks one up. A sentence
    that quotes a device string to the user (`use "npu"`) is prose, not a name the code
    compares or hands on."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "registry.py"
        and not any(path.relative_to(PACKAGE).match(p) for p in NAMED_OUTSIDE_THE_REGISTRY)
        for number in _backend_names(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert offenders == []


def test_the_backend_name_guard_sees_a_name() -> None:
    """The guard finds a name as a value, wherever it stands in an expression, and passes a
    docstring, a comment and a sentence."""
    tree = ast.parse(
        '''"""The "npu" row."""\nx = "npu"  # "cuda"\ny = 'use "cpu"'\nz = f"{x}" or "cuda"\n'''
    )
    assert _backend_names(tree) == [2, 4]


def test_findings_reference_is_generated_from_the_catalogue() -> None:
    """docs/findings.md is `make docs`'s output; regenerate it when the catalogue changes."""
    shipped = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    assert shipped == catalogue.reference()
    for code in catalogue.Code:
        assert f"`{code.value}`" in shipped


def test_the_tests_collect_in_a_venv_without_torch(tmp_path: Path) -> None:
    """`pytest --collect-only` (and so `make check`'s fast lane) needs no torch: a venv that
    sees every package of the dev venv but torch, transformers and accelerate (linked one by
    one, nothing copied) collects every test."""
    import subprocess
    import sys
    import sysconfig

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    shared = tmp_path / "shared"
    shared.mkdir()
    dev = Path(sysconfig.get_paths()["purelib"])
    heavy = ("torch", "transformers", "accelerate")
    for entry in dev.iterdir():
        if not entry.name.lower().startswith(heavy) and entry.suffix != ".pth":
            (shared / entry.name).symlink_to(entry)
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    Path(purelib, "shared.pth").write_text(f"{shared}\n{ROOT}\n")
    absent = subprocess.run([str(python), "-c", "import torch"], capture_output=True, text=True)
    assert "No module named 'torch'" in absent.stderr
    done = subprocess.run(
        [str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"^\d{4,} tests collected", done.stdout, re.M), done.stdout[-500:]


# What reads an input's bytes: the gate (gather/inputs.py) and the readers under it. A use
# case that called one of these would be sniffing `--from` itself (issue 43: one gate per
# input).
_INPUT_READERS = {
    "read_input", "is_evidence", "evidence_document", "read_bytes", "read_text", "loads",
    "open", "is_fleet", "reports.read", "fleet.read", "gathering.load",
}  # fmt: skip


def _input_reads(source: str) -> set[str]:
    """The calls in `source` that read an input (`reports.read`, `fleet.read` and
    `gathering.load` by their module: a probe answer's `answers.load` is no input's)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            found.add(func.id)
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else ""
            found.update((func.attr, f"{owner}.{func.attr}"))
    return found & _INPUT_READERS


def test_no_use_case_reads_what_from_names() -> None:
    """`--from`, `--paste` and `hwdoctor.diagnose` go through one gate (gather/inputs.py),
    which returns evidence, a paste or a fleet, typed: no module of doctor/ opens a path,
    sniffs JSON or hands bytes to a reader itself."""
    offending = {
        path.name: sorted(_input_reads(path.read_text(encoding="utf-8")))
        for path in sorted((PACKAGE / "doctor").glob("*.py"))
    }
    assert {name: calls for name, calls in offending.items() if calls} == {}
    # The code the gate replaced, as detect_from read it: seen.
    before = "raw, total = gathering.read_input(f)\npaste = reports.read(raw, where)"
    assert _input_reads(before) == {"read_input", "reports.read"}


def _writes(source: str) -> set[str]:
    """Where `source` writes to the terminal: print(), sys.stdout, sys.stderr."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "print"
        ):
            found.add("print")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in {"stdout", "stderr"}
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        ):
            found.add(f"sys.{node.attr}")
    return found


def test_output_is_written_by_render_and_the_command_line_only() -> None:
    """Use cases return records; render and the command line write them (issue 43: torchrun's
    relay went through doctor/job.py)."""
    writes = {
        str(path.relative_to(PACKAGE)): sorted(_writes(path.read_text(encoding="utf-8")))
        for part in ("doctor", "diagnosis", "rules", "model")
        for path in sorted((PACKAGE / part).rglob("*.py"))
    }
    assert {name: found for name, found in writes.items() if found} == {}
    assert _writes("sys.stdout.write(ran.report)\nprint(x)") == {"sys.stdout", "print"}
