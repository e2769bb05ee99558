"""What a translator, an editor and a student tripped on walking the window at 1280×800, each fixed and
held here: the run comparison opens wide enough to read, names its figures as the Scores dock does and an
offline run's model column says "offline", not "offline · -"; a name typed after grading keeps the graded
attempt; an export to a folder that does not exist is refused in the Export dialog, which stays open with
the user's choices; an empty result dock names the judge that fills it; Undo of an applied correction
keeps the finding the reviewer is on."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_the_run_comparison_opens_wide_enough_to_read_and_offline_runs_name_no_model(qtbot, db_path):
    from litlens.ui.shell.window import MainWindow
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.open_sample(autorun=True)
    window.judge_panel.select(["honorifics"])
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.run_action.trigger()
    history = window.results.runs
    window.results.raise_page("runs")
    qtbot.waitUntil(lambda: history.tree.topLevelItemCount() == 2, timeout=20_000)
    assert [history.tree.topLevelItem(i).text(2) for i in range(2)] == ["offline", "offline"]
    qtbot.wait(50)
    history.tree.selectAll()
    history.compare_button.click()
    qtbot.waitUntil(lambda: history.comparison.topLevelItemCount() > 0, timeout=20_000)
    qtbot.wait(50)
    # the comparison had been left about 75 of the dock's 960 pixels: a word a line, its table cut
    assert history.comparison.width() >= history.split.width() * 2 // 5, history.split.sizes()
    header, seen = history.comparison.header(), history.comparison.viewport().width()
    assert header.sectionPosition(2) + header.sectionSize(2) <= seen  # both runs' values in view
    assert header.sectionSize(0) >= seen * 0.65, (header.sectionSize(0), seen)  # the long names get the rest
    first = history.comparison.topLevelItem(0)
    assert first.toolTip(0) == first.text(0)  # a name the column cuts is read whole on hover
    window.close()


def test_a_name_typed_after_grading_keeps_the_graded_attempt_once(qtbot, db_path, tmp_path):
    from PySide6.QtCore import QSettings, Qt

    from litlens.app.exercises import progress
    from litlens.app.exercises.model import Mark
    from litlens.app.run.store import Store
    from litlens.ui.shell.window import MainWindow
    from test_ui_exercises import KEY, open_view, write_exercise
    window = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    view = open_view(qtbot, window, write_exercise(tmp_path))
    view.student.clear()
    view.add_mark(Mark(KEY[0].paragraph, KEY[0].start, KEY[0].end, KEY[0].category, KEY[0].severity, ""))
    view.submit()
    assert "Enter your name" in view.status.text()  # what the status line asks the student to do
    view.student.setFocus()
    with qtbot.waitSignal(view.recorded, timeout=20_000) as kept:
        qtbot.keyClicks(view.student, "Min-ji")
        qtbot.keyClick(view.student, Qt.Key.Key_Return)
    assert kept.args[0].student == "Min-ji" and "Min-ji" in view.status.text()
    qtbot.keyClick(view.student, Qt.Key.Key_Return)  # once kept, Return again keeps nothing more
    qtbot.wait(300)
    store = Store(db_path)
    try:
        assert len(progress.attempts(store, "Min-ji")) == 1
    finally:
        store.close()
    view.close()
    window.close()


def test_export_to_a_folder_that_does_not_exist_is_refused_in_the_dialog_which_keeps_the_choices(qtbot, tmp_path):
    from litlens.app.core.sample import load_sample
    from litlens.ui.common.document import Document
    from litlens.ui.review.export_dialog import CHOICES, ExportDialog
    document = Document()
    document.set_project(load_sample())
    dialog = ExportDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    csv = next(i for i, c in enumerate(CHOICES) if c[:2] == ("report", "csv"))
    dialog.what.setCurrentIndex(dialog.what.findData(csv))
    dialog.candidate.setCurrentIndex(dialog.candidate.findData("Careful"))
    missing = tmp_path / "not made yet" / "findings.csv"
    dialog.path.setText(str(missing))
    dialog.ok.click()
    assert dialog.isVisible() and dialog.result() != dialog.DialogCode.Accepted
    assert dialog.problem.isVisible() and str(missing.parent) in dialog.problem.text()
    assert "choose another" in dialog.problem.text()  # what to do, not only what went wrong
    assert dialog.choice() == ("report", "csv", str(missing), "Careful")  # nothing the user chose is lost
    dialog.path.setText(str(tmp_path))  # a folder, not a file
    assert not dialog.problem.isVisible()  # an old complaint goes once the path is changed
    dialog.ok.click()
    assert dialog.isVisible() and "add a file name" in dialog.problem.text()
    dialog.path.setText(str(tmp_path / "findings.csv"))
    dialog.ok.click()
    assert not dialog.isVisible() and dialog.result() == dialog.DialogCode.Accepted


@pytest.fixture
def korean(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "ko")
    yield
    i18n.install(qapp, "en")


def test_the_run_comparison_names_a_score_as_the_scores_dock_does_in_korean(korean):
    from litlens.app.core.model import Judgment, Score
    from litlens.ui.runs.history import run_figures
    judged = [Judgment("honorifics", "doc", "Flawed", None, scores=[Score("honorific consistency", 0.9, 0, 1)]),
              Judgment("da-mqm", "p0", "Flawed", 0, scores=[Score("Lexical Choice", 4, 1, 5)])]
    figures = run_figures(judged, per_candidate=True)
    # the Scores dock's column reads "높임법 일관성"; the comparison said "honorific consistency"
    assert figures == {"Flawed · 한국어 높임법 · 높임법 일관성": "0.90", "Flawed · DA-MQM · 어휘 선택": "4.00"}


@pytest.mark.parametrize("key, named", [("ranking", ["TransEvalnia"]), ("radar", ["VERSE"]),
                                        ("levels", ["Korean honorifics"]),
                                        ("terms", ["Consistency checks", "MAS-LitEval"]),
                                        ("judges", ["Compare the judges with people's error spans"])])
def test_an_empty_result_dock_names_what_fills_it(qtbot, key, named):
    from litlens.ui.common.document import Document
    from litlens.ui.views.panel import PayloadPanel
    from litlens.ui.views.registry import registered
    spec = next(s for s in registered() if s.key == key)
    panel = PayloadPanel(Document(), spec)
    qtbot.addWidget(panel)
    said = panel.empty.text()
    assert said.startswith("Nothing here yet") and all(n in said for n in named), said
    assert "whose results include this view" not in said  # the line that named nothing to do


def test_undoing_an_applied_correction_keeps_the_finding_the_reviewer_is_on(qtbot, db_path, tmp_path):
    from PySide6.QtCore import QSettings

    from litlens.ui.shell.window import MainWindow
    window = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.open_sample(autorun=True)
    window.document.set_candidate("Flawed")  # the second translation: an undo's reload passes by the first
    findings = window.results.findings
    tree = findings.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 4, timeout=60_000)
    quotes = [tree.topLevelItem(i).data(0, 256).quote for i in range(tree.topLevelItemCount())]
    applied = quotes.index("않")
    tree.setCurrentItem(tree.topLevelItem(applied))
    window.apply_action.trigger()
    qtbot.waitUntil(lambda: window.undo_edit_action.isEnabled(), timeout=20_000)
    on = next(i for i, q in enumerate(quotes) if q == "든채")
    tree.setCurrentItem(tree.topLevelItem(on))
    window.undo_edit_action.trigger()
    qtbot.waitUntil(lambda: window.redo_edit_action.isEnabled() and tree.topLevelItemCount() == len(quotes),
                    timeout=20_000)
    qtbot.wait(500)
    assert findings.current_span() is not None and findings.current_span().quote == "든채"  # it was lost
    assert "든채" in findings.detail.toPlainText()  # and its explanation still open beside the list
    window.close()
