"""Revisions of an edited candidate (app/run/revisions.py), rule by rule: which paragraphs an edit changed,
the edits between two revisions (last paragraph first), spans and result data carried through several
edits in several paragraphs (moved, or outdated on the edited paragraph), which revision a run judged,
the revision list's kinds, and restoring an old revision as a new one."""

from __future__ import annotations

import json

import pytest

from litlens.app.core.edits import OUTDATED
from litlens.app.core.model import Judgment, Span
from litlens.app.run import annotations as ann
from litlens.app.run import history, revisions
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

PARAS = ["하나 둘 셋.", "넷 다섯 여섯.", "일곱 여덟.", "아홉 열."]
DRAFT = "\n\n".join(PARAS)


def _text(paras):
    return text_from_string("\n\n".join(paras), "ko")


def _at(content, word):
    i = content.index(word)
    return i, i + len(word)


def test_changed_paragraphs_names_each_changed_or_added_paragraph():
    old = _text(PARAS)
    assert revisions.changed_paragraphs(old, old) == []
    assert revisions.changed_paragraphs(old, _text([PARAS[0], "바뀜.", PARAS[2], "또 바뀜."])) == [1, 3]
    assert revisions.changed_paragraphs(old, _text(PARAS + ["새 문단."])) == [4]
    assert revisions.changed_paragraphs(_text(PARAS + ["새 문단."]), old) == [4]


def test_edits_between_runs_last_paragraph_first_and_rebuilds_the_new_text():
    old = _text(PARAS)
    new = _text(["하나.", PARAS[1], "일곱 여덟 아홉 열 열하나.", PARAS[3]])
    steps = revisions.edits_between(old, new)
    assert [e.start for _b, e in steps] == [old.paragraphs[2].start, old.paragraphs[0].start]
    assert steps[0][0] == old.content  # the first step applies to the old text
    content = old.content
    for before, edit in steps:
        assert before == content
        content = content[:edit.start] + edit.new_text + content[edit.old_end:]
    assert content == new.content
    assert revisions.edits_between(old, old) == []
    # a paragraph only one side has cannot be replaced: it is left out, not an error
    assert revisions.edits_between(old, _text(PARAS + ["새 문단."])) == []


def test_spans_are_carried_through_edits_in_several_paragraphs():
    old = _text(PARAS)
    new = _text(["하나 둘 셋 넷.", PARAS[1], "일곱 아주 여덟.", PARAS[3]])
    spans = [Span("j", "accuracy", "minor", start=s, end=e, quote=w)
             for w in ("둘", "다섯", "여덟", "열") for s, e in [_at(old.content, w)]]
    before_first = Span("j", "accuracy", "minor", start=0, end=2, quote="하나")
    moved = revisions.carry_spans([before_first, *spans], old, new)
    assert (moved[0].start, moved[0].end) == (0, 2)  # before every edit: unmoved
    for span, word in zip(moved[1:], ("둘", "다섯", "여덟", "열")):
        assert new.content[span.start:span.end] == word, word
        assert not span.data.get(OUTDATED)
    assert revisions.carry_spans(spans, old, old) is spans  # nothing to carry: the same list


def test_carry_data_moves_ranges_and_offsets_and_marks_rewritten_ones_outdated():
    old = _text(PARAS)
    new = _text([PARAS[0], "완전히 새로운 문장.", PARAS[2], PARAS[3]])
    steps = revisions.edits_between(old, new)
    delta = len(new.content) - len(old.content)
    s0, e0 = _at(old.content, "둘")
    s2, e2 = _at(old.content, "여덟")
    s1, e1 = _at(old.content, "다섯")
    data = {"sentences": [{"start": s0, "end": e0, "level": "haera"},
                          {"start": s1, "end": e1, "level": "haeyo"},
                          {"start": s2, "end": e2}],
            "terms": [{"offsets": [[s0, e0], [s2, e2]]}],
            "count": 3, "note": "x", "start": "not an offset"}
    got = revisions.carry_data(data, steps)
    first, rewritten, later = got["sentences"]
    assert (first["start"], first["end"]) == (s0, e0) and OUTDATED not in first
    assert (later["start"], later["end"]) == (s2 + delta, e2 + delta) and OUTDATED not in later
    assert new.content[later["start"]:later["end"]] == "여덟"
    assert rewritten[OUTDATED] is True and rewritten["level"] == "haeyo"
    p1 = new.paragraphs[1]
    assert p1.start <= rewritten["start"] < p1.end and rewritten["end"] == rewritten["start"] + 1
    assert got["terms"][0]["offsets"] == [[s0, e0], [s2 + delta, e2 + delta]]
    assert got["count"] == 3 and got["note"] == "x" and got["start"] == "not an offset"
    assert revisions.carry_data(data, []) is data
    assert revisions.carry_data("plain", steps) == "plain"
    bad_pairs = {"offsets": [[s2, "x"]]}
    assert revisions.carry_data(bad_pairs, steps) == bad_pairs


def test_a_range_ending_where_an_edit_starts_is_not_moved_and_one_starting_at_its_end_is():
    old = _text(PARAS)
    new = _text([PARAS[0], "짧다.", PARAS[2], PARAS[3]])
    steps = revisions.edits_between(old, new)
    edit = steps[0][1]
    at_start = revisions.carry_data({"start": edit.start - 2, "end": edit.start}, steps)
    assert (at_start["start"], at_start["end"]) == (edit.start - 2, edit.start) and OUTDATED not in at_start
    after = revisions.carry_data({"start": edit.old_end, "end": edit.old_end + 2}, steps)
    assert (after["start"], after["end"]) == (edit.old_end + edit.delta, edit.old_end + 2 + edit.delta)
    assert OUTDATED not in after
    across = revisions.carry_data({"start": edit.start - 2, "end": edit.start + 1}, steps)
    assert across[OUTDATED] is True and across["start"] == edit.start and across["end"] == edit.start + 1


def _stored(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("p", text_from_string("One.\n\nTwo.\n\nThree.\n\nFour.", "en"),
                            [("Draft", _text(PARAS))])
    pid = store.save_project(project)
    return store, project, pid


def _judged(store, pid, project, spans, data=None):
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, run)
    store.save_result(run, Judgment("j", "u1", "Draft", None, spans=spans, data=data or {}), "v1", "m", "h1")
    return run


def test_record_run_revisions_keeps_an_edited_revision_current(tmp_path):
    store, project, pid = _stored(tmp_path)
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    assert revisions.record_run_revisions(store, pid, project, run) == {"Draft": 0}
    assert json.loads(store.get_run(run)["revisions"]) == {"Draft": 0}
    edited = _text(["하나.", *PARAS[1:]])
    assert history.edit_text(store, pid, "Draft", edited) == 1
    assert revisions.stored_revision(store, pid, "Draft", edited) == 1
    assert revisions.stored_revision(store, pid, "Draft", _text(PARAS)) == 0
    assert revisions.stored_revision(store, pid, "Draft", _text(["없는 글."])) is None
    again = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    judged = revisions.record_run_revisions(store, pid, project, again)  # the files' older text
    assert judged == {"Draft": 0} and revisions.head(store, pid, "Draft") == 1
    kept = revisions.kept_revisions(store, pid, judged)
    assert len(kept) == 1 and kept[0].startswith("Draft: judged revision 0 (the text given); your edited "
                                                 "revision 1 stays current")
    assert revisions.kept_revisions(store, pid, {"Draft": 1}) == []
    assert revisions.kept_revisions(store, pid, {"Other": 0}) == []
    newer = build_project("p", project.source, [("Draft", _text([*PARAS[:3], "새 끝."]))])
    third = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    assert revisions.record_run_revisions(store, pid, newer, third) == {"Draft": 2}
    assert revisions.head(store, pid, "Draft") == 2


def test_current_judgments_carry_spans_and_data_to_the_current_text(tmp_path):
    store, project, pid = _stored(tmp_path)
    old = project.candidate("Draft").text
    s, e = _at(old.content, "여덟")
    span = Span("j", "accuracy", "minor", start=s, end=e, quote="여덟", paragraph=2)
    _judged(store, pid, project, [span], {"sentences": [{"start": s, "end": e}]})
    edited = _text(["하나 둘 셋 그리고 더.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    (j,) = revisions.current_judgments(store, pid, current)
    assert edited.content[j.spans[0].start:j.spans[0].end] == "여덟"
    moved = j.data["sentences"][0]
    assert edited.content[moved["start"]:moved["end"]] == "여덟"
    (same,) = revisions.current_judgments(store, pid, project)  # on the judged text: as stored
    assert (same.spans[0].start, same.spans[0].end) == (s, e)
    # the judged revision's own results, in its own offsets
    (by_rev,) = revisions.revision_judgments(store, pid, "Draft", 0)
    assert (by_rev.spans[0].start, by_rev.spans[0].end) == (s, e)
    assert revisions.revision_judgments(store, pid, "Draft", 1) == []
    assert revisions.revision_judgments(store, pid, "Other", 0) == []


def test_a_result_on_the_words_as_they_are_now_wins_over_a_newer_one_for_other_words(tmp_path):
    store, project, pid = _stored(tmp_path)
    run = _judged(store, pid, project, [])
    store.save_result(run, Judgment("j", "p2", "Draft", 2, data={"v": "old words"}), "v1", "m", "h2")
    edited = _text([*PARAS[:2], "일곱 여덟 아홉.", PARAS[3]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    later = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    revisions.record_run_revisions(store, pid, current, later)
    store.save_result(later, Judgment("j", "p2", "Draft", 2, data={"v": "new words"}), "v1", "m", "h3")
    history.undo(store, pid)  # back to the original paragraph
    got = [j.data.get("v") for j in revisions.current_judgments(store, pid, project) if j.unit == "p2"]
    assert got[-1] == "old words"  # readers keep the last one
    got = [j.data.get("v") for j in revisions.current_judgments(store, pid, current) if j.unit == "p2"]
    assert got[-1] == "new words"


def test_current_annotations_move_with_the_edits(tmp_path):
    store, project, pid = _stored(tmp_path)
    old = project.candidate("Draft").text
    s, e = _at(old.content, "아홉")
    history.decide(store, ann.Annotation(pid, "Draft", "add", "accuracy", "minor", start=s, end=e,
                                         quote="아홉"))
    edited = _text(["하나 둘 셋 넷 다섯.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    (a,) = revisions.current_annotations(store, pid, current)
    assert edited.content[a.start:a.end] == "아홉"
    (same,) = revisions.current_annotations(store, pid, project)
    assert (same.start, same.end) == (s, e)


def test_describe_revisions_and_restore(tmp_path):
    store, _project, pid = _stored(tmp_path)
    history.edit_text(store, pid, "Draft", _text(["하나.", *PARAS[1:]]))
    history.edit_text(store, pid, "Draft", _text(["하나.", PARAS[1], "셋째.", "넷째."]))
    assert revisions.restore_revision(store, pid, "Draft", 0) == 3
    assert revisions.revision_text(store, pid, "Draft").content == DRAFT
    rows = revisions.describe_revisions(store, pid, "Draft")
    assert [r["number"] for r in rows] == [0, 1, 2, 3]
    assert [r["kind"] for r in rows] == ["original", "edit", "edit", "restore"]
    assert [r["changed"] for r in rows] == [[], [0], [2, 3], [0, 2, 3]]
    history.undo(store, pid)
    assert revisions.head(store, pid, "Draft") == 2


def test_project_for_run_shows_the_text_the_run_judged(tmp_path):
    store, project, pid = _stored(tmp_path)
    run = _judged(store, pid, project, [])
    assert revisions.project_for_run(store, store.get_run(run)).candidate("Draft").text.content == DRAFT
    history.edit_text(store, pid, "Draft", _text(["바뀐 첫 문단.", *PARAS[1:]]))
    rebuilt = revisions.project_for_run(store, store.get_run(run))
    assert rebuilt.candidate("Draft").text.content == DRAFT and rebuilt.id == pid
    assert store.load_project(pid).candidate("Draft").text.content != DRAFT


@pytest.mark.parametrize("reason, kind", [("correction", "correction"), ("run", "run"),
                                          ("restore revision 0", "restore"), ("edit", "edit")])
def test_each_kind_of_revision_is_named(tmp_path, reason, kind):
    store, _project, pid = _stored(tmp_path)
    revisions.save_revision(store, pid, "Draft", _text(["다른.", *PARAS[1:]]), reason)
    assert revisions.describe_revisions(store, pid, "Draft")[-1]["kind"] == kind


def test_each_revision_shows_only_what_the_runs_that_judged_it_found(tmp_path):
    store, project, pid = _stored(tmp_path)
    first = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    revisions.record_run_revisions(store, pid, project, first)
    store.save_result(first, Judgment("j", "u1", "Draft", 0, data={"on": "original"}), "v1", "m", "h1")
    edited = _text(["하나 둘.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    second = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    assert revisions.record_run_revisions(store, pid, current, second) == {"Draft": 1}
    store.save_result(second, Judgment("j", "u1", "Draft", 0, data={"on": "edited"}), "v1", "m", "h2")
    store.start_run(pid, ["j"], "fake", "m", {}, None, 1)  # a run that never recorded its revisions
    assert [j.data["on"] for j in revisions.revision_judgments(store, pid, "Draft", 0)] == ["original"]
    assert [j.data["on"] for j in revisions.revision_judgments(store, pid, "Draft", 1)] == ["edited"]
    assert revisions.revision_judgments(store, pid, "Draft", 2) == []


def test_a_decision_made_on_a_later_revision_moves_from_that_revision_not_the_first(tmp_path):
    store, project, pid = _stored(tmp_path)
    first_edit = _text(["하나 둘 셋 넷 다섯.", *PARAS[1:]])  # revision 1: the first paragraph grows
    history.edit_text(store, pid, "Draft", first_edit)
    s, e = _at(first_edit.content, "아홉")
    history.decide(store, ann.Annotation(pid, "Draft", "add", "accuracy", "minor", start=s, end=e, quote="아홉",
                                         revision=1))
    second_edit = _text(["하나 둘 셋 넷 다섯.", "넷.", *PARAS[2:]])  # revision 2: the second one shrinks
    history.edit_text(store, pid, "Draft", second_edit)
    current = build_project("p", project.source, [("Draft", second_edit)])
    (a,) = revisions.current_annotations(store, pid, current)
    assert second_edit.content[a.start:a.end] == "아홉"


def test_a_run_that_recorded_no_revision_of_a_candidate_judged_its_original_text(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("p", text_from_string("One.\n\nTwo.\n\nThree.\n\nFour.", "en"),
                            [("Draft", _text(PARAS)), ("Other", _text(PARAS[::-1]))])
    pid = store.save_project(project)
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    store.update_run(run, revisions=json.dumps({"Draft": 0}))  # as runs from before revisions, for Other
    history.edit_text(store, pid, "Draft", _text(["바뀐 첫 문단.", *PARAS[1:]]))
    history.edit_text(store, pid, "Other", _text(["다른 첫 문단.", *PARAS[::-1][1:]]))
    rebuilt = revisions.project_for_run(store, store.get_run(run))
    assert rebuilt.candidate("Draft").text.content == DRAFT
    assert rebuilt.candidate("Other").text.content == "\n\n".join(PARAS[::-1])


def test_a_result_of_a_run_that_recorded_no_revisions_counts_as_judged_on_the_original_text(tmp_path):
    """Runs from before revisions were recorded judged revision 0: their findings are carried from the
    original text to the current one, and they are listed among revision 0's results, not a later one's."""
    store, project, pid = _stored(tmp_path)
    old = project.candidate("Draft").text
    s, e = _at(old.content, "여덟")
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)  # no record_run_revisions: as an old run
    store.save_result(run, Judgment("j", "u1", "Draft", None, spans=[
        Span("j", "accuracy", "minor", start=s, end=e, quote="여덟", paragraph=2)]), "v1", "m", "h1")
    edited = _text(["하나 둘 셋 그리고 더.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    (j,) = revisions.current_judgments(store, pid, current)
    assert edited.content[j.spans[0].start:j.spans[0].end] == "여덟"
    assert [len(x.spans) for x in revisions.revision_judgments(store, pid, "Draft", 0)] == [1]
    assert revisions.revision_judgments(store, pid, "Draft", 1) == []


def test_a_whole_text_result_on_the_text_as_it_is_now_wins_over_a_newer_one_on_other_words(tmp_path):
    """A result about the whole candidate (no paragraph) fits the current text only when it was computed on
    it: after an undo the original text's result is the one shown, not the newer one on the edited words."""
    store, project, pid = _stored(tmp_path)
    first = _judged(store, pid, project, [])
    store.save_result(first, Judgment("j", "whole", "Draft", None, data={"v": "original"}), "v1", "m", "w1")
    edited = _text([*PARAS[:2], "일곱 여덟 아홉.", PARAS[3]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    later = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    revisions.record_run_revisions(store, pid, current, later)
    store.save_result(later, Judgment("j", "whole", "Draft", None, data={"v": "edited"}), "v1", "m", "w2")
    history.undo(store, pid)
    got = [j.data["v"] for j in revisions.current_judgments(store, pid, project) if j.unit == "whole"]
    assert got[-1] == "original"  # readers keep the last one
    got = [j.data["v"] for j in revisions.current_judgments(store, pid, current) if j.unit == "whole"]
    assert got[-1] == "edited"


def test_only_a_mapping_with_both_a_start_and_an_end_is_a_range_to_carry():
    """A mapping with a start but no end (a turn whose end is not known yet, say) is not a range: it is
    left as it is, not moved or marked outdated."""
    old = _text(PARAS)
    new = _text(["하나 둘 셋 그리고 더.", *PARAS[1:]])
    steps = revisions.edits_between(old, new)
    open_ended = {"start": 20, "end": None, "who": "narrator"}
    assert revisions.carry_data(open_ended, steps) == open_ended
    assert revisions.carry_data({"start": "20", "end": 24}, steps) == {"start": "20", "end": 24}


def test_an_old_runs_project_keeps_its_chapters_when_its_texts_are_rebuilt(tmp_path):
    """A report of a run made before an edit shows the judged words, and the book's chapters with them."""
    from litlens.app.texts.chapters import Chapter
    store = Store(tmp_path / "db.sqlite")
    project = build_project("book", text_from_string("One.\n\nTwo.\n\nThree.\n\nFour.", "en"),
                            [("Draft", _text(PARAS))])
    project.chapters = [Chapter("1장", 0), Chapter("2장", 2)]
    pid = store.save_project(project)
    run = _judged(store, pid, project, [])
    history.edit_text(store, pid, "Draft", _text(["바뀐 첫 문단.", *PARAS[1:]]))
    rebuilt = revisions.project_for_run(store, store.get_run(run))
    assert rebuilt.candidate("Draft").text.content == DRAFT
    assert rebuilt.chapters == [Chapter("1장", 0), Chapter("2장", 2)]


def test_a_paragraph_only_the_old_text_has_is_left_out_of_the_edits_too():
    old = _text(PARAS + ["다섯째 문단."])
    new = _text(["하나.", *PARAS[1:]])  # one paragraph fewer, and the first one changed
    steps = revisions.edits_between(old, new)
    assert [e.start for _b, e in steps] == [old.paragraphs[0].start]


def test_a_zero_width_range_at_the_start_of_an_edited_paragraph_is_in_it_and_outdated():
    """As for a finding (app.core.edits): an empty range at the edited paragraph's first character lies in
    the paragraph, so the edit overtakes it."""
    old = _text(PARAS)
    new = _text([PARAS[0], "넷 다섯 여섯 일곱.", *PARAS[2:]])
    steps = revisions.edits_between(old, new)
    at = old.paragraphs[1].start
    got = revisions.carry_data({"start": at, "end": at}, steps)
    assert got[OUTDATED] is True and got["start"] == at


def test_a_range_in_a_paragraph_emptied_stays_at_zero_width_where_it_was():
    old = _text(PARAS)
    p = old.paragraphs[1]
    steps = [(old.content, revisions.Edit(p.start, p.end, ""))]
    got = revisions.carry_data({"start": p.start + 2, "end": p.start + 4}, steps)
    assert (got["start"], got["end"], got[OUTDATED]) == (p.start, p.start, True)


def test_a_paragraph_result_from_an_older_revision_fits_when_its_paragraph_is_as_it_was(tmp_path):
    """A result about one paragraph computed on an older revision still fits the current text when that
    paragraph reads the same now: it wins over a newer result computed on other words for it."""
    store, project, pid = _stored(tmp_path)
    first = _judged(store, pid, project, [])
    store.save_result(first, Judgment("j", "p3", "Draft", 3, data={"v": "as now"}), "v1", "m", "x1")
    p3_changed = _text([*PARAS[:3], "아홉 열 열하나."])
    history.edit_text(store, pid, "Draft", p3_changed)
    second = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    p3_project = build_project("p", project.source, [("Draft", p3_changed)])
    revisions.record_run_revisions(store, pid, p3_project, second)
    store.save_result(second, Judgment("j", "p3", "Draft", 3, data={"v": "other words"}), "v1", "m", "x2")
    now = _text(["하나 둘 셋 넷.", *PARAS[1:]])  # paragraph 3 as it first was; paragraph 0 edited
    history.edit_text(store, pid, "Draft", now)
    current = build_project("p", project.source, [("Draft", now)])
    got = [j.data["v"] for j in revisions.current_judgments(store, pid, current) if j.unit == "p3"]
    assert got[-1] == "as now"  # readers keep the last one
    # a result numbered past the candidate's last paragraph fits no paragraph (and is no error)
    store.save_result(first, Judgment("j", "p9", "Draft", len(PARAS), data={"v": "none"}), "v1", "m", "x3")
    past = [j.data["v"] for j in revisions.current_judgments(store, pid, current) if j.unit == "p9"]
    assert past == ["none"]


def test_a_decision_about_a_candidate_the_shown_project_lacks_is_returned_as_it_is(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("p", text_from_string("One.\n\nTwo.\n\nThree.\n\nFour.", "en"),
                            [("Draft", _text(PARAS)), ("Other", _text(PARAS[::-1]))])
    pid = store.save_project(project)
    s, e = _at(project.candidate("Other").text.content, "일곱")
    history.decide(store, ann.Annotation(pid, "Other", "add", "accuracy", "minor", start=s, end=e,
                                         quote="일곱"))
    history.edit_text(store, pid, "Other", _text(["다른 첫 문단이 길어졌다.", *PARAS[::-1][1:]]))
    only_draft = build_project("p", project.source, [("Draft", _text(PARAS))])
    (a,) = revisions.current_annotations(store, pid, only_draft)
    assert (a.candidate, a.start, a.end) == ("Other", s, e)


def test_an_old_runs_project_shows_the_edited_revision_it_judged(tmp_path):
    """A run that judged revision 1 shows revision 1's words in its report after later edits, not the
    original text's."""
    store, project, pid = _stored(tmp_path)
    first_edit = _text(["하나 둘 셋 넷.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", first_edit)
    run = _judged(store, pid, build_project("p", project.source, [("Draft", first_edit)]), [])
    history.edit_text(store, pid, "Draft", _text(["하나.", *PARAS[1:]]))
    assert revisions.project_for_run(store, store.get_run(run)).candidate("Draft").text.content == \
        first_edit.content


def test_a_run_from_before_revisions_were_recorded_shows_the_original_text(tmp_path):
    store, project, pid = _stored(tmp_path)
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)  # its revisions column stays empty
    assert store.get_run(run)["revisions"] is None
    history.edit_text(store, pid, "Draft", _text(["바뀐 첫 문단.", *PARAS[1:]]))
    assert revisions.project_for_run(store, store.get_run(run)).candidate("Draft").text.content == DRAFT


def test_a_text_first_seen_by_a_run_is_saved_as_a_revision_named_run(tmp_path):
    """A candidate judged with words the store has not seen (its file was changed outside the window) gets
    a revision of its own, named as made by a run, not as an edit in the window."""
    store, project, pid = _stored(tmp_path)
    changed = _text(["하나 둘 셋, 넷.", *PARAS[1:]])
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    given = build_project("p", project.source, [("Draft", changed)])
    assert revisions.record_run_revisions(store, pid, given, run) == {"Draft": 1}
    assert [r["kind"] for r in revisions.describe_revisions(store, pid, "Draft")] == ["original", "run"]


def test_a_range_past_the_end_of_a_shortened_paragraph_stands_on_its_last_character():
    old = _text(PARAS)
    new = _text([PARAS[0], "넷.", *PARAS[2:]])  # paragraph 1 shrinks from 7 characters to 2
    steps = revisions.edits_between(old, new)
    p = old.paragraphs[1]
    got = revisions.carry_data({"start": p.end - 2, "end": p.end}, steps)
    last = new.paragraphs[1].end - 1
    assert (got["start"], got["end"], got[OUTDATED]) == (last, last + 1, True)
    assert new.content[got["start"]:got["end"]] == "."


def test_a_result_that_names_no_run_counts_as_judged_on_the_original_text(tmp_path):
    """A result row without a run (as stored before results named their run) is read as judged on revision
    0, whatever revision the project's first run recorded: its findings are carried from the first text."""
    store, project, pid = _stored(tmp_path)
    edited = _text(["하나 둘 셋 그리고 더.", *PARAS[1:]])
    history.edit_text(store, pid, "Draft", edited)
    current = build_project("p", project.source, [("Draft", edited)])
    s, e = _at(project.candidate("Draft").text.content, "여덟")
    run = store.start_run(pid, ["j"], "fake", "m", {}, None, 1)
    assert revisions.record_run_revisions(store, pid, current, run) == {"Draft": 1}
    rid = store.save_result(run, Judgment("j", "u1", "Draft", None, spans=[
        Span("j", "accuracy", "minor", start=s, end=e, quote="여덟", paragraph=2)]), "v1", "m", "h1")
    store.db.execute("UPDATE results SET run_id = NULL WHERE id = ?", [rid])
    (j,) = revisions.current_judgments(store, pid, current)
    assert edited.content[j.spans[0].start:j.spans[0].end] == "여덟"
