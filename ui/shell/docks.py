"""The result docks around the pair view: findings (with the review buttons), scores, one dock per
registered payload view (radar, ranking, speech levels, terms, summaries and any a plug-in registers),
agreement, runs and failures. Builds them and keeps their titles counted."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QDockWidget, QHBoxLayout, QMainWindow, QPushButton, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.ui.views.agreement import AgreementView
from litlens.ui.review.findings_list import FindingsList
from litlens.ui.common.lazy import WhenShown
from litlens.ui.views import registry as views
from litlens.ui.views import speaker_store
from litlens.ui.views.panel import PayloadPanel
from litlens.ui.runs.history import RunHistory
from litlens.ui.common import theme
from litlens.ui.views.scores import ScoresTable

if TYPE_CHECKING:
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner


class FailuresList(QTreeWidget):
    """Units that failed, with the error; the raw model answer is in the tooltip."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setHeaderLabels([self.tr("Judge"), self.tr("Candidate"), self.tr("Unit"), self.tr("Error")])
        self.setRootIsDecorated(False)
        for col, width in enumerate((96, 110, 150)):
            self.header().resizeSection(col, width)
        self.lazy = WhenShown(self, self.refresh)
        document.resultsChanged.connect(self.lazy.request)
        theme.notifier().changed.connect(self._restyle)

    def _restyle(self, _name: str) -> None:
        self.lazy.request()

    def refresh(self) -> None:
        self.clear()
        for j in self.document.judgments:
            if j.status == "ok":
                continue
            item = QTreeWidgetItem([j.judge, j.candidate or "—", j.unit, j.error or "failed"])
            item.setForeground(3, QColor(theme.problem_ink()))
            raw = (j.raw or "")[:2000]
            raw_title = self.tr("Raw answer:")
            item.setToolTip(3, f"{j.error}\n\n{raw_title}\n{raw}" if raw else (j.error or ""))
            item.setData(0, Qt.ItemDataRole.UserRole, j)
            self.addTopLevelItem(item)


class ReviewButtons(QWidget):
    """Accept / Reject / Correct / Apply / Add / Undo, beside the findings list (the Review menu has the keys)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accept = QPushButton(self.tr("✓ Accept"))
        self.reject = QPushButton(self.tr("✗ Reject"))
        self.edit = QPushButton(self.tr("✎ Correct…"))
        self.apply = QPushButton(self.tr("✔ Apply"))  # enabled while the current finding has a correction
        self.apply.setEnabled(False)
        self.add = QPushButton(self.tr("+ Add from selection…"))
        self.undo = QPushButton(self.tr("Undo decision"))
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        for b in (self.accept, self.reject, self.edit, self.apply, self.add, self.undo):
            lay.addWidget(b)
        lay.addStretch(1)


class Docks:
    """Every result dock of the window; ``results`` keeps the names older code and tests use."""

    def __init__(self, window: QMainWindow, document: Document, db_path: str | Path, tasks: TaskRunner) -> None:
        self.window = window
        self.document = document
        self.findings = FindingsList(document)
        self.findings.tasks = tasks  # a book's findings are listed on a worker, not on the GUI thread
        self.review_buttons = ReviewButtons()
        findings_page = QWidget()
        fl = QVBoxLayout(findings_page)
        fl.setContentsMargins(4, 2, 4, 2)
        fl.addWidget(self.review_buttons)
        fl.addWidget(self.findings, 1)
        self.scores = ScoresTable(document)
        # the window knows payload views, never judges: a plug-in's view gets its dock the same way
        # the reviewer's speaker corrections, which the speech-level views read and write (before they exist)
        speaker_store.install(document, db_path, tasks)
        self.panels = {spec.key: PayloadPanel(document, spec) for spec in views.registered()}
        self.radar = self.panels.get("radar")
        self.ranking = self.panels.get("ranking")
        self.levels = self.panels.get("levels")
        self.terms = self.panels.get("terms")
        self.agreement = AgreementView(document)
        self.runs = RunHistory(document, db_path, tasks)
        self.failures = FailuresList(document)
        pages = [("findings", QCoreApplication.translate("Docks", "Findings"), findings_page),
                 ("scores", QCoreApplication.translate("Docks", "Scores"), self.scores),
                 *[(key, panel.spec.display_title(), panel) for key, panel in self.panels.items()],
                 ("agreement", QCoreApplication.translate("Docks", "Agreement"), self.agreement),
                 ("runs", QCoreApplication.translate("Docks", "Runs"), self.runs),
                 ("failures", QCoreApplication.translate("Docks", "Failures"), self.failures)]
        self.docks: dict[str, QDockWidget] = {}
        self.titles: dict[str, str] = {}
        first: QDockWidget | None = None
        for key, title, page in pages:
            dock = QDockWidget(title, window)
            dock.setObjectName(f"dock-{key}")  # saveState needs a stable name per dock
            dock.setWidget(page)
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable |
                             QDockWidget.DockWidgetFeature.DockWidgetFloatable |
                             QDockWidget.DockWidgetFeature.DockWidgetClosable)
            window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            if first is None:
                first = dock
            else:
                window.tabifyDockWidget(first, dock)
            self.docks[key] = dock
            lazy = getattr(page, "lazy", None)
            if isinstance(lazy, WhenShown):
                lazy.follow(dock)
            self.titles[key] = title
        assert first is not None
        first.raise_()
        self._owner = {id(w): key for key, _t, w in pages}
        self._owner[id(self.findings)] = "findings"
        document.resultsChanged.connect(self.update_titles)
        document.reviewChanged.connect(self.update_titles)
        document.candidateChanged.connect(self.update_titles)
        self.update_titles()

    def update_titles(self) -> None:
        n = len(self.findings.spans())
        failed = sum(1 for j in self.document.judgments if j.status != "ok")  # the list may be stale
        self.docks["findings"].setWindowTitle(f"{self.titles['findings']} ({n})")
        self.docks["failures"].setWindowTitle(f"⚠ {self.titles['failures']} ({failed})" if failed
                                              else self.titles["failures"])

    def raise_page(self, key: str) -> None:
        dock = self.docks[key]
        dock.show()
        dock.raise_()

    # the tab-widget vocabulary the first window used (tests and bench/screenshot.py)
    def setCurrentWidget(self, widget: QWidget) -> None:  # noqa: N802 - mirrors QTabWidget
        self.raise_page(self._owner.get(id(widget), "findings"))

    def title(self, key: str) -> str:
        return self.docks[key].windowTitle()
