"""Where LitLens writes its log: a rotating file in the user's log folder (override with $LITLENS_LOG_DIR)."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from platformdirs import user_log_dir


def log_path() -> Path:
    folder = Path(os.environ.get("LITLENS_LOG_DIR") or user_log_dir("LitLens", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "litlens.log"


class _ScrubbingFormatter(logging.Formatter):
    """Formats a record, traceback included, then removes any key from it: a log line can quote an
    exception that quotes a provider, and the log file is the least protected place we write to."""

    def format(self, record: logging.LogRecord) -> str:
        from litlens.app.llm.scrub import scrub  # the core stays importable without the LLM layer
        return scrub(super().format(record))


def setup_logging(level: int = logging.INFO) -> Path:
    """Send the app's log records to the log file once per process; returns the file's path."""
    path = log_path()
    root = logging.getLogger("litlens")  # every module logs under its own litlens.* name
    if not any(getattr(h, "_litlens", False) for h in root.handlers):
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=3,
                                                       encoding="utf-8")
        handler.setFormatter(_ScrubbingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler._litlens = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        root.setLevel(level)
    return path
