"""The NVIDIA driver, read without torch: kernel module, user-space library, NVML, nvidia-smi.

Each source is kept on its own, because they disagree exactly when something is wrong: a
driver upgraded without a reboot leaves the old kernel module loaded under the new
libraries. Sources of the formats (keys of the compatibility notes, §3):

- `/proc/driver/nvidia/version`: "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05
  …" (proprietary) or "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.126.09
  Release Build …" (open). The token after "Kernel Module" is "for" in the open form, so
  the version is the first dotted number on the line [SNIP-PROC].
- `/sys/module/nvidia/version`: the module's MODULE_VERSION (Documentation/ABI/stable/
  sysfs-module) [KERNEL-ABI].
- `libcuda.so.<version>`: the user-space driver's file name (Debian's libcuda1 file list)
  [DEB-LIBCUDA].
- NVML through NVIDIA's own binding, nvidia-ml-py (`nvmlSystemGetDriverVersion`) [NV-PY-NVML],
  in a subprocess of hwdoctor's own interpreter with a deadline: a wedged driver can hang
  NVML, and hwdoctor never waits on it.
- `nvidia-smi`, whose text "is not guaranteed to be backwards compatible" [NV-SMI-MAN]: the
  fallback when NVML cannot be used, and the source of "Failed to initialize NVML:
  Driver/library version mismatch" (tests/data/real/nvidia/nvidia-smi-mismatch-580.178.txt,
  from https://github.com/zzzhouuu/truenas-nvidia-drivers/issues/19).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from hwdoctor.compat.drivers import LIBCUDA, decode_cuda_driver_version
from hwdoctor.model.facts import GpuHealth, NvidiaDriver
from hwdoctor.model.serial import read_all
from hwdoctor.text import printable

# (argv, timeout) -> (output, problem): the host scan's way of running a tool.
RunTool = Callable[[list[str], float], tuple[str, str | None]]
ReadText = Callable[[Path, int], str | None]

_VERSION: Final = re.compile(r"^\d{2,4}(?:\.\d{1,8}){1,3}$")
# Where distributions and NVIDIA's installers put libcuda (Debian: .../nvidia/current
# [DEB-LIBCUDA]; the NVIDIA container runtime mounts the host's into /usr/local/nvidia).
# The cuda-compat copies beside a toolkit (/usr/local/cuda-X.Y/compat) are left out: they
# differ from the kernel module by design.
_LIBRARY_DIRS: Final = (
    "usr/lib/x86_64-linux-gnu",
    "usr/lib/x86_64-linux-gnu/nvidia/current",
    "usr/lib/aarch64-linux-gnu",
    "usr/lib/aarch64-linux-gnu/nvidia/current",
    "usr/lib64",
    "usr/lib",
    "usr/local/nvidia/lib64",
)
_LIST_LIMIT: Final = 4096  # entries read per library directory
_NVML_OUTPUT_LIMIT: Final = 256 * 1024  # 64 GPUs' health counters fit

# Runs in hwdoctor's own interpreter (-I: nothing of the user's environment on sys.path),
# prints one JSON object. Errors are data: the NVML error's own name and text.
_NVML_SCRIPT: Final = r"""
import json, sys
out = {}
try:
    import pynvml
except Exception as exc:
    out["error"] = "nvidia-ml-py is not importable: %s" % (exc,)
    print(json.dumps(out)); sys.exit(0)
def asked(call, *args):
    # One NVML query; None where this GPU or driver does not support it (or it fails).
    try:
        return call(*args)
    except Exception:
        return None


def text(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def gpu_health(index, handle):
    # NVML's health counters of one GPU (nvml.h): uncorrectable ECC errors, volatile and
    # aggregate (nvmlDeviceGetTotalEccErrors, NVML_MEMORY_ERROR_TYPE_UNCORRECTED = 1), pages
    # retired for single- and double-bit errors and whether a retirement is pending, row
    # remapping (nvmlDeviceGetRemappedRows: correctable, uncorrectable, pending, failure),
    # NVLink state per link, and the clock-event (throttle) reasons now active.
    get = lambda name: getattr(pynvml, name, None)
    gpu = {"index": index}
    gpu["name"] = text(asked(pynvml.nvmlDeviceGetName, handle))
    pci = asked(pynvml.nvmlDeviceGetPciInfo, handle)
    gpu["pci_bus_id"] = text(getattr(pci, "busId", None))
    for key, counter in (("ecc_volatile_uncorrected", 0), ("ecc_aggregate_uncorrected", 1)):
        gpu[key] = asked(pynvml.nvmlDeviceGetTotalEccErrors, handle, 1, counter)
    for key, cause in (("retired_pages_sbe", 0), ("retired_pages_dbe", 1)):
        pages = asked(pynvml.nvmlDeviceGetRetiredPages, handle, cause)
        gpu[key] = len(pages) if isinstance(pages, (list, tuple)) else None
    pending = asked(pynvml.nvmlDeviceGetRetiredPagesPendingStatus, handle)
    gpu["retired_pages_pending"] = None if pending is None else bool(pending)
    rows = asked(pynvml.nvmlDeviceGetRemappedRows, handle)
    if isinstance(rows, (list, tuple)) and len(rows) == 4:
        gpu["remapped_correctable"], gpu["remapped_uncorrectable"] = int(rows[0]), int(rows[1])
        gpu["remap_pending"], gpu["remap_failed"] = bool(rows[2]), bool(rows[3])
    up, down = 0, []
    for link in range(int(get("NVML_NVLINK_MAX_LINKS") or 18)):
        state = asked(pynvml.nvmlDeviceGetNvLinkState, handle, link)
        if state is None:
            continue
        if state:
            up += 1
        else:
            down.append(link)
    gpu["nvlinks_up"] = up if up or down else None
    gpu["nvlinks_down"] = down
    reasons = get("nvmlDeviceGetCurrentClocksEventReasons") or get(
        "nvmlDeviceGetCurrentClocksThrottleReasons"
    )
    mask = asked(reasons, handle) if reasons else None
    if isinstance(mask, int):
        gpu["throttle"] = [name for bit, name in THROTTLE if mask & bit]
    return gpu


# nvml.h's nvmlClocksEventReason* bits that cost speed (GpuIdle 0x1 and the application
# clock setting 0x2 do not).
THROTTLE = ((0x4, "sw_power_cap"), (0x8, "hw_slowdown"), (0x20, "sw_thermal_slowdown"),
            (0x40, "hw_thermal_slowdown"), (0x80, "hw_power_brake"))


try:
    pynvml.nvmlInit()
except Exception as exc:
    out["error"] = str(exc) or type(exc).__name__
    out["error_type"] = type(exc).__name__
    print(json.dumps(out)); sys.exit(0)
try:
    version = pynvml.nvmlSystemGetDriverVersion()
    out["driver"] = version.decode() if isinstance(version, bytes) else str(version)
    out["cuda_driver"] = int(pynvml.nvmlSystemGetCudaDriverVersion())
    caps = []
    health = []
    for index in range(min(int(pynvml.nvmlDeviceGetCount()), 64)):
        handle = pynvml.nvmlDeviceGetHandleByIndex(index)
        major, minor = pynvml.nvmlDeviceGetCudaComputeCapability(handle)
        caps.append("%d.%d" % (major, minor))
        health.append(gpu_health(index, handle))
    out["capabilities"] = caps
    out["health"] = health
except Exception as exc:
    out["error"] = str(exc) or type(exc).__name__
    out["error_type"] = type(exc).__name__
finally:
    try:
        pynvml.nvmlShutdown()
    except Exception:
        pass
print(json.dumps(out))
"""


def kernel_module_version(text: str) -> tuple[str | None, bool | None]:
    """The version and flavour (open?) on the "NVRM version:" line of
    /proc/driver/nvidia/version: the first dotted number, since in the open form the token
    after "Kernel Module" is "for" [SNIP-PROC]."""
    for line in text.splitlines():
        if not line.startswith("NVRM version:"):
            continue
        is_open = "Open Kernel Module" in line
        for token in line.removeprefix("NVRM version:").split():
            if _VERSION.match(token):
                return token, is_open
        return None, is_open
    return None, None


# "Driver Version: 470.86" in the header table of plain `nvidia-smi`; "Driver Version
# <padding> : 535.161.08" at the start of a line in `nvidia-smi -q`, whose key column is
# padded to a width that changed between releases (340.102 and 565.57.01 in
# tests/data/real/nvidia-smi-q). The key must start a line or follow a blank, so the
# "GSP Firmware Version" and "VBIOS Version" lines of -q never match. -q has no "CUDA
# Version" line before driver 410 (the 340.102 sample), and then the CUDA version is unknown.
_SMI_DRIVER: Final = re.compile(r"(?m)(?:^|\s)Driver Version\s*:\s*(\d+(?:\.\d+)*)")
_SMI_CUDA: Final = re.compile(r"(?m)(?:^|\s)CUDA Version\s*:\s*(\d+(?:\.\d+)*)")


def smi_versions(text: str) -> tuple[str | None, str | None]:
    """ "Driver Version" and "CUDA Version" from nvidia-smi's header table or from
    `nvidia-smi -q`."""
    driver = _SMI_DRIVER.search(text)
    cuda = _SMI_CUDA.search(text)
    return (driver.group(1) if driver else None, cuda.group(1) if cuda else None)


# `nvidia-smi -q`: one block a GPU from "GPU 00000000:07:00.0", then "key : value" lines
# under indented section titles (tests/data/real/nvidia-smi-q: drivers 340 to 565). The
# health sections: "ECC Errors" (Volatile/Aggregate; "SRAM Uncorrectable", "DRAM
# Uncorrectable" on recent drivers, "Double Bit" → "Total" on older ones), "Retired Pages",
# "Remapped Rows", and "Clocks Event Reasons" ("Clocks Throttle Reasons" before 535).
_GPU_BLOCK: Final = re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s*$")
_THROTTLE_NAMES: Final = {
    "hw slowdown": "hw_slowdown", "hw thermal slowdown": "hw_thermal_slowdown",
    "hw power brake slowdown": "hw_power_brake", "sw thermal slowdown": "sw_thermal_slowdown",
    "sw power cap": "sw_power_cap",
}  # fmt: skip
_MAX_GPUS: Final = 64


def _count(value: str) -> int | None:
    return int(value) if value.isdigit() and len(value) < 19 else None


def smi_health(text: str) -> tuple[GpuHealth, ...]:
    """Each GPU's health counters from `nvidia-smi -q`; a counter it shows as N/A (or not
    at all) stays unknown. Linear in the text: one pass over its lines."""
    gpus: list[dict[str, object]] = []
    titles: list[tuple[int, str]] = []
    for raw in text.splitlines()[:200_000]:
        block = _GPU_BLOCK.match(raw)
        if block:
            if len(gpus) >= _MAX_GPUS:
                break
            gpus.append({"index": len(gpus), "pci_bus_id": block.group(1), "throttle": []})
            titles = []
            continue
        if not gpus or not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, colon, value = raw.strip().partition(" : ")
        key, value = key.strip().lower(), value.strip()
        while titles and titles[-1][0] >= indent:
            titles.pop()
        if not colon:
            titles.append((indent, key.rstrip(":").strip()))
            continue
        _health_line(gpus[-1], [t for _, t in titles], key, value)
    return read_all(GpuHealth, gpus)


def _health_line(gpu: dict[str, object], path: list[str], key: str, value: str) -> None:
    section = path[0] if path else ""
    yes = value.lower() in ("yes", "active")
    if not path and key == "product name":
        gpu["name"] = printable(value[:200])
    elif section == "ecc errors" and len(path) >= 2 and path[1] in ("volatile", "aggregate"):
        uncorrectable = "uncorrectable" in key or (len(path) >= 3 and path[2] == "double bit"
                                                   and key == "total")  # fmt: skip
        number = _count(value)
        if uncorrectable and number is not None:
            field = f"ecc_{path[1]}_uncorrected"
            gpu[field] = int(str(gpu.get(field) or 0)) + number
    elif section == "retired pages":
        if key in ("single bit ecc", "double bit ecc"):
            gpu["retired_pages_" + ("sbe" if key.startswith("single") else "dbe")] = _count(value)
        elif key.startswith("pending") and value.lower() in ("yes", "no"):
            gpu["retired_pages_pending"] = yes
    elif section == "remapped rows":
        if key in ("correctable error", "uncorrectable error"):
            gpu["remapped_" + key.split()[0]] = _count(value)
        elif key == "pending" and value.lower() in ("yes", "no"):
            gpu["remap_pending"] = yes
        elif key == "remapping failure occurred" and value.lower() in ("yes", "no"):
            gpu["remap_failed"] = yes
    elif section in ("clocks event reasons", "clocks throttle reasons") and yes:
        name = _THROTTLE_NAMES.get(key)
        throttle = gpu["throttle"]
        if name and isinstance(throttle, list):
            throttle.append(name)


def _modules(root: Path, read_text: ReadText) -> set[str] | None:
    """The names of the loaded kernel modules (/proc/modules); None when unreadable."""
    text = read_text(root / "proc" / "modules", 1024 * 1024)
    if text is None:
        return None
    return {line.split(" ", 1)[0] for line in text.splitlines() if line}


def _module_live(root: Path, name: str, read_text: ReadText) -> bool | None:
    """/sys/module/<name>/initstate is "live" for a loaded module; a driver built into the
    kernel has no initstate (Documentation/ABI/stable/sysfs-module) [KERNEL-ABI]."""
    base = root / "sys" / "module"
    if not base.is_dir():
        return None
    state = read_text(base / name / "initstate", 64)
    return state is not None and state.strip() == "live"


def _libraries(root: Path) -> tuple[str, ...]:
    found: set[str] = set()
    for directory in _LIBRARY_DIRS:
        try:
            with os.scandir(root / directory) as entries:
                for count, entry in enumerate(entries):
                    if count >= _LIST_LIMIT:
                        break
                    if LIBCUDA.match(entry.name):
                        found.add("/" + directory + "/" + entry.name)
        except OSError:
            continue
    return tuple(sorted(found))


def _nvml(env: Mapping[str, str], timeout_s: float, run_tool: RunTool) -> dict[str, object]:
    output, problem = run_tool([sys.executable, "-I", "-c", _NVML_SCRIPT], timeout_s)
    if problem and not output:
        return {"error": f"NVML {problem}"}
    lines = output[:_NVML_OUTPUT_LIMIT].strip().splitlines()
    try:
        data = json.loads(lines[-1]) if lines else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return {"error": f"NVML {problem or 'gave no answer'}"}
    return data


def _clean(value: object, limit: int = 200) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    return printable(value.strip().splitlines()[0][:limit])


def scan(
    root: Path,
    env: Mapping[str, str],
    timeout_s: float,
    *,
    gpu_on_bus: bool,
    run_tool: RunTool,
    read_text: ReadText,
) -> NvidiaDriver | None:
    """What the host says about the NVIDIA driver; None when there is no trace of one and
    no NVIDIA GPU on the bus (a machine without NVIDIA hardware stays silent and pays for
    no subprocess). Never raises for what it reads."""
    proc = read_text(root / "proc" / "driver" / "nvidia" / "version", 64 * 1024)
    kernel, is_open = kernel_module_version(proc) if proc is not None else (None, None)
    sys_version = read_text(root / "sys" / "module" / "nvidia" / "version", 256)
    if kernel is None and sys_version is not None and _VERSION.match(sys_version.strip()):
        kernel = sys_version.strip()
    modules = _modules(root, read_text)
    loaded: bool | None
    nouveau: bool | None
    if modules is not None:
        loaded, nouveau = "nvidia" in modules, "nouveau" in modules
    else:
        loaded = _module_live(root, "nvidia", read_text)
        nouveau = _module_live(root, "nouveau", read_text)
    if kernel is not None:
        loaded = True
    libraries = _libraries(root)
    if not (kernel or loaded or nouveau or libraries or gpu_on_bus):
        return None

    nvml: dict[str, object] = {}
    smi_driver = smi_cuda = smi_error = None
    if loaded or (root / "dev" / "nvidiactl").exists():
        nvml = _nvml(env, timeout_s, run_tool)
        smi = shutil.which("nvidia-smi", path=env.get("PATH", os.defpath))
        if not isinstance(nvml.get("driver"), str) and smi:
            output, problem = run_tool([smi], timeout_s)
            smi_driver, smi_cuda = smi_versions(output)
            if smi_driver is None and problem is None:
                # A header table laid out in a way not met before: `-q` prints the same
                # versions as "key : value" lines (every sample, drivers 340 to 565).
                smi_driver, smi_cuda = smi_versions(run_tool([smi, "-q"], timeout_s)[0])
            if problem and smi_driver is None:
                # Two lines: "Failed to initialize NVML: Driver/library version mismatch"
                # then "NVML library version: 580.178" (the sample named in the docstring).
                smi_error = _clean("; ".join(output.strip().splitlines()[:2])) or _clean(problem)
    health = read_all(GpuHealth, nvml.get("health"))
    health_source = "nvml" if health else None
    smi = shutil.which("nvidia-smi", path=env.get("PATH", os.defpath))
    if not health and smi and (loaded or (root / "dev" / "nvidiactl").exists()):
        # NVML could not be asked (nvidia-ml-py missing, NVML refused): nvidia-smi -q shows
        # the same counters.
        output, problem = run_tool([smi, "-q"], timeout_s)
        health = smi_health(output) if problem is None else ()
        health_source = "nvidia-smi -q" if health else None
    cuda = nvml.get("cuda_driver")
    capabilities = nvml.get("capabilities")
    return NvidiaDriver(
        kernel_module=kernel,
        open_module=is_open,
        module_loaded=loaded,
        nouveau_loaded=bool(nouveau),
        libraries=libraries,
        nvml_driver=_clean(nvml.get("driver"), 40),
        nvml_cuda=decode_cuda_driver_version(cuda) if isinstance(cuda, int) else None,
        nvml_error=_clean(nvml.get("error")),
        capabilities=tuple(
            c for c in capabilities if isinstance(c, str) and re.match(r"^\d+\.\d+$", c)
        )
        if isinstance(capabilities, list)
        else (),
        smi_driver=smi_driver,
        smi_cuda=smi_cuda,
        smi_error=smi_error,
        health=health,
        health_source=health_source,
    )
