"""Who says each quote and to whom, with the evidence for each answer and how sure it is.

Every name given is a character of the text's cast (app.korean.cast), by the name the text gives them:
"노인" is 문상철 once the text calls him 문상철 노인, "손녀" is 소윤 once it says who she is.

Each quote collects clues, each naming a character with a confidence. From the narration: a speech verb
beside the quote and its subject (백 씨가 물었다; 그녀가 말했다 where only one person can be 그녀); a person
acting right before or after it; a paragraph that reports speech next to it (물었다 goes with the
question); the one person acting in the narration leading to it. From the conversation's order: the
same speaker going on, a reply to the line before (its listener answers), the line the next one answers,
the other of two people, and a run between two people as a whole. The English source's attributions
tie quotes of one speaker together when given. Clues of one kind for one person count once; kinds add
up; a rival takes away half its weight. Nobody is the person their own line calls by name, and a speech
verb's 그/그녀 that cannot be resolved rules out everyone it cannot be.

Below MIN_CONFIDENCE the speaker is unknown (the quote keeps its best guess in ``guess``, with its
listener, and the reason in ``how``): precision first — a wrong name puts a wrong explanation in front of
the translator. A speaker named by one kind of evidence alone that named wrong people too often on prose
the rules had not seen (attribution_checks.UNCORROBORATED: the order of the conversation alone, a reply,
그/그녀, a speech-verb paragraph) stays below it unless a clue of another kind names the same person —
except a reading of the whole scene that no other reading comes near (WIDE_MARGIN: turn-taking-wide).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass

from litlens.app.explanations import Fragment, register, render, why
from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean import attribution_checks as _checks
from litlens.app.korean.attribution_checks import arrivals, contradiction, corroborated
from litlens.app.korean.cast import Cast, build_cast, is_group
from litlens.app.korean.dialogue import NarrationFacts, Quote, addresses_many, vocative
from litlens.app.korean.english_source import match_english, read_english, sounds_like
from litlens.app.korean.people import PERSON_NOUNS, PRONOUNS, plain_name, role_core, sex_of
from litlens.app.korean.self_naming import self_named
from litlens.app.korean.turn_taking import FORBIDDEN, Line, Link, decode

# the evidence this module adds to the one table of templates (app.explanations); Korean in
# packaging/ko_attribution.py
register({
    "how/english": "the English source says '{label}' speaks this line, and '{label}' is {who} in the translation",
    "how/turn-taking": "the turns of the conversation around it, read as a whole, make it {who}'s",
    "listener-how/several": "the line speaks to several people at once (여러분, 너희, the plural 들)",
    "how/self-named": "the line names its own speaker: {who}",
    "how/verb-then": "the paragraph after the line opens on {who} saying it, then on what followed",
    "how/identity-after": "the narration right after the line says who spoke: {who}",
})

_TITLE_ENDS = ("씨", "님", "선생", "영감", "서방", "교수", "노인", "대리", "부장", "순경", "군", "양", "여사")
_SCENE_GAP = 2  # paragraphs without dialogue that end a scene
LONG_SCENE = 60  # lines: beyond this a scene's reading considers for each line only the people around it


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


MIN_CONFIDENCE = 0.8  # a speaker less sure than this is given as unknown (the ledger shows "speaker unknown")
# a line this sure may be leaned on while the conversation's order is read (the next line a reply to it),
# but is named only from MIN_CONFIDENCE: the order of a conversation carries a line's speaker forward, and
# each step forward is less sure than the last
CHAIN_CONFIDENCE = 0.65
# how much each kind of evidence alone is worth (app.korean.cast resolves the name it gives)
_WEIGHTS = {"verb-after": 0.95, "verb-before": 0.92, "pronoun-verb": 0.82, "acts-before": 0.85,
            "pronoun-before": 0.75, "verb-before-paragraph": 0.88, "verb-after-paragraph": 0.88,
            "before-paragraph": 0.55, "sole-actor-before": 0.68,
            "acts-after": 0.72, "named-before": 0.82, "english-source": 0.8,
            # the English source: a speech verb settles a line; who acts next to it only joins the scene's
            # reading (below _STRONG), as the Korean narration's own neighbours do
            "english-verb": 0.95, "english-verb-pronoun": 0.9, "english-acts-before": 0.75,
            "english-acts-after": 0.7, "english-paragraph": 0.7, "english-paragraph-pronoun": 0.65,
            "english-acts-before-pronoun": 0.7, "english-acts-after-pronoun": 0.65,
            # the line names its own speaker (나야, 캐럴 이모.): as sure as a speech verb beside it
            "self-named": 0.92,
            # the paragraph after the line opens on its speaker's speech verb joined by -자 to what followed
            # (김 진사가 소리치자 하인이 달려왔다): the speech came first, so it is the line before
            "verb-then": 0.92,
            # the sentence right after the line says who it was (맨 뒷자리의 민재였다)
            "identity-after": 0.92}
_NOT_PEOPLE = {"말", "소리", "목소리", "대답", "이야기", "얘기", "질문", "편지", "전화", "누구", "무엇", "뭐"}
_ASKS = re.compile(r"물었|묻는|되물|여쭈|여쭸|물어 ?보|캐물")
_ANSWERS = re.compile(r"대답|답했|답하")
_SOMEONE = re.compile(r"누군가|누가 |어디선가|웬 (?:사람|사내|여자|남자|목소리)|낯선 (?:목소리|사람|남자|여자|사내)|"
                      r"어떤 (?:사람|목소리)|목소리가 (?:들려|났)")
# words quoted inside a narration sentence and reported by its verb ('거짓말쟁이'라고 했다)
_QUOTED_INSIDE = re.compile(r"['’\"”」』]\s*(?:이?라고|하고|라며|이?라는|하며)")
# a question opening on someone's name as its topic (준이는 뭘 가져왔니?, 수진 씨는 어떻게 생각해요?)
_NAME_AS_YOU = re.compile(r"^([가-힣]{1,4}(?: 씨| 군| 양)?)(?:이는|는|은)\s")
_AT_LAST = re.compile(r"\s*(?:이윽고|마침내|한참 (?:만|뒤|후)에|그제야|겨우|간신히|드디어)")
_YOU = {"자네", "당신", "그대", "너", "댁", "임자", "여보", "여보게", "여보시오"}  # "you", not a role the text ties to anyone
_PHONE = re.compile(r"전화|휴대폰|핸드폰|수화기|통화|스피커폰")
_STRONG = 0.8  # narration this sure settles a quote before the conversation's order is read
_BESIDE = {"verb-after", "verb-before", "acts-before", "acts-after", "pronoun-verb", "pronoun-before",
           "verb-before-paragraph", "verb-after-paragraph", "verb-then", "identity-after"}
# a speech verb joined by -자 to what came of it (소리치자, 말하자, 묻자, 쏘아붙이자): the speech came first
_SAID_THEN = re.compile(r"(?:말하|묻|물|대답하|답하|외치|소리치|소리를 지르|소리 지르|중얼거리|중얼대|속삭이|대꾸하|"
                        r"고함치|호통치|부르짖|다그치|재촉하|타이르|꾸짖|말씀하|여쭈|아뢰|되묻|인사하|쏘아붙이|"
                        r"내뱉|덧붙이|투덜거리|따지|나무라)자(?:마자)?[\s,]")
_ORDER = {"two-parity", "continues", "reply", "answered", "two-after", "two-before", "addressed-other"}
# how often each kind of clue named the right speaker on the tuning passages ((right + 1) / (fired + 2)):
# what a clue is worth when the scene is read whole
_MEASURED = {"sole-actor-before": 0.89, "verb-after": 0.98, "before-paragraph": 0.76, "acts-before": 0.92,
             "acts-after": 0.93, "verb-before-paragraph": 0.78, "verb-after-paragraph": 0.86, "pronoun-verb": 0.86,
             "named-before": 0.83, "pronoun-before": 0.75, "verb-before": 0.75,
             # measured on all three tuning sets with the English source
             "english-verb": 0.98, "english-paragraph": 0.88, "english-acts-before": 0.92,
             "english-acts-after": 0.94, "english-verb-pronoun": 0.67}
ANCHOR = 4.0  # log-odds added to a line already named from the narration when the scene is read whole
SILENT = 3.0  # against one the narration says keeps silent
LINK_SAME = 3.0  # two lines in one paragraph with nobody else acting between: one speaker
LINK_OTHER = 2.0  # a new paragraph with nothing between: the other's turn
LINK_BACK = 1.5  # ...and the one before that speaks again (A, B, A)
LINK_ANSWER = 2.0  # the one a line calls by name answers it
MARGIN_AGREE = 1.5  # ...or this much when the conversation's order read line by line gave it the same speaker
NEWCOMER = 1.5  # against a line being a newcomer's when nothing between it and the line before introduces one
MARGIN = 2.1  # a line is named from the scene's reading only when any other reading is this much worse
# ...and it needs no second clue when any other reading is this much worse (e^3.8: 45 times less likely):
# on tune A-E, every such reading was right (78/0, each set 100% — A 9, B 2, C 20, D 16, E 31), where the
# narrower ones named 72 right and 20 wrong (E alone 18/12)
WIDE_MARGIN = 3.8
_ALTERNATION = 0.93  # each step of "the other of two" from a line whose speaker is known loses this much


@dataclass
class Clue:
    """One piece of evidence for a quote's speaker: who it names, how sure it is, and its wording."""

    who: str
    kind: str
    confidence: float
    fragment: Fragment
    listener: str | None = None  # an addressee named in the same narration (에게/한테/께)


@dataclass
class _Pronoun:
    """그/그녀 read back to the people it can be: ``who`` when only one, else the candidates."""

    who: str | None
    candidates: list[str]


class _Attribution:
    def __init__(self, text: str, quotes: list[Quote], facts: list[NarrationFacts], nearby,
                 source: str | None) -> None:
        self.text, self.facts, self.nearby, self.source = text, facts, nearby, source
        self.spoken = [q for q in quotes if q.kind != "thought"]
        self.thought_starts = sorted(q.start for q in quotes if q.kind == "thought")
        self.ends = {(q.paragraph, q.end) for q in self.spoken}
        ahead = _Ahead(text, self.spoken)
        self.vocative: dict[int, str | None] = {}
        self_names: list[str] = []  # the names lines give their own speakers (나야, 캐럴 이모.)
        for q in self.spoken:
            ahead.reach(q)
            voc = vocative(text, q.inner_start, q.inner_end)
            own = self_named(text[q.inner_start:q.inner_end])
            if own:
                self_names.append(own)
            # "나야, 캐럴 이모.": the name after the comma is the speaker's own, not whom the line calls
            self.vocative[id(q)] = None if voc and own == voc else voc
        self.many = {id(q) for q in self.spoken if addresses_many(text, q.inner_start, q.inner_end)}
        self.cast = build_cast(facts, self.vocative.values(), self_names)
        self.named_as_you()
        used = {f.subject for f in facts if f.pronoun}
        self.both_pronouns = {"그", "그녀"} <= used
        self.paragraph_quotes: dict[int, list[Quote]] = {}
        for q in self.spoken:
            self.paragraph_quotes.setdefault(q.paragraph, []).append(q)
        self.clues: dict[int, list[Clue]] = {}
        self.listener_confidence: dict[int, float] = {}
        self.why_not: dict[int, Fragment] = {}  # why a quote's speaker was left unknown
        self._narration_people: dict[tuple[int, int], list[str]] = {}
        self.pronoun_bound: dict[int, list[str]] = {}
        self.current: Quote | None = None  # the quote whose clues are being read  # 그/그녀 said the line: whom it can be
        self.listener_how_kind: dict[int, str] = {}
        self.margins: dict[int, tuple[str | None, float, bool]] = {}  # the scene's reading of each line
        self.english_sex: dict[int, str] = {}  # the sex the English source's he/she gives a line's speaker
        self.cast_names: set[str] = set()
        # lines named by one kind of evidence alone that needs a second (attribution_checks.UNCORROBORATED):
        # their kind, so that the abstention says why
        self.capped: dict[int, str] = {}

    # ---- who a word in the narration stands for ---------------------------------------------------------
    def person(self, k: int) -> str | None:
        """The character that is the subject of facts[k] (a name, a role the cast knows), or None."""
        f = self.facts[k]
        if f.subject is None or f.pronoun:
            return None
        return self.cast.name_of(f.subject)

    def pronoun(self, k: int, word: str) -> _Pronoun:
        """그/그녀 (``word``) in facts[k]: the people named before it in this scene that it can be, by sex
        where the text tells it; one person only when no other fits."""
        f = self.facts[k]
        g = self.facts[k - 1] if k else None
        if g is not None and g.paragraph == f.paragraph and g.subject and not g.pronoun and not g.joint and \
                self.cast.find(g.subject) is None and g.subject not in _NOT_PEOPLE:
            # right after a sentence about someone the cast does not know (털보도 사발을 내려놓았다. … 그는
            # 소리쳤다): 그 is most likely them, and they are no character to name
            return _Pronoun(None, [])
        want = "f" if word == "그녀" else "m" if word == "그" else None
        seen: list[str] = []
        subjects: list[str] = []
        for j in range(k - 1, max(-1, k - 10), -1):
            g = self.facts[j]
            if f.paragraph - g.paragraph > 6:
                break
            for n, m in enumerate([g.subject] + g.people + g.mentions):
                c = self.cast.find(m) if m and m not in PRONOUNS else None
                if c is None or (want and c.sex and c.sex != want):
                    continue
                if c.name not in seen:
                    seen.append(c.name)
                if n == 0 and c.name not in subjects:
                    subjects.append(c.name)
        nearby_quotes = [q for p in range(f.paragraph - 6, f.paragraph + 1) for q in self.paragraph_quotes.get(p, [])]
        for q in nearby_quotes:  # people who spoke in this stretch are present
            if q.end <= f.start and q.speaker:
                c = self.cast.find(q.speaker)
                if c and not (want and c.sex and c.sex != want) and c.name not in seen:
                    seen.append(c.name)
        if want and self.both_pronouns:
            # a text with both 그 and 그녀: a person whose sex it never shows could be either
            seen = [n for n in seen if self.cast.find(n).sex == want]  # type: ignore[union-attr]
        if len(seen) == 1:
            return _Pronoun(seen[0], seen)
        if want:
            sure = [n for n in seen if self.cast.find(n).sex == want]  # type: ignore[union-attr]
            if len(sure) == 1 and sure[0] in subjects[:2]:
                return _Pronoun(sure[0], seen)  # 할머니 … 민호가 들어섰다. "…" 그녀가 말했다
            every = [c.name for c in self.cast if c.sex == want]
            if len(every) == 1 and every[0] in seen and all(self.cast.find(n).sex for n in seen):  # type: ignore[union-attr]
                return _Pronoun(every[0], seen)
        return _Pronoun(None, seen)

    def subject_term(self, k: int, last: bool = False) -> tuple[str | None, int]:
        """The person facts[k] is about and the sentence it was read from: its subject (``last``: the
        last person among its subjects, the one acting nearest a quote after it), or, for a speech verb
        without one ("이윽고 떨리는 목소리로 물었다"), the subject carried over from the sentence before."""
        f = self.facts[k]
        if f.speech_verb and f.speech_subject and not f.verb_first:
            # the subject nearest the speech verb that is someone ("토토가 신이 나서 대답했어요": 토토)
            for term in reversed(f.people[:f.people.index(f.speech_subject) + 1]):
                if term in PRONOUNS or self.cast.find(term):
                    return term, k
            return f.speech_subject, k
        if last and f.joint:
            return None, k  # 소라와 민준이 마당에 나왔다: both act, neither is the one about to speak
        if last:
            for term in reversed(f.people):
                if term in PRONOUNS or self.cast.find(term):
                    return term, k
        if f.subject is not None:
            return f.subject, k
        if f.speech_verb and k > 0 and self.facts[k - 1].paragraph == f.paragraph and self.facts[k - 1].subject and \
                not self.nearby.quote_between(self.facts[k - 1].end, f.start) and \
                (not self.facts[k - 1].silent or _AT_LAST.match(self.text[f.start:f.end])):
            # (one who keeps silent speaks next only "at last": 아씨는 아무 말도 하지 못하였다. 이윽고 … 물었다.)
            return self.facts[k - 1].subject, k - 1
        return None, k

    def subject_clue(self, k: int, kind: str, pronoun_kind: str, last: bool = False) -> Clue | None:
        f = self.facts[k]
        term, at = self.subject_term(k, last)
        if term is None:
            return None
        if term in PRONOUNS:
            p = self.pronoun(at, term)
            if p.who is None:
                if pronoun_kind == "pronoun-verb" and self.current is not None and term in ("그", "그녀"):
                    self.pronoun_bound[id(self.current)] = p.candidates
                return None
            return Clue(p.who, pronoun_kind, _WEIGHTS[pronoun_kind], why(f"how/{pronoun_kind}", who=p.who),
                        f.listener)
        who = self.cast.name_of(term)
        if who is None and kind.startswith("verb") and at == k and term not in _NOT_PEOPLE:
            who = self.cast.add(term, named=False).name  # whoever a speech verb has speak is a person
            self.cast_names.add(who)
        if who is None:
            return None
        # the one spoken to: named with 에게/한테, or the one the speaker acts on (소윤을 내려다보며)
        to = f.listener or (f.obj if f.obj and self.cast.find(f.obj) and kind not in ("verb-after",) else None)
        return Clue(who, kind, _WEIGHTS[kind], why(f"how/{kind}", who=who), to)

    # ---- evidence next to each quote ---------------------------------------------------------------------
    def local_clues(self, q: Quote) -> list[Clue]:
        facts, nearby = self.facts, self.nearby
        clues: list[Clue] = []
        before, after = nearby.around(q.paragraph, q.start, q.end)
        b = before[0] if before and not nearby.quote_between(facts[before[0]].end, q.start) else None
        if b is not None and facts[b].closed and \
                any((q.paragraph, facts[b].start - d) in self.ends for d in range(3)):
            b = None  # "…" 진호가 물었다. "…": that sentence attributes the quote before it
        a = after[0] if after and not nearby.quote_between(q.end, facts[after[0]].start) else None
        if a is not None and facts[a].speech_verb:
            if not facts[a].verb_first:
                clue = self.subject_clue(a, "verb-after", "pronoun-verb")
                if clue:
                    clues.append(clue)
            elif b is not None and not facts[b].closed:
                clue = self.subject_clue(b, "verb-after", "pronoun-verb")  # 지훈은 "…" 하고 물었다
                if clue:
                    clues.append(clue)
        if b is not None and (facts[b].speech_verb or self.text[facts[b].end - 1:q.start].strip().startswith(":")
                              or not facts[b].closed):
            clue = self.subject_clue(b, "verb-before", "pronoun-verb")
            if clue:
                clues.append(clue)
        elif b is not None:
            clue = self.subject_clue(b, "acts-before", "pronoun-before", last=True)
            if clue:
                clues.append(clue)
        if before and not clues and not self.pronoun_acts_last(before[0], q):
            # the action just before is not a person's (대문이 덜컹했다): who acts in the narration leading
            # to the quote — sure when one person only does (besides the one the quote addresses)
            ks: list[int] = []
            for j in before:
                if nearby.quote_between(facts[j].end, q.start):
                    break
                if not facts[j].silent:
                    ks.insert(0, j)
            actors = self.actors(ks, self.cast.name_of(self.vocative[id(q)]))
            if actors:
                clues.append(Clue(actors[0], "named-before", _WEIGHTS["named-before"] if len(actors) == 1 else 0.45,
                                  why("how/named-before", who=actors[0])))
        if not before and q.paragraph - 1 not in self.paragraph_quotes:
            # the paragraph opens with the quote; the paragraph before is narration ending on a person:
            # sure when that sentence announces this line (떨리는 목소리로 물었다), a hint when it only acts
            prev = nearby.by_paragraph.get(q.paragraph - 1, [])
            if prev and not facts[prev[-1]].silent:
                spoke = self.speech_of_paragraph(q.paragraph - 1).get("next")
                if spoke is not None:
                    clue = self.subject_clue(prev[-1], "verb-before-paragraph", "pronoun-verb")
                    if clue:
                        clue.confidence = min(clue.confidence, spoke)
                elif facts[prev[-1]].speech_verb:
                    clue = None  # it tells who said the line before this paragraph
                else:
                    actors = self.actors([k for k in prev if not facts[k].silent], self.addressed(q))
                    clue = self.subject_clue(prev[-1], "before-paragraph", "pronoun-before", last=True)
                    if clue and clue.kind == "before-paragraph" and actors == [clue.who]:
                        clue.kind, clue.confidence = "sole-actor-before", _WEIGHTS["sole-actor-before"]
                        clue.fragment = why("how/sole-actor-before", who=clue.who)
                    elif clue:
                        clue.confidence = min(clue.confidence, _WEIGHTS["before-paragraph"])
                if clue:
                    clues.append(clue)
        if not after and q.paragraph + 1 not in self.paragraph_quotes and \
                self.paragraph_quotes.get(q.paragraph, [q])[-1] is q:
            clues += self.next_paragraph_clues(q)
        if a is not None and facts[a].start - q.end <= 2:
            clue = self.identity_clue(a)
            if clue:
                clues.append(clue)
        if a is not None and not facts[a].speech_verb and facts[a].start - q.end <= 2:
            clue = self.subject_clue(a, "acts-after", "pronoun-before")
            if clue:
                clue.confidence = min(clue.confidence, _WEIGHTS["acts-after"])
                clues.append(clue)
        return clues

    def next_paragraph_clues(self, q: Quote) -> list[Clue]:
        """What the narration paragraph after ``q`` says of its speaker: a speech verb that reports the line
        before it (verb-after-paragraph); one joined by -자 to what followed (김 진사가 문밖에 대고 소리치자
        하인이 달려왔다: verb-then); a sentence saying who it was (맨 뒷자리의 민재였다: identity-after)."""
        nxt = self.nearby.by_paragraph.get(q.paragraph + 1, [])
        if not nxt or self.facts[nxt[0]].start < q.end:
            return []
        first = self.facts[nxt[0]]
        spoke = self.speech_of_paragraph(q.paragraph + 1).get("previous")
        if first.speech_verb and self.reports_line(first) and \
                _SAID_THEN.search(self.text, first.start, first.end):
            clue = self.subject_clue(nxt[0], "verb-then", "pronoun-verb")
            return [clue] if clue else []
        if spoke is not None:
            clue = self.subject_clue(nxt[0], "verb-after-paragraph", "pronoun-verb")
            if clue:
                clue.confidence = min(clue.confidence, spoke)
                return [clue]
        clue = self.identity_clue(nxt[0])
        return [clue] if clue else []

    def identity_clue(self, k: int) -> Clue | None:
        """A narration sentence right after a line that says only who someone was ("맨 뒷자리의 민재였다."),
        with no subject of its own: the one who said the line."""
        f = self.facts[k]
        if not f.identity or f.subject is not None or f.speech_verb:
            return None
        who = self.cast.name_of(f.identity)
        if who is None:
            return None
        return Clue(who, "identity-after", _WEIGHTS["identity-after"], why("how/identity-after", who=who))

    def named_as_you(self) -> None:
        """A question that opens on a character's name as its topic ("준이는 뭘 가져왔니?") asks them: Korean
        speaks to people by name where English says "you". It counts as calling them (never their own line;
        they answer it)."""
        for q in self.spoken:
            if self.vocative[id(q)] is not None:
                continue
            inner = self.text[q.inner_start:q.inner_end].strip()
            m = _NAME_AS_YOU.match(inner)
            c = self.cast.find(m.group(1)) if m and inner.rstrip("… ").endswith("?") else None
            # (by the name itself: a role word as topic — 형은 — may as well speak of someone absent)
            if c is not None and c.named and m.group(1).split()[0] in (c.name.split()[0], plain_name(c.name)):  # type: ignore[union-attr]
                self.vocative[id(q)] = m.group(1)  # type: ignore[union-attr]

    def names_itself(self, q: Quote) -> list[Clue]:
        """The speaker a line names itself ("나야, 캐럴 이모."), when the cast knows them (app.korean.self_naming)."""
        c = self.cast.find(self_named(self.text[q.inner_start:q.inner_end]))
        if c is None or c.name == self.cast.name_of(self.vocative[id(q)]):
            return []
        return [Clue(c.name, "self-named", _WEIGHTS["self-named"], why("how/self-named", who=c.name))]

    def pronoun_acts_last(self, k: int, q: Quote) -> bool:
        """Whether the sentence just before the quote ends on someone a pronoun stands for (점원이 돌아가자 그녀는
        턱을 괴었다): the one acting nearest the line is then not the person named earlier in it."""
        if self.nearby.quote_between(self.facts[k].end, q.start):
            return False
        people = self.facts[k].people
        if not people or people[-1] not in PRONOUNS:
            return False
        # a name earlier in the same sentence is someone else: Korean does not take up its own subject
        # again with 그/그녀 within one sentence ("점원이 돌아가자 그녀는"; not "그녀의 목소리는" after a name
        # in the sentence before)
        return any(t not in PRONOUNS and self.cast.find(t) for t in people[:-1])

    def actors(self, ks: list[int], addressed: str | None) -> list[str]:
        """The people acting in these narration sentences, last first, leaving out the one addressed."""
        found: list[str] = []
        for k in reversed(ks):
            for term in reversed(self.facts[k].people):
                c = self.cast.find(term) if term not in PRONOUNS else None
                if c and c.name != addressed and c.name not in found:
                    found.append(c.name)
        return found

    def is_question(self, q: Quote | None) -> bool:
        return q is not None and self.text[q.inner_start:q.inner_end].rstrip().rstrip("…. ").endswith("?")

    def speech_of_paragraph(self, p: int) -> dict[str, float]:
        """A narration paragraph between two lines that reports speech: which line it attributes, and
        how surely. Its first sentence tells who said the line before it, its last who says the line
        after; a paragraph of one sentence is read by what it reports: asking (물었다) goes with the
        line that is a question, answering (대답했다) with the one that answers a question."""
        ks = self.nearby.by_paragraph.get(p, [])
        if not ks or p in self.paragraph_quotes:
            return {}
        before = self.paragraph_quotes.get(p - 1, [])
        after = self.paragraph_quotes.get(p + 1, [])
        prev_q = before[-1] if before and not self.nearby.by_paragraph.get(p - 1) or \
            before and self.facts[self.nearby.by_paragraph[p - 1][-1]].end <= before[-1].start else None
        next_q = after[0] if after and (not self.nearby.by_paragraph.get(p + 1) or
                                       self.facts[self.nearby.by_paragraph[p + 1][0]].start >= after[0].end) else None
        first, last = self.facts[ks[0]], self.facts[ks[-1]]
        out: dict[str, float] = {}
        if len(ks) > 1:
            if self.reports_line(first) and prev_q is not None:
                out["previous"] = 0.88
            if self.reports_line(last):
                out["next"] = 0.88
            return out
        if not self.reports_line(first):
            return out
        if prev_q is None:
            return {"next": 0.88}
        if next_q is None:
            return {"previous": 0.88}
        sentence = self.text[first.start:first.end]
        asks, answers = bool(_ASKS.search(sentence)), bool(_ANSWERS.search(sentence))
        pq, nq = self.is_question(prev_q), self.is_question(next_q)
        if asks and pq != nq:
            return {"previous": 0.9} if pq else {"next": 0.9}
        if answers and pq and not nq:
            return {"next": 0.9}
        return {}

    def reports_line(self, f: NarrationFacts) -> bool:
        """Whether a narration sentence's speech verb can report a line outside it: not when it reports words
        quoted inside it (현우가 입 모양으로 '거짓말쟁이'라고 했다)."""
        i = bisect_left(self.thought_starts, f.start)
        return f.speech_verb and not (i < len(self.thought_starts) and self.thought_starts[i] < f.end) and \
            not _QUOTED_INSIDE.search(self.text, f.start, f.end)

    def decide(self, q: Quote, clues: list[Clue]) -> bool:
        """Give ``q`` the speaker the clues point to when sure enough. Clues of one family (what the
        narration says; what the conversation's order implies) are not independent: per candidate the
        best of each family counts, and the families add up as independent evidence. A rival candidate
        takes away half its own weight; nobody is the person their own line addresses."""
        addressed = self.cast.name_of(self.vocative[id(q)])
        vetoed = [c for c in clues if c.who == addressed]
        clues = [c for c in clues if c.who != addressed and c.who not in self.silent_before(q)]
        if vetoed and not clues:
            self.why_not[id(q)] = why("how/unknown-addressed", who=vetoed[0].who)
        if not clues:
            return False
        # a sentence right beside the quote outweighs what the order of the conversation suggests
        explicit = {c.who for c in clues if c.kind in ("verb-after", "verb-before")}
        if explicit:  # a speech verb naming its subject outweighs anyone's action
            clues = [c for c in clues if c.who in explicit]
        beside = {c.who for c in clues if c.kind in _BESIDE}
        if beside:
            clues = [c for c in clues if c.kind in _BESIDE or c.who in beside]
        allowed = self.pronoun_bound.get(id(q))
        if allowed is not None:  # "그가 말했다" with 그 unresolved: only someone 그 can be
            clues = [c for c in clues if c.who in allowed]
        if not clues:
            return False
        per: dict[str, dict[str, Clue]] = {}
        for c in clues:
            family = _family(c.kind)
            held = per.setdefault(c.who, {}).get(family)
            if held is None or c.confidence > held.confidence:
                per[c.who][family] = c
        scores = {}
        for who, fams in per.items():
            miss = 1.0
            for c in fams.values():
                miss *= 1 - c.confidence
            scores[who] = 1 - miss
        ranked = sorted(scores, key=lambda w: -scores[w])
        best = ranked[0]
        confidence = scores[best] - (scores[ranked[1]] / 2 if len(ranked) > 1 else 0.0)
        if confidence < CHAIN_CONFIDENCE:
            lead = max(per[best].values(), key=lambda c: c.confidence)
            self.why_not[id(q)] = why("how/unknown-conflict", who=best, other=ranked[1]) if len(ranked) > 1 \
                else why("how/unknown-weak", who=best, how=lead.fragment)
            q.guess = best
            return False
        lead = max(per[best].values(), key=lambda c: c.confidence)
        listener = next((c.listener for c in per[best].values() if c.listener), None)
        self.give(q, best, lead.fragment, min(confidence, 0.99), listener, lead.kind,
                  agreeing={c.kind for c in clues if c.who == best})
        return True

    def silent_before(self, q: Quote) -> set[str]:
        """People the narration just before the quote says keep silent (김 진사는 대꾸 없이 헛기침만 했다; 도훈은
        대답하지 못했다. 서연이 피식 웃었다.)."""
        before, _ = self.nearby.around(q.paragraph, q.start, q.end)
        if before:
            ks = before[:1]
        else:  # a paragraph of narration before the line: whoever keeps silent in it and does nothing after
            ks = [] if q.paragraph - 1 in self.paragraph_quotes else self.nearby.by_paragraph.get(q.paragraph - 1, [])
        silent: set[str] = set()
        last = None
        for k in ks:
            who = self.person(k)
            if who and self.facts[k].silent:
                silent.add(who)
            elif who:
                silent.discard(who)
            elif last and self.facts[k].speech_verb:  # "…하지 못하였다. 이윽고 떨리는 목소리로 물었다.": they speak after all
                silent.discard(last)
            last = who or last
        return silent

    def give(self, q: Quote, who: str, fragment: Fragment, confidence: float, listener: str | None = None,
             kind: str = "", agreeing: set[str] | None = None) -> None:
        """Name ``who`` as the speaker of ``q``. Evidence of a kind that alone is not trusted
        (attribution_checks.UNCORROBORATED) keeps a confidence below MIN_CONFIDENCE unless a clue of another
        kind (``agreeing``, and the clues beside the line) names the same person."""
        seconds = {c.kind for c in self.clues.get(id(q), []) if c.who == who} | (agreeing or set())
        q.agreeing = tuple(sorted(seconds - {kind}))
        if not corroborated(kind, seconds):
            self.capped[id(q)] = kind
            confidence = min(confidence, _checks.WEAK_CAP)
        else:
            self.capped.pop(id(q), None)
        q.speaker, q.confidence = who, round(confidence, 3)
        q.how, q.how_why, q.evidence = render(fragment), fragment, kind
        if listener:
            to = "group" if is_group(listener) else self.cast.name_of(listener) or (
                listener if person_like(listener, set()) else None)
            if to and to != who:
                q.listener = to
                _heard(q, why("listener-how/named"))

    def addressed(self, q: Quote, people: list[str] | None = None) -> str | None:
        """The character a quote calls by name or title. A kinship or role word the cast does not know
        (할아버지, 마님, 선생님) stands for the one person present it can be (by sex, where the word
        tells it); with nobody it can be, it is a character of its own; otherwise it is not resolved."""
        voc = self.vocative[id(q)]
        if not voc or is_group(voc):
            return None
        c = self.cast.find(voc)
        if c is not None:
            return c.name
        if people is None or not (voc in PERSON_NOUNS or role_core(voc) in PERSON_NOUNS):
            return None
        sex = sex_of(voc)
        others = [self.cast.find(p) for p in people if p != q.speaker]
        others = [o for o in others if o is not None]
        fits = [o for o in others if not (sex and o.sex and o.sex != sex)]
        sure = [o for o in fits if sex and o.sex == sex]
        # (a word that tells a sex — 엄마 — is not tied to the one other person present when their sex is
        # unknown: on the telephone, or through a door, it calls someone the narration never shows)
        pick = sure[0] if len(sure) == 1 else \
            fits[0] if len(fits) == 1 and q.speaker and not (sex and fits[0].sex is None) else None
        if pick is not None:
            self.cast.link(voc, pick)
            return pick.name
        if not fits:
            c = self.cast.add(voc)
            self.cast_names.add(c.name)
            return c.name
        return None

    # ---- the conversation ---------------------------------------------------------------------------------
    def scenes(self) -> list[list[Quote]]:
        return _scenes(self.spoken)

    def people(self, scene: list[Quote], around: int | None = None, ahead: int = 2) -> list[str]:
        """Who is in a scene — around paragraph ``around``, from a few paragraphs before it to two after
        (someone who arrives later is not yet there): its speakers, the people its narration names as
        acting or addressed, and those its quotes call by name."""
        first, last = scene[0].paragraph - 1, scene[-1].paragraph
        if around is not None:
            first, last = max(first, around - 6), min(last, around + ahead)
        window = [q for p in range(first, last + 1) for q in self.paragraph_quotes.get(p, [])]
        found: list[str] = [q.speaker for q in window if q.speaker]
        for p in range(first, last + 1):
            found += self.narration_people(p)
        for q in window:
            c = self.cast.find(self.vocative[id(q)])
            if c:
                found.append(c.name)
        return list(dict.fromkeys(found))

    def narration_people(self, p: int) -> list[str]:
        """The characters paragraph ``p``'s narration names as acting or addressed (kept per paragraph:
        every quote near it asks)."""
        key = (p, len(self.cast.characters))
        found = self._narration_people.get(key)
        if found is None:
            found = []
            for k in self.nearby.by_paragraph.get(p, []):
                f = self.facts[k]
                for m in f.people + [f.listener]:
                    c = self.cast.find(m) if m and m not in PRONOUNS else None
                    if c:
                        found.append(c.name)
            self._narration_people[key] = found
        return found

    def narration_between(self, a: Quote, b: Quote) -> list[NarrationFacts]:
        return [self.facts[k] for p in range(a.paragraph, b.paragraph + 1)
                for k in self.nearby.by_paragraph.get(p, []) if a.end <= self.facts[k].start < b.start]

    def order_clues(self, q: Quote, scene: list[Quote], n: int, people: list[str]) -> list[Clue]:
        """What the order of the conversation says: the same speaker going on in one paragraph; a reply
        to the line before (its listener answers) or the line the next one answers; in a scene of two,
        the other of the one who spoke before or after. (The one a line calls by name is ruled out, and
        the other of two follows from that, when the scene is read whole: decode_scenes.)"""
        out: list[Clue] = []
        prev = scene[n - 1] if n else None
        nxt = scene[n + 1] if n + 1 < len(scene) else None
        self.addressed(q, people)  # an address word that can only be one person present becomes theirs
        if prev and prev.speaker and prev.paragraph == q.paragraph:
            between = self.narration_between(prev, q)
            if not any(self.cast.name_of(f.subject) not in (None, prev.speaker) for f in between if f.subject):
                out.append(Clue(prev.speaker, "continues", min(prev.confidence, 0.95),
                                why("how/continues", who=prev.speaker)))
            return out
        if any(_SOMEONE.search(self.text[f.start:f.end])
               for f in self.narration_between(prev or q, q) + self.before_paragraph(q)):
            return out  # someone not yet named speaks up (누군가 말을 걸었다): the order says nothing
        if prev and prev.speaker:
            between = self.narration_between(prev, q)
            acting = [self.cast.name_of(m) for f in between for m in f.people if m not in PRONOUNS]
            acting = [a for a in acting if a]
            damp = 1.0 if all(a in (prev.speaker, prev.listener) for a in acting) else 0.85
            if any(f.silent and self.person_is(f, prev.listener) for f in between):
                # the one spoken to keeps silent: the speaker may go on, or the silent one speak after a
                # pause — both are read, and they disagree unless something else settles it
                out.append(Clue(prev.speaker, "continues", min(prev.confidence, 0.9) * 0.9,
                                why("how/continues-silence", who=prev.speaker, silent=prev.listener)))
            if prev.listener and prev.listener not in ("group", prev.speaker) and prev.listener in self.cast_names \
                    and all(x in (prev.speaker, prev.listener) for x in acting):
                # (someone else acting in between may be the one who answers: no reply is read then)
                sure = min(prev.confidence, self.listener_confidence.get(id(prev), 0.0))
                out.append(Clue(prev.listener, "reply", sure * _ALTERNATION * damp,
                                why("how/reply", who=prev.listener, speaker=prev.speaker)))
            if len(people) == 2 and prev.speaker in people:
                other = people[1] if prev.speaker == people[0] else people[0]
                out.append(Clue(other, "two-after", prev.confidence * _ALTERNATION * damp,
                                why("how/two-after", who=prev.speaker)))
        if nxt and nxt.speaker and nxt.paragraph != q.paragraph and not self.narration_between(q, nxt):
            if nxt.listener and nxt.listener not in ("group", nxt.speaker) and nxt.listener in self.cast_names \
                    and self.listener_how_kind.get(id(nxt)) == "addressed" \
                    and nxt.listener in self.people(scene, q.paragraph, ahead=0):
                # (only someone already in the scene: a line that calls a newcomer by name does not answer)
                out.append(Clue(nxt.listener, "answered", min(nxt.confidence, 0.95) * 0.9,
                                why("how/answered", who=nxt.listener, speaker=nxt.speaker)))
            if len(people) == 2 and nxt.speaker in people:
                other = people[1] if nxt.speaker == people[0] else people[0]
                out.append(Clue(other, "two-before", nxt.confidence * _ALTERNATION * 0.97,
                                why("how/two-before", who=nxt.speaker)))
        return out

    def before_paragraph(self, q: Quote) -> list[NarrationFacts]:
        """The narration of the paragraph before ``q``'s when that paragraph has no quote."""
        if q.paragraph - 1 in self.paragraph_quotes:
            return []
        return [self.facts[k] for k in self.nearby.by_paragraph.get(q.paragraph - 1, [])]

    def person_is(self, f: NarrationFacts, name: str | None) -> bool:
        return bool(name) and f.subject is not None and not f.pronoun and self.cast.name_of(f.subject) == name

    def alternate(self) -> None:
        """Quotes the narration left unsure, settled with the conversation's order, sweeping forward and
        back until nothing changes (each line settled may settle its neighbour)."""
        scenes = self.scenes()
        for _ in range(4):
            changed = False
            for scene in scenes:
                order = list(range(len(scene)))
                for n in order + order[::-1]:
                    q = scene[n]
                    if q.speaker:
                        continue
                    people = self.people(scene, q.paragraph)
                    clues = self.clues.get(id(q), []) + self.order_clues(q, scene, n, people)
                    if self.decide(q, clues):
                        self.first_listener(q, scene, n, people)
                        changed = True
            if not changed and not self.parity(scenes):
                break

    def parity(self, scenes: list[list[Quote]]) -> bool:
        """A run of lines between two people that nothing anchors ("또 깨졌냐?" / "깨진 정도가 아니에요."
        / …): of the two ways the lines can alternate, the one the weak clues along the run agree with,
        when at least two of them do and none disagrees. Returns whether any line was settled."""
        settled = False
        for scene in scenes:
            n = 0
            while n < len(scene):
                run = [scene[n]]
                people = self.people(scene, scene[n].paragraph, ahead=0)
                while n + len(run) < len(scene) and self.alternates(run[-1], scene[n + len(run)], people):
                    run.append(scene[n + len(run)])
                n += len(run)
                if len(run) < 2 or len(people) != 2 or any(q.speaker for q in run):
                    continue
                for first in people:
                    other = people[1] if first == people[0] else people[0]
                    expect = [first if i % 2 == 0 else other for i in range(len(run))]
                    support = [c for q, w in zip(run, expect) for c in self.clues.get(id(q), []) if c.who == w]
                    against = [c for q, w in zip(run, expect) for c in self.clues.get(id(q), []) if c.who != w]
                    against += [q for q, w in zip(run, expect) if self.cast.name_of(self.vocative[id(q)]) == w]
                    if len(support) >= 2 and not against:
                        miss = 1.0
                        for c in support:
                            miss *= 1 - c.confidence
                        # two clues agreeing on a whole run, none against: as sure as a speech verb's
                        # neighbour (the run is read whole, not carried forward step by step)
                        sure = min(0.9, max(0.82, 1 - miss))
                        for q, w in zip(run, expect):
                            self.give(q, w, why("how/two-parity", who=w, other=people[1] if w == people[0]
                                                else people[0]), sure, kind="two-parity")
                        settled = True
                        break
        return settled

    def alternates(self, a: Quote, b: Quote, people: list[str]) -> bool:
        """Whether ``b`` can be the reply to ``a`` in a run between ``people``: a new paragraph, no one else
        acting in between, nobody 'someone' speaking up, the same two people around it."""
        if a.paragraph == b.paragraph:
            return False
        between = self.narration_between(a, b)
        if any(_SOMEONE.search(self.text[f.start:f.end]) for f in between):
            return False
        acting = {self.cast.name_of(m) for f in between for m in f.people if m not in PRONOUNS} - {None}
        return acting <= set(people) and set(self.people([b], b.paragraph, ahead=0)) <= set(people)

    # ---- the scene read as a whole (app.korean.turn_taking) ---------------------------------------------
    def evidence(self, q: Quote) -> dict[str, float]:
        """Log-odds per person for ``q`` from what is beside it: a line already named is an anchor; else
        the best clue of each family per person, added up. Nobody says a line that calls them by name."""
        out: dict[str, float] = {}
        if q.speaker and q.confidence >= MIN_CONFIDENCE:
            out[q.speaker] = ANCHOR + _logit(q.confidence)
        else:
            per: dict[tuple[str, str], float] = {}
            for c in self.clues.get(id(q), []):
                key = (c.who, _family(c.kind))
                per[key] = max(per.get(key, 0.0), _logit(_MEASURED.get(c.kind, c.confidence)))
            for (who, _), v in per.items():
                out[who] = out.get(who, 0.0) + v
            allowed = self.pronoun_bound.get(id(q))
            if allowed is not None:
                out = {w: v for w, v in out.items() if w in allowed}
            for who in self.silent_before(q):
                out[who] = out.get(who, 0.0) - SILENT
        sex = self.english_sex.get(id(q))
        if sex:  # the English says he/she: nobody of the other sex says it
            for c in self.cast:
                if c.sex and c.sex != sex:
                    out[c.name] = out.get(c.name, 0.0) - SILENT
        addressed = self.cast.name_of(self.vocative[id(q)])
        if addressed:
            out[addressed] = FORBIDDEN
        return out

    def break_between(self, a: Quote, b: Quote) -> list[NarrationFacts]:
        """The narration between two lines of different paragraphs that can change who speaks next: all
        of it but the speech verb that attributes ``a`` ("…" 현우가 물었다)."""
        return [f for f in self.narration_between(a, b) if not (f.paragraph == a.paragraph and f.speech_verb)]

    def link(self, prev: Quote, q: Quote, people: list[str]) -> Link:
        """What the order of the conversation says about ``q`` after ``prev``."""
        between = self.narration_between(prev, q)
        acting = {self.cast.name_of(m) for f in between for m in f.people if m not in PRONOUNS} - {None}
        someone = any(_SOMEONE.search(self.text[f.start:f.end]) for f in between + self.before_paragraph(q))
        if prev.paragraph == q.paragraph:
            others = acting - {prev.speaker} if prev.speaker else acting
            return Link(same=LINK_SAME if not others else 0.0)
        if someone:
            return Link()
        clean = not self.break_between(prev, q) and q.paragraph - prev.paragraph == 1
        k = Link(other=LINK_OTHER if clean else LINK_OTHER / 2 if len(acting) <= 1 else 0.0,
                 back=LINK_BACK if clean else 0.0)
        k.answers = self.addressed(prev, people) if not acting else None
        k.answered = self.addressed(q, people) if not acting else None
        k.answer = k.answered_bonus = LINK_ANSWER
        k.newcomer = NEWCOMER if clean else 0.0
        return k

    def decode_scenes(self) -> None:
        """Every line of each scene read together: lines the narration left unsure take the speaker of the
        scene's best reading when the margin over any other reading is wide enough."""
        newcomers = arrivals(self.text, self.cast, self.facts, self.spoken, self.vocative)
        for scene in self.scenes():
            people: list[str] = []
            lines = []
            for n, q in enumerate(scene):
                near = self.people(scene, q.paragraph) + [w for w, v in ev.items() if v > 0] \
                    if (ev := self.evidence(q)) is not None else []
                away = self.unplaced(q, near)
                if away:  # "어, 엄마." on the phone: the one called is someone of the scene, not this line's speaker
                    near.append(away)
                    ev[away] = FORBIDDEN
                people += near
                # in a long scene, who may say a line: the people around it (six paragraphs back, two
                # ahead) or with evidence; a short one weighs everyone of it (narrower choices make wider
                # margins: on the tuning prose they named a wrong person in 2.2% of lines instead of 1.3%)
                allowed = frozenset(near) if len(scene) > LONG_SCENE else None
                lines.append(Line(ev, self.link(scene[n - 1], q, people) if n else Link(), allowed))
            people = [p for p in dict.fromkeys(people) if p and p != "group"]
            for q, line in zip(scene, lines):
                # nobody the narration brings in only later says a line before it ("그때 문이 열리고 민재가
                # 들어왔다"), unless the narration beside the line names them
                later = {w for w, at in newcomers.items() if at > self.paragraph_end(q) and line.evidence.get(w, 0.0) <= 0}
                if later & set(people):
                    line.allowed = (line.allowed if line.allowed is not None else frozenset(people)) - later
            for q, (who, margin) in zip(scene, decode(lines, people)):
                sure = bool(q.speaker) and q.confidence >= MIN_CONFIDENCE
                self.margins[id(q)] = (who, margin, sure)
                if sure or who is None or margin < (MARGIN_AGREE if who == q.speaker else MARGIN):
                    continue
                self.give(q, who, why("how/turn-taking", who=who), min(0.95, MIN_CONFIDENCE + (margin - MARGIN) / 20),
                          kind="turn-taking-wide" if margin >= WIDE_MARGIN else "turn-taking")

    def called_and_answered(self) -> bool:
        """A role word a line calls someone by (도련님, 아씨) that the cast holds as nobody named is the named
        person who answers it: the next line, in the next paragraph, calls the first line's speaker back
        by name or role, and the narration between names one person acting, no one else being in the scene
        so far but the two ("도련님, 차가 식어요." 할멈이 말했다. / 준은 창가에서 돌아서지 않았다. "배 안 고파,
        할멈."). The same person each time the word is so answered. Returns whether any was tied."""
        votes: dict[str, set[str]] = {}
        for scene in self.scenes():
            for a, b in zip(scene, scene[1:]):
                said = self.paragraph_quotes.get(a.paragraph, [])  # the speech of a's paragraph, one speaker's
                word = next((w for x in said if (w := self.vocative[id(x)])), None)
                role = self.cast.find(word)
                if not word or not a.speaker or b.paragraph != a.paragraph + 1 or \
                        any(x.speaker != a.speaker or x.confidence < MIN_CONFIDENCE for x in said) or \
                        role is not None and role.named or is_group(word) or word in PRONOUNS | _YOU or \
                        not (word in PERSON_NOUNS or role_core(word) in PERSON_NOUNS) or \
                        self.cast.name_of(self.vocative[id(b)]) != a.speaker:
                    continue
                acting = {self.cast.name_of(m) for f in self.narration_between(a, b) for m in f.people
                          if m not in PRONOUNS} - {None, a.speaker}
                present = set(self.people(scene[:scene.index(b) + 1], b.paragraph, ahead=0)) - \
                    {a.speaker, "group", role.name if role is not None else word}
                who = self.cast.find(next(iter(acting))) if len(acting) == 1 and present == acting else None
                sex = role.sex if role is not None else sex_of(word)
                fits = who is not None and who.named and not (sex and who.sex and who.sex != sex)
                votes.setdefault(word, set()).add(who.name if fits and who is not None else "")
        return self.tie_words(votes)

    def tie_words(self, votes: dict[str, set[str]]) -> bool:
        """Each role word voted for one person only (and by no "" vote) stands for that person from now on:
        a character the cast held for the word alone is merged into them, and lines naming the word name
        them. Returns whether any was tied."""
        tied = False
        for word, who in votes.items():
            keep, gone = self.cast.find(next(iter(who))), self.cast.find(word)
            if len(who) != 1 or "" in who or keep is None or keep is gone:
                continue
            gone_name = gone.name if gone is not None else word
            if gone is not None:
                self.cast.merge(keep, gone)
            self.cast.link(word, keep)
            for q in self.spoken:
                q.speaker = keep.name if q.speaker in (word, gone_name) else q.speaker
                q.listener = keep.name if q.listener in (word, gone_name) else q.listener
            for clues in self.clues.values():
                for c in clues:
                    c.who = keep.name if c.who in (word, gone_name) else c.who
            tied = True
        self.cast_names = set(self.cast.names())
        self._narration_people.clear()
        return tied

    def called_by_presence(self) -> bool:
        """A role word that the text uses only to call someone (나으리, 영감, 마님: never in its narration) is the
        one person present it can be: for every line whose speaker is known that uses it, the one other
        person around the line of a fitting sex, the same one each time. Returns whether any was tied."""
        told = {c.name for f in self.facts for t in [f.subject, f.listener, f.obj, *f.people, *f.mentions]
                if t and t not in PRONOUNS and (c := self.cast.find(t)) is not None}
        votes: dict[str, set[str]] = {}
        for scene in self.scenes():
            start = scene[0].start
            for _ in range(6):  # the call may have begun a few paragraphs before (as people() looks back)
                start = max(0, self.text.rfind("\n\n", 0, start))
            if _PHONE.search(self.text, start, scene[-1].end):
                continue  # on the telephone the one called (엄마) is nobody the narration shows
            for q in scene:
                voc = self.vocative[id(q)]
                c = self.cast.find(voc)
                word = c.name if c is not None else voc
                if not word or word in told or c is not None and c.named or not q.speaker or \
                        q.confidence < MIN_CONFIDENCE or is_group(word) or word in PRONOUNS | _YOU or \
                        not (word in PERSON_NOUNS or role_core(word) in PERSON_NOUNS):
                    continue
                sex = c.sex if c is not None else sex_of(word)
                fits = [p for p in self.people(scene, q.paragraph, ahead=0) if p not in (q.speaker, word, "group")
                        and p in told and not (sex and (o := self.cast.find(p)) and o.sex and o.sex != sex)]
                votes.setdefault(word, set()).add(fits[0] if len(fits) == 1 else "")
        tied = False
        for word, who in votes.items():
            keep, gone = self.cast.find(next(iter(who))), self.cast.find(word)
            if len(who) != 1 or "" in who or keep is None or keep is gone:
                continue
            if gone is not None:
                self.cast.merge(keep, gone)
            self.cast.link(word, keep)
            for q in self.spoken:
                q.speaker = keep.name if q.speaker == word else q.speaker
                q.listener = keep.name if q.listener == word else q.listener
            tied = True
        self.cast_names = set(self.cast.names())
        return tied

    def paragraph_end(self, q: Quote) -> int:
        """Where the paragraph of ``q`` ends: one who arrives in it ("예, 나리." 돌쇠가 달려 나왔다) arrives with the line."""
        end = self.text.find("\n", q.end)
        return len(self.text) if end < 0 else end

    def unplaced(self, q: Quote, people: list[str]) -> str | None:
        """A kinship or role word the line calls someone by (엄마, 선생님) that is nobody the cast knows and
        nobody present can be: the one called (at the other end of a telephone, behind a door) is a
        person of the scene all the same, who may say the lines around it."""
        voc = self.vocative[id(q)]
        if not voc or is_group(voc) or self.cast.find(voc) is not None or \
                not (voc in PERSON_NOUNS or role_core(voc) in PERSON_NOUNS) or voc in PRONOUNS:
            return None
        return voc if self.addressed(q, people) is None else None

    def source_clues(self) -> None:
        """What the English source says of each line's speaker (app.korean.english_source), as one more
        clue: the character the English person is tied to; for a pronoun that names nobody, its sex."""
        en = read_english(self.source or "")
        self.names_from_english({q.who for q in en.quotes if q.who and q.kind.startswith("english-verb")})
        found = match_english(en, [q.paragraph for q in self.spoken],
                              self.paragraph_people(), {c.name: c.sex for c in self.cast})
        for q, s in zip(self.spoken, found or []):
            if s.who:
                self.clues[id(q)].append(Clue(s.who, s.kind, _WEIGHTS.get(s.kind, 0.8),
                                              why("how/english", label=s.label, who=s.who)))
            if s.sex:
                self.english_sex[id(q)] = s.sex

    def names_from_english(self, names: set[str]) -> None:
        """A word of the narration that sounds like a name the English uses (소라 for Sora, which Kiwi
        reads as a common noun) is that person."""
        for f in self.facts:
            for term in f.people + f.mentions:
                if len(term) < 2 or " " in term or self.cast.find(term) or term in PRONOUNS or \
                        term in _NOT_PEOPLE or any("가" > ch or ch > "힣" for ch in term):
                    continue
                if any(sounds_like(n, term) >= 0.85 for n in names):
                    self.cast.add(term, named=True)
        self.cast_names = set(self.cast.names())

    def paragraph_people(self) -> dict[int, list[str]]:
        """Per paragraph, the characters its narration names and those its lines call by name."""
        out: dict[int, list[str]] = {}
        for p in set(self.nearby.by_paragraph) | set(self.paragraph_quotes):
            out[p] = list(self.narration_people(p))
        for q in self.spoken:
            c = self.cast.find(self.vocative[id(q)])
            if c:
                out.setdefault(q.paragraph, []).append(c.name)
        return out

    def english(self) -> None:
        """The English source: quotes it gives to one speaker belong to one character."""
        labels = english_speakers(self.source or "")
        if len(labels) != len(self.spoken):
            return
        for label in {x for x in labels if x}:
            named = {q.speaker for q, x in zip(self.spoken, labels) if x == label and q.speaker
                     and q.confidence >= CHAIN_CONFIDENCE}
            if len(named) == 1:
                who = named.pop()
                for q, x in zip(self.spoken, labels):
                    if x == label and not q.speaker:
                        self.give(q, who, why("how/english-source", label=label, who=who),
                                  _WEIGHTS["english-source"], kind="english-source")

    def check(self) -> None:
        """Turn what cannot be right into "speaker unknown": a quote that addresses its own speaker, any
        answer less sure than MIN_CONFIDENCE, and one the text contradicts (app.korean.attribution_checks)."""
        newcomers = arrivals(self.text, self.cast, self.facts, self.spoken, self.vocative)
        for q in self.spoken:
            if not q.speaker:
                continue
            ruled_out = contradiction(q, self.cast, self.vocative[id(q)], newcomers, self.paragraph_end(q))
            if self.cast.name_of(self.vocative[id(q)]) == q.speaker:
                self.abstain(q, why("how/unknown-addressed", who=q.speaker))
            elif q.confidence < MIN_CONFIDENCE and id(q) in self.capped:
                self.abstain(q, why("how/unknown-uncorroborated", who=q.speaker, how=q.how_why))
            elif q.confidence < MIN_CONFIDENCE:
                self.abstain(q, why("how/unknown-weak", who=q.speaker, how=q.how_why))
            elif ruled_out is not None:
                self.abstain(q, ruled_out)

    def abstain(self, q: Quote, fragment: Fragment) -> None:
        q.guess, q.guess_listener, q.speaker = q.speaker, q.listener, None
        q.how, q.how_why, q.evidence = render(fragment), fragment, "unknown"
        q.listener, q.listener_how, q.listener_how_why = None, "", {}

    def run(self) -> None:
        self.cast_names = set(self.cast.names())
        for q in self.spoken:
            self.current = q
            self.clues[id(q)] = self.local_clues(q) + self.names_itself(q)
        self.current = None
        if self.source:
            self.source_clues()
        for scene in self.scenes():
            for n, q in enumerate(scene):
                people = self.people(scene, q.paragraph)
                if any(c.confidence >= _STRONG for c in self.clues[id(q)]) and self.decide(q, self.clues[id(q)]):
                    self.first_listener(q, scene, n, people)
        if self.source:
            self.english()
        self.cast_names = set(self.cast.names())
        self.called_and_answered()
        self.alternate()
        self.decode_scenes()
        if self.called_by_presence():
            self.decode_scenes()
        # listeners are read on every reading, the unsure ones too: a line too unsure to name keeps the
        # listener of its reading beside its guess (the checks of how a pair speaks weigh it)
        self.listeners()
        self.check()
        self.listeners()
        for q in self.spoken:
            if not q.speaker:
                q.how_why = self.why_not.get(id(q)) or q.how_why or why("how/unknown")
                q.how, q.evidence = render(q.how_why), "unknown"

    def first_listener(self, q: Quote, scene: list[Quote], n: int, people: list[str]) -> None:
        """The listener as soon as the speaker is known, where the quote or the scene says it: a line that
        the next one may be a reply to needs it."""
        if q.listener and q.listener != q.speaker:
            self.listener_confidence[id(q)] = 0.9
            self.listener_how_kind[id(q)] = "named"
            return
        voc = self.vocative[id(q)]
        if is_group(voc):
            q.listener = "group"
            _heard(q, why("listener-how/addressed", vocative=voc))
            self.listener_confidence[id(q)] = 0.95
            self.listener_how_kind[id(q)] = "addressed"
            return
        who = self.addressed(q, people)
        if who and who != q.speaker:
            q.listener = who
            _heard(q, why("listener-how/addressed", vocative=voc))
            self.listener_confidence[id(q)] = 0.95
            self.listener_how_kind[id(q)] = "addressed"
            return
        if id(q) in self.many:
            q.listener = "group"
            _heard(q, why("listener-how/several"))
            self.listener_confidence[id(q)] = 0.9
            return
        prev = scene[n - 1] if n else None
        if prev and prev.speaker == q.speaker and prev.paragraph == q.paragraph and prev.listener:
            q.listener, q.listener_how, q.listener_how_why = prev.listener, prev.listener_how, prev.listener_how_why
            self.listener_confidence[id(q)] = self.listener_confidence.get(id(prev), 0.6)
            return
        if prev and prev.speaker and prev.speaker != q.speaker and prev.listener == q.speaker:
            q.listener = prev.speaker  # a reply goes to the one who spoke
            _heard(q, why("listener-how/neighbour", who=prev.speaker))
            self.listener_confidence[id(q)] = 0.8
            return
        others = [p for p in people if p != q.speaker]
        if len(others) == 1:
            q.listener = others[0]
            _heard(q, why("listener-how/two-people"))
            self.listener_confidence[id(q)] = 0.85

    def reply_listener(self, q: Quote, scene: list[Quote], n: int) -> None:
        """A line whose speaker is unknown in a run of turns: it answers the one who spoke the line before
        (a new paragraph, nobody acting between), or else is answered by the one who speaks the next."""
        prev = scene[n - 1] if n else None
        nxt = scene[n + 1] if n + 1 < len(scene) else None
        for other in (prev, nxt):
            if other is None or not other.speaker or other.paragraph == q.paragraph:
                continue
            a, b = (other, q) if other is prev else (q, other)
            if b.paragraph - a.paragraph == 1 and not self.break_between(a, b):
                q.listener = other.speaker
                _heard(q, why("listener-how/neighbour", who=other.speaker))
                return

    # ---- listeners --------------------------------------------------------------------------------------
    def listeners(self) -> None:
        for scene in self.scenes():
            for n, q in enumerate(scene):
                people = self.people(scene, q.paragraph)
                voc = self.vocative[id(q)]
                if q.listener and q.listener != q.speaker:
                    continue
                q.listener = None
                if is_group(voc):
                    q.listener = "group"
                    _heard(q, why("listener-how/addressed", vocative=voc))
                    continue
                who = self.addressed(q, people)
                if who and who != q.speaker:
                    q.listener = who
                    _heard(q, why("listener-how/addressed", vocative=voc))
                    continue
                if id(q) in self.many:
                    q.listener = "group"
                    _heard(q, why("listener-how/several"))
                    continue
                if q.speaker is None:
                    self.reply_listener(q, scene, n)
                    continue
                prev = scene[n - 1] if n else None
                if prev and prev.speaker == q.speaker and prev.paragraph == q.paragraph and prev.listener:
                    q.listener = prev.listener  # the same speech goes on
                    q.listener_how, q.listener_how_why = prev.listener_how, prev.listener_how_why
                    continue
                others = [p for p in people if p != q.speaker]
                # a reply (the line before is the next paragraph's neighbour, nobody acting between) is to
                # the one who spoke it; otherwise the line is to the one who answers it
                reply = prev is not None and (prev.paragraph == q.paragraph or q.paragraph - prev.paragraph == 1
                                              and not self.break_between(prev, q))
                order = scene[max(0, n - 1):n] + scene[n + 1:n + 2] if reply \
                    else scene[n + 1:n + 2] + scene[max(0, n - 1):n]
                near = [s.speaker for s in order if s.speaker and s.speaker != q.speaker]
                if len(others) == 1:
                    q.listener = others[0]
                    _heard(q, why("listener-how/two-people"))
                elif near:
                    q.listener = near[0]
                    _heard(q, why("listener-how/neighbour", who=near[0]))


def attribute(text: str, quotes: list[Quote], facts: list[NarrationFacts], nearby, source: str | None = None) -> Cast:
    """Fill ``speaker``/``listener``, their evidence and the speaker's confidence on each quote, in place;
    the text's cast is returned (the names used are its characters' names)."""
    job = _Attribution(text, quotes, facts, nearby, source)
    job.run()
    return job.cast


def _family(kind: str) -> str:
    """Clues of one family are not independent: what the narration says, what the order of the conversation
    implies, what the English source's speech verbs say."""
    # (where the English only says who acts next to the line, it says what the Korean narration says)
    # (a line naming its own speaker says it in the line itself: a family of its own)
    return "order" if kind in _ORDER else "english" if kind.startswith("english-verb") else \
        "self" if kind == "self-named" else "narration"


def _logit(p: float) -> float:
    p = min(max(p, 0.5), 0.99)
    return math.log(p / (1 - p))


def _scenes(spoken: list[Quote]) -> list[list[Quote]]:
    scenes: list[list[Quote]] = []
    for q in spoken:
        if scenes and q.paragraph - scenes[-1][-1].paragraph <= _SCENE_GAP:
            scenes[-1].append(q)
        else:
            scenes.append([q])
    return scenes


def _heard(q: Quote, how: Fragment) -> None:
    """Record how the quote's listener was found, in English and as its fragment."""
    q.listener_how, q.listener_how_why = render(how), how


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
