"""Where hwdoctor comes from: its repository, and the one line that installs it, for what
hwdoctor prints that asks someone else to run it (the questions of a pasted report's reply).

A release is on PyPI: the release workflow publishes every version tag, and refuses a tag
other than `__version__`. A development version (`.devN`, the version between releases) is
in the repository only, so that is where the line installs it from. The repository is
named here and in pyproject.toml's `[project.urls]`; tests/test_install_forms.py keeps them
and every install line hwdoctor ships to the forms the README documents.
"""

from __future__ import annotations

from typing import Final

from hwdoctor import __version__

REPOSITORY: Final = "https://github.com/hwdoctor/hwdoctor"


def install_line(version: str = __version__) -> str:
    """`python -m pip install ...` of hwdoctor `version`, as it can be installed today."""
    from packaging.version import Version

    if Version(version).is_devrelease:
        return f"python -m pip install git+{REPOSITORY}"
    return f"python -m pip install hwdoctor=={version}"
