"""A fleet's evidence, node by node, grouped by configuration: the odd nodes named first.

Each node is diagnosed as `hwdoctor detect --from ITS_FILE` would diagnose it, with
`--require` judged on that node. Nodes that share a configuration record (see
`gather.fleet`) share its diagnosis: the checks read nothing a node has on its own, so only
the requirements, which read free memory, are judged on each node's own facts.

A node is named by its file: a directory holds one file of a name, while any file can
claim any host name inside. Where the claim is not the file's name (nor `{host}-N`, the
file of a rank or of a job array's task), the report says both, `gpu07 (claims gpu12)`.
`--expect` names the nodes that should have written a file; those that did not are a
finding of their own.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, Literal

from hwdoctor import files, hosts, registry
from hwdoctor.compat import pci, xid
from hwdoctor.compat.xid import Action
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.findings import finding
from hwdoctor.diagnosis.machine import detect as diagnose
from hwdoctor.diagnosis.machine import judged
from hwdoctor.model.facts import Evidence, HostFacts
from hwdoctor.model.fleet import Fleet, NodeEvidence
from hwdoctor.model.reports import (
    Configuration,
    DetectReport,
    Finding,
    FleetGroup,
    FleetNode,
    FleetReport,
    Requirement,
    UnreadableFile,
)
from hwdoctor.text import valid_text

# How many host ranges a finding's sentence names before "and N more".
MAX_HOST_RANGES = 20
# The longest host list a remedy's command carries (`scontrol show node LIST`).
MAX_COMMAND_HOSTS = 2000
# A file named for its host with a number after it: `{host}-{rank}.json`, or a job array's
# `{host}-$SLURM_ARRAY_TASK_ID.json` (tests/data/fleet). ASCII digits only.
_NUMBERED_FILE = re.compile(r"-[0-9]{1,18}", re.ASCII)


def report(
    fleet: Fleet,
    *,
    require: Sequence[Requirement] = (),
    strict: bool = False,
    expected: Sequence[str] | None = None,
) -> FleetReport:
    """The fleet report of `fleet`'s nodes; `expected`: the names of every node that should
    have written a file (`--expect`, expanded)."""
    bases: dict[int, DetectReport] = {}
    diagnosed: list[tuple[FleetNode, Configuration]] = []
    for read in fleet.nodes:
        base = bases.get(read.configuration)
        if base is None:
            base = bases[read.configuration] = diagnose(read.evidence, strict=strict)
        mine = judged(_with_own_facts(base, read.evidence), read.evidence, require)
        diagnosed.append((_node(read, mine), configuration(mine)))
    members: dict[Configuration, list[FleetNode]] = {}
    for node, config in diagnosed:
        members.setdefault(config, []).append(node)
    ordered = sorted(
        members.items(), key=lambda item: (-len(item[1]), hosts.sort_key(item[1][0].label))
    )
    largest = ordered[0][0] if ordered else None
    groups: list[FleetGroup] = []
    nodes: list[FleetNode] = []
    for number, (config, group_nodes) in enumerate(ordered, 1):
        named = sorted(
            (dataclasses.replace(n, group=number) for n in group_nodes),
            key=lambda n: hosts.sort_key(n.label),
        )
        nodes += named
        groups.append(FleetGroup(
            number=number, configuration=config, hosts=tuple(n.host for n in named),
            findings=named[0].findings,
            differs=_differs(config, largest) if largest is not None else (),
        ))  # fmt: skip
    nodes.sort(key=lambda n: (n.group == 1, n.group, hosts.sort_key(n.label)))
    missing = _not_reported(fleet, expected) if expected is not None else ()
    return FleetReport(
        directory=fleet.directory,
        groups=tuple(groups),
        nodes=tuple(nodes),
        unreadable=tuple(UnreadableFile(valid_text(u.file), u.reason) for u in fleet.unreadable),
        findings=tuple(_fleet_findings(fleet, groups, nodes, expected, missing)),
        required=tuple(require),
        strict=strict,
        expected=None if expected is None else len(expected),
        not_reported=missing,
        not_read=tuple(valid_text(name) for name in fleet.not_read),
    )


def _on_the_bus(host: HostFacts, backend: str) -> list[str]:
    """A backend's GPUs that torch does not use but the host scan found on the PCI bus, named
    as single-machine detect names them (the PCI ID database's products: "10de:2330" →
    "H100 SXM5 80GB"): an accelerator present is never "no accelerator"."""
    shown = []
    for signal in host.signals_for(backend):
        if signal.kind != "pci" or not signal.count:
            continue
        names = []
        for pci_id in signal.pci_ids:
            vendor, _, device = pci_id.partition(":")
            names.append(" / ".join(pci.products(vendor, device)) or pci_id)
        # evidence saved before the scan kept the ids apart: the scan's own words
        said = f"{signal.count} × {', '.join(names)}" if names else signal.detail
        shown.append(f"{said} (on the bus, not usable by torch)")
    return shown


def configuration(report: DetectReport) -> Configuration:
    """The facts a fleet groups nodes by, from one node's report."""
    host = report.host
    driver = None
    if host.nvidia is not None and host.nvidia.driver:
        driver = f"NVIDIA {host.nvidia.driver}"
    elif host.rocm_version:
        driver = f"ROCm {host.rocm_version}"
    devices = []
    for row in report.backends:
        if row.available and row.devices:
            names = Counter(device.name or "unknown" for device in row.devices)
            devices += [f"{count} × {name} ({row.device})" for name, count in sorted(names.items())]
        elif not row.available:
            devices += _on_the_bus(host, row.key)
    extensions = {
        row.package: row.version
        for row in report.backends
        if row.installed and registry.BY_KEY.get(row.key) and registry.BY_KEY[row.key].module
    }
    stack = {name: version for name, version in report.packages.items() if name != "torch"}
    return Configuration(
        platform=f"{host.system} {host.machine}",
        cpu=f"{host.cpu_name or 'unknown'}, {host.cpu_count or '?'} cores",
        driver=driver,
        python=report.python.version if report.python.version != "unknown" else None,
        torch=report.torch.version,
        devices=tuple(devices),
        packages=tuple(sorted({**stack, **extensions}.items())),
        findings=tuple(sorted({f.code for f in report.findings})),
        unmet=tuple(r.requirement.text for r in report.requirements if not r.met),
    )


def _with_own_facts(base: DetectReport, evidence: Evidence) -> DetectReport:
    """`base` (the diagnosis of a node of the same configuration) with this node's own host
    facts and devices, which requirements read (free memory)."""
    if evidence.host is None or base.host is evidence.host:
        return base
    own = evidence.backends or {}
    rows = tuple(
        dataclasses.replace(row, devices=own[row.key].devices)
        if row.key in own and row.devices is not own[row.key].devices and row.available
        else row
        for row in base.backends
    )
    return dataclasses.replace(base, host=evidence.host, backends=rows,
                               probe_seconds=evidence.probe_seconds)  # fmt: skip


def _node(node: NodeEvidence, report: DetectReport) -> FleetNode:
    stem = node.file.removesuffix(".json")
    claimed = _claimed(node)
    return FleetNode(
        host=hosts.shown(stem),
        claims=None if claimed is None or _agree(stem, claimed) else hosts.shown(claimed),
        file=valid_text(node.file),
        group=0,
        findings=report.findings,
        requirements=report.requirements,
        exit_code=report.exit_code,
        skipped=len(node.evidence.skipped),
    )


def _claimed(node: NodeEvidence) -> str | None:
    """The host name the node's evidence claims, if any."""
    host = node.evidence.host
    return (host.hostname if host else None) or None


def _agree(stem: str, claimed: str) -> bool:
    """Whether a file's name is what `--save-evidence` makes of the host name it claims:
    `{host}` (files.name_part: the name as a file name can hold it), or `{host}-N`."""
    own = files.name_part(claimed)
    if stem in (claimed, own):
        return True
    return stem.startswith(own) and _NUMBERED_FILE.fullmatch(stem, len(own)) is not None


def _names(node: NodeEvidence) -> Iterator[str]:
    """What `--expect` may call the node: its file's name, and where that agrees with the
    host name inside, the host name and its first label (`gpu07` of `gpu07.cluster`).
    Plain names compare without case (RFC 4343: host names are not case-sensitive)."""
    stem = node.file.removesuffix(".json")
    yield _folded(stem)
    claimed = _claimed(node)
    if claimed is not None and _agree(stem, claimed):
        yield _folded(claimed)
        yield _folded(claimed.split(".", 1)[0])


def _folded(name: str) -> str:
    return name.lower() if hosts.is_plain(name) else name


def _not_reported(fleet: Fleet, expected: Sequence[str]) -> tuple[str, ...]:
    """The expected names that no file read (or unreadable) stands for."""
    present = {name for node in fleet.nodes for name in _names(node)}
    present |= {_folded(item.file.removesuffix(".json")) for item in fleet.unreadable}
    present |= {_folded(file.removesuffix(".json")) for file in fleet.not_read}
    return tuple(name for name in expected if _folded(name) not in present)


def _differs(config: Configuration, largest: Configuration) -> tuple[tuple[str, str, str], ...]:
    if config == largest:
        return ()
    mine, theirs = dict(config.items()), dict(largest.items())
    return tuple(
        (what, mine.get(what, "not installed"), theirs.get(what, "not installed"))
        for what in dict.fromkeys([*mine, *theirs])
        if mine.get(what, "not installed") != theirs.get(what, "not installed")
    )


def _fleet_findings(
    fleet: Fleet,
    groups: Sequence[FleetGroup],
    nodes: Sequence[FleetNode],
    expected: Sequence[str] | None,
    missing: Sequence[str],
) -> list[Finding]:
    out: list[Finding] = list(_drains(nodes))
    if missing and expected is not None:
        listed = hosts.compress(hosts.shown(name) for name in missing)
        out.append(
            finding(
                Code.FLEET_NOT_REPORTED,
                hosts=hosts.compress(map(hosts.shown, missing), MAX_HOST_RANGES),
                count=len(missing),
                expected=len(expected),
                directory=fleet.directory,
                nodelist=listed if len(listed) <= MAX_COMMAND_HOSTS else "",
            )
        )
    if len(groups) > 1 and len(groups[0].hosts) == len(groups[1].hosts):
        # no configuration is the fleet's: naming some nodes odd would be a coin toss
        out.append(finding(
            Code.FLEET_NODES_DIFFER, variant="no_majority", total=len(nodes),
            configurations=len(groups), largest=len(groups[0].hosts),
        ))  # fmt: skip
    elif len(groups) > 1:
        odd = [n.label for n in nodes if n.group != 1]
        out.append(finding(
            Code.FLEET_NODES_DIFFER, odd=len(odd), total=len(nodes),
            largest=len(groups[0].hosts), hosts=hosts.compress(odd, MAX_HOST_RANGES),
        ))  # fmt: skip
    failed = [n.label for n in nodes if n.exit_code]
    if failed:
        out.append(finding(
            Code.FLEET_NODES_FAILED, count=len(failed), total=len(nodes),
            hosts=hosts.compress(failed, MAX_HOST_RANGES),
        ))  # fmt: skip
    if fleet.unreadable:
        out.append(
            finding(
                Code.FLEET_UNREADABLE,
                count=len(fleet.unreadable),
                directory=fleet.directory,
                files=_files(item.file for item in fleet.unreadable),
            )
        )
    if fleet.not_read:
        out.append(finding(
            Code.FLEET_TOO_LARGE, count=len(fleet.not_read), total=len(fleet.not_read)
            + len(fleet.nodes) + len(fleet.unreadable), directory=fleet.directory,
            limit=f"{fleet.byte_limit / 1024**3:g} GiB" if fleet.byte_limit >= 1024**3
            else f"{fleet.byte_limit:,} bytes", first=hosts.shown(fleet.not_read[0]),
            files=_files(fleet.not_read),
        ))  # fmt: skip
    return out


# The steps of the action ladder that take a node out of service, and the finding that
# names the nodes needing each.
_DRAIN_CODES: Final[
    Mapping[
        Action,
        Literal[Code.FLEET_DRAIN_SERVICE, Code.FLEET_DRAIN_REBOOT, Code.FLEET_DRAIN_RESET],
    ]
] = {
    Action.SERVICE: Code.FLEET_DRAIN_SERVICE,
    Action.REBOOT: Code.FLEET_DRAIN_REBOOT,
    Action.RESET_GPU: Code.FLEET_DRAIN_RESET,
}


def _drains(nodes: Sequence[FleetNode]) -> Iterator[Finding]:
    """One finding per step of the ladder that drains a node, naming the nodes whose worst
    GPU fault asks for that step and the faults ("Xid 79"), worst step first."""
    needing: dict[Action, list[tuple[FleetNode, list[str]]]] = {}
    for node in nodes:
        acting = [(Action(f.action), f) for f in node.findings if f.action in _ACTIONS]
        if not acting:
            continue
        step = xid.worst(action for action, _ in acting)
        needing.setdefault(step, []).append(
            (node, [_cause(f) for action, f in acting if action is step])
        )
    for step, named in sorted(needing.items(), key=lambda item: -item[0].rank):
        code = _DRAIN_CODES.get(step)
        if code is None:
            continue
        causes = ", ".join(dict.fromkeys(c for _, said in named for c in said))
        nodelist = hosts.compress(node.label for node, _ in named)
        yield finding(
            code,
            hosts=hosts.compress((node.label for node, _ in named), MAX_HOST_RANGES),
            count=len(named),
            total=len(nodes),
            causes=causes,
            nodelist=nodelist if len(nodelist) <= MAX_COMMAND_HOSTS else "",
            reason=f"hwdoctor: {causes}"[:_REASON_CHARS],
        )


_ACTIONS: Final = frozenset(action.value for action in Action)
# A drain reason is for a person reading sinfo -R: the first causes, cut short.
_REASON_CHARS: Final = 80


def _cause(found: Finding) -> str:
    """What asks for the step, in a few words: "Xid 79", "SXid 12028", else the finding's
    code (its stable name in the node's findings below)."""
    number = found.params.get("xid")
    if number:
        return f"{'SXid' if found.code == Code.GPU_SXID_FATAL else 'Xid'} {number}"
    return found.code


def _files(names: Iterable[str]) -> str:
    """File names for a sentence, each shown as a host name is, the first few."""
    listed = list(names)
    shown = ", ".join(hosts.shown(name) for name in listed[:MAX_HOST_RANGES])
    left = len(listed) - MAX_HOST_RANGES
    return shown + (f" and {left:,} more" if left > 0 else "")
