"""The report's per-segment score tables and its rationale table leave out a column that no row fills: a
whole-text judge (honorifics, literalness) has no segment, and its table read "segment" over an empty
column. A table whose rows do have segments keeps the column, filled."""

from __future__ import annotations

import re
import subprocess
import sys

from litlens.app.core.model import Judgment, Score
from litlens.app.texts import build_project, text_from_string


def _tables(page: str) -> list[tuple[list[str], list[list[str]]]]:
    """Each table of the page: its header cells and its rows' cells (tags stripped)."""
    out = []
    for table in re.findall(r"<table>(.*?)</table>", page, re.S):
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
        if not rows:
            continue
        strip = lambda cells: [re.sub(r"<[^>]+>", "", c).strip() for c in cells]  # noqa: E731
        out.append((strip(re.findall(r"<th[^>]*>(.*?)</th>", rows[0], re.S)),
                    [strip(re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)) for r in rows[1:]]))
    return out


def _empty_columns(page: str) -> list[tuple[str, list[str]]]:
    empty = []
    for headers, rows in _tables(page):
        if not rows or not all(len(r) == len(headers) for r in rows):
            continue
        empty += [(h, headers) for k, h in enumerate(headers) if not any(r[k] for r in rows)]
    return empty


def test_the_sample_report_has_no_column_empty_in_every_row(tmp_path):
    db, page = tmp_path / "runs.sqlite", tmp_path / "report.html"
    cli = [sys.executable, "-m", "litlens.app.cli.main", "--db", str(db)]
    ran = subprocess.run(cli + ["evaluate", "--sample", "--judge", "honorifics,literalness,consistency,spelling"],
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode in (0, 3), ran.stderr
    wrote = subprocess.run(cli + ["report", "1", "-o", str(page)], capture_output=True, text=True, timeout=300)
    assert wrote.returncode == 0, wrote.stderr
    text = page.read_text(encoding="utf-8")
    tables = _tables(text)
    score_tables = [h for h, _ in tables if "honorific consistency" in h]
    assert score_tables and "segment" not in score_tables[0]  # the whole-text judge's table
    assert not _empty_columns(text)


def test_a_per_paragraph_table_keeps_its_filled_segment_column(db_path):
    from litlens.app.reports.collect import collect
    from litlens.app.reports.html import render_html
    from litlens.app.run.store import Store
    project = build_project("p", text_from_string("One.\n\nTwo.", "en"),
                            [("Draft", text_from_string("하나.\n\n둘.", "ko"))])
    store = Store(db_path)
    try:
        run_id = store.start_run(store.save_project(project), ["sqm"], "openai", "m", {}, None, 2)
        for para, value in ((0, 4.0), (1, 2.0)):
            store.save_result(run_id, Judgment(judge="sqm", unit=f"Draft:{para}", candidate="Draft", paragraph=para,
                                               scores=[Score("overall", value, 0, 6)]), "v1", "m", f"h{para}")
        store.update_run(run_id, status="done")
        data = collect(store, run_id)
    finally:
        store.close()
    page = render_html(data)
    table = next((h, rows) for h, rows in _tables(page) if "overall" in h and len(rows) == 2)
    headers, rows = table
    assert headers == ["candidate", "segment", "overall"]  # no rationale given: no rationale column
    assert [r[1] for r in rows] == ["1", "2"] and "per segment (2)" in page and "2 segments." in page
    assert not _empty_columns(page)


def test_failed_units_of_all_candidates_at_once_leave_out_the_candidate_column(db_path):
    from litlens.app.reports.collect import collect
    from litlens.app.reports.html import render_html
    from litlens.app.reports.pdf import render_pdf
    from litlens.app.run.store import Store
    project = build_project("p", text_from_string("One.", "en"),
                            [("A", text_from_string("하나.", "ko")), ("B", text_from_string("한.", "ko"))])
    store = Store(db_path)
    try:
        run_id = store.start_run(store.save_project(project), ["bws"], "openai", "m", {}, None, 1)
        store.save_result(run_id, Judgment(judge="bws", unit="all:0", candidate=None, paragraph=0, status="failed",
                                           error="no usable answer"), "v1", "m", "h0")
        store.update_run(run_id, status="done")
        data = collect(store, run_id)
    finally:
        store.close()
    page = render_html(data)
    headers = next(h for h, _ in _tables(page) if "error" in h)
    assert headers == ["judge", "unit", "error"]
    assert "1 segment." in page  # the source's one paragraph, counted in agreement
    assert not _empty_columns(page)
    pdf, _ = render_pdf(data)  # the PDF writer's three-column table of the same failures
    assert pdf.startswith(b"%PDF")
