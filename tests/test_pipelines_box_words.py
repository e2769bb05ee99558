"""Settings › Pipelines says when a Japanese or Chinese word analyser is missing (issue 19)."""

from __future__ import annotations

from litlens.app.texts import cjk_terms
from litlens.ui.settings.pipelines import PipelinesBox


def test_box_names_a_missing_analyser(qtbot, monkeypatch):
    monkeypatch.setattr(cjk_terms, "_mecab", lambda: None)
    box = PipelinesBox(["ja", "zh"], None)  # no task runner: the listing runs inline
    qtbot.addWidget(box)
    text = box.message.text()
    need = "ja words need MeCab (IPA dictionary), which is not installed (pip install mecab-python3 ipadic)."
    assert need in text
    assert "zh words need" not in text  # jieba is installed
    assert box.table.rowCount() == 2


def test_box_is_quiet_when_the_analysers_are_there(qtbot):
    box = PipelinesBox(["zh"], None)
    qtbot.addWidget(box)
    assert "words need" not in box.message.text()
