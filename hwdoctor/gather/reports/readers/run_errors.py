"""The errors of a run that no other reader names, wherever they stand in a paste.

Windows refusing one of torch's DLLs at `import torch`, Python's "DLL load failed", an
operation given tensors on two devices, conda finding no package for the platform, and the
host refusing an allocation in a program's words (std::bad_alloc, MemoryError, NumPy's
"Unable to allocate"). Each pattern cites the code that prints the words (issue 38 item 5:
an error line no finding explains is counted, and these are the forms whose cause a rule
decides, diagnosis/pasted.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar, Final

from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.model.pasted import FactKey

# Windows refusing a DLL of torch's lib folder at `import torch`: torch/__init__.py
# (_load_dll_libraries, torch 2.13) loads each DLL of torch\lib with LoadLibraryExW and
# raises the failure as ctypes.WinError with ' Error loading "<dll>" or one of its
# dependencies.' appended: WinError 126, a DLL it needs is not found; 127, a procedure
# missing from a DLL of another release; 193, a DLL not built for this machine. Windows' own
# words are in the system's language ("找不到指定的模块。"): a bounded gap reaches "Error
# loading". Group 1: the error's number; group 2: the DLL's file name.
_TORCH_DLL: Final = re.compile(
    r"\[WinError (12[67]|193)\][^\n]{0,160}?Error loading \"[^\n\"]{0,300}?"
    r"torch[\\/]{1,2}lib[\\/]{1,2}([\w.-]{1,60}\.dll)\""
)
# CPython's words when Windows refuses an extension module's DLL (Python/dynload_win.c,
# 3.8 on: "DLL load failed while importing %U: %s"; before 3.8 "DLL load failed: %s"), as
# torch's Windows FAQ quotes it for `from torch._C import *` (docs/source/notes/windows.rst,
# "Import error"; its "The operating system cannot run %1." is another cause, Anaconda's
# intel-openmp). Group 1: the module, where the words name it.
DLL_LOAD_FAILED: Final = re.compile(
    r"\bDLL load failed(?: while importing ([\w.]{1,80}))?(?=[:\s]|$)"
)
# Windows' error alone, its DLL not named ("OSError: [WinError 126] The specified module could
# not be found." as a title or a summary line restates torch's refusal): group 1, its number.
_WINERROR: Final = re.compile(r"\[WinError (12[67]|193)\]")
# A traceback's frame of torch's own import (torch/__init__.py's `from torch._C import *`): a
# "DLL load failed while importing _C" a few lines after it is torch's extension module.
_TORCH_IMPORT: Final = re.compile(r"\bfrom torch\._C import\b|\btorch[\\/]{1,2}__init__\.py\b")
_TORCH_IMPORT_REACH: Final = 8  # lines: a traceback's frames between the two
# An operation given tensors on two devices. torch's MPS backend given a tensor that is not
# an MPS tensor (aten/src/ATen/native/mps/OperationUtils.mm, Placeholder::Placeholder:
# TORCH_CHECK(src.is_mps(), "Placeholder storage has not been allocated on MPS device!"):
# an input left on the CPU, the check being on the tensor's device alone); and torch's check
# that an operator's tensors share one device (c10/core/impl adaption.cpp
# common_device_check_failure and TensorIterator's,
# torch 2.13 libtorch_cpu: "Expected all tensors to be on the same device, but found at
# least two devices, cuda:0 and cpu!", older "… on the same common device …"; 2.13's "but
# got <argument> is on cpu, different from other tensors on cuda:0").
_DEVICES_APART: Final = re.compile(
    r"\bPlaceholder storage has not been allocated on (MPS) device\b"
    r"|\bExpected all tensors to be on the same (?:common )?device, but found at least two "
    r"devices, ([a-z_]{2,12}(?::\d{1,3})?) and ([a-z_]{2,12}(?::\d{1,3})?)\b"
    r"|\bExpected all tensors to be on the same device, but got [\w.]{1,60} is on "
    r"([a-z_]{2,12}(?::\d{1,3})?), different from other tensors on ([a-z_]{2,12}(?::\d{1,3})?)"
)
# conda's PackagesNotFoundError (conda/conda conda/exceptions.py PackagesNotFoundError: "The
# following packages are not available from current channels:", then each package as asked on
# its own line, "  - pytorch-cuda=12.1", then "Current channels:" and each channel's URL for
# this platform's subdirectory and noarch, "  - https://conda.anaconda.org/pytorch/win-64").
# An issue's title may hold the list on the header's own line.
_CONDA_NOT_FOUND: Final = re.compile(
    r"\bPackagesNotFoundError: The following packages are not available from current channels"
)
_CONDA_LISTED: Final = re.compile(
    r"^\s{0,8}-\s{1,4}([A-Za-z0-9_][\w.+-]{0,80}(?:\[[^\]\n]{0,80}\])?(?:[=<>!~][^\s]{0,100})?)"
    r"\s{0,8}$"
)
_CONDA_INLINE: Final = re.compile(r"\s-\s{1,4}([A-Za-z0-9_][\w.+-]{0,80}(?:[=<>!~][^\s]{0,100})?)")
# conda's solver lines before it ("Solving environment: failed", "… failed with initial frozen
# solve. Retrying with flexible solve."; conda/cli/install.py and conda/core/solve.py): the same
# refusal, on its way
_CONDA_SOLVE: Final = re.compile(r"^\s{0,8}Solving environment: (?:\.{3}working\.{3} )?failed\b")
_CONDA_CHANNELS: Final = re.compile(r"^\s{0,8}Current channels:\s{0,8}$")
# conda's platform subdirectories (conda's docs, "Channels and generating an index": linux-64,
# osx-arm64, win-64, …), at the end of a channel's URL or on conda 23's "Platform: win-64" line.
_CONDA_SUBDIR: Final = (
    r"(linux-64|linux-aarch64|linux-ppc64le|linux-s390x|linux-32|osx-64|osx-arm64|win-64"
    r"|win-32|win-arm64)"
)
_CONDA_CHANNEL: Final = re.compile(
    r"^\s{0,8}-\s{1,4}https?://[^\s]{1,200}/" + _CONDA_SUBDIR + r"/?\s{0,8}$"
)
_CONDA_PLATFORM_LINE: Final = re.compile(r"^\s{0,8}Platform: " + _CONDA_SUBDIR + r"\s{0,8}$")
# The host refusing an allocation in a program's words. libstdc++'s std::bad_alloc, as its
# verbose terminate handler (gcc libstdc++-v3/libsupc++/vterminate.cc: "terminate called after
# throwing an instance of 'std::bad_alloc'", "  what():  std::bad_alloc") or pybind11, which
# translates it into Python's MemoryError ("MemoryError: std::bad_alloc"; pybind11
# detail/exception_translation.h), prints it; CPython's MemoryError (Objects/exceptions.c;
# PyErr_NoMemory raises it with no message, "MemoryError" alone); NumPy's _ArrayMemoryError
# (numpy/_core/_exceptions.py, NumPy 2.4: "Unable to allocate {size} for an array with shape
# {shape} and data type {dtype}", the size in binary units to three figures, "139. MiB" with its
# point; numpy.core._exceptions before 2.0).
# Group 1 (NumPy): the size.
_NUMPY_ALLOC: Final = re.compile(
    r"\bUnable to allocate (\d{1,6}(?:\.\d{0,4})? (?:bytes|[KMGTPE]iB)) for an array with shape\b"
)
# NumPy's exception named without its words (a title's "numpy.core._exceptions._ArrayMemoryError")
_NUMPY_NAMED: Final = re.compile(r"\b_ArrayMemoryError\b")
_BAD_ALLOC: Final = re.compile(
    r"\bterminate called after throwing an instance of '(?:std::)?bad_alloc'"
    r"|\bwhat\(\): {1,4}std::bad_alloc\b|\bMemoryError: std::bad_alloc\b"
)
_MEMORY_ERROR: Final = re.compile(r"^\s{0,8}(?:[\w.]{1,80}\.)?MemoryError(?:: [^\n]{0,200})?\s*$")

# The shortest line a pattern here can match: conda's "- a" (the others are longer).
SHORTEST: Final = 3


class RunErrors(LineReader):
    """A run's errors that no other reader names (see the module's words)."""

    shortest: ClassVar[int] = SHORTEST

    def __init__(self) -> None:
        self.torch_import = -_TORCH_IMPORT_REACH - 1  # the line torch's own import was on
        self.conda = ""  # "packages", then "channels", after conda's PackagesNotFoundError

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        text = line.text
        if len(text) < self.shortest:
            return
        yield from self._conda(line)
        if _TORCH_IMPORT.search(text):
            self.torch_import = line.number
        if refused := _TORCH_DLL.search(text):
            yield line.says(FactKey.MESSAGE_TORCH_DLL, f"{refused[2]} {refused[1]}", name="torch")
        elif winerror := _WINERROR.search(text):
            yield line.says(FactKey.MESSAGE_WINERROR, winerror[1])
        elif failed := DLL_LOAD_FAILED.search(text):
            near = line.number - self.torch_import <= _TORCH_IMPORT_REACH
            # "The operating system cannot run %1." is another cause (the FAQ: Anaconda's
            # intel-openmp), whose module's name is no help: not torch's case here
            torch = (near or "torch" in text[: failed.start()]) and "%1" not in text
            yield line.says(FactKey.MESSAGE_DLL_LOAD_FAILED, failed[1] or "", name=_of(torch))
        if apart := _DEVICES_APART.search(text):
            named = " and ".join(g for g in apart.groups()[1:] if g)
            devices = "placeholder" if apart[1] else named
            yield line.says(FactKey.MESSAGE_DEVICES_APART, devices)
        if numpy := _NUMPY_ALLOC.search(text):
            yield line.says(FactKey.MESSAGE_HOST_ALLOC, f"numpy:{numpy[1]}", name="numpy")
        elif _NUMPY_NAMED.search(text):
            yield line.says(FactKey.MESSAGE_HOST_ALLOC, "numpy:", name="numpy")
        elif bad := _BAD_ALLOC.search(text):
            yield line.says(FactKey.MESSAGE_HOST_ALLOC, f"bad_alloc:{bad[0].strip()}")
        elif _MEMORY_ERROR.match(text):
            yield line.says(FactKey.MESSAGE_HOST_ALLOC, f"memory_error:{text.strip()[:80]}")

    def _conda(self, line: Line) -> Iterator[Said]:
        """conda's PackagesNotFoundError, the packages it lists and its channels' platform."""
        text = line.text
        if platform := _CONDA_PLATFORM_LINE.match(text):
            yield line.says(FactKey.CONDA_PLATFORM, platform[1])
        if _CONDA_SOLVE.match(text):
            yield line.says(FactKey.CONDA_SOLVE_FAILED, "failed")
        if header := _CONDA_NOT_FOUND.search(text):
            self.conda = "packages"
            yield line.says(FactKey.MESSAGE_CONDA_NOT_FOUND, "", name="conda")
            for inline in _CONDA_INLINE.finditer(text, header.end()):
                yield line.says(FactKey.CONDA_PACKAGE_MISSING, inline[1])
            return
        if not self.conda or not text.strip():
            return
        if self.conda == "packages" and (listed := _CONDA_LISTED.match(text)):
            yield line.says(FactKey.CONDA_PACKAGE_MISSING, listed[1])
        elif _CONDA_CHANNELS.match(text):
            self.conda = "channels"
        elif self.conda == "channels" and (channel := _CONDA_CHANNEL.match(text)):
            yield line.says(FactKey.CONDA_PLATFORM, channel[1])
        else:
            self.conda = ""  # conda's words end with the lists


def _of(torch: bool) -> str | None:
    return "torch" if torch else None


READER: Final = RunErrors
