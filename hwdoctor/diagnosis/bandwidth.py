"""`detect --bandwidth`: each rank's timings combined as nccl-tests reports them, each pair of
ranks compared with what its link should carry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from hwdoctor.compat import links
from hwdoctor.compat.links import Link, LinkKind
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.answers import BandwidthAnswer, RankLinks
from hwdoctor.model.live_reports import (
    BandwidthReport,
    CollectiveBandwidth,
    PairBandwidth,
    RankReport,
)
from hwdoctor.model.reports import Finding


def gbps(value: float | None) -> str:
    """Decimal GB/s, as nccl-tests and the vendors print bandwidth."""
    return "unknown" if value is None else f"{value / links.GB:.2f} GB/s"


def measure(
    ranks: Sequence[RankReport],
    measured: Mapping[int, BandwidthAnswer],
    summaries: Mapping[int, RankLinks],
) -> tuple[BandwidthReport | None, list[Finding]]:
    """The job's bandwidth report from every rank's measurements (`measured`: the payload's
    "bandwidth" result per rank) and what each rank said of its links (`summaries`), both
    read into records where rank 0 read the job's store (gather/rank_reports.py)."""
    out: list[Finding] = []
    timings: dict[int, BandwidthAnswer] = {}
    for rank in ranks:
        result = measured.get(rank.rank)
        if result is None:
            continue
        if result.error is not None or result.operations is None:
            error = result.error
            kind = error.type if error is not None else None
            message = (error.message if error is not None else None) or ""
            out.append(finding(
                Code.BANDWIDTH_FAILED, rank=rank.rank, device=rank.device,
                collective=rank.backend, detail=f"{kind}: {message[:200]}",
            ))  # fmt: skip
            continue
        timings[rank.rank] = result
    if not timings or out:
        return None, out
    by_rank = {rank.rank: rank for rank in ranks}
    collectives = _collectives(timings, by_rank)
    pairs = tuple(_pairs(timings, by_rank, summaries))
    for pair in pairs:
        if pair.far_below:
            code: Literal[Code.BANDWIDTH_BELOW_NVLINK, Code.BANDWIDTH_BELOW_PCIE] = (
                Code.BANDWIDTH_BELOW_NVLINK
                if (pair.link or "").startswith("NV")
                else Code.BANDWIDTH_BELOW_PCIE
            )
            out.append(finding(
                code, first=pair.ranks[0], second=pair.ranks[1],
                devices=" and ".join(pair.devices), link=pair.link,
                measured=gbps(pair.bandwidth), expected=gbps(pair.expected), basis=pair.basis,
            ))  # fmt: skip
    backend = next((by_rank[r].backend for r in sorted(timings)), None)
    return BandwidthReport(backend, len(timings), collectives, pairs), out


def _collectives(
    timings: Mapping[int, BandwidthAnswer], by_rank: Mapping[int, RankReport]
) -> tuple[CollectiveBandwidth, ...]:
    """Each (operation, size) that every measuring rank timed: the mean of their times."""
    count = len(timings)
    seen: dict[tuple[str, int], dict[int, float]] = {}
    for rank, result in timings.items():
        for entry in result.operations or ():
            key = (str(entry.op), entry.bytes)
            if key[1] > 0 and entry.seconds > 0:
                seen.setdefault(key, {})[rank] = entry.seconds
    out = []
    for (operation, size), times in seen.items():
        if len(times) != count:
            continue
        mean = sum(times.values()) / count
        slowest = max(times, key=lambda r: (times[r], -r))
        algbw = links.algbw(size, mean)
        out.append(CollectiveBandwidth(
            operation, size, mean, algbw, links.busbw(operation, algbw, count), slowest,
            by_rank[slowest].host, times[slowest],
        ))  # fmt: skip
    return tuple(out)


def _pairs(
    timings: Mapping[int, BandwidthAnswer],
    by_rank: Mapping[int, RankReport],
    summaries: Mapping[int, RankLinks],
) -> list[PairBandwidth]:
    sides: dict[tuple[int, int], list[tuple[int, float]]] = {}
    for rank, result in timings.items():
        for entry in result.pairs:
            peer = entry.peer
            if peer in timings and peer != rank and entry.seconds > 0:
                key = (min(rank, peer), max(rank, peer))
                sides.setdefault(key, []).append((entry.bytes, entry.seconds))
    topologies = _topologies(by_rank, summaries)
    out = []
    for (first, second), measured in sorted(sides.items()):
        size = min(b for b, _ in measured)
        seconds = max(s for _, s in measured)
        bandwidth = links.algbw(size, seconds)
        a, b = by_rank[first], by_rank[second]
        link = _link(a, b, summaries, topologies)
        should = (
            links.expected(
                link,
                (_pcie(summaries.get(first)), _pcie(summaries.get(second))),
                _said(summaries.get(first)).capability,
            )
            if link is not None
            else None
        )
        compared = link is not None and (
            link.kind is LinkKind.NVLINK or link.kind in links.SWITCHED
        )
        out.append(PairBandwidth(
            (first, second), (a.host, b.host), (a.device, b.device), size, seconds, bandwidth,
            link.label if link else None, should.bandwidth if should else None,
            should.basis if should else None,
            bool(compared and should and links.far_below(bandwidth, should)),
        ))  # fmt: skip
    return out


def _said(summary: RankLinks | None) -> RankLinks:
    return summary or RankLinks()


def _pcie(summary: RankLinks | None) -> links.PcieLink | None:
    pcie = _said(summary).links.pcie
    if pcie is None:
        return None
    return links.pcie_link(pcie.max_speed, pcie.upstream_max_speed, pcie.width)


def _topologies(
    by_rank: Mapping[int, RankReport], summaries: Mapping[int, RankLinks]
) -> dict[str, tuple[links.Topology, Mapping[str, int]]]:
    """Each host's matrix (sent by one of its ranks) and the index of each GPU bus id."""
    out: dict[str, tuple[links.Topology, Mapping[str, int]]] = {}
    for rank, summary in sorted(summaries.items()):
        topology = summary.links.topology
        if rank not in by_rank or topology is None:
            continue
        pairs: dict[tuple[int, int], Link] = {}
        for key, label in topology.links.items():
            first, _, second = key.partition("-")
            # ASCII digits only: str.isdigit() also says yes to `²`, which int() refuses
            if first.isascii() and first.isdigit() and second.isascii() and second.isdigit():
                pairs[(int(first), int(second))] = links.link_of(label)
        gpus = tuple(sorted({i for pair in pairs for i in pair}))
        out.setdefault(by_rank[rank].host, (links.Topology(gpus, pairs), topology.bus_ids))
    return out


def _link(
    a: RankReport,
    b: RankReport,
    summaries: Mapping[int, RankLinks],
    topologies: Mapping[str, tuple[links.Topology, Mapping[str, int]]],
) -> Link | None:
    """The pair's path in its host's matrix; None across hosts or where it is not known."""
    if a.host != b.host or a.host not in topologies:
        return None
    topology, bus_ids = topologies[a.host]
    first = bus_ids.get(_said(summaries.get(a.rank)).links.pci_bus_id or "")
    second = bus_ids.get(_said(summaries.get(b.rank)).links.pci_bus_id or "")
    if first is None or second is None:
        return None
    return topology.between(first, second)
