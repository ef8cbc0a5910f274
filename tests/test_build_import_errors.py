"""Three classic build-time and import-time errors, named (issue 38; s18-build).

- The CUDA toolkit's include/crt/host_config.h refusing nvcc's host compiler ("#error --
  unsupported GNU version! gcc versions later than 8 are not supported!", its Visual Studio
  check): extension.host_compiler_unsupported, the bound from the line, the toolkit's release
  from the header's path, the variables the build tools honour.
- NumPy's C-API check refusing a module built against a newer NumPy ("module compiled against
  API version 0xb but this version of numpy is 0xa"): python.numpy_too_old, the first release
  of that C-API version from numpy's cversions.txt (compat/numpy_capi.py), never confused with
  python.numpy_abi (NumPy 2 under a module built for NumPy 1), whose ABI line is read too.
- setuptools-rust's words before 0.12, "Can not find Rust compiler": python.build_toolchain_missing,
  as its later "can't find Rust compiler" is.

The pastes are real (sources in tests/data/reports/README.md, "nvcc's host compiler, NumPy's
C-API version, setuptools-rust's older words").
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import numpy_capi
from hwdoctor.model.reports import PasteReport
from tests.test_stated_errors import diagnosed

HOST = "extension.host_compiler_unsupported"
TOO_OLD = "python.numpy_too_old"
ABI = "python.numpy_abi"
TOOLCHAIN = "python.build_toolchain_missing"


def made(report: PasteReport, code: str) -> list[tuple[int, str, str, str, list[int]]]:
    """The findings of `code`: (index, message, remedy, advice, the lines each rests on)."""
    return [
        (i, f.message, f.remedy or "", f.advice or "", [q.line for q in report.rests_on[i]])
        for i, f in enumerate(report.findings)
        if f.code == code
    ]


# file: (the variant, the bound's words in the message, the toolkit's words, a line it rests
# on, words of the advice)
HOST_COMPILER = {
    # a setup.py's nvcc; torch's CUDA shown: a newer toolkit of torch's CUDA major
    "lanedet77-torch1.9.0-cu102-setup-py-nvcc-gcc-later-than-8.md": (
        None,
        "accepts gcc 8 and older",
        "the CUDA toolkit refused",
        4,
        "torch 1.9.0+cu102 is built with CUDA 10.2",
    ),
    # the title alone; CUDA 9.0 from the header's path
    "fcos37-title-cuda-9.0-gcc-later-than-6-zh-gcc-7.3.0.md": (
        None,
        "accepts gcc 6 and older",
        "the CUDA toolkit 9.0 (its path) refused",
        1,
        "hands $CC to nvcc as -ccbin",
    ),
    "zedopenpose6-cuda-9.0-gcc-later-than-6-upgrade-cuda-or-gcc-6.md": (
        None,
        "accepts gcc 6 and older",
        "the CUDA toolkit 9.0 (its path) refused",
        3,
        "CUDAHOSTCXX",
    ),
    # CUDA 12's words, with nvcc's escape: named as the message's own, at the user's risk
    "pt136556-source-build-usr-include-crt-gcc-later-than-12.md": (
        None,
        "accepts gcc 12 and older",
        "the CUDA toolkit refused",
        10,
        "-allow-unsupported-compiler flag the message names skips the check, at your own risk",
    ),
    # Windows: the toolkit's Visual Studio check
    "brushedit17-windows-cuda-11.8-msvc-2017-2022-ms-deform-attn.md": (
        "msvc",
        "accepts Visual Studio 2017-2022",
        "the CUDA toolkit 11.8 (its path) refused",
        4,
        "cl.exe with -ccbin",
    ),
    "dlib1560-windows-cuda-9.0-msvc-2012-2017-host-compiler.md": (
        "msvc",
        "accepts Visual Studio 2012-2017",
        "the CUDA toolkit 9.0 (its path) refused",
        3,
        "Developer Command Prompt",
    ),
}


@pytest.mark.parametrize("name", sorted(HOST_COMPILER), ids=lambda n: n.split("-", 1)[0])
def test_the_toolkit_refusing_the_host_compiler_is_named(name: str) -> None:
    variant, bound, toolkit, line, advice = HOST_COMPILER[name]
    report = diagnosed(name)
    found = made(report, HOST)
    assert len(found) == 1, [f.code for f in report.findings]
    _, message, remedy, said, rests_on = found[0]
    # the variant, by its sentence (a finding's JSON carries no variant)
    assert ("nvcc's host compiler on Windows" in message) == (variant == "msvc"), message
    assert message.startswith(toolkit), message
    assert bound in message
    assert line in rests_on
    assert advice in said, said
    assert remedy == ""  # advice only: which compiler to install is the distribution's


def test_a_visual_studio_update_newer_than_the_toolkit_is_refused_by_its_msc_ver() -> None:
    # s18-mend-misc: CUDA 12.0's header refusing MSVC 14.43, a Visual Studio 2022 update
    # (rapidsai/devcontainers#488): the header compares _MSC_VER, so the sentence says the
    # update is refused though its release is one the line names, never that the cl.exe is
    # not a Visual Studio 2017-2022
    report = diagnosed("rapidsdevcontainers488-ctk-12.0-msvc-14.43-not-2022-host-config.md")
    found = made(report, HOST)
    assert len(found) == 1, [f.code for f in report.findings]
    _, message, _, _, rests_on = found[0]
    assert message.startswith("the CUDA toolkit 12.0 (its path) refused the host compiler:")
    assert "is not one of them" not in message, message
    assert "accepts Visual Studio 2017-2022 as nvcc's host compiler on Windows by" in message
    assert (
        "an update of Visual Studio newer than this toolkit knows is refused, even of a "
        "release it names" in message
    ), message
    assert 7 in rests_on


def test_a_retyped_line_that_is_not_the_headers_stays_quiet() -> None:
    # "#error --Unsupported GNU version later than 6" with the reporter's gcc 5.5.0, which a
    # bound of 6 accepts: not host_config.h's words, so no cause is named from them
    report = diagnosed("tffasterrcnn352-gcc-5.5.0-retyped-unsupported-gnu-line.md")
    assert made(report, HOST) == []
    assert any("Unsupported GNU version" in q.text for q in report.unread)


# file: (the module's C-API and NumPy's, the first release, the install line)
NUMPY = {
    # the thread: updating to numpy 1.13.1 worked (0xb is 1.13's)
    "pt2564-conda-torch-0.2.0-numpy-1.12.1-api-0xb-0xa.md": (
        "version 0xb (NumPy 1.13 or newer), and the NumPy running here has 0xa (NumPy 1.10–1.12)",
        "'numpy>=1.13,<2'",
    ),
    # the reporter: numpy 1.14.0 worked (0xc is 1.14's)
    "applehealthexporter1-numpy-1.12.0-api-0xc-0xa-1.14.0-worked.md": (
        "version 0xc (NumPy 1.14 or newer), and the NumPy running here has 0xa",
        "'numpy>=1.14,<2'",
    ),
    "pyfhel103-import-array-api-0xe-0xd.md": (
        "version 0xe (NumPy 1.20 or newer), and the NumPy running here has 0xd (NumPy 1.16–1.19)",
        "'numpy>=1.20,<2'",
    ),
    "neuralrecon147-api-0x10-0xe-troubleshooting-link.md": (
        "version 0x10 (NumPy 1.23 or newer), and the NumPy running here has 0xe (NumPy 1.20–1.21)",
        "'numpy>=1.23,<2'",
    ),
}


@pytest.mark.parametrize("name", sorted(NUMPY), ids=lambda n: n.split("-", 1)[0])
def test_numpy_older_than_the_modules_c_api_is_named(name: str) -> None:
    words, spec = NUMPY[name]
    report = diagnosed(name)
    found = made(report, TOO_OLD)
    assert len(found) == 1, [f.code for f in report.findings]
    _, message, remedy, _, rests_on = found[0]
    assert words in message, message
    assert rests_on, "the refusal's line"
    # an upgrade, kept below NumPy 2 for a module built against NumPy 1: never the other
    # direction's numpy<2 alone
    assert "--upgrade" in remedy and spec in remedy, remedy
    assert made(report, ABI) == []


def test_the_import_error_after_the_refusal_is_its_consequence() -> None:
    report = diagnosed("pyfhel103-import-array-api-0xe-0xd.md")
    rests_on = made(report, TOO_OLD)[0][4]
    assert 20 in rests_on  # "ImportError: numpy.core.multiarray failed to import"
    assert not any("multiarray failed to import" in q.text for q in report.unread)


def test_numpy_1s_abi_under_numpy_2_is_the_other_direction() -> None:
    # "module compiled against ABI version 0x1000009 but this version of numpy is 0x2000000":
    # a module built for NumPy 1 under NumPy 2 (the thread: numpy 1.26.4 fixed it)
    report = diagnosed("gpudrive373-abi-0x1000009-numpy-2.1.2-not-too-old.md")
    assert made(report, TOO_OLD) == []
    found = made(report, ABI)
    assert len(found) == 1
    _, message, remedy, _, rests_on = found[0]
    assert "its ABI check" in message and "ABI version 0x1000009" in message
    assert "'numpy<2'" in remedy
    assert 26 in rests_on


def test_the_c_api_table_is_numpys_cversions() -> None:
    # numpy/_core/code_generators/cversions.txt @ v2.5.2: one row a version, in order, each
    # release range its comments give
    versions = [row.version for row in numpy_capi.C_API]
    assert versions == sorted(versions)
    assert numpy_capi.of(0xB) is not None and numpy_capi.of(0xB).first == "1.13"
    assert numpy_capi.of(0x8) is None  # cversions.txt names no release of version 8
    two = numpy_capi.of(numpy_capi.NUMPY2)
    assert two is not None and two.first == "2.0"


# setuptools-rust before 0.12 (setuptools_rust/utils.py get_rust_version @ v0.11.6)
OLDER_RUST = {
    "transformers3296-macos-pip-install-can-not-find-rust-compiler.md": 6,
    "snipsnlu861-armv7l-py3.5-snips-nlu-utils-can-not-find-rust-compiler.md": 10,
    "swedishbert3-title-error-can-not-find-rust-compiler-osx.md": 1,
}


@pytest.mark.parametrize("name", sorted(OLDER_RUST), ids=lambda n: n.split("-", 1)[0])
def test_setuptools_rusts_older_words_are_a_missing_rust(name: str) -> None:
    report = diagnosed(name)
    found = made(report, TOOLCHAIN)
    assert len(found) == 1, [f.code for f in report.findings]
    _, message, _, advice, rests_on = found[0]
    # the title's "can not find Rust compiler" is the same words, lower-cased
    assert "needs Rust" in message and "an not find Rust compiler" in message, message
    assert OLDER_RUST[name] in rests_on
    assert "rustup" in advice
