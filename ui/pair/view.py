"""The pair view: source paragraphs left, the chosen candidate right, aligned row by row, with findings.

A candidate chooser and a legend above a ``PairCanvas`` that lays out only the rows on screen, so a
novel opens as fast as a chapter. Findings are painted from a per-row index at their exact offsets with
a severity colour and underline style; hovering shows the finding, clicking announces it (the findings
list selects it). Double-click or Enter edits a candidate paragraph in place; the edit is announced as
``paragraph_edited`` and applied by whoever owns the project (the window hands it to the Document).
"""

from __future__ import annotations

import dataclasses
import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTextEdit, QVBoxLayout, QWidget

from litlens.app.core.counts import counted
from litlens.ui.pair import layout as pair_layout
from litlens.ui.common import theme
from litlens.ui.pair.canvas import PairCanvas
from litlens.ui.pair.chapters import ChapterNav
from litlens.app.core.heap import kept_for_good
from litlens.app.mqm import states
from litlens.app.core.edits import clean_paragraph, is_outdated, replace_paragraph
from litlens.ui.pair.index import HighlightIndex
from litlens.ui.common.judge_texts import category_name, judge_short
from litlens.ui.pair.plan import LazyHighlightIndex, RowPlanner, plan_all
from litlens.ui.common.severity import UNDERLINE_NAMES, style_for
from litlens.ui.common.levels import badges_for
from litlens.ui.common.explain import shown_explanation, shown_suggestion

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment, Span
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.pair.layout import PairLayout, Side


def _tr(text: str) -> str:
    return QCoreApplication.translate("PairView", text)


def describe(span: Span, status: str = "") -> str:
    """Tooltip HTML for one finding (with the reviewer's decision, or the edit that overtook it)."""
    parts = [f"<b>{html.escape(_tr(span.severity))}</b> · {html.escape(category_name(span.category))} "
             f"<span style='color:#777'>({html.escape(judge_short(span.judge))})</span>"]
    if status and status != states.OPEN:
        parts[0] += f" — <i>{html.escape(_tr(status))}</i>"
    if is_outdated(span):
        parts.insert(0, f"<b>{html.escape(_tr('Outdated by your edit'))}</b> "
                        f"{html.escape(_tr('(the words it was about changed)'))}")
    if span.explanation:
        parts.append(html.escape(shown_explanation(span)))
    if span.suggestion:
        parts.append(f"<i>{html.escape(_tr('Suggestion:'))}</i> {html.escape(shown_suggestion(span))}")
    return "<br>".join(parts)


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


REBUILD_LATER_ROWS = 2000  # from this many rows a change of badges rebuilds the rows a turn later


class PairView(QWidget):
    """Candidate chooser, legend and the aligned rows, kept in step with the Document."""

    spanClicked = Signal(object)
    addRequested = Signal(int, int)
    applyRequested = Signal(object)
    paragraph_edited = Signal(str, int, str)  # candidate label, paragraph index, new text

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.show_badges = True
        self.combo = QComboBox()
        self.combo.setMinimumWidth(160)
        self.combo.setToolTip(self.tr("Which translation to show beside the source"))
        self.status = QLabel()
        theme.set_role(self.status, "warning")  # the application's stylesheet colours it in either theme
        self.text = PairCanvas()
        self.text.status_of = lambda span: self.document.status(span)
        self.text.describe = describe
        self.text.spanClicked.connect(self.spanClicked)
        self.text.addRequested.connect(self.addRequested)
        self.text.applyRequested.connect(self.applyRequested)
        self.text.editSaved.connect(self._edit_saved)
        self._painted_spans: list[Span] = []  # the findings the highlights were made from
        self._highlighted: list[tuple[str, int, int, str]] | None = []
        self.highlights_version = 0  # grows whenever the painted findings change
        self.badges: dict[int, tuple[str, str]] = {}
        self.focused: Span | None = None
        self._structure: tuple | None = None  # what the current rows were built for
        self._plan_key: tuple | None = None  # what the current highlights show
        # the badges of the results shown, made once per delivery: (judgments, label, on) they were made
        # from, and a number that grows with each new set (the rows' structure names it)
        self._badges_of: tuple[list[Judgment], str, bool, dict[int, tuple[str, str]]] | None = None
        self._badges_version = 0
        self.tasks: TaskRunner | None = None  # set by the window: a book's rows are then rebuilt on a worker
        self.rows_rebuilt_on_worker = 0  # for tests and benches

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Translation:")))
        top.addWidget(self.combo)
        self.chapter_nav = ChapterNav(self.text)  # the book's chapters, when it has them
        top.addWidget(self.chapter_nav)
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
        document.textEdited.connect(lambda _label, _index: self.refresh())

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
        self.chapter_nav.set_project(project)
        self.refresh()

    def _combo_changed(self, label: str) -> None:
        if label:
            self.document.set_candidate(label)

    def _candidate_changed(self, label: str) -> None:
        if self.combo.currentText() != label:
            self.combo.setCurrentText(label)
        self.text.editor.cancel()  # an edit belongs to the candidate it was started on
        self.refresh()

    def reading_size(self) -> float:
        """The point size the texts are shown in: a little larger than the interface's."""
        return self.font().pointSizeF() + 1.5

    def reading_font(self) -> QFont:
        """The font the texts will be laid out in (the warm-up prepares it before a project opens)."""
        font = QFont(self.text.body_font)
        font.setPointSizeF(self.reading_size())
        return font

    def refresh(self) -> None:
        """Bring rows and highlights up to date; only what changed is redone, the scroll position kept."""
        project, cand = self.document.project, self.document.candidate
        canvas = self.text
        bar = canvas.verticalScrollBar()
        keep = bar.value()
        if project is None or cand is None:
            canvas.set_model(None, None)
            self._structure, self._plan_key = None, None
            self._painted_spans, self._highlighted = [], []
            self.status.setText("")
            return
        canvas.set_font_size(self.reading_size())
        # at their offsets in the text shown: an edit in place moves the results' sentences with it (and marks
        # those it rewrote, which get no badge), as a reload from the store does
        self.badges = self._raw_badges(cand.label)
        # the badges are those of these results (and the edits since them, which change the revision)
        structure = (id(project), self.document.revision, cand.label, self._badges_version,
                     theme.current(), canvas.body_font.pointSizeF())
        spans = self.document.findings(cand.label)
        # what the highlights show: these findings under these decisions (rows are planned when laid out)
        key = (tuple(map(id, spans)), self.document.review_version)
        if structure != self._structure and self._rebuild_later(structure, spans, key):
            pass  # a book's rows are rebuilt on the next turn of the event loop, its highlights shown now
        elif structure != self._structure:
            lm = pair_layout.build(project, cand, self.badges)
            canvas.set_model(lm, LazyHighlightIndex(lm, RowPlanner(lm, spans, self.document)))
            self._structure = structure
            self._set_painted(spans, key)
            bar.setValue(keep)
        elif key != self._plan_key:
            assert canvas.layout_map is not None
            canvas.set_index(LazyHighlightIndex(canvas.layout_map, RowPlanner(canvas.layout_map, spans, self.document)))
            self._set_painted(spans, key)
        misaligned = sum(canvas.layout_map.mismatched) if canvas.layout_map else 0
        self.status.setText(counted(misaligned, self.tr("≠ {0} row not aligned one-to-one"),
                                    self.tr("≠ {0} rows not aligned one-to-one")) if misaligned else "")

    def _raw_badges(self, label: str) -> dict[int, tuple[str, str]]:
        """The speech-level badges of the results shown, at their offsets in the judged text. Made once per
        set of results: a book's results landing refreshed the rows three times (results, review, rebuild),
        and each made its 5,000 badges again."""
        judgments, on = self.document.judgments, self.show_badges
        cached = self._badges_of
        if cached is not None and cached[0] is judgments and cached[1] == label and cached[2] == on:
            return cached[3]
        # (no results, no ledger: skip the payload lookup, which imports the judges on first use)
        raw = badges_for(judgments, label) if on and judgments else {}
        if cached is None or raw != cached[3]:
            self._badges_version += 1
        self._badges_of = (judgments, label, on, raw)
        return raw

    def _rebuild_later(self, structure: tuple, spans: list[Span], key: tuple) -> bool:
        """When only the badges (or theme, or size) of a book's rows changed, show the new highlights on the
        rows as they are at once and rebuild the rows one turn of the event loop later.

        Results arriving for a book changed the findings list and every row's badges in one handler:
        listing the findings and rebuilding and re-measuring 7,920 rows held the window 360 ms in one go
        (bench/first_run_latency.py --book). Split, each part is its own turn."""
        canvas, old = self.text, self._structure
        pending = old is not None and old[:1] == ("pending",)
        if pending:
            old = old[1:]  # type: ignore[index]
        if (canvas.layout_map is None or old is None or old[:3] != structure[:3]
                or len(canvas.layout_map.rows) < REBUILD_LATER_ROWS):
            return False
        if key != self._plan_key:
            canvas.set_index(LazyHighlightIndex(canvas.layout_map, RowPlanner(canvas.layout_map, spans,
                                                                              self.document)))
            self._set_painted(spans, key)
        self._structure = ("pending",) + structure
        if pending:
            return True
        if self.tasks is not None and self._rebuild_on_worker(structure):
            return True
        # a timer, not a posted call: posted calls queued in one pass may all run before the next paint
        QTimer.singleShot(1, self, self._rebuild_now)
        return True

    def _rebuild_on_worker(self, structure: tuple) -> bool:
        """Build the rows and count a book's texts for their heights on a worker (pure Python: the GUI
        thread gets the GIL back every switch interval); the GUI thread then only estimates the heights and
        swaps the rows in. False when no worker took it."""
        project, cand, badges = self.document.project, self.document.candidate, self.badges
        assert self.tasks is not None and project is not None and cand is not None

        def rows() -> PairLayout:
            with kept_for_good():  # a book's rows live as long as its layout: built unwalked (app.core.heap)
                lm = pair_layout.build(project, cand, badges)
                for side in ("source", "target"):
                    lm.all_counts(side)  # kept by the rows: the height estimate reads them, not the texts
                    lm.windows(side)  # what every planning of findings on these rows reads
            return lm

        def built(lm: PairLayout) -> None:
            now = self._structure
            if now != ("pending",) + structure:
                if now is not None and now[:1] == ("pending",):
                    self._rebuild_on_worker(now[1:])  # other rows are wanted now: built the same way
                return  # (otherwise the refresh that changed it built them itself)
            self.rows_rebuilt_on_worker += 1
            self._install_rows(lm, structure)

        # the rows are what is being shown: they do not wait for the window's hold (TaskRunner.quiet)
        return self.tasks.submit(rows, built, lambda _exc: self._rebuild_now(), urgent=True) is not None

    def _install_rows(self, lm: PairLayout, structure: tuple) -> None:
        canvas, bar = self.text, self.text.verticalScrollBar()
        keep = bar.value()
        spans = self.document.findings(self.document.candidate_label)
        canvas.set_model(lm, LazyHighlightIndex(lm, RowPlanner(lm, spans, self.document)))
        self._structure = structure
        self._set_painted(spans, (tuple(map(id, spans)), self.document.review_version))
        bar.setValue(keep)

    def _rebuild_now(self) -> None:
        if self._structure is not None and self._structure[:1] == ("pending",):
            self._structure = ("stale",)  # whatever refresh now finds, it rebuilds the rows
            self._plan_key = None
            self.refresh()

    def _set_painted(self, spans: list[Span], key: tuple) -> None:
        self._plan_key = key
        self._painted_spans, self._highlighted = spans, None
        self.highlights_version += 1
        self.focused = None
        self.text.marks = []

    @property
    def highlighted(self) -> list[tuple[str, int, int, str]]:
        """(side, start, end, style) of every finding painted, least severe first: the whole plan, made
        on demand (the rows plan only themselves; this is for tests and anything that wants them all)."""
        if self._highlighted is None:
            self._highlighted = [(side, a, b, style) for side, a, b, style, _span
                                 in plan_all(self._painted_spans, self.document.decision)]
        return self._highlighted

    # ---- editing --------------------------------------------------------------------------------
    def edit_paragraph(self, index: int) -> bool:
        """Open the inline editor on candidate paragraph ``index`` (as a double-click on it would)."""
        lm = self.text.layout_map
        if lm is None:
            return False
        row = next((r for r, pair in enumerate(lm.rows) if index in pair.target), None)
        if row is None:
            return False
        cell = lm.cells["target"][row]
        pos = next(r.disp for r in cell.runs if r.paragraph == index)
        return self.text.edit_row(row, pos)

    def _edit_saved(self, index: int, text: str) -> None:
        cand = self.document.candidate
        text = clean_paragraph(text)
        if cand is None or not text:  # an emptied paragraph would vanish from the alignment: not saved
            return
        self.paragraph_edited.emit(cand.label, index, text)
        cand = self.document.candidate
        if cand is not None and cand.text.paragraphs[index].text != text:
            # nobody applied the edit (yet): show it anyway, so the user sees what they typed
            patched, _edit = replace_paragraph(cand.text, index, text)
            lm = pair_layout.build(self.document.project, dataclasses.replace(cand, text=patched), self.badges)  # type: ignore[arg-type]
            self.text.set_model(lm, HighlightIndex(lm, []))
            self._structure = None

    # ---- queries and navigation ---------------------------------------------------------------
    def char_format_at(self, offset: int, side: Side = "target") -> QTextCharFormat | None:
        """The format painted on the character at a content offset (what the user sees there)."""
        lm, index = self.text.layout_map, self.text.index
        if lm is None or index is None:
            return None
        ranges = lm.display_ranges(side, offset, offset + 1)
        if not ranges:
            return None
        row, a, _b = ranges[0]
        return index.format_at(side, row, a, self.text.body_font)

    def show_span(self, span: Span, candidate: str | None = None) -> bool:
        """Switch to the span's candidate, mark its text and scroll it into the upper third of the view."""
        if not span.located:
            return False
        if candidate and candidate != self.document.candidate_label:
            self.document.set_candidate(candidate)
        source = None
        if span.source_start is not None and span.source_end is not None:
            source = (span.source_start, span.source_end)
        if not self.show_range(span.start, span.end, source):  # type: ignore[arg-type]
            return False
        self.focused = span
        return True

    def show_range(self, start: int, end: int, source: tuple[int, int] | None = None) -> bool:
        """Mark candidate text ``[start, end)`` (and the source text it refers to) and scroll to it."""
        lm, canvas = self.text.layout_map, self.text
        if lm is None:
            return False
        ranges = lm.display_ranges("target", start, end)
        if not ranges:
            return False
        marks = [("target", r, a, b) for r, a, b in ranges]
        if source is not None:
            marks += [("source", r, a, b) for r, a, b in lm.display_ranges("source", *source)]
        canvas.marks = marks
        self.focused = None
        canvas.set_current_row(ranges[0][0])
        canvas.scroll_to(ranges[0][0], ranges[0][1], ranges[-1][0], ranges[-1][2])
        canvas.viewport().update()
        return True
