"""Host scan: hardware that is present, found without torch or any vendor package.

Reads PCI functions from sysfs (filtered by the registry's vendor, device and class ids),
device nodes under /dev, the platform (Apple Silicon, Rosetta), and runs the registry's
vendor tools with an argument list and a timeout. `HWDOCTOR_HOST_ROOT` points the scan at
another root (a mounted image, or a test's fake sysfs); tools still come from PATH.
"""

from __future__ import annotations

import concurrent.futures
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from hwdoctor import processes, registry
from hwdoctor.compat import pci
from hwdoctor.gather import kernel_log, kfd, nvidia, placement, rocm
from hwdoctor.model.facts import HardwareSignal, HostFacts, KernelLog, NvidiaDriver, ToolProblem
from hwdoctor.text import printable

HOST_ROOT_ENV: Final = "HWDOCTOR_HOST_ROOT"
TOOL_TIMEOUT_S: Final = 5.0
_TOOL_OUTPUT_LIMIT: Final = 256 * 1024
_FILE_LIMIT: Final = 1024 * 1024  # /proc/cpuinfo of a many-core machine is a few hundred KiB


@dataclass(frozen=True, slots=True)
class PciFunction:
    address: str
    vendor: str
    device: str
    pci_class: str


def host_root(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get(HOST_ROOT_ENV) or "/")


def scan(
    backends: Sequence[registry.Backend] = registry.BACKENDS,
    *,
    root: Path | None = None,
    env: Mapping[str, str] = os.environ,
    tool_timeout_s: float = TOOL_TIMEOUT_S,
) -> tuple[HostFacts, tuple[ToolProblem, ...]]:
    """Scan the host; never raises for what it finds (unreadable entries are skipped)."""
    root = root or host_root(env)
    functions = tuple(pci_functions(root))
    signals: list[HardwareSignal] = []
    for backend in backends:
        signals.extend(_pci_signals(backend, functions))
        signals.extend(_node_signals(backend, root))
        signals.extend(_platform_signals(backend))
    # The driver scan may wait on NVML and nvidia-smi: it runs beside the vendor tools.
    driver_scan = concurrent.futures.ThreadPoolExecutor(max_workers=2)
    driver = driver_scan.submit(
        nvidia.scan,
        root,
        env,
        tool_timeout_s,
        gpu_on_bus=_nvidia_gpu_on_bus(backends, functions),
        run_tool=_run_tool,
        read_text=read_text,
    )
    log = driver_scan.submit(_kernel_log, driver, root, env, tool_timeout_s)
    driver_scan.shutdown(wait=False)
    tool_signals, problems = _tool_signals(backends, env, tool_timeout_s)
    signals.extend(tool_signals)
    system = platform.system()
    facts = HostFacts(
        system=system,
        machine=platform.machine(),
        translated=_rosetta(system, tool_timeout_s),
        cpu_name=_cpu_name(root),
        memory_total_bytes=_memory_total(),
        memory_available_bytes=_memory_available(root),
        cpu_count=os.cpu_count(),
        hostname=platform.node(),
        signals=tuple(signals),
        platform=sys.platform,
        placement=placement.scan(root, backends, env) if sys.platform != "win32" else None,
        nvidia=driver.result(),
        kernel_log=log.result(),
        gfx_targets=kfd.gfx_targets(root, read_text=read_text),
        rocm_version=rocm.installed_version(root, read_text=read_text),
        os_version=(platform.mac_ver()[0] or None) if system == "Darwin" else None,
    )
    return facts, problems


def hardware_keys(
    backends: Sequence[registry.Backend] = registry.BACKENDS,
    env: Mapping[str, str] = os.environ,
) -> tuple[str, ...]:
    """The registry keys whose hardware this host shows on the PCI bus, as device nodes or
    as the platform, without running any vendor tool: cheap enough for a usage error's
    hint."""
    root = host_root(env)
    functions = tuple(pci_functions(root))
    return tuple(
        backend.key
        for backend in backends
        if any(_pci_signals(backend, functions))
        or any(_node_signals(backend, root))
        or any(_platform_signals(backend))
    )


def _kernel_log(
    driver: concurrent.futures.Future[NvidiaDriver | None],
    root: Path,
    env: Mapping[str, str],
    timeout_s: float,
) -> KernelLog | None:
    """The kernel log's Xid events, on a machine with an NVIDIA driver or GPU only: where
    there is none, nothing is read and nothing is paid."""
    if driver.result() is None:
        return None
    return kernel_log.read(root, env, timeout_s)


def _nvidia_gpu_on_bus(
    backends: Sequence[registry.Backend], functions: Sequence[PciFunction]
) -> bool:
    """An NVIDIA GPU on the PCI bus: a function matching the CUDA build's backend row."""
    return any(
        match.matches(f.vendor, f.device, f.pci_class)
        for backend in backends
        if backend.query.build is registry.Build.CUDA
        for match in backend.pci
        for f in functions
    )


def pci_functions(root: Path) -> Iterable[PciFunction]:
    base = root / "sys" / "bus" / "pci" / "devices"
    try:
        entries = sorted(os.scandir(base), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        vendor, device, pci_class = (
            read_text(Path(entry.path) / name, 64) for name in ("vendor", "device", "class")
        )
        if vendor is None or device is None or pci_class is None:
            continue  # an unreadable function says nothing; skip it
        yield PciFunction(entry.name, vendor.strip(), device.strip(), pci_class.strip())


def read_text(path: Path, limit: int = _FILE_LIMIT) -> str | None:
    """The start of a regular file as text, or None when it is not one or cannot be read.

    Under a host root anything can sit where sysfs has a small regular file: a FIFO (whose
    open blocks until a writer comes), a device such as /dev/zero (endless), a directory, a
    dangling symlink, binary garbage. None of them may hang or crash the scan.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        descriptor = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # swapped since the stat
            return None
        data = os.read(descriptor, limit)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return data.decode("utf-8", "replace")


def _pci_signals(
    backend: registry.Backend, functions: Sequence[PciFunction]
) -> Iterable[HardwareSignal]:
    hits = [
        f
        for f in functions
        if any(match.matches(f.vendor, f.device, f.pci_class) for match in backend.pci)
    ]
    if hits:
        ids = sorted({f"{_bare(f.vendor)}:{_bare(f.device)}" for f in hits})
        named = [f"{i} ({product})" if (product := _product(i)) else i for i in ids]
        yield HardwareSignal(
            backend.key, "pci", f"{len(hits)} PCI device(s) {', '.join(named)}", len(hits),
            pci_ids=tuple(ids),
        )  # fmt: skip


def _product(pci_id: str) -> str | None:
    """What the PCI ID database sells a device id as: "10de:27b8" → "L4"."""
    vendor, _, device = pci_id.partition(":")
    found = pci.products(vendor, device)
    return " / ".join(found) if found else None


def _bare(value: str) -> str:
    return value.lower().removeprefix("0x")


def _node_signals(backend: registry.Backend, root: Path) -> Iterable[HardwareSignal]:
    dev = root / "dev"
    for pattern in backend.device_nodes:
        try:
            nodes = sorted(str(p.relative_to(root)) for p in dev.glob(pattern))
        except OSError:
            continue
        if nodes:
            counts_devices = "[0-9]" in pattern
            shown = ", ".join("/" + n for n in nodes[:4]) + (" …" if len(nodes) > 4 else "")
            yield HardwareSignal(
                backend.key, "device_node", shown, len(nodes) if counts_devices else None
            )


def _platform_signals(backend: registry.Backend) -> Iterable[HardwareSignal]:
    if backend.machine and sys.platform in backend.platforms:
        machine = platform.machine()
        if machine == backend.machine:
            yield HardwareSignal(backend.key, "platform", f"{sys.platform} {machine}", 1)


def _tool_signals(
    backends: Sequence[registry.Backend], env: Mapping[str, str], timeout_s: float
) -> tuple[list[HardwareSignal], tuple[ToolProblem, ...]]:
    path = env.get("PATH", os.defpath)
    jobs = [
        (backend, tool, found)
        for backend in backends
        for tool in backend.tools
        if (found := shutil.which(tool.name, path=path))
    ]
    if not jobs:
        return [], ()
    signals: list[HardwareSignal] = []
    problems: list[ToolProblem] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [
            pool.submit(_run_tool, [found, *tool.argv[1:]], timeout_s) for _, tool, found in jobs
        ]
        for (backend, tool, _), future in zip(jobs, futures, strict=True):
            output, problem = future.result()
            if problem:
                problems.append(ToolProblem(backend.key, " ".join(tool.argv), problem))
                continue
            count = len(re.findall(tool.device_line, output))
            if count:
                signals.append(
                    HardwareSignal(backend.key, "tool", f"{tool.name}: {count} device(s)", count)
                )
    return signals, tuple(problems)


def _run_tool(argv: list[str], timeout_s: float) -> tuple[str, str | None]:
    """Run a vendor tool; return (output, problem). A hung or failing tool is a problem.

    The tool runs in a process group of its own: a wrapper script that hangs in a child
    (`sh` waiting on a wedged driver call) is killed with that child, which would otherwise
    outlive hwdoctor and keep the output pipes open.
    """
    try:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **processes.own_session(),
        )
    except (OSError, ValueError) as exc:
        return "", f"could not run: {getattr(exc, 'strerror', None) or exc}"
    try:
        stdout, stderr = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        processes.kill_group(process, close_pipes=True)
        return "", f"did not answer within {timeout_s:g} s"
    output = stdout[:_TOOL_OUTPUT_LIMIT].decode("utf-8", "replace")
    if process.returncode != 0:
        first = (stderr or stdout).decode("utf-8", "replace").strip()
        first = printable(first.splitlines()[0][:200]) if first else ""
        status = (
            f"was killed by {processes.signal_name(-process.returncode)}"
            if process.returncode < 0
            else f"exited with status {process.returncode}"
        )
        return output, status + (f": {first}" if first else "")
    return output, None


def _rosetta(system: str, timeout_s: float) -> bool:
    """Whether this process is an x86_64 binary translated by Rosetta on Apple Silicon."""
    if system != "Darwin" or platform.machine() != "x86_64":
        return False
    output, problem = _run_tool(["sysctl", "-n", "sysctl.proc_translated"], timeout_s)
    return problem is None and output.strip() == "1"


def _cpu_name(root: Path) -> str | None:
    text = read_text(root / "proc" / "cpuinfo")
    if text is None:
        return platform.processor() or None
    match = re.search(r"(?m)^(?:model name|Model|Hardware)\s*:\s*(.+)$", text)
    return printable(match.group(1).strip()) if match else (platform.processor() or None)


def _memory_available(root: Path) -> int | None:
    """What Accelerate budgets for the cpu tier (psutil's `available`): MemAvailable."""
    text = read_text(root / "proc" / "meminfo")
    if text is None:
        return None
    match = re.search(r"(?m)^MemAvailable:\s+(\d+) kB", text)
    return int(match.group(1)) * 1024 if match else None


def _memory_total() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return None
