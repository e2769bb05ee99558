"""Writes PNGs of the reviewer's desk on the bundled sample, in light and dark palettes and in English and
Korean: Find and replace with a regular-expression preview, the concordance dock on a name, and the
scorecard dock after the offline judges ran, and the Terms dock with the names they found.

Usage: python bench/desk_screenshots.py [OUTDIR] [--smoke]   (default: screenshots/desk/; --smoke: English and
the light palette only). Runs offscreen unless
QT_QPA_PLATFORM is set (xvfb-run -a env QT_QPA_PLATFORM=xcb python bench/desk_screenshots.py for a real X server).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from qt_shots import pump, save  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else HERE.parent / "screenshots" / "desk"
    tmp = Path(tempfile.mkdtemp(prefix="litlens-desk-"))
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import i18n
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-desk-screenshots"])
    written = []
    for lang in ("en",) if smoke else ("en", "ko"):
        i18n.install(qapp, lang)
        window = MainWindow(tmp / "litlens.db", qsettings=QSettings(str(tmp / f"{lang}.ini"),
                                                                    QSettings.Format.IniFormat))
        window.resize(1400, 900)
        window.show()
        done = []
        window.runs.finished.connect(lambda *_a: done.append(1))
        window.open_sample(autorun=True)  # the offline judges run
        deadline = time.monotonic() + 120
        while not done and time.monotonic() < deadline:
            pump(qapp, 0.1)
        window.document.set_candidate("Flawed")
        pump(qapp)
        canvas = window.pair_view.text
        source = window.document.project.source.content
        start = source.index("Halmeom")
        canvas.select("source", start, start + len("Halmeom"))
        window.concordance_action.trigger()
        window.find_actions.concordance.tree.setCurrentItem(window.find_actions.concordance.tree.topLevelItem(0))
        window.scorecard_dock.show()
        window.scorecard_dock.widget().include_all.setChecked(True)
        window.tabifyDockWidget(window.find_actions.dock, window.scorecard_dock)
        window.terms_dock.show()
        window.tabifyDockWidget(window.scorecard_dock, window.terms_dock)
        window.terms_dock.widget().promote_found()  # the names the consistency judge found
        for name in ("light",) if smoke else ("light", "dark"):
            window.set_theme(name)
            window.find_actions.dock.raise_()
            pump(qapp)
            written.append(save(window, out / f"{lang}-{name}-concordance.png"))
            window.scorecard_dock.raise_()
            pump(qapp)
            written.append(save(window, out / f"{lang}-{name}-scorecard.png"))
            window.terms_dock.raise_()
            pump(qapp)
            written.append(save(window, out / f"{lang}-{name}-termbase.png"))
            dialog = window.find_actions.find_replace()
            dialog.find_edit.setText(r"할멈(은|이)")
            dialog.replace_edit.setText(r"한 할멈\1")
            dialog.regex.setChecked(True)
            dialog.refresh()
            dialog.preview.topLevelItem(1).setCheckState(0, Qt.CheckState.Unchecked)
            pump(qapp)
            written.append(save(dialog, out / f"{lang}-{name}-find-replace.png"))
            dialog.close()
        window.close()
        pump(qapp, 0.2)
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
