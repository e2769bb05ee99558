"""The exercise window's Student field is wide enough to read its placeholder whole at the window's
default size (it read "이름 (풀이 기록이 이 ⋯" in Korean and was cut in English too)."""

from __future__ import annotations

import pytest
from test_ui_exercises import open_view, window, write_exercise  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui


def test_the_student_field_shows_its_placeholder_whole(qtbot, window, tmp_path):
    view = open_view(qtbot, window, write_exercise(tmp_path))
    view.resize(1200, 760)
    qtbot.wait(100)
    field = view.student
    field.clear()
    needed = field.fontMetrics().horizontalAdvance(field.placeholderText())
    assert field.width() - 2 * field.fontMetrics().averageCharWidth() >= needed  # text margins and frame
