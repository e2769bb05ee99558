"""Who says each quote and to whom, with the evidence for each answer.

Evidence, strongest first: a speech verb next to the quote with its subject (백 씨가 물었다); a person
acting right before the quote (백 씨가 고개를 저었다. "…"); the English source's attribution of the same
quote ("said Mr. Baek"), which ties quotes of one speaker together; then, in a scene with two people,
alternation. A name is only ever a character: the subject of a speech verb, a proper noun, a name with a
title (김 선생), or a kinship/role noun — never 탑 or 바람. When nothing settles it, the answer is unknown.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from litlens.app.explanations import Fragment, render, why
from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean.dialogue import NarrationFacts, Quote, vocative

# Kinship and role nouns: a closed class that names people in narration (others need a speech verb).
PERSON_NOUNS = set("""할멈 할아범 도련님 아씨 유모 노인 청년 어머니 아버지 엄마 아빠 형 누나 오빠 언니 동생 아들 딸 아내
남편 부인 영감 대감 상궁 중전 왕 임금 아이 소년 소녀 사내 여인 여자 남자 노파 형사 순경 선장 선원 나그네 주인 주인장
교장 사장 선생 선생님 할아버지 할머니 아가씨 손자 손녀 하인 머슴 마님 나리 스님 의사 학생 친구 이모 고모 삼촌 아저씨
아주머니 손님 장군 병사 어미 아비 도령 총각 처녀 목사 신부 하녀 사공 마부 노부인 청년들 아기""".split())
_TITLE_ENDS = ("씨", "님", "선생", "영감", "서방", "교수", "노인", "대리", "부장", "순경", "군", "양", "여사")
_SCENE_GAP = 2  # paragraphs without dialogue that end a scene


def person_like(name: str | None, proper: set[str]) -> bool:
    if not name:
        return False
    flat = name.replace(" ", "")
    return name in PERSON_NOUNS or name in proper or " " in name and flat.endswith(_TITLE_ENDS) or \
        flat.endswith("님")


def _flat(name: str) -> str:
    return name.replace(" ", "")


def match_character(term: str | None, characters: list[str]) -> str | None:
    """The character an address term or English-free mention stands for: 대감마님 → 대감, 선생님 → 김 선생."""
    if not term:
        return None
    t = _flat(term)
    exact = [c for c in characters if _flat(c) == t]
    if exact:
        return exact[0]
    core = t[:-2] if t.endswith("마님") else t[:-1] if t.endswith(("님", "장", "씨")) else t
    hits = [c for c in characters if core and (_flat(c) == core or _flat(c).startswith(core)
                                               or _flat(c).endswith(core) or t.startswith(_flat(c)))]
    return hits[0] if len(set(hits)) == 1 else None


_EN_QUOTE = re.compile(r"[\"“]([^\"”]*)[\"”]")
_EN_VERB = r"(?:said|asked|answered|replied|shouted|cried(?: out)?|muttered|whispered|told|called|pressed|added|greeted)"
_EN_NAME = (r"((?:Mr\.|Mrs\.|Miss|Old|old|Officer|Professor|Manager|Assistant Manager|Captain) ?[A-Z][a-z]+|"
            r"[A-Z][a-z]+|(?:the|his|her|my|one of the) (?:[a-z]+ ){0,2}?[a-z]+)")
_AFTER = [re.compile(rf"^\s*,?\s*{_EN_VERB} {_EN_NAME}"), re.compile(rf"^\s*,?\s*{_EN_NAME} {_EN_VERB}")]
_BEFORE = re.compile(rf"{_EN_NAME} (?:[a-z]+ ){{0,3}}?{_EN_VERB}(?: [^.\"“]*)?[,:]?\s*$")
_BEAT = re.compile(rf"(?:^|[.!?]\s+){_EN_NAME} [a-z]+[^.\"“]*\.\s*$")
_EN_PRONOUNS = {"he", "she", "they", "i", "we", "it", "him", "her"}


def english_speakers(source: str) -> list[str | None]:
    """Per quotation in an English text, the speaker it names (lower case), or None."""
    out: list[str | None] = []
    quotes = list(_EN_QUOTE.finditer(source))
    for n, m in enumerate(quotes):
        para_start = source.rfind("\n\n", 0, m.start()) + 1
        prev_end = max(para_start, quotes[n - 1].end() if n else 0)
        next_start = quotes[n + 1].start() if n + 1 < len(quotes) else len(source)
        after = source[m.end():min(next_start, m.end() + 80)].split("\n\n")[0]
        before = source[prev_end:m.start()].lstrip()
        who = None
        for rx in _AFTER:
            hit = rx.match(after)
            if hit:
                who = hit.group(1)
                break
        if who is None:
            if prev_end > para_start and n:  # the first sentence after a quote attributes that quote
                cut = re.search(r"[.!?]\s+", before)
                before = before[cut.end():] if cut else ""
            hit = _BEFORE.search(before) or _BEAT.search(before)
            who = hit.group(1) if hit else None
        if who and who.lower().split()[0] in ("and", "then", "but"):
            who = None
        out.append(None if who is None or who.lower() in _EN_PRONOUNS else who.lower())
    return out


def _subject(facts: list[NarrationFacts], k: int, proper: set[str], known: set[str]) -> str | None:
    f = facts[k]
    if f.subject is None or f.pronoun:
        return None
    return f.subject if f.subject in known or person_like(f.subject, proper) else None


def _give(q: Quote, speaker: str | None, how: Fragment, listener: str | None = None) -> None:
    """``how``: the evidence, an app.explanations fragment (its English is kept as ``q.how``)."""
    if speaker and not q.speaker:
        q.speaker, q.how, q.how_why = speaker, render(how), how
        if listener and listener != speaker and q.listener is None:
            q.listener = listener
            _heard(q, why("listener-how/named"))


def _heard(q: Quote, how: Fragment) -> None:
    """Record how the quote's listener was found, in English and as its fragment."""
    q.listener_how, q.listener_how_why = render(how), how


def attribute(text: str, quotes: list[Quote], facts: list[NarrationFacts], nearby, source: str | None = None) -> None:
    """Fill ``speaker``/``listener`` and their evidence on each quote, in place."""
    proper = {p for f in facts for p in f.proper}
    spoken = [q for q in quotes if q.kind != "thought"]
    ends = {(q.paragraph, q.end) for q in spoken}
    # 1. a speech verb beside the quote names its subject (a person by definition)
    for q in spoken:
        before, after = nearby.around(q.paragraph, q.start, q.end)
        b = before[0] if before and not nearby.quote_between(facts[before[0]].end, q.start) else None
        if b is not None and facts[b].closed and any((q.paragraph, facts[b].start - d) in ends for d in range(3)):
            b = None  # "…" 진호가 물었다. "…": that sentence attributes the quote before it
        a = after[0] if after and not nearby.quote_between(q.end, facts[after[0]].start) else None
        if a is not None and facts[a].speech_verb:
            who = facts[a].subject if not (facts[a].pronoun or facts[a].verb_first) else None
            if who is None and b is not None and not facts[b].closed and not facts[b].pronoun:
                who = facts[b].subject  # 지훈은 "…" 하고 은희에게 물었다: one sentence around the quote
            _give(q, who, why("how/verb-after", who=who), facts[a].listener)
        if not q.speaker and b is not None and (facts[b].speech_verb or
                                                text[facts[b].end - 1:q.start].strip().startswith(":")):
            who = facts[b].subject if not facts[b].pronoun else None
            _give(q, who, why("how/verb-before", who=who), facts[b].listener)
    known = {q.speaker for q in spoken if q.speaker}
    # 2. a person acting right before the quote in the same paragraph speaks it
    for q in spoken:
        if q.speaker:
            continue
        before, after = nearby.around(q.paragraph, q.start, q.end)
        k = before[0] if before else None
        if k is not None and facts[k].closed and any((q.paragraph, facts[k].start - d) in ends for d in range(3)):
            k = None  # that sentence tells who said the quote before this one
        if k is not None and not nearby.quote_between(facts[k].end, q.start):
            who = _subject(facts, k, proper, known)
            _give(q, who, why("how/acts-before", who=who))
            to = facts[k].listener if person_like(facts[k].listener, proper | known) else \
                facts[k].obj if facts[k].obj in known else None
            if who and to and to != who:
                q.listener = to
                _heard(q, why("listener-how/acted-on"))
        if not q.speaker and k is not None and facts[k].pronoun:
            # 그/그녀 acting just before the quote: the person last named as a subject in this paragraph
            named = [facts[j].subject for j in before[1:] if facts[j].subject and not facts[j].pronoun]
            who = named[0] if named and (named[0] in known or person_like(named[0], proper)) else None
            _give(q, who, why("how/pronoun-before", who=who))
        if not q.speaker and before:
            # the action just before is not a person's (대문이 덜컹했다): a speaker named a little earlier
            for j in before[1:4]:
                if facts[j].subject in known and not nearby.quote_between(facts[j].end, q.start):
                    _give(q, facts[j].subject, why("how/named-before", who=facts[j].subject))
                    break
        if not q.speaker and after and not nearby.quote_between(q.end, facts[after[0]].start) and \
                facts[after[0]].start - q.end <= 2:
            who = _subject(facts, after[0], proper, known)
            _give(q, who, why("how/acts-after", who=who))
    known |= {q.speaker for q in spoken if q.speaker}
    # 3. the English source: quotes it gives to one speaker belong to one character
    if source:
        labels = english_speakers(source)
        if len(labels) == len(spoken):
            for label in {x for x in labels if x}:
                named = {q.speaker for q, x in zip(spoken, labels) if x == label and q.speaker}
                if len(named) == 1:
                    who = named.pop()
                    for q, x in zip(spoken, labels):
                        _give(q, who if x == label else None, why("how/english-source", label=label, who=who))
    _alternate(spoken, facts, proper, known)
    characters = sorted(known | {q.speaker for q in spoken if q.speaker})
    _listeners(text, spoken, facts, characters, proper, known)


def _scenes(spoken: list[Quote]) -> list[list[Quote]]:
    scenes: list[list[Quote]] = []
    for q in spoken:
        if scenes and q.paragraph - scenes[-1][-1].paragraph <= _SCENE_GAP:
            scenes[-1].append(q)
        else:
            scenes.append([q])
    return scenes


def _people(scene: list[Quote], facts: list[NarrationFacts], proper: set[str], known: set[str]) -> list[str]:
    """Who is in a scene: its speakers, and people its narration names as subjects."""
    first, last = scene[0].paragraph, scene[-1].paragraph
    named = [f.subject for f in facts if first - 1 <= f.paragraph <= last and not f.pronoun
             and (f.subject in known or person_like(f.subject, proper))]
    return list(dict.fromkeys([q.speaker for q in scene if q.speaker] + named))  # type: ignore[list-item]


def _alternate(spoken: list[Quote], facts: list[NarrationFacts], proper: set[str], known: set[str]) -> None:
    """Quotes still unattributed (or said by 그/그녀): the same speaker going on, or the other of a
    two-person scene."""
    by_start = sorted(facts, key=lambda f: f.start)  # narration between two quotes found by bisection,
    starts = [f.start for f in by_start]  # not by reading every sentence for every quote

    def narration_between(a: int, b: int) -> list[NarrationFacts]:
        return by_start[bisect_left(starts, a):bisect_left(starts, b)]

    for scene in _scenes(spoken):
        people = _people(scene, facts, proper, known)
        for n, q in enumerate(scene):
            if q.speaker:
                continue
            prev = scene[n - 1] if n else None
            if prev and prev.speaker and prev.paragraph == q.paragraph and \
                    not any(f.subject not in (None, prev.speaker) for f in narration_between(prev.end, q.start)
                            if f.paragraph == q.paragraph):
                _give(q, prev.speaker, why("how/continues", who=prev.speaker))
            elif len(people) == 2 and prev and prev.speaker:
                other = people[1] if prev.speaker == people[0] else people[0]
                _give(q, other, why("how/two-after", who=prev.speaker))
            elif len(people) == 2 and n + 1 < len(scene) and scene[n + 1].speaker:
                nxt = scene[n + 1].speaker
                other = people[1] if nxt == people[0] else people[0]
                _give(q, other, why("how/two-before", who=nxt))


def _listeners(text: str, spoken: list[Quote], facts: list[NarrationFacts], characters: list[str],
               proper: set[str], known: set[str]) -> None:
    scenes = list(_scenes(spoken))
    # the quotes whose vocative will be read, in order: their analyses are asked of Kiwi in batches
    asked = [q for scene in scenes for q in scene if not (q.listener and q.listener != q.speaker)]
    ahead = _Ahead(text, asked)
    for scene in scenes:
        people = _people(scene, facts, proper, known | set(characters))
        for n, q in enumerate(scene):
            if q.listener and q.listener != q.speaker:
                matched = match_character(q.listener, characters)
                q.listener = matched or q.listener
                continue
            ahead.reach(q)
            voc = vocative(text, q.inner_start, q.inner_end)
            who = match_character(voc, [c for c in characters if c != q.speaker])
            if who:
                q.listener = who
                _heard(q, why("listener-how/addressed", vocative=voc))
                continue
            others = [p for p in people if p != q.speaker]
            if q.speaker is None:
                if voc and person_like(voc, proper | known):
                    q.listener = voc
                    _heard(q, why("listener-how/addressed", vocative=voc))
                continue
            prev = scene[n - 1] if n else None
            if prev and prev.speaker == q.speaker and prev.paragraph == q.paragraph and prev.listener:
                q.listener = prev.listener  # the same speech goes on
                q.listener_how, q.listener_how_why = prev.listener_how, prev.listener_how_why
                continue
            # the one who answers next was most likely addressed; failing that, the one answered
            # (a reply within the same paragraph goes to the line it answers)
            order = scene[max(0, n - 1):n] + scene[n + 1:n + 2] if prev and prev.paragraph == q.paragraph \
                else scene[n + 1:n + 2] + scene[max(0, n - 1):n]
            near = [s.speaker for s in order if s.speaker and s.speaker != q.speaker]
            if len(others) == 1:
                q.listener = others[0]
                _heard(q, why("listener-how/two-people-addressed", vocative=voc) if voc else
                       why("listener-how/two-people"))
            elif voc and person_like(voc, proper | known):  # an address term names a person by definition
                q.listener = voc
                _heard(q, why("listener-how/addressed", vocative=voc))
            elif near:
                q.listener = near[0]
                _heard(q, why("listener-how/neighbour", who=near[0]))


class _Ahead:
    """Kiwi's analyses of the quotes ``vocative`` will read, put in its memo a batch at a time (one call
    spread over Kiwi's worker threads) just before the first quote of each batch is read."""

    def __init__(self, text: str, quotes: list[Quote]) -> None:
        self._text, self._quotes, self._next = text, quotes, 0
        self._index = {id(q): i for i, q in enumerate(quotes)}

    def reach(self, q: Quote) -> None:
        i = self._index.get(id(q), -1)
        if i < self._next:
            return
        batch, size = [], 0
        while i < len(self._quotes) and (not batch or size < _kiwi.PREFETCH_CHARS):
            inner = self._text[self._quotes[i].inner_start:self._quotes[i].inner_end]
            batch.append(inner)
            size += len(inner)
            i += 1
        self._next = i
        # split, keeping each sentence's tokens: ``vocative`` reads the quote's analysis from that, and
        # the speech levels of the quote's sentences are read from the same split later (one Kiwi pass)
        _kiwi.prefetch(batch, split=True, tokens=True)
        _kiwi.prefetch([t for t in batch if _kiwi.tokens_from_split(t) is None])
