"""A pasted report's diagnosis: the detect checks on the evidence the paste supports.

The checks are the live ones (`checks.CHECKS`); a check whose evidence the paste lacks does
not run and becomes a question with the command that would settle it. Where a check ran
on part of what it needs (GPUs named but not their architecture, a CUDA build without the
driver), that gap becomes a question too, so silence is never read as health.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from hwdoctor import registry, rules, versions
from hwdoctor.diagnosis import checks, remedies
from hwdoctor.diagnosis.catalogue import Code, finding, words_for
from hwdoctor.model.facts import BackendFacts, Evidence, Section
from hwdoctor.model.pasted import STATED_ERRORS, FactKey, Pasted, PastedFact, QuotedLine, by_line
from hwdoctor.model.reports import (
    Finding,
    NotChecked,
    PasteReport,
    Question,
    ReadFact,
    Severity,
)
from hwdoctor.project import __version__
from hwdoctor.rules.engine import Inputs, strtobool

T = TypeVar("T")

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

# The parts of the evidence (`_RESTS_ON`'s names) the answer to a section's question shows:
# what a reply asks for when a finding rests on such a part and the paste lacks it.
_SHOWS: Final = {
    Section.TORCH: ("torch", "mps.operator"),
    Section.BACKENDS: ("gpus", "gpu_count"),
    Section.HOST: ("gpus", "gpu_count", "driver", "driver.library", "host"),
    Section.PYTHON: ("host",),
    Section.PACKAGES: ("packages", "accelerate"),
    Section.ENV: ("env",),
    Section.FAILURES: ("failures",),
    Section.ENTRY_POINTS: ("failures",),
    Section.TOOLS: ("failures",),
    Section.PLACEMENT: ("failures",),
}

# The parts of the evidence each finding rests on (`Pasted.used` keys), by code
# prefix; the first prefix that matches applies.
_RESTS_ON: Final = (
    ("host.container_runtime", ("stated",)),
    ("driver.forward_compat", ("stated", "driver", "gpus")),
    ("extension.arch_unsupported", ("stated", "gpus")),
    ("extension.bitsandbytes_without_gpu", ("stated", "host")),
    ("backend.vllm_no_device", ("stated",)),
    ("device.bf16_unsupported", ("stated", "gpus")),
    ("driver.library_mismatch", ("driver.library",)),
    ("accelerate.", ("accelerate", "torch")),
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    ("mps.out_of_memory", ("stated",)),
    ("mps.buffer_too_large", ("stated",)),
    ("host.library_needs_executable_stack", ("stated",)),
    ("torch.not_built_for_xpu", ("stated", "torch")),
    ("xpu.igpu_not_supported", ("stated",)),
    ("hpu.", ("stated",)),
    ("neuron.", ("stated",)),
    ("mps.operator", ("mps.operator", "torch")),
    ("torch.cpu_only_build", ("torch", "gpus")),
    ("torch.build_mismatch", ("torch", "gpus")),
    ("driver.", ("driver", "torch", "gpus")),
    ("device.", ("gpus", "torch")),
    ("devices.", ("env", "gpus", "gpu_count", "torch")),
    ("extension.", ("failures", "packages", "torch")),
    ("mps.", ("host", "torch")),
    ("python.translated", ("host",)),
    ("", ("torch", "gpus", "driver", "env")),
)

# How the shell tells that a process was stopped: "Aborted (core dumped)", "Segmentation fault
# (core dumped)" (bash's list of signal descriptions, siglist.c), zsh's "abort (core dumped)".
_PROCESS_END: Final = re.compile(
    r"^(?:\[\d+\]\s+\d+\s+)?(?:Aborted|abort|Segmentation fault|Illegal instruction)"
    r"(?: \(core dumped\))?(?:\s+\S.{0,200})?$"
)

# What torch was built with and whether it sees CUDA: facts a rule about MPS, a companion
# package's pin, Rosetta or Accelerate's config does not read, so its finding does not rest
# on them (an M1's "ROCM used to build PyTorch: N/A" explains no MPS finding).
_BUILD_KEYS: Final = frozenset({FactKey.TORCH_CUDA, FactKey.TORCH_HIP, FactKey.CUDA_AVAILABLE})
_BUILD_UNUSED: Final = ("mps.", "extension.torch_mismatch", "python.translated")

_WHAT: Final = {
    FactKey.TORCH_VERSION: "torch",
    FactKey.TORCH_CUDA: "torch built with CUDA",
    FactKey.TORCH_HIP: "torch built with ROCm",
    FactKey.CUDA_AVAILABLE: "CUDA available",
    FactKey.ACCELERATOR: "torch's accelerator",
    FactKey.DRIVER: "NVIDIA driver",
    FactKey.DRIVER_CUDA: "the driver's CUDA",
    FactKey.OS: "OS",
    FactKey.PROSE_WINDOWS_PATH: "OS",
    FactKey.PYTHON_PLATFORM: "platform",
    FactKey.PYTHON_VERSION: "Python",
    FactKey.PROCESSOR: "CPU",
    FactKey.MESSAGE_FOUND_VERSION: "torch says (driver)",
    FactKey.MESSAGE_ARCH_LIST: "torch's compiled list",
    FactKey.MESSAGE_CAPABILITY: "GPU capability",
    FactKey.MESSAGE_CODE_CC: "torch's compiled list",
    FactKey.MESSAGE_NOT_COMPILED_CUDA: "torch says",
    FactKey.MESSAGE_UNDEFINED_SYMBOL: "import error",
    FactKey.MESSAGE_DRIVER_TOO_OLD: "torch says (driver)",
    FactKey.MESSAGE_NO_DRIVER: "torch says (driver)",
    FactKey.MESSAGE_FORWARD_COMPAT: "CUDA says",
    FactKey.MESSAGE_CONTAINER_NO_GPU: "docker says",
    FactKey.MESSAGE_FLASH_ATTN_ARCH: "flash-attn says",
    FactKey.MESSAGE_BNB_NO_GPU: "bitsandbytes says",
    FactKey.MESSAGE_VLLM_NO_DEVICE: "vLLM says",
    FactKey.MESSAGE_BF16_UNSUPPORTED: "vLLM says",
    FactKey.MESSAGE_GFX_LIST: "gfx targets",
    FactKey.MESSAGE_INVALID_DEVICE_FUNCTION: "HIP says",
    FactKey.MESSAGE_MIN_CAPABILITY: "torch's minimum",
    FactKey.MESSAGE_MPS_MACOS: "torch says (MPS)",
    FactKey.MESSAGE_MPS_NOT_BUILT: "torch says (MPS)",
    FactKey.MESSAGE_MPS_OP_MACOS: "torch says (MPS)",
    FactKey.MESSAGE_MPS_OPERATOR: "no MPS kernel for",
    FactKey.MESSAGE_NO_GPUS: "torch says",
    FactKey.MESSAGE_NVML_FAILED: "nvidia-smi says",
    FactKey.NVRM_CLIENT: "user-space NVIDIA driver",
    FactKey.NVRM_KERNEL: "loaded NVIDIA kernel module",
    FactKey.MESSAGE_NO_HIP_GPUS: "torch says",
    FactKey.MESSAGE_NO_KERNEL_IMAGE: "CUDA says",
    FactKey.MESSAGE_NPU_COUNT: "CANN says",
    FactKey.MESSAGE_MASK_REFUSED: "CANN says",
    FactKey.MESSAGE_TOO_OLD: "torch says",
    FactKey.MESSAGE_XFORMERS_BUILT_FOR: "xformers says",
    FactKey.PROSE_MACOS: "macOS",
    FactKey.PROSE_DRIVER: "NVIDIA driver",
    FactKey.PROSE_PYTHON: "Python",
    FactKey.PROSE_GPU_COUNT: "GPUs (the reporter's count)",
    FactKey.PROSE_PLATFORM: "platform",
    FactKey.PROSE_CHIP: "chip",
    FactKey.PROSE_GFX: "gfx target",
    FactKey.PROSE_ACCELERATOR: "accelerator",
    # issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
    FactKey.MESSAGE_MPS_OOM: "torch says (MPS)",
    FactKey.MESSAGE_MPS_BUFFER: "torch says (MPS)",
    FactKey.MESSAGE_EXECSTACK: "glibc says",
    FactKey.MESSAGE_XPU_NOT_BUILT: "torch says (XPU)",
    FactKey.MESSAGE_XPU_NO_DEVICE: "XPU runtime says",
    FactKey.MESSAGE_INTEL_IGPU: "Intel integrated GPU",
    FactKey.MESSAGE_INTEL_XPU_GPU: "Intel GPU",
    FactKey.MESSAGE_HPU_ACQUIRE: "Gaudi says",
    FactKey.HABANA_HOST: "Gaudi host release",
    FactKey.HABANA_IMAGE: "Gaudi container release",
    FactKey.MESSAGE_HABANA_MISSING: "Python says (Gaudi)",
    FactKey.MESSAGE_NEURON_DRIVER: "Neuron runtime says",
}


def diagnose(paste: Pasted, *, strict: bool = False) -> PasteReport:
    evidence = paste.evidence
    facts = _Read(paste)
    found, not_checked = checks.diagnose(evidence)
    found = (*found, *_settings(evidence, facts), *_mps_operators(evidence, facts))
    found = (*found, *_no_driver(evidence, facts, found), *_stated(facts))
    found = (*found, *_stated_with_words(evidence, facts))
    found = _reconciled(_by_symptom(found, facts), paste)
    found = _for_the_accelerator_shown(found, paste)
    other = bool(accelerators_shown(paste))
    asked, gaps = _questions(not_checked), _gaps(evidence, found, other)
    questions = _one_per_command(asked + gaps)
    resting = [_resting(finding, facts) for finding in found]
    unread = _unread(paste, [fact for chosen in resting for fact in chosen])
    posted = [f for f, on in zip(found, resting, strict=True) if f.severity in _POSTED and on]
    settles = _settling(posted, asked, gaps, facts)
    return PasteReport(
        blocks=paste.blocks,
        facts=read_facts(paste),
        findings=found,
        rests_on=tuple(_quoted(chosen) for chosen in resting),
        questions=questions,
        skipped=paste.skipped,
        lines=paste.lines,
        strict=strict,
        unread=unread,
        unread_count=len(unread) + max(0, paste.error_count - len(paste.errors)),
        settling=tuple(q for q in questions if q.command in settles),
    )


# The install lines of a CUDA or ROCm torch build: download.pytorch.org's index of a CUDA or
# ROCm variant ("/whl/cu128", "/whl/rocm6.3", their nightly twins) or a pin to one
# ("torch==2.5.1+cu121"), as compat/wheels.py writes them.
_CUDA_INSTALL: Final = (
    "/whl/cu",
    "/whl/rocm",
    "/whl/nightly/cu",
    "/whl/nightly/rocm",
    "+cu1",
    "+cu9",
    "+rocm",
)
# The facts that place a host (an OS, a platform line, a CPU): what shows Apple Silicon.
_HOST_KEYS: Final = frozenset(
    {
        FactKey.OS,
        FactKey.PYTHON_PLATFORM,
        FactKey.PROCESSOR,
        FactKey.PROSE_MACOS,
        FactKey.PROSE_CHIP,
        FactKey.PROSE_PLATFORM,
        FactKey.LIGHTNING_PROCESSOR,
        FactKey.LIGHTNING_KERNEL,
    }
)


# The facts gathering reads another accelerator's hardware from (assemble.py `_signals`).
_SIGNAL_KEYS: Final = frozenset({FactKey.ASCEND_CHIP, FactKey.MESSAGE_NPU_COUNT})


def accelerators_shown(paste: Pasted) -> dict[str, tuple[PastedFact, ...]]:
    """The accelerators other than torch.cuda's that the paste shows the machine has, by
    registry row, with the lines that show each: the row's extension package listed or named
    ("torch-npu==2.1.0.post3"), torch's own wheel of its kind ("2.7.1+xpu"), a device its
    vendor tool or torch lists, an "… available" line of it, or Apple Silicon under macOS
    (arm64, an Apple M chip: MPS's machine, registry row `machine`). Whether torch sees it
    is another matter: `<device>.available` says, where the paste shows it."""
    evidence = paste.evidence
    shown: dict[str, list[PastedFact]] = {}
    by_dist = {
        versions.canonical_name(d): b.key
        for b in registry.BACKENDS
        if b.module is not None
        for d in b.dists
    }
    own = {
        b.query.build.value: b.key
        for b in registry.BACKENDS
        if b.query.build is not None
        and b.key not in _TORCH_CUDA
        and b.query.build is not registry.Build.CPU
    }
    for fact in paste.facts:
        key: str | None = None
        if fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
            name = versions.canonical_name(fact.name or "")
            key = by_dist.get(name)
            if key is None and name in ("torch", "pytorch") and "+" in fact.value:
                key = own.get(fact.value.rsplit("+", 1)[-1].strip().lower())
        elif fact.key is FactKey.TORCH_VERSION and "+" in fact.value:
            key = own.get(fact.value.rsplit("+", 1)[-1].strip().lower())
        elif fact.key in (
            FactKey.DEVICE,
            FactKey.DEVICE_SOFTWARE,
            FactKey.DEVICE_DRIVER,
            FactKey.PROSE_ACCELERATOR,
        ):
            key = fact.name
        elif (
            fact.key.value.endswith(".available")
            and fact.key is not FactKey.CUDA_AVAILABLE
            and strtobool(fact.value)  # "… available: False" shows it is not there
        ):
            device = fact.key.value.rsplit(".", 1)[0]
            key = next((b.key for b in registry.BACKENDS if b.device == device), None)
        if key in registry.BY_KEY and key not in _TORCH_CUDA:
            shown.setdefault(key, []).append(fact)
    host = evidence.host
    # what gathering read as the hardware's own signal (an Ascend chip npu-smi lists, CANN's
    # device count, an Apple M chip): the lines it was read from
    for signal in host.signals if host is not None else ():
        if signal.backend in registry.BY_KEY and signal.backend not in _TORCH_CUDA:
            read = paste.used.get("host" if signal.kind == "platform" else "gpus", ())
            shown.setdefault(signal.backend, []).extend(
                f for f in read if f.key in _HOST_KEYS or f.key in _SIGNAL_KEYS
            )
    for backend in registry.BACKENDS:
        if (
            backend.machine
            and host is not None
            and host.machine == backend.machine
            and (host.platform in backend.platforms)
        ):
            placed = [f for f in paste.used.get("host", ()) if f.key in _HOST_KEYS]
            shown.setdefault(backend.key, []).extend(placed)
    # the first line of each thing said: a name repeated down a log is one fact
    firsts = {
        key: {(f.key, f.name, f.value.strip().lower()): f for f in reversed(by_line(found))}
        for key, found in shown.items()
    }
    return {k: tuple(by_line(v.values())) for k, v in firsts.items()}


def gpu_of_cuda_shown(paste: Pasted) -> bool:
    """Whether the paste shows an NVIDIA or AMD GPU (a GPU line, rocm-smi's rows, an NVIDIA
    driver): the machine torch.cuda's remedies are for."""
    host = paste.evidence.host
    return host is not None and any(s.backend in _TORCH_CUDA for s in host.signals)


def _for_the_accelerator_shown(found: Sequence[Finding], paste: Pasted) -> tuple[Finding, ...]:
    """A paste that shows another accelerator and no NVIDIA or AMD GPU is judged for that
    accelerator: no finding about torch.cuda's builds, and no line that installs a CUDA or
    ROCm build of torch. torch-npu runs on torch's CPU wheel (https://github.com/Ascend/pytorch,
    README "Installation": `pip3 install torch==2.1.0` before torch-npu), Gaudi's plugin on
    Intel's own torch, an XPU or macOS wheel has no CUDA: a CUDA build there is no remedy."""
    if not accelerators_shown(paste) or gpu_of_cuda_shown(paste):
        return tuple(found)
    kept: list[Finding] = []
    for item in found:
        if item.backend in _TORCH_CUDA:
            continue
        if item.remedy and any(s in item.remedy for s in _CUDA_INSTALL):
            lines = [
                line
                for line in item.remedy.splitlines()
                if not any(s in line for s in _CUDA_INSTALL)
            ]
            item = dataclasses.replace(item, remedy="\n".join(lines) or None)
        kept.append(item)
    return tuple(kept)


# The findings a reply is posted for (PasteReport.post: one of these resting on the paste).
_POSTED: Final = frozenset({Severity.ERROR, Severity.WARNING})
# At most this many questions in a posted reply (issue 42: "the one or two inputs that would
# settle its finding"); the JSON's not_checked and the terminal keep every one.
_ASKED: Final = 2


# The findings a check that ran on part of its evidence (`_gaps`) would change, by code
# prefix: the architecture torch was built for settles a kernel finding, not a hidden device.
_GAP_FINDINGS: Final = {
    "arch compiled": ("device.",),
    "torch said no code": ("device.",),
    "nvidia driver": ("driver.",),
    "build for hardware": ("torch.",),
    "apple silicon": ("mps.",),
}


def _gap_for(gap: Question, finding: Finding) -> bool:
    prefixes = [p for check in gap.checks for p in _GAP_FINDINGS.get(check, ("",))]
    return finding.code.startswith(tuple(prefixes))


def _parts(finding: Finding) -> tuple[str, ...]:
    return next(parts for prefix, parts in _RESTS_ON if finding.code.startswith(prefix))


def _settling(
    posted: Sequence[Finding],
    asked: Sequence[Question],
    gaps: Sequence[Question],
    facts: _Read,
) -> tuple[str, ...]:
    """The commands whose output would settle the findings a reply is posted for, the first
    finding's first, at most two: a question about a part of the evidence a finding rests on
    that the paste does not show (a driver finding on a paste without the driver's version),
    or a check that ran on part of it (a GPU named, its architecture not). The install of
    hwdoctor only where nothing else shows that part (what a probe saw fail: an extension
    finding on pins alone); a reply that could settle its finding without it does not ask
    for it."""
    chosen: list[str] = []
    for item in posted:
        parts = set(_parts(item))
        lacking = {part for part in parts if not facts.used.get(part)}
        wanted = [q.command for q in gaps if parts & set(q.shows) and _gap_for(q, item)] + [
            q.command for q in asked if lacking & set(q.shows)
        ]
        others = [c for c in wanted if c != SAVE_EVIDENCE]
        for command in others or wanted:
            if command not in chosen:
                chosen.append(command)
    return tuple(chosen[:_ASKED])


class _Read:
    """The paste's facts by key, and the parts of the evidence each was used for: those
    gathering made the evidence from, and those the findings made here rest on."""

    def __init__(self, paste: Pasted) -> None:
        self.used: dict[str, list[PastedFact]] = {k: list(v) for k, v in paste.used.items()}
        self._by_key: dict[FactKey, list[PastedFact]] = {}  # indexed once: a paste can hold many
        for fact in paste.facts:
            self._by_key.setdefault(fact.key, []).append(fact)

    def all(self, key: FactKey) -> list[PastedFact]:
        return list(self._by_key.get(key, ()))

    def one(self, key: FactKey) -> PastedFact | None:
        """The value of a scalar fact; None when absent, unknown, or stated differently
        (gathering lists the difference under Skipped)."""
        found = [f for f in self.all(key) if f.known]
        if len({f.value.strip().lower() for f in found}) != 1:
            return None
        return found[0]

    def use(self, part: str, *facts: PastedFact | None) -> None:
        self.used.setdefault(part, []).extend(f for f in facts if f is not None)


def _settings(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """What a setting the paste shows makes the libraries do there, by the live explain's
    rules: accelerate env's saved `use_cpu: True` is ACCELERATE_USE_CPU=True in every process
    `accelerate launch` starts (the config's field since huggingface/accelerate#263, 2022;
    accelerate/utils/launch.py prepare_simple_launcher_cmd_env), which the rules turn into
    PartialState(cpu=True)."""
    said = facts.one(FactKey.ACCELERATE_USE_CPU)
    if said is None or not strtobool(said.value) or evidence.torch is None:
        return ()
    given = rules.inputs(evidence)
    launched = dataclasses.replace(given, env={**given.env, "ACCELERATE_USE_CPU": said.value})
    state = _predicted(rules.training, launched).accelerate
    # What torch said it sees: its answer is the paste's, however many devices (often unshown).
    seen = [
        registry.BY_KEY[key].device
        for key, backend in (evidence.backends or {}).items()
        if backend.available
        and key in registry.BY_KEY
        and registry.BY_KEY[key].query.kind is not registry.QueryKind.CPU
    ]
    said_seen = facts.one(FactKey.CUDA_AVAILABLE) or facts.one(FactKey.ACCELERATOR)
    if state.device.split(":", 1)[0] != registry.HOST or not seen or said_seen is None:
        return ()
    facts.use("accelerate", said)
    return (
        finding(Code.ACCELERATE_CONFIG_CPU, value=said.value, device=state.device,
                torch=evidence.torch.version or "(version not shown)", seen=seen[0]),
    )  # fmt: skip


_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
# The backends torch.cuda answers for (CUDA's and ROCm's builds).
_TORCH_CUDA: Final = tuple(
    b.key for b in registry.BACKENDS if b.query.build in (registry.Build.CUDA, registry.Build.ROCM)
)


# Operators a source says a torch release implements on MPS, for a paste of an older one:
# operator → (release, source).
MPS_OPERATOR_SINCE: Final = {
    "aten::_index_put_impl_": (
        "1.13",
        "pytorch/pytorch#77764, a maintainer's comment of 2022-09-30: the 1.13 nightly "
        "implements it",
    ),
}


def _symptoms(facts: _Read) -> set[str]:
    """The backends the paste shows failing: torch answered False for them, or raised about
    them."""
    failing: set[str] = set()
    if any(f.value == "false" for f in facts.all(FactKey.MPS_AVAILABLE)) or any(
        facts.all(key) for key in (FactKey.MESSAGE_MPS_MACOS, FactKey.MESSAGE_MPS_OP_MACOS,
                                   FactKey.MESSAGE_MPS_OPERATOR, FactKey.MESSAGE_MPS_NOT_BUILT)
    ):  # fmt: skip
        failing.add(_MPS)
    said = facts.one(FactKey.CUDA_AVAILABLE)
    if (said and said.value.strip().lower() in ("false", "no")) or facts.all(
        FactKey.MESSAGE_NO_GPUS
    ):
        failing.update(_TORCH_CUDA)
    return failing


def _by_symptom(found: Sequence[Finding], facts: _Read) -> tuple[Finding, ...]:
    """The findings about what the paste shows failing first (an M1's "MPS is not available"
    is answered by the MPS finding before the companions' pins), in their order otherwise."""
    failing = _symptoms(facts)
    return tuple(sorted(found, key=lambda f: 0 if f.backend in failing else 1))


_COMPANIONS: Final = ("torchvision", "torchaudio")


def _reconciled(found: tuple[Finding, ...], paste: Pasted) -> tuple[Finding, ...]:
    """No remedy undoes another's: where a finding about a backend the paste shows failing
    keeps the installed torch, and a companion's pin would move torch to a release without
    that backend (torchvision 0.12's torch 1.11 has no MPS), the companion moves to the
    installed torch instead."""
    evidence = paste.evidence
    torch = evidence.torch.version if evidence.torch else None
    kept = [
        f
        for f in found
        if f.backend in registry.BY_KEY
        and registry.BY_KEY[f.backend].torch_since
        and not f.code.startswith("extension.")
    ]
    if torch is None or not kept:
        return found
    backend = registry.BY_KEY[kept[0].backend or ""]
    out: list[Finding] = []
    for item in found:
        spec, package = item.params.get("spec", ""), item.params.get("package", "")
        target = spec.lstrip("=<>~!").rstrip(".*")
        companion = remedies.companion_pin(package, torch) if package in _COMPANIONS else None
        if (
            item.code != Code.EXTENSION_TORCH_MISMATCH.value
            or companion is None
            or not target
            or not versions.satisfies(target, f"<{backend.torch_since}")
        ):
            out.append(item)
            continue
        why = f"which {kept[0].code} keeps (torch{spec} has no {backend.hardware} backend)"
        # A nightly's companion is on PyTorch's nightly index, which the wheel table does not
        # list: said in words, never written as an index line.
        nightly = ".dev" in companion
        line = companion if nightly else remedies.pip(remedies.installer(evidence.python),
                                                      "install", companion)  # fmt: skip
        out.append(finding(Code.EXTENSION_TORCH_MISMATCH, backend=item.backend,
                           variant="keep_nightly" if nightly else "keep_torch",
                           package=package, version=item.params.get("version", ""), spec=spec,
                           torch=torch, kept=why, companion=line))  # fmt: skip
    return tuple(out)


def _mps_operators(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """torch's NotImplementedError for an operator without an MPS kernel: the operator, the
    torch version, the fallback and its cost, and a newer torch where a source says one has
    it."""
    found: list[Finding] = []
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    for said in {f.value: f for f in facts.all(FactKey.MESSAGE_MPS_OPERATOR)}.values():
        facts.use("mps.operator", *[f for f in facts.all(FactKey.MESSAGE_MPS_OPERATOR)
                                     if f.value == said.value])  # fmt: skip
        since = MPS_OPERATOR_SINCE.get(said.value.rstrip("."))
        newer = ""
        if since and (torch is None or versions.satisfies(torch, f"<{since[0]}")):
            newer = f"torch {since[0]} and newer implement it on MPS ({since[1]})"
        found.append(finding(Code.MPS_OPERATOR, backend=_MPS, operator=said.value,
                             torch=torch or "(version not shown)", newer=newer))  # fmt: skip
    return tuple(found)


_CUDA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)
# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
_XPU: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.XPU)
# the backend whose Python module is torch-neuronx's, by its query (registry.py)
_NEURON: Final = next(b.key for b in registry.BACKENDS if b.query.module == "torch.neuron")
_HPU: Final = next(b.key for b in registry.BACKENDS if any(t.argv[0] == "hl-smi" for t in b.tools))


def _no_driver(evidence: Evidence, facts: _Read, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """torch's "Found no NVIDIA driver on your system": its CUDA build asked the CUDA driver
    for the GPUs and no driver answered (c10/cuda/CUDAFunctions.cpp, device_count_impl:
    cudaErrorInsufficientDriver with cudaDriverGetVersion() giving 0). A warning, not an
    error: on a machine without an NVIDIA GPU torch runs on the CPU as it should. Where
    another driver finding already speaks (nvidia-smi's own refusal, a GPU on the bus with
    no module loaded), that one says it."""
    said = facts.all(FactKey.MESSAGE_NO_DRIVER)
    if not said or any(f.code.startswith("driver.") for f in found):
        return ()
    facts.use("driver", said[0])
    torch = evidence.torch.version if evidence.torch and evidence.torch.version else None
    variant = None if torch else "version_unknown"
    return (finding(Code.DRIVER_NOT_FOUND, backend=_CUDA, torch=torch or "", variant=variant),)


# Messages that name their cause by themselves, each read by the messages reader (which cites
# the code that prints it), and the finding that says it: CUDA error 804, docker without a
# GPU runtime, flash-attn on a GPU older than Ampere, bitsandbytes without its CUDA library,
# vLLM with no device, bf16 asked of a GPU without it.
_STATED: Final = {
    FactKey.MESSAGE_FORWARD_COMPAT: Code.DRIVER_FORWARD_COMPAT,
    FactKey.MESSAGE_CONTAINER_NO_GPU: Code.CONTAINER_RUNTIME_NO_GPU,
    FactKey.MESSAGE_FLASH_ATTN_ARCH: Code.EXTENSION_ARCH_UNSUPPORTED,
    FactKey.MESSAGE_BNB_NO_GPU: Code.BNB_WITHOUT_GPU,
    FactKey.MESSAGE_VLLM_NO_DEVICE: Code.VLLM_NO_DEVICE,
    FactKey.MESSAGE_BF16_UNSUPPORTED: Code.BF16_UNSUPPORTED,
}


def _stated(facts: _Read) -> tuple[Finding, ...]:
    """A finding for each message that states its cause, resting on its first line."""
    found: list[Finding] = []
    for key in _STATED:
        said = facts.all(key)
        if said:
            code = _STATED[key]
            facts.use("stated", said[0])
            found.append(finding(code, backend=_CUDA))
    return tuple(found)


# issue 38: XPU / MPS / Gaudi / Neuron errors in pasted reports
def _stated_with_words(evidence: Evidence, facts: _Read) -> tuple[Finding, ...]:
    """Messages that name their cause and what it was about, each read by the messages
    reader (which cites the code that prints it): torch's MPS allocator past its limit or
    asked for a buffer larger than Metal allows, glibc refusing a library that asks for an
    executable stack. The finding is for the accelerator the message is of (MPS), or for
    none (a library of any backend); it rests on the first line that says it and the first
    that says it whole (an issue's title, then the log's line with the sizes)."""
    found: list[Finding] = []
    if said := facts.all(FactKey.MESSAGE_MPS_OOM):
        sized = next((f for f in said if f.value != "MPS backend out of memory"), said[0])
        facts.use("stated", said[0], *([sized] if sized is not said[0] else []))
        found.append(finding(Code.MPS_OUT_OF_MEMORY, backend=_MPS, said=sized.value))
    if said := facts.all(FactKey.MESSAGE_MPS_BUFFER):
        facts.use("stated", said[0])
        found.append(finding(Code.MPS_BUFFER_TOO_LARGE, backend=_MPS, size=said[0].value))
    if said := facts.all(FactKey.MESSAGE_EXECSTACK):
        named = next((f for f in said if f.name), said[0])
        facts.use("stated", said[0], *([named] if named is not said[0] else []))
        library, path = named.name or "", named.value
        variant = None if path.startswith("/") else "name_only" if library else "unnamed"
        found.append(finding(Code.LIBRARY_EXECSTACK, library=library, path=path, variant=variant))
    if said := facts.all(FactKey.MESSAGE_XPU_NOT_BUILT):
        facts.use("stated", said[0])
        way = remedies.installer(evidence.python)
        install = remedies.install(registry.BY_KEY[_XPU], way, replace=True, evidence=evidence)
        found.append(finding(Code.XPU_NOT_BUILT, backend=_XPU, said=said[0].value, install=install))
    found.extend(_intel_igpu(facts))
    found.extend(_hpu_acquire(facts))
    if said := facts.all(FactKey.MESSAGE_HABANA_MISSING):
        facts.use("stated", said[0])
        found.append(finding(Code.HPU_BRIDGE_MISSING, backend=_HPU, module=said[0].value))
    if said := facts.all(FactKey.MESSAGE_NEURON_DRIVER):
        facts.use("stated", said[0])
        variant = "incompatible" if "not compatible" in said[0].value else None
        neuron = finding(
            Code.NEURON_DRIVER_UNUSABLE, backend=_NEURON, said=said[0].value, variant=variant
        )
        found.append(neuron)
    return tuple(found)


def _hpu_acquire(facts: _Read) -> tuple[Finding, ...]:
    """Gaudi's "Device acquire failed": with the host's release (hl-smi's driver, the
    reporter's SynapseAI) and the container image's both shown and apart, that is the
    cause; otherwise the failure, with what it can be (another process holds the device
    where the status says so)."""
    said = facts.all(FactKey.MESSAGE_HPU_ACQUIRE)
    if not said:
        return ()
    first = next((f for f in said if f.value.startswith("synStatus")), said[0])
    hosts = {f.value: f for f in facts.all(FactKey.HABANA_HOST)}
    images = {f.value: f for f in facts.all(FactKey.HABANA_IMAGE)}
    apart = [
        (host, image)
        for host in hosts.values()
        for image in images.values()
        if host.value.split(".")[:2] != image.value.split(".")[:2]
    ]
    if len(hosts) == 1 and len(images) == 1 and apart:
        host, image = apart[0]
        facts.use("stated", first, host, image)
        status, host_release, image_release = first.value, host.value, image.value
        return (
            finding(
                Code.HPU_VERSIONS_APART,
                backend=_HPU,
                said=status,
                host=host_release,
                image=image_release,
            ),
        )
    facts.use("stated", said[0], first)
    variant = "already_acquired" if first.value.startswith("synStatus=20 ") else None
    return (finding(Code.HPU_ACQUIRE_FAILED, backend=_HPU, said=first.value, variant=variant),)


def _intel_igpu(facts: _Read) -> tuple[Finding, ...]:
    """The XPU runtime found no device, and the only Intel GPU the paste names is an
    integrated one the XPU support lists leave out (Iris Xe, UHD): that GPU is why. Where
    the paste names a GPU on the lists too (an Arc A770 beside a UHD 770), the empty count
    has another cause (the driver, the render group) and this says nothing."""
    said = facts.all(FactKey.MESSAGE_XPU_NO_DEVICE)
    igpu = facts.all(FactKey.MESSAGE_INTEL_IGPU)
    if not said or not igpu or facts.all(FactKey.MESSAGE_INTEL_XPU_GPU):
        return ()
    facts.use("stated", said[0], igpu[0])
    gpu = igpu[0].value
    return (finding(Code.XPU_IGPU_UNSUPPORTED, backend=_XPU, said=said[0].value, gpu=gpu),)


def _predicted(decide: Callable[[Inputs], T], given: Inputs) -> T:
    """A decision by the tables of the paste's release; a release older than every table
    (accelerate 0.16 in a 2023 paste) by the newest ones, for the steps this module asks
    about (PartialState(cpu=True), an available accelerator) read the same in every table."""
    try:
        return decide(given)
    except rules.OutsideTables:
        return decide(rules.as_newest(given))


def _unread(paste: Pasted, resting: Sequence[PastedFact]) -> tuple[QuotedLine, ...]:
    """The lines that look like an error and that no finding accounts for: a finding rests on
    the line, or on what the line says (the same message repeated: "found version 11040"
    twice). A line read as a fact that no finding uses is listed too: hwdoctor has no
    explanation for it, and silence would read as health."""
    said = {(f.key, f.name, f.value) for f in resting}
    on_line: dict[int, list[PastedFact]] = {}
    for fact in paste.facts:
        on_line.setdefault(fact.line, []).append(fact)
    accounted = {f.line for f in resting} | {
        line
        for line, facts in on_line.items()
        if any((f.key, f.name, f.value) in said for f in facts)
    }
    # An error line by its shape, or by a message that states an error wherever it stands.
    stated = {f.line: f.quote for f in paste.facts if f.key in STATED_ERRORS}
    candidates = {**stated, **{q.line: q for q in paste.errors}}
    unread: list[QuotedLine] = []
    for quote in sorted(candidates.values(), key=lambda q: -q.line):  # last first: "A:" then B
        text = quote.text.strip().strip("`'\"")
        # An exception's name whose message is the next line ("AssertionError:" then torch's
        # words, as 1.x printed it), or how the process ended right after an error accounted
        # for ("Aborted (core dumped)"): the same error.
        if (
            quote.line in accounted
            or (text.endswith(":") and quote.line + 1 in accounted)
            or (_PROCESS_END.match(text) and {quote.line - 1, quote.line - 2} & accounted)
        ):
            accounted.add(quote.line)
            continue
        unread.append(quote)
    return tuple(sorted(unread, key=lambda q: q.line))


def _questions(not_checked: Sequence[NotChecked]) -> tuple[Question, ...]:
    """One question per command: what it would show, and the checks waiting for it."""
    unknowns: dict[str, list[str]] = {}
    waiting: dict[str, list[str]] = {}
    shows: dict[str, dict[str, None]] = {}
    for item in not_checked:
        for section, unknown, command in QUESTIONS:
            if section.value in item.missing:
                said = unknowns.setdefault(command, [])
                if unknown not in said:
                    said.append(unknown)
                waiting.setdefault(command, []).append(label(item.check))
                shows.setdefault(command, {}).update(dict.fromkeys(_SHOWS[section]))
                break
    return tuple(
        Question("; ".join(unknowns[command]), tuple(names), command, shows=tuple(shows[command]))
        for command, names in waiting.items()
    )


def label(check: str) -> str:
    """A check's name as the JSON writes it: "hidden_devices" → "hidden devices"."""
    return check.replace("_", " ")


def _one_per_command(questions: Sequence[Question]) -> tuple[Question, ...]:
    """One question per command, in the order first asked: two things the same command
    shows (the Python version, the torch version: collect_env) are asked for once. Each
    says in words what it is needed for (the catalogue's words for its checks)."""
    merged: dict[str, Question] = {}
    for question in questions:
        before = merged.get(question.command)
        if before is not None:
            unknown = before.unknown if question.unknown in before.unknown.split("; ") else (
                f"{before.unknown}; {question.unknown}")  # fmt: skip
            question = dataclasses.replace(
                before, unknown=unknown, subjects=(*before.subjects, *question.subjects),
                checks=tuple(dict.fromkeys((*before.checks, *question.checks))),
                shows=tuple(dict.fromkeys((*before.shows, *question.shows))),
            )  # fmt: skip
        merged[question.command] = question
    return tuple(
        dataclasses.replace(q, needed_for=tuple(dict.fromkeys(words_for(c) for c in q.checks)))
        for q in merged.values()
    )


def _gaps(evidence: Evidence, found: Sequence[Finding], other: bool) -> tuple[Question, ...]:
    """Checks that ran on part of what they need: what they could not judge, and how to
    find out; `other`: the paste shows an accelerator beyond torch.cuda's, whose machine is
    not asked whether it has an NVIDIA or AMD GPU."""
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
        # torch's own word on the driver or on the GPU's code: the driver's version is then
        # not what the reply waits for.
        said = facts.driver_said is not None or facts.no_code is not None
        if (
            nvidia
            and not driver_known
            and not said
            and not any(c.startswith("driver.") for c in codes)
        ):
            gaps.append(Question("the NVIDIA driver's version", ("nvidia driver",), "nvidia-smi",
                                 shows=("driver",)))  # fmt: skip
    if torch is not None and torch.version is None and torch.build:
        gaps.append(Question("the torch version", ("torch requirements",), COLLECT_ENV,
                             shows=("torch",)))  # fmt: skip
    signals = {s.backend for s in host.signals} if host else set()
    gpu_keys = {b.key for b, _ in gpu_backends}
    if (
        torch is not None
        and torch.build == registry.Build.CPU.value
        and not (signals & gpu_keys)
        and not other
        and "torch.cpu_only_build" not in codes
    ):
        gaps.append(
            Question(
                "whether the machine has an NVIDIA or AMD GPU",
                ("build for hardware",),
                "nvidia-smi || rocm-smi",
                shows=("gpus",),
            )
        )
    for backend, command in gpu_backends:
        facts = backends.get(backend.key)
        no_code = facts.no_code if facts else None
        architecture = facts is not None and any(d.capability for d in facts.devices)
        if facts is not None and no_code and not architecture and not (host and host.gfx_targets):
            gaps.append(
                Question(
                    "which GPU torch found no code for, and its architecture",
                    ("torch said no code",),
                    command,
                    shows=("gpus",),
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
                shows=("torch",),
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
                             command, subjects=unknown, shows=("gpus",)))  # fmt: skip
    if facts.devices and not facts.arch_list:
        gaps.append(
            Question(
                "which GPU architectures the installed torch was built for",
                ("arch compiled",),
                'python -c "import torch; print(torch.cuda.get_arch_list())"',
                shows=("torch",),
            )
        )
    return gaps


def _resting(finding: Finding, facts: _Read) -> list[PastedFact]:
    """The facts a finding rests on; of facts that say the same thing (a GPU listed a
    thousand times), the first: the reply stays as long as what it says."""
    parts = next(parts for prefix, parts in _RESTS_ON if finding.code.startswith(prefix))
    chosen: dict[tuple[str, str | None, str], PastedFact] = {}
    for part in parts:
        used = facts.used.get(part, [])
        if part == "packages":
            wanted = {finding.params.get("package", ""), "torch"}
            used = [f for f in used if f.name in wanted]
        if finding.code == "mps.operator_not_implemented":  # one finding per operator
            operator = finding.params.get("operator")
            used = [
                f for f in used if f.key is not FactKey.MESSAGE_MPS_OPERATOR or f.value == operator
            ]
        if finding.code.startswith(_BUILD_UNUSED):
            used = [f for f in used if f.key not in _BUILD_KEYS]
        for fact in used:
            chosen.setdefault((fact.key, fact.name, fact.value), fact)
    return list(chosen.values())


def _quoted(resting: Sequence[PastedFact]) -> tuple[QuotedLine, ...]:
    """The lines facts rest on, one per line, in the order of the paste."""
    return tuple(f.quote for f in by_line(resting))


def read_facts(paste: Pasted) -> tuple[ReadFact, ...]:
    """Every fact a section was made from, once, in the order of the paste."""
    evidence = paste.evidence
    used = [fact for part in paste.used.values() for fact in part]
    seen: set[tuple[str, str | None, int | None, str]] = set()
    shown: set[tuple[str, str | None, int | None, str, int]] = set()
    read: list[ReadFact] = []
    devices = {d.name: d.capability for b in (evidence.backends or {}).values() for d in b.devices}
    run: tuple[int, int, str] | None = None  # GPUs alike in a row: first index, last, value
    for fact in sorted(used, key=lambda f: f.line):
        key = (fact.key, fact.name, fact.index, fact.value)
        if fact.key is FactKey.PROSE_ACCELERATOR:  # one entry an accelerator, however named
            key = (fact.key, fact.name, None, "")
        if key in seen or not fact.known:
            continue
        seen.add(key)
        what = _WHAT.get(fact.key) or fact.name or fact.key.value
        if fact.key in (FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
            what = f"package {fact.name}"
        elif fact.key == FactKey.AMD_GPU:
            what, value = f"AMD GPU {fact.index}", "listed"
        elif fact.key == FactKey.ASCEND_CHIP:
            what = f"NPU {fact.index}"
        value = fact.shown
        if fact.key is FactKey.PROSE_ACCELERATOR and fact.name in registry.BY_KEY:
            value = registry.BY_KEY[fact.name].hardware
        # one line can say one thing twice (`[pip3] torch==2.5.1` is a listing and reads
        # as prose too): one entry a thing said on a line
        said = (what, fact.name, fact.index, value.strip(), fact.line)
        if said in shown:
            continue
        shown.add(said)
        if fact.key == FactKey.PROSE_WINDOWS_PATH:
            value = f"Windows (a path: {value})"
        if fact.key in (FactKey.GPU, FactKey.MESSAGE_UNSUPPORTED_GPU, FactKey.PROSE_GPU):
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
        read.append(ReadFact(what, value, fact.quote))
    return tuple(read)
