"""What a fleet report holds in memory for many large, distinct evidence files.

Builds FILES evidence files of about MIB MiB each from a real one (tests/data/fleet/vm-0.json,
written by `hwdoctor detect --save-evidence` under slurmd), each a configuration of its own,
then runs `detect --from DIR`'s reading and diagnosis (`hwdoctor.gather.fleet.read`,
`hwdoctor.diagnosis.fleet.report`) in a fresh interpreter and reports its memory: the
resident set after the imports and after reading, its peak (VmHWM), and what tracemalloc
counts: the peak of Python's allocations while reading, and what the read fleet holds.

Two ways a file can be large:
- `unknown`: a field no reader knows (a newer hwdoctor's, or padding), which the evidence
  record leaves out; what stays per file is what the reader keeps of the document itself.
- `kept`: environment variables the record keeps (the boundary clips each value at 16 KiB
  and keeps 1,024 of them), so the record itself is large; what bounds it is the total
  the reader reads (`hwdoctor.gather.fleet.MAX_FLEET_BYTES`).

    python benchmarks/fleet_memory.py [--files 50] [--mib 15] [--kind unknown|kept]
                                      [--python PYTHON] [--json FILE]

PYTHON (default: this interpreter) is the one whose hwdoctor is measured; the checkout's
tests/ is only used to find the real file. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "fleet" / "vm-0.json"
MIB = 1 << 20
VARIABLE_BYTES = 15 * 1024  # under the boundary's 16 KiB clip: kept whole

MEASURE = r"""
import json, sys

def status(name):
    for line in open("/proc/self/status"):
        if line.startswith(name + ":"):
            return int(line.split()[1]) / 1024
    return 0.0

import tracemalloc
from hwdoctor.gather import fleet
from hwdoctor.diagnosis import fleet as fleet_diagnosis
imported = status("VmRSS")
tracemalloc.start()
read = fleet.read(sys.argv[1])
held, peak = tracemalloc.get_traced_memory()
after_read = status("VmRSS")
report = fleet_diagnosis.report(read)
MB = 1 << 20
print(json.dumps({
    "imported_mb": imported, "after_read_mb": after_read, "after_report_mb": status("VmRSS"),
    "peak_mb": status("VmHWM"), "traced_held_mb": held / MB, "traced_peak_mb": peak / MB,
    "nodes": len(report.nodes),
    "configurations": len(report.groups), "exit_code": report.exit_code,
    "codes": sorted({f.code for f in report.findings}),
}))
"""


def write_fleet(directory: Path, files: int, mib: int, kind: str) -> int:
    """`files` evidence files of about `mib` MiB each, every one a configuration of its
    own; returns the bytes written."""
    base: dict[str, Any] = json.loads(REAL.read_text(encoding="utf-8"))
    total = 0
    for number in range(files):
        document = copy.deepcopy(base)
        document["host"]["hostname"] = f"node{number:03d}"
        mark = f"{number:06d}"
        if kind == "unknown":
            document["padding"] = mark + "x" * (mib * MIB - len(mark))
        else:
            count = mib * MIB // VARIABLE_BYTES
            document["env"].update(
                {f"BIG_{i:04d}": mark + "y" * (VARIABLE_BYTES - len(mark)) for i in range(count)}
            )
        text = json.dumps(document)
        (directory / f"node{number:03d}.json").write_text(text, encoding="utf-8")
        total += len(text)
    return total


def measure(python: str, files: int, mib: int, kind: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="hwdoctor-fleet-memory-") as scratch:
        directory = Path(scratch) / "evidence"
        directory.mkdir()
        written = write_fleet(directory, files, mib, kind)
        completed = subprocess.run(
            [python, "-c", MEASURE, str(directory)],
            capture_output=True,
            text=True,
            check=False,
            cwd=scratch,
        )
    if completed.returncode != 0:
        raise SystemExit(f"the measurement failed:\n{completed.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(completed.stdout)
    retained = result["traced_held_mb"]  # what the read fleet holds (tracemalloc)
    result.update(
        kind=kind,
        files=files,
        file_mib=mib,
        written_mb=written / MIB,
        retained_mb=retained,
        retained_mb_per_file=retained / files,
    )
    return result


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--mib", type=int, default=15)
    parser.add_argument("--kind", choices=("unknown", "kept"), default="unknown")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", type=Path)
    options = parser.parse_args()
    result = measure(options.python, options.files, options.mib, options.kind)
    text = json.dumps(result, sort_keys=True)
    if options.json:
        options.json.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
