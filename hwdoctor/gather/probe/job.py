"""What the detect payload is asked to do: registry rows, distributions, constants.

Kept apart from the rest of the probe layer so the CLI can start the probe before it
imports anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from hwdoctor import registry
from hwdoctor.compat import capabilities

AUTOLOAD_ENV: Final = "TORCH_DEVICE_BACKEND_AUTOLOAD"
IMPORT_TORCH: Final = "import torch"
AUTOLOAD_STEP_PREFIX: Final = "autoload "
IMPORT_STEP_PREFIX: Final = "import "  # then an extension module
QUERY_STEP_PREFIX: Final = "query "  # then a registry key
ALLOCATE_STEP_PREFIX: Final = "allocate "  # then a device: "allocate cuda:0"
MEMORY_STEP_PREFIX: Final = "memory "  # then a device
# torch.accelerator.get_memory_info(i) of the current accelerator's device: what Accelerate
# 1.16+ budgets a device by when it has no module of its own for the type. Its refusal is a
# fact of the device (`accelerator_memory`), not a failure; a hang or crash still is one.
ACCELERATOR_MEMORY_STEP_PREFIX: Final = "accelerator memory "  # then a device
START_STEP: Final = "start"  # not a payload step: the interpreter never reported anything
# Not a payload step either: facts that did not have the shape hwdoctor reads (boundary.py),
# reported as a failure of this kind.
MALFORMED_STEP: Final = "probe facts"
MALFORMED: Final = "malformed"
# A module in the current directory that shadows the standard library's or torch's: reported
# as a failure of this kind of the step that looks for one.
SHADOWING_STEP: Final = "current directory"
SHADOWED: Final = "shadowed"
MAX_RUNS: Final = 4

# Distributions read from metadata besides the backends' own.
STACK_DISTS: Final = (
    "torch",
    "accelerate",
    "transformers",
    "huggingface-hub",
    "safetensors",
    "tokenizers",
    "numpy",
    "intel-extension-for-pytorch",
    "libtpu",
    "neuronx-cc",
    # What explain says of torch.compile, attention and quantization (compat/capabilities.py).
    *capabilities.TRITON_DISTS,
    "flash-attn",
    capabilities.HUB_KERNELS,
    *capabilities.QUANTIZERS,
)


def probe_job(
    backends: Sequence[registry.Backend] = registry.BACKENDS, extra_dists: Sequence[str] = ()
) -> dict[str, Any]:
    dists = list(
        dict.fromkeys([*STACK_DISTS, *(d for b in backends for d in b.dists), *extra_dists])
    )
    return {"backends": [backend.wire() for backend in backends], "dists": dists}
