"""neuron-ls: AWS Neuron's device listing (Inferentia, Trainium).

The layout, as AWS's documents print the tool's output (tests/data/reports/neuron_ls/, each
with its source; aws-neuron-sdk tools/neuron-sys-tools/neuron-ls.rst describes the columns):
a header of two rows, "| NEURON | NEURON | NEURON | CONNECTED | PCI | …" over "| DEVICE |
CORES | MEMORY | DEVICES | BDF | …" (later versions add "CORE IDS", "PID", "COMMAND",
"RUNTIME VERSION", …), then a row per Neuron device: its logical ID, its NeuronCores, its
memory ("| 0      | 4      | 8 GB   | 1         | 0000:00:1c.0 |"). A process's
continuation row leaves the device's cells blank. The tool names no device model: a device
is told by its cores and memory, as the table gives them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

_HEADER: Final = re.compile(r"^\|\s?NEURON\s?\|\s?NEURON\s?\|")
# A device's row: logical ID, NeuronCores, memory. (The layout with a "CORE IDS" column
# between cores and memory has no recording yet and is not read.)
_ROW: Final = re.compile(
    r"^\|\s?(\d{1,3})\s{1,8}\|\s?(\d{1,3})\s{1,8}\|\s?(\d{1,5} [GM]B)\s{0,8}\|"
)
# Neuron's backend, found by its vendor tool (hwdoctor/registry.py).
_NEURON: Final = registry.key_of_tool("neuron-ls")


class NeuronLs(Reader):
    """neuron-ls's table, from its header to the next tool's block."""

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        return not isinstance(open, NeuronLs) and _HEADER.match(line.strip()) is not None

    def read(self, line: Line) -> Iterator[Said]:
        row = _ROW.match(line.text.strip())
        if row:
            device = f"NeuronDevice ({row.group(2)} NeuronCores, {row.group(3)})"
            yield line.says(FactKey.DEVICE, device, index=int(row.group(1)), name=_NEURON)


READER: Final = NeuronLs
