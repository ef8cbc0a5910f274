"""What the target process has loaded, and who installed it (stdlib only, Python 3.8+).

Pure functions, no work at import: the runner puts this text before the detect payload, and
tests and benchmarks import it as a module. `loaded_libraries` reads the process's own
/proc/self/maps (bounded in bytes and lines), keeps the files whose base name matches a
family of the job's table (hwdoctor/compat/libraries.py), and says who owns each: the
pip distribution whose RECORD lists it, the conda package whose conda-meta record lists
it, else where the dynamic linker was sent (LD_PRELOAD, LD_LIBRARY_PATH) or the system.
"""

import os
import re
import sys

# One mapping a line: "address perms offset dev inode   pathname". A path is kept when it
# holds ".so"; the five fields before it have no spaces (proc(5), /proc/pid/maps).
_MAPPED = re.compile(rb"(?m)^\S+ \S+ \S+ \S+ \S+ +(/[^\n]*\.so[^\n]*)$")
_CONDA_FILE = re.compile(r"^(?P<name>.+)-(?P<version>[^-]+)-(?P<build>[^-]+)\.json$")


def family_matcher(families):
    """One regular expression for every family, whole base name; group name = family."""
    parts = []
    for index, (_, pattern) in enumerate(families):
        parts.append("(?P<f%d>%s)" % (index, pattern))
    combined = re.compile("^(?:%s)$" % "|".join(parts))
    names = [name for name, _ in families]

    def match(base):
        found = combined.match(base)
        if found is None:
            return None
        return names[int(found.lastgroup[1:])]

    return match


def read_maps(path, limits):
    """The mapped files of `path` (a maps file) whose names hold ".so": (readable, lines,
    truncated, paths in first-mapped order)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limits["maps_bytes"] + 1)
    except OSError:
        return False, 0, False, []
    truncated = len(data) > limits["maps_bytes"]
    data = data[: limits["maps_bytes"]]
    lines = data.count(b"\n")
    if lines > limits["maps_lines"]:
        cut = -1
        for _ in range(limits["maps_lines"]):
            cut = data.find(b"\n", cut + 1)
        data, lines, truncated = data[: cut + 1], limits["maps_lines"], True
    seen = {}
    for raw in _MAPPED.findall(data):
        text = raw.decode("utf-8", "surrogateescape").rstrip()
        if text.endswith(" (deleted)"):
            text = text[: -len(" (deleted)")]
        seen.setdefault(text, None)
    return True, lines, truncated, list(seen)


def _site_dirs():
    found = []
    for entry in sys.path:
        if entry and os.path.isdir(entry) and entry not in found:
            found.append(entry)
    return found


def _normalized(name):
    return re.sub(r"[-_.]+", "_", name).lower()


def _dist_infos(prefixes):
    """(site dir, dist-info name, normalised dist name, version) of the distributions whose
    name starts with one of `prefixes`, found by their directory names alone."""
    found = []
    for site in _site_dirs():
        try:
            names = os.listdir(site)
        except OSError:
            continue
        for name in names:
            if not name.endswith(".dist-info"):
                continue
            stem = name[: -len(".dist-info")]
            dist, _, version = stem.partition("-")
            normal = _normalized(dist)
            if normal.startswith(tuple(prefixes)):
                found.append((site, name, normal, version or None))
    return found


def _read(path, limit):
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except OSError:
        return b""


def recorded_libraries(record):
    """The paths of a RECORD (PEP 376 / the wheel spec's RECORD: a CSV file of "path,hash,
    size" lines) that hold ".so", in order: each line's text before its first comma. Found
    from the occurrences of ".so" alone, so a RECORD of many thousand lines (torch's is
    1.4 MB, a dozen of them shared libraries) costs a few searches of the bytes, where a
    pattern tried at the start of every line cost 50 ms of the probe's time."""
    found = []
    position = 0
    while True:
        hit = record.find(b".so", position)
        if hit < 0:
            return found
        start = record.rfind(b"\n", 0, hit) + 1
        end = record.find(b"\n", hit)
        end = len(record) if end < 0 else end
        comma = record.find(b",", start, end)
        if comma >= hit + 3:  # the line's first ".so" lies before its first comma
            found.append(record[start:comma])
        position = end + 1


def wheel_copies(match, prefixes, limits):
    """Every file of a family that a matching distribution's RECORD lists, with the
    distribution (its name as its dist-info directory spells it) and its installer."""
    copies = []
    managed = []
    budget = limits["records_bytes"]
    for site, info, normal, version in _dist_infos(prefixes):
        installer = _read(os.path.join(site, info, "INSTALLER"), 256).decode("utf-8", "replace")
        managed.append(
            {
                "name": normal.replace("_", "-"),
                "version": version,
                "manager": "conda" if installer.strip() == "conda" else "pip",
            }
        )
        if budget <= 0:
            continue
        record = _read(os.path.join(site, info, "RECORD"), min(limits["record_bytes"], budget))
        budget -= len(record)
        for raw in recorded_libraries(record):
            relative = raw.decode("utf-8", "surrogateescape")
            family = match(relative.rsplit("/", 1)[-1])
            if family and len(copies) < limits["libraries"]:
                path = os.path.normpath(os.path.join(site, relative))
                copies.append(
                    {"family": family, "path": path, "dist": normal.replace("_", "-"),
                     "version": version}
                )  # fmt: skip
    return copies, managed


def conda_packages(names, limits):
    """The conda packages of this environment that provide torch or its CUDA libraries,
    from conda-meta's file names alone (`<name>-<version>-<build>.json`)."""
    meta = os.path.join(sys.prefix, "conda-meta")
    try:
        files = sorted(os.listdir(meta))[: limits["conda_files"]]
    except OSError:
        return []
    found = []
    for name in files:
        parsed = _CONDA_FILE.match(name)
        if parsed and parsed.group("name") in names:
            found.append(
                {"name": parsed.group("name"), "version": parsed.group("version"),
                 "manager": "conda", "file": name}
            )  # fmt: skip
    return found


def _conda_owner(path, packages):
    """The conda package whose record lists `path` (relative to the prefix)."""
    prefix = os.path.join(sys.prefix, "")
    if not path.startswith(prefix):
        return None
    relative = path[len(prefix) :].encode("utf-8", "surrogateescape")
    for package in packages:
        text = _read(os.path.join(sys.prefix, "conda-meta", package["file"]), 32 << 20)
        if b'"' + relative + b'"' in text:
            return package
    return None


def _variable(name):
    value = os.environ.get(name) or ""
    parts = re.split(r"[:\s]+", value) if name == "LD_PRELOAD" else value.split(":")
    return [part for part in parts if part]


def _under(path, directories):
    for directory in directories:
        base = os.path.join(os.path.normpath(directory), "")
        if path.startswith(base) and "/" not in path[len(base) :]:
            return directory
    return None


def loaded_libraries(job, maps="/proc/self/maps"):
    """The loaded libraries of the job's families, each with its owner, the wheel copies
    of those families, and which package manager installed torch's stack."""
    table = job["libraries"]
    limits = table["limits"]
    match = family_matcher(table["families"])
    readable, lines, truncated, paths = read_maps(maps, limits)
    loaded = []
    for path in paths:
        family = match(path.rsplit("/", 1)[-1])
        if family and len(loaded) < limits["libraries"]:
            loaded.append({"family": family, "path": path})
    facts = {"maps_read": readable, "maps_lines": lines, "truncated": truncated}
    copies, managed = wheel_copies(match, table["wheel_prefixes"], limits)
    conda = conda_packages(set(table["conda_names"]), limits)
    preload = _variable("LD_PRELOAD")
    library_path = _variable("LD_LIBRARY_PATH")
    by_path = {}
    for copy in copies:
        by_path.setdefault(copy["path"], copy)
    for entry in loaded:
        path = entry["path"]
        real = os.path.realpath(path)
        owner = by_path.get(path) or by_path.get(real)
        if owner is not None:
            entry.update(origin="pip", owner=owner["dist"], owner_version=owner["version"])
            continue
        package = _conda_owner(path, conda) if conda else None
        if package is not None:
            entry.update(origin="conda", owner=package["name"], owner_version=package["version"])
        elif path in preload or os.path.basename(path) in preload or real in preload:
            entry.update(origin="ld_preload", via=path)
        elif _under(path, library_path):
            entry.update(origin="ld_library_path", via=_under(path, library_path))
        else:
            entry.update(origin="system")
    facts.update(
        loaded=loaded,
        wheel_copies=copies,
        managed=managed + [{k: v for k, v in c.items() if k != "file"} for c in conda],
        ld_preload=preload[:64],
        ld_library_path=library_path[:64],
    )
    return facts


def torch_builds(torch):
    """What torch was built against that a loaded library must match: cuDNN's compile-time
    and run-time versions (torch._C._cudnn, which torch/backends/cudnn/__init__.py
    compares in _init)."""
    cudnn = getattr(getattr(torch, "_C", None), "_cudnn", None)
    if cudnn is None:
        return {}
    facts = {}
    for key, name in (
        ("cudnn_compiled", "getCompileVersion"),
        ("cudnn_runtime", "getRuntimeVersion"),
    ):
        getter = getattr(cudnn, name, None)
        try:
            value = getter() if getter is not None else None
        except Exception:
            value = None
        if isinstance(value, tuple) and all(isinstance(part, int) for part in value):
            facts[key] = ".".join(str(part) for part in value)
    return facts


# TheRock's distributions (build_tools/packaging/python/templates/rocm/src/rocm_sdk/
# _dist_info.py): the meta package `rocm`, `rocm-sdk-core`, `rocm-sdk-libraries-<family>`,
# `rocm-sdk-devel` and, in per-architecture ("kpack") builds, `rocm-sdk-device-<gfx>`.
_ROCM_PREFIXES = ("rocm",)
_ROCM_NAME = re.compile(r"^rocm(?:_sdk(?:_[a-z0-9_]+)?)?$")


def rocm_wheel_facts(torch_metadata):
    """TheRock's ROCm wheels installed here (names and versions from their dist-info
    directories), and torch's own extras and its requirements on them (METADATA)."""
    dists = []
    for _, _, normal, version in _dist_infos(_ROCM_PREFIXES):
        if _ROCM_NAME.match(normal):
            dists.append({"name": normal.replace("_", "-"), "version": version})
    facts = {"dists": sorted(dists, key=lambda d: d["name"])[:64]}
    if torch_metadata is not None:
        extras = torch_metadata.get_all("Provides-Extra") or []
        requires = torch_metadata.get_all("Requires-Dist") or []
        facts["torch_extras"] = [str(e) for e in extras if str(e).startswith("device-")][:256]
        facts["torch_requires"] = [
            str(r) for r in requires if re.match(r"^\s*(rocm|rocm-sdk)[\s\[<>=!~;(]", str(r))
        ][:64]
    return facts
