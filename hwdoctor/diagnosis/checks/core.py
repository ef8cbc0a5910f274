"""The detect checks' machinery: what a check sees (`Known`), how it is declared and
registered (`CHECKS`), and how the checks run."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypedDict, TypeVar

from hwdoctor import registry
from hwdoctor.compat import wheels
from hwdoctor.diagnosis import remedies
from hwdoctor.diagnosis.catalogue import words_for
from hwdoctor.model.facts import (
    BackendFacts,
    EntryPoint,
    Evidence,
    HostFacts,
    Libraries,
    Package,
    PythonInfo,
    Section,
    StepFailure,
    ToolProblem,
    TorchInfo,
)
from hwdoctor.model.reports import Finding, NotChecked, Severity
from hwdoctor.shell import Shell

T = TypeVar("T")


class Install(TypedDict, total=False):
    """A backend's install parameters of a finding (`Known.install`: its line, and where it
    comes from), typed for the findings' signatures (diagnosis/findings.py)."""

    install: Shell
    install_elsewhere: str


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

    def install(self, backend: registry.Backend, *, replace: bool = False) -> Install:
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

    def order(self, names: Sequence[str]) -> None:
        """Put the checks in the order of `names`, which must name each registered check
        once: a check left out of the order would never run."""
        by_name = {c.name: c for c in self._checks}
        if sorted(names) != sorted(by_name):
            missing = sorted(set(by_name) - set(names))
            unknown = sorted(set(names) - set(by_name))
            raise ValueError(f"the report order leaves out {missing} and names {unknown}")
        self._checks = [by_name[name] for name in names]

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
