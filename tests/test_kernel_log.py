"""The kernel log's Xid events and the GPUs' health counters (issue 41, item 3).

Every line of tests/data/real/kernel-log/xid-lines.txt is a recorded kernel-log line from a
public source; a fake `journalctl` in a fake world prints them as the real one would, the
real host scan reads them through it, and each Xid maps to NVIDIA's catalogue row and its
step of the action ladder. The health counters come from recorded `nvidia-smi -q` outputs
through a fake `nvidia-smi` (NVML is absent in the world, as on a machine without
nvidia-ml-py's library).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Final

from hwdoctor import diagnosis, registry
from hwdoctor.compat import xid
from hwdoctor.gather import host, kernel_log
from hwdoctor.model.facts import Evidence, GpuHealth, HostFacts
from tests.evidence import codes, cpu_host
from tests.fakeworld import World

REAL = Path(__file__).resolve().parent / "data" / "real"
LINES = (REAL / "kernel-log" / "xid-lines.txt").read_text()
EXPECTED = json.loads((REAL / "kernel-log" / "xid-lines.json").read_text())["lines"]
NVIDIA_GPU = ("0x10de", "0x2330", "0x030200")  # an H100 SXM's vendor, device and class


def _nvidia_world(tmp_path: Path) -> World:
    world = World(tmp_path / "world").pci("0000:3b:00.0", *NVIDIA_GPU)
    # No libnvidia-ml in the world: NVML answers nothing, as without NVIDIA's library.
    return world.set_env(LD_LIBRARY_PATH=str(tmp_path / "no-nvml"))


def _scan(world: World) -> HostFacts:
    facts, _ = host.scan(registry.BACKENDS, root=world.host, env=world.env(), tool_timeout_s=20)
    return facts


def _diagnosed(facts: HostFacts) -> Evidence:
    return dataclasses.replace(cpu_host(), host=facts)


def test_every_recorded_line_is_read_with_its_code_and_device() -> None:
    found = kernel_log.parse(LINES.encode())
    events = {(e.code, e.device) for e in kernel_log.events(found)}
    for number, expected in EXPECTED.items():
        assert (expected["code"], expected["device"]) in events, number
    codes = {code for code, _ in events}
    assert {13, 31, 43, 45, 48, 63, 64, 74, 79, 94, 95} <= codes  # the list
    thirteen = next(e for e in kernel_log.events(found) if e.code == 13)
    assert thirteen.count == 2 and thirteen.line.startswith("NVRM: Xid (PCI:0000:cb:00): 13")


# Lines quoted in an issue or pull request's own thread (the README's table): 13 in
# leptonai/gpud#46, 45 in NVIDIA/open-gpu-kernel-modules#1150, 79 in #1151, 43, 31 and 94 in
# akash-network/support#244, 48 and 64 in NVIDIA/gpu-operator#1146. 63's first-hand line is a
# training team's log (line 26); no thread's line of 74 or 95 was found.
FROM_A_THREAD: Final = {1: 13, 2: 13, 6: 45, 12: 79, 21: 43, 22: 31, 23: 94, 24: 48, 25: 64}


def test_every_line_has_its_source_and_the_threads_own_lines_are_read() -> None:
    table = (REAL / "kernel-log" / "README.md").read_text().splitlines()
    listed: set[int] = set()
    for row in table:
        first = row.split("|")[1].strip() if row.startswith("| ") else ""
        if first[:1].isdigit():
            low, _, high = first.partition("-")
            listed |= set(range(int(low), int(high or low) + 1))
    assert listed == {int(n) for n in EXPECTED}
    lines = LINES.splitlines()
    for number, code in FROM_A_THREAD.items():
        said = EXPECTED[str(number)]
        found = kernel_log.events(kernel_log.parse(lines[number - 1].encode()))
        assert said["code"] == code
        assert [(e.code, e.device) for e in found] == [(code, said["device"])], number
    assert {13, 31, 43, 45, 48, 64, 79, 94} == set(FROM_A_THREAD.values())


def test_each_xid_maps_to_the_catalogue_s_action() -> None:
    """The catalogue's rows for the issue's codes, as NVIDIA's resolution buckets say."""
    expected = {
        13: xid.Action.RESTART_APP, 31: xid.Action.RESTART_APP, 43: xid.Action.NONE,
        45: xid.Action.RESTART_APP, 48: xid.Action.RESET_GPU, 63: xid.Action.NONE,
        64: xid.Action.RESET_GPU, 74: xid.Action.RESET_GPU, 79: xid.Action.REBOOT,
        94: xid.Action.RESTART_APP, 95: xid.Action.RESET_GPU, 119: xid.Action.RESET_GPU,
        3: xid.Action.SERVICE,
    }  # fmt: skip
    for code, action in expected.items():
        assert xid.row(code).action is action, code
    assert xid.row(79).bucket == "RESTART_BM" and xid.row(48).bucket == "WORKFLOW_XID_48"
    assert xid.row(999).action is xid.Action.SERVICE  # newer than this copy: contact support
    assert xid.worst([xid.Action.RESTART_APP, xid.Action.REBOOT, xid.Action.RESET_GPU]) \
        is xid.Action.REBOOT  # fmt: skip


def test_a_fake_kernel_log_in_a_fake_world(tmp_path: Path) -> None:
    world = _nvidia_world(tmp_path).tool("journalctl", stdout=LINES)
    facts = _scan(world)
    assert facts.kernel_log is not None and facts.kernel_log.source == "journalctl"
    report = diagnosis.detect(_diagnosed(facts))
    assert {"gpu.xid_reboot", "gpu.xid_reset_gpu", "gpu.xid_service", "gpu.xid_restart_app",
            "gpu.xid_recorded"} <= set(codes(report.findings))  # fmt: skip
    by_event = {(f.params["xid"], f.params["device"]): f for f in report.findings
                if f.code.startswith("gpu.xid_")}  # fmt: skip
    for number, expected in EXPECTED.items():
        found = by_event[(str(expected["code"]), expected["device"])]
        row = xid.row(expected["code"])
        assert found.action == row.action.value, number
        assert row.meaning in found.message
    by_xid = {code: f for (code, _), f in by_event.items()}
    assert by_xid["79"].code == "gpu.xid_reboot" and "sudo reboot" in (by_xid["79"].remedy or "")
    reset = by_xid["95"]
    assert reset.remedy is not None
    assert "sudo nvidia-smi --gpu-reset -i 0000:37:00.0" in reset.remedy
    assert by_xid["43"].code == "gpu.xid_recorded" and by_xid["43"].severity.value == "info"


def test_a_kmsg_file_under_the_host_root_is_read_first(tmp_path: Path) -> None:
    world = _nvidia_world(tmp_path)
    (world.host / "dev").mkdir(parents=True, exist_ok=True)
    (world.host / "dev" / "kmsg").write_text(LINES)
    facts = _scan(world)
    assert facts.kernel_log is not None and facts.kernel_log.source == "/dev/kmsg"
    assert len(facts.kernel_log.events) == len({(v["code"], v["device"])
                                                for v in EXPECTED.values()})  # fmt: skip


def test_an_unreadable_log_is_not_checked_never_healthy(tmp_path: Path) -> None:
    """journalctl's own refusal for a user outside systemd-journal, dmesg's for
    dmesg_restrict: not a clean log."""
    world = (
        _nvidia_world(tmp_path)
        .tool("journalctl", stdout="-- No entries --\n",
              stderr="Hint: You are currently not seeing messages from other users and the "
              "system.\n      Users in groups 'adm', 'systemd-journal' can see all messages.\n")
        .tool("dmesg", stderr="dmesg: read kernel buffer failed: Operation not permitted\n",
              exit_code=1)
    )  # fmt: skip
    facts = _scan(world)
    assert facts.kernel_log is not None and not facts.kernel_log.read
    assert "not seeing messages" in (facts.kernel_log.problem or "")
    assert "Operation not permitted" in (facts.kernel_log.problem or "")
    report = diagnosis.detect(_diagnosed(facts))
    assert "gpu.kernel_log_not_checked" in codes(report.findings)
    unread = [f for f in report.findings if f.code == "gpu.kernel_log_not_checked"]
    assert unread and "were not checked" in unread[0].message
    assert unread[0].remedy is not None and "sudo dmesg" in unread[0].remedy
    assert not any(f.code.startswith("gpu.xid_") for f in report.findings)


def test_no_nvidia_no_kernel_log_read(tmp_path: Path) -> None:
    world = World(tmp_path / "world").tool("journalctl", stdout=LINES)
    assert _scan(world).kernel_log is None


def test_a_hung_journalctl_is_cut_off(tmp_path: Path) -> None:
    world = _nvidia_world(tmp_path).tool("journalctl", hang=True).tool("dmesg", stdout=LINES)
    log = kernel_log.read(world.host, world.env(), 1.0)
    assert log.source == "dmesg", log
    assert "did not finish" in (log.problem or "") or log.read


def test_nvidia_smi_q_recordings_give_health_findings(tmp_path: Path) -> None:
    """The A10 recording's pending row remap (4 rows for uncorrectable errors) and the H100
    recording's hardware slowdown and power brake."""
    a10 = (REAL / "nvidia-smi-q" / "1x-a10-535.129.03.txt").read_text()
    world = _nvidia_world(tmp_path).tool("nvidia-smi", stdout=a10)
    (world.host / "proc" / "driver" / "nvidia").mkdir(parents=True)
    proc = (REAL / "nvidia" / "proc-version-535.104.05.txt").read_text()
    (world.host / "proc" / "driver" / "nvidia" / "version").write_text(proc)
    facts = _scan(world)
    assert facts.nvidia is not None and facts.nvidia.health_source == "nvidia-smi -q"
    report = diagnosis.detect(_diagnosed(facts))
    assert "gpu.row_remap_pending" in codes(report.findings)
    pending = next(f for f in report.findings if f.code == "gpu.row_remap_pending")
    assert "4 row(s)" in pending.message and "NVIDIA A10" in pending.message
    assert pending.action == xid.Action.RESET_GPU.value

    from hwdoctor.gather import nvidia

    h100 = nvidia.smi_health((REAL / "nvidia-smi-q" / "8x-h100-80gb-hbm3-535.161.08.txt")
                             .read_text())  # fmt: skip
    assert len(h100) == 8 and h100[0].throttle == ("hw_slowdown", "hw_power_brake")
    driver = dataclasses.replace(facts.nvidia, health=h100)
    report = diagnosis.detect(_diagnosed(dataclasses.replace(facts, nvidia=driver)))
    assert "gpu.clocks_throttled" in codes(report.findings)
    slowed = [f for f in report.findings if f.code == "gpu.clocks_throttled"]
    assert len(slowed) == 8 and "hw slowdown, hw power brake" in slowed[0].message


def test_the_other_health_counters_and_a_fatal_sxid() -> None:
    """NVML's counters as nvml.h defines them, on the recorded CPU machine's evidence; the
    SXid line has the shape the driver prints ("SXid (PCI:...): code, Fatal, ...")."""
    from hwdoctor.model.facts import GpuHealth, KernelLog, NvidiaDriver

    sick = GpuHealth(0, "00000000:3B:00.0", "NVIDIA H100 80GB HBM3",
                     ecc_volatile_uncorrected=2, ecc_aggregate_uncorrected=7,
                     retired_pages_pending=True, remap_failed=True, remap_pending=True,
                     nvlinks_up=16, nvlinks_down=(3, 7))  # fmt: skip
    sxid = b"nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Fatal, Link 32 egress error\n"
    log = KernelLog("dmesg", lines=1, events=kernel_log.events(kernel_log.parse(sxid)))
    facts = dataclasses.replace(cpu_host().host, nvidia=NvidiaDriver(health=(sick,)),
                                kernel_log=log)  # type: ignore[arg-type]  # fmt: skip
    found = codes(diagnosis.detect(_diagnosed(facts)).findings)
    for code in ("gpu.ecc_uncorrectable", "gpu.row_remap_failed", "gpu.page_retirement_pending",
                 "gpu.nvlink_down", "gpu.sxid_fatal"):  # fmt: skip
        assert code in found, code
    assert "gpu.row_remap_pending" not in found  # a failed remap says more than a pending one


def _with_lines(document: dict[str, object], numbers: tuple[int, ...]) -> dict[str, object]:
    """A node's evidence whose kernel log holds these recorded lines (1-based)."""
    from hwdoctor.model.facts import KernelLog

    chosen = "".join(LINES.splitlines(keepends=True)[n - 1] for n in numbers).encode()
    log = KernelLog(
        "journalctl", lines=len(numbers), events=kernel_log.events(kernel_log.parse(chosen))
    )
    host = document["host"]
    assert isinstance(host, dict)
    host["kernel_log"] = log.to_json()
    return document


def test_the_fleet_names_the_nodes_to_drain_first_worst_step_first(tmp_path: Path) -> None:
    """issue 41: over a fleet's evidence with recorded Xid lines, the fleet report says per
    step of the action ladder which nodes to drain ("drain and reboot: gpu[07,12] ... Xid
    79"), each node under the worst step it needs; a node whose Xid asks only for the
    application's restart is no node to drain, and neither is a healthy one."""
    import random

    from tests import fleetgen
    from tests.conftest import run_hwdoctor

    rng = random.Random(41)
    cpu = fleetgen.real("cpu-host")
    planted = {
        "gpu07": (12,),  # Xid 79: the GPU fell off the bus (reboot)
        "gpu12": (13, 7),  # Xid 79 and Xid 48: reboot, the worse of the two
        "gpu03": (7, 9),  # Xid 48 (double-bit ECC) and Xid 64 (row remapper): reset
        "gpu05": (1,),  # Xid 13: restart the application, no drain
    }
    fleet = tmp_path / "fleet"
    fleet.mkdir()
    for number in range(1, 17):
        host = f"gpu{number:02d}"
        document = fleetgen.node(cpu, host, rng)
        if host in planted:
            document = _with_lines(document, planted[host])
        if host == "gpu09":  # NVML: a row remapping failed, which NVIDIA sends for service
            nvidia = document["host"]["nvidia"]
            failed = GpuHealth(0, "00000000:18:00.0", fleetgen.GPU, remap_failed=True)
            nvidia["health"] = [failed.to_json()]
        (fleet / f"{host}.json").write_text(json.dumps(document), encoding="utf-8")
    result = run_hwdoctor("detect", "--from", str(fleet), "--json")
    assert result.returncode == 1, result
    findings = result.json()["data"]["fleet"]["findings"]
    drains = [f for f in findings if f["code"].startswith("fleet.drain")]
    assert [(f["code"], f["params"]["hosts"], f["params"]["causes"]) for f in drains] == [
        ("fleet.drain_for_service", "gpu09", "gpu.row_remap_failed"),
        ("fleet.drain_to_reboot", "gpu[07,12]", "Xid 79"),
        ("fleet.drain_to_reset", "gpu03", "Xid 48, Xid 64"),
    ]
    assert [f["action"] for f in drains] == ["service", "reboot", "reset_gpu"]
    assert findings[: len(drains)] == drains  # named before any other fleet finding
    reboot = drains[1]
    assert (
        "scontrol update nodename='gpu[07,12]' state=drain reason='hwdoctor: Xid 79'"
        in (reboot["remedy"])
    )
    assert reboot["message"] == "drain and reboot: gpu[07,12] (2 of 16 nodes; Xid 79)"
    assert drains[0]["message"] == "drain for service: gpu09 (1 of 16 nodes; gpu.row_remap_failed)"
    human = run_hwdoctor("detect", "--from", str(fleet))
    assert "drain and reboot: gpu[07,12] (2 of 16 nodes; Xid 79)" in human.stdout
