"""Which device each library picks here, and why: decision tables and their evaluation.

`engine` is the evaluator, `tables` the libraries' decision orders as data, `predict` their
evaluation against the facts (`training()`, `accelerate_state()`, `inference()`, ...), whose
public names are this package's too (its `__all__` for the type checker). They are bound on
first use, so that a module that needs only the evaluator's helpers (a paste's diagnosis
reads `strtobool`) does not build the tables: a command imports what it uses (DESIGN.md,
lazy by construction).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hwdoctor.rules.predict import *  # noqa: F403
else:
    _ABSENT = object()

    def __getattr__(name: str) -> Any:
        # by its full name: `from hwdoctor.rules import predict` would ask this function
        predict = importlib.import_module(f"{__name__}.predict")
        value = getattr(predict, name, _ABSENT) if not name.startswith("_") else _ABSENT
        if value is _ABSENT:  # a submodule (`from hwdoctor.rules import model`), or no name
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value  # looked up once
        return value
