"""PNGs of what a first-time user sees at 1280×800: the first launch on the sample (a fresh settings
file, so the default layout), the radar and ranking pages at their default dock size, and Settings, in
light, dark and Korean-dark. The radar and ranking show fixed example payloads, so these pictures need
no LLM run. Usage: python bench/first_launch_screenshots.py [OUTDIR] [--smoke]   (default:
screenshots/first; --smoke: light English only, to check the script runs)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import pump  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else HERE.parent / "screenshots" / "first"
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from test_ui_contrast import ranking_payload
    from test_ui_polish_more import verse_radar

    from litlens.ui.common import i18n
    from litlens.ui.common import theme
    from litlens.ui.views.ranking import RankingView
    from litlens.ui.views.radar import RadarView
    from litlens.ui.settings.dialog import SettingsDialog
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-first-launch"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-first-"))
    looks = (("en", "light"),) if smoke else (("en", "light"), ("en", "dark"), ("ko", "dark"))
    for lang, name in looks:
        i18n.install(qapp, lang)
        theme.apply(name)
        window = MainWindow(tmp / f"{lang}-{name}.db",
                            qsettings=QSettings(str(tmp / f"{lang}-{name}.ini"), QSettings.Format.IniFormat))
        window.resize(1280, 800)
        window.set_theme(name)
        window.show()
        window.open_sample(autorun=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (window.runs.running or not window.document.judgments):
            pump(qapp, 0.05)
        pump(qapp, 0.5)
        tag = f"{lang}-{name}"
        window.grab().save(str(out / f"{tag}-first-launch.png"))
        window.results.raise_page("radar")
        pump(qapp, 0.2)
        page = window.results.docks["radar"].widget().size()
        print(f"{lang}-{name}: radar page at the default layout is {page.width()}×{page.height()} px")
        for key, view in (("radar", RadarView()), ("ranking", RankingView())):
            view.set_payload(verse_radar() if key == "radar" else ranking_payload())
            view.resize(page)
            view.show()
            pump(qapp, 0.3)
            view.grab().save(str(out / f"{tag}-{key}.png"))
            view.close()
        dialog = SettingsDialog(window.prefs, window)
        dialog.show()
        pump(qapp, 0.2)
        dialog.grab().save(str(out / f"{tag}-settings.png"))
        dialog.close()
        window.close()
        print(f"{tag}: written to {out}")
    i18n.install(qapp, "en")
    theme.apply("light")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
