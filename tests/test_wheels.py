"""The wheel table and the install chooser, against recorded facts: every suggested build
runs on the driver (by NVIDIA's floors) and on the GPU (by CUDA's rule, and by the arch
lists users printed for real wheels, tests/data/wheels/)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from hwdoctor.compat import drivers, kernels, wheels
from hwdoctor.compat.wheels import Host, Machine, Verdict
from hwdoctor.diagnosis import remedies
from hwdoctor.model.facts import PythonInfo
from hwdoctor.shell import words

DATA = Path(__file__).parent / "data" / "wheels" / "recorded-arch-lists.json"
RECORDED: dict[str, tuple[str, ...]] = {
    r["torch"]: tuple(r["arch_list"]) for r in json.loads(DATA.read_text())["recordings"]
}

# Desktop GPUs, Maxwell to Blackwell: GTX 980 (5.2), P100 (6.0), GTX 1080 (6.1), V100 (7.0),
# T4 (7.5), A100 (8.0), RTX 3090 (8.6), L4 (8.9), H100 (9.0), B200 (10.0), RTX 5090 (12.0).
GPUS = ("5.2", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6", "8.9", "9.0", "10.0", "12.0")
DRIVERS = (
    "470.82.01",
    "525.60.13",
    "535.104.05",
    "550.54.14",
    "560.35.03",
    "570.86.10",
    "575.57.08",
    "580.65.06",
    "595.45.04",
)
TORCHES = (None, "1.13.0", "2.0.1", "2.5.1+cu121", "2.7.0+cu118", "2.8.0+cu128",
           "2.10.0+cu128", "2.11.0+cu126", "2.13.0+cu130")  # fmt: skip


def _recorded(series: str, variant: str) -> tuple[str, ...] | None:
    return next(
        (
            arch_list
            for torch, arch_list in RECORDED.items()
            if wheels.series_of(torch) == series and wheels.local_of(torch) == variant
        ),
        None,
    )


def _check_runs(suggestion: wheels.Suggestion, driver: str, capability: str) -> None:
    """A suggestion said to run does: by the driver table, by the kernel rule on the
    table's list, and on the list users recorded for that wheel, where there is one."""
    assert suggestion.release is not None and suggestion.variant is not None
    variant = wheels.BY_SERIES[suggestion.release].variant(suggestion.variant)
    assert variant is not None and variant.cuda is not None
    assert drivers.runs(driver, variant.cuda, capability) is True
    archs = variant.archs_for(Host.X86_64)
    assert archs is not None
    assert kernels.kernels_for(capability, archs.arch_list)
    recorded = _recorded(suggestion.release, suggestion.variant)
    if recorded is not None:
        assert kernels.kernels_for(capability, recorded), (suggestion, recorded)


@pytest.mark.parametrize(
    ("torch", "driver", "capability"), list(itertools.product(TORCHES, DRIVERS, GPUS))
)
def test_every_suggestion_runs_on_that_driver_and_gpu(
    torch: str | None, driver: str, capability: str
) -> None:
    suggestion = wheels.choose(torch, Machine(capabilities=(capability,), driver=driver))
    args = remedies.torch_args(wheels.for_driver(torch, driver, (capability,)))
    if suggestion.verdict is Verdict.RUNS:
        _check_runs(suggestion, driver, capability)
        if args is not None:
            assert f"/whl/{suggestion.variant}" in args or "torch_stable" in args
    else:  # a remedy only ever names a build every check passed for
        assert args is None, (suggestion, args)
        # UNKNOWN names what could not be checked; FAILS, that no build of the table fits.
        if suggestion.verdict is Verdict.UNKNOWN:
            assert suggestion.unchecked, suggestion
        else:
            assert suggestion.release is None and suggestion.variant is None, suggestion


@pytest.mark.parametrize(("torch", "capability"), list(itertools.product(TORCHES, GPUS)))
def test_without_a_driver_no_cuda_build_is_said_to_run(torch: str | None, capability: str) -> None:
    suggestion = wheels.choose(torch, Machine(capabilities=(capability,)))
    assert suggestion.verdict is not Verdict.RUNS
    assert any("driver" in item for item in suggestion.unchecked)


def test_the_table_agrees_with_recorded_arch_lists() -> None:
    """Where the table decides a GPU (runs or not), the wheel users printed decides alike;
    where the table does not know (PTX unrecorded), it says unknown, never a verdict."""
    compared = 0
    for torch, recorded in RECORDED.items():
        series, variant_name = wheels.series_of(torch), wheels.local_of(torch)
        if series is None or variant_name is None:
            continue
        variant = wheels.BY_SERIES[series].variant(variant_name)
        assert variant is not None, torch
        archs = variant.archs_for(Host.X86_64)
        assert archs is not None, torch
        for capability in ("3.5", *GPUS):
            served, _, _ = wheels._serving(capability, archs)
            if served is not Verdict.UNKNOWN:
                assert (served is Verdict.RUNS) == kernels.kernels_for(capability, recorded), (
                    torch,
                    capability,
                )
                compared += 1
    assert compared >= 40


def test_driver_470_with_torch_251_cu121_names_a_cu11x_build() -> None:
    # Driver 470 runs no CUDA 12 build; 2.5.1 itself has cu118, which it runs.
    machine = Machine(capabilities=("8.6",), driver="470.82.01")
    suggestion = wheels.choose("2.5.1+cu121", machine)
    assert (suggestion.torch, suggestion.variant, suggestion.verdict) == (
        "2.5.1",
        "cu118",
        Verdict.RUNS,
    )
    assert "cu124, cu121: needs a newer driver" in suggestion.reason
    _check_runs(suggestion, "470.82.01", "8.6")


def test_driver_470_without_a_cu11x_build_of_that_release_names_the_newest_that_has_one() -> None:
    # 2.8 and later publish no CUDA 11 build: the newest with one is 2.7 (cu118).
    suggestion = wheels.choose("2.8.0+cu128", Machine(capabilities=("8.6",), driver="470.82.01"))
    assert (suggestion.release, suggestion.variant, suggestion.torch) == ("2.7", "cu118", "2.7.*")
    assert not suggestion.keeps_release
    assert suggestion.reason.startswith("no build of torch 2.8.0+cu128 is known to fit")
    assert remedies.torch_args(suggestion) == (
        "'torch==2.7.*' --index-url https://download.pytorch.org/whl/cu118"
    )


def test_driver_found_version_11040_alone_is_enough_to_choose() -> None:
    args = remedies.torch_args(wheels.for_cuda("2.5.1+cu121", "11.4", ("8.6",)))
    assert args == "torch==2.5.1 --index-url https://download.pytorch.org/whl/cu118"


def test_gtx_1080_on_torch_28_gets_cu126_not_cu128() -> None:
    suggestion = wheels.choose("2.8.0+cu128", Machine(capabilities=("6.1",), driver="575.57.08"))
    assert (suggestion.torch, suggestion.variant) == ("2.8.0", "cu126")
    assert suggestion.reason == (
        "cu126 is the newest build of torch 2.8 that fits: it carries sm_60, which runs on"
        " sm_61 and driver 575.57.08 runs CUDA 12.6 (cu129, cu128: no kernels for sm_61)"
    )


def test_rtx_5090_on_torch_26_moves_to_a_release_with_cu128_or_newer() -> None:
    suggestion = wheels.choose("2.6.0+cu124", Machine(capabilities=("12.0",), driver="575.57.08"))
    assert suggestion.release is not None and suggestion.variant is not None
    assert tuple(int(part) for part in suggestion.release.split(".")) >= (2, 7)
    assert suggestion.variant in ("cu128", "cu129")  # 575 runs no CUDA 13 build
    _check_runs(suggestion, "575.57.08", "12.0")
    # The recorded 2.11.0+cu128 wheel carries sm_120.
    assert "sm_120" in RECORDED["2.11.0+cu128"]


@pytest.mark.parametrize("capability", GPUS)
def test_driver_550_never_gets_cu130(capability: str) -> None:
    for torch in TORCHES:
        suggestion = wheels.choose(torch, Machine(capabilities=(capability,), driver="550.54.14"))
        assert suggestion.variant not in ("cu130", "cu132"), (torch, suggestion)


def test_the_installed_build_that_fits_is_kept() -> None:
    suggestion = wheels.choose("2.13.0+cu126", Machine(capabilities=("8.9",), driver="580.65.06"))
    assert suggestion.keeps_variant and suggestion.verdict is Verdict.RUNS
    assert remedies.torch_args(suggestion) is None


def test_a_pypi_wheel_without_a_label_is_that_release_s_default() -> None:
    # "pip install torch==2.0.1" on Linux is the CUDA 11.7 build (pytorch.org).
    suggestion = wheels.choose("2.0.1", Machine(capabilities=("8.6",), driver="470.82.01"))
    assert suggestion.keeps_variant and suggestion.variant == "cu117"


def test_unknown_archs_are_said_unknown_never_runs() -> None:
    # No source read gives the aarch64 list of 2.8's wheels, nor whether 2.6 carries PTX.
    arm = wheels.judge(
        wheels.BY_SERIES["2.8"],
        wheels.BY_SERIES["2.8"].variants[0],
        Machine(host="aarch64", capabilities=("9.0",), driver="580.65.06"),
    )
    assert arm.verdict is Verdict.UNKNOWN and "aarch64" in arm.unchecked[0]
    cu126 = wheels.BY_SERIES["2.6"].variant("cu126")
    assert cu126 is not None
    ptx = wheels.judge(
        wheels.BY_SERIES["2.6"], cu126, Machine(capabilities=("12.0",), driver="580.65.06")
    )
    assert ptx.kernels is Verdict.UNKNOWN


def test_jetson_is_not_served_by_desktop_sbsa_wheels() -> None:
    # Orin (8.7) is Tegra: sm_80 cubins of the SBSA wheels do not run on it.
    suggestion = wheels.choose(
        "2.13.0+cu130", Machine(host="aarch64", capabilities=("8.7",), driver="580.65.06")
    )
    assert suggestion.verdict is not Verdict.RUNS
    assert wheels.for_driver("2.13.0+cu130", "580.65.06", ("8.7",), host="aarch64") is None


def test_rocm_gpu_gets_a_rocm_index_that_carries_its_target() -> None:
    suggestion = wheels.choose("2.5.1+rocm6.2", Machine(gfx=("gfx1101",)))
    assert suggestion.variant is not None and suggestion.variant.startswith("rocm")
    assert suggestion.verdict is Verdict.RUNS
    assert "gfx1101" in RECORDED["rocm7.2"]  # a later ROCm wheel users printed carries it
    assert "no kernels for gfx1101" in suggestion.reason


def test_the_command_is_for_the_diagnosed_interpreter() -> None:
    args = remedies.torch_args(wheels.for_driver("2.5.1+cu121", "470.82.01", ("8.6",)))
    assert args is not None
    venv = PythonInfo("/home/me/my envs/t/bin/python", "3.12.1", "/home/me/my envs/t", True)
    command = remedies.pip(remedies.installer(venv), "install", "--force-reinstall", *words(args))
    assert str(command) == (
        "'/home/me/my envs/t/bin/python' -m pip install --force-reinstall torch==2.5.1"
        " --index-url https://download.pytorch.org/whl/cu118"
    )


def test_old_releases_install_as_their_page_spells_it() -> None:
    # Kepler: 1.12's CUDA 10.2 build still carries sm_35, and driver 470 runs CUDA 10.2
    # (Table 3: 440.33), so the newest release that fits is 1.12, not 1.11's cu113.
    kepler = wheels.choose("2.4.0+cu121", Machine(capabilities=("3.5",), driver="470.82.01"))
    assert remedies.torch_args(kepler) == (
        "torch==1.12.1+cu102 --extra-index-url https://download.pytorch.org/whl/cu102"
    )
    old = wheels.Suggestion("1.10.1+cu111", "1.10", "cu111", wheels.Style.FIND_LINKS,
                            Verdict.RUNS, "")  # fmt: skip
    assert remedies.torch_args(old) == (
        "torch==1.10.1+cu111 -f https://download.pytorch.org/whl/torch_stable.html"
    )


def test_every_row_is_cited_and_named_as_the_index_names_it() -> None:
    for release in wheels.RELEASES:
        assert release.source.startswith("[")
        for variant in release.variants:
            known = variant.name == "cpu" or variant.cuda or variant.rocm or variant.xpu
            assert known, variant.name
            assert variant.index_url == f"https://download.pytorch.org/whl/{variant.name}"
            for _, archs in variant.archs:
                assert archs.source.startswith("["), (release.series, variant.name)
    assert [v.name for v in wheels.BY_SERIES["2.13"].variants] == [
        "cu126", "cu130", "cu132", "rocm7.2", "cpu",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "machine",
    [wheels.Machine(driver="470.86"), wheels.Machine(driver_cuda="11.4")],
    ids=["driver version", "torch's found version"],
)
def test_a_driver_without_a_seen_gpu_still_gets_a_cuda_build(machine: wheels.Machine) -> None:
    """An NVIDIA driver says there is an NVIDIA GPU even when its capability is unknown: the
    answer is a CUDA build the driver runs, marked unchecked for kernels, never the CPU index."""
    suggestion = wheels.choose("2.5.1+cu121", machine)
    assert suggestion.variant == "cu118"
    assert suggestion.verdict is wheels.Verdict.UNKNOWN
    assert any("compute capability" in item for item in suggestion.unchecked)


def test_torch_14_built_for_cuda_100_on_turing_stays_on_14() -> None:
    # pytorch#33469's torch 1.4.0 was built for CUDA 10.0 (conda); the page publishes 1.4's
    # pip builds for 10.1 (PyPI's) and 9.2. Both carry code Turing runs (9.2's sm_70 cubins
    # run on 7.5); driver 410.129 is below CUDA 10.1's 418.39 (Table 3) and above 9.2's
    # 396.26, so the 9.2 build is the one that runs.
    suggestion = wheels.choose("1.4.0+cu100", Machine(capabilities=("7.5",), driver="410.129"))
    assert (suggestion.release, suggestion.variant, suggestion.torch) == (
        "1.4",
        "cu92",
        "1.4.0+cu92",
    )
    assert suggestion.keeps_release and not suggestion.keeps_variant
    assert suggestion.verdict is Verdict.RUNS
    assert suggestion.unchecked == ()
    assert "cu101: needs a newer driver" in suggestion.reason
    assert remedies.torch_args(suggestion) == (
        "torch==1.4.0+cu92 -f https://download.pytorch.org/whl/torch_stable.html"
    )


def test_torch_17_on_ampere_gets_its_cuda_11_build() -> None:
    suggestion = wheels.choose("1.7.1", Machine(capabilities=("8.6",), driver="455.32.00"))
    assert (suggestion.variant, suggestion.torch, suggestion.verdict) == (
        "cu110",
        "1.7.1+cu110",
        Verdict.RUNS,
    )
    assert not suggestion.keeps_variant  # a bare 1.7.1 is PyPI's CUDA 10.2 build
    assert remedies.torch_args(suggestion) == (
        "torch==1.7.1+cu110 -f https://download.pytorch.org/whl/torch_stable.html"
    )
    _check_runs(suggestion, "455.32.00", "8.6")


def test_torch_10_and_11_name_the_page_to_download_from() -> None:
    suggestion = wheels.choose("1.1.0", Machine(capabilities=("7.5",), driver="418.67"))
    assert (suggestion.release, suggestion.variant) == ("1.1", "cu100")
    assert suggestion.index_url == "https://download.pytorch.org/whl/cu100/torch_stable.html"
    assert remedies.torch_args(suggestion) is None  # the source gives a page, no pip line
    # cu80 was published for 1.0.0 only.
    for_101 = wheels._candidates(wheels.BY_SERIES["1.0"], Machine(driver="1"), "1.0.1")
    assert [v.name for v in for_101] == ["cu100", "cu90"]


def test_the_1x_releases_are_the_page_s() -> None:
    old = [r.series for r in wheels.RELEASES if r.series.startswith("1.")]
    assert old == ["1.13", "1.12", "1.11", "1.10", "1.9", "1.8", "1.7", "1.6", "1.5", "1.4",
                   "1.2", "1.1", "1.0"]  # fmt: skip
    assert wheels.release_of("1.3.1") is None  # no 1.3 section in [PT-PREV]
    assert [v.name for v in wheels.BY_SERIES["1.7"].variants] == [
        "cu92", "cu101", "cu102", "cu110", "cpu",
    ]  # fmt: skip
    # The 1.8 row is spelled as before: its PyPI build keeps the +cu102 label.
    eight = wheels.BY_SERIES["1.8"]
    cu102 = eight.variant("cu102")
    assert cu102 is not None and eight.style_of(cu102) is wheels.Style.FIND_LINKS
    assert wheels._pin(eight, None, cu102) == "1.8.1+cu102"


def test_a_collect_env_of_the_newest_torch_on_an_l4_gets_a_kernel_verdict() -> None:
    """vllm#3482's real collect_env of an L4 (8.9) with driver 535, its two torch lines
    changed here to the newest release of the table and its PyPI build: the table's arch list
    judges the GPU (the sm_86 cubin runs on 8.9) instead of asking for get_arch_list(), and
    the driver too old for CUDA 13.2 is named."""
    import hwdoctor

    real = (DATA.parent.parent / "reports" / "collect_env" /
            "vllm3482-torch2.1.2-cu121-l4-driver535.txt").read_text(encoding="utf-8")  # fmt: skip
    newest = wheels.RELEASES[0]
    variant = newest.variant(newest.pypi_default or "")
    assert newest.patches and variant is not None and variant.cuda
    pasted = real.replace(
        "PyTorch version: 2.1.2+cu121", f"PyTorch version: {newest.patches[-1]}+{variant.name}"
    ).replace("CUDA used to build PyTorch: 12.1", f"CUDA used to build PyTorch: {variant.cuda}")
    report = hwdoctor.diagnose(pasted).to_json()
    unknown = [question["unknown"] for question in report["not_checked"]]
    assert not [u for u in unknown if "architectures" in u], unknown
    assert [f["code"] for f in report["findings"]] == ["driver.too_old"]
    archs = variant.archs_for(Host.X86_64)
    assert archs is not None and kernels.kernels_for("8.9", archs.arch_list)


# issue 38: the torch build a CUDA toolkit builds extensions for (extension.nvcc_major_mismatch)
@pytest.mark.parametrize(
    ("torch", "nvcc", "variant", "keeps"),
    [
        # flash-attention#1759: torch 2.2.0 of CUDA 11.8 beside nvcc 12.9: its own cu121 build
        ("2.2.0", "12.9", "cu121", True),
        # nvcc 12.0 is older than every CUDA 12 build of 2.1: the oldest of the major
        ("2.1.2+cu118", "12.0", "cu121", True),
        # a CUDA 11 toolkit beside a cu124 torch: the release's CUDA 11 build
        ("2.5.1+cu124", "11.8", "cu118", True),
    ],
)
def test_a_torch_of_the_toolkits_major(torch: str, nvcc: str, variant: str, keeps: bool) -> None:
    """The build of nvcc's major on the installed release where it has one, the newest of
    that major not past nvcc's release; never said to run (the GPU and driver unchecked)."""
    picked = wheels.of_cuda_major(torch, nvcc)
    assert picked is not None and picked.variant == variant
    assert picked.keeps_release is keeps and picked.verdict is Verdict.UNKNOWN
    assert (picked.variant or "").startswith("cu" + nvcc.split(".")[0])


def test_a_release_without_a_build_of_the_toolkits_major_moves_to_one_that_has() -> None:
    """torch 2.0 has no CUDA 12 build in the table: the newest release with one, said."""
    picked = wheels.of_cuda_major("2.0.1+cu117", "12.1")
    assert picked is not None and not picked.keeps_release
    assert "torch 2.0 has no CUDA 12.x build" in picked.reason
    assert wheels.of_cuda_major("2.0.1", "twelve") is None
