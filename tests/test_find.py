"""Find and replace and the concordance, without the window: plain and regular-expression patterns, case
and whole words, groups in replacements, changes applied paragraph by paragraph with findings moved, and
every occurrence of a phrase with its aligned paragraph on the other side."""

from __future__ import annotations

import dataclasses

import pytest

from litlens.app.core.edits import is_outdated
from litlens.app.core.model import AlignedPair, Alignment, Span
from litlens.app.find import Query, QueryError, apply_changes, concordance, find, plan_replace
from litlens.app.run.revisions import carry_spans
from litlens.app.texts import build_project, text_from_string

EN = "The keeper walked.\n\nThe old keeper and the Keeper's dog.\n\nA bookkeeper came.\n\nNothing."
KO = "주인이 걸었다.\n\n늙은 주인과 주인의 개.\n\n장부 담당이 왔다.\n\n아무 일도 없었다."


def _project(alignment=None):
    project = build_project("p", text_from_string(EN, "en"), [("c", text_from_string(KO, "ko"))])
    if alignment is not None:
        cand = dataclasses.replace(project.candidates[0], alignment=alignment)
        project = dataclasses.replace(project, candidates=[cand])
    return project


def test_plain_case_and_whole_word():
    text = text_from_string(EN, "en")
    assert [m.text for m in find(text, Query("keeper"))] == ["keeper", "keeper", "Keeper", "keeper"]
    assert [m.text for m in find(text, Query("keeper", case=True))] == ["keeper", "keeper", "keeper"]
    whole = find(text, Query("keeper", whole_word=True))
    assert [(m.paragraph, m.text) for m in whole] == [(0, "keeper"), (1, "keeper"), (1, "Keeper")]
    assert [text.content[m.start:m.end] for m in whole] == ["keeper", "keeper", "Keeper"]
    assert find(text, Query("k.eper")) == []  # plain text: the dot is a dot


def test_regex_with_groups_and_bad_patterns():
    text = text_from_string(EN, "en")
    changes = plan_replace(text, Query(r"(\w+) (keeper)", regex=True, case=True), r"\2 of \1")
    assert [(c.old, c.new) for c in changes] == [("The keeper", "keeper of The"), ("old keeper", "keeper of old")]
    with pytest.raises(QueryError, match="regular expression"):
        find(text, Query("(unclosed", regex=True))
    with pytest.raises(QueryError, match="empty"):
        find(text, Query("x*", regex=True))
    with pytest.raises(QueryError, match="replacement"):
        plan_replace(text, Query("keeper", regex=True), r"\3")
    # a match never runs from one paragraph into the next
    assert find(text, Query(r"walked\.\s+The", regex=True)) == []


def test_apply_changes_paragraph_by_paragraph_and_findings_move():
    text = text_from_string(KO, "ko")
    changes = plan_replace(text, Query("주인"), "여관 주인")
    assert len(changes) == 3 and {c.paragraph for c in changes} == {0, 1}
    new = apply_changes(text, changes[1:])  # the first one unticked
    assert new.content == "주인이 걸었다.\n\n늙은 여관 주인과 여관 주인의 개.\n\n장부 담당이 왔다.\n\n아무 일도 없었다."
    assert [p.text for p in new.paragraphs][1] == "늙은 여관 주인과 여관 주인의 개."
    assert [new.content[p.start:p.end] for p in new.paragraphs] == [p.text for p in new.paragraphs]
    assert new.paragraphs == text_from_string(new.content, "ko").paragraphs  # as if read afresh
    # a finding after the changes moves with its words, one on replaced words is kept and marked
    start = KO.index("장부")
    moved, gone = carry_spans([Span("j", "accuracy/omission", "minor", start=start, end=start + 2),
                               Span("j", "fluency/grammar", "minor", start=KO.index("주인과"),
                                    end=KO.index("주인과") + 3)], text, new)
    assert new.content[moved.start:moved.end] == "장부" and is_outdated(gone) is False
    assert new.content[gone.start:gone.end] == "주인과"  # its words are still in the paragraph
    # a replacement bringing a blank line keeps the paragraph one paragraph
    joined = apply_changes(new, plan_replace(new, Query("왔다."), "왔다.\n\n그리고"))
    assert len(joined.paragraphs) == 4 and "왔다.\n그리고" in joined.content
    with pytest.raises(QueryError, match="changed"):
        apply_changes(new, changes[1:])  # planned on the old text


def test_replace_all_over_a_book_is_linear():
    import time
    book = text_from_string("\n\n".join(f"{i}일째 날 주인은 바닷가를 걸었다." for i in range(4000)), "ko")
    changes = plan_replace(book, Query("주인은"), "등대지기는")
    began = time.perf_counter()
    new = apply_changes(book, changes)
    took = time.perf_counter() - began
    assert new.content.count("등대지기는") == 4000 and new.paragraphs[-1].text.startswith("3999일째")
    assert took < 1.0, took  # one pass; edited paragraph by paragraph it grew with the square of the length


def test_concordance_in_the_source_shows_the_aligned_translation():
    project = _project()
    lines = concordance(project.source, project.candidates[0], Query("keeper", whole_word=True))
    assert [(l.paragraph, l.match) for l in lines] == [(0, "keeper"), (1, "keeper"), (1, "Keeper")]
    assert lines[1].before == "The old " and lines[1].after.startswith(" and the Keeper")
    assert lines[1].other == (1,) and lines[1].other_text == "늙은 주인과 주인의 개."
    ko = project.candidates[0].text
    assert ko.content[slice(*lines[1].other_range)] == "늙은 주인과 주인의 개."
    assert [l.contains("개") for l in lines] == [False, True, True]  # the filter reads the other side too


def test_concordance_in_the_translation_follows_a_merged_alignment():
    rows = [AlignedPair((0, 1), (0,)), AlignedPair((2,), (1, 2)), AlignedPair((3,), (3,))]
    project = _project(Alignment(rows, "test", 4, 4))
    lines = concordance(project.source, project.candidates[0], Query("주인"), side="target")
    assert [(l.paragraph, l.other) for l in lines] == [(0, (0, 1)), (1, (2,)), (1, (2,))]
    assert lines[0].other_text == "The keeper walked.\n\nThe old keeper and the Keeper's dog."
    assert project.source.content[slice(*lines[1].other_range)] == "A bookkeeper came."
