"""The Markdown around a pasted report, taken off before any reader sees a line.

An issue body wraps the tools' output in Markdown: `> ` quoting (nested too), the HTML tags
GitHub's templates use (`<details>`, `<summary>`, `<br>`), code fences, and the HTML
comments GitHub does not show. What a reader gets is the text a reporter sees rendered,
line by line, at the line numbers of the paste. Whether a line looks like an error is told
here too, on the cleaned line, for every line of the paste.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor import registry
from hwdoctor.gather.reports import MAX_LINE_CHARS, screen
from hwdoctor.text import ERROR_DOING

# Markdown around a report: `> ` quoting (nested too), HTML tags GitHub's templates use. A
# tag's attributes hold no "<": tried from each "<p" of a line of them, `[^>]*` ran to the
# line's end every time (quadratic within a line; issue 38).
_QUOTING: Final = re.compile(r"^(?:[ \t]*>)+[ \t]?")
_TAGS: Final = re.compile(r"</?(?:details|summary|br|p|pre|code|b|strong)\b[^<>]*>", re.I)
FENCE: Final = re.compile(r"^\s*(?:`{3,}|~{3,})\s*(?:[\w+-]+\s*)?$")
FENCE_OPEN: Final = re.compile(r"^\s*(?:`{3,}|~{3,})")  # a fence with text after it
_FENCES: Final = ("```", "~~~")


def clean(line: str) -> str:
    """A line with the Markdown around it taken off: quoting, HTML tags, a cut length."""
    line = line[:MAX_LINE_CHARS].rstrip("\r\n")
    line = _QUOTING.sub("", line)
    line = _TAGS.sub("", line)
    return line.replace("\u3000", " ").rstrip()


# The dynamic loader's words for a symbol a module lacks ("<path>.so: undefined symbol: <name>").
LOADER_WORDS: Final = "undefined symbol:"


def unwrapped(lines: Sequence[str], number: int, line: str) -> tuple[str, int]:
    """A loader message wrapped by the terminal or the reporter, read as the one line it was,
    with how many of the lines after it that took: "<path>.so: undefined" + "symbol: <name>",
    "<path>.so:" + "undefined symbol: <name>", "... undefined symbol:" + "<name>"."""
    stripped = line.rstrip()
    if not stripped.endswith(("undefined", ".so:", ".pyd:", LOADER_WORDS)):
        return line, 0  # the common case: nothing ahead is read
    ahead = [clean(lines[i]).strip().strip("`") for i in range(number, min(number + 2, len(lines)))]
    used = 0
    following = ahead[0] if ahead else ""
    if (stripped.endswith((": undefined", " undefined")) and following.startswith("symbol:")) or (
        stripped.endswith((".so:", ".pyd:")) and following.startswith(LOADER_WORDS)
    ):
        stripped, used = f"{stripped} {ahead[0]}", 1
    if stripped.endswith(LOADER_WORDS) and len(ahead) > used and ahead[used]:
        stripped, used = f"{stripped} {ahead[used].split()[0]}", used + 1
    return (stripped, used) if used else (line, 0)


def without_comments(text: str) -> str:
    """`text` without what GitHub does not show of it (HTML comments) and without the options
    the reporter did not choose (unchecked task-list items). Line numbers stay those of the
    paste."""
    return without_unchosen(without_html_comments(text))


# issue 38 (s20-template): an unchecked task-list item ("- [ ] macOS") is an option the reporter
# did not choose. GitHub's issue forms write each option of a `checkboxes` question as one, "- [X]"
# where it was ticked and "- [ ]" where not (docs.github.com, "Syntax for GitHub's form schema",
# checkboxes: axolotl's "Which Operating Systems are you using?" in axolotl-ai-cloud/axolotl#1307
# is "- [X] Linux", "- [ ] macOS", "- [ ] Windows"); GFM's task list item marker (the GFM spec
# 0.29-gfm, §5.3 "Task list items (extension)") is a list item's "[ ]" (unchecked: whitespace
# between the brackets) followed by whitespace, "[x]"/"[X]" checked. The marker after a list's
# bullet or number, the line's indentation and quoting taken off first.
# (s20-mendB) Only a bare option's label is blanked: an unticked item that carries a value, shaped
# "label: value" ("- [ ] Python version: 3.10.12", "- [ ] PyTorch installed: no, torch 2.5.0
# says …"), is the reporter's answer written into a checklist left unticked, and its facts stay.
# The label: at most `_LABEL_CHARS` characters without a colon; then ":" and a space, or "："
# (a URL's "https://" has no space after its colon, and is no label).
_UNCHECKED: Final = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]{1,4}\[ \](?:[ \t\r]|$)")
_TASK: Final = "[ ]"
_LABEL_CHARS: Final = 80
_LABEL_ENDS: Final = (": ", ":\t", "：")


def _answered(item: str) -> bool:
    """Whether an unticked task-list item's text (after its marker) is "label: value": a
    label, its colon, and a value after it."""
    for end in _LABEL_ENDS:
        at = item.find(end, 0, _LABEL_CHARS + len(end))
        if at > 0 and ":" not in item[:at] and "：" not in item[:at]:
            return bool(item[at + len(end) :].strip())
    return False


def without_unchosen(text: str) -> str:
    """`text` with each unchecked task-list item's line left empty (`_UNCHECKED`), outside code
    fences (inside one the marker is text, as GitHub shows it): no fact, no error line is read
    from an option not chosen; checked ones stay, and so do unticked ones that carry a value
    (`_answered`). Line numbers stay those of the paste."""
    if _TASK not in text:
        return text
    out: list[str] = []
    fence = ""
    for line in text.split("\n"):
        bare = _QUOTING.sub("", line).lstrip()
        was, fence = fence, _fence_after(fence, bare[:3])
        if (
            not was
            and not fence
            and _TASK in bare[:16]
            and (unticked := _UNCHECKED.match(bare))
            and not _answered(bare[unticked.end() :])
        ):
            line = ""
        out.append(line)
    return "\n".join(out)


def _fence_after(fence: str, opener: str) -> str:
    """The code fence open after a line whose first three characters are `opener`, `fence`
    the one open before it ("" for none): a fence closes at its own marker, and opens at
    either marker outside one."""
    if fence:
        return "" if opener == fence else fence
    return opener if opener in _FENCES else ""


def without_html_comments(text: str) -> str:
    """`text` without its HTML comments (`<!-- … -->`, over any number of lines), which
    GitHub does not show: an issue template's examples and instructions are not the
    reporter's facts. Each comment leaves its line breaks, so line numbers stay those of the
    paste; one left open hides the rest, as GitHub's renderer does; inside a code fence
    `<!--` is text, as there. One pass over the text."""
    if "<!--" not in text:
        return text
    out: list[str] = []
    fence = ""
    hidden = False
    for line in text.split("\n"):
        if not hidden:
            opener = line.lstrip()[:3]
            fence = _fence_after(fence, opener)
            if fence or opener in _FENCES:
                out.append(line)
                continue
        kept: list[str] = []
        at = 0
        while at <= len(line):
            if hidden:
                # "<!-->" and "<!--->" close at once (CommonMark's HTML comments)
                end = line.find("-->", at)
                if end < 0:
                    break
                at, hidden = end + 3, False
            else:
                start = line.find("<!--", at)
                if start < 0:
                    kept.append(line[at:])
                    break
                kept.append(line[at:start])
                at, hidden = start + 2, True
        out.append("".join(kept))
    return "\n".join(out)


# A line that looks like an error, whoever printed it: a Python exception ("RuntimeError: …",
# "torch.cuda.OutOfMemoryError: …", "AssertionError:" whose message follows on the next
# line), "error:"/"error=" with something after it in any case ("CUDA error: …", pip's
# "ERROR: …", THCudaCheck's "error=38"; not a variable's name, HYDRA_FULL_ERROR=1, nor the
# reporter's "I get this error:"), "failed"/"FAIL", "FATAL", a CUDA, HIP, NCCL, cuDNN, cuBLAS
# or HSA error code ("CUDA_ERROR_NO_DEVICE", "cudaErrorNoKernelImageForDevice",
# "hipErrorNoBinaryForGpu", "ncclUnhandledCudaError", "CUDNN_STATUS_NOT_INITIALIZED",
# "HSA_STATUS_ERROR_OUT_OF_RESOURCES"), "NCCL error in: …", the shell's words for a process
# the kernel stopped ("Segmentation fault (core dumped)", "Illegal instruction"), and the
# messages that state an error in words of their own (listed below). Each alternative starts
# with a fixed word or at a word boundary: tried from every position of a long line, none
# backtracks over a run. An exception's name alone on its line is `_EXCEPTION_ALONE`'s.
_ERROR_LIKE: Final = re.compile(
    r"(?<!_)(?i:error ?[:=] ?[^\s:=]|exception ?: ?\S|\bfailed\b|segmentation fault"
    r"|core dumped|illegal instruction)"
    r"|\bFAIL\b|\bFATAL\b"
    r"|\b(?:CUDA|HIP|NCCL|cuDNN|CUDNN|cuBLAS) error\b"
    r"|\b(?:CUDA_ERROR|CUDNN_STATUS|CUBLAS_STATUS|HSA_STATUS_ERROR)_[A-Z]"
    r"|\b(?:cuda|hip)Error[A-Z]|\bnccl(?:Unhandled|Internal|System|Remote|Invalid)\w{0,30}Error"
    r"|Found no NVIDIA driver on your system|could not select device driver"
    r"|forward compatibility was attempted on non supported HW|compiled without GPU support"
    r"|FlashAttention only supports Ampere GPUs or newer"
    # issue 41: a GPU fault whose address was cut ("NVRM: Xid (PCI:...): 145"), which the
    # kernel-log reader cannot read (the others are its facts, judged by NVIDIA's catalogue)
    r"|NVRM: Xid \((?:PCI:[^0-9A-Fa-f]|[^0-9A-Fa-fP])"
    # issue 38: docker's client before any error the daemon answers with
    r"|\bError response from daemon:"
    # issue 38: an OSError as Python prints it, "[Errno 2] No such file or directory: …" and on
    # Windows "[WinError 3] The system cannot find the path specified: …" (CPython
    # Objects/exceptions.c OSError_str), quoted without its exception's name
    r"|\[(?:WinError|Errno) \d{1,5}\] [A-Z]"
    # issue 38: CANN's own error codes, E then the module's letter then four digits, before
    # their colon or process ("EZ9999: … Parse dynamic kernel config fail.", "EZ9999[PID:
    # 3473945] …", "AclNN_Inner_Error(EZ9999):"; the CANN error code reference,
    # https://www.hiascend.com/document/detail/en/CANNCommunityEdition/900/maintenref/troubleshooting/atlaserrorcode_15_0267.html,
    # as compat/ascend.py CANN_EL0004 cites it)
    r"|\bE[A-Z]\d{4}\)?(?::|\[PID:)"
    # issue 38: the Neuron runtime's log level before its module and function ("… ERROR
    # TDRV:arch_init  Architecture not found 1", "ERROR   NRT:nrt_init  …"), as the Neuron
    # runtime troubleshooting guide quotes its lines (https://awsdocs-neuron.readthedocs-
    # hosted.com/en/latest/neuron-runtime/nrt-troubleshoot.html)
    r"|\bERROR {1,4}[A-Z]{2,8}:[a-z_]"
    # issue 38: CANN's Ascend C runtime refusing a binary built for another SoC, whose line has
    # no error word after its "[ERROR]" ("the socversion Ascend910B1 of bin package does not
    # match the current device socverison Ascend310P3", ascendc_runtime.cpp AscendCheckSoCVersion)
    r"|\bof bin package does not match the current device socverison\b"
    # issue 38: rocminfo's "Unable to open /dev/kfd read-write: <strerror>" (ROCm/
    # rocminfo rocminfo.cc CheckInitialState) and the Intel GPU compiler's "unsupported SPIR-V
    # version number" (KhronosGroup/SPIRV-LLVM-Translator SPIRVModule.cpp), no error word in
    # either
    r"|Unable to open /dev/kfd read-write: |unsupported SPIR-V version"
    # rocminfo's first check failing (rocminfo.cc CheckInitialState: no amdgpu kernel module)
    r"|\bROCk module is NOT loaded\b"
    # issue 38: device: the amdgpu kernel driver's "<ASIC> not supported in kfd" / "kfd not
    # supported on this ASIC" (amdkfd kfd_device.c, amdgpu_amdkfd.c) and rocminfo's "hsa api
    # call failure at" (ROCm/rocminfo rocminfo.cc), no error word in them
    r"|not supported in kfd\b|\bkfd not supported on this ASIC|\bhsa api call failure\b"
    # issue 38 (s7-build): GNU ld's unresolved symbol, no error word in it ("<object>: undefined
    # reference to `sym'", "… more undefined references to `sym' follow"; binutils ld/ldmain.c
    # undefined_symbol: _("%X%P: %C: undefined reference to `%pT'\n") and _("%X%P: %D: more
    # undefined references to `%pT' follow\n")), as a CUDA extension's or torch's own link
    # prints it; gcc's collect2 after it ("collect2: error: ld returned 1 exit status",
    # gcc/collect2.cc) has "error:" already
    r"|\bundefined references? to [`'‘]"
    # issue 38: Neuron / TPU runtimes and packages. The package tools' own error prefixes, no
    # error word with a colon after it: dpkg's per-package failure ("dpkg: error processing
    # package %s (--%s):", dpkg src/main/errors.c print_error_perpackage) and DKMS's ("Error!
    # Bad return status for module build on kernel: …", dell/dkms dkms.in die())
    r"|\berror processing package \S|^\s{0,8}Error! [A-Z]"
    # issue 38 (s8-serving): CUDA error 803's words, no error word in them ("system has
    # unsupported display driver / cuda driver combination", cudaErrorSystemDriverMismatch in
    # the CUDA Runtime API reference, as torch's one-line warning prints it); and
    # text-generation-inference's launcher and router logging at their ERROR level through
    # Rust's tracing ("2023-12-21T09:49:32.951710Z ERROR text_generation_launcher: Error when
    # initializing model", "ERROR shard-manager: text_generation_launcher: Shard complete
    # standard error output:"; launcher/src/main.rs's tracing::error! under
    # tracing_subscriber's fmt layer: time, level, span, target)
    r"|(?i:system has unsupported display driver)"
    r"|\bERROR (?:[a-z-]{1,20}: )?text_generation_(?:launcher|router)\b"
    # issue 38 item 5: the build tools a source install runs, whose error lines carry no
    # "error:" with a colon after the word. CMake's message(FATAL_ERROR) and message(SEND_ERROR)
    # print "CMake Error at <file>:<line> (message):" and the message indented on the lines
    # after (CMake's message() documentation, "CMake Error at"; cmMessenger.cxx
    # printMessagePreamble); GNU make's failed recipe, "make: *** [<target>] Error <status>"
    # (GNU make manual, section 3.10 "Errors in Recipes"; make's job.c child_error:
    # "%s[%s: %s] Error %d").
    r"|\bCMake Error\b|\*\*\* \[[^\]\n]{1,300}\] Error \d"
    # issue 38 item 5 (s13-unread): a C++ exception nothing caught, in libstdc++'s verbose
    # terminate handler's words ("terminate called after throwing an instance of 'std::
    # bad_alloc'", then "  what():  std::bad_alloc"; "terminate called without an active
    # exception"; gcc libstdc++-v3/libsupc++/vterminate.cc __verbose_terminate_handler), no error
    # word in them; and bash's words for a process SIGBUS or SIGABRT stopped without a core
    # file ("Bus error", "Aborted" alone on their line; bash siglist.c), as "Segmentation fault"
    # above
    r"|\bterminate called (?:after throwing an instance of|without an active exception)\b"
    r"|^\s{0,8}(?:Bus error|Aborted)\b(?: \(core dumped\))?\s{0,8}$"
    # zsh's words for a job a signal stopped, "zsh: <message>  <command>", or with the job's
    # number, its current-job mark and process id in a notification, "[1]    15017 bus error
    # python3 x.py", "[2]  + 4242 killed  python train.py" (zsh
    # Src/jobs.c printjob, its messages from Src/signames2.awk: SIGBUS "bus error", SIGILL
    # "illegal hardware instruction", SIGABRT "abort", SIGFPE "floating point exception",
    # SIGKILL "killed"; "segmentation fault" is read above), as macOS's default shell prints
    # them (karpathy/llm.c#35, CorentinJ/Real-Time-Voice-Cloning#955)
    r"|\bzsh: (?:bus error|illegal hardware instruction|abort|floating point exception"
    r"|killed)\b"
    r"|^\[\d{1,4}\] {1,12}(?:[+-] {1,4})?\d{1,10} (?:bus error|illegal hardware instruction"
    r"|abort|killed) "
    # cuDNN 8's own words when one of its sub-libraries (ops_infer, cnn_infer, adv_infer and
    # their train halves, NVIDIA's cuDNN 8 API reference "Library Overview") is not on the
    # library path, no error word in them: "Could not locate cudnn_ops_infer64_8.dll. Please
    # make sure it is in your library path!", "Could not load library cudnn_ops_infer64_8.dll.
    # Error code 126" (Windows), "Could not load library libcudnn_cnn_infer.so.8. Error: …"
    # (Linux), as the programs that load it print them (Gourieff/comfyui-reactor-node#396,
    # PaddlePaddle/PaddleOCR#10199, markgoodhead/dictate-wizard#2)
    r"|\bCould not (?:locate|load library) (?:lib)?cudnn_\w{1,30}(?:64_\d{1,2}\.dll"
    r"|\.so\.\d{1,3})"
    # issue 38 (s20-zero): an exception as PyCharm's debugger shows it, its class in braces
    # before the message with nothing between ("{ValueError}invalid type: 'torch.mps.
    # FloatTensor'"): the debugger's Variables pane and Evaluate window give each value as
    # "{type} value" (https://www.jetbrains.com/help/pycharm/debug-tool-window-variables.html),
    # and an evaluation that raised as the exception's class and its message; reporters copy
    # it from there into prose ("{AttributeError}'dict' object has no attribute …" as developers
    # copy it into comments too). The message follows the brace at once; a class in braces
    # before a space, a quote that closes or nothing is a template's placeholder or an
    # f-string's (f'{AttributeError}'), no error.
    r"|\{[A-Za-z_][\w.]{0,100}(?:Error|Exception)\}(?:\w|['\"]\w)"
    # issue 38 (s20-zero): Optimum's refusal of an onnxruntime provider, raised as ImportError
    # and often quoted without its name ("`onnxruntime-gpu` is installed, but GPU dependencies
    # are not loaded. It is likely there is a conflicting install between `onnxruntime` and
    # `onnxruntime-gpu`. …", "Asked to use CUDAExecutionProvider, but `onnxruntime-gpu` package
    # was not found.", "`onnxruntime-gpu` package is installed, but CUDA requirements could not
    # be loaded."; huggingface/optimum optimum/onnxruntime/utils.py
    # validate_provider_availability @ 5fc415d8): no error word in them
    r"|\bis installed, but (?:GPU dependencies are not loaded|(?:CUDA|TensorRT) requirements"
    r" could not be loaded)"
    r"|\bAsked to use \w{1,40}ExecutionProvider, but [`'\"]?onnxruntime-\w{1,20}[`'\"]? package"
    r" was not found"
    # issue 38 (s18-npfine): a message that opens with "Error" and says what was being done,
    # no colon after the word: vLLM's distributed executor, "Error executing method
    # determine_num_available_blocks. This might cause deadlock in distributed execution."
    # (vllm-project/vllm PR #3459, first released in v0.4.0: vllm/engine/ray_utils.py
    # RayWorkerVllm.execute_method's logger.exception(msg); later vllm/worker/worker_base.py
    # WorkerWrapperBase.execute_method @ 002a0ba9, "Error executing method {method!r}." from
    # v0.8), which an issue's title often is ("[Bug]: Error executing method 'init_device'.");
    # ComfyUI's dialog for a node that raised, "Error occurred when executing KSampler:" then
    # the exception's message (comfyanonymous/ComfyUI web/scripts/app.js
    # ComfyApp#formatExecutionError, pasted from the browser without the exception's name);
    # TGI's launcher, "Error when initializing model" (launcher/src/main.rs); safetensors'
    # "Error while deserializing header: HeaderTooLarge" (huggingface/safetensors
    # safetensors/src/tensor.rs SafeTensorError's Display); torch's Windows DLL loader, "Error
    # loading "…\torch\lib\fbgemm.dll" or one of its dependencies." (pytorch/pytorch
    # torch/__init__.py _load_dll_libraries); torch's extension builder, "Error building
    # extension 'fused_adam'" and "Error compiling objects for extension"
    # (torch/utils/cpp_extension.py _run_ninja_build, _write_ninja_file_and_compile_objects).
    # "Error" with its capital (a sentence's or a message's first word, never a variable's
    # error_handling or a URL's /error/), then one of these words: a gerund saying what
    # failed, "occurred" (and its common misspelling), or a preposition of time. "Error
    # handling is improved", "Error rate", "Error messages" stay prose; so does the word after
    # another word in a sentence ("I got this Runtime Error when I run", "an Error occured."):
    # the message opens the line, a title's "[Bug]: ", a quote or an exception's "…Error: ".
    r"|" + ERROR_DOING.pattern
)
# issue 38 item 5 (s13-unread): a log line at the ERROR or FATAL level in the format of Abseil's
# and glog's C++ logging, whatever its words: "E1006 12:34:56.789123  1234 file.cc:42] msg",
# "F1006 …", the level letter then month and day, the time, the thread and the file:line
# (abseil.io/docs/cpp/guides/logging, "Log Line Format": "Lmmdd hh:mm:ss.uuuuuu threadid
# file:line] msg"; google/glog README "Log line prefix format"); absl's lines logged before
# absl::InitializeLog carry a zero date and the Unix seconds ("E0000 00:00:1728000000.123456
# 12345 cuda_dnn.cc:8310] …", as XLA and TensorFlow print them at import); and TensorFlow's
# and XLA's own prefix, the date and time then the level letter ("2024-10-06 12:34:56.789123:
# E external/xla/xla/…/foo.cc:123] msg"; tensorflow/tsl platform/default/logging.cc
# LogMessage::GenerateLogMessage: "%s.%06d: %c%s:%d] "). Groups 1 and 2 (3 and 4) are the
# line's level and file:line.
#
# issue 38 item 5 (s15-loglevel): the other logging formats the neighbours' pastes hold, each
# at its ERROR and CRITICAL (or FATAL) level as the format itself prints it; WARNING and INFO
# lines stay unread. Where the format prints the place that logged (a file:line; for `tracing`
# and env_logger the target, the module that logged, first after the level), that place is the
# line's group: the lines of one message (a traceback logged line by line, a compiler's banner)
# print it on each, and count once. Where it prints none, the message after the match stands for
# it (`logged_error`):
# - vLLM's logger: "%(levelname)s %(asctime)s %(filename)s:%(lineno)d] %(message)s", the date
#   "%m-%d %H:%M:%S" ("ERROR 10-30 11:47:32 async_llm_engine.py:656] …"; vllm-project/vllm
#   vllm/logger.py _FORMAT and _DATE_FORMAT @ 00656a8e), the file:line in brackets since
#   ("ERROR 07-04 17:35:16 [multiproc_executor.py:140] …", "[%(filename)s:%(lineno)d]" @
#   43f45549), after the worker's "(VllmWorker rank=0 pid=220) " where a worker printed it;
# - DeepSpeed's logger: "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s]
#   %(message)s" ("[2023-07-10 04:26:35,999] [ERROR] [launch.py:324:sigkill_handler] …";
#   deepspeedai/DeepSpeed deepspeed/utils/logging.py LoggerFactory.create_logger @ bf8d76be);
# - loguru's default format: "{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:
#   {line} - {message}" ("… | ERROR    | magic_pdf.cli.magicpdf:do_parse:114 - …", the level
#   padded to eight; Delgan/loguru loguru/_defaults.py LOGURU_FORMAT @ 9faba684);
# - onnxruntime's ostream sink: "<time> [<severity letter>:<category>:<logger id>, <file:line>
#   <function>] <message>", the letter from "VIWEF" ("… [E:onnxruntime:Default,
#   provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] …"; microsoft/onnxruntime
#   onnxruntime/core/common/logging/sinks/ostream_sink.cc OStreamSink::SendImpl @ ce50b3d7,
#   include/onnxruntime/core/common/logging/severity.h SEVERITY_PREFIX);
# - spdlog's default pattern, "[%Y-%m-%d %H:%M:%S.%e] [%n] [%l] [%s:%#] %v", the logger's name
#   and the source location where there are any, the level names "error" and "critical"
#   ("[2022-08-10 13:12:34.783] [mmdeploy] [error] [model.cpp:44] …"; gabime/spdlog
#   include/spdlog/pattern_formatter-inl.h full_formatter @ aa264a7f, common.h
#   SPDLOG_LEVEL_NAMES);
# - TensorRT's Python logger, "[%m/%d/%Y-%H:%M:%S] [TRT] [E] <message>", "[F] " for an
#   internal error ("[03/27/2024-11:09:02] [TRT] [E] 6: The engine plan file is generated on
#   an incompatible device, …"; NVIDIA/TensorRT python/src/infer/pyCore.cpp DefaultLogger::log
#   @ v10.0.0);
# - Rust's `tracing` through tracing-subscriber's default fmt layer, "<RFC 3339 time, UTC> ERROR
#   <spans>: <target>: <message>" ("2025-04-23T03:14:07.818830Z ERROR text_embeddings_backend:
#   …"; tokio-rs/tracing tracing-subscriber/src/fmt/format/mod.rs, FmtLevel's ERROR_STR and
#   Format<Full>::format_event @ 35f360a1), and `log` through env_logger's default format, the
#   same time and level in brackets before the module ("[2022-06-05T13:40:44Z ERROR
#   wgpu_hal::vulkan::instance] …", "[ERROR wgpu_hal::vulkan::instance] …" without a time;
#   rust-cli/env_logger src/fmt/mod.rs DefaultFormat::write @ e55af6f7). TGI's launcher and
#   router lines are these too (`_ERROR_LIKE` reads them with its name).
# Python's own BASIC_FORMAT ("%(levelname)s:%(name)s:%(message)s", CPython Lib/logging/
# __init__.py) needs no alternative here: its "ERROR:root:…" is `_ERROR_LIKE`'s "error:".
_LOG_ERROR: Final = re.compile(
    r"(?<![\w.])([EF])\d{4} \d\d:\d\d:\d{1,12}(?:\.\d{1,9})? {1,12}\d{1,10} "
    r"([\w./+-]{1,300}:\d{1,7})\]"
    r"|\b\d\d:\d\d:\d\d(?:\.\d{1,9})?: ([EF]) ([\w./+-]{1,300}:\d{1,7})\]"
    # vLLM
    r"|\b(?:ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? \[?([\w./-]{1,300}:\d{1,7})\]"
    # DeepSpeed
    r"|\[(?:ERROR|CRITICAL)\] \[([\w.-]{1,300}:\d{1,7}):"
    # loguru
    r"|\| (?:ERROR|CRITICAL) {1,4}\| ([\w.<>-]{1,300}:[\w.<>-]{1,300}:\d{1,7}) - "
    # onnxruntime
    r"|\[[EF]:[A-Za-z]{1,20}:[^,\]]{0,100}, ([\w.+-]{1,300}:\d{1,7}) "
    # spdlog
    r"|\] \[(?:error|critical)\] (?:\[([\w.+-]{1,300}:\d{1,7})\] )?"
    # TensorRT's Python logger
    r"|\[TRT\] \[[EF]\] "
    # tracing-subscriber and env_logger, with a time; env_logger without one
    r"|(?<=\d)Z ERROR ([^\s\]]{1,300})|\[ERROR ([\w:.-]{1,300})\] "
)
# issue 38: Python's and the dynamic loader's own messages, which an issue's title or a cut
# traceback often holds without the exception's name before them: CPython's "f() got an
# unexpected keyword argument 'x'" and "f() takes 1 positional argument but 2 were given"
# (Python/ceval.c), "No module named 'x'" (Lib/importlib/_bootstrap.py), "cannot import name
# 'x' from 'y'" (Python/ceval.c import_from), "'int' object has no attribute 'x'"
# (Objects/object.c), "module 'torch.nn' has no attribute 'x'" (Objects/moduleobject.c);
# glibc's "…: undefined symbol: x" (elf/dl-lookup.c, _dl_lookup_symbol_x), each as Python
# 3.11 and glibc print them; after any letter but an ASCII one (a title in Chinese runs into
# them with no space). They are the symptom a finding
# about the paste's packages already explains (a wheel built for another torch fails on an
# undefined symbol): counted where no finding explains anything (`bare_message`), so that
# "no problem" never stands over one.
_BARE_MESSAGE: Final = re.compile(
    r"(?<![A-Za-z0-9_])(?:got an unexpected keyword argument '|No module named '"
    r"|positional arguments? but \d{1,3} (?:were|was) given|cannot import name '"
    r"|object has no attribute '|undefined symbol: ?[_A-Za-z]"
    # CPython Objects/moduleobject.c module_getattro: "module '%U' has no attribute '%U'"
    r"|module '[\w.]{1,100}' has no attribute ')"
)
# The messages above that state an error with no error word, each in the words of the code
# that prints it (a paste often holds them without the exception's name before them):
# - torch's warning when cudaGetDeviceCount fails with cudaErrorInsufficientDriver and
#   cudaDriverGetVersion() gives 0: "CUDA initialization: Found no NVIDIA driver on your
#   system. Please check that you have an NVIDIA GPU and installed a driver from …"
#   (pytorch/pytorch c10/cuda/CUDAFunctions.cpp, device_count_impl);
# - docker's "Error response from daemon: could not select device driver "" with
#   capabilities: [[gpu]]" (moby/moby daemon/devices.go: no device driver registered for the
#   GPU capability, the NVIDIA Container Toolkit not configured);
# - CUDA error 804, cudaErrorCompatNotSupportedOnDevice: "forward compatibility was attempted
#   on non supported HW" (the CUDA Runtime API reference, cudaError_t);
# - bitsandbytes' "The installed version of bitsandbytes was compiled without GPU support"
#   (bitsandbytes/cextension.py);
# - flash-attention's "FlashAttention only supports Ampere GPUs or newer."
#   (Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp, TORCH_CHECK on the arch);
# - docker's client before every error its daemon answers with, "Error response from daemon:
#   unknown or invalid runtime name: habana" (moby/moby client/request.go checkResponseErr:
#   fmt.Errorf("Error response from daemon: %s", …)), whose own words need not say "error".
# An exception's name alone on its line, its message on the next ("AssertionError:" as torch
# 1.x printed it, "`RuntimeError`" in inline code), dotted or not: the whole line, its quoting
# and code marks aside. An exception's name inside a sentence ("Observe KeyError: when…") is
# the reporter's words, no error line.
_EXCEPTION_ALONE: Final = re.compile(r"[A-Za-z_][\w.]{0,120}[a-z](?:Error|Exception):?")
# issue 38: "#" too, an issue body's title line ("# AssertionError" as the issue is named).
_MARKS: Final = " \t>`'\"*#"
# A heading that names a section for errors ("### Error logs", "**Error:**") is no error line.
_ERROR_HEADING: Final = re.compile(
    r"^[\s#*_>`-]*(?:error|errors|error logs?|error message)[\s:*_`]*$", re.I
)


# issue 38: Ascend NPU memory in all its wordings. A line whose printer says itself that it is
# no error: torch-npu's caching allocator before it frees its cache and retries ("Get a block
# from the existing pool failed. Try to free cached blocks and reallocate. This error log can
# be ignored."; Ascend/pytorch torch_npu/csrc/core/npu/NPUCachingAllocator.cpp, ASCEND_LOGE in
# DeviceCachingAllocator::malloc), its HCCL process group's "… dispatch sucess. This error log
# can be ignored." (torch_npu/csrc/distributed/ProcessGroupHCCL.cpp) and HCCL's "… so the above
# or this error log can be ignored". Ascend/pytorch#108: the run goes on.
_SAID_IGNORABLE: Final = re.compile(
    r"\b[Tt]his error log can be ignored\b|\bTHIS ERROR LOG CAN BE IGNORED\b"
)


@functools.cache
def _error_like_searched() -> screen.Searched:
    """`_ERROR_LIKE`, its words asked first: the same answers for a sixth of the cost on a
    line that holds none of them (issue 38, s21-distinct); read on first use."""
    return screen.Searched.of(_ERROR_LIKE)


def _error_like_found(line: str) -> bool:
    """Whether `_ERROR_LIKE` finds a match in `line`."""
    return _error_like_searched().found(line)


def said_ignorable(line: str) -> bool:
    """Whether a line looks like an error and its printer calls it ignorable."""
    return _SAID_IGNORABLE.search(line) is not None and _error_like_found(line)


def error_like(line: str) -> bool:
    """Whether a line looks like an error (`_ERROR_LIKE`), a heading for errors aside, and a
    line whose printer calls it ignorable (`_SAID_IGNORABLE`)."""
    if _EXCEPTION_ALONE.fullmatch(line.strip(_MARKS)):
        return True
    return (
        (_error_like_found(line) or _BARE_MESSAGE.search(line) is not None)
        and not _ERROR_HEADING.match(line)
        and not _SAID_IGNORABLE.search(line)
    )


# The exceptions Python prints by name alone when raised without a message, as they usually
# are: `assert x` ("AssertionError"), `raise NotImplementedError`, PyErr_NoMemory's
# "MemoryError" (CPython Objects/exceptions.c). Their name alone is the whole error line, no
# message cut (with a colon after it, the message was there). `_EXCEPTION_ALONE` reads names
# ending in Error or Exception only.
_WHOLE_ALONE: Final = frozenset({"AssertionError", "NotImplementedError", "MemoryError"})


def exception_alone(line: str) -> bool:
    """Whether a line is an exception's name alone whose message is on the lines after it, or
    nowhere in the paste (`_EXCEPTION_ALONE`: "ValueError:", "RuntimeError"), its quoting and
    code marks aside; the names Python prints alone by themselves (`_WHOLE_ALONE`) are not."""
    name = line.strip(_MARKS)
    whole = name.rsplit(".", 1)[-1] in _WHOLE_ALONE
    return not whole and _EXCEPTION_ALONE.fullmatch(name) is not None


# A message that stands for its place, at most (a long line's first words tell it).
_SITE_CHARS: Final = 200
# What a traceback logged line by line prints after each line's prefix, no message of its own
# (vLLM's "ERROR 02-08 04:34:00 engine.py:389]   File \"…\", line 151, in __init__"): its
# header, a frame, the frame's code indented under it, the "^^^^" CPython 3.11 marks under it.
_FRAME_STARTS: Final = ("Traceback (most recent call last)", 'File "', "^", "~")
_FRAME_INDENT: Final = "   "  # the separating space and the frame's own two


@dataclass(frozen=True, slots=True)
class LoggedError:
    """A log line at the ERROR, CRITICAL or FATAL level of a format `_LOG_ERROR` reads."""

    site: str  # where it was logged, or the message that stands for that (`logged_error`)
    frame: bool  # a line of a traceback logged line by line, no message of its own


def logged_error(line: str) -> LoggedError | None:
    """A log line at the ERROR, CRITICAL or FATAL level: its site (the level and file:line of
    an Abseil / glog / TensorFlow line, "E xla_util.cc:88"; the file:line, loguru's
    name:function:line or the target a format prints; else the message after the line's level
    and target) and whether it is a line of a traceback logged line by line (`_FRAME_STARTS`,
    an indented frame); None for any other line."""
    found = _LOG_ERROR.search(line)
    if found is None:
        return None
    rest = line[found.end() :]
    said = rest.strip()
    # glog's and TensorFlow's messages of several lines indent theirs ("xla_util.cc:88]   (1)
    # RESOURCE_EXHAUSTED: …"): no frame there
    glog = found[1] is not None or found[3] is not None
    frame = not glog and (
        not said or said.startswith(_FRAME_STARTS) or rest.startswith(_FRAME_INDENT)
    )
    place = " ".join(group for group in found.groups() if group)
    return LoggedError(place or said[:_SITE_CHARS], frame)


def bare_message(line: str) -> bool:
    """Whether a line looks like an error by Python's or the loader's bare message alone
    (`_BARE_MESSAGE`), with nothing `_ERROR_LIKE` or an exception's name says."""
    return (
        _BARE_MESSAGE.search(line) is not None
        and not _error_like_found(line)
        and not _EXCEPTION_ALONE.fullmatch(line.strip(_MARKS))
    )


# issue 38 item 5: the reporter's words that an error happened ("I get the following error:",
# "an error occurs", "it complains that", "报错", "错误", "失败"), read only where the paste
# holds no error line: the error is stated and not shown (cut, in a screenshot, never pasted),
# and the headline says so instead of "no problem". Each alternative starts with a fixed word.
# issue 38 (s21-words): a word between the reporter and the verb ("I just get this error when I
# try to create a dataset:", daswer123/xtts-finetune-webui#31; "i always get the same error",
# facebookresearch/faiss#4043; "I only saw this error when …", aws-neuron/aws-neuron-sagemaker-
# samples#9): an adverb of time or manner (English's "-ly" adverbs; "still", "always", "now",
# "just", …), never one that doubts or denies it ("rarely", "hardly", "probably": a supposition
# or a near-denial states no error; "never" and "don't" are no adverb here at all; s21-mendB:
# nor "unlikely", which doubts as "likely" supposes)
_ADVERB: Final = (
    r"(?:(?!(?:rarely|hardly|barely|scarcely|probably|possibly|presumably|supposedly"
    r"|(?:un)?likely) )[a-z]{1,14}ly |(?:still|always|now|just|also|then|often|sometimes"
    r"|even|already|again) )?"
)
_STATES_ERROR: Final = re.compile(
    r"(?i:\b(?:I|we) " + _ADVERB + r"(?:get|got|am getting|'m getting|keep getting"
    r"|encounter(?:ed)?|am facing|'m facing|faced|meet|met|hit|ran into|run into|receive[d]?|see"
    r"|saw) (?:the following|this|an|the|the same|a|some|that|following) (?:\w{1,20} )?"
    r"(?:error|exception)s?\b"
    # issue 38 (s7-build): the same without an article, as non-native reporters write it
    # ("I'm getting error at self.model.train", tanay-bits/cvlib#6; "I face an error when I
    # run", marco-rudolph/differnet#31; "why it's get error at .cuda()",
    # graphdeco-inria/hierarchical-3d-gaussians#53)
    r"|\b(?:I|we)(?:'m| am|'re| are)? " + _ADVERB + r"(?:get|got|getting|keep getting|meet|met)"
    r" (?:errors?|exceptions?)\b"
    r"|\b(?:I|we) face (?:an?|the|this|the following) (?:\w{1,20} )?(?:error|exception)\b"
    # issue 38: and without the subject ("When I tried this program, got error as this
    # issue's title", pkhungurn/talking-head-anime-demo#44; "getting error while loading");
    # "got no error" is denied (`_NOT_STATED`)
    r"|\b(?:got|getting) (?:an? |the |this |that |the following |following )?(?:\w{1,20} )?"
    r"(?:errors?|exceptions?)\b"
    # issue 38: the reporter pointing at an error log ("The error log above say that oneCCL
    # could not get local rank", huggingface/accelerate#2340, its log cut from the stored
    # copy; "the error below"): the paste had it, whether or not it still shows it
    r"|\b(?:the|this|that) (?:\w{1,20} )?(?:error|exception)(?: log| message| output)?s?"
    r" (?:above|below|shown above|shown below)\b"
    r"|\bit(?:'s| is)? (?:get|gets|got|report|reports|reported) (?:an? |the |this )?"
    r"(?:error|exception)s?\b"
    r"|\b(?:an?|the|this|that|following|same|some) (?:\w{1,20} )?(?:error|exception)s? "
    r"(?:occurs|occurred|occured|occur|happens|happened|appears|appeared|is thrown|was thrown"
    r"|is raised|was raised|shows up|showed up|comes up|came up|pops up|popped up)\b"
    r"|\b(?:it|which|that|vllm|tgi|deepspeed|torch|python) complain(?:s|ed) (?:that|about)\b"
    r"|\b(?:throws|threw|raises|raised|gives|gave|returns|returned|shows|showed|causes|caused"
    r"|results in|resulted in|leads to|led to) "
    r"(?:an|the following|this|the same|a) (?:\w{1,20} )?(?:error|exception)\b)"
    r"|报错|错误|失败"
    # issue 38 item 5: an exception's name in the reporter's words, a title's ("huggingface-cli
    # download: FileNotFoundError No such file or directory", "KeyError when loading"): Python
    # names every built-in exception class so (the "Exception hierarchy" of the Python
    # library reference, and the convention of PEP 8, "Exception Names": the suffix "Error"),
    # and libraries follow it; `_NOT_STATED` keeps a question, a supposition or a denial out
    r"|\b[A-Z][A-Za-z]{0,40}(?:Error|Exception)\b"
)
# issue 38 item 5: the reporter's words that something failed, with no error word: "X is not
# supported", "torch is not able to use the GPU", "unable to load", "cannot find", "does not
# work", "crashes", "hangs", "无法", "不支持", "找不到". Read as `_STATES_ERROR` is, where no
# line shows an error, and not in a question ("Is the 310P not supported?" asks): the
# headline then says the paste states an error it does not show, never "no problem".
# issue 38 item 5 (s15-loglevel): the same words contracted, with the typewriter apostrophe or
# the typographic one GitHub's editors and phones type ("wasn't able to", "isn’t supported",
# "weren't found"), and in the passive ("couldn't be loaded", "cannot be found").
_STATES_FAILURE: Final = re.compile(
    r"(?i:\b(?:(?:is|are|was|were|be) (?:not|no longer)|(?:is|are|was|were)n['’]t)"
    r" (?:supported|able to|working|available|found|recogni[sz]ed|detected|compatible)\b"
    r"|\b(?:unable to|cannot|can['’]t|can not|could not|couldn['’]t|fails? to|failed to"
    r"|fail to) (?:\w{1,20} )?(?:use|run|load|find|detect|start|import|install|build|compile"
    r"|open|allocate|initiali[sz]e|launch|execute|create|connect|download)\b"
    r"|\b(?:cannot|can['’]t|can not|could not|couldn['’]t|won['’]t|will not) be (?:used|loaded"
    r"|found|detected|imported|installed|built|compiled|opened|allocated|initiali[sz]ed"
    r"|launched|started|recogni[sz]ed)\b"
    r"|\b(?:fails|failed) with\b"
    r"|\b(?:doesn['’]t|does not|don['’]t|do not|won['’]t|will not|didn['’]t|did not) (?:work"
    r"|run|start|load|detect|recogni[sz]e)\b"
    r"|\bnot working\b|\bcrash(?:es|ed|ing)?\b|\bhangs\b|\bhanging\b|\bis stuck\b"
    # issue 38 (s19-said): the work left on the CPU, or the GPU left idle, told as a failure
    # ("Everything works. But it falls back to CPU.", easydiffusion/easydiffusion#115; "leading
    # to it using CPU instead", invoke-ai/InvokeAI#7520; "using cpu instead of gpu",
    # lshqqytiger/stable-diffusion-webui-amdgpu#457; "my NVIDIA GPU is not being used by the
    # webui", AUTOMATIC1111/stable-diffusion-webui#4669; "The GPU (MPS) is not being utilized",
    # lllyasviel/Fooocus#2975; "GPU is not used", jcjohnson/neural-style#102; "but it never
    # use my gpu", Purfview/whisper-standalone-win#379), and a process that will not end ("a
    # process on one GPU won't terminate", HHousen/TransformerSum#70); each alternative opens
    # with its fixed verb or noun
    r"|\b(?:falls|fell|falling|fallen) back to (?:the )?cpu\b"
    r"|\b(?:runs?|running|ran|generates?|generating|uses?|using|used|utili[sz]es?|utili[sz]ing)"
    r" (?:on )?(?:the |my )?cpu instead\b"
    # s19-mend-words: only with the GPU, card or device as its subject ("The GPU (MPS) is not
    # being utilized"): "The `num_workers` argument … is not being used" is a bug's words, no
    # device left idle
    r"|\b(?:gpus?|cards?|devices?)(?: \([^()\s]{1,20}\))? (?:is|are|was|were)(?: not|n['’]t)"
    r"(?: being)? (?:used|utili[sz]ed)\b"
    r"|\b(?:doesn['’]t|does not|won['’]t|will not|didn['’]t|did not) terminate\b"
    r"|\bnever (?:uses?|used|utili[sz]es?|utili[sz]ed) (?:my|the) (?:gpu|graphics card)\b"
    # issue 38 (s21-words): the work done on the CPU told by what it made ("all image creating
    # using CPU", invoke-ai/InvokeAI#7501; "it only uses my CPU not the GPU",
    # AUTOMATIC1111/stable-diffusion-webui#4669), the CPU set against the GPU ("on the CPU, not
    # on my GPU"), the integrated GPU used instead of the dedicated one, a program that will
    # not use or see the GPU ("InvokeAI won't use GPU (CUDA/NVIDIA)", invoke-ai/InvokeAI#1763;
    # "does not see GPU"), and the GPU runtime's own words said by the reporter ("no CUDA
    # devices were found", "not compiled with CUDA"); the user's own choice of the CPU (a `--cpu`
    # flag, `device="cpu"`) is no failure (`cpu_chosen`, read over the whole paste)
    # (an image generated or rendered on the CPU; "created" only as the reporter's "creating
    # using CPU": transformers' "the weights are created on the CPU" is its design)
    r"|\b(?:generat|render)(?:e|es|ed|ing) (?:only )?(?:on|using|with|by) (?:the |my )?cpu\b"
    r"|\bcreat(?:e|es|ing) (?:only )?using (?:the |my )?cpu\b"
    r"|\b(?:is|are|was|were|being|gets|got) (?:generated|rendered) (?:only )?(?:on|using|with"
    r"|by) (?:the |my )?cpu\b"
    r"|\bonly (?:uses|used|utili[sz]es|utili[sz]ed) (?:the |my )?cpu\b"
    r"|\bcpu,? (?:and |but )?not (?:on |with |using )?(?:the |my )?(?:gpu|graphics|card|dedicated"
    r"|discrete|radeon|rx|geforce|rtx|gtx|arc|nvidia|amd)\b"
    r"|\bcpu (?:is |was )?being (?:used|utili[sz]ed) instead\b"
    r"|\binstead of (?:the |my )?(?:dedicated|discrete) (?:gpu|graphics|card|one)\b"
    # s21-mendB: not where its use is the display ("the integrated GPU is used for display,
    # the dedicated one for compute": a setup told, no failure)
    r"|\bintegrated (?:gpu|graphics|card|one) (?:is|was|are|were) (?:being )?(?:used|utili[sz]ed)"
    r"\b(?! for (?:the |my )?(?:display|desktop|monitor|screen)s?\b)"
    r"|\b(?:won['’]t|will not|doesn['’]t|does not|didn['’]t|did not|isn['’]t|is not)"
    r" (?:use|using|utili[sz]e|utili[sz]ing|see|seeing|detect|detecting|find|finding)"
    r" (?:the |my |any |an? )?(?:gpus?|graphics cards?|video cards?|dedicated gpu|discrete gpu)\b"
    r"|\bno (?:cuda|nvidia)(?: capable| compatible)? (?:devices?|gpus?|cards?)"
    r" (?:(?:was|were|is|are) )?(?:found|detected|available)\b"
    r"|\bno (?:devices?|gpus?) (?:(?:was|were) )?(?:found|detected)\b"
    r"|\bnot compiled with (?:cuda|rocm|gpu)\b"
    # issue 38 (s21-names): an install told as an issue or a trouble, with no error word
    # ("having issues installing it manually on windows", oobabooga/textgen#4015; "trouble
    # installing flash attention", VectorSpaceLab/OmniGen2#8; "issue while installing"): the
    # reporter's words that it failed ("no issue installing" is denied, `_NOT_STATED`)
    r"|\b(?:issues?|problems?|trouble) (?:while |when |in )?(?:installing|building|compiling)\b)"
    r"|无法|不支持|找不到|不能使用|不可用|崩溃|卡住"
    # issue 38 (s19-said): "跑不了" (will not run: "GPU跑不了", zhouhaoyi/Informer2020#611) and
    # "跑不起来", "用不了" (cannot be used: "根本用不了", nlzy/vllm-gfx906#13), "不能用" ("macos
    # 不能用呀", ModelTC/ComfyUI-Lightx2vWrapper#11), "装不了" ("一直安装不了",
    # InternLM/MindSearch#57)
    r"|跑不起来|跑不了|装不了"
    # s19-mend-words: not "用不了多久" (will not take long: "用不了多久就能跑完"), nor "不能用于"
    # / "不能用来" (may not be used for: "也不能用于商业化", a licence's terms,
    # ymcui/Chinese-LLaMA-Alpaca#29)
    r"|用不了(?!多[久少])|不能用(?![于来])"
)
# issue 38 (s21-words): the CPU's word as reporters write it, which is the registry's key for it
CPU_WORD: Final = registry.key_of_build(registry.Build.CPU)
# A word each alternative of `_STATES_ERROR` and of `_STATES_FAILURE` holds (case folded): a
# line with none is tried against neither pattern, the costliest a line meets (`make bench`).
_ERROR_WORDS: Final = ("error", "exception", "complain", "报错", "错误", "失败")
_FAILURE_WORDS: Final = (
    "not", "no longer", "n't", "n’t", "unable", "fail", "fall", "fell", "instead", "never",
    "crash", "hang", "stuck", CPU_WORD, "integrated", "no cuda", "no nvidia", "no device",
    "no gpu", "无法", "不支持", "找不到", "不能使用", "不可用", "崩溃", "卡住",
    "跑不", "用不了", "不能用", "装不了", "installing", "building", "compiling",
)  # fmt: skip
# The shortest words either pattern reads ("报错", "无法"): a shorter line states nothing.
_SHORTEST_STATED: Final = min(len(w) for w in (*_ERROR_WORDS, *_FAILURE_WORDS))
# A program's log line, by its level ("[WARNING] async_io … were not found" in every
# ds_report, vLLM's "WARNING 12-22 00:04:59 rocm.py:31] `fork` method is not supported by
# ROCm"): the program's words about itself, not the reporter's that something failed.
_LOG_LEVEL: Final = re.compile(r"\b(?:WARNING|WARN|INFO|DEBUG|NOTICE)\b")
# issue 38 (s21-words): the user's own choice of the CPU, which makes the work on the CPU no
# failure: a program's CPU flag (ComfyUI's `--cpu`, README.md "Works even if you don't have a
# GPU with: --cpu"; stable-diffusion-webui's `--use-cpu`, modules/cmd_args.py; Fooocus's
# `--always-cpu`, ldm_patched/modules/args_parser.py), a device chosen in code or on a command
# line (`device="cpu"`, `--device cpu`, `device_type='cpu'`).
# s21-mendB (the red team's defect 6 of s21-words): and the choices that leave work or weights
# on the CPU by the user's own setting, after which "it only uses the CPU" tells that setting,
# no failure: a module or tensor moved there (`.to("cpu")`, torch.nn.Module.to and
# torch.Tensor.to, torch 2.x docs); stable-diffusion-webui's `--lowvram` and `--medvram`
# (modules/cmd_args.py, v1.10.1: "enable stable diffusion model optimizations for sacrificing
# a lot of speed for very low VRAM usage"; modules/lowvram.py keeps the parts not in use on
# the CPU); no layer offloaded to the GPU (llama-cpp-python's `Llama(n_gpu_layers=0)`, its
# API reference: "Number of layers to offload to GPU (-ngl). If -1, all layers are
# offloaded", default 0; llama.cpp's `-ngl, --n-gpu-layers N`, common/arg.cpp); diffusers'
# CPU offload (`enable_model_cpu_offload()`, `enable_sequential_cpu_offload()`, the
# DiffusionPipeline reference: "Offloads all models to CPU using accelerate"; accelerate's
# `cpu_offload`); every CUDA device hidden (`CUDA_VISIBLE_DEVICES=` empty or `-1`, the CUDA C++
# Programming Guide, "CUDA Environment Variables": only the devices listed are visible).
_CPU_CHOSEN: Final = re.compile(
    r"(?i:--(?:use-|always-|force-)?cpu\b(?!-)"
    r"|\bdevice(?:_type)? ?(?:=|:) ?[\"']cpu[\"']"
    r"|--device(?:=| )[\"']?cpu\b"
    r"|\.to\([\"']cpu[\"']\)"
    r"|--(?:low|med)vram\b"
    r"|\bn_gpu_layers ?(?:=|:) ?0\b(?!\.)"
    r"|--n-gpu-layers(?:=| )0\b(?!\.)"
    r"|-ngl 0\b(?!\.)"
    r"|\benable_(?:sequential_|model_)?cpu_offload\b"
    r"|\bcpu_offload\b"
    r"|\bcuda_visible_devices=(?:-1\b|[\"']{2}|(?=\s|$)))"
)
# The words one of `_CPU_CHOSEN`'s alternatives holds (case folded): a line with none is not
# tried.
_CPU_CHOSEN_WORDS: Final = (
    CPU_WORD, "vram", "n_gpu_layers", "n-gpu-layers", "-ngl", "cuda_visible_devices",
)  # fmt: skip


def cpu_chosen(line: str) -> bool:
    """issue 38 (s21-words): whether a line shows the user choosing the CPU (`_CPU_CHOSEN`)."""
    folded = line.casefold()
    return any(w in folded for w in _CPU_CHOSEN_WORDS) and _CPU_CHOSEN.search(line) is not None


# The same words that state no error: asked whether ("会报错吗", "will it throw an error?"; a
# question about an error seen, "why do I get this error?", states it), supposed
# ("if an error occurs"), or denied ("没有报错", "no error"); a heading for errors (a template's
# "### Error logs") is none either.
_NOT_STATED: Final = re.compile(
    r"会[^，,。]{0,6}吗|会不会|是否|如果|如何避免|没有报|没报|不报|无报|未报|没有错误|没有失败"
    # s19-said: a consequence drawn from a supposition ("用不了GPU就不用安装GPU环境": where the
    # GPU cannot be used, no GPU environment is needed; lazydog28/mc_auto_boss#121)
    r"|就不用|就不需要"
    # issue 38 (s20-zero): the work said to run in the same sentence ("V100不支持bf16，但是还是可以
    # 正常推理": the card lacks it, and inference runs normally), and a rhetorical question
    # ("不是不支持bf16嘛": isn't it that it lacks bf16?), which asks and states no failure
    r"|(?:可以|能)正常(?:推理|运行|训练|跑)|(?:可以|能)跑(?:通|起来)?(?![吗么嘛不])"
    r"|不是[^，,。]{0,16}[嘛吗]"
    # s19-mend-words: what is meant to happen, told as such ("it uses the CPU instead, as the
    # docs say"; "falls back to CPU when MPS is unavailable", a feature request's account of
    # the designed fallback); "as expected" not after the failure's own verb ("does not work as
    # expected" states one)
    r"|(?i:\bas documented\b|\bas the docs? says?\b|\bas the documentation says\b"
    r"|(?<!work )(?<!working )(?<!works )(?<!run )(?<!load )(?<!start )\bas expected\b"
    r"|\bwhen [^.!?;]{0,60}(?:unavailable|not available)\b)"
    # s21-mendB (the red team's defect 6 of s21-words): what the reporter says is meant to be
    # so ("It only uses the CPU by design", "no GPU found is expected here since this is a
    # CPU-only CI runner", "on purpose"; "is expected to work" is no such word), and an error
    # told as a habit under a condition ("I normally get this error only when I forget to
    # activate the venv"): the reporter knows its cause, and states no failure of the setup
    r"|(?i:\bby design\b|\bon purpose\b|\b(?:is|are|was|were) expected\b(?! to\b)"
    r"|\b(?:normally|usually|typically|generally)\b[^.!?;]{0,80}\bonly when\b)"
    r"|(?i:\bif\b|\bwhether\b|\bwould\b|\bwill it\b|\bdoes it\b|\bno error|\bwithout"
    r" (?:an? |any )?(?:error|issue|problem|trouble)|\bno (?:issues?|problems?|trouble)\b"
    r"|\bnever(?! (?:uses?|used|utili[sz]es?|utili[sz]ed) (?:my|the) \w))"
)


# issue 38 (s20-zero): the words that a GPU lacks bfloat16 ("V100不支持bf16", "bf16 is not
# supported on T4") tell a trait of the card, which the diagnosis weighs with the GPU
# (pasted.py _bf16_lacking_said), not that the run failed; read where the failure words found
# are these, at the failure's start or just before it.
_DTYPE_LACKING: Final = re.compile(
    r"(?i)[^。.!?？！]{0,12}?(?:不支持 ?(?:bf16|bfloat16)(?![a-z0-9])"
    r"|(?:bf16|bfloat16) (?:is |are )?not supported\b)"
)


# Where the sentence around the reporter's words ends: a denial or a supposition counts there.
_SENTENCE_ENDS: Final = ".!?;。！？；"
# What follows a reporter's "error:" that is no error's text: a screenshot, a link.
_NOT_QUOTED: Final = ("![", "<img", "http", "[")


# s17-wrongA: C++'s scope resolution operator, "::" ("torch_npu::init_npu(std::string const&)",
# "c10::Error"; the C++ standard's qualified names, [basic.lookup.qual], cppreference "Qualified
# name lookup"): a name's own colons, no colon before the error's text. Only a lone colon quotes.
_SCOPE: Final = "::"


def _colon(line: str, mark: str, start: int) -> int:
    """Where `mark` is next found in `line` from `start`, past any that opens a link's "//"
    ("https://") and any of a C++ qualified name's "::" (`_SCOPE`); -1 where none."""
    at = line.find(mark, start)
    while at >= 0 and (
        line.startswith("//", at + 1)
        or line.startswith(_SCOPE, at)
        or (at > 0 and line.startswith(_SCOPE, at - 1))
    ):
        at = line.find(mark, at + 1)
    return at


def states_error(line: str) -> bool:
    """Whether the reporter says, on this line, that an error happened (`_STATES_ERROR`), not
    as a question, a supposition or a denial in the same sentence (`_NOT_STATED`)."""
    if len(line) < _SHORTEST_STATED:
        return False
    folded = line.casefold()
    found = _STATES_ERROR.search(line) if any(w in folded for w in _ERROR_WORDS) else None
    failure = (
        _STATES_FAILURE.search(line)
        if not found and any(w in folded for w in _FAILURE_WORDS) and not _LOG_LEVEL.search(line)
        else None
    )
    # s20-zero: a GPU's trait ("V100不支持bf16") is no failure of the run: the next words are
    while failure is not None and _DTYPE_LACKING.match(line, max(0, failure.start() - 12)):
        failure = _STATES_FAILURE.search(line, failure.end())
    found = found or failure
    if found is None or _ERROR_HEADING.match(line):
        return False
    start = max(line.rfind(end, 0, found.start()) for end in _SENTENCE_ENDS) + 1
    after = [at for end in _SENTENCE_ENDS if (at := line.find(end, found.end())) >= 0]
    end = min(after, default=len(line))
    if _NOT_STATED.search(line, start, end + 1) is not None:
        return False
    if failure is not None and line[end : end + 1] in ("?", "？"):
        return False  # asked whether it fails, not said that it does
    # s21-words: the CPU the user chose ("I run it with --cpu"); s21-mendB: anywhere on the
    # line, as reading.py reads it over the whole paste: a name's dot ("llama.cpp",
    # `model.to("cpu")`) ends no sentence that the choice could be left out of
    if failure is not None and cpu_chosen(line):
        return False
    # The error quoted after a colon on the same line ("导入时报错undefined symbol: X",
    # "I get this error: …") is shown; a colon before an image or nothing is not.
    # A link's "https://" is no such colon ("The error log above say that … [here](https://…)").
    colons = [at for mark in ":：" if (at := _colon(line, mark, found.end())) >= 0]
    quoted = line[min(colons) + 1 :].strip(_MARKS + "：") if colons else ""
    return not quoted or quoted.startswith(_NOT_QUOTED) or _retold(quoted)


def _retold(quoted: str) -> bool:
    """s21-mendB (the red team's defect 7 of s21-words): whether the words after the colon of
    "I always get the same error when ComfyUI starts: the bitsandbytes DLL can't be loaded" are
    the reporter's own account of the failure (`_STATES_FAILURE`: "can't be loaded", "it
    crashes after loading the model"), not the error's text: nothing there looks like an error
    line (`error_like`, `exception_alone`, `bare_message`: "Could not load library
    cudnn_cnn_infer64_8.dll. Error code 126" is the loader's), nor a log's level, nor a denial
    or a supposition (`_NOT_STATED`). Such words show no error: the error is stated, not
    shown, as it is where no colon follows."""
    folded = quoted.casefold()
    if not any(w in folded for w in _FAILURE_WORDS) or _LOG_LEVEL.search(quoted):
        return False
    if error_like(quoted) or exception_alone(quoted) or bare_message(quoted):
        return False
    return _STATES_FAILURE.search(quoted) is not None and _NOT_STATED.search(quoted) is None


# issue 38 (s13-prose): a line whose words name a machine that is not (yet) the reporter's: a
# question about one ("Does it work on an M2 Max?", "Is Ascend 910B supported?", "Can I run
# this on Gaudi2?"), one to be bought ("I plan to buy a MacBook Pro M3"), someone else's ("my
# colleague's RTX 4090"), one had before or besides ("my old R9 280X", "I used to have a
# GTX 1080", "my other machine"), or what documentation says ("the README says Python 3.12", "GPUs
# such as A100, H100", "e.g."). A
# question counts only where it opens with an auxiliary verb (asking whether), and never with
# the reporter's own machine in it ("Is my M2 Max not supported?", "Why does my 910B …?" are
# about the machine at hand). The facts readers read of the machine in words are dropped from
# such a line (reading.py, model/pasted.py MACHINE_IN_WORDS); tests/test_prose_machine.py.
_ASKS_WHETHER: Final = re.compile(
    r"^[\s\-*#>\d.)]{0,8}(?i:does|do|is|are|can|could|will|would|should|any ?one|any ?body"
    r"|has any ?one|have you|is there|are there)\b[^?？\n]{0,300}[?？]"
)
_OWN_MACHINE: Final = re.compile(
    r"(?i:\b(?:my(?! (?:colleague|friend|co-?worker|teammate|boss)s?\b| (?:old|older|previous"
    r"|former|other)\b)|our(?! (?:old|older|previous|former|other)\b)|mine|I have"
    r"|I've got|I'm (?:on|using|running)|I am (?:on|using|running)"
    r"|we have|we're (?:on|using)|we are (?:on|using)"
    # asking for a way to make it run there is asking about the machine at hand ("Is there any
    # chance of getting it to work with a Tesla P4?" after "My GPU Has a Compute capability of
    # 6.1", vllm-project/vllm#1431)
    r"|any (?:chance|way) (?:of|to))\b)|我的|我们的"
)
_NOT_THE_MACHINE: Final = re.compile(
    r"(?i:\b(?:plan(?:ning)? to (?:buy|get|purchase)|(?:thinking|thought) (?:of|about)"
    r" (?:buying|getting)|consider(?:ing)? (?:buying|getting|purchasing)|(?:want|would like)"
    r" to (?:buy|purchase)|before (?:buying|purchasing|I buy)|should I (?:buy|get)"
    r"|(?:my|a|another) (?:colleague|friend|co-?worker|teammate)(?:'s|s)?"
    r"|someone else|other (?:users|people)"
    # a machine the reporter had before or has besides ("My old R9 280X never worked with
    # ROCm, so I moved to this APU", s16-mend-amd): not the one the report is about
    r"|(?:my|our) (?:old|older|previous|former|other)|previously|used to (?:have|own|run|use)"
    r"|(?:the )?(?:docs?|documentation|readme)(?: page)? (?:says?|said|states?|lists?|mentions?)"
    r"|according to (?:the )?(?:docs?|documentation|readme))\b"
    # a list of examples, as documentation names the GPUs it supports ("Ampere, Ada, or
    # Hopper GPUs (e.g., A100, RTX 3090, RTX 4090, H100)", flash-attention's README quoted in
    # huggingface/transformers#28188)
    r"|\be\.g\.|\bsuch as\b)"
)


def not_the_machine(line: str) -> bool:
    """Whether the machine a line names in words is not the reporter's: asked about
    (`_ASKS_WHETHER`), to be bought or someone else's (`_NOT_THE_MACHINE`), and the
    reporter's own not named beside it (`_OWN_MACHINE`: "I have a GTX 1070ti, but … a
    friend's computer who has an RTX 2070" names the reporter's, unslothai/unsloth#465)."""
    if not (_NOT_THE_MACHINE.search(line) or _ASKS_WHETHER.match(line)):
        return False
    return _OWN_MACHINE.search(line) is None


# issue 38 (s16-mend-models): a sentence that puts what it names in another run than the one
# the paste shows: `_NOT_THE_MACHINE`'s words (to be bought, someone else's, what documentation
# says, a list of examples), and for later or next ("I want to try Qwen2.5-VL later"), or in
# another environment ("Gemma 3 … fit … with the newer transformers in my other env"). "next"
# after a word only: a sentence's opening "Next, I ran …" goes on with this run.
_ELSEWHERE: Final = re.compile(
    r"(?i:\blater\b|(?<=\w )next\b"
    r"|\b(?:an)?other (?:env|environment|venv|virtualenv|conda env|container|machine)s?\b)"
)
# Where a sentence ends: ASCII marks before a space or the line's end (a version's dot is no
# end: "Qwen2.5-VL"), the full-width ones anywhere.
_SENTENCE_END: Final = re.compile(r"[.!?;](?=\s|$)|[。！？；]")
_SENTENCE_REACH: Final = 300  # how far each way a sentence is read around the words


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """A line read once for the sentences that put what they name in another run than the
    paste's (`_NOT_THE_MACHINE`, `_ELSEWHERE`: for later, another environment, someone
    else's): where its sentences end and where such words start, so that each of many names on
    one line is judged by two lookups, not by reading its sentence again."""

    ends: tuple[int, ...]  # where each sentence ends (the end of its mark)
    words: tuple[int, ...]  # where each word of another run starts

    @classmethod
    def of(cls, line: str) -> Elsewhere:
        ends = tuple(found.end() for found in _SENTENCE_END.finditer(line))
        starts = [found.start() for found in _NOT_THE_MACHINE.finditer(line)]
        starts += [found.start() for found in _ELSEWHERE.finditer(line)]
        return cls(ends, tuple(sorted(starts)))

    def said(self, start: int, end: int) -> bool:
        """Whether the sentence around line[start:end] holds a word of another run."""
        if not self.words:
            return False
        before = bisect.bisect_right(self.ends, start)
        low = max(self.ends[before - 1] if before else 0, start - _SENTENCE_REACH)
        after = bisect.bisect_right(self.ends, end)
        high = min(self.ends[after] if after < len(self.ends) else end + _SENTENCE_REACH,
                   end + _SENTENCE_REACH)  # fmt: skip
        at = bisect.bisect_left(self.words, low)
        return at < len(self.words) and self.words[at] < high
