"""Fake worlds: directories that make a CPU-only torch look like a machine with accelerators.

A `World` is a temp directory with three parts:

* ``site/``: small pure-Python packages with real ``*.dist-info`` metadata. Put it on the
  ``PYTHONPATH`` of a subprocess and the *real* torch, accelerate and transformers of that
  interpreter run against them: torch's backend autoload (``[torch.backends]`` entry points,
  read through ``importlib.metadata``) loads them during ``import torch``.
* ``host/``: a fake host root (``sys/bus/pci/devices``, ``dev``) for ``HWDOCTOR_HOST_ROOT``.
* ``bin/``: fake vendor tools, prepended to ``PATH``.

Every builder method writes files at once (plain writes, no pip) and returns the world, so
calls chain::

    world = World(tmp_path).privateuse1("npu").pci("0000:c1:00.0", "0x19e5", "0xd802", "0x120000")
    subprocess.run([sys.executable, "-c", code], env=world.env(), timeout=60)

What can be faked, and what cannot (seen with torch 2.13.0+cpu, accelerate 1.15, transformers
5.24):

* Out-of-tree backends (npu, mlu, musa, neuron, tpu, ...) are a real PrivateUse1 backend
  registered from Python with hooks and a device guard, so ``torch.accelerator`` reports them.
  Only one PrivateUse1 backend can exist per process: a World holds at most one (a second
  `World.privateuse1` raises ValueError). Use one world, and one subprocess, per backend.
* Their devices hold tensors and run ops (``kernels=True``, the default): a tensor on a fake
  device is a real PrivateUse1 tensor (true sizes, strides, dtype and device index) over CPU
  memory, and ops run on the CPU through a boxed fallback (``CpuBackedKernels`` in the support
  module). ``tensor.to("npu:1")``, ``model.to(...)``, Accelerate's ``get_max_memory`` (it probes
  by allocating), ``device_map`` loading and ``generate`` work, with the results of a CPU run.
  Limits: backward through tensors on index 1 and above raises (torch's Python device guard
  reports one device to the autograd engine); ``tensor.to("npu")`` without an index goes to
  index 0 whatever ``set_device`` said (factories such as ``torch.zeros(device="npu")`` follow
  it); SDPA takes torch's math path where a CPU tensor takes a fused kernel (equal to ~1e-7;
  equal bit for bit to a CPU run under ``sdpa_kernel(SDPBackend.MATH)``); ``model.to("npu")``
  unties tied parameters (torch's ``_has_compatible_shallow_copy_type`` is False between CPU
  and PrivateUse1, so ``Module._apply`` makes new Parameters with equal values;
  ``from_pretrained(device_map=...)`` keeps the ties). With ``kernels=False`` allocating on a
  fake device raises NotImplementedError, and ``get_max_memory`` drops the devices.
* ``torch.accelerator.current_device_index()`` of a PrivateUse1 fake is always 0 (torch's Python
  device guard hard-codes it); the device module's own ``current_device()`` follows
  ``set_device()``.
* cuda, xpu and mps cannot be registered on a CPU build (in-tree names); `World.patch_cuda`,
  `World.patch_xpu` and `World.patch_mps` patch the Python functions of ``torch.cuda``,
  ``torch.xpu`` and ``torch.backends.mps`` instead. C++ does not see the patches:
  ``torch._C._get_accelerator()``, ``torch.device(0)``, ``current_device_index()`` and streams
  know no accelerator. ``torch.accelerator.current_accelerator()`` is patched at the Python
  level (opt out with ``accelerator=False``); so ``torch.accelerator.is_available()`` and
  ``device_count()`` follow, and so does transformers' ``get_device_type()`` ("rocm" on a fake
  ROCm build).
* The fake hpu registers ``torch.hpu`` (in-tree type, no rename) but no C++ hooks, so
  ``torch.accelerator`` does not see it unless ``hpu(accelerator=True)`` patches it as above.
* One process can hold several patches and a PrivateUse1 backend at once (the order in which
  transformers, accelerate and ``pipeline`` rank them is then observable), but a real build has
  only one of cuda/xpu/mps.
"""

from __future__ import annotations

import os
import re
import shlex
import stat
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GIB = 1 << 30
SUPPORT_MODULE = "_hwdoctor_fakeworld"
CUDA_PATCH_DIST = "hwdoctor-fakeworld-cuda"
XPU_PATCH_DIST = "hwdoctor-fakeworld-xpu"
MPS_PATCH_DIST = "hwdoctor-fakeworld-mps"
FAULTY_BEHAVIOURS = (
    "hang",
    "sleep:N",
    "segfault",
    "abort",
    "exit0",
    "flood",
    "spew",
    "raise",
    "oserror",
    "oserror-garbled",
    "nonutf8",
    "spawn",
)
OSERROR_MESSAGE = "libfake.so.1: cannot open shared object file: No such file or directory"
# What "oserror-garbled" raises: a library in a directory whose name is not UTF-8 (the message
# holds lone surrogates, as os.fsdecode makes them) and a terminal escape sequence.
GARBLED_PATH = b"/opt/vendor-\xff\xfe/lib/libfake.so.1"
GARBLED_MESSAGE_SOURCE = (
    f"os.fsdecode({GARBLED_PATH!r}) + ': \\x1b[31mcannot open shared object file\\x1b[0m'"
)
# What "spawn" starts and leaves running (a grandchild of whoever imports the package; its
# standard streams are /dev/null, so it keeps no pipe of the importer open).
SPAWNED_ARGV = ("sleep", "1000")
# Values of `privateuse1(availability_fault=...)`: what the device module's is_available() does.
AVAILABILITY_FAULTS = ("raise", "hang")
AVAILABILITY_ERROR = "fake driver: the device is wedged (hwdoctor fake world)"
FLOOD_BYTES = 5 * 1024 * 1024  # per stream
NON_UTF8 = b"\xff\xfe fake output \x80\x81 that is not UTF-8 \xc3\x28\n"

# Visibility variables by device type, for the `visible_devices_env` argument of the builders.
# By default a fake reports exactly the devices it was given and reads no variable.
VISIBLE_DEVICES_ENV: Mapping[str, str] = {
    "cuda": "CUDA_VISIBLE_DEVICES",
    "rocm": "HIP_VISIBLE_DEVICES",
    "xpu": "ZE_AFFINITY_MASK",
    "hpu": "HABANA_VISIBLE_MODULES",
    "npu": "ASCEND_RT_VISIBLE_DEVICES",
    "mlu": "MLU_VISIBLE_DEVICES",
    "musa": "MUSA_VISIBLE_DEVICES",
    "sdaa": "SDAA_VISIBLE_DEVICES",
    "neuron": "NEURON_RT_VISIBLE_CORES",
}


@dataclass(frozen=True)
class FakeDevice:
    """One fake accelerator as its device module reports it."""

    name: str
    total_memory: int = 64 << 30
    free_memory: int = 60 << 30
    capability: tuple[int, int] | None = None  # e.g. (9, 0) for an H100
    uuid: str | None = None  # `get_device_properties(i).uuid`; matches `GPU-<uuid>` visibility
    arch: str | None = None  # `get_device_properties(i).gcnArchName` (ROCm), e.g. "gfx942"
    properties: tuple[tuple[str, Any], ...] = ()  # more attributes of get_device_properties(i)

    def spec(self) -> dict[str, Any]:
        """Plain data (repr-able into generated source)."""
        return {
            "name": self.name,
            "total_memory": int(self.total_memory),
            "free_memory": int(self.free_memory),
            "capability": tuple(self.capability) if self.capability is not None else None,
            "uuid": self.uuid,
            "arch": self.arch,
            "properties": tuple((str(k), v) for k, v in self.properties),
        }


ASCEND = FakeDevice("Ascend910B3")
GAUDI2 = FakeDevice("GAUDI2")
H100 = FakeDevice("NVIDIA H100 80GB HBM3", capability=(9, 0))
MAX_1550 = FakeDevice("Intel(R) Data Center GPU Max 1550")


# --- runtime code shared by the generated packages -------------------------------------------

_SUPPORT_SOURCE = '''\
"""Runtime helpers of the packages of an hwdoctor fake world (generated; not a real package)."""

import os
import types

# Python objects handed to torch's C++ side (PrivateUse1 hooks, device guard) must stay alive.
_KEEP_ALIVE = []
# Device types registered in this process, in order (tests check "exactly once").
REGISTERED = []


class FakeDeviceProperties:
    """What `get_device_properties(i)` returns on a fake backend."""

    def __init__(self, spec):
        self.name = spec["name"]
        self.total_memory = spec["total_memory"]
        if spec.get("capability") is not None:
            self.major, self.minor = spec["capability"]
        if spec.get("uuid") is not None:
            self.uuid = spec["uuid"]
        if spec.get("arch") is not None:
            self.gcnArchName = spec["arch"]
        for key, value in spec.get("properties", ()):
            setattr(self, key, value)

    def __repr__(self):
        shown = ", ".join("%s=%r" % item for item in vars(self).items())
        return "FakeDeviceProperties(%s)" % shown


def visible(devices, variables):
    """Apply a CUDA_VISIBLE_DEVICES-style variable: indices or GPU-<uuid>, in the given order.

    Parsing stops at the first entry that is neither; a repeated entry hides everything, as in
    torch. Returns the visible device specs.
    """
    for variable in variables:
        value = os.environ.get(variable)
        if value is None:
            continue
        chosen = []
        for entry in value.split(","):
            entry = entry.strip()
            index = None
            if entry.isdigit():
                index = int(entry)
            elif entry.startswith("GPU-"):
                uuids = [d.get("uuid") for d in devices]
                if entry[4:] in uuids:
                    index = uuids.index(entry[4:])
            if index is None or index >= len(devices):
                break
            if index in chosen:
                return []
            chosen.append(index)
        devices = [devices[i] for i in chosen]
    return list(devices)


class DeviceTable:
    """The devices of one fake backend and the functions of its torch device module."""

    def __init__(self, device_type, devices, visible_env=()):
        self.type = device_type
        self.devices = visible([dict(d) for d in devices], visible_env)
        self.current = 0

    def index(self, device=None):
        if device is None:
            index = self.current
        elif isinstance(device, str):
            kind, _, number = device.partition(":")
            if kind != self.type:
                raise ValueError("Expected a %s device, got %r" % (self.type, device))
            index = int(number) if number else self.current
        elif isinstance(device, int):
            index = device
        else:  # a torch.device
            if getattr(device, "type", self.type) != self.type:
                raise ValueError("Expected a %s device, got %r" % (self.type, device))
            index = device.index if device.index is not None else self.current
        if not 0 <= index < len(self.devices):
            raise RuntimeError(
                "%s: invalid device ordinal %d (%d device(s) visible)"
                % (self.type, index, len(self.devices))
            )
        return index

    def functions(self, extras=True):
        """name -> function, as on torch.cuda; with extras, the helpers Trainer code calls."""
        table = self

        def is_available():
            return len(table.devices) > 0

        def device_count():
            return len(table.devices)

        def current_device():
            return table.index(None)

        def set_device(device):
            table.current = table.index(device)

        def get_device_name(device=None):
            return table.devices[table.index(device)]["name"]

        def get_device_properties(device=None):
            return FakeDeviceProperties(table.devices[table.index(device)])

        def get_device_capability(device=None):
            capability = table.devices[table.index(device)]["capability"]
            if capability is None:
                raise RuntimeError("%s: this fake device has no compute capability" % table.type)
            return tuple(capability)

        def mem_get_info(device=None):
            spec = table.devices[table.index(device)]
            return (spec["free_memory"], spec["total_memory"])

        def synchronize(device=None):
            if table.devices:
                table.index(device)

        found = {
            "is_available": is_available,
            "device_count": device_count,
            "current_device": current_device,
            "set_device": set_device,
            "get_device_name": get_device_name,
            "get_device_properties": get_device_properties,
            "get_device_capability": get_device_capability,
            "mem_get_info": mem_get_info,
            "synchronize": synchronize,
        }
        if extras:
            found.update(_extras())
        return found


def _extras():
    def nothing(*args, **kwargs):
        return None

    def zero(*args, **kwargs):
        return 0

    def get_amp_supported_dtype():
        import torch

        return [torch.float16, torch.bfloat16]

    return {
        "is_initialized": lambda: True,
        "init": nothing,
        "_lazy_init": nothing,
        "_is_in_bad_fork": lambda: False,
        "manual_seed": nothing,
        "manual_seed_all": nothing,
        "seed": nothing,
        "seed_all": nothing,
        "initial_seed": zero,
        "empty_cache": nothing,
        "memory_allocated": zero,
        "max_memory_allocated": zero,
        "memory_reserved": zero,
        "max_memory_reserved": zero,
        "reset_peak_memory_stats": nothing,
        "is_bf16_supported": lambda *args, **kwargs: True,
        "get_amp_supported_dtype": get_amp_supported_dtype,
    }


def device_module(qualname, table, capability):
    module = types.ModuleType(qualname, "Fake device module (hwdoctor fake world).")
    functions = table.functions()
    if not capability:
        del functions["get_device_capability"]
    vars(module).update(functions)
    module._fake_table = table
    return module


def register_privateuse1(device_type, devices, visible_env=(), kernels=True):
    """Register `device_type` as a Python PrivateUse1 backend with hooks and a device guard.

    With `kernels`, its tensors hold data in CPU memory and ops run (see CpuBackedKernels).
    """
    import torch
    from torch.utils.backend_registration import _setup_privateuseone_for_python_backend

    table = DeviceTable(device_type, devices, visible_env)
    has_capability = any(d["capability"] is not None for d in devices)
    module = device_module("torch." + device_type, table, has_capability)

    class FakeHooks(torch._C._acc.PrivateUse1Hooks):
        def is_available(self):
            return len(table.devices) > 0

        def has_primary_context(self, device_index):
            return len(table.devices) > 0

        def is_built(self):
            return True

    class FakeGuard(torch._C._acc.DeviceGuard):
        def type_(self):
            return torch._C._autograd.DeviceType.PrivateUse1

    hooks, guard = FakeHooks(), FakeGuard()
    _KEEP_ALIVE.extend((hooks, guard, module))
    _setup_privateuseone_for_python_backend(device_type, module, hooks, guard)
    if kernels:
        module.device = _device_context(table)
        _KEEP_ALIVE.append(CpuBackedKernels(table).install())
    REGISTERED.append(device_type)
    return module


def _device_context(table):
    class device:  # noqa: N801  (torch.cuda.device)
        """Context manager that makes `index` the current device (torch.load uses it)."""

        def __init__(self, device):
            self.index = None if device is None or device == -1 else table.index(device)
            self.previous = table.current

        def __enter__(self):
            self.previous = table.current
            if self.index is not None:
                table.current = self.index
            return self

        def __exit__(self, *exc_info):
            table.current = self.previous
            return False

    return device


_DLPACK_CPU = (1, 0)  # kDLCPU, device 0
_DLPACK_EXT_DEV = 12  # kDLExtDev: torch's DLPack converter maps it to PrivateUse1 and back


class CpuBackedKernels:
    """Kernels for a fake PrivateUse1 device whose memory is the host's.

    A tensor on the fake device is a genuine PrivateUse1 tensor: its sizes, strides, dtype,
    storage offset and device index are real, and its storage holds the data in CPU memory
    (so `data_ptr()` is a host address). It is made by relabelling the device of a DLPack
    capsule (torch maps kDLExtDev to PrivateUse1 and kDLCPU to CPU): the fake storage keeps
    its CPU owner alive, and a CPU alias made the same way keeps the fake tensor alive.

    * A boxed fallback runs every op without a PrivateUse1 kernel on CPU aliases of the fake
      tensors, and puts tensor results on the device of the fake inputs (or of the `device`
      argument of a factory op). In-place ops write through the aliases; `out=` tensors are
      computed fresh, then resized if needed and filled. Tensors of two fake devices in one op
      raise, as on real hardware; CPU tensors are passed through unchecked.
    * Explicit kernels: `_copy_from` (also at the Conjugate and Negative keys) and
      `_copy_from_and_resize` (copies between devices), `resize_` (a new storage when it
      grows), `set_()`; metadata-only ops reuse torch's CPU kernels, which only build a
      TensorImpl over the same storage (METADATA_OPS). Factory ops (`empty.memory_format`,
      `empty_strided`, ...) and `_local_scalar_dense` (`.item()`) go through the fallback.
    * torch's composite kernels (`to`, `copy_`, `detach`, `transpose`, `select`, `expand`,
      ...) need nothing: they call the ops above.
    * Around torch: `torch.UntypedStorage(n, device=<fake>)` builds CPU memory (torch would
      dereference the PrivateUse1 allocator Python cannot register), and a backward pass
      through tensors on index 1 and above raises an explained RuntimeError.
    """

    METADATA_OPS = (
        "as_strided",
        "view",
        "_reshape_alias",
        "unfold",
        "view_as_real",
        "view_as_complex",
        "set_.source_Storage",
        "set_.source_Storage_storage_offset",
        "set_.source_Tensor",
        "is_set_to",
    )

    def __init__(self, table):
        import ctypes

        import torch
        import torch.utils.dlpack

        if ctypes.sizeof(ctypes.c_void_p) != 8:
            raise RuntimeError(
                "fake %s kernels: need a 64-bit interpreter (DLPack struct layout)" % table.type
            )
        self.torch = torch
        self.ctypes = ctypes
        self.table = table
        self.type = table.type
        self.libraries = []
        prototype = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)
        self._capsule_pointer = prototype(("PyCapsule_GetPointer", ctypes.pythonapi))

    # -- moving between the fake device and CPU memory (no copies) ----------------------------

    def _relabel(self, tensor, source, target):
        dlpack = self.torch.utils.dlpack
        capsule = dlpack.to_dlpack(tensor)
        address = self._capsule_pointer(capsule, b"dltensor")
        # DLManagedTensor starts with DLTensor {void *data; DLDevice {int32 type, id}; ...}
        device = (self.ctypes.c_int32 * 2).from_address(address + 8)
        if (device[0], device[1]) != source:
            raise RuntimeError(
                "fake %s kernels: DLPack capsule of a %s tensor has device %r, expected %r;"
                " this torch's DLPack layout is not the one the fake world knows"
                % (self.type, tensor.device, (device[0], device[1]), source)
            )
        device[0], device[1] = target
        return dlpack.from_dlpack(capsule)

    # DLPack would materialize a conjugate or negative view (a copy, through these very
    # kernels when the view is on the fake device): carry those bits over as views instead.

    def to_fake(self, cpu, index):
        """A tensor on fake device `index` sharing `cpu`'s memory."""
        if cpu.is_conj():
            return self.to_fake(cpu.conj(), index).conj()
        if cpu.is_neg():
            return self.to_fake(cpu._neg_view(), index)._neg_view()
        return self._relabel(cpu, _DLPACK_CPU, (_DLPACK_EXT_DEV, index))

    def to_cpu(self, fake):
        """A CPU tensor sharing the memory (and sizes, strides) of the fake tensor."""
        if fake.is_conj():
            return self.to_cpu(fake.conj()).conj()
        if fake.is_neg():
            return self.to_cpu(fake._neg_view())._neg_view()
        return self._relabel(fake, (_DLPACK_EXT_DEV, fake.device.index), _DLPACK_CPU)

    def is_fake(self, value):
        return isinstance(value, self.torch.Tensor) and value.device.type == self.type

    # -- the boxed fallback -------------------------------------------------------------------

    def fallback(self, op, *args, **kwargs):
        torch = self.torch
        schema = op._schema
        indices = []  # device indices of the fake tensors among the arguments
        targets = []  # `device` arguments (factory ops)
        fresh = []  # (fake out= tensor, the CPU tensor computed in its place)
        watched = []  # (name, fake tensor mutated in place, its CPU alias, alias metadata)

        def down(value):
            if isinstance(value, torch.Tensor):
                if value.device.type != self.type:
                    return value
                indices.append(value.device.index)
                return self.to_cpu(value)
            if isinstance(value, torch.device):
                targets.append(value)
                return torch.device("cpu") if value.type == self.type else value
            if isinstance(value, (list, tuple)):
                return type(value)(down(item) for item in value)
            return value

        def out(value):
            # out= tensors are computed into new CPU tensors, then copied: the CPU op may
            # resize its out tensor, and a fake tensor's storage cannot grow from the CPU side
            if isinstance(value, torch.Tensor) and value.device.type == self.type:
                indices.append(value.device.index)
                made = torch.empty(0, dtype=value.dtype)
                fresh.append((value, made))
                return made
            if isinstance(value, (list, tuple)):
                return type(value)(out(item) for item in value)
            return value

        def convert(argument, value):
            if argument is not None and argument.is_out:
                return out(value)
            converted = down(value)
            alias = argument.alias_info if argument is not None else None
            if alias is not None and alias.is_write and self.is_fake(value):
                watched.append((argument.name, value, converted, self._metadata(converted)))
            return converted

        arguments = {argument.name: argument for argument in schema.arguments}
        cpu_args = [
            convert(schema.arguments[i] if i < len(schema.arguments) else None, value)
            for i, value in enumerate(args)
        ]
        cpu_kwargs = {name: convert(arguments.get(name), value) for name, value in kwargs.items()}
        if len(set(indices)) > 1:
            first, second = sorted(set(indices))[:2]
            raise RuntimeError(
                "Expected all tensors to be on the same device, but found at least two devices,"
                " %s:%d and %s:%d! (fake %s kernels, %s)"
                % (self.type, first, self.type, second, self.type, op)
            )
        try:
            result = op(*cpu_args, **cpu_kwargs)
        except RuntimeError as exc:
            if "not resizable" not in str(exc):
                raise
            raise RuntimeError(
                "fake %s kernels: %s grows a %s tensor in place, which the CPU kernel cannot do"
                " through an alias of fake-device memory (resize_ and out= arguments can)"
                % (self.type, op, self.type)
            ) from exc

        for fake, made in fresh:
            if fake.shape != made.shape:
                self.resize_(fake, made.shape)
            if made.numel():
                self.to_cpu(fake).copy_(made)
        for _name, fake, alias, metadata in watched:
            if self._metadata(alias) != metadata:  # e.g. a shrinking resize by the CPU kernel
                self._adopt(fake, alias)

        if targets:
            target = targets[0]
            index = self.table.index(target) if target.type == self.type else None
        elif indices:
            index = indices[0]
        else:
            index = self.table.index(None)

        def up(value):
            if isinstance(value, torch.Tensor) and value.device.type == "cpu":
                return value if index is None else self.to_fake(value, index)
            if isinstance(value, (list, tuple)):
                return type(value)(up(item) for item in value)
            return value

        named = dict(zip(arguments, args))
        named.update(kwargs)
        returns = schema.returns
        values = (result,) if len(returns) == 1 else tuple(result) if returns else ()
        final = []
        for returned, value in zip(returns, values):
            alias = returned.alias_info
            if alias is not None and alias.is_write:  # in-place and out= ops return an argument
                sources = [
                    a.name
                    for a in schema.arguments
                    if a.alias_info is not None and a.alias_info.before_set == alias.before_set
                ]
                if sources and sources[0] in named:
                    final.append(named[sources[0]])
                    continue
            final.append(up(value))
        if not returns:
            return None
        return final[0] if len(returns) == 1 else tuple(final)

    @staticmethod
    def _metadata(tensor):
        return (tensor.data_ptr(), tuple(tensor.shape), tensor.stride(), tensor.storage_offset())

    def _adopt(self, fake, cpu):
        """Point `fake` at the memory and sizes of the CPU tensor `cpu`."""
        carrier = self.to_fake(cpu, fake.device.index)
        self._cpu_kernel(
            self.torch.ops.aten.set_.source_Storage_storage_offset,
            fake,
            carrier.untyped_storage(),
            carrier.storage_offset(),
            list(carrier.shape),
            list(carrier.stride()),
        )

    # -- explicit kernels ---------------------------------------------------------------------

    def copy_from(self, source, destination, non_blocking=False):
        if not (self.is_fake(source) or self.is_fake(destination)):
            raise RuntimeError(
                "fake %s kernels: _copy_from between %s and %s is not theirs to do"
                % (self.type, source.device, destination.device)
            )
        target = self.to_cpu(destination) if self.is_fake(destination) else destination
        target.copy_(self.to_cpu(source) if self.is_fake(source) else source)
        return destination

    def copy_from_and_resize(self, source, destination):
        if destination.shape != source.shape:
            if self.is_fake(destination):
                self.resize_(destination, source.shape)
            else:
                destination.resize_(source.shape)
        return self.copy_from(source, destination)

    def _cpu_kernel(self, op, *args, **kwargs):
        return op._op_dk(self.torch._C.DispatchKey.CPU, *args, **kwargs)

    def _check_storage(self, storage):
        device = getattr(storage, "device", None)
        if device is not None and device.type != self.type:
            raise RuntimeError(
                "Attempted to set the storage of a %s tensor to a storage on %s"
                % (self.type, device)
            )

    def metadata_kernel(self, op):
        checked = op.name() != "aten::is_set_to"  # set_ must not adopt another device's memory

        def kernel(*args, **kwargs):
            for value in list(args) + list(kwargs.values()):
                if isinstance(value, (self.torch.UntypedStorage, self.torch.TypedStorage)):
                    self._check_storage(value)
                elif checked and isinstance(value, self.torch.Tensor) and not self.is_fake(value):
                    raise RuntimeError(
                        "%s: expected %s tensors, got one on %s" % (op, self.type, value.device)
                    )
            result = self._cpu_kernel(op, *args, **kwargs)
            if isinstance(result, self.torch.Tensor) and not self.is_fake(result):
                raise RuntimeError(
                    "fake %s kernels: torch's CPU kernel of %s returned a %s tensor"
                    % (self.type, op, result.device)
                )
            return result

        return kernel

    def set_empty(self, tensor):
        torch = self.torch
        empty = self.to_fake(torch.empty(0, dtype=tensor.dtype), tensor.device.index)
        return self._cpu_kernel(
            torch.ops.aten.set_.source_Storage_storage_offset,
            tensor,
            empty.untyped_storage(),
            0,
            [0],
            [1],
        )

    def resize_(self, tensor, size, memory_format=None):
        torch = self.torch
        numel = 1
        for extent in size:
            numel *= int(extent)
        needed = (tensor.storage_offset() + numel) * tensor.element_size()
        storage = tensor.untyped_storage()
        if needed > storage.nbytes():
            index = tensor.device.index
            old = self.to_fake(torch.empty(0, dtype=torch.uint8), index)
            self._cpu_kernel(
                torch.ops.aten.set_.source_Storage_storage_offset,
                old,
                storage,
                0,
                [storage.nbytes()],
                [1],
            )
            grown = torch.zeros(needed, dtype=torch.uint8)
            grown[: storage.nbytes()].copy_(self.to_cpu(old))
            self._cpu_kernel(
                torch.ops.aten.set_.source_Storage_storage_offset,
                tensor,
                self.to_fake(grown, index).untyped_storage(),
                tensor.storage_offset(),
                list(tensor.shape),
                list(tensor.stride()),
            )
        return self._cpu_kernel(
            torch.ops.aten.resize_.default, tensor, list(size), memory_format=memory_format
        )

    def install(self):
        torch = self.torch
        fallback = torch.library.Library("_", "IMPL")
        fallback.fallback(self.fallback, dispatch_key="PrivateUse1")
        aten = torch.library.Library("aten", "IMPL")
        aten.impl("_copy_from", self.copy_from, "PrivateUse1")
        # _copy_from has no alias annotation, so torch's conjugate/negative fallbacks would
        # resolve a conj view by cloning it, which copies through _copy_from: endless C++
        # recursion (a segfault). This kernel copies math-bit views as they are.
        aten.impl("_copy_from", self.copy_from, "Conjugate")
        aten.impl("_copy_from", self.copy_from, "Negative")
        aten.impl("_copy_from_and_resize", self.copy_from_and_resize, "PrivateUse1")
        aten.impl("resize_", self.resize_, "PrivateUse1")
        aten.impl("set_", self.set_empty, "PrivateUse1")
        for name in self.METADATA_OPS:
            packet, _, overload = name.partition(".")
            op = getattr(getattr(torch.ops.aten, packet), overload or "default")
            aten.impl(name, self.metadata_kernel(op), "PrivateUse1")
        self.libraries.extend((fallback, aten))
        self._patch_storage_constructor()
        self._explain_backward()
        return self

    def _patch_storage_constructor(self):
        """`torch.UntypedStorage(n, device=<fake>)` (torch.load's map_location path) would
        dereference the PrivateUse1 allocator, which Python cannot register: a segfault.
        Build the storage in CPU memory instead."""
        torch = self.torch
        kernels = self
        original = torch.UntypedStorage.__new__

        def __new__(cls, *args, device=None, **kwargs):  # noqa: N807
            if device is None or torch.device(device).type != kernels.type:
                if device is not None:
                    kwargs["device"] = device
                return original(cls, *args, **kwargs)
            if kwargs or len(args) > 1 or (args and not isinstance(args[0], int)):
                raise RuntimeError(
                    "fake %s kernels: only UntypedStorage(nbytes, device=...) is supported on"
                    " the fake device" % kernels.type
                )
            index = kernels.table.index(torch.device(device))
            cpu = torch.zeros(args[0] if args else 0, dtype=torch.uint8)
            return kernels.to_fake(cpu, index).untyped_storage()

        torch.UntypedStorage.__new__ = __new__

    def _explain_backward(self):
        """The autograd engine sizes its device queues by the device guard's deviceCount(),
        which torch's Python device guard fixes at 1: backward through tensors on index 1 and
        above trips an internal assert. Say so."""
        import torch.autograd

        original = torch.autograd._engine_run_backward
        device_type = self.type

        def _engine_run_backward(*args, **kwargs):
            try:
                return original(*args, **kwargs)
            except RuntimeError as exc:
                if "device_ready_queues_" not in str(exc):
                    raise
                raise RuntimeError(
                    "fake %s: autograd cannot run backward through tensors on %s:1 and above;"
                    " torch's Python device guard (torch._C._acc.DeviceGuard) reports one"
                    " device, so the autograd engine has a queue for index 0 only. Train on"
                    " %s:0." % (device_type, device_type, device_type)
                ) from exc

        torch.autograd._engine_run_backward = _engine_run_backward


def patch_functions(target, functions, names):
    for name in names:
        setattr(target, name, functions[name])


_PATCHED = set()


def _stub_c_function(torch, name):
    """torch._dynamo imports this from torch._C when the build claims cuda/xpu support."""
    if not hasattr(torch._C, name):

        def no_stream(*args, **kwargs):
            raise RuntimeError("%s: the fake world has no device streams" % name)

        setattr(torch._C, name, no_stream)


def patch_accelerator(device_type):
    """torch.accelerator.current_accelerator() (Python level) reports `device_type` like a build
    for it would, after any registered PrivateUse1 backend (which torch checks first).

    C++ callers (current_device_index, torch.device(0), ...) still see no accelerator.
    """
    import torch
    import torch.accelerator

    original = torch.accelerator.current_accelerator

    def current_accelerator(check_available=False):
        found = original(check_available=False)
        if found is None:
            found = torch.device(device_type)
        if check_available and not torch.get_device_module(found).is_available():
            return None
        return found

    current_accelerator.__doc__ = original.__doc__
    torch.accelerator.current_accelerator = current_accelerator


def patch_cuda(config):
    if "cuda" in _PATCHED:
        return
    _PATCHED.add("cuda")
    import torch
    import torch.backends.cuda
    import torch.cuda
    import torch.version

    hip = config["hip_version"]
    table = DeviceTable("cuda", config["devices"], config["visible_env"])
    functions = table.functions(extras=False)
    patch_functions(torch.cuda, functions, config["names"])
    arch_list = list(config["arch_list"])
    torch.cuda.get_arch_list = lambda: list(arch_list)
    torch.cuda._is_compiled = lambda: True
    torch.cuda._lazy_init = lambda: None
    _stub_c_function(torch, "_cuda_getCurrentRawStream")
    torch.backends.cuda.is_built = lambda: True
    if hip:
        torch.version.hip = hip
        torch.version.cuda = None
    else:
        torch.version.cuda = config["cuda_version"]
        torch.version.hip = None
    if config["accelerator"]:
        patch_accelerator("cuda")


def patch_xpu(config):
    if "xpu" in _PATCHED:
        return
    _PATCHED.add("xpu")
    import torch
    import torch.xpu

    table = DeviceTable("xpu", config["devices"], config["visible_env"])
    functions = table.functions(extras=False)
    names = [name for name in config["names"] if name != "get_device_capability"]
    patch_functions(torch.xpu, functions, names)

    def get_device_capability(device=None):
        return dict(vars(functions["get_device_properties"](device)))

    torch.xpu.get_device_capability = get_device_capability
    torch.xpu._is_compiled = lambda: True
    torch.xpu._lazy_init = lambda: None
    _stub_c_function(torch, "_xpu_getCurrentRawStream")
    if config["accelerator"]:
        patch_accelerator("xpu")


def patch_mps(config):
    if "mps" in _PATCHED:
        return
    _PATCHED.add("mps")
    import torch
    import torch.backends.mps
    import torch.mps

    available = config["available"]
    mps = torch.backends.mps
    mps.is_available = lambda: available
    mps.is_built = lambda: True
    mps.get_name = lambda: config["name"]
    mps.get_core_count = lambda: config["core_count"]
    mps.is_macos_or_newer = lambda major, minor: available
    mps.is_macos13_or_newer = lambda minor=0: available
    torch.mps.is_available = lambda: available
    torch.mps.device_count = lambda: 1 if available else 0
    torch.mps.recommended_max_memory = lambda: config["recommended_max_memory"]
    torch.mps.current_allocated_memory = lambda: 0
    torch.mps.driver_allocated_memory = lambda: 0
    if config["accelerator"]:
        patch_accelerator("mps")
'''

# --- templates --------------------------------------------------------------------------------

_PRIVATEUSE1_TEMPLATE = '''\
"""Fake {dist} {version}: the PrivateUse1 backend {device!r} of an hwdoctor fake world.

Pure Python; {kernels_doc}. It registers once per process, through torch's backend
autoload (`_autoload`), through `import {module}`, or both.
"""

__version__ = {version!r}
_DEVICE = {device!r}
_DEVICES = {devices!r}
_VISIBLE_ENV = {visible_env!r}
_KERNELS = {kernels!r}
_registered = False


def _autoload():
    """The [torch.backends] entry point."""
    _register()


def _register():
    # The flag is set before `import torch`: when this module is imported first, torch's
    # autoload calls `_autoload` while this body is still running, and must do nothing.
    global _registered
    if _registered:
        return
    _registered = True
    import torch

    import {support}

    {support}.register_privateuse1(_DEVICE, _DEVICES, _VISIBLE_ENV, _KERNELS)
    if _DEVICE == "npu" and not hasattr(torch.version, "cann"):
        torch.version.cann = "8.2.RC1"
{npu_functions}

_register()

import torch  # noqa: E402  (for extra_source)

{extra_source}
'''

_NPU_FUNCTIONS = '''

def npu_fusion_attention(*args, **kwargs):
    """transformers imports this name as soon as it detects an NPU."""
    raise NotImplementedError("npu_fusion_attention: the fake torch_npu has no kernels")
'''

_PATCH_TEMPLATE = '''\
"""hwdoctor fake world: {what} (generated; patches the CPU-only torch's Python API)."""

_CONFIG = {config!r}


def _autoload():
    """The [torch.backends] entry point (importing this module does the same)."""
    import {support}

    {support}.{function}(_CONFIG)


_autoload()
'''

_HPU_TORCH_TEMPLATE = '''\
"""Fake habana_frameworks.torch {version} (hwdoctor fake world): registers torch.hpu."""

__version__ = {version!r}
_DEVICES = {devices!r}
_ACCELERATOR = {accelerator!r}

from habana_frameworks.torch import core, hpu, utils  # noqa: E402,F401  (hpu registers)
'''

_HPU_MODULE_SOURCE = '''\
"""Fake torch.hpu (hwdoctor fake world): the in-tree "hpu" device type, no rename."""

import sys

import torch

import {support}
from habana_frameworks.torch import _ACCELERATOR, _DEVICES

_table = {support}.DeviceTable("hpu", _DEVICES)
vars(sys.modules[__name__]).update(_table.functions())
del get_device_capability  # noqa: F821  (Gaudi has none)

if not hasattr(torch, "hpu"):
    torch._register_device_module("hpu", sys.modules[__name__])
    if _ACCELERATOR:
        {support}.patch_accelerator("hpu")
'''

_HPU_CORE_SOURCE = '''\
"""Fake habana_frameworks.torch.core (hwdoctor fake world)."""


def mark_step(*args, **kwargs):
    return None
'''

_HPU_HCCL_SOURCE = '''\
"""Fake habana_frameworks.torch.distributed.hccl (hwdoctor fake world): no collectives."""

import os


def initialize_distributed_hpu():
    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    return world_size, rank, local_rank
'''

_HPU_EXPERIMENTAL_SOURCE = '''\
"""Fake habana_frameworks.torch.utils.experimental (hwdoctor fake world)."""

import enum

from habana_frameworks.torch import _DEVICES


class synDeviceType(enum.IntEnum):  # noqa: N801  (the real name)
    synDeviceGaudi = 1
    synDeviceGaudi2 = 2
    synDeviceGaudi3 = 3


def _get_device_type():
    name = _DEVICES[0]["name"].upper() if _DEVICES else "GAUDI2"
    if "GAUDI3" in name:
        return synDeviceType.synDeviceGaudi3
    if "GAUDI2" in name:
        return synDeviceType.synDeviceGaudi2
    return synDeviceType.synDeviceGaudi
'''

_XLA_INIT_TEMPLATE = '''\
"""Fake torch_xla {version} (hwdoctor fake world): a {device_type} runtime with {devices} device(s).

No PJRT, no lazy tensors: enough for accelerate's PartialState and transformers'
TrainingArguments to pick `xla:0`.
"""

import types

import torch

__version__ = {version!r}
_DEVICE_TYPE = {device_type!r}
_DEVICE_COUNT = {devices!r}
_XLAC = types.SimpleNamespace(_xla_get_tensor_id=id)

from torch_xla import runtime  # noqa: E402


def device(index=None):
    return torch.device("xla", 0 if index is None else index)


def devices():
    return [torch.device("xla", i) for i in range(_DEVICE_COUNT)]


def sync(*args, **kwargs):
    return None
'''

_XLA_RUNTIME_SOURCE = '''\
"""Fake torch_xla.runtime (hwdoctor fake world): one process that sees every device."""

from torch_xla import _DEVICE_COUNT, _DEVICE_TYPE


def device_type():
    return _DEVICE_TYPE


def world_size():
    return 1


def global_ordinal():
    return 0


def local_ordinal():
    return 0


def process_index():
    return 0


def process_count():
    return 1


def local_process_count():
    return 1


def addressable_runtime_device_count():
    return _DEVICE_COUNT


def addressable_device_count():
    return _DEVICE_COUNT


def global_runtime_device_count():
    return _DEVICE_COUNT


def global_device_count():
    return _DEVICE_COUNT


def local_device_count():
    return _DEVICE_COUNT


def is_spmd():
    return False


def use_spmd(*args, **kwargs):
    return None
'''

_XLA_MODEL_SOURCE = '''\
"""Fake torch_xla.core.xla_model (hwdoctor fake world): single process, no collectives."""

import torch

from torch_xla import _DEVICE_COUNT, _DEVICE_TYPE

REDUCE_SUM = "sum"
REDUCE_MUL = "mul"
REDUCE_AND = "and"
REDUCE_OR = "or"
REDUCE_MIN = "min"
REDUCE_MAX = "max"


def xla_device(n=None, devkind=None):
    return torch.device("xla", 0 if n is None else n)


def xla_device_hw(device):
    return _DEVICE_TYPE


def get_xla_supported_devices(devkind=None, max_devices=None):
    names = ["xla:%d" % i for i in range(_DEVICE_COUNT)]
    return names[:max_devices] if max_devices is not None else names


def set_replication(device, devices):
    return None


def get_local_ordinal(*args, **kwargs):
    return 0


def get_ordinal(*args, **kwargs):
    return 0


def xrt_world_size(*args, **kwargs):
    return 1


def is_master_ordinal(local=True):
    return True


def master_print(*args, **kwargs):
    print(*args, **kwargs)


def rendezvous(tag, payload=b"", replicas=()):
    return [payload]


def mark_step(*args, **kwargs):
    return None


def wait_device_ops(*args, **kwargs):
    return None


def optimizer_step(optimizer, barrier=False, optimizer_args=None, **kwargs):
    return optimizer.step(**(optimizer_args or {{}}))


def all_reduce(reduce_type, inputs, scale=1.0, *args, **kwargs):
    return inputs


def all_gather(value, dim=0, *args, **kwargs):
    return value


def mesh_reduce(tag, data, reduce_fn):
    return reduce_fn([data])


def collective_broadcast(tensors, *args, **kwargs):
    return None


def save(data, file_or_path, master_only=True, global_master=False):
    torch.save(data, file_or_path)


def send_cpu_data_to_device(data, device, *args, **kwargs):
    return data


def _maybe_convert_to_cpu(data, *args, **kwargs):
    return data


def _fetch_gradients(optimizer):
    return []


def get_rng_state(device=None):
    return 0


def set_rng_state(seed, device=None):
    return None


def get_memory_info(device=None):
    return {{"bytes_used": 0, "bytes_limit": 16 << 30}}
'''

_XLA_LOADER_SOURCE = '''\
"""Fake torch_xla.distributed.parallel_loader (hwdoctor fake world)."""


class ParallelLoader:
    def __init__(self, loader, devices, **kwargs):
        self._loader = loader
        self._devices = devices

    def per_device_loader(self, device):
        return MpDeviceLoader(self._loader, device)


class MpDeviceLoader:
    def __init__(self, loader, device, **kwargs):
        self._loader = loader
        self.device = device

    def __iter__(self):
        return iter(self._loader)

    def __len__(self):
        return len(self._loader)
'''

_XLA_SPMD_SOURCE = '''\
"""Fake torch_xla.distributed.spmd (hwdoctor fake world)."""

_global_mesh = None


class Mesh:
    def __init__(self, device_ids, mesh_shape, axis_names=None):
        self.device_ids = device_ids
        self.mesh_shape = mesh_shape
        self.axis_names = axis_names


class ShardingSpec:
    def __init__(self, mesh, partition_spec, *args, **kwargs):
        self.mesh = mesh
        self.partition_spec = partition_spec


def set_global_mesh(mesh):
    global _global_mesh
    _global_mesh = mesh


def get_global_mesh():
    return _global_mesh


def mark_sharding(tensor, mesh, partition_spec, *args, **kwargs):
    return tensor
'''

_XLA_MP_SOURCE = '''\
"""Fake torch_xla.distributed.xla_multiprocessing (hwdoctor fake world): runs in-process."""


def spawn(fn, args=(), nprocs=None, join=True, daemon=False, start_method="spawn"):
    return fn(0, *args)


class MpModelWrapper:
    def __init__(self, model):
        self._model = model

    def to(self, device):
        return self._model
'''

_XLA_BACKEND_SOURCE = '''\
"""Fake torch_xla.distributed.xla_backend (hwdoctor fake world)."""


class ProcessGroupXla:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("the fake torch_xla has no process group")
'''

_XLA_METRICS_SOURCE = '''\
"""Fake torch_xla.debug.metrics (hwdoctor fake world)."""


def metrics_report():
    return ""


def short_metrics_report(*args, **kwargs):
    return ""


def metric_names():
    return []


def counter_names():
    return []
'''

_XLA_SYNCFREE_SOURCE = '''\
"""Fake torch_xla.amp.syncfree (hwdoctor fake world)."""

from torch.optim import SGD, Adam, AdamW  # noqa: F401
'''

_FAULTY_TEMPLATE = '''\
"""A broken package of an hwdoctor fake world: importing it does {behaviour!r}."""

__version__ = {version!r}


def _autoload():
    """[torch.backends] entry point; the misbehaviour happens when the module is imported."""
    return None


{body}
'''

_FAULTY_BODIES = {
    # Named functions, so that a Python stack dump of the hung process says what it is doing.
    "hang": (
        "import time\n\n\n"
        "def _sleep_forever():\n"
        "    while True:\n"
        "        time.sleep(3600)\n\n\n"
        "_sleep_forever()\n"
    ),
    "segfault": (
        "import ctypes\nimport os\nimport signal\n\n"
        "ctypes.string_at(0)  # a real invalid read: SIGSEGV\n"
        "os.kill(os.getpid(), signal.SIGSEGV)  # in case the read did not fault\n"
    ),
    "abort": "import os\n\nos.abort()\n",
    "exit0": "import sys\n\nsys.exit(0)\n",
    "raise": (
        "raise ImportError(\n"
        "    {module!r} + ': the fake extension failed to initialise (hwdoctor fake world,"
        ' behaviour "raise")\'\n'
        ")\n"
    ),
    "oserror": f"raise OSError({OSERROR_MESSAGE!r})\n",
    "oserror-garbled": f"import os\n\nraise OSError({GARBLED_MESSAGE_SOURCE})\n",
    "spawn": (
        "import subprocess\n\n"
        f"_SPAWNED = subprocess.Popen(\n    {list(SPAWNED_ARGV)!r},\n"
        "    stdin=subprocess.DEVNULL,\n"
        "    stdout=subprocess.DEVNULL,\n"
        "    stderr=subprocess.DEVNULL,\n"
        ")\n"
    ),
    "flood": (
        "import sys\n\n"
        "_LINE = {module!r} + ': flooding the console ' + 'x' * 100 + '\\n'\n"
        "_CHUNK = _LINE * (65536 // len(_LINE))\n"
        "_written = 0\n"
        f"while _written < {FLOOD_BYTES}:\n"
        "    sys.stdout.write(_CHUNK)\n"
        "    sys.stderr.write(_CHUNK)\n"
        "    _written += len(_CHUNK)\n"
        "sys.stdout.flush()\n"
        "sys.stderr.flush()\n"
    ),
    "spew": (  # a flood without end: the importer never finishes, it prints until killed
        "import sys\n\n"
        "_LINE = {module!r} + ': printing without end ' + 'x' * 100 + '\\n'\n"
        "_CHUNK = _LINE * (65536 // len(_LINE))\n"
        "while True:\n"
        "    sys.stdout.write(_CHUNK)\n"
        "    sys.stderr.write(_CHUNK)\n"
    ),
    "nonutf8": (
        "import sys\n\n"
        "for _stream in (sys.stdout, sys.stderr):\n"
        "    _stream.flush()\n"
        f"    _stream.buffer.write({NON_UTF8!r})\n"
        "    _stream.buffer.flush()\n"
    ),
}


def _faulty_body(module: str, behaviour: str) -> str:
    if behaviour.startswith("sleep:"):
        seconds = float(behaviour.partition(":")[2])
        return (
            "import time\n\n\n"
            f"def _sleep_then_succeed():\n    time.sleep({seconds!r})\n\n\n"
            "_sleep_then_succeed()\n"
        )
    if behaviour in _FAULTY_BODIES:
        return _FAULTY_BODIES[behaviour].replace("{module!r}", repr(module))
    raise ValueError(f"unknown behaviour {behaviour!r}; one of {FAULTY_BEHAVIOURS}")


_AVAILABILITY_FAULT_SOURCE = {
    "raise": """
def _is_available_raises():
    raise RuntimeError({message!r})


torch.{device}.is_available = _is_available_raises
""",
    "hang": """
import time  # noqa: E402


def _is_available_hangs():
    while True:
        time.sleep(3600)


torch.{device}.is_available = _is_available_hangs
""",
}


# --- torch-tpu 0.2.0 as it behaves, for World.torch_tpu ----------------------------------------
# Each piece mirrors a file of the real wheel (torch_tpu-0.2.0-cp311-cp311-manylinux_2_31_x86_64,
# from PyPI); `make tpu-check` runs hwdoctor against the real package.

_TORCH_TPU_INIT = '''\
"""Fake torch_tpu {version} (hwdoctor fake world), after torch_tpu/__init__.py of the real wheel.

The real __init__ configures libtpu (printing "libtpu not found." to stdout without it), warns
when tcmalloc is not the allocator (torch_tpu/_tcmalloc_check.py), then imports _loader.
"""

import warnings

warnings.warn(
    "<TorchTpu/Performance/TcMalloc/> tcmalloc is not loaded; TorchTPU host performance may be "
    "degraded due to glibc ptmalloc contention. (hwdoctor fake world)",
    UserWarning,
    stacklevel=2,
)

from torch_tpu import _loader as _  # noqa: E402,F401
'''

_TORCH_TPU_LOADER = '''\
"""Fake torch_tpu._loader (hwdoctor fake world), after torch_tpu/_loader.py of the real wheel.

Importing it installs the public `torch.tpu` module (real: public_api.install(), l.72) whether
or not a TPU is present; load(), the [torch.backends] entry point (l.377-399), registers the
PrivateUse1 backend "tpu" only when the PCI scan finds a TPU (hardware.get_tpu_device_count).
On torch >= 2.11, torch.tpu.is_available() and device_count() are internal: called from outside
torch and torch_tpu they raise (annotations.internal_or_experimental, strict unless
TORCH_TPU_ALLOW_LEGACY_DEVICE_APIS=1; _device_module.py l.518-531 and l.771-795).
"""

import os
import pathlib
import sys
import types

_AUTOLOAD_ENV_VAR = "TORCH_DEVICE_BACKEND_AUTOLOAD"
# The real loader switches autoload off while it imports torch (l.33-37), and load() puts the
# old value back.
_OLD_AUTOLOAD_ENV = os.getenv(_AUTOLOAD_ENV_VAR, "1")
os.environ[_AUTOLOAD_ENV_VAR] = "0"

import torch  # noqa: E402

_LOADED = False
_GOOGLE_PCI_VENDOR_ID = "0x1ae0"
# hardware.py _PCI_DEVICE_ID_TO_NAME and _HBM_BYTES_PER_CHIP
_TPU_NAMES = {{
    "0x005e": ("TPU v4", 32 << 30),
    "0x0062": ("TPU v5p", 95 << 30),
    "0x0063": ("TPU v5e", 16 << 30),
    "0x006f": ("TPU v6e", 32 << 30),
    "0x0076": ("TPU v7", 192 << 30),
}}
_FRAMEWORK_PACKAGES = ("torch", "torch_tpu")


def _root():
    # The real scan reads /sys/bus/pci/devices and /dev/vfio; the fake reads them under the
    # fake host root, so a test can give it a TPU.
    return pathlib.Path(os.environ.get("HWDOCTOR_HOST_ROOT") or "/")


def _scan_pci_tpus():
    """hardware._scan_pci_tpus (l.280-319): Google functions with a TPU device id, counted
    only when their IOMMU group is exposed under /dev/vfio."""
    found = []
    try:
        functions = sorted((_root() / "sys/bus/pci/devices").iterdir())
    except OSError:
        return found
    for function in functions:
        try:
            if (function / "vendor").read_text().strip() != _GOOGLE_PCI_VENDOR_ID:
                continue
            device_id = (function / "device").read_text().strip()
            if device_id not in _TPU_NAMES:
                continue
            group_id = (function / "iommu_group").readlink().name
            (_root() / "dev/vfio" / group_id).stat()
        except OSError:
            continue
        found.append(_TPU_NAMES[device_id])
    return found


def _torch_version():
    return tuple(int(part) for part in torch.__version__.split("+")[0].split(".")[:2])


def _is_framework_caller_frame(frame):
    """annotations._is_framework_caller_frame (l.80-94)."""
    module = frame.f_globals.get("__name__") or "" if frame is not None else ""
    return (
        module in _FRAMEWORK_PACKAGES
        or module.startswith("torch.")
        or module.startswith("torch_tpu.")
    )


def _internal(function, prefer):
    """annotations._create_warning_wrapper (l.216-274) for a strict internal API."""
    name = function.__name__
    strict = os.environ.get("TORCH_TPU_ALLOW_LEGACY_DEVICE_APIS", "0") not in ("1", "true")
    if _torch_version() < (2, 11):
        return function

    def wrapper(*args, **kwargs):
        if strict and not _is_framework_caller_frame(sys._getframe(1)):
            raise RuntimeError(
                f"{{name}} is internal to TorchTPU and can only be called by the PyTorch "
                f"framework (torch and torch_tpu). Use {{prefer}} instead."
            )
        return function(*args, **kwargs)

    wrapper.__name__ = name
    return wrapper


def _public_module(count_function, name_function):
    module = types.ModuleType("torch.tpu")

    def device_count():
        return count_function()

    def is_available():
        return device_count() > 0

    module.device_count = _internal(device_count, "torch.accelerator.device_count")
    module.is_available = _internal(is_available, "torch.accelerator.is_available")
    module.get_device_name = name_function
    module.is_initialized = lambda: False
    return module


def _install_public_module():
    """public_api.install(): `torch.tpu` in sys.modules and on torch, before any TPU check;
    device_count() off-TPU is the PCI scan (_device_module.py l.786-787)."""
    module = _public_module(
        lambda: len(_scan_pci_tpus()), lambda device=None: _name(_scan_pci_tpus())
    )
    sys.modules["torch.tpu"] = module
    torch.tpu = module


def _name(tpus):
    return tpus[0][0] if tpus else "TPU"


def _init_device(tpus):
    """_init_device_impl (l.205-325): rename PrivateUse1 to "tpu", register torch.tpu."""
    import {support}

    if hasattr(torch, "tpu"):
        delattr(torch, "tpu")
    specs = [
        {{"name": name, "total_memory": memory, "free_memory": memory, "capability": None,
          "uuid": None, "arch": None, "properties": ()}}
        for name, memory in tpus
    ]
    registered = {support}.register_privateuse1("tpu", specs, (), True)
    registered.is_available = _internal(registered.is_available, "torch.accelerator.is_available")
    registered.device_count = _internal(registered.device_count, "torch.accelerator.device_count")
    sys.modules["torch.tpu"] = registered
    print("Successfully renamed PrivateUse1 backend to 'tpu'. Device: device(type='tpu')",
          file=sys.stderr)
    print("Registered Python module for 'tpu'.", file=sys.stderr)
    print("Device type: tpu, Device index: default", file=sys.stderr)


def load():
    """The [torch.backends] entry point torch_tpu = torch_tpu._loader:load."""
    os.environ[_AUTOLOAD_ENV_VAR] = _OLD_AUTOLOAD_ENV
    global _LOADED
    if _LOADED:
        return
    tpus = _scan_pci_tpus()
    if tpus:
        _init_device(tpus)
        _LOADED = True


_install_public_module()

if _OLD_AUTOLOAD_ENV == "1":
    load()
'''


# --- the world ---------------------------------------------------------------------------------


def _normalized(name: str) -> str:
    """A distribution name as it appears in a `*.dist-info` directory name."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _specs(devices: Iterable[FakeDevice]) -> tuple[dict[str, Any], ...]:
    return tuple(device.spec() for device in devices)


def _names(variables: str | Sequence[str] | None) -> tuple[str, ...]:
    if variables is None:
        return ()
    return (variables,) if isinstance(variables, str) else tuple(variables)


def _hex(value: str | int, width: int) -> str:
    if isinstance(value, int):
        return f"0x{value:0{width}x}"
    value = value.strip().lower()
    return value if value.startswith("0x") else "0x" + value


class World:
    """A fake machine under `root`: packages in `site`, a host root in `host`, tools in `bin`."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.site = self.root / "site"
        self.host = self.root / "host"
        self.bin = self.root / "bin"
        self._tool_data = self.root / "tool-data"
        for directory in (self.site, self.host, self.bin):
            directory.mkdir(parents=True, exist_ok=True)
        self._variables: dict[str, str] = {}
        self._packages: set[str] = set()
        self._dists: set[str] = set()
        self.privateuse1_device: str | None = None

    def __repr__(self) -> str:
        return f"World({str(self.root)!r}, packages={sorted(self._packages)})"

    # -- environment --------------------------------------------------------------------------

    def set_env(self, **variables: str) -> World:
        """Variables that `env()` adds last (they win over PATH/PYTHONPATH too)."""
        self._variables.update({key: str(value) for key, value in variables.items()})
        return self

    def env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """The environment of a subprocess that lives in this world."""
        env = dict(os.environ if base is None else base)
        env["PYTHONPATH"] = os.pathsep.join(
            part for part in (str(self.site), env.get("PYTHONPATH", "")) if part
        )
        env["HWDOCTOR_HOST_ROOT"] = str(self.host)
        env["PATH"] = os.pathsep.join(
            part for part in (str(self.bin), env.get("PATH", os.defpath)) if part
        )
        env.update(self._variables)
        return env

    def run(
        self,
        code: str,
        *,
        timeout: float = 120,
        python: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        args: Sequence[str] = (),
    ) -> subprocess.CompletedProcess[str]:
        """`python -c code` in this world (cwd = root), output captured as text.

        Undecodable output is kept as backslash escapes. `env` updates `self.env()`.
        """
        full_env = self.env()
        full_env.update(env or {})
        return subprocess.run(
            [str(python or sys.executable), "-c", code, *args],
            env=full_env,
            cwd=self.root,
            capture_output=True,
            text=True,
            errors="backslashreplace",
            timeout=timeout,
            check=False,
        )

    # -- packages -----------------------------------------------------------------------------

    def _claim(self, module: str, dist: str) -> None:
        top = module.split(".")[0]
        if top in self._packages:
            raise ValueError(f"this world already has a package {top!r}")
        if _normalized(dist) in self._dists:
            raise ValueError(f"this world already has a distribution {dist!r}")
        self._packages.add(top)
        self._dists.add(_normalized(dist))

    def _write(self, relative: str, text: str) -> str:
        path = self.site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return relative

    def _write_support(self) -> str:
        return self._write(f"{SUPPORT_MODULE}.py", _SUPPORT_SOURCE)

    def _write_package(self, module: str, init_source: str) -> list[str]:
        """`module` (dotted) as packages: parents get an empty `__init__.py` unless present."""
        parts = module.split(".")
        written = []
        for depth in range(1, len(parts)):
            init = "/".join(parts[:depth]) + "/__init__.py"
            if not (self.site / init).exists():
                written.append(self._write(init, ""))
        written.append(self._write("/".join(parts) + "/__init__.py", init_source))
        return written

    def _write_dist(
        self,
        name: str,
        version: str,
        *,
        files: Sequence[str],
        top_level: Sequence[str],
        requires: Sequence[str] = (),
        entry_points: Mapping[str, str] | None = None,
        summary: str = "",
    ) -> Path:
        """`<name>-<version>.dist-info` for files already written under `site`."""
        info_name = f"{_normalized(name)}-{version}.dist-info"
        info = self.site / info_name
        info.mkdir(parents=True, exist_ok=True)
        lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        if summary:
            lines.append(f"Summary: {summary}")
        lines.extend(f"Requires-Dist: {requirement}" for requirement in requires)
        contents = {
            "METADATA": "\n".join(lines) + "\n",
            "INSTALLER": "hwdoctor-fakeworld\n",
            "top_level.txt": "".join(f"{top}\n" for top in sorted(set(top_level))),
        }
        if entry_points:
            contents["entry_points.txt"] = "[torch.backends]\n" + "".join(
                f"{key} = {value}\n" for key, value in entry_points.items()
            )
        for filename, text in contents.items():
            (info / filename).write_text(text, encoding="utf-8")
        record = [f"{path},," for path in files]
        record += [f"{info_name}/{filename},," for filename in contents]
        record.append(f"{info_name}/RECORD,,")
        (info / "RECORD").write_text("\n".join(record) + "\n", encoding="utf-8")
        return info

    def privateuse1(
        self,
        device: str = "npu",
        *,
        module: str | None = None,
        dist: str | None = None,
        version: str = "2.13.0",
        devices: Sequence[FakeDevice] = (ASCEND, ASCEND),
        autoload: bool = True,
        requires: Sequence[str] = (),
        extra_source: str = "",
        visible_devices_env: str | Sequence[str] | None = None,
        kernels: bool = True,
        availability_fault: str | None = None,
    ) -> World:
        """A PrivateUse1 backend `device` (npu, mlu, musa, neuron, tpu, ...) in package `module`.

        `module` defaults to `torch_<device>` and `dist` to the module name. With `autoload`,
        `import torch` registers it ([torch.backends] entry point); otherwise only importing
        the module does. `extra_source` is appended to the module, after registration.
        `visible_devices_env` names variables (e.g. VISIBLE_DEVICES_ENV["npu"]) that then hide
        devices like CUDA_VISIBLE_DEVICES does (indices or GPU-<uuid>); by default the fake
        reports exactly `devices`. At most one PrivateUse1 backend per world.

        With `kernels` (the default) tensors can live on the devices and ops run, on the CPU:
        allocation, `.to()`, `model.to()`, `device_map` loading and generation work, and
        results equal a CPU run (see `CpuBackedKernels` in the support module). Without,
        allocating on a device raises NotImplementedError, as a build without kernels would.
        Kernels also add `torch.<device>.device(index)`, the context manager torch.load uses.

        `availability_fault` ("raise" or "hang", see AVAILABILITY_FAULTS) makes
        `torch.<device>.is_available()` raise a RuntimeError (AVAILABILITY_ERROR) or never
        return, as a wedged driver does; registration and `import` still succeed.
        """
        if availability_fault is not None and availability_fault not in AVAILABILITY_FAULTS:
            raise ValueError(
                f"unknown availability_fault {availability_fault!r}; one of {AVAILABILITY_FAULTS}"
            )
        if self.privateuse1_device is not None:
            raise ValueError(
                f"this world already has the PrivateUse1 backend {self.privateuse1_device!r};"
                " torch allows one per process, so use another World"
            )
        if device in ("cuda", "hip", "mps", "xpu", "mtia", "cpu", "hpu", "xla", "meta"):
            raise ValueError(f"{device!r} is an in-tree torch device type, not PrivateUse1")
        module = module or f"torch_{device}"
        dist = dist or module
        self._claim(module, dist)
        self.privateuse1_device = device
        if availability_fault is not None:
            extra_source += _AVAILABILITY_FAULT_SOURCE[availability_fault].format(
                device=device, message=AVAILABILITY_ERROR
            )
        source = _PRIVATEUSE1_TEMPLATE.format(
            dist=dist,
            version=version,
            device=device,
            module=module,
            devices=_specs(devices),
            visible_env=_names(visible_devices_env),
            support=SUPPORT_MODULE,
            npu_functions=_NPU_FUNCTIONS if device == "npu" else "",
            extra_source=extra_source,
            kernels=bool(kernels),
            kernels_doc="CPU-backed kernels" if kernels else "no kernels",
        )
        files = [self._write_support(), *self._write_package(module, source)]
        self._write_dist(
            dist,
            version,
            files=files,
            top_level=[module.split(".")[0]],
            requires=requires,
            entry_points={module: f"{module}:_autoload"} if autoload else None,
            summary=f"Fake PrivateUse1 backend {device!r} (hwdoctor fake world)",
        )
        return self

    def cuda_driver_too_old(self, found: int = 11040, cuda_version: str = "12.1") -> World:
        """A CUDA build of torch (`cuda_version`) on a driver that supports only CUDA
        `found` (cudaDriverGetVersion's 1000*major + 10*minor): `torch.cuda.is_available()`
        warns and returns False, as c10/cuda/CUDAFunctions.cpp's device_count_impl does when
        cudaGetDeviceCount returns cudaErrorInsufficientDriver (message text as torch prints
        it, compat.md [PT-C10], [LOG-1208])."""
        module = "hwdoctor_fakeworld_old_driver"
        self._claim(module, "hwdoctor-fakeworld-old-driver")
        source = f"""
import warnings

_MESSAGE = (
    "CUDA initialization: The NVIDIA driver on your system is too old (found version {found})."
    " Please update your GPU driver by downloading and installing a new version from the URL:"
    " http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to"
    " install a PyTorch version that has been compiled with your version of the CUDA driver."
    " (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)"
)


def _autoload():
    import torch
    import torch.backends.cuda
    import torch.cuda
    import torch.version

    def is_available():
        warnings.warn(_MESSAGE, UserWarning, stacklevel=2)
        return False

    torch.version.cuda = {cuda_version!r}
    torch.version.hip = None
    torch.cuda.is_available = is_available
    torch.cuda.device_count = lambda: 0
    torch.cuda._is_compiled = lambda: True
    torch.backends.cuda.is_built = lambda: True
"""
        files = [self._write(f"{module}/__init__.py", source)]
        self._write_dist(
            "hwdoctor-fakeworld-old-driver",
            "0",
            files=files,
            top_level=[module],
            entry_points={module: f"{module}:_autoload"},
            summary="hwdoctor fake world: a CUDA build of torch on a driver too old for it",
        )
        return self

    def torch_tpu(self, tpus: int = 0, *, version: str = "0.2.0") -> World:
        """Google's torch-tpu as the real 0.2.0 wheel behaves, with `tpus` TPU v5e chips.

        Dist `torch_tpu` with the real entry point `torch_tpu = torch_tpu._loader:load` and
        Requires-Dist `torch>=2.11.0,<=2.15.0`. Importing it installs `torch.tpu`; `load()`
        registers the PrivateUse1 backend "tpu" only when its PCI scan finds a TPU
        (torch_tpu/_internal/utils/hardware.py, _scan_pci_tpus). On torch >= 2.11,
        `torch.tpu.is_available()` and `device_count()` raise "... is internal to TorchTPU ...
        Use torch.accelerator.is_available instead." for callers outside torch and torch_tpu,
        TPU or not; `torch.accelerator` answers. With `tpus`, the fake host gets the chips as
        the real scan needs them (PCI 1ae0:0063 with an IOMMU group, /dev/vfio/<group>), and
        the devices hold tensors (CPU-backed, as `privateuse1`). The real scan reads /sys and
        /dev; the fake reads them under HWDOCTOR_HOST_ROOT.
        """
        if self.privateuse1_device is not None:
            raise ValueError(
                f"this world already has the PrivateUse1 backend {self.privateuse1_device!r}"
            )
        self._claim("torch_tpu", "torch_tpu")
        self.privateuse1_device = "tpu"
        files = [
            self._write_support(),
            self._write("torch_tpu/__init__.py", _TORCH_TPU_INIT.format(version=version)),
            self._write("torch_tpu/_loader.py", _TORCH_TPU_LOADER.format(support=SUPPORT_MODULE)),
        ]
        self._write_dist(
            "torch_tpu",
            version,
            files=files,
            top_level=["torch_tpu"],
            requires=("torch>=2.11.0,<=2.15.0", "libtpu>=0.0.50"),
            entry_points={"torch_tpu": "torch_tpu._loader:load"},
            summary="TPU/XLA support for PyTorch",
        )
        for index in range(tpus):
            address = f"0000:00:{index + 4:02x}.0"
            self.pci(address, "0x1ae0", "0x0063", "0x120000")
            function = self.host / "sys" / "bus" / "pci" / "devices" / address
            groups = self.host / "sys" / "kernel" / "iommu_groups" / str(index)
            groups.mkdir(parents=True, exist_ok=True)
            (function / "iommu_group").symlink_to(groups)
            self.device_node(f"vfio/{index}")
        return self

    def hpu(
        self,
        devices: Sequence[FakeDevice] = (GAUDI2,),
        version: str = "1.22.0",
        *,
        autoload: bool = False,
        requires: Sequence[str] = (),
        accelerator: bool = False,
    ) -> World:
        """Intel Gaudi: `habana_frameworks.torch` registers the in-tree `torch.hpu` module.

        Dist `habana-torch-plugin`; no [torch.backends] entry point unless `autoload`.
        Includes the submodules transformers and accelerate import (`core`,
        `distributed.hccl`, `utils.experimental`). transformers' HPU detection then
        monkey-patches torch (gather, scatter, cholesky, compile): harmless here. The real
        plugin registers HPU hooks in C++; the fake cannot, so
        `torch.accelerator.current_accelerator()` is None unless `accelerator` (Python-level
        patch, as for `patch_cuda`).
        """
        self._claim("habana_frameworks", "habana-torch-plugin")
        specs = _specs(devices)
        files = [
            self._write_support(),
            self._write("habana_frameworks/__init__.py", f"__version__ = {version!r}\n"),
            self._write(
                "habana_frameworks/torch/__init__.py",
                _HPU_TORCH_TEMPLATE.format(version=version, devices=specs, accelerator=accelerator),
            ),
            self._write(
                "habana_frameworks/torch/hpu/__init__.py",
                _HPU_MODULE_SOURCE.format(support=SUPPORT_MODULE),
            ),
            self._write("habana_frameworks/torch/core/__init__.py", _HPU_CORE_SOURCE),
            self._write("habana_frameworks/torch/distributed/__init__.py", ""),
            self._write("habana_frameworks/torch/distributed/hccl/__init__.py", _HPU_HCCL_SOURCE),
            self._write("habana_frameworks/torch/utils/__init__.py", ""),
            self._write("habana_frameworks/torch/utils/experimental.py", _HPU_EXPERIMENTAL_SOURCE),
        ]
        if autoload:
            files.append(
                self._write(
                    "habana_frameworks/autoload.py",
                    '"""Fake Gaudi autoload hook."""\n\n\ndef load():\n'
                    "    import habana_frameworks.torch  # noqa: F401\n",
                )
            )
        self._write_dist(
            "habana-torch-plugin",
            version,
            files=files,
            top_level=["habana_frameworks"],
            requires=requires,
            entry_points={"habana_frameworks": "habana_frameworks.autoload:load"}
            if autoload
            else None,
            summary="Fake Intel Gaudi plugin (hwdoctor fake world)",
        )
        return self

    def xla(self, device_type: str = "TPU", devices: int = 4, version: str = "2.9.0") -> World:
        """A `torch_xla` (dist torch_xla) with a `device_type` runtime of `devices` devices."""
        self._claim("torch_xla", "torch_xla")
        sources = {
            "torch_xla/__init__.py": _XLA_INIT_TEMPLATE.format(
                version=version, device_type=device_type, devices=int(devices)
            ),
            "torch_xla/runtime.py": _XLA_RUNTIME_SOURCE,
            "torch_xla/core/__init__.py": "",
            "torch_xla/core/xla_model.py": _XLA_MODEL_SOURCE.format(),
            "torch_xla/distributed/__init__.py": "",
            "torch_xla/distributed/parallel_loader.py": _XLA_LOADER_SOURCE,
            "torch_xla/distributed/spmd/__init__.py": _XLA_SPMD_SOURCE,
            "torch_xla/distributed/xla_multiprocessing.py": _XLA_MP_SOURCE,
            "torch_xla/distributed/xla_backend.py": _XLA_BACKEND_SOURCE,
            "torch_xla/debug/__init__.py": "",
            "torch_xla/debug/metrics.py": _XLA_METRICS_SOURCE,
            "torch_xla/amp/__init__.py": "",
            "torch_xla/amp/syncfree.py": _XLA_SYNCFREE_SOURCE,
        }
        files = [self._write(path, text) for path, text in sources.items()]
        self._write_dist(
            "torch_xla",
            version,
            files=files,
            top_level=["torch_xla"],
            summary=f"Fake torch_xla, {device_type} x{devices} (hwdoctor fake world)",
        )
        return self

    def _patch(self, dist: str, what: str, function: str, config: Mapping[str, Any]) -> World:
        module = _normalized(dist)
        self._claim(module, dist)
        source = _PATCH_TEMPLATE.format(
            what=what, config=dict(config), support=SUPPORT_MODULE, function=function
        )
        files = [self._write_support(), self._write(f"{module}/__init__.py", source)]
        self._write_dist(
            dist,
            "0",
            files=files,
            top_level=[module],
            entry_points={module: f"{module}:_autoload"},
            summary=f"hwdoctor fake world: {what}",
        )
        return self

    def patch_cuda(
        self,
        devices: Sequence[FakeDevice] = (H100,),
        arch_list: Sequence[str] = ("sm_80", "sm_90"),
        cuda_version: str = "12.8",
        hip_version: str | None = None,
        *,
        accelerator: bool = True,
        visible_devices_env: str | Sequence[str] | None = None,
    ) -> World:
        """Make `torch.cuda` report `devices` (a ROCm build when `hip_version` is given).

        Patched at `import torch` by the dist `hwdoctor-fakeworld-cuda`: is_available,
        device_count, get_device_name, get_device_properties, get_device_capability
        (devices without a capability report (8, 0)), mem_get_info, get_arch_list,
        set_device, current_device, synchronize, `_is_compiled`, `_lazy_init` (a no-op),
        `torch.backends.cuda.is_built` and `torch.version.cuda`/`hip`. `devices` are what
        torch reports; with `visible_devices_env` (e.g. "CUDA_VISIBLE_DEVICES", or
        ("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES") applied in turn) the fake filters them
        like torch filters physical GPUs. `_is_compiled()` is True, as on a CUDA
        build; torch._dynamo then needs `torch._C._cuda_getCurrentRawStream`, added as a stub.
        With `accelerator`, `torch.accelerator.current_accelerator()` says cuda (Python level
        only; a registered PrivateUse1 backend still comes first, as in torch).
        """
        specs = _specs(devices)
        for spec in specs:
            if spec["capability"] is None:
                spec["capability"] = (8, 0)
        config = {
            "devices": specs,
            "arch_list": tuple(arch_list),
            "cuda_version": cuda_version,
            "hip_version": hip_version,
            "accelerator": accelerator,
            "visible_env": _names(visible_devices_env),
            "names": (
                "is_available",
                "device_count",
                "get_device_name",
                "get_device_properties",
                "get_device_capability",
                "mem_get_info",
                "set_device",
                "current_device",
                "synchronize",
            ),
        }
        build = f"ROCm (HIP {hip_version})" if hip_version else f"CUDA {cuda_version}"
        return self._patch(CUDA_PATCH_DIST, f"{build}, {len(specs)} GPU(s)", "patch_cuda", config)

    def patch_xpu(
        self,
        devices: Sequence[FakeDevice] = (MAX_1550,),
        *,
        accelerator: bool = True,
        visible_devices_env: str | Sequence[str] | None = None,
    ) -> World:
        """Make `torch.xpu` report `devices` and `torch.xpu._is_compiled()` True.

        Same functions as `patch_cuda` (get_device_capability returns the properties as a
        dict, as torch.xpu does; `visible_devices_env` as there).
        """
        config = {
            "devices": _specs(devices),
            "accelerator": accelerator,
            "visible_env": _names(visible_devices_env),
            "names": (
                "is_available",
                "device_count",
                "get_device_name",
                "get_device_properties",
                "mem_get_info",
                "set_device",
                "current_device",
                "synchronize",
            ),
        }
        return self._patch(XPU_PATCH_DIST, f"{len(devices)} Intel XPU(s)", "patch_xpu", config)

    def patch_mps(
        self,
        available: bool = True,
        *,
        name: str = "Apple M2 Max",
        recommended_max_memory: int = 48 << 30,
        core_count: int = 38,
        accelerator: bool = True,
    ) -> World:
        """Make `torch.backends.mps` built (always) and available (if `available`).

        Also `torch.mps.is_available/device_count/recommended_max_memory` and, with
        `accelerator`, `torch.accelerator.current_accelerator()` (Python level).
        """
        config = {
            "available": bool(available),
            "accelerator": accelerator,
            "name": name,
            "recommended_max_memory": int(recommended_max_memory),
            "core_count": int(core_count),
        }
        what = "MPS " + ("available" if available else "built but not available")
        return self._patch(MPS_PATCH_DIST, what, "patch_mps", config)

    def faulty(
        self,
        module: str,
        *,
        dist: str | None = None,
        behaviour: str = "raise",
        autoload: bool = False,
        version: str = "1.0",
    ) -> World:
        """A package whose import misbehaves (with `autoload`, during `import torch`).

        Behaviours: see FAULTY_BEHAVIOURS (`sleep:N` takes seconds, e.g. "sleep:2.5");
        several joined with "+" happen in that order ("spawn+hang": start a grandchild
        process, then hang; "nonutf8+abort"; "flood+raise").
        """
        body = "\n\n".join(_faulty_body(module, part) for part in behaviour.split("+"))
        top = module.split(".")[0]
        dist = dist or top
        self._claim(module, dist)
        source = _FAULTY_TEMPLATE.format(behaviour=behaviour, version=version, body=body)
        files = self._write_package(module, source)
        self._write_dist(
            dist,
            version,
            files=files,
            top_level=[top],
            entry_points={module: f"{module}:_autoload"} if autoload else None,
            summary=f"Broken package ({behaviour}) of an hwdoctor fake world",
        )
        return self

    def broken_import(self, module: str, dist: str, version: str, message: str) -> World:
        """An installed package whose import raises ImportError(`message`), as a compiled
        extension built for another torch does ("… .so: undefined symbol: …")."""
        return self.package(
            module, dist, version, f"raise ImportError({message!r})\n",
            summary="An extension that fails to import, of an hwdoctor fake world",
        )  # fmt: skip

    def package(
        self,
        module: str,
        dist: str,
        version: str,
        source: str = "",
        *,
        importable: bool = True,
        summary: str = "A package of an hwdoctor fake world",
    ) -> World:
        """An installed package: its real distribution name and version (flash-attn,
        bitsandbytes), for the rules that read what is installed. `importable=False` writes
        the metadata alone: a stand-in for Triton must not import, since torch._dynamo uses
        what `import triton` gives (triton.language) once it imports."""
        self._claim(module, dist)
        files = (
            self._write_package(module, source or f"__version__ = {version!r}\n")
            if importable
            else []
        )
        self._write_dist(
            dist,
            version,
            files=files,
            top_level=[module.split(".")[0]],
            summary=summary,
        )
        return self

    # -- host ---------------------------------------------------------------------------------

    def pci(
        self, address: str, vendor: str | int, device: str | int, pci_class: str | int
    ) -> World:
        """A PCI function under host/sys/bus/pci/devices/<address> ("0x10de"-style files)."""
        function = self.host / "sys" / "bus" / "pci" / "devices" / address
        function.mkdir(parents=True, exist_ok=True)
        for filename, value in (
            ("vendor", _hex(vendor, 4)),
            ("device", _hex(device, 4)),
            ("class", _hex(pci_class, 6)),
        ):
            (function / filename).write_text(value + "\n", encoding="ascii")
        return self

    def device_node(self, *names: str) -> World:
        """Empty files host/dev/<name> (e.g. "nvidia0", "accel/accel0")."""
        for name in names:
            node = self.host / "dev" / name
            node.parent.mkdir(parents=True, exist_ok=True)
            node.touch()
        return self

    def tool(
        self,
        name: str,
        *,
        stdout: str | bytes = "",
        exit_code: int = 0,
        hang: bool = False,
        stderr: str | bytes = "",
    ) -> World:
        """An executable bin/<name> (/bin/sh) that prints `stdout`/`stderr` byte for byte.

        With `hang`, it then sleeps (as the same process: killing it frees the pipes).
        """
        self._tool_data.mkdir(parents=True, exist_ok=True)
        lines = ["#!/bin/sh", f"# fake {name} (hwdoctor fake world)"]
        for stream, payload, redirect in (("stdout", stdout, ""), ("stderr", stderr, " >&2")):
            if payload:
                data = self._tool_data / f"{name}.{stream}"
                data.write_bytes(payload.encode() if isinstance(payload, str) else payload)
                lines.append(f"cat {shlex.quote(str(data))}{redirect}")
        if hang:
            lines.append("exec sleep 1000000")
        lines.append(f"exit {int(exit_code)}")
        script = self.bin / name
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return self


def make_bare_venv(path: Path, python: str | os.PathLike[str] | None = None) -> Path:
    """`python -m venv --without-pip path` (no torch in it); returns its interpreter."""
    subprocess.run(
        [str(python or sys.executable), "-m", "venv", "--without-pip", str(path)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    scripts = "Scripts" if os.name == "nt" else "bin"
    interpreter = Path(path) / scripts / ("python.exe" if os.name == "nt" else "python")
    if not interpreter.exists():
        raise FileNotFoundError(interpreter)
    return interpreter
