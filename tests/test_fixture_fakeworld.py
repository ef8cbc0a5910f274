"""The fake-world kit itself (tests/fakeworld.py), checked against the real torch, accelerate
and transformers: tests of the test kit, not of hwdoctor, counted apart (test_fixture_*).

Whatever involves torch runs in a subprocess of this interpreter (the dev venv), with a
timeout; checks that share a world share one subprocess. Tests importing transformers are
marked slow. Metadata and the visibility rules are checked in-process (no torch needed).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.fakeworld import (
    FLOOD_BYTES,
    NON_UTF8,
    OSERROR_MESSAGE,
    SUPPORT_MODULE,
    VISIBLE_DEVICES_ENV,
    FakeDevice,
    World,
    make_bare_venv,
)

TIMEOUT = 120

H100 = FakeDevice("NVIDIA H100 80GB HBM3", 80 << 30, 70 << 30, capability=(9, 0), uuid="a1-b2")
A10 = FakeDevice("NVIDIA A10", 24 << 30, 20 << 30, capability=(8, 6), uuid="c3-d4")
MI300X = FakeDevice("AMD Instinct MI300X", 192 << 30, 190 << 30, capability=(9, 4), arch="gfx942")


def facts(world: World, code: str, *, env: dict[str, str] | None = None) -> Any:
    """Run `code` in the world; it must end by printing one JSON line."""
    result = world.run(code, env=env, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr[-4000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


# --- PrivateUse1 backends ----------------------------------------------------------------------

NPU_FACTS = """
import json, torch
import _hwdoctor_fakeworld as support
out = {
    "count": torch.npu.device_count(),
    "name1": torch.npu.get_device_name(1),
    "available": torch.npu.is_available(),
    "accelerator": str(torch.accelerator.current_accelerator()),
    "accelerator_count": torch.accelerator.device_count(),
    "accelerator_available": torch.accelerator.is_available(),
    "device0": str(torch.device(0)),
    "parsed": str(torch.device("npu:1")),
    "c_accelerator": str(torch._C._get_accelerator()),
    "device_module": torch.get_device_module().__name__,
    "total": torch.npu.get_device_properties(0).total_memory,
    "props_name": torch.npu.get_device_properties("npu:1").name,
    "mem": list(torch.npu.mem_get_info(1)),
    "cann": torch.version.cann,
    "is_npu_method": hasattr(torch.Tensor, "is_npu"),
}
torch.npu.set_device(1)
out["current"] = torch.npu.current_device()
out["accelerator_index"] = torch.accelerator.current_device_index()
torch.npu.synchronize()
out["alloc"] = str(torch.zeros(1, device="npu").device)  # factories follow set_device
import torch_npu
torch_npu._autoload()
torch_npu._autoload()
out["registered"] = support.REGISTERED
out["has_fusion"] = callable(torch_npu.npu_fusion_attention)
import importlib.metadata as md
out["version"] = md.version("torch_npu")
out["entry_points"] = [(e.name, e.value) for e in md.entry_points(group="torch.backends")]
print(json.dumps(out))
"""


def test_npu_autoloads_on_import_torch(world: World) -> None:
    world.privateuse1("npu")
    result = world.run(
        "import torch; print(torch.npu.device_count(), torch.npu.get_device_name(1))",
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2 Ascend910B3"

    got = facts(world, NPU_FACTS)
    assert got["count"] == 2 and got["available"] is True
    assert got["name1"] == got["props_name"] == "Ascend910B3"
    assert got["accelerator"] == "npu" and got["c_accelerator"] == "npu"
    assert got["accelerator_count"] == 2 and got["accelerator_available"] is True
    assert got["device0"] == "npu:0" and got["parsed"] == "npu:1"
    assert got["device_module"] == "torch.npu"
    assert got["total"] == 64 << 30 and got["mem"] == [60 << 30, 64 << 30]
    assert got["cann"] and got["is_npu_method"] is True
    # the module follows set_device; torch's Python device guard always answers 0
    assert got["current"] == 1 and got["accelerator_index"] == 0
    assert got["alloc"] == "npu:1"
    assert got["registered"] == ["npu"]  # autoload, import and two more _autoload(): once
    assert got["has_fusion"] is True
    assert got["version"] == "2.13.0"
    assert ["torch_npu", "torch_npu:_autoload"] in got["entry_points"]


def test_autoload_off_needs_an_explicit_import(world: World) -> None:
    world.privateuse1("npu").set_env(TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    got = facts(
        world,
        "import json, torch\n"
        "before = hasattr(torch, 'npu')\n"
        "import torch_npu, _hwdoctor_fakeworld as s\n"
        "print(json.dumps([before, torch.npu.device_count(), s.REGISTERED]))",
    )
    assert got == [False, 2, ["npu"]]


def test_importing_the_extension_before_torch_registers_once(world: World) -> None:
    world.privateuse1("mlu", devices=(FakeDevice("MLU370-X8"),))
    got = facts(
        world,
        "import json, torch_mlu, torch, _hwdoctor_fakeworld as s\n"
        "torch_mlu._autoload()\n"
        "t = torch.arange(4.0, device='mlu:0')\n"
        "print(json.dumps([torch.mlu.device_count(), torch.mlu.get_device_name(0),"
        " str(torch.accelerator.current_accelerator()), s.REGISTERED,"
        " hasattr(torch_mlu, 'npu_fusion_attention'), str(t.device), (t * 2).sum().item()]))",
    )
    assert got == [1, "MLU370-X8", "mlu", ["mlu"], False, "mlu:0", 12.0]


def test_privateuse1_with_zero_devices(world: World) -> None:
    world.privateuse1("npu", devices=())
    got = facts(
        world,
        "import json, torch\n"
        "try:\n    torch.npu.current_device(); current = 'no error'\n"
        "except RuntimeError as exc:\n    current = 'RuntimeError'\n"
        "try:\n    torch.zeros(1, device='npu:0'); alloc = 'no error'\n"
        "except RuntimeError as exc:\n    alloc = str(exc)\n"
        "print(json.dumps([torch.npu.is_available(), torch.npu.device_count(),"
        " str(torch.accelerator.current_accelerator()), torch.accelerator.is_available(),"
        " torch.accelerator.device_count(), current, alloc]))",
    )
    assert got == [
        False,
        0,
        "npu",
        False,
        0,
        "RuntimeError",
        "npu: invalid device ordinal 0 (0 device(s) visible)",
    ]


KERNEL_FACTS = """
import io, json, torch
from accelerate.utils import get_max_memory


def error(fn):
    try:
        fn()
    except Exception as exc:
        return "%s: %s" % (type(exc).__name__, str(exc).splitlines()[0])
    return "no error"


out = {}
one = torch.tensor(0, device=torch.device("npu", 1))
out["tensor"] = [str(one.device), one.device.index, one.item(), str(one.dtype)]
zeros = torch.zeros(3, device="npu:0")
out["zeros"] = [str(zeros.device), zeros.cpu().tolist(), str(zeros.cpu().device)]
cpu = torch.arange(6.0).reshape(2, 3)
moved = cpu.to("npu:1")
view = moved.t()
out["moved"] = [str(moved.device), moved.cpu().tolist(), moved[1, 2].item(), str(view.device)]
out["metadata"] = [list(view.shape), list(view.stride()), view.is_contiguous(),
                   moved[1].storage_offset(), moved.untyped_storage().nbytes(),
                   str(moved.untyped_storage().device), str(moved.to(torch.bfloat16).dtype)]
out["aliasing"] = [view.untyped_storage().data_ptr() == moved.untyped_storage().data_ptr(),
                   view._base is moved]


def compute(t):
    return [(t.softmax(-1) @ t.t()).argmax(-1), (t > 2).sum(), t.masked_fill(t < 1, 0).cumsum(0),
            torch.cat([t, t.flip(0)]).topk(2).values, t.to(torch.bfloat16).exp().float(),
            torch.isin(t.long(), torch.tensor([1, 4], device=t.device)).logical_not()]


out["ops_equal_cpu"] = [torch.equal(a.cpu(), b) for a, b in zip(compute(moved), compute(cpu))]
moved[0].fill_(-1.0)
moved[:, 1] += 10
out["inplace"] = moved.cpu().tolist()
target = torch.zeros(2, 4, device="npu:1")
torch.mul(torch.ones(3, device="npu:1"), 2, out=target[1, :3])
out["out_view"] = target.cpu().tolist()
grown = torch.empty(0, device="npu:0")
torch.cat([torch.ones(2, device="npu:0")] * 3, out=grown)
out["out_resized"] = [list(grown.shape), grown.cpu().tolist()]
out["mixed"] = error(lambda: torch.ones(2, device="npu:0") + torch.ones(2, device="npu:1"))
out["ordinal"] = error(lambda: torch.zeros(1, device="npu:2"))
out["numpy"] = error(lambda: moved.numpy())

memory = get_max_memory()
out["max_memory"] = [[str(key) for key in memory], memory[0], memory[1]]

weight, x = torch.randn(3, 4), torch.randn(2, 3)
w = weight.clone().requires_grad_()
(x @ w).tanh().sum().backward()
w0 = weight.to("npu:0").requires_grad_()
(x.to("npu:0") @ w0).tanh().sum().backward()
out["grad0"] = [str(w0.grad.device), torch.equal(w0.grad.cpu(), w.grad)]
w1 = weight.to("npu:1").requires_grad_()
out["grad1"] = error(lambda: (x.to("npu:1") @ w1).sum().backward())

buffer = io.BytesIO()
torch.save({"a": moved, "b": zeros}, buffer)
buffer.seek(0)
loaded = torch.load(buffer)
buffer.seek(0)
mapped = torch.load(buffer, map_location="npu:1")
out["load"] = [str(loaded["a"].device), str(loaded["b"].device), str(mapped["b"].device),
               torch.equal(loaded["a"].cpu(), moved.cpu())]
print(json.dumps(out))
"""


def test_privateuse1_kernels_hold_tensors_and_run_ops(world: World) -> None:
    world.privateuse1("npu")
    got = facts(world, KERNEL_FACTS)
    assert got["tensor"] == ["npu:1", 1, 0, "torch.int64"]
    assert got["zeros"] == ["npu:0", [0.0, 0.0, 0.0], "cpu"]
    assert got["moved"] == ["npu:1", [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], 5.0, "npu:1"]
    # sizes, strides, offsets and the storage are the data's own: nothing is made up
    assert got["metadata"] == [[3, 2], [1, 3], False, 3, 24, "npu:1", "torch.bfloat16"]
    assert got["aliasing"] == [True, True]
    assert got["ops_equal_cpu"] == [True] * 6
    assert got["inplace"] == [[-1.0, 9.0, -1.0], [3.0, 14.0, 5.0]]  # through views
    assert got["out_view"] == [[0.0] * 4, [2.0, 2.0, 2.0, 0.0]]
    assert got["out_resized"] == [[6], [1.0] * 6]
    assert got["mixed"].startswith("RuntimeError: Expected all tensors to be on the same device")
    assert got["ordinal"] == "RuntimeError: npu: invalid device ordinal 2 (2 device(s) visible)"
    assert got["numpy"].startswith("TypeError: can't convert npu:1 device type tensor to numpy")
    # Accelerate probes each device with torch.tensor(0, device=...), then asks mem_get_info
    assert got["max_memory"] == [["0", "1", "cpu"], 60 << 30, 60 << 30]
    assert got["grad0"] == ["npu:0", True]
    assert got["grad1"].startswith("RuntimeError: fake npu: autograd cannot run backward")
    assert got["load"] == ["npu:1", "npu:0", "npu:1", True]


def test_privateuse1_without_kernels(world: World) -> None:
    world.privateuse1("npu", kernels=False)
    got = facts(
        world,
        "import json, torch\nfrom accelerate.utils import get_max_memory\n"
        "try:\n    torch.tensor(0, device='npu:1'); alloc = 'no error'\n"
        "except NotImplementedError as exc:\n    alloc = 'NotImplementedError'\n"
        "print(json.dumps([torch.npu.device_count(), alloc, [str(k) for k in get_max_memory()]]))",
    )
    assert got == [2, "NotImplementedError", ["cpu"]]


def test_capability_visibility_metadata_and_no_autoload(world: World) -> None:
    world.privateuse1(
        "neuron",
        visible_devices_env=VISIBLE_DEVICES_ENV["neuron"],
        module="torch_neuronx",
        dist="torch-neuronx",
        version="2.9.0.2.11",
        devices=(FakeDevice("trn2", capability=(2, 0)), FakeDevice("trn2b", uuid="u-1")),
        autoload=False,
        requires=("torch==2.13.0", "numpy>=1.26"),
        extra_source="EXTRA = torch.neuron.device_count()\n",
    )
    code = (
        "import json, importlib.metadata as md, torch\n"
        "before = hasattr(torch, 'neuron')\n"
        "eps = [e.name for e in md.entry_points(group='torch.backends')]\n"
        "import torch_neuronx\n"
        "n = torch.neuron\n"
        "p = n.get_device_properties(0)\n"
        "print(json.dumps([before, eps, md.version('torch-neuronx'), md.requires('torch_neuronx'),"
        " n.get_device_capability(0), [p.major, p.minor], n.get_device_properties(1).uuid,"
        " torch_neuronx.EXTRA, n.device_count()]))"
    )
    got = facts(world, code)
    assert got == [
        False,
        [],
        "2.9.0.2.11",
        ["torch==2.13.0", "numpy>=1.26"],
        [2, 0],
        [2, 0],
        "u-1",
        2,
        2,
    ]
    hidden = facts(
        world,
        "import json, torch, torch_neuronx\n"
        "print(json.dumps([torch.neuron.device_count(), torch.neuron.get_device_name(0)]))",
        env={"NEURON_RT_VISIBLE_CORES": "1"},
    )
    assert hidden == [1, "trn2b"]


def test_npu_visible_devices(world: World) -> None:
    world.privateuse1(
        "npu",
        devices=(FakeDevice("A"), FakeDevice("B"), FakeDevice("C")),
        visible_devices_env="ASCEND_RT_VISIBLE_DEVICES",
    )
    code = (
        "import json, torch\n"
        "print(json.dumps([torch.npu.get_device_name(i) for i in range(torch.npu.device_count())]))"
    )
    assert facts(world, code, env={"ASCEND_RT_VISIBLE_DEVICES": "2,0"}) == ["C", "A"]


@pytest.mark.parametrize(
    ("value", "names"),
    [
        (None, ["A", "B", "C"]),
        ("", []),
        ("2,0", ["C", "A"]),
        ("1,x,2", ["B"]),  # parsing stops at the first bad entry
        ("-1", []),
        ("1,1", []),  # a repeated entry hides everything
        ("7", []),
        ("GPU-u-c,0", ["C", "A"]),
    ],
)
def test_visibility_rules(
    world: World, monkeypatch: pytest.MonkeyPatch, value: str | None, names: list[str]
) -> None:
    """The generated support module's filter, loaded in-process (it needs no torch)."""
    world.patch_xpu()
    spec = importlib.util.spec_from_file_location("support", world.site / f"{SUPPORT_MODULE}.py")
    assert spec is not None and spec.loader is not None
    support = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(support)
    devices = [FakeDevice(name, uuid=f"u-{name.lower()}").spec() for name in "ABC"]
    if value is None:
        monkeypatch.delenv("FAKE_VISIBLE", raising=False)
    else:
        monkeypatch.setenv("FAKE_VISIBLE", value)
    table = support.DeviceTable("fake", devices, ("FAKE_VISIBLE",))
    assert [device["name"] for device in table.devices] == names


def test_one_privateuse1_backend_per_world(world: World) -> None:
    world.privateuse1("npu")
    with pytest.raises(ValueError, match="PrivateUse1"):
        world.privateuse1("mlu")
    other = World(world.root.parent / "other")
    with pytest.raises(ValueError, match="in-tree"):
        other.privateuse1("cuda")
    other.faulty("torch_musa")
    with pytest.raises(ValueError, match="torch_musa"):
        other.privateuse1("musa")


def test_dist_metadata_is_readable_without_imports(world: World) -> None:
    world.privateuse1("npu").hpu().xla().patch_cuda().faulty("broken_ext", autoload=True)
    found = importlib.metadata.distributions(path=[str(world.site)])
    dists = {dist.metadata["Name"]: dist for dist in found}
    assert set(dists) == {
        "torch_npu",
        "habana-torch-plugin",
        "torch_xla",
        "hwdoctor-fakeworld-cuda",
        "broken_ext",
    }
    assert dists["habana-torch-plugin"].version == "1.22.0"
    assert dists["torch_xla"].version == "2.9.0"
    groups = {(ep.group, ep.name, ep.value) for dist in dists.values() for ep in dist.entry_points}
    assert groups == {
        ("torch.backends", "torch_npu", "torch_npu:_autoload"),
        ("torch.backends", "hwdoctor_fakeworld_cuda", "hwdoctor_fakeworld_cuda:_autoload"),
        ("torch.backends", "broken_ext", "broken_ext:_autoload"),
    }
    assert dists["habana-torch-plugin"].read_text("top_level.txt") == "habana_frameworks\n"
    assert "torch_npu/__init__.py" in {str(f) for f in dists["torch_npu"].files or ()}


# --- patched in-tree backends ------------------------------------------------------------------

CUDA_FACTS = """
import json, torch
c = torch.cuda
out = {"available": c.is_available(), "count": c.device_count(), "cuda": torch.version.cuda,
       "hip": torch.version.hip, "compiled": c._is_compiled(),
       "built": torch.backends.cuda.is_built(),
       "accelerator": str(torch.accelerator.current_accelerator()),
       "accelerator_count": torch.accelerator.device_count(), "arch": c.get_arch_list()}
if out["count"]:
    p = c.get_device_properties(out["count"] - 1)
    out.update(name=c.get_device_name(0), capability=list(c.get_device_capability(0)),
               mem=list(c.mem_get_info(0)), total=p.total_memory, last=[p.name, p.major, p.minor],
               uuid=getattr(p, "uuid", None), gcn=getattr(p, "gcnArchName", None))
    c.set_device(out["count"] - 1)
    out["current"] = c.current_device()
    c.synchronize()
print(json.dumps(out))
"""


def test_patch_cuda(world: World) -> None:
    world.patch_cuda(devices=(H100, A10), visible_devices_env="CUDA_VISIBLE_DEVICES")
    got = facts(world, CUDA_FACTS)
    assert got["available"] is True and got["count"] == 2
    assert got["cuda"] == "12.8" and got["hip"] is None
    assert got["compiled"] is True and got["built"] is True
    assert got["accelerator"] == "cuda" and got["accelerator_count"] == 2
    assert got["arch"] == ["sm_80", "sm_90"]
    assert got["name"] == "NVIDIA H100 80GB HBM3" and got["capability"] == [9, 0]
    assert got["mem"] == [70 << 30, 80 << 30] and got["total"] == 24 << 30
    assert got["last"] == ["NVIDIA A10", 8, 6] and got["uuid"] == "c3-d4"
    assert got["current"] == 1
    only_a10 = facts(world, CUDA_FACTS, env={"CUDA_VISIBLE_DEVICES": "GPU-c3-d4"})
    assert only_a10["count"] == 1 and only_a10["name"] == "NVIDIA A10"

    # by default the devices are what torch reports, whatever the variable says
    plain = World(world.root.parent / "plain").patch_cuda(devices=(H100,))
    assert facts(plain, CUDA_FACTS, env={"CUDA_VISIBLE_DEVICES": "1"})["count"] == 1


def test_patch_cuda_rocm_and_zero_devices(tmp_path: Path) -> None:
    rocm = World(tmp_path / "rocm").patch_cuda(
        devices=(MI300X,),
        hip_version="6.4.43482",
        visible_devices_env=("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"),
    )
    got = facts(rocm, CUDA_FACTS)
    assert got["hip"] == "6.4.43482" and got["cuda"] is None
    assert got["available"] is True and got["gcn"] == "gfx942" and got["capability"] == [9, 4]
    assert facts(rocm, CUDA_FACTS, env={"HIP_VISIBLE_DEVICES": ""})["count"] == 0

    empty = World(tmp_path / "empty").patch_cuda(devices=(), accelerator=False)
    got = facts(empty, CUDA_FACTS)
    assert got["available"] is False and got["count"] == 0 and got["cuda"] == "12.8"
    assert got["accelerator"] == "None"


def test_patch_xpu_and_mps(tmp_path: Path) -> None:
    xpu = World(tmp_path / "xpu").patch_xpu()
    got = facts(
        xpu,
        "import json, torch; x = torch.xpu\n"
        "print(json.dumps([x._is_compiled(), x.is_available(), x.device_count(),"
        " x.get_device_name(0), x.get_device_capability(0)['name'],"
        " str(torch.accelerator.current_accelerator())]))",
    )
    name = "Intel(R) Data Center GPU Max 1550"
    assert got == [True, True, 1, name, name, "xpu"]

    mps_code = (
        "import json, torch; m = torch.backends.mps\n"
        "print(json.dumps([m.is_built(), m.is_available(), torch.mps.is_available(),"
        " torch.mps.recommended_max_memory(), str(torch.accelerator.current_accelerator()),"
        " torch.accelerator.is_available()]))"
    )
    mps = World(tmp_path / "mps").patch_mps()
    assert facts(mps, mps_code) == [True, True, True, 48 << 30, "mps", True]
    off = World(tmp_path / "mps-off").patch_mps(available=False)
    assert facts(off, mps_code) == [True, False, False, 48 << 30, "mps", False]


def test_hpu_and_xla_without_transformers(tmp_path: Path) -> None:
    hpu = World(tmp_path / "hpu").hpu(devices=(FakeDevice("GAUDI3"), FakeDevice("GAUDI3")))
    got = facts(
        hpu,
        "import json, torch\n"
        "before = hasattr(torch, 'hpu')\n"
        "import habana_frameworks.torch as ht, habana_frameworks.torch.distributed.hccl\n"
        "import habana_frameworks.torch.utils.experimental as htexp\n"
        "import importlib.metadata as md\n"
        "print(json.dumps([before, torch.hpu.is_available(), torch.hpu.device_count(),"
        " torch.hpu.get_device_name(1), str(torch.device('hpu', torch.hpu.current_device())),"
        " str(torch.accelerator.current_accelerator()), htexp._get_device_type().name,"
        " md.version('habana-torch-plugin'), ht.__version__]))",
    )
    assert got[:6] == [False, True, 2, "GAUDI3", "hpu:0", "None"]
    assert got[6:] == ["synDeviceGaudi3", "1.22.0", "1.22.0"]

    autoloaded = World(tmp_path / "hpu-autoload").hpu(autoload=True, accelerator=True)
    got = facts(
        autoloaded,
        "import json, torch\n"
        "print(json.dumps([torch.hpu.device_count(), torch.hpu.get_device_name(0),"
        " str(torch.accelerator.current_accelerator()), torch.accelerator.device_count()]))",
    )
    assert got == [1, "GAUDI2", "hpu", 1]

    xla = World(tmp_path / "xla").xla(device_type="TPU", devices=8)
    got = facts(
        xla,
        "import json, torch, torch_xla\n"
        "import torch_xla.core.xla_model as xm, torch_xla.runtime as xr\n"
        "import torch_xla.distributed.parallel_loader as pl, torch_xla.distributed.spmd as xs\n"
        "import torch_xla.distributed.xla_multiprocessing as xmp, torch_xla.debug.metrics as met\n"
        "print(json.dumps([str(xm.xla_device()), xr.device_type(), xr.world_size(),"
        " xr.global_ordinal(), xr.local_ordinal(), xr.addressable_runtime_device_count(),"
        " len(xm.get_xla_supported_devices()), xm.get_local_ordinal(), xm.xrt_world_size(),"
        " xm.rendezvous('x', b'') == [b''], list(pl.MpDeviceLoader([1, 2], 'xla:0')),"
        " torch_xla.__version__, met.metrics_report(), xmp.spawn(lambda i: i)]))",
    )
    assert got == ["xla:0", "TPU", 1, 0, 0, 8, 8, 0, 1, True, [1, 2], "2.9.0", "", 0]


# --- transformers and accelerate against the fakes ---------------------------------------------


def _stack_world(kind: str, root: Path) -> World:
    world = World(root).set_env(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    if kind == "npu":
        return world.privateuse1("npu")
    if kind == "cuda":
        return world.patch_cuda(devices=(H100, H100))
    if kind == "rocm":
        return world.patch_cuda(devices=(MI300X,), hip_version="6.4.43482")
    if kind == "hpu":
        return world.hpu()
    if kind == "xla":
        return world.xla()
    if kind == "mps":
        return world.patch_mps()
    if kind == "xpu":
        return world.patch_xpu()
    if kind == "npu+cuda":
        return world.privateuse1("npu").patch_cuda()
    if kind == "tpu":
        return world.privateuse1("tpu", devices=(FakeDevice("TPU v5 lite"),))
    if kind == "npu-empty":
        return world.privateuse1("npu", devices=())
    assert kind == "nothing"
    return world


QWEN3_ON_NPU = """
import json, tempfile, warnings
warnings.simplefilter("ignore")
import torch
from torch.nn.attention import SDPBackend, sdpa_kernel
from transformers import AutoModelForCausalLM, Qwen3Config, Qwen3ForCausalLM

torch.manual_seed(0)
config = Qwen3Config(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, head_dim=8,
                     max_position_embeddings=64)
model = Qwen3ForCausalLM(config).eval()
ids = torch.tensor([[1, 2, 3]])
# A fake-device tensor takes torch's math SDPA; a CPU tensor a fused kernel (~1e-7 apart).
with torch.no_grad(), sdpa_kernel(SDPBackend.MATH):
    logits = model(ids).logits
tokens = model.generate(ids, max_new_tokens=4, do_sample=False)
saved = tempfile.mkdtemp()
model.save_pretrained(saved)
out = {"tokens": tokens.tolist()}


def run(m, device):
    inputs = ids.to(device)
    with torch.no_grad():
        got = m(inputs).logits
    new = m.generate(inputs, max_new_tokens=4, do_sample=False)
    return {"devices": sorted({str(p.device) for p in m.parameters()}),
            "types": sorted({p.device.type for p in m.parameters()}),
            "logits": [str(got.device), torch.equal(got.cpu(), logits)],
            "generate": [str(new.device), new.cpu().tolist()]}


model.to("npu:0")
out["to"] = run(model, "npu:0")
auto = AutoModelForCausalLM.from_pretrained(saved, device_map="auto")
out["auto"] = run(auto, "npu:0")
one = AutoModelForCausalLM.from_pretrained(saved, device_map="npu:1")
out["npu1"] = run(one, "npu:1")
# a budget that fits the embeddings and one layer on npu:0 spreads the model
split = AutoModelForCausalLM.from_pretrained(
    saved, device_map="auto", max_memory={0: 90_000, 1: 1 << 30, "cpu": 1 << 30})
out["split_map"] = split.hf_device_map
out["split"] = run(split, "npu:0")
print(json.dumps(out))
"""


@pytest.mark.slow
def test_tiny_qwen3_moves_loads_and_generates_on_the_fake_npu(world: World) -> None:
    world.privateuse1("npu").set_env(
        HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TRANSFORMERS_VERBOSITY="error"
    )
    got = facts(world, QWEN3_ON_NPU)
    tokens = got["tokens"]
    assert len(tokens[0]) == 7
    for key, devices in (
        ("to", ["npu:0"]),
        ("auto", ["npu:0"]),  # 60 GiB free per device: everything fits on the first
        ("npu1", ["npu:1"]),
        ("split", ["npu:0", "npu:1"]),
    ):
        first = devices[0]
        assert got[key] == {
            "devices": devices,
            "types": ["npu"],
            "logits": [first, True],  # bit for bit
            "generate": [first, tokens],
        }, key
    split = got["split_map"]
    assert set(split.values()) == {0, 1}
    assert split["model.embed_tokens"] == 0 and split["lm_head"] == 1


@pytest.mark.slow
def test_transformers_hpu_detection_patches_torch(world: World) -> None:
    world.hpu()
    got = facts(
        world,
        "import json, tempfile, torch\n"
        "original = torch.compile\n"
        "from transformers import TrainingArguments\n"
        "from transformers.utils import import_utils as iu\n"
        "args = TrainingArguments(output_dir=tempfile.mkdtemp(), torch_compile=True)\n"
        "print(json.dumps([iu.is_torch_hpu_available(), torch.compile is not original,"
        " args.torch_compile_backend, iu.is_habana_gaudi1(), str(args.device),"
        " int(torch.gather(torch.tensor([[1, 2]]), 1, torch.tensor([[1, 0]]))[0, 0])]))",
    )
    assert got == [True, True, "hpu_backend", False, "hpu:0", 2]


@pytest.mark.slow
def test_transformers_rocm_and_xla_switches(tmp_path: Path) -> None:
    rocm = _stack_world("rocm", tmp_path / "rocm")
    got = facts(
        rocm,
        "import json\nfrom transformers.utils import import_utils as iu\n"
        "print(json.dumps([iu.get_device_type(), iu.is_rocm_platform()]))",
    )
    assert got == ["rocm", True]

    xla = _stack_world("xla", tmp_path / "xla").set_env(USE_TORCH_XLA="0")
    got = facts(
        xla,
        "import json, tempfile\nfrom transformers import TrainingArguments\n"
        "a = TrainingArguments(output_dir=tempfile.mkdtemp())\n"
        "print(json.dumps([str(a.device), a.parallel_mode.name]))",
    )
    assert got == ["cpu", "NOT_PARALLEL"]


# --- faulty packages ---------------------------------------------------------------------------


def _import(world: World, module: str, *, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return world.run(f"import {module}\nprint('after import')", timeout=timeout)


@pytest.mark.parametrize(
    ("behaviour", "returncode"),
    [("segfault", -signal.SIGSEGV), ("abort", -signal.SIGABRT), ("exit0", 0)],
)
def test_faulty_dies(world: World, behaviour: str, returncode: int) -> None:
    world.faulty("torch_npu", behaviour=behaviour)
    result = _import(world, "torch_npu")
    assert result.returncode == returncode
    assert "after import" not in result.stdout


def test_faulty_segfault_during_import_torch(world: World) -> None:
    world.faulty("torch_npu", behaviour="segfault", autoload=True)
    result = world.run("import torch\nprint('after import')", timeout=TIMEOUT)
    assert result.returncode == -signal.SIGSEGV
    assert "after import" not in result.stdout
    assert (
        facts(
            world,
            "import json, torch; print(json.dumps(hasattr(torch, 'npu')))",
            env={"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"},
        )
        is False
    )


def test_faulty_raises(tmp_path: Path) -> None:
    world = World(tmp_path / "a").faulty("torch_npu", behaviour="raise")
    result = _import(world, "torch_npu")
    assert result.returncode == 1
    assert "ImportError: torch_npu: the fake extension failed to initialise" in result.stderr

    world = World(tmp_path / "b").faulty("libbroken", behaviour="oserror")
    result = _import(world, "libbroken")
    assert result.returncode == 1
    assert f"OSError: {OSERROR_MESSAGE}" in result.stderr

    world = World(tmp_path / "c").faulty("torch_musa", behaviour="oserror", autoload=True)
    result = world.run("import torch", timeout=TIMEOUT)
    assert result.returncode == 1
    assert "RuntimeError: Failed to load the backend extension: torch_musa" in result.stderr
    assert OSERROR_MESSAGE in result.stderr  # the chained cause


def test_faulty_hang_and_sleep(tmp_path: Path) -> None:
    hang = World(tmp_path / "hang").faulty("habana_frameworks.torch", behaviour="hang")
    process = subprocess.Popen(
        [sys.executable, "-c", "import habana_frameworks.torch"],
        env=hang.env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(3)
        assert process.poll() is None  # still importing
    finally:
        process.kill()
        process.wait(timeout=10)
    assert process.returncode == -signal.SIGKILL

    slow = World(tmp_path / "sleep").faulty("slowpoke", behaviour="sleep:1.5")
    started = time.monotonic()
    result = _import(slow, "slowpoke")
    assert result.returncode == 0 and result.stdout == "after import\n"
    assert time.monotonic() - started >= 1.5


def test_faulty_flood_and_nonutf8(tmp_path: Path) -> None:
    flood = World(tmp_path / "flood").faulty("noisy", behaviour="flood", autoload=True)
    result = subprocess.run(
        [sys.executable, "-c", "import torch; print('after import')"],
        env=flood.env(),
        capture_output=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0
    assert result.stdout.endswith(b"after import\n")
    assert len(result.stdout) >= FLOOD_BYTES and len(result.stderr) >= FLOOD_BYTES

    garbled = World(tmp_path / "garbled").faulty("garbled", behaviour="nonutf8")
    result = subprocess.run(
        [sys.executable, "-c", "import garbled; print('after import')"],
        env=garbled.env(),
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert NON_UTF8 in result.stdout and result.stdout.endswith(b"after import\n")
    assert NON_UTF8 in result.stderr
    with pytest.raises(UnicodeDecodeError):
        result.stdout.decode("utf-8")


def test_faulty_rejects_unknown_behaviour(world: World) -> None:
    with pytest.raises(ValueError, match="unknown behaviour"):
        world.faulty("x", behaviour="explode")


# --- host, tools, environment ------------------------------------------------------------------


def test_host_tree_tools_and_env(world: World) -> None:
    world.pci("0000:3b:00.0", "10de", 0x2330, "0x030200").device_node("nvidia0", "accel/accel0")
    world.tool("nvidia-smi", stdout="GPU 0: NVIDIA H100 (UUID: GPU-a1-b2)\n", stderr="warn\n")
    world.tool("npu-smi", exit_code=3, stdout=b"\xff broken")
    world.tool("hl-smi", hang=True)
    world.set_env(CUDA_VISIBLE_DEVICES="0")

    function = world.host / "sys/bus/pci/devices/0000:3b:00.0"
    assert (function / "vendor").read_text() == "0x10de\n"
    assert (function / "device").read_text() == "0x2330\n"
    assert (function / "class").read_text() == "0x030200\n"
    assert (world.host / "dev/nvidia0").is_file() and (world.host / "dev/accel/accel0").is_file()

    env = world.env({"PATH": "/usr/bin:/bin", "PYTHONPATH": "/elsewhere", "KEEP": "1"})
    assert env["PATH"] == f"{world.bin}{os.pathsep}/usr/bin:/bin"
    assert env["PYTHONPATH"] == f"{world.site}{os.pathsep}/elsewhere"
    assert env["HWDOCTOR_HOST_ROOT"] == str(world.host)
    assert env["CUDA_VISIBLE_DEVICES"] == "0" and env["KEEP"] == "1"
    assert world.env({})["PYTHONPATH"] == str(world.site)

    smi = subprocess.run(["nvidia-smi", "-L"], env=env, capture_output=True, timeout=10)
    assert (smi.returncode, smi.stdout, smi.stderr) == (
        0,
        b"GPU 0: NVIDIA H100 (UUID: GPU-a1-b2)\n",
        b"warn\n",
    )
    npu = subprocess.run(["npu-smi", "info"], env=env, capture_output=True, timeout=10)
    assert (npu.returncode, npu.stdout) == (3, b"\xff broken")
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run(["hl-smi", "-L"], env=env, capture_output=True, timeout=1)


def test_make_bare_venv(tmp_path: Path) -> None:
    python = make_bare_venv(tmp_path / "bare")
    result = subprocess.run(
        [str(python), "-c", "import sys; print(sys.prefix); import torch"],
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")},
    )
    assert result.stdout.strip() == str(tmp_path / "bare")
    assert "ModuleNotFoundError: No module named 'torch'" in result.stderr
