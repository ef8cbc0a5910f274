"""issue 38 (s21-speed): a paste of lines repeated is read as fast as its distinct lines, and
exactly as each line alone would be read.

`make bench`'s two 50 MB rows (`detect --from` on report lines that each say something, on
error lines no finding reads) are a few real lines repeated to 1 MiB: each line read by the
six line readers, ~70 pattern searches, ran 3 to 3.5 s against a 2 s budget. The reading loop
(reading.py `_Replaying`) now replays what a line reader said of a line it read before in the
same state (a line shorter than any pattern a reader tries is read as before: that costs less
than replaying it). These are real recorded pastes (tests/data/reports/README.md), each
repeated: the facts, blocks and error lines are those of reading every line afresh, and each
line reader tries its patterns on each distinct line in each state once, not once per copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from hwdoctor.gather.reports import reading
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from tests.conftest import ROOT

REPORTS = ROOT / "tests" / "data" / "reports"
PASTES = (
    # mamba_ssm's frames, then CUDA's "no kernel image" (the messages reader's frame counts)
    REPORTS / "errors" / "swinumamba20-gtx1080ti-mamba-ssm-selective-scan-no-kernel-image.md",
    # a Windows traceback ending in CUDA's out of memory
    REPORTS / "errors" / "booru112-windows-blip2-cuda-error-out-of-memory.md",
    # collect_env then nvidia-smi in an issue's body: lines read inside blocks
    REPORTS / "issue_body" / "pt43058-collect-env-plus-nvidia-smi-v100.md",
    # vLLM's collect_env alone
    REPORTS / "collect_env" / "vllm3482-torch2.1.2-cu121-l4-driver535.txt",
)
COPIES = 20


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("path", PASTES, ids=lambda p: p.name)
def test_a_paste_repeated_reads_as_each_line_read_afresh(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = _lines(path) * COPIES
    replayed = reading.read_lines(lines)
    monkeypatch.setattr(reading, "MAX_REPLAYS", 0)  # nothing kept: every line read afresh
    afresh = reading.read_lines(lines)
    assert replayed.facts, path.name  # the paste says something
    assert replayed == afresh
    # each fact quotes its own copy of the line: the numbering is kept
    last = {fact.line for fact in replayed.facts if fact.tool == "error text"}
    assert max(last) > len(lines) - len(lines) // COPIES


@pytest.mark.parametrize("path", PASTES, ids=lambda p: p.name)
def test_a_paste_repeated_is_read_once_per_distinct_line(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: Counter[str] = Counter()
    for reader in reading.line_readers():
        monkeypatch.setattr(reader, "read", _counted(reader, calls))
    reading.read_lines(_lines(path))
    once = sum(calls.values())
    calls.clear()
    reading.read_lines(_lines(path) * COPIES)
    # the first copy is read, the second may meet each reader in a state of its own (the
    # line before it is the first copy's last), the rest replay: not 20 times the reads
    assert sum(calls.values()) <= 3 * once, dict(calls)


def _counted(reader: type[LineReader], calls: Counter[str]) -> object:
    read = reader.read

    def counted(self: LineReader, line: Line, in_block: bool) -> Iterable[Said]:
        if len(line.text) >= reader.shortest:  # a line it tries its patterns on
            calls[reader.__name__] += 1
        return read(self, line, in_block)

    return counted
