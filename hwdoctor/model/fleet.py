"""A fleet's evidence: one file per node, read (gather/fleet.py reads them; diagnosis/fleet.py
groups and judges them)."""

from __future__ import annotations

from dataclasses import dataclass

from hwdoctor.model.facts import Evidence
from hwdoctor.model.reports import UnreadableFile


@dataclass(frozen=True, slots=True)
class NodeEvidence:
    """One node's evidence file, read."""

    file: str  # its name in the directory
    evidence: Evidence
    configuration: int  # the same number for files that differ only in their own facts


@dataclass(frozen=True, slots=True)
class Fleet:
    """The evidence files of a directory: those read, and those that could not be."""

    directory: str
    nodes: tuple[NodeEvidence, ...]
    unreadable: tuple[UnreadableFile, ...]
