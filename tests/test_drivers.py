"""The NVIDIA driver floors: "too old" exactly where NVIDIA's documents say so."""

from __future__ import annotations

import pytest

from hwdoctor.compat import drivers
from hwdoctor.compat.drivers import (
    FloorRule,
    decode_cuda_driver_version,
    driver_floor,
    found_version_in,
    newest_cuda,
    runs,
)

# (driver, CUDA of the build, GPU capability, runs?) — each row from NVIDIA's tables:
# Table 3 of the CUDA release notes, the minor-version-compatibility floors (11.x >=
# 450.80.02, 12.x >= 525, 13.x >= 580) and Blackwell's R570 floor.
MATRIX = [
    ("535.104.05", "12.6", "8.9", True),  # cu126 on 535: 12.x MVC, >= 525
    ("525.60.13", "12.8", "8.0", True),  # cu128 on the 12.x floor itself
    ("525.60.13", "12.1", None, True),
    ("520.61.05", "12.1", None, False),  # 11.8's driver is below 12.x's 525
    ("550.54.14", "13.0", "8.9", False),  # cu130 on 550: 13.x needs >= 580
    ("580.65.06", "13.0", "8.9", True),
    ("580.65.06", "13.2", "12.0", True),
    ("550.54.14", "12.8", "12.0", False),  # cu128, Blackwell RTX, 550: R570+
    ("550.54.14", "12.8", "10.0", False),  # Blackwell datacenter
    ("570.86.10", "12.8", "12.0", True),
    ("550.54.14", "12.8", "9.0", True),  # Hopper has no floor of its own
    ("470.82.01", "12.1", "8.6", False),  # driver 470 runs no CUDA 12 build
    ("470.82.01", "11.8", "8.6", True),  # 11.x MVC: >= 450.80.02
    ("450.80.02", "11.8", None, True),
    ("450.51.06", "11.8", None, False),
    ("450.51.06", "11.0", None, True),  # 11.0's own minimum is 450.36.06
    ("450.36.06", "11.0", None, True),
    ("440.95.01", "11.0", None, False),
    ("418.87.00", "12.6", "7.0", False),
    ("570.172.08", "12.9", "12.0", True),
]


@pytest.mark.parametrize(("driver", "cuda", "capability", "expected"), MATRIX)
def test_driver_matrix(driver: str, cuda: str, capability: str | None, expected: bool) -> None:
    assert runs(driver, cuda, capability) is expected


def test_the_floor_names_the_rule_that_sets_it() -> None:
    mvc = driver_floor("12.1")
    assert mvc is not None and mvc.rule is FloorRule.MINOR_VERSION and mvc.branch == 525
    blackwell = driver_floor("12.8", "12.0")
    assert blackwell is not None and blackwell.rule is FloorRule.GPU_GENERATION
    assert blackwell.branch == 570
    own = driver_floor("11.0")
    assert own is not None and own.rule is FloorRule.TOOLKIT and own.driver == "450.36.06"


@pytest.mark.parametrize("cuda", ["6.5", "12.7", "13.4", "9.9", "rocm"])
def test_undocumented_floors_are_not_checked(cuda: str) -> None:
    assert driver_floor(cuda) is None
    assert runs("535.104.05", cuda) is None


def test_a_driver_that_is_no_version_is_not_checked() -> None:
    assert runs("N/A", "12.1") is None


@pytest.mark.parametrize(
    ("number", "cuda"), [(11040, "11.4"), (12080, "12.8"), (12040, "12.4"), (13000, "13.0")]
)
def test_decode_cuda_driver_version(number: int, cuda: str) -> None:
    assert decode_cuda_driver_version(number) == cuda


def test_no_driver_decodes_to_nothing() -> None:
    assert decode_cuda_driver_version(0) is None


def test_found_version_in_torch_message() -> None:
    # torch 2.x, c10/cuda/CUDAFunctions.cpp, as users paste it.
    text = (
        "CUDA initialization: The NVIDIA driver on your system is too old (found version "
        "11040). Please update your GPU driver by downloading and installing a new version"
    )
    assert found_version_in(text) == "11.4"
    assert found_version_in("no kernel image is available") is None


@pytest.mark.parametrize(
    ("driver", "cuda"),
    [
        ("470.82.01", "11.4"),
        ("535.104.05", "12.2"),
        ("580.126.09", "13.0"),
        ("440.95.01", "10.2"),
        ("410.129", "10.0"),
        ("340.108", None),
    ],
)
def test_newest_cuda(driver: str, cuda: str | None) -> None:
    assert newest_cuda(driver) == cuda


@pytest.mark.parametrize(
    ("driver", "capability", "cuda", "runs"),
    [
        # Ada (RTX 4090, L40) and Hopper (H100) start at R520: a CUDA 11.8 build, which R470
        # meets by minor-version compatibility, still cannot run ([OGKM] 520.56.06, [SG-520])
        ("470.86", "8.9", "11.8", False),
        ("470.86", "9.0", "11.8", False),
        ("520.61.05", "8.9", "11.8", True),
        # B300 and GB10 start at R580, B200 and the RTX 5090 at R570 ([OGKM])
        ("570.211.01", "10.3", "12.8", False),
        ("570.211.01", "10.0", "12.8", True),
        ("570.211.01", "12.1", "12.8", False),
        ("580.82.07", "10.3", "12.8", True),
        # Pascal's last branch is R580, Kepler's R470 ([NV-MATRIX], [OGKM-590])
        ("590.44.01", "6.1", "12.6", False),
        ("580.126.09", "6.1", "12.6", True),
        ("495.29.05", "3.7", "11.4", False),
        ("470.86", "3.7", "11.4", True),
    ],
)
def test_a_generation_bounds_the_driver_whatever_the_cuda(
    driver: str, capability: str, cuda: str, runs: bool
) -> None:
    assert drivers.runs(driver, cuda, capability) is runs


def test_every_generation_bound_cites_its_source() -> None:
    for generation in drivers._GENERATIONS:
        assert generation.source.startswith("[") and (generation.floor or generation.last_branch)
    assert drivers.outside("470.86", "8.9") == (drivers.generation_of("8.9"), drivers.Bound.FLOOR)
    assert drivers.outside("590.44.01", "7.0") == (drivers.generation_of("7.0"),
                                                   drivers.Bound.LAST)  # fmt: skip
    assert drivers.outside("580.65.06", "7.5") is None  # Turing: no bound passed
