"""The load payload: load a model on a device and run it (Python 3.8+, in the target).

Run after payload_common.py and payload_hub.py (prepended by the runner). It imports torch
and transformers,
then waits for hwdoctor's go (a line on stdin) before it touches the model: hwdoctor
validates the device against its own probe meanwhile, and closes stdin to cancel. Every
phase is a step; every failure is classified (not found, gated, not cached, out of memory,
missing package, device lost, ...) for hwdoctor to word and advise on.

A model from the Hub is asked for once, briefly and without retries, before anything big is
imported (payload_hub.py, `reach_hub`).
"""

import os
import resource
import sys
import tempfile
import time
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py and payload_hub.py, run first in this namespace
    from hwdoctor.probe.payload_common import (
        JOB,
        SCRATCH,
        check_config,
        checkpoint,
        emit,
        fact,
        finish,
        shape,
        transfer_measure,
    )
    from hwdoctor.probe.payload_hub import (
        _remember_kind,
        check_cache,
        classified_step,
        reach_hub,
    )

warnings.simplefilter("ignore")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
# A model's own code (--trust-remote-code) is copied into a modules cache before it runs:
# keep that copy in the scratch directory, unless the user chose where it goes.
os.environ.setdefault("HF_MODULES_CACHE", os.path.join(SCRATCH, "modules"))

# The embedded default: a tiny model of the Qwen3 architecture, random weights.
TINY_QWEN3 = {
    "vocab_size": 512,
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "max_position_embeddings": 256,
    "tie_word_embeddings": True,
}


def build_default():
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    quiet_progress_bars()
    torch.manual_seed(0)
    model = Qwen3ForCausalLM(Qwen3Config(**TINY_QWEN3))
    directory = tempfile.mkdtemp(prefix="tiny-qwen3-", dir=SCRATCH)
    model.save_pretrained(directory)
    return directory


def quiet_progress_bars():
    """No "Writing model shards" or "Loading weights" bars for hwdoctor's own tiny model:
    nobody asked to watch it (the payload only handles that model from here on)."""
    try:
        from transformers.utils import logging

        logging.disable_progress_bar()  # transformers' bars, and huggingface_hub's with them
    except Exception:  # an older transformers without it: its bars are only noise
        pass


def _dtype(torch_module):
    name = JOB.get("dtype") or "auto"
    return name if name == "auto" else getattr(torch_module, name)


def _hub_kwargs():
    kwargs = {"trust_remote_code": bool(JOB.get("trust_remote_code"))}
    if JOB.get("revision"):
        kwargs["revision"] = JOB["revision"]
    if JOB.get("offline"):
        kwargs["local_files_only"] = True
    return kwargs


def model_class(config):
    """The checkpoint's own architecture when transformers has it, else the Auto classes."""
    import transformers

    architectures = getattr(config, "architectures", None) or []
    own = getattr(transformers, architectures[0], None) if architectures else None
    if own is not None and not getattr(config, "auto_map", None):
        return own
    mapping = transformers.AutoModelForCausalLM
    if type(config) not in mapping._model_mapping and not getattr(config, "auto_map", None):
        mapping = transformers.AutoModel
    return mapping


def load(source):
    import torch
    from transformers import AutoConfig

    kwargs = _hub_kwargs()
    check_config(source, kwargs)
    config = AutoConfig.from_pretrained(source, **kwargs)
    started = time.monotonic()
    model = model_class(config).from_pretrained(
        source, device_map=JOB["device_map"], dtype=_dtype(torch), **kwargs
    )
    model.eval()
    return model, bool(model.can_generate()), time.monotonic() - started


def placement(model):
    """Per device: the modules owning tensors there, their parameters and bytes."""
    device_map = getattr(model, "hf_device_map", None) or {}
    rows = {}
    tensors = list(model.named_parameters()) + list(model.named_buffers())
    parameters = {id(p) for p in model.parameters()}
    for name, tensor in tensors:
        label = str(tensor.device)
        if label == "meta" and device_map:
            label = "disk"  # offloaded: Accelerate keeps a meta placeholder, weights on disk
        row = rows.setdefault(label, {"parameters": 0, "bytes": 0, "modules": set()})
        if id(tensor) in parameters:
            row["parameters"] += tensor.numel()
        row["bytes"] += tensor.numel() * tensor.element_size()
        row["modules"].add(name.rsplit(".", 1)[0] if "." in name else "")
    return {
        "devices": [
            {
                "device": label,
                "modules": len(row["modules"]),
                "parameters": row["parameters"],
                "bytes": row["bytes"],
            }
            for label, row in sorted(rows.items())
        ],
        "device_map": {key: _label(value) for key, value in device_map.items()},
        "dtype": str(getattr(model, "dtype", "")).replace("torch.", ""),
        "parameters": sum(p.numel() for p in model.parameters()),
        "class": type(model).__name__,
    }


def _label(device):
    if isinstance(device, int):
        import torch

        return str(torch.device(device))
    return str(device)


def _inputs(model):
    import torch

    vocab = getattr(getattr(model, "config", None), "vocab_size", None) or 100
    ids = [[(i * 7 + 3) % vocab for i in range(8)]]
    return torch.tensor(ids, device=model.device)


def forward(model):
    import torch

    inputs = _inputs(model)
    started = time.monotonic()
    with torch.no_grad():
        output = model(input_ids=inputs)
    _synchronize(model)
    seconds = time.monotonic() - started
    first = output[0] if isinstance(output, tuple) else next(iter(output.values()))
    return {
        "seconds": seconds,
        "output_shape": list(first.shape),
        "output_device": str(first.device),
    }


def generate(model):
    import torch

    inputs = _inputs(model)
    count = int(JOB.get("max_new_tokens") or 8)
    config = model.config
    pad = getattr(config, "pad_token_id", None)
    if pad is None:
        pad = getattr(config, "eos_token_id", None) or 0
        if isinstance(pad, list):
            pad = pad[0]
    started = time.monotonic()
    with torch.no_grad():
        output = model.generate(
            inputs,
            max_new_tokens=count,
            min_new_tokens=count,
            do_sample=False,
            pad_token_id=pad,
        )
    _synchronize(model)
    seconds = time.monotonic() - started
    produced = int(output.shape[-1] - inputs.shape[-1])
    return {
        "tokens": produced,
        "seconds": seconds,
        "tokens_per_second": produced / seconds if seconds > 0 else None,
        "sample": output[0, -produced:].tolist(),
    }


def _synchronize(model):
    import torch

    module = getattr(torch, model.device.type, None)
    sync = getattr(module, "synchronize", None)
    if sync is not None and model.device.type != "cpu":
        try:
            sync()
        except Exception:
            pass


def peak_memory(model_devices):
    import torch

    peaks = {
        "cpu": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        * (1 if sys.platform == "darwin" else 1024)
    }
    for label in model_devices:
        device_type, _, index = label.partition(":")
        module = getattr(torch, device_type, None)
        counter = getattr(module, "max_memory_allocated", None)
        if counter is None or device_type in ("cpu", "disk", "meta"):
            continue
        try:
            peaks[label] = int(counter(int(index or 0)))
        except Exception:
            continue
    return peaks


def plan():
    """--plan: sizes and the placement device_map="auto" would make, without weights."""
    import torch
    from accelerate import infer_auto_device_map, init_empty_weights
    from transformers import AutoConfig
    from transformers.integrations.accelerate import get_max_memory

    source = JOB["model"] or build_default()
    kwargs = _hub_kwargs()
    check_config(source, kwargs)
    config = AutoConfig.from_pretrained(source, **kwargs)
    cls = model_class(config)
    with init_empty_weights():
        if hasattr(cls, "from_config"):
            model = cls.from_config(config, trust_remote_code=kwargs["trust_remote_code"])
        else:
            model = cls(config)
    model.tie_weights()  # as from_pretrained does: tied weights count once
    parameters = sum(p.numel() for p in model.parameters())
    sizes = {
        name: parameters * size
        for name, size in (
            ("float32", 4),
            ("bfloat16", 2),
            ("float16", 2),
            ("int8", 1),
            ("int4", 0.5),
        )
    }
    config_dtype = str(getattr(config, "dtype", None) or getattr(config, "torch_dtype", None) or "")
    no_split = getattr(model, "_no_split_modules", None) or []
    dtype = _dtype(torch)
    if dtype == "auto":
        dtype = (
            getattr(torch, config_dtype.replace("torch.", ""), torch.float32)
            if config_dtype
            else torch.float32
        )
    max_memory = get_max_memory()
    device_map = infer_auto_device_map(
        model, max_memory=max_memory, no_split_module_classes=no_split, dtype=dtype
    )
    return {
        "parameters": parameters,
        "checkpoint": checkpoint(source, JOB.get("revision"), bool(JOB.get("offline"))),
        "shape": shape(config),
        "bytes_by_dtype": sizes,
        "config_dtype": config_dtype.replace("torch.", "") or None,
        "dtype": str(dtype).replace("torch.", ""),
        "class": type(model).__name__,
        "max_memory": {str(k): int(v) for k, v in max_memory.items()},
        "auto_device_map": {k: _label(v) for k, v in device_map.items()},
    }


def wait_for_go():
    """hwdoctor validates the device meanwhile; it writes "go {json}", or closes stdin."""
    import json

    line = sys.stdin.readline().strip()
    if not line.startswith("go"):
        finish()
    JOB.update(json.loads(line[2:].strip() or "{}"))
    fact("job", {"model": JOB.get("model"), "device_map": JOB.get("device_map")})


def main():
    local = JOB.get("model") and os.path.isdir(JOB["model"])
    if JOB.get("offline") and JOB.get("model") and not local:
        ok, _ = classified_step("cache", _remember_kind(check_cache))
        if not ok:
            return
    elif JOB.get("model") and not local:
        ok, _ = classified_step("hub", _remember_kind(reach_hub))
        if not ok:
            return
    ok, _ = classified_step("import torch", _remember_kind(lambda: __import__("torch")))
    if not ok:
        return
    ok, _ = classified_step(
        "import transformers", _remember_kind(lambda: __import__("transformers"))
    )
    if not ok:
        return
    emit({"e": "ready"})
    wait_for_go()
    if JOB.get("plan"):
        ok, result = classified_step("plan", _remember_kind(plan))
        if ok:
            fact("plan", result)
        return
    source = JOB.get("model")
    if not source:
        ok, source = classified_step("build tiny Qwen3", _remember_kind(build_default))
        if not ok:
            return
    ok, loaded = classified_step(
        "load", _remember_kind(load), source, watch=transfer_measure(source)
    )
    if not ok:
        return
    model, causal, seconds = loaded
    where = placement(model)
    where["load_seconds"] = seconds
    where["causal_lm"] = causal
    fact("placement", where)
    ok, result = classified_step("forward", _remember_kind(forward), model)
    if ok:
        fact("forward", result)
    if ok and causal:
        ok, result = classified_step("generate", _remember_kind(generate), model)
        if ok:
            fact("generate", result)
    fact("peak_memory", peak_memory([row["device"] for row in where["devices"]]))


main()
finish()
