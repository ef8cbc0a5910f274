"""Which releases the decision tables were read from and verified against, and what that
makes of an installed release: covered, newer (predicted with the newest rows, and said so)
or older (not predicted: the real library is asked instead).

The dates and releases are data (`provenance.json`), kept up by `make refresh`
(tools/refresh.py), which verifies each newer release with the fidelity matrix before it
adds it there.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from hwdoctor import versions
from hwdoctor.model.decisions import Standing

DATA: Final = Path(__file__).with_name("provenance.json")


@dataclass(frozen=True, slots=True)
class Verified:
    release: str
    date: str  # ISO date the fidelity matrix agreed
    worlds: int  # how many fake worlds it ran


@dataclass(frozen=True, slots=True)
class Library:
    name: str
    oldest: str  # the oldest release read
    newest: str  # the newest release read (its whole minor series counts)
    verified: tuple[Verified, ...]

    @property
    def series(self) -> str:
        """The newest minor series read: "1.15"."""
        return _series(self.newest)

    @property
    def spec(self) -> str:
        """The releases read, as a specifier: ">=1.0,<1.16"."""
        return f">={_series(self.oldest)},<{_next_minor(self.newest)}"

    @property
    def verified_on(self) -> str | None:
        """The date the newest release read was verified, if it was."""
        return next((v.date for v in self.verified if v.release == self.newest), None)

    def standing(self, version: str) -> Standing | None:
        """Where `version` stands; None when it is not a version."""
        if versions.parse(version) is None:
            return None
        if versions.satisfies(version, f">={_series(self.oldest)}") is False:
            return Standing.OLDER
        if versions.satisfies(version, f"<{_next_minor(self.newest)}"):
            return Standing.COVERED
        return Standing.NEWER


def _series(release: str) -> str:
    parts = release.split(".")
    return ".".join(parts[:2])


def _next_minor(release: str) -> str:
    major, minor = release.split(".")[:2]
    return f"{major}.{int(minor) + 1}"


# What `assumed()` puts in place of the data, while it lasts: one entry per open block, the
# newest last, so blocks that overlap (worlds judged side by side) each leave only their own.
_ASSUMED: list[tuple[object, Library]] = []
_ASSUMED_LOCK = threading.Lock()


def libraries() -> dict[str, Library]:
    """The provenance of each library's tables."""
    with _ASSUMED_LOCK:
        return {**_read(), **{library.name: library for _, library in _ASSUMED}}


@contextlib.contextmanager
def assumed(library: str, newest: str) -> Iterator[None]:
    """Within the block, the tables count as read up to `library` `newest`: how `make
    refresh` asks what the tables, as written, predict for a release before recording it."""
    token = object()
    with _ASSUMED_LOCK:
        _ASSUMED.append((token, dataclasses.replace(_read()[library], newest=newest)))
    try:
        yield
    finally:
        with _ASSUMED_LOCK:
            _ASSUMED[:] = [entry for entry in _ASSUMED if entry[0] is not token]


@functools.cache
def _read() -> dict[str, Library]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))["libraries"]
    return {
        name: Library(
            name,
            entry["oldest"],
            entry["newest"],
            tuple(Verified(v["release"], v["date"], int(v["worlds"])) for v in entry["verified"]),
        )
        for name, entry in sorted(raw.items())
    }


def supported() -> dict[str, str]:
    """library → the releases its tables were read from, as a specifier."""
    return {name: library.spec for name, library in libraries().items()}
