"""Whole-text honorifics analysis: every sentence's speech level, dialogue turns, and the slips a reader notices.

Three kinds of finding, each at exact character offsets into the analysed text:
- ``mixed-turn``: one speaker's turn drops (or jumps) two tiers of deference mid-speech;
- ``speaker-shift``: a speaker addresses the same listener at a clearly different level than elsewhere;
- ``narration-drift``: the narrator's voice leaves its usual level (e.g. -다 prose slipping into -요).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from litlens.app.explanations import Fragment, render
from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean import slip_rules
from litlens.app.korean.cast import Cast
from litlens.app.korean.dialogue import NarrationFacts, Quote, find_quotes, read_narration
from litlens.app.korean.ledger import SURE_LEVEL, build_ledger, unattributed
from litlens.app.korean.levels import CONTEXT_CUES, MISMATCH_GAP, level_gloss, tier
from litlens.app.korean.speakers import Turn, attribute, build_turns
from litlens.app.korean.speech_levels import (
    TOP_N,
    LevelResult,
    classify_sentence,
    reading_start,
    reading_text,
)
from litlens.app.korean.wording import conversation_why, drift_why, mixed_turn_why, shift_why

MIN_CONFIDENCE = SURE_LEVEL  # sentences classified less surely than this never produce a finding
MIN_NARRATION = 3  # narration sentences needed before its level counts as established
_CUES = tuple(dict.fromkeys(cue for cues in CONTEXT_CUES.values() for cue in cues))


@dataclass
class SentenceInfo:
    start: int
    end: int
    paragraph: int
    dialogue: bool
    result: LevelResult
    turn: int | None = None
    speaker: str | None = None
    listener: str | None = None

    @property
    def level(self) -> str | None:
        return self.result.level if self.result.confidence >= MIN_CONFIDENCE else None


@dataclass
class Finding:
    kind: str  # mixed-turn | speaker-shift | narration-drift
    severity: str  # major | minor
    start: int
    end: int
    paragraph: int
    quote: str
    level: str
    expected: str
    explanation: str
    speaker: str | None = None
    listener: str | None = None
    why: Fragment = field(default_factory=dict)  # the explanation as a template and its arguments


@dataclass
class HonorificReport:
    sentences: list[SentenceInfo]
    turns: list[Turn]
    findings: list[Finding] = field(default_factory=list)
    narration_level: str | None = None
    paragraph_levels: dict[int, dict[str, object]] = field(default_factory=dict)
    ledger: list[dict[str, object]] = field(default_factory=list)  # app.korean.ledger, per speaker → listener
    cast: Cast | None = None  # the text's characters and the words that name them (app.korean.cast)
    unattributed: list[dict[str, object]] = field(default_factory=list)  # turns whose speaker is unknown
    _by_turn: dict[int, list[SentenceInfo]] = field(default_factory=dict, repr=False)

    @property
    def classified(self) -> list[SentenceInfo]:
        return [s for s in self.sentences if s.level]

    def consistency(self) -> float:
        """1 minus the share of classified sentences caught in a slip (minor slips count half)."""
        n = len(self.classified)
        if n == 0:
            return 1.0
        weight = sum(1.0 if f.severity == "major" else 0.5 for f in self.findings)
        return max(0.0, round(1.0 - weight / n, 3))


class _Levels:
    """classify_sentence, once per distinct (sentence, context) of one text: a reply such as "네." or a
    repeated passage is read once, and its sentences share the (never modified) result."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], LevelResult] = {}

    def __call__(self, sentence: str, context: str = "") -> LevelResult:
        key = (sentence, context)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = classify_sentence(sentence, context)
        return found


def _default_paragraphs(content: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", content, re.S)]


def paragraph_bounds(content: str, paragraphs: list | None) -> list[tuple[int, int]]:
    """(start, end) of each paragraph: of the Segments or pairs given, else of the blank-line paragraphs."""
    bounds = [(p.start, p.end) if hasattr(p, "start") else (p[0], p[1]) for p in (paragraphs or [])]
    return bounds or _default_paragraphs(content)


def _sentences_in(content: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(start + a, start + b) for a, b in _kiwi.split_sentences(content[start:end])]


def _sentence_batches(content: str, pieces: list, tokens: bool = False,
                      release: bool = False) -> Iterator[list[tuple[int, int, Any]]]:
    """The sentences of each piece (a tuple starting with its start and end offsets) as ``(start, end,
    piece)``, in order, a batch of at most PREFETCH_CHARS characters at a time.

    Each batch of pieces is split with one call to Kiwi (app.korean.kiwi.prefetch), and its sentences
    come back in batches small enough for the caller to prefetch their analyses without pushing
    earlier answers out of Kiwi's memo before they are used. With ``tokens`` the splitter's analysis of
    each sentence is kept as well (app.korean.kiwi.sentence_tokens). With ``release`` a group's answers
    held by a pin are let go once its batches have been read.
    """
    limit = _kiwi.PREFETCH_CHARS
    out: list[tuple[int, int, Any]] = []
    size = 0
    for group in _groups(pieces, lambda p: p[1] - p[0], limit):
        _kiwi.prefetch([content[p[0]:p[1]] for p in group], split=True, tokens=tokens)
        for piece in group:
            for a, b in _sentences_in(content, piece[0], piece[1]):
                if out and size + b - a > limit:
                    yield out
                    out, size = [], 0
                out.append((a, b, piece))
                size += b - a
        if out:  # a batch never spans two groups: this group's answers are still in the memo
            yield out
            out, size = [], 0
        if release:
            _kiwi.release([content[p[0]:p[1]] for p in group])


def _groups(items: list, size_of: Callable[[Any], int], limit: int) -> Iterator[list]:
    group: list = []
    size = 0
    for item in items:
        if group and size + size_of(item) > limit:
            yield group
            group, size = [], 0
        group.append(item)
        size += size_of(item)
    if group:
        yield group


def analyse_text(content: str, paragraphs: list | None = None, source: str | None = None,
                 speakers: list[dict[str, Any]] | None = None) -> HonorificReport:
    """Analyse Korean ``content``; ``paragraphs`` are Segments (or (start, end) pairs) into it.

    ``source`` is the text it translates (English), whose attributions ("said Mr. Baek") serve as
    evidence for who speaks each line. ``speakers`` (dicts: start, end, speaker, listener, ``source`` "llm"
    or "user") win over the offline attribution for the quotes in their range, the reviewer's last.
    """
    bounds = paragraph_bounds(content, paragraphs)
    quotes = find_quotes(content, bounds)
    by_paragraph: dict[int, list[Quote]] = {}
    for q in quotes:
        by_paragraph.setdefault(q.paragraph, []).append(q)
    facts: list[NarrationFacts] = []
    narration: list[SentenceInfo] = []
    level_of = _Levels()
    read_of: dict[str, NarrationFacts] = {}  # narration facts by sentence text, placed with replace()
    stretches: list[tuple[int, int, int]] = []  # narration between quotes: (start, end, paragraph)
    for pi, (ps, pe) in enumerate(bounds):
        cursor = ps
        for q_start, q_end in [(q.start, q.end) for q in by_paragraph.get(pi, [])] + [(pe, pe)]:
            if q_start > cursor:
                stretches.append((cursor, q_start, pi))
            cursor = max(cursor, q_end)
    # read_narration's analysis of each sentence comes with the split (one Kiwi pass, not two); a paragraph
    # that is one stretch is pinned for its split, which the consistency checks reading the same paragraph
    # make in their Kiwi pass when they get there first (app.korean.kiwi.best_placed), each let go once read
    whole = set(bounds)
    with _kiwi.splits_kept([content[a:b] for a, b, _ in stretches if (a, b) in whole]):
        _read_narration(content, stretches, facts, narration, read_of, level_of)
    # each quote is split for its vocative (attribution) and read again for its speech levels once every
    # speaker is known: its split is kept in between, not redone when the memo has moved on
    with _kiwi.splits_kept([content[q.inner_start:q.inner_end] for q in quotes]):
        cast = attribute(content, quotes, facts, source)
        given(quotes, speakers or [])  # an LLM's reading or a reviewer's correction wins over the rules
        turns = build_turns(content, quotes, facts)
        spoken: list[SentenceInfo] = []
        # (start, end, paragraph, context cues, turn) of every quote's inside; thoughts belong to no turn
        inner: list[tuple[int, int, int, str, int | None]] = []
        for ti, turn in enumerate(turns):
            context = _cues_in(content, turn.quotes)  # once per turn: a turn may hold many quotes
            inner += [(q.inner_start, q.inner_end, q.paragraph, context, ti) for q in turn.quotes]
        inner += [(q.inner_start, q.inner_end, q.paragraph, "", None) for q in quotes if q.kind == "thought"]
        for batch in _sentence_batches(content, inner, tokens=True):
            texts = [content[a:b] for a, b, _ in batch]
            # the whole sentence's best analysis, for its markers, where the splitter's could not be kept
            unkept = [t for t in texts if reading_start(t) and not _kiwi.has_sentence_tokens(t)]
            _kiwi.prefetch(unkept, top_n=1)

            def speak(k: int, batch: list = batch) -> None:
                a, b, (_, _, pi, context, ti) = batch[k]
                turn = turns[ti] if ti is not None else None
                spoken.append(SentenceInfo(a, b, pi, True, level_of(content[a:b], context), ti,
                                           turn.speaker if turn else None, turn.listener if turn else None))

            _kiwi.analyze_each([reading_text(t) for t in texts], TOP_N, speak)
    return finish(content, sorted(narration + spoken, key=lambda s: s.start), turns, cast, len(bounds))


def _read_narration(content: str, stretches: list[tuple[int, int, int]], facts: list[NarrationFacts],
                    narration: list[SentenceInfo], read_of: dict[str, NarrationFacts], level_of: _Levels) -> None:
    """Each narration sentence of ``stretches`` read for its facts (``facts``) and its level (``narration``),
    a batch at a time; the splits a pin holds for them are let go as each group is done."""
    for batch in _sentence_batches(content, stretches, tokens=True, release=True):
        texts = [content[a:b] for a, b, _ in batch]
        # read_narration's analysis where the splitter's could not be kept (quotation marks in the stretch)
        _kiwi.prefetch([t for t in texts if not _kiwi.has_sentence_tokens(t)], top_n=1)

        def narrate(k: int, batch: list = batch, texts: list[str] = texts) -> None:
            (a, b, (_, _, pi)), sent = batch[k], texts[k]
            if sent not in read_of:
                read_of[sent] = read_narration(sent, 0, len(sent), 0, _kiwi.sentence_tokens(sent))
            known = read_of[sent]
            facts.append(replace(known, start=a, end=b, paragraph=pi, people=list(known.people),
                                 proper=list(known.proper)))
            narration.append(SentenceInfo(a, b, pi, False, level_of(sent)))

        # classify_sentence's analyses: each sentence is read while Kiwi analyses the ones after it
        _kiwi.analyze_each([reading_text(t) for t in texts], TOP_N, narrate)


@dataclass
class Kept:
    """What an edit left as it was (app.korean.incremental): the turns whose mixed-turn findings are still
    those found before (``mixed``, at their new offsets), and the paragraphs whose levels are (``levels``);
    the other turns and paragraphs are read here."""

    fresh_turns: set[int]
    mixed: list[Finding]
    levels: dict[int, dict[str, object]]


def finish(content: str, sentences: list[SentenceInfo], turns: list[Turn], cast: Cast | None,
           paragraphs: int, kept: Kept | None = None) -> HonorificReport:
    """The report from every sentence's level and every turn's speaker (in text order): the findings, the
    paragraphs' levels and the ledger. Linear in the text, no Kiwi: an edit that re-reads one stretch of
    the text (app.korean.incremental) finishes the whole report again here, reading again only what
    ``kept`` does not hold."""
    report = HonorificReport(sentences, turns, cast=cast)
    for s in report.sentences:
        if s.turn is not None:
            report._by_turn.setdefault(s.turn, []).append(s)
    _find_mixed_turns(content, report, kept.fresh_turns if kept else None)
    report.findings += kept.mixed if kept else []
    _find_speaker_shifts(content, report)
    _find_conversation_shifts(content, report)
    _find_narration_drift(content, report, [s for s in sentences if not s.dialogue])
    report.findings.sort(key=lambda f: f.start)
    report.paragraph_levels = _paragraph_levels(report, paragraphs, kept.levels if kept else None)
    report.ledger = build_ledger(content, turns, report.sentences)
    report.unattributed = unattributed(turns, report.sentences)
    return report


def given(quotes: list[Quote], speakers: list[dict[str, Any]]) -> None:
    """Set the speaker and listener of every quote inside an override's range, the LLM's readings first and
    the reviewer's last (theirs wins); "how" says where the name came from."""
    from bisect import bisect_left

    from litlens.app.explanations import why
    starts = [q.start for q in quotes]
    for o in sorted(speakers, key=lambda o: o.get("source") == "user"):
        user = o.get("source") == "user"
        i = bisect_left(starts, int(o["start"]))
        while i < len(quotes) and quotes[i].start < int(o["end"]):
            q = quotes[i]
            i += 1
            if q.kind == "thought":
                continue
            who = o.get("speaker")
            q.speaker, q.listener = who, o.get("listener") if who else None
            how = (why("how/corrected", who=who) if who else why("how/unknown-corrected")) if user else \
                (why("how/llm", who=who) if who else why("how/llm-unknown", reason=str(o.get("why") or "")))
            q.how_why, q.how = how, render(how)
            heard = why("listener-how/user" if user else "listener-how/llm") if q.listener else {}
            q.listener_how_why, q.listener_how = heard, render(heard) if heard else ""
            q.confidence, q.evidence = (1.0, "user" if user else "llm") if who else (0.0, "unknown")


def _dominant(sents: list[SentenceInfo]) -> tuple[int, str] | None:
    """The tier most of these sentences share (weighted by confidence), with its commonest level."""
    weights: Counter[int] = Counter()
    for s in sents:
        if s.level:
            weights[tier(s.level)] += s.result.confidence
    if not weights:
        return None
    top = max(weights.values())
    best = [t for t, w in weights.items() if w == top]
    # On a tie the first sentence sets the level, as a reader hears it first.
    t = best[0] if len(best) == 1 else next(tier(s.level) for s in sents if s.level and tier(s.level) in best)
    level = Counter(s.level for s in sents if s.level and tier(s.level) == t).most_common(1)[0][0]
    return t, level


def _cues_in(content: str, quotes: list[Quote]) -> str:
    """The context cues (자네, 그대…) a turn contains, as the context for classifying its sentences.

    classify_sentence only asks whether a cue occurs in the context, so the cues found stand in for
    the turn's whole text; passing that text with each sentence made a long turn quadratic.
    """
    found = []
    for q in quotes:
        inner = content[q.inner_start:q.inner_end]
        found += [cue for cue in _CUES if cue in inner and cue not in found]
    return " ".join(found)


def _turn_sentences(report: HonorificReport, ti: int) -> list[SentenceInfo]:
    return report._by_turn.get(ti, [])


def _find_mixed_turns(content: str, report: HonorificReport, only: set[int] | None = None) -> None:
    for ti, turn in enumerate(report.turns):
        if only is not None and ti not in only:
            continue
        sents = [s for s in _turn_sentences(report, ti) if _shows_level(content, s)]
        if len({tier(s.level or "") for s in sents}) < 2:
            continue
        said_to = slip_rules.names_listener(report.cast, turn.listener)
        for group in slip_rules.by_addressee(sents, lambda s: content[s.start:s.end], said_to):
            dom = _dominant(group)
            if dom is None:
                continue
            t, expected = dom
            for s in group:
                # 하십시오체/해요체 and 해라체/해체 share a tier and mix naturally, and so do neighbouring
                # tiers (하오체 beside 해요체, 하게체 beside 해체 in older prose): two tiers apart is a slip.
                if abs(tier(s.level or "") - t) >= MISMATCH_GAP:
                    why = mixed_turn_why(turn, s, expected, group)
                    report.findings.append(Finding(
                        "mixed-turn", "major", s.start, s.end, s.paragraph, content[s.start:s.end],
                        s.level or "", expected, render(why), turn.speaker, turn.listener, why))


def _shows_level(content: str, s: SentenceInfo) -> bool:
    """A sentence whose level is read surely enough to be a slip, or to say what a turn's level is."""
    return bool(s.level) and slip_rules.counts(s.result.confidence, content[s.start:s.end], s.result.ending_morpheme)


def _find_speaker_shifts(content: str, report: HonorificReport) -> None:
    flagged = {(f.start, f.end) for f in report.findings}
    by_pair: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    for ti, turn in enumerate(report.turns):
        heard = slip_rules.heard_pair(turn)  # (an abstention's reading counts here, never as a name)
        if heard is None:
            continue
        sents = [s for s in _turn_sentences(report, ti)
                 if (s.start, s.end) not in flagged and _shows_level(content, s)]
        dom = _dominant(sents)
        if dom:
            by_pair.setdefault(heard, []).append((ti, *dom))
    for pair, entries in by_pair.items():
        if len(entries) < 2 or max(e[1] for e in entries) - min(e[1] for e in entries) < MISMATCH_GAP:
            continue
        counts = Counter(e[1] for e in entries)
        top = max(counts.values())
        usual = next(e for e in entries if counts[e[1]] == top)  # earliest of the commonest tiers
        off = [e for e in entries if abs(e[1] - usual[1]) >= MISMATCH_GAP]
        if not slip_rules.is_minority(len(off), len(entries) - len(off), off[0][0] > usual[0] if off else False):
            continue  # the pair speaks both ways: no usual level to slip from
        for ti, t, level in entries:
            if abs(t - usual[1]) < MISMATCH_GAP:
                continue
            turn = report.turns[ti]
            for q in turn.quotes:
                hits = [s for s in _turn_sentences(report, ti)
                        if q.inner_start <= s.start < q.inner_end and s.level and tier(s.level) == t]
                if not hits:
                    continue
                start, end = hits[0].start, hits[-1].end
                why = shift_why(turn, level, usual[2], report.turns[usual[0]])
                report.findings.append(Finding(
                    "speaker-shift", "major", start, end, q.paragraph, content[start:end], level, usual[2],
                    render(why), turn.speaker, turn.listener, why))


def _scene(report: HonorificReport, ti: int) -> list[int]:
    """The indices of the turns around turn ``ti`` that belong to its scene (app.korean.slip_rules.SCENE_*)."""
    here = report.turns[ti].paragraph
    lo, hi = max(0, ti - slip_rules.SCENE_TURNS), min(len(report.turns), ti + slip_rules.SCENE_TURNS + 1)
    return [i for i in range(lo, hi) if abs(report.turns[i].paragraph - here) <= slip_rules.SCENE_PARAGRAPHS]


def _find_conversation_shifts(content: str, report: HonorificReport) -> None:
    """A line whose speaker is unknown, in an exchange between two people who speak to each other at one
    level, is a slip when it is two tiers away from that level: whichever of them says it, it is not how
    they speak to each other (app.korean.slip_rules.two_person_level)."""
    levels = [_dominant([s for s in _turn_sentences(report, ti) if _shows_level(content, s)])
              for ti in range(len(report.turns))]
    for ti, turn in enumerate(report.turns):
        here = levels[ti]
        if turn.speaker or here is None:
            continue
        near = [(t.speaker, t.listener, *(levels[i] or (None, None))) for i in _scene(report, ti)
                for t in [report.turns[i]] if t.speaker]
        found = slip_rules.two_person_level(near, MISMATCH_GAP)
        if found is None or abs(here[0] - found[2]) < MISMATCH_GAP:
            continue
        a, b, _usual_tier, usual, lines = found
        hits = [s for s in _turn_sentences(report, ti) if _shows_level(content, s) and tier(s.level or "") == here[0]]
        start, end = hits[0].start, hits[-1].end
        why = conversation_why(a, b, usual, here[1], lines)
        report.findings.append(Finding("conversation-shift", "major", start, end, turn.paragraph,
                                       content[start:end], here[1], usual, render(why), None, None, why))


def _find_narration_drift(content: str, report: HonorificReport, narration: list[SentenceInfo]) -> None:
    sure = [s for s in narration if s.level]
    if len(sure) < MIN_NARRATION:
        return
    dom = _dominant(sure)
    assert dom is not None
    t, expected = dom
    report.narration_level = expected
    n_usual = sum(1 for s in sure if tier(s.level or "") == t)
    for s in sure:
        if abs(tier(s.level or "") - t) >= MISMATCH_GAP:
            why = drift_why(s, expected, n_usual)
            report.findings.append(Finding(
                "narration-drift", "minor", s.start, s.end, s.paragraph, content[s.start:s.end],
                s.level or "", expected, render(why), why=why))


def _paragraph_levels(report: HonorificReport, count: int,
                      kept: dict[int, dict[str, object]] | None = None) -> dict[int, dict[str, object]]:
    by_paragraph: dict[int, list[SentenceInfo]] = {}
    for s in report.sentences:
        if s.level and not (kept and s.paragraph in kept):
            by_paragraph.setdefault(s.paragraph, []).append(s)
    out: dict[int, dict[str, object]] = {}
    for pi in range(count):
        if kept and pi in kept:
            out[pi] = kept[pi]
            continue
        sents = by_paragraph.get(pi, [])
        narr = _dominant([s for s in sents if not s.dialogue])
        out[pi] = {
            "narration": narr[1] if narr else None,
            "dialogue": dict(Counter(s.level for s in sents if s.dialogue)),
            "gloss": level_gloss(narr[1]) if narr else None,
        }
    return out
