"""The decision-table engine: ordered steps, each a predicate over facts and a pick.

A table reads like the library code it mirrors: the first step whose predicate holds
decides; every step records what it observed and whether it was taken, skipped or never
reached, so `explain` can print the chain and `verify` can compare its end.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, Protocol

from hwdoctor import versions
from hwdoctor.launch import first_int
from hwdoctor.model.decisions import StepTrace, Trace
from hwdoctor.model.facts import BackendFacts
from hwdoctor.text import TRUE_VALUES

# transformers' ENV_VARS_TRUE_VALUES; Accelerate's and transformers' strtobool sets.
TRANSFORMERS_TRUE: Final = TRUE_VALUES
STRTOBOOL_TRUE: Final = frozenset({"y", "yes", "t", "true", "on", "1"})
STRTOBOOL_FALSE: Final = frozenset({"n", "no", "f", "false", "off", "0"})


@dataclass(frozen=True)
class Inputs:
    """Everything a decision table may read: probe facts, versions, the environment."""

    backends: Mapping[str, BackendFacts]
    env: Mapping[str, str]
    torch_version: str | None = None
    accelerate_version: str | None = None
    transformers_version: str | None = None
    collectives: tuple[str, ...] = ()
    accelerator: str | None = None  # torch.accelerator.current_accelerator(), as a type
    memory_available_bytes: int | None = None
    use_cpu: bool = False  # TrainingArguments(use_cpu=...)
    # explain --model: the model class's and checkpoint's facts, as the library reports them
    model: Mapping[str, object] | None = None

    @property
    def local_rank(self) -> int:
        found = first_int(self.env, ("LOCAL_RANK",))
        return -1 if found is None else found

    def world_size(self) -> int:
        # Accelerate's PartialState reads these, in this order (state.py).
        names = ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "MV2_COMM_WORLD_SIZE", "WORLD_SIZE")
        found = first_int(self.env, names)
        return 1 if found is None else found


@dataclass(frozen=True)
class Observation:
    holds: bool
    observed: str  # what was seen, as the library would evaluate it


class Predicate(Protocol):
    @property
    def label(self) -> str: ...

    def __call__(self, inputs: Inputs) -> Observation: ...


class Seen(str, Enum):
    """How a library comes to know an extension's backend."""

    IN_TREE = "in_tree"  # torch itself (cuda, xpu, mps)
    IMPORTS_IT = "imports_it"  # the library imports the extension itself
    AUTOLOAD_ONLY = "autoload_only"  # only if torch's autoload imported it already


@dataclass(frozen=True)
class Sees:
    """A library's `is_<backend>_available()`: device available, as that library finds out."""

    label: str
    keys: tuple[str, ...]  # registry rows whose facts answer it (cuda: NVIDIA and ROCm)
    seen: Seen
    torch_spec: str = ""  # e.g. ">2.6": the library's own version gate
    accelerate_spec: str = ""
    needs_allocatable: bool = False

    def __call__(self, inputs: Inputs) -> Observation:
        facts = [inputs.backends[key] for key in self.keys if key in inputs.backends]
        available = [f for f in facts if f.available]
        if (
            self.torch_spec
            and versions.satisfies(inputs.torch_version or "", self.torch_spec) is False
        ):
            return Observation(False, f"torch {inputs.torch_version} is not {self.torch_spec}")
        if (
            self.accelerate_spec
            and inputs.accelerate_version
            and versions.satisfies(inputs.accelerate_version, self.accelerate_spec) is False
        ):
            return Observation(
                False, f"accelerate {inputs.accelerate_version} is not {self.accelerate_spec}"
            )
        if not available:
            return Observation(False, f"{self.label} = False{_why_not(facts)}")
        best = available[0]
        if self.seen is Seen.AUTOLOAD_ONLY and not best.autoloaded:
            return Observation(
                False,
                f"{self.label} = False (the extension is installed but torch did not "
                "auto-load it, and this library never imports it)",
            )
        count = best.device_count
        return Observation(True, f"{self.label} = True ({count} device{'s' * (count != 1)})")


def _why_not(facts: Sequence[BackendFacts]) -> str:
    for fact in facts:
        if fact.importable is False:
            return " (the extension fails to import)"
        if fact.installed and fact.importable is not None and not fact.available:
            return " (installed, no device)"
    return ""


@dataclass(frozen=True)
class XlaEnabled:
    """`is_torch_xla_available()`: torch_xla importable and USE_TORCH_XLA not switched off."""

    library: str  # "transformers" or "accelerate": they parse USE_TORCH_XLA differently
    label: str = "is_torch_xla_available()"

    def __call__(self, inputs: Inputs) -> Observation:
        facts = inputs.backends.get("xla")
        importable = bool(facts and facts.importable)
        raw = inputs.env.get("USE_TORCH_XLA")
        if self.library == "transformers":
            flag = (raw if raw is not None else "1").upper() in TRANSFORMERS_TRUE
        else:
            flag = strtobool(raw if raw is not None else "True") is not False
        shown = f"USE_TORCH_XLA={raw!r}" if raw is not None else "USE_TORCH_XLA unset"
        holds = importable and flag
        state = "importable" if importable else "not importable"
        return Observation(holds, f"{self.label} = {holds} (torch_xla {state}, {shown})")


@dataclass(frozen=True)
class EnvSet:
    name: str

    @property
    def label(self) -> str:
        return self.name

    def __call__(self, inputs: Inputs) -> Observation:
        value = inputs.env.get(self.name)
        if value is None:
            return Observation(False, f"{self.name} unset")
        return Observation(True, f"{self.name}={value!r}")


@dataclass(frozen=True)
class UseCpuOption:
    label: str = "use_cpu=True"

    def __call__(self, inputs: Inputs) -> Observation:
        return Observation(inputs.use_cpu, f"use_cpu={inputs.use_cpu}")


@dataclass(frozen=True)
class Flag:
    """A boolean computed by an earlier table (e.g. Accelerate's distributed type)."""

    label: str
    compute: Callable[[Inputs], Observation]

    def __call__(self, inputs: Inputs) -> Observation:
        return self.compute(inputs)


@dataclass(frozen=True)
class Always:
    label: str = "otherwise"
    said: str = "no earlier check matched"  # what the trace shows it observed

    def __call__(self, inputs: Inputs) -> Observation:
        return Observation(True, self.said)


def strtobool(value: str) -> bool | None:
    """The strtobool of Accelerate and transformers; None for a value they would reject."""
    lowered = value.strip().lower()
    if lowered in STRTOBOOL_TRUE:
        return True
    if lowered in STRTOBOOL_FALSE:
        return False
    return None


# --- picks ---------------------------------------------------------------------------------


class DeviceSpec(Protocol):
    def resolve(self, inputs: Inputs) -> str: ...


@dataclass(frozen=True)
class Literal:
    device: str

    def resolve(self, inputs: Inputs) -> str:
        return self.device


@dataclass(frozen=True)
class FromEnv:
    name: str
    default: str

    def resolve(self, inputs: Inputs) -> str:
        return canonical_device(inputs.env.get(self.name, self.default))


@dataclass(frozen=True)
class Computed:
    compute: Callable[[Inputs], str]

    def resolve(self, inputs: Inputs) -> str:
        return self.compute(inputs)


@dataclass(frozen=True)
class Step:
    name: str
    predicate: Predicate
    device: DeviceSpec
    extra: Mapping[str, object] = field(default_factory=dict)  # e.g. n_gpu rule, backend


@dataclass(frozen=True)
class Table:
    """One library's decision, for a range of its versions."""

    title: str
    library: str
    versions: str  # specifier of the library versions this order was read from
    steps: tuple[Step, ...]


def select(tables: Sequence[Table], version: str | None) -> Table | None:
    """The table read from the release range `version` falls in, newest first. Where the
    library is not installed (`version` None), the newest: what it would do once installed.
    None outside every range: the caller observes the real library instead of guessing."""
    if version is None:
        return tables[0]
    return next((t for t in tables if versions.satisfies(version, t.versions) is True), None)


@dataclass(frozen=True)
class Outcome:
    device: str
    step: Step
    trace: Trace


def evaluate(table: Table, inputs: Inputs) -> Outcome:
    traces: list[StepTrace] = []
    chosen: Step | None = None
    for step in table.steps:
        if chosen is not None:
            traces.append(StepTrace(step.name, step.predicate.label, "", "not reached"))
            continue
        observation = step.predicate(inputs)
        if observation.holds:
            chosen = step
        traces.append(
            StepTrace(
                step.name,
                step.predicate.label,
                observation.observed,
                "taken" if observation.holds else "skip",
            )
        )
    if chosen is None:  # tables end with Always(); this is a table bug
        raise AssertionError(f"no step of {table.title} matched")
    device = chosen.device.resolve(inputs)
    return Outcome(device, chosen, Trace(table.title, table.library, table.versions, tuple(traces)))


def canonical_device(text: str) -> str:
    """`str(torch.device(text))` for well-formed strings: "cuda:0" stays, "CPU" does not parse."""
    return text.strip()


def environ() -> Mapping[str, str]:
    return dict(os.environ)
