"""CI preflight and machine-readable output: requirements, exit codes, formats, the JSON
schema, markdown reports, redaction, GitHub integration, the Python API, completions."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

import hwdoctor
from tests.conftest import ROOT, backend, base_env, run_hwdoctor
from tests.fakeworld import FakeDevice, World, make_bare_venv

SCHEMA = json.loads((ROOT / "hwdoctor" / "schema" / "hwdoctor.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
ANSI = re.compile(r"\x1b\[")
ASCEND = FakeDevice("Ascend910B3", 64 << 30, 60 << 30)


def valid(document: object) -> None:
    errors = sorted(VALIDATOR.iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, [f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5]]


# --- requirements ----------------------------------------------------------------------------


def test_require_cpu_passes(here: str) -> None:
    result = run_hwdoctor("detect", "--from", here, "--require", "cpu")
    assert result.returncode == 0, result
    assert "✓ requires cpu: 1 usable cpu device(s)" in result.stdout


def test_require_cuda_fails_with_one_line(here: str) -> None:
    result = run_hwdoctor("detect", "--from", here, "--require", "cuda", "--json")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result
    assert lines[0].startswith("hwdoctor: requirement cuda not met: no usable cuda device (")
    assert "CPU build" in lines[0]
    (requirement,) = result.json()["data"]["requirements"]
    assert requirement == {
        "requirement": "cuda", "kind": "backend", "met": False, "found": requirement["found"],
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "cuda>=x",
        "memory>=lots",
        "training=gpu",
        "torch>=banana",
        ">=2",
        "cuda>=",
        "a b",
        # counts and sizes in ASCII digits only: `²` passed isdigit() and crashed float() (exit 3);
        # Arabic-Indic and full-width digits read as numbers no one sees in the line; a size past
        # any float crashed int() (issue 39)
        "cuda>=\u00b2",
        "cpu>=\u00b9",
        "cuda>=\u0661\u0662",
        "cuda>=\uff18",
        "memory>=\u0661GiB",
        "memory>=" + "9" * 400 + "GiB",
        "cuda>=10000000000",
        # a word for the hardware, a device string in capitals or misspelt: read as a package,
        # each was "not installed" on every machine (issue 40)
        "gpu",
        "nvidia>=2",
        "CUDA",
        "nueron",
        "cdua>=1",
    ],
)
def test_malformed_requirements_are_usage_errors(text: str) -> None:
    result = run_hwdoctor("detect", "--require", text)
    assert result.returncode == 2, result
    assert result.stderr.startswith("hwdoctor: error: --require")
    assert len(result.stderr.splitlines()) == 1


def test_a_misspelt_device_string_is_named() -> None:
    result = run_hwdoctor("detect", "--require", "nueron")
    assert result.returncode == 2
    assert "'nueron' is not a device string (did you mean 'neuron'?)" in result.stderr
    result = run_hwdoctor("detect", "--require", "gpu")
    assert "'gpu' names several device strings (cuda, xpu, mps or musa)" in result.stderr


def test_requirements_against_a_fake_npu_machine(world: World) -> None:
    world.privateuse1("npu", devices=(ASCEND, ASCEND))
    checks = {
        "npu": True, "npu>=2": True, "npu>=3": False, "npu==2": True,
        "memory>=50GiB": True, "memory>=61GiB": False, "training=npu": True,
        "training=cuda": False, "torch>=2.6": True, "torch<2": False,
        "transformers>=5.0": True, "accelerate": True, "deepspeed": False,
    }  # fmt: skip
    args = [arg for text in checks for arg in ("--require", text)]
    document = run_hwdoctor("detect", "--json", *args, env=world.env(base_env())).json()
    got = {r["requirement"]: r["met"] for r in document["data"]["requirements"]}
    assert got == checks
    assert document["exit_code"] == 1
    memory = next(
        r for r in document["data"]["requirements"] if r["requirement"] == "memory>=61GiB"
    )
    assert memory["found"] == "npu:0: 60 GiB free, npu:1: 60 GiB free"


def test_strict_turns_warnings_into_failures(world: World, tmp_path: Path) -> None:
    world.pci("0000:3b:00.0", "0x19e5", "0xd802", "0x120000")  # an NPU, no torch-npu
    env = world.env(base_env())
    assert (
        run_hwdoctor("detect", "--save-evidence", str(tmp_path / "e.json"), env=env).returncode == 0
    )
    strict = run_hwdoctor("detect", "--strict", "--from", str(tmp_path / "e.json"))
    assert strict.returncode == 1
    assert "--strict: warnings fail" in strict.stdout


# --- exit codes ------------------------------------------------------------------------------


def test_internal_error_exits_3_with_a_hint(monkeypatch, capsys) -> None:
    from hwdoctor import cli
    from hwdoctor.doctor import detect as doctor

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(doctor, "detect", broken)  # stands in for a bug in hwdoctor
    with pytest.raises(SystemExit) as exited:
        cli.main(["detect"])
    assert exited.value.code == 3
    err = capsys.readouterr().err
    assert err.startswith("hwdoctor: error: internal error: ZeroDivisionError: a bug")
    assert "HWDOCTOR_DEBUG=1" in err
    assert "hwdoctor detect --save-evidence" in err and "github.com" not in err
    assert "Traceback" not in err


@pytest.mark.parametrize("delay", [0.0, 0.15, 1.0], ids=["at-spawn", "starting", "waiting"])
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "terminate"])
def test_interrupt_exits_130_and_leaves_no_probe_behind(
    world: World, stop: int, delay: float
) -> None:
    """Ctrl-C, or a launcher stopping a rank with SIGTERM, at any moment after the probe
    exists: exit 130 and every process hwdoctor started goes with it."""
    world.faulty("torch_npu", dist="torch-npu", behaviour="hang")
    mark = f"interrupt-{os.getpid()}-{stop}-{delay}"
    env = {**world.env(base_env()), "HWDOCTOR_TEST_MARK": mark}
    process = subprocess.Popen(
        [sys.executable, "-m", "hwdoctor", "detect", "--timeout", "300"],
        env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    probe = None
    while probe is None and process.poll() is None:
        probe = _probe_of(process.pid)
        time.sleep(0.005)
    assert probe is not None
    time.sleep(delay)
    process.send_signal(stop)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()[-2000:]
    assert err.decode().strip().endswith("hwdoctor: error: interrupted"), err.decode()[-2000:]
    assert "Traceback" not in err.decode()
    assert not _alive(probe)
    assert _marked(mark) == []


def _marked(mark: str) -> list[int]:
    """Live processes whose environment carries `mark`: what a run left behind."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes()
            except OSError:
                continue
            if f"HWDOCTOR_TEST_MARK={mark}".encode() in environ.split(b"\0") and _alive(
                int(entry.name)
            ):
                found.append(int(entry.name))
    return found


def _probe_of(pid: int) -> int | None:
    """The probe a hwdoctor process started: its child running the payload."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"payload_common" in cmdline:
            return int(entry.name)
    return None


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie waiting for its parent."""
    try:
        state = (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_interrupt_is_deferred_while_held_and_never_lost() -> None:
    """The handler's bookkeeping, driven directly: held() defers the exception to the end
    of the block, quiet() records without raising, check() raises for a lost one."""
    from hwdoctor import interrupts

    interrupts._interrupted.clear()
    with pytest.raises(KeyboardInterrupt), interrupts.held():
        interrupts._on_signal(signal.SIGINT, None)
        reached = True  # the block ran to its end
    assert reached and interrupts.interrupted()
    with pytest.raises(KeyboardInterrupt):
        interrupts.check()  # as if the first exception had been swallowed
    with interrupts.quiet():
        interrupts._on_signal(signal.SIGTERM, None)
    interrupts._interrupted.clear()
    interrupts.check()


SWALLOWED = """
import os, signal
from hwdoctor import interrupts

interrupts.install()

class Finalised:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(10000):  # the handler runs here, where CPython swallows exceptions
            pass

item = Finalised()
del item
print("recorded" if interrupts.interrupted() else "lost")
try:
    interrupts.check()
except KeyboardInterrupt:
    print("raised by check")
"""


def test_an_interrupt_swallowed_in_a_finaliser_is_still_acted_on() -> None:
    """CPython prints and drops exceptions raised inside __del__; hwdoctor's record of the
    interrupt survives it, and no "Exception ignored" traceback reaches the user."""
    result = subprocess.run(
        [sys.executable, "-c", SWALLOWED], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.stdout.split("\n")[:2] == ["recorded", "raised by check"], result
    assert result.stderr == ""


def test_abandon_all_kills_a_probe_nobody_finished() -> None:
    """A probe started and then forgotten (an interrupt between start and use) is killed
    by the clean-up that runs on the way out."""
    from hwdoctor.gather.probe import runner

    started = runner.Started(sys.executable, "load", {}, stdin=True)  # waits for a go
    pid = started.process.pid
    assert _alive(pid)
    runner.abandon_all()
    assert not _alive(pid) and not started.workdir.exists()


# --- formats ---------------------------------------------------------------------------------


def test_no_color_and_not_a_terminal_means_no_escapes(here: str) -> None:
    env = {**base_env(), "NO_COLOR": "1"}
    for args in (["detect", "--from", here], ["list"], ["explain", "--from", here]):
        assert not ANSI.search(run_hwdoctor(*args, env=env).stdout), args
    assert not ANSI.search(run_hwdoctor("detect", env=env).stdout)  # live, the progress too
    env.pop("NO_COLOR")
    assert not ANSI.search(run_hwdoctor("detect", "--from", here, env=env).stdout)  # piped


def test_force_color_colours_a_pipe(here: str) -> None:
    env = {**base_env(), "FORCE_COLOR": "1"}
    env.pop("NO_COLOR")
    assert ANSI.search(run_hwdoctor("detect", "--from", here, env=env).stdout)


@pytest.mark.parametrize(  # load's: tests/test_load.py::test_default_tiny_model_human_output
    "args", [["list"], ["detect"], ["explain"], ["explain", "neuron"]]
)
def test_readable_at_80_columns(args: list[str], here: str) -> None:
    env = {**base_env(), "COLUMNS": "80", "HF_HUB_OFFLINE": "1"}
    args = args if args == ["list"] else [*args, "--from", here]  # what the report says
    result = run_hwdoctor(*args, env=env)
    assert result.returncode == 0, result
    # Only a command may run past the edge, whole, so that it pastes as it is.
    too_long = [
        line
        for line in result.stdout.splitlines()
        if len(line) > 80 and not line.lstrip().startswith(("/", "'", "#", "~"))
    ]
    assert not too_long


@pytest.mark.parametrize(
    "args",
    [
        # Every test's JSON is validated as it comes (tests/conftest.py); these are the
        # outputs no other test asks for.
        ["list", "--json"],
        ["detect", "--json", "--require", "cuda", "--require", "torch>=2.6"],
        ["explain", "neuron", "--json"],
        ["load", "-d", "neuron", "--json"],
        ["detect", "--json", "--timeout", "-1"],
        ["explain", "cdua", "--json"],
        ["frobnicate", "--json"],
    ],
)
def test_every_json_output_validates_against_the_schema(args: list[str], here: str) -> None:
    if args[:2] in (["detect", "--json"], ["explain", "neuron"]) and "--timeout" not in args:
        args = [*args, "--from", here]
    result = run_hwdoctor(*args, env={**base_env(), "HF_HUB_OFFLINE": "1"})
    document = json.loads(result.stdout)  # exactly one document on stdout
    valid(document)
    assert document["exit_code"] == result.returncode


def test_json_pipes_into_json_tool(here: str) -> None:
    completed = subprocess.run(
        f"{sys.executable} -m hwdoctor detect --json --from {here} | {sys.executable} -m json.tool",
        shell=True, capture_output=True, text=True, env=base_env(), cwd=ROOT, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["command"] == "detect"


def test_markdown_report(world: World, tmp_path: Path) -> None:
    world.privateuse1("npu", devices=(ASCEND,)).set_env(PYTORCH_ENABLE_MPS_FALLBACK="1")
    evidence = str(tmp_path / "e.json")
    result = run_hwdoctor(
        "detect", "--format", "markdown", "--save-evidence", evidence, env=world.env(base_env())
    )
    assert result.returncode == 0, result
    out = result.stdout
    assert out.startswith("## hwdoctor detect")
    assert out.count("| `") == 13  # every backend of the registry, one row each
    assert "0: Ascend910B3, 64 GiB" in out
    assert "`TrainingArguments(...).device`: `npu:0`" in out
    assert "### Findings" in out and "PYTORCH_ENABLE_MPS_FALLBACK=1" in out
    explained = run_hwdoctor("explain", "--format", "markdown", "--from", evidence).stdout
    assert "### Training" in explained and "### Inference" in explained
    assert "`pipeline()` without `device` → `npu:0`" in explained


def test_markdown_is_for_detect_and_explain() -> None:
    for args in (["list"], ["load"]):  # their --help does not offer it
        result = run_hwdoctor(*args, "--format", "markdown")
        assert result.returncode == 2
        assert "'markdown' is not one of 'human', 'json'" in result.stderr
    result = run_hwdoctor("explain", "cuda", "--format", "markdown")
    assert result.returncode == 2
    assert "markdown is for" in result.stderr


# --- secrets ---------------------------------------------------------------------------------

SECRETS = {
    "HF_TOKEN": "hf_secret123",
    "HTTPS_PROXY": "http://user:pw@proxy:3128",
    "MY_SERVICE_API_KEY": "k3y-v4lue-xyz",
    "WANDB_PASSWORD": "s3cret-pass",
}


@pytest.mark.parametrize("fmt", ["human", "json", "markdown"])
@pytest.mark.parametrize("command", ["detect", "explain"])
def test_secrets_never_appear(command: str, fmt: str, world: World, tmp_path: Path) -> None:
    hf_home = tmp_path / "hf"
    hf_home.mkdir()
    (hf_home / "token").write_text("hf_SavedTokenFromLogin0123456789")
    world.set_env(**SECRETS, HF_HOME=str(hf_home))
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="raise")  # evidence in the output
    result = run_hwdoctor(command, "--format", fmt, env=world.env(base_env()))
    output = result.stdout + result.stderr
    for leaked in ("hf_secret123", "pw@", "k3y-v4lue-xyz", "s3cret-pass", "SavedTokenFromLogin"):
        assert leaked not in output, leaked
    if fmt != "human":
        assert "***" in output  # the variables are listed, masked


def test_markdown_hides_gpu_uuids_and_the_hostname(world: World, tmp_path: Path) -> None:
    uuid = "GPU-12345678-1234-1234-1234-123456789abc"
    world.patch_cuda(devices=(FakeDevice("NVIDIA H100", capability=(9, 0), uuid=uuid),))
    hostname = os.uname().nodename
    evidence = str(tmp_path / "e.json")
    shared = run_hwdoctor("detect", "--format", "markdown", "--save-evidence", evidence,
                          env=world.env(base_env())).stdout  # fmt: skip
    assert uuid not in shared and "<uuid>" in shared
    assert f"host `{hostname}`" not in shared and "host `<hostname>`" in shared
    kept = run_hwdoctor("detect", "--format", "markdown", "--no-redact", "--from", evidence)
    assert uuid in kept.stdout and f"host `{hostname}`" in kept.stdout


# --- CI integration --------------------------------------------------------------------------


def test_github_actions_annotations_and_step_summary(tmp_path: Path, here: str) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("earlier steps\n")
    env = {**base_env(), "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    result = run_hwdoctor(
        "detect", "--from", here, "--require", "cuda", "--require", "cpu", "--json", env=env
    )
    assert result.returncode == 1
    json.loads(result.stdout)  # stdout is still only the result
    errors = [line for line in result.stderr.splitlines() if line.startswith("::error")]
    assert errors == [errors[0]] and "requirement cuda not met" in errors[0]
    text = summary.read_text()
    assert text.startswith("earlier steps\n## hwdoctor detect")
    assert "❌ `cuda`" in text and "✅ `cpu`" in text


# --- the Python API --------------------------------------------------------------------------


def test_python_api_returns_the_reports() -> None:
    report = hwdoctor.detect(require=["cpu"])
    assert report.backend("cpu").available
    assert report.requirements[0].met and report.exit_code == 0
    explained = hwdoctor.explain()
    assert explained.training.device == "cpu"
    assert explained.inference.device_map_auto.devices == ("cpu",)
    assert "torch" not in sys.modules  # the probe imported it, not this process


def test_python_api_on_another_interpreter(tmp_path: Path) -> None:
    report = hwdoctor.detect(str(make_bare_venv(tmp_path / "bare")))
    assert report.torch.version is None
    assert any(f.code == "torch.missing" for f in report.findings)
    by_directory = hwdoctor.detect(python=str(tmp_path / "bare"))  # a venv, as --python takes
    assert by_directory.python.executable == report.python.executable


# --- completions -----------------------------------------------------------------------------


def test_completion_scripts_match_the_app(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "completions" / "generate.py"), str(tmp_path)],
        check=True, capture_output=True, env=base_env(), timeout=120,
    )  # fmt: skip
    for generated in tmp_path.iterdir():
        committed = ROOT / "completions" / generated.name
        assert committed.read_text() == generated.read_text(), (
            f"{committed} is stale: run `make completions`"
        )


def test_bash_completion_script_loads() -> None:
    script = ROOT / "completions" / "hwdoctor.bash"
    completed = subprocess.run(
        ["bash", "-c", f"source {script} && complete -p hwdoctor"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    assert "_hwdoctor_completion" in completed.stdout


@pytest.mark.parametrize(("shell", "name"), [("zsh", "hwdoctor.zsh"), ("fish", "hwdoctor.fish")])
def test_other_shells_accept_their_scripts(shell: str, name: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed (.ci/run installs it)")
    completed = subprocess.run(
        [shell, "-n", str(ROOT / "completions" / name)], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("hwdoctor ", {"list", "detect", "explain", "load"}),
        ("hwdoctor explain n", {"neuron", "npu", "nvidia"}),  # nvidia: a word for cuda
        ("hwdoctor load --device b", {"balanced", "balanced_low_0"}),
        ("hwdoctor detect --re", {"--require", "--repo"}),
    ],
)
def test_completion_offers_commands_options_and_devices(words: str, expected: set[str]) -> None:
    env = {**base_env(), "_HWDOCTOR_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split(" ")) - 1)}  # fmt: skip
    completed = subprocess.run(
        [sys.executable, "-m", "hwdoctor"], capture_output=True, text=True, env=env, check=False
    )
    assert set(completed.stdout.split()) == expected


def test_completion_imports_nothing_heavy() -> None:
    code = (
        "import os, sys\n"
        "os.environ.update(_HWDOCTOR_COMPLETE='complete_bash', COMP_WORDS='hwdoctor explain ',"
        " COMP_CWORD='2')\n"
        "from hwdoctor.cli import main\n"
        "try:\n    main([])\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('HEAVY=' + ','.join(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('torch', 'transformers', 'accelerate'))))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=base_env(), check=False
    )
    assert completed.stderr.rsplit("HEAVY=", 1)[1] == ""
    assert "cuda" in completed.stdout.split()


def test_stdout_carries_only_the_result() -> None:
    result = run_hwdoctor("detect", "--json")
    assert result.stderr == ""
    assert backend(result.json(), "cpu")["status"] == "ok"
    result = run_hwdoctor("explain", "--json")
    assert result.stderr == ""
