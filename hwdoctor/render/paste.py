"""A pasted report's diagnosis in a terminal (the reply to post is `markdown.pasted`).

Everything quoted comes from someone else's paste: untrusted. It is shown printable (control
characters escaped) and no line is a workflow command.
"""

from __future__ import annotations

import sys
import textwrap
from typing import Final, TextIO

from hwdoctor.model.pasted import ToolBlock
from hwdoctor.model.reports import PastedDecision, PastedExplanation, PasteReport, ReadFact
from hwdoctor.render import ansi
from hwdoctor.text import clip, inert_commands, one_line

# The facts the summary line names; the rest are in --json and in the Markdown reply.
# The reporter's own words for the machine count too: "macOS 26.1", "Apple M4 Pro" in a
# sentence beside torch's version are what says the paste is from a Mac.
_HEADLINE: Final = ("torch", "package torch", "torch built with CUDA", "torch built with ROCm",
                    "CUDA available", "NVIDIA driver", "OS", "macOS", "Python", "CPU", "chip",
                    "accelerator")  # fmt: skip
_MARKS: Final = {"error": "✗", "warning": "!", "info": "i"}
# The error lines no finding accounts for: their heading, and how many a terminal shows.
# An error line may be read as a fact (shown above) and still have no finding that explains
# it: the heading says that, not "could not read".
UNREAD_HEADING: Final = "Lines that look like errors and that no finding explains:"
UNREAD_SHOWN: Final = 10


def _seen_accelerator(fact: ReadFact) -> bool:
    """Whether a fact says torch sees an accelerator other than torch.cuda's ("XPU available"
    true), which the summary line names beside CUDA's."""
    return (
        fact.what.endswith(" available")
        and fact.what != "CUDA available"
        and fact.value.strip().lower() == "true"
    )


def counts(report: PasteReport) -> str:
    """The answer in words: what the paste shows is wrong, and how much it does not show."""
    errors = sum(1 for f in report.findings if f.severity.value == "error")
    warnings = sum(1 for f in report.findings if f.severity.value == "warning")
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' * (errors != 1)}")
    if warnings:
        parts.append(f"{warnings} warning{'s' * (warnings != 1)}")
    unread = report.unread_count
    lines = f"{unread:,} error line{'s' * (unread != 1)}"
    if parts and unread:
        found = f"{' and '.join(parts)} in what the paste shows, and {lines} no finding explains"
    elif parts:
        found = f"{' and '.join(parts)} in what the paste shows"
    elif unread:
        found = f"nothing it knows, and {lines} no finding explains"
    elif report.stated is not None:
        # issue 38: the reporter says an error happened and the paste holds none of its lines
        found = f"the paste states an error it does not show (line {report.stated.line})"
    else:
        found = "no problem in what the paste shows"
    if unread and report.cut is not None:
        # issue 38 item 5 (s13-unread): "ValueError:" as the paste's last words
        cut = report.cut
        found += f", line {cut.line} cut ({clip(cut.text.strip(), 40)} without its message)"
    if report.stated is not None and parts and not errors:
        found += f", and it states an error it does not show (line {report.stated.line})"
    unknown = len(report.questions)
    gaps = f"; {unknown} thing{'s' * (unknown != 1)} it does not show" if unknown else ""
    return f"{found}{gaps}"


def tools(report: PasteReport) -> str:
    """Which tools wrote the paste, and where."""
    return tools_of(report.blocks)


def tools_of(blocks: tuple[ToolBlock, ...]) -> str:
    if not blocks:
        return "messages only"
    return ", ".join(
        f"{b.tool}{' ' + b.version if b.version else ''} (lines {b.first}–{b.last})" for b in blocks
    )


def text(report: PasteReport, stream: TextIO | None = None) -> str:
    """The terminal form: the answer, then each finding with its remedy and the lines it
    rests on, then what the paste does not show and how to find out. Sentences wrap at the
    terminal's width; commands and quoted lines never do (they paste, and read, as they
    are)."""
    width = max(40, ansi.width_for(stream or sys.stdout))

    def wrap(words: str, first: str, rest: str) -> list[str]:
        return textwrap.wrap(one_line(words), width, initial_indent=first,
                             subsequent_indent=rest, break_on_hyphens=False,
                             break_long_words=False) or [first]  # fmt: skip

    out = [*wrap(f"Pasted report: {counts(report)}.", "", "  "),
           *wrap(f"Read from: {tools(report)}", "", "  ")]  # fmt: skip
    if report.facts:
        # torch's package line only where no report line names torch's version
        said = {f.what for f in report.facts}
        # and another accelerator torch sees ("XPU available true"): the machine it is
        headline = [f for f in report.facts if f.what in _HEADLINE or _seen_accelerator(f)]
        if "torch" in said:
            headline = [f for f in headline if f.what != "package torch"]
        shown = " · ".join(f"{f.what} {f.value}" for f in headline)
        first = f"{report.facts[0].what} {report.facts[0].value}"
        out += wrap(f"It shows: {clip(shown or first, 400)}", "", "  ")
    for finding, quotes in zip(report.findings, report.rests_on, strict=True):
        mark = _MARKS[finding.severity.value]
        out += ["", *wrap(f"{finding.message}  [{finding.code}]", f"{mark} ", "  ")]
        if finding.advice:
            out += wrap(finding.advice, "  ", "  ")
        out += [f"  {one_line(line)}" for line in (finding.remedy or "").splitlines()]
        if quotes:
            out.append("  rests on:")
            out += [f"    line {q.line}: {one_line(q.text)}" for q in quotes]
    if report.unread:
        out += ["", UNREAD_HEADING]
        out += [f"  line {q.line}: {one_line(q.text)}" for q in report.unread[:UNREAD_SHOWN]]
        if report.unread_count > UNREAD_SHOWN:
            out.append(f"  and {report.unread_count - UNREAD_SHOWN:,} more (--json lists them)")
    if report.questions:
        out += ["", "Not checked: the paste does not show"]
        for question in report.questions:
            needed = list(question.needed_for or question.checks)
            checks = "; ".join(needed[:3]) + (f"; and {len(needed) - 3} more (--json lists them)"
                                                if len(needed) > 3 else "")  # fmt: skip
            out += wrap(f"{question.unknown}, to check {checks}", "  ? ", "    ")
            out.append(f"      {question.command}")
    if report.skipped:
        out += ["", "Skipped:"]
        for item in report.skipped:
            out += wrap(item, "  - ", "    ")
    return inert_commands("\n".join(out) + "\n")


def _unknown_words(decision: PastedDecision, report: PastedExplanation) -> str:
    """Why a decision is unknown: the answers it leaves open, and what the paste does not
    show that would tell them apart."""
    whats = {item.key: item.what for item in report.not_shown}
    missing = "; ".join(whats.get(key, key) for key in decision.missing)
    # A count not shown leaves any number open: its few worlds are no list of answers.
    few = len(decision.possible) <= 4 and "gpu.count" not in decision.missing
    open_ = f" ({' or '.join(decision.possible)})" if few else ""
    return f"unknown{open_}: the paste does not show {missing}"


def known_line(report: PastedExplanation) -> str:
    """How many decisions the paste settles, said once: "All 7 decisions known", or
    "5 of 7 known; the others need what the paste does not show"."""
    known = sum(1 for d in report.decisions if d.answer is not None)
    total = len(report.decisions)
    if known == total:
        return f"All {total} decisions known"
    if known == 0:
        return f"None of the {total} decisions known: they need what the paste does not show"
    return f"{known} of {total} known; the others need what the paste does not show"


def conditioned(report: PastedExplanation) -> tuple[str, ...]:
    """The decisions an accelerator extension the paste does not show could change."""
    return tuple(d.name for d in report.decisions if d.unless)


def explanation(
    report: PastedExplanation, stream: TextIO | None = None, verbose: bool = False
) -> str:
    """`explain --from` a pasted report, in a terminal: each decision on that machine with
    the check that made it, or "unknown" with what the paste does not show; the lines the
    answers rest on; then every input the paste lacks and the command that shows it."""
    width = max(40, ansi.width_for(stream or sys.stdout))

    def wrap(words: str, first: str, rest: str) -> list[str]:
        return textwrap.wrap(one_line(words), width, initial_indent=first,
                             subsequent_indent=rest, break_on_hyphens=False,
                             break_long_words=False) or [first]  # fmt: skip

    asked = " with use_cpu=True" if report.use_cpu else ""
    out = [*wrap(f"On the machine of this pasted report{asked}: {known_line(report)}.", "",
                 "  "),
           *wrap(f"Read from: {tools_of(report.blocks)}", "", "  ")]  # fmt: skip
    if report.facts:
        shown = " · ".join(f"{f.what} {f.value}" for f in report.facts if f.what in _HEADLINE)
        first = f"{report.facts[0].what} {report.facts[0].value}"
        out += wrap(f"It shows: {clip(shown or first, 400)}", "", "  ")
    name_width = max(len(d.name) for d in report.decisions) + 2
    quoted: dict[int, str] = {}
    # Which lines each answer rests on, said under it only where the answers differ in it.
    rests = {tuple(q.line for q in d.rests_on) for d in report.decisions if d.rests_on}
    blocks: list[list[str]] = []
    for decision in report.decisions:
        block: list[str] = []
        pad = " " * name_width
        if decision.answer is None:
            block += wrap(_unknown_words(decision, report), decision.name.ljust(name_width), pad)
        else:
            head = decision.answer + (f"  ({decision.reason})" if decision.reason else "")
            block += wrap(head, decision.name.ljust(name_width), pad)
        if decision.rests_on and len(rests) > 1:
            lines = ", ".join(str(q.line) for q in decision.rests_on)
            block.append(f"{pad}rests on line{'s' * (len(decision.rests_on) > 1)} {lines}")
        quoted.update((q.line, q.text) for q in decision.rests_on)
        if verbose:
            for step in decision.steps:
                if step.outcome != "not reached":
                    mark = {"taken": "✓", "skip": "✗"}.get(step.outcome, "·")
                    block += wrap(step.observed or step.check, f"{pad}{mark} ", f"{pad}  ")
        blocks.append(block)
    # A blank line between answers only where one takes more than a line.
    spaced = any(len(block) > 1 for block in blocks)
    out.append("")
    for number, block in enumerate(blocks):
        out += ([""] if spaced and number else []) + block
    if quoted:
        out += ["", "Every answer rests on these lines:" if len(rests) == 1
                else "The lines these rest on:"]  # fmt: skip
        out += [f"  line {line}: {one_line(text)}" for line, text in sorted(quoted.items())]
    if report.not_shown:
        out += ["", "The paste does not show:"]
        for item in report.not_shown:
            effect = (f"leaves {', '.join(item.leaves)} unknown" if item.leaves
                      else item.note or "changes no answer")  # fmt: skip
            out += wrap(f"{item.what}: {effect}", "  ? ", "    ")
            out.append(f"      {item.command}")
    newer = [c for c in report.tables if c.standing is not None and c.standing.value == "newer"]
    if newer:
        said = ", ".join(f"{c.library} {c.version}" for c in newer)
        rules = ", ".join(f"{c.library} {c.series}" for c in newer)
        out += ["", *wrap(f"Predicted with {rules}'s rules ({said} is newer than hwdoctor's "
                          "tables); not confirmed by the real libraries.", "", "  ")]  # fmt: skip
    if report.skipped:
        out += ["", "Skipped:"]
        for skipped in report.skipped:
            out += wrap(skipped, "  - ", "    ")
    if not verbose:
        out += ["", "--verbose shows the checks behind each answer"]
    return inert_commands("\n".join(out) + "\n")
