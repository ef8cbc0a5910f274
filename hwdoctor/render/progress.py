"""The status line on stderr while hwdoctor waits on the target: a spinner and the step.

The words come from the probe's own step events (see `gather.probe.runner.observing`),
never from what the target prints. Every step name a payload announces is worded here, and
only here. The line is transient: it is erased before the report is written.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Final

from rich.console import Console
from rich.live import Live
from rich.spinner import Spinner
from rich.text import Text

from hwdoctor.text import printable

# Steps named in full: the payloads' fixed steps, and the command line's own phases.
_WORDS: Final = {
    "start": "starting the probe",
    "torchrun": "checking every rank under torchrun",
    # detect
    "metadata": "reading package metadata",
    "entry points": "reading torch's extension entry points",
    "torch facts": "asking torch about its build",
    "current directory": "looking for modules in the current directory that shadow others",
    "rocm wheels": "reading ROCm's pip wheels",
    "loaded libraries": "reading which GPU libraries torch loaded",
    "loaded libraries after devices": "reading which GPU libraries the first allocation loaded",
    # load
    "cache": "looking for the model in the local cache",
    "hub": "asking the Hub for the model",
    "build tiny Qwen3": "building the tiny Qwen3",
    "plan": "planning where the model would go",
    "load": "loading the model",
    "forward": "running a forward pass",
    "generate": "generating tokens",
    # explain --verify
    "pipeline": "verifying with the real libraries: pipeline()",
    "get_max_memory": "verifying with the real libraries: get_max_memory()",
    "PartialState": "verifying with the real libraries: PartialState",
    "TrainingArguments": "verifying with the real libraries: TrainingArguments",
    # explain --model
    "model": "reading the model's class and config",
    "model_load": "loading the model to see what from_pretrained() sets",
    # a rank under a launcher
    "connect": "joining the job's process group",
    "gather reports": "gathering every rank's report",
    "wait for rank 0": "waiting for rank 0",
    "all_reduce": "running an all_reduce across the ranks",
    "bandwidth": "timing all_reduce, all_gather and each pair of ranks",
    "leave process group": "leaving the process group",
    "gather results": "gathering every rank's all_reduce",
    "gather acknowledgements": "waiting for every rank to finish",
    "wait for done": "waiting for every rank to finish",
}
# Steps named after what they act on: "import torch_npu", "query cuda", "allocate cuda:0".
_PREFIXES: Final = {
    "import ": "importing {}",
    "autoload ": "loading the torch extension {}",
    "query ": "asking torch about {}",
    "memory ": "reading the free memory of {}",
    "accelerator memory ": "asking torch.accelerator for the free memory of {}",
    "allocate ": "allocating a tensor on {}",
}
_ELLIPSIS: Final = "…"


def words(step: str) -> str:
    """What a person reads while `step` runs: "import torch" → "importing torch…"."""
    phrase = _WORDS.get(step)
    if phrase is None:
        prefix = next((p for p in _PREFIXES if step.startswith(p) and len(step) > len(p)), None)
        phrase = _PREFIXES[prefix].format(step[len(prefix) :]) if prefix else step
    return printable(phrase) + _ELLIPSIS


class StepStatus:
    """A spinner and the step under way, on stderr, redrawn in place and erased on exit.

    Steps may come from two payloads at once (the probe and `explain --verify`'s libraries),
    each from the thread that follows it: the line names the latest step still open, and
    keeps naming the last one between steps rather than flicker.
    """

    def __init__(self, first_step: str = "start") -> None:
        self._open: list[str] = []
        self._lock = threading.Lock()
        self._spinner = Spinner("dots", self._line(first_step), style="cyan")
        self.shown = first_step
        # stdout is not redirected: Rich would send it to this console, that is to stderr.
        # The report is written after the line is gone.
        self._live = Live(
            self._spinner,
            console=Console(stderr=True, highlight=False),
            refresh_per_second=12.5,
            transient=True,
            redirect_stdout=False,
            redirect_stderr=True,
        )

    @staticmethod
    def _line(step: str) -> Text:
        return Text(words(step), no_wrap=True, overflow="ellipsis")

    def on_step(self, name: str, began: bool) -> None:
        """A `runner.StepObserver`: a step of a payload began or ended."""
        with self._lock:
            if began:
                self._open.append(name)
            elif name in self._open:
                self._open.remove(name)
            shown = self._open[-1] if self._open else self.shown
            if shown != self.shown:
                self.shown = shown
                self._spinner.update(text=self._line(shown))

    def __enter__(self) -> StepStatus:
        self._live.start(refresh=True)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._live.stop()
