"""issue 38 (s18-npfine): two readings of real pastes that were wrong.

A message that opens with "Error" and says what was being done ("Error executing method
'init_device'.", vLLM's distributed executor; "Error occurred when executing easy kSampler:",
ComfyUI's dialog) is an error line, counted unread where no finding explains it, never under a
"no problem" headline. And pip's "(from versions: none)" for a name no index holds, one letter
from a distribution hwdoctor knows, is a misspelt name (a warning naming the known one), not a
machine no release installs on.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.compat import names
from hwdoctor.gather.reports import cleaning
from hwdoctor.model.reports import Severity
from hwdoctor.render import paste as rendered
from tests.test_stated_errors import ERRORS, diagnosed

MISSPELT: Final = "python.package_name_misspelt"
UNSUPPORTED: Final = "python.version_unsupported"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # vLLM's WorkerWrapperBase.execute_method, the title and nothing else
        ("vllm17363-title-error-executing-method-init-device.md", "Error executing method"),
        # ComfyUI's dialog for a node that raised, the message "0" after it
        ("easyuse228-comfyui-error-occurred-when-executing-ksampler.md", "Error occurred when"),
    ],
)
def test_an_error_saying_what_it_was_doing_is_an_error_line(name: str, words: str) -> None:
    report = diagnosed(name)
    assert any(words in quoted.text for quoted in report.unread), report.unread
    assert "no problem" not in rendered.counts(report)
    assert report.exit_code == 1


def test_error_before_words_that_state_no_error_is_prose() -> None:
    # "Error Handling Enhancement", "Improve error messages": a feature request, no error
    text = (ERRORS / "pt160775-error-handling-enhancement-prose-no-error.md").read_text("utf-8")
    said = [line for line in text.splitlines() if cleaning.error_like(cleaning.clean(line))]
    assert said == []


def test_a_misspelt_package_name_is_a_warning_naming_the_known_one() -> None:
    # pip 9's "(from versions: )" for torchvison, from a requirements file's line
    report = diagnosed("ptbook16-pip-r-torchvison-misspelt-from-versions-empty.md")
    codes = [f.code for f in report.findings]
    assert codes == [MISSPELT], codes
    (found,) = report.findings
    assert found.severity is Severity.WARNING
    assert found.params["package"] == "torchvison" and found.params["meant"] == "torchvision"
    assert found.remedy is not None and "pip install torchvision" in found.remedy
    assert any("(from versions: )" in q.text for q in report.rests_on[0])
    assert report.exit_code == 0


@pytest.mark.parametrize(
    "name",
    [
        # "install": a name no index holds, far from every name hwdoctor knows
        "bdmedicine15-pip-install-name-install-from-versions-none.md",
        # xformers, a known name, which download.pytorch.org's cu121 index had no file of here
        "lorascripts422-windows-xformers-cu121-index-from-versions-none.md",
    ],
)
def test_a_far_or_known_name_stays_a_release_pip_cannot_install(name: str) -> None:
    codes = {f.code for f in diagnosed(name).findings}
    assert UNSUPPORTED in codes and MISSPELT not in codes, codes


@pytest.mark.parametrize(
    ("asked", "meant"),
    [
        ("acelerate", "accelerate"),  # a letter left out
        ("Sentence_Transformer", "sentence-transformers"),  # PEP 503 first: "_" is "-"
        ("exllamav4", None),  # one edit from exllamav2 and from exllamav3: neither is meant
        ("xformers", None),  # known itself
        ("trlx", None),  # shorter than the names compared
    ],
)
def test_a_name_is_misspelt_only_one_edit_from_exactly_one_known_name(
    asked: str, meant: str | None
) -> None:
    assert names.misspelt(asked) == meant
