"""The reading loop: each line of a paste cleaned once, then handed to the registered readers.

Every line goes to the line readers (torch's messages, the reporter's words), in the
registry's order; then the block readers' `starts` are asked, in the registry's order, and
the first that recognises the line closes the open block and opens its own; else the open
block may say it ended before the line; then the open block reads the line. A code fence
goes to no reader (the open block hears it went by). Every line is also tried for looking
like an error, on its cleaned text.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from hwdoctor.gather.reports.cleaning import (
    CPU_WORD,
    FENCE,
    FENCE_OPEN,
    bare_message,
    clean,
    cpu_chosen,
    error_like,
    exception_alone,
    logged_error,
    not_the_machine,
    said_ignorable,
    states_error,
    unwrapped,
)
from hwdoctor.gather.reports.readers import registry
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Reader, Said
from hwdoctor.model.pasted import (
    MACHINE_IN_WORDS,
    NAMED_ONLY,
    STATED_ERRORS,
    FactKey,
    PastedFact,
    QuotedLine,
    ToolBlock,
)
from hwdoctor.text import clip, printable

# Error-like lines kept (each quoted); the rest are counted. A paste is anyone's text.
MAX_ERROR_LINES: Final = 200
QUOTE_CHARS: Final = 160  # a quoted line, at most
# No tool's block opens on a shorter line (a paste of 500,000 blank lines asks no reader);
# tests/test_regex_cost.py holds every `Reader.starts` to it.
SHORTEST_START: Final = 2
# A Python traceback's first line (CPython Lib/traceback.py, TracebackException.format: the
# header, the frames, then the exception's own line last). A paste whose only sign of an
# error is that header was cut before the error's line: the traceback itself is then the
# error line no finding explains, so the answer is never "no problem".
_TRACEBACK: Final = "Traceback (most recent call last)"
# The facts of messages torch and libraries print (readers/messages.py: FactKey MESSAGE_*).
_MESSAGE: Final = "message."
# issue 38 (s21-speed): what a line reader said of a line that repeats, kept for the next time
# it reads the same line in the same state; at most this many (a paste of distinct lines keeps
# none: only a line the paste holds more than once is kept; each answer is under 1 KB)
MAX_REPLAYS: Final = 4_096


@dataclass(frozen=True, slots=True)
class Format:
    """A registered block reader: its class, and the tools its blocks may be."""

    reader: type[Reader]
    tools: tuple[str, ...]  # the registry's rows for its module; the first is its default


@dataclass
class Reading:
    """What the lines said: the facts, the blocks, and the lines that look like an error."""

    facts: list[PastedFact] = field(default_factory=list)
    blocks: list[ToolBlock] = field(default_factory=list)
    error_lines: list[QuotedLine] = field(default_factory=list)  # the first MAX_ERROR_LINES
    error_count: int = 0  # all of them
    # issue 38: the error lines above that are only Python's or the loader's bare message
    symptoms: list[int] = field(default_factory=list)
    # issue 38: the reporter's line saying an error happened, where the paste shows no error
    # line (cut, in a screenshot, never pasted): the error stated and not shown
    stated: QuotedLine | None = None
    # issue 38 item 5 (s13-unread): an exception's name alone ("ValueError:", "RuntimeError")
    # with nothing after it but blank lines, up to a code fence or the paste's end: the error
    # line whose message the paste does not hold (cut by the reporter, or the page's excerpt)
    cut: QuotedLine | None = None


def _module(name: str) -> object:
    return importlib.import_module(f"hwdoctor.gather.reports.readers.{name}")


@cache
def formats() -> tuple[Format, ...]:
    """The block readers, in order of precedence (imported on first use)."""
    found: list[Format] = []
    for name in registry.modules():
        reader = getattr(_module(name), "READER", None)
        if not (isinstance(reader, type) and issubclass(reader, Reader)):
            raise TypeError(f"readers/{name}.py has no READER, a protocol.Reader class")
        tools = tuple(row.tool for row in registry.BLOCKS if row.module == name)
        found.append(Format(reader, tools))
    return tuple(found)


@cache
def line_readers() -> tuple[type[LineReader], ...]:
    """The line readers, in the registry's order (imported on first use)."""
    found: list[type[LineReader]] = []
    for row in registry.LINES:
        reader = getattr(_module(row.module), "READER", None)
        if not (isinstance(reader, type) and issubclass(reader, LineReader)):
            raise TypeError(f"readers/{row.module}.py has no READER, a protocol.LineReader class")
        found.append(reader)
    return tuple(found)


class _Open:
    """The block being read: its reader, where it began, and the tools it may be."""

    def __init__(self, form: Format, first: int) -> None:
        self.reader = form.reader()
        self.tools = form.tools
        self.first = first

    @property
    def tool(self) -> str:
        tool = self.reader.tool or self.tools[0]
        if tool not in self.tools:  # a bug in hwdoctor: the registry must list it
            raise ValueError(f"{type(self.reader).__name__} reads {tool!r}, not in the registry")
        return tool


def quote(number: int, line: str, focus: str | None = None) -> QuotedLine:
    """A line as a finding quotes it: whole when short, else a window around `focus` (the
    part the fact was read from) with "…" where it was cut."""
    text = printable(line.strip())
    if len(text) > QUOTE_CHARS and focus and focus in text:
        at = text.index(focus)
        start = max(0, min(at - QUOTE_CHARS // 3, len(text) - QUOTE_CHARS))
        window = text[start : start + QUOTE_CHARS - 2]
        text = ("…" if start else "") + window + ("…" if start + len(window) < len(text) else "")
        return QuotedLine(number, text)
    return QuotedLine(number, clip(text, QUOTE_CHARS))


# What a line reader said of a line (each fact's key, value, index and name; the line is the
# one read) and its state after it
_Fact = tuple[FactKey, str, int | None, str | None]
_Replay = tuple[tuple[_Fact, ...], tuple[object, ...]]


class _Replaying:
    """The line readers, each line read once per state (issue 38, s21-speed).

    A 50 MB paste of a few lines repeated cost ~70 pattern searches a line, the same searches
    on the same text each time. A line reader's answer is a function of its state (its
    attributes), the line's text, whether it looks like an error, is code or the paste's first,
    and whether a block is open: where all of these are as they were when the same line was
    read before, the answer and the state after it are the same, and are replayed onto the
    line's own number. A reader with a state that is not hashable, or a fact resting on
    another line than the one read, is asked every time; so is a line shorter than the
    reader's `shortest` (it tries no pattern on it: a paste of 500,000 blank and one-letter
    lines took twice as long replayed)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.readers = [reader() for reader in line_readers()]
        self.shortest = min(reader.shortest for reader in self.readers)
        counts = Counter(lines)
        self.repeated = {text for text, count in counts.items() if count > 1}
        self.kept: dict[tuple[object, ...], _Replay] = {}

    def replays(self, raw: str, line: Line) -> bool:
        """Whether `line` (the paste's `raw` line) may be replayed: the paste holds it more
        than once, and some reader tries a pattern on it."""
        return len(line.text) >= self.shortest and raw in self.repeated

    def read(self, line: Line, in_block: bool) -> Iterable[list[Said]]:
        """What each line reader says of `line`, in order (`replays` said it may repeat)."""
        where = (line.text, line.error, line.code, line.number == 1, in_block)
        for at, reader in enumerate(self.readers):
            if len(line.text) < reader.shortest:  # no pattern tried: cheaper read than replayed
                yield list(reader.read(line, in_block))
                continue
            state = vars(reader)
            values = tuple(state.values())  # with their types: False and 0 are not one state
            asked = (at, where, tuple(state), values, tuple(map(type, values)))
            try:
                kept = self.kept.get(asked)
            except TypeError:  # a state that is not hashable: asked every time
                yield list(reader.read(line, in_block))
                continue
            if kept is not None:
                facts, after = kept
                state.update(zip(asked[2], after, strict=True))
                yield [Said(key, value, line, index, name) for key, value, index, name in facts]
                continue
            said = list(reader.read(line, in_block))
            replayable = asked[2] == tuple(state) and all(fact.line is line for fact in said)
            if replayable and len(self.kept) < MAX_REPLAYS:
                facts = tuple((f.key, f.value, f.index, f.name) for f in said)
                self.kept[asked] = (facts, tuple(state.values()))
            yield said


def read_lines(lines: Sequence[str]) -> Reading:
    """Every fact the lines say, with the blocks (which tool wrote which lines), and the lines
    that look like an error."""
    reading = Reading()
    blocks = formats()
    everywhere = _Replaying(lines)
    # issue 38 (s21-speed): the tests of a line's text alone, each asked once per distinct text
    # (a paste of a few lines repeated asks them a few times, not once per line)
    cleaned_of, logged_of, looks_of = cache(clean), cache(logged_error), cache(error_like)
    bare_of, alone_of = cache(bare_message), cache(exception_alone)
    stated_of, ignorable_of = cache(states_error), cache(said_ignorable)
    # the block reader a line opens where no block is open (`starts` then asks the text alone)
    opens: dict[str, Format | None] = {}
    opened: _Open | None = None
    skip = 0
    traceback: QuotedLine | None = None  # the first traceback's header
    stated: QuotedLine | None = None  # the first line whose words say an error happened
    # issue 38 (s21-words): the first such line that says nothing of the CPU, and whether the
    # paste shows the user choosing the CPU (`cpu_chosen`: a `--cpu` flag, `device="cpu"`):
    # then the work on the CPU the reporter tells of is that choice, no failure
    off_cpu: QuotedLine | None = None
    chose_cpu = False
    excused = False  # a line its printer calls an ignorable error ("This error log can be …")
    in_code = False  # s16-mend-subject: inside a Markdown code block (a fence opened it)

    # issue 38 (s16-mend-amd): what is known of the line being read, asked once per line and
    # not once per fact: whether it names another machine than the reporter's (a search over
    # the whole line), and the facts already taken from it (a line of AMD names repeated made
    # ~130 GPU facts, each quoted and each costing that search: 0.9 MB took 24 s)
    line_at: Line | None = None
    elsewhere: bool | None = None
    taken: set[tuple[object, ...]] = set()

    def said(facts: Iterable[Said], tool: str | None) -> None:
        nonlocal line_at, elsewhere, taken
        for fact in facts:
            if fact.line != line_at:
                line_at, elsewhere, taken = fact.line, None, set()
            value = fact.value.strip()
            by = tool or (opened.tool if opened else registry.TEXT)
            seen = (fact.key, value, by, fact.index, fact.name)
            if seen in taken:
                continue  # the same fact again on the same line says nothing more
            taken.add(seen)
            # issue 38 (s13-prose): the machine a question, a wish or someone else names
            if fact.key in MACHINE_IN_WORDS and tool == registry.TEXT:
                if elsewhere is None:
                    elsewhere = not_the_machine(fact.line.text)
                if elsewhere:
                    continue
            shown = quote(fact.line.number, fact.line.text, value[:40] or None)
            reading.facts.append(PastedFact(fact.key, value, by, shown, fact.index, fact.name))

    def close(last: int) -> None:
        if opened is not None and last >= opened.first:
            reading.blocks.append(ToolBlock(opened.tool, opened.first, last, opened.reader.version))

    # the sites of the ERROR and FATAL log lines seen, each with the line counted for it by its
    # level alone (None where a line that looks like an error stands for it)
    sites: dict[str, QuotedLine | None] = {}
    alone: QuotedLine | None = None  # an exception's name alone, its message not yet seen
    for number, raw in enumerate(lines, start=1):
        cleaned = cleaned_of(raw)
        # issue 38 item 5 (s13-unread, s15-loglevel): a log line at the ERROR, CRITICAL or FATAL
        # level of a format `logged_error` reads looks like an error whatever its words; the
        # lines of one message, each printed with the same site, and the same message again
        # (each worker process printing it) are one error line: the first, or the line among
        # them that looks like an error by its words (a traceback logged line by line, vLLM's,
        # ends with the exception a finding may explain). A frame of such a traceback counts as
        # a traceback's header does (`_TRACEBACK`): as the error line where the paste shows none
        entry, logged, looks = logged_of(cleaned), False, looks_of(cleaned)
        site = entry.site if entry is not None and not entry.frame else None
        if entry is not None and entry.frame and traceback is None:
            traceback = quote(number, cleaned)
        if site is not None and site not in sites and len(sites) < MAX_ERROR_LINES:
            logged = not looks
            sites[site] = quote(number, cleaned) if logged else None
        elif site is not None and looks and (counted := sites.get(site)) is not None:
            sites[site] = None
            reading.error_count -= 1
            if counted in reading.error_lines:
                reading.error_lines.remove(counted)
        if looks or logged:
            reading.error_count += 1
            if len(reading.error_lines) < MAX_ERROR_LINES:
                reading.error_lines.append(quote(number, cleaned))
                if bare_of(cleaned):
                    reading.symptoms.append(number)
        if alone is not None and FENCE.match(cleaned):  # the block ends with the name
            reading.cut, alone = reading.cut or alone, None
        elif alone is not None and cleaned.strip():  # its message (or other words) follows
            alone = None
        if alone_of(cleaned):
            alone = quote(number, cleaned)
        if skip:  # the wrapped rest of a loader message, read with the line it belongs to
            skip -= 1
            continue
        text, skip = unwrapped(lines, number, cleaned)
        if traceback is None and _TRACEBACK in text[:80]:
            traceback = quote(number, cleaned)
        if (stated is None or off_cpu is None) and stated_of(text):
            said_here = quote(number, cleaned)
            stated = stated or said_here
            if CPU_WORD not in cleaned.casefold():
                off_cpu = off_cpu or said_here
        chose_cpu = chose_cpu or cpu_chosen(cleaned)
        excused = excused or ignorable_of(cleaned)
        if FENCE.match(text):
            in_code = not in_code
            if opened is not None:
                opened.reader.fence()
            continue
        # a fence that opens with text after it ("```NVIDIA …") starts code on its own line; one
        # after the reporter's words ("I'm on a Mac. ```python", an issue's form run together)
        # starts it on the next line; one at a line's end closes it after the line
        code = in_code or FENCE_OPEN.match(text) is not None
        if text.count("```") % 2:
            in_code = not in_code
        body = FENCE_OPEN.sub("", text)  # "```NVIDIA …": the text after the fence
        # the line as readers get it looks like an error: as counted above, unless the next
        # lines continue it or a fence opened it (then the whole of it, after the fence)
        error = looks if body == cleaned else looks_of(body)
        line = Line(number, body, error=error, code=code)
        if everywhere.replays(raw, line):
            for told in everywhere.read(line, opened is not None):
                said(told, registry.TEXT)
        else:
            for reader in everywhere.readers:
                said(reader.read(line, opened is not None), registry.TEXT)
        current = opened.reader if opened is not None else None
        started = None
        if len(line.text) >= SHORTEST_START and current is None:
            if line.text not in opens:
                opens[line.text] = next(
                    (f for f in blocks if f.reader.starts(line.text, None)), None
                )
            started = opens[line.text]
        elif len(line.text) >= SHORTEST_START:
            started = next((f for f in blocks if f.reader.starts(line.text, current)), None)
        if started is not None:
            close(number - 1)
            opened = _Open(started, number)
        elif opened is not None and opened.reader.ends(line):
            close(number - 1)
            opened = None
        if opened is not None:
            said(opened.reader.read(line), None)
    close(len(lines))
    reading.cut = reading.cut or alone  # the paste's last words: the name, no message
    if (
        traceback is not None
        and not reading.error_count
        and not any(f.key in STATED_ERRORS for f in reading.facts)
    ):
        reading.error_count = 1
        reading.error_lines.append(traceback)
    # issue 38: the reporter's words count only where no line shows an error: no error line,
    # no line its printer calls an ignorable error, and no message a library prints read (the
    # error is then shown in its own words: "导入时报错undefined symbol: …"); a thing named
    # (`NAMED_ONLY`: Colab, an Intel GPU) shows no error (s17-wrongA)
    if (
        not reading.error_count
        and not excused
        and not any(
            f.key.value.startswith(_MESSAGE) and f.key not in NAMED_ONLY for f in reading.facts
        )
    ):
        cpu_said = stated is not None and CPU_WORD in stated.text.casefold()
        reading.stated = off_cpu if chose_cpu and cpu_said else stated
    return reading
