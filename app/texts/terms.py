"""Key terms of a source text (names, places, recurring motifs): spaCy NER when the user's pipeline is
installed, otherwise a visible rule-based fallback.

No spaCy pipeline ships with LitLens (none is on the package index here), so the pipeline is loaded by
the name the user gives (``spacy.load("en_core_web_sm")`` or a path); when that fails the rule-based
finder runs and the result says so, because its terms are rougher than a trained recogniser's.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from litlens.app.explanations import Fragment, render, why

NER_LABELS = {"PERSON", "GPE", "LOC", "ORG", "NORP", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT"}
MAX_MOTIFS = 12

_STOP = frozenset("""a about above after again against all also although am an and any are as at be because
been before being below between both but by can could did do does doing down during each either every few
for from further had has have having he her here hers herself him himself his how however i if in into is
it its itself just let like made make many may me might more most much must my myself never no nor not now
of off on once one only or other ought our ours ourselves out over own perhaps quite rather said same say
says shall she should since so some still such than that the their theirs them themselves then there
these they this those though through thus till to too toward towards under until up upon us very was we
were what when where whether which while who whom whose why will with within without would yes yet you
your yours yourself yourselves mr mrs miss sir madam lady lord oh ah well thing things something nothing
anything everything someone nobody anyone everyone time way back away again even ever much little long
good great old new first last came come went go going gone got get know knew known think thought look
looked see saw seen tell told asked took take upon shall""".split())

# ordinary words that start sentences and would otherwise be glued to a following name ("The Prince")
_LEADING = frozenset("""the a an and but or then when while he she it they we i you his her its their my our
your in on at as so if after before there this that these those what who why how yet still now here
once""".split())
_CAP_RUN = re.compile(r"[A-ZÀ-ÖØ-Þ][\w'’-]*(?:\s+(?:of\s+|de\s+|van\s+|von\s+)?[A-ZÀ-ÖØ-Þ][\w'’-]*)*")
_WORD = re.compile(r"[A-Za-z][a-z'’-]+")  # English, as tuned on the bundled samples
_ANY_WORD = re.compile(r"[^\W\d_][^\W\d_'’]*(?:['’-][^\W\d_]+)*")  # other languages, accents included
_NOT_NOUN = ("ly", "ed", "ing", "'s", "’s")  # adverbs, verb forms, possessives
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@dataclass
class Term:
    text: str
    kind: str  # "PERSON"... from spaCy, or "name", "motif" from the fallback
    offsets: list[tuple[int, int]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.offsets)


@dataclass
class TermResult:
    terms: list[Term]
    method: str  # "spacy" or "fallback"
    note: str  # user-facing sentence on how the terms were found
    note_why: Fragment = field(default_factory=dict)  # the note as a template (app.explanations), if any

    @classmethod
    def noted(cls, terms: list[Term], method: str, note: Fragment) -> TermResult:
        return cls(terms, method, render(note), note)

    def as_data(self) -> dict[str, object]:
        listed = [{"text": t.text, "kind": t.kind, "count": t.count} for t in self.terms]
        out: dict[str, object] = {"method": self.method, "note": self.note, "terms": listed}
        return {**out, "note_why": self.note_why} if self.note_why else out


def fallback_note(model: str | None, ner_missing: bool = False) -> Fragment:
    """Why the rule-based fallback found the terms: no pipeline named, none by that name, or one without
    a named-entity recogniser."""
    if not model:
        return why("notes/fallback-unnamed")
    if ner_missing:
        return why("notes/fallback-no-ner", model=repr(model))
    official = _OFFICIAL.match(model)  # en_core_web_sm: spaCy's own, which `litlens models install en` fetches
    if official:
        return why("notes/fallback-missing-official", model=repr(model), language=official.group(1))
    return why("notes/fallback-missing", model=repr(model))


_OFFICIAL = re.compile(r"([a-z]{2,3})_core_(?:web|news)_(?:sm|md|lg|trf)$")


def find_terms(content: str, language: str, spacy_model: str | None = None) -> TermResult:
    """Key terms of ``content`` that occur more than once, most frequent first.

    The pipeline is the text's own language's: a named pipeline of another language is swapped for
    this language's (see ``pipelines.pipeline_for``)."""
    from litlens.app.texts.pipelines import pipeline_for
    spacy_model = pipeline_for(language, spacy_model) if spacy_model else spacy_model
    if spacy_model:
        nlp = _load_pipeline(spacy_model)
        if nlp is not None and {"ner", "entity_ruler"} & set(nlp.pipe_names):
            found = _spacy_terms(nlp, content)
            return TermResult.noted(found, "spacy", why("notes/spacy", model=repr(spacy_model)))
        if nlp is not None:
            return _fallback(content, language, fallback_note(spacy_model, ner_missing=True))
    return _fallback(content, language, fallback_note(spacy_model))


def _fallback(content: str, language: str, note: Fragment) -> TermResult:
    terms, how = _rule_terms(content, language)
    return TermResult.noted(terms, "fallback", why("notes/and", note=note, how=how) if how else note)


def _load_pipeline(name: str):
    if not installed_pipeline(name):
        return None  # spaCy is not even imported: its import alone cost a book's run seconds and 100+ MB
    try:
        import spacy
        return spacy.load(name)
    except (OSError, ImportError, ValueError):  # not installed / not a pipeline folder
        return None


def installed_pipeline(name: str) -> bool:
    """Whether ``name`` can be a spaCy pipeline here: a folder, a "blank:xx" pipeline, or an installed
    package of that name (spaCy's own pipelines are packages)."""
    import importlib.util
    from pathlib import Path
    if name.startswith("blank:") or Path(name).expanduser().exists():
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _spacy_terms(nlp, content: str) -> list[Term]:
    doc = nlp(content)
    found: dict[str, Term] = {}
    for ent in doc.ents:
        if ent.label_ in NER_LABELS:
            text = ent.text.strip()
            found.setdefault(text, Term(text, ent.label_)).offsets.append((ent.start_char, ent.end_char))
    terms = [t for t in found.values() if t.count >= 2]
    if doc.has_annotation("POS"):
        nouns: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for tok in doc:
            if tok.pos_ == "NOUN" and len(tok.text) > 3 and tok.lower_ not in _STOP:
                nouns[tok.lemma_.lower() or tok.lower_].append((tok.idx, tok.idx + len(tok.text)))
        motifs = sorted(((k, v) for k, v in nouns.items() if len(v) >= 3), key=lambda kv: -len(kv[1]))
        terms += [Term(k, "motif", v) for k, v in motifs[:MAX_MOTIFS]]
    return _ordered(terms)


def _ordered(terms: list[Term]) -> list[Term]:
    for t in terms:
        t.offsets.sort()
    return sorted(terms, key=lambda t: (-t.count, t.offsets[0][0] if t.offsets else 0))


def _rule_terms(content: str, language: str) -> tuple[list[Term], Fragment | None]:
    """The fallback's terms and, for scripts written without spaces, which analyser found them."""
    if language == "ko" or _HANGUL.search(content[:2000]):
        return _korean_terms(content), why("notes/words-from", analyser="Kiwi")
    if language in ("ja", "zh") or _CJK.search(content[:2000]):
        from litlens.app.texts.cjk_terms import cjk_terms
        found, how = cjk_terms(content, language)
        return _ordered([Term(t, k, o) for t, k, o in found]), how
    return _latin_terms(content, language), None


# languages that capitalise every noun: there a capital letter says "noun", not "name"
_NOUN_CAPS = {"de", "lb"}
FUNCTION_ZIPF = 5.5  # words this frequent in their language are function words, whatever the stop list
# German nouns come after an article within two words ("der alten Mühle"); names mostly do not
_ARTICLES = frozenset("der die das den dem des ein eine einen einem einer eines zur zum im am beim vom ins "
                      "kein keine keinen keinem keiner jeder jede jedes jeden diese dieser dieses diesen "
                      "diesem sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer mein meine".split())


def _after_article(content: str, start: int) -> bool:
    before = re.findall(r"[^\W\d_]+", content[max(0, start - 40):start])[-2:]
    return any(w.casefold() in _ARTICLES for w in before)


def _stop_words(language: str) -> frozenset[str]:
    from litlens.app.texts.pipelines import stop_words
    # English keeps its curated list (tuned on the bundled samples); others use spaCy's blank-language lists
    return _STOP if language == "en" else stop_words(language)


def _zipf(word: str, language: str) -> float:
    try:
        from litlens.app.consistency.foreign import supported, zipf
    except ImportError:
        return 0.0
    return zipf(word, language) if supported(language) else 0.0


def _sentence_initial(content: str, start: int) -> bool:
    """True when only opening punctuation separates ``start`` from a sentence end or paragraph start."""
    i = start - 1
    while i >= 0 and content[i] in " \t\"“‘'([—-":
        i -= 1
    return i < 0 or content[i] in ".!?\n…:"


def _latin_terms(content: str, language: str = "en") -> list[Term]:
    stop = _stop_words(language)
    noun_caps = language in _NOUN_CAPS
    word_re = _WORD if language == "en" else _ANY_WORD
    common = (lambda w: False) if language == "en" else (lambda w: _zipf(w, language) >= FUNCTION_ZIPF)
    lower_words = {w.lower() for w in word_re.findall(content) if w[0].islower()}
    runs: dict[str, list[tuple[int, int]]] = defaultdict(list)
    mid_sentence: set[str] = set()
    for m in _CAP_RUN.finditer(content):
        text = m.group(0).rstrip("'’-")
        words = text.split()
        start = m.start()
        if _sentence_initial(content, start) and words[0].lower() in _LEADING | lower_words:
            # "The Prince" at a sentence start: drop the ordinary first word, keep the rest if it is a name
            words = words[1:]
            if not words:
                continue
            start = content.index(words[0], start)
            text = content[start:m.start() + len(text)]
        if len(words) == 1 and (words[0].lower() in stop or len(words[0]) < 2
                                or common(words[0])):
            continue
        if noun_caps and len(words) == 1 and _after_article(content, start):
            continue  # "der Mühle": an ordinary German noun, a motif candidate below, not a name
        if not _sentence_initial(content, start):
            mid_sentence.add(text)
        runs[text].append((start, start + len(text)))
    for text, offs in list(runs.items()):
        last = text.split()[-1]
        if " " in text and last in runs:  # "Sir Charles Grandison" is also an occurrence of "Grandison"
            runs[last] += [(e - len(last), e) for _, e in offs]
            mid_sentence.add(last)
    terms: list[Term] = []
    for text, offs in runs.items():
        first = text.split()[0].lower()
        # a name: seen mid-sentence at least once, or recurring and never written in lower case
        if len(offs) >= 2 and (text in mid_sentence or first not in lower_words):
            terms.append(Term(text, "name", offs))
    names = {w.lower() for t in terms for w in t.text.split()}
    counts: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for m in word_re.finditer(content):
        w = m.group(0).lower()
        if noun_caps and not m.group(0)[0].isupper():
            continue  # German motifs are nouns, and nouns are capitalised
        if len(w) > 2 and w not in stop and w not in names and not (language == "en" and w.endswith(
                _NOT_NOUN)) and not common(w):
            counts[w].append((m.start(), m.end()))
    motifs = sorted(((w, o) for w, o in counts.items() if len(o) >= 3), key=lambda kv: -len(kv[1]))
    terms += [Term(w, "motif", o) for w, o in motifs[:MAX_MOTIFS]]
    return _ordered(terms)


def _korean_terms(content: str) -> list[Term]:
    from litlens.app.korean.kiwi import morphemes
    found: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for para in re.finditer(r"[^\n]+", content):
        for tok in morphemes(para.group(0)):  # windowed, so one huge line stays linear
            if tok.tag in ("NNP", "NNG") and len(tok.form) >= 2:
                kind = "name" if tok.tag == "NNP" else "motif"
                start = para.start() + tok.start
                found[(tok.form, kind)].append((start, start + tok.len))
    names = [Term(f, k, o) for (f, k), o in found.items() if k == "name" and len(o) >= 2]
    motifs = sorted(((f, o) for (f, k), o in found.items() if k == "motif" and len(o) >= 3),
                    key=lambda kv: -len(kv[1]))
    return _ordered(names + [Term(f, "motif", o) for f, o in motifs[:MAX_MOTIFS]])
