"""Hardware against packages, and Apple silicon: the macOS release and the interpreter's
architecture."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.diagnosis.catalogue import Code
from hwdoctor.diagnosis.checks.core import Install, Known, check
from hwdoctor.diagnosis.checks.devices import _hidden, _masked
from hwdoctor.diagnosis.checks.driver import _driver_findings
from hwdoctor.diagnosis.checks.host import _placement_explains
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    BackendFacts,
    HostFacts,
    Section,
    TorchInfo,
)
from hwdoctor.model.reports import Finding
from hwdoctor.text import one_line, printable


def _asked(facts: BackendFacts) -> str:
    """torch's own words that a program asked this build for a backend it lacks."""
    return facts.asked or ""


def _missing_backend(known: Known) -> Iterable[tuple[registry.Backend, BackendFacts]]:
    """The backends whose hardware is present but which torch does not make available."""
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if (
            facts is None
            or backend.query.kind is registry.QueryKind.CPU
            or facts.available
            or not (_asked(facts) or known.hardware_present(backend))
            or not facts.probed
            or not known.torch.importable
        ):
            continue
        yield backend, facts


class _Missing(Install):
    """What the findings of hardware torch cannot use carry (typed for `finding`)."""

    hardware: str
    where: str


# The host where known: torch's own words ("Torch not compiled with CUDA enabled") suffice.
@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_build_for_hardware(known: Known) -> Iterable[Finding]:
    """Hardware present, and torch built for none of it or its package missing; or torch's
    own word that a program asked a CPU-only build for CUDA (the host need not be known)."""
    torch = known.torch
    missing = list(_missing_backend(known))
    # issue 38: the hardware of another backend whose torch build this one is not (an AMD
    # GPU, shown): a program's torch.cuda call on a CPU-only torch there ("Torch not compiled
    # with CUDA enabled") asks the build that GPU needs, which torch.cuda serves too (the
    # ROCm build answers torch.cuda through HIP: PyTorch's "HIP (ROCm) semantics" note), so
    # that backend's finding says it, with that build's remedy, and never a CUDA one.
    host = known.if_known.host is not None
    present = [
        b
        for b, f in missing
        if host and b.query.build and f.reason == "build" and known.hardware_present(b)
    ]
    for backend, facts in missing:
        wrong_build = bool(backend.query.build) and facts.reason == "build"
        asked = bool(_asked(facts)) and not (
            known.if_known.host is not None and known.hardware_present(backend)
        )
        if asked and present and not known.hardware_present(backend):
            continue
        common: _Missing = {
            "hardware": backend.hardware,
            "where": "" if asked else known.hardware_detail(backend),
            **known.install(backend, replace=wrong_build),
        }
        if wrong_build:
            build = torch.build or "unknown"
            cpu = build == registry.Build.CPU.value
            shown = torch.version or "(version not shown)"
            name, said = registry.build_name(build), _asked(facts)
            yield (
                finding(
                    Code.CPU_ONLY_BUILD,
                    backend=backend.key,
                    variant="asked" if asked else None,
                    torch=shown,
                    build=name,
                    said=said,
                    **common,
                )
                if cpu  # only the CPU build's finding has the words for a program that asked
                else finding(
                    Code.BUILD_MISMATCH,
                    backend=backend.key,
                    torch=shown,
                    build=name,
                    said=said,
                    **common,
                )
            )
        elif backend.module and not facts.installed and facts.importable is None:
            yield finding(
                Code.PACKAGE_MISSING, backend=backend.key, package=backend.package, **common
            )


@check(Section.TORCH, Section.BACKENDS, Section.HOST, Section.ENV)
def check_hardware_without_backend(known: Known) -> Iterable[Finding]:
    """Hardware present, the right build and package, and still no device: why, where the
    driver, the placement or the platform say so, else that it is unavailable."""
    for backend, facts in _missing_backend(known):
        if backend.query.build and facts.reason == "build":
            continue  # check_build_for_hardware
        if backend.module and not facts.installed and facts.importable is None:
            continue  # check_build_for_hardware
        if facts.importable is False or facts.query_error is not None:
            continue
        if any(True for _ in _driver_findings(known, backend)):
            continue  # the driver explains it, with its own remedy
        if _placement_explains(known, backend) or _platform_explains(known, backend):
            continue  # a permission, container or platform finding says why, and what to do
        if any(True for _ in _hidden(known, backend)) or any(True for _ in _masked(known, backend)):
            continue  # a visibility variable hides them: check_hidden_devices says so
        set_vars = [
            f"{name}={known.env[name]!r}" for name in backend.visibility_env if name in known.env
        ]
        wsl = known.host.placement is not None and known.host.placement.wsl
        yield finding(
            Code.BACKEND_UNAVAILABLE,
            backend=backend.key,
            module=backend.query.module or backend.module,
            visibility=f" ({', '.join(set_vars)})" if set_vars else "",
            hardware_remedy=(wsl and backend.wsl_remedy) or backend.hardware_remedy,
            hardware=backend.hardware,
            where=known.hardware_detail(backend),
            **known.install(backend),
        )


# The macOS release MPS needs, by torch release (below it is_available() is False and
# `.to("mps")` raises "The MPS backend is supported on MacOS N+"):
# - 1.12 to 2.4: 12.3, PyTorch's MPS notes (docs/source/notes/mps.rst, "MacOS version is not
#   12.3+") and the get-started page;
# - 2.5 to 2.9: 13.0, since the 12.3 checks were removed (pytorch/pytorch#133141, Aug 2024;
#   a maintainer confirms 2.5.1 needs 13.0 in pytorch/pytorch#139425);
# - 2.10 on: 14.0 (pytorch/pytorch#163515 "PyTorch needs MacOS-14 or newer to use MPS",
#   Sep 2025; pytorch/pytorch#164943, a 2.10 nightly refusing macOS 13.7.4; the notes say
#   14.0+ since pytorch/pytorch#176919).
# An x86_64 interpreter under Rosetta runs torch's x86_64 macOS wheel, which has no MPS on
# Apple silicon (`sysctl.proc_translated` tells, see gather/host.py).
_MPS_MACOS: Final = (((2, 10), (14, 0)), ((2, 5), (13, 0)), ((0, 0), (12, 3)))


_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)


# The rows the health and library findings are about: the NVIDIA GPU (the kernel log's Xid
# lines, NVML, CUDA libraries) and the AMD GPU (ROCm's wheels), found by their torch build.
_NVIDIA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)


_AMD: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)


# issue 38: Huawei Ascend. The extension that runs on torch's CPU build, whose x86_64 wheel is
# on the CPU index (torch-npu's README): the Ascend row, found by its vendor tool.
_ON_CPU_BUILD: Final = registry.key_of_tool("npu-smi")


def _mps_macos(torch: TorchInfo | None) -> tuple[int, int]:
    """The oldest macOS the installed torch's MPS runs on (12.3 when torch is unknown)."""
    parsed = versions.parse(torch.version or "") if torch else None
    release = tuple(parsed.release[:2]) if parsed else (0, 0)
    return next(macos for since, macos in _MPS_MACOS if release >= since)


def _apple_silicon(host: HostFacts) -> bool:
    return host.system == "Darwin" and (
        host.machine == "arm64"
        or host.translated
        or bool(host.cpu_name and host.cpu_name.startswith("Apple M"))
    )


def _macos_below_mps(host: HostFacts, torch: TorchInfo | None) -> bool:
    version = versions.parse(host.os_version or "")
    return bool(version and _apple_silicon(host) and version.release[:2] < _mps_macos(torch))


def _mps_refused(known: Known) -> str:
    """The macOS release torch's own refusal names ("12.3" of "supported on MacOS 12.3+")."""
    facts = known.if_known.backends.get(_MPS)
    return facts.macos_needed.release if facts and facts.macos_needed else ""


def _mps_exact(known: Known) -> bool:
    """Whether the refusal named the release itself (an operator's "starting from macOS
    13.0"), not torch's outdated "12.3+"."""
    facts = known.if_known.backends.get(_MPS)
    return bool(facts and facts.macos_needed and facts.macos_needed.exact)


def _mps_quote(known: Known) -> str:
    """The line torch's refusal of MPS on this macOS was read from."""
    facts = known.if_known.backends.get(_MPS)
    return facts.macos_needed.quote if facts and facts.macos_needed else ""


# issue 38 (s18-dtype): where an operation's refusal begins in its line (after a title's
# "# ❌ 生成失败: ", an exception's "RuntimeError: "): the words torch's messages open with
_OP_WORDS: Final = ("MPS", "isin_", "torch.")


def _op_words(quote: str) -> str:
    """The operation's refusal from its line, the words before it left out."""
    found = [at for at in (quote.find(words) for words in _OP_WORDS) if at >= 0]
    return quote[min(found) :] if found else quote


def _platform_explains(known: Known, backend: registry.Backend) -> bool:
    """Whether the Apple silicon checks report why this backend is unavailable."""
    host = known.host
    return backend.key == _MPS and (host.translated or _macos_below_mps(host, known.if_known.torch))


@check(Section.HOST, optional=(Section.BACKENDS, Section.TORCH))
def check_apple_silicon(known: Known) -> Iterable[Finding]:
    host = known.host
    if not _apple_silicon(host):
        return
    chip = host.cpu_name or "Apple silicon"
    torch = known.if_known.torch
    if not _mps_refused(known) and _macos_below_mps(host, torch):  # else check_mps_refused
        yield finding(
            Code.MPS_MACOS_TOO_OLD,
            backend=_MPS,
            version=host.os_version,
            chip=chip,
            minimum=".".join(map(str, _mps_macos(torch))),
            torch=f"torch {torch.version}" if torch and torch.version else "torch",
        )
    if host.translated:
        yield finding(Code.PYTHON_TRANSLATED, backend=_MPS, chip=chip)


@check(Section.BACKENDS, optional=(Section.HOST, Section.TORCH))
def check_mps_refused(known: Known) -> Iterable[Finding]:
    """torch's own refusal of MPS on this macOS ("supported on MacOS 12.3+", an operator's
    "starting from macOS 13.0"): it ran on a Mac below the floor, so the refusal decides
    without the host's facts; they sharpen the sentence where known."""
    refused = _mps_refused(known)
    host = known.if_known.host
    if not refused or (host is not None and host.system not in ("Darwin", "unknown")):
        return
    torch = known.if_known.torch
    chip = (host and host.cpu_name) or ("Apple silicon" if host and _apple_silicon(host) else "")
    version = host.os_version if host else None
    if host is not None and _macos_below_mps(host, torch):
        minimum = ".".join(map(str, _mps_macos(torch)))
    elif _mps_exact(known):
        # issue 38 (s18-dtype): the operation's own floor, not MPS's: its words and release
        said = printable(one_line(_op_words(_mps_quote(known))))[:160]
        yield finding(
            Code.MPS_MACOS_TOO_OLD, backend=_MPS, variant="op" if version else "op_unseen",
            version=version, chip=chip or "This Mac", minimum=refused, said=said,
        )  # fmt: skip
        return
    else:
        # torch refused MPS on a macOS its message's number admits: from 2.5 the message
        # kept saying "12.3+" where 13.0 is needed, and from 2.10 "13.0+" where 14.0 is
        # (pytorch/pytorch#139425, #164943): the build needs the release after the number.
        minimum = {"12.3": "13.0", "13.0": "14.0"}.get(refused, refused)
    yield finding(
        Code.MPS_MACOS_TOO_OLD,
        backend=_MPS,
        variant=None if version else "unseen",
        version=version,
        chip=chip or "This Mac",
        minimum=minimum,
        torch=f"torch {torch.version}" if torch and torch.version else "this torch",
    )


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_build_for_hardware,
    check_hardware_without_backend,
    check_apple_silicon,
    check_mps_refused,
)
