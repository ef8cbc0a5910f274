"""Versions and requirements judged as pip judges them: by `packaging` (PEP 440, PEP 508).

`Requires-Dist: torch==2.10.0`, `--require torch>=2.6` and the rule tables' version gates
all go through here. `packaging` is imported inside the functions, not at the top:
`hwdoctor list`, `--help` and shell completion never judge a version and do not pay for
the import (tests/test_list.py checks).

Everything judged comes from the diagnosed environment (a package's METADATA, the probe's
answers), so nothing here raises on bad input: text that is not a version is `None`, a
`Requires-Dist` line that is not a PEP 508 requirement is `Outcome.INVALID` with packaging's
reason, as pip reports it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

# Bounds on text from the diagnosed environment. PEP 440 sets none, but Python refuses to
# convert more than 4,300 digits to an int (CVE-2020-10735), so `torch>=1.` followed by
# 5,000 nines makes packaging raise ValueError deep inside a comparison. Real versions are
# tens of characters (torch's nightlies: "2.12.0.dev20250101+cu128"), real lines hundreds.
MAX_VERSION_CHARS: Final = 256
MAX_REQUIREMENT_CHARS: Final = 2048


def parse(text: str) -> Version | None:
    """`"2.5.1+cu121"` as a `packaging.version.Version`; None when it is not PEP 440."""
    from packaging.version import InvalidVersion, Version

    if len(text) > MAX_VERSION_CHARS:
        return None
    try:
        return Version(text)
    except (InvalidVersion, ValueError):
        return None


def parse_specifiers(text: str) -> SpecifierSet | None:
    """`">=2.6,<3"` as a `SpecifierSet`; None when any part is malformed. Empty: any version.

    packaging skips empty parts (`">=2.6,,"`); PEP 508 does not, and neither does this.
    """
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    if len(text) > MAX_REQUIREMENT_CHARS:
        return None
    if text.strip() and any(not part.strip() for part in text.split(",")):
        return None
    try:
        specifiers = SpecifierSet(text)
    except (InvalidSpecifier, ValueError):
        return None
    return specifiers if _versions_convert(specifiers) else None


def _versions_convert(specifiers: SpecifierSet) -> bool:
    """Whether each specifier's version converts (not true of 5,000 nines, see above)."""
    return all(
        spec.operator == "===" or parse(spec.version.removesuffix(".*")) is not None
        for spec in specifiers
    )


@functools.lru_cache(maxsize=4096)  # the rule tables ask the same few pairs many times
def satisfies(version: str, specifiers: str) -> bool | None:
    """Whether `version` meets every specifier; None when either cannot be parsed.

    Pre-releases count, as in `pip check` (`contains(version, prereleases=True)`): an
    installed 2.12.0rc1 meets `>=2.11`. PEP 440's own exclusions stand: 2.12.0rc1 is not
    `<2.12.0`, and a local label (`+cpu`) matters only when the specifier names one.
    """
    parsed_version = parse(version)
    parsed = parse_specifiers(specifiers)
    if parsed_version is None or parsed is None:
        return None
    return _contains(parsed, parsed_version)


def _contains(specifiers: SpecifierSet, version: Version) -> bool | None:
    try:
        return specifiers.contains(version, prereleases=True)
    except ValueError:  # a comparison packaging cannot make; see MAX_VERSION_CHARS
        return None


class Outcome(str, Enum):
    """What one `Requires-Dist` line says about an installed version."""

    MET = "met"
    UNMET = "unmet"
    INVALID = "invalid"  # not a PEP 508 requirement: pip refuses it too
    OTHER = "other"  # about another distribution, or its marker excludes this interpreter
    UNKNOWN = "unknown"  # the installed version, or the interpreter a marker asks about


@dataclass(frozen=True, slots=True)
class Judged:
    """One `Requires-Dist` line judged: `spec` as packaging writes it (`">=2.1"`), `reason`
    the first line of packaging's complaint when the line is invalid."""

    requirement: str
    outcome: Outcome
    spec: str = ""
    reason: str = ""


# PEP 508's name: letters and digits, with ".", "-" and "_" inside (case-insensitive), the
# grammar pip checks a distribution's name against
# (https://peps.python.org/pep-0508/#names; packaging.requirements' NAME).
_NAME: Final = re.compile(r"[A-Z0-9](?:[A-Z0-9._-]{0,254}[A-Z0-9])?", re.I)


def is_name(text: str) -> bool:
    """Whether `text` is a distribution name by PEP 508's grammar (and at most 256 long)."""
    return _NAME.fullmatch(text) is not None


# A requirement's extras by PEP 508's grammar: "[" name ("," name)* "]", names as _NAME's.
_EXTRAS: Final = re.compile(
    r"\[\s*(?:[A-Z0-9](?:[A-Z0-9._-]{0,62}[A-Z0-9])?)"
    r"(?:\s*,\s*[A-Z0-9](?:[A-Z0-9._-]{0,62}[A-Z0-9])?){0,15}\s*\]",
    re.I,
)


def is_extras(text: str) -> bool:
    """Whether `text` is a requirement's extras by PEP 508's grammar ("[tpu]", "[neuronx,
    training]"), or empty: no extras."""
    return not text or _EXTRAS.fullmatch(text) is not None


def is_version(text: str) -> bool:
    """Whether `text` is a version by PEP 440's grammar, as pip reads it."""
    return parse(text) is not None


# PEP 503 ("Normalized Names"): runs of -, _ and . are one separator.
_SEPARATORS: Final = re.compile(r"[-_.]+")


def canonical_name(name: str) -> str:
    """A distribution's name as PEP 503 normalises it: "Torch_NPU" and "torch-npu" are one.
    PEP 503's own expression, not packaging.utils' canonicalize_name: that module brings
    packaging.tags and logging, which reading a paste has no other use for."""
    return _SEPARATORS.sub("-", name).lower()


def judge_requirement(
    requirement: str, name: str, version: str | None, python: str | None = None
) -> Judged:
    """What the `Requires-Dist` line `requirement` says about `name` at `version`.

    Markers are evaluated as pip evaluates them for the interpreter whose version is
    `python` ("3.11.7"): `python_version < "3.9"` against it, `extra == "gpu"` as false
    (no extra is installed by being diagnosed). The other marker variables (`sys_platform`,
    `platform_machine`) are this host's: hwdoctor diagnoses interpreters of the machine it
    runs on. With `python` unknown, a line with a marker is `UNKNOWN`, not guessed.
    """
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    text = requirement.strip()
    if len(text) > MAX_REQUIREMENT_CHARS:
        return Judged(
            requirement, Outcome.INVALID, reason=f"longer than {MAX_REQUIREMENT_CHARS} characters"
        )
    try:
        parsed = Requirement(text)
    except (InvalidRequirement, ValueError) as exc:
        return Judged(requirement, Outcome.INVALID, reason=_invalid_reason(text, exc))
    if not _versions_convert(parsed.specifier):
        reason = f"a version longer than {MAX_VERSION_CHARS} characters"
        return Judged(requirement, Outcome.INVALID, reason=reason)
    spec = str(parsed.specifier)
    if canonicalize_name(parsed.name) != canonicalize_name(name):
        return Judged(requirement, Outcome.OTHER, spec)
    if parsed.marker is not None:
        environment = marker_environment(python)
        if environment is None:
            return Judged(requirement, Outcome.UNKNOWN, spec)
        try:
            applies = parsed.marker.evaluate(environment)
        except ValueError as exc:  # e.g. packaging's UndefinedComparison
            return Judged(requirement, Outcome.INVALID, spec, reason=_first_line(exc))
        if not applies:
            return Judged(requirement, Outcome.OTHER, spec)
    installed = parse(version) if version else None
    met = None if installed is None else _contains(parsed.specifier, installed)
    if met is None:
        return Judged(requirement, Outcome.UNKNOWN, spec)
    return Judged(requirement, Outcome.MET if met else Outcome.UNMET, spec)


def marker_environment(python: str | None) -> Mapping[str, str] | None:
    """The marker variables for an interpreter of version `python`; None if it is unknown."""
    parsed = parse(python) if python else None
    if parsed is None or len(parsed.release) < 2:
        return None
    return {
        "python_version": f"{parsed.release[0]}.{parsed.release[1]}",
        "python_full_version": str(python).strip(),
    }


def _invalid_reason(text: str, exc: Exception) -> str:
    """packaging's complaint; for `torch~= 2` it says "Expected semicolon ... or end" (its
    grammar backs off to a bare name), so the specifier's own complaint is clearer."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    head = re.match(r"\s*[A-Za-z0-9][A-Za-z0-9._-]*\s*(?:\[[^\]]*\])?\s*([^;@]*)", text)
    specifier = head.group(1).strip().strip("()") if head else ""
    if specifier and specifier[0] in "<>=!~":
        try:
            SpecifierSet(specifier)
        except (InvalidSpecifier, ValueError) as spec_exc:
            return _first_line(spec_exc)
    return _first_line(exc)


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
