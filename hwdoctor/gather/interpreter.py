"""Which interpreter to diagnose: `--python` as a path, a venv or conda directory, or a
command on PATH; else, when hwdoctor runs from a tool environment of its own (pipx, uv
tool, a venv without torch), the environment the user is in. Light on purpose: the command
line resolves it before anything else."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from hwdoctor.errors import UsageError
from hwdoctor.model.chosen import Chosen, ChosenBecause

# The file each tool installer writes in the root of the environment it makes for an app,
# read as what the environment is, whatever its path is named:
# - pipx: `pipx_metadata.json` (PIPX_INFO_FILENAME), written by PipxMetadata.write() into
#   Venv.root, the app's venv (pypa/pipx src/pipx/pipx_metadata_file.py and src/pipx/venv.py,
#   `self.pipx_metadata = PipxMetadata(venv_dir=path)`);
# - uv: `uv-receipt.toml`, written by InstalledTools.add_tool_receipt() into tool_dir(name),
#   the directory create_environment() makes the tool's venv in (astral-sh/uv
#   crates/uv-tool/src/lib.rs at fbbe0d92).
# tests/test_tool_install.py installs the wheel with both and checks the files are there.
TOOL_RECEIPTS: Final = (("pipx_metadata.json", "pipx"), ("uv-receipt.toml", "uv tool"))
# hwdoctor's own venv holds no torch: it was made to run hwdoctor, not to train in.
VENV_WITHOUT_TORCH: Final = "venv"


def tool_installer(prefix: str | os.PathLike[str]) -> str | None:
    """The installer ("pipx", "uv tool") whose environment for one app `prefix` is, read
    from the receipt it writes there; None for any other environment."""
    if not str(prefix):
        return None
    try:
        return next((tool for name, tool in TOOL_RECEIPTS if (Path(prefix) / name).is_file()),
                    None)  # fmt: skip
    except (OSError, ValueError):  # a path too long, a NUL byte: no receipt
        return None


def choose_python(value: str | None, env: Mapping[str, str] | None = None) -> Chosen:
    """The interpreter to probe, and why: `--python` when given; hwdoctor's own unless it
    runs from a tool environment of its own; from one, the active venv (VIRTUAL_ENV), else
    the active conda environment (CONDA_PREFIX), else the first python3 or python on PATH
    that is not its own, else its own after all."""
    env = os.environ if env is None else env
    home = env.get("HOME", "")
    if value is not None:
        return Chosen(resolve_python(value), ChosenBecause.PYTHON_OPTION, value, home=home)
    own = sys.executable
    tool = _own_tool()
    if tool is None:
        # An active venv that is not this one is named, not taken: hwdoctor diagnoses the
        # environment it was installed in with torch, and --python the other one.
        active = env.get("VIRTUAL_ENV", "").strip()
        other = active if active and not _same_directory(active, sys.prefix) else ""
        return Chosen(own, ChosenBecause.OWN, passed_over=other, home=home)
    for variable, because in (("VIRTUAL_ENV", ChosenBecause.VIRTUAL_ENV),
                              ("CONDA_PREFIX", ChosenBecause.CONDA_PREFIX)):  # fmt: skip
        directory = env.get(variable, "").strip()
        if not directory:
            continue
        if _same_directory(directory, sys.prefix):  # the user is in hwdoctor's own
            return Chosen(own, because, directory, tool, home=home)
        found = _python_in(directory)
        if found is not None:
            return Chosen(found, because, directory, tool, home=home)
    for name, found in _on_path(env.get("PATH", os.defpath)):
        return Chosen(found, ChosenBecause.PATH, name, tool, home=home)
    return Chosen(own, ChosenBecause.OWN, None, tool, home=home)


def _own_tool() -> str | None:
    """Whether hwdoctor runs from a tool environment of its own: pipx's or uv's (their
    receipt), or a venv that holds hwdoctor without torch; None: it runs where people
    train, and diagnoses that."""
    tool = tool_installer(sys.prefix)
    if tool is not None:
        return tool
    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    # find_spec locates torch without importing it (hwdoctor never imports torch).
    if in_venv and importlib.util.find_spec("torch") is None:
        return VENV_WITHOUT_TORCH
    return None


_EXECUTABLES: Final = ("bin/python", "Scripts/python.exe", "bin/python3")


def _python_in(directory: str) -> str | None:
    """The interpreter of a venv or conda environment directory, if it has one."""
    try:
        root = Path(os.path.abspath(Path(directory).expanduser()))
        for relative in _EXECUTABLES:
            candidate = root / relative
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    except (OSError, ValueError, RuntimeError):
        return None
    return None


def _same_directory(first: str, second: str) -> bool:
    try:
        return os.path.realpath(first) == os.path.realpath(second)
    except (OSError, ValueError):
        return False


def _on_path(path: str) -> list[tuple[str, str]]:
    """The python3 and python commands on PATH, in PATH's order, outside hwdoctor's own
    environment (its scripts directory is on PATH only where someone put it there)."""
    own_bin = os.path.dirname(sys.executable)
    found: list[tuple[str, str]] = []
    for directory in path.split(os.pathsep):
        if not directory or _same_directory(directory, own_bin):
            continue
        for name in ("python3", "python"):
            try:
                located = shutil.which(name, path=directory)
            except (OSError, ValueError):
                located = None
            if located:
                found.append((name, located))
                break
        if found:
            break
    return found


def resolve_python(value: str | None) -> str:
    """The interpreter to probe: a path, a venv or conda directory, or a command on PATH."""
    if value is None:
        return sys.executable
    if not value.strip():
        raise UsageError("--python is empty", hint="pass the path of a Python interpreter")
    try:
        return _resolve_python(value)
    except (OSError, ValueError, RuntimeError) as exc:
        # A name longer than the file system allows, a NUL byte, ~user without such a user.
        shown = value if len(value) <= 60 else value[:60] + "…"
        raise UsageError(
            f"--python {shown!r}: not a usable path ({type(exc).__name__}: {exc})",
            hint="pass the path of a Python interpreter or of a venv directory",
        ) from None


def _resolve_python(value: str) -> str:
    # Absolute: a bare relative name would be looked up on PATH when it is started.
    candidate = Path(os.path.abspath(Path(value).expanduser()))
    if candidate.is_dir():
        for relative in _EXECUTABLES:
            if (candidate / relative).is_file():
                if not os.access(candidate / relative, os.X_OK):
                    raise UsageError(f"--python {value}: {relative} is not executable")
                return str(candidate / relative)
        raise UsageError(
            f"--python {value}: a directory without bin/python",
            hint="pass a venv or conda environment directory, or a python executable",
        )
    if candidate.is_file():
        if not os.access(candidate, os.X_OK):
            raise UsageError(f"--python {value}: not executable")
        return str(candidate)
    if os.sep not in value and (found := shutil.which(value)):
        return found
    raise UsageError(
        f"--python {value}: no such file",
        hint="pass the path of a Python interpreter or of a venv directory",
    )
