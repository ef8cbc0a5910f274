"""Which architecture a GPU name stands for: NVIDIA compute capability, AMD gfx target.

Pasted reports (collect_env, nvidia-smi, rocm-smi, rocminfo, amd-smi) name GPUs, not
architectures. `nvidia_capability("NVIDIA GeForce RTX 4090")` gives "8.9" and
`amd_gfx("AMD Radeon RX 7900 XTX")` gives "gfx1100", read from the vendors' tables below.
A name the tables do not hold, a generic one ("AMD Radeon Graphics") or one that stands for
products of different architectures (GeForce GT 730: Kepler or Fermi) gives None: the
answer is never guessed from a partial match. A name nvidia-smi cut short ("Tesla
V100-SXM2...") is answered only when every product it can be the start of agrees.

Sources (keys of the compatibility notes; each table block names its own):

- [NV-CC] https://developer.nvidia.com/cuda-gpus , read through the search tool's copy
  (2026). The copy ends inside the 8.6 row (data centre and workstation columns, then
  "GeForce RTX 3…"); rows below it come from the legacy page and [NV-CC-2022].
- [NV-CC-LEGACY] https://developer.nvidia.com/cuda-legacy-gpus , same copy; it ends inside
  the 5.0 row (at "GeForce 940M").
- [NV-CC-2022] HeKun-NVIDIA/AI-Blog@fe9213bf "89.GPU算力一览/NVIDIA英伟达GPU显卡算力表.md":
  a copy of the 2022 edition of NVIDIA's page (Tesla and data centre, Quadro and RTX
  desktop and notebook, GeForce desktop), used where the copies above end. NVIDIA's own
  pages were not retrievable whole.
- [NV-CC-LEGACY-OLD] Myzhar/myzhar.github.io@017dfed7 _tutorials/cuda/cuda-compute-capability.md,
  "Older Architectures": a copy of the whole legacy table (now
  https://developer.nvidia.com/cuda/gpus/legacy) down to its 1.0 row, used for the 2.1 to
  1.0 rows the copies above do not reach, checked against the page's older edition as
  nicehash/NiceHashMiner@38543536 NiceHashMiner/Devices/CUDA_Unsupported.cs lists it
  (SM_1_0 to SM_2_0). Only names both editions agree on, or that only the copy holds and
  it lists once, are taken (see the block below).
- [WP-CUDA] BBC-Esq/VectorDB-Plugin-for-LM-Studio@1197f876 misc.md: Wikipedia's CUDA table
  for GeForce 16, 20 (SUPER), 30 (mobile), 40 (SUPER) and MX; only rows it does not
  contradict elsewhere are taken (its MX110/MX130 row is left out).
- [AIT-279] https://github.com/facebookincubator/AITemplate/pull/279 ("A10G has compute
  capability 8.6", AWS g5).
- [ROCM-SPECS] https://rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html , read as
  ROCm/legacy-rocm-build@089d7513 docs/reference/gpu-arch-specs.rst ("LLVM target name").
- [LLVM-PROC] https://llvm.org/docs/AMDGPUUsage.html#processors , read as
  llvm/llvm-project@001388cf llvm/docs/AMDGPUUsage.rst, with the RDNA 3 and RDNA 4 product
  names added by https://github.com/llvm/llvm-project/pull/170469 and /pull/155577.
- [ROCM-2.0] RadeonOpenCompute/ROCm roc-2.0.0 README.md "Hardware Support": Polaris 10 is
  the RX 580's chip, Polaris 11 the RX 570's; [LLVM-PROC] gives both chips gfx803.
- [LLVM-APU] https://github.com/llvm/llvm-project/pull/163717 ("[AMDGPU] Add product names to
  processor table"): gfx1150 Radeon 890M, gfx1151 Radeon 8060S, gfx1152 Radeon 860M.
- [GENTOO-TARGETS] https://packages.gentoo.org/useflags/amdgpu_targets_gfx1103 ("RDNA3 APU …
  including Radeon 700M/780M"), the distribution's description of the ROCm target.

- [LLVM-PROC-OLD] the same table's GCN rows ("GCN GFX6 (Southern Islands (SI))" to GFX8),
  whose "Alternative Processor" column names each processor's chips (gfx601: pitcairn,
  verde; gfx602: hainan, oland; gfx803: fiji, polaris10, polaris11 …) and whose "Example
  Products" give Hawaii's two targets (gfx701 FirePro W8100/W9100/S9150/S9170; gfx702
  Radeon R9 290/290x/390/390x) and Tonga's (gfx802 R9 285/380/385; gfx805 FirePro S7150/
  S7100/W7100).
- [KERNEL-PCIID] compat/amd_chips.txt: the amdgpu kernel driver's chip of each device id
  (drivers/gpu/drm/amd/amdgpu/amdgpu_drv.c pciidlist, torvalds/linux@00544006), Tahiti to
  Vega 20. The driver's CHIP_TOPAZ is LLVM's iceland (its interrupt block is iceland_ih).
- [MESA-LLVM] Mesa src/amd/common/amd_family.c ac_get_llvm_processor_name, read as
  bminor/mesa-mesa@9b011a73: the LLVM processor of each chip the tables above leave open
  (POLARIS12 and VEGAM → polaris11, gfx803; VEGA10 gfx900, VEGA12 gfx904, VEGA20 gfx906;
  NAVI10 … NAVI33 gfx1010 … gfx1102; VANGOGH gfx1033, REMBRANDT gfx1035,
  RAPHAEL_MENDOCINO gfx1036, PHOENIX gfx1103).
- [KFD-PROBE] the chips the kernel's KFD takes (ROCM_NEVER, below).
- [PCI-IDS] compat/pci_ids.txt, the PCI ID database 2026.10.24: each device id's codename
  and products ("Oland PRO [Radeon R7 240/340 / Radeon 520]"). Its products take the
  target of their device's chip ([KERNEL-PCIID] with the two above) or codename ("Navi 22",
  "Phoenix1"); a product named under devices of different targets ("Radeon R7 M265":
  Opal XT, an Oland, and Topaz XT) or under one whose target is open is left out.

Not established, so absent (None): Jetson Thor's device name (the page lists Jetson
T5000/T4000 only), RTX A4500/A5500, RTX 3500 Ada, H800/A800/H20/L20, Radeon RX 590,
RX 5600 XT, RX 6500 XT/6400, RX 550/540, older Ryzen APU graphics (gfx902/gfx90c …):
Raven's chip is gfx902 or gfx909 by revision, Renoir is gfx90c to LLVM and gfx909 to Mesa,
and "Radeon Vega 8 Graphics" names parts of both.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Final

from hwdoctor.compat import pci_db

Row = tuple[str, str]  # (a product name as the source spells it, its value)


def _rows(value: str, *names: str) -> tuple[Row, ...]:
    return tuple((name, value) for name in names)


# --- NVIDIA ------------------------------------------------------------------------------

# [NV-CC] current page: Blackwell, Hopper, Ada, Jetson Orin, and the 8.6 data centre and
# workstation cells.
_NV_CURRENT: Final[tuple[Row, ...]] = (
    *_rows("12.1", "NVIDIA GB10"),
    *_rows(
        "12.0",
        "NVIDIA RTX PRO 6000 Blackwell Server Edition",
        "NVIDIA RTX PRO 4500 Blackwell Server Edition",
        "NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
        "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition",
        "NVIDIA RTX PRO 5000 Blackwell",
        "NVIDIA RTX PRO 4500 Blackwell",
        "NVIDIA RTX PRO 4000 Blackwell",
        "NVIDIA RTX PRO 4000 Blackwell SFF Edition",
        "NVIDIA RTX PRO 2000 Blackwell",
        "GeForce RTX 5090",
        "GeForce RTX 5080",
        "GeForce RTX 5070 Ti",
        "GeForce RTX 5070",
        "GeForce RTX 5060 Ti",
        "GeForce RTX 5060",
        "GeForce RTX 5050",
    ),
    *_rows("11.0", "Jetson T5000", "Jetson T4000"),
    *_rows("10.3", "NVIDIA GB300", "NVIDIA B300"),
    *_rows("10.0", "NVIDIA GB200", "NVIDIA B200"),
    *_rows("9.0", "NVIDIA GH200", "NVIDIA H200", "NVIDIA H100"),
    *_rows(
        "8.9",
        "NVIDIA L4",
        "NVIDIA L40",
        "NVIDIA L40S",
        "NVIDIA RTX 6000 Ada",
        "NVIDIA RTX 5000 Ada",
        "NVIDIA RTX 4500 Ada",
        "NVIDIA RTX 4000 Ada",
        "NVIDIA RTX 4000 SFF Ada",
        "NVIDIA RTX 2000 Ada",
        "GeForce RTX 4090",
        "GeForce RTX 4080",
        "GeForce RTX 4070 Ti",
        "GeForce RTX 4070",
        "GeForce RTX 4060 Ti",
        "GeForce RTX 4060",
        "GeForce RTX 4050",
    ),
    *_rows("8.7", "Jetson AGX Orin", "Jetson Orin NX", "Jetson Orin Nano"),
    *_rows(
        "8.6",
        "NVIDIA A40",
        "NVIDIA A10",
        "NVIDIA A16",
        "NVIDIA A2",
        "NVIDIA RTX A6000",
        "NVIDIA RTX A5000",
        "NVIDIA RTX A4000",
        "NVIDIA RTX A3000",
        "NVIDIA RTX A2000",
        "GeForce RTX 3090",
    ),
)

# [NV-CC-LEGACY]: Xavier to Maxwell, as far as the copy reaches.
_NV_LEGACY: Final[tuple[Row, ...]] = (
    *_rows("7.2", "Jetson AGX Xavier", "Jetson Xavier NX"),
    *_rows("7.0", "NVIDIA V100", "Quadro GV100", "NVIDIA TITAN V"),
    *_rows("6.2", "Jetson TX2"),
    *_rows(
        "6.1",
        "Tesla P40",
        "Tesla P4",
        "Quadro P6000",
        "Quadro P5200",
        "Quadro P5000",
        "Quadro P4200",
        "Quadro P4000",
        "Quadro P3200",
        "Quadro P3000",
        "Quadro P2200",
        "Quadro P2000",
        "Quadro P1000",
        "Quadro P620",
        "Quadro P600",
        "Quadro P500",
        "Quadro P400",
        "P620",
        "P520",
        "NVIDIA TITAN Xp",
        "NVIDIA TITAN X",
        "GeForce GTX 1080 Ti",
        "GeForce GTX 1080",
        "GeForce GTX 1070 Ti",
        "GeForce GTX 1070",
        "GeForce GTX 1060",
        "GeForce GTX 1050",
    ),
    *_rows("6.0", "Tesla P100", "Quadro GP100"),
    *_rows("5.3", "Jetson Nano"),
    *_rows(
        "5.2",
        "Tesla M60",
        "Tesla M40",
        "Quadro M6000 24GB",
        "Quadro M6000",
        "Quadro M5000",
        "Quadro M4000",
        "Quadro M2000",
        "Quadro M5500M",
        "Quadro M2200",
        "Quadro M620",
        "GeForce GTX TITAN X",
        "GeForce GTX 980 Ti",
        "GeForce GTX 980",
        "GeForce GTX 970",
        "GeForce GTX 960",
        "GeForce GTX 950",
        "GeForce GTX 980M",
        "GeForce GTX 970M",
        "GeForce GTX 965M",
        "GeForce 910M",
    ),
    *_rows(
        "5.0",
        "Quadro K2200",
        "Quadro K1200",
        "Quadro K620",
        "Quadro M1200",
        "Quadro M520",
        "Quadro M5000M",
        "Quadro M4000M",
        "Quadro M3000M",
        "Quadro M2000M",
        "Quadro M1000M",
        "Quadro K620M",
        "Quadro M600M",
        "Quadro M500M",
        "NVIDIA NVS 810",
        "GeForce GTX 750 Ti",
        "GeForce GTX 750",
        "GeForce GTX 960M",
        "GeForce GTX 950M",
        "GeForce 940M",
    ),
)

# [NV-CC-2022]: the rows the copies above do not reach (8.0, 7.5, the 8.6 GeForce cell,
# Kepler) and the Quadro notebook table. "RTX 5000/4000/3000" there are the Quadro RTX
# notebook parts (Turing), not the Ada or Blackwell cards of the same number.
_NV_2022: Final[tuple[Row, ...]] = (
    *_rows("8.6", "GeForce RTX 3090 Ti", "GeForce RTX 3080 Ti", "GeForce RTX 3080"),
    *_rows("8.6", "GeForce RTX 3070 Ti", "GeForce RTX 3070", "GeForce RTX 3060 Ti"),
    *_rows("8.6", "GeForce RTX 3060"),
    *_rows("8.0", "NVIDIA A100", "NVIDIA A30"),
    *_rows(
        "7.5",
        "NVIDIA T4",
        "T1000",
        "T600",
        "T400",
        "T2000",
        "T1200",
        "T500",
        "Quadro RTX 8000",
        "Quadro RTX 6000",
        "Quadro RTX 5000",
        "Quadro RTX 4000",
        "RTX 5000",
        "RTX 4000",
        "RTX 3000",
        "NVIDIA TITAN RTX",
        "GeForce RTX 2080 Ti",
        "GeForce RTX 2080",
        "GeForce RTX 2070",
        "GeForce RTX 2060",
        "GeForce GTX 1650 Ti",
    ),
    *_rows("5.0", "GeForce 930M", "GeForce GTX 850M", "GeForce 840M", "GeForce 830M"),
    *_rows("3.7", "Tesla K80"),
    *_rows(
        "3.5",
        "Tesla K40",
        "Tesla K20",
        "Quadro K6000",
        "Quadro K5200",
        "Quadro K610M",
        "Quadro K510M",
        "GeForce GTX TITAN Z",
        "GeForce GTX TITAN Black",
        "GeForce GTX TITAN",
        "GeForce GTX 780 Ti",
        "GeForce GTX 780",
    ),
    *_rows(
        "3.0",
        "Tesla K10",
        "Quadro K5000",
        "Quadro K4200",
        "Quadro K4000",
        "Quadro K2000",
        "Quadro K2000D",
        "Quadro K600",
        "Quadro K420",
        "Quadro 410",
        "Quadro K6000M",
        "Quadro K5200M",
        "Quadro K5100M",
        "Quadro K500M",
        "Quadro K4200M",
        "Quadro K4100M",
        "Quadro K3100M",
        "Quadro K2100M",
        "Quadro K1100M",
        "GeForce GTX 770",
        "GeForce GTX 760",
        "GeForce GTX 690",
        "GeForce GTX 680",
        "GeForce GTX 670",
        "GeForce GTX 660 Ti",
        "GeForce GTX 660",
        "GeForce GTX 650 Ti BOOST",
        "GeForce GTX 650 Ti",
        "GeForce GTX 650",
        "GeForce GT 740",
    ),
)

# [NV-CC-LEGACY-OLD]: Fermi and Tesla-architecture GPUs (2.1 to 1.0), none of which a torch
# wheel's arch list reaches. Left out, so unknown: names the copy lists in two rows
# ("GeForce G210M" at 1.1 and 1.2); its 1.0 row's OEM names and G92/G94 cards, which the
# older edition lists at 1.2 and 1.1 ("GeForce GT 340", "GeForce 310", "GeForce 9800 GT",
# "GeForce 9600 GT", "GeForce 9400 GT", "GeForce GT 420"); "GeForce 8800 GTS", which the
# older edition lists at 1.0 and 1.1 (G80 and G92 boards); and names NVIDIA also gave
# other chips: "GeForce 8400 GS" (a GT218 revision), "GeForce GTX 560 Ti" (the GF110
# 448-core board), the GT 620/630 and the 600M, 700M and 800M notebook names of the 2.1
# row, some of which were also Kepler parts.
_NV_LEGACY_OLD: Final[tuple[Row, ...]] = (
    *_rows(
        "2.1",
        "NVIDIA NVS 315",
        "NVIDIA NVS 310",
        "NVS 5400M",
        "NVS 5200M",
        "NVS 4200M",
        "Quadro 2000",
        "Quadro 2000D",
        "Quadro 600",
        "Quadro 4000M",
        "Quadro 3000M",
        "Quadro 2000M",
        "Quadro 1000M",
        "GeForce GTX 550 Ti",
        "GeForce GTX 460",
        "GeForce GTS 450",
        "GeForce GT 610",
        "GeForce GT 520",
        "GeForce GT 440",
        "GeForce GT 430",
        "GeForce GTX 675M",
        "GeForce GTX 670M",
        "GeForce GTX 580M",
        "GeForce GTX 570M",
        "GeForce GTX 560M",
        "GeForce GT 555M",
        "GeForce GT 550M",
        "GeForce GT 540M",
        "GeForce GT 525M",
        "GeForce GT 520MX",
        "GeForce GT 520M",
        "GeForce GTX 485M",
        "GeForce GTX 470M",
        "GeForce GTX 460M",
        "GeForce GT 445M",
        "GeForce GT 435M",
        "GeForce GT 420M",
        "GeForce GT 415M",
        "GeForce 410M",
    ),
    *_rows(
        "2.0",
        "Tesla C2075",
        "Tesla C2050",
        "Tesla C2070",
        "Tesla M2050",
        "Tesla M2070",
        "Tesla M2075",
        "Tesla M2090",
        "Quadro Plex 7000",
        "Quadro 6000",
        "Quadro 5000",
        "Quadro 4000",
        "Quadro 4000 for Mac",
        "Quadro 5010M",
        "Quadro 5000M",
        "GeForce GTX 590",
        "GeForce GTX 580",
        "GeForce GTX 570",
        "GeForce GTX 480",
        "GeForce GTX 470",
        "GeForce GTX 465",
        "GeForce GTX 480M",
    ),
    *_rows(
        "1.3",
        "Tesla C1060",
        "Tesla S1070",
        "Tesla M1060",
        "Quadro FX 5800",
        "Quadro FX 4800",
        "Quadro FX 4800 for Mac",
        "Quadro FX 3800",
        "Quadro CX",
        "Quadro Plex 2200 D2",
        "GeForce GTX 295",
        "GeForce GTX 285",
        "GeForce GTX 285 for Mac",
        "GeForce GTX 280",
        "GeForce GTX 275",
        "GeForce GTX 260",
    ),
    *_rows(
        "1.2",
        "Quadro 400",
        "Quadro FX 380 Low Profile",
        "NVIDIA NVS 300",
        "Quadro FX 1800M",
        "Quadro FX 880M",
        "Quadro FX 380M",
        "NVS 5100M",
        "NVS 3100M",
        "NVS 2100M",
        "GeForce GT 240",
        "GeForce GT 220",
        "GeForce 210",
        "GeForce GTS 360M",
        "GeForce GTS 350M",
        "GeForce GT 335M",
        "GeForce GT 330M",
        "GeForce GT 325M",
        "GeForce GT 240M",
        "GeForce 310M",
        "GeForce 305M",
    ),
    *_rows(
        "1.1",
        "Quadro FX 4700 X2",
        "Quadro FX 3700",
        "Quadro FX 1800",
        "Quadro FX 1700",
        "Quadro FX 580",
        "Quadro FX 570",
        "Quadro FX 470",
        "Quadro FX 380",
        "Quadro FX 370",
        "Quadro FX 370 Low Profile",
        "Quadro NVS 450",
        "Quadro NVS 420",
        "Quadro NVS 295",
        "Quadro Plex 2100 D4",
        "Quadro FX 3800M",
        "Quadro FX 3700M",
        "Quadro FX 3600M",
        "Quadro FX 2800M",
        "Quadro FX 2700M",
        "Quadro FX 1700M",
        "Quadro FX 1600M",
        "Quadro FX 770M",
        "Quadro FX 570M",
        "Quadro FX 370M",
        "Quadro FX 360M",
        "Quadro NVS 320M",
        "Quadro NVS 160M",
        "Quadro NVS 150M",
        "Quadro NVS 140M",
        "Quadro NVS 135M",
        "Quadro NVS 130M",
        "GeForce GTS 250",
        "GeForce GTS 150",
        "GeForce 9800 GX2",
        "GeForce 9800 GTX+",
        "GeForce 9800 GTX",
        "GeForce 9600 GSO",
        "GeForce 9500 GT",
        "GeForce 8800 GT",
        "GeForce 8800 GS",
        "GeForce 8600 GTS",
        "GeForce 8600 GT",
        "GeForce 8500 GT",
        "GeForce 9400 mGPU",
        "GeForce 9300 mGPU",
        "GeForce 8300 mGPU",
        "GeForce 8200 mGPU",
        "GeForce 8100 mGPU",
        "GeForce GTX 285M",
        "GeForce GTX 280M",
        "GeForce GTX 260M",
        "GeForce 9800M GTX",
        "GeForce 8800M GTX",
        "GeForce GTS 260M",
        "GeForce GTS 250M",
        "GeForce 9800M GT",
        "GeForce 9600M GT",
        "GeForce 8800M GTS",
        "GeForce 9800M GTS",
        "GeForce GT 230M",
        "GeForce 9700M GT",
        "GeForce 9650M GS",
        "GeForce 9600M GS",
        "GeForce 9500M GS",
        "GeForce 8700M GT",
        "GeForce 8600M GT",
        "GeForce 8600M GS",
        "GeForce 9500M G",
        "GeForce 9300M G",
        "GeForce 8400M GS",
        "GeForce G110M",
        "GeForce 9300M GS",
        "GeForce 9200M GS",
        "GeForce 9100M G",
        "GeForce 8400M GT",
        "GeForce G105M",
    ),
    *_rows(
        "1.0",
        "Tesla C870",
        "Tesla D870",
        "Tesla S870",
        "Quadro FX 5600",
        "Quadro FX 4600",
        "Quadro Plex 2100 S4",
        "GeForce 8800 Ultra",
        "GeForce 8800 GTX",
    ),
)

# [WP-CUDA]: GeForce names NVIDIA's copies above do not list: SUPER and D cards, the
# laptop-only Ampere parts (RTX 2050, RTX 3050 Ti, MX570), GTX 16, the 10-series Ti, MX.
_NV_WIKIPEDIA: Final[tuple[Row, ...]] = (
    *_rows(
        "8.9",
        "GeForce RTX 4090 D",
        "GeForce RTX 4080 SUPER",
        "GeForce RTX 4070 Ti SUPER",
        "GeForce RTX 4070 SUPER",
    ),
    *_rows("8.6", "GeForce RTX 3050 Ti", "GeForce RTX 3050", "GeForce RTX 2050", "MX570"),
    *_rows(
        "7.5",
        "GeForce RTX 2080 SUPER",
        "GeForce RTX 2070 SUPER",
        "GeForce RTX 2060 SUPER",
        "GeForce GTX 1660 Ti",
        "GeForce GTX 1660 SUPER",
        "GeForce GTX 1660",
        "GeForce GTX 1650 SUPER",
        "GeForce GTX 1650",
        "GeForce MX550",
        "GeForce MX450",
    ),
    *_rows(
        "6.1",
        "GeForce GTX 1050 Ti",
        "GeForce GT 1030",
        "GeForce MX350",
        "GeForce MX330",
        "GeForce MX250",
        "GeForce MX230",
        "GeForce MX150",
    ),
)

# The names drivers and torch print for products the tables above name otherwise. Each
# is the same product: a form-factor letter (K40c/K40m: the GK110 board with or without
# fans), the "S" refresh of V100, the RTX 5090 D's second revision, the Pascal TITAN X as
# nvidia-smi spells it, and what torch.cuda.get_device_name() says on Jetson boards
# ("Orin (nvgpu)", "Xavier", "NVIDIA Tegra X1" on Nano, whose chip the 2017 page lists as
# "Tegra X1" at 5.3), and [AIT-279] for AWS's A10G.
_NV_ALIASES: Final[tuple[Row, ...]] = (
    *_rows("12.0", "GeForce RTX 5090 D", "GeForce RTX 5090 D v2"),
    *_rows("8.7", "Orin"),
    *_rows("8.6", "NVIDIA A10G"),
    *_rows("7.2", "Xavier"),
    *_rows("7.0", "Tesla V100S"),
    *_rows("6.1", "TITAN X (Pascal)"),
    *_rows("5.3", "Tegra X1"),
    *_rows("3.5", "Tesla K40c", "Tesla K40m", "Tesla K20c", "Tesla K20m", "Tesla K20X"),
    *_rows("3.5", "Tesla K20Xm"),
)

# Names that stand for products of different capabilities: the driver prints the same
# name for both. [NV-CC-2022]: "GeForce GT 730" 3.5 and "GT 730 DDR3,128bit" 2.1;
# "GT 640 (GDDR5)" 3.5 and "GT 640 (GDDR3)" 2.1.
_NV_AMBIGUOUS: Final = ("GeForce GT 730", "GeForce GT 640")

# --- AMD -------------------------------------------------------------------------------

# [ROCM-SPECS]: Instinct, Radeon PRO and Radeon tables, "LLVM target name" column.
_AMD_ROCM: Final[tuple[Row, ...]] = (
    *_rows("gfx950", "MI355X", "MI350X"),
    *_rows("gfx942", "MI325X", "MI300X", "MI300A"),
    *_rows("gfx90a", "MI250X", "MI250", "MI210"),
    *_rows("gfx908", "MI100"),
    *_rows("gfx906", "MI60", "MI50 (32GB)", "MI50 (16GB)"),
    *_rows("gfx900", "MI25"),
    *_rows("gfx803", "MI8", "MI6"),
    *_rows("gfx1201", "Radeon AI PRO R9700"),
    *_rows("gfx1101", "Radeon PRO V710", "Radeon PRO W7700"),
    *_rows("gfx1100", "Radeon PRO W7900 Dual Slot", "Radeon PRO W7900"),
    *_rows("gfx1100", "Radeon PRO W7800 48GB", "Radeon PRO W7800"),
    *_rows("gfx1030", "Radeon PRO W6800", "Radeon PRO V620"),
    *_rows("gfx1032", "Radeon PRO W6600"),
    *_rows("gfx1012", "Radeon Pro W5500"),
    *_rows("gfx906", "Radeon Pro VII", "Radeon VII"),
    *_rows("gfx1201", "Radeon RX 9070 XT", "Radeon RX 9070 GRE", "Radeon RX 9070"),
    *_rows("gfx1200", "Radeon RX 9060 XT"),
    *_rows("gfx1100", "Radeon RX 7900 XTX", "Radeon RX 7900 XT", "Radeon RX 7900 GRE"),
    *_rows("gfx1101", "Radeon RX 7800 XT", "Radeon RX 7700 XT"),
    *_rows("gfx1102", "Radeon RX 7600"),
    *_rows("gfx1030", "Radeon RX 6950 XT", "Radeon RX 6900 XT"),
    *_rows("gfx1030", "Radeon RX 6800 XT", "Radeon RX 6800"),
    *_rows("gfx1031", "Radeon RX 6750 XT", "Radeon RX 6700 XT", "Radeon RX 6700"),
    *_rows("gfx1032", "Radeon RX 6650 XT", "Radeon RX 6600 XT", "Radeon RX 6600"),
)

# [LLVM-PROC] "Example Products" of each processor, the rows [ROCM-SPECS] has not.
_AMD_LLVM: Final[tuple[Row, ...]] = (
    *_rows("gfx1201", "Radeon RX 9070"),
    *_rows("gfx1200", "Radeon RX 9060"),
    *_rows("gfx1101", "Radeon RX 7700"),
    *_rows("gfx1102", "Radeon RX 7600 XT"),
    *_rows("gfx1034", "Radeon RX 6500 XT"),  # issue 38 (s8-platform)
    *_rows("gfx1012", "Radeon RX 5500", "Radeon RX 5500 XT"),
    *_rows("gfx1011", "Radeon Pro V520"),
    *_rows("gfx1010", "Radeon RX 5700", "Radeon RX 5700 XT"),
    *_rows("gfx1010", "Radeon Pro 5600 XT", "Radeon Pro 5600M"),
    *_rows("gfx908", "AMD Instinct MI100 Accelerator"),
    *_rows("gfx906", "Radeon Instinct MI50", "Radeon Instinct MI60"),
    *_rows("gfx900", "Radeon Vega Frontier Edition", "Radeon RX Vega 56"),
    *_rows("gfx900", "Radeon RX Vega 64", "Radeon RX Vega 64 Liquid"),
    *_rows("gfx803", "Radeon R9 Nano", "Radeon R9 Fury", "Radeon R9 FuryX"),
    *_rows("gfx803", "Radeon Pro Duo", "FirePro S9300x2", "Radeon Instinct MI8"),
    *_rows("gfx803", "Radeon RX 470", "Radeon RX 480", "Radeon Instinct MI6"),
    *_rows("gfx803", "Radeon RX 460"),
)

# [ROCM-2.0] chip → product, with [LLVM-PROC] chip → processor.
_AMD_POLARIS: Final[tuple[Row, ...]] = _rows("gfx803", "Radeon RX 580", "Radeon RX 570")

# [LLVM-APU] the RDNA 3.5 APUs' example products; [GENTOO-TARGETS] the RDNA 3 APU's (gfx1103),
# which LLVM's table leaves "TBA".
_AMD_APU: Final[tuple[Row, ...]] = (
    *_rows("gfx1150", "Radeon 890M"),
    *_rows("gfx1151", "Radeon 8060S"),
    *_rows("gfx1152", "Radeon 860M"),
    *_rows("gfx1103", "Radeon 780M", "Radeon 760M"),
)

# [LLVM-PROC-OLD] "Example Products" of the GCN 1 to 3 processors whose chip stands for two
# targets (Hawaii, Tonga), and of the APUs named by their CPU.
_AMD_GCN: Final[tuple[Row, ...]] = (
    *_rows("gfx701", "FirePro W8100", "FirePro W9100", "FirePro S9150", "FirePro S9170"),
    *_rows("gfx702", "Radeon R9 290", "Radeon R9 290x", "Radeon R9 390", "Radeon R9 390x"),
    *_rows("gfx702", "Radeon R390", "Radeon R390x"),
    *_rows("gfx704", "Radeon HD 7790", "Radeon HD 8770", "R7 260", "R7 260X"),
    *_rows("gfx802", "Radeon R9 285", "Radeon R9 380", "Radeon R9 385"),
    *_rows("gfx805", "FirePro S7150", "FirePro S7100", "FirePro W7100"),
    *_rows("gfx805", "Mobile FirePro M7170"),
)

# The chips whose target one source gives ([LLVM-PROC-OLD]'s alternative processors,
# [MESA-LLVM] for the rest). Left out: HAWAII and TONGA (two targets, by product, above) and
# RAVEN (gfx902 or gfx909 by the chip's revision, [MESA-LLVM] ac_gpu_info).
_CHIP_GFX: Final = MappingProxyType(
    {
        "TAHITI": "gfx600",
        "PITCAIRN": "gfx601",
        "VERDE": "gfx601",
        "OLAND": "gfx602",
        "HAINAN": "gfx602",
        "KAVERI": "gfx700",
        "KABINI": "gfx703",
        "MULLINS": "gfx703",
        "BONAIRE": "gfx704",
        "CARRIZO": "gfx801",
        "TOPAZ": "gfx802",
        "FIJI": "gfx803",
        "POLARIS10": "gfx803",
        "POLARIS11": "gfx803",
        "POLARIS12": "gfx803",
        "VEGAM": "gfx803",
        "STONEY": "gfx810",
        "VEGA10": "gfx900",
        "VEGA12": "gfx904",
        "VEGA20": "gfx906",
    }
)
# [MESA-LLVM] the chips newer than the driver's pciidlist, by [PCI-IDS]' codename.
_CODENAME_GFX: Final = MappingProxyType(
    {
        "navi 10": "gfx1010",
        "navi 12": "gfx1011",
        "navi 14": "gfx1012",
        "navi 21": "gfx1030",
        "navi 22": "gfx1031",
        "navi 23": "gfx1032",
        "navi 24": "gfx1034",
        "navi 31": "gfx1100",
        "navi 32": "gfx1101",
        "navi 33": "gfx1102",
        "van gogh": "gfx1033",
        "rembrandt": "gfx1035",
        "raphael": "gfx1036",
        "phoenix": "gfx1103",
        "phoenix1": "gfx1103",
        "phoenix2": "gfx1103",
    }
)
# A [PCI-IDS] codename's chip words: "Navi 22", "Oland PRO" → "oland", "Phoenix1"; the grade
# words after them (PRO, XT, LE, GL …) and a second codename after " / " are not the chip.
_CODENAME: Final = re.compile(r"^(navi \d\d|van gogh|[a-z]+\d?)\b")
# A device row that is no GPU (its audio, USB or PCIe switch function) names no product.
_NOT_A_GPU: Final = re.compile(r"\b(?:Audio|USB|Switch|Coprocessor)\b")

# [KFD-PROBE] torvalds/linux@002c6ca7 drivers/gpu/drm/amd/amdkfd/kfd_device.c kgd2kfd_probe:
# KFD, ROCm's compute interface in the amdgpu kernel driver, takes Kaveri, Carrizo, Hawaii
# (experimental), Tonga, Fiji, Polaris, VegaM and the chips from Vega 10 on; for every other
# chip it prints "<ASIC> not supported in kfd" and ROCm has no GPU. The targets whose every
# chip is such a one ([KERNEL-PCIID], [LLVM-PROC-OLD]): Southern Islands (Tahiti, Pitcairn,
# Cape Verde, Oland, Hainan), Bonaire, Kabini and Mullins, Stoney. [LLVM-PROC-OLD]'s "OS
# Support" column agrees: no rocm-amdhsa for gfx600 to gfx602, gfx703 or gfx704. Each with
# its generation's name.
ROCM_NEVER: Final = MappingProxyType(
    {
        "gfx600": "GCN 1, Southern Islands",
        "gfx601": "GCN 1, Southern Islands",
        "gfx602": "GCN 1, Southern Islands",
        "gfx703": "GCN 2, Sea Islands",
        "gfx704": "GCN 2, Sea Islands",
        "gfx810": "GCN 3, Stoney",
    }
)
# [KFD-PROBE] a chip KFD never takes whose target another chip KFD takes shares: Topaz (the
# driver's CHIP_TOPAZ, LLVM's iceland) is gfx802 like Tonga, and kgd2kfd_probe has a case for
# CHIP_TONGA and none for CHIP_TOPAZ ("TOPAZ not supported in kfd"). Known only where every
# [PCI-IDS] device a name stands for is that chip ("Topaz PRO [Radeon R5 M255]", "Radeon R5
# M255"), never by the target (s16-mend-amd).
KFD_NEVER_CHIPS: Final = MappingProxyType({"TOPAZ": "GCN 3, Iceland"})

# --- normalising names ---------------------------------------------------------------

_MARKS: Final = re.compile(r"\((?:r|tm)\)|[®™]", re.IGNORECASE)
_PUNCTUATION: Final = re.compile(r"[()\[\],;_]")
_SPACES: Final = re.compile(r"\s+")
_MAX_Q: Final = re.compile(r"\bwith max-q design\b|\bmax-q\b")
_GENERATION: Final = re.compile(r"\b(ada|blackwell) generation\b")
# Reporters run the series word, the number and "Ti" together ("my GPU(RTX4060)",
# "RTX 3070Ti"); NVIDIA's names always space them.
_SERIES_NUMBER: Final = re.compile(r"\b(rtx|gtx) ?(\d{3,4})(?: ?(ti))?\b")
# The series number decides the word, as NVIDIA names them (the GeForce tables in
# NVIDIA's CUDA GPUs list): GTX for the 10 and 16 series, RTX from the 20 series on, so
# "RTX 1080 Ti" is the GTX 1080 Ti and "GTX 3060" the RTX 3060.
_SERIES_WORD: Final = re.compile(r"^(?:(10|16)|20|30|40|50)[3-9]0$")


def _spaced_series(match: re.Match[str]) -> str:
    word, number, ti = match.groups()
    series = _SERIES_WORD.match(number)
    if series:
        word = "gtx" if series.group(1) else "rtx"
    return " ".join(w for w in (word, number, ti) if w)


_MEMORY: Final = re.compile(r"^\d+gb$")
_MEMORY_START: Final = re.compile(r"^\d+g?$")
_GFX_IN_NAME: Final = re.compile(r"\bgfx(\d{1,2}\d[0-9a-f])\b", re.IGNORECASE)

_NV_LEADING: Final = frozenset({"nvidia", "corporation", "tesla", "geforce", "quadro"})
# Form factor, memory and edition words that do not change the chip: "-SXM4-80GB",
# " 80GB HBM3", " PCIe", " NVL", "Laptop GPU", "Workstation Edition", Jetson's "(nvgpu)".
_NV_TRAILING: Final = frozenset(
    {"sxm", "sxm2", "sxm3", "sxm4", "sxm5", "sxm6", "pcie", "pci", "e", "nvl", "hbm2",
     "hbm2e", "hbm3", "hbm3e", "dgxs", "oam", "mxm", "ac", "laptop", "gpu", "mobile",
     "workstation", "server", "edition", "generation", "nvgpu"}
)  # fmt: skip
_AMD_LEADING: Final = frozenset({"amd", "ati", "radeon", "instinct"})
_AMD_TRAILING: Final = frozenset(
    {"series", "oam", "vf", "accelerator", "graphics", "oem", "mobile"}
)


def _tokens(name: str, leading: frozenset[str]) -> tuple[list[str], bool]:
    """The name as lower-case words without vendor and brand words, and whether the
    source cut it short ("..." or "…" at its end)."""
    text = _MARKS.sub(" ", name).casefold()
    text = _SPACES.sub(" ", text).strip()
    cut = text.endswith(("...", "…"))
    text = text.rstrip(".… ")
    text = _MAX_Q.sub(" ", text)
    text = _GENERATION.sub(r"\1", text)
    text = _SERIES_NUMBER.sub(_spaced_series, text)
    text = _PUNCTUATION.sub(" ", text).replace("-", " ")
    words = text.split()
    while words and words[0] in leading:
        words.pop(0)
    return words, cut


def _strip_trailing(words: list[str], trailing: frozenset[str]) -> list[str]:
    while words and (words[-1] in trailing or _MEMORY.match(words[-1])):
        words = words[:-1]
    return words


def _key(name: str, leading: frozenset[str], trailing: frozenset[str]) -> str:
    words, _ = _tokens(name, leading)
    return " ".join(_strip_trailing(words, trailing))


def _index(
    rows: Iterable[Row], leading: frozenset[str], trailing: frozenset[str]
) -> Mapping[str, str]:
    return MappingProxyType({_key(name, leading, trailing): value for name, value in rows})


NVIDIA_ROWS: Final = (
    *_NV_CURRENT,
    *_NV_LEGACY,
    *_NV_2022,
    *_NV_LEGACY_OLD,
    *_NV_WIKIPEDIA,
    *_NV_ALIASES,
)
AMD_ROWS: Final = (*_AMD_ROCM, *_AMD_LLVM, *_AMD_POLARIS, *_AMD_APU, *_AMD_GCN)
_NV_INDEX: Final = _index(NVIDIA_ROWS, _NV_LEADING, _NV_TRAILING)
_NV_UNSURE: Final = frozenset(_key(name, _NV_LEADING, _NV_TRAILING) for name in _NV_AMBIGUOUS)
_AMD_INDEX: Final = _index(AMD_ROWS, _AMD_LEADING, _AMD_TRAILING)


def _decoration(word: str, trailing: frozenset[str]) -> bool:
    return word in trailing or bool(_MEMORY.match(word))


def _decoration_start(word: str, trailing: frozenset[str]) -> bool:
    """Whether a word cut short can be the start of a decoration ("pci" of "pcie",
    "8" of "80gb")."""
    return any(d.startswith(word) for d in trailing) or bool(_MEMORY_START.match(word))


def _cut_lookup(
    words: list[str],
    index: Mapping[str, str],
    unsure: frozenset[str],
    trailing: frozenset[str],
) -> str | None:
    """A name cut short: the value every known name it can be the start of agrees on,
    whether the cut falls inside the model ("RTX 30...") or in its decorations
    ("V100-SXM2...", "A100-PCI...")."""
    prefix = " ".join(words)
    if not prefix or any(key.startswith(prefix) for key in unsure):
        return None
    found: set[str] = set()
    for key, value in index.items():
        if key.startswith(prefix):
            found.add(value)
        elif prefix.startswith(key + " "):
            rest = prefix[len(key) :].split()
            decorated = all(_decoration(word, trailing) for word in rest[:-1])
            if decorated and _decoration_start(rest[-1], trailing):
                found.add(value)
    return found.pop() if len(found) == 1 else None


def _lookup(
    name: str,
    index: Mapping[str, str],
    unsure: frozenset[str],
    leading: frozenset[str],
    trailing: frozenset[str],
) -> str | None:
    """A name, or alternatives joined by "/" ("AMD Instinct MI250X / MI250"): the value
    they all agree on. A part that is only decoration ("/PCIe") is no alternative."""
    parts = [part for part in name.split("/") if _key(part, leading, trailing)]
    answers = {_one(part, index, unsure, leading, trailing) for part in parts}
    return answers.pop() if len(answers) == 1 else None


def _one(
    name: str,
    index: Mapping[str, str],
    unsure: frozenset[str],
    leading: frozenset[str],
    trailing: frozenset[str],
) -> str | None:
    words, cut = _tokens(name, leading)
    if cut:
        return _cut_lookup(words, index, unsure, trailing)
    key = " ".join(_strip_trailing(words, trailing))
    return None if key in unsure else index.get(key)


@functools.lru_cache(maxsize=1024)  # a paste can name one GPU on thousands of lines
def nvidia_capability(name: str) -> str | None:
    """The compute capability ("8.9") of an NVIDIA GPU named as nvidia-smi,
    torch.cuda.get_device_name() or collect_env print it; None when the name is not in
    the table, stands for products of different capabilities, or was cut short where
    the products it can be the start of disagree."""
    return _lookup(name, _NV_INDEX, _NV_UNSURE, _NV_LEADING, _NV_TRAILING)


# lspci's name of a device, the [PCI-IDS] codename then its products in brackets, after the
# vendor's "[AMD/ATI] " where lspci prints it: "Oland PRO [Radeon R7 240/340 / Radeon 520]".
_LSPCI_FORM: Final = re.compile(
    r"^(?:Advanced Micro Devices, Inc\. )?(?:\[AMD/ATI\] )?([^\[\]]+\[[^\[\]]+\])"
)


def _codename(full: str) -> str | None:
    named = _CODENAME.match(pci_db.split(full)[0].casefold())
    return named[1] if named else None


@functools.cache
def _codename_gfx() -> Mapping[str, str]:
    """Each [PCI-IDS] codename whose devices [KERNEL-PCIID] lists all have one target
    ("ellesmere": gfx803), with [MESA-LLVM]'s codenames of the newer chips: a device newer
    than the driver's table (Ellesmere's 67d4, a Radeon Pro WX 7100) takes its codename's."""
    seen: dict[str, set[str | None]] = {}
    chips = pci_db.amd_chips()
    for (vendor, device), full in pci_db.names().items():
        codename = _codename(full) if vendor == pci_db.AMD and device in chips else None
        if codename:
            seen.setdefault(codename, set()).add(_CHIP_GFX.get(chips[device]))
    agreed = {name: targets.pop() for name, targets in seen.items() if len(targets) == 1}
    return MappingProxyType({**{k: v for k, v in agreed.items() if v}, **_CODENAME_GFX})


def _device_gfx(device: str, full: str) -> str | None:
    """The target of a [PCI-IDS] device: its chip's ([KERNEL-PCIID]) or its codename's."""
    chip = pci_db.amd_chips().get(device)
    if chip is not None:
        return _CHIP_GFX.get(chip)
    codename = _codename(full)
    return _codename_gfx().get(codename) if codename else None


_ByName = tuple[Mapping[str, frozenset[str | None]], Mapping[str, frozenset[str | None]]]


def _pci_amd_by(value: Callable[[str, str], str | None]) -> _ByName:
    """[PCI-IDS]' AMD GPUs: each product's key, and each device's whole name, with `value`
    of the devices they name (`value(device, full name)`)."""
    products: dict[str, set[str | None]] = {}
    devices: dict[str, set[str | None]] = {}
    for (vendor, device), full in pci_db.names().items():
        if vendor != pci_db.AMD or _NOT_A_GPU.search(full):
            continue
        named = pci_db.split(full)[1]
        got = value(device, full)
        devices.setdefault(_SPACES.sub(" ", full.casefold()), set()).add(got)
        if named != (full,):
            for product in named:
                key = _key(product, _AMD_LEADING, _AMD_TRAILING)
                products.setdefault(key, set()).add(got)
    return (
        MappingProxyType({k: frozenset(v) for k, v in products.items()}),
        MappingProxyType({k: frozenset(v) for k, v in devices.items()}),
    )


@functools.cache
def _pci_amd() -> _ByName:
    """[PCI-IDS]' AMD GPUs with the targets of the devices they name (None for a device whose
    target is open)."""
    return _pci_amd_by(_device_gfx)


@functools.cache
def _pci_amd_chips() -> _ByName:
    """As `_pci_amd`, with each device's [KERNEL-PCIID] chip (None where the table has none)
    in place of its target."""
    chips = pci_db.amd_chips()
    return _pci_amd_by(lambda device, _: chips.get(device))


@functools.cache
def _codename_chips() -> Mapping[str, frozenset[str | None]]:
    """Each [PCI-IDS] codename ("topaz") with the [KERNEL-PCIID] chips of its AMD devices."""
    seen: dict[str, set[str | None]] = {}
    chips = pci_db.amd_chips()
    for (vendor, device), full in pci_db.names().items():
        codename = _codename(full) if vendor == pci_db.AMD and not _NOT_A_GPU.search(full) else None
        if codename:
            seen.setdefault(codename, set()).add(chips.get(device))
    return MappingProxyType({k: frozenset(v) for k, v in seen.items()})


@functools.lru_cache(maxsize=1024)
def kfd_never_chip(name: str) -> str | None:
    """The chip of KFD_NEVER_CHIPS ("TOPAZ") every [PCI-IDS] device an AMD GPU's name stands
    for is, as a product ("Radeon R5 M255") or lspci's "Codename [products]"; None where one
    of them is another chip or unknown, or the name is no device's."""
    products, devices = _pci_amd_chips()
    chips: frozenset[str | None] = frozenset()
    if "[" in name and (form := _LSPCI_FORM.match(name.strip())):
        named = form[1]
        chips = devices.get(_SPACES.sub(" ", named.casefold()).strip(), frozenset())
        codename = _codename(named)
        if not chips and codename:  # an older database's products: the codename's devices
            chips = _codename_chips().get(codename, frozenset())
        if not chips:
            for product in pci_db.split(named)[1]:
                found = products.get(_key(product, _AMD_LEADING, _AMD_TRAILING), frozenset())
                if not found:  # a product the database does not name: unknown
                    return None
                chips |= found
    elif "/" not in name:
        chips = products.get(_key(name, _AMD_LEADING, _AMD_TRAILING), frozenset())
    if len(chips) == 1 and (chip := next(iter(chips))) in KFD_NEVER_CHIPS:
        return chip
    return None


def _known(targets: frozenset[str | None]) -> frozenset[str]:
    """The targets, where none of them is open; none otherwise."""
    return frozenset() if None in targets else frozenset(t for t in targets if t)


def _product_targets(name: str) -> frozenset[str]:
    """A product's target by the tables above, or the targets of every [PCI-IDS] device that
    names it; none where it is unknown or one of those devices' targets is open."""
    found = _lookup(name, _AMD_INDEX, frozenset(), _AMD_LEADING, _AMD_TRAILING)
    if found:
        return frozenset({found})
    if "/" in name:
        return frozenset()
    products, _ = _pci_amd()
    return _known(products.get(_key(name, _AMD_LEADING, _AMD_TRAILING), frozenset()))


def _lspci_targets(named: str) -> frozenset[str]:
    """lspci's "Codename [products]": the device the database names so, else the targets
    of the products in the brackets, where each is known."""
    _, devices = _pci_amd()
    whole = _known(devices.get(_SPACES.sub(" ", named.casefold()).strip(), frozenset()))
    if whole:
        return whole
    products = pci_db.split(named)[1]
    found = [_product_targets(product) for product in products]
    if not found or not all(found):
        return frozenset()
    return frozenset().union(*found)


@functools.lru_cache(maxsize=1024)
def amd_targets(name: str) -> frozenset[str]:
    """Every gfx target an AMD GPU's name can stand for: one for most names, more where the
    PCI ID database gives one product name to chips of different targets ("Radeon R7 M265":
    gfx602 or gfx802); none for a name no table holds, or one of whose chips' target is
    open. Also lspci's "Oland PRO [Radeon R7 240/340 / Radeon 520]" (after "[AMD/ATI] ")."""
    carried = {match.group(0).lower() for match in _GFX_IN_NAME.finditer(name)}
    if carried:
        return frozenset(carried)
    if "[" in name and (form := _LSPCI_FORM.match(name.strip())):
        return _lspci_targets(form[1])
    found = _lookup(name, _AMD_INDEX, frozenset(), _AMD_LEADING, _AMD_TRAILING)
    if found:
        return frozenset({found})
    return _product_targets(name)


@functools.lru_cache(maxsize=1024)
def amd_gfx(name: str) -> str | None:
    """The gfx target ("gfx1100") of an AMD GPU named as rocminfo's Marketing Name,
    amd-smi's MARKET_NAME, lspci or collect_env print it; a name that carries its target
    ("AMD Radeon Graphics (gfx906:sramecc+:xnack-)") gives that target. None for generic
    names ("AMD Radeon Graphics"), names the tables do not hold, and names that stand for
    GPUs of different targets."""
    targets = amd_targets(name)
    return next(iter(targets)) if len(targets) == 1 else None
