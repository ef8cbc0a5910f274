"""Reports: what each command answers, with findings and exit codes, and their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Final

from hwdoctor import registry

# Chosen lives in a module of its own so the command line can choose the interpreter and
# start the probe before it imports this one (gather/interpreter.py); both names stay here.
from hwdoctor.model.chosen import Chosen as Chosen
from hwdoctor.model.chosen import ChosenBecause as ChosenBecause
from hwdoctor.model.decisions import (
    AccelerateDecision,
    Capabilities,
    Coverage,
    Decisions,
    InferenceDecision,
    ModelDecision,
    Standing,
    StepTrace,
    TrainingDecision,
    VerifyReport,
)
from hwdoctor.model.facts import Device, HostFacts, PythonInfo, StepFailure, TorchInfo
from hwdoctor.model.pasted import QuotedLine, ToolBlock
from hwdoctor.model.serial import Json, Record, milliseconds, write
from hwdoctor.shell import Shell

if TYPE_CHECKING:
    from collections.abc import Iterable


NOT_JSON: Final = Json(skip=True)


class Status(str, Enum):
    """A backend's verdict on this machine."""

    OK = "ok"  # usable
    WARN = "warn"  # usable, or not needed, but something deserves attention
    FAIL = "fail"  # wanted here (hardware or package present) but not usable
    ABSENT = "absent"  # neither hardware nor package: nothing to do
    ERROR = "error"  # the probe could not tell: a step hung or crashed
    UNKNOWN = "unknown"  # the evidence does not show this backend (a partial report)


class Severity(str, Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Finding(Record):
    code: str  # stable: "hardware.package_missing"
    severity: Severity
    backend: str | None
    message: str  # one line, no markup
    # Shell lines that paste and run as they are, one command a line; `#` lines are caveats.
    remedy: str | None = None
    evidence: str | None = None  # what was observed, for the curious and for bug reports
    params: Mapping[str, str] = field(default_factory=dict)  # what the sentences were made of
    advice: str | None = None  # what to do that no command does, in words
    # The step of the action ladder a health finding asks for (compat/xid.py's Action values:
    # "restart_app", "reset_gpu", "reboot", "service"); None for any other finding.
    action: Annotated[str | None, Json(omit_none=True)] = None
    # Where the parameters stand in `message` and `advice` ((start, end) of each): text from
    # the diagnosed machine or a paste, which a Markdown reply shows as code, never as its
    # own words. Not part of the JSON form.
    message_values: Annotated[tuple[tuple[int, int], ...], NOT_JSON] = field(
        default=(), compare=False
    )
    advice_values: Annotated[tuple[tuple[int, int], ...], NOT_JSON] = field(
        default=(), compare=False
    )


def failing(findings: Iterable[Finding], *, strict: bool = False) -> tuple[Finding, ...]:
    """The findings that fail a command: errors, and with `strict` warnings too."""
    levels = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return tuple(finding for finding in findings if finding.severity in levels)


def exit_code_of(findings: Iterable[Finding], *, strict: bool = False, failed: bool = False) -> int:
    """The one exit-code rule: 1 when an error finding (with `strict`, a warning too) or
    anything else the command counts as failed (`failed`), else 0."""
    return 1 if failed or failing(findings, strict=strict) else 0


def python_json(python: PythonInfo, chosen: Chosen | None) -> dict[str, Any]:
    """`data.python`: the interpreter, and on a live run why it is the one diagnosed."""
    return {**python.to_json(), **(chosen.to_json() if chosen is not None else {})}


@dataclass(frozen=True, slots=True)
class NotChecked(Record):
    """A check that did not run because the evidence lacks what it reads."""

    check: str
    missing: tuple[str, ...]  # the evidence sections it lacked
    about: Annotated[str, NOT_JSON] = ""  # what the check looks at, in words (the catalogue's)


@dataclass(frozen=True, slots=True)
class BackendReport(Record):
    key: str
    hardware: str
    device: str
    package: str
    status: Status
    installed: bool
    version: str | None
    importable: bool | None
    available: bool
    device_count: int
    devices: tuple[Device, ...]
    note: str
    hardware_present: bool


@dataclass(frozen=True, slots=True)
class DetectReport(Record):
    python: PythonInfo
    packages: Mapping[str, str | None]
    torch: TorchInfo
    autoload_disabled: bool  # facts come from a probe run with TORCH_DEVICE_BACKEND_AUTOLOAD=0
    host: HostFacts
    backends: tuple[BackendReport, ...]
    findings: tuple[Finding, ...]
    failures: Annotated[tuple[StepFailure, ...], Json("probe.failures")]
    probe_seconds: Annotated[float, Json("probe.seconds", write=milliseconds)]
    decisions: Decisions | None = None
    environment: Mapping[str, str] = field(default_factory=dict)  # relevant, secrets masked
    requirements: tuple[RequirementResult, ...] = ()
    strict: bool = False  # warnings count as failures
    not_checked: tuple[NotChecked, ...] = ()  # checks the evidence lacked the facts for
    # What an evidence file held that could not be read, in words (each read as unknown)
    skipped: tuple[str, ...] = ()
    # Why this interpreter, on a live run (its JSON is in data.python); None: --from
    chosen: Annotated[Chosen | None, NOT_JSON] = None

    @property
    def exit_code(self) -> int:
        unmet = any(not result.met for result in self.requirements)
        return exit_code_of(self.findings, strict=self.strict, failed=unmet)

    def to_json(self) -> dict[str, Any]:
        return {**write(self), "python": python_json(self.python, self.chosen)}

    def backend(self, key: str) -> BackendReport:
        return next(report for report in self.backends if report.key == key)


@dataclass(frozen=True, slots=True)
class ExplainReport(Record):
    detect: DetectReport
    training: TrainingDecision
    accelerate: AccelerateDecision
    inference: InferenceDecision
    findings: tuple[Finding, ...]  # the explain-specific ones (detect's are in detect)
    verify: VerifyReport | None
    supported: Mapping[str, str]  # library → the version range the tables were read from
    ranks: tuple[Mapping[str, Any], ...] = ()  # with --nproc: each local rank's device
    # A library version outside every table: the decisions are the real libraries' answers,
    # observed in the diagnosed environment, not predicted.
    observed: bool = False
    model: ModelDecision | None = None  # explain --model
    capabilities: Capabilities | None = None  # what the training device can do
    tables: tuple[Coverage, ...] = ()  # how the tables stand to each installed library
    # A library newer than the tables: whether the real libraries confirmed the prediction
    # (True), answered otherwise (False: their answers are shown), or were not asked (None).
    confirmed: bool | None = None
    where: str = "here"  # where the real libraries answered: here, or the evidence's machine

    @property
    def exit_code(self) -> int:
        return exit_code_of(self.findings, failed=bool(self.detect.exit_code))

    @property
    def newer(self) -> tuple[Coverage, ...]:
        """The libraries newer than the tables, predicted with their newest rows."""
        return tuple(c for c in self.tables if c.standing is Standing.NEWER)

    def basis_note(self) -> str | None:
        """The one line that says a prediction was made with rules older than the release."""
        if not self.newer:
            return None
        rules = ", ".join(f"{c.library} {c.series}" for c in self.newer)
        releases = ", ".join(f"{c.library} {c.version}" for c in self.newer)
        said = f"{releases} is newer than hwdoctor's tables"
        if self.confirmed is False:
            return (
                f"{said}, and the real libraries answered otherwise than {rules}'s rules "
                f"predict: these are their answers, observed {self.where}."
            )
        tail = (
            f", and confirmed {self.where} by the real libraries."
            if self.confirmed
            else "; not confirmed by the real libraries."
        )
        return f"Predicted with {rules}'s rules ({said}){tail}"

    def to_json(self) -> dict[str, Any]:
        return {
            "python": python_json(self.detect.python, self.detect.chosen),
            "packages": dict(self.detect.packages),
            "supported": dict(self.supported),
            "basis": "observed" if self.observed else "predicted",
            "tables": {c.library: c.to_json() for c in self.tables},
            "confirmed": self.confirmed,
            "training": self.training.to_json(),
            "accelerate": self.accelerate.to_json(),
            "inference": self.inference.to_json(),
            "verify": (self.verify or VerifyReport(ran=False, items=())).to_json(),
            "findings": [f.to_json() for f in (*self.detect.findings, *self.findings)],
            "environment": dict(self.detect.environment),
            "ranks": [dict(rank) for rank in self.ranks],
            "model": self.model.to_json() if self.model else None,
            "capabilities": self.capabilities.to_json() if self.capabilities else None,
            "skipped": list(self.detect.skipped),
        }


@dataclass(frozen=True, slots=True)
class DeviceRow(Record):
    """One registry row behind a device string, as it stands on this machine."""

    key: str
    hardware: str
    package: str
    install: str
    installed: bool
    version: str | None
    importable: bool | None
    hardware_present: bool
    hardware_detail: str
    usable: bool
    device_count: int
    missing: tuple[str, ...]  # what stands between this machine and a usable device
    visibility_env: tuple[str, ...]
    container_env: tuple[str, ...]
    # The rest is for the human report, not in the JSON form.
    hardware_remedy: Annotated[str, NOT_JSON] = ""
    # when the package is on an index
    install_command: Annotated[Shell, NOT_JSON] = field(default_factory=Shell)
    wrong_build: Annotated[bool, NOT_JSON] = (
        False  # an in-tree backend whose torch build is another one
    )
    # those of `missing` that are about the hardware
    missing_hardware: Annotated[tuple[str, ...], NOT_JSON] = ()
    # the backend cannot exist on this platform (MPS off macOS): no package makes it usable
    wrong_platform: Annotated[bool, NOT_JSON] = False


@dataclass(frozen=True, slots=True)
class DeviceExplanation(Record):
    """`hwdoctor explain DEVICE`: what it takes to use one device string here."""

    device: str  # as asked: "npu:1"
    device_type: str
    index: int | None
    rows: tuple[DeviceRow, ...]
    training_auto: bool  # TrainingArguments can pick this type without being told
    training_note: str  # the condition, e.g. "only once torch auto-loads torch_neuronx"
    training_device: str | None  # what TrainingArguments picks here, now
    device_map_auto: bool  # device_map="auto" budgets memory on this type
    pass_as: tuple[str, ...]  # how to ask for it explicitly
    detect: DetectReport
    # Why training_device is None: what TrainingArguments raises, or why it is not known
    # (a release older than the tables: only the real library can say).
    training_error: str | None = None
    training_unknown: str | None = None

    @property
    def usable(self) -> bool:
        return any(row.usable for row in self.rows)

    @property
    def reasons(self) -> tuple[str, ...]:
        """What stands between this machine and the device, over every row, once each:
        the missing hardware first, as nothing else helps without it."""
        # Rows behind one device string (cuda: NVIDIA and AMD) share a clause, said once:
        # "no NVIDIA GPU or AMD GPU hardware found", "not a CUDA or ROCm one".
        absent = [r.hardware for r in self.rows if f"no {r.hardware} hardware found" in
                  r.missing_hardware]  # fmt: skip
        hardware = [f"no {' or '.join(absent)} hardware found"] if absent else []
        hardware += [reason for row in self.rows for reason in row.missing_hardware
                     if reason != f"no {row.hardware} hardware found"]  # fmt: skip
        rest = [reason for row in self.rows for reason in row.missing
                if reason not in row.missing_hardware]  # fmt: skip
        return tuple(dict.fromkeys([*hardware, *_merged_builds(rest)]))

    @property
    def exit_code(self) -> int:
        return 0

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "device_type": self.device_type,
            "index": self.index,
            "usable": self.usable,
            "rows": [row.to_json() for row in self.rows],
            "training": {
                "auto_detected": self.training_auto,
                "note": self.training_note,
                "device_now": self.training_device,
                "error": self.training_error,
                "unknown": self.training_unknown,
            },
            "device_map_auto": self.device_map_auto,
            "pass_as": list(self.pass_as),
            "python": python_json(self.detect.python, self.detect.chosen),
            "packages": dict(self.detect.packages),
            "skipped": list(self.detect.skipped),
        }


def _merged_builds(reasons: list[str]) -> list[str]:
    """ "torch is a CPU build, not a CUDA one" and "..., not a ROCm one" as one clause."""
    prefix, suffix = "torch is a ", " one"
    builds: dict[str, list[str]] = {}
    out: list[str] = []
    for reason in reasons:
        head, said, wanted = reason.partition(" build, not a ")
        if said and head.startswith(prefix) and wanted.endswith(suffix):
            if head not in builds:
                out.append(head)  # its place, filled below
            builds.setdefault(head, []).append(wanted.removesuffix(suffix))
        else:
            out.append(reason)
    return [f"{r} build, not a {' or '.join(builds[r])} one" if r in builds else r for r in out]


@dataclass(frozen=True, slots=True)
class Requirement(Record):
    """One `--require` expression, parsed."""

    text: str  # as typed: "cuda>=8"
    kind: str  # "backend", "count", "memory", "training", "package"
    name: str  # "cuda", "memory", "training", "torch"
    op: str | None = None
    value: str | None = None  # memory: bytes as digits


@dataclass(frozen=True, slots=True)
class RequirementResult(Record):
    requirement: Annotated[Requirement, Json(skip=True)]  # written as its text and kind
    met: bool
    found: str  # what was found instead, or what satisfied it

    def to_json(self) -> dict[str, Any]:
        return {"requirement": self.requirement.text, "kind": self.requirement.kind,
                **write(self)}  # fmt: skip

    def line(self) -> str:
        verdict = "met" if self.met else "not met"
        return f"requirement {self.requirement.text} {verdict}: {self.found}"


@dataclass(frozen=True, slots=True)
class ReadFact(Record):
    """One fact hwdoctor mapped from the paste, in words, with the line it rests on."""

    what: str  # "torch", "GPU 0", "NVIDIA driver"
    value: str
    quote: QuotedLine


@dataclass(frozen=True, slots=True)
class Question(Record):
    """Something the paste does not show, the checks that needed it, and how to find out."""

    unknown: str  # "whether a visibility variable is set"
    checks: tuple[str, ...]  # the checks it kept from running
    command: str  # a command the reporter can run and paste
    # The names from the paste that `unknown` ends with ("the architecture of X, Y"), which
    # a Markdown reply shows as code. Not part of the JSON form.
    subjects: Annotated[tuple[str, ...], NOT_JSON] = field(default=(), compare=False)
    # What the checks look at, in words (the catalogue's), for a person. Not in the JSON.
    needed_for: Annotated[tuple[str, ...], NOT_JSON] = field(default=(), compare=False)
    # The parts of the evidence its answer would show (pasted._RESTS_ON's names: "driver",
    # "torch", "env", ...), by which a reply picks the questions a finding waits for.
    shows: Annotated[tuple[str, ...], NOT_JSON] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class PasteReport(Record):
    """`hwdoctor detect --from` on a pasted report: what it shows of another machine, what
    follows from that, and what it does not show."""

    blocks: tuple[ToolBlock, ...]
    facts: tuple[ReadFact, ...]
    findings: tuple[Finding, ...]
    rests_on: tuple[tuple[QuotedLine, ...], ...]  # per finding, the lines it rests on
    questions: tuple[Question, ...]
    skipped: tuple[str, ...]  # what was not read, or read and left unknown, in words
    lines: int
    strict: bool = False
    # Lines that look like an error and that no finding accounts for (the first of them),
    # and how many there are: never followed by "no problem".
    unread: tuple[QuotedLine, ...] = ()
    unread_count: int = 0
    # issue 38: the reporter's line saying an error happened where no line of the paste shows
    # one (the traceback cut, in a screenshot, never pasted): no finding, no exit code, but
    # never a "no problem" headline, and a question asks for the error's lines (the JSON
    # has that question under not_checked). Not part of the JSON form.
    stated: Annotated[QuotedLine | None, NOT_JSON] = field(default=None, compare=False)
    # issue 38 item 5 (s13-unread): of `unread`, the exception's name whose message the paste
    # does not hold ("ValueError:" as its last line): the headline says the error line is cut.
    # Not part of the JSON form (the line is in `unread`).
    cut: Annotated[QuotedLine | None, NOT_JSON] = field(default=None, compare=False)
    # Of `questions`, those whose answer would settle a finding the reply is posted for (the
    # parts of the evidence it rests on that the paste lacks): what a posted reply asks. The
    # JSON keeps every question under not_checked. Not part of the JSON form.
    settling: Annotated[tuple[Question, ...], NOT_JSON] = field(default=(), compare=False)
    # The option the paste was given with ("--paste", "--from"): a reply names what was run.
    option: Annotated[str, NOT_JSON] = field(default="--from", compare=False)

    @property
    def exit_code(self) -> int:
        """1 on an error finding, and on an error line the paste shows that no finding
        accounts for: hwdoctor has not explained it, so the report is no all-clear."""
        return exit_code_of(self.findings, strict=self.strict, failed=self.unread_count > 0)

    @property
    def post(self) -> bool:
        """Whether a reply is worth posting on the issue the paste came from: a finding of
        severity error or warning that rests on lines of the paste. Not the presence of a
        report (an issue template's System Info holds one whatever the bug), nor an error
        line no finding explains (a reply could only quote it back): measured on 125 real
        issues, tests/data/issues_sample_reply_bot/ (issue 42)."""
        serious = {Severity.ERROR, Severity.WARNING}
        return any(
            finding.severity in serious and quotes
            for finding, quotes in zip(self.findings, self.rests_on, strict=True)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **_pasted_form(self.lines, self.blocks, self.facts),
            "findings": [
                {**finding.to_json(), "rests_on": [q.to_json() for q in quotes]}
                for finding, quotes in zip(self.findings, self.rests_on, strict=True)
            ],
            "not_checked": [question.to_json() for question in self.questions],
            "skipped": list(self.skipped),
            "unread": [line.to_json() for line in self.unread],
            "unread_count": self.unread_count,
            "post": self.post,
            "exit_code": self.exit_code,
        }


@dataclass(frozen=True, slots=True)
class PastedDecision:
    """One library's choice on the machine a pasted report came from: the device, or
    unknown where an input the paste does not show would change it."""

    name: str  # "TrainingArguments", "PartialState", 'device_map="auto"', …
    call: str  # what is asked: "TrainingArguments(...).device"
    answer: str | None  # "cuda:0", "cuda:0, cuda:1, cpu, then disk"; None: unknown
    reason: str  # the check that decided it, as the tables saw it ("" when unknown)
    # The inputs the paste does not show that change the answer (NotShown.key), and the
    # answers they leave open: empty when the answer is known.
    missing: tuple[str, ...] = ()
    possible: tuple[str, ...] = ()
    rests_on: tuple[QuotedLine, ...] = ()  # the lines of the paste the answer reads
    steps: tuple[StepTrace, ...] = ()  # the chain behind the answer (or the first answer)
    # The registry rows of accelerator extensions the paste does not rule out whose being
    # installed (and seeing a device) would change a known answer: its condition.
    unless: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "call": self.call,
            "answer": self.answer,
            "known": self.answer is not None,
            "reason": self.reason,
            "missing": list(self.missing),
            "possible": list(self.possible),
            "unless": list(self.unless),
            "rests_on": [q.to_json() for q in self.rests_on],
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class NotShown(Record):
    """An input of the libraries' decisions that a pasted report does not show."""

    key: str  # stable: "cuda.available", "gpu.count", "transformers", "backend.npu", …
    what: str  # in words: "how many GPUs torch sees"
    command: str  # a command the reporter can run and paste to show it
    # the decisions it leaves unknown (PastedDecision.name)
    leaves: Annotated[tuple[str, ...], Json("leaves_unknown")]
    note: str = ""  # how it was read where it changes nothing ("every table agrees")


@dataclass(frozen=True, slots=True)
class PastedExplanation:
    """`hwdoctor explain --from` on a pasted report: which device each library would pick on
    that machine, by the decision tables, and what the paste does not show."""

    blocks: tuple[ToolBlock, ...]
    facts: tuple[ReadFact, ...]
    decisions: tuple[PastedDecision, ...]
    not_shown: tuple[NotShown, ...]
    tables: tuple[Coverage, ...]  # how the tables stand to the releases the paste shows
    supported: Mapping[str, str]  # library → the releases the tables were read from
    skipped: tuple[str, ...]
    lines: int
    use_cpu: bool = False
    environment: Mapping[str, str] = field(default_factory=dict)  # the variables it shows

    @property
    def exit_code(self) -> int:
        return 0

    def to_json(self) -> dict[str, Any]:
        return {
            **_pasted_form(self.lines, self.blocks, self.facts),
            "use_cpu": self.use_cpu,
            "supported": dict(self.supported),
            "tables": {c.library: c.to_json() for c in self.tables},
            "decisions": [decision.to_json() for decision in self.decisions],
            "not_shown": [item.to_json() for item in self.not_shown],
            "environment": dict(self.environment),
            "skipped": list(self.skipped),
        }


def _pasted_form(
    lines: int, blocks: tuple[ToolBlock, ...], facts: tuple[ReadFact, ...]
) -> dict[str, Any]:
    """What a report on a paste says of the paste itself: its lines, tools and facts."""
    return {
        "source": "pasted report",
        "lines": lines,
        "blocks": [block.to_json() for block in blocks],
        "facts": [fact.to_json() for fact in facts],
    }


@dataclass(frozen=True, slots=True)
class Configuration(Record):
    """What makes nodes alike: the facts a fleet report groups them by. Two nodes with the
    same configuration differ only in what no check reads (name, free memory, GPU UUIDs)."""

    platform: str  # "Linux x86_64"
    cpu: str  # "AMD EPYC, 2 cores"
    driver: str | None  # the NVIDIA driver, or the ROCm release
    python: str | None
    torch: str | None  # its version with the build: "2.5.1+cu124"
    devices: tuple[str, ...]  # per usable backend: "8 × NVIDIA H100 80GB HBM3 (cuda)"
    # the stack and every installed extension
    packages: Annotated[tuple[tuple[str, str | None], ...], Json(write=dict)]
    findings: tuple[str, ...]  # the codes of its findings
    # the --require expressions it does not meet
    unmet: Annotated[tuple[str, ...], Json("unmet_requirements")]

    def items(self) -> tuple[tuple[str, str], ...]:
        """Each fact as (what, value) in words, in the order a report shows them."""
        return (
            ("platform", self.platform),
            (registry.HOST, self.cpu),  # the host's processor
            ("driver", self.driver or "none"),
            ("python", self.python or "unknown"),
            ("torch", self.torch or "not installed"),
            ("devices", ", ".join(self.devices) or "none"),
            *((name, version or "not installed") for name, version in self.packages),
            ("findings", ", ".join(self.findings) or "none"),
            ("unmet", ", ".join(self.unmet) or "none"),
        )


@dataclass(frozen=True, slots=True)
class FleetNode(Record):
    """One node (one evidence file) of a fleet report."""

    # Its file's name without .json, as hosts.shown() shows a name: what the report calls
    # the node (a file name is one per node in a directory; a host name inside is a claim).
    host: str
    file: str
    group: int  # the number of its configuration's group, 1 the largest
    findings: tuple[Finding, ...]
    requirements: tuple[RequirementResult, ...]
    exit_code: int  # as `hwdoctor detect --from FILE` would exit on it
    skipped: int  # fields of its file read as unknown
    # The host name the evidence claims, shown, where the file's name is not that name (nor
    # `{host}-N`, a rank's or a job array task's file); None where they agree or it has none.
    claims: str | None = None

    @property
    def label(self) -> str:
        """How a list names it: `gpu07 (claims gpu12)` where the two differ."""
        return self.host if self.claims is None else f"{self.host} (claims {self.claims})"


@dataclass(frozen=True, slots=True)
class FleetGroup(Record):
    """Nodes with one configuration."""

    number: int  # 1: the largest group
    configuration: Configuration
    hosts: tuple[str, ...]
    findings: tuple[Finding, ...]  # every node of the group has these
    differs: tuple[tuple[str, str, str], ...]  # (what, here, in group 1) where it differs

    def to_json(self) -> dict[str, Any]:
        return {
            "group": self.number,
            "nodes": len(self.hosts),
            "hosts": list(self.hosts),
            "configuration": self.configuration.to_json(),
            "differs_from_largest": [
                {"what": what, "here": here, "largest": largest}
                for what, here, largest in self.differs
            ],
        }


@dataclass(frozen=True, slots=True)
class UnreadableFile(Record):
    """A file of a fleet directory that is no evidence file, and why."""

    file: str
    reason: str


@dataclass(frozen=True, slots=True)
class FleetReport(Record):
    """`hwdoctor detect --from DIR`: every node's evidence, grouped by configuration."""

    directory: str
    groups: tuple[FleetGroup, ...]  # the largest first
    nodes: tuple[FleetNode, ...]  # the odd ones (not in group 1) first
    unreadable: tuple[UnreadableFile, ...]
    findings: tuple[Finding, ...]  # about the fleet as a whole
    required: tuple[Requirement, ...] = ()  # --require, judged on each node
    strict: bool = False
    expected: int | None = None  # how many nodes --expect names; None without it
    not_reported: tuple[str, ...] = ()  # the names of --expect no file stands for
    not_read: tuple[str, ...] = ()  # files left unread past the bound on the fleet's bytes

    @property
    def odd(self) -> tuple[FleetNode, ...]:
        """The nodes outside the largest group; none where no group is larger than the
        next (no configuration is the fleet's, so none is odd)."""
        if len(self.groups) > 1 and len(self.groups[0].hosts) == len(self.groups[1].hosts):
            return ()
        return tuple(node for node in self.nodes if node.group != 1)

    @property
    def failed(self) -> tuple[FleetNode, ...]:
        return tuple(node for node in self.nodes if node.exit_code)

    @property
    def exit_code(self) -> int:
        return exit_code_of(self.findings, strict=self.strict, failed=bool(self.failed))

    def to_json(self) -> dict[str, Any]:
        return {
            "fleet": {
                "directory": self.directory,
                "nodes": len(self.nodes),
                "odd_hosts": [node.host for node in self.odd],
                "failed_hosts": [node.host for node in self.failed],
                "groups": [group.to_json() for group in self.groups],
                "unreadable": [item.to_json() for item in self.unreadable],
                "findings": [finding.to_json() for finding in self.findings],
                "requirements": [requirement.text for requirement in self.required],
                "strict": self.strict,
                "expected": self.expected,
                "not_reported": list(self.not_reported),
                "not_read": list(self.not_read),
            },
            "hosts": [node.to_json() for node in self.nodes],
        }
