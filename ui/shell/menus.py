"""Help › Keyboard shortcuts and Help › About: what the window's menus show beyond their actions (the
menus themselves are built by the window, ui/shell/window.py, from the features' operations)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window that has a shortcut, in menu order."""
    rows = []
    for action in window.actions():
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if keys:
            rows.append((action.text().replace("&", ""), keys))
    return rows


def show_shortcuts(window: QMainWindow) -> QDialog:
    from PySide6.QtWidgets import QDialogButtonBox, QTableWidget, QTableWidgetItem, QVBoxLayout
    rows = shortcut_rows(window)
    dialog = QDialog(window)
    dialog.setWindowTitle(window.tr("Keyboard shortcuts"))
    table = QTableWidget(len(rows), 2, dialog)
    table.setHorizontalHeaderLabels([window.tr("Action"), window.tr("Keys")])
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    for r, (what, keys) in enumerate(rows):
        table.setItem(r, 0, QTableWidgetItem(what))
        table.setItem(r, 1, QTableWidgetItem(keys))
    table.resizeColumnsToContents()
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    lay = QVBoxLayout(dialog)
    lay.addWidget(table)
    lay.addWidget(buttons)
    dialog.resize(480, 520)
    dialog.open()
    return dialog


def show_about(window: QMainWindow) -> None:
    from importlib.metadata import PackageNotFoundError, version

    from PySide6.QtWidgets import QMessageBox
    try:
        ver = version("litlens")
    except PackageNotFoundError:
        ver = "?"
    text = window.tr("<h3>LitLens {0}</h3><p>Reviews literary translations: error spans, honorifics, scores, "
                     "radars and rankings from LLM judges and offline analysers, kept in a local database."
                     "</p>").format(ver)
    QMessageBox.about(window, window.tr("About LitLens"), text)

