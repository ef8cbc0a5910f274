"""Shell lines built word by word, never formatted: what a remedy tells someone to paste.

A remedy's values come from the diagnosed machine, an evidence file or a stranger's paste:
a package name, a version, a path. Formatted into a line, `torch-fix && pip install …` is
two commands and a newline starts a third. Built here, every word is quoted
(`shlex.quote`), so a value is always one word of one command, and a comment is one line
whatever its text holds. `one_command` says whether a line is a single simple command, as
the tests check of every remedy.

issue 38 (s19-windows): a line is written for the shell of the machine it is for. POSIX shells
take `shlex.quote`'s single quotes; Windows' cmd.exe does not (its single quote is an ordinary
character, so `pip install 'torch==2.5.1'` asks pip for a requirement named `'torch`), while
both cmd.exe and PowerShell take double quotes, inside which neither splits a word or reads
`<`, `>`, `|` or `&` (Microsoft's "cmd" reference, "Remarks": "the special characters …
inside quotation marks"; PowerShell's about_Quoting_Rules). A value holding what either
expands inside double quotes (`%` for cmd.exe, `$` and the backtick for PowerShell, `"`, and
`!` under delayed expansion) cannot be quoted for both: its command is left out and a comment
says so. A first word that must be quoted (a path with a space) is run with PowerShell's call
operator, `& "C:\\Program Files\\…\\python.exe"` (about_Operators, "Call operator &": a
quoted string alone is an expression there), Windows 10's and 11's default shell. `#` lines
are PowerShell's comments. The diagnosis of a machine or a paste that shows Windows sets the
dialect (`written_for`) while its remedies are built.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hwdoctor.text import one_line


@dataclass(frozen=True, slots=True)
class Shell:
    """Lines to paste: each a command whose words are quoted, or a `#` comment."""

    lines: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __bool__(self) -> bool:
        return bool(self.lines)

    def __add__(self, other: Shell) -> Shell:
        return Shell((*self.lines, *other.lines))

    @classmethod
    def joined(cls, parts: Iterable[Shell]) -> Shell:
        """The parts one after the other, each part once."""
        return cls(tuple(line for part in dict.fromkeys(parts) for line in part.lines))


@dataclass(frozen=True, slots=True)
class Literal:
    """A word of hwdoctor's own, shown as written: `~/.venvs/torch` must stay unquoted for
    the shell to expand it. Never a value from the evidence."""

    text: str


class Dialect(str, Enum):
    """The shell a line is written for."""

    POSIX = "posix"  # sh, bash, zsh: shlex.quote's single quotes
    WINDOWS = "windows"  # cmd.exe and PowerShell: double quotes


_DIALECT: ContextVar[Dialect] = ContextVar("hwdoctor_shell_dialect", default=Dialect.POSIX)


@contextmanager
def written_for(dialect: Dialect) -> Iterator[None]:
    """Lines built inside are written for `dialect`'s shell."""
    token = _DIALECT.set(dialect)
    try:
        yield
    finally:
        _DIALECT.reset(token)


def dialect() -> Dialect:
    """The dialect lines are being written for."""
    return _DIALECT.get()


def dialect_of(system: str | None) -> Dialect:
    """The dialect of a system, as platform.system() or sys.platform names it."""
    return Dialect.WINDOWS if system in ("Windows", "win32") else Dialect.POSIX


# A word both Windows shells read as itself, unquoted (not PowerShell's `,`, which makes an
# array, nor its `@`, which splats); and what either expands inside double quotes (the
# module's docstring), which no quoting carries through both.
_WINDOWS_PLAIN: Final = re.compile(r"[A-Za-z0-9_+=:./\\-]+")
_WINDOWS_EXPANDED: Final = frozenset('"%$`!')


def quote(word: str) -> str | None:
    """`word` as one word of a line in the current dialect; None where the dialect has no
    quoting that keeps it one literal word."""
    if _DIALECT.get() is Dialect.POSIX:
        return shlex.quote(word)
    if _WINDOWS_PLAIN.fullmatch(word):
        return word
    if not word or any(c in _WINDOWS_EXPANDED for c in word):
        return None  # an empty word: PowerShell before 7.3 drops "" from a native command's
    # arguments (about_Parsing, "Passing arguments that contain quote characters")
    # backslashes before the closing quote are doubled: Windows programs' argument parsing
    # reads 2n backslashes before a quote as n (Microsoft's "Parsing C++ command-line
    # arguments"), so "C:\\Libs\\" keeps its last backslash and its quote closes
    doubled = word + "\\" * (len(word) - len(word.rstrip("\\")))
    return f'"{doubled}"'


def command(*words: str | Literal) -> Shell:
    """One command of `words`, each quoted: a value can only ever be one word. A word with a
    line break or another control character would split the line where it is shown (and
    copied): the command is left out, and a comment says so; so is a word the dialect cannot
    quote (Windows: `quote`)."""
    if any(not is_one_line(w.text if isinstance(w, Literal) else w) for w in words):
        return comment(LEFT_OUT)
    shown = [w.text if isinstance(w, Literal) else quote(w) for w in words]
    if any(word is None for word in shown):
        return comment(LEFT_OUT_WINDOWS)
    line = " ".join(word for word in shown if word is not None)
    if _DIALECT.get() is Dialect.WINDOWS and line.startswith('"'):
        line = "& " + line  # PowerShell runs a quoted program name with its call operator
    return Shell((line,))


LEFT_OUT = "a command is left out here: a value it needs is not one line of text"

# issue 38 (s19-mend-windows): a remedy line written in POSIX shell words, said the way a
# Windows shell says it, or kept as a comment where Windows has no such command. An exported
# variable is PowerShell's `$env:NAME = "value"` (about_Environment_Variables) and an unset one
# `Remove-Item Env:NAME`; a program of Linux or macOS alone (sudo, apt-get, ls, grep, cat …, a
# `./script`, `.`/`source`; curl, which PowerShell 5.1 aliases to Invoke-WebRequest) runs
# where Linux runs (WSL, the machine or container the finding is about), said so in a comment.
_EXPORT: Final = re.compile(r'export "?([A-Za-z_][A-Za-z0-9_]{0,80})=(.*?)"?$')
_UNSET: Final = re.compile(r"unset ([A-Za-z_][A-Za-z0-9_]{0,80})$")
_POSIX_ONLY: Final = frozenset(
    (
        "sudo", "su", "ls", "cat", "grep", "find", "id", "getent", "printenv", "env", "source",
        ".", "sh", "bash", "chmod", "chown", "ln", "ulimit", "modprobe", "usermod", "newgrp",
        "ldconfig", "dmesg", "script", "systemctl", "apt", "apt-get", "dpkg", "yum", "dnf",
        "patchelf", "scontrol", "sinfo", "srun", "softwareupdate", "xcode-select",
        "nvidia-container-cli", "curl", "export", "unset",
    )
)  # fmt: skip


def windows_line(line: str) -> str:
    """`line`, a command hwdoctor wrote in POSIX shell words, for a Windows shell."""
    if line.startswith("#"):
        return line
    if (exported := _EXPORT.fullmatch(line)) is not None:
        value = exported[2].strip('"')
        if any(c in _WINDOWS_EXPANDED for c in value):
            return f"# {LEFT_OUT_WINDOWS}"
        return f'$env:{exported[1]} = "{value}"'
    if (unset := _UNSET.fullmatch(line)) is not None:
        return f"Remove-Item Env:{unset[1]}"
    first = line.split(" ", 1)[0]
    if first in _POSIX_ONLY or first.startswith("./"):
        return f"# in a Linux shell (WSL, or the Linux machine or container it is about): {line}"
    return line


LEFT_OUT_WINDOWS = (
    "a command is left out here: a value it needs cannot be quoted for Windows' shells (it is "
    "empty, or holds % $ ` ! or a double quote)"
)


def is_one_line(text: str) -> bool:
    """No control character: not a line break, not an escape sequence."""
    return not any(c < " " or "\x7f" <= c <= "\x9f" for c in text)


def choices(options: Sequence[tuple[str, Shell]]) -> Shell:
    """Alternatives the user picks one of ("for an NVIDIA GPU", "for an AMD GPU"): the first
    as commands, the others below as comments, so that the block pasted whole runs one
    choice and never two that undo each other (a CUDA then a ROCm reinstall of torch ends
    with ROCm's). The caller puts first what this machine signals."""
    kept = [(label, shell) for label, shell in options if shell]
    if len(kept) < 2:
        return Shell.joined(shell for _, shell in kept)
    (label, first), others = kept[0], kept[1:]
    rest = "the other below" if len(others) == 1 else "the others below"
    lines = [f"# {one_line(label)} (one of {len(kept)} choices; {rest}, commented out):"]
    lines += first.lines
    for other_label, other in others:
        lines.append(f"# or, {one_line(other_label)}, instead:")
        lines += [line if line.startswith("#") else f"#   {line}" for line in other.lines]
    return Shell(tuple(lines))


def comment(text: str) -> Shell:
    """A `#` line: the text on one line, printable, so nothing of it runs."""
    return Shell((f"# {one_line(text)}",))


def words(trusted: str) -> tuple[str, ...]:
    """hwdoctor's own arguments, written as one string in a table ("--extra-index-url URL
    torch-neuronx"), as words to quote again."""
    return tuple(shlex.split(trusted))


# What ends a simple command or makes another out of it, outside quotes (bash(1),
# "Shell grammar"): control operators, a subshell, a background job; a redirection (`>`)
# stays one command, a process substitution (`<(`, `>(`) runs another.
_OPERATORS = frozenset(";&|()\n\r")


def one_command(line: str) -> bool:
    """Whether `line` is one simple command and nothing else: a comment, or words with no
    unquoted operator, no command substitution (`$( )`, backticks) and no process
    substitution outside single quotes, and every quote closed. `bash -n` checks syntax;
    this checks that the syntax holds a single command."""
    if line.lstrip().startswith("#"):
        return "\n" not in line and "\r" not in line
    if line.startswith('& "'):  # PowerShell's call operator before a quoted program (`command`)
        line = line[2:]
    quote = ""
    escaped = False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
            continue
        if quote == "'":
            quote = "" if char == "'" else quote
            continue
        if char == "\\":
            escaped = True
            continue
        if char == "`" or (char in "$<>" and line[index + 1 : index + 2] in ("(", "[")):
            return False
        if quote == '"':
            quote = "" if char == '"' else quote
            continue
        if char in ("'", '"'):
            quote = char
        elif char in _OPERATORS or (char == "#" and index and line[index - 1].isspace()):
            return False
    return not quote and not escaped
