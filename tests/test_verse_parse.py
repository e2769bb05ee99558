"""VERSE's pure parts: chunking, question screening, reading classifications and answers, aggregation."""

from __future__ import annotations

from litlens.app.judges.verse.aggregate import CATEGORIES, UNCLASSIFIED, aggregate, overall, question_stats
from litlens.app.judges.verse.parse import (
    Screened, bound_questions, chunk_paragraphs, read_labels, read_paragraph_answers, screen_questions)
from litlens.app.core.model import Judgment, Score
from litlens.app.llm.tokens import estimate_tokens


def test_the_nine_categories_are_the_papers():
    assert len(CATEGORIES) == 9 and len(set(CATEGORIES)) == 9
    assert "Nuanced Interpretation including Subtle Implications" in CATEGORIES
    assert "Character Voice, Tone, and Individuality" in CATEGORIES


def test_chunks_respect_the_limit_and_paragraph_boundaries():
    paras = ["a" * 4000, "b" * 4000, "c" * 4000, "d" * 20000, "e" * 40]
    chunks = chunk_paragraphs(paras, 2500)
    assert chunks == [[0, 1], [2], [3], [4]]  # the over-long paragraph stays whole, alone
    assert sorted(i for c in chunks for i in c) == list(range(len(paras)))
    for c in chunks:
        assert len(c) == 1 or sum(estimate_tokens(paras[i]) for i in c) <= 2500
    assert chunk_paragraphs(["short"] * 3, 3000) == [[0, 1, 2]]


def test_screening_drops_malformed_questions_with_reasons():
    raw = ["1. Does the translation keep the narrator's dry humour?", "", "  ", "Narrative Voice",
           "Imagery and Descriptive Quality:", "Unique Use of Expressive Language", 42,
           "The translation keeps the rain imagery.", "Tone?",
           "- Does the translation keep the narrator's dry humour?",
           "Does the translation render 'owed him money' as an idiom?"]
    s = screen_questions(raw)
    assert s.kept == ["Does the translation keep the narrator's dry humour?",
                      "Does the translation render 'owed him money' as an idiom?"]
    reasons = [d["reason"] for d in s.dropped]
    assert reasons == ["empty", "empty", "bare category name", "bare category name", "bare category name",
                       "not text", "not a question", "too short to be a question", "duplicate"]
    assert s.dropped[3]["text"] == "Imagery and Descriptive Quality:"  # kept as generated, for review
    assert len(s.kept) + len(s.dropped) == len(raw)


def test_labels_by_name_are_one_of_the_nine_and_a_missing_one_is_discarded():
    data = {"labels": [{"question": 1, "category": CATEGORIES[2]},
                       {"question": 3, "category": CATEGORIES[8]}]}
    labels, err = read_labels(data, 3)
    assert err is None
    assert [lab["category"] for lab in labels] == [CATEGORIES[2], None, CATEGORIES[8]]
    assert "unknown category" in read_labels({"labels": [{"question": 1, "category": UNCLASSIFIED}]}, 1)[1]
    assert "unknown category" in read_labels({"labels": [{"question": 1, "category": "Tone"}]}, 1)[1]
    assert read_labels({"labels": [{"question": 4, "category": CATEGORIES[0]}]}, 3)[1]


def test_labels_missing_or_unclassified_are_marked_never_forced_with_descriptions():
    data = {"labels": [{"question": 1, "category": CATEGORIES[2], "reason": ""},
                       {"question": 3, "category": UNCLASSIFIED, "reason": "about typography"}]}
    labels, err = read_labels(data, 3, allow_unclassified=True)
    assert err is None
    assert [lab["category"] for lab in labels] == [CATEGORIES[2], UNCLASSIFIED, UNCLASSIFIED]
    assert labels[1]["reason"] == "the classifier gave no category"
    assert labels[2]["reason"] == "about typography"
    assert read_labels({"labels": [{"question": 4, "category": CATEGORIES[0]}]}, 3, True)[1]
    assert "unknown category" in read_labels({"labels": [{"question": 1, "category": "Tone"}]}, 1, True)[1]


def test_question_count_rule():
    qs = [f"Does the translation keep point {k}?" for k in range(1, 12)]
    # default: no bounds, the paragraph's content decided how many; all eleven stay
    assert bound_questions(Screened(qs, []), None, None) == Screened(qs, [])
    capped = bound_questions(Screened(qs, [{"text": "", "reason": "empty"}]), None, 4)
    assert capped.kept == qs[:4] and len(capped.dropped) == 1 + 7
    assert capped.dropped[1:] == [{"text": q, "reason": "beyond max_questions (4)"} for q in qs[4:]]
    short = bound_questions(Screened(qs[:2], []), 5, 12)
    assert short.kept == qs[:2] and short.note == "2 usable question(s), fewer than min_questions (5)"
    assert bound_questions(Screened(qs[:5], []), 5, 12).note == ""


def test_paragraph_answers_need_every_question_once_in_range():
    ok = {"answers": [{"question": 2, "score": 1}, {"question": 1, "score": 3}]}
    assert read_paragraph_answers(ok, 2) == ([3, 1], None)
    assert "twice" in read_paragraph_answers({"answers": [{"question": 1, "score": 3}] * 2}, 1)[1]
    assert "not a whole number" in read_paragraph_answers({"answers": [{"question": 1, "score": 4}]}, 1)[1]
    assert "not a whole number" in read_paragraph_answers({"answers": [{"question": 1, "score": True}]}, 1)[1]
    assert "question(s) 2" in read_paragraph_answers({"answers": [{"question": 1, "score": 2}]}, 2)[1]


def _answers(cand: str, pairs: list[tuple[str, int]], status: str = "ok") -> Judgment:
    return Judgment(judge="verse", unit=f"answers/{cand}/p0", candidate=cand, paragraph=0, status=status,
                    scores=[Score(c, v, 1, 3, "q") for c, v in pairs] if status == "ok" else [])


def test_aggregate_is_sum_over_three_n_per_category():
    results = [
        _answers("A", [(CATEGORIES[0], 3), (CATEGORIES[0], 2), (CATEGORIES[1], 1), (UNCLASSIFIED, 1)]),
        _answers("B", [(CATEGORIES[0], 1)]),
        _answers("B", [], status="failed"),
        Judgment(judge="other", unit="answers/A/p0", candidate="A", paragraph=0,
                 scores=[Score(CATEGORIES[0], 1, 1, 3)]),
    ]
    radar = aggregate(results)
    assert radar == {"A": {CATEGORIES[0]: {"percent": 83.33, "n": 2},
                           CATEGORIES[1]: {"percent": 33.33, "n": 1}},
                     "B": {CATEGORIES[0]: {"percent": 33.33, "n": 1}}}
    assert overall(results)["A"] == {"percent": 58.33, "n": 4}


def test_question_stats_count_kept_dropped_and_unclassified():
    results = [
        Judgment(judge="verse", unit="questions/p0", candidate=None, paragraph=0,
                 data={"questions": [{"id": "p0.q1", "text": "?"}] * 3,
                       "dropped": [{"text": "", "reason": "empty"},
                                   {"text": "x", "reason": "not a question"}]}),
        Judgment(judge="verse", unit="classify/p0", candidate=None, paragraph=0,
                 data={"labels": [{"category": CATEGORIES[0]}, {"category": UNCLASSIFIED},
                                  {"category": CATEGORIES[0]}]}),
    ]
    stats = question_stats(results)
    assert (stats["kept"], stats["dropped"], stats["unclassified"]) == (3, 2, 1)
    assert stats["dropped_by_reason"] == {"empty": 1, "not a question": 1}
    assert stats["per_category"][CATEGORIES[0]] == 2
