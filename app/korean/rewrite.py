"""The rewritten sentence ending for another speech level, conjugated by Kiwi: what the honorifics judge
offers as replacement text (so the finding can be applied), beside its advice in words.

Only the final ending (EF) of the sentence's last predicate is replaced; the sentence's mood is kept
(a question stays a question, an order an order), and subject honorification (-시-) is not added where
the sentence had none: a level changes how one speaks to the listener, not how the subject is treated.
Where the ending cannot be found or the level has no rule here, there is no rewrite (None), never a guess.
"""

from __future__ import annotations

from litlens.app.korean.kiwi import get_kiwi

STATEMENT, QUESTION, ORDER, PROPOSAL = "statement", "question", "order", "proposal"

# (level, mood) → the ending Kiwi conjugates onto the stem (vowel harmony, 으 and ㅂ/ㄴ fusion are its work)
ENDINGS = {
    ("하십시오체", STATEMENT): "습니다", ("하십시오체", QUESTION): "습니까",
    ("하십시오체", ORDER): "으십시오", ("하십시오체", PROPOSAL): "읍시다",
    ("해요체", STATEMENT): "어요", ("해요체", QUESTION): "어요", ("해요체", ORDER): "으세요",
    ("해요체", PROPOSAL): "어요",
    ("해라체", STATEMENT): "는다", ("해라체", QUESTION): "니", ("해라체", ORDER): "어라",
    ("해라체", PROPOSAL): "자",
    ("해체", STATEMENT): "어", ("해체", QUESTION): "어", ("해체", ORDER): "어", ("해체", PROPOSAL): "어",
}
ORDER_ENDINGS = frozenset({"어라", "아라", "라", "거라", "너라", "으렴", "렴", "으십시오", "십시오", "으세요", "세요",
                           "으오", "게"})
PROPOSAL_ENDINGS = frozenset({"자", "읍시다", "ㅂ시다", "으십시다", "세", "으세"})
PREDICATES = frozenset({"VV", "VA", "VX", "VCP", "VCN", "XSV", "XSA"})


def _mood(ending: str, after: str) -> str:
    if "?" in after:
        return QUESTION
    if ending in ORDER_ENDINGS:
        return ORDER
    if ending in PROPOSAL_ENDINGS:
        return PROPOSAL
    return STATEMENT


# endings that already speak at a level: a sentence of the turn that does is left as it is
AT_LEVEL = {"하십시오체": ("니다", "니까", "십시오", "시다"), "해요체": ("요",),
            "해라체": ("다", "니", "냐", "라", "자")}


def _tag(tag: str) -> str:
    return tag.split("-")[0]  # Kiwi marks irregular stems (VV-R, VA-I); the rules read the category


def _at_level(ending: str, level: str) -> bool:
    if level == "해라체" and _at_level(ending, "하십시오체"):
        return False
    return ending.endswith(AT_LEVEL.get(level, ()))


def _ending_for(level: str, mood: str, before_tag: str, ending_now: str) -> str | None:
    if level == "해요체" and before_tag == "VCP":
        return "에요"  # 이다: 학생이야 → 학생이에요 (not 이야요)
    if level == "해요체" and not _at_level(ending_now, "하십시오체") and ending_now not in ORDER_ENDINGS | \
            PROPOSAL_ENDINGS and not _at_level(ending_now, "해라체"):
        return ending_now + "요"  # 해체 → 해요체 is the same ending with 요 (갈게 → 갈게요): the mood stays
    ending = ENDINGS.get((level, mood))
    if ending == "는다" and before_tag not in ("VV", "XSV"):
        return "다"  # 해라체 statements: -는다/-ㄴ다 after an action verb, -다 after an adjective, 이다, -었-
    if mood == ORDER and before_tag not in ("VV", "XSV", "VX"):
        return None  # only an action verb takes an order
    return ending


def _spelled(word: str) -> str:
    """이다 + 에요 after a vowel is written 예요 (사과예요), which Kiwi's join leaves as 사과에요."""
    if word.endswith("에요") and len(word) > 2:
        before = word[-3]
        if "가" <= before <= "힣" and (ord(before) - 0xAC00) % 28 == 0 and before != "이":
            return word[:-2] + "예요"
    return word


def rewrite_ending(text: str, level: str) -> str | None:
    """``text`` (a sentence or a turn of several) with each sentence's final ending conjugated for
    ``level`` (one of app.korean.levels.LEVELS), or None when no ending could be rewritten."""
    if not any(lv == level for lv, _mood in ENDINGS):
        return None
    tokens = get_kiwi().tokenize(text)
    out, changed = text, False
    for i in reversed([i for i, t in enumerate(tokens) if t.tag == "EF"]):  # right to left: offsets hold
        ef = tokens[i]
        if i == 0 or _tag(tokens[i - 1].tag) not in PREDICATES | {"EP"} or _at_level(ef.form, level):
            continue
        end = ef.start + ef.len
        ending = _ending_for(level, _mood(ef.form, text[end:end + 2]), _tag(tokens[i - 1].tag), ef.form)
        if ending is None:
            continue
        word_start = max(text.rfind(" ", 0, ef.start), text.rfind("\n", 0, ef.start)) + 1
        word = [(t.form, t.tag) for t in tokens[:i] if t.start >= word_start]
        if not word:
            continue
        out = out[:word_start] + _spelled(get_kiwi().join([*word, (ending, "EF")])) + out[end:]
        changed = True
    return out if changed and out != text else None
