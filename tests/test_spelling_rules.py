"""Each rule of the Korean spelling checker on a sentence it must correct and one it must leave alone.

The negatives are the lookalikes each rule was written to stay quiet on: the right form, a real word that
shares the misspelt letters (깍지, 안아요 as a hug, 재산의 일부로, 쌀 한 되), a compound written as one word
(작은놈, 한번, 십이월), a name Kiwi might split (만수), a modified noun (아무 말 없이), and good prose that
Kiwi's typo model respells (귀에 대 보았다, 태오).
"""

from __future__ import annotations

import re

import pytest

from litlens.app.korean import spelling_spacing
from litlens.app.korean.spelling import analyse_spelling, check_sentence
from litlens.app.korean.spelling_lexicon import END, LEXICON, START, find_misspellings


def fixes(text: str) -> list[tuple[str, str, str]]:
    """(rule, quote, replacement) of every finding in ``text``; each quote is checked against the text."""
    report = analyse_spelling(text)
    for f in report.findings:
        assert text[f.start:f.end] == f.quote
    return [(f.rule, f.quote, f.right) for f in report.findings]


def corrected(text: str) -> str:
    out = text
    for f in sorted(analyse_spelling(text).findings, key=lambda f: -f.start):
        out = out[:f.start] + f.right + out[f.end:]
    return out


# (rule, sentence with the error, the sentence corrected, a sentence the rule must leave alone)
CASES = [
    # the table of misspellings wrong wherever they stand
    ("lexicon:며칠", "그는 몇일 동안 굶었다.", "그는 며칠 동안 굶었다.", "그는 며칠 동안 굶었다."),
    ("lexicon:금세", "하늘이 금새 어두워졌다.", "하늘이 금세 어두워졌다.", "하늘이 금세 어두워졌다."),
    ("lexicon:-ㄹ게", "\"내일 다시 올께요.\"", "\"내일 다시 올게요.\"", "선생님들께 인사를 드렸다."),
    ("lexicon:웬", "\"이게 왠 떡이냐.\"", "\"이게 웬 떡이냐.\"", "그는 왠지 모를 불안을 느꼈다."),
    ("lexicon:깎다", "할아버지는 사과를 깍으셨다.", "할아버지는 사과를 깎으셨다.", "그는 깍지를 끼고 앉았다."),
    ("lexicon:-예요", "\"어떻게 된 거에요?\"", "\"어떻게 된 거예요?\"", "\"그건 제 거예요.\""),
    ("lexicon:-려고", "\"무엇을 할려고 그러니?\"", "\"무엇을 하려고 그러니?\"", "\"그걸 알려면 멀었다.\""),
    ("lexicon:-었다", "바람이 세차게 불엇다.", "바람이 세차게 불었다.", "너는 무엇을 원하니?"),
    ("lexicon:-이/-히", "그는 손을 깨끗히 씻었다.", "그는 손을 깨끗이 씻었다.", "그는 솔직히 말했다."),
    ("lexicon:돼", "\"이제 들어가도 되요?\"", "\"이제 들어가도 돼요?\"", "\"이제 들어가도 돼요?\""),
    ("lexicon:위층", "그는 윗층으로 올라갔다.", "그는 위층으로 올라갔다.", "그는 윗사람에게 인사했다."),
    # context rules
    ("context:되/돼", "\"그래도 괜찮아. 이제 가도 되.\"", "\"그래도 괜찮아. 이제 가도 돼.\"",
     "그는 쌀 한 되."),
    ("context:안/않", "\"그 사람 만나면 절대 않 된다.\"", "\"그 사람 만나면 절대 안 된다.\"",
     "\"나는 아기를 안아요.\""),
    ("context:안/않", "\"그는 거짓말을 하지 안아요.\"", "\"그는 거짓말을 하지 않아요.\"",
     "그녀는 나뭇가지 안아 든 아이를 보았다."),
    ("context:로서/로써", "그는 아버지로써 할 일을 다 했다.", "그는 아버지로서 할 일을 다 했다.",
     "그는 대화로써 문제를 풀었다."),
    ("context:로서/로써", "\"시험은 이것으로서 끝났습니다.\"", "\"시험은 이것으로써 끝났습니다.\"",
     "그는 교사로서 부끄러웠다."),
    ("context:든지/던지", "얼마나 울었든지 눈이 부었다.", "얼마나 울었던지 눈이 부었다.",
     "\"먹었든지 말았든지 상관없어.\""),
    ("context:든지/던지", "\"오던지 말든지 난 상관 안 해.\"", "\"오든지 말든지 난 상관 안 해.\"",
     "그가 얼마나 울던지 모두 놀랐다."),
    ("context:든지/던지", "\"가든지 말던지 네 마음대로 해.\"", "\"가든지 말든지 네 마음대로 해.\"",
     "\"무엇을 말던지 그는 웃기만 했다.\""),
    ("context:수 있다", "\"어떻게 믿을 수 잇겠어?\"", "\"어떻게 믿을 수 있겠어?\"", "그는 끊어진 줄을 잇고 있었다."),
    ("context:object", "노인은 담배를 피었다.", "노인은 담배를 피웠다.", "마당에 꽃이 피었다."),
    ("context:object", "구름이 걷히자 달이 모습을 들어냈다.", "구름이 걷히자 달이 모습을 드러냈다.",
     "인부들이 방에서 짐을 들어냈다."),
    ("context:일부러", "\"일부로 늦게 온 게 아니에요.\"", "\"일부러 늦게 온 게 아니에요.\"",
     "그것은 재산의 일부로 남았다."),
    # spacing read from Kiwi's morphemes
    ("spacing:bound-noun", "\"자네가 그 일을 해낼수 있겠나?\"", "\"자네가 그 일을 해낼 수 있겠나?\"",
     "둘째는 큰놈을 따르고, 작은놈은 아직 어리오."),
    ("spacing:bound-noun", "\"그 일을 해낼수 있겠나?\"", "\"그 일을 해낼 수 있겠나?\"",
     "태경은 종이컵 하나를 민지 앞으로 밀어 주었다."),
    ("spacing:bound-noun", "\"그 일을 해낼수 있겠나?\"", "\"그 일을 해낼 수 있겠나?\"",
     "비가 올듯하다. 하마터면 넘어질뻔했다. 그 책은 읽을만하다."),
    ("spacing:bound-noun", "그를 만난지도 어느덧 십 년이 되었다.", "그를 만난 지도 어느덧 십 년이 되었다.",
     "그가 떠난지도 모른다."),
    # 데 is the bound noun 'place' only before a case particle; attached, -는데 is an ending
    ("spacing:bound-noun", "\"이젠 갈데가 없어.\"", "\"이젠 갈 데가 없어.\"", "\"하나밖에 없는데요.\""),
    ("spacing:bound-noun", "\"이젠 갈데가 없어.\"", "\"이젠 갈 데가 없어.\"", "바람도 없는데 촛불이 일렁였다."),
    ("spacing:bound-noun", "\"이젠 갈데가 없어.\"", "\"이젠 갈 데가 없어.\"", "어머니는 편찮으신데도 오셨다."),
    ("spacing:bound-noun", "저녁을 먹은후에 산책을 나갔다.", "저녁을 먹은 후에 산책을 나갔다.",
     "저녁을 먹은 후에 산책을 나갔다."),
    ("spacing:counter", "마당에는 닭 세마리가 있었다.", "마당에는 닭 세 마리가 있었다.",
     "\"한번 해 보거라.\" 십이월의 바람이 불었다."),
    ("spacing:auxiliary", "소년은 골목을 달리고있었다.", "소년은 골목을 달리고 있었다.",
     "그는 좋은 것만 골라냈다."),
    ("spacing:auxiliary", "그는 결국 그 일을 하게되었다.", "그는 결국 그 일을 하게 되었다.",
     "그는 결국 그 일을 하게 되었다."),
    ("spacing:word", "나는 학교에 안갔다.", "나는 학교에 안 갔다.", "\"그것 참 안됐다.\" 그는 못살게 굴었다."),
    ("spacing:word", "그러나그는 돌아오지 않았다.", "그러나 그는 돌아오지 않았다.", "그리고는 아무 말도 없었다."),
    ("spacing:compound", "그 것은 내 잘못이 아니었다.", "그것은 내 잘못이 아니었다.", "이 번호로 전화해라."),
    ("spacing:particle", "그녀는 떨리는 목소리로 편지 를 읽었다.", "그녀는 떨리는 목소리로 편지를 읽었다.",
     "인력거꾼 만수는 종로 네거리 모퉁이에서 손님을 기다렸다."),
    ("spacing:particle", "\"내 편은 엄마 뿐이에요.\"", "\"내 편은 엄마뿐이에요.\"", "그녀는 그저 웃을 뿐이었다."),
    ("spacing:particle", "그는 인사는 커녕 쳐다보지도 않았다.", "그는 인사는커녕 쳐다보지도 않았다.",
     "밥은커녕 물도 못 마셨다."),
    ("spacing:particle", "그는 인사는 커녕 쳐다보지도 않았다.", "그는 인사는커녕 쳐다보지도 않았다.",
     "영희는 창고 뒤에 서서 유통 기한이 지난 빵을 골랐다."),
    ("spacing:copula", "동생은 키가 큰 편 이었다.", "동생은 키가 큰 편이었다.", "동생은 키가 큰 편이었다."),
    ("spacing:suffix", "그녀는 무어라 대답 할 수 없었다.", "그녀는 무어라 대답할 수 없었다.",
     "배추 두 포기와 무 포기 하고도 반을 샀다."),
    ("spacing:compound", "그 날 이후로 그는 술을 끊었다.", "그날 이후로 그는 술을 끊었다.",
     "그 날씨에 누가 나가겠니?"),
    ("spacing:compound", "부인은 오랫동안 말 없이 앉아 있었다.", "부인은 오랫동안 말없이 앉아 있었다.",
     "부인은 아무 말 없이 앉아 있었다."),
    ("spacing:compound", "그녀의 나이는 스물 한 살이었다.", "그녀의 나이는 스물한 살이었다.",
     "그녀의 나이는 스물 남짓이었다."),
    # Kiwi's typo model
    ("kiwi:typo", "그는 의자에 안았다.", "그는 의자에 앉았다.", "조개껍데기 하나를 주워 귀에 대 보았다."),
    # a suggestion of another length is Kiwi's re-joined morphemes, not the word mended (베어 → 배)
    ("kiwi:typo", "그는 의자에 안았다.", "그는 의자에 앉았다.", "골목마다 비릿한 갯내가 베어 있었다."),
    ("kiwi:typo", "그는 의자에 안았다.", "그는 의자에 앉았다.", "태오가 대답했다. \"집에 있었어.\""),
    ("kiwi:typo", "그는 의자에 안았다.", "그는 의자에 앉았다.", "그는 고개를 들어 하늘을 쳐다았다."),
    ("kiwi:typo", "그는 의자에 안았다.", "그는 의자에 앉았다.", "\"미안. 어제 동아리방에서 네 노트북을 내 건 줄 알고 가져갔어.\""),
    # the word is rebuilt whole, so the ending agrees with the mended stem (닫았다, not 닫었다); another
    # particle (정성이 → 정성의) or a stem followed by no ending (지믄 → 지 + 문) is a reading, not a slip
    ("kiwi:typo", "그녀는 문을 닫앗다.", "그녀는 문을 닫았다.", "\"손맛이라는 게 따로 있는 게 아니여. 정성이 손맛이지.\""),
    ("kiwi:typo", "그녀가 우슴을 터뜨렸다.", "그녀가 웃음을 터뜨렸다.", "\"해 지믄 내일 허믄 되지. 뭘 그리 서둘러.\""),
    ("kiwi:typo", "그의 건강은 눈에 띠게 나빠졌다.", "그의 건강은 눈에 띄게 나빠졌다.", "밖에서 야경꾼이 딱딱이를 치며 지나갔다."),
    # in speech an ending Kiwi would mend is how the speaker talks (들어온나 → 들어올라); a stem is still mended
    ("kiwi:typo", "나는 어제 밥을 먹었따.", "나는 어제 밥을 먹었다.", "\"배고프다 안 카믄 굶을 끼가? 얼른 들어온나. 국 식는다.\""),
    ("kiwi:typo", "\"그녀가 우슴을 터뜨렸어.\"", "\"그녀가 웃음을 터뜨렸어.\"", "\"얼른 들어온나. 국 식는다.\""),
    # endings that contain a bound noun's letters: -ㄴ바, -ㄹ뿐더러, -ㄴ걸 (the bound noun takes a particle)
    ("spacing:bound-noun", "그는 느낀바를 적었다.", "그는 느낀 바를 적었다.", "\"하늘이 보우하신바 우리는 살아남았다.\""),
    ("spacing:bound-noun", "그는 웃을뿐이었다.", "그는 웃을 뿐이었다.", "그는 똑똑할뿐더러 성실했다."),
    ("spacing:bound-noun", "내가 본걸 말해 줄게.", "내가 본 걸 말해 줄게.", "\"네가 한 말인걸, 뭐.\""),
    # numeral + counter pairs that are words: 한곳 always, 한시 'a moment', 한걸음에 'in one go'
    ("spacing:counter", "그들은 사과 한개를 먹었다.", "그들은 사과 한 개를 먹었다.", "사람들이 한곳에 모여 웅성거렸다."),
    ("spacing:counter", "우리는 한시에 만나기로 했다.", "우리는 한 시에 만나기로 했다.", "그는 한시도 그녀를 잊지 못했다."),
    ("spacing:counter", "그는 한걸음 물러섰다.", "그는 한 걸음 물러섰다.", "그는 한걸음에 달려왔다."),
    # word patterns Kiwi's spacing does not propose, each with the reading that must hold
    ("spacing:ending", "그는 문을 열자 마자 소리쳤다.", "그는 문을 열자마자 소리쳤다.", "그는 문을 열자마자 소리쳤다."),
    ("spacing:ending", "나는 그가 무슨 생각을 하고 있는 지 몰랐다.", "나는 그가 무슨 생각을 하고 있는지 몰랐다.",
     "그가 떠난 지 사흘이 지났다."),
    ("spacing:particle", "어머니는 그를 보지 조차 않았다.", "어머니는 그를 보지조차 않았다.",
     "어머니는 그를 보지조차 않았다."),
    ("spacing:particle", "그날 따라 바람이 차가웠다.", "그날따라 바람이 차가웠다.", "\"오늘 따라 가도 돼?\""),
    ("spacing:bound-noun", "그것은 내것이 아니다.", "그것은 내 것이 아니다.", "그는 간판을 내거는 일을 했다."),
    ("spacing:bound-noun", "두 사람은 사흘만에 다시 만났다.", "두 사람은 사흘 만에 다시 만났다.",
     "이제 사흘만 기다리면 된다."),
    ("spacing:bound-noun", "3년만의 귀향이었다.", "3년 만의 귀향이었다.", "하루만의 자유가 그에게는 꿈 같았다."),
    ("spacing:bound-noun", "그는 십 년만에 돌아왔다.", "그는 십 년 만에 돌아왔다.", "그는 오랜만에 돌아왔다."),
    ("spacing:bound-noun", "책상 위에 공책따위가 널려 있었다.", "책상 위에 공책 따위가 널려 있었다.",
     "책상 위에 공책, 연필 따위가 있었다. \"그따위 소리 하지 마.\""),
    ("spacing:bound-noun", "그는 잠깐 생각하는듯 하더니 고개를 저었다.", "그는 잠깐 생각하는 듯하더니 고개를 저었다.",
     "눈밭은 눈이 부시듯 하얗게 빛났다."),
    # in '올 듯 말 듯 하다' 하다 stays apart: '말듯 했다' is not made '말 듯했다' (the rule has no right answer)
    ("spacing:bound-noun", "그는 잠깐 생각하는듯 하더니 고개를 저었다.", "그는 잠깐 생각하는 듯하더니 고개를 저었다.",
     "비가 올듯 말듯 했다."),
    # 불듯 is the stem 불- and the ending -듯, though Kiwi reads 불 + ᆯ + 듯
    ("spacing:bound-noun", "그는 그 일을 할것이다.", "그는 그 일을 할 것이다.",
     "아이들은 찐 옥수수를 하나씩 손에 들고 하모니카 불듯 알알이 뜯어 먹었다."),
    ("spacing:counter", "그는 한번도 웃지 않았다.", "그는 한 번도 웃지 않았다.", "그녀는 한번 웃어 보였다."),
    ("spacing:counter", "그 노인은 일년 내내 같은 옷을 입었다.", "그 노인은 일 년 내내 같은 옷을 입었다.",
     "일년생 풀이 자랐다. 그는 십년감수했다."),
    ("spacing:noun", "\"내가 언제 그런 말을 했단말이오?\"", "\"내가 언제 그런 말을 했단 말이오?\"",
     "\"내가 언제 그런 말을 했단 말이오?\""),
    ("spacing:noun", "사랑이란말은 너무 흔했다.", "사랑이란 말은 너무 흔했다.", "그는 이란말을 타 보았다."),
    # verbs known by their object or subject
    ("context:object", "그는 편지를 붙이러 우체국에 갔다.", "그는 편지를 부치러 우체국에 갔다.", "벽에 편지를 붙여 두었다."),
    ("context:object", "봄나물이 입맛을 돋구는 계절이었다.", "봄나물이 입맛을 돋우는 계절이었다.",
     "그는 안경 도수를 돋구었다."),
    ("context:object", "마침내 날이 개였다.", "마침내 날이 개었다.", "그것은 개였다."),
    ("context:object", "화살이 과녁을 맞췄다.", "화살이 과녁을 맞혔다.", "우리는 답을 맞춰 보았다."),
]


@pytest.mark.parametrize("rule,wrong,right,clean", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_rule_corrects_its_error_and_leaves_its_lookalike(rule, wrong, right, clean):
    found = fixes(wrong)
    assert rule in [f[0] for f in found], found
    assert corrected(wrong) == right
    assert fixes(clean) == []


# Misspellings written as patterns, one or more examples each (the plain words of the table are their own
# examples); every entry of the table must be matched by one of them.
PATTERN_EXAMPLES = (
    "어떻하지", "희안한", "왠 사람", "왠일로", "안되요", "되서", "뵈요", "들어나고", "들어났다", "가르키는", "가르켜",
    "가르켰다", "멋장이", "윗층", "아랫쪽", "내딛었다", "내딛어", "서슴치", "담구고", "담궈", "담궜다", "치뤘다",
    "치뤄", "치루고", "바꼈다", "사겼다", "애띤", "예기를", "할께", "바램이", "삼가하시오", "삼가해", "설레이는",
    "설레임", "거에요", "꺼예요", "걸맞는", "할려고", "볼려고", "될려면", "먹을려고", "김치찌게", "깍아", "잠구고",
    "잠궈", "잠궜다", "안절부절했다", "터트렷다", "불엇다", "웬지", "몇 일", "구지", "트름이", "어의가 없다",
    "않했다", "않돼", "돼겠다", "돼고", "잘돼는", "돼면")
# Words the patterns must leave alone: the right forms and the real words that look like the wrong ones.
LOOKALIKES = ("며칠", "금세", "어떡하지", "웬일로", "왠지", "돼요", "돼지고기", "돼서", "돼야", "돼라", "봬요", "드러났다", "가리켰다", "가르쳤다", "대장장이",
              "위층", "윗사람", "내디뎠다", "담갔다", "치렀다", "바뀌었다", "앳된", "예기치", "할게", "선생님들께",
              "바람이", "빛바램", "삼가시오", "설렘", "거예요", "아니에요", "걸맞은", "하려고", "알려면", "먹으려고",
              "찌개", "살이 찌게", "깍지", "깍두기", "잠가", "안절부절못했다", "뚜렷하다", "무엇을", "빼앗다",
              "벗었다", "곰곰이", "솔직히", "만만치", "구지가", "트림", "어의가 왕의 맥을", "어이가 없다", "않고",
              "않아", "않았다", "안 했다", "어떻게", "어떡해", "소복이", "짓궂이", "뚜렷지", "또렷지",
              "적의 예기가 꺾였다", "이것이 무엇고")


def _plain(pattern: str) -> str | None:
    """The word a table pattern spells, when it is a plain word between the word-edge guards."""
    body = pattern.removeprefix(START).removesuffix(END).replace("\\ ", " ")
    return None if re.search(r"[\\()\[\]?*+|]", body) else body


def _examples() -> list[str]:
    return [w for w in (_plain(m.pattern) for m in LEXICON) if w] + list(PATTERN_EXAMPLES)


def test_every_table_entry_has_an_example_it_corrects():
    examples = _examples()
    for m in LEXICON:
        assert m.rule and m.note
        assert any(re.search(m.pattern, e) for e in examples), f"no example for {m.rule}: {m.pattern[:60]}"


@pytest.mark.parametrize("text", _examples())
def test_each_misspelling_is_corrected_into_a_form_the_table_accepts(text):
    hits = find_misspellings(text)
    assert hits, text
    fixed = text
    for h in reversed(hits):
        assert text[h.start:h.end] == h.wrong and h.right != h.wrong
        fixed = fixed[:h.start] + h.right + fixed[h.end:]
    assert find_misspellings(fixed) == [], (text, fixed)


@pytest.mark.parametrize("text", LOOKALIKES)
def test_the_table_leaves_right_forms_and_real_words_alone(text):
    assert find_misspellings(text) == []


def test_a_sentence_kiwi_cannot_read_gets_no_spacing_finding(monkeypatch):
    # dialect run together: Kiwi would re-space it in several places no rule explains
    sentence = "\"근디 그 양반이 귀가 좀 어두워서 크게 말혀야 혀유, 해낼수 있으까유.\""
    found, skipped = check_sentence(sentence)
    assert skipped and not [f for f in found if f.kind == "spacing" and f.rule != "spacing:compound"]
    # with the guard off the same sentence gets Kiwi's spacing: the guard is what keeps it quiet
    monkeypatch.setattr(spelling_spacing, "UNSURE_AT", 10_000)
    found, skipped = check_sentence(sentence)
    assert not skipped and any(f.rule == "spacing:bound-noun" for f in found)


def test_findings_carry_their_paragraph_and_absolute_offsets():
    text = "첫 문단은 바르다.\n\n둘째 문단에는 몇일 전의 일이 적혀 있다."
    from litlens.app.texts import text_from_string
    t = text_from_string(text, "ko")
    [f] = analyse_spelling(t.content, t.paragraphs).findings
    assert f.paragraph == 1 and t.content[f.start:f.end] == "몇일" and f.right == "며칠"


def test_one_correction_per_word_when_rules_overlap():
    # the table and Kiwi's spacing both see "몇 일": one finding, the table's
    found = fixes("\"몇 일만 더 기다려 주시오.\"")
    assert [f[0] for f in found] == ["lexicon:며칠"]


def test_a_misspelling_that_splits_its_sentence_is_still_found():
    """Kiwi reads "돼" as a sentence end, so "여쭈어도 돼 | 겠습니까?" never holds the whole wrong word in one
    sentence: the table is read over the paragraph too, and the word is corrected as one."""
    text = "이 늦은 시각에 뉘신지 여쭈어도 돼겠습니까? 그럼 돼지고기라도 드리지요."
    assert analyse_spelling(text).sentences >= 3  # the split that hides it
    assert fixes(text) == [("lexicon:되-", "돼겠습니까", "되겠습니까")]
    assert corrected(text) == "이 늦은 시각에 뉘신지 여쭈어도 되겠습니까? 그럼 돼지고기라도 드리지요."
    # found once, not twice, where the sentence holds it whole
    assert fixes("의사가 돼고 싶었다.") == [("lexicon:되-", "돼고", "되고")]
