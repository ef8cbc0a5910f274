"""Which AMD GPUs (gfx targets) each ROCm release lists as supported on Linux (issue 38).

compat/gpus.py gives a GPU's gfx target and the targets no ROCm ever ran (ROCM_NEVER: the
kernel's KFD never takes their chips). This table says, release by release, which targets
AMD's ROCm documentation lists: officially, "enabled … though full support is not
guaranteed" (the README's second list, 2.10 to 4.5.2), or deprecated (still listed, ⚠️).
A target no release lists in full is RDNA 1 (gfx1010 to gfx1012), the RDNA 2 and 3 siblings
of a listed target (gfx1031 to gfx1036, gfx1101 to gfx1103) and the APUs (gfx902, gfx90c,
gfx1103, gfx1150 …). This is AMD's list of the libraries it ships for a release, not torch's:
a ROCm wheel of torch bundles its own rocBLAS and MIOpen built for the targets of its own gfx
list (compat/wheels.py: gfx1101 from torch 2.6, gfx1151 from 2.10), so a paste that shows a
ROCm torch is judged by that list (diagnosis/pasted.py `_rocm_unlisted`), not by this one.

Dated 2025-03-21 (the newest source below). Releases are judged from 2.0 to 6.3.x; a newer
one is not judged (its list is not in these sources), except that gfx1200 and gfx1201 are
listed from 6.4.1. Where a span's sources do not say whether a target is listed (ROCm 5.0 to
5.4 for the targets 4.5.2 or 5.6 lists; gfx90a in 4.x, whose README leaves out the MI200 the
release notes announce; in 5.5 every target its Radeon tables leave out, AMD writing "This
table is incomplete."; gfx1100 in 5.7, which AMD's Radeon documentation lists), the target
is not judged there (`UNSURE`).

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
  enabled list keeps Polaris 11 and 12 and Hawaii; rocm-4.5.2 README.md, "ROCm officially
  supports AMD GPUs that use following chips: * GFX9 GPUs - "Vega 10" chips, such as on the
  AMD Radeon RX Vega 64 and Radeon Instinct MI25 - "Vega 7nm" chips, such as on the Radeon
  Instinct MI50, Radeon Instinct MI60 or AMD Radeon VII, Radeon Pro VII". No Navi (gfx10xx).
- [README-5.0] the same README at rocm-5.0.0 (and rocm-5.2.0) "Supported GPUs": "This release
  extends ROCm support for Radeon Pro V620 and W6800 Workstation GPUs" (gfx1030).
- [GPU-OS-5.5] ROCm/ROCm docs/release/gpu_os_support.md at rocm-5.5.1: Instinct "MI250X |
  CDNA2 | Full | gfx90a | Supported", "MI100 | CDNA | Full | gfx908 | Supported", "MI50 |
  Vega | Full | gfx906 | Supported"; Radeon Pro, after "This table is incomplete.", "Pro
  W6800 | RDNA2 | Full | gfx1030 | Supported"; Radeon, after "This table is incomplete.",
  "RX 6900 XT | RDNA2 |HIP SDK | gfx1030 | Supported", "RX 6600 | RDNA2 |HIP Runtime |
  gfx1031 | Supported" ("HIP Runtime enables the use of the HIP Runtime only"; the RX 6600
  is gfx1032, compat/gpus.py, unsure there as every target the table leaves out), "Radeon
  VII | Vega |Full | gfx906 | Supported", "R9 Fury | Fiji |NA | gfx803 | Community" ("AMD
  does not enable these GPUs in our software distributions").
- [GPU-OS-5.6] ROCm/ROCm docs/release/gpu_os_support.md at rocm-5.6.0 and rocm-5.7.1 ("GPU
  Support and OS Compatibility (Linux)"): "AMD Instinct™ MI250X | CDNA2 | gfx90a | ✅",
  "MI100 | CDNA | gfx908 | ✅", "MI50 | GCN5.1 | gfx906 | ✅", "MI25 | GCN5.0 | gfx900 |
  ❌" ("Unsupported - This configuration is not enabled in our software distributions"),
  "Radeon™ Pro W6800 | RDNA2 | gfx1030 | ✅", "Radeon™ VII | GCN5.1 | gfx906 | ✅".
- [RADEON-5.7] ROCm/amdgpu#151, AMD's kentrussell: "In ROCm 5.7, the 7900XTX has official
  support in Ubuntu 22.04" (AMD's Radeon documentation, not the page above): gfx1100 in 5.7
  is left unsure.
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
    HIP_RUNTIME = "supported for the HIP runtime only"  # [GPU-OS-5.5]: not its libraries


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
    # [GPU-OS-5.5] "This table is incomplete.": a target it leaves out is unsure, but for
    # those the page names as not enabled
    incomplete: bool = False
    not_enabled: frozenset[str] = field(default_factory=frozenset)

    def covers(self, release: Release) -> bool:
        return self.first <= release <= self.last


_O, _E, _D = Status.OFFICIAL, Status.ENABLED, Status.DEPRECATED
_GCN_EARLY: Final = MappingProxyType({"gfx803": _O, "gfx900": _O, "gfx906": _O})
_LIST_56: Final = MappingProxyType({"gfx90a": _O, "gfx908": _O, "gfx906": _O, "gfx1030": _O})

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
        (5, 4),
        "5.4",
        "the ROCm 5.0 README's Supported GPUs",
        MappingProxyType({"gfx1030": _O}),
        frozenset({"gfx803", "gfx701", "gfx702", "gfx900", "gfx906", "gfx908", "gfx90a"}),
    ),
    Span(
        (5, 5),
        (5, 5),
        "5.5.1",
        "ROCm's GPU and OS Support (Linux), 5.5.1",
        MappingProxyType(
            {"gfx90a": _O, "gfx908": _O, "gfx906": _O, "gfx1030": _O, "gfx1031": Status.HIP_RUNTIME}
        ),
        incomplete=True,  # gfx1032 (the RX 6600 of AMD's row) unsure with every other
        not_enabled=frozenset({"gfx803"}),
    ),
    Span(
        (5, 6),
        (5, 6),
        "5.6.1",
        "ROCm's GPU Support and OS Compatibility (Linux), 5.6",
        _LIST_56,
    ),
    Span(
        (5, 7),
        (5, 7),
        "5.7.1",
        "ROCm's GPU Support and OS Compatibility (Linux), 5.7",
        _LIST_56,
        frozenset({"gfx1100"}),
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


# ROCm named with a release, each on a line ("On ROCm 5.4 it did not work at all; now on ROCm
# 6.1 I get this error"): readers/prose.py reads the line's first alone
_NAMED: Final = re.compile(r"\b(?:ROCm|ROCM|rocm)[ \t]{0,2}v?(\d{1,2})\.(\d{1,2})")


def releases_named(text: str) -> tuple[Release, ...]:
    """Every ROCm release a line names after the word ROCm."""
    return tuple((int(m.group(1)), int(m.group(2))) for m in _NAMED.finditer(text))


def judged(shown: Release) -> bool:
    """Whether the table holds the list of that release."""
    return SPANS[0].first <= shown <= NEWEST.last


def listed_in(gfx: str, shown: Release) -> bool | None:
    """Whether the list of release `shown` holds `gfx`; None where the table does not say."""
    for span in SPANS:
        if span.covers(shown):
            if gfx in span.listed:
                return True
            if gfx in span.unsure or (span.incomplete and gfx not in span.not_enabled):
                return None
            return False
    return None


def _in_full(span: Span, gfx: str) -> bool:
    """Whether the span lists the target with its libraries (not the HIP runtime alone)."""
    return span.listed.get(gfx, Status.HIP_RUNTIME) is not Status.HIP_RUNTIME


def ever_listed(gfx: str) -> bool:
    """Whether any release's list holds the target with its libraries, or may (a span unsure
    of it by name; a table AMD calls incomplete names no target)."""
    return gfx in LISTED_LATER or any(_in_full(s, gfx) or gfx in s.unsure for s in SPANS)


def runtime_only(gfx: str) -> str | None:
    """The last release whose list holds `gfx` for the HIP runtime only ([GPU-OS-5.5]: "RX 6600
    | RDNA2 |HIP Runtime | gfx1031"), where no release lists it with its libraries; else
    None (issue 38, s21-rocmadvice: the words "no release lists it" are then not true)."""
    if any(_in_full(s, gfx) for s in SPANS):
        return None
    runtime = [s for s in SPANS if s.listed.get(gfx) is Status.HIP_RUNTIME]
    return runtime[-1].last_name if runtime else None


def first_after(gfx: str, shown: Release) -> str | None:
    """The first release after `shown` whose list holds `gfx` ("5.0", "6.4.1"), or None."""
    for span in SPANS:
        if span.first > shown and _in_full(span, gfx):
            return f"{span.first[0]}.{span.first[1]}"
    later = LISTED_LATER.get(gfx)
    when = release(later) if later is not None else None
    return later if when is not None and when > shown else None


def last_before(gfx: str, shown: Release) -> Span | None:
    """The last span before `shown` whose list holds `gfx` (its last release, how), or None."""
    before = [s for s in SPANS if s.last < shown and _in_full(s, gfx)]
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
