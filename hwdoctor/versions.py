"""Just enough of PEP 440 to judge `Requires-Dist: torch==2.10.0` and `--require torch>=2.6`.

hwdoctor's runtime stays small (no `packaging`): versions are parsed into sortable keys and
specifiers are checked the way pip checks them for released versions, with local labels
(`+cpu`, `+rocm6.4`) ignored unless the specifier names one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_VERSION: Final = re.compile(
    r"""^\s*v?
    (?:(?P<epoch>\d+)!)?
    (?P<release>\d+(?:\.\d+)*)
    (?:[-_.]?(?P<pre_l>a|b|c|rc|alpha|beta|pre|preview)[-_.]?(?P<pre_n>\d*))?
    (?:(?:-(?P<post_n1>\d+))|(?:[-_.]?(?P<post_l>post|rev|r)[-_.]?(?P<post_n2>\d*)))?
    (?:[-_.]?(?P<dev_l>dev)[-_.]?(?P<dev_n>\d*))?
    (?:\+(?P<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?
    \s*$""",
    re.VERBOSE | re.IGNORECASE,
)
_PRE_ORDER: Final = {"a": 0, "alpha": 0, "b": 1, "beta": 1, "c": 2, "rc": 2, "pre": 2, "preview": 2}
_SPECIFIER: Final = re.compile(r"^\s*(===|==|!=|~=|<=|>=|<|>)\s*([^\s,;]+)\s*$")
OPERATORS: Final = ("===", "==", "!=", "~=", "<=", ">=", "<", ">")

_Key = tuple[int, tuple[int, ...], tuple[int, int], tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Version:
    text: str
    epoch: int
    release: tuple[int, ...]
    pre: tuple[int, int] | None
    post: int | None
    dev: int | None
    local: str | None

    @property
    def public(self) -> str:
        return self.text.split("+", 1)[0]

    def key(self) -> _Key:
        release = tuple(self.release)
        while len(release) > 1 and release[-1] == 0:
            release = release[:-1]
        # A dev release of X sorts before X's pre-releases; no pre-release sorts after them.
        if self.pre is None and self.post is None and self.dev is not None:
            pre = (-1, 0)
        else:
            pre = self.pre if self.pre is not None else (3, 0)
        post = (1, self.post) if self.post is not None else (0, 0)
        dev = (0, self.dev) if self.dev is not None else (1, 0)
        return (self.epoch, release, pre, post, dev)


def parse(text: str) -> Version | None:
    match = _VERSION.match(text)
    if not match:
        return None
    groups = match.groupdict()
    pre = None
    if groups["pre_l"]:
        pre = (_PRE_ORDER[groups["pre_l"].lower()], int(groups["pre_n"] or 0))
    post_n = groups["post_n1"] or groups["post_n2"]
    post = int(post_n or 0) if (groups["post_n1"] or groups["post_l"]) else None
    return Version(
        text=text.strip(),
        epoch=int(groups["epoch"] or 0),
        release=tuple(int(part) for part in groups["release"].split(".")),
        pre=pre,
        post=post,
        dev=int(groups["dev_n"] or 0) if groups["dev_l"] else None,
        local=groups["local"].lower() if groups["local"] else None,
    )


@dataclass(frozen=True, slots=True)
class Specifier:
    operator: str
    version: str

    def __str__(self) -> str:
        return f"{self.operator}{self.version}"

    def contains(self, candidate: Version) -> bool:
        if self.operator == "===":
            return candidate.text.lower() == self.version.lower()
        if self.operator in ("==", "!=") and self.version.endswith(".*"):
            matched = _prefix_match(candidate, self.version[:-2])
            return matched if self.operator == "==" else not matched
        wanted = parse(self.version)
        if wanted is None:
            return False
        ours = candidate if wanted.local else _without_local(candidate)
        if self.operator == "~=":
            prefix = ".".join(str(n) for n in wanted.release[:-1])
            return ours.key() >= wanted.key() and _prefix_match(ours, prefix)
        same = ours.key() == wanted.key() and ours.local == wanted.local
        comparisons = {
            "==": same,
            "!=": not same,
            "<=": ours.key() <= wanted.key(),
            ">=": ours.key() >= wanted.key(),
            "<": ours.key() < wanted.key(),
            ">": ours.key() > wanted.key(),
        }
        return comparisons[self.operator]


def _without_local(version: Version) -> Version:
    return Version(
        version.public, version.epoch, version.release, version.pre, version.post, version.dev, None
    )


def _prefix_match(candidate: Version, prefix: str) -> bool:
    wanted = parse(prefix)
    if wanted is None:
        return False
    length = len(wanted.release)
    release = candidate.release + (0,) * max(0, length - len(candidate.release))
    return candidate.epoch == wanted.epoch and release[:length] == wanted.release


def parse_specifiers(text: str) -> tuple[Specifier, ...] | None:
    """`">=2.6,<3"` → specifiers; None when any part is malformed. Empty text: any version."""
    text = text.strip()
    if not text:
        return ()
    found = []
    for part in text.split(","):
        match = _SPECIFIER.match(part)
        if not match or (match.group(1) != "===" and parse(match.group(2).rstrip(".*")) is None):
            return None
        found.append(Specifier(match.group(1), match.group(2)))
    return tuple(found)


def satisfies(version: str, specifiers: str) -> bool | None:
    """Whether `version` meets every specifier; None when either cannot be parsed."""
    parsed_version = parse(version)
    parsed = parse_specifiers(specifiers)
    if parsed_version is None or parsed is None:
        return None
    return all(spec.contains(parsed_version) for spec in parsed)


def requirement_specifiers(requirement: str, name: str) -> str | None:
    """The specifier part of a `Requires-Dist` line about `name`, or None if it is not one.

    `"torch==2.10.0"` → `"==2.10.0"`; `"torch (>=2.1)"` → `">=2.1"`; markers are dropped.
    """
    head = requirement.split(";", 1)[0].strip()
    match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$", head)
    if not match or _normalize(match.group(1)) != _normalize(name):
        return None
    return match.group(3).strip().strip("()").strip()


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
