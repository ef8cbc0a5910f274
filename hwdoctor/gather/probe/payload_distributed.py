"""The distributed payload: this rank joins its job's store and process group (3.8+).

Run after payload_common.py (prepended by the runner), in the target interpreter, once per
rank under torchrun, `accelerate launch`, srun or mpirun. It imports torch, then waits for
hwdoctor's go with this rank's summary. Every rank leaves its summary in the job's store;
rank 0 waits (up to the job's timeout) for all of them and names the ranks that never
came. Only when every rank is there do they form the process group and all_reduce a
tensor on each rank's device, so a missing rank costs one timeout, never a hang.
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
    dist.destroy_process_group()
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
