"""The ending table of app/korean/levels.py without Kiwi: each ending against the near miss it must not
fall to (a longer ending read before the shorter one inside it), forms that are no ending, every rule
reachable (no earlier rule shadows it), every note an explanation template, the tiers. Sentences through
Kiwi, one or more per ending: tests/test_guard_levels.py."""

from __future__ import annotations

import pytest

from litlens.app.explanations import render
from litlens.app.korean import levels
from litlens.app.korean.levels import ENDING_RULES, RULE_KEYS, rule_for, rule_why

# (form, level it must be read at, level of the shorter rule it must not fall to)
NEAR_MISSES = [
    ("ᆸ니까", "하십시오체", "해체"),  # not the plain -니까 left hanging
    ("ᆸ디다", "하오체", "해라체"),  # not the plain -다
    ("ᆸ시다", "하오체", "해라체"),
    ("나이다", "하십시오체", "해라체"),
    ("리다", "하오체", "해라체"),
    ("ᆯ게", "해체", "하게체"),  # not the -게 command
    ("구나", "해라체", "하게체"),  # not the -나 question
    ("꾸나", "해라체", "하게체"),
    ("려무나", "해라체", "하게체"),
    ("다네", "하게체", "해체"),  # not the -네 exclamation
    ("네요", "해요체", "해체"),  # -요 closes it
    ("지요", "해요체", "해체"),
    ("잖아요", "해요체", "해체"),
]


@pytest.mark.parametrize("form, level, not_level", NEAR_MISSES, ids=[n[0] for n in NEAR_MISSES])
def test_the_longer_ending_wins(form, level, not_level):
    found = rule_for(form)
    assert found is not None and found[0] == level != not_level


@pytest.mark.parametrize("form", ["", "먹", "학교", "ᆫ", "었", "시"])
def test_forms_without_a_sentence_ending_have_no_rule(form):
    assert rule_for(form) is None


def test_every_rule_can_fire():
    """No rule is shadowed by an earlier one: each suffix, on its own, is read by its own rule."""
    for i, (suffix, level, conf, note) in enumerate(ENDING_RULES):
        assert suffix, i
        assert rule_for(suffix) == (level, conf, note), f"rule {i} ({suffix}) is shadowed"
        assert level in levels.LEVELS and 0.5 <= conf <= 1.0


def test_every_note_is_an_explanation_that_renders_back():
    for _suffix, _level, _conf, note in ENDING_RULES:
        assert note and RULE_KEYS[note].startswith("ending/")
        assert render(rule_why(note)) == note


def test_tiers_and_mismatch_gap():
    assert [levels.tier(x) for x in levels.LEVELS] == [4, 4, 3, 2, 1, 1]
    assert levels.MISMATCH_GAP == 2
    assert levels.register_word("하십시오체") != levels.register_word("해체")
    assert levels.register_word("하오체") not in (levels.register_word("해요체"), levels.register_word("해라체"))
    assert levels.register_word("하게체") == levels.register_word("해라체")
