"""The Korean spelling judge in the real window: an offline run shows its findings in the list, highlighted
at their words in the translation, and Apply writes the corrected words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from test_ui_review_loop import content, settle

from litlens.ui.review.findings_model import SPAN_ROLE
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def test_a_spacing_finding_is_shown_at_its_word_and_applied(qtbot, window, tmp_path):
    (tmp_path / "en.txt").write_text('"Can you do it?" the old man asked.', encoding="utf-8")
    (tmp_path / "draft.txt").write_text('"자네가 그 일을 해낼수 있겠나?" 노인이 물었다.', encoding="utf-8")
    window.open_files(tmp_path / "en.txt", [tmp_path / "draft.txt"], autorun=True)  # offline judges run
    findings = window.results.findings
    qtbot.waitUntil(lambda: any(s.judge == "spelling" for s in findings.spans()), timeout=60_000)
    qtbot.waitUntil(lambda: findings.tree.topLevelItemCount() > 0 and window.edits.pending == 0, timeout=10_000)
    span = next(s for s in findings.spans() if s.judge == "spelling")
    assert content(window)[span.start:span.end] == "해낼수" == span.quote
    assert (span.start, span.end) in {(a, b) for side, a, b, _ in window.pair_view.highlighted if side == "target"}
    rows = [findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())]
    findings.tree.setCurrentItem(next(r for r in rows if r.data(0, SPAN_ROLE).judge == "spelling"))
    assert "해낼수" in findings.detail.toPlainText()
    assert findings.apply_button.isEnabled() and findings.apply_button.text() == "Apply “해낼 수”"
    window.results.review_buttons.apply.click()
    assert content(window).startswith('"자네가 그 일을 해낼 수 있겠나?"')
    settle(qtbot, window)
    qtbot.waitUntil(lambda: findings.status(next(s for s in findings.spans() if s.judge == "spelling"))
                    == "applied", timeout=10_000)
