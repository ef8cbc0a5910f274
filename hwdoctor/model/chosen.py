"""Which interpreter a live run diagnoses, and why: the one report record the command line
needs before the probe starts (gather/interpreter.py), kept apart from model/reports.py,
whose import (every report's dataclasses) would otherwise delay the probe's `import torch`.
model/reports.py re-exports both names."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Final

from hwdoctor.model.serial import Json, Record

NOT_JSON: Final = Json(skip=True)


class ChosenBecause(str, Enum):
    """Why the diagnosed interpreter is the one diagnosed (JSON: python.chosen_because)."""

    PYTHON_OPTION = "python_option"  # --python
    OWN = "own"  # the interpreter hwdoctor runs in
    VIRTUAL_ENV = "virtual_env"  # the active venv ($VIRTUAL_ENV), hwdoctor running from a tool's
    CONDA_PREFIX = "conda_prefix"  # the active conda environment ($CONDA_PREFIX), likewise
    PATH = "path"  # the first python3 or python on PATH, likewise


@dataclass(frozen=True, slots=True)
class Chosen(Record):
    """The interpreter a live run diagnoses, and why that one (gather/interpreter.py)."""

    executable: Annotated[str, NOT_JSON]
    because: Annotated[ChosenBecause, Json("chosen_because")]
    # What it was chosen by: the --python value, the venv's or conda environment's
    # directory, the command's name on PATH; "" for hwdoctor's own.
    source: Annotated[str | None, Json("chosen_from")] = None
    # hwdoctor runs from a tool environment of its own: "pipx", "uv tool" or "venv" (one
    # without torch); None: from where the user trains.
    tool: Annotated[str | None, Json("hwdoctor_env")] = None
    passed_over: Annotated[str, NOT_JSON] = ""  # an active venv hwdoctor did not diagnose
    home: Annotated[str, NOT_JSON] = ""  # $HOME, written as ~ in sentences

    def said(self, version: str) -> str:
        """The report's first line: which interpreter, and why this one."""
        shown = self._short(self.executable)
        python = f" (Python {version})" if version and version != "unknown" else ""
        source = self._short(self.source or "")
        why = {
            ChosenBecause.PYTHON_OPTION: "given with --python",
            ChosenBecause.VIRTUAL_ENV: f"the active venv {source}",
            ChosenBecause.CONDA_PREFIX: f"the active conda environment {source}",
            ChosenBecause.PATH: f"the first {source} on PATH; no venv or conda environment is "
            "active",
        }.get(self.because)
        if why is None and self.tool in ("pipx", "uv tool"):
            why = (f"hwdoctor's own {self.tool} environment: no venv or conda environment is "
                   "active and no other Python is on PATH")  # fmt: skip
        elif why is None and self.tool:
            why = ("hwdoctor's own venv: no other venv or conda environment is active and no "
                   "other Python is on PATH")  # fmt: skip
        elif why is None:
            why = "the Python hwdoctor runs in"
            if self.passed_over:
                other = self._short(self.passed_over)
                why += f", not the active venv {other} (--python {other} diagnoses that one)"
        return f"Diagnosing {shown}{python}: {why}."

    def _short(self, path: str) -> str:
        """`path` with the home directory written as ~."""
        home = self.home.rstrip("/\\")
        if home and (path == home or path.startswith((home + "/", home + "\\"))):
            return "~" + path[len(home) :]
        return path
