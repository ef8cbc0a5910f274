"""DeepSpeed's `ds_report` (`python -m deepspeed.env_report`).

Its layout is deepspeed/env_report.py (deepspeedai/DeepSpeed): `op_report` prints "DeepSpeed
C++/CUDA extension op report" (0.3: "DeepSpeed cpp/cuda extension op report"), then a row
per op, its name, dots, then "[YES]"/"[NO]" (installed) and "[OKAY]"/"[NO]" (compatible),
each op's "[WARNING]" lines above its row; `debug_report` prints "DeepSpeed general
environment info:" then "name ...... value" rows: "torch install path", "torch version",
"deepspeed install path", "deepspeed info" ("0.12.5, <git hash>, <branch>"), and on a CUDA
accelerator "torch cuda version", "torch hip version", "nvcc version", "deepspeed wheel
compiled w." ("torch 2.1, cuda 12.1"); on an NPU "torch_npu install path", "torch_npu
version", "ascend_cann version"; last "shared memory (/dev/shm) size". DeepSpeed's import
logs the accelerator first: "[real_accelerator.py:203:get_accelerator] Setting
ds_accelerator to cuda (auto detect)" (deepspeed/accelerator/real_accelerator.py).
Recordings: tests/data/reports/ds_report/, each with its source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_OP_REPORT: Final = ("extension op report", "DeepSpeed")  # both on the line
_GENERAL: Final = "DeepSpeed general environment info"
_ACCELERATOR: Final = re.compile(r"Setting ds_accelerator to (\w{1,20})")
# An op row's value: installed, dots, compatible ("[NO] ....... [OKAY]").
_OP: Final = re.compile(r"^\[(YES|NO)\][ .]{1,40}\[(OKAY|NO)\]")
_VERSION: Final = re.compile(r"^\d{1,4}(?:\.\w{1,20}){0,4}")
# The Ascend row's backend, found by its vendor tool (hwdoctor/registry.py).
_NPU: Final = registry.key_of_tool("npu-smi")
_PATHS: Final = {
    "torch install path": "torch",
    "deepspeed install path": "deepspeed",
    "torch_npu install path": "torch-npu",
}


def _row(text: str) -> tuple[str, str] | None:
    """A "name ...... value" row (the name may hold a dot, "compiled w."; the dots may be
    one, "stochastic_transformer . [NO]"), or None."""
    at = text.find(" .")
    if at < 1:
        return None
    rest = text[at:].lstrip(" .")
    return (text[:at].strip(), rest.strip()) if rest else None


class DsReport(Reader):
    """ds_report's op table and general information, from its first line to the next tool's."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        if isinstance(open, DsReport):
            return False
        if _GENERAL in line or all(word in line for word in _OP_REPORT):
            return True
        if "ds_accelerator" in line and _ACCELERATOR.search(line):
            return True
        row = _row(line.strip())
        return row is not None and _OP.match(row[1]) is not None

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        if "ds_accelerator" in text:
            accelerator = _ACCELERATOR.search(text)
            if accelerator:
                yield line.says(FactKey.ACCELERATOR, accelerator.group(1))
            return
        row = _row(text)
        if row is None:
            return
        name, value = row
        op = _OP.match(value)
        if op:
            yield line.says(FactKey.EXTENSION_OP, f"{op.group(1)}, {op.group(2)}", name=name)
            return
        said = value != "None"
        if name in _PATHS:
            yield line.says(FactKey.INSTALL_PATH, value.strip("[]'\""), name=_PATHS[name])
        elif name == "torch version":
            yield line.says(FactKey.TORCH_VERSION, value)
        elif name == "deepspeed info":
            self.version = value.split(",")[0].strip()
            yield line.says(FactKey.PACKAGE, self.version, name="deepspeed")
        elif name == "torch cuda version" and said:
            yield line.says(FactKey.TORCH_CUDA, value)
        elif name == "torch hip version" and said:
            yield line.says(FactKey.TORCH_HIP, value)
        elif name == "nvcc version" and (nvcc := _VERSION.match(value)):
            yield line.says(FactKey.NVCC, nvcc.group(0))
        elif name == "deepspeed wheel compiled w.":
            yield line.says(FactKey.BUILD, value, name="deepspeed wheel")
        elif name == "torch_npu version":
            yield line.says(FactKey.PACKAGE, value, name="torch-npu")
        elif name == "ascend_cann version" and said:
            yield line.says(FactKey.DEVICE_SOFTWARE, value, name=_NPU)


READER: Final = DsReport
