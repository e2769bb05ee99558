"""Chapter navigation in the window: a source with chapter headings shows the chapter chooser; choosing a
chapter scrolls the pair view to its first row, and scrolling back shows the chapter in view. A project
without chapters has no chooser. A book opened from chapter folders keeps its chapters in the store and
the window shows them when it opens the stored project."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from litlens.app.run.store import Store
from litlens.app.texts.chapters import chapter_files, chapter_project
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

LONG = " ".join(["The road went on past the fields and the river."] * 12)
KO_LONG = " ".join(["길은 들판과 강을 지나 계속 이어졌다."] * 12)


def _text(headings, body, n=6):
    return "\n\n".join(f"{h}\n\n" + "\n\n".join([body] * n) for h in headings)


@pytest.fixture
def make_window(qtbot, db_path, tmp_path):
    made = []

    def make():
        w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(w)
        w.resize(1000, 700)
        w.show()
        made.append(w)
        return w
    yield make
    for w in made:
        w.close()


def _open(qtbot, w, tmp_path, source, target):
    (tmp_path / "book_en.txt").write_text(source, encoding="utf-8")
    (tmp_path / "book_ko.txt").write_text(target, encoding="utf-8")
    w.open_files(tmp_path / "book_en.txt", [tmp_path / "book_ko.txt"])
    qtbot.waitUntil(lambda: w.document.project_id is not None and w.pair_view.text.layout_map is not None,
                    timeout=20_000)


def test_chapter_chooser_scrolls_to_a_chapter_and_follows(qtbot, make_window, tmp_path):
    w = make_window()
    _open(qtbot, w, tmp_path, _text(["Chapter 1", "Chapter 2", "Chapter 3"], LONG),
          _text(["제1장", "제2장", "제3장"], KO_LONG))
    nav = w.pair_view.chapter_nav
    assert nav.isVisible() and [nav.itemText(i) for i in range(nav.count())] == \
        ["1. Chapter 1", "2. Chapter 2", "3. Chapter 3"]
    bar = w.pair_view.text.verticalScrollBar()
    assert bar.value() == 0
    assert nav.go_to(2)
    qtbot.waitUntil(lambda: bar.value() > 0, timeout=5_000)
    top_row = w.pair_view.text.visible_rows()[0]
    assert top_row == 14  # chapter 3's heading: rows 0-6 chapter 1, 7-13 chapter 2
    bar.setValue(int(w.pair_view.text.tops[8]))  # back into chapter 2 by scrolling
    qtbot.waitUntil(lambda: nav.currentIndex() == 1, timeout=5_000)


def test_no_chooser_without_chapters(qtbot, make_window, tmp_path):
    w = make_window()
    _open(qtbot, w, tmp_path, "One.\n\nTwo.", "하나.\n\n둘.")
    assert not w.pair_view.chapter_nav.isVisible()


def test_stored_chapter_files_show_in_the_window(qtbot, make_window, tmp_path, db_path):
    en, ko = tmp_path / "en", tmp_path / "ko"
    en.mkdir()
    ko.mkdir()
    for n in (1, 2):
        (en / f"part{n}.txt").write_text(f"The river ran. {n}\n\nThe road went on.", encoding="utf-8")
        (ko / f"part{n}.txt").write_text(f"강이 흘렀다. {n}\n\n길은 이어졌다.", encoding="utf-8")
    store = Store(db_path)
    pid = store.save_project(chapter_project("Rivers", chapter_files(en), [("ko", chapter_files(ko))]))
    store.close()
    w = make_window()
    w.open_stored(pid)
    qtbot.waitUntil(lambda: w.document.project_id == pid and w.pair_view.text.layout_map is not None,
                    timeout=20_000)
    nav = w.pair_view.chapter_nav
    assert [nav.itemText(i) for i in range(nav.count())] == ["1. part1", "2. part2"]


def test_file_open_chapter_folders(qtbot, make_window, tmp_path, db_path):
    en, ko = tmp_path / "en", tmp_path / "ko"
    en.mkdir()
    ko.mkdir()
    for n in (1, 2, 10):
        (en / f"ch{n}.txt").write_text(f"Chapter {n}\n\nThe river ran.", encoding="utf-8")
        (ko / f"{n}.txt").write_text(f"제{n}장\n\n강이 흘렀다.", encoding="utf-8")
    w = make_window()
    assert w.chapters_action.text() == "Open &chapter folders…"
    w.open_chapter_folders(en, ko)
    qtbot.waitUntil(lambda: w.document.project is not None and w.pair_view.text.layout_map is not None,
                    timeout=20_000)
    nav = w.pair_view.chapter_nav
    assert [nav.itemText(i) for i in range(nav.count())] == ["1. ch1", "2. ch2", "3. ch10"]
    (ko / "10.txt").unlink()
    shown = []
    w.show_error = lambda title, message: shown.append(message)
    w.open_chapter_folders(en, ko)
    qtbot.waitUntil(lambda: bool(shown), timeout=20_000)
    assert "3 source chapter files but 2 for ko" in shown[0]


def test_scorecard_dock_has_a_row_per_chapter(qtbot, make_window, tmp_path, db_path):
    from litlens.app.core.model import Judgment, Span
    from litlens.app.run import revisions
    w = make_window()
    _open(qtbot, w, tmp_path, "Chapter 1\n\nOne two three four.\n\nChapter 2\n\nFive six seven eight nine ten.",
          "1장\n\n하나 둘 셋 넷.\n\n2장\n\n다섯 여섯 일곱 여덟 아홉 열.")
    pid = w.document.project_id
    store = Store(db_path)
    project = store.load_project(pid)
    text = project.candidate("book_ko").text
    at = text.content.index("여섯")
    run_id = store.start_run(pid, ["gemba_mqm"], "offline", "none", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, run_id)
    span = Span("gemba_mqm", "accuracy/mistranslation", "major", "x", at, at + 2, "여섯", paragraph=3)
    store.save_result(run_id, Judgment("gemba_mqm", "g", "book_ko", None, spans=[span]), "v1", "none", "h")
    store.update_run(run_id, status="done", units_done=1)
    store.close()
    w.runs.load_results()
    w.scorecard_dock.show()
    view = w.scorecard_dock.widget()
    view.include_all.setChecked(True)
    view.set_profile("mqm-core")
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 1 and view.cards and view.cards[0].points == 5,
                    timeout=20_000)
    top = view.tree.topLevelItem(0)
    rows = [[top.child(i).text(c) for c in (0, 1, 6)] for i in range(top.childCount())]
    assert rows == [["Chapter 1", "6", "0"], ["Chapter 2", "8", "5"]]  # source words per chapter
    assert [top.text(c) for c in (0, 1, 6)] == ["book_ko", "14", "5"]
    assert top.isExpanded()  # a book's chapters are what the reviewer opened the dock for
    view.include_all.setChecked(False)  # shown again after any change: still open
    assert view.tree.topLevelItem(0).isExpanded()


def test_the_chooser_stays_on_its_chapter_when_the_book_is_shown_again(qtbot, make_window, tmp_path):
    """A replace, an undo or an import reloads the texts; the view keeps its place, and so must the chooser
    (it said "1." while chapter 3 was on screen)."""
    w = make_window()
    _open(qtbot, w, tmp_path, _text(["Chapter 1", "Chapter 2", "Chapter 3"], LONG),
          _text(["제1장", "제2장", "제3장"], KO_LONG))
    nav = w.pair_view.chapter_nav
    assert nav.go_to(2)
    reloaded = []
    w.document.projectChanged.connect(lambda: reloaded.append(1))
    w.edits.reload_texts()
    qtbot.waitUntil(lambda: bool(reloaded), timeout=20_000)
    qtbot.wait(50)
    assert nav.currentIndex() == 2 and nav.currentText() == "3. Chapter 3"
    # another book's chapters start at the first
    from litlens.app.texts import build_project, text_from_string
    other = build_project("Other", text_from_string(_text(["Chapter 1", "Chapter 2"], "One."), "en"),
                          [("ko", text_from_string(_text(["제1장", "제2장"], "하나."), "ko"))])
    nav.set_project(other)
    assert (nav.count(), nav.currentIndex()) == (2, 0)
