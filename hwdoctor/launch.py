"""Where a process stands in a distributed job, as its launcher (torchrun, accelerate
launch, srun, mpirun) describes it in the environment: the one parser of those variables."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor.errors import UsageError

# Where launchers put a process's place in the job: Accelerate's lists, plus SLURM's.
_RANK: Final = ("RANK", "PMI_RANK", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK", "SLURM_PROCID")
_WORLD: Final = (
    "WORLD_SIZE", "PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "MV2_COMM_WORLD_SIZE", "SLURM_NTASKS",
)  # fmt: skip
_LOCAL_RANK: Final = (
    "LOCAL_RANK", "MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK",
    "SLURM_LOCALID",
)  # fmt: skip
_LOCAL_WORLD: Final = (
    "LOCAL_WORLD_SIZE", "MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE",
    "MV2_COMM_WORLD_LOCAL_SIZE", "SLURM_NTASKS_PER_NODE",
)  # fmt: skip
DEFAULT_MASTER_PORT: Final = 29500  # Accelerate's default too
# hwdoctor's own: the secret every rank of one run shares (`detect --nproc` makes one with
# secrets.token_hex; under another launcher, export one to every rank), and the flag with
# which --nproc says every rank runs on this machine. Passed in the environment, which
# only the ranks' own user can read (/proc/PID/environ), never on a command line, which
# every user of the machine can (/proc/PID/cmdline).
SECRET_ENV: Final = "HWDOCTOR_RUN_SECRET"
LOOPBACK_ENV: Final = "HWDOCTOR_STORE_LOOPBACK"
_MAX_SECRET: Final = 256


@dataclass(frozen=True)
class Launch:
    """This process's place in a distributed job, as its launcher describes it."""

    rank: int
    world_size: int
    local_rank: int
    local_world_size: int | None
    master_addr: str
    master_port: int
    agent_store: bool  # torchrun's agent hosts the store: every rank is a client
    run_id: str
    secret: str | None = None  # HWDOCTOR_RUN_SECRET: signs what the ranks leave in the store
    loopback: bool = False  # every rank on this machine: rank 0 keeps a store on 127.0.0.1


def first_int(env: Mapping[str, str], names: Sequence[str]) -> int | None:
    """The first of `names` that holds a whole number >= 0 (Accelerate's get_int_from_env)."""
    for name in names:
        try:
            value = int(env.get(name, ""))
        except ValueError:
            continue
        if value >= 0:
            return value
    return None


def launch_of(env: Mapping[str, str] | None = None) -> Launch | None:
    """The job this process belongs to, or None when it runs alone (world size 1)."""
    env = os.environ if env is None else env
    world = first_int(env, _WORLD)
    rank = first_int(env, _RANK)
    if world is None or world < 2 or rank is None:
        return None
    if rank >= world:
        raise UsageError(f"rank {rank} is not below the world size {world}: check the launcher")
    local_rank = first_int(env, _LOCAL_RANK)
    port = first_int(env, ("MASTER_PORT",))
    secret = env.get(SECRET_ENV) or None
    if secret is not None and not (
        len(secret) <= _MAX_SECRET and secret.isascii() and secret.isprintable()
    ):
        raise UsageError(
            f"{SECRET_ENV} is not up to {_MAX_SECRET} printable ASCII characters",
            hint="python -c 'import secrets; print(secrets.token_hex(16))' makes one",
        )
    return Launch(
        rank=rank,
        world_size=world,
        local_rank=rank if local_rank is None else local_rank,
        local_world_size=first_int(env, _LOCAL_WORLD),
        master_addr=env.get("MASTER_ADDR") or "127.0.0.1",
        master_port=DEFAULT_MASTER_PORT if port is None else port,
        agent_store=env.get("TORCHELASTIC_USE_AGENT_STORE") == "True",
        run_id=env.get("TORCHELASTIC_RUN_ID") or env.get("SLURM_JOB_ID") or "hwdoctor",
        secret=secret,
        loopback=env.get(LOOPBACK_ENV) == "1",
    )
