"""Text that came from elsewhere, made safe to carry and to show: one set of helpers.

Everything the diagnosed machine hands over (error messages, tool output, package names,
paths) passes through `valid_text` on its way in; user input quoted in an error line
passes through `quoted`. On the way out it is neutralised for where it goes: `printable`
for a terminal, `md_inline` / `md_code` / `md_fence` for Markdown, `inert_commands` for any
output GitHub Actions parses, `TerminalEcho` for a stream copied to a terminal as it comes.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from typing import IO, Any, Final

# issue 38 (s18-npfine): "Error <doing>" as a message's first words ("Error executing method
# determine_num_available_blocks", "Error occurred when executing KSampler:", "Error loading
# \"…\\fbgemm.dll\""; the sources are beside its use in gather/reports/cleaning.py
# _ERROR_LIKE): an error line by these words; an issue's title that says only this is the
# failure a finding already explains (diagnosis/pasted.py `_unread`)
ERROR_DOING: Final = re.compile(
    r"(?<![A-Za-z] )\bError (?:executing|loading|building|compiling|occurred|occured|while"
    r"|when|during)\b"
)


# Characters that reorder or hide text, each shown as an escape: every format character
# (general category Cf: bidi overrides and isolates, "Trojan Source", CVE-2021-42574; zero-
# width spaces, joiners and non-joiners, direction marks, the word joiner and the invisible
# operators U+2060-U+2064, the soft hyphen, the Mongolian vowel separator, interlinear
# annotation, the BOM, and the tag characters U+E0001, U+E0020-U+E007F, which spell ASCII
# that renders as nothing: "ASCII smuggling"), every Default_Ignorable_Code_Point (Unicode's
# DerivedCoreProperties.txt, 15.1: also the combining grapheme joiner, the Hangul fillers,
# the variation selectors, the rest of plane 14), and the line and paragraph separators.
# Variation selectors too, though they only pick a glyph's form (❤️ is U+2764 U+FE0F): a
# run of them after one visible character carries any bytes at all, one selector a byte,
# and shows nothing; hwdoctor's output is paths, versions and messages, not emoji.
# A soft hyphen shows only where a line breaks: "cu\u00adda" reads "cuda" and is not it.
# tests/test_text.py checks every Cf and Default_Ignorable character of this Python's
# Unicode tables against the list.
_INVISIBLE: Final = (
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
# Control characters other than newline and tab: escape sequences, carriage returns, NUL.
_CONTROL: Final = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_INVISIBLE}]")
# What strtobool-style parsers in hwdoctor accept as "on" (HWDOCTOR_PROGRESS, HF_HUB_OFFLINE):
# huggingface_hub's and transformers' ENV_VARS_TRUE_VALUES.
TRUE_VALUES: Final = frozenset({"1", "ON", "YES", "TRUE"})


def is_true(value: str | None) -> bool:
    """An environment flag as huggingface_hub and transformers read it."""
    return value is not None and value.strip().upper() in TRUE_VALUES


def printable(text: str) -> str:
    """Control characters become `\\x1b`-style escapes, so text from the target cannot
    drive the user's terminal, and so do the characters that hide or reorder text
    (`_INVISIBLE`: `\\u200d`, `\\U000e0041`); newlines and tabs stay."""
    return _CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def valid_text(value: Any) -> Any:
    """`value` with every string printable and encodable as UTF-8, recursively.

    An error message naming a file in a non-UTF-8 directory arrives with lone surrogates
    (Python's surrogateescape), which no UTF-8 output can carry; the bytes they stand for
    become escapes (`\\xff`).
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            try:
                raw = value.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # a surrogate that stands for no byte
                value = value.encode("utf-8", "backslashreplace").decode("utf-8")
            else:
                value = raw.decode("utf-8", "backslashreplace")
        return printable(value)
    if isinstance(value, dict):
        return {valid_text(key): valid_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [valid_text(item) for item in value]
    return value


def one_line(text: str) -> str:
    """Printable and on one line: every control character, newline included, escaped."""
    return printable(valid_text(text).replace("\n", "\\n").replace("\t", " "))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def quoted(text: str, limit: int = 60) -> str:
    """User input quoted for an error line: one printable line, bounded length."""
    return "'" + clip(one_line(text), limit + 1) + "'"


# --- GitHub Actions --------------------------------------------------------------------------

# A line the Actions runner reads as a workflow command: it trims whitespace and looks for
# "::" at the start (v2), or for "##[" anywhere (v1); lines end at \n, \r or \r\n. A colour
# code at the start hides a command from the runner but not from every log viewer: skipped too.
# https://github.com/actions/runner/blob/main/src/Runner.Common/ActionCommand.cs
# The whitespace before "::" is a line's own (no \r or \n in it): from a line break each
# start would scan every later one, quadratic on a run of them.
_COMMAND_START: Final = re.compile(r"(?:^|(?<=\r))((?:[^\S\r\n]|\x1b\[[0-9;]*m)*)::", re.MULTILINE)
_COMMAND_V1: Final = re.compile(r"##\[")


def inert_commands(text: str) -> str:
    """`text` with no line that GitHub Actions would run as a workflow command: a backslash
    before a leading `::` and in `##[` (in Markdown prose it renders as nothing)."""
    return _COMMAND_V1.sub(r"##\\[", _COMMAND_START.sub(r"\1\\::", text))


# --- the terminal --------------------------------------------------------------------------

_SGR: Final = r"\x1b\[[0-9;]*m"
_RENDERED_UNSAFE: Final = re.compile(f"({_SGR})|[\x00-\x08\x0b-\x1f\x7f-\x9f{_INVISIBLE}]")


def shown_safely(rendered: str, *, colours: bool) -> str:
    """Rendered output made safe for a terminal and for a CI log, whatever a field let
    through: every control character shown as an escape, except the colour codes of the
    renderer (with `colours`); no line a workflow command. A no-op on hwdoctor's own text."""
    if colours:
        rendered = _RENDERED_UNSAFE.sub(lambda m: m.group(1) or _escape(m), rendered)
    else:
        rendered = printable(rendered)
    return inert_commands(rendered)


# --- Markdown ------------------------------------------------------------------------------

# What can start structure inside a line of CommonMark/GFM: HTML and autolinks (<), links and
# images ([ ]), code spans (`), emphasis (* ~), table cells (|), and the escape itself.
# Underscores stay: intraword `_` is no emphasis, and names (torch_npu, HF_HOME) read as they are.
_MD_SPECIAL: Final = re.compile(r"([\\`*\[\]<>|~])")


def md_inline(text: object, newline: str = " ") -> str:
    """Untrusted text as Markdown prose on one line: printable, every character that could
    open HTML, a link, an image, a code span or a table cell backslash-escaped; a word that
    GitHub would turn into a mention, an e-mail link or a link (`@user`, `a@b.c`, `https://`,
    `www.`) shown as code, where GitHub does neither, so it never reads as the bot's own
    mention or link. Newlines become `newline` (`<br>` in a table cell)."""
    lines = printable(valid_text(str(text))).split("\n")
    return newline.join(" ".join(map(_md_word, line.split(" "))) for line in lines)


def _md_word(word: str) -> str:
    if "@" in word or "://" in word or word.lower().startswith("www."):
        return md_code(word, in_table=True)
    return _MD_SPECIAL.sub(r"\\\1", word)


def md_spans(text: str, values: Sequence[tuple[int, int]]) -> str:
    """hwdoctor's sentence as Markdown prose, the values in it (`(start, end)` of each: the
    diagnosed machine's or a paste's text) as code: in a reply, the reporter's words never
    read as the bot's."""
    out: list[str] = []
    done = 0
    for start, end in sorted(values):
        if start < done:
            continue  # overlapping spans cannot come from one template; keep the first
        if text[start - 1 : start].isalnum() or text[end : end + 1].isalnum():
            continue  # part of a word ("R{branch}"): prose, made inert like all prose
        # issue 38 (s17-mend-pip): a template that quotes its value ("needs `{symbol}`") gives
        # the code span its delimiters; escaped as prose, they would show around this one
        quoted = start > done and text[start - 1] == "`" and text[end : end + 1] == "`"
        before = text[done : start - 1] if quoted else text[done:start]
        out += [md_inline(before), md_code(text[start:end], in_table=True)]
        done = end + 1 if quoted else end
    out.append(md_inline(text[done:]))
    return "".join(out)


def md_code(text: object, *, in_table: bool = False) -> str:
    """Untrusted text as an inline code span it cannot close: delimited by one more backtick
    than its longest run (CommonMark 6.1); in a table, `|` escaped as GFM requires."""
    body = inert_commands(printable(valid_text(str(text))).replace("\n", " "))
    if in_table:
        body = body.replace("|", "\\|")
    fence = "`" * (_longest_backtick_run(body) + 1)
    # CommonMark strips one space from each end when both have one: pad to keep them.
    if body[:1] == "`" or body[-1:] == "`" or (body[:1] == body[-1:] == " " and body.strip()):
        body = f" {body} "
    return f"{fence}{body}{fence}"


def md_fence(text: object, info: str = "", indent: str = "") -> list[str]:
    """Untrusted text as the lines of a fenced code block it cannot close: the fence is
    longer than any backtick run inside (CommonMark 4.5); no line a workflow command."""
    body = inert_commands(printable(valid_text(str(text))))
    fence = "`" * max(3, _longest_backtick_run(body) + 1)
    return [f"{indent}{fence}{info}", *(f"{indent}{line}" for line in body.split("\n")),
            f"{indent}{fence}"]  # fmt: skip


def _longest_backtick_run(text: str) -> int:
    return max((len(run) for run in re.findall("`+", text)), default=0)


# --- text copied from a terminal --------------------------------------------------------------

# What a terminal obeys rather than shows, as it lands in a copied log: CSI sequences (colours,
# cursor moves), OSC ones (a title, a link) ended by BEL or ST or left open at the line's
# end, two-character escapes, and backspaces. Never a line break: line numbers stay.
_TERMINAL_CODES: Final = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x08"
)


def without_terminal_codes(text: str) -> str:
    """`text` as a terminal showed it, near enough: the escape sequences that coloured it
    and the backspaces taken out (a paste from a terminal carries them on every line)."""
    return _TERMINAL_CODES.sub("", text) if "\x1b" in text or "\x08" in text else text


# --- a stream copied to a terminal -----------------------------------------------------------

# The escape sequences progress bars draw with (tqdm, pip, Rich): colours, cursor moves,
# erasing a line, hiding the cursor. Anything else (OSC 52 writes the clipboard, OSC 8 links,
# DCS, clearing the screen, setting the title) is shown, not obeyed.
_SAFE_CSI: Final = r"\x1b\[(?:[0-9;]*[mABCDGK]|\?25[hl])"
_ECHO_UNSAFE: Final = re.compile(f"({_SAFE_CSI})|[\x00-\x07\x0b\x0c\x0e-\x1f\x7f-\x9f{_INVISIBLE}]")
# The end of a chunk that may be the start of a sequence or a workflow command, kept back
# until the next chunk says which.
_UNFINISHED: Final = re.compile(r"(?:\x1b(?:\[\??[0-9;]*)?|#{1,2}|(?<![^\n\r \t]):)\Z")


class TerminalEcho:
    """A byte stream (a payload's stderr) copied to a terminal as it comes, with control
    characters and escape sequences other than a progress bar's made visible, and no line
    that GitHub Actions would run as a workflow command."""

    def __init__(self, target: IO[bytes]) -> None:
        self._target = target
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        self._line_blank = True  # nothing but whitespace since the last line break

    def write(self, data: bytes) -> int:
        text = self._pending + self._decoder.decode(data)
        held = _UNFINISHED.search(text)
        cut = held.start() if held and len(text) - held.start() < 32 else len(text)
        text, self._pending = text[:cut], text[cut:]
        shown = _ECHO_UNSAFE.sub(lambda m: m.group(1) or _escape(m), text)
        prefix = "\n" if self._line_blank else "-"  # what came before this chunk
        shown = inert_commands(prefix + shown)[len(prefix) :]
        tail = re.split(r"[\r\n]", shown)[-1]
        self._line_blank = (self._line_blank or len(tail) < len(shown)) and not tail.strip()
        self._target.write(shown.encode("utf-8", "replace"))
        return len(data)

    def flush(self) -> None:
        self._target.flush()
