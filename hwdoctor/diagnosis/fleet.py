"""A fleet's evidence, node by node, grouped by configuration: the odd nodes named first.

Each node is diagnosed as `hwdoctor detect --from ITS_FILE` would diagnose it, with
`--require` judged on that node. Nodes that share a configuration record (see
`gather.fleet`) share its diagnosis: the checks read nothing a node has on its own, so only
the requirements, which read free memory, are judged on each node's own facts.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence

from hwdoctor import hosts, registry
from hwdoctor.diagnosis import detect as diagnose
from hwdoctor.diagnosis import judged
from hwdoctor.diagnosis.catalogue import Code, finding
from hwdoctor.model.facts import Evidence
from hwdoctor.model.fleet import Fleet, NodeEvidence
from hwdoctor.model.reports import (
    Configuration,
    DetectReport,
    Finding,
    FleetGroup,
    FleetNode,
    FleetReport,
    Requirement,
)

# How many host ranges a finding's sentence names before "and N more".
MAX_HOST_RANGES = 20
_DIGITS = re.compile(r"(\d+)")


def report(
    fleet: Fleet, *, require: Sequence[Requirement] = (), strict: bool = False
) -> FleetReport:
    """The fleet report of `fleet`'s nodes."""
    bases: dict[int, DetectReport] = {}
    diagnosed: list[tuple[FleetNode, Configuration]] = []
    for read in fleet.nodes:
        base = bases.get(read.configuration)
        if base is None:
            base = bases[read.configuration] = diagnose(read.evidence, strict=strict)
        mine = judged(_with_own_facts(base, read.evidence), read.evidence, require)
        diagnosed.append((_node(read, mine), configuration(mine)))
    files_per_host = Counter(node.host for node, _ in diagnosed)
    diagnosed = [
        (dataclasses.replace(node, host=hosts.shown(node.file.removesuffix(".json")))
         if files_per_host[node.host] > 1 else node, config)
        for node, config in diagnosed
    ]  # fmt: skip
    members: dict[Configuration, list[FleetNode]] = {}
    for node, config in diagnosed:
        members.setdefault(config, []).append(node)
    ordered = sorted(members.items(), key=lambda item: (-len(item[1]), _natural(item[1][0].host)))
    largest = ordered[0][0] if ordered else None
    groups: list[FleetGroup] = []
    nodes: list[FleetNode] = []
    for number, (config, group_nodes) in enumerate(ordered, 1):
        named = sorted((dataclasses.replace(n, group=number) for n in group_nodes),
                       key=lambda n: _natural(n.host))  # fmt: skip
        nodes += named
        groups.append(FleetGroup(
            number=number, configuration=config, hosts=tuple(n.host for n in named),
            findings=named[0].findings,
            differs=_differs(config, largest) if largest is not None else (),
        ))  # fmt: skip
    nodes.sort(key=lambda n: (n.group == 1, n.group, _natural(n.host)))
    return FleetReport(
        directory=fleet.directory,
        groups=tuple(groups),
        nodes=tuple(nodes),
        unreadable=fleet.unreadable,
        findings=tuple(_fleet_findings(fleet, groups, nodes)),
        required=tuple(require),
        strict=strict,
    )


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
    host = node.evidence.host
    name = (host.hostname if host else "") or node.file.removesuffix(".json")
    return FleetNode(
        host=hosts.shown(name),
        file=node.file,
        group=0,
        findings=report.findings,
        requirements=report.requirements,
        exit_code=report.exit_code,
        skipped=len(node.evidence.skipped),
    )


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
    fleet: Fleet, groups: Sequence[FleetGroup], nodes: Sequence[FleetNode]
) -> list[Finding]:
    out: list[Finding] = []
    if len(groups) > 1 and len(groups[0].hosts) == len(groups[1].hosts):
        # no configuration is the fleet's: naming some nodes odd would be a coin toss
        out.append(finding(
            Code.FLEET_NODES_DIFFER, variant="no_majority", total=len(nodes),
            configurations=len(groups), largest=len(groups[0].hosts),
        ))  # fmt: skip
    elif len(groups) > 1:
        odd = [n.host for n in nodes if n.group != 1]
        out.append(finding(
            Code.FLEET_NODES_DIFFER, odd=len(odd), total=len(nodes),
            largest=len(groups[0].hosts), hosts=hosts.compress(odd, MAX_HOST_RANGES),
        ))  # fmt: skip
    failed = [n.host for n in nodes if n.exit_code]
    if failed:
        out.append(finding(
            Code.FLEET_NODES_FAILED, count=len(failed), total=len(nodes),
            hosts=hosts.compress(failed, MAX_HOST_RANGES),
        ))  # fmt: skip
    if fleet.unreadable:
        shown = ", ".join(item.file for item in fleet.unreadable[:MAX_HOST_RANGES])
        left = len(fleet.unreadable) - MAX_HOST_RANGES
        out.append(finding(
            Code.FLEET_UNREADABLE, count=len(fleet.unreadable), directory=fleet.directory,
            files=shown + (f" and {left:,} more" if left > 0 else ""),
        ))  # fmt: skip
    return out


def _natural(name: str) -> tuple[object, ...]:
    """gpu2 before gpu10."""
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(name))
