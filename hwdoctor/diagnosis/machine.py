"""One machine's evidence in, its report out: `detect()`, `explain()`, `explain_device()`.

Each turns one `Evidence` record (gathered live, or read from a file) into the report its
command prints, so a saved evidence file replays to the same report anywhere. A pasted
report is `pasted`'s and `pasted_explain`'s, which need none of this module's imports.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hwdoctor import devices, rules, shell
from hwdoctor.compat import capabilities
from hwdoctor.diagnosis import (
    abilities,
    backends,
    checks,
    explain_checks,
    requirements,
    verification,
)
from hwdoctor.diagnosis import load as loading
from hwdoctor.model.answers import MODEL, Plan, VerifyRun
from hwdoctor.model.decisions import ModelDecision, ModelMemory
from hwdoctor.model.facts import Evidence, HostFacts, Package, PythonInfo, TorchInfo
from hwdoctor.model.reports import (
    DetectReport,
    DeviceExplanation,
    ExplainReport,
    Requirement,
)

# What a report shows when the evidence does not say: an explicit "unknown", never a guess.
UNKNOWN_PYTHON = PythonInfo("unknown", "unknown", "", False)
UNKNOWN_TORCH = TorchInfo(version=None, importable=False)
UNKNOWN_HOST = HostFacts("unknown", "unknown", False, None, None, None, None, "")
STACK = ("torch", "accelerate", "transformers")


def dialect(evidence: Evidence) -> shell.Dialect:
    """issue 38 (s19-windows): the shell the machine's remedies are written for, by its
    system (platform.system()'s word, else sys.platform's)."""
    host = evidence.host
    if host is None:
        return shell.Dialect.POSIX
    return shell.dialect_of(host.system if host.system != "unknown" else host.platform)


def detect(
    evidence: Evidence, *, require: Sequence[Requirement] = (), strict: bool = False
) -> DetectReport:
    """`hwdoctor detect`'s report of `evidence`, with `require` checked against it."""
    with shell.written_for(dialect(evidence)):
        found, not_checked = checks.diagnose(evidence)
    packages = evidence.packages or {}
    report = DetectReport(
        python=evidence.python or UNKNOWN_PYTHON,
        packages={name: _version(packages.get(name)) for name in STACK},
        torch=evidence.torch or UNKNOWN_TORCH,
        # the probe's second import runs with autoload off; without torch there is no torch
        # it describes, and nothing to switch off
        autoload_disabled=evidence.autoload_disabled
        and evidence.torch is not None
        and evidence.torch.version is not None,
        host=evidence.host or UNKNOWN_HOST,
        backends=backends.rows(evidence, found),
        findings=found,
        failures=evidence.failures or (),
        probe_seconds=evidence.probe_seconds,
        decisions=rules.decisions(evidence),
        environment=dict(evidence.env or {}),
        strict=strict,
        not_checked=not_checked,
        skipped=evidence.skipped,
    )
    return judged(report, evidence, require)


def judged(
    report: DetectReport, evidence: Evidence, require: Sequence[Requirement]
) -> DetectReport:
    """`report` with `require` checked against it (and `evidence`'s package versions)."""
    training = report.decisions.training if report.decisions else None
    packages = evidence.packages or {}
    versions = {name: package.version if package else None for name, package in packages.items()}
    results = tuple(requirements.check(r, report, training, versions) for r in require)
    return dataclasses.replace(report, requirements=results)


def _version(package: Package | None) -> str | None:
    return package.version if package else None


def explain(
    evidence: Evidence,
    *,
    use_cpu: bool = False,
    verify: VerifyRun | None = None,
    nproc: int | None = None,
    model: str | None = None,
    model_run: VerifyRun | None = None,
    context: int | None = None,
    batch: int = 1,
    where: str = "here",
) -> ExplainReport:
    """Which device training and inference pick in `evidence`'s environment, and why; with
    `verify`, the real libraries' answers compared with the prediction. Where a library's
    version lies outside every table, nothing is predicted: `verify` (then required) holds
    the real libraries' answers, and the report shows them as observed. Where one is newer
    than every table, the newest rows predict it; `verify` then confirms the prediction, or,
    where the real libraries answer otherwise, their answers are shown and the tables are
    named stale."""
    given = rules.inputs(evidence, use_cpu)
    outside = rules.uncovered(given)
    newer = rules.newer(given)
    confirmed: bool | None = None
    if outside:
        if verify is None:
            raise rules.OutsideTables(", ".join(f"{name} {version}" for name, version in outside))
        training, accelerate, inference = verification.observed(verify, use_cpu, outside)
        verified = None
    else:
        training = rules.training(given)
        accelerate = rules.accelerate_state(given)
        inference = rules.inference(given)
        verified = verification.compare(verify, training, accelerate, inference) if verify else None
        if newer and verified is not None:
            confirmed = verification.confirms(verified)
        if confirmed is False and verify is not None:
            # The newest rows do not hold for this release: the real answers are the report.
            stale = tuple((c.library, c.version) for c in newer)
            training, accelerate, inference = verification.observed(verify, use_cpu, stale)
    observation = verification.problem_of(verify) if outside and verify else None
    described = _model(given, model, model_run or verify) if model else None
    device_abilities = abilities.of(evidence, training.device)
    if described is not None and device_abilities is not None:
        described = _with_flash_rule(described, evidence, device_abilities.device)
    if described is not None and training.device:
        described = _with_memory(described, model_run or verify, training.device, evidence,
                                 context, batch)  # fmt: skip
    if described is not None and verified is not None and verify is not None:
        verified = verification.with_model(verified, model_run or verify, described)
    with shell.written_for(dialect(evidence)):
        found, _ = explain_checks.diagnose(
            evidence, given, training, accelerate, inference, verified,
            observed=(observation or "") if outside else None, model=described,
            newer=newer, confirmed=confirmed, where=where,
        )  # fmt: skip
    return ExplainReport(
        detect=detect(evidence),
        training=training,
        accelerate=accelerate,
        inference=inference,
        findings=found,
        verify=verified,
        supported=rules.supported(),
        ranks=rules.local_ranks(given, nproc) if nproc and not outside else (),
        observed=bool(outside) or confirmed is False,
        model=described,
        capabilities=device_abilities,
        tables=rules.coverage(given),
        confirmed=confirmed,
        where=where,
    )


def _model(given: rules.Inputs, name: str, run: VerifyRun | None) -> ModelDecision:
    """The model's decision from what the payload read of it (its class, config,
    checkpoint, and with --verify what from_pretrained set)."""
    answers = run.answers if run is not None else None
    error = run.errors.get(MODEL) if run is not None else None
    said = error.one_line() if error else ("the model was not read" if run is None else None)
    if answers is not None and answers.failure is not None:
        # the Hub asked once, as `load` asks it: the cause named as `load` names it
        hub = loading.problem(
            answers.failure,
            hub=answers.hub,
            outcome="completed",
            culprit=None,
            signal=None,
            output="",
            model=name,
            timeout_s=0.0,
        )
        said = hub.message if hub is not None else said
    return rules.model_decision(
        given, name, answers.model if answers else None,
        answers.model_load if answers else None, said,
    )  # fmt: skip


def _with_flash_rule(described: ModelDecision, evidence: Evidence, device: str) -> ModelDecision:
    """flash-attn installed and importable, but for a GPU it cannot serve: say why."""
    chosen = abilities.device_of(evidence, device)
    installed = (evidence.packages or {}).get("flash-attn")
    if described.flash_attention or chosen is None or installed is None:
        return described
    reason = capabilities.flash_attention_2(chosen)
    return dataclasses.replace(described, flash_attention=reason) if reason else described


def _with_memory(
    described: ModelDecision,
    run: VerifyRun | None,
    device: str,
    evidence: Evidence,
    context: int | None,
    batch: int,
) -> ModelDecision:
    """The model's fit on the device training picks, in the dtype it loads in, from the
    checkpoint's headers and config the payload read (no weights)."""
    facts = run.answers.model if run is not None else None
    if facts is None or described.dtype is None:
        return described
    checkpoint = facts.checkpoint
    if checkpoint is None or not checkpoint.source:
        problem = checkpoint.problem if checkpoint is not None else None
        memory = ModelMemory(device, problem or "the checkpoint was not read")
        return dataclasses.replace(described, memory=memory)
    plan = Plan(
        parameters=checkpoint.parameters,
        dtype=described.dtype,
        checkpoint=checkpoint,
        shape=facts.shape,
    )
    request = abilities.request_of(device)
    if request is None:
        return dataclasses.replace(described, memory=ModelMemory(device, "not a device"))
    fitted = loading.fit_of(plan, request, evidence, None, context, batch)
    return dataclasses.replace(described, memory=ModelMemory(device, None, fitted))


def explain_device(evidence: Evidence, request: devices.DeviceRequest) -> DeviceExplanation:
    """What it takes to use one device string in `evidence`'s environment."""
    given = rules.inputs(evidence)
    outside = rules.uncovered(given)
    training = None if outside else rules.training(given)
    auto, note = rules.training_auto(request.type)
    text = request.text
    unknown = (
        ", ".join(f"{name} {version}" for name, version in outside)
        + " is older than hwdoctor's tables; `hwdoctor explain` asks the real library"
        if outside
        else None
    )
    return DeviceExplanation(
        device=text,
        device_type=request.type,
        index=request.index,
        rows=backends.device_rows(request, evidence),
        training_auto=auto,
        training_note=note,
        training_device=training.device if training else None,
        device_map_auto=rules.device_map_budgets(request.type, given.accelerate_version),
        pass_as=(
            f'AutoModelForCausalLM.from_pretrained(..., device_map="{text}")',
            f'pipeline(..., device="{text}")',
            f'model.to("{text}")',
        ),
        detect=detect(evidence),
        training_error=training.error if training else None,
        training_unknown=unknown,
    )
