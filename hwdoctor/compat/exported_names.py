"""issue 38 (s17-names): which releases of the Hugging Face ecosystem's libraries have each
top-level name and module, read from their wheels (exported_names_table.txt).

"ImportError: cannot import name 'cached_download' from 'huggingface_hub'" is a name one
release removed (the importing library was written for an older one); "cannot import name
'Qwen2VLForConditionalGeneration' from 'transformers'" is a name a later release added; "No
module named 'vllm.model_executor.input_metadata'" a module a release removed. The table
holds, per package, every release read and, for each name its `__init__.py` exports and
each module path of its wheel, the first release that has it and the first release without
it again. tools/exported_names.py generates it (its docstring cites the file of each
package it reads and how). The file is read only when a paste names one of its packages,
and then only that package's section.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from hwdoctor import versions

NAMES_FILE: Final = Path(__file__).with_name("exported_names_table.txt")

# import name -> distribution, the packages the table holds (tools/exported_names.py PACKAGES)
PACKAGES: Final = {
    "huggingface_hub": "huggingface_hub",
    "transformers": "transformers",
    "diffusers": "diffusers",
    "peft": "peft",
    "accelerate": "accelerate",
    "trl": "trl",
    "sentence_transformers": "sentence-transformers",
    "vllm": "vllm",
}


# Modules a build writes into the wheel, which a source checkout lacks by design: vllm/version.py
# (0.5.x-0.6.x) imports vllm.commit_id in a try and warns "Failed to read commit hash:\n{e}"
# without it (vllm-project/vllm vllm/version.py @ v0.5.4); its successor vllm._version
# (setuptools-scm's) is private. Their absence is a build from source, not another release.
# vllm.vllm_flash_attn: the flash-attention build vLLM's CUDA build copies into the package
# (vllm-project/vllm cmake/external_projects/vllm_flash_attn.cmake: `install(DIRECTORY
# ${vllm-flash-attn_SOURCE_DIR}/vllm_flash_attn/ DESTINATION vllm/vllm_flash_attn …)` beside
# its compiled _vllm_fa2_C): a CPU build or another accelerator's has none, whatever release.
BUILT: Final = frozenset({"vllm.commit_id", "vllm.vllm_flash_attn"})


@dataclass(frozen=True, slots=True)
class Exported:
    """One package's rows: the date read, the releases read (oldest first) and the yanked
    ones, and per top-level name and per module path below the package (without its
    prefix) the first release that has it and the first without it again (None: the newest
    read has it)."""

    dist: str
    read: str
    releases: tuple[str, ...]
    yanked: tuple[str, ...]
    names: dict[str, tuple[str, str | None]]
    modules: dict[str, tuple[str, str | None]]


def parse(text: str, dist: str) -> Exported | None:
    """The table's section of one distribution; None where the table has none."""
    read = ""
    releases: tuple[str, ...] = ()
    yanked: tuple[str, ...] = ()
    rows: dict[str, dict[str, tuple[str, str | None]]] = {"n": {}, "m": {}}
    inside = False
    for line in text.splitlines():
        word, _, rest = line.partition(" ")
        if word == "read":
            read = rest.strip()
        elif word == "package":
            if inside:
                break
            inside = rest.split(" ", 1)[0] == dist
        elif not inside:
            continue
        elif word == "releases":
            releases = tuple(rest.split())
        elif word == "yanked":
            yanked = tuple(rest.split())
        elif word in rows:
            first, gone, *items = rest.split()
            for item in items:
                rows[word][item] = (first, None if gone == "-" else gone)
    if not releases:
        return None
    return Exported(dist, read, releases, yanked, rows["n"], rows["m"])


@cache
def table(dist: str) -> Exported | None:
    """A distribution's section of exported_names_table.txt (read once, when first asked)."""
    if dist not in PACKAGES.values() or not NAMES_FILE.exists():
        return None
    return parse(NAMES_FILE.read_text(encoding="utf-8"), dist)


def has(release: str, first: str, gone: str | None) -> bool:
    """Whether a release lies in [first, gone)."""
    return versions.satisfies(release, f">={first}") is True and (
        gone is None or versions.satisfies(release, f"<{gone}") is True
    )


@dataclass(frozen=True, slots=True)
class Range:
    """What the table says of a name or module of a package: the distribution, whether it is
    a module, the first release that has it and the first without it again."""

    dist: str
    item: str
    module: bool
    first: str
    gone: str | None
    oldest: str  # the first release read
    prior: str  # the release read before `first` ("": none)
    last: str  # the last release read that has it (before `gone`, or the newest)
    read: str


def _range(found: Exported, item: str, module: bool, row: tuple[str, str | None]) -> Range:
    first, gone = row
    order = found.releases
    at = order.index(first) if first in order else 0
    prior = order[at - 1] if at > 0 else ""
    end = order.index(gone) if gone in order else len(order)
    dist = versions.canonical_name(found.dist)
    return Range(dist, item, module, first, gone, order[0], prior, order[end - 1], found.read)


def name_range(package: str, name: str) -> Range | None:
    """The releases of an import package (its top-level module) that export `name`."""
    dist = PACKAGES.get(package)
    found = table(dist) if dist is not None else None
    row = found.names.get(name) if found is not None else None
    if found is None or row is None:
        return None
    return _range(found, name, False, row)


def module_range(module: str) -> Range | None:
    """The releases of a package that ship the module `module` ("vllm.a.b")."""
    package, _, below = module.partition(".")
    if any(module == b or module.startswith(f"{b}.") for b in BUILT):
        return None
    dist = PACKAGES.get(package)
    found = table(dist) if dist is not None and below else None
    row = found.modules.get(below) if found is not None else None
    if found is None or row is None:
        return None
    return _range(found, module, True, row)


# issue 38 (s19-placeholder): transformers is read from its first wheel (2.0.0) so that a name
# or module 2.x or 3.x removed is told (WarmupLinearSchedule, gone in 2.2.0; the module rows
# date the flat transformers.modeling_bert too, gone in 4.0.0). A name it *added* before 4.0.0
# is told only against the version a paste shows, as before those releases were read: without
# it, a program importing AutoModelForCausalLM (3.0.0) meets a broken install far more often
# than a transformers of 2020 (baichuan-inc/Baichuan-13B#20: Python 3.11, transformers not
# properly installed, tests/data/reports/errors/baichuan13b20-…).
ADDED_TOLD_AFTER: Final = {"transformers": "4.0.0"}


def added_unshown(row: Range) -> bool:
    """Whether the release that added a name or module is told where the paste does not
    show the version installed: one after ADDED_TOLD_AFTER's release of its package."""
    floor = ADDED_TOLD_AFTER.get(row.dist)
    return floor is None or versions.satisfies(row.first, f">{floor}") is True


def side(row: Range, installed: str | None) -> str:
    """Which way the release shown lies from the range: "newer" (the installed release
    predates `first`: upgrade), "older" (it is `gone` or later: the importing code wants an
    older release), "" (it has the name: another cause), or, where no release is shown,
    "newer" for a name no release read has dropped and "older" for one dropped."""
    if installed is None or versions.parse(installed) is None:
        return "older" if row.gone is not None else "newer"
    if not versions.satisfies(installed, f">={row.first}"):
        return "newer"
    if row.gone is not None and not versions.satisfies(installed, f"<{row.gone}"):
        return "older"
    return ""
