"""The gfx targets of AMD GPUs, read from the KFD topology in sysfs, without ROCm or torch.

Each node of `/sys/class/kfd/kfd/topology/nodes/<N>/properties` has one `key value` pair a
line; a GPU node's `gfx_target_version` names its gfx target, a CPU node's is 0 (LLVM's
amdgpu-arch reads the same tree, llvm/llvm-project@8798de26
clang/tools/amdgpu-arch/AMDGPUArchByKFD.cpp). Nodes that cannot be read (a GPU masked
by a device cgroup answers EPERM) or hold garbage are skipped: bad input is never an error.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

from hwdoctor.compat.kernels import gfx_name

NODES: Final = Path("sys", "class", "kfd", "kfd", "topology", "nodes")
_PROPERTIES_LIMIT: Final = 16 * 1024  # a node's properties are about 1 KiB
_MAX_NODES: Final = 256
_TARGET: Final = re.compile(r"(?m)^gfx_target_version[ \t]+(\d{1,10})[ \t]*$")


def gfx_targets(
    root: Path, *, read_text: Callable[[Path, int], str | None]
) -> tuple[str, ...] | None:
    """The gfx target of each GPU node, in node order; None when there is no KFD topology
    (no amdgpu driver, not Linux, or a container without /sys/class/kfd). `read_text` is
    the host scan's bounded reader, safe against FIFOs and devices under a fake root."""
    base = root / NODES
    try:
        names = [entry.name for entry in os.scandir(base) if entry.name.isdigit()]
    except OSError:
        return None
    targets: list[str] = []
    for name in sorted(names, key=int)[:_MAX_NODES]:
        text = read_text(base / name / "properties", _PROPERTIES_LIMIT)
        match = _TARGET.search(text or "")
        target = gfx_name(int(match.group(1))) if match else None
        if target:
            targets.append(target)
    return tuple(targets)
