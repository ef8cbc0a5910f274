"""Huawei Ascend pastes are judged for the NPU (issue 38, items 2–5).

Real pastes from tests/data/reports/ (each with its source in that directory's README), run
through the real command line: torch-npu beside a torch of another release is named with the
torch release it pairs with (Ascend/pytorch README, "Ascend Auxiliary Software"), and never a
CUDA index; "Torch not compiled with CUDA enabled" on a paste that shows an NPU is the code
asking for CUDA, not a torch to reinstall; CANN's "init env failed" and its log's "No module
named" are CANN's Python dependencies; npu-smi's lines and llamafactory-cli env's "NPU type"
and "CANN version" are facts the diagnosis reads, and an error line planted in npu-smi's
output is named or listed as unread, never under a "no problem" headline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hwdoctor.compat import ascend
from tests.conftest import ROOT, run_hwdoctor

REPORTS = ROOT / "tests" / "data" / "reports"
ERRORS = REPORTS / "errors"
# ms-swift#3594: torch-npu 2.5.1.dev, GRPO, "Torch not compiled with CUDA enabled"
SWIFT = ERRORS / "swift3594-zh-ascend-grpo-torch-not-compiled-with-cuda-torch-npu-2.5.1.md"
# ComfyUI#6483: torch_npu 2.1.0 and CANN in prose, the message in ComfyUI's log
COMFY = ERRORS / "comfy6483-ascend-npu-torch-not-compiled-with-cuda-torch-npu-2.1.0.md"
# sglang#28628: torch 2.12.0 beside torch_npu 2.8.0.post2
SGLANG = ERRORS / "sglang28628-torch-2.12.0-torch-npu-2.8.0.post2-libtorch-npu.md"
# Ascend/pytorch#7: EH9999 init env failed (the thread: CANN's Python dependencies)
INIT_ENV = ERRORS / "ascend7-zh-eh9999-init-env-failed-torch-2.1.0.md"
# Ascend/pytorch#29: CANN's log, "No module named 'tbe.common'"
TBE = ERRORS / "ascend29-zh-cann-log-no-module-named-tbe-common.md"
# InternLM#430: the same message on an RTX 2080 Ti and torch 2.0.1: a CPU build of torch there
NVIDIA = ERRORS / "internlm430-zh-torch-not-compiled-with-cuda-2080ti.md"
LLAMAFACTORY = REPORTS / "llamafactory_env" / "lf6309-0.9.2dev0-ascend910b4-cann8.0rc1-npu-smi.md"
NPU_SMI = (
    REPORTS / "npu_smi" / "vllmascend2035-npu-smi-24.1.rc3.7-a3-ascend910.txt",
    REPORTS / "npu_smi" / "nvtop421-npu-smi-25.2.0-atlas300i-duo-310p3.txt",
    LLAMAFACTORY,
)
CUDA_OR_ROCM = ("download.pytorch.org/whl/cu", "download.pytorch.org/whl/rocm", "+cu1", "+rocm")


def detect(path: Path) -> tuple[int, dict[str, Any]]:
    result = run_hwdoctor("detect", "--paste", str(path), "--json")
    assert result.stderr == ""
    data: dict[str, Any] = result.json()["data"]
    return result.returncode, data


def finding(data: dict[str, Any], code: str) -> dict[str, Any]:
    found = [f for f in data["findings"] if f["code"] == code]
    assert found, [f["code"] for f in data["findings"]]
    return found[0]


def lines_of(data: dict[str, Any]) -> list[str]:
    return [
        line
        for f in data["findings"]
        for text in (f.get("remedy") or "", f.get("advice") or "")
        for line in text.splitlines()
    ]


@pytest.mark.parametrize(
    ("path", "code"),
    [
        (SWIFT, "backend.npu_asked_for_cuda"),
        (COMFY, "backend.npu_asked_for_cuda"),
        (SGLANG, "extension.torch_mismatch"),
        (INIT_ENV, "backend.cann_python_missing"),
        (TBE, "backend.cann_python_missing"),
    ],
    ids=lambda value: value.name.split("-", 1)[0] if isinstance(value, Path) else value,
)
def test_an_ascend_paste_is_named_for_the_npu(path: Path, code: str) -> None:
    exit_code, data = detect(path)
    # asking for CUDA is a warning (the code changes, nothing installed): exit 0
    assert exit_code == (0 if code == "backend.npu_asked_for_cuda" else 1)
    assert data["findings"][0]["code"] == code
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]
    assert not [f for f in data["findings"] if f["backend"] in ("cuda", "rocm")]


def test_torch_npu_pairs_with_its_own_torch_release() -> None:
    _, data = detect(SGLANG)
    found = finding(data, "extension.torch_mismatch")
    assert found["message"] == (
        "torch-npu 2.8.0.post2 requires torch==2.8.0, but torch 2.12.0 is installed"
    )
    remedy = found["remedy"].splitlines()
    # the pair to install, PyPI's on a host the paste does not place, the x86_64 CPU build beside;
    # with the paste's Python (its paths show it: issue 38, s13-prose) as the installer
    assert remedy[0] == "python -m pip install --force-reinstall torch==2.8.0"
    assert (
        "# python -m pip install --force-reinstall torch==2.8.0 --index-url "
        "https://download.pytorch.org/whl/cpu"
    ) in remedy
    assert not [line for line in remedy if "2.8.*" in line]


def test_cuda_asked_on_an_npu_is_not_a_torch_to_reinstall() -> None:
    _, data = detect(SWIFT)
    found = finding(data, "backend.npu_asked_for_cuda")
    assert "torch-npu 2.5.1.dev20250228" in found["message"]
    assert "transfer_to_npu" in found["advice"]
    assert found["remedy"] is None  # a change to the code: no install line
    assert "torch.cpu_only_build" not in [f["code"] for f in data["findings"]]
    rests = [q["line"] for q in finding_rests(data, "backend.npu_asked_for_cuda")]
    assert rests == [2, 9]  # the message, and torch-npu's line


def finding_rests(data: dict[str, Any], code: str) -> list[dict[str, Any]]:
    index = [f["code"] for f in data["findings"]].index(code)
    rests: list[dict[str, Any]] = data["findings"][index]["rests_on"]
    return rests


def test_the_same_message_without_an_npu_stays_a_cuda_finding() -> None:
    _, data = detect(NVIDIA)
    codes = [f["code"] for f in data["findings"]]
    assert "backend.npu_asked_for_cuda" not in codes
    assert "torch.cpu_only_build" in codes


def test_cann_init_env_failed_installs_cann_python_dependencies() -> None:
    _, data = detect(INIT_ENV)
    found = finding(data, "backend.cann_python_missing")
    # into the Python the paste shows (Python 3.8.18 in the session's banner)
    assert found["remedy"] == "python -m pip install " + " ".join(
        f"'{d}'" if any(c in d for c in "<>=*") else d for d in ascend.CANN_PYTHON
    )
    assert "set_env.sh" in found["advice"]
    assert [q["line"] for q in finding_rests(data, "backend.cann_python_missing")] == [14]


def test_a_toolkit_module_cann_cannot_import_is_its_own_path() -> None:
    _, data = detect(TBE)
    found = finding(data, "backend.cann_python_missing")
    assert found["message"].startswith("CANN could not import its own Python module tbe.common")
    assert "package named tbe shadows" in found["advice"]


def test_cann_dependencies_by_import_name() -> None:
    assert ascend.distribution_of("decorator") == "decorator>=4.4.0"
    assert ascend.distribution_of("absl.flags") == "absl-py"
    assert ascend.distribution_of("yaml") == "pyyaml"
    assert ascend.distribution_of("tbe.common") is None
    assert ascend.toolkit_module("tbe.common") and not ascend.toolkit_module("torch")


def test_llamafactory_env_npu_lines_are_facts_read() -> None:
    _, data = detect(LLAMAFACTORY)
    facts = [(f["what"], f["value"]) for f in data["facts"]]
    assert ("NPU type", "Ascend910B4") in facts
    assert ("CANN", "8.0.RC1.alpha001") in facts
    assert ("NPU available", "true") in facts
    assert ("NPU 0", "910B4") in facts


# npu-smi's own failure when its management library does not start (DCMI's return codes),
# and a chip whose Health is Alarm (npu-smi reference: 重要告警, a major alarm).
PLANTED = "dcmi module initialize failed. ret is -8005"


@pytest.mark.parametrize("path", NPU_SMI, ids=lambda p: p.name.split("-", 1)[0])
def test_an_error_line_planted_in_npu_smi_is_named_or_unread(path: Path, tmp_path: Path) -> None:
    planted = tmp_path / "planted.txt"
    planted.write_text(path.read_text(encoding="utf-8") + "\n" + PLANTED + "\n", encoding="utf-8")
    exit_code, data = detect(planted)
    quoted = [q["text"] for q in data["unread"]] + [
        q["text"] for f in data["findings"] for q in f["rests_on"]
    ]
    assert any(PLANTED in text for text in quoted)
    assert exit_code == 1


@pytest.mark.parametrize("path", NPU_SMI, ids=lambda p: p.name.split("-", 1)[0])
def test_a_chip_in_alarm_is_an_error_line(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    healthy = [line for line in text.splitlines() if "| OK " in line]
    assert healthy
    planted = tmp_path / "alarm.txt"
    alarmed = healthy[0].replace("| OK ", "| Alarm ", 1)
    planted.write_text(text.replace(healthy[0], alarmed, 1), encoding="utf-8")
    exit_code, data = detect(planted)
    assert [q["text"] for q in data["unread"]] == [alarmed]
    assert exit_code == 1
    _, untouched = detect(path)
    assert untouched["unread"] == []


def test_a_torch_npu_dev_build_pairs_with_its_release() -> None:
    # ms-swift#3594: torch 2.5.1 beside torch-npu 2.5.1.dev20250228, a build for torch 2.5.1
    _, data = detect(SWIFT)
    assert "extension.torch_mismatch" not in [f["code"] for f in data["findings"]]


@pytest.mark.parametrize(
    ("torch_npu", "torch"),
    [
        ("2.1.0.post6", "2.1.0"),  # Ascend/pytorch README, CANN 8.0.RC2's row
        ("2.2.0.post2", "2.2.0"),
        ("2.5.1.post1.dev20250619", "2.5.1"),  # vLLM Ascend's matrix, v0.9.2rc1
        ("2.8.0rc1", "2.8.0"),  # vllm-ascend#3793's pip list
        ("2.8", None),
    ],
)
def test_torch_npu_names_its_torch_release(torch_npu: str, torch: str | None) -> None:
    assert ascend.torch_of_npu(torch_npu) == torch


def test_the_vllm_ascend_matrix_pairs_each_torch_npu_with_its_torch() -> None:
    for release, row in ascend.VLLM_ASCEND.items():
        assert ascend.torch_of_npu(row.torch_npu) == row.torch, release
    row = ascend.vllm_ascend("v0.9.1")
    assert row == ascend.VllmAscend("0.9.1", "8.2.RC1", "2.5.1", "2.5.1.post1")
    assert ascend.vllm_ascend("0.11.0rc1.dev") is None  # not a release of the matrix


@pytest.mark.parametrize("path", [SWIFT, COMFY], ids=["swift3594", "comfy6483"])
def test_explain_names_the_npu_as_the_condition(path: Path) -> None:
    result = run_hwdoctor("explain", "--from", str(path))
    assert result.returncode in (0, 1), result
    assert "npu, if torch.npu.is_available()" in result.stdout
    assert "cuda:0" not in result.stdout
    assert "= False" not in result.stdout


def test_on_an_x86_64_host_the_torch_for_torch_npu_is_the_cpu_build() -> None:
    from hwdoctor import diagnosis
    from tests.evidence import cpu_host, one, with_package

    evidence = with_package(cpu_host(), "torch-npu", "2.1.0", "torch==2.1.0")
    assert evidence.host is not None and evidence.host.machine == "x86_64"
    found = one(diagnosis.detect(evidence).findings, "extension.torch_mismatch")
    assert found.remedy is not None
    first = found.remedy.splitlines()[0]
    # torch-npu's README: `torch==2.1.0+cpu --index-url https://download.pytorch.org/whl/cpu`
    assert first.endswith("torch==2.1.0 --index-url https://download.pytorch.org/whl/cpu")
    assert not any(s in found.remedy for s in CUDA_OR_ROCM)


# issue 38: vLLM Ascend's torch pair (compat/ascend.py VLLM_ASCEND, its release matrix)
# vllm-ascend#7587: vllm-ascend 0.11.0rc1.dev beside torch-npu 2.8.0 that vllm 0.11.0 pulled in
VA_7587 = ERRORS / "vllmascend7587-vllm-ascend-0.11.0rc1.dev-torch-2.8.0-torch-npu-2.8.0.md"
# vllm-ascend#4621: 0.11.0rc1.dev356 with torch 2.7.1+cpu and torch_npu 2.7.1: the matrix's pair
VA_4621 = next(ERRORS.glob("vllmascend4621-*.md"))
# vllm-ascend#143: 0.7.1rc1, a release the matrix does not list
VA_143 = ERRORS / "vllmascend143-zh-vllm-ascend-0.7.1rc1-torch-2.5.1-torch-npu-2.5.1rc1.md"
# vllm-ascend#3793: torch 2.8.0 / torch_npu 2.8.0rc1 while pip collects vllm-ascend 0.11.0rc0
VA_3793 = next(ERRORS.glob("vllmascend3793-*.md"))
# vllm-ascend#4497: its collect_env.py, "vLLM Ascend Version: 0.11.0rc2" with its own pair
VA_4497 = next(ERRORS.glob("vllmascend4497-*.md"))


def test_vllm_ascend_beside_another_torch_names_its_own_pair() -> None:
    exit_code, data = detect(VA_7587)
    assert exit_code == 1
    found = data["findings"][0]
    assert found["code"] == "backend.vllm_ascend_torch"
    assert found["backend"] == "npu"
    assert found["message"].startswith(
        "vllm-ascend 0.11.0rc1.dev is built for torch 2.7.1 with torch-npu 2.7.1"
    )
    assert "torch-npu 2.8.0 (built for torch 2.8.0)" in found["message"]
    remedy = found["remedy"].splitlines()
    # the paste shows a Python (3.11), so the lines run its pip
    assert remedy[0] == "python -m pip install --force-reinstall torch==2.7.1"
    assert remedy[-1] == "python -m pip install torch-npu==2.7.1"
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]
    assert [q["line"] for q in finding_rests(data, "backend.vllm_ascend_torch")] == [4, 6]


@pytest.mark.parametrize(
    "path", [VA_4621, VA_143, VA_4497], ids=["4621-its-pair", "143-not-listed", "4497-fine"]
)
def test_vllm_ascend_with_its_pair_or_unlisted_is_quiet(path: Path) -> None:
    _, data = detect(path)
    assert "backend.vllm_ascend_torch" not in [f["code"] for f in data["findings"]]


def test_a_development_build_takes_its_release_row_only_where_the_torch_agrees() -> None:
    found = ascend.vllm_ascend_row("0.11.0rc1.dev356+ge98543267.d20251202")
    assert found is not None and found.dev and found.release == "0.11.0rc1"
    assert found.row.torch == "2.7.1"
    exact = ascend.vllm_ascend_row("v0.9.1")
    assert exact is not None and not exact.dev and exact.row.torch_npu == "2.5.1.post1"
    # 0.12.0rc1's row names torch 2.8.0, 0.11.0 before it 2.7.1: a build between is not guessed
    assert ascend.vllm_ascend_row("0.12.0rc1.dev5") is None
    assert ascend.vllm_ascend_row("0.7.3rc1") is None


def test_vllm_ascend_collect_env_names_the_release_and_judges_the_torch(tmp_path: Path) -> None:
    """vLLM Ascend's collect_env line is read as the package's release; the same real report
    with the torch vllm 0.11.0 pulls in (2.8.0) in place of 2.7.1 is named."""
    _, data = detect(VA_4497)
    assert ("package vllm-ascend", "0.11.0rc2") in [(f["what"], f["value"]) for f in data["facts"]]
    planted = tmp_path / "planted.md"
    planted.write_text(VA_4497.read_text(encoding="utf-8").replace("2.7.1+cpu", "2.8.0+cpu"))
    exit_code, data = detect(planted)
    assert exit_code == 1
    found = finding(data, "backend.vllm_ascend_torch")
    assert found["message"].endswith("but the paste shows torch 2.8.0+cpu")
    assert "python -m pip install torch-npu==2.7.1" in found["remedy"].splitlines()
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


# issue 38: a CUDA-only package failing on an Ascend machine
# LlamaFactory#3271: bitsandbytes' CPU fallback beside torch_npu's path
BNB_NPU = next(ERRORS.glob("lf3271-*.md"))
# LlamaFactory#6261: llamafactory-cli env on a 910B3 fails importing vllm
VLLM_NPU = next(ERRORS.glob("lf6261-*.md"))


@pytest.mark.parametrize(
    ("path", "package", "line"),
    [(BNB_NPU, "bitsandbytes", 9), (VLLM_NPU, "vllm", 20)],
    ids=["3271-bitsandbytes", "6261-vllm"],
)
def test_a_cuda_only_package_on_an_npu_is_named_with_the_npu(
    path: Path, package: str, line: int
) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = data["findings"][0]
    assert found["code"] == "backend.cuda_only_package"
    assert found["backend"] == "npu"
    assert found["message"].startswith(f"{package} failed here (")
    assert "Huawei Ascend NPU" in found["message"]
    # "python -m pip" where the paste shows its Python (a traceback's path: issue 38, s13-prose)
    remedy = [line.removeprefix("python -m ") for line in found["remedy"].splitlines()]
    assert remedy == [f"pip uninstall -y {package}"]
    assert line in [q["line"] for q in finding_rests(data, "backend.cuda_only_package")]
    assert "extension.bitsandbytes_without_gpu" not in [f["code"] for f in data["findings"]]
    assert not [text for text in lines_of(data) if any(s in text for s in CUDA_OR_ROCM)]


def test_vllm_on_an_npu_points_at_vllm_ascend_and_bitsandbytes_at_no_npu_build() -> None:
    _, data = detect(VLLM_NPU)
    assert "vllm-ascend" in finding(data, "backend.cuda_only_package")["advice"]
    _, data = detect(BNB_NPU)
    assert "no Ascend NPU one" in finding(data, "backend.cuda_only_package")["advice"]


def test_bitsandbytes_cpu_fallback_on_an_nvidia_machine_stays_its_cuda_finding(
    tmp_path: Path,
) -> None:
    """The same real lines without torch_npu's: no other accelerator shown, so the finding is
    bitsandbytes' own CUDA one, not the CUDA-only-package one."""
    text = BNB_NPU.read_text(encoding="utf-8").splitlines()
    kept = "\n".join(t for t in text if "torch_npu" not in t and "warnings.warn(" not in t)
    plain = tmp_path / "plain.md"
    plain.write_text(kept + "\n", encoding="utf-8")
    _, data = detect(plain)
    codes = [f["code"] for f in data["findings"]]
    assert "backend.cuda_only_package" not in codes
    assert "extension.bitsandbytes_without_gpu" in codes


def test_vllm_ascend_being_installed_beside_vllms_torch_names_the_release_pair() -> None:
    """pip's "Collecting vllm-ascend==0.11.0rc0" is the release going in: its matrix row
    (torch 2.7.1, torch-npu 2.7.1.dev20250724) against the torch vllm 0.11.0 left."""
    exit_code, data = detect(VA_3793)
    assert exit_code == 1
    found = finding(data, "backend.vllm_ascend_torch")
    assert found["message"] == (
        "vllm-ascend 0.11.0rc0 is built for torch 2.7.1 with torch-npu 2.7.1.dev20250724 "
        "(vLLM Ascend's compatibility matrix), but the paste shows torch 2.8.0 and torch-npu "
        "2.8.0rc1 (built for torch 2.8.0)"
    )
    assert found["remedy"].splitlines()[-1] == "pip install torch-npu==2.7.1.dev20250724"
    assert [q["line"] for q in finding_rests(data, "backend.vllm_ascend_torch")] == [2, 3, 9]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


# --- issue 38: Ascend NPU memory and CANN's libraries -----------------------------------------

# vllm-ascend#19, TouchNet#100, vllm-omni#6400: torch-npu's allocator out of the NPU's memory
NPU_OOM = {
    ERRORS / "vllmascend19-quoted-npu-oom-22mib-of-60.97gib.md": "22.00 MiB",
    ERRORS / "touchnet100-npu-oom-5.03gib-npu3-qwen2-audio.md": "5.03 GiB",
    ERRORS / "vllmomni6400-910b4-npu-oom-502mib-apiserver-log.txt": "502.00 MiB",
}


@pytest.mark.parametrize("path", sorted(NPU_OOM), ids=lambda p: p.name.split("-", 1)[0])
def test_npu_out_of_memory_is_the_npus_own_finding(path: Path) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == ("npu.out_of_memory", "npu")
    assert f"tried to allocate {NPU_OOM[path]}" in found["message"]
    assert "PYTORCH_NPU_ALLOC_CONF=expandable_segments:True" in found["advice"]
    assert "PYTORCH_CUDA_ALLOC_CONF" not in found["advice"]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]
    assert data["unread_count"] == 0  # the error line is the finding's, not unread


# The loader unable to open one of Ascend's own libraries, by the part of Ascend it is of
# (compat/ascend.py library_part): the driver's (vllm-ascend#1440's docker run mounts no driver;
# HAMi#615's npu-smi in a pod without the driver's libraries), the CANN toolkit's (X-Oscar#4,
# PaddleOCR-NPU#7), NNAL's ATB (Paddle#65797, #69146).
ASCEND_LIBRARY = {
    "vllmascend1440-docker-run-without-driver-mounts-libascend-hal.md": (
        "npu.driver_not_visible",
        "libascend_hal.so",
        None,
    ),
    "hami615-zh-910b-container-npu-smi-libc-sec-so.md": (
        "npu.driver_not_visible",
        "libc_sec.so",
        None,
    ),
    "xoscar4-torch-npu-libhccl-so-please-source-set-env.md": (
        "npu.cann_library_not_found",
        "libhccl.so",
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh",
    ),
    "paddleocrnpu7-zh-docker-torch-npu-libhccl-so.md": (
        "npu.cann_library_not_found",
        "libhccl.so",
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh",
    ),
    "paddle65797-zh-ascend-import-paddle-libatb-so.md": (
        "npu.cann_library_not_found",
        "libatb.so",
        "source /usr/local/Ascend/nnal/atb/set_env.sh",
    ),
    "paddle69146-zh-paddle-custom-npu-libatb-so-no-atb-dir.md": (
        "npu.cann_library_not_found",
        "libatb.so",
        "source /usr/local/Ascend/nnal/atb/set_env.sh",
    ),
}


@pytest.mark.parametrize("name", sorted(ASCEND_LIBRARY), ids=lambda n: n.split("-", 1)[0])
def test_an_ascend_library_not_found_names_its_part(name: str) -> None:
    code, library, remedy = ASCEND_LIBRARY[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == (code, "npu")
    assert library in found["message"]
    assert found["remedy"] == remedy
    if code == "npu.driver_not_visible":
        # the mounts vLLM Ascend's guide starts its containers with
        assert (
            "-v /usr/local/Ascend/driver/lib64/:/usr/local/Ascend/driver/lib64/"
            in (found["advice"])
        )
        assert "--device /dev/davinci_manager" in found["advice"]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_another_librarys_loader_error_on_an_ascend_machine_is_not_canns() -> None:
    """vllm-ascend#6949: Mooncake's ascend_transport.so in /usr/local/lib, which the reporter
    put on LD_LIBRARY_PATH: neither CANN's nor the driver's library."""
    _, data = detect(ERRORS / "vllmascend6949-mooncake-ascend-transport-so-not-cann.md")
    codes = {f["code"] for f in data["findings"]}
    assert not codes & {"npu.cann_library_not_found", "npu.driver_not_visible"}
    assert data["unread_count"] == 1  # the error stays counted, never "no problem"


def test_an_allocation_past_an_exabyte_is_a_wrong_size_not_memory() -> None:
    """flash-linear-attention-npu#149: "Tried to allocate more than 1EB memory", the
    allocator's guard on the size; the reporter found a kernel writing out of bounds. Named,
    never "no problem", and never told to make the batch smaller."""
    exit_code, data = detect(ERRORS / "flanpu149-zh-npu-oom-more-than-1eb-kernel-overwrite.md")
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == ("npu.out_of_memory", "npu")
    assert "the size itself is wrong" in found["message"]
    assert "a smaller batch does not help" in found["advice"]
    assert "PYTORCH_NPU_ALLOC_CONF" not in found["advice"]


# torch-npu beside a CANN of another release than its version mapping table's (Ascend/pytorch
# COMPATIBILITY.md): triton-ascend#328 (2.7.1, CANN 8.3.RC1's, beside CANN 9.0.0-beta.2),
# ComfyUI#6483 (2.1.0, CANN 7.0.0's, beside CANN 8.0.RC3). Ascend/pytorch#99's 2.7.1 with
# CANN 8.3.RC1 is the table's own pair.
TORCH_NPU_CANN = {
    ERRORS / "tritonascend328-zh-torch-npu-2.7.1-cann-9.0.0-undefined-symbol.md": (
        "torch-npu 2.7.1 is released for CANN 8.3.RC1 (torch-npu's version mapping table), "
        "but the paste shows CANN 9.0.0",
        "pip install torch-npu==2.7.1.post4",
    ),
    COMFY: (
        "torch-npu 2.1.0 is released for CANN 7.0.0 (torch-npu's version mapping table), "
        "but the paste shows CANN 8.0.RC3",
        "pip install torch-npu==2.1.0.post8",
    ),
}


@pytest.mark.parametrize("path", sorted(TORCH_NPU_CANN), ids=lambda p: p.name.split("-", 1)[0])
def test_torch_npu_beside_another_releases_cann_is_named(path: Path) -> None:
    message, remedy = TORCH_NPU_CANN[path]
    _, data = detect(path)
    found = finding(data, "npu.torch_npu_cann_apart")
    assert (found["message"], found["remedy"], found["backend"]) == (message, remedy, "npu")
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_torch_npu_with_its_own_cann_is_not_apart() -> None:
    _, data = detect(ERRORS / "ascend99-zh-torch-npu-2.7.1-cann-8.3.rc1-atb-undefined-symbol.md")
    assert "npu.torch_npu_cann_apart" not in [f["code"] for f in data["findings"]]
    assert data["unread_count"] >= 1  # its error is still counted, never "no problem"


def test_the_cann_table_names_releases_as_pastes_give_them() -> None:
    assert ascend.cann_of_torch_npu("2.7.1") == "8.3.RC1"
    assert ascend.cann_of_torch_npu("2.5.1.dev20250228") is None  # a daily build: not guessed
    assert ascend.cann_release("9.0.0-beta.2") == ascend.cann_release("9.0.0") == "9.0.0"
    assert ascend.cann_release("8.0.rc3") == "8.0.RC3"
    assert ascend.torch_npu_for("9.0.0", "2.7.1") == "2.7.1.post4"


# --- issue 38: Ascend's other wordings ---------------------------------------------------------

# CANN's own "out of memory", error code EL0004 (CANN error code reference, "EL0004
# Memory_Allocation_Failure"): vllm-ascend#4678 (vLLM's engine log on a 910B, the line wrapped
# after "allocate"), PTOAS#341 (aclrtSetDevice failing as CANN's memory pool cannot allocate).
CANN_OOM = (
    ERRORS / "vllmascend4678-zh-910b-el0004-memory-allocation-failure-engine-log.txt",
    ERRORS / "ptoas341-el0004-acl-set-device-memory-pool-board-log.txt",
)


@pytest.mark.parametrize("path", CANN_OOM, ids=lambda p: p.name.split("-", 1)[0])
def test_canns_el0004_is_the_npus_out_of_memory(path: Path) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == ("npu.out_of_memory", "npu")
    assert found["message"].startswith("CANN's runtime could not allocate the NPU memory")
    assert "EL0004" in found["message"]
    assert "tried to allocate" not in found["message"]  # CANN gives no size
    assert "--gpu-memory-utilization" in found["advice"]
    assert not [u for u in data["unread"] if "EL0004" in u["text"]]  # the finding's line
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_torch_npus_size_wins_over_canns_el0004(tmp_path: Path) -> None:
    """Both in one paste (torch-npu's sized message is the more precise): the size is given,
    and CANN's line is the same finding's, not unread. vllm-ascend#4678's log after
    vllm-ascend#19's quoted torch-npu line, both real."""
    both = tmp_path / "both.txt"
    both.write_text(
        (ERRORS / "vllmascend19-quoted-npu-oom-22mib-of-60.97gib.md").read_text()
        + "\n"
        + CANN_OOM[0].read_text()
    )
    _, data = detect(both)
    found = finding(data, "npu.out_of_memory")
    assert "tried to allocate 22.00 MiB" in found["message"]
    assert [f["code"] for f in data["findings"]].count("npu.out_of_memory") == 1
    assert not [u for u in data["unread"] if "EL0004" in u["text"]]


# vLLM on a first-generation Ascend 910, which vLLM Ascend does not support (its FAQ: "Ascend
# 910, Ascend 910 Pro B (Ascend-cann-kernels-910) unplanned yet"): vllm-ascend#573, npu-smi's
# "910B" rows (32 GB HBM, the DDR column of the first generation) and vLLM's engine log with
# "call aclnnSwiGlu failed … opp_kernel".
def test_vllm_on_a_first_generation_910_is_named_with_the_supported_npus() -> None:
    exit_code, data = detect(
        ERRORS / "vllmascend573-npu-smi-910b-32gb-aclnnswiglu-failed-opp-kernel.md"
    )
    assert exit_code == 1
    found = finding(data, "backend.vllm_ascend_device_unsupported")
    assert found["backend"] == "npu"
    assert "the paste's NPU, 910B (a first-generation Ascend 910)" in found["message"]
    assert ascend.VLLM_ASCEND_DEVICES in found["message"]
    assert not [u for u in data["unread"] if "call aclnnSwiGlu failed" in u["text"]]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


@pytest.mark.parametrize(
    ("chip", "unsupported"),
    [
        ("910B", True),
        ("910ProB", True),  # vllm-ascend#2845's npu-smi rows
        ("910PremiumA", True),  # vllm-ascend#13540's
        ("910A", True),
        ("910B3", False),
        ("910B4", False),  # 32 GB, still an A2 (vllm-ascend#129: "910b4 is supported")
        ("910B2C", False),
        ("Ascend910", False),  # an A3 (vllm-ascend#2035)
        ("310P3", False),
    ],
)
def test_the_first_910_generation_by_npu_smis_name(chip: str, unsupported: bool) -> None:
    assert ascend.vllm_ascend_unsupported(chip) is unsupported


def test_vllm_on_an_a3_is_not_an_unsupported_device(tmp_path: Path) -> None:
    """The same engine log (vllm-ascend#573's, after its npu-smi table) beside npu-smi on an
    A3, whose chips it names "Ascend910" (vllm-ascend#2035): vLLM shown, a supported NPU."""
    log = (ERRORS / "vllmascend573-npu-smi-910b-32gb-aclnnswiglu-failed-opp-kernel.md").read_text()
    a3 = (REPORTS / "npu_smi" / "vllmascend2035-npu-smi-24.1.rc3.7-a3-ascend910.txt").read_text()
    paste = tmp_path / "a3.txt"
    paste.write_text(a3 + "\n" + log[log.index("ERROR 04-18") :])
    _, data = detect(paste)
    codes = [f["code"] for f in data["findings"]]
    assert "backend.vllm_ascend_device_unsupported" not in codes
    # issue 38: on a supported NPU, opbase's "please check if the opp_kernel package is
    # installed" names CANN's kernels package; an A3's package name is not given, so no command
    found = finding(data, "npu.cann_kernels_missing")
    assert "please check if the opp_kernel package is installed" in found["message"]
    assert "Ascend910" in found["message"]
    assert not found.get("remedy")


# Python's own "No module named 'te'" (CANN's tensor engine, which its toolkit ships and its
# set_env.sh puts on PYTHONPATH): MindSpore's FlashAttention importing it, mindspore-lab/mindone#293
# (the traceback's message in the reporter's words) and mindspore-ai/mindspore#259 (its title).
@pytest.mark.parametrize(
    "name",
    [
        "mindone293-zh-mindspore-flash-attention-no-module-named-te.md",
        "mindspore259-install-te-module-flash-attention.md",
    ],
    ids=lambda n: n.split("-", 1)[0],
)
def test_python_unable_to_import_canns_te_is_the_toolkit_not_on_the_path(name: str) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = finding(data, "backend.cann_python_missing")
    assert found["message"].startswith("Python could not import te, a module the CANN toolkit")
    assert "CANN's log" not in found["message"]  # the import was the caller's, not CANN's
    assert "source /usr/local/Ascend/ascend-toolkit/set_env.sh" in found["advice"]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_another_module_named_like_te_is_not_canns() -> None:
    """Only te and tbe themselves (and their submodules): "No module named 'tensorflow'" or
    'te_foo' is no CANN module."""
    from hwdoctor.gather.reports.readers import messages

    pattern = messages._TOOLKIT_NO_MODULE
    assert pattern.search("ModuleNotFoundError: No module named 'tbe.common'")
    assert not pattern.search("ModuleNotFoundError: No module named 'tensorflow'")
    assert not pattern.search("ModuleNotFoundError: No module named 'te_foo'")
    assert not pattern.search("ModuleNotFoundError: No module named 'vllm.te'")


# --- issue 38: Ascend NPU memory in all its wordings ------------------------------------------

# torch-npu's sized message as other servers print it: torch's OutOfMemoryError name and no
# space before "If reserved" (sglang#29838), a Ray worker's prefixed and repeated line
# (vllm-ascend#1127), a bug template's prose around it (sglang#15453).
NPU_OOM_MORE = {
    ERRORS / "sglang29838-a3-torch-outofmemoryerror-npu-oom-72mib.txt": "72.00 MiB",
    ERRORS / "vllmascend1127-910b2-ray-worker-npu-oom-30mib.txt": "30.00 MiB",
    ERRORS / "sglang15453-910b3-cann8.3.rc1-image-npu-oom-226mib.md": "226.00 MiB",
    # a Chinese-language report's traceback (LlamaFactory#5491)
    ERRORS / "lf5491-zh-910b-8npu-npu-oom-386mib-loading-shards.txt": "386.00 MiB",
}


@pytest.mark.parametrize("path", sorted(NPU_OOM_MORE), ids=lambda p: p.name.split("-", 1)[0])
def test_npu_out_of_memory_in_other_servers_logs(path: Path) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == ("npu.out_of_memory", "npu")
    assert f"tried to allocate {NPU_OOM_MORE[path]}" in found["message"]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]
    assert data["unread_count"] == 0


# CANN 8.x's EL0004 with the process and the time between the code and its words ("EL0004:
# [PID: 316198] 2025-09-28-07:22:29.827.496 Failed to allocate memory."): vllm-ascend#3141 (a
# test's log, torch-npu's 207001 before it) and #1993 (an Atlas 300I Duo's engine log, CANN's
# "runtime result = 207001" after it). The ACL code's lines are the finding's, not unread.
CANN_OOM_PID = {
    ERRORS / "vllmascend3141-el0004-pid-prefix-moe-dispatch-207001-log.txt": (1, 3, 5),
    ERRORS / "vllmascend1993-300iduo-el0004-pid-prefix-207001-engine-log.txt": (8, 12),
}


@pytest.mark.parametrize("path", sorted(CANN_OOM_PID), ids=lambda p: p.name.split("-", 1)[0])
def test_canns_el0004_with_its_process_and_time_is_the_npus_out_of_memory(path: Path) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = data["findings"][0]
    assert (found["code"], found["backend"]) == ("npu.out_of_memory", "npu")
    assert "EL0004" in found["message"]
    rests = [q["line"] for q in finding_rests(data, "npu.out_of_memory")]
    assert tuple(rests) == CANN_OOM_PID[path]
    assert not [u for u in data["unread"] if "207001" in u["text"] or "EL0004" in u["text"]]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_the_acl_runtimes_words_and_code_alone_are_the_npus_out_of_memory() -> None:
    """No torch-npu size and no EL0004: torch-npu's "[Error]: Failed to apply for memory." and
    CANN's "runtime result = 207005" (vllm-ascend#12113, a maintainer: the memory is not
    enough)."""
    name = "vllmascend12113-zh-910b-qwen3.5-failed-to-apply-for-memory-207005.txt"
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = finding(data, "npu.out_of_memory")
    assert found["message"] == (
        "CANN's runtime could not allocate the NPU memory asked of it (ACL error 207005, "
        '"Failed to apply for memory", torch-npu\'s error code table)'
    )
    assert [q["line"] for q in finding_rests(data, "npu.out_of_memory")] == [3, 9]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_other_acl_codes_are_not_memory() -> None:
    """507013 (a DMA error), 2070010 and a code in prose are not the runtime's memory codes."""
    from hwdoctor.gather.reports.readers import messages

    pattern = messages._ACL_NO_MEMORY
    assert pattern.search("NPU function error: call aclnnX failed, error code is 207018")
    assert not pattern.search("AclrtSynchronizeDeviceWithTimeout, error code is 507013")
    assert not pattern.search("error code is 2070010")
    assert not pattern.search("see 207001 in the table")


def test_torch_npus_ignorable_allocator_line_is_no_error() -> None:
    """torch-npu 2.7.1's allocator logs "[ERROR] … Get a block from the existing pool failed.
    … This error log can be ignored." before it frees its cache and retries (Ascend/pytorch#108:
    the run goes on): no finding, no unread error line."""
    exit_code, data = detect(
        ERRORS / "ascendpytorch108-zh-torch-npu-2.7.1-get-a-block-failed-can-be-ignored.md"
    )
    assert exit_code == 0
    assert data["findings"] == []
    assert data["unread_count"] == 0


# --- issue 38: the NPU environment not sourced --------------------------------------------------


# Paddle-Lite's NNAdapter loading the CANN toolkit's libraries: libascendcl.so
# (PaddlePaddle/FastDeploy#2540) and the toolkit's profiling library libmsprofiler.so (#1824).
@pytest.mark.parametrize(
    ("name", "library"),
    [
        ("fastdeploy2540-zh-ascend-nnadapter-libascendcl-so.txt", "libascendcl.so"),
        ("fastdeploy1824-atlas300i-nnadapter-libmsprofiler-so.txt", "libmsprofiler.so"),
    ],
    ids=["fastdeploy2540", "fastdeploy1824"],
)
def test_a_toolkit_library_the_loader_cannot_open_is_set_env_not_sourced(
    name: str, library: str
) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = finding(data, "npu.cann_library_not_found")
    assert f"CANN's {library}" in found["message"]
    assert found["remedy"] == "source /usr/local/Ascend/ascend-toolkit/set_env.sh"
    assert not [u for u in data["unread"] if library in u["text"]]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


# --- issue 38: torch-npu and CANN (the CANN lines as environment sections give them) ------------


@pytest.mark.parametrize(
    ("name", "cann", "line"),
    [
        # "CANN: 8.1.rc1" in a vLLM Ascend template's environment fence
        ("vllmascend1188-cann-colon-8.1.rc1-vllm-ascend-0.9.0-which-torch.md", "8.1.rc1", 6),
        # the toolkit's install path in its ascend_toolkit_install.info
        (
            "vllmascend834-npu-smi-910b3-toolkit-install-info-8.1.rc1.alpha001.md",
            "8.1.RC1.alpha001",
            21,
        ),
    ],
    ids=["vllmascend1188", "vllmascend834"],
)
def test_the_cann_release_is_read_as_environment_sections_give_it(
    name: str, cann: str, line: int
) -> None:
    """Read, and quiet: neither paste gives a torch-npu version to pair it with (#1188's
    thread found the environment fine; #834's excerpt ends before its failure)."""
    from hwdoctor.gather import reports
    from hwdoctor.model.pasted import FactKey

    path = ERRORS / name
    pasted = reports.read(path.read_bytes(), path.name)
    said = [f for f in pasted.facts if f.key is FactKey.PROSE_CANN]
    assert [(f.value, f.quote.line if f.quote else None) for f in said] == [(cann, line)]
    assert ascend.cann_release(cann) == "8.1.RC1"
    exit_code, data = detect(path)
    assert exit_code == 0
    assert data["findings"] == []


def test_the_cann_release_in_chinese_and_full_width_words() -> None:
    """The Chinese environment lines ("CANN版本：8.0.RC1", "cann版本是8.0.RC3", "CANN：8.0.RC2.2")
    and the toolkit's install path; "ascend-toolkit/latest" names no release."""
    from hwdoctor.gather.reports.readers import messages

    prose, path = messages._PROSE_CANN, messages._TOOLKIT_PATH_CANN
    for said, release in [
        ("CANN版本：8.0.RC1", "8.0.RC1"),
        ("我的cann版本是8.0.RC3，这个问题该如何解决", "8.0.RC3"),
        ("CANN：8.0.RC2.2", "8.0.RC2.2"),
    ]:
        found = prose.search(said)
        assert found and ascend.cann_release(found.group(1)) == release, said
    found = path.search("ImportError: /usr/local/Ascend/ascend-toolkit/8.0.RC3.alpha003/aarch64")
    assert found and ascend.cann_release(found.group(1)) == "8.0.RC3"
    assert not path.search("/usr/local/Ascend/ascend-toolkit/latest/lib64/libascendcl.so")


def test_a_patch_of_the_tables_cann_release_is_that_release() -> None:
    """ "8.0.RC2.2" is a patch of 8.0.RC2, the release torch-npu 2.3.1 is for; 8.0.RC3 is
    another release, and so is 6.3.RC3 beside the table's own 6.3.RC3.1."""
    assert ascend.within_release("8.0.RC2.2", "8.0.RC2")
    assert ascend.within_release("8.0.RC2", ascend.cann_of_torch_npu("2.3.1") or "")
    assert not ascend.within_release("8.0.RC3", "8.0.RC2")
    assert not ascend.within_release("8.0.RC20", "8.0.RC2")
    assert not ascend.within_release("6.3.RC3", "6.3.RC3.1")


def test_vllm_ascends_matrix_pair_of_torch_npu_and_a_later_cann_is_quiet() -> None:
    """vLLM Ascend 0.11.0rc2's collect_env: torch-npu 2.7.1 (torch-npu's table: CANN 8.3.RC1)
    on CANN 8.3.RC2, read from the toolkit's install path; vLLM Ascend's matrix releases
    0.11.0rc2 with exactly that pair, and the thread found the environment fine."""
    name = "vllmascend4497-collect-env-vllm-ascend-0.11.0rc2-torch-2.7.1-torch-npu-2.7.1-910b4.md"
    _, data = detect(ERRORS / name)
    assert "npu.torch_npu_cann_apart" not in [f["code"] for f in data["findings"]]


# issue 38: vLLM Ascend's compiled part (vllm_ascend_C and libvllm_ascend_kernels.so) missing
# from a source install: vllm-ascend#3090 (the kernel library absent, an "_C_ascend" operator
# missing), #556 (sleep mode's "camem allocator is not available" on a build without
# COMPILE_CUSTOM_KERNELS), #1249 (the extension built against another torch).
KERNELS = "backend.vllm_ascend_kernels_not_built"


@pytest.mark.parametrize(
    ("name", "variant", "line"),
    [
        (
            "vllmascend3090-libvllm-ascend-kernels-so-missing-c-ascend-weak-ref-tensor.txt",
            "kernels",
            "libvllm_ascend_kernels.so: cannot open shared object file",
        ),
        (
            "vllmascend556-camem-allocator-not-available-compile-custom-kernels-none.md",
            None,
            'assert camem_available, "camem allocator is not available"',
        ),
        (
            "vllmascend1249-zh-vllm-ascend-c-undefined-symbol-editable-0.9.0rc2.md",
            "symbol",
            "ascend_C.cpython-310-aarch64-linux-gnu.so: undefined symbol",
        ),
    ],
    ids=lambda v: v.split("-", 1)[0] if isinstance(v, str) and v.endswith(("md", "txt")) else "",
)
def test_vllm_ascend_without_its_compiled_operators_is_named_with_a_rebuild(
    name: str, variant: str | None, line: str
) -> None:
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = finding(data, KERNELS)
    assert found["backend"] == "npu"
    words = {
        "kernels": "cannot load its kernels",
        "symbol": "was built against another torch",
        None: "compiled operators are missing",
    }
    assert words[variant] in found["message"]
    assert "pip install --no-build-isolation -e ." in found["remedy"]
    assert "COMPILE_CUSTOM_KERNELS" in found["advice"] or variant == "symbol"
    assert any(line in r["text"] for r in finding_rests(data, KERNELS))
    # not a "vllm" extension built for another torch: vLLM Ascend's own extension is named
    assert "extension.built_for_other_torch" not in [f["code"] for f in data["findings"]]
    assert not [u for u in data["unread"] if "vllm_ascend_C" in u["text"]]
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_vllm_ascend_c_absent_alone_while_serving_is_no_finding_but_not_no_problem() -> None:
    """vllm-ascend#703: 0.7.x's camem.py logs "Failed to import vllm_ascend_C:No module named
    'vllm_ascend.vllm_ascend_C'" at ERROR while serving runs normally (the level lowered in
    #937): no finding claims a broken install, and the line stays counted."""
    _, data = detect(ERRORS / "vllmascend703-zh-camem-no-module-vllm-ascend-c-serving-fine.md")
    assert KERNELS not in [f["code"] for f in data["findings"]]
    assert data["unread_count"] >= 1


# issue 38: CANN's own error codes (E, the module's letter, four digits) state an error by
# themselves: "EZ9999: … Parse dynamic kernel config fail." (gpustack#1514, a 310P) and
# "AclNN_Inner_Error(EZ9999):" (vllm-ascend#4859) are counted, never "no problem".
@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "gpustack1514-310p-llama-box-ez9999-parse-dynamic-kernel-config-fail.txt",
            "EZ9999: 2025-04-02-00:54:30.240.432  Parse dynamic kernel config fail.",
        ),
        (
            "vllmascend4859-ez9999-parse-dynamic-kernel-config-fail-engine-log.txt",
            "EZ9999[PID: 3473945] 2025-12-10-10:52:09.632.838 AclNN_Inner_Error(EZ9999):",
        ),
    ],
    ids=lambda v: v.split("-", 1)[0] if v.endswith(".txt") else "",
)
def test_canns_error_codes_are_error_lines(name: str, text: str) -> None:
    _, data = detect(ERRORS / name)
    assert [u for u in data["unread"] if text in u["text"]]
    assert data["unread_count"] >= 1


# issue 38: vLLM Ascend's build for the A2/A3 on an Atlas 300I (310P). Its 310P support came in
# v0.9.1rc1, in its -310p builds only (compat/ascend.py VLLM_ASCEND_FIRST_310P); the others'
# kernels are built for Ascend910B1, which CANN's Ascend C runtime refuses on the 310P3
# (vllm-ascend#2725: its v0.10.0rc1 openEuler image; #5599: a 300I Duo).
VLLM_310P = (
    ERRORS / "vllmascend2725-zh-310p3-v0.10.0rc1-a2-image-socversion-ascend910b1-bin-package.md",
    ERRORS / "vllmascend5599-300i-duo-310p3-socversion-ascend910b1-bin-package-cann-8.2.rc2.md",
)
OPP_KERNELS = ERRORS / "mindspeedllm2-mindspore-ascend-opp-kernels-not-installed-cann-8.3.rc2.md"
ATLAS_300I = REPORTS / "npu_smi" / "nvtop421-npu-smi-25.2.0-atlas300i-duo-310p3.txt"


@pytest.mark.parametrize("path", VLLM_310P, ids=lambda p: p.name.split("-", 1)[0])
def test_vllm_ascends_a2_build_on_a_310p_is_named_with_its_310p_image(path: Path) -> None:
    exit_code, data = detect(path)
    assert exit_code == 1
    found = finding(data, "backend.vllm_ascend_device_unsupported")
    assert found["backend"] == "npu"
    assert "the paste's NPU, 310P3 (an Atlas 300I, 310P)" in found["message"]
    assert "built for Ascend910B1" in found["message"]
    assert found["remedy"] == "docker pull " + ascend.VLLM_ASCEND_310P_IMAGE
    assert "SOC_VERSION=ascend310p1" in found["advice"]
    assert data["unread_count"] == 0  # CANN's socversion line is the finding's
    assert [f["code"] for f in data["findings"]].count("npu.cann_kernels_missing") == 0
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


def test_the_socversion_line_without_vllm_names_the_kernels_package_for_the_device(
    tmp_path: Path,
) -> None:
    """CANN's socversion refusal and the toolkit's release (#5599's run.sh paths, CANN
    8.2.RC2) beside npu-smi on an Atlas 300I Duo (nvtop#421), no vLLM line: another SoC's
    package, and the install line of the 310P's kernels package of that release."""
    log = VLLM_310P[1].read_text()
    paste = tmp_path / "310p.txt"
    paste.write_text(ATLAS_300I.read_text() + "\n" + log[log.index("[ERROR] the socversion") :])
    exit_code, data = detect(paste)
    assert exit_code == 1
    found = finding(data, "npu.cann_kernels_missing")
    assert (
        "for Ascend910B1, this NPU is Ascend310P3 (the toolkit here: CANN 8.2.RC2)"
        in (found["message"])
    )
    assert found["remedy"] == "./Ascend-cann-kernels-310p_8.2.RC2_linux*.run --install"
    codes = [f["code"] for f in data["findings"]]
    assert "backend.vllm_ascend_device_unsupported" not in codes


def test_vllm_ascend_on_a_310p_without_an_error_is_no_finding(tmp_path: Path) -> None:
    """npu-smi of a 300I Duo and vLLM Ascend's worker log (#2725's lines before CANN's
    refusal): vLLM on a 310P is no finding by itself (its -310p builds run there)."""
    log = VLLM_310P[0].read_text()
    paste = tmp_path / "fine.txt"
    paste.write_text(ATLAS_300I.read_text() + "\n" + log[: log.index("..[ERROR]")])
    _, data = detect(paste)
    codes = [f["code"] for f in data["findings"]]
    assert "backend.vllm_ascend_device_unsupported" not in codes
    assert "npu.cann_kernels_missing" not in codes


def test_mindsporesopp_kernels_not_installed_is_the_kernels_package() -> None:
    exit_code, data = detect(OPP_KERNELS)
    assert exit_code == 1
    found = finding(data, "npu.cann_kernels_missing")
    assert found["backend"] == "npu"
    assert '"opp_kernels is not installed"' in found["message"]
    assert "(the toolkit here: CANN 8.3.RC2)" in found["message"]
    assert "Ascend-cann-kernels-310p" in found["advice"]
    assert data["unread_count"] == 0
    assert not [line for line in lines_of(data) if any(s in line for s in CUDA_OR_ROCM)]


@pytest.mark.parametrize(
    ("chip", "package"),
    [
        ("910B3", "910b"),
        ("910B2C", "910b"),
        ("910B4-1", "910b"),
        ("Ascend910B1", "910b"),  # CANN's SoC name, as its socversion message gives it
        ("910ProB", "910"),
        ("910B", "910"),  # the first generation's 910B, no digit
        ("310P3", "310p"),
        ("Ascend310P3", "310p"),
        ("Ascend910", ""),  # an A3: its package name is not given
    ],
)
def test_the_kernels_package_of_each_soc(chip: str, package: str) -> None:
    assert ascend.kernels_package(chip) == package


def test_a_vllm_ascend_release_before_its_310p_support_on_a_310p(tmp_path: Path) -> None:
    """npu-smi of a 300I Duo (nvtop#421) and vllm-ascend#143's pip list (vllm_ascend
    0.7.1rc1): a release before v0.9.1rc1, vLLM Ascend's first with 310P support, so the
    remedy is its -310p image the tutorial names, not one of that release."""
    paste = tmp_path / "old.txt"
    paste.write_text(ATLAS_300I.read_text() + "\n" + VA_143.read_text())
    exit_code, data = detect(paste)
    assert exit_code == 1
    found = finding(data, "backend.vllm_ascend_device_unsupported")
    assert (
        "vLLM Ascend 0.7.1rc1 came before its first Atlas 300I support (v0.9.1rc1"
        in (found["message"])
    )
    assert found["remedy"] == "docker pull " + ascend.VLLM_ASCEND_310P_IMAGE


# issue 38: vLLM Ascend on an Atlas 300I, the NPU named in words, vLLM Ascend named in words
VA_310P_ASKED = (
    # vllm-ascend#859: "the 310p device is not supported … can't use vllm-ascend？"
    ERRORS / "vllmascend859-310p-device-not-supported-prose-vllm-ascend.md",
    # vllm-ascend#226: "请问300I Duo以及Atlas 200I A2是否支持vllm-ascend" (Chinese, no spaces)
    ERRORS / "vllmascend226-zh-title-300i-duo-atlas-200i-a2-vllm-ascend-question.md",
    # vllm-ascend#1500: a 310p in the title, vllm_ascend's NPUWorker in a one-line traceback
    ERRORS / "vllmascend1500-zh-title-910b2-to-310p-vllm-ascend-npuworker-traceback.md",
    # vllm-ascend#3491: "VLLM- Ascend支持在300i、300i Duo、310p上进行推理吗"
    ERRORS / "vllmascend3491-zh-title-300i-duo-310p-which-release.md",
)


@pytest.mark.parametrize("path", VA_310P_ASKED, ids=[p.name.split("-")[0] for p in VA_310P_ASKED])
def test_vllm_ascend_named_beside_an_atlas_300i_in_words(path: Path) -> None:
    """No release and no -310p build shown: the answer is the releases and builds of vLLM
    Ascend that run on the 310P, with its Atlas 300I image, never a CUDA index. A question
    with no error shown (#226, #3491) is answered as a warning (s19-quiet), a failure said or
    shown (#859, #1500) stays an error."""
    exit_code, data = detect(path)
    found = finding(data, "backend.vllm_ascend_device_unsupported")
    asked = path in VA_310P_ASKED[1::2]
    assert found["severity"] == ("warning" if asked else "error")
    assert exit_code == (0 if asked else 1)
    assert "only in its -310p builds from v" + ascend.VLLM_ASCEND_FIRST_310P in found["message"]
    assert found["remedy"] == "docker pull " + ascend.VLLM_ASCEND_310P_IMAGE
    assert not any(bad in line for line in lines_of(data) for bad in CUDA_OR_ROCM)


def test_npu_smi_of_a_300i_duo_beside_a_question_naming_vllm_ascend(tmp_path: Path) -> None:
    """npu-smi's 310P3 rows (nvtop#421) and vllm-ascend#226's question: the chip npu-smi
    names is the one the answer names."""
    paste = tmp_path / "asked.txt"
    paste.write_text(ATLAS_300I.read_text() + "\n" + VA_310P_ASKED[1].read_text())
    exit_code, data = detect(paste)
    assert exit_code == 0  # a question, no error shown: the answer is a warning (s19-quiet)
    assert (
        "the paste's NPU, 310P3"
        in finding(data, "backend.vllm_ascend_device_unsupported")["message"]
    )


def test_vllm_ascend_310p_image_on_a_310p_is_its_atlas_300i_build() -> None:
    """vllm-ascend#6842: v0.14.0rc1-310p-openeuler on 310P3 chips is the build for them."""
    _, data = detect(ERRORS / "vllmascend6842-zh-310p3-v0.14.0rc1-310p-image-npu-smi.md")
    codes = [f["code"] for f in data["findings"]]
    assert "backend.vllm_ascend_device_unsupported" not in codes
