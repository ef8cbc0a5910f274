"""Wrong outputs on real reports (issue 38, s17-wrongA): "no problem" over an error the reporter
states, and an error finding where torch refused one API rather than the hardware.

Each case is a real paste of the corpus (its source in `tests/data/reports/README.md`):

- a thing the paste names (Colab) is no message that shows the error, so the reporter's
  words that an error happened still count (`hwdoctor.model.pasted.NAMED_ONLY`);
- C++'s scope operator `::` is no colon before the error's text (`cleaning._colon`);
- torch's `Device type MPS is not supported for torch.Generator() api.` refuses one API on the
  device, not the device (`compat/refusals.py` `_FOR_API`).
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.compat import refusals
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
COLAB: Final = "documentsass5-colab-notebook-getting-this-error-image-no-gpu-runtime.md"
SCOPE: Final = "kimeravio1-libtorch-met-some-errors-because-of-c10-error-at-tensor.md"
GENERATOR: Final = "watermarks99-apple-silicon-mps-torch-generator-api-detection-error.md"


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


def test_torch_refusing_its_generator_api_on_mps_is_no_library_refusing_the_mac() -> None:
    """guillaumemeyer/watermarks-remover#99: torch's own "Device type MPS is not supported for
    torch.Generator() api" (torch/csrc/Generator.cpp) was read as a library refusing the
    Mac's GPU (extension.arch_unsupported, an error); the program built a generator on the
    device, and the fix chose another device. The line is listed unread, exit 1."""
    report = diagnosed(GENERATOR)
    assert "extension.arch_unsupported" not in {f.code for f in report.findings}
    assert [q.line for q in report.unread] == [9] and report.exit_code == 1


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("RuntimeError: Device type MPS is not supported for torch.Generator() api.", False),
        ("Device type XLA is not supported for Generator API.", False),
        # the hardware itself refused, as the grammar reads it (module docstring)
        ("gfx1030 is invalid or not supported by Flash-Attention", True),
        ("GPU with CUDA capability 7 0 is not supported", True),
    ],
)
def test_an_api_refused_on_a_device_is_no_refusal_of_the_device(text: str, refused: bool) -> None:
    assert (refusals.read(text) is not None) is refused
