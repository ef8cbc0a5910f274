"""The kernel log's Xid events and the GPUs' health counters."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Literal, TypedDict

from hwdoctor.compat import xid
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Known, check
from hwdoctor.diagnosis.checks.hardware import _NVIDIA
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    Section,
    XidKind,
)
from hwdoctor.model.reports import Finding

_XID_CODES: Final[
    Mapping[
        xid.Action,
        Literal[
            Code.GPU_XID_RECORDED,
            Code.GPU_XID_RESTART_APP,
            Code.GPU_XID_RESET,
            Code.GPU_XID_REBOOT,
            Code.GPU_XID_SERVICE,
        ],
    ]
] = {
    xid.Action.NONE: Code.GPU_XID_RECORDED,
    xid.Action.RESTART_APP: Code.GPU_XID_RESTART_APP,
    xid.Action.RESET_GPU: Code.GPU_XID_RESET,
    xid.Action.REBOOT: Code.GPU_XID_REBOOT,
    xid.Action.SERVICE: Code.GPU_XID_SERVICE,
}


class _Gpu(TypedDict):
    """The parameters every health finding of one GPU carries (typed for `finding`)."""

    backend: str
    device: str
    name: str
    bus_id: str


def _bus_id(device: str) -> str:
    """nvidia-smi's -i takes a PCI bus id with its function: 0000:3b:00 → 0000:3b:00.0."""
    return device if "." in device else f"{device}.0"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


@check(Section.HOST)
def check_kernel_log(known: Known) -> Iterable[Finding]:
    log = known.host.kernel_log
    if log is None:
        return  # not looked at: no NVIDIA GPU, or evidence from before format 1.5
    if not log.read:
        yield finding(Code.GPU_KERNEL_LOG_UNREAD, backend=_NVIDIA, problem=log.problem)
        return
    for event in log.events:
        if event.kind is XidKind.SXID:
            if xid.sxid_action(event.fatal) is xid.Action.NONE:
                continue
            yield finding(Code.GPU_SXID_FATAL, backend=_NVIDIA, evidence=event.line,
                          device=event.device, xid=event.code,
                          times=_times(event.count))  # fmt: skip
            continue
        row = xid.row(event.code)
        yield finding(
            _XID_CODES[row.action],
            backend=_NVIDIA,
            evidence=event.line,
            device=event.device,
            xid=event.code,
            meaning=row.meaning,
            times=_times(event.count),
            bus_id=_bus_id(event.device),
            catalogue=f"NVIDIA's bucket {row.bucket}, {xid.CATALOGUE_URL}",
        )


@check(Section.HOST)
def check_gpu_health(known: Known) -> Iterable[Finding]:
    driver = known.host.nvidia
    for gpu in driver.health if driver is not None else ():
        device = gpu.pci_bus_id or str(gpu.index)
        common: _Gpu = {"backend": _NVIDIA, "device": device, "name": gpu.name or "unnamed",
                  "bus_id": gpu.pci_bus_id or str(gpu.index)}  # fmt: skip
        if gpu.ecc_volatile_uncorrected:
            yield finding(Code.GPU_ECC_UNCORRECTED, volatile=gpu.ecc_volatile_uncorrected,
                          aggregate=gpu.ecc_aggregate_uncorrected, **common)  # fmt: skip
        if gpu.remap_failed:
            yield finding(Code.GPU_REMAP_FAILED, **common)
        elif gpu.remap_pending:
            yield finding(Code.GPU_REMAP_PENDING, uncorrectable=gpu.remapped_uncorrectable,
                          **common)  # fmt: skip
        if gpu.retired_pages_pending:
            yield finding(Code.GPU_RETIREMENT_PENDING, **common)
        if gpu.nvlinks_down:
            yield finding(Code.GPU_NVLINK_DOWN, links=", ".join(map(str, gpu.nvlinks_down)),
                          up=gpu.nvlinks_up or 0, **common)  # fmt: skip
        if gpu.throttle:
            yield finding(Code.GPU_THROTTLED, reasons=", ".join(r.replace("_", " ")
                                                                 for r in gpu.throttle),
                          **common)  # fmt: skip


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_kernel_log,
    check_gpu_health,
)
