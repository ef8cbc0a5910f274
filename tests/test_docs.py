"""The documentation site (mkdocs.yml, docs/*.md) and the short README that points into it.

`make docs-site` builds the site with `mkdocs build --strict` (`make test` runs it: a broken
link, a page left out of the navigation or an anchor that is not there fails it); these
tests hold what a build cannot see: the generated pages are current, every page is in the
navigation, the README stays short, and the checklists name tests that exist.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _generator() -> Any:
    sys.path.insert(0, str(DOCS))
    try:
        import cli_reference  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    return cli_reference


def test_the_cli_reference_is_generated_from_the_app() -> None:
    """docs/cli.md is docs/cli_reference.py's output (`make docs`); regenerate it when a
    command, argument or option changes."""
    shipped = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert shipped == _generator().reference(), "docs/cli.md is stale: make docs"
    for command in ("list", "detect", "explain", "load"):
        assert f"## `hwdoctor {command}`" in shipped
    for option in ("--require REQ", "--from FILE|DIR", "--paste FILE", "-d, --device DEV"):
        assert f"`{option}`" in shipped, option


def _nav_pages(nav: list[Any]) -> set[str]:
    pages: set[str] = set()
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            pages |= _nav_pages(value) if isinstance(value, list) else {value}
    return pages


def test_every_page_is_in_the_site_navigation() -> None:
    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert site["docs_dir"] == "docs"
    assert site["site_dir"] == "site"  # outside the package, and in .gitignore
    assert "site/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    pages = {path.name for path in DOCS.glob("*.md")}
    assert _nav_pages(site["nav"]) == pages


def test_the_readme_is_short_and_points_into_the_docs() -> None:
    """Issue 40: a README of at most 300 lines; the rest lives on the site's pages."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    linked = set(re.findall(r"\]\(docs/([a-z-]+\.md)", readme))
    assert linked == {path.name for path in DOCS.glob("*.md")}
    # the four commands, one screen each at most, and the test command .ci/run runs
    for command in ("list", "detect", "explain", "load"):
        assert f"### `hwdoctor {command}`" in readme
    assert "make test   # the full gate" in readme


def test_the_checklists_name_tests_that_exist() -> None:
    """Each step of docs/extending.md names the test that holds it; a renamed or deleted
    test must not leave a step that nothing holds."""
    defined = {
        node.name
        for path in (ROOT / "tests").glob("test_*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }
    named = set(re.findall(r"`(test_\w+)`", (DOCS / "extending.md").read_text(encoding="utf-8")))
    assert len(named) >= 15
    assert named - defined == set()
