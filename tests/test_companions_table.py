"""issue 38 (s19-companions): the torchvision and torchaudio series after the hand-read rows of
hwdoctor/compat/companions.py come from the package index (`make refresh` runs
tools/companions.py), and the chooser pins a reinstalled companion from them.

The index is asked as `make refresh` asks it (pip's metadata report, no download): the table
in the checkout must say what the index says today for every series it holds, and a copy of
the checkout whose table lost its rows must get them back from one run of the tool.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hwdoctor.compat import companions
from hwdoctor.diagnosis import remedies
from tests.conftest import ROOT, base_env


def _tool() -> ModuleType:
    """tools/companions.py, imported from its file (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location(
        "companions_tool", ROOT / "tools" / "companions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def test_the_generated_table_reads_and_each_row_pins_what_its_line_says() -> None:
    rows = companions.generated_rows()
    assert {r.name for r in rows} == set(companions.NAMES)
    for row in rows:
        assert tool.pinned_series(row.line) == (None if row.torch == "-" else row.torch), row
        assert row.release.startswith(row.series + "."), row
        assert tool.after_hand_rows(row.name, row.series), row


@pytest.mark.parametrize(
    ("torch", "pin"),
    [
        ("2.9.1", "torchvision==0.24.*"),  # the README-and-pins rows, unchanged
        ("2.10.0", "torchvision==0.25.*"),  # the index's rows from here on
        ("2.12.1", "torchvision==0.27.*"),
        ("2.14.0", "torchvision==0.29.*"),
        ("2.15.0", None),  # no torchvision on the index pins 2.15: said in words, not guessed
    ],
)
def test_a_torchvision_reinstall_is_pinned_from_the_index_rows(torch: str, pin: str | None) -> None:
    assert remedies.companion_pin("torchvision", torch) == pin
    remedy = str(remedies.companion_again(remedies.installer(None), "torchvision", torch))
    if pin is None:
        assert " install " not in remedy
    else:
        assert f"'{pin}'" in remedy and f"torch=={torch}" in remedy


def test_torchaudio_from_the_index_pins_only_what_its_metadata_pins() -> None:
    assert remedies.companion_pin("torchaudio", "2.10.0") == "torchaudio==2.10.*"
    # 2.11.0's metadata names no torch release: no pin is made up from its number
    assert [r.torch for r in companions.generated_rows() if r.series == "2.11"] == ["-"]
    assert remedies.companion_pin("torchaudio", "2.11.0") is None
    # a paste's torchaudio still names the torch it was built for by its own number (the
    # documentation's rule): 2.11.0's wheel is compiled, though its metadata pins no torch
    assert companions.torch_series_for("torchaudio", "2.11.0") == "2.11"
    # the other direction, a paste's torchaudio naming its torch, keeps torchaudio's own rule
    assert companions.torch_series_for("torchaudio", "2.10.0") == "2.10"
    assert companions.torch_series_for("torchvision", "0.27.0") == "2.12"


@pytest.mark.slow
def test_refresh_reads_the_rows_back_from_the_index(tmp_path: Path) -> None:
    """A checkout whose generated table is empty gets today's rows back from the index."""
    root = tmp_path / "checkout"
    skip = shutil.ignore_patterns("__pycache__")
    for part in ("hwdoctor", "tools"):
        shutil.copytree(ROOT / part, root / part, ignore=skip)
    table = root / "hwdoctor" / "compat" / "companions_table.txt"
    table.write_text("read 2000-01-01\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(root / "tools" / "companions.py")], cwd=root,
                          env=base_env(), capture_output=True, text=True, timeout=900,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    read = companions.table_rows(table.read_text(encoding="utf-8"))
    shipped = companions.generated_rows()
    # every series the shipped table holds is read again the same; a newer one may be added
    assert {(r.name, r.series, r.torch, r.release) for r in shipped} <= {
        (r.name, r.series, r.torch, r.release) for r in read
    }, done.stdout
