"""The scorecard dock: penalty points per 1,000 words, quality score and pass/fail per candidate under the
chosen QA profile, counting the reviewed findings (or every finding not rejected, with the box ticked).
It follows the Document: results, review decisions and edits update it (when it is shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDockWidget, QFileDialog, QHBoxLayout, QHeaderView, QLabel,
                               QMainWindow,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.mqm import states
from litlens.app.mqm.profiles import BUILT_IN, Profile, ProfileError, load_profile
from litlens.app.mqm.scorecard import Finding, Scorecard, chapter_scorecards
from litlens.ui.common import theme
from litlens.ui.common.flow import FlowLayout
from litlens.ui.common.lazy import WhenShown

if TYPE_CHECKING:
    from litlens.ui.common.document import Document

OTHER = "__file__"


class ScorecardView(QWidget):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.profile_box = QComboBox()
        self.profile_box.addItem(self.tr("Literary (seed 002's weights)"), "literary")
        self.profile_box.addItem(self.tr("MQM-Core (1 / 5 / 25)"), "mqm-core")
        self.profile_box.addItem(self.tr("Profile file…"), OTHER)
        self.include_all = QCheckBox(self.tr("Count findings not yet reviewed"))
        self.include_all.setToolTip(self.tr("Off: only findings you accepted, corrected, applied or added. "
                                            "On: every finding you did not reject (and whose words are still "
                                            "there)."))
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("Candidate"), self.tr("Word count"), self.tr("Errors"), self.tr("Critical"),
                                   self.tr("Major"), self.tr("Minor"), self.tr("Penalty"),
                                   self.tr("Per 1,000 words"), self.tr("Score"), self.tr("Pass mark"),
                                   self.tr("Result")])
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.note = QLabel()
        self.note.setWordWrap(True)
        profile = QWidget()
        row = QHBoxLayout(profile)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("QA profile:")))
        row.addWidget(self.profile_box)
        top = FlowLayout()  # the box goes under the profile when the dock is narrow
        top.addWidget(profile)
        top.addWidget(self.include_all)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.note)
        self.profile: Profile = load_profile(BUILT_IN[0])
        self.cards: list[Scorecard] = []  # one per candidate (the whole text)
        self.chapter_cards: list[Scorecard] = []  # per chapter, when the book has chapters (rows under it)
        self.lazy = WhenShown(self, self.refresh)
        self.profile_box.activated.connect(self._profile_chosen)
        self.include_all.toggled.connect(lambda _on: self.refresh())
        document.resultsChanged.connect(self.lazy.request)
        document.reviewChanged.connect(self.lazy.request)
        document.textEdited.connect(lambda _label, _index: self.lazy.request())

    def _profile_chosen(self, index: int) -> None:
        key = self.profile_box.itemData(index)
        if key == OTHER:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("QA profile"), "",
                                                  self.tr("QA profiles (*.toml *.json)"))
            if not path:
                return
            key = path
        self.set_profile(key)

    def set_profile(self, name_or_path: str) -> bool:
        try:
            self.profile = load_profile(name_or_path)
        except ProfileError as exc:
            self.note.setText(str(exc))
            return False
        self.refresh()
        return True

    def profile_name(self) -> str:
        """The profile's name in the interface language: ours are named in their files in English; a
        user's own file keeps the name it gives."""
        return {"Literary": self.tr("Literary"), "MQM-Core": "MQM-Core"}.get(self.profile.name, self.profile.name)

    def findings(self, label: str) -> list[Finding]:
        """The candidate's findings as reviewed: corrected ones at their corrected category and severity."""
        out = []
        for span in self.document.findings(label):
            decision = None if span.judge == states.HUMAN else self.document.decision(span, label)
            state = states.finding_state(span, decision)
            eff = state.span
            out.append(Finding(eff.category, eff.severity, state.status, eff.start, eff.end, span.judge,
                               eff.paragraph))
        return out

    def refresh(self) -> None:
        self.tree.clear()
        project = self.document.project
        if project is None:
            self.cards = []
            return
        found = {c.label: self.findings(c.label) for c in project.candidates}
        try:
            cards = chapter_scorecards(project, found, self.profile, self.include_all.isChecked())
        except ProfileError as exc:
            self.cards = self.chapter_cards = []
            self.note.setText(str(exc))
            return
        self.cards = [c for c in cards if not c.part]
        self.chapter_cards = [c for c in cards if c.part]
        self.tree.setRootIsDecorated(bool(self.chapter_cards))
        chapters: list[QTreeWidgetItem] = []
        for c in cards:
            sev = c.by_severity
            item = QTreeWidgetItem([c.part or c.candidate, str(c.words), str(c.errors), str(sev.get("critical", 0)),
                                    str(sev.get("major", 0)), str(sev.get("minor", 0)), f"{c.points:g}",
                                    f"{c.penalty_per_words:.1f}", f"{c.score:.2f}", f"{c.profile.threshold:g}",
                                    self.tr("pass") if c.passed else self.tr("fail")])
            for col in range(1, 10):
                item.setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if not c.passed:
                item.setForeground(10, QColor(theme.problem_ink()))
            if c.part:  # a chapter's row, shown under its candidate's (which comes after its chapters)
                chapters.append(item)
                continue
            item.addChildren(chapters)
            chapters = []
            self.tree.addTopLevelItem(item)
            item.setExpanded(True)  # the chapter rows shown (rebuilt after every change, never folded away)
        counted = self.tr("every finding not rejected") if self.include_all.isChecked() else \
            self.tr("reviewed findings only")
        self.note.setText(self.tr("{0}: score = 100 × (1 − penalty ÷ words), words of the {1}; counting {2}.")
                          .format(self.profile_name(), self.tr("source") if self.profile.words == "source"
                                  else self.tr("translation"), counted))


def install(window: QMainWindow, document: Document) -> QDockWidget:
    """The scorecard as a dock of ``window`` (hidden until View › Scorecard shows it)."""
    dock = QDockWidget(QCoreApplication.translate("ScorecardView", "Scorecard"), window)
    dock.setObjectName("dock-scorecard")
    dock.setWidget(ScorecardView(document))
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    return dock
