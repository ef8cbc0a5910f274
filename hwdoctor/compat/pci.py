"""GPUs known only by their PCI ids, named as `lspci` names them, then judged by compat.gpus.

A GPU that no driver describes (no NVML, no nvidia-smi, no torch) still shows its vendor and
device id in sysfs. The PCI ID Project's database names it ("AD104GL [L4]": the chip, then
the products in brackets); `pci_ids.txt` holds its NVIDIA and AMD rows, with the database's
version (tools/pci_ids.py regenerates it). The product name then gives the compute
capability or gfx target from NVIDIA's and AMD's tables (compat/gpus.py).
"""

from __future__ import annotations

import re
from typing import Final

from hwdoctor.compat import gpus, pci_db

NVIDIA: Final = "10de"
AMD: Final = pci_db.AMD
_ID: Final = re.compile(r"^(?:0x)?([0-9a-f]{4})$")


def _bare(value: str) -> str | None:
    match = _ID.match(value.strip().lower())
    return match[1] if match else None


def name(vendor: str, device: str) -> str | None:
    """The database's name of a device ("AD104GL [L4]"); None when it has none."""
    key = (_bare(vendor), _bare(device))
    return pci_db.names().get(key) if None not in key else None  # type: ignore[arg-type]


def products(vendor: str, device: str) -> tuple[str, ...]:
    """The products a device id is sold as, each named in full: "Navi 31 [Radeon RX 7900
    XT/7900 XTX/7900 GRE/7900M]" → "Radeon RX 7900 XT", "Radeon RX 7900 XTX", ...; a name
    without brackets is the product itself."""
    full = name(vendor, device)
    return () if full is None else pci_db.split(full)[1]


def capability(device: str) -> str | None:
    """The compute capability of an NVIDIA device id ("27b8" → "8.9"), where the database
    names a product NVIDIA's tables know; None otherwise."""
    for product in products(NVIDIA, device):
        found = gpus.nvidia_capability(product)
        if found:
            return found
    return None


def gfx(device: str) -> str | None:
    """The gfx target of an AMD device id ("744c" → "gfx1100"), where every product the
    database names for it has the same one in AMD's tables; None otherwise."""
    targets = {gpus.amd_gfx(product) for product in products(AMD, device)}
    targets.discard(None)
    return targets.pop() if len(targets) == 1 else None


def version() -> str:
    """The database's version, as its header says ("2026.10.24")."""
    return pci_db.version()
