"""Cut a text into paragraphs and sentences, always as offsets into the original content."""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from litlens.app.core.model import Segment

from .windows import split_windowed

if TYPE_CHECKING:
    from spacy.language import Language

_spacy: dict[str, Language] = {}
_spacy_lock = threading.Lock()
SPACY_WINDOW_CHARS = 100_000

# CJK sentence ends, and the closing quotes/brackets that belong to the sentence they close.
_CJK_END = re.compile(r"(?:[。！？!?…]+|\.(?=\s|$))[」』”’\"'）)】〕》〉]*")

_CLOSERS = "」』”’\"'）)】〕》〉"
_QUOTE_PARTICLES = frozenset("とってにのもへ")


def _trimmed(content: str, start: int, end: int) -> tuple[int, int]:
    while start < end and content[start].isspace():
        start += 1
    while end > start and content[end - 1].isspace():
        end -= 1
    return start, end


def split_paragraphs(content: str) -> list[Segment]:
    """Paragraphs separated by blank (or whitespace-only) lines.

    When the whole text is one block of several lines with no blank line anywhere, each non-empty line is
    a paragraph: translation files and subtitles are often written one segment per line.
    """
    blocks: list[list[tuple[int, int]]] = []  # runs of non-blank lines, each line as (start, end)
    current: list[tuple[int, int]] = []
    pos = 0
    for line in content.split("\n"):
        end = pos + len(line)
        if line.strip():
            current.append((pos, end))
        elif current:
            blocks.append(current)
            current = []
        pos = end + 1
    if current:
        blocks.append(current)
    if len(blocks) == 1 and len(blocks[0]) > 1:
        spans = blocks[0]
    else:
        spans = [(b[0][0], b[-1][1]) for b in blocks]
    segments = []
    for start, end in spans:
        s, e = _trimmed(content, start, end)
        segments.append(Segment(kind="paragraph", index=len(segments), start=s, end=e, text=content[s:e]))
    return segments


def _spacy_pipeline(language: str) -> Language:
    with _spacy_lock:
        nlp = _spacy.get(language)
        if nlp is None:
            import spacy

            try:
                nlp = spacy.blank(language)
            except Exception:  # unknown code, or a language whose tokenizer needs an extra package
                nlp = spacy.blank("xx")
            nlp.add_pipe("sentencizer")
            _spacy[language] = nlp
        return nlp


def _korean_spans(region: str) -> list[tuple[int, int]]:
    # Kiwi slows down with the square of what it is given: it reads long paragraphs in windows.
    from litlens.app.korean.kiwi import split_sentences as kiwi_sentences
    return kiwi_sentences(region)


def _spacy_spans(region: str, language: str) -> list[tuple[int, int]]:
    # Windows here are not for speed (the sentencizer is linear) but for spaCy's max_length and memory.
    nlp = _spacy_pipeline(language)
    return split_windowed(region, lambda part: [(s.start_char, s.end_char) for s in nlp(part).sents],
                          SPACY_WINDOW_CHARS)


def _cjk_spans(region: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    line_start = 0
    for line in region.split("\n"):
        start, line_end = line_start, line_start + len(line)
        for m in _CJK_END.finditer(line):
            if m.group()[-1] in _CLOSERS and line[m.end():m.end() + 1] in _QUOTE_PARTICLES:
                continue  # 「どこ？」と聞いた: the quote is part of the sentence that goes on
            spans.append((start, line_start + m.end()))
            start = line_start + m.end()
        if start < line_end:
            spans.append((start, line_end))
        line_start = line_end + 1
    return spans


def split_sentences(content: str, language: str, within: Segment | None = None) -> list[Segment]:
    """Sentences of ``content`` (or of the segment ``within``), with offsets into the whole content.

    Korean uses Kiwi, Chinese and Japanese simple punctuation rules (also breaking at line ends), other
    languages spaCy's rule-based sentencizer. Without ``within``, each paragraph is split on its own so a
    sentence never runs across a paragraph break.
    """
    lang = (language or "xx").split("-")[0].split("_")[0].lower()
    regions = [(within.start, within.end)] if within is not None else \
        [(p.start, p.end) for p in split_paragraphs(content)]
    segments: list[Segment] = []
    for r_start, r_end in regions:
        region = content[r_start:r_end]
        if not region.strip():
            continue
        if lang == "ko":
            spans = _korean_spans(region)
        elif lang in ("zh", "ja"):
            spans = _cjk_spans(region)
        else:
            spans = _spacy_spans(region, lang)
        for a, b in spans:
            s, e = _trimmed(content, r_start + a, r_start + b)
            if e > s:
                segments.append(Segment(kind="sentence", index=len(segments), start=s, end=e,
                                        text=content[s:e]))
    return segments


def detect_language(content: str) -> str:
    """Guess the language: Korean, Japanese and Chinese from their scripts; other texts from their script
    and commonest words (app/texts/guess.py), "en" when nothing is clear. Callers that know better
    pass the language explicitly.
    """
    hangul = kana = han = latin = 0
    for ch in content[:200_000]:
        o = ord(ch)
        if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            hangul += 1
        elif 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
            kana += 1
        elif 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF:
            han += 1
        elif ch.isalpha():
            latin += 1
    cjk = hangul + kana + han
    # One CJK character carries roughly a word; a Latin word is several letters.
    if cjk == 0 or cjk * 3 < latin:
        from .guess import guess_alphabetic
        return guess_alphabetic(content) or "en"
    if hangul and hangul >= kana and hangul >= 0.1 * cjk:  # Chinese never has Hangul
        return "ko"
    if kana >= 0.05 * cjk:
        return "ja"
    if han:
        return "zh"
    return "ko" if hangul else "ja"


def sentences_within(content: str, language: str, regions: list[Segment]) -> list[list[Segment]]:
    """``split_sentences`` of each of ``regions`` (paragraphs of ``content``) in one call: planners ask
    for a whole text's sentences at once, so the window sends one request to its analyser process
    (app/judges/offload.py) instead of one per paragraph, and Kiwi or spaCy load there, not in the GUI's
    process."""
    return [split_sentences(content, language, within=region) for region in regions]
