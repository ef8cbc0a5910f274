"""A distributed job's ranks, side by side: what disagrees across them, what did not happen."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

from hwdoctor import hosts, registry
from hwdoctor.diagnosis import bandwidth
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.live_reports import DistributedReport, GatheredRanks, RankGroup, RankReport
from hwdoctor.model.reports import DetectReport, Finding


def combine(
    world_size: int,
    local: DetectReport,
    gathered: GatheredRanks | None,
    problem: str | None,
    timeout_s: float,
) -> DistributedReport:
    """Rank 0's report: its own detect, every rank's summary, and the job's findings.
    `gathered`: what rank 0 read of the ranks, every value already checked
    (gather/rank_reports.py); None when the check never got to read them."""
    reports = gathered.reports if gathered else {}
    results = gathered.results if gathered else {}
    # --bandwidth's timings travel beside the all_reduce's verdict; they are reported apart
    measured = gathered.bandwidth if gathered else {}
    ranks = tuple(
        dataclasses.replace(summary, host=hosts.shown(summary.host), all_reduce=results.get(rank))
        for rank, summary in sorted(reports.items())
    )
    refused = gathered.refused if gathered else ()
    heard = set(reports) | {refusal.rank for refusal in refused}
    missing = (
        gathered.missing if gathered else tuple(r for r in range(world_size) if r not in heard)
    )
    found = [
        finding(
            Code.RANKS_REPORT_REJECTED, rank=refusal.rank, what=refusal.what, reason=refusal.reason
        )
        for refusal in refused
    ]
    found += consistency(ranks, missing, problem, timeout_s)
    links = gathered.links if gathered else {}
    speeds, slow = bandwidth.measure(ranks, measured, links) if measured else (None, [])
    return DistributedReport(
        world_size=world_size, ranks=ranks, missing=missing, local=local,
        findings=(*found, *slow), groups=grouped(ranks), bandwidth=speeds,
    )  # fmt: skip


def _agreement(rank: RankReport) -> tuple[tuple[str, str], ...]:
    """What ranks must share to be shown as one line (not the host, rank or index)."""
    result = rank.all_reduce
    reduced = "not run" if result is None else ("ok" if result.ok else "failed")
    return (
        ("device type", rank.device.split(":", 1)[0]),
        ("device", rank.device_name or "?"),
        ("collective", rank.backend or "?"),
        *((package, str(version)) for package, version in sorted(rank.versions.items())),
        ("device counts", json.dumps(dict(rank.device_counts), sort_keys=True)),
        ("own detect", "fails" if rank.exit_code else "passes"),
        ("all_reduce", reduced),
    )


def grouped(ranks: Sequence[RankReport]) -> tuple[RankGroup, ...]:
    """The ranks that agree, each group once, the largest first, with what each other
    group has that the largest has not."""
    members: dict[tuple[tuple[str, str], ...], list[RankReport]] = {}
    for rank in ranks:
        members.setdefault(_agreement(rank), []).append(rank)
    ordered = sorted(members.items(), key=lambda item: (-len(item[1]), item[1][0].rank))
    if not ordered:
        return ()
    largest = dict(ordered[0][0])
    out = []
    for key, group in ordered:
        mine = dict(key)
        differs = tuple(
            (what, mine.get(what, "none"), largest.get(what, "none"))
            for what in dict.fromkeys([*mine, *largest])
            if mine.get(what, "none") != largest.get(what, "none")
        )
        out.append(RankGroup(tuple(group), differs))
    return tuple(out)


def consistency(
    ranks: Sequence[RankReport], missing: Sequence[int], problem: str | None, timeout_s: float
) -> list[Finding]:
    """What disagrees across ranks, and what did not happen."""
    out: list[Finding] = []
    if missing:
        out.append(finding(
            Code.RANKS_MISSING,
            ranks=f"rank{'s' * (len(missing) > 1)} {', '.join(map(str, missing))}",
            timeout=f"{timeout_s:g}", reported=len(ranks), total=len(ranks) + len(missing),
        ))  # fmt: skip
    if problem and not missing:
        out.append(finding(Code.RANKS_CHECK_FAILED, problem=problem))
    versions: dict[str, set[str]] = {}
    for rank in ranks:
        for package, version in rank.versions.items():
            versions.setdefault(package, set()).add(str(version))
    for package, seen in sorted(versions.items()):
        if len(seen) > 1:
            out.append(finding(
                Code.RANKS_VERSIONS_DIFFER, package=package, versions=", ".join(sorted(seen))
            ))  # fmt: skip
    types = {rank.device.split(":", 1)[0] for rank in ranks}
    if len(types) > 1:
        out.append(finding(Code.RANKS_DEVICES_DIFFER, types=", ".join(sorted(types))))
    counts = {json.dumps(rank.device_counts, sort_keys=True) for rank in ranks}
    if len(counts) > 1:
        out.append(finding(
            Code.RANKS_COUNTS_DIFFER,
            counts="; ".join(f"rank {r.rank}: {dict(r.device_counts)}" for r in ranks),
        ))  # fmt: skip
    by_host: dict[str, list[RankReport]] = {}
    for rank in ranks:
        by_host.setdefault(rank.host, []).append(rank)
    for host, on_host in sorted(by_host.items()):
        devices = [r.device for r in on_host if r.device.split(":", 1)[0] != registry.HOST]
        if len(devices) > len(set(devices)):
            out.append(finding(
                Code.RANKS_SHARE_DEVICES, count=len(on_host), host=host,
                devices=len(set(devices)),
                mapping=", ".join(f"rank {r.rank} → {r.device}" for r in on_host),
            ))  # fmt: skip
        seen_visibility = {json.dumps(r.visibility, sort_keys=True) for r in on_host}
        if len(seen_visibility) > 1:
            mapping = "; ".join(f"rank {r.rank}: {dict(r.visibility) or 'none'}" for r in on_host)
            out.append(finding(Code.RANKS_VISIBILITY_DIFFERS, host=host, mapping=mapping))
    for rank in ranks:
        result = rank.all_reduce
        if result is not None and not result.ok:
            error = result.error
            detail = (
                f"{error.type}: {(error.message or '')[:200]}"
                if error is not None
                else f"got {result.value}, expected {result.expected}"
            )
            out.append(finding(
                Code.RANKS_ALL_REDUCE_FAILED, rank=rank.rank, device=rank.device,
                collective=rank.backend, detail=detail,
            ))  # fmt: skip
    return out
