"""No network: `list`, `detect`, `explain` and `load` of the tiny model never open a socket.

A `sitecustomize.py` on PYTHONPATH runs in every interpreter of the run (the CLI, each probe,
the verify and load payloads: they inherit the environment, by design) and makes networking
impossible: creating an internet socket, resolving a name or connecting raises, and each
attempt is written to a log with the stack that made it. The commands must still pass and
the log must stay empty. A control run proves that the guard bites.

`load` of a Hub model is then tried in worlds where the Hub cannot be reached or refuses:
no network, no DNS, a dead proxy, and a stand-in Hub on loopback that answers 401, 403, 404
or nothing at all. Each must end with the finding that names the cause and the endpoint,
one JSON document on stdout, and none of huggingface_hub's retry chatter anywhere.
"""

from __future__ import annotations

import contextlib
import http.server
import socket
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Result, base_env, everything_under, run_hwdoctor
from tests.test_load import TINY_QWEN3, build, check_default_tiny_model_on_cpu

GUARD = textwrap.dedent(
    '''
    """Test guard (tests/test_no_network.py): no internet sockets in this interpreter."""

    import errno
    import os
    import socket
    import traceback

    _LOG = os.environ["HWDOCTOR_NETWORK_LOG"]
    _INTERNET = (socket.AF_INET, socket.AF_INET6)


    def _refuse(what):
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write("pid %d: %s\\n%s\\n" % (os.getpid(), what, "".join(traceback.format_stack())))
        raise OSError(errno.ENETUNREACH, "networking is disabled in this test: " + what)


    class _GuardedSocket(socket.socket):
        def __init__(self, family=-1, type=-1, proto=-1, fileno=None):
            if fileno is None and (socket.AF_INET if family == -1 else family) in _INTERNET:
                _refuse("socket(%r)" % (family,))
            super().__init__(family, type, proto, fileno)

        def connect(self, address):
            if self.family in _INTERNET:
                _refuse("connect(%r)" % (address,))
            return super().connect(address)


    def _refusing(name):
        def refuse(*args, **kwargs):
            _refuse("%s%r" % (name, args))

        return refuse


    socket.socket = _GuardedSocket
    for _name in ("create_connection", "getaddrinfo", "gethostbyname", "gethostbyname_ex"):
        setattr(socket, _name, _refusing(_name))
    '''
)


@pytest.fixture
def guarded_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    guard = tmp_path / "guard"
    guard.mkdir()
    (guard / "sitecustomize.py").write_text(GUARD, encoding="utf-8")
    log = tmp_path / "network.log"
    env = base_env()
    env["PYTHONPATH"] = ":".join(p for p in (str(guard), env.get("PYTHONPATH", "")) if p)
    env["HWDOCTOR_NETWORK_LOG"] = str(log)
    env["HF_HOME"] = str(tmp_path / "hf-home")  # an empty cache: nothing to find locally
    return env, log


def test_the_guard_bites(guarded_env: tuple[dict[str, str], Path]) -> None:
    env, log = guarded_env
    control = subprocess.run(
        [
            sys.executable,
            "-c",
            "import urllib.request; urllib.request.urlopen('http://example.com', timeout=5)",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert control.returncode != 0
    assert "networking is disabled in this test" in control.stderr
    assert "example.com" in log.read_text(encoding="utf-8")  # the attempt was recorded


@pytest.mark.parametrize(
    "args",
    [
        ["list", "--json"],
        ["detect", "--json"],
        ["explain", "--json"],
        ["explain", "--verify", "--json"],
        ["explain", "npu", "--json"],
        ["load", "--offline", "--json"],
        ["load", "--device", "cpu", "--json"],  # the tiny model needs no network even online
    ],
    ids=" ".join,
)
def test_no_network(
    args: list[str],
    guarded_env: tuple[dict[str, str], Path],
    sealed: tuple[dict[str, str], list[Path]],
) -> None:
    """Also in a sealed home, temporary and working directory (tests/test_footprint.py),
    with the Hub online and every cache at its default: no files are left behind."""
    guarded, log = guarded_env
    env, directories = sealed
    env.update({name: guarded[name] for name in ("PYTHONPATH", "HWDOCTOR_NETWORK_LOG")})
    env.pop("HF_HUB_OFFLINE")
    result = run_hwdoctor(*args, env=env, cwd=directories[2])
    attempts = log.read_text(encoding="utf-8") if log.exists() else ""
    assert attempts == "", f"network attempts:\n{attempts[:5000]}"
    assert result.returncode == 0, result
    for directory in directories:
        assert everything_under(directory) == [], (directory.name, result)
    document = result.json()
    assert document["exit_code"] == 0 and document["errors"] == []
    if args[0] in ("detect", "explain") and len(args) == 2:
        assert document["data"]["packages"]["torch"].startswith("2.13.0")
    if args[0] == "load":
        assert document["data"]["ok"] is True, document["data"]
    if args == ["load", "--device", "cpu", "--json"]:
        check_default_tiny_model_on_cpu(document["data"])


# --- load of a Hub model when the Hub cannot be reached ---------------------------------------

# A second guard, for worlds that need loopback: a test's own server on 127.0.0.1, a proxy
# on a closed local port. Every other name and address is refused (logged): with
# HWDOCTOR_GUARD_DNS=fail a name does not resolve (socket.gaierror, as without DNS),
# otherwise the network is unreachable.
LOOPBACK_GUARD = textwrap.dedent(
    '''
    """Test guard (tests/test_no_network.py): loopback only, in this interpreter."""

    import errno
    import os
    import socket
    import traceback

    _LOG = os.environ["HWDOCTOR_NETWORK_LOG"]
    _INTERNET = (socket.AF_INET, socket.AF_INET6)
    _LOOPBACK = ("127.0.0.1", "::1", "localhost", b"127.0.0.1", b"::1", b"localhost")
    _getaddrinfo = socket.getaddrinfo


    def _refuse(what):
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write("pid %d: %s\\n%s\\n" % (os.getpid(), what, "".join(traceback.format_stack())))
        if os.environ.get("HWDOCTOR_GUARD_DNS") == "fail":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known (test): " + what)
        raise OSError(errno.ENETUNREACH, "networking is disabled in this test: " + what)


    def _getaddrinfo_loopback(host, *args, **kwargs):
        if host not in _LOOPBACK:
            _refuse("getaddrinfo%r" % ((host,) + args,))
        return _getaddrinfo(host, *args, **kwargs)


    class _GuardedSocket(socket.socket):
        def connect(self, address):
            if self.family in _INTERNET and address[0] not in _LOOPBACK:
                _refuse("connect(%r)" % (address,))
            return super().connect(address)


    def _refusing(name):
        def refuse(host, *args, **kwargs):
            if host in _LOOPBACK:
                return "127.0.0.1"
            _refuse("%s%r" % (name, (host,) + args))

        return refuse


    socket.socket = _GuardedSocket
    socket.getaddrinfo = _getaddrinfo_loopback
    for _name in ("gethostbyname", "gethostbyname_ex"):
        setattr(socket, _name, _refusing(_name))
    '''
)
# Variables that would route or redirect the Hub's requests on the machine running the tests.
_HUB_ROUTING = ("HF_ENDPOINT", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HTTPS_PROXY",
                "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY",
                "no_proxy")  # fmt: skip
# What huggingface_hub writes to stderr when it retries: none of it may reach the user.
_HUB_CHATTER = ("Retrying", "thrown while requesting", "[Retry ")
MODEL = "Qwen/Qwen3-0.6B"


@pytest.fixture
def loopback_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    guard = tmp_path / "loopback-guard"
    guard.mkdir()
    (guard / "sitecustomize.py").write_text(LOOPBACK_GUARD, encoding="utf-8")
    log = tmp_path / "network.log"
    env = _online(base_env(), tmp_path)
    env["PYTHONPATH"] = ":".join(p for p in (str(guard), env.get("PYTHONPATH", "")) if p)
    env["HWDOCTOR_NETWORK_LOG"] = str(log)
    return env, log


def _online(env: dict[str, str], tmp_path: Path) -> dict[str, str]:
    """Downloads on (no offline variable), no proxy, the default endpoint, an empty cache;
    progress echoed to stderr as on a terminal, so the Hub's chatter would show there."""
    for name in _HUB_ROUTING:
        env.pop(name, None)
    env["HF_HOME"] = str(tmp_path / "hf-home")
    env["HWDOCTOR_PROGRESS"] = "1"
    return env


def _hub_problem(result: Result, code: str) -> dict[str, Any]:
    """The load failed with `code`: exit 1, one JSON document, no Hub chatter anywhere."""
    assert result.returncode == 1, result
    assert result.stdout.count('"schema_version"') == 1, result
    document = result.json()  # the whole of stdout is one JSON document
    assert document["exit_code"] == 1
    problem: dict[str, Any] = document["data"]["problem"]
    assert problem["code"] == code, result
    for chatter in _HUB_CHATTER:
        assert chatter not in result.stdout and chatter not in result.stderr, result
    assert "/resolve/" not in result.stderr, result  # no URL of the Hub's, whole or split
    assert HUB_WARNING not in result.stderr, result
    return problem


def test_load_from_the_hub_without_a_network(guarded_env: tuple[dict[str, str], Path]) -> None:
    env, log = guarded_env
    result = run_hwdoctor("load", MODEL, "--json", env=_online(env, log.parent))
    problem = _hub_problem(result, "load.network_unreachable")
    assert problem["message"].startswith(
        "hub: cannot connect to https://huggingface.co (the default endpoint, no proxy set): "
        "[Errno 101] networking is disabled in this test"
    )
    assert problem["message"].endswith(f"{MODEL} is not in the local cache")
    assert "curl -sSI https://huggingface.co" in problem["remedy"]
    assert f"hf download {MODEL}" in problem["remedy"]
    assert "huggingface.co" in log.read_text(encoding="utf-8")  # it tried, once, and was refused


def test_load_from_the_hub_when_names_do_not_resolve(
    loopback_env: tuple[dict[str, str], Path],
) -> None:
    env, log = loopback_env
    env["HWDOCTOR_GUARD_DNS"] = "fail"
    problem = _hub_problem(run_hwdoctor("load", MODEL, "--json", env=env), "load.dns_failed")
    assert problem["message"].startswith(
        "hub: the name huggingface.co of https://huggingface.co (the default endpoint, no proxy "
        "set) does not resolve: "
    )
    assert "Name or service not known (test)" in problem["message"]
    assert "getent hosts huggingface.co" in problem["remedy"]
    assert "huggingface.co" in log.read_text(encoding="utf-8")


def test_load_from_the_hub_through_a_dead_proxy(loopback_env: tuple[dict[str, str], Path]) -> None:
    env, log = loopback_env
    env["HTTPS_PROXY"] = "http://127.0.0.1:1"  # nothing listens on port 1
    problem = _hub_problem(run_hwdoctor("load", MODEL, "--json", env=env), "load.proxy_failed")
    assert problem["message"].startswith(
        "hub: the proxy http://127.0.0.1:1 (HTTPS_PROXY) for https://huggingface.co (the "
        "default endpoint) does not work: "
    )
    assert "Connection refused" in problem["message"]
    assert "curl -sSI --proxy http://127.0.0.1:1 https://huggingface.co" in problem["remedy"]
    assert "unset HTTPS_PROXY" in problem["remedy"]
    assert not log.exists()  # only the proxy was asked: the Hub's name was never looked up


# A warning the Hub sends in a header, which huggingface_hub logs to stderr.
HUB_WARNING = "the stand-in Hub warns"


class _Answer(http.server.BaseHTTPRequestHandler):
    """Answers every request with the server's status and headers, and an empty body."""

    def do_HEAD(self) -> None:
        server: Any = self.server
        self.send_response(server.status)
        for name, value in server.headers.items():
            self.send_header(name, value)
        self.send_header("X-HF-Warning", f"hwdoctor-test; {HUB_WARNING}")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_HEAD

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def hub_answering(status: int, headers: dict[str, str]) -> Iterator[str]:
    """A Hub stand-in on loopback answering `status` to everything; yields its endpoint."""
    server: Any = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    server.status, server.headers = status, headers
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.mark.parametrize(
    ("status", "headers", "code"),
    [
        (401, {}, "load.unauthorized"),
        (403, {}, "load.unauthorized"),
        (404, {}, "load.not_found"),
        (401, {"X-Error-Code": "RepoNotFound"}, "load.not_found"),  # the Hub's answer, anonymous
        (403, {"X-Error-Code": "GatedRepo"}, "load.gated"),
    ],
)
def test_load_from_a_hub_that_refuses(
    status: int, headers: dict[str, str], code: str, loopback_env: tuple[dict[str, str], Path]
) -> None:
    env, log = loopback_env
    with hub_answering(status, headers) as endpoint:
        env["HF_ENDPOINT"] = endpoint
        problem = _hub_problem(run_hwdoctor("load", MODEL, "--json", env=env), code)
    assert not log.exists()
    assert HUB_WARNING in problem["evidence"]  # kept as evidence, off the terminal
    if code == "load.unauthorized":
        assert problem["message"] == (
            f"hub: {endpoint} (set by HF_ENDPOINT, no proxy set) refused access to {MODEL} "
            f"(HTTP {status}): the token is missing, invalid or lacks permission"
        )
        assert "hf auth login" in problem["remedy"]
    if code == "load.not_found":
        assert problem["message"] == (
            f"hub: the model was not found on {endpoint} (set by HF_ENDPOINT, no proxy set)"
        )


def test_load_from_a_hub_that_does_not_answer(loopback_env: tuple[dict[str, str], Path]) -> None:
    env, log = loopback_env
    with socket.socket() as silent:  # connections are accepted by the kernel, never answered
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        endpoint = f"http://127.0.0.1:{silent.getsockname()[1]}"
        env.update(HF_ENDPOINT=endpoint, HF_HUB_ETAG_TIMEOUT="1")
        problem = _hub_problem(run_hwdoctor("load", MODEL, "--json", env=env), "load.hub_timeout")
    assert problem["message"].startswith(
        f"hub: {endpoint} (set by HF_ENDPOINT, no proxy set) did not answer within 1 s: "
    )
    assert "export HF_HUB_ETAG_TIMEOUT=60" in problem["remedy"]
    assert not log.exists()


def test_a_cached_model_loads_when_the_hub_cannot_be_reached(
    guarded_env: tuple[dict[str, str], Path],
) -> None:
    env, log = guarded_env
    env = _online(env, log.parent)
    # The cache's layout, as `hf download` leaves it: refs/main names the snapshot.
    repo = Path(env["HF_HOME"]) / "hub" / "models--hwdoctor-test--tiny-qwen3"
    commit = "0123456789abcdef0123456789abcdef01234567"
    build(TINY_QWEN3, repo / "snapshots" / commit)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit, encoding="utf-8")
    result = run_hwdoctor("load", "hwdoctor-test/tiny-qwen3", "--device", "cpu", "--json", env=env)
    assert result.returncode == 0, result
    data = result.json()["data"]
    assert data["ok"] is True and data["generate"]["tokens"] == 8, data
    for chatter in _HUB_CHATTER:
        assert chatter not in result.stderr, result


def test_explain_a_hub_model_names_the_cause_as_load_does_and_once(
    loopback_env: tuple[dict[str, str], Path],
) -> None:
    """issue 29, item 7: `explain --model` asks the Hub once, as `load` does (payload_hub.py),
    instead of leaving it to transformers' retries; the cause is load's named one, said
    once (the model row points to it), and none of the Hub's chatter shows."""
    env, _log = loopback_env
    env["HWDOCTOR_GUARD_DNS"] = "fail"
    load = _hub_problem(run_hwdoctor("load", MODEL, "--json", env=env), "load.dns_failed")
    result = run_hwdoctor("explain", "--model", MODEL, env={**env, "COLUMNS": "200"})
    assert result.returncode == 1, result
    said = " ".join(result.stdout.split())
    assert " ".join(load["message"].split()) in said, (load["message"], said)
    assert said.count("does not resolve") == 1 and "OSError" not in said, said
    assert f"{MODEL}: not read (see below)" in said
    for chatter in _HUB_CHATTER:
        assert chatter not in result.stdout + result.stderr, result
    document = run_hwdoctor("explain", "--model", MODEL, "--json", env=env).json()
    (unreadable,) = [f for f in document["data"]["findings"]
                     if f["code"] == "explain.model_unreadable"]  # fmt: skip
    assert "does not resolve" in unreadable["message"]
