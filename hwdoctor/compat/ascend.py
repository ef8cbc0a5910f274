"""Huawei Ascend's software and what goes with what (issue 38).

CANN_PYTHON: the Python packages CANN's toolkit needs at run time and does not install
itself. Source: CANN installation guide, "Runtime Dependencies" (Table 1),
https://www.hiascend.com/document/detail/en/canncommercial/850/softwareinst/instg/instg_0045.html
(the same list in the 8.0.RC2 and 9.0.0 guides): numpy >= 1.19.2 (< 2.0 before Python
3.13), decorator >= 4.4.0, sympy >= 1.5.1, cffi >= 1.12.3, protobuf 3.20.x, and attrs,
cython, pyyaml, pathlib2, scipy, requests, psutil, absl-py at any version. Verified
2026-12-05.

TOOLKIT_MODULES: Python packages CANN's toolkit ships itself (te, tbe: the tensor engine and
its operator compiler, as CANN's own log lines name them, Ascend/pytorch#29), found through
the environment the toolkit's `set_env.sh` sets (Ascend/pytorch README, "Getting Started":
`source /usr/local/Ascend/ascend-toolkit/set_env.sh` before torch_npu runs); pip has none
of them.
"""

from __future__ import annotations

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
