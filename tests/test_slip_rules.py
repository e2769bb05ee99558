"""What the honorifics judge calls a register slip in real dialogue (app/korean/slip_rules.py), each rule by
the case it encodes, with its counter-example: the measured figures are bench/register_slips.py's."""
from __future__ import annotations

import pytest

from litlens.app.korean import slip_rules
from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean.speech_levels import classify_sentence


def slips(text: str, speakers=None) -> list[tuple[str, str, str | None, str]]:
    return [(f.kind, f.quote, f.level, f.expected) for f in analyse_text(text, None, None, speakers).findings]


def test_a_sentence_left_on_a_connective_is_no_slip_but_a_plain_ending_is():
    assert slips('"어머니, 오늘은 비가 와요. 우산을 챙겨야 할 것 같은데." 민호가 말했다.') == []
    assert slips('"어머니, 오늘은 비가 와요. 우산을 챙겨야 해." 민호가 말했다.') == [
        ("mixed-turn", "우산을 챙겨야 해.", "해체", "해요체")]


def test_a_set_phrase_keeps_its_form_in_a_plain_turn_other_formal_sentences_do_not():
    assert slips('"엄마, 나 배불러. 오늘 반찬 맛있었어. 잘 먹었습니다!" 민호가 말했다.') == []
    assert slips('"엄마, 나 배불러. 오늘 반찬 맛있었어. 반찬이 맛있었습니다!" 민호가 말했다.') == [
        ("mixed-turn", "반찬이 맛있었습니다!", "하십시오체", "해체")]
    assert slip_rules.is_set_phrase("엄마, 잘 먹었습니다!") and not slip_rules.is_set_phrase("잘 먹었습니다만")


def test_an_exclamation_is_said_to_oneself_a_plain_statement_to_the_listener():
    assert slips('"할머니, 국이 다 끓었어요. 아, 냄새 좋다. 어서 드세요." 수진이 말했다.') == []
    assert slips('"사장님, 회의 자료예요. 이름이 뭐였더라. 아, 김 대리가 만들었어요." 지우가 말했다.') == []
    assert slips('"할머니, 국이 다 끓었어요. 냄새가 좋다. 어서 드세요." 수진이 말했다.') == [
        ("mixed-turn", "냄새가 좋다.", "해라체", "해요체")]


def test_a_sentence_calling_someone_else_by_name_is_said_to_them():
    class_then_child = '"자, 모두 자리에 앉으세요. 오늘은 소풍 이야기를 할 거예요. 잘했어, 하은아." 선생님이 말했다.'
    assert slips(class_then_child) == []
    assert slips(class_then_child.replace("잘했어, 하은아.", "잘했어.")) == [
        ("mixed-turn", "잘했어.", "해체", "해요체")]
    # calling the listener themself by name changes nothing: 엄마 is who the whole turn is said to
    assert slips('"엄마, 배고파요. 엄마, 밥 줘." 민호가 엄마에게 말했다.') == [("mixed-turn", "엄마, 밥 줘.", "해체", "해요체")]
    assert slip_rules.vocative("잘했어, 하은아.") == "하은" and slip_rules.vocative("얘들아, 조용히 해.") == "얘들아"
    assert slip_rules.vocative("오늘은 비가 와요.") is None


def test_daо_is_the_plain_order_of_dalda_not_the_hao_ending():
    assert classify_sentence("이거 좀 읽어 다오.").level == "해라체"
    assert classify_sentence("물 좀 주오.").level == "하오체"
    assert slips('"동석아, 이거 좀 읽어 다오. 눈이 침침해서 글씨가 안 보인다." 할머니가 말했다.') == []


@pytest.mark.parametrize("off, usual, later, slip", [
    (1, 3, True, True), (1, 2, False, True), (2, 6, True, True),   # one line (or a third) against the rest
    (2, 2, True, False), (2, 3, True, False), (3, 6, True, False),  # a pair that speaks both ways
    (1, 1, True, True), (1, 1, False, False), (1, 0, True, False),  # once each way: the first line sets it
])
def test_a_pairs_off_level_lines_are_slips_only_when_few(off, usual, later, slip):
    assert slip_rules.is_minority(off, usual, later) is slip


CHILD_AND_MOTHER = "\n\n".join([
    '민호가 엄마에게 말했다. "엄마, 나 왔어요."', '엄마가 말했다. "어서 와라."',
    '민호가 엄마에게 말했다. "오늘 시험 봤어요."', '엄마가 물었다. "잘 봤니?"',
    '민호가 엄마에게 말했다. "그럭저럭요."', '민호가 엄마에게 말했다. "배고파. 밥 줘."'])


def test_a_line_at_another_level_to_the_same_listener_is_a_speaker_shift():
    assert ("speaker-shift", "배고파. 밥 줘.", "해체", "해요체") in slips(CHILD_AND_MOTHER)
    # two lines each way: this child speaks to her both ways, and neither way is a slip
    both = CHILD_AND_MOTHER.replace('"그럭저럭요."', '"그럭저럭 봤어."')
    assert [s for s in slips(both) if s[0] == "speaker-shift"] == []


EXCHANGE = ["민호가 물었다. \"어디 갔었어?\"", "수진이 대답했다. \"도서관에 갔어.\"", "민호가 물었다. \"거기서 뭐 했어?\"",
            "수진이 대답했다. \"책 읽었어.\"", "\"그럼 다음엔 나도 꼭 데려가요.\"", "민호가 웃었다. \"약속한 거야.\""]


def _unknown(text: str, line: str) -> list[dict]:
    start = text.index(line) - 1
    return [{"start": start, "end": start + len(line) + 2, "speaker": None, "source": "user"}]


def test_an_unattributed_line_at_a_level_neither_speaker_uses_is_a_conversation_shift():
    text = "\n\n".join(EXCHANGE)
    got = slips(text, _unknown(text, "그럼 다음엔 나도 꼭 데려가요."))
    assert [s for s in got if s[0] == "conversation-shift"] == [
        ("conversation-shift", "그럼 다음엔 나도 꼭 데려가요.", "해요체", "해체")]
    # at their own level it is how they speak: nothing to say, whoever says it
    plain = text.replace("데려가요.", "데려가.")
    assert [s for s in slips(plain, _unknown(plain, "그럼 다음엔 나도 꼭 데려가.")) if s[0] == "conversation-shift"] == []


def test_a_third_speaker_nearby_means_the_line_may_be_theirs():
    lines = [*EXCHANGE[:4], "할머니가 들어오며 말했다. \"다들 여기 있었구나.\"", *EXCHANGE[4:]]
    text = "\n\n".join(lines)
    assert [s for s in slips(text, _unknown(text, "그럼 다음엔 나도 꼭 데려가요.")) if s[0] == "conversation-shift"] == []
    assert slip_rules.two_person_level([("a", "b", 1, "해체"), ("b", "a", 1, "해체"), ("a", "b", 1, "해체")], 2) == \
        ("a", "b", 1, "해체", 3)
    assert slip_rules.two_person_level([("a", "b", 1, "해체"), ("b", "a", 4, "해요체"), ("a", "b", 1, "해체")], 2) is None
    assert slip_rules.two_person_level([("a", "b", 1, "해체"), ("a", "b", 1, "해체"), ("a", "b", 1, "해체")], 2) is None
    # each speaks to the other at a level of their own, one tier apart (a wife's 해요체, her husband's 하오체):
    # no one level is theirs, and a line of his at 해체 is no slip of hers
    assert slip_rules.two_person_level([("a", "b", 3, "해요체"), ("b", "a", 2, "하오체"), ("a", "b", 3, "해요체"),
                                        ("b", "a", 2, "하오체")], 2) is None
    assert slip_rules.two_person_level([("a", "b", 3, "해요체"), ("b", "a", 3, "해요체"), ("a", "b", 3, "해요체"),
                                        ("b", "a", 2, "하오체"), ("b", "a", 3, "해요체")], 2) == ("a", "b", 3, "해요체", 5)
