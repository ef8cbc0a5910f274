"""A pasted report's diagnosis: the detect checks on the evidence the paste supports.

The checks are the live ones (`checks.CHECKS`); a check whose evidence the paste lacks does
not run and becomes a question with the command that would settle it. Where a check ran
on part of what it needs (GPUs named but not their architecture, a CUDA build without the
driver), that gap becomes a question too, so silence is never read as health.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hwdoctor import __version__, registry
from hwdoctor.diagnosis import checks, remedies
from hwdoctor.gather.reports import Fact, Paste, assemble
from hwdoctor.model.facts import BackendFacts, Evidence, Section
from hwdoctor.model.reports import (
    Finding,
    NotChecked,
    PasteReport,
    Question,
    QuotedLine,
    ReadFact,
    ToolBlock,
)

# The reporter may not have hwdoctor: the line installs it into the interpreter it diagnoses
# (the install chooser writes it), then runs it; one line to paste, joined by `&&` so the
# second runs only when the install did.
SAVE_EVIDENCE: Final = " && ".join(
    remedies.hwdoctor_then(
        __version__, ("detect", "--save-evidence", "hwdoctor-evidence.json")
    ).lines
)
COLLECT_ENV: Final = "python -m torch.utils.collect_env"

_ON_THE_MACHINE: Final = (
    "what only hwdoctor on that machine sees: imports that fail, extensions torch loads by "
    "itself, the vendor tools, the container and device permissions"
)

# What a missing section means to the reporter, and the command that shows it; in the order
# a question is chosen when a check lacks several.
QUESTIONS: Final[tuple[tuple[Section, str, str], ...]] = (
    (Section.TORCH, "torch's version and build", COLLECT_ENV),
    (Section.BACKENDS, "what torch sees of each accelerator", COLLECT_ENV),
    (Section.HOST, "the machine's GPUs, driver and operating system", COLLECT_ENV),
    (Section.PYTHON, "the Python version", COLLECT_ENV),
    (Section.PACKAGES, "the installed packages and their versions", "python -m pip list"),
    (
        Section.ENV,
        "whether a device visibility variable is set",
        "env | grep -E 'VISIBLE|PJRT_DEVICE|ZE_AFFINITY_MASK'",
    ),
    (Section.FAILURES, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.ENTRY_POINTS, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.TOOLS, _ON_THE_MACHINE, SAVE_EVIDENCE),
    (Section.PLACEMENT, _ON_THE_MACHINE, SAVE_EVIDENCE),
)

# The parts of the evidence each finding rests on (`assemble.Facts.used` keys), by code
# prefix; the first prefix that matches applies.
_RESTS_ON: Final = (
    ("torch.cpu_only_build", ("torch", "gpus")),
    ("torch.build_mismatch", ("torch", "gpus")),
    ("driver.", ("driver", "torch", "gpus")),
    ("device.", ("gpus", "torch")),
    ("devices.", ("env", "gpus", "torch")),
    ("extension.", ("failures", "packages", "torch")),
    ("mps.", ("host", "torch")),
    ("python.translated", ("host",)),
    ("", ("torch", "gpus", "driver", "env")),
)

_WHAT: Final = {
    "torch.version": "torch",
    "torch.cuda": "torch built with CUDA",
    "torch.hip": "torch built with ROCm",
    "cuda.available": "CUDA available",
    "accelerator": "torch's accelerator",
    "driver": "NVIDIA driver",
    "driver.cuda": "the driver's CUDA",
    "os": "OS",
    "prose.windows_path": "OS",
    "python.platform": "platform",
    "python.version": "Python",
    "processor": "CPU",
    "message.found_version": "torch says (driver)",
    "message.arch_list": "torch's compiled list",
    "message.capability": "GPU capability",
    "message.code_cc": "torch's compiled list",
    "message.not_compiled_cuda": "torch says",
    "message.undefined_symbol": "import error",
    "message.driver_too_old": "torch says (driver)",
    "message.gfx_list": "gfx targets",
    "message.invalid_device_function": "HIP says",
    "message.min_capability": "torch's minimum",
    "message.mps_macos": "torch says (MPS)",
    "message.mps_not_built": "torch says (MPS)",
    "message.mps_op_macos": "torch says (MPS)",
    "message.no_gpus": "torch says",
    "message.no_hip_gpus": "torch says",
    "message.no_kernel_image": "CUDA says",
    "message.npu_count": "CANN says",
    "message.mask_refused": "CANN says",
    "message.too_old": "torch says",
    "message.xformers_built_for": "xformers says",
    "prose.macos": "macOS",
    "prose.driver": "NVIDIA driver",
    "prose.python": "Python",
    "prose.platform": "platform",
    "prose.chip": "chip",
    "prose.gfx": "gfx target",
}


def diagnose(paste: Paste, *, strict: bool = False) -> PasteReport:
    evidence, facts = assemble.evidence_of(paste)
    found, not_checked = checks.diagnose(evidence)
    questions = _questions(not_checked) + _gaps(evidence, found)
    skipped = (*paste.skipped, *(d.describe() for d in facts.disagreements))
    return PasteReport(
        blocks=tuple(ToolBlock(b.tool.value, b.first, b.last, b.version) for b in paste.blocks),
        facts=_read_facts(facts, evidence),
        findings=found,
        rests_on=tuple(_rests_on(finding, facts) for finding in found),
        questions=questions,
        skipped=skipped,
        lines=paste.lines,
        strict=strict,
    )


def _questions(not_checked: Sequence[NotChecked]) -> tuple[Question, ...]:
    """One question per command: what it would show, and the checks waiting for it."""
    unknowns: dict[str, list[str]] = {}
    waiting: dict[str, list[str]] = {}
    for item in not_checked:
        for section, unknown, command in QUESTIONS:
            if section.value in item.missing:
                said = unknowns.setdefault(command, [])
                if unknown not in said:
                    said.append(unknown)
                waiting.setdefault(command, []).append(label(item.check))
                break
    return tuple(
        Question("; ".join(unknowns[command]), tuple(names), command)
        for command, names in waiting.items()
    )


def label(check: str) -> str:
    """A check's name in words: "hidden_devices" → "hidden devices"."""
    return check.replace("_", " ")


def _gaps(evidence: Evidence, found: Sequence[Finding]) -> tuple[Question, ...]:
    """Checks that ran on part of what they need: what they could not judge, and how to
    find out."""
    gaps: list[Question] = []
    backends = evidence.backends or {}
    torch = evidence.torch
    host = evidence.host
    codes = {f.code for f in found}
    gpu_backends = [
        (b, _ARCH_COMMANDS[b.query.build])
        for b in registry.BACKENDS
        if b.query.build in _ARCH_COMMANDS
    ]
    for backend, command in gpu_backends:
        facts = backends.get(backend.key)
        if facts is None or torch is None or torch.build != backend.query.build:
            continue
        gaps += _kernel_gaps(facts, command)
        nvidia = backend.query.build is registry.Build.CUDA
        driver_known = host is not None and host.nvidia is not None and host.nvidia.driver
        said = bool(facts.detail)
        if (
            nvidia
            and not driver_known
            and not said
            and not any(c.startswith("driver.") for c in codes)
        ):
            gaps.append(Question("the NVIDIA driver's version", ("nvidia driver",), "nvidia-smi"))
    if torch is not None and torch.version is None and torch.build:
        gaps.append(Question("the torch version", ("torch requirements",), COLLECT_ENV))
    signals = {s.backend for s in host.signals} if host else set()
    gpu_keys = {b.key for b, _ in gpu_backends}
    if (
        torch is not None
        and torch.build == registry.Build.CPU.value
        and not (signals & gpu_keys)
        and "torch.cpu_only_build" not in codes
    ):
        gaps.append(
            Question(
                "whether the machine has an NVIDIA or AMD GPU",
                ("build for hardware",),
                "nvidia-smi || rocm-smi",
            )
        )
    for backend, command in gpu_backends:
        facts = backends.get(backend.key)
        no_code = (facts.detail or {}).get("no_code") if facts else None
        architecture = facts is not None and any(d.capability for d in facts.devices)
        if facts is not None and no_code and not architecture and not (host and host.gfx_targets):
            gaps.append(
                Question(
                    "which GPU torch found no code for, and its architecture",
                    ("torch said no code",),
                    command,
                )
            )
    if (
        host is not None
        and host.system == "Darwin"
        and host.os_version
        and (torch is None or torch.version is None)
        and "mps.macos_too_old" not in codes
    ):
        gaps.append(
            Question(
                "the torch version: MPS needs macOS 12.3 up to torch 2.4, 13.0 from 2.5 and "
                "14.0 from 2.10",
                ("apple silicon",),
                COLLECT_ENV,
            )
        )
    return tuple(gaps)


# How a reporter shows a GPU's architecture, by the torch build that would run on it.
_ARCH_COMMANDS: Final = {
    registry.Build.CUDA: "nvidia-smi --query-gpu=name,compute_cap --format=csv",
    registry.Build.ROCM: "rocminfo | grep -E 'Marketing Name|gfx'",
}


def _kernel_gaps(facts: BackendFacts, command: str) -> list[Question]:
    gaps: list[Question] = []
    unknown = tuple(dict.fromkeys(d.name or f"GPU {d.index}" for d in facts.devices
                                  if not d.capability))  # fmt: skip
    if unknown:
        gaps.append(Question(f"the architecture of {', '.join(unknown)}", ("arch compiled",),
                             command, subjects=unknown))  # fmt: skip
    if facts.devices and not facts.arch_list:
        gaps.append(
            Question(
                "which GPU architectures the installed torch was built for",
                ("arch compiled",),
                'python -c "import torch; print(torch.cuda.get_arch_list())"',
            )
        )
    return gaps


def _rests_on(finding: Finding, facts: assemble.Facts) -> tuple[QuotedLine, ...]:
    """The lines a finding rests on; of lines that say the same thing (a GPU listed a
    thousand times), the first: the reply stays as long as what it says."""
    parts = next(parts for prefix, parts in _RESTS_ON if finding.code.startswith(prefix))
    chosen: dict[tuple[str, str | None, str], Fact] = {}
    for part in parts:
        used = facts.used.get(part, [])
        if part == "packages":
            wanted = {finding.params.get("package", ""), "torch"}
            used = [f for f in used if f.name in wanted]
        for fact in used:
            chosen.setdefault((fact.key, fact.name, fact.value), fact)
    quoted = assemble.quoted(chosen.values())
    return tuple(QuotedLine(f.quote.line, f.quote.text) for f in quoted)


def _read_facts(facts: assemble.Facts, evidence: Evidence) -> tuple[ReadFact, ...]:
    """Every fact a section was made from, once, in the order of the paste."""
    used = [fact for part in facts.used.values() for fact in part]
    seen: set[tuple[str, str | None, int | None, str]] = set()
    shown: set[tuple[str, str | None, int | None, str, int]] = set()
    read: list[ReadFact] = []
    devices = {d.name: d.capability for b in (evidence.backends or {}).values() for d in b.devices}
    run: tuple[int, int, str] | None = None  # GPUs alike in a row: first index, last, value
    for fact in sorted(used, key=lambda f: f.quote.line):
        key = (fact.key, fact.name, fact.index, fact.value)
        if key in seen or not assemble.known_value(fact.value):
            continue
        seen.add(key)
        what = _WHAT.get(fact.key) or fact.name or fact.key
        if fact.key in ("package", "prose.package"):
            what = f"package {fact.name}"
        elif fact.key == "amd.gpu":
            what, value = f"AMD GPU {fact.index}", "listed"
        elif fact.key == "ascend.chip":
            what = f"NPU {fact.index}"
        value = assemble.shown_value(fact)
        # one line can say one thing twice (`[pip3] torch==2.5.1` is a listing and reads
        # as prose too): one entry a thing said on a line
        said = (what, fact.name, fact.index, value.strip(), fact.quote.line)
        if said in shown:
            continue
        shown.add(said)
        if fact.key == "prose.windows_path":
            value = f"Windows (a path: {value})"
        if fact.key in ("gpu", "message.unsupported_gpu", "prose.gpu"):
            what = "GPU" if fact.index is None else f"GPU {fact.index}"
            capability = devices.get(value.strip())
            if capability and capability.startswith("gfx"):
                value = f"{value} ({capability})"
            elif capability:
                value = f"{value} (compute capability {capability})"
            if fact.index is not None and run and run[2] == value and fact.index == run[1] + 1:
                # One entry for a row of alike GPUs: "GPU 0–7", however many are listed.
                run = (run[0], fact.index, value)
                read[-1] = ReadFact(f"GPU {run[0]}–{run[1]}", value, read[-1].quote)
                continue
            run = (fact.index, fact.index, value) if fact.index is not None else None
        else:
            run = None
        read.append(ReadFact(what, value, QuotedLine(fact.quote.line, fact.quote.text)))
    return tuple(read)
