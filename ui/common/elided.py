"""A one-line label that ends what it paints with "…" where its box cuts the text (a plain QLabel cut it
mid-word or mid-glyph); ``text()`` stays whole, and the tooltip is the whole text."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel


class EndsWithEllipsis(QLabel):
    """The painting alone: a caller that words its own tooltip (the run bar) uses this."""

    def shown_text(self) -> str:
        """What is painted: the text, or as much as fits followed by "…"."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), self.palette(),
                                  self.isEnabled(), self.shown_text(), self.foregroundRole())
        painter.end()


class ElidedLabel(EndsWithEllipsis):
    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setToolTip(text)
