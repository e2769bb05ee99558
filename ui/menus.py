"""The main window's menu bar: File, Run, Review, View and Help, with their shortcuts. Kept apart from
the window so the window stays the wiring between widgets; every action is set on the window under the
name the rest of the code (and the tests) use, e.g. ``window.run_action``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.ui.window import MainWindow


def make_action(window: MainWindow, text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
    act = QAction(text, window)
    if keys:
        # a standard key may be empty on a platform, or the same as the explicit one beside it
        seqs = [k if isinstance(k, QKeySequence) else QKeySequence(k) for k in keys]
        unique = {s.toString(): s for s in seqs if not s.isEmpty()}
        act.setShortcuts(list(unique.values()))
    act.triggered.connect(lambda _checked=False: slot())
    window.addAction(act)  # shortcuts work wherever focus is in the window
    return act


def build(window: MainWindow) -> None:
    tr = window.tr

    def act(text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
        return make_action(window, text, slot, *keys)
    bar = window.menuBar()
    file_menu = bar.addMenu(tr("&File"))
    window.new_action = act(tr("&New project…"), window.new_project, QKeySequence.StandardKey.New)
    window.open_action = act(tr("&Open source and translation…"), window._ask_and_open,
                                    QKeySequence.StandardKey.Open)
    window.sample_action = act(tr("Open &sample"), lambda: window.open_sample(autorun=True))
    window.recent_menu = file_menu.addMenu(tr("&Recent projects"))
    window.recent_menu.aboutToShow.connect(window._fill_recent)
    settings_action = act(tr("&Settings…"), window.open_settings, QKeySequence.StandardKey.Preferences,
                          "Ctrl+,")
    quit_action = act(tr("&Quit"), window.close, QKeySequence.StandardKey.Quit)
    file_menu.insertActions(window.recent_menu.menuAction(), [window.new_action, window.open_action,
                                                            window.sample_action])
    window.export_action = act(tr("&Export…"), window.export_dialog, "Ctrl+Shift+E")
    file_menu.addSeparator()
    file_menu.addAction(window.export_action)
    file_menu.addSeparator()
    file_menu.addAction(settings_action)
    file_menu.addSeparator()
    file_menu.addAction(quit_action)

    edit_menu = bar.addMenu(tr("&Edit"))  # text edits, applied corrections and decisions, per project
    window.undo_edit_action = act(tr("&Undo"), window.undo_edit, QKeySequence.StandardKey.Undo, "Ctrl+Z")
    window.redo_edit_action = act(tr("&Redo"), window.redo_edit, QKeySequence.StandardKey.Redo,
                                  "Ctrl+Shift+Z")
    edit_menu.addActions([window.undo_edit_action, window.redo_edit_action])
    window.edits.stackChanged.connect(lambda u, r: _stack_labels(window, u, r))
    _stack_labels(window, "", "")
    # Edit › Revisions…, the "showing revision N" note, XLIFF inline codes shown as tags while editing
    from litlens.ui import revision_codes, revision_note, revision_picker
    revision_picker.install(window, edit_menu)
    revision_note.install(window)
    revision_codes.install(window)

    run_menu = bar.addMenu(tr("&Run"))
    window.run_action = act(tr("&Run the ticked judges"), window.run_selected, "Ctrl+R")
    window.cancel_action = act(tr("&Cancel the run"), window.runs.cancel, "Ctrl+.")
    run_menu.addActions([window.run_action, window.cancel_action])
    window.cancel_action.setEnabled(False)
    window.runs.runningChanged.connect(lambda on: (window.run_action.setEnabled(not on),
                                                   window.cancel_action.setEnabled(on)))
    # Run and Cancel stay in view at any window size: the judge panel may scroll them away
    tools = window.addToolBar(tr("Run"))
    tools.setObjectName("toolbar-run")
    tools.setMovable(False)
    tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    window.toolbar = tools
    window.toolbar_settings = make_action(window, tr("Settings…"), window.open_settings)
    window.toolbar_settings.setToolTip(tr("Providers, keys, budget, language and theme"))
    tools.addActions([window.open_action, window.run_action, window.cancel_action])
    tools.addSeparator()
    tools.addAction(window.toolbar_settings)

    review = bar.addMenu(tr("Re&view"))
    window.next_action = act(tr("&Next finding"), lambda: window.results.findings.step(1), "F8", "J")
    window.prev_action = act(tr("&Previous finding"), lambda: window.results.findings.step(-1),
                             "Shift+F8", "K")
    window.accept_action = act(tr("&Accept finding"), window.accept_current, "A")
    window.reject_action = act(tr("&Reject finding"), window.reject_current, "R")
    window.edit_action = act(tr("&Correct finding…"), window.edit_current, "E")
    window.add_action = act(tr("A&dd finding from selected text…"), window.add_from_selection,
                            "Ctrl+Shift+A")
    window.undo_action = act(tr("&Undo decision"), window.undo_current, "U")
    review.addActions([window.next_action, window.prev_action])
    review.addSeparator()
    window.apply_action = act(tr("A&pply the suggested correction"), window.apply_current, "P")
    window.reject_like_action = act(tr("Reject all &like this"), window.reject_like_current)
    window.accept_term_action = act(tr("Accept all occurrences of this &term"), window.accept_term_current)
    review.addActions([window.accept_action, window.reject_action, window.edit_action, window.add_action,
                       window.undo_action])
    review.addSeparator()
    review.addActions([window.apply_action, window.reject_like_action, window.accept_term_action])

    view = bar.addMenu(tr("&View"))
    group = QActionGroup(window)
    window.theme_actions = {}
    for name, label in (("light", tr("&Light palette")), ("dark", tr("&Dark palette"))):
        action = QAction(label, window, checkable=True)
        action.setChecked(window.prefs.theme == name)
        action.triggered.connect(lambda _c=False, n=name: window.set_theme(n))
        group.addAction(action)
        view.addAction(action)
        window.theme_actions[name] = action
    view.addSeparator()
    window.badges_action = QAction(tr("Speech-level &badges"), window, checkable=True)
    window.badges_action.setChecked(window.prefs.show_badges)
    window.badges_action.toggled.connect(window.set_badges)
    view.addAction(window.badges_action)
    view.addSeparator()
    view.addAction(window.judge_dock.toggleViewAction())
    for dock in window.results.docks.values():
        view.addAction(dock.toggleViewAction())

    help_menu = bar.addMenu(tr("&Help"))
    # F1 once: HelpContents is F1 too on most platforms, and a key bound twice does nothing
    window.learn_action = act(tr("&Learn the categories"), window.open_learning, "F1")
    window.shortcuts_action = act(tr("&Keyboard shortcuts"), lambda: show_shortcuts(window), "Ctrl+/")
    window.about_action = act(tr("&About LitLens"), lambda: show_about(window))
    help_menu.addActions([window.learn_action, window.shortcuts_action])
    help_menu.addSeparator()
    help_menu.addAction(window.about_action)
    from litlens.ui import window_exercises  # File › New/Open exercise, Help › My progress
    window_exercises.install(window, file_menu, help_menu)


def _stack_labels(window: MainWindow, undo: str, redo: str) -> None:
    """Undo/Redo say what they would undo or redo, and are off when there is nothing."""
    tr = window.tr
    window.undo_edit_action.setText(tr("&Undo {0}").format(undo) if undo else tr("&Undo"))
    window.redo_edit_action.setText(tr("&Redo {0}").format(redo) if redo else tr("&Redo"))
    window.undo_edit_action.setEnabled(bool(undo))
    window.redo_edit_action.setEnabled(bool(redo))


def shortcut_rows(window: MainWindow) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window that has a shortcut, in menu order."""
    rows = []
    for action in window.actions():
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if keys:
            rows.append((action.text().replace("&", ""), keys))
    return rows


def show_shortcuts(window: MainWindow) -> None:
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTableWidget, QTableWidgetItem, QVBoxLayout
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
    window.shortcuts_dialog = dialog
    dialog.open()


def show_about(window: MainWindow) -> None:
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

