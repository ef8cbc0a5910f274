"""hwdoctor: a hardware doctor for PyTorch and Hugging Face Transformers.

The command line is `hwdoctor`; the same reports are available to notebooks and tools:

    >>> import hwdoctor
    >>> report = hwdoctor.detect()                 # a DetectReport
    >>> [b.device for b in report.backends if b.available]
    ['cpu']
    >>> hwdoctor.explain().training.device         # an ExplainReport
    'cpu'
    >>> hwdoctor.diagnose(issue_body).findings     # a PasteReport: another machine's report

Neither imports torch into the calling process: the probe runs in a subprocess of the
target interpreter (this one, or `python=` any other).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hwdoctor.project import __version__

if TYPE_CHECKING:
    from hwdoctor.model.reports import DetectReport, ExplainReport, PasteReport, Requirement

__all__ = ["__version__", "detect", "diagnose", "explain"]


def detect(
    python: str | None = None,
    *,
    timeout_s: float = 60.0,
    require: Sequence[str | Requirement] = (),
    strict: bool = False,
    from_file: str | None = None,
) -> DetectReport:
    """What `hwdoctor detect` reports: backends, devices, findings, requirements.

    Args:
        python: the interpreter to diagnose (default: this one): a python executable, a
            venv or conda directory, or a command on PATH, as `--python` takes.
        timeout_s: how long one probe step may go without progress.
        require: requirement expressions such as "cuda>=8" or "torch>=2.6".
        strict: warnings count as failures in `report.exit_code`.
        from_file: diagnose an evidence file (`--save-evidence`) instead of probing.
    """
    from hwdoctor.doctor import detect as doctor

    return doctor.detect(python, timeout_s, require=require, strict=strict, from_file=from_file)


def explain(
    python: str | None = None,
    *,
    timeout_s: float = 60.0,
    use_cpu: bool = False,
    verify: bool = False,
    from_file: str | None = None,
    model: str | None = None,
    context: int | None = None,
    batch: int = 1,
) -> ExplainReport:
    """What `hwdoctor explain` reports: the device each library picks here, and why.

    Args:
        python: the interpreter to explain (default: this one).
        timeout_s: how long one probe step may go without progress.
        use_cpu: explain TrainingArguments(use_cpu=True).
        verify: also ask the real libraries and compare (`report.verify`).
        from_file: explain an evidence file (`--save-evidence`) instead of probing.
        model: a Hub id or directory: its attention implementation and dtype, and whether
            it fits the device training picks (`report.model`).
        context, batch: the tokens and sequences to size the model's KV cache for.
    """
    from hwdoctor.doctor import detect as doctor

    if from_file is not None:
        doctor.refuse_live_with_replay(verify=verify, model=model)  # before the file is read
    replay = doctor.evidence_file(from_file) if from_file is not None else None
    return doctor.explain(
        python, timeout_s, use_cpu=use_cpu, verify=verify, replay=replay, model=model,
        context=context, batch=batch,
    )  # fmt: skip


def diagnose(
    text: str | bytes | bytearray | memoryview, *, strict: bool = False, repo: str | None = None
) -> PasteReport:
    """What `hwdoctor detect --from FILE` reports for a pasted report: the output of a tool
    the readers' registry lists (`hwdoctor.gather.reports.readers.registry.BLOCKS`, which
    `hwdoctor detect --help` names), or a whole issue body holding several. Nothing of this
    machine enters. `repo`: the GitHub repository the report was filed in, as `detect
    --repo` takes it (OWNER/NAME or its URL): a report that names no library is about the
    one read at that repository.

    Raises `hwdoctor.errors.UsageError` when the text holds no report hwdoctor reads, is not
    text at all, or `repo` is no GitHub repository.
    """
    from hwdoctor.doctor import detect as doctor

    return doctor.diagnose_text(text, strict=strict, repo=repo)
