"""MQM score formulas at their edges: GEMBA's five-error limit and 25 cap exactly at the boundary, the
paper's floor, and counts by class (app/mqm/scores.py)."""

from __future__ import annotations

import pytest

from litlens.app.mqm import scores


def test_gemba_counts_exactly_five_errors_by_severity():
    five_major = [("accuracy/omission", "major")] * 5
    assert scores.gemba_score(five_major) == -25  # exactly the cap
    assert scores.gemba_score([("fluency/grammar", "minor")] * 6) == -5  # the sixth is not counted
    # minor first in the answer, majors later: majors are taken first
    answer = [("fluency/grammar", "minor")] * 4 + [("accuracy/omission", "major")] * 2
    assert scores.gemba_score(answer) == -(5 + 5 + 1 + 1 + 1)
    assert scores.gemba_score([("accuracy/omission", "major")] * 4 + [("x", "neutral")] * 3) == -20
    assert scores.gemba_score([]) == 0


def test_gemba_cap_is_25_not_more_not_less():
    assert scores.gemba_score([("accuracy/omission", "critical"), ("fluency/grammar", "minor")]) == -25
    assert scores.gemba_score([("accuracy/omission", "major")] * 4 + [("fluency/grammar", "minor")]) == -21
    assert scores.gemba_score([("non-translation", "minor")]) == -25  # non-translation counts as critical


def test_gemba_rejects_a_severity_it_does_not_know():
    with pytest.raises(scores.MqmScoreError, match="unknown severity 'severe'"):
        scores.gemba_score([("accuracy/omission", "severe")])
    with pytest.raises(scores.MqmScoreError):
        scores.gemba_score([("non-translation", "non-translation")])  # a category, not a severity


def test_paper_score_with_one_sentence_and_neutral():
    assert scores.paper_score([("accuracy/omission", "major"), ("x", "neutral")], 1) == -5
    assert scores.paper_score([("fluency/grammar", "minor")], 2) == -0.5
    with pytest.raises(scores.MqmScoreError, match="at least one sentence"):
        scores.paper_score([], 0)
    with pytest.raises(scores.MqmScoreError):
        scores.paper_penalty([("accuracy/omission", "blocker")])


def test_paper_floor():
    assert scores.paper_floor(3, 2) == -37.5
    assert scores.paper_floor(0, 0) == -25  # at least one error over at least one sentence
    assert scores.paper_floor(1, 4) == -6.25


def test_counts_by_class_and_total():
    c = scores.counts([("non-translation", "major"), ("a/b", "critical"), ("a/b", "major"), ("a/b", "minor"),
                       ("a/b", "minor"), ("a/b", "neutral")])
    assert (c.non_translation, c.critical, c.major, c.minor) == (1, 1, 1, 2)
    assert c.total == 5  # neutral is not an error of any class
    with pytest.raises(scores.MqmScoreError):
        scores.counts([("a/b", "huge")])


def test_an_unknown_severity_lists_the_known_ones():
    with pytest.raises(scores.MqmScoreError) as info:
        scores.gemba_score([("a/b", "severe")])
    assert str(info.value) == "unknown severity 'severe'; expected one of critical, major, minor, neutral"


def test_the_two_conventions_keep_the_names_their_stored_scores_carry():
    # every stored GEMBA-MQM result names its two scores by these labels, and the judge's summary finds
    # them again by label: a renamed or emptied one leaves earlier results unread, two equal ones merge them
    assert scores.PAPER == "MQM (paper, per sentence)"
    assert scores.GEMBA == "MQM (GEMBA, capped)"


def test_each_weight_of_each_convention_on_its_own():
    one = {sev: [("accuracy/mistranslation", sev)] for sev in ("critical", "major", "minor", "neutral")}
    # the paper: critical has no weight of its own and counts as major (5); non-translation is 25 whatever
    # severity it was given; the divisor is the number of sentences
    assert [scores.paper_penalty(one[s]) for s in ("critical", "major", "minor", "neutral")] == [5, 5, 1, 0]
    assert [scores.paper_penalty([("non-translation", s)]) for s in ("major", "minor", "neutral")] == [25] * 3
    assert scores.paper_score(one["major"] + one["minor"], 3) == -2
    assert scores.paper_score(one["minor"] * 7, 7) == -1
    # GEMBA: 25 / 5 / 1 / 0, non-translation as critical
    assert [scores.gemba_score(one[s]) for s in ("critical", "major", "minor", "neutral")] == [-25, -5, -1, 0]
    assert scores.gemba_score([("non-translation", "neutral")]) == -25
    # GEMBA knows no "non-translation" severity; the paper's table does not make it one either
    with pytest.raises(scores.MqmScoreError):
        scores.gemba_score([("a/b", "non-translation")])


def test_gemba_takes_the_five_heaviest_in_answer_order_not_the_first_five():
    minors_then_majors = [("fluency/grammar", "minor")] * 5 + [("accuracy/omission", "major")] * 5
    assert scores.gemba_score(minors_then_majors) == -25
    # neutral errors sort last: five neutrals before one minor leave the minor counted
    assert scores.gemba_score([("x", "neutral")] * 5 + [("fluency/grammar", "minor")]) == -1
    # four minors then a major then a minor: the major and four minors are the five counted (9), not 5 minors
    assert scores.gemba_score([("f/g", "minor")] * 4 + [("a/o", "major"), ("f/g", "minor")]) == -9
    # the cap is reached only above 25: 4 majors and a minor, 21, is not capped; a sixth error is not seen
    assert scores.gemba_score([("a/o", "major")] * 4 + [("f/g", "minor")] * 2) == -21


def test_counts_put_a_non_translation_under_its_class_only():
    c = scores.counts([("non-translation", "critical"), ("non-translation", "minor"), ("a/b", "critical")])
    assert (c.non_translation, c.critical, c.major, c.minor, c.total) == (2, 1, 0, 0, 3)
    assert scores.counts([]) == scores.Counts(0, 0, 0, 0)


def test_counts_are_a_value():
    a = scores.counts([("a/b", "major"), ("non-translation", "minor")])
    assert a == scores.Counts(1, 0, 1, 0) and hash(a) == hash(scores.Counts(1, 0, 1, 0))
    with pytest.raises(AttributeError):
        a.major = 5  # type: ignore[misc]


def test_the_score_functions_take_category_and_severity_pairs_by_their_named_type():
    # scores.Error names what every formula reads: (category path, severity) pairs; the signatures resolve
    # to it at run time (a tool that reads the hints, e.g. typing.get_type_hints, sees the pair of strings)
    import typing
    from collections.abc import Iterable

    assert scores.Error == tuple[str, str]
    for formula in (scores.counts, scores.paper_penalty, scores.paper_score, scores.gemba_score):
        assert typing.get_type_hints(formula)["errors"] == Iterable[tuple[str, str]]
