"""issue 38: transformers' modules that other libraries import, by the first release that has
them, as data.

A library that imports `transformers.integrations.deepspeed` (optimum-habana, trl, peft) or
`transformers.cache_utils` (model code, ipex-llm) fails with Python's "No module named …"
under a transformers older than the module. The releases are read from the wheels on PyPI
(`unzip -l` of each, 2026-12-05): transformers 4.32.1's has `transformers/integrations.py`, a
module (so Python adds "'transformers.integrations' is not a package"), 4.33.0's the package
`transformers/integrations/` with `deepspeed.py`; 4.35.2's has no `transformers/cache_utils.py`,
4.36.0's has it (intel/ipex-llm#10835: "No module named 'transformers.cache_utils' with
transformers < 4.36").
"""

from __future__ import annotations

from typing import Final

from hwdoctor import versions

# module -> the first transformers release that has it
FIRST_RELEASE: Final = {
    "transformers.integrations.deepspeed": "4.33.0",
    "transformers.cache_utils": "4.36.0",
}


def too_old(module: str, installed: str | None) -> str | None:
    """The first release with `module` when the installed transformers (if shown) is older
    than it; None for a module outside the table or a release that has it."""
    return _first_newer(FIRST_RELEASE.get(module), installed)


def _first_newer(first: str | None, installed: str | None) -> str | None:
    """`first` (a table's release) when the installed release, if shown, is older than it or
    unreadable; None when the table has no row or the installed release has it."""
    if first is None:
        return None
    if installed is None:
        return first
    shown, needed = versions.parse(installed), versions.parse(first)
    if shown is None or needed is None:
        return first
    return first if shown < needed else None


# issue 38: a model type (config.json's "model_type") -> the first transformers release whose
# AutoConfig knows it. An older release raises KeyError on CONFIG_MAPPING and then "The
# checkpoint you are trying to load has model type `X` but Transformers does not recognize
# this architecture" (transformers/models/auto/configuration_auto.py AutoConfig.from_pretrained).
# Each release is the one the model's own card or repository names: Qwen1.5/Qwen2's cards
# ("install `transformers>=4.37.0`, or you might encounter the following error: KeyError:
# 'qwen2'", huggingface.co/Qwen/Qwen1.5-7B README); Qwen3's and Qwen3-MoE's cards ("With
# `transformers<4.51.0`, you will encounter the following error: KeyError: 'qwen3'",
# huggingface.co/Qwen/Qwen3-8B, Qwen/Qwen3-30B-A3B); QwenLM/Qwen3-VL's README ("The Qwen3-VL
# model requires transformers >= 4.57.0"). Checked against the wheels themselves (pip download,
# 2026-12-06; CONFIG_MAPPING_NAMES in models/auto/configuration_auto.py): 4.36.2 has no qwen2,
# 4.37.0 has it; 4.50.3 has no qwen3 or qwen3_moe, 4.51.0 has both; 4.56.2 has no qwen3_vl or
# qwen3_vl_moe, 4.57.0 has both.
MODEL_TYPE_FIRST: Final = {
    "qwen2": "4.37.0",
    "qwen3": "4.51.0",
    "qwen3_moe": "4.51.0",
    "qwen3_vl": "4.57.0",
    "qwen3_vl_moe": "4.57.0",
}


def model_type_too_old(model_type: str, installed: str | None) -> str | None:
    """The first release that knows `model_type` when the installed transformers (if shown)
    is older than it; None for a model type outside the table or a release that knows it."""
    return _first_newer(MODEL_TYPE_FIRST.get(model_type), installed)


# issue 38: SentenceTransformer's keyword arguments -> the first sentence-transformers release
# whose SentenceTransformer.__init__ takes it. A library (an embedding server, LangChain) that
# passes one to an older release fails with Python's "SentenceTransformer.__init__() got an
# unexpected keyword argument 'X'". Read from the wheels on PyPI (`pip download`, the
# signature of sentence_transformers/SentenceTransformer.py, 2026-12-06): 2.2.2 takes
# model_name_or_path, modules, device, cache_folder, use_auth_token; 2.3.0 adds
# trust_remote_code, revision, token; 2.6.1 has no truncate_dim, 2.7.0 has it; 2.7.0 has no
# model_kwargs, 3.0.0 adds model_kwargs, tokenizer_kwargs, config_kwargs, local_files_only.
SENTENCE_TRANSFORMER_ARGUMENT_FIRST: Final = {
    "trust_remote_code": "2.3.0",
    "revision": "2.3.0",
    "token": "2.3.0",
    "truncate_dim": "2.7.0",
    "model_kwargs": "3.0.0",
    "tokenizer_kwargs": "3.0.0",
    "config_kwargs": "3.0.0",
    "local_files_only": "3.0.0",
}


def sentence_transformers_too_old(argument: str, installed: str | None) -> str | None:
    """The first sentence-transformers release whose SentenceTransformer takes `argument`
    when the installed release (if shown) is older than it; None otherwise."""
    return _first_newer(SENTENCE_TRANSFORMER_ARGUMENT_FIRST.get(argument), installed)
