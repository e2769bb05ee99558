"""GUI tests of the pair view: rows laid out only near the screen, findings on their exact characters,
columns that stay aligned while scrolling, selection, keys, and editing a paragraph in place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QLineEdit, QToolTip

from litlens.app.core.model import Judgment, Span
from litlens.app.texts import build_project, text_from_string
from litlens.ui.pair import layout as pair_layout
from litlens.ui.common.document import Document
from litlens.ui.pair.canvas import KEEP, MARGIN
from litlens.app.core.edits import is_outdated
from litlens.ui.pair.layout import SIDES
from litlens.ui.pair.paint import PAD
from litlens.ui.pair.view import PairView
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

SOURCE = ["The lamp burned by the door all night.", "She waited for a letter from her brother.",
          "The boats came back in the rain."]
TARGET = ["등불은 밤새 문 옆에서 타올랐다.", "그녀는 오빠의 편지를 기다렸다 오래.", "배들은 빗속에 돌아왔다."]


def project(source: list[str], target: list[str]):
    return build_project("t", text_from_string("\n\n".join(source), "en"),
                         [("Draft", text_from_string("\n\n".join(target), "ko"))])


def book(paragraphs: int):
    words = "the lamp river winter harbour quiet she waited by door salt letter never came".split()
    src = [" ".join(words[(i + k) % len(words)] for k in range(40 + i % 30)) + "." for i in range(paragraphs)]
    tgt = [" ".join("등불 강 겨울 항구 조용히 그녀는 기다렸다".split() * (4 + i % 5)) + "." for i in range(paragraphs)]
    return project(src, tgt)


@pytest.fixture
def view(qtbot):
    document = Document()
    v = PairView(document)
    qtbot.addWidget(v)
    v.resize(1000, 600)
    v.show()
    # the window's wiring: the Document applies an edit the view announces
    v.paragraph_edited.connect(document.edit_paragraph)
    return v


def paint(qtbot, view) -> None:
    qtbot.waitUntil(lambda: not view.text.waiting(), timeout=5000)  # new rows get a frame of their own
    view.text.viewport().repaint()


def finding(start: int, end: int, severity: str = "major", note: str = "") -> Span:
    return Span(judge="gemba-mqm", category="accuracy/mistranslation", severity=severity, start=start, end=end,
                explanation=note)


def deliver(document: Document, spans: list[Span]) -> None:
    assert document.set_results(document.revision, 1, [Judgment(judge="gemba-mqm", unit="u", candidate="Draft",
                                                                 paragraph=None, spans=spans)])


def point_of(view: PairView, offset: int, side: str = "target", gap: bool = False) -> QPoint:
    """Viewport point in the middle of the character at ``offset`` (its left edge with ``gap``)."""
    canvas = view.text
    row, a, _b = canvas.layout_map.display_ranges(side, offset, offset + 1)[0]
    layout = canvas.row_layout(row).layout(side)
    line = layout.lineForTextPosition(a)
    x0, x1 = line.cursorToX(a)[0], line.cursorToX(a + 1)[0]
    x = x0 + 1 if gap else (x0 + x1) / 2
    rect = canvas.cell_rect(row, side)
    return QPointF(rect.x() + PAD + x, rect.y() + PAD + line.y() + line.height() / 2).toPoint()


def test_a_long_pair_lays_out_only_the_rows_near_the_screen(qtbot, view):
    view.document.set_project(book(1500))
    paint(qtbot, view)
    canvas = view.text
    visible = canvas.visible_rows()
    assert len(canvas.heights) == 1500 and len(visible) >= 2
    assert canvas.laid_out() <= set(range(visible.start, visible.stop + MARGIN + 1))
    assert canvas.layouts_made <= len(visible) + 2 * MARGIN
    # scrolling through the book keeps the number of laid-out rows bounded
    bar = canvas.verticalScrollBar()
    for value in range(0, bar.maximum(), bar.maximum() // 25):
        bar.setValue(value)
        paint(qtbot, view)
        assert len(canvas.laid_out()) <= len(canvas.visible_rows()) + 2 * (MARGIN + KEEP)
    assert "Source · English" in canvas.toPlainText()


def test_scrolling_keeps_the_columns_aligned_and_the_view_still(qtbot, view):
    view.document.set_project(book(1500))
    canvas, bar = view.text, view.text.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    paint(qtbot, view)
    for _ in range(15):  # upwards, into rows never measured: heights change above the view
        top = canvas.visible_rows().start + 1
        before = canvas.tops[top] - bar.value()
        bar.setValue(bar.value() - 3 * bar.singleStep())
        paint(qtbot, view)
        assert abs((canvas.tops[top] - bar.value()) - (before + 3 * bar.singleStep())) <= 1
        for row in canvas.visible_rows():
            src, tgt = canvas.cell_rect(row, "source"), canvas.cell_rect(row, "target")
            assert src.top() == tgt.top() and src.height() == tgt.height()
            pair = canvas.layout_map.rows[row]
            assert pair.source == pair.target == (row,)  # the row beside it is its own translation
    bar.setValue(bar.maximum())
    paint(qtbot, view)
    assert canvas.visible_rows().stop == 1500  # the last paragraph can be reached


def test_highlights_land_on_their_exact_characters(qtbot, view):
    view.document.set_project(project(SOURCE, TARGET))
    content = view.document.candidate.text.content
    start = content.index("편지")
    span = finding(start, start + 2, "critical", "letter")
    deliver(view.document, [span])
    paint(qtbot, view)
    canvas = view.text
    assert canvas.spans_at_point(point_of(view, start)) == [span]
    assert canvas.spans_at_point(point_of(view, start + 1)) == [span]
    assert canvas.spans_at_point(point_of(view, start - 1)) == []
    assert canvas.spans_at_point(point_of(view, start + 2)) == []
    fmt = view.char_format_at(start)
    assert fmt.underlineStyle() == fmt.UnderlineStyle.WaveUnderline
    # hovering shows it, clicking announces it
    where = point_of(view, start)
    canvas.viewportEvent(QHelpEvent(QEvent.Type.ToolTip, where, canvas.viewport().mapToGlobal(where)))
    assert "letter" in QToolTip.text() and "critical" in QToolTip.text()
    with qtbot.waitSignal(view.spanClicked) as clicked:
        qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert clicked.args == [span]


def test_selecting_candidate_text_gives_its_offsets(qtbot, view):
    view.document.set_project(project(SOURCE, TARGET))
    paint(qtbot, view)
    content = view.document.candidate.text.content
    start = content.index("오빠")
    canvas = view.text
    qtbot.mousePress(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point_of(view, start, gap=True))
    qtbot.mouseMove(canvas.viewport(), pos=point_of(view, start + 3, gap=True))
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point_of(view, start + 3, gap=True))
    assert canvas.selected_target() == (start, start + 3)
    assert canvas.selected_text() == "오빠의"
    assert canvas.select("source", 0, 3) and canvas.selected_target() is None


def test_speech_level_badges_do_not_move_offsets(qapp):
    p = project(SOURCE, TARGET)
    content = p.candidates[0].text.content
    start = content.index("그녀는")
    lm = pair_layout.build(p, p.candidates[0], {start: ("해요체", "#2a7ab0")})
    cell = lm.cells["target"][1]
    assert cell.text.startswith("\u2009해요체\u2009") and len(cell.badges) == 1
    (row, a, b), = lm.display_ranges("target", start, start + 3)
    assert cell.text[a:b] == "그녀는" and lm.offset_at("target", row, a) == start


def test_cells_are_made_when_first_shown_and_estimated_from_counts(qtbot, view):
    # opening a book must not build every row's display text on the GUI thread: the first frame makes
    # the rows on screen, and the heights of the others come from counts equal to what a cell would say
    p = book(600)
    content = p.candidates[0].text.content
    badges = {content.index("그녀는", p.candidates[0].text.paragraphs[i].start): ("해요체", "#2a7ab0")
              for i in (3, 400)}
    lm = pair_layout.build(p, p.candidates[0], badges)
    counts = [lm.counts(side, r) for side in ("source", "target") for r in range(600)]
    assert not any(lm.cells[side].made(r) for side in ("source", "target") for r in range(600))
    assert counts == [(len(c.text), c.wide, c.breaks) for side in ("source", "target") for c in lm.cells[side]]
    view.document.set_project(p)
    paint(qtbot, view)
    made = [r for r in range(600) if view.text.layout_map.cells["target"].made(r)]
    assert made and len(made) < 60


def test_paragraph_counts_made_on_the_loading_worker_are_the_ones_the_view_uses():
    # the window counts a book's paragraphs on the worker that read it; the view then finds them counted,
    # and a text whose content changed (an edit makes a new string) is counted again, not read stale
    import threading
    p = book(50)
    text = p.candidates[0].text
    worker = threading.Thread(target=pair_layout.count_paragraphs, args=(p,))
    worker.start()
    worker.join()
    counted = pair_layout.paragraph_counts(text)
    assert pair_layout.paragraph_counts(text) is counted  # kept, not counted again
    lm = pair_layout.build(p, p.candidates[0])
    assert lm.all_counts("target") == [(len(c.text), c.wide, c.breaks) for c in lm.cells["target"]]
    text.content = text.content.replace("등불", "등잔")
    assert pair_layout.paragraph_counts(text) is not counted


def test_edit_round_trip_reanchors_or_marks_findings(qtbot, view):
    document = view.document
    document.set_project(project(SOURCE, TARGET))
    content = document.candidate.text.content
    kept_at, gone_at, later_at = content.index("편지"), content.index("오빠의"), content.index("빗속")
    kept, gone, later = (finding(kept_at, kept_at + 2, note="kept"), finding(gone_at, gone_at + 3, note="gone"),
                         finding(later_at, later_at + 2, note="later"))
    deliver(document, [kept, gone, later])
    paint(qtbot, view)
    qtbot.mouseDClick(view.text.viewport(), Qt.MouseButton.LeftButton, pos=point_of(view, kept_at))
    editor = view.text.editor
    assert editor.active and editor.paragraph == 1 and editor.text() == TARGET[1]
    assert view.text.cell_rect(1, "source").height() >= editor.widget.height()  # the source stays beside it
    new = "오래 전부터 그녀는 오빠가 보낸 편지를 기다렸다."
    editor.widget.setPlainText(new)
    with qtbot.waitSignal(view.paragraph_edited) as edited:
        qtbot.keyClick(editor.widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert edited.args == ["Draft", 1, new]
    assert not editor.active
    assert view.text.layout_map.cells["target"][1].text == new  # shown at once
    assert document.candidate.text.paragraphs[1].text == new
    text = document.candidate.text.content
    spans = {s.explanation: s for s in document.findings("Draft")}
    assert len(spans) == 3  # nothing dropped
    assert text[spans["kept"].start:spans["kept"].end] == "편지" and not is_outdated(spans["kept"])
    assert text[spans["later"].start:spans["later"].end] == "빗속"
    assert is_outdated(spans["gone"])  # "오빠의" is no longer there
    assert ("target", spans["kept"].start, spans["kept"].end, "major") in view.highlighted
    assert any(style == "outdated" for *_r, style in view.highlighted)
    assert "Outdated by your edit" in view.text.describe(spans["gone"], "")


def test_a_finding_whose_words_survive_moves_with_them(qtbot, view):
    document = view.document
    document.set_project(project(SOURCE, TARGET))
    content = document.candidate.text.content
    at = content.index("밤새")
    deliver(document, [finding(at, at + 2, note="night")])
    assert view.edit_paragraph(0)
    view.text.editor.widget.setPlainText("어젯밤 등불은 밤새 문 옆에서 조용히 타올랐다.")
    view.text.editor.finish(save=True)
    span, = document.findings("Draft")
    assert document.candidate.text.content[span.start:span.end] == "밤새" and not is_outdated(span)
    assert span.start == at + len("어젯밤 ")


def test_escape_cancels_an_edit(qtbot, view):
    view.document.set_project(project(SOURCE, TARGET))
    paint(qtbot, view)
    seen = []
    view.paragraph_edited.connect(lambda *a: seen.append(a))
    view.text.setFocus()
    view.text.set_current_row(2)
    qtbot.keyClick(view.text, Qt.Key.Key_Return)  # Enter edits the current row's translation
    editor = view.text.editor
    assert editor.active and editor.paragraph == 2
    editor.widget.setPlainText("완전히 다른 문장.")
    qtbot.keyClick(editor.widget, Qt.Key.Key_Escape)
    assert not editor.active and seen == []
    assert view.document.candidate.text.paragraphs[2].text == TARGET[2]
    assert view.text.layout_map.cells["target"][2].text == TARGET[2]


def test_clicking_away_saves_an_edit(qtbot, view):
    other = QLineEdit(view)
    other.show()
    view.document.set_project(project(SOURCE, TARGET))
    view.activateWindow()
    assert view.edit_paragraph(2)
    view.text.editor.widget.setPlainText("배들은 비를 맞으며 돌아왔다.")
    with qtbot.waitSignal(view.paragraph_edited):
        other.setFocus(Qt.FocusReason.MouseFocusReason)
    assert view.document.candidate.text.paragraphs[2].text == "배들은 비를 맞으며 돌아왔다."


def test_keys_move_the_current_row(qtbot, view):
    view.document.set_project(book(60))
    paint(qtbot, view)
    canvas = view.text
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Down)
    qtbot.keyClick(canvas, Qt.Key.Key_Down)
    assert canvas.current_row == 2
    qtbot.keyClick(canvas, Qt.Key.Key_End)
    assert canvas.current_row == 59 and 59 in canvas.visible_rows()
    assert canvas.accessibleName()


def test_the_window_applies_an_edit_to_its_document(qtbot, db_path):
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    window.open_project(project(SOURCE, TARGET))
    revision = window.document.revision
    assert window.pair_view.edit_paragraph(0)
    window.pair_view.text.editor.widget.setPlainText("등불은 밤새 타올랐다.")
    window.pair_view.text.editor.finish(save=True)
    assert window.document.candidate.text.paragraphs[0].text == "등불은 밤새 타올랐다."
    assert window.document.revision == revision + 1  # work started on the old text is dropped
    window.close()


class PaintRects(QObject):
    """Records the rectangles the viewport is asked to paint."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list = []

    def eventFilter(self, _watched, event) -> bool:  # noqa: N802  (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.rects.append(event.rect())
        return False


def test_a_scroll_step_paints_only_the_strip_that_came_into_view(qtbot, view):
    # a frame does the minimum: the pixels already on screen move, only the new strip is painted, rows
    # already laid out are not laid out again, and their shaped glyphs are kept for the next paint
    p = book(1500)
    view.document.set_project(p)
    content = p.candidates[0].text.content
    deliver(view.document, [finding(i, i + 4, ("minor", "major", "critical")[i % 3])
                            for i in range(0, len(content) - 5, 97)])
    canvas, bar = view.text, view.text.verticalScrollBar()
    bar.setValue(bar.maximum() // 3)
    paint(qtbot, view)
    rects = PaintRects()
    canvas.viewport().installEventFilter(rects)
    step = 3 * bar.singleStep()
    for _ in range(20):
        made, rows = canvas.layouts_made, canvas.laid_out()
        rects.rects.clear()
        bar.setValue(bar.value() + step)
        qtbot.wait(1)  # the frame: the scroll's paint event
        assert rects.rects and max(r.height() for r in rects.rects) <= step + 1
        # only rows that came within the margin are new: none of those laid out before is redone
        assert canvas.layouts_made - made == len(canvas.laid_out() - rows)
    assert all(canvas.row_layout(r).layout(side).cacheEnabled() for r in canvas.visible_rows() for side in SIDES)
    # a repaint without a scroll lays nothing out
    made = canvas.layouts_made
    canvas.viewport().repaint()
    assert canvas.layouts_made == made
