"""Findings at the severity the paste shows, where the environment may be fine (issue 38,
s17-wrongB).

Real pastes from tests/data/reports/errors/ (sources in that directory's README):

- torchvision's warning that its image extension did not load for want of a torch symbol
  (torchvision/io/image.py: "Failed to load image Python extension: '…'If you don't plan on
  using image functionality from `torchvision.io`, you can ignore this warning"): the
  extension was built for another torch, named as a warning, since torchvision goes on without
  that part; the symbol read ends where the name does, not at the quote torchvision glues its
  next sentence to.
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
