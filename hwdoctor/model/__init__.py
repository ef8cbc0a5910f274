"""The contract: frozen records in three rooms, facts (evidence), decisions and reports."""

from __future__ import annotations

from enum import Enum
from typing import Final

# major.minor: the minor grows when fields are added, the major when one is removed or
# changes meaning.
SCHEMA_VERSION: Final = "1.13"


class Dtype(str, Enum):
    """The dtypes `hwdoctor load --dtype` loads a model's weights in ("auto": its config's).
    Here, not in the command line, so that the load use case reads the same values: defined
    in the contract's package, which imports nothing else."""

    AUTO = "auto"
    FLOAT32 = "float32"
    BFLOAT16 = "bfloat16"
    FLOAT16 = "float16"
