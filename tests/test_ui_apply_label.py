"""The detail pane's Apply button says what it would write without widening the pane over the findings
list: a sentence-long correction (an honorifics rewrite) is shown by its end, and whole in the tooltip."""

from __future__ import annotations

import pytest

from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui

LONG = "처마 밑에는 철에 맞지 않게 얇은 외투를 입은 사내 하나가 서 있었고, 모자 챙에서는 빗물이 줄줄 흘러내렸다."


def test_a_sentence_long_correction_keeps_the_button_narrow_and_shows_its_ending(qtbot, window):
    findings = window.results.findings
    findings.show_applicable("여덟")
    assert findings.apply_button.text() == "Apply “여덟”"
    short_width = findings.apply_button.sizeHint().width()
    findings.show_applicable(LONG)
    button = findings.apply_button
    assert button.isEnabled() and button.text().endswith("빗물이 줄줄 흘러내렸다.”")
    assert button.text().startswith("Apply “…") and LONG not in button.text()
    assert button.sizeHint().width() < short_width + 240  # 24 characters at most, not 60
    assert LONG in button.toolTip() and "(P)" in button.toolTip()
    findings.show_applicable("")
    assert not button.isEnabled() and button.text() == "Apply the correction"
