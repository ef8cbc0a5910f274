"""issue 38 (s14-submodule): modules of an installed package that Python cannot find, as data:
the compiled parts each package builds, and the pure-Python modules that one release added or
removed.

Python imports a module's parents first (CPython Lib/importlib/_bootstrap.py
`_find_and_load_unlocked`: the parent is imported, then "No module named 'a.b'" is raised
when `a` has no `b`), so "No module named 'numpy._typing'" says numpy imported and its
installed release has no `numpy._typing`. Which case a name is comes from the package's own
build files and releases, never from the name's shape alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hwdoctor import versions


@dataclass(frozen=True, slots=True)
class Compiled:
    """A module a package builds from C++/CUDA: the distribution that installs it, how a
    build that has it is made (the advice's words), the package that imports it, and the
    names under which a package list shows that distribution."""

    dist: str
    build: str
    package: str
    names: tuple[str, ...] = ()

    def listed(self) -> tuple[str, ...]:
        """The distribution's names in a package list, the one with the build first."""
        return self.names or (self.dist,)


# module -> the package that builds it, from each project's setup.py (read at the commit named):
# - flash_attn_2_cuda: Dao-AILab/flash-attention setup.py @ 0251105 `CUDAExtension(name=
#   "flash_attn_2_cuda", …)`, built unless FLASH_ATTENTION_SKIP_CUDA_BUILD=TRUE; flash_attn_cuda
#   is the 1.x name (setup.py @ v1.0.9). Its README installs with `pip install flash-attn
#   --no-build-isolation`.
# - mmcv._ext: open-mmlab/mmcv setup.py @ a8073c7 `ext_name = 'mmcv._ext'`, built when
#   MMCV_WITH_OPS is 1 (the default from 2.0, when the package is 'mmcv'; 'mmcv-lite'
#   without); in 1.x (setup.py @ v1.7.2) the default was 0 and the package with the ops was
#   'mmcv-full' (docs/en/get_started/installation.md: "mmcv-lite: lite, without CUDA ops").
# - xformers._C: facebookresearch/xformers setup.py @ ca6d2aa, its extension "xformers._C";
#   README: wheels per CUDA from PyTorch's index.
# - amp_C, fused_layer_norm_cuda: NVIDIA/apex setup.py @ 6424da3, built only with
#   APEX_CPP_EXT=1 APEX_CUDA_EXT=1 (or --cpp_ext --cuda_ext; its README's install).
# - selective_scan_cuda: state-spaces/mamba setup.py @ e9594ce `name="selective_scan_cuda"`.
# - causal_conv1d_cuda: Dao-AILab/causal-conv1d setup.py @ 0d2252d `name="causal_conv1d_cuda"`,
#   skipped where CAUSAL_CONV1D_SKIP_CUDA_BUILD=TRUE.
# vLLM's vllm._C, vLLM Ascend's vllm_ascend_C, Gaudi's habana_frameworks and CANN's te/tbe
# are left out: their own findings read them.
COMPILED: Final = {
    "flash_attn_2_cuda": Compiled(
        "flash-attn",
        "reinstall flash-attn so that its CUDA extension builds (its README's install, with "
        "pip's --no-build-isolation, nvcc and the torch it builds against installed, and "
        "FLASH_ATTENTION_SKIP_CUDA_BUILD unset), or install the release wheel built for this "
        "torch, CUDA and Python from its GitHub releases",
        "flash_attn",
    ),
    "flash_attn_cuda": Compiled(
        "flash-attn",
        "flash_attn_cuda is flash-attn 1.x's extension: install the flash-attn release the "
        "importing code was written for, so that its CUDA extension builds (with pip's "
        "--no-build-isolation, nvcc and the torch it builds against installed)",
        "flash_attn",
    ),
    "mmcv._ext": Compiled(
        "mmcv",
        "install an mmcv with its ops: for mmcv 1.x the package mmcv-full (mmcv 1.x is the "
        "lite one), for mmcv 2.x mmcv itself built with MMCV_WITH_OPS=1 (mmcv-lite has none), "
        "as a wheel for this torch and CUDA from OpenMMLab's index (mim install, or the pip "
        "line of mmcv's installation guide)",
        "mmcv",
        ("mmcv-full", "mmcv", "mmcv-lite"),
    ),
    "xformers._C": Compiled(
        "xformers",
        "install the xformers wheel built for this torch (its README: from PyTorch's index "
        "for torch's CUDA), or build it from source with a CUDA toolkit",
        "xformers",
    ),
    "amp_C": Compiled(
        "apex",
        "reinstall apex from its checkout with its extensions: APEX_CPP_EXT=1 and "
        "APEX_CUDA_EXT=1 set for the install, with pip's -v and --no-build-isolation (its "
        "README); an install without them builds apex's Python alone",
        "apex",
    ),
    "fused_layer_norm_cuda": Compiled(
        "apex",
        "reinstall apex from its checkout with its extensions: APEX_CPP_EXT=1 and "
        "APEX_CUDA_EXT=1 set for the install, with pip's -v and --no-build-isolation (its "
        "README); an install without them builds apex's Python alone",
        "apex",
    ),
    "selective_scan_cuda": Compiled(
        "mamba-ssm",
        "reinstall mamba-ssm so that its CUDA extension builds (with pip's "
        "--no-build-isolation, nvcc and the torch it builds against installed), or "
        "install the release wheel built for this torch, CUDA and Python",
        "mamba_ssm",
    ),
    "causal_conv1d_cuda": Compiled(
        "causal-conv1d",
        "reinstall causal-conv1d so that its CUDA extension builds (with pip's "
        "--no-build-isolation, CAUSAL_CONV1D_SKIP_CUDA_BUILD unset), or install the release "
        "wheel built for this torch, CUDA and Python",
        "causal_conv1d",
    ),
}


@dataclass(frozen=True, slots=True)
class Moved:
    """A pure-Python module that one release of a package added (`first`) or removed
    (`gone`), and where its source says so."""

    dist: str
    first: str | None = None
    gone: str | None = None
    instead: str = ""  # what the newer release offers in its place, where one does


# module -> its releases, each read from the package itself:
# - numpy._typing: the wheels on PyPI (`pip download`, 2026-12-07): numpy 1.22.4's has
#   numpy/typing/ alone, 1.23.0's has numpy/_typing/__init__.py.
# - numpy._core: NumPy 2.0 renamed numpy/core to numpy/_core (numpy/numpy#24634, NEP 52);
#   numpy 1.26.4's wheel holds six stubs of it (multiarray, umath, _multiarray_umath,
#   _internal, _dtype, _dtype_ctypes: numpy/numpy#24906), not its other modules, so a pickle
#   written under NumPy 2 does not load under 1.x (numpy/numpy#28340).
# - torch._six: removed by pytorch/pytorch#94709 (Feb 2023, "Remove … `torch._six`"), absent
#   from torch 2.0.0 on (InternLM/InternLM#109: torch 2.0.0 raises it); `torch.inf` and
#   Python's own `str`, `math.inf` replace its names.
# - flash_attn.flash_attention: Dao-AILab/flash-attention's tree at v1.0.9 has
#   flash_attn/flash_attention.py, at v2.0.0 not (commit 4f285b3, "FlashAttention-2
#   release"); flash_attn.modules.mha's MHA is its 2.x place.
# - torchvision.transforms.functional_tensor: the wheels on PyPI (`pip download`, 2026-12-07):
#   0.4.2's has no torchvision/transforms/functional_tensor.py, 0.5.0's and 0.16.2's have it,
#   0.17.0's not (its release notes: "We removed the torchvision.transforms.functional_tensor.py
#   and torchvision.transforms.functional_pil.py modules"); torchvision.transforms.functional
#   holds its public functions.
# - diffusers.models.unet_2d_condition and its neighbours: huggingface/diffusers' tree at v0.26.0
#   has src/diffusers/models/unets/ beside the old files, which only warn ("Importing
#   `UNet2DConditionModel` from `diffusers.models.unet_2d_condition` is deprecated …",
#   deprecate(…, "0.29") at v0.28.2); at v0.29.0 (39aa390) the old files are gone, their
#   modules in models/unets/ and models/transformers/.
MOVED: Final = {
    "numpy._typing": Moved("numpy", first="1.23.0"),
    "numpy._core": Moved("numpy", first="2.0.0"),
    "torch._six": Moved("torch", gone="2.0.0", instead="torch.inf, str and math.inf"),
    "flash_attn.flash_attention": Moved(
        "flash-attn", gone="2.0.0", instead="flash_attn.modules.mha.MHA"
    ),
    "torchvision.transforms.functional_tensor": Moved(
        "torchvision", first="0.5.0", gone="0.17.0", instead="torchvision.transforms.functional"
    ),
    **{
        f"diffusers.models.{name}": Moved(
            "diffusers", gone="0.29.0", instead=f"diffusers.models.{place}.{name}"
        )
        for name, place in (
            ("unet_2d_condition", "unets"),
            ("unet_2d_blocks", "unets"),
            ("unet_2d", "unets"),
            ("transformer_2d", "transformers"),
            ("transformer_temporal", "transformers"),
            ("dual_transformer_2d", "transformers"),
        )
    },
}


def compiled(module: str) -> Compiled | None:
    """The package that builds `module` (or a module inside it); None for any other."""
    for name in _prefixes(module):
        if name in COMPILED:
            return COMPILED[name]
    return None


def moved(module: str) -> tuple[str, Moved] | None:
    """The table's row for `module` or the package it is in ("numpy._core.numeric" ->
    "numpy._core"), with the row's own name; None outside the table."""
    for name in _prefixes(module):
        if name in MOVED:
            return name, MOVED[name]
    return None


def lacking(row: Moved, installed: str | None) -> str:
    """Which way the installed release (if shown) is from one with the row's module: "newer"
    (below its first release: a newer one has it), "older" (at or after the release that
    removed it), "" (the release has it), "unknown" (not shown, or not a version)."""
    shown = versions.parse(installed) if installed else None
    if shown is None:
        return "unknown"
    first = versions.parse(row.first) if row.first is not None else None
    gone = versions.parse(row.gone) if row.gone is not None else None
    if first is not None and shown < first:
        return "newer"
    if gone is not None and shown >= gone:
        return "older"
    return ""


def _prefixes(module: str) -> list[str]:
    """'a.b.c' -> ['a.b.c', 'a.b', 'a']."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]
