"""GUI tests of exercises through the real window: open an exercise file, annotate blind, submit, read the
grade and the reasons; a hostile file refused; an exercise made from a reviewed project; the drill; the
progress view."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, QTimer

from litlens.app.exercises import progress
from litlens.app.exercises.model import ExerciseError, Exercise, ExerciseParagraph, Mark, dump, load
from litlens.app.run.store import Store
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

P0 = "The old man walked slowly to the river and sat down."
P1 = "It was raining hard, and nobody came to the door that night."
KEY = [Mark(0, 4, 7, "accuracy/mistranslation/general", "major", "The source says 'ancient', not 'old'."),
       Mark(0, 8, 11, "fluency/grammar", "minor", "Article missing before the noun."),
       Mark(1, 0, 10, "style/awkwardness", "major", "A flat opening for a storm scene.")]


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    for view in w.exercises.windows:
        view.close()
    w.close()


def write_exercise(tmp_path, paragraphs=((("Der alte Mann…", P0)), ("Es regnete…", P1)), key=KEY, target="en"):
    ex = Exercise("Rain", [ExerciseParagraph(s, t) for s, t in paragraphs], list(key), "de", target)
    return dump(ex, tmp_path / "rain.litlens-exercise")


def open_view(qtbot, window, path):
    window.exercises.open_exercise(path)
    qtbot.waitUntil(lambda: bool(window.exercises.windows), timeout=10_000)
    return window.exercises.windows[-1]


def annotate(qtbot, view, paragraph, start, end, category, severity):
    """Select the words, press Mark, pick category and severity in the dialog, OK — as a student does."""
    view.select(paragraph, start, end)

    def fill():
        dialog = view.category_dialog
        assert not dialog.ok.isEnabled()  # no category yet
        dialog.choose(category)
        assert dialog.definition.text() and "—" in dialog.definition.text()  # the definition is shown
        dialog.severity.setCurrentIndex(dialog.severity.findData(severity))
        dialog.accept()
    QTimer.singleShot(0, fill)
    view.mark_button.click()


def test_open_annotate_two_spans_submit_and_see_the_grade(qtbot, window, tmp_path, db_path):
    assert window.exercises.open_action in window.menuBar().actions()[0].menu().actions()
    view = open_view(qtbot, window, write_exercise(tmp_path))
    view.student.setText("Min-ji")
    assert not view.key_box.isVisible() and not view.report.isVisible()  # blind until Submit
    annotate(qtbot, view, 0, 4, 7, "accuracy/omission", "major")
    annotate(qtbot, view, 1, 20, 25, "style/register", "minor")
    assert [m.category for m in view.marks] == ["accuracy/omission", "style/register"]
    assert len(view.text.extraSelections()) == 2
    with qtbot.waitSignal(view.recorded, timeout=10_000):
        view.submit_button.click()
    g = view.grade
    assert g.precision == 0.5 and g.recall == pytest.approx(1 / 3) and g.top_accuracy == 1.0
    assert view.key_box.isVisible() and view.report.isVisible() and len(view.key_text.extraSelections()) == 3
    report = view.report.toPlainText()
    assert "Precision 50% · recall 33% · F1 40%" in report
    assert "Missed: “man”" in report and "Article missing before the noun." in report  # the missed span's reason
    assert "Missed: “It was rai”" in report and "A flat opening" in report
    assert "no error at “ and ”" in report
    assert not view.mark_button.isEnabled()  # read-only once graded
    view._show_note(__import__("PySide6.QtCore").QtCore.QUrl("#note-1"))
    assert view.key_text.textCursor().selectedText() == "man"
    store = Store(db_path)
    try:
        [attempt] = progress.attempts(store, "Min-ji")
    finally:
        store.close()
    assert attempt.f1 == pytest.approx(0.4) and attempt.title == "Rain"
    view.again_button.click()
    assert not view.key_box.isVisible() and view.mark_button.isEnabled() and len(view.marks) == 2


def test_a_hostile_file_is_refused_with_its_reason(qtbot, window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(window, "show_error", lambda title, msg: shown.append(msg))
    bad = tmp_path / "bad.litlens-exercise"
    raw = json.loads((write_exercise(tmp_path)).read_text(encoding="utf-8"))
    raw["key"][0]["end"] = 10_000
    bad.write_text(json.dumps(raw), encoding="utf-8")
    window.exercises.open_exercise(bad)
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert "outside its paragraph" in shown[0] and not window.exercises.windows


def test_new_exercise_from_a_reviewed_project(qtbot, window, tmp_path):
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)
    doc = window.document
    doc.set_candidate("Flawed")
    para = doc.candidate.text.paragraphs[1]
    with qtbot.waitSignal(doc.reviewChanged, timeout=20_000):
        window.review.add(para.start + 1, para.start + 5, "style/register", "major", "Too casual for her.")
    qtbot.waitUntil(lambda: any(a.action == "add" for a in doc.annotations), timeout=20_000)
    from litlens.ui.exercises.make import MakeExerciseDialog
    dialog = MakeExerciseDialog(doc, "Teacher", window)
    qtbot.addWidget(dialog)
    dialog.candidate.setCurrentText("Flawed")
    dialog.set_paragraphs([1, 2])
    assert dialog.key.topLevelItemCount() == 1 and "1 finding in the key" in dialog.count.text()
    ex = load(dialog.export_to(tmp_path / "class"))
    assert ex.path.endswith(".litlens-exercise") and ex.author == "Teacher" and len(ex.paragraphs) == 2
    assert [(m.paragraph, m.start, m.end, m.category, m.explanation) for m in ex.key] == [
        (0, 1, 5, "style/register", "Too casual for her.")]
    dialog.key.topLevelItem(0).setCheckState(0, __import__("PySide6.QtCore").QtCore.Qt.CheckState.Unchecked)
    with pytest.raises(ExerciseError, match="no finding"):  # unticked findings stay out: nothing to grade
        dialog.exercise()


def test_speech_level_drill_and_progress_view(qtbot, window, tmp_path, db_path):
    path = write_exercise(tmp_path, [("Come in, sir. Did you eat? Ah, that man.", "어서 오십시오. 밥 먹었니? 아, 그 사람.")],
                          key=[], target="ko")
    view = open_view(qtbot, window, path)
    view.student.setText("Min-ji")
    assert view.drill_button.isVisibleTo(view)
    view.drill_button.click()
    qtbot.waitUntil(lambda: view.drill is not None, timeout=60_000)
    drill = view.drill
    assert drill.sentence.text() == "어서 오십시오."
    for answer in ("하십시오체", "해요체", ""):
        drill.choose(answer)
        drill.check.click()
        assert drill.feedback.toPlainText()
        drill.next.click()
    assert "not graded" in drill.result.outcomes[2].explanation() or "no clear" in drill.result.outcomes[2].explanation()
    qtbot.waitUntil(lambda: "Min-ji" in view.status.text(), timeout=10_000)
    assert drill.result.correct == 1 and drill.result.graded == 2
    window.exercises.open_progress()
    pv = window.exercises.progress_view
    qtbot.waitUntil(lambda: bool(pv.history), timeout=10_000)
    assert pv.students.currentText() == "Min-ji" and pv.attempts.rowCount() == 1
    assert pv.confusions.item(0, 1).text() == "해요체"
    assert len(pv.chart.getPlotItem().listDataItems()) == 1


def test_learn_view_shows_the_students_own_mistakes_as_examples(qtbot, window, tmp_path, db_path):
    from litlens.ui.learning.view import LearningView
    empty = LearningView(db_path, window.tasks, window)  # nobody has been graded yet
    qtbot.addWidget(empty)
    qtbot.waitUntil(lambda: "No graded exercises yet" in empty.page("mqm", "fluency/grammar"), timeout=10_000)
    assert not empty.student.isVisibleTo(empty)
    view = open_view(qtbot, window, write_exercise(tmp_path))
    view.student.setText("Min-ji")
    annotate(qtbot, view, 0, 4, 7, "accuracy/omission", "major")    # wrong category (key: mistranslation)
    annotate(qtbot, view, 1, 20, 25, "style/register", "minor")     # extra: " and "
    with qtbot.waitSignal(view.recorded, timeout=10_000):
        view.submit_button.click()
    learn = LearningView(db_path, window.tasks, window, student="Min-ji")
    qtbot.addWidget(learn)
    qtbot.waitUntil(lambda: bool(learn.mistakes), timeout=10_000)
    assert learn.student.currentText() == "Min-ji" and learn.student.isVisibleTo(learn)
    grammar = learn.page("mqm", "fluency/grammar")  # missed "man": the key's explanation is the lesson
    assert "Your mistakes in exercises (1)" in grammar and "man" in grammar
    assert "Article missing before the noun." in grammar and "Rain" in grammar
    # the wrong name teaches both the key's category and the one chosen (as what it is not)
    assert "The source says" in learn.page("mqm", "accuracy/mistranslation/general")
    assert "Your mistakes in exercises (1)" in learn.page("mqm", "accuracy/omission")
    assert "Your mistakes in exercises (1)" in learn.page("mqm", "accuracy")  # a branch gathers its leaves
    assert "&nbsp; and &nbsp;" in learn.page("mqm", "style/register")  # the extra span
    assert "No mistakes of Min-ji here" in learn.page("severity", "major")  # both found spans rated as the key
    assert "No mistakes of Min-ji here" in learn.page("mqm", "terminology")


def test_the_grade_and_every_reason_read_in_korean(qtbot, window, tmp_path, qapp):
    from litlens.ui.common import i18n
    assert i18n.install(qapp, "ko")
    try:
        view = open_view(qtbot, window, write_exercise(tmp_path))
        view.add_mark(Mark(0, 4, 7, "accuracy/omission", "minor"))  # right branch, wrong leaf, too mild
        view.add_mark(Mark(1, 20, 25, "style/register", "minor"))
        view.submit()
        report = view.report.toPlainText()
    finally:
        i18n.install(qapp, "en")
    # kinds: wrong-leaf, severity, missed ×2, extra — all worded in Korean, categories named in Korean
    assert "정밀도 50% · 재현율 33% · F1 40%" in report and "정답의 지적 3개 중 1개를 찾았습니다" in report
    for words in ("범주: “old”을(를)", "상위 범주(정확성)는 맞았지만", "심각도: “old”", "놓침: “man”",
                  "정답에 없음: 정답에는 “ and ”에", "까닭: Article missing before the noun."):
        assert words in report, words
    for english in ("Missed", "Category:", "Severity:", "Extra:", "Precision", "What you chose means"):
        assert english not in report
    # the command line keeps English: the same grade's reasons as text
    assert {n.text.split(":")[0] for n in view.grade.notes} == {"Category", "Severity", "Missed", "Extra"}
    assert any(n.text.startswith("Category: you named “old” Accuracy › Omission") for n in view.grade.notes)


def test_the_window_exports_answers_the_command_line_grades(qtbot, window, tmp_path, capsys):
    from litlens.app.cli.main import main
    path = write_exercise(tmp_path)
    view = open_view(qtbot, window, path)
    view.student.setText("Min-ji")
    view.add_mark(Mark(0, 4, 7, "accuracy/mistranslation/general", "major"))
    saved = view.export_answers(tmp_path / "min-ji")
    assert saved.name == "min-ji.litlens-answers.json"
    assert main(["exercise", "grade", str(path), str(saved), "--format", "json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["answers"]
    # 1 of 3 key spans found, nothing extra, named and rated exactly as the key
    assert row["student"] == "Min-ji" and row["precision"] == 1.0 and row["recall"] == pytest.approx(0.3333)
    assert (row["f1"], row["leaf_accuracy"], row["severity_agreement"]) == (0.5, 1.0, 1.0)
