"""The PEP 440 subset hwdoctor uses to judge `Requires-Dist` and `--require`."""

from __future__ import annotations

import pytest

from hwdoctor import versions


@pytest.mark.parametrize(
    ("version", "spec", "expected"),
    [
        ("2.13.0+cpu", "==2.13.0", True),
        ("2.13.0+cpu", "==2.10.0", False),
        ("2.13.0+cpu", ">=2.6", True),
        ("2.13.0", ">=2.11.0,<=2.15.0", True),
        ("2.16.0", ">=2.11.0,<=2.15.0", False),
        ("2.10.0.post2", "==2.10.0", False),
        ("2.10.0.post2", ">=2.10.0", True),
        ("2.12.0.dev20250101", "<2.12.0", True),
        ("2.12.0rc1", "<2.12.0", True),
        ("2.12.0rc1", ">2.12.0.dev5", True),
        ("2.7.1", "~=2.7.0", True),
        ("2.8.0", "~=2.7.0", False),
        ("2.7.1", "==2.7.*", True),
        ("2.70.1", "==2.7.*", False),
        ("2.7.1", "!=2.7.*", False),
        ("2.13.0+cpu", "==2.13.0+cpu", True),
        ("2.13.0+cu128", "==2.13.0+cpu", False),
        ("1!1.0", ">=2.0", True),
        ("2.0", "==2.0.0", True),
        ("5.24.0", "", True),
    ],
)
def test_satisfies(version: str, spec: str, expected: bool) -> None:
    assert versions.satisfies(version, spec) is expected


@pytest.mark.parametrize("spec", [">=x", "=>2", "2.6", ">=2.6,,", "~= "])
def test_malformed_specifiers_are_rejected(spec: str) -> None:
    assert versions.parse_specifiers(spec) is None
    assert versions.satisfies("2.6.0", spec) is None


def test_unparsable_version() -> None:
    assert versions.parse("not-a-version") is None
    assert versions.satisfies("garbage", ">=1") is None


@pytest.mark.parametrize(
    ("requirement", "expected"),
    [
        ("torch==2.10.0", "==2.10.0"),
        ("torch (>=2.1)", ">=2.1"),
        ("torch>=2.11.0,<=2.15.0", ">=2.11.0,<=2.15.0"),
        ("Torch ; python_version>'3'", ""),
        ("torchvision>=0.20", None),
        ("torch-npu==2.5", None),
    ],
)
def test_requirement_specifiers(requirement: str, expected: str | None) -> None:
    assert versions.requirement_specifiers(requirement, "torch") == expected
