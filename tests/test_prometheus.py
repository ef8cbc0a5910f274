"""`detect --format prometheus`, read back by Prometheus's own parser (issue 41, item 4).

prometheus_client's `text_string_to_metric_families` parses the text exposition format as
Prometheus does; a sample that is not there, a label that does not round-trip, or a line
that is not the format fails the parse, never a string comparison.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from hwdoctor import diagnosis
from hwdoctor.gather import kernel_log
from hwdoctor.model.facts import Evidence, GpuHealth, KernelLog
from hwdoctor.render import prometheus
from tests.conftest import base_env, run_hwdoctor
from tests.evidence import cpu_host, gpus, usable, with_backend

REAL = Path(__file__).resolve().parent / "data" / "real"
HOSTILE = 'H100 "SXM"\\80GB\nx} 1\n# TYPE fake gauge'


def _samples(text: str) -> dict[str, list[tuple[dict[str, str], float]]]:
    found: dict[str, list[tuple[dict[str, str], float]]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found.setdefault(sample.name, []).append((dict(sample.labels), sample.value))
    return found


def _sick_machine() -> Evidence:
    """The recorded CPU machine with a GPU of a hostile name, the recorded Xid lines in its
    kernel log, and the A10 recording's pending row remap."""
    evidence = usable(cpu_host(), "cuda", 1)
    facts = (evidence.backends or {})["cuda"]
    evidence = with_backend(evidence, "cuda", devices=gpus(1, name=HOSTILE),
                            device_count=facts.device_count)  # fmt: skip
    lines = (REAL / "kernel-log" / "xid-lines.txt").read_bytes()
    log = KernelLog("journalctl", lines=lines.count(b"\n"),
                    events=kernel_log.events(kernel_log.parse(lines)))  # fmt: skip
    health = GpuHealth(0, "00000000:07:00.0", HOSTILE, ecc_volatile_uncorrected=0,
                       remapped_uncorrectable=4, remap_pending=True, remap_failed=False,
                       throttle=("hw_slowdown",))  # fmt: skip
    assert evidence.host is not None
    driver = evidence.host.nvidia
    from hwdoctor.model.facts import NvidiaDriver

    driver = dataclasses.replace(driver or NvidiaDriver(), health=(health,), health_source="nvml")
    host = dataclasses.replace(evidence.host, kernel_log=log, nvidia=driver)
    return dataclasses.replace(evidence, host=host)


def test_the_report_parses_and_says_what_detect_found() -> None:
    report = diagnosis.detect(_sick_machine())
    samples = _samples(prometheus.render(report))
    assert samples["hwdoctor_exit_code"] == [({}, 1.0)]
    findings = samples["hwdoctor_finding"]
    assert ({"code": "gpu.xid_reboot", "severity": "error", "backend": "cuda",
             "device": "0000:2b:00"}, 1.0) in findings  # fmt: skip
    assert len(findings) == len(report.findings)
    by_severity = {labels["severity"]: value for labels, value in samples["hwdoctor_findings"]}
    assert by_severity["error"] == sum(f.severity.value == "error" for f in report.findings)
    worst = {labels["action"]: value for labels, value in samples["hwdoctor_action_needed"]}
    assert worst == {"none": 0, "restart_app": 0, "reset_gpu": 0, "reboot": 0, "service": 1}
    xids = {(labels["device"], labels["xid"]): value
            for labels, value in samples["hwdoctor_gpu_xid_events"]}  # fmt: skip
    assert xids[("0000:cb:00", "13")] == 2 and xids[("0000:2b:00", "79")] == 1
    assert samples["hwdoctor_kernel_log_checked"] == [({}, 1.0)]
    pending = samples["hwdoctor_gpu_row_remap_pending"]
    assert pending == [({"device": "00000000:07:00.0", "name": HOSTILE}, 1.0)]
    assert ({"device": "00000000:07:00.0", "name": HOSTILE, "reason": "hw_slowdown"}, 1.0) \
        in samples["hwdoctor_gpu_clocks_event_active"]  # fmt: skip


def test_hostile_label_values_round_trip() -> None:
    """A GPU name with quotes, a backslash, a line feed and text that looks like a sample
    and a TYPE line comes back from the parser as it was: no sample is added."""
    text = prometheus.render(diagnosis.detect(_sick_machine()))
    samples = _samples(text)
    names = [labels["name"] for labels, _ in samples["hwdoctor_device_info"]]
    assert names == [HOSTILE]
    assert "fake" not in samples and not any(line.startswith("# TYPE fake")
                                             for line in text.splitlines())  # fmt: skip
    assert prometheus.escape_label('a"b\\c\nd') == 'a\\"b\\\\c\\nd'


def test_an_unread_kernel_log_is_a_zero_not_a_missing_series() -> None:
    evidence = _sick_machine()
    assert evidence.host is not None
    host = dataclasses.replace(evidence.host, kernel_log=KernelLog(None, problem="dmesg: denied"))
    report = diagnosis.detect(dataclasses.replace(evidence, host=host))
    samples = _samples(prometheus.render(report))
    assert samples["hwdoctor_kernel_log_checked"] == [({}, 0.0)]
    assert "hwdoctor_gpu_xid_events" not in samples


def test_detect_writes_it_from_an_evidence_file(tmp_path: Path) -> None:
    saved = tmp_path / "evidence.json"
    saved.write_text(json.dumps(_sick_machine().to_json()))
    result = run_hwdoctor("detect", "--from", str(saved), "--format", "prometheus",
                          env=base_env())  # fmt: skip
    assert result.returncode == 1, result  # error findings: detect's exit code, as always
    samples = _samples(result.stdout)
    assert samples["hwdoctor_exit_code"] == [({}, 1.0)]
    assert "hwdoctor_gpu_xid_events" in samples


def test_prometheus_is_for_one_machine(tmp_path: Path) -> None:
    paste = tmp_path / "paste.txt"
    paste.write_text((REAL / "kernel-log" / "xid-lines.txt").read_text())
    refused = run_hwdoctor("detect", "--paste", str(paste), "--format", "prometheus",
                           env=base_env())  # fmt: skip
    assert refused.returncode == 2 and "prometheus" in refused.stderr, refused
    explain = run_hwdoctor("explain", "--format", "prometheus", env=base_env())
    assert explain.returncode == 2 and "is for `detect`" in explain.stderr, explain
