"""The ROCm release installed on the host, read from /opt/rocm/.info/version, without torch.

rocm-core, the package every ROCm library depends on, installs that file with the release
as `MAJOR.MINOR.PATCH` (and `.POINT` where the release has one) on its first line
(ROCm/rocm-core@052cc955 CMakeLists.txt: `file(WRITE … "${VERSION_MAJOR}.${VERSION_MINOR}.
${VERSION_PATCH}\\n")`, installed to `.info`); AMD's answer to "how to check the installed
ROCm version" is `cat /opt/rocm/.info/version`, "OS-agnostic"
(https://github.com/ROCm/legacy-rocm-build/issues/419). Older packages appended a build
number (`4.5.2.100-40502`), which is dropped here. A TheRock-based ROCm may not ship the
file (a 2026 comment on the same issue, for ROCm 7.14 in Docker): then the version is
unknown, never guessed. Garbage, a directory or a FIFO where the file should be: unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

VERSION_FILE: Final = Path("opt/rocm/.info/version")
_LIMIT: Final = 256  # one short line
_VERSION: Final = re.compile(r"\A\s*(\d{1,3})\.(\d{1,3})(?:\.(\d{1,5}))?(?=[.\-\s]|\Z)")


def parse_version(text: str) -> str | None:
    """ "6.3.1\\n" → "6.3.1"; "4.5.2.100-40502" → "4.5.2"; anything else → None."""
    match = _VERSION.match(text)
    if match is None:
        return None
    return ".".join(str(int(part)) for part in match.groups() if part is not None)


def installed_version(root: Path, *, read_text: Callable[[Path, int], str | None]) -> str | None:
    """The ROCm release at `root`/opt/rocm, or None when there is none that can be read.
    `read_text` is the host scan's bounded reader, safe against FIFOs and devices."""
    text = read_text(root / VERSION_FILE, _LIMIT)
    return parse_version(text) if text else None
