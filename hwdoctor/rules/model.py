"""What `from_pretrained()` of one model sets when not told: its attention implementation
and its dtype, as transformers decides them at the installed release.

Read from transformers' modeling_utils.py of every release 4.46.0 to 5.24.0:

- attention, with no `attn_implementation`: "sdpa" where the model class supports it
  (`_supports_sdpa`), else "eager"; flash_attention_2/3 never by default (only when asked,
  and the kernels Hub fallback only then too). Up to 4.53.x (`_autoset_attn_implementation`,
  `_check_and_enable_sdpa`) SDPA also needs torch 2.1.1 (`is_torch_sdpa_available`) and
  no torch_xla (`not is_torch_xla_available()`); 4.54 and 4.55 keep the torch check
  (`_sdpa_can_dispatch`); from 4.56 only the class decides.
- dtype, with no `dtype`/`torch_dtype`: torch's default dtype (float32) up to 5.0.0rc0;
  from 5.0.0rc1 `dtype="auto"`: the config's dtype, else the checkpoint's (its first
  floating tensor), else float32 (`_get_dtype`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hwdoctor import versions
from hwdoctor.model.answers import ModelFacts
from hwdoctor.rules.engine import (
    Always,
    Inputs,
    Literal,
    Observation,
    Predicate,
    Step,
    Table,
    XlaEnabled,
)


@dataclass(frozen=True)
class ClassSupports:
    """A model class's own flag (`_supports_sdpa`), read from the class in the probe."""

    flag: Callable[[ModelFacts], bool | None]
    label: str

    def __call__(self, inputs: Inputs) -> Observation:
        facts = inputs.model or ModelFacts()
        holds = bool(self.flag(facts))
        return Observation(holds, f"{facts.architecture or 'the class'}.{self.label} = {holds}")


@dataclass(frozen=True)
class TorchAtLeast:
    version: str

    @property
    def label(self) -> str:
        return f"torch >= {self.version}"

    def __call__(self, inputs: Inputs) -> Observation:
        holds = versions.satisfies(inputs.torch_version or "", f">={self.version}") is True
        return Observation(holds, f"torch {inputs.torch_version} >= {self.version}: {holds}")


@dataclass(frozen=True)
class Not:
    inner: Predicate

    @property
    def label(self) -> str:
        return f"not {self.inner.label}"

    def __call__(self, inputs: Inputs) -> Observation:
        seen = self.inner(inputs)
        return Observation(not seen.holds, seen.observed)


@dataclass(frozen=True)
class AllOf:
    parts: tuple[Predicate, ...]

    @property
    def label(self) -> str:
        return " and ".join(part.label for part in self.parts)

    def __call__(self, inputs: Inputs) -> Observation:
        seen = [part(inputs) for part in self.parts]
        return Observation(all(s.holds for s in seen), "; ".join(s.observed for s in seen))


@dataclass(frozen=True)
class ModelFact:
    """A fact of the model the probe read (the config's dtype, the checkpoint's)."""

    fact: Callable[[ModelFacts], str | None]
    label: str

    def __call__(self, inputs: Inputs) -> Observation:
        value = self.fact(inputs.model or ModelFacts())
        return Observation(value is not None, f"{self.label}: {value or 'not set'}")


@dataclass(frozen=True)
class FromModel:
    fact: Callable[[ModelFacts], str | None]

    def resolve(self, inputs: Inputs) -> str:
        return str(self.fact(inputs.model or ModelFacts()))


def _config_dtype(facts: ModelFacts) -> str | None:
    return facts.config_dtype


def _checkpoint_dtype(facts: ModelFacts) -> str | None:
    return facts.checkpoint_dtype


def _supports_sdpa(facts: ModelFacts) -> bool | None:
    return facts.supports_sdpa


_SDPA = ClassSupports(_supports_sdpa, "_supports_sdpa")
_NO_SDPA = Always(said="SDPA not allowed here: eager")
_DEFAULT_DTYPE: Final = "no dtype given: torch's default dtype (float32); the config's is not used"
_ATTENTION_TITLE: Final = "from_pretrained() attn_implementation"
ATTENTION: Final = (
    Table(_ATTENTION_TITLE, "transformers", ">=4.56", (
        Step("sdpa", _SDPA, Literal("sdpa")),
        Step("eager", _NO_SDPA, Literal("eager")),
    )),
    Table(_ATTENTION_TITLE, "transformers", ">=4.54,<4.56", (
        Step("sdpa", AllOf((_SDPA, TorchAtLeast("2.1.1"))), Literal("sdpa")),
        Step("eager", _NO_SDPA, Literal("eager")),
    )),
    Table(_ATTENTION_TITLE, "transformers", ">=4.46,<4.54", (
        Step("sdpa", AllOf((_SDPA, TorchAtLeast("2.1.1"), Not(XlaEnabled("transformers")))),
             Literal("sdpa")),
        Step("eager", _NO_SDPA, Literal("eager")),
    )),
)  # fmt: skip

_DTYPE_TITLE: Final = "from_pretrained() dtype"
DTYPE: Final = (
    Table(_DTYPE_TITLE, "transformers", ">=5.0.0rc1", (
        Step("config", ModelFact(_config_dtype, "dtype=\"auto\": the config's dtype"),
             FromModel(_config_dtype)),
        Step("checkpoint", ModelFact(_checkpoint_dtype, "the checkpoint's first floating "
                                     "tensor"), FromModel(_checkpoint_dtype)),
        Step("default", Always(said="neither says: float32"), Literal("float32")),
    )),
    Table(_DTYPE_TITLE, "transformers", ">=4.46,<5.0.0rc1", (
        Step("default", Always(_DEFAULT_DTYPE, _DEFAULT_DTYPE), Literal("float32")),
    )),
)  # fmt: skip


def flash_words(facts: ModelFacts) -> str | None:
    """Why attn_implementation="flash_attention_2" would not run here, when asked; None
    when nothing the probe saw stands in its way (or flash-attn is not installed)."""
    flash = facts.flash_attn
    if flash is None or flash.version is None:
        return None
    if flash.imports is False:
        return f"flash-attn {flash.version} is installed but does not import: {flash.error}"
    if not facts.supports_flash_attn:
        return f"{facts.architecture} does not support flash_attention_2"
    return None
