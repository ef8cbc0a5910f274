"""A fleet's evidence: one file per node, read (gather/fleet.py reads them; diagnosis/fleet.py
groups and judges them)."""

from __future__ import annotations

from dataclasses import dataclass

from hwdoctor.model.facts import Evidence
from hwdoctor.model.reports import UnreadableFile


@dataclass(frozen=True, slots=True)
class NodeEvidence:
    """One node's evidence file, read."""

    # its name in the directory, as it is there (bytes that are not UTF-8 as lone
    # surrogates): diagnosis/fleet.py shows it (hosts.shown) and writes it (valid_text)
    file: str
    evidence: Evidence
    configuration: int  # the same number for files that differ only in their own facts


@dataclass(frozen=True, slots=True)
class Fleet:
    """The evidence files of a directory: those read, those that could not be, and those
    left unread once the files read passed the bound on the whole fleet's bytes."""

    directory: str
    nodes: tuple[NodeEvidence, ...]
    unreadable: tuple[UnreadableFile, ...]
    not_read: tuple[str, ...] = ()  # files past the bound, in the order they were not read
    bytes_read: int = 0
    byte_limit: int = 0  # the bound on bytes_read (gather.fleet.MAX_FLEET_BYTES)
