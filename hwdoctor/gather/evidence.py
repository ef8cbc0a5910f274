"""One live examination: the host scan in this process while the probe runs in the target,
joined into one `Evidence` record, secrets masked field by field before anyone reads it.

The record is the same one `--save-evidence` writes and `--from` reads back, so a live run
and its replay diagnose the very same facts. The host scan, the probe, the redactor and the
file writer are imported where they are used: `--from` a paste reads its bytes here and
needs none of them.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import platform
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hwdoctor import registry
from hwdoctor.compat import drivers
from hwdoctor.errors import UsageError
from hwdoctor.model.facts import EVIDENCE_KIND, Evidence, Source
from hwdoctor.project import __version__
from hwdoctor.text import valid_text

if TYPE_CHECKING:
    from hwdoctor.gather.probe.runner import Started

# An evidence file is a few hundred KiB at most (tracebacks and output tails included).
MAX_EVIDENCE_BYTES: Final = 16 * 1024 * 1024


def gather(
    target: str,
    timeout_s: float,
    started: Started | None = None,
    *,
    extra_dists: Sequence[str] = (),
) -> Evidence:
    """Scan this host and probe `target` concurrently; the evidence, redacted."""
    import concurrent.futures

    from hwdoctor import redact
    from hwdoctor.gather import host
    from hwdoctor.gather.probe import collector

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        scan = pool.submit(host.scan, registry.BACKENDS)
        result = collector.collect(target, timeout_s, started=started, extra_dists=extra_dists)
        host_facts, tool_problems = scan.result()
    visibility = [n for b in registry.BACKENDS for n in (*b.visibility_env, *b.container_env)]
    evidence = Evidence(
        source=Source("hwdoctor", __version__),
        python=result.python_info(),
        packages=result.packages(),
        torch=result.torch_info(),
        backends={
            **{b.key: result.backend_facts(b) for b in registry.BACKENDS},
            **result.unregistered_facts(),
        },
        host=host_facts,
        tool_problems=tool_problems,
        failures=result.failures(),
        entry_points=result.entry_points(),
        env=redact.relevant_environment(valid_text(dict(os.environ)), visibility),
        libraries=result.libraries(),
        timeout_s=timeout_s,
        autoload_disabled=result.autoload_disabled,
        probe_seconds=result.seconds,
    )
    return redacted(evidence)


def redacted(evidence: Evidence) -> Evidence:
    """`evidence` with every string scrubbed of secrets, as it would be saved."""
    from hwdoctor import redact

    redactor = redact.Redactor.from_environment()
    clean = redact.scrub(evidence.to_json(), redactor)
    skipped = tuple(redactor(line) for line in evidence.skipped)
    return dataclasses.replace(Evidence.from_json(clean, source=evidence.source), skipped=skipped)


@dataclass(frozen=True)
class Saved:
    """An evidence file written, and what to say of it: `caveat`, why it proves less than it
    should (its directory lets anyone replace it), with `hint`, what to do."""

    path: str
    caveat: str | None = None
    hint: str | None = None


class NotSaved(UsageError):
    """The evidence file could not be written. Where the command goes on, a warning: the
    preflight's verdict stands whether or not its evidence was kept; elsewhere a usage
    error (exit 2)."""

    def __init__(self, path: str, why: str, hint: str) -> None:
        super().__init__(f"--save-evidence {path}: {why}", hint=hint)
        self.path = path
        self.why = why


def save(evidence: Evidence, path: str, *, rank: int = 0) -> Saved:
    """Write the evidence file, whole or not at all, mode 0600, and say where. `path`
    may hold `{host}` (this machine's name) and `{rank}` (the process's rank in its job, 0
    alone), so the nodes of a cluster each write their own file into one shared directory;
    missing directories are made (0700). A path that cannot be written safely raises
    `NotSaved` (files.write_whole says which)."""
    from hwdoctor import files

    host = (evidence.host.hostname if evidence.host else "") or platform.node()
    target = files.expand(path, {"host": host, "rank": rank})
    text = json.dumps(evidence.to_json(), sort_keys=True, indent=2, ensure_ascii=False)
    try:
        caveat = files.write_whole(target, text + "\n")
    except OSError as exc:
        raise NotSaved(target, exc.strerror or str(exc), _what_to_do(exc)) from None
    return Saved(target, caveat, _SHARED_HINT if caveat else None)


_SHARED_HINT: Final = "save it in a directory only its owner can write, or a sticky one (1777)"


def _what_to_do(exc: OSError) -> str:
    if isinstance(exc, (FileExistsError, IsADirectoryError)):  # something else at the name
        return "remove what stands there, or pass the path of a new file"
    if exc.errno == errno.EPERM:  # a symbolic link of another user's on the way
        return "name the directory itself, not a link another user made to it"
    return "pass a path in a directory you can write"


def read_input(path: str) -> tuple[bytes, int | None]:
    """The first bytes of `path` (`-`: standard input), enough for any evidence file or
    report, and its whole size; None for the size of standard input when it holds more
    than that, which is never read to its end (`yes | hwdoctor detect --from -` has none).
    An unreadable path is a usage error."""
    import sys

    where = "standard input" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None or sys.stdin.closed:  # `<&-`: Python gives no stdin at all
                raise UsageError(
                    "--from -: standard input is closed",
                    hint="pipe a report into it, or pass a file",
                )
            head = sys.stdin.buffer.read(MAX_EVIDENCE_BYTES + 1)
            return head, None if len(head) > MAX_EVIDENCE_BYTES else len(head)
        with open(path, "rb") as handle:
            head = handle.read(MAX_EVIDENCE_BYTES + 1)
            return head, max(len(head), os.fstat(handle.fileno()).st_size)
    except IsADirectoryError:
        raise UsageError(f"--from {where}: a directory, not a file") from None
    except OSError as exc:
        raise UsageError(f"--from {where}: {exc.strerror or exc}") from None


def is_evidence(raw: bytes) -> bool:
    """Whether the input is JSON (an evidence file, or something that claims to be one)
    rather than a report's text."""
    return raw.lstrip()[:1] == b"{"


def evidence_document(raw: bytes) -> dict[str, object] | None:
    """The JSON object of an evidence document (its `kind` says so), or None for anything
    else: not JSON, JSON of another kind, or text that only opens with JSON."""
    if len(raw) > MAX_EVIDENCE_BYTES or not is_evidence(raw):
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("kind") == EVIDENCE_KIND else None


def load(path: str, raw: bytes | None = None, document: object = None) -> Evidence:
    """Read an evidence file (`-`: standard input); anything else is a usage error.
    `document`: its JSON, when the caller has parsed it already."""
    where = "standard input" if path == "-" else path
    if raw is None:
        raw, _ = read_input(path)
    if len(raw) > MAX_EVIDENCE_BYTES:
        raise UsageError(
            f"--from {where}: larger than {MAX_EVIDENCE_BYTES // (1024 * 1024)} MiB, not an "
            "evidence file"
        )
    hint = "pass a file written by `hwdoctor detect --save-evidence FILE`"
    if not is_evidence(raw):
        raise UsageError(
            f"--from {where}: not an evidence file",
            hint="a pasted report (collect_env, nvidia-smi, an issue body) is read by "
            "`hwdoctor detect --from` and `hwdoctor explain --from` without a device; this "
            "command needs a file written by --save-evidence",
        )
    try:
        data = document if document is not None else json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise UsageError(f"--from {where}: not JSON", hint=hint) from None
    try:
        evidence = read_evidence(data)
    except (ValueError, TypeError, AttributeError, RecursionError) as exc:
        raise UsageError(f"--from {where}: {exc}", hint=hint) from None
    return redacted(evidence)


def read_evidence(data: object) -> Evidence:
    """An evidence document from a file, checked field by field at the boundary: text made
    printable (a file's bidi overrides and escape sequences never reach a terminal), and
    every value that does not fit its shape or grammar left unknown, with a line saying so
    (`Evidence.skipped`). Raises `ValueError` when it is not an evidence document."""
    if not isinstance(data, dict) or data.get("kind") != EVIDENCE_KIND:
        raise ValueError("not a hwdoctor evidence file")
    from hwdoctor.gather.probe import boundary

    checked, problems = boundary.checked_facts(valid_text(data), boundary.EVIDENCE)
    evidence = _driver_words_read(Evidence.from_json(checked))
    return dataclasses.replace(evidence, skipped=tuple(f"{p}; read as unknown" for p in problems))


def _driver_words_read(evidence: Evidence) -> Evidence:
    """A file written before evidence format 1.4 kept torch's word on the driver only in the
    text of an error: read it as the probe now does (collector `_driver_said`)."""
    backends = dict(evidence.backends or {})
    texts = [f.error.message for f in evidence.failures or () if f.error is not None]
    for backend in registry.BACKENDS:
        facts = backends.get(backend.key)
        if facts is None or facts.driver_said is not None:
            continue
        if backend.query.build is not registry.Build.CUDA:
            continue
        query = [facts.query_error.message] if facts.query_error else []
        said = next(filter(None, map(drivers.driver_said, [*query, *texts])), None)
        if said is not None:
            backends[backend.key] = dataclasses.replace(facts, driver_said=said)
    return dataclasses.replace(evidence, backends=backends) if evidence.backends else evidence
