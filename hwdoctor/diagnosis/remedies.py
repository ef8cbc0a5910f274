"""Remedies as commands that paste and run as they are, for the interpreter diagnosed.

`pip install X` typed into a shell installs into whichever pip is first on PATH, not into
the environment hwdoctor looked at; a distribution's Python refuses it outright (PEP 668).
So every install a finding recommends names the interpreter (`/path/python -m pip
install X`), goes through a virtual environment where the interpreter is externally
managed, and says `conda install` where the environment is conda's. A caveat is a `#`
comment line of its own, never text on the command's line.

Every line is built word by word (`hwdoctor.shell`): a value from the evidence (the
interpreter's path, a package's name, a version) is checked against its grammar and quoted,
so it is one word of one command whatever it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.compat import pci, wheels
from hwdoctor.model.facts import Evidence, HostFacts, PythonInfo
from hwdoctor.shell import Literal, Shell, command, comment, is_one_line, words
from hwdoctor.text import one_line

# Where the remedy for an externally managed Python creates its virtual environment.
VENV_DIR: Final = "~/.venvs/torch"


@dataclass(frozen=True, slots=True)
class Installer:
    """How to install packages into the diagnosed interpreter."""

    pip: tuple[str | Literal, ...]  # ("/usr/bin/python3", "-m", "pip"); ("pip",): not known
    before: Shell = field(default_factory=Shell)  # what must run first (make a venv)
    conda_prefix: str | None = None  # the environment, when it is conda's

    def install(self, *args: str | Literal) -> Shell:
        return self.before + command(*self.pip, "install", *args)


def installer(python: PythonInfo | None) -> Installer:
    """The way into `python`'s environment; `pip` alone when its path is not known or not a
    path (a control character in it: it would not be one word of a line)."""
    if python is None or python.executable in ("", "unknown") or not is_path(python.executable):
        return Installer(("pip",))
    executable = python.executable
    if python.externally_managed and not python.is_venv:
        # The venv's path stays unquoted: `~` must expand.
        venv_python = f"{VENV_DIR}/bin/python"
        return Installer(
            (Literal(venv_python), "-m", "pip"),
            before=comment(
                f"{executable} is managed by your distribution (PEP 668): install into a "
                f"virtual environment, and run your code with {venv_python}"
            )
            + command(executable, "-m", "venv", Literal(VENV_DIR)),
        )
    if python.conda:
        return Installer((executable, "-m", "pip"), conda_prefix=python.prefix or None)
    return Installer((executable, "-m", "pip"))


def is_path(text: str) -> bool:
    """A path that can be one word of a command line: no control character in it."""
    return bool(text) and is_one_line(text)


def machine_of(evidence: Evidence | None) -> wheels.Machine:
    """What the evidence shows of the machine a torch build must run on: the NVIDIA GPUs'
    compute capabilities (NVML's, else torch's), the driver, the AMD gfx targets."""
    host = evidence.host if evidence else None
    nvidia = host.nvidia if host else None
    capabilities: tuple[str, ...] = nvidia.capabilities if nvidia else ()
    backends = (evidence.backends if evidence else None) or {}
    if not capabilities:
        capabilities = tuple(
            device.capability
            for backend in registry.BACKENDS
            if backend.query.build is registry.Build.CUDA and backend.key in backends
            for device in backends[backend.key].devices
            if device.capability and device.capability[:1].isdigit()
        )
    if not capabilities and host is not None:  # no driver speaks: the PCI ID database does
        capabilities = _from_pci(host, pci.NVIDIA, pci.capability)
    gfx = (host.gfx_targets or _from_pci(host, pci.AMD, pci.gfx)) if host else ()
    return wheels.Machine(
        host=host.machine if host else "x86_64",
        capabilities=capabilities,
        gfx=gfx,
        driver=nvidia.driver if nvidia else None,
        driver_cuda=(nvidia.nvml_cuda or nvidia.smi_cuda) if nvidia else None,
        intel_gpu=host is not None
        and any(
            s.count != 0
            for backend in registry.BACKENDS
            if backend.query.build is registry.Build.XPU
            for s in host.signals_for(backend.key)
        ),
        rocm=host.rocm_version if host else None,
    )


def _from_pci(host: HostFacts, vendor: str, judge: Callable[[str], str | None]) -> tuple[str, ...]:
    """What the PCI ID database's names give for the host's GPUs of `vendor` (a compute
    capability, a gfx target), only when it gives it for every one of them."""
    ids = [i for s in host.signals if s.kind == "pci" for i in s.pci_ids]
    devices = sorted({i.partition(":")[2] for i in ids if i.startswith(vendor + ":")})
    found = [judge(device) for device in devices]
    return tuple(sorted({f for f in found if f})) if devices and all(found) else ()


def on_windows(evidence: Evidence | None) -> bool:
    """Whether the evidence shows a Windows machine (a pasted report's OS line or paths)."""
    host = evidence.host if evidence else None
    return host is not None and host.system == "Windows"


def elsewhere(backend: registry.Backend, evidence: Evidence | None) -> str:
    """Where `backend`'s package comes from when `install` gives no pip line, in words: on
    Windows, where its index has no Windows wheels, the registry's word for Windows."""
    if backend.install_windows and on_windows(evidence):
        return backend.install_windows
    return backend.install_elsewhere


def install(
    backend: registry.Backend,
    way: Installer,
    *,
    replace: bool = False,
    evidence: Evidence | None = None,
) -> Shell:
    """The lines that install `backend`'s package, caveat last as a comment; empty when the
    package is not on a package index (the finding's advice says where it comes from).
    `replace`: another build of it is installed (torch's CPU wheel where a CUDA one is
    wanted), which pip would otherwise keep. With the `evidence` of an NVIDIA machine, a
    CUDA torch comes from the release and index `compat.wheels` shows to run on its GPUs
    and driver, and the caveat says why that index."""
    if not backend.pip_args and not backend.wheel:
        return Shell()
    if backend.install_windows and on_windows(evidence):
        return Shell()  # no wheel for Windows on that index: the advice says where it comes from
    force = ("--force-reinstall",) if replace else ()
    chosen = _chosen_torch(backend, evidence)
    if chosen is not None:
        args, why = chosen
        if args is None:  # no build fits: no command (another finding says why)
            return Shell()
        return way.install(*force, *words(args)) + comment(why)
    of_kind = _torch_of_kind(backend, evidence)
    if of_kind is not None:
        args, why = of_kind
        lines = way.install(*force, *words(args)) + comment(why)
    elif backend.pip_args:
        lines = way.install(*force, *words(backend.pip_args))
    else:
        return Shell()
    torch_build = bool(backend.wheel) or backend.pip_args.split()[0] == "torch"
    if way.conda_prefix and is_path(way.conda_prefix) and torch_build:
        conda = command(
            "conda", "install", "--prefix", way.conda_prefix, "-c", "conda-forge", "pytorch"
        )
        lines += comment(f"or, the conda way: {conda}")
    if backend.install_note:
        lines += comment(backend.install_note)
    return lines


def _chosen_torch(
    backend: registry.Backend, evidence: Evidence | None
) -> tuple[str | None, str] | None:
    """(pip arguments, why) of the torch build of `backend`'s kind for this machine, as
    `compat.wheels` chooses it from the GPUs and driver the evidence shows: a CUDA build for
    the NVIDIA GPUs and driver, a ROCm build that carries the AMD GPUs' gfx targets, the xpu
    build of the user's release (else the newest release that has one) for an Intel GPU.
    What could not be checked is said in the reason; where no build fits, no arguments and
    the reason. None: the evidence shows no such hardware facts."""
    if evidence is None or backend.query.build is None:
        return None
    whole = machine_of(evidence)
    build = backend.query.build
    if build is registry.Build.CUDA and (whole.capabilities or whole.driver or whole.driver_cuda):
        machine = whole
    elif build is registry.Build.ROCM and whole.gfx:
        # Only the AMD GPUs: an NVIDIA card beside them must not turn this into a CUDA pick.
        machine = wheels.Machine(host=whole.host, gfx=whole.gfx, rocm=whole.rocm)
    elif build is registry.Build.XPU and whole.intel_gpu:
        machine = wheels.Machine(host=whole.host, intel_gpu=True)
    else:
        return None
    torch = evidence.torch.version if evidence.torch else None
    suggestion = wheels.choose(torch, machine)
    if suggestion.verdict is wheels.Verdict.FAILS:
        return None, suggestion.reason
    args = wheels.install_args(suggestion)
    if args is None or suggestion.variant is None:
        return None
    if suggestion.unchecked:
        # The xpu index is the documented install for an Intel GPU ([PT-XPU-2.5]); that a
        # given model is supported is not in the table. Either way the reason says what a
        # build that may fit leaves unchecked.
        return args, f"{suggestion.reason}; not checked: {'; '.join(suggestion.unchecked)}"
    return args, suggestion.reason


def _torch_of_kind(backend: registry.Backend, evidence: Evidence | None) -> tuple[str, str] | None:
    """(pip arguments, why) of the torch build of `backend`'s kind where the machine's GPUs
    or driver are not known: on the installed release, as `compat.wheels.of_kind` picks
    it, with what could not be checked said."""
    if not backend.wheel:
        return None
    torch = evidence.torch.version if evidence and evidence.torch else None
    suggestion = wheels.of_kind(torch, wheels.Kind(backend.wheel))
    args = wheels.install_args(suggestion) if suggestion else None
    if suggestion is None or args is None:
        return None
    unchecked = f"; not checked: {'; '.join(suggestion.unchecked)}" if suggestion.unchecked else ""
    return args, suggestion.reason + unchecked


def pip(way: Installer, *args: str) -> Shell:
    """`pip <args>` (install, uninstall, ...) in the diagnosed environment, each argument
    one word."""
    if args[:1] == ("install",):
        return way.install(*args[1:])
    return command(*way.pip, *args)


def pip_of(way: Installer, action: tuple[str, ...], dist: str) -> Shell:
    """`pip <action> <dist>` when `dist` is a package name by PEP 508's grammar; else a
    comment saying so, for a name that came from a file or a paste is anyone's text."""
    if versions.is_name(dist):
        return pip(way, *action, dist)
    return comment(
        f"no `pip {action[0]}` line: the package's name in the evidence, "
        f"{one_line(dist)[:60]!r}, is not a package name (PEP 508)"
    )


def torch_for_this_host(host: HostFacts | None) -> registry.Backend:
    """The registry row whose torch build suits the hardware found: a GPU's build where
    there is one, else the CPU wheel."""
    builds = [b for b in registry.BACKENDS if b.query.build is not None and b.wheel]
    for backend in builds:
        if host is not None and any(s.count != 0 for s in host.signals_for(backend.key)):
            return backend
    return next(b for b in registry.BACKENDS if b.query.kind is registry.QueryKind.CPU)


def torch_for_driver(
    way: Installer,
    torch_version: str | None,
    capabilities: tuple[str, ...],
    *,
    driver: str | None = None,
    driver_cuda: str | None = None,
    machine: str = "x86_64",
) -> Shell:
    """The `pip install` of a torch release and index that runs on NVIDIA driver `driver`
    (or, when that is unknown, a driver supporting CUDA up to `driver_cuda`) and GPUs of
    `capabilities`; empty when no build can be shown to run. `compat.wheels` chooses
    (releases → index variants → archs, checked against the floors of `compat.drivers`).
    """
    from hwdoctor.compat import wheels

    if driver:
        args = wheels.install_for_driver(torch_version, driver, capabilities, host=machine)
    elif driver_cuda:
        args = wheels.install_for_cuda(torch_version, driver_cuda, capabilities, host=machine)
    else:
        return Shell()
    return pip(way, "install", "--force-reinstall", *words(args)) if args else Shell()


def torch_for_gfx(
    way: Installer, torch_version: str | None, gfx: tuple[str, ...], *, machine: str = "x86_64"
) -> tuple[Shell, bool]:
    """The `pip install` of a ROCm build of torch compiled for `gfx`, and whether no ROCm
    wheel of torch is known to carry it (then the line is empty)."""
    from hwdoctor.compat import wheels

    args, none_carries = wheels.install_for_gfx(torch_version, gfx, host=machine)
    line = pip(way, "install", "--force-reinstall", *words(args)) if args else Shell()
    return line, none_carries
