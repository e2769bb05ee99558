"""Does a paragraph contain direct speech? Quote marks alone do not say: titles ("The Dead"), scare
quotes and quoted terms use the same marks. A quotation counts as a turn of speech when a speech verb
attributes it, when it reads like a sentence, or when it is dash-led dialogue.

Used where a method's rule depends on dialogue (DA-MQM scores Honorifics only for dialogue, seed 000).
Korean quotations come from litlens.app.korean.dialogue, so both sides of a pair are read the same way
the honorifics analyser reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# opening mark -> closing mark. Straight single quotes are left out: they are apostrophes far more often.
_PAIRS = {"“": "”", "„": "“", "«": "»", "「": "」", "『": "』", "\"": "\"", "‘": "’"}
_DASH_LINE = re.compile(r"^\s*[—―–]\s*\S")
# Words that report speech in English narration. An attribution sits next to its quote: after it
# ("…," she said / "…" asked Tom) or before it with a comma or colon ("She said, "…"").
_SPEECH_VERBS = (
    "said|says|say|asked|asks|ask|replied|replies|answered|answers|cried|cries|shouted|shouts|"
    "whispered|whispers|muttered|mutters|murmured|murmurs|called|calls|yelled|yells|exclaimed|"
    "added|adds|continued|began|told|tells|insisted|repeated|demanded|pleaded|begged|sighed|"
    "laughed|snapped|growled|protested|retorted|stammered|interrupted|explained|declared|went on")
_AFTER = re.compile(r"^[\s,.!?—–-]*(?:\S+\s+){0,3}?(?:" + _SPEECH_VERBS + r")\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:" + _SPEECH_VERBS + r")(?:\s+\S+){0,3}?\s*[,:]\s*$", re.IGNORECASE)
_TERMINAL = ".!?…,—–-。！？"
_SPACELESS = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # Japanese/Chinese: no spaces between words


@dataclass(frozen=True)
class Quotation:
    start: int  # offsets of the marks in the paragraph
    end: int
    inner: str
    speech: bool
    why: str  # which rule decided, for explanations and tests


def quotations(text: str) -> list[Quotation]:
    """Every quotation in one paragraph (a quote left open runs to the end), each with its verdict."""
    out: list[Quotation] = []
    i = 0
    while i < len(text):
        close = _PAIRS.get(text[i])
        if close is None or (text[i] == "‘" and i > 0 and text[i - 1].isalnum()):
            i += 1
            continue
        j = _closing(text, i + 1, close)
        end = len(text) if j < 0 else j + 1
        inner = text[i + 1:j if j >= 0 else len(text)]
        speech, why = _judge(inner, text[:i], text[end:])
        out.append(Quotation(i, end, inner, speech, why))
        i = end
    return out


def _closing(text: str, start: int, close: str) -> int:
    """Where the quotation closes; a ’ followed by a letter is an apostrophe (don’t), not the close."""
    j = text.find(close, start)
    while close == "’" and j >= 0 and j + 1 < len(text) and text[j + 1].isalpha():
        j = text.find(close, j + 1)
    return j


def _judge(inner: str, before: str, after: str) -> tuple[bool, str]:
    body = inner.strip()
    if not body:
        return False, "empty"
    if _AFTER.match(after) or _BEFORE.search(before):
        return True, "speech verb"
    spaceless = bool(_SPACELESS.search(body))
    words = len(body) if spaceless else len(body.split())
    # A title or a quoted term is a name: it does not end like a sentence, and a single word does not
    # make a turn even with a full stop inside the marks ("masterpiece." in American punctuation).
    if words >= 2 and body[-1] in _TERMINAL:
        return True, "sentence"
    if body[-1] in _TERMINAL and not before.strip() and not after.strip():
        return True, "a line of its own"  # “Yes.” alone in its paragraph is a reply
    return False, "title or term"


def english_has_speech(paragraph: str) -> bool:
    """Direct speech in a paragraph of a language without its own analyser (English and the like)."""
    if _DASH_LINE.match(paragraph):
        return True
    return any(q.speech for q in quotations(paragraph))


def korean_has_speech(paragraph: str) -> bool:
    """Direct speech in a Korean paragraph: a quote that ends like a sentence (punctuation or a
    sentence-final ending, Kiwi's EF) or dash-led speech. 『』 titles and scare-quoted words have neither.
    Inner thought in ‘…’ is not dialogue, as in the honorifics analyser's turns."""
    from litlens.app.korean import kiwi
    from litlens.app.korean.dialogue import find_quotes

    for q in find_quotes(paragraph, [(0, len(paragraph))]):
        if q.kind == "dash":
            return True
        if q.kind != "quote":
            continue
        body = paragraph[q.inner_start:q.inner_end].strip()
        if len(body) >= 2 and body[-1] in _TERMINAL:
            return True
        if body and any(t.tag == "EF" for t in kiwi.morphemes(body)):
            return True
    return False


def has_speech(paragraph: str, language: str) -> bool:
    """True when ``paragraph`` (in ``language``, an ISO code) has at least one turn of direct speech."""
    return korean_has_speech(paragraph) if language == "ko" else english_has_speech(paragraph)
