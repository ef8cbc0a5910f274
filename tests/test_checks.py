"""Unit tests of diagnosis: every check on small evidence fixtures, pure, no subprocess.

Each test starts from the recorded evidence of a real CPU-only machine
(tests/data/evidence/cpu-host.json) and changes the facts it is about. The end-to-end
tests (test_detect, test_faults, ...) show that gathering produces such evidence.
"""

from __future__ import annotations

import dataclasses
import shlex
import types
from collections.abc import Iterable

import pytest

from hwdoctor import devices, diagnosis, rules
from hwdoctor.diagnosis import load as judged
from hwdoctor.diagnosis import ranks
from hwdoctor.diagnosis.catalogue import CATALOGUE, Code
from hwdoctor.gather.probe import answers
from hwdoctor.model.answers import Failure, PlacementRow, VerifyRun
from hwdoctor.model.facts import Evidence, NvidiaDriver, Section, TorchInfo
from hwdoctor.model.reports import Finding, Status
from hwdoctor.model.runs import ProbeRun, RunOutcome, StepResult
from hwdoctor.rules import provenance
from tests.conftest import ROOT
from tests.evidence import (
    codes,
    cpu_host,
    one,
    params,
    usable,
    with_backend,
    with_entry_point,
    with_env,
    with_failure,
    with_package,
    with_signal,
    with_tool_problem,
)
from tests.test_distributed import rank as _rank

# The releases of transformers the tables were read from (make refresh moves the newest).
TRANSFORMERS_READ = provenance.libraries()["transformers"]


def detect_codes(evidence: Evidence) -> list[str]:
    return codes(diagnosis.detect(evidence).findings)


def explain_codes(evidence: Evidence, **options: object) -> list[str]:
    return codes(diagnosis.explain(evidence, **options).findings)  # type: ignore[arg-type]


def test_the_recorded_cpu_host_is_healthy() -> None:
    report = diagnosis.detect(cpu_host())
    assert detect_codes(cpu_host()) == []
    assert report.exit_code == 0
    assert [b.key for b in report.backends if b.status is Status.OK] == ["cpu"]
    assert report.decisions is not None and report.decisions.training == "cpu"


# --- torch itself ----------------------------------------------------------------------------


def test_torch_missing() -> None:
    evidence = dataclasses.replace(cpu_host(), torch=TorchInfo(version=None, importable=False))
    found = one(diagnosis.detect(evidence).findings, "torch.missing")
    assert found.message == "torch is not installed in /work/main/.venv/bin/python"


def _torch_fails(kind: str, *, autoload: bool = False, signal: str | None = None) -> Evidence:
    evidence = dataclasses.replace(
        cpu_host(), torch=TorchInfo(version="2.13.0+cpu", importable=False)
    )
    return with_failure(evidence, "import torch", kind, signal=signal, autoload=autoload)


def test_torch_broken_even_without_autoload() -> None:
    found = one(diagnosis.detect(_torch_fails("error")).findings, "torch.broken")
    assert "torch itself is broken" in found.message
    # the installed build again, from its own index, saying it keeps torch
    assert found.remedy == (
        "/work/main/.venv/bin/python -m pip install --force-reinstall torch==2.13.0 "
        "--index-url https://download.pytorch.org/whl/cpu\n"
        "# keeps torch 2.13.0 (cpu), reinstalled from its index"
    )


def test_torch_import_hangs_and_crashes() -> None:
    hangs = one(diagnosis.detect(_torch_fails("timeout")).findings, "torch.import_hangs")
    assert "no progress for 60 s even with TORCH_DEVICE_BACKEND_AUTOLOAD=0" in hangs.message
    crashed = _torch_fails("crashed", signal="SIGSEGV")
    found = one(diagnosis.detect(crashed).findings, "torch.import_crashes")
    assert found.message == "import torch 2.13.0+cpu kills the interpreter (SIGSEGV)"


@pytest.mark.parametrize(
    ("kind", "words"),
    [("error", "raises RuntimeError: boom"), ("timeout", "hangs in"), ("crashed", "crashes in")],
)
def test_autoload_broken_names_the_entry_point(kind: str, words: str) -> None:
    evidence = with_entry_point(cpu_host(), "torch_npu", "torch_npu:_autoload", "torch-npu")
    evidence = with_failure(evidence, "autoload torch_npu", kind, signal="SIGABRT")
    found = one(diagnosis.detect(evidence).findings, "torch.autoload_broken")
    assert words in found.message
    assert "entry point torch_npu:_autoload, from torch-npu" in found.message
    assert found.backend == "npu"
    assert found.remedy and "TORCH_DEVICE_BACKEND_AUTOLOAD=0" in found.remedy


def test_python_unusable() -> None:
    evidence = with_failure(cpu_host(), "start", "crashed", signal="exit 127")
    found = one(diagnosis.detect(evidence).findings, "python.unusable")
    assert found.message.endswith("did not run hwdoctor's probe (exit 127)")


# --- builds, packages, extensions ----------------------------------------------------------


def test_cpu_only_build_on_a_gpu_host() -> None:
    evidence = with_signal(cpu_host(), "cuda", "10de:2330 at 0000:3b:00.0")
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")
    assert found.message == (
        "NVIDIA GPU hardware is present (10de:2330 at 0000:3b:00.0) but torch 2.13.0+cpu is "
        "a CPU build"
    )


@pytest.mark.parametrize(
    ("driver", "capability", "index", "why"),
    [
        # A GTX 1080 (6.1) on driver 535 (CUDA 12.2): torch 2.13's cu126 build carries sm_60
        # and runs on 12.x drivers through minor-version compatibility; cu130 needs R580.
        ("535.104.05", "6.1", "cu126", "carries sm_60"),
        # An L4 (8.9) on driver 580: the newest index of 2.13, CUDA 13.2, runs on R580 through
        # minor-version compatibility, and its sm_86 cubins (the closest below 8.9) run on it.
        ("580.95.05", "8.9", "cu132", "carries sm_86"),
    ],
)
def test_a_cpu_build_on_an_nvidia_host_gets_the_index_for_its_gpu_and_driver(
    driver: str, capability: str, index: str, why: str
) -> None:
    evidence = with_signal(cpu_host(), "cuda", "10de:1b80 at 0000:3b:00.0")
    assert evidence.host is not None
    nvidia = NvidiaDriver(kernel_module=driver, module_loaded=True, capabilities=(capability,))
    evidence = dataclasses.replace(evidence, host=dataclasses.replace(evidence.host, nvidia=nvidia))
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")
    assert found.remedy is not None
    command, reason = found.remedy.splitlines()[-2:]
    assert command.endswith(
        f"install --force-reinstall torch==2.13.0 --index-url https://download.pytorch.org/whl/{index}"
    ), found.remedy
    assert reason.startswith(f"# keeps torch 2.13.0 and changes its build from cpu to {index}")
    assert f": {index} is the newest build" in reason and why in reason, reason
    explained = diagnosis.explain_device(evidence, devices.parse("cuda"))
    row = next(r for r in explained.rows if r.key == "cuda")
    assert f"whl/{index}" in str(row.install_command) and why in str(row.install_command)


def test_build_for_another_accelerator() -> None:
    evidence = dataclasses.replace(
        cpu_host(),
        torch=dataclasses.replace(cpu_host().torch, build="cuda"),  # type: ignore[arg-type]
    )
    evidence = with_signal(evidence, "rocm", "1002:74a1 at 0000:c1:00.0")
    assert "torch.build_mismatch" in detect_codes(evidence)


def test_hardware_without_its_package() -> None:
    evidence = with_signal(cpu_host(), "npu", "19e5:d802 at 0000:01:00.0")
    found = one(diagnosis.detect(evidence).findings, "hardware.package_missing")
    assert found.remedy == "/work/main/.venv/bin/python -m pip install torch-npu\n# " + (
        registry_install_note("npu")
    )
    assert diagnosis.detect(evidence).backend("npu").status is Status.WARN


def registry_install_note(key: str) -> str:
    from hwdoctor import registry

    return registry.BY_KEY[key].install_note


def test_extension_import_fails() -> None:
    evidence = with_backend(cpu_host(), "npu", installed=True, version="2.1.0", importable=False)
    evidence = with_failure(evidence, "import torch_npu", "error", ("ImportError", "libhccl.so"))
    found = one(diagnosis.detect(evidence).findings, "extension.import_failed")
    assert "torch-npu 2.1.0 is installed but import torch_npu raises ImportError" in found.message


def test_extension_requires_another_torch() -> None:
    evidence = with_package(cpu_host(), "torch-npu", "2.1.0", "torch==2.1.0")
    found = one(diagnosis.detect(evidence).findings, "extension.torch_mismatch")
    assert (
        found.message == "torch-npu 2.1.0 requires torch==2.1.0, but torch 2.13.0+cpu is installed"
    )


@pytest.mark.parametrize("requirement", ["torch==2.*.*", "torch~= 2", "torch>=1." + "9" * 5000])
def test_an_invalid_torch_requirement_is_reported_as_invalid(requirement: str) -> None:
    evidence = with_package(cpu_host(), "torch-npu", "2.1.0", requirement)
    found = diagnosis.detect(evidence).findings
    assert "extension.torch_mismatch" not in codes(found)
    invalid = one(found, "extension.requirement_invalid")
    assert invalid.message.startswith("torch-npu 2.1.0 declares the invalid requirement `torch")
    assert "whether it fits torch 2.13.0+cpu is unknown" in invalid.message
    assert len(invalid.message) < 400  # 5,000 nines are clipped, not repeated


def test_a_torch_requirement_behind_a_marker_is_judged_for_the_diagnosed_python() -> None:
    line = 'torch==2.1.0; python_version < "3.9"'
    evidence = with_package(cpu_host(), "torch-npu", "2.1.0", line, 'torch>=2.6; extra == "x"')
    assert evidence.python is not None and evidence.python.version == "3.11.7"
    assert "extension.torch_mismatch" not in detect_codes(evidence)
    older = dataclasses.replace(evidence.python, version="3.8.18")
    found = diagnosis.detect(dataclasses.replace(evidence, python=older)).findings
    assert one(found, "extension.torch_mismatch").params["spec"] == "==2.1.0"


def test_backend_unavailable_with_hardware_and_package() -> None:
    evidence = with_backend(cpu_host(), "npu", installed=True, version="2.1.0", importable=True)
    evidence = with_signal(evidence, "npu", "/dev/davinci0", count=None)  # how many: unknown
    hiding = with_env(evidence, ASCEND_RT_VISIBLE_DEVICES="")
    found = one(diagnosis.detect(hiding).findings, "backend.unavailable")
    assert "torch.npu.is_available() is False (ASCEND_RT_VISIBLE_DEVICES='')" in found.message
    # Where the device count is known, the variable's effect is the finding, said once.
    counted = with_signal(hiding, "npu", "npu-smi: 2 device(s)", count=2)
    codes = detect_codes(counted)
    assert "devices.hidden" in codes and "backend.unavailable" not in codes


def test_query_raised() -> None:
    evidence = with_failure(cpu_host(), "query npu", "error", ("RuntimeError", "driver"))
    assert "backend.query_failed" in detect_codes(evidence)


def test_hidden_devices() -> None:
    evidence = usable(cpu_host(), "cuda", count=1)
    evidence = with_signal(evidence, "cuda", "nvidia-smi: 4 device(s)", count=4)
    evidence = with_env(evidence, CUDA_VISIBLE_DEVICES="0")
    found = one(diagnosis.detect(evidence).findings, "devices.hidden")
    assert found.message == (
        "4 NVIDIA GPU device(s) present, 1 visible to torch: CUDA_VISIBLE_DEVICES='0'"
    )


def test_arch_not_compiled() -> None:
    evidence = usable(cpu_host(), "cuda", count=1)
    assert evidence.backends is not None
    devices_ = tuple(
        dataclasses.replace(d, capability="9.0") for d in evidence.backends["cuda"].devices
    )
    evidence = with_backend(evidence, "cuda", devices=devices_, arch_list=("sm_80", "sm_86"))
    found = one(diagnosis.detect(evidence).findings, "device.arch_not_compiled")
    assert "cuda:0 (NVIDIA H100) has sm_90" in found.message


def _gpu_build(torch: str, cuda: str, capability: str, arch_list: tuple[str, ...]) -> Evidence:
    evidence = usable(cpu_host(), "cuda", count=1)
    assert evidence.backends is not None and evidence.torch is not None
    devices_ = tuple(
        dataclasses.replace(d, capability=capability) for d in evidence.backends["cuda"].devices
    )
    evidence = with_backend(evidence, "cuda", devices=devices_, arch_list=arch_list)
    built = dataclasses.replace(evidence.torch, version=torch, cuda=cuda, build="cuda")
    return dataclasses.replace(evidence, torch=built)


def test_a_gpu_older_than_the_build_gets_the_index_that_still_carries_it() -> None:
    """A GTX 1080 (6.1) on torch 2.13.0+cu130, whose list (torch 2.13 x86_64 cu130, as the
    recorded wheels show) starts at sm_75: the cu126 build of the same release carries sm_60,
    and the driver, which runs the cu130 build, runs CUDA 12.6 too."""
    evidence = _gpu_build(
        "2.13.0+cu130", "13.0", "6.1", ("sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120")
    )
    found = one(diagnosis.detect(evidence).findings, "device.arch_not_compiled")
    assert found.remedy is not None
    assert "torch==2.13.0" in found.remedy
    assert "--index-url https://download.pytorch.org/whl/cu126" in found.remedy
    assert "older than this build supports" in (found.advice or "")


def test_a_gpu_newer_than_the_build_gets_a_release_that_carries_it() -> None:
    """An RTX 5090 (12.0) on torch 2.6.0+cu124 (no Blackwell code): 2.6 had no build for it,
    so the remedy names a newer release whose CUDA the driver (which ran cu124) runs."""
    evidence = _gpu_build(
        "2.6.0+cu124",
        "12.4",
        "12.0",
        ("sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90"),
    )
    found = one(diagnosis.detect(evidence).findings, "device.arch_not_compiled")
    assert found.remedy is not None and "cu128" in found.remedy, found
    assert "torch==2.6" not in found.remedy


@pytest.mark.parametrize(
    ("step", "kind", "code"),
    [
        ("memory cuda:0", "timeout", "device.memory_query_failed"),
        ("allocate cuda:0", "error", "device.allocation_failed"),
        ("torch facts", "timeout", "probe.timeout"),
        ("torch facts", "crashed", "probe.crashed"),
        ("torch facts", "error", "probe.error"),
    ],
)
def test_probe_steps_that_failed(step: str, kind: str, code: str) -> None:
    evidence = with_failure(cpu_host(), step, kind, signal="SIGSEGV")
    assert code in detect_codes(evidence)


def test_vendor_tool_failed() -> None:
    evidence = with_tool_problem(cpu_host(), "cuda", "nvidia-smi -L", "exited with status 9")
    found = one(diagnosis.detect(evidence).findings, "host.tool_failed")
    assert found.message == "nvidia-smi -L exited with status 9"
    assert found.advice and found.advice.startswith("the NVIDIA GPU driver may be missing")
    assert found.remedy is None


# --- explain -------------------------------------------------------------------------------


def test_library_missing_and_unsupported_versions() -> None:
    evidence = with_package(cpu_host(), "transformers", "4.0.0")
    packages = dict(evidence.packages or {})
    packages["accelerate"] = None
    evidence = dataclasses.replace(evidence, packages=packages)
    # No table was read from 4.0.0: nothing is predicted, and without the real libraries'
    # answers there is no report.
    with pytest.raises(rules.OutsideTables):
        diagnosis.explain(evidence)
    answered = diagnosis.explain(evidence, verify=_verify_run(RunOutcome.COMPLETED, "cpu"))
    assert sorted(codes(answered.findings)) == [
        "explain.library_missing",
        "explain.version_unsupported",
    ]
    assert answered.observed and answered.verify is None
    assert answered.training.device == "cpu" and answered.training.trace.steps[0].name == "observed"
    unsupported = one(answered.findings, "explain.version_unsupported")
    assert unsupported.message.endswith("observed here, not predicted")
    assert (
        unsupported.remedy
        and f"install --upgrade 'transformers{TRANSFORMERS_READ.spec}'" in unsupported.remedy
    )
    # A newer release than the tables is predicted with the newest rows, and the real
    # libraries' answers confirm it (here they agree: cpu everywhere).
    newer = diagnosis.explain(
        with_package(evidence, "transformers", "9.0.0"),
        verify=_verify_run(RunOutcome.COMPLETED, "cpu"),
    )
    found = one(newer.findings, "explain.tables_newer")
    assert not newer.observed and newer.confirmed is True
    assert found.message.startswith("transformers 9.0.0 is newer than the releases")
    assert (
        f"predicted with transformers {TRANSFORMERS_READ.series}'s rules, and confirmed here"
        in found.message
    )
    unconfirmed = diagnosis.explain(with_package(evidence, "transformers", "9.0.0"))
    assert unconfirmed.confirmed is None and unconfirmed.training.device == "cpu"
    found = one(unconfirmed.findings, "explain.tables_newer")
    assert "not confirmed by the real libraries" in found.message
    assert (
        found.remedy == "# on that machine, this asks the real libraries and keeps their "
        "answers:\nhwdoctor explain --verify --save-evidence hwdoctor-evidence.json"
    )
    hung = diagnosis.explain(evidence, verify=_verify_run(RunOutcome.TIMEOUT, "cpu"))
    assert (
        "could not be asked: the verification hung in TrainingArguments"
        in one(hung.findings, "explain.version_unsupported").message
    )


def test_libraries_disagree_and_auto_ignores() -> None:
    evidence = usable(usable(cpu_host(), "xpu"), "cuda")
    found = explain_codes(evidence)
    assert "explain.libraries_disagree" in found
    assert "explain.auto_ignores_devices" in found


def test_auto_falls_back_to_cpu_with_only_neuron() -> None:
    evidence = usable(cpu_host(), "neuron", autoloaded=True)
    assert "explain.auto_falls_back_to_cpu" in explain_codes(evidence)


def test_accelerate_use_cpu_half_honoured_and_invalid() -> None:
    half = with_env(usable(cpu_host(), "cuda"), ACCELERATE_USE_CPU="1")
    assert "explain.accelerate_use_cpu_half_honoured" in explain_codes(half)
    invalid = with_env(cpu_host(), ACCELERATE_USE_CPU="maybe")
    assert "explain.training_raises" in explain_codes(invalid)


def test_xla_overrides_training() -> None:
    evidence = with_backend(usable(cpu_host(), "cuda"), "xla", installed=True, importable=True)
    found = one(diagnosis.explain(evidence).findings, "explain.xla_overrides")
    assert found.message == "torch_xla imports, so TrainingArguments trains on xla:0 ahead of cuda"


def test_extension_not_autoloaded() -> None:
    evidence = usable(cpu_host(), "neuron", autoloaded=False)
    assert "explain.extension_not_autoloaded" in explain_codes(evidence)


def test_launcher_configured() -> None:
    evidence = with_env(cpu_host(), LOCAL_RANK="0", WORLD_SIZE="2")
    found = one(diagnosis.explain(evidence).findings, "explain.launcher")
    assert found.message.startswith("LOCAL_RANK=0, WORLD_SIZE=2: this process would run ")


def _verify_run(outcome: RunOutcome, device: str) -> VerifyRun:
    facts = {
        "TrainingArguments": {"device": device, "n_gpu": 0, "parallel_mode": "not_parallel"},
        "PartialState": {"device": "cpu"},
        "get_max_memory": {"keys": ["cpu"]},
        "pipeline": {"device": "cpu"},
    }
    steps = (StepResult("TrainingArguments", outcome is RunOutcome.COMPLETED or None),)
    return answers.verify(ProbeRun(outcome, facts, steps, 0, 1.0))


def test_verify_mismatch_and_incomplete() -> None:
    mismatch = _verify_run(RunOutcome.COMPLETED, "cuda:0")
    found = one(diagnosis.explain(cpu_host(), verify=mismatch).findings, "verify.mismatch")
    assert found.message == (
        "TrainingArguments.device: hwdoctor predicted cpu, the library returned cuda:0"
    )
    hung = _verify_run(RunOutcome.TIMEOUT, "cpu")
    assert "verify.incomplete" in explain_codes(cpu_host(), verify=hung)


def test_a_newer_release_the_real_libraries_contradict_shows_their_answers() -> None:
    """Newer than the tables and answered otherwise: the real answers are the report, and one
    warning names the release and each disagreement (no per-item verify.mismatch error)."""
    evidence = with_package(cpu_host(), "transformers", "9.0.0")
    stale = diagnosis.explain(evidence, verify=_verify_run(RunOutcome.COMPLETED, "cuda:0"))
    assert stale.observed and stale.confirmed is False
    assert stale.training.device == "cuda:0"  # what the real TrainingArguments returned
    found = one(stale.findings, "explain.tables_stale")
    assert found.severity.value == "warning"
    assert "TrainingArguments.device predicted cpu, returned cuda:0" in found.message
    assert "verify.mismatch" not in codes(stale.findings)
    assert stale.to_json()["tables"]["transformers"] == {
        "version": "9.0.0",
        "standing": "newer",
        "newest_read": TRANSFORMERS_READ.newest,
        "verified_on": TRANSFORMERS_READ.verified_on,
    }


def test_explain_from_evidence_agrees_with_detect_decisions() -> None:
    report = diagnosis.explain(cpu_host())
    assert report.training.device == "cpu" and report.inference.pipeline == "cpu"
    assert report.to_json()["inference"]["from_pretrained"] == "cpu"


# --- load ----------------------------------------------------------------------------------


def test_load_on_a_device_that_is_not_here() -> None:
    found = judged.validate(devices.parse("npu"), cpu_host())
    assert found is not None and codes([found]) == ["load.device_unusable"]
    assert found.message.startswith(
        "npu is not usable here: no Huawei Ascend NPU found; torch-npu is not installed; "
        "usable here: cpu"
    )
    assert judged.validate(devices.parse("cpu"), cpu_host()) is None


def test_load_on_cuda_without_a_gpu_says_it_in_short_lines_with_the_install() -> None:
    """issue 29, item 5: `load --device cuda` on a CPU machine: one clause per cause (the
    two rows behind `cuda`, NVIDIA and AMD, share theirs), where each vendor's driver
    goes as a comment, and the torch build to install, as `--device neuron` gives."""
    found = judged.validate(devices.parse("cuda"), cpu_host())
    assert found is not None
    assert found.message == (
        "cuda is not usable here: no NVIDIA GPU or AMD GPU found; torch 2.13.0+cpu is a CPU "
        "build; usable here: cpu"
    )
    assert found.advice == "run this on a machine with NVIDIA GPU or AMD GPU"
    lines = (found.remedy or "").splitlines()
    assert lines[0].startswith("# on a machine with NVIDIA GPU: install the NVIDIA driver")
    assert lines[1].startswith("# on a machine with AMD GPU: install the ROCm driver")
    assert any(" install --force-reinstall torch==2.13.0 --index-url " in line for line in lines)


@pytest.mark.parametrize(
    ("signal", "first", "other"),
    [
        (None, "cu", "rocm"),  # nothing signalled: the registry's order, NVIDIA's first
        (("nvidia", "10de:2330 NVIDIA H100 80GB HBM3"), "cu", "rocm"),
        (("rocm", "1002:74a1 AMD Instinct MI300X"), "rocm", "cu"),
    ],
)
def test_load_on_cuda_offers_the_builds_as_choices_the_signalled_one_first(
    signal: tuple[str, str] | None, first: str, other: str
) -> None:
    """issue 40, item 3: a CUDA and a ROCm reinstall pasted together run both, and the second
    undoes the first. They are choices: the one for the GPU this machine's PCI bus shows runs,
    the other is there commented out."""
    evidence = cpu_host() if signal is None else with_signal(cpu_host(), *signal)
    found = judged.validate(devices.parse("cuda"), evidence)
    assert found is not None
    lines = (found.remedy or "").splitlines()
    commands = [line for line in lines if not line.startswith("#")]
    assert len(commands) == 1, lines
    assert f"download.pytorch.org/whl/{first}" in commands[0]
    choice = next(i for i, line in enumerate(lines) if "(one of 2 choices" in line)
    assert lines[choice + 1] == commands[0]
    assert any(
        line.startswith("#   ") and f"download.pytorch.org/whl/{other}" in line for line in lines
    )


def failure(facts: dict[str, object]) -> Failure | None:
    """The load payload's failure, read at the boundary as doctor/load.py reads it."""
    return answers.load(facts)[0].failure


@pytest.mark.parametrize(
    "kind",
    ["not_found", "revision_not_found", "gated", "not_cached", "network_unreachable",
     "dns_failed", "proxy_failed", "hub_timeout", "unauthorized", "out_of_memory",
     "remote_code", "missing_package", "no_kernel", "device_lost", "something_else"],
)  # fmt: skip
def test_load_failures_classified_by_the_payload(kind: str) -> None:
    facts = {"failure": {"kind": kind, "step": "load", "error": {"type": "E", "message": "m"}}}
    found = judged.problem(
        failure(facts), outcome="completed", culprit=None, signal=None, output="", model="m/x",
        timeout_s=60,
    )  # fmt: skip
    assert found is not None
    expected = f"load.{kind}" if kind != "something_else" else "load.failed"
    assert codes([found]) == [expected]
    assert found.params["step"] == "load"


def test_a_device_type_torch_does_not_know_points_at_explain_for_it() -> None:
    facts = {"failure": {"kind": "missing_package", "step": "load", "error": {"type": "E"}}}
    found = judged.problem(
        failure(facts), outcome="completed", culprit=None, signal=None, output="", model="m/x",
        timeout_s=60, device="npu:0",
    )  # fmt: skip
    assert found is not None and found.remedy is not None
    assert found.remedy.splitlines()[-1] == "hwdoctor explain npu:0"


def test_load_hang_and_crash() -> None:
    hang = judged.problem(None, outcome="timeout", culprit="forward", signal=None, output="",
                          model="m", timeout_s=5)  # fmt: skip
    crash = judged.problem(None, outcome="crashed", culprit="load", signal="SIGKILL", output="",
                           model="m", timeout_s=5)  # fmt: skip
    assert hang is not None and crash is not None
    assert codes([hang, crash]) == ["load.hang", "load.crash"]
    assert hang.message == "forward made no progress for 5 s; hwdoctor stopped it"
    assert crash.message == "load killed the interpreter (SIGKILL)"


def test_out_of_memory_says_what_was_free() -> None:
    evidence = usable(cpu_host(), "cuda")
    facts = {"failure": {"kind": "out_of_memory", "step": "load",
                         "error": {"type": "OutOfMemoryError",
                                   "message": "Tried to allocate 2.00 GiB"}}}  # fmt: skip
    found = judged.problem(failure(facts), outcome="completed", culprit=None, signal=None,
                           output="", model="m", timeout_s=5)  # fmt: skip
    assert found is not None
    found = judged.with_memory(found, devices.parse("cuda:0"), evidence)
    assert found.message == (
        "load: the device ran out of memory (needed 2.00 GiB more; 80 GiB was free on cuda:0 "
        "before loading)"
    )


def test_placement_findings() -> None:
    rows = (PlacementRow("cpu", 3, 100, 400), PlacementRow("disk", 2, 50, 200))
    found = judged.placement_findings(devices.parse("auto", strategies=True), rows, cpu_host())
    assert codes(found) == ["load.offloaded_to_disk"]
    neuron = usable(cpu_host(), "neuron", autoloaded=True)
    cpu_only = (PlacementRow("cpu", 3, 100, 400),)
    fell_back = judged.placement_findings(devices.parse("auto", strategies=True), cpu_only, neuron)
    found_back = one(fell_back, "explain.auto_falls_back_to_cpu")
    assert found_back.message == (
        'device_map="auto" put the whole model on cpu although neuron is usable here'
    )


# --- distributed jobs ------------------------------------------------------------------------


def test_ranks_that_disagree() -> None:
    found = ranks.consistency(
        [_rank(0), _rank(1, device="npu:0", device_counts={"npu": 1})], [], "it hung", 30
    )
    assert codes(found) == ["ranks.check_failed", "ranks.devices_differ", "ranks.counts_differ"]


# --- what the evidence does not show -----------------------------------------------------------


def test_unknown_sections_are_not_checked_and_nothing_is_guessed() -> None:
    evidence = dataclasses.replace(cpu_host(), host=None, tool_problems=None)
    report = diagnosis.detect(evidence)
    skipped = {item.check: item.missing for item in report.not_checked}
    assert skipped == {
        "build_for_hardware": ("host",),
        "hardware_without_backend": ("host",),
        "apple_silicon": ("host",),
        "package_without_hardware": ("host",),
        "hidden_devices": ("host",),
        "gfx_on_host": ("host",),
        "nvidia_driver": ("host",),
        "driver_libraries": ("host",),
        "device_access": ("host", "placement"),
        "container": ("host", "placement"),
        "shared_memory": ("host", "placement"),
        "tools": ("tool_problems",),
        "loaded_libraries": ("libraries",),
        "package_managers": ("libraries",),
        "cudnn_version": ("libraries",),
        "rocm_wheels": ("libraries",),
        "kernel_log": ("host",),
        "gpu_health": ("host",),
    }
    assert {b.status for b in report.backends} == {Status.UNKNOWN}
    assert report.host.system == "unknown"


def test_every_code_has_an_entry_with_sentences() -> None:
    assert set(CATALOGUE) == set(Code)
    for code, entry in CATALOGUE.items():
        assert entry.title and entry.meaning and entry.message, code
    assert all(section.value for section in Section)


def test_a_vendor_package_without_its_hardware_warns() -> None:
    from hwdoctor.model.facts import ErrorInfo

    refusal = ErrorInfo("RuntimeError", "is_available is internal to TorchTPU")
    evidence = with_backend(
        cpu_host(),
        "tpu",
        installed=True,
        version="0.2.0",
        importable=True,
        answered_by="torch.accelerator",
        refusal=refusal,
    )
    report = diagnosis.detect(evidence)
    found = one(report.findings, Code.PACKAGE_WITHOUT_HARDWARE.value)
    assert "torch-tpu 0.2.0 is installed, but no Google TPU is present" in found.message
    assert "torch.tpu answers only through torch.accelerator" in found.message
    assert report.exit_code == 0
    row = next(r for r in report.backends if r.key == "tpu")
    assert row.status is Status.WARN
    # The hardware is there: another check speaks (backend.unavailable), not this one.
    present = with_signal(evidence, "tpu", "1ae0:0063 at 0000:00:04.0")
    assert Code.PACKAGE_WITHOUT_HARDWARE.value not in detect_codes(present)
    # Asking raised even through torch.accelerator: that error is the finding.
    failed = with_backend(evidence, "tpu", query_error=refusal)
    assert Code.PACKAGE_WITHOUT_HARDWARE.value not in detect_codes(failed)


def _none_seen(env: dict[str, str], count: int | None = None) -> Evidence:
    """torch's CUDA build asked and saw no GPU; the host saw NVIDIA hardware, `count` of it."""
    evidence = with_backend(usable(cpu_host(), "cuda", count=0), "cuda", available=False)
    evidence = with_signal(evidence, "cuda", "/dev/nvidia0", count=count)
    return with_env(evidence, **env)


@pytest.mark.parametrize(
    ("value", "up_to"),
    [("7", "7"), ("1", "1"), ("2,0", "2"), ("3,4", "3")],
)
def test_a_mask_that_starts_past_the_devices_hides_them_all(value: str, up_to: str) -> None:
    # CUDA: an invalid index ends the list, so the first entry decides.
    found = one(diagnosis.detect(_none_seen({"CUDA_VISIBLE_DEVICES": value})).findings,
                "devices.mask_hides_all")  # fmt: skip
    assert found.message == (
        f"torch sees no NVIDIA GPU while CUDA_VISIBLE_DEVICES={value!r} is set, which lets "
        f"none through on a machine with {up_to} or fewer such devices"
    )
    assert found.remedy is not None and "unset CUDA_VISIBLE_DEVICES" in found.remedy
    assert "backend.unavailable" not in detect_codes(_none_seen({"CUDA_VISIBLE_DEVICES": value}))


@pytest.mark.parametrize("value", ["", "-1", "-1,0", "RR", "RR,0"])
def test_a_mask_that_names_no_device_hides_every_one(value: str) -> None:
    found = one(diagnosis.detect(_none_seen({"CUDA_VISIBLE_DEVICES": value})).findings,
                "devices.mask_hides_all")  # fmt: skip
    assert found.message.endswith("which names no device: it hides every one")


@pytest.mark.parametrize("value", ["0", "0,1", "0,RR", "GPU-8f6c1c3e", "MIG-1"])
def test_a_mask_that_may_pass_a_device_is_not_blamed(value: str) -> None:
    codes = detect_codes(_none_seen({"CUDA_VISIBLE_DEVICES": value}))
    assert "devices.mask_hides_all" not in codes
    assert "backend.unavailable" in codes  # the device is still missing, and that is said


def test_a_counted_host_is_judged_by_the_counts_and_no_hardware_by_nothing() -> None:
    counted = detect_codes(_none_seen({"CUDA_VISIBLE_DEVICES": "7"}, count=2))
    assert "devices.hidden" in counted and "devices.mask_hides_all" not in counted
    nothing = with_backend(usable(cpu_host(), "cuda", count=0), "cuda", available=False)
    nothing = with_env(nothing, CUDA_VISIBLE_DEVICES="7")
    assert "devices.mask_hides_all" not in detect_codes(nothing)


def test_rocm_masks_count_what_rocr_leaves() -> None:
    # ROCm: HIP_VISIBLE_DEVICES indexes what ROCR_VISIBLE_DEVICES left; no index below 1
    # in either hides every GPU of a machine with one.
    evidence = with_backend(usable(cpu_host(), "rocm", count=0), "rocm", available=False)
    evidence = with_signal(evidence, "rocm", "/dev/kfd", count=None)
    found = one(
        diagnosis.detect(with_env(evidence, ROCR_VISIBLE_DEVICES="1", HIP_VISIBLE_DEVICES="0"))
        .findings, "devices.mask_hides_all",
    )  # fmt: skip
    assert params(found)["variable"] == "ROCR_VISIBLE_DEVICES"
    assert "devices.mask_hides_all" not in detect_codes(
        with_env(evidence, ROCR_VISIBLE_DEVICES="0,3", HIP_VISIBLE_DEVICES="0")
    )


def test_a_hip_index_past_what_rocr_left_hides_every_gpu() -> None:
    """ROCR_VISIBLE_DEVICES=1 leaves at most one GPU, numbered 0 for HIP: HIP_VISIBLE_DEVICES=1
    then names none, however many the machine has (swarmui565-… in
    tests/data/reports_heldout_github_mixed_extensions_serving/)."""
    evidence = with_backend(usable(cpu_host(), "rocm", count=0), "rocm", available=False)
    evidence = with_signal(evidence, "rocm", "/dev/kfd", count=None)
    env = with_env(evidence, ROCR_VISIBLE_DEVICES="1", HIP_VISIBLE_DEVICES="1")
    found = one(diagnosis.detect(env).findings, "devices.mask_hides_all")
    assert found.message == (
        "torch sees no AMD GPU while HIP_VISIBLE_DEVICES='1' is set after "
        "ROCR_VISIBLE_DEVICES='1', which leaves at most 1: it hides every one"
    )
    assert found.remedy is not None and "unset HIP_VISIBLE_DEVICES" in found.remedy
    two = with_env(evidence, ROCR_VISIBLE_DEVICES="1,2", HIP_VISIBLE_DEVICES="1")
    assert params(one(diagnosis.detect(two).findings, "devices.mask_hides_all"))["variable"] == (
        "ROCR_VISIBLE_DEVICES"  # two are left; HIP's 1 is the second: ROCR's own rule speaks
    )


def test_a_check_is_registered_by_its_decorator_alone() -> None:
    """Every `check_*` of the detect areas and of the explain module is in its registry, the
    detect checks in REPORT_ORDER and the explain checks in the order of their file (the
    order a report lists findings within a severity); a second check of a name already
    taken is refused where it is defined, and an order that leaves one out is refused."""
    from hwdoctor.diagnosis import checks, explain_checks

    defined = [v for area in checks.AREAS for k, v in vars(area).items() if k.startswith("check_")]
    assert sorted(c.name for c in defined) == sorted(checks.REPORT_ORDER)
    assert [c.name for c in checks.CHECKS] == list(checks.REPORT_ORDER)
    explained = [v for k, v in vars(explain_checks).items() if k.startswith("check_")]
    assert explained and list(explain_checks.EXPLAIN_CHECKS) == explained
    again: checks.Checks[checks.Known] = checks.Checks()
    again.check(Section.TOOLS)(checks.host.check_tools.run)
    with pytest.raises(ValueError, match="tools is already registered"):
        again.check(Section.TOOLS)(checks.host.check_tools.run)
    # An order that leaves a check out would never run it: refused where it is given.
    with pytest.raises(ValueError, match=r"leaves out \['tools'\]"):
        again.order(())
    # Each area lists its own checks in its ORDER, the report order is theirs in the order of
    # AREAS; an area's ORDER that leaves out one of its checks, or names another area's, is
    # refused at import.
    for area in checks.AREAS:
        own = [c for k, c in vars(area).items() if k.startswith("check_")]
        assert sorted(c.name for c in area.ORDER) == sorted(c.name for c in own), area
    assert checks.report_order(checks.AREAS, checks.CHECKS) == checks.REPORT_ORDER
    short = types.ModuleType(checks.health.__name__)
    short.ORDER = tuple(c for c in checks.health.ORDER if c.name != "gpu_health")
    with pytest.raises(ValueError, match=r"ORDER leaves out \['gpu_health'\] and names \[\]"):
        checks.report_order((short,), checks.CHECKS)
    short.ORDER = (*checks.health.ORDER, checks.host.check_tools)
    with pytest.raises(ValueError, match=r"leaves out \[\] and names \['tools'\]"):
        checks.report_order((short,), checks.CHECKS)


def test_a_check_sees_only_the_sections_it_declared() -> None:
    """Each check gets a view of the evidence with only its declared sections: an
    undeclared read raises (hwdoctor's own bug, not "not checked"), an optional section
    is None where unknown, and the view cannot be changed."""
    from hwdoctor.diagnosis import checks

    evidence = cpu_host()
    view = checks.Known(evidence, frozenset({Section.TORCH}), frozenset({Section.HOST}))
    assert view.torch == evidence.torch and view.if_known.host == evidence.host
    with pytest.raises(checks.Undeclared, match="env"):
        _ = view.env
    with pytest.raises(checks.Undeclared, match="python"):
        _ = view.if_known.python
    with pytest.raises(AttributeError):
        view._evidence = evidence
    without_host = dataclasses.replace(evidence, host=None)
    assert checks.Known(without_host, frozenset(), frozenset({Section.HOST})).if_known.host is None

    registered: checks.Checks[checks.Known] = checks.Checks()

    @registered.check(Section.TORCH)
    def check_reads_more(known: checks.Known) -> Iterable[Finding]:
        if known.torch.version and known.env:
            yield from ()

    def view_of(item: checks.Check[checks.Known]) -> checks.Known:
        return checks.Known(evidence, item.reads, item.optional)

    with pytest.raises(checks.Undeclared, match="env"):
        checks.run(registered, view_of, evidence.unknown())


def test_an_allocation_failure_gets_the_remedy_of_torchs_own_build() -> None:
    """The fidelity matrix's ROCm world (an MI300X, torch's build ROCm) where a tensor on
    cuda:0 fails: the device type is `cuda` for NVIDIA and AMD alike; the remedy is the
    ROCm one, never the NVIDIA driver."""
    from hwdoctor.gather import evidence as gathering

    path = ROOT / "tests" / "data" / "fidelity" / "tf5.0-acc1.12" / "rocm.json"
    found = gathering.load(str(path))
    (failed,) = [
        f for f in diagnosis.detect(found).findings if f.code == "device.allocation_failed"
    ]
    assert "ROCm" in (failed.advice or "") and "NVIDIA" not in (failed.advice or "")


def test_a_refused_mask_with_other_digits_is_sorted_not_a_crash() -> None:
    """`CUDA_VISIBLE_DEVICES=1,²,0` refused by the runtime: the ascending list to suggest
    took `²` for a number (str.isdigit) and int() raised, an internal error (issue 39)."""
    evidence = with_signal(cpu_host(), "cuda", "nvidia-smi", None)
    evidence = with_backend(
        evidence,
        "cuda",
        available=False,
        device_count=0,
        probed=True,
        importable=True,
        reason=None,
        mask_refused="CUDA_VISIBLE_DEVICES is not valid",
    )
    for value, ascending in (
        ("1,0", "0,1"),
        ("1,\u00b2,0", "0,1,\u00b2"),
        ("\u0661,0", "0,\u0661"),
    ):
        report = diagnosis.detect(with_env(evidence, CUDA_VISIBLE_DEVICES=value))
        found = one(report.findings, "devices.mask_hides_all")
        line = f"export CUDA_VISIBLE_DEVICES={shlex.quote(ascending)}"
        assert line in (found.remedy or "").splitlines(), found.remedy


# --- s4-newbie: a launch-blocking debug variable left set ------------------------------------


def test_a_launch_blocking_variable_left_set_warns() -> None:
    cuda = with_env(usable(cpu_host(), "cuda", count=2), CUDA_LAUNCH_BLOCKING="1")
    found = one(diagnosis.detect(cuda).findings, Code.LAUNCH_BLOCKING.value)
    assert found.message == (
        "CUDA_LAUNCH_BLOCKING=1 is set: every NVIDIA GPU kernel launch waits for the kernel "
        "to finish, a debugging mode that slows training and inference"
    )
    npu = with_env(usable(cpu_host(), "npu"), ASCEND_LAUNCH_BLOCKING=" 1 ")
    found = one(diagnosis.detect(npu).findings, Code.LAUNCH_BLOCKING.value)
    assert found.message.startswith("ASCEND_LAUNCH_BLOCKING=1 is set: every Huawei Ascend NPU")
    # Off, or no device of that backend in use here (the variable then changes nothing).
    off = with_env(usable(cpu_host(), "cuda"), CUDA_LAUNCH_BLOCKING="0")
    assert Code.LAUNCH_BLOCKING.value not in detect_codes(off)
    unused = with_env(cpu_host(), CUDA_LAUNCH_BLOCKING="1", ASCEND_LAUNCH_BLOCKING="1")
    assert Code.LAUNCH_BLOCKING.value not in detect_codes(unused)
    # Another backend's variable does not count for this one.
    other = with_env(usable(cpu_host(), "cuda"), ASCEND_LAUNCH_BLOCKING="1")
    assert Code.LAUNCH_BLOCKING.value not in detect_codes(other)
