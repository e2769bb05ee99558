"""The window's exercise actions: File › New exercise from project, File › Open exercise, and
Help › My progress. One controller object the menus install (``window.exercises``); the views live beside
it in this package. It uses the window through ``ExerciseHost`` and never imports it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from litlens.app.exercises.model import SUFFIX
from litlens.ui.common.modal import run_modal

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu, QStatusBar

    from litlens.app.exercises.model import Exercise
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.exercises.make import MakeExerciseDialog
    from litlens.ui.exercises.progress import ProgressView


class ExerciseHost(Protocol):
    """What the exercise actions use of the window."""
    document: Document
    tasks: TaskRunner
    prefs: Any  # the window's settings: the reviewer's name
    exercises: ExerciseController
    db_path: Path
    export_action: QAction

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

    def show_error(self, title: str, message: str) -> None: ...


def install(window: ExerciseHost, file_menu: QMenu, help_menu: QMenu) -> ExerciseController:
    """Add the exercise entries to the File and Help menus; returns their controller."""
    controller = ExerciseController(window)
    file_menu.insertActions(window.export_action, [controller.new_action, controller.open_action])
    file_menu.insertSeparator(window.export_action)
    after_learn = help_menu.actions()[1] if len(help_menu.actions()) > 1 else None
    help_menu.insertAction(after_learn, controller.progress_action)
    return controller


class ExerciseController(QObject):
    def __init__(self, window: ExerciseHost) -> None:
        from litlens.ui.common.actions import make_action
        super().__init__(window)
        self.window = window
        self.windows: list = []  # open exercise windows
        self.progress_view: ProgressView | None = None
        self.make_dialog: MakeExerciseDialog | None = None
        self.new_action = make_action(window, self.tr("New e&xercise from project…"), self.new_exercise)
        self.open_action = make_action(window, self.tr("Open e&xercise…"), self.ask_open_exercise)
        self.progress_action = make_action(window, self.tr("My &progress…"), self.open_progress)

    def _say(self, message: str) -> None:
        self.window.statusBar().showMessage(message, 10_000)

    def new_exercise(self) -> None:
        from litlens.ui.exercises.make import MakeExerciseDialog
        w = self.window
        if w.document.project is None:
            self._say(self.tr("Open a project first."))
            return
        dialog = MakeExerciseDialog(w.document, w.prefs.reviewer, w)
        self.make_dialog = dialog  # reachable while it is open (tests)
        if run_modal(dialog) and dialog.exported is not None:
            self._say(self.tr("Exercise exported to {0}").format(dialog.exported))

    def ask_open_exercise(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open an exercise"), "",
                                              self.tr("LitLens exercises (*{0});;All files (*)").format(SUFFIX))
        if path:
            self.open_exercise(path)

    def open_exercise(self, path: str | Path) -> None:
        """Read and check the file on a worker; a file that is not an exercise is refused with its reason."""
        from litlens.app.exercises.model import load

        def failed(exc: BaseException) -> None:
            self.window.show_error(self.tr("This exercise could not be opened"), str(exc))
        self.window.tasks.submit(lambda: load(path), self.show_exercise, failed)

    def show_exercise(self, exercise: Exercise):
        from litlens.ui.exercises.view import ExerciseWindow
        w = self.window
        view = ExerciseWindow(exercise, w.db_path, w.tasks, w.prefs.reviewer, w)
        view.recorded.connect(lambda _a: self.progress_view.refresh() if self.progress_view else None)
        self.windows = [v for v in self.windows if v.isVisible()] + [view]
        view.show()
        return view

    def open_progress(self) -> None:
        from litlens.ui.exercises.progress import ProgressView
        if self.progress_view is None:
            w = self.window
            current = next((v.student.text() for v in reversed(self.windows) if v.student.text()), "")
            self.progress_view = ProgressView(w.db_path, w.tasks, current or w.prefs.reviewer, w)
        else:
            self.progress_view.refresh()
        self.progress_view.show()
        self.progress_view.raise_()
