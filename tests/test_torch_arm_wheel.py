"""issue 38 (s21-pi): torch 2.4.0's aarch64 wheels on an Armv8.0-A CPU.

PyTorch's own tracker settled it (pytorch/pytorch#132032, "Pytorch 2.4.0 crashes with illegal
instruction error on Raspberry Pi"): the 2.4.0 aarch64 wheels from PyPI execute Armv8.1-A's
atomic instructions (LSE: "ldaddal" in torch.libs/libarm_compute), which the Cortex-A72 of a
Raspberry Pi 4 and the Cortex-A53 lack; 2.3.1 and 2.4.1 run. hwdoctor names it
(host.cpu_instruction_set_missing, variant torch_arm, compat/cpus.py TORCH_ARM_WHEELS) where
the paste shows that release, an Arm machine and the death, and keeps quiet on other releases,
on later cores (Neoverse, lscpu's "atomics") and where no release is shown. Every paste is a
real recording (tests/data/reports/README.md names each thread).
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import cpus
from tests.test_mac_asked_cuda import ERRORS, detect

ISA = "host.cpu_instruction_set_missing"

PI4 = "pt97226-comment-torch2.4.0-pi4-gdb-sigill-libarm-compute-ldaddal.md"


def test_torch_240_on_a_raspberry_pi_4_names_its_wheel_and_the_release_that_runs() -> None:
    exit_code, data = detect(ERRORS / PI4)
    assert exit_code == 1
    (found,) = [f for f in data["findings"] if f["code"] == ISA]
    assert found["severity"] == "error" and found["backend"] == "cpu"
    message = found["message"]
    assert message.startswith(
        'the process died on an illegal instruction ("Illegal instruction") with torch 2.4.0, '
        "whose aarch64 wheels need Armv8.1-A's atomic instructions (LSE"
    ), message
    assert "pytorch/pytorch#132032" in message
    assert "an Armv8.0-A machine (Raspberry Pi 4)" in message
    assert "python -m pip install torch==2.4.1" in found["remedy"]
    assert "2.3.1" in found["advice"]
    assert "AVX" not in message + found["advice"] + found["remedy"]
    assert "variant" not in found
    assert {1, 3} <= {q["line"] for q in found["rests_on"]}
    assert not data["unread"]  # gdb's SIGILL line is the finding's too


# Quiet: another release on an Armv8.0-A machine (1.13.0, 2.6.0's ONNX export, 2.0.0 on
# Graviton1), a Neoverse-N1 whose Flags list "atomics", and a Cortex-A53 with no release shown
QUIET = (
    "pt90535-pi4-torch1.13.0-conv2d-illegal-hardware-instruction.md",
    "pt146792-comment-pi4-torch2.6.0-onnx-export-sigill-ldaddal.md",
    "pt100156-a1-large-torch2.0.0-import-illegal-instruction.md",
    "toolsolutions217-neoverse-n1-torch2.1.0-acl-illegal-hardware-instruction.md",
    "whispertpu7-bm1684-cortex-a53-lscpu-illegal-instruction.md",
)


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_other_releases_later_cores_and_no_release_shown_are_not_named(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert ISA not in [f["code"] for f in data["findings"]], data["findings"]


# The class of Arm machine each recorded line shows: (file, line, Armv8.0-A?, the words)
LINES = (
    (PI4, 1, True, "Raspberry Pi 4"),
    ("whispertpu7-bm1684-cortex-a53-lscpu-illegal-instruction.md", 19, True, "Cortex-A53"),
    ("pt100156-a1-large-torch2.0.0-import-illegal-instruction.md", 6, True, "a1.large"),
    (QUIET[3], 17, False, "Neoverse"),
    (QUIET[3], 24, False, "atomics"),
)


@pytest.mark.parametrize(("name", "number", "old", "words"), LINES)
def test_an_arm_machines_class_is_read_from_its_name_or_its_flags(
    name: str, number: int, old: bool, words: str
) -> None:
    line = (ERRORS / name).read_text(encoding="utf-8").splitlines()[number - 1]
    assert cpus.arm_class(line) == (old, words)
