"""The Table 8 hierarchy as data, and both MQM score conventions checked against sums done by hand."""

from __future__ import annotations

import pytest

from litlens.app.mqm import typology as mqm
from litlens.app.mqm import scores


def test_typology_has_the_papers_categories():
    ty = mqm.typology()
    assert [c.path for c in ty.roots] == ["accuracy", "fluency", "style", "terminology", "locale-convention",
                                          "other", "non-translation"]
    leaves = ty.leaf_paths()
    for path in ("accuracy/mistranslation/overly-literal", "accuracy/mistranslation/temporal-effect",
                 "accuracy/omission", "fluency/coherence", "style/unidiomatic", "terminology/inconsistent",
                 "locale-convention/number-format", "other", "non-translation"):
        assert path in leaves
    assert "accuracy/mistranslation" not in leaves and len(leaves) == 21
    assert set(ty.severities) == {"critical", "major", "minor"}
    assert mqm.describe("accuracy/mistranslation/overly-literal") == "Accuracy › Mistranslation › Overly literal"


def test_category_paths_are_validated():
    assert mqm.is_valid("accuracy/mistranslation") and not mqm.is_valid("accuracy/mistranslation", leaf_only=True)
    assert not mqm.is_valid("accuracy/hallucination")
    with pytest.raises(mqm.UnknownCategory, match="not a category"):
        mqm.validate("fluency/typography")
    with pytest.raises(mqm.UnknownCategory, match="too general"):
        mqm.validate("style", leaf_only=True)
    assert mqm.normalise_path(" Accuracy / Overly_literal ") == "accuracy/overly-literal"


ERRORS = [
    ("accuracy/omission", "major"),
    ("non-translation", "minor"),        # category non-translation: 25 in the paper whatever the severity
    ("style/awkwardness", "minor"),
    ("fluency/grammar", "critical"),     # paper: no critical level, counted as major (5)
    ("accuracy/addition", "minor"),
    ("terminology/mistranslation", "major"),
    ("fluency/punctuation-spelling", "minor"),
]


def test_paper_convention_by_hand():
    # 25*1 (non-translation) + 5*(2 major + 1 critical) + 1*3 minor = 25 + 15 + 3 = 43, over 4 sentences
    assert scores.paper_penalty(ERRORS) == 43
    assert scores.paper_score(ERRORS, 4) == pytest.approx(-43 / 4)
    c = scores.counts(ERRORS)
    assert (c.non_translation, c.critical, c.major, c.minor) == (1, 1, 2, 3)
    assert scores.paper_score([], 3) == 0
    with pytest.raises(scores.MqmScoreError):
        scores.paper_score(ERRORS, 0)


def test_gemba_convention_by_hand():
    # non-translation counts as critical: 2 critical (50) -> capped at 25
    assert scores.gemba_score(ERRORS) == -25
    # only the first five by severity count: 1 major + 5 minor -> 5 + 4*1 = 9
    five = [("accuracy/omission", "minor")] * 5 + [("accuracy/addition", "major")]
    assert scores.gemba_score(five) == -9
    # 3 major + 3 minor: first five = 3*5 + 2*1 = 17
    assert scores.gemba_score([("style/register", "minor")] * 3 + [("accuracy/addition", "major")] * 3) == -17
    assert scores.gemba_score([]) == 0
    with pytest.raises(scores.MqmScoreError, match="severity"):
        scores.gemba_score([("other", "fatal")])
