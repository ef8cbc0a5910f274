"""Pasted reports from other machines (`hwdoctor detect --from report.txt`).

The corpus (`tests/data/reports/`, each file a real report with its source and the cause its
thread or a documented rule established) is the test: every report whose paste shows the
evidence yields its cause's finding; where the paste does not show it, hwdoctor asks for
what would settle it and names no other cause. The held-out sets are measured, not tuned on.
"""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import hwdoctor
from hwdoctor.diagnosis import pasted
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport, Severity
from hwdoctor.text import printable
from tests import catalogue_plugin
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.fastlane import examples


def diagnosed(paste: reports.Paste) -> PasteReport:
    """A paste's diagnosis, as `detect --from` makes it: gathered, then diagnosed."""
    return pasted.diagnose(assemble.gathered(paste))


DATA: Final = ROOT / "tests" / "data"
CORPUS: Final = DATA / "reports"
# The held-out sets: real reports from GitHub threads, each set gathered blind to the code and
# measured once before any change it prompted, named by its source and what stands out in it;
# in the order they were gathered (each README's History gives its former name).
HELD_OUT: Final = (
    DATA / "reports_heldout_github_all_causes_with_other",
    DATA / "reports_heldout_github_all_causes_bare_messages",
    DATA / "reports_heldout_github_mixed_drivers_rocm_nightlies",
    DATA / "reports_heldout_github_mixed_rtx50_flash_attn",
    DATA / "reports_heldout_github_mixed_rocm_apus",
    DATA / "reports_heldout_github_mixed_macos_floors",
    DATA / "reports_heldout_github_mixed_hidden_devices",
    DATA / "reports_heldout_github_mixed_extensions_serving",
    DATA / "reports_heldout_github_collect_env_posts",
    DATA / "reports_heldout_github_nvidia_arch_driver_cpu",
    DATA / "reports_heldout_github_extensions_app_cpu_builds",
    DATA / "reports_heldout_github_rocm_rosetta_beyond_torch",
    DATA / "reports_heldout_github_mixed_rdna_torchtext",
    DATA / "reports_heldout_github_mixed_arch_rtx50_krita",
    DATA / "reports_heldout_github_mixed_dgx_spark_mmcv",
    DATA / "reports_heldout_github_mixed_colab_kaggle_scatter",
    DATA / "reports_heldout_github_mixed_speech_audio",
    DATA / "reports_heldout_forums_cuda_blogs_mps_ops",
)
# Reports per held-out set at least; the collect_env set holds only reports whose opening post
# carries an environment tool's output, and few such threads were left unused.
SMALLEST: Final = {
    "reports_heldout_github_collect_env_posts": 6,
    "reports_heldout_github_rocm_rosetta_beyond_torch": 19,
}
# The floor against regressions, per set where it is not the usual 0.75: the ROCm and Rosetta
# set is mostly reports of tensorflow-rocm, llama.cpp and jaxlib, which hwdoctor does not judge
# (its README); the RDNA and torchtext set measured 15 of 27 at first sight and is kept unseen.
FLOOR: Final = {
    "reports_heldout_github_rocm_rosetta_beyond_torch": 0.5,
    "reports_heldout_github_mixed_rdna_torchtext": 0.5,
    "reports_heldout_github_mixed_dgx_spark_mmcv": 0.7,
}

# The cause vocabulary of the corpus, and the findings that name each cause.
CAUSES: Final = {
    "cpu_only_build": {"torch.cpu_only_build"},
    "driver_too_old": {"driver.too_old", "driver.cuda_too_old"},
    "arch_not_in_wheel": {"device.arch_not_compiled"},
    # issue 38 (s21-rocmgpus): the ROCm release's list of GPUs leaves the target out
    "rocm_target_unsupported": {"device.gfx_not_compiled", "device.amd_gpu_not_listed"},
    "devices_hidden": {
        "devices.hidden",
        "devices.mask_hides_all",
        "accelerate.gpu_ids_name_no_gpu",  # issue 42: gpu_ids, CUDA_VISIBLE_DEVICES once launched
    },
    "extension_torch_mismatch": {
        "extension.torch_mismatch",
        "extension.built_for_other_torch",
        "extension.kernels_skipped",  # issue 38: torchao goes on without them
    },
    "mps_macos_too_old": {"mps.macos_too_old"},
    "mps_rosetta": {"python.translated"},
    "mps_op_not_implemented": {"mps.operator_not_implemented"},
}
CAUSE_CODES: Final = set().union(*CAUSES.values())


def expected(root: Path) -> dict[str, dict[str, Any]]:
    """Each report's label by its path under `root`: the set's expected.json, and the label
    each format's facts file (`<dir>/facts.json`, tests/test_readers.py) gives its recordings;
    a report is labelled in one of them."""
    path = root / "expected.json"
    labels = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for facts in sorted(root.glob("*/facts.json")):
        told = json.loads(facts.read_text(encoding="utf-8"))["recordings"]
        for name, recording in told.items():
            where = f"{facts.parent.name}/{name}"
            assert where not in labels, f"{where} is labelled twice"
            labels[where] = recording["label"]
    return labels


def diagnose(path: Path) -> PasteReport | UsageError:
    try:
        report = diagnosed(reports.read(path.read_bytes(), path.name))
    except UsageError as exc:
        return exc
    catalogue_plugin.record(f.code for f in report.findings)
    return report


def errors_of(report: PasteReport | UsageError) -> set[str]:
    if isinstance(report, UsageError):
        return set()
    return {f.code for f in report.findings if f.severity.value == "error"}


CORPUS_CASES: Final = sorted(expected(CORPUS).items())


def test_the_corpus_is_labelled_and_covers_every_cause() -> None:
    files = {p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*") if p.is_file()}
    files = {f for f in files if f.rsplit("/", 1)[-1] not in ("README.md", "facts.json")}
    files -= {"expected.json"}
    assert files == set(expected(CORPUS)), "every report has a label, every label a report"
    established = [e for e in expected(CORPUS).values() if e["cause"] in CAUSES]
    assert len(established) >= 30
    for cause in CAUSES:
        assert sum(e["cause"] == cause for e in established) >= 2, cause


@pytest.mark.parametrize(("name", "label"), CORPUS_CASES, ids=[n for n, _ in CORPUS_CASES])
def test_each_report_of_the_corpus(name: str, label: Mapping[str, Any]) -> None:
    report = diagnose(CORPUS / name)
    cause = label["cause"]
    found = {f.code for f in report.findings} if isinstance(report, PasteReport) else set()
    if isinstance(report, UsageError):
        # What hwdoctor cannot read it refuses in one line that names the file.
        assert "\n" not in str(report) and Path(name).name in str(report), report
    else:
        # Whatever the label (most unlabelled reports are samples of a format), every error
        # or warning quotes the lines of the paste it rests on.
        serious = {Severity.ERROR, Severity.WARNING}
        unquoted = [
            finding.code
            for finding, quotes in zip(report.findings, report.rests_on, strict=True)
            if finding.severity in serious and not quotes
        ]
        assert not unquoted, (name, unquoted)
    if cause in CAUSES and label.get("paste_shows", True):
        assert found & CAUSES[cause], (name, cause, found)
    elif cause in CAUSES:
        # The cause is the thread's, the evidence is not in the paste: hwdoctor asks, and
        # names no other cause.
        assert not errors_of(report) & (CAUSE_CODES - CAUSES[cause]), (name, found)
        assert isinstance(report, UsageError) or report.questions, name
    elif cause == "other":
        # A cause outside the vocabulary: no cause of the vocabulary is claimed as an error.
        assert not errors_of(report) & CAUSE_CODES, (name, found)


def measure(root: Path) -> tuple[int, int, int, int, list[str]]:
    """(named, total, named where the paste shows the evidence, such reports, misses) over
    a held-out set; a set without `paste_shows` labels counts every report as showing it."""
    named = total = shown_named = shown = 0
    misses: list[str] = []
    for name, label in sorted(expected(root).items()):
        if label["cause"] not in CAUSES:
            continue
        report = diagnose(root / name)
        found = {f.code for f in report.findings} if isinstance(report, PasteReport) else set()
        total += 1
        in_paste = label.get("paste_shows") is not False
        shown += in_paste
        if found & CAUSES[label["cause"]]:
            named += 1
            shown_named += in_paste
            continue
        misses.append(name)
        # A miss never claims another cause (unless a documented rule also establishes it
        # from the same paste, the label's `also`), and asks for what would settle it.
        also = set().union(*(CAUSES[c] for c in label.get("also", ())))
        assert not errors_of(report) & (CAUSE_CODES - also), (name, found)
        assert isinstance(report, UsageError) or report.questions, name
    return named, total, shown_named, shown, misses


@pytest.mark.parametrize("root", HELD_OUT, ids=[r.name for r in HELD_OUT])
def test_held_out_reports_are_measured_and_every_miss_is_honest(root: Path) -> None:
    if not (root / "expected.json").exists():
        pytest.skip(f"{root.name} is not there")
    named, total, shown_named, shown, misses = measure(root)
    print(f"{root.name}: {named} of {total} causes named ({shown_named} of the {shown} whose "
          f"paste shows the evidence); missed: {', '.join(misses)}")  # fmt: skip
    assert total >= SMALLEST.get(root.name, 20)
    # a floor against regressions; each set's README gives its first, unseen measurement
    assert shown_named / shown >= FLOOR.get(root.name, 0.75)


# --- the formats, one real sample each ---------------------------------------------------


def facts_of(name: str) -> dict[str, list[str]]:
    paste = reports.read((CORPUS / name).read_bytes())
    found: dict[str, list[str]] = {}
    for fact in paste.facts:
        found.setdefault(fact.key if fact.name is None else f"{fact.key}:{fact.name}", []).append(
            fact.value
        )
    return found


def test_collect_env_2x_layout() -> None:
    facts = facts_of("collect_env/pt150733-torch2.6-cu126-rtx5090d-sm120.txt")
    assert facts["torch.version"] == ["2.6.0+cu126"]
    assert facts["torch.cuda"] == ["12.6"]
    assert facts["driver"] == ["570.124.04"]
    assert facts["gpu"] == ["NVIDIA GeForce RTX 5090 D"]
    assert facts["message.arch_list"] == ["sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90"]


def test_collect_env_1x_layout_and_packages() -> None:
    facts = facts_of("collect_env/pt43058-torch1.6-cu102-v100-driver418.txt")
    assert facts["cuda.available"] == ["No"]
    assert facts["gpu"] == ["Tesla V100-PCIE-16GB"] * 2
    assert facts["package:torch"] == ["1.6.0", "1.6.0"]  # [pip3] and [conda]


def test_transformers_and_accelerate_env() -> None:
    facts = facts_of("transformers_env/tf-pr35156-4.48.0dev-a100-gpu-type.txt")
    assert facts["torch.version"] == ["2.4.1+cu121"] and facts["cuda.available"] == ["true"]
    assert facts["gpu"] == ["NVIDIA A100-SXM4-80GB"]
    facts = facts_of("accelerate_env/acc3446-0.34.2-rtx-a6000-3gpus.txt")
    assert facts["package:accelerate"] == ["0.34.2"]  # the note after the full-width space: cut
    facts = facts_of("accelerate_env/acc1048-0.16.0-v100-use-cpu-true.txt")
    assert facts["accelerate.use_cpu"] == ["True"]


def test_accelerate_env_reads_the_config_launch_applies() -> None:
    """The default config's gpu_ids, num_processes, num_machines and distributed_type (issue
    42), as `accelerate env` prints them: 8-space indent, and `  - ` under `> ` quoting with
    `* ` bullets above."""
    facts = facts_of(
        "accelerate_env/acc1727-0.21.0dev-multi-gpu-gpu-ids-0-3-four-processes-10x-p6000.md"
    )
    assert facts["accelerate.gpu_ids"] == ["0,1,2,3"]
    assert facts["accelerate.num_processes"] == ["4"]
    assert facts["accelerate.num_machines"] == ["1"]
    assert facts["accelerate.distributed_type"] == ["MULTI_GPU"]
    facts = facts_of(
        "accelerate_env/acc1473-0.20.3-quoted-multi-gpu-gpu-ids-6-7-two-processes-a100.md"
    )
    assert facts["accelerate.gpu_ids"] == ["6,7"] and facts["accelerate.num_processes"] == ["2"]
    facts = facts_of("accelerate_env/acc1260-0.17.1-no-distributed-gpu-ids-brackets-3-4-5.md")
    assert facts["accelerate.gpu_ids"] == ["[3,4,5]"]
    assert facts["accelerate.distributed_type"] == ["NO"]
    facts = facts_of("accelerate_env/acc2818-0.30.1-multi-gpu-gpu-ids-all-two-machines-v100.md")
    assert facts["accelerate.gpu_ids"] == ["all"] and facts["accelerate.num_machines"] == ["2"]


def test_nvidia_smi_layouts() -> None:
    assert facts_of("nvidia_smi/nvidiaall212-550-rtx4070.txt")["driver.cuda"] == ["12.4"]
    new = facts_of("nvidia_smi/finpilot160-nvidia-smi-610-kmd-umd-layout.txt")
    assert new["driver"] == ["610.43.03"] and new["driver.cuda"] == ["13.3"]
    query = facts_of("nvidia_smi/jesse-nvidia-smi-L-q-rtx4070-laptop-wddm-zh.md")
    assert set(query["gpu"]) == {"NVIDIA GeForce RTX 4070 Laptop GPU"}  # -L and -q both name it


def test_amd_and_ascend_tools() -> None:
    assert facts_of("amd_smi/rocmsystems2987-amd-smi-static-mi350x.txt")["gfx"] == ["gfx950"]
    assert facts_of("npu_smi/nvtop421-npu-smi-25.2.0-atlas300i-duo-310p3.txt")["ascend.chip"]


def test_an_issue_body_with_two_tools_names_both_and_quotes_its_lines() -> None:
    report = diagnose(CORPUS / "issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md")
    assert isinstance(report, PasteReport)
    assert [b.tool for b in report.blocks] == ["collect_env", "nvidia-smi"]
    (finding,) = [f for f in report.findings if f.code == "driver.too_old"]
    index = report.findings.index(finding)
    quoted = [q.text for q in report.rests_on[index]]
    assert "Nvidia driver version: 418.67" in quoted
    assert "CUDA used to build PyTorch: 10.2" in quoted
    assert "440.33" in finding.message  # CUDA 10.2's floor, NVIDIA's Table 3


def test_two_machines_in_one_paste_disagree_and_say_so() -> None:
    report = diagnose(CORPUS / "issue_body/pt37320-two-reports-description-and-comment.md")
    assert isinstance(report, PasteReport)
    assert any("Python's version" in item for item in report.skipped), report.skipped


def test_facts_of_the_machine_hwdoctor_runs_on_never_enter(tmp_path: Path) -> None:
    paste = (CORPUS / "collect_env/pt150733-torch2.6-cu126-rtx5090d-sm120.txt").read_text()
    result = run_hwdoctor("detect", "--from", "-", "--json", stdin=paste)
    assert result.returncode == 1, result  # the sm_120 error
    text = result.stdout
    import socket

    for ours in (sys.executable, socket.gethostname(), str(ROOT)):
        assert ours not in text


# --- the command line ----------------------------------------------------------------------


def test_detect_from_a_report_prints_the_answer_first_and_imports_no_torch(tmp_path: Path) -> None:
    path = CORPUS / "collect_env/pt43058-torch1.6-cu102-v100-driver418.txt"
    env = {**base_env(), "PYTHONPATH": str(tmp_path)}
    # A torch that would announce itself if anything imported it.
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text("raise SystemExit('torch was imported')\n")
    result = run_hwdoctor("detect", "--from", str(path), env=env)
    assert result.returncode == 1, result
    first = result.stdout.splitlines()[0]
    assert first.startswith("Pasted report: 1 error")
    assert "driver 418.67 is too old for torch 1.6.0" in result.stdout
    assert "line 17: Nvidia driver version: 418.67" in result.stdout


def test_markdown_reply_quotes_the_report_inside_fences_it_cannot_close(tmp_path: Path) -> None:
    hostile = (
        "PyTorch version: 2.6.0+cu126\nCUDA used to build PyTorch: 12.6\n"
        "GPU models and configuration: GPU 0: NVIDIA GeForce RTX 5090\n"
        "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the "
        "current PyTorch installation.\n"
        "The current PyTorch install supports CUDA capabilities sm_50 sm_80 sm_90. ```` "
        "</details> <img src=x>\n  ::error::pwned\n"
    )
    path = tmp_path / "issue.md"
    path.write_text(hostile)
    result = run_hwdoctor("detect", "--from", str(path), "--format", "markdown")
    assert result.returncode == 1, result
    out = result.stdout
    assert "device.arch_not_compiled" in out
    assert all("<img" not in line for line in outside_fences(out))  # fenced, or escaped
    assert not any(line.lstrip().startswith("::") for line in out.splitlines())
    # The paste shows all the finding rests on (the GPU, its capability, the wheel's list):
    # the posted reply asks for nothing, and says how many checks did not run (issue 42).
    assert "#### Could you also paste" not in out
    assert "more inputs would let hwdoctor run checks" in out
    fences = [line.strip() for line in out.splitlines() if line.strip().startswith("`````")]
    assert fences, "a quote holding four backticks gets a longer fence"


def outside_fences(markdown: str) -> list[str]:
    """The lines of a Markdown document that are not inside a fenced code block
    (CommonMark 4.5: a fence closes only with at least as many backticks)."""
    outside: list[str] = []
    fence = ""
    for line in markdown.splitlines():
        stripped = line.strip()
        run = len(stripped) - len(stripped.lstrip("`"))
        if fence and run >= len(fence) and stripped == "`" * run:
            fence = ""
        elif not fence and run >= 3:
            fence = "`" * run
        elif not fence:
            outside.append(line)
    return outside


def test_json_output_validates_and_carries_what_each_finding_rests_on() -> None:
    path = CORPUS / "awkward/yuan65-zh-driver-too-old-11000-userwarning.md"
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert result.returncode == 1, result
    data = result.json()["data"]
    assert data["source"] == "pasted report"
    (finding,) = data["findings"]
    assert finding["code"] == "driver.cuda_too_old"
    assert any("found version 11000" in q["text"] for q in finding["rests_on"])
    assert any(
        item["command"] == "python -m torch.utils.collect_env" for item in data["not_checked"]
    )


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (bytes(range(256)) * 4, "binary data"),
        (b"hello\nthis is a question about my model\n", "no report hwdoctor reads"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(content: bytes, words: str, tmp_path: Path) -> None:
    path = tmp_path / "report.txt"
    path.write_bytes(content)
    result = run_hwdoctor("detect", "--from", str(path))
    assert result.returncode == 2, result
    assert words in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2  # the error, and its hint


def test_a_50_mb_paste_is_read_up_to_1_mib_and_says_what_it_skipped(tmp_path: Path) -> None:
    head = (CORPUS / "collect_env/pt43058-torch1.6-cu102-v100-driver418.txt").read_bytes()
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.write(head)
        line = b"[pip3] some-package==1.0.0 " + b"x" * 70 + b"\n"
        handle.write(line * (50 * 1024 * 1024 // len(line)))
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert result.returncode == 1, result
    data = result.json()["data"]
    assert "driver.too_old" in {f["code"] for f in data["findings"]}
    assert any("first 1 MiB" in item and "52.4 MB" in item for item in data["skipped"])


@pytest.mark.parametrize("opening", [b"{", b"x"])
def test_a_big_input_without_a_line_break_says_it_is_too_large(
    opening: bytes, tmp_path: Path
) -> None:
    """Read up to 1 MiB, one line is half a line and no report: it said "no report hwdoctor
    reads in 0 line(s)"; a padded evidence file (over its 16 MiB) was refused the same way."""
    evidence = (DATA / "evidence/cpu-host.json").read_bytes() if opening == b"{" else b""
    path = tmp_path / "big.json"
    path.write_bytes((evidence.replace(b"\n", b" ") or opening) + b" " * (17 * 1024 * 1024))
    result = run_hwdoctor("detect", "--from", str(path))
    assert result.returncode == 2, result
    assert "larger than the 1 MiB hwdoctor reads of a report (17.8 MB)" in result.stderr
    assert ("evidence file" in result.stderr) == (opening == b"{")
    assert len(result.stderr.strip().splitlines()) == 1


ENCODINGS: Final = DATA / "pasted_encodings"


@pytest.mark.parametrize(
    "name", ["ansi-colour.txt", "backspaces.txt", "latin-1.txt", "gbk.txt", "utf-16-le.txt"]
)
def test_a_report_in_colours_or_another_encoding_is_read_as_text(name: str) -> None:
    """Each was "binary data, not a report": terminal colours and backspaces are taken out,
    another encoding's bytes become U+FFFD around the tools' ASCII lines, UTF-16 without a
    byte order mark is told by its NULs."""
    original = reports.read((CORPUS / "collect_env" / ENCODED_FROM).read_bytes())
    paste = reports.read((ENCODINGS / name).read_bytes())
    said = {(f.key, f.name, f.index, f.value) for f in original.facts}
    assert {(f.key, f.name, f.index, f.value) for f in paste.facts} == said
    if name != "gbk.txt":  # the GBK line before the report moves it one line down
        assert [f.quote for f in paste.facts] == [f.quote for f in original.facts]


ENCODED_FROM: Final = "vllm3482-torch2.1.2-cu121-l4-driver535.txt"


@pytest.mark.parametrize(
    "content",
    [
        bytes(range(256)) * 4,
        b"\x00\x01\x02 PyTorch version: 2.1.0\n" * 40,
        random.Random(0).randbytes(4096),
    ],
)
def test_binary_data_is_still_not_a_report(content: bytes) -> None:
    with pytest.raises(UsageError, match="binary data"):
        reports.read(content)


def test_a_report_cut_mid_line_is_read_up_to_the_cut() -> None:
    report = diagnose(CORPUS / "awkward/pyrovision98-collect-env-fork-cut-mid-line.md")
    assert isinstance(report, PasteReport)
    assert not {f.what for f in report.facts} & {"NVIDIA driver"}  # "Could not" is no version


def test_require_and_live_options_do_not_go_with_a_pasted_report() -> None:
    path = str(CORPUS / "collect_env/pt43058-torch1.6-cu102-v100-driver418.txt")
    result = run_hwdoctor("detect", "--from", path, "--require", "cuda")
    assert result.returncode == 2 and "--require cannot be checked" in result.stderr
    result = run_hwdoctor("explain", "cuda", "--from", path)
    assert result.returncode == 2 and "hwdoctor detect --from" in result.stderr
    result = run_hwdoctor("explain", "--from", path, "--nproc", "2")
    assert result.returncode == 2 and "--nproc cannot be combined" in result.stderr
    assert run_hwdoctor("explain", "--from", path).returncode == 0  # tests/test_explain_paste.py


def test_the_python_api_returns_the_same_report() -> None:
    text = (CORPUS / "issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md").read_text()
    report = hwdoctor.diagnose(text)
    assert isinstance(report, PasteReport)
    assert report.exit_code == 1
    assert [f.code for f in report.findings] == ["driver.too_old"]
    with pytest.raises(UsageError):
        hwdoctor.diagnose("")


# --- fuzz: whatever the bytes, a report or a usage error ------------------------------------

_SAMPLES: Final = [p.read_bytes() for p in sorted(CORPUS.rglob("*")) if p.suffix in (".txt", ".md")]


def _mutate(data: bytes, seed: int) -> bytes:
    rng = random.Random(seed)
    chunk = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        kind = rng.randint(0, 3)
        at = rng.randrange(len(chunk) + 1)
        if kind == 0 and chunk:  # cut
            chunk = chunk[:at]
        elif kind == 1:  # splice another report in
            other = rng.choice(_SAMPLES)
            start = rng.randrange(len(other) + 1)
            chunk[at:at] = other[start : start + rng.randint(0, 400)]
        elif kind == 2:  # noise
            chunk[at:at] = rng.randbytes(rng.randint(1, 16))
        elif chunk:  # duplicate a line
            lines = bytes(chunk).split(b"\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
            chunk = bytearray(b"\n".join(lines))
    return bytes(chunk)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, len(_SAMPLES) - 1))
def test_fuzz_mutated_reports_give_a_report_or_a_usage_error(seed: int, which: int) -> None:
    data = _mutate(_SAMPLES[which], seed)
    try:
        report = diagnosed(reports.read(data))
    except UsageError as exc:
        assert "\n" not in str(exc), exc  # a refusal is one line
        return
    document = report.to_json()
    assert json.loads(json.dumps(document)) == document  # every field serialises as it is
    from hwdoctor.render import markdown, paste

    text = paste.text(report)
    assert printable(text) == text  # the noise never reaches a terminal raw
    reply = markdown.pasted(report)  # nor, as a control character, an issue's reply
    assert not [c for c in reply if c not in "\n\t" and unicodedata.category(c) == "Cc"]


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=4096))
# found by this test (s17): a GPU named on a line no section reads ("L4" and a control
# character; "I run this on an L4") was read as a report that showed nothing
@example(b"L4\x01")
def test_fuzz_random_bytes(data: bytes) -> None:
    try:
        report = diagnosed(reports.read(data))
    except UsageError as exc:
        assert "\n" not in str(exc), exc  # a refusal is one line
        return
    # Noise hwdoctor accepts shows something it read: never an empty all-clear.
    assert report.facts or report.blocks or report.findings or report.unread_count, report
    # What a finding rests on is lines of these bytes.
    quoted = {quote.line for quotes in report.rests_on for quote in quotes}
    assert quoted <= set(range(1, report.lines + 1)), (quoted, report.lines)


def test_lightning_report() -> None:
    facts = facts_of("lightning_env/pl1234-0.7.2dev-sample-gtx1050.txt")
    assert facts["torch.version"] == ["1.4.0+cu100"] and facts["torch.cuda"] == ["10.0"]
    assert facts["gpu"] == ["GeForce GTX 1050"] and facts["lightning.processor"] == ["x86_64"]


DRIVERS_ROCM_NIGHTLIES: Final = DATA / "reports_heldout_github_mixed_drivers_rocm_nightlies"


def test_comfyui_start_up_log_and_rocblas_name_the_gpu_and_its_target() -> None:
    comfy = reports.read(
        (DRIVERS_ROCM_NIGHTLIES / "comfy8211-gfx1151-8060s-rocm6.4-nightly.md").read_bytes()
    )
    said = {(f.key, f.value) for f in comfy.facts}
    assert ("gfx", "gfx1151") in said and ("gpu", "Radeon 8060S Graphics") in said
    rocblas = reports.read(
        (DRIVERS_ROCM_NIGHTLIES / "pt179865-gfx900-vega56-rocm7.2-nightly.md").read_bytes()
    )
    report = diagnosed(rocblas)
    assert "device.gfx_not_compiled" in {f.code for f in report.findings}


def test_rocblas_without_an_arch_on_its_line_is_read_and_judged_by_the_gpu_shown() -> None:
    """rocBLAS before ROCm 5.5 names no arch on its line ("rocBLAS error: Cannot read
    …/TensileLibrary.dat: No such file or directory"): the line is read (a lazy library's
    file name gives the target), and with no GPU shown no GPU finding is made of it
    (ROCm/rocBLAS#1300: an MI100 in a table cell, a path problem)."""
    lazy = reports.read(
        b"rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/"
        b"TensileLibrary_lazy_gfx1031.dat: No such file or directory\n"
    )
    said = {(f.key, f.value) for f in lazy.facts}
    assert ("gfx", "gfx1031") in said
    name = "rocblas1300-mi100-tensorflow-tensilelibrary-path-not-set.md"
    paste = reports.read((CORPUS / "errors" / name).read_bytes())
    assert [f.value for f in paste.facts if f.key == "message.invalid_device_function"] == [
        "rocBLAS cannot read its kernels (TensileLibrary.dat)"
    ]
    report = diagnosed(paste)
    assert not [f for f in report.findings if f.severity.value == "error"]


def test_a_tensile_library_said_missing_in_words_is_read_as_rocblas_own_line() -> None:
    """A reporter writing that rocBLAS's file for the GPU is missing, with rocBLAS's own line
    not pasted (ROCm/ROCm#2720, an RX 6700 XT: "There is no TensileLibrary_lazy_gfx1031.dat
    which causes an error when trying to use rocBLAS"), is read as that line: no kernels for
    the GPU's target; a sentence about the file that says nothing is missing is not."""
    said = reports.read(
        b"There is no TensileLibrary_lazy_gfx1031.dat which causes an error when trying to use "
        b"rocBLAS with a RX 6700 XT.\n"
    )
    assert ("gfx", "gfx1031") in {(f.key, f.value) for f in said.facts}
    assert "rocBLAS has no kernels for gfx1031" in [f.value for f in said.facts]
    listed = reports.read(
        b"rocBLAS error: Cannot read TensileLibrary.dat\n"
        b"I copied TensileLibrary_lazy_gfx1030.dat into the folder\n"
    )
    assert "gfx1030" not in {f.value for f in listed.facts}


def test_long_hostile_lines_are_read_in_linear_time() -> None:
    """Lines shaped to make a backtracking pattern try every position (a lazy name before
    fixed words, a path before "undefined symbol"): a quadratic reader would take minutes
    on these, so a regression shows as a hung test rather than a slow one."""
    shapes = ["a" * 1990, "x " * 990, "/" * 1990, "a.so " * 390, "undefined symbol: " * 100,
              "b" * 1970 + " with CUDA capability sm_", "with CUDA capability sm_" * 80,
              "GPU 0: " + "NVIDIA " * 280, "torch " * 300, "Radeon RX " * 190]  # fmt: skip
    paste = ("PyTorch version: 2.6.0+cu126\n" + "\n".join(shapes * 40) + "\n").encode()
    report = diagnosed(reports.read(paste))
    assert report.lines == 1 + len(shapes) * 40


def test_lspci_names_an_amd_family_by_its_one_gfx_target() -> None:
    paste = reports.read(
        (DRIVERS_ROCM_NIGHTLIES / "comfy1712-rx6700xt-rocm5.7-nightly.md").read_bytes()
    )
    evidence, _ = assemble.evidence_of(paste)
    assert evidence.host is not None and evidence.host.gfx_targets == ("gfx1031",)


def test_a_visibility_variable_read_from_prose_is_judged_without_the_gpu_count() -> None:
    # "CUDA_VISIBLE_DEVICES=7 was used causing "No CUDA GPUs are available"": the count is
    # not shown, but no machine with 7 or fewer GPUs passes any.
    motionctrl = DRIVERS_ROCM_NIGHTLIES / "motionctrl4-run.sh-cuda-visible-devices-7.md"
    report = diagnosed(reports.read(motionctrl.read_bytes()))
    (found,) = [f for f in report.findings if f.code == "devices.mask_hides_all"]
    assert found.params["up_to"] == "7" and found.params["variable"] == "CUDA_VISIBLE_DEVICES"
    # CANN refusing the variable's order is its own verdict that no NPU passes.
    gpustack = (
        DATA
        / "reports_heldout_github_all_causes_bare_messages"
        / "gpustack2527-ascend-rt-visible-devices-not-ascending.md"
    )
    report = diagnosed(reports.read(gpustack.read_bytes()))
    (found,) = [f for f in report.findings if f.code == "devices.mask_hides_all"]
    assert found.remedy is not None
    assert "export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" in found.remedy


def test_the_torch_an_extension_saw_running_outweighs_the_reporters_checklist() -> None:
    # xformers' "(you have 2.1.0+cu121)" against a checklist saying "PyTorch 2.0.1+cu121".
    paste = (
        DATA
        / "reports_heldout_github_mixed_rtx50_flash_attn"
        / "xformers874-built-2.0.1-have-2.1.0cu121.md"
    )
    report = diagnosed(reports.read(paste.read_bytes()))
    (found,) = [f for f in report.findings if f.code == "extension.torch_mismatch"]
    assert found.message == (
        "xformers says it was built for torch==2.0.1, but torch 2.1.0+cu121 is installed"
    )


NVIDIA_ARCH_DRIVER_CPU: Final = DATA / "reports_heldout_github_nvidia_arch_driver_cpu"
EXTENSIONS_APP_CPU_BUILDS: Final = DATA / "reports_heldout_github_extensions_app_cpu_builds"


def codes_of(path: Path) -> dict[str, Any]:
    report = diagnosed(reports.read(path.read_bytes()))
    catalogue_plugin.record(f.code for f in report.findings)
    return {f.code: f for f in report.findings}


def test_cuda_error_35_in_the_runtimes_words_is_the_driver_older_than_the_runtime() -> None:
    # torch 0.4: "cuda runtime error (35) : CUDA driver version is insufficient for CUDA
    # runtime version", cudaErrorInsufficientDriver, with nothing else in the paste.
    for name in ("mmskeleton30-cuda-runtime-error-35-driver-insufficient.md",
                 "yolov3pytorch12-error-35-cuda8-and-cuda9-builds.md"):  # fmt: skip
        found = codes_of(NVIDIA_ARCH_DRIVER_CPU / name)["driver.cuda_too_old"]
        assert "CUDA error 35" in found.message and "no driver answers" in found.message


def test_a_cpu_build_beside_a_geforce_named_only_in_prose_is_a_cpu_only_build() -> None:
    # "- **PyTorch:** 2.9.1+cpu" beside "Nvidia GeForce RTX 2070 SUPER"; YOLOv5's older
    # banner "torch 1.11.0+cpu CPU" beside "(gtx 1080 )"; Ultralytics' banner cut after
    # "torch-2.2.0+cpu" under a title naming "显卡3070ti".
    nvidia, apps = NVIDIA_ARCH_DRIVER_CPU, EXTENSIONS_APP_CPU_BUILDS
    for path in (nvidia / "ezcorridorkey28-rtx2070super-pytorch2.9.1-cpu-gpu-na.md",
                 apps / "yolov5-7639-gtx1080-torch1.11.0-cpu-banner.md",
                 nvidia / "rookieai33-rtx3070ti-title-torch2.2.0-cpu-zh.md"):  # fmt: skip
        assert "torch.cpu_only_build" in codes_of(path), path.name
    # a +cpu torch with no GPU named anywhere says nothing of a GPU
    plain = reports.read(b"Ultralytics YOLOv8.2.54 Python-3.9.13 torch-2.2.0+cpu CPU\n")
    assert "torch.cpu_only_build" not in {f.code for f in diagnosed(plain).findings}


def test_a_geforce_named_by_number_and_ti_has_its_capability() -> None:
    # "my running platform:5070ti  Torch: 2.0.1+cu117" with "no kernel image": a 12.0 GPU
    # under a build whose published list ends long before it.
    found = codes_of(
        NVIDIA_ARCH_DRIVER_CPU / "navrl82-rtx5070ti-torch2.0.1-cu117-no-kernel-image.md"
    )
    assert "device.arch_not_compiled" in found
    facts = reports.read("显卡3070ti, 1080 Ti; RX 6700 XT; 13070ti\n".encode()).facts
    assert [f.value for f in facts if f.key == "prose.gpu"] == [
        "GeForce RTX 3070 Ti",
        "GeForce GTX 1080 Ti",
    ]


def test_xformers_line_without_its_header_and_a_loader_message_over_three_lines() -> None:
    found = codes_of(
        EXTENSIONS_APP_CPU_BUILDS / "ltxdesktop23-xformers-built-2.9.0-cu128-have-2.10.0-cu128.md"
    )
    assert found["extension.torch_mismatch"].params["package"] == "xformers"
    found = codes_of(
        EXTENSIONS_APP_CPU_BUILDS / "taskmatrix25-colab-torchtext-undefined-zeros-call.md"
    )
    assert found["extension.built_for_other_torch"].params["package"] == "torchtext"


ROCM_APUS: Final = DATA / "reports_heldout_github_mixed_rocm_apus"


def test_torchs_own_mps_refusal_decides_without_the_macos_version() -> None:
    # "power op with int64 input is supported natively starting from macOS 13.2": the Mac is
    # below 13.2; "upgrade my macOS to 13.2" is a wish, not the machine's release.
    paste = (ROCM_APUS / "vallex127-mps-power-int64-needs-macos13.2.md").read_bytes()
    report = diagnosed(reports.read(paste))
    (found,) = [f for f in report.findings if f.code == "mps.macos_too_old"]
    # issue 38 (s18-dtype): the operation's own floor, not MPS's as a whole (the op variant)
    assert found.message.startswith("torch's MPS runs this operation from macOS 13.2 only")
    assert all(fact.what != "macOS" for fact in report.facts)
    # the machine's release in prose, the operator's floor in torch's words
    report = diagnosed(reports.read(
        (ROCM_APUS / "segany636-macos12.6.3-intel-mps-uint8-needs-13.md").read_bytes()
    ))  # fmt: skip
    (found,) = [f for f in report.findings if f.code == "mps.macos_too_old"]
    assert found.params["version"] == "12.6.3" and found.params["minimum"] == "13.0"


def test_the_sm_warnings_last_line_names_the_gpu() -> None:
    report = diagnosed(reports.read(
        (ROCM_APUS / "clover159-rtx3060-laptop-list-without-sm-line.md").read_bytes()
    ))  # fmt: skip
    (found,) = [f for f in report.findings if f.code == "device.arch_not_compiled"]
    assert found.params["name"] == "NVIDIA GeForce RTX 3060 Laptop GPU"
    assert found.params["arch"] == "sm_86" and found.params["torch"] == "(version not shown)"


def test_a_torch_symbol_missing_from_an_unnamed_module_is_still_another_torchs_build() -> None:
    report = diagnosed(reports.read(
        (ROCM_APUS / "fa928-torch2.2.1-cu121-zeros-undefined.md").read_bytes()
    ))  # fmt: skip
    (found,) = [f for f in report.findings if f.code == "extension.built_for_other_torch"]
    assert found.message.startswith("a compiled extension was built for another torch")
    assert found.remedy is None and found.advice is not None  # no package to name in a command
    # a symbol that is not torch's names no cause
    paste = b"ImportError: undefined symbol: cublasLtGetVersion\ntorch 2.2.1+cu121\n"
    assert not diagnosed(reports.read(paste)).findings


MACOS_FLOORS: Final = DATA / "reports_heldout_github_mixed_macos_floors"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        # xformers' whole message on one line, as an issue title carries it
        ("a1111-16439-xformers-built-2.3.0-have-2.4.0-title.md", "extension.torch_mismatch"),
        # "i have a 6700xt" next to hipErrorNoBinaryForGpu: gfx1031, in no ROCm wheel
        ("a1111-5067-6700xt-rocm5.1.1-nobinary.md", "device.gfx_not_compiled"),
        # torch's other MPS floor wording: "Support has been added in macOS 13.3"
        ("txdebugger16-macos13.1-cumsum-int64-needs-13.3.md", "mps.macos_too_old"),
        # torch's C shim (aoti_torch_*) missing from libtorchaudio.so
        ("wan2gp1479-libtorchaudio-aoti-undefined-torch2.6.md", "extension.built_for_other_torch"),
    ],
)
def test_message_variants_of_real_reports(name: str, code: str) -> None:
    report = diagnosed(reports.read((MACOS_FLOORS / name).read_bytes()))
    assert code in {f.code for f in report.findings}, report.findings


HIDDEN_DEVICES: Final = DATA / "reports_heldout_github_mixed_hidden_devices"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        # macOS's loader: "dlopen(….so, 2): Symbol not found: __ZN3c10…"
        ("audio307-macos-torch1.4.0a0-source-torchaudio0.3.0-symbol.md",
         "extension.built_for_other_torch"),
        # a const member of at:: is mangled _ZNK2at…
        ("d2-3710-c-so-undefined-tensorbase-torch1.8.0-cu101.md",
         "extension.built_for_other_torch"),
        # "no kernel image" with the GPU named only in a bullet of prose
        ("pt81176-laptop-rtx3070-torch1.2.0-cuda10.0-no-kernel.md", "device.arch_not_compiled"),
        # SD.Next's installer: "nVidia CUDA toolkit detected" next to "Torch 2.0.1+cpu"
        ("sdnext1424-upgrade-torch-2.0.1-cpu-nvidia-toolkit.md", "torch.cpu_only_build"),
    ],
)  # fmt: skip
def test_more_message_variants_of_real_reports(name: str, code: str) -> None:
    report = diagnosed(reports.read((HIDDEN_DEVICES / name).read_bytes()))
    assert code in {f.code for f in report.findings}, report.findings


def test_a_geforce_in_prose_is_not_read_without_torchs_own_verdict() -> None:
    paste = b"torch 2.1.0+cu121\nI also have a GeForce RTX 3090 at home\n"
    report = diagnosed(reports.read(paste))
    assert not report.findings and all(f.what != "GPU" for f in report.facts)


EXTENSIONS_SERVING: Final = DATA / "reports_heldout_github_mixed_extensions_serving"


def test_torchs_answer_and_banners_said_in_prose_are_read() -> None:
    """Read, and left to the checks: without the torch build these reports stay unjudged."""

    def read(name: str) -> list[tuple[str, str | None, str]]:
        paste = reports.read((EXTENSIONS_SERVING / name).read_bytes())
        return [(f.key, f.name, f.value) for f in paste.facts]

    # "(torch.cuda.is_available() == False)", "torch.cuda.is_ available() == false"
    assert ("cuda.available", None, "false") in read("bentoml5443-worker-cuda-visible-devices-1.md")
    rr = read("jinaserve5652-cuda-visible-devices-rr-is-available-false.md")
    assert {("cuda.available", None, "false"), ("env", "CUDA_VISIBLE_DEVICES", "RR")} <= set(rr)
    # Ultralytics' banner: "torch-2.0.0+cpu CPU" after "torch-1.8.1+cu111 CUDA:0 (NVIDIA ...)"
    banner = read("ultralytics1495-rtx3070-torch2.0.0-cpu-after-update.md")
    assert [v for k, _, v in banner if k == "torch.version"] == ["1.8.1+cu111", "2.0.0+cpu"]
    assert ("gpu", None, "NVIDIA GeForce RTX 3070") in banner


def test_html_comments_of_an_issue_body_are_not_read() -> None:
    """PyTorch's bug report template filled in as reporters do: vllm#3482's collect_env
    under "## Environment", and an earlier attempt's line commented out in the template's
    own "Add any other context" comment. GitHub shows neither comment; hwdoctor reads the
    collect_env alone, at the line numbers of the paste."""
    template = (DATA / "templates" / "pytorch-bug-report.md").read_text("utf-8")
    collect_env = (CORPUS / "collect_env" / "vllm3482-torch2.1.2-cu121-l4-driver535.txt").read_text(
        "utf-8"
    )
    body = template.replace(
        "python collect_env.py\n```\n", "python collect_env.py\n```\n\n" + collect_env, 1
    ).replace(
        "<!-- Add any other context about the problem here. -->",
        "<!-- Add any other context about the problem here.\nPyTorch version: 1.8.0+cu111\n-->",
    )
    paste = reports.read(body.encode())
    torch = [f for f in paste.facts if f.key == "torch.version"]
    assert [f.value for f in torch] == ["2.1.2+cu121"]
    lines = body.splitlines()
    assert lines[torch[0].quote.line - 1] == "PyTorch version: 2.1.2+cu121"
    alone = reports.read(collect_env.encode())
    assert len(paste.facts) == len(alone.facts)


def test_a_version_ending_a_sentence_leaves_the_full_stop_out() -> None:
    """A build's local label ends at its last word ("2.6.0+cu126."), never takes the full
    stop of the sentence: the version is one the wheel table can find."""
    facts = reports.read(b"I installed torch 2.6.0+cu126. Then it fails.\n").facts
    assert [(f.name, f.value) for f in facts if f.key == "prose.package"] == [
        ("torch", "2.6.0+cu126")
    ]


RDNA_TORCHTEXT: Final = DATA / "reports_heldout_github_mixed_rdna_torchtext"


def test_a_gpu_key_in_markdown_bold_names_the_gpu() -> None:
    # pytorch#160804's list: "- **GPU**: NVIDIA GeForce RTX 5090 (32GB GDDR7)" beside
    # "- **PyTorch Version**: 2.2.0+cu121", whose published list ends at sm_90.
    facts = reports.read(b"- **GPU**: NVIDIA GeForce RTX 5090 (32GB GDDR7)\n").facts
    assert [(f.key, f.value) for f in facts] == [("gpu", "NVIDIA GeForce RTX 5090")]
    facts = reports.read(b"- **GPU:** NVIDIA GeForce RTX 3050\n").facts
    assert [(f.key, f.value) for f in facts] == [("gpu", "NVIDIA GeForce RTX 3050")]
    found = codes_of(RDNA_TORCHTEXT / "pt160804-rtx5090-torch-2.2.0-cu121-not-detected.md")
    assert found["device.arch_not_compiled"].params["arch"] == "sm_120"


def test_a_torch_classs_virtual_table_missing_is_a_torch_symbol_missing() -> None:
    # PARE#29: torch::jit::Method's vtable, mangled with the Itanium ABI's "TV" special name.
    paste = b"I encountered a problem: undefined symbol: _ZTVN5torch3jit6MethodE\n"
    (found,) = diagnosed(reports.read(paste)).findings
    assert found.code == "extension.built_for_other_torch"


@pytest.mark.parametrize(
    ("paste", "fact", "code"),
    [
        pytest.param(  # the message in the reporter's lower case, a GTX 1080 Ti in prose
            b'I got this error "torch not compiled with cuda enabled" when I wanted to define a '
            b"tensor on GPU.\nand I have Geforce GTX 1080 Ti\n",
            None, "torch.cpu_only_build", id="pytorch#41227",
        ),
        pytest.param(  # the line lost its first letter ("ocBLAS error: …"); rocBLAS's " for
            # GPU arch : gfx1201" (library/src/tensile_host.cpp) still names the target
            b"> ocBLAS error: Cannot read C:\\Program Files\\AMD\\ROCm\\6.2\\bin\\/rocblas/library/"
            b"TensileLibrary.dat: No such file or directory for GPU arch : gfx1201\n",
            ("gfx", "gfx1201"), "device.gfx_not_compiled", id="FramePack-ZLUDA#4",
        ),
        pytest.param(  # "my 9070 XT AMD GPU" beside HIP's "invalid device function"
            b"I am attempting to run ComfyUI using ROCm6.3, however I run into issues when trying "
            b"to run it using my 9070 XT AMD GPU.\n"
            b'I either get a "**HIP error: invalid device function**" error if I start main.py\n',
            ("gpu", "Radeon RX 9070 XT"), "device.gfx_not_compiled", id="ComfyUI#7400",
        ),
        pytest.param(  # its check_torch logs "nVidia toolkit detected" when nvidia-smi is there
            b">INFO     nVidia toolkit detected\n>INFO     Torch 2.0.1+cpu\n"
            b">WARNING  Torch reports CUDA not available\n",
            None, "torch.cpu_only_build", id="kohya_ss#1608",
        ),
        pytest.param(  # torch 1.4's op lookup's words for a torchvision operator missing
            b"why will it report an error? RuntimeError: No such operator torchvision::nms\n"
            b"torch 1.4.0+cu92\ntorchvision 0.5.0\n",
            ("message.undefined_symbol", "torchvision: built for another torch"),
            "extension.built_for_other_torch", id="Yet-Another-EfficientDet#696",
        ),
        pytest.param(  # a workstation RTX of the A series in prose, beside torch's arch list
            b"When trying to use a Nvidia RTX A6000 we get this error message:\n```\n"
            b"The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70.\n",
            ("prose.gpu", "Nvidia RTX A6000"), "device.arch_not_compiled", id="fedbiomed#464",
        ),
        pytest.param(  # the build's version told in the reporter's words; the GPU misnamed
            b'However, after i download anomalib, my pytorch version changes to "1.12.0+cpu" '
            b"and is_available() returns False. \n"
            b"- GPU models and configuration: RTX 1080 Ti\n",
            ("prose.package", "1.12.0+cpu"), "torch.cpu_only_build", id="anomalib#908",
        ),
    ],
)  # fmt: skip
def test_real_lines_name_their_cause(paste: bytes, fact: tuple[str, str] | None, code: str) -> None:
    read = reports.read(paste)
    if fact is not None:
        assert fact in {(f.key, f.value) for f in read.facts}
    assert code in {f.code for f in diagnosed(read).findings}


def test_what_the_reporter_expected_is_not_what_torch_said() -> None:
    # Real lines: anomalib#908's story ("is_available() returns False") and its template's
    # "### Expected behavior" wish ("return True"); parsl#3858's "**Environment**", the bold
    # line that ends its "**Expected behavior**"; pytorch#177819's MPS answer, not CUDA's.
    story = (
        b'However, after i download anomalib, my pytorch version changes to "1.12.0+cpu" and '
        b"is_available() returns False. \n"
    )
    paste = (
        story + b"### Expected behavior\n\ntorch.cuda.is_available() return True\n"
        b"**Environment**\ntorch.backends.mps.is_available() == False\n" + story
    )
    facts = [(f.key, f.name, f.value, f.quote.line) for f in reports.read(paste).facts]
    assert facts == [
        ("prose.package", "torch", "1.12.0+cpu", 1),
        ("cuda.available", None, "false", 1),
        # s21-container: the MPS check names MPS (a context fact: no availability is read)
        ("prose.apple_gpu", None, "MPS", 6),
        ("prose.package", "torch", "1.12.0+cpu", 7),
        ("cuda.available", None, "false", 7),
    ]


def test_a_torch_symbol_after_a_cut_loader_message_is_still_torchs() -> None:
    # SongGeneration#85's title: "undefined" mistyped, c10::Error's constructor after it.
    paste = reports.read(
        b"# Ubuntu 22.04 , ufined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic"
        b"_stringIcSt11char_traitsIcESaIcEEE\n"
    )
    (found,) = diagnosed(paste).findings
    assert found.code == "extension.built_for_other_torch"
    assert "which torch (version not shown) does not provide" in found.message
    # without "undefined", a symbol that is not torch's is not read at all
    with pytest.raises(UsageError):
        reports.read(b"ufined symbol: cublasLtGetVersion\n")
    lines = ("x symbol: " * 199 + "\n") * 200
    assert not diagnosed(reports.read(("torch 2.6.0+cu124\n" + lines).encode())).findings


def test_a_geforce_with_its_series_word_run_into_the_number() -> None:
    # std#7: "my GPU(RTX4060)" beside torch's "no kernel image" under pytorch 1.7: an 8.9 GPU.
    paste = reports.read(
        b"install cuda toolkit 10.2 and pytorch 1.7, I get torch.cuda is available however I "
        b"still get RuntimeError: CUDA error: no kernel image is available for execution on "
        b"the device.\nFrom what I understood my GPU(RTX4060) needs latest (12.x) CUDA version.\n"
    )
    (found,) = diagnosed(paste).findings
    assert found.code == "device.arch_not_compiled" and found.params["arch"] == "sm_89"
    # the same name without torch's own verdict is still not read
    paste = reports.read(b"torch 2.1.0+cu121\nI also have an RTX4090 at home\n")
    assert not diagnosed(paste).findings


def test_torchs_capability_range_warning_is_no_verdict_for_a_newer_minor() -> None:
    # torch 2.7-2.10's range warning compares with its CUDA version's lowest and highest
    # capability; a cubin for X.y runs on X.z, z >= y: GB10 (12.1) runs a (8.0)-(12.0) build's
    # sm_120 code (neural-lam#163, where it did), a GTX 1080 Ti (6.1) does not (comfy docker#61).
    lines = b"    Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.\n" + (
        b"    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
        b"    (8.0) - (12.0)\n"
    )
    facts = {(f.key, f.value) for f in reports.read(lines).facts}
    assert ("message.capability_range", "8.0-12.0") in facts
    assert "device.arch_not_compiled" not in codes_of_text(lines)
    heldout = codes_of(
        DATA
        / "reports_heldout_github_all_causes_with_other"
        / "comfydocker61-gtx1080ti-sm61-torch-min-cc-7.0-cu128.md"
    )
    assert heldout["device.arch_not_compiled"].params["arch"] == "sm_61"


def codes_of_text(text: bytes) -> set[str]:
    return {f.code for f in diagnosed(reports.read(text)).findings}


def test_a_gpu_below_every_published_wheel_is_not_sent_to_another_build() -> None:
    # pytorch#31876: a GeForce 210 (1.2) under torch 1.2.0; the oldest published wheel in the
    # table, torch 1.0 for CUDA 8.0, starts at sm_20: no build to move to, no pip line.
    found = codes_of(
        DATA
        / "reports_heldout_github_mixed_arch_rtx50_krita"
        / "pt31876-geforce210-collect-env-torch1.2-cuda10.md"
    )
    arch = found["device.arch_not_compiled"]
    assert "none has code for sm_12" in (arch.advice or "") and arch.remedy is None


def test_a_report_from_windows_gets_no_linux_wheel_for_rocm() -> None:
    # FramePack-ZLUDA#4: rocBLAS under HIP SDK 6.2 on Windows ("C:\Program Files\AMD\ROCm\6.2
    # \bin"), a 9070 XT (gfx1201). download.pytorch.org's ROCm wheels are manylinux only, so
    # the pip line and the (Linux only) HSA override give way to AMD's Windows wheels.
    windows = codes_of(
        RDNA_TORCHTEXT / "framepackzluda4-rx9070xt-gfx1201-tensilelibrary-hip-sdk-6.2.md"
    )
    gfx = windows["device.gfx_not_compiled"]
    assert gfx.remedy is None
    assert "ROCm builds (download.pytorch.org/whl/rocm*) are for Linux only" in gfx.advice
    assert "install-pytorch.html" in gfx.advice
    # pytorch#179865: the same rocBLAS message under a Linux venv keeps the ROCm wheel.
    linux = codes_of(DRIVERS_ROCM_NIGHTLIES / "pt179865-gfx900-vega56-rocm7.2-nightly.md")
    assert (
        "--index-url https://download.pytorch.org/whl/rocm"
        in linux["device.gfx_not_compiled"].remedy
    )
    # the paste's OS line says it as well as a path does; a path with no drive does not
    facts = reports.read(b"C:\\Users\\ale\\Desktop\\sd\\sd.exe -m model.safetensors\n").facts
    assert [(f.key, f.value) for f in facts] == [
        ("prose.windows_path", "C:\\Users\\ale\\Desktop\\sd\\")
    ]
    said = reports.read(b"Step C:\\n then /opt/rocm/bin\nPyTorch version: 2.5.1\n").facts
    assert "prose.windows_path" not in {f.key for f in said}


def test_two_torch_versions_in_the_reporters_words_are_left_unknown_and_said() -> None:
    # anomalib#908: the story's "1.12.0+cpu" and the template's "PyTorch version: 1.13.1";
    # nothing tells which is installed now, so neither is taken, and the report says why.
    paste = (
        b'However, after i download anomalib, my pytorch version changes to "1.12.0+cpu" and '
        b"is_available() returns False. \n"
        b"- PyTorch version: 1.13.1\n- GPU models and configuration: RTX 1080 Ti\n"
    )
    report = diagnosed(reports.read(paste))
    assert not report.findings
    assert "torch's version: the paste says '1.12.0+cpu' (line 1), '1.13.1' (line 2)" in (
        report.skipped
    )


# --- issue 33: every line that looks like an error is accounted for -------------------------

NVML_CASE: Final = (
    CORPUS / "errors/wanpihou-zh-nvml-driver-library-mismatch-570.133.07-module-570.124.06.md"
)


def test_nvml_and_nvrm_lines_name_the_driver_library_mismatch() -> None:
    """A public Chinese write-up: nvidia-smi's "Failed to initialize NVML: Driver/library
    version mismatch" and dmesg's "NVRM: API mismatch: client version 570.133.07, kernel module
    version 570.124.06" (README of the corpus). It was "no report hwdoctor reads" (exit 2);
    with a torch version above it, "no problem" (exit 0)."""
    text = NVML_CASE.read_bytes()
    for paste in (text, b"torch version is 2.1.0\n" + text):
        report = diagnosed(reports.read(paste))
        (finding,) = [f for f in report.findings if f.code == "driver.library_mismatch"]
        assert finding.params["kernel"] == "570.124.06"
        assert finding.params["library"] == "570.133.07"
        quoted = report.rests_on[report.findings.index(finding)]
        assert any("API mismatch: client version 570.133.07" in q.text for q in quoted)
        assert all("version mismatch" in q.text or "NVRM" in q.text for q in quoted), quoted
        assert not report.unread and report.exit_code == 1
    # NVML's words alone: the versions are not shown, the verdict is NVML's
    report = diagnosed(
        reports.read(b"# Failed to initialize NVML: Driver/library version mismatch\n")
    )
    (finding,) = report.findings
    assert finding.code == "driver.library_mismatch" and "differ in version" in finding.message
    # the kernel's own two-line form (open-gpu-kernel-modules osapi.c)
    facts = reports.read(
        b"[ 52.396206] NVRM: API mismatch: the client has the version 440.82, but\n"
        b"               NVRM: this kernel module has the version 390.48.  Please\n"
    ).facts
    assert {(f.key, f.value) for f in facts} >= {("nvrm.client", "440.82"),
                                                 ("nvrm.kernel", "390.48")}  # fmt: skip


def test_an_error_line_no_finding_explains_is_listed_and_never_no_problem(
    tmp_path: Path,
) -> None:
    # Lightning's MisconfigurationException (pytorch-lightning#14634): no finding reads it.
    path = CORPUS / "issue_body/lightning14634-m1-pro-processor-i386-mpsaccelerator-unavailable.md"
    report = diagnose(path)
    assert isinstance(report, PasteReport) and not report.findings
    assert [q.line for q in report.unread] == [5] and report.unread_count == 1
    assert report.exit_code == 1
    result = run_hwdoctor("detect", "--from", str(path))
    assert result.returncode == 1, result
    first = result.stdout.splitlines()[0]
    assert first.startswith("Pasted report: nothing it knows, and 1 error line no finding")
    assert "Lines that look like errors and that no finding explains:" in result.stdout
    assert "line 5: pytorch_lightning.utilities.exceptions.MisconfigurationException" in (
        result.stdout
    )
    reply = run_hwdoctor("detect", "--from", str(path), "--format", "markdown").stdout
    assert "#### Lines that look like errors and that no finding explains" in reply
    assert all("MisconfigurationException" not in line for line in outside_fences(reply))
    data = run_hwdoctor("detect", "--from", str(path), "--json").json()["data"]
    assert data["unread_count"] == 1 and data["unread"][0]["line"] == 5
    # a line torch's finding rests on is explained: not listed beside it
    found = diagnose(CORPUS / "errors/ivadomed69-torch1.3-driver-too-old-10000.md")
    assert isinstance(found, PasteReport) and found.findings and not found.unread


def test_error_lines_of_a_paste_are_bounded() -> None:
    line = b"RuntimeError: CUDA error: an illegal memory access was encountered\n"
    report = diagnosed(reports.read(b"torch 2.1.0+cu121\n" + line * 5000))
    assert report.unread_count == 5000
    assert len(report.unread) <= 200
    from hwdoctor.render import markdown, paste

    assert "and 4,990 more" in paste.text(report)
    assert len(markdown.pasted(report)) < 65_536


# Real lines that look like an error, from the corpus.
_ERROR_LINES: Final = sorted({
    line.strip()
    for sample in _SAMPLES
    for line in sample.decode("utf-8", "replace").splitlines()
    if cleaning.error_like(cleaning.clean(line))
})  # fmt: skip


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(_SAMPLES) - 1),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)), min_size=1, max_size=3),
)
def test_fuzz_error_lines_planted_in_real_reports_never_end_in_no_problem(
    which: int, planted: list[tuple[int, int]]
) -> None:
    """An error line planted anywhere in a real report: a finding accounts for it, or it is
    listed; the report never says "no problem", and its exit code is 1."""
    lines = _SAMPLES[which].split(b"\n")
    for where, what in planted:
        lines.insert(where % (len(lines) + 1), _ERROR_LINES[what % len(_ERROR_LINES)].encode())
    report = diagnosed(reports.read(b"\n".join(lines)))
    from hwdoctor.render import paste

    assert "no problem" not in paste.counts(report)
    assert report.findings or report.unread_count >= 1
    assert report.exit_code == 1 or not (report.unread_count or errors_of(report))


def test_accelerate_configs_use_cpu_beside_a_cuda_torch_is_named() -> None:
    """accelerate#1048: "accelerate cannot find the gpu"; its accelerate env shows `use_cpu:
    True` in the default config beside `PyTorch version (GPU?): 1.12.1+cu116 (True)`. It was
    "no problem"; the live explain's rule (ACCELERATE_USE_CPU → PartialState(cpu=True)) says
    where `accelerate launch` runs."""
    path = CORPUS / "accelerate_env/acc1048-0.16.0-v100-use-cpu-true.txt"
    found = codes_of(path)["accelerate.config_uses_cpu"]
    assert "runs every process on cpu although torch 1.12.1+cu116 sees cuda" in found.message
    assert "accelerate config" in (found.remedy or "")
    report = diagnose(path)
    assert isinstance(report, PasteReport)
    quoted = [q.text for q in report.rests_on[0]]
    assert quoted == ["- PyTorch version (GPU?): 1.12.1+cu116 (True)", "- use_cpu: True"]
    # use_cpu: False, or no GPU torch can see: nothing to say
    for said, changed in ((b"use_cpu: True", b"use_cpu: False"), (b"(True)", b"(False)")):
        text = path.read_bytes().replace(said, changed)
        assert "accelerate.config_uses_cpu" not in codes_of_text(text), changed


ERRORS: Final = CORPUS / "errors"


def test_an_operator_without_an_mps_kernel_is_named_with_the_fallback_and_its_cost() -> None:
    """torch's NotImplementedError for an operator MPS lacks, in both wordings (the fallback's
    and the dispatcher's), from real threads: the operator, the torch version, the fallback
    variable with its cost, and the release a source says implements it."""
    nms = codes_of(ERRORS / "pt77754-torch2.2.1-torchvision0.17.1-mps-nms-not-implemented.md")
    found = nms["mps.operator_not_implemented"]
    assert found.params["operator"] == "torchvision::nms" and found.params["torch"] == "2.2.1"
    assert "export PYTORCH_ENABLE_MPS_FALLBACK=1" in (found.remedy or "")
    assert "slower than on MPS" in (found.remedy or "") and not found.advice
    older = codes_of(ERRORS / "invokeai232-mps-index-put-impl-not-current-implemented.md")
    advice = older["mps.operator_not_implemented"].advice or ""
    assert "torch 1.13 and newer implement it on MPS" in advice and "#77764" in advice
    report = diagnose(ERRORS / "pt77754-could-not-run-bitwise-xor-from-the-mps-backend.md")
    assert isinstance(report, PasteReport) and not report.unread
    operators = [f.params["operator"] for f in report.findings]
    assert operators == ["aten::bitwise_xor.Tensor_out", "aten::_index_put_impl_"]
    assert [[q.line for q in quotes] for quotes in report.rests_on] == [[6], [11]]
    # a newer torch than the source's release gets no such advice
    paste = b"torch 2.3.0\nNotImplementedError: The operator 'aten::_index_put_impl_' is not "
    paste += b"currently implemented for the MPS device.\n"
    (found,) = diagnosed(reports.read(paste)).findings
    assert found.advice is None


@pytest.mark.parametrize(
    ("name", "operator", "torch"),
    [
        ("ichigo101-sparsempss-empty-memory-format-only-available-for.md",
         "aten::empty.memory_format", "(version not shown)"),
        ("pt141711-m1-ultra-torch2.5.1-whisper-sparsemps-coo-tensor.md",
         "aten::_sparse_coo_tensor_with_dims_and_tensors", "2.5.1"),
        ("pt141320-sparse-coo-tensor-on-mps-device.md",
         "aten::_sparse_coo_tensor_with_dims_and_tensors", "(version not shown)"),
    ],
)  # fmt: skip
def test_an_operator_without_a_kernel_for_sparse_tensors_on_mps_is_named_without_the_fallback(
    name: str, operator: str, torch: str
) -> None:
    """The dispatcher's words for the SparseMPS key (a sparse tensor on the Apple GPU), in
    straight and typographic quotes: the operator is named with its sparse variant, whose
    remedy keeps the tensor on the CPU, never PYTORCH_ENABLE_MPS_FALLBACK, which covers the MPS
    key alone (MPSFallback.mm; pytorch/pytorch#143955), and nothing is left unread."""
    report = diagnose(ERRORS / name)
    assert isinstance(report, PasteReport) and report.unread_count == 0
    (found,) = report.findings
    assert found.code == "mps.operator_not_implemented" and "the tensor is sparse" in found.message
    assert found.params["operator"] == operator + " (SparseMPS)"
    assert found.params["torch"] == torch and found.backend == "mps"
    assert not found.remedy and "PYTORCH_ENABLE_MPS_FALLBACK does not cover" in found.message
    assert "to_dense()" in (found.advice or "") and 'device="cpu"' in (found.advice or "")


def test_findings_that_come_together_explain_the_symptom_first_and_do_not_fight() -> None:
    """pytorch#78343: an M1 on macOS 12.2.1 with a torch 1.13 nightly says "Is MPS available?
    False"; torchvision 0.12.0 and torchaudio 0.11.0 pin torch 1.11, which has no MPS at all.
    The MPS finding comes first; the companions move to the nightly of the torch it keeps,
    never torch to 1.11; and no finding rests on a line its rule did not read."""
    path = CORPUS / "issue_body/pt78343-mps-built-not-available-macos12.2.1-arm64-collect-env.md"
    report = diagnose(path)
    assert isinstance(report, PasteReport)
    assert [f.code for f in report.findings] == [
        "mps.macos_too_old",
        "extension.torch_mismatch",
        "extension.torch_mismatch",
    ]
    remedies = "\n".join(f.remedy or "" for f in report.findings)
    assert "torch==1.11" not in remedies
    advice = "\n".join(f.advice or "" for f in report.findings)
    assert "torchvision's nightly of the same day, torchvision==0.14.0.dev20220525" in advice
    assert "torchaudio==0.13.0.dev20220525" in advice
    for quotes in report.rests_on:
        assert not any(q.text.startswith(("ROCM used", "CUDA used", "Is CUDA")) for q in quotes)
    # without a finding about MPS, the pin's remedy is still the torch it names
    alone = b"PyTorch version: 1.13.0\n[pip3] torch==1.13.0\n[pip3] torchvision==0.12.0\n"
    (found,) = diagnosed(reports.read(alone)).findings
    assert "torch==1.11" in (found.remedy or "")
    # a release's companion moves by a pip line, its series from the compat table
    paste = b"The MPS backend is supported on MacOS 12.3+\n" + alone
    moved = [f for f in diagnosed(reports.read(paste)).findings
             if f.code == "extension.torch_mismatch"]  # fmt: skip
    assert "torchvision==0.14.*" in (moved[0].remedy or ""), moved


def test_facts_said_in_sentences_are_read_and_quoted() -> None:
    """pytorch#167244 tells its machine in the reporter's words: "CUDA 12.4 drivers (RTX
    5090, driver 570.124.06)", "- Python: 3.11.9", "- GPU: 2× RTX 5090"; the real REPL banner
    "Python 3.11.14 (main, …)" (tt-forge#890) says Python too. Each is a fact with its line."""
    name = "pt167244-prose-env-driver-570.124.06-python-3.11.9-2x-rtx5090-cu124-nightly.md"
    path = CORPUS / "issue_body" / name
    report = diagnose(path)
    assert isinstance(report, PasteReport)
    shown = {(f.what, f.value, f.quote.line) for f in report.facts}
    assert {("NVIDIA driver", "570.124.06", 12), ("Python", "3.11.9", 31),
            ("GPUs (the reporter's count)", "2", 29)} <= shown  # fmt: skip
    banner = diagnose(
        CORPUS / "issue_body/ttforge890-pip-list-torch2.9.0cpu-torchvision0.24.0-nms.md"
    )
    assert isinstance(banner, PasteReport)
    assert any(f.what == "Python" and f.value == "3.11.14" for f in banner.facts)
    # transformers' version in a sentence is the package's; a longer name's is not ((s19-rows)
    # sentence-transformers, a row of compat/support.py now, is what the words are about)
    facts = reports.read(
        b"I use transformers 4.51.3 and sentence-transformers 2.2.2 on python3.8/site-packages\n"
    ).facts
    assert [(f.key, f.name, f.value) for f in facts if f.key == "prose.package"] == [
        ("prose.package", "transformers", "4.51.3")
    ]
    # a stated driver is what the driver check reads, and its finding quotes the sentence
    paste = b"PyTorch version: 2.1.0+cu121\nMy NVIDIA driver is 470.82.01 and I have 2 GPUs\n"
    report = diagnosed(reports.read(paste))
    (found,) = [f for f in report.findings if f.code.startswith("driver.")]
    quotes = report.rests_on[report.findings.index(found)]
    assert "My NVIDIA driver is 470.82.01 and I have 2 GPUs" in [q.text for q in quotes]


def test_nvcc_of_another_major_release_than_torchs_cuda_is_named() -> None:
    """torch/utils/cpp_extension.py `_check_cuda_version`: BuildExtension refuses an nvcc
    whose major release differs from torch.version.cuda's and only warns on a minor one.
    sglang#5389's check_env shows nvcc 11.7 beside torch 2.5.1+cu124; #931's nvcc 12.6 beside
    cu121, and #2805's 12.1 beside cu121, build."""
    folder = CORPUS / "sglang_check_env"
    report = diagnose(folder / "sgl5389-0.4.5-a100-nvcc11.7-torch-cu124-flashinfer-missing.txt")
    assert isinstance(report, PasteReport)
    [found] = [f for f in report.findings if f.code == "extension.nvcc_major_mismatch"]
    assert found.severity.value == "warning"
    assert "release 11.7" in found.message and "CUDA 12.4" in found.message
    rests = report.rests_on[report.findings.index(found)]
    assert [q.text for q in rests if "NVCC" in q.text or "PyTorch" in q.text] == [
        "NVCC: Cuda compilation tools, release 11.7, V11.7.64",
        "PyTorch: 2.5.1+cu124",
    ]
    for same_major in (
        "sgl931-0.2.10-tesla-t4-no-capability-line.txt",
        "sgl2805-0.4.0post2-a40-cc8.6-pydantic-warning.txt",
    ):
        other = diagnose(folder / same_major)
        assert isinstance(other, PasteReport)
        assert "extension.nvcc_major_mismatch" not in {f.code for f in other.findings}
