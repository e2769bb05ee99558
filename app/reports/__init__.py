"""Reports of a stored run: a self-contained HTML page, a PDF of the same, issue lists for translators
(CSV, XLSX), a JSON export of everything, and the candidate as XLIFF with the findings as notes."""

from __future__ import annotations

from pathlib import Path

from litlens.app.core.files import replaced_atomically
from litlens.app.run.store import Store

from .collect import Issue, ReportData, ReportError, collect

FORMATS = ("html", "pdf", "csv", "xlsx", "json", "xliff")

__all__ = ["FORMATS", "Issue", "ReportData", "ReportError", "collect", "write_report"]


def write_report(store: Store, run_id: int, fmt: str, path: str | Path,
                 candidate: str | None = None, qa_profile: str | None = None) -> list[str]:
    """Write run ``run_id`` as ``fmt`` to ``path``; return warnings meant for the user.

    Raises ReportError (bad format or candidate), StoreError (no such run) and OSError (cannot write).
    """
    if fmt not in FORMATS:
        raise ReportError(f"unknown report format {fmt!r} (choose from {', '.join(FORMATS)})")
    data = collect(store, run_id, candidate)
    if qa_profile:
        data.qa_profile = qa_profile
    with replaced_atomically(path) as out:  # all of the report or none of it, never half
        return _write(data, fmt, out, candidate)


def _write(data: ReportData, fmt: str, out: Path, candidate: str | None) -> list[str]:
    if fmt == "html":
        from .html import write_html
        write_html(data, out)
        return []
    if fmt == "pdf":
        from .pdf import write_pdf
        return write_pdf(data, out)
    if fmt == "xliff":
        from .xliff_out import write_xliff
        return write_xliff(data, out, candidate)
    from .issues import write_csv, write_json, write_xlsx
    {"csv": write_csv, "xlsx": write_xlsx, "json": write_json}[fmt](data, out)
    return []
