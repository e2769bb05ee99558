"""Grading numbers where a swapped formula shows: precision and recall differ (P != R), one-to-one matching
with its tie rules, and the shares computed over the found spans only (app/exercises/grading.py)."""

from __future__ import annotations

import pytest

from litlens.app.exercises.grading import grade, match_spans, overlap, summary_lines
from litlens.app.exercises.model import Mark


def mark(p, a, b, cat="accuracy/mistranslation", sev="major"):
    return Mark(paragraph=p, start=a, end=b, category=cat, severity=sev)


KEY = [mark(0, 0, 5), mark(0, 10, 15, "fluency/grammar", "minor"), mark(1, 0, 4, "style/awkward"),
       mark(1, 20, 30, "accuracy/omission")]


def test_precision_and_recall_differ_and_f1_is_their_harmonic_mean():
    # the student found 1 of 4 key spans with 2 marks: P = 1/2, R = 1/4, F1 = 2PR/(P+R) = 1/3
    g = grade(KEY, [mark(0, 1, 4), mark(0, 40, 45)])
    assert g.precision == pytest.approx(0.5)
    assert g.recall == pytest.approx(0.25)
    assert g.f1 == pytest.approx(2 * 0.5 * 0.25 / 0.75)
    # and the other way round: 3 marks, all right, against the 4-span key: P = 1, R = 3/4, F1 = 6/7
    g2 = grade(KEY, [mark(0, 0, 5), mark(0, 11, 14, "fluency/grammar", "minor"), mark(1, 0, 3, "style/awkward")])
    assert (g2.precision, g2.recall) == (pytest.approx(1.0), pytest.approx(0.75))
    assert g2.f1 == pytest.approx(6 / 7)


def test_shares_are_over_found_spans_and_differ_from_each_other():
    student = [mark(0, 0, 5, "accuracy/addition", "major"),  # top right, leaf wrong, severity right
               mark(0, 10, 15, "fluency/grammar", "major"),  # leaf right, severity wrong
               mark(1, 20, 30, "style/awkward", "major")]  # top wrong, severity right
    g = grade(KEY, student)
    assert len(g.matches) == 3 and [k for k in g.missed] == [KEY[2]] and g.extra == []
    assert g.top_accuracy == pytest.approx(2 / 3)
    assert g.leaf_accuracy == pytest.approx(1 / 3)
    assert g.severity_agreement == pytest.approx(2 / 3)
    assert g.per_category() == {"accuracy": (1, 2), "fluency": (1, 1), "style": (0, 1)}
    assert g.confusions() == [("accuracy/mistranslation", "accuracy/addition"),
                              ("accuracy/omission", "style/awkward")]


def test_one_to_one_most_shared_first_with_tie_rules():
    key = [mark(0, 0, 10), mark(0, 10, 20)]
    whole = mark(0, 0, 20)  # a whole sentence: credited for one key span only
    matches, missed, extra = match_spans(key, [whole])
    assert len(matches) == 1 and matches[0].key == key[0] and missed == [key[1]] and extra == []
    # most shared characters first: the student span sharing 8 wins key[1] over the one sharing 2
    a, b = mark(0, 18, 22), mark(0, 11, 19)
    matches, missed, extra = match_spans(key, [a, b])
    assert [(m.key, m.student, m.shared) for m in matches] == [(key[1], b, 8)]
    assert missed == [key[0]] and extra == [a]


def test_overlap_needs_the_same_paragraph_and_shared_characters():
    assert overlap(mark(0, 0, 5), mark(0, 4, 9)) == 1
    assert overlap(mark(0, 0, 5), mark(0, 5, 9)) == 0  # touching is not overlapping
    assert overlap(mark(0, 0, 5), mark(1, 0, 5)) == 0
    assert overlap(mark(0, 2, 3), mark(0, 0, 9)) == 1


def test_empty_sides():
    nothing_marked = grade(KEY, [])
    assert nothing_marked.precision is None and nothing_marked.recall == 0.0 and nothing_marked.f1 == 0.0
    clean_key = grade([], [mark(0, 0, 3)])
    assert clean_key.recall is None and clean_key.precision == 0.0 and clean_key.f1 == 0.0
    assert grade([], []).f1 is None


def test_summary_lines_name_each_figure():
    student = [mark(0, 0, 5, "accuracy/addition", "minor"), mark(0, 40, 45)]
    lines = summary_lines(grade(KEY, student))
    assert lines == ["Found 1 of 4 key findings; 1 of your 2 are not in the key.",
                     "Precision 50% · recall 25% · F1 33%",
                     "Category right (top level) 100% · exact category 0% · severity agreed 0%"]
    assert summary_lines(grade([], []))[1] == "Precision — · recall — · F1 —"


def test_a_note_as_json_counts_paragraphs_from_one_and_carries_its_text():
    g = grade(KEY, [mark(0, 40, 45)], texts=["x" * 50, "y" * 40])
    extra = next(n for n in g.notes if n.kind == "extra")
    data = extra.to_json()
    assert data["paragraph"] == 1 and data["start"] == 40 and data["end"] == 45
    assert data["key"] is None and data["student"]["category"] == "accuracy/mistranslation"
    assert data["text"] == extra.text and data["text"] and data["quote"] == "xxxxx"


def test_marks_with_a_gap_between_them_share_nothing():
    assert overlap(mark(0, 0, 5), mark(0, 6, 9)) == 0
    assert overlap(mark(0, 6, 9), mark(0, 0, 5)) == 0


TEXTS = ["문 옆에 상자 다섯 개가 있었다. 그리고 그녀는 떠났다."]


def test_each_reason_is_worded_with_its_quote_category_and_severity():
    k = Mark(0, 2, 7, "accuracy/mistranslation", "major", "Seven, not five")
    s = Mark(0, 3, 7, "accuracy/omission", "minor")
    g = grade([k, Mark(1, 0, 3, "fluency/grammar", "minor")], [s, Mark(0, 20, 25, "style/awkward", "minor")],
              TEXTS)
    assert [(n.kind, n.paragraph, n.start, n.end, n.quote) for n in g.notes] == [
        ("severity", 0, 2, 7, "옆에 상자"), ("wrong-leaf", 0, 2, 7, "옆에 상자"), ("extra", 0, 20, 25, "리고 그녀"),
        ("missed", 1, 0, 3, "")]
    severity, leaf, extra, missed = (n.text for n in g.notes)
    assert severity == ("Severity: you rated “옆에 상자” minor; the key rates it major — Disturbs the reading, "
                        "although what the text is trying to say can still be understood.")
    assert leaf == ("Category: you named “옆에 상자” Accuracy › Omission; the key has Accuracy › Mistranslation: "
                    "The translation does not represent the source correctly. Why: Seven, not five. The branch "
                    "(Accuracy) is right; the exact category is not. What you chose means: Content of the source "
                    "is missing from the translation (quote the missing source text).")
    assert extra == ("Extra: the key has no error at “리고 그녀”. You marked it style/awkward, which would mean: "
                     "style/awkward.")
    assert missed == ("Missed: characters 0–3 is a minor error in the key — Fluency › Grammar: Grammar or syntax "
                      "problems other than spelling, notably inconsistent tenses and conditionals.")
    as_json = g.notes[3].to_json()
    assert as_json["paragraph"] == 2 and as_json["student"] is None and as_json["key"] == g.notes[3].key.to_json()
    assert g.notes[2].to_json()["key"] is None


def test_a_wrong_top_category_says_nothing_of_the_branch_and_a_right_leaf_no_category_note():
    k = Mark(0, 0, 4, "fluency/grammar", "minor")
    g = grade([k], [Mark(0, 0, 4, "accuracy/addition", "minor")], TEXTS)
    (note,) = g.notes
    assert note.kind == "wrong-top" and "The branch" not in note.text and "Why:" not in note.text
    assert note.text.startswith("Category: you named “문 옆에” Accuracy › Addition; the key has Fluency › Grammar")
    assert grade([k], [Mark(0, 1, 3, "fluency/grammar", "minor")]).notes == []
    g2 = grade([Mark(0, 0, 4, "fluency/grammar", "major", "Wrong tense!")], [Mark(0, 0, 4, "fluency", "minor")])
    (n2, n3) = g2.notes
    assert (n2.kind, n3.kind) == ("severity", "wrong-leaf") and "Why: Wrong tense!" in n3.text
    assert "characters 0–4" in n2.text  # no texts given: the reason names the characters


def test_a_long_mark_is_quoted_by_its_first_200_characters():
    long_text = ["가" * 150 + "나" * 150]
    g = grade([Mark(0, 0, 300, "style", "minor")], [], long_text)
    assert g.notes[0].quote == "가" * 150 + "나" * 50 + "…"
    exact = grade([Mark(0, 0, 200, "style", "minor")], [], long_text)
    assert exact.notes[0].quote == "가" * 150 + "나" * 50
    assert grade([Mark(2, 0, 3, "style", "minor")], [], long_text).notes[0].quote == ""  # no such paragraph


def test_per_category_and_confusions():
    key = [Mark(0, 0, 4, "accuracy/mistranslation", "major"), Mark(0, 10, 14, "accuracy/omission", "major"),
           Mark(1, 0, 4, "fluency/grammar", "minor"), Mark(2, 0, 4, "style", "minor")]
    student = [Mark(0, 0, 4, "accuracy/omission", "major"), Mark(0, 10, 14, "fluency/grammar", "major"),
               Mark(1, 0, 4, "fluency/grammar", "minor")]
    g = grade(key, student)
    assert g.per_category() == {"accuracy": (1, 2), "fluency": (1, 1), "style": (0, 1)}
    assert g.confusions() == [("accuracy/mistranslation", "accuracy/omission"),
                              ("accuracy/omission", "fluency/grammar")]
    assert g.top_accuracy == pytest.approx(2 / 3) and g.leaf_accuracy == pytest.approx(1 / 3)
    assert g.severity_agreement == 1.0


def test_overlapping_pairs_sweeps_each_paragraph_and_stops_past_its_limit():
    from litlens.app.exercises.grading import TooManyOverlaps, overlapping_pairs
    key = [Mark(0, 0, 10, "a", "minor"), Mark(0, 20, 30, "a", "minor"), Mark(1, 0, 10, "a", "minor")]
    student = [Mark(0, 5, 25, "a", "minor"), Mark(0, 10, 12, "a", "minor"), Mark(1, 9, 12, "a", "minor"),
               Mark(2, 0, 10, "a", "minor")]
    assert sorted(overlapping_pairs(key, student)) == [(1, 2, 2), (5, 0, 0), (5, 1, 0)]
    many = [Mark(0, 0, 10, "a", "minor")] * 3
    assert len(overlapping_pairs(many, many, limit=9)) == 9
    with pytest.raises(TooManyOverlaps, match="more than 8 pairs"):
        overlapping_pairs(many, many, limit=8)


def test_percent_and_an_unknown_reason_kind():
    from litlens.app.exercises.grading import GradeNote, percent, reason_text
    assert percent(None) == "—" and percent(0.5) == "50%" and percent(2 / 3) == "67%"
    assert reason_text(GradeNote("odd", 0, 1, 3)) == "odd: characters 1–3"
    assert reason_text(GradeNote("missed", 0, 1, 3)) == "missed: characters 1–3"  # a missed note needs its key


def test_the_default_overlap_limit_is_two_hundred_thousand_pairs():
    from litlens.app.exercises.grading import TooManyOverlaps, overlapping_pairs
    key = [Mark(0, 0, 10, "a", "minor")] * 3
    assert len(overlapping_pairs(key, [Mark(0, 0, 10, "a", "minor")] * 66_666)) == 199_998
    with pytest.raises(TooManyOverlaps, match="more than 200,000 pairs"):
        overlapping_pairs(key, [Mark(0, 0, 10, "a", "minor")] * 66_667)  # 200,001 pairs


def test_of_two_student_spans_sharing_as_much_the_earlier_one_is_credited():
    key = [mark(0, 10, 20)]
    later_in_list, earlier_in_list = mark(0, 15, 25), mark(0, 5, 15)  # each shares 5 characters
    matches, missed, extra = match_spans(key, [earlier_in_list, later_in_list])
    assert [m.student for m in matches] == [earlier_in_list] and extra == [later_in_list] and missed == []
    matches, _missed, extra = match_spans(key, [later_in_list, earlier_in_list])
    assert [m.student for m in matches] == [later_in_list] and extra == [earlier_in_list]


def test_matches_and_reasons_come_in_text_order_whatever_the_order_of_the_marks():
    key = [mark(1, 0, 4, "style/awkward"), mark(0, 10, 15, "fluency/grammar", "minor"), mark(0, 0, 5)]
    student = [mark(0, 11, 14, "accuracy/addition", "minor"), mark(1, 0, 4, "style/awkward", "minor"),
               mark(0, 30, 35)]
    g = grade(key, student)
    assert [(m.key.paragraph, m.key.start) for m in g.matches] == [(0, 10), (1, 0)]
    assert [(n.paragraph, n.start, n.kind) for n in g.notes] == [
        (0, 0, "missed"), (0, 10, "wrong-top"), (0, 30, "extra"), (1, 0, "severity")]


def test_a_grade_carries_its_reasons_as_a_field():
    """A Grade made of its parts starts with no reasons, and its reasons are part of what it is: the same
    marks graded over two different translations quote different words, so the two grades differ."""
    from litlens.app.exercises.grading import Grade
    bare = Grade([], [KEY[0]], [], 1, 0)
    assert bare.notes == [] and bare.recall == 0.0
    student = [mark(0, 40, 45)]
    one, other = grade(KEY[:1], student, ["문 옆에 상자 다섯 개가 있었다. 그리고 그녀는 떠났다. 아무도 몰랐다."]), \
        grade(KEY[:1], student, ["창밖으로 비가 내렸다. 그는 오래도록 그 자리에 서서 기다리고 있었다."])
    assert (one.matches, one.missed, one.extra) == (other.matches, other.missed, other.extra)
    assert one != other and [n.quote for n in one.notes] != [n.quote for n in other.notes]


def test_an_explanation_with_stray_spaces_reads_as_one_sentence_with_one_full_stop():
    # an instructor's explanation read from a file often ends in a newline or spaces; the reason trims it
    k = Mark(0, 0, 4, "fluency/grammar", "major", "  The tense changes mid-sentence.\n")
    (note,) = grade([k], []).notes
    assert note.text.endswith(" Why: The tense changes mid-sentence.")
    k2 = Mark(0, 0, 4, "fluency/grammar", "major", "The tense changes mid-sentence \n")
    assert grade([k2], []).notes[0].text.endswith(" Why: The tense changes mid-sentence.")


class _CountingMark:
    """A mark that counts how often the sweep reads where it ends (its work per span)."""

    reads = 0

    def __init__(self, paragraph, start, end):
        self.paragraph, self.start, self._end = paragraph, start, end

    @property
    def end(self):
        _CountingMark.reads += 1
        return self._end


def test_the_sweep_forgets_spans_that_have_ended_so_its_work_grows_with_the_spans_not_their_product():
    # a long chapter: 1,000 key findings and 1,000 student marks, none overlapping; each span is looked at
    # a bounded number of times, never once per earlier span of the other side (that would be 1,000,000)
    from litlens.app.exercises.grading import overlapping_pairs
    key = [_CountingMark(0, 20 * i, 20 * i + 5) for i in range(1000)]
    student = [_CountingMark(0, 20 * i + 10, 20 * i + 15) for i in range(1000)]
    _CountingMark.reads = 0
    assert overlapping_pairs(key, student) == []
    assert _CountingMark.reads <= 4 * (len(key) + len(student))


def test_matches_and_reasons_are_values_that_cannot_change_after_grading():
    import dataclasses
    g = grade(KEY, [mark(0, 0, 5, "accuracy/addition"), mark(0, 40, 45)], ["x" * 50])
    match, note = g.matches[0], g.notes[0]
    assert len({match, dataclasses.replace(match)}) == 1 and len(set(g.notes)) == len(g.notes)
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.shared = 99
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.quote = "edited"


def test_a_mark_before_the_first_paragraph_is_quoted_by_nothing():
    # paragraph -1 is no paragraph of the text (not the last one, as a Python index would read it)
    g = grade([Mark(-1, 0, 3, "style", "minor")], [], ["첫 문단이다.", "마지막 문단이다."])
    assert g.notes[0].quote == "" and "characters 0–3" in g.notes[0].text


def test_a_note_as_json_names_its_kind_and_every_field():
    k = Mark(0, 2, 7, "accuracy/mistranslation", "major")
    s = Mark(0, 3, 7, "accuracy/mistranslation", "minor")
    (note,) = grade([k], [s], ["문 옆에 상자 다섯 개가 있었다."]).notes
    assert note.to_json() == {"kind": "severity", "paragraph": 1, "start": 2, "end": 7, "quote": "옆에 상자",
                              "key": k.to_json(), "student": s.to_json(), "text": note.text}


def test_of_two_key_spans_sharing_as_much_with_one_mark_the_one_listed_first_in_the_key_is_credited():
    # the key lists its findings out of text order; a student's mark over both shares 10 characters with each
    key = [mark(0, 10, 20, "fluency/grammar", "minor"), mark(0, 0, 10)]
    whole = mark(0, 0, 20)
    matches, missed, extra = match_spans(key, [whole])
    assert [m.key for m in matches] == [key[0]] and missed == [key[1]] and extra == []


def test_an_extra_mark_is_told_what_its_category_means():
    (note,) = grade([], [Mark(0, 0, 4, "accuracy/addition", "minor")], TEXTS).notes
    assert note.text == ("Extra: the key has no error at “문 옆에”. You marked it Accuracy › Addition, which would "
                         "mean: The translation contains content that is not in the source.")


def test_an_extra_note_without_its_student_mark_and_a_missed_note_with_only_one_fall_back_to_the_kind():
    from litlens.app.exercises.grading import GradeNote, reason_text
    assert reason_text(GradeNote("extra", 0, 1, 3)) == "extra: characters 1–3"
    student = Mark(0, 1, 3, "accuracy/addition", "minor")
    assert reason_text(GradeNote("missed", 0, 1, 3, student=student)) == "missed: characters 1–3"
