"""Key terms of Japanese and Chinese texts from their morphological analysers (no spaCy pipeline needed).

* Japanese: MeCab (``mecab-python3``) with the IPA dictionary packaged as ``ipadic``. Proper nouns
  (名詞,固有名詞: people, places, organisations) are names, consecutive name parts ("山田"+"太郎") join into
  one; unknown katakana nouns (foreign names such as アッシェンバッハ, which no dictionary lists) count as
  names too; common nouns of two characters or more recurring three times are motifs.
* Chinese: jieba with its bundled dictionary. Its part-of-speech tags nr/ns/nt/nz (person, place,
  organisation, other proper noun) are names; n (common noun) of two characters or more are motifs.

Both dictionaries ship inside their wheels, so nothing is downloaded at run time. When an analyser is
missing, the katakana-run fallback below runs and the note says what to install: the user sees that
Han-script terms were not looked for, rather than an empty list that looks like "no terms".
"""

from __future__ import annotations

from typing import Any

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import lru_cache

from litlens.app.explanations import Fragment, why

MAX_MOTIFS = 12
Offsets = list[tuple[int, int]]
_KATAKANA_RUN = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}")
_KATAKANA_ONLY = re.compile(r"[\u30a1-\u30fa\u30fc\u30fb]+")
INSTALL = {"ja": "pip install mecab-python3 ipadic", "zh": "pip install jieba"}
ANALYSER = {"ja": "MeCab (IPA dictionary)", "zh": "jieba"}


@lru_cache(maxsize=1)
def _mecab() -> Any | None:
    try:
        import ipadic
        import MeCab
        return MeCab.Tagger(ipadic.MECAB_ARGS)
    except (ImportError, RuntimeError):  # module missing, or MeCab could not open the dictionary
        return None


@lru_cache(maxsize=1)
def _jieba() -> Any | None:
    try:
        import logging

        import jieba
        import jieba.posseg
        jieba.setLogLevel(logging.WARNING)  # it announces its dictionary build on stderr otherwise
        return jieba.posseg
    except ImportError:
        return None


def available(language: str) -> bool:
    """True when the morphological analyser for ``language`` (ja or zh) is installed."""
    return (_mecab() if language == "ja" else _jieba() if language == "zh" else None) is not None


def _japanese(line: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of name and noun tokens in one line; kind is "name", "motif" or ""."""
    node = _mecab().parseToNode(line)  # type: ignore[union-attr]
    pos = 0
    while node is not None:
        surface = node.surface
        if surface:
            start = line.find(surface, pos)
            if start < 0:  # MeCab normalised something: resynchronise on the next token
                node = node.next
                continue
            pos = start + len(surface)
            feature = node.feature.split(",")
            kind = ""
            if feature[0] == "名詞" and feature[1] == "固有名詞":
                kind = "name"
            elif feature[0] == "名詞" and feature[1] == "一般":
                kind = "name" if _KATAKANA_ONLY.fullmatch(surface) and len(feature) < 9 else "motif"
            yield start, pos, kind
        node = node.next


_ZH_NAMES = {"nr", "nrfg", "nrt", "ns", "nt", "nz"}


def _chinese(line: str) -> Iterator[tuple[int, int, str]]:
    pos = 0
    for pair in _jieba().cut(line):  # type: ignore[union-attr]
        start = line.find(pair.word, pos)
        if start < 0:
            continue
        pos = start + len(pair.word)
        kind = "name" if pair.flag in _ZH_NAMES else "motif" if pair.flag == "n" else ""
        yield start, pos, kind


def _collect(content: str, tokens: Callable[[str], Iterator[tuple[int, int, str]]]) -> tuple[dict, dict]:
    names: dict[str, Offsets] = defaultdict(list)
    nouns: dict[str, Offsets] = defaultdict(list)
    for para in re.finditer(r"[^\n]+", content):
        base, line = para.start(), para.group(0)
        run: tuple[int, int] | None = None  # consecutive name tokens make one name
        for start, end, kind in [*tokens(line), (len(line) + 1, len(line) + 1, "")]:
            if kind == "name" and run is not None and run[1] == start:
                run = (run[0], end)
                continue
            if run is not None:
                names[line[run[0]:run[1]]].append((base + run[0], base + run[1]))
                run = None
            if kind == "name":
                run = (start, end)
            elif kind == "motif" and end - start >= 2:
                nouns[line[start:end]].append((base + start, base + end))
    return names, nouns


def katakana_names(content: str) -> dict[str, Offsets]:
    found: dict[str, Offsets] = defaultdict(list)
    for m in _KATAKANA_RUN.finditer(content):
        found[m.group(0)].append((m.start(), m.end()))
    return found


def cjk_terms(content: str, language: str) -> tuple[list[tuple[str, str, Offsets]], Fragment]:
    """(text, kind, offsets) of the terms of a Japanese or Chinese text, and a note on how they were
    found (an app.explanations fragment).
    ``language`` is ``ja`` or ``zh``; another value with CJK text (an undeclared language) tries
    Japanese when kana are present, else Chinese."""
    if language not in ("ja", "zh"):
        language = "ja" if re.search(r"[\u3040-\u30ff]", content[:2000]) else "zh"
    if not available(language):
        found = katakana_names(content)
        terms = [(t, "name", o) for t, o in found.items() if len(o) >= 2]
        return terms, why("notes/katakana-only", analyser=ANALYSER[language], install=INSTALL[language])
    names, nouns = _collect(content, _japanese if language == "ja" else _chinese)
    terms = [(t, "name", o) for t, o in names.items() if len(o) >= 2]
    motifs = sorted(((w, o) for w, o in nouns.items() if len(o) >= 3 and w not in names),
                    key=lambda kv: -len(kv[1]))
    terms += [(w, "motif", o) for w, o in motifs[:MAX_MOTIFS]]
    return terms, why("notes/words-from", analyser=ANALYSER[language])
