"""Versions and Requires-Dist lines judged by `packaging`, as pip judges them."""

from __future__ import annotations

import pytest

from hwdoctor import versions
from hwdoctor.versions import Outcome


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
        # PEP 440: `<V` excludes V's own pre-releases and dev releases, so a nightly of 2.12
        # does not meet an extension's `torch<2.12.0`; an earlier series' does.
        ("2.12.0.dev20250101", "<2.12.0", False),
        ("2.12.0rc1", "<2.12.0", False),
        ("2.11.0.dev20250101", "<2.12.0", True),
        ("2.12.0rc1", ">2.12.0.dev5", True),
        ("2.12.0rc1", ">=2.11", True),  # installed pre-releases count, as in `pip check`
        ("2.7.1", "~=2.7.0", True),
        ("2.8.0", "~=2.7.0", False),
        ("2.8.0", "~=2.7", True),
        ("2.7.1", "==2.7.*", True),
        ("2.70.1", "==2.7.*", False),
        ("2.7.1", "!=2.7.*", False),
        ("2.13.0+cpu", "==2.13.0+cpu", True),
        ("2.13.0+cu128", "==2.13.0+cpu", False),
        ("2.5.1+rocm6.2", "==2.5.1", True),
        ("1!1.0", ">=2.0", True),
        ("2.0", "==2.0.0", True),
        ("5.24.0", "", True),
    ],
)
def test_satisfies(version: str, spec: str, expected: bool) -> None:
    assert versions.satisfies(version, spec) is expected


@pytest.mark.parametrize(
    "spec",
    [">=x", "=>2", "2.6", ">=2.6,,", "~= ", "~=2", "~= 2", "==2.*.*", ">=1." + "9" * 5000],
)
def test_malformed_specifiers_are_rejected(spec: str) -> None:
    assert versions.parse_specifiers(spec) is None
    assert versions.satisfies("2.6.0", spec) is None


def test_unparsable_version() -> None:
    assert versions.parse("not-a-version") is None
    assert versions.parse("1." + "9" * 5000) is None  # Python's int() would refuse it
    assert versions.satisfies("garbage", ">=1") is None
    assert versions.satisfies("None", ">=1") is None


def test_parse_keeps_release_and_local_label() -> None:
    parsed = versions.parse("2.5.1+cu121")
    assert parsed is not None
    assert parsed.release == (2, 5, 1) and parsed.local == "cu121" and parsed.public == "2.5.1"


# Real Requires-Dist lines, each from the METADATA of a package installed in hwdoctor's own
# development environment (.venv/lib/python3.11/site-packages/<dist-info>/METADATA).
REAL = [
    # accelerate-1.15.0.dist-info
    ("torch>=2.0.0", "torch", "2.13.0+cpu", Outcome.MET, ">=2.0.0"),
    ("torch>=2.0.0", "torch", "1.13.1", Outcome.UNMET, ">=2.0.0"),
    ("numpy>=1.17", "torch", "2.13.0", Outcome.OTHER, ">=1.17"),
    # safetensors-0.8.0.dist-info: an extra no diagnosis installs
    ("torch>=2.4 ; extra == 'torch'", "torch", "2.1.0", Outcome.OTHER, ">=2.4"),
    # huggingface_hub-2.4.0.dist-info
    ('torch; extra == "torch"', "torch", "2.13.0", Outcome.OTHER, ""),
    # markdown_it_py-4.3.0.dist-info: compatible release with two segments
    ("mdurl~=0.1", "mdurl", "0.1.2", Outcome.MET, "~=0.1"),
    ("mdurl~=0.1", "mdurl", "1.0.0", Outcome.UNMET, "~=0.1"),
    # httpx2-2.16.2.dist-info: a wildcard behind an extra, a platform marker
    ("pygments==2.*; extra == 'cli'", "pygments", "2.21.0", Outcome.OTHER, "==2.*"),
    ("httpcore2==2.16.2; sys_platform != 'emscripten'", "httpcore2", "2.16.2", Outcome.MET, ""),
    # setuptools-84.2.1.dist-info
    ('mypy==1.18.*; extra == "type"', "mypy", "1.18.2", Outcome.OTHER, "==1.18.*"),
    # anyio-4.16.0.dist-info: judged for the diagnosed interpreter, 3.11.7 here
    ('exceptiongroup>=1.0.2; python_version < "3.11"', "exceptiongroup", "0.1", Outcome.OTHER, ""),
    (
        'typing_extensions>=4.16.0; python_version < "3.15"',
        "typing-extensions",
        "4.10.0",
        Outcome.UNMET,
        ">=4.16.0",
    ),
    # torch-2.13.0+cpu.dist-info: names are compared as pip compares them
    ("typing-extensions>=4.10.0", "Typing_Extensions", "4.16.0", Outcome.MET, ">=4.10.0"),
    # huggingface_hub-2.4.0.dist-info: a range and a marker of `or`s
    (
        'hf-xet<2.0.0,>=1.6.0; platform_machine == "x86_64" or platform_machine == "amd64" or '
        'platform_machine == "AMD64" or platform_machine == "arm64" or platform_machine == "ARM64" '
        'or platform_machine == "aarch64"',
        "hf-xet",
        "2.1.0",
        None,
        "<2.0.0,>=1.6.0",
    ),
]


@pytest.mark.parametrize(("line", "name", "version", "outcome", "spec"), REAL)
def test_real_requires_dist_lines(
    line: str, name: str, version: str, outcome: Outcome | None, spec: str
) -> None:
    judged = versions.judge_requirement(line, name, version, "3.11.7")
    if outcome is None:  # depends on this host's machine; judged, never raised
        assert judged.outcome in (Outcome.UNMET, Outcome.OTHER)
    else:
        assert judged.outcome is outcome, judged
    if spec:
        assert judged.spec == spec
    assert judged.reason == ""


def test_markers_are_judged_for_the_diagnosed_interpreter() -> None:
    line = 'exceptiongroup>=1.0.2; python_version < "3.11"'  # anyio-4.16.0.dist-info
    assert versions.judge_requirement(line, "exceptiongroup", "0.1", "3.10.14").outcome is (
        Outcome.UNMET
    )
    assert versions.judge_requirement(line, "exceptiongroup", "0.1", "3.11.7").outcome is (
        Outcome.OTHER
    )
    # An interpreter of unknown version: the marker's answer is unknown, not hwdoctor's own.
    assert versions.judge_requirement(line, "exceptiongroup", "0.1", None).outcome is (
        Outcome.UNKNOWN
    )
    assert versions.judge_requirement(line, "exceptiongroup", "0.1", "unknown").outcome is (
        Outcome.UNKNOWN
    )


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("torch==2.*.*", "Invalid specifier: '==2.*.*'"),
        ("torch~= 2", "Invalid specifier: '~= 2'"),
        ("torch ~=2 ; python_version > '3'", "Invalid specifier: '~=2'"),
        ("torch>=1." + "9" * 5000, "longer than 2048 characters"),
        ("torch>=1." + "9" * 1000, "a version longer than 256 characters"),
        ("torch>=2.6,,", "Expected comma"),
        ("torch; platform_gpu == 'yes'", "Expected a marker variable"),
        ("-torch", "Expected package name"),
    ],
)
def test_invalid_requirements_are_invalid_not_mismatches(line: str, reason: str) -> None:
    judged = versions.judge_requirement(line, "torch", "2.13.0", "3.11.7")
    assert judged.outcome is Outcome.INVALID
    assert judged.reason.startswith(reason), judged.reason
    assert "\n" not in judged.reason and len(judged.reason) <= 200


@pytest.mark.parametrize("version", [None, "None", "unknown", "1." + "9" * 5000])
def test_an_unknown_installed_version_is_unknown(version: str | None) -> None:
    judged = versions.judge_requirement("torch==2.10.0", "torch", version, "3.11.7")
    assert judged.outcome is Outcome.UNKNOWN


def test_a_bare_requirement_is_met_by_any_version() -> None:
    # "Torch ; python_version>'3'": the old test's spelling, a name and a marker only.
    judged = versions.judge_requirement("Torch ; python_version>'3'", "torch", "2.1", "3.11.7")
    assert judged.outcome is Outcome.MET and judged.spec == ""
    old_style = versions.judge_requirement("torch (>=2.1)", "torch", "2.13.0", "3.11.7")
    assert old_style.outcome is Outcome.MET and old_style.spec == ">=2.1"


@pytest.mark.parametrize(
    ("extras", "valid"),
    [
        ("", True),
        ("[tpu]", True),  # torch_xla[tpu], as pytorch/xla's README installs it
        ("[neuronx, training]", True),
        ("[]", False),
        ("[tpu];curl $(evil)|sh", False),  # a pasted value is never part of a command
        ("[tpu", False),
    ],
)
def test_extras_follow_pep_508(extras: str, valid: bool) -> None:
    assert versions.is_extras(extras) is valid


@pytest.mark.parametrize(
    "name",
    ["Torch_NPU", "torch-npu", "oslo.concurrency", "A__b--C..d", "nvidia-cuda-runtime-cu12",
     "ZOPE.interface", "x_.-_y", "-a-", "", "Ä_b"],
)  # fmt: skip
def test_canonical_name_is_packagings(name: str) -> None:
    """`canonical_name` writes PEP 503's normalisation itself (packaging.utils would bring
    packaging.tags and logging to the paste path): the same name packaging makes."""
    from packaging.utils import canonicalize_name

    assert versions.canonical_name(name) == canonicalize_name(name)
