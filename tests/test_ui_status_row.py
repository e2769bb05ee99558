"""At 1280 px, with a status message and the revision note beside it, the run bar still says how a run
ended in full ("Finished · 8/8 units · no calls" was cut to "no …" when the run bar and the message shared
the row half and half)."""

from __future__ import annotations

import pytest

from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui


def test_the_run_bar_keeps_a_finished_run_whole_beside_a_message(qtbot, window):
    window.resize(1280, 800)
    window.open_sample(autorun=False)
    ended = "Finished · 8/8 units · no calls"
    window.run_bar.say(ended)
    window.statusBar().showMessage("Applied “안”; the finding is resolved.")
    note = window.revision_note  # as after an edit: the note takes its own part of the row
    note.setText('Showing revision 1 of “Flawed” — your edits. <a href="o">See the original</a> · '
                 '<a href="a">All revisions</a>')
    note.show()
    qtbot.wait(200)
    assert window.status_line.isVisible()
    assert window.run_bar.label.shown_text() == ended
    assert window.status_line.text() == "Applied “안”; the finding is resolved."
