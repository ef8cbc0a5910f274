"""The repository an issue was filed in, as the report's subject (issue 38, s17-tracker).

A maintainer reading an issue, and the reply bot, know what its body may not say: the tracker
it was filed in. Many reports name their project only as "it" or "this" ("does it work in
windows?", "Is it possible to use this without coda, like cpu only?") or not at all (a build
error with "I'd like to run this locally on Apple Silicone M1/M2 Macs"): the tracker is the
subject. `detect --paste FILE --repo OWNER/NAME` says where the paste was filed; where
compat/support.py says the repository is one row's library's (`support.of_repository`: its
`TRACKERS`, each decided by what the repository's README describes, with the names the
repository had before; s17-mend-tracker: not where a row was read, facebookresearch/faiss is
faiss-cpu's too), the report is about that library:

- a SUBJECT_LIBRARY fact whose tie is `SubjectTie.TRACKER`, the weakest, and only where the
  paste names no other library itself (s17-mend-tracker: a frame, a build, the command run, an
  error line, the issue's title or the reporter's words naming another library make it the
  report's subject, and the tracker's library is none),
  and a TRACKER fact with the repository. Both rest on the paste's first line with words: the
  issue's title where the paste holds one (the reply workflow writes it there, as every
  recording of tests/data/reports/ does), the line a maintainer reads with the repository's
  name above it. The repository is not a line of the paste: findings name it in their words
  ("filed in NVIDIA/cudf") and quote only lines of the paste;
- a question that names no library and points at the tracker's ("does it work…", "Is it
  possible to use this…", "Do you have windows support?"; readers/asked.py reads it with the
  name `TRACKER_LIBRARY`) is asked about the tracker's library, on the same condition;
  without a row, or without `--repo`, it is asked about nothing, as before.

The value is OWNER/REPO, or github.com/OWNER/REPO (gh's `-R, --repo [HOST/]OWNER/REPO` with
github.com as HOST, gh's manual "gh help environment" and `internal/ghrepo` FromFullName; another
HOST, a GitHub Enterprise server, is refused: the table's repositories are github.com's), or the
address of the repository or of one of its issues (https://github.com/OWNER/REPO, http:// and
www.github.com too, a trailing "/" or ".git" allowed, https://github.com/OWNER/REPO/issues/N, as
a thread's URL gives it). Its characters are the
ones GitHub's names hold: an owner of ASCII letters, digits and hyphens, at most 39, not
starting with a hyphen; a repository of ASCII letters, digits, ".", "-" and "_", at most 100,
not "." or "..". Anything else is a usage error (exit 2): the value comes from an event's file
in the reply workflow, and a hostile one must stop there.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Final

from hwdoctor import versions
from hwdoctor.compat import support
from hwdoctor.errors import UsageError
from hwdoctor.gather.reports.readers import registry
from hwdoctor.model.pasted import TRACKER_LIBRARY, FactKey, PastedFact, SubjectTie
from hwdoctor.text import quoted

# GitHub's names: an owner's, a repository's (see the docstring).
_OWNER: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}")
_NAME: Final = re.compile(r"[A-Za-z0-9._-]{1,100}")
# What may stand before OWNER/NAME: github.com as gh's HOST, or the address's start.
_HOSTS: Final = ("https://github.com/", "http://github.com/", "https://www.github.com/",
                 "github.com/")  # fmt: skip
_LONGEST: Final = 300
HINT: Final = (
    "give OWNER/NAME (vllm-project/vllm), or the github.com address of the repository or of the "
    "issue (https://github.com/vllm-project/vllm/issues/1921)"
)


def parse(value: str) -> str:
    """The repository `--repo` names, as OWNER/NAME; a value that names none is a usage
    error."""
    given = value.strip()
    for host in _HOSTS:
        if given[: len(host)].lower() == host:
            given = given[len(host) :]
            break
    parts = given.removesuffix("/").split("/") if len(given) <= _LONGEST else []
    if len(parts) == 4 and parts[2] == "issues" and parts[3].isascii() and parts[3].isdigit():
        parts = parts[:2]  # an issue's address: its repository
    if len(parts) == 2 and parts[1].endswith(".git"):
        parts[1] = parts[1][: -len(".git")]  # a clone address
    if (
        len(parts) != 2
        or _OWNER.fullmatch(parts[0]) is None
        or _NAME.fullmatch(parts[1]) is None
        or parts[1] in (".", "..")
    ):
        raise UsageError(f"--repo {quoted(value[:_LONGEST])}: not a GitHub repository", hint=HINT)
    return f"{parts[0]}/{parts[1]}"


def filed_in(
    facts: Sequence[PastedFact], lines: Sequence[str], repository: str | None
) -> list[PastedFact]:
    """The paste's facts once the repository it was filed in is known: a question that points
    at the tracker asks about its library (or, with no row, about nothing: dropped), and the
    tracker's library is a subject of the report, on the first line with words."""
    row = support.of_repository(repository) if repository is not None else None
    facts = _form_release(facts, row)
    # s17-mend-tracker: a paste with a subject of its own (a frame, a build, the command run, an
    # error line, the title or the reporter's words naming a library) is about that: the
    # tracker's library is no subject of it, and a question's "it" is not asked of it
    own = {
        f.name
        for f in facts
        if f.key is FactKey.SUBJECT_LIBRARY and f.value != SubjectTie.TRACKER.value
    }
    if row is None or repository is None or (own and row.name not in own):
        # s20-mendB: the repository is passed wherever one was given, with a row or without:
        # the answer names where it was asked, never asks for --repo again
        return _unanswered(facts, repository)
    said: list[PastedFact] = []
    for fact in facts:
        if fact.name != TRACKER_LIBRARY:
            said.append(fact)
            continue
        said.append(dataclasses.replace(fact, name=row.name))
        if fact.key is FactKey.PROSE_SUPPORT_ASKED:  # the finding says whose library it asked
            said.append(dataclasses.replace(fact, key=FactKey.TRACKER_ASKED, value=repository,
                                            name=row.name))  # fmt: skip
    first = next(((n, line) for n, line in enumerate(lines, start=1) if line.strip()), None)
    if first is None:
        return said
    from hwdoctor.gather.reports.reading import quote

    shown = quote(*first)
    return [
        *said,
        PastedFact(FactKey.TRACKER, repository, registry.TEXT, shown, name=row.name),
        PastedFact(
            FactKey.SUBJECT_LIBRARY, SubjectTie.TRACKER.value, registry.TEXT, shown, name=row.name
        ),
    ]


def _form_release(
    facts: Sequence[PastedFact], row: support.Supported | None
) -> Sequence[PastedFact]:
    """issue 38 (s21-forms): an issue form's answer to its question of the release
    (readers/prose.py reads it with the name `TRACKER_LIBRARY`) is the release of the program
    whose tracker the form is, whatever else the paste is about: its row's first distribution;
    without a row, or a row without a distribution (a program not installed by pip), nothing."""
    dists = row.dists if row is not None else ()
    name = versions.canonical_name(dists[0]) if dists else None
    said: list[PastedFact] = []
    for fact in facts:
        if fact.key is not FactKey.PROSE_PACKAGE or fact.name != TRACKER_LIBRARY:
            said.append(fact)
        elif name is not None:
            said.append(dataclasses.replace(fact, name=name))
    return said


# The facts of a question: what it asks, and the machine it names.
_ASKED: Final = (
    FactKey.PROSE_SUPPORT_ASKED,
    FactKey.PROSE_ASKED_HARDWARE,
    FactKey.PROSE_ASKED_SYSTEM,
    FactKey.PROSE_ASKED_UNLISTED,
)
_MACHINE_ASKED: Final = (
    FactKey.PROSE_ASKED_HARDWARE,
    FactKey.PROSE_ASKED_SYSTEM,
    FactKey.PROSE_ASKED_UNLISTED,
)


def _unanswered(facts: Sequence[PastedFact], repository: str | None) -> list[PastedFact]:
    """issue 38 (s20-template): the facts where no library answers a question that points at the
    tracker (no `--repo`, a repository with no row, a paste about another library). A question
    that names a machine ("Does this support being run on AMD GPU or perhaps Metal?") is still the
    reporter's words about that machine: kept, asked of no library (`name` None), so the paste is
    read as prose and says what it names; one that names none ("does it work?") is dropped.
    `repository`: the one it was filed in, where `--repo` gave one (with no row for it, or with
    a row whose library the paste's own subject is not), which the answer names (a TRACKER_ASKED
    fact of no library)."""
    machines = {f.line for f in facts if f.name == TRACKER_LIBRARY and f.key in _MACHINE_ASKED}
    said: list[PastedFact] = []
    for fact in facts:
        if fact.name != TRACKER_LIBRARY:
            said.append(fact)
        elif fact.key in _ASKED and fact.line in machines:
            said.append(dataclasses.replace(fact, name=None))
            if fact.key is FactKey.PROSE_SUPPORT_ASKED and repository is not None:
                said.append(dataclasses.replace(fact, key=FactKey.TRACKER_ASKED, name=None,
                                                value=repository))  # fmt: skip
    return said
