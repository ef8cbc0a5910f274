"""`detect`, `explain` and `explain DEVICE`: gather (or read) evidence, diagnose it.

Nothing here prints or imports torch: the host scan runs in this process and the probe in
the target interpreter, concurrently; everything after the evidence is pure diagnosis.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import os
from collections.abc import Callable, Sequence
from typing import Final

from hwdoctor import devices, diagnosis, registry, rules
from hwdoctor.diagnosis import fleet as fleet_diagnosis
from hwdoctor.diagnosis import pasted, pasted_explain, requirements
from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather import fleet, reports
from hwdoctor.gather.interpreter import resolve_python
from hwdoctor.gather.probe import answers, boundary
from hwdoctor.gather.probe.runner import Started, run_payload
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
from hwdoctor.model.runs import ProbeRun
from hwdoctor.text import is_true, quoted

DEFAULT_TIMEOUT_S: Final = 60.0


def examine(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    started: Started | None = None,
    extra_dists: Sequence[str] = (),
    from_file: str | None = None,
    save_to: str | None = None,
    rank: int = 0,
    saved: Callable[[gathering.Saved], None] | None = None,
    unsaved: Callable[[gathering.NotSaved], None] | None = None,
) -> Evidence:
    """The evidence of the target interpreter and this host, or of a saved file; with
    `save_to`, also written there (`{host}` and `{rank}` expanded, `rank` this process's
    place in its job), and the path written told to `saved`, or why it was not to
    `unsaved` (without it, `NotSaved` is raised)."""
    if from_file is not None:
        found = gathering.load(from_file)
    else:
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
    found = examine(
        python, timeout_s, started=started, extra_dists=requirements.dists(parsed),
        from_file=from_file, save_to=save_to, saved=saved, unsaved=unsaved,
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
) -> DetectReport | PasteReport | FleetReport:
    """Diagnose an evidence file, a directory of them (one per node: a fleet report), or a
    report pasted from another machine (collect_env, transformers env, nvidia-smi, an issue
    body): which one, the input tells. With
    `pasted_only` (`--paste`), it is a paste whatever it holds: an issue body is never read
    as an evidence file. Text that opens with JSON but is no evidence document (an issue
    body that starts with a JSON snippet) is a paste too. `expected`: the host names of
    every node a fleet directory should hold a file of."""
    if not pasted_only and fleet.is_fleet(from_file):
        return detect_fleet(from_file, require=require, strict=strict, expected=expected)
    raw, total = gathering.read_input(from_file)
    where = _where(from_file)
    option = "--paste" if pasted_only else "--from"
    if not pasted_only and gathering.is_evidence(raw):
        document = gathering.evidence_document(raw)
        if document is not None:
            parsed = tuple(
                r if isinstance(r, Requirement) else requirements.parse(r) for r in require
            )
            found = gathering.load(from_file, raw, document)
            return diagnosis.detect(found, require=parsed, strict=strict)
    if require:
        raise UsageError(
            f"--require cannot be checked against a pasted report ({where})",
            hint="drop --require, or pass an evidence file written by --save-evidence",
        )
    paste = reports.read(raw, where, total, more=total is None, option=option)
    report = pasted.diagnose(assemble.gathered(paste), strict=strict)
    return dataclasses.replace(report, option=option)  # a reply names what was run


def detect_fleet(
    directory: str,
    *,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    expected: Sequence[str] | None = None,
) -> FleetReport:
    """Diagnose every node's evidence file in `directory` (`detect --from DIR`): the nodes
    grouped by configuration, `require` judged on each node; with `expected`, the nodes of
    those names that wrote no file are named."""
    parsed = tuple(r if isinstance(r, Requirement) else requirements.parse(r) for r in require)
    return fleet_diagnosis.report(
        fleet.read(directory), require=parsed, strict=strict, expected=expected
    )


def diagnose_text(text: object, *, strict: bool = False) -> PasteReport:
    """The diagnosis of a pasted report given as text (str, or bytes of any kind); anything
    else is a usage error, as text with no report in it is."""
    if isinstance(text, str):
        try:
            raw = text.encode("utf-8", "surrogateescape")  # bytes a file's name stood for
        except UnicodeEncodeError:  # a lone surrogate that stands for no byte
            raw = text.encode("utf-8", "backslashreplace")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
    else:
        raise UsageError(
            f"hwdoctor.diagnose() reads the text of a report (str or bytes), not "
            f"{type(text).__name__}"
        )
    paste = reports.read(raw, "the text", option=None)
    return pasted.diagnose(assemble.gathered(paste), strict=strict)


def explain(
    python: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    *,
    use_cpu: bool = False,
    verify: bool = False,
    nproc: int | None = None,
    started: Started | None = None,
    from_file: str | None = None,
    save_to: str | None = None,
    saved: Callable[[gathering.Saved], None] | None = None,
    unsaved: Callable[[gathering.NotSaved], None] | None = None,
    model: str | None = None,
    context: int | None = None,
    batch: int = 1,
    evidence: Evidence | None = None,
    chosen: Chosen | None = None,
) -> ExplainReport:
    """Which device training and inference pick here, why, and (with verify) proof.

    With `verify` (or `model`), the real libraries run in a second subprocess of the target
    interpreter, concurrently with the probe: with `verify` their answers are compared with
    the prediction; with `model` they read that model's class and config (and with `verify`
    load it). Where a library's version lies outside every table, their answers replace the
    prediction, marked as observed. `evidence`: the file `from_file` names, already read.
    """
    if (verify or model) and from_file is not None:
        option = "--verify" if verify else "--model"
        raise UsageError(
            f"{option} runs the real libraries here; it cannot apply to --from",
            hint="a file written by `explain --verify --save-evidence` carries their answers; "
            "`explain --from` shows them",
        )
    target = resolve_python(python) if from_file is None else None
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        running = (
            pool.submit(_verify_run, target, timeout_s, use_cpu, verify, model)
            if (verify or model) and target
            else None
        )
        found = evidence or examine(target, timeout_s, started=started, from_file=from_file)
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
        where="here" if from_file is None else "on the machine the evidence came from",
    )  # fmt: skip
    if chosen is None:
        return report
    return dataclasses.replace(report, detect=dataclasses.replace(report.detect, chosen=chosen))


def explain_from(
    from_file: str, *, use_cpu: bool = False, nproc: int | None = None
) -> ExplainReport | PastedExplanation:
    """`explain --from`: an evidence file replays as the live explain would answer; a
    report pasted from another machine (collect_env, transformers env, accelerate env, an
    issue body) gives each library's decision there by the tables, or "unknown" naming what
    the paste does not show. Which one, the input tells, as for `detect --from`."""
    raw, total = gathering.read_input(from_file)
    if gathering.is_evidence(raw):
        document = gathering.evidence_document(raw)
        if document is not None:
            found = gathering.load(from_file, raw, document)
            return explain(use_cpu=use_cpu, nproc=nproc, from_file=from_file, evidence=found)
    if nproc is not None:
        raise UsageError(
            f"--nproc cannot be combined with a pasted report ({_where(from_file)})",
            hint="drop --nproc, or pass an evidence file written by --save-evidence",
        )
    paste = reports.read(raw, _where(from_file), total, more=total is None, option="--from")
    return pasted_explain.explain(assemble.gathered(paste), use_cpu=use_cpu)


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
    found = examine(python, timeout_s, started=started, from_file=from_file)
    sections = (Section.TORCH, Section.BACKENDS, Section.HOST)
    lacking = [section.value for section in sections if found.section(section) is None]
    lacking += [
        f"backends.{backend.key}"
        for backend in registry.for_device(request.type)
        if found.backends is not None and backend.key not in found.backends
    ]
    if lacking:  # only a file can lack them: a live probe always reports every row
        raise UsageError(
            f"--from {_where(from_file)}: the evidence does not show {', '.join(lacking)}, which "
            f"`explain {request.text}` reads",
            hint="`hwdoctor detect --from` shows what it does show",
        )
    report = diagnosis.explain_device(found, request)
    if chosen is None:
        return report
    return dataclasses.replace(report, detect=dataclasses.replace(report.detect, chosen=chosen))


def _where(from_file: str | None) -> str:
    return "standard input" if from_file == "-" else str(from_file)
