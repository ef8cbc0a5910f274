"""Which device each library picks here, and why: the tables of `rules.tables`, evaluated.

Every public name here is the `rules` package's too (`rules.training`, `rules.inputs`).

Every function takes `Inputs` (probe facts, versions, environment) and returns a decision
with its trace. The glue here only does what the libraries do between their ladders:
TrainingArguments building a PartialState, Accelerate mapping a local rank to an index,
get_max_memory budgeting the devices of one family.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

from hwdoctor import registry, versions
from hwdoctor.launch import first_int
from hwdoctor.model.decisions import (
    AccelerateDecision,
    Coverage,
    Decisions,
    DeviceMapPlan,
    InferenceDecision,
    ModelDecision,
    Standing,
    StepTrace,
    Trace,
    TrainingDecision,
)
from hwdoctor.model.facts import Evidence
from hwdoctor.rules import provenance, tables
from hwdoctor.rules.engine import (
    NO_DEVICE,
    Always,
    Computed,
    Flag,
    Inputs,
    Literal,
    Observation,
    Seen,
    Sees,
    Step,
    Table,
    evaluate,
    select,
    strtobool,
)

if TYPE_CHECKING:  # a model's facts are explain --model's, never a paste's
    from hwdoctor.model.answers import ModelFacts, ModelLoad

# The libraries whose decisions the tables mirror, in the order reports name them.
LIBRARIES: Final = ("transformers", "accelerate")


class OutsideTables(Exception):
    """A library version older than every table: its answer is observed, never guessed."""


def table_for(candidates: tuple[Table, ...], version: str | None) -> Table | None:
    """The table of `version`'s release range. A release newer than every release read (or
    no release: what the library would do once installed) gets the table of the newest
    release read, whose rules then predict it; rows written for a newer release wait until
    `make refresh` has verified it. None for a release older than every table."""
    read = provenance.libraries()[candidates[0].library]
    if version is None or read.standing(version) is Standing.NEWER:
        version = read.newest
    return select(candidates, version)


def _pick(candidates: tuple[Table, ...], version: str | None) -> Table:
    table = table_for(candidates, version)
    if table is None:
        raise OutsideTables(f"{candidates[0].library} {version}")
    return table


def as_newest(given: Inputs) -> Inputs:
    """`given` read with the newest tables, for hwdoctor's own defaults (which device `load`
    tries first, what a rank reports), never for a claim about what a library does."""
    return dataclasses.replace(given, transformers_version=None, accelerate_version=None)


def coverage(given: Inputs) -> tuple[Coverage, ...]:
    """Each installed library's standing against the tables, transformers first."""
    found = []
    read = provenance.libraries()
    for library in LIBRARIES:
        version = getattr(given, f"{library}_version")
        if version is None:
            continue
        entry = read[library]
        found.append(
            Coverage(library, version, entry.standing(version), entry.newest, entry.verified_on)
        )
    return tuple(found)


def uncovered(given: Inputs) -> tuple[tuple[str, str], ...]:
    """The installed libraries no table is chosen for (older than every table, or not a
    version): (name, version). Their answers are observed, never predicted."""
    return tuple(
        (c.library, c.version)
        for c in coverage(given)
        if c.standing is None or c.standing is Standing.OLDER
    )


def newer(given: Inputs) -> tuple[Coverage, ...]:
    """The installed libraries newer than every release the tables were read from: predicted
    with the newest rows, which a live run confirms against the real library."""
    return tuple(c for c in coverage(given) if c.standing is Standing.NEWER)


def supported() -> dict[str, str]:
    """library → the releases its tables were read from, as a specifier."""
    return provenance.supported()


# ParallelMode values of transformers.training_args
NOT_PARALLEL, NOT_DISTRIBUTED, DISTRIBUTED, TPU = tables.PARALLEL_MODES

# The device strings the glue below names, found by the row behind each (registry.py).
_CUDA: Final = registry.BY_KEY[registry.key_of_build(registry.Build.CUDA)].device
_XPU: Final = registry.BY_KEY[registry.key_of_build(registry.Build.XPU)].device
_MPS: Final = registry.BY_KEY[registry.key_of_build(registry.Build.MPS)].device
_MLU: Final = registry.BY_KEY[registry.key_of_tool("cnmon")].device
_TPU: Final = registry.BY_KEY[registry.key_of_tool("tpu-info")].device
_XLA: Final = next(b.device for b in registry.BACKENDS if b.query.kind is registry.QueryKind.XLA)
# The rows whose devices get no integer key in get_max_memory: the host, and MPS's one device.
_NO_INDEX: Final = (
    registry.key_of_build(registry.Build.CPU),
    registry.key_of_build(registry.Build.MPS),
)


@dataclasses.dataclass(frozen=True)
class Launch:
    """What Accelerate's _prepare_backend makes of LOCAL_RANK/WORLD_SIZE."""

    distributed_type: str
    backend: str | None
    device: str | None  # the device set_device assigns, when distributed
    observed: str


def launch(inputs: Inputs, cpu: bool) -> Launch:
    local_rank = inputs.local_rank
    if local_rank != -1 and not cpu:
        table = _pick(tables.DISTRIBUTED_BACKEND, inputs.accelerate_version)
        outcome = evaluate(table, inputs)
        step = outcome.step
        backend = step.extra.get("backend")
        if step.name == _XPU and "xccl" not in inputs.collectives:
            outcome = evaluate(_without(table, _XPU), inputs)
            step, backend = outcome.step, outcome.step.extra.get("backend")
        if step.extra.get("mlu_then"):
            # `if is_mlu_available()` stands alone: the next chain runs too, and a match
            # there takes the device, keeping "cncl" unless it sets its own backend always.
            rest = evaluate(_without(table, _MLU), inputs)
            if rest.step.extra.get("backend") is not None:
                step = rest.step
                backend = step.extra["backend"] if step.extra.get("always") else "cncl"
                outcome = rest
        if backend is not None:
            device_type = outcome.device
            index = (
                0
                if step.extra.get("index") == "current_device"
                else local_rank % _count(inputs, device_type)
            )
            name = registry.distributed_type(device_type)
            return Launch(
                name,
                str(backend),
                f"{device_type}:{index}",
                f"LOCAL_RANK={local_rank}: {step.predicate.label} → backend {backend}",
            )
        if step.extra.get("fallback") == "multi_cpu":
            return _multi_cpu_or_xpu(inputs, local_rank)
        return Launch(
            "NO",
            None,
            None,
            f"LOCAL_RANK={local_rank} but no accelerator: torch.distributed is initialised "
            "with its default backend and Accelerate runs undistributed",
        )
    if cpu and (local_rank != -1 or inputs.world_size() > 1):
        backend = "mpi" if "mpi" in inputs.collectives else "gloo"
        return Launch(
            "MULTI_CPU",
            backend,
            "cpu:0",
            f"cpu=True under a launcher (LOCAL_RANK={local_rank}, world size "
            f"{inputs.world_size()}) → MULTI_CPU over {backend}",
        )
    return Launch("NO", None, None, "LOCAL_RANK unset: a single process")


def _multi_cpu_or_xpu(inputs: Inputs, local_rank: int) -> Launch:
    """Before accelerate 1.13.0, a launcher without an accelerator of the chain: MULTI_XPU
    where is_xpu_available(), else MULTI_CPU; over oneCCL where it is installed (and
    CCL_WORKER_COUNT is set, or for XPU), else MPI, else gloo (state.py _prepare_backend)."""
    xpu = tables.ACC_XPU_BEFORE_1_13(inputs).holds
    workers = (first_int(inputs.env, ("CCL_WORKER_COUNT",)) or 0) > 0
    if "ccl" in inputs.collectives and (xpu or workers):
        backend = "ccl"
    else:
        backend = "mpi" if "mpi" in inputs.collectives else "gloo"
    device = f"{_XPU}:{local_rank % _count(inputs, _XPU)}" if xpu else f"{registry.HOST}:0"
    kind = "MULTI_XPU" if xpu else "MULTI_CPU"
    return Launch(
        kind, backend, device,
        f"LOCAL_RANK={local_rank} and no accelerator of the chain → {kind} over {backend}",
    )  # fmt: skip


def _without(table: Table, name: str) -> Table:
    return dataclasses.replace(table, steps=tuple(s for s in table.steps if s.name != name))


def _count(inputs: Inputs, device_type: str) -> int:
    keys = registry.keys_for_device(device_type) or (device_type,)
    counts = [inputs.backends[k].device_count for k in keys if k in inputs.backends]
    return max([*counts, 1])


def accelerate_state(inputs: Inputs, cpu: bool = False) -> AccelerateDecision:
    """`PartialState(cpu=cpu).device`, its distributed type and collective backend."""
    launched = launch(inputs, cpu)
    base = _pick(tables.PARTIAL_STATE_DEFAULT, inputs.accelerate_version)
    steps = list(base.steps)
    position = 2  # after ACCELERATE_TORCH_DEVICE and xla, before the single-process ladder
    steps[position:position] = [
        Step(
            "launcher",
            Flag("LOCAL_RANK / WORLD_SIZE", lambda _: _launch_observation(launched)),
            Computed(lambda _: launched.device or registry.HOST),
        ),
        Step(
            registry.HOST,
            Flag("PartialState(cpu=True)", lambda _: Observation(cpu, f"cpu={cpu}")),
            Literal(registry.HOST),
        ),
    ]
    table = dataclasses.replace(base, steps=tuple(steps))
    outcome = evaluate(table, inputs)
    xla = outcome.step.name == _XLA
    distributed_type = "XLA" if xla else launched.distributed_type
    backend = _XLA if xla else launched.backend  # Accelerate's backend "xla" (state.py)
    return AccelerateDecision(outcome.device, distributed_type, backend, cpu, outcome.trace)


def _launch_observation(launched: Launch) -> Observation:
    return Observation(launched.device is not None, launched.observed)


def training(inputs: Inputs) -> TrainingDecision:
    """`TrainingArguments(use_cpu=...)`.device, n_gpu and parallel_mode in one process."""
    raw_use_cpu = inputs.env.get("ACCELERATE_USE_CPU", "False")
    env_cpu = strtobool(raw_use_cpu)
    cpu = inputs.use_cpu or bool(env_cpu)
    state = accelerate_state(inputs, cpu=cpu)
    xla = tables.TRAINING_XLA(inputs)
    distributed = state.distributed_type not in ("NO", "XLA")
    head = (
        StepTrace("ACCELERATE_USE_CPU", "use_cpu or ACCELERATE_USE_CPU",
                  _cpu_observed(inputs, env_cpu), "noted"),
        StepTrace(_XLA, tables.TRAINING_XLA.label, xla.observed, "taken" if xla.holds else "skip"),
        StepTrace("distributed", "PartialState distributed type",
                  f"Accelerate distributed type: {state.distributed_type}",
                  "taken" if distributed and not xla.holds else
                  ("not reached" if xla.holds else "skip")),
    )  # fmt: skip
    ladder_table = _pick(tables.TRAINING_ARGUMENTS, inputs.transformers_version)
    read_from = ladder_table.versions
    if env_cpu is None and not inputs.use_cpu:
        trace = Trace(_TRAINING_TITLE, "transformers", read_from, head)
        return TrainingDecision(
            None,
            None,
            None,
            inputs.use_cpu,
            state,
            trace,
            error=f"ValueError: invalid truth value {raw_use_cpu!r} (ACCELERATE_USE_CPU)",
        )
    base_n_gpu = 0 if cpu else 1
    if xla.holds or distributed:
        ladder = tuple(
            StepTrace(s.name, s.predicate.label, "", "not reached") for s in ladder_table.steps
        )
        trace = Trace(_TRAINING_TITLE, "transformers", read_from, head + ladder)
        mode = TPU if xla.holds else DISTRIBUTED
        return TrainingDecision(
            state.device, 0 if xla.holds else base_n_gpu, mode, inputs.use_cpu, state, trace
        )
    outcome = evaluate(ladder_table, inputs)
    n_gpu = base_n_gpu
    if outcome.step.extra.get("n_gpu") == "cuda_count":
        n_gpu = _device_count(inputs, _CUDA)
    trace = Trace(_TRAINING_TITLE, "transformers", read_from, head + outcome.trace.steps)
    mode = NOT_DISTRIBUTED if n_gpu > 1 else NOT_PARALLEL
    return TrainingDecision(outcome.device, n_gpu, mode, inputs.use_cpu, state, trace)


_TRAINING_TITLE: Final = tables.TRAINING_ARGUMENTS[0].title


def _cpu_observed(inputs: Inputs, env_cpu: bool | None) -> str:
    raw = inputs.env.get("ACCELERATE_USE_CPU")
    shown = f"ACCELERATE_USE_CPU={raw!r}" if raw is not None else "ACCELERATE_USE_CPU unset"
    if raw is not None and env_cpu is None:
        shown += " (not a truth value: TrainingArguments raises)"
    elif env_cpu and not inputs.use_cpu:
        shown += (
            " → PartialState(cpu=True) and n_gpu=0, but the single-process ladder below only "
            "honours use_cpu=True"
        )
    return f"use_cpu={inputs.use_cpu}, {shown}"


def inference(inputs: Inputs) -> InferenceDecision:
    pipeline = evaluate(_pick(tables.PIPELINE, inputs.transformers_version), inputs)
    return InferenceDecision(
        # from_pretrained() without device_map: the weights stay where they are created,
        # on the CPU (transformers modeling_utils, every version the tables cover).
        from_pretrained=registry.HOST,
        device_map_auto=device_map_auto(inputs),
        pipeline=pipeline.device,
        pipeline_trace=pipeline.trace,
    )


def device_map_auto(inputs: Inputs) -> DeviceMapPlan:
    family = evaluate(_pick(tables.DEVICE_MAP_FAMILY, inputs.accelerate_version), inputs)
    host = evaluate(_pick(tables.DEVICE_MAP_HOST_TIER, inputs.accelerate_version), inputs)
    target = family.device
    if family.step.extra.get("by_type"):
        # 1.16+: the devices of that type, probed by name; mps and "none" get no integer key,
        # a tpu process one chip (its current index, 0 in a fresh process).
        count = 0 if target in (NO_DEVICE, _MPS) else _device_count(inputs, target)
        count = min(count, 1) if target == _TPU else count
    elif target == _CUDA:
        # The CUDA branch counts torch.cuda devices but probes each with an integer device,
        # and torch resolves an integer to the current accelerator, whatever it is.
        target = inputs.accelerator or _CUDA
        count = _device_count(inputs, _CUDA)
    else:
        count = _count(inputs, target)
    allocatable = _allocatable(inputs, target)
    if family.step.extra.get("by_type"):
        allocatable = {
            i: free for i, free in allocatable.items() if i in _memory_known(inputs, target)
        }
    indices = [i for i in range(count) if i in allocatable]
    budgets: list[tuple[str, int | None]] = [(f"{target}:{i}", allocatable[i]) for i in indices]
    host_budget = inputs.memory_available_bytes
    reserves = versions.satisfies(
        inputs.transformers_version or tables.HOST_RESERVE_SINCE, f">={tables.HOST_RESERVE_SINCE}"
    )
    if host.device == registry.HOST and host_budget is not None and reserves:
        host_budget = int(host_budget * 0.9)  # transformers keeps 10% of RAM back
    hosts = (host.device,) if host.device != NO_DEVICE else ()
    budgets.extend((device, host_budget) for device in hosts)
    keys = (*(str(i) for i in indices), *hosts)
    usable = [
        key
        for key, facts in inputs.backends.items()
        if key not in _NO_INDEX and facts.available and facts.device_count > 0
    ]
    used_types = {device.split(":", 1)[0] for device, _ in budgets[: len(indices)]}
    unused = tuple(key for key in usable if registry.BY_KEY[key].device not in used_types)
    return DeviceMapPlan(
        devices=tuple(device for device, _ in budgets),
        keys=keys,
        budgets=tuple(budgets),
        family=family.device,
        fallback_to_cpu=not used_types and host.device == registry.HOST and bool(usable),
        unused_accelerators=unused,
        family_trace=family.trace,
        host_trace=host.trace,
    )


def _device_count(inputs: Inputs, device_type: str) -> int:
    """`torch.get_device_module(device_type).device_count()`: the devices of that type the
    probe counted (CUDA's NVIDIA and ROCm rows alike)."""
    keys = registry.keys_for_device(device_type) or (device_type,)
    return sum(
        inputs.backends[k].device_count
        for k in keys
        if k in inputs.backends and inputs.backends[k].available
    )


def _memory_known(inputs: Inputs, device_type: str) -> set[int]:
    """The devices whose free memory Accelerate 1.16+ can read: by the device module's
    mem_get_info for the types it checks itself, else by torch.accelerator.get_memory_info
    (utils/modeling.py get_accelerator_free_memory). A fact the evidence lacks counts as
    answered."""
    own = device_type in tables.ACCELERATOR.checks
    return {
        device.index
        for key in registry.keys_for_device(device_type) or (device_type,)
        if key in inputs.backends
        for device in inputs.backends[key].devices
        if (device.free_memory_bytes is not None if own else device.accelerator_memory is not False)
    }


def _allocatable(inputs: Inputs, device_type: str) -> dict[int, int | None]:
    """Index → free bytes of the devices of `device_type` that could hold a tensor."""
    keys = registry.keys_for_device(device_type) or (device_type,)
    return {
        device.index: device.free_memory_bytes
        for key in keys
        if key in inputs.backends and inputs.backends[key].available
        for device in inputs.backends[key].devices
        if device.allocatable
    }


def device_map_budgets(device_type: str, accelerate_version: str | None) -> bool:
    """Whether device_map="auto" gives devices of `device_type` a budget at this release of
    Accelerate (None: the newest read): its get_max_memory family or host tier names them.
    From 1.16 the family is whatever torch's current accelerator is, which XLA never is."""
    family = table_for(tables.DEVICE_MAP_FAMILY, accelerate_version)
    host = table_for(tables.DEVICE_MAP_HOST_TIER, accelerate_version)
    if family is None or host is None:
        return False
    if any(step.name == device_type for step in host.steps):
        return True
    if any(step.extra.get("by_type") for step in family.steps):
        backends = registry.for_device(device_type)
        return bool(backends) and all(
            b.query.kind is not registry.QueryKind.XLA
            and b.query.kind is not registry.QueryKind.CPU
            for b in backends
        )
    return any(step.device.resolve(_EMPTY) == device_type for step in family.steps)


def training_auto(device_type: str) -> tuple[bool, str]:
    """Whether TrainingArguments can pick `device_type` unasked, and on what condition."""
    if device_type == _XLA:
        return True, (
            "TrainingArguments uses XLA whenever torch_xla imports, ahead of every other "
            "backend and even of use_cpu=True; USE_TORCH_XLA=0 turns it off"
        )
    if device_type == registry.HOST:
        return True, "the fallback when nothing else is found, or with use_cpu=True"
    newest = table_for(tables.TRAINING_ARGUMENTS, None)
    for step in newest.steps if newest else ():
        sees = step.predicate
        if not isinstance(sees, Sees) or not _covers(sees, device_type):
            continue
        if sees.seen is Seen.AUTOLOAD_ONLY:
            module = next(
                (b.module for b in registry.for_device(device_type) if b.module), device_type
            )
            return True, (
                f"only if {module} is already imported when TrainingArguments is created: "
                "torch's extension autoload does it, otherwise add `import "
                f"{module}` before it"
            )
        if device_type == _CUDA:
            return True, "cuda:0, with every visible GPU used through DataParallel (n_gpu)"
        return True, f"{step.device.resolve(_EMPTY)} when {sees.label} is True"
    return False, (
        "TrainingArguments has no branch for it; Accelerate's PartialState does, so it is "
        "used under `accelerate launch`/torchrun but not in a plain single process"
    )


def _covers(sees: Sees, device_type: str) -> bool:
    return any(registry.BY_KEY[key].device == device_type for key in sees.keys)


_EMPTY: Final = Inputs(backends={}, env={})


def local_ranks(given: Inputs, nproc: int) -> tuple[dict[str, Any], ...]:
    """For `explain --nproc N`: the device and backend each local rank would get here."""
    out = []
    for local_rank in range(nproc):
        env = {
            **given.env,
            "LOCAL_RANK": str(local_rank),
            "RANK": str(local_rank),
            "WORLD_SIZE": str(nproc),
            "LOCAL_WORLD_SIZE": str(nproc),
        }
        state = accelerate_state(dataclasses.replace(given, env=env))
        trained = training(dataclasses.replace(given, env=env))
        out.append({
            "local_rank": local_rank,
            "accelerate_device": state.device,
            "training_device": trained.device,
            "backend": state.backend or registry.collective(state.device.split(":", 1)[0]),
            "distributed_type": state.distributed_type,
        })  # fmt: skip
    return tuple(out)


def inputs(evidence: Evidence, use_cpu: bool = False) -> Inputs:
    """What the tables read, from the evidence: probe facts, versions, environment."""

    def version(name: str) -> str | None:
        package = (evidence.packages or {}).get(name)
        return package.version if package else None

    torch = evidence.torch
    return Inputs(
        # The tables mirror libraries that branch on the registry's device types; a backend
        # the registry does not know has a detect row of its own, but no step in them.
        backends={k: v for k, v in (evidence.backends or {}).items() if k in registry.BY_KEY},
        env=evidence.env or {},
        torch_version=version("torch"),
        accelerate_version=version("accelerate"),
        transformers_version=version("transformers"),
        collectives=torch.collectives if torch else (),
        accelerator=torch.accelerator if torch else None,
        memory_available_bytes=evidence.host.memory_available_bytes if evidence.host else None,
        use_cpu=use_cpu,
    )


def model_decision(
    given: Inputs,
    name: str,
    facts: ModelFacts | None,
    loaded: ModelLoad | None = None,
    error: str | None = None,
) -> ModelDecision:
    """explain --model: the attention implementation and dtype from_pretrained() sets when
    not told, by the installed transformers' rule (`rules.model`); at a release outside the
    tables, what the real from_pretrained() set (`loaded`), observed."""
    from hwdoctor.rules import model as rule

    empty = Trace("", "transformers", "", ())
    if facts is None:
        return ModelDecision(name, None, None, empty, None, empty, None, error=error)
    inputs = dataclasses.replace(given, model=facts)
    found: list[tuple[str | None, Trace]] = []
    observed = (loaded.attn_implementation, loaded.dtype) if loaded else (None, None)
    for candidates, answer in zip((rule.ATTENTION, rule.DTYPE), observed, strict=True):
        table = table_for(candidates, given.transformers_version)
        if table is not None:
            outcome = evaluate(table, inputs)
            found.append((outcome.device, outcome.trace))
            continue
        seen = answer
        step = StepTrace("observed", "the real from_pretrained() in this environment",
                         seen or "not loaded (explain --verify loads it)", "taken")  # fmt: skip
        read_from = f"observed: transformers {given.transformers_version}"
        found.append((seen, Trace(candidates[0].title, "transformers", read_from, (step,))))
    (attention, attention_trace), (dtype, dtype_trace) = found
    return ModelDecision(
        name, facts.architecture or None, attention, attention_trace, dtype,
        dtype_trace, rule.flash_words(facts),
    )  # fmt: skip


def decisions(evidence: Evidence) -> Decisions | None:
    """Where training and inference would put things, in one line each; None where the
    evidence cannot say, or a library version lies outside every table (explain observes)."""
    if evidence.torch is None or not evidence.torch.importable or evidence.backends is None:
        return None
    given = inputs(evidence)
    if uncovered(given):
        return None
    trained = training(given)
    inferred = inference(given)
    return Decisions(
        training=trained.device,
        n_gpu=trained.n_gpu,
        accelerate=accelerate_state(given).device,
        device_map_auto=inferred.device_map_auto.devices,
        pipeline=inferred.pipeline,
        from_pretrained=inferred.from_pretrained,
    )


__all__ = [
    "DISTRIBUTED",
    "LIBRARIES",
    "NOT_DISTRIBUTED",
    "NOT_PARALLEL",
    "TPU",
    "Always",
    "Coverage",
    "Inputs",
    "Launch",
    "OutsideTables",
    "accelerate_state",
    "as_newest",
    "coverage",
    "decisions",
    "device_map_auto",
    "device_map_budgets",
    "inference",
    "inputs",
    "launch",
    "local_ranks",
    "model_decision",
    "newer",
    "supported",
    "table_for",
    "training",
    "training_auto",
    "uncovered",
]
