"""The six Korean speech levels, how formal each is, and which sentence endings mark them.

The ending table follows the Standard Korean Dictionary's descriptions ("하십시오할 자리에 쓰여…").
Endings are matched on Kiwi's morpheme form (e.g. ``ᆸ니다``, ``었`` + ``어요``), longest rule first.
"""

from __future__ import annotations

from functools import lru_cache

from litlens.app.explanations import TEMPLATES, Fragment, register, render, why

LEVELS = ("하십시오체", "해요체", "하오체", "하게체", "해라체", "해체")

# the glosses shown in explanations are templates of app.explanations ("level/해요체"), so the window can
# word them in the interface language
_GLOSS = {level: TEMPLATES[f"level/{level}"] for level in LEVELS}

# How much deference a level shows. Neighbouring tiers mix naturally in real speech (해요체 with
# 하십시오체, 해체 with 해라체, an elder's 하게체 with 반말), so findings need a gap of two tiers.
_TIER = {"하십시오체": 4, "해요체": 4, "하오체": 3, "하게체": 2, "해라체": 1, "해체": 1}
MISMATCH_GAP = 2


def tier(level: str) -> int:
    return _TIER[level]


def level_gloss(level: str | None) -> str:
    return render(gloss_why(level))


def gloss_why(level: str | None) -> Fragment:
    """The explanation fragment naming ``level`` (app.explanations), "no clear speech level" for None."""
    return why(f"level/{level}") if level in _GLOSS else why("level/none")


def register_word(level: str) -> str:
    """존댓말 / 반말 / in between, for explanations."""
    return render(register_why(level))


def register_why(level: str) -> Fragment:
    t = _TIER[level]
    return why("register/honorific" if t == 4 else
               "register/non-honorific" if t <= 2 else "register/semi-formal")


# (suffix of the ending's form, level, confidence, note). Checked in order; first match wins.
# Forms are Kiwi's: the batchim-only ᆸ/ᆫ/ᆯ/ᆷ are jamo (U+11xx).
ENDING_RULES: tuple[tuple[str, str, float, str], ...] = (
    ("ᆸ시다", "하오체", 0.6, "-ㅂ시다 is listed for 하오할 자리, though many speakers use it with 하십시오체"),
    ("읍시다", "하오체", 0.6, "-읍시다 is listed for 하오할 자리"),
    ("ᆸ디다", "하오체", 0.85, "-ㅂ디다 reports what one saw, at 하오체"),
    ("ᆸ디까", "하오체", 0.85, "-ㅂ디까 asks what one saw, at 하오체"),
    ("ᆸ니다", "하십시오체", 0.97, "-(스)ㅂ니다 is the formal polite statement"),
    ("습니다", "하십시오체", 0.97, "-(스)ㅂ니다 is the formal polite statement"),
    ("읍니다", "하십시오체", 0.95, "-(스)ㅂ니다 is the formal polite statement"),
    ("ᆸ니까", "하십시오체", 0.95, "-(스)ㅂ니까 is the formal polite question"),
    ("습니까", "하십시오체", 0.95, "-(스)ㅂ니까 is the formal polite question"),
    ("ᆸ시오", "하십시오체", 0.95, "-(으)십시오 is the formal polite command"),
    ("십시오", "하십시오체", 0.95, "-(으)십시오 is the formal polite command"),
    ("나이다", "하십시오체", 0.9, "-나이다 is an archaic formal polite ending"),
    ("소서", "하십시오체", 0.85, "-소서 is an archaic, very deferential request"),
    ("옵니다", "하십시오체", 0.9, "-옵니다 is a humble formal polite ending"),
    ("죠", "해요체", 0.95, "-죠 is the polite -지요"),
    ("요", "해요체", 0.95, "an ending closed by -요 is informal polite"),
    ("구려", "하오체", 0.9, "-구려 is an exclamation at 하오체"),
    ("구료", "하오체", 0.9, "-구료 is an exclamation at 하오체"),
    ("ᆫ가", "하게체", 0.75, "-(으)ㄴ가 asks a question at 하게체"),
    ("는가", "하게체", 0.8, "-는가 asks a question at 하게체"),
    ("던가", "하게체", 0.75, "-던가 asks about the past at 하게체"),
    ("은가", "하게체", 0.75, "-은가 asks a question at 하게체"),
    ("ᆯ게", "해체", 0.9, "-ㄹ게 promises at 해체"),
    ("ᆯ세", "하게체", 0.85, "-ㄹ세 states something at 하게체"),
    ("ᆷ세", "하게체", 0.85, "-ㅁ세 promises at 하게체"),
    ("게나", "하게체", 0.85, "-게나 urges at 하게체"),
    ("세나", "하게체", 0.85, "-세나 proposes at 하게체"),
    ("구먼", "해체", 0.55, "-구먼 is used at 해체 and at 하게체"),
    ("구만", "해체", 0.55, "-구만 is used at 해체 and at 하게체"),
    ("구나", "해라체", 0.9, "-구나 is an exclamation at 해라체"),
    ("꾸나", "해라체", 0.9, "-자꾸나 proposes warmly at 해라체"),
    ("군", "해체", 0.7, "-군 is an exclamation at 해체 (also heard at 하게체)"),
    ("느냐", "해라체", 0.92, "-느냐 asks at 해라체"),
    ("냐", "해라체", 0.9, "-(으)냐 asks at 해라체"),
    ("니", "해라체", 0.8, "-니 asks at 해라체"),
    ("렴", "해라체", 0.9, "-렴 asks gently at 해라체"),
    ("려무나", "해라체", 0.9, "-려무나 asks gently at 해라체"),
    ("더라", "해라체", 0.85, "-더라 recalls at 해라체"),
    ("라", "해라체", 0.9, "-(어)라 commands at 해라체"),
    ("마", "해라체", 0.8, "-(으)마 promises at 해라체"),
    ("리다", "하오체", 0.7, "-리다 promises at 하오체"),
    ("다", "해라체", 0.95, "-다 is the plain statement"),
    ("자", "해라체", 0.88, "-자 proposes at 해라체"),
    ("소", "하오체", 0.9, "-소 is the 하오체 ending after a consonant or -었-/-겠-"),
    ("오", "하오체", 0.88, "-(으)오 is the 하오체 ending"),
    ("우", "하오체", 0.7, "-우 is a colloquial 하오체 ending"),
    ("세", "하게체", 0.8, "-세 proposes at 하게체"),
    ("다네", "하게체", 0.75, "-(ㄴ)다네 passes something on at 하게체"),
    ("네", "해체", 0.55, "-네 exclaims at 해체, or states at 하게체"),
    ("게", "하게체", 0.8, "-게 commands at 하게체"),
    ("나", "하게체", 0.6, "-나 asks at 하게체 (also a musing question at 해체)"),
    ("데", "해체", 0.55, "-(는)데 left open is 해체"),
    ("지", "해체", 0.9, "-지 is a 해체 ending"),
    ("야", "해체", 0.9, "-야 is a 해체 ending"),
    ("거든", "해체", 0.9, "-거든 is a 해체 ending"),
    ("잖아", "해체", 0.9, "-잖아 is a 해체 ending"),
    ("ᆯ래", "해체", 0.9, "-ㄹ래 is a 해체 ending"),
    ("ᆯ까", "해체", 0.85, "-ㄹ까 asks at 해체"),
    ("래", "해체", 0.8, "-래 reports at 해체"),
    ("대", "해체", 0.8, "-대 reports at 해체"),
    ("어", "해체", 0.92, "-어/-아 is the basic 해체 ending"),
    ("아", "해체", 0.92, "-어/-아 is the basic 해체 ending"),
    ("여", "해체", 0.85, "-여 is the 해체 ending after 하-"),
    ("고", "해체", 0.55, "a sentence left on -고 is 해체"),
    ("니까", "해체", 0.55, "a sentence left on -니까 is 해체"),
)

# Kiwi's batchim-only jamo (U+11xx) as the compatibility letters a reader knows (U+31xx)
JAMO_TO_COMPAT = str.maketrans({"ᆸ": "ㅂ", "ᆫ": "ㄴ", "ᆯ": "ㄹ", "ᆷ": "ㅁ", "ᆼ": "ㅇ"})


def _rule_keys() -> dict[str, str]:
    """Each rule's note is also an explanation template (app.explanations), so the window can word it in
    the interface language: one template per distinct note, keyed by the first rule that has it
    ("ending/ㅂ니다" for the three spellings of -(스)ㅂ니다)."""
    keys: dict[str, str] = {}
    for suffix, _, _, note in ENDING_RULES:
        keys.setdefault(note, "ending/" + suffix.translate(JAMO_TO_COMPAT))
    return keys


RULE_KEYS = _rule_keys()  # note -> template key
register({key: note for note, key in RULE_KEYS.items()})


def rule_why(note: str) -> Fragment:
    """The explanation fragment of an ending rule's ``note`` (as ``rule_for`` returns it)."""
    return why(RULE_KEYS[note])


# Endings that Kiwi may tag EC even when they close a sentence ("왔소" → 소/EC). Other EC-final sentences
# are fragments unless their form is a known sentence-final ending.
EC_FINAL_OK = {"소", "오", "나", "지", "어", "아", "여", "게", "세", "네", "지요", "요", "거든", "잖아",
               "는데", "ᆫ데", "은데", "고", "니까", "자", "라", "어라", "아라", "ᆯ게", "ᆯ래"}

# Words in the same sentence or turn that settle ambiguous endings (e.g. -네 with 자네 is 하게체).
CONTEXT_CUES = {
    "하게체": ("자네", "여보게", "이 사람아", "자네들"),
    "하오체": ("그대", "임자", "당신", "여보시오", "이보시오", "노형"),
}
AMBIGUOUS_HAGE = {"네", "군", "구먼", "구만", "나", "지"}


@lru_cache(maxsize=4096)  # a pure function of the form, asked for every ending of every sentence
def rule_for(form: str) -> tuple[str, float, str] | None:
    for suffix, level, conf, note in ENDING_RULES:
        if form.endswith(suffix):
            return level, conf, note
    return None


# The humble pre-final ending -옵- (-사옵- after a consonant, -자옵- in old texts: "그리하옵니다", "아뢰옵니다",
# "알겠사옵니까") stands before the formal polite -니다/-니까, the -ㅂ니다 whose ㅂ it took. Kiwi often splits it
# as 옵/EP + 니다/EF, and -니다 read alone would be the plain -다 of 해라체, -니까 a 해체 "because".
HUMBLE_PREFINAL = ("옵", "사옵", "자옵")
_AFTER_HUMBLE = {"니다": ("하십시오체", 0.9, "-옵니다 is a humble formal polite ending"),
                 "니까": ("하십시오체", 0.9, "-옵니까 is a humble formal polite question")}
RULE_KEYS["-옵니까 is a humble formal polite question"] = "ending/옵니까"
register({"ending/옵니까": "-옵니까 is a humble formal polite question"})


def rule_after(prefinal: str, form: str) -> tuple[str, float, str] | None:
    """``rule_for(form)``, knowing the pre-final ending just before it (Kiwi's EP form, "" when none): after
    the humble -옵-/-사옵-/-자옵-, -니다 and -니까 are 하십시오체."""
    if prefinal in HUMBLE_PREFINAL and form in _AFTER_HUMBLE:
        return _AFTER_HUMBLE[form]
    return rule_for(form)
