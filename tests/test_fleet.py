"""The fleet report (`detect --from DIR`) and the files each node writes for it
(`--save-evidence 'DIR/{host}.json'`). The fleets are made from the real evidence files in
tests/data/evidence (tests/fleetgen.py); the command runs as a user runs it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwdoctor import diagnosis, files, hosts
from hwdoctor.diagnosis import fleet as fleet_diagnosis
from hwdoctor.diagnosis import requirements
from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather import fleet
from tests import fleetgen
from tests.conftest import ROOT, base_env, evidence_of, run_hwdoctor
from tests.fakeworld import World
from tests.fastlane import examples

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


# --- host names that are not what they look like ----------------------------------------------

ARABIC_12 = "gpu\u0661\u0662"  # ARABIC-INDIC DIGIT ONE, TWO: NFKC folds it to gpu12


def test_arabic_indic_digits_are_not_gpu12(tmp_path: Path) -> None:
    """The recorded job array (tests/data/fleet) as four nodes, the odd one (another driver,
    a core fewer) named and claiming `gpu١٢`, beside a healthy `gpu12`: the report names the
    odd node as it is, escaped, never as gpu12, and gpu12 stays in the healthy group."""
    directory = tmp_path / "evidence"
    fleetgen.relabel(
        directory,
        [
            ("vm-0", "gpu10", "gpu10"),
            ("vm-1", "gpu11", "gpu11"),
            ("vm-3", "gpu12", "gpu12"),
            ("vm-2", ARABIC_12, ARABIC_12),
        ],
    )
    result = run_hwdoctor("detect", "--from", str(directory), "--json")
    assert result.returncode == 0, result
    data = result.json()["data"]
    assert data["fleet"]["odd_hosts"] == ["'gpu\\u0661\\u0662'"]
    assert data["fleet"]["groups"][0]["hosts"] == ["gpu10", "gpu11", "gpu12"]
    assert data["hosts"][0]["file"] == f"{ARABIC_12}.json" and data["hosts"][0]["claims"] is None
    human = run_hwdoctor("detect", "--from", str(directory))
    assert human.returncode == 0, human
    lines = human.stdout.splitlines()
    assert "Odd nodes: 'gpu\\u0661\\u0662'" in lines
    assert "Group 2, 1 node: 'gpu\\u0661\\u0662'" in lines
    assert "Group 1, 3 nodes: gpu[10-12]" in lines
    assert ARABIC_12 not in human.stdout
    markdown = run_hwdoctor("detect", "--from", str(directory), "--format", "markdown")
    assert "- Odd nodes: `'gpu\\u0661\\u0662'`" in markdown.stdout


def test_a_superscript_two_anywhere_names_its_node_and_exits_1(tmp_path: Path) -> None:
    """`²` is a digit to str.isdigit() and int() refuses it: in a file name and in the host
    names claimed (the recorded sick host's file among them, which fails its preflight),
    the report names each node and exits 1, not 3."""
    directory = tmp_path / "evidence"
    fleetgen.relabel(
        directory,
        [
            ("vm-0", "n1", "n1"),
            ("vm-1", "n2", "n2"),
            ("vm-3", "n3", "n3"),
            ("sick-host", "n\u00b2", "n\u00b2"),
            ("vm-2", "n4", "a1\u00b2"),
            ("vm-3", "\u00b2", None),
        ],
    )
    result = run_hwdoctor("detect", "--from", str(directory), "--json")
    assert result.returncode == 1, result
    fleet_json = result.json()["data"]["fleet"]
    assert fleet_json["failed_hosts"] == ["'n\\xb2'"]
    by_host = {h["host"]: h for h in result.json()["data"]["hosts"]}
    assert by_host["n4"]["claims"] == "'a1\\xb2'"
    assert by_host["'\\xb2'"]["claims"] == "vm"  # the recorded file's own host name
    human = run_hwdoctor("detect", "--from", str(directory))
    assert human.returncode == 1, human
    assert "1 of 6 nodes fail their preflight: 'n\\xb2'" in human.stdout
    assert "n4 (claims 'a1\\xb2')" in human.stdout
    assert "Traceback" not in human.stderr and "internal error" not in human.stderr


def test_a_file_that_claims_another_host_says_both(tmp_path: Path) -> None:
    """The node is its file (one per name in a directory); a host name inside that is not
    the file's is a claim, shown beside it: `gpu07 (claims gpu12)`. `{host}-N` files (a
    rank's, a job array task's: tests/data/fleet) agree with their host."""
    directory = tmp_path / "evidence"
    fleetgen.relabel(
        directory,
        [
            ("vm-0", "gpu12", "gpu12"),
            ("vm-1", "gpu13", "gpu13"),
            ("vm-2", "gpu07", "gpu12"),
            ("vm-3", "gpu14-3", "gpu14"),
        ],
    )
    data = run_hwdoctor("detect", "--from", str(directory), "--json").json()["data"]
    assert data["fleet"]["odd_hosts"] == ["gpu07"]
    claims = {h["host"]: h["claims"] for h in data["hosts"]}
    assert claims == {"gpu07": "gpu12", "gpu12": None, "gpu13": None, "gpu14-3": None}
    human = run_hwdoctor("detect", "--from", str(directory)).stdout
    assert "Odd nodes: gpu07 (claims gpu12)" in human
    recorded = run_hwdoctor("detect", "--from", str(fleetgen.RECORDED_FLEET), "--json")
    assert {h["claims"] for h in recorded.json()["data"]["hosts"]} == {None}


# --- --expect ---------------------------------------------------------------------------------


def test_expect_names_the_nodes_that_wrote_nothing() -> None:
    """The recorded job array wrote vm-0 … vm-3; a fifth task was expected."""
    result = run_hwdoctor(
        "detect", "--from", str(fleetgen.RECORDED_FLEET), "--expect", "vm-[0-4]", "--json"
    )
    assert result.returncode == 1, result
    fleet_json = result.json()["data"]["fleet"]
    assert (fleet_json["expected"], fleet_json["not_reported"]) == (5, ["vm-4"])
    (missing,) = [f for f in fleet_json["findings"] if f["code"] == "fleet.not_reported"]
    assert missing["message"] == (
        f"no evidence from vm-4 (1 of the 5 expected nodes wrote no file to "
        f"{fleetgen.RECORDED_FLEET})"
    )
    assert "sinfo --Node --long --nodes=vm-4" in missing["remedy"]
    human = run_hwdoctor(
        "detect", "--from", str(fleetgen.RECORDED_FLEET), "--expect", "vm-[0-4],vm-[6-7],login1"
    )
    assert human.returncode == 1
    assert "No evidence from: login1,vm-[4,6-7] (4 of 8 expected)" in human.stdout
    assert "sinfo --Node --long --nodes='login1,vm-[4,6-7]'" in human.stdout
    # every file there, by file name or by the host name its files agree with: exit 0
    assert (
        run_hwdoctor(
            "detect", "--from", str(fleetgen.RECORDED_FLEET), "--expect", "vm-[0-3]"
        ).returncode
        == 0
    )
    assert (
        run_hwdoctor("detect", "--from", str(fleetgen.RECORDED_FLEET), "--expect", "VM").returncode
        == 0
    )


def test_expect_counts_no_node_by_a_claim_its_file_name_denies(tmp_path: Path) -> None:
    directory = tmp_path / "evidence"
    fleetgen.relabel(directory, [("vm-0", "gpu12", "gpu12"), ("vm-1", "gpu13", "gpu07")])
    result = run_hwdoctor("detect", "--from", str(directory), "--expect", "gpu[07,12-13]", "--json")
    assert result.json()["data"]["fleet"]["not_reported"] == ["gpu07"]


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("gpu[01-16", "a '[' never closed"),
        ("gpu[16-01]", "the range 16-01 runs backwards"),
        ("gpu[0-99999999]", "more than 100,000 hosts"),
        ("a[0-999]b[0-999]", "more than 100,000"),
        ("gpu[\u0661-\u0662]", "not a number or a range of ASCII digits"),
        ("gpu\u00b2", "'\\xb2' is not a host name's character"),
        (",", "names no host"),
        ("gpu[]", "an empty bracket"),
        ("x" * 70_000, "longer than 65,536 characters"),
    ],
)
def test_a_bad_expect_is_a_usage_error(expression: str, problem: str) -> None:
    result = run_hwdoctor("detect", "--from", str(fleetgen.RECORDED_FLEET), "--expect", expression)
    assert result.returncode == 2, result
    assert problem in result.stderr, result
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2


def test_expect_goes_with_a_fleet_directory_only(tmp_path: Path) -> None:
    alone = run_hwdoctor("detect", "--expect", "gpu[01-02]")
    assert alone.returncode == 2 and "--from DIR" in alone.stderr, alone
    file = run_hwdoctor(
        "detect", "--from", str(fleetgen.RECORDED_FLEET / "vm-0.json"), "--expect", "vm"
    )
    assert file.returncode == 2 and "--from DIR" in file.stderr, file


def test_host_lists_expand_as_slurm_reads_them() -> None:
    """slurm.conf(5), NodeName: "linux[0-64,128]", "rack[0-63]_blade[0-41]" (every pair),
    leading zeros fix the width ("linux[0000-1023]"); a range's first number gives it, as
    hostlist.c's _parse_single_range sets width = strlen(lo)."""
    assert hosts.expand("gpu[01-03,10],login1") == ("gpu01", "gpu02", "gpu03", "gpu10", "login1")
    assert hosts.expand("rack[0-1]-blade[8-10]") == (
        "rack0-blade8",
        "rack0-blade9",
        "rack0-blade10",
        "rack1-blade8",
        "rack1-blade9",
        "rack1-blade10",
    )
    assert hosts.expand("n[9-10] n[0000-0001]") == ("n9", "n10", "n0000", "n0001")
    assert hosts.expand("a,a,a[1-1]") == ("a", "a1")
    assert len(hosts.expand("gpu[00000-99999]")) == 100_000
    with pytest.raises(hosts.HostListError, match="more than 100,000"):
        hosts.expand("gpu[00000-99999],one-more")
    assert hosts.compress(hosts.expand("gpu[01-16,20],login1")) == "gpu[01-16,20],login1"


# --- bounded reading --------------------------------------------------------------------------


def test_a_fleet_past_its_byte_bound_names_the_files_not_read(tmp_path: Path) -> None:
    """The bound here is 25,000 bytes (the command's is gather.fleet.MAX_FLEET_BYTES, 2 GiB):
    two of the recorded files fit; the third and what follows are not read, named, and
    fail the report, never a crash; --expect does not call them absent."""
    from tests import catalogue_plugin

    read = fleet.read(str(fleetgen.RECORDED_FLEET), byte_limit=25_000)
    assert [n.file for n in read.nodes] == ["vm-0.json", "vm-1.json"]
    assert read.not_read == ("vm-2.json", "vm-3.json")
    assert 20_000 < read.bytes_read <= 25_000
    report = fleet_diagnosis.report(read, expected=hosts.expand("vm-[0-3]"))
    codes = [f.code for f in report.findings]
    catalogue_plugin.record(codes)
    assert codes == ["fleet.too_large"]
    assert report.findings[0].message == (
        f"2 of 4 files in {fleetgen.RECORDED_FLEET} were not read: the fleet passed the "
        "25,000 bytes hwdoctor reads of one, at vm-2.json (vm-2.json, vm-3.json)"
    )
    assert report.exit_code == 1 and report.not_read == ("vm-2.json", "vm-3.json")
    assert fleet.MAX_FLEET_BYTES == 2 * 1024**3
    assert len(fleet.read(str(fleetgen.RECORDED_FLEET)).nodes) == 4


# --- the fuzz: sort and compress on hostile names ------------------------------------------------

HOSTILE = st.one_of(
    st.text(st.sampled_from("gpu-.0123456789"), max_size=12),
    st.text(st.characters(categories=["Nd", "No"]), max_size=6),  # every Unicode digit, ², ½
    st.sampled_from(
        [
            "",
            ".",
            "..",
            "-",
            "gpu\u00b2",
            ARABIC_12,
            "\u202egpu1",
            "gpu1\u200f",
            "gpu\u2082",
            "\U0001d7e3",
            "a" * 300,
            "1" * 5000,
            "n1,[0-9]",
            "'x'",
            "\\x41",
            "gpu\x1b[31m1",
            "gpu 1",
            "gpu01.cluster",
        ]
    ),
    st.text(max_size=20),
)


def expanded(listing: str) -> set[str]:
    """A compressed list read back: items split at commas outside brackets, each bracket of
    ASCII numbers and ranges expanded at its first number's width."""
    import re

    out: set[str] = set()
    for item in re.findall(r"(?:[^,\[]|\[[^\]]*\])+", listing):
        match = re.fullmatch(r"(.*)\[([0-9,-]+)\]", item, re.ASCII)
        if match is None:
            out.add(item)
            continue
        for part in match.group(2).split(","):
            first, _, last = part.partition("-")
            out.update(
                f"{match.group(1)}{n:0{len(first)}d}"
                for n in range(int(first), int(last or first) + 1)
            )
    return out


@given(st.lists(HOSTILE, max_size=30))
@settings(max_examples=examples(400), deadline=None)
def test_fuzz_hostile_names_sort_compress_and_all_appear(names: list[str]) -> None:
    """Any names: no exception; every name shown at most MAX_HOST_CHARS, ASCII but for the
    cut mark, and only a plain one unquoted; brackets hold ASCII digits only; and the list
    reads back as exactly the names shown (every input appears, escaped)."""
    shown = [hosts.shown(name) for name in names]
    for name, label in zip(names, shown, strict=True):
        assert len(label) <= hosts.MAX_HOST_CHARS
        assert all(ord(char) < 128 or char == "…" for char in label), label
        assert label == name or label.startswith("'") or label.endswith("…")
    ordered = sorted(shown, key=hosts.sort_key)
    assert sorted(ordered) == sorted(shown)
    listing = hosts.compress(shown)
    for bracket in __import__("re").findall(r"\[([^\]]*)\]", listing):
        assert __import__("re").fullmatch(r"[0-9,-]+", bracket, __import__("re").ASCII), listing
    assert expanded(listing) == set(shown) if shown else listing == ""


@given(
    st.lists(
        HOSTILE.filter(
            lambda n: (
                n and "/" not in n and "\x00" not in n and len(n) < 100 and not n.startswith(".")
            )
        ),
        min_size=1,
        max_size=5,
        unique=True,
    ),
    st.lists(HOSTILE, min_size=5, max_size=5),
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzz_a_fleet_of_hostile_files_and_claims_is_reported(
    tmp_path_factory: pytest.TempPathFactory, stems: list[str], claims: list[str]
) -> None:
    """Real files (tests/data/fleet) under hostile names, claiming hostile hosts: the whole
    report (read, diagnosed, rendered) names every file, with exit 0 or 1."""
    from io import StringIO

    from hwdoctor.render import human, markdown

    directory = tmp_path_factory.mktemp("hostile")
    plan = [
        (f"vm-{index % 4}", stem, claim)
        for index, (stem, claim) in enumerate(zip(stems, claims, strict=False))
    ]
    try:
        fleetgen.relabel(directory, plan)
    except OSError:  # a name this file system cannot hold (too long in bytes)
        return
    report = fleet_diagnosis.report(fleet.read(str(directory)), expected=hosts.expand("gpu[1-3]"))
    assert report.exit_code in (0, 1)
    assert sorted(n.host for n in report.nodes) == sorted(hosts.shown(s) for s in stems)
    text = "".join(human.render(human.fleet_renderables(report), StringIO()).split())
    shared = markdown.fleet(report)
    json.dumps(report.to_json())
    for group in report.groups:  # each group's title names every node (lines joined)
        labels = [n.label for n in report.nodes if n.group == group.number]
        listing = hosts.compress(labels, 16)
        assert expanded(listing) == set(labels)
        assert "".join(listing.split()) in text, (listing, text)
        assert f"Hosts: `{listing}`" in shared, shared


def test_the_host_patterns_cost_time_linear_in_a_name() -> None:
    """Names come from anyone's files: no pattern of hosts.py or the fleet's diagnosis has
    an ambiguity tests/regexcost.py knows (timed on 64 KB lines in `make bench`,
    benchmarks/regex_lines.py)."""
    from tests.regexcost import ambiguities, patterns_of

    found = patterns_of(hosts, fleet_diagnosis)
    assert len(found) >= 5
    assert {
        name: found_in for name, pattern in found.items() if (found_in := ambiguities(pattern))
    } == {}


def test_a_node_whose_torch_sees_no_gpu_is_named_by_what_is_on_its_bus(tmp_path: Path) -> None:
    """A node with an H100 on the bus (PCI id 10de:2330, the PCI ID database's "GH100 [H100
    SXM5 80GB]") and a CPU-only torch: the fleet row names the GPU as detect names it on the
    machine, never "no accelerator", and never by its raw id alone (issue 40, item 5)."""
    directory = tmp_path / "evidence"
    directory.mkdir()
    gpu = World(tmp_path / "gpu").pci("0000:3b:00.0", "0x10de", "0x2330", "0x030200")
    evidence_of(gpu.env(base_env()), directory / "gpu-node.json")
    evidence_of(World(tmp_path / "cpu").env(base_env()), directory / "cpu-node.json")
    result = run_hwdoctor("detect", "--from", str(directory), "--json")
    groups = {
        host: group["configuration"]["devices"]
        for group in result.json()["data"]["fleet"]["groups"]
        for host in group["hosts"]
    }
    assert groups["gpu-node"] == ["1 × H100 SXM5 80GB (on the bus, not usable by torch)"], groups
    assert groups["cpu-node"] == [], groups
    shown = run_hwdoctor("detect", "--from", str(directory), env={**base_env(), "COLUMNS": "200"})
    row = next(line for line in shown.stdout.splitlines() if "gpu-node (claims" in line)
    assert "1 × H100 SXM5 80GB" in row and "no accelerator" not in row, shown


def test_a_node_saved_before_the_scan_kept_pci_ids_is_named_by_the_scans_words(
    tmp_path: Path,
) -> None:
    """Evidence written before the host scan kept each PCI signal's ids (the recorded
    sick-host.json) names its GPUs on the bus by the scan's own words, never an empty name."""
    directory = tmp_path / "fleet"
    directory.mkdir()
    recorded = json.loads((ROOT / "tests/data/evidence/sick-host.json").read_text())
    for host in ("node-a", "node-b"):
        recorded["host"]["hostname"] = host
        (directory / f"{host}.json").write_text(json.dumps(recorded))
    result = run_hwdoctor("detect", "--from", str(directory), "--json")
    (group,) = result.json()["data"]["fleet"]["groups"]
    on_bus = [d for d in group["configuration"]["devices"] if "on the bus" in d]
    assert on_bus == [
        "1 PCI device(s) 10de:2330 (on the bus, not usable by torch)",
        "1 PCI device(s) 19e5:d802 (on the bus, not usable by torch)",
    ]
