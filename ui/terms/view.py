"""The Terms dock: one row per target rendering (source term, target term, status, note), rows of one
entry kept together; Open/Save read and write any termbase format by its suffix; "Add the names found"
promotes the consistency judge's term table of the results on screen; "Use for the next run" hands the
saved file to the consistency judge."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QHeaderView, QLabel,
                               QMainWindow, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from litlens.app.core.counts import counted, one_or_many
from litlens.app.formats.errors import FormatError
from litlens.app.terms import STATUSES, Term, TermEntry, Termbase, load_termbase, save_termbase
from litlens.app.terms.promote import promote
from litlens.ui.common.flow import FlowLayout

if TYPE_CHECKING:
    from litlens.ui.common.document import Document

ENTRY = Qt.ItemDataRole.UserRole
SOURCE, TARGET, STATUS, NOTE = range(4)


class TermsView(QWidget):
    def __init__(self, document: Document, use: Callable[[str], None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.use = use  # hands a saved termbase file to the consistency judge
        self.path: Path | None = None
        self.langs = ("", "")
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([self.tr("Source term"), self.tr("Target term"), self.tr("Status"),
                                              self.tr("Note")])
        self.table.horizontalHeader().setStretchLastSection(True)
        # fitted to its choice boxes once they are in (the header's own fitting never sees cell widgets)
        self.table.horizontalHeader().setSectionResizeMode(STATUS, QHeaderView.ResizeMode.Interactive)
        self.table.verticalHeader().hide()
        buttons = FlowLayout()  # wraps: the dock stays narrow enough to sit beside the results
        self.open_button = QPushButton(self.tr("Open…"))
        self.save_button = QPushButton(self.tr("Save"))
        self.save_as_button = QPushButton(self.tr("Save as…"))
        self.promote_button = QPushButton(self.tr("Add the names found"))
        self.promote_button.setToolTip(self.tr("The names and key terms the consistency judge found in this "
                                               "translation: the most frequent rendering preferred, other "
                                               "spellings forbidden. Terms already here are left alone."))
        self.add_button = QPushButton(self.tr("Add row"))
        self.remove_button = QPushButton(self.tr("Remove row"))
        self.use_button = QPushButton(self.tr("Use for the next run"))
        for b in (self.open_button, self.save_button, self.save_as_button, self.promote_button, self.add_button,
                  self.remove_button, self.use_button):
            buttons.addWidget(b)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(buttons)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.status)
        self.open_button.clicked.connect(self._ask_open)
        self.save_button.clicked.connect(lambda: self.save(self.path) if self.path else self._ask_save())
        self.save_as_button.clicked.connect(self._ask_save)
        self.promote_button.clicked.connect(self.promote_found)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self.remove_rows)
        self.use_button.clicked.connect(self.use_for_run)

    # ---- the table <-> a Termbase ------------------------------------------------------------------
    def show_termbase(self, tb: Termbase) -> None:
        self.langs = (tb.source_lang, tb.target_lang)
        self.table.setRowCount(0)
        for e in tb.entries:
            source = "; ".join(t.text for t in e.source)
            for k, t in enumerate(e.target):
                self._append(e.id, source, t.text, t.status, (e.note or t.note) if k == 0 else t.note)
        self.table.resizeColumnToContents(STATUS)

    def _append(self, entry_id: str, source: str, target: str, status: str, note: str) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for col, text in ((SOURCE, source), (TARGET, target), (NOTE, note)):
            item = QTableWidgetItem(text)
            item.setData(ENTRY, entry_id)
            self.table.setItem(row, col, item)
        combo = QComboBox()
        for s in STATUSES:
            combo.addItem(self._status_name(s), s)
        combo.setCurrentIndex(STATUSES.index(status))
        self.table.setCellWidget(row, STATUS, combo)
        return row

    def _status_name(self, status: str) -> str:
        return {"preferred": self.tr("preferred"), "allowed": self.tr("allowed"),
                "forbidden": self.tr("forbidden")}[status]

    def termbase(self) -> Termbase:
        """The table as a termbase: rows of one entry (same id, or a new row with the same source term)
        together, in table order; a row without a source or target term is left out; the first row's note
        is the entry's."""
        order: list[str] = []
        rows: dict[str, list[tuple[str, str, str, str]]] = {}
        by_source: dict[str, str] = {}
        for r in range(self.table.rowCount()):
            src, tgt, note = (self.table.item(r, c).text().strip() for c in (SOURCE, TARGET, NOTE))
            if not src or not tgt:
                continue
            # a new row joins the entry with the same source term (so a forbidden rendering can be added)
            eid = str(self.table.item(r, SOURCE).data(ENTRY) or "") or by_source.get(src.casefold(), f"new{r}")
            by_source.setdefault(src.casefold(), eid)
            combo = self.table.cellWidget(r, STATUS)
            status = combo.currentData() if isinstance(combo, QComboBox) else "preferred"
            if eid not in rows:
                order.append(eid)
                rows[eid] = []
            rows[eid].append((src, tgt, status, note))
        tb = Termbase(*self.langs)
        for eid in order:
            group = rows[eid]
            sources = tuple(Term(s.strip()) for s in group[0][0].split(";") if s.strip())
            targets = tuple(Term(t, st, n if k else "") for k, (_s, t, st, n) in enumerate(group))
            tb.entries.append(TermEntry(eid if not eid.startswith("new") else tb.next_id(), sources, targets,
                                        group[0][3]))
        return tb

    # ---- actions -----------------------------------------------------------------------------------
    def open(self, path: str | Path) -> bool:
        try:
            tb = load_termbase(path, *self._project_langs())
        except FormatError as exc:
            self.status.setText(str(exc))
            return False
        self.path = Path(path)
        self.show_termbase(tb)
        self.status.setText(one_or_many(len(tb), self.tr("{0}: {1} entry."), self.tr("{0}: {1} entries."))
                            .format(self.path.name, len(tb)))
        return True

    def save(self, path: str | Path | None) -> bool:
        if path is None:
            return False
        tb = self.termbase()
        try:
            save_termbase(tb, path)
        except (FormatError, OSError, ValueError) as exc:
            self.status.setText(str(exc))
            return False
        self.path = Path(path)
        self.status.setText(counted(len(tb), self.tr("Saved {0} entry to {1}."),
                                    self.tr("Saved {0} entries to {1}."), self.path.name))
        return True

    def _project_langs(self) -> tuple[str | None, str | None]:
        project, cand = self.document.project, self.document.candidate
        if project is None or cand is None:
            return None, None
        return project.source.language, cand.text.language

    def promote_found(self) -> int:
        label, cand, project = self.document.candidate_label, self.document.candidate, self.document.project
        tables = [j.data.get("term_table") or {} for j in self.document.judgments_for(label)
                  if j.judge == "consistency" and j.status == "ok"]
        if project is None or cand is None or not any(tables):
            self.status.setText(self.tr("Run the consistency judge first: it finds the names and key terms."))
            return 0
        tb = self.termbase()
        if not tb.source_lang:
            tb.source_lang, tb.target_lang = project.source.language, cand.text.language
        added = promote(tb, [(t, project.source.language, cand.text.language) for t in tables],
                        self.tr("a variant spelling the consistency judge found"))
        self.show_termbase(tb)
        self.status.setText(counted(added, self.tr("{0} entry added from the names found in {1}."),
                                    self.tr("{0} entries added from the names found in {1}."), label))
        return added

    def add_row(self) -> None:
        row = self._append("", "", "", "preferred", "")
        self.table.resizeColumnToContents(STATUS)
        self.table.setCurrentCell(row, SOURCE)
        self.table.editItem(self.table.item(row, SOURCE))

    def remove_rows(self) -> None:
        for row in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)

    def use_for_run(self) -> bool:
        if self.path is None and not self._ask_save():
            return False
        if not self.save(self.path) or self.use is None:
            return False
        self.use(str(self.path))
        self.status.setText(self.tr("The consistency judge will enforce {0} in the next run.").format(
            self.path.name))  # type: ignore[union-attr]
        return True

    def _ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a termbase"), "",
                                              self.tr("Termbases (*.tbx *.csv *.tsv *.xlsx)"))
        if path:
            self.open(path)

    def _ask_save(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the termbase"), "termbase.tbx",
                                              self.tr("Termbases (*.tbx *.csv *.tsv *.xlsx)"))
        return bool(path) and self.save(path)


def install(window: QMainWindow, document: Document, use: Callable[[str], None]) -> QDockWidget:
    """The Terms dock of ``window`` (hidden until View › Termbase shows it)."""
    dock = QDockWidget(QCoreApplication.translate("TermsView", "Termbase"), window)
    dock.setObjectName("dock-termbase")
    dock.setWidget(TermsView(document, use))
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    return dock
