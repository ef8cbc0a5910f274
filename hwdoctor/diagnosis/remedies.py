"""The install chooser: every install or upgrade line hwdoctor prints is built here.

`pip install X` typed into a shell installs into whichever pip is first on PATH, not into
the environment hwdoctor looked at; a distribution's Python refuses it outright (PEP 668).
So every install a finding recommends names the interpreter (`/path/python -m pip
install X`), goes through a virtual environment where the interpreter is externally
managed, uses `uv pip install --python PATH` where uv made the environment without pip,
and says `conda install` where the environment is conda's. A caveat is a `#` comment line
of its own, never text on the command's line.

A torch build is chosen from facts: the installed release, the NVIDIA driver, the GPUs'
compute capability or gfx target, the platform, read from the evidence and judged by the
wheel and driver tables (`compat.wheels`, `compat.drivers`). What the chooser lacks to
pick one it says, and it asks for it. The companions installed (torchvision, torchaudio,
`compat.companions`) move with torch on the same index, and the comment line after every
torch line says whether it keeps, upgrades or downgrades torch.

Every line is built word by word (`hwdoctor.shell`): a value from the evidence (the
interpreter's path, a package's name, a version) is checked against its grammar and quoted,
so it is one word of one command whatever it holds. No other module of hwdoctor writes an
install line, an index URL or a version pin into a command (tests/test_install_lines.py).
"""

from __future__ import annotations

import dataclasses
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.compat import companions, pci, toolchains, wheels
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
    # Words after pip's action that name the environment: uv's ("--python", PATH).
    target: tuple[str, ...] = ()

    def install(self, *args: str | Literal) -> Shell:
        return self.before + command(*self.pip, "install", *self.target, *args)

    def run(self, action: str, *args: str) -> Shell:
        """pip's `action` (uninstall, list, ...) in the diagnosed environment."""
        return command(*self.pip, action, *self.target, *args)


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
    if python.uv and python.has_pip is False:
        # uv makes a virtual environment without pip unless asked to seed it (uv docs,
        # "Using environments": `uv venv`; https://docs.astral.sh/uv/pip/environments/),
        # so `python -m pip` fails there; `uv pip --python PATH` installs into it.
        return Installer(("uv", "pip"), target=("--python", executable))
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
        suggestion, why = chosen
        if suggestion is None:  # no build fits: no command (another finding says why)
            return Shell()
        return torch_line(way, suggestion, evidence, why=why, force=bool(force))
    of_kind = _torch_of_kind(backend, evidence)
    if of_kind is not None:
        suggestion, why = of_kind
        lines = torch_line(way, suggestion, evidence, why=why, force=bool(force))
    elif words(backend.pip_args) == ("torch",):
        lines = _torch_from_pypi(way, evidence, force)
    elif backend.pip_args:
        args = words(backend.pip_args)
        # `--force-reinstall` reinstalls the dependencies too, at their newest: torch with
        # them. An extension alone is reinstalled without them (torch stays as it is).
        alone = ("--no-deps",) if force and "torch" not in args else ()
        lines = way.install(*force, *alone, *args)
    else:
        return Shell()
    torch_build = bool(backend.wheel) or backend.pip_args.split()[0] == "torch"
    if way.conda_prefix and is_path(way.conda_prefix) and torch_build:
        conda = command(
            "conda", "install", "--prefix", way.conda_prefix, "-c", "conda-forge", "pytorch"
        )
        lines += comment(f"or, the conda way: {conda}")
    if backend.install_note:
        lines += comment(_note(backend))
    return lines


def _torch_from_pypi(way: Installer, evidence: Evidence | None, force: tuple[str, ...]) -> Shell:
    """torch from PyPI, where its only build for the platform is (macOS: the MPS row): the
    installed release pinned, so the line reinstalls it rather than upgrading it."""
    installed = _installed(evidence)
    parsed = versions.parse(installed) if installed else None
    if parsed is None:
        return way.install(*force, "torch") + comment("installs the newest torch from PyPI")
    note = f"keeps torch {parsed.public}, from PyPI"
    return way.install(*force, f"torch=={parsed.public}") + comment(note)


def _note(backend: registry.Backend) -> str:
    """The registry's note on an install, with where to read more when it names something
    the line does not install (TorchNeuron: the Neuron documentation)."""
    note = backend.install_note
    if backend.docs and backend.install_note_docs:
        note += f" ({backend.docs})"
    return note


def listed_install(backend: registry.Backend) -> str:
    """The install as one line for people reading `list`: `pip install ...`, or where the
    package comes from. A torch build names the index of its kind that the wheel table's
    newest release has; `detect` chooses the release and index for a machine."""
    if backend.wheel:
        newest = wheels.of_kind(None, wheels.Kind(backend.wheel))
        args = torch_words(newest) if newest else None
        return shlex.join(("pip", "install", *args)) if args else backend.install_elsewhere
    if backend.pip_args:
        return shlex.join(("pip", "install", *words(backend.pip_args)))
    return backend.install_elsewhere


def _chosen_torch(
    backend: registry.Backend, evidence: Evidence | None
) -> tuple[wheels.Suggestion | None, str] | None:
    """(the build, why) of the torch build of `backend`'s kind for this machine, as
    `compat.wheels` chooses it from the GPUs and driver the evidence shows: a CUDA build for
    the NVIDIA GPUs and driver, a ROCm build that carries the AMD GPUs' gfx targets, the xpu
    build of the user's release (else the newest release that has one) for an Intel GPU.
    What could not be checked is said in the reason; where no build fits, no build and
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
    if torch_words(suggestion) is None or suggestion.variant is None:
        return None
    if suggestion.unchecked:
        # The xpu index is the documented install for an Intel GPU ([PT-XPU-2.5]); that a
        # given model is supported is not in the table. Either way the reason says what a
        # build that may fit leaves unchecked.
        return suggestion, f"{suggestion.reason}; not checked: {'; '.join(suggestion.unchecked)}"
    return suggestion, suggestion.reason


def _torch_of_kind(
    backend: registry.Backend, evidence: Evidence | None
) -> tuple[wheels.Suggestion, str] | None:
    """(the build, why) of the torch build of `backend`'s kind where the machine's GPUs
    or driver are not known: on the installed release, as `compat.wheels.of_kind` picks
    it, with what could not be checked said."""
    if not backend.wheel:
        return None
    torch = evidence.torch.version if evidence and evidence.torch else None
    suggestion = wheels.of_kind(torch, wheels.Kind(backend.wheel))
    if suggestion is None or torch_words(suggestion) is None:
        return None
    unchecked = f"; not checked: {'; '.join(suggestion.unchecked)}" if suggestion.unchecked else ""
    return suggestion, suggestion.reason + unchecked


# --- a torch line: the build's words, its companions, and what it changes -------------------

_OPTION: Final = {
    wheels.Style.INDEX_URL: "--index-url",
    wheels.Style.EXTRA_INDEX_URL: "--extra-index-url",
    wheels.Style.FIND_LINKS: "-f",
}


def torch_words(suggestion: wheels.Suggestion) -> tuple[str, ...] | None:
    """The `pip install` arguments of a build, as the wheel table's source spells that
    release's install (("torch==2.8.0", "--index-url", "https://download.pytorch.org/whl/
    cu126"); ("torch==1.7.1",) for a release's PyPI build); None when there is nothing to
    install (no build fits, or the installed one already does), the source gives no pip
    line (1.0, 1.1: a page), or the pin is not a version (PEP 440, or a series `2.7.*`)."""
    if suggestion.torch is None or suggestion.variant is None or suggestion.keeps_variant:
        return None
    if not _is_pin(suggestion.torch):
        return None
    pin = "torch==" + suggestion.torch
    if suggestion.style is wheels.Style.PYPI:
        return (pin,)
    if suggestion.index_url is None or suggestion.style in (None, wheels.Style.PAGE):
        return None
    return (pin, _OPTION[suggestion.style], suggestion.index_url)


def torch_args(suggestion: wheels.Suggestion | None) -> str | None:
    """`torch_words` as they read on a line, each quoted (for tests and `list`)."""
    found = torch_words(suggestion) if suggestion is not None else None
    return shlex.join(found) if found else None


# A version a pin may name: a PEP 440 release with an optional pre, post, dev part and
# local label ("2.5.1", "1.10.1+cu111", "2.0.0rc1"), or a series ("2.7.*"). Read without
# `packaging`, so that `list` stays light (tests/test_list.py).
_PIN: Final = re.compile(
    r"^\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?(?:\+[a-z0-9]+(?:\.[a-z0-9]+)*)?$"
    r"|^\d+\.\d+\.\*$"
)


def _is_pin(version: str) -> bool:
    """A version pip can pin: a release (with a local label), or a series' `X.Y.*`."""
    return bool(_PIN.match(version))


def torch_line(
    way: Installer,
    suggestion: wheels.Suggestion,
    evidence: Evidence | None,
    *,
    why: str = "",
    force: bool = True,
) -> Shell:
    """The pip line of a chosen torch build, with the companions the evidence shows
    installed on the same index, then one comment: what the line does to the installed
    torch (keeps, upgrades, downgrades it, or changes its build) and why this build. Empty
    when the build has no pip line."""
    args = torch_words(suggestion)
    if _on_macos(evidence) and suggestion.torch:
        # macOS wheels are PyPI's alone: the previous-versions page installs every release
        # on OSX as `pip install torch==X` with no index ([PT-PREV], "OSX"); none of
        # download.pytorch.org's CUDA or ROCm indexes has one.
        public = versions.parse(suggestion.torch.removesuffix(".*"))
        pin = (
            suggestion.torch if suggestion.torch.endswith(".*") or public is None else public.public
        )
        suggestion = dataclasses.replace(suggestion, torch=pin, style=wheels.Style.PYPI)
        args = ("torch==" + pin,) if _is_pin(pin) else None
        why = f"{why + '; ' if why else ''}macOS wheels come from PyPI only"
    if args is None:
        return Shell()
    pinned, lacking = _companion_pins(suggestion, evidence)
    force_words = ("--force-reinstall",) if force else ()
    line = way.install(*force_words, args[0], *pinned, *args[1:])
    said = change(_installed(evidence), suggestion)
    lines = line + comment(f"{said}: {why}" if why else said)
    return lines + comment(lacking) if lacking else lines


def _on_macos(evidence: Evidence | None) -> bool:
    host = evidence.host if evidence else None
    return host is not None and host.system == "Darwin"


def _installed(evidence: Evidence | None) -> str | None:
    torch = evidence.torch if evidence else None
    return torch.version if torch and torch.version else None


def change(installed: str | None, suggestion: wheels.Suggestion) -> str:
    """What installing the suggestion does to the installed torch, in words: "keeps torch
    2.5.1 and changes its build from cu121 to cu118", "upgrades torch from 2.5.1 to 2.7.1,
    on cu126"."""
    wanted = suggestion.torch or ""
    label = suggestion.variant or ""
    if suggestion.style is wheels.Style.PYPI:
        label = "PyPI's build"
    if installed is None:
        return f"installs torch {wanted} ({label})"
    have = versions.parse(installed)
    if have is None:
        return f"replaces torch {installed} with torch {wanted} ({label})"
    own = wheels.local_of(installed) or "PyPI's default build"
    if wanted.endswith(".*"):
        series = wheels.series_of(installed)
        head = wanted[:-2]
        if series == head:
            return f"keeps torch {head} and changes its build from {own} to {label}"
        return _direction(installed, f"{head}.0", f"the newest {head} patch ({label})")
    pin = versions.parse(wanted)
    if pin is None or pin.public != have.public:
        return _direction(installed, wanted, f"{wanted} ({label})")
    if (wheels.local_of(wanted) or label) == (wheels.local_of(installed) or ""):
        return f"keeps torch {have.public} ({label}), reinstalled as it is"
    return f"keeps torch {have.public} and changes its build from {own} to {label}"


def _direction(installed: str, towards: str, shown: str) -> str:
    have, want = versions.parse(installed), versions.parse(towards)
    public = have.public if have is not None else installed
    if have is None or want is None:
        return f"replaces torch {installed} with torch {shown}"
    word = "upgrades" if want.release > have.release else "downgrades"
    return f"{word} torch from {public} to {shown}"


def _companion_pins(
    suggestion: wheels.Suggestion, evidence: Evidence | None
) -> tuple[tuple[str, ...], str]:
    """The `name==X.Y.*` pins of the companions installed, for the torch release the
    suggestion installs (pip then takes the patch whose own pin matches torch's), and what
    the tables do not say (a companion of a release past them), as a caveat."""
    packages = (evidence.packages if evidence else None) or {}
    pins: list[str] = []
    lacking: list[str] = []
    for name in companions.NAMES:
        package = packages.get(name)
        if package is None or not suggestion.torch:
            continue
        torch = suggestion.torch.removesuffix(".*")
        series = companions.series_for_torch(name, torch if "." in torch else torch + ".0")
        if series is None:
            lacking.append(name)
            continue
        pins.append(f"{name}=={series}.*")
    if not lacking:
        return tuple(pins), ""
    names = " and ".join(lacking)
    return tuple(pins), (
        f"{names} must move with torch: hwdoctor's table does not name the release built "
        f"for torch {suggestion.release}; install it from the same index after torch"
    )


def companion_pin(name: str, torch: str) -> str | None:
    """The release of torchvision or torchaudio built for `torch`, by the compat tables:
    "torchvision==0.14.*" for torch 1.13.1; for a nightly ("1.13.0.dev20220525") the nightly
    of the same day ("torchvision==0.14.0.dev20220525": the nightlies of one day are built
    together). None where the tables do not say."""
    parsed = versions.parse(torch)
    series = companions.series_for_torch(name, torch)
    if parsed is None or series is None:
        return None
    if parsed.is_devrelease and parsed.dev is not None:
        return f"{name}=={series}.0.dev{parsed.dev}"
    return f"{name}=={series}.*"


def webui_torch_command(backend: registry.Backend, evidence: Evidence | None) -> Shell:
    """issue 38 (s18-launch): Stable Diffusion webui's TORCH_COMMAND for `backend`'s build of
    torch and torchvision, chosen as `install` chooses it. webui's launch.py runs it as
    `python -m {TORCH_COMMAND}` where torch is missing or --reinstall-torch is given
    (AUTOMATIC1111/stable-diffusion-webui launch.py @ 80adb6979d46 prepare_environment), and
    webui.sh reads it from webui-user.sh first ("# install command for torch"). Reinstalled
    by force: pip keeps a ROCm build whose version satisfies a bare pin ("1.13.1+rocm5.2" is
    "torch==1.13.1")."""
    chosen = _chosen_torch(backend, evidence) or _torch_of_kind(backend, evidence)
    suggestion, why = chosen if chosen is not None else (None, "")
    args = torch_words(suggestion) if suggestion is not None else None
    if suggestion is None or args is None or suggestion.torch is None:
        return comment("no TORCH_COMMAND line: no torch build of this kind is known to fit")
    # torchvision from the same index, pinned to the release the tables name for this torch:
    # a reinstall of a companion always carries its pin (tests/test_install_lines.py); with
    # none known, no line (webui needs the pair)
    vision = companion_pin("torchvision", suggestion.torch)
    if vision is None:
        return comment(
            f"in webui-user.sh, set TORCH_COMMAND to install torch {suggestion.torch} and the "
            "torchvision built for it from the same index (the tables name no torchvision "
            "release for it, so no line is written here), then:"
        )
    value = shlex.join(("pip", "install", "--force-reinstall", args[0], vision, *args[1:]))
    said = change(_installed(evidence), suggestion)
    return (
        comment("in webui-user.sh, which webui.sh reads before it chooses a build:")
        + command("export", f"TORCH_COMMAND={value}")
        + comment(f"{said}: {why}" if why else said)
    )


def torch_again(way: Installer, evidence: Evidence | None) -> Shell:
    """A reinstall of the torch that is installed, as it is: the same release from the
    index of its build where the wheel table lists it, else the release from PyPI, whose
    build the comment says may differ."""
    installed = _installed(evidence)
    parsed = versions.parse(installed) if installed else None
    if installed is None or parsed is None:
        return way.install("--force-reinstall", "torch") + comment(
            "the installed torch's version is not known: this installs the newest from PyPI"
        )
    release = wheels.release_of(installed)
    label = wheels.local_of(installed)
    if (indexed := _from_its_index(installed)) is not None:
        words_, variant = indexed
        return way.install("--force-reinstall", *words_) + comment(
            f"keeps torch {parsed.public} ({variant}), reinstalled from its index"
        )
    default = release.pypi_default if release else None
    build = f" (PyPI's build is {default})" if default else ""
    note = f"keeps torch {parsed.public}, from PyPI{build}"
    if label and label != default:
        note += f"; the installed build is {label}, whose index hwdoctor's table does not list"
    return way.install("--force-reinstall", f"torch=={parsed.public}") + comment(note)


def _from_its_index(installed: str) -> tuple[tuple[str, ...], str] | None:
    """The `pip install` words of the installed torch as it is, from the index of its build
    where the wheel table lists that build (("torch==2.0.0+cu118", "--index-url",
    "https://download.pytorch.org/whl/cu118"), "cu118"); None otherwise."""
    parsed = versions.parse(installed)
    release = wheels.release_of(installed)
    label = wheels.local_of(installed)
    variant = release.variant(label) if release and label else None
    if parsed is None or release is None or variant is None:
        return None
    style = release.style_of(variant)
    labelled = style in (wheels.Style.EXTRA_INDEX_URL, wheels.Style.FIND_LINKS)
    suggestion = wheels.Suggestion(
        torch=installed if labelled else parsed.public,
        release=release.series, variant=variant.name, style=style,
        verdict=wheels.Verdict.UNKNOWN, reason="", keeps_release=True,
    )  # fmt: skip
    found = torch_words(suggestion)
    return (found, variant.name) if found else None


def companion_again(way: Installer, name: str, installed: str | None) -> Shell:
    """issue 38 (s17-mend-pip): torchvision or torchaudio (`name`) installed again in the
    release built for the installed torch (`installed`, "2.0.0+cu118"), which stays: the
    companion removed, then asked beside torch's own pin (`torch==2.0.0 torchvision==0.15.*`)
    on the index of torch's build (torch_again's choice), or PyPI for PyPI's build. pip
    keeps the torch installed, which satisfies its pin, and takes the companion patch whose
    own `torch==` pin it is (the companion's wheels pin one torch release:
    compat/companions.py). An unpinned reinstall would take the newest companion from PyPI,
    built for the newest torch. The companion is removed first, not force-reinstalled: with
    --force-reinstall pip would download torch again, and with --no-deps it would take the
    series' newest patch, whatever torch it pins.

    Empty where that cannot be written: torch's version not shown, a release past the
    companion tables, a nightly (its index is not in the wheel table), or a build whose
    index the table does not list (a source build, a vendor's)."""
    parsed = versions.parse(installed) if installed else None
    if installed is None or parsed is None or not versions.is_name(name):
        return Shell()
    pin = companion_pin(name, parsed.public)
    if pin is None or ".dev" in pin:
        return Shell()
    if (indexed := _from_its_index(installed)) is not None:
        (torch, *where), build = indexed
    elif wheels.local_of(installed) is None and not parsed.is_prerelease:
        torch, where, build = f"torch=={parsed.public}", [], "PyPI's build"
    else:
        return Shell()
    return (
        pip(way, "uninstall", "-y", name)
        + way.install(torch, pin, *where)
        + comment(f"keeps torch {parsed.public} ({build}); {pin} is the {name} built for it")
    )


def torch_required(
    way: Installer,
    spec: str,
    evidence: Evidence | None,
    owner: str,
    *,
    from_pypi: bool = False,
    cpu_index: bool = False,
) -> Shell:
    """The install that gives a companion or extension the torch it requires (`spec`, its
    Requires-Dist: "==2.5.1", ">=2.1,<2.3"): for one release, or the newest listed release
    the spec admits, that release on the index of the installed build's kind that runs
    here; else the requirement as pip reads it, from PyPI. `from_pypi`: the extension is
    installed beside torch from PyPI (an out-of-tree backend's, as torch-npu's README
    installs it). `cpu_index`: the extension runs on torch's CPU build, which on x86_64 comes
    from download.pytorch.org's CPU index (torch-npu's README, "Installation": `pip3 install
    torch==2.1.0` on aarch64, `torch==2.1.0+cpu --index-url …/whl/cpu` on x86, as PyPI's
    x86_64 Linux wheel is a CUDA build). The comment says what the line does to the
    installed torch."""
    specifiers = versions.parse_specifiers(spec)
    installed = _installed(evidence)
    if cpu_index and specifiers is not None:
        cpu = _cpu_build(
            way, [s.version for s in specifiers if s.operator in ("==", "===")], evidence, owner
        )
        if cpu is not None:
            return cpu
    if specifiers is None:
        return comment(f"no install line: {owner}'s torch requirement {one_line(spec)[:60]!r} "
                       "is not a version specifier (PEP 440)")  # fmt: skip
    pinned = [s.version for s in specifiers if s.operator in ("==", "===")]
    single = len(pinned) == 1 and versions.is_version(pinned[0].removesuffix(".*"))
    on_macos = _on_macos(evidence)
    if single and not from_pypi:
        wanted = pinned[0]
        series = wanted.endswith(".*")
        head = wanted.removesuffix(".*")
        asked, own = wheels.local_of(head), wheels.local_of(installed) if installed else None
        kind = _kind_of(own) if own else None
        if asked and kind not in (None, wheels.Kind.CPU) and _kind_of(asked) is not kind:
            # The extension's wheel was built for a torch of another GPU platform (xformers'
            # "+cu117" wheel beside a ROCm torch): that torch would trade this machine's
            # accelerator for one it does not have, so torch stays and the extension moves.
            kept = comment(f"keeps torch {installed}: {owner} was built for torch{spec}, a "
                           f"build for another GPU platform than {own}; without it:")  # fmt: skip
            name = owner.split()[0]
            return kept + way.run("uninstall", name) if versions.is_name(name) else kept
        # The build asked for ("==2.1.0+cu121", what an extension's wheel was built with),
        # else the installed build's kind; a series' first patch stands for the series.
        label = wheels.local_of(head) or (wheels.local_of(installed) if installed else None)
        public = versions.parse(head)
        assert public is not None
        release = public.public + (".0" if series and head.count(".") == 1 else "")
        suggestion = _for_release(f"{release}+{label}" if label else release, evidence)
        if suggestion is not None and series:
            suggestion = _as_series(suggestion, wanted)
        if suggestion is not None and (torch_words(suggestion) or on_macos):
            return torch_line(way, suggestion, evidence, why=f"what {owner} requires")
    elif not from_pypi:
        for listed in wheels.RELEASES:  # newest first: the newest release the spec admits
            newest = listed.patches[-1] if listed.patches else None
            if newest is None or versions.satisfies(newest, spec) is not True:
                continue
            label = wheels.local_of(installed) if installed else None
            picked = _for_release(f"{newest}+{label}" if label else newest, evidence)
            if picked is not None and (torch_words(picked) or on_macos):
                return torch_line(way, picked, evidence, why=f"what {owner} needs (torch{spec})")
    line = way.install(f"torch{spec}")
    if single and installed:
        towards = pinned[0].removesuffix(".*")
        shown = f"{pinned[0]}, from PyPI (its default build)"
        said = _direction(installed, towards + (".0" if towards.count(".") == 1 else ""), shown)
        if versions.parse(towards) is not None and versions.parse(installed) is not None:
            have, want = versions.parse(installed), versions.parse(towards)
            assert have is not None and want is not None
            if want.release == have.release[: len(want.release)]:
                said = f"keeps torch {have.public}, from PyPI (its default build)"
    else:
        towards = f"the newest torch pip finds for {spec}, from PyPI (its default build)"
        said = f"replaces torch {installed} with {towards}" if installed else f"installs {towards}"
    return line + comment(f"{said}: what {owner} requires")


def _kind_of(label: str) -> wheels.Kind | None:
    """The kind of build a torch label is (`cu121`: CUDA, `rocm6.0`: ROCm), by the wheel
    table's own reading of its variants; None for a label no kind has."""
    variant = wheels.Variant(label)
    return next((kind for kind in wheels.Kind if kind.has(variant)), None)


def _cpu_build(
    way: Installer, pinned: Sequence[str], evidence: Evidence | None, owner: str
) -> Shell | None:
    """torch's CPU build of the one release `specifiers` pins, from the chooser's table: on
    an x86_64 host its CPU-index line, on another host PyPI's (aarch64 Linux wheels are CPU
    builds), on a host not shown PyPI's with the x86_64 line as a comment. None where the
    requirement pins no single release the table lists."""
    if len(pinned) != 1 or pinned[0].endswith(".*") or not versions.is_version(pinned[0]):
        return None
    release = pinned[0]
    suggestion = _for_release(f"{release}+cpu", evidence)
    if suggestion is None or not torch_words(suggestion):
        return None
    why = f"what {owner} requires, on torch's CPU build"
    x86 = torch_line(way, suggestion, evidence, why=why)
    host = evidence.host if evidence is not None else None
    machine = (host.machine or "") if host is not None else ""
    if machine == "x86_64":
        return x86
    pypi = dataclasses.replace(suggestion, style=wheels.Style.PYPI)
    if not machine:
        return (
            torch_line(way, pypi, evidence, why=why)
            + comment("on x86_64, whose PyPI wheel is a CUDA build, the CPU build instead:")
            + comment(x86.lines[0])
        )
    return torch_line(way, pypi, evidence, why=why)


def _for_release(torch: str, evidence: Evidence | None) -> wheels.Suggestion | None:
    """The build of release `torch` (its label the installed build's) for this machine:
    chosen for its GPUs and driver where the evidence shows them, else of the kind of the
    installed build; None when the table has no such release."""
    if wheels.release_of(torch) is None:
        return None
    machine = machine_of(evidence)
    if machine.capabilities or machine.driver or machine.driver_cuda or machine.gfx:
        # `torch` is the release wanted, not the one installed: its own build is no reason
        # to leave it out
        picked = dataclasses.replace(wheels.choose(torch, machine), keeps_variant=False)
        if picked.keeps_release and picked.verdict is not wheels.Verdict.FAILS:
            return picked if torch_words(picked) else None
    label = wheels.local_of(torch) or ""
    release = wheels.release_of(torch)
    named = release.variant(label) if release and label else None
    if release is not None and named is not None:  # the build asked for, as the table has it
        public = versions.parse(torch)
        style = release.style_of(named)
        labelled = style in (wheels.Style.EXTRA_INDEX_URL, wheels.Style.FIND_LINKS)
        return wheels.Suggestion(
            torch=torch if labelled or public is None else public.public,
            release=release.series, variant=named.name, style=style,
            verdict=wheels.Verdict.UNKNOWN, reason="", keeps_release=True,
        )  # fmt: skip
    kind = next((k for k in wheels.Kind if k.has(wheels.Variant(label))), wheels.Kind.CUDA)
    picked_kind = wheels.of_kind(torch, kind)
    if picked_kind is None or not picked_kind.keeps_release:
        return None
    return picked_kind


def _as_series(suggestion: wheels.Suggestion, wanted: str) -> wheels.Suggestion:
    """The suggestion pinned to a series, as the requirement names it (`2.5.*`)."""
    release = wheels.BY_SERIES.get(suggestion.release or "")
    if release is None or release.style is not wheels.Style.INDEX_URL:
        return suggestion
    return dataclasses.replace(suggestion, torch=wanted, keeps_variant=False)


def requirement(
    way: Installer, name: str, spec: str, *, upgrade: bool = False, flags: Sequence[str] = ()
) -> Shell:
    """`pip install [--upgrade] [flags] 'name<spec>'` for a package other than torch (which
    `torch_required` chooses): the name checked against PEP 508's grammar, the specifier
    against PEP 440's, each one word. `flags`: pip's own options a table gives for the package
    (compat/support.py `pip_flags`: flash-attn's --no-build-isolation), each an option word."""
    if not versions.is_name(name):
        return comment(f"no install line: {one_line(name)[:60]!r} is not a package name")
    if spec and versions.parse_specifiers(spec) is None:
        return comment(f"no install line: {one_line(spec)[:60]!r} is not a version specifier")
    if any(not _PIP_OPTION.fullmatch(flag) for flag in flags):
        return comment(f"no install line: {name}'s pip flags in the table are not pip options")
    return way.install(*(("--upgrade",) if upgrade else ()), *flags, f"{name}{spec}")


# an option of pip's without a value ("--no-build-isolation"), as a table writes it
_PIP_OPTION: Final = re.compile(r"--[a-z][a-z-]{1,40}")


# A dotted module name of NVIDIA's wheels (compat/cuda_runtime.py wheel_module): the only
# text of the LD_LIBRARY_PATH line below that is not hwdoctor's own
_MODULE: Final = re.compile(r"[a-z_]{1,20}(?:\.[a-z_]{1,20}){1,3}")


def wheel_library_path(way: Installer, modules: Sequence[str]) -> Shell:
    """issue 38 (s18-mend-loader): the line that puts the library directories of NVIDIA's pip
    wheels on the loader's path, after their install: a library that dlopen()s them by name
    (CTranslate2, onnxruntime's CUDA provider) finds nothing in site-packages, and glibc reads
    LD_LIBRARY_PATH only when a process starts (faster-whisper's README, cited beside
    compat/cuda_runtime.py _WHEEL_MODULES: "LD_LIBRARY_PATH must be set before launching
    Python"). The directories are asked of the diagnosed interpreter, as the README asks
    python3, from each wheel's module; the variable's former value is kept after them."""
    if not modules or not all(_MODULE.fullmatch(m) for m in modules):
        return Shell()
    first = way.pip[0] if way.pip else "pip"
    if isinstance(first, Literal):
        python = first.text
    elif first not in ("pip", "uv") and is_path(first):
        python = shlex.quote(first)
    else:
        python = "python3"
    names = ", ".join(modules)
    code = f'import os, {names}; print(":".join(os.path.dirname(m.__file__) for m in [{names}]))'
    return Shell(
        (
            f'export LD_LIBRARY_PATH="$({python} -c {shlex.quote(code)})'
            '${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"',
        )
    )


def pip(way: Installer, *args: str) -> Shell:
    """`pip <args>` (install, uninstall, ...) in the diagnosed environment, each argument
    one word."""
    if args[:1] == ("install",):
        return way.install(*args[1:])
    return way.run(args[0], *args[1:]) if args else Shell()


def install_pinned(way: Installer, dist: str, version: str) -> Shell:
    """`pip install dist==version` from a table's row (vLLM Ascend's torch-npu), the one
    place such a pin is written; a name or version that is no name or version by PEP 508
    and 440 gives a comment instead."""
    if versions.is_name(dist) and versions.parse(version) is not None:
        return pip(way, "install", f"{dist}=={version}")
    return comment(f"no {dist} release to pin here")


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
    evidence: Evidence | None,
    capabilities: tuple[str, ...],
    *,
    driver: str | None = None,
    driver_cuda: str | None = None,
    machine: str = "x86_64",
) -> Shell:
    """The `pip install` of a torch release and index that runs on NVIDIA driver `driver`
    (or, when that is unknown, a driver supporting CUDA up to `driver_cuda`) and GPUs of
    `capabilities`, with the companions installed and what it changes; empty when no build
    can be shown to run. `compat.wheels` chooses (releases → index variants → archs,
    checked against the floors of `compat.drivers`)."""
    torch_version = _installed(evidence)
    if driver:
        picked = wheels.for_driver(torch_version, driver, capabilities, host=machine)
    elif driver_cuda:
        picked = wheels.for_cuda(torch_version, driver_cuda, capabilities, host=machine)
    else:
        return Shell()
    return torch_line(way, picked, evidence, why=picked.reason) if picked else Shell()


def torch_for_toolkit(way: Installer, evidence: Evidence | None, nvcc: str) -> Shell:
    """issue 38: the `pip install` of a CUDA build of torch of the CUDA toolkit's major
    release (`nvcc`, "12.1"), so that torch's cpp_extension builds extensions with it, as
    `compat.wheels.of_cuda_major` picks it; empty where no build of that major is known."""
    picked = wheels.of_cuda_major(_installed(evidence), nvcc)
    if picked is None:
        return Shell()
    why = f"{picked.reason}; not checked: {'; '.join(picked.unchecked)}"
    return torch_line(way, picked, evidence, why=why)


def torch_for_gfx(
    way: Installer, evidence: Evidence | None, gfx: tuple[str, ...], *, machine: str = "x86_64"
) -> tuple[Shell, bool]:
    """The `pip install` of a ROCm build of torch compiled for `gfx`, and whether no ROCm
    wheel of torch is known to carry it (then the line is empty)."""
    picked, none_carries = wheels.for_gfx(_installed(evidence), gfx, host=machine)
    line = torch_line(way, picked, evidence, why=picked.reason) if picked else Shell()
    return line, none_carries


def hwdoctor_words(version: str) -> tuple[str, ...]:
    """What `pip install` takes to install hwdoctor `version` as it can be installed today:
    a development version (`.devN`) from the repository only, a release from PyPI (the
    release workflow publishes every version tag; `hwdoctor.project`)."""
    from packaging.version import Version

    from hwdoctor import project

    parsed = Version(version)
    if parsed.is_devrelease:
        return (f"git+{project.REPOSITORY}",)
    return (f"hwdoctor=={parsed.public}",)


def hwdoctor_install(version: str) -> Shell:
    """`python -m pip install ...` of hwdoctor `version`, for someone else's machine."""
    return command("python", "-m", "pip", "install", *hwdoctor_words(version))


def hwdoctor_then(version: str, then: tuple[str, ...]) -> Shell:
    """hwdoctor's own install, then `python -m hwdoctor <then>`: two commands."""
    return hwdoctor_install(version) + command("python", "-m", "hwdoctor", *then)


# issue 38: optimum-neuron and the Neuron packages its release pins
def _neuron_index() -> str:
    """The Neuron repository's address, from the backend table (registry.py pip_args)."""
    neuron = next(b for b in registry.BACKENDS if b.query.module == "torch.neuron")
    said = neuron.pip_args.split()
    return said[said.index("--extra-index-url") + 1]


def optimum_neuron(way: Installer, release: str) -> Shell:
    """optimum-neuron `release` with its `neuronx` extra, which pins the Neuron packages it
    was released with, the Neuron repository beside PyPI for them (optimum-neuron's
    installation guide: `pip install optimum-neuron[neuronx]` with
    `--extra-index-url=https://pip.repos.neuron.amazonaws.com`; its maintainer: "The pip
    extra url is always required", optimum-neuron#275); empty for a release that is not a
    version (a paste's text)."""
    if versions.parse(release) is None:
        return Shell()
    return way.install(f"optimum-neuron[neuronx]=={release}", "--extra-index-url", _neuron_index())


def neuron_beside_placeholder(
    way: Installer, dist: str, release: str, *, below: bool = False
) -> Shell:
    """issue 38 (s19-placeholder): `dist`, a Neuron package whose placeholder on PyPI
    (`release`, compat/placeholders.py) is installed, again from PyPI with AWS's Neuron
    repository as the extra index (the Neuron setup guide's extra-index-url), a release after
    the placeholder's, Neuron's own being numbered above it (compat/placeholders.py): pip
    replaces the placeholder with Neuron's newest build for this Python, or says it finds none
    rather than installing the stub again. `>`, not `!=`: Windows' shells expand a `!` inside
    double quotes (the chooser leaves such a line out there); `!=` only where some of Neuron's
    own releases are numbered `below` it (libneuronxla 0.5.x). Empty for a name or release that
    is not one."""
    if not versions.is_name(dist) or versions.parse(release) is None:
        return Shell()
    spec = f"!={release}" if below else f">{release}"
    return way.install(f"{dist}{spec}", "--extra-index-url", _neuron_index())


# issue 38: torch-neuron / torch-neuronx pinning one torch. The framework from PyPI and
# Neuron's repository (the Neuron setup guide's `pip install torch-neuronx …
# --extra-index-url=https://pip.repos.neuron.amazonaws.com`): its own torch pin (torch-neuronx's
# Requires-Dist torch==X.Y.*) brings the torch it is built for.


def neuron_framework(
    way: Installer, framework: str, release: str, torch: str, installed: str
) -> Shell:
    """`framework` (torch-neuron, torch-neuronx) at `release` where the paste names one, else
    its releases for the torch `torch` names (a specifier: "==2.1.*", "==1.13.1"; the
    framework's versions start with its torch's), from PyPI and Neuron's repository, and what
    that does to the `installed` torch; empty where `torch` is not a version."""
    wanted = torch.removeprefix("==").removesuffix(".*")
    if framework not in ("torch-neuron", "torch-neuronx") or not versions.is_version(wanted):
        return Shell()
    pinned = (
        f"{framework}=={release}"
        if release and versions.parse(release)
        else f"{framework}=={wanted}.*"
    )
    line = way.install(pinned, "--extra-index-url", _neuron_index())
    return line + comment(
        f"replaces torch {one_line(installed)[:40]} with torch{torch}, the one {framework} "
        "is built for (pip brings it with the framework)"
    )


# issue 38: a CUDA toolkit (nvcc) for a build that compiles CUDA code. conda's `cuda-nvcc`
# (conda-forge, CUDA 12 and later; it brings the runtime's headers, cuda-cudart-dev) of
# torch's CUDA major release; elsewhere NVIDIA's toolkit, which no pip line installs whole.


def cuda_toolkit(way: Installer, major: str | None) -> Shell:
    """conda's CUDA compiler of torch's CUDA major release (`major`, "12") into a conda
    environment, for building an extension; nothing elsewhere (NVIDIA's toolkit installer is
    named in words: no pip line installs a whole toolkit)."""
    if way.conda_prefix and is_path(way.conda_prefix) and major and major.isdigit():
        conda = ("conda", "install", "--prefix", way.conda_prefix, "-c", "conda-forge")
        return command(*conda, f"cuda-nvcc={major}")
    return Shell()


def python_env(series: str) -> Shell:
    """issue 38: a virtual environment with another Python (`series`, "3.10"), as uv makes
    one and fetches that Python where it is missing (uv docs, "Using environments": `uv venv
    --python 3.11`, https://docs.astral.sh/uv/pip/environments/); a series that is no Python
    version gives a comment instead."""
    if not re.fullmatch(r"3\.\d{1,2}", series):
        return comment(f"no environment line: {one_line(series)[:20]!r} is not a Python version")
    return command("uv", "venv", "--python", series)


def env_requirement(name: str, spec: str) -> Shell:
    """issue 38 (s13-wheels): the install of a package into the environment `python_env`
    made: `uv pip install` finds the `.venv` of the working directory (uv docs, "Using
    environments": "uv will search for a virtual environment ... .venv in the current
    directory or any parent directories"), checked as `requirement` checks it. torch's install
    says what it does to torch, as every line that installs torch does (issue 29): it installs
    one into the new environment, and the paste's own keeps its torch (issue 38, s21-forms: a
    form's OS answer made the machine known, and this line reached a paste)."""
    install = requirement(Installer(("uv", "pip")), name, spec)
    if versions.canonical_name(name) == "torch" and install:
        said = f"torch{one_line(spec)[:40]}" if spec else "torch"
        return install + comment(
            f"installs {said} into the new environment; the one the paste shows keeps its own"
        )
    return install


def conda_forge(way: Installer, spec: str) -> Shell:
    """issue 38 (s18-audiopy): `conda install` of conda-forge's package of `spec` ("ffmpeg>=4.4,<7")
    into the conda environment the paste shows (by its prefix); nothing where it shows none (a
    venv's or the system's library comes from elsewhere: the finding says so in words)."""
    if not (way.conda_prefix and is_path(way.conda_prefix)):
        return Shell()
    name, _, bound = spec.partition(">")  # a name and its bounds: "ffmpeg" ">=4.4,<7"
    if not versions.is_name(name) or versions.parse_specifiers(">" + bound) is None:
        return comment(f"no install line: {one_line(spec)[:60]!r} is not a requirement")
    return command("conda", "install", "--prefix", way.conda_prefix, "-c", "conda-forge", spec)


def conda_channel_install(name: str, channel: str) -> Shell:
    """issue 38 (s13-wheels): `conda install -c CHANNEL name` for a package a conda channel
    builds where PyPI has no file for the system (compat/imports.py INSTEAD): both checked as a
    package name (PEP 508's grammar, which conda's channel names also fit)."""
    if not versions.is_name(name) or not versions.is_name(channel):
        return comment(f"no install line: {one_line(name)[:60]!r} from {one_line(channel)[:40]!r}")
    return command("conda", "install", "-c", channel, name)


# issue 38: a conda environment's libstdc++ older than a library loaded into it needs.
# conda-forge's libstdcxx-ng is GCC's libstdc++ of its version (https://anaconda.org/
# conda-forge/libstdcxx-ng), so the GCC release that first ships the symbol version is the
# floor; into the environment by its prefix, or the activated one where the paste names none.
_GCC_RELEASE: Final = re.compile(r"\d{1,2}\.\d")


# A Debian binary package's name (Debian Policy 5.6.7: lower case letters, digits, "+", "-"
# and ".", at least two characters, starting with a letter or digit).
_DEBIAN_PACKAGE: Final = re.compile(r"[a-z0-9][a-z0-9+.-]{1,80}")


def apt_install(packages: Sequence[str]) -> Shell:
    """issue 38 (s14-sharedlib): `apt-get install` of Debian packages (compat/sonames.py's
    table), as root, the index refreshed first; a name that is no Debian package name gives a
    comment instead."""
    if not packages or not all(_DEBIAN_PACKAGE.fullmatch(p) for p in packages):
        return comment("no apt-get line: a package name is not one of Debian's")
    return command("apt-get", "update") + command(
        "apt-get", "install", "-y", "--no-install-recommends", *packages
    )


# issue 38 (s15-toolchain): rustup's script (https://sh.rustup.rs; rust-lang/www.rust-lang.org
# templates/components/tools/rustup.html.hbs pipes it to sh), saved and run as one command a
# line, -y for its defaults without the prompt (rustup-init --help: "-y  Disable confirmation
# prompt"), then its env file sourced as its own last words say (". "$HOME/.cargo/env"").
_RUSTUP_SCRIPT: Final = "https://sh.rustup.rs"


def toolchain(
    way: Installer, tool: toolchains.Tool, system: str | None, *, debian: bool, python: str = ""
) -> Shell:
    """issue 38 (s15-toolchain): the install of a build tool a source build lacks, for the
    system the paste shows (compat/toolchains.py says it in words and cites each way): rustup's
    script on Linux and macOS, Debian's packages where the paste shows Debian or Ubuntu
    (build-essential, python3.X-dev, cmake), Apple's Command Line Tools on a Mac, PyPI's cmake
    into the environment elsewhere. Nothing where the way is an installer to download
    (Windows: rustup-init.exe, Microsoft's C++ Build Tools) or the system is not shown."""
    if toolchains.needs_windows(tool, system):
        return Shell()
    if tool is toolchains.Tool.RUST:
        if system not in (toolchains.LINUX, toolchains.MACOS):
            return Shell()
        script = "rustup-init.sh"
        return (
            command("curl", "--proto", "=https", "--tlsv1.2", "-sSf", _RUSTUP_SCRIPT, "-o", script)
            + command("sh", script, "-y")
            + command(".", Literal('"$HOME/.cargo/env"'))
        )
    if tool is toolchains.Tool.COMPILER:
        if system == toolchains.MACOS:
            return command("xcode-select", "--install")
        return apt_install(["build-essential"]) if debian else Shell()
    if tool is toolchains.Tool.PYTHON_HEADERS:
        series = python if re.fullmatch(r"3\.\d{1,2}", python) else "3"
        return apt_install([f"python{series}-dev"]) if debian else Shell()
    if debian:
        return apt_install(["cmake"])
    return requirement(way, "cmake", "") if system is not None else Shell()


def conda_libstdcxx(prefix: str | None, gcc: str) -> Shell:
    """`conda install` of conda-forge's libstdcxx-ng of GCC `gcc` ("13.2") or newer into the
    environment at `prefix`, or into the activated one ("$CONDA_PREFIX") without a prefix."""
    spec = f"libstdcxx-ng>={gcc}" if _GCC_RELEASE.fullmatch(gcc) else "libstdcxx-ng"
    where = prefix if prefix and is_path(prefix) else Literal('"$CONDA_PREFIX"')
    return command("conda", "install", "--prefix", where, "-c", "conda-forge", spec)


# issue 38: where the accelerators' own packages are published, beside PyPI. Huawei's Ascend
# mirror for torch-npu's dev and post builds (vllm-ascend docs/source/installation.md: "# For
# torch-npu dev version or x86 machine: pip config set global.extra-index-url
# "https://download.pytorch.org/whl/cpu/ https://mirrors.huaweicloud.com/ascend/repos/pypi""),
# Google's libtpu index beside torch_xla's PyPI wheels (pytorch/xla README, "Installation":
# `pip install torch==2.x 'torch_xla[tpu]==2.x' -f
# https://storage.googleapis.com/libtpu-releases/index.html`), Intel's index for IPEX and the
# torch builds it pins (its installation guide, https://pytorch-extension.intel.com/
# installation: `--extra-index-url https://pytorch-extension.intel.com/release-whl/stable/
# xpu/us/`, the CPU builds under …/stable/cpu/us/; intel/intel-extension-for-pytorch#469: the
# maintainer's "Please use https://pytorch-extension.intel.com/release-whl/stable/xpu/us/"),
# AWS's Neuron repository (registry.py), and the Intel Gaudi software, not on PyPI (registry.py).
_ASCEND_MIRROR: Final = "https://mirrors.huaweicloud.com/ascend/repos/pypi"
_LIBTPU_INDEX: Final = "https://storage.googleapis.com/libtpu-releases/index.html"
_INTEL_INDEX: Final = "https://pytorch-extension.intel.com/release-whl/stable/{kind}/us/"
# The indexes besides download.pytorch.org a torch build is installed from: Intel's, whose
# XPU and CPU builds IPEX's installation guide installs (tests/test_install_lines.py).
VENDOR_TORCH_INDEXES: Final = tuple(
    _INTEL_INDEX.format(kind=registry.key_of_build(build))
    for build in (registry.Build.XPU, registry.Build.CPU)
)
_NEURON_DISTS: Final = frozenset(
    {"torch-neuronx", "torch-neuron", "neuronx-cc", "neuron-cc", "libneuronxla",
     "neuronx-distributed", "transformers-neuronx", "aws-neuronx-runtime-discovery"}
)  # fmt: skip
_INTEL_DISTS: Final = frozenset({"intel-extension-for-pytorch", "oneccl-bind-pt", "torch-ipex"})
_TORCH_FAMILY: Final = frozenset({"torch", "torchvision", "torchaudio"})


def vendor_release(
    way: Installer, name: str, extras: str, spec: str, shown: frozenset[str]
) -> tuple[str, Shell] | None:
    """issue 38: for a package an accelerator's vendor publishes beside PyPI (`name`,
    canonical; `extras` "[tpu]" as asked; `spec` "==2.1.0" or ""), where it is published, in
    words, and its install from there; None for a package of PyPI alone. `shown`: the registry
    keys of the accelerators the paste shows (an XPU's torch is Intel's, a Neuron machine's
    torch-xla is AWS's)."""
    if not versions.is_name(name) or not versions.is_extras(extras):
        return None
    if spec and versions.parse_specifiers(spec) is None:
        return None
    local = spec.rpartition("+")[2].lower() if "+" in spec else ""
    asked = f"{name}{extras}{spec}"
    neuron = next(b.key for b in registry.BACKENDS if b.query.module == "torch.neuron")
    xpu = registry.key_of_build(registry.Build.XPU)
    if name in _NEURON_DISTS or "torchneuron" in local or (name == "torch-xla" and neuron in shown):
        return (
            f"{name} installs for Neuron from PyPI with AWS's Neuron repository beside it, as "
            "pip's extra index (the Neuron setup guide: --extra-index-url https://pip.repos."
            "neuron.amazonaws.com); an index set to the Neuron repository alone hides PyPI's "
            "releases",
            way.install(asked, "--extra-index-url", _neuron_index()),
        )
    if name == "torch-npu":
        return (
            "torch-npu's wheels are built for Linux (aarch64, x86_64) only, and its dev and "
            "post builds are published on Huawei's Ascend mirror, not PyPI (vllm-ascend's "
            "installation guide: that mirror as pip's extra index)",
            way.install(asked, "--extra-index-url", _ASCEND_MIRROR),
        )
    if name == "torch-xla":
        return (
            "torch_xla's wheels are built for Linux x86_64 only, for the Pythons its README "
            "lists; a Cloud TPU VM installs it with libtpu from Google's index (pytorch/xla "
            'README, "Installation"; other builds are in its storage.googleapis.com/'
            "pytorch-xla-releases bucket)",
            way.install(f"{name}{extras or '[tpu]'}{spec}", "-f", _LIBTPU_INDEX),
        )
    # Intel's XPU builds of torch and torchvision are alphas PyPI never carries ("2.0.1a0",
    # "1.13.0a0+git6c9b55e", the README's pins, intel/intel-extension-for-pytorch#364, #469);
    # NVIDIA's container builds are alphas too, with a commit as their label ("2.1.0a0+32f93b1")
    public, _, label = spec.removeprefix("==").partition("+")
    parsed = versions.parse(public) if spec.startswith("==") else None
    alpha = parsed is not None and parsed.pre is not None and parsed.pre[0] == "a"
    intel_alpha = alpha and (not label or label.startswith(("git", "cxx11")))
    intel = name in _INTEL_DISTS or (
        name in _TORCH_FAMILY and (xpu in shown or xpu in local or intel_alpha)
    )
    if intel:
        # the index's folders are named as the registry's rows (…/stable/xpu/, …/stable/cpu/)
        on_xpu = xpu in local or "gpu" in local or xpu in shown or intel_alpha
        kind = xpu if on_xpu else registry.key_of_build(registry.Build.CPU)
        line = way.install(asked, "--extra-index-url", _INTEL_INDEX.format(kind=kind))
        if name in _TORCH_FAMILY:
            line += comment(
                f"installs Intel's {name}{one_line(spec)[:60]} ({kind.upper()} build) from "
                f"Intel's index, in place of any {name} installed"
            )
        return (
            f"Intel's {kind.upper()} builds of intel-extension-for-pytorch, and the torch "
            "releases they pin, are published on Intel's index, not PyPI (IPEX's installation "
            "guide)",
            line,
        )
    hpu = registry.key_of_tool("hl-smi")
    if name.startswith("habana-"):
        return (f"{name} comes with {registry.BY_KEY[hpu].install_elsewhere}", Shell())
    return None
