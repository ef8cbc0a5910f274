"""The command hwdoctor prints is the one that fixes this machine: pinned to the installed
release, on an index the wheel table lists for it, that carries the GPU's code and that the
driver runs, with the facts it rests on read from the machine (sysfs, /proc, the PCI ID
database), never guessed.

Machines are faked as the other tests fake them: PCI functions under a fake sysfs, a real
recorded /proc/driver/nvidia/version, device nodes; the real probe, torch and chooser run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hwdoctor.compat import pci
from tests.conftest import base_env, run_hwdoctor
from tests.fakeworld import World

REAL = Path(__file__).resolve().parent / "data" / "real" / "nvidia"


def nvidia_host(world: World, device: str, proc: str) -> World:
    """An NVIDIA GPU on the PCI bus (a 3D controller), its device nodes, and the kernel
    module's version line as recorded from a real machine."""
    world.pci("0000:01:00.0", "0x10de", f"0x{device}", "0x030200")
    world.device_node("nvidia0", "nvidiactl")
    driver = world.host / "proc" / "driver" / "nvidia"
    driver.mkdir(parents=True)
    shutil.copy(REAL / proc, driver / "version")
    return world


def test_a_cpu_torch_on_an_l4_with_driver_550_gets_one_pinned_cu12_line(tmp_path: Path) -> None:
    """The most common case: a CPU-only torch where an L4 (10de:27b8, no driver that torch
    could ask) sits beside NVIDIA's 550 kernel module. The PCI ID database names the L4, its
    capability (8.9) picks the builds whose code runs on it, the driver rules out CUDA 13,
    and the installed release stays: cu126, with the reason."""
    world = nvidia_host(World(tmp_path / "world"), "27b8", "proc-version-open-550.54.15.txt")
    data = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()["data"]
    (found,) = [f for f in data["findings"] if f["code"] == "torch.cpu_only_build"]
    command, reason = found["remedy"].splitlines()
    assert command.endswith(
        "-m pip install --force-reinstall torch==2.13.0 "
        "--index-url https://download.pytorch.org/whl/cu126"
    ), found["remedy"]
    assert "carries sm_86, which runs on sm_89" in reason
    assert "driver 550.54.15 runs CUDA 12.6" in reason and "needs a newer driver" in reason
    (signal,) = [s for s in data["host"]["signals"] if s["kind"] == "pci"]
    assert signal["pci_ids"] == ["10de:27b8"] and "(L4)" in signal["detail"]


@pytest.mark.parametrize(
    ("vendor", "device", "expected"),
    [
        # (the database's name, what NVIDIA's and AMD's tables give its product)
        ("10de", "27b8", ("AD104GL [L4]", "8.9")),
        ("10de", "2330", ("GH100 [H100 SXM5 80GB]", "9.0")),
        ("10de", "2b85", ("GB202 [GeForce RTX 5090]", "12.0")),
        ("10de", "1b80", ("GP104 [GeForce GTX 1080]", "6.1")),
        ("1002", "744c", ("Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", "gfx1100")),
        ("1002", "74a1", ("Aqua Vanjaram [Instinct MI300X]", "gfx942")),
    ],
)
def test_a_gpu_known_only_by_its_pci_id_is_named_and_judged(
    vendor: str, device: str, expected: tuple[str, str]
) -> None:
    name, value = expected
    assert pci.name(vendor, device) == name
    judged = pci.capability(device) if vendor == pci.NVIDIA else pci.gfx(device)
    assert judged == value


def test_the_pci_id_database_says_its_version_and_unknown_ids_stay_unknown() -> None:
    assert pci.version() >= "2026.10.24"
    assert pci.name("10de", "ffff") is None and pci.capability("ffff") is None
    assert pci.name("10de", "not an id") is None
    # a product no table knows keeps its capability unknown, never guessed
    assert pci.name("10de", "2324") == "GH100 [H800]" and pci.capability("2324") is None


def test_a_driver_that_cannot_drive_the_gpu_gets_only_the_driver_upgrade(tmp_path: Path) -> None:
    """An RTX 4090 (10de:2684, Ada) beside NVIDIA's 470.86 kernel module (a real recorded
    /proc line): R470 has no Ada support at all (Ada starts at R520), so no torch build runs
    there and none is offered to keep the driver; the one remedy is the driver."""
    world = nvidia_host(World(tmp_path / "world"), "2684", "proc-version-470.86.txt")
    data = run_hwdoctor("detect", "--json", env=world.env(base_env())).json()["data"]
    (dropped,) = [f for f in data["findings"] if f["code"] == "driver.gpu_unsupported"]
    assert dropped["message"] == (
        "NVIDIA driver 470.86 cannot drive the Ada Lovelace GPU (compute capability 8.9): "
        "Ada Lovelace GPUs need branch R520 or newer"
    )
    assert dropped["advice"] == "upgrade the NVIDIA driver to branch R520 or newer"
    (cpu_only,) = [f for f in data["findings"] if f["code"] == "torch.cpu_only_build"]
    assert cpu_only["remedy"] is None  # no torch build runs on this driver: nothing to paste
    remedies = "\n".join(f["remedy"] or "" for f in data["findings"])
    assert "keep this driver" not in remedies and "--index-url" not in remedies


# --- the same facts give the same command, whatever the layout (issue 29, item 3) -----------

REPORTS = Path(__file__).resolve().parent / "data" / "reports" / "issue_body"
DATA_REPORTS = REPORTS.parent
CU126 = "--index-url https://download.pytorch.org/whl/cu126"
CU128 = "--index-url https://download.pytorch.org/whl/cu128"
# The facts of issue 29's item 3, as its reporter wrote them in prose.
IN_PROSE = (
    b"GTX 1080, torch 2.7.0+cu128, Driver 570.133.07, Python 3.11, transformers 4.51.3\n\n"
    b"RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
)
# The same facts in collect_env's layout (torch/utils/collect_env.py, env_info_fmt).
IN_COLLECT_ENV = b"""Collecting environment information...
PyTorch version: 2.7.0+cu128
Is debug build: False
CUDA used to build PyTorch: 12.8
ROCM used to build PyTorch: N/A

OS: Ubuntu 22.04.4 LTS (x86_64)
Python version: 3.11.9 (main, Apr 19 2024, 16:48:06) [GCC 11.2.0] (64-bit runtime)
Is CUDA available: True
CUDA runtime version: No CUDA
GPU models and configuration: GPU 0: NVIDIA GeForce GTX 1080
Nvidia driver version: 570.133.07

Versions of relevant libraries:
[pip3] torch==2.7.0+cu128
[pip3] transformers==4.51.3

RuntimeError: CUDA error: no kernel image is available for execution on the device
"""


def _commands(report: object) -> list[str]:
    findings = getattr(report, "findings")  # noqa: B009 - PasteReport
    return [
        line
        for found in findings
        for line in (found.remedy or "").splitlines()
        if line and not line.startswith("#")
    ]


def test_facts_in_prose_give_the_command_collect_env_gives() -> None:
    """issue 29, item 3: "GTX 1080, torch 2.7.0+cu128, Driver 570.133.07, Python 3.11" in
    a reporter's own words gets the pinned cu126 line its collect_env gets, and hwdoctor
    does not ask for the Python version it was told."""
    import hwdoctor

    prose, layout = hwdoctor.diagnose(IN_PROSE), hwdoctor.diagnose(IN_COLLECT_ENV)
    want = f"python -m pip install --force-reinstall torch==2.7.0 {CU126}"
    assert want in _commands(layout)
    assert _commands(prose) == _commands(layout)
    asked = " ".join(q.unknown for q in prose.questions)
    assert "Python" not in asked, asked
    shown = {(f.what, f.value) for f in prose.facts}
    assert ("NVIDIA driver", "570.133.07") in shown and ("Python", "3.11") in shown


@pytest.mark.parametrize(
    ("body", "command"),
    [
        # digitalsreeni-image-annotator#57: "- Driver: 550.163.01", "- PyTorch: 2.8.0+cu128"
        # in a list, and "PyTorch 2.8" again in the prose (the same version, said shorter).
        (
            "dsannotator57-gtx1050-driver550-torch2.8.0cu128-prose-no-kernel-image.md",
            f"pip install --force-reinstall torch==2.8.0 {CU126}",
        ),
        # exllamav2#786: the template's "### Python version" / "### Pytorch version"
        # headings; torch's own warnings show the driver ran its CUDA 12.8 build.
        (
            "exllamav2-786-gtx1080ti-template-headings-torch2.7.0cu128.md",
            f"python -m pip install --force-reinstall torch==2.7.0 {CU126}",
        ),
    ],
)
def test_real_issue_bodies_in_prose_get_the_pinned_cu126_line(body: str, command: str) -> None:
    import hwdoctor

    report = hwdoctor.diagnose((REPORTS / body).read_bytes())
    arch = [f for f in report.findings if f.code == "device.arch_not_compiled"]
    assert arch and all(command in (f.remedy or "").splitlines() for f in arch), [
        f.remedy for f in arch
    ]


# --- companions move with torch; the line says what it does to torch (issue 29) ----------


def _l4_on_550(torch: str, **packages: str) -> object:
    """The recorded CPU host's evidence with an L4 (8.9) beside NVIDIA's 550 module, the
    installed torch `torch`, and `packages` installed beside it."""
    import dataclasses

    from hwdoctor.model.facts import NvidiaDriver
    from tests.evidence import cpu_host, with_package, with_signal

    evidence = with_signal(cpu_host(), "cuda", "10de:27b8 (L4) at 0000:01:00.0")
    assert evidence.host is not None and evidence.torch is not None
    nvidia = NvidiaDriver(kernel_module="550.127.05", module_loaded=True, capabilities=("8.9",))
    evidence = dataclasses.replace(
        evidence,
        host=dataclasses.replace(evidence.host, nvidia=nvidia),
        torch=dataclasses.replace(evidence.torch, version=torch),
    )
    for name, version in packages.items():
        evidence = with_package(evidence, name, version)
    return evidence


def test_torchvision_and_torchaudio_move_with_torch_on_the_same_index() -> None:
    """The companions installed are pinned to torch's release (their series, from the
    compatibility tables; pip takes the patch whose own `torch==` pin matches) in the same
    command, so they come from the same index."""
    from hwdoctor import diagnosis
    from tests.evidence import one

    evidence = _l4_on_550("2.8.0+cpu", torchvision="0.23.0+cpu", torchaudio="2.8.0+cpu")
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")  # type: ignore[arg-type]
    command, said = (found.remedy or "").splitlines()
    # 2.8's newest CUDA 12 build: driver 550 runs 12.9 by minor-version compatibility
    assert command.endswith(
        "-m pip install --force-reinstall torch==2.8.0 'torchvision==0.23.*' "
        "'torchaudio==2.8.*' --index-url https://download.pytorch.org/whl/cu129"
    ), command
    assert said.startswith("# keeps torch 2.8.0 and changes its build from cpu to cu129: ")


def test_a_companion_the_tables_do_not_name_is_said_not_guessed() -> None:
    """torchaudio 2.11's wheel on the index pins no torch (companions_table.txt's `-`): the
    line reinstalls torch alone, and a caveat says torchaudio must follow from the same
    index, rather than a guessed `torchaudio==2.11.*`."""
    from hwdoctor import diagnosis
    from tests.evidence import one

    evidence = _l4_on_550("2.11.0+cpu", torchaudio="2.11.0+cpu")
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")  # type: ignore[arg-type]
    command, said, caveat = (found.remedy or "").splitlines()
    assert command.endswith(f"install --force-reinstall torch==2.11.0 {CU128}"), command
    assert "torchaudio" not in command
    assert said.startswith("# keeps torch 2.11.0 and changes its build from cpu to cu128")
    assert caveat == (
        "# torchaudio must move with torch: hwdoctor's table does not name the release "
        "built for torch 2.11; install it from the same index after torch"
    )


def test_a_companion_the_index_pins_is_pinned_past_the_readme_table() -> None:
    """issue 38 (s19-companions): torch 2.13 is past torchvision's README table (its last row
    is 0.24 for torch 2.9), and the index's torchvision 0.28.0 pins torch 2.13.0: the line
    moves torchvision with torch, pinned, on the same index."""
    from hwdoctor import diagnosis
    from tests.evidence import one

    evidence = _l4_on_550("2.13.0+cpu", torchvision="0.28.0+cpu")
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")  # type: ignore[arg-type]
    command, said = (found.remedy or "").splitlines()
    assert command.endswith(
        f"install --force-reinstall torch==2.13.0 'torchvision==0.28.*' {CU126}"
    ), command
    assert said.startswith("# keeps torch 2.13.0 and changes its build from cpu to cu126")


def test_an_environment_uv_made_without_pip_gets_uv_pip(tmp_path: Path) -> None:
    """uv makes virtual environments without pip (its pyvenv.cfg says `uv = …`): `python
    -m pip` fails there, so the line is `uv pip install --python PATH`. A real interpreter,
    probed for real."""
    import subprocess
    import sys

    venv = tmp_path / "uv-made"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)  # fmt: skip
    with (venv / "pyvenv.cfg").open("a", encoding="utf-8") as config:
        config.write("uv = 0.9.5\n")
    python = str(venv / "bin" / "python")
    data = run_hwdoctor("detect", "--json", "--python", python, env=base_env()).json()["data"]
    (missing,) = [f for f in data["findings"] if f["code"] == "torch.missing"]
    commands = [line for line in missing["remedy"].splitlines() if not line.startswith("#")]
    assert commands and commands[0].startswith(f"uv pip install --python {python} torch=="), (
        missing["remedy"]
    )


# --- when torch is missing (issue 29, item 6) ----------------------------------------------


def _bare_venv(where: Path) -> str:
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True,
                   timeout=120)  # fmt: skip
    return str(where / "bin" / "python")


def test_an_interpreter_without_torch_gets_whole_commands_and_no_false_notes(
    tmp_path: Path,
) -> None:
    """`detect --python <a Python without torch>`: the advice is a sentence and the remedy
    whole commands (no "or point hwdoctor at …" fragment), the CPU is not "not present",
    and no "extension autoload off" is claimed of a torch that is not there."""
    python = _bare_venv(tmp_path / "plain")
    result = run_hwdoctor("detect", "--python", python, env={**base_env(), "COLUMNS": "200"})
    assert result.returncode == 1, result
    out = result.stdout
    assert "not present: cpu" not in out and "autoload off" not in out, out
    assert "no backend is usable until torch is installed" in out
    data = run_hwdoctor("detect", "--json", "--python", python, env=base_env()).json()["data"]
    (missing,) = [f for f in data["findings"] if f["code"] == "torch.missing"]
    assert missing["advice"].startswith("if you train in another environment, point hwdoctor")
    lines = missing["remedy"].splitlines()
    assert lines[0].startswith(f"{python} -m pip install torch=="), lines
    assert all(line.startswith(("#", python)) for line in lines), lines
    assert data["autoload_disabled"] is False


def test_hwdoctors_own_pipx_environment_is_not_where_torch_goes(tmp_path: Path) -> None:
    """hwdoctor's own pipx environment, diagnosed (--python, or a pipx install with nothing
    else to diagnose), says first to point it at the environment you train in, and gives no
    line installing torch into pipx's venv. pipx's environment is known by the receipt pipx
    writes in it (pipx_metadata.json), wherever PIPX_HOME is: here a folder not named pipx;
    a venv in a folder named pipx/venvs/hwdoctor without it is any venv."""
    python = _bare_venv(tmp_path / "tools-home" / "venvs" / "hwdoctor")
    (Path(python).parent.parent / "pipx_metadata.json").write_text("{}", encoding="utf-8")
    data = run_hwdoctor("detect", "--json", "--python", python, env=base_env()).json()["data"]
    assert data["python"]["tool"] == "pipx"
    (missing,) = [f for f in data["findings"] if f["code"] == "torch.missing"]
    assert missing["advice"].startswith(
        "this is hwdoctor's own pipx environment, not one you train in: point hwdoctor at "
        "the Python you train with"
    ), missing
    assert missing["remedy"] is None
    named = _bare_venv(tmp_path / ".local" / "pipx" / "venvs" / "hwdoctor")
    data = run_hwdoctor("detect", "--json", "--python", named, env=base_env()).json()["data"]
    assert data["python"]["tool"] is None
    (missing,) = [f for f in data["findings"] if f["code"] == "torch.missing"]
    assert missing["remedy"] and missing["remedy"].startswith(f"{named} -m pip install torch")


# --- hints where they were missing (issue 29, item 5) -------------------------------------


def test_explain_rocm_says_amd_gpus_use_the_cuda_device_string() -> None:
    """rocm is a word for AMD's GPUs (a registry alias), whose device string is cuda."""
    result = run_hwdoctor("explain", "rocm", env=base_env())
    assert result.returncode == 0, result
    assert result.stderr == "hwdoctor: rocm → cuda\n"
    assert "cuda is not usable here" in result.stdout


def test_a_mistyped_device_in_require_is_suggested_as_device_does() -> None:
    from hwdoctor import diagnosis
    from hwdoctor.diagnosis import requirements
    from hwdoctor.errors import UsageError
    from tests.evidence import cpu_host

    evidence = cpu_host()
    # a keyboard slip (two letters swapped) is a usage error before anything runs (issue 40);
    # a letter changed may be a package's name, so it is judged as one, with the hint
    with pytest.raises(UsageError, match="did you mean 'neuron'"):
        requirements.parse("nueron")
    for text, said in (
        ("nuuron", "nuuron is not installed (did you mean the device 'neuron'?)"),
        ("cupy", "cupy is not installed"),  # a package that only looks like a device
    ):
        report = diagnosis.detect(evidence, require=(requirements.parse(text),))
        (result,) = report.requirements
        assert not result.met and result.found == said, result


# --- small untruths (issue 29, item 8) -----------------------------------------------------


def test_explain_help_claims_only_what_explain_does() -> None:
    """explain's --from reads what explain reads (an evidence file or a pasted report, a
    paste not with DEVICE), and explain has no --plan."""
    result = run_hwdoctor("explain", "--help", env={**base_env(), "COLUMNS": "200"})
    assert result.returncode == 0, result
    text = " ".join(result.stdout.split())
    assert "--plan" not in text, text
    assert "an evidence file written by --save-evidence, or a pasted report" in text
    assert "With DEVICE, an evidence file only." in text


def test_save_evidence_says_where_it_wrote_on_stderr(tmp_path: Path) -> None:
    saved = tmp_path / "evidence.json"
    result = run_hwdoctor("detect", "--json", "--save-evidence", str(saved), env=base_env())
    assert saved.is_file(), result
    assert f"hwdoctor: evidence written to {saved} (secrets masked)" in result.stderr
    result.json()  # stdout is still the one JSON document


def test_a_reply_lists_each_fact_once_and_quotes_in_a_paragraph_of_its_own() -> None:
    """`[pip3] torch==2.2.2` is a listing and reads as prose too: one fact, in the reply and
    in the JSON. "From the report:" after an advice bullet is its own paragraph."""
    import hwdoctor
    from hwdoctor.render import markdown

    body = DATA_REPORTS / "awkward" / "pt121067-collect-env-email-reply-wrapped-macos-x86.txt"
    report = hwdoctor.diagnose(body.read_bytes())
    torch_facts = [(f.what, f.value) for f in report.facts if f.what == "package torch"]
    assert torch_facts == [("package torch", "2.2.2")]
    # a finding with advice and no command (the driver too old, no build it runs)
    body = DATA_REPORTS / "collect_env" / "lhotse793-torch1.12.1-cu102-driver-too-old-9010.txt"
    reply = markdown.pasted(hwdoctor.diagnose(body.read_bytes())).splitlines()
    quoted = [index for index, line in enumerate(reply) if line == "  From the report:"]
    assert quoted
    for index in quoted:
        assert reply[index - 1] == "" and reply[index - 2].startswith("  - "), reply


def test_detect_all_on_a_narrow_terminal_stacks_each_note_under_its_row() -> None:
    """At 60 columns the note no longer fits beside the row: it goes on a line of its own
    under it, as `list` stacks its columns, instead of one word a line."""
    cpu_evidence = str(DATA_REPORTS.parent / "evidence" / "cpu-host.json")
    result = run_hwdoctor("detect", "--all", "--from", cpu_evidence,
                          env={**base_env(), "COLUMNS": "60"})  # fmt: skip
    lines = result.stdout.splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    assert not [line for line in lines if line.strip() in ("not", "installed", "; no", "hardware")]
    row = next(i for i, line in enumerate(lines) if line.startswith("·  neuron"))
    assert lines[row + 1] == "   not installed; no hardware"
