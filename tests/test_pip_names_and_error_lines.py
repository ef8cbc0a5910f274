"""issue 38 (s18-npfine): two readings of real pastes that were wrong.

A message that opens with "Error" and says what was being done ("Error executing method
'init_device'.", vLLM's distributed executor; "Error occurred when executing easy kSampler:",
ComfyUI's dialog) is an error line, counted unread where no finding explains it, never under a
"no problem" headline. And pip's "(from versions: none)" for a name no index holds, one letter
from a distribution hwdoctor knows, is a misspelt name (a warning naming the known one), not a
machine no release installs on.
"""

from __future__ import annotations

import pytest

from hwdoctor.gather.reports import cleaning
from hwdoctor.render import paste as rendered
from tests.test_stated_errors import ERRORS, diagnosed


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
