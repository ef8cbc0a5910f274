"""The detect checks: each a pure function from evidence to findings, declaring what it reads.

`CHECKS` is the ordered list. A check iterates the registry and never branches on a
backend's name; it returns codes and parameters (`catalogue.finding`), never sentences.
When a section a check reads is unknown (a pasted report that shows no host scan, say),
the check does not run and is listed as not checked, with the section it lacked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from hwdoctor import registry, versions
from hwdoctor.compat import kernels
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import AUTOLOAD_ESCAPE, Code, finding, how
from hwdoctor.gather.probe.job import (
    ALLOCATE_STEP_PREFIX,
    AUTOLOAD_STEP_PREFIX,
    IMPORT_TORCH,
    MEMORY_STEP_PREFIX,
    START_STEP,
)
from hwdoctor.model.facts import (
    BackendFacts,
    EntryPoint,
    Evidence,
    HostFacts,
    Package,
    PythonInfo,
    Section,
    StepFailure,
    ToolProblem,
    TorchInfo,
)
from hwdoctor.model.reports import Finding, NotChecked, Severity

T = TypeVar("T")
C = TypeVar("C")


class Unknown(Exception):
    """A check read a section of the evidence that is unknown."""

    def __init__(self, section: Section) -> None:
        super().__init__(section.value)
        self.section = section


class Known:
    """The evidence as a check sees it: a section that is unknown raises `Unknown`."""

    def __init__(self, evidence: Evidence) -> None:
        self.evidence = evidence

    def _get(self, section: Section) -> object:
        value = self.evidence.section(section)
        if value is None:
            raise Unknown(section)
        return value

    @property
    def python(self) -> PythonInfo:
        return _typed(self._get(Section.PYTHON), PythonInfo)

    @property
    def torch(self) -> TorchInfo:
        return _typed(self._get(Section.TORCH), TorchInfo)

    @property
    def packages(self) -> Mapping[str, Package | None]:
        value = self._get(Section.PACKAGES)
        assert isinstance(value, Mapping)
        return value

    @property
    def backends(self) -> Mapping[str, BackendFacts]:
        value = self._get(Section.BACKENDS)
        assert isinstance(value, Mapping)
        return value

    @property
    def host(self) -> HostFacts:
        return _typed(self._get(Section.HOST), HostFacts)

    @property
    def tool_problems(self) -> tuple[ToolProblem, ...]:
        value = self._get(Section.TOOLS)
        assert isinstance(value, tuple)
        return value

    @property
    def failures(self) -> tuple[StepFailure, ...]:
        value = self._get(Section.FAILURES)
        assert isinstance(value, tuple)
        return value

    @property
    def entry_points(self) -> tuple[EntryPoint, ...]:
        value = self._get(Section.ENTRY_POINTS)
        assert isinstance(value, tuple)
        return value

    @property
    def env(self) -> Mapping[str, str]:
        value = self._get(Section.ENV)
        assert isinstance(value, Mapping)
        return value

    @property
    def timeout_s(self) -> float:
        return self.evidence.timeout_s

    @property
    def way(self) -> remedies.Installer:
        """How remedies install into the diagnosed interpreter."""
        return remedies.installer(self.evidence.python)

    def install(self, backend: registry.Backend, *, replace: bool = False) -> dict[str, str]:
        """The install parameters of a backend: its commands, or where it comes from."""
        return {
            "install": remedies.install(backend, self.way, replace=replace),
            "install_elsewhere": backend.install_elsewhere,
        }

    def hardware_present(self, backend: registry.Backend) -> bool:
        return backend.query.kind is registry.QueryKind.CPU or any(
            signal.count != 0 for signal in self.host.signals_for(backend.key)
        )

    def hardware_detail(self, backend: registry.Backend) -> str:
        return "; ".join(signal.detail for signal in self.host.signals_for(backend.key)[:2])


def _typed(value: object, kind: type[T]) -> T:
    assert isinstance(value, kind)
    return value


@dataclass(frozen=True, slots=True)
class Check:
    """One check: what it is called, what it reads, and the function that runs it."""

    name: str
    reads: frozenset[Section]
    run: Callable[[Known], Iterable[Finding]]


def check(*reads: Section) -> Callable[[Callable[[Known], Iterable[Finding]]], Check]:
    def register(run: Callable[[Known], Iterable[Finding]]) -> Check:
        return Check(run.__name__.removeprefix("check_"), frozenset(reads), run)

    return register


# --- the probe itself: steps that raised, hung or crashed -----------------------------------


@check(Section.PYTHON, Section.TORCH, Section.FAILURES)
def check_torch_installed(known: Known) -> Iterable[Finding]:
    ran = not any(f.step == START_STEP for f in known.failures)
    if known.torch.version is None and not known.torch.importable and ran:
        torch = remedies.torch_for_this_host(known.evidence.host)
        yield finding(
            Code.TORCH_MISSING,
            python=known.python.executable,
            install=remedies.install(torch, known.way),
        )


@check(Section.PYTHON, Section.TORCH, Section.FAILURES, Section.ENTRY_POINTS, Section.BACKENDS)
def check_probe_failures(known: Known) -> Iterable[Finding]:
    failures = known.failures
    autoload_failed = any(f.step.startswith(AUTOLOAD_STEP_PREFIX) for f in failures)
    # When `import torch` fails in several runs (autoload on, then off), the last run is the
    # one that tells a broken torch from a broken extension: report that one only.
    torch_runs = [i for i, f in enumerate(failures) if f.step == IMPORT_TORCH]
    for index, failure in enumerate(failures):
        if failure.step.startswith(AUTOLOAD_STEP_PREFIX):
            yield _autoload_finding(known, failure)
        elif failure.step == IMPORT_TORCH:
            if failure.kind == "error" and (failure.autoload and autoload_failed):
                continue  # the auto-loaded extension is the culprit, reported above
            if index == torch_runs[-1] and known.torch.version is not None:
                yield _torch_import_finding(known, failure)
        elif failure.step == START_STEP:
            yield finding(
                Code.PYTHON_UNUSABLE,
                python=known.python.executable,
                how=failure.signal or failure.kind,
                evidence=failure.output,
            )
        else:
            yield _step_finding(known, failure)


def _how(failure: StepFailure, timeout_s: float) -> str:
    error = failure.error.one_line() if failure.error else None
    return how(failure.kind, signal=failure.signal, error=error, timeout_s=timeout_s)


def _entry_point(known: Known, name: str) -> EntryPoint | None:
    return next((point for point in known.entry_points if point.name == name), None)


def _autoload_finding(known: Known, failure: StepFailure) -> Finding:
    name = failure.step.removeprefix(AUTOLOAD_STEP_PREFIX)
    point = _entry_point(known, name)
    dist = (point.dist if point else None) or name
    module = point.module if point else name
    backend = registry.for_module(module) or registry.for_module(name)
    fix = f"uninstall {dist}"
    if backend and backend.module:
        torch_version = known.torch.version or ""
        fix = (
            f"reinstall {backend.package} in the release that matches torch {torch_version}"
        ).rstrip() + ", or uninstall it"
    origin = f"entry point {point.value}, from {dist}" if point and point.value else f"from {dist}"
    return finding(
        Code.AUTOLOAD_BROKEN,
        backend=backend.key if backend else None,
        evidence=failure.output,
        variant=failure.kind if failure.kind in ("timeout", "crashed") else None,
        name=name,
        origin=origin,
        how=_how(failure, known.timeout_s),
        timeout=f"{known.timeout_s:g}",
        signal=failure.signal or "crash",
        fix=fix,
        uninstall=remedies.pip(known.way, f"uninstall -y {dist}"),
    )


def _torch_import_finding(known: Known, failure: StepFailure) -> Finding:
    version = known.torch.version or ""
    pinned = f"torch=={version.split('+')[0]}" if version else "torch"
    reinstall = remedies.pip(known.way, f"install --force-reinstall {pinned}")
    params = {"version": version, "reinstall": reinstall, "timeout": f"{known.timeout_s:g}"}
    if failure.kind == "timeout":
        suffix = "" if failure.autoload else f" even with {AUTOLOAD_ESCAPE}"
        return finding(Code.TORCH_IMPORT_HANGS, evidence=failure.output, suffix=suffix, **params)
    if failure.kind == "crashed":
        return finding(
            Code.TORCH_IMPORT_CRASHES, evidence=failure.output, signal=failure.signal, **params
        )
    suffix = "" if failure.autoload else f" (with {AUTOLOAD_ESCAPE} too: torch itself is broken)"
    return finding(
        Code.TORCH_BROKEN,
        evidence=failure.output,
        error=failure.error.one_line() if failure.error else "",
        suffix=suffix,
        **params,
    )


_STEP_BACKEND: Final = re.compile(r"^(?:query (?P<key>\w+)|import (?P<module>[\w.]+))$")


def _step_finding(known: Known, failure: StepFailure) -> Finding:
    match = _STEP_BACKEND.match(failure.step)
    backend: registry.Backend | None = None
    if match and match.group("key"):
        backend = registry.BY_KEY.get(match.group("key"))
    elif match and match.group("module"):
        backend = registry.for_module(match.group("module"))
    key = backend.key if backend else None
    phrase = _how(failure, known.timeout_s)
    if failure.step.startswith(ALLOCATE_STEP_PREFIX) and failure.kind == "error":
        owner = _device_backend(failure.step)
        return finding(
            Code.ALLOCATION_FAILED,
            backend=owner.key if owner else None,
            evidence=failure.output,
            device=failure.step.removeprefix(ALLOCATE_STEP_PREFIX),
            error=failure.error.one_line() if failure.error else "unknown error",
            hardware_remedy=owner.hardware_remedy if owner else None,
        )
    if failure.step.startswith(MEMORY_STEP_PREFIX):
        owner = _device_backend(failure.step)
        return finding(
            Code.MEMORY_QUERY_FAILED,
            backend=owner.key if owner else None,
            evidence=failure.output,
            step=failure.step,
            how=phrase,
        )
    if failure.kind == "error" and match and match.group("module") and backend:
        facts = known.backends.get(backend.key)
        return finding(
            Code.EXTENSION_IMPORT_FAILED,
            backend=key,
            evidence=failure.output,
            package=backend.package,
            version=facts.version if facts else "",
            module=backend.module,
            how=phrase,
            torch=known.torch.version,
            **known.install(backend),
        )
    if failure.kind == "error" and backend:
        return finding(
            Code.QUERY_FAILED,
            backend=key,
            evidence=failure.output,
            hardware=backend.hardware,
            module=backend.query.module or backend.module,
            how=phrase,
            hardware_remedy=backend.hardware_remedy,
        )
    code = {"timeout": Code.PROBE_TIMEOUT, "crashed": Code.PROBE_CRASHED}.get(
        failure.kind, Code.PROBE_ERROR
    )
    culprit = known.install(backend) if backend and backend.module else {}
    return finding(
        code,
        backend=key,
        evidence=failure.output,
        step=failure.step,
        how=phrase,
        package=backend.package if backend and backend.module else None,
        **culprit,
    )


def _device_backend(step: str) -> registry.Backend | None:
    device_type = step.split(" ", 1)[-1].split(":", 1)[0]
    found = registry.for_device(device_type)
    return found[0] if found else None


# --- packages ------------------------------------------------------------------------------


@check(Section.TORCH, Section.PACKAGES)
def check_torch_requirements(known: Known) -> Iterable[Finding]:
    torch_version = known.torch.version
    if not torch_version:
        return
    for backend in registry.BACKENDS:
        if backend.module is None:
            continue
        for dist in backend.dists:
            package = known.packages.get(dist)
            if package is None:
                continue
            for requirement in package.requires_torch:
                spec = versions.requirement_specifiers(requirement, "torch")
                if spec and versions.satisfies(torch_version, spec) is False:
                    yield finding(
                        Code.EXTENSION_TORCH_MISMATCH,
                        backend=backend.key,
                        package=backend.package,
                        version=package.version,
                        spec=spec,
                        torch=torch_version,
                        install=remedies.pip(known.way, f"install 'torch{spec}'"),
                    )


# --- hardware against packages -------------------------------------------------------------


@check(Section.TORCH, Section.BACKENDS, Section.HOST, Section.ENV)
def check_hardware_without_backend(known: Known) -> Iterable[Finding]:
    torch = known.torch
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if (
            facts is None
            or backend.query.kind is registry.QueryKind.CPU
            or facts.available
            or not known.hardware_present(backend)
            or not facts.probed
            or not torch.importable
        ):
            continue
        wrong_build = bool(backend.query.build) and facts.reason == "build"
        common = {
            "hardware": backend.hardware,
            "where": known.hardware_detail(backend),
            **known.install(backend, replace=wrong_build),
        }
        if backend.query.build and facts.reason == "build":
            build = torch.build or "unknown"
            cpu = build == registry.Build.CPU.value
            yield finding(
                Code.CPU_ONLY_BUILD if cpu else Code.BUILD_MISMATCH,
                backend=backend.key,
                torch=torch.version,
                build=build.upper(),
                **common,
            )
        elif backend.module and not facts.installed and facts.importable is None:
            yield finding(
                Code.PACKAGE_MISSING, backend=backend.key, package=backend.package, **common
            )
        elif facts.importable is not False and facts.query_error is None:
            set_vars = [
                f"{name}={known.env[name]!r}"
                for name in backend.visibility_env
                if name in known.env
            ]
            yield finding(
                Code.BACKEND_UNAVAILABLE,
                backend=backend.key,
                module=backend.query.module or backend.module,
                visibility=f" ({', '.join(set_vars)})" if set_vars else "",
                hardware_remedy=backend.hardware_remedy,
                **common,
            )


@check(Section.BACKENDS, Section.HOST, Section.ENV)
def check_hidden_devices(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        set_vars = [name for name in backend.visibility_env if name in known.env]
        present = known.host.device_count_for(backend.key)
        if facts is None or not set_vars or present is None or not facts.probed:
            continue
        if facts.importable is False or (backend.query.build and facts.reason == "build"):
            continue
        if facts.device_count < present:
            yield finding(
                Code.DEVICES_HIDDEN,
                backend=backend.key,
                present=present,
                hardware=backend.hardware,
                visible=facts.device_count,
                variables=", ".join(f"{name}={known.env[name]!r}" for name in set_vars),
                variable=set_vars[0],
                indices=",".join(str(index) for index in range(present)),
            )


@check(Section.TORCH, Section.BACKENDS)
def check_arch_compiled(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if facts is None or not facts.arch_list:
            continue
        for device in facts.devices:
            if device.capability:
                label = f"{backend.device}:{device.index}"
                yield from _kernel_findings(
                    known, backend, facts, label, device.name, device.capability
                )


@check(Section.TORCH, Section.BACKENDS, Section.HOST)
def check_gfx_on_host(known: Known) -> Iterable[Finding]:
    """Without a usable device in torch, the gfx targets of the host's KFD topology
    against the ROCm build's compiled list (which the probe reads without a device too)."""
    targets = known.host.gfx_targets
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if not targets or facts is None or facts.devices or not facts.arch_list:
            continue
        if not all(kernels.gfx_version(arch) for arch in facts.arch_list):
            continue  # not a ROCm build's list
        for index, gfx in enumerate(targets):
            label = f"GPU {index} of the KFD topology"
            yield from _kernel_findings(known, backend, facts, label, backend.hardware, gfx)


def _kernel_findings(
    known: Known,
    backend: registry.Backend,
    facts: BackendFacts,
    device: str,
    name: str | None,
    capability: str,
) -> Iterable[Finding]:
    """What the compiled list means for one GPU (`kernels.verdict`): nothing when a cubin
    or code object serves it; the JIT's cost and condition when only PTX does; the way to a
    build that runs when nothing does."""
    cuda = known.torch.cuda
    verdict = kernels.verdict(capability, facts.arch_list, cuda=cuda)
    common = {
        "device": device,
        "name": name,
        "torch": known.torch.version,
        "compiled": " ".join(facts.arch_list),
    }
    if verdict.route is kernels.Route.PTX_JIT:
        yield finding(
            Code.KERNELS_BY_PTX_JIT,
            backend=backend.key,
            arch=verdict.device_arch,
            ptx=verdict.served_by,
            cuda=cuda or "of the build",
            **common,
        )
    elif verdict.route is kernels.Route.NONE and verdict.direction is kernels.Direction.GFX:
        yield finding(
            Code.GFX_NOT_COMPILED,
            backend=backend.key,
            variant="override" if verdict.override_value else None,
            gfx=verdict.device_arch,
            target=verdict.override_target,
            override=verdict.override_value,
            **known.install(backend, replace=True),
            **common,
        )
    elif verdict.route is kernels.Route.NONE:
        # The way to a build that runs is in the advice, by direction. When compat.wheels
        # can choose an index for this GPU and torch release, its pip line belongs in the
        # commands here.
        direction = verdict.direction
        yield finding(
            Code.ARCH_NOT_COMPILED,
            backend=backend.key,
            variant=direction.value
            if direction and direction is not kernels.Direction.NEWER
            else None,
            arch=verdict.device_arch,
            **common,
        )


# --- the host ------------------------------------------------------------------------------


@check(Section.TOOLS)
def check_tools(known: Known) -> Iterable[Finding]:
    for problem in known.tool_problems:
        backend = registry.BY_KEY.get(problem.backend)
        yield finding(
            Code.TOOL_FAILED,
            backend=problem.backend,
            tool=problem.tool,
            problem=problem.message,
            hardware=backend.hardware if backend else None,
            hardware_remedy=backend.hardware_remedy if backend else None,
        )


CHECKS: Final[tuple[Check, ...]] = (
    check_torch_installed,
    check_probe_failures,
    check_torch_requirements,
    check_hardware_without_backend,
    check_hidden_devices,
    check_arch_compiled,
    check_gfx_on_host,
    check_tools,
)

_ORDER: Final = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def run(
    checks: Iterable[C],
    reads: Callable[[C], frozenset[Section]],
    name: Callable[[C], str],
    call: Callable[[C], Iterable[Finding]],
    unknown: frozenset[Section],
) -> tuple[tuple[Finding, ...], tuple[NotChecked, ...]]:
    """Run every check whose sections are known; list the others as not checked.

    Findings come out most severe first, in check order within a severity, without
    duplicates.
    """
    found: list[Finding] = []
    skipped: list[NotChecked] = []
    for item in checks:
        missing = reads(item) & unknown
        if missing:
            skipped.append(NotChecked(name(item), tuple(sorted(s.value for s in missing))))
            continue
        try:
            results = list(call(item))
        except Unknown as exc:  # read a section it did not declare
            skipped.append(NotChecked(name(item), (exc.section.value,)))
            continue
        found.extend(result for result in results if result not in found)
    return tuple(sorted(found, key=lambda f: _ORDER[f.severity])), tuple(skipped)


def diagnose(evidence: Evidence) -> tuple[tuple[Finding, ...], tuple[NotChecked, ...]]:
    """The detect findings of `evidence`, and the checks it lacked the evidence for."""
    known = Known(evidence)
    return run(
        CHECKS, lambda c: c.reads, lambda c: c.name, lambda c: c.run(known), evidence.unknown()
    )
