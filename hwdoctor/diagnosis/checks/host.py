"""Device numbering; where hwdoctor runs: permissions, containers, /dev/shm; the host's tools."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from hwdoctor import registry
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Known, check
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    NodeAccess,
    Placement,
    Section,
)
from hwdoctor.model.reports import Finding
from hwdoctor.units import human_bytes


@check(Section.BACKENDS, Section.ENV)
def check_device_order(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if backend.device_order_env is None or facts is None or not facts.available:
            continue
        variable, value = backend.device_order_env
        devices = facts.devices
        if len(devices) < 2 or len({d.name for d in devices}) < 2:
            continue  # one model only: every order numbers the same kind of GPU
        if known.env.get(variable, "").strip().upper() == value:
            continue
        buses = [d.pci_bus_id for d in devices]
        if all(buses) and buses == sorted(buses, key=str):
            continue  # the heuristic happened to give the bus order
        mapping = ", ".join(
            f"{backend.device}:{d.index} = {d.pci_bus_id or 'bus unknown'} {d.name}"
            for d in devices
        )
        yield finding(
            Code.DEVICE_ORDER,
            backend=backend.key,
            hardware=backend.hardware,
            count=len(devices),
            variable=variable,
            value=value,
            tool=backend.tools[0].name if backend.tools else "the vendor tool",
            mapping=mapping,
        )


def _placement_explains(known: Known, backend: registry.Backend) -> bool:
    """Whether a placement check reports this backend (so "unavailable" would repeat it)."""
    placement = known.host.placement
    if placement is None:
        return False
    return bool(
        _denied_nodes(placement, backend)
        or _container_without_nodes(known, placement, backend)
        or _hiding_value(known, backend)
    )


def _denied_nodes(placement: Placement, backend: registry.Backend) -> list[NodeAccess]:
    return [n for n in placement.nodes if n.backend == backend.key and not n.openable]


def _container_without_nodes(known: Known, placement: Placement, backend: registry.Backend) -> bool:
    signals = known.host.signals_for(backend.key)
    return (
        placement.container is not None
        and bool(backend.container_devices)
        # A backend whose nodes the scan does not look for (the Intel GPU's /dev/dri is any
        # vendor's) cannot be said to miss them.
        and bool(backend.device_nodes)
        and any(s.kind == "pci" and s.count for s in signals)
        and not any(s.kind == "device_node" for s in signals)
    )


def _hiding_value(known: Known, backend: registry.Backend) -> tuple[str, str, str] | None:
    """(variable, value, what it means) when a container variable passes no device in."""
    meanings = dict(backend.container_env_none)
    for variable in backend.container_env:
        value = known.env.get(variable, "").strip().lower()
        if value in meanings:
            return variable, value, meanings[value]
    return None


@check(Section.HOST, Section.PLACEMENT)
def check_device_access(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None:
        return
    for backend in registry.BACKENDS:
        denied = _denied_nodes(placement, backend)
        if not denied:
            continue
        joinable = sorted(
            {n.group for n in denied if n.group_can and n.group and n.group not in placement.groups}
        )
        documented = [group for group in joinable if group in backend.access_groups]
        unknown = [group for group in joinable if group not in backend.access_groups]
        nodes = ", ".join(n.path for n in denied[:4]) + (" …" if len(denied) > 4 else "")
        yield finding(
            Code.NODE_DENIED,
            backend=backend.key,
            variant=None if documented else "unknown_group" if unknown else "no_group",
            hardware=backend.hardware,
            nodes=nodes,
            named_groups=" and ".join(joinable),
            groups=",".join(documented),
            group=documented[0] if documented else "",
            unknown_groups=" and ".join(unknown),
            listed=tuple(n.path for n in denied[:4] if is_device_path(n.path)),
        )


# A device node as `ls -l` may be told to list it: under /dev, each part letters, digits,
# `_`, `.`, `-` and not `.` or `..` (/dev/kfd, /dev/dri/renderD128, /dev/mtgpu.0). A path from
# an evidence file that is anything else is left out of the command.
_DEVICE_PATH: Final = re.compile(r"/dev(?:/(?!\.\.?(?:/|$))[A-Za-z0-9_.-]{1,64}){1,4}")


def is_device_path(path: str) -> bool:
    return _DEVICE_PATH.fullmatch(path) is not None


@check(Section.HOST, Section.PLACEMENT, Section.ENV)
def check_container(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None or placement.container is None:
        return
    for backend in registry.BACKENDS:
        if not known.hardware_present(backend) or backend.query.kind is registry.QueryKind.CPU:
            continue
        hiding = _hiding_value(known, backend)
        if hiding:
            variable, value, meaning = hiding
            yield finding(
                Code.CONTAINER_HIDES,
                backend=backend.key,
                hardware=backend.hardware,
                where=known.hardware_detail(backend),
                variable=variable,
                value=value,
                meaning=meaning,
            )
        elif _container_without_nodes(known, placement, backend):
            yield finding(
                Code.CONTAINER_NO_DEVICE,
                backend=backend.key,
                hardware=backend.hardware,
                where=known.hardware_detail(backend),
                container=placement.container,
                flags=backend.container_devices,
            )


# NCCL's troubleshooting guide (https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/
# troubleshooting.html, "Docker"): NCCL's shared-memory transport lives in /dev/shm, which
# Docker limits to 64 MB by default (docker run --shm-size); it recommends --shm-size=1g.
_SHM_ENOUGH: Final = 1 << 30


@check(Section.HOST, Section.PLACEMENT, Section.BACKENDS)
def check_shared_memory(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None or placement.container is None or placement.shm_bytes is None:
        return
    if placement.shm_bytes >= _SHM_ENOUGH:
        return
    for backend in registry.BACKENDS:
        if backend.collective != "nccl":
            continue
        facts = known.backends.get(backend.key)
        count = max(
            known.host.device_count_for(backend.key) or 0,
            facts.device_count if facts is not None and facts.available else 0,
        )
        if count >= 2:
            yield finding(
                Code.SHM_SMALL,
                backend=backend.key,
                hardware=backend.hardware,
                count=count,
                size=human_bytes(placement.shm_bytes),
                container=placement.container,
            )
            return


@check(Section.TOOLS)
def check_tools(known: Known) -> Iterable[Finding]:
    for problem in known.tool_problems:
        backend = registry.BY_KEY.get(problem.backend)
        yield finding(
            Code.TOOL_FAILED,
            backend=problem.backend,
            tool=problem.tool,
            problem=problem.message,
            hardware=backend.hardware if backend else None,
            hardware_remedy=backend.hardware_remedy if backend else None,
        )


# s4-newbie: a launch-blocking debug variable left set. Each backend's variable that makes
# every kernel launch wait for the kernel to finish, where its vendor documents it as a
# debugging switch that costs speed:
# - CUDA: CUDA_LAUNCH_BLOCKING=1, "provided for debugging purposes only" (CUDA C++
#   Programming Guide, "Concurrent Execution between Host and Device",
#   https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#concurrent-execution-between-host-and-device);
#   torch's own error suffix suggests it ("For debugging consider passing
#   CUDA_LAUNCH_BLOCKING=1", c10/cuda/CUDAMiscFunctions.cpp), so it is left set by accident
#   (ByteDance-Seed/VeOmni#115, k2-fsa/icefall#554, OpenRLHF/OpenRLHF#46).
# - Ascend: ASCEND_LAUNCH_BLOCKING=1 runs operators synchronously and "会导致性能下降"
#   (performance drops; torch_npu's environment variables,
#   https://www.hiascend.com/document/detail/zh/Pytorch/600/apiref/Envvariables/Envir_006.html).
_LAUNCH_BLOCKING: Final = (
    (registry.key_of_tool("nvidia-smi"), "CUDA_LAUNCH_BLOCKING"),
    (registry.key_of_tool("npu-smi"), "ASCEND_LAUNCH_BLOCKING"),
)


@check(Section.BACKENDS, Section.ENV)
def check_launch_blocking(known: Known) -> Iterable[Finding]:
    for key, variable in _LAUNCH_BLOCKING:
        facts = known.backends.get(key)
        if facts is None or not facts.available:
            continue  # no device of it in use here: the variable changes nothing
        value = known.env.get(variable, "").strip()
        if value != "1":
            continue
        yield finding(
            Code.LAUNCH_BLOCKING,
            backend=key,
            hardware=registry.BY_KEY[key].hardware,
            variable=variable,
            value=value,
        )


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_device_order,
    check_device_access,
    check_container,
    check_shared_memory,
    check_tools,
    check_launch_blocking,  # s4-newbie
)
