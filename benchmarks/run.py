"""Side-by-side timings of hwdoctor against the floor and the peers, written to BENCHMARKS.md.

Each case pairs a hwdoctor command (A) with what it is measured against (B). A and B run
alternately, after a warm-up, so drift on a shared machine hits both; the table reports
the median of each and the ratio A/B. Peak RSS is the hwdoctor CLI process alone (its
probe subprocess excluded).

What is timed is hwdoctor as users get it: the `hwdoctor` executable and the interpreter of a
venv holding a regular (not editable) install of it, `.bench-venv`, which `make bench` builds
and refreshes from this checkout before it runs this script. The script itself runs in the
dev venv (its fake-world setups import tests/). Every command runs outside the checkout, so
`python -c` and `python -m` cannot import hwdoctor from it either.

    python benchmarks/run.py [--venv .bench-venv] [--runs N] [--only SUBSTRING]
                             [--output BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VENV = ROOT / ".bench-venv"
# Set by main() from --venv: the interpreter and the scripts directory of the venv under test.
PYTHON = ""
BIN = Path()
HWDOCTOR: list[str] = []


def use_venv(venv: Path) -> None:
    """Time the executables of `venv`; its python is a symlink, kept as is (not resolved)."""
    global PYTHON, BIN, HWDOCTOR
    BIN = venv.absolute() / ("Scripts" if os.name == "nt" else "bin")
    PYTHON = str(BIN / ("python.exe" if os.name == "nt" else "python"))
    HWDOCTOR = [str(BIN / "hwdoctor")]


@dataclass
class Case:
    name: str
    a: Sequence[str]
    b: Sequence[str] | None  # None: A alone, against an absolute budget in seconds
    budget: float | None  # the ratio A/B (or A's seconds) must stay at or below this
    note: str = ""
    env: dict[str, str] = field(default_factory=dict)
    setup: Callable[[Path], dict[str, str]] | None = None  # builds a world, returns its env
    runs: int | None = None  # fewer runs for slow cases
    detail: Callable[[], str] | None = None  # what the run found, added to the note


def floor_typer_rich() -> list[str]:
    return [PYTHON, "-c", "import typer, rich.console, rich.table"]


def floor_torch() -> list[str]:
    return [PYTHON, "-c", "import torch"]


# What the load payload imports before its first step (gather/probe/payload_load.py
# build_default, where the benchmark's extension hangs torch.manual_seed).
LOAD_IMPORTS = "import torch; from transformers import Qwen3Config, Qwen3ForCausalLM"


def floor_hang(imports: Sequence[str], timeout: int, *, together: bool = False) -> list[str]:
    """What a run with a hung step cannot avoid: a fresh interpreter running each of `imports`
    (Python statements)
    (detect: the probe before the hang, then the second probe that reports the rest
    without the step that hung, one after the other; load: the probe and the load payload,
    started together), then the timeout's whole window of no progress. The budget is what
    hwdoctor adds to that: stopping the probe and its children, and the report."""
    script = (
        "import subprocess, sys, time\n"
        "runs = [subprocess.Popen([sys.executable, '-c', m])"
        f" for m in {list(imports)!r}]"
        if together
        else "import subprocess, sys, time\nruns = []\n"
        f"for m in {list(imports)!r}:\n"
        "    runs.append(subprocess.Popen([sys.executable, '-c', m]))\n"
        "    runs[-1].wait()"
    ) + f"\nassert all(r.wait() == 0 for r in runs)\ntime.sleep({timeout})\n"
    return [PYTHON, "-c", script]


def cases() -> list[Case]:
    return [
        Case("hwdoctor --help", [*HWDOCTOR, "--help"], floor_typer_rich(), 1.2,
             "floor: import typer, rich.console, rich.table"),
        Case("hwdoctor list", [*HWDOCTOR, "list"], floor_typer_rich(), 1.2,
             "floor: import typer, rich.console, rich.table"),
        Case("hwdoctor detect", [*HWDOCTOR, "detect"], floor_torch(), 1.0,
             "floor: python -c 'import torch'"),
        Case("hwdoctor detect vs accelerate env", [*HWDOCTOR, "detect"],
             [str(BIN / "accelerate"), "env"], 0.8, "peer: accelerate env (imports torch too)"),
        Case("hwdoctor detect vs transformers env", [*HWDOCTOR, "detect"],
             [str(BIN / "transformers"), "env"], 0.8, "peer: transformers env"),
        Case("hwdoctor detect vs torch collect_env", [*HWDOCTOR, "detect"],
             [PYTHON, "-m", "torch.utils.collect_env"], None,
             "peer: python -m torch.utils.collect_env (no budget set)"),
        Case("detect, 8 extension packages installed", [*HWDOCTOR, "detect"],
             [PYTHON, "-c", "import torch, " + ", ".join(EXTENSIONS)], 1.15,
             "floor: import torch and the 8 extensions", setup=eight_extensions),
        Case("detect, an extension import takes 3 s", [*HWDOCTOR, "detect"],
             [PYTHON, "-c", "import torch, torch_mlu"], 1.15,
             "floor: import torch and that extension", setup=slow_extension),
        Case("hwdoctor explain", [*HWDOCTOR, "explain"], [*HWDOCTOR, "detect"], 1.05,
             "hwdoctor detect: explain adds no probe and no torch import"),
        Case("hwdoctor explain --verify", [*HWDOCTOR, "explain", "--verify"],
             [PYTHON, str(ROOT / "benchmarks" / "plain_verify.py")], 1.2,
             "a plain script making the same library calls (benchmarks/plain_verify.py)"),
        Case("hwdoctor load DIR --device cpu", [*HWDOCTOR, "load", TINY_DIR, "--device", "cpu"],
             [PYTHON, str(ROOT / "benchmarks" / "plain_load.py"), TINY_DIR], 1.2,
             "a plain script: from_pretrained, forward, 8-token generate (plain_load.py)",
             setup=tiny_qwen3),
        Case("load Qwen/Qwen3-0.6B --offline, empty cache", [*HWDOCTOR, "load",
             "Qwen/Qwen3-0.6B", "--offline"], None, 10.0,
             "seconds, absolute: fails fast with a clear message", setup=empty_cache),
        Case("load Qwen/Qwen3-0.6B, no network, empty cache", [*HWDOCTOR, "load",
             "Qwen/Qwen3-0.6B"], None, 5.0,
             "seconds, absolute: names the unreachable Hub, no retries", setup=no_network),
        Case("detect --nproc 2 --timeout 5, rank 1 never joins", [*HWDOCTOR, "detect",
             "--nproc", "2", "--timeout", "5"], None, 15.0,
             "seconds, absolute: the timeout plus 10 s", setup=stalled_rank, runs=1),
        # The no-progress window starts after torch's import, and detect probes again
        # without the step that hung: an absolute "timeout plus 5 s" measured the
        # machine's import of torch, twice, more than hwdoctor.
        Case("detect --timeout 10, an extension import hangs", [*HWDOCTOR, "detect",
             "--timeout", "10"], floor_hang(("import torch", "import torch"), 10), 1.25,
             "floor: import torch twice, then 10 s (the probe, the hang, the second probe)",
             setup=hung_extension, runs=3),
        Case("detect --timeout 5, an extension's setpgrp child, then a hang", [*HWDOCTOR,
             "detect", "--timeout", "5"], floor_hang(("import torch", "import torch"), 5), 1.25,
             "floor: import torch twice, then 5 s; the child dies with the probe",
             setup=setpgrp_sleeper, runs=3),
        Case("load --timeout 5, chatter on stderr while a step hangs", [*HWDOCTOR, "load",
             "--device", "cpu", "--timeout", "5"], floor_hang(("import torch",
             LOAD_IMPORTS), 5, together=True), 1.25, "floor: import torch, and the load "
             "payload's imports (torch, transformers' Qwen3 classes), side by side (the probe, "
             "the payload), then 5 s; stderr is no progress",
             setup=chatter_then_hang, runs=3),
        Case("detect --from a pasted report (collect_env + nvidia-smi)", [*HWDOCTOR, "detect",
             "--from", PASTED], [*HWDOCTOR, "detect"], 0.25,
             "hwdoctor detect, live: a report is read without torch or a probe"),
        Case("explain --from a pasted report (collect_env)", [*HWDOCTOR, "explain", "--from",
             PASTED_COLLECT_ENV], [*HWDOCTOR, "explain"], 0.25,
             "hwdoctor explain, live: each decision from a paste, without torch or a probe"),
        Case("detect --from a 50 MB paste", [*HWDOCTOR, "detect", "--from", BIG_PASTE], None,
             2.0, "seconds, absolute: read up to 1 MiB, the rest skipped and said",
             setup=big_paste, runs=3),
        Case("detect --from 50 MB of report lines that each say something", [*HWDOCTOR,
             "detect", "--from", SAYING_PASTE], None, 2.0,
             "seconds, absolute: 1 MiB of fact-bearing lines read, each fact once indexed",
             setup=saying_paste, runs=3),
        Case("detect --from 50 MB of distinct lines that each say something", [*HWDOCTOR,
             "detect", "--from", DISTINCT_PASTE], None, 2.0,
             "seconds, absolute: 1 MiB of fact-bearing lines, no two equal, each read afresh",
             setup=distinct_paste, runs=3),
        Case("detect --from 50 MB of error lines no finding reads", [*HWDOCTOR, "detect",
             "--from", ERROR_PASTE], None, 2.0,
             "seconds, absolute: each line tried once, the first 200 kept, all counted",
             setup=error_paste, runs=3),
        Case("detect --from 1 MiB of short and blank lines", [*HWDOCTOR, "detect", "--from",
             SHORT_PASTE], None, 5.0,
             "seconds, absolute: 500,000 lines, each too short for a message, read as such "
             "(it took 10 to 24 s)", setup=short_paste, runs=3),
        Case("detect --from a paste listing 1,000 GPUs, --format markdown", [*HWDOCTOR,
             "detect", "--from", GPU_PASTE, "--format", "markdown"], None, 2.0,
             "seconds, absolute: one finding per GPU model, not per line (33 KB, a body "
             "GitHub takes)", setup=gpu_paste, runs=3),
        Case("detect --from a fleet of 1,000 nodes' evidence files", [*HWDOCTOR, "detect",
             "--from", FLEET, "--require", "cuda>=8"], None, 5.0,
             "seconds, absolute: made from tests/data/evidence, 3 odd nodes named first "
             "(tests/fleetgen.py)", setup=fleet, runs=3),
        Case("the probe's maps reader on a 100,000-line /proc/self/maps", [PYTHON, str(
             ROOT / "benchmarks" / "loaded_scan.py"), "maps", BIG_MAPS], None, 2.0,
             "seconds, absolute: read, matched against every library family "
             "(loaded_scan.py)", setup=big_maps, runs=3),
        Case("the kernel-log scan of a 50 MB log", [PYTHON, str(ROOT / "benchmarks" /
             "loaded_scan.py"), "kmsg", BIG_LOG_ROOT], None, 3.0,
             "seconds, absolute: 50 MB of kernel lines with the recorded Xid lines among "
             "them (loaded_scan.py)", setup=big_log, runs=3),
        Case("reader patterns on 64 KB adversarial lines", [PYTHON, str(ROOT / "benchmarks" /
             "regex_lines.py"), "--json", REGEX_SUMMARY], None, 30.0,
             "seconds, absolute, every pattern on every line (regex_lines.py)", runs=1,
             detail=regex_detail),
        Case("each reader on a MiB of 2,000-character adversarial lines", [PYTHON,
             str(ROOT / "benchmarks" / "regex_lines.py"), "--pastes", "--json",
             PASTES_SUMMARY], None, 120.0,
             "seconds, absolute, a MiB per reader module read by read() (regex_lines.py "
             "--pastes)", runs=1, detail=pastes_detail),
        Case("detect, an extension leaves a daemon holding the pipes", [*HWDOCTOR, "detect"],
             [*HWDOCTOR, "detect"], 1.3,
             "hwdoctor detect without it: no waiting for the pipes to close",
             setup=pipe_holding_daemon),
    ]  # fmt: skip


TINY_DIR = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-tiny-qwen3")
PASTED = str(ROOT / "tests/data/reports/issue_body/pt43058-collect-env-plus-nvidia-smi-v100.md")
PASTED_COLLECT_ENV = str(
    ROOT / "tests/data/reports/collect_env/vllm3482-torch2.1.2-cu121-l4-driver535.txt"
)
BIG_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-50mb-paste.txt")


BIG_MAPS = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-100k-maps")
BIG_LOG_ROOT = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-50mb-log")


def big_maps(root: Path) -> dict[str, str]:
    """100,000 lines of this process's own /proc/self/maps, repeated (the real format)."""
    own = Path("/proc/self/maps").read_bytes().splitlines(keepends=True)
    with open(BIG_MAPS, "wb") as handle:
        handle.write(b"".join((own * (100_000 // len(own) + 1))[:100_000]))
    return {}


def big_log(root: Path) -> dict[str, str]:
    """50 MB of kernel-log lines, the recorded Xid lines spread among them, as dev/kmsg."""
    xids = (ROOT / "tests/data/real/kernel-log/xid-lines.txt").read_bytes()
    filler = b"[ 1234.567890] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    block = filler * 20_000 + xids
    kmsg = Path(BIG_LOG_ROOT) / "dev" / "kmsg"
    kmsg.parent.mkdir(parents=True, exist_ok=True)
    kmsg.write_bytes(block * (50 * 1024 * 1024 // len(block)))
    return {}


def big_paste(root: Path) -> dict[str, str]:
    """A real collect_env report followed by 50 MB of package lines."""
    line = b"[pip3] some-package==1.0.0 " + b"x" * 70 + b"\n"
    with open(BIG_PASTE, "wb") as handle:
        handle.write(Path(PASTED).read_bytes())
        handle.write(line * (50 * 1024 * 1024 // len(line)))
    return {}


SAYING_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-50mb-saying.txt")
# Real report lines that each give facts (anomalib#908, FramePack-ZLUDA#4): a paste of them
# alone costs the reader the most per byte.
SAYING_LINES = (
    ROOT
    / "tests/data/reports_heldout_github_mixed_colab_kaggle_scatter"
    / "anomalib908-pip-install-swaps-torch-to-1.12.0-cpu-1080ti.md",
    ROOT
    / "tests/data/reports_heldout_github_mixed_rdna_torchtext"
    / "framepackzluda4-rx9070xt-gfx1201-tensilelibrary-hip-sdk-6.2.md",
)


def saying_paste(root: Path) -> dict[str, str]:
    """50 MB of report lines that hwdoctor reads facts from, repeated."""
    said = [
        line + b"\n"
        for path in SAYING_LINES
        for line in path.read_bytes().splitlines()
        if b"1.12.0+cpu" in line or b"GPU models" in line or b"GPU arch" in line
    ]
    block = b"".join(said)
    with open(SAYING_PASTE, "wb") as handle:
        handle.write(block * (50 * 1024 * 1024 // len(block)))
    return {}


DISTINCT_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-50mb-distinct.txt")
# Lines of a real collect_env report (pytorch#43058), each with a counter in its value, so no
# two lines of the paste are equal and no line's reading can be replayed.
DISTINCT_LINES = (
    b"GPU %d: Tesla V100-PCIE-16GB\n",
    b"[pip3] numpy==1.19.%d\n",
    b"[conda] numpy                     1.19.%d                    <pip>\n",
)


def distinct_paste(root: Path) -> dict[str, str]:
    """50 MB of report lines that hwdoctor reads facts from, no two the same."""
    size, count = 50 * 1024 * 1024, 0
    with open(DISTINCT_PASTE, "wb") as handle:
        while size > 0:
            block = b"".join(line % (count + n) for n in range(4096) for line in DISTINCT_LINES)
            handle.write(block[:size])
            size -= len(block)
            count += 4096
    return {}


ERROR_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-50mb-errors.txt")


def error_paste(root: Path) -> dict[str, str]:
    """A torch version, then 50 MB of error lines no finding reads."""
    lines = (
        b"RuntimeError: No CUDA GPUs are available\n"
        b"Segmentation fault (core dumped)\n"
        b"RuntimeError: CUDA error: an illegal memory access was encountered\n"
    )
    with open(ERROR_PASTE, "wb") as handle:
        handle.write(b"torch 2.1.0+cu121\n")
        handle.write(lines * (50 * 1024 * 1024 // len(lines)))
    return {}


SHORT_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-short-lines.txt")


def short_paste(root: Path) -> dict[str, str]:
    """A real collect_env report, then `yes`'s lines and blank lines up to 1 MiB."""
    with open(SHORT_PASTE, "wb") as handle:
        handle.write(Path(PASTED_COLLECT_ENV).read_bytes())
        handle.write(b"y\n\n" * (1024 * 1024 // 3))
    return {}


GPU_PASTE = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-1000-gpus.md")


def gpu_paste(root: Path) -> dict[str, str]:
    """collect_env's layout with 1,000 GPU lines of one model: each was a finding that
    judged every wheel against every GPU (hours); one model is one finding."""
    head = ["Collecting environment information...", "PyTorch version: 2.6.0+cu124",
            "CUDA used to build PyTorch: 12.4", "OS: Ubuntu 22.04.4 LTS (x86_64)",
            "Is CUDA available: True", "GPU models and configuration: "]  # fmt: skip
    gpus = [f"GPU {index % 1000}: NVIDIA GeForce RTX 5090" for index in range(1000)]
    text = "\n".join([*head, *gpus, "Nvidia driver version: 570.86.10"]) + "\n"
    Path(GPU_PASTE).write_text(text, encoding="utf-8")
    return {}


FLEET = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-fleet")


def fleet(root: Path) -> dict[str, str]:
    """1,000 nodes' evidence files, as `--save-evidence 'DIR/{host}.json'` writes them."""
    import shutil

    sys.path.insert(0, str(ROOT))
    from tests import fleetgen

    shutil.rmtree(FLEET, ignore_errors=True)
    fleetgen.write(Path(FLEET), 1000)
    return {}


REGEX_SUMMARY = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-regex.json")


def regex_detail() -> str:
    """The slowest pattern on one line, and the module whose slowest line grew most from 32
    to 64 KB (twice as long: linear; four times: quadratic), from regex_lines.py's summary."""
    try:
        summary = json.loads(Path(REGEX_SUMMARY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "no summary written"
    name, seconds = summary["slowest"][0]
    doubling = {m: r["doubling"] for m, r in summary["modules"].items() if r.get("doubling")}
    grew = max(doubling, key=doubling.__getitem__)
    return (f"{summary['patterns']} patterns, {summary['lines']} lines; slowest line: "
            f"{seconds * 1000:.0f} ms ({name.rsplit('.', 1)[-1]}); 64 KB against 32 KB at "
            f"most {doubling[grew]:.1f}x ({grew.rsplit('.', 1)[-1]})")  # fmt: skip


PASTES_SUMMARY = str(Path(tempfile.gettempdir()) / "hwdoctor-bench-pastes.json")


def pastes_detail() -> str:
    """The reader whose adversarial MiB took longest against a benign one."""
    try:
        summary = json.loads(Path(PASTES_SUMMARY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "no summary written"
    name, row = summary["worst"]
    return (
        f"{len(summary['modules'])} modules; benign MiB {summary['benign_s']:.2f} s; "
        f"worst {row['adversarial_s']:.2f} s, {row['ratio']:.2f}x "
        f"({name.rsplit('.', 1)[-1]})"
    )


TINY_QWEN3 = """
import sys
from transformers import Qwen3Config, Qwen3ForCausalLM
Qwen3ForCausalLM(Qwen3Config(vocab_size=512, hidden_size=64, intermediate_size=128,
    num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=16,
    max_position_embeddings=256)).save_pretrained(sys.argv[1])
"""


def tiny_qwen3(root: Path) -> dict[str, str]:
    """A tiny model saved where both sides of the case read it; no download."""
    subprocess.run([PYTHON, "-c", TINY_QWEN3, TINY_DIR], check=True)
    return {"HF_HUB_OFFLINE": "1"}


# The registry's extension modules: one of each, importable, as a crowded machine has them.
EXTENSIONS = (
    "torch_neuronx", "torch_tpu", "habana_frameworks.torch", "torch_npu", "torch_mlu",
    "torch_musa", "torch_xla", "torch_sdaa",
)  # fmt: skip


def _world(root: Path) -> Any:
    sys.path.insert(0, str(ROOT))
    from tests.fakeworld import World

    return World(root)


def eight_extensions(root: Path) -> dict[str, str]:
    world = _world(root / "eight")
    world.privateuse1("npu", devices=())  # the one that registers a backend
    for module in EXTENSIONS:
        if module != "torch_npu":
            world.faulty(module, behaviour="sleep:0")  # imports, does nothing
    return world.env()


def slow_extension(root: Path) -> dict[str, str]:
    world = _world(root / "slow")
    world.faulty("torch_mlu", dist="torch-mlu", behaviour="sleep:3")
    return world.env()


def stalled_rank(root: Path) -> dict[str, str]:
    from tests.test_distributed import stall_rank_one

    world = _world(root / "stalled")
    stall_rank_one(world)
    return world.env()


def empty_cache(root: Path) -> dict[str, str]:
    return {"HF_HOME": str(root / "empty-hf-home")}


def no_network(root: Path) -> dict[str, str]:
    """Downloads on, but every socket refused (tests/test_no_network.py's guard)."""
    sys.path.insert(0, str(ROOT))
    from tests.test_no_network import GUARD

    guard = root / "no-network"
    guard.mkdir(exist_ok=True)
    (guard / "sitecustomize.py").write_text(GUARD, encoding="utf-8")
    return {
        "PYTHONPATH": str(guard),
        "HWDOCTOR_NETWORK_LOG": str(root / "network.log"),
        "HF_HOME": str(root / "no-network-hf-home"),
        "HF_HUB_OFFLINE": "0",  # whatever this machine sets: the Hub is asked
        "TRANSFORMERS_OFFLINE": "0",
    }


def hung_extension(root: Path) -> dict[str, str]:
    world = _world(root / "hung").faulty("torch_npu", dist="torch-npu", behaviour="hang")
    return world.env()


def _misbehaving(root: Path, source: str) -> dict[str, str]:
    """An extension package torch_mlu whose import runs `source` (tests/misbehaving.py)."""
    site = root / "site"
    (site / "torch_mlu").mkdir(parents=True, exist_ok=True)
    (site / "torch_mlu" / "__init__.py").write_text(source)
    info = site / "torch_mlu-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: torch-mlu\nVersion: 1.0\n")
    return {"PYTHONPATH": str(site)}


def setpgrp_sleeper(root: Path) -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    from tests import misbehaving

    return _misbehaving(root / "setpgrp", misbehaving.SETPGRP_SLEEPER_THEN_HANG)


def chatter_then_hang(root: Path) -> dict[str, str]:
    """An auto-loaded extension (no vendor's name, so the libraries ignore it) whose thread
    writes to stderr every half second while torch.manual_seed hangs; the status line on."""
    sys.path.insert(0, str(ROOT))
    from tests import misbehaving

    site = root / "chatter" / "site"
    (site / "chatter").mkdir(parents=True, exist_ok=True)
    (site / "chatter" / "__init__.py").write_text(misbehaving.CHATTER_THEN_HANG_IN_MANUAL_SEED)
    info = site / "chatter-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: chatter\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[torch.backends]\nx = chatter:_autoload\n")
    return {"PYTHONPATH": str(site), "HWDOCTOR_PROGRESS": "1", "HF_HUB_OFFLINE": "1"}


def pipe_holding_daemon(root: Path) -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    from tests import misbehaving

    return _misbehaving(root / "daemon", misbehaving.SETSID_DAEMON)


def run_once(argv: Sequence[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd, check=False
    )
    return time.perf_counter() - started


@dataclass
class Measured:
    case: Case
    a_median: float
    b_median: float | None
    detail: str = ""

    @property
    def ratio(self) -> float:
        """A/B, or A's seconds for an absolute case."""
        return self.a_median / self.b_median if self.b_median else self.a_median


def measure(case: Case, runs: int, scratch: Path, cwd: Path) -> Measured:
    env = dict(os.environ)
    env.update(case.env)
    if case.setup:
        env.update(case.setup(scratch))
    runs = case.runs or runs
    b = case.b
    if case.runs is None:
        for _ in range(2):  # warm-up: page cache, pyc files
            run_once(case.a, env, cwd)
            if b is not None:
                run_once(b, env, cwd)
    a_times, b_times = [], []
    for _ in range(runs):
        a_times.append(run_once(case.a, env, cwd))
        if b is not None:
            b_times.append(run_once(b, env, cwd))
    return Measured(
        case,
        statistics.median(a_times),
        statistics.median(b_times) if b_times else None,
        case.detail() if case.detail else "",
    )


# benchmarks/fleet_memory.py's cases: (kind, files, MiB each, what bounds it). `unknown`:
# each file 15 MiB of a field the record drops, so what the reader holds is its own; the
# budget is the peak (VmHWM) of the whole process. `kept`: 15 MiB the record keeps; the
# budget is what stays per file, against the file's size.
FLEET_MEMORY = (("unknown", 50, 15), ("kept", 20, 15))
FLEET_PEAK_BUDGET_MB = 250.0
FLEET_KEPT_BUDGET = 1.2  # MB retained per MB of file


def fleet_memory(cwd: Path) -> list[dict[str, Any]]:
    """What `detect --from DIR`'s reading holds for large distinct files (fleet_memory.py),
    with the venv's hwdoctor."""
    out = []
    for kind, files, mib in FLEET_MEMORY:
        script = str(ROOT / "benchmarks" / "fleet_memory.py")
        argv = [sys.executable, script, "--python", PYTHON, "--kind", kind]
        argv += ["--files", str(files), "--mib", str(mib)]
        completed = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, check=True)
        out.append(json.loads(completed.stdout))
    return out


def cli_peak_rss_mb(args: Sequence[str], cwd: Path) -> float:
    """Peak RSS of the hwdoctor CLI process itself; its probe is a child and not counted."""
    code = (
        "import resource, sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        f"    main({list(args)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the forking parent.
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
        "kb = int(hwm[0].split()[1]) if hwm else "
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "sys.stderr.write('RSS_KB=%d' % kb)\n"
    )
    completed = subprocess.run(
        [PYTHON, "-c", code], capture_output=True, text=True, cwd=cwd, check=False
    )
    kb = int(completed.stderr.rsplit("RSS_KB=", 1)[1])
    return kb / 1024


# Run by the venv's own interpreter: what it imports, and the versions it sees.
INSPECT = """
import json, platform, sys
from importlib import metadata
import hwdoctor

def version(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "(not installed)"

try:
    direct_url = json.loads(metadata.distribution("hwdoctor").read_text("direct_url.json") or "{}")
except metadata.PackageNotFoundError:
    direct_url = {}
names = ("hwdoctor", "torch", "accelerate", "transformers", "typer", "rich")
json.dump({
    "python": platform.python_version(),
    "versions": {name: version(name) for name in names},
    "init": hwdoctor.__file__,
    "editable": bool(direct_url.get("dir_info", {}).get("editable")),
}, sys.stdout)
"""


@dataclass
class Install:
    """The hwdoctor that the venv under test imports."""

    venv: Path
    python: str
    versions: dict[str, str]
    init: Path  # hwdoctor/__init__.py as imported
    editable: bool

    @property
    def kind(self) -> str:
        return "editable install" if self.editable else "regular install"

    def shown(self) -> str:
        """Which hwdoctor: the venv and its __init__.py, relative to the checkout if inside."""
        return f"{self.kind} in `{_shown(self.venv)}`, `{_shown(self.init)}`"


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def inspect_install(venv: Path, cwd: Path) -> Install:
    completed = subprocess.run(
        [PYTHON, "-c", INSPECT], capture_output=True, text=True, cwd=cwd, check=False
    )
    if completed.returncode != 0:
        raise SystemExit(f"{PYTHON} cannot import hwdoctor:\n{completed.stderr}")
    found = json.loads(completed.stdout)
    init = Path(found["init"]).resolve()
    # An editable install's hwdoctor is the checkout itself, whatever its metadata says.
    editable = found["editable"] or init.is_relative_to(ROOT / "hwdoctor")
    return Install(venv.resolve(), found["python"], found["versions"], init, editable)


def versions(install: Install) -> str:
    return ", ".join(f"{name} {version}" for name, version in install.versions.items())


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} cores"


def write_report(
    path: Path,
    results: list[Measured],
    rss: dict[str, float],
    runs: int,
    install: Install,
    memory: Sequence[dict[str, Any]] = (),
) -> None:
    lines = [
        "# Benchmarks",
        "",
        "Generated by `make bench` (`benchmarks/run.py`). Each row runs A and B alternately, "
        f"{runs} times each after a warm-up, on the same machine in the same run; times are "
        "medians of wall-clock seconds for the whole command, including interpreter start. "
        "Both run from one venv, named below: its `hwdoctor`, its interpreter for the floors "
        "and the plain scripts, its `accelerate` and `transformers` for the peers. `make "
        "bench` builds it with a regular (not editable) `pip install .` of the checkout, as "
        "users get hwdoctor.",
        "",
        f"- date: {dt.datetime.now(dt.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {machine()}",
        f"- hwdoctor measured: {install.shown()}",
        f"- python: {install.python}; {versions(install)}",
        "",
        "| case | A (s) | B (s) | ratio A/B | budget | verdict | B is |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for item in results:
        budget = item.case.budget
        verdict = "—" if budget is None else ("ok" if item.ratio <= budget else "over")
        unit = "x" if item.b_median else " s"
        b = f"{item.b_median:.3f}" if item.b_median else "—"
        lines.append(
            f"| {item.case.name} | {item.a_median:.3f} | {b} | "
            f"{item.ratio:.2f}{unit} | {f'≤ {budget:.2f}{unit}' if budget else '—'} | "
            f"{verdict} | {item.case.note}{'; ' + item.detail if item.detail else ''} |"
        )
    lines += [
        "",
        "Notes:",
        "",
        "- `detect` comes in under one `import torch` because the probe leaves with "
        "`os._exit` once everything is reported, skipping the interpreter teardown the "
        "floor pays for; the CLI's own imports (Typer, Rich, hwdoctor) overlap with the "
        "probe's `import torch`, which starts first.",
        "- The peers import torch in process and print less: one accelerator, no findings.",
        "- `explain --verify` and `load` run their library calls in a subprocess next to "
        "the probe and, like the probe, skip teardown; the plain scripts pay for it.",
        "- Absolute rows are single runs of a deliberately slow scenario, in seconds.",
    ]
    if rss:
        lines += ["", "| CLI process peak RSS (probe excluded) | MB | budget |"]
        lines += ["| --- | ---: | ---: |"]
        lines += [f"| `hwdoctor {name}` | {mb:.1f} | ≤ 60 |" for name, mb in rss.items()]
    if memory:
        lines += [
            "",
            "A fleet's memory (`benchmarks/fleet_memory.py`: `detect --from DIR`'s reading "
            "and diagnosis in one process, on files made from tests/data/fleet/vm-0.json, "
            "each a configuration of its own):",
            "",
            "| files | peak RSS MB | traced peak MB | retained MB per file | budget | verdict |",
            "| --- | ---: | ---: | ---: | --- | --- |",
        ]
        for item in memory:
            if item["kind"] == "unknown":
                budget = f"peak ≤ {FLEET_PEAK_BUDGET_MB:.0f} MB"
                ok = item["peak_mb"] <= FLEET_PEAK_BUDGET_MB
                what = "a field the record drops"
            else:
                budget = f"retained ≤ {FLEET_KEPT_BUDGET}× the file"
                ok = item["retained_mb_per_file"] <= FLEET_KEPT_BUDGET * item["file_mib"]
                what = "variables the record keeps"
            lines.append(
                f"| {item['files']} × {item['file_mib']} MiB, {what} | {item['peak_mb']:.0f} | "
                f"{item['traced_peak_mb']:.0f} | {item['retained_mb_per_file']:.1f} | {budget} | "
                f"{'ok' if ok else 'over'} |"
            )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--venv",
        type=Path,
        default=DEFAULT_VENV,
        help="the venv whose hwdoctor, python and peers are timed (default: %(default)s, "
        "built by `make bench`)",
    )
    parser.add_argument(
        "--allow-editable",
        action="store_true",
        help="time the venv even if its hwdoctor is an editable install of the checkout",
    )
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="")
    parser.add_argument("--output", type=Path, default=ROOT / "BENCHMARKS.md")
    options = parser.parse_args(argv)
    use_venv(options.venv)
    if not Path(HWDOCTOR[0]).exists():
        parser.error(f"no hwdoctor in {BIN}: `make bench` builds {DEFAULT_VENV.name}")
    results = []
    with tempfile.TemporaryDirectory(prefix="hwdoctor-bench-") as scratch:
        # An empty working directory: with the checkout as cwd, `python -c` and `-m`
        # (the probe, torchrun's ranks) would import hwdoctor from it, not from the venv.
        cwd = Path(scratch) / "cwd"
        cwd.mkdir()
        install = inspect_install(options.venv, cwd)
        print(f"timing hwdoctor: {install.shown()}", flush=True)
        if install.editable and not options.allow_editable:
            parser.error(
                f"hwdoctor in {options.venv} is an editable install of the checkout, not what "
                "users get; run `make bench`, or pass --allow-editable"
            )
        subprocess.run(
            [PYTHON, "-m", "compileall", "-q", str(install.init.parent)], check=False
        )  # pip byte-compiles a regular install; an editable checkout may not have it yet
        for case in cases():
            if options.only not in case.name:
                continue
            item = measure(case, options.runs, Path(scratch), cwd)
            results.append(item)
            b = f"{item.b_median:7.3f}s" if item.b_median else "      —"
            unit = "x" if item.b_median else "s"
            print(
                f"{case.name:48s} A {item.a_median:7.3f}s  B {b}  "
                f"{item.ratio:5.2f}{unit}  (budget {case.budget})",
                flush=True,
            )
        rss = {}
        if not options.only:
            rss = {args[0]: cli_peak_rss_mb(args, cwd) for args in (["list"], ["detect"])}
            for name, mb in rss.items():
                print(f"peak RSS of the CLI process, {name}: {mb:.1f} MB")
        memory = fleet_memory(cwd) if options.only in "fleet memory" else []
        for item in memory:
            print(
                f"fleet memory, {item['files']} × {item['file_mib']} MiB ({item['kind']}): "
                f"peak {item['peak_mb']:.0f} MB, {item['retained_mb_per_file']:.1f} MB per file"
            )
    write_report(options.output, results, rss, options.runs, install, memory)
    print(f"wrote {options.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
