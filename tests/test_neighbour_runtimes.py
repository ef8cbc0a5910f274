"""Issue 38 (s17-small): four errors of the neighbouring projects, read from real recordings.

torch-directml's operator gaps: its CPU fallback's warning ("The operator 'aten::…' is not
currently supported on the DML backend and will fall back to run on the CPU"), a warning, and
the dispatcher's refusal on a DirectML tensor, counted only where the paste names
torch-directml (backend.directml_operator_not_implemented). Windows' loader finding no
nvcuda.dll, the NVIDIA driver's own DLL: driver.not_found, in the loader's words, and on a
machine the paste shows running on the CPU, one without an NVIDIA GPU; nvvm.dll (the CUDA
toolkit's) stays a missing library. onnxruntime and onnxruntime-gpu in one environment
(backend.onnxruntime_cpu_and_gpu), with the chooser's lines. torchaudio without SoundFile,
before 2.1 and after (backend.torchaudio_backend_missing); sox_io missing on Windows is not.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

# file: (code, the message's first words, the line the finding rests on)
NAMED = {
    "directml724-embedding-bag-dml-cpu-fallback-warning.md": (
        "backend.directml_operator_not_implemented",
        "torch-directml has no DirectML kernel for aten::_embedding_bag and runs it on the CPU",
        1,
    ),
    "directml242-pytorch-directml-masked-select-unknown-tensor-type-id.md": (
        "backend.directml_operator_not_implemented",
        "torch-directml has no DirectML kernel for aten::masked_select: the call raises",
        21,
    ),
    "chatglm166-zh-title-windows-cpu-int4-nvcuda-dll.md": (
        "driver.not_found",
        "Windows found no nvcuda.dll, the CUDA driver DLL that NVIDIA's display driver installs, "
        "on a machine the paste shows running without an NVIDIA GPU (CPU部署)",
        1,
    ),
    "langchainchatchat87-title-nvcuda-dll-not-found.md": (
        "driver.not_found",
        "Windows found no nvcuda.dll, the CUDA driver DLL that NVIDIA's display driver installs: "
        "no NVIDIA driver is installed on this machine",
        1,
    ),
    "animatediff206-windows-pip-show-onnxruntime-and-onnxruntime-gpu.md": (
        "backend.onnxruntime_cpu_and_gpu",
        "onnxruntime and onnxruntime-gpu are both installed here (the package list shows "
        "onnxruntime 1.16.1 and onnxruntime-gpu 1.16.1)",
        29,
    ),
    "ort4809-colab-pip-install-onnxruntime-gpu-beside-onnxruntime.md": (
        "backend.onnxruntime_cpu_and_gpu",
        "onnxruntime and onnxruntime-gpu are both installed here (pip was asked to install both)",
        12,
    ),
    "ort26996-t4-onnxruntime-and-onnxruntime-gpu-coexist.md": (
        "backend.onnxruntime_cpu_and_gpu",
        "onnxruntime and onnxruntime-gpu are both installed here (the reporter installed both)",
        6,
    ),
    "silerovad32-torch1.7.1-torchaudio-soundfile-not-available-backend.md": (
        "backend.torchaudio_backend_missing",
        'torchaudio was asked for its "soundfile" backend and the SoundFile package',
        1,
    ),
    "encodec79-linux-torchaudio-dispatcher-no-backend-for-uri.md": (
        "backend.torchaudio_backend_missing",
        "torchaudio found no audio backend that handles the file",
        21,
    ),
    "zonos126-windows-torchaudio-load-mp3-no-backend-for-uri.md": (
        "backend.torchaudio_backend_missing",
        "torchaudio found no audio backend that handles the file",
        1,
    ),
}
# the warnings: no problem found where nothing else is unread
WARNINGS = (
    "backend.directml_operator_not_implemented",
    "backend.onnxruntime_cpu_and_gpu",
    "driver.not_found",
)
# gcc's "not recognized" under ChatGLM's CPU kernels: another cause, unread and counted
OTHER_LINES = ("chatglm166-zh-title-windows-cpu-int4-nvcuda-dll.md",)
QUIET = {
    "pt79812-privateuse1-own-backend-empty-strided-not-directml.md": (
        "backend.directml_operator_not_implemented",
    ),
    "numba9273-windows-nvvm-dll-not-found-not-driver.md": ("driver.not_found",),
    "openunmix90-windows-sox-io-not-available-soundfile-present.md": (
        "backend.torchaudio_backend_missing",
    ),
}


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_neighbours_error_is_named(name: str) -> None:
    code, words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == (0 if code in WARNINGS and name not in OTHER_LINES else 1)
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert name in OTHER_LINES or not data["unread"]


@pytest.mark.parametrize("name", sorted(QUIET), ids=lambda n: n.split("-", 1)[0])
def test_its_look_alikes_stay_quiet(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert not {f["code"] for f in data["findings"]} & set(QUIET[name])


def test_the_nvvm_dll_stays_a_missing_library_of_the_toolkit() -> None:
    _, data = detect(ERRORS / "numba9273-windows-nvvm-dll-not-found-not-driver.md")
    assert "host.shared_library_missing" in [f["code"] for f in data["findings"]]


def test_directml_fallback_is_a_warning_and_names_no_variable_to_set() -> None:
    _, data = detect(ERRORS / "directml724-embedding-bag-dml-cpu-fallback-warning.md")
    found = next(f for f in data["findings"] if f["code"].startswith("backend.directml"))
    assert found["severity"] == "warning"
    assert found["remedy"] is None
    assert "PyTorch-DirectML-Operator-Roadmap" in found["advice"]
    assert "variant" not in found


def test_onnxruntime_twice_is_undone_by_the_chooser_lines() -> None:
    _, data = detect(ERRORS / "ort4809-colab-pip-install-onnxruntime-gpu-beside-onnxruntime.md")
    found = next(f for f in data["findings"] if f["code"] == "backend.onnxruntime_cpu_and_gpu")
    lines = found["remedy"].splitlines()
    assert lines[0].endswith("uninstall -y onnxruntime onnxruntime-gpu")
    assert lines[1].endswith("install onnxruntime-gpu")


def test_torchaudio_without_soundfile_installs_it() -> None:
    _, data = detect(ERRORS / "encodec79-linux-torchaudio-dispatcher-no-backend-for-uri.md")
    found = next(f for f in data["findings"] if f["code"] == "backend.torchaudio_backend_missing")
    assert found["remedy"].endswith("install soundfile")
