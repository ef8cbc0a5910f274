"""Issue 38 (s18-dll): CUDA's runtime libraries that libraries other than torch fail to load,
read from real recordings (libraries.cuda_runtime_not_loaded).

cuDNN 8's own loader ("Could not locate cublasLt64_10.dll", "Could not load library
cudnn_ops_infer64_8.dll. Error code 126", "Could not load library libcudnn_ops_infer.so.8"),
CTranslate2's ("Library cublas64_12.dll is not found or cannot be loaded"), TensorFlow's
dso_loader (a warning: it runs on the CPU) and onnxruntime's CUDA provider ("Failed to load
library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11", and on Windows
"CUDA_PATH is set but CUDA wasn't able to be loaded"): the library, its CUDA or cuDNN major
from its file name, and NVIDIA's wheel of that major through the chooser where the loader is
Linux's. onnxruntime's warning alone names no library; a torch extension's glibc words stay
extension.cuda_library_missing.
"""

from __future__ import annotations

import pytest

from hwdoctor.compat import cuda_runtime
from tests.test_mac_asked_cuda import ERRORS, detect

CODE = "libraries.cuda_runtime_not_loaded"
# the line after a Linux wheel's install (s18-mend-loader: faster-whisper's README)
EXPORT = 'export LD_LIBRARY_PATH="$('
# file: (the message's first words, a line it rests on (the first of the lines that say it:
# an issue's title where it quotes the message), the remedy's last line or None)
NAMED = {
    # rule 1: cuDNN's loader and CTranslate2's
    "gptsovits607-zh-windows-faster-whisper-ctranslate2-cublas64-12-dll.md": (
        "CTranslate2 could not load cublas64_12.dll for faster_whisper: CUDA 12's cuBLAS, "
        "which NVIDIA's wheel nvidia-cublas-cu12 or the CUDA 12 toolkit installs",
        12,
        None,
    ),
    "gptsovits727-zh-linux-faster-whisper-libcublas-so-12-not-found.md": (
        "CTranslate2 could not load libcublas.so.12 for faster_whisper: CUDA 12's cuBLAS",
        11,
        "install nvidia-cublas-cu12",
    ),
    "whisperstandalone169-win11-rtx3070-cudnn-ops-infer64-8-then-cublas64-11.md": (
        "CTranslate2 could not load cublas64_11.dll: CUDA 11's cuBLAS",
        1,
        None,
    ),
    "deeplivecam1338-powershell-could-not-locate-cublaslt64-10-dll.md": (
        "cuDNN's loader could not load cublasLt64_10.dll: CUDA 10's cuBLASLt, which the CUDA "
        "10 toolkit installs (NVIDIA publishes no pip wheel of it)",
        1,
        None,
    ),
    # rule 2: TensorFlow's warning
    "tf57103-windows-tf2.9.1-cudart64-110-dll-warning-exit-0.md": (
        "TensorFlow could not load cudart64_110.dll, CUDA 11.0's runtime (cudart); without it "
        "TensorFlow registers no GPU, and the paste does not show whether it went on to",
        1,
        None,
    ),
    "lightweightmmm23-tf-cudart64-110-dll-not-found-warning.md": (
        "TensorFlow could not load cudart64_110.dll, CUDA 11.0's runtime (cudart)",
        5,
        None,
    ),
    # rule 3: onnxruntime's CUDA provider
    "paddlenlp8195-paddle2onnx-ort-providers-cuda-libcublaslt-so-11.md": (
        "onnxruntime's CUDA execution provider did not load: libcublasLt.so.11, CUDA 11's "
        "cuBLASLt, is not found, and onnxruntime runs on the CPU",
        13,
        "install nvidia-cublas-cu11",
    ),
    "stepaudioeditx3-ort-libcublaslt-so-11-wrapped-log.md": (
        "onnxruntime's CUDA execution provider did not load: libcublasLt.so.11",
        9,
        "install nvidia-cublas-cu11",
    ),
    # s18-mend-loader: the first of two installs the reporter tried: no install line
    "reactor503-ort-libcublaslt-so-11-then-libcudnn-so-9.md": (
        "onnxruntime's CUDA execution provider did not load: libcublasLt.so.11",
        1,
        None,
    ),
    "instantid27-comfyui-ort-cuda-path-is-set-wasnt-able.md": (
        'onnxruntime could not load its CUDA execution provider (onnxruntime: "CUDA_PATH is '
        "set but CUDA wasn't able to be loaded\")",
        1,
        None,
    ),
    "deeplivecam1140-win11-rtx4070s-ort-cuda-path-is-set.md": (
        "onnxruntime could not load its CUDA execution provider",
        1,
        None,
    ),
}
# TensorFlow's is a warning: nothing else unread, exit 0
WARNINGS = (
    "tf57103-windows-tf2.9.1-cudart64-110-dll-warning-exit-0.md",
    "lightweightmmm23-tf-cudart64-110-dll-not-found-warning.md",
)
# PyInstaller's "Failed to execute script '__main__'" after CTranslate2's error: unread
OTHER_LINES = ("whisperstandalone169-win11-rtx3070-cudnn-ops-infer64-8-then-cublas64-11.md",)
# the recordings of the corpus that showed these loaders' words before s18-dll, now named
EARLIER = (
    "dictatewizard2-could-not-load-library-cudnn-ops-infer64-8-error-126.md",
    "comfyuireactor396-rtx4080-win10-could-not-locate-cudnn-ops-infer64-8.md",
    "paddleocr10199-gtx-cc61-cuda11.6-could-not-locate-cudnn-ops-infer64-8.md",
    "xtts31-libcudnn-ops-infer-so-8-torch-cu118.md",
    "stt76-zh-libcudnn-ops-infer-so-8-aborted.md",
    "dreamtalk32-colab-tensorflow-dso-loader-libcudart-warning.md",
)


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_cuda_library_another_loader_lacks_is_named(name: str) -> None:
    words, line, remedy = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == (0 if name in WARNINGS else 1)
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, data["findings"]
    assert found[0]["message"].startswith(words), found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert found[0]["severity"] == ("warning" if name in WARNINGS else "error")
    if remedy is None:
        assert found[0]["remedy"] is None
    else:
        # the wheel's install, then its directory on LD_LIBRARY_PATH (s18-mend-loader)
        *_, install, path = found[0]["remedy"].splitlines()
        assert install.endswith(remedy), found[0]["remedy"]
        assert path.startswith(EXPORT), found[0]["remedy"]
    assert "variant" not in found[0]
    assert name in OTHER_LINES or not data["unread"], data["unread"]
    # no torch extension's finding for another loader's library
    assert "extension.cuda_library_missing" not in [f["code"] for f in data["findings"]]


def test_two_libraries_of_one_paste_are_two_findings_with_their_own_wheels() -> None:
    _, data = detect(ERRORS / "reactor503-ort-libcublaslt-so-11-then-libcudnn-so-9.md")
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert [f["params"]["library"] for f in found] == ["libcublasLt.so.11", "libcudnn.so.9"]
    # cuDNN 9's onnxruntime builds are CUDA 12's (the requirements page): that wheel, that major
    assert found[1]["remedy"].splitlines()[-2].endswith("install 'nvidia-cudnn-cu12>=9,<10'")


def test_cudnn_and_ctranslate2_in_one_paste_each_say_their_library() -> None:
    _, data = detect(
        ERRORS / "whisperstandalone169-win11-rtx3070-cudnn-ops-infer64-8-then-cublas64-11.md"
    )
    messages = [f["message"] for f in data["findings"] if f["code"] == CODE]
    assert len(messages) == 2
    assert messages[1].startswith(
        "cuDNN's loader could not load cudnn_ops_infer64_8.dll: a library of cuDNN 8"
    )


@pytest.mark.parametrize("name", EARLIER, ids=lambda n: n.split("-", 1)[0])
def test_the_corpus_recordings_of_these_loaders_are_named(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert CODE in [f["code"] for f in data["findings"]]
    assert not data["unread"], data["unread"]


def test_onnxruntimes_warning_alone_names_no_library() -> None:
    _, data = detect(ERRORS / "ort16931-ort-failed-to-create-cuda-ep-warning-only.md")
    assert CODE not in [f["code"] for f in data["findings"]]
    assert [u["line"] for u in data["unread"]] == [1, 5, 28]


def test_a_torch_extensions_cuda_library_stays_its_finding() -> None:
    _, data = detect(ERRORS / "vllm3387-libcudart-so-11.0-apptainer-cuda12.1.md")
    codes = [f["code"] for f in data["findings"]]
    assert "extension.cuda_library_missing" in codes
    assert CODE not in codes


@pytest.mark.parametrize(
    ("library", "what", "cuda", "cudnn", "package"),
    [
        ("cublas64_12.dll", "CUDA 12's cuBLAS", "12", "", "nvidia-cublas-cu12"),
        ("cublas64_10.dll", "CUDA 10's cuBLAS", "10", "", ""),
        (
            "cudart64_110.dll",
            "CUDA 11.0's runtime (cudart)",
            "11.0",
            "",
            "nvidia-cuda-runtime-cu11",
        ),
        ("cudart64_101.dll", "CUDA 10.1's runtime (cudart)", "10.1", "", ""),
        (
            "libcudart.so.11.0",
            "CUDA 11.0's runtime (cudart)",
            "11.0",
            "",
            "nvidia-cuda-runtime-cu11",
        ),
        ("libcublasLt.so.11", "CUDA 11's cuBLASLt", "11", "", "nvidia-cublas-cu11"),
        ("cudnn_ops_infer64_8.dll", "a library of cuDNN 8 (cudnn_ops_infer)", "", "8", ""),
        ("libcudnn.so.9", "cuDNN 9", "", "9", ""),
        ("libnvinfer.so.7", "TensorRT 7", "", "", ""),
    ],
)
def test_a_library_file_name_carries_its_major(
    library: str, what: str, cuda: str, cudnn: str, package: str
) -> None:
    runtime = cuda_runtime.read(library)
    assert runtime is not None
    assert (runtime.what, runtime.cuda, runtime.cudnn, runtime.package) == (
        what,
        cuda,
        cudnn,
        package,
    )
    assert runtime.windows == library.endswith(".dll")


@pytest.mark.parametrize(
    ("table", "release", "cuda", "cudnn"),
    [
        (cuda_runtime.ORT_BUILDS, "1.17.0", "11.8", "8"),
        (cuda_runtime.ORT_BUILDS, "1.19.2", "12", "9"),
        (cuda_runtime.ORT_BUILDS, "1.14.1", "11.6", "8"),
        (cuda_runtime.ORT_BUILDS, "1.4.0", "10.1", "7"),
        (cuda_runtime.CTRANSLATE2_BUILDS, "3.24.0", "11", "8"),
        (cuda_runtime.CTRANSLATE2_BUILDS, "4.4.0", "12", "8"),
        (cuda_runtime.CTRANSLATE2_BUILDS, "4.5.0", "12", "9"),
    ],
)
def test_the_release_tables_give_each_releases_majors(
    table: tuple[cuda_runtime.Build, ...], release: str, cuda: str, cudnn: str
) -> None:
    build = cuda_runtime.build_of(table, release)
    assert build is not None
    assert (build.cuda, build.cudnn) == (cuda, cudnn)


def test_cudnn_9_is_cuda_12_in_both_tables_and_cudnn_8_is_either() -> None:
    for table in (cuda_runtime.ORT_BUILDS, cuda_runtime.CTRANSLATE2_BUILDS):
        assert cuda_runtime.cuda_of_cudnn(table, "9") == "12"
        assert cuda_runtime.cuda_of_cudnn(table, "8") == ""


# --- issue 38 (s18-mend-loader): the red team's defects in the loaders' readings -------------


@pytest.mark.parametrize(
    ("name", "code", "lines"),
    [
        # cuDNN's sub-library failed on libcuda.so under WSL2: WSL's driver directory, as
        # 3085ca56 read it (the title, which stops before dlerror, rests there too)
        (
            "nougat115-wsl2-cudnn-cnn-infer-so-8-error-libcuda-so.md",
            "host.wsl_libcuda_not_found",
            [1, 3, 8],
        ),
        # ... on libnvrtc.so: CUDA's runtime compiler, a torch extension's reading
        (
            "sdnext539-ubuntu-cudnn-cnn-infer-so-8-error-libnvrtc-so.md",
            "extension.cuda_library_missing",
            [1, 6],
        ),
    ],
    ids=lambda v: v.split("-", 1)[0] if isinstance(v, str) and v.endswith(".md") else None,
)
def test_cudnns_loader_failing_on_another_file_is_that_files_finding(
    name: str, code: str, lines: list[int]
) -> None:
    _, data = detect(ERRORS / name)
    codes = [f["code"] for f in data["findings"]]
    assert CODE not in codes, codes
    found = next(f for f in data["findings"] if f["code"] == code)
    assert [q["line"] for q in found["rests_on"]] == lines
    assert not data["unread"], data["unread"]


def test_an_undefined_symbol_in_cudnn_is_no_missing_library() -> None:
    # pytorch/pytorch#104591: two cuDNN installs mixed; nothing tells "install cuDNN 8"
    _, data = detect(ERRORS / "pt104591-cudnn-cnn-infer-so-8-undefined-symbol-nvrtchelper.md")
    assert CODE not in [f["code"] for f in data["findings"]]
    assert [u["line"] for u in data["unread"]] == [14]


def test_tensorrt_is_tf_trts_and_optional() -> None:
    # googlecolab/colabtools#3408: libnvinfer only, TF-TRT's warning: no "runs on the CPU"
    _, data = detect(ERRORS / "colab3408-tf-dso-loader-libnvinfer-so-7-tf-trt-warning.md")
    assert CODE not in [f["code"] for f in data["findings"]]


def test_the_cpu_is_said_only_beside_tensorflows_skipping_line() -> None:
    _, data = detect(
        ERRORS / "behaviormetrics385-tf-libcusolver-libcudnn-skipping-registering-gpu.md"
    )
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert [f["params"]["library"] for f in found] == ["libcusolver.so.11", "libcudnn.so.8"]
    for each, own in zip(found, (9, 10), strict=True):
        assert "and runs on the CPU: it registered no GPU" in each["message"]
        # its own loader line and TensorFlow's "Cannot dlopen some GPU libraries" line
        assert [q["line"] for q in each["rests_on"]] == [own, 11]
    for name in (
        "tf57103-windows-tf2.9.1-cudart64-110-dll-warning-exit-0.md",
        "edjeelectronics503-windows-tf-cudart64-100-dll-warning.md",
    ):
        _, data = detect(ERRORS / name)
        messages = [f["message"] for f in data["findings"] if f["code"] == CODE]
        assert messages and all("runs on the CPU" not in m for m in messages), messages


@pytest.mark.parametrize(
    ("library", "what", "cuda"),
    [
        ("cublas64_100.dll", "CUDA 10.0's cuBLAS", "10.0"),
        ("cufft64_100.dll", "CUDA 10.0's cuFFT", "10.0"),
        ("cudart64_90.dll", "CUDA 9.0's runtime (cudart)", "9.0"),
        ("cudart64_92.dll", "CUDA 9.2's runtime (cudart)", "9.2"),
        ("cublas64_80.dll", "CUDA 8.0's cuBLAS", "8.0"),
        ("cudart64_100.dll", "CUDA 10.0's runtime (cudart)", "10.0"),
    ],
)
def test_a_dll_of_cuda_10_0_and_older_carries_the_toolkits_release(
    library: str, what: str, cuda: str
) -> None:
    runtime = cuda_runtime.read(library)
    assert runtime is not None
    assert (runtime.what, runtime.cuda, runtime.package) == (what, cuda, "")


def test_tensorflows_cuda_10_0_runtime_is_named_by_its_release() -> None:
    _, data = detect(ERRORS / "edjeelectronics503-windows-tf-cudart64-100-dll-warning.md")
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found[0]["message"].startswith(
        "TensorFlow could not load cudart64_100.dll, CUDA 10.0's runtime (cudart)"
    )


def test_the_pip_wheel_comes_with_the_line_that_puts_it_on_the_loaders_path() -> None:
    # microsoft/onnxruntime#25609: nvidia-cudnn-cu12 installed, libcudnn.so.9 not found
    _, data = detect(ERRORS / "ort25609-ort-1.22-libcudnn-so-9-pip-wheel-not-on-ld-library-path.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    install, path = found["remedy"].splitlines()[-2:]
    assert install.endswith("install 'nvidia-cudnn-cu12>=9,<10'")
    assert path == (
        'export LD_LIBRARY_PATH="$(python3 -c \'import os, nvidia.cudnn.lib; print(":".join('
        "os.path.dirname(m.__file__) for m in [nvidia.cudnn.lib]))')"
        '${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"'
    )
    assert "onnxruntime.preload_dlls()" in found["advice"]


def test_the_files_own_major_wins_over_onnxruntimes_cuda_12_feed() -> None:
    # infiniflow/ragflow#905: installed from the CUDA 12 feed, the provider asks for CUDA 11's
    # cuBLASLt: that build is a CUDA 11 one (the feed held no such release), CUDA 11's wheel
    _, data = detect(ERRORS / "ragflow905-zh-ort-cuda-12-feed-libcublaslt-so-11.md")
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "CUDA 12" not in found["message"]
    assert found["remedy"].splitlines()[-2].endswith("install nvidia-cublas-cu11")


def test_only_the_last_of_successive_installs_gets_an_install_line() -> None:
    _, data = detect(ERRORS / "reactor503-ort-libcublaslt-so-11-then-libcudnn-so-9.md")
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found[0]["remedy"] is None or "install" not in found[0]["remedy"].splitlines()[-1]
    assert "nvidia-cublas-cu11" not in (found[0]["remedy"] or "")
    assert "nvidia-cudnn-cu12" in found[1]["remedy"]
    # each rests on its own loader line, not on every loader line of the paste
    assert [[q["line"] for q in f["rests_on"]] for f in found] == [[1], [27]]
