"""Carry-over of findings across edits (app/core/edits.py): several edits in several paragraphs, applied
one after another as a reviewer makes them, and every finding checked on the words it is about."""

from __future__ import annotations

import pytest

from litlens.app.core.edits import (
    ORIGIN,
    OUTDATED,
    Edit,
    clean_paragraph,
    is_outdated,
    reanchor,
    replace_paragraph,
)
from litlens.app.core.model import Span
from litlens.app.texts import text_from_string

TEXT = ("그날 밤 강은 고요했다. 강은 늘 고요했다.\n\n"
        "그녀는 등불을 켜고 문가에서 기다렸다.\n\n"
        "아무도 오지 않았다. 바람만 불었다.\n\n"
        "새벽이 왔다.")


def _span(content: str, quote: str, nth: int = 0) -> Span:
    at = -1
    for _ in range(nth + 1):
        at = content.index(quote, at + 1)
    return Span(judge="j", category="accuracy/mistranslation", severity="major", start=at, end=at + len(quote),
                quote=quote)


def _apply(text, spans, index, new_paragraph):
    old = text.content
    text, edit = replace_paragraph(text, index, new_paragraph)
    return text, [reanchor(s, old, edit) for s in spans]


def test_findings_follow_their_words_through_edits_in_several_paragraphs():
    text = text_from_string(TEXT, "ko")
    c = text.content
    spans = [
        _span(c, "강은", 1),  # p0, the second 강은
        _span(c, "고요했다", 0),  # p0, the first 고요했다
        _span(c, "등불을"),  # p1
        _span(c, "문가에서"),  # p1: its words are removed by the second edit
        _span(c, "바람만"),  # p2
        _span(c, "새벽이"),  # p3: never edited, moves with every change of length before it
    ]
    # edit 1: paragraph 1 gets longer before 등불을
    text, spans = _apply(text, spans, 1, "그녀는 조용히 낡은 등불을 켜고 문가에서 기다렸다.")
    # edit 2: paragraph 0 gets shorter at its start; both quotes are still there
    text, spans = _apply(text, spans, 0, "밤 강은 고요했다. 강은 늘 고요했다.")
    # edit 3: paragraph 1 loses 문가에서
    text, spans = _apply(text, spans, 1, "그녀는 조용히 낡은 등불을 켜고 기다렸다.")
    # edit 4: paragraph 2 rewritten with 바람만 in a new place
    text, spans = _apply(text, spans, 2, "바람만 불었다. 아무도 오지 않았다.")
    c = text.content
    words = [c[s.start:s.end] for s in spans]
    assert words[0] == "강은" and spans[0].start == c.index("강은", c.index("강은") + 1)  # still the second
    assert words[1] == "고요했다" and spans[1].start == c.index("고요했다")  # still the first
    assert words[2] == "등불을"
    assert is_outdated(spans[3]) and spans[3].end - spans[3].start == 1
    p1 = text.paragraphs[1]
    assert p1.start <= spans[3].start < p1.end  # kept in its own paragraph, not dropped
    assert words[4] == "바람만" and spans[4].start == text.paragraphs[2].start
    assert words[5] == "새벽이" and spans[5].start == text.paragraphs[3].start
    assert [is_outdated(s) for s in spans] == [False, False, False, True, False, False]
    # each moved finding remembers where it was before any edit (its identity)
    original = text_from_string(TEXT, "ko").content
    for s, quote in zip(spans, ["강은", "고요했다", "등불을", "문가에서", "바람만", "새벽이"]):
        a, b = s.data[ORIGIN]
        assert original[a:b] == quote


def test_the_nearest_occurrence_wins():
    text = text_from_string("하나 둘 하나 둘 하나", "ko")
    c = text.content
    span = _span(c, "하나", 1)  # the middle one, at 5
    _new, edit = replace_paragraph(text, 0, "셋 하나 둘 하나 둘 하나")  # everything shifted by 2
    moved = reanchor(span, c, edit)
    assert (moved.start, moved.end) == (7, 9)  # the middle one again (old 5 is nearest to new 7)


def test_a_finding_before_the_edit_is_the_same_object_and_one_after_shifts_exactly():
    text = text_from_string("첫째 문단.\n\n둘째 문단.\n\n셋째 문단.", "ko")
    c = text.content
    before, after = _span(c, "첫째"), _span(c, "셋째")
    new, edit = replace_paragraph(text, 1, "아주 긴 둘째 문단이 되었다.")
    assert reanchor(before, c, edit) is before
    moved = reanchor(after, c, edit)
    assert new.content[moved.start:moved.end] == "셋째" and moved.start == after.start + edit.delta
    assert moved.data[ORIGIN] == (after.start, after.end)


def test_a_finding_that_ends_exactly_where_the_edit_starts_is_untouched():
    text = text_from_string("가나다\n\n라마바", "ko")
    c = text.content
    span = Span(judge="j", category="c", severity="minor", start=0, end=3)
    _new, edit = replace_paragraph(text, 1, "사아자차")
    assert reanchor(span, c, edit) is span


def test_a_finding_straddling_the_paragraph_edge_is_outdated_not_moved():
    text = text_from_string("가나다\n\n라마바", "ko")
    c = text.content
    span = Span(judge="j", category="c", severity="minor", start=1, end=7)  # from p0 into p1
    _new, edit = replace_paragraph(text, 1, "라마바")  # same words, but the finding was not inside
    out = reanchor(span, c, edit)
    assert is_outdated(out) and (out.start, out.end) == (5, 6)


def test_an_outdated_finding_never_jumps_onto_other_words_and_returns_with_its_own():
    """An outdated finding keeps one character at its old place. A later edit must not re-anchor it on
    whatever character now stands there (it once landed on the 시 of 시끄러운, a finding on the wrong
    words); when its own quoted words come back, it follows them and is current again."""
    text = text_from_string("고요한 밤", "ko")
    c = text.content
    span = _span(c, "고요한")
    t2, e2 = replace_paragraph(text, 0, "시끄러운 밤")
    gone = reanchor(span, c, e2)
    assert is_outdated(gone) and (gone.start, gone.end) == (0, 1) and gone.data[ORIGIN] == (0, 3)
    t3, e3 = replace_paragraph(t2, 0, "밤은 시끄러운 밤")
    still = reanchor(gone, t2.content, e3)
    assert is_outdated(still) and still.end - still.start == 1
    t4, e4 = replace_paragraph(t3, 0, "밤은 다시 고요한 밤")
    back = reanchor(still, t3.content, e4)
    assert t4.content[back.start:back.end] == "고요한" and not is_outdated(back)
    assert back.data[ORIGIN] == (0, 3)


def test_a_paragraph_emptied_keeps_its_findings_at_zero_width():
    text = text_from_string("가나다\n\n라마바", "ko")
    c = text.content
    span = _span(c, "마")
    _new, edit = replace_paragraph(text, 1, "")
    out = reanchor(span, c, edit)
    assert is_outdated(out) and out.start == out.end == edit.start


def test_unlocated_findings_are_left_alone():
    text = text_from_string("가나다", "ko")
    span = Span(judge="j", category="c", severity="minor")
    _new, edit = replace_paragraph(text, 0, "라마바")
    assert reanchor(span, text.content, edit) is span


def test_replace_paragraph_shifts_later_paragraphs_only():
    text = text_from_string("하나.\n\n둘.\n\n셋.", "ko")
    new, edit = replace_paragraph(text, 1, "둘둘둘.")
    assert edit == Edit(text.paragraphs[1].start, text.paragraphs[1].end, "둘둘둘.")
    assert edit.delta == 2 and edit.new_end == edit.start + 4
    assert [(p.start, p.end, p.text) for p in new.paragraphs] == [
        (0, 3, "하나."), (5, 9, "둘둘둘."), (11, 13, "셋.")]
    assert all(new.content[p.start:p.end] == p.text for p in new.paragraphs)


@pytest.mark.parametrize("offset, expected", [(3, 3), (4, None), (5, None), (6, 8), (9, 11)])
def test_map_offset(offset, expected):
    assert Edit(4, 6, "abcd").map_offset(offset) == expected


def test_clean_paragraph():
    assert clean_paragraph("  첫 줄\n\n\n둘째 줄\n \n셋째  ") == "첫 줄\n둘째 줄\n셋째"
    assert clean_paragraph("한 줄\n다음 줄") == "한 줄\n다음 줄"
    assert OUTDATED not in Span(judge="j", category="c", severity="minor").data


def test_nearest_counts_overlapping_occurrences():
    text = text_from_string("aaaa", "en")
    c = text.content
    span = Span(judge="j", category="c", severity="minor", start=1, end=3)
    _new, edit = replace_paragraph(text, 0, "aaaa")
    moved = reanchor(span, c, edit)
    assert (moved.start, moved.end) == (1, 3)  # the occurrence at 1, not the one at 0 or 2


def test_a_finding_ending_exactly_at_the_edit_is_untouched():
    text = text_from_string("가나다\n\n라마바", "ko")
    span = Span(judge="j", category="c", severity="minor", start=3, end=text.paragraphs[1].start)
    _new, edit = replace_paragraph(text, 1, "사아자")
    assert reanchor(span, text.content, edit) is span


def test_a_span_ending_where_an_edit_starts_is_left_as_it_is():
    from litlens.app.core.edits import Edit, reanchor
    content = "alpha beta gamma"
    span = Span("j", "accuracy", "minor", start=0, end=5, quote="alpha")
    assert reanchor(span, content, Edit(5, 10, " BETA")) is span
    touching = Span("j", "accuracy", "minor", start=0, end=6, quote="alpha ")
    assert reanchor(touching, content, Edit(5, 10, " BETA")) is not touching


def test_a_paragraph_break_is_a_blank_line_in_any_newline_convention():
    from litlens.app.core.edits import has_paragraph_break
    for text in ("a\n\nb", "a\r\n\r\nb", "a\r\rb", "a\n \t\nb"):
        assert has_paragraph_break(text), repr(text)
    for text in ("a\nb", "a\r\nb", "a\rb", "ab"):
        assert not has_paragraph_break(text), repr(text)


def _plain(start: int, end: int, quote: str = "") -> Span:
    return Span(judge="j", category="c", severity="minor", start=start, end=end, quote=quote)


def test_the_outdated_mark_is_stored_under_its_documented_key():
    # span data goes to the database as JSON and comes back as a dict: the window and revisions of a
    # reopened project read the mark by this key
    text = text_from_string("고요한 밤", "ko")
    out = reanchor(_span(text.content, "고요한"), text.content, replace_paragraph(text, 0, "시끄러운 밤")[1])
    assert out.data == {"edit_origin": (0, 3), "outdated": True}
    assert is_outdated(Span(judge="j", category="c", severity="minor", start=0, end=1, data={"outdated": True}))
    assert not is_outdated(_plain(0, 1))


def test_a_finding_starting_exactly_where_the_edit_ends_is_after_it_and_shifts():
    old = "abcde fg"
    edit = Edit(0, 5, "abcdefgh")  # [0, 5) became 8 characters: +3
    out = reanchor(_plain(5, 8, " fg"), old, edit)
    assert (out.start, out.end) == (8, 11) and not is_outdated(out) and out.data[ORIGIN] == (5, 8)


def test_a_finding_reaching_into_the_edit_from_before_is_outdated_even_when_its_words_are_in_the_new_text():
    old = "abcdefghij"
    edit = Edit(3, 8, "bcde!")  # the new text holds the quoted words "bcde"
    out = reanchor(_plain(1, 5), old, edit)
    assert is_outdated(out) and (out.start, out.end) == (3, 4)


def test_a_zero_width_finding_inside_the_edit_is_outdated_not_placed_on_the_new_words():
    old = "abcdefghij"
    out = reanchor(_plain(5, 5), old, Edit(3, 8, "vwxyz"))
    assert is_outdated(out) and (out.start, out.end) == (5, 6)
    at_start = reanchor(_plain(3, 3), old, Edit(3, 8, "vwxyz"))  # at the edit's first character: in it
    assert is_outdated(at_start) and (at_start.start, at_start.end) == (3, 4)


def test_of_two_occurrences_as_near_the_earlier_one_wins():
    old = "xx ab xx"
    out = reanchor(_plain(3, 5), old, Edit(0, 8, "-ab--ab-"))  # "ab" at 1 and at 5, both 2 from 3
    assert (out.start, out.end) == (1, 3) and not is_outdated(out)


def test_a_finding_whose_words_are_gone_stands_on_the_last_character_of_a_shortened_paragraph():
    text = text_from_string("가나다라마바사\n\n아자차", "ko")
    c = text.content
    span = _span(c, "바사")  # at 5..7 of the first paragraph
    new, edit = replace_paragraph(text, 0, "하늘")  # two characters: the words are gone
    out = reanchor(span, c, edit)
    assert is_outdated(out) and (out.start, out.end) == (1, 2) and new.content[out.start:out.end] == "늘"
    inside = reanchor(_span(c, "나"), c, edit)  # a place still inside the new paragraph is kept
    assert is_outdated(inside) and (inside.start, inside.end) == (1, 2)
    first = reanchor(_span(c, "가"), c, edit)
    assert (first.start, first.end) == (0, 1)


def test_an_edit_is_a_value():
    """An edit is kept and compared after it is made (undo, carry-over): it cannot be changed in place."""
    import dataclasses
    e = Edit(3, 7, "new")
    assert e == Edit(3, 7, "new") and len({e, Edit(3, 7, "new")}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.start = 4  # type: ignore[misc]


def test_a_finding_on_the_last_words_of_a_paragraph_follows_them_when_the_paragraph_is_edited():
    """A finding whose words end the paragraph lies inside it (its end is the paragraph's end): an edit
    that keeps those words moves the finding with them instead of marking it outdated."""
    text = text_from_string("그는 강가에 앉아 있었다.\n\n새벽이 왔다.\n\n해가 떴다.", "ko")
    c = text.content
    span = _span(c, "왔다.")
    assert span.end == text.paragraphs[1].end
    new, edit = replace_paragraph(text, 1, "마침내 조용한 새벽이 왔다.")
    out = reanchor(span, c, edit)
    assert new.content[out.start:out.end] == "왔다." and not is_outdated(out)
    assert out.end == new.paragraphs[1].end


def test_the_nearest_occurrence_is_measured_inside_the_paragraph_of_a_later_paragraph():
    """The occurrence nearest the finding's old place wins in any paragraph, not only the first: the
    distance is taken from the paragraph's start, as the new text's occurrences are."""
    text = text_from_string("첫 문단은 그대로 둔다.\n\n바람이 불고 바람이 그치고 바람이 돌아왔다.", "ko")
    c = text.content
    span = _span(c, "바람이", 0)  # the first of three, at the start of the second paragraph
    new, edit = replace_paragraph(text, 1, "바람이 불고 또 바람이 그치고 바람이 돌아왔다.")
    out = reanchor(span, c, edit)
    assert out.start == new.paragraphs[1].start and new.content[out.start:out.end] == "바람이"
    middle = reanchor(_span(c, "바람이", 1), c, edit)
    assert middle.start == new.content.index("바람이", new.paragraphs[1].start + 1)
