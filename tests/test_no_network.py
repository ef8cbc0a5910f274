"""No network: `list`, `detect`, `explain` and `load` of the tiny model never open a socket.

A `sitecustomize.py` on PYTHONPATH runs in every interpreter of the run (the CLI, each probe,
the verify and load payloads: they inherit the environment, by design) and makes networking
impossible: creating an internet socket, resolving a name or connecting raises, and each
attempt is written to a log with the stack that made it. The commands must still pass and
the log must stay empty. A control run proves that the guard bites.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import base_env, run_hwdoctor

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
def test_no_network(args: list[str], guarded_env: tuple[dict[str, str], Path]) -> None:
    env, log = guarded_env
    result = run_hwdoctor(*args, env=env)
    attempts = log.read_text(encoding="utf-8") if log.exists() else ""
    assert attempts == "", f"network attempts:\n{attempts[:5000]}"
    assert result.returncode == 0, result
    document = result.json()
    assert document["exit_code"] == 0 and document["errors"] == []
    if args[0] in ("detect", "explain") and len(args) == 2:
        assert document["data"]["packages"]["torch"].startswith("2.13.0")
    if args[0] == "load":
        assert document["data"]["ok"] is True, document["data"]
