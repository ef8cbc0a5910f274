"""issue 38 (s13-wheels): what the generated table (builds_table.py, read from PyPI's file
lists by tools/wheel_builds.py) says of a package on one machine: whether any of its files
installs there, and, where none does, what it has builds for, in words.

pip installs a wheel only where one of its tags is among the interpreter's (pip/_internal/
models/wheel.py Wheel.supported, packaging.tags.sys_tags), and a source distribution where no
wheel fits; where neither exists for any release it says "from versions: none" (pip/_internal/
resolution/resolvelib/factory.py). A fact the paste does not show (the Python, the system, the
CPU) is any value: only what it shows can rule a file out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor import versions
from hwdoctor.compat import builds_table

# A CPU architecture as the table names it, from platform.machine()'s or a tag's word.
_ARCH_WORDS: Final = {
    "x86_64": "x86_64", "amd64": "x86_64", "AMD64": "x86_64", "aarch64": "arm64",
    "arm64": "arm64", "ARM64": "arm64", "i686": "x86", "x86": "x86",
}  # fmt: skip
_SYSTEM_WORDS: Final = {"Darwin": "macOS", "Windows": "Windows", "Linux": "Linux", "any": "any"}
_ARCH_SAID: Final = {"x86_64": "x86_64", "arm64": "Arm64", "x86": "32-bit x86"}


@dataclass(frozen=True)
class Machine:
    """What a paste shows of where the install ran; None where it does not show it."""

    python: tuple[int, int] | None = None
    system: str | None = None  # platform.system()'s word: Linux, Darwin, Windows
    arch: str | None = None  # the table's word: x86_64, arm64, x86

    def words(self) -> str:
        """The machine as a sentence names it: "Python 3.13 on macOS (Arm64)"."""
        python = f"Python {self.python[0]}.{self.python[1]}" if self.python else ""
        where = _SYSTEM_WORDS.get(self.system or "", "")
        if self.arch:
            arch = _ARCH_SAID.get(self.arch, self.arch)
            where = f"{where} ({arch})" if where else f"a {arch} machine"
        return " on ".join(p for p in (python, where) if p) or "this machine"


@dataclass(frozen=True)
class Verdict:
    """A package with no file for the machine in the releases looked at."""

    package: str
    releases: str  # "releases 0.5.0 to 0.6.0 have", "release 0.6.0 has"
    read: str  # the date PyPI was read
    newest: str  # its newest release then
    sdist: bool  # a source distribution exists for the release looked at
    wheels: bool  # it has wheels (for other machines)
    has: str  # what its wheels cover, in words
    python_here: str  # the newest CPython it has wheels for on this system and CPU, or ""
    python_place: str  # where those wheels run, in words: "macOS x86_64"
    fitting: str  # the newest release the table keeps with a wheel for the machine, or ""

    def source(self) -> str:
        """Where the facts come from, as a finding cites them."""
        return f"PyPI's file list of {self.package}, read {self.read} (newest {self.newest})"


def arch_word(word: str) -> str | None:
    """The table's word for a CPU architecture a paste names; None for one it has no word for."""
    return _ARCH_WORDS.get(word)


def tag_arch(tag: str) -> str | None:
    """The CPU architecture a platform tag ends with ("macosx_15_0_x86_64" is x86_64,
    "win_amd64" x86_64, "manylinux_2_28_aarch64" arm64); None for universal2 and others."""
    return next((word for tail, word in _ARCH_WORDS.items() if tag.endswith(f"_{tail}")), None)


def known(package: str) -> bool:
    """Whether the table has the package."""
    return package in builds_table.TABLE


def _python_fits(python: str, have: tuple[int, int]) -> bool:
    if python == "any":
        return True
    minor = int(python.removeprefix("3.").rstrip("+"))
    return have[0] == 3 and (minor <= have[1] if python.endswith("+") else minor == have[1])


def _place_fits(system: str, arch: str, machine: Machine) -> bool:
    if system == "any":
        return True
    return (machine.system is None or machine.system == system) and (
        machine.arch is None or machine.arch == arch
    )


def _fits(wheels: builds_table.Wheels, machine: Machine) -> bool:
    return any(
        _place_fits(system, arch, machine)
        and (machine.python is None or any(_python_fits(p, machine.python) for p in pythons))
        for system, arch, pythons in wheels
    )


# The values a fact the paste does not show may take, where the installer found no file at
# all: the CPython releases in common use (python.org's supported releases, 3.9 to 3.13, in
# 2025-2026), and each system's 64-bit CPUs (macOS: Intel and Apple silicon; Linux: x86_64 and
# aarch64; Windows: x86_64).
_PLAUSIBLE_PYTHONS: Final = ((3, 9), (3, 10), (3, 11), (3, 12), (3, 13))
_PLAUSIBLE_ARCHES: Final = {
    "Darwin": ("x86_64", "arm64"), "Linux": ("x86_64", "arm64"), "Windows": ("x86_64",),
}  # fmt: skip


def _fits_every(wheels: builds_table.Wheels, machine: Machine) -> bool:
    """Whether a wheel fits the machine whatever the Python and CPU it does not show are,
    on the system it shows (a system not shown: whether one fits at all)."""
    if machine.system is None:
        return _fits(wheels, machine)
    pythons = (machine.python,) if machine.python else _PLAUSIBLE_PYTHONS
    arches = (machine.arch,) if machine.arch else _PLAUSIBLE_ARCHES.get(machine.system, (None,))
    return all(
        _fits(wheels, Machine(python=python, system=machine.system, arch=arch))
        for python in pythons
        for arch in arches
    )


def _rows(package: str, spec: str) -> Sequence[builds_table.Row]:
    """The rows of the releases a requirement admits: "==X" its release's row, anything else
    every row kept (the table's newest releases)."""
    rows = builds_table.TABLE[package][2]
    if not spec.startswith("==") or spec.startswith("==="):
        return rows
    wanted = versions.parse(spec[2:])
    if wanted is None:
        return rows
    for row in rows:
        first, last = versions.parse(row[0]), versions.parse(row[1])
        if first is not None and last is not None and first <= wanted <= last:
            return (row,)
    return ()


def _pythons_words(pythons: Sequence[str]) -> str:
    if "any" in pythons:
        return "any Python"
    concrete = [p for p in pythons if not p.endswith("+")]
    words = f"CPython {concrete[0]}" + (f" to {concrete[-1]}" if len(concrete) > 1 else "")
    floor = next((p for p in pythons if p.endswith("+")), "")
    if floor:
        return (
            f"{words} and CPython {floor.rstrip('+')} and later"
            if concrete
            else (f"CPython {floor.rstrip('+')} and later")
        )
    return words


def _has(wheels: builds_table.Wheels, sdist: bool) -> str:
    """What a release's files cover, in words."""
    places = [
        f"{_SYSTEM_WORDS.get(s, s)} {_ARCH_SAID.get(a, a)} ({_pythons_words(p)})"
        if s != "any"
        else f"every system ({_pythons_words(p)})"
        for s, a, p in wheels
    ]
    wheel_words = "wheels for " + "; ".join(places) if places else "no wheel"
    return wheel_words + ("; and a source distribution" if sdist else "; no source distribution")


def _python_here(wheels: builds_table.Wheels, machine: Machine) -> tuple[str, str]:
    """The newest CPython x.y the release has a wheel for on the machine's system and CPU, and
    where that wheel runs in words ("macOS x86_64"); ("", "") where none."""
    found = [
        (int(p.rstrip("+").removeprefix("3.")), p.rstrip("+"), s, a)
        for s, a, ps in wheels
        if s != "any" and _place_fits(s, a, Machine(system=machine.system, arch=machine.arch))
        for p in ps
        if p != "any"
    ]
    if not found:
        return "", ""
    # the newest in common use where it has one (_PLAUSIBLE_PYTHONS), else the oldest newer
    usual = [f for f in found if (3, f[0]) in _PLAUSIBLE_PYTHONS]
    newer = [f for f in found if (3, f[0]) > _PLAUSIBLE_PYTHONS[-1]]
    _, python, system, _ = max(usual) if usual else min(newer) if newer else max(found)
    arches = sorted({_ARCH_SAID.get(a, a) for _, p, s, a in found if p == python and s == system})
    return python, f"{_SYSTEM_WORDS.get(system, system)} {' and '.join(arches)}"


def no_build(
    package: str, spec: str, machine: Machine, *, sdist_counts: bool, found_none: bool = False
) -> Verdict | None:
    """A verdict where no release the requirement admits has a wheel for the machine (and,
    with `sdist_counts`, no source distribution pip could build either); None where one has,
    where the paste shows nothing of the machine, or where the package is not in the table.
    `found_none`: the installer found no file at all, so a Python or CPU the paste does not
    show may be any for which none exists (decord on a Mac: wheels for Intel and CPython 3.6
    to 3.8 alone)."""
    if package not in builds_table.TABLE or machine == Machine():
        return None
    read, newest, _ = builds_table.TABLE[package]
    rows = _rows(package, spec)
    if not rows:
        return None  # a release the table does not keep: nothing to say of it
    fits = _fits_every if found_none else _fits
    if any(fits(row[3], machine) or (sdist_counts and row[2]) for row in rows):
        return None
    first, last, sdist, wheels = rows[-1]
    if not wheels and not sdist:
        return None
    return Verdict(
        package=package,
        releases=f"release {first} has" if first == last else f"releases {first} to {last} have",
        read=read,
        newest=newest,
        sdist=sdist,
        wheels=bool(wheels),
        has=_has(wheels, sdist),
        python_here=_python_here(wheels, machine)[0],
        python_place=_python_here(wheels, machine)[1],
        fitting=next(
            (row[1] for row in reversed(builds_table.TABLE[package][2]) if _fits(row[3], machine)),
            "",
        ),
    )


def wheel_systems(package: str) -> tuple[str, ...] | None:
    """The systems (platform.system()'s words) the newest release has wheels for, where it has
    wheels and no source distribution and no wheel for every platform: nothing else installs
    elsewhere. None otherwise."""
    if package not in builds_table.TABLE:
        return None
    _, _, sdist, wheels = builds_table.TABLE[package][2][-1]
    systems = tuple(sorted({system for system, _, _ in wheels}))
    if sdist or not systems or "any" in systems:
        return None
    return systems


def arches(package: str, system: str) -> tuple[str, ...]:
    """The CPU architectures the newest release has wheels for on `system`."""
    if package not in builds_table.TABLE:
        return ()
    wheels = builds_table.TABLE[package][2][-1][3]
    return tuple(sorted({a for s, a, _ in wheels if s in (system, "any")}))
