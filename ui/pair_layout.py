"""Lays a source and one candidate out as an aligned table in a QTextDocument, and maps text offsets.

Judges report offsets into a Text's content (Python characters); the document counts UTF-16 units and
places each paragraph in a table cell. ``PairLayout`` converts between the two in both directions.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from PySide6.QtGui import (QBrush, QColor, QFont, QTextBlockFormat, QTextCharFormat, QTextCursor,
                           QTextDocument, QTextFrameFormat, QTextLength, QTextTableFormat)

from PySide6.QtCore import QCoreApplication

from litlens.app.core.languages import language_name
from litlens.app.core.model import AlignedPair
from litlens.ui import theme

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project, Text

Side = Literal["source", "target"]
Badges = dict[int, tuple[str, str]]  # candidate content offset -> (badge text, colour)


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def python_offset(s: str, units: int) -> int:
    """Index into ``s`` of the character that starts at UTF-16 unit ``units`` (clamped to len(s))."""
    count = 0
    for i, ch in enumerate(s):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(s)


@dataclass(frozen=True)
class Placed:
    """One paragraph as placed in the document."""

    row: int
    index: int  # paragraph index in its Text
    doc_start: int
    seg_start: int  # offset of the paragraph in the Text's content
    text: str

    @property
    def doc_end(self) -> int:
        return self.doc_start + utf16_len(self.text)

    @property
    def seg_end(self) -> int:
        return self.seg_start + len(self.text)


@dataclass
class PairLayout:
    rows: list[AlignedPair]
    mismatched: list[bool]
    placed: dict[str, list[Placed]] = field(default_factory=lambda: {"source": [], "target": []})
    row_cells: list[int] = field(default_factory=list)  # document position of each row's first cell
    body: QTextCharFormat = field(default_factory=QTextCharFormat)  # the plain text format, to restore

    def _sorted(self, side: Side) -> tuple[list[Placed], list[int]]:
        # pieces by content offset, so a lookup is a bisection rather than a scan (chapters have
        # thousands of pieces and a run brings hundreds of findings)
        cache = self.__dict__.setdefault("_index", {})
        if side not in cache:
            pieces = sorted(self.placed[side], key=lambda p: p.seg_start)
            cache[side] = (pieces, [p.seg_start for p in pieces])
        return cache[side]

    def doc_ranges(self, side: Side, start: int, end: int) -> list[tuple[int, int]]:
        """Document ranges covering content ``[start, end)``, one per paragraph piece it touches."""
        out = []
        pieces, starts = self._sorted(side)
        first = max(0, bisect_right(starts, start) - 1)
        for p in pieces[first:]:
            if p.seg_start > end or (p.seg_start == end and end > start):
                break
            a, b = max(start, p.seg_start), min(end, p.seg_end)
            if a < b or (a == b == start and p.seg_start <= start < p.seg_end):
                out.append((p.doc_start + utf16_len(p.text[:a - p.seg_start]),
                            p.doc_start + utf16_len(p.text[:b - p.seg_start])))
        return out

    def offset_at(self, side: Side, doc_pos: int) -> int | None:
        """Content offset of the character at ``doc_pos``, or None outside this side's paragraphs."""
        for p in self.placed[side]:
            if p.doc_start <= doc_pos < p.doc_end:
                return p.seg_start + python_offset(p.text, doc_pos - p.doc_start)
        return None

    def row_of(self, side: Side, offset: int) -> int | None:
        for p in self.placed[side]:
            if p.seg_start <= offset < max(p.seg_end, p.seg_start + 1):
                return p.row
        return None

    def row_at(self, doc_pos: int) -> int | None:
        i = bisect_right(self.row_cells, doc_pos) - 1
        return i if i >= 0 else None


def _pairs(candidate: Candidate, source: Text) -> tuple[list[AlignedPair], bool]:
    if candidate.alignment is not None:
        return list(candidate.alignment.pairs), candidate.alignment.mismatch
    # not aligned: show paragraphs side by side by position and say the rows may not correspond
    n, m = len(source.paragraphs), len(candidate.text.paragraphs)
    return [AlignedPair(tuple([i] if i < n else []), tuple([i] if i < m else []))
            for i in range(max(n, m))], n != m


def _tr(text: str) -> str:
    return QCoreApplication.translate("PairLayout", text)


def row_label(pair: AlignedPair) -> str:
    if not pair.source:
        return "—"
    a, b = pair.source[0] + 1, pair.source[-1] + 1
    return f"¶{a}" if a == b else f"¶{a}–{b}"


def _fmt(size: float | None = None, bold: bool = False, italic: bool = False,
         colour: str | None = None) -> QTextCharFormat:
    f = QTextCharFormat()
    if size:
        f.setFontPointSize(size)
    if bold:
        f.setFontWeight(QFont.Weight.DemiBold)
    f.setFontItalic(italic)
    if colour:
        f.setForeground(QColor(colour))
    return f


def badge_format(colour: str, base_size: float) -> QTextCharFormat:
    f = _fmt(base_size - 3, bold=True, colour="#ffffff")
    f.setBackground(QColor(colour))
    f.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
    return f


def _insert_paragraph(c: QTextCursor, layout: PairLayout, side: Side, row: int, index: int, seg_start: int,
                      para: str, body: QTextCharFormat, badges: Badges, base_size: float) -> None:
    """Insert one paragraph, with a badge before each marked sentence. Badges are not content: the
    paragraph is recorded as the runs of text between them, so offsets still map exactly."""
    cuts = sorted(o - seg_start for o in badges if seg_start <= o < seg_start + len(para)) if badges else []
    bounds = [0, *cuts, len(para)]
    for a, b in zip(bounds, bounds[1:]):
        if a in cuts:
            text, colour = badges[seg_start + a]
            c.insertText(f"\u2009{text}\u2009", badge_format(colour, base_size))
            c.insertText("\u2009", body)
        if b > a:
            layout.placed[side].append(Placed(row, index, c.position(), seg_start + a, para[a:b]))
            c.insertText(para[a:b], body)


def build(doc: QTextDocument, project: Project, candidate: Candidate, base_size: float,
          badges: Badges | None = None) -> PairLayout:
    """Fill ``doc`` with a header row and one table row per aligned pair; return the offset maps.

    ``badges`` puts a small label (the speech level) before candidate sentences at those offsets.
    """
    badges = badges or {}
    tc = theme.colours()
    doc.clear()
    pairs, _ = _pairs(candidate, project.source)
    mismatched = [not p.is_one_to_one for p in pairs]
    layout = PairLayout(rows=pairs, mismatched=mismatched)

    tf = QTextTableFormat()
    tf.setCellPadding(8)
    tf.setCellSpacing(0)
    tf.setBorder(0.6)
    tf.setBorderBrush(QBrush(QColor(tc.border)))
    tf.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
    tf.setBorderCollapse(True)
    tf.setHeaderRowCount(1)
    tf.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
    tf.setColumnWidthConstraints([QTextLength(QTextLength.Type.FixedLength, 58),
                                  QTextLength(QTextLength.Type.PercentageLength, 47),
                                  QTextLength(QTextLength.Type.PercentageLength, 47)])
    cursor = QTextCursor(doc)
    table = cursor.insertTable(len(pairs) + 1, 3, tf)

    block = QTextBlockFormat()
    block.setLineHeight(135, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
    # airy lines read better for long prose
    body = _fmt(base_size)
    layout.body = body
    header = _fmt(base_size, bold=True, colour=tc.header_ink)
    src_title = f"{_tr('Source')} · {language_name(project.source.language)}"
    tgt_title = f"{candidate.label} · {language_name(candidate.text.language)}"
    for col, title in ((1, src_title), (2, tgt_title)):
        cell = table.cellAt(0, col)
        cf = cell.format()
        cf.setBackground(QColor(tc.header))
        cell.setFormat(cf)
        cell.firstCursorPosition().insertText(title, header)
    gcell = table.cellAt(0, 0)
    gf = gcell.format()
    gf.setBackground(QColor(tc.header))
    gcell.setFormat(gf)

    for r, pair in enumerate(pairs):
        row = r + 1
        layout.row_cells.append(table.cellAt(row, 0).firstCursorPosition().position())
        if mismatched[r]:
            for col in range(3):
                cell = table.cellAt(row, col)
                cf = cell.format()
                cf.setBackground(QColor(tc.mismatch))
                cell.setFormat(cf)
        g = table.cellAt(row, 0).firstCursorPosition()
        g.insertText(row_label(pair), _fmt(base_size - 1, colour=tc.gutter))
        if mismatched[r]:
            g.insertBlock()
            g.insertText(f"≠ {len(pair.source)}:{len(pair.target)}",
                         _fmt(base_size - 1.5, bold=True, colour=tc.warn))
        for col, side, text, indices in ((1, "source", project.source, pair.source),
                                         (2, "target", candidate.text, pair.target)):
            c = table.cellAt(row, col).firstCursorPosition()
            c.setBlockFormat(block)
            if not indices:
                c.insertText(_tr("(no matching paragraph)"), _fmt(base_size - 0.5, italic=True, colour=tc.muted))
                continue
            for k, i in enumerate(indices):
                seg = text.paragraphs[i]
                if k:
                    c.insertBlock(block)
                    c.insertBlock(block)
                para = text.content[seg.start:seg.end]
                _insert_paragraph(c, layout, side, r, i, seg.start, para, body,  # type: ignore[arg-type]
                                  badges if side == "target" else {}, base_size)
    return layout
