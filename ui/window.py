"""The main window: the pair view in the centre, the judge panel and result docks around it, menus,
shortcuts, drag and drop, recent projects, theme and remembered window state.

It wires widgets to the Document, the RunController and the ReviewController and owns nothing else.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMessageBox, QScrollArea

from litlens.app.judges import registry
from litlens.app.run.store import default_db_path
from litlens.ui import (language_notice, menus, open_files, pair_layout, project_memory, settings, theme,
                        warmup)
from litlens.ui.docks import Docks
from litlens.ui.document import Document
from litlens.ui.judge_panel import JudgePanel
from litlens.ui.pair_view import PairView
from litlens.ui.review import ReviewController
from litlens.ui.window_review import ReviewActions
from litlens.ui.window_runs import RunActions, user_message
from litlens.ui.window_bulk import BulkActions
from litlens.ui.review_loop import EditController
from litlens.ui.run_bar import RunBar
from litlens.ui.runs import RunController
from litlens.ui.tasks import MainThreadBridge, TaskRunner

if TYPE_CHECKING:
    from collections.abc import Callable

    from litlens.app.judges.base import Judge
    from litlens.app.core.model import Project, Span

FIRST_FRAME_WAIT_MS = 200  # an open waits at most this long for the window's first frame


class MainWindow(RunActions, BulkActions, ReviewActions, QMainWindow):
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
        self.runs = RunController(self.document, self.db_path, self.bridge, self.tasks, parent=self)
        self.review = ReviewController(self.document, self.db_path, self.tasks, self.runs, parent=self)
        self.review.reviewer = self.prefs.reviewer
        self.edits = EditController(self.document, self.db_path, self.tasks, self.runs, parent=self)
        self.edits.reviewer = self.prefs.reviewer
        self._open_seq = 0
        self._framed = False  # the window has painted its first frame (``_after_first_frame``)
        self._frame_waiting: list[Callable[[], None]] = []
        self._estimate_timer = QTimer(self)  # one estimate per burst of checkbox/provider changes
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.setInterval(150)
        self._estimate_timer.timeout.connect(self._estimate_now)
        self.learning = None
        self._remembered: int | None = None

        self.pair_view = PairView(self.document)
        self.pair_view.show_badges = self.prefs.show_badges
        self.judge_panel = JudgePanel(registry.available() if judges is None else judges,
                                      load_errors=registry.load_errors() if judges is None else None)
        self.judge_panel.apply_settings(self.prefs)
        self.run_bar = RunBar()
        self.setCentralWidget(self.pair_view)
        self._judge_dock()
        self.results = Docks(self, self.document, self.db_path, self.tasks)
        self.statusBar().addPermanentWidget(self.run_bar, 1)
        self.statusBar().setSizeGripEnabled(True)
        self._menus()
        self._wire()
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        self._restore_state()
        warmup.schedule(self)  # after the window is on screen, when no run is going

    def _judge_dock(self) -> None:
        side = QScrollArea()
        side.setWidget(self.judge_panel)
        side.setWidgetResizable(True)
        side.setFrameShape(QScrollArea.Shape.NoFrame)
        side.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side.setMinimumWidth(self.judge_panel.minimumSizeHint().width() + 16)
        dock = QDockWidget(self.tr("Judges and provider"), self)
        dock.setObjectName("dock-judges")
        dock.setWidget(side)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.judge_dock = dock

    # ---- menus and shortcuts (built in ui/menus.py) ------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object], *keys: QKeySequence | str) -> QAction:
        return menus.make_action(self, text, slot, *keys)

    def _menus(self) -> None:
        menus.build(self)

    def _wire(self) -> None:
        panel, runs = self.judge_panel, self.runs
        panel.runRequested.connect(self.run_selected)
        panel.cancelRequested.connect(runs.cancel)
        panel.settingsRequested.connect(lambda: self.open_settings("providers"))
        panel.settingsChanged.connect(self._estimate)
        runs.runningChanged.connect(panel.set_running)
        runs.started.connect(self.run_bar.started)
        runs.progressed.connect(self.run_bar.show_progress)
        runs.finished.connect(self.run_bar.show_finished)
        runs.finished.connect(self._run_finished)
        runs.resultsArriving.connect(self._show_busiest_candidate)
        runs.estimated.connect(panel.set_estimate)
        runs.loadFailed.connect(lambda msg: self.run_bar.reset(msg))
        self.results.runs.resumeRequested.connect(runs.resume)
        self.review.failed.connect(lambda msg: self.statusBar().showMessage(msg, 10_000))
        self.results.findings.findingChosen.connect(self._show_finding)
        self.language_notice = language_notice.attach(self)  # a declared language the text disagrees with
        self.pair_view.spanClicked.connect(self._span_clicked)
        self.pair_view.addRequested.connect(self.add_finding)
        # in-memory until candidate revisions are stored (issue 14); the Document re-anchors findings
        self.pair_view.paragraph_edited.connect(self.document.edit_paragraph)
        self._wire_review_loop()  # edits stored as revisions, apply, undo/redo, the findings menu
        for panel in self.results.panels.values():  # any payload view may point into the text
            panel.occurrenceActivated.connect(self._show_range)
        buttons = self.results.review_buttons
        buttons.accept.clicked.connect(self.accept_current)
        buttons.reject.clicked.connect(self.reject_current)
        buttons.edit.clicked.connect(self.edit_current)
        buttons.add.clicked.connect(self.add_from_selection)
        buttons.undo.clicked.connect(self.undo_current)
        self.document.projectChanged.connect(self._project_changed)
        self.document.reviewChanged.connect(self._remember_project)

    # ---- opening ------------------------------------------------------------------------------------
    def open_sample(self, autorun: bool = True) -> None:
        self._open(open_files.load_sample, self.tr("The sample could not be opened"), autorun)

    def open_files(self, source: str | Path, translations: list[str | Path], autorun: bool = False,
                   reference: str | Path | None = None, name: str | None = None,
                   languages: tuple[str | None, str | None] = (None, None)) -> None:
        load = open_files.load_files
        self._open(lambda: load(source, translations, reference, name, self.db_path, languages),
                   self.tr("These files could not be opened"), autorun)

    def open_stored(self, project_id: int) -> None:
        """Reopen a stored project: everything stored for it is shown, nothing is run."""
        self._open(lambda: open_files.load_stored(self.db_path, project_id),
                   self.tr("The project could not be opened"), False)

    def new_project(self, files: list[str] | None = None) -> None:
        from litlens.ui.new_project import NewProjectDialog
        dialog = NewProjectDialog(self, files)
        if dialog.exec() == QDialog.DialogCode.Accepted:
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
        later: two short passes of the event loop (texts, then panel), not one 60-70 ms freeze at first."""
        self.document.set_project(project)
        self.run_bar.reset(self.tr("Ready"))
        self._first_look = autorun
        QTimer.singleShot(25, self, lambda: self.document.project is project and self._open_judges(project))

    def _open_judges(self, project: Project) -> None:
        self.judge_panel.set_project(project)
        offline = [jid for jid, cls in self.judge_panel.judges.items() if not cls.needs_llm]
        if self._first_look and offline:
            self.judge_panel.select(offline)
            self.run_selected()  # its outcome includes what the store already had
        else:
            self.runs.load_results()

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
            if not getattr(self, "_first_look", False):
                project_memory.restore_choices(self.qsettings, pid, self.judge_panel)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        from litlens.ui.new_project import dropped_paths
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
        self._estimate()

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
        from litlens.ui.settings_dialog import SettingsDialog
        shown = self.judge_panel.provider_name()
        # Settings opens on the provider the judge panel uses, so the two never disagree
        prefs = dataclasses.replace(self.prefs, provider=shown) if shown in settings.PROVIDERS else self.prefs
        dialog = SettingsDialog(prefs, self, project=self.document.project, tasks=self.tasks)
        if page == "providers":
            dialog.show_provider(self.judge_panel.provider_name())
        self.settings_dialog = dialog  # reachable while it is open (tests, the key button)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.apply_settings(dialog.result_settings())
            if dialog.restart_requested:
                from litlens.ui.settings_dialog import restart_application
                restart_application(self)
                return
            # saving Settings is the user choosing a provider: the judge panel follows it
            self.judge_panel.set_provider(self.prefs.provider)

    def apply_settings(self, prefs: settings.AppSettings) -> None:
        self.prefs = prefs
        settings.save(prefs, self.qsettings)
        self.review.reviewer = prefs.reviewer
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
        from litlens.ui.learning import LearningView
        if self.learning is None:
            self.learning = LearningView(self.db_path, self.tasks, self)
        self.learning.show()
        self.learning.raise_()

    # ---- window state -------------------------------------------------------------------------------
    def _restore_state(self) -> None:
        geometry = self.qsettings.value("window/geometry")
        state = self.qsettings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        else:  # first launch: results get room enough for the radar and a page of findings
            QTimer.singleShot(0, self, lambda: self.resizeDocks(
                [self.results.docks["findings"]], [max(320, int(self.height() * 0.45))], Qt.Orientation.Vertical))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/state", self.saveState())
        self.qsettings.sync()
        self._estimate_timer.stop()
        self.runs.shutdown()
        self.bridge.close()
        self.tasks.shutdown()
        super().closeEvent(event)
