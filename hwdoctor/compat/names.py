"""The distributions hwdoctor knows by name, and the one a misspelt name stands for.

pip answers a name no index holds as it answers a release no index holds for this Python:
"Could not find a version that satisfies the requirement torchvison (from versions: none)"
(pip/_internal/resolution/resolvelib/factory.py _report_single_requirement_conflict; older
pips printed "(from versions: )"). Where the name is one hwdoctor does not know and one edit
away from exactly one it does, the name is what is wrong, not the machine
(chenyuntc/pytorch-book#16: a requirements file's "torchvison", pip's "(from versions: )").

The names known are those of hwdoctor's own tables: the libraries of compat/support.py, torch
and its companions (compat/companions.py), the compiled packages whose PyPI files
compat/builds_table.txt lists, the libraries whose exported names compat/exported_names.py
holds, and the backends' distributions (registry.py `dists`). Each is compared as PEP 503 normalises
it ("Torch_NPU" is "torch-npu").

The edit: one insertion, deletion or substitution of a character, or a swap of two adjacent
ones (the Damerau-Levenshtein distance 1, in its optimal-string-alignment form). Damerau's
study of spelling errors (F. J. Damerau, "A technique for computer detection and correction
of spelling errors", Communications of the ACM 7(3), 1964) found over 80% of misspellings to be
one of these four; two edits would reach real, different packages (torch-npu and torch-mlu are
one substitution apart; cudf-cu11 and cudf-cu12 too), so only one counts, and only where it
leads to exactly one known name. Names shorter than `_SHORTEST` are left out, on both sides:
one edit is a quarter of a four-letter name, and short names sit close together on PyPI ("av",
"k2", "trl", "mlx", "peft" are all distributions hwdoctor knows, and an edit of each is
another's name).
"""

from __future__ import annotations

import functools
from typing import Final

from hwdoctor import registry
from hwdoctor.compat import builds, companions, exported_names, support
from hwdoctor.versions import canonical_name

# The shortest name compared (see the module's docstring).
_SHORTEST: Final = 5


@functools.cache
def known() -> frozenset[str]:
    """Every distribution name hwdoctor's tables hold, PEP 503 normalised."""
    names = {d for row in support.TABLE for d in row.dists}
    names.update(("torch", "torchao", *companions.NAMES))
    names.update(builds.table())
    names.update(exported_names.PACKAGES.values())
    names.update(d for backend in registry.BACKENDS for d in backend.dists)
    return frozenset(canonical_name(n) for n in names if n)


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one insertion, deletion, substitution or adjacent swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    if len(a) < len(b):  # one character inserted into a
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:  # one substituted
        return True
    swapped = a[start : start + 2] == b[start : start + 2][::-1]
    return swapped and a[start + 2 :] == b[start + 2 :]


def misspelt(name: str) -> str | None:
    """The one known distribution `name` is one edit away from, where `name` is not itself
    known; None where it is known, where no known name or more than one is that close, or
    where either name is shorter than `_SHORTEST`."""
    asked = canonical_name(name)
    names = known()
    if asked in names or len(asked) < _SHORTEST:
        return None
    close = [n for n in names if len(n) >= _SHORTEST and _one_edit(asked, n)]
    return close[0] if len(close) == 1 else None
