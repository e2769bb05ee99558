"""How two offline findings read, in English and in the Korean of the explanations table: a count of one
is "once", never "1 times"; the conversation-shift line says what its number of lines counts and puts no
"와(과)"/"은(는)" after a name."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from litlens.app.core.sample import load_sample
from litlens.app.explanations import TEMPLATES, fragment_of, render
from litlens.app.judges.base import UnitContext
from litlens.app.judges.consistency import ConsistencyJudge
from litlens.app.korean.honorifics import analyse_text
from litlens.app.texts import build_project, text_from_string

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packaging"))
from ko_explanations import EXPLANATIONS_KO  # noqa: E402

KOREAN = {TEMPLATES[key]: text for key, text in EXPLANATIONS_KO.items() if key in TEMPLATES}
PARTICLE_PAIR = re.compile(r"와\(과\)|과\(와\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)")


def _korean(fragment) -> str:
    return render(fragment, lambda template: KOREAN.get(template, template))


def _variants(project, label: str) -> list:
    judge = ConsistencyJudge()
    spans = []
    for unit in judge.plan(project, judge.Options()):
        judged = asyncio.run(unit.run(UnitContext(project, judge.Options(), None)))
        spans += judged.spans if judged.candidate == label else []
    return [s for s in spans if s.category == "terminology/inconsistent"]


INN_EN = ("Sir Charles Grandison arrived at the inn.\n\nGrandison asked for a room.\n\n"
          "Grandison smiled.\n\nIn the morning Grandison left.")
INN_KO = "찰스 그랜디슨 경은 여관에 도착했다.\n\n그랜디슨은 방을 청했다.\n\n그란디손은 미소를 지었다.\n\n아침에 그랜디슨은 떠났다."


def test_a_name_written_one_way_once_elsewhere_says_once():
    one, = _variants(load_sample(), "Flawed")  # 미레 once, 미래 once
    assert "elsewhere (once)" in one.explanation and "1 times" not in one.explanation
    assert "(1번 나옴)" in _korean(fragment_of(one.data))
    inn = build_project("inn", text_from_string(INN_EN, "en"), [("Draft", text_from_string(INN_KO, "ko"))])
    three, = _variants(inn, "Draft")
    assert "elsewhere (3 times)" in three.explanation and "(3번 나옴)" in _korean(fragment_of(three.data))


EXCHANGE = ["민호가 물었다. \"어디 갔었어?\"", "수진이 대답했다. \"도서관에 갔어.\"", "민호가 물었다. \"거기서 뭐 했어?\"",
            "수진이 대답했다. \"책 읽었어.\"", "\"그럼 다음엔 나도 꼭 데려가요.\"", "민호가 웃었다. \"약속한 거야.\""]


def test_a_conversation_shift_reads_well_in_english_and_korean():
    text = "\n\n".join(EXCHANGE)
    line = "그럼 다음엔 나도 꼭 데려가요."
    start = text.index(line) - 1
    unknown = [{"start": start, "end": start + len(line) + 2, "speaker": None, "source": "user"}]
    found, = [f for f in analyse_text(text, None, None, unknown).findings if f.kind == "conversation-shift"]
    assert found.explanation.startswith(
        "In the 5 lines around this one whose speaker is named, 민호 and 수진 speak to each other in intimate")
    korean = _korean(found.why)
    assert "화자가 밝혀진 5줄에서 민호, 수진 두 사람은 서로 친밀한 반말(해체)로 말합니다" in korean
    assert not PARTICLE_PAIR.search(korean), korean
