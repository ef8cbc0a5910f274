"""Which interpreter to diagnose: `--python` as a path, a venv or conda directory, or a
command on PATH. Light on purpose: the command line resolves it before anything else."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from hwdoctor.errors import UsageError


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
        for relative in ("bin/python", "Scripts/python.exe", "bin/python3"):
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
