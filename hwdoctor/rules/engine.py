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
from typing import TYPE_CHECKING, Final, Protocol

from hwdoctor import registry, versions
from hwdoctor.launch import first_int
from hwdoctor.model.decisions import StepTrace, Trace
from hwdoctor.model.facts import BackendFacts
from hwdoctor.text import TRUE_VALUES

if TYPE_CHECKING:  # a paste's diagnosis reads the engine's helpers, never a model's facts
    from hwdoctor.model.answers import ModelFacts

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
    model: ModelFacts | None = None

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


# The device types torch builds in (cuda, xpu, mps): a registered PrivateUse1 backend comes
# before them in torch.accelerator's answer.
_IN_TREE_TYPES: Final = frozenset(b.device for b in registry.BACKENDS if b.in_tree) - {
    registry.HOST
}
# The CUDA device string (NVIDIA's and AMD's), and the key of the XLA row.
_CUDA: Final = registry.BY_KEY[registry.key_of_build(registry.Build.CUDA)].device
_XLA: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.XLA)


def _why_not(facts: Sequence[BackendFacts]) -> str:
    for fact in facts:
        if fact.importable is False:
            return " (the extension fails to import)"
        if fact.installed and fact.importable is not None and not fact.available:
            return " (installed, no device)"
    return ""


@dataclass(frozen=True)
class AcceleratorBackend:
    """Accelerate's `get_torch_accelerator_backend()` (1.16+): the type of
    `torch.accelerator.current_accelerator()`, kept when Accelerate's own check for that type
    passes (`torch.accelerator.is_available()` for a type it has none for); else hpu, else
    neuron, each by its own check; else none.

    torch checks a registered PrivateUse1 backend before its in-tree ones (c10
    `getAccelerator`), and by the time Accelerate asks, its state.py has imported the
    extensions of `imports` that are installed: one of them registers even where torch's
    autoload did not."""

    checks: Mapping[str, Sees]  # device type → Accelerate's availability check for it
    # (device type, its check), asked in order when the current accelerator is not usable
    fallbacks: tuple[tuple[str, Sees], ...]
    imports: tuple[str, ...]  # registry keys whose extension Accelerate imports itself
    label: str = "get_torch_accelerator_backend()"

    def current(self, inputs: Inputs) -> str | None:
        """What `torch.accelerator.current_accelerator()` reports when Accelerate asks."""
        found = inputs.accelerator
        if found is None or found in _IN_TREE_TYPES:
            imported = [
                registry.BY_KEY[key].device
                for key in self.imports
                if key in inputs.backends and inputs.backends[key].importable is True
            ]
            found = imported[0] if imported else found
        return found

    def device_type(self, inputs: Inputs) -> tuple[str | None, str]:
        """The device type it returns (None: no accelerator), and what was seen on the way."""
        current = self.current(inputs)
        said = [f"current_accelerator() = {current}"]
        if current is not None:
            check = self.checks.get(current)
            if check is not None:
                seen = check(inputs)
            else:
                facts = [inputs.backends[k] for k in registry.keys_for_device(current)
                         if k in inputs.backends]  # fmt: skip
                usable = any(f.available for f in facts)
                seen = Observation(usable, f"torch.accelerator.is_available() = {usable}")
            said.append(seen.observed)
            if seen.holds:
                return current, "; ".join(said)
        for device_type, check in self.fallbacks:
            seen = check(inputs)
            said.append(seen.observed)
            if seen.holds:
                return device_type, "; ".join(said)
        return None, "; ".join(said)

    def __call__(self, inputs: Inputs) -> Observation:
        found, said = self.device_type(inputs)
        return Observation(found is not None, f"{said} → {found}")


@dataclass(frozen=True)
class AcceleratorIs:
    """`get_torch_accelerator_backend()` returned `device_type`."""

    backend: AcceleratorBackend
    device_type: str

    @property
    def label(self) -> str:
        return f"{self.backend.label} == {self.device_type!r}"

    def __call__(self, inputs: Inputs) -> Observation:
        found, said = self.backend.device_type(inputs)
        return Observation(found == self.device_type, f"{said} → {found}")


@dataclass(frozen=True)
class IntegratedCuda:
    """The accelerator is CUDA and a budgeted device of it shares the host's memory
    (`is_integrated`: Jetson, GB10)."""

    backend: AcceleratorBackend
    label: str = "a budgeted CUDA device with is_integrated"

    def __call__(self, inputs: Inputs) -> Observation:
        if self.backend.device_type(inputs)[0] != _CUDA:
            return Observation(False, "the accelerator is not cuda")
        devices = [
            device
            for key in registry.keys_for_device(_CUDA)
            if key in inputs.backends and inputs.backends[key].available
            for device in inputs.backends[key].devices
            if device.allocatable
        ]
        shared = any(device.integrated for device in devices)
        return Observation(shared, f"is_integrated = {shared}")


@dataclass(frozen=True)
class XlaEnabled:
    """`is_torch_xla_available()`: torch_xla importable and USE_TORCH_XLA not switched off."""

    library: str  # "transformers" or "accelerate": they parse USE_TORCH_XLA differently
    label: str = "is_torch_xla_available()"

    def __call__(self, inputs: Inputs) -> Observation:
        facts = inputs.backends.get(_XLA)
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

# A pick that names no device: get_max_memory found no accelerator, or left the host out (a
# CUDA device that shares its memory).
NO_DEVICE: Final = "none"


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
