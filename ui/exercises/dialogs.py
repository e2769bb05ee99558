"""Small dialogs of an exercise: naming a finding (the MQM hierarchy as a tree, with the definition of the
category under the cursor, and severity) and the speech-level drill (one sentence at a time, the
analyser's reading with its evidence shown after each answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QPlainTextEdit, QPushButton, QRadioButton, QTextBrowser, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from litlens.app.exercises import drill as dr
from litlens.app.korean.levels import LEVELS
from litlens.app.mqm import typology as mqm
from litlens.ui.common import theme
from litlens.ui.exercises.reasons import category_definition, category_name, learning_text, severity_name
from litlens.ui.common.explain import shown_sentences

if TYPE_CHECKING:
    from litlens.app.exercises.drill import DrillItem, DrillResult

PATH = Qt.ItemDataRole.UserRole


class CategoryDialog(QDialog):
    """Category (a leaf of the MQM tree), severity and an optional note for the words the student chose."""

    def __init__(self, quote: str, category: str = "", severity: str = "major", note: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Name the error"))
        words = QLabel(f"“{quote}”")
        words.setWordWrap(True)
        words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        items: dict[str, QTreeWidgetItem] = {}
        for cat in mqm.typology().all():
            parent_path = cat.path.rpartition("/")[0]
            item = QTreeWidgetItem([learning_text(cat.name)])  # in the interface language
            item.setData(0, PATH, cat.path)
            if not cat.is_leaf:  # a student names the most specific category, as annotators do
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            (items[parent_path].addChild(item) if parent_path else self.tree.addTopLevelItem(item))
            items[cat.path] = item
        self.tree.expandAll()
        self.definition = QLabel()
        self.definition.setWordWrap(True)
        self.definition.setMinimumHeight(48)
        self.severity = QComboBox()
        for name, meaning in mqm.typology().severities.items():
            self.severity.addItem(severity_name(name), name)
            self.severity.setItemData(self.severity.count() - 1, learning_text(meaning), Qt.ItemDataRole.ToolTipRole)
        self.severity.setCurrentIndex(max(0, self.severity.findData(
            severity if severity in mqm.typology().severities else "major")))
        self.severity_meaning = QLabel()
        self.severity_meaning.setWordWrap(True)
        theme.set_role(self.severity_meaning, "muted")
        self.note = QPlainTextEdit(note)
        self.note.setPlaceholderText(self.tr("Why you think so (optional)"))
        self.note.setFixedHeight(56)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form = QFormLayout(self)
        form.addRow(self.tr("Words"), words)
        form.addRow(self.tr("Category"), self.tree)
        form.addRow("", self.definition)
        form.addRow(self.tr("Severity"), self.severity)
        form.addRow("", self.severity_meaning)
        form.addRow(self.tr("Note"), self.note)
        form.addRow(buttons)
        self.tree.currentItemChanged.connect(lambda *_: self._show())
        self.severity.currentIndexChanged.connect(lambda *_: self._show())
        if category in items:
            self.tree.setCurrentItem(items[category])
        self.resize(560, 560)
        self._show()

    def choose(self, path: str) -> None:
        for item in self._walk():
            if item.data(0, PATH) == path:
                self.tree.setCurrentItem(item)
                return
        raise KeyError(path)

    def _walk(self) -> list[QTreeWidgetItem]:
        out, stack = [], [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            out.append(item)
            stack[0:0] = [item.child(i) for i in range(item.childCount())]
        return out

    def category(self) -> str:
        item = self.tree.currentItem()
        path = item.data(0, PATH) if item is not None else ""
        return path if path and mqm.is_valid(path, leaf_only=True) else ""

    def _show(self) -> None:
        item = self.tree.currentItem()
        path = item.data(0, PATH) if item is not None else ""
        if path:
            cat = mqm.typology().get(path)
            more = "" if cat.is_leaf else " " + self.tr("(Choose one of the more specific categories below it.)")
            self.definition.setText(f"<b>{category_name(path)}</b> — {category_definition(path)}{more}")
        else:
            self.definition.setText(self.tr("Choose a category: its definition appears here."))
        self.severity_meaning.setText(self.severity.currentData(Qt.ItemDataRole.ToolTipRole) or "")
        self.ok.setEnabled(bool(self.category()))

    def values(self) -> tuple[str, str, str]:
        return self.category(), self.severity.currentData() or "major", self.note.toPlainText().strip()


class DrillDialog(QDialog):
    """One sentence at a time: the student picks a level (or passes), then sees the analyser's reading."""

    completed = Signal(object)  # the DrillResult, once every sentence is answered

    def __init__(self, items: list[DrillItem], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Speech-level drill"))
        self.items = items
        self.answers: list[str] = []
        self.result: DrillResult | None = None
        self.counter = QLabel()
        theme.set_role(self.counter, "muted")
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)
        font = self.sentence.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.sentence.setFont(font)
        self.choices = QButtonGroup(self)
        row = QHBoxLayout()
        for n, level in enumerate((*LEVELS, dr.NOT_SURE)):
            button = QRadioButton(level or self.tr("Not sure"))
            self.choices.addButton(button, n)
            row.addWidget(button)
        self.feedback = QTextBrowser()
        self.feedback.setMinimumHeight(110)
        self.check = QPushButton(self.tr("Check"))
        self.next = QPushButton(self.tr("Next sentence"))
        self.check.clicked.connect(self.answer)
        self.next.clicked.connect(self.advance)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check)
        buttons.addWidget(self.next)
        buttons.addStretch(1)
        buttons.addWidget(close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.counter)
        lay.addWidget(self.sentence)
        lay.addLayout(row)
        lay.addWidget(self.feedback, 1)
        lay.addLayout(buttons)
        self.resize(720, 360)
        self._show_current()

    @property
    def index(self) -> int:
        return len(self.answers)

    def _show_current(self) -> None:
        done = self.index >= len(self.items)
        self.check.setEnabled(not done)
        self.next.setEnabled(False)
        if done:
            self.result = dr.grade_drill(self.items, self.answers)
            self.sentence.setText(self.tr("Done."))
            self.counter.setText(self.tr("{0} of {1} graded sentences right; {2} not graded (the analyser was "
                                         "unsure).").format(self.result.correct, self.result.graded,
                                                            self.result.unsure))
            self.completed.emit(self.result)
            return
        self.counter.setText(self.tr("Sentence {0} of {1}: which speech level?").format(self.index + 1,
                                                                                       len(self.items)))
        self.sentence.setText(self.items[self.index].sentence)
        self.feedback.clear()
        self.choices.setExclusive(False)
        for b in self.choices.buttons():
            b.setChecked(False)
        self.choices.setExclusive(True)

    def choose(self, level: str) -> None:
        for b in self.choices.buttons():
            if b.text() == (level or self.tr("Not sure")):
                b.setChecked(True)

    def answer(self) -> None:
        chosen = self.choices.checkedButton()
        if chosen is None:
            self.feedback.setPlainText(self.tr("Pick a level, or Not sure."))
            return
        level = "" if self.choices.id(chosen) == len(LEVELS) else chosen.text()
        item = self.items[self.index]
        self.answers.append(level)
        outcome = dr.grade_drill([item], [level]).outcomes[0]
        head = {True: self.tr("Right."), False: self.tr("Not quite."), None: self.tr("Not graded.")}[outcome.correct]
        parts, english = outcome.explanation_why(), outcome.explanation()
        if outcome.correct:  # the head says it already ("Right.\nRight. …" before)
            parts, english = item.key_why(), item.key_text()
        feedback = shown_sentences(parts, english)  # in the interface language
        self.feedback.setPlainText(f"{head}\n{feedback}")
        self.check.setEnabled(False)
        self.next.setEnabled(True)

    def advance(self) -> None:
        self._show_current()
