"""The link comparison on real `nvidia-smi topo -m` outputs (tests/data/real/topology/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hwdoctor.compat import links
from hwdoctor.compat.links import GB, Link, LinkKind, PcieLink
from hwdoctor.gather import links as gather_links

TOPOLOGY = Path(__file__).parent / "data" / "real" / "topology"


def recorded(name: str) -> links.Topology:
    topology = links.parse_topology((TOPOLOGY / name).read_text(encoding="utf-8"))
    assert topology is not None
    return topology


def test_every_recorded_matrix_is_read_whole() -> None:
    for path in sorted(TOPOLOGY.glob("*.txt")):
        topology = links.parse_topology(path.read_text(encoding="utf-8"))
        assert topology is not None, path.name
        count = len(topology.gpus)
        rows = sum(1 for line in path.read_text().splitlines() if line.startswith("GPU"))
        # every pair that has a row is read, and no cell is unknown
        assert all(link.kind is not LinkKind.UNKNOWN for link in topology.links.values())
        assert len(topology.links) >= rows * (rows - 1) // 2, path.name
        assert len(topology.links) <= count * (count - 1) // 2


def test_h100_nvswitch_pairs_are_18_links_of_nvlink_4() -> None:
    topology = recorded("topo-m-h100-nv18.txt")
    assert topology.gpus == tuple(range(8))
    assert {link.label for link in topology.links.values()} == {"NV18"}
    should = links.expected(topology.between(3, 6) or Link(LinkKind.UNKNOWN), capability="9.0")
    assert should.bandwidth == 18 * 25 * GB  # 450 GB/s one way: NVIDIA's 900 GB/s halved
    assert should.basis == "NV18 × 25 GB/s"


def test_nvlink_5_doubles_the_per_link_rate() -> None:
    assert links.nvlink_bandwidth(18, "10.0") == 900 * GB  # Blackwell: 1,800 GB/s halved
    assert links.nvlink_bandwidth(4, "6.0") == 80 * GB  # P100: 160 GB/s halved
    assert links.nvlink_bandwidth(12, None) == 300 * GB  # unknown GPU: NVLink 2-4's rate


def test_a100_slurm_slice_skips_the_nic_columns() -> None:
    topology = recorded("topo-m-a100x2-nv12-slurm.txt")
    assert topology.gpus == (0, 1)
    assert topology.between(1, 0) == Link(LinkKind.NVLINK, 12)


def test_pcie_only_box_is_all_sys() -> None:
    topology = recorded("topo-m-rtx4090x8-sys.txt")
    assert len(topology.links) == 28
    assert {link.kind for link in topology.links.values()} == {LinkKind.SYS}
    gen4 = PcieLink(16.0, 16)
    should = links.expected(topology.between(0, 7) or Link(LinkKind.UNKNOWN), (gen4, gen4))
    assert should.bandwidth == pytest.approx(31.5e9, rel=1e-3)
    assert should.basis == "SYS, PCIe Gen4 x16"


def test_pix_pairs_behind_one_switch_and_the_rest() -> None:
    topology = recorded("topo-m-8gpu-pix-first5rows.txt")
    assert topology.gpus == tuple(range(8))
    assert topology.between(0, 1) == Link(LinkKind.PIX)
    assert topology.between(2, 3) == Link(LinkKind.PIX)
    assert topology.between(1, 2) == Link(LinkKind.PHB)
    assert topology.between(3, 4) == Link(LinkKind.SYS)
    assert topology.between(5, 6) is None  # its row was not kept: unknown, not guessed


def test_a_switched_pair_far_below_its_pcie_link_is_flagged() -> None:
    topology = recorded("topo-m-8gpu-pix-first5rows.txt")
    link = topology.between(0, 1)
    assert link is not None and link.kind in links.SWITCHED
    gen3 = links.pcie_link("8.0 GT/s PCIe", "8.0 GT/s PCIe", "16")
    assert gen3 == PcieLink(8.0, 16) and gen3.label == "PCIe Gen3 x16"
    should = links.expected(link, (gen3, gen3))
    assert should.bandwidth == pytest.approx(15.75e9, rel=1e-3)
    # P2P redirected through the root complex: a few GB/s where 12 or more are normal
    assert links.far_below(3.2e9, should)
    assert not links.far_below(11.8e9, should)


def test_phb_pair_of_5090s_at_gen5() -> None:
    topology = recorded("topo-m-rtx5090x2-phb.txt")
    gen5 = links.pcie_link("32.0 GT/s PCIe", "32.0 GT/s PCIe", "16")
    should = links.expected(topology.between(0, 1) or Link(LinkKind.UNKNOWN), (gen5, gen5))
    assert should.bandwidth == pytest.approx(63.0e9, rel=1e-3)  # PCI-SIG: about 64 GB/s
    assert should.basis == "PHB, PCIe Gen5 x16"


def test_a_pcie_rate_not_known_for_either_gpu_gives_no_expectation() -> None:
    should = links.expected(Link(LinkKind.PIX), (PcieLink(16.0, 16), None))
    assert should.bandwidth is None and not links.far_below(1.0, should)
    assert links.expected(Link(LinkKind.UNKNOWN), (PcieLink(16.0, 16),) * 2).bandwidth is None


def test_slot_slower_than_the_gpu_bounds_the_link() -> None:
    # a Gen4 GPU in a Gen3 slot, trained to x8
    link = links.pcie_link("16.0 GT/s PCIe", "8.0 GT/s PCIe", "8")
    assert link == PcieLink(8.0, 8)
    assert links.pcie_link("Unknown", None, "16") is None
    assert links.pcie_link("16.0 GT/s PCIe", None, "0") is None
    assert links.link_speed("8 GT/s") == 8.0  # older kernels' form
    assert links.link_speed("2.5 GT/s PCIe") == 2.5
    assert links.pcie_generation(64.0) == 6


def test_bus_ids_map_to_the_index_topo_uses() -> None:
    text = "0, 00000000:3B:00.0\n1, 00000000:5E:00.0\n2, 00000001:AF:00.0\nbogus\n"
    assert links.parse_bus_ids(text) == {
        "0000:3b:00.0": 0, "0000:5e:00.0": 1, "0001:af:00.0": 2,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("operation", "ranks", "factor"),
    [("all_reduce", 2, 1.0), ("all_reduce", 8, 1.75), ("all_gather", 2, 0.5),
     ("all_gather", 8, 0.875), ("all_reduce", 1, 0.0), ("sendrecv", 2, 1.0)],
)  # fmt: skip
def test_bus_bandwidth_uses_nccl_tests_factors(operation: str, ranks: int, factor: float) -> None:
    algorithm = links.algbw(64 * 2**20, 0.01)
    assert algorithm == pytest.approx(6.7108864e9)
    assert links.busbw(operation, algorithm, ranks) == pytest.approx(algorithm * factor)


def test_text_without_a_matrix_is_none() -> None:
    assert links.parse_topology("") is None
    assert links.parse_topology("NVIDIA-SMI has failed because it couldn't communicate") is None
    assert links.link_of("NV") == Link(LinkKind.UNKNOWN)
    assert links.link_of("SOC") == Link(LinkKind.SYS)


def test_sysfs_link_of_a_gpu_and_its_upstream_port(tmp_path: Path) -> None:
    """sysfs as the kernel lays it out: the function under its port, linked from
    /sys/bus/pci/devices (Documentation/ABI/testing/sysfs-bus-pci)."""
    port = tmp_path / "sys" / "devices" / "pci0000:00" / "0000:00:01.0"
    gpu = port / "0000:01:00.0"
    gpu.mkdir(parents=True)
    (port / "max_link_speed").write_text("8.0 GT/s PCIe\n")
    (gpu / "max_link_speed").write_text("16.0 GT/s PCIe\n")
    (gpu / "current_link_width").write_text("16\n")
    listing = tmp_path / "sys" / "bus" / "pci" / "devices"
    listing.mkdir(parents=True)
    (listing / "0000:01:00.0").symlink_to(gpu)
    found = gather_links.pcie_of("0000:01:00.0", tmp_path)
    assert found == {"max_speed": "16.0 GT/s PCIe", "upstream_max_speed": "8.0 GT/s PCIe",
                     "width": "16"}  # fmt: skip
    assert links.pcie_link(**found) == PcieLink(8.0, 16)  # a Gen4 GPU in a Gen3 slot
    assert gather_links.pcie_of("0000:02:00.0", tmp_path) is None
    assert gather_links.pcie_of("../../etc", tmp_path) is None


def test_topology_from_nvidia_smi_as_it_answers() -> None:
    matrix = (TOPOLOGY / "topo-m-a100x2-nv12-slurm.txt").read_text(encoding="utf-8")

    def run_tool(argv: list[str], timeout_s: float) -> tuple[str, str | None]:
        if argv[1:] == ["topo", "-m"]:
            return matrix, None
        return "0, 00000000:07:00.0\n1, 00000000:0F:00.0\n", None

    assert gather_links.topology(run_tool, smi="/usr/bin/nvidia-smi") == {
        "links": {"0-1": "NV12"},
        "bus_ids": {"0000:07:00.0": 0, "0000:0f:00.0": 1},
    }

    def failing(argv: list[str], timeout_s: float) -> tuple[str, str | None]:
        return "", "exited 9: NVIDIA-SMI has failed"

    assert gather_links.topology(failing, smi="/usr/bin/nvidia-smi") is None
