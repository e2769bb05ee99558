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
