"""What the process loaded and who installed it (payload_loaded.py); ROCm as pip installs it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Literal

from hwdoctor import versions
from hwdoctor.compat import libraries
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Known, check
from hwdoctor.diagnosis.checks.hardware import _AMD, _NVIDIA
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    Libraries,
    LoadedLibrary,
    Origin,
    Section,
    WheelLibrary,
)
from hwdoctor.model.reports import Finding

_HASH_SUFFIX: Final = re.compile(r"-[0-9a-f]{8}$")


def _stem(path: str) -> str:
    """A library's name without directory, version or auditwheel's hash: libgomp."""
    base = path.rsplit("/", 1)[-1].split(".so", 1)[0]
    return _HASH_SUFFIX.sub("", base)


def _shown_paths(items: Iterable[LoadedLibrary]) -> str:
    return ", ".join(dict.fromkeys(item.path for item in items))


def _owners(items: Iterable[LoadedLibrary]) -> str:
    said = [f"{item.path} is {item.owner}'s ({item.origin.value})" if item.owner
            else f"{item.path} comes from {item.origin.value.replace('_', ' ')}"
            for item in items]  # fmt: skip
    return "; ".join(dict.fromkeys(said))


@check(Section.LIBRARIES, optional=(Section.PYTHON,))
def check_loaded_libraries(known: Known) -> Iterable[Finding]:
    """Two CUDA majors, two copies of one library, a copy that shadows the wheel's own."""
    found = known.libraries
    loaded = found.loaded
    majors: dict[int, list[LoadedLibrary]] = {}
    for item in loaded:
        family = libraries.BY_NAME.get(item.family)
        major = libraries.major_of(item.path)
        if family is not None and family.cuda_major and major is not None:
            majors.setdefault(major, []).append(item)
    mixed = len(majors) >= 2
    if mixed:
        both = [item for key in sorted(majors) for item in majors[key]]
        yield finding(
            Code.LIBRARIES_MIXED_CUDA,
            backend=_NVIDIA,
            majors=" and ".join(str(key) for key in sorted(majors)),
            paths=_shown_paths(both),
            owners=_owners(both),
            pip_list=known.way.run("list"),
        )
    by_stem: dict[str, list[LoadedLibrary]] = {}
    for item in loaded:
        by_stem.setdefault(_stem(item.path), []).append(item)
    for stem, copies in by_stem.items():
        family = libraries.BY_NAME.get(copies[0].family)
        if len({c.path for c in copies}) < 2 or (mixed and family and family.cuda_major):
            continue
        yield finding(Code.LIBRARIES_DUPLICATE, library=stem, paths=_shown_paths(copies),
                      owners=_owners(copies))  # fmt: skip
    loaded_paths = {item.path for item in loaded}
    for item in loaded:
        if item.origin is Origin.PIP:
            continue
        wheel = next((w for w in found.wheel_copies if _stem(w.path) == _stem(item.path)
                      and w.path not in loaded_paths), None)  # fmt: skip
        if wheel is None:
            continue
        yield _shadowed(found, item, wheel)


def _shadowed(found: Libraries, item: LoadedLibrary, wheel: WheelLibrary) -> Finding:
    variable = {Origin.LD_LIBRARY_PATH: "LD_LIBRARY_PATH", Origin.LD_PRELOAD: "LD_PRELOAD"}
    name = variable.get(item.origin)
    entries = found.ld_library_path if item.origin is Origin.LD_LIBRARY_PATH else found.ld_preload
    kept = [entry for entry in entries if entry != item.via]
    separator = ":" if item.origin is Origin.LD_LIBRARY_PATH else " "
    variant: Literal["system", "unset"] | None = (
        "system" if name is None else ("unset" if not kept else None)
    )
    return finding(
        Code.LIBRARIES_SHADOWED,
        variant=variant,
        library=_stem(item.path),
        loaded=item.path,
        origin=f"from {name}" if name else item.origin.value,
        dist=wheel.dist,
        wheel=wheel.path,
        variable=name,
        via=item.via,
        kept=separator.join(kept),
    )


def _pip_stack(name: str) -> bool:
    """torch, or one of NVIDIA's CUDA library wheels (nvidia-cudnn-cu12, not nvidia-ml-py)."""
    return name == "torch" or bool(re.match(r"^nvidia-[a-z-]+-cu\d+$", name))


@check(Section.LIBRARIES, optional=(Section.PYTHON,))
def check_package_managers(known: Known) -> Iterable[Finding]:
    managed = known.libraries.managed
    conda = sorted({f"{m.name} {m.version}" for m in managed if m.manager == "conda"
                    and m.name in libraries.CONDA_NAMES})  # fmt: skip
    pip = sorted({f"{m.name} {m.version}" for m in managed if m.manager == "pip"
                  and _pip_stack(m.name)})  # fmt: skip
    if conda and pip:
        yield finding(Code.LIBRARIES_CONDA_AND_PIP, conda=", ".join(conda),
                      pip=", ".join(pip), pip_list=known.way.run("list"))  # fmt: skip


def cudnn_compatible(compiled: str, runtime: str) -> bool | None:
    """torch's own rule (torch/backends/cudnn/__init__.py, _init): the same major, and from
    cuDNN 7 a runtime minor at least the compiled one; None where a version is unreadable."""
    try:
        built = [int(part) for part in compiled.split(".")[:2]]
        loaded = [int(part) for part in runtime.split(".")[:2]]
    except ValueError:
        return None
    if len(built) < 2 or len(loaded) < 2:
        return None
    if built[0] != loaded[0]:
        return False
    return loaded[1] >= built[1] if loaded[0] >= 7 else loaded[1] == built[1]


@check(Section.LIBRARIES, Section.TORCH)
def check_cudnn_version(known: Known) -> Iterable[Finding]:
    found = known.libraries
    cudnn = next((item for item in found.loaded
                  if item.family == "cudnn" and _stem(item.path) == "libcudnn"), None)  # fmt: skip
    runtime = found.cudnn_runtime or (cudnn.version if cudnn else None)
    if (
        not found.cudnn_compiled
        or not runtime
        or cudnn_compatible(found.cudnn_compiled, runtime) is not False
    ):
        return
    via = cudnn.via if cudnn is not None and cudnn.origin is Origin.LD_LIBRARY_PATH else None
    yield finding(
        Code.LIBRARIES_CUDNN_OLDER,
        backend=_NVIDIA,
        torch=known.torch.version,
        compiled=found.cudnn_compiled,
        runtime=runtime,
        path=cudnn.path if cudnn else "the library path",
        via=via,
        kept=":".join(e for e in found.ld_library_path if e != via) if via else None,
    )


_ROCM_LABEL: Final = re.compile(r"\+rocm(\d+\.\d+(?:\.\d+)?(?:(?:a|b|rc)\d+)?)")


_PINNED: Final = re.compile(r"==\s*([0-9][0-9A-Za-z.+]*)")


def _family_covers(dist: str, gfx: str) -> bool:
    """Whether TheRock's `rocm-sdk-libraries-<family>` / `rocm-sdk-device-<gfx>` wheel covers
    `gfx`: a family names the target with its last character as X (gfx94X-dcgpu covers
    gfx942; TheRock's _dist_info.py discover_current_target_family: arch[:-1] + "X")."""
    target = dist.removeprefix("rocm-sdk-libraries-").removeprefix("rocm-sdk-device-").lower()
    family = target.split("-", 1)[0]
    return family == gfx.lower() or family == gfx.lower()[:-1] + "x"


@check(Section.LIBRARIES, Section.TORCH, optional=(Section.HOST,))
def check_rocm_wheels(known: Known) -> Iterable[Finding]:
    found = known.libraries
    torch = known.torch.version or ""
    requirement = next(iter(found.torch_rocm_requires), None)
    if requirement is None:
        return  # a torch that does not ask for TheRock's wheels (bundled ROCm, or none)
    wheels = {m.name: m for m in found.rocm_wheels}
    reinstall = known.torch_again()
    core = wheels.get("rocm-sdk-core")
    if core is None:
        yield finding(Code.ROCM_WHEELS_MISSING, backend=_AMD, torch=torch,
                      requirement=requirement, missing="rocm-sdk-core",
                      reinstall=reinstall)  # fmt: skip
        return
    pinned = _PINNED.search(requirement)
    wanted = pinned.group(1) if pinned else None
    if wanted and core.version and versions.parse(core.version) != versions.parse(wanted):
        yield finding(Code.ROCM_WHEELS_MISMATCH, backend=_AMD, torch=torch, wanted=wanted,
                      dist="rocm-sdk-core", installed=core.version,
                      reinstall=reinstall)  # fmt: skip
    host = known.if_known.host
    device_wheels = [n for n in wheels if n.startswith(("rocm-sdk-libraries-", "rocm-sdk-device-"))]
    for gfx in dict.fromkeys(host.gfx_targets or ()) if host else ():
        if any(_family_covers(name, gfx) for name in device_wheels):
            continue
        extra = f"device-{gfx}"
        offered = extra in found.torch_extras
        spec = f"torch[{extra}]=={torch}"
        yield finding(
            Code.ROCM_DEVICE_EXTRA_MISSING,
            backend=_AMD,
            gfx=gfx,
            installed=", ".join(device_wheels) or "none",
            install=known.way.install(spec) if offered and versions.is_version(torch) else None,
        )


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_loaded_libraries,
    check_package_managers,
    check_cudnn_version,
    check_rocm_wheels,
)
