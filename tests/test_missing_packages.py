"""Missing and too-old packages, as the libraries say it (issue 38, items 4 and 5; s9-imports).

Real pastes from tests/data/reports/errors/ (sources in that directory's README): Python's
"ModuleNotFoundError: No module named 'peft'" in a traceback and in a title, transformers'
from_pretrained refusing without Accelerate ("requires Accelerate: `pip install
'accelerate>=0.26.0'`", and an Accelerate listed that is older than its floor), transformers'
"requires the protobuf library but it was not found in your environment". Quiet: a submodule
a newer release dropped ("No module named 'flash_attn.flash_attention'"), a name looked up
with getattr by the program's own value, an accelerator extension's own attribute (torch_npu,
paired with torch: another finding), and a release stated in a form no reader takes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

CODE = "python.package_missing"
NAME = "python.release_lacks_name"

# file: (the finding's first words, the line it rests on, words of its install line)
MISSING = {
    "textgen2453-windows-no-module-peft-installed-outside-venv.md": (
        "peft is not installed where the run imports it",
        1,
        "install peft",
    ),
    "chatglm3-1253-web-demo-no-module-peft.md": ("peft is not installed", 1, "install peft"),
    "chatglmft113-title-deepspeed-no-module-peft.md": ("peft is not installed", 1, "install peft"),
    # issue 38 (s19-windows): a paste that shows Windows gets the double quotes both its shells take
    "comfy6685-windows-portable-requires-accelerate-0.26.md": (
        "accelerate is not installed where the run imports it, or is older than 0.26.0",
        6,
        'install "accelerate>=0.26.0"',
    ),
    "miaoshou47-comfy-tagger-requires-accelerate-0.26.md": (  # a path on E:\
        "accelerate is not installed where the run imports it, or is older than 0.26.0",
        1,
        'install "accelerate>=0.26.0"',
    ),
    "qwen173-t4-transformers-4.37-accelerate-0.20.3-requires-accelerate.md": (
        "accelerate 0.20.3 is installed, older than 0.21.0, the release",
        13,
        "install 'accelerate>=0.21.0'",
    ),
    "wanvideo45-clip-encoder-requires-protobuf.md": (
        "protobuf is not installed",
        7,
        "install protobuf",
    ),
    "extramodels74-t5converter-requires-protobuf.md": (
        "protobuf is not installed",
        3,
        "install protobuf",
    ),
}
# fa923 (flash_attn.flash_attention, gone in flash-attn 2.0) is named since s14-submodule:
# python.release_lacks_name, "older" (tests/test_submodule_missing.py)
QUIET = (
    "ance17-transformers-2.3.0-getattr-project-class.md",
    "ascendpt37-910b3-torch-npu-2.1.0-torchair-no-attribute.md",
    "hymba6-transformers-4.48.1-cannot-import-pytorch-utils.md",
)


@pytest.mark.parametrize(
    "name",
    [
        # red team item 2: Accelerate 0.31.0 (transformers env) beside a quoted 'requires
        # Accelerate: `pip install accelerate`' meets the 0.21.0 floor that message checks
        "tf31583-accelerate-0.31.0-meets-floor-quoted-requires-accelerate.md",
        # red team item 3: pip show's "Name: accelerate" / "Version: 0.30.1" after the same
        # message: installed, and at the floor or above
        "omost30-windows-portable-pip-show-accelerate-0.30.1.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_an_accelerate_shown_at_or_above_the_floor_is_neither_missing_nor_older(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]], data["findings"]


@pytest.mark.parametrize("name", sorted(MISSING), ids=lambda n: n.split("-", 1)[0])
def test_a_package_the_run_lacks_is_named_with_its_install(name: str) -> None:
    words, line, install = MISSING[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error: the environment lacks what the run imports
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert install in (found[0]["remedy"] or "")
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]  # the same package said twice rests on one finding


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_module_a_release_dropped_or_a_looked_up_name_is_no_missing_package(name: str) -> None:
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert CODE not in codes and NAME not in codes, codes


def test_a_name_the_installed_release_lacks_is_named_with_that_release(tmp_path: Path) -> None:
    """A library whose version the paste shows (transformers env's line) and Python's
    "cannot import name" of it: a warning naming the release installed, never a guess."""
    paste = tmp_path / "paste.md"
    paste.write_text(
        "- `transformers` version: 4.30.2\n"
        "- Platform: Linux-5.15.0-x86_64-with-glibc2.35\n"
        "- Python version: 3.10.12\n"
        "- PyTorch version (GPU?): 2.0.1+cu117 (True)\n\n"
        "    from transformers import Qwen2ForCausalLM\n"
        "ImportError: cannot import name 'Qwen2ForCausalLM' from 'transformers' "
        "(/usr/lib/python3/site-packages/transformers/__init__.py)\n"
    )
    exit_code, data = detect(paste)
    assert exit_code == 0  # a warning: which release the code needs is the code's to say
    (found,) = [f for f in data["findings"] if f["code"] == NAME]
    # s17-names: transformers' wheels (compat/exported_names_table.txt) name the release
    assert found["message"].startswith("transformers 4.30.2 has no Qwen2ForCausalLM")
    assert "transformers 4.37.0 added it" in found["message"]
    assert [q["line"] for q in found["rests_on"]] == [1, 7]
    # the same line where the paste shows no transformers version: the table's release, the
    # version not guessed (s17-names: before, unread)
    paste.write_text("ImportError: cannot import name 'Qwen2ForCausalLM' from 'transformers'\n")
    _, data = detect(paste)
    (found,) = [f for f in data["findings"] if f["code"] == NAME]
    assert found["message"].startswith("transformers has no Qwen2ForCausalLM")
    assert "'transformers>=4.37.0'" in (found["remedy"] or "")
    assert not data["unread"]


def test_a_name_a_later_release_removed_gets_no_upgrade_command() -> None:
    """red team item 4: transformers 4.26.0 lacks torch_required, which the release after
    4.23 removed (THUDM/GLM#86, fixed by a downgrade): the paste cannot tell the direction,
    so the finding gives no command and names both."""
    _, data = detect(ERRORS / "glm86-transformers-4.26.0-torch-required-removed.md")
    (found,) = [f for f in data["findings"] if f["code"] == NAME]
    assert found["message"].startswith("transformers 4.26.0, the release installed, has no")
    assert found["remedy"] is None
    assert "an older transformers" in found["advice"] and "a newer one" in found["advice"]


def test_another_accelerator_gets_its_own_install_and_no_cuda_kernels(tmp_path: Path) -> None:
    """On a paste that shows an Ascend NPU (torch-npu listed): its extension missing is
    installed from the registry's row, never a CUDA index; flash-attn, whose kernels are
    CUDA's and ROCm's alone, gets no install line at all."""
    paste = tmp_path / "paste.md"
    paste.write_text(
        "torch==2.1.0\ntorch-npu==2.1.0.post3\n\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 3, in <module>\n'
        "    import flash_attn\n"
        "ModuleNotFoundError: No module named 'flash_attn'\n"
    )
    _, data = detect(paste)
    # s16-subject: the import of a library its documentation does not list for the NPU is
    # that library on an unlisted machine (backend.library_unsupported_machine), which says
    # it in place of the missing package's "no build for"; either way no install line
    named = ("backend.library_unsupported_machine", CODE)
    (found,) = [f for f in data["findings"] if f["code"] in named]
    said = "does not list Huawei Ascend NPU" if found["code"] == named[0] else "no build for"
    assert said in found["message"] and found["remedy"] is None
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]
    paste.write_text(
        "npu-smi 23.0.rc3 910B3\ntorch==2.1.0\ntorch-npu==2.1.0.post3\n\n"
        "WARNING: No module named 'xformers'\n"
        "ModuleNotFoundError: No module named 'deepspeed'\n"
    )
    _, data = detect(paste)
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert [f["params"]["package"] for f in found] == ["deepspeed"]  # the warning is quiet
    text = "\n".join((f.get("remedy") or "") for f in data["findings"])
    assert not [s for s in CUDA_OR_ROCM if s in text]


def test_an_optional_module_warned_about_or_the_programs_own_stays_quiet(tmp_path: Path) -> None:
    paste = tmp_path / "paste.md"
    paste.write_text(
        "WARNING:xformers:ModuleNotFoundError: No module named 'triton'\n"
        "ModuleNotFoundError: No module named 'my_utils'\n"
    )
    _, data = detect(paste)
    assert CODE not in [f["code"] for f in data["findings"]]


# red team item 1: a package built for some systems only (compat/imports.py BUILT_FOR) gets no
# install line on another system, nor where the paste shows none: (file, the finding's words)
NO_BUILD = {
    # a Mac (Apple M4 Pro, macOS 26.1): triton's PyPI files are manylinux wheels alone
    "gptqmodel2273-macos-m4-pro-no-module-triton-library-bug.md": (
        "and it has no build for macOS: its releases are built for Linux only"
    ),
    # Apple silicon in the title only: the system is not shown, xformers' builds are named
    "musev77-apple-silicon-no-module-xformers.md": (
        "its releases are built for Linux and Windows only, and the paste does not show"
    ),
}


@pytest.mark.parametrize("name", sorted(NO_BUILD), ids=lambda n: n.split("-", 1)[0])
def test_a_package_without_a_build_for_the_system_gets_no_install_line(name: str) -> None:
    _, data = detect(ERRORS / name)
    (found,) = [f for f in data["findings"] if f["code"] == CODE]
    assert NO_BUILD[name] in found["message"], found["message"]
    assert found["remedy"] is None
    text = "\n".join((f.get("remedy") or "") for f in data["findings"])
    assert "pip install" not in text, text


# issue 38: the paste shows the package installed and the run cannot import it: another
# environment than the one listed (a notebook kernel, IPython beside the python that imports
# it, pip and python of two installs), or a broken install. The threads: pytorch/pytorch
# #172808 (pip and python look at different environments), #909 (python imports torch,
# IPython does not), huggingface/transformers#25556 (the notebook's kernel).
ELSEWHERE = {
    "pt172808-pip-list-torch-2-9-1-cu130-import-no-module.md": ("torch", "2.9.1+cu130", 1),
    "pt909-ipython-no-module-torch-python-imports-0-1-9.md": ("torch", "0.1.9+0720ba5", 34),
    "tf25556-jupyter-pip-freeze-transformers-4-31-no-module.md": ("transformers", "4.31.0", 1),
}


@pytest.mark.parametrize("name", sorted(ELSEWHERE), ids=lambda n: n.split("-", 1)[0])
def test_a_package_shown_installed_that_the_run_cannot_import_is_another_environment(
    name: str,
) -> None:
    package, version, line = ELSEWHERE[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    message = found[0]["message"]
    assert message.startswith(f"{package} is not installed where the run imports it"), message
    assert f"though the paste shows {package} {version}" in message
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # installing it again where it is changes nothing
    assert "sys.executable" in found[0]["advice"]
