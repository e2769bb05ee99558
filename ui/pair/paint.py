"""How one row of the pair view is laid out and drawn: column geometry, cached QTextLayouts per cell,
highlight formats per finding style, and the height estimate for rows not laid out yet.

A row is laid out only when it comes near the screen; its formats (badges, then findings, least severe
first so the most severe wins where they overlap) are part of its layout, so painting is just drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QTextCharFormat, QTextLayout,
                           QTextLine, QTextOption)
from PySide6.QtWidgets import QWidget

from litlens.ui.common import theme
from litlens.ui.pair.layout import SIDES
from litlens.ui.common.severity import style_for

if TYPE_CHECKING:
    from litlens.ui.pair.layout import Cell

GUTTER = 58.0
PAD = 8.0
LINE_FACTOR = 1.35  # airy lines read better for long prose
OUTDATED = "outdated"  # the style key of a finding an edit overtook


def highlight_format(key: str) -> QTextCharFormat:
    """The format of a finding: its severity's tint and underline, or the outdated look (grey, struck
    through with a dash-dot underline) that says "this was about words your edit changed"."""
    if key == OUTDATED:
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#e4e4e4"))
        fmt.setForeground(QColor(theme.INK_ON_TINT))
        fmt.setUnderlineColor(QColor("#6d6d6d"))
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DashDotLine)
        fmt.setFontItalic(True)
        return fmt
    return style_for(key).char_format()


def badge_format(colour: str, font: QFont) -> QTextCharFormat:
    f = QTextCharFormat()
    small = QFont(font)
    small.setPointSizeF(max(6.0, font.pointSizeF() - 3))
    small.setWeight(QFont.Weight.DemiBold)
    f.setFont(small)
    f.setForeground(QColor("#ffffff"))
    f.setBackground(QColor(colour))
    return f


@dataclass(frozen=True)
class Geometry:
    """Column positions for a viewport width: gutter, source cell, candidate cell."""

    width: float

    @property
    def column(self) -> float:
        return max(80.0, (self.width - GUTTER) / 2)

    def x(self, side: str) -> float:
        return GUTTER if side == "source" else GUTTER + self.column

    @property
    def text_width(self) -> float:
        return self.column - 2 * PAD

    def side_at(self, x: float) -> str | None:
        if x < GUTTER:
            return None
        return "source" if x < GUTTER + self.column else "target"


class Metrics:
    """Font measures behind the height estimate, taken once per font."""

    def __init__(self, font: QFont) -> None:
        fm = QFontMetricsF(font)
        sample = "The quiet harbour waited for a letter that never came, "
        self.narrow = fm.horizontalAdvance(sample) / len(sample)
        self.wide = fm.horizontalAdvance("가나다라마바사") / 7
        self.line = fm.height() * LINE_FACTOR

    def estimate(self, cell: Cell, width: float) -> float:
        """Height of a cell's text at ``width`` without laying it out: lines from its width in narrow and
        wide characters, plus forced breaks. Wrapping wastes the end of most lines, hence the 1.08."""
        return self.estimate_counts(len(cell.text), cell.wide, cell.breaks, width)

    def estimate_counts(self, length: int, wide: int, breaks: int, width: float) -> float:
        """The same estimate from a cell's counts (PairLayout.counts), for cells not made yet."""
        if not length:
            return self.line
        ink = (length - wide) * self.narrow + wide * self.wide
        lines = math.ceil(ink * 1.08 / max(width, 1.0)) + breaks
        return max(1, lines) * self.line

    def estimate_all(self, counts: list[tuple[int, int, int]], width: float) -> list[float]:
        """``estimate_counts`` of many cells in one pass (a book's rows, when it opens)."""
        narrow, wide, line, width, ceil = self.narrow, self.wide, self.line, max(width, 1.0), math.ceil
        return [max(1, ceil(((n - w) * narrow + w * wide) * 1.08 / width) + b) * line if n else line
                for n, w, b in counts]


def lay_out(text: str, font: QFont, width: float, formats: list[QTextLayout.FormatRange]) -> tuple[QTextLayout, float]:
    """A laid-out cell and its height."""
    layout = QTextLayout(text, font)
    layout.setCacheEnabled(True)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    if formats:
        layout.setFormats(formats)
    layout.beginLayout()
    y = 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        line.setPosition(QPointF(0, y + line.height() * (LINE_FACTOR - 1) / 2))
        y += line.height() * LINE_FACTOR
    layout.endLayout()
    return layout, y


def format_range(start: int, length: int, fmt: QTextCharFormat) -> QTextLayout.FormatRange:
    r = QTextLayout.FormatRange()
    r.start, r.length, r.format = start, length, fmt
    return r


@dataclass
class RowLayout:
    """The laid-out cells of one row, for one column width."""

    source: QTextLayout
    target: QTextLayout
    formats: dict[str, list[QTextLayout.FormatRange]]
    height: float

    def layout(self, side: str) -> QTextLayout:
        return self.source if side == "source" else self.target


def hit(layout: QTextLayout, x: float, y: float, on_character: bool) -> int | None:
    """Display position under (x, y) in cell coordinates: the character there (``on_character``) or the
    nearest gap between characters; None beyond the text when a character is asked for."""
    for i in range(layout.lineCount()):
        line = layout.lineAt(i)
        top = line.y() - line.height() * (LINE_FACTOR - 1) / 2
        if y < top + line.height() * LINE_FACTOR or i == layout.lineCount() - 1:
            if on_character:
                if not (top <= y < top + line.height() * LINE_FACTOR) or x < 0 or x > line.naturalTextWidth():
                    return None
                pos = line.xToCursor(x, QTextLine.CursorPosition.CursorOnCharacter)
                return pos if pos < line.textStart() + line.textLength() else None
            return line.xToCursor(max(0.0, x))
    return 0 if not on_character else None


class Header(QWidget):
    """Column titles above the rows; stays in place while the rows scroll."""

    def __init__(self, canvas: Any) -> None:
        super().__init__(canvas)
        self.canvas = canvas

    def paintEvent(self, _event: QPaintEvent) -> None:
        tc, lm = theme.colours(), self.canvas.layout_map
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(tc.header))
        p.setPen(QColor(tc.border))
        p.drawLine(0, self.height() - 1, self.width(), self.height() - 1)
        if lm is None:
            return
        font = QFont(self.canvas.body_font)
        font.setWeight(QFont.Weight.DemiBold)
        p.setFont(font)
        p.setPen(QColor(tc.header_ink))
        geo = self.canvas.geometry_now()
        for side, title in zip(SIDES, lm.titles):
            rect = QRectF(geo.x(side) + PAD, 0, geo.text_width, self.height())
            p.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, title)
