"""bitsandbytes' report: `python -m bitsandbytes`, and the CUDA setup log every import of
bitsandbytes 0.35–0.41 printed.

The layouts are bitsandbytes' own (TimDettmers/bitsandbytes, now
bitsandbytes-foundation/bitsandbytes): cuda_setup/main.py (0.35–0.41) prints a
"===…BUG REPORT…===" banner, "bin <path>/libbitsandbytes_cuda117.so" (0.38–0.41), then
"CUDA SETUP: CUDA runtime path found: <libcudart>", "CUDA SETUP: Highest compute capability
among GPUs detected: 7.0", "CUDA SETUP: Detected CUDA version 117" (0.41: "CUDA SETUP:
PyTorch settings found: CUDA_VERSION=118, Highest Compute Capability: 8.9."), "CUDA SETUP:
Loading binary <path>..." or "CUDA SETUP: Required library version not found: <binary>.
Maybe you need to compile it from source?" and "CUDA SETUP: Defaulting to
libbitsandbytes_cpu.so..."; cextension.py warns "The installed version of bitsandbytes was
compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization
are unavailable." when the CPU library loaded; `python -m bitsandbytes` (__main__.py,
0.42–0.43) prints "++ BUG REPORT INFORMATION ++" sections, "CUDA specs: None" and "Torch
says CUDA is not available. Possible reasons:" when torch.cuda.is_available() is False.
Recordings: tests/data/reports/bitsandbytes/, each with its source. (The 0.44+ header,
"=== bitsandbytes v0.45.0 ===" with "PyTorch:" / "  CUDA:" lines, diagnostics/main.py, has
no recording yet and is not read.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_SETUP: Final = "CUDA SETUP:"
_NO_GPU: Final = "bitsandbytes was compiled without GPU support"
_BANNER: Final = ("BUG REPORT", "BUG REPORT INFORMATION")  # between runs of "=" or "+"
# The binary's file name, at the end of a path ("bin /…/libbitsandbytes_cuda115.so").
_BINARY: Final = re.compile(r"(libbitsandbytes_\w{1,40}\.(?:so|dll|dylib))")
_CAPABILITY: Final = re.compile(
    r"Highest [Cc]ompute [Cc]apability(?: among GPUs detected)?: (\d{1,2}\.\d)"
)
_CUDA: Final = re.compile(r"(?:Detected CUDA version |CUDA_VERSION=)(\d{2,3})\b")
_MISSING: Final = re.compile(
    r"Required library version not found: (libs?bitsandbytes_\w{1,40}\.\w{2,5})"
)  # "libsbitsandbytes_cpu.so": cuda_setup/main.py's own spelling when torch sees no CUDA
_DEFAULTING: Final = re.compile(r"Defaulting to (libbitsandbytes_\w{1,40}\.\w{2,5})")
_RUNTIME: Final = re.compile(r"CUDA runtime path found: (\S{1,500})")


def _banner(line: str) -> bool:
    text = line.strip().strip("=+` ").strip()
    return text in _BANNER


def _cuda(printed: str) -> str:
    """bitsandbytes' CUDA version string as a version: "117" → "11.7", "92" → "9.2"."""
    return f"{printed[:-1]}.{printed[-1]}"


class Bitsandbytes(Reader):
    """The report or the setup log, from its banner (or first setup line) to the next
    tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        if isinstance(open, Bitsandbytes):
            return False
        return _banner(line) or line.startswith(_SETUP) or _NO_GPU in line

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        if _NO_GPU in text:
            if not text.startswith("warn("):  # the warning's source line, quoted after it
                yield line.says(FactKey.BNB_NO_GPU, "compiled without GPU support")
            return
        if text.startswith("bin ") and (binary := _BINARY.search(text)):
            yield line.says(FactKey.BNB_LIBRARY, binary.group(1))
            return
        if text == "CUDA specs: None" or text.startswith("Torch says CUDA is not available"):
            if text.startswith("Torch says"):  # __main__.py: torch.cuda.is_available() False
                yield line.says(FactKey.CUDA_AVAILABLE, "False")
            return
        if not text.startswith(_SETUP):
            return
        if runtime := _RUNTIME.search(text):
            yield line.says(FactKey.INSTALL_PATH, runtime.group(1), name="cudart")
        if capability := _CAPABILITY.search(text):
            yield line.says(FactKey.BNB_CAPABILITY, capability.group(1))
        if cuda := _CUDA.search(text):
            yield line.says(FactKey.BNB_CUDA, _cuda(cuda.group(1)))
        if "Loading binary" in text and (binary := _BINARY.search(text)):
            yield line.says(FactKey.BNB_LIBRARY, binary.group(1))
        if missing := _MISSING.search(text):
            yield line.says(FactKey.BNB_LIBRARY_MISSING, missing.group(1))
        if defaulting := _DEFAULTING.search(text):
            yield line.says(FactKey.BNB_LIBRARY, defaulting.group(1))


READER: Final = Bitsandbytes
