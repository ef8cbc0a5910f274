"""An issue form's answers are facts (issue 38, s21-forms).

GitHub's issue forms render each field's label as a "### " heading with the reporter's answer
under it. Real opening posts from tests/data/reports/errors/ (sources in that directory's
README), filed through the forms of InvokeAI (invoke-ai/InvokeAI@3b2ef6e1
.github/ISSUE_TEMPLATE/BUG_REPORT.yml: "OS", "GPU", "What version did you experience this
issue on?"), AUTOMATIC1111's webui and Jan: the OS answer becomes the machine's system and a
finding quotes it, AMD as the GPU vendor becomes the machine's GPU, the version answer becomes
the release of the tracker's program where `--repo` names the tracker. Negatives: webui's
"What platforms do you use to access the UI ?" (the browser's machine, the webui ran on Colab)
and Jan's OS question answered as a list of options.
"""

from __future__ import annotations

from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.facts import HostFacts
from hwdoctor.model.pasted import FactKey
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT

ERRORS = ROOT / "tests" / "data" / "reports" / "errors"
_ROCM = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)


def diagnosed(name: str, tracker: str | None = None) -> PasteReport:
    raw = (ERRORS / name).read_bytes()
    return pasted.diagnose(assemble.gathered(reports.read(raw, tracker=tracker)))


def system(name: str, tracker: str | None = None) -> HostFacts | None:
    raw = (ERRORS / name).read_bytes()
    return assemble.gathered(reports.read(raw, tracker=tracker)).evidence.host


def facts(name: str, tracker: str | None = None) -> list[tuple[str, str, int]]:
    raw = (ERRORS / name).read_bytes()
    return [(f.key.value, f.value, f.quote.line) for f in reports.read(raw, tracker=tracker).facts]


def test_the_os_answer_is_the_system_a_finding_quotes() -> None:
    # "### OS" then "Windows" (InvokeAI's dropdown): Triton's missing module on Windows rests
    # on the answer, not on a wheel's file name the reporter tried
    report = diagnosed("invokeai4055-windows-form-os-cuda-no-module-triton.md")
    found = {f.code: lines for f, lines in zip(report.findings, report.rests_on, strict=True)}
    assert "backend.os_unsupported" in found
    assert [(q.line, q.text) for q in found["backend.os_unsupported"]][1] == (9, "Windows")
    host = system("invokeai4055-windows-form-os-cuda-no-module-triton.md")
    assert host is not None and host.system == "Windows"


def test_linux_and_amd_answers_are_the_machine() -> None:
    # "### OS" then "Linux", "### GPU" then "amd": Linux with an AMD GPU, which InvokeAI's
    # documentation lists: no library finding
    name = "invokeai3527-linux-form-os-amd-using-device-type-cpu.md"
    read = facts(name)
    assert (FactKey.PROSE_LINUX.value, "Linux", 9) in read
    assert (FactKey.PROSE_AMD_GPU.value, "amd", 13) in read
    report = diagnosed(name, "invoke-ai/InvokeAI")
    host = system(name, "invoke-ai/InvokeAI")
    assert host is not None and host.system == "Linux"
    assert any(s.backend == _ROCM for s in host.signals)
    assert not any(f.code == "backend.library_unsupported_machine" for f in report.findings)


def test_the_version_answer_is_the_trackers_program_only_with_the_tracker() -> None:
    name = "invokeai3527-linux-form-os-amd-using-device-type-cpu.md"
    package = FactKey.PROSE_PACKAGE.value
    raw = (ERRORS / name).read_bytes()
    with_repo = reports.read(raw, tracker="invoke-ai/InvokeAI").facts
    said = [(f.name, f.value, f.quote.line) for f in with_repo if f.key.value == package]
    assert ("invokeai", "2.3.5post2", 21) in said
    # without the repository the answer's program is not known: no release of anything
    assert not [f for f in reports.read(raw).facts if f.key.value == package and f.quote.line == 21]
    # a tracker whose row names no distribution (Fooocus is not installed by pip): nothing
    fooocus = reports.read(raw, tracker="lllyasviel/Fooocus").facts
    assert not [f for f in fooocus if f.key.value == package and f.quote.line == 21]


def test_the_uis_access_platform_is_not_the_machine() -> None:
    # AUTOMATIC1111's "What platforms do you use to access the UI ?": the browser's, and the
    # webui ran on Colab
    read = facts("sdwebui8477-colab-form-access-platform-windows.md")
    assert not [f for f in read if f[0] in (FactKey.PROSE_WINDOWS.value, FactKey.OS.value)]


def test_an_os_question_answered_with_its_options_names_no_system() -> None:
    read = facts("jan6532-form-os-checkboxes-radeon-840m-runs-on-cpu.md")
    systems = (FactKey.PROSE_WINDOWS.value, FactKey.PROSE_MAC.value, FactKey.PROSE_LINUX.value)
    assert not [f for f in read if f[0] in systems]


def test_invokeai_lists_amd_gpus_on_linux_only() -> None:
    # invoke-ai/InvokeAI@8e71a8a5 docs/src/content/docs/start-here/system-requirements.mdx:
    # "AMD GPUs are supported on Linux only"; its CPU path runs elsewhere, not the GPU
    row = support.of_name("InvokeAI")
    assert row is not None
    assert row.runs_on(_ROCM, support.LINUX)
    assert not row.runs_on(_ROCM, support.WINDOWS)
    assert row.runs_on(None, support.WINDOWS)
