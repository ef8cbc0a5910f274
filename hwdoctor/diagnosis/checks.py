"""The detect checks: each a pure function from evidence to findings, declaring what it reads.

`@check` registers a check in `CHECKS`, in the order of this file: the report's order within
a severity. A check iterates the registry and never branches on a backend's name; it
returns codes and parameters (`catalogue.finding`), never sentences.
When a section a check reads is unknown (a pasted report that shows no host scan, say),
the check does not run and is listed as not checked, with the section it lacked. A check
sees the evidence through `Known`, which shows only the sections it declared (its
`optional` ones where known): reading another raises `Undeclared`, so the declaration is
the whole of what a check depends on.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, TypeVar

from hwdoctor import registry, versions
from hwdoctor.compat import drivers, kernels, libraries, visibility, wheels, xid
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import AUTOLOAD_ESCAPE, Code, finding, how, words_for
from hwdoctor.model.facts import (
    BackendFacts,
    Device,
    EntryPoint,
    Evidence,
    HostFacts,
    Libraries,
    LoadedLibrary,
    NodeAccess,
    NvidiaDriver,
    Origin,
    Package,
    Placement,
    PythonInfo,
    Section,
    StepFailure,
    ToolProblem,
    TorchInfo,
    WheelLibrary,
    XidKind,
)
from hwdoctor.model.reports import Finding, NotChecked, Severity
from hwdoctor.model.runs import (
    ACCELERATOR_MEMORY_STEP_PREFIX,
    ALLOCATE_STEP_PREFIX,
    AUTOLOAD_STEP_PREFIX,
    IMPORT_TORCH,
    MALFORMED_STEP,
    MEMORY_STEP_PREFIX,
    SHADOWED,
    START_STEP,
)
from hwdoctor.shell import Shell
from hwdoctor.text import clip, one_line
from hwdoctor.units import human_bytes

T = TypeVar("T")
S = TypeVar("S")


class Unknown(Exception):
    """A check read a section of the evidence that is unknown."""

    def __init__(self, section: Section) -> None:
        super().__init__(section.value)
        self.section = section


class Undeclared(Exception):
    """A check read a section it did not declare: a bug of hwdoctor's, never "not checked"
    (the declaration is what lists a check as not checked when its evidence is missing)."""

    def __init__(self, section: Section) -> None:
        super().__init__(f"a check read {section.value}, which it did not declare")
        self.section = section


_EVERY_SECTION: Final = frozenset(Section)


class Known:
    """The evidence as a check sees it: only the sections it declared. A declared section
    that is unknown raises `Unknown`; an undeclared one raises `Undeclared`. `if_known`
    shows a section the check reads only where the evidence has it (None elsewhere).

    Without a declaration (the report's backend rows), every section is seen."""

    __slots__ = ("_evidence", "_seen", "if_known")

    def __init__(
        self,
        evidence: Evidence,
        reads: frozenset[Section] = _EVERY_SECTION,
        optional: frozenset[Section] = frozenset(),
    ) -> None:
        self._evidence = evidence
        self._seen = reads | optional
        self.if_known = IfKnown(self)

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "if_known"):
            raise AttributeError(f"a check's view of the evidence is read-only ({name})")
        object.__setattr__(self, name, value)

    def section(self, section: Section) -> object:
        """A declared section's value, None where the evidence does not have it."""
        if section not in self._seen:
            raise Undeclared(section)
        return self._evidence.section(section)

    def _get(self, section: Section) -> object:
        value = self.section(section)
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
    def libraries(self) -> Libraries:
        return _typed(self._get(Section.LIBRARIES), Libraries)

    @property
    def timeout_s(self) -> float:
        return self._evidence.timeout_s

    # The remedies fit a command to the machine from whatever the evidence shows of it (the
    # interpreter, the host, torch and its backends, where known); they choose how a finding
    # tells to install something, so they read the whole evidence, not the check's view.

    @property
    def way(self) -> remedies.Installer:
        """How remedies install into the diagnosed interpreter."""
        return remedies.installer(self._evidence.python)

    def install(self, backend: registry.Backend, *, replace: bool = False) -> dict[str, Any]:
        """The install parameters of a backend: its commands, or where it comes from."""
        evidence = self._evidence
        return {
            "install": remedies.install(backend, self.way, replace=replace, evidence=evidence),
            "install_elsewhere": remedies.elsewhere(backend, evidence),
        }

    def install_line(self, backend: registry.Backend, *, replace: bool = False) -> Shell:
        return remedies.install(backend, self.way, replace=replace, evidence=self._evidence)

    def elsewhere(self, backend: registry.Backend) -> str:
        return remedies.elsewhere(backend, self._evidence)

    def torch_again(self) -> Shell:
        """The installed torch again, from the index of its own build."""
        return remedies.torch_again(self.way, self._evidence)

    def torch_required(
        self, spec: str, owner: str, *, from_pypi: bool, cpu_index: bool = False
    ) -> Shell:
        """A torch that `spec` (what `owner` requires) admits, of a build that runs here."""
        return remedies.torch_required(
            self.way, spec, self._evidence, owner, from_pypi=from_pypi, cpu_index=cpu_index
        )

    def torch_for_driver(self, capabilities: tuple[str, ...], **facts: Any) -> Shell:
        """A torch with code for these GPUs that the driver runs (`remedies.torch_for_driver`)."""
        return remedies.torch_for_driver(self.way, self._evidence, capabilities, **facts)

    def torch_for_gfx(self, gfx: tuple[str, ...], *, machine: str) -> tuple[Shell, bool]:
        """A ROCm torch whose list carries these gfx targets, and whether none does."""
        return remedies.torch_for_gfx(self.way, self._evidence, gfx, machine=machine)

    def on_windows(self) -> bool:
        return remedies.on_windows(self._evidence)

    def machine(self) -> wheels.Machine:
        """What the evidence shows of the machine a torch build must run on."""
        return remedies.machine_of(self._evidence)

    def all_backends(self) -> tuple[registry.Backend, ...]:
        """The registry's rows, then a row for each backend the probe found that no row
        knows (an out-of-tree PrivateUse1 backend, by torch's name for it)."""
        extra = tuple(
            registry.unregistered(
                key,
                facts.registered_by.dist if facts.registered_by else None,
                facts.registered_by.module if facts.registered_by else None,
            )
            for key, facts in self.backends.items()
            if key not in registry.BY_KEY
        )
        return registry.BACKENDS + extra

    def hardware_present(self, backend: registry.Backend) -> bool:
        return backend.query.kind is registry.QueryKind.CPU or any(
            signal.count != 0 for signal in self.host.signals_for(backend.key)
        )

    def hardware_detail(self, backend: registry.Backend) -> str:
        return "; ".join(signal.detail for signal in self.host.signals_for(backend.key)[:2])


class IfKnown:
    """A check's sections where the evidence has them, None where it does not: for what a
    check reads to sharpen a finding, never to decide whether it can run. Declared too."""

    __slots__ = ("_known",)

    def __init__(self, known: Known) -> None:
        self._known = known

    @property
    def python(self) -> PythonInfo | None:
        return _maybe(self._known.section(Section.PYTHON), PythonInfo)

    @property
    def torch(self) -> TorchInfo | None:
        return _maybe(self._known.section(Section.TORCH), TorchInfo)

    @property
    def host(self) -> HostFacts | None:
        return _maybe(self._known.section(Section.HOST), HostFacts)

    @property
    def backends(self) -> Mapping[str, BackendFacts]:
        """The probe's backends; empty where unknown."""
        value = self._known.section(Section.BACKENDS) or {}
        assert isinstance(value, Mapping)
        return value


def _maybe(value: object, kind: type[T]) -> T | None:
    return None if value is None else _typed(value, kind)


def _typed(value: object, kind: type[T]) -> T:
    assert isinstance(value, kind)
    return value


@dataclass(frozen=True, slots=True)
class Check(Generic[S]):
    """One check: what it is called, what it reads, and the function that runs it on what
    it sees (`Known` for the detect checks, `explain_checks.Explained` for the others)."""

    name: str
    reads: frozenset[Section]  # unknown in the evidence: the check is listed as not checked
    run: Callable[[S], Iterable[Finding]]
    optional: frozenset[Section] = frozenset()  # read where known (`Known.if_known`)


class Checks(Generic[S]):
    """Checks registered by their decorator, in the order they are defined: one place to
    add a check, and the order a report lists them in within a severity."""

    def __init__(self) -> None:
        self._checks: list[Check[S]] = []

    def __iter__(self) -> Iterator[Check[S]]:
        return iter(tuple(self._checks))

    def __len__(self) -> int:
        return len(self._checks)

    def check(
        self, *reads: Section, optional: Iterable[Section] = ()
    ) -> Callable[[Callable[[S], Iterable[Finding]]], Check[S]]:
        """`@checks.check(Section.TORCH, ..., optional=(Section.HOST,))`: register the
        function as a check that reads those sections, the optional ones where known
        (named after the function, without its `check_`). It sees no other section."""

        def register(run: Callable[[S], Iterable[Finding]]) -> Check[S]:
            name = run.__name__.removeprefix("check_")
            made = Check(name, frozenset(reads), run, frozenset(optional))
            if any(c.name == made.name for c in self._checks):
                raise ValueError(f"a check named {made.name} is already registered")
            self._checks.append(made)
            return made

        return register


CHECKS: Final[Checks[Known]] = Checks()
check = CHECKS.check


# --- the probe itself: steps that raised, hung or crashed -----------------------------------


@check(Section.PYTHON, Section.TORCH, Section.FAILURES, optional=(Section.HOST,))
def check_torch_installed(known: Known) -> Iterable[Finding]:
    ran = not any(f.step == START_STEP for f in known.failures)
    if known.torch.version is None and not known.torch.importable and ran:
        torch = remedies.torch_for_this_host(known.if_known.host)
        tool = known.python.tool
        yield finding(
            Code.TORCH_MISSING,
            variant="own_tool_env" if tool else None,
            tool=tool,
            python=known.python.executable,
            install=None if tool else remedies.install(torch, known.way),
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
        elif failure.kind == SHADOWED and failure.error:
            paths = failure.output.splitlines()
            yield finding(
                Code.SHADOWED_MODULE,
                modules=failure.error.message,
                plural="s" if len(paths) > 1 else "",
                paths=", ".join(line.partition(": ")[2] for line in paths),
            )
        elif failure.step == MALFORMED_STEP:
            yield finding(
                Code.PROBE_MALFORMED,
                evidence=failure.output,
                what=failure.error.message if failure.error else failure.output,
            )
        elif failure.step == START_STEP:
            yield finding(
                Code.PYTHON_UNUSABLE,
                python=known.python.executable,
                how=failure.signal or failure.kind,
                evidence=failure.output,
            )
        elif failure.step.startswith(ACCELERATOR_MEMORY_STEP_PREFIX) and failure.kind == "error":
            continue  # a refusal is the device's `accelerator_memory` fact, not a problem
        elif _abi_break(failure) is None:
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
        uninstall=remedies.pip_of(known.way, ("uninstall", "-y"), dist),
    )


def _torch_import_finding(known: Known, failure: StepFailure) -> Finding:
    version = known.torch.version or ""
    reinstall = known.torch_again()
    params: dict[str, Any] = {
        "version": version,
        "reinstall": reinstall,
        "timeout": f"{known.timeout_s:g}",
    }
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
        owner = _device_backend(failure.step, known.torch.build)
        return finding(
            Code.ALLOCATION_FAILED,
            backend=owner.key if owner else None,
            evidence=failure.output,
            device=failure.step.removeprefix(ALLOCATE_STEP_PREFIX),
            error=failure.error.one_line() if failure.error else "unknown error",
            hardware_remedy=owner.hardware_remedy if owner else None,
        )
    if failure.step.startswith(MEMORY_STEP_PREFIX):
        owner = _device_backend(failure.step, known.torch.build)
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


def _device_backend(step: str, build: str | None) -> registry.Backend | None:
    """The backend a step's device belongs to: of the rows sharing its device type (cuda:
    NVIDIA's and AMD's), the one of torch's build."""
    device_type = step.split(" ", 1)[-1].split(":", 1)[0]
    found = registry.for_device(device_type)
    of_build = [b for b in found if b.query.build is not None and b.query.build.value == build]
    chosen = of_build or found
    return chosen[0] if chosen else None


# --- packages ------------------------------------------------------------------------------


# Packages besides the backends' whose wheels are built for one torch release and say so in
# their metadata (`Requires-Dist: torch==2.5.1` in torchvision, torchaudio and xformers wheels).
COMPANIONS: Final = ("torchvision", "torchaudio", "xformers")


@check(Section.TORCH, Section.PACKAGES, optional=(Section.PYTHON,))
def check_torch_requirements(known: Known) -> Iterable[Finding]:
    torch_version = known.torch.version
    if not torch_version:
        return
    # Markers are judged for the diagnosed interpreter (not hwdoctor's own), when known.
    python = known.if_known.python.version if known.if_known.python else None
    owners: list[tuple[registry.Backend | None, str]] = [
        (b, d) for b in registry.BACKENDS if b.module is not None for d in b.dists
    ]
    owners += [(None, dist) for dist in COMPANIONS]
    for backend, dist in owners:
        package = known.packages.get(dist)
        if package is None:
            continue
        key, name = (backend.key, backend.package) if backend else (None, dist)
        for requirement in package.requires_torch:
            judged = versions.judge_requirement(requirement, "torch", torch_version, python)
            if judged.outcome is versions.Outcome.INVALID:
                yield finding(
                    Code.EXTENSION_REQUIREMENT_INVALID,
                    backend=key,
                    package=name,
                    version=package.version,
                    requirement=clip(one_line(requirement), 120),
                    reason=judged.reason,
                    torch=torch_version,
                )
            elif judged.outcome is versions.Outcome.UNMET:
                yield finding(
                    Code.EXTENSION_TORCH_MISMATCH,
                    backend=key,
                    # a requirement the extension stated at run time, its version unseen
                    variant="stated" if package.version == "unknown" else None,
                    package=name,
                    version=package.version,
                    spec=judged.spec,
                    torch=torch_version,
                    install=known.torch_required(
                        judged.spec,
                        name if package.version == "unknown" else f"{name} {package.version}",
                        # an out-of-tree backend's extension installs beside PyPI's torch
                        from_pypi=backend is not None and backend.query.build is None,
                        cpu_index=backend is not None and backend.key == _ON_CPU_BUILD,
                    ),
                )


# An extension's compiled module that needs a symbol of torch's C++ library (c10::, at::,
# torch::, their Itanium-mangled forms `_ZN3c10…`, `_ZN2at…`, `_ZN5torch…`) that the installed
# torch does not export was compiled against another torch: torch's C++ ABI is not stable
# across releases (https://pytorch.org/cppdocs/notes/faq.html; the dynamic loader's
# "undefined symbol" is the symptom). torchvision says it in words when its operators did
# not register: "operator torchvision::nms does not exist" (torchvision/extension.py), or
# torch's op lookup, "No such operator torchvision::nms" (torch/csrc/jit/python/init.cpp
# `_jit_get_operation`, what torch.ops.torchvision.nms raised in the 1.x releases).
_TORCH_SYMBOL: Final = re.compile(
    r"undefined symbol: \S*(?:c10|NK?2at|at::|NK?5torch|torch::|THP|aoti_torch_)\S*"
    r"|operator torchvision::\w+ does not exist|No such operator torchvision::\w+"
    r"|PyTorch and \w+ were compiled with different CUDA"
)


def _abi_break(failure: StepFailure) -> str | None:
    """The distribution whose import failed for want of a torch symbol, if that is why."""
    if failure.kind != "error" or failure.error is None or not failure.step.startswith("import "):
        return None
    if not _TORCH_SYMBOL.search(f"{failure.error.message}\n{failure.output}"):
        return None
    module = failure.step.removeprefix("import ").split(".")[0]
    backend = registry.for_module(module)
    # The distribution of an importable name is that name, PEP 503-normalised (flash_attn is
    # flash-attn); a backend's module names its own package.
    return backend.package if backend else versions.canonical_name(module)


@check(Section.TORCH, Section.FAILURES)
def check_extension_abi(known: Known) -> Iterable[Finding]:
    torch = known.torch.version or "(version not shown)"
    for failure in known.failures:
        dist = _abi_break(failure)
        if dist is None or failure.error is None:
            continue
        symbol = _TORCH_SYMBOL.search(f"{failure.error.message}\n{failure.output}")
        backend = registry.for_module(failure.step.removeprefix("import ").split(".")[0])
        yield finding(
            Code.EXTENSION_BUILT_FOR_OTHER_TORCH,
            backend=backend.key if backend else None,
            variant=None if dist else "unnamed",  # a pasted error that names no module
            evidence=failure.output,
            package=dist,
            symbol=clip(symbol.group(0), 100) if symbol else "a torch symbol",
            torch=torch,
            reinstall=remedies.pip_of(
                # without --no-deps, pip would reinstall torch too, at its newest
                known.way,
                ("install", "--force-reinstall", "--no-deps", "--no-cache-dir"),
                dist,
            ),
        )


# --- hardware against packages -------------------------------------------------------------


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


# The host where known: torch's own words ("Torch not compiled with CUDA enabled") suffice.
@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_build_for_hardware(known: Known) -> Iterable[Finding]:
    """Hardware present, and torch built for none of it or its package missing; or torch's
    own word that a program asked a CPU-only build for CUDA (the host need not be known)."""
    torch = known.torch
    for backend, facts in _missing_backend(known):
        wrong_build = bool(backend.query.build) and facts.reason == "build"
        asked = bool(_asked(facts)) and not (
            known.if_known.host is not None and known.hardware_present(backend)
        )
        common = {
            "hardware": backend.hardware,
            "where": "" if asked else known.hardware_detail(backend),
            **known.install(backend, replace=wrong_build),
        }
        if wrong_build:
            build = torch.build or "unknown"
            cpu = build == registry.Build.CPU.value
            yield finding(
                Code.CPU_ONLY_BUILD if cpu else Code.BUILD_MISMATCH,
                backend=backend.key,
                variant="asked" if asked else None,
                torch=torch.version or "(version not shown)",
                build=registry.build_name(build),
                said=_asked(facts),
                **common,
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


# --- Apple silicon: the macOS release and the interpreter's architecture -------------------
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
_ON_CPU_BUILD: Final = next(
    b.key for b in registry.BACKENDS if any(t.argv[0] == "npu-smi" for t in b.tools)
)


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
    if host is not None and _macos_below_mps(host, torch):
        minimum = ".".join(map(str, _mps_macos(torch)))
    elif _mps_exact(known):
        minimum = refused
    else:
        # torch refused MPS on a macOS its message's number admits: from 2.5 the message
        # kept saying "12.3+" where 13.0 is needed, and from 2.10 "13.0+" where 14.0 is
        # (pytorch/pytorch#139425, #164943): the build needs the release after the number.
        minimum = {"12.3": "13.0", "13.0": "14.0"}.get(refused, refused)
    version = host.os_version if host else None
    yield finding(
        Code.MPS_MACOS_TOO_OLD,
        backend=_MPS,
        variant=None if version else "unseen",
        version=version,
        chip=chip or "This Mac",
        minimum=minimum,
        torch=f"torch {torch.version}" if torch and torch.version else "this torch",
    )


# --- the devices each backend found, hid or has no code for ---------------------------------


@check(Section.TORCH, Section.BACKENDS, Section.HOST)
def check_package_without_hardware(known: Known) -> Iterable[Finding]:
    """A vendor package installed where its hardware is not: a warning, not an error (a CI
    image built for several machines carries them all); `--require` makes it fail."""
    if not known.torch.importable:
        return
    for backend in known.all_backends():
        facts = known.backends.get(backend.key)
        if (
            facts is None
            or backend.module is None
            or backend.runs_on  # a compiler stack: its hardware is another row's
            or not facts.installed
            or not facts.probed
            or facts.importable is False
            or facts.available
            or facts.query_error is not None
            or known.hardware_present(backend)
        ):
            continue
        yield finding(
            Code.PACKAGE_WITHOUT_HARDWARE,
            backend=backend.key,
            evidence=facts.refusal.one_line(1000) if facts.refusal else None,
            variant="refused" if facts.refusal else None,
            package=backend.package,
            version=facts.version,
            hardware=backend.hardware,
            answer=_no_device_answer(backend, facts),
            module=backend.query.module or backend.module,
            uninstall=remedies.pip(known.way, "uninstall", "-y", backend.dists[0])
            if backend.dists
            else None,
            hardware_remedy=backend.hardware_remedy,
        )


def _no_device_answer(backend: registry.Backend, facts: BackendFacts) -> str:
    """Who said there is no device: the device module, or torch.accelerator in its place."""
    if facts.answered_by:
        return f"{facts.answered_by}.is_available() is False"
    if not backend.pci and not backend.device_nodes and not backend.tools:
        return f"{backend.query.module or backend.module}.is_available() is False"
    return "no hardware found on this host"


@check(Section.BACKENDS, Section.HOST, Section.ENV)
def check_hidden_devices(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        yield from _hidden(known, backend)


def _hidden(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    facts = known.backends.get(backend.key)
    set_vars = [name for name in backend.visibility_env if name in known.env]
    present = known.host.device_count_for(backend.key)
    if facts is None or not set_vars or present is None or not facts.probed:
        return
    if facts.importable is False or (backend.query.build and facts.reason == "build"):
        return
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


@check(Section.BACKENDS, Section.ENV, optional=(Section.HOST,))
def check_visibility_mask(known: Known) -> Iterable[Finding]:
    """torch sees no device, and a visibility variable lets none through on a machine with
    few enough of them (`compat.visibility`), or the runtime refused the variable. Only where
    the host's count is not known (a pasted report without the GPU list; hardware seen but
    not counted): where it is, check_hidden_devices compares the counts."""
    for backend in registry.BACKENDS:
        yield from _masked(known, backend)


def _masked(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    facts = known.backends.get(backend.key)
    if facts is None or not facts.probed or facts.device_count or facts.importable is False:
        return
    if backend.query.build and facts.reason == "build":
        return
    host = known.if_known.host
    if host is not None and (
        not host.signals_for(backend.key) or host.device_count_for(backend.key) is not None
    ):
        return
    lister = " ".join(backend.tools[0].argv) if backend.tools else ""
    refused = facts.mask_refused
    set_vars = [name for name in backend.visibility_env if name in known.env]
    if refused and set_vars:
        value = known.env[set_vars[0]]
        ascending = sorted(dict.fromkeys(value.split(",")), key=_index_order)
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key, variant="refused",
            hardware=backend.hardware, variable=set_vars[0], shown=repr(value), said=refused,
            ascending=",".join(ascending), lister=lister,
        )  # fmt: skip
        return
    mask = visibility.hiding(backend, known.env)
    if mask is not None and mask.after is not None:
        first, first_value, left = mask.after
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key, variant="after",
            hardware=backend.hardware, variable=mask.variable, shown=repr(mask.value),
            first=first, first_shown=repr(first_value), left=left, up_to=0, lister=lister,
        )  # fmt: skip
    elif mask is not None:
        yield finding(
            Code.DEVICES_MASK_HIDES_ALL, backend=backend.key,
            variant="none" if mask.hides_up_to == 0 else None,
            hardware=backend.hardware, variable=mask.variable, shown=repr(mask.value),
            up_to=mask.hides_up_to, lister=lister,
        )  # fmt: skip


def _index_order(entry: str) -> tuple[int, str]:
    """An index in ASCII digits first, by number (`'²'.isdigit()` is True and int() refuses
    it: the check was an internal error); anything else after, as written."""
    entry = entry.strip()
    return (int(entry), "") if _INDEX.fullmatch(entry) else (1 << 30, entry)


_INDEX: Final = re.compile(r"[0-9]{1,9}")


@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_arch_compiled(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if facts is None or not facts.arch_list:
            continue
        for label, device in models(backend.device, facts.devices):
            if device.capability:
                yield from _kernel_findings(
                    known, backend, facts, label, device.name, device.capability
                )


def models(device_type: str, found: Sequence[Device]) -> list[tuple[str, Device]]:
    """The devices grouped by model (name and architecture), each group once with a label
    for all of it: eight alike GPUs are one finding, not eight, and a paste that lists a
    thousand costs what one does. "cuda:0", "cuda:0–7", "cuda:1, cuda:3"."""
    groups: dict[tuple[str | None, str | None], list[Device]] = {}
    for device in found:
        groups.setdefault((device.name, device.capability), []).append(device)
    return [(_indices_label(device_type, [d.index for d in alike]), alike[0])
            for alike in groups.values()]  # fmt: skip


def _indices_label(device_type: str, indices: Sequence[int]) -> str:
    ordered = sorted(dict.fromkeys(indices))
    if len(ordered) == 1:
        return f"{device_type}:{ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{device_type}:{ordered[0]}–{ordered[-1]}"
    if len(ordered) <= 4:
        return ", ".join(f"{device_type}:{index}" for index in ordered)
    return f"{len(ordered)} devices from {device_type}:{ordered[0]} to {device_type}:{ordered[-1]}"


def _nvidia_code(releases: Iterable[wheels.Release], *, ptx: bool = False) -> tuple[str, ...]:
    """The NVIDIA code the published wheels of `releases` carry (compat.wheels): their
    cubins, and with `ptx` their PTX too."""
    return tuple(
        arch
        for release in releases
        for variant in release.variants
        for _, archs in variant.archs
        for arch in (*archs.cubins, *((archs.ptx or ()) if ptx else ()))
        if arch.startswith(("sm_", "compute_"))
    )


@functools.cache
def _every_cuda_arch() -> tuple[str, ...]:
    """The NVIDIA code of every published wheel compat.wheels lists (back to torch 1.0)."""
    return _nvidia_code(wheels.RELEASES, ptx=True)


def _arch_variant(capability: str, variant: str | None) -> str | None:
    """The remedy's variant for a GPU without kernels: "none" where no published torch wheel
    ever carried code for it (torch 1.0's CUDA 8.0 build starts at sm_20; a GeForce 210 is
    1.2), so no build is offered; else `variant`."""
    below = kernels.verdict(capability, _every_cuda_arch()).direction is kernels.Direction.OLDER
    return "none" if below else variant


def _below_every_build(capability: str) -> bool:
    """Whether a GPU is older than every wheel of the newest release carries code for (by
    the published arch lists of compat.wheels): then the way is an older torch release."""
    newest = _nvidia_code(wheels.RELEASES[:1])
    return kernels.verdict(capability, newest).direction is kernels.Direction.OLDER


@check(Section.TORCH, Section.BACKENDS, optional=(Section.HOST,))
def check_torch_said_no_code(known: Known) -> Iterable[Finding]:
    """torch's own word that it has no code for a GPU, where the compiled list is not known
    (a pasted "too old" warning, CUDA's "no kernel image", HIP's "invalid device
    function"): the GPU's architecture, and the way to a build that has code for it."""
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        said = facts.no_code if facts else None
        if facts is None or said is None or facts.arch_list:
            continue
        targets = [
            (label, d.name, d.capability) for label, d in models(backend.device, facts.devices)
        ]
        if not facts.devices and known.if_known.host and known.if_known.host.gfx_targets:
            targets = [(f"GPU {i}", backend.hardware, gfx)
                       for i, gfx in enumerate(known.if_known.host.gfx_targets)]  # fmt: skip
        for device, name, capability in targets:
            if not capability:
                continue
            verdict = kernels.verdict(capability, (), cuda=known.torch.cuda)
            common = {"device": device, "name": name or backend.hardware,
                      "torch": known.torch.version or "(version not shown)",
                      "compiled": f"not shown; torch says: {clip(one_line(said.quote), 90)}",
                      }  # fmt: skip
            if verdict.direction is kernels.Direction.GFX:
                # The build's list is not shown: the override is offered only towards a
                # target every known ROCm wheel carries.
                family = kernels.verdict(capability, wheels.always_carried_gfx())
                yield _gfx_finding(known, backend, family, common)
                continue
            older = said.older or _below_every_build(capability)
            yield finding(
                Code.ARCH_NOT_COMPILED,
                backend=backend.key,
                variant=_arch_variant(capability, "older" if older else None),
                arch=verdict.device_arch,
                reinstall=_torch_for_gpus(known, (capability,), None),
                **common,
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
        alike: dict[str, list[int]] = {}
        for index, gfx in enumerate(targets):
            alike.setdefault(gfx, []).append(index)
        for gfx, indices in alike.items():
            label = f"{_indices_label('GPU', indices).replace('GPU:', 'GPU ')} of the KFD topology"
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
        "name": name or backend.hardware,
        "torch": known.torch.version or "(version not shown)",
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
        yield _gfx_finding(known, backend, verdict, common)
    elif verdict.route is kernels.Route.NONE:
        # The way to a build that runs: in words by direction, and as the pip line of the
        # release and index compat.wheels shows to run on every GPU here and on the driver.
        direction = verdict.direction
        capabilities = tuple(dict.fromkeys(d.capability for d in facts.devices if d.capability))
        capabilities = capabilities or (capability,)
        yield finding(
            Code.ARCH_NOT_COMPILED,
            backend=backend.key,
            variant=_arch_variant(
                capability,
                direction.value if direction and direction is not kernels.Direction.NEWER else None,
            ),
            arch=verdict.device_arch,
            # Without the driver's own word, a device torch could use proves the driver runs
            # the build's CUDA: a floor, so newer majors are not offered.
            reinstall=_torch_for_gpus(
                known, capabilities, known.torch.cuda if facts.available else None
            ),
            **common,
        )


def _gfx_finding(
    known: Known, backend: registry.Backend, verdict: kernels.Verdict, common: Mapping[str, Any]
) -> Finding:
    """An AMD GPU without code objects: the ROCm build whose list carries its target, or,
    where no ROCm wheel of torch does, that said; the family override as a workaround."""
    install: Mapping[str, Any]
    variant: str | None
    if known.on_windows():
        # Where the Windows builds come from, in words: no pip line for the Linux wheels,
        # and no HSA_OVERRIDE_GFX_VERSION (Linux only).
        install, variant = known.install(backend, replace=True), "windows"
    else:
        line, none_carries = known.torch_for_gfx(
            (verdict.device_arch,), machine=_machine(known.if_known.host)
        )
        install = {"install": line} if line else known.install(backend, replace=True)
        variant = "override" if verdict.override_value else None
        if none_carries:
            install = {"install": Shell()}
            variant = "none_override" if verdict.override_value else "none"
    return finding(
        Code.GFX_NOT_COMPILED,
        backend=backend.key,
        variant=variant,
        gfx=verdict.device_arch,
        target=verdict.override_target,
        override=verdict.override_value,
        **{**install, **common},
    )


def _torch_for_gpus(known: Known, capabilities: tuple[str, ...], proven_cuda: str | None) -> Shell:
    """The pip line of a torch build with code for these GPUs that the driver runs."""
    nvidia = known.if_known.host.nvidia if known.if_known.host else None
    return known.torch_for_driver(
        capabilities,
        driver=nvidia.driver if nvidia else None,
        driver_cuda=(nvidia.nvml_cuda or nvidia.smi_cuda if nvidia else None) or proven_cuda,
        machine=_machine(known.if_known.host),
    )


# --- the NVIDIA driver: its floors and their sources are in hwdoctor/compat/drivers.py ----

_RULE_WORDS: Final = {
    drivers.FloorRule.TOOLKIT: "the minimum of CUDA {toolkit}",
    drivers.FloorRule.MINOR_VERSION: "the CUDA {toolkit} minimum, by minor-version compatibility",
    drivers.FloorRule.GPU_GENERATION: "{generation} GPUs need it",
}


def _nvidia_backends() -> tuple[registry.Backend, ...]:
    """The backend rows whose torch build is NVIDIA's CUDA (the registry names them)."""
    return tuple(b for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)


def _capabilities(
    known: Known, backend: registry.Backend, driver: NvidiaDriver | None
) -> tuple[str, ...]:
    facts = known.if_known.backends.get(backend.key)
    found = tuple(d.capability for d in facts.devices if d.capability) if facts else ()
    return found or (driver.capabilities if driver else ())


def _floor(cuda: str, capabilities: tuple[str, ...]) -> drivers.Floor | None:
    """The highest documented floor among the GPUs (None: not documented: not checked)."""
    floors = [drivers.driver_floor(cuda, c) for c in capabilities or (None,)]
    documented = [f for f in floors if f is not None]
    if not documented:
        return None
    return max(documented, key=lambda f: drivers.driver_tuple(f.driver) or ())


class _FloorWords(NamedTuple):
    floor: str
    rule: str
    branch: int


def _floor_params(floor: drivers.Floor, capabilities: tuple[str, ...]) -> _FloorWords:
    generation = next((g for g in map(drivers.generation, capabilities) if g), "")
    rule = _RULE_WORDS[floor.rule].format(toolkit=floor.cuda, generation=generation)
    return _FloorWords(floor.driver, rule, floor.branch)


def _driver_findings(known: Known, backend: registry.Backend) -> Iterable[Finding]:
    """The driver too old for the torch build, by NVIDIA's floors; nothing where no floor
    is documented."""
    torch = known.if_known.torch
    host = known.if_known.host
    driver = host.nvidia if host else None
    if torch is None or torch.build != backend.query.build:
        return
    if host is not None and host.system == "Darwin":
        return  # macOS's CUDA driver has versions of its own; NVIDIA's floors are for Linux
    capabilities = _capabilities(known, backend, driver)
    if not torch.cuda:
        yield from _found_version(known, backend, capabilities, None)
        return
    floor = _floor(torch.cuda, capabilities)
    if floor is None:
        return
    version = driver.driver if driver else None
    machine = _machine(host)
    params = _floor_params(floor, capabilities)
    if version is not None:
        if floor.admits(version) is False:
            on_gpu = ""
            if floor.rule is drivers.FloorRule.GPU_GENERATION:
                on_gpu = f" on a GPU of compute capability {max(capabilities)}"
            yield finding(
                Code.DRIVER_TOO_OLD,
                backend=backend.key,
                driver=version,
                on_gpu=on_gpu,
                reinstall=known.torch_for_driver(capabilities, driver=version, machine=machine),
                torch=torch.version,
                toolkit=torch.cuda,
                floor=params.floor,
                rule=params.rule,
                branch=params.branch,
            )
        return
    yield from _found_version(known, backend, capabilities, params)


def _machine(host: HostFacts | None) -> str:
    """The host's architecture for a wheel choice: x86_64 where the evidence does not say
    (a pasted report without it), as where there is no host scan at all."""
    return host.machine if host is not None and host.machine != "unknown" else "x86_64"


def _found_version(
    known: Known,
    backend: registry.Backend,
    capabilities: tuple[str, ...],
    params: _FloorWords | None,
) -> Iterable[Finding]:
    """torch's "found version NNNNN": CUDA's cudaErrorInsufficientDriver, raised when the
    driver is older than the CUDA the build was linked against ([PT-C10]); by itself it
    proves the driver too old, even where the build's CUDA is not shown."""
    torch = known.if_known.torch
    host = known.if_known.host
    assert torch is not None
    machine = _machine(host)
    facts = known.if_known.backends.get(backend.key)
    said = facts.driver_said if facts else None
    if said is None:
        return
    if said.words is not drivers.DriverWords.FOUND_VERSION:
        # torch's words without a number: the runtime's "insufficient" or "too old"
        too_old = said.words is drivers.DriverWords.TOO_OLD
        yield finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=backend.key,
            variant="said" if too_old else "runtime_said",
            torch=torch.version or "",
            reinstall=known.torch_for_driver(capabilities, machine=machine)
            if too_old and params
            else None,
        )
    elif said.supports is not None and said.number is not None:
        yield finding(
            Code.DRIVER_CUDA_TOO_OLD,
            backend=backend.key,
            variant=None if params else "toolkit_unknown",
            supports=said.supports,
            number=str(said.number),
            reinstall=known.torch_for_driver(
                capabilities, driver_cuda=said.supports, machine=machine
            ),
            torch=torch.version or "",
            toolkit=torch.cuda,
            floor=params.floor if params else None,
            rule=params.rule if params else None,
            branch=params.branch if params else None,
        )


@check(Section.TORCH, Section.HOST, optional=(Section.BACKENDS,))
def check_nvidia_driver(known: Known) -> Iterable[Finding]:
    driver = known.host.nvidia
    for backend in _nvidia_backends():
        yield from _driver_findings(known, backend)
        if driver is None:
            continue
        yield from _driver_drops_gpu(known, backend, driver)
        on_bus = [s for s in known.host.signals_for(backend.key) if s.kind == "pci"]
        if on_bus and driver.module_loaded is False:
            torch = known.if_known.torch
            floor = _floor(torch.cuda, driver.capabilities) if torch and torch.cuda else None
            hint = ""
            if floor is not None and torch is not None:
                hint = f" (branch R{floor.branch} or newer for torch {torch.version})"
            yield finding(
                Code.DRIVER_NOUVEAU if driver.nouveau_loaded else Code.DRIVER_MISSING,
                backend=backend.key,
                hardware=backend.hardware,
                where=on_bus[0].detail,
                branch_hint=hint,
            )


def _driver_drops_gpu(
    known: Known, backend: registry.Backend, driver: NvidiaDriver
) -> Iterable[Finding]:
    """A GPU whose generation the driver's branch does not support: older than the
    generation's first branch, or newer than its last (compat/drivers.py, each bound with
    its source). Whatever torch is installed, the kernel module refuses such a GPU."""
    version = driver.driver
    if version is None:
        return
    capabilities = _capabilities(known, backend, driver) or known.machine().capabilities
    for capability in dict.fromkeys(capabilities):
        bound = drivers.outside(version, capability)
        if bound is None:
            continue
        found, which = bound
        gpu = f"the {found.name} GPU (compute capability {capability})"
        if which is drivers.Bound.LAST:
            why = f"{found.name} GPUs are supported up to branch R{found.last_branch}"
            remedy = f"install an NVIDIA driver of branch R{found.last_branch}, the last for them"
        else:
            why = f"{found.name} GPUs need branch R{found.floor} or newer"
            remedy = f"upgrade the NVIDIA driver to branch R{found.floor} or newer"
        yield finding(Code.DRIVER_GPU_UNSUPPORTED, backend=backend.key, driver=version,
                      gpu=gpu, why=why, remedy=remedy)  # fmt: skip


@check(Section.HOST)
def check_driver_libraries(known: Known) -> Iterable[Finding]:
    """The NVIDIA kernel module against the user-space driver: the host's own, whatever torch
    is (or is not) installed."""
    driver = known.host.nvidia
    if driver is None:
        return
    for backend in _nvidia_backends():
        yield from _driver_mismatch(backend, driver)


def _driver_mismatch(backend: registry.Backend, driver: NvidiaDriver) -> Iterable[Finding]:
    """The loaded kernel module against the user-space driver (libcuda's file name, NVML),
    or NVML's own "Driver/library version mismatch" (nvidia-smi's text:
    tests/data/real/nvidia/nvidia-smi-mismatch-580.178.txt, from
    https://github.com/zzzhouuu/truenas-nvidia-drivers/issues/19; pynvml's
    NVMLError_LibRmVersionMismatch: https://github.com/wookayin/gpustat/issues/147); where
    the module's version is not shown (a pasted nvidia-smi alone), NVML's words are the
    verdict."""
    kernel = driver.kernel_module
    if kernel is None:
        said = next((t for t in (driver.nvml_error, driver.smi_error) if _mismatch(t)), None)
        if said:
            yield finding(Code.DRIVER_LIBRARY_MISMATCH, variant="said", backend=backend.key,
                          where=said)  # fmt: skip
        return
    seen = {path: drivers.library_version(path) for path in driver.libraries}
    if driver.nvml_driver:
        seen["NVML"] = driver.nvml_driver
    differing = {where: v for where, v in seen.items() if v and v != kernel}
    if differing:
        yield finding(
            Code.DRIVER_LIBRARY_MISMATCH,
            backend=backend.key,
            kernel=kernel,
            library=", ".join(sorted(set(differing.values()))),
            where=", ".join(differing),
        )
        return
    said = next((t for t in (driver.nvml_error, driver.smi_error) if _mismatch(t)), None)
    if said:
        library = re.search(r"NVML library version:\s*([\d.]+)", said)
        yield finding(
            Code.DRIVER_LIBRARY_MISMATCH,
            backend=backend.key,
            kernel=kernel,
            library=library.group(1) if library else "another version",
            where=said,
        )


def _mismatch(text: str | None) -> bool:
    return text is not None and "version mismatch" in text.lower()


# --- device numbering; where hwdoctor runs: permissions, containers, /dev/shm ---------------


@check(Section.BACKENDS, Section.ENV)
def check_device_order(known: Known) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = known.backends.get(backend.key)
        if backend.device_order_env is None or facts is None or not facts.available:
            continue
        variable, value = backend.device_order_env
        devices = facts.devices
        if len(devices) < 2 or len({d.name for d in devices}) < 2:
            continue  # one model only: every order numbers the same kind of GPU
        if known.env.get(variable, "").strip().upper() == value:
            continue
        buses = [d.pci_bus_id for d in devices]
        if all(buses) and buses == sorted(buses, key=str):
            continue  # the heuristic happened to give the bus order
        mapping = ", ".join(
            f"{backend.device}:{d.index} = {d.pci_bus_id or 'bus unknown'} {d.name}"
            for d in devices
        )
        yield finding(
            Code.DEVICE_ORDER,
            backend=backend.key,
            hardware=backend.hardware,
            count=len(devices),
            variable=variable,
            value=value,
            tool=backend.tools[0].name if backend.tools else "the vendor tool",
            mapping=mapping,
        )


def _placement_explains(known: Known, backend: registry.Backend) -> bool:
    """Whether a placement check reports this backend (so "unavailable" would repeat it)."""
    placement = known.host.placement
    if placement is None:
        return False
    return bool(
        _denied_nodes(placement, backend)
        or _container_without_nodes(known, placement, backend)
        or _hiding_value(known, backend)
    )


def _denied_nodes(placement: Placement, backend: registry.Backend) -> list[NodeAccess]:
    return [n for n in placement.nodes if n.backend == backend.key and not n.openable]


def _container_without_nodes(known: Known, placement: Placement, backend: registry.Backend) -> bool:
    signals = known.host.signals_for(backend.key)
    return (
        placement.container is not None
        and bool(backend.container_devices)
        # A backend whose nodes the scan does not look for (the Intel GPU's /dev/dri is any
        # vendor's) cannot be said to miss them.
        and bool(backend.device_nodes)
        and any(s.kind == "pci" and s.count for s in signals)
        and not any(s.kind == "device_node" for s in signals)
    )


def _hiding_value(known: Known, backend: registry.Backend) -> tuple[str, str, str] | None:
    """(variable, value, what it means) when a container variable passes no device in."""
    meanings = dict(backend.container_env_none)
    for variable in backend.container_env:
        value = known.env.get(variable, "").strip().lower()
        if value in meanings:
            return variable, value, meanings[value]
    return None


@check(Section.HOST, Section.PLACEMENT)
def check_device_access(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None:
        return
    for backend in registry.BACKENDS:
        denied = _denied_nodes(placement, backend)
        if not denied:
            continue
        joinable = sorted(
            {n.group for n in denied if n.group_can and n.group and n.group not in placement.groups}
        )
        documented = [group for group in joinable if group in backend.access_groups]
        unknown = [group for group in joinable if group not in backend.access_groups]
        nodes = ", ".join(n.path for n in denied[:4]) + (" …" if len(denied) > 4 else "")
        yield finding(
            Code.NODE_DENIED,
            backend=backend.key,
            variant=None if documented else "unknown_group" if unknown else "no_group",
            hardware=backend.hardware,
            nodes=nodes,
            named_groups=" and ".join(joinable),
            groups=",".join(documented),
            group=documented[0] if documented else "",
            unknown_groups=" and ".join(unknown),
            listed=tuple(n.path for n in denied[:4] if is_device_path(n.path)),
        )


# A device node as `ls -l` may be told to list it: under /dev, each part letters, digits,
# `_`, `.`, `-` and not `.` or `..` (/dev/kfd, /dev/dri/renderD128, /dev/mtgpu.0). A path from
# an evidence file that is anything else is left out of the command.
_DEVICE_PATH: Final = re.compile(r"/dev(?:/(?!\.\.?(?:/|$))[A-Za-z0-9_.-]{1,64}){1,4}")


def is_device_path(path: str) -> bool:
    return _DEVICE_PATH.fullmatch(path) is not None


@check(Section.HOST, Section.PLACEMENT, Section.ENV)
def check_container(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None or placement.container is None:
        return
    for backend in registry.BACKENDS:
        if not known.hardware_present(backend) or backend.query.kind is registry.QueryKind.CPU:
            continue
        hiding = _hiding_value(known, backend)
        if hiding:
            variable, value, meaning = hiding
            yield finding(
                Code.CONTAINER_HIDES,
                backend=backend.key,
                hardware=backend.hardware,
                where=known.hardware_detail(backend),
                variable=variable,
                value=value,
                meaning=meaning,
            )
        elif _container_without_nodes(known, placement, backend):
            yield finding(
                Code.CONTAINER_NO_DEVICE,
                backend=backend.key,
                hardware=backend.hardware,
                where=known.hardware_detail(backend),
                container=placement.container,
                flags=backend.container_devices,
            )


# NCCL's troubleshooting guide (https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/
# troubleshooting.html, "Docker"): NCCL's shared-memory transport lives in /dev/shm, which
# Docker limits to 64 MB by default (docker run --shm-size); it recommends --shm-size=1g.
_SHM_ENOUGH: Final = 1 << 30


@check(Section.HOST, Section.PLACEMENT, Section.BACKENDS)
def check_shared_memory(known: Known) -> Iterable[Finding]:
    placement = known.host.placement
    if placement is None or placement.container is None or placement.shm_bytes is None:
        return
    if placement.shm_bytes >= _SHM_ENOUGH:
        return
    for backend in registry.BACKENDS:
        if backend.collective != "nccl":
            continue
        facts = known.backends.get(backend.key)
        count = max(
            known.host.device_count_for(backend.key) or 0,
            facts.device_count if facts is not None and facts.available else 0,
        )
        if count >= 2:
            yield finding(
                Code.SHM_SMALL,
                backend=backend.key,
                hardware=backend.hardware,
                count=count,
                size=human_bytes(placement.shm_bytes),
                container=placement.container,
            )
            return


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


# --- what the process loaded, and who installed it (payload_loaded.py) ----------------------

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
    variant = "system" if name is None else ("unset" if not kept else None)
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


# --- ROCm as pip installs it: TheRock's rocm and rocm-sdk-* wheels ----------------------

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


# --- the kernel log's Xid events and the GPUs' health counters ---------------------------

_XID_CODES: Final = {
    xid.Action.NONE: Code.GPU_XID_RECORDED,
    xid.Action.RESTART_APP: Code.GPU_XID_RESTART_APP,
    xid.Action.RESET_GPU: Code.GPU_XID_RESET,
    xid.Action.REBOOT: Code.GPU_XID_REBOOT,
    xid.Action.SERVICE: Code.GPU_XID_SERVICE,
}


def _bus_id(device: str) -> str:
    """nvidia-smi's -i takes a PCI bus id with its function: 0000:3b:00 → 0000:3b:00.0."""
    return device if "." in device else f"{device}.0"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


@check(Section.HOST)
def check_kernel_log(known: Known) -> Iterable[Finding]:
    log = known.host.kernel_log
    if log is None:
        return  # not looked at: no NVIDIA GPU, or evidence from before format 1.5
    if not log.read:
        yield finding(Code.GPU_KERNEL_LOG_UNREAD, backend=_NVIDIA, problem=log.problem)
        return
    for event in log.events:
        if event.kind is XidKind.SXID:
            if xid.sxid_action(event.fatal) is xid.Action.NONE:
                continue
            yield finding(Code.GPU_SXID_FATAL, backend=_NVIDIA, evidence=event.line,
                          device=event.device, xid=event.code,
                          times=_times(event.count))  # fmt: skip
            continue
        row = xid.row(event.code)
        yield finding(
            _XID_CODES[row.action],
            backend=_NVIDIA,
            evidence=event.line,
            device=event.device,
            xid=event.code,
            meaning=row.meaning,
            times=_times(event.count),
            bus_id=_bus_id(event.device),
            catalogue=f"NVIDIA's bucket {row.bucket}, {xid.CATALOGUE_URL}",
        )


@check(Section.HOST)
def check_gpu_health(known: Known) -> Iterable[Finding]:
    driver = known.host.nvidia
    for gpu in driver.health if driver is not None else ():
        device = gpu.pci_bus_id or str(gpu.index)
        common = {"backend": _NVIDIA, "device": device, "name": gpu.name or "unnamed",
                  "bus_id": gpu.pci_bus_id or str(gpu.index)}  # fmt: skip
        if gpu.ecc_volatile_uncorrected:
            yield finding(Code.GPU_ECC_UNCORRECTED, volatile=gpu.ecc_volatile_uncorrected,
                          aggregate=gpu.ecc_aggregate_uncorrected, **common)  # fmt: skip
        if gpu.remap_failed:
            yield finding(Code.GPU_REMAP_FAILED, **common)
        elif gpu.remap_pending:
            yield finding(Code.GPU_REMAP_PENDING, uncorrectable=gpu.remapped_uncorrectable,
                          **common)  # fmt: skip
        if gpu.retired_pages_pending:
            yield finding(Code.GPU_RETIREMENT_PENDING, **common)
        if gpu.nvlinks_down:
            yield finding(Code.GPU_NVLINK_DOWN, links=", ".join(map(str, gpu.nvlinks_down)),
                          up=gpu.nvlinks_up or 0, **common)  # fmt: skip
        if gpu.throttle:
            yield finding(Code.GPU_THROTTLED, reasons=", ".join(r.replace("_", " ")
                                                                 for r in gpu.throttle),
                          **common)  # fmt: skip


_ORDER: Final = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def run(
    checks: Iterable[Check[S]], seen: Callable[[Check[S]], S], unknown: frozenset[Section]
) -> tuple[tuple[Finding, ...], tuple[NotChecked, ...]]:
    """Run every check whose sections are known, on what `seen` shows it; list the others
    as not checked.

    Findings come out most severe first, in check order within a severity, without
    duplicates.
    """
    found: list[Finding] = []
    skipped: list[NotChecked] = []
    for item in checks:
        missing = item.reads & unknown
        if missing:
            skipped.append(NotChecked(item.name, tuple(sorted(s.value for s in missing)),
                                      words_for(item.name)))  # fmt: skip
            continue
        try:
            results = list(item.run(seen(item)))
        except Unknown as exc:  # read an optional section as if it were known
            skipped.append(NotChecked(item.name, (exc.section.value,), words_for(item.name)))
            continue
        found.extend(result for result in results if result not in found)
    return tuple(sorted(found, key=lambda f: _ORDER[f.severity])), tuple(skipped)


def diagnose(evidence: Evidence) -> tuple[tuple[Finding, ...], tuple[NotChecked, ...]]:
    """The detect findings of `evidence`, and the checks it lacked the evidence for."""
    return run(CHECKS, lambda c: Known(evidence, c.reads, c.optional), evidence.unknown())
