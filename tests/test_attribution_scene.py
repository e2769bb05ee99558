"""Who speaks, read over a whole scene and with the English source (issue 31): the turn-taking reading
and its margins, the English attribution and how its people are tied to the Korean cast, listeners
where the speaker is unknown or several people are spoken to, and the narration words that are not a
person. Every passage here was written for these tests."""

from __future__ import annotations

from litlens.app.korean.attribution import MARGIN
from litlens.app.korean.dialogue import addresses_many, read_narration
from litlens.app.korean.english_source import match_english, read_english, romanise, sounds_like
from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean.turn_taking import FORBIDDEN, Line, Link, decode


def _speakers(text: str, source: str | None = None) -> list[str | None]:
    return [q.speaker for t in analyse_text(text, source=source).turns for q in t.quotes]


def _run(n: int, anchor: float = 6.0, link: Link | None = None) -> list[Line]:
    link = link or Link(other=2.5, back=1.5, newcomer=1.5)
    return [Line({"A": anchor})] + [Line({}, link) for _ in range(n - 1)]


# ---- the scene read whole ----------------------------------------------------------------------------------

def test_one_anchored_turn_carries_an_alternating_run_between_two():
    got = decode(_run(5), ["A", "B"])
    assert [w for w, _ in got] == ["A", "B", "A", "B", "A"]
    assert all(m >= 2.5 for _, m in got)  # each turn as sure as breaking a link costs


def test_a_run_with_nothing_to_anchor_it_names_nobody_surely():
    got = decode(_run(4, anchor=0.0), ["A", "B"])
    assert all(m < 0.5 for _, m in got)


def test_a_broken_link_stops_the_carry():
    lines = _run(4)
    lines[2] = Line({}, Link())  # narration with a third person acting between turns 2 and 3
    got = decode(lines, ["A", "B"])
    assert got[1][0] == "B" and got[1][1] >= MARGIN
    assert got[2][1] < MARGIN and got[3][1] < MARGIN


def test_a_line_calling_someone_by_name_is_not_theirs_and_they_said_the_line_before():
    lines = [Line({}), Line({"A": FORBIDDEN}, Link(other=2.0, answered="A", answered_bonus=2.0))]
    got = decode(lines, ["B", "A"])
    assert got[1][0] != "A" and got[0][0] == "A" and got[0][1] >= 2.0


def test_among_three_the_one_who_spoke_two_lines_before_answers():
    lines = [Line({"A": 6.0}), Line({"B": 6.0}, Link(other=2.0, back=1.5)), Line({}, Link(other=2.0, back=1.5))]
    got = decode(lines, ["C", "B", "A"])
    assert got[2][0] == "A" and got[2][1] >= 1.5  # A, B, A


def test_a_newcomer_is_a_reading_of_its_own():
    # three people, nothing tells which of the other two answers: no name is sure
    got = decode(_run(2), ["A", "B", "C"])
    assert got[1][1] < 2.0
    # evidence for someone not present wins over the present
    got = decode([Line({"A": 6.0}), Line({"?": 4.0}, Link(other=2.0))], ["A", "B"])
    assert got[1][0] is None


def test_an_anchored_exchange_alternates_through_the_text():
    text = ('부엌 문이 열리자 할머니가 고개를 들었다.\n\n"왔니? 배고프지?" 할머니가 물었다.\n\n"네, 조금요."\n\n'
            '"찌개 데워 줄 테니 손 씻고 오너라."\n\n"네, 할머니."')
    # the scene is read through (할머니, the child, 할머니, the child); after the anchored line only the order
    # of the conversation says who speaks. The child is nobody of the cast: their lines stay unknown; 할머니's
    # second line, between the child's and one that calls her, has no other reading near it (WIDE_MARGIN)
    turns = analyse_text(text).turns
    assert turns[0].speaker == "할머니"
    assert [t.speaker for t in turns[1:]] == [None, "할머니", None] and turns[2].evidence == "turn-taking-wide"


def test_a_lines_weak_clue_is_named_only_with_the_runs_support():
    # 윤희 acts in the paragraph before: alone, a hint; the exchange that follows settles it
    text = ('윤희가 우산을 접으며 현관으로 들어섰다.\n\n"비가 엄청 와."\n\n"우산 있었잖아." 동하가 말했다.\n\n'
            '"바람 때문에 소용없었어."')
    assert _speakers(text)[:2] == ["윤희", "동하"]
    # (the last line is 윤희's by the order of the conversation alone: a guess, not a name)
    assert _speakers(text)[2] is None and analyse_text(text).turns[2].guess == "윤희"
    alone = '윤희가 우산을 접으며 현관으로 들어섰다. 동하는 소파에 누워 있었다.\n\n"비가 엄청 와."'
    assert _speakers(alone) == [None]


# ---- the English source ---------------------------------------------------------------------------------

_KO = ('마당에 눈이 쌓였다.\n\n"눈사람 만들자!"\n\n"손 시려서 싫어."\n\n"장갑 끼면 되잖아."')
_EN = ('Snow had piled up in the yard.\n\n"Let\'s build a snowman!" cried Sora.\n\n'
       '"My hands are cold. No," said Minjun.\n\n"Just put on gloves," Sora said.')


def test_english_speech_verbs_are_read_with_their_names():
    en = read_english(_EN)
    assert [(q.who, q.kind) for q in en.quotes] == [("sora", "english-verb"), ("minjun", "english-verb"),
                                                     ("sora", "english-verb")]


def test_english_names_are_tied_to_korean_characters_by_sound_and_shared_paragraphs():
    assert romanise("소라") == "sora" and romanise("김 진사") == "gimjinsa"
    assert sounds_like("Kim Jinsa", "김 진사") > 0.9 and sounds_like("Minjun", "소라") < 0.5
    en = read_english(_EN)
    clues = match_english(en, [1, 2, 3], {1: ["소라"], 2: ["민준"], 3: ["소라", "민준"]}, {})
    assert [c.who for c in clues] == ["소라", "민준", "소라"]  # type: ignore[union-attr]
    # quotes that cannot be paired one to one give no clue at all
    assert match_english(en, [1, 2], {1: ["소라"]}, {}) is None


def test_the_english_source_names_speakers_the_korean_leaves_unsaid():
    text = ('소라와 민준이 마당에 나왔다. 마당에 눈이 쌓였다.\n\n"눈사람 만들자!"\n\n"손 시려서 싫어."\n\n'
            '"장갑 끼면 되잖아."')
    source = ('Sora and Minjun came out into the yard. Snow had piled up.\n\n"Let\'s build a snowman!" cried Sora.\n\n'
              '"My hands are cold. No," said Minjun.\n\n"Just put on gloves," Sora said.')
    assert _speakers(text) == [None, None, None]
    assert _speakers(text, source) == ["소라", "민준", "소라"]
    how = analyse_text(text, source=source).turns[0].quotes[0].how
    assert "English" in how


def test_english_she_rules_out_the_men():
    en = read_english('Tom and Anna sat at the table. Tom read the paper.\n\n"More tea?" she asked.')
    [q] = en.quotes
    assert q.sex == "f"
    [q] = read_english('The old woman looked up from the fire.\n\n"Who is there?"').quotes
    assert (q.who, q.kind, q.sex) == ("old woman", "english-paragraph", "f")


def test_a_capital_that_only_starts_a_sentence_names_no_one():
    [q] = read_english('Snow had piled up in the yard.\n\n"Let\'s go out!"').quotes
    assert q.who is None
    [q] = read_english('Mina looked out. Snow had piled up for Mina.\n\n"Let\'s go out!"').quotes
    assert q.who is None  # the last sentence's subject is still no one


# ---- listeners --------------------------------------------------------------------------------------------

def test_a_line_whose_speaker_is_unknown_answers_the_one_before():
    text = ('현우가 자료를 넘겼다. 지훈은 창밖을 보았다. 태오는 커피를 마셨다.\n\n"자료 다 봤어?" 현우가 물었다.\n\n'
            '"아직 절반."')
    quote = analyse_text(text).turns[-1].quotes[0]
    assert quote.speaker is None and quote.listener == "현우"


def test_among_three_a_reply_is_to_the_one_who_spoke_before():
    text = ('현우가 자료를 넘겼다. 지훈은 창밖을 보았다. 태오는 커피를 마셨다.\n\n"자료 다 봤어?" 현우가 물었다.\n\n'
            '"아직 절반." 지훈이 대답했다.\n\n"나는 다 봤어." 태오가 말했다.')
    turns = analyse_text(text).turns
    assert [t.speaker for t in turns] == ["현우", "지훈", "태오"]
    assert turns[1].listener == "현우"


def test_lines_to_several_people_are_to_the_group():
    for line in ("자, 조용히들 좀 해 주세요!", "여러분, 오늘은 여기까지예요.", "엄마, 아빠, 또 싸워?", "다들 앉아.",
                 "선배님들! 들으셨어요?"):
        assert addresses_many(line, 0, len(line)), line
    for line in ("민호야, 밥 먹자.", "엄마, 배고파.", "사람들이 많네.", "아이들이 운동장에서 뛰어요."):
        assert not addresses_many(line, 0, len(line)), line


# ---- narration words that are, or are not, a person ------------------------------------------------------

def test_two_people_acting_together_give_neither_the_next_line():
    text = '지훈과 민지가 눈 쌓인 마당으로 나왔다.\n\n"눈사람 만들자!"\n\n"손 시려서 싫어."\n\n"장갑 끼면 되잖아."'
    assert _speakers(text) == [None, None, None]


def test_a_voice_is_whose_it_is_and_who_is_nobody_named():
    s = "문 뒤에서 계집아이의 목소리가 나직이 대답했다."
    assert read_narration(s, 0, len(s), 0).subject == "계집아이"
    text = '"이리 오너라." 대문 밖에서 누가 소리쳤다.'
    assert _speakers(text) == [None]


def test_a_name_kiwi_splits_is_read_whole():
    s = "하은이가 손을 들었다."
    assert read_narration(s, 0, len(s), 0).subject == "하은"


def test_a_subject_misread_once_is_a_name_where_the_text_reads_it_as_one():
    text = ('정우가 신발을 벗기도 전에 수민이 거실에서 나왔다. 수민의 얼굴이 굳어 있었다.\n\n'
            '"지금 몇 시야?"')
    report = analyse_text(text)
    assert "수민" in report.cast.names()  # type: ignore[union-attr]


MET = '민호와 수진이 마주 앉았다.\n\n"언제 왔어?"\n\n"방금."\n\n'


def test_both_names_of_a_joint_subject_join_the_cast():
    """민호와 수진이: 민호 is a person of the scene as much as 수진 (Kiwi tags the first name before 와 as a
    proper noun joined by JC, not as a subject)."""
    text = MET + '"민재 씨, 이거 드세요." 수진이 말했다.\n\n"괜찮아요." 민재가 대답했다.'
    assert {"민호", "수진"} <= set(analyse_text(text).cast.names())


def test_a_line_calling_a_newcomer_by_name_does_not_make_the_line_before_theirs():
    """The next line calls 민재, who has not been in the scene: it does not answer a line of his, so the
    line before stays unknown (it is 민호's or 수진's), never 민재's."""
    report = analyse_text(MET + '"민재 씨, 이거 드세요." 수진이 말했다.')
    first, second, third = report.turns
    assert third.speaker == "수진"
    assert second.speaker is None and first.speaker is None


def test_a_line_s_allowed_speakers_bound_the_reading():
    """A long scene reads each line among the people around it: someone not allowed for a line never gets
    it, however strong the evidence, and the line's choice is among the others."""
    lines = [Line({"A": 6.0}), Line({"B": 2.0, "C": 9.0}, Link(other=1.0), allowed=frozenset({"A", "B"}))]
    (first, _), (second, _) = decode(lines, ["A", "B", "C"])
    assert first == "A" and second == "B"
    free = [Line({"A": 6.0}), Line({"B": 2.0, "C": 9.0}, Link(other=1.0))]
    assert decode(free, ["A", "B", "C"])[1][0] == "C"
