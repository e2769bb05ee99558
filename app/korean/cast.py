"""The cast of a text: its characters, each with the name the text gives them and the other words that
stand for them (김 진사 → 진사, 진사 어른; 하나 → 손녀; 은결 → 동생, 은결이).

Built once from the whole text — proper nouns, subjects of speech verbs, names put beside a role noun
("그의 손녀 하나가", "동생 은결이", "선배인 태경이"), names with a title ("김 진사", "소라 선생님") and the
names a quote calls someone by ("은결아") — so that attribution, the ledger and the explanations can
name each person the same way, by their name when the text gives one. A role noun stands for a named
character only when the text ties it to exactly one; otherwise it stays a character of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from litlens.app.korean.people import (GROUP_WORDS, KIN_AFTER_NAME, NAME_TITLES, PERSON_NOUNS, PRONOUNS,
                                       SURNAMES, plain_name, role_core, sex_of)


_KIN_BEFORE = {"엄마", "아빠", "아기", "할머니", "할아버지", "꼬마", "아기"}  # 엄마 토끼, 아기 곰


# subjects of a sentence that tells of silence without naming anyone (둘 다 말이 없었다, 아무 대답도 없었다)
_SILENCE_WORDS = {"말", "대답", "대꾸", "아무", "둘", "셋", "모두", "다들", "소리", "침묵", "방", "주위", "사방", "사람", "것",
                  "두 사람", "세 사람", "아무도", "누구"}

_AGE_WORDS = {"노인", "노파", "할멈", "할아범", "총각", "처녀", "청년", "소년", "소녀", "아이", "꼬마"}


def flat(term: str) -> str:
    return term.replace(" ", "")


@dataclass
class Character:
    name: str  # how the ledger and explanations name them
    aliases: set[str] = field(default_factory=set)  # flattened forms that stand for them
    sex: str | None = None  # 'f', 'm' or None
    named: bool = False  # the text gives a proper name (not only a role)
    mentions: int = 0


class Cast:
    """Characters and the lookup from any word that names one of them."""

    def __init__(self) -> None:
        self.characters: list[Character] = []
        self._by_form: dict[str, Character] = {}
        self._ambiguous: set[str] = set()  # role words the text ties to more than one person
        self._found: dict[tuple[str, bool], Character | None] = {}  # find's answers until the cast changes

    def __iter__(self):
        return iter(self.characters)

    def names(self) -> list[str]:
        return [c.name for c in self.characters]

    def _bind(self, form: str, c: Character) -> None:
        self._found.clear()
        f = flat(form)
        if not f or f in self._ambiguous:
            return
        owner = self._by_form.get(f)
        if owner is None:
            self._by_form[f] = c
            c.aliases.add(f)
        elif owner is not c:
            if f == flat(owner.name) or f == flat(c.name):
                return  # a character's own name is never taken over by a role
            self._ambiguous.add(f)
            del self._by_form[f]
            owner.aliases.discard(f)

    def add(self, name: str, named: bool = False) -> Character:
        """The character called ``name``, created if new."""
        found = self.find(name, loose=False)
        if found is not None:
            found.named = found.named or named
            return found
        c = Character(name, named=named, sex=sex_of(name))
        self.characters.append(c)
        self._bind(name, c)
        return c

    def link(self, form: str, c: Character, claim: bool = False) -> None:
        """``form`` (a role noun, a fuller name) stands for ``c`` too. With ``claim``, a character known
        so far only by that word (노인, before the text named him 문상철 노인) is ``c``."""
        owner = self._by_form.get(flat(form))
        if claim and owner is not None and owner is not c and not owner.named and flat(owner.name) == flat(form):
            self.merge(c, owner)
        self._bind(form, c)
        if c.sex is None:
            c.sex = sex_of(form)

    def merge(self, keep: Character, gone: Character) -> None:
        if keep is gone:
            return
        self._found.clear()
        for f in gone.aliases:
            if self._by_form.get(f) is gone:
                self._by_form[f] = keep
                keep.aliases.add(f)
        keep.named = keep.named or gone.named
        keep.sex = keep.sex or gone.sex
        keep.mentions += gone.mentions
        self.characters.remove(gone)

    def find(self, term: str | None, loose: bool = True) -> Character | None:
        """The character ``term`` stands for: a name, an alias, or (``loose``) an address form of one
        (진사 어른 → 김 진사, 수진 씨 → 수진, 은결아's 은결, 대감마님 → 대감)."""
        if not term:
            return None
        key = (term, loose)
        if key in self._found:
            return self._found[key]
        found = self._find(term, loose)
        self._found[key] = found
        return found

    def _find(self, term: str, loose: bool) -> Character | None:
        f = flat(term)
        if f in self._by_form:
            return self._by_form[f]
        if not loose or f in self._ambiguous:
            return None
        for form in (plain_name(term), role_core(term)):
            if flat(form) in self._by_form:
                return self._by_form[flat(form)]
        # a name with a kinship or title word after it: 수진 언니 → 수진, 김 진사님 → 김 진사
        parts = term.split()
        if len(parts) == 2 and parts[1] in KIN_AFTER_NAME | NAME_TITLES:
            for form in (parts[0], plain_name(parts[0])):
                if flat(form) in self._by_form:
                    return self._by_form[flat(form)]
        return None

    def name_of(self, term: str | None) -> str | None:
        c = self.find(term)
        return c.name if c else None


def is_group(term: str | None) -> bool:
    """Words that address or name several people at once (여러분, 얘들아, 아이들에게)."""
    if not term:
        return False
    f = flat(term)
    return f in GROUP_WORDS or (f.endswith("들") and len(f) >= 2 and f[:-1] in PERSON_NOUNS | {"얘", "너희", "애"})


def _split_title(term: str) -> tuple[str, str] | None:
    """("소라", "선생님") for a given name and a kinship/school word; None for a surname with a title
    (김 진사, 백 씨), which is the name itself."""
    parts = term.split()
    if len(parts) != 2:
        return None
    name, title = parts
    if title in KIN_AFTER_NAME and not (len(name) == 1 and name in SURNAMES):
        return plain_name(name), title
    if title in _AGE_WORDS and len(name) >= 2 and not (len(name) == 1 and name in SURNAMES):
        return plain_name(name), title  # 문상철 노인: a name with a word for their age
    return None


def build_cast(facts: Iterable, vocatives: Iterable[str | None] = (), speakers: Iterable[str] = ()) -> Cast:
    """The cast of a text from its narration facts (app.korean.dialogue.NarrationFacts), the address
    terms its quotes use, and any speaker terms already settled."""
    facts = list(facts)
    vocatives = [v for v in vocatives if v]
    counts: Counter[str] = Counter()
    proper: set[str] = set()
    for f in facts:
        for p in f.proper:
            proper.add(p)
        for m in f.mentions:
            counts[m] += 1
    subjects = Counter(p for f in facts for p in f.people if p not in PRONOUNS)
    # a subject Kiwi misread once (수/NNB 민/NNG 이) is a name where another sentence reads it as one
    named_somewhere = {n for f in facts for n in f.names} & set(subjects)
    # (one who keeps silent — 도훈은 대답하지 못했다 — is as much a person as one who speaks)
    speech_subjects = {f.subject for f in facts if f.subject and (f.speech_verb or f.silent and f.subject not in
                                                                  _SILENCE_WORDS) and not f.pronoun and not f.verb_first}
    voc_names = {plain_name(v) for v in vocatives}
    misread = _misread(facts, proper | named_somewhere, speech_subjects | voc_names)
    proper, named_somewhere = proper - misread, named_somewhere - misread
    cast = Cast()

    def person(term: str) -> bool:
        core = role_core(term)
        words = term.split()
        return term in proper or term in named_somewhere or term in PERSON_NOUNS or core in PERSON_NOUNS or len(words) > 1 and (
            words[-1] in NAME_TITLES | KIN_AFTER_NAME | PERSON_NOUNS or words[0] in _KIN_BEFORE) or \
            term in speech_subjects

    # 1. names: proper nouns and the subjects of speech verbs, most mentioned first
    terms = [t for t in dict.fromkeys(list(subjects) + sorted(proper) + sorted(speech_subjects))
             if t not in PRONOUNS and not is_group(t)]
    terms.sort(key=lambda t: -(counts[t] + subjects[t]))
    for t in terms:
        if not person(t):
            continue
        split = _split_title(t)
        if split:  # 소라 선생님: 소라, also called 선생님
            c = cast.add(split[0], named=True)
            cast.link(t, c)
            cast.link(split[1], c, claim=True)
            if split[1].endswith("님"):
                cast.link(split[1][:-1], c, claim=True)
        else:
            c = cast.add(t, named=t in proper or t in named_somewhere or t not in PERSON_NOUNS)
        c.mentions += counts[t] + subjects[t]
    # 2. a role set beside a name is that person's (동생 은결이, 그의 손녀 하나가 when 하나 is a name;
    # "손녀 하나가 … 다가갔다. 열 살배기 소윤이었다.")
    known_names = {flat(c.name) for c in cast if c.named} | {flat(v) for v in voc_names}
    pairs = [a for f in facts for a in f.appositions]
    for k, f in enumerate(facts):
        prev = facts[k - 1] if k else None
        if f.identity and prev is not None and prev.paragraph == f.paragraph and prev.subject in PERSON_NOUNS:
            pairs.append((prev.subject, f.identity, False))
    for role, name, certain in pairs:
        name = plain_name(name)
        if not certain and flat(name) not in known_names and name not in subjects:
            continue
        c = cast.find(name, loose=False) or cast.add(name, named=True)
        c.named = True
        role_char = cast.find(role, loose=False)
        if role_char is not None and role_char is not c and not role_char.named:
            cast.merge(c, role_char)  # the role was a character of its own until now: it is her
        cast.link(role, c)
    _join_full_names(cast)  # 3. a full name and its given name
    _join_phrase_parts(cast)  # 4. a fuller phrase and its parts
    # 5. people only called by name (은결아), and those a line says is speaking
    _add_speakers(cast, speakers)
    for v in voc_names:
        base = v.split()[0] if v.split() else v
        if cast.find(v) is None and len(base) == 3 and base[0] in SURNAMES and cast.find(base[1:], loose=False):
            cast.link(v, cast.find(base[1:], loose=False))  # 강민지 씨 is 민지  # type: ignore[arg-type]
            continue
        # a role word only addressed (할아버지, 선생님) is left to the scene: it may be someone named
        if cast.find(v) is None and not is_group(v) and v not in PRONOUNS and v not in PERSON_NOUNS and \
                role_core(v) not in PERSON_NOUNS and (v in proper or v in subjects or v in counts or _proper(v)):
            cast.add(v, named=True)
    _sex_from_pronouns(cast, facts)  # 6. the sex a pronoun gives a name
    return cast


def _misread(facts: list, names: set[str], speaking: set[str]) -> set[str]:
    """Among ``names``, the one-syllable words Kiwi reads as proper nouns in one sentence only that no speech
    verb has speak and no line calls (``speaking``), no role is put beside and no other name is listed with
    (하녀 메리와 정원사 톰이): common nouns misread (작은 만이 있어야 할 자리: 만, a bay), not names."""
    beside = {plain_name(name) for f in facts for _, name, _ in f.appositions} | \
        {p for f in facts if len(f.proper) > 1 for p in f.proper}
    return {t for t in names if len(t) == 1 and t not in speaking and t not in beside and
            sum(t in f.people or t in f.mentions for f in facts) <= 1}


def _add_speakers(cast: Cast, speakers: Iterable[str]) -> None:
    """Step 5 of build_cast, for the names lines give their own speakers ("나야, 정숙 이모."): each is a
    person, a name with a kinship word the name and its word (정숙, also called 이모), whatever Kiwi reads
    it as; a lone role word (학생) is no name."""
    for v in speakers:
        if cast.find(v) is not None or is_group(v) or v in PRONOUNS or v in PERSON_NOUNS or \
                role_core(v) in PERSON_NOUNS or not _nouns(v):
            continue
        split = _split_title(v)
        c = cast.add(split[0] if split else v, named=True)
        if split:
            cast.link(v, c)
            cast.link(split[1], c, claim=True)


def _join_full_names(cast: Cast) -> None:
    """Step 3 of build_cast: a full name and its given name are one person (이수진, 수진)."""
    for c in list(cast):
        n = flat(c.name)
        if c.named and " " not in c.name and len(n) == 3 and n[0] in SURNAMES and n[1:] not in PERSON_NOUNS \
                and n[1:] not in NAME_TITLES:
            given = cast.find(n[1:], loose=False)
            if given is not None and given is not c:
                keep, gone = (given, c) if given.mentions >= c.mentions else (c, given)
                cast.merge(keep, gone)


def _join_phrase_parts(cast: Cast) -> None:
    """Step 4 of build_cast: one person named by a fuller phrase and by its parts (행랑어멈 and 어멈, 중년
    사내 and 사내, 곰 아저씨 and 곰); the phrase (how the text introduces them) names them, unless two
    phrases share the part."""
    phrases = [c for c in cast if not c.named or " " in c.name]
    parts: dict[str, list[Character]] = {}
    for c in phrases:
        n = c.name
        pieces = set(n.split()) if " " in n else {h for h in PERSON_NOUNS if n.endswith(h) and len(n) > len(h)}
        for piece in pieces:
            if piece != n and (piece in PERSON_NOUNS or " " in n):
                parts.setdefault(piece, []).append(c)
    for piece, owners in parts.items():
        part = cast.find(piece, loose=False)
        if len(owners) != 1:
            continue
        if part is not None and part is not owners[0] and not part.named and \
                flat(part.name) == flat(piece) and (owners[0].sex is None or part.sex is None or
                                                    owners[0].sex == part.sex):
            cast.merge(owners[0], part)
        elif part is None and piece in PERSON_NOUNS:
            cast.link(piece, owners[0])  # 엄마 for 엄마 토끼, 사내 for 중년 사내


def _sex_from_pronouns(cast: Cast, facts: list) -> None:
    """Step 6 of build_cast: the sex a pronoun gives a name ("마거릿은 … 찻잔을 내려다보았다. 그녀는 …")."""
    for k in range(1, len(facts)):
        f, prev = facts[k], facts[k - 1]
        if f.pronoun and f.subject in ("그", "그녀") and prev.paragraph == f.paragraph and prev.subject \
                and not prev.pronoun:
            c = cast.find(prev.subject)
            if c is not None and c.sex is None and len({cast.name_of(m) for m in prev.people} - {None}) == 1:
                c.sex = "f" if f.subject == "그녀" else "m"


def _nouns(words: str) -> bool:
    """Whether Kiwi reads ``words`` as nouns only (정숙 이모, 김수진; not 먹었지)."""
    from litlens.app.korean import kiwi as _kiwi
    found = _kiwi.analyze(words, top_n=1)
    return bool(found and found[0][0]) and all(t.tag.startswith(("NN", "XSN", "SN")) for t in found[0][0])


def _proper(word: str) -> bool:
    """Whether Kiwi reads a word alone as a proper noun (데이비드, 은결): a name only ever used to call
    someone is still a name."""
    from litlens.app.korean import kiwi as _kiwi
    found = _kiwi.analyze(word, top_n=1)
    if not found or not found[0][0] or found[0][0][0].tag != "NNP":
        return False
    rest = found[0][0][1:]  # 그레이 부인, 김 선생님: a name and a title
    return all(t.tag in ("NNP", "NNG", "NNB", "XSN") and (t.tag == "NNP" or t.form in NAME_TITLES | KIN_AFTER_NAME
                                                         or t.form in ("님", "씨")) for t in rest)
