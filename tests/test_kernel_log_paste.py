"""The kernel log's Xid lines in a paste (issue 41, item 3): read as the live scan reads them.

The recordings are issue excerpts that quote NVIDIA's kernel-log lines (tests/data/reports/
kernel_log/, each with its source in that directory's README) and the recorded lines of
tests/data/real/kernel-log/xid-lines.txt pasted as they stand. Each Xid line must give the
finding of NVIDIA's catalogue row (compat/xid.py: its meaning and its step of the action
ladder), resting on its own lines; the same text read through a fake `journalctl` by the
live host scan must give the same findings; and a line that looks like an error and that no
finding accounts for is listed unread, never dropped.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Final

import pytest

from hwdoctor import diagnosis, registry
from hwdoctor.compat import xid
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import host, reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.reports import Finding, PasteReport
from tests.evidence import cpu_host
from tests.fakeworld import World

DATA: Final = Path(__file__).resolve().parent / "data"
EXCERPTS: Final = DATA / "reports" / "kernel_log"
LINES: Final = DATA / "real" / "kernel-log" / "xid-lines.txt"
RECORDINGS: Final = (*sorted(p for p in EXCERPTS.iterdir() if p.suffix in (".txt", ".md")), LINES)

# What each recording's Xid lines name, read by eye from the files: (code, device).
EXPECTED: Final = {
    "bumblebee608-xid44-31.txt": {(44, "0000:08:00"), (31, "0000:08:00")},
    "bumblebee677-xid32-31.txt": {(32, "0000:01:00"), (31, "0000:01:00")},
    "gpud1160-xid144-149-nonfatal-fatal.txt": {(144, "0000:01:00"), (149, "0000:00:00")},
    "gpud1174-kmsg-xid149-145-94.txt": {
        (149, "0019:01:00"),
        (149, "0000:00:00"),
        (145, "0018:01:00"),
        (94, "0000:9b:00"),
    },
    "gpud46-dmesg-ctime-xid13-109.txt": {(13, "0000:cb:00"), (109, "0000:cb:00")},
    "gpud-sxid-readme-xid79-sxid20034-fatal.md": {(79, "0000:91:00")},
    "nvsentinel155-fallen-off-bus-and-xid79.txt": {(79, "0000:44:00")},
    "ogkm1150-xid45-caused-by-149-145.txt": {
        (45, "0000:dc:00"),
        (45, "0000:ed:00"),
        (45, "0000:ba:00"),
        (45, "0000:97:00"),
    },
    "xid-lines.txt": {
        (v["code"], v["device"])
        for v in json.loads((LINES.parent / "xid-lines.json").read_text())["lines"].values()
    },
}
CASES: Final = sorted(
    (name, code, device) for name, events in EXPECTED.items() for code, device in events
)
# The finding each step of the ladder is said with (catalogue.py, the gpu.xid_* codes).
BY_ACTION: Final = {
    xid.Action.NONE: "gpu.xid_recorded",
    xid.Action.RESTART_APP: "gpu.xid_restart_app",
    xid.Action.RESET_GPU: "gpu.xid_reset_gpu",
    xid.Action.REBOOT: "gpu.xid_reboot",
    xid.Action.SERVICE: "gpu.xid_service",
}
ISSUE_CODES: Final = {13, 31, 43, 45, 48, 63, 64, 74, 79, 94, 95}


def _path(name: str) -> Path:
    return next(p for p in RECORDINGS if p.name == name)


@functools.cache
def _pasted(name: str) -> PasteReport:
    path = _path(name)
    return pasted.diagnose(assemble.gathered(reports.read(path.read_bytes(), path.name)))


def _xid_findings(found: tuple[Finding, ...]) -> list[Finding]:
    return [f for f in found if f.code.startswith(("gpu.xid_", "gpu.sxid_"))]


def test_every_recording_is_listed() -> None:
    assert {p.name for p in RECORDINGS} == set(EXPECTED)


def test_the_recordings_hold_the_issue_s_codes() -> None:
    codes = {code for _, code, _ in CASES}
    assert codes >= ISSUE_CODES and len(codes) >= 10, sorted(codes)


@pytest.mark.parametrize(
    ("name", "code", "device"), CASES, ids=[f"{n}-xid{c}-{d}" for n, c, d in CASES]
)
def test_each_pasted_xid_gives_the_catalogue_s_meaning_and_action(
    name: str, code: int, device: str
) -> None:
    report = _pasted(name)
    found = [
        (f, quotes)
        for f, quotes in zip(report.findings, report.rests_on, strict=True)
        if f.code.startswith("gpu.xid_")
        and (f.params["xid"], f.params["device"]) == (str(code), device)
    ]
    assert len(found) == 1, (name, code, device, [f.code for f in report.findings])
    finding, quotes = found[0]
    row = xid.row(code)
    assert finding.code == BY_ACTION[row.action]
    assert finding.action == row.action.value
    assert row.meaning in finding.message
    assert finding.params["catalogue"] == f"NVIDIA's bucket {row.bucket}, {xid.CATALOGUE_URL}"
    # It rests on the lines of its own event, and on no other.
    assert quotes and all(f"{device[-5:]}): {code}," in q.text for q in quotes), quotes


@pytest.mark.parametrize("path", RECORDINGS, ids=[p.name for p in RECORDINGS])
def test_a_paste_and_the_live_log_say_the_same(tmp_path: Path, path: Path) -> None:
    """The recording's text printed by a fake `journalctl` in a world with an NVIDIA GPU,
    read by the real host scan: the same Xid findings, word for word, as the paste gives."""
    world = (
        World(tmp_path / "world")
        .pci("0000:3b:00.0", "0x10de", "0x2330", "0x030200")
        .set_env(LD_LIBRARY_PATH=str(tmp_path / "no-nvml"))
        .tool("journalctl", stdout=path.read_bytes())
    )
    facts, _ = host.scan(registry.BACKENDS, root=world.host, env=world.env(), tool_timeout_s=20)
    assert facts.kernel_log is not None and facts.kernel_log.source == "journalctl"
    live = diagnosis.detect(dataclasses.replace(cpu_host(), host=facts))

    def said(found: list[Finding]) -> set[tuple[object, ...]]:
        return {
            (
                f.code,
                f.severity,
                f.action,
                f.message,
                f.advice,
                f.remedy,
                tuple(sorted((k, v) for k, v in f.params.items() if k != "evidence")),
            )
            for f in found
        }

    pasted_xids = said(_xid_findings(_pasted(path.name).findings))
    assert pasted_xids and pasted_xids == said(_xid_findings(live.findings))


# Lines planted into a real excerpt: real lines from other sources, each an error line.
PLANTED: Final = (
    # xid-lines.txt line 7 (NVIDIA/gpu-operator#1146): Xid 48, a double-bit ECC error
    "NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double "
    "bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fdf0de80 "
    "partition 5, subpartition 1",
    # xid-lines.txt line 20 (https://pastebin.com/xJaypMZt): an old driver's line, no "PCI:"
    "Jan 18 11:38:05 localhost kernel: [ 269.517039] NVRM: Xid (0000:01:00): 3, C 00000005 SC "
    "00000007 M 00001ffc Data ffffffff",
    # NVIDIA/nccl#2241 (comment by PatriosTheGreat, 2026-06-23): the address cut by the
    # reporter, so no device to name: listed unread
    "kernel: NVRM: Xid (PCI:...): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11 (...)",
    # the error torch raises after an Xid 74 (pytorch/pytorch#58155's title;
    # NVIDIA/srt-slurm#307 quotes it from a killed job)
    "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
    # tests/data/real/kernel-log/xid-lines.txt line 14: Xid 95
    "NVRM: Xid (PCI:0000:37:00): 95, pid=5171, Uncontained: FBHUB. RST: Yes, D-RST: No",
)


def test_each_planted_error_line_is_named_or_listed_unread() -> None:
    base = (EXCERPTS / "nvsentinel155-fallen-off-bus-and-xid79.txt").read_text().splitlines()
    lines = [*base[:10], *PLANTED, *base[10:]]
    planted = set(range(11, 11 + len(PLANTED)))
    report = pasted.diagnose(assemble.gathered(reports.read("\n".join(lines).encode())))
    named = {q.line for quotes in report.rests_on for q in quotes}
    unread = {q.line for q in report.unread}
    for number in sorted(planted):
        assert number in named | unread, (number, lines[number - 1])
    # the recording's own error line, which no Xid names, is listed too
    probe = next(n for n, text in enumerate(lines, 1) if "probe routine failed" in text)
    assert probe in unread
    cut = next(n for n, text in enumerate(lines, 1) if "(PCI:...)" in text)
    assert cut in unread and cut not in named
    codes = {f.params.get("xid") for f in _xid_findings(report.findings)}
    assert {"48", "3", "95", "79"} <= codes
    assert not named & unread


def test_a_paste_without_xid_lines_says_nothing_of_the_kernel_log() -> None:
    """No Xid line is no healthy log: the paste's host has no kernel log, and no finding
    says it was read or could not be."""
    path = DATA / "reports" / "collect_env" / "pt150733-torch2.6-cu126-rtx5090d-sm120.txt"
    gathered = assemble.gathered(reports.read(path.read_bytes()))
    assert gathered.evidence.host is not None and gathered.evidence.host.kernel_log is None
    report = pasted.diagnose(gathered)
    assert not [f for f in report.findings if f.code.startswith("gpu.")]


def test_the_reader_s_facts_name_code_and_device() -> None:
    text = (EXCERPTS / "gpud46-dmesg-ctime-xid13-109.txt").read_bytes()
    facts = [f for f in reports.read(text).facts if f.key.value == "kernel.xid"]
    assert [(f.value, f.name, f.line) for f in facts] == [
        ("13", "0000:cb:00", 9),
        ("13", "0000:cb:00", 10),
        ("13", "0000:cb:00", 11),
        ("109", "0000:cb:00", 12),
    ]
    shown = {(r.what, r.value) for r in _pasted("gpud46-dmesg-ctime-xid13-109.txt").facts}
    assert ("kernel log, GPU 0000:cb:00", "Xid 13") in shown


def test_fatal_sxids_pasted_and_live_each_nvswitch_once() -> None:
    """gpud's quoted dmesg: SXid 20034 on three NVSwitches, each printed over several lines
    ("Fatal, Link 37 …", "Severity 1 Engine …", "Data {…}"), the "Fatal" one not always
    first. Each switch is one fatal event, resting on its lines, none listed unread; the live
    scan of the same text agrees."""
    name = "gpud-sxid-readme-xid79-sxid20034-fatal.md"
    report = _pasted(name)
    fatal = {
        f.params["device"]: quotes
        for f, quotes in zip(report.findings, report.rests_on, strict=True)
        if f.code == "gpu.sxid_fatal"
    }
    assert set(fatal) == {"0000:05:00.0", "0000:06:00.0", "0000:07:00.0"}
    # its "Fatal" line and the "Severity 1" line before it (one line of each thing said)
    assert [q.line for q in fatal["0000:07:00.0"]] == [21, 25]
    assert all("SXid (PCI:0000:07:00.0): 20034" in q.text for q in fatal["0000:07:00.0"])
    from hwdoctor.gather import kernel_log

    live = kernel_log.events(kernel_log.parse(_path(name).read_bytes()))
    switch = next(e for e in live if e.device == "0000:07:00.0")
    assert switch.fatal and switch.count == 3 and "Fatal, Link 37" in switch.line
    assert not [q for q in report.unread if "SXid" in q.text]
