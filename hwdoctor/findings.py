"""Findings: facts turned into diagnoses with remedies.

`CATALOGUE` names every finding code with its severity and a one-line title; `CHECKS` is
the ordered list of checks, each a function from the gathered `Evidence` to findings. A
check iterates the registry; none branches on a backend's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.host import ToolProblem
from hwdoctor.model import (
    BackendFacts,
    ErrorInfo,
    Finding,
    HostFacts,
    Package,
    PythonInfo,
    Severity,
    StepFailure,
    TorchInfo,
)

AUTOLOAD_ESCAPE: Final = "TORCH_DEVICE_BACKEND_AUTOLOAD=0"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    title: str


def _code(code: str, severity: Severity, title: str) -> Code:
    return Code(code, severity, title)


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741

TORCH_MISSING = _code("torch.missing", E, "torch is not installed in the target interpreter")
TORCH_BROKEN = _code("torch.broken", E, "import torch fails even with extension autoload off")
TORCH_IMPORT_HANGS = _code("torch.import_hangs", E, "import torch does not finish")
TORCH_IMPORT_CRASHES = _code("torch.import_crashes", E, "import torch kills the interpreter")
AUTOLOAD_BROKEN = _code(
    "torch.autoload_broken", E, "an auto-loaded extension breaks import torch itself"
)
CPU_ONLY_BUILD = _code("torch.cpu_only_build", W, "CPU-only torch on a host with an accelerator")
BUILD_MISMATCH = _code("torch.build_mismatch", W, "torch is built for another accelerator")
PACKAGE_MISSING = _code("hardware.package_missing", W, "hardware present, its package missing")
EXTENSION_IMPORT_FAILED = _code("extension.import_failed", E, "an installed extension fails")
EXTENSION_TORCH_MISMATCH = _code(
    "extension.torch_mismatch", E, "an extension requires another torch version"
)
BACKEND_UNAVAILABLE = _code("backend.unavailable", E, "hardware and package present, no device")
QUERY_FAILED = _code("backend.query_failed", E, "asking torch about a device raised")
DEVICES_HIDDEN = _code("devices.hidden", W, "a visibility variable hides devices")
ARCH_NOT_COMPILED = _code("device.arch_not_compiled", E, "torch has no kernels for this device")
MEMORY_QUERY_FAILED = _code("device.memory_query_failed", W, "free memory could not be read")
PROBE_TIMEOUT = _code("probe.timeout", E, "a probe step hung")
PROBE_CRASHED = _code("probe.crashed", E, "a probe step killed the interpreter")
PROBE_ERROR = _code("probe.error", E, "a probe step failed")
PYTHON_UNUSABLE = _code("python.unusable", E, "the target interpreter could not run the probe")
TOOL_FAILED = _code("host.tool_failed", W, "a vendor tool did not answer")

CATALOGUE: Final[dict[str, Code]] = {
    entry.code: entry for entry in list(globals().values()) if isinstance(entry, Code)
}


@dataclass(frozen=True, slots=True)
class Evidence:
    """Everything the checks read: facts, nothing derived."""

    python: PythonInfo
    torch: TorchInfo
    packages: Mapping[str, Package | None]
    backends: Mapping[str, BackendFacts]
    host: HostFacts
    tool_problems: tuple[ToolProblem, ...]
    failures: tuple[StepFailure, ...]
    entry_points: tuple[Mapping[str, object], ...]
    env: Mapping[str, str]
    timeout_s: float

    def hardware_present(self, backend: registry.Backend) -> bool:
        return backend.query.kind is registry.QueryKind.CPU or any(
            signal.count != 0 for signal in self.host.signals_for(backend.key)
        )

    def hardware_detail(self, backend: registry.Backend) -> str:
        signals = self.host.signals_for(backend.key)
        return "; ".join(signal.detail for signal in signals[:2])

    def backend_for_module(self, module: str) -> registry.Backend | None:
        return next((b for b in registry.BACKENDS if b.module == module), None)

    def backend_for_entry_point(self, name: str) -> registry.Backend | None:
        for point in self.entry_points:
            if point.get("name") != name:
                continue
            module = str(point.get("value", "")).split(":", 1)[0]
            found = next(
                (b for b in registry.BACKENDS if b.module and module.startswith(b.module)),
                None,
            )
            if found:
                return found
        return next((b for b in registry.BACKENDS if b.module == name), None)

    def dist_for_entry_point(self, name: str) -> str | None:
        for point in self.entry_points:
            if point.get("name") == name and point.get("dist"):
                return str(point["dist"])
        return None


def finding(
    code: Code,
    message: str,
    *,
    backend: str | None = None,
    remedy: str | None = None,
    evidence: str | None = None,
) -> Finding:
    return Finding(code.code, code.severity, backend, message, remedy, evidence or None)


Check = Callable[[Evidence], Iterable[Finding]]


# --- the probe itself: steps that raised, hung or crashed ----------------------------------


def check_torch_installed(evidence: Evidence) -> Iterable[Finding]:
    if evidence.torch.version is None and not evidence.torch.importable and _probe_ran(evidence):
        yield finding(
            TORCH_MISSING,
            f"torch is not installed in {evidence.python.executable}",
            remedy="pip install torch (see https://pytorch.org/get-started/locally/ for the "
            "wheel that matches your hardware), or point hwdoctor at the environment you "
            "train in with --python",
        )


def _probe_ran(evidence: Evidence) -> bool:
    return not any(f.step == "start" for f in evidence.failures)


def check_probe_failures(evidence: Evidence) -> Iterable[Finding]:
    autoload_failed = any(f.step.startswith("autoload ") for f in evidence.failures)
    for failure in evidence.failures:
        if failure.step.startswith("autoload "):
            yield _autoload_finding(evidence, failure)
        elif failure.step == "import torch":
            if failure.kind == "error" and (failure.autoload and autoload_failed):
                continue  # the auto-loaded extension is the culprit, reported above
            yield _torch_import_finding(evidence, failure)
        elif failure.step == "start":
            yield finding(
                PYTHON_UNUSABLE,
                f"{evidence.python.executable} did not run hwdoctor's probe "
                f"({failure.signal or failure.kind})",
                remedy="check that --python names a working Python 3.8+ interpreter",
                evidence=failure.output,
            )
        else:
            yield _step_finding(evidence, failure)


def _how(failure: StepFailure, timeout_s: float) -> str:
    if failure.kind == "timeout":
        return f"hangs (no progress for {timeout_s:g} s)"
    if failure.kind == "crashed":
        return f"kills the interpreter ({failure.signal})"
    return f"raises {failure.error.one_line()}" if failure.error else "fails"


def _autoload_finding(evidence: Evidence, failure: StepFailure) -> Finding:
    name = failure.step.removeprefix("autoload ")
    dist = evidence.dist_for_entry_point(name) or name
    backend = evidence.backend_for_entry_point(name)
    fix = f"pip uninstall {dist}"
    if backend and backend.module:
        fix = (
            f"reinstall {backend.package} in the release that matches torch "
            f"{evidence.torch.version or ''}".rstrip()
            + f", or uninstall it ({fix})"
        )
    return finding(
        AUTOLOAD_BROKEN,
        f"import torch fails because the auto-loaded extension {name} (from {dist}) "
        f"{_how(failure, evidence.timeout_s)}",
        backend=backend.key if backend else None,
        remedy=f"{fix}; until then, set {AUTOLOAD_ESCAPE} to stop torch from loading "
        f"extensions at import, and import the ones you need explicitly",
        evidence=failure.output,
    )


def _torch_import_finding(evidence: Evidence, failure: StepFailure) -> Finding:
    version = evidence.torch.version or ""
    reinstall = f"pip install --force-reinstall torch=={version.split('+')[0]}".rstrip("=")
    if failure.kind == "timeout":
        return finding(
            TORCH_IMPORT_HANGS,
            f"import torch {version} makes no progress for {evidence.timeout_s:g} s"
            + ("" if failure.autoload else f" even with {AUTOLOAD_ESCAPE}"),
            remedy="look at the stack in the evidence for the module it waits on; "
            f"try {AUTOLOAD_ESCAPE}; then {reinstall}",
            evidence=failure.output,
        )
    if failure.kind == "crashed":
        return finding(
            TORCH_IMPORT_CRASHES,
            f"import torch {version} kills the interpreter ({failure.signal})",
            remedy=f"{reinstall}; check that its CUDA/ROCm libraries match the driver",
            evidence=failure.output,
        )
    return finding(
        TORCH_BROKEN,
        f"import torch {version} fails: {failure.error.one_line() if failure.error else ''}"
        + ("" if failure.autoload else f" (with {AUTOLOAD_ESCAPE} too: torch itself is broken)"),
        remedy=f"{reinstall}; a shared library error (OSError) usually means a CUDA/ROCm "
        "runtime that does not match this torch build",
        evidence=failure.output,
    )


_STEP_BACKEND: Final = re.compile(r"^(?:query (?P<key>\w+)|import (?P<module>[\w.]+))$")


def _step_finding(evidence: Evidence, failure: StepFailure) -> Finding:
    match = _STEP_BACKEND.match(failure.step)
    backend: registry.Backend | None = None
    if match and match.group("key"):
        backend = registry.BY_KEY.get(match.group("key"))
    elif match and match.group("module"):
        backend = evidence.backend_for_module(match.group("module"))
    key = backend.key if backend else None
    if failure.step.startswith("memory "):
        return finding(
            MEMORY_QUERY_FAILED,
            f"reading free memory ({failure.step}) {_how(failure, evidence.timeout_s)}",
            backend=_device_backend(failure.step),
            evidence=failure.output,
        )
    if failure.kind == "error" and match and match.group("module") and backend:
        return finding(
            EXTENSION_IMPORT_FAILED,
            f"{backend.package} {_version(evidence, backend)} is installed but "
            f"import {backend.module} {_how(failure, evidence.timeout_s)}",
            backend=key,
            remedy=f"reinstall the {backend.package} release built for torch "
            f"{evidence.torch.version}: {backend.install_hint}",
            evidence=failure.output,
        )
    if failure.kind == "error" and backend:
        return finding(
            QUERY_FAILED,
            f"asking torch about {backend.hardware} ({backend.query.module or backend.module}) "
            f"{_how(failure, evidence.timeout_s)}",
            backend=key,
            remedy=backend.hardware_remedy or None,
            evidence=failure.output,
        )
    code = {"timeout": PROBE_TIMEOUT, "crashed": PROBE_CRASHED}.get(failure.kind, PROBE_ERROR)
    what = f"`{failure.step}`"
    return finding(
        code,
        f"{what} {_how(failure, evidence.timeout_s)}; hwdoctor skipped it and reports the rest",
        backend=key,
        remedy=(
            f"{backend.package} is the likely culprit; reinstall it: {backend.install_hint}"
            if backend and backend.module
            else None
        ),
        evidence=failure.output,
    )


def _device_backend(step: str) -> str | None:
    device_type = step.removeprefix("memory ").split(":", 1)[0]
    found = registry.for_device(device_type)
    return found[0].key if found else None


def _version(evidence: Evidence, backend: registry.Backend) -> str:
    facts = evidence.backends.get(backend.key)
    return facts.version or "" if facts else ""


# --- packages ------------------------------------------------------------------------------


def check_torch_requirements(evidence: Evidence) -> Iterable[Finding]:
    torch_version = evidence.torch.version
    if not torch_version:
        return
    for backend in registry.BACKENDS:
        if backend.module is None:
            continue
        for dist in backend.dists:
            package = evidence.packages.get(dist)
            if package is None:
                continue
            for requirement in package.requires_torch:
                spec = versions.requirement_specifiers(requirement, "torch")
                if spec and versions.satisfies(torch_version, spec) is False:
                    yield finding(
                        EXTENSION_TORCH_MISMATCH,
                        f"{backend.package} {package.version} requires torch{spec}, "
                        f"but torch {torch_version} is installed",
                        backend=backend.key,
                        remedy=f"pip install 'torch{spec}' (or the {backend.package} release "
                        f"built for torch {torch_version})",
                    )


# --- hardware against packages -------------------------------------------------------------


def check_hardware_without_backend(evidence: Evidence) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = evidence.backends.get(backend.key)
        if (
            facts is None
            or backend.query.kind is registry.QueryKind.CPU
            or facts.available
            or not evidence.hardware_present(backend)
            or not facts.probed
            or not evidence.torch.importable
        ):
            continue
        where = evidence.hardware_detail(backend)
        if backend.query.build and facts.reason == "build":
            build = evidence.torch.build or "unknown"
            code = CPU_ONLY_BUILD if build == registry.Build.CPU.value else BUILD_MISMATCH
            yield finding(
                code,
                f"{backend.hardware} hardware is present ({where}) but torch "
                f"{evidence.torch.version} is a {build.upper()} build",
                backend=backend.key,
                remedy=backend.install_hint,
            )
        elif backend.module and not facts.installed and facts.importable is None:
            yield finding(
                PACKAGE_MISSING,
                f"{backend.hardware} hardware is present ({where}) but {backend.package} is "
                "not installed",
                backend=backend.key,
                remedy=backend.install_hint,
            )
        elif facts.importable is not False and facts.query_error is None:
            yield finding(
                BACKEND_UNAVAILABLE,
                f"{backend.hardware} hardware is present ({where}) but "
                f"{backend.query.module or backend.module}.is_available() is False"
                + _visibility_suffix(backend, evidence.env),
                backend=backend.key,
                remedy=backend.hardware_remedy or None,
            )


def _visibility_suffix(backend: registry.Backend, env: Mapping[str, str]) -> str:
    set_vars = [f"{name}={env[name]!r}" for name in backend.visibility_env if name in env]
    return f" ({', '.join(set_vars)})" if set_vars else ""


def check_hidden_devices(evidence: Evidence) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = evidence.backends.get(backend.key)
        set_vars = [name for name in backend.visibility_env if name in evidence.env]
        present = evidence.host.device_count_for(backend.key)
        if facts is None or not set_vars or present is None or not facts.probed:
            continue
        if facts.importable is False or (backend.query.build and facts.reason == "build"):
            continue
        if facts.device_count < present:
            shown = ", ".join(f"{name}={evidence.env[name]!r}" for name in set_vars)
            yield finding(
                DEVICES_HIDDEN,
                f"{present} {backend.hardware} device(s) present, {facts.device_count} visible "
                f"to torch: {shown}",
                backend=backend.key,
                remedy=f"unset {set_vars[0]} or list the devices you want "
                f"(comma-separated indices, e.g. {set_vars[0]}=0,1)",
            )


def check_arch_compiled(evidence: Evidence) -> Iterable[Finding]:
    for backend in registry.BACKENDS:
        facts = evidence.backends.get(backend.key)
        if facts is None or not facts.arch_list:
            continue
        for device in facts.devices:
            if device.capability and not _arch_supported(device.capability, facts.arch_list):
                yield finding(
                    ARCH_NOT_COMPILED,
                    f"{backend.device}:{device.index} ({device.name}) has "
                    f"{_arch_name(device.capability)}, which torch {evidence.torch.version} "
                    f"has no kernels for (compiled: {' '.join(facts.arch_list)})",
                    backend=backend.key,
                    remedy=f"install a torch build that supports {_arch_name(device.capability)}"
                    " (a newer CUDA/ROCm wheel index)",
                )


def _arch_name(capability: str) -> str:
    if re.fullmatch(r"\d+\.\d+", capability):
        return "sm_" + capability.replace(".", "")
    return capability.split(":", 1)[0]


def _arch_supported(capability: str, arch_list: tuple[str, ...]) -> bool:
    wanted = _arch_name(capability)
    if wanted in arch_list:
        return True
    if wanted.startswith("sm_"):
        # PTX for an older architecture is JIT-compiled for newer GPUs of the same major.
        number = int(wanted[3:])
        for arch in arch_list:
            if arch.startswith("compute_") and arch[8:].isdigit():
                ptx = int(arch[8:])
                if ptx <= number and ptx // 10 == number // 10:
                    return True
    return False


# --- the host ------------------------------------------------------------------------------


def check_tools(evidence: Evidence) -> Iterable[Finding]:
    for problem in evidence.tool_problems:
        backend = registry.BY_KEY.get(problem.backend)
        yield finding(
            TOOL_FAILED,
            f"{problem.tool} {problem.message}",
            backend=problem.backend,
            remedy=(
                f"the {backend.hardware} driver may be missing or wedged: {backend.hardware_remedy}"
                if backend and backend.hardware_remedy
                else None
            ),
        )


CHECKS: Final[tuple[Check, ...]] = (
    check_torch_installed,
    check_probe_failures,
    check_torch_requirements,
    check_hardware_without_backend,
    check_hidden_devices,
    check_arch_compiled,
    check_tools,
)


def diagnose(evidence: Evidence, checks: Iterable[Check] = CHECKS) -> tuple[Finding, ...]:
    found: list[Finding] = []
    for check in checks:
        for item in check(evidence):
            if item not in found:
                found.append(item)
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    return tuple(sorted(found, key=lambda f: order[f.severity]))


def one_line_error(error: ErrorInfo | None) -> str:
    return error.one_line() if error else "unknown error"
