"""Adequacy (seed 002, Table 3): share of paragraphs where a judge prefers the human translation."""

from __future__ import annotations

from litlens.app.metrics.adequacy import adequacy, adequacy_summary
from litlens.app.core.model import Judgment, Score


def _scored(cand, para, value, dim="SQM", judge="sqm"):
    return Judgment(judge=judge, unit=f"{cand}/p{para}", candidate=cand, paragraph=para,
                    scores=[Score(dim, value, 0, 6)])


def test_scores_ties_are_not_preferences_and_pooled_row():
    results = [_scored("H", 0, 5), _scored("A", 0, 4), _scored("B", 0, 5),
               _scored("H", 1, 3), _scored("A", 1, 4), _scored("B", 1, 2),
               Judgment(judge="sqm", unit="x", candidate="A", paragraph=2, status="failed", error="e")]
    rows = {r["other"]: r for r in adequacy(results, "H")["rows"]}
    assert (rows["A"]["preferred"], rows["A"]["compared"]) == (1, 2)
    assert (rows["B"]["preferred"], rows["B"]["compared"]) == (1, 2)  # the tie in paragraph 0 does not count
    assert rows["all others"]["share"] == 0.5


def test_bws_majority_over_orders():
    def bws(para, best, worst):
        return Judgment(judge="bws", unit=f"p{para}/{best}", candidate=None, paragraph=para,
                        data={"best": best, "worst": worst, "order": ["H", "A", "B"], "human": "H"})
    results = [bws(0, "H", "B"), bws(0, "A", "B"), bws(0, "H", "A"),  # vs A: 2 of 3 -> preferred
               bws(1, "A", "H"), bws(1, "B", "H"), bws(1, "A", "B")]  # vs A: 0 of 3; vs B: 1 of 3
    rows = {r["other"]: r for r in adequacy(results, "H")["rows"]}
    assert (rows["A"]["preferred"], rows["A"]["compared"]) == (1, 2)
    assert (rows["B"]["preferred"], rows["B"]["compared"]) == (1, 2)  # paragraph 0: 3 of 3
    summary = adequacy_summary(results)  # the human label comes from the stored data
    assert summary is not None and summary.rows[0][-1] == "50.0%"
    assert adequacy_summary([_scored("H", 0, 5)]) is None  # nothing marked human
