"""What each torch-ecosystem library's own documentation says it runs on, by backend and system.

issue 38 (s14-supported): most reports of "X does not run on this machine" show X's error as a
downstream symptom (a build that fails, an AttributeError deep in X, "No CUDA device found")
on a Mac, an AMD GPU, Windows or another accelerator, never X's own refusal. This table is
what answers them: one row per library, the registry rows (backends) its documentation names,
the systems (`sys.platform` values, as registry.Backend.platforms) it builds or ships for, and
where the row was read, with the date. A library with a CPU path ("cpu" among its backends)
runs on any machine of its systems; one without needs one of its accelerators there.

Rows were read 2026-12-07 from each library's README "Requirements" / "Installation" section
or its documentation's hardware page (where those name no system: its build files, setup.py,
or its changelog), at the place cited beside the row. Where the documentation
is silent on a system (a build from source that may or may not work), the system is left out
only where the documentation or the build files exclude it (a setup.py that needs nvcc or
hipcc, a wheel index with no file for it).

issue 38 (s15-support): the table also answers a reporter's question whether a library runs on
a machine (`Supported.answer`: listed, not listed, or unknown), so a system or backend the
source is silent on, neither named nor excluded, is the row's `unknown` (never a refusal, and no
answer), not a system it lists; each row names the repository and commit it was read at (`at`),
the release a platform came in (`since`) or the last that listed it (`until`), and the other
names reporters write for it (`aliases`).

issue 38 (s16-arch): a row also says which GPU generations the library's builds carry code for
(`built`), read at its build files at a named release: the compute capabilities its setup.py's
`-gencode` flags, its CMake `CMAKE_CUDA_ARCHITECTURES` or its wheel workflow's
`TORCH_CUDA_ARCH_LIST` name, the gfx targets of its ROCm builds, each from the release it
changed. A GPU none of them serves fails with a downstream symptom ("no kernel image is
available", HIP's "invalid device function"), never the library's own refusal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Final

from hwdoctor import registry
from hwdoctor.versions import canonical_name, parse

if TYPE_CHECKING:  # packaging is imported only where a version is read (hwdoctor/versions.py)
    from packaging.version import Version

# The registry rows the table names, by what each row is (never a literal key).
_CPU: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.CPU)
_CUDA: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.CUDA)
_ROCM: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.ROCM)
_XPU: Final = next(b.key for b in registry.BACKENDS if b.query.build is registry.Build.XPU)
_MPS: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
_NPU: Final = registry.key_of_tool("npu-smi")
_HPU: Final = registry.key_of_tool("hl-smi")
_MLU: Final = registry.key_of_tool("cnmon")
_MUSA: Final = registry.key_of_tool("mthreads-gmi")
_NEURON: Final = registry.key_of_tool("neuron-ls")
_TPU: Final = registry.key_of_tool("tpu-info")
_XLA: Final = next(b.key for b in registry.BACKENDS if b.query.kind is registry.QueryKind.XLA)
# The systems, as registry.Backend.platforms spells them (sys.platform's values).
LINUX: Final = "linux"
WINDOWS: Final = "win32"
MACOS: Final = "darwin"
SYSTEM_NAMES: Final = {LINUX: "Linux", WINDOWS: "Windows", MACOS: "macOS"}


class Listing(str, Enum):
    """What a row's documentation says of one machine: it lists it, it does not, or it is silent
    on it (a system or backend the source neither names nor excludes)."""

    LISTED = "listed"
    NOT_LISTED = "not_listed"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Answer:
    """A row's answer for a machine: the listing, and the releases that bound it in words
    ("from 0.49.0", "up to 0.12.0"; empty where no release bounds it)."""

    listing: Listing
    releases: str = ""
    # issue 38 (s19-asked): a part of the machine is listed only from a release on (`since`):
    # the releases before it do not list it
    later: bool = False


@dataclass(frozen=True, slots=True)
class Built:
    """issue 38 (s16-arch): the GPU code a library's builds carry for one backend from a release
    on (until the next entry of that backend and CUDA release), in torch's arch-list spelling
    as compat/kernels.py reads it: sm_80 a cubin, compute_80 PTX, gfx942 a ROCm code object;
    `cuda` the CUDA release (major or major.minor) whose binary this is, where the library
    builds one per CUDA release (bitsandbytes), else empty; `at` where it was read."""

    backend: str
    since: str
    arches: tuple[str, ...]
    at: str
    cuda: str = ""

    @property
    def first(self) -> Version:
        """The release this list came in, as a version ("" : the library's first, 0)."""
        return _since(self)


@dataclass(frozen=True, slots=True)
class Supported:
    """One library's documented platforms: its name as findings say it, its distributions
    and import packages (a traceback frame's package), the backends and systems its
    documentation names, those words as a finding quotes them, what the documentation
    names instead where it does (empty: nothing named), and where and when it was read."""

    name: str
    dists: tuple[str, ...]
    modules: tuple[str, ...]
    backends: frozenset[str]
    systems: frozenset[str]
    documented: str
    instead: str
    source: str
    read: str = "2026-12-07"
    # The first release whose documentation lists a backend or a system, where that came later
    # than the library (bitsandbytes: Windows in 0.43.0, CPUs and Intel GPUs later); a release
    # the paste does not show is taken to have it (what is not shown is no refusal).
    since: tuple[tuple[str, str], ...] = ()
    # issue 38 (s15-support): the last release whose documentation lists a backend or a system
    # that its current documentation no longer does (TensorRT-LLM's Windows wheels to 0.12.0)
    until: tuple[tuple[str, str], ...] = ()
    # issue 38 (s15-support): the systems and backends the source is silent on, neither named
    # nor excluded: never a refusal, and no answer to a question about them
    unknown: frozenset[str] = frozenset()
    # issue 38 (s15-support): the repository and commit (or release) the row was read at
    at: str = ""
    # issue 38 (s15-support): the other names a reporter writes for the library ("TRT-LLM",
    # "flash attention"), beside its name, distributions and import packages
    aliases: tuple[str, ...] = ()
    # issue 38 (s16-arch): the GPU code its builds carry, by backend and release (`Built`)
    built: tuple[Built, ...] = ()
    # issue 38 (s18-since): the date of a release `since` or `until` names, where its source
    # gives one (the CHANGELOG's heading, the tag's commit): release → "YYYY-MM-DD"
    released: tuple[tuple[str, str], ...] = ()
    # issue 38 (s18-mend-misc): the flags of pip its own install line carries, where a plain
    # `pip install` fails: flash-attn's setup.py imports torch and it has no pyproject.toml, so
    # pip's isolated build environment has no torch ("pip install flash-attn
    # --no-build-isolation", its README)
    pip_flags: tuple[str, ...] = ()
    # issue 38 (s18-mend-misc): the release of a backend's own stack its documentation requires
    # (flash-attn's "ROCm 6.0+"): backend → "X.Y"; a machine shown below it gets no upgrade of
    # the library, which would not build there
    floors: tuple[tuple[str, str], ...] = ()
    # issue 38 (s21-forms): a backend the documentation lists on some of its systems only
    # (InvokeAI's "AMD GPUs are supported on Linux only"): backend → those systems. On another
    # system the library runs, on its CPU path where it has one, but not on that backend: a
    # report of that backend there is the library not using it
    only_on: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # issue 38 (s21-names): the documentation lists other hardware by out-of-tree plugins
    # (vLLM's hardware plugins): an accelerator no registry row is may be one of them, so the
    # row is silent on it, never a refusal
    plugins: bool = False

    def builds(
        self, backend: str, release: Version | None, cuda: str | None = None
    ) -> tuple[Built, ...]:
        """The builds of `backend` the paste's release may be: the entry in force at `release`
        for each CUDA binary (None: every release's entries, any of which may be installed);
        only the binary of `cuda` (torch's CUDA, which picks it) where the entries name CUDA
        releases and one is `cuda`'s. Empty where the table holds none for that release."""
        entries = [b for b in self.built if b.backend == backend]
        if cuda and (own := [b for b in entries if _cuda_matches(b.cuda, cuda)]):
            entries = own
        elif cuda:
            entries = [b for b in entries if not b.cuda]
        if release is None:
            return tuple(entries)
        chosen: list[Built] = []
        for binary in dict.fromkeys(b.cuda for b in entries):
            held = [b for b in entries if b.cuda == binary and b.first <= release]
            if held:
                chosen.append(max(held, key=lambda b: b.first))
        return tuple(chosen)

    def first_release(self, backend: str | None, system: str | None) -> str | None:
        """issue 38 (s18-since): the first release from which the documentation lists a
        machine it lists only from a release on: the lowest `since` release at which
        `runs_on` holds where it does not hold for a release before every entry, where that
        release is the machine's own (its backend's or its system's entry). None where the
        machine runs whatever the release (or in none), and where only the CPU path's entry
        decides (DeepSpeed's Xeon CPUs from 0.12.4 say nothing of a Mac's release)."""
        if not self.runs_on(backend, system) or self.runs_on(backend, system, _version("0")):
            return None
        releases = sorted({release for _, release in self.since}, key=_version)
        first = next((r for r in releases if self.runs_on(backend, system, _version(r))), None)
        own = {release for what, release in self.since if what in (backend, system)}
        return first if first in own else None

    def dated(self, release: str) -> str:
        """A release in words with its date where the table holds one: "1.2.0 (2023-11-30)"."""
        date = dict(self.released).get(release)
        return f"{release} ({date})" if date else release

    def _in_range(self, what: str, release: Version | None) -> bool:
        """Whether the releases that list `what` hold `release` (None: not shown, held)."""
        if release is None:
            return True
        first = parse(dict(self.since).get(what) or "")
        last = parse(dict(self.until).get(what) or "")
        return (first is None or release >= first) and (last is None or release <= last)

    def runs_on(
        self, backend: str | None, system: str | None, release: Version | None = None
    ) -> bool:
        """Whether the documentation says it runs on a machine of this backend (None: not
        shown) under this system (None: not shown), in this release (None: not shown): what
        is not shown is no refusal, nor is a system or backend the documentation is silent
        on."""

        def listed(what: str) -> bool:
            return what in self.unknown or self._in_range(what, release)

        if (
            system is not None
            and system not in self.unknown
            and (system not in self.systems or not listed(system))
        ):
            return False
        if backend is None or self._silent(backend):
            return True
        if system is not None and system not in dict(self.only_on).get(backend, (system,)):
            return False  # issue 38 (s21-forms): listed, but not on this system
        if _CPU in self.backends and listed(_CPU):
            return True
        return backend in self.backends and listed(backend)

    def answer(
        self,
        backend: str | None,
        system: str | None,
        release: Version | None = None,
        *,
        strict: bool = False,
        unlisted: bool = False,
    ) -> Answer:
        """issue 38 (s15-support): what the documentation says of a machine a reporter asks
        about: a backend (`strict`: the hardware itself was asked, "does it support AMD GPUs";
        otherwise a machine, on whose CPU a library with a CPU path runs) under a system. Not
        listed where either part is not listed; unknown where the documentation is silent on
        a part; listed where it lists every part shown.

        issue 38 (s21-names): `unlisted`, an accelerator no registry row is (another vendor's
        chip called a TPU: Google's Coral Edge TPU, Sophgo's BM1684): a row's documentation
        names its accelerators, each a registry row (`backends`, `unknown`), so it lists none
        of these: not listed, whatever the system (pytorch/xla#742: the Coral Edge TPU, "No,
        sorry. It works either on local CPU, and on Cloud TPUs"); silent where it lists other
        hardware by plugins (`plugins`)."""
        if unlisted:
            return Answer(Listing.UNKNOWN if self.plugins else Listing.NOT_LISTED)
        parts: list[tuple[str, Listing]] = []
        if system is not None:
            parts.append((system, self._listing(system, self.systems, release)))
        if backend is not None:
            shown = self._listing(backend, self.backends, release)
            cpu = self._listing(_CPU, self.backends, release)
            if not strict and shown is not Listing.LISTED and cpu is Listing.LISTED:
                parts.append((_CPU, cpu))
            else:
                parts.append((backend, shown))
        if not parts:
            return Answer(Listing.UNKNOWN)
        listings = {listing for _, listing in parts}
        if Listing.NOT_LISTED in listings:
            chosen = Listing.NOT_LISTED
        elif Listing.UNKNOWN in listings:
            chosen = Listing.UNKNOWN
        else:
            chosen = Listing.LISTED
        alone = len(parts) == 1  # its releases need not name it again
        words = [w for what, _ in parts if (w := self._releases(what, named=not alone))]
        later = any(what in dict(self.since) for what, _ in parts)
        return Answer(chosen, "; ".join(words), later)

    def _silent(self, backend: str) -> bool:
        """Whether the documentation is silent on a backend: one it names neither way, or
        PyTorch/XLA's device where it lists TPUs and not PyTorch/XLA. A paste shows torch_xla
        (registry row `xla`), not whether its device is a TPU: pytorch/xla@41398bff README.md
        connects PyTorch "and Cloud TPUs", and pytorch/xla@5aa233dd docs/source/learn/pjrt.md
        sets PJRT_DEVICE "to CPU, TPU, or CUDA", so a TPU library on it (libtpu, TGI's TPU
        build) is no refusal (s16: pytorch/xla#3191, a TPU VM wheel pulling libtpu)."""
        if backend in self.unknown:
            return True
        return backend == _XLA and _TPU in self.backends and _XLA not in self.backends

    def _listing(self, what: str, named: frozenset[str], release: Version | None) -> Listing:
        if what in self.unknown or (what in registry.BY_KEY and self._silent(what)):
            return Listing.UNKNOWN
        if what in named and self._in_range(what, release):
            return Listing.LISTED
        return Listing.NOT_LISTED

    def _releases(self, what: str, *, named: bool = True) -> str:
        """The releases that bound the listing of `what`, in words ("Windows from 0.32.0";
        `named` False: "from 0.32.0")."""
        first, last = dict(self.since).get(what), dict(self.until).get(what)
        name = registry.BY_KEY[what].hardware if what in registry.BY_KEY else SYSTEM_NAMES[what]
        name = name if named else ""
        # issue 38 (s19-asked): the first release with the date the table holds for it
        date = dict(self.released).get(first or "")
        first = f"{first}, released {date}," if first and date else first
        if first and last:
            return f"{name} from {first} to {last}".strip()
        if first:
            return f"{name} from {first}".strip(" ,")
        if last:
            return f"{name} up to {last}".strip()
        return ""


def _version(release: str) -> Version:
    version = parse(release)
    assert version is not None, release  # the table's releases are PEP 440 (its tests)
    return version


def _since(built: Built) -> Version:
    since = parse(built.since or "0")
    assert since is not None, built.since  # the table's releases are PEP 440 (its tests)
    return since


def _cuda_matches(binary: str, cuda: str) -> bool:
    """Whether torch's CUDA release `cuda` ("12.8", "12.8.1") loads the binary built for
    `binary` ("12.8", or a major: "13")."""
    return bool(binary) and (cuda == binary or cuda.startswith(binary + "."))


def _row(
    name: str,
    dists: tuple[str, ...],
    modules: tuple[str, ...],
    backends: tuple[str, ...],
    systems: tuple[str, ...],
    documented: str,
    source: str,
    instead: str = "",
    since: tuple[tuple[str, str], ...] = (),
    *,
    until: tuple[tuple[str, str], ...] = (),
    unknown: tuple[str, ...] = (),
    at: str = "",
    aliases: tuple[str, ...] = (),
    built: tuple[Built, ...] = (),
    released: tuple[tuple[str, str], ...] = (),
    pip_flags: tuple[str, ...] = (),
    floors: tuple[tuple[str, str], ...] = (),
    only_on: tuple[tuple[str, tuple[str, ...]], ...] = (),
    plugins: bool = False,
) -> Supported:
    return Supported(
        name,
        dists,
        modules,
        frozenset(backends),
        frozenset(systems),
        documented,
        instead,
        source,
        since=since,
        until=until,
        unknown=frozenset(unknown),
        at=at,
        aliases=aliases,
        built=built,
        released=released,
        pip_flags=pip_flags,
        floors=floors,
        only_on=only_on,
        plugins=plugins,
    )


_GPU: Final = (_CUDA, _ROCM)
_NV_AMD_LINUX: Final = (LINUX,)
_LINUX_WINDOWS: Final = (LINUX, WINDOWS)
_EVERY: Final = (LINUX, WINDOWS, MACOS)


def _besides(*listed: str) -> tuple[str, ...]:
    """issue 38 (s19-rows): every registry row but `listed`: the backends a source that names
    only `listed` (and excludes none) is silent on, a row's `unknown`."""
    return tuple(b.key for b in registry.BACKENDS if b.key not in listed)


_SDPA: Final = (
    'PyTorch\'s own attention (attn_implementation="sdpa" in transformers), which runs on '
    "every backend"
)


def _gencode(*codes: str) -> tuple[str, ...]:
    """nvcc's `-gencode arch=compute_XY,code=sm_XY` flags ("80"): a cubin each, no PTX."""
    return tuple(f"sm_{code}" for code in codes)


def _torch_list(text: str) -> tuple[str, ...]:
    """A TORCH_CUDA_ARCH_LIST ("6.0+PTX 7.0 9.0a") as torch's cpp_extension builds it: a
    cubin for each, and PTX too where "+PTX" follows (torch/utils/cpp_extension.py
    _get_cuda_arch_flags)."""
    arches: list[str] = []
    for item in text.split():
        number = item.removesuffix("+PTX").replace(".", "")
        arches.append(f"sm_{number}")
        if item.endswith("+PTX"):
            arches.append(f"compute_{number}")
    return tuple(arches)


def _cmake_list(text: str) -> tuple[str, ...]:
    """bitsandbytes' COMPUTE_CAPABILITY ("60;70;90") as its CMakeLists.txt turns it into
    CMAKE_CUDA_ARCHITECTURES: a cubin for each ("-real"), and PTX for the highest."""
    codes = sorted(text.split(";"), key=int)
    return (*_gencode(*codes), f"compute_{codes[-1]}")


# issue 38 (s16-arch): the build lists, by library (each cites its file at a release)
_FA_SETUP: Final = "Dao-AILab/flash-attention setup.py (cc_flag)"
_FLASH_ATTN_BUILT: Final = (
    # v1.0.0 (74af0233): -gencode for sm_75, sm_80 and, with CUDA 11.8+, sm_90
    Built(_CUDA, "1.0.0", _gencode("75", "80", "90"), f"{_FA_SETUP} at v1.0.0 (74af0233)"),
    # v2.0.0 (4f285b35): sm_75's flag commented out ("# cc_flag.append(...compute_75...)")
    Built(_CUDA, "2.0.0", _gencode("80", "90"), f"{_FA_SETUP} at v2.0.0 (4f285b35)"),
    # v2.7.3 (89c5a7dd) adds sm_100 and sm_120 where the CUDA that builds it is 12.8 or newer,
    # but the wheels pip fetches are its release workflow's: .github/workflows/publish.yml
    # builds them with CUDA 11.8.0 and 12.3.2 at v2.7.3, 12.4.1 at v2.7.4.post1 (5231d95f), and
    # 12.9.0 from v2.8.0 (6f8f0406): sm_100 and sm_120 are in the wheels from 2.8.0 (a source
    # build of 2.7.3 or later with CUDA 12.8 has them too; the red team's read, s16)
    Built(
        _CUDA,
        "2.8.0",
        _gencode("80", "90", "100", "120"),
        f"{_FA_SETUP} at v2.7.3 (89c5a7dd), wheels by publish.yml at v2.8.0 (6f8f0406)",
    ),
    # its composable_kernel ROCm build: validate_and_update_archs' allowed_archs, the targets
    # GPU_ARCHS may name (v2.6.2 first). Its Triton backend for other AMD GPUs
    # (FLASH_ATTENTION_TRITON_AMD_ENABLE) compiles at run time and has no such list.
    Built(
        _ROCM,
        "2.6.2",
        ("gfx90a", "gfx940", "gfx941", "gfx942"),
        "Dao-AILab/flash-attention setup.py (validate_and_update_archs) at v2.6.2 (59594f2a)",
    ),
    Built(
        _ROCM,
        "2.8.0",
        ("gfx90a", "gfx942", "gfx950"),
        "Dao-AILab/flash-attention setup.py (validate_and_update_archs) at v2.8.0 (6f8f0406)",
    ),
)
_CC1D_SETUP: Final = "Dao-AILab/causal-conv1d setup.py (cc_flag)"
_CAUSAL_CONV1D_BUILT: Final = (
    Built(_CUDA, "1.0.0", _gencode("70", "80", "90"), f"{_CC1D_SETUP} at v1.0.0 (a40ff74)"),
    Built(
        _CUDA,
        "1.2.1",
        _gencode("53", "62", "70", "72", "80", "87", "90"),
        f"{_CC1D_SETUP} at v1.2.1 (8b61eb5)",
    ),
    Built(
        _CUDA,
        "1.5.1",
        _gencode("53", "62", "70", "72", "80", "87", "90", "100"),
        f"{_CC1D_SETUP} at v1.5.1 (8ec7ac2)",
    ),
    # sm_53 dropped; sm_75, sm_120 (CUDA 12.8+), sm_103, sm_110, sm_121 (CUDA 13+) added
    Built(
        _CUDA,
        "1.5.3",
        _gencode("62", "70", "72", "75", "80", "87", "90", "100", "103", "110", "120", "121"),
        f"{_CC1D_SETUP} at v1.5.3 (9d700d1)",
    ),
)
_EXL2_WHEELS: Final = "turboderp-org/exllamav2 .github/workflows/build-wheels-release.yml"
_EXLLAMAV2_BUILT: Final = (
    # its wheels' matrix cudaarch (TORCH_CUDA_ARCH_LIST) at v0.3.2; earlier releases not read
    Built(
        _CUDA,
        "0.3.2",
        _torch_list("6.0 6.1 7.0 7.5 8.0 8.6 8.9 9.0+PTX"),
        f"{_EXL2_WHEELS} at v0.3.2 (6a2d831)",
    ),
    Built(
        _CUDA,
        "0.3.2",
        _torch_list("6.0 6.1 7.0 7.5 8.0 8.6 8.9 9.0 10.0 12.0+PTX"),
        f"{_EXL2_WHEELS} at v0.3.2 (6a2d831)",
        cuda="12.8",
    ),
)
_XF_WHEELS: Final = "facebookresearch/xformers .github/workflows/wheels_build.yml"
_XFORMERS_BUILT: Final = (
    # its wheels' TORCH_CUDA_ARCH_LIST, and 9.0a where the CUDA is 11.8 or newer (0.0.27 on)
    Built(
        _CUDA,
        "0.0.23",
        _torch_list("5.0+PTX 6.0 6.1 7.0 7.5 8.0+PTX"),
        f"{_XF_WHEELS} at v0.0.23 (1254a167)",
    ),
    Built(
        _CUDA,
        "0.0.27",
        _torch_list("6.0+PTX 7.0 7.5 8.0+PTX 9.0a"),
        f"{_XF_WHEELS} at v0.0.27 (184b2808)",
    ),
    Built(_CUDA, "0.0.31", _torch_list("7.5 8.0+PTX 9.0a"), f"{_XF_WHEELS} at v0.0.31 (eb0946a3)"),
    # HIP_ARCHITECTURES of its ROCm wheels, from 0.0.28 (c909f0d6)
    Built(_ROCM, "0.0.28", ("gfx90a", "gfx942"), f"{_XF_WHEELS} at v0.0.28 (c909f0d6)"),
)
_MAMBA_SETUP: Final = "state-spaces/mamba setup.py (cc_flag)"
_MAMBA_BUILT: Final = (
    Built(_CUDA, "1.0.0", _gencode("70", "80", "90"), f"{_MAMBA_SETUP} at v1.0.0 (33dc96c)"),
    # Jetson's sm_53, sm_62, sm_72 and sm_87 added
    Built(
        _CUDA,
        "1.2.1",
        _gencode("53", "62", "70", "72", "80", "87", "90"),
        f"{_MAMBA_SETUP} at v1.2.1 (7efe513)",
    ),
    # sm_100 (CUDA 12.8+)
    Built(
        _CUDA,
        "2.2.5",
        _gencode("53", "62", "70", "72", "80", "87", "90", "100"),
        f"{_MAMBA_SETUP} at v2.2.5 (e0761ec)",
    ),
    # sm_75, sm_120 (CUDA 12.8+) and sm_103, sm_110, sm_121 (CUDA 13+)
    Built(
        _CUDA,
        "2.2.6",
        _gencode("53", "62", "70", "72", "75", "80", "87", "90", "100", "103", "110", "120", "121"),
        f"{_MAMBA_SETUP} at v2.2.6 (d7b1ceb)",
    ),
    # sm_53, sm_62, sm_70 and sm_72 dropped
    Built(
        _CUDA,
        "2.3.2",
        _gencode("75", "80", "87", "90", "100", "103", "110", "120", "121"),
        f"{_MAMBA_SETUP} at v2.3.2 (77069de)",
    ),
)
_BNB_SCRIPT: Final = "bitsandbytes-foundation/bitsandbytes .github/scripts/build-cuda.sh"
_BNB_BUILT: Final = (
    # 0.43.0 (48763245) .github/workflows/python-package.yml: "50;52;60;61;70;75;80;86;89;90",
    # without 89 and 90 for CUDA 11.7 ("${build_capability%??????}"), without 90 for 11.8
    Built(
        _CUDA,
        "0.43.0",
        _cmake_list("50;52;60;61;70;75;80;86;89;90"),
        "bitsandbytes-foundation/bitsandbytes .github/workflows/python-package.yml at 0.43.0 "
        "(48763245)",
    ),
    # 0.45.1 (8cd7793b): "50;52;60;61;70;75;80;86;89;90;100;120", 100 and 120 only from
    # CUDA 12.7; 0.45.3 (efc14c19): CUDA 12.8's binary "70;75;80;86;89;90;100;120"
    Built(
        _CUDA,
        "0.45.1",
        _cmake_list("50;52;60;61;70;75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.45.1 (8cd7793b)",
        cuda="12.8",
    ),
    Built(
        _CUDA,
        "0.45.3",
        _cmake_list("70;75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.45.3 (efc14c19)",
        cuda="12.8",
    ),
    # 0.46.0 (1e54f912): CUDA 12.8's "75;80;86;89;90;100;120"; 0.46.1 the same for 12.9
    Built(
        _CUDA,
        "0.46.0",
        _cmake_list("75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.46.0 (1e54f912)",
        cuda="12.8",
    ),
    Built(
        _CUDA,
        "0.46.1",
        _cmake_list("75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.46.1 (4bca8449)",
        cuda="12.9",
    ),
    # 0.47.0: "50;60;70;75;80;86;89;90" (no 52: its sm_50 cubin runs there), 12.8 and 12.9
    # "70;75;80;86;89;90;100;120"
    Built(
        _CUDA,
        "0.47.0",
        _cmake_list("50;60;70;75;80;86;89;90"),
        f"{_BNB_SCRIPT} at 0.47.0 (c0dcdf27)",
    ),
    Built(
        _CUDA,
        "0.47.0",
        _cmake_list("70;75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.47.0 (c0dcdf27)",
        cuda="12.8",
    ),
    Built(
        _CUDA,
        "0.47.0",
        _cmake_list("70;75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.47.0 (c0dcdf27)",
        cuda="12.9",
    ),
    # 0.48.0 (406fb6aa): "60;70;75;80;86;89;90" ("target Pascal through Hopper"), CUDA 13's
    # "75;80;86;89;90;100;120" ("Remove < sm75 to align with PyTorch 2.9+cu130")
    Built(
        _CUDA,
        "0.48.0",
        _cmake_list("60;70;75;80;86;89;90"),
        f"{_BNB_SCRIPT} at 0.48.0 (406fb6aa)",
    ),
    Built(
        _CUDA,
        "0.48.0",
        _cmake_list("75;80;86;89;90;100;120"),
        f"{_BNB_SCRIPT} at 0.48.0 (406fb6aa)",
        cuda="13",
    ),
)
_VLLM_CMAKE: Final = "vllm-project/vllm CMakeLists.txt at 000a1ee9"
_VLLM_BUILT: Final = (
    # CUDA_SUPPORTED_ARCHS below CUDA 12.8 (vLLM's kernels start at Volta: its installation
    # guide's "compute capability 7.0 or higher"), from 12.8 and from 13 (family targets)
    Built(
        _CUDA,
        "",
        _gencode("70", "75", "80", "86", "87", "89", "90"),
        f"{_VLLM_CMAKE} (CUDA_SUPPORTED_ARCHS)",
    ),
    Built(
        _CUDA,
        "",
        _gencode("75", "80", "86", "87", "89", "90", "100", "101", "103", "120", "121"),
        f"{_VLLM_CMAKE} (CUDA_SUPPORTED_ARCHS, CUDA 12.8)",
        cuda="12.8",
    ),
    Built(
        _CUDA,
        "",
        _gencode("75", "80", "86", "87", "89", "90", "100", "101", "103", "120", "121"),
        f"{_VLLM_CMAKE} (CUDA_SUPPORTED_ARCHS, CUDA 12.9)",
        cuda="12.9",
    ),
    Built(
        _CUDA,
        "",
        _gencode("75", "80", "86", "87", "89", "90", "100f", "110f", "120f"),
        f"{_VLLM_CMAKE} (CUDA_SUPPORTED_ARCHS, CUDA 13)",
        cuda="13",
    ),
    # HIP_SUPPORTED_ARCHS: the widest list a ROCm build of vLLM may target (its images build
    # fewer: docker/Dockerfile.rocm_base's PYTORCH_ROCM_ARCH)
    Built(
        _ROCM,
        "",
        (
            "gfx906",
            "gfx908",
            "gfx90a",
            "gfx942",
            "gfx950",
            "gfx1030",
            "gfx1100",
            "gfx1101",
            "gfx1102",
            "gfx1103",
            "gfx1150",
            "gfx1151",
            "gfx1152",
            "gfx1153",
            "gfx1200",
            "gfx1201",
        ),
        f"{_VLLM_CMAKE} (HIP_SUPPORTED_ARCHS)",
    ),
)

TABLE: Final = (
    # Dao-AILab/flash-attention@0251105 README.md "Installation and features": "CUDA toolkit or
    # ROCm toolkit"; "Linux. Might work for Windows starting v2.3.2"; "NVIDIA CUDA Support":
    # Ampere, Ada, Hopper GPUs; "AMD ROCm Support": MI200x, MI250x, MI300x, MI355x, RDNA 3/4.
    _row(
        "flash-attn",
        ("flash-attn", "flash_attn"),
        ("flash_attn", "flash_attn_2_cuda"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Ampere, Ada, Hopper) with CUDA, and AMD MI200/MI300/MI355 and RDNA 3/4 "
        "GPUs with ROCm, on Linux (Windows from v2.3.2 by its own build)",
        "https://github.com/Dao-AILab/flash-attention#installation-and-features",
        _SDPA,
        # issue 38 (s18-since), at Dao-AILab/flash-attention's tags: README.md "Linux. Might work
        # for Windows starting v2.3.2" (v2.3.2, 7f31e7c1; v2.3.1's README names no system);
        # "AMD GPU/ROCm Support" first at v2.6.2 (59594f2a; v2.6.1, 7551202c, has none)
        since=((WINDOWS, "2.3.2"), (_ROCM, "2.6.2")),
        released=(("2.3.2", "2023-10-08"), ("2.6.2", "2024-07-23")),
        at="Dao-AILab/flash-attention@0251105 README.md",
        aliases=("FlashAttention", "flash attention", "flash-attention", "FlashAttention-2"),
        built=_FLASH_ATTN_BUILT,
        # issue 38 (s18-mend-misc): README.md "Installation and features" at v2.6.2 (59594f2a)
        # and at 0251105: "pip install flash-attn --no-build-isolation" (its setup.py imports
        # torch; the repository has no pyproject.toml); "AMD GPU/ROCm Support", "Requirements:
        # - ROCm 6.0+" (v2.6.2; "ROCm 6.0 and above" at 0251105)
        pip_flags=("--no-build-isolation",),
        floors=((_ROCM, "6.0"),),
    ),
    # facebookresearch/xformers@ca6d2aa README.md "Installing xFormers": wheels "[linux & win]"
    # for CUDA 12.6/12.8/13.0, "[linux only] (EXPERIMENTAL) rocm 7.1"; the source build it
    # documents names no system, and its setup.py builds a C++-only extension where neither
    # CUDA nor ROCm is found, so macOS is not excluded: unknown (its machine still needs a
    # listed GPU).
    _row(
        "xformers",
        ("xformers",),
        ("xformers",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm, experimental) on Linux; "
        "other systems by a build from source",
        "https://github.com/facebookresearch/xformers#installing-xformers",
        _SDPA,
        unknown=(MACOS,),
        # issue 38 (s18-since): README.md's "[linux only] (EXPERIMENTAL) rocm 6.1 version" first
        # at facebookresearch/xformers@v0.0.28 (c909f0d6; v0.0.27.post2, 1fc661fe, has none)
        since=((_ROCM, "0.0.28"),),
        released=(("0.0.28", "2024-09-12"),),
        at="facebookresearch/xformers@ca6d2aa README.md",
        built=_XFORMERS_BUILT,
    ),
    # state-spaces/mamba@e9594ce README.md "Installation": "Core requirements: Linux";
    # "Additional requirements for CUDA selective_scan_cuda builds and GPU execution: NVIDIA
    # GPU, CUDA 11.6+"; "Additional Prerequisites for AMD cards": ROCm (a patch on 6.0).
    _row(
        "mamba-ssm",
        ("mamba-ssm", "mamba_ssm"),
        ("mamba_ssm", "selective_scan_cuda"),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (CUDA 11.6+) and AMD GPUs (ROCm) on Linux",
        "https://github.com/state-spaces/mamba#installation",
        "transformers' Mamba models, whose slow path runs without mamba-ssm's kernels",
        at="state-spaces/mamba@e9594ce README.md",
        # issue 38 (s16-arch): its repository's own name, as its reporters write it ("trying to
        # get mamba running on 3xP40", state-spaces/mamba#85)
        aliases=("mamba",),
        built=_MAMBA_BUILT,
    ),
    # Dao-AILab/causal-conv1d@0d2252d: README.md ("Causal depthwise conv1d in CUDA",
    # "Additional Prerequisites for AMD cards") names no system; setup.py builds only a
    # CUDAExtension, with nvcc (CUDA 11.6+) or hipcc (ROCm 6.0+), and names linux and win_amd64
    # wheels: no build on macOS, where there is neither.
    _row(
        "causal-conv1d",
        ("causal-conv1d", "causal_conv1d"),
        ("causal_conv1d",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA 11.6+) and AMD GPUs (ROCm 6.0+), built with nvcc or hipcc",
        "https://github.com/Dao-AILab/causal-conv1d/blob/main/setup.py",
        "transformers' Mamba models, whose slow path runs without causal-conv1d's kernels",
        at="Dao-AILab/causal-conv1d@0d2252d setup.py",
        built=_CAUSAL_CONV1D_BUILT,
    ),
    # thu-ml/SageAttention@d1a57a5 README.md "Installation": python>=3.9, torch>=2.3.0,
    # triton>=3.0.0, CUDA >=12.0 for Ampere (12.3/12.4 fp8 on Hopper/Ada, 12.8 Blackwell);
    # SageAttention V1 (sageattention==1.0.6) is its Triton kernels. No system is named: its
    # setup.py raises "CUDA must be available to build the package" without CUDA_HOME, and
    # Triton's own README lists Linux only (no macOS build of either). AMD GPUs are not named
    # and not excluded for V1's Triton kernels: "in theory" where Triton runs, untested (its
    # maintainer, thu-ml/SageAttention#20). Linux by Triton's README; Windows named by neither:
    # unknown (s15-support).
    _row(
        "SageAttention",
        ("sageattention",),
        ("sageattention", "sageattn3"),
        _GPU,
        _NV_AMD_LINUX,
        "NVIDIA GPUs (Ampere, Ada, Hopper, Blackwell) with CUDA 12, and SageAttention 1's "
        "Triton kernels where Triton runs",
        "https://github.com/thu-ml/SageAttention#installation",
        _SDPA,
        unknown=(WINDOWS,),
        at="thu-ml/SageAttention@d1a57a5 README.md",
        aliases=("Sage Attention",),
    ),
    # triton-lang/triton@0112e82 README.md "Compatibility": Supported Platforms: Linux;
    # Supported Hardware: NVIDIA GPUs (Compute Capability 8.0+), AMD GPUs (ROCm). On Windows
    # the `triton` module is the triton-windows project's (the next row), so a frame of it
    # there is no refusal of the system.
    _row(
        "Triton",
        ("triton", "pytorch-triton-rocm", "pytorch-triton"),
        ("triton",),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm) on Linux; on Windows, the triton-windows "
        "project's build",
        "https://github.com/triton-lang/triton#compatibility",
        at="triton-lang/triton@0112e82 README.md",
    ),
    # woct0rdho/triton-windows@66361c0 README.md "What's supported": "Windows 10 and 11",
    # "Nvidia GPU is supported", AMD GPUs "beginning to add support" (not excluded: unknown).
    _row(
        "triton-windows",
        ("triton-windows",),
        (),
        (_CUDA,),
        (WINDOWS,),
        "NVIDIA GPUs on Windows 10 and 11 (AMD GPUs being added)",
        "https://github.com/woct0rdho/triton-windows#whats-supported",
        unknown=(_ROCM,),
        at="woct0rdho/triton-windows@66361c0 README.md",
    ),
    # vllm-project/vllm docs/getting_started/installation: README.md@010f1fc lists GPU (NVIDIA
    # CUDA, AMD ROCm, Intel XPU) and CPU (x86, AArch64, Apple silicon, IBM Z), other hardware
    # by plugins; gpu.md@0847a95 "Requirements": "OS: Linux", "vLLM does not support Windows
    # natively" (WSL); cpu.md: Apple silicon as a CPU build from source; gpu.apple.inc.md:
    # Apple GPUs by the vLLM-Metal plugin.
    _row(
        "vLLM",
        ("vllm",),
        ("vllm",),
        (_CUDA, _ROCM, _XPU, _MPS, _CPU),
        (LINUX, MACOS),
        "Linux with NVIDIA, AMD or Intel GPUs or CPUs (other accelerators by plugins); macOS "
        "on Apple silicon (a CPU build from source, its GPU by the vLLM-Metal plugin); "
        "not Windows natively",
        "https://docs.vllm.ai/en/latest/getting_started/installation/",
        # issue 38 (s18-since): "vLLM 0.2.4 onwards supports model inferencing and serving on
        # AMD GPUs with ROCm" (docs/source/getting_started/amd-installation.rst,
        # https://docs.vllm.ai/en/v0.4.0.post1/getting_started/amd-installation.html)
        since=((_ROCM, "0.2.4"),),
        at="vllm-project/vllm@010f1fc docs/getting_started/installation",
        built=_VLLM_BUILT,
        # issue 38 (s21-names): "other hardware by plugins" (README.md@010f1fc; the hardware
        # plugin RFC, vllm-project/vllm#11162): Sophgo's TPU plugin was added to its docs by
        # vllm-project/vllm#30949, so another vendor's accelerator is no refusal
        plugins=True,
    ),
    # deepspeedai/DeepSpeed@edaa722 README.md "Requirements": nvcc or hipcc, NVIDIA Pascal to
    # Hopper, AMD MI100/MI200; "Contributed HW support": Ascend NPU (npu), Gaudi 2 (hpu), Xeon
    # (cpu), Data Center GPU Max (xpu); "Windows": many features (build_win.bat). No system is
    # named otherwise and none excluded (setup.py builds no op by default off Windows; the
    # package has an mps accelerator): macOS, and Linux, which its README does not name
    # either, are unknown (s15-support), never a refusal.
    _row(
        "DeepSpeed",
        ("deepspeed",),
        ("deepspeed",),
        (_CUDA, _ROCM, _XPU, _NPU, _HPU, _CPU),
        (WINDOWS,),
        "NVIDIA or AMD GPUs, Intel Xeon CPUs and Data Center GPUs, Gaudi 2 and Ascend NPUs; "
        "many features on Windows",
        "https://github.com/deepspeedai/DeepSpeed#installation",
        unknown=(LINUX, MACOS),
        # issue 38 (s18-since), README.md at deepspeedai/DeepSpeed's tags: "On Windows you can
        # build wheel" first at v0.4.1 (3b6898449); "[2022/03/21] Supporting efficient large
        # model training on AMD Instinct GPUs" at v0.6.1 (ebbcfd527); "[2023/11] Llama 2
        # Inference on 4th Gen Intel Xeon Scalable Processor with DeepSpeed" at v0.12.4
        # (7122362fb); "Contributed HW support" (Gaudi 2 hpu, Xeon cpu, Data Center GPU Max xpu)
        # at v0.14.1 (e3d873a00), its Huawei Ascend NPU row at v0.14.2 (5f631abc2)
        since=(
            (WINDOWS, "0.4.1"),
            (_ROCM, "0.6.1"),
            (_CPU, "0.12.4"),
            (_HPU, "0.14.1"),
            (_XPU, "0.14.1"),
            (_NPU, "0.14.2"),
        ),
        released=(
            ("0.4.1", "2021-06-21"),
            ("0.6.1", "2022-03-23"),
            ("0.12.4", "2023-11-30"),
            ("0.14.1", "2024-04-15"),
            ("0.14.2", "2024-04-23"),
        ),
        at="deepspeedai/DeepSpeed@edaa722 README.md",
    ),
    # AutoGPTQ/AutoGPTQ@9f7d370 README.md "Installation": "AutoGPTQ is available on Linux and
    # Windows only"; wheels for CUDA 11.8/12.1 and ROCm 5.7; "On Intel Gaudi 2 systems": a
    # source build with BUILD_CUDA_EXT=0.
    _row(
        "AutoGPTQ",
        ("auto-gptq", "auto_gptq"),
        ("auto_gptq", "autogptq_cuda_64"),
        (_CUDA, _ROCM, _HPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) and AMD GPUs (ROCm), Intel Gaudi 2 from source; Linux and Windows only",
        "https://github.com/AutoGPTQ/AutoGPTQ#installation",
        "GPTQModel, AutoGPTQ's successor, whose documentation lists CPUs and Apple silicon",
        at="AutoGPTQ/AutoGPTQ@9f7d370 README.md",
        # issue 38 (s16-subject): its other compiled module, as an error line names it
        # ("name 'autogptq_cuda_256' is not defined", PromtEngineer/localGPT#145)
        aliases=("autogptq_cuda_256",),
    ),
    # casper-hansen/AutoAWQ@88e4c76 README.md "Install" › "Prerequisites": NVIDIA compute
    # capability 7.5+ (CUDA 11.8+), AMD (ROCm compatible with Triton), Intel CPU and GPU;
    # setup.py "platforms": ["linux", "windows"]; its notice names MLX-LM for Macs.
    _row(
        "AutoAWQ",
        ("autoawq",),
        ("awq", "awq_ext"),
        (_CUDA, _ROCM, _XPU, _CPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (compute capability 7.5+), AMD GPUs, Intel CPUs and GPUs, on Linux and "
        "Windows",
        "https://github.com/casper-hansen/AutoAWQ#install",
        "llm-compressor (vLLM's, AutoAWQ's successor); on a Mac, MLX-LM, as AutoAWQ's README "
        "names them",
        # issue 38 (s18-since), README.md at casper-hansen/AutoAWQ's tags: "Your ROCm version must
        # be ROCm 5.6 or later" first at v0.2.0 (d831102); "Intel CPU and Intel GPU" first at
        # v0.2.7 (39f6334)
        since=((_ROCM, "0.2.0"), (_CPU, "0.2.7"), (_XPU, "0.2.7")),
        released=(("0.2.0", "2024-02-15"), ("0.2.7", "2024-11-16")),
        at="casper-hansen/AutoAWQ@88e4c76 README.md, setup.py",
    ),
    # turboderp-org/exllamav2@da07fac README.md: a source install needs "the CUDA Toolkit and
    # either gcc on Linux or (Build Tools for) Visual Studio on Windows"; setup.py builds one
    # CUDAExtension (HIP flags where torch is a ROCm build): no build on macOS.
    _row(
        "ExLlamaV2",
        ("exllamav2",),
        ("exllamav2", "exllamav2_ext"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs with the CUDA Toolkit on Linux and Windows (its extension also builds "
        "for ROCm)",
        "https://github.com/turboderp-org/exllamav2#installation",
        at="turboderp-org/exllamav2@da07fac README.md, setup.py",
        built=_EXLLAMAV2_BUILT,
    ),
    # OpenNMT/CTranslate2@0d8bcd3 docs/installation.md: wheels for Linux (x86-64, AArch64),
    # macOS (x86-64, ARM64), Windows (x86-64), GPU execution in the Linux and Windows wheels
    # (CUDA 12); docs/hardware_support.md: x86-64 and AArch64 CPUs, NVIDIA GPUs; CHANGELOG.md
    # v4.7.0: "Introduce AMD GPU support with ROCm HIP (#1989)" (a WITH_HIP build).
    _row(
        "CTranslate2",
        ("ctranslate2",),
        ("ctranslate2",),
        (_CPU, _CUDA, _ROCM),
        _EVERY,
        "CPUs (x86-64, AArch64) on Linux, Windows and macOS, NVIDIA GPUs (CUDA 12) on Linux "
        "and Windows, and AMD GPUs (ROCm HIP) from 4.7.0",
        "https://opennmt.net/CTranslate2/installation.html",
        'device="cpu" (CTranslate2\'s CPU path) on a GPU it does not drive',
        # issue 38 (s18-since), OpenNMT/CTranslate2@0d8bcd3 CHANGELOG.md: v1.17.0 (2021-01-11)
        # "Publish Python wheels for macOS (CPU only)", v2.8.0 (2021-11-15) "Build Python wheels
        # for Windows", v4.7.0 (2026-02-03) ROCm. (v2.16.0's "Build ARM64 wheels for macOS" is an
        # architecture the table does not key.)
        since=((MACOS, "1.17.0"), (WINDOWS, "2.8.0"), (_ROCM, "4.7.0")),
        released=(("1.17.0", "2021-01-11"), ("2.8.0", "2021-11-15"), ("4.7.0", "2026-02-03")),
        at="OpenNMT/CTranslate2@0d8bcd3 docs/installation.md, CHANGELOG.md",
    ),
    # SYSTRAN/faster-whisper@65882ee README.md "Requirements": CPU, and "GPU execution requires"
    # NVIDIA's cuBLAS and cuDNN 9 for CUDA 12; no system excluded.
    _row(
        "faster-whisper",
        ("faster-whisper", "faster_whisper"),
        ("faster_whisper",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs, and NVIDIA GPUs through CTranslate2 (CUDA 12, cuDNN 9)",
        "https://github.com/SYSTRAN/faster-whisper#requirements",
        'device="cpu" on a GPU CTranslate2 does not drive',
        at="SYSTRAN/faster-whisper@65882ee README.md",
    ),
    # NVIDIA/apex@6424da3 README.md "Installation": "Linux" and "[Experimental] Windows";
    # setup.py runs nvcc from CUDA_HOME for every build (no macOS build). AMD GPUs: ROCm's
    # variant, the same apex package (ROCm/apex@07e3807 README.md).
    _row(
        "apex",
        ("apex",),
        ("apex", "amp_C", "fused_layer_norm_cuda"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux, Windows experimental; AMD GPUs through ROCm's variant",
        "https://github.com/NVIDIA/apex#installation",
        "torch's own torch.amp and fused optimizers (torch.optim's fused=True)",
        at="NVIDIA/apex@6424da3 README.md",
    ),
    # NVIDIA/TensorRT@a892d222 README.md "Build › Downloading TensorRT Build": the GA build
    # for Linux x86_64 and Windows x86_64 (CUDA 12.9/13.3), and Jetson (aarch64 Linux)
    # builds; no macOS. Torch-TensorRT (pytorch/TensorRT@00c66e6e README.md "Platform
    # Support"): Linux AMD64 and aarch64 GPU supported, Windows GPU "Official support coming
    # soon" at that commit; Windows is kept for both (TensorRT's own builds list it, and a
    # doubt stays quiet).
    _row(
        "TensorRT",
        ("tensorrt", "torch-tensorrt", "torch_tensorrt"),
        ("tensorrt", "torch_tensorrt"),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux and Windows",
        "https://github.com/NVIDIA/TensorRT#build",
        at="NVIDIA/TensorRT@a892d222 README.md; pytorch/TensorRT@00c66e6e README.md",
        aliases=("Torch-TensorRT",),
    ),
    # microsoft/onnxruntime@009fd8d0 docs/install/index.md (onnxruntime.ai's page): the
    # "Inference install table" names onnxruntime-gpu as the GPU (CUDA/TensorRT) package,
    # DirectML, OpenVINO, ROCm (a source build) other packages or builds; "Requirements ›
    # CUDA and CuDNN" sets up CUDA and cuDNN on Linux and Windows only.
    _row(
        "onnxruntime-gpu",
        ("onnxruntime-gpu",),
        (),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows",
        "https://onnxruntime.ai/docs/install/",
        "the onnxruntime package (CPU) or the execution provider of this machine's accelerator",
        at="microsoft/onnxruntime@009fd8d0 docs/install/index.md",
    ),
    # cupy/cupy@6b6d9563 docs/source/install.rst: "Installing CuPy from PyPI" (wheels for
    # Linux and Windows), "Using CuPy on AMD GPU (experimental)" (ROCm, Linux); its source
    # build refuses any other system (install/cupy_builder/_preflight.py, preflight_check:
    # sys.platform not in ('linux', 'win32') → "macOS is no longer supported").
    _row(
        "CuPy",
        ("cupy", "cupy-cuda11x", "cupy-cuda12x", "cupy-cuda13x", "cupy-rocm-6-0"),
        ("cupy", "cupy_backends"),
        _GPU,
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows, AMD GPUs (ROCm, experimental) on Linux; "
        "not macOS",
        "https://docs.cupy.dev/en/stable/install.html",
        at="cupy/cupy@6b6d9563 docs/source/install.rst",
    ),
    # cpm_kernels (the int4/int8 kernels of the ChatGLM family's quantized models) loads the
    # CUDA toolkit's libraries (nvrtc, cublas, cudart) through ctypes; its loader knows Linux
    # and Windows only (OpenBMB/cpm_kernels@277a0edd cpm_kernels/library/base.py, Lib.__init__:
    # else `raise RuntimeError("Unknown platform: %s" % sys.platform)`); its README: "CUDA
    # Kernels for cpm". ChatGLM-6B's README runs the unquantized model on a Mac's GPU and says
    # its quantized GPU kernels are CUDA's, unusable on macOS (THUDM/ChatGLM-6B@401bf3a8
    # README.md "Mac 部署"; zai-org/ChatGLM-6B#899).
    _row(
        "cpm_kernels",
        ("cpm-kernels", "cpm_kernels"),
        ("cpm_kernels",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows",
        "https://github.com/OpenBMB/cpm_kernels/blob/master/cpm_kernels/library/base.py",
        "the unquantized model (ChatGLM-6B's README runs it on a Mac's GPU with .to(\"mps\"))",
        at="OpenBMB/cpm_kernels@277a0edd cpm_kernels/library/base.py",
    ),
    # linkedin/Liger-Kernel@ead96b61 README.md "Installation › Dependencies": CUDA, ROCm and
    # Ascend NPU (torch_npu, triton-ascend); setup.py get_platform/get_default_dependencies
    # also installs for Intel XPU. Neither names a system: all three unknown (a doubt stays
    # quiet); a machine with none of these accelerators is what the row refuses.
    _row(
        "Liger-Kernel",
        ("liger-kernel", "liger_kernel"),
        ("liger_kernel",),
        (_CUDA, _ROCM, _XPU, _NPU),
        (),
        "NVIDIA (CUDA) and AMD (ROCm) GPUs, Ascend NPUs, and Intel XPUs (its setup.py)",
        "https://github.com/linkedin/Liger-Kernel#installation",
        unknown=_EVERY,
        at="linkedin/Liger-Kernel@ead96b61 README.md, setup.py",
        aliases=("Liger Kernel",),
    ),
    # flashinfer-ai/flashinfer@fb28d724 docs/installation.rst "Prerequisites": "OS: Linux
    # only", CUDA 12.9/13.0/13.4; README.md "GPU Support": SM 7.5 (Turing) to SM 12.x.
    _row(
        "FlashInfer",
        ("flashinfer-python", "flashinfer"),
        ("flashinfer",),
        (_CUDA,),
        _NV_AMD_LINUX,
        "NVIDIA GPUs (sm75 or newer) on Linux",
        "https://docs.flashinfer.ai/installation.html",
        at="flashinfer-ai/flashinfer@fb28d724 docs/installation.rst",
    ),
    # nunchaku-tech/nunchaku@3a3cc3d0 docs/source/installation/installation.rst: wheels and
    # builds for Linux and Windows (CUDA >= 12.2 on Linux, >= 12.6 on Windows; a Windows
    # setup guide), GPU architectures sm_75, sm_80, sm_86, sm_89, sm_120.
    _row(
        "nunchaku",
        ("nunchaku",),
        ("nunchaku",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Turing to Blackwell) on Linux and Windows",
        "https://nunchaku.tech/docs/nunchaku/installation/installation.html",
        at="nunchaku-tech/nunchaku@3a3cc3d0 docs/source/installation/installation.rst",
    ),
    # traveller59/spconv@263d6b47 README.md "Install": prebuilt CUDA binaries for Linux
    # (manylinux) and Windows 10/11, `pip install spconv` "for CPU only (Linux Only)"; source
    # builds for Linux and Windows. No macOS.
    _row(
        "spconv",
        ("spconv", "spconv-cu118", "spconv-cu120", "spconv-cu121", "spconv-cu124"),
        ("spconv", "cumm"),
        (_CUDA, _CPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux and Windows, CPUs on Linux",
        "https://github.com/traveller59/spconv#install",
        at="traveller59/spconv@263d6b47 README.md",
    ),
    # NVIDIAGameWorks/kaolin@d52da9f8 docs/notes/installation.rst "Requirements": "Linux,
    # Windows, or macOS (CPU-only)"; full functionality needs an NVIDIA GPU with CUDA, a
    # CPU-only install has a fraction of the operations.
    _row(
        "Kaolin",
        ("kaolin",),
        ("kaolin",),
        (_CUDA, _CPU),
        _EVERY,
        "NVIDIA GPUs (CUDA) on Linux and Windows, and a CPU-only install (a fraction of its "
        "operations) on Linux, Windows or macOS",
        "https://kaolin.readthedocs.io/en/latest/notes/installation.html",
        at="NVIDIAGameWorks/kaolin@d52da9f8 docs/notes/installation.rst",
    ),
    # facebookresearch/pytorch3d@9381c401 INSTALL.md "Requirements › Core library": "Linux or
    # macOS or Windows"; CUDA implementations, a subset with CPU implementations.
    _row(
        "PyTorch3D",
        ("pytorch3d",),
        ("pytorch3d",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs and NVIDIA GPUs (CUDA) on Linux, macOS and Windows",
        "https://github.com/facebookresearch/pytorch3d/blob/main/INSTALL.md",
        at="facebookresearch/pytorch3d@9381c401 INSTALL.md",
    ),
    # rusty1s/pytorch_scatter@648dda3c and rusty1s/pytorch_sparse@91feaa5e README.md
    # "Installation": wheels for `cpu` on Linux, Windows and macOS, `cuXXX` on Linux and
    # Windows.
    _row(
        "torch-scatter",
        ("torch-scatter", "torch_scatter", "torch-sparse", "torch_sparse"),
        ("torch_scatter", "torch_sparse"),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs and NVIDIA GPUs (CUDA) on Linux, Windows and macOS",
        "https://github.com/rusty1s/pytorch_scatter#installation",
        at="rusty1s/pytorch_scatter@648dda3c README.md",
    ),
    # dmlc/decord@d2e56190 README.md "Install via pip": Linux, Mac OS >= 10.12 and Windows,
    # "only CPU versions are provided with PYPI"; "Install from source › Linux": NVDEC
    # decoding with -DUSE_CUDA=ON.
    _row(
        "decord",
        ("decord",),
        ("decord",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, Windows and macOS, NVIDIA GPU decoding from source on Linux",
        "https://github.com/dmlc/decord#installation",
        at="dmlc/decord@d2e56190 README.md",
    ),
    # abetlen/llama-cpp-python@3691546f README.md "Installation" (compilers for Linux, Windows,
    # MacOS; a CPU wheel) and "Supported Backends": OpenBLAS (CPU), CUDA, Metal, HIP (ROCm),
    # Vulkan, SYCL.
    _row(
        "llama-cpp-python",
        ("llama-cpp-python", "llama_cpp_python"),
        ("llama_cpp",),
        (_CPU, _CUDA, _ROCM, _MPS, _XPU),
        _EVERY,
        "CPUs, NVIDIA (CUDA), AMD (hipBLAS), Apple (Metal) and Intel (SYCL) GPUs on Linux, "
        "Windows and macOS",
        "https://github.com/abetlen/llama-cpp-python#installation",
        # issue 38 (s18-since), at abetlen/llama-cpp-python's tags: docs/install/macos.md
        # (a3766591) "supports MacOS Metal GPU as of version 0.1.62" (v0.1.62, 74fbaae1);
        # README.md's "hipBLAS / ROCm support for AMD cards" first at v0.1.80 (9ab49bc1), its
        # "SYCL" section first at v0.2.37 (bf9e8249)
        since=((_MPS, "0.1.62"), (_ROCM, "0.1.80"), (_XPU, "0.2.37")),
        released=(("0.1.62", "2023-06-10"), ("0.1.80", "2023-08-26"), ("0.2.37", "2024-01-30")),
        at="abetlen/llama-cpp-python@3691546f README.md",
    ),
    # ModelCloud/GPTQModel@f4c327a1 README.md "Platform and HW Support": Linux (NVIDIA GPU,
    # AMD GPU, Huawei Ascend NPU, Intel XPU, Intel/AMD CPU), macOS (Apple silicon GPU/CPU),
    # Windows (NVIDIA GPU, CPU); Ascend from 7.0.0 (its news line for 7.0.0).
    _row(
        "GPTQModel",
        ("gptqmodel",),
        ("gptqmodel",),
        (_CPU, _CUDA, _ROCM, _XPU, _MPS, _NPU),
        _EVERY,
        "NVIDIA and AMD GPUs, Ascend NPUs, Intel GPUs and CPUs, Apple silicon",
        "https://github.com/ModelCloud/GPTQModel#platform-and-hw-support",
        since=((_NPU, "7.0.0"),),
        at="ModelCloud/GPTQModel@f4c327a1 README.md",
    ),
    # pytorch/ao@36027d82 README.md "Installation" (CUDA, XPU and CPU-only indexes),
    # docs/source/workflows/index.md (NVIDIA CUDA, ROCm MI350x, Intel, edge), inference.md
    # (ARM CPU kernels, Apple silicon Macs) and contributing/contributor_guide.rst
    # (cpu/cuda/mps kernels); a subset of its workflows on each.
    _row(
        "torchao",
        ("torchao",),
        ("torchao",),
        (_CPU, _CUDA, _ROCM, _XPU, _MPS),
        _EVERY,
        "CPUs, NVIDIA, AMD and Intel GPUs, Apple silicon (a subset of its kernels on each)",
        "https://github.com/pytorch/ao#installation",
        # issue 38 (s18-since), README.md at pytorch/ao's tags: its table's "B200, MI350x GPUs"
        # first at v0.15.0 (9338966da); the "whl/xpu    # XPU" install line first at v0.16.0
        # (3c1065ca6)
        since=((_ROCM, "0.15.0"), (_XPU, "0.16.0")),
        released=(("0.15.0", "2025-12-16"), ("0.16.0", "2026-02-05")),
        at="pytorch/ao@36027d82 README.md, docs/source",
    ),
    # issue 38 (s15-support): the inference, serving, quantisation and application libraries
    # the neighbours' users run, read 2026-12-07 at the commit named beside each row.
    # InternLM/lmdeploy@1263d5cd8 docs/en/get_started/installation.md: "deployment on both
    # Linux and Windows platform, with minimum requirement of CUDA version 11.3", NVIDIA Volta
    # to Ada; "build LMDeploy with support for Ascend, Cambricon, or MACA" by
    # LMDEPLOY_TARGET_DEVICE, "also supports installation on AMD GPUs with ROCm" (a Linux
    # docker image). The releases each came in, from the tags holding the first commit that
    # says so: README.md "[2024/09] ... adds support for Huawei Ascend" (v0.6.0),
    # docs/en/get_started/camb/get_started.md (v0.9.2), the ROCm paragraph (v0.10.1). macOS
    # is named nowhere (its maintainers: "developed on CUDA platform").
    _row(
        "LMDeploy",
        ("lmdeploy",),
        ("lmdeploy",),
        (_CUDA, _NPU, _MLU, _ROCM),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (Volta to Ada, CUDA 11.3+) on Linux and Windows; Huawei Ascend NPUs (from "
        "0.6.0), Cambricon MLUs (from 0.9.2) and AMD GPUs with ROCm (from 0.10.1) by their "
        "own builds",
        "https://lmdeploy.readthedocs.io/en/latest/get_started/installation.html",
        since=((_NPU, "0.6.0"), (_MLU, "0.9.2"), (_ROCM, "0.10.1")),
        at="InternLM/lmdeploy@1263d5cd8 docs/en/get_started/installation.md, README.md",
    ),
    # sgl-project/sglang@4d644f2b docs/get_started/install.md: "primarily applies to common
    # NVIDIA GPU platforms", other pages for "AMD GPUs, Intel Xeon CPUs, NVIDIA Jetson, Ascend
    # NPUs"; docs/platforms/cpu_server.md@9fc56c2e: Xeon CPUs with AMX, a build whose
    # LD_PRELOAD of .so libraries and libnuma are Linux's; docs/platforms/apple_metal.md
    # @8d6081b1: "run SGLang on Apple Silicon using Metal (MLX)", from source. No page read
    # names Windows (left unknown); its Intel GPU, TPU, Cambricon and Moore Threads pages were
    # not read (unknown).
    _row(
        "SGLang",
        ("sglang", "sgl-kernel", "sgl_kernel"),
        ("sglang", "sgl_kernel"),
        (_CUDA, _ROCM, _CPU, _NPU, _MPS),
        (LINUX, MACOS),
        "NVIDIA GPUs, AMD GPUs, Intel Xeon CPUs (AMX) and Ascend NPUs, and Apple silicon by "
        "Metal (MLX) from source",
        "https://docs.sglang.ai/get_started/install.html",
        unknown=(WINDOWS, _XPU, _TPU, _MLU, _MUSA),
        at="sgl-project/sglang@4d644f2b docs/get_started/install.md; docs/platforms",
    ),
    # NVIDIA/TensorRT-LLM@141006be docs/source/installation/installation-guide.md: containers,
    # "Install on Linux via pip" (Ubuntu 24.04), a build from source; installation/index.rst
    # @ccf7d422 lists those three (Linux); docs/source/installation/windows.md@ab04f41b, the
    # last Windows page: "The Windows release of TensorRT-LLM is currently in beta. We
    # recommend checking out the v0.12.0 tag", `pip install tensorrt_llm==0.12.0`. NVIDIA GPUs
    # only (its supported-hardware page).
    _row(
        "TensorRT-LLM",
        ("tensorrt-llm", "tensorrt_llm"),
        ("tensorrt_llm",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux (its Windows release, in beta, up to 0.12.0)",
        "https://nvidia.github.io/TensorRT-LLM/installation/index.html",
        until=((WINDOWS, "0.12.0"),),
        at="NVIDIA/TensorRT-LLM@141006be docs/source/installation; windows.md@ab04f41b",
        aliases=("TRT-LLM", "TensorRT LLM", "trtllm"),
    ),
    # mlc-ai/mlc-llm@79d603f0 README.md (its platform table): AMD GPUs (Vulkan, ROCm) and
    # NVIDIA GPUs (Vulkan, CUDA) on Linux and Windows, Apple GPUs and AMD/Intel GPUs by Metal on
    # macOS, Intel GPUs by Vulkan; docs/install/mlc_llm.rst: prebuilt packages for Linux (CPU,
    # CUDA, ROCm, Vulkan), macOS (CPU + Metal) and Windows (CPU + Vulkan). Running a model on
    # the CPU is not in the table (unknown).
    _row(
        "MLC-LLM",
        ("mlc-llm", "mlc_llm", "mlc-llm-nightly", "mlc-llm-nightly-cpu"),
        ("mlc_llm",),
        (_CUDA, _ROCM, _MPS, _XPU),
        _EVERY,
        "NVIDIA and AMD GPUs (CUDA, ROCm, Vulkan) and Intel GPUs (Vulkan) on Linux and Windows, "
        "Apple, AMD and Intel GPUs by Metal on macOS",
        "https://llm.mlc.ai/docs/install/mlc_llm.html",
        unknown=(_CPU,),
        at="mlc-ai/mlc-llm@79d603f0 README.md, docs/install/mlc_llm.rst",
        aliases=("MLC LLM",),
    ),
    # intel/ipex-llm@de6bce27 README.md: "an LLM acceleration library for Intel GPU (e.g., local
    # PC with iGPU, discrete GPU such as Arc, Flex and Max), NPU and CPU" (archived);
    # python/llm/setup.py builds for "Windows" or "Linux" only (its binaries per platform).
    _row(
        "ipex-llm",
        ("ipex-llm", "ipex_llm", "bigdl-llm"),
        ("ipex_llm",),
        (_XPU, _CPU),
        _LINUX_WINDOWS,
        "Intel GPUs (integrated, Arc, Flex, Max), Intel NPUs and CPUs, on Linux and Windows",
        "https://github.com/intel/ipex-llm#readme",
        at="intel/ipex-llm@de6bce27 README.md, python/llm/setup.py",
        aliases=("IPEX-LLM", "BigDL-LLM"),
    ),
    # huggingface/optimum-quanto@e33f820 README.md: "quantized models can be placed on any
    # device (including CUDA and MPS)", "accelerated matrix multiplications on CUDA devices";
    # the other accelerators are not named (unknown).
    _row(
        "optimum-quanto",
        ("optimum-quanto", "quanto"),
        ("quanto",),
        (_CPU, _CUDA, _MPS),
        _EVERY,
        "any device torch has, CUDA and MPS named (its accelerated kernels on CUDA)",
        "https://github.com/huggingface/optimum-quanto#readme",
        unknown=(_ROCM, _XPU),
        at="huggingface/optimum-quanto@e33f820 README.md",
        aliases=("Quanto", "optimum quanto"),
    ),
    # intel/intel-extension-for-pytorch@6d3ba89c README.md: "Intel CPU and GPU platforms" (CPU
    # on its main branch, GPU on xpu-main); xpu-main@d0f992ff docs/tutorials/releases.md,
    # 2.1.10+xpu: "Intel Arc A-Series Graphics on WSL2, native Windows and native Linux are
    # officially supported in this release". macOS is named nowhere.
    _row(
        "Intel Extension for PyTorch",
        ("intel-extension-for-pytorch", "intel_extension_for_pytorch"),
        ("intel_extension_for_pytorch",),
        (_CPU, _XPU),
        _LINUX_WINDOWS,
        "Intel CPUs and Intel GPUs (Arc, Flex, Max, integrated) on Linux, and on Windows from "
        "2.1.10+xpu",
        "https://github.com/intel/intel-extension-for-pytorch#readme",
        since=((WINDOWS, "2.1.10"),),
        at="intel/intel-extension-for-pytorch@6d3ba89c README.md; xpu-main@d0f992ff "
        "docs/tutorials/releases.md",
        aliases=("IPEX",),
    ),
    # microsoft/DirectML@a9614e8 PyTorch/README.md: torch-directml runs "on a wide range of
    # DirectX 12-compatible hardware", "all DirectX 12-capable GPUs from vendors such as AMD,
    # Intel, NVIDIA, and Qualcomm"; "supported on both the latest versions of Windows and the
    # Windows Subsystem for Linux" (a Linux of its own is not named: unknown).
    _row(
        "torch-directml",
        ("torch-directml", "torch_directml", "pytorch-directml"),
        ("torch_directml",),
        (_CUDA, _ROCM, _XPU),
        (WINDOWS,),
        "DirectX 12 GPUs (AMD, Intel, NVIDIA, Qualcomm) on Windows and under WSL 2",
        "https://github.com/microsoft/DirectML/tree/master/PyTorch",
        unknown=(LINUX,),
        at="microsoft/DirectML@a9614e8 PyTorch/README.md",
    ),
    # microsoft/onnxruntime@eb45535b docs/execution-providers/DirectML-ExecutionProvider.md:
    # "DirectML is a high-performance, hardware-accelerated DirectX 12 library for machine
    # learning on Windows"; "requires a DirectX 12 capable device": NVIDIA Kepler, AMD GCN 1st
    # Gen, Intel Haswell graphics, Qualcomm Adreno 600 and above; "introduced in Windows 10,
    # version 1903".
    _row(
        "onnxruntime-directml",
        ("onnxruntime-directml",),
        (),
        (_CUDA, _ROCM, _XPU),
        (WINDOWS,),
        "DirectX 12 GPUs (NVIDIA Kepler, AMD GCN, Intel Haswell graphics, Qualcomm Adreno 600 "
        "and newer) on Windows 10 1903 and newer",
        "https://onnxruntime.ai/docs/execution-providers/DirectML-ExecutionProvider.html",
        "the onnxruntime package (CPU), or onnxruntime-gpu / onnxruntime-rocm for this "
        "machine's GPU",
        at="microsoft/onnxruntime@eb45535b docs/execution-providers/DirectML-ExecutionProvider.md",
    ),
    # microsoft/onnxruntime@2f66a506 docs/execution-providers/OpenVINO-ExecutionProvider.md:
    # "Accelerate ONNX models on Intel CPUs, GPUs"; "Python wheels Ubuntu/Windows:
    # onnxruntime-openvino".
    _row(
        "onnxruntime-openvino",
        ("onnxruntime-openvino",),
        (),
        (_CPU, _XPU),
        _LINUX_WINDOWS,
        "Intel CPUs and GPUs, its wheels for Ubuntu and Windows",
        "https://onnxruntime.ai/docs/execution-providers/OpenVINO-ExecutionProvider.html",
        at="microsoft/onnxruntime@2f66a506 docs/execution-providers/OpenVINO-ExecutionProvider.md",
    ),
    # NVIDIA/TransformerEngine@d0067d0d README.rst "System Requirements": "Hardware: Blackwell,
    # Hopper, Grace Hopper/Blackwell, Ada, Ampere"; "OS: Linux (official), WSL2 (limited
    # support)"; CUDA 12.1+, cuDNN 9.3+.
    _row(
        "Transformer Engine",
        (
            "transformer-engine",
            "transformer_engine",
            "transformer-engine-torch",
            "transformer_engine_torch",
            "transformer-engine-cu12",
        ),
        ("transformer_engine", "transformer_engine_torch"),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs (Ampere, Ada, Hopper, Blackwell) on Linux (WSL2 with limited support)",
        "https://github.com/NVIDIA/TransformerEngine#installation",
        at="NVIDIA/TransformerEngine@d0067d0d README.rst",
        aliases=("TransformerEngine",),
    ),
    # facebookresearch/detectron2@02b5c4e2 INSTALL.md "Requirements": "Linux or macOS with
    # Python ≥ 3.7"; "Most models can run inference (but not training) without GPU support";
    # Windows: "continuously built on windows with CircleCI. However we do not provide official
    # support for it" (neither listed nor excluded: unknown).
    _row(
        "detectron2",
        ("detectron2",),
        ("detectron2",),
        (_CPU, _CUDA),
        (LINUX, MACOS),
        "Linux or macOS, NVIDIA GPUs (CUDA) and CPUs (inference); Windows built in its CI "
        "without official support",
        "https://github.com/facebookresearch/detectron2/blob/main/INSTALL.md",
        unknown=(WINDOWS,),
        at="facebookresearch/detectron2@02b5c4e2 INSTALL.md",
    ),
    # huggingface/text-generation-inference@db931fcf README.md "Hardware support": Nvidia, AMD
    # (-rocm), Inferentia, Intel GPU, Gaudi, Google TPU; without GPUs "--disable-custom-kernels,
    # please note CPU is not the intended platform"; "Local install": protoc "On Linux" and "On
    # MacOS, using Homebrew". Windows is not named (unknown).
    _row(
        "text-generation-inference",
        ("text-generation-server",),
        ("text_generation_server",),
        (_CUDA, _ROCM, _NEURON, _XPU, _HPU, _TPU, _CPU),
        (LINUX, MACOS),
        "NVIDIA and AMD GPUs, Inferentia, Intel GPUs, Gaudi and Google TPUs (its images), CPUs "
        "(not its intended platform); a local install on Linux or macOS",
        "https://github.com/huggingface/text-generation-inference#hardware-support",
        unknown=(WINDOWS,),
        # issue 38 (s18-since), README.md at huggingface/text-generation-inference's tags: Habana
        # Gaudi "with Optimum Habana" first at v1.0.0 (3ef5ffbc64; gone from v1.1.1 to v1.4.0's
        # README, named again in v1.4.1's "Hardware support"); "TGI supports AMD Instinct MI210
        # and MI250" at v1.2.0 (ccd5725a0c); "Hardware support" with Inferentia and Intel GPU at
        # v1.4.1 (4139054b82); "Google TPU" at v2.0.2 (6073ece4fc)
        since=(
            (_HPU, "1.0.0"),
            (_ROCM, "1.2.0"),
            (_NEURON, "1.4.1"),
            (_XPU, "1.4.1"),
            (_TPU, "2.0.2"),
        ),
        released=(
            ("1.0.0", "2023-07-28"),
            ("1.2.0", "2023-11-30"),
            ("1.4.1", "2024-02-16"),
            ("2.0.2", "2024-05-01"),
        ),
        at="huggingface/text-generation-inference@db931fcf README.md",
        aliases=("TGI", "text generation inference"),
    ),
    # vllm-project/vllm-ascend@182b75ea README.md "Prerequisites": "Hardware: Atlas 800I A2
    # Inference series, Atlas A2 Training series, Atlas 800I A3 ..., Atlas 300I Duo
    # (Experimental)", "OS: Linux"; docs/source/installation.md "Requirements": "OS: Linux".
    _row(
        "vLLM Ascend",
        ("vllm-ascend", "vllm_ascend"),
        ("vllm_ascend",),
        (_NPU,),
        (LINUX,),
        "Huawei Ascend NPUs (Atlas A2 and A3, Atlas 300I Duo experimental) on Linux",
        "https://docs.vllm.ai/projects/ascend/en/latest/installation.html",
        at="vllm-project/vllm-ascend@182b75ea README.md, docs/source/installation.md",
    ),
    # turboderp-org/exllamav3@4f8ad01 README.md: PyTorch with "CUDA 12.4 or later"; a build
    # "requires the CUDA toolkit and build prerequisites (i.e. VS Build Tools on Windows, gcc
    # on Linux)"; "What's missing? ... ROCm support".
    _row(
        "ExLlamaV3",
        ("exllamav3",),
        ("exllamav3", "exllamav3_ext"),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA 12.4+) on Linux and Windows (ROCm is on its to-do list)",
        "https://github.com/turboderp-org/exllamav3#how-to",
        at="turboderp-org/exllamav3@4f8ad01 README.md",
    ),
    # NVlabs/tiny-cuda-nn@6ee3546 README.md "Requirements": "An NVIDIA GPU"; compilers and CUDA
    # for "Windows" (Visual Studio, CUDA 11.5+) and "Linux" (GCC 8+, CUDA 10.2+).
    _row(
        "tiny-cuda-nn",
        ("tinycudann",),
        ("tinycudann",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs with CUDA on Windows and Linux",
        "https://github.com/NVlabs/tiny-cuda-nn#requirements",
        at="NVlabs/tiny-cuda-nn@6ee3546 README.md",
        aliases=("tcnn",),
    ),
    # nerfstudio-project/gsplat@90d7b4b3 README.md: "CUDA accelerated rasterization of
    # gaussians", its install builds "the CUDA code"; docs/INSTALL_WIN.md: the Windows install.
    # No system is otherwise named (unknown).
    _row(
        "gsplat",
        ("gsplat",),
        ("gsplat",),
        (_CUDA,),
        (WINDOWS,),
        "NVIDIA GPUs (CUDA), a Windows install guide beside its PyPI package",
        "https://github.com/nerfstudio-project/gsplat#installation",
        unknown=(LINUX, MACOS),
        at="nerfstudio-project/gsplat@90d7b4b3 README.md, docs/INSTALL_WIN.md",
    ),
    # ml-explore/mlx@846d1762 README.md "Installation" and docs/src/install.rst: "Using Apple
    # silicon", "macOS >= 14.0"; "MLX has a CUDA backend" on Linux (first in README.md at
    # v0.27.1); "CPU-only (Linux)" (first at v0.26.5). Windows is not named in those docs; PyPI's
    # file list (compat/builds_table.txt, read 2026-12-07) has Windows wheels from 0.32.0.
    _row(
        "MLX",
        ("mlx",),
        ("mlx",),
        (_MPS, _CUDA, _CPU),
        _EVERY,
        "Apple silicon on macOS 14 and newer; on Linux NVIDIA GPUs (CUDA, from 0.27.1) and CPUs "
        "(from 0.26.5); Windows wheels on PyPI from 0.32.0",
        "https://ml-explore.github.io/mlx/build/html/install.html",
        since=((LINUX, "0.26.5"), (_CUDA, "0.27.1"), (WINDOWS, "0.32.0")),
        at="ml-explore/mlx@846d1762 README.md, docs/src/install.rst; PyPI's file list",
    ),
    # intel/auto-round@b9f3d007 README.md: installs for "CPU(Xeon)/GPU(CUDA)", "HPU(Gaudi)",
    # "XPU(Intel GPU)"; "torch.compile is enabled by default except on Windows" (Windows runs).
    # No other system is named (unknown).
    _row(
        "AutoRound",
        ("auto-round", "auto_round", "auto-round-hpu"),
        ("auto_round",),
        (_CPU, _CUDA, _HPU, _XPU),
        (WINDOWS,),
        "Intel Xeon CPUs, NVIDIA GPUs, Intel Gaudi and Intel GPUs",
        "https://github.com/intel/auto-round#installation",
        unknown=(LINUX, MACOS),
        at="intel/auto-round@b9f3d007 README.md",
    ),
    # oobabooga/text-generation-webui@1dcde41d README.md: portable builds "for Linux, Windows,
    # and macOS with CUDA, Vulkan, ROCm, and CPU-only options"; its torch table: NVIDIA and CPU
    # on Linux and Windows, AMD on Linux, "MacOS + MPS"; a docker setup for Intel GPUs.
    _row(
        "text-generation-webui",
        ("text-generation-webui",),
        (),
        (_CUDA, _ROCM, _MPS, _XPU, _CPU),
        _EVERY,
        "NVIDIA GPUs and CPUs on Linux and Windows, AMD GPUs on Linux, Apple silicon (MPS) on "
        "macOS, Intel GPUs by its docker setup",
        "https://github.com/oobabooga/text-generation-webui#installation",
        at="oobabooga/text-generation-webui@1dcde41d README.md",
        aliases=("oobabooga", "textgen-webui", "text generation webui"),
    ),
    # kvcache-ai/ktransformers@95009ea6 kt-kernel/README.md "Requirements": "Linux x86-64",
    # "CPU with AVX2 support", "Optional: NVIDIA GPU with compute capability 8.0+"; README.md
    # news: ROCm on AMD GPUs (Mar 2025), Intel Arc (May 2025), Ascend NPU (Oct 2025). Its 2024
    # news "Support windows native" against kt-kernel's Linux: Windows unknown.
    _row(
        "KTransformers",
        ("ktransformers", "kt-kernel", "kt_kernel"),
        ("ktransformers", "kt_kernel"),
        (_CPU, _CUDA, _ROCM, _XPU, _NPU),
        (LINUX,),
        "Linux x86-64 CPUs with AVX2, with NVIDIA GPUs (sm80+); AMD GPUs, Intel Arc and Ascend "
        "NPUs by its tutorials",
        "https://github.com/kvcache-ai/ktransformers/blob/main/kt-kernel/README.md",
        unknown=(WINDOWS,),
        at="kvcache-ai/ktransformers@95009ea6 kt-kernel/README.md, README.md",
    ),
    # comfyanonymous/ComfyUI@f23ea7e7 README.md "Installing": a Windows portable build "for
    # running on Nvidia GPUs or for running on your CPU only"; manual install on Windows and
    # Linux; "AMD GPUs (Linux only)" by ROCm; Intel GPUs by IPEX; "Apple Mac silicon";
    # "DirectML (AMD Cards on Windows)"; "Works even if you don't have a GPU with: --cpu".
    _row(
        "ComfyUI",
        ("comfyui",),
        (),
        (_CUDA, _ROCM, _XPU, _MPS, _CPU),
        _EVERY,
        "NVIDIA GPUs and CPUs on Windows and Linux, AMD GPUs (ROCm on Linux, DirectML on "
        "Windows), Intel GPUs, Apple silicon",
        "https://github.com/comfyanonymous/ComfyUI#installing",
        at="comfyanonymous/ComfyUI@f23ea7e7 README.md",
    ),
    # NVIDIA/DALI@b2b27106 docs/installation.rst "Prerequisites": "Linux x64", an NVIDIA driver
    # for CUDA 12.0 or later, the CUDA Toolkit.
    _row(
        "DALI",
        ("nvidia-dali", "nvidia-dali-cuda110", "nvidia-dali-cuda120", "nvidia-dali-cuda130"),
        (),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs on Linux x64",
        "https://docs.nvidia.com/deeplearning/dali/user-guide/docs/installation.html",
        at="NVIDIA/DALI@b2b27106 docs/installation.rst",
        aliases=("NVIDIA DALI",),
    ),
    # pytorch/xla@41398bff README.md: "connect the PyTorch deep learning framework and Cloud
    # TPUs"; "Installation › TPU": "in a new TPU VM", `torch_xla[tpu]`, its nightly wheels
    # `…-linux_x86_64.whl`. Only TPUs and their Linux VMs are named.
    _row(
        "PyTorch/XLA",
        ("torch-xla", "torch_xla"),
        ("torch_xla",),
        (_TPU, _XLA),
        (LINUX,),
        "Google Cloud TPUs, on their Linux TPU VMs",
        "https://github.com/pytorch/xla#installation",
        at="pytorch/xla@41398bff README.md",
    ),
    # huggingface/optimum-habana@1d8504c6 README.md: "the interface between the Transformers and
    # Diffusers libraries and Intel Gaudi AI Accelerators (HPU)"; "Gaudi Setup": Intel Gaudi's
    # installation guide and its Docker images. No system is named (unknown).
    _row(
        "optimum-habana",
        ("optimum-habana", "optimum_habana"),
        ("optimum_habana",),
        (_HPU,),
        (),
        "Intel Gaudi accelerators (HPU), set up by Intel Gaudi's installation guide",
        "https://github.com/huggingface/optimum-habana#gaudi-setup",
        unknown=_EVERY,
        at="huggingface/optimum-habana@1d8504c6 README.md",
        aliases=("Optimum Habana",),
    ),
    # huggingface/optimum-neuron@213224e6 README.md: "the interface between the Transformers
    # library and AWS Accelerators including AWS Trainium and AWS Inferentia"; "Make sure that
    # you have installed the Neuron driver and tools". No system is named (unknown).
    _row(
        "optimum-neuron",
        ("optimum-neuron", "optimum_neuron"),
        ("optimum_neuron",),
        (_NEURON,),
        (),
        "AWS Trainium and Inferentia, with the Neuron driver and tools",
        "https://github.com/huggingface/optimum-neuron#install",
        unknown=_EVERY,
        at="huggingface/optimum-neuron@213224e6 README.md",
        aliases=("Optimum Neuron",),
    ),
    # SHI-Labs/NATTEN@8c8729f docs/install.md: NVIDIA GPUs with its CUDA kernels, "If you're a
    # Linux user (or WSL)" (wheels), "a Windows user with NVIDIA GPUs, you can try to build
    # NATTEN from source with MSVC" (not regularly tested); "All non-NVIDIA GPU users can only
    # use our PyTorch (Flex Attention) backend", "as long as Flex Attention is supported on your
    # device" (those devices: unknown). macOS is not named (unknown).
    _row(
        "NATTEN",
        ("natten",),
        ("natten",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs with its CUDA kernels on Linux (Windows by an untested MSVC build); other "
        "devices only by its Flex Attention backend, where torch supports Flex Attention",
        "https://natten.org/install/",
        unknown=(MACOS, _ROCM, _XPU, _MPS, _CPU),
        at="SHI-Labs/NATTEN@8c8729f docs/install.md",
    ),
    # bitsandbytes by release, at bitsandbytes-foundation/bitsandbytes' tags: 0.42.0
    # (4870580f) README.md "only supported on Linux distributions. Windows is not supported";
    # 0.43.0 (48763245) docs/source/installation.mdx "only supported on CUDA GPUs", Linux and
    # Windows tabs, "MacOS support is still a work in progress"; 0.46.0 (1e54f912) README.md
    # "Accelerator support": CPU "Partial Support" on Linux and Windows, AMD, Intel GPU and
    # Gaudi "In Development", macOS "Future Roadmap"; 0.48.0 (406fb6aa) installation.mdx
    # "official support for NVIDIA GPUs, CPUs, Intel XPUs, and Intel Gaudi", "experimental
    # support … AMD ROCm"; 0.49.0 (26f0c7a9) installation.mdx "experimental support for … AMD
    # ROCm and Apple Silicon", README.md macOS CPU and Metal rows; 0.50.0 (c5d481be) "NVIDIA
    # GPUs, AMD GPUs, Intel XPUs, Apple Silicon, and Intel Gaudi". The multi-backend alpha
    # that 0.44.0-0.47.0's guides describe is a development branch's build (those guides:
    # "only supported on CUDA GPUs" / "primarily supports CUDA-based GPUs" for the release).
    # Its earlier releases' wrong-platform reports have findings of their own (bnb.* codes).
    _row(
        "bitsandbytes",
        ("bitsandbytes",),
        ("bitsandbytes",),
        (_CPU, _CUDA, _ROCM, _XPU, _HPU, _MPS),
        _EVERY,
        "NVIDIA GPUs on Linux, and on Windows from 0.43.0; CPUs (partially) from 0.46.0; "
        "Intel GPUs and Gaudi, and AMD GPUs (experimental), from 0.48.0; Apple silicon "
        "(experimental) from 0.49.0",
        "https://huggingface.co/docs/bitsandbytes/main/en/installation",
        since=(
            (WINDOWS, "0.43.0"),
            (MACOS, "0.49.0"),
            (_CPU, "0.46.0"),
            (_XPU, "0.48.0"),
            (_HPU, "0.48.0"),
            (_ROCM, "0.48.0"),
            (_MPS, "0.49.0"),
        ),
        at="bitsandbytes-foundation/bitsandbytes@c5d481be (0.50.0) and earlier tags",
        built=_BNB_BUILT,
    ),
    # issue 38 (s16-rows): the libraries the neighbours' users run beyond s15's, read
    # 2026-12-07 at the commit (or release) cited beside each row.
    # NVlabs/nvdiffrast@253ac4fc docs/index.html "Installation" › "Requirements": "Linux or
    # Windows operating system", "A high-end NVIDIA GPU with NVIDIA drivers", the CUDA toolkit
    # matching PyTorch; its maintainer: "cannot be used on platforms without CUDA support"
    # (NVlabs/nvdiffrast#186).
    _row(
        "nvdiffrast",
        ("nvdiffrast",),
        ("nvdiffrast",),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs with the CUDA toolkit, on Linux or Windows",
        "https://nvlabs.github.io/nvdiffrast/#installation",
        at="NVlabs/nvdiffrast@253ac4fc docs/index.html",
    ),
    # graphdeco-inria/diff-gaussian-rasterization@1e751edf setup.py: one CUDAExtension (.cu
    # sources, nvcc flags) and nothing else to build: NVIDIA GPUs; no system is named, and none
    # has a CUDA toolkit on macOS (the systems with one: unknown, never named).
    _row(
        "diff-gaussian-rasterization",
        ("diff-gaussian-rasterization", "diff_gaussian_rasterization"),
        ("diff_gaussian_rasterization",),
        (_CUDA,),
        (),
        "NVIDIA GPUs: its setup.py builds one CUDA extension with nvcc",
        "https://github.com/graphdeco-inria/diff-gaussian-rasterization/blob/main/setup.py",
        unknown=_LINUX_WINDOWS,
        at="graphdeco-inria/diff-gaussian-rasterization@1e751edf setup.py",
        aliases=("diff gaussian rasterization",),
    ),
    # camenduru/simple-knn@60f461f4 setup.py (3DGS's simple-knn): one CUDAExtension (.cu
    # sources), with MSVC flags where os.name == "nt": NVIDIA GPUs; Windows named by the build,
    # Linux by nothing (unknown), no CUDA toolkit on macOS.
    _row(
        "simple-knn",
        ("simple-knn", "simple_knn"),
        ("simple_knn",),
        (_CUDA,),
        (WINDOWS,),
        "NVIDIA GPUs: its setup.py builds one CUDA extension with nvcc",
        "https://github.com/camenduru/simple-knn/blob/main/setup.py",
        unknown=(LINUX,),
        at="camenduru/simple-knn@60f461f4 setup.py",
    ),
    # facebookresearch/faiss@02dbb4e4 INSTALL.md: "faiss-gpu, containing both CPU and GPU
    # indices, is available on Linux (x86-64 only)", faiss-gpu-cuvs likewise; "The CPU-only
    # faiss-cpu conda package is currently available on Linux …, OSX (arm64 only), and Windows".
    _row(
        "faiss-gpu",
        ("faiss-gpu", "faiss-gpu-cu11", "faiss-gpu-cu12", "faiss-gpu-cuvs"),
        (),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs on Linux (x86-64 only)",
        "https://github.com/facebookresearch/faiss/blob/main/INSTALL.md",
        "faiss-cpu, which its INSTALL.md lists on Linux, macOS (arm64) and Windows",
        at="facebookresearch/faiss@02dbb4e4 INSTALL.md",
        aliases=("faiss gpu",),
    ),
    # unslothai/unsloth@015bdef0 README.md: "Hardware: Supports CPU, Apple, NVIDIA, AMD, Intel,
    # and multi GPU setups"; install for "macOS, Linux, WSL" and "Windows"; AMD "on Windows,
    # WSL and Linux", Intel GPUs (XPU).
    _row(
        "Unsloth",
        ("unsloth", "unsloth-zoo", "unsloth_zoo"),
        ("unsloth", "unsloth_zoo"),
        (_CPU, _CUDA, _ROCM, _XPU, _MPS),
        _EVERY,
        "NVIDIA, AMD and Intel GPUs, Apple silicon and CPUs, on Windows, Linux and macOS",
        "https://github.com/unslothai/unsloth#readme",
        # issue 38 (s18-since), README.md in unslothai/unsloth, each line's first release the
        # first __version__ bump (unsloth/models/_utils.py, later unsloth/_version.py) holding
        # it: "To run Unsloth directly on Windows" (4c851777, 2024-10-23) in 2024.10.5
        # (aa48184c); "Supports NVIDIA (since 2018), AMD and Intel GPUs" (aeb2829e, 2025-10-03;
        # 2025.9.11's README, d3e04ca1, has not) in 2025.10.1 (452ad195); Unsloth Studio "works
        # on Windows, Linux, WSL and macOS" (c6063669, 2026-03-17) in 2026.3.6 (596fae1d);
        # "Supports CPU, Apple, NVIDIA, AMD, Intel" (4acc36b1, 2026-08-11) in 2026.8.16
        # (662fead6)
        since=(
            (WINDOWS, "2024.10.5"),
            (_ROCM, "2025.10.1"),
            (_XPU, "2025.10.1"),
            (MACOS, "2026.3.6"),
            (_CPU, "2026.8.16"),
            (_MPS, "2026.8.16"),
        ),
        released=(
            ("2024.10.5", "2024-10-23"),
            ("2025.10.1", "2025-10-05"),
            ("2026.3.6", "2026-03-18"),
            ("2026.8.16", "2026-08-13"),
        ),
        at="unslothai/unsloth@015bdef0 README.md",
    ),
    # dmlc/dgl@3d16000b docs/source/install/index.rst: "macOS X", "Windows 10" (and Linux's
    # sections), "separated into CPU and CUDA builds".
    _row(
        "DGL",
        ("dgl",),
        ("dgl",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs, and NVIDIA GPUs by its CUDA builds, on Linux, macOS and Windows",
        "https://github.com/dmlc/dgl/blob/master/docs/source/install/index.rst",
        at="dmlc/dgl@3d16000b docs/source/install/index.rst",
        aliases=("Deep Graph Library",),
    ),
    # pyg-team/pyg-lib@764e3a49 README.md: wheels for Linux and Windows (cpu and cuXXX) and
    # macOS (cpu); at its tags, 0.4.0 (README) "Windows wheels are not supported" with an empty
    # Windows row, 0.5.0 (ff87d1bb) the first with Windows wheels in its table.
    _row(
        "pyg-lib",
        ("pyg-lib", "pyg_lib"),
        ("pyg_lib",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, Windows (from 0.5.0) and macOS; NVIDIA GPUs by its CUDA wheels on Linux "
        "and Windows",
        "https://github.com/pyg-team/pyg-lib#installation",
        since=((WINDOWS, "0.5.0"),),
        at="pyg-team/pyg-lib@764e3a49 README.md; tags 0.4.0, 0.5.0 (ff87d1bb)",
    ),
    # rusty1s/pytorch_cluster@3d1d9e39 README.md "Installation": pip wheels for Linux and
    # Windows (cpu, cuXXX) and macOS (cpu).
    _row(
        "torch-cluster",
        ("torch-cluster", "torch_cluster"),
        ("torch_cluster",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, Windows and macOS; NVIDIA GPUs by its CUDA wheels on Linux and Windows",
        "https://github.com/rusty1s/pytorch_cluster#installation",
        at="rusty1s/pytorch_cluster@3d1d9e39 README.md",
    ),
    # k2-fsa/k2@a741ae88 docs/source/installation/from_source.rst: "It supports Linux (CPU +
    # CUDA), macOS (CPU), and Windows (CPU + CUDA)"; from_wheels.rst: CPU wheels for the three.
    _row(
        "k2",
        ("k2",),
        ("k2", "_k2"),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, macOS and Windows; NVIDIA GPUs (CUDA) on Linux and Windows",
        "https://k2-fsa.github.io/k2/installation/index.html",
        at="k2-fsa/k2@a741ae88 docs/source/installation",
    ),
    # fishaudio/fish-speech@3dd1f85c docs/en/install.md "Requirements": "System: Linux, WSL";
    # GPU (CUDA cu126/cu128/cu129) or "CPU-only installation"; "Intel Arc XPU support". Its
    # "compile option is not supported on Windows and macOS" is no statement that either runs:
    # both unknown.
    _row(
        "fish-speech",
        ("fish-speech", "fish_speech"),
        ("fish_speech",),
        (_CUDA, _XPU, _CPU),
        (LINUX,),
        "Linux (and WSL), with NVIDIA GPUs, Intel Arc GPUs or CPUs",
        "https://github.com/fishaudio/fish-speech/blob/main/docs/en/install.md",
        unknown=(WINDOWS, MACOS),
        at="fishaudio/fish-speech@3dd1f85c docs/en/install.md",
        aliases=("Fish Speech", "FishSpeech"),
    ),
    # FunAudioLLM/CosyVoice@ace7c47f README.md: "pip install ttsfrd-0.4.2-cp310-cp310-
    # linux_x86_64.whl", the only ttsfrd file it names, and "If you do not install ttsfrd
    # package, we will use wetext by default".
    _row(
        "ttsfrd",
        ("ttsfrd", "ttsfrd-dependency", "ttsfrd_dependency"),
        ("ttsfrd",),
        (_CPU,),
        (LINUX,),
        "Linux x86-64 with CPython 3.10 (the one wheel CosyVoice's README installs)",
        "https://github.com/FunAudioLLM/CosyVoice#install",
        "wetext, which CosyVoice uses by default where ttsfrd is not installed",
        at="FunAudioLLM/CosyVoice@ace7c47f README.md",
    ),
    # m-bain/whisperX@2cfd7b7c README.md "Setup": the CUDA toolkit 12.8 "For Linux users" and
    # "For Windows users" ("Skip this step if using only the CPU"); "To run on CPU instead of
    # GPU (and for running on Mac OS X)".
    _row(
        "WhisperX",
        ("whisperx",),
        ("whisperx",),
        (_CUDA, _CPU),
        _EVERY,
        "NVIDIA GPUs (CUDA 12.8) on Linux and Windows, CPUs (macOS on its CPU)",
        "https://github.com/m-bain/whisperX#setup",
        at="m-bain/whisperX@2cfd7b7c README.md",
    ),
    # invoke-ai/InvokeAI@8e71a8a5 docs/src/content/docs/start-here/system-requirements.mdx:
    # "Windows 10+, macOS 14+ and Linux"; Nvidia GPUs; "All Apple Silicon (M1, M2, etc) Macs
    # work"; "AMD GPUs are supported on Linux only"; Intel Arc "on Windows and Linux";
    # Linux ARM64 "in CPU-only mode".
    _row(
        "InvokeAI",
        ("invokeai",),
        ("invokeai",),
        (_CUDA, _ROCM, _XPU, _MPS, _CPU),
        _EVERY,
        "NVIDIA GPUs on Windows and Linux, AMD GPUs on Linux only, Intel Arc GPUs, Apple "
        "silicon Macs, CPU-only on Linux ARM64",
        "https://invoke-ai.github.io/InvokeAI/start-here/system-requirements/",
        at="invoke-ai/InvokeAI@8e71a8a5 docs/src/content/docs/start-here/system-requirements.mdx",
        aliases=("Invoke AI",),
        only_on=((_ROCM, (LINUX,)),),  # issue 38 (s21-forms): "on Linux only"
    ),
    # lllyasviel/Fooocus@59f183ab readme.md "Minimal Requirement": Nvidia GPUs on
    # Windows/Linux, AMD GPUs on Windows (DirectML) and Linux (ROCm), "Mac M1/M2 MPS", "only
    # use CPU" on Windows/Linux/Mac.
    _row(
        "Fooocus",
        (),
        (),
        (_CUDA, _ROCM, _MPS, _CPU),
        _EVERY,
        "NVIDIA GPUs on Windows and Linux, AMD GPUs (DirectML on Windows, ROCm on Linux), "
        "Apple M1/M2 (MPS), CPUs",
        "https://github.com/lllyasviel/Fooocus#minimal-requirement",
        at="lllyasviel/Fooocus@59f183ab readme.md",
    ),
    # vladmandic/sdnext@058a7f0c README.md "Supported Platforms and Hardware": CUDA on Windows
    # and Linux, ROCm on Linux and Windows, ZLUDA, Intel Arc (IPEX XPU), OpenVINO, DirectML,
    # "Apple M1/M2 on OSX" (MPS), "CPU-only execution".
    _row(
        "SD.Next",
        ("sdnext",),
        (),
        (_CUDA, _ROCM, _XPU, _MPS, _CPU),
        _EVERY,
        "NVIDIA GPUs (CUDA), AMD GPUs (ROCm, ZLUDA, DirectML), Intel Arc GPUs, OpenVINO "
        "devices, Apple M1/M2 (MPS) and CPUs",
        "https://github.com/vladmandic/sdnext#supported-platforms-and-hardware",
        at="vladmandic/sdnext@058a7f0c README.md",
        aliases=("SDNext", "SD Next"),
    ),
    # kohya-ss/sd-scripts@48d368fa README.md: "Windows Installation", "Linux/WSL2 Installation"
    # ("make sure that NVIDIA driver and CUDA toolkit are installed"). macOS is not named
    # (unknown).
    _row(
        "sd-scripts",
        (),
        (),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (driver and CUDA toolkit) on Windows and Linux/WSL2",
        "https://github.com/kohya-ss/sd-scripts#windows-installation",
        unknown=(MACOS,),
        at="kohya-ss/sd-scripts@48d368fa README.md",
        aliases=("kohya sd-scripts", "kohya_ss sd-scripts"),
    ),
    # huggingface/text-embeddings-inference@0d124dc9 README.md: NVIDIA GPUs (CUDA 12.2+ driver)
    # by its Docker images, "AMD Instinct GPUs (ROCm) — experimental", "Metal support for local
    # execution on Macs" (Apple Silicon by Homebrew), "CPU-only" images. Windows is not named
    # (unknown).
    _row(
        "text-embeddings-inference",
        ("text-embeddings-inference",),
        (),
        (_CUDA, _ROCM, _MPS, _CPU),
        (LINUX, MACOS),
        "NVIDIA GPUs and CPUs by its Linux images, AMD Instinct GPUs (experimental), Apple "
        "silicon (Metal) by Homebrew",
        "https://github.com/huggingface/text-embeddings-inference#get-started",
        unknown=(WINDOWS,),
        # issue 38 (s18-since): "Metal support for local execution on Macs" first in README.md at
        # huggingface/text-embeddings-inference@v1.0.0 (41b692d); its ROCm section came after
        # v1.9.3, the last tag read (ba265a3, 2026-04-02): no release to name
        since=((_MPS, "1.0.0"), (MACOS, "1.0.0")),
        released=(("1.0.0", "2024-02-23"),),
        at="huggingface/text-embeddings-inference@0d124dc9 README.md",
        aliases=("text embeddings inference",),
    ),
    # turboderp/exllama@3b013cd5 README.md: "30-series and later NVIDIA GPUs should be well
    # supported"; "ROCm is also theoretically supported (via HIP)" (unknown); "Linux/WSL
    # prerequisites", "Windows prerequisites" (CUDA Toolkit). Its extension is built with
    # torch's CUDA extension: no build on macOS.
    _row(
        "ExLlama",
        ("exllama",),
        ("exllama", "exllama_ext"),
        (_CUDA,),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (30-series and later) on Linux/WSL and Windows",
        "https://github.com/turboderp/exllama#readme",
        unknown=(_ROCM,),
        at="turboderp/exllama@3b013cd5 README.md",
        aliases=("exllama v1", "exllamav1"),
    ),
    # PygmalionAI/aphrodite-engine@1fac86c3 README.md "Requirements": "Operating System:
    # Linux, Windows (Needs building from source)"; "CUDA >= 11"; "We also support AMD GPUs,
    # Intel CPUs and GPUs, Google TPU, and AWS Inferentia".
    _row(
        "Aphrodite",
        ("aphrodite-engine", "aphrodite_engine"),
        ("aphrodite",),
        (_CUDA, _ROCM, _CPU, _XPU, _TPU, _NEURON),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA 11+), AMD GPUs, Intel CPUs and GPUs, Google TPUs and AWS "
        "Inferentia, on Linux (Windows by a build from source)",
        "https://github.com/PygmalionAI/aphrodite-engine#requirements",
        at="PygmalionAI/aphrodite-engine@1fac86c3 README.md",
        aliases=("aphrodite engine", "Aphrodite Engine"),
    ),
    # jax-ml/jax@cec06d11 docs/installation.md "Supported platforms": NVIDIA GPU "yes" on Linux
    # x86_64 and aarch64, "no" on Windows x86_64, "experimental" under WSL2 (a Linux), "n/a" on
    # a Mac; `jax[cuda12]`/`jax[cuda13]` install jax-cudaNN-plugin and jax-cudaNN-pjrt.
    _row(
        "JAX CUDA plugin",
        (
            "jax-cuda12-plugin",
            "jax-cuda12-pjrt",
            "jax-cuda13-plugin",
            "jax-cuda13-pjrt",
        ),
        ("jax_cuda12_plugin", "jax_cuda13_plugin"),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs on Linux (x86_64, aarch64; under WSL2 experimental); not Windows, not a Mac",
        "https://docs.jax.dev/en/latest/installation.html#supported-platforms",
        "JAX's CPU wheels (the jax package alone), which it lists on Linux, macOS and Windows",
        at="jax-ml/jax@cec06d11 docs/installation.md",
        aliases=("jax[cuda12]", "jax[cuda13]", "jax cuda"),
    ),
    # jax-ml/jax@cec06d11 docs/installation.md "Supported platforms": AMD GPU "yes" on Linux
    # x86_64, "no" on Linux aarch64 and Windows, "experimental" under WSL2; "AMD GPU support is
    # provided by a ROCm JAX plugin supported by AMD" (jax-rocm7-plugin, jax-rocm7-pjrt).
    _row(
        "JAX ROCm plugin",
        ("jax-rocm7-plugin", "jax-rocm7-pjrt", "jax-rocm60-plugin", "jax-rocm60-pjrt"),
        ("jax_rocm7_plugin", "jax_rocm60_plugin"),
        (_ROCM,),
        (LINUX,),
        "AMD GPUs on Linux x86_64 (under WSL2 experimental); not Windows",
        "https://docs.jax.dev/en/latest/installation.html#amd-gpu-linux",
        "JAX's CPU wheels (the jax package alone), which it lists on Linux, macOS and Windows",
        at="jax-ml/jax@cec06d11 docs/installation.md",
        aliases=("jax[rocm]", "jax rocm"),
    ),
    # jax-ml/jax@cec06d11 docs/installation.md "Supported platforms": Google Cloud TPU "yes" on
    # Linux x86_64, "n/a" elsewhere; `jax[tpu]` installs libtpu.
    _row(
        "libtpu",
        ("libtpu", "libtpu-nightly"),
        ("libtpu",),
        (_TPU,),
        (LINUX,),
        "Google Cloud TPUs, on Linux x86_64",
        "https://docs.jax.dev/en/latest/installation.html#google-cloud-tpu",
        at="jax-ml/jax@cec06d11 docs/installation.md",
        aliases=("jax[tpu]",),
    ),
    # isl-org/Open3D@22a6a307 README.md: "Pre-built pip packages support Ubuntu 20.04+, macOS
    # 10.15+ and Windows 10+"; `open3d-cpu`, "Smaller CPU only wheel on x86_64 Linux". Which
    # GPUs its default wheel drives is not said (unknown).
    _row(
        "Open3D",
        ("open3d", "open3d-cpu"),
        ("open3d",),
        (_CPU,),
        _EVERY,
        "Ubuntu 20.04+, macOS 10.15+ and Windows 10+ by its pip packages",
        "https://github.com/isl-org/Open3D#python-quick-start",
        unknown=(_CUDA,),
        at="isl-org/Open3D@22a6a307 README.md",
    ),
    # NVIDIA/Megatron-LM@d98e8a64 docs/get-started/install.md "System Requirements":
    # "Recommended: NVIDIA Turing architecture or later", FP8 on Hopper, Ada or Blackwell, the
    # CUDA Toolkit; no system is named (unknown).
    _row(
        "Megatron-Core",
        ("megatron-core", "megatron_core"),
        ("megatron",),
        (_CUDA,),
        (),
        "NVIDIA GPUs (Turing or later recommended) with the CUDA Toolkit",
        "https://docs.nvidia.com/megatron-core/developer-guide/latest/get-started/install.html",
        unknown=_EVERY,
        at="NVIDIA/Megatron-LM@d98e8a64 docs/get-started/install.md",
        aliases=("Megatron Core", "Megatron-LM", "Megatron LM"),
    ),
    # NVIDIA/NeMo@8cfedd72 README.md "Requirements": "NVIDIA GPU (if you intend to do model
    # training)"; "Support matrix": linux amd64/arm64 (PyPI: limited, NGC: full), darwin arm64
    # limited (amd64 deprecated), "windows - amd64/x64_64: No support yet".
    _row(
        "NeMo",
        ("nemo-toolkit", "nemo_toolkit"),
        ("nemo",),
        (_CUDA, _CPU),
        (LINUX, MACOS),
        "Linux (x86_64, arm64) and macOS on Apple silicon (limited); NVIDIA GPUs to train; "
        "no Windows support yet",
        "https://github.com/NVIDIA/NeMo#support-matrix",
        at="NVIDIA/NeMo@8cfedd72 README.md",
        aliases=("NVIDIA NeMo", "NeMo Framework", "nemo toolkit"),
    ),
    # hpcaitech/ColossalAI@4f9953be README.md "Installation" › "Requirements": CUDA >= 11.0,
    # "NVIDIA GPU Compute Capability >= 7.0", "Linux OS".
    _row(
        "ColossalAI",
        ("colossalai",),
        ("colossalai",),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs (compute capability 7.0+, CUDA 11.0+) on Linux",
        "https://github.com/hpcaitech/ColossalAI#installation",
        at="hpcaitech/ColossalAI@4f9953be README.md",
        aliases=("Colossal-AI", "Colossal AI"),
    ),
    # facebookresearch/fairscale@146f1602 docs/source/installation_instructions.rst: conda-forge
    # packages "for both linux & osx, with GPU-enabled builds available on linux"; pip and a
    # source build name no system (Windows unknown).
    _row(
        "FairScale",
        ("fairscale",),
        ("fairscale",),
        (_CPU, _CUDA),
        (LINUX, MACOS),
        "Linux and macOS, with NVIDIA GPU builds on Linux",
        "https://github.com/facebookresearch/fairscale/blob/main/docs/source/"
        "installation_instructions.rst",
        unknown=(WINDOWS,),
        at="facebookresearch/fairscale@146f1602 docs/source/installation_instructions.rst",
    ),
    # pytorch/FBGEMM@71d6f8b2 fbgemm_gpu/docs/src/fbgemm_gpu/development/
    # InstallationInstructions.rst: "a CPU-only, CUDA, or ROCm runtime" (ROCm "Experimental" in
    # Releases.rst); BuildInstructions.rst names the Linux, macOS and Windows platform tags.
    _row(
        "FBGEMM_GPU",
        ("fbgemm-gpu", "fbgemm_gpu", "fbgemm-gpu-genai"),
        ("fbgemm_gpu",),
        (_CPU, _CUDA, _ROCM),
        _EVERY,
        "CPUs, NVIDIA GPUs (CUDA) and AMD GPUs (ROCm, experimental)",
        "https://pytorch.org/FBGEMM/fbgemm_gpu/development/InstallationInstructions.html",
        at="pytorch/FBGEMM@71d6f8b2 fbgemm_gpu/docs/src/fbgemm_gpu/development",
        aliases=("fbgemm gpu", "FBGEMM GPU"),
    ),
    # meta-pytorch/torchcodec@78ed5ad8 README.md: "CPU wheels are available for Linux (x86_64
    # and aarch64), macOS, and Windows"; "CUDA-enabled wheels are installed by default on
    # Linux. For Windows, you'll need to pass --index-url". At its tags, v0.8.0 (e5b66804) is
    # the first README to name Windows ("experimental support", by conda).
    _row(
        "TorchCodec",
        ("torchcodec",),
        ("torchcodec",),
        (_CPU, _CUDA),
        _EVERY,
        "CPUs on Linux, macOS and Windows (from 0.8.0); NVIDIA GPUs (NVDEC/NVENC) on Linux and "
        "Windows",
        "https://github.com/meta-pytorch/torchcodec#installing-torchcodec",
        since=((WINDOWS, "0.8.0"),),
        at="meta-pytorch/torchcodec@78ed5ad8 README.md; tag v0.8.0 (e5b66804)",
    ),
    # vosen/ZLUDA@8a7931be: README.md "a drop-in replacement for CUDA on non-NVIDIA GPUs";
    # docs/src/faq.md "ZLUDA supports AMD Radeon RX 5000 series and newer GPUs"; quick_start.md
    # "Windows" and "Linux".
    _row(
        "ZLUDA",
        (),
        (),
        (_ROCM,),
        _LINUX_WINDOWS,
        "AMD Radeon RX 5000 series and newer GPUs, on Windows and Linux",
        "https://zluda.readthedocs.io/",
        at="vosen/ZLUDA@8a7931be README.md, docs/src/faq.md, docs/src/quick_start.md",
    ),
    # DeepLink-org/dlinfer@a50184e3 README.md "安装方法": images for Huawei Atlas 800T A2/A3 and
    # 300I Duo (Ascend), MetaX C500 (沐曦) and Cambricon cards (寒武纪); `pip install
    # dlinfer-ascend`. No system is named (unknown).
    _row(
        "dlinfer",
        ("dlinfer", "dlinfer-ascend", "dlinfer_ascend"),
        ("dlinfer",),
        (_NPU, _MLU),
        (),
        "Huawei Ascend NPUs (Atlas 800T A2/A3, 300I Duo), MetaX C500 and Cambricon MLUs",
        "https://github.com/DeepLink-org/dlinfer#安装方法",
        unknown=_EVERY,
        at="DeepLink-org/dlinfer@a50184e3 README.md",
    ),
    # MooreThreads/torch_musa@8b583b3f README.md "Installation" › "Prerequisites": the MUSA SDK
    # (MUSA Driver, musa_toolkit, muDNN, MCCL for S4000), S80/S3000 builds; no system is named
    # (unknown).
    _row(
        "torch_musa",
        ("torch-musa", "torch_musa"),
        ("torch_musa",),
        (_MUSA,),
        (),
        "Moore Threads GPUs (S80, S3000, S4000) with the MUSA SDK",
        "https://github.com/MooreThreads/torch_musa#installation",
        unknown=_EVERY,
        at="MooreThreads/torch_musa@8b583b3f README.md",
    ),
    # Cambricon/torch_mlu@d578002c README.md "二进制wheel包安装": CNToolkit, CNNL …, "pip install
    # torch_mlu-{xxx}+torchx.y.z-cp310-cp310-linux_x86_64.whl", the only files it names.
    _row(
        "torch_mlu",
        ("torch-mlu", "torch_mlu"),
        ("torch_mlu",),
        (_MLU,),
        (LINUX,),
        "Cambricon MLUs with CNToolkit, on Linux x86_64 (its wheels)",
        "https://github.com/Cambricon/torch_mlu#安装",
        at="Cambricon/torch_mlu@d578002c README.md",
    ),
    # huggingface/optimum-intel@e1de5bee README.md: the interface to OpenVINO, "high
    # performance inference capabilities for Intel CPUs, GPUs, and special DL inference
    # accelerators". No system is named (unknown).
    _row(
        "optimum-intel",
        ("optimum-intel", "optimum_intel"),
        (),
        (_CPU, _XPU),
        (),
        "Intel CPUs, GPUs and inference accelerators, by OpenVINO",
        "https://github.com/huggingface/optimum-intel#readme",
        unknown=_EVERY,
        at="huggingface/optimum-intel@e1de5bee README.md",
        aliases=("Optimum Intel",),
    ),
    # intel/intel-npu-acceleration-library@073ad6a3 README.md: "intended to be used with Intel
    # Core Ultra processors, which have an integrated NPU"; install "on Windows and Linux";
    # "MacOS is not yet supported. At the moment only Ubuntu OS is supported for Linux build".
    # Its end-of-life notice names OpenVINO. Intel's NPU is no registry row: no backend listed.
    _row(
        "intel-npu-acceleration-library",
        ("intel-npu-acceleration-library", "intel_npu_acceleration_library"),
        ("intel_npu_acceleration_library",),
        (),
        _LINUX_WINDOWS,
        "the NPU of Intel Core Ultra processors, on Windows and Ubuntu; not macOS",
        "https://github.com/intel/intel-npu-acceleration-library#installation",
        "OpenVINO, which its end-of-life notice names",
        at="intel/intel-npu-acceleration-library@073ad6a3 README.md",
        aliases=("Intel NPU Acceleration Library",),
    ),
    # apple/coremltools@e0e2f42b docs-guides/source/installing-coremltools.md: "install the
    # coremltools Python package on macOS (10.13+) and Linux"; README.md: "Verify
    # conversion/creation (on macOS) by making predictions using Core ML".
    _row(
        "coremltools",
        ("coremltools",),
        ("coremltools",),
        (_CPU, _MPS),
        (LINUX, MACOS),
        "macOS (10.13+) and Linux; Core ML's predictions on macOS",
        "https://apple.github.io/coremltools/docs-guides/source/installing-coremltools.html",
        at="apple/coremltools@e0e2f42b docs-guides/source/installing-coremltools.md",
        aliases=("Core ML Tools",),
    ),
    # microsoft/tensorflow-directml-plugin@6c3e9183 README.md "System Requirements": "Windows
    # 10" and "Windows Subsystem for Linux", with AMD Radeon R5/R7/R9 2xx or newer, Intel HD
    # Graphics 5xx (6xx under WSL) or newer, NVIDIA GeForce GTX 9xx or newer; "only works with
    # the tensorflow-cpu>=2.12 package". Its development is paused (the notice at its top).
    _row(
        "tensorflow-directml-plugin",
        ("tensorflow-directml-plugin",),
        (),
        (_CUDA, _ROCM, _XPU),
        _LINUX_WINDOWS,
        "AMD, Intel and NVIDIA GPUs through DirectML, on Windows 10 and under WSL",
        "https://github.com/microsoft/tensorflow-directml-plugin#system-requirements",
        at="microsoft/tensorflow-directml-plugin@6c3e9183 README.md",
    ),
    # rapidsai/cudf@6a22d1d2 README.md "System Requirements" → docs.rapids.ai/platform-support
    # (RAPIDS 26.08, read 2026-12-07): "Linux (glibc 2.28+): x86_64, aarch64"; "Windows:
    # Supported via WSL with a compatible Linux distribution"; Volta (70) or newer for CUDA 12.
    _row(
        "cuDF",
        ("cudf", "cudf-cu11", "cudf-cu12", "cudf-cu13", "dask-cudf", "cudf-polars-cu12"),
        ("cudf", "dask_cudf", "cudf_polars"),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs (Volta or newer) on Linux; Windows only under WSL",
        "https://docs.rapids.ai/platform-support",
        "pandas, whose API cuDF mirrors (its README), or Polars without its GPU engine",
        at="rapidsai/cudf@6a22d1d2 README.md; docs.rapids.ai/platform-support (RAPIDS 26.08)",
        aliases=("RAPIDS cuDF",),
    ),
    # rapidsai/cuml@342457bc README.md ("GPU Machine Learning Algorithms"), its install by the
    # RAPIDS platform support page (RAPIDS 26.08): Linux x86_64 and aarch64, Windows under WSL.
    _row(
        "cuML",
        ("cuml", "cuml-cu11", "cuml-cu12", "cuml-cu13"),
        ("cuml",),
        (_CUDA,),
        (LINUX,),
        "NVIDIA GPUs (Volta or newer) on Linux; Windows only under WSL",
        "https://docs.rapids.ai/platform-support",
        "scikit-learn, whose API cuML follows",
        at="rapidsai/cuml@342457bc README.md; docs.rapids.ai/platform-support (RAPIDS 26.08)",
        aliases=("RAPIDS cuML",),
    ),
    # open-mmlab/mmcv@a8073c74 README.md: "Linux", "Windows", "macOS"; "common CPU and CUDA
    # ops"; mmcv-lite "without CUDA ops".
    _row(
        "mmcv",
        ("mmcv", "mmcv-full", "mmcv-lite"),
        ("mmcv",),
        (_CPU, _CUDA),
        _EVERY,
        "CPU and CUDA ops on Linux, Windows and macOS (mmcv-lite without its CUDA ops)",
        "https://github.com/open-mmlab/mmcv#installation",
        at="open-mmlab/mmcv@a8073c74 README.md",
    ),
    # PaddlePaddle/docs@940e835d docs/install/index_cn.rst "PaddlePaddle 对 GPU 支持情况": NVIDIA
    # GPUs (CUDA) and AMD GPUs (ROCm); "Windows 安装 GPU 版本" (single card), Ubuntu and CentOS;
    # "MacOS 不支持：MacOS 平台不支持 GPU 安装" (no GPU install on macOS). The CPU package
    # (`paddlepaddle`) is another distribution, not this row's.
    _row(
        "paddlepaddle-gpu",
        ("paddlepaddle-gpu",),
        (),
        (_CUDA, _ROCM),
        _LINUX_WINDOWS,
        "NVIDIA GPUs (CUDA) on Linux and Windows (single card), AMD GPUs (ROCm); no GPU install "
        "on macOS",
        "https://www.paddlepaddle.org.cn/documentation/docs/zh/install/index_cn.html",
        "paddlepaddle, its CPU package, which the same page installs on macOS",
        at="PaddlePaddle/docs@940e835d docs/install/index_cn.rst",
        aliases=("PaddlePaddle GPU", "paddle gpu"),
    ),
    # openvinotoolkit/openvino@8ffdffed README.md: "supports inference on CPU (x86, ARM), GPU
    # (Intel integrated & discrete GPU) and AI accelerators (Intel NPU)"; its system requirements
    # are a page the README links, not read here: every system unknown.
    _row(
        "OpenVINO",
        ("openvino", "openvino-dev"),
        ("openvino",),
        (_CPU, _XPU),
        (),
        "CPUs (x86, ARM), Intel integrated and discrete GPUs and Intel NPUs",
        "https://github.com/openvinotoolkit/openvino#installation",
        unknown=_EVERY,
        at="openvinotoolkit/openvino@8ffdffed README.md",
    ),
    # AUTOMATIC1111/stable-diffusion-webui@72632242 README.md "Installation and Running": NVidia
    # (recommended), AMD GPUs, Intel CPUs and GPUs and Ascend NPUs (external wiki pages);
    # "Installation on Windows 10/11 with NVidia-GPUs", "Automatic Installation on Linux",
    # "Installation on Apple Silicon".
    _row(
        "stable-diffusion-webui",
        (),
        (),
        (_CUDA, _ROCM, _XPU, _CPU, _NPU, _MPS),
        _EVERY,
        "NVIDIA GPUs (recommended), AMD GPUs, Intel CPUs and GPUs, Ascend NPUs, on Windows and "
        "Linux; Apple silicon Macs",
        "https://github.com/AUTOMATIC1111/stable-diffusion-webui#installation-and-running",
        at="AUTOMATIC1111/stable-diffusion-webui@72632242 README.md",
        aliases=("AUTOMATIC1111", "A1111", "stable diffusion webui"),
    ),
    # issue 38 (s19-rows): the libraries the ecosystem's reports are about, read 2026-12-07 at
    # each one's README (or the installation page it links) at the commit named; a pure-Python
    # layer on torch lists what its documentation lists, and is silent (`unknown`) on the rest.
    # The release whose README first names a machine is quoted beside each row; it is a `since`
    # only where the README before it named other hardware as the requirement (axolotl's "Nvidia
    # GPU" before 0.6.0). Where the README before it was silent on the machine, that is no "not
    # listed": a `since` there would make every paste that hides its release a warning about
    # releases years old (diffusers on a Mac "only from 0.3.0", seedvr564's traceback).
    # huggingface/trl@f2cd5771 README.md: "Leverages 🤗 Accelerate to scale from single GPU to
    # multi-node clusters"; docs/source/installation.md names no hardware and no system: every
    # backend and system unknown (no refusal).
    _row(
        "TRL",
        ("trl",),
        ("trl",),
        (),
        (),
        "no hardware or system named (it runs where transformers and Accelerate run)",
        "https://github.com/huggingface/trl#readme",
        unknown=(*_besides(), *_EVERY),
        at="huggingface/trl@f2cd5771 README.md",
        aliases=("Transformers Reinforcement Learning",),
    ),
    # huggingface/peft@5d602fdb README.md "PEFT + Accelerate": Accelerate runs "on various
    # training setups and hardware (GPUs, TPUs, Apple Silicon, etc.). PEFT models work with
    # Accelerate out of the box"; no system named. "etc.": the other backends unknown.
    # (s18-since) "Apple Silicon" first at its v0.0.1 README (867b66bc, 2022-12-24): no later
    # release to cite.
    _row(
        "PEFT",
        ("peft",),
        ("peft",),
        (_CUDA, _TPU, _MPS),
        (),
        "GPUs, TPUs and Apple silicon, through Accelerate",
        "https://github.com/huggingface/peft#peft--accelerate",
        unknown=(*_besides(_CUDA, _TPU, _MPS), *_EVERY),
        at="huggingface/peft@5d602fdb README.md",
    ),
    # huggingface/diffusers@58eb52c0 README.md "Apple Silicon (M1/M2) support": "refer to the How
    # to use Stable Diffusion in Apple Silicon guide"; no other hardware or system named. The
    # section is first at v0.3.0 (5dda1735, tagged 2022-09-08).
    _row(
        "diffusers",
        ("diffusers",),
        ("diffusers",),
        (_MPS,),
        (),
        "Apple silicon (M1/M2) by its own guide; other hardware not named",
        "https://github.com/huggingface/diffusers#apple-silicon-m1m2-support",
        unknown=(*_besides(_MPS), *_EVERY),
        at="huggingface/diffusers@58eb52c0 README.md",
        aliases=("Diffusers",),
    ),
    # UKPLab/sentence-transformers@85ec6455 docs/installation.md: the ONNX backend "For GPU and
    # CPU" (`sentence-transformers[onnx-gpu]`, `[onnx]`), OpenVINO's for inference; no system
    # named.
    _row(
        "sentence-transformers",
        ("sentence-transformers", "sentence_transformers"),
        ("sentence_transformers",),
        (_CPU, _CUDA),
        (),
        "CPUs and GPUs (its ONNX backend), and OpenVINO",
        "https://sbert.net/docs/installation.html",
        unknown=(*_besides(_CPU, _CUDA), *_EVERY),
        at="UKPLab/sentence-transformers@85ec6455 docs/installation.md",
        aliases=("Sentence Transformers", "SentenceTransformers", "sbert"),
    ),
    # huggingface/optimum@83c88b8f README.md "Installation": ONNX Runtime (CPU, and "ONNX Runtime
    # GPU"), OpenVINO, NVIDIA TensorRT-LLM, "AMD Instinct GPUs and Ryzen AI NPU", "AWS Trainum &
    # Inferentia", "Intel Gaudi Accelerators (HPU)", FuriosaAI; no system named. Its import
    # package is shared with optimum-intel, -habana, -neuron and -quanto (`optimum.*`): none.
    _row(
        "Optimum",
        ("optimum",),
        (),
        (_CPU, _CUDA, _ROCM, _XPU, _NEURON, _HPU),
        (),
        "CPUs and NVIDIA GPUs (ONNX Runtime, TensorRT-LLM), Intel hardware (OpenVINO), AMD "
        "Instinct GPUs, AWS Trainium/Inferentia and Intel Gaudi, each by its own extra",
        "https://github.com/huggingface/optimum#installation",
        unknown=_EVERY,
        at="huggingface/optimum@83c88b8f README.md",
        aliases=("Hugging Face Optimum",),
    ),
    # huggingface/optimum-amd@fa22eca4 README.md: "performance optimizations for ROCm for AMD GPUs"
    # (linking ROCm's install-on-linux system requirements) and Ryzen AI NPUs (no registry row);
    # the system is ROCm's page, not read here: unknown.
    _row(
        "optimum-amd",
        ("optimum-amd", "optimum_amd"),
        (),
        (_ROCM,),
        (),
        "AMD GPUs with ROCm, and Ryzen AI NPUs",
        "https://github.com/huggingface/optimum-amd#readme",
        unknown=_EVERY,
        at="huggingface/optimum-amd@fa22eca4 README.md",
        aliases=("Optimum-AMD", "Optimum AMD"),
    ),
    # hiyouga/LLaMA-Factory@ff6d4d12 README.md "Installation": CUDA (its Hardware Requirement
    # table), "For Windows users" (the GPU version of PyTorch), "For Ascend NPU users", "For AMD
    # ROCm users" (its docker); macOS and the other backends are not named: unknown.
    # (s18-since) "For Ascend NPU users" first at v0.7.1 (322331df, 2024-05-16; "[24/05/14] We
    # supported training and inference on the Ascend NPU devices"); "For AMD ROCm users" first at
    # v0.9.0 (f8329bc6, 2024-09-09).
    _row(
        "LLaMA-Factory",
        ("llamafactory", "llmtuner"),
        ("llamafactory", "llmtuner"),
        (_CUDA, _ROCM, _NPU),
        _LINUX_WINDOWS,
        "NVIDIA GPUs on Linux and Windows, Ascend NPUs and AMD GPUs (ROCm)",
        "https://github.com/hiyouga/LLaMA-Factory#installation",
        unknown=(MACOS, *_besides(_CUDA, _ROCM, _NPU)),
        at="hiyouga/LLaMA-Factory@ff6d4d12 README.md",
        aliases=("LLaMA Factory", "LlamaFactory", "Llama-Factory"),
    ),
    # axolotl-ai-cloud/axolotl@067b021c README.md "Quick Start", "Requirements: NVIDIA GPU (Ampere
    # or newer for bf16 and Flash Attention) or AMD GPU"; no system named. (s18-since) "*AMD*
    # GPU" first in the requirements at v0.6.0 (4baf8e5e; v0.5.x's read "Nvidia GPU" alone).
    _row(
        "axolotl",
        ("axolotl",),
        ("axolotl",),
        _GPU,
        (),
        "NVIDIA GPUs (Ampere or newer for bf16 and Flash Attention) or AMD GPUs",
        "https://github.com/axolotl-ai-cloud/axolotl#quick-start---llm-fine-tuning-in-minutes",
        since=((_ROCM, "0.6.0"),),
        unknown=_EVERY,
        at="axolotl-ai-cloud/axolotl@067b021c README.md",
        aliases=("Axolotl",),
        released=(("0.6.0", "2024-12-09"),),
    ),
    # modelscope/ms-swift@3602360a README.md "Hardware Support: Supports A10/A100/H100, RTX
    # series, T4/V100, AMD GPU (MI300 series, etc.), CPU, MPS, and domestic hardware Ascend NPU";
    # no system named. Its import package `swift` is a word of prose too (Apple's language): none.
    _row(
        "ms-swift",
        ("ms-swift", "ms_swift"),
        (),
        (_CUDA, _ROCM, _CPU, _MPS, _NPU),
        (),
        "NVIDIA GPUs (A10/A100/H100, RTX, T4/V100), AMD GPUs (MI300), CPUs, MPS and Ascend NPUs",
        "https://github.com/modelscope/ms-swift#readme",
        unknown=_EVERY,
        at="modelscope/ms-swift@3602360a README.md",
        aliases=("ms swift", "ModelScope SWIFT"),
    ),
    # OpenRLHF/OpenRLHF@3c3be623 README.md: "Ray + vLLM distributed architecture", "NCCL / CUDA
    # IPC - High-Speed Communication", "across GPUs"; no other hardware and no system named.
    _row(
        "OpenRLHF",
        ("openrlhf",),
        ("openrlhf",),
        (_CUDA,),
        (),
        "NVIDIA GPUs (NCCL, CUDA IPC) under Ray and vLLM",
        "https://github.com/OpenRLHF/OpenRLHF#readme",
        unknown=(*_besides(_CUDA), *_EVERY),
        at="OpenRLHF/OpenRLHF@3c3be623 README.md",
    ),
    # lm-sys/FastChat@0e6d3e4b README.md "Inference with Command Line Interface": Single/Multiple
    # GPUs, "CPU Only", "Metal Backend (Mac Computers with Apple Silicon or AMD GPUs)", "Intel XPU",
    # "Ascend NPU", "For AMD GPU users, please install ROCm"; "If you are running on Mac"; 8-bit
    # offloading's bitsandbytes "only available on linux". Windows is not named: unknown.
    # (s18-since) "Intel XPU" first at v0.2.14 (052cb65a, 2023-06-14), "Ascend NPU" at
    # v0.2.29 (c685951d, 2023-09-19).
    _row(
        "FastChat",
        ("fschat",),
        ("fastchat",),
        (_CPU, _CUDA, _ROCM, _MPS, _XPU, _NPU),
        (LINUX, MACOS),
        "CPUs, NVIDIA and AMD GPUs, Apple silicon (Metal), Intel XPUs and Ascend NPUs",
        "https://github.com/lm-sys/FastChat#inference-with-command-line-interface",
        unknown=(WINDOWS,),
        at="lm-sys/FastChat@0e6d3e4b README.md",
    ),
    # haotian-liu/LLaVA@c121f043 README.md "Install": "If you are not using Linux, do NOT proceed,
    # see instructions for macOS and Windows" (docs/macOS.md, docs/Windows.md); "If you are using
    # an Apple device with an M1 or M2 chip, you can specify the mps device"; "Support Intel dGPU
    # and CPU platforms". (s18-since) the mps line first at v1.1.0 (9987782, 2023-10-08), the
    # macOS and Windows pages and Intel's at v1.2.0 (785f766f, 8e5ef59; 2024-01-31).
    _row(
        "LLaVA",
        ("llava",),
        ("llava",),
        (_CUDA, _MPS, _XPU, _CPU),
        _EVERY,
        "NVIDIA GPUs on Linux, Apple silicon (mps) on macOS, Windows by its own page, Intel GPUs "
        "and CPUs",
        "https://github.com/haotian-liu/LLaVA#install",
        unknown=_besides(_CUDA, _MPS, _XPU, _CPU),
        at="haotian-liu/LLaVA@c121f043 README.md",
    ),
    # OpenGVLab/InternVL@2410d1db README.md: its models and their code, loading with `.cuda()`
    # in its examples; no hardware requirement and no system named: every one unknown.
    _row(
        "InternVL",
        (),
        ("internvl", "internvl_chat"),
        (),
        (),
        "no hardware or system named (its examples load on CUDA)",
        "https://github.com/OpenGVLab/InternVL#readme",
        unknown=(*_besides(), *_EVERY),
        at="OpenGVLab/InternVL@2410d1db README.md",
    ),
    # modelscope/modelscope@2905da12 README.md "Installation" notes: "some audio-task models only
    # support python3.7, tensorflow1.15.4 Linux environments. Most other models can be installed
    # and used on Windows and Mac (x86)"; no hardware named.
    _row(
        "ModelScope",
        ("modelscope",),
        ("modelscope",),
        (),
        _EVERY,
        "Linux, and most models on Windows and Mac (x86); some audio models Linux only",
        "https://github.com/modelscope/modelscope#installation",
        unknown=_besides(),
        at="modelscope/modelscope@2905da12 README.md",
    ),
    # QwenLM/Qwen2.5-VL@f0af2996 README.md: "If you are not using Linux, you might not be able to
    # install decord from PyPI. In that case, you can use pip install qwen-vl-utils which will
    # fall back to using torchvision for video processing"; no hardware named.
    _row(
        "qwen-vl-utils",
        ("qwen-vl-utils", "qwen_vl_utils"),
        ("qwen_vl_utils",),
        (),
        _EVERY,
        "every system (torchvision's video reader where decord has no build)",
        "https://github.com/QwenLM/Qwen2.5-VL#quickstart",
        unknown=_besides(),
        at="QwenLM/Qwen2.5-VL@f0af2996 README.md",
    ),
    # pytorch/torchtune@bd2a0fc7 README.md: "torchtune supports finetuning on a variety of
    # devices, including NVIDIA GPU, Intel XPU, AMD ROCm, Apple MPS, and Ascend NPU"; no system
    # named. (s18-since) the sentence came in 05b3b076 (2025-06-18), which no release tag holds:
    # not settled, no `since`.
    _row(
        "torchtune",
        ("torchtune",),
        ("torchtune",),
        (_CUDA, _XPU, _ROCM, _MPS, _NPU),
        (),
        "NVIDIA GPUs, Intel XPUs, AMD GPUs (ROCm), Apple MPS and Ascend NPUs",
        "https://github.com/pytorch/torchtune#readme",
        unknown=(*_besides(_CUDA, _XPU, _ROCM, _MPS, _NPU), *_EVERY),
        at="pytorch/torchtune@bd2a0fc7 README.md",
    ),
    # pytorch/torchchat@a1a7f370 README.md: "Supports popular hardware and OS: Linux (x86), Mac OS
    # (M1/M2/M3), Android, iOS 17+"; "If your machine has cuda add this flag" (exporting).
    # Windows is not among them.
    _row(
        "torchchat",
        (),
        ("torchchat",),
        (_CPU, _CUDA, _MPS),
        (LINUX, MACOS),
        "Linux (x86) and Mac OS (M1/M2/M3), Android and iOS; not Windows",
        "https://github.com/pytorch/torchchat#readme",
        unknown=_besides(_CPU, _CUDA, _MPS),
        at="pytorch/torchchat@a1a7f370 README.md",
    ),
    # Lightning-AI/pytorch-lightning@7f0c3436 README.md: "switch from running on CPU to GPU (Apple
    # Silicon, CUDA, …), TPU, multi-GPU"; its CI table, Linux, OSX and Windows. Its unified
    # package's name and module `lightning` is a word of prose ("SDXL Lightning"): not a name here.
    _row(
        "PyTorch Lightning",
        ("pytorch-lightning", "lightning-fabric"),
        ("pytorch_lightning", "lightning_fabric"),
        (_CPU, _CUDA, _MPS, _TPU),
        _EVERY,
        "CPUs, GPUs (Apple silicon, CUDA) and TPUs, on Linux, macOS and Windows",
        "https://github.com/Lightning-AI/pytorch-lightning#readme",
        unknown=_besides(_CPU, _CUDA, _MPS, _TPU),
        at="Lightning-AI/pytorch-lightning@7f0c3436 README.md",
        aliases=("Lightning Fabric",),
    ),
    # openai/whisper@c0d2f624 README.md "Setup": ffmpeg "on Ubuntu or Debian", "on Arch Linux",
    # "on MacOS using Homebrew", "on Windows using Chocolatey"/"Scoop"; no hardware named. Its
    # module `whisper` is also the word for its models (faster-whisper's, whisper.cpp's): none.
    _row(
        "openai-whisper",
        ("openai-whisper",),
        (),
        (),
        _EVERY,
        "Linux, macOS and Windows (ffmpeg from their package managers); no hardware named",
        "https://github.com/openai/whisper#setup",
        unknown=_besides(),
        at="openai/whisper@c0d2f624 README.md",
        aliases=("OpenAI Whisper",),
    ),
    # FunAudioLLM/CosyVoice@ace7c47f README.md "Install": conda, "sudo apt-get install sox
    # libsox-dev" / "sudo yum install sox sox-devel", ttsfrd's linux_x86_64 wheel; no other
    # system and no hardware named (its ttsfrd dependency is its own row).
    _row(
        "CosyVoice",
        (),
        ("cosyvoice",),
        (),
        (LINUX,),
        "Linux (its install names apt-get and yum); no hardware named",
        "https://github.com/FunAudioLLM/CosyVoice#install",
        unknown=(WINDOWS, MACOS, *_besides()),
        at="FunAudioLLM/CosyVoice@ace7c47f README.md",
        aliases=("Cosy Voice", "Fun-CosyVoice"),
    ),
    # k2-fsa/icefall@36e0420c README.md: recipes "using k2-fsa and lhotse"; the yesno recipe "is
    # the simplest ASR recipe in icefall and can be run on CPU" (since its first tag, v0.1); no
    # system named.
    _row(
        "icefall",
        (),
        ("icefall",),
        (_CPU,),
        (),
        "CPUs (its yesno recipe), the rest by k2's and lhotse's builds",
        "https://github.com/k2-fsa/icefall#readme",
        unknown=(*_besides(_CPU), *_EVERY),
        at="k2-fsa/icefall@36e0420c README.md",
    ),
    # pyg-team/pytorch_geometric@5c6461b2 README.md "Installation": its optional extensions' own
    # "CPU and GPU kernel implementations based on the PyTorch C++/CUDA/hip(ROCm) extension
    # interface", wheels for Linux, Windows and macOS (macOS `cpu` only).
    _row(
        "torch-geometric",
        ("torch-geometric", "torch_geometric"),
        ("torch_geometric",),
        (_CPU, _CUDA, _ROCM),
        _EVERY,
        "CPUs and NVIDIA/AMD GPUs on Linux and Windows, CPUs on macOS",
        "https://github.com/pyg-team/pytorch_geometric#installation",
        unknown=_besides(_CPU, _CUDA, _ROCM),
        at="pyg-team/pytorch_geometric@5c6461b2 README.md",
        aliases=("PyTorch Geometric", "PyG"),
    ),
    # keras-team/keras@3422977a README.md "Installation": "Keras 3 is compatible with Linux and
    # macOS systems. For Windows users, we recommend using WSL2 to run Keras" (v3.0.0: "Linux and
    # MacOS"); "from your laptop to large clusters of GPUs or TPUs"; "a CPU-only version of
    # TensorFlow, JAX, and PyTorch", and requirements-{backend}-cuda.txt "For GPU support".
    # Windows is a recommendation (WSL2), not an exclusion, and Keras 2 and 1 ran there with
    # TensorFlow's Windows builds (keras-team/keras#2459, 2016: "TensorFlow runs on Windows"),
    # which a paste that hides its release cannot be told from: unknown (s19 final read).
    _row(
        "Keras",
        ("keras",),
        ("keras",),
        (_CPU, _CUDA, _TPU),
        (LINUX, MACOS),
        "CPUs, NVIDIA GPUs (CUDA) and TPUs, on Linux and macOS; Windows under WSL2",
        "https://github.com/keras-team/keras#installation",
        "WSL2, which its README recommends to Windows users",
        unknown=(*_besides(_CPU, _CUDA, _TPU), WINDOWS),
        at="keras-team/keras@3422977a README.md",
        aliases=("Keras 3", "keras3"),
    ),
    # bmaltais/kohya_ss@45088f04 README.md: Windows, "Support for Linux and macOS is also
    # available ... macOS compatibility may vary"; docs/Installation/pip_linux.md: "NVIDIA GPU –
    # Required for training", "--use-ipex Use native PyTorch XPU for Intel Arc GPUs", "--use-rocm
    # Use ROCm environment"; Apple silicon's GPUs are named only as CUDA's not being "compatible".
    _row(
        "kohya_ss",
        (),
        (),
        (_CUDA, _XPU, _ROCM),
        _EVERY,
        "NVIDIA GPUs, Intel Arc (XPU) and AMD GPUs (ROCm), on Windows, Linux and macOS",
        "https://github.com/bmaltais/kohya_ss#installation-options",
        unknown=(_MPS,),
        at="bmaltais/kohya_ss@45088f04 README.md, docs/Installation/pip_linux.md",
        aliases=("Kohya's GUI", "kohya ss", "kohya-ss gui"),
    ),
    # Nerogar/OneTrainer@23df3832 README.md "Installation": "Windows: Double click or execute
    # install.bat", "Linux and Mac: Execute install.sh"; no hardware named.
    _row(
        "OneTrainer",
        (),
        (),
        (),
        _EVERY,
        "Windows, Linux and Mac (its install scripts); no hardware named",
        "https://github.com/Nerogar/OneTrainer#installation",
        unknown=_besides(),
        at="Nerogar/OneTrainer@23df3832 README.md",
        aliases=("One Trainer",),
    ),
    # jax-ml/jax@cec06d11 README.md "Supported platforms": CPU on Linux, macOS and Windows; NVIDIA
    # GPU on Linux ("experimental" under WSL2, "no" on Windows); Google TPU; AMD GPU on Linux x86;
    # Apple GPU "experimental" (Mac aarch64); Intel GPU "experimental" (Linux). A backend under
    # one system only is not the table's shape: NVIDIA and AMD GPUs and TPUs are its plugins'
    # rows (JAX CUDA plugin, JAX ROCm plugin, libtpu, each Linux only), and unknown here (a
    # question about JAX on an NVIDIA GPU under Windows is not answered "listed"); this row is
    # JAX's CPU path and its experimental Apple and Intel GPU plugins. (s18-since) "Apple GPU"
    # first at jax-v0.4.13 (85a84fde, 2023-06-22).
    _row(
        "JAX",
        ("jax", "jaxlib"),
        ("jax", "jaxlib"),
        (_CPU, _MPS, _XPU),
        _EVERY,
        "CPUs on Linux, macOS and Windows, Apple and Intel GPUs experimental; NVIDIA and AMD "
        "GPUs and TPUs on Linux by its plugins",
        "https://github.com/jax-ml/jax#supported-platforms",
        unknown=_besides(_CPU, _MPS, _XPU),
        at="jax-ml/jax@cec06d11 README.md",
    ),
)

_BY_MODULE: Final = {m: row for row in TABLE for m in row.modules}
_BY_DIST: Final = {canonical_name(d): row for row in TABLE for d in row.dists}
_BY_NAME: Final = {row.name: row for row in TABLE}


def of_module(package: str) -> Supported | None:
    """The row of the library whose import package a traceback frame names."""
    return _BY_MODULE.get(package)


def of_dist(name: str) -> Supported | None:
    """The row of the library a distribution name (pip's, any spelling) is."""
    return _BY_DIST.get(canonical_name(name))


def of_name(name: str) -> Supported | None:
    """The row of the library findings call `name`."""
    return _BY_NAME.get(name)


# issue 38 (s17-tracker): the repository a row was read at, from its `at` ("owner/name@commit
# path", several joined by "; "); a part whose head has no "/" ("xpu-main@…", a branch) is no
# repository. (s17-mend-tracker) Where a row was read is no longer where its library's issues
# are filed (TRACKERS below): tests/test_tracker.py checks every repository read here has a
# decision there.
_AT_REPOSITORY: Final = re.compile(
    r"(?:^|; )([A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100})@"
)


def repositories_read(row: Supported) -> tuple[str, ...]:
    """The repositories (OWNER/NAME) a row's `at` names, in order."""
    return tuple(dict.fromkeys(m[1] for m in _AT_REPOSITORY.finditer(row.at)))


@dataclass(frozen=True, slots=True)
class Tracker:
    """issue 38 (s17-mend-tracker): a repository and the row of the library its issues are
    about, with the README's first lines that say so (what the repository describes as its
    project). `covers`: where the repository's tracker covers more than the row's library (or
    another library altogether), what its README says it holds; such a repository answers for
    no row (`of_repository`), though a row was read there."""

    repository: str
    library: str
    readme: str
    covers: str = ""


def _is(repository: str, library: str, readme: str) -> Tracker:
    return Tracker(repository, library, readme)


def _not(repository: str, library: str, readme: str, covers: str) -> Tracker:
    return Tracker(repository, library, readme, covers)


# issue 38 (s17-mend-tracker): every repository a row was read at, decided by what its README's
# first lines describe as the project (the stored README of the repository, its commit where it
# differs from the row's), not by where the row was read. A repository answers for a row only
# where the row's library IS its project: the red team's faiss#2522 ("Segfault during
# index.search on M1", faiss-cpu on a Mac) was answered with the faiss-gpu row that
# facebookresearch/faiss's INSTALL.md was read for.
TRACKERS: Final = (
    _is("Dao-AILab/flash-attention", "flash-attn", "# FlashAttention / This repository provides "
        "the official implementation of FlashAttention and FlashAttention-2"),
    _is("facebookresearch/xformers", "xformers", "## xFormers - Toolbox to Accelerate Research "
        "on Transformers"),
    _is("state-spaces/mamba", "mamba-ssm", "# Mamba / Mamba: Linear-Time Sequence Modeling "
        "with Selective State Spaces"),
    _is("Dao-AILab/causal-conv1d", "causal-conv1d", "# Causal depthwise conv1d in CUDA with a "
        "PyTorch interface"),
    _is("thu-ml/SageAttention", "SageAttention", "# SageAttention / This repository provides "
        "the official implementation of SageAttention, SageAttention2, and SageAttention2++"),
    _is("triton-lang/triton", "Triton", "# Triton / This is the development repository of "
        "Triton, a language and compiler for writing highly efficient custom Deep-Learning "
        "primitives"),
    _is("woct0rdho/triton-windows", "triton-windows", "# Triton fork for Windows support"),
    _is("vllm-project/vllm", "vLLM", "Easy, fast, and cheap LLM serving for everyone … vLLM is "
        "a fast and easy-to-use library for LLM inference and serving"),
    _is("deepspeedai/DeepSpeed", "DeepSpeed", "The DeepSpeed library (this repository) "
        "implements and packages the innovations and technologies in DeepSpeed Training, "
        "Inference and Compression"),
    _is("AutoGPTQ/AutoGPTQ", "AutoGPTQ", "AutoGPTQ / An easy-to-use LLMs quantization package "
        "with user-friendly apis, based on GPTQ algorithm"),
    _is("casper-hansen/AutoAWQ", "AutoAWQ", "# AutoAWQ / AutoAWQ is an easy-to-use package for "
        "4-bit quantized models"),
    _is("turboderp-org/exllamav2", "ExLlamaV2", "# ExLlamaV2 / ExLlamaV2 is an inference "
        "library for running local LLMs on modern consumer GPUs"),
    _is("OpenNMT/CTranslate2", "CTranslate2", "# CTranslate2 / CTranslate2 is a C++ and Python "
        "library for efficient inference with Transformer models"),
    _is("SYSTRAN/faster-whisper", "faster-whisper", "# Faster Whisper transcription with "
        "CTranslate2 / faster-whisper is a reimplementation of OpenAI's Whisper model"),
    _is("NVIDIA/apex", "apex", "The aim of Apex repository is to streamline mixed precision and "
        "distributed training in Pytorch"),
    _is("NVIDIA/TensorRT", "TensorRT", "This repository contains the Open Source Software (OSS) "
        "components of NVIDIA TensorRT"),
    _not("pytorch/TensorRT", "TensorRT", "Torch-TensorRT / Easily achieve the best inference "
         "performance for any PyTorch model on the NVIDIA platform",
         "Torch-TensorRT, PyTorch's compiler to TensorRT, not NVIDIA TensorRT whose "
         "documentation the row quotes"),
    _not("microsoft/onnxruntime", "onnxruntime-gpu", "ONNX Runtime is a performance-focused "
         "inference engine for ONNX (Open Neural Network Exchange) models",
         "ONNX Runtime with every execution provider (CPU, CUDA, TensorRT, DirectML, OpenVINO"
         "…): three rows were read there"),
    _not("microsoft/onnxruntime", "onnxruntime-directml", "ONNX Runtime is a performance-focused"
         " inference engine", "ONNX Runtime with every execution provider"),
    _not("microsoft/onnxruntime", "onnxruntime-openvino", "ONNX Runtime is a performance-focused"
         " inference engine", "ONNX Runtime with every execution provider"),
    _is("cupy/cupy", "CuPy", "# CuPy : NumPy-like API accelerated with CUDA"),
    _is("OpenBMB/cpm_kernels", "cpm_kernels", "(its repository's name is its package's: the row "
        "was read at cpm_kernels/library/base.py; README not stored)"),
    _is("linkedin/Liger-Kernel", "Liger-Kernel", "# Liger Kernel: Efficient Triton Kernels for "
        "LLM Training"),
    _is("flashinfer-ai/flashinfer", "FlashInfer", "FlashInfer is a library and kernel generator "
        "for inference"),
    _is("nunchaku-tech/nunchaku", "nunchaku", "Nunchaku is a high-performance inference engine "
        "optimized for 4-bit neural networks (nunchux-ai/nunchaku@777644e0 README.md)"),
    _is("traveller59/spconv", "spconv", "# SpConv: PyTorch Spatially Sparse Convolution "
        "Library"),
    _is("NVIDIAGameWorks/kaolin", "Kaolin", "Kaolin is a PyTorch library aiming to accelerate 3D "
        "deep learning research"),
    _is("facebookresearch/pytorch3d", "PyTorch3D", "PyTorch3D is FAIR's library of reusable "
        "components for deep learning with 3D data"),
    _is("rusty1s/pytorch_scatter", "torch-scatter", "This package consists of a small extension "
        "library of highly optimized sparse update (scatter and segment) operations"),
    _is("dmlc/decord", "decord", "# Decord / Decord is a reverse procedure of Record. It "
        "provides convenient video slicing methods"),
    _is("abetlen/llama-cpp-python", "llama-cpp-python", "# Python Bindings for llama.cpp"),
    _is("ModelCloud/GPTQModel", "GPTQModel", "GPTQModel / An easy-to-use LLM quantization and "
        "inference toolkit based on GPTQ algorithm"),
    _is("pytorch/ao", "torchao", "# torchao: PyTorch Architecture Optimization"),
    _is("InternLM/lmdeploy", "LMDeploy", "LMDeploy is a toolkit for compressing, deploying, and "
        "serving LLM"),
    _is("sgl-project/sglang", "SGLang", "# SGLang / SGLang is a structured generation language "
        "designed for large language models (LLMs)"),
    _is("NVIDIA/TensorRT-LLM", "TensorRT-LLM", "TensorRT-LLM / A TensorRT Toolbox for Optimized "
        "Large Language Model Inference"),
    _is("mlc-ai/mlc-llm", "MLC-LLM", "# MLC LLM / Universal LLM Deployment Engine with ML "
        "Compilation"),
    _is("intel/ipex-llm", "ipex-llm", "# Intel® LLM Library for PyTorch* / IPEX-LLM is an LLM "
        "acceleration library for Intel GPU"),
    _is("huggingface/optimum-quanto", "optimum-quanto", "# Optimum Quanto / Optimum Quanto is a "
        "pytorch quantization backend for optimum"),
    _is("intel/intel-extension-for-pytorch", "Intel Extension for PyTorch", "## THIS PROJECT IS "
        "ARCHIVED … Intel® Extension for PyTorch*"),
    _not("microsoft/DirectML", "torch-directml", "# DirectML / DirectML is a high-performance, "
         "hardware-accelerated DirectX 12 library for machine learning",
         "DirectML itself, with its samples for ONNX Runtime, TensorFlow and PyTorch; "
         "torch-directml is its PyTorch/ directory's package"),
    _is("NVIDIA/TransformerEngine", "Transformer Engine", "Transformer Engine (TE) is a library "
        "for accelerating Transformer models on NVIDIA GPUs"),
    _is("facebookresearch/detectron2", "detectron2", "Detectron2 is Facebook AI Research's next "
        "generation library that provides state-of-the-art detection and segmentation "
        "algorithms"),
    _is("huggingface/text-generation-inference", "text-generation-inference",
        "text-generation-inference is now in maintenance mode"),
    _is("vllm-project/vllm-ascend", "vLLM Ascend", "vLLM Ascend Plugin"),
    _is("turboderp-org/exllamav3", "ExLlamaV3", "# ExLlamaV3 / ExLlamaV3 is an inference "
        "library for running local LLMs on modern consumer GPUs"),
    _is("NVlabs/tiny-cuda-nn", "tiny-cuda-nn", "# Tiny CUDA Neural Networks / This is a small, "
        "self-contained framework for training and querying neural networks"),
    _is("nerfstudio-project/gsplat", "gsplat", "# gsplat / gsplat is an open-source library for "
        "CUDA accelerated rasterization of gaussians with python bindings"),
    _is("ml-explore/mlx", "MLX", "# MLX / MLX is an array framework for machine learning on "
        "Apple silicon"),
    _is("intel/auto-round", "AutoRound", "AutoRound is an advanced quantization toolkit designed "
        "for Large Language Models (LLMs) and Vision-Language Models (VLMs)"),
    _is("oobabooga/text-generation-webui", "text-generation-webui", "# TextGen / A desktop app "
        "for local LLMs"),
    _is("kvcache-ai/ktransformers", "KTransformers", "KTransformers is a research project focused"
        " on efficient inference and fine-tuning of large language models … two user-facing "
        "capabilities from the kt-kernel (the row holds both distributions)"),
    _is("comfyanonymous/ComfyUI", "ComfyUI", "# ComfyUI / The most powerful and modular visual "
        "AI engine and application (Comfy-Org/ComfyUI's snapshot)"),
    _is("NVIDIA/DALI", "DALI", "NVIDIA DALI / The NVIDIA Data Loading Library (DALI) is a "
        "GPU-accelerated library for data loading and pre-processing"),
    _is("pytorch/xla", "PyTorch/XLA", "# PyTorch/XLA / PyTorch/XLA is a Python package that uses "
        "the XLA deep learning compiler"),
    _is("huggingface/optimum-habana", "optimum-habana", "# Optimum for Intel® Gaudi® Accelerators"
        " / Optimum for Intel Gaudi - a.k.a. optimum-habana"),
    _is("huggingface/optimum-neuron", "optimum-neuron", "# Optimum Neuron / Optimum Neuron is the"
        " interface between the Transformers library and AWS Accelerators"),
    _is("SHI-Labs/NATTEN", "NATTEN", "Fast Multi-dimensional Sparse Attention … NATTEN is an "
        "open-source project"),
    _is("bitsandbytes-foundation/bitsandbytes", "bitsandbytes", "bitsandbytes enables accessible "
        "large language models via k-bit quantization for PyTorch"),
    _is("NVlabs/nvdiffrast", "nvdiffrast", "## Nvdiffrast – Modular Primitives for "
        "High-Performance Differentiable Rendering"),
    _is("graphdeco-inria/diff-gaussian-rasterization", "diff-gaussian-rasterization",
        "# Differential Gaussian Rasterization / Used as the rasterization engine for the paper "
        "\"3D Gaussian Splatting for Real-Time Rendering of Radiance Fields\""),
    _is("camenduru/simple-knn", "simple-knn", "simple-knn / Description: It compute the average "
        "distance to the nearest neighbors for a set of 3D points"),
    _not("facebookresearch/faiss", "faiss-gpu", "# Faiss / Faiss is a library for efficient "
         "similarity search and clustering of dense vectors",
         "Faiss, CPU and GPU: most of its issues are about faiss-cpu (faiss#2522, a Mac), which "
         "the faiss-gpu row does not describe"),
    _is("unslothai/unsloth", "Unsloth", "Unsloth is the first desktop app to run and train "
        "models"),
    _is("dmlc/dgl", "DGL", "DGL is an easy-to-use, high performance and scalable Python package "
        "for deep learning on graphs"),
    _is("pyg-team/pyg-lib", "pyg-lib", "# pyg-lib / We provide pre-built Python wheels for all "
        "major OS/PyTorch/CUDA combinations"),
    _is("rusty1s/pytorch_cluster", "torch-cluster", "# PyTorch Cluster / This package consists "
        "of a small extension library of highly optimized graph cluster algorithms"),
    _is("k2-fsa/k2", "k2", "# k2 / The vision of k2 is to be able to seamlessly integrate Finite "
        "State Automaton (FSA) and Finite State Transducer (FST) algorithms into autograd-based "
        "machine learning toolkits"),
    _is("fishaudio/fish-speech", "fish-speech", "Fish Speech (its README's heading)"),
    _not("FunAudioLLM/CosyVoice", "ttsfrd", "## CosyVoice / Fun-CosyVoice 3.0, CosyVoice 2.0, "
         "CosyVoice 1.0: Demos, Paper, Modelscope, Huggingface",
         "CosyVoice, the speech models and their code; ttsfrd is an optional text-normalization "
         "dependency its README installs"),
    _is("m-bain/whisperX", "WhisperX", "WhisperX (its README's heading)"),
    _is("invoke-ai/InvokeAI", "InvokeAI", "# Invoke - Professional Creative AI Tools for Visual "
        "Media"),
    _is("lllyasviel/Fooocus", "Fooocus", "# Fooocus / Fooocus is an image generating software"),
    _is("vladmandic/sdnext", "SD.Next", "# SD.Next: All-in-one WebUI"),
    _is("kohya-ss/sd-scripts", "sd-scripts", "# sd-scripts"),
    _is("huggingface/text-embeddings-inference", "text-embeddings-inference", "# Text Embeddings "
        "Inference / A blazing fast inference solution for text embeddings models"),
    _is("turboderp/exllama", "ExLlama", "# ExLlama / A standalone Python/C++/CUDA implementation "
        "of Llama for use with 4-bit GPTQ weights"),
    _is("PygmalionAI/aphrodite-engine", "Aphrodite", "Aphrodite is an inference engine that "
        "optimizes the serving of HuggingFace-compatible models at scale"),
    _not("jax-ml/jax", "JAX CUDA plugin", "# Transformable numerical computing at scale / JAX is "
         "a Python library for accelerator-oriented array computation",
         "JAX itself and each of its plugins: three rows were read there"),
    _not("jax-ml/jax", "JAX ROCm plugin", "JAX is a Python library for accelerator-oriented "
         "array computation", "JAX itself and each of its plugins"),
    _not("jax-ml/jax", "libtpu", "JAX is a Python library for accelerator-oriented array "
         "computation", "JAX itself and each of its plugins"),
    _is("isl-org/Open3D", "Open3D", "# Open3D: A Modern Library for 3D Data Processing"),
    _not("NVIDIA/Megatron-LM", "Megatron-Core", "Megatron-LM and Megatron Core / This repository "
         "contains two components: Megatron-LM and Megatron Core",
         "Megatron-LM's training scripts as well as the Megatron Core library of the row"),
    _is("NVIDIA/NeMo", "NeMo", "# NVIDIA NeMo Framework"),
    _is("hpcaitech/ColossalAI", "ColossalAI", "# Colossal-AI / Colossal-AI: Making large AI "
        "models cheaper, faster, and more accessible"),
    _is("facebookresearch/fairscale", "FairScale", "FairScale is a PyTorch extension library for "
        "high performance and large scale training"),
    _not("pytorch/FBGEMM", "FBGEMM_GPU", "# The FBGEMM Project / The FBGEMM Project is a "
         "repository of highly-optimized kernels … published as three related packages: FBGEMM, "
         "…", "FBGEMM (the CPU library), FBGEMM_GPU and FBGEMM GenAI: three packages"),
    _is("meta-pytorch/torchcodec", "TorchCodec", "# TorchCodec / TorchCodec is a PyTorch-native "
        "library for decoding and encoding media"),
    _is("vosen/ZLUDA", "ZLUDA", "ZLUDA is a drop-in replacement for CUDA on non-NVIDIA GPUs"),
    _is("DeepLink-org/dlinfer", "dlinfer",
        "# 介绍 / dlinfer提供了一套将国产硬件接入大模型推理框架的解决方案"),
    _is("MooreThreads/torch_musa", "torch_musa", "torch_musa is an extended Python package based "
        "on PyTorch"),
    _is("Cambricon/torch_mlu", "torch_mlu", "# Cambricon MLU Extension for PyTorch / torch_mlu "
        "是寒武纪科技开发的 PyTorch 扩展包"),
    _is("huggingface/optimum-intel", "optimum-intel", "# Optimum Intel / Optimum Intel is the "
        "interface between the Transformers, Diffusers … libraries and the different tools and "
        "libraries provided by Intel"),
    _is("intel/intel-npu-acceleration-library", "intel-npu-acceleration-library", "# Intel® NPU "
        "Acceleration Library / a Python library designed to boost the efficiency of your "
        "applications by leveraging the power of the Intel Neural Processing Unit"),
    _is("apple/coremltools", "coremltools", "Core ML Tools / Use Core ML Tools (coremltools) to "
        "convert machine learning models from third-party libraries to the Core ML format"),
    _is("microsoft/tensorflow-directml-plugin", "tensorflow-directml-plugin",
        "# TensorFlow-DirectML-Plugin"),
    _is("rapidsai/cudf", "cuDF", "cuDF - A GPU-accelerated DataFrame library for tabular data "
        "processing"),
    _is("rapidsai/cuml", "cuML", "cuML - GPU Machine Learning Algorithms"),
    _is("open-mmlab/mmcv", "mmcv", "MMCV is a foundational library for computer vision "
        "research"),
    _not("PaddlePaddle/docs", "paddlepaddle-gpu", "FluidDoc / FluidDoc consolidates all the "
         "documentations related to Paddle", "the documentation of all of PaddlePaddle (its "
         "issues are about the docs, any package, any machine)"),
    _is("openvinotoolkit/openvino", "OpenVINO", "OpenVINO™ is an open-source toolkit for simple "
        "and efficient deployment of various deep-learning models"),
    _is("AUTOMATIC1111/stable-diffusion-webui", "stable-diffusion-webui", "Stable Diffusion web "
        "UI (the README at 72632242 the row was read at; the stored copy of the default branch "
        "is another branch's Krita plugin, \"based on this repository\")"),
    # issue 38 (s19-rows): the repositories the s19 rows were read at
    _is("huggingface/trl", "TRL", "# TRL - Transformers Reinforcement Learning"),
    _is("huggingface/peft", "PEFT", "🤗 PEFT / State-of-the-art Parameter-Efficient Fine-Tuning "
        "(PEFT) methods"),
    _is("huggingface/diffusers", "diffusers", "🤗 Diffusers is the go-to library for "
        "state-of-the-art pretrained diffusion models"),
    _is("UKPLab/sentence-transformers", "sentence-transformers", "# Sentence Transformers: "
        "Embeddings, Retrieval, and Reranking"),
    _is("huggingface/optimum", "Optimum", "Optimum is an extension of Transformers 🤖 Diffusers 🧨 "
        "TIMM 🖼️ and Sentence-Transformers 🤗, providing a set of optimization tools"),
    _is("huggingface/optimum-amd", "optimum-amd", "# Optimum-AMD / 🤗 Optimum-AMD is an "
        "extension to Hugging Face libraries enabling performance optimizations for ROCm for AMD "
        "GPUs"),
    _is("hiyouga/LLaMA-Factory", "LLaMA-Factory", "LLaMA Factory (its README's logo and badges; "
        "\"Easily fine-tune 100+ large language models\")"),
    _is("axolotl-ai-cloud/axolotl", "axolotl", "Axolotl (its README's logo; \"A Free and Open "
        "Source LLM Fine-tuning Framework\")"),
    _is("modelscope/ms-swift", "ms-swift", "# SWIFT (Scalable lightWeight Infrastructure for "
        "Fine-Tuning)"),
    _is("OpenRLHF/OpenRLHF", "OpenRLHF", "OpenRLHF is the first high-performance, "
        "production-ready open-source RLHF framework"),
    _is("lm-sys/FastChat", "FastChat", "# FastChat / FastChat is an open platform for training, "
        "serving, and evaluating large language model based chatbots"),
    _is("haotian-liu/LLaVA", "LLaVA", "# 🌋 LLaVA: Large Language and Vision Assistant"),
    _is("OpenGVLab/InternVL", "InternVL", "# InternVL Family: Closing the Gap to Commercial "
        "Multimodal Models with Open-Source Suites"),
    _is("modelscope/modelscope", "ModelScope", "# Introduction / ModelScope is built upon the "
        "notion of “Model-as-a-Service” (MaaS)"),
    _not("QwenLM/Qwen2.5-VL", "qwen-vl-utils", "# Qwen2.5-VL", "the Qwen2.5-VL models and their "
         "use; qwen-vl-utils is the toolkit its README installs"),
    _is("pytorch/torchtune", "torchtune", "# torchtune (\"Torchtune is no longer actively "
        "maintained\")"),
    _is("pytorch/torchchat", "torchchat", "# Chat with LLMs Everywhere / torchchat is a small "
        "codebase showcasing the ability to run large language models (LLMs) seamlessly"),
    _is("Lightning-AI/pytorch-lightning", "PyTorch Lightning", "The deep learning framework to "
        "pretrain and finetune AI models"),
    _is("openai/whisper", "openai-whisper", "# Whisper / Whisper is a general-purpose speech "
        "recognition model"),
    _not("FunAudioLLM/CosyVoice", "CosyVoice", "## CosyVoice / Fun-CosyVoice 3.0, CosyVoice 2.0, "
         "CosyVoice 1.0", "CosyVoice, and ttsfrd, the optional dependency its README installs: "
         "two rows"),
    _is("k2-fsa/icefall", "icefall", "# Introduction / The icefall project contains "
        "speech-related recipes for various datasets using k2-fsa and lhotse"),
    _is("pyg-team/pytorch_geometric", "torch-geometric", "PyG (PyTorch Geometric) is a library "
        "built upon PyTorch to easily write and train Graph Neural Networks"),
    _is("keras-team/keras", "Keras", "# Keras 3: Deep Learning for Humans"),
    _is("bmaltais/kohya_ss", "kohya_ss", "# Kohya's GUI / This is a GUI and CLI for training "
        "diffusion models"),
    _is("Nerogar/OneTrainer", "OneTrainer", "# OneTrainer / OneTrainer is a one-stop solution "
        "for all your Diffusion training needs"),
    _not("jax-ml/jax", "JAX", "# Transformable numerical computing at scale / What is JAX?",
         "JAX itself and each of its plugins"),
)  # fmt: skip
# issue 38 (s17-tracker): the other names of a row's repository, each group one repository under
# every name it has had (GitHub redirects an old name to the new one), with where each was read:
# - cuDF and cuML moved from rapidsai to NVIDIA: NVIDIA/cudf#23632 ("Update cuDF repository
#   references for NVIDIA organization", reviewed 2026-08-17/18: github.com/rapidsai/cudf →
#   github.com/NVIDIA/cudf) and NVIDIA/cuml#8552 ("Update link references for `rapidsai` ->
#   `nvidia`", 2026-09-02, for cuml, cuvs, raft and cudf); their rows were read at rapidsai/…;
# - DeepSpeed moved from microsoft to deepspeedai: the pull request a thread links as
#   github.com/microsoft/DeepSpeed/pull/3907 (neonbjb/tortoise-tts#566) is stored as
#   deepspeedai/DeepSpeed#3907;
# - Triton moved from openai to triton-lang: threads link github.com/openai/triton/issues/1640
#   (PKU-YuanGroup/MagicTime#22, ostris/ai-toolkit#26), stored as triton-lang/triton#1640;
# - (s19-asked) ComfyUI moved from comfyanonymous to Comfy-Org: a thread's comment links
#   github.com/comfyanonymous/ComfyUI/pull/244 (Comfy-Org/ComfyUI#135, stored there), and
#   TRACKERS' README of comfyanonymous/ComfyUI is Comfy-Org/ComfyUI's snapshot;
# - bitsandbytes moved from TimDettmers to bitsandbytes-foundation: its own 0.3x banner links
#   github.com/TimDettmers/bitsandbytes/issues (readers/bitsandbytes.py), and the project's
#   issues are stored under bitsandbytes-foundation/bitsandbytes (#252, #485);
# - nunchaku: its row was read at nunchaku-tech/nunchaku; its issues are stored under
#   nunchux-ai/nunchaku (#279, #547), whose issue template still links
#   github.com/mit-han-lab/nunchaku/discussions, the repository's first name;
#   (s17-mend-tracker) and whose README (nunchux-ai/nunchaku@777644e0) names it
#   nunchaku-ai/nunchaku throughout ("github.com/nunchaku-ai/nunchaku/issues/149",
#   "deepwiki.com/nunchaku-ai/nunchaku"): the full_name a bot there is given;
# - (s19-rows) LLaMA-Factory's issues are stored under hiyouga/LlamaFactory (#6064, #7799), its
#   row read at hiyouga/LLaMA-Factory; torchtune's under meta-pytorch/torchtune (#1215), whose
#   README's own notice links github.com/meta-pytorch/torchtune/issues, its row read at
#   pytorch/torchtune.
RENAMED: Final = (
    ("NVIDIA/cudf", "rapidsai/cudf"),
    ("NVIDIA/cuml", "rapidsai/cuml"),
    ("deepspeedai/DeepSpeed", "microsoft/DeepSpeed"),
    ("triton-lang/triton", "openai/triton"),
    ("bitsandbytes-foundation/bitsandbytes", "TimDettmers/bitsandbytes"),
    ("Comfy-Org/ComfyUI", "comfyanonymous/ComfyUI"),
    (
        "nunchux-ai/nunchaku",
        "nunchaku-ai/nunchaku",
        "nunchaku-tech/nunchaku",
        "mit-han-lab/nunchaku",
    ),
    ("hiyouga/LlamaFactory", "hiyouga/LLaMA-Factory"),
    ("meta-pytorch/torchtune", "pytorch/torchtune"),
)
_SAME_REPOSITORY: Final = {n.lower(): group for group in RENAMED for n in group}


def _names_of(repository: str) -> tuple[str, ...]:
    """Every name `repository` has had (itself alone where RENAMED has none), folded."""
    folded = repository.lower()
    return tuple(n.lower() for n in _SAME_REPOSITORY.get(folded, (folded,)))


def _rows_by_repository() -> dict[str, Supported]:
    """Each name of each repository TRACKERS says is one row's library's, to that row."""
    rows: dict[str, Supported] = {}
    for tracker in TRACKERS:
        if not tracker.covers:
            for name in _names_of(tracker.repository):
                rows[name] = _BY_NAME[tracker.library]
    return rows


_BY_REPOSITORY: Final = _rows_by_repository()


def of_repository(repository: str) -> Supported | None:
    """issue 38 (s17-tracker): the row of the library whose repository (`owner/name`, any case,
    any of its names in RENAMED) an issue was filed in. (s17-mend-tracker) Only where TRACKERS
    says the row's library is the repository's project: None where no row is, and where the
    repository covers more than one row's library (facebookresearch/faiss: faiss-cpu too;
    microsoft/onnxruntime's three execution providers; PaddlePaddle/docs)."""
    return _BY_REPOSITORY.get(repository.lower())
