"""Every pattern of hwdoctor's paste readers on 64 KB lines built to make it backtrack, and
every reader on a MiB of 2,000-character such lines, each against benign text.

Run by `benchmarks/run.py` with the interpreter of the venv under test, so the patterns
timed are the installed hwdoctor's. The lines come from `tests/regexcost.attacks` (the
checkout's tests/ is put last on sys.path, after the installed hwdoctor): for each place
before an unbounded quantifier, the text that reaches it, then 64 KB of one of its
characters, then one that makes the match fail; and each fixed start repeated along the
line. The modules are every one under hwdoctor/gather/reports/readers/ (the package is
walked: a new reader is timed with no entry of its own), and the code around them.

    python benchmarks/regex_lines.py [--json FILE]            # the patterns
    python benchmarks/regex_lines.py --pastes [--json FILE]   # the readers, through read()

Patterns: each is tried with `search`, `match` and `finditer` on each line; the slowest line
of each pattern is kept, and per module the slowest at 64 KB, at 32 KB (a linear pattern
takes about twice as long on twice the line; a quadratic one four times), and the module's
patterns on a benign 64 KB line. Exits 1 when any line took longer than LIMIT_S.

Pastes: per module, a MiB of its patterns' lines cut to 2,000 characters (the longest line a
reader sees) read by `hwdoctor.gather.reports.read`, against a MiB of a real report's lines;
the ratio is what issue 38 measured (about 15 s against 1.5 s for the five patterns it named).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import itertools
import json
import pkgutil
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Final

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tests/, after the install

from tests.regexcost import attacks, patterns_of  # noqa: E402

LIMIT_S = 0.5
SIZE = 64 * 1024
LINE = 2000  # MAX_LINE_CHARS: no reader sees a longer line
MIB = 1024 * 1024
# A real report (vllm#3482's collect_env), for benign text.
BENIGN = ROOT / "tests/data/reports/collect_env/vllm3482-torch2.1.2-cu121-l4-driver535.txt"


def modules() -> list[ModuleType]:
    import hwdoctor.diagnosis.checks as checks
    import hwdoctor.diagnosis.fleet as fleet
    import hwdoctor.diagnosis.requirements as requirements
    import hwdoctor.gather.reports as reports
    import hwdoctor.gather.reports.assemble as assemble
    import hwdoctor.gather.reports.cleaning as cleaning
    import hwdoctor.gather.reports.readers as readers
    import hwdoctor.gather.reports.reading as reading
    import hwdoctor.hosts as hosts
    import hwdoctor.redact as redact
    import hwdoctor.text as text
    from hwdoctor.compat import cpus, gpu_required, gpus, pci_db, transformers_modules

    found = [
        importlib.import_module(f"{readers.__name__}.{info.name}")
        for info in pkgutil.iter_modules(readers.__path__)
    ]
    # and what reads other text from outside: host names and fleet files, requirement
    # expressions, device paths from an evidence file; and the tables whose patterns a reader
    # tries on every line (the GPU-only libraries' words, s13; the CPU families, s16-avx), as
    # tests/test_regex_cost.py lists them; and what reads a name a paste gives it (an AMD GPU's,
    # through pci_db's lspci form; a model's modules, s16-mend-amd)
    others = [reports, cleaning, reading, assemble, redact, text, hosts, fleet, requirements]
    others += [gpu_required, cpus, gpus, pci_db, transformers_modules]
    return [*found, *others, *checks.AREAS]


def _timed(pattern: Any, line: str) -> float:
    started = time.perf_counter()
    pattern.search(line)
    pattern.match(line)
    for _ in pattern.finditer(line):
        pass
    return time.perf_counter() - started


def _benign(size: int) -> str:
    words = " ".join(BENIGN.read_text(encoding="utf-8").split())
    return (words * (size // len(words) + 1))[:size]


def patterns() -> dict[str, Any]:
    slowest: dict[str, float] = {}
    per_module: dict[str, dict[str, Any]] = {}
    lines = 0
    benign = _benign(SIZE)
    for module in modules():
        short = module.__name__.removeprefix("hwdoctor.")
        held = patterns_of(module)
        row: dict[str, Any] = {"patterns": len(held), "worst_s": 0.0, "pattern": ""}
        row.update(half_s=0.0, benign_s=0.0)
        for name, pattern in held.items():
            worst, shape = 0.0, 0
            for index, line in enumerate(attacks(pattern, SIZE)):
                seconds = _timed(pattern, line)
                if seconds > worst:
                    worst, shape = seconds, index
                lines += 1
            slowest[name] = worst
            row["benign_s"] += _timed(pattern, benign)
            if worst > row["worst_s"]:
                half = next(itertools.islice(attacks(pattern, SIZE // 2), shape, None), "")
                half_s = _timed(pattern, half) if half else 0.0
                row.update(worst_s=worst, pattern=name.rsplit(".", 1)[-1], half_s=half_s)
        if held:
            row["doubling"] = row["worst_s"] / row["half_s"] if row["half_s"] else None
            row["ratio"] = row["worst_s"] / row["benign_s"] if row["benign_s"] else None
            per_module[short] = row
    ranked = sorted(slowest.items(), key=lambda item: -item[1])
    return {"patterns": len(slowest), "lines": lines, "slowest": ranked[:3], "modules": per_module}


# Lines that make a reader's own code, not one pattern, walk a line many times (the final read
# of the fifteenth sitting: asked.py rescanned the line from its start for each question mark).
CODE_SHAPES: Final = {
    "gather.reports.readers.asked": ("a ? " * 500, "vllm runs. does it run on it? " * 70),
}


def pastes() -> dict[str, Any]:
    from hwdoctor.errors import UsageError
    from hwdoctor.gather import reports

    def read(data: bytes) -> float:
        started = time.perf_counter()
        with contextlib.suppress(UsageError):  # no report in it: read to the end all the same
            reports.read(data)
        return time.perf_counter() - started

    report = BENIGN.read_bytes()
    benign = read((report * (MIB // len(report) + 1))[:MIB].rsplit(b"\n", 1)[0] + b"\n")
    rows: dict[str, Any] = {}
    for module in modules():
        made = [
            line[:LINE].encode("utf-8", "replace") + b"\n"
            for pattern in patterns_of(module).values()
            for line in attacks(pattern, LINE)
        ]
        short = module.__name__.removeprefix("hwdoctor.")
        made += [line[:LINE].encode("utf-8") + b"\n" for line in CODE_SHAPES.get(short, ())]
        if not made:
            continue
        chunk = b"".join(made)
        data = (chunk * (MIB // len(chunk) + 1))[:MIB].rsplit(b"\n", 1)[0] + b"\n"
        seconds = read(data)
        rows[short] = {
            "adversarial_s": seconds,
            "benign_s": benign,
            "ratio": seconds / benign,
        }
    worst = max(rows.items(), key=lambda item: item[1]["ratio"])
    return {"benign_s": benign, "modules": rows, "worst": worst}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--pastes", action="store_true")
    options = parser.parse_args()
    summary = pastes() if options.pastes else patterns()
    if options.json:
        options.json.write_text(json.dumps(summary), encoding="utf-8")
    else:
        print(json.dumps(summary, indent=1))
    if options.pastes:
        return 0
    return 1 if summary["slowest"] and summary["slowest"][0][1] > LIMIT_S else 0


if __name__ == "__main__":
    sys.exit(main())
