"""A directory of evidence files, one per node of a cluster, read as one fleet.

Each file is anyone's, so each is read as `--from FILE` reads one: bounded, checked field by
field at the boundary, secrets masked. A thousand nodes are mostly a few configurations
told apart by what no diagnosis reads (the host name, free memory, GPU UUIDs, how long the
probe took), so the boundary and the record are built once per configuration, and each
node's own facts (checked by the same shapes) are set into a copy of it. What comes out is
the very record `gathering.load()` makes of that file (tests/test_fleet.py holds the two
equal on a generated fleet).

A configuration is known by a SHA-256 digest of its document, never by the document
itself, and the reader stops at MAX_FLEET_BYTES in all: memory follows what the records
keep, not what the files hold (`benchmarks/fleet_memory.py`, in `make bench`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from hwdoctor import files, redact
from hwdoctor.errors import UsageError
from hwdoctor.gather import evidence as gathering
from hwdoctor.gather.probe import boundary
from hwdoctor.model.facts import EVIDENCE_KIND, Evidence
from hwdoctor.model.fleet import Fleet, NodeEvidence
from hwdoctor.model.reports import UnreadableFile as Unreadable
from hwdoctor.text import valid_text

# A fleet directory holds one file per node (or per rank): more than this is not a fleet
# directory but a mistake (the root of a file system, a build tree).
MAX_FLEET_FILES: Final = 100_000
# What the reader reads of one fleet in all: 20 KiB for each of MAX_FLEET_FILES nodes (a
# node's evidence is 10 KiB on a CPU node, tests/data/fleet; about 14 KiB with eight GPUs,
# tests/fleetgen.py). A record keeps at most about what its file held, so this bounds the
# memory too; the files past it are named as not read (fleet.too_large), never a crash.
MAX_FLEET_BYTES: Final = 2 * 1024**3
SUFFIX: Final = ".json"
# Per node, what identical machines differ by and no check reads (tests/test_fleet.py
# diagnoses each file alone and compares): set into the configuration's shared record.
_HOST_OWN: Final[Mapping[str, boundary.Shape]] = {
    "hostname": boundary.LINE,
    "memory_available_bytes": boundary.Count(boundary.MAX_BYTES),
}
_DEVICE_OWN: Final[Mapping[str, boundary.Shape]] = {
    "uuid": boundary.TEXT,
    "free_memory_bytes": boundary.Count(boundary.MAX_BYTES),
}
_OWN: Final[Mapping[str, boundary.Shape]] = {"probe_seconds": boundary.Number(boundary.MAX_SECONDS)}
# The variables that name a job, a task or a node, which no check or decision table reads
# (those read the rank and world-size variables, which stay in the configuration).
_ENV_OWN: Final[Mapping[str, boundary.Shape]] = dict.fromkeys(
    ("SLURM_JOB_ID", "SLURM_JOBID", "SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID",
     "SLURM_TASK_PID", "SLURMD_NODENAME", "SLURM_NODEID", "SLURM_TOPOLOGY_ADDR",
     "SLURM_STEP_ID", "SLURM_STEPID", "SLURM_GTIDS", "SLURM_LAUNCH_NODE_IPADDR",
     "SLURM_SRUN_COMM_PORT", "SLURM_STEP_LAUNCHER_PORT", "TORCHELASTIC_RUN_ID",
     "MASTER_PORT"),
    boundary.TEXT,
)  # fmt: skip


def read(directory: str, *, byte_limit: int = MAX_FLEET_BYTES) -> Fleet:
    """Every `*.json` file directly in `directory` (hidden ones, such as a file another node
    is still writing, left out), by name, until they pass `byte_limit` bytes in all: the
    file that would pass it and those after it are not read. A directory without one, or
    with more than MAX_FLEET_FILES, is a usage error."""
    try:
        with os.scandir(directory) as entries:
            names = []
            for entry in entries:
                if entry.name.endswith(SUFFIX) and not entry.name.startswith("."):
                    names.append(entry.name)
                    if len(names) > MAX_FLEET_FILES:
                        raise UsageError(
                            f"--from {directory}: more than {MAX_FLEET_FILES:,} {SUFFIX} files",
                            hint="pass the directory the nodes wrote their evidence to",
                        )
    except OSError as exc:
        raise UsageError(f"--from {directory}: {exc.strerror or exc}") from None
    if not names:
        raise UsageError(
            f"--from {directory}: no evidence files ({SUFFIX}) in this directory",
            hint="each node writes one: hwdoctor detect --save-evidence "
            + shlex.quote(os.path.join(directory, "{host}.json")),
        )
    reader = _Reader(byte_limit)
    nodes: list[NodeEvidence] = []
    unreadable: list[Unreadable] = []
    not_read: list[str] = []
    for name in sorted(names):  # as the directory holds them: diagnosis shows them safely
        path = Path(directory, name)
        if not_read or not reader.fits(path):
            not_read.append(name)
            continue
        outcome = reader.node(path, name)
        if outcome is None:  # it grew past the bound between the look and the read
            not_read.append(name)
            continue
        (nodes if isinstance(outcome, NodeEvidence) else unreadable).append(outcome)  # type: ignore[arg-type]
    return Fleet(
        directory, tuple(nodes), tuple(unreadable), tuple(not_read), reader.bytes_read, byte_limit
    )


class _Reader:
    """Reads the files of one fleet, keeping each configuration's record once."""

    def __init__(self, byte_limit: int) -> None:
        self.byte_limit = byte_limit
        self.redactor = redact.Redactor.from_environment()
        # each configuration's record, by the digest of its document (`_digest`)
        self.configurations: dict[str, tuple[int, Evidence]] = {}
        self.count = 0  # configurations numbered so far
        self.bytes_read = 0

    def fits(self, path: Path) -> bool:
        """Whether reading `path` keeps the fleet within its bound (what cannot be looked
        at is read, to be named unreadable)."""
        try:
            size = os.stat(path).st_size
        except (OSError, ValueError):
            return True
        return self.bytes_read + min(size, gathering.MAX_EVIDENCE_BYTES + 1) <= self.byte_limit

    def node(self, path: Path, name: str) -> NodeEvidence | Unreadable | None:
        """The file read, or None when it would take the fleet past its bound."""
        text = files.read_small(path, gathering.MAX_EVIDENCE_BYTES)
        if text is None:
            limit = gathering.MAX_EVIDENCE_BYTES // (1024 * 1024)
            return Unreadable(name, f"not a readable regular file of at most {limit} MiB")
        if self.bytes_read + len(text) > self.byte_limit:
            return None
        self.bytes_read += len(text)
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            return Unreadable(name, "not JSON")
        if not isinstance(document, dict) or document.get("kind") != EVIDENCE_KIND:
            return Unreadable(name, "not a hwdoctor evidence file")
        shared, own = _split(document)
        del text  # the parsed document is what is read from here on
        try:
            key = _digest(shared)
        except (ValueError, TypeError, RecursionError):
            return Unreadable(name, "not JSON")
        try:
            known = self.configurations.get(key)
            if known is None:
                known = self.configurations[key] = (self._number(), _load(shared))
            number, evidence = known
            mine = self._own(evidence, own)
            if mine is None:  # its devices do not line up with the record: read it alone
                mine = _load(document)
                number = self._number()
        except (ValueError, TypeError, AttributeError, RecursionError) as exc:
            return Unreadable(name, str(exc)[:200])
        return NodeEvidence(name, mine, number)

    def _number(self) -> int:
        self.count += 1
        return self.count - 1

    def _own(self, evidence: Evidence, own: Mapping[str, Any]) -> Evidence | None:
        """`evidence` with this node's own facts, checked by the boundary's shapes."""
        host_own, host_problems = boundary.checked_facts(valid_text(own["host"]), _HOST_OWN)
        top, top_problems = boundary.checked_facts(valid_text(own["top"]), _OWN)
        problems = [*(f"host.{p}" for p in host_problems), *top_problems]
        host = evidence.host
        if host is not None and own["host"]:
            name = host_own.get("hostname")
            memory = host_own.get("memory_available_bytes")
            host = dataclasses.replace(
                host,
                hostname=self.redactor(str(name)) if name else "",
                memory_available_bytes=memory if isinstance(memory, int) else None,
            )
        backends = evidence.backends
        if backends is not None and own["devices"]:
            changed = dict(backends)
            for key, devices in own["devices"].items():
                facts = backends.get(key)
                if facts is None or len(facts.devices) != len(devices):
                    return None
                mine = []
                for device, values in zip(facts.devices, devices, strict=True):
                    checked, device_problems = boundary.checked_facts(
                        valid_text(values), _DEVICE_OWN
                    )
                    problems += [f"backends.{key}.devices.{p}" for p in device_problems]
                    uuid, free = checked.get("uuid"), checked.get("free_memory_bytes")
                    mine.append(dataclasses.replace(
                        device,
                        uuid=None if uuid is None else self.redactor(str(uuid)),
                        free_memory_bytes=free if isinstance(free, int) else None,
                    ))  # fmt: skip
                changed[key] = dataclasses.replace(facts, devices=tuple(mine))
            backends = changed
        environment = evidence.env
        if own["env"]:
            values, env_problems = boundary.checked_facts(valid_text(own["env"]), _ENV_OWN)
            problems += [f"env.{p}" for p in env_problems]
            mine_env = {name: self.redactor(str(value)) for name, value in values.items()
                        if value is not None}  # fmt: skip
            environment = {**(environment or {}), **mine_env}
        seconds = top.get("probe_seconds")
        return dataclasses.replace(
            evidence,
            host=host,
            backends=backends,
            env=environment,
            probe_seconds=round(float(seconds), 3)
            if isinstance(seconds, (int, float)) and not isinstance(seconds, bool)
            else 0.0,
            skipped=(
                *evidence.skipped,
                *(self.redactor(f"{p}; read as unknown") for p in problems),
            ),
        )


def _digest(document: Mapping[str, Any]) -> str:
    """A configuration's name: the SHA-256 of its document in one canonical JSON form. The
    text is made and dropped here; a 15 MiB file leaves 64 characters behind."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _load(document: Mapping[str, Any]) -> Evidence:
    """As `gathering.load()` reads a document: checked, then secrets masked."""
    return gathering.redacted(gathering.read_evidence(document))


def _split(document: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document without each node's own facts, and those facts."""
    shared = dict(document)
    own: dict[str, Any] = {"host": {}, "top": {}, "devices": {}, "env": {}}
    for name in _OWN:
        if name in shared:
            own["top"][name] = shared.pop(name)
    env = shared.get("env")
    if isinstance(env, dict):
        env = shared["env"] = dict(env)
        for name in _ENV_OWN:
            if name in env:
                own["env"][name] = env.pop(name)
    host = shared.get("host")
    if isinstance(host, dict):
        host = shared["host"] = dict(host)
        for name in _HOST_OWN:
            if name in host:
                own["host"][name] = host.pop(name)
    backends = shared.get("backends")
    if isinstance(backends, dict):
        shared["backends"] = backends = dict(backends)
        for key, facts in backends.items():
            devices = facts.get("devices") if isinstance(facts, dict) else None
            if isinstance(devices, list) and all(isinstance(d, dict) for d in devices):
                stripped = [dict(device) for device in devices]
                own["devices"][key] = [
                    {name: device.pop(name) for name in _DEVICE_OWN if name in device}
                    for device in stripped
                ]
                backends[key] = {**facts, "devices": stripped}
    return shared, own
