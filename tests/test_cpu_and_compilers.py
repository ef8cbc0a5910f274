"""The CPU's instruction sets and a vendor compiler's own failures (issue 38, items 4 and 5;
s9-cpucomp).

Real pastes from tests/data/reports/errors/ (sources in that directory's README). A build that
needs an instruction set the CPU lacks, in each library's own words: vLLM's CPU build at
configure time ("vLLM CPU backend requires AVX512 ISA support"), IPEX at import (its AVX2 check,
its 1.10-1.11 "extension binary is AVX512"), TensorFlow's cpu_feature_guard; and a process
killed by SIGILL ("Illegal instruction (core dumped)", zsh's "illegal hardware instruction")
where the reporter says the CPU has no AVX2 / AVX-512, or (s16-avx) where the paste names a
CPU whose family lacks the set a prebuilt binary it names needs (TensorFlow, ollama). Quiet
where the CPU has the instruction set (its flags, or its family where lscpu's Flags are
wrapped), where TensorFlow only advises, and on an Arm build given x86 flags. The AWS Neuron
compiler's internal errors (neuronx-cc's "[TEN404] Internal tensorizer error", "[NLA001]
Unhandled exception") are a warning with the compiler's version: a compiler bug, not the
machine. Neither finding offers an install line, and none a CUDA or ROCm one.
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import cpus
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

ISA = "host.cpu_instruction_set_missing"
COMPILER = "neuron.compiler_internal_error"

# file: (the finding's first words, the line it rests on)
LIBRARY_SAYS = {
    "vllm4654-hetzner-amd-docker-cpu-requires-avx512.md": (
        "this vLLM release's CPU backend builds only for AVX-512",
        23,
    ),
    "ipex450-n305-qemu-container-ipex-needs-avx2.md": (
        "intel-extension-for-pytorch needs AVX2, which this CPU does not have",
        9,
    ),
    "ipex232-conda-aikit-binary-avx512-machine-not.md": (
        "intel-extension-for-pytorch needs AVX512, which this CPU does not have",
        20,
    ),
    "gpt2-issue34-i3-first-gen-tensorflow-compiled-avx.md": (
        "TensorFlow needs AVX, which this CPU does not have",
        5,
    ),
    # issue 38 (s16-avx): jaxlib's cpu_feature_guard at import
    "jax31723-xeon-x5690-jaxlib-built-using-avx-runtimeerror.md": (
        "jaxlib needs AVX, which this CPU does not have",
        12,
    ),
}
# file: (the instruction set the reporter names, the lines the finding rests on: the crash's,
# the reporter's words)
CRASHES = {
    "vllm35466-comment-illegal-hardware-instruction-no-avx512.md": ("AVX512", {3, 9}),
    "ipex235-ipex1.12-illegal-instruction-without-avx512.md": ("AVX512", {1, 3}),
    # its line 5 says line 1's words again
    "llamanode72-xeon-e5-2690v2-illegal-instruction-avx2.md": ("AVX2", {1, 7}),
    # lscpu's Flags of a QEMU guest (cpu64-rhel6): no avx at all; gdb's SIGILL line
    "pt22338-qemu-cpu64-rhel6-sigill-avx2-kernel.md": ("AVX", {1, 11, 41}),
}
# issue 38 (s16-avx): no library's words and no flags, but a CPU named whose family lacks the
# set a prebuilt binary the paste names needs (compat/cpus.py). file: (the binary, the set,
# the CPU as the paste names it, words of the build without it, the lines the finding rests
# on: the crash's and the CPU's)
FAMILIES = {
    # lshw's "product:" line; the title's "import tensorflow", pip's install line
    "tf17411-i3-m330-lshw-illegal-instruction-tf15-works.md": (
        "TensorFlow",
        "AVX",
        "Intel(R) Core(TM) i3 CPU M 330",
        "TensorFlow 1.5",
        {7, 14},
    ),
    "tf62342-celeron-n4505-docker-import-tensorflow-illegal.md": (
        "TensorFlow",
        "AVX",
        "Intel(R) Celeron(R) N4505",
        "TensorFlow 1.5",
        {9, 21},
    ),
    # the CPU in the title only
    "deepreg451-pentium-n3540-title-import-tensorflow-illegal.md": (
        "TensorFlow",
        "AVX",
        "Intel(R) Pentium(R) CPU N3540",
        "built from source",
        {1, 4},
    ),
    # the reporter's short name in the title ("Intel J3455")
    "tf36503-j3455-title-tf2.1-gdb-import-tensorflow.md": (
        "TensorFlow",
        "AVX",
        "Intel J3455",
        "TensorFlow 1.5",
        {1},
    ),
    # lscpu's "Model name:" (cut before its Flags); the REPL's "import jax"
    "jax6671-celeron-n3060-import-jax-illegal-instruction-jaxlib0.1.62.md": (
        "jaxlib",
        "AVX",
        "Intel(R) Celeron(R) CPU N3060",
        "jaxlib built from source",
        {11, 32},
    ),
    # the title's short name ("Xeon 5660"); the kernel's trap names ollama's runner
    "ollama1435-xeon-5660-ollama-runner-trap-invalid-opcode.md": (
        "ollama",
        "AVX2",
        "Xeon 5660",
        "ollama 0.1.22 or later",
        {5, 6},
    ),
    # an Ivy Bridge, AVX without AVX2: the family, not the title's "without AVX or AVX2"
    "ollama644-i7-3770-wsl-llama-runner-illegal-instruction.md": (
        "ollama",
        "AVX2",
        "Intel(R) Core(TM) i7-3770",
        "ollama 0.1.22 or later",
        {9, 17},
    ),
    # ollama's own log names its runner
    "ollama516-xeon-x3480-llama-runner-signal-illegal-instruction.md": (
        "ollama",
        "AVX2",
        "Intel(R) Xeon(R) CPU X3480",
        "ollama 0.1.22 or later",
        {3, 7},
    ),
    # s16-mend-cpu: the CPU named in a Markdown link, "[Intel Celeron J4125](https://…)": the
    # name ends at its model number, not in the link's address
    "ipex12739-celeron-j4125-link-ollama-llama-server-sigill.md": (
        "ollama",
        "AVX2",
        "Intel Celeron J4125",
        "ollama built from source",
        {3, 12},
    ),
}
# issue 38 (s18-stated): Windows' STATUS_ILLEGAL_INSTRUCTION (0xC000001D) as Python's loader
# words it, importing TensorFlow, and no CPU named: the binary's need, as a warning, with the
# command that names this CPU. file: (the crash as the paste words it, the lines it rests on)
BINARY_WINDOWS = {
    # CPython 3.5's "%d"
    "tf35409-windows-py35-import-tensorflow-dll-error-code-1073741795.md": (
        "error code -1073741795",
        {1, 4},
    ),
    # CPython 3.7's "%u"
    "tf32109-windows-py37-import-tensorflow-dll-error-code-3221225501.md": (
        "error code 3221225501",
        {1, 4},
    ),
}
# ... and on Linux (bash's "Illegal instruction (core dumped)" in the REPL's import): the
# command that lists the CPU's flags
BINARY_LINUX = "tf17441-acer-aspire-python3-import-tensorflow-illegal-instruction.md"
QUIET = (
    # s18-stated: PyCharm's 0xC000001D in face_recognition (dlib): no binary the table knows
    "tfexamples285-pycharm-face-recognition-exit-code-0xc000001d.md",
    # /proc/cpuinfo's flags list avx2: the illegal instruction is not a missing AVX2
    "pt2714-i3-7100u-avx2-flags-illegal-hardware-instruction.md",
    "deepdream6-tensorflow-not-compiled-to-use-avx-available.md",
    "isatomic1-broadwell-avx2-supported-illegal-instruction.md",
    "vllm20523-aarch64-unrecognized-option-mavx2.md",
    # issue 38 (s16-avx): a CPU with AVX2 and the same death, ollama's runner named
    "ollama6044-ryzen7-7735hs-runner-illegal-instruction-avx512f.md",
    # ... lscpu's Flags wrapped at the terminal's width: its first line lacks avx, the Ryzen
    # named above it has AVX2
    "ollamaintel32-ryzen7-5800x-runner-signal-illegal-instruction.md",
    # ... a Xeon E5-2620 v4 (Broadwell)
    "llamacpp8734-xeon-e5-2620v4-llama-server-illegal-instruction.md",
)
# file: (the compiler's words, its version as the message gives it, the line of its words)
NEURON = {
    "neuron881-trn1-ten404-cached-failed-neff-2.13.md": (
        "[TEN404] Internal tensorizer error",
        " (neuronx-cc 2.13.72.0)",
        7,
    ),
    "neuron1180-trace-ten404-tensorinitialization.md": (
        "[TEN404] Internal tensorizer error",
        "",
        11,
    ),
    "neuron948-trn1-nla001-unhandled-exception-2.14.md": (
        "[NLA001] Unhandled exception with message",
        " (neuronx-cc 2.14.227.0)",
        30,
    ),
    "neuron1070-trn1-ten404-lateneuroninstcomb-exit-70.md": (
        "[TEN404] Internal tensorizer error",
        "",
        7,
    ),
}


def _no_gpu_install(data: dict[str, object]) -> None:
    findings = data["findings"]
    assert isinstance(findings, list)
    text = "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in findings)
    assert not [s for s in CUDA_OR_ROCM if s in text]
    assert "pip install" not in text


@pytest.mark.parametrize("name", sorted(LIBRARY_SAYS), ids=lambda n: n.split("-", 1)[0])
def test_a_librarys_own_words_name_the_missing_instruction_set(name: str) -> None:
    words, line = LIBRARY_SAYS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == ISA]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error" and found[0]["backend"] == "cpu"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert "/proc/cpuinfo" in found[0]["remedy"]  # what the CPU has: a check, not an install
    assert "host-passthrough" in found[0]["advice"]  # a virtual machine's CPU model
    assert not data["unread"] or name.startswith("ipex450")  # torchvision's own warning there
    _no_gpu_install(data)


def test_vllms_old_avx512_floor_points_to_its_avx2_build() -> None:
    _, data = detect(ERRORS / "vllm4654-hetzner-amd-docker-cpu-requires-avx512.md")
    (found,) = [f for f in data["findings"] if f["code"] == ISA]
    assert "v0.5.1" in found["advice"] and "vllm-project/vllm#5452" in found["advice"]


@pytest.mark.parametrize("name", sorted(CRASHES), ids=lambda n: n.split("-", 1)[0])
def test_an_illegal_instruction_with_the_cpu_said_to_lack_it_is_named(name: str) -> None:
    isa, lines = CRASHES[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == ISA]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith("the process died on an illegal instruction")
    assert f"the CPU has no {isa}" in found[0]["message"]
    assert lines <= {q["line"] for q in found[0]["rests_on"]}
    assert not data["unread"]
    _no_gpu_install(data)


@pytest.mark.parametrize("name", sorted(FAMILIES), ids=lambda n: n.split("-", 1)[0])
def test_an_illegal_instruction_on_a_cpu_whose_family_lacks_the_binarys_set_is_named(
    name: str,
) -> None:
    library, isa, cpu, instead, lines = FAMILIES[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == ISA]
    assert len(found) == 1, data["findings"]
    message = found[0]["message"]
    assert message.startswith("the process died on an illegal instruction"), message
    assert f"{library} needs {isa} (" in message and f"the {cpu} does not have" in message
    assert "the CPU's family does" in message  # not the library's words
    assert instead in found[0]["advice"] and "host-passthrough" in found[0]["advice"]
    assert lines <= {q["line"] for q in found[0]["rests_on"]}
    assert not data["unread"]
    _no_gpu_install(data)


@pytest.mark.parametrize("name", sorted(BINARY_WINDOWS), ids=lambda n: n.split("-", 1)[0])
def test_windows_illegal_instruction_status_in_a_binary_that_needs_a_set_is_a_warning(
    name: str,
) -> None:
    crash, lines = BINARY_WINDOWS[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the CPU is not shown
    found = [f for f in data["findings"] if f["code"] == ISA]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "warning" and found[0]["backend"] == "cpu"
    message = found[0]["message"]
    assert message.startswith(f'the process died on an illegal instruction ("{crash}": '), message
    assert "STATUS_ILLEGAL_INSTRUCTION) in TensorFlow, whose builds need AVX (" in message
    assert "the paste does not name the CPU" in message
    # the command names the CPU on Windows (no /proc there)
    assert "(Get-CimInstance Win32_Processor).Name" in found[0]["remedy"]
    assert "/proc/cpuinfo" not in found[0]["remedy"]
    assert "TensorFlow 1.5" in found[0]["advice"]
    assert lines <= {q["line"] for q in found[0]["rests_on"]}
    assert not data["unread"]
    _no_gpu_install(data)


def test_an_illegal_instruction_importing_a_binary_with_no_cpu_named_is_a_warning() -> None:
    exit_code, data = detect(ERRORS / BINARY_LINUX)
    assert exit_code == 1  # Python 2's "No module named tensorflow" stays an unread error line
    (found,) = [f for f in data["findings"] if f["code"] == ISA]
    assert found["severity"] == "warning"
    assert found["message"].startswith(
        'the process died on an illegal instruction ("Illegal instruction") in TensorFlow, '
        "whose builds need AVX ("
    ), found["message"]
    assert "/proc/cpuinfo" in found["remedy"] and "host-passthrough" in found["advice"]
    assert {1, 7} <= {q["line"] for q in found["rests_on"]}
    _no_gpu_install(data)


def test_an_illegal_instruction_on_an_arm_machine_is_not_blamed_on_avx() -> None:
    # s18-mend-misc: TensorFlow's linux_aarch64 wheel of tensorflow-on-arm on an Odroid C2,
    # dying on SIGILL in model.predict() (lhelontra/tensorflow-on-arm#106): AVX is an x86 set,
    # which no Arm build needs, so no x86 instruction set is named (compat/cpus.py Binary.arch)
    exit_code, data = detect(ERRORS / "tfonarm106-odroid-c2-aarch64-wheel-sigill-gdb.md")
    assert [f for f in data["findings"] if f["code"] == ISA] == []
    assert not any("AVX" in (f["message"] + (f["advice"] or "")) for f in data["findings"])
    assert exit_code == 1  # the crash's lines stay unread: hwdoctor names no cause for them
    assert any("SIGILL" in q["text"] for q in data["unread"])


def test_each_binary_names_the_architecture_whose_builds_need_its_set() -> None:
    assert {binary.arch for binary in cpus.BINARIES.values()} == {cpus.X86}


# s16-mend-cpu: a CPU's name, as a finding quotes it, ends at its model number: not in a
# Markdown link's address, not in the reporter's words or a tool's columns after it. file:
# (the line, the name read)
NAMES = {
    "ipex12739-celeron-j4125-link-ollama-llama-server-sigill.md": (3, "Intel Celeron J4125"),
    "comfy653-title-radeon-6700xt-found-no-nvidia-driver.md": (4, "Ryzen 7 3700x"),
    # neofetch's "CPU: AMD Ryzen 5 2600 (12) @ 3.400GHz": its count of threads is not the name's
    "easydiffusion1921-rocm5.2-libamdhip64-execstack.md": (7, "AMD Ryzen 5 2600"),
    # sycl-ls's OpenCL CPU line: "… Intel(R) Core(TM) i9-12900K OpenCL 3.0 (Build 0) …"
    "ipex702-arc-a770-beside-uhd770-xpu-device-count-zero.md": (
        13,
        "Intel(R) Core(TM) i9-12900K",
    ),
}


@pytest.mark.parametrize("name", sorted(NAMES), ids=lambda n: n.split("-", 1)[0])
def test_a_cpus_name_ends_at_its_model_number(name: str) -> None:
    number, cpu = NAMES[name]
    line = (ERRORS / name).read_text(encoding="utf-8").splitlines()[number - 1]
    assert [found for found, _ in cpus.all_named(line)] == [cpu]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_advice_a_cpu_with_the_instruction_set_and_an_arm_build_are_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert ISA not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize("name", sorted(NEURON), ids=lambda n: n.split("-", 1)[0])
def test_the_neuron_compilers_internal_error_is_a_warning_with_its_version(name: str) -> None:
    words, version, line = NEURON[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the compiler's bug, nothing on the machine to change
    found = [f for f in data["findings"] if f["code"] == COMPILER]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "warning" and found[0]["backend"] == "neuron"
    assert found[0]["message"].startswith(f"the Neuron compiler{version} failed on this graph")
    assert f'("{words}")' in found[0]["message"]
    assert "aws-neuron/aws-neuron-sdk/issues" in found[0]["advice"]
    assert "--retry_failed_compilation" in found[0]["advice"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]  # torch-neuronx's wrapper lines rest on the same finding
    _no_gpu_install(data)


# --- ROCm under WSL: rocminfo failing at its start on a configuration AMD's WSL matrix lacks ---

WSL = "rocm.wsl_configuration_unsupported"
# file: (the finding's first words, the lines it rests on: rocminfo's failure, WSL's sign)
ROCM_WSL = {
    "rocm6323-wsl2-rx9060xt-windows10-hsa-out-of-resources.md": (
        "rocminfo fails under WSL",
        {27, 28, 29},
    ),
    "rocm4435-wsl2-rx7600xt-rocr-unsupported-gpu.md": (
        "ROCm's WSL runtime does not support this GPU",
        {15, 43, 45, 46},
    ),
    "rocm4068-wsl2-7800xt-rocm6.1.0-rocr-unsupported-gpu.md": (
        "ROCm's WSL runtime does not support this GPU",
        {6, 7, 11},  # no "WSL environment detected.": the WSL kernel's uname line says it
    ),
}
# native Ubuntu (a 6.11 kernel, ROCk loaded): the same failure is not WSL's
NATIVE = "rocm4382-native-ubuntu-7900xtx-repeated-loads-hsa-out-of-resources.md"


@pytest.mark.parametrize("name", sorted(ROCM_WSL), ids=lambda n: n.split("-", 1)[0])
def test_rocminfo_failing_under_wsl_names_amds_wsl_matrix(name: str) -> None:
    words, lines = ROCM_WSL[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == WSL]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error" and found[0]["backend"] == "rocm"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert "wsl_compatibility.html" in found[0]["advice"]
    assert lines <= {q["line"] for q in found[0]["rests_on"]}
    assert not data["unread"]
    _no_gpu_install(data)


def test_rocminfos_rock_module_not_loaded_under_wsl_is_read_with_its_failure() -> None:
    """rocminfo's first check, "ROCk module is NOT loaded, possibly no GPU devices" (no amdgpu
    kernel module: a WSL2 host reaches the GPU through /dev/dxg), is rocminfo failing at its
    start: under WSL the finding rests on it (ROCm/legacy-rocm-build#1361, an RX 580)."""
    _, data = detect(ERRORS / "rocm1361-wsl2-rx580-rock-module-not-loaded-hsa-failure.md")
    found = [f for f in data["findings"] if f["code"] == WSL]
    assert len(found) == 1, data["findings"]
    assert 8 in {q["line"] for q in found[0]["rests_on"]}  # "> ROCk module is NOT loaded, …"
    assert 8 not in {u["line"] for u in data["unread"]}
    _no_gpu_install(data)


def test_the_same_rocminfo_failure_on_native_linux_is_not_wsls() -> None:
    _, data = detect(ERRORS / NATIVE)
    assert WSL not in [f["code"] for f in data["findings"]]
