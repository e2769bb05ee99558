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
from litlens.app.korean.people import KIN_AFTER_NAME, NAME_TITLES, PERSON_NOUNS, PRONOUNS, SURNAMES, plain_name

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
TITLES = NAME_TITLES | KIN_AFTER_NAME
_PRONOUNS = PRONOUNS
_SELF = {"제", "저", "자기", "자신", "나", "너", "내", "네", "우리", "저희"}  # reflexive or deictic: no listener
_SUBJECT_PARTICLES = {"이", "가", "께서", "은", "는", "ᆫ"}
_LISTENER_PARTICLES = {"에게", "께", "한테", "더러", "보고"}
# speech said with a phrase rather than a verb: 소리를 질렀다, 입을 열었다, 말을 건넸다, 떨리는 목소리로 물었다
_SPEECH_PHRASE = re.compile(r"소리를 (?:질렀|지르|쳤|치)|입을 (?:열|뗐|떼)|말을 (?:꺼내|꺼냈|건네|건넸|붙이|붙였|이었|이어)|"
                            r"말문을 (?:열|텄)|목소리로|한마디 (?:했|던졌)|말했|물었|대답했|외쳤")
# nouns of place, time and manner that come before a person without naming them (문 너머 할멈, 그동안 할멈)
_PLACE_NOUNS = set("동안 너머 쪽 옆 앞 뒤 위 아래 속 안 밖 사이 곁 때 중 특유 대신 뿐 만큼 정도 무렵 즈음 다음 이후 이전 "
                   "내내 끝 건너 건너편 맞은편 근처 주변 쪽 그때 이때 저때 순간 마침 이제 지금 오늘 어제 내일 아침 "
                   "저녁 밤 낮 새벽 한참 잠시 잠깐 당장 먼저 나중 요즘 그날 이날 다음날 이튿날".split())
# (못: could not answer is silence as much as did not — 대답하지 못했다, 대꾸도 못 했다, 말을 잇지 못했다)
_SILENT = re.compile(r"대꾸 ?(?:없이|도 ?없이|하지 않|도 하지 않)|대답 ?(?:없이|도 ?없이|하지 않|을 하지 않|도 하지 않|도 듣지 않)|"
                     r"(?:대꾸|대답|답)(?:을|도)? ?(?:하지 못|못 ?(?:하|했|한))|말(?:을|도) (?:잇지|꺼내지|하지) 못|"
                     r"아무 (?:말|대꾸|대답)(?:도|을) (?:하지|못)|말이 없|말없이|잠자코|입을 (?:다물|꾹)|묵묵히|침묵|"
                     r"(?:듣는 둥 마는 둥|못 들은 척)")
# a role with the word people call its holder by (기사 아저씨, 경비 아저씨, 청소 아주머니, 주인 할머니): one
# phrase, one person — unless the role is a kin word (동생 민호: a role beside a name)
_ADDRESS_HEADS = {"아저씨", "아주머니", "아줌마", "할머니", "할아버지", "양반", "어른", "영감", "할멈", "총각", "아가씨"}
_FAMILY = {"동생", "형", "누나", "언니", "오빠", "아들", "딸", "손자", "손녀", "엄마", "아빠", "어머니", "아버지", "남편", "아내",
           "친구", "선배", "후배", "형님", "누님", "조카", "사촌", "삼촌", "이모", "고모"}
_VOICE = {"목소리", "음성", "말소리", "울음소리"}  # whose voice speaks: the one it belongs to
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
    confidence: float = 0.0  # how sure the speaker is (app.korean.attribution); 0 when unknown
    evidence: str = ""  # the kind of evidence that decided the speaker (verb-after, two-after…, unknown)
    guess: str | None = None  # the speaker an abstention set aside as too unsure (never shown as a name)
    agreeing: tuple[str, ...] = ()  # the other kinds of evidence that name the same speaker (the second clue)
    guess_listener: str | None = None  # the listener that went with ``guess`` (never shown as a name)


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
    # a role noun put beside a name ("동생 은결이가", "선배인 태경이", "그의 손녀 하나가"): (role, name)
    appositions: list[tuple[str, str, bool]] = field(default_factory=list)  # (role, name, certain)
    mentions: list[str] = field(default_factory=list)  # every noun phrase with a case particle, in order
    speech_subject: str | None = None  # the subject nearest the speech verb, when it has one before it
    identity: str | None = None  # "열 살배기 소윤이었다": who the sentence says someone is
    names: list[str] = field(default_factory=list)  # noun phrases Kiwi reads as proper nouns, any case
    joint: bool = False  # its subject is several people (소라와 민준이): what it tells is no one's alone
    silent: bool = False  # the subject keeps silent ("대꾸 없이", "아무 말도 하지 못했다"): not the next speaker


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
    found = _noun_run(tokens, i, text)
    return found[1] if found else None


def _glued_word_start(tokens: list, j: int, text: str) -> bool:
    """Whether the token before ``tokens[j]`` is a Hangul non-noun glued to it that opens its word (아 of
    아씨): a title never stands in one word after an interjection or a determiner, so the two are one noun."""
    if j < 1:
        return False
    prev = tokens[j - 1]
    glued = prev.start + prev.len == tokens[j].start
    opens = prev.start == 0 or not text[prev.start - 1].strip() or text[prev.start - 1] in "\"“”'‘’「」『』.,!?…"
    return glued and opens and not prev.tag.startswith(_NOUN_TAGS) and \
        all("가" <= ch <= "힣" for ch in prev.form) and prev.tag in ("IC", "MM", "MAG")


def _noun_run(tokens: list, i: int, text: str) -> tuple[int, str, str | None] | None:
    """``_noun_before`` with the index of the run's first token and, for "손녀 하나가", the number read
    as a possible name (하나): which it is, only the whole text can tell (app.korean.cast)."""
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
    numeral = None
    # "선원 하나가": the number names how many, the noun before it who
    if len(head) == 1 and head[0].tag == "NR" and j >= 1 and tokens[j - 1].tag.startswith("NN"):
        numeral = head[0].form
        j -= 1
        start, end = tokens[j].start, tokens[j].start + tokens[j].len
    if len(head) == 1 and head[0].form in TITLES and _glued_word_start(tokens, j, text):
        j -= 1  # "아씨는" read as 아 (an interjection) + 씨: one word, not the bare title 씨
        start = tokens[j].start
    run = text[start:end].replace(" ", "")
    # "백 씨가", "김 진사가", "소라 선생님이", "이 영감은": a name (or 이, which Kiwi may read as a
    # determiner) and a title
    if (tokens[i - 1].form in TITLES or run in TITLES or tokens[j].form in TITLES) and j >= 1 and (
            tokens[j - 1].tag == "NNP" or (tokens[j - 1].tag == "MM" and tokens[j - 1].form == "이")) and \
            text[tokens[j - 1].start + tokens[j - 1].len:start] == " ":
        j -= 1
        start = tokens[j].start
    # "창수 어머니가", "경비 아저씨가", "오 회장이", "젊은 엄마가", "엄마 토끼가": a person word with the
    # word before it that tells which one (not "동생 은결이가": a role put beside a name)
    last = tokens[i - 1]
    head_person = last.form in PERSON_NOUNS or last.form in TITLES or run in PERSON_NOUNS or (
        j >= 1 and tokens[j - 1].tag == "NNP" and tokens[j - 1].form in SURNAMES and tokens[j].tag == "NNG")
    if j >= 1 and text[tokens[j - 1].start + tokens[j - 1].len:start] == " " and tokens[j].tag != "NNP":
        before = tokens[j - 1]
        lone = j < 2 or not tokens[j - 2].tag.startswith(("NN", "XSN", "SN", "NR"))  # 경비 아저씨, not 문 너머 할멈
        if head_person and (before.tag in ("NNP", "SN") or before.tag == "NNG" and lone and
                            before.form not in _PLACE_NOUNS) and (before.form not in PERSON_NOUNS or (
                                last.form in _ADDRESS_HEADS and before.form not in _FAMILY)):
            k = j - 1
            while k >= 1 and tokens[k - 1].tag in ("SN", "NNG", "NNP") and \
                    tokens[k - 1].start + tokens[k - 1].len == tokens[k].start:
                k -= 1
            j, start = k, tokens[k].start
        elif head_person and before.tag == "ETM" and j >= 2 and tokens[j - 2].tag == "VA" and \
                before.form in ("은", "ᆫ", "는"):
            j, start = j - 2, tokens[j - 2].start
        elif before.tag == "NNG" and before.form in ("엄마", "아빠", "아기", "할머니", "할아버지", "꼬마", "아기"):
            j, start = j - 1, before.start  # 엄마 토끼, 아기 곰: animals named by kin in children's books
    # a noun Kiwi read as the tail of a longer word (할아범 as 하/VV ᆯ/ETM 아범): the whole word
    if j >= 1 and start > 0 and text[start - 1] not in " \t\n\"'“”‘’(「『" and tokens[j - 1].tag == "ETM":
        k = j - 1
        while k >= 1 and tokens[k - 1].start + tokens[k - 1].len >= tokens[k].start and \
                tokens[k - 1].tag.startswith(("VV", "VA", "ETM", "XSV", "XSA")):
            k -= 1
        if k >= 0 and (k == 0 or text[tokens[k].start - 1] in " \t\n\"'“”‘’(「『"):
            start = tokens[k].start
    # a noun Kiwi split off the end of a name (하은이가 as 하/IC 은/NNG 이/JKS): the whole word
    if start > 0 and text[start - 1] not in " \t\n\"'“”‘’(「『…,." and tokens[j].tag == "NNG" and \
            len(text[start:end]) == 1 and j >= 1 and tokens[j - 1].tag in ("IC", "MM", "MAG", "NNG", "NNP", "XPN"):
        k = j - 1
        while k >= 1 and tokens[k - 1].start + tokens[k - 1].len == tokens[k].start:
            k -= 1
        start = tokens[k].start
    noun = text[start:end]
    if not noun:
        return None
    # a given name with the familiar 이 (은결이가, 태경이는) is the name itself
    if " " not in noun and (tokens[i - 1].tag == "XSN" and tokens[i - 1].form == "이" and i - 2 >= j
                            and tokens[i - 2].tag == "NNP" or tokens[j].tag == "NNP"):
        noun = plain_name(noun)
    return j, noun, numeral


def _role_word(form: str) -> bool:
    """A kinship or role noun, or one built on one (큰아들, 막내딸, 옆집아저씨)."""
    return form in PERSON_NOUNS or any(form.endswith(w) and len(form) > len(w) for w in _KIN_HEADS)


_KIN_HEADS = ("아들", "딸", "형", "누나", "언니", "오빠", "동생", "아버지", "어머니", "아저씨", "아주머니", "손자", "손녀")


def _apposition(tokens: list, j: int, text: str) -> str | None:
    """A role noun set right before the name starting at token ``j``: 동생 은결이, 선배인 태경이."""
    if j >= 1 and tokens[j - 1].tag == "NNG" and _role_word(tokens[j - 1].form) and \
            text[tokens[j - 1].start + tokens[j - 1].len:tokens[j].start] == " ":
        return tokens[j - 1].form
    if j >= 3 and tokens[j - 1].tag == "ETM" and tokens[j - 2].tag == "VCP" and \
            tokens[j - 3].tag == "NNG" and _role_word(tokens[j - 3].form):
        return tokens[j - 3].form
    return None


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
    facts.silent = bool(_SILENT.search(sent))
    facts.speech_verb = bool(_SPEECH_PHRASE.search(sent))
    for i, t in enumerate(tokens):
        if t.tag.startswith(("JKS", "JX", "JKB", "JKO", "JKG")):
            run = _noun_run(tokens, i, sent)
            if run:
                facts.mentions.append(run[1])
                if tokens[run[0]].tag == "NNP" or tokens[i - 1].tag == "NNP":
                    facts.names.append(plain_name(run[1]))
                role = _apposition(tokens, run[0], sent)
                if role and role != run[1] and (tokens[run[0]].tag == "NNP" or (
                        t.tag in ("JKS", "JX") and tokens[run[0]].tag == "NNG" and run[1] not in PERSON_NOUNS
                        and run[1] not in _PLACE_NOUNS)):
                    facts.appositions.append((role, run[1], True))
                if run[2] and run[1] in PERSON_NOUNS:  # 손녀 하나가: 하나 may be her name
                    facts.appositions.append((run[1], run[2], False))
        if t.tag == "JC" and i + 1 < len(tokens):  # 어머니와 이모가: both are subjects
            run = _noun_run(tokens, i, sent)
            if run:
                facts.mentions.append(run[1])
            if run and run[1] in PERSON_NOUNS | set(facts.proper) or run and tokens[run[0]].tag == "NNP":
                facts.people.append(run[1])
                facts.joint = facts.joint or facts.subject is None
                if tokens[run[0]].tag == "NNP":  # 민호와 수진이: 민호 is a person of the scene as 수진 is
                    facts.proper.append(run[1])
                    facts.names.append(plain_name(run[1]))
        if t.tag in ("JKS", "JX") and t.form in _SUBJECT_PARTICLES:
            noun = _noun_before(tokens, i, sent)
            if noun:
                facts.people.append(noun)
                if any(x.tag == "NNP" and plain_name(x.form) in noun for x in tokens[max(0, i - 3):i]):
                    facts.proper.append(noun)
                if noun in _VOICE and i >= 3 and tokens[i - 2].tag == "JKG":
                    owner = _noun_before(tokens, i - 2, sent)  # 계집아이의 목소리가 대답했다: the girl
                    noun = owner or noun
                    facts.people[-1] = noun
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
        verb = (t.tag.startswith("VV") and t.form in _SPEECH_VERBS and not (t.form == "묻" and t.tag == "VV-R")) or (
            t.tag == "XSV" and i > 0 and tokens[i - 1].form + t.form in _SPEECH_VERBS)
        if verb and not facts.speech_verb and facts.subject is None:
            facts.verb_first = True
        if verb and facts.speech_subject is None and facts.people:
            facts.speech_subject = facts.people[-1]  # "A가 웃자 B가 말했다": the subject nearest the verb
        facts.speech_verb = facts.speech_verb or verb
        if t.tag == "VCP" and i + 1 < len(tokens) and all(x.tag in ("EP", "EF", "SF") for x in tokens[i + 1:]) \
                and (facts.subject is None or facts.pronoun or facts.subject in ("사람", "그 사람")):
            run = _noun_run(tokens, i, sent)
            facts.identity = run[1] if run else None
        if t.tag == "JKQ":  # "…"라고 / "…" 하고: the sentence reports speech whatever its verb
            facts.speech_verb = True
    if facts.silent:  # "노인은 대꾸하지 않았다": a speech verb that says nobody spoke
        facts.speech_verb = False
    if facts.subject is None:
        _also_subject(facts, tokens, sent)
    return facts


def _also_subject(facts: NarrationFacts, tokens: list, sent: str) -> None:
    """A sentence with no other subject that opens on a person with 도 ("털보도 사발을 내려놓았다",
    "나리도 고개를 끄덕였다"): that person is its subject — they act too."""
    for i, t in enumerate(tokens):
        if t.tag == "JX" and t.form == "도":
            run = _noun_run(tokens, i, sent)
            opening = run is not None and all(x.tag in ("MAG", "MM", "IC", "SP", "SS", "SO") or x.form in _PLACE_NOUNS
                                              for x in tokens[:run[0]])
            if run and opening and run[1] not in _SELF and run[1] not in _PLACE_NOUNS:
                facts.subject, facts.pronoun = run[1], run[1] in _PRONOUNS
                facts.people.append(run[1])
            return
        if t.tag.startswith(("JK", "JX", "V", "E")):
            return


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


_MANY_WORDS = {"여러분", "여러분들", "너희", "너희들", "다들", "얘들", "애들", "자네들", "당신들", "모두들"}


def addresses_many(text: str, start: int, end: int) -> bool:
    """Whether a quote speaks to several people: the plural 들 on a word that is no noun (조용히들,
    어서들, 앉아들), a plural pronoun or address (여러분, 너희, 선배님들), or two people called at once
    ("엄마, 아빠, …")."""
    inner = text[start:end]
    tokens = _kiwi.tokens_from_split(inner)
    if tokens is None:
        tokens = _kiwi.morphemes(inner)
    calls = 0
    for i, t in enumerate(tokens):
        if t.form in _MANY_WORDS:
            return True
        # 들 on an adverb or a verb (조용히들, 앉아들), on 다 (다들), on a person word or 님 (선배님들) —
        # not a plural subject ("사람들이 많네")
        plural = t.form == "들" and t.tag == "XSN" and i > 0 and (
            not tokens[i - 1].tag.startswith(("NNG", "NNP")) or tokens[i - 1].form in PERSON_NOUNS | {"다", "님"})
        if plural and (i + 1 >= len(tokens) or not tokens[i + 1].tag.startswith(("JKS", "JX"))):
            return True
        if t.tag == "SP" and t.form == "," and i and tokens[i - 1].tag in ("NNG", "NNP") and \
                (i < 2 or tokens[i - 2].tag in ("SP", "SF") or i == 1):
            calls += 1
    return calls >= 2
