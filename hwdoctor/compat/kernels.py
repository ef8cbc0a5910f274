"""Which compiled GPU code runs on which GPU, each rule with its source.

Whether a torch build's compiled architectures (`torch.cuda.get_arch_list()`) hold code a
given GPU can run, which entry serves it and how: an exact cubin, a compatible cubin, PTX
the driver JIT-compiles, or (ROCm) a code object for exactly that gfx target.

Sources (keys of the compatibility notes):

- [NV-PG-612] CUDA C++ Programming Guide (13.1), §6.1.2 "Binary Compatibility",
  https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html
- [NV-PG-613] the same guide, §6.1.3 "PTX Compatibility"
- [NV-PG-2013] the same guide, §20.1.3 "Feature Set Compiler Targets", Table 25
- [NV-PG-NEW] https://docs.nvidia.com/cuda/cuda-programming-guide/05-appendices/compute-capabilities.html
  (§5.1.2.3 and Table 28)
- [NV-BW] https://docs.nvidia.com/cuda/archive/13.0.0/blackwell-compatibility-guide/index.html
- [NV-BLOG-FAM] https://developer.nvidia.com/blog/nvidia-blackwell-and-nvidia-cuda-12-9-introduce-family-specific-architecture-features/
- [PT-INIT-NEW] torch/cuda/__init__.py `DEVICE_REQUIREMENT` (torch 2.11+, PR #166185)
- [MESON] mesonbuild/meson@cd1a097e mesonbuild/modules/cuda.py (which nvcc accepts which arch)
- [LLVM-AMDARCH] llvm/llvm-project@8798de26 clang/tools/amdgpu-arch/AMDGPUArchByKFD.cpp
- [I-PT-132570] https://github.com/pytorch/pytorch/issues/132570
- [I-THEROCK-1719] https://github.com/ROCm/TheRock/issues/1719 ;
  [D-ROCM-4188] https://github.com/ROCm/legacy-rocm-build/discussions/4188 ;
  [I-PT-164346] https://github.com/pytorch/pytorch/issues/164346
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

_CAPABILITY: Final = re.compile(r"^(\d+)\.(\d+)$")
# torch names a cubin `sm_XY` and PTX `compute_XY`, with the `a` (architecture-specific)
# or `f` (family-specific) suffix where the build has one [NV-PG-613], [PT-INIT-NEW].
_CUDA_ARCH: Final = re.compile(r"^(sm|compute)_(\d+)([af]?)$")
_GFX: Final = re.compile(r"^gfx(\d{1,2})(\d)([0-9a-f])$")

# Tegra (Jetson) capabilities: 5.3 Nano/TX1, 6.2 TX2, 7.2 Xavier, 8.7 Orin, and Thor, which
# was 10.1 before CUDA 13 and is 11.0 since. "Binary compatibility is supported only for
# the desktop. It is not supported for Tegra. Also, the binary compatibility between
# desktop and Tegra is not supported." [NV-PG-612]; torch's table excludes the same
# capabilities [PT-INIT-NEW].
TEGRA: Final = frozenset({(5, 3), (6, 2), (7, 2), (8, 7), (10, 1), (11, 0)})

# CUDA 13 renamed Thor from 10.1 to 11.0: a device that reports 11.0 runs code built as
# sm_101 (torch encodes it as `101: {10.1, 11.0}` [PT-INIT-NEW]; meson's table has 10.1
# only for 12.8 <= CUDA < 13.0 [MESON]).
_RENAMED: Final = {(10, 1): frozenset({(11, 0)})}

# "Family-specific compatibility" (`…f` targets): which capabilities run code built for
# each family target. The table is release-dependent: the CUDA 13.1 guide (Table 25)
# [NV-PG-2013] and a later edition (Table 28) [NV-PG-NEW] disagree about CC 10.7; the
# release of that later edition is not known, so it applies after 13.1.
FamilyTable = Mapping[tuple[int, int], frozenset[tuple[int, int]]]
_FAMILY_13_1: Final[FamilyTable] = {
    (10, 0): frozenset({(10, 0), (10, 3)}),
    (10, 3): frozenset({(10, 3)}),
    (11, 0): frozenset({(11, 0)}),
    (12, 0): frozenset({(12, 0), (12, 1)}),
    (12, 1): frozenset({(12, 1)}),
}
_FAMILY_LATER: Final[FamilyTable] = {
    **_FAMILY_13_1,
    (10, 0): frozenset({(10, 0), (10, 3), (10, 7)}),
    (10, 3): frozenset({(10, 3), (10, 7)}),
    (10, 7): frozenset({(10, 7)}),
}


def family_table(cuda: str | None) -> FamilyTable:
    """NVIDIA's family table for the toolkit that built the code (`torch.version.cuda`);
    `f` targets exist from CUDA 12.9 [NV-BLOG-FAM]. Unknown: the 13.1 edition's."""
    version = major_minor(cuda)
    return _FAMILY_LATER if version is not None and version > (13, 1) else _FAMILY_13_1


class Route(str, Enum):
    """How a GPU gets its kernels from a build; the values are what reports carry."""

    EXACT_CUBIN = "exact_cubin"  # a cubin built for exactly this capability
    COMPATIBLE_CUBIN = "compatible_cubin"  # a cubin of the same major, an older minor
    PTX_JIT = "ptx_jit"  # PTX the driver compiles at load time
    EXACT_CODE_OBJECT = "exact_code_object"  # ROCm: a code object for this gfx target
    NONE = "none"


class Direction(str, Enum):
    """When nothing in the build runs: where a build that does lies."""

    NEWER = "newer"  # the GPU is newer than the build: a newer CUDA build
    OLDER = "older"  # the GPU is older than the build's minimum: an older build
    TEGRA = "tegra"  # a Jetson GPU against desktop code, or the reverse
    GFX = "gfx"  # a ROCm gfx target the build was not compiled for


@dataclass(frozen=True, slots=True)
class Verdict:
    """Which compiled entry serves a GPU, and how."""

    device_arch: str  # "sm_89", "gfx1101"
    route: Route
    served_by: str | None = None  # "sm_86", "compute_120", "gfx1100"
    direction: Direction | None = None  # when route is NONE
    # ROCm, when route is NONE: the compiled target of the GPU's family, and the
    # HSA_OVERRIDE_GFX_VERSION value that makes ROCm report the GPU as that target.
    override_target: str | None = None
    override_value: str | None = None

    @property
    def runs(self) -> bool:
        return self.route is not Route.NONE


@dataclass(frozen=True, slots=True)
class _Code:
    name: str
    ptx: bool
    capability: tuple[int, int]
    suffix: str  # "", "a" or "f"


def arch_name(capability: str) -> str:
    """A device's architecture as torch's compiled list spells it: "8.9" → "sm_89";
    a ROCm `gcnArchName` ("gfx90a:sramecc+:xnack-") → "gfx90a"."""
    if _CAPABILITY.match(capability):
        return "sm_" + capability.replace(".", "")
    return capability.split(":", 1)[0]


def kernels_for(capability: str, arch_list: Iterable[str], *, cuda: str | None = None) -> bool:
    """Whether a build whose compiled list is `arch_list` has code a device of
    `capability` can run (see `verdict`)."""
    return verdict(capability, arch_list, cuda=cuda).runs


def verdict(capability: str, arch_list: Iterable[str], *, cuda: str | None = None) -> Verdict:
    """Which entry of `arch_list` serves a device of `capability` ("8.9", or a ROCm
    `gcnArchName`), and how. `cuda` is the toolkit that built the code
    (`torch.version.cuda`), which picks NVIDIA's family table for `…f` targets."""
    listed = tuple(arch_list)
    match = _CAPABILITY.match(capability)
    if match:
        device = (int(match.group(1)), int(match.group(2)))
        return _cuda_verdict(device, listed, family_table(cuda))
    return gfx_verdict(capability, listed)


def cubin_runs(code: tuple[int, int], device: tuple[int, int]) -> bool:
    """A cubin built for `code` runs on `device`: "a cubin object generated for compute
    capability X.y will only execute on devices of compute capability X.z where z≥y"
    [NV-PG-612], [NV-BW]; never between Tegra and desktop [NV-PG-612]; Thor's 10.1 code
    on the 11.0 it was renamed to [PT-INIT-NEW]."""
    if device in _RENAMED.get(code, ()):
        return True
    if (code in TEGRA) != (device in TEGRA):
        return False
    return code[0] == device[0] and device[1] >= code[1]


def ptx_runs(code: tuple[int, int], device: tuple[int, int]) -> bool:
    """PTX for `code` is JIT-compiled by the driver for any device of an equal or higher
    capability, higher majors included: "PTX code generated for compute capability 9.x is
    supported to run on compute capability 9.x or any higher revision (major or minor),
    including compute capability 10.0" [NV-PG-613], [NV-BW]. (It also needs a driver at
    least as new as the toolkit that built the PTX.)"""
    return device >= code


def _serves(code: _Code, device: tuple[int, int], family: FamilyTable) -> bool:
    if code.suffix == "a":
        # Architecture-specific code, cubin and PTX alike, runs only on that exact
        # capability: "not forward and backward compatible" [NV-PG-613], [NV-BLOG-FAM].
        return device == code.capability
    if code.suffix == "f":
        # Family-specific code runs on the members NVIDIA's table lists for the release;
        # a target the table does not list follows the family rule it states: same
        # major, an equal or higher minor [NV-PG-2013], [NV-PG-NEW], [NV-BLOG-FAM].
        members = family.get(code.capability)
        if members is not None:
            return device in members
        return device[0] == code.capability[0] and device[1] >= code.capability[1]
    if code.ptx:
        return ptx_runs(code.capability, device)
    return cubin_runs(code.capability, device)


def _cuda_verdict(device: tuple[int, int], listed: tuple[str, ...], family: FamilyTable) -> Verdict:
    name = f"sm_{device[0]}{device[1]}"
    codes = [code for code in map(_parse, listed) if code is not None]
    serving = [code for code in codes if _serves(code, device, family)]
    cubins = [code for code in serving if not code.ptx]
    exact = [code for code in cubins if code.capability == device]
    if exact:
        # the plain cubin before an `a`/`f` one: the same code, without the extras
        best = min(exact, key=lambda code: code.suffix)
        return Verdict(name, Route.EXACT_CUBIN, best.name)
    if cubins:
        best = max(cubins, key=lambda code: code.capability)
        return Verdict(name, Route.COMPATIBLE_CUBIN, best.name)
    ptx = [code for code in serving if code.ptx]
    if ptx:
        # the newest PTX that fits: it may use more of the hardware [NV-PG-613]
        best = max(ptx, key=lambda code: code.capability)
        return Verdict(name, Route.PTX_JIT, best.name)
    return Verdict(name, Route.NONE, direction=_direction(device, codes))


def _direction(device: tuple[int, int], codes: list[_Code]) -> Direction:
    if device in TEGRA:
        return Direction.TEGRA  # a Jetson runs only cubins built for its own CC, or PTX
    desktop = [
        code.capability for code in codes if not code.suffix and code.capability not in TEGRA
    ]
    if desktop and device < min(desktop):
        return Direction.OLDER
    return Direction.NEWER


def _parse(arch: str) -> _Code | None:
    match = _CUDA_ARCH.match(arch.strip())
    if not match:
        return None
    digits = match.group(2)
    if len(digits) < 2:
        return None
    capability = (int(digits[:-1]), int(digits[-1]))
    return _Code(arch.strip(), match.group(1) == "compute", capability, match.group(3))


# --- ROCm ----------------------------------------------------------------------------------


def gfx_name(gfx_target_version: int) -> str | None:
    """The gfx target of a KFD `gfx_target_version` as LLVM's amdgpu-arch decodes it:
    major = v/10000 % 100, minor = v/100 % 100, stepping = v % 100, printed
    `gfx%ld%ld%lx` (the stepping in hex: 90010 → gfx90a) [LLVM-AMDARCH]. None for 0, which
    marks a CPU node ("If this is zero the node is a CPU."), and for values no gfx name
    can spell."""
    if gfx_target_version <= 0:
        return None
    major = gfx_target_version // 10000 % 100
    minor = gfx_target_version // 100 % 100
    stepping = gfx_target_version % 100
    if major == 0 or minor > 9 or stepping > 15 or gfx_target_version >= 1_000_000:
        return None
    return f"gfx{major}{minor}{stepping:x}"


def gfx_version(gfx: str) -> tuple[int, int, int] | None:
    """(major, minor, stepping) of a gfx target name ("gfx1101" → (11, 0, 1))."""
    match = _GFX.match(gfx.split(":", 1)[0].strip().lower())
    if not match:
        return None
    return int(match.group(1)), int(match.group(2)), int(match.group(3), 16)


def gfx_verdict(gcn_arch: str, arch_list: Iterable[str]) -> Verdict:
    """Whether a ROCm build compiled for `arch_list` has a code object for the GPU.

    A code object runs on the gfx target it was built for; torch does no arch check on
    ROCm, and a GPU outside the list fails at its first kernel with "HIP error: invalid
    device function" [I-PT-132570], [I-PT-164346]. Target features (":sramecc+:xnack-")
    are left aside.
    """
    gfx = arch_name(gcn_arch)
    compiled = [arch_name(arch) for arch in arch_list]
    if gfx in compiled:
        return Verdict(gfx, Route.EXACT_CODE_OBJECT, gfx)
    target = _family_target(gfx, compiled)
    value = None
    if target is not None:
        major, minor, stepping = gfx_version(target) or (0, 0, 0)
        value = f"{major}.{minor}.{stepping}"
    return Verdict(gfx, Route.NONE, direction=Direction.GFX, override_target=target,
                   override_value=value)  # fmt: skip


def _family_target(gfx: str, compiled: list[str]) -> str | None:
    """The compiled target HSA_OVERRIDE_GFX_VERSION would pass the GPU off as.

    The override "tricks ROCm into thinking the available card is of the architecture
    specified"; its use is an unofficial card of the same family: gfx1031 → 10.3.0 (as
    gfx1030), gfx1101 and gfx1151 → 11.0.0 (as gfx1100) [I-THEROCK-1719], [D-ROCM-4188],
    [I-PT-164346]. Same major and minor first, else the lowest minor of the same major;
    only for RDNA (gfx10 and later), where those sources show it: gfx9 targets of one
    major (gfx906, gfx90a, gfx942) are different instruction sets. How to spell a hex
    stepping in the value is not documented, so such targets are not offered.
    """
    wanted = gfx_version(gfx)
    if wanted is None or wanted[0] < 10:
        return None
    family = sorted(
        (version, name)
        for name in compiled
        if (version := gfx_version(name)) is not None
        and version[0] == wanted[0]
        and version[2] <= 9
    )
    same_minor = [name for version, name in family if version[1] == wanted[1]]
    if same_minor:
        return same_minor[0]
    return family[0][1] if family else None


def major_minor(text: str | None) -> tuple[int, int] | None:
    """ "12.1" (a capability, a CUDA version) as (12, 1); None where it is not one."""
    match = re.match(r"^(\d+)\.(\d+)", text or "")
    return (int(match.group(1)), int(match.group(2))) if match else None
