"""What editors and students compare and practise: translations side by side in the Scores dock, a run
comparison that says what its figures are of (and counts runs in words: "1 run"), a progress chart whose
x-axis is numbered attempts with a label, and a student's marks visible in the exercise text as they make
them."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer
from test_ui_exercises import KEY, P0, P1

from litlens.app.core.model import Judgment, Score
from litlens.app.core.sample import load_sample
from litlens.app.exercises import progress
from litlens.app.exercises.model import Exercise, ExerciseParagraph
from litlens.app.run.store import Store
from litlens.ui.common.document import Document
from litlens.ui.common.severity import style_for
from litlens.ui.common.tasks import MainThreadBridge, TaskRunner
from litlens.ui.shell.window import MainWindow
from litlens.ui.views.scores import ScoresTable

pytestmark = pytest.mark.gui


@pytest.fixture
def tasks(qtbot):
    bridge = MainThreadBridge(None)
    runner = TaskRunner(bridge)
    yield runner
    runner.shutdown()
    bridge.close()


# ---- the Scores dock: one column per translation, the same rows --------------------------------------
def _scores(label: str, values: list[tuple[int, float]]) -> list[Judgment]:
    return [Judgment("da-mqm", f"{label}/p{p}", label, p, scores=[Score("Lexical Choice", v, 1, 5)])
            for p, v in values]


def test_the_scores_dock_puts_translations_side_by_side(qtbot):
    doc = Document()
    doc.set_project(load_sample())
    careful, flawed = [c.label for c in doc.project.candidates]
    careful_values = [(p, 5.0 - (p % 2)) for p in range(6)]  # 5, 4, 5, 4, ...
    flawed_values = [(p, 2.0 + (p % 3)) for p in range(6)]   # 2, 3, 4, 2, 3, 4
    assert doc.set_results(doc.revision, 1, _scores(careful, careful_values) + _scores(flawed, flawed_values)
                           + [Judgment("da-mqm", f"{flawed}/p6", flawed, 6, status="failed", error="not JSON")])
    view = ScoresTable(doc)
    qtbot.addWidget(view)
    view.show()
    table = view.table
    for shown in (careful, flawed):  # whichever translation the pair view shows, both are columns
        doc.set_candidate(shown)
        view.refresh()
        headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        assert headers == [f"Lexical Choice\n{careful}", f"Lexical Choice\n{flawed}"]
        rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
        assert rows[-1] == "Mean"
        for p, v in careful_values:
            assert table.item(p, 0).data(256) == v  # UserRole: the score itself
        for p, v in flawed_values:
            assert table.item(p, 1).data(256) == v
        assert table.item(6, 1).text() == "failed" and table.item(6, 0) is None
        # each column's mean with its own interval, never one pooled over both
        careful_mean, flawed_mean = view.mean_row()
        assert careful_mean.startswith("4.50 [") and flawed_mean.startswith("3.00 [")


# ---- the run comparison: per translation, said so; "1 run", not "1 runs" ------------------------------
def test_run_comparison_says_it_is_per_translation_and_counts_runs_in_words(qtbot, db_path):
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.open_sample(autorun=True)
    history = window.results.runs
    window.results.raise_page("runs")
    qtbot.waitUntil(lambda: history.tree.topLevelItemCount() == 1, timeout=20_000)
    assert history.total.text().startswith("1 run ·"), history.total.text()
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.run_actions.run_selected()
    qtbot.waitUntil(lambda: history.tree.topLevelItemCount() == 2, timeout=20_000)
    assert history.total.text().startswith("2 runs ·"), history.total.text()
    first, second = (int(history.tree.topLevelItem(i).data(0, 256)) for i in range(2))
    history.compare(min(first, second), max(first, second))
    qtbot.waitUntil(lambda: history.comparison.topLevelItemCount() > 0, timeout=20_000)
    labels = [c.label for c in window.document.project.candidates]
    note = history.comparison_note.text()
    assert note.startswith("Per translation (2 translations: ") and all(label in note for label in labels)
    assert "nothing is pooled" in note and history.comparison_note.isVisibleTo(history)
    figures = [history.comparison.topLevelItem(i).text(0) for i in range(history.comparison.topLevelItemCount())]
    # every figure belongs to one translation, and both translations have theirs
    assert all(any(f.startswith(f"{label} · ") for label in labels) for f in figures), figures
    assert all(any(f.startswith(f"{label} · ") for f in figures) for label in labels)
    window.close()


# ---- the progress chart: numbered attempts on a labelled x-axis ---------------------------------------
def test_the_progress_chart_numbers_attempts_on_a_labelled_axis(qtbot, db_path, tasks):
    from litlens.ui.exercises.progress import ProgressView
    now = time.time()
    store = Store(db_path)
    try:
        for n in range(3):  # three attempts within one minute: a date axis read "55.200 … 55.999"
            progress.record(store, progress.Attempt(
                "Min-ji", "ex-1", "Rain", progress.ANNOTATION, now + 0.4 * n, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                {"accuracy": (n + 1, 3), "fluency": (1, 2)}))
    finally:
        store.close()
    view = ProgressView(db_path, tasks, "Min-ji")
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitUntil(lambda: len(view.history) == 3, timeout=10_000)
    axis = view.chart.getAxis("bottom")
    assert "attempt" in axis.labelText.lower() and axis.label.isVisible()
    lines = view.chart.getPlotItem().listDataItems()
    assert lines and all(list(line.getData()[0]) == [1.0, 2.0, 3.0] for line in lines)
    shown = [text for _spacing, values in axis.tickValues(0.5, 3.5, 800) for text in axis.tickStrings(values, 1, 1)]
    assert {"1", "2", "3"} <= set(shown), shown
    assert all(text == "" or text.isdigit() for text in shown), shown  # no fractions, no seconds


# ---- an exercise: the student's marks show in the text as they make them ------------------------------
def test_a_mark_is_highlighted_in_the_exercise_text_before_submitting(qtbot, db_path, tasks):
    from litlens.ui.exercises.view import ExerciseWindow
    exercise = Exercise("Rain", [ExerciseParagraph("Der alte Mann…", P0), ExerciseParagraph("Es regnete…", P1)],
                        list(KEY), "de", "en")
    view = ExerciseWindow(exercise, db_path, tasks, "Min-ji")
    qtbot.addWidget(view)
    view.show()
    tint = style_for("major").tint.lower()

    def tinted() -> int:
        image = view.text.viewport().grab().toImage()
        return sum(image.pixelColor(x, y).name() == tint for x in range(0, image.width(), 2)
                   for y in range(0, min(image.height(), 80)))

    assert tinted() == 0
    view.select(0, 4, 7)  # "old", as a student selects it

    def fill() -> None:
        dialog = view.category_dialog
        dialog.choose("accuracy/mistranslation")
        dialog.severity.setCurrentIndex(dialog.severity.findData("major"))
        dialog.accept()
    QTimer.singleShot(0, fill)
    view.mark_button.click()
    assert len(view.marks) == 1 and view.grade is None  # not submitted
    qtbot.waitUntil(lambda: tinted() > 20, timeout=5_000)  # the mark's tint is on screen, not under the selection
