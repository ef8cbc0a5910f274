"""Which torch builds were published for which index, with which archs, and which one runs here.

One table: torch release series → the variants download.pytorch.org published for it
(`cu126`, `rocm6.4`, `cpu`, …) → the GPU code each variant's wheel carries, per host
architecture. `choose` reads it with `kernels` (does the wheel carry code this GPU runs?)
and `drivers` (does this driver run the wheel's CUDA?) to name the index to install from;
the install chooser (diagnosis/remedies.py) turns that into one pasteable line for the
diagnosed interpreter.

What the sources do not say stays unknown (`None`): an arch list not read, whether a build
carries PTX, a release's patch numbers, which variant is PyPI's default. A choice made with
an unknown says what it could not check.

Sources (the keys of the compatibility notes; each row below names its own):

- [PT-PREV] https://pytorch.org/get-started/previous-versions/ , read as
  pytorch/pytorch.github.io@e3f009bb _get_started/previous-versions.md (1.0 to 2.3.1; it
  has no 1.3 section) and a 2026-03-31 capture of the page (2.4 to 2.10).
- [PT-REL] pytorch/pytorch RELEASE.md, "Release Compatibility Matrix" and "PyTorch CUDA
  Support Matrix" (2.11 to 2.14), corroborated by https://github.com/pytorch/pytorch/pull/175253
- [MOI90] moi90/pytorch_compute_capabilities@2431f175 and @6bbfa99e table.md: the SASS
  (cubins) `cuobjdump` finds in the pytorch channel's conda packages (1.0.0 on). It lists
  no PTX, so those rows leave PTX unknown.
- [PT-BCUDA-2.8] pytorch/pytorch@00c7a380 .ci/manywheel/build_cuda.sh
- [PT-BCUDA-2.9] pytorch/pytorch@799d09f2 .ci/manywheel/build_cuda.sh
- [PT-DOCKER-MW-OLD] pytorch/pytorch@1fca82d4 .ci/docker/manywheel/build.sh
  (`PYTORCH_ROCM_ARCH`), confirmed on 2.4/2.5 rocm6.x wheels with `roc-obj-ls` in
  https://github.com/pytorch/pytorch/issues/132570
- [PT-DOCKER-MW-NEW] pytorch/pytorch .ci/docker/manywheel/build.sh, the image that builds
  ROCm 6.4.4 / 7.0.2 / 7.1.1 (commit not recorded)
- [PT-XPU-2.5] / [PT-XPU-2.6] / [PT-GBM-2.7] / [DD-3305]: the xpu index
  (`--index-url https://download.pytorch.org/whl/xpu`), first in the 2.5 notes
  (https://docs.pytorch.org/docs/2.5/_sources/notes/get_start_xpu.rst.txt), then 2.6
  (…/docs/2.6/…), 2.7 (pytorch/pytorch@00018c94
  .github/scripts/generate_binary_build_matrix.py) and 2.10
  (https://dev-discuss.pytorch.org/t/wheel-variants-for-pytorch-release-2-10-published/3305).
  For 2.8, 2.9 and 2.11+ no primary source read names a published xpu build, so the table
  has none.
- [PYPI-META] each release's wheel metadata on PyPI: which CUDA the default Linux wheel
  requires (its `pypi_default`, 2.8 to 2.15).
- [PT-BEV], [PT-188914], [PT-175567], [PT-194367], [TI-2.14], [PT-RFC-2.15], [DD-3432],
  [PT-ROCM-2.14]: 2.11 to 2.15, each named where its row uses it. Release wheels carry no
  PTX except 2.13.0 cu130, which shipped 12.0+PTX by accident ([PT-188914]). PyPI's default
  of 2.14 (cu130) and 2.15 (cu132) is read from each wheel's own metadata on the index.

ROCm gfx lists (`PYTORCH_ROCM_ARCH` of the binary build), by release:
- 1.11 to 2.4: pytorch/builder's release branches, `manywheel/build_docker.sh` ([PT-BUILDER]):
  gfx900/906/908 plus gfx90a/gfx1030 for ROCm 4.3+ (1.11@e77e5d07, 1.12@049415d4,
  1.13@d08f2264, 2.0@9f0fad92); gfx1100 from 2.1 (2.1@55d40b1b, 2.2@af60d114,
  2.3@ba10bae9); gfx942 for ROCm 6.0+ (2.3@ba10bae9, 2.4@4ce1afeb).
- 2.5: [PT-DOCKER-MW-OLD], confirmed with `roc-obj-ls` (pytorch#132570) and
  `get_arch_list()` for 2.5.1+rocm6.2 ([UV-14086]).
- 2.6: gfx1101 added (pytorch/pytorch#141667, merged 2024-12-04 before the 2.6 branch cut;
  uv's get_arch_list table for rocm6.1 lists it, [UV-BACKEND]).
- 2.7 to 2.9: gfx1102, gfx1200, gfx1201 added (pytorch#147761, #148562); `get_arch_list()`
  for 2.7.1+rocm6.3 ([UV-14086]); 2.8/2.9 rocm6.4 from .ci/docker/libtorch/build.sh
  @19ace59c (gfx950 there only for ROCm 7.0) and [UV-BACKEND].
- 2.10 and 2.11: gfx950, gfx1150, gfx1151 added (pytorch#167299, [PT-DOCKER-MW-NEW]); a
  rocm7.2 wheel's `get_arch_list()` printed the same 14 ([UV-18730]).
- 2.14: rocm7.2 (the legacy image: gfx900, gfx906 and the 13 below) and rocm7.14
  (AMD's TheRock wheels: gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100-1103,
  gfx1200/1201, gfx1150/1151), both from [PT-ROCM-2.14].
- 1.8 to 1.10 (the builder set none; cmake's default applied, unconfirmed in the binaries)
  and 2.12, 2.13 (not found): unknown, so those variants judge "unknown", never "runs".
  2.15's ROCm variants were not read, so the table has none.
No list of any of these carries gfx1010-1012, gfx1031-1036, gfx902/909/90c or gfx1152/1153.
The sources give no rule tying a wheel's ROCm to the ROCm installed on the host, so the
installed version (evidence `host.rocm_version`) is shown, not matched.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hwdoctor import versions
from hwdoctor.compat import drivers, kernels

INDEX: Final = "https://download.pytorch.org/whl"
FIND_LINKS: Final = "https://download.pytorch.org/whl/torch_stable.html"

_PT_PREV: Final = (
    "[PT-PREV] https://pytorch.org/get-started/previous-versions/ "
    "(pytorch/pytorch.github.io@e3f009bb _get_started/previous-versions.md)"
)
_PT_PREV_NEW: Final = "[PT-PREV] https://pytorch.org/get-started/previous-versions/ (2026-03-31)"
_PT_REL: Final = (
    "[PT-REL] pytorch/pytorch RELEASE.md; https://github.com/pytorch/pytorch/pull/175253"
)
_MOI90: Final = "[MOI90] moi90/pytorch_compute_capabilities@2431f175 table.md (conda, cubins)"
_MOI90_NEW: Final = "[MOI90] moi90/pytorch_compute_capabilities@6bbfa99e table.md (conda, cubins)"
_BCUDA_28: Final = "[PT-BCUDA-2.8] pytorch/pytorch@00c7a380 .ci/manywheel/build_cuda.sh"
_BCUDA_29: Final = "[PT-BCUDA-2.9] pytorch/pytorch@799d09f2 .ci/manywheel/build_cuda.sh"
_ROCM_OLD: Final = (
    "[PT-DOCKER-MW-OLD] pytorch/pytorch@1fca82d4 .ci/docker/manywheel/build.sh; "
    "https://github.com/pytorch/pytorch/issues/132570"
)
_ROCM_NEW: Final = "[PT-DOCKER-MW-NEW] pytorch/pytorch .ci/docker/manywheel/build.sh (ROCm 7.1.1)"
_BUILDER: Final = "[PT-BUILDER] pytorch/builder@{} manywheel/build_docker.sh (release/{})"
_UV_14086: Final = "[UV-14086] get_arch_list(): https://github.com/astral-sh/uv/issues/14086"
_UV_BACKEND: Final = "[UV-BACKEND] astral-sh/uv@26a9dd4b crates/uv-torch/src/backend.rs"
_UV_18730: Final = "[UV-18730] get_arch_list(): https://github.com/astral-sh/uv/pull/18730"
_XPU_25: Final = (
    "[PT-XPU-2.5] https://docs.pytorch.org/docs/2.5/_sources/notes/get_start_xpu.rst.txt"
)
_XPU_26: Final = (
    "[PT-XPU-2.6] https://docs.pytorch.org/docs/2.6/_sources/notes/get_start_xpu.rst.txt"
)
_XPU_27: Final = (
    "[PT-GBM-2.7] pytorch/pytorch@00018c94 .github/scripts/generate_binary_build_matrix.py"
)
_XPU_210: Final = "[DD-3305] https://dev-discuss.pytorch.org/t/wheel-variants-for-pytorch-release-2-10-published/3305"
# 2.14 and 2.15 ([PT-BEV], [PT-188914], [PT-175567], [PT-194367], [TI-2.14], [PT-RFC-2.15],
# [DD-3432], [PT-ROCM-2.14]). PyPI's default variant of 2.8 to 2.15 ([PYPI-META]) is read
# from each release's manylinux x86_64 wheel metadata on the index (PEP 658, without the
# wheel; `make refresh` reads it again): nvidia-cuda-runtime-cu12==12.8.90 for 2.8-2.10
# (cu128), cuda-toolkit==13.0.x for 2.11-2.14 (cu130), cuda-toolkit==13.2.2 for 2.15.0
# (cu132), read 2026-12-03.
_BEV: Final = (
    "[PT-BEV] pytorch/pytorch@01f1846e .ci/wheel/linux/build_env_setup.py "
    "TORCH_CUDA_ARCH_LIST_TABLE (12.6, 13.0, 13.2), release/RC builds SASS-only (_ptx_arches)"
)
_BEV_MAIN: Final = f"{_BEV}, as on main before the 2.15 branch cut (release/2.15 itself not read)"
_PR_188914: Final = "[PT-188914] https://github.com/pytorch/pytorch/pull/188914"
_PR_175567: Final = "[PT-175567] https://github.com/pytorch/pytorch/pull/175567"
_PR_194367: Final = "[PT-194367] https://github.com/pytorch/pytorch/pull/194367 (RELEASE.md 2.14)"
_TI_214: Final = (
    "[TI-2.14] pytorch/test-infra@c840391a tools/scripts/generate_binary_build_matrix.py "
    "(release/2.14: STABLE_CUDA_VERSIONS 13.0); https://github.com/pytorch/test-infra/pull/8498"
)
_RFC_215: Final = "[PT-RFC-2.15] https://github.com/pytorch/pytorch/issues/190385"
_DD_3432: Final = (
    "[DD-3432] https://dev-discuss.pytorch.org/t/notice-cuda-12-6-wheels-will-no-longer-be-"
    "published-from-pytorch-2-15-drops-maxwell-pascal-volta/3432"
)
_ROCM_214: Final = (
    "[PT-ROCM-2.14] pytorch/pytorch@027375bf .ci/docker/manywheel/build.sh "
    "(PYTORCH_ROCM_ARCH; the legacy 7.2 path adds gfx900, gfx906); RELEASE.md 2.14: ROCm 7.14"
)


class Host(str, Enum):
    """The CPU architecture a wheel is built for, as `platform.machine()` says on Linux."""

    X86_64 = "x86_64"
    AARCH64 = "aarch64"


class Style(str, Enum):
    """How the source spells the install of a release; the values are the JSON values."""

    INDEX_URL = "index_url"  # 2.0+: --index-url https://download.pytorch.org/whl/<variant>
    EXTRA_INDEX_URL = "extra_index_url"  # 1.11-1.13: --extra-index-url …, pinned +<variant>
    FIND_LINKS = "find_links"  # 1.2-1.10: -f …/torch_stable.html, pinned +<variant>
    # 1.0-1.1: "Download and install wheel from …/whl/<variant>/torch_stable.html"; the
    # source gives a page, not a pip line, so no command is made for it.
    PAGE = "page"
    # 1.2-1.7: the release's PyPI build, which the source installs unlabelled from PyPI
    # ("pip install torch==1.7.1" for CUDA 10.2).
    PYPI = "pypi"


class Verdict(str, Enum):
    """Whether a build runs on a machine; the values are the JSON values."""

    RUNS = "runs"
    FAILS = "fails"
    UNKNOWN = "unknown"  # something that decides it could not be checked


@dataclass(frozen=True, slots=True)
class Archs:
    """The GPU code one wheel carries, as `torch.cuda.get_arch_list()` names it."""

    cubins: tuple[str, ...]  # "sm_80", or ROCm's "gfx90a"
    ptx: tuple[str, ...] | None  # "compute_120"; None: whether it carries PTX is unknown
    source: str

    @property
    def arch_list(self) -> tuple[str, ...]:
        """What `get_arch_list()` shows, as far as it is known."""
        return self.cubins + (self.ptx or ())


@dataclass(frozen=True, slots=True)
class Variant:
    """One index a release was published on: `cu126`, `rocm6.4`, `cpu`."""

    name: str
    archs: tuple[tuple[Host, Archs], ...] = ()  # hosts whose arch list is known
    patches: tuple[str, ...] = ()  # only these patch releases had it; empty: every one
    source: str = ""  # where a variant the release's own source does not list was read

    @property
    def cuda(self) -> str | None:
        """The CUDA version of a `cuXY` variant: cu118 → "11.8", cu92 → "9.2"."""
        if not self.name.startswith("cu") or not self.name[2:].isdigit():
            return None
        digits = self.name[2:]
        return f"{digits[:-1]}.{digits[-1]}"

    @property
    def rocm(self) -> str | None:
        return self.name[4:] if self.name.startswith("rocm") else None

    @property
    def xpu(self) -> bool:
        return self.name == "xpu"

    def archs_for(self, host: Host) -> Archs | None:
        return next((archs for on, archs in self.archs if on is host), None)

    @property
    def index_url(self) -> str:
        return f"{INDEX}/{self.name}"


@dataclass(frozen=True, slots=True)
class Release:
    """A torch release series ("2.8") and what was published for it."""

    series: str
    variants: tuple[Variant, ...]  # oldest CUDA first, then ROCm, then cpu
    style: Style
    source: str
    patches: tuple[str, ...] = ()  # patch releases the source lists, oldest first; () unknown
    pypi_default: str | None = None  # the variant `pip install torch` gets on Linux; None unknown
    # The source installs pypi_default unlabelled from PyPI, not +<variant> from the index.
    pypi_unlabelled: bool = False

    def variant(self, name: str) -> Variant | None:
        return next((v for v in self.variants if v.name == name), None)

    def style_of(self, variant: Variant) -> Style:
        """How the source spells the install of `variant` of this release."""
        if self.pypi_unlabelled and variant.name == self.pypi_default:
            return Style.PYPI
        return self.style


def _sm(*capabilities: str) -> tuple[str, ...]:
    return tuple("sm_" + cc.replace(".", "") for cc in capabilities)


def _x86(
    cubins: tuple[str, ...], source: str, ptx: tuple[str, ...] | None = None
) -> tuple[tuple[Host, Archs], ...]:
    return ((Host.X86_64, Archs(cubins, ptx, source)),)


def _gfx(targets: str, source: str) -> tuple[tuple[Host, Archs], ...]:
    return ((Host.X86_64, Archs(tuple(targets.split(";")), (), source)),)


# Cubin lists read in [MOI90] (conda packages; no PTX recorded, so PTX stays unknown).
_KEPLER_CU11: Final = _sm("3.5", "3.7", "5.0", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6")
_KEPLER_CU10: Final = _sm("3.5", "3.7", "5.0", "6.0", "6.1", "7.0", "7.5")
# 1.0-1.7 ([MOI90], Python 3.7 packages). Where a series' patches differ, the row keeps
# what every patch carries, as 1.8 does: 1.7.1 cu110 adds sm_35 and 1.7.1 cu92 drops it;
# 1.0.0 cu90 adds sm_37, sm_52, sm_53 and sm_61 (the second 1.0.1 build drops sm_61);
# 1.0.0 cu100 adds sm_30.
_CU92_KEPLER: Final = _sm("3.5", "3.7", "5.0", "6.0", "6.1", "7.0")
_CU92_37: Final = _CU92_KEPLER[1:]
_CU110_37: Final = _sm("3.7", "5.0", "6.0", "6.1", "7.0", "7.5", "8.0")
_CU9_35: Final = _sm("3.5", "5.0", "6.0", "6.1", "7.0")
_CU100_35: Final = (*_CU9_35, "sm_75")
_CU90_10: Final = _sm("3.5", "5.0", "6.0", "7.0")
_CU80_100: Final = _sm("2.0", "3.5", "3.7", "5.0", "5.2", "5.3", "6.0", "6.1")
_CU11_37: Final = _sm("3.7", "5.0", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6")
_CU118_90: Final = (*_CU11_37, "sm_90")
_CU12_90: Final = _sm("5.0", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6", "9.0")
_CU12_NO61: Final = _sm("5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0")
_CU118_NO61: Final = _sm("3.7", "5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0")
# Build scripts ([PT-BCUDA-2.8], [PT-BCUDA-2.9]) and RELEASE.md ([PT-REL]): "+PTX" is
# written where a build carries it, so these rows know their PTX.
_CU126_SCRIPT: Final = _sm("5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0")
_CU128_VOLTA: Final = _sm("7.0", "7.5", "8.0", "8.6", "9.0", "10.0", "12.0")
_CU12_TURING: Final = _sm("7.5", "8.0", "8.6", "9.0", "10.0", "12.0")
_PTX_120: Final = ("compute_120",)
# aarch64 (SBSA) lists: the 2.9 script strips 5.0/6.0/7.0/7.5/8.6 from the x86 lists
# ([PT-BCUDA-2.9]); RELEASE.md gives 12.6.3 → 8.0, 9.0 and 13.x → 8.0, 9.0, 10.0, 11.0,
# 12.0+PTX ([PT-REL]). Neither carries 8.7 (Jetson Orin, Tegra).
_ARM_CU126: Final = _sm("8.0", "9.0")
_ARM_CU128: Final = _sm("8.0", "9.0", "10.0", "12.0")
_ARM_CU13: Final = _sm("8.0", "9.0", "10.0", "11.0", "12.0")
# ROCm gfx lists (see the module's notes for each one's source).
_GFX_ROCM43: Final = "gfx900;gfx906;gfx908;gfx90a;gfx1030"
_GFX_ROCM55: Final = f"{_GFX_ROCM43};gfx1100"
_GFX_ROCM6: Final = "gfx900;gfx906;gfx908;gfx90a;gfx942;gfx1030;gfx1100"
_GFX_26: Final = f"{_GFX_ROCM6};gfx1101"
_GFX_27: Final = f"{_GFX_26};gfx1102;gfx1200;gfx1201"
_GFX_214: Final = (
    "gfx908;gfx90a;gfx942;gfx950;gfx1030;gfx1100;gfx1101;gfx1102;gfx1103;gfx1200;gfx1201;"
    "gfx1150;gfx1151"
)
_GFX_214_LEGACY: Final = f"gfx900;gfx906;{_GFX_214}"
_GFX_ROCM71: Final = (
    "gfx900;gfx906;gfx908;gfx90a;gfx942;gfx1030;gfx1100;gfx1101;gfx1102;gfx1200;gfx1201;"
    "gfx950;gfx1150;gfx1151"
)


def _both(
    x86: tuple[str, ...], arm: tuple[str, ...], source: str, ptx: tuple[str, ...] = ()
) -> tuple[tuple[Host, Archs], ...]:
    return ((Host.X86_64, Archs(x86, ptx, source)), (Host.AARCH64, Archs(arm, ptx, source)))


def _both_unknown_ptx(
    x86: tuple[str, ...], arm: tuple[str, ...], source: str
) -> tuple[tuple[Host, Archs], ...]:
    return ((Host.X86_64, Archs(x86, None, source)), (Host.AARCH64, Archs(arm, None, source)))


_CPU: Final = Variant("cpu")

# Newest first. Where a row's arch list is missing, no source read gives it.
RELEASES: Final[tuple[Release, ...]] = (
    Release(  # 2.15: 13.0 and 13.2 (PyPI's); 12.6 no longer built. ROCm and xpu not read.
        "2.15",
        (
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, _BEV_MAIN, ())),
            Variant("cu132", _both(_CU12_TURING, _ARM_CU13, _BEV_MAIN, ())),
            _CPU,
        ),
        Style.INDEX_URL,
        f"{_RFC_215}; {_DD_3432}",
        patches=("2.15.0",),
        pypi_default="cu132",
    ),
    Release(  # 2.14: 12.6, 13.0 (PyPI's), 13.2; ROCm 7.2 and 7.14; release wheels SASS-only
        "2.14",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _BEV, ())),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, _BEV, ())),
            Variant("cu132", _both(_CU12_TURING, _ARM_CU13, _BEV, ())),
            Variant("rocm7.2", _gfx(_GFX_214_LEGACY, _ROCM_214)),
            Variant("rocm7.14", _gfx(_GFX_214, _ROCM_214)),
            _CPU,
        ),
        Style.INDEX_URL,
        f"{_PT_REL}; {_PR_194367}; {_TI_214}",
        patches=("2.14.0", "2.14.1"),
        pypi_default="cu130",
    ),
    Release(  # 2.13: 12.6, 13.0 stable, 13.2 experimental; ROCm 7.2. cu130 shipped 12.0+PTX
        # by accident ([PT-188914]); whether cu132 did is not said.
        "2.13",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _PT_REL)),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, f"{_PT_REL}; {_PR_188914}", _PTX_120)),
            Variant(
                "cu132", _both_unknown_ptx(_CU12_TURING, _ARM_CU13, f"{_PT_REL}; {_PR_188914}")
            ),
            Variant("rocm7.2"),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_REL,
        pypi_default="cu130",
    ),
    Release(  # 2.12: as 2.13, but release wheels without PTX before 2.13 ([PT-188914])
        "2.12",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _PT_REL)),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, f"{_PT_REL}; {_PR_188914}", ())),
            Variant("cu132", _both(_CU12_TURING, _ARM_CU13, f"{_PT_REL}; {_PR_188914}", ())),
            Variant("rocm7.2"),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_REL,
        pypi_default="cu130",
    ),
    Release(  # 2.11: 12.6.3, 12.8.1 (Volta dropped for cuDNN), 13.0.2 (PTX removed from the
        # release build, [PT-175567])
        "2.11",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _PT_REL)),
            Variant("cu128", _x86(_CU12_TURING, _PT_REL, ())),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, f"{_PT_REL}; {_PR_175567}", ())),
            Variant("rocm7.2", _gfx(_GFX_ROCM71, f"{_ROCM_NEW}; {_UV_18730}")),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_REL,
        pypi_default="cu130",
    ),
    Release(  # 2.10: the 2.9 script's lists; rocm7.1 on the index
        "2.10",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _BCUDA_29)),
            Variant("cu128", _both(_CU128_VOLTA, _ARM_CU128, _BCUDA_29)),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, _BCUDA_29, _PTX_120)),
            Variant("rocm7.1", _gfx(_GFX_ROCM71, _ROCM_NEW)),
            Variant("xpu", source=_XPU_210),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
        pypi_default="cu128",
    ),
    Release(
        "2.9",
        (
            Variant("cu126", _both(_CU126_SCRIPT, _ARM_CU126, _BCUDA_29)),
            Variant("cu128", _both(_CU128_VOLTA, _ARM_CU128, _BCUDA_29)),
            Variant("cu130", _both(_CU12_TURING, _ARM_CU13, _BCUDA_29, _PTX_120)),
            Variant("rocm6.4", _gfx(_GFX_27, _UV_BACKEND)),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
        pypi_default="cu128",
    ),
    Release(  # 2.8: Maxwell and Pascal leave cu128/cu129; 12.9 alone carries PTX
        "2.8",
        (
            Variant("cu126", _x86(_CU126_SCRIPT, _BCUDA_28, ())),
            Variant("cu128", _x86(_CU128_VOLTA, _BCUDA_28, ())),
            Variant("cu129", _x86(_CU128_VOLTA, _BCUDA_28, _PTX_120)),
            Variant("rocm6.4", _gfx(_GFX_27, _UV_BACKEND)),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
        pypi_default="cu128",
    ),
    Release(  # 2.7: first Blackwell build (cu128); last cu118
        "2.7",
        (
            Variant("cu118", _x86(_CU118_NO61, _MOI90_NEW)),
            Variant("cu126", _x86(_CU12_NO61, _MOI90_NEW)),
            Variant("cu128", _x86(_CU12_TURING, _MOI90_NEW)),
            Variant("rocm6.3", _gfx(_GFX_27, _UV_14086)),
            Variant("xpu", source=_XPU_27),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
    ),
    Release(
        "2.6",
        (
            Variant("cu118", _x86(_CU118_NO61, _MOI90_NEW)),
            Variant("cu124", _x86(_CU12_NO61, _MOI90_NEW)),
            Variant("cu126", _x86(_CU12_NO61, _MOI90_NEW)),
            Variant("rocm6.1", _gfx(_GFX_26, _UV_BACKEND)),
            Variant("rocm6.2.4", _gfx(_GFX_26, _UV_BACKEND)),
            Variant("xpu", source=_XPU_26),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
    ),
    Release(  # 2.5: the CUDA 12 builds add sm_90a (exact 9.0 only)
        "2.5",
        (
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("cu121", _x86((*_CU12_90, "sm_90a"), _MOI90_NEW)),
            Variant("cu124", _x86((*_CU12_90, "sm_90a"), _MOI90_NEW)),
            Variant("rocm6.1", _gfx(_GFX_ROCM6, _ROCM_OLD)),
            Variant("rocm6.2", _gfx(_GFX_ROCM6, _ROCM_OLD)),
            Variant("xpu", source=_XPU_25),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
    ),
    Release(
        "2.4",
        (
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("cu121", _x86(_CU12_90, _MOI90_NEW)),
            Variant("cu124", _x86(_CU12_90, _MOI90_NEW)),
            Variant("rocm6.1", _gfx(_GFX_ROCM6, _ROCM_OLD)),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV_NEW,
    ),
    Release(
        "2.3",
        (
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("cu121", _x86(_CU12_90, _MOI90_NEW)),
            Variant("rocm6.0", _gfx(_GFX_ROCM6, _BUILDER.format("ba10bae9", "2.3"))),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV,
        patches=("2.3.0", "2.3.1"),
    ),
    Release(
        "2.2",
        (
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("cu121", _x86(_CU12_90, _MOI90_NEW)),
            Variant(
                "rocm5.6", _gfx(_GFX_ROCM55, _BUILDER.format("af60d114", "2.2")), patches=("2.2.0",)
            ),
            Variant(
                "rocm5.7",
                _gfx(_GFX_ROCM55, _BUILDER.format("af60d114", "2.2")),
                patches=("2.2.1", "2.2.2"),
            ),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV,
        patches=("2.2.0", "2.2.1", "2.2.2"),
    ),
    Release(
        "2.1",
        (
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("cu121", _x86(_CU12_90, _MOI90_NEW)),
            Variant("rocm5.6", _gfx(_GFX_ROCM55, _BUILDER.format("55d40b1b", "2.1"))),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV,
        patches=("2.1.0", "2.1.1", "2.1.2"),
    ),
    Release(  # 2.0: PyPI's Linux wheel is the CUDA 11.7 build ("Linux CUDA 11.7")
        "2.0",
        (
            Variant("cu117", _x86(_CU11_37, _MOI90_NEW)),
            Variant("cu118", _x86(_CU118_90, _MOI90_NEW)),
            Variant("rocm5.4.2", _gfx(_GFX_ROCM43, _BUILDER.format("9f0fad92", "2.0"))),
            _CPU,
        ),
        Style.INDEX_URL,
        _PT_PREV,
        patches=("2.0.0", "2.0.1"),
        pypi_default="cu117",
    ),
    Release(  # 1.13: PyPI's Linux wheel is the CUDA 11.7 build
        "1.13",
        (
            Variant("cu116", _x86(_CU11_37, _MOI90_NEW)),
            Variant("cu117", _x86(_CU11_37, _MOI90_NEW)),
            Variant("rocm5.2", _gfx(_GFX_ROCM43, _BUILDER.format("d08f2264", "1.13"))),
            _CPU,
        ),
        Style.EXTRA_INDEX_URL,
        _PT_PREV,
        patches=("1.13.0", "1.13.1"),
        pypi_default="cu117",
    ),
    Release(
        "1.12",
        (
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90_NEW)),
            Variant("cu113", _x86(_CU11_37, _MOI90_NEW)),
            Variant("cu116", _x86(_CU11_37, _MOI90_NEW)),
            Variant("rocm5.1.1", _gfx(_GFX_ROCM43, _BUILDER.format("049415d4", "1.12"))),
            _CPU,
        ),
        Style.EXTRA_INDEX_URL,
        _PT_PREV,
        patches=("1.12.0", "1.12.1"),
    ),
    Release(
        "1.11",
        (
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu113", _x86(_KEPLER_CU11, _MOI90)),
            Variant("rocm4.5.2", _gfx(_GFX_ROCM43, _BUILDER.format("e77e5d07", "1.11"))),
            _CPU,
        ),
        Style.EXTRA_INDEX_URL,
        _PT_PREV,
        patches=("1.11.0",),
    ),
    Release(
        "1.10",
        (
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu111", _x86(_KEPLER_CU11, _MOI90)),
            Variant("rocm4.0.1"),
            Variant("rocm4.1"),
            Variant("rocm4.2"),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.10.0", "1.10.1"),
    ),
    Release(
        "1.9",
        (
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu111", _x86(_KEPLER_CU11, _MOI90)),
            Variant("rocm4.0.1"),
            Variant("rocm4.1"),
            Variant("rocm4.2"),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.9.0", "1.9.1"),
    ),
    Release(  # 1.8: PyPI's wheel is the CUDA 10.2 build; cu101 and rocm3.10 only for 1.8.1
        "1.8",
        (
            Variant("cu101", _x86(_KEPLER_CU10[1:], _MOI90), patches=("1.8.1",)),
            Variant("cu102", _x86(_KEPLER_CU10[1:], _MOI90)),
            Variant("cu111", _x86(_CU11_37, _MOI90)),
            Variant("rocm3.10", patches=("1.8.1",)),
            Variant("rocm4.0.1"),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.8.0", "1.8.1"),
        pypi_default="cu102",
    ),
    # 1.0-1.7: [PT-PREV] lists no ROCm build and no 1.3 release (its sections go from
    # 1.4.0 to 1.2.0), so 1.3 is not in the table. The CUDA build it installs with a bare
    # "pip install torch==X" comes from PyPI unlabelled (`pypi_unlabelled`).
    Release(  # 1.7: the first CUDA 11 build (cu110)
        "1.7",
        (
            Variant("cu92", _x86(_CU92_37, _MOI90)),
            Variant("cu101", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu110", _x86(_CU110_37, _MOI90)),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.7.0", "1.7.1"),
        pypi_default="cu102",
        pypi_unlabelled=True,
    ),
    Release(
        "1.6",
        (
            Variant("cu92", _x86(_CU92_KEPLER, _MOI90)),
            Variant("cu101", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.6.0",),
        pypi_default="cu102",
        pypi_unlabelled=True,
    ),
    Release(
        "1.5",
        (
            Variant("cu92", _x86(_CU92_KEPLER, _MOI90)),
            Variant("cu101", _x86(_KEPLER_CU10, _MOI90)),
            Variant("cu102", _x86(_KEPLER_CU10, _MOI90)),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.5.0", "1.5.1"),
        pypi_default="cu102",
        pypi_unlabelled=True,
    ),
    Release(  # 1.4: no pip cu100 build listed (the conda channel had one, [MOI90])
        "1.4",
        (
            Variant("cu92", _x86(_CU92_KEPLER, _MOI90)),
            Variant("cu101", _x86(_KEPLER_CU10, _MOI90)),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.4.0",),
        pypi_default="cu101",
        pypi_unlabelled=True,
    ),
    Release(
        "1.2",
        (
            Variant("cu92", _x86(_CU9_35, _MOI90)),
            Variant("cu100", _x86(_CU100_35, _MOI90)),
            _CPU,
        ),
        Style.FIND_LINKS,
        _PT_PREV,
        patches=("1.2.0",),
        pypi_default="cu100",
        pypi_unlabelled=True,
    ),
    Release(  # 1.1 and 1.0: a page per variant to download the wheel from
        "1.1",
        (
            Variant("cu90", _x86(_CU9_35, _MOI90)),
            Variant("cu100", _x86(_CU100_35, _MOI90)),
            _CPU,
        ),
        Style.PAGE,
        _PT_PREV,
        patches=("1.1.0",),
    ),
    Release(  # 1.0: cu80 for 1.0.0 only
        "1.0",
        (
            Variant("cu80", _x86(_CU80_100, _MOI90), patches=("1.0.0",)),
            Variant("cu90", _x86(_CU90_10, _MOI90)),
            Variant("cu100", _x86(_CU100_35, _MOI90)),
            _CPU,
        ),
        Style.PAGE,
        _PT_PREV,
        patches=("1.0.0", "1.0.1"),
    ),
)

BY_SERIES: Final = {release.series: release for release in RELEASES}


def series_of(torch: str) -> str | None:
    """The release series of a torch version: "2.5.1+cu121" → "2.5"."""
    parsed = versions.parse(torch)
    if parsed is None or len(parsed.release) < 2:
        return None
    return f"{parsed.release[0]}.{parsed.release[1]}"


def release_of(torch: str) -> Release | None:
    series = series_of(torch)
    return None if series is None else BY_SERIES.get(series)


def local_of(torch: str) -> str | None:
    """The variant a torch version names: "2.5.1+cu121" → "cu121"; None without a label."""
    parsed = versions.parse(torch)
    return None if parsed is None else parsed.local


def published_archs(
    torch: str, *, cuda: str | None, rocm: str | None, machine: str
) -> Archs | None:
    """The arch list of the published wheel a torch version is, where the table knows it:
    its index by the version's label ("+cu121"), else by the CUDA (or ROCm) it was built
    with; None when the release, the index or the host's list is not known."""
    release = release_of(torch)
    host = normalize_host(machine)
    if release is None or host is None:
        return None
    name = local_of(torch)
    if name is None and cuda:
        name = "cu" + cuda.replace(".", "")
    if name is None and rocm:
        name = "rocm" + ".".join(rocm.split(".")[:2])
    variant = release.variant(name) if name else None
    return variant.archs_for(host) if variant else None


def normalize_host(machine: str) -> Host | None:
    """`platform.machine()` as a wheel host: AMD64 and x86_64 alike; arm64 is aarch64."""
    name = machine.strip().lower()
    if name in ("x86_64", "amd64", "x64"):
        return Host.X86_64
    if name in ("aarch64", "arm64"):
        return Host.AARCH64
    return None


# --- the chooser -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Machine:
    """What the chooser knows of a machine. Empty or None: not known."""

    host: str = "x86_64"  # platform.machine()
    capabilities: tuple[str, ...] = ()  # CUDA compute capabilities, "8.6"
    gfx: tuple[str, ...] = ()  # ROCm targets, "gfx1100"
    driver: str | None = None  # NVIDIA driver version, "535.104.05"
    driver_cuda: str | None = None  # the newest CUDA the driver supports, "12.2"
    intel_gpu: bool = False  # an Intel GPU is here: the xpu builds are the candidates
    rocm: str | None = None  # the ROCm installed on the host, "6.3.1" (shown, not matched)


@dataclass(frozen=True, slots=True)
class Judgement:
    """Whether one build runs on a machine, and why."""

    release: Release
    variant: Variant
    kernels: Verdict
    driver: Verdict
    targets: tuple[str, ...]  # the GPUs judged: capabilities, or gfx targets
    carries: tuple[str, ...]  # per GPU, the arch that serves it ("" where none or unknown)
    problems: tuple[str, ...]  # why it fails, short
    unchecked: tuple[str, ...]  # what could not be checked

    @property
    def verdict(self) -> Verdict:
        if Verdict.FAILS in (self.kernels, self.driver):
            return Verdict.FAILS
        if self.kernels is Verdict.RUNS and self.driver is Verdict.RUNS:
            return Verdict.RUNS
        return Verdict.UNKNOWN


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The build to install, or None when none of the table's builds can be shown to fit."""

    torch: str | None  # the version to pin: "2.8.0" (the user's), "2.3.1", "2.7.*"
    release: str | None  # the series, "2.7"
    variant: str | None  # "cu126"
    style: Style | None
    verdict: Verdict  # RUNS: every check passed; UNKNOWN: see `unchecked`; FAILS: none fits
    reason: str  # a sentence the report can quote
    unchecked: tuple[str, ...] = ()
    keeps_release: bool = False  # the release the user has
    keeps_variant: bool = False  # … and the index they have: nothing to reinstall

    @property
    def index_url(self) -> str | None:
        if self.variant is None or self.style is None or self.style is Style.PYPI:
            return None
        if self.style is Style.FIND_LINKS:
            return FIND_LINKS
        if self.style is Style.PAGE:
            return f"{INDEX}/{self.variant}/torch_stable.html"
        return f"{INDEX}/{self.variant}"

    def to_json(self) -> dict[str, object]:
        return {
            "torch": self.torch,
            "release": self.release,
            "variant": self.variant,
            "index_url": self.index_url,
            "verdict": self.verdict.value,
            "reason": self.reason,
            "unchecked": list(self.unchecked),
            "keeps_release": self.keeps_release,
            "keeps_variant": self.keeps_variant,
        }


def _cuda_key(cuda: str) -> tuple[int, int] | None:
    parts = cuda.strip().split(".")
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    return int(parts[0]), int(parts[1])


def _ptx_of(cubin: str) -> str:
    return "compute_" + cubin[3:] if cubin.startswith("sm_") else cubin


@functools.lru_cache(maxsize=4096)
def _serving(capability: str, archs: Archs) -> tuple[Verdict, str, bool]:
    """Whether `archs` hold code a GPU of `capability` runs (by `kernels`' rule), the arch
    that serves it, and whether only PTX does. Of several cubins that run, the newest (the
    lists go oldest first) is the one the driver loads: the closest below the GPU's."""
    serving = [arch for arch in archs.cubins if kernels.kernels_for(capability, (arch,))]
    if serving:
        return Verdict.RUNS, serving[-1], False
    for arch in archs.ptx or ():
        if kernels.kernels_for(capability, (arch,)):
            return Verdict.RUNS, arch, True
    if archs.ptx is None:
        # PTX not recorded: had the build carried PTX of its cubins, would one serve?
        for arch in archs.cubins:
            if arch.startswith("sm_") and kernels.kernels_for(capability, (_ptx_of(arch),)):
                return Verdict.UNKNOWN, "", True
    return Verdict.FAILS, "", False


def _driver_runs(machine: Machine, cuda: str, capability: str | None, jit: bool) -> Verdict:
    """Whether the machine's driver runs a CUDA `cuda` build on a GPU of `capability`;
    `jit`: the GPU is served by PTX only, which the driver must itself support ([NV_PTX])."""
    if machine.driver:
        verdict = drivers.runs(machine.driver, cuda, capability)
        if verdict is False:
            return Verdict.FAILS
        if jit:
            native = drivers.newest_cuda(machine.driver)
            if native is None:
                return Verdict.UNKNOWN
            if (_cuda_key(native) or (0, 0)) < (_cuda_key(cuda) or (0, 0)):
                return Verdict.FAILS
        return Verdict.UNKNOWN if verdict is None else Verdict.RUNS
    if machine.driver_cuda:
        newest, wanted = _cuda_key(machine.driver_cuda), _cuda_key(cuda)
        if newest is None or wanted is None:
            return Verdict.UNKNOWN
        if wanted <= newest:
            return Verdict.RUNS
        # A newer minor of the same major runs through minor-version compatibility
        # ([NV-MVC]: the driver already supports that major, so it is above its floor),
        # except PTX, which needs the newer driver; a newer major never does.
        if wanted[0] == newest[0] and not jit:
            return Verdict.RUNS
        return Verdict.FAILS
    return Verdict.UNKNOWN


@functools.lru_cache(maxsize=16384)
def judge(release: Release, variant: Variant, machine: Machine) -> Judgement:
    """Whether `variant` of `release` runs on `machine`, and why. A pure function of three
    frozen records, kept: `choose` judges every build of the table for each GPU it is asked
    about, and a paste or a fleet names the same GPUs and drivers again and again."""
    host = normalize_host(machine.host)
    if variant.xpu:
        return _judge_xpu(release, variant)
    targets = machine.capabilities if variant.cuda else machine.gfx
    problems: list[str] = []
    unchecked: list[str] = []
    carries: list[str] = []
    archs = variant.archs_for(host) if host is not None else None
    kernel_verdicts: list[Verdict] = []
    driver_verdicts: list[Verdict] = []
    label = f"{release.series} {variant.name}"
    if archs is None and targets:
        where = machine.host if host is None else host.value
        on = f" on {where}" if where and where != "unknown" else " for this platform"
        unchecked.append(f"which GPU code torch {label} carries{on}")
    for target in targets:
        if archs is None:
            kernel_verdicts.append(Verdict.UNKNOWN)
            carries.append("")
            jit = False
        else:
            served, arch, jit = _serving(target, archs)
            kernel_verdicts.append(served)
            carries.append(arch)
            if served is Verdict.FAILS:
                problems.append(f"no kernels for {kernels.arch_name(target)}")
            elif served is Verdict.UNKNOWN:
                unchecked.append(
                    f"whether torch {label} carries PTX for {kernels.arch_name(target)}"
                )
        cuda = variant.cuda
        if cuda is None:
            driver_verdicts.append(Verdict.RUNS)  # ROCm: no driver table (not checked)
            continue
        verdict = _driver_runs(machine, cuda, target, jit)
        driver_verdicts.append(verdict)
        if verdict is Verdict.FAILS:
            problems.append("needs a newer driver")
        elif verdict is Verdict.UNKNOWN:
            floor = drivers.driver_floor(cuda, target)
            need = f" (needs {floor.driver} or newer)" if floor is not None else ""
            unchecked.append(f"the driver for CUDA {cuda}{need}")
    if variant.cuda and not targets and _nvidia(machine):
        # An NVIDIA driver but no GPU seen: its kernels cannot be judged, its driver can.
        kernel_verdicts.append(Verdict.UNKNOWN)
        unchecked.append("which GPUs are here (their compute capability)")
        verdict = _driver_runs(machine, variant.cuda, None, False)
        driver_verdicts.append(verdict)
        if verdict is Verdict.FAILS:
            problems.append("needs a newer driver")
    return Judgement(
        release,
        variant,
        _combine(kernel_verdicts),
        _combine(driver_verdicts),
        tuple(targets),
        tuple(carries),
        tuple(dict.fromkeys(problems)),
        tuple(dict.fromkeys(unchecked)),
    )


def _judge_xpu(release: Release, variant: Variant) -> Judgement:
    """An xpu build: published for the release ([PT-XPU-2.5] and the rows' sources), which
    Intel GPUs it serves is not in the table: the documentation validates some models only
    ([PT-XPU-STABLE]), so the verdict stays unknown, never "runs"."""
    unchecked = (f"which Intel GPUs torch {release.series} xpu supports",)
    return Judgement(release, variant, Verdict.UNKNOWN, Verdict.UNKNOWN, (), (), (), unchecked)


def _combine(verdicts: list[Verdict]) -> Verdict:
    if Verdict.FAILS in verdicts:
        return Verdict.FAILS
    if not verdicts or Verdict.UNKNOWN in verdicts:
        return Verdict.UNKNOWN if verdicts else Verdict.RUNS
    return Verdict.RUNS


def _candidates(release: Release, machine: Machine, patch: str | None) -> list[Variant]:
    """The release's variants for this machine's GPUs, newest first."""
    if machine.capabilities or _nvidia(machine):
        wanted = [v for v in release.variants if v.cuda is not None]
        wanted.sort(key=lambda v: _cuda_key(v.cuda or "0.0") or (0, 0), reverse=True)
    elif machine.gfx:
        wanted = [v for v in release.variants if v.rocm is not None][::-1]
    elif machine.intel_gpu:
        wanted = [v for v in release.variants if v.xpu]
    else:
        wanted = [v for v in release.variants if v.name == "cpu"]
    return [v for v in wanted if patch is None or not v.patches or patch in v.patches]


def _nvidia(machine: Machine) -> bool:
    """The machine has an NVIDIA driver: whatever else is unknown, a CPU build is no answer."""
    return bool(machine.driver or machine.driver_cuda)


def _fully_checked(judged: Judgement) -> bool:
    return judged.verdict is Verdict.RUNS


def _kernels_checked(judged: Judgement) -> bool:
    return judged.kernels is Verdict.RUNS and judged.driver is not Verdict.FAILS


def _not_ruled_out(judged: Judgement) -> bool:
    return judged.verdict is not Verdict.FAILS


# Fully checked first, then kernels checked with the driver unknown, then anything not
# ruled out; within each, the user's own release before the newest release that fits.
_TIERS: Final = (_fully_checked, _kernels_checked, _not_ruled_out)


def choose(torch: str | None, machine: Machine) -> Suggestion:
    """The build of torch to install on `machine`: the release the user has (`torch`,
    e.g. "2.5.1+cu121"; None when torch is not installed) on its own index when that runs,
    else on that release's newest index that runs, else the newest release with a build
    that runs.

    A build runs when its archs serve every GPU (by `kernels`' rule) and its CUDA runs on
    the driver (by `drivers`); where either could not be checked the suggestion says so in
    `unchecked` and its verdict is UNKNOWN, never RUNS.
    """
    parsed = versions.parse(torch) if torch else None
    have = release_of(torch) if torch else None
    patch = parsed.public if parsed is not None else None
    # A version without a label is PyPI's wheel: the release's default variant, if known.
    have_variant = parsed.local if parsed is not None else None
    if have is not None and have_variant is None:
        have_variant = have.pypi_default
    own = [judge(have, v, machine) for v in _candidates(have, machine, patch)] if have else []
    others = [
        [judge(r, v, machine) for v in _candidates(r, machine, None)]
        for r in RELEASES
        if r is not have
    ]
    for fits in _TIERS:
        mine = [j for j in own if fits(j)]
        if mine:
            pick = next((j for j in mine if j.variant.name == have_variant), mine[0])
            return _suggest(pick, own, torch, patch, machine)
        for judged in others:
            found = [j for j in judged if fits(j)]
            if found:
                return _suggest(found[0], own, torch, None, machine)
    return _nothing(torch, machine, own)


def _pin(release: Release, patch: str | None, variant: Variant) -> str:
    """The version to install: the user's own, else the newest patch the source lists,
    else any patch of the series (`2.7.*`), labelled where the index needs it. A pre-release
    or nightly of the user's ("2.0.0a0", "2.6.0.dev20241112") is not on a release index:
    the series' release is pinned instead."""
    parsed = versions.parse(patch) if patch else None
    if parsed is not None and (parsed.is_prerelease or parsed.is_devrelease):
        patch = None
    elif parsed is not None:  # "2.0" as a paste says it is the listed "2.0.0"
        patch = next((p for p in release.patches if versions.parse(p) == parsed), patch)
    version = patch or (release.patches[-1] if release.patches else f"{release.series}.*")
    if release.style_of(variant) in (Style.INDEX_URL, Style.PYPI, Style.PAGE):
        return version  # 1.0-1.1 pages pin no label either
    return f"{version}+{variant.name}"


def _suggest(
    pick: Judgement, own: list[Judgement], torch: str | None, patch: str | None, machine: Machine
) -> Suggestion:
    release, variant = pick.release, pick.variant
    keeps_release = bool(own) and release is own[0].release
    have_variant = local_of(torch or "") or (own[0].release.pypi_default if own else None)
    keeps_variant = keeps_release and variant.name == have_variant
    return Suggestion(
        torch=_pin(release, patch, variant),
        release=release.series,
        variant=variant.name,
        style=release.style_of(variant),
        verdict=pick.verdict,
        reason=_reason(pick, own, torch, machine, keeps_variant=keeps_variant),
        unchecked=pick.unchecked,
        keeps_release=keeps_release,
        keeps_variant=keeps_variant,
    )


def _carries(pick: Judgement) -> str:
    parts = []
    for arch, target in zip(pick.carries, pick.targets, strict=True):
        wanted = kernels.arch_name(target)
        if arch == wanted:
            parts.append(arch)
        elif arch:
            parts.append(f"{arch}, which runs on {wanted}")
    # alike GPUs (four GTX 1080) are one part, said once
    return "it carries " + "; ".join(dict.fromkeys(parts)) if parts else ""


def _driver_part(pick: Judgement, machine: Machine) -> str:
    cuda = pick.variant.cuda
    if cuda is None or pick.driver is not Verdict.RUNS or not pick.targets:
        return ""
    if machine.driver:
        return f"driver {machine.driver} runs CUDA {cuda}"
    return f"a driver for CUDA {machine.driver_cuda} runs CUDA {cuda}"


def _why_not(judged: list[Judgement]) -> str:
    """What rules the builds out, one clause a reason: "cu129, cu128: no kernels for sm_61"."""
    by_problem: dict[str, list[str]] = {}
    for j in judged:
        for problem in j.problems:
            by_problem.setdefault(problem, []).append(j.variant.name)
        if not j.problems and j.kernels is not Verdict.RUNS:
            pairs = zip(j.targets, j.carries, strict=True)
            missing = ", ".join(kernels.arch_name(t) for t, arch in pairs if not arch)
            by_problem.setdefault(f"code for {missing} not recorded", []).append(j.variant.name)
        elif not j.problems and j.unchecked:
            by_problem.setdefault("driver not checked", []).append(j.variant.name)
    return "; ".join(f"{', '.join(names)}: {problem}" for problem, names in by_problem.items())


def _reason(
    pick: Judgement,
    own: list[Judgement],
    torch: str | None,
    machine: Machine,
    *,
    keeps_variant: bool,
) -> str:
    facts = " and ".join(p for p in (_carries(pick), _driver_part(pick, machine)) if p)
    if pick.variant.rocm is not None and machine.rocm:
        # No source read ties the wheel's ROCm to the host's: say what is installed only.
        facts += f"{'; ' if facts else ''}the host has ROCm {machine.rocm} (not matched)"
    if pick.variant.xpu:
        facts = f"its xpu build is published ({pick.variant.source or pick.release.source})"
    label = f"torch {pick.release.series} {pick.variant.name}"
    fits = "fits" if pick.verdict is Verdict.RUNS else "may fit"
    same_release = bool(own) and pick.release is own[0].release
    if keeps_variant:
        head = f"the installed torch {torch} {fits}"
    elif same_release:
        head = f"{pick.variant.name} is the newest build of torch {pick.release.series} that {fits}"
    elif own:
        head = f"no build of torch {torch} is known to fit ({_why_not(own)}); {label} {fits}"
    else:
        head = f"{label} is the newest build that {fits}"
    tail = ""
    if same_release and not keeps_variant:
        newer = [j for j in own if j.variant is not pick.variant and j.verdict is not Verdict.RUNS]
        tail = f" ({_why_not(newer)})" if newer else ""
    return f"{head}: {facts}{tail}" if facts else f"{head}{tail}"


def _nothing(torch: str | None, machine: Machine, own: list[Judgement]) -> Suggestion:
    problems = "; ".join(dict.fromkeys(p for j in own for p in j.problems))
    gpus = ", ".join(kernels.arch_name(t) for t in (*machine.capabilities, *machine.gfx))
    reason = f"no torch build in hwdoctor's table fits {gpus or 'this machine'}"
    return Suggestion(
        None, None, None, None, Verdict.FAILS, reason + (f" ({problems})" if problems else "")
    )


# --- a build of one kind, when the machine's facts are not known ---------------------------


class Kind(str, Enum):
    """The kind of torch build a registry row installs; the values are the registry's."""

    CPU = "cpu"
    CUDA = "cuda"
    ROCM = "rocm"
    XPU = "xpu"

    def has(self, variant: Variant) -> bool:
        if self is Kind.CUDA:
            return variant.cuda is not None
        if self is Kind.ROCM:
            return variant.rocm is not None
        return variant.name == str(self.value)


_ASK: Final = {
    Kind.CUDA: "the GPU's compute capability and the NVIDIA driver (nvidia-smi shows both)",
    Kind.ROCM: "the GPU's gfx target (rocminfo shows it)",
    Kind.XPU: "which Intel GPUs the build supports",
}


def of_kind(torch: str | None, kind: Kind) -> Suggestion | None:
    """The build of `kind` to install where the machine's GPUs and driver are not known:
    on the installed release (its PyPI default where that is of `kind`, else its newest
    index of `kind`), else on the newest release that has one, which the reason says. Only
    a CPU build is "runs"; any other names what could not be checked. None: no release in
    the table has a build of `kind`."""
    parsed = versions.parse(torch) if torch else None
    have = release_of(torch) if torch else None
    for release in (have, *RELEASES) if have else RELEASES:
        if release is None:
            continue
        found = [v for v in release.variants if kind.has(v)]
        if not found:
            continue
        found.sort(key=lambda v: _cuda_key(v.cuda or "0.0") or (0, 0))
        pick = next((v for v in found if v.name == release.pypi_default), found[-1])
        own = release is have
        patch = parsed.public if own and parsed is not None else None
        label = f"torch {release.series} {pick.name}"
        if own:
            default = " (PyPI's default build)" if pick.name == release.pypi_default else ""
            head = f"{label}{default}, the installed release"
        elif have is not None:
            head = (
                f"torch {have.series} has no {kind.value} build in hwdoctor's table; "
                f"{label} is the newest release that has one"
            )
        else:
            head = f"{label} is the newest {kind.value} build in hwdoctor's table"
        unchecked = () if kind is Kind.CPU else (_ASK[kind],)
        return Suggestion(
            torch=_pin(release, patch, pick),
            release=release.series,
            variant=pick.name,
            style=release.style_of(pick),
            verdict=Verdict.RUNS if kind is Kind.CPU else Verdict.UNKNOWN,
            reason=head,
            unchecked=unchecked,
            keeps_release=own,
        )
    return None


def of_cuda_major(torch: str | None, nvcc: str) -> Suggestion | None:
    """issue 38: the CUDA build of torch a CUDA toolkit builds extensions for: one of nvcc's
    major release (torch/utils/cpp_extension.py _check_cuda_version refuses only a major
    difference in current releases), the newest of that major not past nvcc's release where there is
    one (a toolkit compiles for its own release and older), on the installed release where
    it has one, else on the newest release that has one. None: nvcc's release is not a
    version, or no release of the table has a build of that major."""
    wanted = _cuda_key(nvcc)
    if wanted is None:
        return None
    parsed = versions.parse(torch) if torch else None
    have = release_of(torch) if torch else None
    for release in (have, *RELEASES) if have else RELEASES:
        if release is None:
            continue
        found = [
            v
            for v in release.variants
            if v.cuda is not None and (_cuda_key(v.cuda) or (0, 0))[0] == wanted[0]
        ]
        if not found:
            continue
        found.sort(key=lambda v: _cuda_key(v.cuda or "0.0") or (0, 0))
        within = [v for v in found if (_cuda_key(v.cuda or "0.0") or (0, 0)) <= wanted]
        pick = (within or found)[-1]
        own = release is have
        label = f"torch {release.series} {pick.name}"
        if own:
            head = f"{label}, the installed release built for CUDA {pick.cuda}"
        elif have is not None:
            head = (
                f"torch {have.series} has no CUDA {wanted[0]}.x build in hwdoctor's table; "
                f"{label} is the newest release that has one"
            )
        else:
            head = f"{label} is the newest CUDA {wanted[0]}.x build in hwdoctor's table"
        return Suggestion(
            torch=_pin(release, parsed.public if own and parsed is not None else None, pick),
            release=release.series,
            variant=pick.name,
            style=release.style_of(pick),
            verdict=Verdict.UNKNOWN,
            reason=head,
            unchecked=(_ASK[Kind.CUDA],),
            keeps_release=own,
        )
    return None


# --- the checked pick, for a remedy ------------------------------------------------------
# The pip line itself is built in one place, the install chooser (diagnosis/remedies.py):
# these name the build, and the chooser turns it into words.


def checked(suggestion: Suggestion) -> Suggestion | None:
    """The suggestion when it names a build to install that every check passed for; None
    when none fits, the installed one already does, or a check could not be made: a remedy
    names only a build this machine is shown to run."""
    if suggestion.verdict is not Verdict.RUNS or suggestion.keeps_variant:
        return None
    return suggestion if suggestion.torch and suggestion.variant else None


def for_driver(
    torch_version: str | None,
    driver: str,
    capabilities: tuple[str, ...],
    *,
    host: str = "x86_64",
) -> Suggestion | None:
    """The torch build that runs on NVIDIA driver `driver` and GPUs of `capabilities`,
    keeping the user's release `torch_version` where one of its builds does; None when no
    build can be shown to run."""
    machine = Machine(host=host, capabilities=capabilities, driver=driver)
    return checked(choose(torch_version, machine))


def _rocm_gfx_lists() -> list[set[str]]:
    """The gfx list of every ROCm wheel of the table whose list is known."""
    return [
        set(archs.cubins)
        for release in RELEASES
        for variant in release.variants
        if variant.rocm is not None
        for _, archs in variant.archs
    ]


def for_gfx(
    torch_version: str | None, gfx: tuple[str, ...], *, host: str = "x86_64"
) -> tuple[Suggestion | None, bool]:
    """The ROCm build whose gfx list carries every target of `gfx`, and whether no known
    list carries one of them (then no ROCm wheel of torch is the way; a build of the GPU's
    own, or the family override, is)."""
    suggestion = choose(torch_version, Machine(host=host, gfx=gfx))
    known = set().union(*_rocm_gfx_lists())
    return checked(suggestion), any(target not in known for target in gfx)


def always_carried_gfx() -> tuple[str, ...]:
    """The gfx targets every ROCm wheel of the table whose list is known carries: what a
    ROCm build of torch has, whichever it is (of those the table knows)."""
    lists = _rocm_gfx_lists()
    return tuple(sorted(set.intersection(*lists))) if lists else ()


def for_cuda(
    torch_version: str | None,
    driver_cuda: str,
    capabilities: tuple[str, ...],
    *,
    host: str = "x86_64",
) -> Suggestion | None:
    """As `for_driver`, when all that is known of the driver is the newest CUDA it
    supports ("11.4", from torch's "found version 11040")."""
    machine = Machine(host=host, capabilities=capabilities, driver_cuda=driver_cuda)
    return checked(choose(torch_version, machine))
