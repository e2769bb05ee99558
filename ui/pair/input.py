"""What the pair canvas does with the mouse and keyboard: hover tooltips and clicks on findings, text
selection (for "add a finding" and copying), a current row moved by the keys, and starting an edit.

Mixed into ``PairCanvas``; kept apart so the canvas module stays about scrolling and painting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import (QColor, QContextMenuEvent, QGuiApplication, QKeyEvent, QKeySequence, QMouseEvent,
                           QTextCharFormat)
from PySide6.QtWidgets import QApplication, QMenu, QToolTip

from litlens.ui.common import theme
from litlens.ui.pair.layout import python_offset
from litlens.ui.pair.paint import PAD, format_range, hit

if TYPE_CHECKING:
    from PySide6.QtGui import QTextLayout

    from litlens.app.core.model import Span
    from litlens.ui.pair.layout import Cell, Side

def _tr(text: str) -> str:
    return QCoreApplication.translate("PairView", text)


Point = tuple[int, int]  # (row, display position)


def boundary_offset(cell: Cell, pos: int, forward: bool) -> int | None:
    """Content offset of the gap at display ``pos``; on a badge or a paragraph break, the nearest text
    after it (``forward``) or before it."""
    before = None
    for r in cell.runs:
        if r.disp <= pos <= r.disp_end:
            return r.seg_start + (pos - r.disp if r.narrow else python_offset(r.text, pos - r.disp))
        if r.disp > pos:
            return r.seg_start if forward else before
        before = r.seg_end
    return None if forward else before


class PairInput:
    def __init__(self) -> None:
        self.current_row = 0
        self.selection: tuple[str, Point, Point] | None = None  # side, anchor, moving end
        self._press: QPoint | None = None
        self.status_of: Any = lambda span: ""  # set by the PairView: the reviewer's decision on a span
        self.describe: Any = lambda span, status: ""  # tooltip HTML for a finding
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # type: ignore[attr-defined]
        self.setAccessibleName(_tr("Source and translation, paragraph by paragraph"))  # type: ignore

    # ---- hit-testing --------------------------------------------------------------------------------
    def hit_at(self, point: QPoint | QPointF, on_character: bool, side: Side | None = None):
        """(side, row, display position) under a viewport point; ``side`` pins the column (drags)."""
        if self.layout_map is None or not self.heights:  # type: ignore[attr-defined]
            return None
        geo = self.geometry_now()  # type: ignore[attr-defined]
        side = side or geo.side_at(point.x())  # type: ignore[assignment]
        if side is None:
            return None
        y = point.y() + self.verticalScrollBar().value()  # type: ignore[attr-defined]
        row = self.row_at_y(y)  # type: ignore[attr-defined]
        x = min(max(point.x(), geo.x(side)), geo.x(side) + geo.column) - geo.x(side) - PAD
        layout = self.row_layout(row).layout(side)  # type: ignore[attr-defined]
        pos = hit(layout, x, y - self.tops[row] - PAD, on_character)  # type: ignore[attr-defined]
        return None if pos is None else (side, row, pos)

    def spans_at_point(self, point: QPoint | QPointF) -> list[Span]:
        found = self.hit_at(point, True)
        if found is None or self.index is None:  # type: ignore[attr-defined]
            return []
        side, row, pos = found
        offset = self.layout_map.offset_at(side, row, pos)  # type: ignore[attr-defined]
        return [] if offset is None else self.index.spans_at(side, row, offset)  # type: ignore[attr-defined]

    # ---- selection ----------------------------------------------------------------------------------
    def clear_selection(self) -> None:
        self.selection = None
        self.viewport().update()  # type: ignore[attr-defined]

    def select(self, side: Side, start: int, end: int) -> bool:
        """Select content ``[start, end)`` of one side, as a drag would."""
        ranges = self.layout_map.display_ranges(side, start, end) if self.layout_map else []  # type: ignore
        if not ranges:
            return False
        self.selection = (side, (ranges[0][0], ranges[0][1]), (ranges[-1][0], ranges[-1][2]))
        self.viewport().update()  # type: ignore[attr-defined]
        return True

    def _ordered(self) -> tuple[str, Point, Point] | None:
        if self.selection is None or self.selection[1] == self.selection[2]:
            return None
        side, a, b = self.selection
        return (side, a, b) if a <= b else (side, b, a)

    def selected_range(self, side: Side) -> tuple[int, int] | None:
        """Content offsets of the selection when it lies in ``side``'s column, else None."""
        sel = self._ordered()
        if sel is None or sel[0] != side:
            return None
        cells = self.layout_map.cells[side]  # type: ignore[attr-defined]
        (ra, pa), (rb, pb) = sel[1], sel[2]
        a, b = boundary_offset(cells[ra], pa, True), boundary_offset(cells[rb], pb, False)
        return (a, b) if a is not None and b is not None and b > a else None

    def selected_target(self) -> tuple[int, int] | None:
        return self.selected_range("target")

    def selected_text(self) -> str:
        sel = self._ordered()
        if sel is None:
            return ""
        side, (ra, pa), (rb, pb) = sel
        cells = self.layout_map.cells[side]  # type: ignore[attr-defined]
        parts = [cells[r].text[pa if r == ra else 0: pb if r == rb else None] for r in range(ra, rb + 1)]
        return "\n\n".join(parts).replace("\u2028", "\n").replace("\u2009", "")

    def overlays(self, side: Side, row: int) -> list[QTextLayout.FormatRange]:
        """Drawn over the row's own formats: the chosen finding's marks, then the selection."""
        out = []
        if self.marks:  # type: ignore[attr-defined]
            focus = QTextCharFormat()
            focus.setBackground(QColor(theme.colours().focus))
            focus.setForeground(QColor(theme.INK_ON_TINT if theme.current() == "light" else "#ffffff"))
            out += [format_range(a, b - a, focus) for s, r, a, b in self.marks if s == side and r == row]  # type: ignore
        sel = self._ordered()
        if sel is not None and sel[0] == side and sel[1][0] <= row <= sel[2][0]:
            pal = self.palette()  # type: ignore[attr-defined]
            fmt = QTextCharFormat()
            fmt.setBackground(pal.highlight())
            fmt.setForeground(pal.highlightedText())
            a = sel[1][1] if row == sel[1][0] else 0
            b = sel[2][1] if row == sel[2][0] else len(self.layout_map.cells[side][row].text)  # type: ignore
            out.append(format_range(a, b - a, fmt))
        return out

    # ---- mouse --------------------------------------------------------------------------------------
    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            spans = self.spans_at_point(event.pos())  # type: ignore[attr-defined]
            if spans:
                QToolTip.showText(event.globalPos(),  # type: ignore[attr-defined]
                                  "<hr>".join(self.describe(s, self.status_of(s)) for s in spans),
                                  self.viewport())  # type: ignore[attr-defined]
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)  # type: ignore[misc]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()  # type: ignore[attr-defined]
        if event.button() != Qt.MouseButton.LeftButton:
            return
        found = self.hit_at(event.position(), False)
        self._press = event.position().toPoint()
        if found is None:
            self.clear_selection()
            return
        side, row, pos = found
        self.set_current_row(row)
        self.selection = (side, (row, pos), (row, pos))
        self.viewport().update()  # type: ignore[attr-defined]

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or self.selection is None:
            return
        point = event.position()
        vh = self.viewport().height()  # type: ignore[attr-defined]
        if point.y() < 0 or point.y() > vh:  # dragging past an edge scrolls
            bar = self.verticalScrollBar()  # type: ignore[attr-defined]
            bar.setValue(bar.value() + (bar.singleStep() if point.y() > vh else -bar.singleStep()))
        found = self.hit_at(QPointF(point.x(), min(max(point.y(), 0), vh - 1)), False, self.selection[0])
        if found is not None:
            self.selection = (self.selection[0], self.selection[1], (found[1], found[2]))
            self.viewport().update()  # type: ignore[attr-defined]

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        moved = (event.position().toPoint() - press).manhattanLength()
        if moved < QApplication.startDragDistance():
            self.clear_selection()
            spans = self.spans_at_point(event.position())
            if spans:
                self.spanClicked.emit(spans[0])  # type: ignore[attr-defined]
        elif (text := self.selected_text()) and QGuiApplication.clipboard().supportsSelection():
            QGuiApplication.clipboard().setText(text, QGuiApplication.clipboard().Mode.Selection)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        found = self.hit_at(event.position(), False)
        if found is not None and found[0] == "target":
            self.clear_selection()
            self.edit_row(found[1], found[2])

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.context_menu(event.pos()).exec(event.globalPos())

    def context_menu(self, pos: QPoint) -> QMenu:
        """The right-click menu for viewport point ``pos``: copy, add a finding for the selection, edit the
        paragraph, and for a finding under the pointer apply its correction or find it in the list."""
        menu = QMenu(self)  # type: ignore[call-overload]
        copy = menu.addAction(_tr("Copy"))  # type: ignore[attr-defined]
        copy.setEnabled(bool(self.selected_text()))
        copy.triggered.connect(self.copy)
        chosen = self.selected_target()
        add = menu.addAction(_tr("Add a finding for the selected text…"))  # type: ignore[attr-defined]
        add.setEnabled(chosen is not None)
        if chosen is not None:
            add.triggered.connect(lambda: self.addRequested.emit(*chosen))  # type: ignore[attr-defined]
        found = self.hit_at(pos, False, "target")
        if found is not None:
            edit = menu.addAction(_tr("Edit this paragraph"))  # type: ignore[attr-defined]
            edit.triggered.connect(lambda: self.edit_row(found[1], found[2]))
        # the finding under the pointer: apply its correction, or find it in the list, without leaving the text
        spans = self.spans_at_point(pos)
        if spans:
            menu.addSeparator()  # type: ignore[attr-defined]
            fix = menu.addAction(_tr("Apply the correction"))  # type: ignore[attr-defined]
            fix.triggered.connect(lambda: self.applyRequested.emit(spans[0]))  # type: ignore[attr-defined]
            show = menu.addAction(_tr("Show in the findings list"))  # type: ignore[attr-defined]
            show.triggered.connect(lambda: self.spanClicked.emit(spans[0]))  # type: ignore[attr-defined]
        return menu

    def copy(self) -> None:
        text = self.selected_text()
        if text:
            QGuiApplication.clipboard().setText(text)

    # ---- keyboard -----------------------------------------------------------------------------------
    def set_current_row(self, row: int) -> None:
        n = len(self.heights)  # type: ignore[attr-defined]
        if not n:
            return
        row = min(max(0, row), n - 1)
        if row != self.current_row:
            self.current_row = row
            self.currentRowChanged.emit(row)  # type: ignore[attr-defined]
            lm = self.layout_map  # type: ignore[attr-defined]
            # a screen reader reads the row the keys moved to
            self.setAccessibleDescription(  # type: ignore[attr-defined]
                f"{lm.cells['source'][row].text[:200]} — {lm.cells['target'][row].text[:200]}")
        self.viewport().update()  # type: ignore[attr-defined]

    def ensure_row_visible(self, row: int) -> None:
        bar, vh = self.verticalScrollBar(), self.viewport().height()  # type: ignore[attr-defined]
        top, bottom = self.tops[row], self.tops[row] + self.heights[row]  # type: ignore[attr-defined]
        if top < bar.value():
            bar.setValue(int(top))
        elif bottom > bar.value() + vh:
            bar.setValue(int(min(top, bottom - vh)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, bar = event.key(), self.verticalScrollBar()  # type: ignore[attr-defined]
        K = Qt.Key
        moves = {K.Key_Down: 1, K.Key_Up: -1}
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy()
        elif key in moves:
            self.set_current_row(self.current_row + moves[key])
            self.ensure_row_visible(self.current_row)
        elif key in (K.Key_PageDown, K.Key_PageUp):
            bar.setValue(bar.value() + (bar.pageStep() if key == K.Key_PageDown else -bar.pageStep()))
            self.set_current_row(self.row_at_y(bar.value()))  # type: ignore[attr-defined]
        elif key in (K.Key_Home, K.Key_End):
            self.set_current_row(0 if key == K.Key_Home else len(self.heights) - 1)  # type: ignore
            self.ensure_row_visible(self.current_row)
        elif key in (K.Key_Return, K.Key_Enter, K.Key_F2):
            self.edit_row(self.current_row, None)
        elif key == K.Key_Escape and self.selection is not None:
            self.clear_selection()
        else:
            super().keyPressEvent(event)  # type: ignore[misc]

    # ---- editing ------------------------------------------------------------------------------------
    def edit_row(self, row: int, pos: int | None) -> bool:
        """Open the inline editor on the candidate paragraph at ``pos`` of ``row`` (its first without)."""
        lm = self.layout_map  # type: ignore[attr-defined]
        if lm is None or not (0 <= row < len(lm.rows)) or not lm.cells["target"][row].runs:
            return False
        cell = lm.cells["target"][row]
        paragraph = cell.paragraph_at(pos) if pos is not None else cell.runs[0].paragraph
        text = "".join(r.text for r in cell.runs if r.paragraph == paragraph).replace("\u2028", "\n")
        self.set_current_row(row)
        self.ensure_row_visible(row)
        self.editor.open(row, paragraph, text)  # type: ignore[attr-defined]
        return True
