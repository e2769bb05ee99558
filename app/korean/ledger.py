"""The relationship ledger: for each speaker → listener pair, the level of every turn, in order.

A change of level toward the same listener is what a Korean reader hears as a change in the
relationship. It is flagged unless the text gives a reason nearby — anger, a scene break, a change of
relationship — in which case it is kept as a note for the reviewer rather than hidden.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from litlens.app.explanations import register
from litlens.app.korean.levels import LEVELS, tier

# how a turn's speaker was given when it was not the offline rules (``relabel``); kept here, beside the
# only code that words them, and added to app.explanations' one table on import
register({
    "how/corrected": "the reviewer set the speaker: {who}",
    "how/unknown-corrected": "speaker unknown: the reviewer set it so",
    "how/llm": "the LLM's reading of the scene gives this line to {who}",
    "how/llm-unasked": "speaker unknown: the LLM was not asked about this line",
    "how/llm-split": "speaker unknown: the LLM gives the lines of this turn to different people",
    "how/llm-unknown": "speaker unknown in the LLM's reading: {reason}",
    "listener-how/llm": "the LLM's reading of the scene",
    "listener-how/user": "set by the reviewer",
})

# Words in the narration just before a turn that explain a change of register.
_REASONS = (("anger", re.compile(r"화를|화가|버럭|발끈|울컥|노하|성난|성이 나|소리를 지르|언성|노기|분을")),
            ("change of relationship", re.compile(r"혼인|결혼|승진|상전|주인이 되|신분|말을 놓|말을 낮추|말씀 낮추")),
            ("scene break", re.compile(r"^\s*(\*\s*){3}|^\s*[#＊◇◆]+\s*$|이튿날|다음 날|몇 해|세월이", re.M)))


def _reason(text: str, start: int, prev_end: int) -> str | None:
    window = text[max(prev_end, start - 200):start]
    for name, rx in _REASONS:
        if rx.search(window):
            return name
    return None


def build_ledger(text: str, turns: list[Any], sentences: list[Any]) -> list[dict[str, Any]]:
    """One entry per speaker → listener pair: its turns (level, offsets) and the changes between them."""
    by_turn: dict[int, list[Any]] = {}
    for s in sentences:
        if s.turn is not None and s.level:
            by_turn.setdefault(s.turn, []).append(s)
    pairs: dict[tuple[str, str], dict[str, Any]] = {}
    for ti, t in enumerate(turns):
        sents = by_turn.get(ti, [])
        if not (t.speaker and t.listener and sents):
            continue
        level = Counter(s.level for s in sents).most_common(1)[0][0]
        entry = pairs.setdefault((t.speaker, t.listener), {"speaker": t.speaker, "listener": t.listener,
                                                           "turns": [], "changes": []})
        entry["turns"].append({"turn": ti, "level": level, "paragraph": t.paragraph,
                               "start": t.quotes[0].start, "end": t.quotes[-1].end,
                               "speaker_how": t.how, "listener_how": t.listener_how,
                               "speaker_how_why": t.how_why, "listener_how_why": t.listener_how_why,
                               "confidence": t.confidence, "evidence": t.evidence})
    out = []
    for entry in pairs.values():
        seq = entry["turns"]
        for prev, cur in zip(seq, seq[1:]):
            if prev["level"] == cur["level"]:
                continue
            gap = abs(tier(prev["level"]) - tier(cur["level"]))
            reason = _reason(text, cur["start"], prev["end"])
            entry["changes"].append({
                "from": prev["level"], "to": cur["level"], "start": cur["start"], "end": cur["end"],
                "paragraph": cur["paragraph"], "reason": reason, "flagged": reason is None and gap >= 1,
                "severity": "major" if gap >= 2 else "minor" if gap == 1 else "neutral"})
        counts = Counter(x["level"] for x in seq)
        entry["counts"] = {lv: counts[lv] for lv in LEVELS if counts[lv]}
        entry["dominant"] = counts.most_common(1)[0][0]
        out.append(entry)
    return out


def unattributed(turns: list[Any], sentences: list[Any]) -> list[dict[str, Any]]:
    """The turns whose speaker is unknown, in order: the ledger lists them as "speaker unknown" (never
    under a guessed name), each with its level, its listener when the quote itself says it, and why the
    speaker was not named (``speaker_how`` and its template, ``speaker_how_why``)."""
    by_turn: dict[int, list[Any]] = {}
    for s in sentences:
        if s.turn is not None and s.level:
            by_turn.setdefault(s.turn, []).append(s)
    out = []
    for ti, t in enumerate(turns):
        if t.speaker:
            continue
        sents = by_turn.get(ti, [])
        level = Counter(s.level for s in sents).most_common(1)[0][0] if sents else None
        out.append({"turn": ti, "level": level, "paragraph": t.paragraph, "start": t.quotes[0].start,
                    "end": t.quotes[-1].end, "listener": t.listener, "speaker_how": t.how,
                    "speaker_how_why": t.how_why})
    return out


def summary_text(ledgers: dict[str, list[dict[str, Any]]], limit: int = 12) -> str:
    """A few lines per candidate for an LLM judge's prompt: who speaks to whom, at which level, and where
    that level changes without a reason in the text."""
    lines = []
    for label, pairs in ledgers.items():
        lines.append(f"{label}:")
        for p in sorted(pairs, key=lambda p: -len(p["turns"]))[:limit]:
            counts = ", ".join(f"{lv} ×{n}" for lv, n in p["counts"].items())
            flagged = [c for c in p["changes"] if c["flagged"]]
            shift = "; ".join(f"{c['from']}→{c['to']} in paragraph {c['paragraph'] + 1}" for c in flagged)
            lines.append(f"- {p['speaker']} → {p['listener']}: {counts}; usually {p['dominant']}"
                         + (f"; unexplained change: {shift}" if shift else ""))
    return "\n".join(lines)


# ---- another attribution laid over a stored analysis ------------------------------------------------------
OFFLINE, LLM, USER = "offline", "llm", "user"  # where a turn's speaker comes from
SURE_LEVEL = 0.5  # a sentence's level counts from this confidence on (app.korean.honorifics reads it here)


def _why(template: str, **args: Any) -> dict[str, Any]:
    from litlens.app.explanations import why
    return why(template, **args)


def relabel(text: str, turns: list[dict[str, Any]], sentences: list[dict[str, Any]],
            llm: list[dict[str, Any]] | None = None,
            corrections: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ledger again from a stored analysis (the honorifics judgment's ``turns`` and ``sentences``),
    with each turn's speaker and listener taken, in order of precedence, from the reviewer's correction
    of that turn, else from the LLM's answers for its lines (``llm``: app.korean.llm_attribution's
    LineAnswer dicts; given only when the ledger shows the LLM's reading), else from the offline rules.

    A turn whose lines the LLM answered differently, or not at all, is "speaker unknown" in the LLM's
    reading (never the offline guess under the LLM's flag). ``corrections`` are dicts with the turn's
    ``start`` and ``end`` (offsets into ``text`` as it is now) and ``speaker``/``listener`` (None: unknown).
    Returns ``turns`` (each with ``source``), ``pairs`` (as build_ledger) and ``unattributed``."""
    fixed = {(int(c["start"]), int(c["end"])): c for c in corrections or []}
    lines = sorted(llm or [], key=lambda x: int(x["start"]))
    starts = [int(x["start"]) for x in lines]
    out_turns = []
    for t in turns:
        t = dict(t)
        span = (int(t["start"]), int(t["end"]))
        if span in fixed:
            c = fixed[span]
            _set(t, c.get("speaker"), c.get("listener"), USER,
                 _why("how/corrected", who=c["speaker"]) if c.get("speaker") else _why("how/unknown-corrected"))
        elif llm is not None:
            _llm_turn(t, lines, starts)
        else:
            t["source"] = OFFLINE
        out_turns.append(t)
    objs, sents = _objects(out_turns, sentences)
    return {"turns": out_turns, "pairs": build_ledger(text, objs, sents), "unattributed": unattributed(objs, sents)}


def _set(t: dict[str, Any], speaker: str | None, listener: str | None, source: str,
         how: dict[str, Any]) -> None:
    from litlens.app.explanations import render
    t["speaker"], t["listener"], t["source"] = speaker, listener if speaker else None, source
    t["speaker_how_why"], t["speaker_how"] = how, render(how)
    t["evidence"] = source if speaker else "unknown"
    t["confidence"] = 1.0 if speaker else 0.0
    if source != OFFLINE:
        heard = _why("listener-how/" + source) if listener else {}
        t["listener_how_why"] = heard


def _llm_turn(t: dict[str, Any], lines: list[dict[str, Any]], starts: list[int]) -> None:
    from bisect import bisect_left
    i = bisect_left(starts, int(t["start"]))
    mine = []
    while i < len(lines) and int(lines[i]["start"]) < int(t["end"]):
        mine.append(lines[i])
        i += 1
    answers = {(x.get("speaker"), x.get("listener")) for x in mine}
    if len(answers) == 1 and mine[0].get("speaker"):
        speaker, listener = answers.pop()
        _set(t, speaker, listener, LLM, _why("how/llm", who=speaker))
    elif not mine:
        _set(t, None, None, LLM, _why("how/llm-unasked"))
    elif len(answers) > 1:
        _set(t, None, None, LLM, _why("how/llm-split"))
    else:
        _set(t, None, None, LLM, _why("how/llm-unknown", reason=str(mine[0].get("why") or "")))


class _Quote:
    __slots__ = ("start", "end")

    def __init__(self, start: int, end: int) -> None:
        self.start, self.end = start, end


class _Turn:
    """A stored turn (a dict) with the attributes build_ledger and unattributed read."""

    def __init__(self, t: dict[str, Any]) -> None:
        self.paragraph = int(t.get("paragraph") or 0)
        self.speaker, self.listener = t.get("speaker"), t.get("listener")
        self.quotes = [_Quote(int(t["start"]), int(t["end"]))]
        self.how_why, self.listener_how_why = t.get("speaker_how_why") or {}, t.get("listener_how_why") or {}
        self.how = str(t.get("speaker_how") or _worded(self.how_why))
        self.listener_how = _worded(self.listener_how_why)
        self.confidence, self.evidence = float(t.get("confidence") or 0.0), str(t.get("evidence") or "")


def _worded(fragment: dict[str, Any]) -> str:
    from litlens.app.explanations import render
    return render(fragment) if fragment else ""


class _Sentence:
    __slots__ = ("turn", "level")

    def __init__(self, turn: int | None, level: str | None) -> None:
        self.turn, self.level = turn, level


def _objects(turns: list[dict[str, Any]], sentences: list[dict[str, Any]]) -> tuple[list[_Turn], list[_Sentence]]:
    from bisect import bisect_right

    objs = [_Turn(t) for t in turns]
    starts = [o.quotes[0].start for o in objs]
    sents = []
    for s in sentences:
        if not s.get("dialogue") or float(s.get("confidence") or 0.0) < SURE_LEVEL:
            continue
        i = bisect_right(starts, int(s["start"])) - 1
        if i >= 0 and int(s["start"]) < objs[i].quotes[0].end:
            sents.append(_Sentence(i, s.get("level")))
    return objs, sents


def turn_at(turns: list[dict[str, Any]], offset: int) -> dict[str, Any] | None:
    """The turn (of ``relabel``'s ``turns``, in text order) whose range holds ``offset``, or None."""
    from bisect import bisect_right
    i = bisect_right([int(t["start"]) for t in turns], offset) - 1
    return turns[i] if i >= 0 and offset < int(turns[i]["end"]) else None
