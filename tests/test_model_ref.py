"""A model argument is read by one grammar in every command: a local directory or a Hub id,
and the id is what huggingface_hub itself accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hwdoctor.errors import UsageError
from hwdoctor.model_ref import is_repo_id, model_argument
from tests.fastlane import examples


def _hub_accepts(text: str) -> bool:
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    try:
        validate_repo_id(text)
    except HFValidationError:
        return False
    return True


@pytest.mark.parametrize(
    "text",
    ["Qwen/Qwen3-0.6B", "gpt2", "a--b", "a..b", "-x/y", "x/-y", "x.", "_x/y_", "x.git",
     "a/b/c", "café/x", "x" * 96, "x" * 97, "o/" + "x" * 96, "", "/", "a/", "a b"],
)  # fmt: skip
def test_the_id_grammar_is_huggingface_hubs(text: str) -> None:
    assert is_repo_id(text) == _hub_accepts(text), text


@settings(max_examples=examples(400), deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09_-./é~ "), max_size=12))
def test_the_id_grammar_agrees_with_huggingface_hub_on_any_text(text: str) -> None:
    assert is_repo_id(text) == _hub_accepts(text), text


def test_one_reader_for_load_and_explain(tmp_path: Path) -> None:
    model = tmp_path / "m"
    model.mkdir()
    assert model_argument(str(model), "MODEL") == str(model.resolve())
    with pytest.raises(UsageError, match=r"has no config\.json"):
        model_argument(str(model), "--model", needs_config=True)
    (model / "config.json").write_text("{}", encoding="utf-8")
    assert model_argument(str(model), "--model", needs_config=True) == str(model.resolve())
    assert model_argument("Qwen/Qwen3-0.6B", "MODEL") == "Qwen/Qwen3-0.6B"
    for text in ("a--b", "a..b", "-x/y", "./missing", "~no-such-user-hwdoctor/m", "a\x00b"):
        with pytest.raises(UsageError) as raised:
            model_argument(text, "--model")
        assert str(raised.value).startswith("--model '"), raised.value
