"""The scrolling surface of the pair view: aligned rows painted from cached per-row layouts.

Only rows on screen (and a small margin) are laid out; every other row has an estimated height that is
replaced by the real one when the row is laid out. A row measured above the top of the view moves the
scroll value by the difference, so what the reader looks at never jumps. Source and candidate of a row
are drawn at the same y, so the two columns cannot drift apart.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from litlens.ui.common import theme
from litlens.ui.pair.editor import InlineEditor
from litlens.ui.pair.input import PairInput
from litlens.ui.pair.layout import SIDES, row_label
from litlens.ui.pair.paint import GUTTER, PAD, Geometry, Header, Metrics, RowLayout, lay_out

if TYPE_CHECKING:
    from litlens.ui.pair.codes import InlineCodes
    from litlens.ui.pair.index import HighlightIndex
    from litlens.ui.pair.layout import PairLayout, Side

MARGIN = 2  # rows laid out beyond each edge of the view, so small scrolls meet measured rows
KEEP = 24  # laid-out rows kept beyond that before their layouts are dropped
# A new text is laid out one frame after the window took it in: its first rows (fresh glyphs, shapers) in the
# window's own update made a project's arrival the longest GUI pass of a first run (bench/first_run_latency)
REVEAL_MS = 16


def _tr(text: str) -> str:
    return QCoreApplication.translate("PairLayout", text)


class PairCanvas(PairInput, QAbstractScrollArea):
    spanClicked = Signal(object)
    addRequested = Signal(int, int)  # candidate content offsets of the selected text
    applyRequested = Signal(object)  # a finding whose correction the reviewer asked to apply
    editSaved = Signal(int, str)  # candidate paragraph index, new text
    currentRowChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        QAbstractScrollArea.__init__(self, parent)
        PairInput.__init__(self)
        self.layout_map: PairLayout | None = None
        self.index: HighlightIndex | None = None
        self.body_font = QFont(self.font())
        self.metrics = Metrics(self.body_font)
        self.heights: list[float] = []
        self.measured: list[bool] = []
        self.tops: list[float] = [0.0]
        self.cache: dict[int, RowLayout] = {}
        self.inline_codes: InlineCodes | None = None  # set by the window: XLIFF codes shown while editing
        self.layouts_made = 0  # rows laid out since the model was set (tests and benches read it)
        self.marks: list[tuple[str, int, int, int]] = []  # (side, row, start, end): the chosen finding
        self._width = 0.0
        self._shown = 0  # the scroll value the pixels on screen were painted for
        self._settled: tuple[int, int] | None = None  # (scroll value, height) prepare() last left as is
        self.reveal_pending = False  # a new text waits for its own frame (REVEAL_MS)
        self._stale: set[int] = set()  # laid-out rows whose highlights changed, laid out again in theirs
        self.header = Header(self)
        self.editor = InlineEditor(self)
        self.editor.saved.connect(self.editSaved)
        self.setFrameShape(QAbstractScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # always there: a scroll bar appearing would narrow the columns and rewrap every row once more
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        # paintEvent fills what it paints: Qt need not clear the viewport first (a page step would fill
        # the whole view twice), and an opaque viewport keeps scrolls as pixel moves
        self.viewport().setAutoFillBackground(False)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.header.setFixedHeight(int(self.metrics.line / 1.35 + 2 * PAD))
        self._place_header()

    # ---- model ------------------------------------------------------------------------------------
    def set_font_size(self, points: float) -> None:
        if abs(self.body_font.pointSizeF() - points) > 0.01:
            self.body_font.setPointSizeF(points)
            self.metrics = Metrics(self.body_font)
            self.cache.clear()
            self._settled = None
            self.header.setFixedHeight(int(self.metrics.line / 1.35 + 2 * PAD))
            self._place_header()

    def set_model(self, layout: PairLayout | None, index: HighlightIndex | None) -> None:
        """Show ``layout``; rows whose texts did not change keep their measured heights (an edit, a new
        badge or theme does not make the whole book jump)."""
        old, old_h, old_m = self.layout_map, self.heights, self.measured
        same = layout is not None and old is not None and len(layout.rows) == len(old.rows)
        if self.editor.active and not same:
            self.editor.cancel()  # the row being edited is gone; a refresh of the same rows keeps it
        self.layout_map, self.index = layout, index
        self.cache.clear()
        self._stale, self._settled = set(), None
        self.layouts_made = 0
        self.marks = []
        self.clear_selection()
        if layout is None:
            self.heights, self.measured = [], []
        else:
            self._estimate(old if same else None, old_h, old_m)
        self._retop()
        self.header.update()
        # a new text (not a refresh of the same rows) on screen waits for a frame of its own
        self.reveal_pending = layout is not None and not same and self.isVisible()
        if self.reveal_pending:
            QTimer.singleShot(REVEAL_MS, self, self._reveal)
        else:
            self.viewport().update()

    def _reveal(self) -> None:
        if self.reveal_pending or self._stale:
            self.reveal_pending = False
            self._drop(set())
            if self.layout_map is not None:
                self.prepare()  # in this pass; the paint follows in the next
            self.viewport().update()

    def set_index(self, index: HighlightIndex) -> None:
        """Paint new findings on the same rows: only laid-out rows whose highlights differ are laid out again,
        on screen in a frame of their own (the old highlights stay until then): results landing at the end
        of a run otherwise laid them out in the pass that repaints the whole window for the results."""
        old, self.index = self.index, index
        def marks(ix: HighlightIndex, r: int) -> list[list[tuple]]:
            return [[i[:3] for i in ix.intervals(side, r)] for side in SIDES]
        stale = {r for r in self.cache if old is None or marks(old, r) != marks(index, r)}
        if stale and self.isVisible() and not self.reveal_pending:
            if not self._stale:
                QTimer.singleShot(REVEAL_MS, self, self._reveal)
            self._stale |= stale
            return
        self._drop(stale)
        self.viewport().update()

    def waiting(self) -> set[int] | bool:
        """Rows to be laid out again in the coming frame (True: a whole new text); falsy if none."""
        return self.reveal_pending or set(self._stale)

    def _drop(self, rows: set[int]) -> None:
        for r in rows | self._stale:
            self.cache.pop(r, None)
        self._stale, self._settled = set(), None

    def _estimate(self, old: PairLayout | None, old_h: list[float], old_m: list[bool]) -> None:
        lm = self.layout_map
        assert lm is not None
        width = self.geometry_now().text_width
        cells, line, estimate = lm.cells, self.metrics.line, self.metrics.estimate_all
        # one pass over counts read off the texts: a book's cells are not built here
        pairs = zip(estimate(lm.all_counts("source"), width), estimate(lm.all_counts("target"), width),
                    lm.mismatched)
        self.heights = [max(s, t, 2 * line if m else line) + 2 * PAD for s, t, m in pairs]
        self.measured = [False] * len(self.heights)
        if old is None:
            return
        for r in range(len(lm.rows)):
            # only rows laid out before compare texts (and so make their cells) to keep their heights
            if old_m[r] and old.cells["source"][r].text == cells["source"][r].text \
                    and old.cells["target"][r].text == cells["target"][r].text:
                self.heights[r], self.measured[r] = old_h[r], True

    def _retop(self) -> None:
        self.tops = list(accumulate(self.heights, initial=0.0))
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, int(self.tops[-1] - self.viewport().height() + 0.999)))
        bar.setPageStep(max(1, self.viewport().height()))
        bar.setSingleStep(max(1, int(self.metrics.line)))

    # ---- geometry -----------------------------------------------------------------------------------
    def geometry_now(self) -> Geometry:
        return Geometry(float(self.viewport().width()))

    def row_at_y(self, y: float) -> int:
        """Row at content y (clamped to the rows there are)."""
        return min(max(0, bisect_right(self.tops, y) - 1), max(0, len(self.heights) - 1))

    def visible_rows(self) -> range:
        if not self.heights:
            return range(0)
        v = self.verticalScrollBar().value()
        return range(self.row_at_y(v), self.row_at_y(v + self.viewport().height() - 1) + 1)

    def cell_rect(self, row: int, side: Side) -> QRectF:
        """Where a cell is in viewport coordinates."""
        geo, v = self.geometry_now(), self.verticalScrollBar().value()
        return QRectF(geo.x(side), self.tops[row] - v, geo.column, self.heights[row])

    def toPlainText(self) -> str:  # noqa: N802  (the name a QTextEdit in its place would answer to)
        return self.layout_map.plain_text() if self.layout_map is not None else ""

    def laid_out(self) -> set[int]:
        return set(self.cache)

    # ---- layout -------------------------------------------------------------------------------------
    def row_layout(self, row: int) -> RowLayout:
        """The row laid out at the current width (made now if needed)."""
        found = self.cache.get(row)
        if found is not None:
            return found
        assert self.layout_map is not None and self.index is not None
        width = self.geometry_now().text_width
        made, heights, formats = {}, [], {}
        for side in SIDES:
            cell = self.layout_map.cells[side][row]
            formats[side] = self.index.formats(side, row, self.body_font)
            made[side], h = lay_out(cell.text or " ", self.body_font, width, formats[side])
            heights.append(h)
        rl = RowLayout(made["source"], made["target"], formats, max(*heights, self.metrics.line) + 2 * PAD)
        self.cache[row] = rl
        self.layouts_made += 1
        return rl

    def _row_height(self, row: int) -> float:
        h = self.row_layout(row).height
        if self.layout_map is not None and self.layout_map.mismatched[row]:
            h = max(h, 2 * self.metrics.line + 2 * PAD)
        return max(h, self.editor.height_for(row))

    def prepare(self) -> bool:
        """Lay out the rows on screen and a margin; fix their heights, keeping the view still.
        True when a row on screen changed height (what is on screen moved, not just scrolled)."""
        bar, vh = self.verticalScrollBar(), self.viewport().height()
        if self._settled == (bar.value(), vh):
            return False  # nothing scrolled or changed since the rows here were measured
        moved = changed = False
        lo = hi = 0
        for _ in range(6):  # new heights can bring new rows into view; this settles in a step or two
            v = bar.value()
            first, last = self.row_at_y(v), self.row_at_y(v + vh)
            lo, hi = max(0, first - MARGIN), min(len(self.heights) - 1, last + MARGIN)
            shift, changed = 0.0, False
            for r in range(lo, hi + 1):
                h = self._row_height(r)
                self.measured[r] = True
                if abs(h - self.heights[r]) > 0.5:
                    if r < first:
                        shift += h - self.heights[r]
                    elif r <= last:
                        moved = True
                    self.heights[r] = h
                    changed = True
            if not changed:
                break
            self._retop()
            if shift:
                bar.blockSignals(True)  # drawn at the new value; not a scroll of what is on screen
                bar.setValue(int(round(v + shift)))
                bar.blockSignals(False)
                self._shown += int(round(v + shift)) - v
        if len(self.cache) > (hi - lo + 1) + 2 * KEEP:
            for r in [r for r in self.cache if r < lo - KEEP or r > hi + KEEP]:
                del self.cache[r]
        self._settled = None if changed else (bar.value(), vh)
        return moved

    def scrollContentsBy(self, _dx: int, _dy: int) -> None:
        # rows entering the view are laid out first; when that left what is on screen in place, the
        # pixels are moved and only the strip that came into view is painted (a frame costs one row)
        if self.layout_map is not None and self.heights:
            moved = self.prepare()
            v = self.verticalScrollBar().value()
            delta = self._shown - v
            if moved or abs(delta) >= self.viewport().height():
                self.viewport().update()
            elif delta:
                self.viewport().scroll(0, delta)
            self._shown = v
        else:
            self.viewport().update()
        self.editor.place()

    def scroll_to(self, row: int, pos: int, end_row: int, end_pos: int, side: Side = "target") -> None:
        """Bring display text from (row, pos) to (end_row, end_pos) into view, in the upper third when it
        has to move."""
        for r in {row, end_row}:  # measured now, so the target is placed by real heights
            self.heights[r] = self._row_height(r)
            self.measured[r] = True
        self._retop()
        self._settled = None

        def y_of(r: int, p: int, bottom: bool) -> float:
            line = self.row_layout(r).layout(side).lineForTextPosition(p)
            y = line.y() + (line.height() if bottom else 0) if line.isValid() else 0.0
            return self.tops[r] + PAD + y

        bar, vh = self.verticalScrollBar(), self.viewport().height()
        top, bottom = y_of(row, pos, False), y_of(end_row, end_pos, True)
        if top < bar.value() or bottom > bar.value() + vh:
            bar.setValue(int(top - vh // 3))

    def invalidate_row(self, row: int) -> None:
        self.cache.pop(row, None)
        self._settled = None
        self.viewport().update()

    # ---- painting -----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self.viewport())
        pal, tc = self.palette(), theme.colours()
        area = QRectF(event.rect())
        p.fillRect(area, pal.base())
        lm = self.layout_map
        if lm is None or not self.heights or self.reveal_pending:
            return
        if self.prepare():
            self.viewport().update()  # rows on screen moved: the rest of the view follows next
        geo, v, w = self.geometry_now(), self.verticalScrollBar().value(), self.viewport().width()
        self._shown = v
        grid = QPen(QColor(tc.border))
        for r in range(self.row_at_y(v + area.top()), self.row_at_y(v + area.bottom()) + 1):
            y, h = self.tops[r] - v, self.heights[r]
            if lm.mismatched[r]:
                p.fillRect(QRectF(0, y, w, h), QColor(tc.mismatch))
            if r == self.current_row and self.hasFocus():
                p.fillRect(QRectF(0, y, GUTTER, h), QColor(tc.focus))
            p.setFont(self.body_font)
            p.setPen(QColor(tc.gutter))
            p.drawText(QRectF(PAD, y + PAD, GUTTER - PAD, self.metrics.line), Qt.AlignmentFlag.AlignLeft,
                       row_label(lm.rows[r]))
            if lm.mismatched[r]:
                pair = lm.rows[r]
                p.setPen(QColor(tc.warn))
                p.drawText(QRectF(PAD, y + PAD + self.metrics.line, GUTTER - PAD, self.metrics.line),
                           Qt.AlignmentFlag.AlignLeft, f"≠ {len(pair.source)}:{len(pair.target)}")
            rl = self.row_layout(r)
            for side in SIDES:
                if side == "target" and self.editor.row == r:
                    continue  # the editor covers this cell
                at = QPointF(geo.x(side) + PAD, y + PAD)
                self._draw_cell(p, rl, side, r, at, area)  # type: ignore[arg-type]
            p.setPen(grid)
            p.drawLine(QPointF(0, y + h - 0.5), QPointF(w, y + h - 0.5))
        p.setPen(grid)
        for x in (GUTTER, GUTTER + geo.column):
            p.drawLine(QPointF(x - 0.5, area.top()), QPointF(x - 0.5, area.bottom() + 1))

    def _draw_cell(self, p: QPainter, rl: RowLayout, side: Side, row: int, at: QPointF, clip: QRectF) -> None:
        assert self.layout_map is not None
        cell = self.layout_map.cells[side][row]
        if not cell.text:
            font = QFont(self.body_font)
            font.setItalic(True)
            p.setFont(font)
            p.setPen(QColor(theme.colours().muted))
            p.drawText(at + QPointF(0, self.metrics.line * 0.8), _tr("(no matching paragraph)"))
            return
        p.setPen(self.palette().text().color())
        # the clip is in painter coordinates: lines outside it are not even shaped for drawing
        rl.layout(side).draw(p, at, self.overlays(side, row), clip)

    # ---- resizing -----------------------------------------------------------------------------------
    def _place_header(self) -> None:
        if self.viewportMargins().top() != self.header.height():
            self.setViewportMargins(0, self.header.height(), 0, 0)
        r = self.viewport().geometry()
        self.header.setGeometry(r.x(), r.y() - self.header.height(), r.width(), self.header.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_header()
        width = self.geometry_now().text_width
        if abs(width - self._width) > 0.5 and self.layout_map is not None:
            # a new width rewraps everything: keep the top row where it is, re-estimate the rest
            bar = self.verticalScrollBar()
            top = self.row_at_y(bar.value())
            frac = (bar.value() - self.tops[top]) / max(1.0, self.heights[top])
            self.cache.clear()
            self._settled = None
            self._estimate(None, [], [])
            self._retop()
            bar.setValue(int(self.tops[top] + frac * self.heights[top]))
        self._width = width
        self._retop()
        self.editor.place()
