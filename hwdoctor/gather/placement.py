"""Where hwdoctor runs and what it may open: container, WSL2, device-node permissions, /dev/shm.

Read under the host root (HWDOCTOR_HOST_ROOT in tests) without torch. Nothing here opens a
device: permission is asked with access(2) for the effective user, which has no side
effects on a driver.

Container detection follows systemd's `detect_container()` (systemd src/basic/virt.c,
https://github.com/systemd/systemd/blob/main/src/basic/virt.c): the `container=`
variable of PID 1, `/run/.containerenv` (podman, also documented in podman-run(1)),
`/.dockerenv` (Docker), `/run/systemd/container`; and Kubernetes' service variables
(https://kubernetes.io/docs/concepts/services-networking/service/#environment-variables).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

from hwdoctor import files, registry
from hwdoctor.model.facts import NodeAccess, Placement

_READ_LIMIT: Final = 64 * 1024
_SHOWN_NODES: Final = 16  # a host with many device nodes: the first ones tell the story


def scan(
    root: Path,
    backends: Sequence[registry.Backend] = registry.BACKENDS,
    env: Mapping[str, str] = os.environ,
) -> Placement:
    """What the host scan adds about the place hwdoctor runs in; never raises."""
    return Placement(
        container=_container(root, env),
        wsl=(root / "dev" / "dxg").exists(),
        shm_bytes=_shm_bytes(root),
        nodes=tuple(_nodes(root, backends)),
        groups=_my_groups(),
        nvidia_visible_devices=env.get("NVIDIA_VISIBLE_DEVICES"),
    )


def _container(root: Path, env: Mapping[str, str]) -> str | None:
    """The container manager's name ("docker", "podman", "kubernetes", ...), or None."""
    name = _pid1_container(root)
    if name:
        return name
    if (root / "run" / ".containerenv").exists():
        return "podman"
    if (root / ".dockerenv").exists():
        return "docker"
    marker = _read_small(root / "run" / "systemd" / "container")
    if marker:
        return marker.strip() or "container"
    if env.get("KUBERNETES_SERVICE_HOST"):
        return "kubernetes"
    return None


def _pid1_container(root: Path) -> str | None:
    raw = _read_small(root / "proc" / "1" / "environ")
    if not raw:
        return None
    for entry in raw.split("\0"):
        if entry.startswith("container="):
            return entry.partition("=")[2].strip() or None
    return None


def _read_small(path: Path) -> str | None:
    """A small regular file's text; a FIFO or a device planted there is never opened."""
    return files.read_small(path, _READ_LIMIT)


def _shm_bytes(root: Path) -> int | None:
    try:
        found = os.statvfs(root / "dev" / "shm")
    except (OSError, ValueError):
        return None
    return found.f_blocks * found.f_frsize


def _nodes(root: Path, backends: Sequence[registry.Backend]) -> Iterable[NodeAccess]:
    dev = root / "dev"
    seen: set[Path] = set()
    for backend in backends:
        for pattern in (*backend.device_nodes, *backend.access_nodes):
            try:
                paths = sorted(dev.glob(pattern))
            except OSError:
                continue
            for path in paths[:_SHOWN_NODES]:
                if path in seen:
                    continue
                seen.add(path)
                access = _access(path)
                if access is not None:
                    yield NodeAccess(
                        backend=backend.key,
                        path="/" + str(path.relative_to(root)),
                        openable=access[0],
                        group=access[1],
                        group_can=access[2],
                    )


def _group_name(gid: int) -> str:
    try:
        import grp  # POSIX only
    except ImportError:
        return str(gid)
    try:
        return grp.getgrgid(gid).gr_name
    except (KeyError, OverflowError):
        return str(gid)


def _access(path: Path) -> tuple[bool, str | None, bool] | None:
    """(openable for reading and writing by this user, the node's group, whether that
    group may read and write it); None when the path cannot be looked at."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    try:
        openable = os.access(
            path, os.R_OK | os.W_OK, effective_ids=os.access in os.supports_effective_ids
        )
    except (OSError, ValueError):
        openable = False
    group = _group_name(info.st_gid)
    group_can = bool(info.st_mode & stat.S_IRGRP and info.st_mode & stat.S_IWGRP)
    return openable, group, group_can


def _my_groups() -> tuple[str, ...]:
    if not hasattr(os, "getgroups"):
        return ()
    return tuple(_group_name(gid) for gid in sorted({os.getegid(), *os.getgroups()}))
