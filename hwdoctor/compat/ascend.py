"""Huawei Ascend's software and what goes with what (issue 38).

CANN_PYTHON: the Python packages CANN's toolkit needs at run time and does not install
itself. Source: CANN installation guide, "Runtime Dependencies" (Table 1),
https://www.hiascend.com/document/detail/en/canncommercial/850/softwareinst/instg/instg_0045.html
(the same list in the 8.0.RC2 and 9.0.0 guides): numpy >= 1.19.2 (< 2.0 before Python
3.13), decorator >= 4.4.0, sympy >= 1.5.1, cffi >= 1.12.3, protobuf 3.20.x, and attrs,
cython, pyyaml, pathlib2, scipy, requests, psutil, absl-py at any version. Verified
2026-12-05.

VLLM_ASCEND: vLLM Ascend's release compatibility matrix (its torch and torch-npu, its CANN),
with its source and date next to it.

TOOLKIT_MODULES: Python packages CANN's toolkit ships itself (te, tbe: the tensor engine and
its operator compiler, as CANN's own log lines name them, Ascend/pytorch#29), found through
the environment the toolkit's `set_env.sh` sets (Ascend/pytorch README, "Getting Started":
`source /usr/local/Ascend/ascend-toolkit/set_env.sh` before torch_npu runs); pip has none
of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

CANN_PYTHON: Final = (
    "numpy<2",
    "decorator>=4.4.0",
    "sympy>=1.5.1",
    "cffi>=1.12.3",
    "protobuf==3.20.*",
    "attrs",
    "cython",
    "pyyaml",
    "pathlib2",
    "scipy",
    "requests",
    "psutil",
    "absl-py",
)

# The import names of CANN_PYTHON where they differ from the distribution's.
_IMPORT_NAMES: Final = {"yaml": "pyyaml", "absl": "absl-py", "google": "protobuf", "attr": "attrs"}

TOOLKIT_MODULES: Final = frozenset({"te", "tbe"})


def distribution_of(module: str) -> str | None:
    """The CANN dependency an import name belongs to ("absl.flags" → "absl-py"); None for
    a module that is not one of them."""
    top = module.split(".", 1)[0].lower()
    named = _IMPORT_NAMES.get(top, top)
    return next((d for d in CANN_PYTHON if _name(d) == named), None)


def _name(requirement: str) -> str:
    """A requirement's distribution name: "decorator>=4.4.0" → "decorator"."""
    for mark in "<>=":
        requirement = requirement.split(mark, 1)[0]
    return requirement


def toolkit_module(module: str) -> bool:
    """Whether an import name is one of the packages CANN's toolkit ships itself."""
    return module.split(".", 1)[0].lower() in TOOLKIT_MODULES


@dataclass(frozen=True, slots=True)
class VllmAscend:
    """What one vLLM Ascend release is built and tested with."""

    vllm: str  # the vLLM release it plugs into
    cann: str  # the stable CANN it names
    torch: str
    torch_npu: str


# vLLM Ascend's release compatibility matrix: docs/source/community/versioning_policy.md,
# "Release compatibility matrix" (vllm-project/vllm-ascend @ 01f8a0b0ab19, verified
# 2026-12-05; the same table as https://docs.vllm.ai/projects/ascend/en/latest/community/
# versioning_policy.html). Every torch_npu there is a build of its row's torch release, as
# torch-npu's own numbering says (Ascend/pytorch README). A release not listed (0.7.1rc1,
# 0.7.3rc1, a .dev build) is not guessed.
VLLM_ASCEND: Final = {
    "0.12.0rc1": VllmAscend("0.12.0", "8.3.RC2", "2.8.0", "2.8.0"),
    "0.11.0": VllmAscend("0.11.0", "8.3.RC2", "2.7.1", "2.7.1.post1"),
    "0.11.0rc3": VllmAscend("0.11.0", "8.3.RC2", "2.7.1", "2.7.1.post1"),
    "0.11.0rc2": VllmAscend("0.11.0", "8.3.RC2", "2.7.1", "2.7.1"),
    "0.11.0rc1": VllmAscend("0.11.0", "8.3.RC1", "2.7.1", "2.7.1"),
    "0.11.0rc0": VllmAscend("0.11.0rc3", "8.2.RC1", "2.7.1", "2.7.1.dev20250724"),
    "0.10.2rc1": VllmAscend("0.10.2", "8.2.RC1", "2.7.1", "2.7.1.dev20250724"),
    "0.10.1rc1": VllmAscend("0.10.1", "8.2.RC1", "2.7.1", "2.7.1.dev20250724"),
    "0.10.0rc1": VllmAscend("0.10.0", "8.2.RC1", "2.7.1", "2.7.1.dev20250724"),
    "0.9.2rc1": VllmAscend("0.9.2", "8.1.RC1", "2.5.1", "2.5.1.post1.dev20250619"),
    "0.9.1": VllmAscend("0.9.1", "8.2.RC1", "2.5.1", "2.5.1.post1"),
    "0.9.1rc3": VllmAscend("0.9.1", "8.2.RC1", "2.5.1", "2.5.1.post1"),
    "0.9.1rc2": VllmAscend("0.9.1", "8.2.RC1", "2.5.1", "2.5.1.post1"),
    "0.9.1rc1": VllmAscend("0.9.1", "8.1.RC1", "2.5.1", "2.5.1.post1.dev20250528"),
    "0.9.0rc2": VllmAscend("0.9.0", "8.1.RC1", "2.5.1", "2.5.1"),
    "0.9.0rc1": VllmAscend("0.9.0", "8.1.RC1", "2.5.1", "2.5.1"),
    "0.8.5rc1": VllmAscend("0.8.5.post1", "8.1.RC1", "2.5.1", "2.5.1"),
    "0.8.4rc2": VllmAscend("0.8.4", "8.0.0", "2.5.1", "2.5.1"),
    "0.7.3.post1": VllmAscend("0.7.3", "8.1.RC1", "2.5.1", "2.5.1"),
    "0.7.3": VllmAscend("0.7.3", "8.1.RC1", "2.5.1", "2.5.1"),
}


def vllm_ascend(version: str) -> VllmAscend | None:
    """The matrix's row for a vLLM Ascend release as a report prints it ("v0.9.1",
    "0.11.0rc3"); None for one the matrix does not list."""
    return VLLM_ASCEND.get(version.strip().removeprefix("v"))


def torch_of_npu(torch_npu: str) -> str | None:
    """The torch release a torch-npu build is for: its first three numbers ("2.5.1.post1" →
    "2.5.1"), torch-npu's numbering `{PyTorch version}-…` (Ascend/pytorch README, "Ascend
    Auxiliary Software"); None where the version has fewer."""
    numbers = []
    for part in torch_npu.split(".")[:3]:
        digits = part[: len(part) - len(part.lstrip("0123456789"))]
        if not digits:
            return None
        numbers.append(digits)
        if digits != part:
            break
    return ".".join(numbers) if len(numbers) == 3 else None


@dataclass(frozen=True, slots=True)
class VllmAscendRow:
    """The matrix's row a vLLM Ascend version as a report prints it falls under."""

    release: str  # the listed release ("0.11.0rc1")
    row: VllmAscend
    dev: bool  # a development build before `release`: only the torch release is settled


def vllm_ascend_row(version: str) -> VllmAscendRow | None:
    """The row for a vLLM Ascend version: its own where the matrix lists it; for a
    development build ("0.11.0rc1.dev", "0.11.0rc1.dev356+ge98543267", which PEP 440 orders
    before 0.11.0rc1, setuptools-scm's numbering between two tags) the row of the release
    it leads to, only where that release and the listed one before the build name the same
    torch (the branch between them was built for it); None otherwise."""
    from hwdoctor import versions

    said = version.strip().removeprefix("v")
    row = VLLM_ASCEND.get(said)
    if row is not None:
        return VllmAscendRow(said, row, dev=False)
    parsed = versions.parse(said)
    if parsed is None or not parsed.is_devrelease:
        return None
    ahead = parsed.public.rsplit(".dev", 1)[0]
    row = VLLM_ASCEND.get(ahead)
    if row is None:
        return None
    listed = sorted((v, r) for k, r in VLLM_ASCEND.items() if (v := versions.parse(k)) is not None)
    before = [r for v, r in listed if v < parsed]
    if not before or before[-1].torch != row.torch:
        return None
    return VllmAscendRow(ahead, row, dev=True)


# issue 38: CANN's libraries. Which part of Ascend's software a shared library the loader could
# not open belongs to, and so what puts it on the loader's path:
# - the driver's (Ascend HDK: /usr/local/Ascend/driver/lib64; libascend_hal.so, the DSMI
#   libraries npu-smi uses): on the host its installation puts it there; a container has it
#   only where `docker run` mounts it (vLLM Ascend's installation guide, "Configure software
#   environment": `--device /dev/davinci_manager --device /dev/devmm_svm --device
#   /dev/hisi_hdc -v /usr/local/Ascend/driver/lib64/:/usr/local/Ascend/driver/lib64/ …`;
#   https://docs.vllm.ai/projects/ascend/en/latest/installation.html, verified 2026-12-05);
# - the CANN toolkit's (libhccl.so, libascendcl.so, libopapi.so): on LD_LIBRARY_PATH once its
#   set_env.sh is sourced (Ascend/pytorch README, "Getting Started": `source
#   /usr/local/Ascend/ascend-toolkit/set_env.sh`; torch_npu's own import error says "Please run
#   'source set_env.sh' in the CANN installation path");
# - NNAL's ATB (libatb.so), a separate package from the toolkit: vLLM Ascend's requirements
#   table, "NNAL … Required for libatb.so", and its guide's `source
#   /usr/local/Ascend/nnal/atb/set_env.sh` (the same page, verified 2026-12-05).
DRIVER_LIBRARIES: Final = frozenset({"libascend_hal", "libdrvdsmi_host", "libdcmi"})
# issue 38: the NPU environment not sourced. libmsprofiler.so, the toolkit's profiling library
# (CANN's runtime/lib64: the msProf package's installer, LIBMSPROFILER_PATH="/runtime/lib64/",
# gitcode.com/Ascend/msprof as mirrored at kali20gakki/msprof; found on the same path).
TOOLKIT_LIBRARIES: Final = frozenset({"libhccl", "libascendcl", "libopapi", "libmsprofiler"})
NNAL_LIBRARIES: Final = frozenset({"libatb"})
TOOLKIT_ENV: Final = "/usr/local/Ascend/ascend-toolkit/set_env.sh"
NNAL_ENV: Final = "/usr/local/Ascend/nnal/atb/set_env.sh"


def library_part(soname: str) -> str | None:
    """ "driver", "toolkit" or "nnal" for an Ascend library's soname ("libatb.so" → "nnal");
    None for one that is none of them."""
    name = soname.split(".so", 1)[0]
    for part, names in (
        ("driver", DRIVER_LIBRARIES),
        ("toolkit", TOOLKIT_LIBRARIES),
        ("nnal", NNAL_LIBRARIES),
    ):
        if name in names:
            return part
    return None


# issue 38: torch-npu and CANN. The CANN release each torch-npu package version is released for:
# Ascend/pytorch COMPATIBILITY.en.md, "TorchNPU version mapping table" with its historical rows
# (Ascend/pytorch @ 9e73e708ab93, 2026-08-21, verified 2026-12-05; the README's "Ascend
# Auxiliary Software" table before it gives the same pairs). One CANN per package version; a
# version the table does not list (a dev or daily build, "2.5.1.dev20250228", a post the table
# skips) is not guessed, nor are the (beta) 1.11.0 builds.
TORCH_NPU_CANN: Final = {
    "2.12.0": "9.1.0",
    "2.11.0": "9.1.0",
    "2.10.0.post4": "9.1.0",
    "2.9.0.post6": "9.1.0",
    "2.7.1.post8": "9.1.0",
    "2.9.0.post2": "9.0.0",
    "2.8.0.post4": "9.0.0",
    "2.7.1.post4": "9.0.0",
    "2.9.0": "8.5.0",
    "2.8.0.post2": "8.5.0",
    "2.7.1.post2": "8.5.0",
    "2.6.0.post5": "8.5.0",
    "2.8.0": "8.3.RC1",
    "2.7.1": "8.3.RC1",
    "2.6.0.post3": "8.3.RC1",
    "2.1.0.post17": "8.3.RC1",
    "2.6.0": "8.2.RC1",
    "2.5.1.post1": "8.2.RC1",
    "2.1.0.post13": "8.2.RC1",
    "2.5.1": "8.1.RC1",
    "2.4.0.post4": "8.1.RC1",
    "2.3.1.post6": "8.1.RC1",
    "2.1.0.post12": "8.1.RC1",
    "2.4.0.post2": "8.0.0",
    "2.3.1.post4": "8.0.0",
    "2.1.0.post10": "8.0.0",
    "2.4.0": "8.0.RC3",
    "2.3.1.post2": "8.0.RC3",
    "2.1.0.post8": "8.0.RC3",
    "2.3.1": "8.0.RC2",
    "2.2.0.post2": "8.0.RC2",
    "2.1.0.post6": "8.0.RC2",
    "1.11.0.post14": "8.0.RC2",
    "2.2.0": "8.0.RC1",
    "2.1.0.post4": "8.0.RC1",
    "1.11.0.post11": "8.0.RC1",
    "2.1.0": "7.0.0",
    "2.0.1.post1": "7.0.0",
    "1.11.0.post8": "7.0.0",
    "2.1.0.rc1": "7.0.RC1",
    "2.0.1": "7.0.RC1",
    "1.11.0.post4": "7.0.RC1",
    "1.11.0.post3": "6.3.RC3.1",
    "1.11.0.post2": "6.3.RC3",
    "2.0.1.rc1": "6.3.RC2",
    "1.11.0.post1": "6.3.RC2",
    "1.8.1.post2": "6.3.RC2",
    "1.11.0": "6.3.RC1",
    "1.8.1.post1": "6.3.RC1",
    "1.5.0.post8": "6.0.1",
    "1.8.1": "6.0.1",
}


def cann_of_torch_npu(torch_npu: str) -> str | None:
    """The CANN release a torch-npu package version is released for ("2.7.1" → "8.3.RC1");
    None for one the table does not list."""
    return TORCH_NPU_CANN.get(torch_npu.strip().split("+", 1)[0].lower())


def cann_release(said: str) -> str:
    """A CANN version as a paste gives it, as the table names its release: "8.0.rc3" →
    "8.0.RC3", "9.0.0-beta.2" → "9.0.0", "8.0.0.alpha002" → "8.0.0"."""
    parts: list[str] = []
    for part in said.strip().replace("-", ".").split("."):
        upper = part.upper()
        if part.isdigit() or (upper.startswith("RC") and upper[2:].isdigit()):
            parts.append(upper)
        else:
            break
    return ".".join(parts)


def within_release(said: str, paired: str) -> bool:
    """Whether a CANN release as a paste gives it is the table's release or a patch of it
    ("8.0.RC2.2" within "8.0.RC2"; issue 38: the CANN lines as environment sections give
    them, vllm-ascend's "CANN：8.0.RC2.2")."""
    return said == paired or said.startswith(paired + ".")


def torch_npu_for(cann: str, torch: str) -> str | None:
    """The torch-npu package version the table releases for a CANN release and a torch
    release ("9.0.0", "2.7.1" → "2.7.1.post4"); None where it lists none."""
    return next(
        (n for n, c in TORCH_NPU_CANN.items() if c == cann and torch_of_npu(n) == torch), None
    )


# issue 38: Ascend's other wordings. The value the messages reader gives CANN's own "out of
# memory" (error code EL0004, Memory_Allocation_Failure: "Failed to allocate memory requested by
# %s module."; CANN error code reference, Driver Errors,
# https://www.hiascend.com/document/detail/en/CANNCommunityEdition/900/maintenref/troubleshooting/atlaserrorcode_15_0267.html,
# verified 2026-12-05), beside torch-npu's allocator's sizes.
CANN_EL0004: Final = "EL0004"

# issue 38: Ascend NPU memory in all its wordings. The ACL runtime's error codes for device
# memory it could not give, as torch-npu prints them after a failed call ("NPU function error:
# call aclnnMoeDistributeDispatchV2 failed, error code is 207001") and CANN's runtime in its
# traceback ("alloc device memory failed, runtime result = 207001"), each with the words
# torch-npu's error code table prints on the next line ("[Error]: Failed to apply for memory.").
# Source: Ascend/pytorch torch_npu/csrc/core/npu/NPUErrorCodes.h, the aclError table (207001
# ACL_ERROR_RT_MEMORY_ALLOCATION, 207005 "Failed to apply for memory" (the runtime's stream and
# queue resources, vllm-ascend#12113), 207018 ACL_ERROR_RT_DEVICE_OOM; verified 2026-12-05).
ACL_NO_MEMORY: Final = {
    "207001": "Failed to apply for memory",
    "207005": "Failed to apply for memory",
    "207018": "The memory on the device is exhausted",
}


# issue 38: Ascend's other wordings. The NPUs vLLM Ascend runs on: the Atlas A2 series
# (Ascend-cann-kernels-910b: 910B1–910B4 in npu-smi), the A3 series, and Atlas 300I (310P) in
# its -310p builds (vllm-project/vllm-ascend docs/source/installation.md @ 01cf4574e483,
# "Supported images": Atlas A2, Atlas A3, Atlas 300I). The first Ascend 910 generation is in
# none of them: "Ascend 910, Ascend 910 Pro B (Ascend-cann-kernels-910) unplanned yet"
# (docs/source/faqs.md @ 01168864c95a, "What devices are currently supported?"; a maintainer's
# answer in vllm-project/vllm-ascend#8 and #237). npu-smi names those chips 910A, 910B (no
# digit), 910ProA, 910ProB, 910PremiumA (vllm-ascend#573, #2845, #13540); an A3 shows
# "Ascend910" and an A2 "910B3": neither matches. Verified 2026-12-05.
VLLM_ASCEND_DEVICES: Final = "Atlas A2 (910B1–910B4) and A3 series, and Atlas 300I (310P)"
_FIRST_910: Final = re.compile(r"910(?:A|B|ProA|ProB|PremiumA)")


def vllm_ascend_unsupported(chip: str) -> bool:
    """Whether npu-smi's chip name is a first-generation Ascend 910, which vLLM Ascend does
    not support ("910ProB" yes; "910B3", "Ascend910", "310P3" no)."""
    return _FIRST_910.fullmatch(chip.strip()) is not None


# issue 38: CANN's operator kernels. CANN ships its operators' compiled binaries in one package
# per SoC family, Ascend-cann-kernels-<soc>_<release>_linux*.run (the CANN installation guide,
# "Installing the Kernels operator package", installed after the toolkit with its set_env.sh
# sourced, Ascend/docs#69; "-linux.run" up to 8.0.RC3, "_linux-<arch>.run" from 8.0.0). The
# <soc> part as the packages name it: 910b for the Atlas A2 (910B1–910B4, 910B2C, 910B4-1;
# hiyouga/LlamaFactory#4159: "Ascend-cann-kernels-910b_8.0.RC1_linux.run"), 910 for the first
# generation (vllm-ascend's FAQ: "Ascend 910, Ascend 910 Pro B (Ascend-cann-kernels-910)"), 310p
# for the Atlas 300I (hiyouga/LlamaFactory#7489: "Ascend-cann-kernels-310p_8.0.0.alpha001_linux-
# aarch64.run"). The SoC families are CANN's own (ascendc_runtime.cpp AscendCheckSoCVersion:
# ascend910b1–4, 910b2c, 910b4-1 and the A3's ascend910_93xx → ascend910b; 910a, 910proa, 910b,
# 910prob, 910premiuma → ascend910; 310p1/3/5/7 → ascend310p). An A3 (npu-smi's "Ascend910") has
# its own Atlas A3 package name, not given here. Verified 2026-12-05.
_KERNELS_PACKAGE: Final = (
    (re.compile(r"910B[1-4](?:C|-1)?"), "910b"),
    (_FIRST_910, "910"),
    (re.compile(r"310P[1357](?:Vir\d{2})?", re.IGNORECASE), "310p"),
)


def kernels_package(chip: str) -> str:
    """The <soc> of CANN's kernels package for npu-smi's chip name or CANN's SoC name
    ("910B3" → "910b", "Ascend310P3" → "310p", "910ProB" → "910"); "" where it is not one
    of those ("Ascend910", an A3)."""
    name = chip.strip().removeprefix("Ascend")
    return next((soc for pattern, soc in _KERNELS_PACKAGE if pattern.fullmatch(name)), "")


# issue 38: vLLM Ascend on an Atlas 300I (310P). Its support came in v0.9.1rc1 ("Atlas 300I
# series is experimental supported in this release", "Support Atlas 300I series container
# image", its release notes) and only in the -310p builds: the images tagged <release>-310p,
# built by its Dockerfile.310p (FROM quay.io/ascend/cann:<ver>-310p-…, ARG
# SOC_VERSION="ascend310p1", its custom kernels compiled for that SoC); the other images and
# wheels compile them for the A2 (SOC_VERSION ascend910b1), which CANN's runtime refuses on a
# 310P ("the socversion Ascend910B1 of bin package does not match the current device socverison
# Ascend310P3", vllm-project/vllm-ascend#2725, #5599). Its Atlas 300I tutorial
# (docs/source/tutorials/single_node_300i.md, v0.11.0) names v0.10.0rc1-310p, later ones having
# known issues there (#3316, #2795). Verified 2026-12-05.
VLLM_ASCEND_FIRST_310P: Final = "0.9.1rc1"
VLLM_ASCEND_310P_IMAGE: Final = "quay.io/ascend/vllm-ascend:v0.10.0rc1-310p"
VLLM_ASCEND_310P_SOC: Final = "ascend310p1"
_310P: Final = re.compile(r"(?:Ascend)?310P\w{0,10}", re.IGNORECASE)


def is_310p(chip: str) -> bool:
    """Whether npu-smi's chip name (or CANN's SoC name) is an Atlas 300I's 310P."""
    return _310P.fullmatch(chip.strip()) is not None
