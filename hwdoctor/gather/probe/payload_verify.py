"""The verify payload: ask the real libraries where they put things (Python 3.8+).

Run after payload_common.py and payload_hub.py (prepended by the runner), in the target
interpreter. Each
library call is a step of its own, so one that raises or hangs is reported while the
others still answer. Nothing here decides anything: it records what transformers and
accelerate return, for hwdoctor to compare with its prediction.
"""

import os
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py and payload_hub.py, run first in this namespace
    from hwdoctor.probe.payload_common import (
        JOB,
        SCRATCH,
        _local_header,
        check_config,
        checkpoint,
        describe,
        fact,
        finish,
        shape,
        step,
    )
    from hwdoctor.probe.payload_hub import (
        _remember_kind,
        check_cache,
        classified_step,
        reach_hub,
    )

warnings.simplefilter("ignore")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


def training_arguments():
    from transformers import TrainingArguments

    args = TrainingArguments(output_dir=SCRATCH, use_cpu=JOB["use_cpu"], report_to="none")
    return {
        "device": str(args.device),
        "n_gpu": args.n_gpu,
        "parallel_mode": args.parallel_mode.value,
    }


def partial_state():
    from accelerate.state import PartialState

    state = PartialState()
    return {
        "device": str(state.device),
        "distributed_type": str(state.distributed_type).split(".")[-1],
        "backend": state.backend,
    }


def max_memory():
    """The budgets device_map="auto" starts from: transformers' own get_max_memory from 5.0
    (transformers/integrations/accelerate.py), accelerate's before (4.x modeling_utils
    imports it from accelerate.utils)."""
    try:
        from transformers.integrations.accelerate import get_max_memory
    except ImportError:
        from accelerate.utils import get_max_memory

    return {"keys": [str(key) for key in get_max_memory()]}


def pipeline_device():
    """`pipeline()` without `device`, on a tiny model built from a config (no download).

    The pipeline moves its model to the device it picked; the model here records that
    move instead of making it, so the decision is checked even where the device cannot
    hold weights (or is a test's stand-in for one).
    """
    from transformers import BertConfig, BertModel, BertTokenizer, pipeline

    moved_to = []

    class RecordingBert(BertModel):
        def to(self, *args, **kwargs):
            moved_to.append(str(args[0]) if args else str(kwargs.get("device")))
            return self

    # transformers 5.0 reads the source file of a model class's module when it builds one;
    # under `python -c` this class's module (__main__) has none, so it stands in BertModel's.
    RecordingBert.__module__ = BertModel.__module__

    vocab = os.path.join(SCRATCH, "vocab.txt")
    with open(vocab, "w") as handle:
        handle.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hello"]) + "\n")
    config = BertConfig(
        vocab_size=6,
        hidden_size=8,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=16,
    )
    pipe = pipeline(
        "feature-extraction", model=RecordingBert(config), tokenizer=BertTokenizer(vocab)
    )
    return {"device": str(pipe.device), "moved_to": moved_to}


# pipeline() first: under a launcher, TrainingArguments initialises torch.distributed, after
# which a pipeline keeps the model where it is; a user script making one call sees neither.
CALLS = (
    ("pipeline", pipeline_device),
    ("get_max_memory", max_memory),
    ("PartialState", partial_state),
    ("TrainingArguments", training_arguments),
)


# --- explain --model: the model's class and checkpoint as the library sees them ---------

_SAFETENSORS_DTYPES = {"F64": "float64", "F32": "float32", "BF16": "bfloat16", "F16": "float16"}


def _model_class(config):
    import transformers

    names = list(getattr(config, "architectures", None) or [])
    for name in names:
        found = getattr(transformers, name, None)
        if found is not None:
            return found
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM._model_mapping[type(config)]


def _checkpoint_dtype(where):
    """The dtype of the first floating tensor of a local safetensors checkpoint, from its
    header (payload_common._local_header): what dtype="auto" falls back to."""
    import glob

    if not os.path.isdir(where):
        return None
    for path in sorted(glob.glob(os.path.join(where, "*.safetensors")))[:1]:
        try:
            header = _local_header(path)
        except ValueError:  # too small, or a header over huggingface_hub's limit
            return None
        for name, entry in header.items():
            if name != "__metadata__" and entry.get("dtype") in _SAFETENSORS_DTYPES:
                return _SAFETENSORS_DTYPES[entry["dtype"]]
    return None


def _flash_attn():
    """flash-attn as this interpreter has it: the distribution, and whether it imports."""
    from importlib import metadata

    try:
        version = metadata.version("flash-attn")
    except metadata.PackageNotFoundError:
        return {"version": None, "imports": None, "error": None}
    try:
        import flash_attn  # noqa: F401
    except BaseException as exc:  # a broken extension can raise anything
        return {"version": version, "imports": False, "error": describe(exc)["message"][:300]}
    return {"version": version, "imports": True, "error": None}


def model_facts():
    from transformers import AutoConfig

    check_config(JOB["model"], {})
    config = AutoConfig.from_pretrained(JOB["model"])
    cls = _model_class(config)
    dtype = getattr(config, "dtype", None) or getattr(config, "torch_dtype", None)
    flash = getattr(cls, "_supports_flash_attn", None)
    if flash is None:
        flash = getattr(cls, "_supports_flash_attn_2", False)
    return {
        "architecture": cls.__name__,
        "model_type": getattr(config, "model_type", None),
        "supports_sdpa": bool(getattr(cls, "_supports_sdpa", False)),
        "supports_flash_attn": bool(flash),
        "config_dtype": str(dtype).replace("torch.", "") if dtype is not None else None,
        "checkpoint_dtype": _checkpoint_dtype(JOB["model"]),
        "checkpoint": checkpoint(JOB["model"], None, bool(JOB.get("offline"))),
        "shape": shape(config),
        "flash_attn": _flash_attn(),
    }


def model_loaded():
    """from_pretrained() with no dtype and no attn_implementation, on the CPU: what the
    library sets on the loaded model."""
    from transformers import AutoConfig

    cls = _model_class(AutoConfig.from_pretrained(JOB["model"]))
    model = cls.from_pretrained(JOB["model"])
    return {
        "attn_implementation": str(model.config._attn_implementation),
        "dtype": str(model.dtype).replace("torch.", ""),
    }


def main():
    if JOB.get("calls", True):
        for name, call in CALLS:
            ok, result, _ = step(name, call)
            if ok:
                fact(name, result)
    local = JOB.get("model") and os.path.isdir(JOB["model"])
    if JOB.get("model") and not local:
        # the Hub asked once, as `load` asks it (payload_hub.py): offline, the model is in
        # the cache or not; else a dead route fails in seconds, with its cause named
        check = check_cache if JOB.get("offline") else reach_hub
        ok, _ = classified_step("hub", _remember_kind(check))
        if not ok:
            return
    if JOB.get("model"):
        ok, result, _ = step("model", model_facts)
        if ok:
            fact("model", result)
            if JOB.get("load_model"):
                ok, result, _ = step("model_load", model_loaded)
                if ok:
                    fact("model_load", result)


main()
finish()
