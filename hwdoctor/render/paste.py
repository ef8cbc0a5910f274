"""A pasted report's diagnosis, for a terminal and as a reply to post under the issue.

Everything quoted comes from someone else's paste: untrusted. In the terminal it is shown
printable (control characters escaped) and no line is a workflow command; in Markdown it
goes through `hwdoctor.text`'s helpers (fences it cannot close, escaped prose).
"""

from __future__ import annotations

import shutil
import textwrap
from typing import Final, TextIO

from hwdoctor import __version__
from hwdoctor.model.reports import PasteReport
from hwdoctor.text import clip, inert_commands, md_code, md_fence, md_inline, one_line

# The facts the summary line names; the rest are in --json and in the Markdown reply.
_HEADLINE: Final = ("torch", "torch built with CUDA", "torch built with ROCm", "CUDA available",
                    "NVIDIA driver", "OS", "Python", "CPU")  # fmt: skip
_MARKS: Final = {"error": "✗", "warning": "!", "info": "i"}
_MD_SEVERITY: Final = {"error": "❌", "warning": "⚠️", "info": "ℹ️"}


def _counts(report: PasteReport) -> str:
    errors = sum(1 for f in report.findings if f.severity.value == "error")
    warnings = sum(1 for f in report.findings if f.severity.value == "warning")
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' * (errors != 1)}")
    if warnings:
        parts.append(f"{warnings} warning{'s' * (warnings != 1)}")
    found = " and ".join(parts) if parts else "no problem"
    unknown = len(report.questions)
    gaps = f"; {unknown} thing{'s' * (unknown != 1)} it does not show" if unknown else ""
    return f"{found} in what the paste shows{gaps}"


def _tools(report: PasteReport) -> str:
    if not report.blocks:
        return "messages only"
    return ", ".join(
        f"{b.tool}{' ' + b.version if b.version else ''} (lines {b.first}–{b.last})"
        for b in report.blocks
    )


def text(report: PasteReport, stream: TextIO | None = None) -> str:
    """The terminal form: the answer, then each finding with its remedy and the lines it
    rests on, then what the paste does not show and how to find out. Sentences wrap at the
    terminal's width; commands and quoted lines never do (they paste, and read, as they
    are)."""
    width = max(40, shutil.get_terminal_size((80, 24)).columns)

    def wrap(words: str, first: str, rest: str) -> list[str]:
        return textwrap.wrap(one_line(words), width, initial_indent=first,
                             subsequent_indent=rest, break_on_hyphens=False) or [first]  # fmt: skip

    out = [*wrap(f"Pasted report: {_counts(report)}.", "", "  "),
           *wrap(f"Read from: {_tools(report)}", "", "  ")]  # fmt: skip
    if report.facts:
        shown = " · ".join(f"{f.what} {f.value}" for f in report.facts if f.what in _HEADLINE)
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
    if report.questions:
        out += ["", "Not checked: the paste does not show"]
        for question in report.questions:
            out += wrap(f"{question.unknown} (for: {', '.join(question.checks)})", "  ? ", "    ")
            out.append(f"      {question.command}")
    if report.skipped:
        out += ["", "Skipped:"]
        for item in report.skipped:
            out += wrap(item, "  - ", "    ")
    return inert_commands("\n".join(out) + "\n")


def markdown(report: PasteReport) -> str:
    """A reply a maintainer can post: findings with remedies and the quoted lines they rest
    on, then the questions for the reporter."""
    lines = [f"### hwdoctor read this report: {md_inline(_counts(report))}", "",
             f"Read from: {md_inline(_tools(report))}.", ""]  # fmt: skip
    if report.facts:
        lines += ["<details><summary>what the paste shows</summary>", ""]
        lines += [f"- {md_inline(f.what)}: {md_code(f.value)} (line {f.quote.line})"
                  for f in report.facts]  # fmt: skip
        lines += ["", "</details>", ""]
    if report.findings:
        lines += ["#### Findings", ""]
    for finding, quotes in zip(report.findings, report.rests_on, strict=True):
        severity = _MD_SEVERITY[finding.severity.value]
        lines.append(f"- {severity} {md_inline(finding.message)} ({md_code(finding.code)})")
        if finding.advice:
            lines.append(f"  - {md_inline(finding.advice)}")
        if finding.remedy:
            lines += ["", *md_fence(finding.remedy.rstrip("\n"), info="sh", indent="  "), ""]
        if quotes:
            body = "\n".join(f"{q.line}: {q.text}" for q in quotes)
            lines += ["  From the report:", "", *md_fence(body, indent="  "), ""]
    if report.questions:
        lines += ["#### Could you also paste", ""]
        for question in report.questions:
            lines.append(
                f"- {md_inline(question.unknown)}: the output of {md_code(question.command)}"
            )
        lines.append("")
    if report.skipped:
        lines += ["#### Skipped", "", *(f"- {md_inline(item)}" for item in report.skipped), ""]
    lines.append(f"<sub>hwdoctor {md_inline(__version__)} · `hwdoctor detect --from`</sub>")
    return inert_commands("\n".join(lines) + "\n")
