"""issue 38 (s19-placeholder): the placeholders AWS keeps on PyPI under the names of its Neuron
packages, whose import raises instead of working.

AWS publishes its Neuron packages on its own repository, https://pip.repos.neuron.amazonaws.com,
which its setup guides add as pip's extra index (`python -m pip config set
global.extra-index-url https://pip.repos.neuron.amazonaws.com`, the Neuron setup guide for
PyTorch NeuronX, awsdocs-neuron.readthedocs-hosted.com/en/latest/general/setup/neuron-setup/
pytorch/neuronx/ubuntu/torch-neuronx-ubuntu22.html, whose `global.index-url` AWS changed to the
extra index in aws-neuron/aws-neuron-sdk#1224). Under the same names, PyPI holds a
placeholder each: one release, a wheel whose `__init__.py` is one line, `raise
ImportError("WRONG PACKAGE. Please install the package from Neuron Repository -
pip.repos.neuron.amazonaws.com")` ("a stub that ensures that malicious packages are not
uploaded", aws-neuron/transformers-neuronx README.md, "Troubleshooting: ImportError: WRONG
PACKAGE"; that one's words end "- https://github.com/aws-neuron/transformers-neuronx
#installation"). pip without Neuron's repository installs the placeholder: its only release.

Read for this table on 2026-12-07 with `pip download --no-deps NAME` from PyPI, each wheel's
file list and `__init__.py` (the wheel, its sha256's first 16 hex digits):

- torch-neuronx 1.0 (torch_neuronx-1.0-py3-none-any.whl, 2a8a81bf2bcf1803), tensorflow-neuronx
  1.0 (152ae47776b46899), libneuronxla 1.0 (342c39d82bf33f85), neuronx-hwm 1.0
  (aa64128e6027df09), transformers-neuronx 0.1 (a9478cbdbf3f0903): one importable package
  each, its `__init__.py` raising.
- torch-neuron 1.0 (0b0a757bcea70cee), tensorflow-neuron 1.0 (69e86a1fed55ad49), mx-neuron 1.0
  (6220a80cc4c3feae): the same 24 `__init__.py` files of May 2022, each raising, among them
  the importable torch_neuron, tensorflow_neuron, mx_neuron, mxnet_neuron, neuron_cc,
  neuronperf, tensorboard_neuron, tensorboard_plugin_neuron, inferentia_hwm, dmlc_nnvm,
  dmlc_topi and dmlc_tvm (and the same names with "-", which no import reaches).
- neuronx-cc 1.0.post1 (29839587e3e601ef), neuron-cc 1.0.post1 (1b95dced17ab6948),
  neuronx-distributed 0.1 (1822ed42e8976247), aws-neuronx-runtime-discovery 1.0
  (f5e2fbd4a3071666): their one directory named with "-" (`neuronx-cc/__init__.py`), which
  no import reaches: the import fails with "No module named", not with these words.

A placeholder is told by its release: Neuron's repository numbers its own releases otherwise,
and above it (torch-neuronx 2.1.2.2.1.0, neuronx-cc 2.13.72.0, transformers-neuronx 0.6.106,
aws-neuronx-runtime-discovery 2.9), but for libneuronxla, whose 0.5.x releases (0.5.809 beside
torch-neuronx 1.13.1.1.13.1, huggingface/optimum-neuron#545) came before its 2.x ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A Neuron package's placeholder on PyPI: the distribution, its one release there, and
    the import packages of its wheel whose `__init__.py` raises "WRONG PACKAGE"."""

    dist: str
    release: str
    modules: tuple[str, ...]
    below: bool = False  # some of Neuron's own releases are numbered below the placeholder's


# the May 2022 wheel that torch-neuron, tensorflow-neuron and mx-neuron all are
_INF1: Final = (
    "torch_neuron",
    "tensorflow_neuron",
    "mx_neuron",
    "mxnet_neuron",
    "neuron_cc",
    "neuronperf",
    "tensorboard_neuron",
    "tensorboard_plugin_neuron",
    "inferentia_hwm",
    "dmlc_nnvm",
    "dmlc_topi",
    "dmlc_tvm",
)

PLACEHOLDERS: Final = (
    Placeholder("torch-neuronx", "1.0", ("torch_neuronx",)),
    Placeholder("tensorflow-neuronx", "1.0", ("tensorflow_neuronx",)),
    Placeholder("libneuronxla", "1.0", ("libneuronxla",), below=True),
    Placeholder("neuronx-hwm", "1.0", ("neuronx_hwm",)),
    Placeholder("transformers-neuronx", "0.1", ("transformers_neuronx",)),
    Placeholder("torch-neuron", "1.0", _INF1),
    Placeholder("tensorflow-neuron", "1.0", _INF1),
    Placeholder("mx-neuron", "1.0", _INF1),
    Placeholder("neuronx-cc", "1.0.post1", ()),
    Placeholder("neuron-cc", "1.0.post1", ()),
    Placeholder("neuronx-distributed", "0.1", ()),
    Placeholder("aws-neuronx-runtime-discovery", "1.0", ()),
)
BY_DIST: Final = {p.dist: p for p in PLACEHOLDERS}
# every import package a placeholder raises from
MODULES: Final = tuple(sorted({m for p in PLACEHOLDERS for m in p.modules}))


def placeholder_release(dist: str, version: str) -> Placeholder | None:
    """The placeholder `dist` is where `version` (as a paste shows it) is its release on
    PyPI; None for Neuron's own releases and for other packages."""
    found = BY_DIST.get(dist.lower().replace("_", "-"))
    return found if found is not None and version.strip() == found.release else None


def of_module(module: str) -> Placeholder | None:
    """The placeholder that stands for the package `module` is the import of: the one whose
    distribution has the module's name ("torch_neuron" -> torch-neuron), else the first
    whose wheel holds it."""
    named = BY_DIST.get(module.replace("_", "-"))
    if named is not None and module in named.modules:
        return named
    return next((p for p in PLACEHOLDERS if module in p.modules), None)
