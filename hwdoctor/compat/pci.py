"""GPUs known only by their PCI ids, named as `lspci` names them, then judged by compat.gpus.

A GPU that no driver describes (no NVML, no nvidia-smi, no torch) still shows its vendor and
device id in sysfs. The PCI ID Project's database names it ("AD104GL [L4]": the chip, then
the products in brackets); `pci_ids.txt` holds its NVIDIA and AMD rows, with the database's
version (tools/pci_ids.py regenerates it). The product name then gives the compute
capability or gfx target from NVIDIA's and AMD's tables (compat/gpus.py).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Final

from hwdoctor.compat import gpus

DATA: Final = Path(__file__).with_name("pci_ids.txt")
NVIDIA: Final = "10de"
AMD: Final = "1002"
_ID: Final = re.compile(r"^(?:0x)?([0-9a-f]{4})$")
_PRODUCTS: Final = re.compile(r"\[([^\]]+)\]\s*$")


@functools.cache
def _names() -> dict[tuple[str, str], str]:
    rows: dict[tuple[str, str], str] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        vendor, device, name = line.split("\t", 2)
        rows[(vendor, device)] = name
    return rows


def _bare(value: str) -> str | None:
    match = _ID.match(value.strip().lower())
    return match[1] if match else None


def name(vendor: str, device: str) -> str | None:
    """The database's name of a device ("AD104GL [L4]"); None when it has none."""
    key = (_bare(vendor), _bare(device))
    return _names().get(key) if None not in key else None  # type: ignore[arg-type]


def products(vendor: str, device: str) -> tuple[str, ...]:
    """The products a device id is sold as, each named in full: "Navi 31 [Radeon RX 7900
    XT/7900 XTX/7900 GRE/7900M]" → "Radeon RX 7900 XT", "Radeon RX 7900 XTX", ...; a name
    without brackets is the product itself."""
    full = name(vendor, device)
    if full is None:
        return ()
    match = _PRODUCTS.search(full)
    if match is None:
        return (full,)
    found: list[str] = []
    for part in re.split(r"\s*/\s*", match[1]):
        words = part.split()
        if found and words and not words[0][:1].isalpha():
            # "7900 XTX" after "Radeon RX 7900 XT": the first product's words before its
            # number ("Radeon RX") name this one too
            first = found[0].split()
            stem = first[: next((i for i, w in enumerate(first) if w[:1].isdigit()), 0)]
            part = " ".join([*stem, *words])
        found.append(part)
    return tuple(found)


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
    for line in DATA.read_text(encoding="utf-8").splitlines()[:6]:
        match = re.search(r"Version: ([0-9.]+)", line)
        if match:
            return match[1]
    return "unknown"
