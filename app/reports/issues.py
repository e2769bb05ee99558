"""Issue lists for translators (CSV and XLSX, one row per finding) and the full JSON export."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from litlens.app.texts import NORMALISATION_NOTE, UNICODE_FORM

from .collect import Issue, ReportData

COLUMNS = ["segment_id", "paragraph", "candidate", "source", "target", "judge", "category", "severity",
           "explanation", "suggestion", "quote", "start", "end", "status", "merged_with", "note"]
HEADERS = {"segment_id": "Segment ID", "paragraph": "Paragraph", "candidate": "Candidate",
           "source": "Source", "target": "Target", "judge": "Judge", "category": "Category",
           "severity": "Severity", "explanation": "Explanation", "suggestion": "Suggestion",
           "quote": "Quoted text", "start": "Start (in segment)", "end": "End (in segment)",
           "status": "Status", "merged_with": "Merged with", "note": "Reviewer note"}
# Spreadsheet programs run a CSV cell that starts like a formula; such cells get a leading apostrophe.
_FORMULA_START = ("=", "+", "@", "\t", "\r")


def issue_row(issue: Issue) -> dict[str, Any]:
    d = asdict(issue)
    d["paragraph"] = None if issue.paragraph is None else issue.paragraph + 1
    return {c: d[c] for c in COLUMNS}


def _csv_safe(v: Any) -> Any:
    if isinstance(v, str) and v.startswith(_FORMULA_START):
        return "'" + v
    return "" if v is None else v


def to_csv(data: ReportData, delimiter: str = ",") -> str:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\r\n")
    w.writerow([HEADERS[c] for c in COLUMNS])
    for issue in data.issues:
        row = issue_row(issue)
        w.writerow([_csv_safe(row[c]) for c in COLUMNS])
    return buf.getvalue()


def write_csv(data: ReportData, path: Path) -> None:
    # A BOM so spreadsheet programs open Korean, Japanese... as UTF-8 rather than the local code page.
    path.write_text(to_csv(data), encoding="utf-8-sig", newline="")


def write_xlsx(data: ReportData, path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    wb = Workbook()
    ws = wb.active
    ws.title = "Issues"
    ws.append([HEADERS[c] for c in COLUMNS])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for issue in data.issues:
        row = issue_row(issue)
        ws.append(["" if row[c] is None else row[c] for c in COLUMNS])
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text that starts with "=" stays text, never a formula
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    widths = {"segment_id": 12, "source": 50, "target": 50, "explanation": 50, "suggestion": 30,
              "quote": 20, "category": 26, "note": 30}
    for i, c in enumerate(COLUMNS, 1):
        ws.column_dimensions[ws.cell(1, i).column_letter].width = widths.get(c, 12)
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = ws.dimensions
    wb.save(str(path))


def to_json(data: ReportData) -> str:
    p = data.project

    def text_info(t) -> dict[str, Any]:
        return {"language": t.language, "path": t.path, "paragraphs": len(t.paragraphs),
                "segment_ids": t.segment_ids}

    doc = {
        "run": data.run,
        "run_number": data.run_number,  # within the project, as the window shows it; run.id: the store's
        "project": {"id": p.id, "name": p.name, "source": text_info(p.source),
                    "candidates": [{"label": c.label, **text_info(c.text),
                                    "alignment": c.alignment.method if c.alignment else None}
                                   for c in p.candidates if c.label in data.candidates]},
        "issues": [asdict(i) for i in data.issues],
        # the revision of each candidate's text the issues are placed on, and the one the run judged
        "revisions": data.revisions, "judged_revisions": data.judged_revisions,
        "scores": [asdict(s) for s in data.scores],
        "summaries": {jid: [asdict(s) for s in items] for jid, items in data.summaries.items()},
        "radar": data.radar,
        "ledger": data.ledger,  # who speaks to whom at which level (Korean honorifics judge)
        "rationales": data.rationales,
        "failures": data.failures,
        # MQM scorecards per candidate and chapter under the report's QA profile: the reviewed findings
        # (as `litlens scorecard` counts by default) and every finding not rejected or outdated
        "scorecard": scorecards(data),
        "results": [asdict(j) for j in data.results],
        "generated_at": data.generated_at,
        # offsets above count characters of the texts as LitLens read them, after normalisation
        "texts": {"unicode_normalisation": UNICODE_FORM, "note": NORMALISATION_NOTE},
    }
    return json.dumps(doc, ensure_ascii=False, indent=2, default=str)


def scorecards(data: ReportData) -> dict[str, Any]:
    from litlens.app.reports.scorecards import scorecard_section
    return {"reviewed": scorecard_section(data, data.qa_profile, include_all=False),
            "all_findings": scorecard_section(data, data.qa_profile, include_all=True)}


def write_json(data: ReportData, path: Path) -> None:
    path.write_text(to_json(data), encoding="utf-8")
