"""The reporter's own words that it failed, with no error line (issue 38, s19-said, s21-words).

Each case is a real recording (`tests/data/reports/README.md` names its thread): the work left
on the CPU or on the wrong GPU ("using cpu instead of gpu", "uses CPU instead of GPU", "is not
being utilized", "never use my gpu"; s21-words: "uses only my CPU, not my GPU", "all image
creating using CPU", an adverb in "i always get the same error") and,
in Chinese, "跑不了", "用不了", "不能用". The line is
read as the paste's stated error (`cleaning.states_error`, `Pasted.stated`), never "no
problem"; on a machine the library the report is about lists, nothing more is named. A
question ("Does … fall back to CPU …?", "不能用吗？") and a consequence drawn from a
supposition ("用不了GPU就不用…") state nothing.
"""

from __future__ import annotations

from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.errors import UsageError
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from hwdoctor.render import paste as rendered
from tests.conftest import ROOT

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


def line_of(name: str, words: str) -> tuple[int, str]:
    """The recording's first line holding `words`, numbered from 1, as it is stored."""
    lines = (ERRORS / name).read_text("utf-8").splitlines()
    return next((n, text) for n, text in enumerate(lines, 1) if words in text)


STATED: Final = [
    # SD.Next on Windows with an RX 6600: the title
    ("sdwebuiamdgpu457-windows-rx6600-using-cpu-instead-of-gpu-cpu-only-torch.md",
     "using cpu instead of gpu"),
    ("sdwebuiamdgpu433-rx580-stable-diffusion-uses-cpu-instead-of-gpu.md",
     "uses CPU instead of GPU"),
    # InvokeAI on Linux with an RX 6800 (a CUDA torch): the title
    ("invokeai7520-linux-rx6800-amd-option-installs-nvidia-using-cpu-instead.md",
     "leading to it using CPU instead"),
    ("fooocus2975-mac-mini-m2-pro-mps-not-being-utilized.md", "is not being utilized"),
    ("whisperstandalonewin379-amd-gpu-faster-whisper-running-on-cpu-never-uses-gpu.md",
     "but it never use my gpu"),
    ("vllmgfx906-13-zh-gfx1100-rocm-vllm-docker-unusable.md", "根本用不了"),
    ("informer611-zh-gpu-will-not-run-cpu-runs-stuck-at-use-gpu-cuda0.md", "GPU跑不了"),
    ("comfyuilightx2v11-zh-macos-unusable-no-cuda-sgl-kernel-decord.md", "macos 不能用呀"),
    # a GeForce GT 630M: the title
    ("neuralstyle102-gt-630m-gpu-is-not-used.md", "GPU is not used"),
    ("transformersum70-process-on-one-gpu-wont-terminate.md", "won't terminate"),
    # s21-words: the CPU set against the GPU ("…, not my GPU"), in an AMD owner's words
    ("adalocal3-amd-gpu-ada-uses-only-my-cpu-not-my-gpu.md", "uses only my CPU, not my GPU"),
]  # fmt: skip

# the same words where the paste also shows an error line: the line reads as stated, and the
# error line is what the paste's headline counts
SAID_BESIDE_AN_ERROR: Final = [
    ("easydiffusion115-amd-rx5700-rocm-install-fine-but-falls-back-to-cpu.md",
     "But it falls back to CPU."),
    ("sdwebui4669-rtx-3060m-laptop-nvidia-gpu-not-being-used-amd-radeon-graphics.md",
     "my NVIDIA GPU is not being used"),
    ("mindsearch57-zh-macos-lmdeploy-cannot-be-installed-pip.md", "一直安装不了"),
    # s21-words: the work told by what it made on the CPU, beside bitsandbytes' line
    ("invokeai7501-windows-rx580-cant-use-amd-gpu-all-images-using-cpu.md",
     "all image creating using CPU"),
    # s21-words: an adverb between the reporter and the verb, each beside the error it quotes
    ("xtts31-libcudnn-ops-infer-so-8-torch-cu118.md", "but I just get this error when"),
    ("faiss4043-windows11-faiss-gpu-cu11-from-versions-none.md", "i always get the same error"),
    ("neuronsagemaker9-inf2-endpoint-error-nrt-allocate-neuron-cores.md",
     "I only saw this error when"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "words"),
    STATED + SAID_BESIDE_AN_ERROR,
    ids=[n for n, _ in STATED + SAID_BESIDE_AN_ERROR],
)
def test_the_line_with_the_reporters_failure_words_states_an_error(name: str, words: str) -> None:
    _, text = line_of(name, words)
    assert cleaning.states_error(cleaning.clean(text)), text


@pytest.mark.parametrize(("name", "words"), STATED, ids=[n for n, _ in STATED])
def test_the_reporters_words_that_it_failed_are_the_stated_error(name: str, words: str) -> None:
    number, _ = line_of(name, words)
    report = diagnosed(name)
    assert report.stated is not None and report.stated.line == number, report.stated
    head = rendered.counts(report)
    assert f"states an error it does not show (line {number})" in head, head
    assert "no problem" not in head


# the library the report is about lists the machine the paste shows: the reporter's words
# are no refusal (InvokeAI: AMD GPUs on Linux; Fooocus: Apple M1/M2; vLLM: AMD GPUs;
# faster-whisper: CPUs, so its CPU path runs on any machine)
FINE: Final = [
    "invokeai7520-linux-rx6800-amd-option-installs-nvidia-using-cpu-instead.md",
    "fooocus2975-mac-mini-m2-pro-mps-not-being-utilized.md",
    "vllmgfx906-13-zh-gfx1100-rocm-vllm-docker-unusable.md",
    "whisperstandalonewin379-amd-gpu-faster-whisper-running-on-cpu-never-uses-gpu.md",
]


@pytest.mark.parametrize("name", FINE)
def test_failure_words_on_a_machine_the_library_lists_name_no_refusal(name: str) -> None:
    report = diagnosed(name)
    assert report.stated is not None
    codes = {f.code for f in report.findings}
    assert "backend.library_unsupported_machine" not in codes, codes
    assert not [f for f in report.findings if f.severity.value == "error"], codes


def test_a_library_listing_the_machine_is_answered_as_listed() -> None:
    # vLLM's row lists AMD GPUs: the report's words name it, the answer says it is listed
    report = diagnosed("vllmgfx906-13-zh-gfx1100-rocm-vllm-docker-unusable.md")
    (found,) = report.findings
    assert found.code == "backend.library_support_listed"
    assert found.params["library"] == "vLLM"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # a question whether it falls back to the CPU
        ("fasterwhisper499-onnxruntime-gpu-fall-back-to-cpu-question.md", "fall back to CPU"),
        # a question whether an AMD card cannot be used, and another that ends "怎么办？"
        ("mcautoboss121-zh-amd-gpu-unusable-question-cpu-recognition.md", "不能用吗"),
        ("mcautoboss121-zh-amd-gpu-unusable-question-cpu-recognition.md", "发现我电脑用不了"),
        # a consequence drawn from a supposition: where the GPU cannot be used, no GPU
        # environment is needed
        ("mcautoboss121-zh-amd-gpu-unusable-question-cpu-recognition.md", "用不了GPU就不用"),
    ],
)
def test_a_question_or_a_supposition_states_no_failure(name: str, words: str) -> None:
    _, text = line_of(name, words)
    assert not cleaning.states_error(cleaning.clean(text)), text


def test_a_question_whether_it_falls_back_is_no_stated_error() -> None:
    report = diagnosed("fasterwhisper499-onnxruntime-gpu-fall-back-to-cpu-question.md")
    assert report.stated is None
    assert "states an error" not in rendered.counts(report)


# s19-mend-words: a licence's "may not be used for" is no failure: ymcui/Chinese-LLaMA-Alpaca#29
LICENCE: Final = "chinesellamaalpaca29-zh-license-not-for-commercial-use-no-failure.md"


@pytest.mark.parametrize("words", ["知道了, 也不能用于商业化.", "感觉也不能用于商业化吧?"])
def test_may_not_be_used_for_states_no_failure(words: str) -> None:
    _, text = line_of(LICENCE, words)
    assert not cleaning.states_error(cleaning.clean(text)), text


def test_a_licence_question_is_no_stated_error() -> None:
    # no stated error and nothing else read: no report (exit 2), never "states an error"
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        diagnosed(LICENCE)


# s19-mend-words: the same words meaning something else, written here only to show what is not a
# failure (the red team's constructions, no recording): "will not take long", "may not be used
# for", what the docs say happens, an argument's bug; beside them, the failures still read
@pytest.mark.parametrize(
    "words",
    [
        "训练很顺利，用不了多久就能跑完一个epoch。",
        "模型权重仅供研究使用，不能用于商业用途。",
        "这个脚本不能用来训练。",
        "Currently the pipeline falls back to CPU when MPS is unavailable.",
        "On a machine without a GPU it uses the CPU instead, as the docs say.",
        "It falls back to CPU when no GPU is available, as documented.",
        "The `num_workers` argument of the Trainer is not being used by the dataloader helper.",
    ],
)
def test_words_of_what_is_meant_to_happen_state_no_failure(words: str) -> None:
    assert not cleaning.states_error(words), words


# s21-words: the same words beside what makes them none, written here only to show the limits
# (no recording): an adverb that doubts or nearly denies ("rarely", "probably"), the CPU the
# user chose (`--cpu`, `device="cpu"`), transformers' design ("the weights are created on the
# CPU", its explain output), a CPU-only machine described; beside them, the failures read
@pytest.mark.parametrize(
    "words",
    [
        "I rarely get an error with this model.",
        "I probably get an error because of the driver, not sure.",
        "I run it with --cpu and it generates on the CPU.",
        'With device="cpu" the image is generated on the CPU, which is fine.',
        "Without device_map the weights are created on the CPU.",
        "I have no GPU available, so I run on the CPU.",
    ],
)
def test_words_that_doubt_or_choose_the_cpu_state_no_failure(words: str) -> None:
    assert not cleaning.states_error(words), words


@pytest.mark.parametrize(
    "words",
    [
        "Since the update we now get an error about the missing GPU.",
        "The image generates on the CPU, not on my GPU.",
        "Task manager shows the integrated graphics was being used for the render.",
        "It uses the integrated one instead of the dedicated GPU.",
        "The program won't use my GPU.",
        "It says no CUDA devices were found.",
        "It keeps telling me torch is not compiled with CUDA.",
        "--cpu-offload is on, and still every image is generated on the CPU.",
    ],
)
def test_the_failures_said_in_words_read(words: str) -> None:
    assert cleaning.states_error(words), words


@pytest.mark.parametrize(
    "words",
    [
        "It does not work as expected on my GPU.",
        "It falls back to CPU even though CUDA is available.",
        "The GPU is not being used.",
        "一点都用不了",
    ],
)
def test_the_failures_beside_them_still_read(words: str) -> None:
    assert cleaning.states_error(words), words


# s21-mendB (the red team's defect 6 of s21-words): the CPU the user's own setting leaves work
# on is no failure. A real thread: AUTOMATIC1111's webui run with `--lowvram`, and a comment
# that "their lowvram setting appears to use the CPU instead of the GPU"
# (carson-katri/dream-textures#268): the words are failure words, the setting is the user's
# (`cpu_chosen`, read over the whole paste), and nothing else is shown.
LOWVRAM: Final = "dreamtextures268-a1111-lowvram-appears-to-use-cpu-instead-of-gpu.md"


def test_the_cpu_a_lowvram_setting_uses_is_no_stated_failure() -> None:
    _, args = line_of(LOWVRAM, "--lowvram")
    _, words = line_of(LOWVRAM, "appears to use the CPU instead")
    assert cleaning.cpu_chosen(args), args
    assert cleaning.states_error(words), words  # the words alone still read as a failure
    with pytest.raises(UsageError, match="no report hwdoctor reads"):
        diagnosed(LOWVRAM)


# The red team's sentences (its report on s21-words, defect 6): readings of `states_error`,
# not findings; no real thread of each shape was found in the time this mend had.
@pytest.mark.parametrize(
    "words",
    [
        "I run it with --lowvram and it only uses my CPU for the text encoder.",
        "When I pass --medvram it only uses the CPU, not my GPU for VAE.",
        "I set n_gpu_layers=0 so llama.cpp only uses the CPU.",
        "I launched with CUDA_VISIBLE_DEVICES= so it only uses the CPU",
        'model.to("cpu") so it only uses the CPU, not the GPU',
        "pipe.enable_sequential_cpu_offload() so it only uses the CPU for most layers",
        "It only uses the CPU by design when CUDA_VISIBLE_DEVICES is empty.",
        "the integrated GPU is used for display, the dedicated one for compute",
        "no GPU found is expected here since this is a CPU-only CI runner",
        "I unlikely get this error",
        "I normally get this error only when I forget to activate the venv.",
    ],
)
def test_the_users_own_cpu_or_the_expected_states_no_failure(words: str) -> None:
    assert not cleaning.states_error(words), words


@pytest.mark.parametrize(
    "words",
    [
        "It is expected to run on the GPU, but it crashes.",
        "Llama(n_gpu_layers=35) and it only uses the CPU.",
        "I get this error only when I load the second model.",
    ],
)
def test_the_failures_beside_the_choices_still_read(words: str) -> None:
    assert cleaning.states_error(words), words


# s21-mendB (the red team's defect 7 of s21-words): after an adverb, a colon followed by the
# reporter's own account of the failure shows no error; the error's text after it still does.
# The red team's sentences: readings of `states_error`, not findings.
@pytest.mark.parametrize(
    "words",
    [
        "I always get the same error when ComfyUI starts: the bitsandbytes DLL can't be loaded.",
        "I still get this error: it crashes after loading the model.",
    ],
)
def test_the_reporters_account_after_a_colon_is_stated_not_shown(words: str) -> None:
    assert cleaning.states_error(words), words


@pytest.mark.parametrize(
    "words",
    [
        "I always get this error: RuntimeError: CUDA error: no kernel image is available",
        "I get this error: Could not load library cudnn_cnn_infer64_8.dll. Error code 126",
    ],
)
def test_the_errors_text_after_a_colon_is_shown(words: str) -> None:
    assert not cleaning.states_error(words), words
