"""The library a report is about: each place a paste names a library compat/support.py lists.

issue 38 (s16-subject): most reports of "X does not run on my machine" tie their error to X
without a traceback frame X raised: the issue's title ("Attempting to load GPTQ model on Apple
Silicon", "Error with flash_attn on Apple MacOS"), the command the reporter ran (`pip install
X`, `python -m X …`, X's own launcher, `import X` / `from X import …` in a session or a
traceback's source line), a module of X in an error line (`No module named 'auto_gptq'`,
`vllm._C`, `libX.so`) or the reporter's words ("I installed X"). Each is a SUBJECT_LIBRARY
fact: name the library as the table names it, value how it was named (model/pasted.py
`SubjectTie`), so the diagnosis (diagnosis/pasted.py `_library_unsupported`) can take the
strongest tie. The names are compat/support.py's (its name, distributions, import packages
and aliases, as readers/asked.py reads them); a name the reporter says they did not use
("without bitsandbytes", "instead of vLLM", "pip uninstall flash-attn", "no xformers", "I know
flash-attn doesn't work on Macs", "FlashAttention can't be installed on a Mac") ties nothing,
nor a name in a code comment ("# flash-attn is CUDA only" in a code block). Lines
inside a tool's block (`pip list`, `conda list`, collect_env's package lines) list what is
installed, not what the report is about: they are left to their readers.

Where each tie's shape comes from: Python's traceback frames (`File "…/site-packages/X/…",
line N, in f`, CPython Lib/traceback.py StackSummary.format_frame_summary; IPython's `File
~/…/site-packages/X/….py:N`); pip's build lines ("Building wheel for X", "Failed building
wheel for X", "Failed to build X", "Running setup.py install for X"; pip
src/pip/_internal/wheel_builder.py and req/req_install.py); an issue's title, which the
corpus stores as the paste's first line, a Markdown level-one heading (`# …`, tests/data/
reports/README.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar, Final

from hwdoctor.compat import support
from hwdoctor.gather.reports.readers.asked import LIBRARY, NAMES, library_row, machines_named
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.model.pasted import FactKey, SubjectTie

# A traceback frame's line starts with "File" (Python's and IPython's); the package is the
# directory after site-packages or dist-packages.
_FRAME_START: Final = "File "
_PACKAGES: Final = ("site-packages", "dist-packages")
_PACKAGE: Final = re.compile(r"[/\\]([A-Za-z_][A-Za-z0-9_]{0,60})")
# pip's lines for the package it builds (wheel_builder.py, req_install.py).
_BUILD: Final = re.compile(
    r"(?:Building wheel for|Failed building wheel for|Failed to build|Building editable for"
    r"|Running setup\.py install for) ([A-Za-z0-9][A-Za-z0-9._-]{0,80})"
)
# A shared library of the library's own ("libflashinfer.so", "libnunchaku.so"), as the loader
# names it in an error line.
_SHARED: Final = re.compile(r"\blib([A-Za-z][A-Za-z0-9_]{1,40})\.(?:so|dylib)\b")
# An installer's command before the name on its line ("pip install", "uv pip install -U").
_INSTALLS: Final = re.compile(
    r"\b(?:pip3?|pipx|uv pip|conda|mamba|micromamba|poetry|uv) (?:install|add)\b"
)
# The words before a name that say the reporter did not use it ("without bitsandbytes",
# "instead of vLLM", "pip uninstall flash-attn"), in the same clause.
_NOT_USED: Final = re.compile(
    r"(?:\bwithout|\binstead of|\brather than|\bother than|\bnot using|\bnot use|\bdon't use"
    r"|\bdo not use|\bdidn't use|\bdid not use|\bno need for|\buninstall|\bremov(?:e|ed|ing)"
    r"|\bw/o)\b[^.,;:!?()]{0,40}$",
    re.I,
)
# issue 38 (s16-mend-subject; the red team's reads of s16-subject): the reporter's words that
# put a library aside, read outside an error line only (an error line's "the package flash_attn
# seems to be not installed", transformers' words, is the library failing): before the name,
# "no xformers", "disabled flash-attn", "Disabling Flash attention 2"; after it, in its clause,
# "flash-attn doesn't work on Macs", "FlashAttention can't be installed", "flash-attn is CUDA
# only", "isn't available", "not installed", "is disabled". An issue's title that says so is
# the report itself ("flash-attn doesn't work on M1"): the words after a name are not read in
# a title.
_NOT_USED_BEFORE: Final = re.compile(r"(?:\bno|\bdisabl(?:e|ed|ing))[\s`'\"*]*$", re.I)
_NOT_USED_AFTER: Final = re.compile(
    r"[^.,;:!?()]{0,30}?\b(?:doesn'?t work|does not work|don'?t work|do not work|won'?t work"
    r"|will not work|(?:can'?t|cannot|can not|couldn'?t|could not) be (?:installed|used|built)"
    r"|is (?:cuda|nvidia)[- ]only|only (?:works|runs) (?:on|with) (?:cuda|nvidia|linux)"
    r"|(?:isn'?t|is not|not) (?:available|installed|supported)|(?:is )?disabled)\b",
    re.I,
)
# A comment in a code block: "#" at the line's start or after a space, then a space or the end
# (a root prompt's "root@host:~# " has no space before it).
_COMMENT: Final = re.compile(r"(?:^|\s)#(?:\s|$)")
# issue 38 (s16-mend-subject): the start of every name LIBRARY finds, folded: its first run of
# letters and digits, to three characters ("vll", "fla"; "sd" of "sd-scripts", "k2"). LIBRARY
# finds a name only where no letter or digit is before it, so a name starts a run of the line's
# letters and digits: a line none of whose runs starts with one of these is not tried on
# LIBRARY's alternation of every name (a 0.9 MB paste of words went from 2.4 s to 3.4 s with it;
# tests/test_regex_cost.py and `make bench`).
_RUN: Final = re.compile(r"[a-z0-9]+")
_STARTS: Final = frozenset(run[0][:3] for n in NAMES if (run := _RUN.search(n)) is not None)
# each run's first three characters (two where it is that short)
_RUN_STARTS: Final = re.compile(r"(?<![a-z0-9])[a-z0-9]{2,3}")


def names_one(text: str) -> bool:
    """Whether a line may name a library: one of its runs of letters and digits starts as a
    name does (`_STARTS`), its first two characters for the two-character starts."""
    runs = _RUN_STARTS.findall(text.lower())
    return not _STARTS.isdisjoint(runs) or not _STARTS.isdisjoint(run[:2] for run in runs)


# The prompt before a command typed at a shell ("$ ", "(venv) PS D:\\x> ", "% ").
_PROMPT_ENDS: Final = ("$", ">", "%", "#")
# What follows a library's launcher on a command line: an option, a script, or one of the
# subcommands its documentation gives (`vllm serve`, `lmdeploy serve`, `mlc_llm chat`,
# `deepspeed train.py`, `text-generation-launcher --model-id`).
_SUBCOMMANDS: Final = frozenset(
    {"serve", "run", "launch", "chat", "bench", "convert", "quantize", "compile", "generate"}
)
# How far before a name the prefix is read for a command or a denial.
_PREFIX_CHARS: Final = 120
SHORTEST: Final = 4


def _prefix_ties(prefix: str, after: str) -> SubjectTie | None:
    """The tie the words around a name make on a line: a command that installs, runs or
    imports it; None where they make none."""
    if _INSTALLS.search(prefix):
        return SubjectTie.COMMAND
    stripped = prefix.rstrip()
    if stripped.endswith(" -m") and "python" in stripped:
        return SubjectTie.COMMAND
    if stripped.endswith("import") and (stripped == "import" or stripped[-7:-6] in " >;"):
        return SubjectTie.COMMAND
    last = stripped.rsplit(" ", 1)[-1] if stripped else ""
    if last == "from" and " import " in after:
        return SubjectTie.COMMAND
    # the library's launcher typed at a prompt: nothing but the prompt before it, an option,
    # a script or a subcommand after it
    at_prompt = not stripped or stripped.endswith(_PROMPT_ENDS)
    token = after.split(" ", 2)[1] if after.startswith(" ") and len(after) > 1 else ""
    if at_prompt and (token.startswith("-") or token.endswith(".py") or token in _SUBCOMMANDS):
        return SubjectTie.COMMAND
    return None


class Subject(LineReader):
    """Every place a paste names a library of compat/support.py, and how."""

    shortest: ClassVar[int] = SHORTEST

    def __init__(self) -> None:
        self.first = True  # no line with words read yet: the next one may be the title

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        text = line.text
        title = self.first and text.startswith("# ")
        if text.strip():
            self.first = False
        if len(text) < self.shortest or in_block:
            return
        if line.code and (comment := _COMMENT.search(text)) is not None:
            text = text[: comment.start()]  # a comment's words are no tie ("# flash-attn is …")
        said: dict[str, SubjectTie] = {}
        stripped = text.lstrip()
        if stripped.startswith(_FRAME_START):
            for packages in _PACKAGES:
                at = stripped.find(packages)
                package = _PACKAGE.match(stripped, at + len(packages)) if at >= 0 else None
                if package is not None and (row := support.of_module(package[1])) is not None:
                    said[row.name] = SubjectTie.FRAME
                    break
        # pip's build lines all hold "uild" or "setup.py": other lines are not tried on _BUILD
        built = _BUILD.search(text) if "uild" in text or "setup.py" in text else None
        if (
            built is not None
            and (row := library_row(built[1]) or support.of_dist(built[1])) is not None
        ):
            said.setdefault(row.name, SubjectTie.BUILD)
        error = line.error
        for named in LIBRARY.finditer(text) if names_one(text) else ():
            row = library_row(named[1])
            if row is None or row.name in said:
                continue
            prefix = text[max(0, named.start() - _PREFIX_CHARS) : named.start()]
            if _NOT_USED.search(prefix):
                continue
            if not error and (
                _NOT_USED_BEFORE.search(prefix)
                or (not title and _NOT_USED_AFTER.match(text, named.end()))
            ):
                continue
            # an error line's words are the error's, whatever they suggest ("requires … `pip
            # install bitsandbytes`", transformers' message): no command was run there; and a
            # title that retells the error is an error line (the stronger tie)
            tie = None if error else _prefix_ties(prefix, text[named.end() : named.end() + 40])
            if tie is None:
                tie = SubjectTie.ERROR if error else SubjectTie.TITLE if title else SubjectTie.PROSE
            said[row.name] = tie
        if error and "lib" in text:
            for shared in _SHARED.finditer(text):
                if (row := library_row(shared[1])) is not None:
                    said.setdefault(row.name, SubjectTie.ERROR)
        for name, tie in said.items():
            yield line.says(FactKey.SUBJECT_LIBRARY, tie.value, name=name)
        # issue 38 (s21-words): a title that names a library names the machine it is about too
        # ("Unsloth On Mac"): diagnosis/pasted.py `_title_ties`
        titled = [name for name, tie in said.items() if tie is SubjectTie.TITLE]
        for machine in machines_named(text) if titled else ():
            yield line.says(FactKey.SUBJECT_MACHINE, machine, name=titled[0])


READER: Final = Subject
