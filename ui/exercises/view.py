"""An opened exercise: blind annotation, then the grade.

The exercise is read-only and the key stays out of sight until Submit: the student selects words in the
translation, names the error (ui/exercises/dialogs.CategoryDialog) and submits. The grade then appears in
place — the student's findings and the key's side by side, each highlighted by severity — with a
summary and a reason for every miss, wrong category and extra span (app.exercises.grading). Attempts
are stored per student name on a worker (app.exercises.progress); the drill runs Kiwi on a worker too.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMainWindow,
                               QPlainTextEdit, QPushButton, QSplitter, QTextBrowser, QTextEdit, QVBoxLayout,
                               QWidget)

from litlens.app.exercises import grading, progress
from litlens.app.exercises.drill import drill_items, has_korean
from litlens.app.exercises.model import Mark
from litlens.ui.common import theme
from litlens.ui.common.modal import run_modal
from litlens.ui.exercises.reasons import category_name, severity_name
from litlens.ui.common.explain import shown_mark
from litlens.ui.common.severity import style_for

if TYPE_CHECKING:
    from litlens.app.exercises.drill import DrillResult
    from litlens.app.exercises.grading import Grade
    from litlens.app.exercises.model import Exercise
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.exercises.dialogs import DrillDialog

GAP = "\n\n"  # between paragraphs in the text panes (offsets are mapped back per paragraph)


def _pane(read_only_text: str) -> QPlainTextEdit:
    pane = QPlainTextEdit(read_only_text)
    pane.setReadOnly(True)
    pane.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                 Qt.TextInteractionFlag.TextSelectableByKeyboard)
    return pane


class ExerciseWindow(QMainWindow):
    graded = Signal(object)  # the Grade, after Submit
    recorded = Signal(object)  # the stored progress Attempt
    message = Signal(str)  # one-line status for the student

    def __init__(self, exercise: Exercise, db_path: str | Path, tasks: TaskRunner, student: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.exercise, self.db_path, self.tasks = exercise, Path(db_path), tasks
        self.marks: list[Mark] = []
        self.grade: Grade | None = None
        self.drill: DrillDialog | None = None
        self.setWindowTitle(self.tr("Exercise: {0}").format(exercise.title))
        texts = [p.translation for p in exercise.paragraphs]
        self.bases = [sum(len(t) + len(GAP) for t in texts[:i]) for i in range(len(texts))]
        joined = GAP.join(texts)
        title = QLabel(f"<b>{html.escape(exercise.title)}</b>")
        intro = QLabel(exercise.instructions or self.tr(
            "Select the words of an error in the translation, press Mark (Ctrl+M) and name it. Submit when "
            "you have found all you can."))
        intro.setWordWrap(True)
        theme.set_role(intro, "muted")
        self.student = QLineEdit(student)
        self.student.setPlaceholderText(self.tr("Your name (your attempts are kept under it)"))
        # wide enough to read its placeholder whole (it was cut to "Your name (your attempts…")
        self.student.setMinimumWidth(self.student.fontMetrics().horizontalAdvance(self.student.placeholderText())
                                     + 3 * self.student.fontMetrics().averageCharWidth())
        self.unkept = None  # a graded attempt made before the student gave a name: kept once they do
        self.student.editingFinished.connect(self._keep_unkept)
        panes = self._panes(joined)
        lower = self._lower()
        body = QWidget()
        lay = QVBoxLayout(body)
        top = QHBoxLayout()
        top.addWidget(title, 1)
        top.addWidget(QLabel(self.tr("Student:")))
        top.addWidget(self.student)
        lay.addLayout(top)
        lay.addWidget(intro)
        split = QSplitter(Qt.Orientation.Vertical)  # the student gives the reasons more room when graded
        below = QWidget()
        below.setLayout(lower)
        lower.setContentsMargins(0, 0, 0, 0)
        split.addWidget(panes)
        split.addWidget(below)
        split.setSizes([400, 300])
        lay.addWidget(split, 1)
        lay.addWidget(self.status)
        self.setCentralWidget(body)
        self.message.connect(self.status.setText)
        self.resize(1200, 760)

    def _panes(self, joined: str) -> QSplitter:
        """Source, translation and (hidden until Submit) the key, side by side."""
        exercise = self.exercise
        self.source = QTextBrowser()
        self.source.setPlainText(GAP.join(p.source for p in exercise.paragraphs))
        self.text = _pane(joined)
        self.key_text = _pane(joined)
        self.headings = [QLabel(self.tr("Source")), QLabel(self.tr("Translation")), QLabel(self.tr("The key"))]
        panes = QSplitter(Qt.Orientation.Horizontal)
        for heading, pane in zip(self.headings, (self.source, self.text, self.key_text)):
            box = QWidget()
            lay = QVBoxLayout(box)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.addWidget(heading)
            lay.addWidget(pane, 1)
            panes.addWidget(box)
        self.key_box = panes.widget(2)
        self.key_box.hide()  # blind until Submit
        return panes

    def _lower(self) -> QHBoxLayout:
        """The student's marks, the buttons that act on them, and the grade's report."""
        self.marks_list = QListWidget()
        self.mark_button = QPushButton(self.tr("Mark the selected words…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.submit_button = QPushButton(self.tr("Submit"))
        self.again_button = QPushButton(self.tr("Try again"))
        self.drill_button = QPushButton(self.tr("Speech-level drill…"))
        self.export_button = QPushButton(self.tr("Export answers…"))
        self.export_button.setToolTip(self.tr("Save your findings as a file your instructor can "
                                              "grade"))
        self.drill_button.setVisible(has_korean(self.exercise))
        self.again_button.hide()
        self.mark_button.clicked.connect(self.mark_selection)
        self.remove_button.clicked.connect(self.remove_selected)
        self.submit_button.clicked.connect(self.submit)
        self.again_button.clicked.connect(self.try_again)
        self.drill_button.clicked.connect(self.open_drill)
        self.export_button.clicked.connect(self.ask_and_export_answers)
        QShortcut(QKeySequence("Ctrl+M"), self, self.mark_selection)
        self.report = QTextBrowser()
        self.report.setOpenLinks(False)
        self.report.anchorClicked.connect(self._show_note)
        self.report.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        buttons = QVBoxLayout()
        for b in (self.mark_button, self.remove_button, self.submit_button, self.again_button, self.drill_button,
                  self.export_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        lower = QHBoxLayout()
        lower.addWidget(self.marks_list, 2)
        lower.addLayout(buttons)
        lower.addWidget(self.report, 3)
        return lower

    # ---- offsets ---------------------------------------------------------------------------------
    def _paragraph_at(self, pos: int) -> int:
        return max(i for i, b in enumerate(self.bases) if b <= pos)

    def selection(self) -> tuple[int, int, int] | None:
        """(paragraph, start, end) of the words selected in the translation; None when nothing, or text
        across two paragraphs, is selected."""
        cur = self.text.textCursor()
        a, b = cur.selectionStart(), cur.selectionEnd()
        if a >= b:
            return None
        n = self._paragraph_at(a)
        start, end = a - self.bases[n], b - self.bases[n]
        if end > len(self.exercise.paragraphs[n].translation):
            return None
        return n, start, end

    def select(self, paragraph: int, start: int, end: int, pane: QPlainTextEdit | None = None) -> None:
        pane = pane or self.text
        cur = pane.textCursor()
        cur.setPosition(self.bases[paragraph] + start)
        cur.setPosition(self.bases[paragraph] + end, QTextCursor.MoveMode.KeepAnchor)
        pane.setTextCursor(cur)
        pane.ensureCursorVisible()

    # ---- annotating ------------------------------------------------------------------------------
    def mark_selection(self) -> None:
        from PySide6.QtWidgets import QDialog

        from litlens.ui.exercises.dialogs import CategoryDialog
        if self.grade is not None:
            return
        chosen = self.selection()
        if chosen is None:
            self.message.emit(self.tr("Select the words of one error in the translation first (within one "
                                      "paragraph)."))
            return
        n, a, b = chosen
        dialog = CategoryDialog(self.exercise.paragraphs[n].translation[a:b], parent=self)
        self.category_dialog = dialog  # reachable while it is open (tests)
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            category, severity, note = dialog.values()
            self.add_mark(Mark(n, a, b, category, severity, note))

    def add_mark(self, mark: Mark) -> None:
        self.marks.append(mark)
        self.marks.sort(key=lambda m: (m.paragraph, m.start, m.end))
        self._fill_marks()
        # the selection that made the mark is painted over it: let it go, so the student sees the mark
        cursor = self.text.textCursor()
        cursor.clearSelection()
        self.text.setTextCursor(cursor)

    def remove_selected(self) -> None:
        row = self.marks_list.currentRow()
        if self.grade is None and 0 <= row < len(self.marks):
            del self.marks[row]
            self._fill_marks()

    def _fill_marks(self) -> None:
        self.marks_list.clear()
        for m in self.marks:
            item = QListWidgetItem(f"{style_for(m.severity).mark} “{self.exercise.quote(m)}” — "
                                   f"{category_name(m.category)} ({severity_name(m.severity)})")
            item.setToolTip(shown_mark(m))
            self.marks_list.addItem(item)
        self._highlight(self.text, self.marks)
        self.submit_button.setEnabled(self.grade is None)

    def _highlight(self, pane: QPlainTextEdit, marks: list[Mark]) -> None:
        selections = []
        for m in marks:
            sel = QTextEdit.ExtraSelection()
            sel.cursor = QTextCursor(pane.document())
            sel.cursor.setPosition(self.bases[m.paragraph] + m.start)
            sel.cursor.setPosition(self.bases[m.paragraph] + m.end, QTextCursor.MoveMode.KeepAnchor)
            sel.format = style_for(m.severity).char_format()
            selections.append(sel)
        pane.setExtraSelections(selections)

    # ---- grading ---------------------------------------------------------------------------------
    def submit(self) -> Grade:
        ex = self.exercise
        self.grade = grading.grade(ex.key, self.marks, [p.translation for p in ex.paragraphs])
        self._highlight(self.key_text, ex.key)
        for w in (self.key_box, self.report, self.again_button):
            w.show()
        self.headings[1].setText(self.tr("Your findings"))
        for b in (self.mark_button, self.remove_button, self.submit_button):
            b.setEnabled(False)
        self.report.setHtml(self.report_html(self.grade))
        self.graded.emit(self.grade)
        self._record(lambda name: progress.attempt_from_grade(name, ex, self.grade))  # type: ignore[arg-type]
        return self.grade

    def try_again(self) -> None:
        """Back to annotating, with the key hidden again and the student's findings kept."""
        self.grade = None
        for w in (self.key_box, self.report, self.again_button):
            w.hide()
        self.headings[1].setText(self.tr("Translation"))
        for b in (self.mark_button, self.remove_button):
            b.setEnabled(True)
        self._fill_marks()

    def report_html(self, g: Grade) -> str:
        from litlens.ui.exercises.reasons import reason, summary
        lines = summary(g)
        title, clean = self.tr("Your grade"), self.tr("Everything matches the key.")  # not in f-strings:
        parts = [f"<h3>{html.escape(title)}</h3>",  # the string extractor does not look inside them
                 "".join(f"<p>{html.escape(line)}</p>" for line in lines)]
        if not g.notes:
            parts.append(f"<p>{html.escape(clean)}</p>")
        for i, note in enumerate(g.notes):
            ink = theme.problem_ink() if note.kind == grading.MISSED else ""
            style = f' style="color:{ink}"' if ink else ""
            parts.append(f'<p{style}><a href="#note-{i}">¶{note.paragraph + 1}</a> {html.escape(reason(note))}</p>')
        return "".join(parts)

    def _show_note(self, url: QUrl) -> None:
        """A reason clicked in the report selects its words in both panes."""
        frag = url.fragment() or url.toString().rpartition("#")[2]
        if self.grade is None or not frag.startswith("note-"):
            return
        note = self.grade.notes[int(frag[5:])]
        self.select(note.paragraph, note.start, note.end, self.text)
        self.select(note.paragraph, note.start, note.end, self.key_text)

    def export_answers(self, path: str | Path) -> Path:
        """Write the student's findings as an answers file (app.exercises.answers); OSError or
        AnswersError say why not."""
        from litlens.app.exercises import answers
        target = Path(path)
        if not target.name.endswith(".json"):
            target = target.with_name(target.name + answers.SUFFIX)
        return answers.dump(self.exercise, self.student.text().strip(), self.marks, target)

    def ask_and_export_answers(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from litlens.app.exercises import answers
        who = "".join(c if c.isalnum() or c in " -_" else "_" for c in self.student.text()).strip()
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export your answers"),
                                              (who or "answers") + answers.SUFFIX,
                                              self.tr("LitLens answers (*{0})").format(answers.SUFFIX))
        if not path:
            return
        try:
            saved = self.export_answers(path)
        except (OSError, ValueError) as exc:
            self.message.emit(self.tr("The answers could not be saved ({0}).").format(exc))
            return
        self.message.emit(self.tr("Answers saved to {0}.").format(saved.name))

    # ---- progress and the drill ----------------------------------------------------------------------
    def _record(self, make_attempt) -> None:
        name = self.student.text().strip()
        self.unkept = None if name else make_attempt
        if not name:
            self.message.emit(self.tr("Graded. Enter your name to keep your attempts and see your progress."))
            return
        try:
            attempt = make_attempt(name)
        except progress.ProgressError as exc:
            self.message.emit(str(exc))
            return
        db = self.db_path

        def work() -> progress.Attempt:
            from litlens.app.run.store import Store
            store = Store(db)
            try:
                return progress.record(store, attempt)
            finally:
                store.close()

        def done(saved: progress.Attempt) -> None:
            self.message.emit(self.tr("Graded and kept in {0}'s progress.").format(saved.student))
            self.recorded.emit(saved)

        self.tasks.submit(work, done, lambda exc: self.message.emit(
            self.tr("The attempt could not be kept ({0}).").format(exc)))

    def _keep_unkept(self) -> None:
        """The name typed after a submit (as the status line asked) keeps that graded attempt."""
        if self.unkept is not None and self.student.text().strip():
            self._record(self.unkept)

    def open_drill(self) -> None:
        from litlens.ui.exercises.dialogs import DrillDialog
        self.message.emit(self.tr("Reading the speech levels…"))
        ex = self.exercise

        def ready(items: list) -> None:
            if not items:
                self.message.emit(self.tr("No Korean sentences to drill in this exercise."))
                return
            self.message.emit("")
            self.drill = DrillDialog(items, self)
            self.drill.completed.connect(self._drill_done)
            self.drill.open()

        self.tasks.submit(lambda: drill_items(ex), ready, lambda exc: self.message.emit(
            self.tr("The drill could not start ({0}).").format(exc)))

    def _drill_done(self, result: DrillResult) -> None:
        if result.graded:
            self._record(lambda name: progress.attempt_from_drill(name, self.exercise, result))
