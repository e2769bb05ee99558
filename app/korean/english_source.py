"""Who speaks each quotation of the English source: LitLens reviews an English→Korean pair, and English
attribution is regular ("…," said Mary; she asked; the old man replied; Tom looked up. "…").

``read_english`` finds the English quotations paragraph by paragraph and, for each, the person the
narration gives it to, with the kind of evidence (a speech verb beside it, a pronoun resolved to the one
person it can be, the person acting just before or after it, the person acting in the paragraph before)
and the sex a pronoun or a role word tells. ``english_people`` lists the people the English mentions per
paragraph, so that app.korean.attribution can tie an English name or role to a Korean character by the
paragraphs they share and by how the name sounds (``romanise``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

_QUOTE = re.compile(r"[\"“]([^\"“”]*)[\"”]?")
_VERBS = ("said|says|asked|asks|answered|replied|shouted|cried|called|muttered|whispered|murmured|added|snapped|"
          "told|yelled|exclaimed|begged|pleaded|demanded|insisted|laughed|sighed|retorted|grumbled|protested|"
          "continued|began|explained|announced|declared|barked|hissed|urged|warned|offered|agreed|admitted|"
          "repeated|echoed|interrupted|suggested|wailed|sobbed|stammered|blurted|pressed|teased|scolded|"
          "ordered|greeted|went on|cut in|put in|chimed in|spoke|breathed|groaned|growled|joked|mumbled|"
          "roared|screamed|shrieked|squealed|whimpered|said again|asked again|read|wrote|called out|cried out|"
          "shot back|fired back|observed|remarked|pleaded|coaxed|soothed|chided|boomed|piped up|piped|gasped|"
          "conceded|ventured|reasoned|corrected|objected|confirmed|responded|inquired|enquired|wondered|"
          "mused|told him|told her|sneered|snorted|huffed|pleaded")
_VERB = rf"(?:{_VERBS})\b"
_CAP_STOP = set("""The A An And But Then There It Its When While As At In On Of For From To With Without Just So
Yes No Oh Ah Well Now Still Only Even After Before Once If Though Although Because Since Until Inside Outside
This That These Those What Who Why How Where Behind Beside Between Across Through Over Under Somewhere
Someone Everyone Nobody Nothing Something Everything Here Everybody Somebody Finally Suddenly Again Meanwhile
Slowly Quietly Instead Outside Above Below Near Around Down Up Out Off Sir Madam Mister Ma'am Miss Dear Mom
Mum Dad Mother Father Grandma Grandpa Granny Uncle Auntie Aunt Hey Hello Okay OK Please Thank Thanks Good
Come Look Listen Wait Stop Go Let Don't I'm I'll I'd We They He She You Me My Your Our Their His Her""".split())
_TITLES = r"(?:Mr\.|Mrs\.|Ms\.|Miss|Dr\.|Old|Officer|Professor|Manager|Captain|Detective|Inspector|Teacher|Uncle|Aunt|Grandma|Grandpa|Granny|Auntie|Master|Madam|Lady|Sir)"
_NAME = rf"(?:{_TITLES} )?[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+){{0,2}}"
_ROLE = r"(?:the|his|her|their|my|our|an?|one of the|another|some) (?:[a-z\-]+ ){0,3}?[a-z\-]+"
_SUBJ = rf"(?:{_NAME}|{_ROLE}|he|she|they|I|we)"
_ADVERB = r"(?:[a-z]+ly |then |finally |again |at last |at once |quietly |only |just |still |also )*"
_AFTER = [re.compile(rf"^\s*[,.!?—–-]*\s*({_SUBJ}) {_ADVERB}{_VERB}"),
          re.compile(rf"^\s*[,—–-]?\s*{_VERB}(?: out| back| up| in| again| softly| quietly| loudly)? ({_SUBJ})\b")]
_BEFORE_VERB = re.compile(rf"({_SUBJ}) {_ADVERB}{_VERB}[^.!?\"“]*[,:]?\s*$")
_SENT_SUBJ = re.compile(rf"^\s*(?:[A-Z][^,.!?]{{0,50}}, )?({_SUBJ})\s+(?:[a-z]+ly )?[a-z]")
MALE_WORDS = set("""he him his man men boy father dad husband brother son grandfather grandpa uncle mister mr king
sir gentleman master policeman fisherman taffy-seller nephew lad fellow monk prince groom widower""".split())
FEMALE_WORDS = set("""she her woman women girl mother mom mum wife sister daughter grandmother grandma granny aunt
auntie lady mrs miss mistress madam queen niece bride widow landlady nun maid princess""".split())
PRONOUNS = {"he": "m", "she": "f"}
_SILENT = re.compile(r"said nothing|did not (?:answer|reply|say)|didn't (?:answer|reply|say)|without a word|"
                     r"made no (?:answer|reply)|kept silent|was silent|fell silent|no answer|could say nothing")


@dataclass
class EnglishQuote:
    paragraph: int
    start: int  # offsets in the English text
    end: int
    who: str | None = None  # the person named (lower case, no article), or None
    kind: str = ""  # english-verb, english-pronoun, english-acts-before, english-acts-after, english-paragraph
    sex: str | None = None  # what a pronoun or a role word tells of the speaker


@dataclass
class EnglishText:
    paragraphs: list[tuple[int, int]]
    quotes: list[EnglishQuote] = field(default_factory=list)
    people: list[list[str]] = field(default_factory=list)  # per paragraph, the people its narration names
    sexes: dict[str, str] = field(default_factory=dict)  # person -> 'm'/'f' where the English tells
    names: set[str] = field(default_factory=set)  # capitalised words the text uses as names


def norm_person(term: str) -> str | None:
    """'the old man' → 'old man', 'Mr. Baek' → 'mr. baek', 'he' → 'he'; None for words that are no one."""
    t = term.strip().lower()
    t = re.sub(r"^(?:the|an?|one of the|another|some)\s+", "", t)
    if not t or t in {"it", "this", "that", "there", "everyone", "nobody", "someone", "voice", "door", "phone"}:
        return None
    return t


def _paragraphs(text: str) -> list[tuple[int, int]]:
    out, pos = [], 0
    for m in re.finditer(r"\n\s*\n", text):
        if text[pos:m.start()].strip():
            out.append((pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, len(text)))
    return out


def _sentences(chunk: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"“])", chunk.strip()) if s.strip()]


def _subject(sentence: str, names: set[str]) -> str | None:
    """The person a sentence is about: its subject, where it is someone (``names``: the capitalised words
    the text uses as names)."""
    sentence = re.sub(r"^(\s*)(The|His|Her|Their|My|Our|An?|One of the|Another) ",
                      lambda m: m.group(1) + m.group(2).lower() + " ", sentence)
    m = _SENT_SUBJ.match(sentence)
    if not m:
        return None
    who = m.group(1)
    if re.match(r"(?:the|his|her|their|my|our|an?|one of the|another|some) ", who):
        rest = sentence[m.end(1):].split()
        while rest and len(who.split()) < 5 and not _verb_like(rest[0]):
            who, rest = who + " " + rest[0], rest[1:]  # the old woman looked up: the whole phrase
    first = who.split()[0]
    if first in _CAP_STOP and who not in ("He", "She", "I", "We", "They") and not re.match(_TITLES, who):
        return None
    if first[0].isupper() and first not in ("He", "She", "I", "We", "They") and not re.match(_TITLES, who) \
            and first not in names:
        return None  # "Snow had piled up": a capital that only starts a sentence names no one
    return norm_person(who)


_IRREGULAR = set("""was were had came went sat stood said saw took gave got made put ran rose set spoke told thought
knew found left held kept led felt began brought caught drew drove fell flung grew hung heard hid let lay lit meant
met paid read rode rang sang sank shook shot shut slept slid spun stole struck swept swung threw tore woke wore won
wrote is are has does did can could would will should might must may""".split())


def _verb_like(word: str) -> bool:
    w = word.strip(",.;:!?").lower()
    return not w.isalpha() or w.endswith(("ed", "ly")) or w in _IRREGULAR or w.endswith("s") and len(w) > 3 \
        and not w.endswith("ss") and w[:-1] in _IRREGULAR | {"look", "turn", "nod", "shake", "smile"}


def _names_in(text: str) -> set[str]:
    """Capitalised words used as names: seen inside a sentence, or starting two or more sentences."""
    inside = set(re.findall(r"(?<=[a-z,;] )([A-Z][a-z'\-]+)", text))
    starts = re.findall(r"(?:^|[.!?\"”]\s+|\n)([A-Z][a-z'\-]+)", text)
    return (inside | {w for w in starts if starts.count(w) >= 2}) - _CAP_STOP


def _sex_of(person: str) -> str | None:
    words = set(person.replace(".", "").split())
    if words & MALE_WORDS and not words & FEMALE_WORDS:
        return "m"
    if words & FEMALE_WORDS and not words & MALE_WORDS:
        return "f"
    return None


def read_english(text: str) -> EnglishText:
    """The English quotations, their speakers where the narration gives them, and the people named."""
    out = EnglishText(_paragraphs(text))
    out.names = _names_in(text)
    for pi, (ps, pe) in enumerate(out.paragraphs):
        body = text[ps:pe]
        marks = [m for m in _QUOTE.finditer(body) if m.group(1).strip()]
        narration = _QUOTE.sub(" ¶ ", body)
        named = [n for s in _sentences(narration.replace("¶", ".")) for n in [_subject(s, out.names)] if n]
        named += [norm_person(x) for x in re.findall(rf"\b({_NAME})\b", narration)
                  if x.split()[0] not in _CAP_STOP or re.match(_TITLES, x)]
        out.people.append([n for n in dict.fromkeys(named) if n and n not in ("he", "she", "i", "we", "they")])
        for n, m in enumerate(marks):
            q = EnglishQuote(pi, ps + m.start(), ps + m.end())
            after = body[m.end():marks[n + 1].start() if n + 1 < len(marks) else len(body)]
            before = body[marks[n - 1].end() if n else 0:m.start()]
            _attribute(q, before, after, n == 0, out.names)
            out.quotes.append(q)
    _learn_sexes(out, text)
    _paragraph_before(out, text)
    _resolve_pronouns(out)
    return out


def _paragraph_before(out: EnglishText, text: str) -> None:
    """A quotation opening its paragraph after a paragraph of narration only: the person that narration
    ends on (the old servant came in, bent at the waist. / "Master, …")."""
    with_quotes = {q.paragraph for q in out.quotes}
    for q in out.quotes:
        ps = out.paragraphs[q.paragraph][0]
        if q.who or text[ps:q.start].strip() or q.paragraph == 0 or q.paragraph - 1 in with_quotes:
            continue
        a, b = out.paragraphs[q.paragraph - 1]
        sentences = _sentences(text[a:b])
        who = _subject(sentences[-1], out.names) if sentences and not _SILENT.search(sentences[-1]) else None
        if who:
            q.who, q.kind = who, "english-paragraph"
            q.sex = PRONOUNS.get(who) or out.sexes.get(who) or _sex_of(who)


def _resolve_pronouns(out: EnglishText) -> None:
    """he/she read as the one person of that sex named in this paragraph or the three before it."""
    for q in out.quotes:
        if q.who not in PRONOUNS:
            continue
        near = [p for k in range(max(0, q.paragraph - 3), q.paragraph + 1) for p in out.people[k]]
        fits = {p for p in near if out.sexes.get(p) == q.sex}
        unknown = {p for p in near if p not in out.sexes}
        if len(fits) == 1 and not unknown:
            q.who, q.kind = fits.pop(), q.kind + "-pronoun"


def _attribute(q: EnglishQuote, before: str, after: str, first: bool, names: set[str]) -> None:
    for rx in _AFTER:
        hit = rx.match(after)
        if hit and _ok_name(hit.group(1)):
            q.who, q.kind = norm_person(hit.group(1)), "english-verb"
            break
    if q.who is None and before.strip():
        last = _sentences(before)[-1] if _sentences(before) else ""
        hit = _BEFORE_VERB.search(before)
        if hit and _ok_name(hit.group(1)) and (first or not re.search(r"[.!?]\s", before.strip())):
            q.who, q.kind = norm_person(hit.group(1)), "english-verb"
        elif first or not before.strip().startswith((",", "—")):
            who = _subject(last, names)
            if who and (first or len(_sentences(before)) > 1):
                q.who, q.kind = who, "english-acts-before"
    if q.who is None and after.strip() and not _AFTER[0].match(after):
        first_sentence = _sentences(after)[0] if _sentences(after) else ""
        who = _subject(first_sentence, names)
        if who:
            q.who, q.kind = who, "english-acts-after"
    if q.who in PRONOUNS:
        q.sex = PRONOUNS[q.who]
    elif q.who:
        q.sex = _sex_of(q.who)
    if q.who in ("i", "we", "they"):
        q.who, q.kind = None, ""


def _ok_name(who: str) -> bool:
    return who.split()[0] not in _CAP_STOP or who in ("He", "She") or bool(re.match(_TITLES, who))


def _learn_sexes(out: EnglishText, text: str) -> None:
    """The sex of a named person: a role word says it, or a sentence with them as its only person and
    he/his (she/her) only."""
    for people in out.people:
        for p in people:
            s = _sex_of(p)
            if s:
                out.sexes.setdefault(p, s)
    for ps, pe in out.paragraphs:
        for sentence in _sentences(_QUOTE.sub(" ", text[ps:pe])):
            who = _subject(sentence, out.names)
            if not who or who in PRONOUNS:
                continue
            words = set(re.findall(r"[a-z]+", sentence.lower()))
            male, female = bool(words & {"he", "his", "him", "himself"}), bool(words & {"she", "her", "herself"})
            if male != female:
                out.sexes.setdefault(who, "m" if male else "f")


# ---- how a Korean name sounds in Latin letters, for matching it with the English one ---------------------
_INITIAL = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
_VOWEL = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi",
          "yu", "eu", "ui", "i"]
_FINAL = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
          "ng", "t", "t", "k", "t", "p", "t"]


def romanise(hangul: str) -> str:
    out = []
    for ch in hangul:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(_INITIAL[code // 588] + _VOWEL[(code % 588) // 28] + _FINAL[code % 28])
        elif ch.isalpha():
            out.append(ch.lower())
    return "".join(out)


def _skeleton(latin: str) -> str:
    s = latin.lower().replace(".", "").replace(" ", "").replace("-", "").replace("'", "")
    for a, b in (("mr", ""), ("mrs", ""), ("ee", "i"), ("oo", "u"), ("eo", "o"), ("eu", "u"), ("ae", "e"),
                 ("k", "g"), ("t", "d"), ("p", "b"), ("l", "r"), ("ch", "j"), ("sh", "s"), ("y", "i"), ("w", "u"),
                 ("h", ""), ("c", "g"), ("v", "b"), ("f", "b"), ("z", "j"), ("x", "gs")):
        s = s.replace(a, b)
    return re.sub(r"(.)\1+", r"\1", s)


def sounds_like(english: str, korean: str) -> float:
    """How alike an English name and a Korean one sound, 0..1 (Kim Jinsa and 김 진사: 1.0)."""
    e, k = _skeleton(english), _skeleton(romanise(korean))
    if not e or not k:
        return 0.0
    return SequenceMatcher(None, e, k).ratio()


# ---- the English people as the Korean text's characters ---------------------------------------------------
@dataclass
class SourceClue:
    """What the English says of one Korean quotation: the character (or None), how, the English words."""

    who: str | None
    kind: str
    label: str
    sex: str | None


def _paragraph_map(en: EnglishText, en_pars: list[int], ko_pars: list[int]) -> dict[int, int]:
    """English paragraph → Korean paragraph: those of aligned quotations, and narration paragraphs
    between two aligned ones when both texts have as many of them there."""
    out = dict(zip(en_pars, ko_pars))
    anchors = sorted(out.items())
    for (e1, k1), (e2, k2) in zip([(-1, -1)] + anchors, anchors + [(len(en.paragraphs), 10**9)]):
        if k2 == 10**9:
            k2 = k1 + (e2 - e1)
        if e2 - e1 == k2 - k1:
            for d in range(1, e2 - e1):
                out[e1 + d] = k1 + d
    return out


def _word_sound(english: str, korean: str) -> float:
    pairs = [(e, k) for e in english.replace(".", "").split() if len(e) >= 2 for k in korean.split()]
    return max((sounds_like(e, k) for e, k in pairs), default=0.0)


def match_english(en: EnglishText, ko_pars: list[int], ko_people: dict[int, list[str]],
                  sexes: dict[str, str | None]) -> list[SourceClue] | None:
    """Per Korean quotation (``ko_pars``: the paragraph of each), what the English says of its speaker, the
    English person tied to the Korean character that shares the most paragraphs with them (a name that
    sounds alike counts for more); None when the quotations cannot be aligned one to one."""
    if len(en.quotes) != len(ko_pars) or not en.quotes:
        return None
    pmap = _paragraph_map(en, [q.paragraph for q in en.quotes], ko_pars)
    en_at: dict[str, set[int]] = {}
    for ep, people in enumerate(en.people):
        for person in people:
            if ep in pmap:
                en_at.setdefault(person, set()).add(pmap[ep])
    for q, kp in zip(en.quotes, ko_pars):
        if q.who and q.who not in PRONOUNS:
            en_at.setdefault(q.who, set()).add(kp)
    ko_at: dict[str, set[int]] = {}
    for kp, people in ko_people.items():
        for person in people:
            ko_at.setdefault(person, set()).add(kp)
    ties = {e: _tie(e, at, ko_at, en.sexes.get(e), sexes) for e, at in en_at.items()}
    out = []
    for q in en.quotes:
        label = q.who or ""
        who = ties.get(q.who) if q.who else None
        out.append(SourceClue(who, q.kind, label, q.sex or en.sexes.get(q.who or "")))
    return out


def _tie(person: str, at: set[int], ko_at: dict[str, set[int]], sex: str | None,
         sexes: dict[str, str | None]) -> str | None:
    scores = {}
    for name in set(ko_at) | set(sexes):
        kat = ko_at.get(name, set())
        if sex and sexes.get(name) and sexes[name] != sex:
            continue
        shared = len(at & kat) / len(at | kat) if at | kat else 0.0
        sound = _word_sound(person, name)
        scores[name] = shared + (0.6 if sound >= 0.8 else 0.0)
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] < 0.4 or len(ranked) > 1 and ranked[1][1] > ranked[0][1] - 0.15:
        return None
    return ranked[0][0]
