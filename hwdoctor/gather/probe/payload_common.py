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
