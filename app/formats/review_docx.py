"""The bilingual review DOCX translators exchange: one table row per translation paragraph (ID, source,
target, the findings on it, and a column for the translator's replies), the findings also as Word comments
on the target cell. This module only writes and reads the file; what an import changes in a project is
decided in app/exchange/review_import.py.

Which project, translation and revision the file was made from is kept in the document's core properties
(the "comments" property, as one JSON object), so an import knows what to compare the rows against. Each
finding is tagged ``[F<id>]`` with its stored span id; a reply is addressed to a finding by starting with
that tag (a row with one finding takes an untagged reply too). Answers given in Word instead, as replies to
our comments or text typed into them, are read back by app/formats/review_comments.py.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import FormatError
from .review_comments import AUTHOR, CommentAnswer, anchors_in, check_parts, comment_answers
from .tables import check_zip

MARKER = "litlens-review"
HEADERS = ("ID", "Source", "Target", "Findings", "Reply")
_TAG = re.compile(r"\[?\bF(\d+)\]?\s*[:：.\-–]?\s*")
# one finding's lines in the Findings cell: its tagged line and any that follow up to the next finding's
_FINDING_BLOCK = re.compile(r"^\[F(\d+)\][^\n]*(?:\n(?!\[F\d+\]|\[—\])[^\n]*)*", re.MULTILINE)


@dataclass(frozen=True)
class FindingNote:
    """One finding as the review file shows it."""

    span_id: int | None  # None: a finding that cannot be answered (a reviewer's own, never stored as a span)
    category: str
    severity: str
    state: str
    explanation: str = ""
    suggestion: str = ""
    note: str = ""  # what was said on it already

    @property
    def tag(self) -> str:
        return f"[F{self.span_id}]" if self.span_id is not None else "[—]"

    def line(self) -> str:
        text = f"{self.tag} {self.severity} · {self.category} · {self.state}"
        if self.explanation:
            text += f" — {self.explanation}"
        if self.suggestion:
            text += f" → {self.suggestion}"
        if self.note:
            text += f" (note: {self.note})"
        return text


@dataclass
class ReviewRow:
    id: str
    source: str
    target: str
    findings: list[FindingNote] = field(default_factory=list)
    reply: str = ""
    tags: list[int] = field(default_factory=list)  # span ids of the findings listed in the row (read back)
    findings_text: str = ""  # the Findings cell as read back
    comment_answers: list[CommentAnswer] = field(default_factory=list)  # read back from Word comments


@dataclass
class ReviewFile:
    meta: dict[str, Any]  # marker, project, project_id, candidate, revision, run, source_lang, target_lang
    rows: list[ReviewRow]
    loose: list[CommentAnswer] = field(default_factory=list)  # comments outside the table, on no finding

    @property
    def candidate(self) -> str:
        return str(self.meta.get("candidate", ""))


def write_review_docx(review: ReviewFile, path: str | Path, *, word_comments: bool = True) -> None:
    """Write ``review`` as a Word document with one table (and, with ``word_comments``, each finding as a
    Word comment anchored to its target cell)."""
    import docx
    from docx.shared import Pt
    document = docx.Document()
    meta = {**review.meta, "marker": MARKER}
    document.core_properties.comments = json.dumps(meta, ensure_ascii=False)
    document.core_properties.title = f"Review: {meta.get('project', '')} — {review.candidate}"
    document.add_heading(f"{meta.get('project', '')} — {review.candidate}", level=1)
    document.add_paragraph(
        f"Translation revision {meta.get('revision', 0)}. Edit the Target column; answer a finding by replying "
        "to its comment, or in the Reply column starting with its tag, e.g. “[F12] I kept it on purpose”. Do "
        "not change the ID or Source columns.")
    table = document.add_table(rows=1, cols=len(HEADERS))
    table.style = "Table Grid"
    for cell, title in zip(table.rows[0].cells, HEADERS):
        cell.text = title
    for row in review.rows:
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[4].text = row.id, row.source, row.reply
        _set_lines(cells[2], row.target)
        _set_lines(cells[3], "\n".join(f.line() for f in row.findings))
        runs = [r for p in cells[2].paragraphs for r in p.runs]
        if word_comments and runs:
            for f in row.findings:
                document.add_comment(runs, text=f.line(), author=AUTHOR, initials="LL")
    for r in table.rows:
        for c in r.cells:
            for p in c.paragraphs:
                for run in p.runs:
                    run.font.size = Pt(9)
    document.save(str(path))


def _set_lines(cell: Any, text: str) -> None:
    """A cell holding ``text`` with each line its own paragraph (cell.text would put them in one run)."""
    lines = text.split("\n") if text else [""]
    cell.text = lines[0]
    for line in lines[1:]:
        cell.add_paragraph(line)


def read_review_docx(path: str | Path) -> ReviewFile:
    """The rows and what the file was made from, with the answers in Word comments (replies to our
    comments, the translator's own comments on a row, text typed into ours: app/formats/review_comments.py).
    Raises FormatError for a file that is not a Word document, is damaged or hostile (checked as a zip
    before python-docx inflates anything, and its XML for entities before anything parses it), or is not a
    LitLens review file."""
    path = Path(path)
    name = path.name
    if not path.is_file():
        raise FormatError("file not found" if not path.exists() else "this is not a file", name)
    check_zip(path, name, "word/document.xml", "Word document (.docx)")
    check_parts(path, name)
    import docx
    try:
        document = docx.Document(str(path))
        raw_meta = document.core_properties.comments or ""
        tables = [([[c.text for c in _unique_cells(r)] for r in t.rows], [r._tr for r in t.rows])
                  for t in document.tables]
    except Exception as exc:  # python-docx and lxml raise many types for damaged documents
        raise FormatError(f"this Word document is damaged and cannot be read ({type(exc).__name__})",
                          name) from None
    meta = _meta(raw_meta, name)
    for rows, trs in tables:
        if rows and [c.strip() for c in rows[0][:len(HEADERS)]] == list(HEADERS):
            review = ReviewFile(meta, [_row(r, n, name) for n, r in enumerate(rows[1:], 2)])
            _add_comment_answers(review, path, name, trs[1:])
            return review
    raise FormatError(f"the review table (columns {', '.join(HEADERS)}) is missing", name)


def _add_comment_answers(review: ReviewFile, path: Path, name: str, trs: list[Any]) -> None:
    originals = {int(m.group(1)): m.group(0).strip() for row in review.rows
                 for m in _FINDING_BLOCK.finditer(row.findings_text)}
    by_row = comment_answers(path, name, anchors_in(trs), originals)
    for n, said in by_row.items():
        row = review.rows[n] if n is not None and n < len(review.rows) else None
        for answer in said:
            if answer.span_id is not None or row is None:
                (row.comment_answers if row else review.loose).append(answer)
                continue
            parts, left = split_reply(answer.text, row.tags)  # an unlinked comment: by tag, or the only finding
            row.comment_answers += [CommentAnswer(sid, answer.author, t) for sid, t in parts.items()]
            if left:
                row.comment_answers.append(CommentAnswer(None, answer.author, left))


def _unique_cells(row: Any) -> list[Any]:
    seen: list[Any] = []
    out = []
    for c in row.cells:  # a merged cell is listed once per grid column it spans
        if not any(c._tc is s for s in seen):
            seen.append(c._tc)
            out.append(c)
    return out


def _meta(raw: str, name: str) -> dict[str, Any]:
    try:
        meta = json.loads(raw) if raw.strip() else None
    except ValueError:
        meta = None
    if not isinstance(meta, dict) or meta.get("marker") != MARKER:
        raise FormatError("this is not a LitLens review file (it does not say which project and translation "
                          "it was made from); export one with File › Export review DOCX", name)
    for key, kind in (("project_id", int), ("candidate", str), ("revision", int)):
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise FormatError(f"the review file's description is damaged ({key!r} missing or wrong)", name)
    return meta


def _row(cells: list[str], number: int, name: str) -> ReviewRow:
    if len(cells) < len(HEADERS):
        raise FormatError(f"table row {number} has {len(cells)} cells, not {len(HEADERS)}", name)
    tags = [int(m.group(1)) for m in re.finditer(r"^\[F(\d+)\]", cells[3], re.MULTILINE)]
    return ReviewRow(id=cells[0].strip(), source=cells[1], target=cells[2], reply=cells[4].strip(), tags=tags,
                     findings_text=cells[3])


def split_reply(reply: str, tags: list[int]) -> tuple[dict[int, str], str]:
    """A reply cell's answers by span id, and what could not be given to a finding. A part starts with
    its tag ([F12] or F12:); untagged text goes to the row's finding when it has exactly one."""
    answers: dict[int, str] = {}
    marks = list(_TAG.finditer(reply))
    marks = [m for m in marks if m.start() == 0 or reply[m.start() - 1] in " \n\t;"]
    head = reply[:marks[0].start()] if marks else reply
    for m, nxt in zip(marks, [*marks[1:], None]):
        text = reply[m.end():nxt.start() if nxt else len(reply)].strip()
        if text:
            sid = int(m.group(1))
            answers[sid] = f"{answers[sid]}\n{text}" if sid in answers else text
    left = head.strip()
    if left and len(tags) == 1 and tags[0] not in answers:
        answers[tags[0]], left = left, ""
    return answers, left
