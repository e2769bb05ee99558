"""Dialogue in Korean prose: quotations and dash-led speech with offsets, and who speaks to whom.

Speakers are read from the narration around a quote ("…" 할멈이 말했다 / 할멈이 물었다. "…"), first where
a speech verb names them, then from known speakers mentioned nearby. Listeners come from 에게/께/한테 in
that narration, a vocative in the quote (도련님, …), or the other side of the conversation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from litlens.app.korean import kiwi as _kiwi

_PAIRS = {"“": "”", "「": "」", "『": "』", "\"": "\"", "«": "»"}
_THOUGHT = {"‘": "’"}
_DASH_START = re.compile(r"^\s*[—―–]\s*|^\s*-\s+")
_DASH_SPLIT = re.compile(r"\s[—―–]\s")

_SPEECH_VERBS = {
    "말하", "묻", "물", "대답하", "답하", "외치", "소리치", "소리지르", "중얼거리", "중얼대", "속삭이",
    "덧붙이", "대꾸하", "말씀하", "여쭈", "여쭙", "이르", "되묻", "부르짖", "투덜거리", "내뱉", "쏘아붙이",
    "타이르", "꾸짖", "명령하", "설명하", "응수하", "말씀드리", "고함치", "웅얼거리", "재촉하", "당부하",
    "아뢰", "다그치", "인사하", "말하자", "되뇌", "따지", "나무라", "호통치", "물어보", "대답하자",
}
# Titles and suffixes that follow a surname or given name after a space: 백 씨, 김 선생, 박 서방.
TITLES = {"씨", "선생", "선생님", "영감", "서방", "교수", "교수님", "노인", "대리", "부장", "과장", "순경",
          "군", "양", "사장", "사장님", "박사", "기자", "형사", "여사", "도령", "대감", "마님", "서방님",
          "할멈", "할아범", "노파", "총각", "처녀", "부인", "스님", "목사", "신부", "의원", "장군", "판서"}
_PRONOUNS = {"그", "그녀", "그이", "그분", "이분", "저분", "그놈", "누군가", "누구", "아무", "그것", "이것"}
_SELF = {"제", "저", "자기", "자신", "나", "너", "내", "네", "우리", "저희"}  # reflexive or deictic: no listener
_SUBJECT_PARTICLES = {"이", "가", "께서", "은", "는", "ᆫ"}
_LISTENER_PARTICLES = {"에게", "께", "한테", "더러", "보고"}
_NOUN_TAGS = ("NNG", "NNP", "NNB", "NP", "XSN", "XPN", "NR")


@dataclass
class Quote:
    """A stretch of direct speech: ``text[start:end]`` with marks, ``text[inner_start:inner_end]`` without."""

    start: int
    end: int
    inner_start: int
    inner_end: int
    paragraph: int
    kind: str = "quote"  # quote | thought | dash
    speaker: str | None = None
    listener: str | None = None
    how: str = ""  # how the speaker was found, for explanations
    listener_how: str = ""  # how the listener was found
    how_why: dict[str, Any] = field(default_factory=dict)  # ``how`` as an app.explanations fragment
    listener_how_why: dict[str, Any] = field(default_factory=dict)  # and ``listener_how``


@dataclass
class NarrationFacts:
    """What one narration sentence says about people: its subject, an addressee, a speech verb."""

    start: int
    end: int
    paragraph: int
    subject: str | None = None
    pronoun: bool = False
    listener: str | None = None
    speech_verb: bool = False
    people: list[str] = field(default_factory=list)
    obj: str | None = None  # the object of the sentence ("아버지를 올려다보았다"): a listener cue
    closed: bool = True  # ends in . ? ! (False when a quote follows inside the same sentence)
    proper: list[str] = field(default_factory=list)  # people named with a proper noun (Kiwi's NNP)
    verb_first: bool = False  # the speech verb comes before the subject ("하고 말하자 수진이"): not its subject


def find_quotes(text: str, paragraphs: list[tuple[int, int]]) -> list[Quote]:
    """Every quotation in ``text``; a quote left open ends with its paragraph."""
    quotes: list[Quote] = []
    for pi, (ps, pe) in enumerate(paragraphs):
        body = text[ps:pe]
        if _DASH_START.match(body) and not any(ch in body for ch in "“\"「『"):
            quotes.extend(_dash_quotes(body, ps, pi))
            continue
        i = 0
        while i < len(body):
            ch = body[i]
            close = _PAIRS.get(ch) or _THOUGHT.get(ch)
            if close is None:
                i += 1
                continue
            j = body.find(close, i + 1)
            end = pe if j < 0 else ps + j + 1
            inner_end = pe if j < 0 else ps + j
            quotes.append(Quote(ps + i, end, ps + i + 1, inner_end, pi, "thought" if ch in _THOUGHT else "quote"))
            i = (end - ps) if j >= 0 else len(body)
    return quotes


def _dash_quotes(body: str, offset: int, pi: int) -> list[Quote]:
    """— Speech — narration — more speech: the pieces between dashes alternate, speech first."""
    m = _DASH_START.match(body)
    assert m is not None
    pos = m.end()
    pieces: list[tuple[int, int]] = []
    for sep in _DASH_SPLIT.finditer(body, pos):
        pieces.append((pos, sep.start()))
        pos = sep.end()
    pieces.append((pos, len(body.rstrip())))
    out = []
    for k, (a, b) in enumerate(pieces):
        if k % 2 == 0 and b > a:
            out.append(Quote(offset + (m.start() if k == 0 else a), offset + b, offset + a, offset + b, pi, "dash"))
    return out


def _noun_before(tokens: list, i: int, text: str) -> str | None:
    """The unbroken noun run that ends right before token ``i`` (e.g. 할멈 in 한 할멈은)."""
    j = i - 1
    if j < 0 or not tokens[j].tag.startswith(_NOUN_TAGS):
        return None
    end = tokens[j].start + tokens[j].len
    start = tokens[j].start
    while j - 1 >= 0 and tokens[j - 1].tag.startswith(_NOUN_TAGS) and \
            tokens[j - 1].start + tokens[j - 1].len == start:
        j -= 1
        start = tokens[j].start
    head = tokens[j:i]
    # "선원 하나가": the number names how many, the noun before it who
    if len(head) == 1 and head[0].tag == "NR" and j >= 1 and tokens[j - 1].tag.startswith("NN"):
        j -= 1
        start, end = tokens[j].start, tokens[j].start + tokens[j].len
    # "백 씨가", "김 선생이", "이 영감은": a name (or 이, which Kiwi may read as a determiner) and a title
    if tokens[i - 1].form in TITLES and j >= 1 and (tokens[j - 1].tag == "NNP" or (
            tokens[j - 1].tag == "MM" and tokens[j - 1].form == "이")) and \
            text[tokens[j - 1].start + tokens[j - 1].len:start] == " ":
        start = tokens[j - 1].start
    return text[start:end] or None


def read_narration(text: str, start: int, end: int, paragraph: int,
                   tokens: list[Any] | None = None) -> NarrationFacts:
    """Subject, addressee and speech verb of one narration sentence (``text[start:end]``).

    ``tokens``: Kiwi's best analysis of the sentence when the caller already has it (from the
    splitter: app.korean.kiwi.sentence_tokens); otherwise it is asked for here.
    """
    sent = text[start:end]
    facts = NarrationFacts(start, end, paragraph)
    if tokens is None:
        analyses = _kiwi.analyze(sent, top_n=1)
        if not analyses:
            return facts
        tokens = analyses[0][0]
    facts.closed = sent.rstrip().endswith((".", "?", "!", "…"))
    for i, t in enumerate(tokens):
        if t.tag in ("JKS", "JX") and t.form in _SUBJECT_PARTICLES:
            noun = _noun_before(tokens, i, sent)
            if noun:
                facts.people.append(noun)
                if any(x.tag == "NNP" and x.form in noun for x in tokens[max(0, i - 3):i]):
                    facts.proper.append(noun)
                if facts.subject is None:
                    facts.subject, facts.pronoun = noun, noun in _PRONOUNS
        elif t.tag == "JKB" and t.form in _LISTENER_PARTICLES:
            noun = _noun_before(tokens, i, sent)
            if noun and facts.listener is None and noun not in _PRONOUNS and noun not in _SELF:
                facts.listener = noun
        elif t.tag == "JKO" and facts.obj is None:
            noun = _noun_before(tokens, i, sent)
            if noun and noun not in _PRONOUNS and noun not in _SELF:
                facts.obj = noun
        verb = (t.tag.startswith("VV") and t.form in _SPEECH_VERBS) or (
            t.tag == "XSV" and i > 0 and tokens[i - 1].form + t.form in _SPEECH_VERBS)
        if verb and not facts.speech_verb and facts.subject is None:
            facts.verb_first = True
        facts.speech_verb = facts.speech_verb or verb
        if t.tag == "JKQ":  # "…"라고 / "…" 하고: the sentence reports speech whatever its verb
            facts.speech_verb = True
    return facts


def vocative(text: str, start: int, end: int) -> str | None:
    """An address term in the quote: 'NOUN, …' at its start, '…, NOUN.' at a sentence end, or NOUN+아/야."""
    inner = text[start:end]
    tokens = _kiwi.tokens_from_split(inner)  # the quote is split later anyway: its analysis comes with that
    if tokens is None:
        tokens = _kiwi.morphemes(inner)  # windowed: a quote left open runs to the end of its paragraph
    for i, t in enumerate(tokens):
        if t.tag == "JKV":
            return _noun_before(tokens, i, inner)
        if t.tag == "SP" and t.form == ",":
            head = _noun_before(tokens, i, inner)
            if head and tokens[0].tag.startswith(_NOUN_TAGS) and inner[:tokens[i - 1].start + tokens[i - 1].len]\
                    .strip() == head:
                return head
            after = tokens[i + 1:]
            stop = next((k for k, a in enumerate(after) if a.tag == "SF"), len(after))
            after = after[:stop + 1]
            nouns = [a for a in after if not a.tag.startswith(("SF", "SS", "SE"))]
            if nouns and all(a.tag.startswith(_NOUN_TAGS) for a in nouns) and \
                    len(after) > len(nouns) and after[len(nouns)].tag == "SF":
                return inner[nouns[0].start:nouns[-1].start + nouns[-1].len]
    return None
