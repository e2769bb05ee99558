"""Export for the window and the command line alike: a report of a run (the formats of ``litlens report``)
or the revised translation. One function, so File › Export writes exactly what the CLI would."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import FORMATS, write_report
from .collect import ReportError
from .revised import REVISED_FORMATS, write_revised

if TYPE_CHECKING:
    from litlens.app.run.store import Store

BY_SUFFIX = {".html": "html", ".htm": "html", ".pdf": "pdf", ".csv": "csv", ".xlsx": "xlsx",
             ".json": "json", ".xlf": "xliff", ".xliff": "xliff", ".sdlxliff": "xliff", ".mqxliff": "xliff"}


def latest_run(store: Store, project_id: int) -> int | None:
    """The project's newest run that produced something (a finished one first)."""
    runs = store.list_runs(project_id)
    done = [r for r in runs if r["status"] == "done"]
    chosen = (done or runs or [None])[0]
    return int(chosen["id"]) if chosen else None


def export_report(store: Store, project_id: int, fmt: str, path: str | Path, candidate: str | None = None,
                  run_id: int | None = None) -> list[str]:
    """Write a report of ``run_id`` (the newest run when None) as ``fmt``; warnings for the user."""
    if fmt not in FORMATS:
        raise ReportError(f"unknown report format {fmt!r} (choose from {', '.join(FORMATS)})")
    run_id = run_id if run_id is not None else latest_run(store, project_id)
    if run_id is None:
        raise ReportError("this project has no run yet: run the judges first, then export their findings")
    return write_report(store, run_id, fmt, path, candidate)


def export_translation(store: Store, project_id: int, label: str, fmt: str, path: str | Path) -> list[str]:
    """Write candidate ``label`` as its current revision stands (TXT, DOCX or XLIFF)."""
    if fmt not in REVISED_FORMATS:
        raise ReportError(f"unknown format {fmt!r} for the translation (choose from {', '.join(REVISED_FORMATS)})")
    return write_revised(store.load_project(project_id), label, fmt, path)
