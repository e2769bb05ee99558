"""Every surface of the window a user can reach, shown one after another: the main window, each result
dock raised in turn, each page of Settings, New project, Export, Revisions, Learn, a new exercise, an
exercise window and its marking dialog, the progress view and the finding editor. The contrast and the
Korean checks both walk this one list, so a dialog added here is checked by both."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PySide6.QtWidgets import QTabWidget, QWidget

from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark


def ready_window(qtbot, window, candidate: str = "Flawed") -> None:
    """The sample opened and run, its findings listed, the first finding chosen."""
    window.resize(1280, 800)
    window.show()
    with qtbot.waitSignal(window.runs.finished, timeout=90_000):
        window.open_sample(autorun=True)
    window.document.set_candidate(candidate)  # the sample's findings are on this translation
    tree = window.results.findings.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=60_000)
    tree.setCurrentItem(tree.topLevelItem(0))


def _pages(widget: QWidget) -> Iterator[None]:
    """Each tab of ``widget``'s first tab widget made current in turn (once if it has none)."""
    tabs = widget.findChild(QTabWidget)
    if tabs is None:
        yield
        return
    for i in range(tabs.count()):
        tabs.setCurrentIndex(i)
        yield


def surfaces(qtbot, window, tmp_path) -> Iterator[tuple[str, QWidget]]:
    """(name, widget) for each surface, shown and painted while the caller looks at it."""
    yield "main", window
    for key, dock in window.results.docks.items():
        window.results.raise_page(key)
        qtbot.wait(30)
        yield key, dock

    from litlens.ui.exercises.dialogs import CategoryDialog
    from litlens.ui.exercises.make import MakeExerciseDialog
    from litlens.ui.exercises.progress import ProgressView
    from litlens.ui.project.new_project import NewProjectDialog
    from litlens.ui.review.controller import FindingDialog
    from litlens.ui.review.export_dialog import ExportDialog
    from litlens.ui.revisions.picker import open_revisions
    from litlens.ui.settings.dialog import SettingsDialog

    exercise = Exercise("비 오는 밤", [ExerciseParagraph("Es regnete stark.", "비가 세차게 내렸다. 아무도 오지 않았다.")],
                        [Mark(0, 0, 2, "accuracy/mistranslation/general", "major", "")], "de", "ko")
    cand = window.document.candidate.text.content
    makers: list[tuple[str, Callable[[], QWidget]]] = [
        ("Settings", lambda: SettingsDialog(window.prefs, window)),
        ("New project", lambda: NewProjectDialog(window)),
        ("Export", lambda: ExportDialog(window.document, window)),
        ("Revisions", lambda: open_revisions(window)),
        ("New exercise", lambda: MakeExerciseDialog(window.document, "Teacher", window)),
        ("Finding", lambda: FindingDialog(cand, 0, min(5, len(cand)), "fluency/grammar", "minor", "",
                                          parent=window)),
        ("Exercise", lambda: window.exercises.show_exercise(exercise)),
        ("Name the error", lambda: CategoryDialog("비가", parent=window)),
        ("Progress", lambda: ProgressView(window.db_path, window.tasks, "Min-ji", window)),
    ]
    for name, make in makers:
        dialog = make()
        dialog.resize(max(dialog.width(), 640), max(dialog.height(), 420))
        dialog.show()
        qtbot.waitExposed(dialog)
        if hasattr(dialog, "pending"):
            qtbot.waitUntil(lambda d=dialog: d.pending == 0, timeout=20_000)
        qtbot.wait(30)
        for _ in _pages(dialog):
            qtbot.wait(10)
            yield name, dialog
        dialog.close()
    window.open_learning()
    qtbot.wait(30)
    for _ in _pages(window.learning):
        yield "Learn", window.learning
    window.learning.close()
