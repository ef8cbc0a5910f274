"""The Hugging Face env commands and their kin: `transformers env` (and `transformers-cli
env`), `accelerate env`, `diffusers-cli env`, `llamafactory-cli env`, `trl env`,
`optimum-cli env`, `hf env` (and `huggingface-cli env`).

"- Key: value" bullets: transformers/commands/env.py (4.x) and transformers/cli/system.py
(5.x), "PyTorch version (GPU?): 2.4.1+cu121 (True)" in 4.x and "PyTorch version
(accelerator?): 2.9.0+cu128 (CUDA)" in 5.x; `diffusers-cli env` is the same layout.
accelerate/commands/env.py prints "PyTorch version (GPU?): … (True)" before 1.1, then
"PyTorch version: …" with "PyTorch accelerator: CUDA", "PyTorch XPU available:" lines in
between, and the default config as indented "- key: value" lines. Each opens with its
package's version line ("- `transformers` version: 4.48.0"), which names the block's tool.

`llamafactory-cli env` (llamafactory/extras/env.py) opens with "- `llamafactory` version:",
appends " (GPU)" or " (NPU)" to "PyTorch version" when torch sees the device, and adds "GPU
type", "GPU number", "GPU memory", or "NPU type" and "CANN version", then "DeepSpeed
version", "Bitsandbytes version", "vLLM version". `trl env` (trl/scripts/env.py, from 0.12)
prints "Copy-paste the following information when reporting an issue:", then "- Platform",
"- Python version", "- TRL version" (first in 0.16+, after "HF Hub version" before),
"- PyTorch version", the devices torch sees as "- CUDA device: …" (0.12), "- CUDA
device(s): A, B" or "- accelerator(s): …" ("cpu", "MPS" or the devices' names), then the
packages. `optimum-cli env` (optimum/commands/env.py) opens with "- `optimum` version:";
optimum-neuron's (optimum/commands/env.py there) prints "Platform:" and "Python packages:"
sections, "- `optimum-neuron` version:" and "- `neuron-sdk` version:" first, every
package as "- `name` version: …", then "Neuron Driver:" with apt's lines
("aws-neuronx-dkms/unknown,now 2.15.9.0 amd64 [installed]"). `hf env` (huggingface_hub's
`utils/_runtime.py` dump_environment_info) opens with "- huggingface_hub version:" and names
torch as "- Torch: 2.1.2+cu121" ("N/A" without it).

Inside a block, a package's version line opens another report only once the block has read
its "Platform" line and where the line quotes the package's name in backticks, as each
command's own first line does: "- Transformers version: 4.46.1" inside `trl env` or
`llamafactory-cli env`, and "- `transformers` version:" at the head of `optimum-cli env`,
are that report's lines. A block opened at "- Transformers version:" (no backticks: not
`transformers env`'s own line) that lists "- TRL version:" is `trl env`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

# The key runs to the first colon and starts with neither a space nor a colon, so no two
# quantifiers can share a run of spaces (as `(.+?)\s*:` did: cubic on a line of spaces).
_BULLET: Final = re.compile(r"^\s*(?:[-*]\s+)?([^:\s][^:]*):\s*(.*)$")
# Its opening line (the prose reader leaves it to this one).
# diffusers-cli env from 0.28 (huggingface/diffusers#7403) names itself "🤗 Diffusers version"
# (tests/data/reports/diffusers_env/diffusers10513-…).
START: Final = re.compile(
    r"^\s*(?:[-*]\s+)?(?:🤗\s?)?`?(transformers|accelerate|diffusers|llamafactory|trl"
    r"|optimum-neuron|optimum|huggingface_hub)`?\s+version\s*:",
    re.I,
)
_TRL_HEADER: Final = "Copy-paste the following information when reporting an issue"
# trl env's own device line, which opens its block where the paste starts below the header
# (trl 0.12–0.15 print it before "- Transformers version:").
_TRL_DEVICES: Final = re.compile(r"^\s*[-*]\s+(?:CUDA device(?:\(s\))?|accelerator\(s\)):")
_TOOLS: Final = {
    "transformers": "transformers env",
    "accelerate": "accelerate env",
    "diffusers": "diffusers env",
    "llamafactory": "llamafactory-cli env",
    "trl": "trl env",
    "optimum-neuron": "optimum-cli env",
    "optimum": "optimum-cli env",
    "huggingface_hub": "hf env",
    "huggingface-hub": "hf env",
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
    "llamafactory version": "llamafactory",
    "trl version": "trl",
    "datasets version": "datasets",
    "vllm version": "vllm",
    "hf hub version": "huggingface-hub",
    "liger-kernel version": "liger-kernel",
    "optimum version": "optimum",
    "optimum-neuron version": "optimum-neuron",
}
# The backends a device line names, found by their vendor tools (hwdoctor/registry.py).
_BACKEND: Final = {
    tool.argv[0]: backend.key for backend in registry.BACKENDS for tool in backend.tools
}
_NPU: Final = _BACKEND["npu-smi"]
_NEURON: Final = _BACKEND["neuron-ls"]
_DEVICE_TYPES: Final = {
    "npu type": _NPU,
    "xpu type": _BACKEND["xpu-smi"],
    "hpu type": _BACKEND["hl-smi"],
}
# "GPU type" (transformers, llamafactory) and trl's lists of the devices torch sees.
_GPU_KEYS: Final = frozenset({"gpu type", "cuda device", "cuda device(s)", "accelerator(s)"})
# What they print where no GPU is: the host's device string, Apple's, or "not available".
_MPS: Final = next(b.device for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
_NO_GPU: Final = frozenset({registry.HOST, _MPS, "not available"})
# The word in parentheses after torch's version (" (CUDA)", " (NPU)"): a device string.
_CUDA: Final = registry.BY_KEY[registry.key_of_build(registry.Build.CUDA)].device
_NPU_DEVICE: Final = registry.BY_KEY[_NPU].device
# optimum-neuron's "Neuron Driver:" section: apt's line for the driver's package.
_NEURON_DRIVER: Final = re.compile(r"^aws-neuronx-dkms/\S{1,80} (\d[\w.+~-]{0,40})")
_TORCH: Final = re.compile(r"^([0-9][\w.+]*)\s*(?:\((\w+)\))?")
_ACCELERATOR: Final = re.compile(r"^PyTorch (XPU|NPU|MLU|MUSA|SDAA|HPU) available$", re.I)
# The default config's fields `accelerate launch` reads (accelerate/commands/launch.py
# _validate_launch_command): each value as env.py prints it, `f"\t- {prop}: {val}"` of the
# loaded config's to_dict(), which leaves out a field that is None (gpu_ids unset: "all").
_CONFIG: Final = {
    "use_cpu": FactKey.ACCELERATE_USE_CPU,
    # issue 42: gpu_ids
    "gpu_ids": FactKey.ACCELERATE_GPU_IDS,
    "num_processes": FactKey.ACCELERATE_NUM_PROCESSES,
    "num_machines": FactKey.ACCELERATE_NUM_MACHINES,
    "distributed_type": FactKey.ACCELERATE_DISTRIBUTED_TYPE,
}
_SCALARS: Final = {
    "platform": FactKey.PYTHON_PLATFORM,
    "python version": FactKey.PYTHON_VERSION,
}


class HfEnv(Reader):
    """One of the commands' reports, from its version line to the next tool's block."""

    def __init__(self) -> None:
        self.config = False  # inside accelerate env's default config
        self.platform = False  # the block read its "Platform" line
        self.own = False  # it opened at its command's own line (backticks, or trl's header)

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        if _TRL_HEADER in line:
            return not isinstance(open, HfEnv) or open.platform
        if _TRL_DEVICES.match(line):
            return not isinstance(open, HfEnv)
        if START.match(line) is None:
            return False
        # transformers env lists accelerate's version too ("- Accelerate version: 1.1.1");
        # accelerate env's own line quotes its name ("- `Accelerate` version: 0.34.2").
        if not isinstance(open, HfEnv):
            return True
        return open.platform and "`" in line

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text
        if self.tool is None:  # the opening line names the command
            start = START.match(text)
            self.own = start is None or "`" in text
            self.tool = _TOOLS[start.group(1).lower()] if start else _TOOLS["trl"]
            if start is None and _TRL_HEADER in text:
                return
        if self.tool == _TOOLS["optimum"] and (driver := _NEURON_DRIVER.match(text.strip())):
            yield line.says(FactKey.DEVICE_DRIVER, driver.group(1), name=_NEURON)
            return
        match = _BULLET.match(text.replace("`", ""))
        if not match:
            if self.config and text.strip().lower() == "not found":  # accelerate env's
                yield line.says(FactKey.ACCELERATE_CONFIG, "absent")
            return
        raw_key, value = match.group(1).removeprefix("🤗").strip(), match.group(2).strip()
        key = raw_key.lower()
        indented = text.startswith(("\t", "    ", "  -"))
        if key in ("accelerate default config", "accelerate config"):
            self.config = True
            if value.lower() == "not found":  # no default_config.yaml: use_cpu is False
                yield line.says(FactKey.ACCELERATE_CONFIG, "absent")
            return
        if self.config and indented:
            if key in _CONFIG:
                yield line.says(_CONFIG[key], value)
            return
        self.config = False
        if key == "platform":
            self.platform = True
        if key == "trl version" and self.tool == _TOOLS["transformers"] and not self.own:
            self.tool = _TOOLS["trl"]  # trl env's lines from "- Transformers version:" on
        if key in _PACKAGES or (self.tool == _TOOLS["optimum"] and key.endswith(" version")):
            package = _PACKAGES.get(key) or key.removesuffix(" version").replace("_", "-")
            version = value.split()[0] if value.split() else ""
            if package == "torch" and version:  # optimum-cli env's "- `torch` version:"
                yield line.says(FactKey.TORCH_VERSION, version)
            elif package == "neuron-sdk" and version:
                yield line.says(FactKey.DEVICE_SOFTWARE, version, name=_NEURON)
            elif version and version[0].isdigit():
                yield line.says(FactKey.PACKAGE, version, name=package)
            if _TOOLS.get(package) == self.tool and (
                self.version is None or self.tool != _TOOLS["optimum"]
            ):  # the command's own version (optimum-neuron's before optimum's)
                self.version = version or self.version
            return
        if key.startswith("pytorch version"):
            torch = _TORCH.match(value)
            if torch:
                yield line.says(FactKey.TORCH_VERSION, torch.group(1))
                said = (torch.group(2) or "").lower()
                if said in ("true", "false"):
                    yield line.says(FactKey.CUDA_AVAILABLE, said)
                elif said in (_CUDA, "na", "n/a"):
                    yield line.says(FactKey.ACCELERATOR, said)
                elif said == "gpu":  # llamafactory: " (GPU)" when torch sees CUDA
                    yield line.says(FactKey.CUDA_AVAILABLE, "true")
                elif said == _NPU_DEVICE:  # llamafactory: " (NPU)" when torch_npu sees an NPU
                    yield line.says(FactKey.NPU_AVAILABLE, "true")
            return
        if key == "torch" and self.tool == _TOOLS["huggingface_hub"]:  # hf env's "- Torch: 2.1.2"
            if value[:1].isdigit():
                yield line.says(FactKey.TORCH_VERSION, value.split()[0])
            return
        if key == "pytorch accelerator":
            yield line.says(FactKey.ACCELERATOR, value.lower())
        elif key in _SCALARS:
            yield line.says(_SCALARS[key], value)
        elif key in _GPU_KEYS:
            if value.lower() not in _NO_GPU:
                names = [name.strip() for name in value.split(",") if name.strip()]
                for index, name in enumerate(names):
                    yield line.says(FactKey.GPU, name, index=index if len(names) > 1 else None)
        elif key == "accelerator" and self.tool == _TOOLS["diffusers"]:
            # issue 38: diffusers/commands/env.py's "Accelerator": nvidia-smi's
            # `--query-gpu=gpu_name,memory.total` row ("NVIDIA A100-SXM4-40GB, 40960 MiB"),
            # "NA" where it finds none; macOS's chipset model with " VRAM: …".
            name = value.split(",")[0].split(" VRAM")[0].strip()
            if name and name.upper() != "NA":
                yield line.says(FactKey.GPU, name)
        elif key == "mps type":
            yield line.says(FactKey.PROCESSOR, value)
        elif key in _DEVICE_TYPES:
            yield line.says(FactKey.DEVICE, value, name=_DEVICE_TYPES[key])
        elif key == "cann version":
            yield line.says(FactKey.DEVICE_SOFTWARE, value, name=_NPU)
        elif (backend := _ACCELERATOR.match(raw_key)) and (
            key_of := FactKey.available(backend.group(1).lower())
        ):
            yield line.says(key_of, value)


READER: Final = HfEnv
