"""Writing a file so that it is either all there or not touched at all."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replaced_atomically(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` to write to; when the body succeeds it replaces ``path`` in
    one step (os.replace), and when it fails it is removed and ``path`` is left as it was.

    So a reader (a CAT tool, a script polling for the file) never sees half a file, and an export that
    fails half-way never destroys the earlier file of the same name. The temporary name keeps the
    suffix (some writers choose their format by it) and starts with a dot (hidden while written)."""
    target = Path(path)
    tmp = target.with_name(f".{target.stem}.part{target.suffix}")
    try:
        yield tmp
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
