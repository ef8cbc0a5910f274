"""Errors no reader counted, in the forms real pastes hold them (issue 38 item 5; s13-unread).

Real pastes from tests/data/reports/errors/ (sources in that directory's README), fed through
the CLI: Windows refusing one of torch's DLLs at `import torch` (torch 2.4.0's fbgemm.dll, c10.dll
beside torch's own Visual C++ Redistributable check, "DLL load failed" at `from torch._C import
*`), an operation given tensors on two devices (CUDA's and MPS's words: the code's placement, a
warning), conda finding no package for the platform, the host refusing memory in a program's
words (std::bad_alloc, NumPy's "Unable to allocate") where the paste shows the RAM, and
Abseil / glog / TensorFlow ERROR and FATAL log lines, counted whatever their words. Quiet: the
FAQ's other DLL cause ("cannot run %1"), a refusal of memory whose paste shows no RAM or an
array larger than it; none of them says "no problem". In process: an exception's name alone at
the paste's end is said cut in the headline, and the names Python prints alone are not.
"""

from __future__ import annotations

from typing import Any

import pytest

import hwdoctor
import hwdoctor.diagnosis.pasted as pasted_diagnosis
from hwdoctor.gather.reports import reading
from hwdoctor.render import paste
from tests.test_mac_asked_cuda import CUDA_OR_ROCM, ERRORS, detect

NO_PROBLEM = "no problem in what the paste shows"
DLL = "torch.windows_dll_not_loaded"
APART = "torch.tensors_on_two_devices"
CONDA = "python.version_unsupported"
HOST = "host.memory_exhausted"

# file: (the message's first words, the line it rests on)
DLL_REFUSED = {
    "aitoolkit50-windows-torch2.4.0-cu121-fbgemm-dll-winerror-126.md": (
        "Windows could not load torch's fbgemm.dll (WinError 126) in torch 2.4.0",
        1,
    ),
    "muicechatbot50-zh-windows-conda-fbgemm-dll-winerror-126.md": (
        "Windows could not load torch's fbgemm.dll (WinError 126):",
        5,
    ),
    "hi3dgen3-windows-one-click-venv-fbgemm-dll-winerror-126.md": (
        "Windows could not load torch's fbgemm.dll",
        26,
    ),
    "fay130-zh-windows-python310-fbgemm-dll-reinstall-torch.md": (
        "Windows could not load torch's fbgemm.dll",
        1,
    ),
    "materialsearch105-zh-windows-bundle-fbgemm-dll-winerror-126.md": (
        "Windows could not load torch's fbgemm.dll",
        10,
    ),
    "rvchf21-windows-runtime-c10-dll-vc-redist-not-installed.md": (
        "Windows could not load torch's c10.dll (WinError 126",
        10,
    ),
    "pt28363-windows-conda-ipython-from-torch-c-dll-load-failed.md": (
        "Windows refused torch's extension module, torch._C",
        15,
    ),
    "pt9071-windows-cpu-wheel-0.4.0-amd-from-torch-c-dll-load-failed.md": (
        "Windows refused torch's extension module, torch._C",
        24,
    ),
    "pt7070-zh-windows-cu90-torch0.4.0-from-torch-c-dll-load-failed.md": (
        "Windows refused torch's extension module, torch._C",
        10,
    ),
}
# file: (the devices said, the line, on MPS)
DEVICES_APART = {
    "conceptexpress5-training-index-select-cuda0-and-cpu-to-device-fix.md": ("cuda:0 and cpu", 5),
    "geektimeseg1-zh-batchnorm-in-forward-cuda0-and-cpu.md": ("cuda:0 and cpu", 1),
    "fastnn1-fredmd-mm-cpu-and-cuda0-one-model.md": ("cpu and cuda:0", 1),
    "fireflyllama8-zh-macos-single-chat-placeholder-storage-mps.md": ("MPS", 1),
    "rfdiffusionmac5-linear-forward-placeholder-storage-mps.md": ("MPS", 1),
    "lmeval1131-mps-placeholder-storage-not-placed-on-device.md": ("MPS", 1),
    "selfrewarding15-mps-placeholder-storage-library-fix.md": ("MPS", 1),
}
# file: (the platform conda's channels name, a package it lists, a Mac)
CONDA_REFUSED = {
    "pt118172-linux-aarch64-conda-pytorch-1.9.0-packages-not-found.md": (
        "linux-aarch64",
        "pytorch==1.9.0",
        False,
    ),
    "openvoice83-windows-conda-cudatoolkit-11.7-not-available.md": (
        "win-64",
        "cudatoolkit=11.7",
        False,
    ),
    "3dphoto120-macos-conda-cudatoolkit-10.1.243-not-available.md": (
        "osx-64",
        "cudatoolkit==10.1.243",
        True,
    ),
    "pkaani3-macos-conda-forge-cudatoolkit-11.2-not-available.md": (
        "osx-64",
        "cudatoolkit=11.2",
        True,
    ),
    "idmvton40-windows-conda-env-linux-build-strings-not-available.md": (
        "win-64",
        "pytorch-cuda==11.8=h7e8668a_5",
        False,
    ),
}
# file: (the message's first words, the line of the program's words, the RAM it quotes)
HOST_REFUSED = {
    "tf7321-ubuntu-4gb-ram-transform-graph-bad-alloc.md": (
        "the program could not get host memory",
        9,
        "4GB",
    ),
    "refacer75-cpu-16gb-ram-4k-video-numpy-unable-to-allocate.md": (
        "NumPy could not allocate 94.9 MiB for an array",
        6,
        "16gb",
    ),
}
# a refusal of memory the paste does not set against the host's RAM: counted, not named
HOST_COUNTED = (
    "ssdtf8-laptop-train-bad-alloc-no-ram-shown.md",
    "keypointfusion3-numpy-58gib-pad-crop-shape.md",
    "matchering19-django-numpy-139-mib-server-ram.md",
)
# file: (how many error lines are counted, one of them)
LOGGED = {
    "mlcommonsstorage173-absl-e0000-cuda-dnn-factory-startup-warnings.md": (1, 7),
    "sdwebuicolab9-tf-e-lines-cudnn-cufft-cublas-factory-runs.md": (3, 11),
    "xla8591-v6e-tpu-f-check-failed-fusion-emitter-e-raw-coredump.md": (7, 11),
}


def _advice(data: dict[str, Any]) -> str:
    return "\n".join((f.get("remedy") or "") + (f.get("advice") or "") for f in data["findings"])


def _headline(name: str) -> str:
    return paste.counts(hwdoctor.diagnose((ERRORS / name).read_bytes()))


@pytest.mark.parametrize("name", sorted(DLL_REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_windows_refusing_torchs_dlls_is_named(name: str) -> None:
    words, line = DLL_REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == DLL]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "error"
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # words and a link: no install line chosen here
    assert "Visual C++" in found[0]["advice"] or "2.4.1" in found[0]["advice"]
    assert not [s for s in CUDA_OR_ROCM if s in _advice(data)]
    assert data["unread_count"] == 0  # the title restating the refusal rests with it


def test_the_faqs_other_dll_cause_is_counted_not_named() -> None:
    """ "The operating system cannot run %1." is Anaconda's intel-openmp by the FAQ, not the
    Visual C++ Redistributable: the line is counted, and no finding names a cause."""
    name = "esrgan98-ru-windows-from-torch-c-dll-load-failed-cannot-run-1.md"
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    assert DLL not in [f["code"] for f in data["findings"]]
    assert [q["line"] for q in data["unread"]] == [9]
    assert not _headline(name).startswith(NO_PROBLEM)


@pytest.mark.parametrize("name", sorted(DEVICES_APART), ids=lambda n: n.split("-", 1)[0])
def test_tensors_on_two_devices_are_the_codes_placement_a_warning(name: str) -> None:
    devices, line = DEVICES_APART[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 0  # a warning: the machine is fine
    assert not [f for f in data["findings"] if f["severity"] == "error"]
    found = [f for f in data["findings"] if f["code"] == APART]
    assert len(found) == 1, data["findings"]
    assert found[0]["severity"] == "warning"
    assert devices in found[0]["message"]
    assert "not the cause" in found[0]["message"]
    assert found[0]["backend"] == ("mps" if devices == "MPS" else None)
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None
    assert ".to(" in found[0]["advice"]
    assert not [s for s in CUDA_OR_ROCM if s in _advice(data)]


@pytest.mark.parametrize("name", sorted(CONDA_REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_conda_finding_no_build_for_the_platform_is_named(name: str) -> None:
    platform, package, mac = CONDA_REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CONDA]
    assert len(found) == 1, data["findings"]
    message = found[0]["message"]
    assert message.startswith("conda finds no build of"), message
    assert package in message and f"for {platform}" in message
    assert message.count(package) == 1  # a package the title repeats is named once
    assert ("no macOS builds" in message) is mac
    assert found[0]["remedy"] is None
    assert "conda search" in found[0]["advice"]
    assert not [s for s in CUDA_OR_ROCM if s in _advice(data)]
    assert "PackagesNotFoundError" in " ".join(q["text"] for q in found[0]["rests_on"])


@pytest.mark.parametrize("name", sorted(HOST_REFUSED), ids=lambda n: n.split("-", 1)[0])
def test_the_host_refusing_memory_beside_its_ram_is_named(name: str) -> None:
    words, line, ram = HOST_REFUSED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == HOST]
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert f"on a host with {ram} of RAM" in found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["remedy"] is None  # no reinstall makes memory
    assert data["unread_count"] == 0


@pytest.mark.parametrize("name", HOST_COUNTED, ids=lambda n: n.split("-", 1)[0])
def test_a_refusal_of_memory_without_the_hosts_ram_is_counted_not_named(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error line no finding explains
    assert HOST not in [f["code"] for f in data["findings"]]
    assert data["unread_count"] >= 2
    assert _headline(name).startswith("nothing it knows, and ")


@pytest.mark.parametrize("name", sorted(LOGGED), ids=lambda n: n.split("-", 1)[0])
def test_error_and_fatal_log_lines_are_counted_whatever_their_words(name: str) -> None:
    count, line = LOGGED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    assert not data["findings"]
    assert data["unread_count"] == count
    assert line in [q["line"] for q in data["unread"]]
    assert _headline(name).startswith(f"nothing it knows, and {count} error line")


@pytest.mark.parametrize(
    "line",
    [
        "F1006 12:34:56.789123  1234 file.cc:42] Check failed: x == y",
        "E0000 00:00:1728000000.123456   12345 cuda_dnn.cc:8310] Unable to register cuDNN factory",
        "2024-10-06 12:34:56.789: F external/xla/xla/service/gpu/foo.cc:123] Something bad",
        "2022-04-04 00:27:49.642385: E tensorflow/compiler/xla/xla_client/xla_util.cc:88] 0 ops",
        "terminate called after throwing an instance of 'std::bad_alloc'",
        "terminate called without an active exception",
        "Bus error (core dumped)",
        "Bus error",
        "Aborted",
    ],
)
def test_the_forms_no_reader_counted_are_error_lines(line: str) -> None:
    assert reading.read_lines([line]).error_count == 1


@pytest.mark.parametrize(
    "line",
    [
        "I0000 00:00:1712267574.801377  681831 pjrt_api.cc:100] GetPjrtApi was found for tpu",
        "W0120 12:29:19.847869   34285 foo.cc:301] a warning",
        "2023-12-05 09:29:20.002737: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TRT",
        "The job was Aborted by the user",
    ],
)
def test_info_and_warning_log_lines_are_not(line: str) -> None:
    assert reading.read_lines([line]).error_count == 0


def test_one_log_site_is_one_error_line() -> None:
    """A message of several lines, each with its site, and the same message printed again by
    each worker, count once; another site counts again."""
    same = "E0000 00:00:1750688708.806475  179026 cuda_dnn.cc:8579] Unable to register cuDNN"
    other = "E0000 00:00:1750688708.806475  179026 cuda_blas.cc:1407] Unable to register cuBLAS"
    lines = [same, "WARNING: All log messages before absl::InitializeLog() …", same, other]
    assert reading.read_lines(lines).error_count == 2


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ('Traceback (most recent call last):\n  File "a.py", line 3\nValueError:\n', 3),
        ("I ran it and got\n```\nRuntimeError\n```\nany idea?\n", 3),
        ('Traceback (most recent call last):\n  File "a.py", line 1\n`KeyError:`\n\n\n', 3),
    ],
)
def test_an_exceptions_name_alone_at_the_end_is_said_cut(text: str, cut: int) -> None:
    report = hwdoctor.diagnose(text)
    assert report.cut is not None and report.cut.line == cut
    headline = paste.counts(report)
    assert f"line {cut} cut (" in headline and "without its message" in headline
    assert any(f"error on line {cut}" in q.unknown for q in report.questions)


@pytest.mark.parametrize(
    "text",
    [
        # the names Python prints alone when raised without a message
        'Traceback (most recent call last):\n  File "a.py", line 3, in <module>\nMemoryError\n',
        'Traceback (most recent call last):\n  File "a.py", line 3\nAssertionError\n',
        # the message on the next line (torch 1.x's AssertionError, poetry's RuntimeError)
        "AssertionError:\nTorch not compiled with CUDA enabled\n",
        "RuntimeError\n\nUnable to find installation candidates for triton (2.0.0)\n",
    ],
)
def test_a_name_whose_message_follows_or_that_stands_alone_is_not_cut(text: str) -> None:
    report = hwdoctor.diagnose(text)
    assert report.cut is None
    assert "cut (" not in paste.counts(report)


def test_numpys_refusal_of_an_array_larger_than_the_ram_is_not_the_machines() -> None:
    """An array larger than the whole RAM the paste states is a shape computed wrong as often
    as a small machine: counted, not named; one smaller than it is the host's memory."""
    larger = (
        "I have 16GB RAM.\nnumpy.core._exceptions._ArrayMemoryError: Unable to allocate 58.0 GiB"
        " for an array with shape (176351, 176460) and data type uint16\n"
    )
    report = hwdoctor.diagnose(larger)
    assert HOST not in [f.code for f in report.findings]
    assert report.unread_count == 1
    smaller = larger.replace("58.0 GiB", "2.05 GiB")
    assert HOST in [f.code for f in hwdoctor.diagnose(smaller).findings]


def test_a_dll_load_failed_of_another_module_is_not_torchs() -> None:
    """issue 38 (s14-sharedlib): another module's refusal is no torch DLL: it is named as a
    library Windows could not load (host.shared_library_missing), with the module."""
    text = (
        'Traceback (most recent call last):\n  File "app.py", line 1, in <module>\n'
        "    import cv2\nImportError: DLL load failed while importing cv2: The specified module "
        "could not be found.\n"
    )
    report = hwdoctor.diagnose(text)
    codes = [f.code for f in report.findings]
    assert DLL not in codes
    assert codes == ["host.shared_library_missing"]
    assert report.findings[0].params["needed"] == "cv2"
    assert report.unread_count == 0


def test_a_dll_of_torchs_cuda_build_is_the_nvidia_drivers() -> None:
    """A DLL of torch's CUDA build (cuDNN's, torch_cuda.dll) needs the NVIDIA driver's DLLs:
    the driver, or torch's CPU build where there is no NVIDIA GPU (the Windows FAQ)."""
    text = (
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\\\'
        'venv\\\\Lib\\\\site-packages\\\\torch\\\\lib\\\\cudnn_cnn_infer64_8.dll" or one of its '
        "dependencies.\n"
    )
    report = hwdoctor.diagnose(text)
    found = [f for f in report.findings if f.code == DLL]
    assert len(found) == 1
    assert "a library of torch's CUDA build" in found[0].message
    assert "CPU build" in (found[0].advice or "")
    assert not [s for s in CUDA_OR_ROCM if s in (found[0].remedy or "") + (found[0].advice or "")]


# zsh's words for a job a signal stopped (macOS's default shell), and cuDNN 8's loader: the
# recording, how many error lines it holds and the line of zsh's or cuDNN's own (not blind:
# the eleventh draw's ultralytics3591 held "zsh: bus error", said "no problem" over it)
ZSH: dict[str, tuple[int, int]] = {
    "llmc35-m2-mps-train-gpt2-zsh-job-bus-error.md": (1, 12),
    "rtvc955-m1-torch1.10-zsh-illegal-hardware-instruction.md": (2, 1),
    "predictlottery84-m1-zsh-illegal-hardware-instruction.md": (1, 4),
}
# cuDNN 8's loader on Windows (not blind: the twelfth draw's speechtotext12 held it), listed
# unread until s18-dll named it: the line the finding now rests on
CUDNN_LOADER: dict[str, int] = {
    "comfyuireactor396-rtx4080-win10-could-not-locate-cudnn-ops-infer64-8.md": 18,
    "paddleocr10199-gtx-cc61-cuda11.6-could-not-locate-cudnn-ops-infer64-8.md": 14,
    "dictatewizard2-could-not-load-library-cudnn-ops-infer64-8-error-126.md": 3,
}


@pytest.mark.parametrize("name", sorted(ZSH), ids=lambda n: n.split("-", 1)[0])
def test_a_shell_or_cudnn_saying_the_run_stopped_is_an_error_line(name: str) -> None:
    count, line = ZSH[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1 and not data["findings"]
    assert data["unread_count"] == count
    assert line in [q["line"] for q in data["unread"]]
    assert _headline(name).startswith(f"nothing it knows, and {count} error line")


@pytest.mark.parametrize("name", sorted(CUDNN_LOADER), ids=lambda n: n.split("-", 1)[0])
def test_cudnns_loader_saying_it_could_not_load_its_library_is_named(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    (found,) = [f for f in data["findings"] if f["code"] == "libraries.cuda_runtime_not_loaded"]
    assert found["message"].startswith("cuDNN's loader could not "), found["message"]
    # the same message in the title and in the log: the finding rests on its first line
    assert {1, CUDNN_LOADER[name]} & {q["line"] for q in found["rests_on"]}
    assert CUDNN_LOADER[name] not in [q["line"] for q in data["unread"]]


@pytest.mark.parametrize(
    ("line", "errors"),
    [
        ("zsh: bus error  python main.py", 1),
        ("zsh: illegal hardware instruction  python run.py", 1),
        ("zsh: abort      python -c 'import torch'", 1),
        ("zsh: killed     python train.py", 1),
        ("zsh: floating point exception  ./a.out", 1),
        ("[1]    15017 bus error  python3 train_gpt2.py", 1),
        ("[2]  + 4242 killed     python train.py", 1),  # the current job's mark
        ("zsh: command not found: nvidia-smi", 0),  # another of zsh's words, not a signal
        ("a bus error in the docs", 0),
        ("Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8", 1),
        ("cudnn_ops_infer64_8.dll is in C:\\cuda\\bin", 0),
    ],
)
def test_zsh_signal_forms(line: str, errors: int) -> None:
    assert reading.read_lines([line]).error_count == errors


def test_numpys_sizes_with_a_bare_point_are_read() -> None:
    """NumPy prints an allocation's size with "%#.3g": 100 to 1023 units keep a bare point,
    "Unable to allocate 139. MiB for an array …" (matchering19's line), a size as much as 94.9
    MiB is."""
    line = (ERRORS / "matchering19-django-numpy-139-mib-server-ram.md").read_text().splitlines()[7]
    said = line.removeprefix("Unable to allocate ").split(" for an array")[0]
    assert said == "139. MiB"
    assert pasted_diagnosis._bytes(said) == 139 * 2**20
    assert pasted_diagnosis._bytes("94.9 MiB") == 94.9 * 2**20
