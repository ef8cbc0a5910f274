"""collect_env: `python -m torch.utils.collect_env`, and vLLM's copy of it.

torch/utils/collect_env.py `env_info_fmt` prints "Key: value" lines, "GPU n:" lines under
"GPU models and configuration", and `[pip3]`/`[pip]`/`[conda]` package lines; the 1.x
layouts print "Yes"/"No", the 2.x ones "True"/"False"; on macOS the line after "CPU:" is
the chip ("Apple M1 Pro"). `vllm collect-env` (vllm/collect_env.py) prints the same keys,
plus "vLLM Version" and the environment variables it deems relevant: the block is vLLM's
from that line on. A ROCm build's lines carry the GPUs' gfx targets (`amd`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.gather.reports.readers import amd
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

VLLM: Final = "vllm collect-env"  # the registry's tool of a block with vLLM's section

_START: Final = re.compile(r"^\s*Collecting environment information")
_KEYS: Final = {
    "PyTorch version": FactKey.TORCH_VERSION,
    "CUDA used to build PyTorch": FactKey.TORCH_CUDA,
    "ROCM used to build PyTorch": FactKey.TORCH_HIP,
    "OS": FactKey.OS,
    "Python version": FactKey.PYTHON_VERSION,
    "Python platform": FactKey.PYTHON_PLATFORM,
    "Is CUDA available": FactKey.CUDA_AVAILABLE,
    "Nvidia driver version": FactKey.DRIVER,
    "HIP runtime version": FactKey.HIP_RUNTIME,
    "Is XPU available": FactKey.XPU_AVAILABLE,
    "vLLM Version": FactKey.VLLM_VERSION,
}
# One of its "Key: value" lines (the prose reader leaves them to this one).
LINE: Final = re.compile(
    r"^\s*(PyTorch version|CUDA used to build PyTorch|ROCM used to build PyTorch|OS|"
    r"Python version|Python platform|Is CUDA available|Nvidia driver version|"
    r"HIP runtime version|Is XPU available|vLLM Version)\s*[:：]\s*(.*)$"
)
_RETYPED: Final = re.compile(r"^\s*PyTorch version\s+(\d[\w.+]*)\s*$")  # typed without ":"
_GPUS: Final = re.compile(r"^\s*GPU models and configuration\s*:\s*(.*)$")
_GPU_LINE: Final = re.compile(r"^\s*GPU\s*(\d{1,3})\s*[:：]\s*(.+)$")
_PIP_LINE: Final = re.compile(
    r"^\s*\[(?:pip3?|conda)\]\s+([A-Za-z0-9][\w.\-]*)(?:==|\s+)([\w.+!\-]+)"
)
# issue 38: vLLM Ascend's copy of vLLM's collect_env (vllm-project/vllm-ascend collect_env.py,
# added by vllm-project/vllm-ascend#175: get_env_info's `vllm_ascend_version=
# get_vllm_ascend_version()`) prints "vLLM Ascend Version: 0.11.0rc2" after vLLM's line, or
# "0.9.1rc2.dev45+gb308a7a (git sha: b308a7a)": the release, read as the package's version.
_VLLM_ASCEND: Final = re.compile(r"^\s*vLLM Ascend Version\s*[:：]\s*v?(\d[\w.+!\-]*)")
# issue 38: an Intel GPU as IPEX's collect_env lists it under "GPU models and configuration"
# (intel/intel-extension-for-pytorch scripts/collect_env.py get_gpu_info: f"[{i}] {props}",
# torch.xpu.get_device_properties' repr "_DeviceProperties(name='…', platform_name=…"), and
# as torch's own (2.8+, "Intel GPU models detected:" then "* [0] _XpuDeviceProperties(…").
_XPU_DEVICE: Final = re.compile(
    r"^\s*(?:\*\s*)?\[(\d{1,3})\]\s*_(?:Xpu)?DeviceProperties\(name='([^']{1,200})'"
)
_XPU: Final = registry.key_of_tool("xpu-smi")
_CPU_MODEL: Final = re.compile(r"^\s*(?:Model name|CPU)\s*:\s*(.+)$")
_APPLE_CHIP: Final = re.compile(r"^\s*(Apple M\d[\w ]*)$")
_NOT_COLLECTED: Final = frozenset({"could not collect", "n/a", "none", ""})


class CollectEnv(Reader):
    """A collect_env report: from "Collecting environment information..." (or its
    "PyTorch version" line, where the paste starts there) to the next tool's block."""

    def __init__(self) -> None:
        self.keys: set[FactKey] = set()  # the keys this block has said
        self.gpu_list = False  # inside "GPU models and configuration"'s list
        self.cpu_next = False  # the line after "CPU:" (macOS prints the chip there)

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        if _START.match(line) or _RETYPED.match(line):
            return True
        said = LINE.match(line)
        if said is not None and said.group(1) == "vLLM Version":
            # issue 38: a paste of vllm/collect_env.py's own section alone ("vLLM Version
            # : 0.8.5.post1", then "vLLM Build Flags:"; vllm_collect_env/vllm19607-…)
            return not isinstance(open, CollectEnv)
        if said is None or said.group(1) != "PyTorch version":
            return False
        # A second "PyTorch version" is another machine's report (two in one issue).
        return not isinstance(open, CollectEnv) or FactKey.TORCH_VERSION in open.keys

    def fence(self) -> None:
        self.gpu_list = self.cpu_next = False

    def read(self, line: Line) -> Iterator[Said]:
        yield from self._read(line)
        yield from amd.said(line, rows=False)

    def _scalar(self, line: Line, key: FactKey, value: str) -> Said:
        self.keys.add(key)
        return line.says(key, value)

    def _read(self, line: Line) -> Iterator[Said]:
        text = line.text
        retyped = _RETYPED.match(text)
        if retyped:
            yield self._scalar(line, FactKey.TORCH_VERSION, retyped.group(1))
            return
        match = LINE.match(text)
        if match:
            self.gpu_list = self.cpu_next = False
            key = _KEYS[match.group(1)]
            if key is FactKey.VLLM_VERSION:
                self.tool, self.version = VLLM, match.group(2).strip()
            yield self._scalar(line, key, match.group(2))
            return
        gpus = _GPUS.match(text)
        if gpus:
            self.gpu_list = True
            value = gpus.group(1).strip()
            single = _GPU_LINE.match(value)
            if single:
                yield line.says(FactKey.GPU, single.group(2), index=int(single.group(1)))
            elif value.lower() not in _NOT_COLLECTED:
                yield line.says(FactKey.GPU, value, index=0)
            return
        if self.gpu_list:
            gpu = _GPU_LINE.match(text)
            if gpu:
                yield line.says(FactKey.GPU, gpu.group(2), index=int(gpu.group(1)))
                return
            if text.strip():
                self.gpu_list = False
        if xpu := _XPU_DEVICE.match(text):  # issue 38: IPEX's collect_env
            yield line.says(FactKey.DEVICE, xpu.group(2), index=int(xpu.group(1)), name=_XPU)
            return
        if text.strip() == "CPU:":
            self.cpu_next = True
            return
        if self.cpu_next:
            self.cpu_next = False
            chip = _APPLE_CHIP.match(text)
            if chip:
                yield self._scalar(line, FactKey.PROCESSOR, chip.group(1).strip())
                return
        cpu = _CPU_MODEL.match(text)
        if cpu and FactKey.PROCESSOR not in self.keys:
            yield self._scalar(line, FactKey.PROCESSOR, cpu.group(1))
            return
        if ascend := _VLLM_ASCEND.match(text):  # issue 38: vLLM Ascend's release
            yield line.says(FactKey.PACKAGE, ascend.group(1), name="vllm-ascend")
            return
        package = _PIP_LINE.match(text)
        if package:
            name = versions.canonical_name(package.group(1))
            yield line.says(FactKey.PACKAGE, package.group(2), name=name)


READER: Final = CollectEnv
