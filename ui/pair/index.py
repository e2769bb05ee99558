"""Findings by row: per side and row, the intervals to paint (content offsets, style, span).

Built once per change of findings (a bisection per finding), read per row when a row is laid out,
hovered or clicked, so neither painting nor hit-testing ever walks all findings of a book.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QFont, QTextCharFormat, QTextLayout

from litlens.ui.pair.paint import OUTDATED, badge_format, format_range, highlight_format
from litlens.ui.common.severity import rank

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.ui.pair.layout import PairLayout, Side

# (side, start, end, style key, span): style key is a severity or OUTDATED
Planned = tuple[str, int, int, str, "Span"]
Interval = tuple[int, int, str, "Span"]


def _order(key: str) -> int:
    return 99 if key == OUTDATED else rank(key)  # painted first: any live finding wins over it


class HighlightIndex:
    """``plan`` is painted in order (least severe first, so a more severe finding wins an overlap)."""

    def __init__(self, layout: PairLayout, plan: list[Planned]) -> None:
        self.layout = layout
        self.rows: dict[str, dict[int, list[Interval]]] = {"source": {}, "target": {}}
        for side, start, end, key, span in plan:
            for row in layout.rows_touched(side, start, end):  # type: ignore[arg-type]
                self.rows[side].setdefault(row, []).append((start, end, key, span))
        self._formats: dict[str, QTextCharFormat] = {}

    def intervals(self, side: Side, row: int) -> list[Interval]:
        return self.rows[side].get(row, [])

    def spans_at(self, side: Side, row: int, offset: int) -> list[Span]:
        """Findings covering the character at ``offset``, most severe first, each once."""
        found: dict[int, Span] = {}
        for start, end, _key, span in self.intervals(side, row):
            if start <= offset < max(end, start + 1):
                found[id(span)] = span
        return sorted(found.values(), key=lambda s: rank(s.severity))

    def style(self, key: str) -> QTextCharFormat:
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = self._formats[key] = highlight_format(key)
        return fmt

    def formats(self, side: Side, row: int, font: QFont) -> list[QTextLayout.FormatRange]:
        """The row's formats in paint order: speech-level badges, then findings."""
        cell = self.layout.cells[side][row]
        out = [format_range(a, n, badge_format(colour, font)) for a, n, colour in cell.badges]
        for start, end, key, _span in self.intervals(side, row):
            out += [format_range(a, b - a, self.style(key)) for a, b in cell.display_range(start, end) if b > a]
        return out

    def format_at(self, side: Side, row: int, pos: int, font: QFont) -> QTextCharFormat:
        """What is painted on the character at display ``pos``: every covering format merged in order."""
        fmt = QTextCharFormat()
        for r in self.formats(side, row, font):
            if r.start <= pos < r.start + r.length:
                fmt.merge(r.format)
        return fmt


def plan_order(entries: list[Planned]) -> list[Planned]:
    return sorted(entries, key=lambda e: -_order(e[3]))
