"""After a one-paragraph edit, the honorifics analysis again without reading the whole book again.

The expensive parts of app.korean.honorifics.analyse_text are Kiwi's analyses and the speakers (read scene
by scene over the whole text). After an edit of one paragraph only a stretch around it can change: the
``CONTEXT`` paragraphs on either side are analysed again (Kiwi and the speakers, with that stretch as the
text), and the turns and sentences of the ``REACH`` paragraphs on either side of the edit are taken from
that reading; everything else keeps what the whole-text reading found, its offsets moved by the edit.
The findings, the paragraphs' levels and the ledger are then finished over the whole text again
(``finish``: linear, no Kiwi), so a speaker shift between a line of chapter 1 and the edited line is
still found.

``analyse`` remembers the last texts it analysed; asked about a text that differs from one of them in
exactly one paragraph, it answers this way. The honorifics judge calls it, so a window that re-runs the
judge after an edit waits for the stretch, not the book.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from litlens.app.korean.honorifics import (HonorificReport, Kept, SentenceInfo, analyse_text, finish,
                                           paragraph_bounds)
from litlens.app.korean.speakers import Turn

CONTEXT = 10  # paragraphs on either side of the edit that are read again (the speakers need their scene)
REACH = 4  # paragraphs on either side whose turns are taken from that reading
KEPT = 2  # texts remembered

_recent: OrderedDict[tuple[str, str], tuple[list[str], list[tuple[int, int]], HonorificReport]] = OrderedDict()


def _key(source: str | None, speakers: list[dict[str, Any]] | None) -> str:
    return json.dumps([source or "", speakers or []], ensure_ascii=False, sort_keys=True)


def analyse(content: str, paragraphs: Any = None, source: str | None = None,
            speakers: list[dict[str, Any]] | None = None) -> HonorificReport:
    """analyse_text, answered from the last analysis of a text that differs from this one in one paragraph
    only (same paragraphs otherwise, same source and given speakers) when there is one."""
    bounds = paragraph_bounds(content, paragraphs)
    texts = [content[a:b] for a, b in bounds]
    key = (_key(source, speakers), content)
    if key in _recent:
        _recent.move_to_end(key)
        return _recent[key][2]
    report = None
    for (other_key, _), (old_texts, old_bounds, old) in reversed(_recent.items()):
        if other_key != key[0] or len(old_texts) != len(texts):
            continue
        changed = [i for i, (x, y) in enumerate(zip(old_texts, texts)) if x != y]
        if len(changed) == 1:
            report = reanalyse(old, old_bounds, content, bounds, changed[0], source, speakers)
            break
    if report is None:
        report = analyse_text(content, paragraphs, source, speakers)
    _recent[key] = (texts, bounds, report)
    while len(_recent) > KEPT:
        _recent.popitem(last=False)
    return report


def forget() -> None:
    _recent.clear()


def reanalyse(old: HonorificReport, old_bounds: list[tuple[int, int]], content: str,
              bounds: list[tuple[int, int]], edited: int, source: str | None = None,
              speakers: list[dict[str, Any]] | None = None) -> HonorificReport:
    """``old`` (the analysis of a text whose paragraphs were ``old_bounds``) brought up to ``content``, whose
    paragraph ``edited`` changed; see the module's description."""
    n = len(bounds)
    delta = (bounds[edited][1] - bounds[edited][0]) - (old_bounds[edited][1] - old_bounds[edited][0])
    a, b = max(0, edited - CONTEXT), min(n - 1, edited + CONTEXT)
    lo, hi = max(0, edited - REACH), min(n - 1, edited + REACH)
    base = bounds[a][0]
    given = [{**o, "start": int(o["start"]) - base, "end": int(o["end"]) - base} for o in speakers or []
             if bounds[a][0] <= int(o["start"]) < bounds[b][1]]
    sub = analyse_text(content[base:bounds[b][1]], [(s - base, e - base) for s, e in bounds[a:b + 1]],
                       source, given or None)

    def moved(p: int) -> int:  # offsets of the old reading after the edited paragraph move by the edit
        return delta if p > edited else 0

    turns: list[tuple[int, str, int, Turn]] = []  # (start, origin, old index, turn)
    for ti, t in enumerate(old.turns):
        if not lo <= t.paragraph <= hi:
            turns.append((t.quotes[0].start + moved(t.paragraph), "old", ti, _shift(t, moved(t.paragraph), 0)))
    for ti, t in enumerate(sub.turns):
        if lo <= t.paragraph + a <= hi:
            turns.append((t.quotes[0].start + base, "sub", ti, _shift(t, base, a)))
    turns.sort(key=lambda x: x[0])
    index = {(origin, ti): k for k, (_, origin, ti, _) in enumerate(turns)}
    sentences: list[SentenceInfo] = []
    for s in old.sentences:
        if not lo <= s.paragraph <= hi:
            d = moved(s.paragraph)
            sentences.append(SentenceInfo(s.start + d, s.end + d, s.paragraph, s.dialogue, s.result,
                                          index.get(("old", s.turn)) if s.turn is not None else None,
                                          s.speaker, s.listener))
    for s in sub.sentences:
        if lo <= s.paragraph + a <= hi:
            sentences.append(SentenceInfo(s.start + base, s.end + base, s.paragraph + a, s.dialogue, s.result,
                                          index.get(("sub", s.turn)) if s.turn is not None else None,
                                          s.speaker, s.listener))
    sentences.sort(key=lambda s: s.start)
    # what the edit cannot have changed is kept: the mixed-turn findings of the turns outside the stretch
    # (a turn's sentences and speaker are all it reads) and the levels of the paragraphs outside it
    mixed = [replace(f, start=f.start + moved(f.paragraph), end=f.end + moved(f.paragraph)) for f in old.findings
             if f.kind == "mixed-turn" and not lo <= f.paragraph <= hi]
    kept = Kept({index[("sub", ti)] for ti in range(len(sub.turns)) if ("sub", ti) in index}, mixed,
                {p: v for p, v in old.paragraph_levels.items() if not lo <= p <= hi})
    return finish(content, sentences, [t for *_, t in turns], old.cast, n, kept)


def _shift(t: Turn, by: int, paragraphs: int) -> Turn:
    if not by and not paragraphs:
        return t
    quotes = [replace(q, start=q.start + by, end=q.end + by, inner_start=q.inner_start + by,
                      inner_end=q.inner_end + by, paragraph=q.paragraph + paragraphs) for q in t.quotes]
    return replace(t, paragraph=t.paragraph + paragraphs, quotes=quotes)
