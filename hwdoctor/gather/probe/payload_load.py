"""The load payload: load a model on a device and run it (Python 3.8+, in the target).

Run after payload_common.py (prepended by the runner). It imports torch and transformers,
then waits for hwdoctor's go (a line on stdin) before it touches the model: hwdoctor
validates the device against its own probe meanwhile, and closes stdin to cancel. Every
phase is a step; every failure is classified (not found, gated, not cached, out of memory,
missing package, device lost, ...) for hwdoctor to word and advise on.

A model from the Hub is asked for once, briefly and without retries, before anything big is
imported (`reach_hub`): huggingface_hub alone would retry a dead route for half a minute,
logging each attempt to stderr, and then say the model is not cached. The failure is
classified by exception type and by the OS error under it (no route, DNS, proxy, timeout,
401/403, 404), and the Hub's log is kept for the evidence instead of the terminal.
"""

import errno
import os
import resource
import socket
import sys
import tempfile
import time
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import (
        JOB,
        SCRATCH,
        check_config,
        checkpoint,
        emit,
        fact,
        finish,
        shape,
        step,
        transfer_measure,
    )

warnings.simplefilter("ignore")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
# A model's own code (--trust-remote-code) is copied into a modules cache before it runs:
# keep that copy in the scratch directory, unless the user chose where it goes.
os.environ.setdefault("HF_MODULES_CACHE", os.path.join(SCRATCH, "modules"))
# huggingface_hub waits up to 10 s for each file's metadata (HF_HUB_ETAG_TIMEOUT, read when it
# is imported): bound it in this process, unless the user chose. Its retries have no knob
# (http_backoff: 5 retries, 1+2+4+8+8 s apart); reach_hub asks once, without them.
os.environ.setdefault("HF_HUB_ETAG_TIMEOUT", "5")
# Telemetry makes the first request wait up to 3 s more on a dead route: before it, the Hub is
# asked for a list of AI agents to name in the user agent (huggingface_hub _detect_agent.py).
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
# The variables that choose the Hub's endpoint or route to it, named in a network finding.
_ALL_PROXY = ("ALL_PROXY", "all_proxy")
_ROUTE_ENV = ("HF_ENDPOINT", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy",
              *_ALL_PROXY, "NO_PROXY", "no_proxy")  # fmt: skip

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
_MESSAGES = {
    "RepositoryNotFoundError": "not_found",
    "RevisionNotFoundError": "revision_not_found",
    "GatedRepoError": "gated",
    "LocalEntryNotFoundError": "not_cached",
    "OfflineModeIsEnabled": "not_cached",
    "OutOfMemoryError": "out_of_memory",
}
# Hub errors whose type says it all, checked before the network (GatedRepoError is a
# RepositoryNotFoundError; OfflineModeIsEnabled is a ConnectionError).
_HUB_ERRORS = ("GatedRepoError", "RevisionNotFoundError", "RepositoryNotFoundError",
               "OfflineModeIsEnabled")  # fmt: skip
# The OS errors of a connection that cannot be made.
_UNREACHABLE_NAMES = ("ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH", "ENETDOWN", "EHOSTDOWN",
                      "ECONNRESET", "ECONNABORTED", "EADDRNOTAVAIL")  # fmt: skip
_UNREACHABLE = {getattr(errno, name) for name in _UNREACHABLE_NAMES if hasattr(errno, name)}
# httpx (huggingface_hub >= 1.0) and requests/urllib3 (before) name their failures alike.
_TIMEOUTS = {"TimeoutException", "Timeout", "TimeoutError", "ReadTimeoutError"}
_CONNECT_TIMEOUTS = {"ConnectTimeout", "ConnectTimeoutError"}
_CONNECT_ERRORS = {"ConnectError", "NewConnectionError", "ConnectionError"}
_HTTP_KINDS = {401: "unauthorized", 403: "unauthorized", 404: "not_found", 407: "proxy_failed"}


def _chain(exc):
    """`exc` and every exception under it: causes, contexts, urllib3's `reason`, wrapped args."""
    found = []
    todo = [exc]
    while todo:
        seen = todo.pop(0)
        if not isinstance(seen, BaseException) or any(seen is known for known in found):
            continue
        found.append(seen)
        todo += [seen.__cause__, seen.__context__, getattr(seen, "reason", None)]
        todo += list(getattr(seen, "args", ()))
    return found


def _names(exc):
    return {cls.__name__ for cls in type(exc).__mro__}


def _network_kind(chain, proxied):
    """How reaching the Hub failed, if it did: from the exception types and the OS error."""
    names = set().union(*(_names(seen) for seen in chain))
    dns = "NameResolutionError" in names or any(isinstance(e, socket.gaierror) for e in chain)
    refused = bool(names & _CONNECT_ERRORS) or any(
        isinstance(seen, OSError) and seen.errno in _UNREACHABLE for seen in chain
    )
    connect_timeout = bool(names & _CONNECT_TIMEOUTS)
    timeout = (
        connect_timeout
        or bool(names & _TIMEOUTS)
        or any(isinstance(seen, socket.timeout) for seen in chain)
    )
    if "ProxyError" in names or (proxied and (dns or connect_timeout or refused)):
        return "proxy_failed"  # with a proxy, the connection that failed was the proxy's
    if dns:
        return "dns_failed"
    if timeout:
        return "hub_timeout"
    if refused:
        return "network_unreachable"
    return None


def _entry_missing(chain):
    """The Hub answered that the repository has no such file (RemoteEntryNotFoundError, or
    EntryNotFoundError before huggingface_hub 1.0)."""
    names = set().union(*(_names(seen) for seen in chain))
    return "EntryNotFoundError" in names and "LocalEntryNotFoundError" not in names


def _status(chain):
    for seen in chain:
        status = getattr(getattr(seen, "response", None), "status_code", None)
        if isinstance(status, int):
            return status
    return None


def _cause(chain):
    """The innermost error, on one line: what the OS or the server said."""
    for seen in reversed(chain):
        text = str(seen).strip()
        if text:
            return text.splitlines()[0][:300]
    return type(chain[-1]).__name__


def classify(exc, proxied=False):
    """The kind of a loading failure, from the exception and everything it chains, and
    details for the message: the innermost error, the HTTP status."""
    chain = _chain(exc)
    detail = {"cause": _cause(chain), "status": _status(chain)}
    names = [type(seen).__name__ for seen in chain]
    for name in _HUB_ERRORS:
        if name in names:
            return _MESSAGES[name], detail
    kind = _network_kind(chain, proxied)
    if kind is None and not _entry_missing(chain):  # a 404 for one file is not for the model
        kind = _HTTP_KINDS.get(detail["status"])
    if kind:
        return kind, detail
    for seen in chain:
        kind = _MESSAGES.get(type(seen).__name__)
        if kind:
            return kind, detail
        text = str(seen)
        if "out of memory" in text.lower():
            return "out_of_memory", detail
        if "trust_remote_code" in text:
            return "remote_code", detail
        if "device type at start of device string" in text:
            return "missing_package", detail
        if "not compiled with" in text.lower() or "not linked with support" in text:
            return "missing_package", detail
        if "no kernel image is available" in text:
            return "no_kernel", detail
        if "device lost" in text.lower() or "unspecified launch failure" in text:
            return "device_lost", detail
        if "is not a local folder and is not a valid model identifier" in text:
            return "not_found", detail
    return "error", detail


def classified_step(name, work, *args, **options):
    ok, result, error = step(name, work, *args, **options)
    if ok is False:
        kind, detail = _LAST[0]
        if kind == "not_cached" and _HUB[0] is not None:
            kind, detail = _HUB[0]  # not cached because the Hub could not be reached
        failure = {"step": name, "kind": kind, "error": error}
        failure.update((key, value) for key, value in detail.items() if value is not None)
        if _HUB_LOG:
            failure["hub_log"] = list(_HUB_LOG)
        fact("failure", failure)
    return ok, result


_LAST = [("error", {})]
_HUB = [None]  # (kind, detail) when the Hub could not be reached and the cache stood in
_HUB_LOG = []  # what huggingface_hub logged: evidence, not terminal output
_PROXIED = [False]  # whether a proxy stands between this process and the Hub


def _remember_kind(work):
    def wrapped(*args):
        try:
            return work(*args)
        except BaseException as exc:
            _LAST[0] = classify(exc, _PROXIED[0])
            raise

    return wrapped


def _keep_hub_log():
    """huggingface_hub logs each retry to stderr, the URL split over lines by a terminal:
    keep its records for the evidence instead (a bounded number of them)."""
    import importlib
    import logging

    try:
        importlib.import_module("huggingface_hub.utils.logging")  # installs its handler
    except Exception:
        pass

    class Keep(logging.Handler):
        def emit(self, record):
            if len(_HUB_LOG) < 50:
                try:
                    _HUB_LOG.append("%s: %s" % (record.levelname, record.getMessage()[:1000]))
                except Exception:
                    pass

    logger = logging.getLogger("huggingface_hub")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
    logger.addHandler(Keep())
    logger.propagate = False


def _route(endpoint, timeout):
    """The endpoint, the proxy that serves it (as urllib, requests and httpx find it) and
    the variables that chose them."""
    from urllib.parse import urlsplit
    from urllib.request import getproxies, proxy_bypass_environment

    parts = urlsplit(endpoint)
    proxies = getproxies()
    proxy = proxies.get(parts.scheme) or proxies.get("all")
    if proxy and proxy_bypass_environment(parts.hostname or "", proxies):
        proxy = None
    settings = {name: os.environ[name] for name in _ROUTE_ENV if os.environ.get(name)}
    names = ("%s_PROXY" % parts.scheme.upper(), "%s_proxy" % parts.scheme, *_ALL_PROXY)
    proxy_env = [name for name in names if os.environ.get(name)]
    return {
        "endpoint": endpoint,
        "host": parts.hostname,
        "proxy": proxy,
        "proxy_env": proxy_env if proxy else [],
        "settings": settings,
        "timeout": timeout,
    }


def reach_hub():
    """Ask the Hub for the model's config.json once, as from_pretrained would first, but
    without retries: a Hub that cannot be reached fails here in seconds. A model already in
    the cache is then loaded from it (local_files_only), as huggingface_hub would, minus
    the retries; a repository that answers without that file is left to transformers."""
    _keep_hub_log()
    try:
        from huggingface_hub import constants, get_hf_file_metadata, hf_hub_url
    except ImportError:  # too old, or missing: from_pretrained will say
        return
    route = _route(constants.ENDPOINT, constants.HF_HUB_ETAG_TIMEOUT)
    _PROXIED[0] = bool(route["proxy"])
    fact("hub", route)
    url = hf_hub_url(JOB["model"], "config.json", revision=JOB.get("revision"))
    try:
        get_hf_file_metadata(url, timeout=constants.HF_HUB_ETAG_TIMEOUT)
    except Exception as exc:
        if _entry_missing(_chain(exc)):
            return  # the repository answered; it has no config.json: transformers will say
        if not _in_cache():
            raise
        _HUB[0] = classify(exc, _PROXIED[0])
        JOB["offline"] = True


def _in_cache():
    from huggingface_hub import try_to_load_from_cache

    found = try_to_load_from_cache(JOB["model"], "config.json", revision=JOB.get("revision"))
    return isinstance(found, str)


def check_cache():
    """Offline, say at once whether the model is in the local cache; import nothing big."""
    if not _in_cache():
        from huggingface_hub.errors import LocalEntryNotFoundError

        raise LocalEntryNotFoundError(
            "%s is not in the local cache and downloads are off" % JOB["model"]
        )


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
