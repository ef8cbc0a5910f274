"""What hwdoctor is: its version (here, a leaf every part may import; the package facade
re-exports it) and its repository, for what hwdoctor prints that asks someone else to
install and run it (the questions of a pasted report's reply; the install chooser,
diagnosis/remedies.py, writes that line).

A release is on PyPI: the release workflow publishes every version tag, and refuses a tag
other than `__version__`. A development version (`.devN`, the version between releases) is
in the repository only, so that is where the line installs it from. The repository is
named here and in pyproject.toml's `[project.urls]`; tests/test_install_forms.py keeps them
and every install line hwdoctor ships to the forms the README documents.
"""

from __future__ import annotations

from typing import Final

# The one place of the version: pyproject.toml reads it from here for the wheel, and the
# release workflow refuses a tag that differs from it.
__version__ = "0.1.0.dev0"
REPOSITORY: Final = "https://github.com/hwdoctor/hwdoctor"
