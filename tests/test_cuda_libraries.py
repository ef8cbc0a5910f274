"""The neighbours' words about CUDA's libraries (issue 38): DeepSpeed's toolkit that is not
torch's CUDA, bitsandbytes without its CUDA library (Windows, macOS, a CUDA it has no
library for, torch without CUDA), libcuda not found under WSL2, and a CUDA library an
extension links that the loader cannot open.

Each case is a real paste, its source in `tests/data/reports/README.md`; each runs
`hwdoctor detect --paste` for real. A case names its cause with its own code (a generic
unread line is not naming), the remedy is for that machine (never a Windows upgrade on a Mac,
never a Linux driver inside WSL), and reports where the words appear and the environment was
fine stay quiet.
"""

from __future__ import annotations

import re
from typing import Any, Final

import pytest

from tests.conftest import ROOT, run_hwdoctor

REPORTS: Final = ROOT / "tests" / "data" / "reports"


def detected(name: str) -> tuple[int, dict[str, Any]]:
    result = run_hwdoctor("detect", "--paste", str(REPORTS / name), "--json")
    return result.returncode, result.json()["data"]


def found(data: dict[str, Any], code: str) -> dict[str, Any]:
    chosen = [f for f in data["findings"] if f["code"] == code]
    assert chosen, [f["code"] for f in data["findings"]]
    return chosen[0]


def remedy(finding: dict[str, Any]) -> str:
    return f"{finding.get('remedy') or ''}\n{finding.get('advice') or ''}"


@pytest.mark.parametrize(
    ("name", "installed", "torch"),
    [
        ("errors/ds3405-op-builder-cuda12.1-torch-cu118-refused.md", "12.1", "11.8"),
        ("errors/mgm91-cudamismatchexception-cuda12.2-torch-cu117.md", "12.2", "11.7"),
        ("errors/dsexamples370-fused-adam-jit-cuda12.0-torch-cu118.md", "12.0", "11.8"),
    ],
)
def test_deepspeeds_cuda_mismatch_names_both_versions_and_the_matching_toolkit(
    name: str, installed: str, torch: str
) -> None:
    code, data = detected(name)
    finding = found(data, "extension.deepspeed_cuda_mismatch")
    assert f"(nvcc) is {installed}" in finding["message"]
    assert f"CUDA {torch}" in finding["message"]
    # a toolkit of torch's CUDA major, or torch for the toolkit's
    assert f"CUDA toolkit {torch.split('.')[0]}.x" in remedy(finding)
    assert f"torch built for CUDA {installed.split('.')[0]}" in remedy(finding)
    assert data["unread"] == [] and code == 1


@pytest.mark.parametrize(
    "name",
    [
        # nvcc 12.3 beside torch's CUDA 12.1, and nvcc 12.0 beside 12.1: one major release,
        # which DeepSpeed's cuda_minor_mismatch_ok accepts; the ops table is fine
        "ds_report/alltalk4-0.12.5-torch2.1.2-cu121-nvcc12.3-sparse-attn-no.txt",
        "ds_report/dspr6762-0.15.5-torch2.3.0-cu121-nvcc12.0-before-after.md",
    ],
)
def test_a_ds_report_of_one_cuda_major_is_no_mismatch(name: str) -> None:
    code, data = detected(name)
    assert "extension.deepspeed_cuda_mismatch" not in [f["code"] for f in data["findings"]]
    assert code == 0


@pytest.mark.parametrize(
    "name",
    [
        "errors/bnb719-windows-compiled-without-gpu-support-cpu-dll.md",
        "errors/bnb569-windows-python310-cpu-dll-bug-report.txt",
        "errors/bnb721-windows-libcudart-not-found-cpu-dll.md",
        "bitsandbytes/bnb287-windows-cpu-binary-compiled-without-gpu-support.txt",
    ],
)
def test_bitsandbytes_on_windows_is_told_the_release_with_windows_wheels(name: str) -> None:
    code, data = detected(name)
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert "on Windows" in finding["message"]
    # issue 38 (s19-windows): Windows' shells take double quotes, not single ones
    assert '"bitsandbytes>=0.43.0"' in (finding["remedy"] or "")
    assert "0.43.0" in remedy(finding) and "Windows CUDA wheels" in remedy(finding)
    assert code == 1


@pytest.mark.parametrize(
    "name",
    [
        "errors/bnb485-macos-m2-max-cpu-so-compiled-without-gpu.md",
        "errors/h2ogpt94-macos-m1-homebrew-cpu-so-not-mach-o.md",
    ],
)
def test_bitsandbytes_on_a_mac_is_its_own_finding_without_a_cuda_remedy(name: str) -> None:
    code, data = detected(name)
    codes = [f["code"] for f in data["findings"]]
    assert "extension.bitsandbytes_without_gpu" not in codes
    finding = found(data, "extension.bitsandbytes_on_mac")
    assert "0.43" not in remedy(finding) and "/whl/cu" not in remedy(finding)
    assert "mps" in remedy(finding)
    assert code == 1


@pytest.mark.parametrize(
    ("name", "library"),
    [
        ("bitsandbytes/bnb551-cuda122-library-not-found-cpu-fallback.txt", "cuda122.so"),
        ("errors/bnb427-cuda121-library-not-found-cpu-fallback.md", "cuda121.so"),
        ("bitsandbytes/bnb185-cuda117-cc7.0-detection-failed-cpu-fallback.txt", "cuda117_"),
    ],
)
def test_bitsandbytes_without_a_library_for_this_cuda_names_it(name: str, library: str) -> None:
    code, data = detected(name)
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert f"libbitsandbytes_{library}" in finding["message"]
    assert code == 1


def test_bitsandbytes_asking_for_libsbitsandbytes_cpu_is_torch_without_cuda() -> None:
    code, data = detected("errors/bnb228-libsbitsandbytes-cpu-torch-without-cuda.md")
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert "torch sees no CUDA GPU" in finding["message"]
    assert "torch.cuda.is_available()" in remedy(finding)
    assert data["unread"] == [] and code == 1


def test_bitsandbytes_that_loaded_its_cuda_library_stays_quiet() -> None:
    """bitsandbytes#439: the BUG REPORT banner over a setup log that loaded
    libbitsandbytes_cuda115_nocublaslt.so (the slow-matmul warning is no error)."""
    code, data = detected("bitsandbytes/bnb439-cuda115-cc7.0-nocublaslt-wsl-path.txt")
    assert not [f for f in data["findings"] if f["code"].startswith("extension.bitsandbytes")]
    assert code == 0


@pytest.mark.parametrize(
    "name",
    [
        "errors/bnb17-wsl-libcuda-so-cannot-open-conda-cudatoolkit.md",
        "errors/wsl8587-wsl2-ctypes-libcuda-so-not-found.md",
    ],
)
def test_libcuda_not_found_under_wsl2_puts_wsls_directory_on_the_path(name: str) -> None:
    code, data = detected(name)
    finding = found(data, "host.wsl_libcuda_not_found")
    assert "export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH" in finding["remedy"]
    assert "Do not install a Linux NVIDIA driver inside WSL" in remedy(finding)
    assert "apt" not in remedy(finding)  # never a Linux driver's install inside WSL
    assert data["unread"] == [] and code == 1


@pytest.mark.parametrize(
    "name",
    [
        "errors/vllm3387-libcudart-so-11.0-apptainer-cuda12.1.md",
        "errors/tsnecuda126-libcudart-so-11.0-not-found.md",
    ],
)
def test_a_cuda_library_not_found_names_it_and_its_package(name: str) -> None:
    code, data = detected(name)
    finding = found(data, "extension.cuda_library_missing")
    assert "libcudart.so.11.0" in finding["message"]
    assert "CUDA 11's runtime" in finding["message"]
    assert "nvidia-cuda-runtime-cu11" in finding["message"]
    assert code == 1


# issue 38 (s15-realrec): a CUDA library a package links, on a machine the paste shows AMD's
# (file: the finding, the line that shows the AMD machine)
AMD_MACHINES: Final = {
    # ROCm named only in the title, the paste's first line ("… ROCm 7.1.1"); nunchaku's
    # documentation lists NVIDIA GPUs only
    "errors/comfyuinunchaku717-title-rocm7.1.1-nunchaku-libcudart-so-13.md": (
        "backend.library_unsupported_machine",
        1,
    ),
    # the reporter's Radeon RX 7900 XTX and torch's ROCm build in words
    "errors/qwenimageloraloader45-zh-amd-rx7900xtx-rocm7.1.1-nunchaku-libcudart-so-13.md": (
        "backend.library_unsupported_machine",
        5,
    ),
    # "I installed ROCm" in prose, tensorflow-gpu (no compat/support.py row) failing on cuBLAS
    "errors/rocmbuild442-rocm-installed-tensorflow-gpu-libcublas-so-9.0.md": (
        "backend.cuda_only_package",
        7,
    ),
}
# A remedy line that installs one of NVIDIA's CUDA packages or a CUDA build of torch.
_CUDA_INSTALL: Final = re.compile(
    r"(?m)^[^#\n]*install[^\n]*(?:nvidia-|/whl/cu|cuda-toolkit|cuda-nvcc)"
)


@pytest.mark.parametrize("name", sorted(AMD_MACHINES), ids=lambda n: n.split("/")[1].split("-")[0])
def test_a_cuda_library_on_an_amd_machine_named_in_words_is_no_cuda_install(name: str) -> None:
    """ROCm named in the title or the prose is the machine, as the paste's other machine-in-
    words facts are: the package is its CUDA build, and NVIDIA's CUDA runtime wheels, which
    extension.cuda_library_missing offers, drive no AMD GPU."""
    code, data = detected(name)
    expected, line = AMD_MACHINES[name]
    codes = [f["code"] for f in data["findings"]]
    assert "extension.cuda_library_missing" not in codes, codes
    finding = found(data, expected)
    assert finding["severity"] == "error" and code == 1
    assert line in [q["line"] for q in finding["rests_on"]]  # the line that shows the machine
    assert "AMD GPU" in finding["message"]
    commands = "\n".join(f.get("remedy") or "" for f in data["findings"])  # the shell lines
    assert not _CUDA_INSTALL.search(commands), commands
    assert "nvidia-cuda-runtime-cu" not in str(finding["message"])


def test_a_cuda_library_of_torchs_major_is_asked_of_the_failing_package(tmp_path: Any) -> None:
    """The loader's line of tsne-cuda#126 below collect_env's first lines from pytorch#73047
    (torch 1.10.2 built with CUDA 11.3): the soname's CUDA 11 is torch's, so the remedy is
    the failing package's build for torch's CUDA, the finding resting on torch's line too."""
    loader = (REPORTS / "errors" / "tsnecuda126-libcudart-so-11.0-not-found.md").read_text()
    collect = "PyTorch version: 1.10.2\nIs debug build: False\nCUDA used to build PyTorch: 11.3\n"
    path = tmp_path / "both.md"
    path.write_text(f"{collect}\n{loader}", encoding="utf-8")
    result = run_hwdoctor("detect", "--paste", str(path), "--json")
    finding = found(result.json()["data"], "extension.cuda_library_missing")
    assert "another major release" not in finding["message"]
    assert "nvidia-cuda-runtime-cu11" in finding["message"]
    rests = [q["text"] for q in finding["rests_on"]]
    assert any("CUDA used to build PyTorch: 11.3" in text for text in rests), rests


def test_deepspeeds_accepted_pair_is_no_refusal() -> None:
    """AutoPoison#6: DeepSpeed's "… but since the APIs are compatible, accepting this
    combination" (CUDA 11.3 beside torch's 11.8) is no refusal: nothing is named; the
    reporter's "I get error like this:" is an error the paste does not show (issue 38 item 5:
    before, the lines alone were no report, exit 2)."""
    name = "errors/autopoison6-deepspeed-accepting-cuda11.3-torch-cu118.md"
    result = run_hwdoctor("detect", "--paste", str(REPORTS / name))
    assert result.returncode == 0
    assert "the paste states an error it does not show (line 1)" in result.stdout
    assert "deepspeed_cuda_mismatch" not in result.stdout + result.stderr


def test_a_toolkit_older_than_torchs_cuda_is_told_torchs_major() -> None:
    """DeepSpeed#5035's CI: toolkit 11.6 beside torch's CUDA 12.1, the other direction."""
    code, data = detected("errors/ds5035-ci-cudamismatch-cuda11.6-torch-cu121.md")
    finding = found(data, "extension.deepspeed_cuda_mismatch")
    assert "CUDA toolkit 12.x" in remedy(finding)
    assert "torch built for CUDA 11" in remedy(finding)
    # the KeyError on the next line is another failure: listed, not taken for this one
    assert [u["text"][-11:] for u in data["unread"]] == ["KeyError: 0"]
    assert code == 1


# A line that states an error no reader of these formats knows: CUDA's own words for
# cudaErrorIllegalAddress (the CUDA Runtime API reference, cudaError_t), as torch raises it.
_PLANTED: Final = "RuntimeError: CUDA error: an illegal memory access was encountered"
# DeepSpeed's refusal, as DeepSpeed#3405 quotes it.
_DS_REFUSAL: Final = (
    "Exception: >- DeepSpeed Op Builder: Installed CUDA version 12.1 does not match the "
    "version torch was compiled with 11.8, unable to compile cuda/cpp extensions without a "
    "matching cuda version."
)


def _recordings(kind: str) -> list[str]:
    return sorted(p.name for p in (REPORTS / kind).iterdir() if p.name != "README.md")


def _planted(text: str, line: str, at: int) -> bytes:
    lines = text.splitlines()
    at = min(at, len(lines))
    return "\n".join([*lines[:at], line, *lines[at:]]).encode()


def _diagnosed(data: bytes) -> Any:
    from hwdoctor.diagnosis import pasted
    from hwdoctor.gather import reports
    from hwdoctor.gather.reports import assemble

    return pasted.diagnose(assemble.gathered(reports.read(data)))


@pytest.mark.parametrize(
    "name",
    [
        *[f"bitsandbytes/{n}" for n in _recordings("bitsandbytes")],
        *[f"ds_report/{n}" for n in _recordings("ds_report")],
    ],
)
@pytest.mark.parametrize("at", [4, 10_000])
def test_a_planted_error_line_is_named_or_listed_unread(name: str, at: int) -> None:
    """Inside the report's block (after its fourth line) or after it, an error line no
    finding accounts for is listed as unread and fails the run: never "no problem"."""
    text = (REPORTS / name).read_text(encoding="utf-8")
    report = _diagnosed(_planted(text, _PLANTED, at))
    listed = [q.text for q in report.unread]
    rests = [q.text for quotes in report.rests_on for q in quotes]
    assert any(_PLANTED in t for t in listed + rests), (listed, rests)
    assert report.exit_code == 1


@pytest.mark.parametrize("name", [f"ds_report/{n}" for n in _recordings("ds_report")])
def test_deepspeeds_refusal_planted_in_a_ds_report_is_named(name: str) -> None:
    text = (REPORTS / name).read_text(encoding="utf-8")
    report = _diagnosed(_planted(text, _DS_REFUSAL, 10_000))
    codes = [f.code for f in report.findings]
    assert "extension.deepspeed_cuda_mismatch" in codes
    assert not [q for q in report.unread if "Installed CUDA version" in q.text]


def test_tensorflows_loader_warning_is_no_missing_cuda_library() -> None:
    """dreamtalk#32 (Colab): TensorFlow's dso_loader warning about libcudart.so.11.0, which
    TensorFlow itself says to ignore without a GPU, beside torch running: not named as a
    library a torch extension lacks."""
    _, data = detected("errors/dreamtalk32-colab-tensorflow-dso-loader-libcudart-warning.md")
    assert "extension.cuda_library_missing" not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize(
    "name",
    [
        # s18-dll: cuDNN's own loader's words ("Could not load library libcudnn_ops_infer.so.8")
        # are libraries.cuda_runtime_not_loaded's, whichever program loads cuDNN
        "errors/xtts31-libcudnn-ops-infer-so-8-torch-cu118.md",
        "errors/stt76-zh-libcudnn-ops-infer-so-8-aborted.md",
    ],
)
def test_cudnn_not_found_names_cudnns_package(name: str) -> None:
    code, data = detected(name)
    finding = found(data, "libraries.cuda_runtime_not_loaded")
    message = " ".join(finding["message"].split())
    assert "cuDNN 8" in message
    assert "nvidia-cudnn-cu11 or nvidia-cudnn-cu12" in message
    assert data["unread"] == [] and code == 1  # "Aborted (core dumped)" is the same error


def test_bitsandbytes_own_libcuda_warning_under_wsl_is_wsls_finding() -> None:
    """bitsandbytes#332 (a comment "from WSL"): its "CUDA SETUP: WARNING! libcuda.so not
    found!" under WSL is WSL's driver directory off the path; the CPU library it then asked
    for is named, without a CUDA version it never detected."""
    code, data = detected("errors/bnb332-wsl-libcuda-not-found-no-gpu-detected.md")
    codes = [f["code"] for f in data["findings"]]
    assert codes[0] == "host.wsl_libcuda_not_found"
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert "found no GPU" in finding["message"]
    assert data["unread"] == [] and code == 1


# issue 38: bitsandbytes' other wordings before 0.43, each from real pastes: Windows (the
# CPU DLL's missing function, the WindowsPath ctypes refused, a CUDA DLL that did not load,
# libcudart not detected) is told the release with Windows wheels; Linux the cause it names.
@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "errors/bnb711-windows-function-cadam32bit-not-found-cpu-dll.md",
            "function 'cadam32bit_grad_fp32' not found",
        ),
        ("errors/textgen1174-windows-windowspath-not-iterable-bnb.md", "'WindowsPath' is not"),
        ("errors/vexpress11-comfyui-windows-windowspath-not-iterable-bnb.md", "'WindowsPath'"),
        ("errors/bnb639-windows-could-not-find-module-cuda121-dll.md", "cuda121.dll' (or one"),
        ("errors/bnb590-windows-could-not-find-module-cuda122-dll.md", "cuda122.dll' (or one"),
        (
            "errors/textgen1068-windows-libcuda-not-found-main-cuda-library-not-detected.md",
            "main CUDA library was not detected",
        ),
    ],
)
def test_bitsandbytes_words_on_windows_are_told_the_release_with_windows_wheels(
    name: str, words: str
) -> None:
    code, data = detected(name)
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert "on Windows" in finding["message"]
    assert "compiled without GPU support" not in finding["message"]  # not in these pastes
    # issue 38 (s19-windows): Windows' shells take double quotes, not single ones
    assert '"bitsandbytes>=0.43.0"' in (finding["remedy"] or "")
    assert any(words in quote["text"] for quote in finding["rests_on"])
    assert data["unread"] == [] and code == 1


@pytest.mark.parametrize(
    ("name", "said", "advice"),
    [
        (
            "errors/lorascripts242-ubuntu-cuda-setup-failed-despite-gpu.md",
            "CUDA Setup failed despite GPU being available",
            "0.43 or newer",
        ),
        (
            "errors/llamafactory2714-zh-cuda-setup-failed-despite-gpu.md",
            "CUDA Setup failed despite GPU being available",
            "0.43 or newer",
        ),
        (
            "errors/bnb572-ubuntu-inline-code-cuda-setup-failed-0.39.1.md",
            "CUDA Setup failed despite GPU being available",
            "0.43 or newer",
        ),
        (
            "errors/bnb829-kohya-linux-main-cuda-runtime-library-not-detected.md",
            "the main CUDA runtime library was not detected",
            "LD_LIBRARY_PATH",
        ),
        (
            "errors/bnb1208-title-cpu-so-undefined-symbol-cdequantize-blockwise.md",
            "undefined symbol",
            "0.43 or newer",
        ),
    ],
)
def test_bitsandbytes_words_on_linux_name_their_cause(name: str, said: str, advice: str) -> None:
    code, data = detected(name)
    finding = found(data, "extension.bitsandbytes_without_gpu")
    assert said in finding["message"] and advice in remedy(finding)
    assert "on Windows" not in finding["message"] and "0.43.0" not in (finding["remedy"] or "")
    assert data["unread"] == [] and code == 1


def test_the_cpu_librarys_missing_symbol_beside_its_warning_keeps_the_warnings_words() -> None:
    """bitsandbytes#779: the CPU library's "undefined symbol: cadam32bit_grad_fp32" under
    cextension.py's "compiled without GPU support": one finding, in the warning's words."""
    code, data = detected("errors/bnb779-sagemaker-cpu-so-undefined-symbol-cadam32bit.md")
    (finding,) = data["findings"]
    assert finding["code"] == "extension.bitsandbytes_without_gpu"
    assert "compiled without GPU support" in finding["message"]
    assert data["unread"] == [] and code == 1


def test_pythons_windowspath_error_without_bitsandbytes_is_no_bitsandbytes_finding() -> None:
    """florensie/ue-wwise-extractor#1: the same TypeError from subprocess, no bitsandbytes in
    the paste: listed as unread, never a bitsandbytes upgrade."""
    code, data = detected("errors/wwiseextractor1-windows-subprocess-windowspath-not-iterable.md")
    assert data["findings"] == []
    assert any("'WindowsPath' is not iterable" in u["text"] for u in data["unread"])
    assert code == 1
