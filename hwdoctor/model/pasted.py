"""What a pasted report gave: the evidence it supports, and the lines each part rests on.

Gathering makes this record (gather/reports/assemble.py `gathered`); the diagnosis of a
paste reads it, quoting the lines its findings rest on, without reading the text again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from hwdoctor.model.facts import Evidence
from hwdoctor.model.reports import QuotedLine, ToolBlock


@dataclass(frozen=True, slots=True)
class PastedFact:
    """One thing the report says, and the line it says it on."""

    key: str  # what: "torch.version", "gpu", "driver", "package" …
    value: str  # as the report states it
    shown: str  # as a reader wants it: Python's version without its build string
    known: bool  # the value says something ("N/A", "Could not collect" do not)
    line: int  # 1-based
    quote: str  # the line, clipped
    index: int | None = None  # the GPU's index
    name: str | None = None  # which package or variable


@dataclass(frozen=True, slots=True)
class Pasted:
    """The evidence a paste supports, with the facts each part was made from."""

    evidence: Evidence
    used: Mapping[str, tuple[PastedFact, ...]]  # by part: "torch", "gpus", "driver" …
    blocks: tuple[ToolBlock, ...]
    skipped: tuple[str, ...]  # what was not read, and facts the paste states differently
    lines: int
    facts: tuple[PastedFact, ...] = ()  # every fact read, in the order of the paste
    errors: tuple[QuotedLine, ...] = ()  # lines that look like an error (the first ones)
    error_count: int = 0  # all of them


def by_line(facts: Iterable[PastedFact]) -> Sequence[PastedFact]:
    """Facts in the order of the lines they rest on, one per line."""
    seen: dict[int, PastedFact] = {}
    for fact in sorted(facts, key=lambda f: f.line):
        seen.setdefault(fact.line, fact)
    return list(seen.values())
