"""NumPy's C-API versions and the releases that have them (issue 38, s18-build).

A compiled module asks for NumPy's C-API tables when it imports (`import_array()`), and the
function doing it (`_import_array`, generated into `__multiarray_api.h` by
numpy/_core/code_generators/generate_numpy_api.py) compares the C-API ("feature") version the
module was built for with the running NumPy's: where the module's is higher it raises
"module compiled against API version 0x%x but this version of numpy is 0x%x" (NumPy 1.x,
numpy/core/code_generators/generate_numpy_api.py @ v1.26.4, 9815c16f), "module was compiled
against NumPy C-API version 0x%x (NumPy X.Y) but the running NumPy has C-API version 0x%x"
(NumPy 2, the same generator under numpy/_core/ @ v2.5.2, 48fecee5). The running NumPy is
then older than the one the module was built against, and the remedy is a NumPy at least
as new as the first release of that C-API version.

Which release has which C-API version is numpy's own record of them,
numpy/_core/code_generators/cversions.txt @ v2.5.2 (48fecee5453aa1d31e6b79dcb3969dc1a6d1a891):
its comments name each version's releases ("# Version 11 (NumPy 1.13)", "# Version 12 (NumPy
1.15) No change."). Version 8 names no release there and has no row: a module built for it
gets no release named, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class CApi:
    """One C-API version: the first and the last NumPy release (x.y) cversions.txt gives it."""

    version: int
    first: str
    last: str

    def releases(self) -> str:
        """ "1.10–1.12", or "1.13" where one release has it."""
        return self.first if self.first == self.last else f"{self.first}\u2013{self.last}"


# numpy/_core/code_generators/cversions.txt @ v2.5.2, one row a version that names its releases
C_API: Final = (
    CApi(0x6, "1.6", "1.6"),
    CApi(0x7, "1.7", "1.7"),
    CApi(0x9, "1.8", "1.9"),
    CApi(0xA, "1.10", "1.12"),
    CApi(0xB, "1.13", "1.13"),
    CApi(0xC, "1.14", "1.15"),
    CApi(0xD, "1.16", "1.19"),
    CApi(0xE, "1.20", "1.21"),
    CApi(0xF, "1.22", "1.22"),
    CApi(0x10, "1.23", "1.24"),
    CApi(0x11, "1.25", "1.26"),
    CApi(0x12, "2.0", "2.0"),
    CApi(0x13, "2.1", "2.2"),
    CApi(0x14, "2.3", "2.3"),
    CApi(0x15, "2.4", "2.4"),
    CApi(0x16, "2.5", "2.6"),
)
_BY_VERSION: Final = {row.version: row for row in C_API}
# NumPy 2.0's C-API version (cversions.txt "Version 18 (NumPy 2.0.0)"): a module built for an
# older one is built against NumPy 1, which NumPy 2 refuses (python.numpy_abi), so a NumPy 1
# module's remedy stays below 2
NUMPY2: Final = 0x12


def of(version: int) -> CApi | None:
    """The row of a C-API version; None for one cversions.txt names no release of."""
    return _BY_VERSION.get(version)
