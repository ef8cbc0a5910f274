"""The libraries' device decisions as data, read from their code at the versions named.

- TrainingArguments._setup_devices (transformers 5.23-5.24, training_args.py)
- PartialState: default_device, _prepare_backend, set_device (accelerate 1.15, state.py)
- get_max_memory, which device_map="auto" budgets from (accelerate 1.15, utils/modeling.py)
- Pipeline.__init__ with device=None (transformers 5.23-5.24, pipelines/base.py)

The three libraries disagree on order; each table keeps its own.
"""

from __future__ import annotations

from typing import Final

from hwdoctor.rules.engine import (
    Always,
    EnvSet,
    FromEnv,
    Literal,
    Seen,
    Sees,
    Step,
    Table,
    UseCpuOption,
    XlaEnabled,
)

TRANSFORMERS_RANGE: Final = ">=5.23,<5.25"
ACCELERATE_RANGE: Final = ">=1.15,<1.16"

# --- how each library asks whether a backend is there ----------------------------------------

# transformers.utils.import_utils
TF_MPS = Sees("is_torch_mps_available()", ("mps",), Seen.IN_TREE)
TF_XPU = Sees("is_torch_xpu_available()", ("xpu",), Seen.IN_TREE, torch_spec=">=2.6")
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


# --- Accelerate: PartialState(cpu=False).device ----------------------------------------------
# Without LOCAL_RANK; the distributed branch is computed in hwdoctor.rules.decide.

PARTIAL_STATE_DEFAULT = Table(
    title="PartialState().device",
    library="accelerate",
    versions=ACCELERATE_RANGE,
    steps=(
        Step("ACCELERATE_TORCH_DEVICE", EnvSet("ACCELERATE_TORCH_DEVICE"),
             FromEnv("ACCELERATE_TORCH_DEVICE", "cpu")),
        Step("xla", XlaEnabled("accelerate"), Literal("xla:0")),
        Step("mps", ACC_MPS, Literal("mps")),
        Step("mlu", ACC_MLU, Literal("mlu")),
        Step("sdaa", ACC_SDAA, Literal("sdaa")),
        Step("musa", ACC_MUSA, Literal("musa")),
        Step("npu", ACC_NPU, Literal("npu")),
        Step("hpu", ACC_HPU, Literal("hpu")),
        Step("cuda", CUDA, Literal("cuda")),
        Step("xpu", ACC_XPU, Literal("xpu")),
        Step("neuron", ACC_NEURON, Literal("neuron")),
        Step("cpu", Always(), Literal("cpu")),
    ),
)  # fmt: skip

# _prepare_backend with LOCAL_RANK set and cpu=False: the collective backend, in order.
DISTRIBUTED_BACKEND = Table(
    title="PartialState backend under a launcher",
    library="accelerate",
    versions=ACCELERATE_RANGE,
    steps=(
        Step("mlu", ACC_MLU, Literal("mlu"), {"backend": "cncl"}),
        Step("sdaa", ACC_SDAA, Literal("sdaa"), {"backend": "tccl"}),
        Step("musa", ACC_MUSA, Literal("musa"), {"backend": "mccl"}),
        Step("npu", ACC_NPU, Literal("npu"), {"backend": "hccl"}),
        Step("hpu", ACC_HPU, Literal("hpu"), {"backend": "hccl", "index": "current_device"}),
        Step("cuda", CUDA, Literal("cuda"), {"backend": "nccl"}),
        Step("xpu", ACC_XPU, Literal("xpu"), {"backend": "xccl", "needs_collective": "xccl"}),
        Step("neuron", ACC_NEURON, Literal("neuron"),
             {"backend": "neuron", "index": "current_device"}),
        Step("none", Always(), Literal("cpu"), {"backend": None}),
    ),
)  # fmt: skip


# --- transformers: TrainingArguments(...).device, single process -----------------------------
# Steps after "xla" and "distributed" are the ladder taken when Accelerate reports no
# distributed run; "n_gpu" is what the step sets (default: 0 with use_cpu/ACCELERATE_USE_CPU,
# else 1).

TRAINING_ARGUMENTS = Table(
    title="TrainingArguments(...).device",
    library="transformers",
    versions=TRANSFORMERS_RANGE,
    steps=(
        Step("use_cpu", UseCpuOption(), Literal("cpu")),
        Step("mps", TF_MPS, Literal("mps")),
        Step("xpu", TF_XPU, Literal("xpu:0")),
        Step("mlu", TF_MLU, Literal("mlu:0")),
        Step("musa", TF_MUSA, Literal("musa:0")),
        Step("npu", TF_NPU, Literal("npu:0")),
        Step("hpu", TF_HPU, Literal("hpu:0")),
        Step("neuron", TF_NEURON, Literal("neuron:0")),
        Step("tpu", TF_TPU, Literal("tpu:0")),
        Step("cuda", CUDA, Literal("cuda:0"), {"n_gpu": "cuda_count"}),
        Step("fallback", Always(), FromEnv("ACCELERATE_TORCH_DEVICE", "cpu"),
             {"n_gpu": "cuda_count"}),
    ),
)  # fmt: skip
TRAINING_XLA = XlaEnabled("transformers")


# --- inference ----------------------------------------------------------------------------

# get_max_memory: the one accelerator family that gets integer keys, first match.
DEVICE_MAP_FAMILY = Table(
    title='device_map="auto" accelerator family (get_max_memory)',
    library="accelerate",
    versions=ACCELERATE_RANGE,
    steps=(
        Step("npu", ACC_NPU, Literal("npu")),
        Step("mlu", ACC_MLU, Literal("mlu")),
        Step("sdaa", ACC_SDAA, Literal("sdaa")),
        Step("musa", ACC_MUSA, Literal("musa")),
        Step("xpu", ACC_XPU, Literal("xpu")),
        Step("hpu", ACC_HPU, Literal("hpu")),
        Step("cuda", Always("otherwise: every torch.cuda device"), Literal("cuda")),
    ),
)
# Then the host-memory tier: MPS shares host RAM, so it replaces the cpu tier.
DEVICE_MAP_HOST_TIER = Table(
    title='device_map="auto" host-memory tier',
    library="accelerate",
    versions=ACCELERATE_RANGE,
    steps=(
        Step("mps", ACC_MPS, Literal("mps")),
        Step("cpu", Always(), Literal("cpu")),
    ),
)

# Pipeline.__init__: device=None becomes 0, and 0 names the first of these that is available.
PIPELINE = Table(
    title="pipeline(...) device",
    library="transformers",
    versions=TRANSFORMERS_RANGE,
    steps=(
        Step("mlu", TF_MLU, Literal("mlu:0")),
        Step("musa", TF_MUSA, Literal("musa:0")),
        Step("cuda", CUDA, Literal("cuda:0")),
        Step("npu", TF_NPU, Literal("npu:0")),
        Step("hpu", TF_HPU, Literal("hpu:0")),
        Step("xpu", TF_XPU, Literal("xpu:0")),
        Step("mps", TF_MPS, Literal("mps:0")),
        Step("cpu", Always(), Literal("cpu")),
    ),
)
