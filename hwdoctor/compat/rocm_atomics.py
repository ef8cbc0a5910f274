"""The CPUs ROCm's README lists as giving a GFX8 GPU the PCIe 3.0 atomics ROCm needs, and the
ones it lists as not (issue 38, s21-atomics).

ROCm runs a GFX8 GPU (Fiji, Polaris: the Radeon R9 Fury and Nano, the RX 460-590, the Radeon
Pro WX 4100-7100) only where the CPU's PCIe root complex completes PCIe 3.0 atomic operations
and every bridge between routes them; the kernel's KFD otherwise skips the GPU ("kfd: skipped
device 1002:7300, PCI rejects atomics"), and rocminfo, clinfo and torch find none. A report
often shows no kernel line, only the machine: the CPU (the reporter's words, lscpu's "Model
name:", /proc/cpuinfo's "model name", collect_env's CPU section, rocminfo's CPU agent), the
GPU and ROCm failing. `verdict` says what the README says of that CPU.

Read (2026-12-08) from the ROCm/ROCm repository's README.md, its "Supported CPUs" section, at
the tags [R1.5] roc-1.5.0 (2be530ac) to roc-1.8.3, [R1.9] roc-1.9.0 (56a992b2) and roc-1.9.1,
[R2.0] roc-2.0.0 (7cf79c8d) to roc-2.9.0, and in the section "Hardware and Software Support"
at [R2.10] roc-2.10.0 (65f1d2ee) to roc-3.10.x (68c5c198), whose words are [R2.0]'s:

- "Our GFX8 GPU's (Fiji & Polaris Family) use PCIe Gen 3 and PCIe Atomics. Current CPUs which
  support PCIe Gen3 + PCIe Atomics are: Intel Xeon E5 v3 or newer CPUs; Intel Xeon E3 v3 or
  newer CPUs; Intel Core i7 v4, Core i5 v4, Core i3 v4 or newer CPUs (i.e. Haswell family or
  newer). AMD Ryzen CPUs" [R1.5]; [R1.9] adds "AMD Ryzen APUs", "AMD Ryzen Threadripper CPUs",
  "AMD EPYC CPUs" and "Intel Xeon E7 v3 or newer CPUs"; [R2.0] adds "Some Ivy Bridge-E systems".
- "We do not support ROCm with PCIe Gen 2 enabled CPUs such as the AMD Opteron, Phenom, Phenom
  II, Athlon, Athlon X2, Athlon II and Older Intel Xeon and Intel Core Architecture and Pentium
  CPUs" [R1.5]; from [R1.9] on those are "limited support" for GFX9 only, and "We do not support
  GFX8-class GPUs (Fiji, Polaris, etc.) on CPUs that do not have PCIe Gen 3 with PCIe atomics."
- "Beginning with ROCm 1.8, GFX9 GPUs (such as Vega 10) no longer require PCIe atomics. … GFX9
  GPUs can now be run on CPUs without PCIe atomics and on older PCIe generations, such as PCIe
  2.0. This is not supported on GPUs below GFX9, e.g. GFX8 cards in the Fiji and Polaris
  families" [R2.0] ([R1.9]: with HSA_ENABLE_SDMA=0); and Hawaii (GFX7) "does not require or
  take advantage of PCIe Atomics".

Not on the README's list, and so without the atomics a GFX8 GPU needs: AMD's FX (Bulldozer,
Piledriver), on whose pairing with Polaris AMD's engineer answered "we do not expect to support
gfx8 GPUs such as Polaris" (ROCm/legacy-rocm-build#1086, jlgreathouse, 2020-12-01); Intel's
Core i second and third generation (Sandy and Ivy Bridge: before "Haswell family or newer";
AMD's engineer on ROCm/legacy-rocm-build#226: "We need Haswell or newer for Atomics Completer
support"), the Xeon E3 v1/v2 and the Sandy Bridge-E Xeon E5 v1; and their Pentium and Celeron
(G1xxx, G2xxx).

Where the README does not decide, nothing is said: the Ivy Bridge-E Xeon E5/E7 v2 ("some"), the
Haswell-era and later Pentium and Celeron (the README's Intel list names Core and Xeon only), the
Atom-based parts, and every CPU compat/cpus.py does not name (an Opteron, a Kaveri APU).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hwdoctor.compat import cpus


class Atomics(str, Enum):
    """What ROCm's README says of a CPU's PCIe 3.0 atomics."""

    LISTED = "listed"  # among "Current CPUs which support PCIe Gen3 + PCIe Atomics"
    LACKING = "lacking"  # named as PCIe 2.0, or older than the list's first generation


@dataclass(frozen=True, slots=True)
class Verdict:
    """A CPU's place in the README's lists: whether it has the atomics, and in words what the
    README says of it and at which tags."""

    atomics: Atomics
    said: str


_LISTED_WORDS: Final = "ROCm's README lists it among the CPUs with PCIe 3.0 atomics (roc-1.5.0 on)"
# compat/cpus.py's family (Family.name) → the README's verdict
_BY_FAMILY: Final = {
    "Core 2": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) names the older Intel Core CPUs among the PCIe "
        "2.0 CPUs, without the atomics a GFX8 GPU needs",
    ),
    "Nehalem / Westmere, Core i, first generation": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) names the older Intel Core CPUs among the PCIe "
        "2.0 CPUs, without the atomics a GFX8 GPU needs",
    ),
    "Sandy Bridge / Ivy Bridge, Core i, second or third generation": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) lists the Intel Core CPUs with PCIe 3.0 "
        'atomics from the fourth generation ("Haswell family or newer") on, not this one',
    ),
    "Haswell or later, Core i, fourth generation on": Verdict(Atomics.LISTED, _LISTED_WORDS),
    "Nehalem / Westmere or older, Xeon 3000-7000": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) names the older Intel Xeon CPUs among the PCIe "
        "2.0 CPUs, without the atomics a GFX8 GPU needs",
    ),
    "Haswell or later, Xeon E3/E5/E7, v3 on": Verdict(Atomics.LISTED, _LISTED_WORDS),
    "Sandy Bridge / Ivy Bridge, Xeon E3/E5/E7, v1-v2": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) lists the Xeon E3, E5 and E7 CPUs with PCIe "
        "3.0 atomics from v3 (Haswell) on, not this one",
    ),
    "Xeon Scalable, Skylake-SP on": Verdict(Atomics.LISTED, _LISTED_WORDS),
    "Core-based Pentium / Celeron up to Comet Lake, AVX turned off": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) names the Pentium CPUs among the PCIe 2.0 "
        "CPUs and lists Intel's CPUs with PCIe 3.0 atomics from Haswell on; this one is older",
    ),
    "AMD K10 / K8": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) names the Phenom, Phenom II, Athlon, Athlon X2 "
        "and Athlon II among the PCIe 2.0 CPUs, without the atomics a GFX8 GPU needs",
    ),
    "AMD Bulldozer / Piledriver, FX": Verdict(
        Atomics.LACKING,
        "ROCm's README (roc-1.5.0 to roc-3.10.x) does not list AMD's FX among the CPUs with PCIe "
        "3.0 atomics (of AMD's it lists Ryzen, Threadripper and EPYC), and AMD does not support "
        "a GFX8 GPU on it (ROCm/legacy-rocm-build#1086)",
    ),
    "AMD Zen, Ryzen, EPYC": Verdict(Atomics.LISTED, _LISTED_WORDS),
}
# The families whose older members only are before the list: the Ivy Bridge-E Xeon E5/E7 v2
# ("Some Ivy Bridge-E systems", roc-2.0.0 on) are not decided; the Pentium and Celeron of
# Haswell and later (G3xxx-G6xxx, mobile 3xxx-5xxx) are not named
_UNDECIDED: Final = (
    ("Sandy Bridge / Ivy Bridge, Xeon E3/E5/E7, v1-v2", re.compile(r"\bE[57]-\d{4}[A-Z]? v2\b")),
    (
        "Core-based Pentium / Celeron up to Comet Lake, AVX turned off",
        re.compile(r"\b(?:G[3-6]\d{3}|[3-5]\d{3}[UMY]?)\b"),
    ),
)


def verdict(name: str) -> Verdict | None:
    """What ROCm's README says of the PCIe 3.0 atomics of the CPU `name` names (as a paste
    writes it: "AMD FX(tm)-6300", "FX8300", "Intel(R) Core(TM) i7-3770"), None where the README
    does not decide or compat/cpus.py does not know the CPU."""
    family = cpus.family_of(name)
    if family is None:
        return None
    for undecided, model in _UNDECIDED:
        if family.name == undecided and model.search(name):
            return None
    return _BY_FAMILY.get(family.name)
