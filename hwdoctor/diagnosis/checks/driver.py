"""The NVIDIA driver: its floors and their sources are in hwdoctor/compat/drivers.py."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, NamedTuple

from hwdoctor import registry
from hwdoctor.compat import drivers
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Known, check
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    HostFacts,
    NvidiaDriver,
    Section,
)
from hwdoctor.model.reports import Finding

_RULE_WORDS: Final = {
    drivers.FloorRule.TOOLKIT: "the minimum of CUDA {toolkit}",
    drivers.FloorRule.MINOR_VERSION: "the CUDA {toolkit} minimum, by minor-version compatibility",
    drivers.FloorRule.GPU_GENERATION: "{generation} GPUs need it",
}


def _nvidia_backends() -> tuple[registry.Backend, ...]:
    """The backend rows whose torch build is NVIDIA's CUDA (the registry names them)."""
    return tuple(b for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)


def _capabilities(
    known: Known, backend: registry.Backend, driver: NvidiaDriver | None
) -> tuple[str, ...]:
    facts = known.if_known.backends.get(backend.key)
    found = tuple(d.capability for d in facts.devices if d.capability) if facts else ()
    return found or (driver.capabilities if driver else ())


def _floor(cuda: str, capabilities: tuple[str, ...]) -> drivers.Floor | None:
    """The highest documented floor among the GPUs (None: not documented: not checked)."""
    floors = [drivers.driver_floor(cuda, c) for c in capabilities or (None,)]
    documented = [f for f in floors if f is not None]
    if not documented:
        return None
    return max(documented, key=lambda f: drivers.driver_tuple(f.driver) or ())


class _FloorWords(NamedTuple):
    floor: str
    rule: str
    branch: int


def _floor_params(floor: drivers.Floor, capabilities: tuple[str, ...]) -> _FloorWords:
    generation = next((g for g in map(drivers.generation, capabilities) if g), "")
    rule = _RULE_WORDS[floor.rule].format(toolkit=floor.cuda, generation=generation)
    return _FloorWords(floor.driver, rule, floor.branch)


def _driver_findings(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    """The driver too old for the torch build, by NVIDIA's floors; nothing where no floor
    is documented."""
    torch = known.if_known.torch
    host = known.if_known.host
    driver = host.nvidia if host else None
    if torch is None or torch.build != backend.query.build:
        return
    if host is not None and host.system == "Darwin":
        return  # macOS's CUDA driver has versions of its own; NVIDIA's floors are for Linux
    capabilities = _capabilities(known, backend, driver)
    if not torch.cuda:
        yield from _found_version(known, backend, capabilities, None)
        return
    floor = _floor(torch.cuda, capabilities)
    if floor is None:
        return
    version = driver.driver if driver else None
    machine = _machine(host)
    params = _floor_params(floor, capabilities)
    if version is not None:
        if floor.admits(version) is False:
            on_gpu = ""
            if floor.rule is drivers.FloorRule.GPU_GENERATION:
                on_gpu = f" on a GPU of compute capability {max(capabilities)}"
            yield finding(
                Code.DRIVER_TOO_OLD,
                backend=backend.key,
                driver=version,
                on_gpu=on_gpu,
                reinstall=known.torch_for_driver(capabilities, driver=version, machine=machine),
                torch=torch.version,
                toolkit=torch.cuda,
                floor=params.floor,
                rule=params.rule,
                branch=params.branch,
            )
        return
    yield from _found_version(known, backend, capabilities, params)


def _machine(host: HostFacts | None) -> str:
    """The host's architecture for a wheel choice: x86_64 where the evidence does not say
    (a pasted report without it), as where there is no host scan at all."""
    return host.machine if host is not None and host.machine != "unknown" else "x86_64"


def _found_version(
    known: Known,
    backend: registry.Backend,
    capabilities: tuple[str, ...],
    params: _FloorWords | None,
) -> Iterable[Finding]:
    """torch's "found version NNNNN": CUDA's cudaErrorInsufficientDriver, raised when the
    driver is older than the CUDA the build was linked against ([PT-C10]); by itself it
    proves the driver too old, even where the build's CUDA is not shown."""
    torch = known.if_known.torch
    host = known.if_known.host
    assert torch is not None
    machine = _machine(host)
    facts = known.if_known.backends.get(backend.key)
    said = facts.driver_said if facts else None
    if said is None:
        return
    if said.words is not drivers.DriverWords.FOUND_VERSION:
        # torch's words without a number: the runtime's "insufficient" or "too old"
        too_old = said.words is drivers.DriverWords.TOO_OLD
        yield finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=backend.key,
            variant="said" if too_old else "runtime_said",
            torch=torch.version or "",
            reinstall=known.torch_for_driver(capabilities, machine=machine)
            if too_old and params
            else None,
        )
    elif said.supports is not None and said.number is not None:
        yield finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=backend.key,
            variant=None if params else "toolkit_unknown",
            supports=said.supports,
            number=str(said.number),
            reinstall=known.torch_for_driver(
                capabilities, driver_cuda=said.supports, machine=machine
            ),
            torch=torch.version or "",
            toolkit=torch.cuda,
            floor=params.floor if params else None,
            rule=params.rule if params else None,
            branch=params.branch if params else None,
        )


@check(Section.TORCH, Section.HOST, optional=(Section.BACKENDS,))
def check_nvidia_driver(known: Known) -> Iterable[Finding]:
    driver = known.host.nvidia
    for backend in _nvidia_backends():
        yield from _driver_findings(known, backend)
        if driver is None:
            continue
        yield from _driver_drops_gpu(known, backend, driver)
        on_bus = [s for s in known.host.signals_for(backend.key) if s.kind == "pci"]
        if on_bus and driver.module_loaded is False:
            torch = known.if_known.torch
            floor = _floor(torch.cuda, driver.capabilities) if torch and torch.cuda else None
            hint = ""
            if floor is not None and torch is not None:
                hint = f" (branch R{floor.branch} or newer for torch {torch.version})"
            yield finding(
                Code.DRIVER_NOUVEAU if driver.nouveau_loaded else Code.DRIVER_MISSING,
                backend=backend.key,
                hardware=backend.hardware,
                where=on_bus[0].detail,
                branch_hint=hint,
            )


def _driver_drops_gpu(
    known: Known, backend: registry.Backend, driver: NvidiaDriver
) -> Iterable[Finding]:
    """A GPU whose generation the driver's branch does not support: older than the
    generation's first branch, or newer than its last (compat/drivers.py, each bound with
    its source). Whatever torch is installed, the kernel module refuses such a GPU."""
    version = driver.driver
    if version is None:
        return
    capabilities = _capabilities(known, backend, driver) or known.machine().capabilities
    for capability in dict.fromkeys(capabilities):
        bound = drivers.outside(version, capability)
        if bound is None:
            continue
        found, which = bound
        gpu = f"the {found.name} GPU (compute capability {capability})"
        if which is drivers.Bound.LAST:
            why = f"{found.name} GPUs are supported up to branch R{found.last_branch}"
            remedy = f"install an NVIDIA driver of branch R{found.last_branch}, the last for them"
        else:
            why = f"{found.name} GPUs need branch R{found.floor} or newer"
            remedy = f"upgrade the NVIDIA driver to branch R{found.floor} or newer"
        yield finding(Code.DRIVER_GPU_UNSUPPORTED, backend=backend.key, driver=version,
                      gpu=gpu, why=why, remedy=remedy)  # fmt: skip


@check(Section.HOST)
def check_driver_libraries(known: Known) -> Iterable[Finding]:
    """The NVIDIA kernel module against the user-space driver: the host's own, whatever torch
    is (or is not) installed."""
    driver = known.host.nvidia
    if driver is None:
        return
    for backend in _nvidia_backends():
        yield from _driver_mismatch(backend, driver)


def _driver_mismatch(backend: registry.Backend, driver: NvidiaDriver) -> Iterable[Finding]:
    """The loaded kernel module against the user-space driver (libcuda's file name, NVML),
    or NVML's own "Driver/library version mismatch" (nvidia-smi's text:
    tests/data/real/nvidia/nvidia-smi-mismatch-580.178.txt, from
    https://github.com/zzzhouuu/truenas-nvidia-drivers/issues/19; pynvml's
    NVMLError_LibRmVersionMismatch: https://github.com/wookayin/gpustat/issues/147); where
    the module's version is not shown (a pasted nvidia-smi alone), NVML's words are the
    verdict."""
    kernel = driver.kernel_module
    if kernel is None:
        said = next((t for t in (driver.nvml_error, driver.smi_error) if _mismatch(t)), None)
        if said:
            yield finding(Code.DRIVER_LIBRARY_MISMATCH, variant="said", backend=backend.key,
                          where=said)  # fmt: skip
        return
    seen = {path: drivers.library_version(path) for path in driver.libraries}
    if driver.nvml_driver:
        seen["NVML"] = driver.nvml_driver
    differing = {where: v for where, v in seen.items() if v and v != kernel}
    if differing:
        yield finding(
            Code.DRIVER_LIBRARY_MISMATCH,
            backend=backend.key,
            kernel=kernel,
            library=", ".join(sorted(set(differing.values()))),
            where=", ".join(differing),
        )
        return
    said = next((t for t in (driver.nvml_error, driver.smi_error) if _mismatch(t)), None)
    if said:
        library = re.search(r"NVML library version:\s*([\d.]+)", said)
        yield finding(
            Code.DRIVER_LIBRARY_MISMATCH,
            backend=backend.key,
            kernel=kernel,
            library=library.group(1) if library else "another version",
            where=said,
        )


def _mismatch(text: str | None) -> bool:
    return text is not None and "version mismatch" in text.lower()


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_nvidia_driver,
    check_driver_libraries,
)
