"""`python -m sglang.check_env`: SGLang's environment report.

Its layout is python/sglang/check_env.py (sgl-project/sglang @
00b08c497f0735678e084ae5e3dd88ca06b46627, and the layouts its PRs #645, #661 and #965 show):
`check_env` prints each entry of an ordered dict as "{key}: {value}". First "Python:
{sys.version}" ("3.11.5 (main, Sep 11 2023, 13:54:46) [GCC 11.2.0]"), then "CUDA available:
True" ("ROCM available:" on a ROCm build: torch.cuda.is_available() either way); only where
that is True, "GPU 0,1: {torch.cuda.get_device_name}" (the indices of each model, joined by
commas) and, from #965 (0.2.10), "GPU 0,1 Compute Capability: 8.0", "CUDA_HOME:", "NVCC: Cuda
compilation tools, release 12.1, V12.1.66" (or "Not Available") and "CUDA Driver Version:
535.54.03" (nvidia-smi's driver_version; "CUDA Driver Versions: a, b" where GPUs differ;
#661 printed a second bare version line under it). Then "PyTorch: {torch.__version__}" and a
line per module of its PACKAGE_LIST, "{module}: {__version__}" or "Module Not Found" (the
module's name: "flashinfer", "sgl_kernel", "zmq"; later releases print distributions:
"flashinfer_python", "pyzmq"). Then, where `nvidia-smi topo -m` ran, "NVIDIA Topology: "
followed by its matrix (a header of GPUn / NICn columns, a row per device, the Legend), "AMD
Topology:" with `rocm-smi --showtopotype`'s, "Hypervisor vendor:" and "ulimit soft:".
Recordings: tests/data/reports/sglang_check_env/, each with its source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import versions
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

# "Python: " and sys.version: a release, then its build ("(main, …", or "| packaged by
# conda-forge | (main, …"): a reporter's own "Python: 3.10" opens no block.
_START: Final = re.compile(r"^Python: (3\.\d{1,2}\.\d{1,2}) [(|]")
# A "key: value" line of the block; the value may be empty ("NVIDIA Topology: ").
_FIELD: Final = re.compile(r"^([A-Za-z_][\w.,\- ]{0,80}):(.*)$")
_GPU: Final = re.compile(r"^GPU ((?:\d{1,3},){0,63}\d{1,3})$")
_CAPABILITY: Final = re.compile(r"^GPU ((?:\d{1,3},){0,63}\d{1,3}) Compute Capability$")
_NVCC: Final = re.compile(r"release (\d{1,2}\.\d{1,2})")
_DRIVER_AGAIN: Final = re.compile(r"^\d{2,4}\.\d{1,3}(?:\.\d{1,3})?$")  # #661's bare line
# `nvidia-smi topo -m`: the header's device columns, and a GPU's row.
_DEVICE_COLUMN: Final = re.compile(r"^(?:GPU|NIC)\d{1,3}$")
_GPU_ROW: Final = re.compile(r"^GPU(\d{1,3})\s")
_LEGEND: Final = ("Legend:", "NIC Legend:")
_TOPOLOGY: Final = frozenset({"NVIDIA Topology", "AMD Topology"})
_LAST: Final = "ulimit soft"  # the report's last line
_AVAILABLE: Final = frozenset({"CUDA available", "ROCM available"})
_NOT_FOUND: Final = "Module Not Found"
# The modules whose distribution has another name (check_env prints the module's).
_NOT_PACKAGES: Final = frozenset({"CUDA_HOME", "ROCM_HOME", "NVCC", "HIPCC"})
_DISTRIBUTIONS: Final = {"zmq": "pyzmq", "multipart": "python-multipart", "PIL": "pillow"}


class SglangEnv(Reader):
    """check_env's report, from its "Python:" line to its last ("ulimit soft:"), or to the
    first line that is none of its own."""

    def __init__(self) -> None:
        self.columns: list[str] | None = None  # the topology's device columns, once read
        self.topology = False  # inside "NVIDIA Topology:"'s matrix and legend
        self.done = False  # "ulimit soft:" was read
        self.driver = False  # the line before said "CUDA Driver Version"

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, SglangEnv) and bool(_START.match(line))

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.rstrip()
        self.driver = False
        if self.topology and (row := self._topology(line, text)) is not None:
            yield from row
            return
        field = _FIELD.match(text)
        if not field:
            return  # #661's second driver line
        key, value = field.group(1), field.group(2).strip()
        if key in _TOPOLOGY:
            self.topology = True
        elif key == _LAST:
            self.done = True
        elif key == "Python" and (start := _START.match(text)):
            yield line.says(FactKey.PYTHON_VERSION, start.group(1))
        elif key in _AVAILABLE:
            yield line.says(FactKey.CUDA_AVAILABLE, value)
        elif gpu := _GPU.match(key):
            for index in gpu.group(1).split(","):
                yield line.says(FactKey.GPU, value, index=int(index))
        elif capability := _CAPABILITY.match(key):
            for index in capability.group(1).split(","):
                yield line.says(FactKey.GPU_CAPABILITY, value, index=int(index))
        elif key == "NVCC" and (nvcc := _NVCC.search(value)):
            yield line.says(FactKey.NVCC, nvcc.group(1))
        elif key == "CUDA Driver Version":
            self.driver = True
            yield line.says(FactKey.DRIVER, value)
        elif key == "PyTorch":
            yield line.says(FactKey.TORCH_VERSION, value)
        elif value and value != _NOT_FOUND and " " not in key and key not in _NOT_PACKAGES:
            name = versions.canonical_name(_DISTRIBUTIONS.get(key, key))
            if name == "sglang":
                self.version = value
            yield line.says(FactKey.PACKAGE, value, name=name)

    def _topology(self, line: Line, text: str) -> list[Said] | None:
        """A line of the topology matrix or legend (what it says), or None for a line after
        it."""
        stripped = text.strip()
        if self.columns is None and stripped.startswith("GPU0"):
            self.columns = [c for c in stripped.split() if _DEVICE_COLUMN.match(c)]
            return []
        if (row := _GPU_ROW.match(stripped)) and self.columns is not None:
            cells = stripped.split()[1 : 1 + len(self.columns)]
            links = ", ".join(
                f"{column} {cell}"
                for column, cell in zip(self.columns, cells, strict=False)
                if cell != "X"
            )
            return [line.says(FactKey.GPU_LINKS, links, index=int(row.group(1)))]
        if not stripped or text[0] in " \t" or stripped.startswith(("NIC", *_LEGEND)):
            return []
        self.topology = False
        return None

    def ends(self, line: Line) -> bool:
        text = line.text.rstrip()
        if self.done:
            return True
        if self.topology:
            stripped = text.strip()
            return bool(
                stripped
                and text[0] not in " \t"
                and not stripped.startswith(("GPU", "NIC", *_LEGEND))
                and not _FIELD.match(text)
            )
        return not (_FIELD.match(text) or (self.driver and _DRIVER_AGAIN.match(text)))


READER: Final = SglangEnv
