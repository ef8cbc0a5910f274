"""The neighbours' causes named from their own messages (issue 38, item 4): each case is a
real paste of the corpus (its source in `tests/data/reports/README.md`), diagnosed by the
CLI as a reporter runs it."""

from __future__ import annotations

import json
from typing import Final

import pytest

import hwdoctor
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def detected(name: str) -> tuple[int, dict[str, object]]:
    done = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    return done.returncode, json.loads(done.stdout)["data"]


def codes(report: dict[str, object]) -> list[str]:
    return [f["code"] for f in report["findings"]]  # type: ignore[index,union-attr]


def the(report: dict[str, object], code: str) -> dict[str, object]:
    (found,) = [f for f in report["findings"] if f["code"] == code]  # type: ignore[index,union-attr]
    return found  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("name", "numpy", "torch"),
    [
        # import torch 2.4.0 on Windows under NumPy 2.1.0: torch's Windows wheels are built
        # against NumPy 2 only from 2.4.1
        ("pt135013-win-torch2.4.0-numpy2.1.0-compiled-using-numpy-1x.md", "2.1.0", "2.4.0"),
        # an extension of its own under NumPy 2.1.2, torch 2.4.1 (built against NumPy 2)
        ("modelopt87-torch2.4.1-numpy2.1.2-array-api-not-found.md", "2.1.2", None),
    ],
)
def test_numpy_2_under_a_module_built_for_numpy_1_is_named(
    name: str, numpy: str, torch: str | None
) -> None:
    code, report = detected(name)
    assert code == 1 and "python.numpy_abi" in codes(report)
    found = the(report, "python.numpy_abi")
    assert found["severity"] == "error"
    assert f"NumPy {numpy}" in found["message"]  # type: ignore[operator]
    assert (f"torch {torch} is such a module" in found["message"]) == (torch is not None)  # type: ignore[operator]
    assert "numpy<2" in found["remedy"]  # type: ignore[operator]
    unread = " ".join(q["text"] for q in report["unread"])  # type: ignore[index,union-attr]
    assert "_ARRAY_API" not in unread and "NumPy 1.x" not in unread


@pytest.mark.parametrize(
    ("name", "engine", "mac"),
    [
        # docker on macOS pulling TGI's latest image, the message inside a quoted sentence
        ("tgi1868-macos-docker-run-latest-no-matching-manifest-arm64.md", "docker", False),
        # docker on an Apple M2 (named in prose) pulling TGI 1.0.3
        ("tgi972-apple-m2-docker-run-1.0.3-no-matching-manifest.md", "docker", True),
        # podman (AI Workbench) on a MacBook Pro, its own words for the same refusal
        ("workbench11-macbook-podman-tgi-no-image-for-arm64.md", "podman", False),
    ],
)
def test_an_image_without_this_platform_is_named(name: str, engine: str, mac: bool) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["host.image_not_for_platform"]
    found = the(report, "host.image_not_for_platform")
    message = str(found["message"])
    assert "linux/arm64/v8" in message and f"{engine}:" in message
    assert ("Apple Silicon Mac" in message) == mac
    assert "--platform linux/amd64" in str(found["advice"])
    assert not report["unread"]


@pytest.mark.parametrize(
    ("name", "who", "major"),
    [
        # DeepSpeed's exception at import, the last frame in its op builder
        ("vixtts12-wsl-deepspeed-missingcudaexception-cuda-home.md", "DeepSpeed", None),
        # the deepspeed launcher's log: the same check from fp_quantizer.is_compatible
        ("minimind48-deepspeed-launcher-cuda-home-does-not-exist.md", "DeepSpeed", None),
        # flash-attn's setup.py, with the torch it printed (+cu117: a CUDA 11 toolkit)
        ("fa509-wsl-torch2.0.1cu117-flash-attn-nvcc-was-not-found.md", "flash-attn", "11"),
        # torch's cpp_extension building bmtrain's CUDAExtension
        ("cpmlive244-bmtrain-cpp-extension-cuda-home-not-set.md", "cpp_extension", None),
    ],
)
def test_a_cuda_build_without_the_toolkit_is_named(name: str, who: str, major: str | None) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["extension.cuda_toolkit_missing"]
    found = the(report, "extension.cuda_toolkit_missing")
    assert who in str(found["message"]) and "nvcc" in str(found["message"])
    advice = str(found["advice"])
    assert "CUDA_HOME" in advice and (f"toolkit {major}.x" in advice) == (major is not None)
    assert ("prebuilt flash-attn wheel" in advice) == (who == "flash-attn")
    assert not report["unread"]  # pip's "subprocess-exited-with-error" lines too


# issue 38 (s15-realrec): "X was requested, but nvcc was not found" is the setup.py of
# flash-attention, mamba, causal-conv1d or apex (readers/messages.py); the package is the one
# the paste shows building (file: the package, torch's CUDA major, a prebuilt wheel offered)
BUILDS: Final = {
    # causal-conv1d's name holds a digit (its PACKAGE_NAME "causal_conv1d"): the message was
    # read as no toolkit's at all
    "causalconv1d108-slim-container-torch2.11cu130-nvcc-not-found.md": ("causal-conv1d", "13"),
    # uv's build of it, uv naming it ("Failed to build `causal-conv1d==1.5.0.post8`")
    "zonos194-ubuntu-uv-causal-conv1d-torch2.6cu124-nvcc-not-found.md": ("causal-conv1d", "12"),
    # mamba-ssm's setup.py under pip's metadata step (its sdist fetched, no build directory)
    "mamba639-venv-py3.12-torch2.5.1cu124-mamba-ssm-nvcc-not-found.md": ("mamba-ssm", "12"),
    # mamba-ssm's in pip's build directory, torch's CUDA not shown
    "mamba497-linux-tmp-mamba-ssm-bare-metal-version-quiet.md": ("mamba-ssm", None),
    # apex's setup.py names its --cuda_ext option; pip's legacy "Running setup.py install for
    # apex ... error" names the package, which publishes no prebuilt wheel
    "apex1336-torch1.8.0-cu111-pip-cuda-ext-nvcc-not-found.md": ("apex", None),
}


@pytest.mark.parametrize("name", sorted(BUILDS), ids=lambda n: n.split("-", 1)[0])
def test_the_package_a_setup_py_builds_without_nvcc_is_named(name: str) -> None:
    package, major = BUILDS[name]
    code, report = detected(name)
    assert code == 1 and codes(report) == ["extension.cuda_toolkit_missing"]
    found = the(report, "extension.cuda_toolkit_missing")
    message, advice = str(found["message"]), str(found["advice"])
    assert message.startswith(f"{package}'s build needs the CUDA toolkit's compiler, nvcc")
    assert f'({package}: "nvcc was not found")' in message
    assert "flash-attn" not in message + advice  # it was called flash-attn's whatever it built
    assert (f"prebuilt {package} wheel" in advice) == (package != "apex")
    assert (f"toolkit {major}.x" in advice) == (major is not None)
    lines = (ERRORS / name).read_text().splitlines()
    # the message's line (apex's traceback quotes the f-string's source line before it)
    stated = [n for n, t in enumerate(lines, 1) if "was requested, but nvcc" in t][-1]
    assert stated in [q["line"] for q in found["rests_on"]]  # type: ignore[index,union-attr]


@pytest.mark.parametrize(
    "name",
    [
        # spconv's setup.py running CMake for its CUDA project in a conda env (torch's prefix)
        "spconv351-cmake-no-cmake-cuda-compiler-setup-bdist-wheel.md",
        # librealsense built with -DBUILD_WITH_CUDA=true, CMake's call stack after the message
        "librealsense10193-cmake-no-cmake-cuda-compiler-build-with-cuda.md",
        # the same on a Jetson Orin Nano, from enable_language, the excerpt cut in CMake's hint
        "librealsense12831-orin-nano-cmake-no-cmake-cuda-compiler-enable-language.md",
    ],
)
def test_cmake_finding_no_cuda_compiler_is_named(name: str) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["extension.cuda_toolkit_missing"]
    found = the(report, "extension.cuda_toolkit_missing")
    assert str(found["message"]).startswith("a CMake build that compiles CUDA code")
    assert "CUDACXX" in str(found["advice"]) and "CUDA_HOME" not in str(found["advice"])
    assert [q["line"] for q in found["rests_on"]] == [
        next(
            n
            for n, t in enumerate((ERRORS / name).read_text().splitlines(), 1)
            if "No CMAKE_CUDA_COMPILER" in t
        )
    ]
    assert not report["unread"]  # CMake's "CMake Error at" line is the same error


def test_cmake_without_nvcc_in_a_hip_build_on_amd_is_no_toolkit_finding() -> None:
    # hipCUB built with CXX=/opt/rocm/bin/hipcc ("I have install ROCm and HIP already"): its
    # CMake took HIP's NVIDIA platform; NVIDIA's toolkit is no remedy, the error stays counted
    code, report = detected("hipcub128-hipcc-cmake-no-cmake-cuda-compiler-rocm-installed.md")
    assert code == 1 and codes(report) == []
    assert report["unread_count"] == 3


@pytest.mark.parametrize(
    "name",
    [
        # transformers' CUDA-or-NPU wording, the Mac named in prose ("MacBook M2")
        "textgen3735-mac-m2-fp16-only-cuda-or-npu-devices.md",
        # its CUDA-MLU-NPU-XPU wording, the Mac shown by a /Volumes path only macOS has
        "llamafactory3815-mac-fp16-cuda-mlu-npu-xpu-devices.md",
    ],
)
def test_fp16_refused_on_a_mac_is_named(name: str) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["mps.fp16_amp_refused"]
    found = the(report, "mps.fp16_amp_refused")
    assert "transformers' TrainingArguments" in str(found["message"])
    assert "fp16=False" in str(found["advice"]) and not found["remedy"]
    assert not report["unread"]


def test_the_same_words_on_a_machine_that_is_no_mac_are_not_mps() -> None:
    """simcse#273: transformers' older wording on Windows with a CUDA torch. The device was
    not CUDA's there for a reason the paste does not show; it is no Mac, so the line stays
    listed as unread and the run fails, with no MPS finding."""
    code, report = detected("simcse273-windows-cu110-fp16-only-cuda-devices.md")
    assert "mps.fp16_amp_refused" not in codes(report)
    unread = " ".join(q["text"] for q in report["unread"])  # type: ignore[index,union-attr]
    assert "can only be used on CUDA devices" in unread and code == 1


# issue 38: a library's version pin refused (transformers' require_version, as LLaMA-Factory,
# peft's callers and transformers itself print it; pip's resolver conflict)
@pytest.mark.parametrize(
    ("name", "package", "found", "spec", "owner"),
    [
        # LLaMA-Factory's check wrapped after "of this module,", its DISABLE_VERSION_CHECK hint
        (
            "lf10392-pr-transformers5.5.0-pin-4.55.0-5.2.0-gemma4.md",
            "transformers",
            "5.5.0",
            ">=4.55.0,<=5.2.0",
            "LLaMA-Factory",
        ),
        ("wan22-347-peft0.14.0-required-0.17.0.md", "peft", "0.14.0", ">=0.17.0", None),
        ("wan2gp421-peft0.14.0-required-0.15.0.md", "peft", "0.14.0", ">=0.15.0", None),
        # transformers' own dependency check, its "Try: pip install transformers -U" hint
        (
            "hy3dwin104-huggingface-hub1.2.3-required-below-1.0.md",
            "huggingface-hub",
            "1.2.3",
            ">=0.34.0,<1.0",
            "transformers",
        ),
        # pip's resolver, in an issue's title
        (
            "hunyuanmt18-title-llamafactory-requires-transformers-but-you-have-4.56.1.md",
            "transformers",
            "4.56.1",
            "!=4.52.0,<=4.55.0,>=4.49.0",
            "llamafactory 0.9.4.dev0",
        ),
        # pip 20's legacy wording ("has requirement", "you'll have"), a torch nightly
        (
            "vision2098-torchvision0.6.0-has-requirement-torch1.5.0-nightly.md",
            "torch",
            "1.6.0.dev20200413",
            "==1.5.0",
            "torchvision 0.6.0",
        ),
    ],
)
def test_a_library_pin_refusing_the_installed_version_is_named(
    name: str, package: str, found: str, spec: str, owner: str | None
) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.package_version_refused"]
    pin = the(report, "python.package_version_refused")
    message = str(pin["message"])
    assert f"{package} {found} is installed" in message and f"requires {package}{spec}" in message
    assert (owner is None) == ("the library that checks it" in message)
    assert owner is None or f"but {owner} requires" in message
    # a release inside the range, quoted as one word (torch's through the wheel table)
    wanted = f"{package}{spec}" if package == "torch" else f"'{package}{spec}'"
    assert f"install {wanted}" in str(pin["remedy"]) or f" {wanted} " in str(pin["remedy"])
    assert ("DISABLE_VERSION_CHECK=1" in str(pin["remedy"])) == name.startswith("lf10392")
    assert not report["unread"]


def test_pip_conflicts_outside_the_stack_stay_quiet() -> None:
    """Anaconda's own packages at odds after a project's `pip install -r` (spyder, conda-repo-cli):
    pip's lines are unread errors, not a pin of the stack refused."""
    _, report = detected("mockingbird770-win11-pip-conflicts-spyder-pyqt5-conda-repo-cli.md")
    assert "python.package_version_refused" not in codes(report)
    assert not [f for f in report["findings"] if f["severity"] == "error"]  # type: ignore[index,union-attr]
    unread = " ".join(q["text"] for q in report["unread"])  # type: ignore[index,union-attr]
    assert "but you have pyqt5 5.15.7" in unread


# issue 38: a Python no release of a package is built for
@pytest.mark.parametrize(
    ("name", "package", "python", "venv"),
    [
        # pip's Requires-Python refusal, in a fence of backticks
        ("lmeval155-python3.7.12-requires-different-python.md", "lm-eval", "3.7.12", "3.12"),
        ("advlib5-python3.6.8-requires-different-python.md", "adv-lib", "3.6.8", "3.12"),
        # pip's own list of the releases it skipped names the pinned one (numpy 1.21.x:
        # Requires-Python >=3.7,<3.11), with the Python in a title, and with none shown
        ("vlsir69-python3.11-numpy1.21.5-ignored-requires-python.md", "numpy", "3.11", "3.10"),
        (
            "openaiqs12-macos-numpy1.21.3-ignored-requires-python-below-3.11.md",
            "numpy",
            None,
            "3.10",
        ),
        # no torch==1.13.1 for Python 3.11 (named in prose after the error): torch 1.13's
        # wheels stop at 3.10 (pytorch/pytorch RELEASE.md), pip lists 2.0.0 and later only
        (
            "groqcasters1-win-python3.11-torch1.13.1-no-matching-distribution.md",
            "torch",
            "3.11",
            "3.10",
        ),
    ],
)
def test_a_python_no_release_is_built_for_is_named(
    name: str, package: str, python: str | None, venv: str
) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.version_unsupported"]
    found = the(report, "python.version_unsupported")
    shown = f"Python {python}" if python else "this Python"
    assert package in str(found["message"]) and shown in str(found["message"])
    assert f"uv venv --python {venv}" in str(found["remedy"])
    if package == "torch":
        # or a torch release built for this Python, never the one pip could not find
        assert "torch==2.0.*" in str(found["remedy"])
        assert "from 1.13.1" not in str(found["remedy"])
    assert not report["unread"]


def test_no_torch_release_listed_without_the_python_shown_is_not_blamed_on_the_python() -> None:
    """pip lists torch up to 2.2.2 only (as on an Intel Mac) and the paste shows no Python:
    nothing says the Python is the cause; issue 38 (s8-pip): pip found no release it can
    install here, the newest it lists named, and the install of that one, from the index pip
    asked (no CUDA build chosen for a machine the paste does not show)."""
    _, report = detected("sen1221q2-7-torch2.3.1-from-versions-2.2-ignored-requires-python.md")
    assert codes(report) == ["python.version_unsupported"]
    found = the(report, "python.version_unsupported")
    assert "Python 3" not in str(found["message"]) and "stop at 2.2.2" in str(found["message"])
    assert "torch==2.2.2" in str(found["remedy"]) and "download.pytorch.org" not in str(
        found["remedy"]
    )
    assert len(report["unread"]) == 1  # type: ignore[arg-type]  # the Ignored… line: other packages'


def test_torchvision_pinning_another_torch_moves_to_the_torch_installed() -> None:
    """torchvision 0.19.1 pins torch 2.4.1 and torch 2.5.1 is installed: the remedy is the
    torchvision built for torch 2.5 (the compat tables), which keeps torch."""
    code, report = detected("comfypmrf11-title-torchvision0.19.1-requires-torch2.4.1-have-2.5.1.md")
    assert code == 1 and codes(report) == ["python.package_version_refused"]
    pin = the(report, "python.package_version_refused")
    assert "torch 2.5.1 is installed, but torchvision 0.19.1 requires torch==2.4.1" in str(
        pin["message"]
    )
    assert "install 'torchvision==0.20.*'" in str(pin["remedy"])
    assert "torch==2.4.1" not in str(pin["remedy"])


def test_each_companion_pinning_another_torch_is_its_own_finding() -> None:
    """pip 20's legacy lines: torchvision 0.9.1 and torchaudio 0.8.1 both pin torch 1.8.1
    beside torch 1.11.0, each moved to its release for torch 1.11; the pins of packages
    outside the stack (TensorFlow's numpy, pycaret's scikit-learn) stay unread errors."""
    name = "msdocsptf23-legacy-pip-torchvision0.9.1-torchaudio0.8.1-torch1.11.0.md"
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.package_version_refused"] * 2
    remedies = " ".join(str(f["remedy"]) for f in report["findings"])  # type: ignore[index,union-attr]
    assert "torchvision==0.12.*" in remedies and "torchaudio==0.11.*" in remedies
    unread = " ".join(q["text"] for q in report["unread"])  # type: ignore[index,union-attr]
    assert "torchvision 0.9.1" not in unread and "tensorflow 2.8.0" in unread


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        # a torch source build: CMake's "CMake Error at …" before FindCUDA's words, nothing else
        # in the paste says error (it was refused as no report at all before)
        ("pt1056-build-from-source-cmake-could-not-find-cuda.md", {33}),
        # GNU make's "make[2]: *** [target] Error 1" after the linker's words
        ("pt17148-ld-undefined-reference-cudapushcallconfiguration-collect2.md", {9, 10}),
        ("tinycudann243-ld-more-undefined-references-follow-collect2.md", {6, 7, 8}),
    ],
)
def test_build_tools_error_lines_are_counted(name: str, lines: set[int]) -> None:
    code, report = detected(name)
    assert code == 1
    unread = {int(str(q["line"])) for q in report["unread"]}  # type: ignore[union-attr]
    assert lines <= unread, unread


@pytest.mark.parametrize(
    "name",
    [
        "pt135013-win-torch2.4.0-numpy2.1.0-compiled-using-numpy-1x.md",
        "modelopt87-torch2.4.1-numpy2.1.2-array-api-not-found.md",
    ],
)
def test_numpys_message_cut_above_its_advice_line_is_still_named(name: str) -> None:
    """A paste whose stored copy lost the message's first lines ("A module that was compiled
    using NumPy 1.x…", the NumPy it ran) still holds NumPy's advice line, "downgrade to
    'numpy<2' or try to upgrade the affected module." (numpy/core/_multiarray_umath.py): the
    tail of each real paste from that line on is named, resting on it (not blind: the
    eleventh draw's ipex723 held such a cut copy)."""
    lines = (ERRORS / name).read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(n for n, line in enumerate(lines) if line.startswith("downgrade to 'numpy<2'"))
    report = hwdoctor.diagnose("".join(lines[start:]).encode())
    assert isinstance(report, PasteReport)
    assert [f.code for f in report.findings] == ["python.numpy_abi"]
    assert report.rests_on[0][0].line == 1 and report.unread_count == 0


# issue 38 (s15-cudahome): a package's own setup.py refusing to build without CUDA, in its words
# (vLLM's and SageAttention's "Cannot find CUDA_HOME. CUDA must be available to build the
# package."; Deformable-DETR's ops, DINO's copy: "Cuda is not availabel"), on a machine with no
# NVIDIA GPU: the library needs CUDA, and no CUDA toolkit is offered there
@pytest.mark.parametrize(
    ("name", "variant", "shown"),
    [
        # DINO's ops setup.py on a MacBook M1 (the title's "macbook m1")
        ("dino138-macbook-m1-ops-setup-cuda-is-not-availabel.md", "cuda_build", "a Mac"),
        # vLLM's setup.py, its message in the title, on a Radeon 780M machine
        ("vllm2493-radeon-780m-setup-cannot-find-cuda-home.md", "cuda_build_amd", "an AMD GPU"),
    ],
)
def test_a_setup_py_refusing_a_machine_without_cuda_is_named_without_a_toolkit(
    name: str, variant: str, shown: str
) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["backend.cuda_only_package"]
    found = the(report, "backend.cuda_only_package")
    assert shown in str(found["message"]) and "no CUDA toolkit" in str(found["message"])
    assert not found.get("remedy")  # nothing to install, and no toolkit's line
    assert "do not install" in str(found["advice"])
    assert "extension.cuda_toolkit_missing" not in codes(report)
    assert ("vLLM's: docs.vllm.ai" in str(found["advice"])) == (variant == "cuda_build_amd")


def test_the_same_setup_py_words_on_a_cuda_machine_keep_the_toolkit_finding() -> None:
    # SageAttention's setup.py under torch 2.6.0+cu126 with CUDA 12.8 named on Windows: a
    # CUDA machine whose build found no CUDA_HOME, the toolkit's finding stands
    code, report = detected("sageattention179-windows-cu126-setup-cannot-find-cuda-home.md")
    assert code == 1 and "backend.cuda_only_package" not in codes(report)
    found = the(report, "extension.cuda_toolkit_missing")
    assert "Cannot find CUDA_HOME" in str(found["message"])
    assert "CUDA_HOME" in str(found["advice"])
