"""The probe itself: steps that raised, hung or crashed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Literal, TypedDict

from hwdoctor import registry
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import AUTOLOAD_ESCAPE, Code, how
from hwdoctor.diagnosis.checks.core import Install, Known, check
from hwdoctor.diagnosis.checks.packages import _abi_break
from hwdoctor.diagnosis.findings import finding
from hwdoctor.model.facts import (
    EntryPoint,
    Section,
    StepFailure,
)
from hwdoctor.model.reports import Finding
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
        variant="timeout"
        if failure.kind == "timeout"
        else "crashed"
        if failure.kind == "crashed"
        else None,
        name=name,
        origin=origin,
        how=_how(failure, known.timeout_s),
        timeout=f"{known.timeout_s:g}",
        signal=failure.signal or "crash",
        fix=fix,
        uninstall=remedies.pip_of(known.way, ("uninstall", "-y"), dist),
    )


class _Import(TypedDict):
    """What the findings of a failed `import torch` carry (typed for `finding`)."""

    version: str
    reinstall: Shell
    timeout: str


def _torch_import_finding(known: Known, failure: StepFailure) -> Finding:
    version = known.torch.version or ""
    reinstall = known.torch_again()
    params: _Import = {
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
    code: Literal[Code.PROBE_TIMEOUT, Code.PROBE_CRASHED, Code.PROBE_ERROR] = (
        Code.PROBE_TIMEOUT
        if failure.kind == "timeout"
        else Code.PROBE_CRASHED
        if failure.kind == "crashed"
        else Code.PROBE_ERROR
    )
    culprit: Install = known.install(backend) if backend and backend.module else {}
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


# The order this area's findings are listed in within a severity (the areas' order is
# `AREAS` in checks/__init__.py): every check defined above, each once, or the import
# refuses the package.
ORDER: Final = (
    check_torch_installed,
    check_probe_failures,
)
