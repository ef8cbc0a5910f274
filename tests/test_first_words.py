"""The words of a first run (issue 40): each screen says a thing once, in words a newcomer
reads, with the vendors' own spellings; the words people type for their hardware reach the
right device string; an ASCII-only stream keeps every mark distinct from "could not tell".

Pasted reports are real ones from public issues (tests/data/reports*/, sources in their
READMEs); the live screens run hwdoctor on this machine, with fake hardware where a test
needs it (tests/fakeworld.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hwdoctor import devices, registry
from hwdoctor.diagnosis.catalogue import CHECK_WORDS
from hwdoctor.diagnosis.checks import CHECKS
from hwdoctor.diagnosis.explain_checks import EXPLAIN_CHECKS
from hwdoctor.errors import UsageError
from hwdoctor.gather.interpreter import choose_python
from hwdoctor.model.reports import ChosenBecause
from hwdoctor.render import human, paste
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.fakeworld import World

RTX5090 = str(ROOT / "tests/data/reports/collect_env/pt150733-torch2.6-cu126-rtx5090d-sm120.txt")
# An error line read as a fact ("CUDA says no kernel image is available") that no finding
# explains, with neither the Python nor the torch version shown (both from collect_env).
NO_KERNEL = str(ROOT / "tests/data/reports_heldout_github_mixed_hidden_devices/"
                "visionatrix19-1070m-cuda12.6-to-12.8-no-kernel-title.md")  # fmt: skip
SICK = str(ROOT / "tests/data/evidence/sick-host.json")


def said(*args: str, columns: int = 80) -> str:
    result = run_hwdoctor(*args, env={**base_env(), "COLUMNS": str(columns)})
    assert result.returncode in (0, 1), result
    return result.stdout


# --- explain --from a paste -------------------------------------------------------------


def test_explain_from_a_paste_says_how_much_it_knows_once_and_the_caveat_once() -> None:
    out = said("explain", "--from", RTX5090)
    first = " ".join(out.split("\n\n")[0].split())
    assert first.startswith("On the machine of this pasted report: 5 of 7 known; the others "
                            "need what the paste does not show."), first  # fmt: skip
    flat = " ".join(out.split())
    # The extension caveat: once, naming the answers it touches, not under each of them.
    assert flat.count("is installed and sees a device") == 1, out
    assert "unless an extension" not in flat
    assert ('TrainingArguments, n_gpu, PartialState and device_map="auto" change if one is'
            in flat)  # fmt: skip
    # Every answer rests on the same lines: said once, not under each answer.
    assert "rests on line" not in out and "Every answer rests on these lines:" in out
    assert (
        "pipeline unknown (cpu or cuda:0): the paste does not show the version of "
        "transformers" in flat
    )
    assert ", by it)" not in flat
    reply = said("explain", "--from", RTX5090, "--format", "markdown")
    assert reply.count("is installed and sees a device") == 1, reply


# --- explain on this machine --------------------------------------------------------------


def test_explain_names_a_verdict_for_every_dtype() -> None:
    document = run_hwdoctor("explain", "--json").json()
    dtypes = document["data"]["capabilities"]["dtypes"]
    flat = " ".join(said("explain").split())
    for ability in dtypes:
        assert f"{ability['name']} {ability['level']}" in flat, (ability, flat)


def test_explain_cuda_says_each_clause_once_with_vendor_spellings() -> None:
    head = " ".join(said("explain", "cuda:0").split("\n\n")[0].split())
    assert "no NVIDIA GPU or AMD GPU hardware found" in head, head
    assert "torch is a CPU build, not a CUDA or ROCm one" in head, head
    assert "ROCM" not in head and head.count("torch is a CPU build") == 1, head


def test_explain_mps_off_a_mac_says_where_it_runs_and_offers_no_install() -> None:
    out = said("explain", "mps")
    flat = " ".join(out.split())
    assert "mps is not usable here: Apple Silicon needs macOS on arm64." in flat, out
    assert "run there; then use macOS 12.3 or newer and a native arm64 Python" in flat
    assert "pip install" not in out and "then needs" not in flat


# --- pasted reports ----------------------------------------------------------------------


def test_a_pasted_report_says_what_checks_need_in_words_and_asks_once_per_command() -> None:
    out = said("detect", "--from", NO_KERNEL)
    flat = " ".join(out.split())
    assert out.count("python -m torch.utils.collect_env") == 1, out
    assert "the Python version" in flat and "the torch version" in flat
    for name in CHECK_WORDS:  # no check's own name reaches the screen
        assert name.replace("_", " ") not in flat or name.replace("_", " ") in (
            CHECK_WORDS[name]), (name, out)  # fmt: skip
    assert "(for: " not in out
    # Read as a fact, shown, and explained by no finding: said so, not "could not read".
    assert "It shows: CUDA says no kernel image is available" in out
    assert "could not read" not in out and paste.UNREAD_HEADING in out


def test_every_check_has_words() -> None:
    names = {check.name for check in CHECKS} | {check.name for check in EXPLAIN_CHECKS}
    assert names <= set(CHECK_WORDS), names - set(CHECK_WORDS)


# --- device words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "device"),
    [("nvidia", "cuda"), ("amd", "cuda"), ("rocm", "cuda"), ("apple", "mps"),
     ("trainium", "neuron"), ("inferentia", "neuron"), ("gaudi", "hpu"), ("ascend", "npu"),
     ("tpu", "tpu"), ("Gaudi", "hpu"), ("nvidia:1", "cuda:1")],
)  # fmt: skip
def test_a_word_for_one_device_resolves_to_it(word: str, device: str) -> None:
    request = devices.parse(word, strategies=True)
    assert request.text == device
    assert request.resolved == (None if word == device else f"{word.lower()} → {device}")


@pytest.mark.parametrize("word", ["gpu", "intel"])
def test_a_word_for_several_devices_answers_with_the_choices(word: str) -> None:
    with pytest.raises(UsageError) as raised:
        devices.parse(word, strategies=True)
    message = raised.value.message
    rows = registry.for_alias(word)
    assert {row.device for row in rows} == {
        device for device in registry.DEVICE_STRINGS if f" {device} (" in f" {message}"
    }, message
    assert "did you mean" not in message


def test_aliases_are_no_device_strings() -> None:
    assert not set(registry.ALIASES) & set(registry.DEVICE_STRINGS) - {"tpu"}


def test_load_device_gpu_names_the_gpu_this_machine_shows(world: World) -> None:
    """An NVIDIA PCI device on the bus: `gpu` is still a usage error (the same command line
    means the same everywhere), whose hint is the one device this machine shows."""
    world.pci("0000:17:00.0", "0x10de", "0x2330", "0x030200")
    result = run_hwdoctor("load", "--device", "gpu", env=world.env(base_env()))
    assert result.returncode == 2, result
    assert "did you mean" not in result.stderr
    assert (
        "'gpu' could be cuda (NVIDIA GPU or AMD GPU), xpu (Intel GPU), mps (Apple "
        "Silicon) or musa (Moore Threads GPU)" in result.stderr
    ), result.stderr
    assert "(this machine shows NVIDIA GPU hardware: use cuda)" in result.stderr


def test_explain_gaudi_says_how_it_read_the_word() -> None:
    result = run_hwdoctor("explain", "gaudi", env=base_env())
    assert result.returncode == 0, result
    assert result.stderr == "hwdoctor: gaudi → hpu\n"
    assert "hpu is not usable here" in result.stdout


# --- ASCII-only streams --------------------------------------------------------------------


def test_every_mark_has_an_ascii_form_of_its_own() -> None:
    marks = {
        **{mark: meaning for meaning, (mark, _) in human.STATUS_MARKS.items()},
        **{mark: meaning for meaning, (mark, _) in human.SEVERITY_MARKS.items()},
    }
    for mark in marks:
        assert mark in human.ASCII_MARKS or mark.isascii(), mark
    for mark, fallback in human.ASCII_MARKS.items():
        assert fallback.isascii() and fallback, mark
    # "?" is hwdoctor's "could not tell": only the marks that mean it become "?".
    could_not_tell = {human.STATUS_MARKS["error"][0], human.STATUS_MARKS["unknown"][0]}
    for mark, fallback in human.ASCII_MARKS.items():
        if fallback == "?":
            assert mark in {"❓", "❔", *could_not_tell}, mark
    status = {human.ascii_marks(mark) for mark, _ in human.STATUS_MARKS.values()}
    assert len(status) == len({mark for mark, _ in human.STATUS_MARKS.values()})


def test_an_ascii_stream_keeps_the_marks_apart() -> None:
    env = {**base_env(), "PYTHONIOENCODING": "ascii", "COLUMNS": "100"}
    out = run_hwdoctor("detect", "--from", SICK, env=env).stdout
    assert out.isascii()
    rows = {line.split()[1]: line.split()[0] for line in out.splitlines()
            if line[:1] in "+x!-" and len(line.split()) > 2 and line[1:3] == "  "}  # fmt: skip
    assert rows["cpu"] == "+" and rows["mlu"] == "x" and rows["npu"] == "!", out
    assert "?" not in set(rows.values())
    assert "Training -> cpu" in out


# --- which interpreter, and why ---------------------------------------------------------


def test_hwdoctor_with_torch_diagnoses_its_own_and_names_an_active_venv_it_passes_over(
    tmp_path: Path,
) -> None:
    """Where hwdoctor runs with torch (this test venv), it diagnoses that interpreter, and
    says so of another active venv instead of silently ignoring it. (The tool installs,
    which take the active venv, are tests/test_tool_install.py.)"""
    other = str(tmp_path / "venvs" / "train")
    chosen = choose_python(None, {"VIRTUAL_ENV": other, "HOME": str(tmp_path), "PATH": ""})
    assert (chosen.executable, chosen.because, chosen.tool) == (
        sys.executable, ChosenBecause.OWN, None)  # fmt: skip
    assert chosen.said("3.11.7").endswith(
        ": the Python hwdoctor runs in, not the active venv ~/venvs/train (--python "
        "~/venvs/train diagnoses that one)."
    )
    given = choose_python(sys.executable, {"HOME": str(tmp_path)})
    assert given.because is ChosenBecause.PYTHON_OPTION
    assert (
        given.said("3.11.7") == f"Diagnosing {sys.executable} (Python 3.11.7): given with --python."
    )
