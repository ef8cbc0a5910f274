"""Facts: what was observed on a machine, nothing derived, and the evidence record.

`Evidence` is the one record diagnosis reads. It has a versioned JSON form
(`Evidence.to_json` / `Evidence.from_json`): a file written by this version keeps loading
after later versions add fields (unknown keys are ignored, missing ones are unknown), and
every section can be unknown (`None`), as it is when the evidence comes from a pasted
report that shows only part of a machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Annotated, Any, Final

from hwdoctor.compat.drivers import DriverSaid, DriverWords, driver_said
from hwdoctor.model.serial import Json, Record, milliseconds, read
from hwdoctor.text import clip

# Major: a change old readers cannot follow; minor: fields added.
# 1.4: a backend's typed words in place of `detail`; python.uv, python.pip
# 1.5: `libraries` (what the process loaded, who owns it, ROCm's wheels), host.kernel_log,
# host.nvidia.health
EVIDENCE_VERSION: Final = "1.5"
EVIDENCE_KIND: Final = "hwdoctor.evidence"

# How fields differ from their type's JSON form (model/serial.py).
EVIDENCE: Final = Json(evidence_only=True)  # in evidence files, not in detect's JSON
UNKNOWN: Final = Json(missing="unknown")  # a name that is missing or empty reads as this
QUOTE: Final = Json(needed=True)  # the record's reason: without its line, no record


class Section(str, Enum):
    """The parts of the evidence a check can read; each can be unknown on its own."""

    PYTHON = "python"  # the target interpreter
    PACKAGES = "packages"  # distributions and their metadata
    TORCH = "torch"  # torch's version, build, and whether it imports
    BACKENDS = "backends"  # what the probe learned per backend
    HOST = "host"  # the host scan: hardware signals, CPU, memory
    TOOLS = "tool_problems"  # vendor tools that failed
    FAILURES = "failures"  # probe steps that raised, hung or crashed
    ENTRY_POINTS = "entry_points"  # torch.backends autoload entry points
    ENV = "env"  # the environment variables that steer device choice
    # Part of the host scan a pasted report never shows: the container, /dev/shm, the
    # device nodes' permissions (`HostFacts.placement`).
    PLACEMENT = "placement"
    # What the probe's own process loaded after `import torch`, and who installed it.
    LIBRARIES = "libraries"


@dataclass(frozen=True, slots=True)
class ErrorInfo(Record):
    """An exception observed in the target interpreter, as data."""

    type: Annotated[str, Json(missing="Error")]
    message: str
    cause: str | None = None  # "Type: message" of the chained exception
    traceback: Annotated[str | None, Json(evidence_only=True)] = None

    @classmethod
    def from_probe(cls, data: Any) -> ErrorInfo | None:
        """The payload's form: the cause is a nested {type, message}."""
        if not isinstance(data, Mapping) or not data:
            return None
        cause = data.get("cause")
        return cls(
            type=str(data.get("type", "Error")),
            message=str(data.get("message", "")),
            cause=f"{cause.get('type')}: {cause.get('message')}"
            if isinstance(cause, Mapping)
            else None,
            traceback=_str(data.get("traceback")),
        )

    def one_line(self, limit: int = 240) -> str:
        """The error on one line, short enough to read; the full text stays in evidence."""
        text = f"{self.type}: {self.message}".strip().rstrip(":")
        first = clip(text.splitlines()[0] if text else self.type, limit)
        if self.cause:
            first += f" (caused by {clip(self.cause.splitlines()[0], limit // 2)})"
        return first


@dataclass(frozen=True, slots=True)
class Device(Record):
    index: int
    name: str | None
    total_memory_bytes: int | None = None
    free_memory_bytes: int | None = None
    capability: str | None = None  # "9.0" (CUDA), or the gfx arch on ROCm
    uuid: str | None = None
    allocatable: bool | None = None  # a tensor could be created on it (None: not tried)
    allocate_error: Annotated[str | None, EVIDENCE] = None
    # "0000:3b:00.0", as sysfs names the function
    pci_bus_id: Annotated[str | None, EVIDENCE] = None
    integrated: Annotated[bool | None, EVIDENCE] = None  # shares the host's memory
    # torch.accelerator.get_memory_info(index) answered (None: not asked, another type)
    accelerator_memory: Annotated[bool | None, EVIDENCE] = None

    @classmethod
    def json_input(cls, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """A probe payload's device says `arch` on ROCm."""
        return {**data, "capability": _capability(data)}


@dataclass(frozen=True, slots=True)
class PythonInfo(Record):
    executable: Annotated[str, UNKNOWN]
    version: Annotated[str, UNKNOWN]
    prefix: str
    is_venv: bool
    externally_managed: bool = False  # PEP 668: pip refuses to install into it
    conda: bool = False  # a conda environment (conda-meta/ in its prefix)
    uv: bool = False  # a virtual environment uv made (pyvenv.cfg names uv)
    has_pip: Annotated[bool | None, Json("pip")] = None  # pip is installed in it; None: not known
    # The tool installer ("pipx", "uv tool") whose environment for one app this is, read from
    # the receipt it writes there (gather/interpreter.py); None: any other environment.
    tool: str | None = None


@dataclass(frozen=True, slots=True)
class Package(Record):
    """A distribution as its metadata describes it, read without importing it."""

    name: Annotated[str, Json(key=True)]  # the key of `Evidence.packages`
    version: Annotated[str, UNKNOWN]
    requires_torch: tuple[str, ...] = ()  # its Requires-Dist lines about torch
    home_page: str | None = None


@dataclass(frozen=True, slots=True)
class TorchInfo(Record):
    version: str | None  # None: not installed
    importable: bool
    build: str | None = None  # registry.Build value
    cuda: str | None = None
    hip: str | None = None
    accelerator: str | None = None  # torch.accelerator.current_accelerator()
    error: ErrorInfo | None = None
    collectives: tuple[str, ...] = ()  # torch.distributed backends built in: gloo, nccl, ...
    # torch's own CPU checks: AVX512-BF16 or AMX tiles, which run bfloat16 natively
    cpu_bf16: bool | None = None
    # The C++ compiler Inductor's CPU backend calls ($CXX, else g++; clang++ on macOS, cl on
    # Windows) and where it is on PATH; None: not looked for (an older file).
    cxx: str | None = None
    cxx_path: str | None = None


@dataclass(frozen=True, slots=True)
class HardwareSignal(Record):
    """Evidence, found without torch, that a backend's hardware is in this machine."""

    backend: str
    kind: str  # "pci", "device_node", "tool", "platform"
    detail: str  # "10de:2330 at 0000:3b:00.0", "/dev/nvidia0", "nvidia-smi: 8 devices"
    count: int | None = None  # devices this signal counts, where it counts them
    pci_ids: tuple[str, ...] = ()  # a PCI signal's functions: "10de:27b8", one per id


@dataclass(frozen=True, slots=True)
class NodeAccess(Record):
    """A device node of a backend, and whether this user may open it."""

    backend: str
    path: str  # "/dev/kfd"
    # read and write access for the effective user (access(2))
    openable: Annotated[bool, Json(missing=True)]
    group: str | None  # the node's group ("render"), or its gid when the name is unknown
    group_can: bool  # that group may read and write it


@dataclass(frozen=True, slots=True)
class Placement(Record):
    """Where hwdoctor runs: a container or WSL2, /dev/shm, and the device nodes' access."""

    container: str | None = None  # "docker", "podman", "kubernetes", ...; None: not one
    wsl: bool = False  # /dev/dxg: WSL2's GPU paravirtualisation device
    shm_bytes: int | None = None  # the size of /dev/shm
    nodes: tuple[NodeAccess, ...] = ()
    groups: tuple[str, ...] = ()  # the groups of the user hwdoctor runs as
    nvidia_visible_devices: str | None = None  # NVIDIA's container runtime variable


class Origin(str, Enum):
    """Who put a loaded library where the dynamic linker found it."""

    PIP = "pip"  # a pip distribution's RECORD lists the file
    CONDA = "conda"  # a conda package's conda-meta record lists it
    LD_PRELOAD = "ld_preload"  # named by LD_PRELOAD
    LD_LIBRARY_PATH = "ld_library_path"  # found in a directory of LD_LIBRARY_PATH
    SYSTEM = "system"  # anywhere else: the system's library directories, ld.so.cache


@dataclass(frozen=True, slots=True)
class LoadedLibrary(Record):
    """A library of an accelerator stack mapped into the probe's process."""

    family: str  # compat/libraries.py: "cudnn", "cudart", "gomp"
    path: str
    origin: Annotated[Origin, Json(missing=Origin.SYSTEM)]
    owner: str | None = None  # the pip distribution or conda package that owns the file
    owner_version: str | None = None
    via: str | None = None  # the LD_LIBRARY_PATH directory or LD_PRELOAD entry

    @property
    def version(self) -> str | None:
        """The version the file name carries: libcudnn.so.9.1.0 → "9.1.0"."""
        from hwdoctor.compat.libraries import version_of

        return version_of(self.path)


@dataclass(frozen=True, slots=True)
class WheelLibrary(Record):
    """A library of a family that an installed distribution's RECORD lists."""

    family: str
    path: str
    dist: str
    version: str | None = None  # the distribution's


@dataclass(frozen=True, slots=True)
class Managed(Record):
    """A distribution of torch's stack and the package manager that installed it."""

    name: str
    version: str | None
    manager: str  # "pip" (any installer but conda: pip, uv) or "conda"


@dataclass(frozen=True, slots=True)
class Libraries(Record):
    """What the target process has loaded, who owns each file, and how torch's stack was
    installed (the probe's `libraries` and `rocm_wheels` facts)."""

    maps_read: bool = False  # /proc/self/maps could be read (Linux)
    maps_lines: int = 0
    truncated: bool = False  # the maps were longer than the probe reads
    after_devices: bool = False  # read again after the first allocation on a device
    loaded: tuple[LoadedLibrary, ...] = ()
    wheel_copies: tuple[WheelLibrary, ...] = ()
    managed: tuple[Managed, ...] = ()
    ld_preload: tuple[str, ...] = ()
    ld_library_path: tuple[str, ...] = ()
    cudnn_compiled: str | None = None  # torch._C._cudnn.getCompileVersion(): "9.10.2"
    cudnn_runtime: str | None = None  # getRuntimeVersion(): the loaded cuDNN
    # TheRock's ROCm wheels (rocm, rocm-sdk-core, rocm-sdk-libraries-<family>, ...)
    rocm_wheels: tuple[Managed, ...] = ()
    torch_extras: tuple[str, ...] = ()  # torch's `device-gfx942` extras (Provides-Extra)
    torch_rocm_requires: tuple[str, ...] = ()  # torch's Requires-Dist on rocm


class XidKind(str, Enum):
    XID = "xid"  # a GPU's event: "NVRM: Xid (PCI:0000:3b:00): 79, ..."
    SXID = "sxid"  # an NVSwitch's: "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, ..."


@dataclass(frozen=True, slots=True)
class XidEvent(Record):
    """Every kernel-log line of one Xid (or SXid) code on one device, counted."""

    kind: XidKind
    code: int
    device: str  # the PCI address the line names: "0000:3b:00"
    count: int
    line: Annotated[str, QUOTE]  # the first such line, as logged (its message part)
    fatal: bool | None = None  # an SXid's own word: "Fatal" or "Non-fatal"


@dataclass(frozen=True, slots=True)
class KernelLog(Record):
    """What the kernel log says of the GPUs: read, or why not (never "healthy" unread)."""

    source: str | None  # "/dev/kmsg", "journalctl", "dmesg"; None: none could be read
    problem: str | None = None  # why each source could not be read
    lines: int = 0  # lines read
    truncated: bool = False  # more than hwdoctor reads
    events: tuple[XidEvent, ...] = ()

    @property
    def read(self) -> bool:
        return self.source is not None


@dataclass(frozen=True, slots=True)
class GpuHealth(Record):
    """One NVIDIA GPU's health counters (NVML, or `nvidia-smi -q`); None: not reported."""

    index: int
    pci_bus_id: str | None = None
    name: str | None = None
    ecc_volatile_uncorrected: int | None = None
    ecc_aggregate_uncorrected: int | None = None
    retired_pages_sbe: int | None = None
    retired_pages_dbe: int | None = None
    retired_pages_pending: bool | None = None
    remapped_correctable: int | None = None
    remapped_uncorrectable: int | None = None
    remap_pending: bool | None = None
    remap_failed: bool | None = None
    nvlinks_up: int | None = None  # links active
    nvlinks_down: tuple[int, ...] = ()  # links supported but inactive
    # active clock-event (throttle) reasons that cost speed: "hw_slowdown",
    # "hw_thermal_slowdown", "hw_power_brake", "sw_thermal_slowdown", "sw_power_cap"
    throttle: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NvidiaDriver(Record):
    """The NVIDIA driver as the host shows it without torch; each source on its own, since
    they disagree exactly when something is wrong (an upgrade without a reboot)."""

    kernel_module: str | None = None  # the loaded module: /proc/driver/nvidia/version, /sys
    open_module: bool | None = None  # NVIDIA's open kernel module (else the proprietary one)
    module_loaded: bool | None = None  # nvidia in /proc/modules or /sys/module; None: unknown
    nouveau_loaded: bool = False  # the kernel's own nouveau driver is loaded
    libraries: tuple[str, ...] = ()  # libcuda.so.<version> files: the user-space driver
    nvml_driver: str | None = None  # nvmlSystemGetDriverVersion
    nvml_cuda: str | None = None  # nvmlSystemGetCudaDriverVersion, decoded: "12.2"
    nvml_error: str | None = None  # why NVML answered nothing: "Driver/library version mismatch"
    capabilities: tuple[str, ...] = ()  # per GPU, from NVML: "8.9"
    smi_driver: str | None = None  # nvidia-smi's "Driver Version", when NVML was not usable
    smi_cuda: str | None = None  # nvidia-smi's "CUDA Version"
    smi_error: str | None = None  # nvidia-smi's first line when it failed
    health: tuple[GpuHealth, ...] = ()  # per GPU, from NVML or `nvidia-smi -q`
    health_source: str | None = None  # "nvml", "nvidia-smi -q"; None: not read

    @property
    def driver(self) -> str | None:
        """The best single answer: the loaded kernel module, else what user space says."""
        return self.kernel_module or self.nvml_driver or self.smi_driver


@dataclass(frozen=True, slots=True)
class HostFacts(Record):
    system: Annotated[str, UNKNOWN]  # platform.system()
    machine: Annotated[str, UNKNOWN]  # platform.machine()
    translated: bool  # an x86_64 process under Rosetta on Apple Silicon
    cpu_name: str | None
    memory_total_bytes: int | None
    memory_available_bytes: int | None
    cpu_count: int | None
    hostname: str
    signals: tuple[HardwareSignal, ...] = ()
    # The rest is in evidence only, not in detect's JSON.
    platform: Annotated[str | None, EVIDENCE] = None  # sys.platform: "linux", "darwin", "win32"
    # None: not scanned (an older file, another OS)
    placement: Annotated[Placement | None, EVIDENCE] = None
    # None: no NVIDIA driver or GPU seen, or not scanned
    nvidia: Annotated[NvidiaDriver | None, EVIDENCE] = None
    # The gfx target of each AMD GPU in the KFD topology ("gfx1101"); None: no topology.
    gfx_targets: Annotated[tuple[str, ...] | None, EVIDENCE] = None
    # The ROCm release installed at /opt/rocm ("6.3.1"); None: none found, or not scanned.
    rocm_version: Annotated[str | None, EVIDENCE] = None
    # The operating system's own version where it decides a backend: macOS "12.1" (MPS
    # needs 12.3); None: not known.
    os_version: Annotated[str | None, EVIDENCE] = None
    # The kernel log's Xid and SXid events; None: not looked at (no GPU, an older file)
    kernel_log: Annotated[KernelLog | None, EVIDENCE] = None

    def signals_for(self, backend: str) -> tuple[HardwareSignal, ...]:
        return tuple(signal for signal in self.signals if signal.backend == backend)

    def device_count_for(self, backend: str) -> int | None:
        """How many devices the host scan counts for a backend, the best of its signals."""
        counts = [s.count for s in self.signals_for(backend) if s.count is not None]
        return max(counts) if counts else None


@dataclass(frozen=True, slots=True)
class NoCode(Record):
    """torch's own word that it has no code for a GPU here: the "too old" warning, CUDA's
    "no kernel image", HIP's "invalid device function"."""

    quote: Annotated[str, QUOTE]  # the line it was read from
    older: bool = False  # the "too old" warning: the GPU is older than the build's oldest


@dataclass(frozen=True, slots=True)
class MacosNeeded(Record):
    """torch's refusal of MPS on this macOS: "The MPS backend is supported on MacOS 12.3+",
    or an operator's own "… starting from macOS 13.0"."""

    quote: Annotated[str, QUOTE]  # the line it was read from
    release: str  # the macOS release it names: "12.3"
    exact: bool = False  # an operator named its own release, not torch's general floor


def _driver_said(data: Any) -> DriverSaid | None:
    if not isinstance(data, Mapping):
        return None
    try:
        words = DriverWords(data.get("words"))
    except ValueError:
        return None
    number = data.get("number")
    return DriverSaid(words, number if type(number) is int and number > 0 else None)


def _from_detail(detail: Mapping[str, str]) -> dict[str, Any]:
    """The typed words of an evidence file written before format 1.4, from its `detail`
    map: "message" (torch's driver words), "init_warning", "device_type" (torch_xla),
    "asked", "no_code" with "older", and "refused" with "says" and "exact" (MPS) or alone
    (the runtime refused the visibility variable)."""
    typed: dict[str, Any] = {}
    for text in (detail.get("message"), detail.get("init_warning")):
        said = driver_said(text) if text else None
        if said is not None:
            typed["driver_said"] = {"words": said.words.value, "number": said.number}
            break
    typed["init_warning"] = detail.get("init_warning")
    typed["runtime_device"] = detail.get("device_type")
    typed["asked"] = detail.get("asked")
    if detail.get("no_code"):
        typed["no_code"] = {"quote": detail["no_code"], "older": detail.get("older") == "yes"}
    refused = detail.get("refused")
    if refused and "says" in detail:
        typed["macos_needed"] = {"quote": refused, "release": detail["says"],
                                 "exact": detail.get("exact") == "yes"}  # fmt: skip
    elif refused:
        typed["mask_refused"] = refused
    return {k: v for k, v in typed.items() if v is not None}


@dataclass(frozen=True, slots=True)
class BackendFacts(Record):
    """What the probe learned about one backend in the target interpreter."""

    key: Annotated[str, Json(key=True)]  # the key of `Evidence.backends`
    installed: bool
    version: str | None
    importable: bool | None  # None: nothing to import (in-tree) or not installed
    autoloaded: bool = False  # imported by torch's backend autoload, not by hwdoctor
    import_error: ErrorInfo | None = None
    available: bool = False
    device_count: int = 0
    devices: tuple[Device, ...] = ()
    reason: str | None = None  # why unavailable: "build", "no_module", "disabled", ...
    query_error: ErrorInfo | None = None
    probed: bool = True  # False: a step hung or crashed before it reported
    arch_list: tuple[str, ...] = ()
    # What torch, or the runtime under it, said of this backend, each read once where it was
    # said (a live probe's warning or error, a pasted report's line) and kept in its own form.
    init_warning: str | None = None  # the device module's warning when asked (live)
    runtime_device: str | None = None  # torch_xla's runtime device type: "TPU", "CPU"
    # the driver is older than the build
    driver_said: Annotated[DriverSaid | None, Json(read=_driver_said)] = None
    asked: str | None = None  # a program asked this build for the backend it lacks (the line)
    no_code: NoCode | None = None  # torch has no code for a GPU here
    mask_refused: str | None = None  # the runtime refused the visibility variable (its words)
    macos_needed: MacosNeeded | None = None  # torch refused MPS on this macOS
    bf16: bool | None = None  # the device module's own is_bf16_supported(); None: not asked
    # "torch.accelerator" when the device module refused to answer and torch.accelerator did
    answered_by: str | None = None
    refusal: ErrorInfo | None = None  # what the device module raised instead of answering
    # A backend no registry row knows: the torch.backends entry point that registered it
    registered_by: EntryPoint | None = None

    @classmethod
    def json_input(cls, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """A file of evidence format 1.3 or older has a `detail` map of words: typed here."""
        detail = data.get("detail")
        if isinstance(detail, Mapping):
            return {**_from_detail({str(k): str(v) for k, v in detail.items()}), **data}
        return data


@dataclass(frozen=True, slots=True)
class StepFailure(Record):
    """A probe step that raised, hung or took the process down."""

    step: str  # "import torch_npu", "autoload torch_npu", "query cuda"
    kind: str  # "error", "timeout", "crashed"
    error: ErrorInfo | None
    signal: str | None
    output: str  # what the process printed (tail), or the traceback
    # whether torch's extension autoload was on in that run
    autoload: Annotated[bool, Json(missing=True)]


@dataclass(frozen=True, slots=True)
class ToolProblem(Record):
    """A vendor tool that is installed but did not answer sensibly."""

    backend: str
    tool: str
    message: str


@dataclass(frozen=True, slots=True)
class EntryPoint(Record):
    """A `torch.backends` entry point: torch imports and calls it at `import torch`."""

    name: str
    value: str  # "module:function"
    dist: str | None = None

    @property
    def module(self) -> str:
        return self.value.split(":", 1)[0].strip()


@dataclass(frozen=True, slots=True)
class Source(Record):
    """Where evidence came from: which tool wrote it, about which machine, and when."""

    tool: Annotated[str, UNKNOWN]  # "hwdoctor" for a live probe or a saved evidence file
    version: str | None = None  # the tool's version
    # gathered by this process just now, not read from a file (which is what a read one is)
    live: Annotated[bool, Json(skip=True, missing=False)] = True


@dataclass(frozen=True, slots=True)
class Evidence(Record):
    """Everything diagnosis reads: facts, nothing derived. `None` means unknown."""

    source: Source
    python: PythonInfo | None
    packages: Mapping[str, Package | None] | None
    torch: TorchInfo | None
    backends: Mapping[str, BackendFacts] | None
    host: HostFacts | None
    tool_problems: tuple[ToolProblem, ...] | None
    failures: tuple[StepFailure, ...] | None
    entry_points: tuple[EntryPoint, ...] | None
    env: Mapping[str, str] | None  # only the variables that steer devices; secrets masked
    libraries: Annotated[Libraries | None, Json(omit_none=True)] = None
    timeout_s: float = 60.0  # the probe's per-step deadline, which findings quote
    autoload_disabled: bool = False  # the facts come from a probe with autoload off
    probe_seconds: Annotated[float, Json(write=milliseconds)] = 0.0
    # What the real libraries answered in the target interpreter (`explain --verify`, or a
    # release outside every table): the verify payload's run as plain data, so a replay
    # shows the same comparison. None: not asked.
    answers: Annotated[Mapping[str, Any] | None, Json(omit_none=True)] = None
    # What a file held that could not be read as a fact (a count of 10^30, a package name
    # that is a shell line), in words; each such field reads as unknown. Not saved: it is
    # about this reading of a file, not about the machine.
    skipped: Annotated[tuple[str, ...], Json(skip=True)] = ()

    def unknown(self) -> frozenset[Section]:
        return frozenset(section for section in Section if self.section(section) is None)

    def section(self, section: Section) -> object:
        value: object = getattr(self, section.value)
        return value

    @property
    def placement(self) -> Placement | None:
        return self.host.placement if self.host is not None else None

    def to_json(self) -> dict[str, Any]:
        """The evidence file's form: every field (the facts' `record()`), under its kind
        and format version."""
        return {"kind": EVIDENCE_KIND, "evidence_version": EVIDENCE_VERSION, **self.record()}

    @classmethod
    def from_json(cls, data: Any, *, source: Source | None = None) -> Evidence:
        """Read an evidence document; raises `ValueError` when it is not one this version
        can read (another kind, or a newer major version)."""
        if not isinstance(data, Mapping) or data.get("kind") != EVIDENCE_KIND:
            raise ValueError("not a hwdoctor evidence file")
        version = str(data.get("evidence_version", ""))
        major = version.split(".", 1)[0]
        if major != EVIDENCE_VERSION.split(".", 1)[0]:
            raise ValueError(
                f"evidence version {version or 'missing'}; this hwdoctor reads "
                f"{EVIDENCE_VERSION.split('.', 1)[0]}.x"
            )
        evidence = read(cls, data)
        assert evidence is not None  # a mapping, and no field of it is needed
        return evidence if source is None else replace(evidence, source=source)


def _capability(data: Mapping[str, Any]) -> str | None:
    """On ROCm the gfx target (`arch`, torch's gcnArchName) names the GPU, not the (11, 0)
    torch's get_device_capability makes of gfx1101; CUDA builds fill gcnArchName with the
    device name, which is no architecture."""
    arch = _str(data.get("arch"))
    if arch and arch.startswith("gfx"):
        return arch
    return _str(data.get("capability") or arch)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)
