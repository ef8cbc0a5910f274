"""Findings at the severity the paste shows, where the environment may be fine (issue 38,
s17-wrongB).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):

- torchvision's warning that its image extension did not load for want of a torch symbol
  (torchvision/io/image.py: "Failed to load image Python extension: '…'If you don't plan on
  using image functionality from `torchvision.io`, you can ignore this warning"): the
  extension was built for another torch, named as a warning, since torchvision goes on without
  that part; the symbol read ends where the name does, not at the quote torchvision glues its
  next sentence to.
- pip's refusal of a build with a local version label ("+440fd1bf20") that another package
  requires, where pip lists only public releases: the install asked an index that cannot hold
  it (PEP 440; PyPI refuses local versions), an error, for nothing was installed
  (s17-mend-pip); and pip's list read after a
  requirement's environment marker, where a release pip lists is no remedy for another
  package's pin.
- a package's own library, asked for by its path and missing, named without its path in an
  issue's title: not a system library to install (no host.shared_library_missing).
"""

from __future__ import annotations

from tests.test_stated_errors import diagnosed

BUILT = "extension.built_for_other_torch"
IMAGE_WARNING = "masifcolab7-colab-torchvision-image-so-undefined-c10-gputrace-warning.md"


def test_an_optional_part_built_for_another_torch_is_a_warning_with_its_symbol() -> None:
    report = diagnosed(IMAGE_WARNING)
    (found,) = [f for f in report.findings if f.code == BUILT]
    assert found.severity.value == "warning"
    assert "`_ZN3c104impl8GPUTrace13gpuTraceStateE`," in found.message
    assert "torchvision warned and went on without that part" in found.message
    assert not [f for f in report.findings if f.severity.value == "error"]
    # the warning's line is the one it rests on, not an unread error line
    (quotes,) = [q for f, q in zip(report.findings, report.rests_on, strict=True) if f is found]
    assert [q.line for q in quotes] == [5]
    assert not report.unread
    # issue 38 (s17-mend-pip): torch's version is not shown, so no reinstall line (an unpinned
    # one took PyPI's newest torchvision, built for the newest torch): the advice alone
    assert found.remedy is None
    assert "reinstall torchvision in the release built for torch" in (found.advice or "")


def test_the_symbol_a_sentence_quotes_is_one_code_span_in_markdown() -> None:
    """issue 38 (s17-mend-pip): the template's backticks around `{symbol}` are the code span's,
    not prose escaped around a second span (\\``…`\\`)."""
    from hwdoctor.render import markdown

    shown = markdown.pasted(diagnosed(IMAGE_WARNING))
    assert "needs `_ZN3c104impl8GPUTrace13gpuTraceStateE`, which" in shown
    assert "\\``" not in shown and "`\\`" not in shown


# A real paste of the base sentence (a named package whose import raised): torchvision 0.24.0
# beside torch 2.9.0+cpu (tests/data/reports/README.md)
NMS = "../issue_body/ttforge890-pip-list-torch2.9.0cpu-torchvision0.24.0-nms.md"


def test_a_companion_built_for_another_torch_is_reinstalled_pinned_on_its_index() -> None:
    report = diagnosed(NMS)
    (found,) = [f for f in report.findings if f.code == BUILT]
    assert (found.remedy or "").splitlines()[1:] == [
        "python -m pip uninstall -y torchvision",
        "python -m pip install torch==2.9.0 'torchvision==0.24.*' --index-url "
        "https://download.pytorch.org/whl/cpu",
        "# keeps torch 2.9.0 (cpu); torchvision==0.24.* is the torchvision built for it",
    ]


# pip's refusal of a requirement another package states, as pip prints it: with its
# environment marker ("triton==2.0.0; platform_system == "Linux" … (from torch==2.0.0)",
# packaging's Requirement.__str__) and the requirer after it (pip/_internal/req/constructors.py)
LOCAL_BUILD = "alce15-nightly-torch-wheel-file-pytorch-triton-local-build-not-on-pypi.md"
MARKER = "chatglm280-pip19-aliyun-torch2.0.0-wheel-triton-marker-from-torch.md"
NO_RELEASE = "python.version_unsupported"


def test_a_local_build_another_package_requires_is_an_error_about_the_index() -> None:
    report = diagnosed(LOCAL_BUILD)
    (found,) = [f for f in report.findings if f.code == NO_RELEASE]
    # issue 38 (s17-mend-pip): nothing was installed, so an error (DESIGN: exit code 1)
    assert found.severity.value == "error"
    assert found.message.startswith(
        "torch requires pytorch-triton==2.1.0+440fd1bf20, a build with a local version label "
        '("+440fd1bf20"), which only the index of whoever built it holds, not PyPI'
    )
    assert "the newest 0.0.1" in found.message
    assert "install torch with the index its build came from" in (found.advice or "")
    assert "==0.0.1" not in f"{found.advice} {found.remedy}"
    # a Triton build no index of the wheel table holds: its index in words, no line guessed
    assert found.remedy is None


def test_pips_list_after_a_marker_is_read_and_the_requirers_pin_kept() -> None:
    report = diagnosed(MARKER)
    (found,) = [f for f in report.findings if f.code == NO_RELEASE]
    assert "stop at 0.4.2" in found.message
    assert "does not show the releases pip saw" not in found.message
    # torch==2.0.0 pins triton==2.0.0: no other triton release is the remedy
    assert "triton==0.4.2" not in (found.remedy or "")
    assert "pip install -v triton==2.0.0" in (found.remedy or "")
    # a public release asked, not a local build: the refusal stays an error
    assert found.severity.value == "error"


OWN_LIBRARY = "bnb1190-title-libbitsandbytes-cpu-so-egg-path-cuda121-binary-missing.md"


def test_a_packages_own_file_named_alone_in_a_title_is_no_library_to_install() -> None:
    report = diagnosed(OWN_LIBRARY)
    assert "host.shared_library_missing" not in {f.code for f in report.findings}
    assert not [f for f in report.findings if f.severity.value == "error"]
    # the title's line and the traceback's stay listed: an error no finding explains
    assert [q.line for q in report.unread] == [1, 18]
