"""What a link between two GPUs should carry, and the bus bandwidth a collective achieved.

Pure functions over recorded text and numbers, no I/O: the gathering side runs
`nvidia-smi topo -m` and reads sysfs, the diagnosis compares. Sources:

- Algorithm and bus bandwidth as nccl-tests reports them
  (https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md): algbw = bytes / time;
  all_reduce busbw = algbw × 2(n-1)/n, all_gather busbw = algbw × (n-1)/n, where for
  all_gather "bytes" is the size of the gathered result, n times each rank's part.
- `nvidia-smi topo -m`: a matrix whose GPU×GPU cells are X (self), NV# (a bonded set of #
  NVLinks), PIX, PXB, PHB, NODE or SYS, as its own legend says (recorded outputs in
  tests/data/real/topology/, each with its source); drivers before NODE existed printed SOC
  for what SYS means now (kubernetes/kubernetes#53497's recording shows the older columns).
- PCIe: the per-lane signalling rate sysfs reports (`current_link_speed`, `max_link_speed`:
  "16.0 GT/s PCIe", written by the kernel's pci_speed_string(), drivers/pci/probe.c) and the
  link width (`current_link_width`: "16"). Usable bytes per lane and direction follow from
  the line code of each generation in the PCI Express Base Specification (PCI-SIG,
  https://pcisig.com/specifications): 8b/10b up to 5.0 GT/s, 128b/130b from 8.0 GT/s, FLIT
  mode at 64.0 GT/s (242 payload bytes in a 256-byte FLIT). PCI-SIG's own round figures for
  x16, per direction: 3.0 about 16 GB/s, 4.0 about 32 GB/s, 5.0 about 64 GB/s, 6.0 about
  128 GB/s raw (https://pcisig.com/pci-express-6.0-specification).
- NVLink per link and direction, from NVIDIA's NVLink page
  (https://www.nvidia.com/en-us/data-center/nvlink/: total per GPU 160 GB/s for P100 over 4
  links, 300 GB/s V100 over 6, 600 GB/s A100 over 12, 900 GB/s H100 over 18, 1,800 GB/s
  Blackwell over 18; each total counts both directions).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

GB: Final = 1e9  # bandwidths are decimal, as nccl-tests and the vendors print them

# A measured pair below this fraction of what its link should carry runs on another path.
# Healthy links give well over half of their theoretical figure at large messages (protocol
# overhead costs PCIe about a tenth, NCCL's own protocols less on NVLink); a pair under a
# third runs at less than half of what even a poor healthy run gives: not overhead, a
# detour, such as P2P redirected through the CPU (NCCL's troubleshooting guide, "PCI Access
# Control Services (ACS)").
FAR_BELOW: Final = 1 / 3


def algbw(size_bytes: int, seconds: float) -> float:
    """Algorithm bandwidth in bytes per second (nccl-tests PERFORMANCE.md)."""
    return size_bytes / seconds if seconds > 0 else 0.0


def busbw(operation: str, algorithm_bandwidth: float, ranks: int) -> float:
    """Bus bandwidth from algorithm bandwidth, with nccl-tests' factor for the operation
    (https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md): all_reduce
    2(n-1)/n, all_gather (n-1)/n, a point-to-point transfer 1."""
    if ranks < 1:
        return 0.0
    factor = {"all_reduce": 2 * (ranks - 1) / ranks, "all_gather": (ranks - 1) / ranks}
    return algorithm_bandwidth * factor.get(operation, 1.0)


class LinkKind(str, Enum):
    """A GPU pair's path, as `nvidia-smi topo -m` names it."""

    NVLINK = "NV"  # a bonded set of NVLinks (the count is beside it)
    PIX = "PIX"  # at most a single PCIe bridge
    PXB = "PXB"  # several PCIe bridges, not the host bridge
    PHB = "PHB"  # through a PCIe host bridge (typically the CPU)
    NODE = "NODE"  # between host bridges within a NUMA node
    SYS = "SYS"  # across the SMP interconnect between NUMA nodes (QPI/UPI); older: SOC
    UNKNOWN = "?"


# Paths on which GPUs talk peer to peer through PCIe switches without touching the CPU: the
# ones PCIe ACS or an IOMMU redirect through the root complex (NCCL troubleshooting guide).
SWITCHED: Final = (LinkKind.PIX, LinkKind.PXB)
ACS_GUIDE: Final = (
    "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
    "#pci-access-control-services-acs"
)


@dataclass(frozen=True, slots=True)
class Link:
    kind: LinkKind
    nvlinks: int = 0  # NV#: the number of bonded links

    @property
    def label(self) -> str:
        return f"NV{self.nvlinks}" if self.kind is LinkKind.NVLINK else self.kind.value


_CELL: Final = re.compile(r"^(?:NV(\d{1,3})|(PIX|PXB|PHB|NODE|SYS|SOC|PSB))$")
_GPU: Final = re.compile(r"^GPU(\d{1,4})$")
_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")


def link_of(cell: str) -> Link:
    """One cell of the matrix: "NV12", "PIX", "SYS", "SOC" (the older SYS)."""
    match = _CELL.match(cell.strip())
    if match is None:
        return Link(LinkKind.UNKNOWN)
    if match[1] is not None:
        return Link(LinkKind.NVLINK, int(match[1]))
    word = {"SOC": "SYS", "PSB": "PXB"}.get(match[2], match[2])
    return Link(LinkKind(word))


@dataclass(frozen=True, slots=True)
class Topology:
    """The GPU×GPU part of `nvidia-smi topo -m`: GPU indices in nvidia-smi's order."""

    gpus: tuple[int, ...]
    links: Mapping[tuple[int, int], Link]  # (a, b) with a < b

    def between(self, first: int, second: int) -> Link | None:
        if first == second:
            return None
        return self.links.get((min(first, second), max(first, second)))


def parse_topology(text: str) -> Topology | None:
    """The matrix of `nvidia-smi topo -m` (tab- or space-separated, with or without NIC
    columns and the affinity columns); None when the text holds no GPU header. Cells it
    cannot read are LinkKind.UNKNOWN, never a guess."""
    header: list[int] | None = None
    links: dict[tuple[int, int], Link] = {}
    for raw in _ANSI.sub("", text).splitlines():
        tokens = raw.split()
        if not tokens:
            continue
        if header is None:
            # the header names the GPU columns first; a row has its "X" on the diagonal
            if _GPU.match(tokens[0]) and "X" not in tokens:
                header = [int(m[1]) for token in tokens if (m := _GPU.match(token))]
            continue
        row = _GPU.match(tokens[0])
        if row is None:
            if tokens[0].startswith("Legend"):
                break
            continue
        mine = int(row[1])
        cells = tokens[1 : 1 + len(header)]  # a row cut short keeps the cells it has
        for other, cell in zip(header, cells, strict=False):
            if other != mine and cell != "X":
                links.setdefault((min(mine, other), max(mine, other)), link_of(cell))
    if not header:
        return None
    return Topology(tuple(header), links)


_BUS_LINE: Final = re.compile(
    r"^\s*(\d{1,4})\s*,\s*(?:0000)?([0-9A-Fa-f]{4}):([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})\.([0-7])\s*$"
)


def parse_bus_ids(text: str) -> dict[str, int]:
    """`nvidia-smi --query-gpu=index,pci.bus_id --format=csv,noheader` ("0,
    00000000:3B:00.0") as sysfs names each function ("0000:3b:00.0") → nvidia-smi's index,
    the index `topo -m` uses."""
    found: dict[str, int] = {}
    for line in text.splitlines():
        match = _BUS_LINE.match(line)
        if match:
            domain, bus, device, function = (g.lower() for g in match.groups()[1:])
            found[f"{domain}:{bus}:{device}.{function}"] = int(match[1])
    return found


_SPEED: Final = re.compile(r"^\s*(\d{1,3}(?:\.\d{1,2})?)\s*GT/s")


def link_speed(text: str | None) -> float | None:
    """GT/s from sysfs's "16.0 GT/s PCIe" (older kernels: "8 GT/s"); None for "Unknown"."""
    match = _SPEED.match(text or "")
    return float(match[1]) if match else None


def link_width(text: str | None) -> int | None:
    """Lanes from sysfs's "16" (some tools print "x16"); None when unreadable or 0."""
    match = re.match(r"^\s*x?(\d{1,2})\s*$", text or "")
    return int(match[1]) or None if match else None


# Usable fraction of the signalling rate by generation (GT/s), from each generation's line
# code in the PCI Express Base Specification (see the module docstring).
_ENCODING: Final = ((5.0, 8 / 10), (32.0, 128 / 130), (64.0, 242 / 256))


def pcie_bandwidth(speed_gts: float, width: int) -> float:
    """Bytes per second one way over a PCIe link: rate × lanes × line-code efficiency / 8.
    Gen4 x16: 16 GT/s × 16 × 128/130 / 8 = 31.5 GB/s (PCI-SIG's "about 32 GB/s")."""
    efficiency = next((e for top, e in _ENCODING if speed_gts <= top), _ENCODING[-1][1])
    return speed_gts * 1e9 * width * efficiency / 8


def pcie_generation(speed_gts: float) -> int | None:
    return {2.5: 1, 5.0: 2, 8.0: 3, 16.0: 4, 32.0: 5, 64.0: 6}.get(speed_gts)


# NVLink bytes per second per link and direction, by the GPU's major compute capability
# (NVIDIA's NVLink page, see the module docstring): the total per GPU halved (both
# directions), divided by its links.
_NVLINK_PER_LINK: Final = {
    6: 20 * GB,  # P100, NVLink 1: 160 GB/s over 4 links
    7: 25 * GB,  # V100, NVLink 2: 300 GB/s over 6 links
    8: 25 * GB,  # A100, NVLink 3: 600 GB/s over 12 links
    9: 25 * GB,  # H100, NVLink 4: 900 GB/s over 18 links
    10: 50 * GB,  # Blackwell, NVLink 5: 1,800 GB/s over 18 links
}
# NVLink 2 to 4 carry the same per link: the figure when the capability is unknown.
_NVLINK_DEFAULT: Final = 25 * GB


def nvlink_bandwidth(links: int, capability: str | None = None) -> float:
    """Bytes per second one way over `links` bonded NVLinks of a GPU of that capability."""
    match = re.match(r"^(\d{1,2})\.", capability or "")
    per_link = _NVLINK_PER_LINK.get(int(match[1]), _NVLINK_DEFAULT) if match else _NVLINK_DEFAULT
    return links * per_link


@dataclass(frozen=True, slots=True)
class PcieLink:
    speed_gts: float
    width: int

    @property
    def label(self) -> str:
        generation = pcie_generation(self.speed_gts)
        gen = f"Gen{generation}" if generation else f"{self.speed_gts:g} GT/s"
        return f"PCIe {gen} x{self.width}"

    @property
    def bandwidth(self) -> float:
        return pcie_bandwidth(self.speed_gts, self.width)


def pcie_link(
    max_speed: str | None, upstream_max_speed: str | None, width: str | None
) -> PcieLink | None:
    """The link a GPU trains to under load: the lower of its own and its upstream port's
    `max_link_speed`, at its `current_link_width`. Not `current_link_speed`: an idle GPU
    drops its link to a lower rate to save power, so the current rate says little before
    the transfer starts."""
    speeds = [s for s in (link_speed(max_speed), link_speed(upstream_max_speed)) if s]
    lanes = link_width(width)
    if not speeds or lanes is None:
        return None
    return PcieLink(min(speeds), lanes)


@dataclass(frozen=True, slots=True)
class Expected:
    """What a pair's link should carry one way, and what that figure rests on."""

    link: Link
    bandwidth: float | None  # bytes per second; None: the link is known, its rate is not
    basis: str  # "NV18 × 25 GB/s", "PCIe Gen4 x16"


def expected(
    link: Link, pcie: Sequence[PcieLink | None] = (), capability: str | None = None
) -> Expected:
    """The bandwidth a pair's link should give one way. NVLink: links × the per-link rate;
    a PCIe path: the slower of the two GPUs' own PCIe links (a path through the CPU is
    bounded by them too, and by the CPU interconnect, which sysfs does not tell)."""
    if link.kind is LinkKind.NVLINK:
        rate = nvlink_bandwidth(1, capability)
        return Expected(link, link.nvlinks * rate, f"{link.label} × {rate / GB:g} GB/s")
    known = [p for p in pcie if p is not None]
    if link.kind is LinkKind.UNKNOWN or not known or len(known) < len(pcie):
        return Expected(link, None, link.label)
    slowest = min(known, key=lambda p: p.bandwidth)
    return Expected(link, slowest.bandwidth, f"{link.label}, {slowest.label}")


def far_below(measured: float, should: Expected) -> bool:
    """True when a measured one-way bandwidth is under FAR_BELOW of what the link should
    give; False when there is nothing to compare with."""
    return should.bandwidth is not None and measured < FAR_BELOW * should.bandwidth
