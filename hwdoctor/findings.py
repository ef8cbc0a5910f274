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
    AccelerateDecision,
    BackendFacts,
    Finding,
    HostFacts,
    InferenceDecision,
    Package,
    PythonInfo,
    Severity,
    StepFailure,
    TorchInfo,
    TrainingDecision,
    VerifyReport,
)
from hwdoctor.rules.engine import Inputs, strtobool

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
ALLOCATION_FAILED = _code("device.allocation_failed", E, "an available device cannot hold a tensor")
PROBE_TIMEOUT = _code("probe.timeout", E, "a probe step hung")
PROBE_CRASHED = _code("probe.crashed", E, "a probe step killed the interpreter")
PROBE_ERROR = _code("probe.error", E, "a probe step failed")
PYTHON_UNUSABLE = _code("python.unusable", E, "the target interpreter could not run the probe")
TOOL_FAILED = _code("host.tool_failed", W, "a vendor tool did not answer")

VERSION_UNSUPPORTED = _code(
    "explain.version_unsupported", W, "a library version outside the tables' range"
)
LIBRARY_MISSING = _code("explain.library_missing", W, "transformers or accelerate missing")
LIBRARIES_DISAGREE = _code(
    "explain.libraries_disagree", W, "TrainingArguments and Accelerate pick differently"
)
AUTO_FALLS_BACK = _code(
    "explain.auto_falls_back_to_cpu", W, 'device_map="auto" ignores the accelerator here'
)
AUTO_IGNORES = _code("explain.auto_ignores_devices", I, 'device_map="auto" leaves devices out')
USE_CPU_ENV_HALF = _code(
    "explain.accelerate_use_cpu_half_honoured", W, "ACCELERATE_USE_CPU does not move training"
)
XLA_OVERRIDES = _code("explain.xla_overrides", W, "torch_xla takes training over")
NOT_AUTOLOADED = _code(
    "explain.extension_not_autoloaded", W, "training cannot see an extension torch did not load"
)
TRAINING_RAISES = _code("explain.training_raises", E, "TrainingArguments would raise")
VERIFY_MISMATCH = _code("verify.mismatch", E, "a library disagrees with hwdoctor's prediction")
VERIFY_INCOMPLETE = _code("verify.incomplete", E, "the verification hung or crashed")
LAUNCHER = _code("explain.launcher", I, "a distributed launch is configured")
OFFLOADED_TO_DISK = _code("load.offloaded_to_disk", W, "part of the model lives on disk")
RANKS_MISSING = _code("ranks.missing", E, "a rank did not join the job")
RANKS_CHECK_FAILED = _code("ranks.check_failed", E, "the distributed check itself failed")
RANKS_VERSIONS_DIFFER = _code("ranks.versions_differ", E, "ranks run different versions")
RANKS_DEVICES_DIFFER = _code("ranks.devices_differ", E, "ranks train on different device types")
RANKS_COUNTS_DIFFER = _code("ranks.counts_differ", W, "ranks see different device counts")
RANKS_SHARE_DEVICES = _code("ranks.share_devices", W, "more ranks on a node than devices")
RANKS_VISIBILITY_DIFFERS = _code(
    "ranks.visibility_differs", W, "ranks on a node see different visibility variables"
)
RANKS_ALL_REDUCE_FAILED = _code("ranks.all_reduce_failed", E, "the all_reduce smoke test failed")

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

    def entry_point_value(self, name: str) -> str | None:
        """`module:function` of a torch.backends entry point."""
        for point in self.entry_points:
            if point.get("name") == name and point.get("value"):
                return str(point["value"])
        return None

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
    # When `import torch` fails in several runs (autoload on, then off), the last run is the
    # one that tells a broken torch from a broken extension: report that one only.
    torch_runs = [i for i, f in enumerate(evidence.failures) if f.step == "import torch"]
    for index, failure in enumerate(evidence.failures):
        if failure.step.startswith("autoload "):
            yield _autoload_finding(evidence, failure)
        elif failure.step == "import torch":
            if failure.kind == "error" and (failure.autoload and autoload_failed):
                continue  # the auto-loaded extension is the culprit, reported above
            if index != torch_runs[-1]:
                continue
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
    value = evidence.entry_point_value(name)
    origin = f"entry point {value}, from {dist}" if value else f"from {dist}"
    extension = f"the auto-loaded extension {name} ({origin})"
    if failure.kind == "timeout":
        message = f"import torch hangs in {extension}: no progress for {evidence.timeout_s:g} s"
    elif failure.kind == "crashed":
        killed = failure.signal or "crash"
        message = f"import torch crashes in {extension}: it kills the interpreter ({killed})"
    else:
        message = f"import torch fails because {extension} {_how(failure, evidence.timeout_s)}"
    return finding(
        AUTOLOAD_BROKEN,
        message,
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
    if failure.step.startswith("allocate ") and failure.kind == "error":
        device = failure.step.removeprefix("allocate ")
        owner = registry.BY_KEY.get(_device_backend(failure.step) or "")
        return finding(
            ALLOCATION_FAILED,
            f"{device} reports itself available but cannot hold a tensor: "
            f"{failure.error.one_line() if failure.error else 'unknown error'}",
            backend=owner.key if owner else None,
            remedy=owner.hardware_remedy if owner and owner.hardware_remedy else None,
            evidence=failure.output,
        )
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
    device_type = step.split(" ", 1)[-1].split(":", 1)[0]
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


# --- explain -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExplainEvidence:
    detect: Evidence
    inputs: Inputs
    training: TrainingDecision
    accelerate: AccelerateDecision
    inference: InferenceDecision
    verify: VerifyReport | None


ExplainCheck = Callable[[ExplainEvidence], Iterable[Finding]]


def check_supported_versions(evidence: ExplainEvidence) -> Iterable[Finding]:
    from hwdoctor.rules import SUPPORTED

    for library, spec in SUPPORTED.items():
        package = evidence.detect.packages.get(library)
        if package is None:
            yield finding(
                LIBRARY_MISSING,
                f"{library} is not installed in {evidence.detect.python.executable}: the "
                "prediction shows what it would do once installed",
                remedy=f"pip install {library}",
            )
        elif versions.satisfies(package.version, spec) is False:
            yield finding(
                VERSION_UNSUPPORTED,
                f"{library} {package.version} is outside the versions hwdoctor's decision "
                f"tables were read from ({library}{spec}); the prediction may differ",
                remedy="run `hwdoctor explain --verify` to check it against the real library",
            )


def check_libraries_disagree(evidence: ExplainEvidence) -> Iterable[Finding]:
    training, state = evidence.training.device, evidence.accelerate.device
    if training and _device_type(training) != _device_type(state):
        yield finding(
            LIBRARIES_DISAGREE,
            f"TrainingArguments picks {training} but Accelerate's PartialState() alone picks "
            f"{state}: the two check backends in different orders",
            remedy="code that builds its own Accelerator or PartialState next to the Trainer "
            f"should pass the device explicitly (for example ACCELERATE_TORCH_DEVICE={training})",
        )


def _device_type(device: str) -> str:
    return device.split(":", 1)[0]


def check_device_map_auto(evidence: ExplainEvidence) -> Iterable[Finding]:
    plan = evidence.inference.device_map_auto
    backends = evidence.detect.backends
    if plan.fallback_to_cpu:
        unused = [registry.BY_KEY[k] for k in plan.unused_accelerators]
        first = unused[0] if unused else None
        never = [b.device for b in unused if not b.device_map_auto]
        why = (
            f"Accelerate never budgets {', '.join(never)} devices"
            if never
            else f"no {plan.family} device could hold a tensor when Accelerate probed it"
        )
        yield finding(
            AUTO_FALLS_BACK,
            'device_map="auto" would put the whole model on cpu although '
            f"{', '.join(b.hardware + ' (' + b.device + ')' for b in unused)} is usable here: "
            f"{why}",
            backend=first.key if first else None,
            remedy=f'pass the device explicitly: device_map="{first.device}"' if first else None,
        )
        return
    for key in plan.unused_accelerators:
        backend = registry.BY_KEY[key]
        facts = backends[key]
        yield finding(
            AUTO_IGNORES,
            f'device_map="auto" budgets only {plan.family} devices; the {facts.device_count} '
            f"{backend.hardware} device(s) ({backend.device}) get nothing",
            backend=key,
            remedy=f'to use them, pass device_map="{backend.device}" or an explicit map',
        )


def check_accelerate_use_cpu(evidence: ExplainEvidence) -> Iterable[Finding]:
    raw = evidence.inputs.env.get("ACCELERATE_USE_CPU")
    device = evidence.training.device
    if raw is None or evidence.inputs.use_cpu or not device or device == "cpu":
        return
    if strtobool(raw):
        yield finding(
            USE_CPU_ENV_HALF,
            f"ACCELERATE_USE_CPU={raw!r} gives n_gpu={evidence.training.n_gpu} and a CPU "
            f"PartialState, but TrainingArguments still puts the model on {device}",
            remedy="pass use_cpu=True to TrainingArguments (or --use_cpu on the command line)",
        )


def check_xla_override(evidence: ExplainEvidence) -> Iterable[Finding]:
    if evidence.training.parallel_mode != "tpu":
        return
    others = [
        registry.BY_KEY[key].device
        for key, facts in evidence.detect.backends.items()
        if key not in ("cpu", "xla") and facts.available
    ]
    present = evidence.detect.host.signals_for("tpu") or evidence.detect.host.signals_for("neuron")
    if others or evidence.inputs.use_cpu or not present:
        reason = (
            f"ahead of {', '.join(others)}"
            if others
            else (
                "even with use_cpu=True"
                if evidence.inputs.use_cpu
                else "with no TPU or Neuron hardware found on this machine"
            )
        )
        yield finding(
            XLA_OVERRIDES,
            f"torch_xla imports, so TrainingArguments trains on {evidence.training.device} "
            f"{reason}",
            backend="xla",
            remedy="set USE_TORCH_XLA=0 when this job should not use XLA",
        )


def check_not_autoloaded(evidence: ExplainEvidence) -> Iterable[Finding]:
    from hwdoctor.rules.engine import Seen, Sees
    from hwdoctor.rules.tables import TRAINING_ARGUMENTS

    for step in TRAINING_ARGUMENTS.steps:
        sees = step.predicate
        if not isinstance(sees, Sees) or sees.seen is not Seen.AUTOLOAD_ONLY:
            continue
        for key in sees.keys:
            facts = evidence.detect.backends.get(key)
            backend = registry.BY_KEY[key]
            if facts and facts.available and not facts.autoloaded and backend.module:
                yield finding(
                    NOT_AUTOLOADED,
                    f"{backend.package} works once imported, but torch did not auto-load "
                    f"{backend.module}, so TrainingArguments will not pick {backend.device}",
                    backend=key,
                    remedy=f"add `import {backend.module}` before creating TrainingArguments",
                )


def check_training_error(evidence: ExplainEvidence) -> Iterable[Finding]:
    if evidence.training.error:
        yield finding(
            TRAINING_RAISES,
            f"TrainingArguments(...) would raise {evidence.training.error}",
            remedy="ACCELERATE_USE_CPU takes y/yes/t/true/on/1 or n/no/f/false/off/0",
        )


def check_launcher(evidence: ExplainEvidence) -> Iterable[Finding]:
    state = evidence.training.accelerate
    if evidence.inputs.local_rank != -1 or evidence.inputs.world_size() > 1:
        backend = f" over {state.backend}" if state.backend else ""
        yield finding(
            LAUNCHER,
            f"LOCAL_RANK={evidence.inputs.env.get('LOCAL_RANK', 'unset')}, "
            f"WORLD_SIZE={evidence.inputs.env.get('WORLD_SIZE', 'unset')}: this process "
            f"would run {state.distributed_type}{backend} on {state.device}",
        )


def check_verify(evidence: ExplainEvidence) -> Iterable[Finding]:
    report = evidence.verify
    if report is None:
        return
    for item in report.items:
        if not item.agree and item.actual is not None:
            yield finding(
                VERIFY_MISMATCH,
                f"{item.name}: hwdoctor predicted {item.predicted}, the library "
                f"{'' if item.actual.startswith('raises') else 'returned '}{item.actual}",
                remedy="please report this with `hwdoctor explain --verify --json` attached",
                evidence=item.error,
            )
    if report.problem:
        yield finding(VERIFY_INCOMPLETE, report.problem)


EXPLAIN_CHECKS: Final[tuple[ExplainCheck, ...]] = (
    check_supported_versions,
    check_training_error,
    check_libraries_disagree,
    check_device_map_auto,
    check_accelerate_use_cpu,
    check_xla_override,
    check_not_autoloaded,
    check_launcher,
    check_verify,
)


def diagnose_explain(evidence: ExplainEvidence) -> tuple[Finding, ...]:
    found: list[Finding] = []
    for check in EXPLAIN_CHECKS:
        found.extend(item for item in check(evidence) if item not in found)
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    return tuple(sorted(found, key=lambda f: order[f.severity]))
