"""issue 38 (s17-names): the top-level names and the modules each release of the Hugging Face
ecosystem's libraries has, read from the releases' wheels: `make refresh` runs it beside
tools/model_types.py.

Python refuses a name a module does not define ("ImportError: cannot import name 'X' from
'P'", CPython Python/ceval.c import_from) and a module a package does not ship ("No module
named 'P.a.b'", Lib/importlib/_bootstrap.py _find_and_load_unlocked). Which release of P
first had X, and which one dropped it, is in P's own files. For each final release on PyPI
of each package below (every one that has a wheel, yanked ones too: PyPI's JSON API lists
them, pip's index listing does not; sdist-only releases are left out; transformers from 2.0.0,
Hugging Face's first release under that name, so that the names 2.x and 3.x removed are
told: issue 38, s19-placeholder; PyPI's "0.1" of that name is a Python 2 wheel uploaded
2016-08-17, three years before it), this tool reads one wheel at a time (nothing is installed or
imported; wheels up to 64 MiB are downloaded whole into memory, a larger one, vLLM's CUDA
builds, is read with HTTP range requests: the zip's central directory and the few files
below), and parses with `ast`:

- the module paths: every `.py` file and compiled extension (`.so`, `.pyd`) under the
  package's directory in the wheel's file list, and every directory above one;
- the top-level names, from the package's `__init__.py` (Python's own import: `from P import
  X` reads P/__init__.py's namespace, then its module `__getattr__`):
  * huggingface_hub from 0.10: `_SUBMOD_ATTRS` (module -> names, served by the lazy
    `__getattr__` of `_attach`), before it its plain `from .x import Y`;
  * transformers 4.x, diffusers from 0.20, trl from 0.8: `_import_structure` (module ->
    names, served by `_LazyModule`), the dict literal and each `_import_structure[m] =`,
    `.extend(...)`, `.append(...)` in the `try`/`else` blocks of the optional backends;
  * transformers 5.x: beside its `_import_structure`, `define_import_structure(Path(__file__)
    .parent / "models", prefix="models")` (transformers/utils/import_utils.py): the
    `__all__` of every module under transformers/models/ is a top-level name too, so those
    files are read as well;
  * vLLM from 0.8: `MODULE_ATTRS` (name -> "module:attr", served by its `__getattr__`), and
    `__all__`;
  * every package: the `from .x import Y` / `from .x import Y as Z` statements, the
    `__all__` list and the classes, functions and constants its `__init__.py` defines
    (peft, accelerate, sentence-transformers and the older releases of the others have
    only these), at the top level and in `if`/`try`/`with` blocks, never in a function.
  Private names (a leading underscore) are left out.

It writes hwdoctor/compat/exported_names_table.txt: the date, and per package the releases
read, the yanked ones and, grouped by range, each name and module path with the first
release that has it and, where a later release dropped it again, the first release without
it (a name dropped and brought back later keeps its first and its last release).

    python tools/exported_names.py             # the releases the table has not read, added
    python tools/exported_names.py --all       # every release again
    python tools/exported_names.py --package peft

This tool reads PyPI's JSON API and the wheels over HTTPS (urllib); nothing else talks to the
network.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import json
import sys
import urllib.request
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urljoin

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's hwdoctor, before any installed one

from hwdoctor import versions
from hwdoctor.compat import exported_names

TABLE: Final = exported_names.NAMES_FILE
# wheels larger than this are read by ranges (vLLM's CUDA wheels are 100-400 MiB each)
WHOLE_MAX: Final = 64 * 2**20


@dataclass(frozen=True, slots=True)
class Package:
    """A distribution, its import name and the first release read."""

    dist: str
    top: str
    first_read: str


PACKAGES: Final = (
    Package("huggingface_hub", "huggingface_hub", "0.0.1"),
    Package("transformers", "transformers", "2.0.0"),
    Package("diffusers", "diffusers", "0.0.1"),
    Package("peft", "peft", "0.0.1"),
    Package("accelerate", "accelerate", "0.0.1"),
    Package("trl", "trl", "0.0.1"),
    Package("sentence-transformers", "sentence_transformers", "0.0.1"),
    Package("vllm", "vllm", "0.0.1"),
)

# the lazy tables whose lists hold names (module -> [names])
LISTED: Final = ("_import_structure", "_SUBMOD_ATTRS")
# vLLM's lazy table, whose keys are the names (name -> "module:attr")
KEYED: Final = ("MODULE_ATTRS",)


def api(dist: str) -> str:
    return f"https://pypi.org/pypi/{dist}/json"


def listed_releases(package: Package) -> tuple[list[tuple[str, dict[str, object]]], set[str]]:
    """The final releases of a package on PyPI that have a wheel, oldest first, each with the
    wheel read (a pure-Python one if there is, else the first Linux x86_64 one), and which of
    them PyPI has yanked (https://docs.pypi.org/api/json/: `releases` maps each version to
    its files, each with `yanked`)."""
    with urllib.request.urlopen(api(package.dist), timeout=60) as answer:
        files = json.load(answer)["releases"]
    kept: list[tuple[str, dict[str, object]]] = []
    yanked: set[str] = set()
    for version, found in files.items():
        parsed = versions.parse(version)
        if parsed is None or parsed.is_prerelease or parsed.is_devrelease:
            continue
        if not versions.satisfies(version, f">={package.first_read}"):
            continue
        wheels = [f for f in found if str(f["filename"]).endswith(".whl")]
        pure = [f for f in wheels if "-none-any" in str(f["filename"])]
        linux = [f for f in wheels if "x86_64" in str(f["filename"])]
        chosen = (pure or linux or wheels or [None])[0]
        if chosen is None:
            continue  # an sdist-only release: no wheel to read
        kept.append((version, chosen))
        if all(f.get("yanked") for f in found):
            yanked.add(version)
    kept.sort(key=lambda pair: versions.parse(pair[0]) or 0)
    return kept, yanked


class RangeFile(io.RawIOBase):
    """A remote file read by HTTP range requests, for zipfile (seekable, read-only), in blocks
    of 1 MiB kept while the file is open."""

    BLOCK: Final = 2**20

    def __init__(self, url: str, size: int) -> None:
        self.url, self.size, self.at = url, size, 0
        self.blocks: dict[int, bytes] = {}

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.at

    def seek(self, offset: int, whence: int = 0) -> int:
        base = {0: 0, 1: self.at, 2: self.size}[whence]
        self.at = max(0, base + offset)
        return self.at

    def _block(self, index: int) -> bytes:
        if index not in self.blocks:
            start = index * self.BLOCK
            end = min(self.size, start + self.BLOCK) - 1
            asked = urllib.request.Request(self.url, headers={"Range": f"bytes={start}-{end}"})
            with urllib.request.urlopen(asked, timeout=120) as answer:
                self.blocks[index] = answer.read()
        return self.blocks[index]

    def read(self, n: int = -1) -> bytes:
        end = self.size if n is None or n < 0 else min(self.size, self.at + n)
        out = bytearray()
        while self.at < end:
            block = self._block(self.at // self.BLOCK)
            start = self.at % self.BLOCK
            piece = block[start : start + end - self.at]
            if not piece:
                break
            out += piece
            self.at += len(piece)
        return bytes(out)

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def open_wheel(dist: str, wheel: dict[str, object]) -> zipfile.ZipFile:
    url = urljoin(api(dist), str(wheel["url"]))
    size = int(str(wheel["size"]))
    if size <= WHOLE_MAX:
        with urllib.request.urlopen(url, timeout=300) as answer:
            return zipfile.ZipFile(io.BytesIO(answer.read()))
    return zipfile.ZipFile(RangeFile(url, size))  # type: ignore[arg-type]


def _strings(node: ast.AST, *, lists_only: bool = True) -> list[str]:
    """The string constants in an expression: those that are items of a list, tuple or set
    (a lazy table's names; its dict keys are module paths), or all of them."""
    found: list[str] = []
    for item in ast.walk(node):
        if isinstance(item, ast.List | ast.Tuple | ast.Set):
            found += [e.value for e in item.elts
                      if isinstance(e, ast.Constant) and isinstance(e.value, str)]  # fmt: skip
        elif not lists_only and isinstance(item, ast.Constant) and isinstance(item.value, str):
            found.append(item.value)
    return found


def _keys(table: ast.Dict) -> list[str]:
    """A dict literal's string keys (vLLM's MODULE_ATTRS: name -> "module:attr")."""
    return [k.value for k in table.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]


def _is_table(node: ast.expr, names: Sequence[str]) -> bool:
    """`T` or `T[...]` for a table name T."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id in names


def _statements(body: Iterable[ast.stmt]) -> Iterable[ast.stmt]:
    """The statements of a module's top level and of its if / try / with blocks."""
    for node in body:
        yield node
        if isinstance(node, ast.If | ast.For | ast.While):
            yield from _statements([*node.body, *node.orelse])
        elif isinstance(node, ast.Try):
            handled = [s for h in node.handlers for s in h.body]
            yield from _statements([*node.body, *handled, *node.orelse, *node.finalbody])
        elif isinstance(node, ast.With):
            yield from _statements(node.body)


def exported(source: str) -> set[str]:
    """The top-level names an `__init__.py` exports (the module's docstring says which)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    found: list[str] = []
    for node in _statements(tree.body):
        if isinstance(node, ast.ImportFrom):
            found += [a.asname or a.name for a in node.names if a.name != "*"]
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (isinstance(target, ast.Name) and target.id == "__all__" and node.value) or (
                    _is_table(target, LISTED) and node.value is not None
                ):
                    found += _strings(node.value)
                elif isinstance(target, ast.Name) and target.id in KEYED:
                    if isinstance(node.value, ast.Dict):
                        found += _keys(node.value)
                elif isinstance(target, ast.Name):
                    found.append(target.id)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            call = node.value.func
            if isinstance(call, ast.Attribute) and _is_table(call.value, (*LISTED, "__all__")):
                for argument in node.value.args:
                    found += _strings(argument, lists_only=call.attr != "append")
        elif isinstance(node, ast.AugAssign) and _is_table(node.target, ("__all__", *LISTED)):
            found += _strings(node.value)
    return {name for name in found if name.isidentifier() and not name.startswith("_")}


def module_all(source: str) -> set[str]:
    """A module's `__all__` (transformers 5.x's define_import_structure reads it): only the
    assignment's own text is parsed (a release has some 2,000 such modules)."""
    at = source.find("\n__all__ = ")
    end = source.find("]", at) if at >= 0 else -1
    if end < 0:
        return set()
    try:
        tree = ast.parse(source[at + 1 : end + 1])
    except SyntaxError:
        return set()
    found = [s for node in tree.body if isinstance(node, ast.Assign) for s in _strings(node.value)]
    return {name for name in found if name.isidentifier() and not name.startswith("_")}


def modules(top: str, files: Iterable[str]) -> set[str]:
    """The module paths of a wheel's file list under `top/`, without the `top.` prefix (""
    is the package itself): each .py file, compiled extension and directory above one."""
    found: set[str] = set()
    for path in files:
        parts = path.split("/")
        if parts[0] != top or len(parts) < 2:
            continue
        name = parts[-1]
        stem = name.split(".", 1)[0]
        if not name.endswith((".py", ".so", ".pyd")) or not stem.isidentifier():
            continue
        dirs = parts[1:-1]
        if not all(d.isidentifier() for d in dirs):
            continue
        for depth in range(1, len(dirs) + 1):
            found.add(".".join(dirs[:depth]))
        if stem != "__init__":
            found.add(".".join([*dirs, stem]))
    return found


def read_release(
    package: Package, release: str, wheel: dict[str, object]
) -> tuple[set[str], set[str]] | None:
    """One release's names and module paths; None when its wheel cannot be read."""
    try:
        with open_wheel(package.dist, wheel) as archive:
            files = archive.namelist()
            init = f"{package.top}/__init__.py"
            if init not in files:
                print(f"  {release}: the wheel has no {init}")
                return None
            source = archive.read(init).decode("utf-8", "replace")
            names = exported(source)
            if "define_import_structure" in source and package.top == "transformers":
                for path in files:
                    if path.startswith("transformers/models/") and path.endswith(".py"):
                        text = archive.read(path).decode("utf-8", "replace")
                        if "__all__" in text:
                            names |= module_all(text)
            return names, modules(package.top, files)
    except (OSError, zipfile.BadZipFile) as error:
        print(f"  {release}: could not read: {error}")
        return None


def previous(package: Package) -> dict[str, tuple[set[str], set[str]]]:
    """What the table holds for a package, as each release's names and modules."""
    if not TABLE.exists():
        return {}
    table = exported_names.parse(TABLE.read_text(encoding="utf-8"), package.dist)
    if table is None:
        return {}
    out: dict[str, tuple[set[str], set[str]]] = {r: (set(), set()) for r in table.releases}
    for kind, rows in ((0, table.names), (1, table.modules)):
        for item, (first, gone) in rows.items():
            for release in table.releases:
                if exported_names.has(release, first, gone):
                    out[release][kind].add(item)
    return out


def rows(order: Sequence[str], read: dict[str, set[str]]) -> dict[tuple[str, str], list[str]]:
    """(first, gone or "") -> the items of that range, sorted."""
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    for release in order:
        for item in read[release]:
            first.setdefault(item, release)
            last[item] = release
    grouped: dict[tuple[str, str], list[str]] = {}
    for item in sorted(first):
        gone = "" if last[item] == order[-1] else order[order.index(last[item]) + 1]
        grouped.setdefault((first[item], gone), []).append(item)
    return grouped


def render_package(
    package: Package, read: dict[str, tuple[set[str], set[str]]], yanked: set[str]
) -> list[str]:
    order = sorted(read, key=lambda v: versions.parse(v) or 0)
    lines = [
        f"package {package.dist} {package.top}",
        "releases " + " ".join(order),
        "yanked " + " ".join(v for v in order if v in yanked),
    ]
    for kind, index in (("n", 0), ("m", 1)):
        grouped = rows(order, {r: read[r][index] for r in order})
        for (first, gone), items in sorted(
            grouped.items(), key=lambda kv: (versions.parse(kv[0][0]) or 0, kv[0][1])
        ):
            lines.append(f"{kind} {first} {gone or '-'} " + " ".join(items))
    return lines


HEADER: Final = (
    "# GENERATED by tools/exported_names.py from the wheels on PyPI of each release (the",
    "# tool's docstring says which file of each package it reads and how). Do not edit: run",
    "# `make refresh` (or `python tools/exported_names.py`). `read` the date; per package:",
    "# `package DIST TOP`, `releases` every release read, oldest first, `yanked` those PyPI",
    "# has yanked; then rows `n FIRST GONE NAME...` (top-level names) and `m FIRST GONE",
    "# PATH...` (module paths below TOP): the first release that has each, and the first",
    "# release without it again (`-`: the newest release read has it).",
)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="read every release again")
    parser.add_argument("--package", action="append", help="only this package (repeatable)")
    args = parser.parse_args(argv)
    failed: list[str] = []
    today = datetime.date.today().isoformat()
    sections = sections_read() if TABLE.exists() else {}  # kept where not read again
    for package in PACKAGES:
        if args.package and package.dist not in args.package:
            continue
        read = {} if args.all else previous(package)
        listed, yanked = listed_releases(package)
        for release, wheel in listed:
            if release in read:
                continue
            found = read_release(package, release, wheel)
            if found is None:
                failed.append(f"{package.dist} {release}")
                continue
            read[release] = found
            print(f"  {package.dist} {release}: {len(found[0])} names, "
                  f"{len(found[1])} modules", flush=True)  # fmt: skip
        if read:
            sections[package.dist] = render_package(package, read, yanked)
            write(sections, today)  # after each package: an interrupted run keeps what it read
    if not sections:
        print("exported_names: nothing read; the table is left as it was", file=sys.stderr)
        return 1
    print(f"{TABLE.relative_to(ROOT)}: {TABLE.stat().st_size} bytes ({today})")
    if failed:
        print(f"exported_names: not read: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def render(sections: dict[str, list[str]], today: str) -> str:
    """The table's text, its packages in PACKAGES' order."""
    body = [line for p in PACKAGES for line in sections.get(p.dist, [])]
    return "\n".join([*HEADER, f"read {today}", *body]) + "\n"


def write(sections: dict[str, list[str]], today: str) -> None:
    TABLE.write_text(render(sections, today), encoding="utf-8")


def sections_read() -> dict[str, list[str]]:
    """The table's sections as the tool writes them from the table's own rows."""
    out: dict[str, list[str]] = {}
    for package in PACKAGES:
        found = exported_names.parse(TABLE.read_text(encoding="utf-8"), package.dist)
        if found is not None:
            out[package.dist] = render_package(package, previous(package), set(found.yanked))
    return out


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
