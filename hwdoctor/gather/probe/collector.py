"""The probe layer: what the target interpreter sees, gathered in isolated subprocesses.

`collect()` runs the detect payload and, when a step hangs, crashes, or an auto-loaded
extension breaks `import torch`, runs it again around the culprit: skipping the step, or
with TORCH_DEVICE_BACKEND_AUTOLOAD=0 to tell a broken torch from a broken extension.
Everything every run reported is kept; later runs fill in what earlier ones could not.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from hwdoctor import registry
from hwdoctor.compat import drivers
from hwdoctor.gather import interpreter
from hwdoctor.gather.probe import boundary
from hwdoctor.gather.probe.job import AUTOLOAD_ENV, MAX_RUNS, probe_job
from hwdoctor.gather.probe.runner import Started, run_payload
from hwdoctor.model.facts import (
    BackendFacts,
    Device,
    EntryPoint,
    ErrorInfo,
    Libraries,
    LoadedLibrary,
    Managed,
    Package,
    PythonInfo,
    StepFailure,
    TorchInfo,
    WheelLibrary,
)
from hwdoctor.model.runs import (
    AUTOLOAD_STEP_PREFIX,
    IMPORT_STEP_PREFIX,
    IMPORT_TORCH,
    MALFORMED,
    MALFORMED_STEP,
    SHADOWED,
    SHADOWING_STEP,
    START_STEP,
    ProbeRun,
    RunOutcome,
)
from hwdoctor.model.serial import read_all
from hwdoctor.text import printable

# The runner's notes on how a run ended, which are not something the probe sent.
_RUN_NOTES: Final = ("the probe reported everything, then did not exit", "could not kill")
_MALFORMED_PREFIX: Final = "the probe sent something malformed: "  # the finding says it


@dataclass(frozen=True, slots=True)
class ProbeResult:
    """All runs of the detect payload against one interpreter, oldest first."""

    python: str
    runs: tuple[ProbeRun, ...]
    # The facts of every run, each checked at the boundary first (a later run fills in what
    # an earlier one could not learn, never with something malformed), and what was left out.
    facts: Mapping[str, Any] = field(init=False, repr=False, compare=False)
    malformed: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        merged: dict[str, Any] = {}
        left_out: list[str] = []
        for run in self.runs:
            checked, problems = boundary.checked_facts(run.facts)
            merged.update(checked)
            left_out.extend(problems)
            # What the channel reader could not read (a line that is not an event, one too
            # large or too deep) is malformed too; how the run ended is told by its outcome.
            left_out.extend(
                p.removeprefix(_MALFORMED_PREFIX)
                for p in run.problems
                if not p.startswith(_RUN_NOTES)
            )
        object.__setattr__(self, "facts", merged)
        object.__setattr__(self, "malformed", tuple(dict.fromkeys(left_out)))

    @property
    def seconds(self) -> float:
        return sum(run.seconds for run in self.runs)

    @property
    def autoload_disabled(self) -> bool:
        """Whether the facts describe torch with extension autoloading switched off."""
        last = self.runs[-1]
        return last.env_overrides.get(AUTOLOAD_ENV, os.environ.get(AUTOLOAD_ENV, "1")) != "1"

    def python_info(self) -> PythonInfo:
        data = self.facts.get("python") or {}
        prefix = str(data.get("prefix", ""))
        return PythonInfo(
            executable=str(data.get("executable") or self.python),
            version=str(data.get("version", "unknown")),
            prefix=prefix,
            is_venv=prefix != str(data.get("base_prefix", prefix)),
            externally_managed=data.get("externally_managed") is True,
            conda=data.get("conda") is True,
            uv=data.get("uv") is True,
            has_pip=data.get("pip") if isinstance(data.get("pip"), bool) else None,
            tool=interpreter.tool_installer(prefix),
        )

    def packages(self) -> dict[str, Package | None]:
        found: dict[str, Package | None] = {}
        for name, data in (self.facts.get("packages") or {}).items():
            found[name] = (
                Package(
                    name=name,
                    # An empty METADATA has no Version: unknown, not the text "None".
                    version=_str_or_none(data.get("version")) or "unknown",
                    requires_torch=tuple(data.get("requires_torch") or ()),
                    home_page=data.get("home_page"),
                )
                if data
                else None
            )
        return found

    def libraries(self) -> Libraries | None:
        """What the process loaded and who installed torch's stack; None when the probe
        reported neither (a payload that died first)."""
        loaded = self.facts.get("libraries")
        rocm = self.facts.get("rocm_wheels")
        if not isinstance(loaded, Mapping) and not isinstance(rocm, Mapping):
            return None
        data = loaded if isinstance(loaded, Mapping) else {}
        wheels = rocm if isinstance(rocm, Mapping) else {}
        return Libraries(
            maps_read=data.get("maps_read") is True,
            maps_lines=int(data.get("maps_lines") or 0),
            truncated=data.get("truncated") is True,
            after_devices=data.get("after_devices") is True,
            loaded=read_all(LoadedLibrary, data.get("loaded")),
            wheel_copies=read_all(WheelLibrary, data.get("wheel_copies")),
            managed=read_all(Managed, data.get("managed")),
            ld_preload=tuple(data.get("ld_preload") or ()),
            ld_library_path=tuple(data.get("ld_library_path") or ()),
            cudnn_compiled=data.get("cudnn_compiled"),
            cudnn_runtime=data.get("cudnn_runtime"),
            rocm_wheels=read_all(Managed, wheels.get("dists")),
            torch_extras=tuple(wheels.get("torch_extras") or ()),
            torch_rocm_requires=tuple(wheels.get("torch_requires") or ()),
        )

    def entry_points(self) -> tuple[EntryPoint, ...]:
        return read_all(EntryPoint, self.facts.get("entry_points"))

    def torch_info(self) -> TorchInfo:
        package = self.packages().get("torch")
        data = self.facts.get("torch") or {}
        import_step = self.last_step(IMPORT_TORCH)
        error = ErrorInfo.from_probe(import_step.error) if import_step else None
        return TorchInfo(
            version=package.version if package else data.get("version"),
            importable=bool(import_step and import_step.ok),
            build=str(data["build"]) if data.get("build") else None,
            cuda=data.get(boundary.TORCH_CUDA),
            hip=data.get("hip"),
            accelerator=data.get("accelerator"),
            error=error,
            cpu_bf16=data.get("cpu_bf16"),
            cxx=(data.get("cxx") or {}).get("name"),
            cxx_path=(data.get("cxx") or {}).get("path"),
            collectives=tuple(
                name
                for name, present in (data.get("distributed") or {}).items()
                if present is True and name != "available"
            ),
        )

    def backend_facts(self, backend: registry.Backend) -> BackendFacts:
        packages = self.packages()
        package = next((packages[d] for d in backend.dists if packages.get(d)), None)
        data = self.facts.get(f"backend:{backend.key}")
        if data is None:
            return BackendFacts(
                key=backend.key,
                installed=package is not None,
                version=package.version if package else None,
                importable=None,
                probed=False,
                driver_said=self._driver_said(backend, None),
            )
        extension = data.get("extension") or {}
        importable: bool | None = None
        if backend.module and not extension.get("missing") and not extension.get("skipped"):
            importable = bool(extension.get("imported"))
        return BackendFacts(
            key=backend.key,
            installed=package is not None,
            version=package.version if package else None,
            importable=importable,
            autoloaded=bool(extension.get("autoloaded")),
            import_error=ErrorInfo.from_probe(extension.get("error")),
            available=bool(data.get("available")),
            device_count=int(data.get("device_count") or 0),
            devices=read_all(Device, data.get("devices")),
            reason=data.get("reason"),
            query_error=ErrorInfo.from_probe(data.get("query_error")),
            probed=not (data.get("skipped") or extension.get("skipped")),
            arch_list=tuple(data.get("arch_list") or ()),
            bf16=data.get("bf16") if isinstance(data.get("bf16"), bool) else None,
            init_warning=_text(data.get("init_warning")),
            runtime_device=_text(data.get("device_type")),
            driver_said=self._driver_said(backend, data),
            answered_by=data.get("answered_by"),
            refusal=ErrorInfo.from_probe(data.get("refusal")),
        )

    def _driver_said(
        self, backend: registry.Backend, data: Mapping[str, Any] | None
    ) -> drivers.DriverSaid | None:
        """torch's word that the driver is older than its CUDA build ("found version
        NNNNN", [PT-C10] in compat/drivers.py), wherever torch said it: the backend's query
        error or warning, or a step that failed."""
        if backend.query.build is not registry.Build.CUDA:
            return None
        texts: list[object] = []
        if data is not None:
            error = data.get("query_error")
            texts += [error.get("message") if isinstance(error, Mapping) else None,
                      data.get("init_warning")]  # fmt: skip
        texts += [f.error.message for f in self.failures() if f.error is not None]
        for text in texts:
            said = drivers.driver_said(text) if isinstance(text, str) else None
            if said is not None:
                return said
        return None

    def unregistered_facts(self) -> dict[str, BackendFacts]:
        """The backend that renamed PrivateUse1 to a device no registry row has, by that name,
        with the entry point that registered it."""
        data = self.facts.get("unregistered_backend")
        if not isinstance(data, Mapping) or not data.get("key"):
            return {}
        key = str(data["key"])
        if key in registry.BY_KEY:  # "rocm" is a row's key, not a device string
            return {}
        point = data.get("registered_by")
        registered_by = EntryPoint.from_json(point) if isinstance(point, Mapping) else None
        return {
            key: BackendFacts(
                key=key,
                installed=registered_by is not None,
                version=_str_or_none(point.get("version")) if isinstance(point, Mapping) else None,
                importable=True,
                autoloaded=registered_by is not None,
                available=bool(data.get("available")),
                device_count=int(data.get("device_count") or 0),
                devices=read_all(Device, data.get("devices")),
                reason=data.get("reason"),
                query_error=ErrorInfo.from_probe(data.get("query_error")),
                answered_by=data.get("answered_by"),
                refusal=ErrorInfo.from_probe(data.get("refusal")),
                registered_by=registered_by,
            )
        }

    def last_step(self, name: str) -> Any:
        for run in reversed(self.runs):
            for step in run.steps:
                if step.name == name:
                    return step
        return None

    def failures(self) -> tuple[StepFailure, ...]:
        """Every step that raised, hung or died, in every run, oldest first."""
        found: list[StepFailure] = []
        for run in self.runs:
            autoload = run.env_overrides.get(AUTOLOAD_ENV, os.environ.get(AUTOLOAD_ENV, "1"))
            culprit = run.culprit
            for step in run.steps:
                if step.ok is False:
                    error = ErrorInfo.from_probe(step.error)
                    output = (error.traceback or "") if error else ""
                    found.append(
                        StepFailure(step.name, "error", error, None, output, autoload == "1")
                    )
                elif culprit is not None and step is culprit:
                    kind = "timeout" if run.outcome is RunOutcome.TIMEOUT else "crashed"
                    found.append(
                        StepFailure(
                            step.name,
                            kind,
                            None,
                            run.signal_name
                            or (None if kind == "timeout" else f"exit {run.returncode}"),
                            _evidence(run),
                            autoload == "1",
                        )
                    )
            if run.outcome is not RunOutcome.COMPLETED and culprit is None:
                found.append(
                    StepFailure(
                        START_STEP,
                        "timeout" if run.outcome is RunOutcome.TIMEOUT else "crashed",
                        None,
                        run.signal_name or f"exit {run.returncode}",
                        _evidence(run),
                        autoload == "1",
                    )
                )
        shadowing = [s for s in self.facts.get("shadowing") or () if s.get("module")]
        if shadowing:
            lines = "\n".join(f"{s['module']}: {s.get('path')}" for s in shadowing)
            modules = ", ".join(str(s["module"]) for s in shadowing)
            error = ErrorInfo("ShadowingModule", modules, None, lines)
            found.append(StepFailure(SHADOWING_STEP, SHADOWED, error, None, lines, True))
        if self.malformed:
            # Not a step: what the steps sent, checked at the boundary.
            detail = "\n".join(self.malformed)
            error = ErrorInfo("MalformedFacts", self.malformed[0], None, detail)
            found.append(StepFailure(MALFORMED_STEP, MALFORMED, error, None, detail, True))
        return tuple(found)


def _text(value: Any) -> str | None:
    return printable(str(value)) if value is not None else None


def _str_or_none(value: Any) -> str | None:
    return str(value) if value is not None else None


def _evidence(run: ProbeRun) -> str:
    parts = []
    if run.stdout_tail.strip():
        parts.append("stdout:\n" + run.stdout_tail.strip())
    if run.stderr_tail.strip():
        parts.append("stderr:\n" + run.stderr_tail.strip())
    if run.strays:
        parts.append("left running by the probe, killed: " + ", ".join(run.strays))
    if run.survivors:
        parts.append("left running by the probe, could not be killed: " + ", ".join(run.survivors))
    return "\n".join(parts)


def collect(
    python: str,
    timeout_s: float,
    backends: Sequence[registry.Backend] = registry.BACKENDS,
    *,
    started: Started | None = None,
    extra_dists: Sequence[str] = (),
) -> ProbeResult:
    """Probe `python`, re-running around every step that hangs or crashes.

    - A step that hangs or kills the process is skipped in the next run.
    - When `import torch` fails or hangs with autoloading on, the next run sets
      TORCH_DEVICE_BACKEND_AUTOLOAD=0 and loads the entry points one by one, so a broken
      extension is named and the rest is still reported.
    """
    job = probe_job(backends, extra_dists)
    runs: list[ProbeRun] = []
    skip: list[str] = []
    overrides: dict[str, str] = {}
    while len(runs) < MAX_RUNS:
        if started is not None:
            run, started = started.finish(timeout_s), None
        else:
            run = run_payload(
                python,
                "detect",
                {**job, "skip": skip, "load_entry_points": bool(overrides)},
                timeout_s=timeout_s,
                env_overrides=overrides,
            )
        runs.append(run)
        autoload_on = overrides.get(AUTOLOAD_ENV, os.environ.get(AUTOLOAD_ENV, "1")) == "1"
        culprit = run.culprit
        torch_step = next((s for s in run.steps if s.name == IMPORT_TORCH), None)
        if culprit is None:
            torch_failed = torch_step is not None and torch_step.ok is False
            if run.outcome is not RunOutcome.COMPLETED or not (torch_failed and autoload_on):
                break
            # `import torch` raised with autoload on: find out whether torch itself works.
            skip.extend(s.name for s in run.steps if _is_autoload(s.name) and s.ok is False)
            overrides = {AUTOLOAD_ENV: "0"}
            continue
        if culprit.name in skip or (culprit.name == IMPORT_TORCH and not autoload_on):
            break  # no way around it: torch itself hangs or crashes
        if culprit.name != IMPORT_TORCH:
            skip.append(culprit.name)
        if _is_autoload(culprit.name):
            # Importing the module behind the entry point would hang or crash the same way:
            # skip it too rather than spend another deadline learning that.
            skip.extend(_entry_point_imports(run.facts, culprit.name))
        if autoload_on and (culprit.name == IMPORT_TORCH or _is_autoload(culprit.name)):
            overrides = {AUTOLOAD_ENV: "0"}
    return ProbeResult(python=python, runs=tuple(runs))


def _is_autoload(step_name: str) -> bool:
    return step_name.startswith(AUTOLOAD_STEP_PREFIX)


def _entry_point_imports(facts: Mapping[str, Any], step_name: str) -> list[str]:
    """The `import <module>` step of the module an autoload entry point lives in."""
    name = step_name.removeprefix(AUTOLOAD_STEP_PREFIX)
    return [
        IMPORT_STEP_PREFIX + str(point.get("value", "")).split(":", 1)[0].strip()
        for point in facts.get("entry_points") or ()
        if isinstance(point, Mapping) and point.get("name") == name and point.get("value")
    ]
