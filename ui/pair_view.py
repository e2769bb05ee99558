"""The pair view: source paragraphs left, the chosen candidate right, aligned row by row, with findings.

One QTextDocument holds the whole table, so both sides scroll together by construction. Findings are
highlighted at their exact offsets with a severity colour and a severity underline style; hovering
shows the finding, clicking it announces it (the findings list selects it).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (QColor, QContextMenuEvent, QHelpEvent, QMouseEvent, QTextCharFormat,
                           QTextCursor, QTextDocument)
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QTextEdit, QToolTip, QVBoxLayout,
                               QWidget)

from litlens.ui import pair_layout, theme
from litlens.ui.severity import UNDERLINE_NAMES, rank, style_for
from litlens.ui.speech_levels import badges_for

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.document import Document
    from litlens.ui.pair_layout import PairLayout, Side



def _tr(text: str) -> str:
    return QCoreApplication.translate("PairView", text)


def describe(span: Span, status: str = "") -> str:
    """Tooltip HTML for one finding (with the reviewer's decision when there is one)."""
    parts = [f"<b>{html.escape(span.severity)}</b> · {html.escape(span.category)} "
             f"<span style='color:#777'>({html.escape(span.judge)})</span>"]
    if status and status != "new":
        parts[0] += f" — <i>{html.escape(_tr(status))}</i>"
    if span.explanation:
        parts.append(html.escape(span.explanation))
    if span.suggestion:
        parts.append(f"<i>{html.escape(_tr('Suggestion:'))}</i> {html.escape(span.suggestion)}")
    return "<br>".join(parts)


class PairText(QTextEdit):
    """The read-only aligned table, with tooltips and clicks resolved to findings."""

    spanClicked = Signal(object)
    addRequested = Signal(int, int)  # candidate content offsets of the selected text

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setMouseTracking(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                     Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.layout_map: PairLayout | None = None
        self.spans: list[Span] = []
        self.status_of = lambda span: ""  # set by PairView: the reviewer's decision on a span

    def selected_target(self) -> tuple[int, int] | None:
        """Candidate offsets of the selection when it lies in the translation column, else None."""
        lm, cur = self.layout_map, self.textCursor()
        if lm is None or not cur.hasSelection():
            return None
        a = lm.offset_at("target", cur.selectionStart())
        b = lm.offset_at("target", cur.selectionEnd() - 1)
        if a is None or b is None or b < a:
            return None
        return a, b + 1

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.createStandardContextMenu(event.pos())
        chosen = self.selected_target()
        menu.addSeparator()
        action = menu.addAction(_tr("Add a finding for the selected text…"))
        action.setEnabled(chosen is not None)
        if chosen is not None:
            action.triggered.connect(lambda: self.addRequested.emit(*chosen))
        menu.exec(event.globalPos())

    def spans_at(self, doc_pos: int) -> list[Span]:
        lm = self.layout_map
        if lm is None:
            return []
        found: list[Span] = []
        off = lm.offset_at("target", doc_pos)
        if off is not None:
            found += [s for s in self.spans if s.located and s.start <= off < max(s.end, s.start + 1)]
        soff = lm.offset_at("source", doc_pos)
        if soff is not None:
            found += [s for s in self.spans if s.source_start is not None and s.source_end is not None
                      and s.source_start <= soff < s.source_end]
        return sorted(found, key=lambda s: rank(s.severity))

    def _spans_under(self, pos: QPoint) -> list[Span]:
        cursor = self.cursorForPosition(pos)
        # cursorForPosition gives the nearest gap between characters; take the character under the mouse
        rect = self.cursorRect(cursor)
        doc_pos = cursor.position() - (1 if pos.x() < rect.x() else 0)
        return self.spans_at(doc_pos)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            help_event: QHelpEvent = event  # type: ignore[assignment]
            spans = self._spans_under(help_event.pos())
            if spans:
                QToolTip.showText(help_event.globalPos(),
                                  "<hr>".join(describe(s, self.status_of(s)) for s in spans),
                                  self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.textCursor().hasSelection():
            spans = self._spans_under(event.position().toPoint())
            if spans:
                self.spanClicked.emit(spans[0])


class Legend(QTextEdit):
    """One line naming each severity in its own colour and underline style."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFrameShape(QTextEdit.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLineWrapMode(QTextEdit.LineWrapMode.NoWrap)
        self.viewport().setAutoFillBackground(False)
        self.setStyleSheet("background: transparent;")
        c = QTextCursor(self.document())
        for i, sev in enumerate(("critical", "major", "minor", "neutral")):
            if i:
                c.insertText("   ", QTextCharFormat())
            c.insertText(_tr(sev), style_for(sev).char_format())
            c.insertText(f" {_tr(UNDERLINE_NAMES[sev])}", _grey())
        self.document().setDocumentMargin(2)
        self.setFixedHeight(int(self.fontMetrics().height() * 1.9))
        self.setFixedWidth(int(self.document().idealWidth()) + 12)


def _grey() -> QTextCharFormat:
    f = QTextCharFormat()
    f.setForeground(Qt.GlobalColor.gray)
    return f


class PairView(QWidget):
    """Candidate chooser, legend and the aligned table, kept in step with the Document."""

    spanClicked = Signal(object)
    addRequested = Signal(int, int)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.show_badges = True
        self.combo = QComboBox()
        self.combo.setMinimumWidth(160)
        self.combo.setToolTip(self.tr("Which translation to show beside the source"))
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {theme.colours().warn};")
        self.text = PairText()
        self.text.status_of = lambda span: self.document.status(span)
        self.text.spanClicked.connect(self.spanClicked)
        self.text.addRequested.connect(self.addRequested)
        self.highlighted: list[tuple[str, int, int, str]] = []  # (side, start, end, severity) as applied
        self.badges: dict[int, tuple[str, str]] = {}
        self.focused: Span | None = None
        self._structure: tuple | None = None  # what the current document was built for
        self._painted: list[tuple[int, int]] = []  # document ranges carrying a highlight
        self._plan_shown: list[tuple[str, int, int, str]] | None = None  # what those highlights show
        self._building: QTextDocument = self.text.document()

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Translation:")))
        top.addWidget(self.combo)
        top.addWidget(self.status)
        top.addStretch(1)
        top.addWidget(Legend())
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.text, 1)

        self.combo.currentTextChanged.connect(self._combo_changed)
        document.projectChanged.connect(self._project_changed)
        document.candidateChanged.connect(self._candidate_changed)
        document.resultsChanged.connect(self.refresh)
        document.reviewChanged.connect(self.refresh)

    # ---- following the document ---------------------------------------------------------------
    def _project_changed(self) -> None:
        project = self.document.project
        self.combo.blockSignals(True)
        self.combo.clear()
        if project is not None:
            self.combo.addItems([c.label for c in project.candidates])
            if self.document.candidate_label:
                self.combo.setCurrentText(self.document.candidate_label)
        self.combo.blockSignals(False)
        self.refresh()

    def _combo_changed(self, label: str) -> None:
        if label:
            self.document.set_candidate(label)

    def _candidate_changed(self, label: str) -> None:
        if self.combo.currentText() != label:
            self.combo.setCurrentText(label)
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the table for the current candidate and its findings, keeping the scroll position."""
        project, cand = self.document.project, self.document.candidate
        bar = self.text.verticalScrollBar()
        keep = bar.value()
        self.focused = None
        self.text.setExtraSelections([])
        if project is None or cand is None:
            self.text.document().clear()
            self.text.layout_map = None
            self._structure, self._painted, self._plan_shown, self.highlighted = None, [], None, []
            self.status.setText("")
            return
        base = self.text.font().pointSizeF() + 1.5
        self.badges = badges_for(self.document.judgments, cand.label) if self.show_badges else {}
        structure = (id(project), self.document.revision, cand.label, tuple(sorted(self.badges.items())),
                     theme.current(), base)
        rebuild = structure != self._structure or self.text.layout_map is None
        if rebuild:
            # built detached and swapped in: a table laid out while attached to a visible view
            # relayouts on every insertion (seconds for a chapter); detached it takes milliseconds
            doc = QTextDocument(self.text)
            doc.setDefaultFont(self.text.font())
            self.text.layout_map = pair_layout.build(doc, project, cand, base, self.badges)
            self._painted = []
        else:
            # same text, new findings or decisions: repaint the highlights in place, in one edit
            # block so the layout is redone once
            doc = self.text.document()
        lm = self.text.layout_map
        spans = self.document.findings(cand.label)
        self.text.spans = spans
        misaligned = sum(lm.mismatched)
        self.status.setStyleSheet(f"color: {theme.colours().warn};")
        self.status.setText(self.tr("≠ {0} rows not aligned one-to-one").format(misaligned)
                            if misaligned else "")
        plan = self._plan(spans)
        if rebuild or plan != self._plan_shown:
            # any format change relayouts the whole table (tens of ms for a long text), so the
            # document is only touched when what is painted really changes
            self._apply(doc, plan)
            self._plan_shown = plan
        if rebuild:
            self.text.setDocument(doc)  # the previous document is the editor's child: it deletes it
            self._structure = structure
        bar.setValue(keep)

    def _plan(self, spans: list[Span]) -> list[tuple[str, int, int, str]]:
        """(side, start, end, severity) to paint, least severe first so a more severe finding wins
        where findings overlap; a finding the reviewer rejected is not painted, a corrected one is
        painted as corrected."""
        painted = []
        for span in spans:
            decision = self.document.decision(span)
            if decision is not None and decision.action == "reject":
                continue
            if decision is not None and decision.action == "edit":
                painted.append((decision.severity, decision.start, decision.end, span))
            else:
                painted.append((span.severity, span.start, span.end, span))
        plan: list[tuple[str, int, int, str]] = []
        for severity, start, end, span in sorted(painted, key=lambda p: -rank(p[0])):
            if start is not None and end is not None:
                plan.append(("target", start, end, severity))
            if span.source_start is not None and span.source_end is not None:
                plan.append(("source", span.source_start, span.source_end, severity))
        return plan

    def _apply(self, doc: QTextDocument, plan: list[tuple[str, int, int, str]]) -> None:
        """Clear the previous highlights and paint ``plan``, in one edit block (one relayout)."""
        self._building = doc
        lm = self.text.layout_map
        assert lm is not None
        edit = QTextCursor(doc)
        edit.beginEditBlock()
        for a, b in self._painted:
            c = QTextCursor(doc)
            c.setPosition(a)
            c.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            c.setCharFormat(lm.body)
        self._painted = []
        self.highlighted = []
        formats: dict[str, QTextCharFormat] = {}
        for side, start, end, severity in plan:
            fmt = formats.get(severity)
            if fmt is None:
                fmt = formats[severity] = style_for(severity).char_format()
            self._paint(side, start, end, fmt, severity)  # type: ignore[arg-type]
        edit.endEditBlock()
    def _paint(self, side: Side, start: int, end: int, fmt: QTextCharFormat, severity: str) -> None:
        assert self.text.layout_map is not None
        for a, b in self.text.layout_map.doc_ranges(side, start, end):
            if b <= a:
                continue
            c = QTextCursor(self._building)
            c.setPosition(a)
            c.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            c.mergeCharFormat(fmt)
            self._painted.append((a, b))
            self.highlighted.append((side, start, end, severity))

    # ---- queries and navigation ---------------------------------------------------------------
    def char_format_at(self, offset: int, side: Side = "target") -> QTextCharFormat | None:
        """The format of the character at a content offset (what the user sees there)."""
        lm = self.text.layout_map
        if lm is None:
            return None
        ranges = lm.doc_ranges(side, offset, offset + 1)
        if not ranges:
            return None
        c = QTextCursor(self.text.document())
        c.setPosition(ranges[0][0] + 1)  # a cursor reports the format of the character before it
        return c.charFormat()

    def show_span(self, span: Span, candidate: str | None = None) -> bool:
        """Switch to the span's candidate, select its text and scroll it into the upper third of the view."""
        if not span.located:
            return False
        if candidate and candidate != self.document.candidate_label:
            self.document.set_candidate(candidate)
        lm = self.text.layout_map
        if lm is None:
            return False
        source = None
        if span.source_start is not None and span.source_end is not None:
            source = (span.source_start, span.source_end)
        if not self.show_range(span.start, span.end, source):  # type: ignore[arg-type]
            return False
        self.focused = span
        return True

    def show_range(self, start: int, end: int, source: tuple[int, int] | None = None) -> bool:
        """Mark candidate text ``[start, end)`` (and the source text it refers to) and scroll to it."""
        lm = self.text.layout_map
        if lm is None:
            return False
        ranges = lm.doc_ranges("target", start, end)
        if not ranges:
            return False
        # extra selections mark the finding without hiding its severity colour and underline
        focus_fmt = QTextCharFormat()
        focus_fmt.setBackground(QColor(theme.colours().focus))
        focus_fmt.setForeground(QColor(theme.INK_ON_TINT if theme.current() == "light" else "#ffffff"))
        marks = [(a, b) for a, b in ranges]
        if source is not None:
            marks += lm.doc_ranges("source", *source)
        selections = []
        for a, b in marks:
            sel = QTextEdit.ExtraSelection()
            cur = QTextCursor(self.text.document())
            cur.setPosition(a)
            cur.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            sel.cursor = cur
            sel.format = focus_fmt
            selections.append(sel)
        self.text.setExtraSelections(selections)
        self.focused = None
        c = QTextCursor(self.text.document())
        c.setPosition(ranges[0][0])
        c.setPosition(ranges[-1][1], QTextCursor.MoveMode.KeepAnchor)
        first = QTextCursor(self.text.document())
        first.setPosition(ranges[0][0])
        rect = self.text.cursorRect(first)
        end_rect = self.text.cursorRect(c)  # a selecting cursor sits at its moving end
        view_h = self.text.viewport().height()
        if rect.top() < 0 or end_rect.bottom() > view_h:
            bar = self.text.verticalScrollBar()
            bar.setValue(bar.value() + rect.top() - view_h // 3)
        return True
