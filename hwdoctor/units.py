"""Units as people read them in device listings and reports."""

from __future__ import annotations


def human_bytes(count: int | None) -> str:
    """1024-based sizes as people read them in device listings: 80 GiB, 512 MiB."""
    if count is None or count < 0:
        return ""
    size = float(count)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if size >= 10 or unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{count} B"
