"""issue 38: transformers' modules that other libraries import, by the first release that has
them, as data.

A library that imports `transformers.integrations.deepspeed` (optimum-habana, trl, peft) or
`transformers.cache_utils` (model code, ipex-llm) fails with Python's "No module named …"
under a transformers older than the module. The releases are read from the wheels on PyPI
(`unzip -l` of each, 2026-12-05): transformers 4.32.1's has `transformers/integrations.py`, a
module (so Python adds "'transformers.integrations' is not a package"), 4.33.0's the package
`transformers/integrations/` with `deepspeed.py`; 4.35.2's has no `transformers/cache_utils.py`,
4.36.0's has it (intel/ipex-llm#10835: "No module named 'transformers.cache_utils' with
transformers < 4.36").
"""

from __future__ import annotations

from typing import Final

from hwdoctor import versions

# module -> the first transformers release that has it
FIRST_RELEASE: Final = {
    "transformers.integrations.deepspeed": "4.33.0",
    "transformers.cache_utils": "4.36.0",
}


def too_old(module: str, installed: str | None) -> str | None:
    """The first release with `module` when the installed transformers (if shown) is older
    than it; None for a module outside the table or a release that has it."""
    first = FIRST_RELEASE.get(module)
    if first is None:
        return None
    if installed is None:
        return first
    shown, needed = versions.parse(installed), versions.parse(first)
    if shown is None or needed is None:
        return first
    return first if shown < needed else None
