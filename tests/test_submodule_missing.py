"""'No module named A.B' with A installed: which release, which build (issue 38; s14-submodule).

Python imports a module's parents first (CPython Lib/importlib/_bootstrap.py
`_find_and_load_unlocked`), so "No module named 'numpy._core.numeric'" says numpy imported and
lacks the module. Real pastes from tests/data/reports/errors/ (sources in that directory's
README), one test per form:

- a package's compiled part missing (compat/submodules.py COMPILED, from each setup.py):
  mmcv's mmcv._ext, flash-attn's flash_attn_2_cuda — extension.import_failed, not_built;
- the package imported from a directory outside site-packages (a checkout, an editable
  install) that lacks the module — python.shadowed_module, pasted;
- a module one release added or removed (compat/submodules.py MOVED: torch._six, numpy._core,
  diffusers' models/unet_2d_condition, flash_attn.flash_attention) — python.release_lacks_name,
  "newer" or "older", with an install line only where it is not torch's (the wheel chooser's);
- the program's own package ("models.yolo" from a pickle) stays quiet.
"""

from __future__ import annotations

from typing import Any

import pytest

from hwdoctor.compat import submodules
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

# file: (the message's first words, the line of Python's words the finding rests on)
NOT_BUILT = {
    "airnet5-pip-mmcv-not-full-no-module-mmcv-ext.md": ("mmcv is installed without", 4),
    "tpvformer48-zh-mim-mmcv-1.4.0-no-module-mmcv-ext.md": ("mmcv is installed without", 1),
    "mmcv2059-macos-mmcv-full-1.7.0-no-module-mmcv-ext.md": ("mmcv is installed without", 9),
    "fa614-jetson-orin-site-packages-flash-attn-2-cuda-missing.md": (
        "flash_attn_2_cuda, the compiled part flash-attn builds",
        12,
    ),
    "llm2vec30-transformers-mistral-no-module-flash-attn-2-cuda.md": (
        "flash_attn_2_cuda, the compiled part flash-attn builds",
        1,
    ),
    "agibot109-go1-conda-no-module-flash-attn-2-cuda.md": (
        "flash_attn_2_cuda, the compiled part flash-attn builds",
        1,
    ),
}
SHADOWED = {
    "fa933-flash-attn-checkout-on-path-no-module-flash-attn-2-cuda.md": (
        "flash_attn is imported from /home/xxx/githubRepo/flash-attention/flash_attn",
        8,
    ),
    "mmcv73-clone-pip-install-mmcv-0.2.8-import-from-checkout-no-module-mmcv-ext.md": (
        "mmcv is imported from /home/xgf/mmcv/mmcv",
        13,
    ),
    "mmcv2929-editable-mmcv-1.4.0-checkout-no-module-mmcv-ext.md": (
        "mmcv is imported from /mmcv/mmcv",
        17,
    ),
    "mmcv3319-editable-mmcv-2.2.0-torch2.9.1-checkout-no-module-mmcv-ext.md": (
        "mmcv is imported from /home/mmcv/mmcv",
        1,
    ),
}
# file: (variant, first words, the line of Python's words, the install line's words or None)
RELEASE = {
    "pt102410-collect-env-torch-2.0.1-no-module-torch-six.md": (
        "older",
        "torch 2.0.1+cu118 has no torch._six",
        14,
        None,
    ),
    "internlm109-zh-torch-2.0.0-pip-list-no-module-torch-six.md": (
        "older",
        "torch 2.0.0 has no torch._six",
        1,
        None,
    ),
    "slak18-timm-training-no-module-torch-six.md": ("older", "torch has no torch._six", 6, None),
    "numpy28340-pickle-from-numpy-2-under-1.26.4-numpy-core-numeric.md": (
        "newer",
        "numpy has no numpy._core.numeric",
        27,
        "numpy>=2.0.0",
    ),
    "deforum68-colab-dist-packages-no-module-diffusers-models-unet-2d-condition.md": (
        "older",
        "diffusers has no diffusers.models.unet_2d_condition",
        1,
        "diffusers<0.29.0",
    ),
    "sdonnx55-windows-no-module-diffusers-models-unet-2d-condition.md": (
        "older",
        "diffusers has no diffusers.models.unet_2d_condition",
        1,
        "diffusers<0.29.0",
    ),
    "layerdiffuse86-comfyui-windows-no-module-diffusers-models-unet-2d-blocks.md": (
        "older",
        "diffusers has no diffusers.models.unet_2d_blocks",
        1,
        "diffusers<0.29.0",
    ),
    "runpod3-windows-pip-list-torchvision-0.17.1-no-module-functional-tensor.md": (
        "older",
        "torchvision 0.17.1 has no torchvision.transforms.functional_tensor",
        1,
        None,  # torchvision's release follows torch's: no line that would move torch
    ),
    "invokeai5108-linux-amd-torchvision-0.17-no-module-functional-tensor.md": (
        "older",
        "torchvision 0.17 has no torchvision.transforms.functional_tensor",
        1,
        None,
    ),
    # the other way: a torchvision older than the module (0.5.0 added it), on a Mac: the
    # release built for the torch shown (the compat tables), no CUDA index
    "basicsr533-mac-m1-torchvision-0.2.2-no-module-functional-tensor.md": (
        "newer",
        "torchvision 0.2.2 has no torchvision.transforms.functional_tensor",
        3,
        "torchvision==0.11.*",
    ),
    "fa923-title-flash-attn-flash-attention-module-gone-in-2x.md": (
        "older",
        "flash-attn has no flash_attn.flash_attention",
        1,
        "flash-attn<2.0.0",
    ),
}
QUIET = (
    "yolov5-61-torch-load-pickle-no-module-models-yolo-own-code.md",
    "yolov5-68-windows-torch-load-no-module-models-yolo-own-code.md",
    "decord255-pip-broken-after-decord-0.6.0-update.md",
)
FAMILY = ("extension.import_failed", "python.shadowed_module", "python.release_lacks_name")


def _one(data: dict[str, Any], code: str) -> dict[str, Any]:
    found = [f for f in data["findings"] if f["code"] == code]
    assert len(found) == 1, data["findings"]
    no_cuda = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in found)
    assert not [s for s in CUDA_OR_ROCM if s in no_cuda]
    return found[0]


@pytest.mark.parametrize("name", sorted(NOT_BUILT), ids=lambda n: n.split("-", 1)[0])
def test_a_compiled_part_missing_is_an_install_without_its_build(name: str) -> None:
    words, line = NOT_BUILT[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error: the install is wrong
    found = _one(data, "extension.import_failed")
    assert found["severity"] == "error"
    assert found["message"].startswith(words), found["message"]
    assert "compiled part" in found["message"]
    assert found["remedy"] is None  # the package's own way to a build: advice, not a guess
    assert found["advice"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert not data["unread"]


@pytest.mark.parametrize("name", sorted(SHADOWED), ids=lambda n: n.split("-", 1)[0])
def test_a_package_imported_from_a_checkout_is_named_with_its_directory(name: str) -> None:
    words, line = SHADOWED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: where the program runs from, not what is installed
    found = _one(data, "python.shadowed_module")
    assert found["message"].startswith(words), found["message"]
    assert "site-packages" in found["message"]
    assert "another directory" in found["advice"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert "extension.import_failed" not in [f["code"] for f in data["findings"]]
    assert not data["unread"]


@pytest.mark.parametrize("name", sorted(RELEASE), ids=lambda n: n.split("-", 1)[0])
def test_a_module_of_another_release_names_the_releases_that_have_it(name: str) -> None:
    variant, words, line, install = RELEASE[name]
    _, data = detect(ERRORS / name)
    found = _one(data, "python.release_lacks_name")
    assert found["severity"] == "warning"  # which release the code was written for is its own
    assert found["message"].startswith(words), found["message"]
    said = "removed it" if variant == "older" else "and later"
    assert said in found["message"]
    if install is None:
        assert found["remedy"] is None  # torch's releases are the wheel chooser's
    else:
        assert install in (found["remedy"] or ""), found["remedy"]
    assert line in [q["line"] for q in found["rests_on"]]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_the_programs_own_package_and_a_broken_pip_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not [f for f in data["findings"] if f["code"] in FAMILY]


def test_the_tables_read_releases_as_their_sources_say() -> None:
    """compat/submodules.py: a module added in a release is lacked below it, a removed one
    from it on; a release not shown is not guessed."""
    typing_row = submodules.MOVED["numpy._typing"]
    assert submodules.lacking(typing_row, "1.22.4") == "newer"
    assert submodules.lacking(typing_row, "1.23.0") == ""
    six = submodules.MOVED["torch._six"]
    assert submodules.lacking(six, "1.13.1") == ""
    assert submodules.lacking(six, "2.0.0") == "older"
    assert submodules.lacking(six, None) == "unknown"
    tensor = submodules.MOVED["torchvision.transforms.functional_tensor"]
    assert submodules.lacking(tensor, "0.4.2") == "newer"
    assert submodules.lacking(tensor, "0.16.2") == ""
    assert submodules.lacking(tensor, "0.17.1") == "older"
    assert submodules.moved("numpy._core.numeric") == (
        "numpy._core",
        submodules.MOVED["numpy._core"],
    )
    built = submodules.compiled("mmcv._ext")
    assert built is not None
    assert built.listed() == ("mmcv-full", "mmcv", "mmcv-lite")
    assert submodules.compiled("mmcv.ops") is None
