"""The main window: composes the pair view, judge panel, results tabs and run bar, and the File menu.

It wires widgets to the Document and the RunController and owns nothing else: each widget does one job.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QScrollArea, QSplitter, QVBoxLayout, QWidget

from app.judges import registry
from app.store import default_db_path
from ui import open_files
from ui.document import Document
from ui.judge_panel import JudgePanel
from ui.pair_view import PairView
from ui.results_view import ResultsView
from ui.run_bar import RunBar
from ui.runs import RunController
from ui.tasks import MainThreadBridge, TaskRunner

if TYPE_CHECKING:
    from collections.abc import Callable

    from app.judges.base import Judge
    from app.model import Project, Span

# Errors whose message is already a sentence for the user; anything else is named as unexpected.
EXPECTED = ("TextReadError", "OpenError", "StoreError", "JudgeUnavailable", "UnknownJudge", "ValueError",
            "OSError", "FileNotFoundError", "UnicodeDecodeError")


def user_message(exc: BaseException) -> str:
    if type(exc).__name__ in EXPECTED or any(c.__name__ in EXPECTED for c in type(exc).__mro__):
        return str(exc)
    return f"Something unexpected went wrong ({type(exc).__name__}: {exc})."


class MainWindow(QMainWindow):
    def __init__(self, db_path: str | Path | None = None, *,
                 judges: dict[str, type[Judge]] | None = None) -> None:
        super().__init__()
        self.setWindowTitle("LitLens")
        self.db_path = Path(db_path) if db_path is not None else default_db_path()
        self.bridge = MainThreadBridge(self)
        self.tasks = TaskRunner(self.bridge)
        self.document = Document(self)
        self.runs = RunController(self.document, self.db_path, self.bridge, self.tasks, parent=self)
        self._open_seq = 0
        self._estimate_timer = QTimer(self)  # one estimate per burst of checkbox/provider changes
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.setInterval(150)
        self._estimate_timer.timeout.connect(self._estimate_now)

        self.pair_view = PairView(self.document)
        self.judge_panel = JudgePanel(registry.available() if judges is None else judges,
                                      load_errors=registry.load_errors() if judges is None else None)
        self.results = ResultsView(self.document)
        self.run_bar = RunBar()
        self._layout()
        self._menus()
        self._wire()
        self.resize(1360, 860)

    def _layout(self) -> None:
        side = QScrollArea()
        side.setWidget(self.judge_panel)
        side.setWidgetResizable(True)
        side.setFrameShape(QScrollArea.Shape.NoFrame)
        side.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side.setMinimumWidth(self.judge_panel.minimumSizeHint().width() + 16)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.pair_view)
        right.addWidget(self.results)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        main = QSplitter(Qt.Orientation.Horizontal)
        main.addWidget(side)
        main.addWidget(right)
        main.setStretchFactor(1, 1)
        main.setSizes([310, 1050])
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(8, 8, 8, 0)
        lay.addWidget(main, 1)
        lay.addWidget(self.run_bar)
        self.setCentralWidget(central)

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open source and translation…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._ask_and_open)
        self.sample_action = QAction("Open &sample", self)
        self.sample_action.triggered.connect(lambda: self.open_sample(autorun=True))
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addActions([self.open_action, self.sample_action])
        file_menu.addSeparator()
        file_menu.addAction(quit_action)

    def _wire(self) -> None:
        panel, runs = self.judge_panel, self.runs
        panel.runRequested.connect(self.run_selected)
        panel.cancelRequested.connect(runs.cancel)
        panel.settingsChanged.connect(self._estimate)
        runs.runningChanged.connect(panel.set_running)
        runs.started.connect(self.run_bar.started)
        runs.progressed.connect(self.run_bar.show_progress)
        runs.finished.connect(self.run_bar.show_finished)
        runs.estimated.connect(panel.set_estimate)
        runs.loadFailed.connect(lambda msg: self.run_bar.reset(msg))
        self.results.findings.findingChosen.connect(self._show_finding)
        self.pair_view.spanClicked.connect(self._span_clicked)
        self.document.projectChanged.connect(self._project_changed)

    # ---- opening --------------------------------------------------------------------------------
    def open_sample(self, autorun: bool = True) -> None:
        self._open(open_files.load_sample, "The sample could not be opened", autorun)

    def open_files(self, source: str | Path, translations: list[str | Path], autorun: bool = False) -> None:
        self._open(lambda: open_files.load_files(source, translations), "These files could not be opened",
                   autorun)

    def _ask_and_open(self) -> None:
        chosen = open_files.ask_files(self)
        if chosen is not None:
            self.open_files(*chosen)

    def _open(self, load: Callable[[], Project], title: str, autorun: bool) -> None:
        self._open_seq += 1
        seq = self._open_seq
        self.run_bar.reset("Opening…")

        def loaded(project: Project) -> None:
            if seq == self._open_seq:  # a later open wins over a slower earlier one
                self.open_project(project, autorun=autorun)

        def failed(exc: BaseException) -> None:
            self.run_bar.reset("Ready")
            self.show_error(title, user_message(exc))

        self.tasks.submit(load, loaded, failed)

    def open_project(self, project: Project, autorun: bool = False) -> None:
        """Show ``project``; with ``autorun``, start the offline judges so the view fills by itself."""
        self.document.set_project(project)
        self.run_bar.reset("Ready")
        offline = [jid for jid, cls in self.judge_panel.judges.items() if not cls.needs_llm]
        if autorun and offline:
            self.judge_panel.select(offline)
            self.run_selected()  # its outcome includes what the store already had
        else:
            self.runs.load_results()

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self, title, message)

    def _project_changed(self) -> None:
        project = self.document.project
        if project is not None:
            self.setWindowTitle(f"{project.name} — LitLens")
        self._estimate()

    # ---- running --------------------------------------------------------------------------------
    def run_selected(self) -> None:
        project = self.document.project
        if project is None:
            self.show_error("Nothing to review", "Open a source and a translation first (File menu).")
            return
        try:
            request = self.judge_panel.build_request(project)
        except ValueError as exc:
            self.run_bar.reset(str(exc))
            return
        if not request.judges:
            self.run_bar.reset("Choose at least one judge.")
            return
        self.runs.start(request)

    def _estimate(self) -> None:
        self._estimate_timer.start()

    def _estimate_now(self) -> None:
        if self.document.project is not None:
            self.runs.estimate(self.judge_panel.build_request(self.document.project))

    # ---- navigation -----------------------------------------------------------------------------
    def _show_finding(self, span: Span, candidate: str) -> None:
        self.pair_view.show_span(span, candidate)

    def _span_clicked(self, span: Span) -> None:
        self.results.setCurrentWidget(self.results.findings)
        self.results.findings.select_span(span)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._estimate_timer.stop()
        self.runs.shutdown()
        self.bridge.close()
        self.tasks.shutdown()
        super().closeEvent(event)
