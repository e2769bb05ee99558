"""What an undoable command is called is said in the interface language: the Edit menu's Undo/Redo and
the status line after an undo translate the stored English label ("edit ¶2", "apply correction"), so a
Korean window never shows them in English."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from test_ui_review_loop import open_draft, settle

from litlens.ui.review.history_labels import shown
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packaging"))
from ko_walk36 import WALK36_KO  # noqa: E402

pytestmark = pytest.mark.gui


class _Korean(QTranslator):
    """The HistoryLabels context from the table the translation is built from."""

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: D102 - Qt's override
        return WALK36_KO.get(source) if context == "HistoryLabels" else None  # None: not translated here


@pytest.fixture
def korean(qapp):
    translator = _Korean()
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


def test_every_label_the_store_records_is_translated(korean):
    recorded = ["accept", "reject", "correct", "add", "withdraw", "apply correction", "apply verified fixes",
                "review import", "reject all like this", "accept all occurrences"]
    for label in recorded:
        assert shown(label) == WALK36_KO[label]
    assert shown("accept 12") == "지적 12개 수락" and shown("reject 3") == "지적 3개 거부"
    assert shown("edit ¶4") == "¶4 편집" and shown("restore revision 2") == "수정본 2 복원"
    assert shown("speaker of ¶ at 120: 할멈") == "대사의 화자: 할멈"
    assert shown("바꾸기 “a” → “b”") == "바꾸기 “a” → “b”"  # made in the window, already translated


def test_undo_after_an_edit_names_it_in_korean_in_the_menu_and_the_status_line(qtbot, window, tmp_path, korean):
    open_draft(qtbot, window, tmp_path)
    view = window.pair_view
    assert view.edit_paragraph(1)
    view.text.editor.widget.setPlainText("비가 내리기 시작했다.")
    view.text.editor.finish(save=True)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: "¶2 편집" in window.undo_edit_action.text(), timeout=10_000)
    said = []
    window.edits.stored.connect(said.append)
    window.edits.undo()
    settle(qtbot, window)
    qtbot.waitUntil(lambda: bool(said), timeout=10_000)
    assert "¶2 편집" in said[-1] and "edit" not in said[-1]
    qtbot.waitUntil(lambda: "¶2 편집" in window.redo_edit_action.text(), timeout=10_000)
