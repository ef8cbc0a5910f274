"""What a paste reader is: a block reader for each tool's report, a line reader for what any
line may say.

A block reader (`Reader`) is a class per format. Its `starts(line, open)` recognises the
line that opens the tool's block (`open` is the block being read, if any); an instance reads
one block: `read(line)` yields what each line of it says (`Said`, each resting on a `Line`),
`ends(line)` says the block ended before a line, `fence()` hears a code fence go by. The
line that opens a block is the first the new instance reads.

A line reader (`LineReader`) reads every line, in or out of a block (torch's messages, a
reporter's words); one instance reads a whole paste, so it may keep what the lines before
said.

Readers see lines already cleaned (Markdown quoting, tags, comments and fences taken off,
`hwdoctor/gather/reports/cleaning.py`), never longer than `MAX_LINE_CHARS`; a reader's
patterns are module constants, which tests/test_regex_cost.py checks and `make bench` times.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from hwdoctor.model.pasted import FactKey


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the paste as readers get it: its number (1-based) and its cleaned text."""

    number: int
    text: str
    # issue 38 (s16-mend-subject): what the reading loop already knows of the line, so that no
    # reader computes it again: it looks like an error line (cleaning.error_like, on the line
    # as the paste holds it), and it is inside a Markdown code block (its comments are code's)
    error: bool = False
    code: bool = False

    def says(
        self, key: FactKey, value: str, *, index: int | None = None, name: str | None = None
    ) -> Said:
        """A fact this line states."""
        return Said(key, value, self, index, name)


@dataclass(frozen=True, slots=True)
class Said:
    """A fact a reader read, and the line it rests on (the reading loop quotes the line and
    names the tool)."""

    key: FactKey
    value: str
    line: Line
    index: int | None = None  # the GPU's (device's) index
    name: str | None = None  # which package, variable or backend


class Reader:
    """One tool's report: `starts` recognises its opening line; an instance reads a block."""

    # The tool value of the block, where the reader reads several of the registry's tools
    # (collect_env's block becomes vLLM's at its vLLM section); None: its module's first.
    tool: str | None = None
    version: str | None = None  # the tool's own version, where its block prints one

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        """Whether `line` opens this tool's block (closing `open`, the block being read)."""
        raise NotImplementedError

    def read(self, line: Line) -> Iterable[Said]:
        """What a line of the block says: its opening line first."""
        raise NotImplementedError

    def ends(self, line: Line) -> bool:
        """Whether the block ended before `line` (not asked of its opening line)."""
        return False

    def fence(self) -> None:
        """A code fence went by (a list the block was reading stops there)."""


class LineReader:
    """What any line may say, in or out of a tool's block; one instance reads a paste."""

    # The shortest line it tries a pattern on (it skips them on shorter lines: a paste of
    # 500,000 blank lines is read in seconds); tests/test_regex_cost.py holds it to the
    # shortest match of each pattern its `read` tries.
    shortest: ClassVar[int] = 0

    def read(self, line: Line, in_block: bool) -> Iterable[Said]:
        """What `line` says; `in_block`: a tool's block is open (its reader reads the line
        too)."""
        raise NotImplementedError
