"""The main window: the pair view in the centre, the judge panel and result docks around it, menus,
shortcuts, drag and drop, recent projects, theme and remembered window state.

It wires widgets to the Document, the RunController and the ReviewController and owns nothing else.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (QDialog, QDockWidget, QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox,
                               QSizePolicy)

from litlens.app.judges import registry
from litlens.app.run.connection import default_db_path
from litlens.ui.shell import language_notice, read_only
from litlens.ui.common.actions import make_action
from litlens.ui.common.elided import ElidedLabel
from litlens.ui.common.modal import run_modal
from litlens.ui.common.particles import settle as settle_particles
from litlens.ui.exercises import menu as exercise_menu
from litlens.ui.revisions import picker as revision_picker
from litlens.ui.revisions.note import RevisionNote
from litlens.ui.revisions.picker import RevisionDialog
from litlens.ui.shell import menus
from litlens.ui.project import open_files
from litlens.ui.pair import layout as pair_layout
from litlens.ui.runs import choices
from litlens.ui.settings import prefs as settings
from litlens.ui.common import theme
from litlens.ui.shell import warmup
from litlens.ui.shell.docks import Docks
from litlens.ui.shell.geometry import first_size, placed, placement
from litlens.ui.common.document import Document
from litlens.ui.runs.judge_panel import JudgePanel
from litlens.ui.pair.view import PairView
from litlens.ui.review.controller import ReviewController
from litlens.ui.pair.codes import InlineCodes
from litlens.ui.review.actions import KEYS as review_keys
from litlens.ui.review.actions import ReviewActions
from litlens.ui.review.edits import EditController
from litlens.ui.review.export_dialog import ExportActions
from litlens.ui.review.people import PeopleActions
from litlens.ui.review.fix_actions import FixActions
from litlens.ui.review.sample_actions import SampleActions
from litlens.ui.find.actions import FindActions
from litlens.ui.exchange.review_docx import ReviewFileActions
from litlens.ui.scorecard import view as scorecard_view
from litlens.ui.terms import view as terms_view
from litlens.ui.runs.actions import RunActions, user_message
from litlens.ui.runs.run_bar import RunBar
from litlens.ui.runs.controller import RunController
from litlens.ui.common.tasks import MainThreadBridge, TaskRunner

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.app.judges.base import Judge
    from litlens.app.core.model import Project, Span
    from litlens.ui.learning.view import LearningView

FIRST_FRAME_WAIT_MS = 200  # an open waits at most this long for the window's first frame


class MainWindow(QMainWindow):
    """Composes the window: it creates each feature's widgets and controllers, hands them what they act
    on, and registers their operations as menu actions (ui/shell/menus.py). No feature imports it."""

    def __init__(self, db_path: str | Path | None = None, *,
                 judges: dict[str, type[Judge]] | None = None, qsettings: QSettings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("LitLens")
        self.setObjectName("LitLensMain")
        self.qsettings = qsettings if qsettings is not None else QSettings("LitLens", "LitLens")
        self.prefs = settings.load(self.qsettings)
        if db_path is None and self.prefs.db_path:
            db_path = self.prefs.db_path
        self.db_path = Path(db_path) if db_path is not None else default_db_path()
        self.bridge = MainThreadBridge(self)
        self.tasks = TaskRunner(self.bridge)
        self.document = Document(self)
        self.document.showing.connect(self.tasks.quiet.hold)  # what a shown project or results start waits
        self.runs = RunController(self.document, self.db_path, self.bridge, self.tasks, parent=self)
        self.review = ReviewController(self.document, self.db_path, self.tasks, self.runs, parent=self)
        self.review.reviewer = self.prefs.reviewer
        self.edits = EditController(self.document, self.db_path, self.tasks, self.runs, parent=self)
        self.edits.reviewer = self.prefs.reviewer
        self._open_seq = 0
        self._framed = False  # the window has painted its first frame (``_after_first_frame``)
        self._frame_waiting: list[Callable[[], None]] = []
        self.learning: LearningView | None = None
        self.revision_dialog: RevisionDialog | None = None  # Edit › Revisions…, made when first opened
        self._remembered: int | None = None

        self.pair_view = PairView(self.document)
        self.pair_view.show_badges = self.prefs.show_badges
        self.pair_view.tasks = self.tasks  # a book's rows are rebuilt on a worker when its results land
        self.judge_panel = JudgePanel(registry.available() if judges is None else judges,
                                      load_errors=registry.load_errors() if judges is None else None)
        self.judge_panel.apply_settings(self.prefs)
        # the provider preferred in Settings, for any project: one named on the command line, the one
        # reopened at start (a provider remembered for a project replaces it in restore_choices)
        self.judge_panel.set_provider(self.prefs.provider)
        self.run_bar = RunBar()
        self.setCentralWidget(self.pair_view)
        self._judge_dock()
        self.results = Docks(self, self.document, self.db_path, self.tasks)
        self._features()
        self._status_line()
        self.statusBar().setSizeGripEnabled(True)
        self._menus()
        self._wire()
        self.setAcceptDrops(True)
        self.resize(first_size(self.screen().availableGeometry()))
        self._restore_state()
        warmup.schedule(self)  # after the window is on screen, when no run is going

    def _judge_dock(self) -> None:
        dock = QDockWidget(self.tr("Judges and provider"), self)
        dock.setObjectName("dock-judges")
        dock.setWidget(self.judge_panel)  # its choices scroll inside it, its Run button stays in view
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        # the panel runs the window's full height: its choices get room, the result docks sit beside it
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.judge_dock = dock

    def _features(self) -> None:
        """The feature controllers, each given what it acts on."""
        say = self.statusBar().showMessage
        # the Document applies an edit in memory first; the review actions then store it as a revision
        self.pair_view.paragraph_edited.connect(self.document.edit_paragraph)
        self.run_actions = RunActions(self, self.document, self.judge_panel, self.runs, self.run_bar,
                                      self.qsettings, lambda: self.results.raise_page("findings"),
                                      self.show_error)
        self.review_actions = ReviewActions(self, self.document, self.results.findings, self.review,
                                            self.edits, self.pair_view, say)
        self.export_actions = ExportActions(self, self.document, self.db_path, self.tasks, say)
        self.people_actions = PeopleActions(self, self.document, self.tasks, say,
                                            lambda: self.results.raise_page("judges"))
        self.fix_actions = FixActions(self, self.document, self.results.findings, self.tasks, self.db_path,
                                      self.judge_panel.provider_choice, self.judge_panel.budget.value,
                                      self.edits.reload_texts, say, lambda: self.review.reviewer)
        self.sample_actions = SampleActions(self, self.document, self.tasks, self.db_path,
                                            self.judge_panel.budget.value, self.runs.load_results, say)
        self.results.findings.set_calibration_mode(self.prefs.calibration)  # the opt-in rule (Settings)
        self.results.findings.use_store(self.db_path)  # calibration and stability read from the store
        self.find_actions = FindActions(self, self.document, self.pair_view, self.edits, self.runs, self.tasks,
                                        self.db_path, say)  # find and replace, concordance dock
        self.review_file = ReviewFileActions(self, self.document, self.db_path, self.tasks, self.edits,
                                             say)  # the bilingual review DOCX to and from the translator
        self.scorecard_dock = scorecard_view.install(self, self.document)  # MQM scorecard per candidate
        self.terms_dock = terms_view.install(self, self.document, self._use_termbase)  # edit, promote, enforce
        # the desk's docks are tabs among the results (beside them they widened the window past the screen)
        for dock in (self.find_actions.dock, self.scorecard_dock, self.terms_dock):
            self.tabifyDockWidget(self.results.docks["failures"], dock)
        self.inline_codes = InlineCodes(self.document, self.tasks, self)  # XLIFF codes shown as tags
        self.pair_view.text.inline_codes = self.inline_codes
        self.inline_codes.warned.connect(self._codes_warned)

    def _status_line(self) -> None:
        """The run bar, what the window says, and the export's Open folder, along the bottom edge.

        QStatusBar paints its messages only left of its permanent widgets, and the run bar (stretched over
        the whole width) left them no room: every message (exported to, rejected N, applied, why not) was
        set and never seen. A label beside the run bar shows each one for as long as it stands."""
        bar = self.statusBar()
        self.status_line = ElidedLabel()
        self.status_line.setObjectName("status-line")
        # a long message ends with "…" at the window's edge, never widens it; the tooltip has it all
        self.status_line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.messageChanged.connect(self._status_says)
        bar.messageChanged.connect(self.export_actions.message_changed)
        # 3:2, so at 1280 px beside a message and the revision note the run bar keeps "Finished · 8/8 units ·
        # no calls" whole (its progress bar takes a fixed part of its share; 1:1 cut it to "no …")
        bar.addPermanentWidget(self.run_bar, 3)
        bar.addPermanentWidget(self.status_line, 2)
        self.status_line.setVisible(False)
        bar.addPermanentWidget(self.export_actions.open_folder)  # a temporary message would hide a plain widget

    def _status_says(self, message: str) -> None:
        message = settle_particles(message)  # "“안”을(를) 적용했습니다" -> "“안”을 적용했습니다"
        self.status_line.setText(message)
        self.status_line.setToolTip(message)
        self.status_line.setVisible(bool(message))  # with nothing said, the run bar has the whole width

    def _use_termbase(self, path: str) -> None:
        """The Terms dock's file, enforced by the consistency judge in the next run (ticked for it)."""
        editor = self.judge_panel.option_editors.get("consistency")
        if editor is not None:
            editor.set_value("termbase", path)
            self.judge_panel.select(sorted({*self.judge_panel.selected(), "consistency"}))

    def _codes_warned(self, warning: str, changed: bool) -> None:
        self.statusBar().showMessage(warning, 10000)
        if changed:  # kept beside "Saved revision N" when it lands
            self.edits.carry_note = warning

    # ---- menus and shortcuts -----------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
        return make_action(self, text, slot, *keys)

    def _menus(self) -> None:
        """The menu bar, each menu built from the operations of the feature it serves."""
        file_menu = self._file_menu()
        self._edit_menu()
        self._run_menu()
        self._review_menu()
        self._view_menu()
        help_menu = self._help_menu()
        self.exercises = exercise_menu.install(self, file_menu, help_menu)  # New/Open exercise, My progress

    def _file_menu(self) -> QMenu:
        tr = self.tr
        file_menu = self.menuBar().addMenu(tr("&File"))
        self.new_action = self._action(tr("&New project…"), self.new_project, QKeySequence.StandardKey.New)
        self.open_action = self._action(tr("&Open source and translation…"), self._ask_and_open,
                                        QKeySequence.StandardKey.Open)
        self.sample_action = self._action(tr("Open &sample"), lambda: self.open_sample(autorun=True))
        self.chapters_action = self._action(tr("Open &chapter folders…"), self._ask_chapter_folders)
        self.recent_menu = file_menu.addMenu(tr("&Recent projects"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        settings_action = self._action(tr("&Settings…"), self.open_settings,
                                       QKeySequence.StandardKey.Preferences, "Ctrl+,")
        quit_action = self._action(tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        file_menu.insertActions(self.recent_menu.menuAction(), [self.new_action, self.open_action,
                                                                self.chapters_action, self.sample_action])
        self.export_action = self._action(tr("&Export…"), self.export_actions.export_dialog, "Ctrl+Shift+E")
        for action in (self.export_action, settings_action, quit_action):
            file_menu.addSeparator()
            file_menu.addAction(action)
        self.review_export_action = self._action(tr("Export review &DOCX…"), self.review_file.ask_export)
        self.review_import_action = self._action(tr("&Import review DOCX…"), self.review_file.ask_import)
        file_menu.insertActions(settings_action, [self.review_export_action, self.review_import_action])
        return file_menu

    def _edit_menu(self) -> None:
        tr = self.tr
        edit_menu = self.menuBar().addMenu(tr("&Edit"))  # text edits, applied corrections and decisions
        self.undo_edit_action = self._action(tr("&Undo"), self.review_actions.undo_edit,
                                             QKeySequence.StandardKey.Undo, "Ctrl+Z")
        self.redo_edit_action = self._action(tr("&Redo"), self.review_actions.redo_edit,
                                             QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z")
        edit_menu.addActions([self.undo_edit_action, self.redo_edit_action])
        edit_menu.addSeparator()
        self.find_replace_action = self._action(tr("&Find and replace…"), self.find_actions.find_replace,
                                                QKeySequence.StandardKey.Replace, "Ctrl+H")
        self.concordance_action = self._action(tr("&Concordance of the selection"),
                                               self.find_actions.open_concordance, "Ctrl+Shift+F")
        edit_menu.addActions([self.find_replace_action, self.concordance_action])
        edit_menu.addSeparator()
        self.edits.stackChanged.connect(self._stack_labels)
        self._stack_labels("", "")
        # Edit › Revisions…, and the "showing revision N" note in the status bar
        self.revisions_action = revision_picker.install(self, edit_menu)
        self.revision_note = RevisionNote(self)

    def _stack_labels(self, undo: str, redo: str) -> None:
        """Undo/Redo say what they would undo or redo, and are off when there is nothing."""
        tr = self.tr
        self.undo_edit_action.setText(tr("&Undo {0}").format(undo) if undo else tr("&Undo"))
        self.redo_edit_action.setText(tr("&Redo {0}").format(redo) if redo else tr("&Redo"))
        self.undo_edit_action.setEnabled(bool(undo))
        self.redo_edit_action.setEnabled(bool(redo))

    def _run_menu(self) -> None:
        tr = self.tr
        run_menu = self.menuBar().addMenu(tr("&Run"))
        self.run_action = self._action(tr("&Run the ticked judges"), self.run_actions.run_selected, "Ctrl+R")
        self.cancel_action = self._action(tr("&Cancel the run"), self.runs.cancel, "Ctrl+.")
        run_menu.addActions([self.run_action, self.cancel_action, self.sample_actions.action,
                             self.sample_actions.adaptive_action])
        self.cancel_action.setEnabled(False)
        self.runs.runningChanged.connect(lambda on: (self.run_action.setEnabled(not on),
                                                     self.cancel_action.setEnabled(on)))
        # Run and Cancel stay in view at any window size: the judge panel may scroll them away
        tools = self.addToolBar(tr("Run"))
        tools.setObjectName("toolbar-run")
        tools.setMovable(False)
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = tools
        self.toolbar_settings = make_action(self, tr("Settings…"), self.open_settings)
        self.toolbar_settings.setToolTip(tr("Providers, keys, budget, language and theme"))
        tools.addActions([self.open_action, self.run_action, self.cancel_action])
        tools.addSeparator()
        tools.addAction(self.toolbar_settings)

    def _review_menu(self) -> None:
        tr, review, findings = self.tr, self.review_actions, self.results.findings
        review_menu = self.menuBar().addMenu(tr("Re&view"))
        self.next_action = self._action(tr("&Next finding"), lambda: findings.step(1), "F8", "J")
        self.prev_action = self._action(tr("&Previous finding"), lambda: findings.step(-1), "Shift+F8", "K")
        self.accept_action = self._action(tr("&Accept finding"), review.accept_current, review_keys["accept"])
        self.reject_action = self._action(tr("&Reject finding"), review.reject_current, review_keys["reject"])
        self.edit_action = self._action(tr("&Correct finding…"), review.edit_current, review_keys["correct"])
        self.add_action = self._action(tr("A&dd finding from selected text…"), review.add_from_selection,
                                       "Ctrl+Shift+A")
        self.undo_action = self._action(tr("&Undo decision"), review.undo_current, "U")
        self.apply_action = self._action(tr("A&pply the suggested correction"), review.apply_current,
                                         review_keys["apply"])
        self.reject_like_action = self._action(tr("Reject all &like this"), review.reject_like_current)
        self.accept_term_action = self._action(tr("Accept all occurrences of this &term"),
                                               review.accept_term_current)
        review_menu.addActions([self.next_action, self.prev_action])
        review_menu.addSeparator()
        review_menu.addActions([self.accept_action, self.reject_action, self.edit_action, self.add_action,
                                self.undo_action])
        review_menu.addSeparator()
        review_menu.addActions([self.apply_action, self.reject_like_action, self.accept_term_action])
        review_menu.addSeparator()
        self.compare_people_action = self._action(tr("Compare the judges with people's error spans…"),
                                                  self.people_actions.ask_and_compare)
        review_menu.addAction(self.compare_people_action)
        review_menu.addActions([self.fix_actions.check_action, self.fix_actions.apply_action])

    def _view_menu(self) -> None:
        tr = self.tr
        view = self.menuBar().addMenu(tr("&View"))
        group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for name, label in (("light", tr("&Light palette")), ("dark", tr("&Dark palette"))):
            action = QAction(label, self, checkable=True)
            action.setChecked(self.prefs.theme == name)
            action.triggered.connect(lambda _c=False, n=name: self.set_theme(n))
            group.addAction(action)
            view.addAction(action)
            self.theme_actions[name] = action
        view.addSeparator()
        self.badges_action = QAction(tr("Speech-level &badges"), self, checkable=True)
        self.badges_action.setChecked(self.prefs.show_badges)
        self.badges_action.toggled.connect(self.set_badges)
        view.addAction(self.badges_action)
        view.addSeparator()
        view.addAction(self.judge_dock.toggleViewAction())
        view.addAction(self.find_actions.dock.toggleViewAction())
        view.addAction(self.scorecard_dock.toggleViewAction())
        view.addAction(self.terms_dock.toggleViewAction())
        for dock in self.results.docks.values():
            view.addAction(dock.toggleViewAction())

    def _show_shortcuts(self) -> None:
        self.shortcuts_dialog = menus.show_shortcuts(self)  # reachable while it is open (tests)

    def _help_menu(self) -> QMenu:
        tr = self.tr
        help_menu = self.menuBar().addMenu(tr("&Help"))
        # F1 once: HelpContents is F1 too on most platforms, and a key bound twice does nothing
        self.learn_action = self._action(tr("&Learn the categories"), self.open_learning, "F1")
        self.shortcuts_action = self._action(tr("&Keyboard shortcuts"), self._show_shortcuts,
                                             "Ctrl+/")
        self.about_action = self._action(tr("&About LitLens"), lambda: menus.show_about(self))
        help_menu.addActions([self.learn_action, self.shortcuts_action])
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        return help_menu

    def _wire(self) -> None:
        panel, runs = self.judge_panel, self.runs
        panel.cancelRequested.connect(runs.cancel)
        panel.settingsRequested.connect(lambda: self.open_settings("providers"))
        runs.runningChanged.connect(panel.set_running)
        runs.loadFailed.connect(lambda msg: self.run_bar.reset(msg))
        # a resumed run goes on under the budget the panel shows, as a run started there would
        self.results.runs.resumeRequested.connect(lambda run_id: runs.resume(run_id, panel.budget_choice()))
        self.results.findings.findingChosen.connect(self._show_finding)
        self.language_notice = language_notice.attach(self)  # a declared language the text disagrees with
        self.read_only_notice = read_only.attach(self)  # a database this LitLens may not write: why
        self.pair_view.spanClicked.connect(self._span_clicked)
        for view in self.results.panels.values():  # any payload view may point into the text
            view.occurrenceActivated.connect(self._show_range)
        buttons, review = self.results.review_buttons, self.review_actions
        buttons.accept.clicked.connect(review.accept_current)
        buttons.reject.clicked.connect(review.reject_current)
        buttons.edit.clicked.connect(review.edit_current)
        buttons.apply.clicked.connect(review.apply_current)
        self.results.findings.apply_button.clicked.connect(review.apply_current)
        review.applyChanged.connect(self._show_applicable)
        buttons.add.clicked.connect(review.add_from_selection)
        buttons.undo.clicked.connect(review.undo_current)
        self.document.projectChanged.connect(self._project_changed)
        self.document.reviewChanged.connect(self._remember_project)

    def _show_applicable(self, fix: str) -> None:
        """Every Apply beside a finding follows the current finding: on with what it would write, or off."""
        buttons = self.results.review_buttons
        buttons.apply.setEnabled(bool(fix))
        buttons.apply.setToolTip(self.tr("Apply “{0}” (P)").format(fix) if fix else
                                 self.tr("This finding has no correction that can be applied."))
        self.results.findings.show_applicable(fix)

    # ---- opening ------------------------------------------------------------------------------------
    def open_sample(self, autorun: bool = True) -> None:
        self._open(open_files.load_sample, self.tr("The sample could not be opened"), autorun)

    def open_files(self, source: str | Path, translations: list[str | Path], autorun: bool = False,
                   reference: str | Path | None = None, name: str | None = None,
                   languages: tuple[str | None, str | None] = (None, None)) -> None:
        load = open_files.load_files
        self._open(lambda: load(source, translations, reference, name, self.db_path, languages),
                   self.tr("These files could not be opened"), autorun)

    def open_chapter_folders(self, source_dir: str | Path, translation_dir: str | Path,
                             autorun: bool = False) -> None:
        """A book: a folder of source chapter files and a folder of the translation's, paired by name order."""
        def load() -> Project:
            from litlens.app.texts.chapters import folders_project
            book = folders_project(source_dir, [translation_dir])
            shown = open_files.with_last_revisions(book, self.db_path)
            shown.chapters = book.chapters
            return shown
        self._open(load, self.tr("These chapter folders could not be opened"), autorun)

    def _ask_chapter_folders(self) -> None:
        source = QFileDialog.getExistingDirectory(self, self.tr("Folder of the source's chapter files"))
        if not source:
            return
        target = QFileDialog.getExistingDirectory(self, self.tr("Folder of the translation's chapter files"),
                                                  str(Path(source).parent))
        if target:
            self.open_chapter_folders(source, target)

    def open_stored(self, project_id: int) -> None:
        """Reopen a stored project: everything stored for it is shown, nothing is run."""
        self._open(lambda: open_files.load_stored(self.db_path, project_id),
                   self.tr("The project could not be opened"), False)

    def new_project(self, files: list[str] | None = None) -> None:
        from litlens.ui.project.new_project import NewProjectDialog
        dialog = NewProjectDialog(self, files)
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            source, translations, reference, name = dialog.chosen()
            self.open_files(source, translations, reference=reference, name=name, languages=dialog.languages())

    def _ask_and_open(self) -> None:
        chosen = open_files.ask_files(self)
        if chosen is not None:
            self.open_files(*chosen)

    def _open(self, load: Callable[[], Project], title: str, autorun: bool) -> None:
        self._open_seq += 1
        seq = self._open_seq
        self.run_bar.reset(self.tr("Opening…"))

        def loaded(project: Project) -> None:
            if seq == self._open_seq:  # a later open wins over a slower earlier one; fonts ready first
                warmup.when_text_warmed(self, lambda: seq == self._open_seq
                                        and self.open_project(project, autorun))

        def failed(exc: BaseException) -> None:
            self.run_bar.reset(self.tr("Ready"))
            self.show_error(title, user_message(exc))

        # the pair view's paragraph counts are made with the project, off the GUI thread
        self._after_first_frame(lambda: self.tasks.submit(lambda: pair_layout.count_paragraphs(load()),
                                                          loaded, failed))

    def _after_first_frame(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the window has painted its first frame (at once when it has, or is not shown).

        Files named on the command line are opened while the window is still being shown: the reading
        worker then competed with the window's own first layout and paint for the GIL, one 45-85 ms
        freeze (bench/first_run_latency.py, opened at once). The open now starts right after that frame;
        should no paint come (a window shown minimised), it starts FIRST_FRAME_WAIT_MS later anyway."""
        if self._framed or not self.isVisible():
            then()
            return
        self._frame_waiting.append(then)
        if len(self._frame_waiting) == 1:
            QTimer.singleShot(FIRST_FRAME_WAIT_MS, self, self._first_frame_done)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        if not self._framed:  # the children paint in this same pass; what waited starts after it
            QTimer.singleShot(0, self, self._first_frame_done)

    def _first_frame_done(self) -> None:
        if self._framed:
            return
        self._framed = True
        waiting, self._frame_waiting = self._frame_waiting, []
        for then in waiting:
            then()

    def open_project(self, project: Project, autorun: bool = False) -> None:
        """Show ``project``; with ``autorun``, run the offline judges. The judge panel and the run follow 25 ms
        later: two short passes of the event loop (texts, then panel), not one 60-70 ms freeze at first.
        Background work (the run's start among it) waits while the project is laid out (TaskRunner.quiet)."""
        self.document.set_project(project)
        self.run_bar.reset(self.tr("Ready"))
        self.run_actions.first_look = autorun
        QTimer.singleShot(25, self, lambda: self.document.project is project and self._open_judges(project))

    def _open_judges(self, project: Project) -> None:
        self.judge_panel.set_project(project)
        offline = [jid for jid, cls in self.judge_panel.judges.items() if not cls.needs_llm]
        if self.run_actions.first_look and offline:
            self.judge_panel.select(offline)
            self.run_actions.run_selected()  # its outcome includes what the store already had
        else:
            self.runs.load_results()

    def reopen_last(self) -> bool:
        """Reopen the project used last (File › Recent's first entry); the sample when it is gone.

        False when there is no recent project (the caller opens the sample instead)."""
        pid = settings.last_project(self.qsettings)
        if pid is None:
            return False

        def loaded(project: Project) -> None:
            self.open_project(project, autorun=False)

        def gone(_exc: BaseException) -> None:  # another database, or deleted: start as a new user would
            self.open_sample(autorun=True)
        # read after the first frame: the reading worker (the store, the project's texts) would otherwise
        # hold the GIL while the window lays out and paints, and delay the window itself (bench/startup.py)
        self._after_first_frame(lambda: self.tasks.submit(lambda: open_files.load_stored(self.db_path, pid),
                                                          loaded, gone))
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = settings.recent_projects(self.qsettings)
        for pid, name in recent:
            action = self.recent_menu.addAction(name or f"#{pid}")
            action.triggered.connect(lambda _c=False, p=pid: self.open_stored(p))
        if not recent:
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    def _remember_project(self) -> None:
        project, pid = self.document.project, self.document.project_id
        if project is not None and pid and pid != self._remembered:
            self._remembered = pid
            settings.remember_project(pid, project.name, self.qsettings)
            if not self.run_actions.first_look:
                choices.restore_choices(self.qsettings, pid, self.judge_panel)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        from litlens.ui.project.new_project import dropped_paths
        paths = dropped_paths(event)
        event.acceptProposedAction()
        if paths:
            QTimer.singleShot(0, lambda: self.new_project(paths))  # leave the drop handler first

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self, title, message)

    def _project_changed(self) -> None:
        project = self.document.project
        if project is not None:
            self.setWindowTitle(f"{project.name} — LitLens")

    # ---- navigation ---------------------------------------------------------------------------------
    def _show_finding(self, span: Span, candidate: str) -> None:
        self.pair_view.show_span(span, candidate)

    def _span_clicked(self, span: Span) -> None:
        self.results.raise_page("findings")
        self.results.findings.select_span(span)
        self.pair_view.show_span(span)

    def _show_range(self, candidate: str, start: int, end: int) -> None:
        if candidate and candidate != self.document.candidate_label:
            self.document.set_candidate(candidate)
        self.pair_view.show_range(start, end)

    # ---- settings, theme, learning ------------------------------------------------------------------
    def open_settings(self, page: str | None = None) -> None:
        from litlens.ui.settings.dialog import SettingsDialog
        shown = self.judge_panel.provider_name()
        # Settings opens on the provider the judge panel uses, so the two never disagree
        prefs = dataclasses.replace(self.prefs, provider=shown) if shown in settings.PROVIDERS else self.prefs
        dialog = SettingsDialog(prefs, self, project=self.document.project, tasks=self.tasks, db_in_use=self.db_path)
        if page == "providers":
            dialog.show_provider(self.judge_panel.provider_name())
        self.settings_dialog = dialog  # reachable while it is open (tests, the key button)
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            self.apply_settings(dialog.result_settings())
            if dialog.restart_requested:
                from litlens.ui.settings.dialog import restart_application
                restart_application(self)
                return
            # saving Settings is the user choosing a provider: the judge panel follows it
            self.judge_panel.set_provider(self.prefs.provider)

    def apply_settings(self, prefs: settings.AppSettings) -> None:
        self.prefs = prefs
        settings.save(prefs, self.qsettings)
        self.review.reviewer = prefs.reviewer
        self.results.findings.set_calibration_mode(prefs.calibration)
        self.judge_panel.apply_settings(prefs)
        self.set_theme(prefs.theme)

    def use_local_model(self, model_file: str | Path, *, n_ctx: int | None = None,
                        n_threads: int | None = None, n_gpu_layers: int | None = None) -> None:
        """Choose the local provider with this GGUF file (from the command line); kept like a Settings
        choice. A file that cannot be used is named in the estimate beside the Run button."""
        prefs = dataclasses.replace(self.prefs, local_model_file=str(Path(model_file).expanduser()))
        if n_ctx is not None:
            prefs.local_n_ctx = n_ctx
        if n_threads is not None:
            prefs.local_n_threads = max(0, n_threads)
        if n_gpu_layers is not None:
            prefs.local_n_gpu_layers = n_gpu_layers
        self.apply_settings(prefs)
        self.judge_panel.set_provider(settings.LOCAL)

    def set_theme(self, name: str) -> None:
        theme.apply(name)
        self.prefs.theme = theme.current()
        self.theme_actions[theme.current()].setChecked(True)
        settings.save(self.prefs, self.qsettings)
        self.pair_view.refresh()  # its table colours come from the theme

    def set_badges(self, on: bool) -> None:
        self.prefs.show_badges = on
        self.pair_view.show_badges = on
        settings.save(self.prefs, self.qsettings)
        self.pair_view.refresh()

    def open_learning(self) -> None:
        from litlens.ui.learning.view import LearningView
        if self.learning is None:
            self.learning = LearningView(self.db_path, self.tasks, self)
        self.learning.show()
        self.learning.raise_()

    # ---- window state -------------------------------------------------------------------------------
    def _restore_state(self) -> None:
        geometry = self.qsettings.value("window/geometry")
        state = self.qsettings.value("window/state")
        share = self.qsettings.value("window/placement")  # the same share of whatever screen it opens on
        rect = placed(share, self.screen().availableGeometry()) if share is not None else None
        if rect is not None:
            self.move(rect.topLeft())
            self.resize(rect.size())
            if self.qsettings.value("window/maximized") in (True, "true"):
                self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
        elif geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        else:  # first launch: results get room enough for the radar and a page of findings
            QTimer.singleShot(0, self, lambda: self.resizeDocks(
                [self.results.docks["findings"]], [max(320, int(self.height() * 0.45))], Qt.Orientation.Vertical))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/placement", placement(self.normalGeometry(),
                                                              self.screen().availableGeometry()))
        self.qsettings.setValue("window/maximized", self.isMaximized())
        self.qsettings.setValue("window/state", self.saveState())
        self.qsettings.sync()
        self.run_actions.stop()
        self.runs.shutdown()
        self.bridge.close()
        self.tasks.shutdown()
        super().closeEvent(event)
