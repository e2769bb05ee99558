"""PNGs of exercises (issue 21), light, dark and the Korean interface (dark): an exercise being annotated, the graded view (the
student's findings and the key side by side, with the reasons), the category dialog with its definition,
the progress chart over a few stored attempts, and the Learn view showing the student's own mistakes as
the examples of a category.

Usage: python bench/exercise_screenshots.py [OUTDIR]   (default: screenshots/)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

P0 = "The old man walked slowly to the river and sat down."
P1 = "It was raining hard, and nobody came to the door that night."
SOURCES = ("Der uralte Mann ging langsam zum Fluss und setzte sich.",
           "Es goss in Strömen, und niemand kam in jener Nacht an die Tür.")


def _settle(app, until=lambda: True, seconds: float = 3.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if until():
            break
        time.sleep(0.02)
    for _ in range(5):
        app.processEvents()


def shots(outdir: Path) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from litlens.app.exercises import grading, progress
    from litlens.app.exercises.model import Exercise, ExerciseParagraph, Mark
    from litlens.app.run.store import Store
    from litlens.ui.common import i18n
    from litlens.ui.common import theme
    from litlens.ui.exercises.dialogs import CategoryDialog
    from litlens.ui.shell.window import MainWindow

    app = QApplication.instance() or QApplication([])
    outdir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    key = [Mark(0, 4, 7, "accuracy/mistranslation/general", "major", "The source says 'ancient', not 'old'."),
           Mark(0, 8, 11, "fluency/grammar", "minor", "Article missing before the noun."),
           Mark(1, 0, 10, "style/awkwardness", "major", "A flat opening for a storm scene.")]
    ex = Exercise("Rain", [ExerciseParagraph(s, t) for s, t in zip(SOURCES, (P0, P1))], key, "de", "en")
    store = Store(tmp / "db.db")
    tries = [[Mark(1, 20, 25, "style/register", "minor")], [Mark(0, 4, 7, "accuracy/omission", "major")],
             [Mark(0, 4, 7, "accuracy/mistranslation/general", "major"), Mark(1, 0, 10, "fluency/coherence", "major")],
             key]
    for n, marks in enumerate(tries):  # four earlier attempts, a day apart
        attempt = progress.attempt_from_grade("Min-ji", ex, grading.grade(key, marks, (P0, P1)), time.time() - 86400 * (5 - n))
        progress.record(store, attempt)
    store.close()
    written = []
    for name, lang in (("light", "en"), ("dark", "en"), ("ko-dark", "ko")):
        i18n.install(app, lang)
        theme.apply(name.removeprefix("ko-"))
        w = MainWindow(tmp / "db.db", qsettings=QSettings(str(tmp / f"{name}.ini"), QSettings.Format.IniFormat))
        w.show()
        view = w.exercises.show_exercise(ex)
        view.student.setText("Min-ji")
        view.add_mark(Mark(0, 4, 7, "accuracy/omission", "major"))
        view.add_mark(Mark(1, 20, 25, "style/register", "minor"))
        _settle(app)
        written.append(outdir / f"exercise-{name}-annotating.png")
        view.grab().save(str(written[-1]))
        view.submit()
        _settle(app, lambda: "kept" in view.status.text())
        written.append(outdir / f"exercise-{name}-graded.png")
        view.grab().save(str(written[-1]))
        dialog = CategoryDialog("old", parent=w)
        dialog.choose("accuracy/mistranslation/overly-literal")
        dialog.show()
        _settle(app)
        written.append(outdir / f"exercise-{name}-category.png")
        dialog.grab().save(str(written[-1]))
        dialog.close()
        w.exercises.open_progress()
        pv = w.exercises.progress_view
        _settle(app, lambda: bool(pv.history))
        written.append(outdir / f"exercise-{name}-progress.png")
        pv.grab().save(str(written[-1]))
        from litlens.ui.learning.view import LearningView
        learn = LearningView(tmp / "db.db", w.tasks, w, student="Min-ji")
        learn.show()
        _settle(app, lambda: bool(learn.mistakes))
        learn.select("mqm", "accuracy")
        _settle(app)
        written.append(outdir / f"exercise-{name}-learn-mistakes.png")
        learn.grab().save(str(written[-1]))
        for widget in (view, pv, learn, w):
            widget.close()
    i18n.install(app, "en")
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("screenshots")
    for path in shots(out):
        print(path)
