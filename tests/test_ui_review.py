"""GUI tests of an LLM judge run through the window and of human review: gemba-mqm against the local
provider server, exact highlights of stored spans, the findings list, and review decisions in SQLite."""

from __future__ import annotations

import re
import sqlite3

import pytest
from PySide6.QtCore import QSettings

from litlens.app.run import annotations as ann
from litlens.app.run.store import Store
from litlens.ui.review.findings_list import SPAN_ROLE
from litlens.ui.common.severity import style_for
from litlens.ui.shell.window import MainWindow
from ui_project import keyed_window as window  # noqa: F401  (the window fixture)

pytestmark = pytest.mark.gui


RUN_TIMEOUT = 60_000
_TRANSLATION = re.compile(r"<translation>\n(.*?)\n</translation>", re.S)


def quoting_responder(call):
    """A GEMBA-MQM answer quoting the paragraph's second word (real text from the candidate)."""
    found = _TRANSLATION.search(call.user)
    words = [w.strip('".,!?“”') for w in found.group(1).split()] if found else []
    words = [w for w in words if len(w) >= 2]
    if not words:
        return {"errors": []}
    quote = words[1] if len(words) > 1 else words[0]
    return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                        "quoted_from": "translation", "text": quote, "occurrence": 1,
                        "explanation": f"'{quote}' does not say what the source says.",
                        "suggestion": None}]}




def open_sample(qtbot, window):
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
    qtbot.waitUntil(lambda: window.document.project_id is not None, timeout=20_000)


def run_gemba(qtbot, window, fake_server):
    fake_server.responder = quoting_responder
    panel = window.judge_panel
    panel.set_provider("openai")
    panel.base_url.setText(fake_server.openai_base_url)
    panel.select(["gemba-mqm"])
    with qtbot.waitSignal(window.runs.finished, timeout=RUN_TIMEOUT) as blocker:
        window.run_action.trigger()
    summary, error = blocker.args
    assert error is None and summary.status == "done", (summary, error)
    assert fake_server.count == summary.progress.calls > 0
    assert summary.progress.calls + summary.progress.cache_hits == summary.progress.total  # one per unit


def stored_spans(db_path, candidate):
    store = Store(db_path)
    try:
        return [dict(r) for r in store.db["spans"].rows_where("judge = ? AND candidate = ? AND status = ?",
                                                              ["gemba-mqm", candidate, "located"],
                                                              order_by="start")]
    finally:
        store.close()


def annotation_rows(db_path):
    conn = sqlite3.connect(str(db_path))
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM annotations ORDER BY id")]
    finally:
        conn.close()


def test_gemba_run_highlights_lists_and_accepts_a_stored_span(qtbot, window, fake_server, db_path):
    open_sample(qtbot, window)
    run_gemba(qtbot, window, fake_server)
    window.document.set_candidate("Flawed")
    rows = stored_spans(db_path, "Flawed")
    assert rows, "the scripted judge quoted real words, so spans were located"
    row = rows[len(rows) // 2]
    text = window.document.candidate.text.content
    assert text[row["start"]:row["end"]] == row["quote"]

    # the highlight covers exactly the stored characters, in the major style
    view = window.pair_view
    assert ("target", row["start"], row["end"], "major") in view.highlighted
    major = style_for("major")
    for offset in range(row["start"], row["end"]):
        fmt = view.char_format_at(offset)
        assert fmt.underlineStyle() == major.underline and fmt.background().color().name() == major.tint
    covered = {o for r in rows for o in range(r["start"], r["end"])}
    covered |= {o for s in window.document.findings("Flawed") if s.located for o in range(s.start, s.end)}
    for outside in (row["start"] - 1, row["end"]):
        if outside not in covered:
            assert view.char_format_at(outside).underlineStyle() != major.underline

    # the findings list shows it
    findings = window.results.findings
    findings.judge_filter.setCurrentIndex(findings.judge_filter.findData("gemba-mqm"))
    items = [findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())]
    assert len(items) == len(rows) + sum(1 for s in window.document.findings("Flawed")
                                         if s.judge == "gemba-mqm" and not s.located)
    item = next(i for i in items if (i.data(0, SPAN_ROLE).start, i.data(0, SPAN_ROLE).end)
                == (row["start"], row["end"]))
    assert item.text(4) == row["quote"] and item.text(2) == "GEMBA-MQM"  # named as in the judge panel

    # choosing it marks it in the pair view; accepting stores a human annotation beside the LLM's span
    findings.tree.setCurrentItem(item)
    span = item.data(0, SPAN_ROLE)
    assert view.focused is span
    with qtbot.waitSignal(window.review.saved, timeout=10_000) as saved:
        window.accept_action.trigger()
    assert saved.args[0].action == "accept"
    notes = annotation_rows(db_path)
    assert len(notes) == 1
    note = notes[0]
    assert (note["action"], note["span_id"], note["judge"], note["candidate"]) == \
        ("accept", row["id"], "gemba-mqm", "Flawed")
    assert (note["start"], note["end"], note["quote"], note["severity"]) == \
        (row["start"], row["end"], row["quote"], "major")
    assert stored_spans(db_path, "Flawed") == rows  # the judge's spans are untouched
    qtbot.waitUntil(lambda: window.document.status(span) == "accepted", timeout=10_000)
    reviewed = next(findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())
                    if findings.tree.topLevelItem(i).data(0, SPAN_ROLE) == span)
    assert "accepted" in reviewed.text(5)
    window.results.raise_page("agreement")  # a dock behind another tab is refreshed when it is raised
    agreement = {(r.judge, r.category): r for r in window.results.agreement.rows}
    assert agreement[("gemba-mqm", "accuracy")].accepted == 1


def test_reject_edit_add_and_reopen_shows_the_review(qtbot, window, fake_server, db_path, tmp_path):
    open_sample(qtbot, window)
    run_gemba(qtbot, window, fake_server)
    window.document.set_candidate("Flawed")
    spans = [s for s in window.document.findings("Flawed") if s.judge == "gemba-mqm" and s.located]
    first, second = spans[0], spans[1]
    with qtbot.waitSignal(window.review.saved, timeout=10_000):
        assert window.review.reject(first, "the word is right")
    with qtbot.waitSignal(window.review.saved, timeout=10_000):
        assert window.review.edit(second, "style/unidiomatic", "minor", second.start, second.end + 1, "stiff")
    with qtbot.waitSignal(window.review.saved, timeout=10_000):
        assert window.review.add(0, 4, "fluency/grammar", "minor", "my own")
    actions = [(r["action"], r["category"], r["severity"]) for r in annotation_rows(db_path)]
    assert actions == [("reject", "accuracy/mistranslation/general", "major"), ("edit", "style/unidiomatic", "minor"),
                       ("add", "fluency/grammar", "minor")]
    # a second decision on the same span replaces the first; the judge's span stays as it was
    with qtbot.waitSignal(window.review.saved, timeout=10_000):
        window.review.accept(first)
    assert [r["action"] for r in annotation_rows(db_path)] == ["accept", "edit", "add"]

    # a reopened project shows the stored review without running anything
    calls = fake_server.count
    other = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "s2.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(other)
    other.open_project(window.document.project)
    qtbot.waitUntil(lambda: len(other.document.annotations) == 3, timeout=10_000)
    other.document.set_candidate("Flawed")
    assert fake_server.count == calls and not other.runs.running
    human = [s for s in other.document.findings("Flawed") if s.judge == ann.HUMAN]
    assert [(s.start, s.end, s.category) for s in human] == [(0, 4, "fluency/grammar")]
    assert ("target", 0, 4, "minor") in other.pair_view.highlighted
    statuses = {other.document.status(s) for s in other.document.findings("Flawed")}
    assert {"accepted", "corrected", "added"} <= statuses
    other.results.findings.status_filter.setCurrentIndex(
        other.results.findings.status_filter.findData("corrected"))
    assert other.results.findings.tree.topLevelItemCount() == 1
    other.close()


def test_agreement_counts_per_judge_and_category():
    from litlens.app.core.model import Span
    a = Span(judge="j", category="accuracy/mistranslation", severity="major", start=0, end=2, quote="ab")
    b = Span(judge="j", category="accuracy/omission", severity="minor", start=3, end=4, quote="c")
    c = Span(judge="j", category="style/register", severity="minor", start=5, end=6, quote="d")
    ids = {ann.span_key(a, "X"): 1, ann.span_key(b, "X"): 2, ann.span_key(c, "X"): 3}
    notes = [ann.Annotation(1, "X", "accept", a.category, "major", 0, 2, span_id=1),
             ann.Annotation(1, "X", "reject", b.category, "minor", 3, 4, span_id=2),
             ann.Annotation(1, "X", "add", "accuracy/addition", "minor", 7, 9)]
    rows = {r.category: r for r in ann.agreement([(a, "X"), (b, "X"), (c, "X")], notes, ids)}
    acc = rows["accuracy"]
    assert (acc.accepted, acc.rejected, acc.missed, acc.unreviewed) == (1, 1, 1, 0)
    assert acc.precision == 0.5 and acc.recall == 0.5
    assert rows["style"].unreviewed == 1 and rows["style"].precision is None


def test_bad_decisions_are_refused_with_a_message(db_path):
    store = Store(db_path)
    try:
        with pytest.raises(ann.AnnotationError, match="severity"):
            ann.save(store, ann.Annotation(1, "X", "add", "accuracy/addition", "huge", 0, 1))
        with pytest.raises(ann.AnnotationError, match="stored finding"):
            ann.save(store, ann.Annotation(1, "X", "accept", "accuracy/addition", "minor", 0, 1))
        with pytest.raises(ann.AnnotationError, match="at least one character"):
            ann.save(store, ann.Annotation(1, "X", "add", "accuracy/addition", "minor", 3, 3))
    finally:
        store.close()
