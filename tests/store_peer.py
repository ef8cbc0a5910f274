"""A peer that writes into a running `hwdoctor detect --nproc 2`'s stores, as anyone who can
reach them can (tests/test_rank_store.py). Run with the target interpreter (it uses torch's
own TCPStore client), started from rank 1's payload by a `[torch.backends]` entry point,
so it has what a process on that machine has: MASTER_ADDR and MASTER_PORT of torchrun's
store, and, for the `signed` mode only, the run's secret (a peer that knows the nonce).

    python tests/store_peer.py MODE RECORD DONE

MODE:
- `old`: rank 1's report under the key hwdoctor used before it had a secret
  (`hwdoctor/<TORCHELASTIC_RUN_ID>/report/1` in torchrun's store);
- `listed`: the key found with `list_keys()` (what any client of a TCPStore can do), a
  well-formed report claiming another host and device, signed with a made-up signature;
- `signed`: the same key, a malformed report correctly signed with the run's secret.

Writes what it did and saw (the prefix, the listening addresses of the stores' ports,
whether the loopback store answers on another address) to RECORD as JSON, then creates
DONE, after which rank 1 goes on.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import os
import socket
import sys
import time
from typing import Any

import torch.distributed as dist

FORGED = {
    "host": "gpu12",
    "rank": 1,
    "local_rank": 1,
    "local_world_size": 2,
    "device": "cuda:7",
    "device_name": "NVIDIA H100 80GB HBM3",
    "backend": "nccl",
    "distributed_type": "MULTI_GPU",
    "versions": {"torch": "2.13.0+cu128"},
    "device_counts": {"cuda": 8},
    "visibility": {},
    "exit_code": 0,
}
MALFORMED = {"host": "gpu\u00b2", "rank": 1, "local_rank": "\u00b2", "device": 5, "exit_code": 0}
TIMEOUT = datetime.timedelta(seconds=20)


def client(host: str, port: int) -> Any:
    return dist.TCPStore(host, port, is_master=False, timeout=TIMEOUT)


def listening(port: int) -> list[str]:
    """The local addresses a TCP socket listens on at `port` (/proc/net/tcp and tcp6,
    proc(5): state 0A is LISTEN; addresses in hex, 0100007F is 127.0.0.1, all zeros any)."""
    out = []
    for name in ("tcp", "tcp6"):
        with open(f"/proc/net/{name}", encoding="ascii") as table:
            for line in table.read().splitlines()[1:]:
                fields = line.split()
                address, _, hex_port = fields[1].rpartition(":")
                if int(hex_port, 16) == port and fields[3] == "0A":
                    out.append(f"{name}:{address}")
    return out


def other_address() -> str | None:
    """An address of this machine that is not loopback, if it has one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: only a route is chosen
        address: str = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def answers(address: str, port: int) -> bool:
    try:
        socket.create_connection((address, port), timeout=5).close()
    except OSError:
        return False
    return True


def until(found: Any, deadline: float) -> Any:
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError("the run's store never showed what the peer waits for")


def main() -> int:
    mode, record_path, done_path = sys.argv[1:4]
    deadline = time.monotonic() + 120
    record: dict[str, Any] = {"mode": mode}
    agent_port = int(os.environ["MASTER_PORT"])
    agent = client(os.environ["MASTER_ADDR"], agent_port)
    record["launcher_store_listens"] = listening(agent_port)
    try:
        if mode == "old":
            key = f"hwdoctor/{os.environ['TORCHELASTIC_RUN_ID']}/report/1"
            agent.set(key, json.dumps({**FORGED, "host": "old-prefix"}))
            record["wrote"] = key
            return 0
        announced = until(
            lambda: [
                k
                for k in agent.list_keys()
                if k.startswith("hwdoctor/") and k.endswith("/loopback")
            ],
            deadline,
        )
        prefix = announced[0].removesuffix("loopback")
        record["prefix"] = prefix
        port = json.loads(agent.get(announced[0]).partition(b"\n")[2])
        record["loopback_store_listens"] = listening(port)
        address = other_address()
        record["other_address"] = address
        record["answers_on_other_address"] = answers(address, port) if address else None
        store = client("127.0.0.1", port)
        until(lambda: store.check([prefix + "report/0"]), deadline)
        if mode == "listed":
            body = json.dumps(FORGED).encode()
            value = b"0" * 64 + b"\n" + body
        else:
            body = json.dumps(MALFORMED).encode()
            secret = os.environ["HWDOCTOR_RUN_SECRET"].encode()
            mac = hmac.new(secret, b"report/1\0" + body, hashlib.sha256).hexdigest()
            value = mac.encode() + b"\n" + body
        store.set(prefix + "report/1", value)
        record["wrote"] = prefix + "report/1"
        # rank 0 has read it once it decides; then rank 1 may write its own
        until(lambda: store.check([prefix + "decision"]), deadline)
        record["decided"] = store.get(prefix + "decision").decode()
        return 0
    except Exception as exc:  # the test reads what went wrong from the record
        record["error"] = f"{type(exc).__name__}: {exc}"
        return 1
    finally:
        with open(record_path, "w", encoding="utf-8") as out:
            json.dump(record, out)
        open(done_path, "w").close()


if __name__ == "__main__":
    sys.exit(main())
