"""Fleets of evidence files for the fleet report's tests and `make bench`.

Every file is made from a real one in tests/data/evidence (written by
`hwdoctor detect --save-evidence`), with the facts a cluster's nodes differ by varied: the
host name, free memory and probe time on every node; on the GPU nodes an NVIDIA driver and
eight devices (names, memory, UUIDs, bus IDs) in place of the CPU build. Planted odd nodes
then differ in what a fleet report must find: another driver and one GPU fewer, another
torch, the recorded sick host (an extension whose import fails), a file that is no evidence.

`relabel` writes the files of tests/data/fleet (a Slurm job array's four tasks, `vm-2` the
odd one) and tests/data/evidence under other file names, each claiming a host name of the
test's choosing: hostile names sit on real files.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "evidence"
RECORDED_FLEET = Path(__file__).resolve().parent / "data" / "fleet"
DRIVER = "570.86.15"
ODD_DRIVER = "550.54.15"
GPU = "NVIDIA H100 80GB HBM3"
GPU_BYTES = 85_045_149_696


@dataclass(frozen=True)
class Planted:
    """What `write` planted, for the tests to look for."""

    hosts: tuple[str, ...]  # every node's host name, as written
    driver_odd: str  # another driver and one GPU fewer
    torch_odd: str  # another torch release
    sick: str  # the recorded sick host's evidence
    unreadable: str  # a file that is no evidence


def real(name: str = "cpu-host") -> dict[str, Any]:
    document: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return document


def recorded(name: str) -> dict[str, Any]:
    """A file of tests/data/fleet (`vm-0` … `vm-3`), or of tests/data/evidence."""
    path = RECORDED_FLEET / f"{name}.json"
    if not path.exists():
        return real(name)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def relabel(directory: Path, plan: Sequence[tuple[str, str, str | None]]) -> None:
    """For each (recorded file, file name without .json, host name it claims; None: the
    one it has), that file written into `directory` under that name, claiming that host."""
    directory.mkdir(parents=True, exist_ok=True)
    for source, stem, host in plan:
        document = recorded(source)
        if host is not None:
            document["host"]["hostname"] = host
        (directory / f"{stem}.json").write_text(json.dumps(document), encoding="utf-8")


def node(base: dict[str, Any], host: str, rng: random.Random, *, gpus: int | None = 8,
         driver: str = DRIVER, torch: str = "2.13.0+cu128") -> dict[str, Any]:  # fmt: skip
    """`base` as node `host` wrote it: its own name, free memory and probe time; with `gpus`,
    a CUDA build of torch and that many GPUs."""
    document = copy.deepcopy(base)
    document["host"]["hostname"] = host
    document["host"]["memory_available_bytes"] = rng.randrange(20, 24) * 2**30 + rng.randrange(
        2**20
    )
    document["probe_seconds"] = round(rng.uniform(1.5, 4.0), 3)
    job = str(rng.randrange(10_000, 99_999))
    document["env"].update(SLURM_JOB_ID=job, SLURM_JOBID=job, SLURM_PROCID="0",
                           SLURM_TASK_PID=str(rng.randrange(1000, 60000)),
                           SLURMD_NODENAME=host)  # fmt: skip
    if gpus is None:
        return document
    document["torch"].update(version=torch, build="cuda", cuda="12.8", collectives=["gloo", "nccl"])
    document["packages"]["torch"]["version"] = torch
    document["host"]["nvidia"] = {"kernel_module": driver, "nvml_driver": driver,
                                  "nvml_cuda": "12.8", "module_loaded": True,
                                  "open_module": True, "capabilities": ["9.0"] * gpus}  # fmt: skip
    document["host"]["signals"] = [
        {"backend": "cuda", "count": gpus, "detail": f"{gpus} PCI device(s) 10de:2330",
         "kind": "pci"},
        {"backend": "cuda", "count": gpus, "detail": "/dev/nvidia0", "kind": "device_node"},
    ]  # fmt: skip
    cuda = document["backends"]["cuda"]
    cuda.update(
        version=torch, available=True, device_count=gpus, reason=None, detail={"build": "cuda"},
        arch_list=["sm_80", "sm_90", "sm_100", "sm_120"],
        devices=[
            {"index": i, "name": GPU, "total_memory_bytes": GPU_BYTES,
             "free_memory_bytes": GPU_BYTES - rng.randrange(500, 600) * 2**20,
             "capability": "9.0", "uuid": f"GPU-{rng.getrandbits(128):032x}",
             "allocatable": True, "pci_bus_id": f"0000:{0x18 + 0x10 * i:02x}:00.0"}
            for i in range(gpus)
        ],
    )  # fmt: skip
    return document


def write(directory: Path, count: int, *, seed: int = 30) -> Planted:
    """`count` nodes' evidence files in `directory`, named as `--save-evidence
    'DIR/{host}.json'` names them, four of them odd (and one file no evidence)."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    cpu, sick = real("cpu-host"), real("sick-host")
    hosts = tuple(f"gpu{i:04d}" for i in range(1, count + 1))
    picks = rng.sample(range(count), 3)
    driver_odd, torch_odd, sick_host = (hosts[i] for i in picks)
    for host in hosts:
        if host == driver_odd:
            document = node(cpu, host, rng, gpus=7, driver=ODD_DRIVER)
        elif host == torch_odd:
            document = node(cpu, host, rng, torch="2.12.1+cu128")
        elif host == sick_host:
            document = node(sick, host, rng, gpus=None)
        else:
            document = node(cpu, host, rng)
        (directory / f"{host}.json").write_text(json.dumps(document, indent=2), encoding="utf-8")
    (directory / "notes.json").write_text('{"not": "evidence"}', encoding="utf-8")
    return Planted(hosts, driver_odd, torch_odd, sick_host, "notes.json")
