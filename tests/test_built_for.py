"""A kernel library failing on a GPU its build list leaves out (issue 38; s16-arch).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): mamba-ssm's
selective_scan_cuda raising CUDA's "no kernel image is available" on a GeForce GTX 1080 Ti
(JiarunLiu/Swin-UMamba#20) and the same words on three Tesla P40s in the reporter's sentence
that names mamba (state-spaces/mamba#85): every mamba-ssm release builds sm_53, sm_62, sm_70 …
cubins (its setup.py's -gencode flags), none of which runs on compute capability 6.x. Quiet
where the GPU is inside the list (xformers 0.0.30's compute_80 PTX on an RTX 5090,
facebookresearch/xformers#1251) and where the table holds no list for the release the paste
shows (bitsandbytes 0.38.1, neonbjb/tortoise-tts#651). The lists themselves are read at the
libraries' build files (compat/support.py cites each); the checks below hold the table to them.
"""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.compat import kernels, support
from hwdoctor.versions import parse
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "extension.arch_unsupported"
_CUDA = registry.key_of_build(registry.Build.CUDA)
_ROCM = registry.key_of_build(registry.Build.ROCM)
# file: (the library, the GPU in the finding's words, a line it rests on)
NAMED = {
    "swinumamba20-gtx1080ti-mamba-ssm-selective-scan-no-kernel-image.md": (
        "mamba-ssm",
        "the GeForce GTX 1080 Ti (compute capability 6.1)",
        8,
    ),
    "mamba85-3x-tesla-p40-mamba-no-kernel-image.md": (
        "mamba-ssm",
        "the P40 (compute capability 6.1)",
        3,
    ),
}
QUIET = (
    "xformers1251-rtx5090-xformers-0.0.30-fa3-hopper-no-kernel-image-quiet.md",
    "tortoise651-gtx1060-bitsandbytes-windows-ops-cu-no-kernel-image-quiet.md",
)


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_outside_the_library_build_list_is_named(name: str) -> None:
    library, gpu, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, [f["code"] for f in data["findings"]]
    assert "variant" not in found[0]
    assert found[0]["backend"] == _CUDA
    params = found[0]["params"]
    assert params["library"] == library
    assert params["gpu"] == gpu
    assert "sm_62" in params["built"] and "sm_61" not in params["built"]
    assert "state-spaces/mamba setup.py" in params["source"]
    assert "build list, not from its own words" in found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    # the library's way round, not a torch to reinstall: torch's guess steps aside
    assert "device.arch_not_compiled" not in [f["code"] for f in data["findings"]]
    assert "transformers' Mamba models" in found[0]["advice"]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_gpu_the_list_serves_or_a_release_without_a_list_is_no_such_finding(name: str) -> None:
    _, data = detect(ERRORS / name)
    built = [f for f in data["findings"] if f["code"] == CODE]
    assert not built, built


def test_every_list_is_cited_at_its_release_and_read_by_the_kernel_rules() -> None:
    backends = {_CUDA, _ROCM}
    rows = [row for row in support.TABLE if row.built]
    assert {r.name for r in rows} >= {"flash-attn", "xformers", "mamba-ssm", "vLLM", "bitsandbytes"}
    for row in rows:
        for built in row.built:
            assert built.backend in backends, row.name
            assert built.at and " at " in built.at, (row.name, built)
            assert built.since == "" or parse(built.since) is not None, (row.name, built)
            for arch in built.arches:
                # every entry is an arch torch's list would hold: a gfx target or sm_/compute_
                gfx = built.backend == _ROCM and kernels.gfx_version(arch) is not None
                assert gfx or kernels.verdict("8.0", (arch,)).device_arch, (row.name, arch)


def test_a_release_holds_the_list_in_force_for_its_cuda_binary() -> None:
    bnb = support.of_name("bitsandbytes")
    assert bnb is not None
    # build-cuda.sh at 0.48.0: "60;70;75;80;86;89;90" for CUDA 12.x before 12.8, CUDA 13's
    # list from sm75; at 0.47.0 CUDA 12.8's list from sm70
    (cu126,) = bnb.builds(_CUDA, parse("0.48.2"), "12.6")
    assert cu126.arches[0] == "sm_60" and cu126.arches[-1] == "compute_90"
    (cu130,) = bnb.builds(_CUDA, parse("0.48.2"), "13.0")
    assert cu130.arches[0] == "sm_75"
    (cu128,) = bnb.builds(_CUDA, parse("0.48.2"), "12.8.1")
    assert cu128.arches[0] == "sm_70" and cu128.since == "0.47.0"
    assert not bnb.builds(_CUDA, parse("0.38.1"))  # no list read before 0.43.0
    # a release not shown: every list, any of which may be the one installed
    assert len(bnb.builds(_CUDA, None)) == len([b for b in bnb.built if b.backend == _CUDA])


def test_a_gpu_older_or_newer_than_the_list_is_outside_it() -> None:
    def serves(name: str, release: str, capability: str) -> bool:
        row = support.of_name(name)
        assert row is not None
        return all(
            kernels.verdict(capability, b.arches).route is not kernels.Route.NONE
            for b in row.builds(_CUDA, parse(release))
        )

    # flash-attn 2.x: sm_80 and sm_90 cubins (setup.py cc_flag); sm_120 in the wheels from
    # 2.8.0, the first its publish.yml builds with a CUDA (12.9) that emits it
    assert not serves("flash-attn", "2.6.3", "7.5")
    assert not serves("flash-attn", "2.6.3", "12.0")
    assert not serves("flash-attn", "2.7.4.post1", "12.0")
    assert serves("flash-attn", "2.8.0", "12.0")
    assert serves("flash-attn", "2.6.3", "8.9")  # an sm_80 cubin runs on 8.9
    # mamba-ssm 2.3.2 dropped sm_70; 2.2.6 carried it
    assert not serves("mamba-ssm", "2.3.2", "7.0")
    assert serves("mamba-ssm", "2.2.6", "7.0")
    # xformers' wheels: 6.0+PTX until 0.0.30, from 7.5 at 0.0.31; 8.0+PTX serves newer GPUs
    assert serves("xformers", "0.0.30", "6.1")
    assert not serves("xformers", "0.0.31", "6.1")
    assert serves("xformers", "0.0.31", "12.0")


def test_rocm_targets_and_wheel_lists_by_their_binary() -> None:
    flash = support.of_name("flash-attn")
    exl2 = support.of_name("ExLlamaV2")
    conv = support.of_name("causal-conv1d")
    assert flash is not None and exl2 is not None and conv is not None
    # flash-attn's composable_kernel targets (setup.py allowed_archs): MI200/MI300, no RDNA
    (ck,) = flash.builds(_ROCM, parse("2.8.3"))
    assert kernels.verdict("gfx942", ck.arches).route is kernels.Route.EXACT_CODE_OBJECT
    assert kernels.verdict("gfx1100", ck.arches).route is kernels.Route.NONE
    assert not flash.builds(_ROCM, parse("2.6.0"))  # before 2.6.2 no list is read
    # ExLlamaV2's wheels: 9.0+PTX below CUDA 12.8 serves newer GPUs; nothing serves Kepler
    (cu124,) = exl2.builds(_CUDA, parse("0.3.2"), "12.4")
    assert kernels.verdict("12.0", cu124.arches).route is kernels.Route.PTX_JIT
    assert kernels.verdict("3.7", cu124.arches).route is kernels.Route.NONE
    # causal-conv1d 1.5.3 dropped sm_53 (Jetson Nano) and added sm_75 and sm_120
    (latest,) = conv.builds(_CUDA, parse("1.5.3"))
    assert "sm_53" not in latest.arches and "sm_120" in latest.arches
