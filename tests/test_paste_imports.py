"""The paste path imports only what it uses: reading someone else's report (`detect --from`,
`explain --from`, `hwdoctor.diagnose`) loads no module of the live commands: no probe, no
host scan, no evidence diagnosis, no fleet reader (DESIGN.md, lazy by construction; the
bench's `--from` rows hold it to a quarter of a live `detect`). A fact about `sys.modules`
after the command ran in a fresh interpreter, never a timing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT, base_env

ISSUE_BODY = "tests/data/reports/issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md"
COLLECT_ENV = "tests/data/reports/collect_env/vllm3482-torch2.1.2-cu121-l4-driver535.txt"

# What only a live command (or an evidence file, or a fleet) uses; a module under one of
# these names counts too.
LIVE_ONLY = (
    "hwdoctor.diagnosis.machine",  # one machine's evidence → detect/explain reports
    "hwdoctor.diagnosis.verification",
    "hwdoctor.diagnosis.load",
    "hwdoctor.diagnosis.fit",
    "hwdoctor.diagnosis.abilities",
    "hwdoctor.diagnosis.backends",
    "hwdoctor.diagnosis.explain_checks",
    "hwdoctor.diagnosis.fleet",
    "hwdoctor.doctor.job",
    "hwdoctor.doctor.load",
    "hwdoctor.model.live_reports",  # load's and a distributed detect's records
    "hwdoctor.gather.probe",  # the probe, its runner and its boundary
    "hwdoctor.gather.host",  # the host scan and its sources
    "hwdoctor.gather.nvidia",
    "hwdoctor.gather.rocm",
    "hwdoctor.gather.kfd",
    "hwdoctor.gather.placement",
    "hwdoctor.gather.interpreter",
    "hwdoctor.gather.fleet",
    # the standard library's, for the live run's threads and the evidence file's writer
    "concurrent.futures",
    "secrets",
    # packaging's distribution names (versions.canonical_name writes its own): tags, logging
    "packaging.utils",
    # the libraries hwdoctor diagnoses, never imported by the doctor
    "torch",
    "transformers",
    "accelerate",
)
# Besides: `detect --from` a paste predicts no library's decision, so builds no table.
NO_TABLES = ("hwdoctor.rules.predict", "hwdoctor.rules.tables", "hwdoctor.rules.provenance")
# Nor does a paste's diagnosis or explanation read what a library answered or a model is (the
# probe's and load's answers): only the live commands and `explain --model` do.
NO_ANSWERS = ("hwdoctor.model.answers",)


def _loaded_after(code: str) -> tuple[set[str], str]:
    """The modules `code` left loaded in a fresh interpreter, and what it wrote on stdout."""
    program = (
        "import sys\n"
        f"{code}\n"
        "sys.stderr.write('\\nLOADED=' + ','.join(sorted(sys.modules)))\n"
    )  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=base_env(),
        cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert "\nLOADED=" in done.stderr, done.stderr[-3000:]
    return set(done.stderr.rsplit("\nLOADED=", 1)[1].split(",")), done.stdout


def _command(*args: str) -> str:
    return (
        "from hwdoctor.cli import main\n"
        "try:\n"
        f"    main({list(args)!r})\n"
        "except SystemExit:\n"
        "    pass"
    )


def _among(loaded: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("detect", "--from", ISSUE_BODY), "V100"),
        (("detect", "--from", ISSUE_BODY, "--format", "markdown"), "V100"),
        (("detect", "--from", ISSUE_BODY, "--json"), '"findings"'),
        (("detect", "--paste", COLLECT_ENV), "collect_env"),
    ],
)
def test_detect_from_a_paste_imports_no_live_module(args: tuple[str, ...], said: str) -> None:
    loaded, stdout = _loaded_after(_command(*args))
    assert said in stdout  # the report was made
    assert _among(loaded, LIVE_ONLY + NO_TABLES + NO_ANSWERS) == []


@pytest.mark.parametrize("fmt", ["human", "json"])
def test_explain_from_a_paste_imports_no_live_module(fmt: str) -> None:
    loaded, stdout = _loaded_after(_command("explain", "--from", COLLECT_ENV, "--format", fmt))
    assert "TrainingArguments" in stdout
    assert _among(loaded, LIVE_ONLY + NO_ANSWERS) == []
    assert "hwdoctor.rules.tables" in loaded  # its decisions are the tables'
    # issue 38 (s20-speed): nor the live checks a paste's detect runs (~14 ms of its start)
    assert _among(loaded, ("hwdoctor.diagnosis.checks",)) == []


def test_the_api_diagnoses_a_paste_without_a_live_module() -> None:
    code = (
        "import pathlib, hwdoctor\n"
        f"report = hwdoctor.diagnose(pathlib.Path({ISSUE_BODY!r}).read_bytes())\n"
        "print(len(report.findings))"
    )
    loaded, stdout = _loaded_after(code)
    assert int(stdout) > 0
    assert _among(loaded, LIVE_ONLY + NO_TABLES + NO_ANSWERS) == []


def test_the_moved_names_are_still_the_packages() -> None:
    """What moved into `diagnosis.machine` and `rules.predict` is still named where it was
    (`diagnosis.detect`, `rules.training`), bound on first use; a name neither package has
    is an AttributeError as ever, and a submodule imports as one."""
    from hwdoctor import diagnosis, rules
    from hwdoctor.diagnosis import machine
    from hwdoctor.rules import model, predict

    for name in diagnosis.__all__:
        assert getattr(diagnosis, name) is getattr(machine, name)
    for name in predict.__all__:
        assert getattr(rules, name) is getattr(predict, name)
    assert model.__name__ == "hwdoctor.rules.model"
    for package in (diagnosis, rules):
        with pytest.raises(AttributeError):
            package.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_a_paste_compiles_only_the_patterns_its_lines_reach() -> None:
    """The messages reader's patterns (and the refusals grammar's) compile on first use
    (hwdoctor/lazy_re.py): a paste compiles those its lines reach, the screen's words read
    from the others' text. Compiling them all at import cost about 40 ms of every `--from`."""
    code = (
        "import sys\n"
        + _command("detect", "--paste", ISSUE_BODY)
        + "\nfrom hwdoctor.lazy_re import LazyPattern\n"
        "from hwdoctor.compat import refusals\n"
        "from hwdoctor.gather.reports.readers import asked, messages\n"
        "for module in (messages, refusals, asked):\n"
        "    held = [v for v in vars(module).values() if isinstance(v, LazyPattern)]\n"
        "    done = sum('compiled' in vars(v) for v in held)\n"
        "    sys.stderr.write(f'\\nCOMPILED {module.__name__} {done} {len(held)}')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=base_env(),
        cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    counts = {
        name: (int(compiled), int(held))
        for name, compiled, held in (
            line.split()[1:] for line in done.stderr.splitlines() if line.startswith("COMPILED ")
        )
    }
    compiled, held = counts["hwdoctor.gather.reports.readers.messages"]
    assert held > 200 and compiled < held / 4, counts
    # no line of it says "support" or "require": of the refusal grammar, only goes_on's pattern,
    # which the GPU-only grammar (compat/gpu_required.py) asks of a line naming a GPU or CUDA
    compiled, held = counts["hwdoctor.compat.refusals"]
    assert held > 10 and compiled <= 1, counts
    # issue 38 (s20-speed): a paste that asks nothing compiles few of the question reader's
    compiled, held = counts["hwdoctor.gather.reports.readers.asked"]
    assert held > 15 and compiled <= 3, counts


def _after(code: str) -> str:
    """What `code` wrote on stderr in a fresh interpreter, after a paste command ran."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=base_env(),
        cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    return done.stderr


def test_a_paste_reads_no_pattern_for_its_screen_words() -> None:
    """issue 38 (s20-speed): the messages reader's screen takes its patterns' words from
    messages_screen.json (`make docs`), read there with the standard library's regex parser:
    reading them at each start was a tenth of a `--from` (about 23 ms). The paste's own
    patterns still compile on first use (sre parses those it compiles): no parse here reads
    the screen's words."""
    code = (
        "import sys\n"
        "from hwdoctor.gather.reports import screen\n"
        "read = []\n"
        "given = screen.words\n"
        "screen.words = lambda pattern: read.append(pattern) or given(pattern)\n"
        + _command("detect", "--paste", ISSUE_BODY)
        + "\nsys.stderr.write(f'\\nWORDS READ {len(read)}')\n"
    )
    stderr = _after(code)
    assert "\nWORDS READ 0" in stderr, stderr[-3000:]


def test_a_paste_with_an_nvidia_gpu_builds_no_table_of_amd_devices() -> None:
    """issue 38 (s20-speed): whether a GPU a paste names is one ROCm never ran on asks the PCI
    ID database's AMD devices (compat/gpus.py `_pci_amd`, about 10 ms); beside an NVIDIA GPU
    the answer is silence whatever the names, and the table is not built."""
    code = (
        "import sys\n"
        + _command("detect", "--paste", ISSUE_BODY)
        + "\nfrom hwdoctor.compat import gpus\n"
        "sys.stderr.write(f'\\nAMD TABLE {gpus._pci_amd.cache_info().currsize}')\n"
    )
    stderr = _after(code)
    assert "\nAMD TABLE 0" in stderr, stderr[-3000:]
