"""The revision picker (Edit › Revisions…): every revision of a translation with when it was made and
what it changed, an earlier revision's text and the findings judged on it (read-only), a comparison with
the current text, and "Go back to this revision", which stores that text as a NEW revision (undoable;
history is never rewritten). The store is read on a worker thread with its own connection."""

from __future__ import annotations

import difflib
import html
import time
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QPushButton,
                               QSplitter, QTabWidget, QTextBrowser, QTreeWidget, QTreeWidgetItem, QVBoxLayout)

from litlens.ui.common.explain import shown_explanation
from litlens.ui.review.edits import project_job
from litlens.ui.common.theme import problem_ink

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.app.run.store import Store
    from pathlib import Path

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel, QStatusBar

    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.review.edits import EditController
    from litlens.ui.runs.controller import RunController


class RevisionHost(Protocol):
    """What the revision picker and the revision note use of the window that shows them."""
    document: Document
    db_path: Path
    tasks: TaskRunner
    edits: EditController
    runs: RunController
    revision_dialog: RevisionDialog | None
    revision_note: QLabel  # the RevisionNote in the status bar

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

    def tr(self, text: str) -> str: ...


NUMBER_ROLE = Qt.ItemDataRole.UserRole + 1


def diff_html(old: list[str], new: list[str], removed_ink: str) -> str:
    """The paragraphs that differ, each as the old words struck through and the new ones underlined."""
    parts = []
    for i in range(max(len(old), len(new))):
        a, b = (old[i] if i < len(old) else ""), (new[i] if i < len(new) else "")
        if a == b:
            continue
        out = []
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if op == "equal":
                out.append(html.escape(a[i1:i2]))
                continue
            if i2 > i1:
                out.append(f'<s style="color:{removed_ink}">{html.escape(a[i1:i2])}</s>')
            if j2 > j1:
                out.append(f"<u><b>{html.escape(b[j1:j2])}</b></u>")
        parts.append(f"<p><b>¶{i + 1}</b> {''.join(out)}</p>")
    return "".join(parts)


class RevisionDialog(QDialog):
    def __init__(self, window: RevisionHost) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle(self.tr("Revisions"))
        self.pending = 0  # store reads not finished yet (tests wait for 0)
        self.rows: list[dict[str, Any]] = []
        self.shown: dict[str, Any] = {}  # what the right side shows: number, text, paragraphs, judgments
        self.candidate = QComboBox()
        self.candidate.currentTextChanged.connect(lambda _t: self.refresh())
        self.table = QTreeWidget()
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels([self.tr("Revision"), self.tr("Made"), self.tr("What changed")])
        self.table.setColumnWidth(0, 110)
        self.table.setColumnWidth(1, 140)
        self.table.currentItemChanged.connect(lambda item, _prev: self._chosen(item))
        self.text = QTextBrowser()
        self.findings = QTreeWidget()
        self.findings.setRootIsDecorated(False)
        self.findings.setHeaderLabels([self.tr("Judge"), self.tr("Severity"), self.tr("Category"),
                                       self.tr("Text"), self.tr("Explanation")])
        self.compare = QTextBrowser()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.text, self.tr("Text (read-only)"))
        self.tabs.addTab(self.findings, self.tr("Findings on it"))
        self.tabs.addTab(self.compare, self.tr("Compared with the current text"))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("muted")
        self.restore = QPushButton(self.tr("Go back to this revision"))
        self.restore.setToolTip(self.tr("Makes this text current again as a new revision; nothing is "
                                        "deleted, and Undo takes it back."))
        self.restore.clicked.connect(self.restore_chosen)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Translation")))
        top.addWidget(self.candidate, 1)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(self.tabs)
        split.setSizes([330, 520])
        bottom = QHBoxLayout()
        bottom.addWidget(self.note, 1)
        bottom.addWidget(self.restore)
        bottom.addWidget(buttons)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        lay.addLayout(bottom)
        self.resize(900, 560)

    # ---- reading the store ---------------------------------------------------------------------------
    def _read(self, work, done) -> None:
        window = self.window_
        project = window.document.project
        if project is None:
            return
        self.pending += 1

        job = project_job(window.db_path, project, work)

        def ok(value: object) -> None:
            self.pending -= 1
            done(value)

        def bad(exc: BaseException) -> None:
            self.pending -= 1
            self.note.setText(self.tr("The revisions could not be read ({0}).").format(exc))
        if window.tasks.submit(job, ok, bad) is None:
            self.pending -= 1

    def open_for(self, label: str | None, number: int | None = None) -> None:
        """Show the revisions of ``label`` (the candidate in view when None), then revision ``number``."""
        project = self.window_.document.project
        if project is None:
            return
        self._want = number
        self.candidate.blockSignals(True)
        self.candidate.clear()
        self.candidate.addItems([c.label for c in project.candidates])
        self.candidate.setCurrentText(label or self.window_.document.candidate_label or "")
        self.candidate.blockSignals(False)
        self.refresh()
        self.show()
        self.raise_()

    def refresh(self) -> None:
        from litlens.app.run import revisions
        label = self.candidate.currentText()
        if not label:
            return
        self._read(lambda store, pid: revisions.describe_revisions(store, pid, label),
                   lambda rows: self._fill(label, rows))  # type: ignore[arg-type]

    def _fill(self, label: str, rows: list[dict[str, Any]]) -> None:
        if label != self.candidate.currentText():
            return
        self.rows = rows
        want = getattr(self, "_want", None)
        self._want = None
        self.table.clear()
        chosen = None
        for row in reversed(rows):  # newest first
            mark = self.tr("{0} (current)").format(row["number"]) if row["current"] else str(row["number"])
            made = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["created_at"] or 0))
            item = QTreeWidgetItem([mark, made, self.what_changed(row)])
            item.setData(0, NUMBER_ROLE, row["number"])
            item.setToolTip(2, item.text(2))
            self.table.addTopLevelItem(item)
            if row["number"] == want or (want is None and row["current"]):
                chosen = item
        for column in (0, 1):  # leave "What changed" the room it needs
            self.table.resizeColumnToContents(column)
        self.table.setCurrentItem(chosen or self.table.topLevelItem(0))

    def what_changed(self, row: dict[str, Any]) -> str:
        paras = ", ".join(f"¶{i + 1}" for i in row["changed"][:8]) + ("…" if len(row["changed"]) > 8 else "")
        kind = row["kind"]
        if kind == "original":
            return self.tr("the text as opened")
        if kind == "correction":
            return self.tr("correction applied to {0}").format(paras)
        if kind == "restore":
            return self.tr("went back to an earlier revision ({0})").format(paras or "—")
        if kind == "run":
            return self.tr("edits saved by a run: {0}").format(paras or "—")
        return self.tr("{0} paragraph(s) edited: {1}").format(len(row["changed"]), paras or "—")

    def number(self) -> int | None:
        item = self.table.currentItem()
        return None if item is None else int(item.data(0, NUMBER_ROLE))

    def _chosen(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        from litlens.app.run import revisions
        label, number = self.candidate.currentText(), int(item.data(0, NUMBER_ROLE))

        def work(store: Store, pid: int) -> dict[str, Any]:
            text = revisions.revision_text(store, pid, label, number)
            current = revisions.revision_text(store, pid, label)
            return {"number": number, "text": text.content, "paragraphs": revisions.split(text),
                    "current": revisions.split(current),
                    "judgments": revisions.revision_judgments(store, pid, label, number)}
        self._read(work, self._show)  # type: ignore[arg-type]

    def _show(self, shown: dict[str, Any]) -> None:
        if shown["number"] != self.number():
            return  # the user has moved on to another revision
        self.shown = shown
        self.text.setPlainText(shown["text"])
        self._fill_findings(shown["judgments"], shown["text"])
        same = shown["paragraphs"] == shown["current"]
        self.compare.setHtml(self.tr("<p>This is the current text.</p>") if same else
                             diff_html(shown["current"], shown["paragraphs"], problem_ink()))
        current = next((r for r in self.rows if r["current"]), None)
        self.restore.setEnabled(not same)
        self.note.setText(self.tr("Revision {0}; the current one is {1}. Struck-through words are in the "
                                  "current text, underlined ones in this revision.").format(
            shown["number"], current["number"] if current else "?"))

    def _fill_findings(self, judgments: list[Judgment], content: str) -> None:
        self.findings.clear()
        for j in judgments:
            for s in j.spans:
                quote = s.quote or (content[s.start:s.end] if s.located else "")
                self.findings.addTopLevelItem(QTreeWidgetItem([s.judge, s.severity, s.category, quote,
                                                               shown_explanation(s)]))
            for sc in j.scores:
                where = "" if j.paragraph is None else f"¶{j.paragraph + 1}"
                self.findings.addTopLevelItem(QTreeWidgetItem([j.judge, "", sc.dimension, where,
                                                               f"{sc.value:g} / {sc.scale_max:g}"]))
        if not self.findings.topLevelItemCount():
            self.findings.addTopLevelItem(QTreeWidgetItem([self.tr("(no run judged this revision)")]))

    # ---- going back ------------------------------------------------------------------------------
    def restore_chosen(self) -> None:
        from litlens.app.run import revisions
        number, label = self.number(), self.candidate.currentText()
        if number is None or not label:
            return
        window = self.window_

        def done(new: object) -> None:
            window.edits.reload_texts(self.tr("Went back to revision {0} of {1}: it is now revision {2}.")
                                      .format(number, label, new))
            window.edits.refresh_stack()
            self.refresh()
        self._read(lambda store, pid: revisions.restore_revision(store, pid, label, number), done)


def open_revisions(window: RevisionHost, label: str | None = None, number: int | None = None) -> RevisionDialog:
    """Edit › Revisions…: one picker per window, reused."""
    dialog = window.revision_dialog
    if dialog is None:
        dialog = window.revision_dialog = RevisionDialog(window)
    dialog.open_for(label, number)
    return dialog


def install(window: RevisionHost, edit_menu: Any) -> QAction:
    """Edit › Revisions…: the action, added to ``edit_menu``."""
    from litlens.ui.common.actions import make_action
    action = make_action(window, window.tr("Re&visions of this translation…"),  # type: ignore[arg-type]
                         lambda: open_revisions(window), "Ctrl+Alt+R")
    edit_menu.addSeparator()
    edit_menu.addAction(action)
    return action
