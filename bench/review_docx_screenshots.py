"""Writes PNGs of the bilingual review DOCX import preview and of a book opened from chapter folders (the
chapter chooser over the pair view, the scorecard dock with a row per chapter), in light and dark palettes
and in English and Korean. The book is the bundled sample cut into three chapter files per language.

Usage: python bench/review_docx_screenshots.py [OUTDIR] [--smoke]   (default: screenshots/review-docx/;
--smoke: English and the light palette only). Runs offscreen unless QT_QPA_PLATFORM is set
(xvfb-run -a env QT_QPA_PLATFORM=xcb python bench/review_docx_screenshots.py for a real X server).
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


def book(folder: Path) -> tuple[Path, Path]:
    """The sample's source and its 'Flawed' translation as three chapter files each."""
    from litlens.app.core.sample import load_sample
    sample = load_sample()
    en, ko = folder / "en", folder / "Flawed"
    en.mkdir(parents=True)
    ko.mkdir(parents=True)
    src, tgt = sample.source.paragraphs, sample.candidate("Flawed").text.paragraphs
    cuts = [(0, 3), (3, 6), (6, len(src))]
    for n, (a, b) in enumerate(cuts, 1):
        (en / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in src[a:b]), encoding="utf-8")
        (ko / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in tgt[a:b]), encoding="utf-8")
    return en, ko


def wait(qapp, until, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        pump(qapp, 0.1)


def returned_file(window, tmp: Path) -> Path:
    """The review DOCX as a translator returns it: one target edited, one finding answered."""
    import docx
    sent, back = tmp / "review.docx", tmp / "returned.docx"
    window.review_file.export_to(sent)
    wait(window.review_file.qapp, lambda: window.review_file.pending == 0)
    d = docx.Document(str(sent))
    rows = d.tables[0].rows
    answered = next(r for r in rows[1:] if r.cells[3].text.startswith("[F"))
    tag = answered.cells[3].text.split()[0]  # a row may list several findings: the answer names its own
    answered.cells[4].text = f"{tag} Kept on purpose: the narrator is teasing her."
    rows[2].cells[2].text = rows[2].cells[2].text.replace(".", "!", 1)
    d.save(str(back))
    return back


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else HERE.parent / "screenshots" / "review-docx"
    tmp = Path(tempfile.mkdtemp(prefix="litlens-review-docx-"))
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import i18n
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-review-docx-screenshots"])
    en, ko = book(tmp / "book")
    written = []
    for lang in ("en",) if smoke else ("en", "ko"):
        i18n.install(qapp, lang)
        window = MainWindow(tmp / f"{lang}.db", qsettings=QSettings(str(tmp / f"{lang}.ini"),
                                                                    QSettings.Format.IniFormat))
        window.review_file.qapp = qapp
        window.resize(1400, 900)
        window.show()
        done: list[int] = []
        window.runs.finished.connect(lambda *_a: done.append(1))
        window.open_chapter_folders(en, ko, autorun=True)  # the offline judges run over the whole book
        wait(qapp, lambda: bool(done))
        pump(qapp)
        window.scorecard_dock.show()
        window.scorecard_dock.widget().include_all.setChecked(True)
        window.scorecard_dock.widget().tree.expandAll()
        window.pair_view.chapter_nav.go_to(1)
        back = returned_file(window, tmp)
        previews: list[object] = []
        window.review_file.previewed.connect(previews.append)
        for name in ("light",) if smoke else ("light", "dark"):
            window.set_theme(name)
            window.scorecard_dock.raise_()
            pump(qapp)
            written.append(save(window, out / f"{lang}-{name}-chapters.png"))
            window.review_file.import_from(back)
            wait(qapp, lambda: len(previews) > 0)
            preview = previews.pop()
            pump(qapp)
            written.append(save(preview, out / f"{lang}-{name}-import-preview.png"))
            preview.reject()  # type: ignore[attr-defined]
        window.close()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
