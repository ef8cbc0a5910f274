"""Shared prelude of hwdoctor's probe payloads: the job, the channel, steps (stdlib, 3.8+).

hwdoctor prepends this file to a payload's own text and runs the result with `python -c`
in the target interpreter. The one argument is a JSON job; events go to the channel file
named in it, one JSON object per line: `begin`/`end` around every risky step, `fact` for
what was learned, `done` at the end. stdout and stderr belong to whatever the user's
packages print.
"""

import sys

# `python -c` puts the current directory first on sys.path: a json.py or torch.py there would
# replace what the probe imports. The probe reads the environment as installed and names
# such a module instead (the detect payload's `shadowing` fact).
CWD_ON_PATH = bool(sys.path) and sys.path[0] in ("", ".")
if CWD_ON_PATH:
    del sys.path[0]

import faulthandler  # noqa: E402 - after the current directory left sys.path
import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402

JOB = json.loads(sys.argv[1])


def _die_with_hwdoctor():
    """Linux: the kernel kills this process when hwdoctor dies, even by SIGKILL (it runs in a
    session of its own, so nothing else would end it). What it started, hwdoctor kills."""
    if not sys.platform.startswith("linux") or not JOB.get("parent"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:
        return
    if os.getppid() != JOB["parent"]:  # hwdoctor died before the line above
        os._exit(1)


_die_with_hwdoctor()
_CHANNEL = os.open(JOB["channel"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
_SKIP = set(JOB.get("skip", ()))
# The runner's private directory, holding the channel: hwdoctor removes it when the payload
# ends, even when it has to kill it, so scratch files go here and never outlive a run.
SCRATCH = os.path.dirname(JOB["channel"])
# torch creates its compile cache directory when parts of it are imported, by default in the
# temporary directory, where it would stay.
os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", os.path.join(SCRATCH, "torchinductor"))
_TRACEBACK_LIMIT = 4000
# hwdoctor refuses a longer line (runner._EVENT_LIMIT): such an event is sent without its
# content, saying how large it was, and hwdoctor reports that.
EVENT_LIMIT = 4 << 20
_WATCH_S = 0.5

# A crash or a hang leaves a Python stack in stderr: the runner asks for one with SIGUSR1
# before it kills a step that outlived its deadline.
faulthandler.enable(file=sys.stderr, all_threads=True)
if hasattr(signal, "SIGUSR1"):
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)


def emit(event):
    event["t"] = time.time()  # when it happened: hwdoctor may read it much later
    # The leading newline ends whatever torn line someone else left on the channel, so it
    # cannot swallow this event (hwdoctor skips empty lines).
    data = ("\n" + json.dumps(event, default=repr, sort_keys=True) + "\n").encode(
        "utf-8", "backslashreplace"
    )
    if len(data) > EVENT_LIMIT:
        kept = {k: event[k] for k in ("e", "step", "key", "ok", "seconds", "t") if k in event}
        kept["oversized"] = len(data)
        data = ("\n" + json.dumps(kept, default=repr, sort_keys=True) + "\n").encode("utf-8")
    while data:  # a write to a file is whole in practice; a short one must not tear a line
        data = data[os.write(_CHANNEL, data) :]


def fact(key, value):
    emit({"e": "fact", "key": key, "value": value})


def describe(exc):
    """An exception as data: type, message, the chained cause, a traceback tail."""
    info = {"type": type(exc).__name__, "message": str(exc)[:2000]}
    cause = exc.__cause__ or exc.__context__
    if cause is not None and cause is not exc:
        info["cause"] = {"type": type(cause).__name__, "message": str(cause)[:2000]}
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    info["traceback"] = text[-_TRACEBACK_LIMIT:]
    return info


def step(name, work, *args, **options):
    """Run a risky piece of work, announced before and closed after; never raises.

    Returns (ok, result, error); a step named in the job's skip list is not run at all
    (ok is None): an earlier probe saw it hang or crash. `watch=callable`: a measure of the
    step's progress (bytes downloaded), polled while it runs; each change is a `progress`
    event, which gives the step a fresh deadline. Nothing else does: what the step prints
    is no sign of progress (an extension's thread may print while the step hangs).
    """
    if name in _SKIP:
        return None, None, None
    started = time.monotonic()
    emit({"e": "begin", "step": name})
    watching = _watch(name, options.get("watch"))
    try:
        result = work(*args)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # SystemExit too: an extension calling sys.exit()
        if isinstance(exc, SystemExit):
            exc = RuntimeError("called sys.exit(%r)" % (exc.code,))
        error = describe(exc)
        emit(
            {
                "e": "end",
                "step": name,
                "ok": False,
                "error": error,
                "seconds": round(time.monotonic() - started, 4),
            }
        )
        return False, None, error
    finally:
        if watching is not None:
            watching.set()
    emit({"e": "end", "step": name, "ok": True, "seconds": round(time.monotonic() - started, 4)})
    return True, result, None


def _watch(name, measure):
    """A daemon thread that emits `progress` while `measure()` changes; its stop event."""
    if measure is None:
        return None
    stop = threading.Event()

    def poll():
        last = _safe(measure)[0]
        while not stop.wait(_WATCH_S):
            now = _safe(measure)[0]
            if now != last:
                last = now
                emit({"e": "progress", "step": name})

    threading.Thread(target=poll, name="hwdoctor-watch", daemon=True).start()
    return stop


def transfer_measure(model):
    """What grows while `model` downloads or loads: bytes in its Hugging Face cache folder,
    and this process's peak memory (weights read from disk)."""
    cache = os.environ.get("HF_HUB_CACHE") or os.path.join(
        os.environ.get("HF_HOME")
        or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "huggingface"
        ),
        "hub",
    )
    folder = os.path.join(cache, "models--" + str(model or "").replace("/", "--"), "blobs")

    def measure():
        total = 0
        try:
            for entry in os.scandir(folder):
                try:
                    total += entry.stat(follow_symlinks=False).st_size
                except OSError:
                    pass
        except OSError:
            pass
        try:
            import resource

            total += resource.getrusage(resource.RUSAGE_SELF).ru_maxrss << 10
        except Exception:
            pass
        return total

    return measure


# A safetensors file starts with 8 bytes of little-endian header length, then a JSON header
# naming each tensor's dtype, shape and byte range (data_offsets); the weights follow.
# https://huggingface.co/docs/safetensors/index#format. huggingface_hub refuses headers over
# 25 MB (constants.SAFETENSORS_MAX_HEADER_LENGTH); a checkpoint of more shards than this is
# read no further.
_HEADER_LIMIT = 25 << 20
_SHARD_LIMIT = 2000
_INDEX = "model.safetensors.index.json"
_SINGLE = "model.safetensors"


def _local_header(path):
    import struct

    with open(path, "rb") as handle:
        raw = handle.read(8)
        if len(raw) < 8:
            raise ValueError("%s is too small to be a safetensors file" % os.path.basename(path))
        (length,) = struct.unpack("<Q", raw)
        if length > _HEADER_LIMIT:
            raise ValueError("%s has a %d-byte header" % (os.path.basename(path), length))
        return json.loads(handle.read(length).decode("utf-8", "replace"))


def _shard_names(index_path):
    with open(index_path, "rb") as handle:
        weight_map = json.load(handle).get("weight_map") or {}
    return sorted({str(name) for name in weight_map.values()})


def _local_headers(folder):
    index = os.path.join(folder, _INDEX)
    if os.path.isfile(index):
        names = _shard_names(index)
    else:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".safetensors"))
    return [_local_header(os.path.join(folder, name)) for name in names[:_SHARD_LIMIT]]


def _cached_headers(repo, revision):
    """The headers from the local Hub cache, when every file is there; else None."""
    from huggingface_hub import try_to_load_from_cache

    single = try_to_load_from_cache(repo, _SINGLE, revision=revision)
    if isinstance(single, str):
        return [_local_header(single)]
    index = try_to_load_from_cache(repo, _INDEX, revision=revision)
    if not isinstance(index, str):
        return None
    paths = [try_to_load_from_cache(repo, name, revision=revision) for name in _shard_names(index)]
    if not paths or not all(isinstance(path, str) for path in paths):
        return None
    return [_local_header(path) for path in paths[:_SHARD_LIMIT]]


def _hub_headers(repo, revision):
    """The headers from the Hub by HTTP range requests (huggingface_hub's own reader): the
    first 100,000 bytes of each file, more only for a longer header; never the weights."""
    from huggingface_hub import HfApi

    found = HfApi().get_safetensors_metadata(repo, revision=revision)
    return [
        {
            name: {"dtype": info.dtype, "shape": list(info.shape),
                   "data_offsets": list(info.data_offsets)}
            for name, info in meta.tensors.items()
        }
        for meta in list(found.files_metadata.values())[:_SHARD_LIMIT]
    ]  # fmt: skip


def checkpoint(source, revision=None, offline=False):
    """What a safetensors checkpoint holds, per dtype, from its headers alone: a local
    directory's files, the Hub cache's, or (online) the Hub's by range requests. `problem`
    says why it could not be read (no safetensors files, not cached while offline)."""
    where = "local"
    try:
        if os.path.isdir(source):
            headers = _local_headers(source)
        else:
            where, headers = "cache", _cached_headers(source, revision)
            if headers is None and offline:
                return {"source": None, "problem": "not in the local cache and downloads are off"}
            if headers is None:
                where, headers = "hub", _hub_headers(source, revision)
    except Exception as exc:
        name = type(exc).__name__
        if name == "NotASafetensorsRepoError":
            return {"source": None, "problem": "the repository has no safetensors files"}
        return {"source": None, "problem": "%s: %s" % (name, str(exc)[:300])}
    if not headers:
        return {"source": None, "problem": "no safetensors files"}
    by_dtype = {}
    for header in headers:
        for name, entry in header.items():
            if name == "__metadata__" or not isinstance(entry, dict):
                continue
            count = 1
            for size in entry.get("shape") or ():
                count *= int(size)
            start, end = entry.get("data_offsets") or (0, 0)
            row = by_dtype.setdefault(str(entry.get("dtype")), {"parameters": 0, "bytes": 0})
            row["parameters"] += count
            row["bytes"] += int(end) - int(start)
    return {
        "source": where,
        "files": len(headers),
        "parameters": sum(row["parameters"] for row in by_dtype.values()),
        "bytes": sum(row["bytes"] for row in by_dtype.values()),
        "by_dtype": by_dtype,
    }


# A config is anyone's (a Hub repository's): one that declares 10^200 layers keeps
# transformers building its per-layer lists (layer_types) until the deadline, before any
# model exists. The largest published models have a few hundred layers and hidden sizes in
# the tens of thousands.
_CONFIG_LIMITS = {
    "num_hidden_layers": 100000,
    "num_attention_heads": 10**6,
    "num_key_value_heads": 10**6,
    "hidden_size": 10**9,
    "intermediate_size": 10**9,
    "vocab_size": 10**9,
    "max_position_embeddings": 10**12,
}


def check_config(source, kwargs):
    """Raise ValueError when the model's config.json declares sizes no model has; read as
    JSON before transformers turns it into lists. A config that cannot be found here is
    left to transformers, which says why."""
    try:
        from transformers.utils import cached_file

        path = cached_file(
            source,
            "config.json",
            **{k: v for k, v in kwargs.items() if k in ("revision", "local_files_only")},
        )
        with open(path, encoding="utf-8") as handle:
            config = json.load(handle)
    except Exception:
        return
    if not isinstance(config, dict):
        return
    parts = [config] + [v for v in config.values() if isinstance(v, dict)]
    for part in parts:
        for name, limit in _CONFIG_LIMITS.items():
            value = part.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= limit:
                digits = len(str(abs(value)))  # json refuses more than 4,300 digits
                shown = str(value) if digits < 13 else "a number of %d digits" % digits
                raise ValueError(
                    "the config declares %s %s: no model has that many" % (shown, name)
                )


def shape(config):
    """What the KV cache grows by: transformers' caches keep a key and a value tensor of
    (batch, num_key_value_heads, tokens, head_dim) per layer (cache_utils.DynamicLayer, fed
    by each attention's k_proj/v_proj view, as in modeling_llama.LlamaAttention); head_dim
    defaults to hidden_size // num_attention_heads. A multimodal config's text part."""
    text = config.get_text_config() if hasattr(config, "get_text_config") else config
    heads = getattr(text, "num_attention_heads", None)
    hidden = getattr(text, "hidden_size", None)
    head_dim = getattr(text, "head_dim", None)
    if not head_dim and hidden and heads:
        head_dim = hidden // heads
    quantization = getattr(config, "quantization_config", None)
    method = (
        quantization.get("quant_method")
        if isinstance(quantization, dict)
        else getattr(quantization, "quant_method", None)
    )
    return {
        "layers": getattr(text, "num_hidden_layers", None),
        "kv_heads": getattr(text, "num_key_value_heads", None) or heads,
        "head_dim": head_dim,
        "hidden_size": hidden,
        "intermediate_size": getattr(text, "intermediate_size", None),
        "vocab_size": getattr(text, "vocab_size", None),
        "max_position": getattr(text, "max_position_embeddings", None),
        "sliding_window": getattr(text, "sliding_window", None),
        "quantization": str(getattr(method, "value", method)) if method else None,
    }


def _safe(call, *args):
    try:
        return call(*args), None
    except Exception as exc:
        return None, "%s: %s" % (type(exc).__name__, str(exc)[:500])


def finish():
    """Leave without interpreter teardown: with torch loaded it costs tens of milliseconds
    and can run extension atexit hooks that hang. Everything learned is on the channel."""
    emit({"e": "done"})
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    os._exit(0)
