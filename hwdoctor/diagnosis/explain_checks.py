"""The explain checks: what the libraries' decisions mean here, as findings.

Each check reads the evidence and the decisions the rules predicted from it (and, with
`--verify`, what the real libraries answered); like the detect checks, it declares the
evidence it reads and returns codes and parameters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from hwdoctor import registry, versions
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks import Checks, Known, run
from hwdoctor.diagnosis.findings import finding
from hwdoctor.diagnosis.verification import disagreements
from hwdoctor.model.decisions import (
    AccelerateDecision,
    Coverage,
    InferenceDecision,
    ModelDecision,
    TrainingDecision,
    VerifyReport,
)
from hwdoctor.model.facts import Evidence, Section
from hwdoctor.model.reports import Finding, NotChecked
from hwdoctor.rules import TPU as TPU_MODE
from hwdoctor.rules import device_map_budgets, supported, table_for, uncovered
from hwdoctor.rules.engine import Inputs, Seen, Sees, strtobool
from hwdoctor.rules.tables import TRAINING_ARGUMENTS


@dataclass(frozen=True, slots=True)
class Explained:
    """What the explain checks read: the evidence, the rules' inputs, their decisions."""

    known: Known
    inputs: Inputs
    training: TrainingDecision
    accelerate: AccelerateDecision
    inference: InferenceDecision
    verify: VerifyReport | None
    # Versions outside every table: None when predicted; else what kept the real libraries
    # from answering ("" when they all answered).
    observed: str | None = None
    model: ModelDecision | None = None  # explain --model
    newer: tuple[Coverage, ...] = ()  # libraries newer than the tables: predicted, flagged
    confirmed: bool | None = None  # what the real libraries made of that prediction
    where: str = "here"  # where the real libraries answered: "here", or the evidence's machine


# Registered by `@check`, in the order of this file: the report's order within a severity.
EXPLAIN_CHECKS: Final[Checks[Explained]] = Checks()
check = EXPLAIN_CHECKS.check


@check(Section.PYTHON, Section.PACKAGES)
def check_supported_versions(seen: Explained) -> Iterable[Finding]:
    outside = dict(uncovered(seen.inputs))
    for library, spec in supported().items():
        package = seen.known.packages.get(library)
        if package is None:
            yield finding(
                Code.LIBRARY_MISSING,
                library=library,
                python=seen.known.python.executable,
                install=remedies.pip(seen.known.way, "install", library),
            )
        elif library in outside:
            # Older than every table (or no version at all): an upgrade reaches them.
            older = versions.parse(package.version) is not None
            yield finding(
                Code.VERSION_UNSUPPORTED,
                variant="unanswered" if seen.observed else None,
                library=library, version=package.version, spec=spec, problem=seen.observed,
                upgrade=remedies.requirement(seen.known.way, library, spec, upgrade=True)
                if older
                else None,
            )  # fmt: skip


@check(Section.PYTHON, Section.PACKAGES)
def check_newer_than_tables(seen: Explained) -> Iterable[Finding]:
    """A release newer than every table: predicted with the newest rows; confirmed by the real
    libraries, contradicted by them (the tables are stale for it), or not asked."""
    if not seen.newer:
        return
    shown = ", ".join(f"{c.library} {c.version}" for c in seen.newer)
    rules_of = ", ".join(f"{c.library} {c.series}" for c in seen.newer)
    newest = ", ".join(f"{c.library} {c.newest}" for c in seen.newer)
    if seen.confirmed is False and seen.verify is not None:
        said = "; ".join(
            f"{item.name} predicted {item.predicted}, returned {item.actual}"
            for item in disagreements(seen.verify)
        )
        yield finding(Code.TABLES_STALE, libraries=shown, rules_of=rules_of, newest=newest,
                      disagreements=said, where=seen.where)  # fmt: skip
        return
    variant: Literal["confirmed"] | None = "confirmed" if seen.confirmed else None
    yield finding(Code.TABLES_NEWER, variant=variant, libraries=shown, rules_of=rules_of,
                  newest=newest, where=seen.where)  # fmt: skip


@check(Section.ENV)
def check_training_error(seen: Explained) -> Iterable[Finding]:
    if seen.training.error:
        yield finding(Code.TRAINING_RAISES, error=seen.training.error)


@check(Section.BACKENDS, Section.ENV)
def check_libraries_disagree(seen: Explained) -> Iterable[Finding]:
    training, state = seen.training.device, seen.accelerate.device
    if training and _device_type(training) != _device_type(state):
        yield finding(Code.LIBRARIES_DISAGREE, training=training, state=state)


def _device_type(device: str) -> str:
    return device.split(":", 1)[0]


@check(Section.BACKENDS)
def check_device_map_auto(seen: Explained) -> Iterable[Finding]:
    plan = seen.inference.device_map_auto
    if plan.fallback_to_cpu:
        unused = [registry.BY_KEY[k] for k in plan.unused_accelerators]
        first = unused[0] if unused else None
        version = seen.inputs.accelerate_version
        never = [b.device for b in unused if not device_map_budgets(b.device, version)]
        why = (
            f"Accelerate never budgets {', '.join(never)} devices"
            if never
            else f"no {plan.family} device could hold a tensor when Accelerate probed it"
        )
        yield finding(
            Code.AUTO_FALLS_BACK,
            backend=first.key if first else None,
            usable=", ".join(f"{b.hardware} ({b.device})" for b in unused),
            why=why,
            device=first.device if first else None,
        )
        return
    for key in plan.unused_accelerators:
        backend = registry.BY_KEY[key]
        yield finding(
            Code.AUTO_IGNORES,
            backend=key,
            family=plan.family,
            count=seen.known.backends[key].device_count,
            hardware=backend.hardware,
            device=backend.device,
        )


@check(Section.ENV)
def check_accelerate_use_cpu(seen: Explained) -> Iterable[Finding]:
    raw = seen.inputs.env.get("ACCELERATE_USE_CPU")
    device = seen.training.device
    if raw is None or seen.inputs.use_cpu or not device or device == registry.HOST:
        return
    if strtobool(raw):
        yield finding(
            Code.USE_CPU_ENV_HALF, raw=repr(raw), n_gpu=seen.training.n_gpu, device=device
        )


@check(Section.BACKENDS, Section.HOST)
def check_xla_override(seen: Explained) -> Iterable[Finding]:
    if seen.training.parallel_mode != TPU_MODE:
        return
    xla = next(b for b in registry.BACKENDS if b.query.kind is registry.QueryKind.XLA)
    others = [
        registry.BY_KEY[key].device
        for key, facts in seen.known.backends.items()
        if facts.available
        and registry.BY_KEY[key].query.kind not in (registry.QueryKind.CPU, registry.QueryKind.XLA)
    ]
    present = any(seen.known.host.signals_for(key) for key in xla.runs_on)
    if others or seen.inputs.use_cpu or not present:
        if others:
            reason = f"ahead of {', '.join(others)}"
        elif seen.inputs.use_cpu:
            reason = "even with use_cpu=True"
        else:
            hardware = " or ".join(registry.BY_KEY[key].hardware for key in xla.runs_on)
            reason = f"with no {hardware} hardware found on this machine"
        yield finding(
            Code.XLA_OVERRIDES, backend=xla.key, device=seen.training.device, reason=reason
        )


@check(Section.BACKENDS)
def check_not_autoloaded(seen: Explained) -> Iterable[Finding]:
    table = table_for(TRAINING_ARGUMENTS, seen.inputs.transformers_version)
    for step in table.steps if table else ():
        sees = step.predicate
        if not isinstance(sees, Sees) or sees.seen is not Seen.AUTOLOAD_ONLY:
            continue
        for key in sees.keys:
            facts = seen.known.backends.get(key)
            backend = registry.BY_KEY[key]
            if facts and facts.available and not facts.autoloaded and backend.module:
                yield finding(
                    Code.NOT_AUTOLOADED,
                    backend=key,
                    package=backend.package,
                    module=backend.module,
                    device=backend.device,
                )


@check(Section.ENV)
def check_launcher(seen: Explained) -> Iterable[Finding]:
    state = seen.training.accelerate
    if seen.inputs.local_rank != -1 or seen.inputs.world_size() > 1:
        yield finding(
            Code.LAUNCHER,
            local_rank=seen.inputs.env.get("LOCAL_RANK", "unset"),
            world_size=seen.inputs.env.get("WORLD_SIZE", "unset"),
            distributed_type=state.distributed_type,
            collective=f" over {state.backend}" if state.backend else "",
            device=state.device,
        )


@check(optional=(Section.TORCH,))
def check_model(seen: Explained) -> Iterable[Finding]:
    """explain --model: a model that could not be read; flash-attn installed but unable to
    serve attn_implementation="flash_attention_2" here."""
    model = seen.model
    if model is None:
        return
    if model.error:
        yield finding(Code.MODEL_UNREADABLE, model=model.model, error=model.error)
    elif model.flash_attention:
        torch = seen.known.if_known.torch
        yield finding(
            Code.FLASH_ATTENTION_UNUSABLE, model=model.model, why=model.flash_attention,
            attention=model.attention or "the default",
            torch=torch.version if torch and torch.version else "",
        )  # fmt: skip


@check()
def check_verify(seen: Explained) -> Iterable[Finding]:
    report = seen.verify
    if report is None:
        return
    if seen.newer and seen.confirmed is False:
        return  # the tables are stale for a newer release: said once, by tables_stale
    for item in report.items:
        if not item.agree and item.actual is not None:
            said = item.actual if item.actual.startswith("raises") else f"returned {item.actual}"
            yield finding(
                Code.VERIFY_MISMATCH,
                evidence=item.error,
                name=item.name,
                predicted=item.predicted,
                actual=said,
            )
    if report.problem:
        yield finding(Code.VERIFY_INCOMPLETE, problem=report.problem)


def diagnose(
    evidence: Evidence,
    inputs: Inputs,
    training: TrainingDecision,
    accelerate: AccelerateDecision,
    inference: InferenceDecision,
    verify: VerifyReport | None,
    *,
    observed: str | None = None,
    model: ModelDecision | None = None,
    newer: tuple[Coverage, ...] = (),
    confirmed: bool | None = None,
    where: str = "here",
) -> tuple[tuple[Finding, ...], tuple[NotChecked, ...]]:
    seen = Explained(
        Known(evidence), inputs, training, accelerate, inference, verify, observed, model,
        newer, confirmed, where,
    )  # fmt: skip
    return run(
        EXPLAIN_CHECKS,
        lambda c: dataclasses.replace(seen, known=Known(evidence, c.reads, c.optional)),
        evidence.unknown(),
    )
