"""Every pattern of hwdoctor's paste readers on 64 KB lines built to make it backtrack.

Run by `benchmarks/run.py` with the interpreter of the venv under test, so the patterns
timed are the installed hwdoctor's. The lines come from `tests/regexcost.attacks` (the
checkout's tests/ is put last on sys.path, after the installed hwdoctor): for each place
before an unbounded quantifier, the text that reaches it, then 64 KB of one of its
characters, then one that makes the match fail. Each pattern is tried with `search`,
`match` and `finditer` on each line; the slowest line of each pattern is kept.

    python benchmarks/regex_lines.py [--json FILE]

Writes the slowest patterns (seconds on one line) to FILE and exits 1 when any line took
longer than LIMIT_S: a pattern that is linear takes milliseconds on 64 KB.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tests/, after the install

from tests.regexcost import attacks, patterns_of

LIMIT_S = 0.5
SIZE = 64 * 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path)
    options = parser.parse_args()
    import hwdoctor.diagnosis.fleet as fleet
    import hwdoctor.gather.reports as reports
    import hwdoctor.gather.reports.assemble as assemble
    import hwdoctor.gather.reports.parse as parse
    import hwdoctor.hosts as hosts
    import hwdoctor.redact as redact
    import hwdoctor.text as text

    slowest: dict[str, float] = {}
    lines = 0
    for name, pattern in patterns_of(reports, parse, assemble, redact, text, hosts, fleet).items():
        worst = 0.0
        for line in attacks(pattern, SIZE):
            started = time.perf_counter()
            pattern.search(line)
            pattern.match(line)
            for _ in pattern.finditer(line):
                pass
            worst = max(worst, time.perf_counter() - started)
            lines += 1
        slowest[name] = worst
    ranked = sorted(slowest.items(), key=lambda item: -item[1])
    summary = {"patterns": len(slowest), "lines": lines, "slowest": ranked[:3]}
    if options.json:
        options.json.write_text(json.dumps(summary), encoding="utf-8")
    return 1 if ranked and ranked[0][1] > LIMIT_S else 0


if __name__ == "__main__":
    sys.exit(main())
