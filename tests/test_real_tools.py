"""Vendor tools' real outputs, recorded by others, through the real host scan.

Each sample under tests/data/real/<tool>/ is printed by a fake tool on PATH (a shell script
that answers only the arguments the registry runs, as the sample was recorded), and the host
scan must count the devices the sample shows. The expected counts sit in each folder's
expected.json, counted by reading the sample, never by hwdoctor's own patterns; the README
next to them names each sample's source.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hwdoctor import registry
from hwdoctor.gather import host

REAL = Path(__file__).parent / "data" / "real"


@dataclass(frozen=True)
class Sample:
    path: Path
    argv: tuple[str, ...]
    devices: int

    @property
    def id(self) -> str:
        return f"{self.path.parent.name}/{self.path.name}"


def _samples() -> Iterator[Sample]:
    for index in sorted(REAL.glob("*/expected.json")):
        data = json.loads(index.read_text(encoding="utf-8"))
        if data.get("checks", "devices") != "devices":
            continue  # versions read by the driver scan: tests/test_real_tools_more.py
        for name, sample in data["samples"].items():
            yield Sample(index.parent / name, tuple(data["argv"]), int(sample["devices"]))


SAMPLES = tuple(_samples())


def _backend_of(argv: tuple[str, ...]) -> str:
    """The registry row that runs exactly this command line."""
    (key,) = {b.key for b in registry.BACKENDS for tool in b.tools if tool.argv == argv}
    return key


def _fake_tool(bin_dir: Path, argv: tuple[str, ...], stdout: Path) -> None:
    """bin/<tool>: prints `stdout` byte for byte for the recorded arguments, else fails."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    expected = " ".join(argv[1:])
    script = bin_dir / argv[0]
    script.write_text(
        "#!/bin/sh\n"
        f'if [ "$*" != {shlex.quote(expected)} ]; then echo "unexpected: $*" >&2; exit 2; fi\n'
        f"cat {shlex.quote(str(stdout))}\n",
        encoding="utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _scan(tmp_path: Path) -> tuple[Any, tuple[Any, ...]]:
    root = tmp_path / "root"  # an empty host: no PCI functions, no device nodes
    root.mkdir(exist_ok=True)
    env = {"PATH": str(tmp_path / "bin")}
    return host.scan(root=root, env=env)


def test_every_folder_has_samples_and_a_source_for_each() -> None:
    assert SAMPLES
    for index in REAL.glob("*/expected.json"):
        readme = (index.parent / "README.md").read_text(encoding="utf-8")
        for name, sample in json.loads(index.read_text(encoding="utf-8"))["samples"].items():
            assert (index.parent / name).is_file(), name
            assert f"`{name}`" in readme and sample["source"], name


def test_every_registry_tool_the_samples_name_exists() -> None:
    for argv in {sample.argv for sample in SAMPLES}:
        assert _backend_of(argv)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.id)
def test_host_scan_counts_what_the_real_output_shows(tmp_path: Path, sample: Sample) -> None:
    _fake_tool(tmp_path / "bin", sample.argv, sample.path)
    facts, problems = _scan(tmp_path)
    assert problems == ()
    backend = _backend_of(sample.argv)
    tool_signals = [s for s in facts.signals if s.kind == "tool"]
    assert [(s.backend, s.count) for s in tool_signals] == [(backend, sample.devices)]


def test_detect_end_to_end_counts_one_real_output_per_tool(tmp_path: Path) -> None:
    """One `hwdoctor detect --json` with a real output on PATH for every tool sampled."""
    chosen: dict[tuple[str, ...], Sample] = {}
    for sample in SAMPLES:
        chosen.setdefault(sample.argv, sample)
    for sample in chosen.values():
        _fake_tool(tmp_path / "bin", sample.argv, sample.path)
    root = tmp_path / "root"
    root.mkdir()
    env = {
        **os.environ,
        "PATH": os.pathsep.join((str(tmp_path / "bin"), os.environ.get("PATH", ""))),
        "HWDOCTOR_HOST_ROOT": str(root),
    }
    done = subprocess.run(
        [sys.executable, "-m", "hwdoctor", "detect", "--json"],
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    document = json.loads(done.stdout)
    signals = _find_signals(document)
    counted = {(s["backend"], s["count"]) for s in signals if s.get("kind") == "tool"}
    expected = {(_backend_of(s.argv), s.devices) for s in chosen.values()}
    assert counted == expected, done.stderr.decode(errors="replace")[-2000:]


def _find_signals(node: Any) -> list[dict[str, Any]]:
    """The host scan's signals wherever the JSON envelope carries them."""
    if isinstance(node, dict):
        if isinstance(node.get("signals"), list):
            return list(node["signals"])
        for value in node.values():
            if found := _find_signals(value):
                return found
    elif isinstance(node, list):
        for value in node:
            if found := _find_signals(value):
                return found
    return []


@pytest.mark.parametrize(
    "payload",
    [
        pytest.param(b"GPU 0: \xff\xfe\x00\x1b[31mNVIDIA\x1b[0m (UUID: x)\n" * 3, id="odd-bytes"),
        pytest.param(
            (REAL / "nvidia-smi-L" / "8x-quadro-rtx-8000.txt").read_bytes() * 4000, id="huge"
        ),
    ],
)
def test_untrusted_tool_output_does_not_break_the_scan(tmp_path: Path, payload: bytes) -> None:
    data = tmp_path / "output"
    data.write_bytes(payload)
    _fake_tool(tmp_path / "bin", ("nvidia-smi", "-L"), data)
    facts, problems = _scan(tmp_path)
    assert problems == ()
    (signal,) = [s for s in facts.signals if s.kind == "tool"]
    # Odd bytes are decoded with replacement; a huge output is read up to the scan's bound.
    assert signal.backend == "cuda" and 1 <= (signal.count or 0) <= len(payload.splitlines())
    assert all(ch.isprintable() for ch in signal.detail)
