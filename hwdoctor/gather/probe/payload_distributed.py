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
"""

import datetime
import json
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import JOB, emit, fact, finish, step

_POLL = 0.05


def wait_for_go():
    line = sys.stdin.readline().strip()
    if not line.startswith("go"):
        finish()
    JOB.update(json.loads(line[2:].strip() or "{}"))


def connect():
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
    return dist.PrefixStore("hwdoctor/%s/" % JOB.get("run_id", "run"), host)


def gather(store, prefix, deadline):
    """Rank 0: what each rank left under `prefix`, and which ranks left nothing in time."""
    found = {}
    pending = set(range(JOB["world_size"]))
    while pending and time.monotonic() < deadline:
        for rank in sorted(pending):
            key = "%s/%d" % (prefix, rank)
            if store.check([key]):
                found[rank] = json.loads(store.get(key).decode("utf-8"))
                pending.discard(rank)
        if pending:
            time.sleep(_POLL)
    return found, sorted(pending)


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
    store.set("report/%d" % rank, json.dumps(JOB["report"]))
    deadline = time.monotonic() + JOB["timeout"]
    if rank == 0:
        ok, gathered, _ = step("gather reports", gather, store, "report", deadline)
        if not ok:
            return
        reports, missing = gathered
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
        store.set("result/%d" % rank, json.dumps(result))
    if rank == 0:
        results = {}
        if decision == "collective":
            ok, gathered, _ = step(
                "gather results", gather, store, "result", time.monotonic() + JOB["timeout"]
            )
            results = gathered[0] if ok else {}
        fact(
            "ranks",
            {
                "reports": {str(r): report for r, report in reports.items()},
                "results": {str(r): res for r, res in results.items()},
                "missing": missing,
            },
        )
        # The store lives in this process: keep it up until every rank has read "done".
        store.set("done", "1")
        for other in range(JOB["world_size"]):  # rank 0 and the absent answer no one
            if other == 0 or other not in reports:
                store.set("ack/%d" % other, "1")
        step("gather acknowledgements", gather, store, "ack", time.monotonic() + 5)
    else:
        ok, _, _ = step("wait for done", store.wait, ["done"])
        if ok:
            store.set("ack/%d" % rank, "1")


main()
finish()
