"""Term table widget: terms with renderings and counts; clicking a rendering cycles its occurrences."""

from __future__ import annotations

from litlens.app.consistency import analyse_candidate
from litlens.app.texts import build_project, text_from_string
from litlens.ui.views.terms import TermTable

TABLE = {"Draft": {"Grandison": {"renderings": [
    {"text": "그랜디슨", "count": 2, "offsets": [[3, 7], [40, 44]]},
    {"text": "그란디손", "count": 1, "offsets": [[80, 84]]}], "consistent": False},
    "London": {"renderings": [{"text": "런던", "count": 1, "offsets": [[20, 22]]}], "consistent": True}}}


def test_shows_terms_and_renderings_with_counts(qtbot):
    w = TermTable()
    qtbot.addWidget(w)
    w.set_term_table(TABLE, "terms found by the rule-based fallback")
    assert w.tree.topLevelItemCount() == 2
    top = w.tree.topLevelItem(0)
    assert (top.text(0), top.text(1), top.text(2)) == ("Grandison", "3", "Draft")
    assert [(top.child(i).text(0), top.child(i).text(1)) for i in range(top.childCount())] == \
        [("그랜디슨", "2"), ("그란디손", "1")]
    assert w.note.text() == "terms found by the rule-based fallback"


def test_clicking_a_rendering_cycles_through_its_occurrences(qtbot):
    w = TermTable()
    qtbot.addWidget(w)
    w.set_term_table(TABLE)
    child = w.tree.topLevelItem(0).child(0)
    seen = []
    w.occurrenceActivated.connect(lambda label, s, e: seen.append((label, s, e)))
    for _ in range(3):
        with qtbot.waitSignal(w.occurrenceActivated, timeout=1000):
            w.tree.itemClicked.emit(child, 0)
    assert seen == [("Draft", 3, 7), ("Draft", 40, 44), ("Draft", 3, 7)]
    w.tree.itemClicked.emit(w.tree.topLevelItem(0), 0)  # a term row has no offsets of its own
    assert len(seen) == 3


def test_takes_the_consistency_judges_table(qtbot):
    src = "Grandison came.\n\nGrandison left.\n\nGrandison returned."
    tgt = "그랜디슨이 왔다.\n\n그란디손이 떠났다.\n\n그랜디슨이 돌아왔다."
    project = build_project("t", text_from_string(src, "en"), [("A", text_from_string(tgt, "ko"))])
    report = analyse_candidate(project, project.candidates[0])
    w = TermTable()
    qtbot.addWidget(w)
    w.set_term_table({"A": report.term_table})
    child = w.tree.topLevelItem(0).child(1)
    with qtbot.waitSignal(w.occurrenceActivated, timeout=1000) as blocker:
        w.tree.itemClicked.emit(child, 0)
    label, start, end = blocker.args
    assert label == "A" and tgt[start:end] == child.text(0) == "그란디손"


def test_empty_table_explains_itself(qtbot):
    w = TermTable()
    qtbot.addWidget(w)
    w.set_term_table({})
    assert "No term table yet" in w.note.text() and not w.note.isHidden()
