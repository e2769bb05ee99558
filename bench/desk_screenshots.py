"""Walks the reviewer's desk at 1280×800 as a reviewer would and writes a PNG at each step: a book opened
from chapter folders (the bundled sample cut into three chapter files per language) with its offline
judges run, the chapter chooser on chapter 3, Find and replace with a regular expression (the preview,
then what the dialog says after Replace, then Undo), a concordance line shown in the pair view, a TBX
termbase opened in the Termbase dock, the Scorecard dock with a row per chapter, and a review DOCX
exported, answered by the translator (a Word reply to a finding's comment, an edited target, an unknown
row ID) and imported with its preview. Each step is also checked, and what it did is printed.

Light and dark palettes in English, then the Korean interface (dark). Usage:
python bench/desk_screenshots.py [OUTDIR] [--smoke]   (default: screenshots/desk/; --smoke: English, light).
Runs offscreen unless QT_QPA_PLATFORM is set; under a real X server
(QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" python bench/desk_screenshots.py) the dialog
steps are pictures of the whole screen, dialog over window, as the reviewer sees them.
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
from qt_shots import light_dark_korean, pump, save, screenshot_main

WIDTH, HEIGHT = 1280, 800


def shots(out: Path, smoke: bool = False) -> list[Path]:
    return light_dark_korean(lambda prefix, themes: _walk(out, prefix, themes), smoke)


def _wait(qapp, cond, seconds: float = 120) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not cond():
        pump(qapp, 0.05)
    return bool(cond())


def _book(folder: Path) -> tuple[Path, Path]:
    from litlens.app.core.sample import load_sample
    sample = load_sample()
    src, tgt = sample.source.paragraphs, sample.candidate("Flawed").text.paragraphs
    en, ko = folder / "en", folder / "ko"
    en.mkdir(parents=True)
    ko.mkdir()
    for n, (a, b) in enumerate([(0, 3), (3, 6), (6, len(src))], 1):
        (en / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in src[a:b]), encoding="utf-8")
        (ko / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in tgt[a:b]), encoding="utf-8")
    return en, ko


def _walk(out: Path, prefix: str, palettes: tuple[str, ...]) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from litlens.ui.shell.window import MainWindow
    qapp = QApplication.instance() or QApplication(["litlens-desk"])
    written: list[Path] = []
    for palette in palettes:
        tmp = Path(tempfile.mkdtemp(prefix="litlens-desk-"))
        en, ko = _book(tmp / "book")
        window = MainWindow(tmp / "litlens.db", qsettings=QSettings(str(tmp / "settings.ini"),
                                                                    QSettings.Format.IniFormat))
        window.resize(WIDTH, HEIGHT)
        window.move(0, 0)
        window.show()
        window.set_theme(palette)
        screen = QGuiApplication.platformName() == "xcb"

        def shot(name: str, widget=None, palette: str = palette, screen: bool = screen, window=window) -> None:
            path = out / f"{prefix}{palette}-{name}.png"
            if screen and widget is not None:  # the dialog over the window, as on the screen
                pump(qapp, 0.2)
                path.parent.mkdir(parents=True, exist_ok=True)
                if not QGuiApplication.primaryScreen().grabWindow(0).save(str(path)):
                    raise OSError(f"could not write {path}")
                written.append(path)
            else:
                written.append(save(widget or window, path))
        try:
            _steps(qapp, window, tmp, en, ko, shot)
        finally:
            window.close()
            pump(qapp, 0.2)
    return written


def _steps(qapp, window, tmp: Path, en: Path, ko: Path, shot) -> None:
    done: list[object] = []
    window.runs.finished.connect(lambda *_a: done.append(1))
    window.open_chapter_folders(en, ko, autorun=True)
    assert _wait(qapp, lambda: bool(done)), "the offline judges did not finish"
    pump(qapp, 0.5)
    assert window.width() <= WIDTH
    nav = window.pair_view.chapter_nav
    assert nav.go_to(2)
    pump(qapp, 0.3)
    shot("01-chapter-3")
    _find_replace(qapp, window, shot)
    _concordance(qapp, window, shot)
    _termbase(qapp, window, tmp, shot)
    window.scorecard_dock.show()
    window.scorecard_dock.raise_()
    view = window.scorecard_dock.widget()
    view.include_all.setChecked(True)
    view.tree.expandAll()
    pump(qapp, 0.3)
    print(f"scorecard: {len(view.chapter_cards)} chapter rows; {view.note.text()}")
    shot("07-scorecard")
    assert window.width() <= WIDTH, "the desk's docks widened the window"
    _review_docx(qapp, window, tmp, shot)


def _find_replace(qapp, window, shot) -> None:
    dialog = window.find_actions.find_replace()
    dialog.find_edit.setText(r"할멈(은|이)")
    dialog.replace_edit.setText(r"한 할멈\1")
    dialog.regex.setChecked(True)
    dialog.refresh()
    before = window.document.candidate.text.content
    pump(qapp, 0.2)
    shot("02-find-preview", dialog)
    dialog.replace_button.click()
    assert _wait(qapp, lambda: "revision" in dialog.status.text() or "수정본" in dialog.status.text(), 30)
    print(f"replace: {dialog.status.text()}")
    shot("03-find-replaced", dialog)
    dialog.close()
    # Undo is enabled once the replacement's revision is stored and the history reloaded: a trigger before
    # that does nothing
    assert _wait(qapp, window.undo_edit_action.isEnabled, 30), "undo never became available"
    window.undo_edit_action.trigger()
    assert _wait(qapp, lambda: window.document.candidate.text.content == before, 30), "undo did not restore"
    print("undo: the text is as it was")


def _concordance(qapp, window, shot) -> None:
    source = window.document.project.source.content
    start = source.index("Halmeom")
    window.pair_view.text.select("source", start, start + len("Halmeom"))
    window.concordance_action.trigger()
    pump(qapp, 0.3)
    conc = window.find_actions.concordance
    item = conc.tree.topLevelItem(0)
    conc.tree.setCurrentItem(item)
    conc.tree.itemActivated.emit(item, 0)
    pump(qapp, 0.3)
    print(f"concordance: {conc.status.text()}")
    shot("04-concordance")


def _termbase(qapp, window, tmp: Path, shot) -> None:
    from litlens.app.terms import Term, Termbase, TermEntry, save_termbase
    tb = Termbase("en", "ko")
    tb.entries.append(TermEntry("t1", (Term("Halmeom"),), (Term("할멈", "preferred"),
                                                            Term("할머니", "forbidden", "not for her"))))
    tb.entries.append(TermEntry("t2", (Term("young master"),), (Term("도련님", "preferred"),),
                                "how she addresses Joon"))
    save_termbase(tb, tmp / "names.tbx")
    window.terms_dock.show()
    window.terms_dock.raise_()
    view = window.terms_dock.widget()
    assert view.open(tmp / "names.tbx")
    pump(qapp, 0.3)
    print(f"termbase: {view.status.text()}")
    shot("05-termbase")
    view.promote_found()
    pump(qapp, 0.3)
    shot("06-termbase-names-found")


def _review_docx(qapp, window, tmp: Path, shot) -> None:
    import docx
    from test_review_docx_comments import WordSave
    path, back = tmp / "review.docx", tmp / "back.docx"
    window.review_file.export_to(path)
    assert _wait(qapp, lambda: window.review_file.pending == 0 and path.exists(), 30)
    word = WordSave(path)  # the translator answers a finding in Word, as Word writes a reply
    word.reply(next(word.comments.iterchildren()), "Mina Park", "Kept on purpose: she speaks to him that way.")
    word.save(back)
    d = docx.Document(str(back))
    rows = d.tables[0].rows
    rows[2].cells[2].text = rows[2].cells[2].text.replace("할멈이 말했다", "할멈이 나직이 말했다")
    rows[3].cells[0].text = "99"  # a row ID the translation does not have: reported, not applied
    d.save(str(back))
    shown: list[object] = []
    window.review_file.previewed.connect(shown.append)
    window.review_file.import_from(back)
    assert _wait(qapp, lambda: bool(shown), 30), "no import preview"
    preview = shown[0]
    preview.tree.setCurrentItem(preview.tree.topLevelItem(0).child(0))  # the edit, its words marked
    shot("08-review-import-preview", preview)
    preview.apply_button.click()
    assert _wait(qapp, lambda: "나직이" in window.document.candidate.text.content, 30), "import not applied"
    pump(qapp, 0.3)
    print(f"review import: {window.statusBar().currentMessage()}")
    shot("09-review-imported")


if __name__ == "__main__":
    sys.exit(screenshot_main(shots, HERE.parent / "screenshots" / "desk"))
