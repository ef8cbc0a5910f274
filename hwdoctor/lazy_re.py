"""The `re` module, but `compile()` compiles a pattern the first time it is used.

The messages reader holds some three hundred patterns, and a paste tries a few of them: the
screen (gather/reports/screen.py) tries only the patterns whose words a line holds, and
reads those words from the pattern's text. Compiling every pattern at import cost about as
much as reading a paste; compat/refusals.py's grammar, likewise, is read only on a line with
a refusal's words. A module imports this one as `re` (`from hwdoctor import lazy_re as re`)
and its patterns are written as ever: each compiles with `re.compile` on its first
`search`, `match`, `finditer`... and from then on answers with the compiled pattern's own
methods. The patterns are the same, so what they match and what they cost per line are too.
"""

from __future__ import annotations

import re as _re
from functools import cached_property

# the standard library's other names a module of patterns may use (its functions take a
# pattern's text; a pattern compiled on first use is called by its own methods)
from re import (
    ASCII,
    DOTALL,
    IGNORECASE,
    MULTILINE,
    VERBOSE,
    A,
    I,
    M,
    Match,
    Pattern,
    RegexFlag,
    S,
    X,
    error,
    escape,
    findall,
    finditer,
    fullmatch,
    match,
    search,
    split,
    sub,
    subn,
)
from typing import Any, cast

__all__ = [
    "ASCII",
    "DOTALL",
    "IGNORECASE",
    "MULTILINE",
    "VERBOSE",
    "A",
    "I",
    "LazyPattern",
    "M",
    "Match",
    "Pattern",
    "RegexFlag",
    "S",
    "X",
    "compile",
    "error",
    "escape",
    "findall",
    "finditer",
    "fullmatch",
    "match",
    "search",
    "split",
    "sub",
    "subn",
]

# The methods a pattern's user calls: bound to the compiled pattern's on first use.
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """A pattern compiled on first use. `pattern` and `flags` are `re.compile`'s arguments,
    as given (the compiled pattern's `flags` add the inline and default ones); every other
    attribute is the compiled pattern's."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    @cached_property
    def compiled(self) -> _re.Pattern[str]:
        """The compiled pattern, compiled on the first use of any."""
        compiled = _re.compile(self.pattern, self.flags)
        for name in _METHODS:  # found before the class's methods from now on
            setattr(self, name, getattr(compiled, name))
        return compiled

    def search(self, *args: Any) -> Any:
        return self.compiled.search(*args)

    def match(self, *args: Any) -> Any:
        return self.compiled.match(*args)

    def fullmatch(self, *args: Any) -> Any:
        return self.compiled.fullmatch(*args)

    def finditer(self, *args: Any) -> Any:
        return self.compiled.finditer(*args)

    def findall(self, *args: Any) -> Any:
        return self.compiled.findall(*args)

    def sub(self, *args: Any, **options: Any) -> Any:
        return self.compiled.sub(*args, **options)

    def subn(self, *args: Any, **options: Any) -> Any:
        return self.compiled.subn(*args, **options)

    def split(self, *args: Any, **options: Any) -> Any:
        return self.compiled.split(*args, **options)

    def __getattr__(self, name: str) -> Any:  # groups, groupindex, scanner
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"


def compile(pattern: str, flags: int = 0) -> _re.Pattern[str]:
    """`re.compile`, compiled on first use; typed as the pattern it stands for."""
    return cast("_re.Pattern[str]", LazyPattern(pattern, flags))
