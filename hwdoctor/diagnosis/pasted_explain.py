"""`explain --from` a pasted report: which device each library would pick on that machine,
by the decision tables, or "unknown" naming the input the paste does not show.

A paste shows part of a machine. Each input the tables read that it does not show takes
every value it could have there: each release the tables were read from (for a version not
shown, or older than every table), CUDA seen or not, one GPU or two, an accelerator
extension installed or not (where the paste does not rule it out: its OS, torch's build, a
package list that runs past the extension's name, an "… available: False" line). An answer
that holds in all of them is the answer; one that changes is "unknown", and names the inputs
that change it. Nothing the paste does not show is guessed.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Final

from hwdoctor import registry, rules, versions
from hwdoctor.diagnosis import pasted as pasted_diagnosis
from hwdoctor.model.decisions import AccelerateDecision, Standing, StepTrace
from hwdoctor.model.facts import BackendFacts, Device, Evidence
from hwdoctor.model.pasted import FactKey, Pasted, PastedFact, by_line
from hwdoctor.model.reports import NotShown, PastedDecision, PastedExplanation
from hwdoctor.rules import provenance, tables
from hwdoctor.rules.engine import Inputs, Table, strtobool

# The inputs a paste may lack (NotShown.key), and the command that shows each.
TORCH: Final = "torch"
CUDA: Final = "cuda.available"
COUNT: Final = "gpu.count"
EXTENSIONS: Final = "extensions"
CONFIG: Final = "accelerate.config"
ENVIRONMENT: Final = "environment"
_COLLECT_ENV: Final = pasted_diagnosis.COLLECT_ENV
_COMMANDS: Final = {
    "transformers": "transformers env",  # `transformers-cli env` before 5.0
    "accelerate": "accelerate env",
    TORCH: _COLLECT_ENV,
    CUDA: _COLLECT_ENV,
    COUNT: _COLLECT_ENV,
    EXTENSIONS: "python -m pip list",
    CONFIG: "accelerate env",
    ENVIRONMENT: "env | grep -E 'ACCELERATE|LOCAL_RANK|WORLD_SIZE|VISIBLE_DEVICES|USE_TORCH_XLA'",
}
# The variables the tables read, which a paste rarely shows: the answers are for a plain
# `python script.py` where none is set, unless the paste shows it.
_VARIABLES: Final = ("ACCELERATE_USE_CPU", "ACCELERATE_TORCH_DEVICE", "LOCAL_RANK",
                     "WORLD_SIZE", "CUDA_VISIBLE_DEVICES", "USE_TORCH_XLA")  # fmt: skip

# The decisions, in the order a report shows them.
TRAINING: Final = "TrainingArguments"
N_GPU: Final = "n_gpu"
STATE: Final = "PartialState"
FROM_PRETRAINED: Final = "from_pretrained"
DEVICE_MAP: Final = 'device_map="auto"'
PIPELINE: Final = "pipeline"
LAUNCH: Final = "accelerate launch"

_HOST: Final = registry.HOST
# torch.cuda's device type, and the registry row it answers for by torch's build (CUDA's,
# or ROCm's: AMD GPUs use the same device string)
_CUDA_BUILDS: Final = (registry.Build.CUDA, registry.Build.ROCM)
_ROW_OF_BUILD: Final = {b.query.build.value: b.key for b in registry.BACKENDS
                        if b.query.build in _CUDA_BUILDS}  # fmt: skip
# Backends built into torch's own wheels of their kind (XPU builds; the macOS wheels, MPS):
# a CUDA, ROCm or +cpu build shown rules them out.
_OWN_WHEELS: Final = (registry.Build.XPU, registry.Build.MPS)
_CUDA_DEVICE: Final = registry.BY_KEY[_ROW_OF_BUILD[registry.Build.CUDA.value]].device
_CUDA_ROWS: Final = registry.keys_for_device(_CUDA_DEVICE)
_COUNT_SAID: Final = re.compile(r" \(\d+ devices?\)")
_TORCH_CUDA: Final = "torch.cuda"  # the dimension of what torch.cuda sees: none, 1, 2


@dataclasses.dataclass(frozen=True)
class _Answer:
    text: str
    reason: str
    steps: tuple[StepTrace, ...]


def explain(paste: Pasted, *, use_cpu: bool = False) -> PastedExplanation:
    """Each decision on the machine `paste` came from, or unknown with what it lacks."""
    evidence = paste.evidence
    facts = _Facts(paste)
    given = rules.inputs(evidence, use_cpu)
    tables_of = rules.coverage(given)
    shown_env = {k: v for k, v in (evidence.env or {}).items() if k in _VARIABLES}
    shown = _Shown.of(paste, facts)
    if evidence.torch is None or not evidence.torch.importable:
        decisions, not_shown = _without_torch(evidence, facts, shown)
    else:
        decisions, not_shown = _decide(evidence, facts, given, shown)
    return PastedExplanation(
        blocks=paste.blocks,
        facts=pasted_diagnosis.read_facts(paste),
        decisions=decisions,
        not_shown=not_shown,
        tables=tables_of,
        supported=rules.supported(),
        skipped=paste.skipped,
        lines=paste.lines,
        use_cpu=use_cpu,
        environment=shown_env,
    )


class _Facts:
    """The paste's facts by key."""

    def __init__(self, paste: Pasted) -> None:
        self.by_key: dict[FactKey, list[PastedFact]] = {}
        for fact in paste.facts:
            self.by_key.setdefault(fact.key, []).append(fact)

    def all(self, key: FactKey) -> list[PastedFact]:
        return list(self.by_key.get(key, ()))

    def one(self, key: FactKey) -> PastedFact | None:
        found = [f for f in self.all(key) if f.known]
        return found[0] if len({f.value.strip().lower() for f in found}) == 1 else None

    def truth(self, key: FactKey | None) -> tuple[bool | None, PastedFact | None]:
        said = self.one(key) if key is not None else None
        value = strtobool(said.value) if said is not None else None
        return value, said if value is not None else None


# --- the accelerators beyond torch.cuda's that the paste shows -----------------------------


@dataclasses.dataclass(frozen=True)
class _Shown:
    """The accelerators other than torch.cuda's the paste shows the machine has (its
    extension listed or named, torch's own wheel of its kind, Apple Silicon under macOS):
    `possible`, those whose availability it does not show, each a stated possibility of its
    own, never False; `lines`, what shows them; `cuda_gpu`, whether it shows an NVIDIA or
    AMD GPU (without one, torch.cuda sees no GPU there: no cuda:0 is offered)."""

    possible: tuple[str, ...]
    lines: tuple[PastedFact, ...]
    cuda_gpu: bool

    @classmethod
    def of(cls, paste: Pasted, facts: _Facts) -> _Shown:
        shown = pasted_diagnosis.accelerators_shown(paste)
        known = paste.evidence.backends or {}
        possible = tuple(
            key
            for key in shown
            if key not in known
            and facts.truth(FactKey.available(registry.BY_KEY[key].device))[0] is None
        )
        lines = tuple(by_line(f for found in shown.values() for f in found))
        return cls(possible, lines, pasted_diagnosis.gpu_of_cuda_shown(paste))


def available_key(key: str) -> str:
    """The NotShown key of "whether torch sees <row>'s device": "mps.available"."""
    return f"{registry.BY_KEY[key].device}.available"


def probe(key: str) -> str:
    """What answers whether torch sees a row's device, as a user types it:
    torch.backends.mps.is_available(), torch.npu.is_available() (registry row `query`)."""
    query = registry.BY_KEY[key].query
    if query.kind is registry.QueryKind.XLA:
        return "torch_xla.runtime.device_type()"
    return f"{query.module}.is_available()"


def _probe_command(key: str) -> str:
    module = registry.BY_KEY[key].module
    imports = f"torch, {module}" if module else "torch"
    return f'python -c "import {imports}; print({probe(key)})"'


# --- what the paste shows of CUDA --------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Cuda:
    """What the paste shows of torch.cuda: whether it sees a GPU, and how many."""

    available: bool | None
    count: int | None  # when available: the GPUs listed by index (None: not shown)
    row: str  # the registry row torch.cuda answers for here: cuda, or rocm on a ROCm build
    devices: tuple[Device, ...]
    said: tuple[PastedFact, ...]  # the lines it rests on


def _cuda(evidence: Evidence, facts: _Facts, shown: _Shown) -> _Cuda:
    torch = evidence.torch
    build = torch.build if torch else None
    row = _ROW_OF_BUILD.get(build or "", _ROW_OF_BUILD[registry.Build.CUDA.value])
    available, said = facts.truth(FactKey.CUDA_AVAILABLE)
    rests: list[PastedFact] = [said] if said else []
    accelerator = facts.one(FactKey.ACCELERATOR)
    if available is None and accelerator is not None:
        # transformers env 5.x: "(CUDA)" when torch.cuda sees a GPU, else another type or NA
        available = accelerator.value.strip().lower() == _CUDA_DEVICE
        rests.append(accelerator)
    if available is None and build is not None and build not in _ROW_OF_BUILD:
        available = False  # a build without CUDA or ROCm: torch.cuda sees nothing
        rests += [f for f in (facts.one(FactKey.TORCH_VERSION), facts.one(FactKey.TORCH_CUDA)) if f]
    indexed = {
        f.index: f
        for f in facts.all(FactKey.GPU) + facts.all(FactKey.AMD_GPU)
        if f.index is not None
    }
    if available is None and shown.lines and not shown.cuda_gpu and not indexed:
        # The paste shows another accelerator (torch-npu named, a Gaudi, an XPU wheel) and no
        # NVIDIA or AMD GPU: torch.cuda has none to see there.
        available = False
        rests += shown.lines
    known = (evidence.backends or {}).get(row)
    devices: tuple[Device, ...] = ()
    count: int | None = None
    if indexed:
        count = len(indexed)
        if known is not None and known.available and known.device_count:
            count = known.device_count  # a visibility variable the paste shows, applied
        listed = known.devices if known is not None else ()
        devices = tuple(listed[:count]) if len(listed) >= count else ()
        rests += by_line(indexed.values())
    return _Cuda(available, count, row, devices, tuple(rests))


# --- the accelerator extensions the paste does not rule out -------------------------------


def _extensions(
    evidence: Evidence, facts: _Facts
) -> tuple[tuple[str, ...], tuple[PastedFact, ...]]:
    """The registry rows (other than torch.cuda's and the CPU) that could be usable there
    although the paste does not show them, and the lines that rule the others out."""
    host = evidence.host
    torch = evidence.torch
    listed = {
        versions.canonical_name(f.name or "") for f in facts.all(FactKey.PACKAGE) if f.name
    }  # fmt: skip
    # A package listing that shows torch (collect_env's [pip3]/[conda] lines, pip list) is
    # sorted by name: an extension that would stand before its last name is not installed.
    listing = bool(listed & {"torch", "pytorch"})
    last = max(listed) if listing else ""
    local = torch.version.rsplit("+", 1)[-1].lower() if torch and torch.version and "+" in (
        torch.version) else ""  # fmt: skip
    possible: list[str] = []
    ruling: list[PastedFact] = []
    for backend in registry.BACKENDS:
        if backend.device in (_CUDA_DEVICE, _HOST) or backend.key in (evidence.backends or {}):
            continue
        stated, said = facts.truth(FactKey.available(backend.device))
        if stated is not None:
            if said is not None:
                ruling.append(said)
            if stated:
                possible.append(backend.key)  # shown usable: its count is not shown
            continue
        if host is not None and host.platform and host.platform not in backend.platforms:
            continue  # an OS it does not exist on
        machine = host.machine if host is not None else "unknown"
        if backend.machine and machine not in ("unknown", backend.machine):
            continue
        if backend.query.build in _OWN_WHEELS and (
            (torch is not None and torch.build in _ROW_OF_BUILD)
            or local == registry.Build.CPU.value
        ):  # fmt: skip
            continue  # torch.xpu and torch.mps are in torch's own XPU and macOS wheels only
        if backend.module is not None and listing:
            dists = {versions.canonical_name(d) for d in backend.dists}
            if not dists & listed and all(d < last for d in dists):
                continue
        possible.append(backend.key)
    return tuple(possible), tuple(ruling)


# --- worlds: the paste's facts, and each value of what it does not show --------------------


@dataclasses.dataclass(frozen=True)
class _Dimension:
    key: str  # the NotShown key a difference along it names (torch.cuda's splits in two)
    values: tuple[str, ...]


_SHOWN: Final = "shown"
_NONE: Final = "none"


def _releases(library: str) -> tuple[str, ...]:
    """A release from each range the tables of `library` split at, oldest first."""
    found: set[str] = set()
    for value in vars(tables).values():
        if not (isinstance(value, tuple) and value and all(isinstance(t, Table) for t in value)):
            continue
        if value[0].library == library:
            for table in value:
                found.update(re.findall(r">=\s*([0-9][\w.]*)", table.versions))
    if library == "transformers":
        found.add(tables.HOST_RESERVE_SINCE)
    oldest = provenance.libraries()[library].oldest
    return tuple(
        sorted(
            (v for v in found if versions.satisfies(v, f">={oldest}") is True),
            key=lambda v: versions.parse(v) or versions.parse("0"),  # type: ignore[arg-type,return-value]
        )
    )


def _device(index: int) -> Device:
    # What get_max_memory asks of each device (a tensor, its free memory) is not what a
    # paste shows: the world grants it, and device_map's reason says so.
    return Device(index, None, free_memory_bytes=0, allocatable=True, accelerator_memory=True)


def _with_devices(facts: BackendFacts, count: int, devices: Sequence[Device]) -> BackendFacts:
    shown = tuple(
        dataclasses.replace(
            d, free_memory_bytes=d.free_memory_bytes or 0, allocatable=True, accelerator_memory=True
        )
        for d in devices
    )
    made = shown if len(shown) == count else tuple(_device(i) for i in range(count))
    return dataclasses.replace(facts, available=True, device_count=count, devices=made)


def _row(key: str, count: int) -> BackendFacts:
    return BackendFacts(key=key, installed=True, version=None, importable=True, autoloaded=True,
                        available=True, device_count=count,
                        devices=tuple(_device(i) for i in range(count)))  # fmt: skip


def _accelerator(extra: str, count: int) -> str | None:
    backend = registry.BY_KEY.get(extra)
    if backend is not None and backend.query.kind is registry.QueryKind.DEVICE_MODULE:
        return backend.device
    return _CUDA_DEVICE if count else None


def _decide(
    evidence: Evidence, facts: _Facts, given: Inputs, shown: _Shown
) -> tuple[tuple[PastedDecision, ...], tuple[NotShown, ...]]:
    cuda = _cuda(evidence, facts, shown)
    extensions, ruling = _extensions(evidence, facts)
    # An accelerator the paste shows is no extension that may or may not be there: whether
    # torch sees it is an input of its own, each value a world.
    extensions = tuple(k for k in extensions if k not in shown.possible)
    read = provenance.libraries()
    dimensions: list[_Dimension] = []
    version_notes: dict[str, str] = {}
    for library in rules.LIBRARIES:
        version = getattr(given, f"{library}_version")
        standing = read[library].standing(version) if version else None
        if standing in (Standing.COVERED, Standing.NEWER):
            continue
        dimensions.append(_Dimension(library, _releases(library)))
        version_notes[library] = version or ""
    if cuda.available is None:
        dimensions.append(_Dimension(_TORCH_CUDA, ("0", str(cuda.count or 1), *(
            ("2",) if cuda.count is None else ()))))  # fmt: skip
    elif cuda.available and cuda.count is None:
        dimensions.append(_Dimension(_TORCH_CUDA, ("1", "2")))
    dimensions += [_Dimension(available_key(key), (_NONE, key)) for key in shown.possible]
    if extensions:
        dimensions.append(_Dimension(EXTENSIONS, (_NONE, *extensions)))
    config = _config(facts)
    # An extension the paste shows usable ("PyTorch NPU available: True") is there in every
    # world; one it does not show, in one world at a time.
    usable = {k for k in extensions if facts.truth(FactKey.available(registry.BY_KEY[k].device))[0]}
    base_backends = {k: v for k, v in given.backends.items() if k not in _CUDA_ROWS}
    base_rows = {k: v for k, v in given.backends.items() if k in _CUDA_ROWS}

    def world(values: Mapping[str, str]) -> Inputs:
        backends = dict(base_backends)
        count = int(values[_TORCH_CUDA]) if _TORCH_CUDA in values else (
            (cuda.count or 1) if cuda.available else 0)  # fmt: skip
        rows = dict(base_rows)
        if count:
            known = rows.get(cuda.row) or _row(cuda.row, count)
            rows[cuda.row] = _with_devices(known, count, cuda.devices)
        else:
            rows = {k: dataclasses.replace(v, available=False, device_count=0)
                    for k, v in rows.items()}  # fmt: skip
        backends.update(rows)
        extra = values.get(EXTENSIONS, _NONE)
        for key in extensions:
            if key == extra or key in usable:
                backends[key] = _row(key, 1)
        seen = [k for k in shown.possible if values.get(available_key(k)) == k]
        for key in seen:
            backends[key] = _row(key, 1)
        if seen and extra == _NONE:
            extra = seen[0]
        return dataclasses.replace(
            given,
            backends=backends,
            transformers_version=values.get("transformers", given.transformers_version),
            accelerate_version=values.get("accelerate", given.accelerate_version),
            # torch.accelerator's answer: an extension's PrivateUse1 device comes before
            # torch's own (c10 getAccelerator); CUDA's when torch.cuda sees a GPU.
            accelerator=_accelerator(extra, count),
        )

    plain = [d for d in dimensions if d.key != EXTENSIONS]
    worlds = [dict(zip([d.key for d in plain], combo, strict=True))
              for combo in itertools.product(*(d.values for d in plain))]  # fmt: skip
    base = len(worlds)
    if extensions:
        # An extension's world, at the oldest and newest release of each library not shown
        # (where the tables add its step) and each value of CUDA: its condition on an answer.
        ends = [
            (d.values[0], d.values[-1]) if d.key in rules.LIBRARIES else d.values for d in plain
        ]
        keys = [*(d.key for d in plain), EXTENSIONS]
        worlds += [dict(zip(keys, combo, strict=True))
                   for combo in itertools.product(*ends, extensions)]  # fmt: skip
    launched = _launched(config)
    results = [_answers(world(values), launched) for values in worlds]
    rests = _rests(facts, cuda, ruling)
    for key in shown.possible:
        rests[available_key(key)] = shown.lines
    decided: list[PastedDecision] = []
    leaves: dict[str, list[str]] = {}
    conditioned: list[str] = []  # the decisions an extension not shown could change
    for name, call, parts in _DECISIONS:
        groups = list(zip(*(result[name] for result in results), strict=True))
        kept = [group[:base] for group in groups]
        first = kept[0][0]
        texts = tuple(dict.fromkeys(a.text for group in kept for a in group))
        if parts:  # an answer that reads torch's devices rests on what shows them too
            parts = (*parts, *(available_key(k) for k in shown.possible))
        quoted = tuple(f.quote for f in by_line(f for part in parts for f in rests.get(part, ())))
        if len(texts) > 1:
            missing = _missing(plain, worlds[:base], kept[0])
            if any(a.text != b.text for a, b in zip(kept[0], kept[-1], strict=True)):
                missing = (*missing, CONFIG)  # the config's use_cpu changes it
            for key in missing:
                leaves.setdefault(key, []).append(name)
            decided.append(PastedDecision(name, call, None, "", missing, texts, quoted,
                                          _not_false(first.steps, shown)))  # fmt: skip
            continue
        # Known from what the paste shows; an extension it does not rule out may still
        # change it, in a world of its own: said as the answer's condition.
        unless = tuple(dict.fromkeys(
            worlds[base + i][EXTENSIONS] for group in groups
            for i, a in enumerate(group[base:]) if a.text != first.text
        ))  # fmt: skip
        if unless:
            conditioned.append(name)
        reason = first.reason
        if len({a.reason for group in kept for a in group}) > 1:
            # alike answers for reasons that differ in what the paste does not show (how
            # many GPUs torch sees): the reason without it, never one world's count
            reason = _COUNT_SAID.sub("", reason)
        decided.append(PastedDecision(name, call, first.text, reason, (), (), quoted,
                                      _not_false(first.steps, shown), unless))  # fmt: skip
    not_shown = _not_shown(dimensions, leaves, version_notes, cuda, extensions, config,
                           evidence, conditioned)  # fmt: skip
    possible = tuple(
        NotShown(
            available_key(key),
            _whether(key),
            _probe_command(key),
            tuple(leaves.get(available_key(key), ())),
        )
        for key in shown.possible
    )
    return tuple(decided), (*possible, *not_shown)


def _whether(key: str) -> str:
    """The possibility a paste leaves open: "mps, if torch.backends.mps.is_available(),
    which the paste does not show"."""
    backend = registry.BY_KEY[key]
    return f"whether torch sees the {backend.hardware} it shows: {backend.device}, if {probe(key)}"


def _not_false(steps: Sequence[StepTrace], shown: _Shown) -> tuple[StepTrace, ...]:
    """The steps of a world where a shown accelerator is not seen, as the paste has them:
    its check not shown, never "= False" (absence from a paste is not False)."""
    devices = {registry.BY_KEY[k].device for k in shown.possible}
    out: list[StepTrace] = []
    for step in steps:
        if step.name in devices and step.observed.endswith("= False"):
            step = dataclasses.replace(
                step, observed=f"{step.check}: not shown by the paste", outcome="noted"
            )
        out.append(step)
    return tuple(out)


def _missing(
    dimensions: Sequence[_Dimension],
    worlds: Sequence[Mapping[str, str]],
    answers: Sequence[_Answer],
) -> tuple[str, ...]:
    """The inputs along which the answer changes: two worlds alike in everything else."""
    found: list[str] = []
    for dimension in dimensions:
        groups: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
        for values, answer in zip(worlds, answers, strict=True):
            rest = tuple(sorted((k, v) for k, v in values.items() if k != dimension.key))
            groups.setdefault(rest, {})[values[dimension.key]] = answer.text
        for by_value in groups.values():
            if dimension.key == _TORCH_CUDA:
                seen = by_value.get("0")
                some = [t for v, t in by_value.items() if v != "0"]
                if seen is not None and any(t != seen for t in some) and CUDA not in found:
                    found.append(CUDA)
                if len(set(some)) > 1 and COUNT not in found:
                    found.append(COUNT)
            elif len(set(by_value.values())) > 1 and dimension.key not in found:
                found.append(dimension.key)
    return tuple(found)


def _env(given: Inputs, name: str, value: str | None) -> Inputs:
    if value is None:
        return given
    return dataclasses.replace(given, env={**given.env, name: value})


def _config(facts: _Facts) -> PastedFact | None:
    """Accelerate's default config as the paste shows it: its use_cpu line, or "not found"."""
    return facts.one(FactKey.ACCELERATE_USE_CPU) or facts.one(FactKey.ACCELERATE_CONFIG)


def _launched(config: PastedFact | None) -> tuple[str, ...]:
    """The ACCELERATE_USE_CPU `accelerate launch` exports (str(args.cpu or args.use_cpu),
    accelerate/utils/launch.py prepare_simple_launcher_cmd_env), from the default config's
    use_cpu (False without a config); each value where the paste does not show it."""
    if config is None:
        return ("False", "True")
    if config.key == FactKey.ACCELERATE_CONFIG:
        return ("False",)
    return (str(bool(strtobool(config.value))),)


def _taken(steps: Sequence[StepTrace]) -> str:
    taken = [s for s in steps if s.outcome == "taken"]
    return taken[-1].observed if taken else ""


def _answers(given: Inputs, launched: Sequence[str]) -> dict[str, list[_Answer]]:
    """Every decision in one world: one answer each, the launch's one per config value."""
    trained = rules.training(given)
    steps = trained.trace.steps
    if trained.device is None:
        training = _Answer(f"raises {trained.error}", "", steps)
        n_gpu = training
    else:
        training = _Answer(trained.device, _taken(steps), steps)
        count = trained.n_gpu or 0
        words = "every visible GPU through DataParallel" if count > 1 else "no DataParallel"
        n_gpu = _Answer(str(count), words, steps)
    state = trained.accelerate if not given.use_cpu else rules.accelerate_state(given)
    inferred = rules.inference(given)
    plan = inferred.device_map_auto
    reason = _taken(plan.family_trace.steps)
    if plan.unused_accelerators:
        reason += f"; leaves out {', '.join(plan.unused_accelerators)}"
    launch = []
    for value in launched:
        under = trained if value == "False" else rules.training(
            _env(given, "ACCELERATE_USE_CPU", value))  # fmt: skip
        answer = _state(under.accelerate)
        if value != "False":
            said = f"accelerate launch exports ACCELERATE_USE_CPU={value}, the config's use_cpu"
            answer = dataclasses.replace(answer, reason=f"{said}: {answer.reason}")
        launch.append(answer)
    return {
        TRAINING: [training],
        N_GPU: [n_gpu],
        STATE: [_state(state)],
        FROM_PRETRAINED: [_Answer(inferred.from_pretrained,
                                  "without device_map the weights are created on the CPU", ())],
        DEVICE_MAP: [_Answer(", ".join((*plan.devices, "disk")), reason,
                             (*plan.family_trace.steps, *plan.host_trace.steps))],
        PIPELINE: [_Answer(inferred.pipeline, _taken(inferred.pipeline_trace.steps),
                           inferred.pipeline_trace.steps)],
        LAUNCH: launch,
    }  # fmt: skip


def _state(state: AccelerateDecision) -> _Answer:
    text = f"{state.device}, over {state.backend}" if state.backend else state.device
    return _Answer(text, _taken(state.trace.steps), state.trace.steps)


_DECISIONS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    (TRAINING, "TrainingArguments(...).device", ("transformers", "accelerate", CUDA)),
    (N_GPU, "TrainingArguments(...).n_gpu", ("transformers", CUDA, COUNT)),
    (STATE, "PartialState().device", ("accelerate", CUDA)),
    (FROM_PRETRAINED, "from_pretrained() without device_map", ()),
    (DEVICE_MAP, 'from_pretrained(..., device_map="auto")', ("accelerate", CUDA, COUNT)),
    (PIPELINE, "pipeline(...) without device", ("transformers", CUDA)),
    (LAUNCH, "the Trainer's Accelerate device under `accelerate launch` (PartialState)",
     ("transformers", "accelerate", CUDA, CONFIG)),
)  # fmt: skip


def _rests(
    facts: _Facts, cuda: _Cuda, ruling: Sequence[PastedFact]
) -> dict[str, tuple[PastedFact, ...]]:
    """The lines each input was read from, by input."""
    versions_of = {
        library: tuple(f for f in facts.all(FactKey.PACKAGE) if f.name == library)[:1]
        for library in rules.LIBRARIES
    }
    config = _config(facts)
    return {
        **versions_of,
        CUDA: (*cuda.said[:2], *(f for f in (facts.one(FactKey.TORCH_VERSION),) if f), *ruling),
        COUNT: cuda.said[2:],
        CONFIG: (config,) if config else (),
    }


def _not_shown(
    dimensions: Sequence[_Dimension],
    leaves: Mapping[str, Sequence[str]],
    version_notes: Mapping[str, str],
    cuda: _Cuda,
    extensions: Sequence[str],
    config: PastedFact | None,
    evidence: Evidence,
    conditioned: Sequence[str],
) -> tuple[NotShown, ...]:
    out: list[NotShown] = []
    read = provenance.libraries()
    for library in rules.LIBRARIES:
        if library not in version_notes:
            continue
        shown = version_notes[library]
        oldest = read[library].oldest
        what = (
            f"{library} {shown}'s own device code (older than {oldest}, where hwdoctor's "
            "tables start)"
            if shown
            else f"the version of {library}"
        )
        note = f"every release from {oldest} answers alike"
        out.append(NotShown(library, what, _COMMANDS[library], tuple(leaves.get(library, ())),
                            note if library not in leaves else ""))  # fmt: skip
    if cuda.available is None:
        out.append(NotShown(CUDA, "whether torch sees a GPU (torch.cuda.is_available())",
                            _COMMANDS[CUDA], tuple(leaves.get(CUDA, ()))))  # fmt: skip
    if any(d.key == _TORCH_CUDA for d in dimensions) and cuda.count is None:
        out.append(NotShown(COUNT, "how many GPUs torch sees (torch.cuda.device_count())",
                            _COMMANDS[COUNT], tuple(leaves.get(COUNT, ()))))  # fmt: skip
    if extensions:
        packages = ", ".join(dict.fromkeys(registry.BY_KEY[k].package for k in extensions))
        out.append(NotShown(
            EXTENSIONS, f"whether an accelerator extension is installed and sees a device "
            f"({packages})", _COMMANDS[EXTENSIONS], (),
            # said here once for the whole report, not under each answer it touches
            f"{_and(conditioned)} change{'s' * (len(conditioned) == 1)} if one is"
            if conditioned else "none of them would change an answer",
        ))  # fmt: skip
    if config is None:
        out.append(NotShown(CONFIG, "Accelerate's default config (its use_cpu)",
                            _COMMANDS[CONFIG], tuple(leaves.get(CONFIG, ()))))  # fmt: skip
    out = [item if item.leaves or item.note else dataclasses.replace(
        item, note="changes no answer here") for item in out]  # fmt: skip
    unset = [name for name in _VARIABLES if name not in (evidence.env or {})]
    if unset:
        out.append(NotShown(
            ENVIRONMENT, f"the environment ({', '.join(unset)})", _COMMANDS[ENVIRONMENT], (),
            "taken as unset: the answers are for a plain `python script.py`",
        ))  # fmt: skip
    return tuple(out)


def _and(names: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def _without_torch(
    evidence: Evidence, facts: _Facts, shown: _Shown
) -> tuple[tuple[PastedDecision, ...], tuple[NotShown, ...]]:
    """No torch the paste shows importing: every decision runs on torch, so none is known;
    an accelerator the paste shows is named as what each answer also waits for, with the
    lines that show it."""
    said = facts.one(FactKey.TORCH_VERSION) or next(iter(facts.all(FactKey.TORCH_VERSION)), None)
    quoted = (said.quote,) if said else ()
    broken = evidence.torch is not None and not evidence.torch.importable
    what = "torch importing (the report could not import it)" if broken else "torch"
    waits = (TORCH, *(available_key(k) for k in shown.possible))
    lines = tuple(f.quote for f in shown.lines)
    decisions = tuple(
        PastedDecision(
            name,
            call,
            None,
            "",
            waits if parts else (TORCH,),
            (),
            (*(quoted if broken else ()), *(lines if parts else ())),
        )
        for name, call, parts in _DECISIONS
    )
    names = tuple(d.name for d in decisions)
    waiting = tuple(d.name for d in decisions if len(d.missing) > 1)
    possible = tuple(
        NotShown(available_key(k), _whether(k), _probe_command(k), waiting) for k in shown.possible
    )
    return decisions, (NotShown(TORCH, what, _COMMANDS[TORCH], names), *possible)
