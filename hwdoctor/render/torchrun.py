"""`detect --nproc N`: what torchrun's ranks wrote, relayed to this terminal.

Rank 0's report is the output. torchrun's own logging, and the traceback it prints when a
rank exits 1 (which rank 0 does when it found a problem), are shown only when no report came
out; hwdoctor's own stderr lines (`hwdoctor:` hints, `::` workflow commands) always are.
"""

from __future__ import annotations

from typing import TextIO

from hwdoctor.model.runs import Torchrun


def relay(ran: Torchrun, out: TextIO, err: TextIO) -> None:
    out.write(ran.report)
    out.flush()
    if ran.reported:
        shown = [
            line
            for line in ran.log.splitlines(keepends=True)
            if line.startswith(("hwdoctor:", "::"))
        ]
        err.write("".join(shown))
    else:
        err.write(ran.log)
    err.flush()
