"""Chapter navigation above the pair view: a chooser listing the book's chapters (app.texts.chapters:
from chapter files, or the source's headings), hidden when the project has none; choosing one scrolls the
pair view to the row of the chapter's first source paragraph. It follows the view: scrolling into another
chapter shows that chapter's name."""

from __future__ import annotations

import bisect
import math
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QWidget

from litlens.app.texts.chapters import Chapter, chapters_of

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.ui.pair.canvas import PairCanvas


class ChapterNav(QComboBox):
    def __init__(self, canvas: PairCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = canvas
        self.chapters: list[Chapter] = []
        self.source_starts: list[int] = []  # character offset in the source where each chapter begins
        self.setToolTip(self.tr("Go to a chapter of the book"))
        self.setMinimumWidth(140)
        self.setVisible(False)
        self.activated.connect(self.go_to)
        canvas.verticalScrollBar().valueChanged.connect(lambda _v: self.follow())

    def set_project(self, project: Project | None) -> None:
        chapters = chapters_of(project) if project is not None else []
        # the same book shown again (after an edit, a replace, an import) stays where it is: the view keeps
        # its place without scrolling, so nothing else would move the chooser back to its chapter
        kept = self.currentIndex() if chapters == self.chapters else 0
        self.chapters = chapters
        paragraphs = project.source.paragraphs if project is not None else []
        self.source_starts = [paragraphs[c.first].start for c in self.chapters if c.first < len(paragraphs)]
        self.blockSignals(True)
        self.clear()
        for n, c in enumerate(self.chapters, 1):
            self.addItem(self.tr("{0}. {1}").format(n, c.title))
        self.setCurrentIndex(max(0, min(kept, self.count() - 1)))
        self.blockSignals(False)
        self.setVisible(len(self.chapters) > 1)

    def go_to(self, index: int) -> bool:
        """Scroll the pair view to chapter ``index`` (its first source paragraph's row at the top third)."""
        lm = self.canvas.layout_map
        if lm is None or not 0 <= index < len(self.source_starts):
            return False
        at = self.source_starts[index]
        ranges = lm.display_ranges("source", at, at + 1)
        if not ranges:
            return False
        row, a, b = ranges[0]
        self.canvas.set_current_row(row)
        self.canvas.scroll_to(row, a, row, b, side="source")
        bar = self.canvas.verticalScrollBar()
        bar.setValue(math.ceil(self.canvas.tops[row]))  # the chapter's first row at the top
        self.setCurrentIndex(index)
        return True

    def follow(self) -> None:
        """Show the chapter of the first row in view."""
        lm = self.canvas.layout_map
        if lm is None or len(self.source_starts) < 2:
            return
        rows = self.canvas.visible_rows()
        if not rows:
            return
        offset = lm.offset_at("source", rows[0], 0)
        if offset is None:
            return
        n = max(0, bisect.bisect_right(self.source_starts, offset) - 1)
        if n != self.currentIndex():
            self.blockSignals(True)
            self.setCurrentIndex(n)
            self.blockSignals(False)
