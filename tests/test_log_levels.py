"""Error lines in the standard log formats, counted whatever their words (issue 38 item 5;
s15-loglevel).

Real pastes from tests/data/reports/errors/ (sources in that directory's README, "error lines in
the standard log formats"), fed through the CLI: a line a program logged at its ERROR, CRITICAL
or FATAL level in vLLM's, DeepSpeed's, loguru's, onnxruntime's, spdlog's, TensorRT's, Rust
`tracing`'s or env_logger's format is an error line no finding explains, so the headline never
says "no problem" over it; the lines of one message, and a title restating the log line, count
once; the WARNING, INFO and DEBUG lines of the same formats stay unread. The reporter's failure
words contracted ("isn't detected") state an error as the words in full do.
"""

from __future__ import annotations

import pytest

import hwdoctor
from hwdoctor.errors import UsageError
from hwdoctor.gather.reports import reading
from hwdoctor.render import paste
from tests.test_mac_asked_cuda import ERRORS, detect

REPORTS = ERRORS.parent

# file: (how many error lines the paste holds, the line of the format's own ERROR line)
LOGGED: dict[str, tuple[int, int]] = {
    # vLLM's logger (vllm/logger.py _FORMAT)
    "openpipeart201-vllm-error-worker-proc-died-multi-gpu.md": (1, 11),
    "vllm9839-a800-qwen72b-error-engine-iteration-timed-out.md": (2, 13),
    # DeepSpeed's logger (deepspeed/utils/logging.py)
    "dsexamples626-two-gpus-deepspeed-error-sigkill-handler-return-code-minus-11.md": (1, 1),
    "deepspeed4000-2x-2080ti-chatglm2-deepspeed-error-sigkill-handler-argv-cut.md": (1, 14),
    # loguru's default format (loguru/_defaults.py LOGURU_FORMAT)
    "mineru210-zh-windows-loguru-error-need-model-list-input.md": (1, 5),
    "mineru623-title-loguru-error-need-model-list-input-cpu.md": (1, 1),
    # onnxruntime's ostream sink (ostream_sink.cc)
    "mmdeploy807-windows-cpu-e-onnxruntime-sequential-executor-conv-nchwc.md": (1, 1),
    "yolov8ortcpp39-zh-windows-e-onnxruntime-executekernel-defaultlogger.md": (1, 5),
    "mcautoboss2-zh-gtx1060-e-onnxruntime-trygetproviderinfo-cuda-title.md": (1, 1),
    # spdlog's default pattern (pattern_formatter-inl.h full_formatter), mmdeploy's SDK
    "mmdeploy885-windows-trt-spdlog-error-no-modelimpl-can-read-model.md": (4, 4),
    "mmdeploy280-trt-spdlog-error-device-impl-invalid-argument.md": (4, 5),
    "mmdeploy883-cpu-spdlog-info-python-then-error-cpp-sdk.md": (4, 28),
    # TensorRT's Python logger (python/src/infer/pyCore.cpp DefaultLogger)
    "llamaindex12318-trtllm-0.8.0-trt-e-engine-plan-incompatible-device.md": (3, 1),
    "ocrintegrator6-trt-e-engine-plan-incompatible-device-8.9-got-7.5.md": (2, 5),
    "cosyvoice1600-vllm-info-trt-e-engine-plan-compute-9.0-got-8.9.md": (2, 8),
    # Rust tracing through tracing-subscriber's default fmt layer
    "tei600-docker-turing-1.6-tracing-error-could-not-start-candle-backend.md": (2, 28),
    "oneclickllms5-runpod-tgi-tracing-error-warmup-server-error-empty.md": (2, 6),
    # Rust log through env_logger's default format, with a time and without one
    "wgpu2733-vulkan-env-logger-error-validation-swapchain-extent.md": (1, 15),
    "rend3383-windows-dx12-env-logger-error-vulkan-validation-objects.md": (3, 5),
}


def _headline(name: str) -> str:
    return paste.counts(hwdoctor.diagnose((ERRORS / name).read_bytes()))


def _line(path: str, number: int) -> str:
    return (REPORTS / path).read_text(encoding="utf-8").splitlines()[number - 1]


@pytest.mark.parametrize("name", sorted(LOGGED), ids=lambda n: n.split("-", 1)[0])
def test_an_error_logged_in_a_standard_format_is_an_error_line(name: str) -> None:
    count, line = LOGGED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    assert not data["findings"]
    assert data["unread_count"] == count
    assert line in [q["line"] for q in data["unread"]]
    assert _headline(name).startswith(f"nothing it knows, and {count} error line")


@pytest.mark.parametrize(
    ("name", "title", "again"),
    [
        # the title is the log line, the body prints it again
        ("llamaindex12318-trtllm-0.8.0-trt-e-engine-plan-incompatible-device.md", 1, 7),
        ("dsexamples626-two-gpus-deepspeed-error-sigkill-handler-return-code-minus-11.md", 1, 8),
        ("mmdeploy807-windows-cpu-e-onnxruntime-sequential-executor-conv-nchwc.md", 1, 17),
    ],
    ids=lambda v: str(v).split("-", 1)[0],
)
def test_a_title_restating_the_log_line_counts_once(name: str, title: int, again: int) -> None:
    _, data = detect(ERRORS / name)
    listed = [q["line"] for q in data["unread"]]
    assert title in listed
    assert again not in listed


# Lines of the same formats at their WARNING, INFO and DEBUG levels, from the recordings
LOWER: list[tuple[str, int]] = [
    ("errors/openpipeart201-vllm-error-worker-proc-died-multi-gpu.md", 10),  # vLLM DEBUG
    ("errors/vllm9839-a800-qwen72b-error-engine-iteration-timed-out.md", 12),  # vLLM INFO
    ("unsloth_banner/unslothpr2039-2025.3.14-rtx4090-cc8.9-vllm0.7.3.txt", 5),  # vLLM INFO
    ("errors/dsexamples626-two-gpus-deepspeed-error-sigkill-handler-return-code-minus-11.md", 3),
    ("ds_report/dsissue5479-databricks-accelerator-line-async-io-warnings.md", 6),  # DeepSpeed
    ("errors/ragflowplus117-zh-cuda-loguru-info-magic-pdf-traceback-cut.md", 5),  # loguru INFO
    ("errors/ort2197-linux-cuda-provider-mismatch-i-onnxruntime-bfc-arena-verbose.md", 3),
    ("errors/mmdeploy883-cpu-spdlog-info-python-then-error-cpp-sdk.md", 18),  # spdlog info
    ("errors/whisperstandalonewin37-ctranslate2-float16-inferred-warning.md", 3),  # spdlog
    ("errors/cosyvoice1600-vllm-info-trt-e-engine-plan-compute-9.0-got-8.9.md", 7),  # [TRT] [I]
    ("errors/tei600-docker-turing-1.6-tracing-error-could-not-start-candle-backend.md", 24),
    ("tgi_env/tgi1451-local-install-nvidia-smi-na.txt", 10),  # tracing INFO
]


@pytest.mark.parametrize(("path", "number"), LOWER, ids=lambda v: str(v).split("-", 1)[0])
def test_the_lower_levels_of_the_same_formats_stay_unread(path: str, number: int) -> None:
    assert reading.read_lines([_line(path, number)]).error_count == 0


@pytest.mark.parametrize("name", sorted(LOGGED), ids=lambda n: n.split("-", 1)[0])
def test_the_logged_line_alone_is_an_error_line(name: str) -> None:
    _, number = LOGGED[name]
    assert reading.read_lines([_line(f"errors/{name}", number)]).error_count == 1


def test_only_info_lines_are_no_report_and_info_beside_a_traceback_is_not_counted() -> None:
    """onnxruntime's verbose I lines alone are no report (exit 2); loguru's INFO lines before a
    traceback cut short leave the traceback the one error line."""
    verbose = ERRORS / "ort2197-linux-cuda-provider-mismatch-i-onnxruntime-bfc-arena-verbose.md"
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        hwdoctor.diagnose(verbose.read_bytes())
    info = ERRORS / "ragflowplus117-zh-cuda-loguru-info-magic-pdf-traceback-cut.md"
    exit_code, data = detect(info)
    assert exit_code == 1
    assert [q["line"] for q in data["unread"]] == [12]  # Traceback (most recent call last):


@pytest.mark.parametrize(
    "name",
    [
        # vLLM's logged traceback cut before its exception, the exception in the title a
        # finding explains: its frames are no other error
        "vllm14040-title-compressed-tensors-scheme-min-80-current-75.md",
        "vllm12936-tpu-deepseek-r1-torch-not-compiled-with-cuda-rotary-embedding.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_the_frames_of_a_traceback_logged_line_by_line_are_not_another_error(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert data["findings"]
    assert data["unread_count"] == 0


def test_contracted_failure_words_state_an_error() -> None:
    """ "my gpu isn't detected" and no error line: the paste states an error it does not show,
    never "no problem"."""
    name = "sovitssvcfork811-windows-gpu-isnt-detected-cuda-is-available-false.md"
    report = hwdoctor.diagnose((ERRORS / name).read_bytes())
    assert report.stated is not None and report.stated.line == 5
    assert paste.counts(report).startswith("the paste states an error it does not show (line 5)")
