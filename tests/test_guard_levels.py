"""Speech-level rules, each by the case it encodes: a sentence that ends with the rule's ending, read at
the level the Standard Korean Dictionary gives it (through Kiwi, as the judge reads it), and the sentence
rules of app/korean/speech_levels.py each with its case and its counter-case. The ending table's own
rules without Kiwi (near misses, every rule reachable): tests/test_guard_level_rules.py."""

from __future__ import annotations

import pytest

from litlens.app.korean.speech_levels import classify_sentence

# (sentence, context, level, ending morpheme as shown) -- one or more per ending rule
SENTENCES = [
    ("이제 갑시다.", "", "하오체", "-ㅂ시다"),
    ("그 사람이 떠납디다.", "", "하오체", "-ㅂ디다"),
    ("정말 그럽디까?", "", "하오체", "-ㅂ디까"),
    ("감사합니다.", "", "하십시오체", "-ㅂ니다"),
    ("먹었습니까?", "", "하십시오체", "-습니까"),
    ("어서 오십시오.", "", "하십시오체", "-ㅂ시오"),
    ("가시옵소서.", "", "하십시오체", "-ㅂ소서"),
    ("가나이다.", "", "하십시오체", "-나이다"),
    ("그리하옵니다.", "", "하십시오체", "-니다"),  # the humble -옵- before -니다 (Kiwi: 옵/EP + 니다/EF)
    ("신이 아뢰옵니다.", "", "하십시오체", "-옵니다"),
    ("황공하옵니다.", "", "하십시오체", "-ㅂ니다"),
    ("집에 가요.", "", "해요체", "-어요"),
    ("그렇죠?", "", "해요체", "-죠"),
    ("참 좋구려.", "", "하오체", "-구려"),
    ("자네 언제 왔는가?", "", "하게체", "-는가"),
    ("누가 왔던가?", "", "하게체", "-던가"),
    ("내가 갈게.", "", "해체", "-ㄹ게"),
    ("내가 함세.", "", "하게체", "-ㅁ세"),
    ("어서 오게나.", "", "하게체", "-게나"),
    ("같이 가세나.", "", "하게체", "-세나"),
    ("비가 오는구먼.", "", "해체", "-는구먼"),
    ("비가 오는구나.", "", "해라체", "-는구나"),
    ("같이 가자꾸나.", "", "해라체", "-자꾸나"),
    ("비가 오는군.", "", "해체", "-는군"),
    ("어디 가느냐?", "", "해라체", "-느냐"),
    ("무엇이 좋으냐?", "", "해라체", "-으냐"),
    ("뭐 먹었니?", "", "해라체", "-니"),
    ("어서 가거라.", "", "해라체", "-거라"),
    ("내가 주마.", "", "해라체", "-마"),
    ("내가 가리다.", "", "하오체", "-리다"),
    ("비가 온다.", "", "해라체", "-ㄴ다"),
    ("같이 가자.", "", "해라체", "-자"),
    ("그렇소.", "", "하오체", "-소"),
    ("어서 오오.", "", "하오체", "-오"),
    ("이리 오우.", "", "하오체", "-우"),
    ("같이 가세.", "", "하게체", "-세"),
    ("그 사람이 온다네.", "", "하게체", "-ㄴ다네"),
    ("비가 오네.", "", "해체", "-네"),
    ("어서 가게.", "", "하게체", "-게"),
    ("어디 가나?", "", "하게체", "-나"),
    ("비가 오는데.", "", "해체", "-는데"),
    ("이건 책이야.", "", "해체", "-야"),
    ("비가 오거든.", "", "해체", "-거든"),
    ("다 알잖아.", "", "해체", "-잖아"),
    ("나 갈래.", "", "해체", "-ㄹ래"),
    ("같이 갈까?", "", "해체", "-ㄹ까"),
    ("그 사람이 온대.", "", "해체", "-ㄴ대"),
    ("밥 먹어.", "", "해체", "-어"),
    ("먼저 가고.", "", "해체", "-고"),
    ("어서 가렴.", "", "해라체", "-렴"),
    ("어서 가려무나.", "", "해라체", "-려무나"),
    ("그 사람 멋있더라.", "", "해라체", "-더라"),
    ("그건 학생이오.", "", "하오체", "-오"),
]


@pytest.mark.parametrize("sentence, context, level, morpheme", SENTENCES, ids=[s[0] for s in SENTENCES])
def test_each_ending_reads_at_its_level(sentence, context, level, morpheme):
    r = classify_sentence(sentence, context)
    assert (r.level, r.ending_morpheme) == (level, morpheme)
    assert 0.5 <= r.confidence <= 1.0
    assert sentence[r.ending_start:r.ending_end] == r.ending and r.ending  # the word carrying it, as written
    assert r.evidence


# ---- the sentence-level rules of app/korean/speech_levels.py, each with its case and its counter-case ----
def test_a_hage_cue_in_the_turn_settles_ambiguous_ne():
    assert classify_sentence("자네 왔네.").level == "하게체"
    assert classify_sentence("왔네.").level == "해체"
    assert classify_sentence("내가 가겠네.", "자네").level == "하게체"


def test_noun_plus_yo_is_hao_only_with_a_hao_cue():
    assert classify_sentence("어디요?", "이보시오").level == "하오체"
    assert classify_sentence("어디요?").level == "해요체"


def test_ge_as_a_question_is_banmal_not_hage():
    assert classify_sentence("뭐 먹었게?").level == "해체"
    assert classify_sentence("어서 가게.").level == "하게체"


def test_a_vocative_after_a_comma_keeps_the_ending_words_after_it_without_a_comma_do_not():
    assert classify_sentence("조용히 해, 민수야.").level == "해체"
    assert classify_sentence("집에 가는데 너는").level is None


def test_a_noun_forming_ending_has_no_level():
    r = classify_sentence("먹고 싶은")
    assert r.level is None and r.confidence == 0.0


@pytest.mark.parametrize("sentence, kinds", [
    ("할머니께서 주무십니다.", {"honorific-particle", "lexical-honorific"}),
    ("선생님이 오셨어요.", {"honorific-suffix", "subject-honorific"}),
    ("제가 말씀드릴게요.", {"humble", "lexical-honorific"}),
])
def test_honorific_and_humble_markers(sentence, kinds):
    r = classify_sentence(sentence)
    assert {m.kind for m in r.markers} == kinds
    for m in r.markers:
        assert 0 <= m.start < m.end <= len(sentence)


def test_no_markers_in_plain_speech():
    assert classify_sentence("밥 먹어.").markers == []


def test_a_sentence_final_ending_kiwi_tags_as_connective_still_counts():
    r = classify_sentence("그 사람이 왔소.")  # Kiwi: 소/EC
    assert (r.level, r.ending_morpheme) == ("하오체", "-소")


def test_a_mis_split_honorific_verb_is_still_found():
    r = classify_sentence("할머니, 안녕히 주무세요.")
    assert ("lexical-honorific", "주무시다") in [(m.kind, m.form) for m in r.markers]


def test_yo_after_an_ending_is_polite_even_with_a_hao_cue():
    assert classify_sentence("그리고 가고요.", "이보시오").level == "해요체"


def test_words_after_the_ending_need_a_comma_before_the_first_of_them():
    assert classify_sentence("같이 가자 민수, 영희야.").level is None
    assert classify_sentence("같이 가자, 민수야.").level == "해라체"


@pytest.mark.parametrize("sentence, expected", [
    ("할아버지께서 댁에 계십니다.", {("lexical-honorific", "계시다"), ("lexical-honorific", "댁")}),
    ("아버님, 진지 잡수세요.", {("lexical-honorific", "잡수다"), ("lexical-honorific", "진지")}),
    ("연세가 어떻게 되세요?", {("lexical-honorific", "연세")}),
    ("성함이 어떻게 되십니까?", {("lexical-honorific", "성함"), ("subject-honorific", "-시-")}),
    ("내일이 어머님 생신이에요.", {("lexical-honorific", "생신")}),
    ("어르신, 춘추가 어떻게 되십니까?", {("lexical-honorific", "어르신"), ("lexical-honorific", "춘추")}),
    ("부친께서 말씀하셨다.", {("lexical-honorific", "말씀"), ("lexical-honorific", "부친")}),
    ("모친은 잘 계시지요?", {("lexical-honorific", "모친")}),
    ("제가 선생님을 모시고 가겠습니다.", {("humble", "모시다"), ("humble", "저")}),
    ("선생님께 여쭤 보았다.", {("humble", "여쭈다"), ("honorific-particle", "께")}),
    ("내일 뵙겠습니다.", {("humble", "뵙다")}),
    ("저희가 드릴게요.", {("humble", "드리다"), ("humble", "저희")}),
])
def test_each_honorific_and_humble_word_is_marked(sentence, expected):
    r = classify_sentence(sentence)
    assert expected <= {(m.kind, m.form) for m in r.markers}


@pytest.mark.parametrize("sentence, level", [
    ("그리하였다.", "해라체"),  # the past -었- before -다: no humble ending, the plain statement
    ("비가 오니까.", "해체"),  # -니까 left hanging, with no -옵- before it
])
def test_nida_and_nikka_without_the_humble_prefinal_ending_keep_their_level(sentence, level):
    """Counter-case of 그리하옵니다 (하십시오체 through the humble -옵-): without -옵- the ending reads as before."""
    assert classify_sentence(sentence).level == level
