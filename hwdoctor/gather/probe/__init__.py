"""The probe layer: what the target interpreter sees, gathered in isolated subprocesses.

- `runner`: spawn a payload, follow its steps on a channel of its own, enforce deadlines;
- `job`: what the detect payload is asked to do (light, so the CLI can start it first);
- `collector`: run the detect payload, re-running around culprits, and read its facts;
- `payload_*.py`: the stdlib-only scripts that run inside the target interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence

from hwdoctor.gather.probe.job import probe_job
from hwdoctor.gather.probe.runner import Started


def start(python: str, extra_dists: Sequence[str] = ()) -> Started:
    """Start the first detect probe now; `collector.collect(..., started=...)` follows it."""
    job = probe_job(extra_dists=extra_dists)
    return Started(python, "detect", {**job, "skip": [], "load_entry_points": False})
