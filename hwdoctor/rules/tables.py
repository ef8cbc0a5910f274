"""The libraries' device decisions as data, read from their code at the versions named.

- TrainingArguments._setup_devices (transformers 5.23-5.24, training_args.py)
- PartialState: default_device, _prepare_backend, set_device (accelerate 1.16, state.py;
  from 1.16 through get_torch_accelerator_backend, utils/imports.py)
- get_max_memory, which device_map="auto" budgets from (accelerate 1.16, utils/modeling.py)
- Pipeline.__init__ with device=None (transformers 5.23-5.24, pipelines/base.py)

The three libraries disagree on order; each table keeps its own.
"""

from __future__ import annotations

from typing import Final

from hwdoctor.rules.engine import (
    NO_DEVICE,
    AcceleratorBackend,
    AcceleratorIs,
    Always,
    Computed,
    EnvSet,
    FromEnv,
    Inputs,
    IntegratedCuda,
    Literal,
    Seen,
    Sees,
    Step,
    Table,
    UseCpuOption,
    XlaEnabled,
)

# Every release from 4.46.0 and 1.0.0 to the newest in rules/provenance.json was read; the
# tables below split them where the code changed. Each library's newest table has no upper
# bound: a newer release is predicted with it, and the report says so (rules.coverage).

# transformers.training_args.ParallelMode's values
PARALLEL_MODES: Final = ("not_parallel", "not_distributed", "distributed", "tpu")

# --- how each library asks whether a backend is there ----------------------------------------

# transformers.utils.import_utils
TF_MPS = Sees("is_torch_mps_available()", ("mps",), Seen.IN_TREE)
TF_XPU = Sees("is_torch_xpu_available()", ("xpu",), Seen.IN_TREE, torch_spec=">=2.6")
# Before 5.1.0 torch 2.4 and 2.5 reach native XPU too (and older torch only through IPEX).
TF_XPU_BEFORE_5_1 = Sees("is_torch_xpu_available()", ("xpu",), Seen.IN_TREE, torch_spec=">=2.4")
TF_MLU = Sees("is_torch_mlu_available()", ("mlu",), Seen.IMPORTS_IT)
TF_MUSA = Sees("is_torch_musa_available()", ("musa",), Seen.IMPORTS_IT, accelerate_spec=">=0.33.0")
TF_NPU = Sees("is_torch_npu_available()", ("npu",), Seen.IMPORTS_IT)
TF_HPU = Sees("is_torch_hpu_available()", ("hpu",), Seen.IMPORTS_IT, accelerate_spec=">=1.5.0")
# find_spec("torch_neuronx") and hasattr(torch, "neuron"): only true once something imported
# torch_neuronx, which in a fresh process is torch's own autoload.
TF_NEURON = Sees("is_torch_neuron_available()", ("neuron",), Seen.AUTOLOAD_ONLY)
# torch.accelerator.current_accelerator().type == "tpu": torch_tpu registers at autoload.
TF_TPU = Sees("is_torch_tpu_available()", ("tpu",), Seen.AUTOLOAD_ONLY)
CUDA = Sees("torch.cuda.is_available()", ("cuda", "rocm"), Seen.IN_TREE)

# accelerate.utils.imports (state.py imports torch_mlu/sdaa/musa/npu when installed)
ACC_MPS = Sees("is_mps_available()", ("mps",), Seen.IN_TREE)
ACC_MLU = Sees("is_mlu_available()", ("mlu",), Seen.IMPORTS_IT)
ACC_SDAA = Sees("is_sdaa_available()", ("sdaa",), Seen.IMPORTS_IT)
ACC_MUSA = Sees("is_musa_available()", ("musa",), Seen.IMPORTS_IT)
ACC_NPU = Sees("is_npu_available()", ("npu",), Seen.IMPORTS_IT)
ACC_HPU = Sees("is_hpu_available()", ("hpu",), Seen.IMPORTS_IT)
ACC_XPU = Sees("is_xpu_available()", ("xpu",), Seen.IN_TREE, torch_spec=">2.6")
ACC_NEURON = Sees("is_neuron_available()", ("neuron",), Seen.AUTOLOAD_ONLY)
ACC_CUDA = Sees("is_cuda_available()", ("cuda", "rocm"), Seen.IN_TREE)

# From 1.16.0 one function answers for default_device, _prepare_backend and get_max_memory:
# get_torch_accelerator_backend() (utils/imports.py), torch's current accelerator checked by
# Accelerate's own is_*_available() for it, then hpu, then neuron. state.py still imports
# torch_mlu, torch_sdaa, torch_musa and torch_npu when they are installed.
ACCELERATOR = AcceleratorBackend(
    checks={"cuda": ACC_CUDA, "mps": ACC_MPS, "mlu": ACC_MLU, "sdaa": ACC_SDAA,
            "musa": ACC_MUSA, "npu": ACC_NPU, "hpu": ACC_HPU, "xpu": ACC_XPU,
            "neuron": ACC_NEURON},
    fallbacks=(("hpu", ACC_HPU), ("neuron", ACC_NEURON)),
    imports=("mlu", "sdaa", "musa", "npu"),
)  # fmt: skip


def _accelerator_type(inputs: Inputs) -> str:
    return ACCELERATOR.device_type(inputs)[0] or "cpu"


# --- Accelerate: PartialState(cpu=False).device ----------------------------------------------
# Without LOCAL_RANK; the distributed branch is computed in hwdoctor.rules.launch. Read from
# accelerate/state.py (default_device, _prepare_backend, set_device) of every release 1.0.0 to
# 1.15.0: sdaa and hpu arrive in 1.5.0, neuron in 1.13.0; is_xpu_available() refuses torch up
# to 2.3 before 1.13.0 (without IPEX) and up to 2.6 from it (utils/imports.py).

ACC_XPU_BEFORE_1_13 = Sees("is_xpu_available()", ("xpu",), Seen.IN_TREE, torch_spec=">2.3")
_ACCELERATE_TORCH_DEVICE = Step(
    "ACCELERATE_TORCH_DEVICE", EnvSet("ACCELERATE_TORCH_DEVICE"),
    FromEnv("ACCELERATE_TORCH_DEVICE", "cpu"),
)  # fmt: skip


def _partial_state(versions: str, *, since_1_5: bool, since_1_13: bool) -> Table:
    xpu = ACC_XPU if since_1_13 else ACC_XPU_BEFORE_1_13
    steps = [
        _ACCELERATE_TORCH_DEVICE,
        Step("xla", XlaEnabled("accelerate"), Literal("xla:0")),
        Step("mps", ACC_MPS, Literal("mps")),
        Step("mlu", ACC_MLU, Literal("mlu")),
        *([Step("sdaa", ACC_SDAA, Literal("sdaa"))] if since_1_5 else []),
        Step("musa", ACC_MUSA, Literal("musa")),
        Step("npu", ACC_NPU, Literal("npu")),
        *([Step("hpu", ACC_HPU, Literal("hpu"))] if since_1_5 else []),
        Step("cuda", CUDA, Literal("cuda")),
        Step("xpu", xpu, Literal("xpu")),
        *([Step("neuron", ACC_NEURON, Literal("neuron"))] if since_1_13 else []),
        Step("cpu", Always(), Literal("cpu")),
    ]
    return Table("PartialState().device", "accelerate", versions, tuple(steps))


# 1.16.0: default_device is the accelerator get_torch_accelerator_backend() names (mps sets
# PYTORCH_ENABLE_MPS_FALLBACK as before), else cpu.
PARTIAL_STATE_DEFAULT: Final = (
    Table(
        "PartialState().device",
        "accelerate",
        ">=1.16",
        (
            _ACCELERATE_TORCH_DEVICE,
            Step("xla", XlaEnabled("accelerate"), Literal("xla:0")),
            Step("accelerator", ACCELERATOR, Computed(_accelerator_type)),
            Step("cpu", Always(), Literal("cpu")),
        ),
    ),
    _partial_state(">=1.13,<1.16", since_1_5=True, since_1_13=True),
    _partial_state(">=1.5,<1.13", since_1_5=True, since_1_13=False),
    _partial_state(">=1.0,<1.5", since_1_5=False, since_1_13=False),
)


# _prepare_backend with LOCAL_RANK set and cpu=False: the collective backend, in order.
# Extras: "backend", set whatever the caller passed ("always") or only when it passed none;
# "index": "current_device" where set_device asks the device module instead of taking
# LOCAL_RANK modulo the count (hpu from 1.5.0, neuron from 1.15.0); "needs_collective": a
# step that also needs torch.distributed to have that backend; "mlu_then": 1.5.0 to 1.13.x
# test mlu with an `if` of its own, so a later match overrides it and keeps its "cncl"
# where that step sets its backend only when none is set; "fallback" on the last step: what
# happens when no accelerator matched (before 1.13.0 MULTI_CPU, or MULTI_XPU, over ccl, mpi
# or gloo; from 1.13.0 no distributed setup unless cpu=True).
def _distributed(
    versions: str,
    *,
    since_1_5: bool,
    xccl: bool,
    neuron: str | None,
    mlu_then: bool,
    xpu: Sees = ACC_XPU_BEFORE_1_13,
) -> Table:
    steps = [
        Step("mlu", ACC_MLU, Literal("mlu"),
             {"backend": "cncl", "always": True, "mlu_then": mlu_then}),
        *([Step("sdaa", ACC_SDAA, Literal("sdaa"), {"backend": "tccl", "always": True})]
          if since_1_5 else []),
        Step("musa", ACC_MUSA, Literal("musa"), {"backend": "mccl", "always": True}),
        Step("npu", ACC_NPU, Literal("npu"), {"backend": "hccl", "always": True}),
        *([Step("hpu", ACC_HPU, Literal("hpu"), {"backend": "hccl", "index": "current_device"})]
          if since_1_5 else []),
        Step("cuda", CUDA, Literal("cuda"), {"backend": "nccl"}),
        *([Step("xpu", xpu, Literal("xpu"), {"backend": "xccl", "needs_collective": "xccl"})]
          if xccl else []),
        *([Step("neuron", ACC_NEURON, Literal("neuron"),
                {"backend": "neuron", "always": True, "index": neuron})] if neuron else []),
        Step("none", Always(), Literal("cpu"),
             {"backend": None, "fallback": "no" if neuron else "multi_cpu"}),
    ]  # fmt: skip
    return Table("PartialState backend under a launcher", "accelerate", versions, tuple(steps))


# 1.16.0: the backend of the accelerator get_torch_accelerator_backend() names, from
# TORCH_DISTRIBUTED_BACKENDS (utils/constants.py; xpu only where xccl is available), set
# only when the caller passed none; set_device asks hpu and neuron for their current device
# and takes LOCAL_RANK modulo the count elsewhere. No accelerator: no distributed setup.
_BACKEND_OF: Final = (
    ("cuda", "nccl"), ("mlu", "cncl"), ("sdaa", "tccl"), ("musa", "mccl"), ("npu", "hccl"),
    ("hpu", "hccl"), ("xpu", "xccl"), ("neuron", "neuron"),
)  # fmt: skip


def _distributed_by_accelerator(versions: str) -> Table:
    steps = [
        Step(device, AcceleratorIs(ACCELERATOR, device), Literal(device), {
            "backend": backend,
            **({"index": "current_device"} if device in ("hpu", "neuron") else {}),
            **({"needs_collective": "xccl"} if device == "xpu" else {}),
        })
        for device, backend in _BACKEND_OF
    ]  # fmt: skip
    steps.append(Step("none", Always(), Literal("cpu"), {"backend": None, "fallback": "no"}))
    return Table("PartialState backend under a launcher", "accelerate", versions, tuple(steps))


DISTRIBUTED_BACKEND: Final = (
    _distributed_by_accelerator(">=1.16"),
    _distributed(">=1.15,<1.16", since_1_5=True, xccl=True, neuron="current_device",
                 mlu_then=False, xpu=ACC_XPU),
    _distributed(">=1.14,<1.15", since_1_5=True, xccl=True, neuron="modulo", mlu_then=False,
                 xpu=ACC_XPU),
    _distributed(">=1.13,<1.14", since_1_5=True, xccl=True, neuron="modulo", mlu_then=True,
                 xpu=ACC_XPU),
    _distributed(">=1.6,<1.13", since_1_5=True, xccl=True, neuron=None, mlu_then=True),
    _distributed(">=1.5,<1.6", since_1_5=True, xccl=False, neuron=None, mlu_then=True),
    _distributed(">=1.0,<1.5", since_1_5=False, xccl=False, neuron=None, mlu_then=False),
)  # fmt: skip


# --- transformers: TrainingArguments(...).device, single process -----------------------------
# Steps after "xla" and "distributed" are the ladder taken when Accelerate reports no
# distributed run; "n_gpu" is what the step sets (default: 0 with use_cpu/ACCELERATE_USE_CPU,
# else 1). Read from training_args.py of every release 4.46.0 to 5.24.0: hpu joins in 4.50.0,
# neuron in 5.4.0, native tpu in 5.9.0; is_torch_xpu_available() needs torch 2.6 from 5.1.0
# (2.4 before; utils/import_utils.py).


def _training_arguments(versions: str, *, xpu: Sees, hpu: bool, neuron: bool, tpu: bool) -> Table:
    steps = (
        Step("use_cpu", UseCpuOption(), Literal("cpu")),
        Step("mps", TF_MPS, Literal("mps")),
        Step("xpu", xpu, Literal("xpu:0")),
        Step("mlu", TF_MLU, Literal("mlu:0")),
        Step("musa", TF_MUSA, Literal("musa:0")),
        Step("npu", TF_NPU, Literal("npu:0")),
        *((Step("hpu", TF_HPU, Literal("hpu:0")),) if hpu else ()),
        *((Step("neuron", TF_NEURON, Literal("neuron:0")),) if neuron else ()),
        *((Step("tpu", TF_TPU, Literal("tpu:0")),) if tpu else ()),
        Step("cuda", CUDA, Literal("cuda:0"), {"n_gpu": "cuda_count"}),
        Step("fallback", Always(), FromEnv("ACCELERATE_TORCH_DEVICE", "cpu"),
             {"n_gpu": "cuda_count"}),
    )  # fmt: skip
    return Table("TrainingArguments(...).device", "transformers", versions, steps)


TRAINING_ARGUMENTS: Final = (
    _training_arguments(">=5.9", xpu=TF_XPU, hpu=True, neuron=True, tpu=True),
    _training_arguments(">=5.4,<5.9", xpu=TF_XPU, hpu=True, neuron=True, tpu=False),
    _training_arguments(">=5.1,<5.4", xpu=TF_XPU, hpu=True, neuron=False, tpu=False),
    _training_arguments(">=4.50,<5.1", xpu=TF_XPU_BEFORE_5_1, hpu=True, neuron=False,
                        tpu=False),
    _training_arguments(">=4.46,<4.50", xpu=TF_XPU_BEFORE_5_1, hpu=False, neuron=False,
                        tpu=False),
)  # fmt: skip
TRAINING_XLA = XlaEnabled("transformers")


# --- inference ----------------------------------------------------------------------------


# get_max_memory (accelerate/utils/modeling.py): the one accelerator family that gets
# integer keys, first match; sdaa and hpu from 1.5.0. Neither xla nor neuron is budgeted.
def _device_map_family(versions: str, *, since_1_5: bool, xpu: Sees) -> Table:
    steps = (
        Step("npu", ACC_NPU, Literal("npu")),
        Step("mlu", ACC_MLU, Literal("mlu")),
        *((Step("sdaa", ACC_SDAA, Literal("sdaa")),) if since_1_5 else ()),
        Step("musa", ACC_MUSA, Literal("musa")),
        Step("xpu", xpu, Literal("xpu")),
        *((Step("hpu", ACC_HPU, Literal("hpu")),) if since_1_5 else ()),
        Step("cuda", Always("otherwise: every torch.cuda device"), Literal("cuda")),
    )
    return Table('device_map="auto" accelerator family (get_max_memory)', "accelerate",
                 versions, steps)  # fmt: skip


# 1.16.0: the devices of the accelerator get_torch_accelerator_backend() names, each probed
# as "<type>:<i>" (a tpu process budgets one chip: torch.accelerator.current_device_index());
# mps, or no accelerator, gets no integer key.
DEVICE_MAP_FAMILY: Final = (
    Table(
        'device_map="auto" accelerator family (get_max_memory)',
        "accelerate",
        ">=1.16",
        (
            Step("accelerator", ACCELERATOR, Computed(_accelerator_type), {"by_type": True}),
            Step(
                "none",
                Always("no accelerator: no integer keys"),
                Literal(NO_DEVICE),
                {"by_type": True},
            ),
        ),
    ),
    _device_map_family(">=1.13,<1.16", since_1_5=True, xpu=ACC_XPU),
    _device_map_family(">=1.5,<1.13", since_1_5=True, xpu=ACC_XPU_BEFORE_1_13),
    _device_map_family(">=1.0,<1.5", since_1_5=False, xpu=ACC_XPU_BEFORE_1_13),
)
# Then the host-memory tier: MPS shares host RAM, so it replaces the cpu tier (every release
# 1.0.0 to 1.15.0: whenever is_mps_available(); from 1.16.0 when mps is the accelerator
# get_torch_accelerator_backend() names, and a CUDA device that shares host RAM
# (`is_integrated`, a budgeted one) leaves the cpu out too).
DEVICE_MAP_HOST_TIER: Final = (
    Table('device_map="auto" host-memory tier', "accelerate", ">=1.16", (
        Step("mps", AcceleratorIs(ACCELERATOR, "mps"), Literal("mps")),
        Step("integrated", IntegratedCuda(ACCELERATOR), Literal(NO_DEVICE)),
        Step("cpu", Always(), Literal("cpu")),
    )),
    Table('device_map="auto" host-memory tier', "accelerate", ">=1.0,<1.16", (
        Step("mps", ACC_MPS, Literal("mps")),
        Step("cpu", Always(), Literal("cpu")),
    )),
)  # fmt: skip


# Pipeline.__init__ (pipelines/base.py): device=None becomes 0 from 4.47.0, and 0 names the
# first of these that is available (hpu from 4.50.0; the xpu gate as TrainingArguments');
# in 4.46 device=None is -1, which keeps the model where it is: on the CPU after a plain
# from_pretrained().
def _pipeline(versions: str, *, xpu: Sees, hpu: bool) -> Table:
    steps = (
        Step("mlu", TF_MLU, Literal("mlu:0")),
        Step("musa", TF_MUSA, Literal("musa:0")),
        Step("cuda", CUDA, Literal("cuda:0")),
        Step("npu", TF_NPU, Literal("npu:0")),
        *((Step("hpu", TF_HPU, Literal("hpu:0")),) if hpu else ()),
        Step("xpu", xpu, Literal("xpu:0")),
        Step("mps", TF_MPS, Literal("mps:0")),
        Step("cpu", Always(), Literal("cpu")),
    )
    return Table("pipeline(...) device", "transformers", versions, steps)


PIPELINE: Final = (
    _pipeline(">=5.1", xpu=TF_XPU, hpu=True),
    _pipeline(">=4.50,<5.1", xpu=TF_XPU_BEFORE_5_1, hpu=True),
    _pipeline(">=4.47,<4.50", xpu=TF_XPU_BEFORE_5_1, hpu=False),
    Table("pipeline(...) device", "transformers", ">=4.46,<4.47", (
        Step("model", Always("device=None is -1: the pipeline keeps the model's device"),
             Literal("cpu")),
    )),
)  # fmt: skip

# transformers keeps 10% of host RAM out of device_map="auto"'s budget from 5.0.0rc1
# (integrations/accelerate.py: `inferred_max_memory["cpu"] *= 0.90`); before, accelerate's
# budget is used as it is.
HOST_RESERVE_SINCE: Final = "5.0.0rc1"
