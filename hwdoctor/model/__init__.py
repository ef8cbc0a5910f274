"""The contract: frozen records in three rooms, facts (evidence), decisions and reports."""

from __future__ import annotations

from typing import Final

# major.minor: the minor grows when fields are added, the major when one is removed or
# changes meaning.
SCHEMA_VERSION: Final = "1.6"
