"""A dialog answered through ``run_modal`` is gone once the event loop turns, even when something still
holds it (here, as in the Export dialog, a lambda connected to one of its own widgets): PySide's
``exec()`` hands it to Python while Qt keeps it as the window's child, the state that deleted a widget
twice at exit (tests/test_ui_quit.py runs the whole window)."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLineEdit, QMainWindow, QVBoxLayout

from litlens.ui.common.modal import run_modal

pytestmark = pytest.mark.gui


class _Asking(QDialog):
    """Built as the Export dialog is: a line edit in a nested layout, and a lambda on it holding the dialog."""

    def __init__(self, parent: QMainWindow) -> None:
        super().__init__(parent)
        self.path = QLineEdit()
        row = QHBoxLayout()
        row.addWidget(self.path)
        QVBoxLayout(self).addLayout(row)
        self.path.textChanged.connect(lambda text: self.setWindowTitle(text))

    def answer(self) -> str:
        return self.path.text()


def test_an_answered_dialog_is_deleted_and_its_answer_read_first(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    dialog = _Asking(window)

    def answer() -> None:
        dialog.path.setText("report.pdf")
        dialog.accept()
    QTimer.singleShot(0, answer)
    assert run_modal(dialog) == QDialog.DialogCode.Accepted
    assert dialog.answer() == "report.pdf"  # read in the same call, as every caller does
    assert not shiboken6.Shiboken.ownedByPython(dialog)  # exec() gave it to Python; handed back for deletion
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog), timeout=2_000)  # deleted: nothing left for the exit


def test_a_cancelled_dialog_is_deleted_too(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    dialog = _Asking(window)
    QTimer.singleShot(0, dialog.reject)
    assert run_modal(dialog) == QDialog.DialogCode.Rejected
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog), timeout=2_000)
