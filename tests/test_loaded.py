"""What the probe's process loaded, and who owns it (issue 41, item 1).

The live test plants a second copy of a library torch's CPU wheel loads (libgomp.so.1:
libtorch_cpu.so has `NEEDED libgomp.so.1` and `RUNPATH $ORIGIN`, torch's RECORD ships
torch/lib/libgomp.so.1) in a directory on LD_LIBRARY_PATH, which the dynamic linker
searches before a RUNPATH (ld.so(8)); the real detect must name both paths. The other
judgements run on the recorded CPU machine's evidence with the libraries changed.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hwdoctor import diagnosis
from hwdoctor.compat import libraries
from hwdoctor.diagnosis.checks import cudnn_compatible
from hwdoctor.gather.probe import payload_loaded
from hwdoctor.model.facts import Evidence, Libraries, LoadedLibrary, Managed, Origin, WheelLibrary
from tests.conftest import base_env, run_hwdoctor
from tests.evidence import codes, cpu_host, one


def _torch_lib() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("torch")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "lib"


def test_a_planted_libgomp_on_ld_library_path_shadows_the_wheel_s_own(tmp_path: Path) -> None:
    wheel_copy = _torch_lib() / "libgomp.so.1"
    if not wheel_copy.is_file():
        pytest.skip("this torch wheel does not ship torch/lib/libgomp.so.1")
    planted = tmp_path / "planted"
    planted.mkdir()
    shutil.copy(wheel_copy, planted / "libgomp.so.1")
    env = {**base_env(), "LD_LIBRARY_PATH": str(planted)}
    saved = tmp_path / "evidence.json"
    result = run_hwdoctor("detect", "--json", "--save-evidence", str(saved), env=env)
    assert result.returncode == 0, result
    finding = next(f for f in result.json()["data"]["findings"]
                   if f["code"] == "libraries.shadowed")  # fmt: skip
    assert str(planted / "libgomp.so.1") in finding["message"]
    assert str(wheel_copy) in finding["message"]
    assert finding["remedy"].splitlines()[-1] == "unset LD_LIBRARY_PATH"
    # The evidence keeps the facts it rests on, and replays to the same finding.
    loaded = json.loads(saved.read_text())["libraries"]["loaded"]
    assert {"family": "gomp", "origin": "ld_library_path", "path": str(planted / "libgomp.so.1"),
            "via": str(planted), "owner": None, "owner_version": None} in loaded  # fmt: skip
    replay = run_hwdoctor("detect", "--from", str(saved), "--json", env=base_env())
    assert "libraries.shadowed" in replay.codes()


def test_without_a_planted_copy_the_wheel_owns_what_is_loaded(tmp_path: Path) -> None:
    """A process that imported torch, read as the probe reads it: torch's libgomp is owned
    by torch, from its RECORD. (In a process of its own: torch imported into the test
    process would stay there for every later test of this worker.)"""
    code = (
        "import json, torch; from hwdoctor.gather.probe import job, payload_loaded; "
        "print(json.dumps(payload_loaded.loaded_libraries(job.probe_job())))"
    )
    env = {k: v for k, v in base_env().items() if k != "LD_LIBRARY_PATH"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    facts = json.loads(done.stdout)
    assert facts["maps_read"] and not facts["truncated"]
    gomp = [entry for entry in facts["loaded"] if entry["family"] == "gomp"]
    if not gomp:
        pytest.skip("this torch loads no libgomp of its own")
    assert gomp[0]["origin"] == "pip" and gomp[0]["owner"] == "torch"


def test_the_maps_reader_is_bounded_in_lines_and_bytes(tmp_path: Path) -> None:
    """A maps file of the real format (this process's own lines, repeated) beyond the
    probe's limits is read up to them and says it was cut."""
    own = Path("/proc/self/maps").read_bytes().splitlines(keepends=True)
    big = tmp_path / "maps"
    big.write_bytes(b"".join(own * (libraries.MAPS_MAX_LINES // len(own) + 2)))
    limits = libraries.wire()["limits"]
    readable, lines, truncated, paths = payload_loaded.read_maps(str(big), limits)
    # The byte bound comes first for lines this long; either bound cuts the read.
    assert readable and truncated and 100_000 < lines <= libraries.MAPS_MAX_LINES
    assert paths and all(".so" in path for path in paths)
    assert payload_loaded.read_maps(str(tmp_path / "missing"), limits) == (False, 0, False, [])


def test_the_record_reader_keeps_each_line_s_path_that_holds_so() -> None:
    """The installed torch's own RECORD (the wheel spec's CSV: path,hash,size): every
    line whose path (the text before its first comma) holds ".so", in order; a ".so" after
    the comma (a hash, a size) or on a line without one is no path."""
    import importlib.metadata

    text = importlib.metadata.distribution("torch").read_text("RECORD")
    assert text is not None
    record = text.encode("utf-8", "surrogateescape")
    lines = [line.partition(b",") for line in record.split(b"\n")]
    expected = [path for path, comma, _ in lines if comma and b".so" in path]
    assert b"torch/lib/libgomp.so.1" in expected
    assert payload_loaded.recorded_libraries(record) == expected
    odd = b"a/libx.so,sha256=q,1\r\nb/c.py,sha256=x.so,2\nlib.so.1\n,x.so\nz/libz.so.1,,"
    assert payload_loaded.recorded_libraries(odd) == [b"a/libx.so", b"z/libz.so.1"]


def test_family_patterns_name_real_sonames() -> None:
    match = payload_loaded.family_matcher(libraries.wire()["families"])
    assert match("libcudart.so.12") == "cudart"
    assert match("libcudnn.so.9.1.0") == "cudnn"
    assert match("libcudnn_graph.so.9") == "cudnn"
    assert match("libcublasLt.so.13") == "cublaslt"
    assert match("libgomp-a34b3233.so.1") == "gomp"
    assert match("libamdhip64.so.7") == "amdhip64"
    assert match("libze_loader.so.1") == "ze_loader"
    assert match("libc.so.6") is None and match("libcudart_static.a") is None
    assert libraries.version_of("/x/libcudnn.so.9.1.0") == "9.1.0"
    assert libraries.major_of("/x/libcudart.so.13") == 13


def _with(evidence: Evidence, **changes: object) -> Evidence:
    return dataclasses.replace(evidence, libraries=Libraries(maps_read=True, **changes))  # type: ignore[arg-type]


def _lib(family: str, path: str, origin: Origin = Origin.SYSTEM, **more: str) -> LoadedLibrary:
    return LoadedLibrary(family, path, origin, **more)


def test_two_cuda_majors_in_one_process() -> None:
    """The mixed stack of issue 41: pip's cu13 runtime and a conda cu12 one."""
    site = "/env/lib/python3.12/site-packages/nvidia"
    evidence = _with(cpu_host(), loaded=(
        _lib("cudart", f"{site}/cuda_runtime/lib/libcudart.so.13", Origin.PIP,
             owner="nvidia-cuda-runtime"),
        _lib("cudart", "/env/lib/libcudart.so.12.4.127", Origin.CONDA, owner="cuda-cudart"),
    ))  # fmt: skip
    report = diagnosis.detect(evidence)
    found = one(report.findings, "libraries.mixed_cuda_majors")
    assert "CUDA 12 and 13" in found.message and "libcudart.so.12.4.127" in found.message
    assert "libraries.duplicate" not in codes(report.findings)


def test_two_copies_of_one_library() -> None:
    evidence = _with(cpu_host(), loaded=(
        _lib("gomp", "/venv/site-packages/torch/lib/libgomp.so.1", Origin.PIP, owner="torch"),
        _lib("gomp", "/usr/lib/x86_64-linux-gnu/libgomp.so.1.0.0"),
    ))  # fmt: skip
    found = one(diagnosis.detect(evidence).findings, "libraries.duplicate")
    assert "torch/lib/libgomp.so.1" in found.message and "libgomp.so.1.0.0" in found.message


def test_a_system_cudnn_shadowing_the_wheel_s_and_older_than_torch_s_build() -> None:
    wheel = "/env/site-packages/nvidia/cudnn/lib/libcudnn.so.9"
    evidence = _with(
        cpu_host(),
        loaded=(_lib("cudnn", "/usr/local/cuda/lib64/libcudnn.so.9.1.0", Origin.LD_LIBRARY_PATH,
                     via="/usr/local/cuda/lib64"),),
        wheel_copies=(WheelLibrary("cudnn", wheel, "nvidia-cudnn-cu12", "9.10.2.21"),),
        ld_library_path=("/usr/local/cuda/lib64", "/opt/other"),
        cudnn_compiled="9.10.2",
    )  # fmt: skip
    report = diagnosis.detect(evidence)
    shadowed = one(report.findings, "libraries.shadowed")
    assert wheel in shadowed.message
    assert shadowed.remedy is not None and "export LD_LIBRARY_PATH=/opt/other" in shadowed.remedy
    older = one(report.findings, "libraries.cudnn_older_than_build")
    assert "cuDNN 9.10.2" in older.message and "9.1.0" in older.message


def test_torch_s_own_cudnn_rule() -> None:
    """torch/backends/cudnn/__init__.py _init: same major; from 7, runtime minor >= built."""
    assert cudnn_compatible("9.10.2", "9.12.0") is True
    assert cudnn_compatible("9.10.2", "9.1.0") is False
    assert cudnn_compatible("9.1.0", "8.9.7") is False
    assert cudnn_compatible("6.0.21", "6.1.0") is False
    assert cudnn_compatible("9", "9.1") is None


def test_conda_and_pip_both_provide_torch_s_stack() -> None:
    evidence = _with(cpu_host(), managed=(
        Managed("torch", "2.14.1+cu130", "pip"), Managed("nvidia-cudnn-cu13", "9.24.0.43", "pip"),
        Managed("nvidia-ml-py", "13.615.71", "pip"), Managed("cudnn", "9.1.0", "conda"),
        Managed("pytorch-cuda", "12.4", "conda"),
    ))  # fmt: skip
    found = one(diagnosis.detect(evidence).findings, "libraries.conda_and_pip")
    assert "cudnn 9.1.0" in found.message and "torch 2.14.1+cu130" in found.message
    assert "nvidia-ml-py" not in found.message


def test_evidence_without_libraries_lists_the_checks_as_not_checked() -> None:
    report = diagnosis.detect(dataclasses.replace(cpu_host(), libraries=None))
    skipped = {item.check: item.missing for item in report.not_checked}
    assert skipped["loaded_libraries"] == ("libraries",)


# --- ROCm as pip installs it (issue 41, item 2) --------------------------------------------

ROCM = Path(__file__).resolve().parent / "data" / "real" / "rocm-wheels"


def _dist_info(site: Path, name: str, version: str) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")


def test_rocm_wheels_are_read_from_metadata_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The distributions of the recorded install (TheRock#3046), read by the probe's own
    function from their dist-info directories, and torch's METADATA lines on them."""
    import email

    recorded = (ROCM / "therock-3046-uv-install.txt").read_text()
    assert "rocm-sdk-libraries-gfx1151" in recorded and "rocm==7.11.0a20260112" in recorded
    site = tmp_path / "site"
    for name in ("rocm", "rocm-sdk-core", "rocm-sdk-libraries-gfx1151"):
        _dist_info(site, name, "7.11.0a20260112")
    monkeypatch.syspath_prepend(str(site))
    torch_meta = email.message_from_string(
        "Name: torch\nVersion: 2.9.1+rocm7.11.0a20260112\n"
        "Requires-Dist: rocm[libraries,device-all]==7.11.0a20260112\n"
        "Requires-Dist: filelock\nProvides-Extra: device-gfx1151\nProvides-Extra: device-gfx1100\n"
    )
    facts = payload_loaded.rocm_wheel_facts(torch_meta)
    names = {d["name"] for d in facts["dists"]}
    assert {"rocm", "rocm-sdk-core", "rocm-sdk-libraries-gfx1151"} <= names
    assert facts["torch_requires"] == ["rocm[libraries,device-all]==7.11.0a20260112"]
    assert facts["torch_extras"] == ["device-gfx1151", "device-gfx1100"]


def _rocm_machine(gfx: str, core: str | None, libraries_dist: str) -> Evidence:
    evidence = _with(
        cpu_host(),
        rocm_wheels=tuple(Managed(n, v, "pip") for n, v in (
            ("rocm", "7.11.0a20260112"), ("rocm-sdk-core", core),
            (libraries_dist, "7.11.0a20260112")) if v is not None),
        torch_extras=("device-gfx1151", "device-gfx1100"),
        torch_rocm_requires=("rocm[libraries,device-all]==7.11.0a20260112",),
    )  # fmt: skip
    assert evidence.torch is not None and evidence.host is not None
    torch = dataclasses.replace(evidence.torch, version="2.9.1+rocm7.11.0a20260112", build="rocm")
    host = dataclasses.replace(evidence.host, gfx_targets=(gfx,))
    return dataclasses.replace(evidence, torch=torch, host=host)


def test_the_device_extra_for_this_machine_s_gfx() -> None:
    """A gfx1100 machine (the RX 7900 XTX of tests/data/real/kfd) with the gfx1151 device
    libraries of the recorded install: the remedy names torch's extra for gfx1100."""
    report = diagnosis.detect(_rocm_machine("gfx1100", "7.11.0a20260112",
                                            "rocm-sdk-libraries-gfx1151"))  # fmt: skip
    found = one(report.findings, "rocm.device_extra_missing")
    assert "gfx1100" in found.message and "rocm-sdk-libraries-gfx1151" in found.message
    assert found.remedy is not None
    assert "'torch[device-gfx1100]==2.9.1+rocm7.11.0a20260112'" in found.remedy
    covered = diagnosis.detect(_rocm_machine("gfx1151", "7.11.0a20260112",
                                             "rocm-sdk-libraries-gfx1151"))  # fmt: skip
    assert "rocm.device_extra_missing" not in codes(covered.findings)
    family = diagnosis.detect(_rocm_machine("gfx942", "7.11.0a20260112",
                                            "rocm-sdk-libraries-gfx94X-dcgpu"))  # fmt: skip
    assert "rocm.device_extra_missing" not in codes(family.findings)


def test_rocm_wheels_missing_or_of_another_release() -> None:
    missing = diagnosis.detect(_rocm_machine("gfx1151", None, "rocm-sdk-libraries-gfx1151"))
    assert "rocm-sdk-core" in one(missing.findings, "rocm.wheels_missing").message
    other = diagnosis.detect(_rocm_machine("gfx1151", "7.10.0", "rocm-sdk-libraries-gfx1151"))
    found = one(other.findings, "rocm.wheels_mismatch")
    assert "7.11.0a20260112" in found.message and "7.10.0" in found.message
