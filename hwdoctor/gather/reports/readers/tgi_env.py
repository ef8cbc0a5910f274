"""`text-generation-launcher --env`: text-generation-inference's runtime environment.

Its layout is launcher/src/env_runtime.rs (huggingface/text-generation-inference): a logged
"Runtime environment:" line, then "Target: x86_64-unknown-linux-gnu", "Cargo version:
1.70.0", "Commit sha: …", "Docker label: sha-3af1a11" (each "N/A" when the build did not
set it), then "nvidia-smi:" followed by nvidia-smi's output with every line indented three
spaces, or by "N/A" when nvidia-smi could not be run (later versions add "npu-smi:",
"xpu-smi:" and "hpu-smi:" the same way). The indented table opens nvidia-smi's own block,
which reads it (readers/nvidia_smi.py); this block reads the lines before it, and "N/A"
under "nvidia-smi:" (tests/data/reports/tgi_env/, each with its source).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from hwdoctor.gather.reports.readers.protocol import Line, Reader, Said
from hwdoctor.model.pasted import FactKey

# The logged opening line ("2023-10-16T06:54:22.050932Z  INFO text_generation_launcher:
# Runtime environment:"), or the bare line where the log prefix was left out.
_START: Final = "Runtime environment:"
_LAUNCHER: Final = "text_generation_launcher"
_FIELD: Final = re.compile(r"^(Target|Cargo version|Commit sha|Docker label):[ \t]*(\S{1,200})")
_NAMES: Final = {
    "Target": "target",
    "Cargo version": "rustc",
    "Commit sha": "commit",
    "Docker label": "docker label",
}
# A device tool's heading: its output (indented) or "N/A" follows on the next lines.
_TOOL: Final = re.compile(r"^(nvidia-smi|npu-smi|xpu-smi|hpu-smi):$")


class TgiEnv(Reader):
    """The launcher's environment, from "Runtime environment:" to the next tool's block."""

    def __init__(self) -> None:
        self.heading: str | None = None  # the device tool whose output comes next

    @classmethod
    def starts(cls, line: str, open: Reader | None) -> bool:
        text = line.strip()
        return text == _START or (text.endswith(_START) and _LAUNCHER in text)

    def read(self, line: Line) -> Iterator[Said]:
        text = line.text.strip()
        heading, self.heading = self.heading, None
        if heading is not None and text == "N/A":  # the tool could not be run
            yield line.says(FactKey.BUILD, "N/A", name=heading)
            return
        tool = _TOOL.match(text)
        if tool:
            self.heading = tool.group(1)
            return
        field = _FIELD.match(text)
        if field:
            name = _NAMES[field.group(1)]
            if name == "docker label" and field.group(2) != "N/A":
                self.version = field.group(2)
            yield line.says(FactKey.BUILD, field.group(2), name=name)

    def ends(self, line: Line) -> bool:
        # the launcher's next log line ("… INFO text_generation_launcher: Args { … }")
        return _LAUNCHER in line.text and not line.text.strip().endswith(_START)


READER: Final = TgiEnv
