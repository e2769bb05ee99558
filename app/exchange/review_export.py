"""A run's findings on one translation as a bilingual review file (app/formats/review_docx.py): every
paragraph of the translation as it is now, its aligned source, and the findings on it with their state.
Rejected findings are left out (the reviewer already said they are wrong)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from litlens.app.formats.review_docx import FindingNote, ReviewFile, ReviewRow, write_review_docx
from litlens.app.mqm.states import REJECTED
from litlens.app.reports.collect import ReportError, collect

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Text
    from litlens.app.run.store import Store


def paragraph_id(text: Text, index: int) -> str:
    """A paragraph's ID in a review file: its segment ID when the text came from a CAT file, else its
    number (1-based)."""
    ids = text.segment_ids
    return ids[index] if len(ids) == len(text.paragraphs) and ids[index] else str(index + 1)


def source_by_paragraph(project: Project, label: str) -> dict[int, str]:
    """The source words aligned to each paragraph of the candidate (several joined by a line break)."""
    cand = project.candidate(label)
    out: dict[int, str] = {}
    src = project.source.paragraphs
    for pair in (cand.alignment.pairs if cand.alignment else []):
        words = "\n".join(src[i].text for i in pair.source if i < len(src))
        for t in pair.target:
            out[t] = f"{out[t]}\n{words}" if t in out and words else words or out.get(t, "")
    return out


def review_file(store: Store, run_id: int, label: str | None = None) -> ReviewFile:
    """The review file of run ``run_id`` for translation ``label`` (the only one when None). Raises
    ReportError / StoreError."""
    data = collect(store, run_id, label)
    if label is None:
        if len(data.candidates) != 1:
            raise ReportError(f"run {run_id} judged several translations ({', '.join(data.candidates)}); "
                              "say which one the review file is for")
        label = data.candidates[0]
    project = data.project
    cand = project.candidate(label)
    on: dict[int, list[FindingNote]] = defaultdict(list)
    for i in data.issues:
        if i.candidate == label and i.status != REJECTED and i.paragraph is not None:
            on[i.paragraph].append(FindingNote(i.span_id, i.category, i.severity, i.status, i.explanation,
                                               i.suggestion, i.note))
    sources = source_by_paragraph(project, label)
    rows = [ReviewRow(paragraph_id(cand.text, k), sources.get(k, ""), seg.text, on.get(k, []))
            for k, seg in enumerate(cand.text.paragraphs)]
    meta = {"project": project.name, "project_id": project.id, "candidate": label,
            "revision": data.revisions.get(label, 0), "run": run_id,
            "source_lang": project.source.language, "target_lang": cand.text.language}
    return ReviewFile(meta, rows)


def export_review_docx(store: Store, run_id: int, path: str | Path, label: str | None = None) -> ReviewFile:
    """Write the review DOCX of run ``run_id`` to ``path``; returns what was written."""
    from litlens.app.core.files import replaced_atomically
    review = review_file(store, run_id, label)
    with replaced_atomically(path) as out:
        write_review_docx(review, out)
    return review
