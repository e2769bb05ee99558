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


def light_dark_korean(take, smoke: bool = False) -> list[Path]:
    """``take(prefix, themes)`` in both palettes in English, then in the dark palette with the Korean
    interface (prefix "ko-"); with ``smoke`` only the light English pictures."""
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import i18n
    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    if smoke:
        return take("", ("light",))
    written = take("", ("light", "dark"))
    i18n.install(qapp, "ko")
    try:
        written += take("ko-", ("dark",))
    finally:
        i18n.install(qapp, "en")
    return written


def screenshot_main(shots, default_out: Path, argv: list[str] | None = None) -> int:
    """The command line of a screenshot script: ``[OUTDIR] [--smoke]``; prints each file written."""
    import sys
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else default_out
    for p in shots(out, smoke):
        print(p.resolve())
    return 0
