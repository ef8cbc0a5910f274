"""`detect`, `explain` and `explain DEVICE`: gather (or read) evidence, diagnose it.

Nothing here prints or imports torch: the host scan runs in this process and the probe in
the target interpreter, concurrently; everything after the evidence is pure diagnosis.
What only one path uses (the probe and its answers for a live run, a fleet's diagnosis, a
paste's) is imported on that path: `detect --from` a paste pays for no probe.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from hwdoctor import diagnosis, registry
from hwdoctor.diagnosis import requirements
from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather import inputs
from hwdoctor.gather.inputs import EvidenceFile, FleetDirectory, Input, PastedReport
from hwdoctor.gather.reports import assemble
from hwdoctor.model.facts import Evidence, Section
from hwdoctor.model.reports import (
    Chosen,
    DetectReport,
    DeviceExplanation,
    ExplainReport,
    FleetReport,
    PastedExplanation,
    PasteReport,
    Requirement,
)
from hwdoctor.text import is_true, quoted

if TYPE_CHECKING:
    from hwdoctor import devices
    from hwdoctor.gather.probe.runner import Started
    from hwdoctor.model.runs import ProbeRun

DEFAULT_TIMEOUT_S: Final = 60.0


def examine(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    started: Started | None = None,
    extra_dists: Sequence[str] = (),
    replay: EvidenceFile | None = None,
    save_to: str | None = None,
    rank: int = 0,
    saved: Callable[[gathering.Saved], None] | None = None,
    unsaved: Callable[[gathering.NotSaved], None] | None = None,
) -> Evidence:
    """The evidence of the target interpreter and this host, or the `replay` of a saved
    file; with `save_to`, also written there (`{host}` and `{rank}` expanded, `rank` this
    process's place in its job), and the path written told to `saved`, or why it was not to
    `unsaved` (without it, `NotSaved` is raised)."""
    if replay is not None:
        found = replay.evidence
    else:
        from hwdoctor.gather.interpreter import resolve_python

        target = resolve_python(python)
        found = gathering.gather(target, timeout_s, started, extra_dists=extra_dists)
    if save_to is not None:
        _save(found, save_to, rank, saved, unsaved)
    return found


def _save(
    found: Evidence,
    save_to: str,
    rank: int,
    saved: Callable[[gathering.Saved], None] | None,
    unsaved: Callable[[gathering.NotSaved], None] | None,
) -> None:
    """Keep the evidence where `save_to` says; a failure is `unsaved`'s to tell, and the
    diagnosis goes on: a node's verdict does not hang on its evidence file."""
    try:
        written = gathering.save(found, save_to, rank=rank)
    except gathering.NotSaved as exc:
        if unsaved is None:
            raise
        unsaved(exc)
        return
    if saved is not None:
        saved(written)


def detect(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    started: Started | None = None,
    from_file: str | None = None,
    save_to: str | None = None,
    saved: Callable[[gathering.Saved], None] | None = None,
    unsaved: Callable[[gathering.NotSaved], None] | None = None,
    chosen: Chosen | None = None,
) -> DetectReport:
    """Probe the target interpreter and this host (or read `from_file`); diagnose every
    backend of the registry. A malformed requirement raises `UsageError` before probing.
    `chosen`: why `python` is the interpreter diagnosed, said first in the report."""
    parsed = tuple(r if isinstance(r, Requirement) else requirements.parse(r) for r in require)
    replay = inputs.evidence_file(from_file) if from_file is not None else None
    found = examine(
        python, timeout_s, started=started, extra_dists=requirements.dists(parsed),
        replay=replay, save_to=save_to, saved=saved, unsaved=unsaved,
    )  # fmt: skip
    report = diagnosis.detect(found, require=parsed, strict=strict)
    return dataclasses.replace(report, chosen=chosen) if chosen else report


def detect_from(
    from_file: str,
    *,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    pasted_only: bool = False,
    expected: Sequence[str] | None = None,
    tracker: str | None = None,
) -> DetectReport | PasteReport | FleetReport:
    """Diagnose an evidence file, a directory of them (one per node: a fleet report), or a
    report pasted from another machine (collect_env, transformers env, nvidia-smi, an issue
    body): which one, the input tells. With
    `pasted_only` (`--paste`), it is a paste whatever it holds: an issue body is never read
    as an evidence file. Text that opens with JSON but is no evidence document (an issue
    body that starts with a JSON snippet) is a paste too. `expected`: the host names of
    every node a fleet directory should hold a file of. `tracker`: the repository (OWNER/NAME)
    a pasted report was filed in (`--repo`, issue 38 s17-tracker)."""
    option = "--paste" if pasted_only else "--from"
    refusal = (
        UsageError(
            f"--require cannot be checked against a pasted report ({inputs.where(from_file)})",
            hint="drop --require, or pass an evidence file written by --save-evidence",
        )
        if require
        else None
    )
    given = inputs.read(
        from_file,
        option=option,
        fleets=True,
        pasted_only=pasted_only,
        refuse_paste=refusal,
        tracker=tracker,
    )
    return detect_input(given, require=require, strict=strict, expected=expected)


def detect_input(
    given: Input,
    *,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    expected: Sequence[str] | None = None,
) -> DetectReport | PasteReport | FleetReport:
    """The diagnosis of what the gate read: one machine's evidence, a fleet's (`require`
    judged on each node; with `expected`, the nodes of those names that wrote no file are
    named), or a pasted report's."""
    parsed = tuple(r if isinstance(r, Requirement) else requirements.parse(r) for r in require)
    match given:
        case EvidenceFile(evidence=found):
            return diagnosis.detect(found, require=parsed, strict=strict)
        case FleetDirectory(fleet=read):
            from hwdoctor.diagnosis import fleet as fleet_diagnosis

            return fleet_diagnosis.report(read, require=parsed, strict=strict, expected=expected)
        case PastedReport(paste=paste, option=option):
            from hwdoctor.diagnosis import pasted

            report = pasted.diagnose(assemble.gathered(paste), strict=strict)
            return dataclasses.replace(report, option=option or "--from")  # what was run


def diagnose_text(text: object, *, strict: bool = False, repo: str | None = None) -> PasteReport:
    """The diagnosis of a pasted report given as text (str, or bytes of any kind); anything
    else is a usage error, as text with no report in it is. `repo`: the repository it was
    filed in (`--repo`'s forms; validated as the option is)."""
    from hwdoctor.diagnosis import pasted
    from hwdoctor.gather.reports import tracker

    if repo is not None and not isinstance(repo, str):
        raise UsageError(
            f"hwdoctor.diagnose(repo=) takes the repository as text (OWNER/NAME), not "
            f"{type(repo).__name__}"
        )
    filed = tracker.parse(repo) if repo is not None else None
    return pasted.diagnose(assemble.gathered(inputs.text(text, filed).paste), strict=strict)


def evidence_file(path: str) -> EvidenceFile:
    """An evidence file read through the gate, for `hwdoctor.explain(from_file=)`."""
    return inputs.evidence_file(path)


def explain(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    use_cpu: bool = False,
    verify: bool = False,
    nproc: int | None = None,
    started: Started | None = None,
    replay: EvidenceFile | None = None,
    save_to: str | None = None,
    saved: Callable[[gathering.Saved], None] | None = None,
    unsaved: Callable[[gathering.NotSaved], None] | None = None,
    model: str | None = None,
    context: int | None = None,
    batch: int = 1,
    chosen: Chosen | None = None,
) -> ExplainReport:
    """Which device training and inference pick here, why, and (with verify) proof.

    With `verify` (or `model`), the real libraries run in a second subprocess of the target
    interpreter, concurrently with the probe: with `verify` their answers are compared with
    the prediction; with `model` they read that model's class and config (and with `verify`
    load it). Where a library's version lies outside every table, their answers replace the
    prediction, marked as observed. `replay`: a saved file's evidence, explained instead of
    this machine's.
    """
    import concurrent.futures

    from hwdoctor import rules
    from hwdoctor.gather.interpreter import resolve_python
    from hwdoctor.gather.probe import answers
    from hwdoctor.model.runs import ProbeRun

    if replay is not None:
        refuse_live_with_replay(verify=verify, model=model)
    target = resolve_python(python) if replay is None else None
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        running = (
            pool.submit(_verify_run, target, timeout_s, use_cpu, verify, model)
            if (verify or model) and target
            else None
        )
        found = examine(target, timeout_s, started=started, replay=replay)
        given = rules.inputs(found, use_cpu)
        outside, newer = rules.uncovered(given), rules.newer(given)
        if (outside or newer) and not verify and target is not None:
            # Older than every table: ask the real libraries instead of guessing; newer: ask
            # them too, to confirm the newest rows' prediction (or show where it fails).
            if running is not None:
                running.result()  # it read the model only; the device calls are needed too
            running = pool.submit(_verify_run, target, timeout_s, use_cpu, True, model)
        run = running.result() if running else None
    if run is not None and (verify or outside or newer):
        # The libraries' answers become evidence: redacted like every fact, saved with the
        # rest, and read back by a replay, which then shows the very same comparison.
        found = gathering.redacted(dataclasses.replace(found, answers=run.record()))
    answered = ProbeRun.from_json(found.answers)
    if answered is None and outside:
        shown = ", ".join(f"{name} {quoted(version, 40)}" for name, version in outside)
        raise UsageError(
            f"{shown} is outside the releases hwdoctor's decision tables were read "
            f"from; run `hwdoctor explain` on that machine to ask the real libraries",
            hint="or save its evidence there with `hwdoctor explain --verify --save-evidence "
            "FILE`: the file carries their answers",
        )
    if save_to is not None:
        _save(found, save_to, 0, saved, unsaved)
    # The answers read at the probe's boundary, into records: the diagnosis reads no facts.
    verified = answers.verify(answered) if answered is not None else None
    model_run = verified or (answers.verify(run) if run is not None else None)
    report = diagnosis.explain(
        found, use_cpu=use_cpu, verify=verified, nproc=nproc,
        model=model, model_run=model_run, context=context, batch=batch,
        where="here" if replay is None else "on the machine the evidence came from",
    )  # fmt: skip
    if chosen is None:
        return report
    return dataclasses.replace(report, detect=dataclasses.replace(report.detect, chosen=chosen))


def refuse_live_with_replay(*, verify: bool, model: str | None) -> None:
    """--verify and --model run the real libraries here: a saved file's evidence cannot be
    their subject (a usage error, said before the file is read)."""
    if verify or model:
        option = "--verify" if verify else "--model"
        raise UsageError(
            f"{option} runs the real libraries here; it cannot apply to --from",
            hint="a file written by `explain --verify --save-evidence` carries their answers; "
            "`explain --from` shows them",
        )


def explain_from(
    from_file: str, *, use_cpu: bool = False, nproc: int | None = None
) -> ExplainReport | PastedExplanation:
    """`explain --from`: an evidence file replays as the live explain would answer; a
    report pasted from another machine (collect_env, transformers env, accelerate env, an
    issue body) gives each library's decision there by the tables, or "unknown" naming what
    the paste does not show. Which one, the input tells, as for `detect --from`."""
    refusal = (
        UsageError(
            f"--nproc cannot be combined with a pasted report ({inputs.where(from_file)})",
            hint="drop --nproc, or pass an evidence file written by --save-evidence",
        )
        if nproc is not None
        else None
    )
    given = inputs.read(from_file, refuse_paste=refusal)  # a directory is no input here
    if isinstance(given, PastedReport):
        from hwdoctor.diagnosis import pasted_explain

        return pasted_explain.explain(assemble.gathered(given.paste), use_cpu=use_cpu)
    assert isinstance(given, EvidenceFile), given  # the gate reads fleets only when asked
    return explain(use_cpu=use_cpu, nproc=nproc, replay=given)


def _verify_run(
    python: str, timeout_s: float, use_cpu: bool, calls: bool, model: str | None
) -> ProbeRun:
    job = {
        "use_cpu": use_cpu,
        "calls": calls,
        "model": model,
        "load_model": bool(calls and model),
        "offline": is_true(os.environ.get("HF_HUB_OFFLINE")),
    }
    from hwdoctor.gather.probe import boundary
    from hwdoctor.gather.probe.runner import run_payload

    run = run_payload(python, "verify", job, timeout_s=timeout_s)
    # What the libraries answered, and read of the model (a checkpoint's header is anyone's),
    # checked at the boundary as every fact is; what does not fit is left unknown.
    facts, _ = boundary.checked_facts(run.facts, boundary.VERIFY_FACTS)
    return dataclasses.replace(run, facts=facts)


def explain_device(
    request: devices.DeviceRequest,
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    started: Started | None = None,
    from_file: str | None = None,
    chosen: Chosen | None = None,
) -> DeviceExplanation:
    """What it takes to use one device string on this machine (or the saved one)."""
    replay = inputs.evidence_file(from_file) if from_file is not None else None
    found = examine(python, timeout_s, started=started, replay=replay)
    sections = (Section.TORCH, Section.BACKENDS, Section.HOST)
    lacking = [section.value for section in sections if found.section(section) is None]
    lacking += [
        f"backends.{backend.key}"
        for backend in registry.for_device(request.type)
        if found.backends is not None and backend.key not in found.backends
    ]
    if lacking:  # only a file can lack them: a live probe always reports every row
        raise UsageError(
            f"--from {inputs.where(str(from_file))}: the evidence does not show "
            f"{', '.join(lacking)}, which `explain {request.text}` reads",
            hint="`hwdoctor detect --from` shows what it does show",
        )
    report = diagnosis.explain_device(found, request)
    if chosen is None:
        return report
    return dataclasses.replace(report, detect=dataclasses.replace(report.detect, chosen=chosen))
