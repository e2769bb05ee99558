"""Whether this LitLens may write a database, and why not, for a reader that must say so before it tries
(the window turns off what would write and tells the reviewer why)."""

from __future__ import annotations

from pathlib import Path


def read_only_reason(path: str | Path) -> str:
    """Why the database at ``path`` is read-only for this LitLens ("" when it may be written, or when there
    is no database there yet): its file or folder cannot be written, or a newer LitLens wrote it."""
    from litlens.app.run.store import Store
    if not Path(path).exists():
        return ""
    store = Store(path)  # opens for reading only when it must, and records why
    try:
        return store.read_only_reason
    finally:
        store.close()
