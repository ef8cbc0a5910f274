"""NVIDIA's Xid catalogue as data, and the action ladder each event maps to.

The kernel driver logs every GPU fault it handles as an Xid ("NVRM: Xid (PCI:0000:3b:00):
79, ...") and every NVSwitch fault as an SXid. NVIDIA's catalogue gives each Xid a
resolution bucket, the immediate action (https://docs.nvidia.com/deploy/xid-errors/
analyzing-xid-catalog.html, "Resolution Bucket (Immediate Action)"); the rows are kept in
`xid_catalogue.txt` beside this file, copied from NVIDIA's own health monitor (its header
names the commit). Each bucket maps to one step of the ladder NVIDIA Health Validation
uses for its Xid checks (https://docs.nvidia.com/health-validation/reference/checks/xid.md:
"drain: reset_gpu → service_required", restart_os): restart the application, reset the
GPU, reboot the node, drain it and send the GPU for service. `worst` orders actions, so a
node's (or a fleet's) most urgent one is one call.

What each row means, in words, is NVIDIA's catalogue description where hwdoctor read it
(the rows of `MEANINGS`); the other rows are named by their mnemonic.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Final

CATALOGUE_URL: Final = "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html"


class Action(str, Enum):
    """The action ladder, least to most disruptive; the values are what reports carry."""

    NONE = "none"  # recorded for information: nothing to do
    RESTART_APP = "restart_app"  # the application that hit it must restart
    RESET_GPU = "reset_gpu"  # reset the GPU (nvidia-smi --gpu-reset) after draining it
    REBOOT = "reboot"  # reboot the node
    SERVICE = "service"  # drain the node and send the GPU for service (RMA, support)

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK: Final = {action: index for index, action in enumerate(Action)}


def worst(actions: Iterable[Action]) -> Action:
    """The most disruptive of `actions` (NONE for none): what a node needs first."""
    return max(actions, key=lambda action: action.rank, default=Action.NONE)


# NVIDIA's buckets → the ladder. The workflows: Xid 48 (a double-bit ECC error) and 74
# (NVLink) "A GPU reset or node reboot is needed to clear this error" (catalogue rows 48,
# 74); Xid 45 is preemptive cleanup after another error or a killed application ("Not
# Solo: IGNORE (follow other Xid)"); RESTART_BM/RESTART_VM reboot the machine; the
# buckets that ask for NVIDIA or the hardware vendor (UNEXPECTED_ERR_REPORT_ISSUE,
# CONTACT_SUPPORT, CHECK_MECHANICALS, UPDATE_SWFW) drain the node for service. Xid 154
# "summarises the recovery action required for other Xids": it adds none of its own.
BUCKETS: Final = {
    "IGNORE": Action.NONE,
    "XID_154": Action.NONE,
    "RESTART_APP": Action.RESTART_APP,
    "WORKFLOW_XID_45": Action.RESTART_APP,
    "CHECK_UVM": Action.RESTART_APP,
    "RESET_GPU": Action.RESET_GPU,
    "WORKFLOW_XID_48": Action.RESET_GPU,
    "WORKFLOW_NVLINK_ERR": Action.RESET_GPU,
    "WORKFLOW_NVLINK5_ERR": Action.RESET_GPU,
    "RESTART_BM": Action.REBOOT,
    "RESTART_VM": Action.REBOOT,
    "UNEXPECTED_ERR_REPORT_ISSUE": Action.SERVICE,
    "CONTACT_SUPPORT": Action.SERVICE,
    "CHECK_MECHANICALS": Action.SERVICE,
    "UPDATE_SWFW": Action.SERVICE,
}

# NVIDIA's descriptions of the rows most seen on training machines (the catalogue's
# "Description" column, as read on its page).
MEANINGS: Final = {
    8: "GPU stopped processing",
    13: "Graphics Engine Exception: usually an application fault (an out-of-bounds access)",
    31: "GPU memory page fault: usually an application's illegal address access",
    32: "Invalid or corrupted push buffer stream (PCI quality, not the application)",
    43: "GPU stopped processing: an application hit a software-induced fault; the GPU "
    "remains healthy",
    45: "Preemptive cleanup, due to previous errors (or the application was killed)",
    46: "GPU stopped processing",
    48: "Double Bit ECC Error: an uncorrectable memory error",
    61: "Internal micro-controller breakpoint/warning",
    62: "Internal micro-controller halt",
    63: "ECC page retirement or row remapping recording event",
    64: "ECC page retirement or row remapping recording failure",
    69: "Graphics Engine class error",
    74: "NVLink error (the link, or the device at its remote end)",
    79: "GPU has fallen off the bus",
    92: "High single-bit ECC error rate",
    94: "Contained memory error: only the application that hit it is affected",
    95: "Uncontained memory error: every application on the GPU is affected",
    109: "Context switch timeout",
    119: "GSP RPC timeout",
    120: "GSP error",
    140: "ECC unrecovered error",
    143: "GPU initialization failure",
    154: "GPU recovery action changed",
}


@dataclass(frozen=True, slots=True)
class Row:
    code: int
    mnemonic: str
    bucket: str  # NVIDIA's resolution bucket, as the catalogue spells it
    fatal: bool

    @property
    def action(self) -> Action:
        return BUCKETS.get(self.bucket, Action.SERVICE)

    @property
    def meaning(self) -> str:
        return MEANINGS.get(self.code) or self.mnemonic.replace("_", " ").lower() or "unnamed"


@functools.cache
def catalogue() -> dict[int, Row]:
    """Every row of `xid_catalogue.txt`, by code."""
    rows: dict[int, Row] = {}
    text = (Path(__file__).parent / "xid_catalogue.txt").read_text("utf-8")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        code, mnemonic, bucket, fatal = line.split(",")
        rows[int(code)] = Row(int(code), mnemonic.strip(), bucket.strip(), fatal == "FATAL")
    return rows


def row(code: int) -> Row:
    """The catalogue's row for `code`; a code it does not list (newer than this copy) is
    what NVIDIA says of its unused codes: contact support."""
    return catalogue().get(code) or Row(code, "", "CONTACT_SUPPORT", True)


def sxid_action(fatal: bool | None) -> Action:
    """An NVSwitch SXid by the severity the driver prints on its line ("Fatal" or
    "Non-fatal"): NVIDIA's SXid mapping gives the fatal ones a fabric or GPU reset (or a
    report to NVIDIA) and ignores the non-fatal ones (NVIDIA/NVSentinel@6f8b0fcf
    distros/kubernetes/nvsentinel/charts/nvswitch-health-monitor/sxiderrorsmapping.csv:
    RESET_FABRIC, RESET_GPU, WORKFLOW_NVLINK_POTENTIALY_FATAL_ERR for FATAL rows, IGNORE
    for NONFATAL ones). A fabric reset takes the node's GPUs with it: reboot."""
    return Action.REBOOT if fatal else Action.NONE
