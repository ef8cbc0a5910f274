"""Packages: torch's requirements and the extensions built against it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.compat import companions
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Known, check
from hwdoctor.diagnosis.checks.hardware import _ON_CPU_BUILD
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    Section,
    StepFailure,
)
from hwdoctor.model.reports import Finding
from hwdoctor.text import clip, one_line

# Packages besides the backends' whose wheels are built for one torch release and say so in
# their metadata (`Requires-Dist: torch==2.5.1` in torchvision, torchaudio and xformers wheels).
COMPANIONS: Final = ("torchvision", "torchaudio", "xformers")


@check(Section.TORCH, Section.PACKAGES, optional=(Section.PYTHON,))
def check_torch_requirements(known: Known) -> Iterable[Finding]:
    torch_version = known.torch.version
    if not torch_version:
        return
    # Markers are judged for the diagnosed interpreter (not hwdoctor's own), when known.
    python = known.if_known.python.version if known.if_known.python else None
    owners: list[tuple[registry.Backend | None, str]] = [
        (b, d) for b in registry.BACKENDS if b.module is not None for d in b.dists
    ]
    owners += [(None, dist) for dist in COMPANIONS]
    for backend, dist in owners:
        package = known.packages.get(dist)
        if package is None:
            continue
        key, name = (backend.key, backend.package) if backend else (None, dist)
        for requirement in package.requires_torch:
            judged = versions.judge_requirement(requirement, "torch", torch_version, python)
            if judged.outcome is versions.Outcome.INVALID:
                yield finding(
                    Code.EXTENSION_REQUIREMENT_INVALID,
                    backend=key,
                    package=name,
                    version=package.version,
                    requirement=clip(one_line(requirement), 120),
                    reason=judged.reason,
                    torch=torch_version,
                )
            elif judged.outcome is versions.Outcome.UNMET:
                yield finding(
                    Code.EXTENSION_TORCH_MISMATCH,
                    backend=key,
                    # a requirement the extension stated at run time, its version unseen
                    variant="stated" if package.version == "unknown" else None,
                    package=name,
                    version=package.version,
                    spec=judged.spec,
                    torch=torch_version,
                    install=known.torch_required(
                        judged.spec,
                        name if package.version == "unknown" else f"{name} {package.version}",
                        # an out-of-tree backend's extension installs beside PyPI's torch
                        from_pypi=backend is not None and backend.query.build is None,
                        cpu_index=backend is not None and backend.key == _ON_CPU_BUILD,
                    ),
                )


# An extension's compiled module that needs a symbol of torch's C++ library (c10::, at::,
# torch::, their Itanium-mangled forms `_ZN3c10…`, `_ZN2at…`, `_ZN5torch…`) that the installed
# torch does not export was compiled against another torch: torch's C++ ABI is not stable
# across releases (https://pytorch.org/cppdocs/notes/faq.html; the dynamic loader's
# "undefined symbol" is the symptom). torchvision says it in words when its operators did
# not register: "operator torchvision::nms does not exist" (torchvision/extension.py), or
# torch's op lookup, "No such operator torchvision::nms" (torch/csrc/jit/python/init.cpp
# `_jit_get_operation`, what torch.ops.torchvision.nms raised in the 1.x releases).
_TORCH_SYMBOL: Final = re.compile(
    r"undefined symbol: \S*(?:c10|NK?2at|at::|NK?5torch|torch::|THP|aoti_torch_)\S*"
    r"|operator torchvision::\w+ does not exist|No such operator torchvision::\w+"
    r"|PyTorch and \w+ were compiled with different CUDA"
)


def _abi_break(failure: StepFailure) -> str | None:
    """The distribution whose import failed for want of a torch symbol, if that is why."""
    if failure.kind != "error" or failure.error is None or not failure.step.startswith("import "):
        return None
    if not _TORCH_SYMBOL.search(f"{failure.error.message}\n{failure.output}"):
        return None
    module = failure.step.removeprefix("import ").split(".")[0]
    backend = registry.for_module(module)
    # The distribution of an importable name is that name, PEP 503-normalised (flash_attn is
    # flash-attn); a backend's module names its own package.
    return backend.package if backend else versions.canonical_name(module)


@check(Section.TORCH, Section.FAILURES)
def check_extension_abi(known: Known) -> Iterable[Finding]:
    torch = known.torch.version or "(version not shown)"
    for failure in known.failures:
        dist = _abi_break(failure)
        if dist is None or failure.error is None:
            continue
        symbol = _TORCH_SYMBOL.search(f"{failure.error.message}\n{failure.output}")
        backend = registry.for_module(failure.step.removeprefix("import ").split(".")[0])
        yield finding(
            Code.EXTENSION_BUILT_FOR_OTHER_TORCH,
            backend=backend.key if backend else None,
            variant=None if dist else "unnamed",  # a pasted error that names no module
            evidence=failure.output,
            package=dist,
            symbol=clip(symbol.group(0), 100) if symbol else "a torch symbol",
            torch=torch,
            reinstall=(
                # issue 38 (s17-mend-pip): torchvision or torchaudio in the release built for
                # the torch installed, on its build's index (unpinned, PyPI's newest is built
                # for the newest torch); none where torch's version is not shown
                remedies.companion_again(known.way, dist, known.torch.version)
                if dist in companions.NAMES
                else remedies.pip_of(
                    # without --no-deps, pip would reinstall torch too, at its newest
                    known.way,
                    ("install", "--force-reinstall", "--no-deps", "--no-cache-dir"),
                    dist,
                )
            ),
        )


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_torch_requirements,
    check_extension_abi,
)
