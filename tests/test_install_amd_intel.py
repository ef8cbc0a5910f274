"""The install command for AMD and Intel GPUs: a ROCm index that carries the GPU's gfx target,
the xpu index for an Intel GPU, the ROCm release read from /opt/rocm without torch, and the
container flags of the Ascend, Intel GPU and Gaudi rows. Pure, on evidence fixtures and the
wheel table, except the host scans, which read real files under a fake root."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from hwdoctor import devices, diagnosis, registry
from hwdoctor.compat import wheels
from hwdoctor.compat.wheels import Machine, Verdict
from hwdoctor.diagnosis import backends
from hwdoctor.gather import host, rocm
from hwdoctor.model.facts import Evidence, Placement
from tests.evidence import cpu_host, one, with_signal

REAL = Path(__file__).parent / "data" / "real"
NVIDIA_WORDS = ("cu11", "cu12", "cu13", "CUDA", "NVIDIA", "--gpus")


def _cpu_torch(evidence: Evidence, version: str) -> Evidence:
    assert evidence.torch is not None
    return dataclasses.replace(evidence, torch=dataclasses.replace(evidence.torch, version=version))


def _amd(gfx: str, torch: str = "2.5.1+cpu", rocm_version: str | None = "6.3.1") -> Evidence:
    evidence = with_signal(cpu_host(), "rocm", "1002:744c at 0000:03:00.0")
    assert evidence.host is not None
    host_facts = dataclasses.replace(evidence.host, gfx_targets=(gfx,), rocm_version=rocm_version)
    return _cpu_torch(dataclasses.replace(evidence, host=host_facts), torch)


def _remedy(evidence: Evidence) -> str:
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")
    assert found.remedy is not None
    return found.remedy


# --- ROCm ----------------------------------------------------------------------------------


def test_gfx1100_with_a_cpu_torch_251_gets_a_rocm6_index_of_251_that_carries_it() -> None:
    remedy = _remedy(_amd("gfx1100"))
    command, reason = remedy.splitlines()[-2:]
    assert command.endswith(
        "install --force-reinstall torch==2.5.1 --index-url https://download.pytorch.org/whl/rocm6.2"
    ), remedy
    # the build the command chose (its release and index, read back from the line) is one
    # whose list carries gfx1100 ([PT-DOCKER-MW-OLD], confirmed with roc-obj-ls)
    chosen = re.search(r"torch==(\d+\.\d+)\.\d+ --index-url \S+/whl/(\S+)$", command)
    assert chosen is not None, command
    variant = wheels.BY_SERIES[chosen[1]].variant(chosen[2])
    archs = variant.archs_for(wheels.Host.X86_64) if variant else None
    assert archs is not None and "gfx1100" in archs.cubins, (chosen.groups(), archs)
    assert "carries gfx1100" in reason and "ROCm 6.3.1" in reason
    for word in NVIDIA_WORDS:
        assert word not in remedy, word


def test_gfx1101_gets_the_newest_release_whose_list_is_known_to_carry_it() -> None:
    """2.5's ROCm lists stop at gfx1100; 2.6 added gfx1101, and 2.14's rocm7.14 image lists
    it ([PT-ROCM-2.14]); the lists of 2.12 and 2.13 were not found, so they are unknown,
    never picked as 'runs'."""
    remedy = _remedy(_amd("gfx1101"))
    command, reason = remedy.splitlines()[-2:]
    assert command.endswith("torch==2.14.1 --index-url https://download.pytorch.org/whl/rocm7.14")
    assert "no kernels for gfx1101" in reason and "carries gfx1101" in reason
    newer = wheels.choose("2.13.0+cpu", Machine(gfx=("gfx1101",)))
    assert newer.release == "2.14" and newer.verdict is Verdict.RUNS
    older = wheels.BY_SERIES["2.5"].variant("rocm6.2")
    assert older is not None
    assert wheels.judge(wheels.BY_SERIES["2.5"], older, Machine(gfx=("gfx1101",))).verdict is (
        Verdict.FAILS
    )
    rocm72 = wheels.BY_SERIES["2.13"].variant("rocm7.2")
    assert rocm72 is not None
    judged = wheels.judge(wheels.BY_SERIES["2.13"], rocm72, Machine(gfx=("gfx1101",)))
    assert judged.verdict is Verdict.UNKNOWN
    for word in NVIDIA_WORDS:
        assert word not in remedy, word


def test_a_gfx_target_no_known_list_carries_gets_a_build_that_may_fit_said_so() -> None:
    # gfx1010 (RX 5700) is in none of the lists read; 2.13's rocm7.2 list was not found, so
    # that build is offered as one that may fit, pinned, with the unchecked list said
    remedy = _remedy(_amd("gfx1010"))
    command, reason = remedy.splitlines()[:2]
    assert command.endswith("'torch==2.13.*' --index-url https://download.pytorch.org/whl/rocm7.2")
    assert "no kernels for gfx1010" in reason and "torch 2.13 rocm7.2 may fit" in reason
    assert "not checked: which GPU code torch 2.13 rocm7.2 carries on x86_64" in reason
    assert wheels.choose("2.5.1+cpu", Machine(gfx=("gfx1010",))).verdict is Verdict.UNKNOWN


def test_an_nvidia_card_beside_the_amd_one_does_not_make_the_rocm_remedy_a_cuda_one() -> None:
    evidence = with_signal(_amd("gfx1100"), "cuda", "10de:2330 at 0000:3b:00.0")
    found = [f for f in diagnosis.detect(evidence).findings if f.code == "torch.cpu_only_build"]
    rocm_row = next(f for f in found if f.backend == "rocm")
    assert "whl/rocm6.2" in (rocm_row.remedy or "")


# --- Intel GPU -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("torch", "pin"),
    [
        ("2.5.1+cpu", "torch==2.5.1"),  # 2.5 is the first release with an xpu index
        ("2.13.0+cpu", "'torch==2.10.*'"),  # no source read names an xpu build of 2.11+
        ("2.4.1+cpu", "'torch==2.10.*'"),  # 2.4's XPU was a source build only
    ],
)
def test_an_intel_gpu_with_a_cpu_torch_gets_the_xpu_index(torch: str, pin: str) -> None:
    evidence = _cpu_torch(with_signal(cpu_host(), "xpu", "8086:56a0 at 0000:03:00.0"), torch)
    remedy = _remedy(evidence)
    command, reason = remedy.splitlines()[:2]
    assert command.endswith(
        f"install --force-reinstall {pin} --index-url https://download.pytorch.org/whl/xpu"
    ), remedy
    assert "not checked: which Intel GPUs" in reason  # nothing claimed beyond the sources
    assert "rocm" not in remedy and "cu1" not in remedy


def test_xpu_builds_are_never_judged_to_run() -> None:
    for release in wheels.RELEASES:
        for variant in release.variants:
            if variant.xpu:
                assert variant.source.startswith("[")
                judged = wheels.judge(release, variant, Machine(intel_gpu=True))
                assert judged.verdict is Verdict.UNKNOWN and judged.unchecked
    assert [r.series for r in wheels.RELEASES if r.variant("xpu")] == ["2.10", "2.7", "2.6", "2.5"]


# --- the ROCm release, read without torch ---------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "version"), [("rocm-core-6.3.1", "6.3.1"), ("rocm-4.5.2", "4.5.2")]
)
def test_host_scan_reads_the_rocm_version_file(tmp_path: Path, fixture: str, version: str) -> None:
    shutil.copytree(REAL / "rocm" / fixture, tmp_path, dirs_exist_ok=True)
    facts, _ = host.scan(env={host.HOST_ROOT_ENV: str(tmp_path), "PATH": ""})
    assert facts.rocm_version == version
    record = facts.record()
    assert record["rocm_version"] == version
    assert type(facts).from_json(json.loads(json.dumps(record))).rocm_version == version


def test_no_or_bad_rocm_version_file_is_unknown(tmp_path: Path) -> None:
    facts, _ = host.scan(env={host.HOST_ROOT_ENV: str(tmp_path), "PATH": ""})
    assert facts.rocm_version is None
    info = tmp_path / "opt" / "rocm" / ".info"
    info.mkdir(parents=True)
    (info / "version").mkdir()  # a directory where the file should be
    assert host.scan(env={host.HOST_ROOT_ENV: str(tmp_path), "PATH": ""})[0].rocm_version is None
    for garbage in ("", "rocm\n", "\xff\x00", "99999.1", "6.x", "6"):
        assert rocm.parse_version(garbage) is None, garbage
    assert rocm.parse_version("6.4.1.60401\n") == "6.4.1"
    assert rocm.parse_version("7.2\n") == "7.2"


# --- containers ------------------------------------------------------------------------------


def _in_container(evidence: Evidence) -> Evidence:
    assert evidence.host is not None
    placement = dataclasses.replace(evidence.host.placement or Placement(), container="docker")
    return dataclasses.replace(
        evidence, host=dataclasses.replace(evidence.host, placement=placement)
    )


def test_an_ascend_npu_container_without_its_nodes_gets_the_documented_flags() -> None:
    evidence = _in_container(with_signal(cpu_host(), "npu", "19e5:d802 at 0000:c1:00.0"))
    found = one(diagnosis.detect(evidence).findings, "host.container_without_device")
    assert found.advice is not None
    for flag in ("/dev/davinci0", "/dev/davinci_manager", "/dev/hisi_hdc", "/dev/devmm_svm"):
        assert f"--device={flag}" in found.advice


def test_an_intel_gpu_in_a_container_is_not_said_to_miss_nodes_nobody_looked_for() -> None:
    evidence = _in_container(with_signal(cpu_host(), "xpu", "8086:56a0 at 0000:03:00.0"))
    codes = [f.code for f in diagnosis.detect(evidence).findings]
    assert "host.container_without_device" not in codes


def test_container_flags_are_cited_at_their_row() -> None:
    source = (Path(registry.__file__)).read_text()
    expected = {
        "npu": "hiascend.com",
        "xpu": "intel.com/content/www/us/en/docs/oneapi-base-toolkit",
        "hpu": "docs.habana.ai",
    }
    for key, site in expected.items():
        backend = (
            registry.BY_KEY[key]
            if hasattr(registry, "BY_KEY")
            else next(b for b in registry.BACKENDS if b.key == key)
        )
        assert backend.container_devices, key
        at = source.index(f'container_devices="{backend.container_devices.split()[0]}')
        assert site in source[max(0, at - 400) : at], key


def test_an_amd_gpu_on_windows_gets_amds_windows_wheels_not_the_linux_index() -> None:
    # download.pytorch.org's ROCm wheels are manylinux only (registry row "rocm", with its
    # sources); the finding and `explain cuda`'s row both say where Windows builds come from.
    evidence = _amd("gfx1100")
    assert evidence.host is not None
    windows = dataclasses.replace(
        evidence, host=dataclasses.replace(evidence.host, system="Windows")
    )
    found = one(diagnosis.detect(windows).findings, "torch.cpu_only_build")
    assert found.remedy is None
    assert found.advice == registry.BY_KEY["rocm"].install_windows
    (rocm_row,) = [
        r for r in backends.device_rows(devices.parse("cuda"), windows) if r.key == "rocm"
    ]
    assert rocm_row.install == registry.BY_KEY["rocm"].install_windows
    assert not rocm_row.install_command
    assert "--index-url https://download.pytorch.org/whl/rocm" in _remedy(evidence)
