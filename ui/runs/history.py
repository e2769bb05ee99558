"""Run history of the open project, from the store: when, which judges, model, outcome, tokens and cost;
pick any two runs to compare their scores and findings side by side."""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSplitter,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.core.counts import counted
from litlens.app.core.run_numbers import project_numbers
from litlens.ui.common.judge_texts import dimension_name, judge_short
from litlens.ui.common.lazy import WhenShown

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner


def run_figures(judgments: list[Judgment], per_candidate: bool = False) -> dict[str, str]:
    """What a run produced, as comparable figures: mean of each score dimension, findings per severity,
    failed units. Keys read "judge · what", in the interface language; with ``per_candidate``, each
    translation's figures are its own ("Careful · judge · what"), never pooled with another's."""
    values: dict[str, list[float]] = defaultdict(list)
    counts: Counter[str] = Counter()
    failed, found = _tr("{0} · failed units"), _tr("{0} · {1} findings")
    for j in judgments:
        who = judge_short(j.judge)
        if per_candidate:
            whose = j.candidate or QCoreApplication.translate("RunHistory", "all translations")
            who = f"{whose} · {who}"
        if j.status != "ok":
            counts[failed.format(who)] += 1
            continue
        for s in j.scores:
            values[f"{who} · {dimension_name(s.dimension)}"].append(s.value)  # named as the Scores dock does
        for sp in j.spans:
            counts[found.format(who, _tr(sp.severity))] += 1
    out = {k: f"{mean(v):.2f}" for k, v in values.items()}
    out.update({k: str(n) for k, n in counts.items()})
    return out


def _tr(text: str) -> str:
    return QCoreApplication.translate("RunHistory", text) if text else text


def run_label(run: dict[str, Any], number: int) -> str:
    """The run as the dock lists it: its number within the project and when it started ("2 · 2026-12-02
    14:05"). The store's own id (what ``litlens show`` takes) is in the tooltip, see :func:`run_tooltip`."""
    return f"{number} · {time.strftime('%Y-%m-%d %H:%M', time.localtime(run['started_at'] or 0))}"


def run_tooltip(run: dict[str, Any], number: int) -> str:
    return QCoreApplication.translate(
        "RunHistory", "Run {0} of this project. On the command line it is run {1}: litlens show {1}, "
        "litlens report {1}").format(number, run["id"])


class RunHistory(QWidget):
    resumeRequested = Signal(int)  # run id: run its plan again (the window's RunController does it)

    def __init__(self, document: Document, db_path: str | Path, tasks: TaskRunner,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.db_path = db_path
        self.tasks = tasks
        self.numbers: dict[int, int] = {}  # store id → the run's number within the project
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Run"), self.tr("Judges"), self.tr("Model"), self.tr("Status"),
                                   self.tr("Units"), self.tr("Calls"), self.tr("Tokens"), self.tr("Cost")])
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for col, width in enumerate((150, 170, 150, 80, 70, 60, 80)):
            self.tree.header().resizeSection(col, width)
        self.total = QLabel()
        self.compare_button = QPushButton(self.tr("Compare the two selected runs"))
        self.compare_button.setEnabled(False)
        self.compare_button.clicked.connect(self.compare_selected)
        self.resume_button = QPushButton(self.tr("Resume the selected run"))
        self.resume_button.setToolTip(self.tr("Run what an interrupted, cancelled or stopped run did not "
                                              "finish; what it finished is reused, not paid for again"))
        self.resume_button.setEnabled(False)
        self.resume_button.clicked.connect(self.resume_selected)
        self.comparison_note = QLabel()  # what the figures are of: which translations, pooled or not
        self.comparison_note.setWordWrap(True)
        self.comparison_note.setObjectName("muted")
        self.comparison_note.setVisible(False)
        self.comparison = QTreeWidget()
        self.comparison.setRootIsDecorated(False)
        self.comparison.setHeaderLabels([self.tr("Figure"), "A", "B"])
        header = self.comparison.header()  # the figure's long name takes what the two values leave
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.comparison.setVisible(False)
        top = QHBoxLayout()
        top.addWidget(self.total, 1)
        top.addWidget(self.resume_button)
        top.addWidget(self.compare_button)
        self.split = split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        compared = QWidget()
        cl = QVBoxLayout(compared)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.comparison_note)
        cl.addWidget(self.comparison, 1)
        split.addWidget(compared)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.lazy = WhenShown(self, self.refresh)
        document.reviewChanged.connect(self.lazy.request)
        self.refresh()

    def refresh(self) -> None:
        self.tree.clear()
        runs = self.document.runs
        self.numbers = project_numbers(runs)
        for run in runs:
            number = self.numbers[int(run["id"])]
            judges = ", ".join(map(judge_short, json.loads(run["judges"] or "[]")))
            tokens = (run["input_tokens"] or 0) + (run["output_tokens"] or 0)
            provider = _tr("offline") if run["provider"] == "offline" else run["provider"]
            model = run["model"] if run["model"] not in (None, "", "-") else ""  # "-": no model (offline judges)
            item = QTreeWidgetItem([run_label(run, number), judges, f"{provider} · {model}" if model else provider,
                                    _tr(run["status"] or ""), f"{run['units_done'] or 0}/{run['units_total'] or 0}",
                                    str(run["calls"] or 0), f"{tokens:,}", f"${run['cost'] or 0:.4f}"])
            if run.get("error"):
                item.setToolTip(3, run["error"])
            item.setToolTip(0, run_tooltip(run, number))
            item.setData(0, Qt.ItemDataRole.UserRole, run["id"])
            item.setData(3, Qt.ItemDataRole.UserRole, run["status"] or "")
            self.tree.addTopLevelItem(item)
        spent = sum(r["cost"] or 0 for r in runs)
        n = len(runs)
        said = counted(n, self.tr("{0} run · ${1:.4f} spent on this project"),
                       self.tr("{0} runs · ${1:.4f} spent on this project"), spent)
        self.total.setText(said if runs else self.tr("No runs yet."))

    def _selection_changed(self) -> None:
        from litlens.app.run.service import RESUMABLE  # (the run service is not needed to show the window)
        items = self.tree.selectedItems()
        self.compare_button.setEnabled(len(items) == 2)
        self.resume_button.setEnabled(len(items) == 1 and
                                      items[0].data(3, Qt.ItemDataRole.UserRole) in RESUMABLE)

    def resume_selected(self) -> None:
        from litlens.app.run.service import RESUMABLE
        items = self.tree.selectedItems()
        if len(items) == 1 and items[0].data(3, Qt.ItemDataRole.UserRole) in RESUMABLE:
            self.resumeRequested.emit(int(items[0].data(0, Qt.ItemDataRole.UserRole)))

    def compare_selected(self) -> None:
        ids = sorted(item.data(0, Qt.ItemDataRole.UserRole) for item in self.tree.selectedItems())
        if len(ids) == 2:
            self.compare(ids[0], ids[1])

    def compare(self, run_a: int, run_b: int) -> None:
        """Load both runs' results on a worker and show their figures side by side."""
        def work() -> tuple[dict[str, str], dict[str, str], list[str]]:
            from litlens.app.run.store import Store
            store = Store(self.db_path)
            try:
                ja, jb = store.results_for_run(run_a), store.results_for_run(run_b)
            finally:
                store.close()
            labels = list(dict.fromkeys(j.candidate for j in ja + jb if j.candidate))
            many = len(labels) > 1  # two translations' scores in one mean would compare nothing
            return run_figures(ja, many), run_figures(jb, many), labels

        def show(figs: tuple[dict[str, str], dict[str, str], list[str]]) -> None:
            a, b, labels = figs
            self._make_room()
            self.comparison_note.setText(self._pooling_note(labels))
            self.comparison_note.setVisible(True)
            self.comparison.clear()
            self.comparison.setHeaderLabels([self.tr("Figure"), *(self.tr("Run {0}").format(
                self.numbers.get(r, r)) for r in (run_a, run_b))])
            for key in sorted(set(a) | set(b)):
                item = QTreeWidgetItem([key, a.get(key, "—"), b.get(key, "—")])
                item.setToolTip(0, key)  # whole, where the column cuts it
                if a.get(key) != b.get(key):
                    font = item.font(0)
                    font.setBold(True)
                    item.setFont(0, font)
                self.comparison.addTopLevelItem(item)
            self.comparison.setVisible(True)

        self.tasks.submit(work, show, lambda exc: self.total.setText(str(exc)))

    def _make_room(self) -> None:
        """Give the comparison half the dock when it first appears: hidden until now, the splitter had left
        it a sliver at the right edge (its note wrapped a word a line and its table was unreadable)."""
        sizes = self.split.sizes()
        total = sum(sizes)
        if len(sizes) == 2 and sizes[1] < total * 2 // 5:
            self.split.setSizes([total - total // 2, total // 2])

    def _pooling_note(self, labels: list[str]) -> str:
        """What each figure of the comparison is made of: which translations, each apart or the one."""
        n = len(labels)
        if n > 1:
            return self.tr("Per translation (%n translations: {0}): each score is a mean over that translation's "
                           "paragraphs, findings are counted per translation; nothing is pooled across them.",
                           "", n).format(", ".join(labels))
        if n == 1:
            return self.tr("One translation ({0}): each score is a mean over its paragraphs.").format(labels[0])
        return self.tr("These runs stored no results of a translation.")
