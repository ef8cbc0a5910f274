"""issue 38 (s16-models): which transformers release first knows each model type, read from the
releases themselves: `make refresh` runs it beside tools/refresh.py.

transformers reads a checkpoint's config.json and looks its "model_type" up in AutoConfig's
table (transformers/models/auto/configuration_auto.py, AutoConfig.from_pretrained:
`CONFIG_MAPPING[config_dict["model_type"]]`); a release without the model type raises KeyError
and then "The checkpoint you are trying to load has model type `X` but Transformers does not
recognize this architecture". That table is `CONFIG_MAPPING_NAMES` (model type -> config class
name, since 4.10) or, before it, `CONFIG_MAPPING` (model type -> the config class itself); from
5.6 configuration_auto.py imports it from the generated models/auto/auto_mappings.py and adds
a few entries (`CONFIG_MAPPING_NAMES.update({...})`, "gpt-sw3").

For each final release of transformers on PyPI (4.0.0 on, yanked ones too: PyPI's JSON API
lists them, pip's index listing does not), this tool downloads its wheel alone (`pip download
--no-deps`; nothing is installed or imported), reads those files from it, takes the model
types of the table (the first string of each pair, each key of a dict), and deletes the
wheel. It writes the generated table hwdoctor/compat/model_types_table.txt: the date, every
release read, the yanked ones, and per model type the first release that has it (and, for a
type a later release dropped, the first release without it again).

    python tools/model_types.py             # the releases the table has not read, added
    python tools/model_types.py --all       # every release from 4.0.0 again

This tool reads PyPI's JSON API over HTTPS (urllib) and downloads with pip, from the
configured package index; nothing else talks to the network.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's hwdoctor, before any installed one

from hwdoctor import versions
from hwdoctor.compat import transformers_modules

TABLE: Final = transformers_modules.MODEL_TYPES_FILE
SOURCE: Final = "transformers/models/auto/configuration_auto.py"
# from 5.6 the table itself is generated into this module, which configuration_auto.py imports
MAPPINGS: Final = "transformers/models/auto/auto_mappings.py"
FIRST_READ: Final = "4.0.0"
API: Final = "https://pypi.org/pypi/transformers/json"
# the table's name before 4.10 (CONFIG_MAPPING of config classes) and since
TABLE_NAMES: Final = ("CONFIG_MAPPING_NAMES", "CONFIG_MAPPING")


def pip(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CONSTRAINT": os.devnull}
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True,
                          env=env, check=False, timeout=600)  # fmt: skip


def listed_releases() -> tuple[list[str], set[str]]:
    """The final releases of transformers on PyPI from 4.0.0, oldest first, and which of them
    are yanked. PyPI's JSON API (https://docs.pypi.org/api/json/: `releases` maps each version
    to its files, each with `yanked`): `pip index versions` leaves yanked releases out, and
    some first carried a model (4.57.0, yanked for its setup, is the first with qwen3_vl;
    4.52.0 the first with qwen2_5_omni), and whoever installed one has it still."""
    with urllib.request.urlopen(API, timeout=60) as answer:
        files = json.load(answer)["releases"]
    kept = [
        v for v, found in files.items()
        if found and (parsed := versions.parse(v)) is not None and not parsed.is_prerelease
        and versions.satisfies(v, f">={FIRST_READ}")
    ]  # fmt: skip
    yanked = {v for v in kept if all(f.get("yanked") for f in files[v])}
    return sorted(kept, key=lambda v: versions.parse(v) or 0), yanked


def _pairs(value: ast.expr) -> list[str]:
    """The model types in a table's expression: the first string of each pair (a tuple of a
    list) and each string key of a dict literal (`OrderedDict(**{"gpt-sw3": …})`)."""
    found: list[str] = []
    for item in ast.walk(value):
        if (
            isinstance(item, ast.Tuple) and len(item.elts) == 2
            and isinstance(item.elts[0], ast.Constant) and isinstance(item.elts[0].value, str)
        ):  # fmt: skip
            found.append(item.elts[0].value)
        elif isinstance(item, ast.Dict):
            found += [k.value for k in item.keys
                      if isinstance(k, ast.Constant) and isinstance(k.value, str)]  # fmt: skip
    return found


def model_types(sources: Sequence[str]) -> list[str]:
    """The model types of AutoConfig's table in the sources (configuration_auto.py, and from
    5.6 the generated auto_mappings.py it imports the table from): what is assigned to
    CONFIG_MAPPING_NAMES (before 4.10 CONFIG_MAPPING) and what `CONFIG_MAPPING_NAMES.update`
    adds."""
    for name in TABLE_NAMES:
        found: list[str] = []
        for source in sources:
            for node in ast.parse(source).body:
                if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in node.targets
                ):
                    found += _pairs(node.value)
                elif (
                    isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Attribute)
                    and node.value.func.attr == "update"
                    and isinstance(node.value.func.value, ast.Name)
                    and node.value.func.value.id == name
                ):  # fmt: skip
                    for argument in node.value.args:
                        found += _pairs(argument)
        if found:
            return list(dict.fromkeys(found))
    return []


def read_release(release: str) -> list[str] | None:
    """The model types of one release's wheel; None when it cannot be downloaded or read."""
    with tempfile.TemporaryDirectory(prefix="hwdoctor-model-types-") as work:
        done = pip("download", "--no-deps", "--only-binary", ":all:", "--quiet", "--dest",
                   work, f"transformers=={release}")  # fmt: skip
        wheels = sorted(Path(work).glob(f"transformers-{release}-*.whl"))
        if not wheels:
            print(f"  {release}: could not download: {done.stderr.strip()[-200:]}")
            return None
        with zipfile.ZipFile(wheels[0]) as archive:
            present = set(archive.namelist())
            if SOURCE not in present:
                print(f"  {release}: the wheel has no {SOURCE}")
                return None
            sources = [archive.read(p).decode("utf-8") for p in (SOURCE, MAPPINGS) if p in present]
    found = model_types(sources)
    return found or None


def write(read: dict[str, list[str]], yanked: set[str], today: str) -> None:
    """The table, written where hwdoctor reads it (compat/transformers_modules.py)."""
    TABLE.write_text(render(read, yanked, today), encoding="utf-8")
    order = sorted(read, key=lambda v: versions.parse(v) or 0)
    print(f"{TABLE.relative_to(ROOT)}: {len(render_rows(read))} model types from {len(order)} "
          f"releases ({order[0]} to {order[-1]}, {today})")  # fmt: skip


def render_rows(read: dict[str, list[str]]) -> list[str]:
    """One row per model type, sorted: its first release, and the first without it again
    where a later release dropped it."""
    order = sorted(read, key=lambda v: versions.parse(v) or 0)
    newest = order[-1]
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    for release in order:
        for model_type in read[release]:
            first.setdefault(model_type, release)
            last[model_type] = release
    rows = []
    for model_type in sorted(first):
        gone = ""
        if last[model_type] != newest:
            gone = " " + order[order.index(last[model_type]) + 1]
        rows.append(f"{model_type} {first[model_type]}{gone}")
    return rows


def render(read: dict[str, list[str]], yanked: set[str], today: str) -> str:
    """The table's text: the header, the date, the releases read and the yanked ones, rows."""
    order = sorted(read, key=lambda v: versions.parse(v) or 0)
    header = [
        "# GENERATED by tools/model_types.py from transformers' wheels on PyPI: the model types",
        "# of AutoConfig's table (CONFIG_MAPPING_NAMES in models/auto/configuration_auto.py, from",
        "# 5.6 in auto_mappings.py beside it; CONFIG_MAPPING before 4.10). Do not edit: run",
        "# `make refresh` (or `python tools/model_types.py`). `read` the date; `releases` every",
        "# release read, oldest first; `yanked` those PyPI has yanked; then one row per model",
        "# type: the first release that has it and, for a type a later release dropped, the",
        "# first release without it.",
        f"read {today}",
        "releases " + " ".join(order),
        "yanked " + " ".join(v for v in order if v in yanked),
    ]
    return "\n".join([*header, *render_rows(read)]) + "\n"


def previous() -> dict[str, list[str]]:
    """What the table holds, as the model types of each release read (rebuilt from its rows)."""
    table = transformers_modules.model_types_table(TABLE.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {release: [] for release in table.releases}
    for model_type, (first, gone) in table.first.items():
        for release in table.releases:
            if versions.satisfies(release, f">={first}") and (
                gone is None or versions.satisfies(release, f"<{gone}")
            ):
                out[release].append(model_type)
    return out


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="read every release from 4.0.0")
    args = parser.parse_args(argv)
    read = {} if args.all or not TABLE.exists() else previous()
    listed, yanked = listed_releases()
    wanted = [v for v in listed if v not in read]
    if not wanted:
        print(f"{TABLE.relative_to(ROOT)}: every release on PyPI is read already")
        return 0
    failed = []
    for release in wanted:
        found = read_release(release)
        if found is None:
            failed.append(release)
            continue
        read[release] = found
        print(f"  {release}: {len(found)} model types")
    if not read:
        print("model_types: no release could be read; the table is left as it was",
              file=sys.stderr)  # fmt: skip
        return 1
    write(read, yanked, datetime.date.today().isoformat())
    if failed:
        print(f"model_types: not read: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
