"""`detect --bandwidth`'s diagnosis: timings combined as nccl-tests does, pairs compared with
their links as recorded `nvidia-smi topo -m` outputs of real machines describe them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hwdoctor.compat import links
from hwdoctor.diagnosis import bandwidth
from hwdoctor.model.answers import AllReduceAnswer, BandwidthAnswer, RankLinks
from hwdoctor.model.live_reports import RankReport
from hwdoctor.model.serial import read
from tests import catalogue_plugin

TOPOLOGY = Path(__file__).parent / "data" / "real" / "topology"
MIB = 1 << 20


def rank(number: int, host: str = "node0", device: str | None = None) -> RankReport:
    return RankReport(
        rank=number, host=host, local_rank=number, device=device or f"cuda:{number}",
        device_name="GPU", backend="nccl", versions={}, device_counts={"cuda": 8},
        visibility={}, exit_code=0, all_reduce=AllReduceAnswer(ok=True),
    )  # fmt: skip


def timings(peers: dict[int, float], size: int = 8 * MIB, seconds: float = 0.01) -> dict:
    """One rank's payload result: both collectives at 8 MiB, and its pairs' times."""
    return {
        "device": "cuda",
        "operations": [
            {"op": "all_reduce", "bytes": size, "iterations": 5, "seconds": seconds},
            {"op": "all_gather", "bytes": size, "iterations": 5, "seconds": seconds},
        ],
        "pairs": [{"peer": peer, "bytes": size, "seconds": s} for peer, s in peers.items()],
    }


def summary(bus: str, topology_file: str | None, bus_ids: dict[str, int], **pcie: str) -> dict:
    """What a rank tells rank 0 about its links (gather.links.rank_links's shape)."""
    topology = None
    if topology_file is not None:
        matrix = links.parse_topology((TOPOLOGY / topology_file).read_text(encoding="utf-8"))
        assert matrix is not None
        topology = {
            "links": {f"{a}-{b}": link.label for (a, b), link in matrix.links.items()},
            "bus_ids": bus_ids,
        }
    return {
        "links": {"pci_bus_id": bus, "pcie": pcie or None, "topology": topology},
        "capability": "9.0",
    }


def measure(ranks: list[RankReport], measured: dict, summaries: dict) -> Any:
    """bandwidth.measure on the payload's values, read into records as rank 0 reads them
    (gather/rank_reports.py)."""
    return bandwidth.measure(
        ranks,
        {r: read(BandwidthAnswer, data) or BandwidthAnswer() for r, data in measured.items()},
        {r: read(RankLinks, data) or RankLinks() for r, data in summaries.items()},
    )


GEN3_X16 = {"max_speed": "8.0 GT/s PCIe", "upstream_max_speed": "8.0 GT/s PCIe", "width": "16"}


def test_collectives_follow_nccl_tests_formulas_and_name_the_slowest_rank() -> None:
    ranks = [rank(0), rank(1, host="node1")]
    measured: dict[int, Any] = {0: timings({1: 0.004}, seconds=0.010),
                                1: timings({0: 0.004}, seconds=0.014)}  # fmt: skip
    report, found = measure(ranks, measured, {})
    assert found == [] and report is not None
    reduce, gather = report.collectives
    assert reduce.seconds == pytest.approx(0.012)  # the mean over the ranks
    assert reduce.algbw == pytest.approx(8 * MIB / 0.012)
    assert reduce.busbw == pytest.approx(reduce.algbw * 2 * (2 - 1) / 2)
    assert gather.busbw == pytest.approx(gather.algbw * (2 - 1) / 2)
    assert (reduce.slowest_rank, reduce.slowest_host) == (1, "node1")
    (pair,) = report.pairs
    assert pair.ranks == (0, 1) and pair.link is None  # across hosts: the network
    assert pair.bandwidth == pytest.approx(8 * MIB / 0.004)


def test_a_pix_pair_far_below_its_pcie_link_is_named_with_acs() -> None:
    """The kubernetes#53497 machine: GPUs 0 and 1 behind one switch (PIX), PCIe Gen3 x16;
    rank 0-1 moves 8 MiB one way in 4 ms (2.1 GB/s, ACS's detour), 2-3 in 0.7 ms."""
    ids = {"0000:04:00.0": 0, "0000:05:00.0": 1, "0000:08:00.0": 2, "0000:09:00.0": 3}
    buses = list(ids)
    ranks = [rank(r) for r in range(4)]
    slow, fast = 0.004, 0.0007
    measured = {
        0: timings({1: slow, 2: fast, 3: fast}), 1: timings({0: slow, 2: fast, 3: fast}),
        2: timings({3: fast, 0: fast, 1: fast}), 3: timings({2: fast, 0: fast, 1: fast}),
    }  # fmt: skip
    summaries = {
        r: summary(buses[r], "topo-m-8gpu-pix-first5rows.txt" if r == 0 else None, ids,
                   **GEN3_X16)
        for r in range(4)
    }  # fmt: skip
    report, found = measure(ranks, measured, summaries)
    catalogue_plugin.record(f.code for f in found)
    assert report is not None
    by_pair = {pair.ranks: pair for pair in report.pairs}
    assert by_pair[(0, 1)].link == "PIX" and by_pair[(0, 1)].far_below
    assert by_pair[(2, 3)].link == "PIX" and not by_pair[(2, 3)].far_below
    assert by_pair[(1, 2)].link == "PHB" and not by_pair[(1, 2)].far_below  # not compared
    assert by_pair[(0, 1)].basis == "PIX, PCIe Gen3 x16"
    assert report.slowest_pair is by_pair[(0, 1)]
    assert [f.code for f in found] == ["bandwidth.below_pcie"]
    assert found[0].message.startswith("ranks 0 and 1 (cuda:0 and cuda:1, PIX) exchanged 2.10 GB/s")
    assert "15.75 GB/s their link should carry (PIX, PCIe Gen3 x16)" in found[0].message
    assert "#pci-access-control-services-acs" in (found[0].advice or "")
    assert "sudo lspci -vvv" in (found[0].remedy or "") and "ACSCtl" in (found[0].remedy or "")


def test_an_nvswitch_pair_far_below_nvlink() -> None:
    """The ThunderKittens#167 H100 machine (NV18 everywhere): 8 MiB in 1 ms is 8.4 GB/s."""
    ids = {"0000:18:00.0": 0, "0000:2a:00.0": 1}
    measured = {0: timings({1: 0.001}), 1: timings({0: 0.001})}
    summaries = {0: summary("0000:18:00.0", "topo-m-h100-nv18.txt", ids),
                 1: summary("0000:2a:00.0", None, ids)}  # fmt: skip
    report, found = measure([rank(0), rank(1)], measured, summaries)
    catalogue_plugin.record(f.code for f in found)
    assert report is not None and report.pairs[0].link == "NV18"
    assert report.pairs[0].expected == 450 * links.GB
    assert [f.code for f in found] == ["bandwidth.below_nvlink"]


def test_a_healthy_nvlink_pair_and_a_sys_pair_raise_nothing() -> None:
    nv = {"0000:18:00.0": 0, "0000:2a:00.0": 1}
    fast = {0: timings({1: 8 * MIB / 300e9}), 1: timings({0: 8 * MIB / 300e9})}
    summaries = {0: summary("0000:18:00.0", "topo-m-h100-nv18.txt", nv),
                 1: summary("0000:2a:00.0", None, nv)}  # fmt: skip
    assert measure([rank(0), rank(1)], fast, summaries)[1] == []
    # go-gpuallocator#17's 4090s: SYS pairs go through the CPU; shown, never flagged
    sys_ids = {"0000:01:00.0": 0, "0000:81:00.0": 7}
    slow = {0: timings({1: 0.1}), 1: timings({0: 0.1})}
    gen4 = {"max_speed": "16.0 GT/s PCIe", "upstream_max_speed": "16.0 GT/s PCIe", "width": "16"}
    summaries = {0: summary("0000:01:00.0", "topo-m-rtx4090x8-sys.txt", sys_ids, **gen4),
                 1: summary("0000:81:00.0", None, sys_ids, **gen4)}  # fmt: skip
    report, found = measure([rank(0), rank(1)], slow, summaries)
    assert found == [] and report is not None
    assert report.pairs[0].link == "SYS" and report.pairs[0].basis == "SYS, PCIe Gen4 x16"


def test_a_failed_measurement_is_a_finding_and_no_report() -> None:
    error = {"error": {"type": "DistBackendError", "message": "NCCL error: out of memory"}}
    report, found = measure([rank(0), rank(1)], {0: timings({1: 0.01}), 1: error}, {})
    catalogue_plugin.record(f.code for f in found)
    assert report is None
    assert [f.code for f in found] == ["bandwidth.failed"]
    assert "rank 1 (cuda:1, nccl) failed: DistBackendError: NCCL error" in found[0].message
