"""The sentence rules of app/korean/speech_levels.py, each with its case and its counter-case, on analyses
written out by hand (Kiwi's answers are faked where a rule needs exact tokens or scores): which tokens are
words, the particle 요 after a noun or an ending, endings that form nouns, a connective that ends a question,
the copula contracted with -오, -게 asked as a question, -네/-군/-구먼 with a 하게체 cue or a 하게체 turn,
-요 beside a 하오체 cue; how Kiwi's alternatives are weighed into a level, the threshold under which no
level is given, where the ending word is and which honorific markers a sentence has."""

from __future__ import annotations

import dataclasses

import pytest

from litlens.app.explanations import render, why
from litlens.app.korean import speech_levels as sl
from litlens.app.korean.kiwi import Morpheme as T
from litlens.app.korean.levels import AMBIGUOUS_HAGE, CONTEXT_CUES


def _read(tokens, text="먹다.", context=""):
    return sl._final_reading(tokens, text, context)


def _level(r):
    return r.level, round(r.confidence, 4)


# ---- which tokens count -----------------------------------------------------------------------------
@pytest.mark.parametrize("tag", ["SF", "SP", "SS", "SSO", "SSC", "SE", "SO", "SW"])
def test_punctuation_alone_has_no_words(tag):
    r = _read([T("…", tag, 0, 1), T(".", "SF", 1, 1)], "….")
    assert r.level is None and r.token is None and r.why == why("speech/no-words")


@pytest.mark.parametrize("tag", ["SF", "SP", "SS", "SSO", "SSC", "SE", "SO", "SW"])
def test_punctuation_after_the_ending_is_not_a_word_after_it(tag):
    r = _read([T("먹", "VV", 0, 1), T("어", "EF", 1, 1), T("~", tag, 2, 1)], "먹어~")
    assert _level(r) == ("해체", 0.92)


def test_an_interjection_is_a_word_without_an_ending():
    r = _read([T("네", "IC", 0, 1), T(".", "SF", 1, 1)], "네.")
    assert r.level is None and r.why == why("speech/no-ending")


def test_a_pre_final_ending_is_not_the_last_ending():
    past = _read([T("먹", "VV", 0, 1), T("었", "EP", 1, 1), T(".", "SF", 2, 1)], "먹었.")
    assert past.level is None and past.why == why("speech/no-ending")
    done = _read([T("먹", "VV", 0, 1), T("었", "EP", 1, 1), T("다", "EF", 2, 1), T(".", "SF", 3, 1)], "먹었다.")
    assert _level(done) == ("해라체", 0.95) and done.token.form == "다"


@pytest.mark.parametrize("tag", ["ETM", "ETN"])
def test_an_ending_that_forms_a_noun_or_modifier_gives_no_level(tag):
    r = _read([T("먹", "VV", 0, 1), T("기", tag, 1, 1)], "먹기")
    assert r.level is None and r.confidence == 0.0 and r.token.form == "기" and r.why == why("speech/noun-forming")


# ---- the particle 요 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("tag", ["NNG", "NNP", "NNB", "NP"])
@pytest.mark.parametrize("cue", CONTEXT_CUES["하오체"])
def test_noun_plus_yo_is_hao_beside_each_hao_cue(tag, cue):
    toks = [T("어디", tag, 0, 2), T("요", "JX", 2, 1), T("?", "SF", 3, 1)]
    assert _level(_read(toks, "어디요?", f"{cue}, 어디요?")) == ("하오체", 0.6)
    polite = _read(toks, "어디요?", "어디요?")
    assert _level(polite) == ("해요체", 0.85) and polite.why == why("speech/polite-yo")
    assert polite.token.form == "요"


@pytest.mark.parametrize("tag, level", [("NNG", "하오체"), ("NP", "하오체"), ("NR", "해요체"), ("MAG", "해요체"),
                                        ("VV", "해요체")])
def test_yo_after_an_ending_is_hao_only_when_a_noun_stands_before_it(tag, level):
    toks = [T("가", "VV", 0, 1), T("고", "EC", 1, 1), T("저기", tag, 3, 2), T("요", "JX", 5, 1)]
    assert _read(toks, "가고 저기요", "당신 가고 저기요").level == level


def test_yo_alone_is_read_with_or_without_a_cue():
    assert _read([T("요", "JX", 0, 1)], "요", "그대").level == "하오체"
    assert _read([T("요", "JX", 0, 1)], "요").level == "해요체"


def test_yo_that_is_no_particle_is_read_as_an_ending():
    r = _read([T("가", "VV", 0, 1), T("요", "EF", 1, 1)], "가요.")
    assert _level(r) == ("해요체", 0.95)


# ---- connectives -------------------------------------------------------------------------------------
def test_a_connective_with_a_level_ends_a_question_or_a_sentence_with_a_vocative_only():
    toks = [T("먹", "VV", 0, 1), T("었", "EP", 1, 1), T("니", "EC", 2, 1)]
    assert _level(_read([*toks, T("?", "SF", 3, 1)], "먹었니?")) == ("해라체", 0.72)  # 0.8, less for EC
    cut = _read([*toks, T(".", "SF", 3, 1)], "먹었니.")
    assert cut.level is None and cut.why == why("speech/connective")
    called = [*toks, T(",", "SP", 3, 1), T("민수", "NNP", 5, 2), T(".", "SF", 7, 1)]
    assert _level(_read(called, "먹었니, 민수.")) == ("해라체", 0.72)


def test_a_connective_without_a_level_is_unfinished_even_as_a_question():
    r = _read([T("먹", "VV", 0, 1), T("으면", "EC", 1, 2), T("?", "SF", 3, 1)], "먹으면?")
    assert r.level is None and r.why == why("speech/connective")


def test_an_ending_kiwi_does_not_know_is_named():
    r = _read([T("먹", "VV", 0, 1), T("쟝", "EF", 1, 1)], "먹쟝.")
    assert r.level is None and r.why == why("speech/unknown-ending", form="쟝") and r.token.form == "쟝"


# ---- the copula and -오 ------------------------------------------------------------------------------
def test_yo_after_the_copula_is_its_hao_contraction():
    student = [T("학생", "NNG", 0, 2), T("이", "VCP", 2, 1), T("요", "EF", 3, 1)]
    r = _read(student, "학생이요.")
    assert _level(r) == ("하오체", 0.6) and r.why == why("speech/i-o-contracted")
    assert _level(_read(student[1:], "이요.")) == ("하오체", 0.6)
    assert _read([T("가", "VV", 0, 1), T("요", "EF", 1, 1)], "가요.").level == "해요체"
    tagged_ec = [T("학생", "NNG", 0, 2), T("이", "VCP", 2, 1), T("요", "EC", 3, 1)]
    assert _level(_read(tagged_ec, "학생이요.")) == ("해요체", 0.855)


@pytest.mark.parametrize("cue", CONTEXT_CUES["하오체"])
def test_an_ending_yo_beside_a_hao_cue_is_hao(cue):
    toks = [T("가", "VV", 0, 1), T("요", "EF", 1, 1)]
    r = _read(toks, "가요.", f"{cue} 가요.")
    assert _level(r) == ("하오체", 0.6) and r.why == why("speech/yo-hao")
    longer = [T("가", "VV", 0, 1), T("어요", "EF", 1, 2)]
    assert _read(longer, "가어요.", f"{cue} 가어요.").level == "해요체"
    assert _read(toks, "가요.", "자네 가요.").level == "해요체"


# ---- -게 as a question; the ambiguous 하게체 endings ---------------------------------------------------
@pytest.mark.parametrize("end", ["?", "?\"", "?'", "?\u201d", "?\u2019", "?\u300d", "?\u300f", "?)", "? ", "?\u201d)"])
def test_ge_asked_as_a_question_is_banmal_whatever_closes_the_quote(end):
    toks = [T("먹", "VV", 0, 1), T("었", "EP", 1, 1), T("게", "EF", 2, 1)]
    r = _read(toks, "먹었게" + end)
    assert _level(r) == ("해체", 0.6) and r.why == why("speech/ge-question")


@pytest.mark.parametrize("end", [".", "!", "?.", "?…", "?!"])
def test_ge_that_is_no_question_commands_at_hage(end):
    r = _read([T("가", "VV", 0, 1), T("게", "EF", 1, 1)], "가게" + end)
    assert _level(r) == ("하게체", 0.8)


@pytest.mark.parametrize("form", sorted(AMBIGUOUS_HAGE))
@pytest.mark.parametrize("cue", CONTEXT_CUES["하게체"])
def test_an_ambiguous_ending_beside_a_hage_cue_is_hage(form, cue):
    toks = [T("오", "VV", 0, 1), T(form, "EF", 1, len(form))]
    r = _read(toks, "오" + form + ".", f"{cue} 오{form}.")
    assert _level(r) == ("하게체", 0.85) and r.why == why("speech/hage-cue", form=form)
    plain = _read(toks, "오" + form + ".", "오" + form + ".")
    assert plain.level != "하게체" or form == "나"  # -나 asks at 하게체 on its own


def test_an_ending_that_ends_in_an_ambiguous_one_counts_and_an_unambiguous_one_does_not():
    assert _read([T("오", "VV", 0, 1), T("는군", "EF", 1, 2)], "오는군.", "자네 오는군.").level == "하게체"
    assert _read([T("먹", "VV", 0, 1), T("어", "EF", 1, 1)], "먹어.", "자네 먹어.").level == "해체"


# ---- a 하게체 turn (Kiwi reads the turn's other sentences) ---------------------------------------------
def test_the_turns_other_sentences_at_hage_settle_ne():
    r = sl.classify_sentence("잘 왔네.", "어서 오게. 잘 왔네.")
    assert _level(r) == ("하게체", 0.75) and "other sentences" in r.evidence
    assert sl.classify_sentence("잘 왔네.", "밥 먹어. 잘 왔네.").level == "해체"
    assert sl.classify_sentence("잘 왔네.", "어서 오게").level == "해체"  # bare words, not sentences: not read
    assert sl.classify_sentence("잘 왔네.", "잘 왔네.").level == "해체"  # nothing else in the turn


def test_a_turn_read_as_hage_only_through_an_ambiguous_ending_settles_nothing():
    """A 하게체 reading of another sentence counts only when that sentence's own ending is not one of the
    ambiguous ones (else two -네 sentences would settle each other)."""
    assert sl.classify_sentence("잘 왔네.", "자네 왔네. 잘 왔네.").level == "하게체"  # the cue word itself
    assert sl.classify_sentence("잘 왔네.", "그래 왔군. 잘 왔네.").level == "해체"
    assert sl.classify_sentence("잘 왔네.", "어디 가나? 잘 왔네.").level == "해체"  # -나 alone is a weak 하게체 (0.6)


@pytest.mark.parametrize("other", ["같이 가세.", "언제 왔는가?", "어서 오게."])
def test_each_clear_hage_sentence_in_the_turn_settles_ne(other):
    r = sl.classify_sentence("잘 왔네.", f"{other} 잘 왔네.")
    assert _level(r) == ("하게체", 0.75)


# ---- weighing Kiwi's alternatives (faked analyses with chosen scores) ---------------------------------
@pytest.fixture
def fake_kiwi(monkeypatch):
    """Kiwi's analyses as the test gives them: text -> [(tokens, log-probability), ...]."""
    table: dict[str, list] = {}

    def analyze(text, top_n=1):
        return [(list(toks), s) for toks, s in table.get(text, [])][:top_n]
    monkeypatch.setattr(sl._kiwi, "analyze", analyze)
    monkeypatch.setattr(sl._kiwi, "sentence_tokens", lambda text: None)
    monkeypatch.setattr(sl._kiwi, "split_sentences", sl._kiwi.split_sentences)  # restored after a test sets it
    return table


YO = [T("가", "VV", 0, 1), T("요", "EF", 1, 1), T(".", "SF", 2, 1)]  # 해요체 0.95
DA = [T("가", "VV", 0, 1), T("ᆫ다", "EF", 1, 1), T(".", "SF", 2, 1)]  # 해라체 0.95
NONE = [T("가", "VV", 0, 1), T("기", "ETN", 1, 1), T(".", "SF", 2, 1)]


def test_no_analysis_gives_no_level(fake_kiwi):
    r = sl.classify_sentence("가요.")
    assert r.level is None and r.confidence == 0.0 and r.ending == "" and r.evidence


def test_alternatives_weigh_by_probability_times_confidence(fake_kiwi):
    import math
    fake_kiwi["가요."] = [(YO, -10.0), (DA, -10.0 - math.log(4))]  # probabilities 4/5 and 1/5
    r = sl.classify_sentence("가요.")
    assert r.level == "해요체" and r.confidence == 0.76  # 0.8 x 0.95
    assert r.alternatives == {"해요체": 0.76, "해라체": 0.19} and list(r.alternatives) == ["해요체", "해라체"]
    assert r.ending_morpheme == "-요" and "best analysis" in r.evidence and "Kiwi's 2" in r.evidence
    fake_kiwi["가요."] = [(DA, -10.0 - math.log(2)), (YO, -10.0)]  # the likelier one second: 2/3 and 1/3
    r = sl.classify_sentence("가요.")
    assert r.level == "해요체" and r.confidence == 0.633 and list(r.alternatives) == ["해요체", "해라체"]
    assert r.alternatives["해라체"] == 0.317 and "alternative" in r.evidence


def test_an_alternative_analysis_wins_when_its_weighted_support_is_higher(fake_kiwi):
    fake_kiwi["가요."] = [(NONE, -5.0), (DA, -5.5), (DA, -6.0)]
    r = sl.classify_sentence("가요.")
    assert r.level == "해라체" and r.ending_morpheme == "-ㄴ다" and "alternative" in r.evidence
    assert r.alternatives == {"해라체": round(r.confidence, 3)} and 0.25 <= r.confidence < 0.95


def test_a_level_supported_by_less_than_a_quarter_is_not_given(fake_kiwi):
    import math
    third = -math.log(3)
    # 3 equally likely analyses, one at 해요체 (0.95): 0.317, given
    fake_kiwi["가요."] = [(NONE, 0.0), (NONE, 0.0), (YO, 0.0)]
    assert sl.classify_sentence("가요.").level == "해요체"
    # one of 4 equally likely: 0.2375, under a quarter: no level, the best reading's note as evidence
    fake_kiwi["가요."] = [(NONE, 0.0), (NONE, 0.0), (NONE, 0.0), (YO, 0.0)]
    r = sl.classify_sentence("가요.")
    assert r.level is None and r.confidence == 0.0 and r.evidence == render(why("speech/noun-forming"))
    assert third < 0


def test_exactly_a_quarter_is_enough(fake_kiwi):
    """One of three equally likely analyses at 0.75 (a -네 in a 하게체 turn): support exactly 0.25, given."""
    ne = [T("왔", "VV", 0, 1), T("네", "EF", 1, 1), T(".", "SF", 2, 1)]
    ge = [T("오", "VV", 0, 1), T("게", "EF", 1, 1), T(".", "SF", 2, 1)]
    fake_kiwi["왔네."] = [(NONE, 0.0), (NONE, 0.0), (ne, 0.0)]
    fake_kiwi["오게."] = [(ge, 0.0)]
    r = sl.classify_sentence("왔네.", "오게.")
    assert r.level == "하게체" and r.confidence == 0.25


def test_the_ending_word_is_found_in_the_whole_sentence_after_the_last_words_were_read():
    text = "나는 어제 오후에 그 사람을 만났어요."
    assert sl.reading_start(text) == text.index("그 사람을")
    r = sl.classify_sentence(text)
    assert (r.level, r.ending) == ("해요체", "만났어요")
    assert (r.ending_start, r.ending_end) == (text.index("만났어요"), text.index("만났어요") + 4)


@pytest.mark.parametrize("text, start", [("가요.", 0), ("가 봐요.", 0), ("셋 넷 다섯", 0), ("하나 둘 셋 넷", 3),
                                         ("  하나 둘 셋 넷 다섯", 7), ("", 0),
                                         ("  셋 넷 다섯", 0)])  # three words: the whole of it, as given
def test_the_last_three_words_are_read(text, start):
    assert sl.reading_start(text) == start and sl.reading_text(text) == text[start:]


@pytest.mark.parametrize("after", [".", "?", "!", ",", "…", "\"", "'", "\u201d", "\u2019", " 그래"])
def test_the_ending_word_stops_at_punctuation_and_space(fake_kiwi, after):
    text = "가요" + after
    fake_kiwi[text] = [([T("가", "VV", 0, 1), T("요", "EF", 1, 1)], 0.0)] if after != " 그래" else \
        [([T("가", "VV", 0, 1), T("요", "EF", 1, 1), T(",", "SP", 2, 1), T("그래", "NNG", 3, 2)], 0.0)]
    r = sl.classify_sentence(text)
    assert r.ending == "가요" and (r.ending_start, r.ending_end) == (0, 2)


def test_the_ending_word_starts_after_the_last_space_before_the_ending(fake_kiwi):
    fake_kiwi["집에 갔어요."] = [([T("집", "NNG", 0, 1), T("에", "JKB", 1, 1), T("가", "VV", 3, 1),
                                 T("았", "EP", 3, 1), T("어요", "EF", 4, 2), T(".", "SF", 6, 1)], 0.0)]
    r = sl.classify_sentence("집에 갔어요.")
    assert (r.ending, r.ending_start, r.ending_end) == ("갔어요", 3, 6)


# ---- honorific and humble markers --------------------------------------------------------------------
def _markers(fake_kiwi, tokens, text):
    fake_kiwi[text] = [(tokens, 0.0)]
    return [(m.kind, m.form, m.start, m.end) for m in sl.classify_sentence(text).markers]


@pytest.mark.parametrize("form", ["시", "으시", "셔", "세"])
def test_each_subject_honorific_form_is_marked_and_other_pre_finals_are_not(fake_kiwi, form):
    toks = [T("가", "VV", 0, 1), T(form, "EP", 1, 1), T("요", "EF", 2, 1)]
    assert _markers(fake_kiwi, toks, "가시요") == [("subject-honorific", "-시-", 1, 2)]
    plain = [T("가", "VV", 0, 1), T("었", "EP", 1, 1), T("요", "EF", 2, 1)]
    assert _markers(fake_kiwi, plain, "가었요") == []
    not_ep = [T("가", "VV", 0, 1), T(form, "NNG", 1, 1), T("요", "EF", 2, 1)]
    assert _markers(fake_kiwi, not_ep, "가시요.") == []


@pytest.mark.parametrize("form", ["께서", "께"])
def test_the_honorific_particles_are_marked_only_as_particles(fake_kiwi, form):
    toks = [T("할머니", "NNG", 0, 3), T(form, "JKS", 3, len(form))]
    assert ("honorific-particle", form, 3, 3 + len(form)) in _markers(fake_kiwi, toks, "할머니" + form)
    assert not [m for m in _markers(fake_kiwi, [T(form, "NNG", 0, len(form))], form) if m[0] == "honorific-particle"]


@pytest.mark.parametrize("form, tag, marked", [("님", "XSN", True), ("님", "NNB", True), ("선생님", "NNG", True),
                                               ("형님", "NNP", True), ("다님", "VV", False), ("님프", "NNG", False)])
def test_the_honorific_suffix(fake_kiwi, form, tag, marked):
    got = _markers(fake_kiwi, [T(form, tag, 0, len(form))], form)
    assert (("honorific-suffix", form, 0, len(form)) in got) is marked


LEXICAL = [("계시", "계시다"), ("주무시", "주무시다"), ("잡수", "잡수다"), ("잡숫", "잡숫다"), ("드시", "드시다"),
           ("돌아가시", "돌아가시다"), ("말씀", "말씀"), ("진지", "진지"), ("댁", "댁"), ("연세", "연세"), ("성함", "성함"),
           ("생신", "생신"), ("춘추", "춘추"), ("어르신", "어르신"), ("부친", "부친"), ("모친", "모친"), ("따님", "따님"),
           ("아드님", "아드님")]


@pytest.mark.parametrize("form, lemma", LEXICAL)
def test_each_lexical_honorific_is_marked_as_a_verb_or_noun_only(fake_kiwi, form, lemma):
    for tag in ("VV", "NNG"):
        # a noun ending in 님 (따님, 아드님) is marked by its honorific suffix instead
        kind = "honorific-suffix" if tag == "NNG" and form.endswith("님") else "lexical-honorific"
        shown = form if kind == "honorific-suffix" else lemma
        assert (kind, shown, 0, len(form)) in _markers(fake_kiwi, [T(form, tag, 0, len(form))], form)
    if not form.startswith("주무"):  # 주무시 is found in the text itself as well (a form Kiwi mis-splits)
        assert _markers(fake_kiwi, [T(form, "MAG", 0, len(form))], form + "!") == []


HUMBLE = [("드리", "드리다", "VV"), ("여쭈", "여쭈다", "VV"), ("여쭙", "여쭙다", "VV"), ("뵙", "뵙다", "VV"),
          ("뵈", "뵈다", "VV"), ("모시", "모시다", "VV"), ("저", "저", "NP"), ("저희", "저희", "NP")]


@pytest.mark.parametrize("form, lemma, tag", HUMBLE)
def test_each_humble_form_is_marked_as_a_verb_or_pronoun_only(fake_kiwi, form, lemma, tag):
    assert _markers(fake_kiwi, [T(form, tag, 0, len(form))], form) == [("humble", lemma, 0, len(form))]
    assert _markers(fake_kiwi, [T(form, "MM", 0, len(form))], form) == []  # 저 as "that" is no humble word


@pytest.mark.parametrize("surface, lemma", [("주무시", "주무시다"), ("주무세", "주무시다"), ("주무셨", "주무시다"),
                                            ("잡수시", "잡수시다"), ("잡수세", "잡수시다")])
def test_a_mis_split_honorific_verb_is_found_in_the_text_once(fake_kiwi, surface, lemma):
    text = "할머니, " + surface + "요"
    split_wrong = [T("할머니", "NNG", 0, 3), T(surface[0], "NNG", 5, 1), T(surface[1:], "VV", 6, 2)]
    assert ("lexical-honorific", lemma, 5, 8) in _markers(fake_kiwi, split_wrong, text)
    found = [T("할머니", "NNG", 0, 3), T("주무시", "VV", 5, 3)]
    marks = _markers(fake_kiwi, found, "할머니, 주무시요")
    assert [m for m in marks if m[0] == "lexical-honorific"] == [("lexical-honorific", "주무시다", 5, 8)]


def test_a_lexical_marker_ending_where_the_surface_form_starts_does_not_hide_it(fake_kiwi):
    text = "진지주무세요"
    toks = [T("진지", "NNG", 0, 2), T("주", "NNG", 2, 1), T("무세요", "VV", 3, 3)]
    got = _markers(fake_kiwi, toks, text)
    assert got == [("lexical-honorific", "진지", 0, 2), ("lexical-honorific", "주무시다", 2, 5)]


def test_markers_are_given_in_text_order_and_are_values(fake_kiwi):
    toks = [T("저", "NP", 0, 1), T("는", "JX", 1, 1), T("선생님", "NNG", 3, 3), T("께", "JKB", 6, 1),
            T("드리", "VV", 8, 2), T("었", "EP", 10, 1), T("어요", "EF", 11, 2)]
    fake_kiwi["저는 선생님께 드렸어요"] = [(toks, 0.0)]
    ms = sl.classify_sentence("저는 선생님께 드렸어요").markers
    assert [m.start for m in ms] == sorted(m.start for m in ms) and len(ms) == 4
    assert len(set(ms)) == 4  # hashable values
    with pytest.raises(dataclasses.FrozenInstanceError):
        ms[0].form = "x"  # type: ignore[misc]


def test_markers_are_read_from_the_whole_sentence_when_only_its_last_words_were_weighed():
    text = "할머니께서 어제 오후에 시장에 가셨어요."
    r = sl.classify_sentence(text)
    assert ("honorific-particle", "께서", 3, 5) in [(m.kind, m.form, m.start, m.end) for m in r.markers]


@pytest.mark.parametrize("kind, form, shown", [("subject-honorific", "-시-", "-시- (subject-honorific)"),
                                               ("humble", "드리다", "드리다 (humble)")])
def test_a_marker_explains_itself_by_its_form_and_kind(kind, form, shown):
    assert render(sl.Marker(kind, form, 0, 1).why()) == shown


@pytest.mark.parametrize("tag", ["VV", "VX"])
def test_dao_is_dalda_ordering_at_haera(tag):
    toks = [T("읽", "VV", 0, 1), T("어", "EC", 1, 1), T("달", tag, 3, 1), T("오", "EF", 4, 1), T(".", "SF", 5, 1)]
    r = _read(toks, "읽어 다오.")
    assert _level(r) == ("해라체", 0.85) and r.why == why("speech/dao")


@pytest.mark.parametrize("before", [T("달", "NNG", 0, 1), T("주", "VX", 0, 1), T("살", "VV", 0, 1)])
def test_o_after_anything_but_dalda_is_hao(before):
    r = _read([before, T("오", "EF", 1, 1), T(".", "SF", 2, 1)], "다오.")
    assert _level(r) == ("하오체", 0.88)
    assert _read([T("오", "EF", 0, 1)], "오.").level == "하오체"  # nothing before it


def test_kiwis_three_best_analyses_are_weighed_and_no_fourth(fake_kiwi):
    calls = []
    real = sl._kiwi.analyze

    def counted(text, top_n=1):
        calls.append(top_n)
        return real(text, top_n)
    sl._kiwi.analyze = counted  # restored by the fixture's monkeypatch
    fake_kiwi["가요."] = [(NONE, 0.0), (NONE, 0.0), (NONE, 0.0), (YO, 5.0)]
    r = sl.classify_sentence("가요.")
    assert calls == [3] and r.level is None and "Kiwi's 3" not in r.evidence


@pytest.mark.parametrize("tag, settles", [("EF", True), ("EC", False)])
def test_a_turns_sentence_settles_ne_only_when_read_at_hage_with_at_least_075(fake_kiwi, tag, settles):
    """The other sentence's -게 read as final (0.8) settles it; tagged connective (0.8 x 0.9 = 0.72) not."""
    fake_kiwi["잘 왔네."] = [([T("잘", "MAG", 0, 1), T("오", "VV", 2, 1), T("았", "EP", 2, 1), T("네", "EF", 3, 1),
                             T(".", "SF", 4, 1)], 0.0)]
    fake_kiwi["오게."] = [([T("오", "VV", 0, 1), T("게", tag, 1, 1), T(".", "SF", 2, 1)], 0.0)]
    monkeypatch_split = [(0, 3)]
    sl._kiwi.split_sentences = lambda text, window=None: monkeypatch_split if text == "오게." else []
    r = sl.classify_sentence("잘 왔네.", "오게. 잘 왔네.")
    assert (r.level == "하게체") is settles


@pytest.mark.parametrize("sentence, level", [
    ("자네가 왔구나.", "해라체"), ("자네도 먹자꾸나.", "해라체"), ("자네 먼저 가려무나.", "해라체"),  # sure of their level
    ("자네도 왔군.", "하게체"), ("자네 그러지.", "하게체"), ("자네 일찍 왔구먼.", "하게체"),  # heard at two levels
])
def test_a_hage_cue_decides_only_endings_heard_at_two_levels(sentence, level):
    # -구나, -꾸나 and -려무나 end in 나 as -나 does, but each is sure of 해라체: 자네 does not make them 하게체
    assert sl.classify_sentence(sentence, sentence).level == level
    assert sl._hage_ambiguous("구나", 0.9) is False and sl._hage_ambiguous("나", 0.6) is True
    assert sl._hage_ambiguous("지", 0.9) is True and sl._hage_ambiguous("는군", 0.7) is True
    assert sl._hage_ambiguous("다네", 0.85) is False and sl._hage_ambiguous("다네", 0.849) is True  # the boundary


def test_the_splitters_kept_analysis_gives_the_markers_without_asking_kiwi_again(fake_kiwi, monkeypatch):
    """When the splitter kept the sentence's analysis, the honorific markers are read from it: Kiwi is asked
    only for the last words' alternatives, never again for the whole sentence."""
    text = "할머니께서 어제 오후에 시장에 가셨어요."
    kept = [T("할머니", "NNG", 0, 3), T("께서", "JKS", 3, 2), T("어제", "MAG", 6, 2), T("오후", "NNG", 9, 2),
            T("에", "JKB", 11, 1), T("시장", "NNG", 13, 2), T("에", "JKB", 15, 1), T("가", "VV", 17, 1),
            T("시", "EP", 18, 1), T("었", "EP", 18, 1), T("어요", "EF", 19, 2), T(".", "SF", 21, 1)]
    monkeypatch.setattr(sl._kiwi, "sentence_tokens", lambda s: list(kept) if s == text else None)
    fake_kiwi[sl.reading_text(text)] = [([T("가", "VV", 8, 1), T("시", "EP", 9, 1), T("었", "EP", 9, 1),
                                          T("어요", "EF", 10, 2), T(".", "SF", 12, 1)], 0.0)]
    r = sl.classify_sentence(text)
    assert r.level == "해요체"
    assert [(m.kind, m.start) for m in r.markers] == [("honorific-particle", 3), ("subject-honorific", 18)]


# ---- rules the full mutation run of speech_levels.py showed untested ---------------------------------
def test_the_turn_and_the_sentence_are_separate_words_when_cues_are_looked_for():
    """A cue is a word of the turn or of the sentence: the turn's last letters and the sentence's first do
    not join into one (가자 + 네가 is no 자네), so -네 stays 해체 here."""
    assert sl.classify_sentence("네가 먼저 왔네.", "어서 가자").level == "해체"
    assert sl.classify_sentence("네가 먼저 왔네.", "어서 가자 자네").level == "하게체"  # a real cue does count


def test_dao_said_alone_is_dalda_ordering_at_haera():
    """다오 as the whole sentence (give it to me): 달다 is the first word, right before the ending."""
    r = _read([T("달", "VV", 0, 1), T("오", "EF", 1, 1), T(".", "SF", 2, 1)], "다오.")
    assert _level(r) == ("해라체", 0.85) and r.why == why("speech/dao")


def test_a_hage_cue_outranks_a_hage_turn():
    """-네 beside 자네 is 하게체 at 0.85 on the cue; another 하게체 sentence in the turn does not lower it to
    the turn's 0.75."""
    toks = [T("자네", "NP", 0, 2), T("도", "JX", 2, 1), T("오", "VV", 4, 1), T("았", "EP", 4, 1), T("네", "EF", 5, 1),
            T(".", "SF", 6, 1)]
    r = _read(toks, "자네도 왔네.", "어서 오게. 자네도 왔네.")
    assert _level(r) == ("하게체", 0.85) and r.why == why("speech/hage-cue", form="네")


def test_a_mis_split_honorific_verb_that_begins_the_sentence_is_found(fake_kiwi):
    split_wrong = [T("주", "NNG", 0, 1), T("무세요", "VV", 1, 3), T(".", "SF", 4, 1)]
    assert _markers(fake_kiwi, split_wrong, "주무세요.") == [("lexical-honorific", "주무시다", 0, 3)]


def test_markers_ask_kiwi_for_its_best_analysis_of_the_whole_sentence_only(fake_kiwi):
    """Only the best analysis of the whole sentence is used for the markers: Kiwi is asked for that one
    alone (alternatives of a whole long sentence were most of the analyser's time)."""
    text = "할머니께서 어제 오후에 시장에 가셨어요."
    ending = [T("가", "VV", 8, 1), T("시", "EP", 9, 1), T("었", "EP", 9, 1), T("어요", "EF", 10, 2), T(".", "SF", 12, 1)]
    fake_kiwi[sl.reading_text(text)] = [(ending, 0.0)]
    fake_kiwi[text] = [([T("할머니", "NNG", 0, 3), T("께서", "JKS", 3, 2)], 0.0), ([T("할머니", "NNG", 0, 3)], -1.0)]
    asked = []
    real = sl._kiwi.analyze

    def counted(t, top_n=1):
        asked.append((t == text, top_n))
        return real(t, top_n)
    sl._kiwi.analyze = counted  # restored by the fixture's monkeypatch
    r = sl.classify_sentence(text)
    assert r.level == "해요체" and [(m.kind, m.start) for m in r.markers] == [("honorific-particle", 3)]
    assert [n for whole, n in asked if whole] == [1]


def test_very_unlikely_analyses_are_weighed_relative_to_the_best(fake_kiwi):
    """Kiwi's scores are log-probabilities, far below zero for a long or odd sentence: the weights are taken
    relative to the best analysis, so probabilities 4/5 and 1/5 weigh the same at -400 as at -10."""
    import math
    fake_kiwi["가요."] = [(YO, -400.0), (DA, -400.0 - math.log(4))]
    r = sl.classify_sentence("가요.")
    assert r.level == "해요체" and r.confidence == 0.76 and r.alternatives == {"해요체": 0.76, "해라체": 0.19}


def test_with_no_level_the_evidence_is_the_best_analysis_note(fake_kiwi):
    """No level reaches a quarter: the evidence shown is what the best analysis says (an unfinished
    sentence), not the last alternative's."""
    cut = [T("가", "VV", 0, 1), T("면", "EC", 1, 1), T(".", "SF", 2, 1)]
    fake_kiwi["가면."] = [(cut, -1.0), (NONE, -2.0), (NONE, -3.0)]
    r = sl.classify_sentence("가면.")
    assert r.level is None and r.evidence == render(why("speech/connective"))


def test_a_turns_sentence_is_read_by_its_best_analysis_only(fake_kiwi):
    """The turn's other sentence settles -네 by how Kiwi reads it best; an alternative reading of it at
    하게체 does not count."""
    ne = [T("잘", "MAG", 0, 1), T("오", "VV", 2, 1), T("았", "EP", 2, 1), T("네", "EF", 3, 1), T(".", "SF", 4, 1)]
    fake_kiwi["잘 왔네."] = [(ne, 0.0)]
    fake_kiwi["오게."] = [([T("오", "VV", 0, 1), T("게", "EC", 1, 1), T(".", "SF", 2, 1)], -1.0),  # 0.72
                          ([T("오", "VV", 0, 1), T("게", "EF", 1, 1), T(".", "SF", 2, 1)], -2.0)]  # 0.8
    sl._kiwi.split_sentences = lambda text, window=None: [(0, 3)] if text == "오게." else []
    assert sl.classify_sentence("잘 왔네.", "오게. 잘 왔네.").level == "해체"


def test_a_turns_sentence_at_hage_with_exactly_075_settles_ne(fake_kiwi):
    """-던가 asks about the past at 하게체 with 0.75, the least a sentence of the turn needs to settle -네."""
    fake_kiwi["잘 왔네."] = [([T("잘", "MAG", 0, 1), T("오", "VV", 2, 1), T("았", "EP", 2, 1), T("네", "EF", 3, 1),
                             T(".", "SF", 4, 1)], 0.0)]
    fake_kiwi["어디 갔던가?"] = [([T("어디", "NP", 0, 2), T("가", "VV", 3, 1), T("았", "EP", 3, 1),
                                  T("던가", "EF", 4, 2), T("?", "SF", 6, 1)], 0.0)]
    sl._kiwi.split_sentences = lambda text, window=None: [(0, 7)] if text == "어디 갔던가?" else []
    r = sl.classify_sentence("잘 왔네.", "어디 갔던가? 잘 왔네.")
    assert _level(r) == ("하게체", 0.75)


def test_noun_plus_yo_at_hao_ends_on_the_particle_yo():
    """The 하오체 reading of noun + 요 points at 요, so the ending word shown is the last word, not the first."""
    toks = [T("거기", "NP", 0, 2), T("누구", "NP", 3, 2), T("요", "JX", 5, 1), T("?", "SF", 6, 1)]
    r = _read(toks, "거기 누구요?", f"{CONTEXT_CUES['하오체'][0]}, 거기 누구요?")
    assert r.level == "하오체" and (r.token.form, r.token.start) == ("요", 5)
