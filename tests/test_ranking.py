"""Ranking machinery and formulas: presentation orders, neutral labels, reading rankings back, B and the
majority vote with ties (seed 004, §6.2)."""

from __future__ import annotations

import itertools

import pytest

from litlens.app.metrics.ranking import (first_place_votes, format_tiers, inconsistency_b, majority_ranking,
                                 majority_winners, score_ranking)
from litlens.app.metrics.orders import (RankedOrder, RankingError, explain_b, neutral_labels, position_bias,
                         presentation_orders, read_ranking, relabel)


def test_b_is_the_mean_number_of_distinct_winners():
    # item 1: one winner over three orders; item 2: two; item 3: three -> (1 + 2 + 3) / 3
    assert inconsistency_b([["A", "A", "A"], ["A", "B", "A"], ["A", "B", "C"]]) == pytest.approx(2.0)
    assert inconsistency_b([["X", "X"]]) == 1.0
    with pytest.raises(ValueError):
        inconsistency_b([])


def test_majority_vote_keeps_ties_as_ties():
    assert majority_winners(["A", "B", "A"]) == ["A"]
    assert majority_winners(["A", "B"]) == ["A", "B"]
    tiers = majority_ranking([("A", "B", "C"), ("B", "C", "A"), ("C", "A", "B")])
    assert tiers == [["A", "B", "C"]] and format_tiers(tiers) == "A = B = C"
    # equal first-place votes are separated by Borda points: B is second more often than C
    tiers = majority_ranking([("A", "B", "C"), ("A", "B", "C"), ("B", "A", "C"), ("C", "B", "A")])
    assert tiers == [["A"], ["B"], ["C"]]
    # a label that never ranked still appears, last
    assert majority_ranking([("A", "B", "C")], ["A", "B", "C", "Z"])[-1] == ["Z"]
    assert first_place_votes([("A", "B"), ("A", "B")]) == {"A": 2}


def test_score_ranking_by_mean_with_ties():
    assert score_ranking({"A": 3.5, "B": 4.0, "C": 3.5}) == [["B"], ["A", "C"]]


def test_orders_are_all_permutations_up_to_four_with_rotations_first():
    orders = presentation_orders(["A", "B", "C"])
    assert len(orders) == 6 and len(set(orders)) == 6
    assert orders[:3] == [("A", "B", "C"), ("B", "C", "A"), ("C", "A", "B")]
    assert len(presentation_orders(list("ABCD"))) == 24
    assert presentation_orders(["A", "B"], 1) == [("A", "B")]


def test_more_than_four_candidates_get_a_seeded_random_order_and_its_rotations():
    labels = [f"L{i}" for i in range(7)]
    orders = presentation_orders(labels, seed=3)
    assert orders == presentation_orders(labels, seed=3)  # deterministic
    assert len(orders) == 7
    # each candidate sits in each position exactly once
    for pos in range(7):
        assert sorted(o[pos] for o in orders) == sorted(labels)
    assert orders[1] == orders[0][1:] + orders[0][:1]
    assert presentation_orders(labels, seed=4) != orders
    more = presentation_orders(labels, 10, seed=3)
    assert more[:7] == orders and len(set(more)) == 10


def test_bad_order_requests_are_refused():
    with pytest.raises(ValueError):
        presentation_orders(["A"])
    with pytest.raises(ValueError):
        presentation_orders(["A", "A"])
    with pytest.raises(ValueError):
        presentation_orders(["A", "B"], 0)


def test_neutral_names_map_back_to_real_labels():
    presented = ("Careful", "Flawed", "Draft")
    assert neutral_labels(presented) == {"Translation 1": "Careful", "Translation 2": "Flawed",
                                         "Translation 3": "Draft"}
    assert read_ranking(["Translation 3", "translation 1", "2"], presented) == ["Draft", "Careful", "Flawed"]
    assert relabel("Translation 2 beats Translation 1.", presented) == \
        "Translation 2 [Flawed] beats Translation 1 [Careful]."


@pytest.mark.parametrize("answer,why", [
    (["Translation 1", "Translation 4", "Translation 2"], "not one of"),
    (["Translation 1", "Translation 2"], "leaves out Translation 3"),
    (["Translation 1", "Translation 1", "Translation 2"], "twice"),
    (["the first one", "Translation 2", "Translation 3"], "not one of"),
])
def test_unusable_rankings_are_errors(answer, why):
    with pytest.raises(RankingError, match=why):
        read_ranking(answer, ("A", "B", "C"))


def test_position_bias_report():
    rankings = [RankedOrder(0, k, p, p) for k, p in enumerate(itertools.permutations("ABC"))]
    rankings += [RankedOrder(1, k, p, ("B", "A", "C")) for k, p in enumerate(itertools.permutations("ABC"))]
    pb = position_bias(rankings)
    assert pb.b == pytest.approx((3 + 1) / 2) and pb.orders == 6 and pb.b_max == 3
    assert pb.per_item_majority == {0: ["A", "B", "C"], 1: ["B"]}
    assert pb.ranking[0] == ["B"]
    assert "does not depend on presentation order" in explain_b(1.0, 6, 3)
    assert "worst possible" in explain_b(3.0, 6, 3)
    assert "not available" in explain_b(None, 0)
