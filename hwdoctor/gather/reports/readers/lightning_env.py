"""Lightning's collect_env_details.py: "cuda:" / "* CUDA:" sections of tab-indented "key:
value" (or "- key: value") lines, then packages and "system:" (OS, processor, python, and
the kernel's version string) (tests/data/reports/lightning_env/, with its source)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import versions
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_START: Final = re.compile(r"^\s*(?:\*\s*)?(?:cuda|CUDA):\s*$")
_SECTION: Final = re.compile(r"^\s*(?:\*\s*)?(cuda|packages|lightning|system)\s*:\s*$", re.I)
_LINE: Final = re.compile(r"^\s+(?:-\s*)?([\w.-]+)\s*:\s*(.*)$")
_SYSTEM: Final = {
    "OS": FactKey.OS,
    "processor": FactKey.LIGHTNING_PROCESSOR,
    "python": FactKey.PYTHON_VERSION,
    "version": FactKey.LIGHTNING_KERNEL,
}


class LightningEnv(Reader):
    """Lightning's report, to its first line that is neither indented nor a section's."""

    def __init__(self) -> None:
        self.section = ""
        self.devices = True  # inside the section _START opens ("cuda:"), the devices'
        self.gpu_named = False  # inside the cuda section's "GPU:" list

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, LightningEnv) and _START.match(line) is not None

    def ends(self, line: Line) -> bool:
        text = line.text
        return bool(text.strip()) and not text[:1].isspace() and not _SECTION.match(text)

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text
        section = _SECTION.match(text)
        if section:
            self.section = section.group(1).lower()
            self.devices = _START.match(text.lower()) is not None
            return
        match = _LINE.match(text)
        if match is None:
            if self.devices and self.gpu_named and text.strip():
                yield line.says(FactKey.GPU, text.strip())  # a GPU name under "GPU:"
            return
        key, value = match.group(1), match.group(2).strip()
        if self.devices:
            if key == "GPU":
                self.gpu_named = True
                if value and value.lower() != "none":
                    yield line.says(FactKey.GPU, value)
            elif key == "available":
                yield line.says(FactKey.CUDA_AVAILABLE, value)
            elif key == "version":
                yield line.says(FactKey.TORCH_CUDA, value)
            return
        self.gpu_named = False
        if self.section == "system":
            if key in _SYSTEM and value:
                yield line.says(_SYSTEM[key], value)
        elif key in ("torch", "pyTorch_version") and value:
            yield line.says(FactKey.TORCH_VERSION, value)
        elif value and value[0].isdigit():
            yield line.says(FactKey.PACKAGE, value, name=versions.canonical_name(key))


READER: Final = LightningEnv
