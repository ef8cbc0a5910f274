"""pip's own refusals pasted where an accelerator's packages are installed (issue 38, s8-pip):
no release pip can install here, named with what pip listed and the index the accelerator's
vendor publishes it on. Each case is a real paste of the corpus (its source in
`tests/data/reports/README.md`), diagnosed by the CLI as a reporter runs it."""

from __future__ import annotations

import pytest

from tests.test_neighbour_causes import codes, detected, the


@pytest.mark.parametrize(
    ("name", "asked", "listed", "index"),
    [
        # a vLLM Ascend source install pinning a torch-npu dev build: Huawei's Ascend mirror
        (
            "vllmascend1901-zh-torch-npu-2.5.1.post1.dev-not-listed-newest-2.7.1rc1.md",
            "torch-npu==2.5.1.post1.dev20250619",
            "the newest: 2.7.1rc1",
            "https://mirrors.huaweicloud.com/ascend/repos/pypi",
        ),
        # the message quoted in a sentence, the Python in prose: no torch_xla file at all
        (
            "xla7897-title-prose-quoted-torch-xla-from-versions-none-python3.10.md",
            "torch-xla",
            "from versions: none",
            "https://storage.googleapis.com/libtpu-releases/index.html",
        ),
        # pytorch/xla's README command itself, pip finding none (Ubuntu 18.04 in the thread)
        (
            "xla7326-torch-xla-tpu-2.3.0-from-versions-none-libtpu-index.md",
            "torch-xla~=2.3.0",
            "from versions: none",
            "https://storage.googleapis.com/libtpu-releases/index.html",
        ),
        # IPEX's README: Intel's torch alpha is not on PyPI, whose releases pip lists
        (
            "ipex469-readme-torch2.0.1a0-ipex2.0.110-xpu-from-pypi-list.md",
            "torch==2.0.1a0",
            "the newest: 2.1.0",
            "https://pytorch-extension.intel.com/release-whl/stable/xpu/us/",
        ),
        # Intel's setup script on its CN index: torch 2.5.1.post0+xpu is on the US one
        (
            "ipex752-conda-env-setup-cn-torch2.5.1.post0-xpu-not-listed.md",
            "torch==2.5.1.post0+xpu",
            "stop at 2.5.1+cxx11.abi",
            "https://pytorch-extension.intel.com/release-whl/stable/xpu/us/",
        ),
        # the message as the title: IPEX's +cpu build from a -f page pip could not read
        (
            "ipex420-title-ipex1.13.100-cpu-not-listed-python3.9.md",
            "intel-extension-for-pytorch==1.13.100+cpu",
            "the newest: 2.0.100",
            "https://pytorch-extension.intel.com/release-whl/stable/cpu/us/",
        ),
        # torch-neuronx's torch-xla from the Neuron repository alone ("(from torch-neuronx)"
        # between the requirement and pip's list)
        (
            "neuronsdk875-torch-neuronx-2.1-torch-xla-2.1.2-torchneuron-list.md",
            "torch-xla==2.1.2",
            "stop at 2.0.0+torchneuron0",
            "--extra-index-url https://pip.repos.neuron.amazonaws.com",
        ),
    ],
)
def test_no_release_of_an_accelerator_package_names_its_vendor_index(
    name: str, asked: str, listed: str, index: str
) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.version_unsupported"]
    found = the(report, "python.version_unsupported")
    assert f"pip finds no {asked} it can install here" in str(found["message"])
    assert listed in str(found["message"])
    remedy = str(found["remedy"])
    assert index in remedy
    assert "download.pytorch.org" not in remedy  # never a CUDA (or any torch) index here


def test_no_release_of_a_cuda_torch_build_offers_the_newest_listed() -> None:
    """A Dockerfile's `torch==1.12.1+cu113` (the timestamps of docker build before each
    line): pip lists 2.2.0 to 2.4.0 only; the remedy installs the newest it lists, from the
    indexes it asked, and no vendor's index."""
    code, report = detected("ernerf3-docker-torch1.12.1-cu113-from-versions-2.2-2.4.md")
    assert code == 1 and codes(report) == ["python.version_unsupported"]
    found = the(report, "python.version_unsupported")
    assert "torch==1.12.1+cu113" in str(found["message"]) and "2.4.0" in str(found["message"])
    assert "torch==2.4.0" in str(found["remedy"])
    assert "--extra-index-url" not in str(found["remedy"])


def test_a_cut_list_names_no_release_and_asks_pip_why() -> None:
    """The excerpt ends inside pip's list (CentOS): pip found no bitsandbytes==0.44.0, the
    releases it saw are not shown, and pip's verbose run says which files it skipped."""
    code, report = detected("fluxgym285-centos-bitsandbytes-0.44.0-no-matching-distribution.md")
    assert code == 1 and codes(report) == ["python.version_unsupported"]
    found = the(report, "python.version_unsupported")
    assert "pip finds no bitsandbytes==0.44.0" in str(found["message"])
    assert "install -v bitsandbytes==0.44.0" in str(found["remedy"])


# --- pip's resolver refusing the install (python.package_version_refused) -------------------


def test_torch_npu_s_cpu_torch_satisfies_both_and_is_installed_from_the_cpu_index() -> None:
    """docker build's timestamped conflict list: the command asks torch==2.3.1, torch-npu
    2.3.1 requires torch==2.3.1+cpu; 2.3.1+cpu satisfies both and is on PyTorch's CPU index
    (torch-npu's README), which the build did not ask: one torch line from there, then the
    requirers, never a CUDA index on this Ascend paste."""
    code, report = detected(
        "lmdeploy2745-docker-ascend-torch-npu-2.3.1-depends-torch-cpu-resolution-impossible.md"
    )
    assert code == 1 and codes(report) == ["python.package_version_refused"]
    found = the(report, "python.package_version_refused")
    message, remedy = str(found["message"]), str(found["remedy"])
    assert "torch-npu 2.3.1 requires torch==2.3.1+cpu" in message
    assert "torch 2.3.1+cpu satisfies both" in message
    assert "--index-url https://download.pytorch.org/whl/cpu" in remedy
    assert "torch-npu==2.3.1" in remedy and "/whl/cu" not in remedy
    assert not report["unread"]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        # a reporter's list of pip's lines ("vllm==0.8.5 depends on torch==2.6.0")
        (
            "vllmascend855-prose-vllm0.8.5-torch2.6.0-torch-npu2.5.1-torch2.5.1.md",
            "vllm 0.8.5 requires torch==2.6.0 and torch-npu 2.5.1 requires torch==2.5.1",
        ),
        # Intel's XPU torch and IPEX's runtime pinning two intel-sycl-rt releases
        (
            "ipex793-arc-a770-torch2.6.0-xpu-dpcpp-intel-sycl-rt-conflict.md",
            "torch 2.6.0+xpu requires intel-sycl-rt==2025.0.2 and dpcpp-cpp-rt 2025.0.4 "
            "requires intel-sycl-rt==2025.0.4",
        ),
        # two torch wheels by URL among sixteen ranges that meet
        (
            "ttforge102-pr-forge-tt-torch-torch-cpu-cxx11-urls-conflict.md",
            "requires torch==2.1.0+cpu.cxx11.abi and tt-torch 0.1.0.dev20250422231839 "
            "requires torch==2.6.0+cpu.cxx11.abi",
        ),
    ],
)
def test_two_pins_no_release_satisfies_are_named_apart(name: str, said: str) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.package_version_refused"]
    found = the(report, "python.package_version_refused")
    assert said in str(found["message"]) and "no " in str(found["message"])
    assert "release satisfies both" in str(found["message"])
    assert not found["remedy"] or "pip install" not in str(found["remedy"])


def test_the_command_s_own_pin_refused_is_named_for_each_package() -> None:
    """Two refusals in one PR (an Inf2 runner): the command's torch==1.13.1+cpu beside
    torchdata 0.7.0's torch==2.1.0 (printed after pip's last line), and its protobuf==4.25.1
    beside grpcio-tools' protobuf<4.0dev."""
    code, report = detected("serve2887-pr-inf2-torch-neuronx-torch1.13.1-cpu-torchdata-2.1.0.md")
    assert code == 1 and codes(report) == ["python.package_version_refused"] * 2
    messages = " ".join(str(f["message"]) for f in report["findings"])  # type: ignore[union-attr]
    assert "asked for torch==1.13.1+cpu and torchdata 0.7.0 requires torch==2.1.0" in messages
    assert "asked for protobuf==4.25.1" in messages and "protobuf<4.0dev,>=3.12.0" in messages


def test_a_conflict_list_without_pins_names_no_version_refused() -> None:
    """Each torch +cpu release 'depends on typing-extensions', no version: nothing disagrees,
    so no pin is named and pip's two lines stay unread errors (never 'no problem')."""
    code, report = detected("ocrd347-torch-cpu-depends-on-typing-extensions-no-pins.md")
    assert code == 1 and codes(report) == []
    assert len(report["unread"]) == 2  # type: ignore[arg-type]


# --- a published file whose metadata disagrees with its name ------------------------------


@pytest.mark.parametrize(
    ("name", "package", "named", "metadata"),
    [
        # torch_xla's nightly pinning libtpu, in an Airflow log's lines
        (
            "xla7785-pr-airflow-libtpu-nightly-filename-nightly-metadata-default.md",
            "libtpu-nightly",
            "0.1.dev20240726+nightly",
            "0.1.dev20240726+default",
        ),
        # pip 22+'s wording ("expected"), in docker build's lines
        (
            "pacparser253-docker-pip-download-expected-1.5.1-metadata-1.0.0.md",
            "pacparser",
            "1.5.1",
            "1.0.0",
        ),
        # pip 21's wording ("filename has"), after "WARNING: Discarding"
        (
            "pip10140-construct-2.10.60-filename-metadata-2.9.28-warning-discarding.md",
            "construct",
            "2.10.60",
            "2.9.28",
        ),
    ],
)
def test_a_file_whose_metadata_disagrees_with_its_name_is_the_publisher_s(
    name: str, package: str, named: str, metadata: str
) -> None:
    code, report = detected(name)
    assert code == 1 and codes(report) == ["python.wheel_version_inconsistent"]
    found = the(report, "python.wheel_version_inconsistent")
    assert f"pip discarded {package}'s file: its name says {named}" in str(found["message"])
    assert f"its metadata says {metadata}" in str(found["message"])
    assert "pip install" not in str(found["remedy"])
    assert not report["unread"]
