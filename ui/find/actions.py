"""Edit › Find and replace… and Edit › Concordance: the window creates ``FindActions`` with what they act
on and registers its two operations as menu actions; the concordance lives in a dock it adds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from litlens.ui.find.concordance import ConcordanceView
from litlens.ui.find.dialog import FindReplaceDialog
from litlens.ui.find.replace import ReplaceController

if TYPE_CHECKING:
    from litlens.app.find.concordance import ConcordanceLine
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.pair.view import PairView
    from litlens.ui.review.edits import EditController
    from litlens.ui.runs.controller import RunController

Say = Callable[[str, int], None]


class FindActions(QObject):
    def __init__(self, window: QMainWindow, document: Document, pair_view: PairView, edits: EditController,
                 runs: RunController, tasks: TaskRunner, db_path: str | Path, say: Say) -> None:
        super().__init__(window)
        self.window, self.document, self.pair_view, self.say = window, document, pair_view, say
        self.replacer = ReplaceController(document, db_path, tasks, runs, edits, self)
        self.replacer.stored.connect(self._replaced)  # the status bar hears it from the edit controller
        self.replacer.failed.connect(lambda msg: say(msg, 10000))
        self.replacer.failed.connect(self._replaced)
        self.dialog: FindReplaceDialog | None = None
        self.concordance = ConcordanceView(document)
        self.concordance.lineActivated.connect(self.show_line)
        self.dock = QDockWidget(self.tr("Concordance"), window)
        self.dock.setObjectName("dock-concordance")
        self.dock.setWidget(self.concordance)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()

    def find_replace(self) -> FindReplaceDialog:
        if self.dialog is None:
            self.dialog = FindReplaceDialog(self.document, self.window)
            self.dialog.replaceRequested.connect(self.replacer.replace)
            self.dialog.occurrenceChosen.connect(self.pair_view.show_range)
        chosen = self.pair_view.text.selected_text().strip()
        if chosen and "\n" not in chosen:
            self.dialog.find_edit.setText(chosen)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.find_edit.setFocus()
        return self.dialog

    def _replaced(self, message: str) -> None:
        if self.dialog is not None:
            self.dialog.replaced(message)

    def open_concordance(self) -> None:
        """Show the dock; a selection in either column is looked up there."""
        self.dock.show()
        self.dock.raise_()
        canvas = self.pair_view.text
        for side in ("source", "target"):
            if canvas.selected_range(side) is not None:
                self.concordance.look_up(canvas.selected_text(), side)
                break
        else:
            self.concordance.query_edit.setFocus()

    def show_line(self, line: ConcordanceLine) -> None:
        """Mark the occurrence and its counterpart in the pair view."""
        if line.side == "target":
            shown = self.pair_view.show_range(line.start, line.end)
        elif line.other_range is not None:
            shown = self.pair_view.show_range(*line.other_range, source=(line.start, line.end))
        else:
            shown = False
        if not shown:
            self.say(self.tr("This occurrence has no aligned paragraph in the translation to show it beside."),
                     6000)
