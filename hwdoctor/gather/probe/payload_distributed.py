"""The distributed payload: this rank joins its job's store and process group (3.8+).

Run after payload_common.py (prepended by the runner), in the target interpreter, once per
rank under torchrun, `accelerate launch`, srun or mpirun. It imports torch, then waits for
hwdoctor's go with this rank's summary. Every rank leaves its summary in the job's store;
rank 0 waits (up to the job's timeout) for all of them and names the ranks that never
came. Only when every rank is there do they form the process group and all_reduce a
tensor on each rank's device, so a missing rank costs one timeout, never a hang. With
`detect --bandwidth` they then time all_reduce and all_gather at the sizes hwdoctor sends,
and each pair of ranks exchanging a tensor, one round per partner; the timings go to rank 0
with the all_reduce's verdict.

The store is anyone's who can reach it: torch's TCPStore takes any connection, and
`list_keys()` shows any client every key. So hwdoctor's keys live under a prefix hwdoctor
sends on standard input (a digest of the run's secret, `HWDOCTOR_RUN_SECRET`, or the
launcher's run id without one), every value hwdoctor writes is signed with an HMAC of the
secret, and rank 0 passes on what it read as text, each value bounded, a value whose
signature does not match named instead: hwdoctor reads each one at the evidence boundary
(gather/rank_reports.py). Under `detect --nproc` (every rank on this machine), rank 0 also
keeps hwdoctor's keys and the process group's in a store of its own that listens on
127.0.0.1 only (TCPStore's `master_listen_fd`, a socket bound there), and tells the others
its port through the launcher's store; torch binds the launcher's own store to every
interface whatever its host name says.
"""

import datetime
import hashlib
import hmac
import json
import socket
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import JOB, emit, fact, finish, step

_POLL = 0.05
# A rank's summary or result is a few KiB; a value larger than this is not hwdoctor's. And
# what rank 0 passes on stays under the channel's 4 MiB a line.
MAX_VALUE = 64 * 1024
MAX_TOTAL = 3 << 20


def wait_for_go():
    line = sys.stdin.readline().strip()
    if not line.startswith("go"):
        finish()
    JOB.update(json.loads(line[2:].strip() or "{}"))


def signature(key, body):
    """The HMAC-SHA256 of a value under its key, keyed by the run's secret ("-" without
    one: then nothing tells hwdoctor's values from anyone else's)."""
    secret = JOB.get("secret") or ""
    if not secret:
        return "-"
    message = key.encode("utf-8") + b"\0" + body
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def put(store, key, value):
    body = json.dumps(value).encode("utf-8")
    store.set(key, signature(key, body).encode("ascii") + b"\n" + body)


def opened(key, raw):
    """(text, None) for a value hwdoctor wrote under `key`; (None, why) for anything else."""
    if len(raw) > MAX_VALUE:
        return None, "%d bytes, more than the %d a rank's report has" % (len(raw), MAX_VALUE)
    mark, newline, body = raw.partition(b"\n")
    if not newline:
        return None, "not a value hwdoctor writes (no signature line)"
    if JOB.get("secret") and not hmac.compare_digest(mark, signature(key, body).encode("ascii")):
        return None, "not signed with this run's secret: another process wrote it"
    try:
        return body.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, "not UTF-8 text"


def job_store():
    import torch.distributed as dist

    rank, world = JOB["rank"], JOB["world_size"]
    host = dist.TCPStore(
        JOB["master_addr"],
        int(JOB["master_port"]),
        world,
        is_master=rank == 0 and not JOB.get("agent_store"),
        timeout=datetime.timedelta(seconds=JOB["timeout"]),
        wait_for_workers=False,
    )
    return dist.PrefixStore(JOB["prefix"], host)


def loopback_store():
    """Rank 0's own store, listening on 127.0.0.1 only; None where this torch cannot take
    a bound socket (TCPStore's master_listen_fd: "the underlying TCPServer will listen on
    this file descriptor, which must be a socket already bound to port")."""
    import torch.distributed as dist

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        port = listener.getsockname()[1]
        store = dist.TCPStore(
            "127.0.0.1",
            port,
            JOB["world_size"],
            is_master=True,
            timeout=datetime.timedelta(seconds=JOB["timeout"]),
            wait_for_workers=False,
            master_listen_fd=listener.fileno(),
        )
    except TypeError:  # a torch before master_listen_fd
        listener.close()
        return None, None
    # The store owns the socket now: Python must not close it under it at exit.
    listener.detach()
    return store, port


def wait_for(store, key, deadline):
    """The text of `key` once a value hwdoctor wrote is there (a forged one is waited
    past: the right one may still come), or None at the deadline."""
    while time.monotonic() < deadline:
        if store.check([key]):
            text, _ = opened(key, store.get(key))
            if text is not None:
                return text
        time.sleep(_POLL)
    return None


def connect():
    """The store hwdoctor's ranks meet in: the launcher's under hwdoctor's prefix, or
    under --nproc, rank 0's on the loopback interface."""
    import torch.distributed as dist

    shared = job_store()
    if not JOB.get("loopback"):
        return shared
    deadline = time.monotonic() + JOB["timeout"]
    if JOB["rank"] == 0:
        store, port = loopback_store()
        put(shared, "loopback", port)  # null: this torch cannot, use the launcher's
        return shared if store is None else dist.PrefixStore(JOB["prefix"], store)
    text = wait_for(shared, "loopback", deadline)
    if text is None:
        raise TimeoutError("rank 0 did not say where its store listens")
    port = json.loads(text)
    if port is None:
        return shared
    store = dist.TCPStore(
        "127.0.0.1",
        int(port),
        JOB["world_size"],
        is_master=False,
        timeout=datetime.timedelta(seconds=JOB["timeout"]),
    )
    return dist.PrefixStore(JOB["prefix"], store)


def gather(store, prefix, deadline):
    """Rank 0: what each rank left under `prefix`, as text, each value once (the first one
    there): ({rank: text}, {rank: why it was not passed on}, ranks that left nothing)."""
    found = {}
    refused = {}
    total = 0
    pending = set(range(JOB["world_size"]))
    while pending and time.monotonic() < deadline:
        for rank in sorted(pending):
            key = "%s/%d" % (prefix, rank)
            if store.check([key]):
                text, why = opened(key, store.get(key))
                if text is not None and total + len(text) > MAX_TOTAL:
                    text, why = None, "past the %d bytes rank 0 passes on in all" % MAX_TOTAL
                if text is None:
                    refused[rank] = why
                else:
                    found[rank] = text
                    total += len(text)
                pending.discard(rank)
        if pending:
            time.sleep(_POLL)
    return found, refused, sorted(pending)


def all_reduce():
    import torch
    import torch.distributed as dist

    rank, world = JOB["rank"], JOB["world_size"]
    backend = JOB["backend"]
    store = STORE[0]
    started = time.monotonic()
    dist.init_process_group(
        backend,
        store=dist.PrefixStore("pg/", store),
        rank=rank,
        world_size=world,
        timeout=datetime.timedelta(seconds=JOB["timeout"]),
    )
    joined = time.monotonic() - started
    value = torch.tensor([float(rank + 1)], device=JOB["device"])
    started = time.monotonic()
    dist.all_reduce(value)
    result = float(value.item())
    seconds = time.monotonic() - started
    expected = world * (world + 1) / 2.0
    return {
        "ok": result == expected,
        "value": result,
        "expected": expected,
        "seconds": seconds,
        "init_seconds": joined,
        "backend": backend,
        "device": JOB["device"],
    }


def synchronize(torch):
    """Wait for the device's queued work (a no-op on the CPU): the device module's own
    synchronize(), as torch.cuda, torch.xpu, torch.npu and torch.cpu each have one."""
    module = getattr(torch, JOB["device"].split(":", 1)[0], None)
    wait = getattr(module, "synchronize", None)
    if callable(wait):
        wait()


def timed(torch, dist, run, iterations):
    """Seconds per iteration on this rank, after one warm-up, started together (barrier)."""
    run()
    synchronize(torch)
    dist.barrier()
    started = time.perf_counter()
    for _ in range(iterations):
        run()
    synchronize(torch)
    return (time.perf_counter() - started) / iterations


def iterations_for(size):
    # About 256 MiB moved per measurement, 3 to 20 times: enough to average out the noise
    # of small messages, little time at the large ones on a CPU's gloo.
    return max(3, min(20, (256 << 20) // max(size, 1)))


def collective(torch, dist, operation, size):
    world = JOB["world_size"]
    device = JOB["device"]
    if operation == "all_reduce":
        tensor = torch.ones(max(1, size // 4), dtype=torch.float32, device=device)
        moved = tensor.numel() * 4

        def run():
            dist.all_reduce(tensor)

    else:  # all_gather: nccl-tests' size is the gathered result, each rank sends 1/n of it
        part = torch.ones(max(1, size // 4 // world), dtype=torch.float32, device=device)
        into = [torch.empty_like(part) for _ in range(world)]
        moved = part.numel() * 4 * world

        def run():
            dist.all_gather(into, part)

    iterations = iterations_for(size)
    seconds = timed(torch, dist, run, iterations)
    return {"op": operation, "bytes": moved, "iterations": iterations, "seconds": seconds}


def rounds(world):
    """A round-robin schedule (the circle method): in each round every rank meets one
    other (or sits out, for an odd count), and over all rounds every pair meets once."""
    ranks = list(range(world)) + ([None] if world % 2 else [])
    count = len(ranks)
    out = []
    for _ in range(count - 1):
        out.append({ranks[i]: ranks[count - 1 - i] for i in range(count // 2)})
        ranks = [ranks[0], ranks[-1], *ranks[1:-1]]
    return out


def pairs(torch, dist, size):
    """Each pair of ranks exchanges `size` bytes both ways at once: one-way bandwidth per
    pair, the number a link's rate compares with."""
    rank = JOB["rank"]
    device = JOB["device"]
    send = torch.ones(max(1, size // 4), dtype=torch.float32, device=device)
    receive = torch.empty_like(send)
    out = []
    for schedule in rounds(JOB["world_size"]):
        partner = {**schedule, **{b: a for a, b in schedule.items()}}.get(rank)

        def run(peer=partner):
            if peer is None:
                return
            handles = [dist.isend(send, peer), dist.irecv(receive, peer)]
            for handle in handles:
                handle.wait()

        seconds = timed(torch, dist, run, iterations_for(size))
        if partner is not None:
            out.append({"peer": partner, "bytes": send.numel() * 4, "seconds": seconds})
    return out


def bandwidth():
    import torch
    import torch.distributed as dist

    wanted = JOB["bandwidth"]
    measured = [
        collective(torch, dist, operation, size)
        for operation in ("all_reduce", "all_gather")
        for size in wanted["sizes"]
    ]
    paired = []
    if JOB["world_size"] <= wanted["pairs_up_to"]:
        paired = pairs(torch, dist, wanted["pair_size"])
    return {"device": JOB["device"], "operations": measured, "pairs": paired}


def leave():
    import torch.distributed as dist

    dist.destroy_process_group()


STORE = []


def main():
    ok, _, _ = step("import torch", __import__, "torch")
    if not ok:
        return
    emit({"e": "ready"})
    wait_for_go()
    ok, store, _ = step("connect", connect)
    if not ok:
        return
    STORE.append(store)
    rank = JOB["rank"]
    put(store, "report/%d" % rank, JOB["report"])
    deadline = time.monotonic() + JOB["timeout"]
    if rank == 0:
        ok, gathered, _ = step("gather reports", gather, store, "report", deadline)
        if not ok:
            return
        reports, refused, missing = gathered
        store.set("decision", "collective" if not missing else "abort")
    else:
        ok, _, _ = step("wait for rank 0", store.wait, ["decision"])
        if not ok:
            return
    decision = store.get("decision").decode("utf-8")
    result = None
    if decision == "collective":
        ok, result, error = step("all_reduce", all_reduce)
        if not ok:
            result = {"ok": False, "error": error}
        elif JOB.get("bandwidth"):
            measured, found, error = step("bandwidth", bandwidth)
            result["bandwidth"] = found if measured else {"error": error}
        if ok:
            step("leave process group", leave)
        put(store, "result/%d" % rank, result)
    if rank == 0:
        results, refused_results = {}, {}
        if decision == "collective":
            ok, gathered, _ = step(
                "gather results", gather, store, "result", time.monotonic() + JOB["timeout"]
            )
            if ok:
                results, refused_results = gathered[0], gathered[1]
        fact(
            "ranks",
            {
                "reports": {str(r): text for r, text in reports.items()},
                "results": {str(r): text for r, text in results.items()},
                "refused": {
                    "report": {str(r): why for r, why in refused.items()},
                    "result": {str(r): why for r, why in refused_results.items()},
                },
                "missing": missing,
            },
        )
        # The store lives in this process: keep it up until every rank has read "done".
        store.set("done", "1")
        for other in range(JOB["world_size"]):  # rank 0 and the absent answer no one
            if other == 0 or other in missing:
                store.set("ack/%d" % other, "1")
        step("gather acknowledgements", gather, store, "ack", time.monotonic() + 5)
    else:
        ok, _, _ = step("wait for done", store.wait, ["done"])
        if ok:
            store.set("ack/%d" % rank, "1")


main()
finish()
