"""Word tokens of a translation with whole-document offsets: Kiwi morphemes grouped by eojeol for Korean,
plain words otherwise, and the Korean number words read from those morphemes. Shared by the name and
number checks so Kiwi reads each paragraph once; the morphemes themselves are let go once read (a
novel's are a quarter of a million tuples, most of the checks' memory)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from litlens.app.consistency.hangul import has_hangul
from litlens.app.consistency.numbers import Number, korean_numbers
from litlens.app.core.model import Text
from litlens.app.korean.kiwi import Placed

# Kiwi tags that end a Korean word's stem: particles, copula, endings, suffixes, punctuation
_STEM_END = ("J", "VCP", "E", "XS", "S")
_LATIN_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_EOJEOL = re.compile(r"\S+")
_HANGUL_ONLY = re.compile("[\uac00-\ud7a3]+")  # complete syllables only
_NOUN = ("NNG", "NNP")  # Kiwi's common and proper nouns: what a name written in Hangul is read as


Morph = Placed  # (form, tag, start, end) in the whole document; a tuple, as a long text has so many


@dataclass(frozen=True, slots=True)  # slots: a novel has tens of thousands of words
class Word:
    """A stem (name-like part of a word: "그랜디슨" of "그랜디슨이었다", "Grandison" of "Grandison's")."""

    stem: str
    start: int
    end: int
    paragraph: int  # index of the candidate paragraph
    proper: bool = False  # Kiwi tagged it a proper noun (Korean) or it is capitalised (other scripts)
    noun: bool = True  # Kiwi read its first morpheme as a noun (not 하나 the number, 한 the determiner, 않 a verb)


class TextTokens:
    """Morphemes (Korean) and word stems per paragraph of one text."""

    def __init__(self, text: Text, keep_morphs: bool = False) -> None:
        """``keep_morphs``: keep each paragraph's morphemes in ``morphs`` too (else it holds empty lists)."""
        self.text = text
        self.korean = text.language == "ko" or has_hangul(text.content[:2000])
        self.morphs: list[list[Morph]] = []
        self.words: list[list[Word]] = []
        self.numbers: list[list[Number]] = []  # Korean number words per paragraph (empty for other texts)
        paragraphs = text.paragraphs
        if self.korean:
            from litlens.app.korean.kiwi import best_placed
            # Kiwi reads the paragraphs in batches over its worker threads (windowed when a paragraph is a
            # whole book), each with the tokens a call of its own would give
            found = best_placed([seg.text for seg in paragraphs], [seg.start for seg in paragraphs])
            for i, (seg, morphs) in enumerate(zip(paragraphs, found)):
                self.morphs.append(morphs if keep_morphs else [])
                self.words.append(self._korean_words(seg.text, seg.start, i, morphs))
                self.numbers.append(korean_numbers(morphs))
        else:
            for i, seg in enumerate(paragraphs):
                self.morphs.append([])
                self.words.append(self._latin_words(seg.text, seg.start, i))
                self.numbers.append([])

    @staticmethod
    def _korean_words(paragraph: str, offset: int, index: int, morphs: list[Morph]) -> list[Word]:
        words: list[Word] = []
        k, n = 0, len(morphs)
        for m in _EOJEOL.finditer(paragraph):
            start, end = offset + m.start(), offset + m.end()
            while k < n and morphs[k].start < start:
                k += 1
            first = k
            while k < n and morphs[k].start < end:
                k += 1
            stem_end = end
            for j in range(first + 1, k):
                if morphs[j].tag.startswith(_STEM_END):
                    stem_end = morphs[j].start
                    break
            chunk = paragraph[start - offset:stem_end - offset]
            lead = len(chunk) - len(chunk.lstrip("\"'“‘(「『《〈[—-…"))
            stem = chunk[lead:].rstrip("\"'”’)」』》〉].,!?…:;—-")
            if stem and _HANGUL_ONLY.fullmatch(stem):
                proper = k > first and morphs[first].tag == "NNP"
                noun = k > first and morphs[first].tag in _NOUN
                words.append(Word(stem, start + lead, start + lead + len(stem), index, proper, noun))
        return words

    @staticmethod
    def _latin_words(paragraph: str, offset: int, index: int) -> list[Word]:
        out = []
        for m in _LATIN_WORD.finditer(paragraph):
            stem = re.sub(r"['’]s$", "", m.group(0)).rstrip("'’-")
            if len(stem) >= 2:
                out.append(Word(stem, offset + m.start(), offset + m.start() + len(stem), index,
                                stem[0].isupper()))
        return out
