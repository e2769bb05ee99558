"""The main window's menu bar: File, Run, Review, View and Help, with their shortcuts. Kept apart from
the window so the window stays the wiring between widgets; every action is set on the window under the
name the rest of the code (and the tests) use, e.g. ``window.run_action``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.ui.window import MainWindow


def make_action(window: MainWindow, text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
    act = QAction(text, window)
    if keys:
        act.setShortcuts([k if isinstance(k, QKeySequence) else QKeySequence(k) for k in keys])
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
    file_menu.addSeparator()
    file_menu.addAction(settings_action)
    file_menu.addSeparator()
    file_menu.addAction(quit_action)

    run_menu = bar.addMenu(tr("&Run"))
    window.run_action = act(tr("&Run the ticked judges"), window.run_selected, "Ctrl+R")
    window.cancel_action = act(tr("&Cancel the run"), window.runs.cancel, "Ctrl+.")
    run_menu.addActions([window.run_action, window.cancel_action])

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
    review.addActions([window.accept_action, window.reject_action, window.edit_action, window.add_action,
                       window.undo_action])

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
    window.learn_action = act(tr("&Learn the categories"), window.open_learning,
                                     QKeySequence.StandardKey.HelpContents, "F1")
    help_menu.addAction(window.learn_action)

