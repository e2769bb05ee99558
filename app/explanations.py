"""What the offline judges say about a finding, as templates: one English sentence per key, with named
placeholders, so the same words can be shown in the interface language.

A judge builds a *fragment* — ``{"why": key, "why_args": {name: value}}`` — and stores it in the finding's
data beside the English explanation it renders to (``render``), so the stored English and the template
never disagree. An argument is a plain value (a name, a quote, a number) or another fragment (a level's
gloss, "its ending", "from the narration"): English words are never passed pre-rendered, so the window
can translate every piece (ui/common/explain.py, through Qt's translation context "Explanations"; the Korean is
in packaging/ko_explanations.py). Stored runs keep their English; a fragment only adds to the data.

An argument made in the program may also be a list of such values, shown one after the other with
", " between them (the honorific markers in the drill's feedback, which is never stored: a fragment read
from a file carries no list, see ``checked``).

This is the one table of templates. The notes of the speech-level ending rules stay beside their rules
in app/korean/levels.py, which adds one template per note here (``register``) when it is imported;
whoever lists every template imports it first (packaging/make_ts.py, ui/common/explain.py).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

Fragment = dict[str, Any]

_CHECK = " Check where the quotation or bracket should start and end."
_UNTRANSLATED = "“{quote}” is still in the source language"
_FOREIGN = ". Unless it is meant to stay foreign, translate it."

TEMPLATES: dict[str, str] = {
    # ---- the honorifics judge (app/korean/wording.py) -------------------------------------------------
    "honorifics/mixed-turn": (
        "{speaker} speaks{to} in {expected_style} in this turn{example}, but this sentence ends in {ending}, "
        "which is {style}. Within one speech a speaker does not normally jump between {expected_register} "
        "and {register}. Unless the switch is meant (sudden anger, a joke, a change in the relationship), "
        "end this sentence in {expected} too."),
    "honorifics/speaker-shift": (
        "{speaker} addresses {listener} in {usual_style} in paragraph {paragraph}, but here speaks to "
        "{listener} in {style}. Korean readers hear the speech level as part of the relationship, so a "
        "change like this says that the relationship itself changed. If nothing in the story explains it, "
        "keep {speaker}'s speech to {listener} in {usual}. (Speaker found: {speaker_how}; listener: "
        "{listener_how}.)"),
    "honorifics/conversation-shift": (
        "In the {lines} lines around this one whose speaker is named, {a} and {b} speak to each other in "
        "{usual_style}, but this line, whose speaker the text leaves unnamed, is in {style}. Whichever of "
        "them says it, it is not how they speak to each other. Unless someone else speaks here or the "
        "relationship changes, end it in {usual}."),
    "honorifics/narration-drift": (
        "The narration is written in {expected_style} ({sentences} sentences), but this narration sentence "
        "ends in {ending}, which is {style}. It sounds as if the narrator suddenly turned to talk to the "
        "reader. Keep the narrator's voice in one level: end it in {expected}."),
    "honorifics/use": "Use {expected}.",  # the finding's suggestion (advice, never pasted into the text)
    "honorifics/the-speaker": "The speaker",
    "honorifics/this-speaker": "This speaker",
    "honorifics/the-same-listener": "the same listener",
    "honorifics/to-listener": " to {listener}",
    "honorifics/example": ", e.g. {ending}",
    "honorifics/ending": "‘{ending}’ ({morpheme})",
    "honorifics/its-ending": "its ending",
    "honorifics/from-narration": "from the narration",
    "honorifics/from-context": "from context",
    # the speech levels (app/korean/levels.py) and how much deference each shows
    "level/하십시오체": "the formal polite style (하십시오체)",
    "level/해요체": "the informal polite style (해요체)",
    "level/하오체": "the old-fashioned semi-formal style (하오체)",
    "level/하게체": "the familiar style used to a junior or a younger friend (하게체)",
    "level/해라체": "the plain style (해라체: the '-다' of written prose, and of talking down)",
    "level/해체": "intimate 반말 (해체)",
    "level/none": "no clear speech level",
    "register/honorific": "존댓말 (honorific speech)",
    "register/non-honorific": "반말 (non-honorific speech)",
    "register/semi-formal": "semi-formal speech",
    # how a quote's speaker was found (app/korean/attribution.py)
    "how/verb-after": "subject of the speech verb after the quote ({who})",
    "how/verb-before": "subject of the speech verb before the quote ({who})",
    "how/acts-before": "{who} acts just before the quote",
    "how/pronoun-before": "그/그녀 acting just before the quote, read as {who} named before it",
    "how/named-before": "{who}, named in the narration just before",
    "how/acts-after": "{who} acts right after the quote",
    "how/english-source": "the English source gives this line to '{label}', as it does {who}'s other lines",
    "how/continues": "continues {who}'s speech in the same paragraph",
    "how/two-after": "two people talk in this scene; the line before was {who}'s",
    "how/two-before": "two people talk in this scene; the next line is {who}'s",
    "how/pronoun-verb": "그/그녀 is the subject of the speech verb; the only person it can be here is {who}",
    "how/before-paragraph": "{who} acts at the end of the paragraph before, and this paragraph opens with the line",
    "how/addressed-other": "two people talk in this scene; the line addresses {addressed}, so {who} says it",
    "how/verb-before-paragraph": "{who} speaks at the end of the paragraph before, and this paragraph opens with the line",
    "how/verb-after-paragraph": "{who} speaks at the start of the paragraph after the line",
    "how/sole-actor-before": "{who} is the one acting in the paragraph before, which this line follows",
    "how/continues-silence": "{silent} keeps silent, so {who} goes on speaking",
    "how/reply": "a reply to {speaker}, who was speaking to {who}",
    "how/answered": "the next line, {speaker}'s, answers {who}",
    "how/two-parity": "{who} and {other} take turns here, and the lines' clues agree on which turns are {who}'s",
    "how/unknown": "speaker unknown: nothing in the text says who speaks this line",
    "how/unknown-addressed": "speaker unknown: the evidence pointed to {who}, but the line addresses {who}",
    "how/unknown-conflict": "speaker unknown: the evidence points both to {who} and to {other}",
    "how/unknown-weak": "speaker unknown: the only evidence ({how}) is too weak to name {who}",
    # ...and its listener
    "listener-how/named": "named with 에게/께/한테 in the narration",
    "listener-how/acted-on": "the person acted on or toward just before the quote",
    "listener-how/addressed": "addressed as {vocative} in the quote",
    "listener-how/two-people": "the other person in this two-person scene",
    "listener-how/two-people-addressed":
        "the other person in this two-person scene (addressed as {vocative})",
    "listener-how/neighbour": "{who} speaks the neighbouring line",
    # ---- the consistency judge (app/consistency/) -----------------------------------------------------
    "terms/variant": (
        "The name/term “{term}” is written “{rendering}” here but “{main}” elsewhere ({times}). "
        "A reader may think these are different people or things; pick one spelling."),
    "terms/once": "once",
    "terms/times": "{count} times",
    # the project's termbase (app/consistency/termbase.py)
    "termbase/forbidden": (
        "The termbase marks “{term}” as a forbidden rendering of “{source}”. Use “{preferred}” instead."),
    "termbase/forbidden-no-rendering": (
        "The termbase marks “{term}” as a forbidden rendering of “{source}”."),
    "termbase/missing": (
        "The source says “{source}” here, but the translation has none of the renderings the termbase "
        "gives for it ({renderings}). Use “{preferred}” unless the sentence leaves the term out on purpose."),
    "termbase/variant": (
        "“{rendering}” looks like a spelling of “{preferred}”, the termbase's rendering of “{source}”, but "
        "the termbase does not list it. Use “{preferred}”, or add this spelling to the termbase as allowed."),
    "numbers/changed": ("The translation says {value} here, but the source paragraph has {missing}. Check "
                        "that the number was carried over correctly."),
    "numbers/added": ("The translation says {value} here, but no such number is in the source paragraph. "
                      "It may have been added."),
    "numbers/omitted": ("The source paragraph mentions {missing}, which does not appear in this translated "
                        "paragraph. The number may have been left out."),
    "numbers/and-more": "{values} and {more:,} more",
    "length/shorter": ("This paragraph is about {factor:.1f}× shorter than this translation's usual length "
                       "ratio to the source (robust z = {z:.1f}). Part of the source may have been left "
                       "out."),
    "length/longer": ("This paragraph is about {factor:.1f}× longer than this translation's usual length "
                      "ratio to the source (robust z = {z:.1f}). Something may have been added."),
    "length/no-source": "This paragraph has no counterpart in the source. It may have been added.",
    "untranslated/left": _UNTRANSLATED + _FOREIGN,
    "untranslated/copied": _UNTRANSLATED + " (copied from the source paragraph)" + _FOREIGN,
    "untranslated/copied-here": _UNTRANSLATED + " (it is copied from the source paragraph)" + _FOREIGN,
    "doubled/word": "“{word}” is written twice in a row. This is usually a typing slip; delete one.",
    "marks/opened": "“{mark}” is opened here and never closed in this paragraph." + _CHECK,
    "marks/closed": "“{mark}” closes something that was never opened in this paragraph." + _CHECK,
    "marks/odd": 'There is an odd number of straight quotes (") in this paragraph; one is unpaired.' + _CHECK,
    # ---- how the key terms were found (app/texts/terms.py), and what a check could not do -----------------
    "notes/spacy": "terms found by spaCy NER (pipeline {model})",
    "notes/fallback-unnamed": ("terms found by the rule-based fallback: no spaCy pipeline named (option "
                               "spacy_model)"),
    "notes/fallback-missing": "terms found by the rule-based fallback: no spaCy pipeline {model} installed",
    "notes/fallback-missing-official": ("terms found by the rule-based fallback: no spaCy pipeline {model} "
                                        "installed (`litlens models install {language}` installs it)"),
    "notes/fallback-no-ner": ("terms found by the rule-based fallback: no spaCy pipeline {model} with a "
                              "named-entity recogniser installed"),
    "notes/and": "{note}; {how}",
    "notes/words-from": "words from {analyser}",
    "notes/katakana-only": ("{analyser} is not installed, so only katakana names were looked for and "
                            "Han-script words were not ({install})"),
    "notes/untranslated-unchecked": ("untranslated text not checked: no word frequencies for {source} or "
                                     "{target}"),
    # ---- rows with no source or no translation, in the judges that skip them (app/judges/common.py) ------
    "unaligned/no-translation": "This paragraph has no translation (omitted?); {outcome}.",
    "unaligned/no-source": "This paragraph has no source paragraph (added?); {outcome}.",
    "unaligned/not-scored": "not scored",
    "unaligned/no-questions": "no questions answered",
    # ---- the speech-level analyser's evidence (app/korean/speech_levels.py) ---------------------------
    # (the notes of the ending rules are added by app/korean/levels.py, keyed "ending/…")
    "speech/no-words": "no words",
    "speech/noun-yo-hao": "noun + -요 addressed to 그대/당신/임자 reads as 하오체 -오",
    "speech/polite-yo": "the sentence closes with the polite particle 요",
    "speech/no-ending": "no verb ending (a fragment or an exclamation)",
    "speech/noun-forming": "the sentence stops on a noun-forming ending (a fragment)",
    "speech/words-after": "the last ending is followed by other words",
    "speech/connective": "the sentence stops on a connective ending",
    "speech/i-o-contracted": "이- + -오 contracted to -요 is 하오체",
    "speech/dao": "다오 is the order of 달다 (give me), said at 해라체",
    "speech/unknown-ending": "the ending -{form} is not one the analyser knows",
    "speech/ge-question": "-게 in a question ('…하게?') is 해체",
    "speech/hage-cue": "-{form} beside 자네/여보게 is 하게체",
    "speech/hage-turn": "-{form} in a turn whose other sentences are 하게체",
    "speech/yo-hao": "-요 addressed to 그대/당신/임자 reads as 하오체 -오",
    "speech/evidence": "{note} ({used} of Kiwi's {count})",
    "speech/best-analysis": "the best analysis",
    "speech/alternative-analysis": "an alternative analysis",
    "speech/no-analysis": "Kiwi returned no analysis",
    # an honorific marker and its kind (app.korean.speech_levels.Marker)
    "marker/subject-honorific": "{form} (subject-honorific)",
    "marker/honorific-particle": "{form} (honorific-particle)",
    "marker/honorific-suffix": "{form} (honorific-suffix)",
    "marker/lexical-honorific": "{form} (lexical-honorific)",
    "marker/humble": "{form} (humble)",
    # ---- the speech-level drill's feedback, one template a sentence (app/exercises/drill.py) -----------
    "drill/no-level": "The analyser finds no clear speech level here ({evidence}).",
    "drill/no-final-ending": "no final ending",
    "drill/ends-in": "{level}: the sentence ends in “{ending}” ({morpheme}).",
    "drill/ends-in-bare": "{level}: the sentence ends in “{ending}”.",
    "drill/markers": "Honorific markers: {markers}.",
    "drill/evidence": "Evidence: {evidence}.",
    "drill/unsure": "The analyser is unsure (confidence {confidence:.2f}), so this one is not graded.",
    "drill/right": "Right.",
    "drill/passed": "You passed.",
    "drill/you-said": "You said {answer}.",
    # ---- the Korean spelling judge (app/judges/spelling.py): the finding, then the rule behind it ------
    "spelling/finding": "Write “{right}” for “{quote}”. {reason}",
    "spelling/reason/standard": "The written form is a common misspelling of the standard one.",
    "spelling/reason/doe": "A sentence cannot end on the bare stem 되: 돼 contracts 되어.",
    "spelling/reason/an": "The negative adverb before a verb is 안; after a verb's -지 the negative is 않다.",
    "spelling/reason/roseo": "Meaning 'as' (a person or role) the particle is (으)로서; 'by means of' it is "
                             "(으)로써.",
    "spelling/reason/deunji": "-든지 offers a choice; -던지 recalls the past (얼마나 울었던지).",
    "spelling/reason/su-itda": "After the bound noun 수 the verb is 있다, with ㅆ.",
    "spelling/reason/object": "With this object the verb is another one (담배를 피우다, 우표를 붙이다, "
                              "모습을 드러내다).",
    "spelling/reason/ilbureo": "'On purpose' is 일부러.",
    "spelling/reason/typo": "Kiwi's typo model reads this word as a slip for the suggested one.",
    "spelling/reason/bound-noun": "A bound noun (수, 것, 줄, 지, 만큼…) or a noun of time after a modifier is "
                                  "written apart from it.",
    "spelling/reason/counter": "A counter (개, 마리, 살, 시…) is written apart from a numeral spelt in Hangul.",
    "spelling/reason/auxiliary": "The auxiliary verb of -고 있다, -고 싶다, -지 않다 is written apart.",
    "spelling/reason/particle": "A particle is written together with the word before it.",
    "spelling/reason/copula": "The copula 이다 is written together with the noun before it.",
    "spelling/reason/suffix": "-하다 is written together with its noun (대답하다).",
    "spelling/reason/compound": "This is one word in the dictionary (그날, 어젯밤, 말없이, 스물한).",
    "spelling/reason/word": "A conjunctive adverb (그러나, 그래서) or the negative 안 is a word of its own, "
                            "written apart.",
}

MAX_DEPTH = 4  # fragments inside fragments: "to {listener}" inside a sentence is depth 1
MAX_TEXT = 4_000  # longest plain argument a fragment read from a file may carry
LIST_SEPARATOR = ", "


def register(templates: Mapping[str, str]) -> None:
    """Add templates kept beside the data they word (the ending rules' notes) to the one table. A key
    already there with other words is a mistake: ValueError."""
    for key, text in templates.items():
        if TEMPLATES.get(key, text) != text:
            raise ValueError(f"explanation template {key!r} registered with other words")
        TEMPLATES[key] = text


def why(key: str, **args: Any) -> Fragment:
    """The fragment for template ``key``; each argument is a str, an int, a float, another fragment or a
    list of those (never stored: see ``checked``)."""
    if key not in TEMPLATES:
        raise KeyError(f"no explanation template {key!r}")
    return {"why": key, "why_args": args} if args else {"why": key}


def is_fragment(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("why"), str)


def render(fragment: Mapping[str, Any], translate: Callable[[str], str] | None = None,
           _depth: int = 0) -> str:
    """The fragment's text: in English, or with every template (its own and its arguments') passed through
    ``translate`` first. KeyError for an unknown template or argument, ValueError for a bad one."""
    if _depth > MAX_DEPTH:
        raise ValueError("explanation fragments nested too deeply")
    template = TEMPLATES[fragment["why"]]
    if translate is not None:
        template = translate(template)
    args = fragment.get("why_args") or {}
    if not isinstance(args, Mapping):
        raise ValueError("explanation arguments are not a mapping")
    return template.format(**{str(k): _argument(v, translate, _depth) for k, v in args.items()})


def _argument(value: Any, translate: Callable[[str], str] | None, depth: int) -> Any:
    if is_fragment(value):
        return render(value, translate, depth + 1)
    if isinstance(value, (list, tuple)):
        return LIST_SEPARATOR.join(str(_argument(v, translate, depth)) for v in value)
    return value


def explained(key: str, **args: Any) -> tuple[str, Fragment]:
    """The English explanation of template ``key`` and the fragment it was rendered from."""
    fragment = why(key, **args)
    return render(fragment), fragment


def fragment_of(data: Mapping[str, Any]) -> Fragment | None:
    """The fragment stored in a finding's data (None when the finding has none: an LLM judge's, or one
    stored before explanations were kept as templates)."""
    if not is_fragment(data):
        return None
    out: Fragment = {"why": data["why"]}
    if "why_args" in data:
        out["why_args"] = data["why_args"]
    return out


def renders_as(data: Mapping[str, Any], text: str) -> bool:
    """True when the fragment in ``data`` renders, in English, to exactly ``text``: the explanation shown
    is the judge's own (not a reviewer's note that replaced it, nor the words of an older version)."""
    fragment = fragment_of(data)
    if fragment is None:
        return False
    try:
        return render(fragment) == text
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return False


def placeholders(template: str) -> set[tuple[str, str]]:
    """The named placeholders of a template, with their format specs ({more:,} → ("more", ","))."""
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name is not None}


def checked(raw: Any, _depth: int = 0) -> Fragment | None:
    """A fragment read from a file (an exercise's key), kept only when it is well formed: known templates,
    plain arguments of modest size (no lists), no deeper nesting than MAX_DEPTH, and it renders. None
    otherwise."""
    if not is_fragment(raw) or raw["why"] not in TEMPLATES or _depth > MAX_DEPTH:
        return None
    args = raw.get("why_args", {})
    if not isinstance(args, Mapping):
        return None
    clean: dict[str, Any] = {}
    for name, value in args.items():
        if not isinstance(name, str) or not name.isidentifier():
            return None
        if is_fragment(value):
            value = checked(value, _depth + 1)
            if value is None:
                return None
        elif isinstance(value, bool) or not isinstance(value, (str, int, float)) or \
                isinstance(value, str) and len(value) > MAX_TEXT:
            return None
        clean[name] = value
    out: Fragment = {"why": raw["why"], **({"why_args": clean} if clean else {})}
    try:
        render(out)
    except (KeyError, IndexError, ValueError, TypeError):
        return None
    return out
