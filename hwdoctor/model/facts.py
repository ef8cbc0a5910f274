"""Facts: what was observed on a machine, nothing derived, and the evidence record.

`Evidence` is the one record diagnosis reads. It has a versioned JSON form
(`Evidence.to_json` / `Evidence.from_json`): a file written by this version keeps loading
after later versions add fields (unknown keys are ignored, missing ones are unknown), and
every section can be unknown (`None`), as it is when the evidence comes from a pasted
report that shows only part of a machine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, TypeVar

from hwdoctor.compat.drivers import DriverSaid, DriverWords, driver_said
from hwdoctor.text import clip

# Major: a change old readers cannot follow; minor: fields added.
EVIDENCE_VERSION: Final = (
    "1.4"  # 1.4: a backend's typed words in place of `detail`; python.uv, python.pip
)
EVIDENCE_KIND: Final = "hwdoctor.evidence"

T = TypeVar("T")


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


@dataclass(frozen=True, slots=True)
class ErrorInfo:
    """An exception observed in the target interpreter, as data."""

    type: str
    message: str
    cause: str | None = None  # "Type: message" of the chained exception
    traceback: str | None = None

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

    @classmethod
    def from_json(cls, data: Any) -> ErrorInfo | None:
        if not isinstance(data, Mapping):
            return None
        return cls(
            type=str(data.get("type", "Error")),
            message=str(data.get("message", "")),
            cause=_str(data.get("cause")),
            traceback=_str(data.get("traceback")),
        )

    def one_line(self, limit: int = 240) -> str:
        """The error on one line, short enough to read; the full text stays in evidence."""
        text = f"{self.type}: {self.message}".strip().rstrip(":")
        first = clip(text.splitlines()[0] if text else self.type, limit)
        if self.cause:
            first += f" (caused by {clip(self.cause.splitlines()[0], limit // 2)})"
        return first

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message, "cause": self.cause}

    def record(self) -> dict[str, Any]:
        """The evidence form: with the traceback."""
        return {**self.to_json(), "traceback": self.traceback}


@dataclass(frozen=True, slots=True)
class Device:
    index: int
    name: str | None
    total_memory_bytes: int | None = None
    free_memory_bytes: int | None = None
    capability: str | None = None  # "9.0" (CUDA), or the gfx arch on ROCm
    uuid: str | None = None
    allocatable: bool | None = None  # a tensor could be created on it (None: not tried)
    allocate_error: str | None = None
    pci_bus_id: str | None = None  # "0000:3b:00.0", as sysfs names the function
    integrated: bool | None = None  # shares the host's memory (torch's is_integrated)
    # torch.accelerator.get_memory_info(index) answered (None: not asked, another type)
    accelerator_memory: bool | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Device:
        """The payload's and the evidence's form alike (the payload says `arch` on ROCm)."""
        allocatable = data.get("allocatable")
        return cls(
            index=_int(data.get("index")) or 0,
            name=_str(data.get("name")),
            total_memory_bytes=_int(data.get("total_memory_bytes")),
            free_memory_bytes=_int(data.get("free_memory_bytes")),
            capability=_capability(data),
            uuid=_str(data.get("uuid")),
            allocatable=allocatable if isinstance(allocatable, bool) else None,
            allocate_error=_str(data.get("allocate_error")),
            pci_bus_id=_str(data.get("pci_bus_id")),
            integrated=_bool(data.get("integrated")),
            accelerator_memory=_bool(data.get("accelerator_memory")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "total_memory_bytes": self.total_memory_bytes,
            "free_memory_bytes": self.free_memory_bytes,
            "capability": self.capability,
            "uuid": self.uuid,
            "allocatable": self.allocatable,
        }

    def record(self) -> dict[str, Any]:
        return {
            **self.to_json(),
            "allocate_error": self.allocate_error,
            "pci_bus_id": self.pci_bus_id,
            "integrated": self.integrated,
            "accelerator_memory": self.accelerator_memory,
        }


@dataclass(frozen=True, slots=True)
class PythonInfo:
    executable: str
    version: str
    prefix: str
    is_venv: bool
    externally_managed: bool = False  # PEP 668: pip refuses to install into it
    conda: bool = False  # a conda environment (conda-meta/ in its prefix)
    uv: bool = False  # a virtual environment uv made (pyvenv.cfg names uv)
    has_pip: bool | None = None  # pip is installed in it; None: not known

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PythonInfo:
        pip = data.get("pip")
        return cls(
            executable=str(data.get("executable") or "unknown"),
            version=str(data.get("version") or "unknown"),
            prefix=str(data.get("prefix") or ""),
            is_venv=data.get("is_venv") is True,
            externally_managed=data.get("externally_managed") is True,
            conda=data.get("conda") is True,
            uv=data.get("uv") is True,
            has_pip=pip if isinstance(pip, bool) else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "executable": self.executable,
            "version": self.version,
            "prefix": self.prefix,
            "is_venv": self.is_venv,
            "externally_managed": self.externally_managed,
            "conda": self.conda,
            "uv": self.uv,
            "pip": self.has_pip,
        }


@dataclass(frozen=True, slots=True)
class Package:
    """A distribution as its metadata describes it, read without importing it."""

    name: str
    version: str
    requires_torch: tuple[str, ...] = ()  # its Requires-Dist lines about torch
    home_page: str | None = None

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any]) -> Package:
        return cls(
            name=name,
            version=_str(data.get("version")) or "unknown",
            requires_torch=_strings(data.get("requires_torch")),
            home_page=_str(data.get("home_page")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "requires_torch": list(self.requires_torch),
            "home_page": self.home_page,
        }


@dataclass(frozen=True, slots=True)
class TorchInfo:
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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TorchInfo:
        return cls(
            version=_str(data.get("version")),
            importable=data.get("importable") is True,
            build=_str(data.get("build")),
            cuda=_str(data.get("cuda")),
            hip=_str(data.get("hip")),
            accelerator=_str(data.get("accelerator")),
            error=ErrorInfo.from_json(data.get("error")),
            collectives=_strings(data.get("collectives")),
            cpu_bf16=_bool(data.get("cpu_bf16")),
            cxx=_str(data.get("cxx")),
            cxx_path=_str(data.get("cxx_path")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "importable": self.importable,
            "build": self.build,
            "cuda": self.cuda,
            "hip": self.hip,
            "accelerator": self.accelerator,
            "error": self.error.to_json() if self.error else None,
            "collectives": list(self.collectives),
            "cpu_bf16": self.cpu_bf16,
            "cxx": self.cxx,
            "cxx_path": self.cxx_path,
        }

    def record(self) -> dict[str, Any]:
        return {**self.to_json(), "error": self.error.record() if self.error else None}


@dataclass(frozen=True, slots=True)
class HardwareSignal:
    """Evidence, found without torch, that a backend's hardware is in this machine."""

    backend: str
    kind: str  # "pci", "device_node", "tool", "platform"
    detail: str  # "10de:2330 at 0000:3b:00.0", "/dev/nvidia0", "nvidia-smi: 8 devices"
    count: int | None = None  # devices this signal counts, where it counts them
    pci_ids: tuple[str, ...] = ()  # a PCI signal's functions: "10de:27b8", one per id

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HardwareSignal:
        return cls(
            backend=str(data.get("backend")),
            kind=str(data.get("kind")),
            detail=str(data.get("detail") or ""),
            count=_int(data.get("count")),
            pci_ids=_strings(data.get("pci_ids")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "kind": self.kind,
            "detail": self.detail,
            "count": self.count,
            "pci_ids": list(self.pci_ids),
        }


@dataclass(frozen=True, slots=True)
class NodeAccess:
    """A device node of a backend, and whether this user may open it."""

    backend: str
    path: str  # "/dev/kfd"
    openable: bool  # read and write access for the effective user (access(2))
    group: str | None  # the node's group ("render"), or its gid when the name is unknown
    group_can: bool  # that group may read and write it

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NodeAccess:
        return cls(
            backend=str(data.get("backend")),
            path=str(data.get("path") or ""),
            openable=data.get("openable") is not False,
            group=_str(data.get("group")),
            group_can=data.get("group_can") is True,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "path": self.path,
            "openable": self.openable,
            "group": self.group,
            "group_can": self.group_can,
        }


@dataclass(frozen=True, slots=True)
class Placement:
    """Where hwdoctor runs: a container or WSL2, /dev/shm, and the device nodes' access."""

    container: str | None = None  # "docker", "podman", "kubernetes", ...; None: not one
    wsl: bool = False  # /dev/dxg: WSL2's GPU paravirtualisation device
    shm_bytes: int | None = None  # the size of /dev/shm
    nodes: tuple[NodeAccess, ...] = ()
    groups: tuple[str, ...] = ()  # the groups of the user hwdoctor runs as
    nvidia_visible_devices: str | None = None  # NVIDIA's container runtime variable

    @classmethod
    def from_json(cls, data: Any) -> Placement | None:
        if not isinstance(data, Mapping):
            return None
        groups = data.get("groups")
        return cls(
            container=_str(data.get("container")),
            wsl=data.get("wsl") is True,
            shm_bytes=_int(data.get("shm_bytes")),
            nodes=_records(data.get("nodes"), NodeAccess.from_json),
            groups=tuple(str(g) for g in groups) if isinstance(groups, list) else (),
            nvidia_visible_devices=_str(data.get("nvidia_visible_devices")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "container": self.container,
            "wsl": self.wsl,
            "shm_bytes": self.shm_bytes,
            "nodes": [node.to_json() for node in self.nodes],
            "groups": list(self.groups),
            "nvidia_visible_devices": self.nvidia_visible_devices,
        }


@dataclass(frozen=True, slots=True)
class NvidiaDriver:
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

    @property
    def driver(self) -> str | None:
        """The best single answer: the loaded kernel module, else what user space says."""
        return self.kernel_module or self.nvml_driver or self.smi_driver

    @classmethod
    def from_json(cls, data: Any) -> NvidiaDriver | None:
        if not isinstance(data, Mapping):
            return None
        open_module, loaded = data.get("open_module"), data.get("module_loaded")
        return cls(
            kernel_module=_str(data.get("kernel_module")),
            open_module=open_module if isinstance(open_module, bool) else None,
            module_loaded=loaded if isinstance(loaded, bool) else None,
            nouveau_loaded=data.get("nouveau_loaded") is True,
            libraries=_strings(data.get("libraries")),
            nvml_driver=_str(data.get("nvml_driver")),
            nvml_cuda=_str(data.get("nvml_cuda")),
            nvml_error=_str(data.get("nvml_error")),
            capabilities=_strings(data.get("capabilities")),
            smi_driver=_str(data.get("smi_driver")),
            smi_cuda=_str(data.get("smi_cuda")),
            smi_error=_str(data.get("smi_error")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kernel_module": self.kernel_module,
            "open_module": self.open_module,
            "module_loaded": self.module_loaded,
            "nouveau_loaded": self.nouveau_loaded,
            "libraries": list(self.libraries),
            "nvml_driver": self.nvml_driver,
            "nvml_cuda": self.nvml_cuda,
            "nvml_error": self.nvml_error,
            "capabilities": list(self.capabilities),
            "smi_driver": self.smi_driver,
            "smi_cuda": self.smi_cuda,
            "smi_error": self.smi_error,
        }


@dataclass(frozen=True, slots=True)
class HostFacts:
    system: str  # platform.system()
    machine: str  # platform.machine()
    translated: bool  # an x86_64 process under Rosetta on Apple Silicon
    cpu_name: str | None
    memory_total_bytes: int | None
    memory_available_bytes: int | None
    cpu_count: int | None
    hostname: str
    signals: tuple[HardwareSignal, ...] = ()
    platform: str | None = None  # sys.platform: "linux", "darwin", "win32"
    placement: Placement | None = None  # None: not scanned (an older file, another OS)
    nvidia: NvidiaDriver | None = None  # None: no NVIDIA driver or GPU seen, or not scanned
    # The gfx target of each AMD GPU in the KFD topology ("gfx1101"); None: no topology.
    gfx_targets: tuple[str, ...] | None = None
    # The ROCm release installed at /opt/rocm ("6.3.1"); None: none found, or not scanned.
    rocm_version: str | None = None
    # The operating system's own version where it decides a backend: macOS "12.1" (MPS
    # needs 12.3); None: not known.
    os_version: str | None = None

    def signals_for(self, backend: str) -> tuple[HardwareSignal, ...]:
        return tuple(signal for signal in self.signals if signal.backend == backend)

    def device_count_for(self, backend: str) -> int | None:
        """How many devices the host scan counts for a backend, the best of its signals."""
        counts = [s.count for s in self.signals_for(backend) if s.count is not None]
        return max(counts) if counts else None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HostFacts:
        return cls(
            system=str(data.get("system") or "unknown"),
            machine=str(data.get("machine") or "unknown"),
            translated=data.get("translated") is True,
            cpu_name=_str(data.get("cpu_name")),
            memory_total_bytes=_int(data.get("memory_total_bytes")),
            memory_available_bytes=_int(data.get("memory_available_bytes")),
            cpu_count=_int(data.get("cpu_count")),
            hostname=str(data.get("hostname") or ""),
            signals=_records(data.get("signals"), HardwareSignal.from_json),
            platform=_str(data.get("platform")),
            placement=Placement.from_json(data.get("placement")),
            nvidia=NvidiaDriver.from_json(data.get("nvidia")),
            gfx_targets=_strings(data.get("gfx_targets"))
            if isinstance(data.get("gfx_targets"), list)
            else None,
            rocm_version=_str(data.get("rocm_version")),
            os_version=_str(data.get("os_version")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "machine": self.machine,
            "translated": self.translated,
            "cpu_name": self.cpu_name,
            "memory_total_bytes": self.memory_total_bytes,
            "memory_available_bytes": self.memory_available_bytes,
            "cpu_count": self.cpu_count,
            "hostname": self.hostname,
            "signals": [signal.to_json() for signal in self.signals],
        }

    def record(self) -> dict[str, Any]:
        placement = self.placement.to_json() if self.placement else None
        nvidia = self.nvidia.to_json() if self.nvidia else None
        return {
            **self.to_json(),
            "platform": self.platform,
            "placement": placement,
            "nvidia": nvidia,
            "gfx_targets": list(self.gfx_targets) if self.gfx_targets is not None else None,
            "rocm_version": self.rocm_version,
            "os_version": self.os_version,
        }


@dataclass(frozen=True, slots=True)
class NoCode:
    """torch's own word that it has no code for a GPU here: the "too old" warning, CUDA's
    "no kernel image", HIP's "invalid device function"."""

    quote: str  # the line it was read from
    older: bool = False  # the "too old" warning: the GPU is older than the build's oldest

    @classmethod
    def from_json(cls, data: Any) -> NoCode | None:
        if not isinstance(data, Mapping) or not isinstance(data.get("quote"), str):
            return None
        return cls(data["quote"], data.get("older") is True)

    def to_json(self) -> dict[str, Any]:
        return {"quote": self.quote, "older": self.older}


@dataclass(frozen=True, slots=True)
class MacosNeeded:
    """torch's refusal of MPS on this macOS: "The MPS backend is supported on MacOS 12.3+",
    or an operator's own "… starting from macOS 13.0"."""

    quote: str  # the line it was read from
    release: str  # the macOS release it names: "12.3"
    exact: bool = False  # an operator named its own release, not torch's general floor

    @classmethod
    def from_json(cls, data: Any) -> MacosNeeded | None:
        if not isinstance(data, Mapping) or not isinstance(data.get("quote"), str):
            return None
        return cls(data["quote"], str(data.get("release") or ""), data.get("exact") is True)

    def to_json(self) -> dict[str, Any]:
        return {"quote": self.quote, "release": self.release, "exact": self.exact}


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
class BackendFacts:
    """What the probe learned about one backend in the target interpreter."""

    key: str
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
    driver_said: DriverSaid | None = None  # the driver is older than the build
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
    def from_json(cls, key: str, data: Mapping[str, Any]) -> BackendFacts:
        importable = data.get("importable")
        registered_by = data.get("registered_by")
        said = data.get("driver_said")
        detail = data.get("detail")
        if isinstance(detail, Mapping):  # a file of evidence format 1.3 or older
            data = {**_from_detail({str(k): str(v) for k, v in detail.items()}), **data}
        return cls(
            key=key,
            installed=data.get("installed") is True,
            version=_str(data.get("version")),
            importable=importable if isinstance(importable, bool) else None,
            autoloaded=data.get("autoloaded") is True,
            import_error=ErrorInfo.from_json(data.get("import_error")),
            available=data.get("available") is True,
            device_count=_int(data.get("device_count")) or 0,
            devices=_records(data.get("devices"), Device.from_json),
            reason=_str(data.get("reason")),
            query_error=ErrorInfo.from_json(data.get("query_error")),
            probed=data.get("probed") is not False,
            arch_list=_strings(data.get("arch_list")),
            bf16=data.get("bf16") if isinstance(data.get("bf16"), bool) else None,
            init_warning=_str(data.get("init_warning")),
            runtime_device=_str(data.get("runtime_device")),
            driver_said=_driver_said(said),
            asked=_str(data.get("asked")),
            no_code=NoCode.from_json(data.get("no_code")),
            mask_refused=_str(data.get("mask_refused")),
            macos_needed=MacosNeeded.from_json(data.get("macos_needed")),
            answered_by=_str(data.get("answered_by")),
            refusal=ErrorInfo.from_json(data.get("refusal")),
            registered_by=EntryPoint.from_json(registered_by)
            if isinstance(registered_by, Mapping)
            else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "installed": self.installed,
            "version": self.version,
            "importable": self.importable,
            "autoloaded": self.autoloaded,
            "import_error": self.import_error.record() if self.import_error else None,
            "available": self.available,
            "device_count": self.device_count,
            "devices": [device.record() for device in self.devices],
            "reason": self.reason,
            "query_error": self.query_error.record() if self.query_error else None,
            "probed": self.probed,
            "arch_list": list(self.arch_list),
            "bf16": self.bf16,
            "init_warning": self.init_warning,
            "runtime_device": self.runtime_device,
            "driver_said": {
                "words": self.driver_said.words.value,
                "number": self.driver_said.number,
            }
            if self.driver_said
            else None,
            "asked": self.asked,
            "no_code": self.no_code.to_json() if self.no_code else None,
            "mask_refused": self.mask_refused,
            "macos_needed": self.macos_needed.to_json() if self.macos_needed else None,
            "answered_by": self.answered_by,
            "refusal": self.refusal.record() if self.refusal else None,
            "registered_by": self.registered_by.to_json() if self.registered_by else None,
        }


@dataclass(frozen=True, slots=True)
class StepFailure:
    """A probe step that raised, hung or took the process down."""

    step: str  # "import torch_npu", "autoload torch_npu", "query cuda"
    kind: str  # "error", "timeout", "crashed"
    error: ErrorInfo | None
    signal: str | None
    output: str  # what the process printed (tail), or the traceback
    autoload: bool  # whether torch's extension autoload was on in that run

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StepFailure:
        return cls(
            step=str(data.get("step")),
            kind=str(data.get("kind")),
            error=ErrorInfo.from_json(data.get("error")),
            signal=_str(data.get("signal")),
            output=str(data.get("output") or ""),
            autoload=data.get("autoload") is not False,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "kind": self.kind,
            "error": self.error.to_json() if self.error else None,
            "signal": self.signal,
            "output": self.output,
            "autoload": self.autoload,
        }

    def record(self) -> dict[str, Any]:
        return {**self.to_json(), "error": self.error.record() if self.error else None}


@dataclass(frozen=True, slots=True)
class ToolProblem:
    """A vendor tool that is installed but did not answer sensibly."""

    backend: str
    tool: str
    message: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToolProblem:
        return cls(str(data.get("backend")), str(data.get("tool")), str(data.get("message")))

    def to_json(self) -> dict[str, Any]:
        return {"backend": self.backend, "tool": self.tool, "message": self.message}


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A `torch.backends` entry point: torch imports and calls it at `import torch`."""

    name: str
    value: str  # "module:function"
    dist: str | None = None

    @property
    def module(self) -> str:
        return self.value.split(":", 1)[0].strip()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EntryPoint:
        return cls(str(data.get("name")), str(data.get("value") or ""), _str(data.get("dist")))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "dist": self.dist}


@dataclass(frozen=True, slots=True)
class Source:
    """Where evidence came from: which tool wrote it, about which machine, and when."""

    tool: str  # "hwdoctor" for a live probe or a saved evidence file
    version: str | None = None  # the tool's version
    live: bool = True  # gathered by this process just now, not read from a file

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Source:
        return cls(str(data.get("tool") or "unknown"), _str(data.get("version")), False)

    def to_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "version": self.version}


@dataclass(frozen=True, slots=True)
class Evidence:
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
    timeout_s: float = 60.0  # the probe's per-step deadline, which findings quote
    autoload_disabled: bool = False  # the facts come from a probe with autoload off
    probe_seconds: float = 0.0
    # What the real libraries answered in the target interpreter (`explain --verify`, or a
    # release outside every table): the verify payload's run as plain data, so a replay
    # shows the same comparison. None: not asked.
    answers: Mapping[str, Any] | None = None
    # What a file held that could not be read as a fact (a count of 10^30, a package name
    # that is a shell line), in words; each such field reads as unknown. Not saved: it is
    # about this reading of a file, not about the machine.
    skipped: tuple[str, ...] = ()

    def unknown(self) -> frozenset[Section]:
        return frozenset(section for section in Section if self.section(section) is None)

    def section(self, section: Section) -> object:
        value: object = getattr(self, section.value)
        return value

    @property
    def placement(self) -> Placement | None:
        return self.host.placement if self.host is not None else None

    def to_json(self) -> dict[str, Any]:
        def opt(value: T | None, convert: Callable[[T], Any]) -> Any:
            return None if value is None else convert(value)

        return {
            "kind": EVIDENCE_KIND,
            "evidence_version": EVIDENCE_VERSION,
            "source": self.source.to_json(),
            "python": opt(self.python, PythonInfo.to_json),
            "packages": opt(
                self.packages,
                lambda found: {
                    name: package.to_json() if package else None
                    for name, package in sorted(found.items())
                },
            ),
            "torch": opt(self.torch, TorchInfo.record),
            "backends": opt(
                self.backends, lambda found: {key: facts.to_json() for key, facts in found.items()}
            ),
            "host": opt(self.host, HostFacts.record),
            "tool_problems": opt(self.tool_problems, lambda found: [p.to_json() for p in found]),
            "failures": opt(self.failures, lambda found: [f.record() for f in found]),
            "entry_points": opt(self.entry_points, lambda found: [p.to_json() for p in found]),
            "env": opt(self.env, lambda found: dict(sorted(found.items()))),
            "timeout_s": self.timeout_s,
            "autoload_disabled": self.autoload_disabled,
            "probe_seconds": round(self.probe_seconds, 3),
            **({} if self.answers is None else {"answers": dict(self.answers)}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, source: Source | None = None) -> Evidence:
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
        packages = _mapping(data.get("packages"))
        backends = _mapping(data.get("backends"))
        env = _mapping(data.get("env"))
        return cls(
            source=source or Source.from_json(_mapping(data.get("source")) or {}),
            python=_maybe(data.get("python"), PythonInfo.from_json),
            packages=None
            if packages is None
            else {
                str(name): Package.from_json(str(name), item) if isinstance(item, Mapping) else None
                for name, item in packages.items()
            },
            torch=_maybe(data.get("torch"), TorchInfo.from_json),
            backends=None
            if backends is None
            else {
                str(key): BackendFacts.from_json(str(key), item)
                for key, item in backends.items()
                if isinstance(item, Mapping)
            },
            host=_maybe(data.get("host"), HostFacts.from_json),
            tool_problems=_maybe_records(data.get("tool_problems"), ToolProblem.from_json),
            failures=_maybe_records(data.get("failures"), StepFailure.from_json),
            entry_points=_maybe_records(data.get("entry_points"), EntryPoint.from_json),
            env=None if env is None else {str(k): str(v) for k, v in env.items()},
            timeout_s=_float(data.get("timeout_s"), 60.0),
            autoload_disabled=data.get("autoload_disabled") is True,
            probe_seconds=_float(data.get("probe_seconds"), 0.0),
            answers=_mapping(data.get("answers")),
        )


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


def _bool(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _float(value: Any, default: float) -> float:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    return float(value) if ok else default


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(item) for item in value) if isinstance(value, list) else ()


def _mapping(value: Any) -> Mapping[str, Any] | None:
    return value if isinstance(value, Mapping) else None


def _records(value: Any, read: Callable[[Mapping[str, Any]], T]) -> tuple[T, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return ()
    return tuple(read(item) for item in value if isinstance(item, Mapping))


def _maybe(value: Any, read: Callable[[Mapping[str, Any]], T]) -> T | None:
    return read(value) if isinstance(value, Mapping) else None


def _maybe_records(value: Any, read: Callable[[Mapping[str, Any]], T]) -> tuple[T, ...] | None:
    return _records(value, read) if isinstance(value, list) else None
