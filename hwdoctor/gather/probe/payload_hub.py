"""The Hub, asked once (Python 3.8+, in the target): shared by the load and verify payloads.

Run after payload_common.py and before the payload that uses it (the runner prepends both).
A model from the Hub is asked for once, briefly and without retries, before anything big is
imported (`reach_hub`): huggingface_hub alone would retry a dead route for half a minute,
logging each attempt to stderr, and then say the model is not cached. The failure is
classified by exception type and by the OS error under it (no route, DNS, proxy, timeout,
401/403, 404), and the Hub's log is kept for the evidence instead of the terminal. `load`
and `explain --model` ask the same way, so both fail fast and name the same cause.
"""

import errno
import os
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import JOB, fact, step

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
