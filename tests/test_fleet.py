"""The fleet report (`detect --from DIR`) and the files each node writes for it
(`--save-evidence 'DIR/{host}.json'`). The fleets are made from the real evidence files in
tests/data/evidence (tests/fleetgen.py); the command runs as a user runs it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hwdoctor import diagnosis, files, hosts
from hwdoctor.diagnosis import fleet as fleet_diagnosis
from hwdoctor.diagnosis import requirements
from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather import fleet
from tests import fleetgen
from tests.conftest import run_hwdoctor

REQUIRE = ("cuda>=8", "memory>=79GiB", "torch>=2.13")


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, fleetgen.Planted]:
    directory = tmp_path_factory.mktemp("fleet") / "evidence"
    return directory, fleetgen.write(directory, 60)


def test_each_node_is_read_and_diagnosed_as_its_file_alone(
    planted: tuple[Path, fleetgen.Planted],
) -> None:
    """Sharing one record per configuration changes nothing: every node's evidence, findings
    and requirement results are those of `detect --from ITS_FILE --require ...`."""
    directory, _ = planted
    wanted = tuple(requirements.parse(text) for text in REQUIRE)
    read = fleet.read(str(directory))
    assert len({node.configuration for node in read.nodes}) < len(read.nodes) / 4
    report = fleet_diagnosis.report(read, require=wanted)
    by_file = {node.file: node for node in report.nodes}
    for node in read.nodes:
        alone = gathering.load(str(directory / node.file))
        assert node.evidence == alone, node.file
        expected = diagnosis.detect(alone, require=wanted)
        mine = by_file[node.file]
        assert mine.findings == expected.findings
        assert mine.requirements == expected.requirements
        assert mine.exit_code == expected.exit_code


def test_the_odd_nodes_are_named_first_and_the_largest_group_leads(
    planted: tuple[Path, fleetgen.Planted],
) -> None:
    directory, plant = planted
    report = fleet_diagnosis.report(
        fleet.read(str(directory)), require=(requirements.parse("cuda>=8"),)
    )
    assert len(report.groups[0].hosts) == 57
    assert [len(g.hosts) for g in report.groups] == sorted((len(g.hosts) for g in report.groups),
                                                           reverse=True)  # fmt: skip
    odd = {node.host for node in report.odd}
    assert odd == {plant.driver_odd, plant.torch_odd, plant.sick}
    assert {node.host for node in report.nodes[:3]} == odd
    assert {node.host for node in report.failed} == {plant.driver_odd, plant.sick}
    driver_group = next(g for g in report.groups if plant.driver_odd in g.hosts)
    differs = {what: (here, largest) for what, here, largest in driver_group.differs}
    assert differs["driver"] == (f"NVIDIA {fleetgen.ODD_DRIVER}", f"NVIDIA {fleetgen.DRIVER}")
    assert differs["devices"][0].startswith("7 × ")
    assert [u.file for u in report.unreadable] == [plant.unreadable]
    codes = [f.code for f in report.findings]
    assert codes == ["fleet.nodes_differ", "fleet.nodes_failed", "fleet.unreadable"]
    assert report.exit_code == 1


def test_a_fleet_report_from_the_command_line(planted: tuple[Path, fleetgen.Planted]) -> None:
    directory, plant = planted
    result = run_hwdoctor("detect", "--from", str(directory), "--require", "cuda>=8", "--json")
    assert result.returncode == 1, result
    document = json.loads(result.stdout)
    data = document["data"]
    assert document["exit_code"] == 1
    assert set(data["fleet"]["odd_hosts"]) == {plant.driver_odd, plant.torch_odd, plant.sick}
    assert len(data["hosts"]) == 60
    assert {h["host"] for h in data["hosts"][:3]} == set(data["fleet"]["odd_hosts"])
    odd = next(h for h in data["hosts"] if h["host"] == plant.driver_odd)
    assert odd["requirements"][0]["met"] is False and odd["exit_code"] == 1

    human = run_hwdoctor("detect", "--from", str(directory), env={"COLUMNS": "80"})
    assert human.returncode == 1, human
    lines = human.stdout.splitlines()
    assert lines[0].startswith("Fleet 60 nodes in ")
    odd_line = next(line for line in lines[:4] if line.startswith("Odd nodes: "))
    assert (
        odd_line == f"Odd nodes: {hosts.compress([plant.driver_odd, plant.torch_odd, plant.sick])}"
    )
    assert "fleet.nodes_differ" in human.stdout

    markdown = run_hwdoctor("detect", "--from", str(directory), "--format", "markdown")
    assert markdown.returncode == 1
    assert "## hwdoctor detect (fleet)" in markdown.stdout
    assert f"`{fleetgen.ODD_DRIVER}`" not in markdown.stdout  # values in code spans, whole
    assert f"NVIDIA {fleetgen.ODD_DRIVER}" in markdown.stdout


def test_a_fleet_without_odd_nodes_passes(tmp_path: Path) -> None:
    directory = tmp_path / "evidence"
    directory.mkdir()
    for host in ("node1", "node2", "node10"):
        document = fleetgen.real()
        document["host"]["hostname"] = host
        (directory / f"{host}.json").write_text(json.dumps(document), encoding="utf-8")
    result = run_hwdoctor("detect", "--from", str(directory), "--require", "cpu", "--json")
    assert result.returncode == 0, result
    data = json.loads(result.stdout)["data"]
    assert data["fleet"]["odd_hosts"] == [] and data["fleet"]["findings"] == []
    assert [h["host"] for h in data["hosts"]] == ["node1", "node2", "node10"]
    assert data["fleet"]["groups"][0]["hosts"] == ["node1", "node2", "node10"]


def test_a_fleet_split_evenly_names_no_node_odd(tmp_path: Path) -> None:
    """Two real evidence files of different machines (tests/data/evidence): two groups of
    one, so no configuration is the fleet's and neither node is called odd; the finding
    says the fleet is split, and the empty directory's hint names this directory."""
    directory = tmp_path / "evidence"
    directory.mkdir()
    data_dir = Path(__file__).parent / "data" / "evidence"
    for host, source in (("node1", "cpu-host.json"), ("node2", "sick-host.json")):
        document = json.loads((data_dir / source).read_text(encoding="utf-8"))
        document["host"]["hostname"] = host
        (directory / f"{host}.json").write_text(json.dumps(document), encoding="utf-8")
    result = run_hwdoctor("detect", "--from", str(directory), "--json")
    data = json.loads(result.stdout)["data"]
    assert data["fleet"]["odd_hosts"] == []
    (split,) = [f for f in data["fleet"]["findings"] if f["code"] == "fleet.nodes_differ"]
    assert split["message"].startswith("the 2 nodes fall into 2 configurations")
    human = run_hwdoctor("detect", "--from", str(directory))
    assert "Odd nodes" not in human.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = run_hwdoctor("detect", "--from", str(empty))
    assert refused.returncode == 2
    assert f"--save-evidence '{empty}/{{host}}.json'" in refused.stderr, refused.stderr


def test_hostile_host_names_are_bounded_and_inert(tmp_path: Path) -> None:
    directory = tmp_path / "evidence"
    directory.mkdir()
    for index, host in enumerate(("\x1b[31mred\x1b[0m\n::error::x", "a" * 5000, "ok1")):
        document = fleetgen.real()
        document["host"]["hostname"] = host
        (directory / f"n{index}.json").write_text(json.dumps(document), encoding="utf-8")
    result = run_hwdoctor("detect", "--from", str(directory))
    assert result.returncode == 0, result
    assert "\x1b" not in result.stdout
    assert not any(line.startswith("::") for line in result.stdout.splitlines())
    names = [n.host for n in fleet_diagnosis.report(fleet.read(str(directory))).nodes]
    assert all(len(name) <= hosts.MAX_HOST_CHARS for name in names)


def test_a_directory_without_evidence_is_a_usage_error(tmp_path: Path) -> None:
    result = run_hwdoctor("detect", "--from", str(tmp_path), "--json")
    assert result.returncode == 2, result
    errors = json.loads(result.stdout)["errors"]
    assert "no evidence files" in errors[0]["message"]
    assert "Traceback" not in result.stderr
    pasted = run_hwdoctor("detect", "--paste", str(tmp_path))
    assert pasted.returncode == 2 and "directory" in pasted.stderr


def test_save_evidence_expands_host_and_rank(tmp_path: Path) -> None:
    """A live detect writes its file under this machine's name, into a directory it makes;
    that directory is then a fleet of one."""
    template = str(tmp_path / "evidence" / "{host}-{rank}.json")
    result = run_hwdoctor("detect", "--save-evidence", template, "--json")
    assert result.returncode in (0, 1), result
    written = list((tmp_path / "evidence").iterdir())
    assert [p.name for p in written] == [f"{files.name_part(os.uname().nodename)}-0.json"]
    assert not any(p.name.startswith(".") for p in written)  # no temporary file left
    report = run_hwdoctor("detect", "--from", str(tmp_path / "evidence"), "--json")
    assert json.loads(report.stdout)["data"]["fleet"]["nodes"] == 1


@pytest.mark.parametrize(
    ("template", "problem"),
    [("e/{hostname}.json", "no placeholder {hostname}"), ("e/{host!r}.json", "{host!r}"),
     ("e/{host.json", "expected '}'"), ("e/{0}.json", "{0}"), ("", "needs a file name"),
     (" ", "needs a file name")],
)  # fmt: skip
def test_unknown_placeholders_are_refused_before_anything_runs(template: str, problem: str) -> None:
    with pytest.raises(UsageError, match=problem.replace("{", r"\{").replace("!", "!")):
        files.check_template(template)
    result = run_hwdoctor("detect", "--save-evidence", template)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) <= 2 and "Traceback" not in result.stderr


def test_a_host_name_cannot_leave_the_directory() -> None:
    assert files.expand("ev/{host}.json", {"host": "../../etc/passwd", "rank": 0}) == (
        "ev/_.._etc_passwd.json"
    )
    assert files.expand("ev/{host}.json", {"host": "..", "rank": 3}) == "ev/unknown.json"
    assert files.expand("{{x}}/{rank}", {"host": "h", "rank": 7}) == "{x}/7"


def test_host_lists_compress_as_slurm_writes_them() -> None:
    names = ["gpu001", "gpu002", "gpu003", "gpu005", "login1", "gpu010", "gpu2", "x"]
    assert hosts.compress(names) == "gpu[001-003,005,010],gpu2,login1,x"
    assert hosts.compress(["n1"]) == "n1"
    assert hosts.compress([f"n{i}" for i in range(1, 9)] + ["a", "b"], limit=2) == (
        "a,b and 8 more"
    )


@pytest.mark.parametrize("path", [".", "/", "..", "evidence/.."])
def test_a_directory_is_no_file_to_save_to(path: str) -> None:
    with pytest.raises(OSError, match="a directory, not a file"):
        files.write_whole(path, "{}")
