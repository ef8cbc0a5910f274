"""The detect payload: what the target interpreter sees (stdlib only, Python 3.8+).

Run after payload_common.py (prepended by the runner). Reads package metadata without
importing, lists torch's autoload entry points, imports torch as user code does with each
autoload entry point announced as a step of its own, imports each installed extension,
then asks every backend of the registry rows in the job for its devices.
"""

import os
import re
import shutil
import sys
import time
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import (
        CWD_ON_PATH,
        JOB,
        _safe,
        describe,
        emit,
        fact,
        finish,
        loaded_libraries,
        rocm_wheel_facts,
        step,
        torch_builds,
    )

# --- metadata: no imports ------------------------------------------------------------------


def _metadata_module():
    import importlib.metadata as metadata

    return metadata


def _distribution(metadata, name):
    for candidate in (name, name.replace("-", "_"), name.replace("_", "-")):
        try:
            return metadata.distribution(candidate)
        except metadata.PackageNotFoundError:
            continue
    return None


_PACKAGES = {}
_TORCH_METADATA = []  # torch's METADATA as the metadata step parsed it, for the ROCm step


def _installed(backend):
    return any(_PACKAGES.get(name) for name in backend["dists"])


def _is_torch_requirement(requirement):
    """A requirement on torch itself (not torchvision); hwdoctor judges its marker."""
    name_and_spec = requirement.partition(";")[0]
    name = re.split(r"[\s<>=!~\[(]", name_and_spec.strip(), maxsplit=1)[0]
    return name.lower() == "torch"


def read_packages():
    metadata = _metadata_module()
    packages = _PACKAGES
    for name in JOB["dists"]:
        try:
            dist = _distribution(metadata, name)
        except Exception as exc:  # a dist-info directory importlib.metadata cannot read
            packages[name] = {"version": None, "error": "%s: %s" % (type(exc).__name__, exc)}
            continue
        if dist is None:
            packages[name] = None
            continue
        try:
            meta = dist.metadata  # parsed once: `dist.requires` would parse it again
            if name == "torch":
                _TORCH_METADATA.append(meta)
            # Distribution.requires: Requires-Dist, else an egg-info's requires.txt.
            packages[name] = _package(meta, meta.get_all("Requires-Dist") or dist.requires, dist)
        except Exception:
            # One METADATA that is not UTF-8 (or not readable) costs that package only:
            # read it again as bytes, decoded tolerantly, parsed by the same email parser.
            packages[name] = _package_tolerantly(dist)
    fact("packages", packages)


def _package(meta, requires, dist):
    return {
        "version": meta.get("Version"),
        "requires_torch": [r for r in (requires or []) if _is_torch_requirement(r)],
        "summary": meta.get("Summary"),
        "home_page": meta.get("Home-page"),
        "location": str(getattr(dist, "_path", "") or ""),
    }


def _package_tolerantly(dist):
    import email

    try:
        path = getattr(dist, "_path", None)
        with open(os.path.join(str(path), "METADATA"), "rb") as handle:
            raw = handle.read(16 * 1024 * 1024)
        meta = email.message_from_string(raw.decode("utf-8", "replace"))
        package = _package(meta, meta.get_all("Requires-Dist"), dist)
        package["error"] = "METADATA is not valid UTF-8; read with replacement characters"
        return package
    except Exception as exc:
        return {"version": None, "error": "%s: %s" % (type(exc).__name__, exc)}


def _entry_point_dist(ep):
    dist = getattr(ep, "dist", None)
    return getattr(dist, "name", None) if dist is not None else None


def torch_backend_entry_points():
    metadata = _metadata_module()
    try:
        found = metadata.entry_points(group="torch.backends")
    except TypeError:  # Python < 3.10: a dict of groups
        found = metadata.entry_points().get("torch.backends", [])
    return list(found)


def read_entry_points():
    points = [
        {"name": ep.name, "value": ep.value, "dist": _entry_point_dist(ep)}
        for ep in torch_backend_entry_points()
    ]
    fact("entry_points", points)


# --- import torch as user code does -------------------------------------------------------


class _AnnouncedEntryPoint:
    """Wraps an autoload entry point so that loading and calling it are steps of their own."""

    def __init__(self, ep):
        self._ep = ep
        self.name = ep.name
        self.value = ep.value

    def load(self):
        step_name = "autoload " + self.name
        emit({"e": "begin", "step": step_name})
        started = time.monotonic()
        before = _privateuse1_name()  # importing the entry point's module may register it
        try:
            target = self._ep.load()
        except BaseException as exc:
            _end_autoload(step_name, started, exc)
            raise

        def announced_call(*args, **kwargs):
            try:
                result = target(*args, **kwargs)
            except BaseException as exc:
                _end_autoload(step_name, started, exc)
                raise
            _note_registration(before, self._ep)
            _end_autoload(step_name, started, None)
            return result

        return announced_call

    def __getattr__(self, name):
        return getattr(self._ep, name)


# torch's name for the PrivateUse1 backend before any out-of-tree backend renames it
# (torch/csrc/Module.cpp; c10/core/DeviceType.cpp: "privateuseone").
_PRIVATEUSE1_DEFAULT = "privateuseone"
_REGISTERED_BY = {}  # PrivateUse1 name -> the entry point whose call renamed it


def _privateuse1_name():
    """torch._C._get_privateuse1_backend_name(), or None before torch._C exists."""
    torch = sys.modules.get("torch")
    getter = getattr(getattr(torch, "_C", None), "_get_privateuse1_backend_name", None)
    if getter is None:
        return None
    name, _ = _safe(getter)
    return name


def _note_registration(before, ep):
    """Which entry point renamed the PrivateUse1 backend: the one whose call changed it."""
    after = _privateuse1_name()
    if after and after != before and after != _PRIVATEUSE1_DEFAULT:
        dist = _entry_point_dist(ep)
        version = None
        if dist:
            version, _ = _safe(_metadata_module().version, dist)
        _REGISTERED_BY[after] = {"name": ep.name, "value": ep.value, "dist": dist}
        _REGISTERED_BY[after]["version"] = version


def _end_autoload(step_name, started, exc):
    event = {"e": "end", "step": step_name, "ok": exc is None}
    event["seconds"] = round(time.monotonic() - started, 4)
    if exc is not None:
        event["error"] = describe(exc)
    emit(event)


def import_torch():
    """`import torch` with torch's own autoload, each entry point announced as a step."""
    metadata = _metadata_module()
    original = metadata.entry_points

    def announced_entry_points(*args, **kwargs):
        found = original(*args, **kwargs)
        if kwargs.get("group") == "torch.backends":
            return [_AnnouncedEntryPoint(ep) for ep in found]
        return found

    metadata.entry_points = announced_entry_points
    try:
        ok, _, _ = step("import torch", __import__, "torch")
    finally:
        metadata.entry_points = original
    return bool(ok)


def load_entry_points_explicitly():
    """With autoload off, load each entry point ourselves, skipping the known culprits."""
    for ep in torch_backend_entry_points():
        step("autoload " + ep.name, _load_entry_point, ep)


def _load_entry_point(ep):
    before = _privateuse1_name()
    ep.load()()
    _note_registration(before, ep)


# --- torch and backend facts --------------------------------------------------------------


def _attr_chain(root, dotted):
    obj = root
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def read_torch():
    import torch

    version = getattr(torch, "version", None)
    xpu = getattr(torch, "xpu", None)
    mps = getattr(getattr(torch, "backends", None), "mps", None)
    xpu_compiled, _ = _safe(getattr(xpu, "_is_compiled", lambda: False))
    mps_built, _ = _safe(getattr(mps, "is_built", lambda: False))
    info = {
        "version": getattr(torch, "__version__", None),
        "cuda": getattr(version, "cuda", None),
        "hip": getattr(version, "hip", None),
        "git_version": getattr(version, "git_version", None),
        "xpu_compiled": bool(xpu_compiled),
        "mps_built": bool(mps_built),
        "file": getattr(torch, "__file__", None),
    }
    accelerator = getattr(torch, "accelerator", None)
    if accelerator is not None and hasattr(accelerator, "current_accelerator"):
        current, error = _safe(accelerator.current_accelerator)
        info["accelerator"] = str(current) if current is not None else None
        if error:
            info["accelerator_error"] = error
    # What torch.compile and bfloat16 need of the CPU: torch's own ISA checks
    # (torch/cpu/__init__.py; Inductor vectorises bfloat16 with AVX512-BF16, and AMX tiles
    # do it in hardware), and the C++ compiler Inductor's CPU backend would call
    # (torch/_inductor/config.py cpp.cxx: $CXX, else g++, clang++ on macOS, cl on Windows).
    cpu = getattr(torch, "cpu", None)
    isa = {}
    for check in ("_is_avx512_bf16_supported", "_is_amx_tile_supported"):
        answer, _ = _safe(getattr(cpu, check, None) or (lambda: None))
        if isinstance(answer, bool):
            isa[check] = answer
    if isa:
        info["cpu_bf16"] = any(isa.values())
    default = "cl" if sys.platform == "win32" else "clang++" if sys.platform == "darwin" else "g++"
    wanted = os.environ.get("CXX") or default
    info["cxx"] = {"name": wanted, "path": shutil.which(wanted)}
    name = _privateuse1_name()
    if name and name != _PRIVATEUSE1_DEFAULT:
        info["privateuse1"] = name  # the out-of-tree backend that renamed PrivateUse1
    distributed = getattr(torch, "distributed", None)
    if distributed is not None:
        info["distributed"] = _distributed_facts(distributed)
    info["build"] = build_of(info)  # the one place a build flavour is worked out
    fact("torch", info)
    return info


def _distributed_facts(distributed):
    """Which collective backends this torch build has (Accelerate's MULTI_CPU picks mpi/gloo)."""
    available, _ = _safe(distributed.is_available)
    facts = {"available": bool(available)}
    if not available:
        return facts
    for name in ("mpi", "gloo", "nccl"):
        value, _ = _safe(getattr(distributed, "is_%s_available" % name, lambda: False))
        facts[name] = bool(value)
    c10d = getattr(distributed, "distributed_c10d", None)
    value, _ = _safe(getattr(c10d, "is_xccl_available", lambda: False))
    facts["xccl"] = bool(value)
    return facts


def build_of(torch_info):
    if torch_info.get("hip"):
        return "rocm"
    if torch_info.get("cuda"):
        return "cuda"
    if torch_info.get("xpu_compiled"):
        return "xpu"
    if torch_info.get("mps_built"):
        return "mps"
    return "cpu"


def import_extension(backend):
    module = backend["module"]
    if module in sys.modules:
        return {"imported": True, "autoloaded": True}
    ok, _, error = step("import " + module, __import__, module)
    if ok is None:
        return {"imported": False, "autoloaded": False, "skipped": True}
    return {"imported": ok, "autoloaded": False, "error": error}


def _top_level_found(module):
    import importlib.util

    try:
        return importlib.util.find_spec(module.split(".")[0]) is not None
    except (ImportError, ValueError):
        return False


def _allocate(device_type, index):
    import torch

    torch.tensor(0, device=torch.device(device_type, index))


def _device_info(mod, index, device_type):
    device = {"index": index}
    name, error = _safe(getattr(mod, "get_device_name", None) or (lambda i: None), index)
    device["name"] = name
    if error:
        device["error"] = error
    props, _ = _safe(getattr(mod, "get_device_properties", None) or (lambda i: None), index)
    if props is not None:
        total = getattr(props, "total_memory", None)
        device["total_memory_bytes"] = int(total) if isinstance(total, int) else None
        arch = getattr(props, "gcnArchName", None)
        if arch:
            device["arch"] = str(arch)
        uuid = getattr(props, "uuid", None)
        if uuid is not None:
            device["uuid"] = str(uuid)
        # A GPU that shares the host's memory (Jetson, GB10): Accelerate 1.16+ then gives
        # device_map="auto" no separate cpu budget (utils/modeling.py get_max_memory).
        integrated = getattr(props, "is_integrated", None)
        if isinstance(integrated, (bool, int)):
            device["integrated"] = bool(integrated)
        # The PCI address as torch itself spells it from the properties (torch/numa/binding.py,
        # _get_numa_node_index_for_gpu_index): domain:bus:device.0, in hex.
        pci = [getattr(props, "pci_%s_id" % part, None) for part in ("domain", "bus", "device")]
        if all(isinstance(value, int) for value in pci):
            device["pci_bus_id"] = "%04x:%02x:%02x.0" % tuple(pci)
    capability, _ = _safe(getattr(mod, "get_device_capability", None) or (lambda i: None), index)
    if isinstance(capability, (tuple, list)) and len(capability) == 2:
        device["capability"] = "%s.%s" % tuple(capability)
    mem_get_info = getattr(mod, "mem_get_info", None)
    if mem_get_info is not None:
        name = "memory %s:%d" % (device_type, index)
        ok, info, error = step(name, mem_get_info, index)
        if ok:
            free, total = info
            device["free_memory_bytes"] = int(free)
            if not device.get("total_memory_bytes"):
                device["total_memory_bytes"] = int(total)
        elif error:
            device["memory_error"] = error["type"] + ": " + error["message"]
    # What Accelerate does before it budgets memory for device_map="auto": a device that
    # cannot hold a tensor is left out of the placement.
    ok, _, error = step("allocate %s:%d" % (device_type, index), _allocate, device_type, index)
    if ok:
        _DEVICES_USED.append(device_type)
    if ok is not None:
        device["allocatable"] = bool(ok)
    if error:
        device["allocate_error"] = error["type"] + ": " + error["message"].splitlines()[0][:300]
    # Accelerate 1.16+ budgets a device of a type it has no module of its own for (tpu, ...)
    # by torch.accelerator.get_memory_info(i) (utils/modeling.py get_accelerator_free_memory):
    # whether that answers for this device, when it is torch's current accelerator.
    accelerator = getattr(sys.modules.get("torch"), "accelerator", None)
    memory_info = getattr(accelerator, "get_memory_info", None)
    current, _ = _safe(getattr(accelerator, "current_accelerator", None) or (lambda: None))
    if memory_info is not None and getattr(current, "type", None) == device_type:
        ok, _, _ = step("accelerator memory %s:%d" % (device_type, index), memory_info, index)
        device["accelerator_memory"] = bool(ok)
    return device


_WARNING_LIMIT = 1000
_DEVICES_USED = []  # device types a tensor was allocated on: their runtime is initialised


def query_device_module(backend, torch_module, build):
    query = backend["query"]
    wanted = query.get("build")
    if wanted and wanted != build:
        return {"available": False, "reason": "build", "build": build}
    mod = _attr_chain(torch_module, query["module"])
    if mod is None:
        return {"available": False, "reason": "no_module", "module": query["module"]}
    # torch.cuda reports a driver it cannot use as a warning, not an exception, and then says
    # False: "CUDA initialization: The NVIDIA driver on your system is too old (found version
    # 11040)" (c10/cuda/CUDAFunctions.cpp, device_count_impl; torch/cuda/__init__.py). The
    # warnings are kept: they are the only place that says why.
    caught = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            available = bool(mod.is_available())
            count = 0
            if hasattr(mod, "device_count"):
                count, error = _safe(mod.device_count)
                if error:
                    return {"available": available, "device_count": 0, "count_error": error}
                count = int(count or 0)
        result = {"available": available, "device_count": count}
        said = [str(item.message) for item in caught if str(item.message).strip()]
        if said:
            result["init_warning"] = said[0][:_WARNING_LIMIT]
    except Exception as refusal:
        result = _accelerator_answer(torch_module, backend["device"], refusal)
        if result is None:
            raise
        available, count = result["available"], result["device_count"]
    if available:
        result["devices"] = [_device_info(mod, i, backend["device"]) for i in range(count)]
        # The extension's own answer to "bfloat16 here?" (torch.npu, torch.xpu, ...).
        bf16, _ = _safe(getattr(mod, "is_bf16_supported", None) or (lambda: None))
        if isinstance(bf16, bool):
            result["bf16"] = bf16
    # The compiled list, also when no device is usable: it says which GPUs the build could
    # serve. Older torch.cuda returns [] from get_arch_list() without a device; the list it
    # would return is torch._C._cuda_getArchFlags(), split on spaces.
    arch_list, _ = _safe(getattr(mod, "get_arch_list", None) or (lambda: None))
    if not arch_list and wanted and getattr(mod, "__name__", "") == "torch.cuda":
        flags = getattr(getattr(torch_module, "_C", None), "_cuda_getArchFlags", None)
        flags, _ = _safe(flags or (lambda: None))
        arch_list = flags.split() if isinstance(flags, str) else None
    if arch_list:
        result["arch_list"] = [str(arch) for arch in arch_list]
    return result


def _accelerator_answer(torch_module, device_type, refusal):
    """torch.accelerator's answer for `device_type` when its device module refuses one.

    torch-tpu 0.2.0 on torch >= 2.11 makes torch.tpu.is_available() and device_count()
    internal: called from outside torch and torch_tpu they raise "is_available is internal to
    TorchTPU ... Use torch.accelerator.is_available instead." (torch_tpu/_internal/device/
    _device_module.py, is_available and device_count; the raise is in
    torch_tpu/_internal/utils/annotations.py, _create_warning_wrapper, which lets callers whose
    module is torch.* or torch_tpu.* through). torch.accelerator.is_available() and
    device_count() ask torch.get_device_module(current_accelerator()) from torch's own code,
    and return False and 0 when there is no accelerator (torch/accelerator/__init__.py).

    None when torch.accelerator cannot speak for this device: torch < 2.6, or the current
    accelerator is another device while torch knows this device string too.
    """
    accelerator = getattr(torch_module, "accelerator", None)
    if accelerator is None or not hasattr(accelerator, "current_accelerator"):
        return None
    current = accelerator.current_accelerator()
    current_type = getattr(current, "type", None)
    if current_type is None or current_type == device_type:
        available = bool(accelerator.is_available())
        count = int(accelerator.device_count() or 0)
    elif _device_type_known(torch_module, device_type):
        return None
    else:
        # torch's accelerator is another device and torch does not parse this device string:
        # nothing registered it, so no tensor can go there.
        available, count = False, 0
    return {
        "available": available,
        "device_count": count if available else 0,
        "answered_by": "torch.accelerator",
        "accelerator": current_type,
        "refusal": describe(refusal),
    }


def _device_type_known(torch_module, device_type):
    _, error = _safe(torch_module.device, device_type)
    return error is None


def query_unregistered(torch_module, name):
    """The out-of-tree backend that renamed PrivateUse1 to a device no registry row has."""
    facts = {"key": name, "device": name, "registered_by": _REGISTERED_BY.get(name)}
    backend = {"device": name, "query": {"module": "torch." + name}}
    facts.update(query_device_module(backend, torch_module, None))
    return facts


def query_mps(backend, torch_module, build):
    mps = _attr_chain(torch_module, backend["query"]["module"])
    if mps is None:
        return {"available": False, "reason": "no_module", "module": backend["query"]["module"]}
    built = bool(mps.is_built())
    available = bool(mps.is_available())
    result = {"available": available, "built": built, "device_count": 1 if available else 0}
    if available:
        device = {"index": 0, "name": "Apple Silicon GPU"}
        recommended = getattr(getattr(torch_module, "mps", None), "recommended_max_memory", None)
        if recommended is not None:
            memory, _ = _safe(recommended)
            device["total_memory_bytes"] = memory
        result["devices"] = [device]
    elif not built:
        result["reason"] = "build"
        result["build"] = build
    return result


def query_xla(backend, torch_module, build):
    if backend["module"] not in sys.modules:
        return {"available": False, "reason": "not_imported"}
    if os.environ.get("USE_TORCH_XLA", "1").upper() not in ("1", "ON", "YES", "TRUE"):
        return {"available": False, "reason": "disabled", "variable": "USE_TORCH_XLA"}
    runtime = __import__("torch_xla.runtime", fromlist=["device_type"])
    device_type = runtime.device_type()
    count = 0
    counter = getattr(runtime, "addressable_runtime_device_count", None)
    if counter is not None:
        count, _ = _safe(counter)
    return {
        "available": device_type is not None,
        "device_type": device_type,
        "device_count": int(count or 0),
        "devices": [{"index": i, "name": "%s:%d" % (device_type, i)} for i in range(count or 0)],
    }


def query_cpu(backend, torch_module, build):
    threads, _ = _safe(torch_module.get_num_threads)
    return {"available": True, "device_count": 1, "threads": threads}


QUERIES = {
    "cpu": query_cpu,
    "device_module": query_device_module,
    "mps": query_mps,
    "xla": query_xla,
}


def probe_backends(torch_info):
    import torch

    build = torch_info.get("build") or build_of(torch_info)
    for backend in JOB["backends"]:
        key = backend["key"]
        facts = {"key": key}
        if backend["module"]:
            if _installed(backend) or _top_level_found(backend["module"]):
                facts["extension"] = import_extension(backend)
            else:
                facts["extension"] = {"imported": False, "missing": True}
        query = QUERIES[backend["query"]["kind"]]
        ok, result, error = step("query " + key, query, backend, torch, build)
        if ok:
            facts.update(result)
        elif ok is None:
            facts["skipped"] = True
        else:
            facts["query_error"] = error
        fact("backend:" + key, facts)
    name = torch_info.get("privateuse1")
    if name and name not in {backend["device"] for backend in JOB["backends"]}:
        ok, result, error = step("query " + name, query_unregistered, torch, name)
        if ok:
            fact("unregistered_backend", result)
        elif ok is not None:
            registered_by = _REGISTERED_BY.get(name)
            fact(
                "unregistered_backend",
                {"key": name, "device": name, "query_error": error, "registered_by": registered_by},
            )


def _externally_managed():
    """PEP 668: a distribution's Python marks itself with EXTERNALLY-MANAGED in its stdlib
    directory; pip then refuses to install outside a virtual environment."""
    if sys.prefix != getattr(sys, "base_prefix", sys.prefix):
        return False  # a venv is never externally managed
    try:
        import sysconfig

        stdlib = sysconfig.get_path("stdlib")
    except Exception:
        return False
    return bool(stdlib) and os.path.isfile(os.path.join(stdlib, "EXTERNALLY-MANAGED"))


def _made_by_uv():
    """uv writes `uv = <version>` into the pyvenv.cfg of every environment it makes
    (astral-sh/uv crates/uv-virtualenv/src/virtualenv.rs), and makes them without pip."""
    try:
        with open(os.path.join(sys.prefix, "pyvenv.cfg"), encoding="utf-8") as config:
            lines = config.read(4096).splitlines()
        return any(line.split("=")[0].strip() == "uv" for line in lines)
    except (OSError, ValueError):
        return False


def _has_pip():
    """Whether `python -m pip` can run here: pip is findable, without importing it."""
    try:
        import importlib.util

        return importlib.util.find_spec("pip") is not None
    except (ImportError, ValueError):
        return None


# Python < 3.10 has no sys.stdlib_module_names: the modules a training script most often
# shadows by accident with a file of the same name.
_COMMON_STDLIB = (
    "json", "re", "random", "copy", "types", "typing", "logging", "math", "string", "inspect",
    "queue", "signal", "email", "csv", "enum", "abc",
)  # fmt: skip
_STACK_MODULES = ("torch", "transformers", "accelerate", "safetensors", "numpy")


def read_shadowing():
    """Modules in the current directory that `python train.py` run from here would import
    instead of the standard library's or an installed package of the stack."""
    if not CWD_ON_PATH:
        return
    names = set(getattr(sys, "stdlib_module_names", _COMMON_STDLIB)) | set(_STACK_MODULES)
    names.difference_update(("test", "this", "antigravity"))  # imported by nothing
    names.update(b["module"].split(".")[0] for b in JOB["backends"] if b.get("module"))
    here = os.getcwd()
    found = []
    for entry in sorted(os.listdir(here))[:10000]:
        path = os.path.join(here, entry)
        if entry.endswith(".py"):
            name = entry[:-3]
        elif os.path.isfile(os.path.join(path, "__init__.py")):
            name = entry
        else:
            continue
        if name in names and len(found) < 20:
            found.append({"module": name, "path": path})
    fact("shadowing", found)


def main():
    fact(
        "python",
        {
            "executable": sys.executable,
            "version": "%d.%d.%d" % sys.version_info[:3],
            "implementation": sys.implementation.name,
            "prefix": sys.prefix,
            "base_prefix": getattr(sys, "base_prefix", sys.prefix),
            "platform": sys.platform,
            "autoload": os.environ.get("TORCH_DEVICE_BACKEND_AUTOLOAD", "1") == "1",
            "externally_managed": _externally_managed(),
            # conda keeps its package records in <prefix>/conda-meta in every environment
            # it makes (conda's "Managing environments" documentation).
            "conda": os.path.isdir(os.path.join(sys.prefix, "conda-meta")),
            "uv": _made_by_uv(),
            "pip": _has_pip(),
        },
    )
    step("current directory", read_shadowing)
    step("metadata", read_packages)
    step("rocm wheels", read_rocm_wheels)
    step("entry points", read_entry_points)
    if not import_torch():
        return
    if os.environ.get("TORCH_DEVICE_BACKEND_AUTOLOAD", "1") != "1" and JOB.get("load_entry_points"):
        load_entry_points_explicitly()
    _, torch_info, _ = step("torch facts", read_torch)
    step("loaded libraries", read_loaded, False)
    probe_backends(torch_info or {})
    if _DEVICES_USED:
        # The first CUDA/HIP call (the allocation above) loads what import did not: read the
        # maps again, so a library loaded lazily is named too.
        step("loaded libraries after devices", read_loaded, True)


def read_loaded(after_devices):
    """The accelerator libraries this process has loaded, their owners (payload_loaded.py),
    and what torch was built against (cuDNN)."""
    facts = loaded_libraries(JOB)
    facts["after_devices"] = after_devices
    torch = sys.modules.get("torch")
    if torch is not None:
        facts.update(torch_builds(torch))
    fact("libraries", facts)


def read_rocm_wheels():
    """ROCm as pip installs it now (TheRock's rocm, rocm-sdk-* wheels) and what torch's own
    metadata asks of it, read without importing anything."""
    if _TORCH_METADATA:
        fact("rocm_wheels", rocm_wheel_facts(_TORCH_METADATA[0]))
        return
    torch = _distribution(_metadata_module(), "torch")
    fact("rocm_wheels", rocm_wheel_facts(torch.metadata if torch is not None else None))


main()
finish()
