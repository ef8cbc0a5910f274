"""What rank 0 read of its ranks in the job's store, read at the evidence boundary.

The store is anyone's who can reach it (payload_distributed.py), so each rank's summary and
all_reduce result arrive as text, as an evidence file does, and are read as one: bounded,
parsed as JSON without trusting its depth, every field checked for its shape
(gather/probe/boundary.py), nothing but the fields hwdoctor's payload writes, and the rank
a value says it is must be the rank it was left under. A value that fails any of it is not
used at all: it becomes a refusal about that rank (the `ranks.report_rejected` finding),
never an exception.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from hwdoctor.gather.probe import boundary
from hwdoctor.gather.probe.boundary import (
    ERROR,
    LINE,
    MAX_BYTES,
    MAX_COUNT,
    MAX_DEVICES,
    MAX_SECONDS,
    NAME,
    TEXT,
    Choice,
    Count,
    Grammar,
    Items,
    Named,
    Number,
    Shape,
    Text,
    Whole,
)
from hwdoctor.model.answers import AllReduceAnswer, BandwidthAnswer, RankLinks
from hwdoctor.model.live_reports import GatheredRanks, RankRefusal, RankReport
from hwdoctor.model.serial import read as read_record
from hwdoctor.text import clip, valid_text

MAX_VALUE_CHARS: Final = 64 * 1024  # payload_distributed.MAX_VALUE: what a rank's value is
MAX_RANKS: Final = 1 << 20  # a rank or local rank beyond this is no job
_PROBLEMS_SHOWN: Final = 3

# What payload_distributed.py leaves for each rank (doctor/job.py's rank_summary, with
# --bandwidth gather/links.py's rank_links), field by field.
_LINKS: Final[Mapping[str, Shape]] = {
    "pci_bus_id": LINE,
    "pcie": {"max_speed": LINE, "upstream_max_speed": LINE, "width": LINE},
    "topology": {
        "links": Named(LINE, key=Grammar.LINE),
        "bus_ids": Named(Count(MAX_DEVICES), key=Grammar.LINE),
    },
}
REPORT: Final[Mapping[str, Shape]] = {
    "host": LINE,
    "rank": Count(MAX_RANKS),
    "local_rank": Count(MAX_RANKS),
    "local_world_size": Count(MAX_RANKS),
    "device": Text(boundary.MAX_NAME, clip=False, grammar=Grammar.LINE),
    "device_name": LINE,
    "backend": NAME,
    "distributed_type": LINE,
    "versions": Named(LINE, key=Grammar.NAME),
    "device_counts": Named(Count(MAX_DEVICES), key=Grammar.LINE),
    "visibility": Named(TEXT, key=Grammar.LINE),
    "exit_code": Count(255),
    "links": _LINKS,
    "capability": LINE,
}
_REPORT_NEEDS: Final = ("host", "rank", "local_rank", "device", "exit_code")
_OPERATION: Final = Whole(
    {
        "op": Choice(("all_reduce", "all_gather")),
        "bytes": Count(MAX_BYTES),
        "iterations": Count(MAX_COUNT),
        "seconds": Number(MAX_SECONDS),
    },
    None,
    required=("op", "bytes", "seconds"),
)
_PAIR: Final = Whole(
    {"peer": Count(MAX_RANKS), "bytes": Count(MAX_BYTES), "seconds": Number(MAX_SECONDS)},
    None,
    required=("peer", "bytes", "seconds"),
)
RESULT: Final[Mapping[str, Shape]] = {
    "ok": bool,
    "value": Number(float(MAX_COUNT)),
    "expected": Number(float(MAX_COUNT)),
    "seconds": Number(MAX_SECONDS),
    "init_seconds": Number(MAX_SECONDS),
    "backend": NAME,
    "device": LINE,
    "error": ERROR,
    "bandwidth": {
        "device": LINE,
        "operations": Items(_OPERATION),
        "pairs": Items(_PAIR),
        "error": ERROR,
    },
}
_RESULT_NEEDS: Final = ("ok",)
_WHAT: Final = {"report": "summary", "result": "all_reduce result"}
_R = TypeVar("_R")


def read(world_size: int, gathered: Any) -> GatheredRanks | None:
    """Rank 0's `ranks` fact read: each rank's summary and result that fits, a refusal for
    each that does not; None when the fact is not there (the check did not get so far)."""
    if not isinstance(gathered, Mapping):
        return None
    refusals: list[RankRefusal] = []
    reports = _values(
        world_size, gathered.get("reports"), "report", REPORT, _REPORT_NEEDS, refusals
    )
    results = _values(
        world_size, gathered.get("results"), "result", RESULT, _RESULT_NEEDS, refusals
    )
    refused = gathered.get("refused")
    for what in ("report", "result"):
        told = refused.get(what) if isinstance(refused, Mapping) else None
        for rank, reason in told.items() if isinstance(told, Mapping) else ():
            number = _rank(rank, world_size)
            if number is not None:
                refusals.append(RankRefusal(number, _WHAT[what], clip(str(reason), 300)))
    missing = gathered.get("missing")
    absent = tuple(
        sorted({n for n in (_rank(r, world_size) for r in missing) if n is not None})
        if isinstance(missing, list)
        else ()
    )
    # Every field already fits its shape: each reads whole into its record.
    return GatheredRanks(
        reports={
            rank: dataclasses.replace(_record(RankReport, value), rank=rank, all_reduce=None)
            for rank, value in reports.items()
        },
        results={rank: _record(AllReduceAnswer, value) for rank, value in results.items()},
        refused=tuple(sorted(refusals, key=lambda r: (r.rank, r.what))),
        missing=absent,
        links={
            rank: read_record(RankLinks, value) or RankLinks() for rank, value in reports.items()
        },
        bandwidth={
            rank: read_record(BandwidthAnswer, value["bandwidth"]) or BandwidthAnswer()
            for rank, value in results.items()
            if value.get("bandwidth") is not None
        },
    )


def _record(cls: type[_R], value: Mapping[str, Any]) -> _R:
    """A checked value as its record: it is a JSON object, so it always reads as one."""
    found = read_record(cls, value)
    assert found is not None, cls
    return found


def _rank(key: Any, world_size: int) -> int | None:
    """A rank number as rank 0 wrote it (`str(rank)`: ASCII digits, no leading zero),
    within the job."""
    text = str(key)
    if not (text.isascii() and text.isdigit() and len(text) <= 7):
        return None
    number = int(text)
    return number if number < world_size and str(number) == text else None


def _values(
    world_size: int,
    texts: Any,
    what: str,
    shape: Mapping[str, Shape],
    needs: tuple[str, ...],
    refusals: list[RankRefusal],
) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    if not isinstance(texts, Mapping):
        return out
    for key, text in texts.items():
        rank = _rank(key, world_size)
        if rank is None:
            continue
        value, problem = _checked(rank, text, shape, needs)
        if value is None:
            refusals.append(RankRefusal(rank, _WHAT[what], problem or "unreadable"))
        else:
            out[rank] = value
    return out


def _checked(
    rank: int, text: Any, shape: Mapping[str, Shape], needs: tuple[str, ...]
) -> tuple[dict[str, Any] | None, str | None]:
    """The value of one rank, every field fitting `shape`, or None and what is wrong."""
    if not isinstance(text, str):
        return None, "not text"
    if len(text) > MAX_VALUE_CHARS:
        return None, f"{len(text):,} characters, more than the {MAX_VALUE_CHARS:,} of a rank's"
    try:
        value = valid_text(json.loads(text))
    except RecursionError:
        return None, "JSON nested too deeply"
    except ValueError:
        return None, "not JSON"
    if not isinstance(value, dict):
        return None, "not a JSON object"
    problems = list(_unknown(value, shape, ""))
    checked, fitted = boundary.checked_facts(value, shape)
    problems += fitted
    problems += [f"no {name}" for name in needs if checked.get(name) is None]
    if "rank" in shape and checked.get("rank") not in (None, rank):
        problems.append(f"it says it is rank {checked['rank']}")
    if problems:
        more = len(problems) - _PROBLEMS_SHOWN
        said = "; ".join(problems[:_PROBLEMS_SHOWN]) + (f"; and {more} more" if more > 0 else "")
        return None, clip(said, 400)
    return checked, None


def _unknown(value: Any, shape: Shape, where: str) -> list[str]:
    """Fields that `shape` does not name, anywhere in `value`: hwdoctor's payload writes
    none, and what would be kept unread could be anything (the boundary keeps unknown
    fields for newer evidence files; a rank's value comes from this very hwdoctor)."""
    if isinstance(shape, Whole):
        shape = shape.fields
    if isinstance(shape, Mapping) and isinstance(value, Mapping):
        out: list[str] = []
        for name, item in value.items():
            inner = shape.get(name)
            if inner is None:
                out.append(f"an unknown field {clip(repr(str(name)[:40]), 44)}{where}")
            elif item is not None:
                out += _unknown(item, inner, f" in {name}")
        return out
    if isinstance(shape, Items) and isinstance(value, list):
        return [
            problem
            for item in value[: boundary.MAX_ITEMS]
            for problem in _unknown(item, shape.item, where)
        ]
    if isinstance(shape, Named) and isinstance(value, Mapping):
        return [
            problem
            for item in list(value.values())[: boundary.MAX_ITEMS]
            if item is not None
            for problem in _unknown(item, shape.value, where)
        ]
    return []
