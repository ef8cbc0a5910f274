"""What the detect payload is asked to do: registry rows, distributions, constants.

Kept apart from the rest of the probe layer so the CLI can start the probe before it
imports anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from hwdoctor import registry
from hwdoctor.compat import capabilities, libraries

AUTOLOAD_ENV: Final = "TORCH_DEVICE_BACKEND_AUTOLOAD"
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
    return {
        "backends": [backend.wire() for backend in backends],
        "dists": dists,
        "libraries": libraries.wire(),
    }
