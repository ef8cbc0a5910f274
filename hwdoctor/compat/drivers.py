"""Which NVIDIA driver each CUDA build needs, each rule with its source.

A torch build linked against CUDA X.Y runs on a driver that is at least
max(the toolkit floor, the floor of the GPU's generation), where the toolkit floor is the
lower of the toolkit's own minimum (NVIDIA's release notes, Table 3) and the
minor-version-compatibility floor of the CUDA major (NVIDIA's compatibility guide).

Where NVIDIA documents no minimum (a CUDA release missing from Table 3, a GPU generation
without a documented floor) the answer is `None`: not checked, never a guess.

Sources (keys of the compatibility notes):

- [TABLE-3] "CUDA Toolkit and Corresponding Driver Versions", Linux x86_64 column,
  https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id7 , read through
  meson's copy (mesonbuild/meson@cd1a097e mesonbuild/modules/cuda.py,
  `_DRIVER_TABLE_VERSION`).
- [NV-MVC] https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html
- [NV-BW] https://docs.nvidia.com/cuda/archive/13.0.0/blackwell-compatibility-guide/index.html
- [NV-BW-MIG] https://forums.developer.nvidia.com/t/software-migration-guide-for-nvidia-blackwell-rtx-gpus-a-guide-to-cuda-12-8-pytorch-tensorrt-and-llama-cpp/321330
- [NV-RT-VER] https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART____VERSION.html
- [PT-C10] pytorch/pytorch@01a6a16d c10/cuda/CUDAFunctions.cpp
- [NV-MATRIX] "CUDA Toolkit, Driver, and Architecture Matrix", "Last Driver Support":
  Kepler R470; Maxwell, Pascal, Volta R580; Turing and newer ongoing,
  https://docs.nvidia.com/datacenter/tesla/drivers/cuda-toolkit-driver-and-architecture-matrix.html
- [NV-UNIX] https://www.nvidia.com/object/unix.html "Latest Legacy GPU version (470.xx
  series)", the branch kept for Kepler.
- [NV-DC-450] NVIDIA Data Center GPU Driver 450.51.05 release notes (2020-07-07), the A100's
  first: https://docs.nvidia.com/datacenter/tesla/tesla-release-notes-450-51-05/index.html
- [OGKM] NVIDIA/open-gpu-kernel-modules, src/nvidia/generated/g_nv_name_released.h, at the
  first release that names a GPU of the generation: 520.56.06 (@7c345b83: "NVIDIA GeForce RTX
  4090", "NVIDIA H100 PCIe"; no Ada or Hopper chip code in any R515 release, 515.105.01
  @21c357a4), 570.86.15 (@54d69484, "NVIDIA B200"), 570.86.16 (@81fe4fb4, "NVIDIA GeForce
  RTX 5090"), 580.82.07 (@6387af30, "NVIDIA B300 SXM6 AC", "NVIDIA GB300"; in no R570
  release), 580.119.02 (@de3d54ab, "NVIDIA GB10"). [OGKM-590]: at 590.44.01 (@a5bfb10e) it
  names no Maxwell, Pascal or Volta GPU (580.126.09 names 438). [OGKM-PROBE]: osapi.c, "The
  NVIDIA GPU … is not supported by the NVIDIA … driver release".
- [SG-520] NVIDIA's supported-gpus.json of the 520.56.06 .run (as extracted from Ubuntu's
  package in alex-tu-cc/get-nvidia-supported-gpus-json@d67e961e): RTX 4090 (0x2684), RTX 4080,
  L40, H100 PCIe; the R470 file (@92077df6) lists no device id of Ada or Hopper.
- [NV-GPUOP] NVIDIA/cloud-native-docs@52dcb7b8 gpu-operator/platform-support.rst: "HGX B200
  requires a driver container version of 570.133.20 or later".
- [NV-ERR-35] https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html
  (enum cudaError: cudaErrorInsufficientDriver = 35, "the installed NVIDIA CUDA driver is
  older than the CUDA runtime library"; its string is "CUDA driver version is insufficient
  for CUDA runtime version"). torch before 1.0 raised it as "cuda runtime error (35)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

_TABLE_3: Final = (
    "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id7"
    " (Table 3, Linux x86_64; via mesonbuild/meson@cd1a097e mesonbuild/modules/cuda.py)"
)
_NV_MVC: Final = (
    "https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html"
)
_NV_BW_MIG: Final = (
    "https://forums.developer.nvidia.com/t/software-migration-guide-for-nvidia-blackwell-rtx-gpus"
    "-a-guide-to-cuda-12-8-pytorch-tensorrt-and-llama-cpp/321330"
)


class FloorRule(str, Enum):
    """Which of NVIDIA's rules sets a floor; the values are the JSON values."""

    TOOLKIT = "toolkit"  # the toolkit's own minimum (Table 3)
    MINOR_VERSION = "minor_version"  # minor-version compatibility within a CUDA major
    GPU_GENERATION = "gpu_generation"  # a GPU generation needs a newer branch


@dataclass(frozen=True, slots=True)
class Floor:
    """The oldest driver a build runs on, and the rule and source that say so.

    `driver` is as NVIDIA writes it: a full version ("450.80.02") or a branch ("525", read
    "R525 or newer").
    """

    driver: str
    rule: FloorRule
    cuda: str  # the CUDA version (or major, "12.x") the rule speaks of
    source: str

    @property
    def branch(self) -> int:
        """The driver branch to install at least: 525 for "525.60.13"."""
        return int(self.driver.split(".", 1)[0])

    def admits(self, driver: str) -> bool | None:
        """Whether `driver` is at or above this floor; None when it is not a version."""
        found = driver_tuple(driver)
        if found is None:
            return None
        return found >= _tuple(self.driver)


# Table 3, "Toolkit Driver Version", Linux x86_64, GA release of each CUDA minor
# (an update release may need a newer driver than GA: 12.2.2 needs 535.104.05; a build
# names only major.minor, so the GA row is the one a "+cu122" build can be held to).
# The Windows column is higher by a few releases (10.2: 441.22, 11.x MVC: 452.39): a Windows
# driver held to these floors is never called too old wrongly, only borderline ones missed.
# Source: [TABLE-3].
_TOOLKIT_LINUX_X86_64: Final[dict[str, str]] = {
    "7.0": "346.46",
    "7.5": "352.31",
    "8.0": "367.48",
    "9.0": "384.81",
    "9.1": "390.46",
    "9.2": "396.26",
    "10.0": "410.48",
    "10.1": "418.39",
    "10.2": "440.33",
    "11.0": "450.36.06",
    "11.1": "455.23",
    "11.2": "460.27.03",
    "11.3": "465.19.01",
    "11.4": "470.42.01",
    "11.5": "495.29.05",
    "11.6": "510.39.01",
    "11.7": "515.43.04",
    "11.8": "520.61.05",
    "12.0": "525.60.13",
    "12.1": "530.30.02",
    "12.2": "535.54.03",
    "12.3": "545.23.06",
    "12.4": "550.54.14",
    "12.5": "555.42.02",
    "12.6": "560.28.03",
    "12.8": "570.26",
    "12.9": "575.51.03",
    "13.0": "580.65.06",
    "13.1": "590.44.01",
    "13.2": "595.45.04",
    "13.3": "610.43.02",
}

# Minor-version compatibility: from CUDA 11 on, an application built with any toolkit of a
# major family runs, "with limited feature-set", on a driver of at least that family's
# floor. 11.x: >= 450, and NVIDIA notes that MVC across 11.x needs 450.80.02 on Linux;
# 12.x: >= 525; 13.x: >= 580. Source: [NV-MVC].
_MINOR_VERSION_FLOOR: Final[dict[int, str]] = {
    11: "450.80.02",
    12: "525",
    13: "580",
}


@dataclass(frozen=True, slots=True)
class Generation:
    """A GPU generation's own bounds on the driver, whatever CUDA a build needs: the first
    branch that supports a GPU of it (a CUDA 11.8 build runs on R450 through minor-version
    compatibility, an RTX 4090 does not), and the last branch that still does."""

    name: str
    capabilities: tuple[str, ...]  # compute capabilities, "8.9"
    floor: str | None  # the first driver branch that lists one of its GPUs: "520"
    last_branch: int | None  # the last branch that supports it: 470; None: still supported
    source: str


# Floors: the first Linux x86_64 branch whose supported-products list (or NVIDIA's own list of
# product names in the driver, g_nv_name_released.h) names a GPU of the generation; the
# kernel module refuses a GPU whose chip it has no code for ("not supported by the NVIDIA …
# driver release", [OGKM-PROBE]). Generations older than Ada have floors below every CUDA
# floor torch's builds need (Turing's CUDA 10.0 needs 410.48, its launch branch): not
# listed. Consumer Ampere (8.6, R455 by third-party reports only) is left unchecked. Tegra
# (7.2, 8.7, 11.0) drivers ship with JetPack: not checked. Ceilings: the last branch NVIDIA
# supports a generation in ([NV-MATRIX] "Last Driver Support").
_GENERATIONS: Final[tuple[Generation, ...]] = (
    Generation("Kepler", ("3.0", "3.2", "3.5", "3.7"), None, 470, "[NV-MATRIX]; [NV-UNIX]"),
    Generation("Maxwell", ("5.0", "5.2", "5.3"), None, 580, "[NV-MATRIX]; [OGKM-590]"),
    Generation("Pascal", ("6.0", "6.1", "6.2"), None, 580, "[NV-MATRIX]; [OGKM-590]"),
    Generation("Volta", ("7.0",), None, 580, "[NV-MATRIX]; [OGKM-590]"),
    Generation("Ampere", ("8.0",), "450", None, "[NV-DC-450]"),
    Generation("Ada Lovelace", ("8.9",), "520", None, "[OGKM] 520.56.06; [SG-520]"),
    Generation("Hopper", ("9.0",), "520", None, "[OGKM] 520.56.06; [SG-520]"),
    Generation("Blackwell", ("10.0",), "570", None, "[OGKM] 570.86.15; [NV-GPUOP]"),
    Generation("Blackwell Ultra", ("10.3",), "580", None, "[OGKM] 580.82.07"),
    Generation("Blackwell", ("12.0",), "570", None, f"[OGKM] 570.86.16; {_NV_BW_MIG}"),
    Generation("Blackwell (GB10)", ("12.1",), "580", None, "[OGKM] 580.119.02"),
)
_BY_CAPABILITY: Final = {c: g for g in _GENERATIONS for c in g.capabilities}

_VERSION: Final = re.compile(r"^\d+(?:\.\d+)*$")
_CUDA: Final = re.compile(r"^(\d+)\.(\d+)")


def _tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def driver_tuple(driver: str) -> tuple[int, ...] | None:
    """A driver version as numbers ("535.104.05" → (535, 104, 5)); None if it is not one."""
    text = driver.strip()
    if not _VERSION.match(text):
        return None
    return _tuple(text)


def _cuda(cuda: str) -> tuple[int, int] | None:
    match = _CUDA.match(cuda.strip())
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


def generation_of(capability: str | None) -> Generation | None:
    """The generation whose own driver bounds apply to a GPU of `capability`, if any."""
    return _BY_CAPABILITY.get((capability or "").strip())


def generation(capability: str | None) -> str | None:
    """The name of the GPU generation whose own floor applies to `capability`, if any."""
    found = generation_of(capability)
    return found.name if found is not None and found.floor is not None else None


class Bound(str, Enum):
    """Which of a generation's bounds a driver is outside; the values are the JSON values."""

    FLOOR = "floor"  # older than the first branch that supports the generation
    LAST = "last"  # newer than the last branch that supports it


def outside(driver: str, capability: str | None) -> tuple[Generation, Bound] | None:
    """Whether `driver` cannot drive a GPU of `capability` at all, by its generation's
    bounds: the generation and the bound; None when within them, or not known."""
    found = generation_of(capability)
    parsed = driver_tuple(driver)
    if found is None or parsed is None:
        return None
    if found.last_branch is not None and parsed[0] > found.last_branch:
        return found, Bound.LAST
    if found.floor is not None and parsed < _tuple(found.floor):
        return found, Bound.FLOOR
    return None


def supports_gpu(driver: str, capability: str | None) -> bool | None:
    """Whether `driver`'s branch still supports GPUs of `capability` (False: the branch is
    newer than the generation's last one); None when not known."""
    found = outside(driver, capability)
    if found is not None:
        return found[1] is not Bound.LAST
    return None if generation_of(capability) is None or driver_tuple(driver) is None else True


def toolkit_floor(cuda: str) -> Floor | None:
    """The oldest driver a build against CUDA `cuda` ("12.1", "12.1.105") runs on, for any
    GPU: the lower of the toolkit's Table-3 minimum and its major's minor-version floor.
    None when NVIDIA documents neither (CUDA 10 and older, releases Table 3 lacks)."""
    parsed = _cuda(cuda)
    own = table3_minimum(cuda)
    if parsed is None or own is None:
        # A release missing from Table 3 (12.7, 13.4+): its floor is not documented here.
        return None
    major, minor = parsed
    toolkit = Floor(own, FloorRule.TOOLKIT, f"{major}.{minor}", _TABLE_3)
    family = _MINOR_VERSION_FLOOR.get(major)
    if family is not None and _tuple(family) < _tuple(own):
        return Floor(family, FloorRule.MINOR_VERSION, f"{major}.x", _NV_MVC)
    return toolkit


def table3_minimum(cuda: str) -> str | None:
    """The driver CUDA `cuda` ("12.4") names as its own minimum in Table 3, without minor-
    version compatibility: what the NVIDIA Container Toolkit's NVIDIA_REQUIRE_CUDA check
    ("cuda>=12.4") asks of the host driver (issue 38). None when Table 3 lacks the release."""
    parsed = _cuda(cuda)
    return _TOOLKIT_LINUX_X86_64.get(f"{parsed[0]}.{parsed[1]}") if parsed else None


def driver_floor(cuda: str, capability: str | None = None) -> Floor | None:
    """The oldest driver on which a build against CUDA `cuda` runs on a GPU of compute
    capability `capability` (None: any GPU). None when not documented."""
    floor = toolkit_floor(cuda)
    if floor is None:
        return None
    found = generation_of(capability)
    if found is not None and found.floor and _tuple(found.floor) > _tuple(floor.driver):
        return Floor(found.floor, FloorRule.GPU_GENERATION, floor.cuda, found.source)
    return floor


def runs(driver: str, cuda: str, capability: str | None = None) -> bool | None:
    """Whether a build against CUDA `cuda` runs on `driver` for a GPU of `capability`: the
    driver meets the floor and still supports the GPU's generation. None when not checked
    (no documented floor, or `driver` is not a version)."""
    if supports_gpu(driver, capability) is False:
        return False
    floor = driver_floor(cuda, capability)
    if floor is None:
        return None
    return floor.admits(driver)


def newest_cuda(driver: str) -> str | None:
    """The newest CUDA release whose own Table-3 minimum `driver` meets ("470.82.01" →
    "11.4"): what the driver supports natively. Builds of a newer minor in the same major
    may still run through minor-version compatibility (see `runs`). None when the driver
    is older than every documented release or is not a version."""
    found = driver_tuple(driver)
    if found is None:
        return None
    best: tuple[int, int] | None = None
    for cuda, minimum in _TOOLKIT_LINUX_X86_64.items():
        parsed = _cuda(cuda)
        if parsed is not None and found >= _tuple(minimum) and (best is None or parsed > best):
            best = parsed
    return None if best is None else f"{best[0]}.{best[1]}"


def decode_cuda_driver_version(number: int) -> str | None:
    """The CUDA version a `cudaDriverGetVersion()` number stands for: 11040 → "11.4".

    The number is 1000·major + 10·minor ([NV-RT-VER]); torch prints it in "The NVIDIA
    driver on your system is too old (found version 11040)" ([PT-C10]). It is the newest
    CUDA the driver supports, not the driver's own version. None for 0 or less (no driver).
    """
    if number <= 0:
        return None
    return f"{number // 1000}.{(number % 1000) // 10}"


class DriverWords(str, Enum):
    """How torch (or the CUDA runtime under it) said the driver is older than its build."""

    # "The NVIDIA driver on your system is too old (found version 11040)": the number is
    # cudaDriverGetVersion()'s, the newest CUDA the driver supports ([PT-C10]).
    FOUND_VERSION = "found_version"
    # The same words without the number (torch/csrc/cuda/Module.cpp before 1.0).
    TOO_OLD = "too_old"
    # cudaErrorInsufficientDriver (35) in the CUDA runtime's words, as torch before 1.0
    # raised it ("cuda runtime error (35) : ..."): the driver is older than the runtime the
    # build ships, or no driver answers ([NV-ERR-35]).
    INSUFFICIENT = "insufficient"


# The patterns a pasted report's recognisers and a live probe's messages are read with.
FOUND_VERSION: Final = re.compile(r"found version (\d{4,6})\b")
TOO_OLD: Final = re.compile(r"The NVIDIA driver on your system is too old(?! \(found)")
INSUFFICIENT: Final = re.compile(r"CUDA driver version is insufficient for CUDA runtime version")


@dataclass(frozen=True, slots=True)
class DriverSaid:
    """torch's word that the driver is too old: which words, and the number where given."""

    words: DriverWords
    number: int | None = None  # cudaDriverGetVersion()'s, with FOUND_VERSION

    @property
    def supports(self) -> str | None:
        """The newest CUDA the driver supports, where torch gave the number."""
        return decode_cuda_driver_version(self.number) if self.number is not None else None


def driver_said(text: str) -> DriverSaid | None:
    """What `text` (a message torch raised or warned) says of the driver, if anything."""
    if match := FOUND_VERSION.search(text):
        return DriverSaid(DriverWords.FOUND_VERSION, int(match.group(1)))
    if INSUFFICIENT.search(text):
        return DriverSaid(DriverWords.INSUFFICIENT)
    if TOO_OLD.search(text):
        return DriverSaid(DriverWords.TOO_OLD)
    return None


def found_version_in(text: str) -> str | None:
    """The CUDA version in torch's "driver … too old (found version 11040)" message, if
    the text holds one ([PT-C10])."""
    said = driver_said(text)
    return said.supports if said is not None else None


# libcuda's file name carries the user-space driver's version: libcuda.so.535.104.05.
LIBCUDA: Final = re.compile(r"^libcuda\.so\.(\d{3,4}(?:\.\d{1,8}){1,2})$")


def library_version(path: str) -> str | None:
    """The driver version in a libcuda file name: ".../libcuda.so.535.104.05" → "535.104.05"."""
    match = LIBCUDA.match(path.rsplit("/", 1)[-1])
    return match.group(1) if match else None
