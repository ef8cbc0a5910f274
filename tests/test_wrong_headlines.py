"""Wrong outputs on real reports (issue 38, s17-wrongA): "no problem" over an error the reporter
states, and an error finding where torch refused one API rather than the hardware.

Each case is a real paste of the corpus (its source in `tests/data/reports/README.md`):

- a thing the paste names (Colab) is no message that shows the error, so the reporter's
  words that an error happened still count (`hwdoctor.model.pasted.NAMED_ONLY`);
- C++'s scope operator `::` is no colon before the error's text (`cleaning._colon`);
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
COLAB: Final = "documentsass5-colab-notebook-getting-this-error-image-no-gpu-runtime.md"
SCOPE: Final = "kimeravio1-libtorch-met-some-errors-because-of-c10-error-at-tensor.md"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


@pytest.mark.parametrize(("name", "line"), [(COLAB, 3), (SCOPE, 5)])
def test_an_error_stated_beside_a_name_or_a_cpp_name_is_said(name: str, line: int) -> None:
    """0xD0GF00D/DocumentSASS#5 ("I'm getting this error:" and an image, Colab in the title;
    was "no problem": Colab named was taken for a message that shows the error) and
    nsinghal7/Kimera-VIO-NetVLAD#1 ("I met some errors because of "c10::Error"", no error
    line; was exit 2: the "::" was taken for the colon that quotes the error): the headline
    says the paste states an error it does not show, the first question asks for the
    failing command's output, no finding is made of the words and the exit code stays 0."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()["data"]
    assert f"the error line {line} says happened" in data["not_checked"][0]["unknown"]
    assert data["not_checked"][0]["command"] == pasted.STATED_COMMAND
    assert not [f for f in data["findings"] if f["severity"] == "error"]
    headline = rendered.counts(diagnosed(name))
    assert "states an error it does not show" in headline and "no problem" not in headline


@pytest.mark.parametrize(
    ("line", "stated"),
    [
        # the recording's sentence: the C++ names' colons quote nothing
        ('I met some errors because of "c10::Error" and "at::Tensor".', True),
        # a lone colon after the words still quotes the error, "::" in it or not
        ("I get this error: c10::Error thrown from at::native", False),
        ("I got an error from c10::cuda::getDevice: CUDA error: invalid device ordinal", False),
    ],
)
def test_a_cpp_scope_is_no_colon_that_quotes_the_error(line: str, stated: bool) -> None:
    assert cleaning.states_error(line) is stated

