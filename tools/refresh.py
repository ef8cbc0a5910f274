"""Keep hwdoctor's knowledge up with the libraries' releases: `make refresh`.

For transformers and accelerate, each release on the package index that is newer than the
newest one the decision tables were read from (hwdoctor/rules/provenance.json):

1. a throwaway venv with that release, sharing the dev venv's torch (and the other library
   as the dev venv has it);
2. the fidelity matrix (the fake worlds of tests/test_fidelity.py): in each world the real
   library answers (`hwdoctor explain --verify --save-evidence`), and the tables, as written,
   predict that release from the saved evidence;
3. every world agrees: the release is recorded as read and verified (provenance.json, with
   the date, and tests/data/releases/), so the tables now cover it. Any world disagrees:
   nothing is widened; the disagreeing worlds are printed, with the source diff of the
   library functions the tables mirror, between the newest release read and this one.

For torch, the metadata of each newer release's default Linux wheel is read from the index
(PEP 658: pip's resolver report, without downloading the wheel): which CUDA it requires, and
whether the wheel table (hwdoctor/compat/wheels.py) has the release.

Only pip talks to the network, and only to the configured package index.

    python tools/refresh.py                       # everything newer, verified, widened
    python tools/refresh.py --dry-run             # the same, without writing
    python tools/refresh.py --library accelerate --release 1.16.0 --worlds "npu x2,mps + npu"
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import datetime
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's hwdoctor and tests, before any installed one

from hwdoctor import versions
from hwdoctor.compat import wheels
from hwdoctor.model.decisions import Standing
from hwdoctor.rules import provenance

LIBRARIES: Final = ("transformers", "accelerate")
RELEASES_DIR: Final = ROOT / "tests" / "data" / "releases"

# The library code each decision table mirrors (file in the wheel, qualified names): what a
# maintainer reads when a release changes a rule. A name a release lacks is shown as such.
MIRRORED: Final[dict[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "accelerate": (
        ("accelerate/state.py", ("PartialState.__init__", "PartialState.default_device",
                                 "PartialState._prepare_backend", "PartialState.set_device")),
        ("accelerate/utils/imports.py", (
            "get_torch_accelerator_backend", "get_distributed_backend", "is_cuda_available",
            "is_mps_available", "is_mlu_available", "is_sdaa_available", "is_musa_available",
            "is_npu_available", "is_hpu_available", "is_xpu_available",
            "is_neuron_available", "is_torch_xla_available")),
        ("accelerate/utils/constants.py", ("TORCH_DISTRIBUTED_BACKENDS",)),
        ("accelerate/utils/modeling.py", ("get_max_memory", "get_accelerator_free_memory")),
    ),
    "transformers": (
        ("transformers/training_args.py", ("TrainingArguments._setup_devices",
                                           "TrainingArguments.device", "TrainingArguments.n_gpu")),
        ("transformers/pipelines/base.py", ("Pipeline.__init__",)),
        ("transformers/utils/import_utils.py", (
            "is_torch_mps_available", "is_torch_xpu_available", "is_torch_mlu_available",
            "is_torch_musa_available", "is_torch_npu_available", "is_torch_hpu_available",
            "is_torch_neuron_available", "is_torch_tpu_available", "is_torch_xla_available")),
        ("transformers/modeling_utils.py", (
            "PreTrainedModel._check_and_adjust_attn_implementation",
            "PreTrainedModel.get_correct_attn_implementation", "PreTrainedModel._sdpa_can_dispatch",
            "_get_dtype")),
        ("transformers/integrations/accelerate.py", ("get_balanced_memory",
                                                     "_get_device_map")),
    ),
}  # fmt: skip


def log(message: str = "") -> None:
    print(message, flush=True)


def pip(*args: str, python: str = sys.executable) -> subprocess.CompletedProcess[str]:
    """pip of `python`, quiet about its own version. A site-wide constraints file caps what
    gets installed, not what the index is asked about: PIP_CONSTRAINT is emptied for that."""
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CONSTRAINT": os.devnull}
    return subprocess.run([python, "-m", "pip", *args], capture_output=True, text=True,
                          env=env, check=False)  # fmt: skip


def index_versions(name: str) -> list[str]:
    """Every release of `name` the index lists, newest first (`pip index versions`)."""
    done = pip("index", "versions", name)
    for line in done.stdout.splitlines():
        if line.startswith("Available versions:"):
            return [v.strip() for v in line.split(":", 1)[1].split(",") if v.strip()]
    raise SystemExit(f"refresh: the index lists no {name}: {last_line(done.stderr)}")


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if not line.startswith("WARNING")]
    return lines[-1] if lines else "(no output)"


def newer_releases(library: provenance.Library, listed: Iterable[str]) -> list[str]:
    """Final releases newer than every release the tables were read from, oldest first."""
    found = [
        v for v in listed
        if library.standing(v) is Standing.NEWER
        and (parsed := versions.parse(v)) is not None and not parsed.is_prerelease
    ]  # fmt: skip
    return sorted(found, key=lambda v: versions.parse(v) or 0)


# --- the fidelity matrix against one release ----------------------------------------------


@dataclass(frozen=True)
class WorldResult:
    name: str
    agree: bool
    mismatches: tuple[str, ...]  # "PartialState().device: predicted mps, returned npu"
    answers: dict[str, str]
    problem: str | None = None


def venv_for(library: str, release: str, home: Path) -> tuple[Path | None, str]:
    """A venv with `library==release` and the dev venv's other library and torch; None and
    pip's reason when the index cannot install it."""
    from importlib import metadata

    from tests import pairs

    other = next(name for name in LIBRARIES if name != library)
    pinned = (f"{library}=={release}", f"{other}=={metadata.version(other)}")
    pair = pairs.Pair(f"{library}-{release}", pinned, home)
    try:
        pairs.build(pair)
    except subprocess.CalledProcessError as error:
        return None, last_line(error.stderr or "") if error.stderr else str(error)
    return pair.python, ""


def run_world(name: str, python: Path, library: str, release: str, work: Path) -> WorldResult:
    """One world: the real libraries answer in it; the tables predict `release` from the
    evidence that run saved, as they will once the release is recorded as read (the caller
    holds `provenance.assumed` for the release)."""
    from hwdoctor.diagnosis import verification
    from tests.conftest import base_env
    from tests.fakeworld import World
    from tests.test_fidelity import SCENARIOS

    scenario = SCENARIOS[name]
    home = work / re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    world = World(home / "world").set_env(**scenario.env)
    scenario.build(world)
    saved = home / "evidence.json"
    args = [sys.executable, "-m", "hwdoctor", "explain", "--verify", "--json",
            "--save-evidence", str(saved), "--python", str(python),
            *(["--use-cpu"] if scenario.use_cpu else [])]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=False,
                          env=world.env(base_env()), timeout=900)  # fmt: skip
    if not saved.exists():
        return WorldResult(name, False, (), {}, f"explain exited {done.returncode}: "
                           f"{last_line(done.stderr)}")  # fmt: skip
    import hwdoctor

    report = hwdoctor.explain(from_file=str(saved), use_cpu=scenario.use_cpu)
    if report.verify is None or not report.verify.ran:
        return WorldResult(name, False, (), {}, "the real libraries did not answer")
    said = tuple(
        f"{item.name}: predicted {item.predicted}, returned {item.actual}"
        for item in verification.disagreements(report.verify)
    )
    answers = {item.name: item.actual or "" for item in report.verify.items}
    return WorldResult(name, not said and report.verify.problem is None, said, answers,
                       report.verify.problem)  # fmt: skip


def run_matrix(
    names: Sequence[str], python: Path, library: str, release: str, work: Path, jobs: int
) -> list[WorldResult]:
    # One assumption for the whole matrix: the worlds run side by side, and an assumption
    # entered and left per world would be left by one while another still predicts.
    with (
        provenance.assumed(library, release),
        concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool,
    ):
        futures = {pool.submit(run_world, n, python, library, release, work): n for n in names}
        results = []
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            mark = "agrees" if result.agree else "DISAGREES"
            log(f"  {result.name}: {mark}")
            results.append(result)
    return sorted(results, key=lambda r: list(names).index(r.name))


# --- the source the tables mirror ---------------------------------------------------------


def wheel_of(name: str, release: str, into: Path) -> Path | None:
    done = pip("download", "--no-deps", "--only-binary", ":all:", "--quiet", "--dest",
               str(into), f"{name}=={release}")  # fmt: skip
    found = sorted(into.glob(f"{name}-{release}-*.whl"))
    if not found:
        log(f"  could not download {name} {release}: {last_line(done.stderr)}")
    return found[0] if found else None


def definitions(source: str, wanted: Sequence[str]) -> dict[str, str]:
    """The source text of each qualified name (`Class.method`, a function, an assignment)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found: dict[str, str] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            for name in names:
                qualified = prefix + name
                if qualified in wanted:
                    start = min(
                        [node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))]
                    )
                    found[qualified] = "\n".join(lines[start - 1 : node.end_lineno])
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


def mirrored_source(library: str, wheel: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    with zipfile.ZipFile(wheel) as archive:
        present = set(archive.namelist())
        for path, names in MIRRORED[library]:
            if path not in present:
                continue
            found = definitions(archive.read(path).decode("utf-8"), names)
            out.update({f"{path}: {name}": text for name, text in found.items()})
    return out


def source_diff(library: str, old: str, new: str, work: Path) -> str:
    """The unified diff of the mirrored functions between two releases, read from their
    wheels (nothing is installed or imported)."""
    before, after = wheel_of(library, old, work), wheel_of(library, new, work)
    if before is None or after is None:
        return ""
    old_source, new_source = mirrored_source(library, before), mirrored_source(library, after)
    parts = [f"  {len(set(old_source) | set(new_source))} functions the tables mirror were read"]
    for key in sorted(set(old_source) | set(new_source)):
        a, b = old_source.get(key, ""), new_source.get(key, "")
        if a == b:
            continue
        diff = difflib.unified_diff(a.splitlines(), b.splitlines(), f"{library} {old}: {key}",
                                    f"{library} {new}: {key}", lineterm="")  # fmt: skip
        parts.append("\n".join(diff))
    if len(parts) == 1:
        parts.append("  none of them changed")
    return "\n".join(parts)


# --- widening -----------------------------------------------------------------------------


def widen(library: str, release: str, worlds: int, listed: Sequence[str], today: str) -> None:
    """Record `release` as read and verified: provenance.json, and the releases list the
    tests check every table against (every final release the index lists up to it)."""
    data = json.loads(provenance.DATA.read_text(encoding="utf-8"))
    entry = data["libraries"][library]
    previous = entry["newest"]
    entry["newest"] = release
    entry["verified"] = [v for v in entry["verified"] if v["release"] != release]
    entry["verified"].append({"release": release, "date": today, "worlds": worlds})
    provenance.DATA.write_text(_dump(data), encoding="utf-8")
    read = RELEASES_DIR / f"{library}.txt"
    known = read.read_text(encoding="utf-8").split()
    between = [
        v for v in listed
        if versions.satisfies(v, f">{previous},<={release}") and v not in known
    ]  # fmt: skip
    merged = sorted({*known, *between}, key=lambda v: versions.parse(v) or 0)
    read.write_text("\n".join(merged) + "\n", encoding="utf-8")
    provenance._read.cache_clear()


def _dump(data: dict[str, object]) -> str:
    """provenance.json as it is kept: one line per verified release."""
    text = json.dumps(data, indent=2, sort_keys=False) + "\n"
    return re.sub(
        r"\{\s+\"release\": (\"[^\"]+\"),\s+\"date\": (\"[^\"]+\"),\s+\"worlds\": (\d+)\s+\}",
        r'{"release": \1, "date": \2, "worlds": \3}',
        text,
    )


# --- torch --------------------------------------------------------------------------------

_CUDA_REQUIREMENT: Final = re.compile(
    r"^(?:cuda-toolkit(?:\[[^\]]*\])?|nvidia-cuda-runtime(?:-cu\d+)?)\s*==\s*(\d+)\.(\d+)"
)


def wheel_requirements(name: str, release: str) -> tuple[list[str] | None, str]:
    """The Requires-Dist of the index's manylinux x86_64 wheel of `name` `release` for this
    Python (PEP 658 metadata only: pip's resolver report, no download), and pip's last words;
    None where pip could not read it."""
    with tempfile.TemporaryDirectory() as work:
        report = Path(work) / "report.json"
        done = pip("install", "--dry-run", "--no-deps", "--ignore-installed", "--quiet",
                   "--only-binary", ":all:", "--platform", "manylinux_2_28_x86_64",
                   "--python-version", f"{sys.version_info[0]}.{sys.version_info[1]}",
                   "--target", str(Path(work) / "nowhere"), "--report", str(report),
                   "--no-cache-dir",
                   f"{name}==={release}")  # fmt: skip
        if not report.exists():
            return None, last_line(done.stderr)
        installed = json.loads(report.read_text(encoding="utf-8"))["install"]
    requires = installed[0]["metadata"].get("requires_dist") or [] if installed else []
    return list(requires), ""


def default_wheel_cuda(release: str) -> tuple[str | None, str]:
    """The CUDA of the index's default manylinux x86_64 wheel of torch `release` (from its
    Requires-Dist, PEP 658 metadata only); None for a CPU wheel, and what was read."""
    requires, said = wheel_requirements("torch", release)
    if requires is None:
        return None, f"not read: {said}"
    for line in requires:
        match = _CUDA_REQUIREMENT.match(line)
        if match:
            return f"{match[1]}.{match[2]}", line.split(";")[0].strip()
    return None, "no CUDA requirement"


def torch_releases(listed: Sequence[str]) -> list[str]:
    """The torch releases to read: the newest patch of each series the wheel table lacks,
    and of its four newest series (whose PyPI default is checked)."""
    recent = sorted(wheels.BY_SERIES, key=lambda s: versions.parse(s) or 0)[-4:]
    by_series: dict[str, str] = {}
    for v in listed:
        parsed = versions.parse(v)
        if parsed is None or parsed.is_prerelease or parsed.local:
            continue
        series = wheels.series_of(v)
        if series and (series in recent or series not in wheels.BY_SERIES):
            current = by_series.get(series)
            if current is None or (versions.parse(current) or parsed) < parsed:
                by_series[series] = v
    return sorted(by_series.values(), key=lambda v: versions.parse(v) or 0)


def check_torch() -> int:
    """Flag the torch releases the wheel table lacks, or whose PyPI default it does not know."""
    log("torch: asking the index")
    flagged = 0
    for release in torch_releases(index_versions("torch")):
        cuda, read = default_wheel_cuda(release)
        variant = f"cu{cuda.replace('.', '')}" if cuda else "cpu"
        known = wheels.release_of(release)
        if known is None:
            flagged += 1
            log(
                f"  torch {release}: NOT IN THE WHEEL TABLE; its default Linux wheel is the "
                f"{variant} build ({read}): add its variants and arch lists to "
                "hwdoctor/compat/wheels.py from PyTorch's RELEASE.md and build scripts"
            )
        elif known.pypi_default != variant:
            flagged += 1
            said = known.pypi_default or "unknown"
            log(
                f"  torch {release}: the wheel table says PyPI's default is {said}; the "
                f"index's wheel is {variant} ({read})"
            )
        else:
            log(f"  torch {release}: in the table, default {variant} ({read})")
    return flagged


# --- the whole run ------------------------------------------------------------------------


def refresh_library(
    name: str, releases: Sequence[str], listed: Sequence[str], worlds: Sequence[str],
    dry_run: bool, jobs: int, today: str, pythons: dict[str, Path],
) -> bool:  # fmt: skip
    """Verify each release in turn; True when every one was widened."""
    ok = True
    for release in releases:
        read = provenance.libraries()[name]
        log(f"{name} {release}: newer than the tables (read up to {read.newest})")
        with tempfile.TemporaryDirectory(prefix="hwdoctor-refresh-") as scratch:
            work = Path(scratch)
            given = pythons.get(release)
            python, problem = (given, "") if given else venv_for(name, release, work / "venvs")
            if python is None:
                ok = False
                log(f"  not installable from this index: {problem}")
                log("  not verified; the tables predict it with their newest rows. What "
                    "changed in the functions the tables mirror:")  # fmt: skip
                log(source_diff(name, read.newest, release, work) or "  (not read)")
                continue
            results = run_matrix(worlds, python, name, release, work, jobs)
            wrong = [r for r in results if not r.agree]
            if wrong:
                ok = False
                log(f"  {len(wrong)} of {len(results)} worlds disagree; the tables are not "
                    f"widened. The worlds:")  # fmt: skip
                for result in wrong:
                    log(f"    {result.name}: {result.problem or '; '.join(result.mismatches)}")
                log(f"  What changed in the functions the tables mirror ({read.newest} → "
                    f"{release}):")  # fmt: skip
                log(source_diff(name, read.newest, release, work) or "  (not read)")
                break  # a later release builds on this one: fix the tables first
            log(f"  all {len(results)} worlds agree")
            if dry_run:
                log(f"  would record {name} {release} as read and verified ({today})")
                continue
            widen(name, release, len(results), listed, today)
            log(f"  recorded {name} {release} as read and verified ({today}): "
                f"{provenance.DATA.relative_to(ROOT)}, tests/data/releases/{name}.txt")  # fmt: skip
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    from tests.test_fidelity import SCENARIOS

    parser = argparse.ArgumentParser(prog="make refresh", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--library",
        choices=LIBRARIES,
        action="append",
        help="only this library (repeatable); default: both",
    )
    parser.add_argument("--release", help="only this release (with one --library)")
    parser.add_argument("--worlds", help="only these fidelity worlds, comma-separated")
    parser.add_argument("--no-torch", action="store_true", help="skip the torch metadata")
    parser.add_argument("--dry-run", action="store_true", help="verify, but write nothing")
    parser.add_argument(
        "--list", action="store_true", help="only list the releases newer than the tables, and exit"
    )
    parser.add_argument(
        "--python",
        action="append",
        default=[],
        metavar="RELEASE=PATH",
        help="verify RELEASE with this interpreter instead of a new venv",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worlds run at once (default 2)")
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.worlds.split(",")] if args.worlds else list(SCENARIOS)
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"no such world: {', '.join(unknown)}")
    chosen = args.library or list(LIBRARIES)
    if args.release and len(chosen) != 1:
        parser.error("--release goes with exactly one --library")
    pythons = {}
    for given in args.python:
        release, _, path = given.partition("=")
        if not path or not Path(path).exists():
            parser.error(f"--python {given}: not RELEASE=PATH of an interpreter")
        pythons[release] = Path(path)
    today = datetime.date.today().isoformat()
    ok = True
    for name in chosen:
        listed = index_versions(name)
        library = provenance.libraries()[name]
        releases = [args.release] if args.release else newer_releases(library, listed)
        if args.list or not releases:
            found = ", ".join(releases) or "nothing"
            log(f"{name}: newer than the tables (read up to {library.newest}): {found}")
            continue
        ok &= refresh_library(name, releases, listed, names, args.dry_run, args.jobs, today,
                              pythons)  # fmt: skip
    if args.list:
        return 0
    if not args.no_torch:
        ok &= check_torch() == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
