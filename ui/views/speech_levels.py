"""Korean speech levels in the GUI: one colour per level, badges for the pair view, and the level map dock.

The data is a ``SpeechLevelLedger`` payload (the Korean honorifics judge makes one): per candidate, its
sentences with start, end, paragraph, level, dialogue, speaker, listener…, read from the store like every
other result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QMenu, QTabWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from litlens.ui.common.lazy import WhenShown
from litlens.ui.common.levels import LEVEL_COLOURS, level_ink
from litlens.ui.common.modal import run_modal
from litlens.app.core.edits import OUTDATED
from litlens.app.korean.ledger import turn_at as ledger_turn_at
from litlens.ui.common.explain import shown_text
from litlens.ui.views import speaker_store
from litlens.ui.views.speaker_dialog import SpeakerDialog
from litlens.ui.views.speaker_reading import SpeakerReading

if TYPE_CHECKING:
    from litlens.app.judges.payloads import SpeechLevelLedger
    from litlens.ui.common.document import Document


class SpeechLevelMap(QWidget):
    """Dialogue sentences of the current candidate by paragraph: who speaks to whom, at which level.

    Double-clicking a sentence shows it in the pair view.
    """

    occurrenceActivated = Signal(str, int, int)  # candidate, start, end

    def __init__(self, document: Document | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.ledger: SpeechLevelLedger | None = None
        self.label: str | None = document.candidate_label if document is not None else None
        self.note = QLabel(self.tr("No speech levels yet: run the Korean honorifics judge."))
        self.note.setWordWrap(True)
        # sentences an edit rewrote since the run: their offsets stand on the edited paragraph's first
        # character, so they are left out of the list and counted here, not shown as stray characters
        self.edited_note = QLabel()
        self.edited_note.setWordWrap(True)
        self.edited_note.setObjectName("muted")
        self.edited_note.setVisible(False)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("¶"), self.tr("Speaker → listener"), self.tr("Level"),
                                   self.tr("Sentence"), self.tr("Speaker from")])
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        self.reading = SpeakerReading()  # which attribution is shown, with the reviewer's corrections
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        for col, width in enumerate((40, 150, 90, 520)):
            self.tree.header().resizeSection(col, width)
        self.tree.itemActivated.connect(self._activate)
        sentences = QWidget()
        lay = QVBoxLayout(sentences)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.note)
        lay.addWidget(self.edited_note)
        lay.addWidget(self.tree, 1)
        # the relationship ledger is a second page of the same payload (one view per payload type)
        from litlens.ui.views.ledger import LedgerView
        self.ledger_view = LedgerView()
        self.ledger_view.set_candidate(self.label)
        self.ledger_view.occurrenceActivated.connect(self.occurrenceActivated)
        self.ledger_view.correctRequested.connect(self.ask_speaker)
        self.ledger_view.readingChosen.connect(self.choose_reading)
        self.corrections = speaker_store.for_document(document)
        if self.corrections is not None:
            self.corrections.changed.connect(self._relabel)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(sentences, self.tr("Sentences"))
        self.tabs.addTab(self.ledger_view, self.tr("Who speaks to whom"))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.tabs)
        self.lazy = WhenShown(self, self.refresh)
        self.refresh()

    def set_payload(self, ledger: SpeechLevelLedger) -> None:
        self.ledger = ledger
        self.ledger_view.set_payload(ledger)
        self.reading.payload = ledger
        self.reading.llm = self._llm_lines()
        self._relabel()

    def _llm_lines(self) -> dict[str, list[dict]]:
        """The LLM's reading among the shown results (a SpeakerAttribution payload, chosen by its type)."""
        if self.document is None:
            return {}
        from litlens.app.judges.speakers_llm import SpeakerAttribution
        from litlens.ui.common.payloads import payloads_of
        found: dict[str, list[dict]] = {}
        for shown in payloads_of(self.document.judgments):
            if isinstance(shown.payload, SpeakerAttribution):
                for label, lines in shown.payload.lines.items():
                    found.setdefault(label, []).extend(lines)
        return found

    def _content(self, label: str | None) -> str:
        project = self.document.project if self.document is not None else None
        if project is None or label not in [c.label for c in project.candidates]:
            return ""
        return project.candidate(label).text.content

    def _relabel(self) -> None:
        """Lay the chosen reading and the reviewer's corrections over the stored analysis, for the ledger
        and the sentences."""
        ledger = self.ledger
        if ledger is None:
            return
        self.reading.corrections = {label: self.corrections.placed(label, self._content(label))
                                    for label in ledger.sentences} if self.corrections is not None else {}
        self.reading.changed()
        pairs, unknown = {}, {}
        for label in ledger.sentences:
            content = self._content(label)
            got = self.reading.reading(label, content) if content else None  # no text: shown as stored
            if got is not None:
                pairs[label], unknown[label] = got["pairs"], got["unattributed"]
        if pairs:
            shown = self.label if self.label in pairs else next(iter(pairs))
            self.ledger_view.set_reading(pairs, unknown, self.reading.shown_mode(shown), self.reading.has_llm(shown),
                                         len(self.reading.corrections.get(shown, [])))
        self.lazy.request()

    def choose_reading(self, mode: str) -> None:
        self.reading.mode = mode
        self._relabel()

    def set_candidate(self, label: str | None) -> None:
        self.label = label
        self.ledger_view.set_candidate(label)
        self._relabel()
        self.lazy.request()

    def refresh(self) -> None:
        self.tree.clear()
        label = self.label
        found = self.ledger.sentences.get(label or "", []) if self.ledger is not None else []
        dialogue = [s for s in found if s.get("dialogue")]
        sentences = [s for s in dialogue if not s.get(OUTDATED)]
        self._say_edited([s for s in dialogue if s.get(OUTDATED)])
        self.note.setVisible(not dialogue)
        project = self.document.project if self.document is not None else None
        labels = [c.label for c in project.candidates] if project is not None else []
        content = project.candidate(label).text.content if project is not None and label in labels else ""
        read = self.reading.reading(label, content) if content else None
        origin = {"offline": self.tr("rules"), "llm": self.tr("LLM"), "user": self.tr("you")}
        for s in sentences:
            turn = ledger_turn_at(read["turns"], int(s["start"])) if read else None
            speaker, listener = (turn.get("speaker"), turn.get("listener")) if turn else (s.get("speaker"), s.get("listener"))
            who = f"{speaker or '?'} → {listener or '?'}"
            level = s.get("level") or self.tr("unclear")
            quote = content[s["start"]:s["end"]]
            item = QTreeWidgetItem([str((s.get("paragraph") or 0) + 1), who, level, quote,
                                    origin.get(turn.get("source", ""), "") if turn else ""])
            if turn:
                item.setToolTip(1, shown_text(turn.get("speaker_how_why"), str(turn.get("speaker_how") or "")))
                item.setData(1, Qt.ItemDataRole.UserRole, (int(turn["start"]), int(turn["end"])))
            if s.get("level") in LEVEL_COLOURS:
                item.setForeground(2, QBrush(QColor(level_ink(s["level"]))))
                font = item.font(2)
                font.setBold(True)
                item.setFont(2, font)
            item.setData(0, Qt.ItemDataRole.UserRole, (int(s["start"]), int(s["end"])))
            item.setToolTip(3, quote)
            self.tree.addTopLevelItem(item)

    def _say_edited(self, edited: list[dict]) -> None:
        paragraphs = sorted({int(s.get("paragraph") or 0) + 1 for s in edited})
        self.edited_note.setVisible(bool(edited))
        said = (self.tr("One sentence in ¶{1} was edited since the run and is left out: run the honorifics "
                        "judge again to read its level.") if len(edited) == 1 else
                self.tr("{0} sentences in ¶{1} were edited since the run and are left out: run the honorifics "
                        "judge again to read their levels."))
        self.edited_note.setText(said.format(len(edited), ", ¶".join(map(str, paragraphs))) if edited else "")

    def _menu(self, pos: object) -> None:
        item = self.tree.itemAt(pos)  # type: ignore[arg-type]
        turn = item.data(1, Qt.ItemDataRole.UserRole) if item is not None else None
        if not turn or self.corrections is None:
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Set the speaker…"), lambda: self.ask_speaker(self.label or "", *turn))
        menu.exec(self.tree.viewport().mapToGlobal(pos))  # type: ignore[arg-type]

    def ask_speaker(self, label: str, start: int, end: int) -> bool:
        """Ask the reviewer who says the turn at ``start:end`` and to whom, and store the answer (undoable)."""
        content = self._content(label)
        read = self.reading.reading(label, content)
        turn = ledger_turn_at(read["turns"], start) if read else None
        if self.corrections is None or turn is None:
            return False
        dialog = SpeakerDialog(content[int(turn["start"]):int(turn["end"])], self.reading.names(label),
                               turn.get("speaker"), turn.get("listener"), self)
        if not run_modal(dialog):
            return False
        speaker, listener = dialog.values()
        return self.corrections.correct(label, int(turn["start"]), int(turn["end"]), speaker, listener)

    def _activate(self, item: QTreeWidgetItem, _col: int) -> None:
        start, end = item.data(0, Qt.ItemDataRole.UserRole)
        self.occurrenceActivated.emit(self.label or "", start, end)
