"""Writes PNGs of what editors and students compare, at 1280×800, in the light and dark palettes and in
Korean: the Scores dock with the sample's two translations side by side (DA-MQM against the local fake
provider server, and the offline judges' whole-text scores), and a student's progress chart over six
attempts (four of them made within one minute, where a date axis read "55.200 … 55.999").

Usage: python bench/editor_student_screenshots.py [OUTDIR] [--smoke]   (default: screenshots/; --smoke:
English and the light palette only, to check the script runs). Prints each picture's path, and what the
Scores dock shows (its column headers) and the chart's x-axis label, so a run says what it drew.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import pump, save  # noqa: E402

from fakeserver import FakeServer  # noqa: E402

SIZE = (1280, 800)
STUDENT = "Min-ji"


def fill_store(db: Path) -> None:
    """The offline judges and DA-MQM on the sample (both translations), and a student's six attempts."""
    from screenshots import da_mqm_responder

    from litlens.app.core.sample import load_sample
    from litlens.app.exercises import progress
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run import service
    from litlens.app.run.store import Store

    project = load_sample()
    store = Store(db)
    try:
        with FakeServer() as server:
            server.responder = da_mqm_responder(project)
            settings = ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=server.openai_base_url,
                                        api_key="sk-screenshots", retry_base_delay=0.01, retry_max_delay=0.05)
            for judges, provider in ((["honorifics", "consistency", "literalness"], None), (["da-mqm"], settings)):
                summary = service.execute(service.RunRequest(project=project, judges=judges, provider=provider),
                                          store)
                print(f"  {', '.join(judges)}: {summary.status}, {summary.progress.done} units, "
                      f"{summary.progress.failed} failed", file=sys.stderr)
        start = time.time() - 3 * 86400
        # two attempts on separate days, then four within one minute (a class session)
        whens = [start, start + 86400] + [start + 2 * 86400 + 15 * n for n in range(4)]
        for n, when in enumerate(whens):
            progress.record(store, progress.Attempt(
                STUDENT, "rain", "Rain", progress.ANNOTATION, when, 0.4 + 0.1 * n, 0.3 + 0.1 * n,
                0.35 + 0.1 * n, 0.5 + 0.08 * n, 0.4 + 0.08 * n, 0.6,
                {"accuracy": (1 + n // 2, 4), "fluency": (min(3, 1 + n // 3), 3), "style": (n % 3, 2)},
                [("accuracy", "fluency")] * (3 - n // 2)))
    finally:
        store.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else HERE.parent / "screenshots"
    tmp = Path(tempfile.mkdtemp(prefix="litlens-editor-shots-"))
    db = tmp / "litlens.db"
    fill_store(db)

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from litlens.app.core.sample import load_sample
    from litlens.ui.common import i18n, theme
    from litlens.ui.exercises.progress import ProgressView
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    written: list[Path] = []
    for lang, palettes in (("en", ("light",)),) if smoke else (("en", ("light", "dark")), ("ko", ("light", "dark"))):
        i18n.install(qapp, lang)
        window = MainWindow(db, qsettings=QSettings(str(tmp / f"{lang}.ini"), QSettings.Format.IniFormat))
        window.resize(*SIZE)
        window.show()
        window.open_project(load_sample())
        deadline = time.monotonic() + 60
        while not window.document.judgments and time.monotonic() < deadline:
            pump(qapp, 0.05)
        for name in palettes:
            window.set_theme(name)
            window.results.raise_page("scores")
            window.resizeDocks([window.results.docks["scores"]], [520], Qt.Orientation.Vertical)
            pump(qapp)
            table = window.results.scores.table
            headers = [table.horizontalHeaderItem(c).text().replace("\n", " / ") for c in range(table.columnCount())]
            print(f"{lang}-{name}: scores columns: {' | '.join(headers)}")
            written.append(save(window, out / f"{lang}-{name}-scores-side-by-side.png"))
            chart = ProgressView(db, window.tasks, STUDENT, window)
            chart.resize(*SIZE)
            chart.show()
            deadline = time.monotonic() + 20
            while not chart.history and time.monotonic() < deadline:
                pump(qapp, 0.05)
            pump(qapp)
            print(f"{lang}-{name}: progress x-axis: {chart.chart.getAxis('bottom').labelText} "
                  f"({len(chart.history)} attempts)")
            written.append(save(chart, out / f"{lang}-{name}-progress.png"))
            chart.close()
        theme.apply("light")
        window.close()
    for p in written:
        print(p.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
