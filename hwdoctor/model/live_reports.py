"""The reports of the commands that run on the machine itself: `load` and a distributed
`detect` (its ranks and their bandwidth).

Apart from model/reports.py, whose records a pasted report's diagnosis makes too, so that
reading someone else's report does not import the answers these records hold
(model/answers.py): a command imports what it uses (DESIGN.md, lazy by construction).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from hwdoctor import registry
from hwdoctor.model.answers import (
    AllReduceAnswer,
    BandwidthAnswer,
    Forward,
    Generation,
    PlacementRow,
    Plan,
    RankLinks,
)
from hwdoctor.model.chosen import Chosen
from hwdoctor.model.decisions import Fit
from hwdoctor.model.facts import PythonInfo
from hwdoctor.model.reports import NOT_JSON, DetectReport, Finding, exit_code_of, python_json
from hwdoctor.model.serial import Record


@dataclass(frozen=True, slots=True)
class CheckpointRead(Record):
    """What a checkpoint's safetensors headers said (no weights read)."""

    source: str | None  # "local", "cache", "hub"; None: not read
    problem: str | None = None  # why not
    files: int | None = None
    bytes: int | None = None
    by_dtype: tuple[tuple[str, int | None], ...] = ()  # (dtype, parameters) as stored


@dataclass(frozen=True, slots=True)
class LoadPlan(Record):
    """load --plan: what from_pretrained would build and where device_map="auto" puts it,
    read by the target's own libraries without loading weights, and whether it fits."""

    reported: Plan  # as the target reported it: the JSON's "plan", with "fits"
    model_class: str | None
    parameters: int | None
    dtype: str | None
    config_dtype: str | None
    weights_by_dtype: tuple[tuple[str, int], ...]  # (dtype, bytes) of the weights in each
    checkpoint: CheckpointRead
    budgets: tuple[tuple[str, int], ...]  # Accelerate's max_memory, each key a device name
    placed: tuple[tuple[str, int], ...]  # device_map="auto": (device, modules placed there)
    fit: Fit

    def to_json(self) -> dict[str, Any]:
        return {**self.reported.to_json(), "fits": self.fit.to_json()}


@dataclass(frozen=True, slots=True)
class LoadReport(Record):
    model: str  # the Hub id or directory, or "tiny Qwen3 (embedded)"
    device: str  # as asked: "npu:0", "auto"
    python: PythonInfo
    packages: Mapping[str, str | None]
    problem: Finding | None  # why the load did not happen or did not work (a load.* code)
    placement: tuple[PlacementRow, ...] = ()
    device_map: Mapping[str, str] | None = None  # hf_device_map, when Accelerate dispatched
    model_class: str | None = None
    dtype: str | None = None
    parameters: int | None = None
    load_seconds: float | None = None
    peak_memory: Mapping[str, int] | None = None  # device → peak bytes ("cpu": process RSS)
    forward: Forward | None = None
    generate: Generation | None = None
    plan: LoadPlan | None = None
    findings: tuple[Finding, ...] = ()
    chosen: Annotated[Chosen | None, NOT_JSON] = None  # why this interpreter

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def exit_code(self) -> int:
        return exit_code_of(self.findings, failed=not self.ok)

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "device": self.device,
            "ok": self.ok,
            "problem": _problem_json(self.problem),
            "python": python_json(self.python, self.chosen),
            "packages": dict(self.packages),
            "placement": [row.to_json() for row in self.placement],
            "offloaded": {
                row.device: row.bytes
                for row in self.placement
                if row.device in (registry.HOST, "disk")
            }
            if len(self.placement) > 1
            else {},
            "device_map": dict(self.device_map) if self.device_map else None,
            "model_class": self.model_class,
            "dtype": self.dtype,
            "parameters": self.parameters,
            "load_seconds": self.load_seconds,
            "peak_memory": dict(self.peak_memory) if self.peak_memory else None,
            "forward": self.forward.to_json() if self.forward else None,
            "generate": self.generate.to_json() if self.generate else None,
            "plan": self.plan.to_json() if self.plan else None,
            "findings": [finding.to_json() for finding in self.findings],
        }


@dataclass(frozen=True, slots=True)
class RankReport(Record):
    """One rank of a distributed job, as it reported itself to rank 0."""

    rank: int
    host: str
    local_rank: int
    device: str  # the device Accelerate assigns it: "cuda:1", "cpu"
    device_name: str | None
    backend: str | None  # the collective it would use: nccl, hccl, gloo, ...
    versions: Mapping[str, str | None]
    device_counts: Mapping[str, int]
    visibility: Mapping[str, str]
    exit_code: int  # what its own detect found
    all_reduce: AllReduceAnswer | None  # None: the collective did not run


@dataclass(frozen=True, slots=True)
class RankRefusal(Record):
    """A value rank 0 read for a rank in the job's store and did not use, and why."""

    rank: int
    what: str  # "summary" or "all_reduce result"
    reason: str


@dataclass(frozen=True, slots=True)
class GatheredRanks:
    """What rank 0 read of every rank in the job's store, each value checked at the
    evidence boundary (gather/rank_reports.py): the summaries and all_reduce results that
    fit, the values refused, and the ranks that left nothing in time; each value read into
    its record there, so the diagnosis reads no payload."""

    # each rank's summary, its host as the rank wrote it, its all_reduce not yet beside it
    reports: Mapping[int, RankReport]
    results: Mapping[int, AllReduceAnswer]
    refused: tuple[RankRefusal, ...]
    missing: tuple[int, ...]
    links: Mapping[int, RankLinks] = field(default_factory=dict)  # what each summary says
    # the --bandwidth timings of the ranks whose result has them
    bandwidth: Mapping[int, BandwidthAnswer] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RankGroup(Record):
    """Ranks that agree (device type and name, collective, versions, device counts, own
    exit code, all_reduce verdict): one line of rank 0's report for all of them."""

    ranks: tuple[RankReport, ...]
    differs: tuple[tuple[str, str, str], ...]  # (what, here, in the largest group)


@dataclass(frozen=True, slots=True)
class CollectiveBandwidth(Record):
    """One collective at one size, as nccl-tests reports it: the time is the mean over the
    ranks (nccl-tests' default), bandwidths in bytes per second."""

    operation: str  # "all_reduce", "all_gather"
    size: int  # bytes: the reduced tensor, or the gathered result
    seconds: float
    algbw: float
    busbw: float
    slowest_rank: int
    slowest_host: str
    slowest_seconds: float


@dataclass(frozen=True, slots=True)
class PairBandwidth(Record):
    """Two ranks exchanging a tensor both ways at once, and what their link should carry."""

    ranks: tuple[int, int]
    hosts: tuple[str, str]
    devices: tuple[str, str]
    size: int  # bytes each way
    seconds: float  # the slower side's
    bandwidth: float  # bytes per second, one way
    link: str | None  # "NV18", "PIX", "SYS"; None: not known (another host, no topology)
    expected: float | None  # what the link should carry one way
    basis: str | None  # "NV18 × 25 GB/s", "PIX, PCIe Gen4 x16"
    far_below: bool


@dataclass(frozen=True, slots=True)
class BandwidthReport:
    """`detect --bandwidth`: every collective at every size, and every pair of ranks."""

    backend: str | None
    ranks: int  # how many took part
    collectives: tuple[CollectiveBandwidth, ...]
    pairs: tuple[PairBandwidth, ...]

    @property
    def slowest_pair(self) -> PairBandwidth | None:
        return min(self.pairs, key=lambda p: p.bandwidth, default=None)

    def to_json(self) -> dict[str, Any]:
        slowest = self.slowest_pair
        return {
            "backend": self.backend,
            "ranks": self.ranks,
            "collectives": [c.to_json() for c in self.collectives],
            "pairs": [p.to_json() for p in self.pairs],
            "slowest_pair": list(slowest.ranks) if slowest else None,
        }


@dataclass(frozen=True, slots=True)
class DistributedReport(Record):
    world_size: int
    ranks: tuple[RankReport, ...]
    missing: tuple[int, ...]  # ranks that never reported
    local: DetectReport  # rank 0's own detect
    findings: tuple[Finding, ...]
    groups: tuple[RankGroup, ...] = ()  # the ranks that agree, the largest group first
    bandwidth: BandwidthReport | None = None  # with --bandwidth, when the collective ran

    @property
    def exit_code(self) -> int:
        others = any(rank.exit_code for rank in self.ranks)
        return exit_code_of(self.findings, failed=others or bool(self.local.exit_code))

    def to_json(self) -> dict[str, Any]:
        return {
            **self.local.to_json(),
            "world_size": self.world_size,
            "ranks": [rank.to_json() for rank in self.ranks],
            "missing_ranks": list(self.missing),
            "distributed_findings": [finding.to_json() for finding in self.findings],
            **({"bandwidth": self.bandwidth.to_json()} if self.bandwidth is not None else {}),
        }


def _problem_json(problem: Finding | None) -> dict[str, Any] | None:
    """`load`'s problem in the shape its JSON has always had, with the finding's code."""
    if problem is None:
        return None
    return {
        "code": problem.code,
        "kind": problem.code.split(".", 1)[-1],
        "stage": problem.params.get("step", ""),
        "message": problem.message,
        "remedy": problem.remedy,
        "evidence": problem.evidence,
    }
