"""A Hugging Face Hub stand-in on loopback: serves model directories under the Hub's file
URLs (`/{repo}/resolve/{revision}/{file}`), HEAD and GET, with byte ranges, and records
every request, so a test can see what huggingface_hub asked for and how much it was sent.

It answers as the Hub does where huggingface_hub looks: `X-Repo-Commit` and `ETag` on every
file, `X-Error-Code: EntryNotFound` with a 404 for a file the repository does not have.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

COMMIT = "0123456789abcdef0123456789abcdef01234567"
_RESOLVE = re.compile(r"^/(?P<repo>[^/]+/[^/]+)/resolve/(?P<revision>[^/]+)/(?P<file>.+)$")
_RANGE = re.compile(r"bytes=(\d+)-(\d*)")


@dataclass
class Request:
    method: str
    path: str
    range: str | None
    sent: int  # body bytes sent


@dataclass
class FakeHub:
    repos: dict[str, Path]
    endpoint: str = ""
    requests: list[Request] = field(default_factory=list)

    def sent_for(self, suffix: str) -> list[Request]:
        return [r for r in self.requests if r.method == "GET" and r.path.endswith(suffix)]


class _Handler(http.server.BaseHTTPRequestHandler):
    def _answer(self, body: bool) -> None:
        hub: FakeHub = self.server.hub  # type: ignore[attr-defined]
        wanted = self.headers.get("Range")
        match = _RESOLVE.match(self.path.split("?")[0])
        folder = hub.repos.get(match["repo"]) if match else None
        path = folder / match["file"] if match and folder else None
        if path is None or not path.is_file():
            self.send_response(404)
            self.send_header("X-Error-Code", "EntryNotFound" if folder else "RepoNotFound")
            self.send_header("Content-Length", "0")
            self.end_headers()
            hub.requests.append(Request(self.command, self.path, wanted, 0))
            return
        data = path.read_bytes()
        status, start, end = 200, 0, len(data)
        ranged = _RANGE.match(wanted or "")
        if ranged:
            status, start = 206, int(ranged[1])
            end = min(len(data), int(ranged[2]) + 1 if ranged[2] else len(data))
        chunk = data[start:end]
        self.send_response(status)
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("ETag", f'"{hashlib.sha256(data).hexdigest()}"')
        self.send_header("Content-Length", str(len(chunk)))
        if ranged:
            self.send_header("Content-Range", f"bytes {start}-{end - 1}/{len(data)}")
        self.end_headers()
        if body:
            self.wfile.write(chunk)
        hub.requests.append(Request(self.command, self.path, wanted, len(chunk) if body else 0))

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def do_GET(self) -> None:
        self._answer(body=True)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serving(repos: dict[str, Path]) -> Iterator[FakeHub]:
    """The stand-in Hub serving `repos` (id -> directory) until the block ends."""
    hub = FakeHub(repos)
    server: Any = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.hub = hub
    hub.endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield hub
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
