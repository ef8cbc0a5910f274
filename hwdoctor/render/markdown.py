"""Markdown reports to paste into a GitHub issue: every backend, device, finding and the
training/inference decision, in one block. The caller redacts (secrets always; GPU UUIDs
and the hostname too, unless --no-redact).

Everything that came from the diagnosed machine (names, versions, errors, paths, the
environment) goes through `hwdoctor.text`'s Markdown helpers: escaped prose, code spans and
fences it cannot close, no HTML of its own; hwdoctor's `<details>` and `<br>` are the only
HTML. No line of the report is a GitHub workflow command."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from hwdoctor.project import __version__
from hwdoctor.text import inert_commands, md_code, md_fence, md_inline, md_spans
from hwdoctor.units import human_bytes

if TYPE_CHECKING:
    from hwdoctor.model.decisions import Trace
    from hwdoctor.model.live_reports import BandwidthReport, DistributedReport
    from hwdoctor.model.reports import (
        BackendReport,
        DetectReport,
        ExplainReport,
        Finding,
        FleetReport,
        PastedExplanation,
        PasteReport,
        Question,
        RequirementResult,
    )

_MARKS = {"ok": "✅", "warn": "⚠️", "fail": "❌", "absent": "·", "error": "❓", "unknown": "❔"}
_SEVERITY = {"error": "❌", "warning": "⚠️", "info": "ℹ️"}


def detect(report: DetectReport) -> str:
    lines = [*_heading("hwdoctor detect", report), *_requirements(report.requirements)]
    lines += _backends(report.backends)
    if report.decisions:
        decisions = report.decisions
        lines += [
            "### Where things would run",
            "",
            f"- `TrainingArguments(...).device`: {md_code(decisions.training)} "
            f"(n_gpu={md_inline(decisions.n_gpu)})",
            f"- `PartialState().device`: {md_code(decisions.accelerate)}",
            "- `from_pretrained()` without `device_map`: `cpu`",
            f'- `device_map="auto"`: {", ".join(md_code(d) for d in decisions.device_map_auto)}',
            f"- `pipeline()` without `device`: {md_code(decisions.pipeline)}",
            "",
        ]
    lines += _findings(report.findings)
    lines += _environment(report)
    lines += _evidence(report)
    lines += _skipped(report.skipped)
    return _finish(lines)


def distributed(report: DistributedReport) -> str:
    lines = [*_heading("hwdoctor detect (distributed)", report.local)]
    from hwdoctor.hosts import compress, numbers

    lines += [f"### Ranks ({len(report.ranks)} of {report.world_size} reported)", "",
              "| ranks | hosts | local | devices | name | backend | all_reduce |",
              "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for group in report.groups:
        ranks = group.ranks
        results = [r.all_reduce for r in ranks if r.all_reduce is not None]
        reduced = (
            "not run" if not results
            else (f"✅ {_cell(results[0].value)}" if all(r.ok for r in results)
                  else "❌ failed")
        )  # fmt: skip
        lines.append(
            f"| {numbers(r.rank for r in ranks)} | "
            f"{md_code(compress(r.host for r in ranks), in_table=True)} | "
            f"{numbers(r.local_rank for r in ranks)} | "
            f"{md_code(compress(r.device for r in ranks), in_table=True)} | "
            f"{_cell(ranks[0].device_name or '?')} | {_cell(ranks[0].backend or '?')} | {reduced} |"
        )
    for group in report.groups[1:]:
        lines.append(
            f"\nRanks {numbers(r.rank for r in group.ranks)}: "
            + "; ".join(
                f"{md_inline(what)} {md_code(here)} (the others: {md_code(largest)})"
                for what, here, largest in group.differs
            )
        )
    if report.missing:
        lines.append(f"\nMissing ranks: {md_inline(', '.join(map(str, report.missing)))}")
    lines.append("")
    if report.bandwidth is not None:
        lines += _bandwidth(report.bandwidth)
    lines += _findings((*report.findings, *report.local.findings))
    lines += _backends(report.local.backends)
    return _finish(lines)


def _bandwidth(report: BandwidthReport) -> list[str]:
    """The collectives as nccl-tests prints them, then each pair of ranks."""

    def gbps(value: float | None) -> str:
        return "" if value is None else f"{value / 1e9:.2f} GB/s"

    lines = [f"### Bandwidth ({report.ranks} ranks, {_cell(report.backend or '?')})", "",
             "| operation | size | time | algbw | busbw | slowest rank |",
             "| --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    lines += [
        f"| {row.operation} | {human_bytes(row.size)} | {row.seconds * 1000:.2f} ms | "
        f"{gbps(row.algbw)} | {gbps(row.busbw)} | {row.slowest_rank} on "
        f"{md_code(row.slowest_host, in_table=True)} |"
        for row in report.collectives
    ]
    if report.pairs:
        lines += ["", "| pair | devices | link | one way | link carries |",
                  "| --- | --- | --- | --- | --- |"]  # fmt: skip
        for pair in report.pairs:
            carries = f"{gbps(pair.expected)} ({_cell(pair.basis or '')})" if pair.expected else ""
            link = pair.link or ("network" if pair.hosts[0] != pair.hosts[1] else "same host")
            lines.append(
                f"| {pair.ranks[0]}-{pair.ranks[1]} | "
                f"{md_code(' ↔ '.join(pair.devices), in_table=True)} | {_cell(link)} | "
                f"{'❌ ' if pair.far_below else ''}{gbps(pair.bandwidth)} | {carries} |"
            )
    return [*lines, ""]


def explain(report: ExplainReport) -> str:
    detect_report = report.detect
    lines = [*_heading("hwdoctor explain", detect_report)]
    training = report.training
    note = report.basis_note()
    if report.observed and not report.newer:
        lines += [
            "**Observed, not predicted**: a library version is outside the releases "
            "hwdoctor's tables were read from, so these are the real libraries' answers in "
            "this environment.",
            "",
        ]
    elif note:
        lines += [f"**{'Observed' if report.observed else 'Predicted'}**: {md_inline(note)}", ""]
    lines += [
        "### Training",
        "",
        f"`TrainingArguments(...).device` → {md_code(training.device)} "
        f"(n_gpu={md_inline(training.n_gpu)}, {md_inline(training.parallel_mode)})"
        + (f" — raises {md_inline(training.error)}" if training.error else ""),
        "",
        *_trace(training.trace),
        f"`PartialState().device` → {md_code(report.accelerate.device)}",
        "",
        *_trace(report.accelerate.trace),
        "### Inference",
        "",
        f"- `from_pretrained()` without `device_map` → {md_code(report.inference.from_pretrained)}",
        '- `device_map="auto"` → '
        + ", ".join(
            f"{md_code(device)} ({human_bytes(size) or '?'})"
            for device, size in report.inference.device_map_auto.budgets
        )
        + ", then disk",
        f"- `pipeline()` without `device` → {md_code(report.inference.pipeline)}",
        "",
    ]
    if report.model is not None:
        model = report.model
        lines += ["### Model", ""]
        if model.error:
            lines += [f"{md_code(model.model)} could not be read: {md_inline(model.error)}", ""]
        else:
            lines += [
                f"- {md_code(model.architecture)} from {md_code(model.model)}",
                f"- `attn_implementation` → {md_code(model.attention)}",
                f"- dtype → {md_code(model.dtype)}",
                "",
            ]
    if report.verify is not None:
        verify = report.verify
        lines += ["### Verified against the libraries", "", "| item | predicted | actual |",
                  "| --- | --- | --- |"]  # fmt: skip
        lines += [
            f"| {'✅' if item.agree else '❌'} {_cell(item.name)} | "
            f"{md_code(item.predicted, in_table=True)} | {md_code(item.actual, in_table=True)} |"
            for item in verify.items
        ]
        lines.append("")
    lines += _backends(detect_report.backends)
    lines += _findings((*detect_report.findings, *report.findings))
    lines += _environment(detect_report)
    lines += _skipped(detect_report.skipped)
    return _finish(lines)


def _finish(lines: list[str]) -> str:
    """The report as one text; a workflow command could only come from a fence's content,
    which `md_fence` already made inert: this is the last guard, a no-op on hwdoctor's text."""
    return fitted(inert_commands("\n".join(lines).rstrip() + "\n"))


# GitHub refuses a comment (and an issue body) over 65,536 characters; the margin leaves room
# for what the redactor may add (`<hostname>` for a shorter name).
COMMENT_LIMIT: Final = 65_536
_FIT: Final = COMMENT_LIMIT - 1_024
_FENCE_LINE: Final = re.compile(r"^\s*(`{3,})")


def fitted(report: str, limit: int = _FIT) -> str:
    """`report` cut at a line so that it fits in one GitHub comment, its open code fence and
    `<details>` closed, with a last line that says it was cut; as it is when it fits.
    Lengths are counted as GitHub counts them, in UTF-16 code units."""
    if _units(report) <= limit:
        return report
    lines = report.split("\n")
    note = (
        f"*This reply is cut at GitHub's {COMMENT_LIMIT:,}-character limit for a comment "
        f"({len(lines):,} lines in all); `hwdoctor detect --from` on the same text shows "
        "the rest.*"
    )
    kept: list[str] = []
    used = _units(note) + 64  # the closing lines
    fence: str | None = None  # the backticks of the open fence, with its indent
    details = 0
    for line in lines:
        size = _units(line) + 1
        if used + size > limit:
            break
        kept.append(line)
        used += size
        opened = _FENCE_LINE.match(line)
        if fence is None and opened:
            fence = line[: opened.end()]
        elif fence is not None and line.rstrip() == fence:
            fence = None
        details += line.count("<details>") - line.count("</details>")
    closing = [fence] if fence is not None else []
    closing += ["", "</details>"] * max(0, details)
    return "\n".join([*kept, *closing, "", note]) + "\n"


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _heading(title: str, report: DetectReport) -> list[str]:
    torch = report.torch
    from hwdoctor.registry import build_name

    build = f" ({md_inline(build_name(torch.build))} build)" if torch.version else ""
    packages = " · ".join(
        f"{name} {md_inline(report.packages.get(name) or 'not installed')}"
        + (build if name == "torch" else "")
        for name in ("torch", "transformers", "accelerate")
    )
    host = report.host
    chosen = [f"- {md_inline(report.chosen.said(report.python.version))}"] if report.chosen else []
    return [
        f"## {title}",
        "",
        *chosen,
        f"- hwdoctor {__version__} · Python {md_inline(report.python.version)} · "
        f"{md_inline(host.system)} {md_inline(host.machine)} · host {md_code(host.hostname)}",
        f"- {packages}",
        f"- CPU: {md_inline(host.cpu_name or '?')}, {md_inline(host.cpu_count or '?')} cores, "
        f"{human_bytes(host.memory_total_bytes) or '?'} RAM",
        "",
    ]


def _requirements(results: Sequence[RequirementResult]) -> list[str]:
    if not results:
        return []
    lines = ["### Requirements", ""]
    lines += [
        f"- {'✅' if r.met else '❌'} {md_code(r.requirement.text)}: {md_inline(r.found)}"
        for r in results
    ]
    return [*lines, ""]


def _backends(backends: Iterable[BackendReport]) -> list[str]:
    lines = ["### Backends", "", "| | device | hardware | package | devices / note |",
             "| --- | --- | --- | --- | --- |"]  # fmt: skip
    for backend in backends:
        package = (
            f"{backend.package} {backend.version}"
            if backend.installed and backend.version
            else backend.package
        )
        devices = [
            _cell(
                f"{d.index}: {d.name or '?'}"
                + (f", {human_bytes(d.total_memory_bytes)}" if d.total_memory_bytes else "")
            )
            # A code span: the redacted form, `<uuid>`, would otherwise read as an HTML tag.
            + (f" ({md_code(d.uuid, in_table=True)})" if d.uuid else "")
            for d in backend.devices
        ]
        detail = "<br>".join(part for part in (*devices, _cell(backend.note)) if part)
        lines.append(
            f"| {_MARKS[backend.status.value]} | {md_code(backend.device, in_table=True)} | "
            f"{_cell(backend.hardware)} | {_cell(package)} | {detail} |"
        )
    return [*lines, ""]


def _findings(found: Sequence[Finding]) -> list[str]:
    if not found:
        return ["### Findings", "", "None.", ""]
    lines = ["### Findings", ""]
    for item in found:
        lines += _finding(item)
    return [*lines, ""]


def _finding(item: Finding) -> list[str]:
    """One finding as a list item: the message, what to do in words, the commands fenced."""
    message = md_spans(item.message, item.message_values)
    lines = [f"- {_SEVERITY[item.severity.value]} {message} ({md_code(item.code)})"]
    if item.advice:
        lines.append(f"  - {md_spans(item.advice, item.advice_values)}")
    if item.remedy:
        lines += ["", *md_fence(item.remedy.rstrip("\n"), info="sh", indent="  "), ""]
    return lines


# The facts a reply lists before its findings: the findings must fit in one comment.
_FACTS_SHOWN: Final = 60
# The error lines a reply quotes that no finding accounts for.
_UNREAD_SHOWN: Final = 20
# Who has not explained a line that looks like an error: the findings above, or, with none
# above, hwdoctor.
_UNEXPLAINED: Final = {
    True: "no finding above accounts for them",
    False: "hwdoctor has no finding that accounts for them",
}


def pasted(report: PasteReport) -> str:
    """A reply a maintainer can post under an issue: findings with remedies and the quoted
    lines they rest on, then the questions for the reporter."""
    from hwdoctor.render.paste import counts

    run = f"hwdoctor detect {report.option}"
    # Everything from the paste is code here: the reporter's words never read as the bot's.
    read_from = ", ".join(
        f"{block.tool}{' ' + md_code(block.version) if block.version else ''} "
        f"(lines {block.first}–{block.last})"
        for block in report.blocks
    )
    lines = [f"### hwdoctor read this report: {md_inline(counts(report))}", "",
             f"Read from: {read_from or 'messages only'}.", ""]  # fmt: skip
    if report.facts:
        lines += ["<details><summary>what the paste shows</summary>", ""]
        lines += [f"- {_what(f.what)}: {md_code(f.value)} (line {f.quote.line})"
                  for f in report.facts[:_FACTS_SHOWN]]  # fmt: skip
        if len(report.facts) > _FACTS_SHOWN:
            more = len(report.facts) - _FACTS_SHOWN
            lines.append(f"- and {more:,} more (`{run} FILE --json` lists them)")
        lines += ["", "</details>", ""]
    if report.findings:
        lines += ["#### Findings", ""]
    for finding, quotes in zip(report.findings, report.rests_on, strict=True):
        lines += _finding(finding)
        if quotes:
            body = "\n".join(f"{q.line}: {q.text}" for q in quotes)
            # a paragraph of its own: right after the advice's bullet it would read as
            # that bullet's continuation
            if lines[-1] != "":
                lines.append("")
            lines += ["  From the report:", "", *md_fence(body, indent="  "), ""]
    if report.unread:
        body = "\n".join(f"{q.line}: {q.text}" for q in report.unread[:_UNREAD_SHOWN])
        lines += ["#### Lines that look like errors and that no finding explains", "",
                  f"They look like errors, and {_UNEXPLAINED[bool(report.findings)]}:", "",
                  *md_fence(body), ""]  # fmt: skip
        if report.unread_count > _UNREAD_SHOWN:
            more = report.unread_count - _UNREAD_SHOWN
            lines += [f"and {more:,} more (`{run} FILE --json` lists them)", ""]
    # A posted reply asks for what would settle its findings, at most two things (issue 42:
    # a standard list of four commands under a driver finding reads as a form to fill in, and
    # the reporter answers none); the terminal and --json, read by the person who ran
    # hwdoctor, keep every check the paste could not run, as does a reply not posted.
    asked = report.settling if report.post else report.questions
    if asked:
        lines += ["#### Could you also paste", ""]
        for question in asked:
            lines.append(f"- {_unknown(question)}: the output of {md_code(question.command)}")
        lines.append("")
    left = len(report.questions) - len(asked)
    if left > 0:
        lines += [f"{left:,} more input{'s' * (left > 1)} would let hwdoctor run checks this "
                  f"paste could not (`{run} FILE --json` lists them under not_checked).",
                  ""]  # fmt: skip
    if report.skipped:
        lines += ["#### Skipped", "", *(f"- {md_code(item)}" for item in report.skipped), ""]
    lines.append(f"<sub>hwdoctor {md_inline(__version__)} · `{run}`</sub>")
    return fitted(inert_commands("\n".join(lines) + "\n"))


def pasted_explanation(report: PastedExplanation) -> str:
    """A reply a maintainer can post: which device each library picks on the reporter's
    machine, the lines each answer rests on, and what to paste for the unknown ones."""
    from hwdoctor import registry
    from hwdoctor.render.paste import tools_of

    whats = {item.key: item.what for item in report.not_shown}
    lines = ["### Which device each library picks on the machine of this report", "",
             f"Read from: {md_inline(tools_of(report.blocks))}.", "",
             "| | Answer | Because |", "|---|---|---|"]  # fmt: skip
    for decision in report.decisions:
        if decision.answer is None:
            answer = "unknown"
            because = "the paste does not show " + "; ".join(
                whats.get(key, key) for key in decision.missing
            )
        else:
            answer = md_code(decision.answer)
            because = decision.reason
        if decision.rests_on:
            because += (
                f" (line{'s' * (len(decision.rests_on) > 1)} "
                + ", ".join(str(q.line) for q in decision.rests_on)
                + ")"
            )
        lines.append(f"| {md_code(decision.call)} | {answer} | {_cell(because)} |")
    quoted = {q.line: q.text for d in report.decisions for q in d.rests_on}
    if quoted:
        body = "\n".join(f"{line}: {text}" for line, text in sorted(quoted.items()))
        lines += ["", "From the report:", "", *md_fence(body)]
    asked = [item for item in report.not_shown if item.leaves]
    if asked:
        lines += ["", "#### Could you also paste", ""]
        lines += [f"- {md_inline(item.what)} (for {md_inline(', '.join(item.leaves))}): the "
                  f"output of {md_code(item.command)}" for item in asked]  # fmt: skip
    # An extension the paste does not show, which could change answers above: said once.
    # ("extensions" is that input's stable key, pasted_explain.EXTENSIONS.)
    touched = [d for d in report.decisions if d.unless]
    could = [item for item in report.not_shown if not item.leaves and touched
             and item.key == "extensions"]  # fmt: skip
    for item in could:
        packages = ", ".join(dict.fromkeys(registry.BY_KEY[k].package for d in touched
                                           for k in d.unless))  # fmt: skip
        lines += ["", f"These answers hold unless an accelerator extension the paste does not "
                  f"show ({md_inline(packages)}) is installed and sees a device: it would "
                  f"change {md_inline(', '.join(d.name for d in touched))}; the output of "
                  f"{md_code(item.command)} shows."]  # fmt: skip
    rest = [item for item in report.not_shown if not item.leaves and item not in could]
    if rest:
        lines += ["", "Not shown, and changing no answer above: " + "; ".join(
            f"{md_inline(item.what)} ({md_inline(item.note or 'changes no answer')})"
            for item in rest) + "."]  # fmt: skip
    lines += ["", f"<sub>hwdoctor {md_inline(__version__)} · `hwdoctor explain --from`</sub>"]
    return fitted(inert_commands("\n".join(lines) + "\n"))


def _what(what: str) -> str:
    """A fact's label: hwdoctor's words, but a package's name is the paste's."""
    if what.startswith("package "):
        return f"package {md_code(what.removeprefix('package '))}"
    return md_inline(what)


def _unknown(question: Question) -> str:
    """What the paste does not show, the names it took from the paste as code."""
    if not question.subjects:
        return md_inline(question.unknown)
    shown = ", ".join(question.subjects)
    head = question.unknown.removesuffix(shown)
    return md_inline(head) + ", ".join(md_code(subject) for subject in question.subjects)


def _trace(trace: Trace) -> list[str]:
    lines = ["<details><summary>checks, in order</summary>", ""]
    marks = {"taken": "✅", "skip": "✗", "noted": "·"}
    lines += [
        f"- {marks.get(step.outcome, '·')} {md_inline(step.observed or step.check)}"
        for step in trace.steps
        if step.outcome != "not reached"
    ]
    return [*lines, "", "</details>", ""]


def _environment(report: DetectReport) -> list[str]:
    if not report.environment:
        return []
    variables = "\n".join(f"{name}={value}" for name, value in report.environment.items())
    return ["<details><summary>environment</summary>", "", *md_fence(variables), "",
            "</details>", ""]  # fmt: skip


def _evidence(report: DetectReport) -> list[str]:
    evidence = [f for f in report.findings if f.evidence]
    if not evidence:
        return []
    lines = ["<details><summary>evidence</summary>", ""]
    for item in evidence:
        text = (item.evidence or "")[-3000:]
        lines += [md_code(item.code), "", *md_fence(text), ""]
    return [*lines, "</details>", ""]


def _skipped(items: Sequence[str]) -> list[str]:
    """What the evidence held that could not be read: its words quote the file, so each is
    a code span."""
    if not items:
        return []
    return ["### Skipped (read as unknown)", "", *(f"- {md_code(item)}" for item in items), ""]


def _cell(text: object) -> str:
    """Untrusted text in a table cell: escaped, its lines joined by `<br>`."""
    return md_inline(str(text), newline="<br>")


def fleet(report: FleetReport) -> str:
    """A fleet report for a ticket: which nodes are odd, one table row per configuration,
    each group's differences and findings. Host names stay: naming the nodes is its point."""
    from hwdoctor.hosts import compress

    odd = report.odd
    lines = [
        "## hwdoctor detect (fleet)",
        "",
        f"- hwdoctor {__version__} · {len(report.nodes):,} nodes in "
        f"{md_code(report.directory)} · {len(report.groups)} configuration(s)",
    ]
    if odd:
        lines.append(f"- Odd nodes: {md_code(compress([n.label for n in odd], 40))}")
    if report.not_reported:
        from hwdoctor.hosts import shown

        missing = compress(map(shown, report.not_reported), 40)
        lines.append(
            f"- No evidence from: {md_code(missing)} "
            f"({len(report.not_reported):,} of {report.expected or 0:,} expected)"
        )
    if report.required:
        lines.append(f"- Required: {', '.join(md_code(r.text) for r in report.required)}")
    lines += ["", "### Configurations", "",
              "| group | nodes | hosts | driver | torch | devices | preflight |",
              "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for group in report.groups:
        config = group.configuration
        failing = sum(1 for n in report.nodes if n.group == group.number and n.exit_code)
        labels = [n.label for n in report.nodes if n.group == group.number]
        lines.append(
            f"| {group.number} | {len(group.hosts):,} | "
            f"{md_code(compress(labels, 8), in_table=True)} | "
            f"{_cell(config.driver or 'none')} | {_cell(config.torch or 'not installed')} | "
            f"{_cell(', '.join(config.devices) or 'no accelerator')} | "
            f"{f'❌ {failing:,} fail' if failing else '✅'} |"
        )
    lines.append("")
    lines += _findings(report.findings)
    for group in (*report.groups[1:], *report.groups[:1]):
        labels = [n.label for n in report.nodes if n.group == group.number]
        lines += [
            f"### Group {group.number} ({len(group.hosts):,} nodes)",
            "",
            f"Hosts: {md_code(compress(labels, 40))}",
            "",
        ]
        if group.differs:
            lines += ["| differs | here | group 1 |", "| --- | --- | --- |"]
            lines += [
                f"| {_cell(what)} | {md_code(here, in_table=True)} | "
                f"{md_code(largest, in_table=True)} |"
                for what, here, largest in group.differs
            ]
            lines.append("")
        first = next(n for n in report.nodes if n.group == group.number)
        for item in group.findings:
            lines += _finding(item)
        lines += [
            f"- {'✅' if r.met else '❌'} requires {md_code(r.requirement.text)}: "
            f"{md_inline(r.found)}"
            for r in first.requirements
        ]
        lines.append("")
    return _finish(lines)
