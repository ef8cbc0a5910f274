"""Reports pasted from another machine: what their text says, line by line, and nothing more.

A pasted report is untrusted text of any size. `read` bounds it, decodes it, takes the
Markdown apart (`cleaning`: comments, fences, `<details>`, `> ` quoting) and hands every line
to the registered readers (`readers/`, run by `reading`), which turn the lines they know
into `PastedFact`s, each with the line it rests on, and `ToolBlock`s. `assemble` maps the
facts onto an `Evidence` record whose sections stay unknown where the report says nothing.
No fact of the machine hwdoctor runs on enters: no host scan, no interpreter, no path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hwdoctor.errors import UsageError

if TYPE_CHECKING:  # `--help` imports the readers' registry below: nothing heavy here
    from hwdoctor.model.pasted import PastedFact, QuotedLine, ToolBlock

# GitHub caps an issue body at 65,536 characters and collect_env prints about 10 KiB; a
# paste beyond 1 MiB is read up to there and the rest is said to be skipped.
MAX_REPORT_BYTES: Final = 1024 * 1024
# A line longer than this is cut: no report line is, and a regex then never sees more.
MAX_LINE_CHARS: Final = 2000


@dataclass(frozen=True, slots=True)
class Paste:
    """What a report says: the facts, the blocks they came from, and what was skipped."""

    facts: tuple[PastedFact, ...]
    blocks: tuple[ToolBlock, ...]
    skipped: tuple[str, ...]  # what was not read, in words: "the input past the first 1 MiB"
    lines: int
    # The lines that look like an error (a Python exception, "error:", "failed", a CUDA error
    # code, "Segmentation fault"), the first `reading.MAX_ERROR_LINES` of them; and how many.
    error_lines: tuple[QuotedLine, ...] = ()
    error_count: int = 0
    # issue 38: the reporter's line saying an error happened that no line of the paste shows
    stated: QuotedLine | None = None
    # issue 38: which of error_lines are only Python's or the loader's bare message
    symptoms: tuple[int, ...] = ()
    # issue 38 item 5 (s13-unread): an exception's name whose message the paste does not hold
    cut: QuotedLine | None = None


def decode(
    raw: bytes,
    where: str,
    total: int | None = None,
    *,
    more: bool = False,
    option: str | None = "--from",
) -> tuple[str, tuple[str, ...]]:
    """The text of a paste, and what had to be skipped to get it; binary input is a usage
    error (exit 2). `total` is the input's whole size when `raw` is only its start; `more`:
    the input goes on past `raw`, of a size not known (standard input)."""
    skipped: list[str] = []
    size = max(total or 0, len(raw))
    if size > MAX_REPORT_BYTES and not any(end in raw[:MAX_REPORT_BYTES] for end in b"\n\r"):
        # Read up to the limit, it would be half a line and no report: say why instead.
        raise UsageError(
            f"{_source(option, where)}: larger than the {MAX_REPORT_BYTES // 1024 // 1024} MiB "
            f"hwdoctor reads of a report ({'more than ' if more else ''}{size / 1e6:.1f} MB), "
            "with no line break in its first MiB",
            hint="JSON this large is no evidence file hwdoctor wrote; pass the file "
            "`hwdoctor detect --save-evidence FILE` writes, or a report's text"
            if raw.lstrip()[:1] == b"{"
            else "pass the text a tool printed, a few KiB: the output of `python -m "
            "torch.utils.collect_env`, `nvidia-smi`, or an issue body",
        )
    if size > MAX_REPORT_BYTES:
        shown = f"the {size / 1e6:.1f} MB input"
        if more:
            shown = f"the input (more than {size / 1e6:.0f} MB; not read to its end)"
        skipped.append(
            f"everything past the first {MAX_REPORT_BYTES // 1024 // 1024} MiB of {shown}"
        )
        raw = raw[:MAX_REPORT_BYTES]
    if not raw.strip():
        raise UsageError(
            f"{_source(option, where)}: empty",
            hint="paste a report: the output of `python -m torch.utils.collect_env`, "
            "`transformers env`, `nvidia-smi`, or a whole issue body",
        )
    # Terminal colours and backspaces are text copied from a terminal, not binary data;
    # bytes of another encoding (GBK, Latin-1) become U+FFFD and the tools' ASCII lines read.
    from hwdoctor.text import without_terminal_codes

    text = without_terminal_codes(raw.decode(_encoding(raw), errors="replace"))
    sample = text[:65536]
    control = sum(1 for c in sample if c < " " and c not in "\t\r\n\f")
    unreadable = sample.count("\ufffd")
    if "\x00" in sample or control > max(8, len(sample) // 100) or unreadable > len(sample) // 3:
        raise UsageError(
            f"{_source(option, where)}: binary data, not a report",
            hint="pass the text a tool printed (collect_env, transformers env, nvidia-smi), "
            "or an evidence file written by `hwdoctor detect --save-evidence FILE`",
        )
    return text, tuple(skipped)


def _encoding(raw: bytes) -> str:
    """UTF-16 where a byte order mark says so, or where a NUL is every other byte (ASCII text
    in UTF-16 without one, as Windows' `>` redirection writes); otherwise UTF-8."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    head = raw[:4096]
    pairs = len(head) // 2
    for encoding, zeros, letters in (("utf-16-le", head[1::2], head[0::2]),
                                     ("utf-16-be", head[0::2], head[1::2])):  # fmt: skip
        if pairs >= 2 and zeros.count(0) >= pairs * 3 // 4 and letters.count(0) < pairs // 8:
            return encoding
    return "utf-8"


def _source(option: str | None, where: str) -> str:
    """Where the input came from, as an error names it: `--from issue.md`, or `the text`
    (hwdoctor.diagnose)."""
    return f"{option} {where}" if option else where


def read(
    raw: bytes,
    where: str = "the input",
    total: int | None = None,
    *,
    more: bool = False,
    option: str | None = "--from",
    tracker: str | None = None,
) -> Paste:
    """Parse a pasted report (or a whole issue body holding several); a paste in which no
    report hwdoctor reads appears, no line that looks like an error and no line saying one
    happened, is a usage error. `tracker`: the repository (OWNER/NAME) the paste was filed in
    (issue 38, s17-tracker: `tracker.filed_in`)."""
    from hwdoctor.gather.reports import cleaning, reading
    from hwdoctor.gather.reports import tracker as trackers
    from hwdoctor.model.pasted import makes_report
    from hwdoctor.text import printable

    text, skipped = decode(raw, where, total, more=more, option=option)
    text = cleaning.without_comments(text)
    # Control characters, bidi overrides and C1 codes escaped line by line (tabs kept): no
    # value read from a paste can carry them into --json or a terminal.
    lines = [printable(line) for line in text.splitlines()]
    if lines and len(text) >= MAX_REPORT_BYTES - 4 and not text.endswith("\n"):
        lines = lines[:-1]  # the cut made the last line partial: no fact from half a line
    said = reading.read_lines(lines)
    facts = trackers.filed_in(said.facts, lines, tracker)
    # issue 38 (s13-wheels): a fact that only gives context (model/pasted.py CONTEXT_ONLY)
    # makes no report; (s13-prose) nor does a Python only a path shows ("…/lib/python3.8/
    # site-packages/…"): a paste of that alone is refused as before, never "no problem"
    reported = any(makes_report(f) for f in facts)
    if not reported and not said.blocks and not said.error_count and said.stated is None:
        raise UsageError(
            f"{_source(option, where)}: no report hwdoctor reads in {len(lines)} line(s)",
            hint="paste the output of `python -m torch.utils.collect_env`, `transformers env`, "
            "`accelerate env`, `nvidia-smi`, or an issue body that holds one",
        )
    # A paste of error lines alone is a report too: what it shows is errors hwdoctor lists.
    return Paste(
        tuple(facts),
        tuple(said.blocks),
        skipped,
        len(lines),
        tuple(said.error_lines),
        said.error_count,
        said.stated,
        tuple(said.symptoms),
        said.cut,
    )
