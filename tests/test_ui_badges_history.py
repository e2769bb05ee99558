"""Speech-level badges stay on their sentences through edits, undos and redos: after the texts are reloaded
from the store, the stored results' offsets (of the text the judge read) are moved onto the text shown,
like their findings are."""

from __future__ import annotations

import pytest

from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui

EDITS = 5


@pytest.fixture
def window(qtbot, db_path):
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def _snippets(window) -> list[str]:
    """What follows each badge in the shown text: the first characters of its sentence."""
    text = window.document.candidate.text.content
    return [text[o:o + 8] for o in sorted(window.pair_view.badges)]


def test_badges_stay_on_their_sentences_after_undos_and_redos(qtbot, window):
    with qtbot.waitSignal(window.runs.finished, timeout=120_000):
        window.open_sample(autorun=True)
    qtbot.waitUntil(lambda: bool(window.pair_view.badges), timeout=30_000)
    doc, label = window.document, window.document.candidate_label
    before = _snippets(window)
    assert len(before) >= 5, "the sample's dialogue has speech-level badges"
    first_badge = min(window.pair_view.badges)
    paragraph = next(p.index for p in doc.candidate.text.paragraphs if p.end <= first_badge)

    # five edits before the dialogue, each one character longer (the shift that drifted the badges)
    for n in range(EDITS):
        old = doc.candidate.text.paragraphs[paragraph].text
        with qtbot.waitSignal(window.edits.stored, timeout=30_000):
            window.pair_view.paragraph_edited.emit(label, paragraph, "—" + old)
        assert _snippets(window) == before, f"after edit {n + 1}"

    for step, action in [("undo", window.undo_edit_action)] * EDITS + [("redo", window.redo_edit_action)] * EDITS:
        qtbot.waitUntil(action.isEnabled, timeout=30_000)
        revision = doc.revision
        action.trigger()
        # the texts come back from the store, then the stored results are read for them
        qtbot.waitUntil(lambda r=revision: doc.revision != r and bool(window.pair_view.badges), timeout=30_000)
        qtbot.waitUntil(lambda: _snippets(window) == before, timeout=10_000)
    assert doc.candidate.text.paragraphs[paragraph].text.startswith("—" * EDITS)
    assert _snippets(window) == before
