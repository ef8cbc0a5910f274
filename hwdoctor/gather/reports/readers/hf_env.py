"""The Hugging Face env commands: `transformers env` (and `transformers-cli env`),
`accelerate env`, `diffusers-cli env`.

"- Key: value" bullets: transformers/commands/env.py (4.x) and transformers/cli/system.py
(5.x), "PyTorch version (GPU?): 2.4.1+cu121 (True)" in 4.x and "PyTorch version
(accelerator?): 2.9.0+cu128 (CUDA)" in 5.x; `diffusers-cli env` is the same layout.
accelerate/commands/env.py prints "PyTorch version (GPU?): … (True)" before 1.1, then
"PyTorch version: …" with "PyTorch accelerator: CUDA", "PyTorch XPU available:" lines in
between, and the default config as indented "- key: value" lines. Each opens with its
package's version line ("- `transformers` version: 4.48.0"), which names the block's tool.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

# The key runs to the first colon and starts with neither a space nor a colon, so no two
# quantifiers can share a run of spaces (as `(.+?)\s*:` did: cubic on a line of spaces).
_BULLET: Final = re.compile(r"^\s*(?:[-*]\s+)?([^:\s][^:]*):\s*(.*)$")
# Its opening line (the prose reader leaves it to this one).
START: Final = re.compile(
    r"^\s*(?:[-*]\s+)?`?(transformers|accelerate|diffusers)`?\s+version\s*:", re.I
)
_TOOLS: Final = {
    "transformers": "transformers env",
    "accelerate": "accelerate env",
    "diffusers": "diffusers env",
}
_PACKAGES: Final = {
    "transformers version": "transformers",
    "accelerate version": "accelerate",
    "diffusers version": "diffusers",
    "huggingface_hub version": "huggingface-hub",
    "safetensors version": "safetensors",
    "deepspeed version": "deepspeed",
    "numpy version": "numpy",
    "tensorflow version (gpu?)": "tensorflow",
    "flax version (cpu?/gpu?/tpu?)": "flax",
    "jax version": "jax",
    "peft version": "peft",
    "bitsandbytes version": "bitsandbytes",
    "xformers version": "xformers",
}
_TORCH: Final = re.compile(r"^([0-9][\w.+]*)\s*(?:\((\w+)\))?")
_ACCELERATOR: Final = re.compile(r"^PyTorch (XPU|NPU|MLU|MUSA|SDAA|HPU) available$", re.I)
_SCALARS: Final = {
    "platform": FactKey.PYTHON_PLATFORM,
    "python version": FactKey.PYTHON_VERSION,
}


class HfEnv(Reader):
    """One of the commands' reports, from its version line to the next tool's block."""

    def __init__(self) -> None:
        self.config = False  # inside accelerate env's default config

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        start = START.match(line)
        if start is None:
            return False
        # transformers env lists accelerate's version too ("- Accelerate version: 1.1.1");
        # accelerate env's own line quotes its name ("- `Accelerate` version: 0.34.2").
        inside = isinstance(open, HfEnv) and open.tool != _TOOLS["accelerate"]
        accelerate = start.group(1).lower() == "accelerate"
        return not (inside and accelerate and "`" not in line)

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text
        if self.tool is None:  # the opening line names the command
            start = START.match(text)
            self.tool = _TOOLS[start.group(1).lower()] if start else _TOOLS["transformers"]
        match = _BULLET.match(text.replace("`", ""))
        if not match:
            if self.config and text.strip().lower() == "not found":  # accelerate env's
                yield line.says(FactKey.ACCELERATE_CONFIG, "absent")
            return
        raw_key, value = match.group(1).strip(), match.group(2).strip()
        key = raw_key.lower()
        indented = text.startswith(("\t", "    ", "  -"))
        if key in ("accelerate default config", "accelerate config"):
            self.config = True
            if value.lower() == "not found":  # no default_config.yaml: use_cpu is False
                yield line.says(FactKey.ACCELERATE_CONFIG, "absent")
            return
        if self.config and indented:
            if key == "use_cpu":
                yield line.says(FactKey.ACCELERATE_USE_CPU, value)
            return
        self.config = False
        if key in _PACKAGES:
            version = value.split()[0] if value.split() else ""
            if version and version[0].isdigit():
                yield line.says(FactKey.PACKAGE, version, name=_PACKAGES[key])
            if key == "transformers version" or (
                key.endswith("version") and _TOOLS.get(key.split()[0]) == self.tool
            ):
                self.version = version or self.version
            return
        if key.startswith("pytorch version"):
            torch = _TORCH.match(value)
            if torch:
                yield line.says(FactKey.TORCH_VERSION, torch.group(1))
                said = (torch.group(2) or "").lower()
                if said in ("true", "false"):
                    yield line.says(FactKey.CUDA_AVAILABLE, said)
                elif said in ("cuda", "na", "n/a"):
                    yield line.says(FactKey.ACCELERATOR, said)
            return
        if key == "pytorch accelerator":
            yield line.says(FactKey.ACCELERATOR, value.lower())
        elif key in _SCALARS:
            yield line.says(_SCALARS[key], value)
        elif key in ("gpu type", "mps type"):
            yield line.says(FactKey.GPU if key == "gpu type" else FactKey.PROCESSOR, value)
        elif (backend := _ACCELERATOR.match(raw_key)) and (
            key_of := FactKey.available(backend.group(1).lower())
        ):
            yield line.says(key_of, value)


READER: Final = HfEnv
