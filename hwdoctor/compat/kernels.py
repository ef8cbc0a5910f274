"""Which compiled GPU code runs on which GPU, each rule with its source.

Whether a torch build's compiled architectures (`torch.cuda.get_arch_list()`) hold code a
given GPU can run.
"""

from __future__ import annotations

import re
from typing import Final

_CAPABILITY: Final = re.compile(r"^\d+\.\d+$")


def arch_name(capability: str) -> str:
    """A device's architecture as torch's compiled list spells it: "8.9" → "sm_89";
    a ROCm `gcnArchName` ("gfx90a:sramecc+:xnack-") → "gfx90a"."""
    if _CAPABILITY.match(capability):
        return "sm_" + capability.replace(".", "")
    return capability.split(":", 1)[0]


def kernels_for(capability: str, arch_list: tuple[str, ...]) -> bool:
    """Whether a build whose `torch.cuda.get_arch_list()` is `arch_list` has kernels a
    device of `capability` can run.

    An exact match runs. PTX (`compute_XY`) is JIT-compiled by the driver for a GPU of the
    same major and a newer minor (CUDA C Programming Guide, "Binary Compatibility" and
    "Application Compatibility").
    """
    wanted = arch_name(capability)
    if wanted in arch_list:
        return True
    if wanted.startswith("sm_") and wanted[3:].isdigit():
        number = int(wanted[3:])
        for arch in arch_list:
            if arch.startswith("compute_") and arch[8:].isdigit():
                ptx = int(arch[8:])
                if ptx <= number and ptx // 10 == number // 10:
                    return True
    return False
