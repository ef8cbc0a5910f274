"""`nvidia-smi -q` real outputs, recorded by others, through the real host scan's driver read.

NVML cannot start here (no libnvidia-ml), so the driver scan falls back to nvidia-smi. The
fake nvidia-smi on PATH prints nothing for a plain `nvidia-smi` and the recorded sample for
`nvidia-smi -q`, so the versions can only come from the `-q` text. The expected versions
sit in tests/data/real/nvidia-smi-q/expected.json, read from each sample by eye; the README
there names each sample's source.
"""

from __future__ import annotations

import json
import shlex
import stat
from pathlib import Path

import pytest

from hwdoctor.gather import host

SAMPLES_DIR = Path(__file__).parent / "data" / "real" / "nvidia-smi-q"
EXPECTED = json.loads((SAMPLES_DIR / "expected.json").read_text(encoding="utf-8"))


def _fake_nvidia_smi(bin_dir: Path, sample: Path) -> None:
    """bin/nvidia-smi: the sample for `-q`; empty output, status 0, for anything else."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "nvidia-smi"
    script.write_text(
        f'#!/bin/sh\nif [ "$*" = "-q" ]; then cat {shlex.quote(str(sample))}; fi\nexit 0\n',
        encoding="utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _root_with_nvidia_loaded(tmp_path: Path) -> Path:
    """A host whose /proc/modules lists the nvidia module: the scan then asks NVML, then
    nvidia-smi."""
    root = tmp_path / "root"
    (root / "proc").mkdir(parents=True)
    (root / "proc" / "modules").write_text(
        "nvidia 35282944 0 - Live 0x0000000000000000 (POE)\n", encoding="utf-8"
    )
    return root


def test_the_samples_are_the_ones_the_readme_names() -> None:
    readme = (SAMPLES_DIR / "README.md").read_text(encoding="utf-8")
    assert EXPECTED["argv"] == ["nvidia-smi", "-q"]
    for name, sample in EXPECTED["samples"].items():
        assert (SAMPLES_DIR / name).is_file(), name
        assert f"`{name}`" in readme and sample["source"], name


@pytest.mark.parametrize("name", sorted(EXPECTED["samples"]))
def test_driver_and_cuda_versions_from_nvidia_smi_q(tmp_path: Path, name: str) -> None:
    sample = EXPECTED["samples"][name]
    _fake_nvidia_smi(tmp_path / "bin", SAMPLES_DIR / name)
    facts, _ = host.scan(
        root=_root_with_nvidia_loaded(tmp_path), env={"PATH": str(tmp_path / "bin")}
    )
    driver = facts.nvidia
    assert driver is not None and driver.nvml_driver is None  # NVML did not answer here
    assert (driver.smi_driver, driver.smi_cuda) == (sample["driver"], sample["cuda"])
    assert driver.smi_error is None
