"""The readers' regular expressions cost time linear in a line, whatever the line (issues 27, 38).

A paste is anyone's text: a pattern that backtracks over a long run of spaces or of `=`, or
that scans to the line's end from each repetition of its start, turns 64 KB into minutes.
`tests/regexcost.py` reads each pattern's parse tree for the kinds of ambiguity found (two
quantifiers sharing a run with nothing between; a quantified group whose passes can split a
run; an unanchored pattern tried from inside a run; a fixed start repeated along a line that
a later quantifier scans over); here every pattern of every module under
hwdoctor/gather/reports/readers/ (found by walking the package, so a new reader cannot be
left out) and of the code around them must have none, and the analysis must find each kind
in the patterns that had it. How long each takes on 64 KB lines built from the same analysis
is a row of `make bench` (`benchmarks/regex_lines.py`): timings belong there, not in tests.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hwdoctor.diagnosis.checks as checks
import hwdoctor.diagnosis.requirements as requirements
import hwdoctor.gather.reports as reports
import hwdoctor.gather.reports.assemble as assemble
import hwdoctor.gather.reports.cleaning as cleaning
import hwdoctor.gather.reports.readers as readers
import hwdoctor.gather.reports.reading as reading
import hwdoctor.gather.reports.tracker as tracker
import hwdoctor.model.pasted as pasted_model
import hwdoctor.redact as redact
import hwdoctor.text as text
from hwdoctor.compat import cpus, gpu_required, gpus, pci_db, transformers_modules
from hwdoctor.gather.reports.readers import amd, messages, prose, registry, run_errors
from hwdoctor.lazy_re import LazyPattern
from tests.regexcost import ambiguities, attacks, parser, patterns_of

# Every module under readers/, registered or a helper of registered ones; and what reads
# other text from outside: a requirement expression (a CI file, a marker, a Prolog's
# configuration), a node path from an evidence file.
READER_MODULES = tuple(
    importlib.import_module(f"{readers.__name__}.{info.name}")
    for info in pkgutil.iter_modules(readers.__path__)
)
READERS = patterns_of(
    reports,
    cleaning,
    reading,
    assemble,
    redact,
    text,
    requirements,
    *checks.AREAS,
    pasted_model,
    gpu_required,  # issue 38 (s13-gpuonly): tried on every line no message of its own reads
    cpus,  # issue 38 (s16-avx): its family patterns are tried on every line naming a CPU word
    # issue 38 (s16-mend-amd): what reads a name or a line a paste gives it: an AMD GPU's name
    # (gpus.amd_targets, pci_db.split through its lspci form) and a model's module names
    gpus,
    pci_db,
    transformers_modules,
    tracker,  # issue 38 (s17-tracker): `--repo`, read from an issue event's file
    *READER_MODULES,
)

# The patterns as they were when the red team found them, and textbook cases of each kind.
FOUND = {
    "_BULLET": (r"^\s*(?:[-*]\s+)?(.+?)\s*:\s*(.*?)\s*$", "adjacent"),
    "_SMIQ_START": (r"=+\s*NVSMI LOG\s*=+", "searched"),
    "_MODULE_FILE": (r"([A-Za-z_]\w*)(?:\.cpython[\w-]*|\.abi3)?\.(?:so|pyd)\b", "searched"),
    "_CE_LINE": (r"^\s*(OS|Python version)\s*[:：]\s*(.*?)\s*$", "adjacent"),
    "nested": (r"^(a+)+$", "nested"),
    "nested words": (r"^(?:\w+\s?)+$", "nested"),
    "search from a run": (r"\s*\((?:TM|R)\)", "searched"),
    # issue 38: quadratic within a 2,000-character line of their start repeated
    "_YOLO_BANNER": (
        r"(?:Ultralytics|YOLOv\d)\b[^\n]*?(?:\bPython-[\d.]+\s+torch-|\storch )"
        r"(\d+\.\d+\.\d+(?:[^\d\s]\S*)?)"
        r"(?:\s+(?:CPU\b|CUDA:\d+ \(([^,()]{3,80}), \d+MiB\))|\s*$)",
        "repeated",
    ),
    "_NAME_TAIL": (r"(?:NVIDIA|GeForce|Tesla|Quadro|TITAN|Orin|Jetson)[\w ()-]*$", "repeated"),
    "_TOO_OLD": (
        r"Found GPU\s?(\d+) (\S.*?) which is of (?:cuda|compute) capability (?:\(CC\) )?"
        r"(\d+)\.(\d+)",
        "repeated",
    ),
    "_ROCBLAS": (
        r"rocBLAS error: .*?GPU arch\s*:\s*(gfx[0-9a-f]{3,4})|\bfor GPU arch : (gfx[0-9a-f]{3,4})",
        "repeated",
    ),
    "_TAGS": (r"</?(?:details|summary|br|p|pre|code|b|strong)\b[^>]*>", "repeated"),
    "_ROCMINFO_START": (r"ROCk module (?:version .* )?is loaded|HSA System Attributes", "repeated"),
    "_LSPCI": (
        r"(?:VGA compatible controller|3D controller|Display controller): "
        r"(Advanced Micro Devices, Inc\. \[AMD/ATI\]|NVIDIA Corporation) [^\[]*\[([^\]]+)\]",
        "repeated",
    ),
}


def test_the_readers_have_patterns() -> None:
    assert len(READERS) > 100
    assert "hwdoctor.gather.reports.readers.hf_env._BULLET" in READERS
    # issue 33: the reader of lines that look like an error, tried on every line of a paste
    assert "hwdoctor.gather.reports.cleaning._ERROR_LIKE" in READERS
    assert "hwdoctor.gather.reports.cleaning._ERROR_HEADING" in READERS


def test_every_registered_module_is_costed() -> None:
    """A registered reader's patterns are read here with no entry of its own: the package
    is walked, so each registered module is among those whose patterns are checked."""
    costed = {module.__name__.rsplit(".", 1)[-1] for module in READER_MODULES}
    registered = {row.module for row in (*registry.BLOCKS, *registry.LINES)}
    assert registered <= costed
    for name in registered:
        module = sys.modules[f"{readers.__name__}.{name}"]
        held = [n for n in READERS if n.startswith(f"{module.__name__}.")]
        assert held, f"readers/{name}.py holds no pattern the cost test reads"


@pytest.mark.parametrize("name", sorted(READERS))
def test_no_reader_pattern_is_ambiguous(name: str) -> None:
    found = ambiguities(READERS[name])
    assert not found, f"{name} ({READERS[name].pattern!r}): {found}"


@pytest.mark.parametrize(("pattern", "kind"), FOUND.values(), ids=FOUND.keys())
def test_the_analysis_finds_each_kind(pattern: str, kind: str) -> None:
    found = ambiguities(re.compile(pattern))
    assert any(line.startswith(kind) for line in found), found


@pytest.mark.parametrize(
    "pattern",
    [
        r"^\s*(?:[-*]\s+)?([^:\s][^:]*):\s*(.*)$",  # _BULLET now
        r"(?<!=)=+\s*NVSMI LOG\s*=+",
        r"(?<!\w)([A-Za-z_]\w*)(?:\.cpython[\w-]*|\.abi3)?\.(?:so|pyd)\b",
        r"^\d+(?:\.\d+)+",
        r"^gfx[0-9a-f]{3,4}(?:[;, ]+gfx[0-9a-f]{3,4})+",
        r"^\s*Key\s*:\s*(.*)$",  # a greedy rest of the line cannot fail
        # issue 38, as rewritten: a class that cannot run over the next start
        r"</?(?:details|summary|br|p|pre|code|b|strong)\b[^<>]*>",
        r"ROCk module (?:version \S+ )?is loaded|HSA System Attributes",
        r"Found GPU\s?(\d+) \S",
        r"(?:VGA compatible controller|3D controller|Display controller): "
        r"(Advanced Micro Devices, Inc\. \[AMD/ATI\]|NVIDIA Corporation) [^\[:]*\[([^\[\]]+)\]",
        r"(?:\bPython-[\d.]+\s+torch-|\storch )(\d+\.\d+\.\d+(?:[^\d\s]\S*)?)"
        r"(?:\s+(?:CPU\b|CUDA:\d+ \(([^,()]{3,80}), \d+MiB\))|\s*$)",
        r"(.*?)$",  # a lazy rest of the line reaches the end and cannot fail there
    ],
)
def test_linear_patterns_pass(pattern: str) -> None:
    assert ambiguities(re.compile(pattern)) == []


def test_the_attack_lines_reach_past_the_literal_start() -> None:
    """The bench's lines for `_CE_LINE` as it was: its key and colon, a letter, then a run
    of spaces the two quantifiers would split."""
    lines = list(attacks(re.compile(FOUND["_CE_LINE"][0]), size=64))
    assert any(line.startswith("OS:a  ") or line.startswith("OS:   ") for line in lines), lines
    assert all(len(line) == 65 and line.endswith("\x01") for line in lines)


def test_the_attack_lines_repeat_a_start_along_the_line() -> None:
    """The bench's lines for `_ROCBLAS` as it was: its start, again and again, to the end."""
    lines = list(attacks(re.compile(FOUND["_ROCBLAS"][0]), size=64))
    repeated = [line for line in lines if line.count("rocBLAS error: ") == 4]
    assert repeated and all(len(line) == 65 for line in repeated), lines


# --- a short line skips the patterns no shorter line can match ------------------------------

# Patterns tried on a piece a longer literal found first, or on a window around another
# pattern's match, never on the line alone: their own shortest match bounds nothing.
_ON_A_PIECE: dict[str, set[str]] = {
    "messages": {
        "_NAME_VENDOR",
        "_NOT_IN_NAME",
        "_TORCH_CXX",
        "_MODULE_FILE",
        "_RADEON_PREFIX",
        "_GFX_SEPARATORS",
        # issue 38: on the word before glibc's "cannot enable executable stack"
        "_LIBRARY_FILE",
        "_LIBRARY_PATH",
        # issue 38: on the words around require_version's and pip's fixed words
        "_REQUIREMENT",
        "_PACKAGE_NAME",
        "_PACKAGE_VERSION",
        "_LISTED_SERIES",
        "_NEWEST",  # issue 38: on the last version pip lists
    },
    "prose": {"_MACOS_NOT_HERE", "_MACOS_FLOOR_AFTER", "_MARKS"},
    "amd": {"_AMD_WORDS"},  # on the name a marketing-name line gave
}


def _tried(code: types.CodeType, module: types.ModuleType, seen: set[str]) -> set[str]:
    """The names of the patterns a function tries, and those of the functions of its module
    it calls (and of the code objects nested in it: comprehensions, lambdas)."""
    names: set[str] = set()
    for name in code.co_names:
        held = getattr(module, name, None)
        if isinstance(held, (re.Pattern, LazyPattern)):
            names.add(name)
        elif (
            isinstance(held, types.FunctionType)
            and held.__module__ == module.__name__
            and name not in seen
        ):
            seen.add(name)
            names |= _tried(held.__code__, module, seen)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _tried(constant, module, seen)
    return names


def _code(reader: Callable[..., Any]) -> types.CodeType:
    return getattr(reader, "__func__", reader).__code__  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("reader", "shortest"),
    [
        (messages.Messages._messages, messages.SHORTEST),
        (amd.said, amd.SHORTEST),
        (prose.Prose.read, prose.SHORTEST),
        (run_errors.RunErrors.read, run_errors.SHORTEST),  # issue 38 item 5 (s13-unread)
        *[(form.reader.starts, reading.SHORTEST_START) for form in reading.formats()],
    ],
    ids=lambda value: getattr(value, "__qualname__", str(value)),
)
def test_a_line_skipped_as_short_could_match_no_pattern(reader: Any, shortest: int) -> None:
    """A line shorter than the bound skips the reader's patterns (a 1 MiB paste of short or
    blank lines took 10 to 24 s): each pattern the reader tries, and each recogniser's, needs
    at least that many characters to match. Every registered reader's `starts` is held to
    the loop's bound."""
    module = sys.modules[reader.__module__]
    short = module.__name__.rsplit(".", 1)[-1]
    names = _tried(_code(reader), module, set()) - _ON_A_PIECE.get(short, set())
    tried = {name: getattr(module, name) for name in names}
    if reader is messages.Messages._messages:
        tried |= {f"recogniser {r.key.value}": r.pattern for r in messages.RECOGNISERS}
    assert tried or reader.__name__ == "starts"  # a `starts` may test a literal alone
    for name, pattern in tried.items():
        least = parser.parse(pattern.pattern, pattern.flags).getwidth()[0]
        assert least >= shortest, (name, least)


def test_the_kernel_log_reader_skips_only_lines_no_event_fits() -> None:
    """issue 41: the kernel-log reader tries the live scan's two patterns (gather/
    kernel_log.py, held here through the reader's module) on lines of its bound or longer."""
    from hwdoctor.gather.reports.readers import kernel_log

    widths = [
        parser.parse(p.pattern, p.flags).getwidth()[0] for p in (kernel_log.XID, kernel_log.SXID)
    ]
    assert kernel_log.KernelLog.shortest == kernel_log.SHORTEST == min(widths)
    assert f"{kernel_log.__name__}.XID" in READERS and f"{kernel_log.__name__}.SXID" in READERS


def test_reader_patterns_are_module_constants() -> None:
    """A pattern compiled or matched inline (`re.search(r"…", line)`) escapes the tests above
    and the bench: every reader keeps its patterns as module (or class) constants."""
    inline = []
    for module in READER_MODULES:
        path = Path(module.__file__ or "")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [
            node
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        ]
        inline += [
            f"{path.name}:{node.lineno}: re.{node.func.attr}(…)"
            for function in functions
            for node in ast.walk(function)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
        ]
    assert inline == []
