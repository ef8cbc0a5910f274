"""The devices each backend found, hid or has no code for."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Final, Literal, TypedDict

from hwdoctor import registry
from hwdoctor.compat import kernels, rocm_gpus, visibility, wheels
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Install, Known, check
from hwdoctor.diagnosis.checks.driver import _machine
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    BackendFacts,
    Device,
    Section,
)
from hwdoctor.model.reports import Finding
from hwdoctor.shell import Shell
from hwdoctor.text import clip, one_line


@check(Section.TORCH, Section.BACKENDS, Section.HOST)
def check_package_without_hardware(known: Known) -> Iterable[Finding]:
    """A vendor package installed where its hardware is not: a warning, not an error (a CI
    image built for several machines carries them all); `--require` makes it fail."""
    if not known.torch.importable:
        return
    for backend in known.all_backends():
        facts = known.backends.get(backend.key)
        if (
            facts is None
            or backend.module is None
            or backend.runs_on  # a compiler stack: its hardware is another row's
            or not facts.installed
            or not facts.probed
            or facts.importable is False
            or facts.available
            or facts.query_error is not None
            or known.hardware_present(backend)
        ):
            continue
        yield finding(
            Code.PACKAGE_WITHOUT_HARDWARE,
            backend=backend.key,
            evidence=facts.refusal.one_line(1000) if facts.refusal else None,
            variant="refused" if facts.refusal else None,
            package=backend.package,
            version=facts.version,
            hardware=backend.hardware,
            answer=_no_device_answer(backend, facts),
            module=backend.query.module or backend.module,
            uninstall=remedies.pip(known.way, "uninstall", "-y", backend.dists[0])
            if backend.dists
            else None,
            hardware_remedy=backend.hardware_remedy,
        )


def _no_device_answer(backend: registry.Backend, facts: BackendFacts) -> str:
    """Who said there is no device: the device module, or torch.accelerator in its place."""
    if facts.answered_by:
        return f"{facts.answered_by}.is_available() is False"
    if not backend.pci and not backend.device_nodes and not backend.tools:
        return f"{backend.query.module or backend.module}.is_available() is False"
    return "no hardware found on this host"


@check(Section.BACKENDS, Section.HOST, Section.ENV)
def check_hidden_devices(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        yield from _hidden(known, backend)


def _hidden(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    facts = known.backends.get(backend.key)
    set_vars = [name for name in backend.visibility_env if name in known.env]
    present = known.host.device_count_for(backend.key)
    if facts is None or not set_vars or present is None or not facts.probed:
        return
    if facts.importable is False or (backend.query.build and facts.reason == "build"):
        return
    if facts.device_count < present:
        yield finding(
            Code.DEVICES_HIDDEN,
            backend=backend.key,
            present=present,
            hardware=backend.hardware,
            visible=facts.device_count,
            variables=", ".join(f"{name}={known.env[name]!r}" for name in set_vars),
            variable=set_vars[0],
            indices=",".join(str(index) for index in range(present)),
        )


@check(Section.BACKENDS, Section.ENV, optional=(Section.HOST,))
def check_visibility_mask(known: Known) -> Iterable[Finding]:
    """torch sees no device, and a visibility variable lets none through on a machine with
    few enough of them (`compat.visibility`), or the runtime refused the variable. Only where
    the host's count is not known (a pasted report without the GPU list; hardware seen but
    not counted): where it is, check_hidden_devices compares the counts."""
    for backend in registry.BACKENDS:
        yield from _masked(known, backend)


def _masked(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    facts = known.backends.get(backend.key)
    if facts is None or not facts.probed or facts.device_count or facts.importable is False:
        return
    if backend.query.build and facts.reason == "build":
        return
    host = known.if_known.host
    if host is not None and (
        not host.signals_for(backend.key) or host.device_count_for(backend.key) is not None
    ):
        return
    lister = " ".join(backend.tools[0].argv) if backend.tools else ""
    refused = facts.mask_refused
    set_vars = [name for name in backend.visibility_env if name in known.env]
    if refused and set_vars:
        value = known.env[set_vars[0]]
        ascending = sorted(dict.fromkeys(value.split(",")), key=_index_order)
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key, variant="refused",
            hardware=backend.hardware, variable=set_vars[0], shown=repr(value), said=refused,
            ascending=",".join(ascending), lister=lister,
        )  # fmt: skip
        return
    mask = visibility.hiding(backend, known.env)
    if mask is not None and mask.after is not None:
        first, first_value, left = mask.after
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key, variant="after",
            hardware=backend.hardware, variable=mask.variable, shown=repr(mask.value),
            first=first, first_shown=repr(first_value), left=left, up_to=0, lister=lister,
        )  # fmt: skip
    elif mask is not None:
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key,
            variant="none" if mask.hides_up_to == 0 else None,
            hardware=backend.hardware, variable=mask.variable, shown=repr(mask.value),
            up_to=mask.hides_up_to, lister=lister,
        )  # fmt: skip


def _index_order(entry: str) -> tuple[int, str]:
    """An index in ASCII digits first, by number (`'²'.isdigit()` is True and int() refuses
    it: the check was an internal error); anything else after, as written."""
    entry = entry.strip()
    return (int(entry), "") if _INDEX.fullmatch(entry) else (1 << 30, entry)


_INDEX: Final = re.compile(r"[0-9]{1,9}")


@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_arch_compiled(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if facts is None or not facts.arch_list:
            continue
        for label, device in models(backend.device, facts.devices):
            if device.capability:
                yield from _kernel_findings(
                    known, backend, facts, label, device.name, device.capability
                )


def models(device_type: str, found: Sequence[Device]) -> list[tuple[str, Device]]:
    """The devices grouped by model (name and architecture), each group once with a label
    for all of it: eight alike GPUs are one finding, not eight, and a paste that lists a
    thousand costs what one does. "cuda:0", "cuda:0–7", "cuda:1, cuda:3"."""
    groups: dict[tuple[str | None, str | None], list[Device]] = {}
    for device in found:
        groups.setdefault((device.name, device.capability), []).append(device)
    return [(_indices_label(device_type, [d.index for d in alike]), alike[0])
            for alike in groups.values()]  # fmt: skip


def _indices_label(device_type: str, indices: Sequence[int]) -> str:
    ordered = sorted(dict.fromkeys(indices))
    if len(ordered) == 1:
        return f"{device_type}:{ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{device_type}:{ordered[0]}–{ordered[-1]}"
    if len(ordered) <= 4:
        return ", ".join(f"{device_type}:{index}" for index in ordered)
    return f"{len(ordered)} devices from {device_type}:{ordered[0]} to {device_type}:{ordered[-1]}"


def _nvidia_code(releases: Iterable[wheels.Release], *, ptx: bool = False) -> tuple[str, ...]:
    """The NVIDIA code the published wheels of `releases` carry (compat.wheels): their
    cubins, and with `ptx` their PTX too."""
    return tuple(
        arch
        for release in releases
        for variant in release.variants
        for _, archs in variant.archs
        for arch in (*archs.cubins, *((archs.ptx or ()) if ptx else ()))
        if arch.startswith(("sm_", "compute_"))
    )


@functools.cache
def _every_cuda_arch() -> tuple[str, ...]:
    """The NVIDIA code of every published wheel compat.wheels lists (back to torch 1.0)."""
    return _nvidia_code(wheels.RELEASES, ptx=True)


class _Gpu(TypedDict):
    """What the findings of a GPU without kernels carry (typed for `finding`)."""

    device: str
    name: str
    torch: str
    compiled: str


_ArchVariant = Literal["none", "older", "tegra"]


def _arch_variant(capability: str, variant: _ArchVariant | None) -> _ArchVariant | None:
    """The remedy's variant for a GPU without kernels: "none" where no published torch wheel
    ever carried code for it (torch 1.0's CUDA 8.0 build starts at sm_20; a GeForce 210 is
    1.2), so no build is offered; else `variant`."""
    below = kernels.verdict(capability, _every_cuda_arch()).direction is kernels.Direction.OLDER
    return "none" if below else variant


def _below_every_build(capability: str) -> bool:
    """Whether a GPU is older than every wheel of the newest release carries code for (by
    the published arch lists of compat.wheels): then the way is an older torch release."""
    newest = _nvidia_code(wheels.RELEASES[:1])
    return kernels.verdict(capability, newest).direction is kernels.Direction.OLDER


@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_torch_said_no_code(known: Known) -> Iterable[Finding]:
    """torch's own word that it has no code for a GPU, where the compiled list is not known
    (a pasted "too old" warning, CUDA's "no kernel image", HIP's "invalid device
    function"): the GPU's architecture, and the way to a build that has code for it."""
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        said = facts.no_code if facts else None
        if facts is None or said is None or facts.arch_list:
            continue
        targets = [
            (label, d.name, d.capability) for label, d in models(backend.device, facts.devices)
        ]
        if not facts.devices and known.if_known.host and known.if_known.host.gfx_targets:
            targets = [(f"GPU {i}", backend.hardware, gfx)
                       for i, gfx in enumerate(known.if_known.host.gfx_targets)]  # fmt: skip
        for device, name, capability in targets:
            if not capability:
                continue
            verdict = kernels.verdict(capability, (), cuda=known.torch.cuda)
            common: _Gpu = {"device": device, "name": name or backend.hardware,
                      "torch": known.torch.version or "(version not shown)",
                      "compiled": f"not shown; the paste says: {clip(one_line(said.quote), 90)}",
                      }  # fmt: skip
            if verdict.direction is kernels.Direction.GFX and (
                system := _system_rocblas(known, said.quote)
            ):
                yield _system_gfx_finding(backend, capability, system, common)
                continue
            if verdict.direction is kernels.Direction.GFX:
                # The build's list is not shown: the override is offered only towards a
                # target every known ROCm wheel carries.
                family = kernels.verdict(capability, wheels.always_carried_gfx())
                yield _gfx_finding(known, backend, family, common)
                continue
            older = said.older or _below_every_build(capability)
            yield finding(
                Code.ARCH_NOT_COMPILED,
                backend=backend.key,
                variant=_arch_variant(capability, "older" if older else None),
                arch=verdict.device_arch,
                reinstall=_torch_for_gpus(known, (capability,), None),
                **common,
            )


# issue 38 (s21-rocmadvice): the directory rocBLAS's "Cannot read <dir>/TensileLibrary.dat:
# … for GPU arch : gfx…" names (ROCm/rocBLAS library/src/tensile_host.cpp, rocm-6.3.3: the
# library path is the ROCBLAS_TENSILE_LIBPATH or the directory of librocblas.so itself) is
# that of the rocBLAS that failed: the system ROCm's under /opt/rocm (AMD's packages,
# rocm-install-on-linux) or a distribution's /usr/lib, torch's own under …/torch/lib/rocblas
# (a ROCm wheel bundles it: ROCm/rocBLAS#1339, "Cannot read …/site-packages/torch/lib/rocblas/
# library/TensileLibrary.dat"). Only torch's own is changed by installing torch.
_ROCBLAS_DIR: Final = re.compile(r"(?:/opt/rocm|/usr/lib)[^\s:'\"]{0,200}/rocblas/")


def _system_rocblas(known: Known, said: str) -> str:
    """The system ROCm's rocBLAS directory the pasted line names (Linux), or ""."""
    found = _ROCBLAS_DIR.search(said)
    if found is None or "/torch/" in found.group(0) or known.on_windows():
        return ""
    return found.group(0)


def _system_gfx_finding(
    backend: registry.Backend, gfx: str, directory: str, common: _Gpu
) -> Finding:
    """A system ROCm's rocBLAS without kernels for the GPU: a ROCm release whose list carries
    the target (compat/rocm_gpus.py), else the override of a listed sibling, else a build for
    it; no torch wheel (it bundles a rocBLAS of its own, which the program did not load)."""
    first = rocm_gpus.first_after(gfx, (0, 0))
    sibling = rocm_gpus.override(gfx)
    said = common.copy()
    said["compiled"] = f"{clip(directory, 60)} has no TensileLibrary for {gfx}"
    variant: Literal["system", "system_override", "system_none"] = (
        "system" if first else "system_override" if sibling else "system_none"
    )
    return finding(
        Code.GFX_NOT_COMPILED,
        backend=backend.key,
        variant=variant,
        gfx=gfx,
        first=first or "",
        newest=rocm_gpus.NEWEST.last_name,
        target=sibling.override_target if sibling else "",
        override=sibling.override_value if sibling else "",
        install=Shell(),
        **said,
    )


@check(Section.TORCH, Section.BACKENDS, Section.HOST)
def check_gfx_on_host(known: Known) -> Iterable[Finding]:
    """Without a usable device in torch, the gfx targets of the host's KFD topology
    against the ROCm build's compiled list (which the probe reads without a device too)."""
    targets = known.host.gfx_targets
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if not targets or facts is None or facts.devices or not facts.arch_list:
            continue
        if not all(kernels.gfx_version(arch) for arch in facts.arch_list):
            continue  # not a ROCm build's list
        alike: dict[str, list[int]] = {}
        for index, gfx in enumerate(targets):
            alike.setdefault(gfx, []).append(index)
        for gfx, indices in alike.items():
            label = f"{_indices_label('GPU', indices).replace('GPU:', 'GPU ')} of the KFD topology"
            yield from _kernel_findings(known, backend, facts, label, backend.hardware, gfx)


def _kernel_findings(
    known: Known,
    backend: registry.Backend,
    facts: BackendFacts,
    device: str,
    name: str | None,
    capability: str,
) -> Iterable[Finding]:
    """What the compiled list means for one GPU (`kernels.verdict`): nothing when a cubin
    or code object serves it; the JIT's cost and condition when only PTX does; the way to a
    build that runs when nothing does."""
    cuda = known.torch.cuda
    verdict = kernels.verdict(capability, facts.arch_list, cuda=cuda)
    common: _Gpu = {
        "device": device,
        "name": name or backend.hardware,
        "torch": known.torch.version or "(version not shown)",
        "compiled": " ".join(facts.arch_list),
    }
    if verdict.route is kernels.Route.PTX_JIT:
        yield finding(
            Code.KERNELS_BY_PTX_JIT,
            backend=backend.key,
            arch=verdict.device_arch,
            ptx=verdict.served_by,
            cuda=cuda or "of the build",
            **common,
        )
    elif verdict.route is kernels.Route.NONE and verdict.direction is kernels.Direction.GFX:
        yield _gfx_finding(known, backend, verdict, common)
    elif verdict.route is kernels.Route.NONE:
        # The way to a build that runs: in words by direction, and as the pip line of the
        # release and index compat.wheels shows to run on every GPU here and on the driver.
        direction = verdict.direction
        capabilities = tuple(dict.fromkeys(d.capability for d in facts.devices if d.capability))
        capabilities = capabilities or (capability,)
        yield finding(
            Code.ARCH_NOT_COMPILED,
            backend=backend.key,
            variant=_arch_variant(
                capability,
                "older"
                if direction is kernels.Direction.OLDER
                else "tegra"
                if direction is kernels.Direction.TEGRA
                else None,  # a newer GPU: the entry's own sentences (GFX went above)
            ),
            arch=verdict.device_arch,
            # Without the driver's own word, a device torch could use proves the driver runs
            # the build's CUDA: a floor, so newer majors are not offered.
            reinstall=_torch_for_gpus(
                known, capabilities, known.torch.cuda if facts.available else None
            ),
            **common,
        )


def _gfx_finding(
    known: Known, backend: registry.Backend, verdict: kernels.Verdict, common: _Gpu
) -> Finding:
    """An AMD GPU without code objects: the ROCm build whose list carries its target, or,
    where no ROCm wheel of torch does, that said; the family override as a workaround."""
    install: Install
    variant: Literal["windows", "override", "none_override", "none"] | None
    if known.on_windows():
        # Where the Windows builds come from, in words: no pip line for the Linux wheels,
        # and no HSA_OVERRIDE_GFX_VERSION (Linux only).
        install, variant = known.install(backend, replace=True), "windows"
    else:
        line, none_carries = known.torch_for_gfx(
            (verdict.device_arch,), machine=_machine(known.if_known.host)
        )
        install = {"install": line} if line else known.install(backend, replace=True)
        variant = "override" if verdict.override_value else None
        if none_carries:
            install = {"install": Shell()}
            variant = "none_override" if verdict.override_value else "none"
    return finding(
        Code.GFX_NOT_COMPILED,
        backend=backend.key,
        variant=variant,
        gfx=verdict.device_arch,
        target=verdict.override_target,
        override=verdict.override_value,
        **install,
        **common,
    )


def _torch_for_gpus(known: Known, capabilities: tuple[str, ...], proven_cuda: str | None) -> Shell:
    """The pip line of a torch build with code for these GPUs that the driver runs."""
    nvidia = known.if_known.host.nvidia if known.if_known.host else None
    return known.torch_for_driver(
        capabilities,
        driver=nvidia.driver if nvidia else None,
        driver_cuda=(nvidia.nvml_cuda or nvidia.smi_cuda if nvidia else None) or proven_cuda,
        machine=_machine(known.if_known.host),
    )


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_package_without_hardware,
    check_hidden_devices,
    check_visibility_mask,
    check_arch_compiled,
    check_torch_said_no_code,
    check_gfx_on_host,
)
