"""issue 38 (s17-names): a name or module one release of a Hugging Face library added or removed.

`tools/exported_names.py` reads, from the wheel of every release on PyPI of huggingface_hub,
transformers, diffusers, peft, accelerate, trl, sentence-transformers and vllm, the top-level
names each exports and the modules it ships, into hwdoctor/compat/exported_names_table.txt.
"ImportError: cannot import name 'X' from 'P'" and "No module named 'P.a.b'" are then
python.release_lacks_name with the release that added X (install it or newer) or removed it
(the importing package, the traceback's frame above the error, was written for an older P),
without the installed version shown; where the paste shows it, a release that has X is
another cause and stays quiet. Real pastes from tests/data/reports/errors/ (sources in that
directory's README).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

from hwdoctor.compat import exported_names
from tests.conftest import ROOT
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "python.release_lacks_name"
# file: (the message's first words, the release and its words, the importer's words, the line
# of Python's words the finding rests on, the install line's requirement)
NAMED = {
    # huggingface_hub 0.26.0 removed cached_download (its release notes, v0.26.0)
    "hunyuan3d59-dist-packages-hub-cached-download.md": (
        "huggingface-hub has no cached_download",
        "huggingface-hub 0.26.0 removed it",
        "the code importing it was written for an older huggingface-hub",
        3,
        "huggingface-hub<0.26.0",
    ),
    # accelerate's accelerator.py imports it; huggingface_hub 0.20.3 is older than 0.21.0
    "speechtokenizer12-hub-0.20.3-accelerate-split-torch-state-dict.md": (
        "huggingface-hub has no split_torch_state_dict_into_shards",
        "huggingface-hub 0.21.0 added it",
        "accelerate is written for huggingface-hub 0.21.0 or newer",
        1,
        "huggingface-hub>=0.21.0",
    ),
    "qwen2vl83-zh-transformers-4.44.2-qwen2vl-not-yet.md": (
        "transformers has no Qwen2VLForConditionalGeneration",
        "transformers 4.45.0 added it (its wheels on PyPI: 4.44.2 has none)",
        "the code importing it is written for transformers 4.45.0 or newer",
        11,
        "transformers>=4.45.0",
    ),
    # pip show's 4.48.2 checked against the range
    "qwen25vl723-zh-pip-show-transformers-4.48.2.md": (
        "transformers 4.48.2 has no Qwen2_5_VLForConditionalGeneration",
        "transformers 4.49.0 added it",
        "the code importing it",
        4,
        "transformers>=4.49.0",
    ),
    # peft 0.10.0 removed it (BenjaminBossan, huggingface/peft#1583); llama_recipes imports it
    "llamacookbook435-zh-peft-0.10.0-llama-recipes-int8-training.md": (
        "peft 0.10.0 has no prepare_model_for_int8_training",
        "peft 0.10.0 removed it",
        "llama-recipes was written for an older peft",
        25,
        "peft<0.10.0",
    ),
    "trl1639-windows-trl-0.8.6-sftconfig-not-yet.md": (
        "trl has no SFTConfig",
        "trl 0.9.2 added it",
        "the code importing it is written for trl 0.9.2 or newer",
        1,
        "trl>=0.9.2",
    ),
    # modules: vllm 0.4.0 removed model_executor/input_metadata.py (sgl-project/sglang#350)
    "zhinao3-vllm-model-executor-input-metadata-module-gone.md": (
        "vllm 4.0 has no vllm.model_executor.input_metadata",
        "vllm 0.4.0 removed it",
        "the code importing it was written for an older vllm",
        5,
        "vllm<0.4.0",
    ),
    # diffusers 0.20.0 removed models/cross_attention.py (deprecated for attention_processor)
    "customdiffusion77-diffusers-0.21.4-cross-attention-module-gone.md": (
        "diffusers has no diffusers.models.cross_attention",
        "diffusers 0.20.0 removed it",
        "the code importing it was written for an older diffusers",
        1,
        "diffusers<0.20.0",
    ),
    # s19-placeholder: transformers read from 2.0.0, its first wheel: names 2.x removed
    # (lixin4ever/BERT-E2E-ABSA#19: the maintainer, "no WarmupLinearSchedule in the most recent
    # version"; huggingface/transformers#5842, the follow-up #5848: renamed …_ARCHIVE_LIST)
    "e2eabsa19-transformers-warmuplinearschedule-removed-2.2.0.md": (
        "transformers has no WarmupLinearSchedule",
        "transformers 2.2.0 removed it (its wheels on PyPI: 2.0.0 to 2.1.1 have it)",
        "the code importing it was written for an older transformers",
        9,
        "transformers<2.2.0",
    ),
    "hf5842-transformers-3.0.2-bert-pretrained-model-archive-map.md": (
        "transformers has no BERT_PRETRAINED_MODEL_ARCHIVE_MAP",
        "transformers 2.11.0 removed it (its wheels on PyPI: 2.0.0 to 2.10.0 have it)",
        "the code importing it was written for an older transformers",
        1,
        "transformers<2.11.0",
    ),
}
QUIET = (
    # transformers 4.32.1 shown, and its wheel has AutoModelForCausalLM: another cause
    "baichuan2-74-transformers-4.32.1-automodelforcausallm-present.md",
    # a name added before transformers 4.0.0 (AutoModelForCausalLM, 3.0.0), no version shown:
    # told only against a version shown (compat/exported_names.py ADDED_TOLD_AFTER)
    "baichuan13b20-windows-conda-automodelforcausallm-every-release.md",
    # s19-placeholder: a name every release from 2.0.0 has (AutoTokenizer), 4.6.1 shown
    "hf12046-transformers-4.6.1-autotokenizer-shadowed-by-tokenizers-py.md",
    # circular imports: Python's "partially initialized module", a file named as the package
    "bark544-transformers-circular-import-autoprocessor.md",
    "localai1336-transformers-py-shadows-circular-import.md",
    "rediffusion3-diffusers-circular-import-transformer2dmodel.md",
    # vLLM from a checkout: vllm.commit_id is written by a build (version.py's "Failed to read
    # commit hash" warning), not a module a release dropped (compat/exported_names.py BUILT)
    "vllm8863-windows-torch2.4.0cpu-failed-to-infer-device-type.md",
)


def _one(data: dict[str, Any]) -> dict[str, Any]:
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert len(found) == 1, data["findings"]
    return found[0]


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_name_of_another_release_names_the_release_that_added_or_removed_it(
    name: str,
) -> None:
    first, release, importer, line, install = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: which release the code was written for is its own
    found = _one(data)
    assert found["severity"] == "warning"
    assert found["message"].startswith(first), found["message"]
    assert release in found["message"], found["message"]
    assert importer in found["message"], found["message"]
    # issue 38 (s19-windows): a paste that shows Windows gets Windows' double quotes
    quoted = f'"{install}"' if "windows" in name else f"'{install}'"
    assert quoted in (found["remedy"] or ""), found["remedy"]
    assert line in [q["line"] for q in found["rests_on"]]
    assert "variant" not in found


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_a_name_the_release_shown_has_and_a_circular_import_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE not in [f["code"] for f in data["findings"]]


def _tool() -> ModuleType:
    """tools/exported_names.py, imported from its file (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location(
        "exported_names_tool", ROOT / "tools" / "exported_names.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_table_is_what_the_tool_writes() -> None:
    """The tool talks to PyPI, so the test does not run it: the table must be what it writes
    from the table's own rows (a hand edit, or a row out of order, fails here)."""
    tool = _tool()
    text = exported_names.NAMES_FILE.read_text(encoding="utf-8")
    read = exported_names.table("peft")
    assert read is not None
    assert tool.render(tool.sections_read(), read.read) == text
    for top, dist in exported_names.PACKAGES.items():
        found = exported_names.table(dist)
        assert found is not None and found.releases, dist
        assert top in {p.top for p in tool.PACKAGES}


def test_the_ranges_agree_with_the_libraries_release_notes() -> None:
    """Each range against what the library itself says: huggingface_hub v0.26.0's notes
    remove cached_download; peft 0.10.0 removed prepare_model_for_int8_training
    (huggingface/peft#1583, a maintainer); transformers 4.45.0 and 4.49.0 added Qwen2-VL and
    Qwen2.5-VL (their model cards ask for them); vllm 0.4.0 removed input_metadata."""
    cached = exported_names.name_range("huggingface_hub", "cached_download")
    assert cached is not None and cached.gone == "0.26.0" and cached.last == "0.25.2"
    int8 = exported_names.name_range("peft", "prepare_model_for_int8_training")
    assert int8 is not None and int8.gone == "0.10.0"
    qwen = exported_names.name_range("transformers", "Qwen2VLForConditionalGeneration")
    assert qwen is not None and (qwen.first, qwen.gone, qwen.prior) == ("4.45.0", None, "4.44.2")
    module = exported_names.module_range("vllm.model_executor.input_metadata")
    assert module is not None and module.gone == "0.4.0"
    assert exported_names.side(module, "0.3.3") == ""
    assert exported_names.side(module, "0.4.0.post1") == "older"
    assert exported_names.side(qwen, "4.44.2") == "newer"
    assert exported_names.name_range("torch", "nn") is None  # not a package the table reads
    # s19-placeholder: transformers from its first wheel, 2.0.0: the schedules' classes 2.2.0
    # replaced by functions ("In the latest huggingface transformers 2.2.0,
    # WarmupLinearSchedule no longer exists", microsoft/nlp-recipes#501), the archive
    # maps 2.11.0 renamed …_ARCHIVE_LIST (huggingface/transformers#5848)
    schedule = exported_names.name_range("transformers", "WarmupLinearSchedule")
    assert schedule is not None and (schedule.first, schedule.gone) == ("2.0.0", "2.2.0")
    archive = exported_names.name_range("transformers", "BERT_PRETRAINED_MODEL_ARCHIVE_MAP")
    assert archive is not None and (archive.gone, archive.last) == ("2.11.0", "2.10.0")
    tokenizer = exported_names.name_range("transformers", "AutoTokenizer")
    assert tokenizer is not None and (tokenizer.first, tokenizer.gone) == ("2.0.0", None)
    causal = exported_names.name_range("transformers", "AutoModelForCausalLM")
    assert causal is not None and causal.first == "3.0.0"
    assert not exported_names.added_unshown(causal) and exported_names.side(causal, "2.11.0")


def test_reading_a_paste_does_not_load_the_table() -> None:
    """The table (some 600 KB) is read when a paste names one of its packages, not when
    hwdoctor's modules are imported."""
    code = (
        "import hwdoctor.diagnosis.pasted, hwdoctor.gather.reports.readers.messages\n"
        "from hwdoctor.compat import exported_names\n"
        "assert exported_names.table.cache_info().currsize == 0\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
