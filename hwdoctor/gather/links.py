"""What a rank's GPU is linked by, for `detect --bandwidth`: sysfs's PCIe link, nvidia-smi's matrix.

Read on each rank by hwdoctor itself (no torch): the PCIe link of the rank's own device from
sysfs (its `max_link_speed` and `current_link_width`, and its upstream port's
`max_link_speed`: Documentation/ABI/testing/sysfs-bus-pci), and, on a node's local rank 0,
`nvidia-smi topo -m` with the bus id of each GPU index it uses. compat.links reads both;
rank 0 compares what each pair measured with what its link should carry.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, Final

from hwdoctor.compat import links
from hwdoctor.gather.host import _run_tool
from hwdoctor.gather.nvidia import RunTool

_TOOL_TIMEOUT_S: Final = 10.0
_BUS_ID: Final = re.compile(r"^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii", errors="replace")[:64].strip() or None
    except OSError:
        return None


def pcie_of(bus_id: str | None, root: Path = Path("/")) -> dict[str, Any] | None:
    """The sysfs link attributes of one PCI function and of its upstream port, as written
    there ("16.0 GT/s PCIe", "16"); None when the function is not in sysfs."""
    if not bus_id or not _BUS_ID.match(bus_id):
        return None
    device = root / "sys" / "bus" / "pci" / "devices" / bus_id
    try:
        resolved = device.resolve(strict=True)
    except OSError:
        return None
    upstream = resolved.parent if _BUS_ID.match(resolved.parent.name) else None
    return {
        "max_speed": _read(resolved / "max_link_speed"),
        "upstream_max_speed": _read(upstream / "max_link_speed") if upstream else None,
        "width": _read(resolved / "current_link_width"),
    }


def topology(run_tool: RunTool = _run_tool, smi: str | None = None) -> dict[str, Any] | None:
    """`nvidia-smi topo -m` read into links between GPU indices, and the bus id of each
    index; None without nvidia-smi or a matrix (a problem is never a guess)."""
    smi = smi or shutil.which("nvidia-smi")
    if smi is None:
        return None
    text, problem = run_tool([smi, "topo", "-m"], _TOOL_TIMEOUT_S)
    matrix = links.parse_topology(text) if problem is None else None
    if matrix is None:
        return None
    query = [smi, "--query-gpu=index,pci.bus_id", "--format=csv,noheader"]
    ids, problem = run_tool(query, _TOOL_TIMEOUT_S)
    return {
        "links": {f"{a}-{b}": link.label for (a, b), link in sorted(matrix.links.items())},
        "bus_ids": links.parse_bus_ids(ids) if problem is None else {},
    }


def rank_links(bus_id: str | None, *, with_topology: bool) -> dict[str, Any]:
    """What one rank sends rank 0 about its device's links."""
    return {
        "pci_bus_id": bus_id,
        "pcie": pcie_of(bus_id),
        "topology": topology() if with_topology else None,
    }
