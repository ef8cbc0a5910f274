"""Regenerate the "what you will see" blocks of README.md and of the documentation pages
(docs/*.md) from hwdoctor's real output.

Each block sits between `<!-- screen: ARGS -->` and `<!-- /screen -->` and holds what
`hwdoctor ARGS` prints at 80 columns, without colour. `make readme` runs this; the test
suite checks that the blocks rendered from recorded evidence (`--from`) and `list` match.
The list of paste formats, between `<!-- formats: … -->` and `<!-- /formats -->` (on
docs/pasted-reports.md), is the readers' registry's (tests/test_readers.py checks it).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def pages() -> list[Path]:
    """Every Markdown page that may show a screen: the README and the documentation site's
    pages (docs/*.md), in a fixed order."""
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


BLOCK = re.compile(
    r"(<!-- screen: (?P<args>.+?) -->\n```text\n)(?P<body>.*?)(```\n<!-- /screen -->)", re.S
)


def screen(args: str) -> str:
    """What `hwdoctor ARGS` prints at 80 columns, without colour, from the checkout."""
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "HF_HUB_OFFLINE": "1"}
    env.pop("FORCE_COLOR", None)
    result = subprocess.run(
        [sys.executable, "-m", "hwdoctor", *shlex.split(args)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    return result.stdout


def regenerate(text: str, only: set[str] | None = None) -> str:
    def fill(match: re.Match[str]) -> str:
        args = match.group("args")
        if only is not None and args not in only:
            return match.group(0)
        return match.group(1) + screen(args) + match.group(4)

    return BLOCK.sub(fill, text)


FORMATS = re.compile(r"(<!-- formats: [^\n]*-->\n)(?P<body>.*?)(<!-- /formats -->)", re.S)


def formats(text: str) -> str:
    """A page with its list of paste formats written from the readers' registry."""
    from hwdoctor.gather.reports.readers import registry

    return FORMATS.sub(lambda match: match.group(1) + registry.readme() + match.group(3), text)


def blocks(text: str) -> dict[str, str]:
    return {match.group("args"): match.group("body") for match in BLOCK.finditer(text)}


if __name__ == "__main__":
    for page in pages():
        text = page.read_text(encoding="utf-8")
        new = formats(regenerate(text))
        if new != text:
            page.write_text(new, encoding="utf-8")
