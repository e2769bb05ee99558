"""A notice in the status bar when the window's database may not be written, and the actions that would write
turned off, each saying why in its tooltip.

A database is read-only for this LitLens when its file or folder cannot be written, or when a newer
LitLens wrote it (app.run.store.Store opens it for reading and refuses writes). Without this notice the
reviewer would read the project as usual and learn only at the first decision, edit or run that nothing
can be kept. Checked on a worker whenever a project opens (the database is opened to find out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy, QWidget

from litlens.app.run.access import read_only_reason
from litlens.ui.common.theme import set_role

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

# the window's actions and buttons that write to the database (attribute paths on the window)
WRITING_ACTIONS = ("undo_edit_action", "redo_edit_action", "find_replace_action", "accept_action", "reject_action",
                   "edit_action", "add_action", "undo_action", "apply_action", "reject_like_action",
                   "accept_term_action", "run_action")
WRITING_BUTTONS = ("results.review_buttons.accept", "results.review_buttons.reject", "results.review_buttons.edit",
                   "results.review_buttons.apply", "results.review_buttons.add", "results.review_buttons.undo",
                   "results.findings.apply_button", "judge_panel.run_button")


def _find(window: object, path: str) -> object | None:
    for part in path.split("."):
        window = getattr(window, part, None)
        if window is None:
            return None
    return window


class ReadOnlyNotice(QLabel):
    """The status bar's "Read-only" label; while it is shown, the writing actions and buttons stay off (an
    action another part of the window turns on again is turned off at once) with the reason as tooltip."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__()
        self.window_ = window
        self.reason = ""
        self._tip = ""  # the tooltip of every writing control while the database is read-only
        self._tips: dict[int, str] = {}  # each disabled control's own tooltip, given back when writable again
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        set_role(self, "problem")
        self.hide()
        window.document.projectChanged.connect(self.check)  # type: ignore[attr-defined]

    def controls(self) -> list[QAction | QWidget]:
        found = [_find(self.window_, p) for p in (*WRITING_ACTIONS, *WRITING_BUTTONS)]
        return [c for c in found if isinstance(c, (QAction, QWidget))]

    def check(self) -> None:
        """Find out on a worker whether the database may be written, then say so."""
        db = self.window_.db_path  # type: ignore[attr-defined]
        self.window_.tasks.submit(lambda: read_only_reason(db), self.show_reason,  # type: ignore[attr-defined]
                                  lambda exc: None)  # a database that cannot be opened says so when read

    def show_reason(self, reason: str) -> None:
        was, self.reason = self.reason, reason
        if not reason:
            self.hide()
            if was:
                for c in self.controls():
                    c.setToolTip(self._tips.pop(id(c), ""))
                    c.setEnabled(True)
            return
        text = self.tr("Read-only database: {0}").format(reason)
        self.setText(f"🔒 {text}")
        self.setToolTip(self.tr("{0}. You can read the project, its results and its revisions; decisions, "
                                "edits and runs cannot be stored.").format(text))
        self.show()
        self._tip = self.tr("Not available: the database is read-only ({0}).").format(reason)
        for c in self.controls():
            if not was:
                self._tips.setdefault(id(c), c.toolTip())
                self._watch(c)
            c.setToolTip(self._tip)
            c.setEnabled(False)
            if isinstance(c, QAction):
                for menu in c.associatedObjects():
                    if isinstance(menu, QMenu):
                        menu.setToolTipsVisible(True)  # a disabled menu item says why when hovered

    def _watch(self, control: QAction | QWidget) -> None:
        if isinstance(control, QAction):
            control.changed.connect(lambda c=control: self._keep_off(c))
        else:
            control.installEventFilter(self)

    def _keep_off(self, control: QAction | QWidget) -> None:
        if not self.reason:
            return
        if control.isEnabled():
            control.setEnabled(False)
        if control.toolTip() != self._tip:  # the window's own words for it, given back when writable again
            self._tips[id(control)] = control.toolTip()
            control.setToolTip(self._tip)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.window_ and event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self.check)  # after the frame this paint belongs to
            return False
        if event.type() in (QEvent.Type.EnabledChange, QEvent.Type.ToolTipChange) and isinstance(watched, QWidget):
            self._keep_off(watched)
        return False


def attach(window: QMainWindow) -> ReadOnlyNotice:
    """Put the notice in ``window``'s status bar, ahead of everything else, and check the database once the
    window has painted and whenever a project opens."""
    notice = ReadOnlyNotice(window)
    window.statusBar().insertPermanentWidget(0, notice, 2)
    # the first check waits for the window's first paint: opening the database on a worker (sqlite_utils,
    # numpy through it, the schema) held the GIL while the window was built and painted (bench/startup.py)
    window.installEventFilter(notice)
    return notice
