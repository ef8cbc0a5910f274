"""The one gate for what `--from` and `--paste` name, and for `hwdoctor.diagnose`'s text.

A path (`-` for standard input) or a directory goes in; a typed input comes out: the
evidence of one machine (a file written by `--save-evidence`), a pasted report (any text the
readers read), or a fleet (a directory of evidence files, one per node). Which one, the input
tells; the command says which it accepts. The use cases in `hwdoctor/doctor/` take these
records and never read bytes, sniff JSON or open a path themselves.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather import reports
from hwdoctor.model.facts import Evidence

if TYPE_CHECKING:
    from hwdoctor.model.fleet import Fleet


@dataclass(frozen=True, slots=True)
class EvidenceFile:
    """One machine's evidence, read from a file written by `--save-evidence`."""

    evidence: Evidence
    where: str  # "standard input" or the path, as messages name it


@dataclass(frozen=True, slots=True)
class PastedReport:
    """A report pasted from another machine (collect_env, nvidia-smi, an issue body)."""

    paste: reports.Paste
    where: str
    option: str | None  # how it was given ("--from", "--paste"), None for hwdoctor.diagnose


@dataclass(frozen=True, slots=True)
class FleetDirectory:
    """A directory of evidence files, one per node."""

    fleet: Fleet


Input = EvidenceFile | PastedReport | FleetDirectory


def is_fleet(path: str) -> bool:
    """Whether `--from PATH` names a directory of evidence files. Asked here, so that only a
    fleet's input imports the fleet reader (`gather.fleet`)."""
    return path != "-" and os.path.isdir(path)


def where(path: str) -> str:
    """How a message names the input: standard input for `-`, else the path."""
    return "standard input" if path == "-" else path


def read(
    path: str,
    *,
    option: str = "--from",
    fleets: bool = False,
    pasted_only: bool = False,
    refuse_paste: UsageError | None = None,
    tracker: str | None = None,
) -> Input:
    """What `path` holds, read once and bounded. `fleets`: a directory is a fleet (else it is
    a usage error, as any unreadable path is). `pasted_only` (`--paste`): the text is a
    paste whatever it holds, so an issue body is never read as an evidence file. Text that
    opens with JSON but is no evidence document (an issue body that starts with a JSON
    snippet) is a paste too. `refuse_paste`: raised, before the paste is read, when the input
    turns out to be one (an option that a pasted report cannot answer). `tracker`: the
    repository a paste was filed in (`--repo`, issue 38 s17-tracker); an evidence file or a
    fleet was filed nowhere, and is a usage error with it."""
    if fleets and not pasted_only and is_fleet(path):
        _refuse_tracker(tracker, path, "a directory of evidence files")
        from hwdoctor.gather import fleet

        return FleetDirectory(fleet.read(path))
    raw, total = gathering.read_input(path)
    if not pasted_only and gathering.is_evidence(raw):
        document = gathering.evidence_document(raw)
        if document is not None:
            _refuse_tracker(tracker, path, "an evidence file")
            return EvidenceFile(gathering.load(path, raw, document), where(path))
    if refuse_paste is not None:
        raise refuse_paste
    paste = reports.read(
        raw, where(path), total, more=total is None, option=option, tracker=tracker
    )
    return PastedReport(paste, where(path), option)


def _refuse_tracker(tracker: str | None, path: str, what: str) -> None:
    """--repo names where a pasted report was filed: an input of hwdoctor's own has none."""
    if tracker is not None:
        raise UsageError(
            f"--repo names the repository a pasted report was filed in; {where(path)} is {what}",
            hint="drop --repo, or pass the issue's text with --paste FILE",
        )


def evidence_file(path: str) -> EvidenceFile:
    """An evidence file and nothing else (`detect(from_file=)`, `explain DEVICE --from`): a
    pasted report or anything not written by `--save-evidence` is a usage error that says
    so."""
    return EvidenceFile(gathering.load(path), where(path))


def text(given: object, tracker: str | None = None) -> PastedReport:
    """The text `hwdoctor.diagnose()` is given (str, or bytes of any kind), read as a paste;
    anything else is a usage error, as text with no report in it is. `tracker`: the
    repository (OWNER/NAME) it was filed in."""
    if isinstance(given, str):
        try:
            raw = given.encode("utf-8", "surrogateescape")  # bytes a file's name stood for
        except UnicodeEncodeError:  # a lone surrogate that stands for no byte
            raw = given.encode("utf-8", "backslashreplace")
    elif isinstance(given, (bytes, bytearray, memoryview)):
        raw = bytes(given)
    else:
        raise UsageError(
            f"hwdoctor.diagnose() reads the text of a report (str or bytes), not "
            f"{type(given).__name__}"
        )
    return PastedReport(
        reports.read(raw, "the text", option=None, tracker=tracker), "the text", None
    )
