"""Every AMD GPU by name, and the ones ROCm never ran on (issue 38, s16-amdnames).

compat/gpus.py gives an AMD GPU's gfx target from its name: AMD's and LLVM's product rows,
and every product the PCI ID database names under a device whose chip the amdgpu driver's
table gives (LLVM's processors, Mesa's for the newer chips); lspci's "Codename [products]"
by the database's device of that name. A paste about ROCm that names a GPU whose chip the
kernel's KFD never takes (GCN 1, Bonaire, Kabini, Mullins, Stoney) is
device.amd_gpu_without_kfd with the GPU, its target and "no ROCm release"; a GPU ROCm runs
or ran on, with the same empty rocm-smi or rocminfo, is not. Each paste is a real recording
(tests/data/reports/README.md gives its thread).
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.compat import gpus, pci_db
from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble
from hwdoctor.model.pasted import FactKey, Pasted
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"
KFD: Final = "device.amd_gpu_without_kfd"


def gathered(name: str) -> Pasted:
    return assemble.gathered(reports.read((ERRORS / name).read_bytes()))


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(gathered(name))


def rests_on(report: PasteReport, words: str) -> bool:
    return any(words in q.text for quotes in report.rests_on for q in quotes)


@pytest.mark.parametrize(
    ("name", "gpu", "gfx", "generation", "resting"),
    [
        # ROCm/legacy-rocm-build#382: "does ROCm supprot R9 280X?", AMD's one-line answer
        (
            "rocm382-r9-280x-title-does-rocm-support.md",
            "Radeon R9 280X",
            "gfx600",
            "GCN 1, Southern Islands",
            "does not support R9280X",
        ),
        # ROCm/legacy-rocm-build#1310: ROCm 3.9.0's rocminfo shows the CPU alone; lshw's
        # product line names the Opal XT
        (
            "rocm1310-opal-xt-r7-m265-lshw-rocm-3.9-rocminfo-cpu-only.md",
            "Opal XT [Radeon R7 M265/M365X/M465]",
            "gfx602",
            "GCN 1, Southern Islands",
            "product: Opal XT",
        ),
        # ROCm/legacy-rocm-build#374: "get ROCm working on my R9 280X card" in prose
        (
            "rocm374-tahiti-r9-280x-gcn1-support-question.md",
            "Radeon R9 280X",
            "gfx600",
            "GCN 1, Southern Islands",
            "my R9 280X card",
        ),
    ],
)
def test_a_gpu_rocm_never_ran_on_is_named_with_its_target(
    name: str, gpu: str, gfx: str, generation: str, resting: str
) -> None:
    """No kernel line in these pastes: the GPU's name alone, read to its target, says that
    no ROCm release runs there (kfd_device.c takes no Southern Islands chip), never a torch
    build or an override to install."""
    report = diagnosed(name)
    (found,) = [f for f in report.findings if f.code == KFD]
    assert found.backend == "rocm" and found.params.get("variant", "named") == "named"
    message = found.message or ""
    assert gpu in message and gfx in message and generation in message, message
    assert "no ROCm release" in message
    assert "HSA_OVERRIDE_GFX_VERSION" in (found.advice or "")
    assert "pip" not in (found.remedy or "") + (found.advice or "")
    assert rests_on(report, resting), report.rests_on
    # a question with no error shown (ROCm#374) is answered as a warning (s19-quiet)
    asked = name.endswith("-question.md")
    assert found.severity.value == ("warning" if asked else "error")
    assert report.exit_code == (0 if asked else 1)


@pytest.mark.parametrize(
    ("name", "gpu"),
    [
        # ROCm/legacy-rocm-build#1804: "Mars XTX [Radeon HD 8790M]" in lshw's product line
        ("rocm1804-mars-xtx-hd-8790m-oland-not-supported-in-kfd.md", "HD 8790M"),
    ],
)
def test_the_kernels_words_stay_the_cause_and_the_gpu_is_read(name: str, gpu: str) -> None:
    """Where the kernel says "OLAND not supported in kfd", that line is the finding's (the
    GCN 1 variant, not the named one); the GPU the paste names is now read, to gfx602 like
    the driver's chip."""
    gathered_paste = gathered(name)
    named = [f.value for f in gathered_paste.facts if f.key is FactKey.GPU]
    assert any(gpu in value and gpus.amd_gfx(value) == "gfx602" for value in named), named
    report = pasted.diagnose(gathered_paste)
    (found,) = [f for f in report.findings if f.code == KFD]
    assert "Oland (GCN 1, Southern Islands)" in (found.message or "")
    assert rests_on(report, "OLAND")


@pytest.mark.parametrize(
    ("name", "gfx"),
    [
        # ROCm/legacy-rocm-build#2995: rocm-smi's "No AMD GPUs specified" on a V620 MxGPU
        ("rocm2995-navi21-v620-mxgpu-no-amd-gpus-specified-rock-not-loaded.md", "gfx1030"),
        # ROCm/legacy-rocm-build#1752: a Vega FE in a VM, rocm-smi and rocminfo without it
        ("rocm1752-vega-fe-proxmox-vm-rocm-smi-no-gpu-rocminfo-cpu-only.md", "gfx900"),
        # ROCm/legacy-rocm-build#1695: ROCm 4.5 and an RX 580: gfx8 left, not never run
        ("rocm1695-rocm45-gfx8-rx580-support-question.md", "gfx803"),
    ],
)
def test_a_gpu_rocm_runs_or_ran_on_is_never_called_unsupported(name: str, gfx: str) -> None:
    """The same empty rocm-smi, rocminfo without a GPU agent, or a question about support,
    on a GPU whose chip KFD takes: no "no ROCm release" finding."""
    report = diagnosed(name)
    assert KFD not in {f.code for f in report.findings}
    assert not any("no ROCm release" in (f.message or "") for f in report.findings)
    assert gfx not in gpus.ROCM_NEVER


@pytest.mark.parametrize(
    ("name", "targets"),
    [
        # the names the recordings above carry, and the brief's list of names reporters paste
        ("Radeon R7 240", {"gfx602"}),
        ("Radeon R9 280X", {"gfx600"}),
        ("Radeon HD 7970", {"gfx600"}),
        ("Radeon R9 290", {"gfx702"}),  # LLVM: R9 290/290x/390/390x are gfx702
        ("FirePro W9100", {"gfx701"}),  # and Hawaii's FirePros gfx701
        ("Radeon R7 M265", {"gfx602", "gfx802"}),  # Opal XT (an Oland) and Topaz XT
        ("AMD Radeon RX 6800M", {"gfx1031"}),
        ("Radeon RX 7600S", {"gfx1102"}),
        ("Radeon Pro WX 7100", {"gfx803"}),  # 67d4, newer than the driver's table: Ellesmere
        ("AMD Radeon 780M", {"gfx1103"}),
        (
            "Advanced Micro Devices, Inc. [AMD/ATI] Oland PRO [Radeon R7 240/340 / Radeon 520]",
            {"gfx602"},
        ),
        ("Opal XT [Radeon R7 M265/M365X/M465]", {"gfx602"}),
        ("Hawaii XT / Grenada XT [Radeon R9 290X/390X]", {"gfx702"}),
        ("Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", {"gfx1100"}),
        # unknown, so never guessed: Vega 8 is Raven's (gfx902/gfx909) and Renoir's (gfx90c);
        # the HD 7450 is a TeraScale part (Caicos) no GCN table holds
        ("Radeon Vega 8 Graphics", set()),
        ("Radeon HD 7450", set()),
        ("AMD Radeon Graphics", set()),
    ],
)
def test_names_reporters_paste_give_their_targets(name: str, targets: set[str]) -> None:
    assert gpus.amd_targets(name) == targets
    assert gpus.amd_gfx(name) == (next(iter(targets)) if len(targets) == 1 else None)


def test_the_database_rows_agree_with_amds_and_llvms_rows() -> None:
    """Every product the PCI ID database names that AMD's or LLVM's rows also hold has the
    same target by the driver's chip: the two sources never disagree silently."""
    products, _ = gpus._pci_amd()
    disagree = {}
    for name, value in gpus.AMD_ROWS:
        key = gpus._key(name, gpus._AMD_LEADING, gpus._AMD_TRAILING)
        found = products.get(key, frozenset())
        if found and None not in found and found != {value}:
            disagree[name] = (value, set(found))
    # the one known: LLVM's table gives the Radeon Pro 5600M as a gfx1010 example, the
    # database names it under Navi 12 (7360), gfx1011 to Mesa; AMD's and LLVM's row is kept
    assert disagree == {"Radeon Pro 5600M": ("gfx1010", {"gfx1011"})}
    assert gpus.amd_gfx("Radeon Pro 5600M") == "gfx1010"
    chips = set(pci_db.amd_chips().values())
    assert chips - set(gpus._CHIP_GFX) == {"HAWAII", "TONGA", "RAVEN"}  # two targets each


# --- s16-mend-amd: a GPU named in passing beside one ROCm runs; Topaz by its name ---------

ROCMINFO: Final = ROOT / "tests" / "data" / "reports" / "rocminfo"


@pytest.mark.parametrize(
    "named",
    [
        "rocm382-r9-280x-title-does-rocm-support.md",
        "rocm374-tahiti-r9-280x-gcn1-support-question.md",
        "rocm1310-opal-xt-r7-m265-lshw-rocm-3.9-rocminfo-cpu-only.md",
    ],
)
@pytest.mark.parametrize(
    "listing",
    [
        # ROCm/rocm-systems#6380's rocminfo: a Ryzen APU's gfx902 agent (ROCm 7.2)
        "rocm6380-rocminfo-support-1x-gfx902-apu-rocm7.2.txt",
        "gpucompute-rocminfo-7x-mi25-gfx900.txt",
    ],
)
def test_a_gpu_rocminfo_lists_outweighs_one_rocm_never_ran_on(named: str, listing: str) -> None:
    """Two real recordings, one after the other: a report naming a GPU KFD never takes (each
    is device.amd_gpu_without_kfd alone, above), then rocminfo listing a GPU agent. KFD took
    that GPU (rocminfo.cc prints an agent per KFD node), so the GPU named is not the one at
    hand ("My old R9 280X never worked with ROCm, so I moved to this APU", the red team's
    /tmp/rt16p/apu.md): no "no ROCm release" and no "rocminfo … find no GPU"."""
    paste = (ERRORS / named).read_bytes() + b"\n\n" + (ROCMINFO / listing).read_bytes()
    report = pasted.diagnose(assemble.gathered(reports.read(paste)))
    assert KFD not in {f.code for f in report.findings}
    assert KFD in {f.code for f in diagnosed(named).findings}


@pytest.mark.parametrize(
    "words",
    [
        "My old R9 280X never worked with ROCm, so I moved to this APU.",
        "I used to have an HD 7970 on this board.",
        "My previous card was a Radeon R7 240.",
        "My other machine has a Radeon R9 280X.",
    ],
)
def test_a_gpu_had_before_or_besides_is_not_the_machine(words: str) -> None:
    """cleaning.not_the_machine: a GPU the reporter had before or has elsewhere names no GPU
    of the machine at hand ("my" before "old", "previous", "other" is not the reporter's own
    machine, as "my colleague's" is not); the same names said of the machine are read."""
    from hwdoctor.gather.reports import cleaning

    assert cleaning.not_the_machine(words)
    read = reports.read(f"{words}\nRuntimeError: boom\n".encode()).facts
    assert not [f for f in read if f.key is FactKey.GPU], read
    own = words.replace("My old", "My").replace("My previous card was", "My card is")
    if own != words:
        assert not cleaning.not_the_machine(own)


def test_topaz_by_its_name_is_a_gpu_rocm_never_ran_on() -> None:
    """ROCm/legacy-rocm-build#662 (labelled "Unsupported Hardware"): rocminfo's 4104 on a Dell
    notebook whose lspci names "Topaz XT [Radeon R7 M260/M265 / …]". Topaz is gfx802 like
    Tonga, which KFD takes, but kfd_device.c kgd2kfd_probe (torvalds/linux@002c6ca7) has no
    case for CHIP_TOPAZ: by the target alone it would be a GPU ROCm runs; by the chip every
    device of the name is, one ROCm never ran on."""
    report = diagnosed("rocm662-topaz-xt-r7-m260-lspci-rocm-2.0-rocminfo-4104.md")
    (found,) = [f for f in report.findings if f.code == KFD]
    message = found.message or ""
    assert "gfx802 (GCN 3, Iceland)" in message and "no ROCm release" in message, message
    assert rests_on(report, "Topaz XT")


@pytest.mark.parametrize(
    ("name", "chip"),
    [
        ("Topaz PRO [Radeon R5 M255]", "TOPAZ"),
        ("Radeon R5 M255", "TOPAZ"),
        ("Topaz XT [Radeon R7 M260/M265 / M340/M360 / M440/M445]", "TOPAZ"),  # lspci of 2019
        ("Radeon R7 M265", None),  # also an Opal XT's (an Oland)
        ("Radeon R9 285", None),  # Tonga: gfx802, KFD takes it
        ("Radeon R9 380", None),
    ],
)
def test_topaz_is_known_only_where_the_name_is_unambiguous(name: str, chip: str | None) -> None:
    assert gpus.kfd_never_chip(name) == chip


def test_a_line_of_names_repeated_is_one_fact_per_name() -> None:
    """The reading loop keeps one fact per distinct value of a line and asks once per line
    whether it names another machine (the red team's 0.9 MB line of "Radeon R9 280X HD 7970"
    took 24 s): rocm374's line naming the reporter's R9 280X, repeated along one line, gives
    its GPU once."""
    said = (ERRORS / "rocm374-tahiti-r9-280x-gcn1-support-question.md").read_text().splitlines()[2]
    assert "my R9 280X card" in said
    read = reports.read(f"{' '.join([said] * 200)}\nRuntimeError: boom\n".encode()).facts
    gpus_read = [f.value for f in read if f.key is FactKey.GPU]
    assert gpus_read and len(gpus_read) == len(set(gpus_read)), gpus_read
