"""Older transformers/accelerate pairs, each in a venv that shares the dev venv's torch.

`python -m tests.pairs build` (run by `make test` before pytest) makes one venv per line of
constraints/pairs.txt under .venv-pairs/: no system site packages, the pair installed from
the registry, and a `.pth` that puts the dev venv's site-packages last on sys.path, so torch
(and whatever the pair does not pin) is the one install the dev venv has. A venv whose
pins are unchanged is kept.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
PAIRS_FILE: Final = ROOT / "constraints" / "pairs.txt"
HOME: Final = ROOT / ".venv-pairs"


@dataclass(frozen=True)
class Pair:
    name: str
    requirements: tuple[str, ...]
    home: Path = HOME  # where its venv lives (tools/refresh.py builds throwaway ones)

    @property
    def root(self) -> Path:
        return self.home / self.name

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    @property
    def outside(self) -> bool:
        """A pair older or newer than every decision table (explain observes it)."""
        return self.name.startswith("outside-")

    def version(self, dist: str) -> str:
        pinned = next(r for r in self.requirements if r.startswith(f"{dist}=="))
        return pinned.split("==", 1)[1]


def pairs() -> tuple[Pair, ...]:
    found = []
    for line in PAIRS_FILE.read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            found.append(Pair(words[0], tuple(words[1:])))
    return tuple(found)


def _purelib(python: Path | str) -> str:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()  # fmt: skip


def _shared_version(dist: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def build(pair: Pair) -> None:
    stamp = pair.root / ".pinned"
    # The dev venv's kernels is part of what a pair sees (see _outgrown): a new one rebuilds.
    wanted = " ".join(pair.requirements) + f" (dev venv kernels {_shared_version('kernels')})"
    if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted and pair.python.exists():
        return
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(pair.root)], check=True)
    shared = sysconfig.get_paths()["purelib"]  # the dev venv running this
    Path(_purelib(pair.python), "zz-shared-dev-venv.pth").write_text(shared + "\n")
    torch = subprocess.run(
        [sys.executable, "-c", "import importlib.metadata as m; print(m.version('torch'))"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    constraints = pair.root / "constraints.txt"
    constraints.write_text(f"torch=={torch}\n", encoding="utf-8")
    subprocess.run(
        [str(pair.python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-c", str(constraints), *pair.requirements],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    outgrown = _outgrown(pair)
    if outgrown:
        subprocess.run(
            [str(pair.python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-c", str(constraints), *outgrown],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
    stamp.write_text(wanted, encoding="utf-8")


# The pair's own libraries whose optional requirements are checked against the dev venv.
_LIBRARIES: Final = ("transformers", "accelerate")


def _outgrown(pair: Pair) -> list[str]:
    """Requirements of the pair's libraries' extras that the dev venv's copy, seen through
    the shared path, does not meet: e.g. transformers 5.25.0 requires kernels>=0.19.1, which
    the dev venv then holds, while transformers 5.0.0 names kernels<0.11 in its extras and
    uses any kernels it can import (its pipeline() then fails on kernels 0.19's API). A user
    of that release has the kernels its extras name; so does its venv here."""
    from importlib import metadata

    from packaging.requirements import Requirement

    code = (
        "import importlib.metadata as m, json, sys; "
        "print(json.dumps({d: m.requires(d) or [] for d in sys.argv[1:]}))"
    )
    declared = json.loads(subprocess.run(
        [str(pair.python), "-c", code, *_LIBRARIES], capture_output=True, text=True, check=True,
    ).stdout)  # fmt: skip
    wanted: dict[str, Requirement] = {}
    for lines in declared.values():
        for line in lines:
            requirement = Requirement(line)
            if requirement.marker is None or "extra" not in str(requirement.marker):
                continue  # a plain requirement: pip installed it into the pair already
            if requirement.name == "torch" or not requirement.specifier:
                continue
            try:
                shared = metadata.version(requirement.name)  # the dev venv's, if any
            except metadata.PackageNotFoundError:
                continue
            if not requirement.specifier.contains(shared, prereleases=True):
                wanted.setdefault(requirement.name, requirement)
    return [f"{r.name}{r.specifier}" for r in wanted.values()]


def main(argv: list[str]) -> int:
    if argv != ["build"]:
        print("usage: python -m tests.pairs build", file=sys.stderr)
        return 2
    for pair in pairs():
        try:
            build(pair)
        except subprocess.CalledProcessError as error:
            print(f"{pair.name}: pip failed:\n{error.stderr}", file=sys.stderr)
            return 1
        print(f"{pair.name}: {pair.python}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
