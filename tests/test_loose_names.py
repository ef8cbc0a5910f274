"""Machines named loosely (issue 38, s21-names).

Real posts from tests/data/reports/errors/ (sources in that directory's README, section
"machines named loosely"). Windows written as one window and its release ("window 10") is the
reporter's Windows, and so is Python's own platform name that setuptools writes into its build
directories ("build\\bdist.win-amd64"): a vLLM install failing there is vLLM on a system its
documentation does not list (backend.library_unsupported_machine). A TPU named with another
vendor's name (Google's Coral Edge TPU) is no Google Cloud TPU: asked of PyTorch/XLA, whose
README lists Cloud TPUs, the answer is backend.library_support_not_listed. Negatives: a model's
sliding window, DeepSpeed on Windows (its README lists Windows), a Cloud TPU v6e asked about.
"""

from __future__ import annotations

from typing import Any

from hwdoctor import registry
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.pasted import FactKey
from tests.conftest import ROOT, run_hwdoctor

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
_TPU = registry.key_of_tool("tpu-info")


def facts(name: str, tracker: str | None = None) -> list[tuple[str, str, int]]:
    raw = (ERRORS / name).read_bytes()
    return [(f.key.value, f.value, f.quote.line) for f in reports.read(raw, tracker=tracker).facts]


def detect(name: str, *repo: str) -> dict[str, Any]:
    args = ("--repo", *repo) if repo else ()
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), *args, "--json")
    assert result.stderr == "" and result.returncode in (0, 1)
    data: dict[str, Any] = result.json()["data"]
    return data


def test_window_and_its_release_is_windows() -> None:
    # "install deepspeed in window 10" (and the title's "window10"): Windows 10
    read = facts("timellm105-window-10-install-deepspeed-screenshot-only.md")
    windows = [(value, line) for key, value, line in read if key == FactKey.PROSE_WINDOWS.value]
    assert windows == [("Windows 10", 1), ("Windows 10", 3)]


def test_a_library_that_lists_windows_is_no_finding_there() -> None:
    # DeepSpeed's README lists Windows (from 0.4.1): Windows read, nothing refused
    data = detect("timellm105-window-10-install-deepspeed-screenshot-only.md")
    assert data["findings"] == []


def test_setuptools_build_directory_names_windows_and_vllm_is_not_listed_there() -> None:
    name = "vllm14124-window-pip-install-vllm-bdist-win-amd64.md"
    read = facts(name)
    assert ("prose.windows", "Windows (win-amd64)", 12) in read
    data = detect(name)
    (found,) = [f for f in data["findings"] if f["code"] == "backend.library_unsupported_machine"]
    assert found["params"]["library"] == "vLLM" and found["params"]["machine"] == "Windows"
    assert "variant" not in found
    lines = [q["line"] for q in found["rests_on"]]
    assert 1 in lines and 12 in lines  # the title's failure, the build directory


def test_a_models_sliding_window_is_no_windows() -> None:
    read = facts("vllm3385-attention-sliding-window-of-size-2048.md")
    assert not [f for f in read if f[0] in (FactKey.PROSE_WINDOWS.value, FactKey.OS.value)]
    assert detect("vllm3385-attention-sliding-window-of-size-2048.md")["findings"] == []


def test_a_tpu_of_another_name_is_no_google_tpu() -> None:
    # "the Coral Edge TPU … or is it only cloud TPUs?": the Coral Edge TPU is asked about
    name = "xla742-coral-edge-tpu-or-only-cloud-tpus-asked.md"
    read = facts(name, "pytorch/xla")
    assert (FactKey.PROSE_ASKED_UNLISTED.value, "Coral Edge TPU", 3) in read
    assert not [f for f in read if f[0] == FactKey.PROSE_ASKED_HARDWARE.value]
    data = detect(name, "pytorch/xla")
    (found,) = data["findings"]
    assert found["code"] == "backend.library_support_not_listed"
    assert found["params"]["library"] == "PyTorch/XLA"
    assert found["params"]["machine"] == "Coral Edge TPU"
    assert found["params"]["documented"].startswith("Google Cloud TPUs")
    assert found["params"]["source"] == "https://github.com/pytorch/xla#installation"
    assert [q["line"] for q in found["rests_on"]] == [3]


def test_a_cloud_tpu_asked_about_is_googles() -> None:
    read = facts("xla8960-tpu-v6e-question-is-tpu-6e-supported.md", "pytorch/xla")
    assert (FactKey.PROSE_ASKED_HARDWARE.value, _TPU, 8) in read
    assert not [f for f in read if f[0] == FactKey.PROSE_ASKED_UNLISTED.value]


def test_an_install_told_as_an_issue_is_a_stated_failure() -> None:
    # "having issues installing it manually on windows": the reporter says the install failed
    name = "textgen4015-windows-having-issues-installing-flash-attention.md"
    report = pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))
    assert report.stated is not None and report.stated.line == 9
    data = detect(name)
    # flash-attn's README lists Windows (from 2.3.2): nothing refused there
    assert "backend.library_unsupported_machine" not in [f["code"] for f in data["findings"]]
