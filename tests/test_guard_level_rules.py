"""The ending table of app/korean/levels.py without Kiwi: each ending against the near miss it must not
fall to (a longer ending read before the shorter one inside it), forms that are no ending, every rule
reachable (no earlier rule shadows it), every note an explanation template, the tiers. The same rules'
levels and the 하게체 cue on hand-written tokens (still no Kiwi). Sentences through Kiwi, one or more per
ending: tests/test_guard_levels.py."""

from __future__ import annotations

from dataclasses import dataclass

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


# Each ending's level as the Standard Korean Dictionary describes it, written out by level (a spec of its
# own, not read from the table): a rule moved to another level, or one dropped, shows here.
BY_LEVEL = {
    "하십시오체": ["ᆸ니다", "습니다", "읍니다", "ᆸ니까", "습니까", "ᆸ시오", "십시오", "나이다", "소서", "옵니다"],
    "해요체": ["죠", "요", "어요", "지요", "네요", "잖아요"],
    "하오체": ["ᆸ시다", "읍시다", "ᆸ디다", "ᆸ디까", "구려", "구료", "리다", "소", "오", "우"],
    "하게체": ["ᆫ가", "는가", "던가", "은가", "ᆯ세", "ᆷ세", "게나", "세나", "세", "다네", "게", "나"],
    "해라체": ["구나", "꾸나", "느냐", "냐", "니", "렴", "려무나", "더라", "라", "마", "다", "자"],
    "해체": ["ᆯ게", "구먼", "구만", "군", "네", "데", "지", "야", "거든", "잖아", "ᆯ래", "ᆯ까", "래", "대", "어",
           "아", "여", "고", "니까"],
}


@pytest.mark.parametrize("level, forms", BY_LEVEL.items())
def test_each_ending_marks_its_level(level, forms):
    assert [(f, (rule_for(f) or ("none",))[0]) for f in forms] == [(f, level) for f in forms]


def test_every_rule_of_the_table_is_in_the_spec():
    spec = {f for forms in BY_LEVEL.values() for f in forms}
    assert [s for s, *_ in ENDING_RULES if s not in spec] == []


def test_confidence_reflects_how_settled_an_ending_is():
    # the unmistakable formal statement is trusted most; endings heard at two levels least (about a coin toss)
    assert rule_for("ᆸ니다")[1] == max(r[2] for r in ENDING_RULES)
    for shared in ("구먼", "구만", "네", "데", "고", "니까"):
        assert rule_for(shared)[1] <= 0.55, shared
    for settled in ("습니다", "요", "다", "어", "지"):
        assert rule_for(settled)[1] >= 0.9, settled


@dataclass(frozen=True)
class _Tok:
    form: str
    tag: str
    start: int


def _read(form: str, context: str):
    from litlens.app.korean import speech_levels as sl
    return sl._final_reading([_Tok("먹", "VV", 0), _Tok(form, "EF", 1), _Tok(".", "SF", 3)], "먹다.", context)


@pytest.mark.parametrize("form", sorted(levels.AMBIGUOUS_HAGE))
def test_an_ending_heard_at_two_levels_is_hage_with_a_hage_cue(form):
    assert _read(form, "자네").level == "하게체"
    assert _read(form, "").level == rule_for(form)[0]


@pytest.mark.parametrize("form", ["다", "어", "라", "니", "야", "요", "ᆸ니다", "더라", "오"])
def test_an_ending_of_one_level_keeps_it_whatever_the_cue(form):
    assert _read(form, "자네").level == rule_for(form)[0] != "하게체"


def test_the_ambiguous_endings_are_exactly_those_heard_at_hage_and_haeche():
    assert levels.AMBIGUOUS_HAGE == {"네", "군", "구먼", "구만", "나", "지"}
    assert all(rule_for(f) is not None for f in levels.AMBIGUOUS_HAGE)


@pytest.mark.parametrize("prefinal", ["옵", "사옵", "자옵"])
@pytest.mark.parametrize("form", ["니다", "니까"])
def test_the_humble_prefinal_ending_before_nida_or_nikka_is_hasipsio(prefinal, form):
    """-옵-/-사옵-/-자옵- before -니다/-니까 ("그리하옵니다", "알겠사옵니까") is the formal polite -ㅂ니다/-ㅂ니까
    of 하십시오체: not the plain -다 (해라체) nor a -니까 left hanging (해체)."""
    rule = levels.rule_after(prefinal, form)
    assert rule is not None and rule[0] == "하십시오체"
    assert render(rule_why(rule[2])).startswith("-옵니")


@pytest.mark.parametrize("prefinal, form, level", [
    ("", "니다", "해라체"),  # no pre-final ending: the -다 rule as before
    ("었", "다", "해라체"),  # 먹었다: the past -었- is no humble ending
    ("었", "니까", "해체"),  # 먹었으니까: a -니까 left hanging
    ("시", "니까", "해체"),  # 가시니까
    ("오", "ᆸ니다", "하십시오체"),  # 하옵니다 split as 오 + ㅂ니다: the ending's own rule
    ("옵", "나이다", "하십시오체"),  # 그러하옵나이다: -나이다's own rule
    ("옵", "소서", "하십시오체"),
])
def test_an_ending_after_any_other_prefinal_keeps_its_own_rule(prefinal, form, level):
    """Only the humble pre-final ending changes how -니다/-니까 read; elsewhere ``rule_after`` is ``rule_for``."""
    assert levels.rule_after(prefinal, form) == rule_for(form)
    assert rule_for(form)[0] == level


@pytest.mark.parametrize("level", levels.LEVELS)
def test_each_level_gloss_names_its_level(level):
    """The gloss an explanation shows for a level names that level (its Korean name in brackets)."""
    assert f"({level}" in levels.level_gloss(level)
    assert levels.gloss_why(level) == {"why": f"level/{level}"}


@pytest.mark.parametrize("level", [None, "", "반말체"])
def test_no_level_or_an_unknown_one_is_glossed_as_no_clear_level(level):
    assert levels.level_gloss(level) == "no clear speech level"


@pytest.mark.parametrize("level, word", [
    ("하십시오체", "존댓말"), ("해요체", "존댓말"), ("하오체", "semi-formal"), ("하게체", "반말"), ("해라체", "반말"),
    ("해체", "반말"),
])
def test_register_word_says_honorific_semi_formal_or_not(level, word):
    """존댓말 for the two top tiers, 반말 for 하게체 and below, "semi-formal" for 하오체 between them."""
    assert word in levels.register_word(level)


@pytest.mark.parametrize("jamo", ["ᆸ", "ᆫ", "ᆯ", "ᆷ", "ᆼ"])
def test_a_batchim_jamo_is_shown_as_the_letter_a_reader_knows(jamo):
    """Kiwi writes a batchim-only ending with a final-consonant jamo (U+11xx); the ending shown to a reader
    uses the compatibility letter of the same consonant (ᆼ -> ㅇ), never an empty gap."""
    import unicodedata
    shown = jamo.translate(levels.JAMO_TO_COMPAT)
    assert unicodedata.name(shown) == unicodedata.name(jamo).replace("JONGSEONG", "LETTER")
