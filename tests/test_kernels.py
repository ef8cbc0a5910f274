"""Kernels for this GPU: hwdoctor's verdict against torch's own table and NVIDIA's examples.

The oracle of the matrix is torch itself (2.11+): `torch.cuda.DEVICE_REQUIREMENT` through
`torch.cuda._code_compatible_with_device`, in the torch installed here. The arch lists
are real wheels' (tests/data/real/wheels-arch-lists.json, sources in the README beside it);
the kfd `properties` files are real nodes (tests/data/real/kfd/).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hwdoctor import diagnosis
from hwdoctor.compat import kernels
from hwdoctor.compat.kernels import Direction, Route
from hwdoctor.gather import host
from hwdoctor.model.facts import Device, Evidence, TorchInfo
from tests.evidence import cpu_host, with_backend
from tests.test_checks import one, usable

REAL = Path(__file__).resolve().parent / "data" / "real"
LISTS: list[dict[str, Any]] = json.loads((REAL / "wheels-arch-lists.json").read_text())["lists"]

# Maxwell to Blackwell; consumer, datacenter and Jetson.
GPUS: dict[str, tuple[int, int]] = {
    "GTX 970": (5, 2),
    "Jetson Nano": (5, 3),
    "P100": (6, 0),
    "GTX 1080": (6, 1),
    "Jetson TX2": (6, 2),
    "V100": (7, 0),
    "Jetson Xavier": (7, 2),
    "T4": (7, 5),
    "A100": (8, 0),
    "RTX 3090": (8, 6),
    "Jetson Orin": (8, 7),
    "L4 / RTX 4090": (8, 9),
    "H100": (9, 0),
    "B200": (10, 0),
    "B300": (10, 3),
    "Jetson Thor": (11, 0),
    "RTX 5090": (12, 0),
    "GB10": (12, 1),
}


# Arch strings of the cells below that are not in the recorded lists.
EXTRA_ARCHES = frozenset({"compute_90", "sm_100a", "compute_100a", "compute_80"})

# torch's own answers, computed once in a subprocess of the interpreter under test: the
# test process itself never imports torch (hwdoctor's API promises not to, and a test
# checks that in this same process).
_ORACLE = """
import json, sys, warnings
import torch.cuda as cuda
arches = json.load(sys.stdin)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # sm_37 of the cu118 builds is not in its table
    codes = {arch: cuda._extract_arch_version(arch) for arch in arches}
    table = {
        str(code): [d for d in range(30, 200) if cuda._code_compatible_with_device(d, code)]
        for code in set(codes.values())
    }
json.dump({"codes": codes, "table": table, "has_table": hasattr(cuda, "DEVICE_REQUIREMENT")},
          sys.stdout)
"""


@functools.cache
def _oracle() -> dict[str, Any]:
    arches = sorted({arch for wheel in LISTS for arch in wheel["arch_list"]} | EXTRA_ARCHES)
    completed = subprocess.run(
        [sys.executable, "-c", _ORACLE], input=json.dumps(arches), capture_output=True,
        text=True, check=True, timeout=300,
    )  # fmt: skip
    answer: dict[str, Any] = json.loads(completed.stdout)
    return answer


def torch_says(device: tuple[int, int], arch_list: list[str]) -> bool:
    """torch's own answer: some compiled entry whose CC torch's table lets run the device
    (`_check_capability` in torch/cuda/__init__.py, 2.11+)."""
    oracle = _oracle()
    device_cc = device[0] * 10 + device[1]
    return any(device_cc in oracle["table"][str(oracle["codes"][arch])] for arch in arch_list)


def test_torch_here_carries_its_table() -> None:
    assert _oracle()["has_table"], "the oracle needs torch 2.11+"


@pytest.mark.parametrize("wheel", LISTS, ids=[w["name"] for w in LISTS])
@pytest.mark.parametrize("gpu", GPUS, ids=list(GPUS))
def test_matrix_matches_torch(gpu: str, wheel: dict[str, Any]) -> None:
    """Every cell: hwdoctor's verdict is torch's. Where the list has PTX, `a` or `f`
    targets, torch reads them as plain cubins of the same CC (it strips the suffixes and
    the `compute_` prefix); on these real lists NVIDIA's rules give the same answer, and
    the cells where they do not are in `test_where_torch_and_nvidia_differ`."""
    device = GPUS[gpu]
    capability = f"{device[0]}.{device[1]}"
    verdict = kernels.verdict(capability, wheel["arch_list"], cuda="12.9")
    assert verdict.runs == torch_says(device, wheel["arch_list"]), (gpu, wheel["name"], verdict)
    if verdict.runs:
        assert verdict.served_by in wheel["arch_list"]
    else:
        assert verdict.direction is not None


def test_l4_runs_the_sm_86_cubins() -> None:
    """The false "no kernels" of the L4: CUDA runs sm_86 cubins on 8.9 [NV-PG-612]."""
    verdict = kernels.verdict("8.9", ["sm_86", "sm_90"])
    assert (verdict.route, verdict.served_by) == (Route.COMPATIBLE_CUBIN, "sm_86")


@pytest.mark.parametrize(
    ("capability", "arch_list", "route", "served_by"),
    [
        # "a cubin object generated for compute capability X.y will only execute on
        # devices of compute capability X.z where z≥y" [NV-PG-612]
        ("8.6", ["sm_80"], Route.COMPATIBLE_CUBIN, "sm_80"),
        ("9.0", ["sm_80", "sm_86"], Route.NONE, None),
        # "PTX code generated for compute capability 9.x is supported to run on compute
        # capability 9.x or any higher revision (major or minor), including compute
        # capability 10.0" [NV-PG-613]
        ("10.0", ["compute_90"], Route.PTX_JIT, "compute_90"),
        ("12.1", ["sm_90", "compute_90"], Route.PTX_JIT, "compute_90"),
        # "sm_90a or compute_90a runs only on CC 9.0" [NV-PG-613]
        ("9.0", ["sm_90a"], Route.EXACT_CUBIN, "sm_90a"),
        ("9.0", ["compute_90a"], Route.PTX_JIT, "compute_90a"),
        ("10.0", ["compute_90a"], Route.NONE, None),
        # family table, CUDA 13.1: compute_100f → 10.0, 10.3; compute_120f → 12.0, 12.1
        ("10.3", ["sm_100f"], Route.COMPATIBLE_CUBIN, "sm_100f"),
        ("12.1", ["sm_120f"], Route.COMPATIBLE_CUBIN, "sm_120f"),
        ("12.0", ["sm_100f"], Route.NONE, None),
        # Tegra and desktop never run each other's cubins [NV-PG-612]
        ("8.7", ["sm_80", "sm_86"], Route.NONE, None),
        ("8.9", ["sm_87"], Route.NONE, None),
    ],
)
def test_nvidia_documented_cells(
    capability: str, arch_list: list[str], route: Route, served_by: str | None
) -> None:
    verdict = kernels.verdict(capability, arch_list, cuda="13.1")
    assert (verdict.route, verdict.served_by) == (route, served_by)


@pytest.mark.parametrize(
    ("device", "arch_list", "nvidia", "why"),
    [
        ((10, 0), ["compute_90"], True, "PTX runs on higher majors; torch's interval stops"),
        ((10, 3), ["sm_100a"], False, "an `a` target runs on its exact CC; torch strips `a`"),
        ((10, 3), ["compute_100a"], False, "the same for `a` PTX"),
        ((8, 7), ["compute_80"], True, "PTX is JIT-compiled for Orin too; torch excludes 8.7"),
    ],
)
def test_where_torch_and_nvidia_differ(
    device: tuple[int, int], arch_list: list[str], nvidia: bool, why: str
) -> None:
    """Cells where torch's table (cubin rules for every entry) and NVIDIA's documented PTX
    and `a` rules disagree: hwdoctor follows NVIDIA [NV-PG-613], and the difference is
    real, not a test artefact."""
    verdict = kernels.verdict(f"{device[0]}.{device[1]}", arch_list)
    assert verdict.runs is nvidia, why
    assert torch_says(device, arch_list) is not nvidia, why


def test_family_table_follows_the_release() -> None:
    """CC 10.7 joins compute_100f only in the later edition of NVIDIA's table."""
    assert not kernels.verdict("10.7", ["sm_100f"], cuda="13.1").runs
    assert kernels.verdict("10.7", ["sm_100f"], cuda="13.2").runs


@pytest.mark.parametrize(
    ("capability", "wheel", "direction"),
    [
        ("6.1", "2.12-2.14 cu130/cu132 linux", Direction.OLDER),  # Pascal on cu13x
        ("7.0", "2.11 cu128", Direction.OLDER),  # Volta after 2.11 dropped it from cu128
        ("12.0", "2.12-2.14 cu126", Direction.NEWER),  # Blackwell on cu126
        ("8.7", "2.12-2.14 cu13x aarch64", Direction.TEGRA),  # Orin on the SBSA wheel
    ],
)
def test_direction_of_the_remedy(capability: str, wheel: str, direction: Direction) -> None:
    arch_list = next(w["arch_list"] for w in LISTS if w["name"] == wheel)
    assert kernels.verdict(capability, arch_list).direction is direction


# --- detect on evidence ---------------------------------------------------------------------


def _cuda_gpu(capability: str, arch_list: tuple[str, ...], name: str, cuda: str) -> Evidence:
    evidence = usable(cpu_host(), "cuda", count=1)
    assert evidence.backends is not None and evidence.torch is not None
    device = dataclasses.replace(evidence.backends["cuda"].devices[0], capability=capability,
                                 name=name)  # fmt: skip
    torch = dataclasses.replace(evidence.torch, build="cuda", cuda=cuda, version="2.13.0+cu130")
    evidence = dataclasses.replace(evidence, torch=torch)
    return with_backend(evidence, "cuda", devices=(device,), arch_list=arch_list)


def test_detect_l4_with_sm_86_and_sm_90_reports_no_kernel_error() -> None:
    evidence = _cuda_gpu("8.9", ("sm_86", "sm_90"), "NVIDIA L4", "12.8")
    found = diagnosis.detect(evidence).findings
    kernel_codes = {"device.arch_not_compiled", "device.kernels_by_ptx_jit"}
    assert not [f.code for f in found if f.code in kernel_codes]


def test_detect_pascal_on_a_cu130_build_points_to_an_older_build() -> None:
    arch_list = tuple(next(w["arch_list"] for w in LISTS if w["name"].endswith("cu13x aarch64")))
    evidence = _cuda_gpu("6.1", arch_list, "NVIDIA GeForce GTX 1080", "13.0")
    found = one(diagnosis.detect(evidence).findings, "device.arch_not_compiled")
    assert "has sm_61" in found.message
    assert found.advice is not None and "cu126" in found.advice


def test_detect_gpu_served_only_by_ptx_says_the_jit_needs_the_driver() -> None:
    evidence = _cuda_gpu("12.1", ("sm_90", "compute_90"), "NVIDIA GB10", "12.8")
    found = one(diagnosis.detect(evidence).findings, "device.kernels_by_ptx_jit")
    assert "PTX compute_90" in found.message
    assert "supports CUDA 12.8 or newer" in found.message


ROCM_LIST = ("gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100")


def _rocm_torch(evidence: Evidence) -> Evidence:
    assert evidence.torch is not None
    torch: TorchInfo = dataclasses.replace(
        evidence.torch, build="rocm", cuda=None, hip="6.4.43482", version="2.9.1+rocm6.4"
    )
    return dataclasses.replace(evidence, torch=torch)


def _assert_rocm_only(finding: Any) -> None:
    text = " ".join(str(part) for part in (finding.message, finding.remedy, finding.advice))
    assert "gfx1101" in text and "sm_" not in text
    assert "HSA_OVERRIDE_GFX_VERSION=11.0.0" in (finding.remedy or "")
    assert "/whl/rocm" in (finding.remedy or "")
    for nvidia in ("cu12", "cu13", "CUDA", "NVIDIA", "--gpus"):
        assert nvidia not in text, nvidia


def test_detect_gfx1101_on_a_rocm_build_that_stops_at_gfx1100() -> None:
    """As the probe reports it: gcnArchName 'gfx1101' and get_device_capability (11, 0)."""
    device = Device.from_json(
        {"index": 0, "name": "AMD Radeon RX 7800 XT", "arch": "gfx1101", "capability": "11.0"}
    )
    evidence = _rocm_torch(usable(cpu_host(), "rocm", count=1))
    evidence = with_backend(evidence, "rocm", devices=(device,), arch_list=ROCM_LIST)
    found = one(diagnosis.detect(evidence).findings, "device.gfx_not_compiled")
    assert found.message.startswith("cuda:0 (AMD Radeon RX 7800 XT) is gfx1101")
    assert found.advice is not None and "workaround" in found.advice
    _assert_rocm_only(found)


def _kfd_root(tmp_path: Path, fixture: str) -> Path:
    nodes = tmp_path / "sys" / "class" / "kfd" / "kfd" / "topology" / "nodes"
    shutil.copytree(REAL / "kfd" / fixture / "nodes", nodes)
    return tmp_path


@pytest.mark.parametrize(
    ("fixture", "targets"),
    [
        ("rx7900xtx-gfx1100", ("gfx1100",)),
        ("rx7800xt-gfx1101", ("gfx1101",)),
        ("carrizo-apu-2017", ()),  # a kernel before gfx_target_version: no target known
    ],
)
def test_host_scan_reads_the_gfx_targets_of_real_kfd_nodes(
    tmp_path: Path, fixture: str, targets: tuple[str, ...]
) -> None:
    root = _kfd_root(tmp_path, fixture)
    facts, _ = host.scan(env={host.HOST_ROOT_ENV: str(root), "PATH": ""})
    assert facts.gfx_targets == targets
    assert facts.record()["gfx_targets"] == list(targets)


def test_host_scan_without_kfd(tmp_path: Path) -> None:
    facts, _ = host.scan(env={host.HOST_ROOT_ENV: str(tmp_path), "PATH": ""})
    assert facts.gfx_targets is None


def test_host_scan_survives_garbage_nodes(tmp_path: Path) -> None:
    root = _kfd_root(tmp_path, "rx7800xt-gfx1101")
    nodes = root / "sys" / "class" / "kfd" / "kfd" / "topology" / "nodes"
    (nodes / "7").mkdir()
    (nodes / "7" / "properties").write_bytes(b"gfx_target_version 99999999999\n\xff\x00")
    (nodes / "8").mkdir()
    (nodes / "8" / "properties").mkdir()  # a directory where a file should be
    facts, _ = host.scan(env={host.HOST_ROOT_ENV: str(root), "PATH": ""})
    assert facts.gfx_targets == ("gfx1101",)


def test_detect_gfx1101_from_the_kfd_topology_without_a_usable_device(tmp_path: Path) -> None:
    """torch sees no device, the probe still read the compiled list; the host scan of a
    real gfx1101 node names the GPU."""
    facts, _ = host.scan(
        env={host.HOST_ROOT_ENV: str(_kfd_root(tmp_path, "rx7800xt-gfx1101")), "PATH": ""}
    )
    evidence = _rocm_torch(cpu_host())
    assert evidence.host is not None
    evidence = dataclasses.replace(
        evidence, host=dataclasses.replace(evidence.host, gfx_targets=facts.gfx_targets)
    )
    evidence = with_backend(evidence, "rocm", arch_list=ROCM_LIST)
    replayed = Evidence.from_json(json.loads(json.dumps(evidence.to_json())))
    found = one(diagnosis.detect(replayed).findings, "device.gfx_not_compiled")
    assert "GPU 0 of the KFD topology (AMD GPU) is gfx1101" in found.message
    _assert_rocm_only(found)


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (110000, "gfx1100"),
        (90010, "gfx90a"),
        (90402, "gfx942"),
        (100302, "gfx1032"),
        (120001, "gfx1201"),
        (0, None),
    ],
)
def test_gfx_name_decodes_as_llvm_prints(value: int, name: str | None) -> None:
    """LLVM's amdgpu-arch examples (compat.md §5): `gfx%ld%ld%lx`, 0 is a CPU node."""
    assert kernels.gfx_name(value) == name
