"""Two small helpers the screenshot scripts in bench/ share: let the event loop run a while, and write a
widget's picture (failing loudly when it cannot be written)."""

from __future__ import annotations

import time
from pathlib import Path


def pump(qapp, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        qapp.processEvents()
        time.sleep(0.01)


def save(widget, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path
