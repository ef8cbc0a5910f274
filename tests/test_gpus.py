"""GPU names to architectures: every name a real report in tests/data prints maps to the
vendor's value, cut and decorated names are read as nvidia-smi and rocm-smi print them,
and a name that could be two things is not guessed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hwdoctor.compat import gpus, kernels

DATA = Path(__file__).parent / "data"

# (file under tests/data, the name exactly as that file prints it, the expected value).
REAL_NVIDIA = [
    ("reports/collect_env/pt150733-torch2.6-cu126-rtx5090d-sm120.txt",
     "NVIDIA GeForce RTX 5090 D", "12.0"),
    ("reports/collect_env/pt47304-torch1.7-cu101-quadro-rtx6000.txt", "Quadro RTX 6000", "7.5"),
    ("reports/collect_env/pt51858-torch2.0.1-cu117-windows-gtx1050ti-wmic-cpu.txt",
     "NVIDIA GeForce GTX 1050 Ti", "6.1"),
    ("reports/collect_env/pt33469-torch1.4-cu100-titanxp-driver410.txt", "TITAN Xp", "6.1"),
    ("reports/collect_env/pt43058-torch1.6-cu102-v100-driver418.txt",
     "Tesla V100-PCIE-16GB", "7.0"),
    ("reports/collect_env/pt16999-torch1.1-macos-gtx1060.txt",
     "GeForce GTX 1060 with Max-Q Design", "6.1"),
    ("reports/issue_body/pt37320-two-reports-description-and-comment.md",
     "Tesla P100-PCIE-16GB", "6.0"),
    ("reports/issue_body/pt40682-quoted-collect-env-windows-titanrtx.md", "TITAN RTX", "7.5"),
    ("reports/vllm_collect_env/vllm19069-0.9-sectioned-layout-2xa100.txt",
     "NVIDIA A100-SXM4-80GB", "8.0"),
    ("reports/transformers_env/tf-pr35156-4.48.0dev-a100-gpu-type.txt",
     "NVIDIA A100-SXM4-80GB", "8.0"),
    ("reports/accelerate_env/acc3446-0.34.2-rtx-a6000-3gpus.txt", "NVIDIA RTX A6000", "8.6"),
    ("reports/accelerate_env/acc2564-0.28.0-windows-rtx4070.txt",
     "NVIDIA GeForce RTX 4070", "8.9"),
    ("reports/nvidia_smi/jesse-nvidia-smi-L-q-rtx4070-laptop-wddm-zh.md",
     "NVIDIA GeForce RTX 4070 Laptop GPU", "8.9"),
    ("reports/nvidia_smi/libc6shim14-rtx5070-575-cuda-version-na.txt",
     "NVIDIA GeForce RTX 5070", "12.0"),
    ("reports/nvidia_smi/bottlerocket122-kubectl-exec-470-a10g.txt", "NVIDIA A10G", "8.6"),
    # nvidia-smi's table cuts long names; every product these can start agrees.
    ("reports/nvidia_smi/rapids34-colab-v100-smi-450-driver-418-mismatch.txt",
     "Tesla V100-SXM2...", "7.0"),
    ("reports/nvidia_smi/finpilot160-nvidia-smi-610-kmd-umd-layout.txt",
     "NVIDIA GeForce RTX 3080 ...", "8.6"),
    ("real/nvidia/nvidia-smi-470.86.txt", "NVIDIA A100-PCI...", "8.0"),
    ("real/nvidia-smi-L/2x-a100-pcie-40gb.txt", "NVIDIA A100-PCIE-40GB", "8.0"),
    ("real/nvidia-smi-L/8x-quadro-rtx-8000.txt", "Quadro RTX 8000", "7.5"),
    ("real/nvidia-smi-L/t1000-v100-mixed.txt", "NVIDIA T1000", "7.5"),
    ("real/nvidia-smi-q/8x-h100-80gb-hbm3-535.161.08.txt", "NVIDIA H100 80GB HBM3", "9.0"),
    ("real/nvidia-smi-q/2x-h100-nvl-550.54.14.txt", "NVIDIA H100 NVL", "9.0"),
    ("real/nvidia-smi-q/1x-titan-v-560.35.03.txt", "NVIDIA TITAN V", "7.0"),
    ("real/nvidia-smi-q/1x-a10-535.129.03.txt", "NVIDIA A10", "8.6"),
    # NVIDIA's legacy table: the GeForce 210 (GT218/GT216) is 1.2.
    ("reports_heldout_github_mixed_arch_rtx50_krita/"
     "pt31876-geforce210-collect-env-torch1.2-cuda10.md", "GeForce 210", "1.2"),
    # Fermi (GeForce G210 is 1.2): not in the table, so unknown rather than guessed.
    ("real/nvidia-smi-q/1x-geforce-g210-340.102.txt", "GeForce G210", None),
]  # fmt: skip

REAL_AMD = [
    ("real/rocminfo/4x-mi300x-rocm6.txt", "AMD Instinct MI300X", "gfx942"),
    ("real/rocminfo/7x-mi25-gfx900.txt", "Radeon Instinct MI25", "gfx900"),
    ("reports/amd_smi/rocmsystems2987-amd-smi-static-mi350x.txt",
     "AMD Instinct MI350X", "gfx950"),
    ("reports/amd_smi/rocmsystems2987-amd-smi-static-mi350x.txt", "AMD MI350X", "gfx950"),
    ("reports/collect_env/pt103973-torch2.2dev-rocm5.7-rx6750xt.txt",
     "AMD Radeon RX 6750 XT", "gfx1031"),
    # collect_env on ROCm prints the target after a generic name: the target is taken.
    ("reports/vllm_collect_env/vllm9713-rocm6.2-gfx906.txt",
     "AMD Radeon Graphics (gfx906:sramecc+:xnack-)", "gfx906"),
    # rocminfo's agent names carry the target too.
    ("real/rocminfo/4x-mi300x-rocm6.txt", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", "gfx942"),
    # An APU's marketing name (gfx902 here, gfx90c or gfx1103 elsewhere): not guessed.
    ("real/rocminfo/1x-gfx902-apu-rocm7.2.txt", "AMD Radeon Vega 3 Graphics", None),
    # amd-smi's board name: "MI350" alone is neither MI350X nor MI355X by name.
    ("reports/amd_smi/rocmsystems2987-amd-smi-static-mi350x.txt",
     "AMD Instinct MI350 OAM", None),
    ("reports/collect_env/pt44106-torch1.7-rocm3.7-device66a1.txt", "Device 66a1", None),
]  # fmt: skip


@pytest.mark.parametrize(("path", "name", "expected"), REAL_NVIDIA)
def test_real_nvidia_names(path: str, name: str, expected: str | None) -> None:
    assert name in (DATA / path).read_text(encoding="utf-8")
    assert gpus.nvidia_capability(name) == expected
    assert gpus.amd_gfx(name) is None


@pytest.mark.parametrize(("path", "name", "expected"), REAL_AMD)
def test_real_amd_names(path: str, name: str, expected: str | None) -> None:
    assert name in (DATA / path).read_text(encoding="utf-8")
    assert gpus.amd_gfx(name) == expected
    assert gpus.nvidia_capability(name) is None


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Same number, three architectures: the Quadro RTX notebook part, Ada, Ampere.
        ("RTX 4000", "7.5"),
        ("Quadro RTX 4000", "7.5"),
        ("Quadro RTX 4000 with Max-Q Design", "7.5"),
        ("RTX 4000 Ada", "8.9"),
        ("NVIDIA RTX 4000 Ada Generation", "8.9"),
        ("NVIDIA RTX 4000 SFF Ada Generation", "8.9"),
        ("RTX A4000", "8.6"),
        ("NVIDIA RTX A4000 Laptop GPU", "8.6"),
        ("NVIDIA RTX PRO 4000 Blackwell", "12.0"),
        # Maxwell "GeForce GTX TITAN X" against Pascal "NVIDIA TITAN X".
        ("GeForce GTX TITAN X", "5.2"),
        ("NVIDIA TITAN X", "6.1"),
        ("TITAN X (Pascal)", "6.1"),
        # Decorations, case, spacing and marks; the series word run into the number.
        ("RTX4060", "8.9"),
        ("RTX 3070Ti", "8.6"),
        ("GeForce GTX1080 Ti", "6.1"),
        # The series number decides the word: "RTX 1080 Ti" (anomalib#908) is the GTX.
        ("RTX 1080 Ti", "6.1"),
        ("Quadro RTX 5000", "7.5"),
        ("RTX 3090 tiny", None),
        ("  nvidia   geforce rtx 4090 ", "8.9"),
        ("NVIDIA GeForce(R) RTX 4090", "8.9"),
        ("NVIDIA A100 80GB PCIe", "8.0"),
        ("A100-SXM4-40GB", "8.0"),
        ("Tesla V100S-PCIE-32GB", "7.0"),
        ("NVIDIA GeForce RTX 3050 Laptop GPU", "8.6"),
        ("NVIDIA GeForce RTX 3050 Ti Laptop GPU", "8.6"),
        ("NVIDIA GeForce RTX 4090 Laptop GPU", "8.9"),
        ("NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "12.0"),
        ("NVIDIA GH200 480GB", "9.0"),
        ("NVIDIA B300 SXM6 AC", "10.3"),
        ("Tesla T4", "7.5"),
        ("Tesla K40m", "3.5"),
        ("Tesla M40 24GB", "5.2"),
        # Jetson, as torch names the boards.
        ("Orin (nvgpu)", "8.7"),
        ("Xavier", "7.2"),
        ("NVIDIA Tegra X1", "5.3"),
        # Cut by nvidia-smi: answered only where every product the start fits agrees.
        ("NVIDIA GeForce RTX 309...", "8.6"),
        ("NVIDIA GeForce RTX 30...", None),  # RTX 3090 (8.6) or the RTX 3000 notebook (7.5)
        ("NVIDIA H100 80GB HB...", "9.0"),
        ("NVIDIA RTX 6000 Ada Gene...", "8.9"),
        ("NVIDIA RTX 6000 A...", None),  # Quadro RTX 6000 (7.5) or RTX 6000 Ada (8.9)
        ("NVIDIA A1...", None),  # A100 (8.0) or A10 (8.6)
        ("NVIDIA GeForce ...", None),
        ("NVIDIA GeForce GT 7...", None),  # reaches the ambiguous GT 730
        # Two products under one name, and names not in the table.
        ("GeForce GT 730", None),
        ("GeForce GT 640", None),
        # The legacy table: names it lists twice, or that its editions place in two rows.
        ("GeForce G210M", None),  # 1.1 and 1.2 in one copy
        ("GeForce 8800 GTS", None),  # G80 (1.0) and G92 (1.1) boards
        ("GeForce 9800 GT", None),  # 1.0 in the current edition, 1.1 in the older one
        ("GeForce GTX 560 Ti", None),  # also the GF110 (2.0) 448-core board
        ("Tesla C2050", "2.0"),
        ("Tesla C2050 / C2070", "2.0"),
        ("Quadro FX 5800", "1.3"),
        ("NVIDIA GeForce GT 220", "1.2"),
        ("GeForce 8800 GTX", "1.0"),
        ("NVIDIA Graphics Device", None),
        ("NVIDIA GeForce RTX 3080/PCIe/SSE2", None),
        ("NVIDIA", None),
        ("", None),
    ],
)
def test_tricky_nvidia_names(name: str, expected: str | None) -> None:
    assert gpus.nvidia_capability(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("AMD Radeon RX 7900 XTX", "gfx1100"),
        ("AMD Instinct MI250X", "gfx90a"),
        ("AMD Instinct MI250X / MI250", "gfx90a"),
        ("Radeon RX 6750 XT", "gfx1031"),
        ("Radeon RX 580 Series", "gfx803"),
        ("AMD Radeon RX 9070 XT", "gfx1201"),
        ("AMD Radeon RX 7600 XT", "gfx1102"),
        ("AMD Radeon VII", "gfx906"),
        ("AMD Radeon Pro W7900 Dual Slot", "gfx1100"),
        ("AMD Instinct MI100 Accelerator", "gfx908"),
        ("AMD Instinct MI300X VF", "gfx942"),
        ("Radeon Instinct MI50 (32GB)", "gfx906"),
        ("AMD Radeon(TM) RX Vega 64", "gfx900"),
        ("AMD Radeon RX 79...", "gfx1100"),  # 7900 XTX, XT and GRE are all gfx1100
        ("AMD Radeon RX 7...", None),
        ("AMD Radeon Graphics", None),
        ("AMD Radeon(TM) Graphics", None),
        ("AMD Radeon 780M Graphics", "gfx1103"),  # the APUs: LLVM's table, Gentoo's targets
        ("Radeon 8060S Graphics", "gfx1151"),
        ("AMD Radeon 890M Graphics", "gfx1150"),
        ("AMD Instinct MI250X / MI300X", None),
        ("amdgcn-amd-amdhsa--gfx9-generic:xnack+", None),  # a generic target, no GPU
    ],
)
def test_amd_names(name: str, expected: str | None) -> None:
    assert gpus.amd_gfx(name) == expected


def test_every_row_reads_back_as_its_own_value() -> None:
    """Two rows (two sources, or two spellings) that normalise to one name must agree: a
    table that disagreed with itself would answer with whichever row came last."""
    for name, value in gpus.NVIDIA_ROWS:
        assert re.fullmatch(r"\d+\.\d", value), (name, value)
        assert gpus.nvidia_capability(name) == value, name
    for name, value in gpus.AMD_ROWS:
        assert kernels.arch_name(value) == value and value.startswith("gfx"), (name, value)
        assert gpus.amd_gfx(name) == value, name


def test_the_tables_hold_what_the_report_counts() -> None:
    assert len(gpus.NVIDIA_ROWS) >= 200
    assert len(gpus.AMD_ROWS) >= 60
