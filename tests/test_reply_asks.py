"""What a posted reply asks for (issue 42, items 3 and 4): the one or two inputs that would
settle its findings, not the standard list; hwdoctor's install only where nothing else settles
one; the terminal and --json keep every check the paste could not run. Each case is a real
issue body of tests/data/reports/ (sources in its README.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Final

import pytest

from hwdoctor.diagnosis.pasted import SAVE_EVIDENCE
from tests.conftest import ROOT, run_hwdoctor

BODIES: Final = ROOT / "tests" / "data" / "reports" / "issue_body"


def reply(path: Path, option: str = "--paste") -> str:
    return run_hwdoctor("detect", option, str(path), "--format", "markdown").stdout


def data(path: Path) -> dict[str, Any]:
    result = run_hwdoctor("detect", "--paste", str(path), "--json")
    document: dict[str, Any] = json.loads(result.stdout)
    return document["data"]


def asked(markdown: str) -> list[str]:
    """The commands a reply asks the reporter to run."""
    if "#### Could you also paste" not in markdown:
        return []
    section = markdown.split("#### Could you also paste", 1)[1].split("\n\n", 2)[1]
    return [re.findall(r"the output of `+ ?(.*?) ?`+$", line)[0] for line in section.splitlines()]


def test_a_driver_finding_without_the_torch_build_asks_for_collect_env_only() -> None:
    """Fooocus#1313: "found version 11040" and nvidia-smi's header, no torch version. What
    settles the driver finding is the build torch wants; the visibility variables and the
    install of hwdoctor do not, and a reply that asks for them reads as a form."""
    path = BODIES / "fooocus1313-found-11040-rtx3050-nvidia-smi-header-only.md"
    report = data(path)
    assert report["post"] is True
    commands = [item["command"] for item in report["not_checked"]]
    assert SAVE_EVIDENCE in commands and len(commands) == 4  # --json keeps the full list
    markdown = reply(path)
    assert asked(markdown) == ["python -m torch.utils.collect_env"]
    assert "pip install git+" not in markdown
    assert "3 more inputs would let hwdoctor run checks" in markdown
    terminal = run_hwdoctor("detect", "--paste", str(path)).stdout
    assert "pip install git+" in terminal  # the person who ran it sees every question


def test_a_finding_the_paste_settles_asks_for_nothing() -> None:
    """pytorch#43058: collect_env and nvidia-smi show the driver (418.67) and the wheel's CUDA
    (10.2): the reply asks for no more."""
    path = BODIES / "pt43058-collect-env-plus-nvidia-smi-v100.md"
    assert data(path)["post"] is True
    markdown = reply(path)
    assert asked(markdown) == []
    assert "pip install git+" not in markdown


def test_a_kernel_finding_without_the_wheels_list_asks_for_it() -> None:
    """TheRock#1184: rocminfo's gfx1103 and a ROCm SDK's targets, no torch build: the reply
    asks for torch's build and its compiled list, which settle a gfx finding."""
    path = BODIES / "therock1184-gfx1103-780m-rocm-sdk-targets-rocminfo.md"
    assert asked(reply(path)) == [
        "python -m torch.utils.collect_env",
        'python -c "import torch; print(torch.cuda.get_arch_list())"',
    ]


@pytest.mark.parametrize("path", sorted(BODIES.glob("*.md")), ids=lambda p: p.name[:30])
def test_a_posted_reply_asks_at_most_two_things_of_those_not_checked(path: Path) -> None:
    report = data(path)
    markdown = reply(path)
    commands = [item["command"] for item in report["not_checked"]]
    if not report["post"]:
        assert asked(markdown) == commands  # a reply nobody posts keeps the list
        return
    shown = asked(markdown)
    assert len(shown) <= 2 and set(shown) <= set(commands), shown
    assert shown == [c for c in commands if c in shown]  # in the order the JSON lists them


@pytest.mark.parametrize("option", ["--paste", "--from"])
def test_the_footer_names_what_was_run(option: str) -> None:
    """The reply bot runs `detect --paste`; its replies said `detect --from` (issue 42)."""
    markdown = reply(BODIES / "pt43058-collect-env-plus-nvidia-smi-v100.md", option)
    assert markdown.rstrip().endswith(f"· `hwdoctor detect {option}`</sub>")
    other = "--from" if option == "--paste" else "--paste"
    assert f"detect {other}" not in markdown


def test_error_lines_with_no_finding_are_not_said_to_be_unexplained_by_one_above() -> None:
    """Lightning#14634: the MisconfigurationException no finding explains, and no finding at
    all; the reply said "no finding above accounts for them" over nothing (issue 42)."""
    path = BODIES / "lightning14634-m1-pro-processor-i386-mpsaccelerator-unavailable.md"
    assert data(path)["findings"] == []
    markdown = reply(path)
    assert "#### Findings" not in markdown
    assert "hwdoctor has no finding that accounts for them:" in markdown
    assert "finding above" not in markdown
    with_one = reply(
        BODIES.parent / "errors" / "ichigo101-sparsempss-empty-memory-format-only-available-for.md"
    )
    assert "finding above" not in with_one or "#### Findings" in with_one


# --- what the reply bot's replies did not read (issue 42, item 4) ---------------------------


def test_versions_in_prose_with_spaces_around_the_sign_are_read() -> None:
    """huggingface/peft#1522: "peft == 0.9.0" and "transformers  == 4.30.2" (two spaces)."""
    facts = read(BODIES / "peft1522-peft-spaced-equals-0.9.0-transformers-4.30.2.md")
    assert facts["peft"] == ["0.9.0", "0.3.0"]
    assert facts["transformers"] == ["4.30.2"]
    assert facts["torch"] == ["2.1.0+cu118"]


def test_transformer_in_the_singular_and_python_named_twice_are_read() -> None:
    """huggingface/transformers#36571: "transformer Version : 4.49.0", "python version:
    python3.10": both read (before, no report was found in the body), and Python is not
    asked for."""
    path = BODIES / "tf36571-transformer-singular-4.49.0-python-python3.10-prose.md"
    facts = read(path)
    assert facts["transformers"] == ["4.49.0"]
    assert facts["python"] == ["3.10"]
    report = data(path)
    assert not any("Python version" in q["unknown"] for q in report["not_checked"])


def test_a_tool_line_whose_value_names_python_again_is_read() -> None:
    """ "Python version: Python 3.6.9": python_release reads the release after the name."""
    from hwdoctor.model.pasted import python_release

    assert python_release("Python 3.6.9") == "3.6.9"
    assert python_release("python3.10") == "3.10"
    assert python_release("3.11.4 (main, Jun  7 2023)") == "3.11.4"
    assert python_release("Pythonic 3.6") is None


def read(path: Path) -> dict[str, list[str]]:
    """The versions the paste states, by package ("python" for Python's)."""
    from hwdoctor.gather import reports
    from hwdoctor.model.pasted import FactKey

    found: dict[str, list[str]] = {}
    for fact in reports.read(path.read_bytes(), path.name).facts:
        if fact.key is FactKey.PROSE_PACKAGE and fact.name:
            said = found.setdefault(fact.name, [])
        elif fact.key in (FactKey.PROSE_PYTHON, FactKey.PYTHON_VERSION):
            said = found.setdefault("python", [])
        else:
            continue
        if fact.value not in said:
            said.append(fact.value)
    return found


ACCELERATE_ENV: Final = ROOT / "tests" / "data" / "reports" / "accelerate_env"


def test_a_gpu_ids_that_names_no_gpu_gets_a_post_on_its_lines() -> None:
    """accelerate#1260: `gpu_ids: [3,4,5]` under `distributed_type: NO`, torch sees CUDA.
    `accelerate launch` exports it as CUDA_VISIBLE_DEVICES, whose first entry is no index:
    the post names the config's line and torch's, and asks for nothing the config settles."""
    path = ACCELERATE_ENV / "acc1260-0.17.1-no-distributed-gpu-ids-brackets-3-4-5.md"
    report = data(path)
    assert report["post"] is True
    (found,) = report["findings"]
    assert found["code"] == "accelerate.gpu_ids_name_no_gpu"
    assert "CUDA_VISIBLE_DEVICES=[3,4,5]" in found["message"]
    markdown = reply(path)
    assert "17: - gpu_ids: [3,4,5]" in markdown and "8: - PyTorch version (GPU?)" in markdown
    assert "pip install git+" not in markdown


@pytest.mark.parametrize(
    "name",
    [
        "acc1727-0.21.0dev-multi-gpu-gpu-ids-0-3-four-processes-10x-p6000.md",  # 4 ids, 4 ranks
        "acc2818-0.30.1-multi-gpu-gpu-ids-all-two-machines-v100.md",  # "all": nothing exported
        "acc1473-0.20.3-quoted-multi-gpu-gpu-ids-6-7-two-processes-a100.md",  # 2 ids, 2 ranks
    ],
)
def test_a_gpu_ids_that_lets_gpus_through_is_no_finding(name: str) -> None:
    """A list of indices, or "all", lets GPUs through on any machine that has them: no
    finding of gpu_ids, and no post where nothing else is found (#1473's paste also shows a
    driver too old for its torch in the reporter's prose)."""
    report = data(ACCELERATE_ENV / name)
    codes = [f["code"] for f in report["findings"]]
    assert not [c for c in codes if c.startswith("accelerate.gpu_ids")], codes
    assert report["post"] is (codes == ["driver.too_old"])


# The System Info field of Accelerate's bug-report form as GitHub renders a body from it:
# the field's label as a heading and its `render: Shell` as a shell fence around what the
# reporter typed (huggingface/accelerate .github/ISSUE_TEMPLATE/bug-report.yml @
# 337fe56cf863fb5a170bbd52971c31d24b95e9db: label "System Info", description "You can run
# the command `accelerate env` and copy-paste its outputs below", placeholder "accelerate
# version, OS, python version, numpy version, torch version, and accelerate's
# configuration"). A block so labelled that holds the command's name or the placeholder,
# not its output, is no report: nothing to read, no post (issue 42, item 4).
@pytest.mark.parametrize(
    "typed",
    [
        "accelerate env",
        "accelerate version, OS, python version, numpy version, torch version, and "
        "accelerate's configuration",
    ],
)
def test_a_template_block_labelled_accelerate_env_is_no_report(typed: str, tmp_path: Path) -> None:
    body = tmp_path / "body.md"
    body.write_text(
        "### System Info\n\n```Shell\n" + typed + "\n```\n\n### Information\n\n"
        "- [X] My own modified scripts\n\n### Reproduction\n\n1. run my script\n",
        encoding="utf-8",
    )
    result = run_hwdoctor("detect", "--paste", str(body), "--json")
    assert result.returncode == 2, result  # the workflow posts on a `post: true` only
    assert result.json()["data"] is None and "no report hwdoctor reads" in result.stdout
