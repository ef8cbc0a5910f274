"""Which AMD GPUs (gfx targets) each ROCm release lists as supported on Linux (issue 38).

compat/gpus.py gives a GPU's gfx target and the targets no ROCm ever ran (ROCM_NEVER: the
kernel's KFD never takes their chips). This table says, release by release, which targets
AMD's ROCm documentation lists: officially, "enabled … though full support is not
guaranteed" (the README's second list, 2.10 to 4.5.2), or deprecated (still listed, ⚠️).
A target no release lists is RDNA 1 (gfx1010 to gfx1012), the RDNA 2 and 3 siblings of a
listed target (gfx1031 to gfx1036, gfx1101 to gfx1103) and the APUs (gfx902, gfx90c,
gfx1103, gfx1150 …): ROCm's libraries ship no code objects for them (rocBLAS's Tensile
library, MIOpen's kernels, torch's ROCm wheels, compat/wheels.py), whatever the kernel
driver takes.

Dated 2025-03-21 (the newest source below). Releases are judged from 2.0 to 6.3.x; a newer
one is not judged (its list is not in these sources), except that gfx1200 and gfx1201 are
listed from 6.4.1. Where a span's sources do not say whether a target is listed (ROCm 5.0 to
5.5 for the targets 4.5.2 or 5.6 lists; gfx90a in 4.x, whose README leaves out the MI200 the
release notes announce), the target is not judged there (`UNSURE`).

Sources (each span names its own):

- [README-2.10] ROCm/ROCm README.md "Supported GPUs" at tags rocm-2.6 and rocm-2.10: "ROCm
  officially supports AMD GPUs that use following chips: GFX8 … Fiji … Polaris 10 … GFX9 …
  Vega 10 … Vega 7nm" (2.6 lists Polaris 11 and 12 officially too); Fiji and Polaris are
  gfx803, Vega 10 gfx900, Vega 7nm gfx906 ([LLVM-PROC-OLD] in compat/gpus.py).
- [README-3.x] the same section at rocm-3.0 and rocm-3.10.0: the same official list, and
  "The following list of GPUs are enabled in the ROCm software, though full support is not
  guaranteed: GFX8 … Polaris 11 … Polaris 12 … GFX7 … Hawaii" (gfx803; gfx701 and gfx702).
- [README-4.x] the same section at rocm-4.0.0 and rocm-4.5.2: officially "GFX9 GPUs …
  Vega 10 … Vega 7nm" and "CDNA GPUs … MI100" (gfx908); Fiji and Polaris 10 are gone, the
  enabled list keeps Polaris 11 and 12 and Hawaii. AMD's reply of ROCm/legacy-rocm-build#1631
  says the same of ROCm 4.5: "Navi series of cards are not officially supported".
- [README-5.0] the same README at rocm-5.0.0 "Supported GPUs": "This release extends ROCm
  support for Radeon Pro V620 and W6800 Workstation GPUs" (gfx1030).
- [GPU-OS-5.6] ROCm/ROCm docs/release/gpu_os_support.md at rocm-5.6.0 and rocm-5.7.1 ("GPU
  and OS Support (Linux)"): ✅ gfx90a, gfx908, gfx906, gfx1030; MI25 (gfx900) ❌
  ("Unsupported - This configuration is not enabled in our software distributions").
- [COMPAT-6.0] ROCm/ROCm@e396b489 docs/compatibility/compatibility-matrix-historical-6.0.csv
  ("GPU / LLVM target", 6.0.0 to 6.3.3): gfx1100, gfx1030, gfx942, gfx90a, gfx908; with
  ROCm/rocm-install-on-linux@cccc3308 docs/reference/system-requirements.rst ("System
  requirements (Linux)", "Supported GPUs"): MI50, Radeon PRO VII and Radeon VII (gfx906)
  "⚠️" (deprecated), MI25 (gfx900) "❌", and "If a GPU is not listed on this table, it's
  not officially supported by AMD".
- [SYSREQ-6.4.1] https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.4.1/reference/
  system-requirements.html#rdna-os, as ggml-org/llama.cpp's .devops/rocm.Dockerfile commit
  ("added gfx1200,gfx1201 architectures to support AMD Radeon RX 9000 series") quotes it:
  "the Radeon RX 9000 series is supported" (gfx1200, gfx1201).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Final

from hwdoctor.compat import gpus, kernels


class Status(str, Enum):
    """How a release's list holds a target."""

    OFFICIAL = "officially supported"
    ENABLED = "enabled, full support not guaranteed"
    DEPRECATED = "deprecated"


Release = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Span:
    """The releases one source's list covers, first and last as (major, minor)."""

    first: Release
    last: Release
    last_name: str  # the last release of the span as AMD numbers it ("4.5.2")
    source: str
    listed: Mapping[str, Status]
    unsure: frozenset[str] = field(default_factory=frozenset)

    def covers(self, release: Release) -> bool:
        return self.first <= release <= self.last


_O, _E, _D = Status.OFFICIAL, Status.ENABLED, Status.DEPRECATED
_GCN_EARLY: Final = MappingProxyType({"gfx803": _O, "gfx900": _O, "gfx906": _O})

SPANS: Final[tuple[Span, ...]] = (
    Span(
        (2, 0),
        (2, 10),
        "2.10",
        "the ROCm README's Supported GPUs (rocm-2.10)",
        _GCN_EARLY,
        frozenset({"gfx701", "gfx702"}),
    ),
    Span(
        (3, 0),
        (3, 10),
        "3.10",
        "the ROCm README's Supported GPUs (rocm-3.0 to rocm-3.10.0)",
        MappingProxyType({**_GCN_EARLY, "gfx701": _E, "gfx702": _E}),
    ),
    Span(
        (4, 0),
        (4, 5),
        "4.5.2",
        "the ROCm README's Supported GPUs (rocm-4.0.0 to rocm-4.5.2)",
        MappingProxyType(
            {"gfx900": _O, "gfx906": _O, "gfx908": _O, "gfx803": _E, "gfx701": _E, "gfx702": _E}
        ),
        frozenset({"gfx90a"}),
    ),
    Span(
        (5, 0),
        (5, 5),
        "5.5",
        "the ROCm 5.0 README's Supported GPUs",
        MappingProxyType({"gfx1030": _O}),
        frozenset({"gfx803", "gfx701", "gfx702", "gfx900", "gfx906", "gfx908", "gfx90a"}),
    ),
    Span(
        (5, 6),
        (5, 7),
        "5.7.1",
        "ROCm's GPU and OS Support (Linux), 5.6 and 5.7",
        MappingProxyType({"gfx90a": _O, "gfx908": _O, "gfx906": _O, "gfx1030": _O}),
    ),
    Span(
        (6, 0),
        (6, 3),
        "6.3.3",
        "ROCm's System requirements (Linux) and compatibility matrix, 6.0 to 6.3",
        MappingProxyType(
            {"gfx942": _O, "gfx90a": _O, "gfx908": _O, "gfx1100": _O, "gfx1030": _O, "gfx906": _D}
        ),
    ),
)
NEWEST: Final = SPANS[-1]
# [SYSREQ-6.4.1] targets listed from a release newer than NEWEST, by that release
LISTED_LATER: Final = MappingProxyType({"gfx1200": "6.4.1", "gfx1201": "6.4.1"})

_RELEASE: Final = re.compile(r"(\d{1,2})\.(\d{1,2})")


def release(text: str) -> Release | None:
    """(major, minor) of a ROCm release as a paste writes it: "4.1", "6.3.2-66", "rocm6.3"."""
    match = _RELEASE.search(text)
    return (int(match.group(1)), int(match.group(2))) if match else None


def judged(shown: Release) -> bool:
    """Whether the table holds the list of that release."""
    return SPANS[0].first <= shown <= NEWEST.last


def listed_in(gfx: str, shown: Release) -> bool | None:
    """Whether the list of release `shown` holds `gfx`; None where the table does not say."""
    for span in SPANS:
        if span.covers(shown):
            if gfx in span.unsure:
                return None
            return gfx in span.listed
    return None


def ever_listed(gfx: str) -> bool:
    """Whether any release's list holds the target, or may (a span unsure of it)."""
    return gfx in LISTED_LATER or any(gfx in s.listed or gfx in s.unsure for s in SPANS)


def first_after(gfx: str, shown: Release) -> str | None:
    """The first release after `shown` whose list holds `gfx` ("5.0", "6.4.1"), or None."""
    for span in SPANS:
        if span.first > shown and gfx in span.listed:
            return f"{span.first[0]}.{span.first[1]}"
    later = LISTED_LATER.get(gfx)
    when = release(later) if later is not None else None
    return later if when is not None and when > shown else None


def last_before(gfx: str, shown: Release) -> Span | None:
    """The last span before `shown` whose list holds `gfx` (its last release, how), or None."""
    before = [s for s in SPANS if s.last < shown and gfx in s.listed]
    return before[-1] if before else None


def override(gfx: str) -> kernels.Verdict | None:
    """The HSA_OVERRIDE_GFX_VERSION that passes `gfx` off as a sibling the newest list holds:
    a target of the same major and minor (gfx1031 as gfx1030, gfx1103 as gfx1100), as
    compat/kernels.py documents the override (RDNA only); None for any other, RDNA 1 among
    them (gfx1010 is no sibling of gfx1030: another instruction set)."""
    verdict = kernels.gfx_verdict(gfx, tuple(NEWEST.listed))
    wanted, target = kernels.gfx_version(gfx), kernels.gfx_version(verdict.override_target or "")
    if wanted is None or target is None or wanted[:2] != target[:2]:
        return None
    return verdict


def never_ran(gfx: str) -> bool:
    """A target whose every chip KFD never takes (compat/gpus.py ROCM_NEVER): its own finding."""
    return gfx in gpus.ROCM_NEVER
